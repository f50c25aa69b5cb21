//! Issue #19 / attack 27 (ADR-935): a key given twice in the client's own message. serde_json (the proxy's reader)
//! keeps the last value; an upstream whose reader keeps the first (`tests/peers/py_first_wins.py`, Python with an
//! `object_pairs_hook` that keeps the first) acts on the other one. The proxy forwards a permitted `tools/call` as its
//! own serialization of what it decided (ADR-60), and refuses one whose params have a key twice (`ambiguous_tool_call`):
//! the first test shows what the upstream actually receives. Every other client message was forwarded as the bytes
//! that came, so a `resources/read` or `prompts/get` checked against its pin under the last `uri`/`name` (ADR-282)
//! read the first one at the upstream: a changed, hidden resource was read. Now such a message is refused with a
//! JSON-RPC error, journaled, and forwarded nowhere.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use foureyes_store::Store;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

const POLICY: &str = "version: 1\nactions:\n  mcp.doc.t: { tier: 0, params: { to: { type: string } } }\n";

fn first_wins(mode: &str, record: &Path) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/py_first_wins.py");
    vec!["python3".into(), script.display().to_string(), mode.into(), record.display().to_string()]
}

/// The lines the upstream received.
fn received(record: &Path) -> Vec<String> {
    std::fs::read_to_string(record).unwrap_or_default().lines().map(str::to_string).collect()
}

/// The answer to request `id`, skipping other messages.
async fn answer(proxy: &mut Proxy, id: i64) -> Value {
    loop {
        let message = proxy.recv().await;
        if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
            return message;
        }
    }
}

/// A proxy over the first-wins upstream in `mode`, initialized, with everything listed once (pins first seen).
async fn listed(store: &std::sync::Arc<foureyes_store_sqlite::SqliteStore>, mode: &str, record: &Path) -> Proxy {
    let gate = Gate::new(store.clone(), policy(POLICY), GateConfig::new("doc"));
    let mut proxy = start(gate, first_wins(mode, record), StdioOptions::default());
    proxy.initialize().await;
    for method in ["tools/list", "resources/list", "prompts/list"] {
        let listing = proxy.request(method, json!({})).await;
        assert!(listing.get("result").is_some(), "{method}: {listing}");
    }
    proxy
}

fn scratch() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("received.jsonl");
    (dir, record)
}

/// What the upstream receives of a `tools/call` with a key twice: nothing (refused, journaled `ambiguous_tool_call`),
/// and of a permitted call the proxy's own serialization (no key twice in any line it receives). Held on the code
/// before ADR-935 too (ADR-60): the test pins it down against a reader that keeps the first value.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp11_a_tools_call_with_a_key_twice_never_reaches_a_first_wins_upstream() {
    let (dir, record) = scratch();
    let store = sqlite(dir.path());
    let mut proxy = listed(&store, "v0", &record).await;
    let calls: [&[u8]; 3] = [
        br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"pay","name":"t","arguments":{}}}"#,
        br#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"t","arguments":{"to":"mallory","to":"bob"}}}"#,
        br#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"t","arguments":{"a":{"x":1,"x":2}}}}"#,
    ];
    for (id, call) in (7..).zip(calls) {
        proxy.send_raw(&[call, b"\n"].concat()).await;
        let refused = answer(&mut proxy, id).await;
        assert!(!text(&refused).contains("RAN"), "{refused}");
        assert!(is_error(&refused) || refused.get("error").is_some(), "{refused}");
    }
    let ran = proxy.call("t", json!({"to": "bob"})).await;
    assert_eq!(text(&ran), r#"RAN t {"to": "bob"}"#, "{ran}");
    proxy.close().await;
    let lines = received(&record);
    for line in &lines {
        assert!(foureyes_mcp::jsonrpc::one_value(line.as_bytes()).is_ok(), "the upstream received a key twice: {line}");
        assert!(!line.contains("mallory") && !line.contains("\"pay\""), "{line}");
    }
    assert_eq!(lines.iter().filter(|l| l.contains("tools/call")).count(), 1, "{lines:?}");
    let journal = store.journal(0, 10_000).await.unwrap();
    let ambiguous = journal.iter().filter(|e| e.data["code"] == json!("ambiguous_tool_call")).count();
    assert_eq!(ambiguous, 3, "every refused call is journaled");
}

/// The hole (ADR-935): `res://secret` is pinned as "v0", then listed changed, so the proxy hides it and refuses its
/// reads. A `resources/read` (and a `prompts/get`) naming it first and `res://ok` last was checked as `res://ok` and
/// forwarded as it came. Seen red on the code before the fix: the upstream answered "READ res://secret". Now it is
/// refused with a JSON-RPC error, journaled (`ambiguous_message`), and the upstream receives no line with a key twice,
/// on its own or in a batch; a notification with a key twice goes nowhere either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp11_a_read_with_a_key_twice_cannot_reach_a_hidden_resource() {
    let (dir, record) = scratch();
    let store = sqlite(dir.path());
    listed(&store, "v0", &record).await.close().await;
    let mut proxy = listed(&store, "changed", &record).await;
    // The changed resource itself is refused (ADR-282).
    let direct = proxy.request("resources/read", json!({"uri": "res://secret"})).await;
    assert!(direct.get("error").is_some(), "{direct}");
    // The last: Go's `encoding/json` (the Go SDK) reads `URI` into the `uri` field, after `uri`.
    let sent: [&[u8]; 3] = [
        br#"{"jsonrpc":"2.0","id":21,"method":"resources/read","params":{"uri":"res://secret","uri":"res://ok"}}"#,
        br#"{"jsonrpc":"2.0","id":22,"method":"prompts/get","params":{"name":"secret","name":"ok"}}"#,
        br#"{"jsonrpc":"2.0","id":25,"method":"resources/read","params":{"uri":"res://ok","URI":"res://secret"}}"#,
    ];
    for (id, message) in [21, 22, 25].into_iter().zip(sent) {
        proxy.send_raw(&[message, b"\n"].concat()).await;
        let refused = answer(&mut proxy, id).await;
        assert!(!refused.to_string().contains("secret\""), "the hidden definition was read: {refused}");
        assert!(!refused.to_string().contains("READ") && !refused.to_string().contains("GOT"), "{refused}");
        assert_eq!(refused["error"]["code"], json!(-32600), "{refused}");
    }
    // In a batch: the element is refused, the rest goes.
    let batch = br#"[{"jsonrpc":"2.0","id":23,"method":"resources/read","params":{"uri":"res://secret","uri":"res://ok"}},{"jsonrpc":"2.0","id":24,"method":"resources/read","params":{"uri":"res://ok"}}]"#;
    proxy.send_raw(&[&batch[..], b"\n"].concat()).await;
    let answers = proxy.recv().await;
    let answers = answers.as_array().unwrap_or_else(|| panic!("not a batch answer: {answers}"));
    let of = |id: i64| answers.iter().find(|a| a["id"] == json!(id)).unwrap_or_else(|| panic!("{answers:?}"));
    assert_eq!(of(23)["error"]["code"], json!(-32600), "{answers:?}");
    assert_eq!(of(24)["result"]["contents"][0]["text"], json!("READ res://ok"), "{answers:?}");
    // A notification with a key twice is forwarded nowhere.
    proxy
        .send_raw(
            b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\",\"params\":{\"a\":1,\"a\":2}}\n",
        )
        .await;
    let after = proxy.request("resources/read", json!({"uri": "res://ok"})).await;
    assert_eq!(after["result"]["contents"][0]["text"], json!("READ res://ok"), "{after}");
    proxy.close().await;
    for line in received(&record) {
        assert!(foureyes_mcp::jsonrpc::one_value(line.as_bytes()).is_ok(), "the upstream received a key twice: {line}");
        assert!(!line.contains("res://secret"), "{line}");
    }
    let journal = store.journal(0, 10_000).await.unwrap();
    let refused: Vec<&Value> =
        journal.iter().filter(|e| e.data["code"] == json!("ambiguous_message")).map(|e| &e.data).collect();
    assert_eq!(refused.len(), 5, "every refused message is journaled: {refused:?}");
    assert!(refused.iter().any(|r| r["input"]["method"] == json!("resources/read")), "{refused:?}");
}

/// Kills the child (by its own handle) when dropped.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// ADR-935 over `--listen`: with `--upstream` (the first-wins server over Streamable HTTP) and as the bridge (the
/// first-wins server over stdio behind the listener), a message with a key twice is answered with a JSON-RPC error,
/// on its own or in a batch, journaled, and the upstream receives no body with a key twice. Seen red with the check
/// disabled (`cargo xtask teeth "(ADR-935)"`, which is the code before the fix for these messages).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp11_over_http_a_message_with_a_key_twice_is_refused_and_journaled() {
    let (dir, record) = scratch();
    let store = sqlite(dir.path());
    let port = free_port();
    let mut command = first_wins("v0", &record);
    command.push(port.to_string());
    let _upstream = Killed(std::process::Command::new(&command[0]).args(&command[1..]).spawn().unwrap());
    listening(port).await;
    let gate = std::sync::Arc::new(Gate::new(store.clone(), policy(POLICY), GateConfig::new("doc")));
    let over_http = serve_http_proxy(gate, port).await;
    let bridged = dir.path().join("bridged.jsonl");
    let gate = std::sync::Arc::new(Gate::new(store.clone(), policy(POLICY), GateConfig::new("doc")));
    let options = foureyes_mcp::bridge::BridgeOptions::new(first_wins("v0", &bridged));
    let bridge = serve_on_loopback(foureyes_mcp::bridge::app(gate, options)).await;
    let wait = std::time::Duration::from_secs(20);
    for url in [over_http, bridge] {
        let session = initialized_session(&url).await;
        let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
        let read =
            br#"{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"res://secret","uri":"res://ok"}}"#;
        let (_, _, body) = http_post_within(&url, &headers, read, wait).await;
        let answers = messages_of(&body);
        let answer = answers.iter().find(|m| m["id"] == json!(5)).unwrap_or_else(|| panic!("{url}: {body}"));
        assert_eq!(answer["error"]["code"], json!(-32600), "{url}: {body}");
        assert!(!body.contains("READ"), "{url}: {body}");
        let batch = br#"[{"jsonrpc":"2.0","id":6,"method":"prompts/get","params":{"name":"secret","name":"ok"}},{"jsonrpc":"2.0","id":7,"method":"tools/list"}]"#;
        let (_, _, body) = http_post_within(&url, &headers, batch, wait).await;
        let answers = messages_of(&body);
        let of = |id: i64| answers.iter().find(|m| m["id"] == json!(id)).unwrap_or_else(|| panic!("{url}: {body}"));
        assert_eq!(of(6)["error"]["code"], json!(-32600), "{url}: {body}");
        // The rest of the batch: forwarded by the bridge; over `--upstream` a batch goes whole or not at all.
        assert!(of(7).get("result").is_some() || of(7)["error"]["code"] == json!(-32600), "{url}: {body}");
        assert!(!body.contains("GOT"), "{url}: {body}");
    }
    for line in received(&record).iter().chain(&received(&bridged)) {
        assert!(foureyes_mcp::jsonrpc::one_value(line.as_bytes()).is_ok(), "the upstream received a key twice: {line}");
    }
    let journal = store.journal(0, 10_000).await.unwrap();
    let refused = journal.iter().filter(|e| e.data["code"] == json!("ambiguous_message")).count();
    assert_eq!(refused, 4, "every refused message is journaled");
}
