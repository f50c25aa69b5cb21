//! Attack 44's exit-code and message holes (`/work/attack44/REPORT.md`; ADR-1510 … ADR-1514, F1510 … F1514): a busy
//! write lock told as a journal that does not verify (exit 7), a once-shown token created active with stdout closed,
//! a negative `user_version` told without its file, `bench verify --events 1` failing on an "ok" verify, and the
//! checkpointer's stop told as a failed write.

use crate::attack39_files::run;
use crate::support::Env;
use std::process::{Command, Stdio};
use std::time::Duration;

const POLICY: &str = "version: 1\nactions:\n  t.act:\n    tier: 1\n    compensate: { action: t.act }\n    params: { n: { \
                      type: integer, min: 0, max: 1000000 } }\n";

/// F1510 (RED before: `decide`, `undo` and `report` exited 7 "the journal does not verify, refusing to decide: storage
/// error: cannot begin a write transaction: database is locked" after the 30 s busy wait, while `kill-switch on` exited
/// 8 — 7 is the tamper code, and nothing about the journal was wrong): a write lock another program holds past the busy
/// wait is told as what it is, exit 8 (`--help`'s storage code), at every door that checks the journal first.
#[test]
fn a_write_lock_held_past_the_busy_wait_is_exit_8_not_the_tamper_code() {
    let env = Env::new(POLICY);
    env.cli(&["decide", "--agent", "bot", "--action", "t.act", "--params", r#"{"n":0}"#]);
    env.cli(&["report", "1", "--outcome", "executed"]);
    env.cli(&["decide", "--agent", "bot", "--action", "t.act", "--params", r#"{"n":1}"#]);
    let (held_tx, held_rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let db = env.db.clone();
    let holder = std::thread::spawn(move || {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch("BEGIN IMMEDIATE").unwrap();
        held_tx.send(()).unwrap();
        let _ = done_rx.recv_timeout(Duration::from_secs(90));
        conn.execute_batch("ROLLBACK").unwrap();
    });
    held_rx.recv().unwrap();
    let doors: Vec<Vec<&str>> = vec![
        vec!["decide", "--agent", "bot", "--action", "t.act", "--params", r#"{"n":2}"#],
        vec!["undo", "1", "--agent", "bot"],
        vec!["report", "2", "--outcome", "executed"],
        vec!["kill-switch", "on"],
    ];
    let children: Vec<_> = doors
        .iter()
        .map(|args| {
            env.command().args(args).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap()
        })
        .collect();
    let outs: Vec<_> = children.into_iter().map(|c| c.wait_with_output().unwrap()).collect();
    done_tx.send(()).unwrap();
    holder.join().unwrap();
    for (args, out) in doors.iter().zip(outs) {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(8), "{args:?}: {err}");
        assert!(!err.contains("does not verify"), "{args:?}: a busy lock is not a broken journal: {err}");
        assert!(err.contains("locked"), "{args:?}: {err}");
    }
    // The journal was never in question.
    env.cli(&["journal", "verify"]);
}

/// F1511 (RED before: `token create … >&-` exited 0 and `token list` showed the token active: Rust's runtime opens
/// `/dev/null` for a closed stdout, so the once-shown token was written to nowhere): a token whose only showing goes to
/// `/dev/null` (or a closed stdout) is revoked at once and the door exits 18, as for a stdout that cannot be written
/// (ADR-1431).
#[test]
fn token_create_with_stdout_closed_or_dev_null_revokes_the_token_and_exits_18() {
    let env = Env::new(POLICY);
    for (name, closed, json) in [("t1", true, false), ("t2", false, false), ("t3", true, true)] {
        let mut command = env.command();
        command.args(["token", "create", "--name", name, "--role", "agent"]);
        if json {
            command.arg("--json");
        }
        let out = if closed {
            // `>&-`: the shell closes fd 1 before it runs the binary.
            Command::new("sh")
                .arg("-c")
                .arg(r#""$@" >&-"#)
                .arg("sh")
                .arg(command.get_program())
                .args(command.get_args())
                .envs(command.get_envs().filter_map(|(k, v)| v.map(|v| (k, v))))
                .env_remove("FOUREYES_DB")
                .stderr(Stdio::piped())
                .output()
                .unwrap()
        } else {
            command.stdout(Stdio::null()).stderr(Stdio::piped()).output().unwrap()
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(18), "{name}: {err}");
        assert!(err.contains("/dev/null") && err.contains("revoked"), "{name}: {err}");
    }
    let list = String::from_utf8(env.cli(&["token", "list"]).stdout).unwrap();
    for name in ["t1", "t2", "t3"] {
        let row = list.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_default();
        assert!(row.contains("revoked"), "{name}: the token no one was shown is revoked: {list}");
    }
    // A token shown to a pipe is created as before.
    let token = env.token("shown", "agent");
    assert!(token.starts_with("fe_"), "{token}");
}

/// F1512 (RED before: a negative `user_version` gave the bare "storage error: duplicate column name: session", exit
/// 8, naming no file, at every write door): a version no FourEyes writes names the file and what to do (ADR-1436's
/// rule), and nothing is written.
#[test]
fn a_negative_user_version_names_the_file_and_what_to_do() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    for version in [-1, -5] {
        rusqlite::Connection::open(&env.db).unwrap().pragma_update(None, "user_version", version).unwrap();
        let before = std::fs::read(&env.db).unwrap();
        for args in [
            &["token", "create", "--name", "b2", "--role", "agent"][..],
            &["kill-switch", "on"],
            &["decide", "--agent", "bot", "--action", "t.act", "--params", r#"{"n":1}"#],
        ] {
            let (code, err) = run(&env, args);
            assert_eq!(code, Some(8), "{version} {args:?}: {err}");
            assert!(err.contains("fe.db") && err.contains("user_version") && err.contains("backup"), "{args:?}: {err}");
            assert!(err.contains(&version.to_string()), "{args:?}: {err}");
            assert_eq!(std::fs::read(&env.db).unwrap(), before, "nothing written");
        }
    }
}

/// F1513 (RED before: `bench verify --events 1` exited 8 "journal verify did not pass: {… "events":0, "status":"ok"}":
/// the real part of the journal was whole decide/report cycles, none for one event): every count makes exactly that
/// many events.
#[test]
fn bench_verify_makes_exactly_the_events_asked_for_odd_counts_too() {
    crate::attack41_minors::bench_verify_passes(&["1", "3", "5"]);
}

/// F1514 (RED before: when the checkpointer met a commit another program made (rows deleted with `sqlite3` under a
/// running `serve`, F1443's case), every later answer said "the store stopped after a failed write (`…-wal` no longer
/// extends … (a log put at the name while this door ran, attack 41's H9) …) … after a failed write or fsync the page
/// cache can no longer be trusted": no write had failed): the stop says what is known — a commit this database's doors
/// did not make, or a log put at the name — and not a failed write.
#[test]
fn the_checkpointers_stop_over_a_commit_of_another_program_is_not_told_as_a_failed_write() {
    let decide = |addr: &str, token: &str, id: &str| {
        let ask = serde_json::json!({"action": "t.act", "params": {"n": 1}, "request_id": id});
        let (status, body) =
            crate::support::http_bytes(addr, "POST", "/v1/decide", token, Some(&ask), Duration::from_secs(40)).unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    };
    // The checkpointer runs at most once per 200 ms: a commit of another program inside that sleep is what it meets
    // at its next look. A round whose delete came after its look is refused by the writer's catch-up instead.
    for round in 0..8 {
        let env = Env::new(POLICY);
        let token = env.token("bot", "agent");
        let (_server, addr) = env.serve();
        for i in 0..4 {
            assert_eq!(decide(&addr, &token, &format!("p{i}")).0, 200);
        }
        let conn = rusqlite::Connection::open(&env.db).unwrap();
        conn.execute_batch(
            "BEGIN IMMEDIATE; DROP TRIGGER journal_no_delete; DELETE FROM journal WHERE seq = (SELECT MAX(seq) FROM \
             journal); CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, \
             'journal is append-only'); END; COMMIT;",
        )
        .unwrap();
        drop(conn);
        std::thread::sleep(Duration::from_millis(600));
        let (status, body) = decide(&addr, &token, "after");
        assert_ne!(status, 200, "{body}");
        if !body.contains("checkpoint") {
            eprintln!("round {round}: the writer's catch-up refused first: {body}");
            continue;
        }
        assert!(!body.contains("failed write") && !body.contains("fsync"), "no write failed: {body}");
        assert!(body.contains("did not make") && body.contains("a log was put at the name"), "{body}");
        return;
    }
    panic!("in 8 rounds the checkpointer never met the other program's commit first");
}
