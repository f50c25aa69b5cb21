//! A stdio upstream behind the HTTP listener (`mcp-proxy --listen … -- <cmd>`): the real filesystem server (npm)
//! as a child process per session, driven by the official MCP Python SDK's Streamable HTTP client and by raw HTTP
//! requests (for the checks no SDK makes on purpose). The disk says what was forwarded.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::{DecisionStatus, Verdict};
use foureyes_mcp::bridge::{BridgeOptions, app};
use foureyes_mcp::{Gate, GateConfig};
use foureyes_store::Store;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The listener on a free loopback port, in this process, in front of the filesystem server over `root`.
async fn listen(store: Arc<dyn Store>, config: GateConfig, root: &Path) -> String {
    listen_with(store, config, root, 16).await
}

async fn listen_with(store: Arc<dyn Store>, config: GateConfig, root: &Path, max_sessions: usize) -> String {
    let gate = Arc::new(Gate::new(store, policy(FS_POLICY), config));
    let command = vec![filesystem_server().display().to_string(), root.display().to_string()];
    let mut options = BridgeOptions::new(command);
    options.max_sessions = max_sessions;
    let router = app(gate, options);
    serve_on_loopback(router).await
}

fn text(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_sdk_over_http_to_a_stdio_server_a_write_runs_once_after_approval() {
    let Sandbox { dir, root, store } = sandbox();
    std::fs::write(root.join("a.txt"), "alpha").unwrap();
    let url = listen(store.clone(), GateConfig::new("fs"), &root).await;
    let file = root.join("b.txt");
    let flag = dir.path().join("approved");
    let write = json!({"call": "write_file", "arguments": {"path": file.display().to_string(), "content": "bravo"}});
    let long = json!({"call": "write_file", "arguments": {"path": root.join("c.txt").display().to_string(), "content": "z".repeat(100)}});
    let steps = json!([
        {"call": "read_text_file", "arguments": {"path": root.join("a.txt").display().to_string()}},
        write, {"wait_for": flag.display().to_string()}, write, write, long,
    ]);
    let mut host = PythonHost::start(&url, steps);
    let server = host.next().await;
    assert_eq!(server["server"]["name"], json!("secure-filesystem-server"), "{server}");
    assert!(host.next().await["tools"].as_array().unwrap().contains(&json!("write_file")));
    let read = host.next().await["result"].clone();
    assert_eq!(text(&read), "alpha", "{read}");

    let held = host.next().await["result"].clone();
    assert_eq!(held["isError"], json!(true), "{held}");
    assert!(text(&held).starts_with("NOT EXECUTED — awaiting human approval"), "{held}");
    assert!(!file.exists(), "a deferred call reached the server");
    let approval = held["_meta"]["dev.foureyes/decision"]["approval_id"].as_i64().unwrap();
    store.approve(approval, "alice", None, now_ms()).await.unwrap();
    std::fs::write(&flag, "").unwrap();

    let released = host.next().await["result"].clone();
    assert_ne!(released["isError"], json!(true), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "bravo");
    std::fs::write(&file, "edited").unwrap();
    let again = host.next().await["result"].clone();
    assert!(text(&again).starts_with("NOT EXECUTED AGAIN"), "{again}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited", "the retry ran twice");
    let denied = host.next().await["result"].clone();
    assert!(text(&denied).starts_with("NOT EXECUTED — denied: param 'content'"), "{denied}");
    assert!(!root.join("c.txt").exists(), "a denied call reached the server");
    assert_eq!(host.child.wait().await.unwrap().code(), Some(0));

    let writes: Vec<(Verdict, DecisionStatus)> = store
        .decisions(Default::default())
        .await
        .unwrap()
        .iter()
        .filter(|d| d.request.action == "mcp.fs.write_file" && d.verdict == Verdict::Permit)
        .map(|d| (d.verdict, d.status))
        .collect();
    assert_eq!(writes, [(Verdict::Permit, DecisionStatus::Executed)]);
    assert_consistent(store.as_ref()).await;
}

/// A raw HTTP client: the checks an SDK would not make on purpose.
struct Raw {
    client: reqwest::Client,
    url: String,
}

impl Raw {
    fn new(url: &str) -> Raw {
        // reqwest is built without a default TLS provider (see the workspace Cargo.toml); plain http needs none,
        // but the client refuses to build without one.
        let _ = rustls::crypto::ring::default_provider().install_default();
        Raw { client: reqwest::Client::new(), url: url.to_string() }
    }

    fn post(&self, headers: &[(&str, &str)], body: &Value) -> reqwest::RequestBuilder {
        let mut request = self
            .client
            .post(&self.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(body.to_string());
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        request
    }

    /// Initializes a session; returns its id.
    async fn initialize(&self) -> String {
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}});
        let response = self.post(&[], &init).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let session = response.headers()["mcp-session-id"].to_str().unwrap().to_string();
        let body = response.text().await.unwrap();
        assert!(body.contains("secure-filesystem-server"), "{body}");
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let response = self.post(&[("mcp-session-id", &session)], &initialized).send().await.unwrap();
        assert_eq!(response.status(), 202);
        session
    }
}

/// The JSON messages of an SSE body read so far.
fn sse_messages(text: &str) -> Vec<Value> {
    text.split("\n\n")
        .filter_map(|event| event.lines().find_map(|l| l.strip_prefix("data: ")))
        .filter_map(|data| serde_json::from_str(data).ok())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_call_sends_progress_on_its_sse_response_until_it_is_approved() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let url = listen(store.clone(), holding_with_progress("fs"), &root).await;
    let raw = Raw::new(&url);
    let session = raw.initialize().await;
    let file = root.join("held.txt");
    let call = json!({"jsonrpc": "2.0", "id": "w1", "method": "tools/call", "params": {
        "name": "write_file", "arguments": {"path": file.display().to_string(), "content": "held"},
        "_meta": {"progressToken": "tok-1"}}});
    let mut response = raw.post(&[("mcp-session-id", &session)], &call).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = String::new();
    // Progress arrives while the call is held (and nothing ran).
    while sse_messages(&body).iter().filter(|m| m["method"] == json!("notifications/progress")).count() < 3 {
        let chunk = tokio::time::timeout(Duration::from_secs(10), response.chunk()).await.unwrap().unwrap().unwrap();
        body.push_str(&String::from_utf8_lossy(&chunk));
    }
    let progress = sse_messages(&body);
    assert_eq!(progress[0]["params"]["progressToken"], json!("tok-1"), "{body}");
    assert!(progress[0]["params"]["message"].as_str().unwrap().starts_with("awaiting human approval (approval "));
    assert!(progress.iter().all(|m| m.get("id").is_none()), "no answer yet: {body}");
    assert!(!file.exists());
    let pending = store.approvals(Some(foureyes_core::ApprovalStatus::Pending), now_ms()).await.unwrap();
    store.approve(pending[0].approval_id, "alice", None, now_ms()).await.unwrap();
    while let Some(chunk) = tokio::time::timeout(Duration::from_secs(10), response.chunk()).await.unwrap().unwrap() {
        body.push_str(&String::from_utf8_lossy(&chunk));
    }
    let answer = sse_messages(&body).into_iter().find(|m| m["id"] == json!("w1")).unwrap();
    assert_ne!(answer["result"]["isError"], json!(true), "{answer}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "held");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_are_child_processes_and_bad_requests_forward_nothing() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let url = listen(store.clone(), GateConfig::new("fs"), &root).await;
    let raw = Raw::new(&url);
    let first = raw.initialize().await;
    let second = raw.initialize().await;
    assert_ne!(first, second);
    assert_eq!(first.len(), 32, "a 128-bit random session id: {first}");
    let ping = json!({"jsonrpc": "2.0", "id": 5, "method": "ping"});
    // A JSON-only client gets a JSON body.
    let response = raw
        .client
        .post(&url)
        .header("content-type", "application/json")
        .header("accept", "application/json")
        .header("mcp-session-id", &first)
        .body(ping.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "application/json");
    assert_eq!(response.json::<Value>().await.unwrap()["id"], json!(5));

    let (no_session, unknown) = (raw.post(&[], &ping), raw.post(&[("mcp-session-id", "nope")], &ping));
    assert_eq!(no_session.send().await.unwrap().status(), 400);
    assert_eq!(unknown.send().await.unwrap().status(), 404);
    let file = root.join("x.txt");
    let write = json!({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
        "params": {"name": "write_file", "arguments": {"path": file.display().to_string(), "content": "x"}}});
    let origin = raw.post(&[("mcp-session-id", &first), ("origin", "http://evil.example")], &write);
    assert_eq!(origin.send().await.unwrap().status(), 403);
    let mismatch =
        raw.post(&[("mcp-session-id", &first), ("mcp-method", "tools/call"), ("mcp-name", "read_text_file")], &write);
    let response = mismatch.send().await.unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(response.json::<Value>().await.unwrap()["error"]["code"], json!(-32020));
    assert!(store.decisions(Default::default()).await.unwrap().is_empty(), "nothing above reached the gate");

    // A batch is gated call by call: the write (not permitted outright) is answered by the proxy, and nothing
    // in the batch runs it.
    let batch = json!([write, {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"arguments": {}}}]);
    let response = raw.post(&[("mcp-session-id", &first)], &batch).send().await.unwrap();
    let body = response.text().await.unwrap();
    let answers = sse_messages(&body);
    assert_eq!(answers.len(), 2, "{body}");
    assert!(answers.iter().any(|a| a["id"] == json!(6) && a["result"]["isError"] == json!(true)), "{body}");
    assert!(answers.iter().any(|a| a["id"] == json!(7) && a["error"]["code"] == json!(-32602)), "{body}");
    assert!(!file.exists(), "a gated call in a batch ran");

    // DELETE ends the session (and its process); the other session lives on.
    let response = raw.client.delete(&url).header("mcp-session-id", &first).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(raw.post(&[("mcp-session-id", &first)], &ping).send().await.unwrap().status(), 404);
    let alive = raw.post(&[("mcp-session-id", &second)], &ping).send().await.unwrap();
    assert!(alive.text().await.unwrap().contains("\"id\":5"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_sdk_over_http_approves_inline_on_the_calls_own_stream() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut config = GateConfig::new("fs");
    config.elicit_approver = Some("alice".into());
    let url = listen(store.clone(), config, &root).await;
    let file = root.join("inline.txt");
    let steps = json!([{"call": "write_file", "arguments": {"path": file.display().to_string(), "content": "yes"}}]);
    let spec = json!({"url": url, "steps": steps, "elicit": {"action": "accept", "approve": true}});
    let out = tokio::time::timeout(
        Duration::from_secs(60),
        tokio::process::Command::new(peer("venv/bin/python"))
            .arg(python_client_script())
            .arg(spec.to_string())
            .output(),
    )
    .await
    .unwrap()
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(lines.iter().any(|l| l["elicited"].as_str().is_some_and(|m| m.contains("mcp.fs.write_file"))), "{stdout}");
    let result = lines.iter().find_map(|l| l.get("result")).unwrap();
    assert_ne!(result["isError"], json!(true), "{result}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "yes");
    let approvals = store.approvals(None, now_ms()).await.unwrap();
    assert_eq!(approvals[0].approvers, ["alice"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_left_without_delete_make_room_for_new_ones() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let url = listen_with(store, GateConfig::new("fs"), &root, 2).await;
    let raw = Raw::new(&url);
    let (first, second) = (raw.initialize().await, raw.initialize().await);
    let ping = json!({"jsonrpc": "2.0", "id": 1, "method": "ping"});
    // The first is used again, so the second is the least recently used when a third arrives.
    assert_eq!(raw.post(&[("mcp-session-id", &first)], &ping).send().await.unwrap().status(), 200);
    let third = raw.initialize().await;
    assert_eq!(raw.post(&[("mcp-session-id", &second)], &ping).send().await.unwrap().status(), 404);
    for alive in [&first, &third] {
        assert_eq!(raw.post(&[("mcp-session-id", alive)], &ping).send().await.unwrap().status(), 200);
    }
}
