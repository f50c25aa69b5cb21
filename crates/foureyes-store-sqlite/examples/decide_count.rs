//! `foureyes bench decide --decisions N`'s loop on this store alone (ADR-980): the same policy, requests and callers,
//! in a binary that links only the store, so that a change to it can be counted in instructions
//! (`valgrind --tool=callgrind`) without a release build of the whole CLI. Args: CALLERS DECISIONS on|off DIR.
//! Prints the decisions made and the process CPU time per decision (µs) from `/proc/self/stat`.
#![allow(clippy::unwrap_used, clippy::panic)]

use foureyes_core::{Policy, Verdict};
use foureyes_store::Store;
use foureyes_store::decide_workload::{POLICY as BENCH_POLICY, request as bench_request};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::sync::Arc;

fn cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let callers: usize = args[1].parse().unwrap();
    let decisions: u64 = args[2].parse().unwrap();
    let group_commit = args[3] == "on";
    let dir = std::path::PathBuf::from(&args[4]).join(format!("decide-count-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let policy = Arc::new(Policy::from_yaml("bench.yaml", BENCH_POLICY).unwrap());
    let options = SqliteOptions { group_commit, ..SqliteOptions::default() };
    let store = Arc::new(SqliteStore::open(dir.join("bench.db"), options).unwrap());
    let before = cpu_ticks();
    let mut tasks = Vec::new();
    for caller in 0..callers {
        let (store, policy) = (store.clone(), policy.clone());
        let count = decisions / callers as u64 + u64::from((caller as u64) < decisions % callers as u64);
        tasks.push(tokio::spawn(async move {
            for i in 0..count {
                let now = jiff::Timestamp::now().as_millisecond();
                let record = store.decide(policy.clone(), bench_request(caller, i), now).await.unwrap();
                assert_eq!(record.verdict, Verdict::Permit);
            }
            count
        }));
    }
    let mut made = 0;
    for t in tasks {
        made += t.await.unwrap();
    }
    let cpu_us = (cpu_ticks() - before) as f64 * 10_000.0 / made.max(1) as f64;
    store.close();
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
    println!("{{\"decisions\": {made}, \"cpu_us_per_decision\": {cpu_us:.1}}}");
}
