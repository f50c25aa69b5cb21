//! End-to-end tests of the `foureyes` binary: exit codes, bad input, races between separate processes, and
//! SIGKILL at random points. Each test works in its own temporary directory.
#![allow(clippy::unwrap_used)]

use foureyes_store::{DecisionFilter, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

const RACE_POLICY: &str = "\
version: 1
actions:
  battery.schedule:
    tier: 2
    params: { kw: { type: number, min: 0, max: 5 } }
    limits: [ { count: 3, per: 1h } ]
  payments.batch:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 500 } }
    budgets: [ { param: amount_eur, max: 1000, per: 24h } ]
";

struct Env {
    _dir: tempfile::TempDir,
    db: PathBuf,
    policy: PathBuf,
}

fn env() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, RACE_POLICY).unwrap();
    Env { _dir: dir, db, policy }
}

impl Env {
    fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        c.arg("--db").arg(&self.db).arg("--policy").arg(&self.policy).args(args);
        c.env_remove("FOUREYES_DB").env_remove("FOUREYES_POLICY");
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }

    fn json(&self, args: &[&str]) -> (i32, Value) {
        let out = self.run(args);
        let text = String::from_utf8_lossy(&out.stdout);
        let value = serde_json::from_str(&text).unwrap_or(Value::Null);
        (out.status.code().unwrap_or(-1), value)
    }

    fn journal_kinds(&self) -> Vec<(String, Value)> {
        let out = self.run(&["journal", "tail", "-n", "1000", "--json"]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                (v["kind"].as_str().unwrap().to_string(), v["data"].clone())
            })
            .collect()
    }

    fn decision_count(&self) -> usize {
        let (_, v) = self.json(&["decisions", "list", "--json", "--limit", "10000"]);
        v.as_array().map_or(0, Vec::len)
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn decide_json_carries_the_documented_fields_and_exit_codes() {
    let e = env();
    let (code, v) =
        e.json(&["decide", "--agent", "bot", "--action", "battery.schedule", "--params", r#"{"kw": 2}"#, "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["verdict"], "permit");
    assert!(v["decision_id"].as_i64().unwrap() > 0);
    assert_eq!(v["reasons"][0]["code"], "within_policy");
    assert!(v["reasons"][0]["message"].as_str().unwrap().contains("battery.schedule"));
    assert_eq!(v["budgets"][0]["remaining"], "2");

    let (code, v) =
        e.json(&["decide", "--agent", "bot", "--action", "battery.schedule", "--params", r#"{"kw": 9}"#, "--json"]);
    assert_eq!((code, v["verdict"].as_str()), (10, Some("deny")));
    assert_eq!(v["reasons"][0]["code"], "bounds");
    assert!(v["reasons"][0]["message"].as_str().unwrap().contains("'kw'=9 above max 5"));

    let (code, v) = e.json(&["decide", "--agent", "bot", "--action", "rockets.launch", "--json"]);
    assert_eq!((code, v["verdict"].as_str()), (11, Some("defer")));
    assert_eq!(v["reasons"][0]["code"], "default_deny");
    assert!(v["approval_id"].as_i64().is_some());

    let (code, v) = e.json(&[
        "decide",
        "--agent",
        "bot",
        "--action",
        "battery.schedule",
        "--params",
        r#"{"kw": 1}"#,
        "--dry-run",
        "--json",
    ]);
    assert_eq!((code, v["verdict"].as_str(), v["would_have"].as_str()), (12, Some("dry_run"), Some("permit")));
}

/// A listing longer than one page is read page by page (`--limit` any size, `--all`, `--before`), never cut short
/// unseen: `--limit 100000000` once returned 10,000 rows of 510,957 with exit 0 (the two-hour soak, docs/faults.md).
#[test]
fn decisions_list_pages_and_is_never_cut_short() {
    let e = env();
    for n in 0..4 {
        let (code, _) =
            e.json(&["decide", "--agent", "bot", "--action", "rockets.launch", "--request-id", &format!("l{n}")]);
        assert_eq!(code, 11, "decide l{n}");
    }
    let ids = |args: &[&str]| -> Vec<i64> {
        let (code, v) = e.json(&[&["decisions", "list", "--json"], args].concat());
        assert_eq!(code, 0, "decisions list {args:?}");
        v.as_array().unwrap().iter().map(|d| d["decision_id"].as_i64().unwrap()).collect()
    };
    let all = ids(&["--all"]);
    assert_eq!(all.len(), 4, "--all lists every decision");
    assert!(all.windows(2).all(|w| w[0] > w[1]), "newest first: {all:?}");
    assert_eq!(ids(&["--limit", "100000000"]), all, "a limit over one page is read page by page");
    assert_eq!(ids(&["--limit", "2"]), all[..2]);
    assert_eq!(ids(&["--limit", "2", "--before", &all[1].to_string()]), all[2..], "the next page");
    let out = e.run(&["decisions", "list", "--all", "--limit", "3"]);
    assert_eq!(out.status.code(), Some(2), "--all and --limit conflict: {}", stderr(&out));
}

#[test]
fn malformed_json_params_are_refused_audited_and_decide_nothing() {
    let e = env();
    for bad in [r#"{"kw": "#, "[1, 2]", "\"kw\"", "{\"kw\": NaN}"] {
        let out = e.run(&["decide", "--agent", "bot", "--action", "battery.schedule", "--params", bad]);
        assert_eq!(out.status.code(), Some(3), "params {bad}: {}", stderr(&out));
        assert!(stderr(&out).contains("--params"), "{}", stderr(&out));
        assert!(stderr(&out).contains("refusal journaled at seq"), "{}", stderr(&out));
    }
    // JSON numbers keep their text (ADR-110): `1e400` parses, and the door refuses what no digest can name.
    for (bad, said) in [
        ("{\"kw\": 1e400}", "beyond an IEEE double"),
        ("{\"kw\": 2.0000000000000000001}", "which RFC 8785 canonical JSON writes as 2"),
        ("{\"kw\": 1234567890123456789012345678}", "which RFC 8785 canonical JSON writes as 1.2345678901234569e+27"),
    ] {
        let out = e.run(&["decide", "--agent", "bot", "--action", "battery.schedule", "--params", bad]);
        assert_eq!(out.status.code(), Some(3), "params {bad}: {}", stderr(&out));
        assert!(stderr(&out).contains(said), "{}", stderr(&out));
    }
    assert_eq!(e.decision_count(), 0);
    let refused = e.journal_kinds().into_iter().filter(|(k, _)| k == "refused").count();
    assert_eq!(refused, 7);
}

#[test]
fn attack32_evidence_beyond_a_double_is_refused_clearly_and_journaled() {
    // `1e400` in evidence passed the shape check and failed at the journal's writer: "a `decided` event cannot be
    // journaled: NaN and +/-Infinity are not permitted in JSON", nothing journaled (attack 32's note).
    let e = env();
    for evidence in [r#"{"score": 1e400}"#, r#"{"deep": [{"x": -1E+999}]}"#] {
        let out = e.run(&[
            "decide",
            "--agent",
            "bot",
            "--action",
            "battery.schedule",
            "--params",
            r#"{"kw": 1}"#,
            "--evidence",
            evidence,
        ]);
        assert_eq!(out.status.code(), Some(3), "evidence {evidence}: {}", stderr(&out));
        assert!(stderr(&out).contains("beyond an IEEE double"), "{}", stderr(&out));
        assert!(!stderr(&out).contains("Infinity"), "{}", stderr(&out));
    }
    assert_eq!(e.decision_count(), 0);
    assert_eq!(e.journal_kinds().into_iter().filter(|(k, _)| k == "refused").count(), 2, "both refusals journaled");
}

#[test]
fn exact_numbers_from_the_command_line_are_compared_exactly() {
    let e = env();
    // battery.schedule: kw max 5. A hair above it is above it; exponent and negative-zero forms are numbers.
    for (params, exit) in
        [(r#"{"kw": 5.000000000001}"#, 10), (r#"{"kw": 5e-7}"#, 0), (r#"{"kw": -0}"#, 0), (r#"{"kw": 5}"#, 0)]
    {
        let (code, v) =
            e.json(&["decide", "--agent", "bot", "--action", "battery.schedule", "--params", params, "--json"]);
        assert_eq!(code, exit, "{params}: {v}");
    }
}

#[test]
fn policy_test_runs_a_table_and_fails_on_a_wrong_expectation() {
    let e = env();
    let table = e.db.with_file_name("policy.test.yaml");
    let write = |verdict: &str| {
        std::fs::write(
            &table,
            format!(
                "policy: policy.yaml\ncases:\n  - name: over max\n    request: {{ action: battery.schedule, params_json: '{{\"kw\": 5.000000000001}}' }}\n    expect: {{ verdict: {verdict}, reasons: [bounds] }}\n"
            ),
        )
        .unwrap()
    };
    write("deny");
    let out = e.run(&["policy", "test", table.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed, 0 failed"));
    write("permit");
    let out = e.run(&["policy", "test", table.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(15), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stdout).contains("FAIL  over max: verdict deny (expected permit)"));
}

#[test]
fn policy_diff_shows_what_changes_and_which_recent_requests_it_changes() {
    let e = env();
    for kw in ["1", "4"] {
        let (code, _) = e.json(&[
            "decide",
            "--agent",
            "bot",
            "--action",
            "battery.schedule",
            "--params",
            &format!("{{\"kw\": {kw}}}"),
            "--json",
        ]);
        assert_eq!(code, 0);
    }
    let tighter = e.db.with_file_name("tighter.yaml");
    std::fs::write(
        &tighter,
        RACE_POLICY.replace("kw: { type: number, min: 0, max: 5 }", "kw: { type: number, min: 0, max: 3 }"),
    )
    .unwrap();
    let (code, v) =
        e.json(&["policy", "diff", e.policy.to_str().unwrap(), tighter.to_str().unwrap(), "--replay", "10", "--json"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["changes"][0]["facet"], "param kw", "{v}");
    assert_eq!(v["changes"][0]["new"], "number, min 0, max 3", "{v}");
    assert_eq!(v["replay"]["requests"], 2, "{v}");
    let changed = v["replay"]["changed"].as_array().unwrap();
    assert_eq!(changed.len(), 1, "only the kw 4 request would now be denied: {v}");
    assert!(changed[0]["new"].as_str().unwrap().starts_with("deny [bounds]"), "{v}");
}

#[test]
fn wrong_types_are_denied_not_coerced() {
    let e = env();
    for (params, code) in [
        (r#"{"kw": "2"}"#, "wrong_type"),
        (r#"{"kw": true}"#, "wrong_type"),
        (r#"{"kw": null}"#, "wrong_type"),
        (r#"{"kw": 2, "boost": 1}"#, "unknown_param"),
        (r#"{}"#, "missing_param"),
    ] {
        let (exit, v) =
            e.json(&["decide", "--agent", "bot", "--action", "battery.schedule", "--params", params, "--json"]);
        assert_eq!(exit, 10, "{params}");
        assert_eq!(v["reasons"][0]["code"], code, "{params}: {v}");
    }
    assert!(
        e.journal_kinds().iter().all(|(k, _)| k != "approval_requested"),
        "a denied request must never reach a human"
    );
}

#[test]
fn huge_params_are_refused_with_the_documented_limit() {
    let e = env();
    let big = format!(r#"{{"kw": 1, "note": "{}"}}"#, "x".repeat(70 * 1024));
    let file = e.db.with_file_name("big.json");
    std::fs::write(&file, big).unwrap();
    let out = e.run(&[
        "decide",
        "--agent",
        "bot",
        "--action",
        "battery.schedule",
        "--params",
        &format!("@{}", file.display()),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("at most 65536 are accepted"), "{}", stderr(&out));
    assert_eq!(e.decision_count(), 0);
    let refused: Vec<_> = e.journal_kinds().into_iter().filter(|(k, _)| k == "refused").collect();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].1["code"], "bad_request");
}

#[test]
fn unknown_flags_are_usage_errors_and_write_nothing() {
    let e = env();
    let out = e.run(&["decide", "--agent", "bot", "--action", "battery.schedule", "--frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--frobnicate"), "{}", stderr(&out));
    assert!(!e.db.exists(), "a usage error must not create or touch the database");
}

#[test]
fn an_invalid_policy_names_file_line_and_column() {
    let e = env();
    std::fs::write(&e.policy, "version: 1\nactions:\n  a.b:\n    tier: 1\n    params: { x: { type: number } }\n")
        .unwrap();
    let out = e.run(&["policy", "check", e.policy.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(9));
    let err = stderr(&out);
    assert!(err.contains(&format!("{}:4:5:", e.policy.display())), "{err}");
    assert!(err.contains("has no `compensate`"), "{err}");
    let out = e.run(&["decide", "--agent", "bot", "--action", "a.b"]);
    assert_eq!(out.status.code(), Some(9), "decide refuses to run on an invalid policy");
}

#[test]
fn reusing_a_request_id_for_other_content_is_a_conflict() {
    let e = env();
    let args = |kw: &str| {
        vec!["decide", "--agent", "bot", "--action", "battery.schedule", "--request-id", "r-1", "--params"]
            .into_iter()
            .map(String::from)
            .chain([format!(r#"{{"kw": {kw}}}"#), "--json".into()])
            .collect::<Vec<_>>()
    };
    let a: Vec<String> = args("1");
    let (_, first) = e.json(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let (_, again) = e.json(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(first["decision_id"], again["decision_id"]);
    assert_eq!(again["budgets"][0]["remaining"], "2", "a replay must not reserve twice");
    let b: Vec<String> = args("2");
    let out = e.run(&b.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(stderr(&out).contains("already used"));
}

#[test]
fn approvals_from_the_cli_enforce_four_eyes() {
    let e = env();
    let (code, v) =
        e.json(&["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 1}"#, "--json"]);
    assert_eq!(code, 11);
    let id = v["approval_id"].as_i64().unwrap().to_string();
    let digest = v["digest"].as_str().unwrap().to_string();
    let out = e.run(&["approvals", "approve", &id, "--as", "bot", "--digest", &digest]);
    assert_eq!(out.status.code(), Some(3), "self-approval: {}", stderr(&out));
    let out = e.run(&["approvals", "approve", &id, "--as", "alice", "--digest", "deadbeef"]);
    assert_eq!(out.status.code(), Some(3), "digest mismatch: {}", stderr(&out));
    let refusals: Vec<String> = e
        .journal_kinds()
        .into_iter()
        .filter(|(k, _)| k == "refused")
        .map(|(_, d)| d["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(refusals, ["self_approval", "digest_mismatch"]);
    let out = e.run(&["approvals", "approve", &id, "--as", "alice", "--digest", &digest]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (code, v) = e.json(&[
        "decide",
        "--agent",
        "bot",
        "--action",
        "vault.open",
        "--params",
        r#"{"door": 1}"#,
        "--approval",
        &id,
        "--json",
    ]);
    assert_eq!((code, v["reasons"][0]["code"].as_str()), (0, Some("approved")));
}

/// `decide --json` says whether the answer is a replay of the request id's earlier decision; the text output says
/// it in words.
#[test]
fn decide_says_when_it_replays_an_earlier_decision() {
    let e = env();
    let args = ["decide", "--agent", "bot", "--action", "battery.schedule", "--params", r#"{"kw": 2}"#];
    let with_id = |json: bool| {
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--request-id", "replay-cli"]);
        if json {
            a.push("--json");
        }
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let first = with_id(true);
    let (code, v) = e.json(&first.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!((code, v["replayed"].clone()), (0, Value::Bool(false)), "{v}");
    let (code, again) = e.json(&first.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!((code, again["replayed"].clone()), (0, Value::Bool(true)), "{again}");
    assert_eq!(again["decision_id"], v["decision_id"]);
    let text = with_id(false);
    let out = e.run(&text.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(String::from_utf8_lossy(&out.stdout).contains("replayed: request_id `replay-cli` was already decided"));
    assert_eq!(e.decision_count(), 1, "three sends, one decision");
}

/// `approvals revoke` withdraws an approved, unused approval (journaled with --as and --why); the release is then
/// denied `approval_revoked`; revoking it again, or one that is pending, is refused (exit 3, journaled).
#[test]
fn approvals_revoke_from_the_cli_withdraws_consent() {
    let e = env();
    let decide = ["decide", "--agent", "bot", "--action", "vault.open", "--params", r#"{"door": 2}"#];
    let mut first: Vec<&str> = decide.to_vec();
    first.extend(["--request-id", "vault-revoke", "--json"]);
    let (code, v) = e.json(&first);
    assert_eq!(code, 11);
    let id = v["approval_id"].as_i64().unwrap().to_string();
    let out = e.run(&["approvals", "revoke", &id, "--as", "bob", "--why", "not yet"]);
    assert_eq!(out.status.code(), Some(3), "revoking a pending approval: {}", stderr(&out));
    assert!(stderr(&out).contains("reject it instead"), "{}", stderr(&out));
    let out = e.run(&["approvals", "revoke", &id, "--as", "bob"]);
    assert_eq!(out.status.code(), Some(2), "--why is required: {}", stderr(&out));
    let digest = v["digest"].as_str().unwrap().to_string();
    assert_eq!(e.run(&["approvals", "approve", &id, "--as", "alice", "--digest", &digest]).status.code(), Some(0));
    let (code, a) = e.json(&["approvals", "revoke", &id, "--as", "bob", "--why", "wrong door", "--json"]);
    assert_eq!((code, a["status"].as_str(), a["revoked_by"].as_str()), (0, Some("revoked"), Some("bob")), "{a}");
    let out = e.run(&["approvals", "revoke", &id, "--as", "bob", "--why", "again"]);
    assert_eq!(out.status.code(), Some(3), "revoking twice: {}", stderr(&out));
    let (code, release) = e.json(&first);
    assert_eq!(
        (code, release["reasons"][0]["code"].as_str(), release["replayed"].as_bool()),
        (10, Some("approval_revoked"), Some(false)),
        "{release}"
    );
    let kinds: Vec<(String, Value)> = e.journal_kinds();
    let revoked: Vec<&Value> = kinds.iter().filter(|(k, _)| k == "revoked").map(|(_, d)| d).collect();
    assert_eq!(revoked.len(), 1, "{kinds:?}");
    assert_eq!((revoked[0]["by"].as_str(), revoked[0]["why"].as_str()), (Some("bob"), Some("wrong door")));
    let refusals: Vec<&str> =
        kinds.iter().filter(|(k, _)| k == "refused").filter_map(|(_, d)| d["code"].as_str()).collect();
    assert_eq!(refusals, ["approval_not_revocable", "approval_not_revocable"]);
}

#[test]
fn export_verify_detects_tampering_and_torn_tails() {
    let e = env();
    for i in 0..5 {
        e.run(&["decide", "--agent", "bot", "--action", "battery.schedule", "--params", &format!(r#"{{"kw": {i}}}"#)]);
    }
    let export = e.db.with_file_name("export.jsonl");
    assert_eq!(e.run(&["journal", "export", export.to_str().unwrap()]).status.code(), Some(0));
    let out = e.run(&["journal", "verify", "--file", export.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));

    let bytes = std::fs::read(&export).unwrap();
    let lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
    let third_line_start = lines[0].len() + lines[1].len() + 2;
    let mut tampered = bytes.clone();
    tampered[third_line_start + 40] ^= 0x01;
    std::fs::write(&export, &tampered).unwrap();
    let (code, v) = e.json(&["journal", "verify", "--file", export.to_str().unwrap(), "--json"]);
    assert_eq!((code, v["status"].as_str(), v["seq"].as_u64()), (7, Some("corrupt"), Some(3)), "{v}");

    std::fs::write(&export, &bytes[..bytes.len() - 10]).unwrap();
    let (code, v) = e.json(&["journal", "verify", "--file", export.to_str().unwrap(), "--json"]);
    let last = lines.len() as u64 - 1;
    assert_eq!((code, v["status"].as_str(), v["seq"].as_u64()), (7, Some("torn_tail"), Some(last)), "{v}");
}

/// Starts `n` separate `foureyes decide` processes at once and returns their exit codes.
fn race(e: &Env, n: usize, action: &str, params: &str) -> Vec<i32> {
    // The database and policy exist before the race, so the processes race on decisions, not on creation. A door
    // that writes makes it: `kill-switch status` only reads since ADR-1250 and creates nothing (exit 17).
    assert_eq!(e.run(&["token", "create", "--name", "race-setup", "--role", "agent"]).status.code(), Some(0));
    assert_eq!(e.run(&["kill-switch", "status"]).status.code(), Some(0));
    let children: Vec<_> = (0..n)
        .map(|i| {
            e.cmd(&["decide", "--agent", &format!("agent-{}", i % 7), "--action", action, "--params", params])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            let code = out.status.code().unwrap_or(-1);
            assert!(code == 0 || code == 11, "unexpected exit {code}: {}", stderr(&out));
            code
        })
        .collect()
}

#[test]
fn two_hundred_processes_race_for_three_slots() {
    let e = env();
    let codes = race(&e, 200, "battery.schedule", r#"{"kw": 1}"#);
    assert_eq!(codes.iter().filter(|c| **c == 0).count(), 3, "exactly 3 permits");
    assert_eq!(codes.iter().filter(|c| **c == 11).count(), 197);
}

#[test]
fn two_hundred_processes_never_overspend_a_budget() {
    let e = env();
    let codes = race(&e, 200, "payments.batch", r#"{"amount_eur": 300}"#);
    let permits = codes.iter().filter(|c| **c == 0).count();
    assert_eq!(permits, 3, "3 × 300 fit in 1000, a fourth would not");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = SqliteStore::open(&e.db, SqliteOptions::default()).unwrap();
        let permits = store
            .decisions(DecisionFilter {
                status: Some(foureyes_core::DecisionStatus::Intended),
                limit: Some(1000),
                before: None,
            })
            .await
            .unwrap();
        assert_eq!(permits.len(), 3);
        assert!(store.audit().await.unwrap().mismatches.is_empty());
    });
}

/// A tiny deterministic generator for kill delays (the test must be reproducible from its seed).
fn delays(seed: u64, n: usize) -> Vec<u64> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            20 + x % 230
        })
        .collect()
}

fn check_after_crash(db: &Path, cycle: usize) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = SqliteStore::open(db, SqliteOptions::default()).unwrap();
        let verify = store.verify_journal().await.unwrap();
        assert!(verify.is_ok(), "cycle {cycle}: {verify}");
        let audit = store.audit().await.unwrap();
        assert!(audit.mismatches.is_empty(), "cycle {cycle}: {:?}", audit.mismatches);
        let all = store.decisions(DecisionFilter { status: None, limit: Some(10_000), before: None }).await.unwrap();
        use foureyes_core::{DecisionStatus::*, Verdict};
        for d in all.iter().filter(|d| d.verdict == Verdict::Permit) {
            assert!(
                matches!(d.status, Intended | Executed | Failed | Unknown),
                "cycle {cycle}: permitted decision {} is {:?}: it must be reported or shown as intended",
                d.decision_id,
                d.status
            );
        }
        let intended = store
            .decisions(DecisionFilter { status: Some(Intended), limit: Some(10_000), before: None })
            .await
            .unwrap()
            .len() as u64;
        assert_eq!(intended, audit.unconfirmed, "cycle {cycle}: every unreported permit is listed as unconfirmed");
    });
}

#[test]
fn sigkill_at_random_points_loses_and_doubles_nothing() {
    let e = env();
    let seed = 0x5EED_F00D;
    for (cycle, delay_ms) in delays(seed, 50).into_iter().enumerate() {
        let mut child = e
            .cmd(&["stress", "--workers", "4", "--iterations", "100000"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        child.kill().unwrap(); // SIGKILL on Unix
        let status = child.wait().unwrap();
        assert!(!status.success(), "cycle {cycle}: the child finished before it was killed; raise --iterations");
        check_after_crash(&e.db, cycle);
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let events = runtime.block_on(async {
        SqliteStore::open(&e.db, SqliteOptions::default()).unwrap().journal(0, 100_000).await.unwrap().len()
    });
    assert!(
        events > 200,
        "the children must have done real work before being killed (seed {seed:#x}): {events} events"
    );
}

/// `decide --flag` demotes a session under a `session_trust` policy; `sessions list` shows it, `sessions restore`
/// needs a reason (exit 3, journaled), restores once (then exit 5), and the journal has both events.
#[test]
fn sessions_from_the_cli_list_and_restore_with_a_reason() {
    let e = env();
    let trust = format!(
        "{RACE_POLICY}  climate.set:\n    tier: 1\n    params: {{ c: {{ type: number }} }}\n    compensate: {{ action: climate.set }}\nsession_trust:\n  cooling_period: 30m\n  demote_on: {{ flags: [prompt_injection] }}\n"
    );
    std::fs::write(&e.policy, trust).unwrap();
    let heat = ["decide", "--agent", "bot", "--session", "s1", "--action", "climate.set", "--params", r#"{"c": 20}"#];
    let (code, v) = e.json(&[&heat[..], &["--flag", "prompt_injection", "--json"]].concat());
    assert_eq!(code, 11, "the flagged tier-1 request is held: {v}");
    assert!(v["reasons"].to_string().contains("session_demoted"), "{v}");
    let (code, list) = e.json(&["sessions", "list", "--json"]);
    assert_eq!(code, 0);
    assert_eq!((list[0]["agent"].as_str(), list[0]["session"].as_str()), (Some("bot"), Some("s1")), "{list}");
    assert_eq!(list[0]["signal"], "flag");
    let restore = ["sessions", "restore", "--agent", "bot", "--session", "s1", "--as", "ops"];
    let out = e.run(&[&restore[..], &["--why", " "]].concat());
    assert_eq!(out.status.code(), Some(3), "an empty reason is refused: {}", stderr(&out));
    let (code, d) = e.json(&[&restore[..], &["--why", "false positive", "--json"]].concat());
    assert_eq!((code, d["status"].as_str(), d["ended_by"].as_str()), (0, Some("restored"), Some("ops")), "{d}");
    assert_eq!(e.run(&[&restore[..], &["--why", "again"]].concat()).status.code(), Some(5), "not demoted any more");
    let (code, v) = e.json(&[&heat[..], &["--json"]].concat());
    assert_eq!(code, 0, "restored: {v}");
    let kinds: Vec<String> = e.journal_kinds().into_iter().map(|(k, _)| k).collect();
    for kind in ["session_demoted", "refused", "session_restored"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} missing from {kinds:?}");
    }
    let out = e.run(&["journal", "audit"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

/// `report_within` (issue 15) through the CLI: a permit not reported within its deadline is released by the next
/// `decide` of the same action, and `decisions list` says so; a late report is recorded and says it was late.
#[test]
fn decisions_list_shows_a_reservation_released_past_its_reporting_deadline() {
    let e = env();
    std::fs::write(
        &e.policy,
        "version: 1\ndefaults: { report_within: 1s }\nactions:\n  battery.schedule:\n    tier: 2\n    params: { kw: { type: number } }\n    limits: [ { count: 1, per: 1h } ]\n",
    )
    .unwrap();
    let decide = |id: &str| {
        e.json(&[
            "decide",
            "--agent",
            "bot",
            "--action",
            "battery.schedule",
            "--params",
            "{\"kw\": 1}",
            "--request-id",
            id,
            "--json",
        ])
    };
    let (code, first) = decide("late-1");
    assert_eq!((code, first["verdict"].as_str()), (0, Some("permit")), "{first}");
    let (_, held) = decide("late-2");
    assert_eq!(held["verdict"], "defer", "{held}");
    std::thread::sleep(Duration::from_millis(1100));
    let (_, freed) = decide("late-3");
    assert_eq!(freed["verdict"], "permit", "past the deadline the slot is free again: {freed}");
    let list = String::from_utf8_lossy(&e.run(&["decisions", "list"]).stdout).to_string();
    let line = list.lines().find(|l| l.trim_start().starts_with(&first["decision_id"].to_string())).unwrap();
    assert!(line.contains("[unknown]") && line.contains("reservation expired"), "{list}");
    let id = first["decision_id"].to_string();
    let out = e.run(&["report", &id, "--outcome", "executed"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let list = String::from_utf8_lossy(&e.run(&["decisions", "list"]).stdout).to_string();
    let line = list.lines().find(|l| l.trim_start().starts_with(&id)).unwrap();
    assert!(line.contains("[executed]") && line.contains("reported late"), "{list}");
    let (_, after) = decide("late-4");
    assert_eq!(after["verdict"], "defer", "the late report gave back nothing twice: {after}");
}

/// The repository's own policies, each as a file under `policies/`, `apps/` or `integrations/` (YAML with
/// `version: 1` and `actions:`, not a test table).
fn repository_policies(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if !["target", "node_modules", ".venv", "__pycache__", ".git"].contains(&name.as_str()) {
                repository_policies(&path, out);
            }
        } else if name.ends_with(".yaml") && !name.ends_with(".test.yaml") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            if text.lines().any(|l| l == "version: 1") && text.lines().any(|l| l.starts_with("actions:")) {
                out.push(path);
            }
        }
    }
}

/// Issue 15: `foureyes policy test` runs the repository's own policies in CI. Every policy the repository ships
/// has a test table beside it (`NAME.test.yaml`), and the binary passes each one (F261: only `policies/home.yaml`
/// had one).
#[test]
fn every_policy_in_the_repository_passes_its_policy_test() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut policies = Vec::new();
    for dir in ["policies", "apps", "integrations"] {
        repository_policies(&root.join(dir), &mut policies);
    }
    policies.sort();
    assert!(policies.len() >= 4, "found {policies:?}");
    let missing: Vec<String> = policies
        .iter()
        .filter(|p| !p.with_extension("test.yaml").exists())
        .map(|p| p.strip_prefix(&root).unwrap_or(p).display().to_string())
        .collect();
    assert!(missing.is_empty(), "policies without a test table beside them: {missing:?}");
    for policy in &policies {
        let table = policy.with_extension("test.yaml");
        let out = Command::new(BIN).args(["policy", "test"]).arg(&table).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{}:\n{stdout}{}", table.display(), stderr(&out));
        assert!(stdout.contains(" 0 failed"), "{}:\n{stdout}", table.display());
    }
}
