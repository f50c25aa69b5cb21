//! Framing under abuse: partial lines, huge lines, invalid UTF-8 and JSON, batches, unknown methods,
//! notifications and responses from the client. The upstream here is `cat` writing to a file, so the test sees
//! exactly the bytes that were forwarded: no crash, the right JSON-RPC errors, and nothing forwarded that should
//! not be. (Interleaved server responses are exercised against the real filesystem server at the end.)
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// Policy for the recorder: `echo` is permitted, `defer_me` is unnamed (held), `bounded` is denied above 5.
const POLICY: &str = r#"
version: 1
actions:
  mcp.rec.echo: { tier: 0, params: { text: { type: string, required: false } } }
  mcp.rec.bounded: { tier: 0, params: { n: { type: number, max: 5 } } }
"#;

/// A proxy whose upstream records what it is sent (and never answers).
fn recorder(dir: &Path, max_line_bytes: usize) -> (Proxy, PathBuf) {
    let record = dir.join("forwarded.bin");
    let command = vec!["sh".into(), "-c".into(), "cat > \"$0\"".into(), record.display().to_string()];
    // `cat` is no MCP server: it lists nothing, so pinning (and the proxy's own listing before a call, ADR-402)
    // is off; these tests are about the bytes.
    let mut config = GateConfig::new("rec");
    config.pin_tools = false;
    let gate = Gate::new(sqlite(dir), policy(POLICY), config);
    let options = StdioOptions { max_line_bytes, shutdown_grace: Duration::from_secs(5), ..StdioOptions::default() };
    (start(gate, command, options), record)
}

/// Every message the proxy wrote back until it closed.
async fn drain(mut proxy: Proxy) -> Vec<Value> {
    proxy.to_proxy.shutdown().await.unwrap();
    let mut out = Vec::new();
    loop {
        use tokio::io::AsyncBufReadExt;
        let mut line = String::new();
        let n = tokio::time::timeout(Duration::from_secs(30), proxy.from_proxy.read_line(&mut line))
            .await
            .unwrap()
            .unwrap();
        if n == 0 {
            break;
        }
        out.push(serde_json::from_str(&line).unwrap_or_else(|e| panic!("invalid JSON from the proxy ({e}): {line}")));
    }
    tokio::time::timeout(Duration::from_secs(30), proxy.task).await.unwrap().unwrap().unwrap();
    out
}

fn error_code(message: &Value) -> i64 {
    message["error"]["code"].as_i64().unwrap_or_else(|| panic!("not an error: {message}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_not_gated_keeps_its_bytes_but_line_breaks_and_a_gated_call_goes_as_decided() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = recorder(dir.path(), 1 << 20);
    // Odd spacing, escapes, key order, unknown methods, notifications, client responses, a CRLF line, a batch
    // without tool calls, and a permitted tool call: all arrive as sent, but for line breaks, the gated call and the
    // client responses nobody asked for.
    let lines: Vec<&[u8]> = vec![
        br#"{ "jsonrpc" : "2.0", "id" : 1, "method" : "initialize", "params" : {"protocolVersion":"2025-11-25"} }"#,
        br#"{"method":"notifications/initialized","jsonrpc":"2.0"}"#,
        br#"{"jsonrpc":"2.0","id":"x\u0041","method":"vendor/unknown-method","params":{"a":[1,2.50,1e3]}}"#,
        br#"{"jsonrpc":"2.0","id":7,"result":{"roots":[]}}"#,
        br#"{"jsonrpc":"2.0","id":8,"error":{"code":-1,"message":"no sampling here"}}"#,
        b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\r",
        br#"[{"jsonrpc":"2.0","id":9,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"}]"#,
        r#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"echo","arguments":{"text":"caf\u00e9 ☕"}}}"#.as_bytes(),
    ];
    for line in &lines {
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        proxy.send_raw(&bytes).await;
    }
    // The permitted call is forwarded after its decision; wait for it before closing. The two client responses
    // answer nothing the upstream asked, so they are dropped (ADR-460): a client answers only what it was asked.
    wait_for_lines(&record, lines.len() - 2).await;
    let answers = drain(proxy).await;
    let forwarded = std::fs::read(&record).unwrap();
    // Two changes (ADR-60): the raw CR (JSON whitespace, a line break to a reader with universal newlines) became a
    // space, and the permitted call went as the proxy's own serialization of what was decided.
    let mut lines = lines;
    lines[5] = b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}} ";
    let own =
        r#"{"id":10,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"text":"café ☕"},"name":"echo"}}"#;
    lines[7] = own.as_bytes();
    lines.drain(3..5);
    let expected: Vec<u8> = lines.iter().flat_map(|l| l.iter().copied().chain([b'\n'])).collect();
    assert_eq!(String::from_utf8_lossy(&forwarded), String::from_utf8_lossy(&expected));
    assert_eq!(forwarded, expected);
    // The upstream never answered the forwarded call: at shutdown the client hears why, and it is reported unknown.
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!((answers[0]["id"].clone(), error_code(&answers[0])), (json!(10), -32603));
}

async fn wait_for_lines(record: &Path, n: usize) {
    for _ in 0..200 {
        if std::fs::read(record).map(|b| b.iter().filter(|&&c| c == b'\n').count()).unwrap_or(0) >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the upstream did not receive {n} lines");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_answered_with_json_rpc_errors_and_never_forwarded() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = recorder(dir.path(), 1024);
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"{}"}}}}}}"#,
        "a".repeat(5000)
    );
    let cases: Vec<(Vec<u8>, i64, Value)> = vec![
        (b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":\"\xff\xfe\"}".to_vec(), -32700, Value::Null),
        (b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":".to_vec(), -32700, Value::Null),
        (b"not json at all".to_vec(), -32700, Value::Null),
        (b"42".to_vec(), -32600, Value::Null),
        (br#"{"jsonrpc":"2.0","id":3}"#.to_vec(), -32600, json!(3)),
        (br#"{"jsonrpc":"2.0","id":4,"method":7}"#.to_vec(), -32600, json!(4)),
        (b"[]".to_vec(), -32600, Value::Null),
        (br#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}"#.to_vec(), -32602, json!(5)),
        (
            br#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":"x"}}"#.to_vec(),
            -32602,
            json!(6),
        ),
        (huge.into_bytes(), -32600, json!(77)),
        // A tools/call with `"id": null` or no id would otherwise pass as a notification, ungated.
        (
            br#"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"echo","arguments":{}}}"#.to_vec(),
            -32600,
            Value::Null,
        ),
        (
            br#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{}}}"#.to_vec(),
            -32600,
            Value::Null,
        ),
    ];
    for (line, _, _) in &cases {
        let mut bytes = line.clone();
        bytes.push(b'\n');
        proxy.send_raw(&bytes).await;
        // Blank lines between messages are ignored.
        proxy.send_raw(b"\n  \r\n").await;
    }
    let answers = drain(proxy).await;
    assert_eq!(answers.len(), cases.len(), "one answer per bad line: {answers:#?}");
    for ((line, code, id), answer) in cases.iter().zip(&answers) {
        let shown = String::from_utf8_lossy(&line[..line.len().min(60)]).into_owned();
        assert_eq!(error_code(answer), *code, "{shown}: {answer}");
        assert_eq!(answer["id"], *id, "{shown}: {answer}");
        assert_eq!(answer["jsonrpc"], json!("2.0"));
    }
    assert!(answers[9]["error"]["message"].as_str().unwrap().contains("at most 1024 bytes"), "{}", answers[9]);
    assert_eq!(std::fs::read(&record).unwrap(), b"", "nothing was forwarded");
}

/// Attack 29's suspicion, closed (ADR-382): a method name that a server written in C (a NUL-terminated string
/// after cJSON or jansson), a trimming reader or a case-insensitive router reads as `tools/call` would reach the
/// upstream as an unknown method, ungated. A method name is printable ASCII without spaces, and no gated method in
/// another case; anything else is refused and never forwarded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_method_name_another_reader_takes_for_a_gated_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = recorder(dir.path(), 1 << 20);
    let spellings = [
        r#""tools/call\u0000""#,
        r#""tools/call\u0000x""#,
        r#""tools/call ""#,
        r#"" tools/call""#,
        r#""tools/call\t""#,
        r#""tools/call\n""#,
        r#""Tools/Call""#,
        r#""TOOLS/CALL""#,
        r#""tools/call\u200b""#,
        r#""ｔools/call""#,
        r#""resources/read\u0000""#,
        r#""Prompts/Get""#,
    ];
    for (n, method) in spellings.iter().enumerate() {
        let line = format!(
            r#"{{"jsonrpc":"2.0","id":{n},"method":{method},"params":{{"name":"echo","arguments":{{"text":"x"}}}}}}"#
        );
        proxy.send_raw(format!("{line}\n").as_bytes()).await;
    }
    let answers = drain(proxy).await;
    assert_eq!(answers.len(), spellings.len(), "one answer per message: {answers:#?}");
    for (n, answer) in answers.iter().enumerate() {
        assert_eq!(error_code(answer), -32600, "{}: {answer}", spellings[n]);
        assert_eq!(answer["id"], json!(n), "{}: {answer}", spellings[n]);
    }
    assert_eq!(std::fs::read(&record).unwrap(), b"", "nothing was forwarded");
    let journal = foureyes_store::Store::journal(&*sqlite(dir.path()), 0, 10_000).await.unwrap();
    let refused = journal.iter().filter(|e| e.data["code"] == json!("ambiguous_message")).count();
    assert_eq!(refused, spellings.len(), "every refused message is journaled");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_split_across_many_writes_is_one_message() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = recorder(dir.path(), 1 << 20);
    let message = br#"{"jsonrpc":"2.0","id":1,"method":"resources/list","params":{"cursor":"abc"}}"#;
    for chunk in message.chunks(3) {
        proxy.send_raw(chunk).await;
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    proxy.send_raw(b"\n").await;
    // Two messages in one write, the second cut in half.
    proxy.send_raw(b"{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n{\"jsonrpc\":\"2.0\",").await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    proxy.send_raw(b"\"method\":\"b\"}\n").await;
    wait_for_lines(&record, 3).await;
    assert!(drain(proxy).await.is_empty());
    let expected =
        [&message[..], b"\n{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n{\"jsonrpc\":\"2.0\",\"method\":\"b\"}\n"].concat();
    assert_eq!(std::fs::read(&record).unwrap(), expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_loses_its_blocked_calls_and_the_client_still_gets_one_array() {
    let dir = tempfile::tempdir().unwrap();
    let (mut proxy, record) = recorder(dir.path(), 1 << 20);
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let denied = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bounded","arguments":{"n":6}}}"#;
    let note = r#"{"jsonrpc":"2.0","method":"notifications/x"}"#;
    let held = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"defer_me","arguments":{}}}"#;
    let allowed = r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"bounded","arguments":{"n":5}}}"#;
    let bad = r#"{"jsonrpc":"2.0","id":5}"#;
    proxy.send_raw(format!("[{ping}, {denied},{note},{held} ,{allowed},{bad}]\n").as_bytes()).await;
    // Only notifications besides a blocked call: answered at once, the notification forwarded alone.
    proxy.send_raw(format!("[{note},{denied}]\n").replace("\"id\":2", "\"id\":6").as_bytes()).await;
    wait_for_lines(&record, 2).await;
    let answers = drain(proxy).await;
    let forwarded = String::from_utf8(std::fs::read(&record).unwrap()).unwrap();
    // The forwarded batch keeps the untouched elements, as they were written, in order. (The two batches are
    // decided concurrently, so they may reach the upstream in either order.)
    let mut lines: Vec<&str> = forwarded.lines().collect();
    lines.sort();
    // The permitted call goes as the proxy's own serialization of what was decided.
    let allowed = r#"{"id":4,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"n":5},"name":"bounded"}}"#;
    let first = format!("[{ping},{note},{allowed}]");
    let second = format!("[{note}]");
    let mut want = vec![first.as_str(), second.as_str()];
    want.sort();
    assert_eq!(lines, want);
    // The second batch's answer came at once; the first batch's answers wait for the upstream's array. This
    // upstream never answers, so when it closes the client gets one array: the forwarded requests as errors,
    // then the proxy's own answers.
    assert_eq!(answers.len(), 2, "{answers:#?}");
    let immediate = answers[0].as_array().unwrap();
    assert_eq!(immediate.len(), 1);
    assert_eq!(immediate[0]["id"], json!(6));
    assert!(immediate[0]["result"]["content"][0]["text"].as_str().unwrap().contains("above max 5"));
    let merged = answers[1].as_array().unwrap();
    let mut ids: Vec<i64> = merged.iter().map(|a| a["id"].as_i64().unwrap_or(-1)).collect();
    ids.sort();
    assert_eq!(ids, [1, 2, 3, 4, 5], "{}", answers[1]);
    for a in merged.iter().filter(|a| a["id"] == json!(1) || a["id"] == json!(4)) {
        assert_eq!(error_code(a), -32603, "{a}");
    }
}

/// A small deterministic generator (xorshift): the fuzz run is the same every time.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fuzzed_streams_never_crash_and_never_forward_a_blocked_call() {
    let fragments: Vec<Vec<u8>> = vec![
        br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.to_vec(),
        br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"defer_me","arguments":{"a":1}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"bounded","arguments":{"n":99}}}"#.to_vec(),
        br#"[{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"bounded","arguments":{"n":9}}}]"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":5,"result":{}}"#.to_vec(),
        b"{".to_vec(),
        b"}".to_vec(),
        b"[".to_vec(),
        b"\"".to_vec(),
        b"\\".to_vec(),
        b"\xff\xc3".to_vec(),
        b"\xe2\x98\x95".to_vec(),
        b"\n".to_vec(),
        b"\r\n".to_vec(),
        b" ".to_vec(),
        b"null".to_vec(),
        vec![b'z'; 3000],
        br#""tools/call""#.to_vec(),
    ];
    for seed in 1..=12u64 {
        let dir = tempfile::tempdir().unwrap();
        let (mut proxy, record) = recorder(dir.path(), 2048);
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut sent = Vec::new();
        for _ in 0..300 {
            let fragment = &fragments[rng.below(fragments.len())];
            sent.extend_from_slice(fragment);
            proxy.send_raw(fragment).await;
        }
        sent.push(b'\n');
        proxy.send_raw(b"\n").await;
        let answers = drain(proxy).await;
        for answer in &answers {
            let one = answer.as_array().map_or(answer, |a| &a[0]);
            assert_eq!(one["jsonrpc"], json!("2.0"), "seed {seed}: {answer}");
        }
        let forwarded = std::fs::read(&record).unwrap();
        // A forwarded line is normalized (ADR-60): no raw CR, NEL, U+2028 or U+2029.
        let sent_lines: std::collections::HashSet<Vec<u8>> =
            sent.split(|&b| b == b'\n').map(|l| foureyes_mcp::parity::normalize(l).into_owned()).collect();
        for line in forwarded.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            // Every forwarded line is one the client sent (nothing invented, nothing altered but line breaks)...
            assert!(
                sent_lines.contains(line),
                "seed {seed}: forwarded a line the client never sent: {:?}",
                String::from_utf8_lossy(line)
            );
            // ...and no tool call that policy blocks ever reaches the upstream.
            let text = String::from_utf8_lossy(line);
            assert!(!text.contains("\"method\":\"tools/call\""), "seed {seed}: forwarded a blocked call: {text}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interleaved_answers_from_the_real_server_each_reach_their_request() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    std::fs::write(root.join("f.txt"), "content").unwrap();
    let mut proxy = fs_proxy_ready(store.clone(), foureyes_mcp::GateConfig::new("fs"), &root).await;
    let path = root.join("f.txt").display().to_string();
    // Forty requests in flight at once: gated calls (some forwarded, some answered by the proxy) interleaved with
    // plain requests the server answers in its own order.
    let mut expected = std::collections::HashMap::new();
    let mut batch = Vec::new();
    for i in 0..40 {
        let (message, kind) = match i % 4 {
            0 => (
                json!({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": "read_text_file", "arguments": {"path": path}}}),
                "read",
            ),
            1 => (json!({"jsonrpc": "2.0", "id": i, "method": "ping"}), "ping"),
            2 => (
                json!({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": "write_file", "arguments": {"path": path, "content": "x".repeat(100)}}}),
                "denied",
            ),
            _ => (json!({"jsonrpc": "2.0", "id": i, "method": "tools/list"}), "list"),
        };
        expected.insert(i, kind);
        let mut line = serde_json::to_vec(&message).unwrap();
        line.push(b'\n');
        batch.extend(line);
    }
    proxy.send_raw(&batch).await;
    let mut seen = std::collections::HashMap::new();
    while seen.len() < expected.len() {
        let message = proxy.recv().await;
        let id = message["id"].as_i64().unwrap();
        assert!(seen.insert(id, message.clone()).is_none(), "two answers for {id}");
    }
    for (id, kind) in expected {
        let m = &seen[&id];
        match kind {
            "read" => assert!(text(m) == "content" && !is_error(m), "{m}"),
            "ping" => assert_eq!(m["result"], json!({}), "{m}"),
            "denied" => assert!(text(m).starts_with("NOT EXECUTED — denied"), "{m}"),
            _ => assert!(m["result"]["tools"].is_array(), "{m}"),
        }
    }
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}
