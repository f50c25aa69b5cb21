//! The Streamable HTTP transport in front of the real `@modelcontextprotocol/server-everything streamableHttp`
//! (npm), driven by the official MCP Python SDK's Streamable HTTP client and the MCP Inspector CLI: sessions and
//! SSE responses pass through, tool calls are gated and reported, `tools/list` is filtered inside an SSE event,
//! foreign origins and mismatched `Mcp-Method`/`Mcp-Name` headers are refused before anything is forwarded.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::{ApprovalStatus, DecisionStatus, Verdict};
use foureyes_mcp::http::{HttpOptions, app, serve};
use foureyes_mcp::{Gate, GateConfig};
use foureyes_store::Store;
use foureyes_store_sqlite::SqliteStore;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const POLICY: &str = r#"
version: 1
actions:
  mcp.ev.echo: { tier: 0, params: { message: { type: string, max_len: 100 } } }
  mcp.ev.get-sum: { tier: 0, params: { a: { type: number, max: 100 }, b: { type: number, max: 100 } } }
"#;

/// The real server-everything over Streamable HTTP on a free loopback port; killed on drop.
struct Everything {
    _child: tokio::process::Child,
    url: String,
}

async fn everything() -> Everything {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = tokio::process::Command::new(peer("npm/node_modules/.bin/mcp-server-everything"))
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let start = Instant::now();
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "server-everything did not listen on {port}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Everything { _child: child, url: format!("http://127.0.0.1:{port}/mcp") }
}

/// The proxy on a free loopback port, in this process; returns its URL.
async fn proxy(store: Arc<dyn Store>, upstream: &str, config: GateConfig) -> String {
    let gate = Arc::new(Gate::new(store, policy(POLICY), config));
    let router = app(gate, HttpOptions::new(upstream)).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(serve(listener, router));
    url
}

/// The set-up of every test here: server-everything, a store in a temporary folder, and the proxy in front of the
/// server under `config`. Bind every field: dropping `_upstream` kills the server, dropping `dir` deletes the store.
struct Setup {
    _upstream: Everything,
    dir: tempfile::TempDir,
    store: Arc<SqliteStore>,
    url: String,
}

async fn setup(config: GateConfig) -> Setup {
    let upstream = everything().await;
    let dir = tempfile::tempdir().unwrap();
    let store = sqlite(dir.path());
    let url = proxy(store.clone(), &upstream.url, config).await;
    Setup { _upstream: upstream, dir, store, url }
}

/// One raw HTTP/1.1 POST (the checks that no SDK client would make on purpose); returns status and body.
async fn raw_post(url: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    let (status, _, body) = raw_request("POST", url, headers, body).await;
    (status, body)
}

/// One raw HTTP/1.1 request; returns the status, the head and the body. A `text/event-stream` body is not read
/// (the stream stays open): its head is enough.
async fn raw_request(method: &str, url: &str, headers: &[(&str, &str)], body: &str) -> (u16, String, String) {
    let authority = url.trim_start_matches("http://").split('/').next().unwrap();
    let mut stream = tokio::net::TcpStream::connect(authority).await.unwrap();
    let mut request = format!(
        "{method} /mcp HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        request.push_str(&format!("{k}: {v}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf)).await.unwrap().unwrap();
        response.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&response).to_lowercase();
        let streaming = text.contains("content-type: text/event-stream") && text.contains("\r\n\r\n");
        if n == 0 || streaming {
            break;
        }
    }
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response.split(' ').nth(1).unwrap().parse().unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    (status, head.to_string(), body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_sdk_over_streamable_http_gated_calls_sse_and_sessions() {
    let mut config = GateConfig::new("ev");
    config.hide_denied = true;
    let Setup { _upstream, dir, store, url } = setup(config).await;
    let flag = dir.path().join("approved");
    let steps = json!([
        {"call": "echo", "arguments": {"message": "through the door"}},
        {"call": "get-sum", "arguments": {"a": 500, "b": 1}},
        {"call": "get-sum", "arguments": {"a": 2, "b": 3}},
        {"call": "get-tiny-image", "arguments": {}},
        {"wait_for": flag.display().to_string()},
        {"call": "get-tiny-image", "arguments": {}},
    ]);
    let mut host = PythonHost::start(&url, steps);
    let server = host.next().await;
    assert_eq!(server["server"]["name"], json!("mcp-servers/everything"), "{server}");
    // --hide-denied rewrote the tools/list answer inside its SSE event: only the tools the policy names.
    let tools = host.next().await;
    assert_eq!(tools["tools"], json!(["echo", "get-sum"]), "{tools}");

    let echo = host.next().await["result"].clone();
    assert_eq!(echo["content"][0]["text"], json!("Echo: through the door"), "{echo}");
    let denied = host.next().await["result"].clone();
    assert_eq!(denied["isError"], json!(true));
    assert!(denied["content"][0]["text"].as_str().unwrap().contains("param 'a'=500 above max 100"), "{denied}");
    let sum = host.next().await["result"].clone();
    assert!(sum["content"][0]["text"].as_str().unwrap().contains('5'), "{sum}");

    // A tool the policy does not name (hidden from the list, but a model may still call it): held for a person.
    let held = host.next().await["result"].clone();
    let approval = held["_meta"]["dev.foureyes/decision"]["approval_id"].as_i64().unwrap();
    assert!(held["content"][0]["text"].as_str().unwrap().starts_with("NOT EXECUTED — awaiting human approval"));
    store.approve(approval, "alice", None, now_ms()).await.unwrap();
    std::fs::write(&flag, "").unwrap();
    let image = host.next().await["result"].clone();
    assert!(image["content"].as_array().unwrap().iter().any(|c| c["type"] == json!("image")), "{image}");
    assert_eq!(host.child.wait().await.unwrap().code(), Some(0));

    let decisions = store.decisions(Default::default()).await.unwrap();
    let summary: Vec<(String, Verdict, DecisionStatus)> =
        decisions.iter().rev().map(|d| (d.request.action.clone(), d.verdict, d.status)).collect();
    assert_eq!(
        summary,
        [
            ("mcp.ev.echo".to_string(), Verdict::Permit, DecisionStatus::Executed),
            ("mcp.ev.get-sum".to_string(), Verdict::Deny, DecisionStatus::Closed),
            ("mcp.ev.get-sum".to_string(), Verdict::Permit, DecisionStatus::Executed),
            ("mcp.ev.get-tiny-image".to_string(), Verdict::Defer, DecisionStatus::Superseded),
            ("mcp.ev.get-tiny-image".to_string(), Verdict::Permit, DecisionStatus::Executed),
        ]
    );
    assert_eq!(store.approval(approval, now_ms()).await.unwrap().unwrap().status, ApprovalStatus::Consumed);
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_and_mismatched_headers_are_refused_before_forwarding() {
    let Setup { _upstream, dir: _dir, store, url } = setup(GateConfig::new("ev")).await;
    let call = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"message":"x"}}}"#;

    let (status, body) = raw_post(&url, &[("Origin", "http://evil.example")], call).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = raw_post(&url, &[("Mcp-Method", "tools/call"), ("Mcp-Name", "get-sum")], call).await;
    assert_eq!(status, 400, "{body}");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert_eq!((error["id"].clone(), error["error"]["code"].clone()), (json!(7), json!(-32020)), "{body}");
    let (status, body) = raw_post(&url, &[("Mcp-Method", "tools/list")], call).await;
    assert_eq!((status, serde_json::from_str::<Value>(&body).unwrap()["error"]["code"].clone()), (400, json!(-32020)));
    let (status, body) = raw_post(&url, &[], "{not json").await;
    assert_eq!((status, serde_json::from_str::<Value>(&body).unwrap()["error"]["code"].clone()), (400, json!(-32700)));
    // Nothing above was decided or forwarded.
    assert!(store.decisions(Default::default()).await.unwrap().is_empty());

    // Matching headers (base64 form included) and a loopback origin pass to the gate, which lists the tools first
    // (ADR-402); without a session the upstream refuses that listing, so the call is refused and never decided.
    let headers =
        [("Origin", "http://localhost:6274"), ("Mcp-Method", "tools/call"), ("Mcp-Name", "=?base64?ZWNobw==?=")];
    let (status, body) = raw_post(&url, &headers, call).await;
    assert_ne!(status, 403, "{body}");
    assert!(body.contains("could not list them itself"), "{body}");
    assert!(store.decisions(Default::default()).await.unwrap().is_empty(), "{body}");
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_inspector_cli_over_http_sees_permitted_and_denied_calls() {
    let Setup { _upstream, dir: _dir, store, url } = setup(GateConfig::new("ev")).await;
    let inspector = |args: Vec<String>| {
        let url = url.clone();
        async move {
            let out = tokio::process::Command::new(peer("npm/node_modules/.bin/mcp-inspector"))
                .args(["--cli", &url, "--transport", "http", "--method", "tools/call"])
                .args(args)
                .output()
                .await
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(out.status.success(), "the Inspector failed: {stdout} {}", String::from_utf8_lossy(&out.stderr));
            serde_json::from_str::<Value>(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
        }
    };
    let echo = inspector(vec!["--tool-name".into(), "echo".into(), "--tool-arg".into(), "message=hello".into()]).await;
    assert_eq!(echo["content"][0]["text"], json!("Echo: hello"), "{echo}");
    let args = ["--tool-name", "get-sum", "--tool-arg", "a=1000", "--tool-arg", "b=1"].map(String::from).to_vec();
    let denied = inspector(args).await;
    assert_eq!(denied["isError"], json!(true), "{denied}");
    assert!(denied["content"][0]["text"].as_str().unwrap().starts_with("NOT EXECUTED — denied"), "{denied}");
    let decisions = store.decisions(Default::default()).await.unwrap();
    assert_eq!(decisions.iter().filter(|d| d.status == DecisionStatus::Executed).count(), 1);
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_the_get_stream_and_delete_pass_through_untouched() {
    let Setup { _upstream, dir: _dir, store, url } = setup(GateConfig::new("ev")).await;
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;
    let (status, head, _) = raw_request("POST", &url, &[], init).await;
    assert_eq!(status, 200, "{head}");
    let session = head
        .lines()
        .find_map(|l| l.to_lowercase().strip_prefix("mcp-session-id: ").map(str::to_string))
        .unwrap_or_else(|| panic!("the upstream's session header did not pass: {head}"));
    let with_session = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-11-25")];
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    assert_eq!(raw_request("POST", &url, &with_session, initialized).await.0, 202);
    // The GET stream for server-initiated messages opens through the proxy.
    let (status, head, _) = raw_request("GET", &url, &with_session, "").await;
    assert_eq!(status, 200, "{head}");
    assert!(head.to_lowercase().contains("content-type: text/event-stream"), "{head}");
    // DELETE ends the session at the upstream; the session is then unknown there.
    let (status, head, _) = raw_request("DELETE", &url, &with_session, "").await;
    assert!(status == 200 || status == 204, "{status} {head}");
    let ping = r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
    let (status, _, body) = raw_request("POST", &url, &with_session, ping).await;
    // This upstream says 400 for a session it no longer knows (the spec suggests 404): either way, the proxy
    // passed on what the upstream said.
    assert!(matches!(status, 400 | 404) && body.contains("session"), "{status} {body}");
    assert!(store.decisions(Default::default()).await.unwrap().is_empty(), "nothing here was a tool call");
}

/// A session on the proxy, with reqwest (for reading SSE responses as they stream).
async fn session(url: &str) -> (reqwest::Client, String) {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::new();
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}});
    let response = post(&client, url, None, &init).send().await.unwrap();
    let id = response.headers()["mcp-session-id"].to_str().unwrap().to_string();
    let _ = response.text().await.unwrap();
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(post(&client, url, Some(&id), &initialized).send().await.unwrap().status(), 202);
    (client, id)
}

fn post(client: &reqwest::Client, url: &str, session: Option<&str>, body: &Value) -> reqwest::RequestBuilder {
    let mut request = client
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2025-11-25")
        .body(body.to_string());
    if let Some(id) = session {
        request = request.header("mcp-session-id", id);
    }
    request
}

/// The JSON messages in an SSE body (or a plain JSON body).
fn messages(text: &str) -> Vec<Value> {
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        return vec![value];
    }
    text.split("\n\n")
        .filter_map(|event| event.lines().find_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:"))))
        .filter_map(|data| serde_json::from_str(data).ok())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_http_call_streams_progress_then_the_upstreams_answer() {
    let Setup { _upstream, dir: _dir, store, url } = setup(holding_with_progress("ev")).await;
    let (client, id) = session(&url).await;
    // A tool the policy does not name: held for a person, with a progress token.
    let call = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
        "params": {"name": "get-tiny-image", "arguments": {}, "_meta": {"progressToken": 77}}});
    let mut response = post(&client, &url, Some(&id), &call).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = String::new();
    while messages(&body).len() < 2 {
        let chunk = tokio::time::timeout(Duration::from_secs(10), response.chunk()).await.unwrap().unwrap().unwrap();
        body.push_str(&String::from_utf8_lossy(&chunk));
    }
    for progress in messages(&body) {
        assert_eq!(progress["method"], json!("notifications/progress"), "{body}");
        assert_eq!(progress["params"]["progressToken"], json!(77), "{body}");
    }
    let pending = store.approvals(Some(ApprovalStatus::Pending), now_ms()).await.unwrap();
    assert_eq!(pending.len(), 1);
    store.approve(pending[0].approval_id, "alice", None, now_ms()).await.unwrap();
    while let Some(chunk) = tokio::time::timeout(Duration::from_secs(10), response.chunk()).await.unwrap().unwrap() {
        body.push_str(&String::from_utf8_lossy(&chunk));
    }
    let answer = messages(&body).into_iter().find(|m| m["id"] == json!(9)).unwrap_or_else(|| panic!("{body}"));
    assert!(answer["result"]["content"].as_array().unwrap().iter().any(|c| c["type"] == json!("image")), "{answer}");
    let decisions = store.decisions(Default::default()).await.unwrap();
    assert_eq!((decisions[0].verdict, decisions[0].status), (Verdict::Permit, DecisionStatus::Executed));
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batches_are_gated_and_their_tools_list_is_filtered() {
    let mut config = GateConfig::new("ev");
    config.hide_denied = true;
    let Setup { _upstream, dir: _dir, store, url } = setup(config).await;
    let (client, id) = session(&url).await;

    // A tools/list inside a batch is filtered like a lone one.
    let batch =
        json!([{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, {"jsonrpc": "2.0", "id": 2, "method": "ping"}]);
    let body = post(&client, &url, Some(&id), &batch).send().await.unwrap().text().await.unwrap();
    let answers: Vec<Value> =
        messages(&body).into_iter().flat_map(|m| m.as_array().cloned().unwrap_or(vec![m])).collect();
    let list = answers.iter().find(|a| a["id"] == json!(1)).unwrap_or_else(|| panic!("{body}"));
    let names: Vec<&str> =
        list["result"]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["echo", "get-sum"], "{body}");
    assert!(answers.iter().any(|a| a["id"] == json!(2)), "{body}");

    // A tools/call without an id (which a server might run as a notification) never leaves the proxy, and
    // nothing else in its batch does either.
    let batch = json!([
        {"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "echo", "arguments": {"message": "sneaky"}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "echo", "arguments": {"message": "ok"}}},
    ]);
    let body = post(&client, &url, Some(&id), &batch).send().await.unwrap().text().await.unwrap();
    let answers = messages(&body).remove(0);
    let answers = answers.as_array().unwrap_or_else(|| panic!("{body}"));
    assert_eq!(answers.len(), 2, "{body}");
    assert!(answers.iter().all(|a| a["error"]["code"] == json!(-32600)), "{body}");
    // A batch with an element that may not go is answered whole before anything in it is decided: the permitted
    // call neither runs nor reserves anything.
    let decisions = store.decisions(Default::default()).await.unwrap();
    assert!(decisions.is_empty(), "{decisions:#?}");
    assert_consistent(store.as_ref()).await;
}

/// Attack 30 S1: an HTTP upstream (or a gateway or framework in front of it) that runs the tool and then answers
/// the POST with a 4xx. The proxy took the 4xx for "refused before dispatch" (ADR-341), reported the call `failed`
/// and released its reservation: under `count: 1` a second call ran (10 of 10 statuses). A status that arrives after
/// the call was sent proves nothing about the tool: the call is `unknown` and keeps its reservation (ADR-384).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_4xx_after_the_call_was_sent_keeps_the_reservation() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    const LIMITED: &str = "version: 1\nactions:\n  mcp.ev.pay: { tier: 0, params: { amount: { type: number, max: 100 } }, limits: [{ count: 1, per: 1h }] }\n";
    for status in [400u16, 404, 409, 429] {
        let ran = Arc::new(AtomicUsize::new(0));
        let counter = ran.clone();
        let upstream = axum::Router::new().route(
            "/mcp",
            axum::routing::post(move |body: String| {
                let counter = counter.clone();
                async move {
                    if body.contains("\"tools/call\"") {
                        counter.fetch_add(1, Ordering::SeqCst);
                    }
                    (axum::http::StatusCode::from_u16(status).unwrap(), "the tool ran; the framework answered this")
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let upstream_url = format!("http://{}/mcp", listener.local_addr().unwrap());
        let server = tokio::spawn(async move { axum::serve(listener, upstream).await });
        let dir = tempfile::tempdir().unwrap();
        let store = sqlite(dir.path());
        let mut config = GateConfig::new("ev");
        config.pin_tools = false;
        let gate = Arc::new(Gate::new(store.clone(), policy(LIMITED), config));
        let router = app(gate, HttpOptions::new(&upstream_url)).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/mcp", listener.local_addr().unwrap());
        let proxy = tokio::spawn(serve(listener, router));
        for n in 1..=2 {
            let call = json!({"jsonrpc": "2.0", "id": n, "method": "tools/call",
                "params": {"name": "pay", "arguments": {"amount": n}}});
            raw_post(&url, &[("MCP-Protocol-Version", "2025-11-25")], &call.to_string()).await;
        }
        let decisions = store.decisions(Default::default()).await.unwrap();
        let shown: Vec<_> = decisions.iter().map(|d| (d.decision_id, d.verdict, d.status)).collect();
        assert_eq!(ran.load(Ordering::SeqCst), 1, "HTTP {status}: a second call ran under `count: 1`: {shown:?}");
        let first = decisions.iter().min_by_key(|d| d.decision_id).unwrap();
        assert_eq!(first.verdict, Verdict::Permit, "HTTP {status}");
        assert_eq!(first.status, DecisionStatus::Unknown, "HTTP {status}: {first:?}");
        proxy.abort();
        server.abort();
    }
}
