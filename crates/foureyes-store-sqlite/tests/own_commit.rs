//! A caller that finds the writer idle commits its own job on its own thread (ADR-790): what that must not change.

use foureyes_store::Store;
use foureyes_store::conformance::{self, policy, request};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

const T0: i64 = conformance::T0;

/// ADR-790: while another process holds SQLite's write lock, a write that finds the writer idle does not wait for it
/// on the caller's thread (a runtime worker: on a one-thread runtime nothing else would run) — it queues for the
/// writer thread, which waits. Here the one thread must still run the timer that ends the other process's
/// transaction. RED with the caller's `busy_timeout(Duration::ZERO)` removed (`lib.rs`): the timer of 200 ms fired
/// only after the store's busy timeout of 5 s, when the caller's `BEGIN IMMEDIATE` gave up.
#[test]
fn a_write_waiting_for_another_process_does_not_hold_the_callers_thread() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("busy.db");
        let options = SqliteOptions { busy_timeout: Duration::from_secs(5), ..Default::default() };
        let store = Arc::new(SqliteStore::open(&path, options).unwrap());
        let p = policy();
        store.decide(p.clone(), request("before", "files.read", json!({"path": "/"})), T0).await.unwrap();
        let other = rusqlite::Connection::open(&path).unwrap();
        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        let (s, pp) = (Arc::clone(&store), p.clone());
        let decide =
            tokio::spawn(
                async move { s.decide(pp, request("behind", "files.read", json!({"path": "/"})), T0 + 1).await },
            );
        let started = Instant::now();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let slept = started.elapsed();
        other.execute_batch("COMMIT").unwrap();
        let decided = tokio::time::timeout(Duration::from_secs(10), decide).await.expect("the write ended").unwrap();
        assert!(slept < Duration::from_secs(2), "the caller's thread waited {slept:?} for the other process's lock");
        let decided = decided.expect("the write waited for the lock and committed");
        assert_eq!(decided.request.request_id, "behind");
        assert_eq!(store.journal_head().await.unwrap(), 2);
    });
}

/// ADR-790: callers committing their own jobs and callers queued for the writer's batches, side by side, give every
/// request one decision, distinct ids, and tables that match the journal (each job either alone or in a batch).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_commits_and_batches_interleaved_keep_every_decision() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("mixed.db"), SqliteOptions::default()).unwrap());
    let p = policy();
    let mut tasks = Vec::new();
    for caller in 0..8 {
        let (s, p) = (Arc::clone(&store), p.clone());
        tasks.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for i in 0..25 {
                // Every caller pauses now and then: the writer goes idle and the next caller commits alone.
                if (i + caller) % 5 == 0 {
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
                let id = format!("c{caller}-{i}");
                let d = s.decide(p.clone(), request(&id, "files.read", json!({"path": "/"})), T0 + i).await.unwrap();
                ids.push(d.decision_id);
            }
            ids
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.extend(t.await.unwrap());
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 200, "200 distinct decisions");
    assert_eq!(store.journal_head().await.unwrap(), 200);
    conformance::assert_consistent(&*store, "after own commits and batches").await;
}
