//! The hostile corpus of the differential suite (issue 12) and the property it is checked against, shared by the
//! suites that run it: `adversarial.rs` here (the Python and TypeScript SDK servers) and
//! `crates/foureyes-rmcp-recorder/tests/differential.rs` (the rmcp server).

use super::*;
use foureyes_core::{DecisionStatus, Verdict};
use foureyes_mcp::GateConfig;
use serde_json::{Value, json};
use std::time::Duration;

/// One hostile line (without its newline).
pub fn corpus() -> Vec<Vec<u8>> {
    let call = |id: i64, name: &str, args: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name, "arguments": args}})
            .to_string()
    };
    let big = call(9, "pay", json!({"amount": 5000, "to": "mallory"}));
    let mut lines: Vec<Vec<u8>> = vec![
        // CR, CRLF, LF-less CR around a hidden call inside a ping.
        format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{{\"a\":\r{big}\r}}}}").into_bytes(),
        format!("{{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{{\"a\":\r\n{big}\r\n}}}}").into_bytes(),
        // NEL, U+2028, U+2029 inside a permitted call's string, around a hidden call's text.
        format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{{\"name\":\"echo\",\"arguments\":{{\"text\":\"a\u{2028}{}\u{2029}b\u{85}c\"}}}}}}",
            big.replace('"', "\\\"")
        )
        .into_bytes(),
        // U+2028 between values (not JSON whitespace): refused.
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\",\u{2028}\"params\":{}}".as_bytes().to_vec(),
        // A BOM, a NUL: refused.
        format!("\u{feff}{}", call(5, "pay", json!({"amount": 5000, "to": "bom"}))).into_bytes(),
        call(6, "pay", json!({"amount": 5000, "to": "nul"})).replace("\"to\"", "\"to\"\u{0}").into_bytes(),
        // Duplicate and case-variant keys: in params, in arguments, at the top level.
        br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","name":"pay","arguments":{"amount":5000,"to":"dup","text":"x"}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"pay","arguments":{"amount":1,"amount":5000,"to":"dup"}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"pay","arguments":{"amount":1,"Amount":5000,"to":"case"}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":11,"method":"ping","Method":"tools/call","params":{"name":"pay","arguments":{"amount":5000,"to":"case"}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"pay","arguments":{"amount":50,"to":"x"}},"method":"ping"}"#.to_vec(),
        "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\",\"params\":{\"name\":\"pay\",\"arguments\":{\"amount\":5000,\"to\":\"x\"},\"param\u{17F}\":1}}".as_bytes().to_vec(),
        // Nested batches, escaped method names (gated all the same: denied above max).
        format!("[[{big}]]").into_bytes(),
        br#"{"jsonrpc":"2.0","id":14,"method":"tools\/call","params":{"name":"pay","arguments":{"amount":5000,"to":"esc"}}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":15,"method":"\u0074ools/call","params":{"name":"p\u0061y","arguments":{"amount":5000,"to":"esc"}}}"#.to_vec(),
        // A tools/call without an id (a notification a server might still run): refused.
        br#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"pay","arguments":{"amount":5000,"to":"noid"}}}"#.to_vec(),
        // An oversized frame holding a call.
        call(16, "echo", json!({"text": "z".repeat(foureyes_mcp::framing::DEFAULT_MAX_LINE_BYTES)})).into_bytes(),
        // Reused ids after completion are fine; colliding ids in flight are refused.
        call(17, "echo", json!({"text": "first"})).into_bytes(),
        call(17, "echo", json!({"text": "second"})).into_bytes(),
        call(18, "pay", json!({"amount": 100, "to": "bob", "delay_ms": 600})).into_bytes(),
        br#"{"jsonrpc":"2.0","id":18,"method":"bogus/method"}"#.to_vec(),
        // The same id written as another number: `18` to rmcp, the TypeScript and the Python SDK (F160).
        br#"{"jsonrpc":"2.0","id":18.0,"method":"bogus/method"}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1.8e1,"method":"bogus/method"}"#.to_vec(),
        format!("[{{\"jsonrpc\":\"2.0\",\"id\":18,\"method\":\"ping\"}},{}]", call(18, "echo", json!({"text": "b"})))
            .into_bytes(),
        // A cancellation racing a call.
        call(19, "echo", json!({"text": "cancel me"})).into_bytes(),
        br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":19}}"#.to_vec(),
    ];
    // A batch reusing one id: `[bogus id k, tools/call id k]`.
    lines.push(
        format!("[{{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"bogus\"}},{}]", call(20, "echo", json!({"text": "c"})))
            .into_bytes(),
    );
    lines
}

/// A number or string as a comparable text (the Python SDK records `100` as `100.0`).
fn norm(v: &Value) -> String {
    match v {
        Value::Number(n) => format!("{}", n.as_f64().unwrap()),
        other => other.to_string(),
    }
}

/// `tool(args…)` for the arguments a recorder records (`amount`, `to`, `text`).
fn signature(tool: &str, args: &Value) -> String {
    let keys = ["amount", "to", "text"];
    let parts: Vec<String> = keys.iter().filter_map(|k| args.get(*k).map(|v| format!("{k}={}", norm(v)))).collect();
    format!("{tool}({})", parts.join(","))
}

pub async fn run_corpus(sdk: Sdk, lines: &[Vec<u8>]) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = GateConfig::new("pay");
    config.call_timeout = Duration::from_secs(20);
    let (mut proxy, record) = recorder_proxy(sdk, dir.path(), config).await;
    for line in lines {
        let mut bytes = line.clone();
        bytes.push(b'\n');
        proxy.send_raw(&bytes).await;
    }
    // A last call, answered after everything before it was read: then give slow calls time to finish.
    let last = proxy.call("echo", json!({"text": "last"})).await;
    assert!(!is_error(&last), "{sdk:?}: {last}");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let store = proxy.store.clone();
    proxy.close().await;

    let mut ran: Vec<String> =
        recorded(&record).iter().map(|r| signature(r["tool"].as_str().unwrap(), &r["arguments"])).collect();
    let decisions = store
        .decisions(foureyes_store::DecisionFilter { status: None, limit: Some(1000), before: None })
        .await
        .unwrap();
    let mut forwarded: Vec<String> = Vec::new();
    for d in decisions.iter().filter(|d| d.verdict == Verdict::Permit) {
        let tool = d.request.action.trim_start_matches("mcp.pay.");
        let sig = signature(tool, &Value::Object(d.request.params.clone()));
        match d.status {
            // Reported from the upstream's answer: it ran.
            DecisionStatus::Executed => forwarded.push(sig),
            // Not forwarded (cancelled, refused with its batch): it must not have run (the multisets below).
            DecisionStatus::Failed => {}
            // Forwarded, then cancelled by the client: the upstream may or may not have run it.
            DecisionStatus::Unknown => {
                if let Some(i) = ran.iter().position(|s| *s == sig) {
                    ran.remove(i);
                }
            }
            other => panic!("{sdk:?}: a permit left {other:?}: {d:#?}"),
        }
    }
    ran.sort();
    forwarded.sort();
    assert_eq!(ran, forwarded, "{sdk:?}: what ran differs from what was permitted and reported executed");
    assert!(!ran.iter().any(|s| s.starts_with("pay(amount=5000")), "{sdk:?}: a payment over the bound ran: {ran:?}");
    assert_consistent(store.as_ref()).await;
}

/// A small deterministic generator (no dependency): xorshift.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap()
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// One generated hostile line for the fuzzer over framing and gate: a message (or a batch of two or three) built
/// from pieces that peers read differently — ids in several spellings that collide upstream, escaped method and tool
/// names, duplicate and case-variant keys, amounts around the policy's bound in several spellings, raw CR, CRLF,
/// NEL, U+2028 in whitespace and strings, calls without an id, cancellations and slow calls.
pub fn hostile_line(rng: &mut Rng) -> Vec<u8> {
    let batch = rng.below(5) == 0;
    let mut text = if batch {
        let items: Vec<String> = (0..2 + rng.below(2)).map(|_| hostile_message(rng)).collect();
        format!("[{}]", items.join(","))
    } else {
        hostile_message(rng)
    };
    if rng.below(12) == 0 {
        text = format!("[{text}]");
    }
    text.into_bytes()
}

fn hostile_message(rng: &mut Rng) -> String {
    const IDS: &[&str] = &[
        "1",
        "2",
        "3",
        "1",
        "2",
        "1.0",
        "1e0",
        "\"1\"",
        "\"\\u0031\"",
        "-0",
        "0",
        "9007199254740993",
        "9007199254740992",
        "null",
        "true",
    ];
    const METHODS: &[&str] = &[
        "tools/call",
        "tools/call",
        "tools/call",
        "tools\\/call",
        "\\u0074ools/call",
        "ping",
        "bogus/method",
        "notifications/cancelled",
        "tools/list",
    ];
    const NAMES: &[&str] = &["pay", "pay", "echo", "p\\u0061y", "Pay", "ech\\u006f"];
    const AMOUNTS: &[&str] = &["1", "50", "100", "100.0", "1e2", "101", "5000", "\"100\"", "-1", "99.999999999999999"];
    const TEXTS: &[&str] = &["a", "\\r", "\u{2028}", "\u{85}", "\\u2028", "x\\ny", "\u{feff}", "é"];
    const SPACES: &[&str] = &["", " ", "\r", "\t", "\r\n", "\u{2028}", "\u{85}", "\n"];
    let sp = |rng: &mut Rng| if rng.below(4) == 0 { rng.pick(SPACES) } else { "" };
    let method = rng.pick(METHODS);
    let mut members = vec![format!("\"jsonrpc\":{}\"2.0\"", sp(rng))];
    if rng.below(8) != 0 {
        members.push(format!("\"id\":{}{}", sp(rng), rng.pick(IDS)));
    }
    members.push(format!("\"method\":{}\"{method}\"", sp(rng)));
    let params = if method.contains("cancelled") {
        format!("{{\"requestId\":{}}}", rng.pick(IDS))
    } else {
        let mut args = Vec::new();
        let tool = rng.pick(NAMES);
        if tool.starts_with('e') {
            args.push(format!("\"text\":{}\"{}\"", sp(rng), rng.pick(TEXTS)));
        } else {
            args.push(format!("\"amount\":{}{}", sp(rng), rng.pick(AMOUNTS)));
            args.push(format!("\"to\":\"{}\"", rng.pick(TEXTS)));
            if rng.below(3) == 0 {
                args.push(format!("\"delay_ms\":{}", rng.pick(&["0", "200", "400"])));
            }
        }
        match rng.below(10) {
            0 => args.push(format!("\"amount\":{}", rng.pick(AMOUNTS))),
            1 => args.push(format!("\"Amount\":{}", rng.pick(AMOUNTS))),
            _ => {}
        }
        let mut params =
            vec![format!("\"name\":{}\"{tool}\"", sp(rng)), format!("\"arguments\":{{{}}}", args.join(","))];
        match rng.below(12) {
            0 => params.push("\"name\":\"pay\"".into()),
            1 => params.push("\"Name\":\"pay\"".into()),
            _ => {}
        }
        format!("{{{}}}", params.join(&format!(",{}", sp(rng))))
    };
    members.push(format!("\"params\":{}{params}", sp(rng)));
    match rng.below(14) {
        0 => members.push("\"Method\":\"tools/call\"".into()),
        1 => members.push("\"method\":\"ping\"".into()),
        _ => {}
    }
    format!("{{{}}}", members.join(","))
}
