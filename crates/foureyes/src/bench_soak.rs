//! `foureyes bench verify --soak`: the cost of `journal verify` and `journal audit` as a sealed journal grows (issue
//! 14, ADR-1057). Writes, in this process and on a simulated clock, a sealed SQLite journal with the two-hour soak's
//! mix (`tests/faults_soak.rs`: four clients, each round a tier-1 create reported `executed` then undone and the undo
//! reported, a tier-3 payment deferred, approved by a person, released by re-sending its request id and reported; a
//! policy reload every tenth, each a changed policy, so each journals `policy_loaded`; request memory 2 m) at `N`,
//! `2N` and `4N` events, then runs `journal verify` and `journal audit` under the seal key on each, as child
//! processes under `/usr/bin/time`, and prints their CPU and peak RSS, per event. A benchmark: it asserts only that
//! both commands pass. `--verifier PATH` times another build's binary on the same journals (main's, to compare).

use crate::{EXIT_STORAGE, Exit};
use foureyes_core::{ActionRequest, Outcome, Policy, Verdict};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Instant;

/// The soak's policy, the file `tests/faults_soak.rs` runs too; each reload adds a comment line.
const SOAK_POLICY: &str = include_str!("soak_policy.yaml");

/// Clients writing at once, as the soak's.
const CLIENTS: u64 = 4;
/// Simulated milliseconds per request: the two-hour soak made 1,287,100 requests in 7,200 s with four clients, about
/// 5.6 ms apart.
const MS_PER_REQUEST: i64 = 6;
/// The soak's request memory (`FOUREYES_REQUEST_MEMORY=2m`).
const REQUEST_MEMORY_MS: i64 = 120_000;

#[derive(serde::Serialize)]
struct Measured {
    events: u64,
    verifier: String,
    command: &'static str,
    wall_s: f64,
    cpu_s: f64,
    cpu_us_per_event: f64,
    max_rss_mib: f64,
    rss_bytes_per_event: f64,
}

fn policy(reload: u64) -> Result<Policy, Exit> {
    Policy::from_yaml("soak.yaml", &format!("{SOAK_POLICY}# reload {reload}\n"))
        .map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))
}

fn failed(e: impl std::fmt::Display) -> Exit {
    Exit::new(EXIT_STORAGE, e.to_string())
}

/// One client's round of the soak, at the simulated clock `clock` (each request takes [`MS_PER_REQUEST`]).
async fn round(store: &SqliteStore, policy: &Arc<Policy>, clock: &AtomicI64, client: u64, n: u64) -> Result<(), Exit> {
    let now = || clock.fetch_add(MS_PER_REQUEST, Ordering::Relaxed);
    let params = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
    let create =
        ActionRequest::new(format!("c{client}-{n}"), "agent", "calendar.create", params(json!({"title": "t"})));
    let created = store.decide(policy.clone(), create, now()).await?;
    if created.verdict != Verdict::Permit {
        return Err(failed(format!("the create was not permitted: {:?}", created.reasons)));
    }
    store.report(created.decision_id, Outcome::Executed, json!(null), now()).await?;
    let mut undo =
        ActionRequest::new(format!("u{client}-{n}"), "agent", "calendar.delete", params(json!({"title": "t"})));
    undo.undo_of = Some(created.decision_id);
    let undone = store.decide(policy.clone(), undo, now()).await?;
    if undone.verdict != Verdict::Permit {
        return Err(failed(format!("the undo was not permitted: {:?}", undone.reasons)));
    }
    store.report(undone.decision_id, Outcome::Executed, json!(null), now()).await?;
    let pay = ActionRequest::new(format!("p{client}-{n}"), "agent", "payments.send", params(json!({"amount_eur": 5})));
    let deferred = store.decide(policy.clone(), pay.clone(), now()).await?;
    let approval = match (deferred.verdict, deferred.approval_id) {
        (Verdict::Defer, Some(approval)) => approval,
        _ => return Err(failed(format!("the payment was not deferred: {:?}", deferred.reasons))),
    };
    store.approve(approval, "alice", Some(&deferred.digest), now()).await?;
    let released = store.decide(policy.clone(), pay, now()).await?;
    if released.verdict != Verdict::Permit {
        return Err(failed(format!("the payment was not released: {:?}", released.reasons)));
    }
    store.report(released.decision_id, Outcome::Executed, json!(null), now()).await?;
    Ok(())
}

/// Writes the soak's mix into a fresh sealed store at `path` until its journal holds at least `events` events;
/// returns how many it holds.
async fn write_journal(path: &Path, key: foureyes_core::seal::SealKey, events: u64) -> Result<u64, Exit> {
    let store = Arc::new(
        SqliteStore::open(path, SqliteOptions::default())?
            .with_seal_key(Some(key))
            .with_request_memory(Some(REQUEST_MEMORY_MS)),
    );
    // Nine events a round; the clock starts far enough back that the newest event is not in the future.
    let rounds = events / 9 + 1;
    let span = i64::try_from(rounds * 9).unwrap_or(i64::MAX / 2) * MS_PER_REQUEST;
    let clock = Arc::new(AtomicI64::new(jiff::Timestamp::now().as_millisecond() - span - 3_600_000));
    let per_tenth = rounds.div_ceil(10 * CLIENTS).max(1);
    let mut next_round = 0;
    let mut reload = 0;
    loop {
        let policy = Arc::new(policy(reload)?);
        store.record_policy(&policy, clock.fetch_add(MS_PER_REQUEST, Ordering::Relaxed)).await?;
        reload += 1;
        let mut clients = Vec::new();
        for client in 0..CLIENTS {
            let (store, policy, clock) = (store.clone(), policy.clone(), clock.clone());
            let first = next_round;
            clients.push(tokio::spawn(async move {
                for n in first..first + per_tenth {
                    round(&store, &policy, &clock, client, n).await?;
                }
                Ok::<(), Exit>(())
            }));
        }
        next_round += per_tenth;
        for client in clients {
            client.await.map_err(failed)??;
        }
        let head = store.journal_head().await?;
        if head >= events {
            store.close();
            return Ok(head);
        }
    }
}

/// Runs `exe --db DB --seal-key KEY journal COMMAND --json` under `/usr/bin/time`: (wall s, CPU s, max RSS KiB).
fn timed(exe: &Path, db: &Path, key: &Path, command: &str, scratch: &Path) -> Result<(f64, f64, u64), Exit> {
    let times = scratch.join("time.txt");
    let out = std::process::Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%e %U %S %M")
        .arg("-o")
        .arg(&times)
        .arg(exe)
        .arg("--db")
        .arg(db)
        .arg("--seal-key")
        .arg(key)
        .args(["journal", command, "--json"])
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_SEAL_KEY")
        .output()
        .map_err(|e| failed(format!("cannot run /usr/bin/time: {e}")))?;
    if !out.status.success() {
        return Err(failed(format!(
            "`journal {command}` by {} did not pass: {}{}",
            exe.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    let text = std::fs::read_to_string(&times).map_err(failed)?;
    let fields: Vec<f64> =
        text.lines().last().unwrap_or_default().split_whitespace().filter_map(|f| f.parse().ok()).collect();
    match fields[..] {
        [wall, user, system, rss] => Ok((wall, user + system, rss as u64)),
        _ => Err(failed(format!("/usr/bin/time wrote `{text}`"))),
    }
}

pub async fn verify_soak(
    events: u64,
    verifiers: Vec<PathBuf>,
    dir: Option<PathBuf>,
    keep: bool,
    json_out: bool,
) -> Result<u8, Exit> {
    let dir = crate::bench::scratch_dir(dir.as_deref(), "foureyes-bench-soak")?;
    let verifiers = if verifiers.is_empty() { vec![std::env::current_exe().map_err(failed)?] } else { verifiers };
    let result = async {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(failed)?;
        let key_text = hex_of(&bytes);
        let key_file = dir.join("seal.key");
        std::fs::write(&key_file, format!("{key_text}\n")).map_err(failed)?;
        let key = foureyes_core::seal::SealKey::parse(&key_text).map_err(failed)?;
        let mut rows = Vec::new();
        if !json_out {
            println!(
                "| events | verifier | command | wall s | CPU s | CPU µs/event | peak RSS MiB | peak RSS bytes/event |"
            );
            println!("|---:|---|---|---:|---:|---:|---:|---:|");
        }
        for size in [events, 2 * events, 4 * events] {
            let db = dir.join(format!("soak-{size}.db"));
            let started = Instant::now();
            let written = write_journal(&db, key.clone(), size).await?;
            eprintln!("wrote {written} events to {} in {:.1} s", db.display(), started.elapsed().as_secs_f64());
            for exe in &verifiers {
                for command in ["verify", "audit"] {
                    let (wall_s, cpu_s, rss_kib) = timed(exe, &db, &key_file, command, &dir)?;
                    let row = Measured {
                        events: written,
                        verifier: exe.display().to_string(),
                        command,
                        wall_s,
                        cpu_s,
                        cpu_us_per_event: cpu_s * 1e6 / written as f64,
                        max_rss_mib: rss_kib as f64 / 1024.0,
                        rss_bytes_per_event: rss_kib as f64 * 1024.0 / written as f64,
                    };
                    if !json_out {
                        println!(
                            "| {} | `{}` | {} | {:.1} | {:.1} | {:.1} | {:.0} | {:.0} |",
                            row.events,
                            row.verifier,
                            row.command,
                            row.wall_s,
                            row.cpu_s,
                            row.cpu_us_per_event,
                            row.max_rss_mib,
                            row.rss_bytes_per_event
                        );
                    }
                    rows.push(row);
                }
            }
        }
        Ok::<_, Exit>(rows)
    }
    .await;
    if keep {
        eprintln!("kept {}", dir.display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let rows = result?;
    if json_out {
        println!("{}", serde_json::to_string_pretty(&rows).unwrap_or_default());
    }
    Ok(0)
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
