//! Attack 15's H1 (issue 12, F660, ADR-660), `--listen/--upstream` only: the proxy freed a client's JSON-RPC id when
//! the client dropped its POST while the upstream still ran the call; the client reused the id for a new call, the
//! upstream (which routes answers by id within a session) sent the first call's late answer to the second POST, and
//! the proxy journaled it as the second call's outcome. An outcome is reported only from the upstream's answer to
//! the forwarded call itself. Real recorders written with the Python and TypeScript SDKs
//! (`tests/peers/py_recorder.py`, `ts_recorder.cjs`) over Streamable HTTP.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::DecisionStatus;
use foureyes_mcp::GateConfig;
use foureyes_store::Store;
use serde_json::json;
use std::time::Duration;

/// `pay` and `echo` run without a person or a limit: only the outcomes are under test.
const FREE_PAY: &str = r#"
version: 1
actions:
  mcp.pay.pay:
    tier: 0
    params:
      amount: { type: number, min: 1, max: 100 }
      to: { type: string, max_len: 64 }
      delay_ms: { type: number, required: false, max: 10000 }
  mcp.pay.echo: { tier: 0, params: { text: { type: string, max_len: 4096 } } }
"#;

/// A raw POST on a connection of its own, left open (the caller drops it to leave).
async fn open_post(url: &str, headers: &[(&str, &str)], body: &[u8]) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let rest = url.trim_start_matches("http://");
    let (authority, path) = rest.split_once('/').unwrap();
    let mut stream = tokio::net::TcpStream::connect(authority).await.unwrap();
    let mut request = format!(
        "POST /{path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nAccept: application/json, \
         text/event-stream\r\nContent-Length: {}\r\n",
        body.len()
    )
    .into_bytes();
    for (k, v) in headers {
        request.extend_from_slice(format!("{k}: {v}\r\n").as_bytes());
    }
    request.extend_from_slice(b"\r\n");
    request.extend_from_slice(body);
    stream.write_all(&request).await.unwrap();
    stream
}

fn pay(id: u64, amount: u64, to: &str, delay_ms: u64) -> serde_json::Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "pay", "arguments": {"amount": amount, "to": to, "delay_ms": delay_ms}}})
}

/// Waits (bounded) until the recorder has run `runs` tools.
async fn recorded_runs(record: &std::path::Path, runs: usize) -> Vec<serde_json::Value> {
    let end = tokio::time::Instant::now() + Duration::from_secs(30);
    while recorded(record).len() < runs && tokio::time::Instant::now() < end {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    recorded(record)
}

async fn reused_id_after_a_dropped_post(sdk: Sdk) {
    let dir = tempfile::tempdir().unwrap();
    let proxy = http_recorder_proxy(sdk, dir.path(), FREE_PAY, GateConfig::new("pay")).await;
    let headers = [("Mcp-Session-Id", proxy.session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
    proxy.post(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).to_string().as_bytes()).await;
    // Call 1 runs 3 s; the client leaves once the upstream has it (the gate decides first), then reuses its id.
    let first = open_post(&proxy.url, &headers, pay(7, 1, "first", 3000).to_string().as_bytes()).await;
    let store = proxy.store.clone();
    let end = tokio::time::Instant::now() + Duration::from_secs(30);
    while store.decisions(Default::default()).await.unwrap().is_empty() && tokio::time::Instant::now() < end {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The forward reaches the upstream well within a second, even on a loaded machine.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    drop(first);
    // Call 2 runs 6 s: its own answer comes after call 1's. Whether the proxy has seen the client leave when call 2
    // arrives is a race (hyper learns of a closed connection only when it next reads or writes it): until it has, or
    // until call 1 ends, the id is in flight and call 2 is refused with nothing forwarded, which is safe; the client
    // then sends it again. What must never happen is call 2 answered with call 1's outcome.
    let retry_until = tokio::time::Instant::now() + Duration::from_secs(20);
    let (status, body) = loop {
        let (status, _, body) = http_post_within(
            &proxy.url,
            &headers,
            pay(7, 2, "second", 6000).to_string().as_bytes(),
            Duration::from_secs(40),
        )
        .await;
        let in_flight = status == 409 && body.contains("already used by a request in flight");
        if in_flight && tokio::time::Instant::now() < retry_until {
            tokio::time::sleep(Duration::from_millis(250)).await;
            continue;
        }
        break (status, body);
    };
    let answer = messages_of(&body);
    let runs = recorded_runs(&proxy.record, 2).await;
    let decisions = store.decisions(Default::default()).await.unwrap();
    let context = format!("{sdk:?}: status {status}; answer {answer:?}; runs {runs:?}; decisions {decisions:#?}");
    assert_eq!(status, 200, "{context}");
    assert_eq!(answer.len(), 1, "{context}");
    // "paid 2 to second" (TypeScript), "paid 2.0 to second" (Python).
    let answered = text(&answer[0]);
    assert!(
        answered.starts_with("paid 2") && answered.ends_with("to second"),
        "call 2 got another's answer: {context}"
    );
    let second = decisions.iter().find(|d| d.request.params["to"] == "second").unwrap();
    assert_eq!(second.status, DecisionStatus::Executed, "{context}");
    let detail = second.report_detail.as_ref().map(|d| d.to_string()).unwrap_or_default();
    assert!(detail.contains("to second"), "call 2's outcome is another call's answer: {context}");
    assert!(!detail.contains("first"), "call 2's outcome is call 1's answer: {context}");
    // Call 1's answer settles call 1 or nothing: never `intended` for good, never another call's outcome.
    let first = decisions.iter().find(|d| d.request.params["to"] == "first").unwrap();
    assert_ne!(first.status, DecisionStatus::Intended, "{context}");
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reused_id_never_takes_a_dropped_calls_answer_as_its_outcome_typescript() {
    reused_id_after_a_dropped_post(Sdk::TypeScript).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reused_id_never_takes_a_dropped_calls_answer_as_its_outcome_python() {
    reused_id_after_a_dropped_post(Sdk::Python).await;
}
