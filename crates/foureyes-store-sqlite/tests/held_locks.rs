//! A store holds SQLite's lock on its database file for as long as it is open (attack 41's H2, ADR-1420, F1420).
//!
//! POSIX locks belong to the process: closing any descriptor of the file drops all of them. The store's own look at
//! the file (ADR-1211), made again for every connection it added, opened and closed descriptors of it, so a running
//! store held no lock on its database: another SQLite client took itself for the last connection, checkpointed and
//! deleted the live log, and the store's next commits went into a deleted file no other process could read.

use foureyes_store::Store;
use foureyes_store::conformance::{policy, request};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::json;
use std::path::Path;

/// The read locks this process holds on `db` (lines of `/proc/locks`: `N: POSIX ADVISORY READ PID MAJ:MIN:INODE
/// START END`).
fn read_locks_held(db: &Path) -> Vec<String> {
    use std::os::unix::fs::MetadataExt as _;
    let inode = std::fs::metadata(db).unwrap().ino();
    let pid = std::process::id().to_string();
    std::fs::read_to_string("/proc/locks")
        .unwrap()
        .lines()
        .filter(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() >= 8
                && f[1] == "POSIX"
                && f[4] == pid
                && f[5].rsplit(':').next() == Some(inode.to_string().as_str())
        })
        .map(str::to_string)
        .collect()
}

/// The journal's length as another process reads it (Python's `sqlite3`, an ordinary SQLite client).
fn events_seen_by_another_client(db: &Path) -> u64 {
    let out = std::process::Command::new("python3")
        .args([
            "-c",
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute('select count(*) from journal').fetchone()[0]); c.close()",
        ])
        .arg(db)
        .output()
        .expect("python3 runs (the CI installs it)");
    assert!(out.status.success(), "python3's sqlite3 failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_store_keeps_its_lock_on_the_database_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("held.db");
    let store = SqliteStore::open(&db, SqliteOptions::default()).unwrap();
    store.decide(policy(), request("one", "email.send", json!({"to": "ops@example.com"})), 1).await.unwrap();
    // A read opens a pooled reader connection: the third connection of the store, after the writer and the checkpointer.
    assert_eq!(store.journal(0, 10).await.unwrap().len() as u64, store.journal_head().await.unwrap());
    let locks = read_locks_held(&db);
    assert!(
        !locks.is_empty(),
        "the open store holds no lock on `{}` (its own look closed a descriptor of the file after SQLite locked it): \
         another SQLite client would delete its live log",
        db.display()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_sqlite_client_does_not_take_the_log_of_an_open_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    let store = SqliteStore::open(&db, SqliteOptions::default()).unwrap();
    store.decide(policy(), request("one", "email.send", json!({"to": "ops@example.com"})), 1).await.unwrap();
    store.journal(0, 10).await.unwrap();
    // An operator's `sqlite3 fe.db "select …"`, a backup, a cron check: it opens, reads and closes.
    events_seen_by_another_client(&db);
    let wal = dir.path().join("shared.db-wal");
    assert!(wal.exists(), "another SQLite client's close deleted the open store's log `{}`", wal.display());
    // What the store commits next is what every other reader sees: one log, one history.
    store.set_kill_switch(true, "test", 2).await.unwrap();
    let head = store.journal_head().await.unwrap();
    assert_eq!(
        events_seen_by_another_client(&db),
        head,
        "the store committed into a log no other process reads (the kill switch engaged here is invisible there)"
    );
}
