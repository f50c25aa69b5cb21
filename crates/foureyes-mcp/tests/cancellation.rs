//! Cancellation and request ids in every place they appear (issue 12, ADR-280, F280–F281), against real upstream
//! servers written with the official Python and TypeScript SDKs (`tests/peers/`), which record every tool call
//! they actually run; the rmcp leg is in `crates/foureyes-rmcp-recorder/tests/differential.rs`.
//!
//! What the real servers do with `notifications/cancelled` (measured, Python `mcp` 2.3.0, TypeScript SDK 1.32.2,
//! rmcp 3.11.0): none of them ever answers a cancelled request; Python stops the tool, TypeScript and rmcp let it
//! run to completion. Python reads `"7"` and `7` as one request id (`coerce_request_id`) and ignores `7.0`;
//! TypeScript and rmcp read `7.0` and `7e0` as `7` and keep `"7"` apart. So a cancellation of a forwarded call
//! leaves its outcome unknown unless the upstream answers, and the proxy must resolve a cancellation's `requestId`
//! the way it keys requests.
#![allow(clippy::unwrap_used)]

use crate::support::cancel::*;
use crate::support::*;
use foureyes_core::{ApprovalStatus, DecisionStatus, Verdict};
use foureyes_mcp::{Gate, GateConfig};
use foureyes_store::Store;
use serde_json::json;
use std::time::Duration;

/// F280: the agent cancelled a payment held for approval, writing the call's id `7` as `7.0`, `7e0` or `"7"` (ids
/// the TypeScript SDK, rmcp or the Python SDK read as `7`). The proxy keyed the cancellation by its spelling, did not
/// end the hold, and forwarded the cancellation (to an upstream that had never seen the call); when a person
/// approved, the payment the agent had cancelled ran — and its answer went to an agent no longer listening.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_call_cancelled_with_its_id_in_another_spelling_never_runs() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        a_held_call_cancelled_in_any_spelling_never_runs(sdk).await;
    }
}

/// F281: `7` and `"7"` in flight at once. The proxy keyed them apart, the Python SDK keys them as one
/// (`coerce_request_id`): the running payment's answer was lost, so the proxy could only report it `unknown` at
/// its deadline although the upstream ran it. The second request is now refused: one id, one request in flight, in
/// the upstream's reading too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_id_and_the_same_digits_as_a_string_are_one_request_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = GateConfig::new("pay");
    config.call_timeout = Duration::from_secs(4);
    let (mut proxy, record) = recorder_proxy(Sdk::Python, dir.path(), config).await;
    proxy.send(&payment(json!(7), 800)).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    proxy
        .send(&json!({"jsonrpc": "2.0", "id": "7", "method": "tools/call",
            "params": {"name": "echo", "arguments": {"text": "same id"}}}))
        .await;
    let refused = answers_until_ping(&mut proxy, &json!("7")).await;
    assert!(
        refused.len() == 1 && refused[0]["error"]["message"].as_str().unwrap_or_default().contains("in flight"),
        "the string id `\"7\"` was not refused while `7` runs: {refused:?}"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let answers = answers_until_ping(&mut proxy, &json!(7)).await;
    assert!(
        answers.len() == 1 && answers[0].get("result").is_some() && !is_error(&answers[0]),
        "the payment's own answer did not come: {answers:?}"
    );
    assert_eq!(paid(&record).len(), 1);
    let decisions = payments(proxy.store.as_ref()).await;
    assert_eq!(decisions.len(), 1, "{decisions:#?}");
    assert_eq!((decisions[0].verdict, decisions[0].status), (Verdict::Permit, DecisionStatus::Executed));
    proxy.close().await;
}

/// A cancellation of a forwarded call means the same to every peer: it reaches the upstream written with the
/// call's own id, whatever spelling the agent used (on main, the Python SDK ignored `7.0` while the TypeScript SDK
/// honoured it). None of them answers a cancelled call, so the outcome stays `unknown` (the reservation is kept:
/// a second payment is still denied by the limit) — never `failed`, whatever the cancellation said.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_forwarded_call_is_unknown_and_keeps_its_reservation_on_every_peer() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        a_cancelled_forwarded_call_is_unknown_and_keeps_its_reservation(sdk).await;
    }
}

/// The TypeScript recorder over Streamable HTTP behind the HTTP proxy (`--upstream`), under [`HELD_POLICY`] with
/// `--wait`; returns the upstream (killed on drop), the folder, the store, the record, the URL and the session.
async fn held_http_setup() -> (
    tokio::process::Child,
    tempfile::TempDir,
    std::sync::Arc<foureyes_store_sqlite::SqliteStore>,
    std::path::PathBuf,
    String,
    String,
) {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("executed.jsonl");
    let port = free_port();
    let command = recorder_command(Sdk::TypeScript, &record, Some(port));
    let upstream = tokio::process::Command::new(&command[0]).args(&command[1..]).kill_on_drop(true).spawn().unwrap();
    listening(port).await;
    let store = sqlite(dir.path());
    let config = holding("pay", Duration::from_secs(30), Duration::from_millis(20));
    let gate = std::sync::Arc::new(Gate::new(store.clone(), policy(HELD_POLICY), config));
    let url = serve_http_proxy(gate, port).await;
    let session = initialized_session(&url).await;
    (upstream, dir, store, record, url, session)
}

/// F280 over Streamable HTTP: a cancellation POSTed in the session did not end the hold of the call it named (in
/// any spelling: the HTTP proxy held calls with a cancel handle nothing could reach), so the payment the agent had
/// cancelled ran once a person approved it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_call_cancelled_over_http_never_runs() {
    for spelling in ["7", "7.0", "\"7\""] {
        let (_upstream, _dir, store, record, url, session) = held_http_setup().await;
        let held = {
            let (url, session) = (url.clone(), session.clone());
            tokio::spawn(async move {
                let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
                http_post(&url, &headers, payment(json!(7), 0).to_string().as_bytes()).await
            })
        };
        let approval = loop {
            if let Some(a) = store.approvals(Some(ApprovalStatus::Pending), now_ms()).await.unwrap().first() {
                break a.approval_id;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
        let cancel = String::from_utf8(cancel_line(spelling)).unwrap();
        let (status, _, _) = http_post(&url, &headers, cancel.trim_end().as_bytes()).await;
        assert_eq!(status, 202, "cancelled as {spelling}");
        tokio::time::sleep(Duration::from_millis(200)).await;
        store.approve(approval, "alice", None, now_ms()).await.unwrap();
        let (status, _, body) = held.await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let context = format!("cancelled as {spelling}: the held POST answered {status} {body}");
        assert!(paid(&record).is_empty(), "the cancelled payment ran: {context}");
        assert!(!body.contains("paid"), "{context}");
    }
}
