//! `foureyes bench load`: `foureyes serve` under the load of issue 21, on loopback, bounded in count and time.
//!
//! One server process on a fresh SQLite file; 16 (`--background`) keep-alive clients decide throughout. Phases:
//! **idle** (background only), **load** (plus `--waiters` long-poll `/wait`s and `--subscribers` SSE streams; some
//! approvals are given meanwhile and the waiters they release timed), **after** (waiters and subscribers gone, then
//! `--settle` seconds), **slow** (`--slow` connections that never finish their head or body), **flood** (`--flood`
//! malformed bodies from one token, background stopped) and **cap** (a second server with `--max-connections`
//! `--cap`, its cap held by idle connections, then good clients). Prints background decide p50/p99 per phase, SSE
//! delivery lag, the server's RSS and open fds (peak and settled), and what each bound did. A benchmark: it prints
//! figures; it fails only when the harness itself cannot run.

use crate::{EXIT_STORAGE, Exit};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The decide benchmark's policy ([`foureyes_store::decide_workload::POLICY`]) and a tier-3 action the waiters hold.
const LOAD_ASK: &str = concat!(
    "  bench.ask:\n",
    "    tier: 3\n",
    "    params: { n: { type: number, min: 0, max: 1000000 } }\n",
    "    approvals: { required: 1, ttl: 1h }\n",
);
const AGENT_TOKEN: &str = "fe_bench_load_agent_for_loopback_only";
const APPROVER_TOKEN: &str = "fe_bench_load_approver_for_loopback_only";
const FLOOD_TOKEN: &str = "fe_bench_load_flooder_for_loopback_only";

/// What `foureyes bench load` runs; see `cli::BenchCommand::Load`.
pub struct LoadArgs {
    pub background: usize,
    pub waiters: usize,
    pub subscribers: usize,
    pub seconds: f64,
    pub settle: f64,
    pub slow: usize,
    pub header_timeout_s: u64,
    pub flood: usize,
    pub cap: usize,
    pub json: bool,
}

fn err(e: impl std::fmt::Display) -> Exit {
    Exit::new(EXIT_STORAGE, e.to_string())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn percentile_ms(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    ms(sorted[((sorted.len() as f64 - 1.0) * p).round() as usize])
}

/// One HTTP/1.1 response read from `stream`: status and body (Content-Length framing).
async fn read_response(stream: &mut BufReader<TcpStream>) -> Result<(u16, String), String> {
    let mut status = String::new();
    if stream.read_line(&mut status).await.map_err(|e| e.to_string())? == 0 {
        return Err("closed".into());
    }
    let code = status.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
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
    Ok((code, String::from_utf8_lossy(&body).into_owned()))
}

fn request_text(method: &str, path: &str, token: Option<&str>, body: Option<&str>) -> String {
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let body = body.unwrap_or("");
    format!(
        "{method} {path} HTTP/1.1\r\nHost: bench\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// One request on a fresh connection.
async fn one(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let mut stream = BufReader::new(stream);
    stream.get_mut().write_all(request_text(method, path, token, body).as_bytes()).await.map_err(|e| e.to_string())?;
    read_response(&mut stream).await
}

/// The server's resident memory (KiB) and open file descriptors, from /proc.
fn rss_and_fds(pid: u32) -> (u64, u64) {
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0);
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map(|d| d.count() as u64).unwrap_or(0);
    (rss, fds)
}

/// A keep-alive client deciding until `stop`; returns (start, latency) of each decide.
async fn background_client(addr: SocketAddr, conn: usize, stop: Arc<AtomicBool>) -> Vec<(Instant, Duration)> {
    let mut out = Vec::new();
    let Ok(stream) = TcpStream::connect(addr).await else { return out };
    let _ = stream.set_nodelay(true);
    let mut stream = BufReader::new(stream);
    let mut i = 0u64;
    while !stop.load(Ordering::Relaxed) {
        let body = format!(r#"{{"request_id":"bg-{conn}-{i}","action":"bench.spend","params":{{"amount_eur":1.25}}}}"#);
        let started = Instant::now();
        if stream
            .get_mut()
            .write_all(request_text("POST", "/v1/decide", Some(AGENT_TOKEN), Some(&body)).as_bytes())
            .await
            .is_err()
        {
            // The server closed an idle keep-alive connection: reconnect.
            let Ok(s) = TcpStream::connect(addr).await else { return out };
            stream = BufReader::new(s);
            continue;
        }
        match read_response(&mut stream).await {
            Ok((200, _)) => out.push((started, started.elapsed())),
            Ok(_) | Err(_) => {
                let Ok(s) = TcpStream::connect(addr).await else { return out };
                stream = BufReader::new(s);
            }
        }
        i += 1;
    }
    out
}

/// Turns true when the load phase ends.
type Stop = tokio::sync::watch::Receiver<bool>;

/// A long-poll `/wait` held until it answers or `stop`; returns when it was answered.
async fn waiter(addr: SocketAddr, decision: i64, mut stop: Stop) -> Option<(Instant, u16)> {
    let stream = TcpStream::connect(addr).await.ok()?;
    let mut stream = BufReader::new(stream);
    let path = format!("/v1/decisions/{decision}/wait?timeout=120s");
    stream.get_mut().write_all(request_text("GET", &path, Some(AGENT_TOKEN), None).as_bytes()).await.ok()?;
    tokio::select! {
        answer = read_response(&mut stream) => answer.ok().map(|(code, _)| (Instant::now(), code)),
        _ = stop.wait_for(|stopped| *stopped) => None,
    }
}

/// An SSE subscriber until `stop`: records the delivery lag of each event (now − its `ts_ms`). Returns the number
/// of events it read and whether the server answered 200.
async fn subscriber(addr: SocketAddr, lags: Arc<Mutex<Vec<u32>>>, mut stop: Stop) -> (u64, u16) {
    let Ok(stream) = TcpStream::connect(addr).await else { return (0, 0) };
    let mut stream = BufReader::new(stream);
    if stream
        .get_mut()
        .write_all(request_text("GET", "/v1/events", Some(APPROVER_TOKEN), None).as_bytes())
        .await
        .is_err()
    {
        return (0, 0);
    }
    let mut status = String::new();
    if stream.read_line(&mut status).await.is_err() {
        return (0, 0);
    }
    let code = status.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let mut events = 0;
    let mut line = String::new();
    loop {
        line.clear();
        tokio::select! {
            read = stream.read_line(&mut line) => match read {
                Ok(0) | Err(_) => return (events, code),
                Ok(_) => {}
            },
            _ = stop.wait_for(|stopped| *stopped) => return (events, code),
        }
        if let Some(at) = line.find("\"ts_ms\":") {
            let digits: String = line[at + 8..].chars().take_while(char::is_ascii_digit).collect();
            if let Ok(ts) = digits.parse::<i64>() {
                let lag = (jiff::Timestamp::now().as_millisecond() - ts).max(0);
                if let Ok(mut l) = lags.lock() {
                    l.push(u32::try_from(lag).unwrap_or(u32::MAX));
                }
                events += 1;
            }
        }
    }
}

/// Background decide latencies started inside [from, to).
fn phase(latencies: &[(Instant, Duration)], from: Instant, to: Instant) -> Value {
    let mut d: Vec<Duration> = latencies.iter().filter(|(t, _)| *t >= from && *t < to).map(|(_, d)| *d).collect();
    d.sort_unstable();
    json!({"decides": d.len(), "p50_ms": percentile_ms(&d, 0.5), "p99_ms": percentile_ms(&d, 0.99)})
}

/// A slow connection: sends a partial head (or a head and a trickle of its body) and returns how long the server
/// took to close it (`None`: still open at `give_up`).
async fn slow_connection(addr: SocketAddr, body: bool, give_up: Duration) -> Option<Duration> {
    let stream = TcpStream::connect(addr).await.ok()?;
    let (mut reader, mut writer) = stream.into_split();
    let started = Instant::now();
    let head = if body {
        format!(
            "POST /v1/decide HTTP/1.1\r\nHost: b\r\nAuthorization: Bearer {AGENT_TOKEN}\r\nContent-Length: 1000\r\n\r\n{{"
        )
    } else {
        "GET /healthz HTTP/1.1\r\nHost: b\r\n".to_string()
    };
    writer.write_all(head.as_bytes()).await.ok()?;
    let trickle = tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_millis(700)).await;
            if writer.write_all(if body { b" " } else { b"X-A: b\r\n" }).await.is_err() {
                return;
            }
        }
    });
    let closed = tokio::time::timeout(give_up, async {
        let mut buf = [0u8; 1024];
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok();
    trickle.abort();
    closed.then(|| started.elapsed())
}

/// The server's journal head (`foureyes_journal_head_seq` on `/metrics`). A scrape can take longer than the short
/// request timeout the harness sets on a loaded machine (it lists the 2,000 pending approvals): it is tried again,
/// and a head that cannot be read fails the run instead of counting from 0 (a flood of 73,145 "events added" was
/// once the whole journal, measured from a scrape answered 408).
async fn journal_head(addr: SocketAddr) -> Result<u64, Exit> {
    let mut last = String::new();
    for _ in 0..5 {
        match one(addr, "GET", "/metrics", None, None).await {
            Ok((200, text)) => {
                if let Some(head) = metric(&text, "foureyes_journal_head_seq") {
                    return Ok(head as u64);
                }
                last = "no foureyes_journal_head_seq".to_string();
            }
            Ok((code, _)) => last = format!("answered {code}"),
            Err(e) => last = e,
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    Err(err(format!("cannot read the journal head from /metrics: {last}")))
}

fn metric(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(' '))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
}

/// Removes the run's temporary directory, whatever happens.
struct RemoveOnDrop(std::path::PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub async fn load(args: LoadArgs) -> Result<u8, Exit> {
    use foureyes_core::canonical::sha256_hex;
    use foureyes_store::Credentials;
    use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
    // The harness holds as many sockets as the server.
    let _ = foureyes_server::listen::raise_fd_limit();
    let dir = crate::bench::scratch_dir(None, "foureyes-bench-load")?;
    let _cleanup = RemoveOnDrop(dir.clone());
    let db = dir.join("load.db");
    let policy = dir.join("load.yaml");
    std::fs::write(&policy, format!("{}{LOAD_ASK}", foureyes_store::decide_workload::POLICY)).map_err(err)?;
    {
        let store = SqliteStore::open(&db, SqliteOptions::default())?;
        let now = jiff::Timestamp::now().as_millisecond();
        store.create_token("bench", foureyes_core::Role::Agent, &sha256_hex(AGENT_TOKEN.as_bytes()), None, now).await?;
        store
            .create_token("flooder", foureyes_core::Role::Agent, &sha256_hex(FLOOD_TOKEN.as_bytes()), None, now)
            .await?;
        store
            .create_token("watcher", foureyes_core::Role::Approver, &sha256_hex(APPROVER_TOKEN.as_bytes()), None, now)
            .await?;
        store.close();
    }
    let header_timeout = format!("{}s", args.header_timeout_s);
    let server_args: Vec<String> = ["--header-timeout", &header_timeout, "--request-timeout", &header_timeout]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (db_s, policy_p, extra) = (db.display().to_string(), policy.clone(), server_args.clone());
    let (server, addr) = tokio::task::spawn_blocking(move || crate::bench::start_server_with(&db_s, &policy_p, &extra))
        .await
        .map_err(err)??;
    let pid = server.pid().ok_or_else(|| err("no server process"))?;
    let seconds = Duration::from_secs_f64(args.seconds);

    // Deferrals for the waiters, made before the clock starts.
    eprintln!("load: {} deferrals for the waiters …", args.waiters);
    let mut deferrals = Vec::with_capacity(args.waiters);
    for chunk in (0..args.waiters).collect::<Vec<_>>().chunks(32) {
        let made: Vec<_> = chunk
            .iter()
            .map(|&n| {
                let body = format!(r#"{{"request_id":"ask-{n}","action":"bench.ask","params":{{"n":{n}}}}}"#);
                tokio::spawn(async move { one(addr, "POST", "/v1/decide", Some(AGENT_TOKEN), Some(&body)).await })
            })
            .collect();
        for m in made {
            let (code, body) = m.await.map_err(err)?.map_err(err)?;
            let v: Value = serde_json::from_str(&body).map_err(err)?;
            if code != 200 || v["verdict"] != "defer" {
                return Err(err(format!("expected a deferral, got {code} {body}")));
            }
            deferrals.push((
                v["decision_id"].as_i64().unwrap_or(0),
                v["approval_id"].as_i64().unwrap_or(0),
                v["digest"].as_str().unwrap_or("").to_string(),
            ));
        }
    }

    // Resources sampled every 200 ms.
    let samples: Arc<Mutex<Vec<(Instant, u64, u64)>>> = Arc::default();
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = {
        let (samples, sampling) = (samples.clone(), sampling.clone());
        tokio::spawn(async move {
            while sampling.load(Ordering::Relaxed) {
                let (rss, fds) = rss_and_fds(pid);
                if let Ok(mut s) = samples.lock() {
                    s.push((Instant::now(), rss, fds));
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    };
    let stop_background = Arc::new(AtomicBool::new(false));
    let background: Vec<_> =
        (0..args.background).map(|c| tokio::spawn(background_client(addr, c, stop_background.clone()))).collect();

    eprintln!("load: idle, {} s …", args.seconds);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle_from = Instant::now();
    let idle_start_rss = rss_and_fds(pid).0;
    tokio::time::sleep(seconds).await;
    let idle_to = Instant::now();
    let idle_resources = rss_and_fds(pid);

    eprintln!("load: {} waiters and {} subscribers …", args.waiters, args.subscribers);
    let (stop_load, stop) = tokio::sync::watch::channel(false);
    let lags: Arc<Mutex<Vec<u32>>> = Arc::default();
    let waiters: Vec<_> = deferrals.iter().map(|(d, _, _)| tokio::spawn(waiter(addr, *d, stop.clone()))).collect();
    let subscribers: Vec<_> =
        (0..args.subscribers).map(|_| tokio::spawn(subscriber(addr, lags.clone(), stop.clone()))).collect();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let load_from = Instant::now();
    // Approvals given during the load: how long a vote takes and how soon its waiter hears it.
    let approvals = deferrals.len().min(20);
    let mut votes = Vec::new();
    for (_, approval, digest) in deferrals.iter().take(approvals) {
        let started = Instant::now();
        let body = format!(r#"{{"digest":"{digest}"}}"#);
        let (code, _) =
            one(addr, "POST", &format!("/v1/approvals/{approval}/approve"), Some(APPROVER_TOKEN), Some(&body))
                .await
                .map_err(err)?;
        votes.push((started, started.elapsed(), code));
        tokio::time::sleep(seconds / (approvals as u32 + 1)).await;
    }
    let remaining = (load_from + seconds).saturating_duration_since(Instant::now());
    tokio::time::sleep(remaining).await;
    let load_to = Instant::now();
    // Release: every waiter and subscriber leaves.
    let _ = stop_load.send(true);
    let mut released = Vec::new();
    let mut waiter_answers = 0;
    for (i, w) in waiters.into_iter().enumerate() {
        let answer = tokio::time::timeout(Duration::from_secs(5), w).await.ok().and_then(|r| r.ok()).flatten();
        if let Some((at, code)) = answer {
            waiter_answers += 1;
            if i < approvals && code == 200 {
                released.push(at.saturating_duration_since(votes[i].0 + votes[i].1));
            }
        }
    }
    let mut subscriber_events = 0;
    let mut subscribers_ok = 0;
    for s in subscribers {
        if let Ok(Ok((events, code))) = tokio::time::timeout(Duration::from_secs(5), s).await {
            subscriber_events += events;
            subscribers_ok += u64::from(code == 200);
        }
    }
    let mut lag: Vec<Duration> =
        lags.lock().map(|l| l.iter().map(|ms| Duration::from_millis(u64::from(*ms))).collect()).unwrap_or_default();
    lag.sort_unstable();
    let mut vote_ms: Vec<Duration> = votes.iter().map(|v| v.1).collect();
    vote_ms.sort_unstable();
    released.sort_unstable();

    eprintln!("load: after, settling {} s …", args.settle);
    tokio::time::sleep(Duration::from_secs_f64(args.settle)).await;
    let after_from = Instant::now();
    let after_start_rss = rss_and_fds(pid).0;
    tokio::time::sleep(seconds).await;
    let after_to = Instant::now();
    let after_resources = rss_and_fds(pid);
    stop_background.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    for b in background {
        latencies.extend(b.await.map_err(err)?);
    }
    let peak = samples
        .lock()
        .map(|s| {
            s.iter()
                .filter(|(t, _, _)| *t >= load_from && *t <= load_to + Duration::from_secs(1))
                .fold((0, 0), |p, (_, r, f)| (p.0.max(*r), p.1.max(*f)))
        })
        .unwrap_or_default();

    eprintln!("load: {} slow connections …", args.slow);
    let give_up = Duration::from_secs(args.header_timeout_s + 10);
    let slow: Vec<_> = (0..args.slow).map(|i| tokio::spawn(slow_connection(addr, i % 6 == 5, give_up))).collect();
    let mut closed_in: Vec<Duration> = Vec::new();
    for s in slow {
        if let Ok(Some(d)) = s.await {
            closed_in.push(d);
        }
    }
    closed_in.sort_unstable();
    let bound = Duration::from_secs(args.header_timeout_s + 1);
    let closed_in_time = closed_in.iter().filter(|d| **d <= bound).count();

    eprintln!("load: {} malformed bodies from one token …", args.flood);
    let before = journal_head(addr).await?;
    let flooders = 8;
    let per = args.flood.div_ceil(flooders);
    let flood: Vec<_> = (0..flooders)
        .map(|f| {
            let n = per.min(args.flood.saturating_sub(f * per));
            tokio::spawn(async move {
                let mut counts = std::collections::BTreeMap::<u16, u64>::new();
                let Ok(s) = TcpStream::connect(addr).await else { return counts };
                let mut stream = BufReader::new(s);
                for i in 0..n {
                    let text = request_text("POST", "/v1/decide", Some(FLOOD_TOKEN), Some(&format!("{{garbage {i}")));
                    if stream.get_mut().write_all(text.as_bytes()).await.is_err() {
                        break;
                    }
                    match read_response(&mut stream).await {
                        Ok((code, _)) => *counts.entry(code).or_default() += 1,
                        Err(_) => match TcpStream::connect(addr).await {
                            Ok(s) => stream = BufReader::new(s),
                            Err(_) => break,
                        },
                    }
                }
                counts
            })
        })
        .collect();
    let mut flood_codes = std::collections::BTreeMap::<u16, u64>::new();
    for f in flood {
        for (code, n) in f.await.map_err(err)? {
            *flood_codes.entry(code).or_default() += n;
        }
    }
    let after_flood = journal_head(addr).await?;
    sampling.store(false, Ordering::Relaxed);
    let _ = sampler.await;
    drop(server);

    eprintln!("load: connection cap {} …", args.cap);
    let mut cap_args = server_args.clone();
    cap_args.extend(["--max-connections".to_string(), args.cap.to_string()]);
    let (db_s, policy_p) = (db.display().to_string(), policy.clone());
    let cap_spawned = Instant::now();
    let (capped, cap_addr) =
        tokio::task::spawn_blocking(move || crate::bench::start_server_with(&db_s, &policy_p, &cap_args))
            .await
            .map_err(err)??;
    let cap_start = cap_spawned.elapsed();
    let mut held = Vec::new();
    for _ in 0..args.cap {
        if let Ok(s) = TcpStream::connect(cap_addr).await {
            held.push(s);
        }
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let good: Vec<_> = (0..50)
        .map(|_| {
            tokio::spawn(async move {
                let started = Instant::now();
                let answer =
                    tokio::time::timeout(Duration::from_secs(5), one(cap_addr, "GET", "/healthz", None, None)).await;
                (answer.map(|a| a.map(|(code, _)| code)), started.elapsed())
            })
        })
        .collect();
    let (mut served, mut shed, mut other, mut hung) = (0, 0, 0, 0);
    let mut slowest = Duration::ZERO;
    for g in good {
        let (answer, took) = g.await.map_err(err)?;
        slowest = slowest.max(took);
        match answer {
            Ok(Ok(200)) => served += 1,
            Ok(Ok(503)) => shed += 1,
            Ok(_) => other += 1,
            Err(_) => hung += 1,
        }
    }
    drop(held);
    drop(capped);

    // The server's memory grows with what it decides (the store keeps state per decision), and the background
    // clients decide through the settle phase too: the growth per background decide without load, applied to the
    // decides since the idle phase, is what the "after" RSS holds whatever the load did; the rest is what the load
    // left behind.
    // Both windows without load (idle, and the after phase once settled) give the rate: RSS grows in steps (the
    // allocator's arenas), so one short window can hold a step and no decide, or the reverse; it is an estimate.
    let in_window = |from: Instant, to: Instant| latencies.iter().filter(|(t, _)| *t >= from && *t < to).count();
    let quiet_decides = in_window(idle_from, idle_to) + in_window(after_from, after_to);
    let quiet_growth_kib =
        idle_resources.0.saturating_sub(idle_start_rss) + after_resources.0.saturating_sub(after_start_rss);
    let bytes_per_event = if quiet_decides > 0 { quiet_growth_kib as f64 * 1024.0 / quiet_decides as f64 } else { 0.0 };
    let events_since_idle = latencies.iter().filter(|(t, _)| *t >= idle_to && *t < after_to).count();
    let background_growth_kib = (bytes_per_event * events_since_idle as f64 / 1024.0).max(0.0);
    let left_by_load_kib = after_resources.0 as f64 - idle_resources.0 as f64 - background_growth_kib;
    let idle = phase(&latencies, idle_from, idle_to);
    let during = phase(&latencies, load_from, load_to);
    let after = phase(&latencies, after_from, after_to);
    let report = json!({
        "background_clients": args.background,
        "waiters": args.waiters,
        "subscribers": args.subscribers,
        "decide": {"idle": idle, "load": during, "after": after},
        "sse": {"subscribers_answered_200": subscribers_ok, "events": subscriber_events, "lag_p50_ms": percentile_ms(&lag, 0.5), "lag_p99_ms": percentile_ms(&lag, 0.99)},
        "approvals": {"votes": votes.len(), "votes_ok": votes.iter().filter(|v| v.2 == 200).count(), "vote_p50_ms": percentile_ms(&vote_ms, 0.5), "vote_max_ms": vote_ms.last().map_or(0.0, |d| ms(*d)), "waiters_released": released.len(), "release_after_vote_max_ms": released.last().map_or(0.0, |d| ms(*d)), "waiters_answered": waiter_answers},
        "resources": {"idle_rss_kib": idle_resources.0, "idle_fds": idle_resources.1, "peak_rss_kib": peak.0, "peak_fds": peak.1, "after_rss_kib": after_resources.0, "after_fds": after_resources.1, "settle_s": args.settle, "idle_rss_growth_bytes_per_decide": bytes_per_event, "decides_since_idle": events_since_idle, "after_rss_less_background_growth_kib": after_resources.0 as f64 - background_growth_kib, "left_by_load_kib": left_by_load_kib},
        "slow": {"connections": args.slow, "header_timeout_s": args.header_timeout_s, "closed": closed_in.len(), "closed_within_timeout_plus_1s": closed_in_time, "slowest_close_ms": closed_in.last().map_or(0.0, |d| ms(*d))},
        "flood": {"bodies": args.flood, "answers": flood_codes, "journal_events_added": after_flood.saturating_sub(before)},
        "cap": {"start_ms": ms(cap_start), "max_connections": args.cap, "held": args.cap, "good_clients": 50, "served": served, "answered_503": shed, "other": other, "hung": hung, "slowest_ms": ms(slowest)},
    });
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
        return Ok(0);
    }
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let ratio = |a: &Value, b: &Value| if f(b) > 0.0 { f(a) / f(b) } else { 0.0 };
    println!("| phase | background decides | p50 ms | p99 ms |");
    println!("|---|---:|---:|---:|");
    for (name, p) in [("idle", &idle), ("load", &during), ("after", &after)] {
        println!("| {name} | {} | {:.1} | {:.1} |", p["decides"], f(&p["p50_ms"]), f(&p["p99_ms"]));
    }
    println!();
    println!(
        "load: {} waiters, {} subscribers; decide p99 {:.1}× idle (target ≤ 3×); SSE delivery lag p50 {:.0} ms, p99 {:.0} ms over {} events (target p99 ≤ 1,000 ms)",
        args.waiters,
        args.subscribers,
        ratio(&during["p99_ms"], &idle["p99_ms"]),
        percentile_ms(&lag, 0.5),
        percentile_ms(&lag, 0.99),
        subscriber_events
    );
    println!(
        "approvals during load: {} votes, p50 {:.0} ms, max {:.0} ms; {} waiters released, the last {:.0} ms after its vote",
        votes.len(),
        percentile_ms(&vote_ms, 0.5),
        vote_ms.last().map_or(0.0, |d| ms(*d)),
        released.len(),
        released.last().map_or(0.0, |d| ms(*d))
    );
    let pct = |a: u64, b: u64| if b > 0 { (a as f64 / b as f64 - 1.0) * 100.0 } else { 0.0 };
    println!(
        "server RSS: idle {} MiB, peak {} MiB, {} s after {} MiB ({:+.0} %); fds: idle {}, peak {}, after {} ({:+.0} %) (target within 10 %)",
        idle_resources.0 / 1024,
        peak.0 / 1024,
        args.settle,
        after_resources.0 / 1024,
        pct(after_resources.0, idle_resources.0),
        idle_resources.1,
        peak.1,
        after_resources.1,
        pct(after_resources.1, idle_resources.1)
    );
    println!(
        "server RSS growth per background decide without load (idle and after phases; an estimate, RSS grows in \
         steps): {:.0} B; {} decides since idle → {:.0} MiB of the after figure; the rest, left by the load: {:+.0} MiB \
         ({:+.0} % of idle)",
        bytes_per_event,
        events_since_idle,
        background_growth_kib / 1024.0,
        left_by_load_kib / 1024.0,
        if idle_resources.0 > 0 { left_by_load_kib / idle_resources.0 as f64 * 100.0 } else { 0.0 }
    );
    println!(
        "slow connections: {} of {} closed within the {} s header/request timeout (+1 s); slowest {:.0} ms",
        closed_in_time,
        args.slow,
        args.header_timeout_s,
        closed_in.last().map_or(0.0, |d| ms(*d))
    );
    println!(
        "flood: {} malformed bodies from one token → answers {:?}; {} journal events added (one more summary when its minute closes)",
        args.flood,
        flood_codes,
        after_flood.saturating_sub(before)
    );
    println!(
        "connection cap {}: a second server on the same database, announced {:.0} ms after its start; its cap held by idle connections; 50 good clients → {served} served, {shed} clean 503, {other} other, {hung} hung; slowest answer {:.0} ms",
        args.cap,
        ms(cap_start),
        ms(slowest)
    );
    Ok(0)
}
