//! Attack 7's H5 (F460): while a gated call runs, the client keeps sending JSON-RPC *responses* with the ids the
//! upstream will give its next requests to the client (0 to 3, as numbers and as strings). The upstream's
//! `elicitation/create` (or `sampling/createMessage`) is answered by the proxy (ADR-281), but a guessed answer that
//! reached the upstream first was taken, and the tool paid what the client said. The servers that ask are
//! `tests/peers/py_asking.py`, `tests/peers/ts_asking.cjs` and the rmcp recorder's `pay_asking`; each records what it
//! paid.
#![allow(clippy::unwrap_used, dead_code)]

use super::{Proxy, Sdk, peer, peers_dir, recorded, session_id};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::io::AsyncBufReadExt;

/// The amount every sprayed answer names: no decision ever saw it.
pub const SPRAYED: f64 = 90000.0;

/// The policy of the asking servers (server name `ask`): both payments are autonomous, and their arguments hold
/// no amount.
pub const ASK_POLICY: &str = r#"
version: 1
actions:
  mcp.ask.pay_asking:
    tier: 2
    params: { to: { type: string, max_len: 64 }, delay_ms: { type: number, required: false, max: 5000 } }
    limits: [ { count: 10, per: 1h } ]
  mcp.ask.pay_asking_aside:
    tier: 2
    params: { to: { type: string, max_len: 64 }, delay_ms: { type: number, required: false, max: 5000 } }
    limits: [ { count: 10, per: 1h } ]
  mcp.ask.pay_sampling: { tier: 2, params: { to: { type: string, max_len: 64 } }, limits: [ { count: 10, per: 1h } ] }
  mcp.ask.pay_polling:
    tier: 2
    params: { to: { type: string, max_len: 64 }, delay_ms: { type: number, required: false, max: 5000 } }
    limits: [ { count: 10, per: 1h } ]
  mcp.ask.pay_to_root_polling:
    tier: 2
    params: { amount: { type: number, max: 10 }, delay_ms: { type: number, required: false, max: 5000 } }
    limits: [ { count: 10, per: 1h } ]
"#;

/// The command of an asking server over stdio, or over Streamable HTTP on `port` (`resume`: with an event store).
pub fn asking_command(sdk: Sdk, record: &Path, port: Option<u16>, resume: bool) -> Vec<String> {
    let peers = Path::new(env!("CARGO_MANIFEST_DIR")).join("../foureyes-mcp/tests/peers");
    let mut command = vec![
        "env".to_string(),
        format!("RECORD={}", record.display()),
        format!("MCP_NPM={}", peers_dir().join("npm").display()),
    ];
    match sdk {
        Sdk::Python => {
            if resume {
                command.push("RESUME=1".into());
            }
            command.push(peer("venv/bin/python").display().to_string());
            command.push(peers.join("py_asking.py").display().to_string());
        }
        Sdk::TypeScript => {
            command.push("node".into());
            command.push(peers.join("ts_asking.cjs").display().to_string());
        }
        Sdk::Rust => {
            let Some(binary) = option_env!("CARGO_BIN_EXE_rmcp-recorder") else {
                panic!("the rmcp recorder runs from the suites of crates/foureyes-rmcp-recorder, which build it")
            };
            command.push(binary.to_string());
        }
    }
    if let Some(port) = port {
        command.push("--http".into());
        command.push(port.to_string());
        if resume && sdk == Sdk::TypeScript {
            command.push("--resume".into());
        }
    }
    command
}

/// The capabilities a client declares so that every SDK may ask it.
pub fn asking_capabilities() -> Value {
    json!({"elicitation": {"form": {}}, "sampling": {}})
}

/// The answers an agent sprays for `tool`: each id 0..4, as a number and as a string.
pub fn spray_answers(tool: &str) -> Vec<Value> {
    let result = if tool == "pay_sampling" {
        json!({"role": "assistant", "content": {"type": "text", "text": "90000"}, "model": "m"})
    } else {
        json!({"action": "accept", "content": {"amount": SPRAYED}})
    };
    let mut out = Vec::new();
    for n in 0..4 {
        for id in [json!(n), json!(n.to_string())] {
            out.push(json!({"jsonrpc": "2.0", "id": id, "result": result.clone()}));
        }
    }
    out
}

/// What the payments of a record paid.
pub fn amounts(record: &Path) -> Vec<f64> {
    recorded(record).iter().filter_map(|r| r["arguments"]["amount"].as_f64()).collect()
}

/// Calls `tool` (id `"call"`) through a stdio proxy while spraying [`spray_answers`] every 2 ms, and answers every
/// server request that reaches the agent with 90000 too; returns the call's answer and the server requests that
/// reached the agent.
pub async fn spray_call_on_stdio(proxy: &mut Proxy, tool: &str) -> (Value, Vec<Value>) {
    use tokio::io::AsyncWriteExt;
    let call = json!({"jsonrpc": "2.0", "id": "call", "method": "tools/call",
        "params": {"name": tool, "arguments": {"to": "bob"}}});
    let mut spray = Vec::new();
    for answer in spray_answers(tool) {
        spray.extend(serde_json::to_vec(&answer).unwrap());
        spray.push(b'\n');
    }
    proxy.send(&call).await;
    let mut asked = Vec::new();
    let mut line = String::new();
    let mut tick = tokio::time::interval(Duration::from_millis(2));
    let end = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        tokio::select! {
            read = proxy.from_proxy.read_line(&mut line) => {
                assert!(read.unwrap() > 0, "the proxy closed its output");
                let message: Value = serde_json::from_str(&line).unwrap();
                line.clear();
                if message.get("method").is_some() && message.get("id").is_some() {
                    asked.push(message.clone());
                    let mut answer = spray_answers(tool).remove(0);
                    answer["id"] = message["id"].clone();
                    proxy.send(&answer).await;
                } else if message["id"] == json!("call") {
                    return (message, asked);
                }
            }
            _ = tick.tick() => {
                proxy.to_proxy.write_all(&spray).await.unwrap();
                proxy.to_proxy.flush().await.unwrap();
            }
            _ = tokio::time::sleep_until(end) => panic!("no answer to the call within 30 s; asked {asked:?}"),
        }
    }
}

/// The record of an asking server in `dir`.
pub fn record_in(dir: &Path) -> PathBuf {
    dir.join("executed.jsonl")
}

/// `initialize` over Streamable HTTP with [`asking_capabilities`]; the session id.
pub async fn http_session(url: &str) -> String {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
        "capabilities": asking_capabilities(), "clientInfo": {"name": "agent", "version": "1"}}});
    // The bridge starts the server process on `initialize`: on a loaded machine that can take longer than one POST
    // waits (10 s), so a timed-out attempt is tried again (a new session).
    let mut attempt = 0;
    let (status, head, body) = loop {
        let answer = super::http_post(url, &[], init.to_string().as_bytes()).await;
        attempt += 1;
        if answer.0 != 0 || attempt == 3 {
            break answer;
        }
    };
    assert_eq!(status, 200, "{head}\n{body}");
    let session = session_id(&head);
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
    super::http_post(url, &headers, initialized.to_string().as_bytes()).await;
    session
}

/// Calls `tool` over Streamable HTTP (in `session` at `url`) while four tasks POST [`spray_answers`] as fast as they
/// can; returns the messages of the call's answer (its SSE events).
pub async fn spray_call_over_http(url: &str, session: &str, tool: &str, id: i64) -> Vec<Value> {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut sprayers = Vec::new();
    for _ in 0..4 {
        let (url, session, stop, tool) = (url.to_string(), session.to_string(), stop.clone(), tool.to_string());
        sprayers.push(tokio::spawn(async move {
            let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for answer in spray_answers(&tool) {
                    super::http_post(&url, &headers, answer.to_string().as_bytes()).await;
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": tool, "arguments": {"to": "bob"}}});
    let headers = [("Mcp-Session-Id", session), ("MCP-Protocol-Version", "2025-06-18")];
    let (_, _, body) = super::http_post(url, &headers, call.to_string().as_bytes()).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for sprayer in sprayers {
        sprayer.await.unwrap();
    }
    super::messages_of(&body)
}
