//! The FourEyes MCP gating proxy: the door in front of any MCP server.
//!
//! `foureyes mcp-proxy --name fs --policy P -- <upstream command>` sits between an MCP client and an upstream MCP
//! server. Every message passes through as the bytes that arrived (line breaks normalized, see [`parity`]), except
//! `tools/call`, which becomes an
//! `ActionRequest` (`mcp.<name>.<tool>`, params = the tool's arguments) decided by the engine. Only a permitted
//! (or approved) call is forwarded, and its outcome is reported back; a denied, deferred or rehearsed call is
//! answered by the proxy itself as a tool result with `isError: true`, a text the model can act on, and the
//! decision under `_meta["dev.foureyes/decision"]`. If the engine errors, nothing is forwarded. The engine is a
//! store in this process or, with `--server URL --token T`, a running `foureyes serve`; with
//! `--elicit-approver`, a held call may be approved inline by the person at the client (`elicitation/create`).
//!
//! - [`asks`]: server-to-client requests under ids of the proxy's own; only answers to them reach the upstream.
//! - [`framing`]: newline-delimited frames with a size cap (no JSON parsing).
//! - [`jsonrpc`]: classifying raw messages, ids, and the messages the proxy writes itself.
//! - [`parity`]: forwarding nothing another peer could parse differently (line breaks, colliding keys).
//! - [`engine`]: where decisions are made: an embedded store or a remote `foureyes serve` (HTTP API).
//! - [`gate`]: one `tools/call` → decide → forward or answer; report the outcome; request ids and retries.
//! - [`tools`]: the `tools/list` rewrite (`--hide-denied`) and trusted `readOnlyHint`s.
//! - [`trace`]: one trace span per gated call, in the trace the server gives the same (agent, request id).
//! - [`stdio`]: the stdio transport (child process) and the router.
//! - [`http`]: the Streamable HTTP transport (a gating reverse proxy in front of an HTTP upstream).
//! - [`bridge`]: a stdio upstream behind a Streamable HTTP listener (one child process per session).
//! - [`cli`]: the `mcp-proxy` command's arguments and entry point.

pub mod asks;
pub mod bridge;
pub mod cli;
pub mod engine;
pub mod framing;
pub mod gate;
pub mod http;
pub mod jsonrpc;
pub mod parity;
pub mod stdio;
pub mod tools;
pub mod trace;

pub use gate::{Gate, GateConfig};
pub use stdio::{StdioOptions, run_stdio};
