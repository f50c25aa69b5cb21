//! The connectors' integration tests: real HTTP servers, real commands and real MCP peers.
//! One test binary for the crate (issue 18: each integration-test file used to link the whole dependency
//! tree on its own). Each file beside this one is a module of it; shared set-up is declared once here.
//! nextest still runs each test in its own process. One file's tests:
//! `cargo nextest run -p foureyes-connect --test integration -E 'test(/^FILE::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

#[path = "../../foureyes-store-pg/tests/support/mod.rs"]
mod support;

mod attack28;
mod attack35;
mod attack6;
mod attack8;
mod docs_connectors;
mod execute;
mod mcp;
mod mcp_faults;

/// A plain request of `agent` to run `action` with `params` (a JSON object) under `id`.
fn action_request(id: &str, agent: &str, action: &str, params: serde_json::Value) -> foureyes_core::ActionRequest {
    let serde_json::Value::Object(params) = params else { panic!("params must be an object") };
    foureyes_core::ActionRequest::new(id, agent, action, params)
}
