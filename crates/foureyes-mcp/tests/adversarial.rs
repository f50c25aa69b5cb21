//! A differential, adversarial suite (issue 12): a hostile corpus sent through the stdio proxy to real upstreams
//! written with the official Python SDK and TypeScript SDK (`tests/peers/`), each recording what it actually ran.
//! The property: every call an upstream executed has a permit decided for exactly that call (same tool, same
//! arguments), and every reported outcome is the upstream's answer to that call (a permit reported `executed` ran,
//! one reported `failed` did not). Plus a seeded fuzzer over the framing and the gate (bounded here; the long run is
//! `FOUREYES_FUZZ_SEEDS=2000 cargo nextest run -p foureyes-mcp --test adversarial`).
#![allow(clippy::unwrap_used)]

mod support;

use foureyes_core::{DecisionStatus, Verdict};
use foureyes_mcp::GateConfig;
use serde_json::{Value, json};
use std::time::Duration;
use support::*;

/// One hostile line (without its newline).
fn corpus() -> Vec<Vec<u8>> {
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

async fn run_corpus(sdk: Sdk, lines: &[Vec<u8>]) {
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
    let decisions = store.decisions(foureyes_store::DecisionFilter { status: None, limit: Some(1000) }).await.unwrap();
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hostile_corpus_runs_only_what_was_permitted_on_python_and_typescript_servers() {
    let lines = corpus();
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        run_corpus(sdk, &lines).await;
    }
}

/// A small deterministic generator (no dependency): xorshift.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap()
    }
}

/// Property over the framing: for random JSON built from hostile pieces, the normalized bytes parse to the same
/// value, hold no byte sequence any reader takes for a line break, and a key collision is found exactly when the
/// object has two keys with the same fold.
#[test]
fn normalized_frames_keep_their_value_and_hold_no_line_break() {
    use foureyes_mcp::parity::{fold, key_collision, normalize};
    let seeds: u64 = std::env::var("FOUREYES_FUZZ_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let strings = ["a", "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{feff}", "\"", "\\", "é", "{", "tools/call"];
    let keys = ["method", "Method", "METHOD", "param\u{17F}", "params", "id", "\u{212A}", "k", "name", "Name"];
    let spaces = [" ", "\r", "\n", "\r\n", "\t", ""];
    for seed in 1..=seeds {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut text = String::from("{");
        let mut used = Vec::new();
        for i in 0..(1 + rng.below(5)) {
            if i > 0 {
                text.push(',');
            }
            let key = keys[rng.below(keys.len())];
            used.push(key);
            text.push_str(spaces[rng.below(spaces.len())]);
            text.push_str(&serde_json::to_string(key).unwrap());
            text.push(':');
            text.push_str(spaces[rng.below(spaces.len())]);
            let value: String = (0..rng.below(6)).map(|_| strings[rng.below(strings.len())]).collect();
            // Raw (unescaped) line separators inside the string, escapes for the rest.
            let escaped = serde_json::to_string(&value).unwrap().replace("\\u2028", "\u{2028}");
            text.push_str(&escaped);
        }
        text.push('}');
        let Ok(value) = serde_json::from_str::<Value>(&text) else { continue };
        let out = normalize(text.as_bytes()).into_owned();
        let again: Value = serde_json::from_slice(&out).unwrap_or_else(|e| panic!("seed {seed}: {e}: {text:?}"));
        assert_eq!(again, value, "seed {seed}: {text:?}");
        let forbidden: [&[u8]; 5] = [b"\r", b"\n", "\u{85}".as_bytes(), "\u{2028}".as_bytes(), "\u{2029}".as_bytes()];
        for f in forbidden {
            assert!(
                !out.windows(f.len()).any(|w| w == f),
                "seed {seed}: {f:?} left in {:?}",
                String::from_utf8_lossy(&out)
            );
        }
        let mut folds: Vec<String> = used.iter().map(|k| fold(k)).collect();
        folds.sort();
        let collides = folds.windows(2).any(|w| w[0] == w[1]);
        assert_eq!(key_collision(&text, false).is_some(), collides, "seed {seed}: {text:?}");
    }
}
