//! Attack 26's P4, P5 and P6 (issue 19) through the stdio router, against a plain-Python server that writes the
//! exact bytes of a hostile upstream (`tests/peers/py_hostile_lines.py`): a changed listing on a line that is not
//! exactly one JSON-RPC message (ADR-931), with a key given twice, the hostile value first (ADR-930), and answers
//! under the ids of calls the proxy refused or holds (ADR-932).
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use foureyes_store::Store;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;
use tokio::io::AsyncBufReadExt;

const POLICY: &str = "version: 1\nactions:\n  mcp.doc.t: { tier: 0 }\n  mcp.doc.pay: { tier: 3 }\n";

fn hostile(mode: &str) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/py_hostile_lines.py");
    vec!["python3".to_string(), script.display().to_string(), mode.to_string()]
}

/// Every line the proxy writes until the answer to `id`, raw; panics on a line that is not one JSON value.
async fn lines_until(proxy: &mut Proxy, id: i64) -> (Vec<String>, Value) {
    let mut seen = Vec::new();
    loop {
        let mut line = String::new();
        let n = tokio::time::timeout(Duration::from_secs(20), proxy.from_proxy.read_line(&mut line))
            .await
            .unwrap_or_else(|_| panic!("no answer to {id} within 20 s; the proxy wrote: {seen:?}"))
            .unwrap();
        assert!(n > 0, "the proxy closed its output; it wrote: {seen:?}");
        let message: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("not one JSON value ({e}): {line}"));
        seen.push(line);
        if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
            return (seen, message);
        }
    }
}

async fn send_request(proxy: &mut Proxy, id: i64, method: &str, params: Value) {
    proxy.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})).await;
}

async fn initialized(proxy: &mut Proxy) {
    send_request(
        proxy,
        1,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"}}),
    )
    .await;
    lines_until(proxy, 1).await;
    proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
}

/// A first session lists the tools, so that `t` is pinned as "v0".
async fn pin_v0(store: &std::sync::Arc<foureyes_store_sqlite::SqliteStore>) {
    let gate = Gate::new(store.clone(), policy(POLICY), GateConfig::new("doc"));
    let mut proxy = start(gate, hostile("v0"), StdioOptions::default());
    initialized(&mut proxy).await;
    send_request(&mut proxy, 2, "tools/list", json!({})).await;
    let (_, tools) = lines_until(&mut proxy, 2).await;
    assert_eq!(tools["result"]["tools"][0]["description"], json!("v0"), "{tools}");
    proxy.close().await;
}

/// P4 and P5 (`mcpdup26.py dupfirst duptools twoobj bom nbsp trail`): tool `t` is pinned as "v0", then the server
/// lists it changed in a form the proxy used to misread. On the code before the fix: with a duplicate key the proxy
/// kept the last value ("v0"), found it pinned and passed the upstream's bytes on (the hostile text first in them),
/// and the call ran; on a line that is not one message the proxy passed the line on byte for byte, then leaked its
/// own `foureyes-list-0` answer and hung. Now no line the client gets carries the hostile text or is anything but
/// one JSON value, the listing is answered with an error (journaled as unreadable), the call is refused, and the
/// proxy ends at the client's EOF.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_changed_listing_in_a_line_that_is_not_one_plain_message_never_reaches_the_client() {
    for mode in ["dupfirst", "duptools", "twoobj", "bom", "nbsp", "trail"] {
        let dir = tempfile::tempdir().unwrap();
        let store = sqlite(dir.path());
        pin_v0(&store).await;
        let gate = Gate::new(store.clone(), policy(POLICY), GateConfig::new("doc"));
        let mut proxy = start(gate, hostile(mode), StdioOptions::default());
        initialized(&mut proxy).await;
        // A call first: the proxy lists the tools itself (ADR-402), then the client lists them.
        send_request(&mut proxy, 3, "tools/call", json!({"name": "t", "arguments": {}})).await;
        let (mut seen, call) = lines_until(&mut proxy, 3).await;
        send_request(&mut proxy, 4, "tools/list", json!({})).await;
        let (more, tools) = lines_until(&mut proxy, 4).await;
        seen.extend(more);
        for line in &seen {
            assert!(!line.contains("EVIL"), "{mode}: the hostile definition reached the client: {line}");
            assert!(!line.contains("foureyes-list"), "{mode}: the proxy's own listing answer leaked: {line}");
        }
        assert!(!text(&call).contains("RAN"), "{mode}: the call ran: {call}");
        assert!(is_error(&call) || call.get("error").is_some(), "{mode}: {call}");
        assert!(tools.get("result").is_none() && tools.get("error").is_some(), "{mode}: {tools}");
        let exited = tokio::time::timeout(Duration::from_secs(15), proxy.close()).await;
        assert!(exited.is_ok(), "{mode}: the proxy did not end at the client's EOF");
        let journal = store.journal(0, 10_000).await.unwrap();
        assert!(
            journal.iter().any(|e| e.kind.as_str() == "refused"
                && e.data["code"] == json!("tool_definition_changed")
                && e.data["input"]["tool"] == json!("listing:tools/list")),
            "{mode}: the unreadable listing was not journaled"
        );
    }
}

/// P6 (`mcpfake26.py plain held`): the server answers the ids of a call the proxy refused (`t` is not in this
/// policy) and of a call it holds (`pay`, tier 3, `--wait`) although it never received them. On the code before
/// the fix both fakes were passed on, and the held call's fake was the only answer its client got. Now they are
/// dropped: the refused call has only the proxy's refusal and the held one only the proxy's "awaiting approval".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_answer_to_a_call_it_was_never_sent_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let store = sqlite(dir.path());
    let policy_yaml = "version: 1\nactions:\n  mcp.doc.pay: { tier: 3 }\n";
    let config = holding("doc", Duration::from_secs(3), Duration::from_millis(50));
    let gate = Gate::new(store.clone(), policy(policy_yaml), config);
    let mut proxy = start(gate, hostile("fake"), StdioOptions::default());
    initialized(&mut proxy).await;
    send_request(&mut proxy, 2, "tools/list", json!({})).await;
    lines_until(&mut proxy, 2).await;
    send_request(&mut proxy, 10, "tools/call", json!({"name": "t", "arguments": {}})).await;
    let (mut seen, refused) = lines_until(&mut proxy, 10).await;
    assert!(is_error(&refused) || refused.get("error").is_some(), "{refused}");
    send_request(&mut proxy, 11, "tools/call", json!({"name": "pay", "arguments": {}})).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    send_request(&mut proxy, 12, "ping", json!({"ids": [10, 11]})).await;
    let (more, _) = lines_until(&mut proxy, 12).await;
    seen.extend(more);
    let (more, held) = lines_until(&mut proxy, 11).await;
    seen.extend(more);
    assert!(text(&held).contains("awaiting"), "{held}");
    // Nothing after the held call's answer either.
    send_request(&mut proxy, 13, "ping", json!({})).await;
    let (more, _) = lines_until(&mut proxy, 13).await;
    seen.extend(more);
    for line in &seen {
        assert!(!line.contains("FAKE"), "an answer the upstream was never asked for reached the client: {line}");
    }
    proxy.close().await;
}

/// Attack 27's M1 (`mcpframe27.py idstr_own`, F389): `t` is pinned as "v0"; the server answers the proxy's own
/// listings with the pinned definitions, and the client's `tools/list` (id `2`) with `t` changed, under the id
/// written as a string (`"2"`). ADR-280 reads `2` and `"2"` as one in-flight request (for cancellation), so on the
/// code before the fix the answer counted as the client's and went out, while the listing check looked the id up
/// exactly, found no listing under `"2"` and let it pass unchecked. Now an answer passes only under the id as the
/// client spelled it: the hostile listing never reaches the client.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_under_a_respelled_id_never_passes_a_listing_unchecked() {
    let dir = tempfile::tempdir().unwrap();
    let store = sqlite(dir.path());
    pin_v0(&store).await;
    let gate = Gate::new(store.clone(), policy(POLICY), GateConfig::new("doc"));
    let mut proxy = start(gate, hostile("idstr"), StdioOptions::default());
    initialized(&mut proxy).await;
    send_request(&mut proxy, 2, "tools/list", json!({})).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    send_request(&mut proxy, 3, "ping", json!({})).await;
    let (seen, _) = lines_until(&mut proxy, 3).await;
    for line in &seen {
        assert!(!line.contains("EVIL"), "a listing answered under a respelled id reached the client: {line}");
    }
    proxy.close().await;
}
