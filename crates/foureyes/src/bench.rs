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

/// `foureyes bench http`: a small keep-alive HTTP/1.1 load generator against an in-process server on loopback.
/// Every request is a distinct durable decision (tier 2 with a budget), so the figure includes the commit.
pub async fn http(connections: Vec<usize>, seconds: f64, json_out: bool) -> Result<u8, Exit> {
    use foureyes_core::canonical::sha256_hex;
    use foureyes_store::Credentials;
    let mut runs = Vec::new();
    for (n, &conns) in connections.iter().enumerate() {
        eprintln!("[{}/{}] {conns} connections, {seconds}s …", n + 1, connections.len());
        let dir = std::env::temp_dir().join(format!("foureyes-bench-http-{}", fresh_request_id()));
        std::fs::create_dir_all(&dir).map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?;
        let store = Arc::new(SqliteStore::open(dir.join("bench.db"), SqliteOptions::default())?);
        let token = "fe_bench_token_for_loopback_only";
        store
            .create_token(
                "bench",
                foureyes_core::Role::Agent,
                &sha256_hex(token.as_bytes()),
                None,
                jiff::Timestamp::now().as_millisecond(),
            )
            .await?;
        let policy =
            Policy::from_yaml("bench.yaml", BENCH_POLICY).map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?;
        let state = foureyes_server::AppState::new(store.clone(), policy, None, foureyes_server::system_clock());
        let listener =
            tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?;
        let addr = listener.local_addr().map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?;
        let server = tokio::spawn(async move { axum::serve(listener, foureyes_server::app(state)).await });
        let started = Instant::now();
        let deadline = started + Duration::from_secs_f64(seconds);
        let mut tasks = Vec::new();
        for c in 0..conns {
            tasks.push(tokio::spawn(http_client(addr, token, c, deadline)));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(
                t.await.map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?.map_err(|e| Exit::new(EXIT_STORAGE, e))?,
            );
        }
        let elapsed = started.elapsed().as_secs_f64();
        server.abort();
        store.close();
        let _ = std::fs::remove_dir_all(&dir);
        all.sort_unstable();
        runs.push(json!({
            "connections": conns,
            "requests": all.len(),
            "seconds": elapsed,
            "requests_per_second": all.len() as f64 / elapsed,
            "p50_ms": percentile(&all, 0.50),
            "p99_ms": percentile(&all, 0.99),
        }));
    }
    if json_out {
        println!("{}", serde_json::to_string_pretty(&runs).unwrap_or_default());
    } else {
        println!("| connections | requests | requests/s | p50 ms | p99 ms |");
        println!("|---:|---:|---:|---:|---:|");
        for r in &runs {
            println!(
                "| {} | {} | {:.0} | {:.2} | {:.2} |",
                r["connections"],
                r["requests"],
                r["requests_per_second"].as_f64().unwrap_or(0.0),
                r["p50_ms"].as_f64().unwrap_or(0.0),
                r["p99_ms"].as_f64().unwrap_or(0.0)
            );
        }
    }
    Ok(0)
}

/// One keep-alive connection sending decide requests until the deadline; returns each request's latency.
async fn http_client(
    addr: std::net::SocketAddr,
    token: &'static str,
    conn: usize,
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
        latencies.push(t.elapsed());
        if !body.windows(18).any(|w| w == b"\"verdict\":\"permit\"") {
            return Err(format!("expected a permit, got {}", String::from_utf8_lossy(&body)));
        }
        i += 1;
    }
    Ok(latencies)
}
