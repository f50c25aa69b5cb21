//! The rmcp leg of the MCP proxy's differential suite (issue 12): the hostile corpus of
//! `crates/foureyes-mcp/tests/support/corpus.rs` sent through the stdio proxy to a real MCP server built on `rmcp`
//! (this crate's `rmcp-recorder`), which records what it actually ran. The property is the one the Python and
//! TypeScript legs check (`foureyes-mcp/tests/adversarial.rs`): every call the server executed has a permit decided
//! for exactly that call, and every reported outcome is the server's answer to that call.
#![allow(clippy::unwrap_used)]

#[path = "../../foureyes-mcp/tests/support/mod.rs"]
mod support;

use support::Sdk;
use support::corpus::{corpus, run_corpus};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hostile_corpus_runs_only_what_was_permitted_on_an_rmcp_server() {
    run_corpus(Sdk::Rust, &corpus()).await;
}

/// Issue 12's colliding-id attack with the id written as another number: `7.0`, `7e0` and `0.7e1` are the id `7` to
/// rmcp (`NumberOrString` takes integral floats), to the TypeScript SDK (`JSON.parse`) and to the Python SDK, which
/// all answer with `"id": 7`. Keyed by its text, the proxy took them for new ids and forwarded them; the upstream's
/// error for the bogus method then answered the payment in flight: reported `failed`, its reservation released,
/// after it ran (F160).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_id_written_as_another_number_cannot_pin_an_error_on_a_running_call() {
    use foureyes_core::{DecisionStatus, Verdict};
    use serde_json::{Value, json};
    use std::time::Duration;
    use support::{is_error, recorded, recorder_proxy};
    for sdk in [Sdk::Rust, Sdk::TypeScript, Sdk::Python] {
        let dir = tempfile::tempdir().unwrap();
        let config = foureyes_mcp::GateConfig::new("pay");
        let (mut proxy, record) = recorder_proxy(sdk, dir.path(), config).await;
        proxy
            .send(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                "params": {"name": "pay", "arguments": {"amount": 100, "to": "bob", "delay_ms": 1000}}}))
            .await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        // The same id as written (F51), then in other spellings (F160), alone and in a batch.
        for id in ["7", "7.0", "7e0", "0.7e1", "7.00"] {
            proxy
                .send_raw(format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"bogus/method\"}}\n").as_bytes())
                .await;
        }
        let batch = r#"[{"jsonrpc":"2.0","id":7e0,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"x"}]"#;
        proxy.send_raw(format!("{batch}\n").as_bytes()).await;
        // Every line the proxy writes until the payment's answer (and a little after, for a second one).
        let mut answers = Vec::new();
        let end = tokio::time::Instant::now() + Duration::from_secs(4);
        while tokio::time::Instant::now() < end {
            let mut line = String::new();
            use tokio::io::AsyncBufReadExt;
            match tokio::time::timeout_at(end, proxy.from_proxy.read_line(&mut line)).await {
                Ok(Ok(n)) if n > 0 => answers.push(serde_json::from_str::<Value>(&line).unwrap()),
                _ => break,
            }
        }
        // Exactly one result for id 7, the upstream's own; any error for id 7 is the proxy's refusal of the duplicate
        // (-32600), never an upstream's answer to another request (-32601 `Method not found`).
        let for_7: Vec<_> = answers.iter().filter(|a| a["id"] == json!(7)).collect();
        let results: Vec<_> = for_7.iter().filter(|a| a.get("result").is_some()).collect();
        assert_eq!(results.len(), 1, "{sdk:?}: the payment's answers: {answers:#?}");
        assert!(!is_error(results[0]), "{sdk:?}: the payment's answer is not the upstream's result: {answers:#?}");
        assert!(
            for_7.iter().filter(|a| a.get("error").is_some()).all(|a| a["error"]["code"] == json!(-32600)),
            "{sdk:?}: an upstream's error was delivered for the payment's id: {answers:#?}"
        );
        let paid: Vec<_> = recorded(&record).into_iter().filter(|r| r["tool"] == json!("pay")).collect();
        assert_eq!(paid.len(), 1, "{sdk:?}: payments that ran: {paid:?}");
        let decisions = proxy.store.decisions(Default::default()).await.unwrap();
        let permitted: Vec<_> = decisions.iter().filter(|d| d.verdict == Verdict::Permit).collect();
        assert_eq!(permitted.len(), 1, "{sdk:?}: {decisions:#?}");
        assert_eq!(permitted[0].status, DecisionStatus::Executed, "{sdk:?}: it ran: {:#?}", permitted[0]);
        // Its reservation is kept: the next payment is over the hourly limit.
        let next = proxy.call("pay", json!({"amount": 100, "to": "bob"})).await;
        assert!(is_error(&next), "{sdk:?}: a second payment was permitted: {next}");
        proxy.close().await;
    }
}

/// A seeded fuzzer over the framing and the gate together: each seed generates a session of hostile lines
/// (`support::corpus::hostile_line`: colliding id spellings, escaped names, duplicate and case-variant keys, amounts
/// around the bound, line breaks of every reader, batches, cancellations, slow calls), sends it through the stdio
/// proxy to the rmcp server (which starts in milliseconds) and checks the differential property on what it ran.
/// Bounded here (`FOUREYES_FUZZ_SEEDS`, default 4 sessions of 30 lines); the long run is
/// `FOUREYES_FUZZ_SEEDS=300 cargo nextest run -p foureyes-rmcp-recorder -E 'test(seeded_fuzzer)'`. A failure names
/// its seed and prints its lines; `FOUREYES_FUZZ_SEED=N` replays one seed alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeded_fuzzer_over_framing_and_gate_runs_only_what_was_permitted_on_an_rmcp_server() {
    use support::corpus::{Rng, hostile_line};
    let seeds: u64 = std::env::var("FOUREYES_FUZZ_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    let only: Option<u64> = std::env::var("FOUREYES_FUZZ_SEED").ok().and_then(|s| s.parse().ok());
    for seed in only.map_or(1..=seeds, |s| s..=s) {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let lines: Vec<Vec<u8>> = (0..30).map(|_| hostile_line(&mut rng)).collect();
        eprintln!("seed {seed}:");
        for line in &lines {
            eprintln!("  {:?}", String::from_utf8_lossy(line));
        }
        run_corpus(Sdk::Rust, &lines).await;
    }
}

/// F280 on rmcp: a held payment cancelled with its id `7` written `7.0`, `7e0` or `"7"` never runs once approved
/// (rmcp reads `7.0` and `7e0` as `7`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_call_cancelled_in_any_spelling_never_runs_on_an_rmcp_server() {
    support::cancel::a_held_call_cancelled_in_any_spelling_never_runs(Sdk::Rust).await;
}

/// ADR-280 on rmcp, which runs a cancelled tool to completion and never answers it: the call is `unknown` and keeps
/// its reservation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_forwarded_call_is_unknown_and_keeps_its_reservation_on_an_rmcp_server() {
    support::cancel::a_cancelled_forwarded_call_is_unknown_and_keeps_its_reservation(Sdk::Rust).await;
}

/// The HTTP leg (`--listen/--upstream` in front of rmcp's `StreamableHttpService`): issue 12's colliding ids —
/// across two POSTs of one session, inside one batch, and written as another number (`6.0`, `6e0`, `"6"`) — cannot
/// answer a running payment: whatever ran was permitted for exactly that call, reported from rmcp's own answer, and
/// the limit (1/h) holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colliding_ids_cannot_pin_an_error_on_a_running_call_over_http_on_an_rmcp_server() {
    use foureyes_core::{DecisionStatus, Verdict};
    use foureyes_mcp::GateConfig;
    use foureyes_store::Store;
    use serde_json::json;
    use std::time::Duration;
    use support::{PAY_POLICY, http_recorder_proxy, recorded};
    let payment = |id: i64, delay_ms: u64| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "pay", "arguments": {"amount": 100, "to": "bob", "delay_ms": delay_ms}}})
    };
    for attack in ["across posts", "in a batch", "6.0", "6e0", "\"6\""] {
        let dir = tempfile::tempdir().unwrap();
        let setup =
            std::sync::Arc::new(http_recorder_proxy(Sdk::Rust, dir.path(), PAY_POLICY, GateConfig::new("pay")).await);
        let mut context = format!("{attack}:");
        if attack == "in a batch" {
            let batch = json!([{"jsonrpc": "2.0", "id": 6, "method": "bogus/method"}, payment(6, 500)]);
            let (status, answers) = setup.post(batch.to_string().as_bytes()).await;
            context.push_str(&format!(" batch {status} {answers:?}"));
        } else {
            let running = {
                let setup = setup.clone();
                let body = payment(6, 800).to_string();
                tokio::spawn(async move { setup.post(body.as_bytes()).await })
            };
            tokio::time::sleep(Duration::from_millis(200)).await;
            let id = if attack == "across posts" { "6" } else { attack };
            let bogus = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"bogus/method\"}}");
            let (status, answers) = setup.post(bogus.as_bytes()).await;
            context.push_str(&format!(" bogus {status} {answers:?};"));
            let (status, answers) = running.await.unwrap();
            context.push_str(&format!(" running {status} {answers:?}"));
            let answer = answers.iter().find(|m| m["id"] == json!(6));
            assert!(
                answer.is_some_and(|a| a.get("result").is_some() && a["result"]["isError"] != json!(true)),
                "{context}: the payment's answer is not rmcp's result"
            );
        }
        let (_, second) = setup.post(payment(8, 0).to_string().as_bytes()).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let ran: Vec<_> = recorded(&setup.record).into_iter().filter(|r| r["tool"] == json!("pay")).collect();
        let decisions: Vec<_> = setup
            .store
            .decisions(Default::default())
            .await
            .unwrap()
            .into_iter()
            .filter(|d| d.request.action == "mcp.pay.pay" && d.verdict == Verdict::Permit)
            .collect();
        let context = format!("{context}; second {second:?}; ran {ran:?}");
        assert_eq!(ran.len(), decisions.len(), "{context}\n{decisions:#?}");
        for d in &decisions {
            assert_eq!(d.status, DecisionStatus::Executed, "{context}\n{d:#?}");
        }
        assert!(ran.len() <= 1, "the limit (1/h) let more than one payment run: {context}");
    }
}

/// Attack 7's H5 on an rmcp server (F460, ADR-460): while a permitted `pay_asking` runs, the agent sprays responses
/// with the ids rmcp gives its requests to the client (0…3, as numbers and strings). On the code before the fix one
/// beat the proxy's `decline` to the server's `elicitation/create`, and the server paid the sprayed 90000.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sprayed_answers_cannot_answer_an_rmcp_servers_question_on_stdio() {
    use serde_json::json;
    use support::spray::{ASK_POLICY, SPRAYED, amounts, asking_capabilities, asking_command, record_in};
    let dir = tempfile::tempdir().unwrap();
    let record = record_in(dir.path());
    let gate = foureyes_mcp::Gate::new(
        support::sqlite(dir.path()),
        support::policy(ASK_POLICY),
        foureyes_mcp::GateConfig::new("ask"),
    );
    let mut proxy =
        support::start(gate, asking_command(Sdk::Rust, &record, None, false), foureyes_mcp::StdioOptions::default());
    let init = proxy
        .request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": asking_capabilities(),
                "clientInfo": {"name": "agent", "version": "1"}}),
        )
        .await;
    assert!(init.get("result").is_some(), "{init}");
    proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    for round in 0..3 {
        let (answer, asked) = support::spray::spray_call_on_stdio(&mut proxy, "pay_asking").await;
        let context = format!("round {round}: answer {answer}; asked {asked:?}; paid {:?}", amounts(&record));
        assert!(asked.is_empty(), "the server's question reached the agent: {context}");
        assert!(!amounts(&record).contains(&SPRAYED), "the decided call paid an amount the agent sprayed: {context}");
        // The server did ask, and got the proxy's answer (ADR-281).
        let text = answer["result"]["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.contains("not paid") && text.contains("decline"), "{context}");
    }
    proxy.close().await;
}
