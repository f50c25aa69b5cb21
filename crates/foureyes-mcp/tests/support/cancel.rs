//! Cancellation cases (ADR-280) shared by the suites that run them on each real SDK server: `cancellation.rs` here
//! (the Python and TypeScript SDKs) and `crates/foureyes-rmcp-recorder/tests/differential.rs` (rmcp).

use super::*;
use foureyes_core::{ApprovalStatus, DecisionStatus};
use foureyes_mcp::GateConfig;
use foureyes_store::Store;

/// [`PAY_POLICY`] with payments deferred to a person (tier 3).
pub const HELD_POLICY: &str = r#"
version: 1
actions:
  mcp.pay.pay:
    tier: 3
    params:
      amount: { type: number, min: 1, max: 100 }
      to: { type: string, max_len: 64 }
      delay_ms: { type: number, required: false, max: 10000 }
  mcp.pay.echo: { tier: 0, params: { text: { type: string, max_len: 4096 } } }
"#;

pub fn paid(record: &Path) -> Vec<Value> {
    recorded(record).into_iter().filter(|r| r["tool"] == json!("pay")).collect()
}

pub async fn payments(store: &dyn Store) -> Vec<foureyes_core::DecisionRecord> {
    let mut all: Vec<_> = store
        .decisions(Default::default())
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.request.action == "mcp.pay.pay")
        .collect();
    all.sort_by_key(|d| d.decision_id);
    all
}

pub fn payment(id: Value, delay_ms: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "pay", "arguments": {"amount": 100, "to": "bob", "delay_ms": delay_ms}}})
}

pub fn cancel_line(request_id: &str) -> Vec<u8> {
    format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{{\"requestId\":{request_id}}}}}\n"
    )
    .into_bytes()
}

/// Reads the proxy's messages until the answer to a `ping` sent now; returns those that answer `id`.
pub async fn answers_until_ping(proxy: &mut Proxy, id: &Value) -> Vec<Value> {
    proxy.send(&json!({"jsonrpc": "2.0", "id": "sync", "method": "ping"})).await;
    let mut out = Vec::new();
    loop {
        let message = proxy.recv().await;
        let items = match message {
            Value::Array(items) => items,
            one => vec![one],
        };
        for item in items {
            if item.get("method").is_none() && item.get("id") == Some(id) {
                out.push(item.clone());
            }
            if item.get("id") == Some(&json!("sync")) {
                return out;
            }
        }
    }
}

/// F280 on one SDK: a held call cancelled with its id `7` written `7.0`, `7e0` or `"7"` never runs, even once a
/// person approves it.
pub async fn a_held_call_cancelled_in_any_spelling_never_runs(sdk: Sdk) {
    for spelling in ["7.0", "7e0", "\"7\""] {
        let dir = tempfile::tempdir().unwrap();
        let record = dir.path().join("executed.jsonl");
        let store = sqlite(dir.path());
        let config = holding("pay", Duration::from_secs(30), Duration::from_millis(20));
        let gate = Gate::new(store.clone(), policy(HELD_POLICY), config);
        let mut proxy = start(gate, recorder_command(sdk, &record, None), StdioOptions::default());
        proxy.initialize().await;
        proxy.send(&payment(json!(7), 0)).await;
        let approval = loop {
            if let Some(a) = store.approvals(Some(ApprovalStatus::Pending), now_ms()).await.unwrap().first() {
                break a.approval_id;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        proxy.send_raw(&cancel_line(spelling)).await;
        // Let the router apply the cancellation before the person answers.
        let _ = answers_until_ping(&mut proxy, &json!(7)).await;
        store.approve(approval, "alice", None, now_ms()).await.unwrap();
        tokio::time::sleep(Duration::from_millis(600)).await;
        let answers = answers_until_ping(&mut proxy, &json!(7)).await;
        let context = format!("{sdk:?}, cancelled as {spelling}: answers {answers:?}");
        assert!(answers.is_empty(), "the cancelled call was answered: {context}");
        assert!(paid(&record).is_empty(), "the cancelled payment ran: {context}; ran {:?}", paid(&record));
        proxy.close().await;
        assert_consistent(store.as_ref()).await;
    }
}

/// On one SDK: a forwarded call cancelled (its id in any spelling) is reported `unknown` unless the upstream
/// answers, and keeps its reservation: the limit still denies the next payment.
pub async fn a_cancelled_forwarded_call_is_unknown_and_keeps_its_reservation(sdk: Sdk) {
    for spelling in ["7", "7.0", "\"7\""] {
        let dir = tempfile::tempdir().unwrap();
        let mut config = GateConfig::new("pay");
        config.call_timeout = Duration::from_millis(1500);
        let (mut proxy, _record) = recorder_proxy(sdk, dir.path(), config).await;
        proxy.send(&payment(json!(7), 600)).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        proxy.send_raw(&cancel_line(spelling)).await;
        tokio::time::sleep(Duration::from_millis(2000)).await;
        let answers = answers_until_ping(&mut proxy, &json!(7)).await;
        let context = format!("{sdk:?}, cancelled as {spelling}: answers {answers:?}");
        let decisions = payments(proxy.store.as_ref()).await;
        assert_eq!(decisions.len(), 1, "{context}\n{decisions:#?}");
        assert_eq!(decisions[0].status, DecisionStatus::Unknown, "{context}\n{decisions:#?}");
        // The reservation is kept: the limit (1/h) denies the next payment.
        let next = proxy.call("pay", json!({"amount": 100, "to": "bob"})).await;
        assert!(is_error(&next), "{context}: a second payment was permitted: {next}");
        proxy.close().await;
    }
}
