//! The WAL is checkpointed by the store's checkpointer thread, not inside the writer's commits (ADR-670): the writer's
//! connection has SQLite's automatic checkpoint turned off, so without the checkpointer nothing committed would reach
//! the database file until the last connection closed, and the log would grow with every write.
#![allow(clippy::unwrap_used)]

use foureyes_store::Store;
use foureyes_store::conformance::{policy, request};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn file_len(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn committed_decisions_reach_the_database_file_while_the_store_is_open() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("checkpoint.db");
    let store = Arc::new(SqliteStore::open(&db, SqliteOptions::default()).unwrap());
    let p = policy();
    store.decide(p.clone(), request("first", "email.send", json!({"to": "ops@example.com"})), 1).await.unwrap();
    // Whatever the database file held once the store was open and had written (the schema may still be in the WAL).
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = file_len(&db);
    let mut tasks = Vec::new();
    for i in 0..300 {
        let (store, p) = (store.clone(), p.clone());
        let params = json!({"to": format!("ops-{i}@example.com")});
        tasks.push(tokio::spawn(
            async move { store.decide(p, request(&format!("r-{i}"), "email.send", params), 2).await },
        ));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    // The checkpointer runs at most every 200 ms after a commit: give it a few intervals, bounded.
    let deadline = Instant::now() + Duration::from_secs(10);
    while file_len(&db) <= before && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let after = file_len(&db);
    assert!(
        after > before,
        "300 committed decisions never reached the database file while the store was open ({before} → {after} \
         bytes; the WAL is {} bytes): nothing checkpoints the log",
        file_len(&dir.path().join("checkpoint.db-wal"))
    );
}
