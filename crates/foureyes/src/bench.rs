//! `foureyes bench decide`: durable decisions per second and latency percentiles. A benchmark, not a test: it
//! prints figures and asserts nothing. Each run uses a fresh temporary database, so runs do not see each other's
//! reservations.

use crate::commands::fresh_request_id;
use crate::{EXIT_STORAGE, Exit};
use foureyes_core::{ActionRequest, Policy, Verdict};
use foureyes_store::{SqliteOptions, SqliteStore, Store};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

const BENCH_POLICY: &str = "\
version: 1
actions:
  bench.spend:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 100 } }
    budgets: [ { param: amount_eur, max: 1000000000, per: 24h } ]
";

#[derive(serde::Serialize)]
struct Run {
    group_commit: bool,
    callers: usize,
    decisions: u64,
    seconds: f64,
    decisions_per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

pub async fn decide(
    callers: Vec<usize>,
    seconds: f64,
    modes: Vec<String>,
    dir: Option<PathBuf>,
    json_out: bool,
) -> Result<u8, Exit> {
    let policy =
        Arc::new(Policy::from_yaml("bench.yaml", BENCH_POLICY).map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?);
    let base = dir.unwrap_or_else(std::env::temp_dir);
    let mut runs = Vec::new();
    let total = modes.len() * callers.len();
    let mut n = 0;
    for mode in &modes {
        let group_commit = match mode.as_str() {
            "on" => true,
            "off" => false,
            other => return Err(Exit::new(2, format!("--group-commit takes `on` and/or `off`, not `{other}`"))),
        };
        for &c in &callers {
            n += 1;
            eprintln!("[{n}/{total}] group commit {mode}, {c} callers, {seconds}s …");
            let run = one_run(&policy, &base, group_commit, c.max(1), Duration::from_secs_f64(seconds)).await?;
            runs.push(run);
        }
    }
    if json_out {
        println!("{}", serde_json::to_string_pretty(&runs).unwrap_or_default());
    } else {
        println!("| group commit | callers | decisions | decisions/s | p50 ms | p99 ms | max ms |");
        println!("|---|---:|---:|---:|---:|---:|---:|");
        for r in &runs {
            println!(
                "| {} | {} | {} | {:.0} | {:.2} | {:.2} | {:.2} |",
                if r.group_commit { "on" } else { "off" },
                r.callers,
                r.decisions,
                r.decisions_per_second,
                r.p50_ms,
                r.p99_ms,
                r.max_ms
            );
        }
    }
    Ok(0)
}

async fn one_run(
    policy: &Arc<Policy>,
    base: &std::path::Path,
    group_commit: bool,
    callers: usize,
    length: Duration,
) -> Result<Run, Exit> {
    let dir = base.join(format!("foureyes-bench-{}", fresh_request_id()));
    std::fs::create_dir_all(&dir)
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot create `{}`: {e}", dir.display())))?;
    let store =
        Arc::new(SqliteStore::open(dir.join("bench.db"), SqliteOptions { group_commit, ..SqliteOptions::default() })?);
    let started = Instant::now();
    let deadline = started + length;
    let mut tasks = Vec::new();
    for caller in 0..callers {
        let store = store.clone();
        let policy = policy.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut i = 0u64;
            while Instant::now() < deadline {
                let request = ActionRequest {
                    request_id: format!("bench-{caller}-{i}"),
                    agent: format!("agent-{caller}"),
                    session: None,
                    action: "bench.spend".into(),
                    params: json!({"amount_eur": 1.25}).as_object().cloned().unwrap_or_default(),
                    target: None,
                    undo_of: None,
                    dry_run: false,
                    approval_id: None,
                };
                let t = Instant::now();
                let now = jiff::Timestamp::now().as_millisecond();
                let record = store.decide(policy.clone(), request, now).await?;
                latencies.push(t.elapsed());
                if record.verdict != Verdict::Permit {
                    return Err(foureyes_store::StoreError::Backend(format!(
                        "bench expected permit, got {}",
                        record.verdict
                    )));
                }
                i += 1;
            }
            Ok::<_, foureyes_store::StoreError>(latencies)
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        let latencies = task.await.map_err(|e| Exit::new(EXIT_STORAGE, format!("bench task failed: {e}")))??;
        all.extend(latencies);
    }
    let elapsed = started.elapsed().as_secs_f64();
    store.close();
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
    all.sort_unstable();
    Ok(Run {
        group_commit,
        callers,
        decisions: all.len() as u64,
        seconds: elapsed,
        decisions_per_second: all.len() as f64 / elapsed,
        p50_ms: percentile(&all, 0.50),
        p99_ms: percentile(&all, 0.99),
        max_ms: all.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
    })
}
