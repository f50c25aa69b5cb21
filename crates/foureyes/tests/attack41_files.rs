//! Attack 41's log holes (`/work/attack41/REPORT.md` H1, H3; ADR-1400 … ADR-1402, F1400 … F1402): ADR-1310 compared
//! the log with the database *file alone*, so a fork's log over a database whose newest events were still only in its
//! own log (a crash, or `serve` stopped while a reader held a snapshot) passed (H1), and so did the database's own
//! newer log beside an older copy of its file (a backup restored after a crash, H3). Now the doors of a database
//! record, beside it, the last event they committed and the last event its file is known to hold (`DB.head`); a log
//! under which the first is missing or another, or beside a file that lacks the second, is refused by every door.

use crate::attack39_files::{base, companion, every_door_refuses_the_log};
use crate::support::Env;
use std::path::Path;

const POLICY: &str = "version: 1\nactions: {}\n";

/// A reader holding a snapshot of the database at `db`: the doors' commits stay in its log (none checkpoints past
/// it, and the last door to close neither checkpoints the log away nor deletes it) — what `serve` killed while a
/// read-only reader held a snapshot leaves (attack 41's H1).
fn hold(db: &Path) -> rusqlite::Connection {
    let reader = rusqlite::Connection::open(db).unwrap();
    reader.execute_batch("BEGIN").unwrap();
    let _: i64 = reader.query_row("SELECT count(*) FROM journal", [], |r| r.get(0)).unwrap();
    reader
}

/// Lets a [`hold`] go without checkpointing anything (as a crash would).
fn release(reader: rusqlite::Connection) {
    reader.execute_batch("COMMIT").unwrap();
    reader.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).unwrap();
    drop(reader);
}

/// Attack 41's H1 layout: A (`alice`) with `pre-fork` and then `only-in-A` committed into its log only (a reader pins
/// them there), and the log of its fork B (copied with A's log after `pre-fork`, then `only-in-B`, an admin). Returns
/// A, A's own log and B's log; A's log is in place.
pub(crate) fn fork_layout() -> (Env, Vec<u8>, Vec<u8>) {
    let a = base("alice");
    let reader_a = hold(&a.db);
    a.cli(&["token", "create", "--name", "pre-fork", "--role", "agent"]);
    let b = Env::new(POLICY);
    for suffix in ["", "-wal", ".clock"] {
        std::fs::copy(companion(&a.db, suffix), companion(&b.db, suffix)).unwrap();
    }
    a.cli(&["token", "create", "--name", "only-in-A", "--role", "agent"]);
    let reader_b = hold(&b.db);
    b.cli(&["token", "create", "--name", "only-in-B", "--role", "admin"]);
    let wal_b = std::fs::read(companion(&b.db, "-wal")).unwrap();
    let wal_a = std::fs::read(companion(&a.db, "-wal")).unwrap();
    release(reader_a);
    release(reader_b);
    assert!(wal_a.len() > 32 && wal_b.len() > 32, "both logs hold frames");
    (a, wal_a, wal_b)
}

fn tokens(env: &Env) -> String {
    let out = env.cli(&["token", "list"]);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Attack 41's H1: A's doors commit `pre-fork` into A's log (a reader pins it there); A is copied with its log (B);
/// A then acknowledges `only-in-A` (in its log only); B writes `only-in-B`; B's log is put in place of A's. A's file
/// alone ends at the fork point or before it, and B's log extends that, so ADR-1310's check passed. Red before: every
/// door exit 0 on B's history (`journal verify` "ok"), `token create` applied it and `only-in-A` was gone. Now A's
/// doors recorded `only-in-A` as their last commit (`fe.db.head`); through B's log that event is another: every door
/// refuses naming the log, nothing applied; A's own log put back reads as before.
#[test]
fn a_forks_log_over_a_database_whose_newest_events_are_in_its_log_is_applied_by_no_door() {
    let (a, wal_a, wal_b) = fork_layout();
    let failures = every_door_refuses_the_log(&a, &wal_b, "ADR-1400");
    assert!(failures.is_empty(), "{failures:#?}");
    // A's own log: every door reads through it, and A's acknowledged `only-in-A` is there.
    std::fs::write(companion(&a.db, "-wal"), &wal_a).unwrap();
    let _ = std::fs::remove_file(companion(&a.db, "-shm"));
    let listed = tokens(&a);
    assert!(listed.contains("only-in-A") && listed.contains("pre-fork") && !listed.contains("only-in-B"), "{listed}");
}

/// Attack 41's H3: the database's own newer log beside an older copy of its file (a backup restored after a crash,
/// the log left). The backup's last event is also there through the log (the log's journal page holds it and more),
/// so ADR-1310's check passed. Red before: doors exit 0 on the mix, `token create` checkpointed the log into the old
/// file (A's events between the backup and the log gone from the journal). Now A's doors recorded that A's file held
/// `t1` (`fe.db.head`, at the open of a write door and after each complete checkpoint): the restored file lacks it,
/// so every door refuses naming the log, nothing applied; the newer file put back reads as before.
#[test]
fn an_older_copy_of_the_file_beside_its_newer_log_is_applied_by_no_door() {
    let a = base("alice");
    let backup = std::fs::read(&a.db).unwrap();
    a.cli(&["token", "create", "--name", "t1", "--role", "agent"]);
    let reader = hold(&a.db);
    a.cli(&["token", "create", "--name", "t2", "--role", "agent"]);
    a.cli(&["token", "create", "--name", "t3", "--role", "admin"]);
    let wal = std::fs::read(companion(&a.db, "-wal")).unwrap();
    let newer = std::fs::read(&a.db).unwrap();
    release(reader);
    assert!(wal.len() > 32, "the log holds frames");
    std::fs::write(&a.db, &backup).unwrap();
    let failures = every_door_refuses_the_log(&a, &wal, "ADR-1401");
    assert!(failures.is_empty(), "{failures:#?}");
    // The newer file with its own log: every door reads through it.
    std::fs::write(&a.db, &newer).unwrap();
    std::fs::write(companion(&a.db, "-wal"), &wal).unwrap();
    let _ = std::fs::remove_file(companion(&a.db, "-shm"));
    let listed = tokens(&a);
    assert!(["alice", "t1", "t2", "t3"].iter().all(|n| listed.contains(n)), "{listed}");
}
