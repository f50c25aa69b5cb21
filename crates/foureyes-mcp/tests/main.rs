//! The MCP proxy's integration tests: real MCP servers and clients (Python, TypeScript, Rust SDKs) through the
//! stdio, bridge and Streamable HTTP transports. One test binary for the crate (ADR-361, issue 18: each file used to
//! link the whole dependency tree on its own). Each file beside this one is a module of it; `support` (spawning the
//! proxy and the peers, the recorder policy, the hostile corpus) is declared once here. nextest still runs each test
//! in its own process. One file's tests: `cargo nextest run -p foureyes-mcp --test integration -E 'test(/^http::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

mod support;

mod adversarial;
mod answer_spray;
mod asking;
mod bridge;
mod cancellation;
mod client_duplicates;
mod duplicate_names;
mod elicitation;
mod error_after_run;
mod filesystem;
mod forwarded_deadline;
mod framing;
mod gate_bypass;
mod hostile_upstream;
mod http;
mod name_refused;
mod pins;
mod pins_definitions;
mod relisting;
mod reused_ids;
