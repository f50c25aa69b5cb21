//! A call the proxy forwards is run by FourEyes' own door, not reported by an agent's executor (ADR-966, attack 28's
//! 1c and 3b, F966): an upstream tool slower than `report_within`, or a proxy stopped mid-call, used to leave the
//! decision `intended` with a reporting deadline, and the next decision past it released its reservation — a second
//! call under `count: 1` was forwarded and ran. The proxy now journals a start mark (`connector_started`) before it
//! forwards: the decision has no deadline from then on, and `foureyes unconfirmed` lists it if no report comes.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::{DecisionStatus, Verdict};
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use foureyes_store::Store;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Duration;

const POLICY: &str = r#"
version: 1
defaults:
  report_within: 1s
actions:
  mcp.shop.pay:
    tier: 2
    params: { to: { type: string } }
    limits: [ { count: 1, per: 1h } ]
"#;

/// A plain MCP server on stdio (system `python3`, no SDK) with one tool, `pay`, that records each call in `calls` as
/// it arrives and answers it `slow_s` seconds later; it exits when its stdin closes.
fn upstream(dir: &Path, slow_s: f64) -> (Vec<String>, PathBuf) {
    let calls = dir.join("calls");
    let script = dir.join("up.py");
    let source = format!(
        r#"import sys, json, time, threading
lock = threading.Lock()
def send(o):
    with lock:
        sys.stdout.write(json.dumps(o) + "\n"); sys.stdout.flush()
def call(m):
    with open({calls:?}, "a") as f:
        f.write(json.dumps(m) + "\n")
    time.sleep({slow_s})
    send({{"jsonrpc": "2.0", "id": m["id"], "result": {{"content": [{{"type": "text", "text": "paid"}}]}}}})
for line in sys.stdin:
    m = json.loads(line); meth = m.get("method"); mid = m.get("id")
    if meth == "initialize":
        send({{"jsonrpc": "2.0", "id": mid, "result": {{"protocolVersion": m["params"]["protocolVersion"],
            "capabilities": {{"tools": {{}}}}, "serverInfo": {{"name": "u", "version": "1"}}}}}})
    elif meth == "tools/list":
        send({{"jsonrpc": "2.0", "id": mid, "result": {{"tools": [{{"name": "pay", "description": "pay",
            "inputSchema": {{"type": "object"}}}}]}}}})
    elif meth == "tools/call":
        threading.Thread(target=call, args=(m,), daemon=True).start()
    elif mid is not None:
        send({{"jsonrpc": "2.0", "id": mid, "result": {{}}}})
"#,
        calls = calls.display().to_string(),
    );
    std::fs::write(&script, source).unwrap();
    (vec!["python3".to_string(), script.display().to_string()], calls)
}

fn ran(calls: &Path) -> usize {
    std::fs::read_to_string(calls).unwrap_or_default().lines().count()
}

/// The proxy in this process over `store`, past `initialize` and a `tools/list` (a tool no listing named is refused).
async fn proxy_over(store: std::sync::Arc<foureyes_store_sqlite::SqliteStore>, command: Vec<String>) -> Proxy {
    let gate = Gate::new(store, policy(POLICY), GateConfig::new("shop"));
    let mut proxy = start(gate, command, StdioOptions::default());
    proxy.initialize().await;
    assert!(proxy.request("tools/list", json!({})).await["result"]["tools"].is_array());
    proxy
}

fn call(id: i64, to: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "pay", "arguments": {"to": to}}})
}

/// Waits (bounded) for the upstream to have received `n` calls.
async fn until_ran(calls: &Path, n: usize) {
    for _ in 0..200 {
        if ran(calls) >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the upstream did not receive {n} call(s) within 5 s");
}

/// Attack 28's 1c (`mcpslow28.py`): the first call's tool takes 2.5 s, `report_within` is 1 s; a second call 1.6 s
/// after the first must not be forwarded (`count: 1`): the first one is still running and holds the only slot.
#[tokio::test(flavor = "multi_thread")]
async fn a_forwarded_call_slower_than_report_within_keeps_its_reservation() {
    let dir = tempfile::tempdir().unwrap();
    let store = sqlite(dir.path());
    let (command, calls) = upstream(dir.path(), 2.5);
    let mut proxy = proxy_over(store.clone(), command).await;
    let answers = a_slow_call_then_another_past_the_deadline(&mut proxy, &calls).await;
    assert_eq!(ran(&calls), 1, "the second call was forwarded past the first one's deadline: {answers:?}");
    assert!(!is_error(&answers[&5]), "{:?}", answers[&5]);
    assert!(is_error(&answers[&6]) && text(&answers[&6]).starts_with("NOT EXECUTED"), "{:?}", answers[&6]);
    let first = store.decision_checked(1, now_ms()).await.unwrap().unwrap();
    assert_eq!((first.request.action.as_str(), first.status), ("mcp.shop.pay", DecisionStatus::Executed));
    assert_ne!(store.decision_checked(2, now_ms()).await.unwrap().unwrap().verdict, Verdict::Permit);
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}

/// Attack 28's 3b (`mcpcrash28.py`): the proxy stops (its task aborted: no report is ever sent) while the upstream
/// runs the call; past the deadline the call is listed as a run that may have acted, and a new proxy on the same
/// store does not forward the next call under `count: 1`.
#[tokio::test(flavor = "multi_thread")]
async fn a_call_a_stopped_proxy_forwarded_keeps_its_reservation_and_is_listed_unconfirmed() {
    let dir = tempfile::tempdir().unwrap();
    let store = sqlite(dir.path());
    let (command, calls) = upstream(dir.path(), 20.0);
    let mut first = proxy_over(store.clone(), command.clone()).await;
    first.send(&call(5, "a")).await;
    until_ran(&calls, 1).await;
    first.task.abort();
    let _ = first.task.await;
    tokio::time::sleep(Duration::from_millis(1300)).await;
    let decision = store.decision_checked(1, now_ms()).await.unwrap().unwrap();
    assert_eq!((decision.verdict, decision.status), (Verdict::Permit, DecisionStatus::Intended));
    // What `foureyes unconfirmed` lists: a run FourEyes made, started (it may have acted).
    assert_eq!(store.runs_by_connector(vec![1]).await.unwrap(), vec![true], "the forwarded call is not listed");
    assert!(store.connector_starts().await.unwrap().contains_key(&1));
    let mut second = proxy_over(store.clone(), command).await;
    let answer = second.request("tools/call", json!({"name": "pay", "arguments": {"to": "b"}})).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(ran(&calls), 1, "a second call ran while the first one may have acted: {answer}");
    assert!(is_error(&answer) && text(&answer).starts_with("NOT EXECUTED"), "{answer}");
    second.close().await;
}

// ---- `--server` (ADR-966 "Not covered", F1001, ADR-1001): the remote engine marks the start through the server ----

const AGENT_TOKEN: &str = "fault17-agent-token";
const EXECUTOR_TOKEN: &str = "fault17-executor-token";
const ADMIN_TOKEN: &str = "fault17-admin-token";

/// A real `foureyes serve` router over a SQLite store with `POLICY` (`report_within: 1s`, `count: 1`), on loopback:
/// the agent `bot`, an admin `root`, and (`executor`) an executor `runner` serving `bot`. Returns the store, the URL
/// and the server's task.
async fn server(
    dir: &Path,
    executor: bool,
) -> (std::sync::Arc<foureyes_store_sqlite::SqliteStore>, String, tokio::task::JoinHandle<()>) {
    use foureyes_store::Credentials;
    let store = sqlite(dir);
    let t0 = now_ms();
    let digest = |t: &str| foureyes_core::canonical::sha256_hex(t.as_bytes());
    store.create_token("bot", foureyes_core::Role::Agent, &digest(AGENT_TOKEN), None, t0).await.unwrap();
    store.create_token("root", foureyes_core::Role::Admin, &digest(ADMIN_TOKEN), None, t0).await.unwrap();
    if executor {
        store.create_executor("runner", "bot", &digest(EXECUTOR_TOKEN), t0).await.unwrap();
    }
    let server_policy = foureyes_core::Policy::from_yaml("server", POLICY).unwrap();
    let state = foureyes_server::AppState::new(store.clone(), server_policy, None, std::sync::Arc::new(now_ms));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, foureyes_server::app(state)).await;
    });
    (store, url, task)
}

/// The proxy with `--server url --token …` (and `--executor-token …` when `executor`), past `initialize` and a
/// `tools/list`.
async fn remote_proxy(
    store: std::sync::Arc<foureyes_store_sqlite::SqliteStore>,
    url: &str,
    executor: bool,
    command: Vec<String>,
) -> Proxy {
    let mut engine = foureyes_mcp::engine::Remote::new(url, AGENT_TOKEN, foureyes_mcp::engine::DEFAULT_REMOTE_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}"));
    if executor {
        engine = engine.with_executor(EXECUTOR_TOKEN).unwrap_or_else(|e| panic!("{e}"));
    }
    let gate = Gate::with_engine(std::sync::Arc::new(engine), policy(POLICY), GateConfig::new("shop"));
    let mut proxy = start_over(store, gate, command, StdioOptions::default());
    proxy.initialize().await;
    assert!(proxy.request("tools/list", json!({})).await["result"]["tools"].is_array());
    proxy
}

/// Attack 28's 1c with `--server` (F1001): the first call's tool takes 2.5 s, the server's `report_within` is 1 s; a
/// second call 1.6 s later must not be forwarded under `count: 1`. Red before ADR-1001: `Remote::mark_forwarded`
/// marked nothing, the server's next decision released the first one's reservation at its deadline, and the upstream
/// ran 2 calls. Both ways of reporting: the agent's own token, and an executor's (`--executor-token`).
#[tokio::test(flavor = "multi_thread")]
async fn with_server_a_forwarded_call_slower_than_report_within_keeps_its_reservation() {
    for executor in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let (store, url, server) = server(dir.path(), executor).await;
        let (command, calls) = upstream(dir.path(), 2.5);
        let mut proxy = remote_proxy(store.clone(), &url, executor, command).await;
        let answers = a_slow_call_then_another_past_the_deadline(&mut proxy, &calls).await;
        assert_eq!(
            ran(&calls),
            1,
            "executor {executor}: the second call ran past the first one's deadline: {answers:?}"
        );
        assert!(!is_error(&answers[&5]), "executor {executor}: {:?}", answers[&5]);
        assert!(is_error(&answers[&6]) && text(&answers[&6]).starts_with("NOT EXECUTED"), "{:?}", answers[&6]);
        // The proxy that started the call reported its outcome (the start mark did not make it an admin's to settle).
        let first = store.decision_checked(1, now_ms()).await.unwrap().unwrap();
        assert_eq!((first.request.action.as_str(), first.status), ("mcp.shop.pay", DecisionStatus::Executed));
        assert!(store.connector_starts().await.unwrap().contains_key(&1), "executor {executor}: no start mark");
        assert_ne!(store.decision_checked(2, now_ms()).await.unwrap().unwrap().verdict, Verdict::Permit);
        proxy.close().await;
        server.abort();
        assert_consistent(store.as_ref()).await;
    }
}

/// Attack 28's 3b with `--server` (F1001): the proxy stops while the upstream runs the call; past the server's
/// deadline the call is listed as a run that may have acted, a new proxy does not forward the next call under
/// `count: 1`, and an admin settles it through the server. Red before ADR-1001: 2 runs, nothing listed.
#[tokio::test(flavor = "multi_thread")]
async fn with_server_a_call_a_stopped_proxy_forwarded_keeps_its_reservation_until_an_admin_settles_it() {
    let dir = tempfile::tempdir().unwrap();
    let (store, url, server) = server(dir.path(), false).await;
    let (command, calls) = upstream(dir.path(), 20.0);
    let mut first = remote_proxy(store.clone(), &url, false, command.clone()).await;
    first.send(&call(5, "a")).await;
    until_ran(&calls, 1).await;
    first.task.abort();
    let _ = first.task.await;
    tokio::time::sleep(Duration::from_millis(1300)).await;
    let mut second = remote_proxy(store.clone(), &url, false, command).await;
    let answer = second.request("tools/call", json!({"name": "pay", "arguments": {"to": "b"}})).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(ran(&calls), 1, "a second call ran while the first one may have acted: {answer}");
    assert!(is_error(&answer) && text(&answer).starts_with("NOT EXECUTED"), "{answer}");
    let decision = store.decision_checked(1, now_ms()).await.unwrap().unwrap();
    assert_eq!((decision.verdict, decision.status), (Verdict::Permit, DecisionStatus::Intended));
    // What `foureyes unconfirmed` lists: started, it may have acted.
    assert_eq!(store.runs_by_connector(vec![1]).await.unwrap(), vec![true], "the forwarded call is not listed");
    assert!(store.connector_starts().await.unwrap().contains_key(&1));
    // An admin settles it through the server, journaled by name.
    let client = reqwest::Client::new();
    let settled = client
        .post(format!("{url}/v1/decisions/1/report"))
        .bearer_auth(ADMIN_TOKEN)
        .json(&json!({"outcome": "unknown", "detail": {"note": "the payee says one payment arrived"}}))
        .send()
        .await
        .unwrap();
    let status = settled.status();
    assert_eq!(status.as_u16(), 200, "{}", settled.text().await.unwrap());
    assert_eq!(store.decision_checked(1, now_ms()).await.unwrap().unwrap().status, DecisionStatus::Unknown);
    second.close().await;
    server.abort();
}

/// ADR-1002: against a server older than `POST /v1/decisions/{id}/started` (it answers 404), a permitted call is not
/// forwarded — forwarding it would leave it a deadline that releases its reservation while it runs (F1001). A fake
/// server that decides `permit` and knows every route the proxy used before ADR-1001.
#[tokio::test(flavor = "multi_thread")]
async fn with_a_server_without_the_start_endpoint_nothing_is_forwarded() {
    use axum::routing::{get, post};
    let decision = |id: &str, status: &str| {
        json!({
            "decision_id": 1, "request_id": id, "agent": "bot", "action": "mcp.shop.pay", "verdict": "permit",
            "reasons": [], "approval_id": null, "tier": 2, "status": status, "digest": "d", "budgets": [],
            "would_have": null, "supersedes": null, "decided_at_ms": 1, "reported_at_ms": null,
            "report_detail": null, "params": {"to": "a"}, "target": null, "undo_of": null
        })
    };
    let reported = std::sync::Arc::new(std::sync::Mutex::new(Vec::<Value>::new()));
    let seen = reported.clone();
    // First-seen pins, kept as the server keeps them (a pin the listing made, then checked before each call).
    let pins_written = std::sync::Arc::new(std::sync::Mutex::new(Vec::<Value>::new()));
    let pins_read = pins_written.clone();
    let app = axum::Router::new()
        .route("/v1/me", get(|| async { axum::Json(json!({"name": "bot", "role": "agent", "totp": false})) }))
        .route("/v1/deferrals", get(|| async { axum::Json(json!([])) }))
        .route(
            "/v1/mcp/pins",
            get(move || {
                let pins = pins_read.clone();
                async move { axum::Json(json!({"pins": *pins.lock().unwrap()})) }
            })
            .post(move |axum::Json(body): axum::Json<Value>| {
                let pins = pins_written.clone();
                async move {
                    let mut pin = body.clone();
                    pin["cause"] = json!("first_seen");
                    pin["by"] = json!("bot");
                    pins.lock().unwrap().push(pin);
                    axum::Json(json!({}))
                }
            }),
        )
        .route(
            "/v1/decide",
            post(move |axum::Json(body): axum::Json<Value>| async move {
                let mut d = decision(body["request_id"].as_str().unwrap_or_default(), "intended");
                d["replayed"] = json!(false);
                axum::Json(d)
            }),
        )
        .route(
            "/v1/decisions/{id}/report",
            post(move |axum::Json(body): axum::Json<Value>| {
                let seen = seen.clone();
                async move {
                    seen.lock().unwrap().push(body.clone());
                    axum::Json(decision("r", body["outcome"].as_str().unwrap_or("failed")))
                }
            }),
        )
        .fallback(|| async {
            (
                axum::http::StatusCode::NOT_FOUND,
                axum::Json(json!({"error": {"code": "not_found", "message": "no endpoint"}})),
            )
        });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    let dir = tempfile::tempdir().unwrap();
    let store = sqlite(dir.path());
    let (command, calls) = upstream(dir.path(), 0.0);
    let mut proxy = remote_proxy(store, &url, false, command).await;
    let answer = proxy.request("tools/call", json!({"name": "pay", "arguments": {"to": "a"}})).await;
    assert!(is_error(&answer), "{answer}");
    assert!(text(&answer).contains("upgrade the server"), "{answer}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(ran(&calls), 0, "forwarded although its start could not be journaled: {answer}");
    let reports = reported.lock().unwrap().clone();
    assert_eq!(reports.len(), 1, "{reports:?}");
    assert_eq!(reports[0]["outcome"], json!("failed"), "{reports:?}");
    proxy.close().await;
    server.abort();
}

/// Call 5 (a tool slower than `report_within`), then, once it runs and the deadline has passed, call 6: the two
/// answers by id.
async fn a_slow_call_then_another_past_the_deadline(
    proxy: &mut Proxy,
    calls: &Path,
) -> std::collections::BTreeMap<i64, Value> {
    proxy.send(&call(5, "a")).await;
    until_ran(calls, 1).await;
    tokio::time::sleep(Duration::from_millis(1600)).await;
    proxy.send(&call(6, "b")).await;
    let mut answers = std::collections::BTreeMap::new();
    while answers.len() < 2 {
        let m = proxy.recv().await;
        if let Some(id) = m.get("id").and_then(Value::as_i64).filter(|_| m.get("method").is_none()) {
            answers.insert(id, m);
        }
    }
    answers
}
