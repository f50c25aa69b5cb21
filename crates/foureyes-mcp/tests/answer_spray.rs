//! Attack 7's H5 (issue 12, F460, ADR-460): answers sprayed with guessed ids cannot reach a server request the proxy
//! answers itself. While a permitted payment runs, the agent sends JSON-RPC responses with the ids the upstream gives
//! its next requests to the client; the upstream's `elicitation/create` or `sampling/createMessage` for that call is
//! the proxy's to answer (ADR-281), and no answer of the agent may reach it. Real servers written with the Python and
//! TypeScript SDKs (`tests/peers/py_asking.py`, `ts_asking.cjs`), over stdio, the `--listen -- CMD` bridge and
//! `--listen/--upstream`; rmcp in `crates/foureyes-rmcp-recorder/tests/differential.rs`, `--server` in
//! `crates/foureyes/tests/mcp_remote.rs`.
#![allow(clippy::unwrap_used)]

use crate::support::spray::*;
use crate::support::*;
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use foureyes_store::Store;
use serde_json::json;

async fn sprayed_on_stdio(sdk: Sdk, tool: &str) {
    let dir = tempfile::tempdir().unwrap();
    let record = record_in(dir.path());
    let gate = Gate::new(sqlite(dir.path()), policy(ASK_POLICY), GateConfig::new("ask"));
    let mut proxy = start(gate, asking_command(sdk, &record, None, false), StdioOptions::default());
    let init = proxy
        .request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": asking_capabilities(),
                "clientInfo": {"name": "agent", "version": "1"}}),
        )
        .await;
    assert!(init.get("result").is_some(), "{init}");
    proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    let (answer, asked) = spray_call_on_stdio(&mut proxy, tool).await;
    let context = format!("{sdk:?} {tool}: answer {answer}; asked {asked:?}; paid {:?}", amounts(&record));
    assert!(asked.is_empty(), "the server's question reached the agent: {context}");
    assert!(!amounts(&record).contains(&SPRAYED), "the decided call paid an amount the agent sprayed: {context}");
    proxy.close().await;
}

/// F460 on stdio: a sprayed answer beat the proxy's `decline` to the Python server's `elicitation/create`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sprayed_answers_cannot_answer_a_python_servers_question_on_stdio() {
    for tool in ["pay_asking", "pay_sampling"] {
        sprayed_on_stdio(Sdk::Python, tool).await;
    }
}

/// F460 on stdio with the TypeScript SDK.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sprayed_answers_cannot_answer_a_typescript_servers_question_on_stdio() {
    for tool in ["pay_asking", "pay_sampling"] {
        sprayed_on_stdio(Sdk::TypeScript, tool).await;
    }
}

/// An asking server over Streamable HTTP behind `--listen/--upstream` (`bridge: false`), or over stdio behind the
/// `--listen -- CMD` bridge; the proxy's URL, and the upstream process to keep alive.
async fn http_proxy(
    sdk: Sdk,
    dir: &std::path::Path,
    bridge: bool,
    resume: bool,
) -> (String, Option<tokio::process::Child>) {
    http_proxy_with(sdk, dir, bridge, resume, &[]).await
}

/// [`http_proxy`] with more arguments for the upstream server (`--takeover`).
async fn http_proxy_with(
    sdk: Sdk,
    dir: &std::path::Path,
    bridge: bool,
    resume: bool,
    more: &[&str],
) -> (String, Option<tokio::process::Child>) {
    http_proxy_configured(sdk, dir, bridge, resume, more, GateConfig::new("ask")).await
}

/// [`http_proxy_with`] with the gate's settings (a call's deadline).
async fn http_proxy_configured(
    sdk: Sdk,
    dir: &std::path::Path,
    bridge: bool,
    resume: bool,
    more: &[&str],
    config: GateConfig,
) -> (String, Option<tokio::process::Child>) {
    let record = record_in(dir);
    let gate = std::sync::Arc::new(Gate::new(sqlite(dir), policy(ASK_POLICY), config));
    let (router, upstream) = if bridge {
        let options = foureyes_mcp::bridge::BridgeOptions::new(asking_command(sdk, &record, None, false));
        (foureyes_mcp::bridge::app(gate, options), None)
    } else {
        let port = free_port();
        let mut command = asking_command(sdk, &record, Some(port), resume);
        command.extend(more.iter().map(|a| a.to_string()));
        let child = tokio::process::Command::new(&command[0])
            .args(&command[1..])
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        listening(port).await;
        let options = foureyes_mcp::http::HttpOptions::new(&format!("http://127.0.0.1:{port}/mcp"));
        (foureyes_mcp::http::app(gate, options).unwrap(), Some(child))
    };
    let url = serve_on_loopback(router).await;
    (url, upstream)
}

/// Three sprayed calls (the race is the attacker's to win once; on the code before the fix it won most rounds).
async fn sprayed_over_http(sdk: Sdk, bridge: bool) {
    let dir = tempfile::tempdir().unwrap();
    let record = record_in(dir.path());
    let (url, _upstream) = http_proxy(sdk, dir.path(), bridge, false).await;
    let session = http_session(&url).await;
    for round in 0..3 {
        let answer = spray_call_over_http(&url, &session, "pay_asking", 10 + round).await;
        let context = format!("{sdk:?} bridge={bridge} round {round}: answer {answer:?}; paid {:?}", amounts(&record));
        assert!(
            !answer.iter().any(|m| m.get("method").is_some() && m.get("id").is_some()),
            "the server's question reached the agent: {context}"
        );
        assert!(!amounts(&record).contains(&SPRAYED), "the decided call paid an amount the agent sprayed: {context}");
    }
}

/// F460 over `--listen/--upstream` (Python SDK server).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sprayed_answers_cannot_answer_a_python_servers_question_over_http() {
    sprayed_over_http(Sdk::Python, false).await;
}

/// F460 over `--listen/--upstream` (TypeScript SDK server).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sprayed_answers_cannot_answer_a_typescript_servers_question_over_http() {
    sprayed_over_http(Sdk::TypeScript, false).await;
}

/// F460 through the `--listen -- CMD` bridge (the stdio router behind it), Python and TypeScript SDK servers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sprayed_answers_cannot_answer_a_servers_question_through_the_bridge() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        sprayed_over_http(sdk, true).await;
    }
}

/// Reads an SSE answer from `stream` until `until` is true of the text read so far, or `wait` passes.
async fn read_sse(
    stream: &mut tokio::net::TcpStream,
    wait: std::time::Duration,
    until: impl Fn(&str) -> bool,
) -> String {
    use tokio::io::AsyncReadExt;
    let mut text = String::new();
    let end = tokio::time::Instant::now() + wait;
    let mut buf = vec![0u8; 65536];
    while !until(&text) {
        match tokio::time::timeout_at(end, stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => text.push_str(&String::from_utf8_lossy(&buf[..n])),
            _ => break,
        }
    }
    text
}

/// A raw HTTP/1.1 request on a new connection, left open for reading its (SSE) answer.
async fn open_request(url: &str, method: &str, headers: &[(&str, &str)], body: &[u8]) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let rest = url.trim_start_matches("http://");
    let (authority, path) = rest.split_once('/').unwrap();
    let mut stream = tokio::net::TcpStream::connect(authority).await.unwrap();
    let mut request = format!(
        "{method} /{path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nAccept: application/json, \
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

/// Attack 7's H1 (F461, ADR-461), `--listen/--upstream` in front of a server with an event store (resumability): the
/// agent drops the POST of a permitted payment once it has the stream's first event id, then resumes the stream with
/// `GET` and `Last-Event-ID`, and answers 90000 to every question the replay carries. On the code before the fix the
/// proxy stopped reading the call's stream when the client left, the upstream stored the tool's
/// `elicitation/create`, replayed it on the GET stream, and paid the agent's figure.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resumed_stream_cannot_carry_the_clients_answer_into_a_gated_call() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        let dir = tempfile::tempdir().unwrap();
        let record = record_in(dir.path());
        let (url, _upstream) = http_proxy(sdk, dir.path(), false, true).await;
        let version = "2025-11-25";
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": version,
            "capabilities": asking_capabilities(), "clientInfo": {"name": "agent", "version": "1"}}});
        let (status, head, body) =
            http_post(&url, &[("MCP-Protocol-Version", version)], init.to_string().as_bytes()).await;
        assert_eq!(status, 200, "{head}\n{body}");
        let session = session_id(&head);
        let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        http_post(&url, &headers, initialized.to_string().as_bytes()).await;
        // The call; the agent keeps the stream only until it has an event id.
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "pay_asking", "arguments": {"to": "bob", "delay_ms": 1000}}});
        let mut stream = open_request(&url, "POST", &headers, call.to_string().as_bytes()).await;
        let first = read_sse(&mut stream, std::time::Duration::from_secs(10), |t| {
            t.lines().any(|l| l.starts_with("id:")) && t.contains("\n\n")
        })
        .await;
        let event_id = first
            .lines()
            .find_map(|l| l.strip_prefix("id:").map(|v| v.trim().to_string()))
            .unwrap_or_else(|| panic!("{sdk:?}: no event id on the call's stream: {first}"));
        drop(stream);
        // The tool asks after the client left; then the agent resumes the stream.
        tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
        let resume = [headers[0], headers[1], ("Last-Event-ID", event_id.as_str())];
        let mut get = open_request(&url, "GET", &resume, b"").await;
        let replayed =
            read_sse(&mut get, std::time::Duration::from_secs(3), |t| t.contains("elicitation/create")).await;
        let mut asked = Vec::new();
        for data in replayed.lines().filter_map(|l| l.strip_prefix("data:")) {
            let Ok(message) = serde_json::from_str::<serde_json::Value>(data.trim()) else { continue };
            if message.get("method").is_some() && message.get("id").is_some() {
                let answer = json!({"jsonrpc": "2.0", "id": message["id"],
                    "result": {"action": "accept", "content": {"amount": SPRAYED}}});
                http_post(&url, &headers, answer.to_string().as_bytes()).await;
                asked.push(message);
            }
        }
        // The proxy read the call's stream on after the agent left: the decision is reported from the upstream's
        // answer (`executed`), not `unknown` (ADR-461; without the drain, ADR-560's unsettled mark alone keeps the
        // question from the agent, and only this report tells the two apart).
        let store = sqlite(dir.path());
        let end = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
        let mut decisions = store.decisions(Default::default()).await.unwrap();
        while decisions.iter().any(|d| d.status == foureyes_core::DecisionStatus::Intended)
            && tokio::time::Instant::now() < end
        {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            decisions = store.decisions(Default::default()).await.unwrap();
        }
        let context = format!(
            "{sdk:?}: replayed {replayed:?}; asked {asked:?}; paid {:?}; decisions {decisions:#?}",
            amounts(&record)
        );
        assert!(asked.is_empty(), "the tool's question reached the agent on the resumed stream: {context}");
        assert!(!amounts(&record).contains(&SPRAYED), "the decided call paid the agent's figure: {context}");
        assert_eq!(decisions.len(), 1, "{context}");
        assert_eq!(
            decisions[0].status,
            foureyes_core::DecisionStatus::Executed,
            "the proxy did not read the call's answer after the agent left: {context}"
        );
    }
}

/// `initialize` and `notifications/initialized` over Streamable HTTP in protocol `version` (2025-11-25 and later: the
/// SDKs' event stores prime every stream with an event id); the session id.
async fn session_in(url: &str, version: &str, capabilities: serde_json::Value) -> String {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": version,
        "capabilities": capabilities, "clientInfo": {"name": "agent", "version": "1"}}});
    let (status, head, body) = http_post(url, &[("MCP-Protocol-Version", version)], init.to_string().as_bytes()).await;
    assert_eq!(status, 200, "{head}\n{body}");
    let session = head
        .lines()
        .find_map(|l| l.to_lowercase().strip_prefix("mcp-session-id:").map(|_| l.split_once(':').unwrap().1.trim()))
        .unwrap()
        .to_string();
    let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    http_post(url, &headers, initialized.to_string().as_bytes()).await;
    session
}

/// What an attacking client got from the streams it resumed.
#[derive(Debug, Default)]
struct Resumed {
    /// Every server request that reached the client (each one answered with the attacker's value).
    asked: Vec<serde_json::Value>,
    /// What the resumed streams carried, for the failure message.
    seen: Vec<String>,
}

/// A client that keeps resuming the call's stream (`GET` + `Last-Event-ID`, the last id it saw, every 100 ms once a
/// stream ends: SEP-1699 polling, or a takeover when the stream is live) and answers every server request it gets
/// with the attacker's value (`attack`); until the tool is done (a line in `record`) or 20 s pass.
async fn resume_and_answer(
    url: &str,
    headers: &[(&str, &str)],
    last_id: String,
    record: &std::path::Path,
    attack: &serde_json::Value,
) -> Resumed {
    resume_and_answer_every(url, headers, last_id, record, attack, std::time::Duration::from_millis(100)).await
}

/// [`resume_and_answer`], resuming `pause` after each stream ends.
async fn resume_and_answer_every(
    url: &str,
    headers: &[(&str, &str)],
    mut last_id: String,
    record: &std::path::Path,
    attack: &serde_json::Value,
    pause: std::time::Duration,
) -> Resumed {
    use tokio::io::AsyncReadExt;
    let mut out = Resumed::default();
    let end = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while tokio::time::Instant::now() < end && recorded(record).is_empty() {
        let resume: Vec<(&str, &str)> =
            headers.iter().copied().chain([("Last-Event-ID", last_id.as_str()), ("Connection", "close")]).collect();
        let mut get = open_request(url, "GET", &resume, b"").await;
        let mut text = String::new();
        let mut buf = vec![0u8; 65536];
        loop {
            let wait = std::time::Duration::from_millis(300);
            match tokio::time::timeout(wait, get.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => text.push_str(&String::from_utf8_lossy(&buf[..n])),
                Ok(_) => break,
                // Nothing for a while: still open; stop when the tool is done.
                Err(_) if !recorded(record).is_empty() || tokio::time::Instant::now() >= end => break,
                Err(_) => continue,
            }
            while let Some(at) = text.find("\n\n").or_else(|| text.find("\r\n\r\n")) {
                let event: String = text.drain(..at + 2).collect();
                out.seen.push(event.clone());
                if let Some(id) = event.lines().find_map(|l| l.strip_prefix("id:")) {
                    last_id = id.trim().to_string();
                }
                for data in event.lines().filter_map(|l| l.strip_prefix("data:")) {
                    let Ok(message) = serde_json::from_str::<serde_json::Value>(data.trim()) else { continue };
                    if message.get("method").is_some() && message.get("id").is_some() {
                        let answer = json!({"jsonrpc": "2.0", "id": message["id"], "result": attack});
                        http_post(url, headers, answer.to_string().as_bytes()).await;
                        out.asked.push(message);
                    }
                }
            }
        }
        if !text.trim().is_empty() {
            out.seen.push(text);
        }
        tokio::time::sleep(pause).await;
    }
    out
}

/// Waits (at most 20 s) until the tool wrote its line to `record`: it paid, or it ended without paying.
async fn tool_done(record: &std::path::Path) -> Vec<serde_json::Value> {
    let end = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while recorded(record).is_empty() && tokio::time::Instant::now() < end {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    recorded(record)
}

/// The call (id 2) of `tool` with `arguments` over `url`; the stream's first event id (the SDK's priming event).
async fn call_and_first_id(
    url: &str,
    headers: &[(&str, &str)],
    tool: &str,
    arguments: serde_json::Value,
) -> (tokio::net::TcpStream, String) {
    let call =
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": tool, "arguments": arguments}});
    let mut stream = open_request(url, "POST", headers, call.to_string().as_bytes()).await;
    let first = read_sse(&mut stream, std::time::Duration::from_secs(10), |t| {
        t.lines().any(|l| l.starts_with("id:")) && t.contains("\n\n")
    })
    .await;
    let id = first
        .lines()
        .find_map(|l| l.strip_prefix("id:").map(|v| v.trim().to_string()))
        .unwrap_or_else(|| panic!("{tool}: no event id on the call's stream: {first}"));
    (stream, id)
}

/// What the attacker answers to `tool`'s question, and whether a record line shows the attacker's answer was taken.
fn attack_of(tool: &str) -> (serde_json::Value, fn(&serde_json::Value) -> bool) {
    if tool.starts_with("pay_to_root") {
        (json!({"roots": [{"uri": "file:///accounts/mallory", "name": "mallory"}]}), |r| {
            r["arguments"]["to"] == json!("mallory")
        })
    } else {
        (json!({"action": "accept", "content": {"amount": SPRAYED}}), |r| r["arguments"]["amount"] == json!(SPRAYED))
    }
}

/// H4 (b), SEP-1699 polling (F560, ADR-560): the upstream closes a permitted call's SSE stream right after its priming
/// event (`id` + `retry`; `ctx.close_sse_stream()` in the Python SDK, `closeSSEStream` in the TypeScript SDK) and asks
/// its question later, expecting the client to resume with `GET` + `Last-Event-ID`. On the code before the fix the
/// proxy's drain (ADR-461) took the end of the stream for the end of the call (`unknown`), the session had no gated
/// call running any more, and the question — `elicitation/create`, or `roots/list` whose answer names the payee —
/// reached the agent on the stream it resumed: its answer steered the decided call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_the_upstream_closes_for_polling_carries_no_answer_into_a_gated_call() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        for tool in ["pay_polling", "pay_to_root_polling"] {
            let dir = tempfile::tempdir().unwrap();
            let record = record_in(dir.path());
            let (url, _upstream) = http_proxy(sdk, dir.path(), false, true).await;
            let version = "2025-11-25";
            let capabilities = json!({"elicitation": {"form": {}}, "sampling": {}, "roots": {}});
            let session = session_in(&url, version, capabilities).await;
            let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
            let arguments = if tool == "pay_polling" {
                json!({"to": "bob", "delay_ms": 1000})
            } else {
                json!({"amount": 1, "delay_ms": 1000})
            };
            let (stream, first_id) = call_and_first_id(&url, &headers, tool, arguments).await;
            drop(stream);
            let (attack, steered) = attack_of(tool);
            let resumed = resume_and_answer(&url, &headers, first_id, &record, &attack).await;
            let done = tool_done(&record).await;
            let context =
                format!("{sdk:?} {tool}: asked {:?}; record {done:?}; seen {:?}", resumed.asked, resumed.seen);
            assert!(!done.is_empty(), "the tool never ended: {context}");
            assert!(
                resumed.asked.is_empty(),
                "the tool's question reached the agent on the stream it resumed: {context}"
            );
            assert!(!done.iter().any(steered), "the agent's answer steered the decided call: {context}");
        }
    }
}

/// H4 (a), the TypeScript SDK's takeover (F560, ADR-560): with an event store without `getStreamIdForEventId` (the SDK
/// allows it), a `GET` with `Last-Event-ID` of a live stream takes that stream over: the SDK closes the connection
/// that held it (the proxy's drain) and sends the rest of the call's events — the tool's question — to the GET. On
/// the code before the fix the drain took that close for the end of the call, and the question reached the agent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_taken_over_with_last_event_id_carries_no_answer_into_a_gated_call() {
    let dir = tempfile::tempdir().unwrap();
    let record = record_in(dir.path());
    let (url, _upstream) = http_proxy_with(Sdk::TypeScript, dir.path(), false, true, &["--takeover"]).await;
    let version = "2025-11-25";
    let session = session_in(&url, version, asking_capabilities()).await;
    let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
    let arguments = json!({"to": "bob", "delay_ms": 1500});
    // The agent keeps the call's own stream open, and takes the stream over at once.
    let (_stream, first_id) = call_and_first_id(&url, &headers, "pay_asking", arguments).await;
    let (attack, steered) = attack_of("pay_asking");
    let resumed = resume_and_answer(&url, &headers, first_id, &record, &attack).await;
    let done = tool_done(&record).await;
    let context = format!("asked {:?}; record {done:?}; seen {:?}", resumed.asked, resumed.seen);
    assert!(resumed.asked.is_empty(), "the tool's question reached the agent on the stream it took over: {context}");
    assert!(!done.iter().any(steered), "the agent's answer steered the decided call: {context}");
}

/// ADR-560: the proxy resumes a gated call's stream that the upstream closed early (SEP-1699 polling) itself, to the
/// call's answer. A client that keeps the call's POST gets the answer on it, and the decision is reported from that
/// answer (`executed`). On the code before the fix the proxy ended the client's stream with the upstream's, without
/// the answer, and reported the call `unknown` while it ran on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gated_calls_stream_the_upstream_closes_is_resumed_by_the_proxy_to_its_answer() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        let dir = tempfile::tempdir().unwrap();
        let record = record_in(dir.path());
        let (url, _upstream) = http_proxy(sdk, dir.path(), false, true).await;
        let version = "2025-11-25";
        let session = session_in(&url, version, asking_capabilities()).await;
        let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "pay_polling", "arguments": {"to": "bob", "delay_ms": 300}}});
        let (status, head, body) =
            http_post_within(&url, &headers, call.to_string().as_bytes(), std::time::Duration::from_secs(30)).await;
        let messages = messages_of(&body);
        let answer = messages.iter().find(|m| m.get("id") == Some(&json!(2)) && m.get("method").is_none());
        let decisions = sqlite(dir.path()).decisions(Default::default()).await.unwrap();
        let context =
            format!("{sdk:?}: HTTP {status} {head}\n{body}\nrecord {:?}; decisions {decisions:#?}", recorded(&record));
        let text = answer.map(|a| a["result"]["content"][0]["text"].clone()).unwrap_or_default();
        assert_eq!(text, json!("not paid (decline)"), "the call's answer did not come on its stream: {context}");
        assert_eq!(decisions.len(), 1, "{context}");
        assert_eq!(decisions[0].status, foureyes_core::DecisionStatus::Executed, "{context}");
    }
}

/// The answers (messages with an `id` and no `method`) among the events a client read.
fn answers_in(events: &[String]) -> Vec<serde_json::Value> {
    messages_of(&events.join("\n")).into_iter().filter(|m| m.get("id").is_some() && m.get("method").is_none()).collect()
}

/// Resumes the stream after `last_id` (`GET` + `Last-Event-ID`) again and again for `wait`, each stream read until it
/// ends or 2 s pass; the events every replay carried.
async fn replays_after(url: &str, headers: &[(&str, &str)], last_id: &str, wait: std::time::Duration) -> Vec<String> {
    let end = tokio::time::Instant::now() + wait;
    let mut seen = Vec::new();
    while tokio::time::Instant::now() < end {
        let resume: Vec<(&str, &str)> =
            headers.iter().copied().chain([("Last-Event-ID", last_id), ("Connection", "close")]).collect();
        let mut get = open_request(url, "GET", &resume, b"").await;
        let text = read_sse(&mut get, std::time::Duration::from_secs(2), |_| false).await;
        seen.extend(text.split("\n\n").filter(|e| !e.trim().is_empty()).map(str::to_string));
    }
    seen
}

/// ADR-620, deadlines (issue 12) while the proxy resumes the stream itself (ADR-560) and across a client's resumption:
/// a permitted call whose tool closes its stream (SEP-1699 polling) and answers only after the call's deadline. The
/// agent gets `isError` at the deadline and the decision is `unknown`; the upstream's late answer is the proxy's to
/// log, and a replay of the call's stream that the agent asks for (`GET` + `Last-Event-ID` of the call's first event)
/// must not deliver it. On the code before the fix a client's `GET` passed every answer through untouched: the
/// upstream's event store replayed the late answer to the agent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_answer_never_reaches_the_agent_on_a_stream_it_resumes() {
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        let dir = tempfile::tempdir().unwrap();
        let record = record_in(dir.path());
        let mut config = GateConfig::new("ask");
        config.call_timeout = std::time::Duration::from_secs(2);
        let (url, _upstream) = http_proxy_configured(sdk, dir.path(), false, true, &[], config).await;
        let version = "2025-11-25";
        let session = session_in(&url, version, asking_capabilities()).await;
        let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "pay_polling", "arguments": {"to": "bob", "delay_ms": 4000}}});
        let started = std::time::Instant::now();
        let (status, head, body) =
            http_post_within(&url, &headers, call.to_string().as_bytes(), std::time::Duration::from_secs(30)).await;
        let waited = started.elapsed();
        let first_id = body
            .lines()
            .find_map(|l| l.strip_prefix("id:").map(|v| v.trim().to_string()))
            .unwrap_or_else(|| panic!("{sdk:?}: no event id on the call's stream: HTTP {status} {head}\n{body}"));
        let done = tool_done(&record).await;
        // The tool answered after the deadline; the agent resumes the call's stream from its first event.
        let replayed = replays_after(&url, &headers, &first_id, std::time::Duration::from_secs(4)).await;
        let decisions = sqlite(dir.path()).decisions(Default::default()).await.unwrap();
        let context = format!(
            "{sdk:?}: HTTP {status} after {waited:?}: {body}\nrecord {done:?}\nreplayed {replayed:#?}\ndecisions \
             {decisions:#?}"
        );
        let answer =
            messages_of(&body).into_iter().find(|m| m.get("id") == Some(&json!(2)) && m.get("method").is_none());
        let answer = answer.unwrap_or_else(|| panic!("no answer to the call on its stream: {context}"));
        assert_eq!(answer["result"]["isError"], json!(true), "{context}");
        let text = answer["result"]["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.starts_with("OUTCOME UNKNOWN"), "the agent's answer is not the deadline's: {context}");
        assert!(waited < std::time::Duration::from_secs(15), "the deadline (2 s) did not hold: {context}");
        assert!(!done.is_empty(), "the tool never ended: {context}");
        assert_eq!(decisions.len(), 1, "{context}");
        assert_eq!(decisions[0].status, foureyes_core::DecisionStatus::Unknown, "{context}");
        assert!(
            answers_in(&replayed).is_empty(),
            "the late answer reached the agent on the stream it resumed: {context}"
        );
    }
}

/// ADR-620 on the TypeScript SDK's takeover (an event store without `getStreamIdForEventId`): the agent keeps taking
/// the permitted call's stream over with `GET` + `Last-Event-ID`, resuming at once whenever the proxy takes it back
/// (ADR-560), so the call's answer is likely sent on the agent's `GET`. It must come to the agent on the call's own
/// stream only, as the proxy read it (the proxy resumes the stream and reads the answer from the replay), and the
/// decision is reported from it. On the code before the fix the answer went to the agent past the proxy on the
/// stream it took over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gated_calls_answer_reaches_the_agent_only_on_the_calls_own_stream() {
    let dir = tempfile::tempdir().unwrap();
    let record = record_in(dir.path());
    let (url, _upstream) = http_proxy_with(Sdk::TypeScript, dir.path(), false, true, &["--takeover"]).await;
    let version = "2025-11-25";
    let session = session_in(&url, version, asking_capabilities()).await;
    let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
    let arguments = json!({"to": "bob", "delay_ms": 1500});
    let (mut stream, first_id) = call_and_first_id(&url, &headers, "pay_asking", arguments).await;
    let own = tokio::spawn(async move {
        read_sse(&mut stream, std::time::Duration::from_secs(30), |t| t.contains("not paid")).await
    });
    let (attack, steered) = attack_of("pay_asking");
    let pause = std::time::Duration::from_millis(5);
    let resumed = resume_and_answer_every(&url, &headers, first_id, &record, &attack, pause).await;
    let done = tool_done(&record).await;
    let own = own.await.unwrap();
    let store = sqlite(dir.path());
    let end = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut decisions = store.decisions(Default::default()).await.unwrap();
    while decisions.iter().any(|d| d.status == foureyes_core::DecisionStatus::Intended)
        && tokio::time::Instant::now() < end
    {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        decisions = store.decisions(Default::default()).await.unwrap();
    }
    let context = format!(
        "asked {:?}; record {done:?}; seen on the agent's GETs {:#?}; the call's own stream {own}; decisions \
         {decisions:#?}",
        resumed.asked, resumed.seen
    );
    assert!(resumed.asked.is_empty(), "the tool's question reached the agent on the stream it took over: {context}");
    assert!(!done.iter().any(steered), "the agent's answer steered the decided call: {context}");
    assert!(answers_in(&resumed.seen).is_empty(), "the call's answer reached the agent past the proxy: {context}");
    assert!(own.contains("not paid (decline)"), "the call's answer did not come on its own stream: {context}");
    assert_eq!(decisions.len(), 1, "{context}");
    assert_eq!(decisions[0].status, foureyes_core::DecisionStatus::Executed, "{context}");
}

/// ADR-560 (2), a call whose answer the proxy cannot learn stays running in its session: its teeth (issue 12). The
/// upstream (TypeScript SDK) does not answer a permitted call before its deadline (1 s): with JSON responses nothing
/// of the POST's answer comes, not even its headers, so at the deadline the proxy answers `isError`, reports
/// `unknown` and drops the upstream request; with SSE the stream stays open without an event and the proxy reads on.
/// Then the tool asks for the amount on the session's standalone `GET` stream, which the agent holds open and where
/// it answers 90000 to whatever it is asked. The question must stay the proxy's: on the JSON leg only the session's
/// *unsettled* mark (ADR-560) says that a call may still run there (no stream of the proxy's is left to say it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_question_into_a_call_past_its_deadline_stays_the_proxys() {
    for json_answers in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let record = record_in(dir.path());
        let mut config = GateConfig::new("ask");
        config.call_timeout = std::time::Duration::from_secs(1);
        let more: &[&str] = if json_answers { &["--json"] } else { &[] };
        let (url, _upstream) = http_proxy_configured(Sdk::TypeScript, dir.path(), false, false, more, config).await;
        let version = "2025-11-25";
        let session = session_in(&url, version, asking_capabilities()).await;
        let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", version)];
        // The standalone stream, open before the call (the tool asks 2.5 s into the call).
        let mut get = open_request(&url, "GET", &headers, b"").await;
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "pay_asking_aside", "arguments": {"to": "bob", "delay_ms": 2500}}});
        let started = std::time::Instant::now();
        let (status, _, body) =
            http_post_within(&url, &headers, call.to_string().as_bytes(), std::time::Duration::from_secs(30)).await;
        let waited = started.elapsed();
        // The agent answers every question its standalone stream carries, until the tool is done.
        let (attack, steered) = attack_of("pay_asking");
        let mut seen = String::new();
        let mut asked: Vec<serde_json::Value> = Vec::new();
        let end = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
        while recorded(&record).is_empty() && tokio::time::Instant::now() < end {
            seen.push_str(&read_sse(&mut get, std::time::Duration::from_millis(300), |t| t.contains("\n\n")).await);
            let questions: Vec<serde_json::Value> =
                messages_of(&seen).into_iter().filter(|m| m.get("method").is_some() && m.get("id").is_some()).collect();
            for question in questions.into_iter().skip(asked.len()) {
                let answer = json!({"jsonrpc": "2.0", "id": question["id"], "result": attack});
                http_post(&url, &headers, answer.to_string().as_bytes()).await;
                asked.push(question);
            }
        }
        let done = tool_done(&record).await;
        let decisions = sqlite(dir.path()).decisions(Default::default()).await.unwrap();
        let context = format!(
            "json={json_answers}: HTTP {status} after {waited:?}: {body}\nasked {asked:?}\nrecord {done:?}\nseen \
             {seen}\ndecisions {decisions:#?}"
        );
        let answer =
            messages_of(&body).into_iter().find(|m| m.get("id") == Some(&json!(2)) && m.get("method").is_none());
        let answer = answer.unwrap_or_else(|| panic!("no answer to the call: {context}"));
        assert_eq!(answer["result"]["isError"], json!(true), "{context}");
        let text = answer["result"]["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.starts_with("OUTCOME UNKNOWN"), "the agent's answer is not the deadline's: {context}");
        assert!(waited < std::time::Duration::from_secs(15), "the deadline (1 s) did not hold: {context}");
        assert!(!done.is_empty(), "the tool never ended: {context}");
        assert!(asked.is_empty(), "the tool's question reached the agent: {context}");
        assert!(!done.iter().any(steered), "the agent's answer steered the decided call: {context}");
        assert_eq!(decisions.len(), 1, "{context}");
        assert_eq!(decisions[0].status, foureyes_core::DecisionStatus::Unknown, "{context}");
    }
}
