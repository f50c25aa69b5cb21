//! Attack 46 (`scripts/attack46/REPORT.md`; F1453): a cut checkpointed into the file by another program (a log of 0
//! bytes) and a copy put back behind its record were opened (H1, H2); argument errors and HTTP error bodies quoted
//! what was sent raw (H3, H4); a token or the first admin shown to a stdout no one reads stayed live (H5, H6).
#![allow(clippy::unwrap_used)]

use crate::support::{BIN, Env, http_bytes};
use std::process::{Command, Stdio};
use std::time::Duration;

const POLICY: &str = "version: 1\nactions:\n  t.pay:\n    tier: 2\n    params: { amt: { type: integer, min: 0, max: 100 } }\n    budgets: [ { param: amt, max: 100000, per: 24h } ]\n";

/// H1: rows cut by `sqlite3` and `wal_checkpoint(TRUNCATE)` (the log left at 0 bytes, read as none). Red before:
/// `journal verify` "ok: 5 events" (exit 0) and the next `decide` permitted. Now the file behind its record is
/// `TRUNCATED` (exit 7) at every door.
#[test]
fn attack46_h1_a_cut_checkpointed_into_the_file_is_truncated_at_every_door() {
    let e = Env::new(POLICY);
    for i in 0..4 {
        e.cli(&[
            "decide",
            "--agent",
            "bot",
            "--action",
            "t.pay",
            "--params",
            "{\"amt\":1}",
            "--request-id",
            &format!("r{i}"),
        ]);
    }
    let c = rusqlite::Connection::open(&e.db).unwrap();
    let last: i64 = c.query_row("SELECT max(seq) FROM journal", [], |r| r.get(0)).unwrap();
    c.execute_batch(&format!(
        "DROP TRIGGER journal_no_delete; DELETE FROM journal WHERE seq > {}; PRAGMA wal_checkpoint(TRUNCATE);",
        last - 2
    ))
    .unwrap();
    drop(c);
    for args in
        [&["journal", "verify"][..], &["decide", "--agent", "bot", "--action", "t.pay", "--params", "{\"amt\":1}"]]
    {
        let out = e.command().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(7), "{args:?} on a cut journal: {out:?}");
        assert!(err.contains("TRUNCATED") && err.contains(".head"), "{err}");
    }
}

/// H3: an argument error (exit 2) quoted the typed value raw. Red before: U+202E raw in `--outcome`'s refusal.
#[test]
fn attack46_h3_argument_errors_quote_what_was_typed_escaped() {
    for args in [vec!["report", "1", "--outcome", "x\u{202e}y"], vec!["bo\u{202e}gus"], vec!["decide", "--b\u{202e}ad"]]
    {
        let out = Command::new(BIN).args(&args).env_remove("FOUREYES_DB").output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains('\u{202e}') && err.contains("\\u{202e}"), "{args:?}: {err}");
    }
}

/// H4: the HTTP API's error bodies (a path id that does not parse, an unknown field) quoted it raw.
#[test]
fn attack46_h4_http_error_bodies_quote_what_was_sent_escaped() {
    let e = Env::new(POLICY);
    let bot = e.token("bot", "agent");
    let (_server, addr) = e.serve();
    let (status, body) =
        http_bytes(&addr, "GET", "/v1/decisions/1%E2%80%AE2", &bot, None, Duration::from_secs(10)).unwrap();
    assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
    let text = String::from_utf8_lossy(&body).to_string();
    assert!(!text.contains('\u{202e}'), "{text}");
    let ask = serde_json::json!({"action": "t.pay", "params": {"amt": 1}, "b\u{202e}ad": 1});
    let (status, body) = http_bytes(&addr, "POST", "/v1/decide", &bot, Some(&ask), Duration::from_secs(10)).unwrap();
    assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
    let text = String::from_utf8_lossy(&body).to_string();
    assert!(!text.contains('\u{202e}'), "{text}");
}

/// H5, H6: a token written to a stdout opened for reading only (EBADF, which Rust's stdout counts as written) stayed
/// live, exit 0; `serve` on a fresh database with stdout on /dev/null made a live first admin no one saw. Now both
/// exit 18 and no live credential is left.
#[test]
fn attack46_h5_h6_a_credential_shown_where_no_one_reads_is_not_left_live() {
    let e = Env::new(POLICY);
    let read_only = std::fs::File::create(e.dir.path().join("ro.txt")).unwrap();
    drop(read_only);
    let out = e
        .command()
        .args(["token", "create", "--name", "ro", "--role", "agent"])
        .stdout(Stdio::from(std::fs::File::open(e.dir.path().join("ro.txt")).unwrap()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(18), "{}", String::from_utf8_lossy(&out.stderr));
    let list = String::from_utf8(e.cli(&["token", "list"]).stdout).unwrap();
    assert!(list.lines().any(|l| l.starts_with("ro ") && l.contains("revoked")), "{list}");
    let fresh = Env::new(POLICY);
    let out = fresh
        .command()
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(18), "{}", String::from_utf8_lossy(&out.stderr));
    let list = String::from_utf8(fresh.cli(&["token", "list"]).stdout).unwrap();
    assert!(!list.contains("active"), "a live admin no one saw: {list}");
}
