//! A differential, adversarial suite (issue 12): a hostile corpus sent through the stdio proxy to real upstreams
//! written with the official Python SDK and TypeScript SDK (`tests/peers/`), each recording what it actually ran
//! (the corpus and the check are `support/corpus.rs`; the rmcp leg is `crates/foureyes-rmcp-recorder`).
//! The property: every call an upstream executed has a permit decided for exactly that call (same tool, same
//! arguments), and every reported outcome is the upstream's answer to that call (a permit reported `executed` ran,
//! one reported `failed` did not). Plus a seeded fuzzer over the framing (bounded here; the long run is
//! `FOUREYES_FUZZ_SEEDS=2000 cargo nextest run -p foureyes-mcp --test integration -E 'test(/^adversarial::/)'`); the
//! seeded fuzzer over framing and gate together, through the proxy to a real server, is in
//! `crates/foureyes-rmcp-recorder/tests/differential.rs`.
#![allow(clippy::unwrap_used)]

use crate::support::corpus::{Rng, corpus, run_corpus};
use crate::support::*;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hostile_corpus_runs_only_what_was_permitted_on_python_and_typescript_servers() {
    let lines = corpus();
    for sdk in [Sdk::Python, Sdk::TypeScript] {
        run_corpus(sdk, &lines).await;
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
