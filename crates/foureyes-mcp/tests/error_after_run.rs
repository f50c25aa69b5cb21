//! A JSON-RPC error that comes after the tool ran (F341, ADR-341): the proxy read -32700/-32600/-32601/-32602 as
//! "failed before running" and released the reservation, so a payment that ran was journaled `failed` and the next
//! one passed `limit 1/h`. Against a real upstream written with the official Python SDK's low-level `Server`
//! (`tests/peers/py_listing.py`), whose tools record their run and then fail: a pydantic model refusing a reply
//! (-32602), the client's -32601 to `roots/list`, the proxy's own -32600 to `sampling/createMessage` (ADR-281).
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::DecisionStatus;
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use serde_json::{Value, json};
use std::path::Path;

const POLICY: &str = r#"
version: 1
actions:
  mcp.pay.pay_then_invalid: &pay
    tier: 2
    params: { amount: { type: number, min: 1, max: 100 } }
    limits: [ { count: 1, per: 1h } ]
  mcp.pay.pay_then_roots: *pay
  mcp.pay.pay_then_sample: *pay
"#;

/// The upstream behind the in-process stdio proxy under [`POLICY`], initialized with `capabilities`.
async fn proxied(dir: &Path, capabilities: Value) -> Proxy {
    let record = dir.join("executed.jsonl");
    let tools = dir.join("tools.json");
    // Listed, so their calls are checked against pins (a tool no listing names is refused, ADR-661).
    let listed: Vec<Value> = ["pay_then_invalid", "pay_then_roots", "pay_then_sample"]
        .iter()
        .map(|name| {
            json!({"name": name, "description": "Pay, then fail.", "inputSchema": {"type": "object",
            "properties": {"amount": {"type": "number"}}}})
        })
        .collect();
    std::fs::write(&tools, serde_json::to_vec(&listed).unwrap()).unwrap();
    let command = py_listing_command(&record, &tools, None);
    let gate = Gate::new(sqlite(dir), policy(POLICY), GateConfig::new("pay"));
    let mut proxy = start(gate, command, StdioOptions::default());
    let init = json!({"protocolVersion": "2025-11-25", "capabilities": capabilities,
        "clientInfo": {"name": "raw", "version": "1"}});
    assert!(proxy.request("initialize", init).await.get("result").is_some());
    proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    proxy
}

/// Calls `tool` with id `id`, answering every server request the client sees with -32601, and returns the answer.
async fn call_answering_method_not_found(proxy: &mut Proxy, id: i64, tool: &str) -> Value {
    let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": tool, "arguments": {"amount": 40}}});
    proxy.send(&call).await;
    loop {
        let message = proxy.recv().await;
        if message.get("method").is_some() && message.get("id").is_some() {
            let error = json!({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601,
                "message": "Method not found"}});
            proxy.send(&error).await;
        } else if message["id"] == json!(id) {
            return message;
        }
    }
}

/// Three calls under `limit 1/h`: the first runs and fails after; the others must be deferred, not run.
async fn three_calls(tool: &str, capabilities: Value) {
    let dir = tempfile::tempdir().unwrap();
    let mut proxy = proxied(dir.path(), capabilities).await;
    let mut answers = Vec::new();
    for n in 0..3 {
        answers.push(call_answering_method_not_found(&mut proxy, 10 + n, tool).await);
    }
    let ran: Vec<Value> = recorded(&dir.path().join("executed.jsonl"));
    let decisions = proxy.store.decisions(foureyes_store::DecisionFilter::default()).await.unwrap();
    let statuses: Vec<String> = decisions.iter().map(|d| d.status.as_str().to_string()).collect();
    assert_eq!(ran.len(), 1, "{tool}: {} runs under limit 1/h; decisions {statuses:?}; answers {answers:?}", ran.len());
    assert!(
        decisions.iter().all(|d| d.status != DecisionStatus::Failed),
        "{tool}: a run journaled failed: {statuses:?}"
    );
    assert!(
        answers[0].pointer("/error/code").is_some(),
        "{tool}: the first call did not fail after running: {:?}",
        answers[0]
    );
    assert_consistent(proxy.store.as_ref()).await;
    proxy.close().await;
}

/// The low-level tool paid, then a pydantic model refused the bank's reply: the SDK answers -32602.
#[tokio::test]
async fn a_low_level_tool_that_ran_then_raised_a_validation_error_keeps_its_reservation() {
    three_calls("pay_then_invalid", json!({})).await;
}

/// The tool paid, then asked the client `roots/list`; the client answered -32601 (as any client without roots does)
/// and the SDK re-raised it as the call's answer.
#[tokio::test]
async fn a_tool_that_ran_then_got_method_not_found_from_the_client_keeps_its_reservation() {
    three_calls("pay_then_roots", json!({"roots": {}})).await;
}

/// The tool paid, then asked `sampling/createMessage`, which the proxy itself refuses during a gated call (ADR-281)
/// with -32600; the SDK re-raised it as the call's answer.
#[tokio::test]
async fn a_tool_that_ran_then_was_refused_sampling_by_the_proxy_keeps_its_reservation() {
    three_calls("pay_then_sample", json!({"sampling": {}})).await;
}
