//! Attack 39's holes in the doors that only read (`scripts/attack39/REPORT.md` section 2; ADR-1250 … ADR-1253,
//! F1250 … F1253): a log planted at `DB-wal` applied into the database (another program's whose `journal` has
//! FourEyes' column names, #2.1; another FourEyes database's, #2.2), a foreign database with FourEyes' column names
//! written by `journal verify`, `journal audit` adding a table, a FIFO hanging every door, a read door upgrading a
//! schema.

use crate::support::Env;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const POLICY: &str = "version: 1\nactions: {}\n";

pub(crate) fn companion(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A FourEyes database with one credential, closed by this test (its log checkpointed into it and removed).
pub(crate) fn base(name: &str) -> Env {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", name, "--role", "admin"]);
    let c = rusqlite::Connection::open(&env.db).unwrap();
    c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);").unwrap();
    drop(c);
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(companion(&env.db, suffix));
    }
    env
}

/// What a door must leave as it was: the database and its log (their bytes; `None` when missing), and the `.clock`.
/// A missing log and an empty one are the same: a read-only connection makes SQLite's empty `-wal` where none was
/// (and the directory allows it), which holds nothing.
pub(crate) fn snapshot(db: &Path) -> [Option<Vec<u8>>; 3] {
    let wal = std::fs::read(companion(db, "-wal")).ok().filter(|w| !w.is_empty());
    [std::fs::read(db).ok(), wal, std::fs::read(companion(db, ".clock")).ok()]
}

fn restore(db: &Path, saved: &[Option<Vec<u8>>; 3]) {
    for (suffix, bytes) in ["", "-wal", ".clock"].iter().zip(saved) {
        let file = companion(db, suffix);
        match bytes {
            Some(b) => std::fs::write(&file, b).unwrap(),
            None => {
                let _ = std::fs::remove_file(&file);
            }
        }
    }
    let _ = std::fs::remove_file(companion(db, "-shm"));
}

/// Runs `foureyes ARGS` on `env`, killed after 30 s: `(exit code, stderr)`; a hang is `(None, "hung")`.
pub(crate) fn run(env: &Env, args: &[&str]) -> (Option<i32>, String) {
    let mut child = env
        .command()
        .args(args)
        // The secret doors' key (attack 40's H2); `secret set` reads its value from stdin: none here.
        .env("FOUREYES_SECRETS_KEY", "ab".repeat(32))
        .stdin(std::process::Stdio::null())
        // An unnamed file, not `/dev/null`: `token create` revokes a token shown to `/dev/null` (ADR-1511).
        .stdout(tempfile::tempfile().unwrap())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
            return (status.code(), err);
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            return (None, "hung: still running after 30 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub(crate) const READ_DOORS: &[&[&str]] = &[
    &["journal", "verify"],
    &["journal", "audit"],
    &["journal", "tail"],
    &["decisions", "list"],
    &["token", "list"],
    &["mcp", "pins", "list"],
    &["kill-switch", "status"],
    &["unconfirmed"],
    // Attack 40's H1 and H2 (ADR-1313, ADR-1311): both opened read-write and checkpointed the log.
    &["task", "status", "--task", "1"],
    &["secret", "list"],
];

/// The exit of a read door on a database it may read: 0, and 5 for `task status` of a task that does not exist.
fn read_ok(door: &[&str], code: Option<i32>) -> bool {
    code == Some(0) || (door.first() == Some(&"task") && code == Some(5))
}

pub(crate) const WRITE_DOORS: &[&[&str]] = &[
    &["token", "create", "--name", "w", "--role", "agent"],
    &["journal", "seal"],
    // Attack 40's H2 (ADR-1311): the secrets table was opened on its own, before the store's look.
    &["secret", "set", "pw"],
];

/// Every door (read and write) on `env` with the log `wal` planted at `fe.db-wal`: refused, naming the log, and
/// neither the database nor the log changes. Returns the failures.
pub(crate) fn every_door_refuses_the_log(env: &Env, wal: &[u8], adr: &str) -> Vec<String> {
    std::fs::write(companion(&env.db, "-wal"), wal).unwrap();
    let saved = snapshot(&env.db);
    let mut failures = Vec::new();
    for door in READ_DOORS.iter().chain(WRITE_DOORS) {
        restore(&env.db, &saved);
        let (code, stderr) = run(env, door);
        let after = snapshot(&env.db);
        if after[0] != saved[0] {
            failures.push(format!("{door:?}: fe.db was written (exit {code:?}): {stderr}"));
        }
        if after[1] != saved[1] {
            failures.push(format!("{door:?}: fe.db-wal changed or deleted (exit {code:?}): {stderr}"));
        }
        if code != Some(8) || !stderr.contains("fe.db-wal") || !stderr.contains(adr) {
            failures.push(format!("{door:?}: exit {code:?}, not a refusal naming the log ({adr}): {stderr}"));
        }
    }
    failures
}

/// Attack 39's #2.1: another program's log whose schema has a `journal` with FourEyes' six column names (and its own
/// `secrets`). Red before: `journal verify` exit 8 "table journal already exists", `fe.db` rewritten to the other
/// program's database (12,288 B, tables journal and secrets) and the log deleted, through every read door listed.
/// Now FourEyes' whole schema decides (ADR-1251): the log is named and nothing is applied, by any door.
#[test]
fn a_log_whose_journal_has_foureyes_column_names_is_applied_by_no_door() {
    let env = base("alice");
    let other = env.dir.path().join("other.db");
    let c = rusqlite::Connection::open(&other).unwrap();
    c.execute_batch(
        "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;
         CREATE TABLE journal (seq INTEGER PRIMARY KEY, ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL,
           prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
         CREATE TABLE secrets (x); INSERT INTO secrets VALUES ('their data');",
    )
    .unwrap();
    let wal = std::fs::read(companion(&other, "-wal")).unwrap();
    drop(c);
    let failures = every_door_refuses_the_log(&env, &wal, "ADR-1211");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Attack 39's #2.2: the log of another FourEyes database (B: admins mallory, m1…m3) at `A.db-wal`. Red before:
/// `journal verify` on A answered "ok: 4 events, chain intact" (B's journal as A's), checkpointed B's frames into A
/// and deleted the log; `token list` then showed B's admins, alice gone. Now a read door never checkpoints (ADR-1250)
/// and every door compares the journal's first event in the file alone and through the log (ADR-1252): refused,
/// the log named, both files as they were.
#[test]
fn another_foureyes_databases_log_is_applied_by_no_door() {
    let a = base("alice");
    let b = base("mallory");
    // B's log with B's journal in it: a reader holds a snapshot so the doors' closes cannot checkpoint it away.
    let reader = rusqlite::Connection::open(&b.db).unwrap();
    reader.execute_batch("BEGIN").unwrap();
    let _: i64 = reader.query_row("SELECT count(*) FROM journal", [], |r| r.get(0)).unwrap();
    for name in ["m1", "m2", "m3"] {
        b.cli(&["token", "create", "--name", name, "--role", "admin"]);
    }
    let wal = std::fs::read(companion(&b.db, "-wal")).unwrap();
    reader.execute_batch("COMMIT").unwrap();
    drop(reader);
    assert!(wal.len() > 32, "B's log holds frames");
    let failures = every_door_refuses_the_log(&a, &wal, "ADR-1252");
    assert!(failures.is_empty(), "{failures:#?}");
    // With the log moved away, A is A.
    std::fs::remove_file(companion(&a.db, "-wal")).unwrap();
    let _ = std::fs::remove_file(companion(&a.db, "-shm"));
    let out = a.cli(&["token", "list"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.contains("alice") && !listed.contains("mallory"), "{listed}");
}

/// Attack 39: another program's database (rollback mode) whose `journal` has FourEyes' column names. Red before:
/// `journal verify` switched it to WAL (header bytes 18–19, 28, 96 written) and exit 8 with an unnamed "table journal
/// already exists". Now every door refuses it by name and writes nothing.
#[test]
fn a_foreign_database_with_foureyes_journal_column_names_is_refused_by_name_and_untouched() {
    let env = Env::new(POLICY);
    let c = rusqlite::Connection::open(&env.db).unwrap();
    c.execute_batch(
        "CREATE TABLE journal (seq INTEGER PRIMARY KEY, ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL,
           prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
         CREATE TABLE secrets (x); INSERT INTO secrets VALUES ('their data');",
    )
    .unwrap();
    drop(c);
    let saved = snapshot(&env.db);
    let mut failures = Vec::new();
    for door in READ_DOORS.iter().chain(WRITE_DOORS) {
        let (code, stderr) = run(&env, door);
        if snapshot(&env.db) != saved {
            failures.push(format!("{door:?}: the file was written (exit {code:?}): {stderr}"));
        }
        if !matches!(code, Some(8 | 17)) || !stderr.contains("fe.db") || !stderr.contains("another program") {
            failures.push(format!("{door:?}: exit {code:?}, not refused by name: {stderr}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Attack 39: the doors that only read wrote the database they read — `journal audit` added `connector_secrets`
/// (131,072 → 139,264 B), every read door checkpointed a log into the file, and a lowered `user_version` made
/// `journal verify` run the schema upgrade. Red before: every read door "fe.db was written", "fe.db-wal was written";
/// schema 10 exit 0, upgraded. Now they open read-only (ADR-1250): the database and its log are as they were, and an
/// older schema is refused by name, not upgraded. (The `.clock` anchor stays every door's to keep: ADR-1250.)
#[test]
fn a_door_that_only_reads_writes_nothing() {
    let env = base("alice");
    // A log with frames in it, as a door killed before its close leaves one: a reader's snapshot keeps the write
    // door's close from checkpointing it away.
    let c = rusqlite::Connection::open(&env.db).unwrap();
    c.execute_batch("BEGIN").unwrap();
    let _: i64 = c.query_row("SELECT count(*) FROM journal", [], |r| r.get(0)).unwrap();
    env.cli(&["token", "create", "--name", "bob", "--role", "agent"]);
    c.execute_batch("COMMIT").unwrap();
    c.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).unwrap();
    drop(c);
    assert!(std::fs::metadata(companion(&env.db, "-wal")).unwrap().len() > 32, "a log with frames");
    let saved = snapshot(&env.db);
    let mut failures = Vec::new();
    for door in READ_DOORS {
        let (code, stderr) = run(&env, door);
        let after = snapshot(&env.db);
        // The `.clock` is the doors' clock anchor, which every door keeps (ADR-730, F388), not the database.
        for (i, what) in ["fe.db", "fe.db-wal"].iter().enumerate() {
            if after[i] != saved[i] {
                failures.push(format!("{door:?}: {what} was written (exit {code:?}): {stderr}"));
            }
        }
        if !read_ok(door, code) {
            failures.push(format!("{door:?}: exit {code:?}: {stderr}"));
        }
    }
    // An older schema version: refused by name, not upgraded.
    let c = rusqlite::Connection::open(&env.db).unwrap();
    c.execute_batch("PRAGMA user_version = 10;").unwrap();
    drop(c);
    let saved = snapshot(&env.db);
    for door in [&["journal", "verify"][..], &["decisions", "list"]] {
        let (code, stderr) = run(&env, door);
        if snapshot(&env.db) != saved {
            failures.push(format!("schema 10, {door:?}: the database was written (exit {code:?}): {stderr}"));
        }
        if code != Some(8) || !stderr.contains("fe.db") || !stderr.contains("schema version 10") {
            failures.push(format!("schema 10, {door:?}: exit {code:?}, not refused by name: {stderr}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Attack 39: a FIFO at `--db`, `DB-wal` or `DB-shm` hung every door for ever (`timeout` rc 124). Red before: "hung".
/// Now each is refused, naming the FIFO, without reading it (ADR-1253); a directory at `--db` is named too (was "disk
/// I/O error").
#[test]
fn a_fifo_or_a_directory_beside_or_at_the_database_is_refused_by_name_and_hangs_no_door() {
    let mut failures = Vec::new();
    for suffix in ["", "-wal", "-shm", "dir"] {
        let env = base("alice");
        let at = if suffix == "dir" { env.db.clone() } else { companion(&env.db, suffix) };
        let _ = std::fs::remove_file(&at);
        if suffix == "dir" {
            std::fs::create_dir(&at).unwrap();
        } else {
            let made = std::process::Command::new("mkfifo").arg(&at).status().unwrap();
            assert!(made.success(), "mkfifo {}", at.display());
        }
        let shown = at.file_name().unwrap().to_string_lossy().into_owned();
        for door in
            [&["journal", "verify"][..], &["token", "list"], &["token", "create", "--name", "w", "--role", "agent"]]
        {
            let (code, stderr) = run(&env, door);
            let named =
                stderr.contains(&format!("{shown}`")) && (stderr.contains("FIFO") || stderr.contains("a directory"));
            if code.is_none() || code == Some(0) || !named {
                failures.push(format!("{shown}, {door:?}: exit {code:?}: {stderr}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
