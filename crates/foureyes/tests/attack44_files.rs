//! Attack 44's file holes (`/work/attack44/REPORT.md` H1, H2; F1445): a URI spelling of `--db` kept its record
//! (`DB.head`) beside another name than the file SQLite opened, so a fork's log every plain-path door refuses was
//! applied through it (H1); and a journal truncated by another program under `serve` was copied into the file by
//! the stop of `serve` itself (its last read connection checkpointed as it closed), after which no door could tell.

use crate::support::{Env, http_bytes};
use std::process::Command;
use std::time::Duration;

const POLICY: &str = "version: 1\nactions:\n  t.pay:\n    tier: 2\n    params: { amt: { type: integer, min: 0, max: 100 } }\n    budgets: [ { param: amt, max: 100000, per: 24h } ]\n";

fn tokens(e: &Env) -> String {
    String::from_utf8_lossy(&e.cli(&["token", "list"]).stdout).into_owned()
}

/// H1: `--db file:fe.db` opened `fe.db` (the bundled SQLite reads `file:` names as URIs) while the record and the clock
/// went to `file:fe.db.head` and `file:fe.db.clock`, so ADR-1400's record was never consulted and a fork's log was
/// applied. Red before: the token created at `file:fe.db` was in `fe.db`. Now a name is the file of that name, as
/// every other tool reads a path: `file:fe.db` is a database of its own beside `fe.db`, which is left as it was.
#[test]
fn attack44_a_uri_spelling_of_the_database_opens_the_file_of_that_name() {
    let e = Env::new(POLICY);
    e.cli(&["token", "create", "--name", "plain", "--role", "agent"]);
    let before = std::fs::read(&e.db).unwrap();
    let out = Command::new(crate::support::BIN)
        .current_dir(e.dir.path())
        .args(["--db", "file:fe.db", "--policy"])
        .arg(&e.policy)
        .args(["token", "create", "--name", "via-uri", "--role", "agent"])
        .env_remove("FOUREYES_DB")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let listed = tokens(&e);
    assert!(listed.contains("plain") && !listed.contains("via-uri"), "fe.db took the URI door's write: {listed}");
    assert_eq!(std::fs::read(&e.db).unwrap(), before, "fe.db is unchanged");
    assert!(e.dir.path().join("file:fe.db").is_file(), "the name given is the file written");
}

/// H2: another program deletes the journal's last events (triggers dropped) while `serve` runs, with no witness.
/// Red before: `serve`'s clean stop (SIGTERM) copied that commit into the file and deleted the log — its writer and
/// checkpointer closed without checkpointing (ADR-1402), but its last read connection checkpointed as it closed — and
/// `journal verify` then said "ok" on the truncated journal (exit 0). Now no connection of the store checkpoints a
/// log that no longer extends what the doors committed: the log stays, and every door finds the journal behind its
/// record (`TRUNCATED`, exit 7).
#[test]
fn attack44_a_journal_truncated_under_serve_is_not_laundered_by_its_clean_stop() {
    let e = Env::new(POLICY);
    let bot = e.token("bot", "agent");
    let (mut server, addr) = e.serve();
    for i in 0..6 {
        let ask = serde_json::json!({"action": "t.pay", "params": {"amt": 10}, "request_id": format!("p{i}")});
        let (status, body) =
            http_bytes(&addr, "POST", "/v1/decide", &bot, Some(&ask), Duration::from_secs(10)).unwrap();
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    }
    let c = rusqlite::Connection::open(&e.db).unwrap();
    let last: i64 = c.query_row("SELECT max(seq) FROM journal", [], |r| r.get(0)).unwrap();
    c.execute_batch(&format!(
        "BEGIN; DROP TRIGGER journal_no_delete; DELETE FROM journal WHERE seq > {}; CREATE TRIGGER journal_no_delete \
         BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END; COMMIT;",
        last - 3
    ))
    .unwrap();
    c.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).unwrap();
    drop(c);
    let pid = server.0.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let _ = server.0.wait();
    let out = e.command().args(["journal", "verify"]).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(7), "a journal truncated under serve verifies after its stop: {said}");
    assert!(said.contains("TRUNCATED"), "{said}");
}

/// Attack 44's 1.2 (F1448): with no log beside it, the record was never compared with the file. A fork's file put at
/// the database's name (the fork sharing the first events, then each copy writing its own event 3) verified and took
/// decisions: the record said event 3 was A's, the file held B's. Red before: `journal verify` exit 0 "ok: 3 events"
/// and `token create` exit 0 on the fork. Now every door refuses it, exit 8, naming the record, and writes nothing; a
/// copy put back *behind* its record (a rollback, ADR-1440 (c): the witness's to tell) is still opened.
#[test]
fn attack44_a_forks_file_put_at_the_name_without_a_log_is_refused() {
    let e = Env::new(POLICY);
    e.cli(&["token", "create", "--name", "first", "--role", "agent"]);
    let fork = e.dir.path().join("fork.db");
    let backup = e.dir.path().join("backup.db");
    std::fs::copy(&e.db, &fork).unwrap();
    std::fs::copy(&e.db, &backup).unwrap();
    e.cli(&["token", "create", "--name", "onlyA", "--role", "agent"]);
    let on_fork = Command::new(crate::support::BIN)
        .args(["--db"])
        .arg(&fork)
        .args(["token", "create", "--name", "onlyB", "--role", "agent"])
        .env_remove("FOUREYES_DB")
        .output()
        .unwrap();
    assert!(on_fork.status.success(), "{}", String::from_utf8_lossy(&on_fork.stderr));
    assert!(
        !e.dir.path().join("fe.db-wal").exists()
            || std::fs::metadata(e.dir.path().join("fe.db-wal")).unwrap().len() == 0
    );
    std::fs::copy(&fork, &e.db).unwrap();
    let planted = std::fs::read(&e.db).unwrap();
    for args in [&["journal", "verify"][..], &["token", "create", "--name", "after", "--role", "agent"][..]] {
        let out = e.command().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(8), "{args:?} on a fork's file: {out:?}");
        assert!(err.contains("not the database its doors committed to") && err.contains(".head"), "{err}");
    }
    assert_eq!(std::fs::read(&e.db).unwrap(), planted, "nothing written to the fork's file");
    // A copy behind the record (an older copy put back, or a cut checkpointed into the file) is refused as the same
    // files with a log are: TRUNCATED, exit 7 (attack 46's H1, H2); moving the record away opens a deliberate restore.
    std::fs::copy(&backup, &e.db).unwrap();
    let out = e.command().args(["journal", "verify"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(7), "a copy behind its record: {out:?}");
    assert!(err.contains("TRUNCATED") && err.contains(".head"), "{err}");
    std::fs::rename(format!("{}.head", e.db.display()), e.dir.path().join("moved.head")).unwrap();
    let out = e.command().args(["journal", "verify"]).output().unwrap();
    assert!(out.status.success(), "a deliberate restore, its record moved away, is opened: {out:?}");
}
