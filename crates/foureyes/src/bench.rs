//! `foureyes bench decide|http|replicas`: durable decisions per second and latency percentiles. A benchmark, not a
//! test: it prints figures and asserts nothing. Each run uses a fresh database (a temporary SQLite file, or a
//! PostgreSQL database created for the run and dropped after it), so runs do not see each other's reservations.

use crate::{EXIT_STORAGE, Exit};
use foureyes_core::{Policy, Verdict};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use foureyes_store::decide_workload::{POLICY as BENCH_POLICY, request as bench_request};

#[derive(serde::Serialize)]
struct Run {
    group_commit: bool,
    callers: usize,
    /// Reservations already held in the budget's window before the run (`--history`).
    history: u64,
    decisions: u64,
    seconds: f64,
    decisions_per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    /// Process CPU time (user + system, all threads) during the run, per decision.
    cpu_us_per_decision: f64,
    /// Its user-mode part (our code, SQLite's, the runtime's), per decision (ADR-1085).
    cpu_user_us_per_decision: f64,
    /// Its kernel part (the commit's writes and fsync, SQLite's locks, wake-ups), per decision.
    cpu_system_us_per_decision: f64,
    /// Context switches of the process's threads during the run, per decision: voluntary (a thread blocked: an
    /// fsync, a wait for another thread) and involuntary (preempted).
    voluntary_switches_per_decision: f64,
    involuntary_switches_per_decision: f64,
    /// This process's resident memory at the end of the run, the store still open (`VmRSS`, MiB): with `--history`,
    /// what the authority state replayed from the history holds (ADR-362).
    rss_mib: Option<f64>,
}

/// This process's resident set size in MiB (`VmRSS` of `/proc/self/status`). `None` where there is no procfs.
/// A scratch directory of a bench run's own (attack 34, H3): a random name under `base` (the system's temporary
/// directory by default), created fresh and private (0700). An existing directory is never used: another local user
/// could have planted it, with symlinks where the run's files go.
pub fn scratch_dir(base: Option<&std::path::Path>, prefix: &str) -> Result<PathBuf, Exit> {
    use std::os::unix::fs::DirBuilderExt;
    let mut random = [0u8; 12];
    getrandom::fill(&mut random).map_err(|e| Exit::new(EXIT_STORAGE, format!("no randomness: {e}")))?;
    let name: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let base = base.map_or_else(std::env::temp_dir, std::path::Path::to_path_buf);
    let dir = base.join(format!("{prefix}-{name}"));
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(&dir)
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot create `{}`: {e}", dir.display())))?;
    Ok(dir)
}

fn resident_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// This process's CPU time so far (user + system, every thread), from `/proc/self/stat` in the kernel's fixed
/// USER_HZ (100 ticks per second) units. `None` where there is no procfs.
fn process_cpu() -> Option<Duration> {
    cpu_in_stat(&std::fs::read_to_string("/proc/self/stat").ok()?)
}

/// [`process_cpu`] of another process (a `foureyes serve` child).
fn process_cpu_of(pid: u32) -> Option<Duration> {
    cpu_in_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// utime + stime of a `/proc/PID/stat` line.
fn cpu_in_stat(stat: &str) -> Option<Duration> {
    // The fields after the command name (which may hold spaces) start after its closing parenthesis.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line; here 12 and 13 (state is index 0).
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
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
    decisions: Option<u64>,
    modes: Vec<String>,
    dir: Option<PathBuf>,
    history: u64,
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
            let length = match decisions {
                Some(count) => {
                    eprintln!(
                        "[{n}/{total}] group commit {mode}, {c} callers, {history} in the window, {count} decisions …"
                    );
                    Length::Decisions(count)
                }
                None => {
                    eprintln!("[{n}/{total}] group commit {mode}, {c} callers, {history} in the window, {seconds}s …");
                    Length::Time(Duration::from_secs_f64(seconds))
                }
            };
            let run = one_run(&policy, &base, group_commit, c.max(1), history, length).await?;
            runs.push(run);
        }
    }
    if json_out {
        println!("{}", serde_json::to_string_pretty(&runs).unwrap_or_default());
    } else {
        println!(
            "| group commit | callers | history | decisions | decisions/s | p50 ms | p99 ms | max ms | CPU µs/decision | user µs | system µs | switches (vol/invol) |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for r in &runs {
            println!(
                "| {} | {} | {} | {} | {:.0} | {:.2} | {:.2} | {:.2} | {:.0} | {:.0} | {:.0} | {:.2}/{:.2} |",
                if r.group_commit { "on" } else { "off" },
                r.callers,
                r.history,
                r.decisions,
                r.decisions_per_second,
                r.p50_ms,
                r.p99_ms,
                r.max_ms,
                r.cpu_us_per_decision,
                r.cpu_user_us_per_decision,
                r.cpu_system_us_per_decision,
                r.voluntary_switches_per_decision,
                r.involuntary_switches_per_decision
            );
        }
    }
    Ok(0)
}

/// How long a run lasts: a time, or a fixed count of decisions split evenly across the callers.
#[derive(Clone, Copy)]
enum Length {
    Time(Duration),
    Decisions(u64),
}

async fn one_run(
    policy: &Arc<Policy>,
    base: &std::path::Path,
    group_commit: bool,
    callers: usize,
    history: u64,
    length: Length,
) -> Result<Run, Exit> {
    let dir = scratch_dir(Some(base), "foureyes-bench")?;
    let open = || SqliteStore::open(dir.join("bench.db"), SqliteOptions { group_commit, ..SqliteOptions::default() });
    let mut store = Arc::new(open()?);
    if history > 0 {
        // One real decision per caller, then it is copied so that `history` held reservations in all sit in the
        // budget's window (spread over the last hour), split evenly across the callers' keys. The copies are
        // `decided` events in the journal (ADR-180: usage is what the journal says).
        let now = jiff::Timestamp::now().as_millisecond();
        for caller in 0..callers {
            let record = store.decide(policy.clone(), bench_request(caller, u64::MAX), now).await?;
            let share = history / callers as u64 + u64::from((caller as u64) < history % callers as u64);
            store.seed_bench_history(record.decision_id, share.saturating_sub(1), now - 3_600_000, now).await?;
        }
        // Then the door restarts, as after a deployment: closing checkpoints the seeding's write-ahead log into the
        // database (so its write-back is not measured), and the first decision of the new door replays the whole
        // journal into its authority state, here, before the clock starts.
        store.close();
        drop(store);
        store = Arc::new(open()?);
        for caller in 0..callers {
            store.decide(policy.clone(), bench_request(caller, u64::MAX - 1), now).await?;
        }
    }
    let usage_before = crate::bench_floor::Usage::now();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for caller in 0..callers {
        let store = store.clone();
        let policy = policy.clone();
        // This caller's share of a fixed count, or no bound but the deadline.
        let (deadline, count) = match length {
            Length::Time(length) => (Some(started + length), u64::MAX),
            Length::Decisions(total) => {
                (None, total / callers as u64 + u64::from((caller as u64) < total % callers as u64))
            }
        };
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut i = 0u64;
            while i < count && deadline.is_none_or(|d| Instant::now() < d) {
                let request = bench_request(caller, i);
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
    let elapsed = started.elapsed();
    let usage = match (usage_before, crate::bench_floor::Usage::now()) {
        (Some(before), Some(after)) => before.until(after),
        _ => crate::bench_floor::Usage::default(),
    };
    let per = crate::bench_floor::PerOp::new("decide", all.len() as u64, elapsed, usage);
    let elapsed = elapsed.as_secs_f64();
    let rss_mib = resident_mib();
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
        cpu_us_per_decision: per.cpu_us,
        cpu_user_us_per_decision: per.user_us,
        cpu_system_us_per_decision: per.system_us,
        voluntary_switches_per_decision: per.voluntary_switches,
        involuntary_switches_per_decision: per.involuntary_switches,
        history,
        rss_mib,
    })
}

#[derive(serde::Serialize)]
struct VerifyRun {
    events: u64,
    /// The journal's `data` bytes over its events.
    mean_data_bytes: f64,
    database_bytes: u64,
    /// Building the journal (not part of the figure).
    seed_seconds: f64,
    /// `foureyes --db FILE journal verify` as a child process, start to exit.
    cli_seconds: f64,
    /// The same walk in this process (`Store::verify_journal` on a freshly opened store).
    in_process_seconds: f64,
    /// Process CPU time (user + system, every thread) of that walk: what it costs when the machine is not shared.
    in_process_cpu_seconds: f64,
    /// For comparison, in the same run: every event read back as an `Event` (its data parsed) and checked by
    /// re-canonicalizing it (`ChainVerifier::check`), the way `journal verify` walked before ADR-201.
    parsed_seconds: f64,
    events_per_second: f64,
    /// The 1-minute load average before the timed runs (the machine may be shared).
    load_average: Option<f64>,
}

/// `foureyes bench seal`: see `cli::BenchCommand::Seal`.
pub fn seal(events: u64, json_out: bool) -> Result<u8, Exit> {
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let hashes: Vec<String> =
        (0..events).map(|i| foureyes_core::canonical::sha256_hex(i.to_string().as_bytes())).collect();
    let cpu = || process_cpu().unwrap_or_default();
    let (wall, start) = (std::time::Instant::now(), cpu());
    let seals: Vec<String> = hashes.iter().map(|h| key.seal(h)).collect();
    let (sealed_wall, sealed) = (wall.elapsed(), cpu() - start);
    let (wall, start) = (std::time::Instant::now(), cpu());
    let ok = hashes.iter().zip(&seals).filter(|(h, s)| key.verifies(h, s)).count() as u64;
    let (checked_wall, checked) = (wall.elapsed(), cpu() - start);
    if ok != events {
        return Err(Exit::new(EXIT_STORAGE, format!("{} of {events} seals did not verify", events - ok)));
    }
    let per = |d: Duration| d.as_nanos() as f64 / events.max(1) as f64 / 1000.0;
    if json_out {
        println!(
            "{}",
            json!({"events": events, "seal_cpu_us_per_event": per(sealed), "check_cpu_us_per_event": per(checked),
                   "seal_wall_us_per_event": per(sealed_wall), "check_wall_us_per_event": per(checked_wall)})
        );
    } else {
        println!(
            "seal: {events} events; sealing {:.2} µs CPU per event ({:.2} µs wall), checking {:.2} µs CPU per event \
             ({:.2} µs wall): an appended event costs one seal, an applied one one check",
            per(sealed),
            per(sealed_wall),
            per(checked),
            per(checked_wall)
        );
    }
    Ok(0)
}

/// `foureyes bench verify`: see `cli::BenchCommand::Verify`.
pub async fn verify(events: u64, dir: Option<PathBuf>, json_out: bool) -> Result<u8, Exit> {
    let storage = |e: std::io::Error| Exit::new(EXIT_STORAGE, e.to_string());
    let policy =
        Arc::new(Policy::from_yaml("bench.yaml", BENCH_POLICY).map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?);
    let dir = scratch_dir(dir.as_deref(), "foureyes-bench")?;
    let path = dir.join("verify.db");
    let result = async {
        let store = SqliteStore::open(&path, SqliteOptions::default())?;
        // Real events first: decisions (with their budget states) and reports, as a busy door writes them.
        let now = jiff::Timestamp::now().as_millisecond();
        // Exactly `events` of them below 64 (attack 44's H9: `--events 1` made none, whole cycles only, and the
        // check below then failed on an "ok" verify of 0 events): an odd count ends on a decision not yet reported.
        let real_events = events.min(64);
        for i in 0..real_events.div_ceil(2) {
            let record = store.decide(policy.clone(), bench_request(0, i), now).await?;
            if 2 * i + 1 < real_events {
                store.report(record.decision_id, foureyes_core::Outcome::Executed, json!({"status": 200}), now).await?;
            }
        }
        let real = store.journal(0, 1000).await?;
        let templates: Vec<_> =
            real.iter().map(|e| (e.kind, foureyes_core::canonical::to_canonical_string(&e.data))).collect();
        let started = Instant::now();
        store.seed_bench_journal(templates.clone(), events.saturating_sub(real.len() as u64), now).await?;
        let seed_seconds = started.elapsed().as_secs_f64();
        store.close();
        drop(store);
        let load_average = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|l| l.split_whitespace().next().and_then(|v| v.parse().ok()));
        let exe = std::env::current_exe().map_err(storage)?;
        let started = Instant::now();
        let out = std::process::Command::new(exe)
            .arg("--db")
            .arg(&path)
            .args(["journal", "verify", "--json"])
            .env_remove("FOUREYES_DB")
            .output()
            .map_err(storage)?;
        let cli_seconds = started.elapsed().as_secs_f64();
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        if !out.status.success() || report["events"].as_u64() != Some(events.max(real.len() as u64)) {
            return Err(Exit::new(
                EXIT_STORAGE,
                format!("journal verify did not pass: {}{}", report, String::from_utf8_lossy(&out.stderr)),
            ));
        }
        let store = SqliteStore::open(&path, SqliteOptions::default())?;
        let (started, cpu_before) = (Instant::now(), process_cpu());
        let verified = store.verify_journal().await?;
        let in_process_seconds = started.elapsed().as_secs_f64();
        let in_process_cpu_seconds = match (cpu_before, process_cpu()) {
            (Some(before), Some(after)) => after.saturating_sub(before).as_secs_f64(),
            _ => f64::NAN,
        };
        let started = Instant::now();
        let mut checker = foureyes_core::journal::ChainVerifier::default();
        let mut after = 0;
        loop {
            let page = store.journal(after, 5000).await?;
            let Some(last) = page.last() else { break };
            after = last.seq;
            for event in &page {
                checker.check(event).map_err(|e| Exit::new(EXIT_STORAGE, format!("parsed walk: {e}")))?;
            }
        }
        let parsed_seconds = started.elapsed().as_secs_f64();
        store.close();
        if !verified.is_ok() {
            return Err(Exit::new(EXIT_STORAGE, format!("verify_journal did not pass: {verified}")));
        }
        let total = events.max(real.len() as u64);
        let per_cycle: usize = templates.iter().map(|(_, d)| d.len()).sum();
        Ok(VerifyRun {
            events: total,
            mean_data_bytes: per_cycle as f64 / templates.len().max(1) as f64,
            // The file and its write-ahead log, which may not be checkpointed into it yet.
            database_bytes: ["", "-wal"]
                .iter()
                .filter_map(|s| std::fs::metadata(format!("{}{s}", path.display())).ok())
                .map(|m| m.len())
                .sum(),
            seed_seconds,
            cli_seconds,
            in_process_seconds,
            in_process_cpu_seconds,
            parsed_seconds,
            events_per_second: total as f64 / cli_seconds,
            load_average,
        })
    }
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    let run = result?;
    if json_out {
        println!("{}", serde_json::to_string_pretty(&run).unwrap_or_default());
    } else {
        println!(
            "| events | mean data bytes | database MB | `journal verify` s | in process s | in process CPU s | parsed walk s | events/s | load |"
        );
        println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        println!(
            "| {} | {:.0} | {:.0} | {:.2} | {:.2} | {:.2} | {:.2} | {:.0} | {} |",
            run.events,
            run.mean_data_bytes,
            run.database_bytes as f64 / 1e6,
            run.cli_seconds,
            run.in_process_seconds,
            run.in_process_cpu_seconds,
            run.parsed_seconds,
            run.events_per_second,
            run.load_average.map_or_else(|| "?".into(), |l| format!("{l:.2}"))
        );
    }
    Ok(0)
}

/// `foureyes bench http`: a small keep-alive HTTP/1.1 load generator against a real `foureyes serve` (a child
/// process on a fresh SQLite file, loopback only). Every request is a distinct durable decision (tier 2 with a
/// budget), so the figure includes the commit. CPU per request is the server process's own CPU time (user + system,
/// from `/proc/PID/stat`) over the measured window, divided by the requests answered in it: the load generator's
/// CPU is not in it; it is printed beside (`client_cpu_us_per_request`, this process's CPU over the same window),
/// since on a small machine the two share the cores.
pub async fn http(connections: Vec<usize>, seconds: f64, json_out: bool) -> Result<u8, Exit> {
    use foureyes_core::canonical::sha256_hex;
    let mut runs = Vec::new();
    for (n, &conns) in connections.iter().enumerate() {
        eprintln!("[{}/{}] {conns} connections, {seconds}s …", n + 1, connections.len());
        let dir = scratch_dir(None, "foureyes-bench-http")?;
        let db = dir.join("bench.db").display().to_string();
        let policy = dir.join("bench.yaml");
        std::fs::write(&policy, BENCH_POLICY).map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?;
        let token = "fe_bench_token_for_loopback_only";
        let store = crate::commands::open_backend(std::path::Path::new(&db)).await?;
        let now = jiff::Timestamp::now().as_millisecond();
        store.create_token("bench", foureyes_core::Role::Agent, &sha256_hex(token.as_bytes()), None, now).await?;
        store.close();
        drop(store);
        let (server, addr) = {
            let (db, policy) = (db.clone(), policy.clone());
            tokio::task::spawn_blocking(move || start_server(&db, &policy))
                .await
                .map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))??
        };
        let pid = server.pid().unwrap_or_default();
        let warm_up = Instant::now() + Duration::from_secs(1);
        let deadline = warm_up + Duration::from_secs_f64(seconds);
        let mut tasks = Vec::new();
        for c in 0..conns {
            tasks.push(tokio::spawn(http_client(addr, Arc::from(token), c, warm_up, deadline)));
        }
        // The server's CPU over the measured window (after the warm-up).
        tokio::time::sleep_until(warm_up.into()).await;
        let (cpu_before, client_before) = (process_cpu_of(pid), process_cpu());
        tokio::time::sleep_until(deadline.into()).await;
        let (cpu_after, client_after) = (process_cpu_of(pid), process_cpu());
        let mut all = Vec::new();
        for t in tasks {
            all.extend(
                t.await.map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?.map_err(|e| Exit::new(EXIT_STORAGE, e))?,
            );
        }
        let elapsed = deadline.saturating_duration_since(warm_up).as_secs_f64();
        drop(server);
        let _ = std::fs::remove_dir_all(&dir);
        all.sort_unstable();
        let per_request = |before: Option<Duration>, after: Option<Duration>| match (before, after) {
            (Some(before), Some(after)) => {
                json!(after.saturating_sub(before).as_secs_f64() * 1e6 / all.len().max(1) as f64)
            }
            _ => Value::Null,
        };
        let cpu_us_per_request = per_request(cpu_before, cpu_after);
        // The load generator shares the machine's cores with the server: what it spends is not the server's to use.
        let client_cpu_us_per_request = per_request(client_before, client_after);
        runs.push(json!({
            "connections": conns,
            "requests": all.len(),
            "seconds": elapsed,
            "requests_per_second": all.len() as f64 / elapsed,
            "p50_ms": percentile(&all, 0.50),
            "p99_ms": percentile(&all, 0.99),
            "server_cpu_us_per_request": cpu_us_per_request,
            "client_cpu_us_per_request": client_cpu_us_per_request,
        }));
    }
    if json_out {
        println!("{}", serde_json::to_string_pretty(&runs).unwrap_or_default());
    } else {
        println!(
            "| connections | requests | requests/s | p50 ms | p99 ms | server CPU µs/request | client CPU µs/request |"
        );
        println!("|---:|---:|---:|---:|---:|---:|---:|");
        for r in &runs {
            println!(
                "| {} | {} | {:.0} | {:.2} | {:.2} | {:.0} | {:.0} |",
                r["connections"],
                r["requests"],
                r["requests_per_second"].as_f64().unwrap_or(0.0),
                r["p50_ms"].as_f64().unwrap_or(0.0),
                r["p99_ms"].as_f64().unwrap_or(0.0),
                r["server_cpu_us_per_request"].as_f64().unwrap_or(f64::NAN),
                r["client_cpu_us_per_request"].as_f64().unwrap_or(f64::NAN)
            );
        }
    }
    Ok(0)
}

/// One keep-alive connection sending decide requests until the deadline; returns the latency of each request
/// started at or after `count_from` (the ones before are warm-up).
async fn http_client(
    addr: std::net::SocketAddr,
    token: Arc<str>,
    conn: usize,
    count_from: Instant,
    deadline: Instant,
) -> Result<Vec<Duration>, String> {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let stream = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    let mut stream = BufReader::new(stream);
    let mut latencies = Vec::new();
    let mut i = 0u64;
    while Instant::now() < deadline {
        let body = format!(r#"{{"request_id":"h-{conn}-{i}","action":"bench.spend","params":{{"amount_eur":1.25}}}}"#);
        let request = format!(
            "POST /v1/decide HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let t = Instant::now();
        stream.get_mut().write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
        let mut status = String::new();
        stream.read_line(&mut status).await.map_err(|e| e.to_string())?;
        if !status.starts_with("HTTP/1.1 200") {
            return Err(format!("unexpected response: {status}"));
        }
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            stream.read_line(&mut line).await.map_err(|e| e.to_string())?;
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().map_err(|_| "bad content-length".to_string())?;
            }
        }
        let mut body = vec![0u8; length];
        stream.read_exact(&mut body).await.map_err(|e| e.to_string())?;
        if t >= count_from {
            latencies.push(t.elapsed());
        }
        if !body.windows(18).any(|w| w == b"\"verdict\":\"permit\"") {
            return Err(format!("expected a permit, got {}", String::from_utf8_lossy(&body)));
        }
        i += 1;
    }
    Ok(latencies)
}

// ---------------------------------------------------------------------------------------------------------------
// `foureyes bench replicas`

/// The token every replica run authenticates with (a fresh database each run, servers on loopback only).
const REPLICAS_TOKEN: &str = "fe_bench_replicas_token_for_loopback_only";

/// A PostgreSQL URL must name a server on this machine: the bench creates and drops databases there.
fn require_loopback(url: &str) -> Result<(), Exit> {
    let config: tokio_postgres::Config =
        url.parse().map_err(|e| Exit::new(2, format!("--db is not a valid PostgreSQL URL: {e}")))?;
    for host in config.get_hosts() {
        match host {
            tokio_postgres::config::Host::Tcp(h)
                if ["127.0.0.1", "localhost", "::1", "[::1]"].contains(&h.as_str()) => {}
            tokio_postgres::config::Host::Unix(_) => {}
            tokio_postgres::config::Host::Tcp(h) => {
                return Err(Exit::new(
                    2,
                    format!("bench replicas runs against a PostgreSQL on this machine only (127.0.0.1), not `{h}`"),
                ));
            }
        }
    }
    Ok(())
}

/// Runs one SQL batch as the role of `url`.
async fn admin_sql(url: &str, sql: &str) -> Result<(), Exit> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot connect to PostgreSQL: {e}")))?;
    let driver = tokio::spawn(connection);
    let result = client.batch_execute(sql).await.map_err(|e| {
        let detail = e.as_db_error().map_or_else(|| e.to_string(), |db| db.message().to_string());
        Exit::new(EXIT_STORAGE, format!("`{sql}` failed: {detail}"))
    });
    drop(client);
    let _ = driver.await;
    result
}

/// `url` pointing at database `name` instead.
fn with_dbname(url: &str, name: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}dbname={name}")
}

/// `foureyes serve` child processes, killed when dropped.
pub(crate) struct Servers(Vec<std::process::Child>);

impl Servers {
    /// The first server's process id.
    pub(crate) fn pid(&self) -> Option<u32> {
        self.0.first().map(std::process::Child::id)
    }
}

impl Drop for Servers {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Starts one `foureyes serve --listen 127.0.0.1:0` on `db`; returns it (killed on drop) once it listens, and its
/// address. Blocks: run it off the async workers.
fn start_server(db: &str, policy: &std::path::Path) -> Result<(Servers, std::net::SocketAddr), Exit> {
    start_server_with(db, policy, &[])
}

/// [`start_server`] with more `serve` flags.
pub(crate) fn start_server_with(
    db: &str,
    policy: &std::path::Path,
    serve_flags: &[String],
) -> Result<(Servers, std::net::SocketAddr), Exit> {
    use std::io::BufRead;
    let exe = std::env::current_exe().map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot find foureyes: {e}")))?;
    let mut child = std::process::Command::new(exe)
        .args(["--db", db, "--policy"])
        .arg(policy)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(serve_flags)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot start foureyes serve: {e}")))?;
    let stdout = child.stdout.take();
    let server = Servers(vec![child]);
    let stdout = stdout.ok_or_else(|| Exit::new(EXIT_STORAGE, "no stdout from foureyes serve"))?;
    let (found, address) = std::sync::mpsc::channel();
    // Reads the address, then drains stdout so the server never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if let Some(at) = line.find(" on http://") {
                let _ = found.send(line[at + " on http://".len()..].trim().to_string());
            }
        }
    });
    let text = address
        .recv_timeout(Duration::from_secs(60))
        .map_err(|_| Exit::new(EXIT_STORAGE, "foureyes serve did not start within 60 s"))?;
    let addr = text.parse().map_err(|e| Exit::new(EXIT_STORAGE, format!("foureyes serve printed `{text}`: {e}")))?;
    Ok((server, addr))
}

#[derive(serde::Serialize)]
struct ReplicaRun {
    backend: &'static str,
    replicas: usize,
    /// Namespaces the replicas serve: 1 (all on the default one), or one per replica (`--namespaces`, ADR-500).
    namespaces: usize,
    connections: usize,
    decisions: u64,
    seconds: f64,
    decisions_per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
}

/// One run: a fresh database, `replicas` servers, `connections` keep-alive clients spread over them. With
/// `namespaces`, replica `i` serves namespace `n<i>` alone (`serve --namespace n<i>`, ADR-500) and its clients hold
/// that namespace's token: the replicas share the database (or the SQLite file's folder) and nothing else.
async fn replica_run(
    backend: &'static str,
    db: &str,
    policy: &std::path::Path,
    replicas: usize,
    connections: usize,
    seconds: f64,
    namespaces: bool,
) -> Result<ReplicaRun, Exit> {
    use foureyes_core::canonical::sha256_hex;
    use foureyes_store::namespace;
    let names: Vec<Option<String>> = (0..replicas).map(|i| namespaces.then(|| format!("n{i}"))).collect::<Vec<_>>();
    let mut tokens: Vec<Arc<str>> = Vec::new();
    for name in &names {
        let token = namespace::credential(name.as_deref(), REPLICAS_TOKEN);
        if name.is_some() || tokens.is_empty() {
            let path = namespace::database(std::path::Path::new(db), name.as_deref());
            let store = crate::commands::open_backend(&path).await?;
            let now = jiff::Timestamp::now().as_millisecond();
            store.create_token("bench", foureyes_core::Role::Agent, &sha256_hex(token.as_bytes()), None, now).await?;
            store.close();
        }
        tokens.push(Arc::from(token));
    }
    let mut servers = Servers(Vec::new());
    let mut addrs = Vec::new();
    for name in &names {
        let (db, policy) = (db.to_string(), policy.to_path_buf());
        let flags: Vec<String> = name.iter().flat_map(|n| ["--namespace".to_string(), n.clone()]).collect();
        let (mut server, addr) = tokio::task::spawn_blocking(move || start_server_with(&db, &policy, &flags))
            .await
            .map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))??;
        servers.0.append(&mut server.0);
        addrs.push(addr);
    }
    let warm_up = Instant::now() + Duration::from_secs(1);
    let deadline = warm_up + Duration::from_secs_f64(seconds);
    let tasks: Vec<_> = (0..connections)
        .map(|c| {
            let replica = c % addrs.len();
            tokio::spawn(http_client(addrs[replica], tokens[replica].clone(), c, warm_up, deadline))
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(
            t.await.map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?.map_err(|e| Exit::new(EXIT_STORAGE, e))?,
        );
    }
    let elapsed = deadline.saturating_duration_since(warm_up).as_secs_f64();
    drop(servers);
    all.sort_unstable();
    Ok(ReplicaRun {
        backend,
        replicas,
        namespaces: if namespaces { replicas } else { 1 },
        connections,
        decisions: all.len() as u64,
        seconds: elapsed,
        decisions_per_second: all.len() as f64 / elapsed,
        p50_ms: percentile(&all, 0.50),
        p99_ms: percentile(&all, 0.99),
        max_ms: all.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
    })
}

/// `foureyes bench replicas`: see `cli::BenchCommand::Replicas`.
pub async fn replicas(
    db: &std::path::Path,
    replicas: Vec<usize>,
    connections: usize,
    seconds: f64,
    sqlite: bool,
    namespaces: bool,
    json_out: bool,
) -> Result<u8, Exit> {
    let url = db.to_str().filter(|d| foureyes_store_pg::is_postgres_url(d));
    if url.is_none() && !sqlite {
        return Err(Exit::new(
            2,
            "bench replicas needs --db postgres://USER@127.0.0.1:PORT/DB (a cluster on this machine) and/or --sqlite",
        ));
    }
    if let Some(url) = url {
        require_loopback(url)?;
    }
    let (replicas, connections) = (replicas.into_iter().map(|r| r.max(1)).collect::<Vec<_>>(), connections.max(1));
    let dir = scratch_dir(None, "foureyes-bench-replicas")?;
    let policy = dir.join("bench.yaml");
    std::fs::write(&policy, BENCH_POLICY).map_err(|e| Exit::new(EXIT_STORAGE, format!("{}: {e}", policy.display())))?;
    let mut runs = Vec::new();
    let mut result = Ok(());
    let backends: Vec<&'static str> =
        [url.map(|_| "postgres"), sqlite.then_some("sqlite")].into_iter().flatten().collect();
    'runs: for backend in backends {
        for (n, &r) in replicas.iter().enumerate() {
            eprintln!("[{backend} {}/{}] {r} replicas, {connections} connections, {seconds}s …", n + 1, replicas.len());
            let run = match (backend, url) {
                ("postgres", Some(url)) => {
                    let name = format!("foureyes_bench_{}_{n}", std::process::id());
                    if let Err(e) = admin_sql(url, &format!("CREATE DATABASE {name}")).await {
                        result = Err(e);
                        break 'runs;
                    }
                    let db = with_dbname(url, &name);
                    let run = replica_run(backend, &db, &policy, r, connections, seconds, namespaces).await;
                    let dropped = admin_sql(url, &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await;
                    run.and_then(|run| dropped.map(|()| run))
                }
                _ => {
                    let file = dir.join(format!("bench-{n}.db"));
                    let file = file.display().to_string();
                    replica_run(backend, &file, &policy, r, connections, seconds, namespaces).await
                }
            };
            match run {
                Ok(run) => runs.push(run),
                Err(e) => {
                    result = Err(e);
                    break 'runs;
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    result?;
    if json_out {
        println!("{}", serde_json::to_string_pretty(&runs).unwrap_or_default());
    } else {
        println!(
            "| backend | replicas | namespaces | connections | decisions | decisions/s | p50 ms | p99 ms | max ms |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for r in &runs {
            println!(
                "| {} | {} | {} | {} | {} | {:.0} | {:.2} | {:.2} | {:.0} |",
                r.backend,
                r.replicas,
                r.namespaces,
                r.connections,
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
