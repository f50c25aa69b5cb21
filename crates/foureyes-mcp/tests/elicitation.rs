//! Inline approval (`--elicit-approver`) at the line level, in front of the real filesystem server: the proxy asks
//! only a client that declared elicitation, asks with its own request id, consumes the answer (it never reaches
//! the upstream), and treats anything but a clear yes or no as no answer.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::ApprovalStatus;
use foureyes_mcp::GateConfig;
use foureyes_store::Store;
use serde_json::{Value, json};

fn config() -> GateConfig {
    let mut config = GateConfig::new("fs");
    config.elicit_approver = Some("alice".into());
    config
}

async fn initialize(proxy: &mut Proxy, capabilities: Value) {
    let init = json!({"protocolVersion": "2025-11-25", "capabilities": capabilities,
        "clientInfo": {"name": "raw", "version": "1"}});
    let response = proxy.request("initialize", init).await;
    assert!(response.get("result").is_some(), "{response}");
    proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
}

/// Sends a write and returns the first message the proxy sends back.
async fn write(proxy: &mut Proxy, id: i64, path: &std::path::Path) -> Value {
    let arguments = json!({"path": path.display().to_string(), "content": "x"});
    proxy.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "write_file", "arguments": arguments}})).await;
    proxy.recv().await
}

async fn answer_to(proxy: &mut Proxy, id: i64) -> Value {
    loop {
        let message = proxy.recv().await;
        if message["id"] == json!(id) {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_did_not_declare_elicitation_is_never_asked() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut proxy = fs_proxy(store.clone(), policy(FS_POLICY), config(), &root);
    initialize(&mut proxy, json!({})).await;
    let first = write(&mut proxy, 10, &root.join("a.txt")).await;
    assert_eq!(first["id"], json!(10), "the proxy asked a client that cannot answer: {first}");
    assert!(text(&first).starts_with("NOT EXECUTED — awaiting human approval"), "{first}");
    proxy.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_yes_approves_as_the_named_approver_and_the_call_runs_once() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut proxy = fs_proxy(store.clone(), policy(FS_POLICY), config(), &root);
    initialize(&mut proxy, json!({"elicitation": {}})).await;
    let file = root.join("b.txt");
    let ask = write(&mut proxy, 11, &file).await;
    assert_eq!(ask["method"], json!("elicitation/create"), "{ask}");
    assert!(ask["id"].as_str().unwrap().starts_with("foureyes-elicit-"), "{ask}");
    assert_eq!(ask["params"]["_meta"]["dev.foureyes/for_request"], json!(11));
    assert_eq!(ask["params"]["requestedSchema"]["properties"]["approve"]["type"], json!("boolean"));
    assert!(!file.exists());
    proxy
        .send(&json!({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "accept", "content": {"approve": true}}}))
        .await;
    let done = answer_to(&mut proxy, 11).await;
    assert!(!is_error(&done), "{done}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    let approvals = store.approvals(None, now_ms()).await.unwrap();
    assert_eq!(approvals.len(), 1);
    assert_eq!(
        (approvals[0].status, approvals[0].approvers.clone()),
        (ApprovalStatus::Consumed, vec!["alice".to_string()])
    );
    proxy.close().await;
    assert_consistent(store.as_ref() as &dyn Store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unclear_answer_leaves_the_call_held_for_a_person() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut proxy = fs_proxy(store.clone(), policy(FS_POLICY), config(), &root);
    initialize(&mut proxy, json!({"elicitation": {}})).await;
    for (id, answer) in [
        (12, json!({"result": {"action": "accept", "content": {"approve": "yes"}}})),
        (13, json!({"result": {"action": "cancel"}})),
        (14, json!({"error": {"code": -32600, "message": "no"}})),
    ] {
        let file = root.join(format!("{id}.txt"));
        let ask = write(&mut proxy, id, &file).await;
        assert_eq!(ask["method"], json!("elicitation/create"), "{ask}");
        let mut reply = answer.clone();
        reply["jsonrpc"] = json!("2.0");
        reply["id"] = ask["id"].clone();
        proxy.send(&reply).await;
        let done = answer_to(&mut proxy, id).await;
        assert!(text(&done).starts_with("NOT EXECUTED — awaiting human approval"), "{answer}: {done}");
        assert!(!file.exists());
    }
    let pending = store.approvals(Some(ApprovalStatus::Pending), now_ms()).await.unwrap();
    assert_eq!(pending.len(), 3, "nothing was approved or rejected");
    proxy.close().await;
}
