//! The read pool is a fixed size (issue 21): many concurrent reads wait for a connection instead of opening more
//! (under load the old pool opened a new SQLite connection whenever its 8 were busy: ~4,000 connections and 6,066
//! fds for 2,000 waiters, many still held after the load).
#![allow(clippy::unwrap_used)]

use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// This process's open descriptors on files of the database (the file, its WAL and shared memory).
fn fds_on(db: &std::path::Path) -> usize {
    let name = db.file_name().unwrap().to_string_lossy().to_string();
    std::fs::read_dir("/proc/self/fd")
        .map(|d| {
            d.filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
                .filter(|target| target.file_name().is_some_and(|f| f.to_string_lossy().starts_with(&name)))
                .count()
        })
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_concurrent_reads_use_at_most_the_pools_connections() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("pool.db");
    let readers = 4;
    let store = Arc::new(SqliteStore::open(&db, SqliteOptions { readers, ..SqliteOptions::default() }).unwrap());
    for i in 0..200 {
        store.refuse("bot", "bad_request", "filler", serde_json::json!({"i": i}), 1).await.unwrap();
    }
    let idle = fds_on(&db);
    let peak = Arc::new(AtomicUsize::new(0));
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = {
        let (db, peak, sampling) = (db.clone(), peak.clone(), sampling.clone());
        std::thread::spawn(move || {
            while sampling.load(Ordering::Relaxed) {
                peak.fetch_max(fds_on(&db), Ordering::Relaxed);
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        })
    };
    let reads: Vec<_> = (0..300)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.journal(0, 200).await.map(|page| page.len()) })
        })
        .collect();
    for r in reads {
        assert_eq!(r.await.unwrap().unwrap(), 200);
    }
    sampling.store(false, Ordering::Relaxed);
    sampler.join().unwrap();
    let peak = peak.load(Ordering::Relaxed);
    // Each connection holds at most three descriptors (database, WAL, shared memory); the writer holds its own.
    let bound = idle + readers * 3;
    assert!(
        peak <= bound,
        "{peak} descriptors on the database during 300 concurrent reads (idle {idle}, bound {bound})"
    );
    let after = fds_on(&db);
    assert!(after <= bound, "{after} descriptors on the database after the reads (bound {bound})");
}
