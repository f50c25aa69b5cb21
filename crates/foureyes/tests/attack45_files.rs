//! Attack 45's file holes (`scripts/attack45/REPORT.md` H1, H2): the companions of a database (`DB.head`, the `-wal`
//! the look reads) were looked for beside the name as given, while SQLite opens the file the name resolves to (H1,
//! F1449); and a request to `serve` after a truncation rewrote the record to the truncated journal, so the clean stop
//! laundered it (H2, F1450).

use crate::attack39_files::companion;
use crate::attack41_files::fork_layout;
use crate::support::{BIN, Env, http_bytes};
use std::process::Command;
use std::time::Duration;

/// H1: attack 41's H1 layout (A's newest event only in A's log; a fork's log put in its place). `--db fe.db` refuses
/// the fork's log; `--db L.db` (a symbolic link to `fe.db`) and `--db nox/../fe.db` (through a folder that does not
/// exist) are the same file to SQLite, which resolves both, but the look asked `L.db-wal` and `nox/../fe.db-wal`,
/// found no log and no record, and SQLite applied `fe.db-wal`. Red before: `token create` exit 0 through both
/// spellings, and `fe.db` then held the fork's admin. Now a name is resolved as SQLite resolves it: exit 8, nothing
/// applied.
#[test]
fn attack45_a_link_or_dotdot_spelling_of_the_database_is_the_file_it_names() {
    let (a, _, wal_b) = fork_layout();
    std::fs::write(companion(&a.db, "-wal"), &wal_b).unwrap();
    let _ = std::fs::remove_file(companion(&a.db, "-shm"));
    let dir = a.db.parent().unwrap().to_path_buf();
    std::os::unix::fs::symlink(&a.db, dir.join("L.db")).unwrap();
    let before = (std::fs::read(&a.db).unwrap(), std::fs::read(companion(&a.db, "-wal")).unwrap());
    for spelling in ["L.db", "nox/../fe.db"] {
        let out = Command::new(BIN)
            .current_dir(&dir)
            .args(["--db", spelling, "token", "create", "--name", "z", "--role", "agent"])
            .env_remove("FOUREYES_DB")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(8), "--db {spelling} took the fork's log: {err}");
        assert!(err.contains("not this database's log"), "{err}");
        let after = (std::fs::read(&a.db).unwrap(), std::fs::read(companion(&a.db, "-wal")).unwrap());
        assert!(after == before, "--db {spelling} changed the files");
    }
    assert!(!dir.join("L.db.head").exists(), "the record is kept beside the file, not the link");
}

/// H2: rows deleted from the journal by another program while `serve` runs, then one request — a decide or only a
/// read. The server refused it (503, "the journal was rewritten or truncated under it"), but its writer had run the
/// batch and then rewrote `DB.head` to the journal it now saw (`last 5` over `last 8`); its clean stop then found its
/// log "still ours" and checkpointed the cut into the file. Red before: `DB.head` read `last 5` while `serve` still
/// ran, and after its stop `journal verify` "ok: 5 events" (exit 0). Now the record is never rewritten to a journal
/// that lacks a commit it names: after the stop every door finds the journal cut (`TRUNCATED`, exit 7), whichever of
/// the record's check or the file's own (F1450: a log ending on an event the file holds too is a cut, not a fork) sees
/// it first.
#[test]
fn attack45_a_request_after_a_cut_under_serve_does_not_rewrite_the_record() {
    for after in ["POST", "GET"] {
        let e = Env::new(
            "version: 1\nactions:\n  t.pay:\n    tier: 2\n    params: { amt: { type: integer, min: 0, max: 100 } }\n    budgets: [ { param: amt, max: 100000, per: 24h } ]\n",
        );
        let bot = e.token("bot", "agent");
        let (mut server, addr) = e.serve();
        let decide = |id: &str| {
            let ask = serde_json::json!({"action": "t.pay", "params": {"amt": 10}, "request_id": id});
            http_bytes(&addr, "POST", "/v1/decide", &bot, Some(&ask), Duration::from_secs(10)).unwrap()
        };
        for i in 0..6 {
            assert_eq!(decide(&format!("p{i}")).0, 200);
        }
        let head = std::fs::read_to_string(e.db.with_extension("db.head")).unwrap();
        let c = rusqlite::Connection::open(&e.db).unwrap();
        let last: i64 = c.query_row("SELECT max(seq) FROM journal", [], |r| r.get(0)).unwrap();
        c.execute_batch(&format!(
            "BEGIN; DROP TRIGGER journal_no_delete; DELETE FROM journal WHERE seq > {}; DELETE FROM idempotency; \
             CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'journal is \
             append-only'); END; COMMIT;",
            last - 3
        ))
        .unwrap();
        c.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).unwrap();
        drop(c);
        let (status, _) = if after == "POST" {
            decide("after-the-cut")
        } else {
            http_bytes(&addr, "GET", "/v1/decisions", &bot, None, Duration::from_secs(10)).unwrap()
        };
        assert_ne!(status, 200, "{after} after the cut answered as if nothing happened");
        let recorded = std::fs::read_to_string(e.db.with_extension("db.head")).unwrap();
        assert!(
            recorded.lines().nth(2) == head.lines().nth(2) || recorded.contains(&format!("last {last} ")),
            "{after}: the record was rewritten to the cut journal: {recorded}"
        );
        let pid = server.0.id().to_string();
        assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        let _ = server.0.wait();
        let out = e.command().args(["journal", "verify"]).output().unwrap();
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(7), "{after}: a journal cut under serve verifies after its stop: {said}");
        assert!(said.contains("TRUNCATED"), "{said}");
    }
}
