//! Input into a decided call (issue 12, ADR-281, F282): a real MCP server written with the Python SDK
//! (`tests/peers/py_asking.py`) whose payment tools take the amount from what the client answers while the tool runs
//! — `elicitation/create`, `sampling/createMessage`, or a 2026-07-28 `input_required` result — instead of from the
//! arguments the proxy decided. The agent controls what the client answers, so such an answer would make a decided
//! call do what no decision saw (here: pay 5000 where the policy bounds payments, on a tool whose decided arguments
//! hold no amount). The proxy keeps those requests from the client while a gated call runs and answers them itself.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::DecisionStatus;
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Duration;

const ASK_POLICY: &str = r#"
version: 1
actions:
  mcp.ask.pay_asking: { tier: 2, params: { to: { type: string, max_len: 64 } }, limits: [ { count: 10, per: 1h } ] }
  mcp.ask.pay_sampling: { tier: 2, params: { to: { type: string, max_len: 64 } }, limits: [ { count: 10, per: 1h } ] }
  mcp.ask.pay_resolved: { tier: 2, params: { to: { type: string, max_len: 64 } }, limits: [ { count: 10, per: 1h } ] }
  mcp.ask.pay_asking_aside: { tier: 2, params: { to: { type: string, max_len: 64 } }, limits: [ { count: 10, per: 1h } ] }
  mcp.ask.pay_to_root: { tier: 2, params: { amount: { type: number, max: 100 } }, limits: [ { count: 10, per: 1h } ] }
"#;

fn asking_command(record: &Path, port: Option<u16>) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/py_asking.py");
    let mut command = vec![
        "env".to_string(),
        format!("RECORD={}", record.display()),
        peer("venv/bin/python").display().to_string(),
        script.display().to_string(),
    ];
    if let Some(port) = port {
        command.extend(["--http".to_string(), port.to_string()]);
    }
    command
}

/// The proxy in front of the asking server over stdio; past a 2025-11-25 `initialize` unless `era_2026` (that era
/// has no handshake: every request carries its protocol version).
async fn asking_proxy(dir: &Path, era_2026: bool) -> (Proxy, PathBuf) {
    let record = dir.join("executed.jsonl");
    let gate = Gate::new(sqlite(dir), policy(ASK_POLICY), GateConfig::new("ask"));
    let mut proxy = start(gate, asking_command(&record, None), StdioOptions::default());
    if era_2026 {
        return (proxy, record);
    }
    let init = proxy
        .request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}, "sampling": {}, "roots": {}},
                "clientInfo": {"name": "agent", "version": "1"}}),
        )
        .await;
    assert!(init.get("result").is_some(), "{init}");
    proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    (proxy, record)
}

/// Calls `tool` as an agent would that answers every question of the server with 5000; returns the call's answer
/// and the server requests that reached the agent.
async fn call_answering_5000(proxy: &mut Proxy, tool: &str, meta: Option<Value>) -> (Value, Vec<Value>) {
    let mut params = json!({"name": tool, "arguments": {"to": "bob"}});
    if let Some(meta) = meta {
        params["_meta"] = meta;
    }
    call_answering(proxy, params).await
}

/// Sends the `tools/call` with these params, answering the server's questions as [`call_answering_5000`] says.
async fn call_answering(proxy: &mut Proxy, params: Value) -> (Value, Vec<Value>) {
    proxy.send(&json!({"jsonrpc": "2.0", "id": "call", "method": "tools/call", "params": params})).await;
    let mut asked = Vec::new();
    loop {
        let message = proxy.recv().await;
        match message.get("method").and_then(Value::as_str) {
            Some("elicitation/create") => {
                asked.push(message.clone());
                let answer = json!({"action": "accept", "content": {"amount": 5000}});
                proxy.send(&json!({"jsonrpc": "2.0", "id": message["id"], "result": answer})).await;
            }
            Some("sampling/createMessage") => {
                asked.push(message.clone());
                let answer = json!({"role": "assistant", "content": {"type": "text", "text": "5000"}, "model": "m"});
                proxy.send(&json!({"jsonrpc": "2.0", "id": message["id"], "result": answer})).await;
            }
            Some("roots/list") => {
                asked.push(message.clone());
                let answer = json!({"roots": [{"uri": "file:///accounts/mallory", "name": "mallory"}]});
                proxy.send(&json!({"jsonrpc": "2.0", "id": message["id"], "result": answer})).await;
            }
            _ if message.get("id") == Some(&json!("call")) => return (message, asked),
            _ => {}
        }
    }
}

fn paid(record: &Path) -> Vec<Value> {
    recorded(record)
}

/// F282 (stdio, 2025-11-25): `elicitation/create` and `sampling/createMessage` from the server while a permitted
/// call runs reached the agent, whose answer set the amount: the server paid 5000.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_to_the_server_cannot_change_what_a_decided_call_does_on_stdio() {
    for tool in ["pay_asking", "pay_sampling"] {
        let dir = tempfile::tempdir().unwrap();
        let (mut proxy, record) = asking_proxy(dir.path(), false).await;
        let (answer, asked) = call_answering_5000(&mut proxy, tool, None).await;
        let context = format!("{tool}: answer {answer}; asked {asked:?}; paid {:?}", paid(&record));
        assert!(asked.is_empty(), "the server's question reached the agent: {context}");
        assert!(paid(&record).is_empty(), "the decided call paid an amount the agent answered: {context}");
        proxy.close().await;
    }
}

/// F282 (stdio, 2026-07-28): the server answered `input_required` (the SDK's resolver asking for the amount); the
/// proxy reported the call `executed` and passed the result on, for the agent to retry with `inputResponses`. It
/// is `unknown` now, and the agent gets an `isError` answer saying how to go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_input_required_result_is_not_an_outcome_and_does_not_reach_the_agent() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = asking_proxy(dir.path(), true).await;
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
        "io.modelcontextprotocol/clientInfo": {"name": "agent", "version": "1"}});
    let (answer, _) = call_answering_5000(&mut proxy, "pay_resolved", Some(meta)).await;
    assert!(is_error(&answer), "{answer}");
    assert!(text(&answer).starts_with("NOT COMPLETED"), "{answer}");
    assert_eq!(answer["result"]["resultType"], json!("complete"), "{answer}");
    let decisions = proxy.store.decisions(Default::default()).await.unwrap();
    assert_eq!(decisions.len(), 1, "{decisions:#?}");
    assert_eq!(decisions[0].status, DecisionStatus::Unknown, "{decisions:#?}");
    assert!(paid(&record).is_empty());
    proxy.close().await;
}

/// F282 over Streamable HTTP: the server's `elicitation/create` rode the call's SSE stream to the agent (the Python
/// SDK host answering 5000), and the server paid 5000.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_to_the_server_cannot_change_what_a_decided_call_does_over_http() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("executed.jsonl");
    let port = free_port();
    let command = asking_command(&record, Some(port));
    let _upstream = tokio::process::Command::new(&command[0])
        .args(&command[1..])
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    listening(port).await;
    let gate = std::sync::Arc::new(Gate::new(sqlite(dir.path()), policy(ASK_POLICY), GateConfig::new("ask")));
    let url = serve_http_proxy(gate, port).await;
    let mut host = PythonHost::start_spec(json!({"url": url,
        "elicit": {"action": "accept", "content": {"amount": 5000}},
        "steps": [{"call": "pay_asking", "arguments": {"to": "bob"}}]}));
    let mut lines = Vec::new();
    loop {
        let line = tokio::time::timeout(Duration::from_secs(30), host.next()).await.unwrap();
        let done = line.get("call").is_some();
        lines.push(line);
        if done {
            break;
        }
    }
    let context = format!("host: {lines:?}; paid {:?}", paid(&record));
    assert!(!lines.iter().any(|l| l.get("elicited").is_some()), "the server's question reached the agent: {context}");
    assert!(paid(&record).is_empty(), "the decided call paid an amount the agent answered: {context}");
}

/// ADR-400 (issue 12, 2b): the roots a client names are input too. `pay_to_root(amount)` pays whoever the client's
/// first root names; the policy decided the amount, and the agent's `roots/list` answer chose the recipient.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_roots_the_client_names_cannot_change_what_a_decided_call_does() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = asking_proxy(dir.path(), false).await;
    let (answer, asked) = call_answering(&mut proxy, json!({"name": "pay_to_root", "arguments": {"amount": 50}})).await;
    let context = format!("answer {answer}; asked {asked:?}; paid {:?}", paid(&record));
    assert!(asked.is_empty(), "the server's roots/list reached the agent: {context}");
    assert!(paid(&record).is_empty(), "the decided call paid whom the agent's roots named: {context}");
    let decisions = proxy.store.decisions(Default::default()).await.unwrap();
    assert_eq!(decisions.len(), 1, "{decisions:#?}");
    assert_eq!(decisions[0].status, DecisionStatus::Unknown, "an error after the tool began is `unknown`: {context}");
    proxy.close().await;
}

/// ADR-400 (issue 12, 2a): a server may ask on the session's standalone GET stream rather than on the call's
/// stream (the Python SDK does for a question tied to no request). The Python SDK host answered 5000 there, and the
/// server paid 5000.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_on_the_standalone_stream_cannot_change_what_a_decided_call_does_over_http() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("executed.jsonl");
    let port = free_port();
    let command = asking_command(&record, Some(port));
    let _upstream = tokio::process::Command::new(&command[0])
        .args(&command[1..])
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    listening(port).await;
    let gate = std::sync::Arc::new(Gate::new(sqlite(dir.path()), policy(ASK_POLICY), GateConfig::new("ask")));
    let url = serve_http_proxy(gate, port).await;
    let mut host = PythonHost::start_spec(json!({"url": url,
        "elicit": {"action": "accept", "content": {"amount": 5000}},
        "steps": [{"call": "pay_asking_aside", "arguments": {"to": "bob"}}]}));
    let mut lines = Vec::new();
    loop {
        let line = tokio::time::timeout(Duration::from_secs(30), host.next()).await.unwrap();
        let done = line.get("call").is_some();
        lines.push(line);
        if done {
            break;
        }
    }
    let context = format!("host: {lines:?}; paid {:?}", paid(&record));
    assert!(!lines.iter().any(|l| l.get("elicited").is_some()), "the server's question reached the agent: {context}");
    assert!(paid(&record).is_empty(), "the decided call paid an amount the agent answered: {context}");
    let answer = lines.last().unwrap();
    assert!(answer.to_string().contains("not paid (decline)"), "the proxy declines for the client: {context}");
}
