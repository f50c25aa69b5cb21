//! "No way around the gate" (issue 12): the two attacks that got a `tools/call` past the proxy, as regression tests
//! against real upstream servers written with the official Python and TypeScript SDKs (`tests/peers/`), which
//! record every tool call they actually run. Each test checks what the upstream ran against what was decided.
//!
//! 1. Frame smuggling (F50): a `tools/call` hidden inside a `ping`'s params between two raw CRs — JSON whitespace
//!    to the proxy, line breaks to the Python SDK, which reads stdin with universal newlines.
//! 2. Colliding ids (F51): a second request with the id of a `tools/call` still running (alone, or in a batch
//!    `[bogus id k, tools/call id k]`) got its error pinned on the real call, which was then reported `failed` and
//!    its reservation released, so a `limit 1/h` let payment after payment run.
//!
//! Transports: the stdio router (here), `--listen/--upstream` HTTP (here), the `--listen -- CMD` bridge (here), and
//! the remote engine (`crates/foureyes/tests/mcp_gate_bypass.rs`).
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::{DecisionStatus, Verdict};
use foureyes_mcp::{Gate, GateConfig};
use foureyes_store::Store;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// A `ping` whose params hold a `tools/call` between two raw CRs: one JSON message to the proxy, three lines to a
/// reader with universal newlines (the middle one a payment far above the policy's `max`).
fn smuggling_ping(id: i64) -> Vec<u8> {
    let hidden = json!({"jsonrpc": "2.0", "id": 9000 + id, "method": "tools/call",
        "params": {"name": "pay", "arguments": {"amount": 5000, "to": "mallory"}}});
    format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"ping\",\"params\":{{\"a\":\r{hidden}\r}}}}\n").into_bytes()
}

/// The decisions for `mcp.pay.pay`, oldest first.
async fn payments(store: &dyn Store) -> Vec<foureyes_core::DecisionRecord> {
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

fn paid(record: &Path) -> Vec<Value> {
    recorded(record).into_iter().filter(|r| r["tool"] == json!("pay")).collect()
}

/// The messages the proxy sends that answer `id`: those until the first one (at most 5 s), then the rest for
/// `wait`.
async fn answers_to(proxy: &mut Proxy, id: i64, wait: Duration) -> Vec<Value> {
    let mut out = Vec::new();
    let end = tokio::time::Instant::now() + Duration::from_secs(5);
    let mut quiet_until = None;
    loop {
        let deadline = quiet_until.unwrap_or(end);
        let mut line = String::new();
        use tokio::io::AsyncBufReadExt;
        match tokio::time::timeout_at(deadline, proxy.from_proxy.read_line(&mut line)).await {
            Ok(Ok(n)) if n > 0 => {
                let messages = match serde_json::from_str(&line).unwrap() {
                    Value::Array(items) => items,
                    one => vec![one],
                };
                for message in messages {
                    if message["id"] == json!(id) && message.get("method").is_none() {
                        out.push(message);
                        quiet_until.get_or_insert(tokio::time::Instant::now() + wait);
                    }
                }
            }
            _ => return out,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn raw_crs_cannot_smuggle_a_tools_call_past_the_stdio_router_to_a_python_server() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = recorder_proxy(Sdk::Python, dir.path(), GateConfig::new("pay")).await;
    proxy.send_raw(&smuggling_ping(2)).await;
    // A call that is permitted, as a witness that the recorder records and that the session is still usable.
    let echo = proxy.call("echo", json!({"text": "after"})).await;
    assert!(!is_error(&echo), "{echo}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let ran = recorded(&record);
    assert_eq!(ran, vec![json!({"sdk": "python", "tool": "echo", "arguments": {"text": "after"}})], "ran: {ran:?}");
    assert!(payments(proxy.store.as_ref()).await.is_empty());
    proxy.close().await;
}

/// A `tools/call` of `pay` (100, the whole budget) that runs for `delay_ms`.
fn slow_payment(id: i64, delay_ms: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "pay", "arguments": {"amount": 100, "to": "bob", "delay_ms": delay_ms}}})
}

/// The first payment ran, was reported `executed`, keeps its reservation: the next payment is denied, and the
/// upstream ran exactly one.
async fn exactly_one_payment_ran(proxy: &mut Proxy, record: &Path, next_id: i64) {
    let next = proxy.call("pay", json!({"amount": 100, "to": "bob"})).await;
    let _ = next_id;
    assert!(is_error(&next), "a second payment was permitted: {next}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(paid(record).len(), 1, "payments that ran: {:?}", paid(record));
    let decisions = payments(proxy.store.as_ref()).await;
    let permitted: Vec<_> = decisions.iter().filter(|d| d.verdict == Verdict::Permit).collect();
    assert_eq!(permitted.len(), 1, "{decisions:#?}");
    assert_eq!(permitted[0].status, DecisionStatus::Executed, "{:#?}", permitted[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_colliding_id_cannot_pin_an_error_on_a_running_call_on_stdio() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        let dir = tempfile::tempdir().unwrap();
        let (mut proxy, record) = recorder_proxy(sdk, dir.path(), GateConfig::new("pay")).await;
        proxy.send(&slow_payment(7, 800)).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        proxy.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "bogus/method"})).await;
        let answers = answers_to(&mut proxy, 7, Duration::from_millis(1500)).await;
        // The duplicate is refused by the proxy; the payment's answer is the upstream's, delivered once.
        let results: Vec<_> = answers.iter().filter(|a| a.get("result").is_some()).collect();
        assert_eq!(results.len(), 1, "{sdk:?}: {answers:#?}");
        assert!(!is_error(results[0]), "{sdk:?}: {answers:#?}");
        exactly_one_payment_ran(&mut proxy, &record, 8).await;
        proxy.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_colliding_id_in_a_batch_cannot_pin_an_error_on_a_running_call_on_stdio() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        let dir = tempfile::tempdir().unwrap();
        let (mut proxy, record) = recorder_proxy(sdk, dir.path(), GateConfig::new("pay")).await;
        // Across a single message and a batch: the call runs, then a batch reuses its id.
        proxy.send(&slow_payment(7, 800)).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        proxy.send(&json!([{"jsonrpc": "2.0", "id": 7, "method": "bogus/method"}])).await;
        let _ = answers_to(&mut proxy, 7, Duration::from_millis(1500)).await;
        // Inside one batch: `[bogus id k, tools/call id k]`.
        proxy.send(&json!([{"jsonrpc": "2.0", "id": 9, "method": "bogus/method"}, slow_payment(9, 300)])).await;
        let _ = answers_to(&mut proxy, 9, Duration::from_millis(1500)).await;
        exactly_one_payment_ran(&mut proxy, &record, 10).await;
        proxy.close().await;
    }
}

/// The TypeScript recorder over Streamable HTTP (its own sessions, JSON responses) and the proxy in front of it.
struct HttpSetup {
    _upstream: tokio::process::Child,
    _dir: tempfile::TempDir,
    store: Arc<foureyes_store_sqlite::SqliteStore>,
    record: std::path::PathBuf,
    url: String,
    session: String,
}

async fn http_setup() -> HttpSetup {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("executed.jsonl");
    let port = free_port();
    let command = recorder_command(Sdk::TypeScript, &record, Some(port));
    let upstream = tokio::process::Command::new(&command[0]).args(&command[1..]).kill_on_drop(true).spawn().unwrap();
    listening(port).await;
    let store = sqlite(dir.path());
    let gate = Arc::new(Gate::new(store.clone(), policy(PAY_POLICY), GateConfig::new("pay")));
    let url = serve_http_proxy(gate, port).await;
    let session = initialized_session(&url).await;
    HttpSetup { _upstream: upstream, _dir: dir, store, record, url, session }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_colliding_id_cannot_pin_an_error_on_a_running_call_over_http() {
    // Each attack on a fresh upstream and store (the limit allows one payment an hour).
    for across_posts in [false, true] {
        let setup = http_setup().await;
        let headers = [("Mcp-Session-Id", setup.session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
        let context = if across_posts {
            // Across two POSTs of one session: a request reusing the id of a call still running.
            let url = setup.url.clone();
            let session = setup.session.clone();
            let running = tokio::spawn(async move {
                let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
                http_post(&url, &headers, slow_payment(6, 800).to_string().as_bytes()).await
            });
            tokio::time::sleep(Duration::from_millis(200)).await;
            let bogus = json!({"jsonrpc": "2.0", "id": 6, "method": "bogus/method"});
            let (_, _, bogus_body) = http_post(&setup.url, &headers, bogus.to_string().as_bytes()).await;
            let (_, _, running_body) = running.await.unwrap();
            format!("bogus: {bogus_body}\nrunning: {running_body}")
        } else {
            // Inside one batch: `[bogus id k, tools/call id k]`.
            let batch = json!([{"jsonrpc": "2.0", "id": 5, "method": "bogus/method"}, slow_payment(5, 500)]);
            let (_, _, body) = http_post(&setup.url, &headers, batch.to_string().as_bytes()).await;
            format!("batch: {body}")
        };
        // Then a second payment, which the limit must deny if the first one's reservation is kept.
        let second = json!({"jsonrpc": "2.0", "id": 8, "method": "tools/call",
            "params": {"name": "pay", "arguments": {"amount": 100, "to": "bob"}}});
        let (_, _, second_body) = http_post(&setup.url, &headers, second.to_string().as_bytes()).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let ran = paid(&setup.record);
        let decisions = payments(setup.store.as_ref()).await;
        let permitted: Vec<_> = decisions.iter().filter(|d| d.verdict == Verdict::Permit).collect();
        let context = format!("{context}\nsecond: {second_body}\nran: {ran:?}");
        // Whatever ran was permitted for exactly that call and reported with the upstream's own answer.
        assert_eq!(ran.len(), permitted.len(), "{context}\n{decisions:#?}");
        for d in &permitted {
            assert_eq!(d.status, DecisionStatus::Executed, "{context}\n{d:#?}");
        }
        assert!(ran.len() <= 1, "the limit (1/h) let more than one payment run: {context}");
    }
}

/// F160 over HTTP: a request whose id is the running call's id written as another number (`6.0`, `6e0`), which the
/// TypeScript SDK reads as `6`, is refused by the proxy and cannot answer the running payment.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_id_written_as_another_number_cannot_pin_an_error_on_a_running_call_over_http() {
    let setup = http_setup().await;
    let headers = [("Mcp-Session-Id", setup.session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
    let (url, session) = (setup.url.clone(), setup.session.clone());
    let running = tokio::spawn(async move {
        let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
        http_post(&url, &headers, slow_payment(6, 800).to_string().as_bytes()).await
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut context = String::new();
    for id in ["6.0", "6e0"] {
        let bogus = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"bogus/method\"}}");
        let (status, _, body) = http_post(&setup.url, &headers, bogus.as_bytes()).await;
        context.push_str(&format!("bogus {id}: {status} {body}\n"));
    }
    let (_, _, running_body) = running.await.unwrap();
    context.push_str(&format!("running: {running_body}"));
    let answer = messages_of(&running_body).into_iter().find(|m| m["id"] == json!(6));
    assert!(answer.as_ref().is_some_and(|a| a.get("result").is_some() && !is_error(a)), "{context}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(paid(&setup.record).len(), 1, "{context}");
    let decisions = payments(setup.store.as_ref()).await;
    let permitted: Vec<_> = decisions.iter().filter(|d| d.verdict == Verdict::Permit).collect();
    assert_eq!(permitted.len(), 1, "{context}\n{decisions:#?}");
    assert_eq!(permitted[0].status, DecisionStatus::Executed, "{context}\n{:#?}", permitted[0]);
}

/// The bridge (`--listen -- CMD`) in front of the Python recorder over stdio.
async fn bridge_setup(dir: &Path) -> (String, Arc<foureyes_store_sqlite::SqliteStore>, std::path::PathBuf) {
    let record = dir.join("executed.jsonl");
    let store = sqlite(dir);
    let gate = Arc::new(Gate::new(store.clone(), policy(PAY_POLICY), GateConfig::new("pay")));
    let options = foureyes_mcp::bridge::BridgeOptions::new(recorder_command(Sdk::Python, &record, None));
    let router = foureyes_mcp::bridge::app(gate, options);
    let url = serve_on_loopback(router).await;
    (url, store, record)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bridge_holds_against_smuggling_and_colliding_ids() {
    let dir = tempfile::tempdir().unwrap();
    let (url, store, record) = bridge_setup(dir.path()).await;
    let session = initialized_session(&url).await;
    let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
    // Smuggling: raw CRs and a LINE SEPARATOR around a hidden call.
    let (status, _, body) = http_post(&url, &headers, &smuggling_ping(2)).await;
    assert_eq!(status, 200, "{body}");
    // Colliding ids: a batch reusing one id, and a request reusing the id of a call still running.
    let batch = json!([{"jsonrpc": "2.0", "id": 5, "method": "bogus/method"}, slow_payment(5, 300)]);
    let (_, _, batch_body) = http_post(&url, &headers, batch.to_string().as_bytes()).await;
    let running = {
        let (url, session) = (url.clone(), session.clone());
        tokio::spawn(async move {
            let headers = [("Mcp-Session-Id", session.as_str())];
            http_post(&url, &headers, slow_payment(6, 800).to_string().as_bytes()).await
        })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let bogus = json!({"jsonrpc": "2.0", "id": 6, "method": "bogus/method"});
    let (_, _, bogus_body) = http_post(&url, &headers, bogus.to_string().as_bytes()).await;
    let (_, _, running_body) = running.await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let ran = paid(&record);
    let context = format!("batch: {batch_body}\nbogus: {bogus_body}\nrunning: {running_body}\nran: {ran:?}");
    let decisions = payments(store.as_ref()).await;
    let permitted: Vec<_> = decisions.iter().filter(|d| d.verdict == Verdict::Permit).collect();
    assert_eq!(ran.len(), permitted.len(), "{context}\n{decisions:#?}");
    assert!(ran.iter().all(|r| r["arguments"]["amount"] == json!(100.0)), "{context}");
    for d in &permitted {
        assert_eq!(d.status, DecisionStatus::Executed, "{context}\n{d:#?}");
    }
    assert!(ran.len() <= 1, "the limit (1/h) let more than one payment run: {context}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_past_its_deadline_is_answered_unknown_keeps_its_reservation_and_its_late_answer_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("executed.jsonl");
    // The policy's per-tool deadline (1 s) overrides --call-timeout (5 m by default).
    let yaml = format!("{PAY_POLICY}mcp:\n  pay: {{ call_timeouts: {{ pay: 1s }} }}\n");
    let gate = Gate::new(sqlite(dir.path()), policy(&yaml), GateConfig::new("pay"));
    assert_eq!(gate.call_timeout("pay"), Duration::from_secs(1));
    assert_eq!(gate.call_timeout("echo"), foureyes_mcp::gate::DEFAULT_CALL_TIMEOUT);
    let command = recorder_command(Sdk::Python, &record, None);
    let mut proxy = start(gate, command, foureyes_mcp::StdioOptions::default());
    proxy.initialize().await;
    let started = std::time::Instant::now();
    proxy.send(&slow_payment(7, 2500)).await;
    // The deadline answers; the upstream's own answer (after 2.5 s) is logged and dropped, not delivered twice.
    let answers = answers_to(&mut proxy, 7, Duration::from_millis(2500)).await;
    assert_eq!(answers.len(), 1, "{answers:#?}");
    assert!(is_error(&answers[0]), "{answers:#?}");
    assert!(text(&answers[0]).starts_with("OUTCOME UNKNOWN"), "{answers:#?}");
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(paid(&record).len(), 1, "the upstream did run it");
    let decisions = payments(proxy.store.as_ref()).await;
    assert_eq!(decisions[0].status, DecisionStatus::Unknown, "{decisions:#?}");
    // The reservation is kept: the next payment is denied by the limit.
    let next = proxy.call("pay", json!({"amount": 100, "to": "bob"})).await;
    assert!(is_error(&next) && text(&next).contains("limit"), "{next}");
    assert_consistent(proxy.store.as_ref()).await;
    proxy.close().await;
}
