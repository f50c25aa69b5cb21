//! Several `foureyes serve` replicas on one PostgreSQL database keep every guarantee of one server, across processes.
//!
//! Each test creates its own database on the test cluster (`FOUREYES_TEST_PG`, a superuser URL; unset is a failure,
//! never a skip: `cargo xtask test` starts a throwaway cluster and sets it) and starts two real `foureyes serve`
//! processes on it (ports from `--listen 127.0.0.1:0`, read from their stdout). Credentials are made with the CLI
//! (`foureyes --db URL token create --json`); load is plain HTTP/1.1 over `std::net` from many threads.
//!
//! - 500 concurrent decides split across the replicas on a `count: 3` limit: exactly 3 permits; a budget is never
//!   overspent.
//! - An approval given on replica A releases an executor waiting (`/wait`) on replica B, within milliseconds
//!   (PostgreSQL `NOTIFY`; the 250 ms poll is only the fallback). The latencies are printed.
//! - The kill switch set on A blocks an approved action executing on B; released, the approval still works.
//! - A policy reload on A is in force on B at once (B re-reads its file when the journal records the new policy).
//! - One replica is SIGKILLed mid-load: the other keeps serving; every acknowledged decision is stored once, none
//!   twice (retries on the survivor reuse their `request_id`); `journal verify` and `journal audit` (CLI, on the URL)
//!   pass, and the audit's replay matches the tables.
//!
//! - Both replicas given the same `--webhook`: each approval request is POSTed once, not once per replica (the
//!   notification claims in the database).
//!
//! That the service role cannot UPDATE or DELETE a journal row is shown in
//! `crates/foureyes-store-pg/tests/pg_conformance.rs` (`the_journal_rejects_update_and_delete_for_every_role`).
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::pg_cluster::Database;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier, Mutex, mpsc};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

const POLICY: &str = "\
version: 1
timezone: UTC
actions:
  notes.write:
    tier: 2
    params:
      title: { type: string, max_len: 100 }
    limits:
      - { count: 1000000, per: 1h }
  email.send:
    tier: 2
    params:
      to: { type: string, max_len: 200 }
    limits:
      - { count: 3, per: 1h }
  payments.refund:
    tier: 2
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    budgets:
      - { param: amount_eur, max: 1000, per: 24h }
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 1, max: 5000 }
      payee: { type: string, max_len: 64 }
    approvals: { required: 1, ttl: 1h }
";

// ---------------------------------------------------------------------------------------------------------------
// Processes: replicas and the CLI

/// One `foureyes serve` process.
struct Replica {
    child: Child,
    addr: String,
}

impl Replica {
    /// Starts a replica with these extra `serve` arguments; returns once it listens.
    fn start_with(db: &Database, policy: &std::path::Path, serve_args: &[&str]) -> Replica {
        let mut child = Command::new(BIN)
            .args(["--db", &db.url, "--policy"])
            .arg(policy)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(serve_args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (found, addr) = mpsc::channel();
        // Reads the address, then keeps draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if !sent && let Some(at) = line.find(" on http://") {
                    let _ = found.send(line[at + " on http://".len()..].trim().to_string());
                    sent = true;
                }
            }
        });
        let addr = match addr.recv_timeout(Duration::from_secs(60)) {
            Ok(addr) => addr,
            Err(_) => {
                let _ = child.kill();
                panic!("the replica did not print its address within 60 s: {:?}", child.wait());
            }
        };
        Replica { child, addr }
    }

    fn kill(&mut self) {
        let _ = self.child.kill(); // SIGKILL
        let _ = self.child.wait();
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        self.kill();
    }
}

fn cli(db: &Database, args: &[&str]) -> Output {
    Command::new(BIN).args(["--db", &db.url]).args(args).stdin(Stdio::null()).output().unwrap()
}

fn cli_json(db: &Database, args: &[&str]) -> Value {
    let out = cli(db, args);
    assert!(out.status.success(), "foureyes {args:?}: {:?}\n{}", out.status, String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("foureyes {args:?}: not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

/// A credential made with `foureyes token create --json`; returns its token.
fn token(db: &Database, name: &str, role: &str) -> String {
    cli_json(db, &["token", "create", "--name", name, "--role", role, "--json"])["token"].as_str().unwrap().to_string()
}

/// A fresh database, its policy file, and two replicas started at the same moment (a fresh database: they race to
/// create the first admin, and both must come up).
struct Setup {
    db: Database,
    _dir: tempfile::TempDir,
    policy: std::path::PathBuf,
    a: Replica,
    b: Replica,
}

fn setup() -> Setup {
    setup_with(&[])
}

/// [`setup`] with more `serve` arguments, the same for both replicas.
fn setup_with(serve_args: &[&str]) -> Setup {
    let db = Database::create();
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, POLICY).unwrap();
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| Replica::start_with(&db, &policy, serve_args));
        let b = s.spawn(|| Replica::start_with(&db, &policy, serve_args));
        (a.join().unwrap(), b.join().unwrap())
    });
    Setup { db, _dir: dir, policy, a, b }
}

// ---------------------------------------------------------------------------------------------------------------
// A minimal blocking HTTP/1.1 client with keep-alive

struct Client {
    addr: String,
    token: String,
    stream: Option<BufReader<TcpStream>>,
}

impl Client {
    fn new(addr: &str, token: &str) -> Client {
        Client { addr: addr.to_string(), token: token.to_string(), stream: None }
    }

    /// One request; on any I/O error the connection is dropped (the next request opens a new one).
    fn send(&mut self, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
        let result = self.try_send(method, path, body);
        if result.is_err() {
            self.stream = None;
        }
        result
    }

    fn try_send(&mut self, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
        let broken = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
        if self.stream.is_none() {
            let socket: std::net::SocketAddr = self.addr.parse().map_err(|e| broken(format!("{}: {e}", self.addr)))?;
            let stream = TcpStream::connect_timeout(&socket, Duration::from_secs(5))?;
            stream.set_nodelay(true)?;
            stream.set_read_timeout(Some(Duration::from_secs(120)))?;
            self.stream = Some(BufReader::new(stream));
        }
        let Some(stream) = self.stream.as_mut() else { unreachable!() };
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            self.addr,
            self.token,
            body.len()
        );
        stream.get_mut().write_all(request.as_bytes())?;
        let mut status_line = String::new();
        if stream.read_line(&mut status_line)? == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "connection closed"));
        }
        let status: u16 = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| broken(format!("bad status line `{status_line}`")))?;
        let (mut length, mut chunked, mut close) = (None, false, false);
        loop {
            let mut line = String::new();
            if stream.read_line(&mut line)? == 0 {
                return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "connection closed in headers"));
            }
            let line = line.trim_end().to_ascii_lowercase();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("content-length:") {
                length = Some(v.trim().parse::<usize>().map_err(|e| broken(format!("content-length: {e}")))?);
            } else if line.starts_with("transfer-encoding:") && line.contains("chunked") {
                chunked = true;
            } else if line.starts_with("connection:") && line.contains("close") {
                close = true;
            }
        }
        let mut payload = Vec::new();
        if chunked {
            loop {
                let mut size = String::new();
                stream.read_line(&mut size)?;
                let size = usize::from_str_radix(size.trim().split(';').next().unwrap_or(""), 16)
                    .map_err(|e| broken(format!("chunk size: {e}")))?;
                let mut chunk = vec![0; size + 2];
                stream.read_exact(&mut chunk)?;
                if size == 0 {
                    break;
                }
                payload.extend_from_slice(&chunk[..size]);
            }
        } else {
            let length = length.ok_or_else(|| broken("a response without a length".into()))?;
            payload.resize(length, 0);
            stream.read_exact(&mut payload)?;
        }
        if close {
            self.stream = None;
        }
        let value = serde_json::from_slice(&payload)
            .map_err(|e| broken(format!("body is not JSON ({e}): {}", String::from_utf8_lossy(&payload))))?;
        Ok((status, value))
    }

    /// A request that must succeed with 200.
    fn ok(&mut self, method: &str, path: &str, body: Option<&Value>) -> Value {
        match self.send(method, path, body) {
            Ok((200, v)) => v,
            other => panic!("{method} {path} on {}: {other:?}", self.addr),
        }
    }
}

fn has_reason(decision: &Value, code: &str) -> bool {
    decision["reasons"].as_array().is_some_and(|r| r.iter().any(|r| r["code"] == code))
}

/// Every decision in the database, by the CLI.
fn all_decisions(db: &Database) -> Vec<Value> {
    cli_json(db, &["decisions", "list", "--limit", "100000", "--json"]).as_array().unwrap().clone()
}

/// `journal verify` and `journal audit` by the CLI on the URL: the chain is intact and the tables are what the
/// journal replays to. Returns the audit.
fn assert_journal_sound(db: &Database) -> Value {
    let verify = cli(db, &["journal", "verify"]);
    let text = String::from_utf8_lossy(&verify.stdout).to_string();
    assert!(verify.status.success(), "journal verify: {text}{}", String::from_utf8_lossy(&verify.stderr));
    assert!(text.contains("chain intact"), "{text}");
    let audit = cli_json(db, &["journal", "audit", "--json"]);
    assert_eq!(audit["mismatches"], json!([]), "the tables disagree with the journal: {audit:#}");
    audit
}

/// 500 threads, all released at once, each deciding one request on replica A (even) or B (odd).
fn race(s: &Setup, agent: &str, body: impl Fn(usize) -> Value + Sync) -> Vec<Value> {
    let barrier = Barrier::new(500);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..500)
            .map(|i| {
                let (barrier, body) = (&barrier, &body);
                let addr = if i % 2 == 0 { &s.a.addr } else { &s.b.addr };
                scope.spawn(move || {
                    let mut client = Client::new(addr, agent);
                    let body = body(i);
                    barrier.wait();
                    client.ok("POST", "/v1/decide", Some(&body))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn decimal(v: &Value) -> f64 {
    v.as_str().and_then(|s| s.parse().ok()).or_else(|| v.as_f64()).unwrap_or_else(|| panic!("not a number: {v}"))
}

// ---------------------------------------------------------------------------------------------------------------
// The tests

#[test]
fn five_hundred_decides_on_two_replicas_grant_exactly_three_permits_and_never_overspend() {
    let s = setup();
    let agent = token(&s.db, "agent-1", "agent");

    let started = Instant::now();
    let emails = race(
        &s,
        &agent,
        |i| json!({"request_id": format!("email-{i}"), "action": "email.send", "params": {"to": "ops@example.com"}}),
    );
    eprintln!("500 concurrent decides on two replicas: {:?}", started.elapsed());
    let permits: Vec<&Value> = emails.iter().filter(|d| d["verdict"] == "permit").collect();
    assert_eq!(permits.len(), 3, "`count: 3` across two replicas: exactly 3 permits");
    let mut consumed: Vec<f64> = permits.iter().map(|d| decimal(&d["budgets"][0]["consumed"])).collect();
    consumed.sort_by(f64::total_cmp);
    assert_eq!(consumed, [0.0, 1.0, 2.0], "each permit saw the ones before it, whichever replica decided it");
    for d in emails.iter().filter(|d| d["verdict"] != "permit") {
        assert!(has_reason(d, "limit_exceeded"), "{d}");
    }

    // A budget of 1000 EUR, asked for in amounts of 50 to 350 by 500 concurrent refunds.
    let refunds = race(&s, &agent, |i| {
        json!({"request_id": format!("refund-{i}"), "action": "payments.refund",
               "params": {"amount_eur": 50 * (i % 7 + 1)}})
    });
    let granted: Vec<&Value> = refunds.iter().filter(|d| d["verdict"] == "permit").collect();
    let spent: f64 = granted.iter().map(|d| decimal(&d["params"]["amount_eur"])).sum();
    assert!(!granted.is_empty() && spent <= 1000.0, "the budget is never overspent: {spent} EUR granted");
    for d in &granted {
        let b = &d["budgets"][0];
        assert!(decimal(&b["consumed"]) + decimal(&b["requested"]) <= 1000.0, "{d}");
    }
    for d in refunds.iter().filter(|d| d["verdict"] != "permit") {
        assert!(has_reason(d, "budget_exceeded"), "{d}");
    }
    eprintln!("refunds: {} granted, {spent} of 1000 EUR spent", granted.len());

    // The database agrees: 1000 decisions, one per request, and the journal replays to the tables.
    let stored = all_decisions(&s.db);
    assert_eq!(stored.len(), 1000);
    let permitted: BTreeSet<i64> =
        stored.iter().filter(|d| d["verdict"] == "permit").map(|d| d["decision_id"].as_i64().unwrap()).collect();
    let answered: BTreeSet<i64> = permits.iter().chain(&granted).map(|d| d["decision_id"].as_i64().unwrap()).collect();
    assert_eq!(permitted, answered, "the permits stored are the permits answered");
    let audit = assert_journal_sound(&s.db);
    assert_eq!(audit["decisions"], 1000);
}

/// Deferred on B, approved on A: B's waiting executor is released at once, then re-sends and gets its permit.
#[test]
fn an_approval_on_one_replica_releases_an_executor_waiting_on_the_other() {
    let s = setup();
    let agent = token(&s.db, "agent-1", "agent");
    let alice = token(&s.db, "alice", "approver");
    let mut approver = Client::new(&s.a.addr, &alice);
    let mut executor = Client::new(&s.b.addr, &agent);
    let mut latencies = Vec::new();
    for round in 0..8 {
        let body = json!({"request_id": format!("pay-{round}"), "action": "payments.send",
                          "params": {"amount_eur": 120, "payee": "ACME"}});
        let deferred = executor.ok("POST", "/v1/decide", Some(&body));
        assert_eq!(deferred["verdict"], "defer", "{deferred}");
        let (decision, approval) =
            (deferred["decision_id"].as_i64().unwrap(), deferred["approval_id"].as_i64().unwrap());
        let digest = deferred["digest"].as_str().unwrap().to_string();

        let waiter = {
            let (addr, agent) = (s.b.addr.clone(), agent.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(&addr, &agent);
                let answer = c.ok("GET", &format!("/v1/decisions/{decision}/wait?timeout=60s"), None);
                (answer, Instant::now())
            })
        };
        // Let the wait start and settle into its sleep (the fallback poll is every 250 ms).
        std::thread::sleep(Duration::from_millis(400 + 37 * round));
        let sent = Instant::now();
        let vote = approver.ok("POST", &format!("/v1/approvals/{approval}/approve"), Some(&json!({"digest": digest})));
        assert_eq!(vote["approval"]["status"], "approved", "{vote}");
        let (answer, released) = waiter.join().unwrap();
        assert_eq!(answer["waiting"], false, "{answer}");
        assert_eq!(answer["approval"]["status"], "approved", "{answer}");
        latencies.push(released.saturating_duration_since(sent));

        let permit = executor.ok("POST", "/v1/decide", Some(&body));
        assert_eq!((permit["verdict"].as_str(), permit["supersedes"].as_i64()), (Some("permit"), Some(decision)));
    }
    let mut sorted = latencies.clone();
    sorted.sort();
    eprintln!(
        "approve on A -> wait released on B (from sending the approval): {:?}; median {:?}, max {:?}",
        latencies,
        sorted[sorted.len() / 2],
        sorted[sorted.len() - 1]
    );
    // Polling alone would release after 125 ms on average (and up to 250 ms); NOTIFY releases within milliseconds.
    assert!(
        sorted[sorted.len() / 2] < Duration::from_millis(100),
        "median {:?}: {latencies:?}",
        sorted[sorted.len() / 2]
    );
    assert!(sorted[sorted.len() - 1] < Duration::from_secs(2), "{latencies:?}");
    assert_journal_sound(&s.db);
}

/// Approved, then the kill switch is engaged on A: the executor re-sending on B is denied; released, it may go.
#[test]
fn the_kill_switch_set_on_one_replica_blocks_an_approved_action_on_the_other() {
    let s = setup();
    let agent = token(&s.db, "agent-1", "agent");
    let alice = token(&s.db, "alice", "approver");
    let root = token(&s.db, "root", "admin");
    let mut executor = Client::new(&s.b.addr, &agent);
    let body =
        json!({"request_id": "pay-1", "action": "payments.send", "params": {"amount_eur": 900, "payee": "ACME"}});
    let deferred = executor.ok("POST", "/v1/decide", Some(&body));
    let approval = deferred["approval_id"].as_i64().unwrap();
    Client::new(&s.a.addr, &alice).ok(
        "POST",
        &format!("/v1/approvals/{approval}/approve"),
        Some(&json!({"digest": deferred["digest"]})),
    );

    let mut admin_a = Client::new(&s.a.addr, &root);
    assert_eq!(admin_a.ok("POST", "/v1/kill-switch", Some(&json!({"engaged": true})))["changed"], true);
    let health = Client::new(&s.b.addr, &root).ok("GET", "/healthz", None);
    assert_eq!(health["kill_switch"], true, "B sees the kill switch A set, at once");
    let blocked = executor.ok("POST", "/v1/decide", Some(&body));
    assert_eq!(blocked["verdict"], "deny", "{blocked}");
    assert!(has_reason(&blocked, "kill_switch"), "{blocked}");
    // Other actions are blocked on B too.
    let email = json!({"request_id": "mail-1", "action": "email.send", "params": {"to": "ops@example.com"}});
    assert!(has_reason(&executor.ok("POST", "/v1/decide", Some(&email)), "kill_switch"));

    // The block was not an answer: released (on A), the same request on B executes under its approval.
    admin_a.ok("POST", "/v1/kill-switch", Some(&json!({"engaged": false})));
    let permit = executor.ok("POST", "/v1/decide", Some(&body));
    assert_eq!(permit["verdict"], "permit", "{permit}");
    assert_eq!(permit["approval_id"], approval);
    assert_journal_sound(&s.db);
}

/// The limit is tightened in the (shared) policy file and reloaded on A: B decides under the new policy at once.
#[test]
fn a_policy_reload_on_one_replica_is_in_force_on_the_other() {
    let s = setup();
    let agent = token(&s.db, "agent-1", "agent");
    let root = token(&s.db, "root", "admin");
    let mut on_b = Client::new(&s.b.addr, &agent);
    let before = on_b.ok("GET", "/v1/policy", None)["sha256"].clone();
    std::fs::write(&s.policy, POLICY.replace("count: 3", "count: 1")).unwrap();
    let sent = Instant::now();
    let reloaded = Client::new(&s.a.addr, &root).ok("POST", "/v1/policy/reload", None);
    assert_eq!(reloaded["changed"], true, "{reloaded}");
    let after = reloaded["policy"]["sha256"].clone();
    assert_ne!(before, after);
    let took = loop {
        if on_b.ok("GET", "/v1/policy", None)["sha256"] == after {
            break sent.elapsed();
        }
        assert!(sent.elapsed() < Duration::from_secs(5), "B still runs the old policy after 5 s");
        std::thread::sleep(Duration::from_millis(2));
    };
    eprintln!("policy reloaded on A, in force on B after {took:?}");
    let email = |id: &str| json!({"request_id": id, "action": "email.send", "params": {"to": "ops@example.com"}});
    assert_eq!(on_b.ok("POST", "/v1/decide", Some(&email("m-1")))["verdict"], "permit");
    let second = on_b.ok("POST", "/v1/decide", Some(&email("m-2")));
    assert!(has_reason(&second, "limit_exceeded"), "B decides under `count: 1`: {second}");
    assert_journal_sound(&s.db);
}

/// What a load worker saw acknowledged.
#[derive(Default)]
struct Seen {
    /// request_id → decision_id, for every decide answered.
    decided: BTreeMap<String, i64>,
    /// decision ids whose `executed` report was answered.
    reported: BTreeSet<i64>,
    /// Requests answered by the survivor after the kill.
    after_kill: u64,
    /// Failed requests on the survivor (must stay 0).
    survivor_errors: Vec<String>,
}

#[test]
fn sigkill_of_one_replica_mid_load_loses_and_doubles_nothing() {
    let mut s = setup();
    let agent = token(&s.db, "agent-1", "agent");
    let killed = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(Mutex::new(Seen::default()));
    let workers: Vec<_> = (0..16)
        .map(|w| {
            let (a, b, agent) = (s.a.addr.clone(), s.b.addr.clone(), agent.clone());
            let (killed, stop, seen) = (killed.clone(), stop.clone(), seen.clone());
            std::thread::spawn(move || {
                let mut on_a = w % 2 == 0;
                let mut client = Client::new(if on_a { &a } else { &b }, &agent);
                let mut i = 0;
                // A step that fails on A (it died) is retried on B with the same request: idempotent by design.
                let step = |client: &mut Client, on_a: &mut bool, path: &str, body: &Value| loop {
                    let was_killed = killed.load(Ordering::SeqCst);
                    match client.send("POST", path, Some(body)) {
                        Ok((200, v)) => {
                            if !*on_a && was_killed {
                                seen.lock().unwrap().after_kill += 1;
                            }
                            return Some(v);
                        }
                        Ok((status, v)) => panic!("POST {path} {body}: {status} {v}"),
                        Err(e) if *on_a => {
                            assert!(killed.load(Ordering::SeqCst), "replica A failed before it was killed: {e}");
                            *on_a = false;
                            *client = Client::new(&b, &agent);
                        }
                        Err(e) => {
                            seen.lock().unwrap().survivor_errors.push(format!("POST {path}: {e}"));
                            return None;
                        }
                    }
                };
                while !stop.load(Ordering::SeqCst) {
                    let request_id = format!("w{w}-{i}");
                    i += 1;
                    let body = json!({"request_id": request_id, "action": "notes.write",
                                      "params": {"title": format!("standup {w}/{i}")}});
                    let Some(d) = step(&mut client, &mut on_a, "/v1/decide", &body) else { continue };
                    let id = d["decision_id"].as_i64().unwrap();
                    assert_eq!(d["verdict"], "permit", "{d}");
                    seen.lock().unwrap().decided.insert(request_id, id);
                    let report = json!({"outcome": "executed", "detail": {"worker": w}});
                    if step(&mut client, &mut on_a, &format!("/v1/decisions/{id}/report"), &report).is_some() {
                        seen.lock().unwrap().reported.insert(id);
                    }
                }
            })
        })
        .collect();

    std::thread::sleep(Duration::from_millis(1500));
    let before = seen.lock().unwrap().decided.len();
    killed.store(true, Ordering::SeqCst);
    s.a.kill();
    let killed_at = Instant::now();
    std::thread::sleep(Duration::from_millis(1500));
    stop.store(true, Ordering::SeqCst);
    for w in workers {
        w.join().unwrap();
    }
    let seen = seen.lock().unwrap();
    eprintln!(
        "{} decisions acknowledged ({before} before the SIGKILL), {} requests answered by the survivor in the {:?} after it",
        seen.decided.len(),
        seen.after_kill,
        killed_at.elapsed()
    );
    assert!(before > 0, "load ran before the kill");
    assert!(seen.survivor_errors.is_empty(), "the survivor failed requests: {:?}", seen.survivor_errors);
    assert!(seen.after_kill > 0, "the survivor kept serving");

    // Nothing lost: every acknowledged decision is stored under its request; nothing doubled: one per request.
    let stored = all_decisions(&s.db);
    let mut by_request: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for d in &stored {
        by_request
            .entry(d["request_id"].as_str().unwrap().to_string())
            .or_default()
            .push(d["decision_id"].as_i64().unwrap());
    }
    for (request, ids) in &by_request {
        assert_eq!(ids.len(), 1, "request {request} was decided {} times: {ids:?}", ids.len());
    }
    for (request, id) in &seen.decided {
        assert_eq!(by_request.get(request), Some(&vec![*id]), "acknowledged decision {id} ({request})");
    }
    // Every stored decision was acknowledged (the ones in flight at the kill were retried on B and answered there),
    // and every report was applied once: nothing is left "intended, not confirmed".
    assert_eq!(stored.len(), seen.decided.len(), "stored decisions that no client was told about");
    for d in &stored {
        let id = d["decision_id"].as_i64().unwrap();
        assert_eq!(d["status"], "executed", "decision {id}: {d}");
        assert!(seen.reported.contains(&id), "decision {id} was executed but its report was never acknowledged");
    }
    let audit = assert_journal_sound(&s.db);
    assert_eq!(audit["decisions"], stored.len());
    assert_eq!(audit["unconfirmed"], 0);
    assert_eq!(audit["held_reservations"], stored.len(), "one reservation per executed note, held");
}

/// What `serve` and `journal verify` print of a PostgreSQL URL never includes its password.
#[test]
fn a_database_password_is_never_printed() {
    let db = Database::create();
    // The test cluster trusts loopback connections, so any password is accepted (and must not be shown).
    let scheme = db.url.find("://").unwrap() + 3;
    let authority = &db.url[scheme..db.url[scheme..].find('/').map_or(db.url.len(), |i| scheme + i)];
    let with_password = match authority.find('@') {
        Some(at) if !authority[..at].contains(':') => {
            format!("{}:s3cr3t-pw{}", &db.url[..scheme + at], &db.url[scheme + at..])
        }
        _ => db.url.clone(),
    };
    let with_password = format!("{with_password}&password=s3cr3t-pw");
    let mut child = Command::new(BIN)
        .args(["--db", &with_password, "serve", "--listen", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(first.starts_with("FourEyes serving ") && first.contains("password=***"), "{first}");
    assert!(!first.contains("s3cr3t"), "{first}");
    let verify = Command::new(BIN).args(["--db", &with_password, "journal", "verify"]).output().unwrap();
    let out = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success() && out.contains("chain intact"), "{out}");
    assert!(!out.contains("s3cr3t"), "{out}");
}

/// A webhook receiver on 127.0.0.1 (plain HTTP/1.1 over `std::net`, keep-alive): records every POSTed JSON body and
/// answers 200, as Slack's incoming webhooks do. Returns the bodies and the webhook URL.
fn webhook_receiver() -> (Arc<Mutex<Vec<Value>>>, String) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/services/T0/B0/secret", listener.local_addr().unwrap());
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let kept = bodies.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let bodies = kept.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream);
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let mut length = 0;
                    loop {
                        let mut header = String::new();
                        if reader.read_line(&mut header).unwrap_or(0) == 0 {
                            return;
                        }
                        let header = header.trim_end().to_ascii_lowercase();
                        if header.is_empty() {
                            break;
                        }
                        if let Some(v) = header.strip_prefix("content-length:") {
                            length = v.trim().parse().unwrap();
                        }
                    }
                    let mut body = vec![0; length];
                    reader.read_exact(&mut body).unwrap();
                    assert!(line.starts_with("POST /services/T0/B0/secret "), "{line}");
                    bodies.lock().unwrap().push(serde_json::from_slice(&body).unwrap());
                    let ok = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok";
                    if reader.get_mut().write_all(ok).is_err() {
                        return;
                    }
                }
            });
        }
    });
    (bodies, url)
}

/// Both replicas follow the journal and have the same webhook: each approval request, whichever replica deferred
/// it, is POSTed exactly once (the replicas claim each (event, webhook) in the database; without the claim every
/// message came twice). The claims are no part of the journal: verify and audit stay clean.
#[test]
fn two_replicas_with_one_webhook_post_each_approval_request_once() {
    let (bodies, url) = webhook_receiver();
    let s = setup_with(&["--webhook", &url]);
    let agent = token(&s.db, "agent-1", "agent");
    const N: usize = 10;
    let mut approvals = Vec::new();
    for i in 0..N {
        let addr = if i % 2 == 0 { &s.a.addr } else { &s.b.addr };
        let body = json!({"request_id": format!("hook-{i}"), "action": "payments.send",
                          "params": {"amount_eur": 10 + i, "payee": "ACME"}});
        let deferred = Client::new(addr, &agent).ok("POST", "/v1/decide", Some(&body));
        assert_eq!(deferred["verdict"], "defer", "{deferred}");
        approvals.push(deferred["approval_id"].as_i64().unwrap());
    }
    let posted = || bodies.lock().unwrap().clone();
    let start = Instant::now();
    while posted().len() < N {
        assert!(start.elapsed() < Duration::from_secs(30), "timed out waiting for {N} POSTs: {:#?}", posted());
        std::thread::sleep(Duration::from_millis(50));
    }
    // Several of the notifiers' polls (500 ms) later: a second copy from the other replica would be here by now.
    std::thread::sleep(Duration::from_secs(2));
    let mut seen: Vec<i64> = posted()
        .iter()
        .map(|b| {
            let text = b["text"].as_str().unwrap_or_else(|| panic!("a Slack message has `text`: {b}"));
            *approvals
                .iter()
                .find(|id| text.contains(&format!("approval #{id} ")))
                .unwrap_or_else(|| panic!("a POST for no approval of this test: {text}"))
        })
        .collect();
    assert_eq!(seen.len(), N, "one POST per approval request, not one per replica: {:#?}", posted());
    seen.sort_unstable();
    approvals.sort_unstable();
    assert_eq!(seen, approvals, "every approval request posted once");
    assert_journal_sound(&s.db);
}

/// ADR-1050 (fast15): replica B authenticates a decide from its followed state, with no token statement, once it
/// has seen the token; a revocation committed by another process a moment later is refused by B's very next decide
/// — `401`, the refusal journaled (`credential_revoked`), nothing decided — though B's state had not caught up.
/// Red if the decide handler's writes are not made as the credential (`WriteCaller::writes`), or if the write
/// transaction does not check it.
#[test]
fn a_token_revoked_elsewhere_is_refused_by_the_next_decide_on_a_replica() {
    let s = setup();
    let bot = token(&s.db, "bot", "agent");
    let mut on_b = Client::new(&s.b.addr, &bot);
    let note = |id: &str| json!({"request_id": id, "action": "notes.write", "params": {"title": "t"}});
    // The first decide finds the token by its statement; the second is authenticated from B's state.
    for id in ["n-1", "n-2"] {
        assert_eq!(on_b.ok("POST", "/v1/decide", Some(&note(id)))["verdict"], "permit");
    }
    let revoked = cli(&s.db, &["token", "revoke", "bot"]);
    assert!(revoked.status.success(), "token revoke: {}", String::from_utf8_lossy(&revoked.stderr));
    let (status, answer) = on_b.send("POST", "/v1/decide", Some(&note("n-3"))).unwrap();
    assert_eq!(status, 401, "a decide on B as the token revoked a moment ago: {answer}");
    assert_eq!(answer["error"]["code"], "unauthorized", "{answer}");
    let tail = cli(&s.db, &["journal", "tail", "-n", "5", "--json"]);
    let events: Vec<Value> =
        String::from_utf8_lossy(&tail.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(
        events.iter().any(|e| e["kind"] == "refused" && e["data"]["code"] == "credential_revoked"),
        "the refusal is journaled: {events:?}"
    );
    let ids: Vec<String> =
        all_decisions(&s.db).iter().map(|d| d["request"]["request_id"].as_str().unwrap_or("").to_string()).collect();
    assert!(!ids.iter().any(|id| id == "n-3"), "nothing decided after the revoke: {ids:?}");
    // Once B has caught up (in that write), the token is refused before any write.
    assert_eq!(on_b.send("POST", "/v1/decide", Some(&note("n-4"))).unwrap().0, 401);
    assert_journal_sound(&s.db);
}
