//! PostgreSQL faults through `foureyes serve` replicas as real processes (issue 19).
//!
//! Replica A reaches the database through a loopback TCP proxy in this test; replica B connects directly. Under a
//! stream of 100 EUR payments against a 1000 EUR budget, the proxy cuts every connection A holds (mid-transaction
//! for whichever was in flight) and then refuses new ones for a while (a partition) while B goes on; then heals.
//! Properties: while A cannot reach the database it answers no decision (fail closed, 503); after healing, every
//! request id re-sent gets the decision it was acknowledged with (0 lost), no request id has two decisions (0
//! duplicates), and the permits stay within the budget (0 overspends).
//!
//! Needs `FOUREYES_TEST_PG` (a superuser URL on 127.0.0.1), as the other PostgreSQL suites.
#![allow(clippy::unwrap_used)]

use crate::pg_cluster::{admin_url, execute_blocking};
use crate::support;

use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};
use support::BIN;

const POLICY: &str = "\
version: 1
timezone: UTC
actions:
  payments.refund:
    tier: 2
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    budgets: [ { param: amount_eur, max: 1000, per: 24h } ]
";

/// A loopback TCP proxy that can cut every connection it carries and refuse new ones.
struct Proxy {
    port: u16,
    partitioned: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn to(upstream: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let partitioned = Arc::new(AtomicBool::new(false));
        let live: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (p, l) = (partitioned.clone(), live.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { break };
                if p.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect(&upstream) else { continue };
                {
                    // Checked again under the lock `partition` takes to cut: a connection accepted while it cut
                    // the others was added after the cut and carried on through the partition (F386).
                    let mut live = l.lock().unwrap();
                    if p.load(Ordering::SeqCst) {
                        let _ = client.shutdown(Shutdown::Both);
                        let _ = server.shutdown(Shutdown::Both);
                        continue;
                    }
                    live.extend([client.try_clone().unwrap(), server.try_clone().unwrap()]);
                }
                for (mut from, mut to) in [(client.try_clone().unwrap(), server.try_clone().unwrap()), (server, client)]
                {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                        let _ = from.shutdown(Shutdown::Both);
                    });
                }
            }
        });
        Proxy { port, partitioned, live }
    }

    /// Cuts every connection and refuses new ones until [`Proxy::heal`]; how many connections it cut.
    fn partition(&self) -> usize {
        let mut live = self.live.lock().unwrap();
        self.partitioned.store(true, Ordering::SeqCst);
        for s in live.iter() {
            let _ = s.shutdown(Shutdown::Both);
        }
        let cut = live.len() / 2;
        live.clear();
        cut
    }

    fn heal(&self) {
        self.partitioned.store(false, Ordering::SeqCst);
    }
}

struct Server(Child, String);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(url: &str, policy: &std::path::Path) -> Server {
    let mut child = Command::new(BIN)
        .args(["--db", url, "--policy"])
        .arg(policy)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(at) = line.find(" on http://") {
                let _ = tx.send(line[at + " on http://".len()..].trim().to_string());
            }
        }
    });
    let addr = rx.recv_timeout(Duration::from_secs(60)).expect("the replica printed no address");
    Server(child, addr)
}

fn decide(addr: &str, token: &str, i: usize) -> (u16, Value) {
    let body = json!({"request_id": format!("r{i}"), "action": "payments.refund", "params": {"amount_eur": 100}});
    match support::http_bytes(addr, "POST", "/v1/decide", token, Some(&body), Duration::from_secs(30)) {
        Ok((status, payload)) => (status, serde_json::from_slice(&payload).unwrap_or(Value::Null)),
        Err(e) => (0, json!({"io_error": e.to_string()})),
    }
}

#[test]
fn a_replica_cut_off_from_postgresql_fails_closed_and_loses_or_doubles_nothing() {
    let admin = admin_url();
    let name = format!("fe_faults_{}", std::process::id());
    execute_blocking(&admin, &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
    execute_blocking(&admin, &format!("CREATE DATABASE {name}"));
    let sep = if admin.contains('?') { '&' } else { '?' };
    let direct = format!("{admin}{sep}dbname={name}");
    // host:port between '@' and the next '/'.
    let host_port = admin.split('@').nth(1).unwrap().split('/').next().unwrap().to_string();
    let proxy = Proxy::to(host_port.clone());
    let proxied = direct.replace(&host_port, &format!("127.0.0.1:{}", proxy.port));

    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, POLICY).unwrap();
    let out = Command::new(BIN)
        .args(["--db", &direct, "token", "create", "--name", "agent", "--role", "agent", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let token = serde_json::from_slice::<Value>(&out.stdout).unwrap()["token"].as_str().unwrap().to_string();
    let out = Command::new(BIN)
        .args(["--db", &direct, "token", "create", "--name", "root", "--role", "admin", "--json"])
        .output()
        .unwrap();
    let admin_token = serde_json::from_slice::<Value>(&out.stdout).unwrap()["token"].as_str().unwrap().to_string();

    let mut cut = 0;
    let a = serve(&proxied, &policy);
    let b = serve(&direct, &policy);
    let mut acked: HashMap<usize, i64> = HashMap::new();
    let mut ack = |i: usize, (status, v): (u16, Value)| {
        if status == 200 {
            acked.insert(i, v["decision_id"].as_i64().unwrap());
        }
        status
    };

    // Phase 1: both replicas decide.
    for i in 0..4 {
        assert_eq!(ack(i, decide(if i % 2 == 0 { &a.1 } else { &b.1 }, &token, i)), 200);
    }
    // Phase 2: A is cut off under load (its connections dropped, mid-transaction for those in flight; new ones
    // refused); B goes on.
    let in_flight: Vec<(usize, (u16, Value))> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|w| {
                let (addr, token) = (a.1.clone(), token.clone());
                s.spawn(move || {
                    (0..15).map(|k| 200 + w * 15 + k).map(|i| (i, decide(&addr, &token, i))).collect::<Vec<_>>()
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(15));
        cut = proxy.partition();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    let unanswered: Vec<usize> = in_flight.iter().filter(|(_, (status, _))| *status != 200).map(|(i, _)| *i).collect();
    for (i, answer) in in_flight {
        ack(i, answer);
    }
    let mut refused_while_cut = 0;
    for i in 4..10 {
        let answer = decide(&a.1, &token, i);
        assert_ne!(answer.0, 200, "replica A answered r{i} while it could not reach the database: {}", answer.1);
        refused_while_cut += 1;
        assert_eq!(ack(100 + i, decide(&b.1, &token, 100 + i)), 200, "B goes on");
    }
    // Phase 3: healed; A retries the same request ids until it answers (its pool reconnects).
    proxy.heal();
    let deadline = Instant::now() + Duration::from_secs(30);
    for i in (4..10).chain(unanswered.iter().copied()) {
        loop {
            let answer = decide(&a.1, &token, i);
            if ack(i, answer.clone()) == 200 {
                break;
            }
            assert!(Instant::now() < deadline, "A did not recover: {}", answer.1);
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    for i in 10..16 {
        assert_eq!(ack(i, decide(&a.1, &token, i)), 200);
    }

    // Every acknowledged request id, re-sent to either replica, is the same decision; one decision per request id;
    // the budget holds.
    let mut lost = 0;
    for (i, id) in acked.clone() {
        let (status, v) = decide(if i % 2 == 0 { &b.1 } else { &a.1 }, &token, i);
        assert_eq!(status, 200, "{v}");
        if v["decision_id"].as_i64() != Some(id) || v["replayed"] != true {
            lost += 1;
        }
    }
    let (status, list) =
        support::http_bytes(&b.1, "GET", "/v1/decisions?limit=1000", &admin_token, None, Duration::from_secs(30))
            .unwrap();
    assert_eq!(status, 200);
    let list: Value = serde_json::from_slice(&list).unwrap();
    let mut per_request: HashMap<String, usize> = HashMap::new();
    let mut permitted = 0;
    for d in list.as_array().unwrap() {
        *per_request.entry(d["request_id"].as_str().unwrap().to_string()).or_default() += 1;
        if d["verdict"] == "permit" {
            permitted += d["params"]["amount_eur"].as_i64().unwrap();
        }
    }
    let duplicates: usize = per_request.values().map(|n| n - 1).sum();
    println!(
        "FAULTS postgresql partition: {cut} connections cut under load ({} \
         requests in flight unanswered), {refused_while_cut} requests refused while cut \
         off, {} acknowledged decisions, {lost} lost, {duplicates} duplicates, {} EUR overspent",
        unanswered.len(),
        acked.len(),
        (permitted - 1000).max(0)
    );
    drop((a, b));
    execute_blocking(&admin, &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
    assert_eq!((lost, duplicates), (0, 0));
    assert!(permitted <= 1000, "overspent: {permitted} EUR permitted against a 1000 EUR budget");
}

/// A throwaway PostgreSQL cluster of this test's own (it is restarted, so it cannot be the shared one): `initdb` and
/// `pg_ctl` from PATH or the newest `/usr/lib/postgresql/*/bin`, run as `postgres` when the test runs as root.
struct OwnCluster {
    dir: tempfile::TempDir,
    bin: std::path::PathBuf,
    port: u16,
    as_postgres: bool,
}

impl OwnCluster {
    fn start() -> OwnCluster {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()
            .and_then(|d| {
                d.filter_map(Result::ok).map(|e| e.path().join("bin")).filter(|b| b.join("initdb").exists()).max()
            })
            .expect("initdb not found under /usr/lib/postgresql/*/bin");
        let dir = tempfile::tempdir().unwrap();
        let as_postgres = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        if as_postgres {
            assert!(Command::new("chown").arg("postgres:").arg(dir.path()).status().unwrap().success());
        }
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let cluster = OwnCluster { dir, bin, port, as_postgres };
        let data = cluster.dir.path().join("data");
        cluster.pg("initdb", &["-D", data.to_str().unwrap(), "-A", "trust", "-U", "postgres", "--no-sync"]);
        cluster.ctl("start");
        cluster
    }

    fn pg(&self, program: &str, args: &[&str]) {
        let program = self.bin.join(program);
        let out = if self.as_postgres {
            Command::new("runuser").args(["-u", "postgres", "--"]).arg(&program).args(args).output().unwrap()
        } else {
            Command::new(&program).args(args).output().unwrap()
        };
        assert!(out.status.success(), "{} {args:?}: {}", program.display(), String::from_utf8_lossy(&out.stderr));
    }

    /// `pg_ctl start` / `stop -m immediate` (no shutdown checkpoint: as a crash).
    fn ctl(&self, what: &str) {
        let data = self.dir.path().join("data");
        let log = self.dir.path().join("server.log");
        let opts = format!("-k {} -p {} -c listen_addresses=127.0.0.1", self.dir.path().display(), self.port);
        match what {
            "start" => self.pg(
                "pg_ctl",
                &["-D", data.to_str().unwrap(), "-l", log.to_str().unwrap(), "-o", &opts, "-w", "-t", "60", "start"],
            ),
            _ => self.pg("pg_ctl", &["-D", data.to_str().unwrap(), "-m", "immediate", "-w", "stop"]),
        }
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        if self.dir.path().join("data/postmaster.pid").exists() {
            self.ctl("stop");
        }
    }
}

#[test]
fn the_postgresql_server_crashing_and_restarting_under_load_loses_or_doubles_nothing() {
    let cluster = OwnCluster::start();
    let url = cluster.url();
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, POLICY).unwrap();
    let token_of = |name: &str, role: &str| {
        let out = Command::new(BIN)
            .args(["--db", &url, "token", "create", "--name", name, "--role", role, "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<Value>(&out.stdout).unwrap()["token"].as_str().unwrap().to_string()
    };
    let (token, admin_token) = (token_of("agent", "agent"), token_of("root", "admin"));
    let server = serve(&url, &policy);

    // 4 workers x 15 payments; the database crashes (immediate stop) a moment in and is restarted 1 s later.
    let answers: Vec<(usize, (u16, Value))> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|w| {
                let (addr, token) = (server.1.clone(), token.clone());
                s.spawn(move || {
                    (0..15)
                        .map(|k| w * 15 + k)
                        .map(|i| {
                            let answer = decide(&addr, &token, i);
                            std::thread::sleep(Duration::from_millis(20));
                            (i, answer)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(100));
        cluster.ctl("stop");
        std::thread::sleep(Duration::from_millis(1_000));
        cluster.ctl("start");
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    let acked: HashMap<usize, i64> = answers
        .iter()
        .filter(|(_, (status, _))| *status == 200)
        .map(|(i, (_, v))| (*i, v["decision_id"].as_i64().unwrap()))
        .collect();
    let failed = answers.iter().filter(|(_, (status, _))| *status != 200).count();
    assert!(failed > 0, "the crash did not fail any request: it missed the load");

    // Every request id again, until the replica answers: acknowledged ones are replayed as the same decision.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut lost = 0;
    for i in 0..60 {
        let answer = loop {
            let answer = decide(&server.1, &token, i);
            if answer.0 == 200 {
                break answer.1;
            }
            assert!(Instant::now() < deadline, "the replica did not recover: {}", answer.1);
            std::thread::sleep(Duration::from_millis(100));
        };
        if let Some(id) = acked.get(&i)
            && answer["decision_id"].as_i64() != Some(*id)
        {
            lost += 1;
        }
    }
    let (status, list) =
        support::http_bytes(&server.1, "GET", "/v1/decisions?limit=1000", &admin_token, None, Duration::from_secs(30))
            .unwrap();
    assert_eq!(status, 200);
    let list: Value = serde_json::from_slice(&list).unwrap();
    let mut per_request: HashMap<String, usize> = HashMap::new();
    let mut permitted = 0;
    for d in list.as_array().unwrap() {
        *per_request.entry(d["request_id"].as_str().unwrap().to_string()).or_default() += 1;
        if d["verdict"] == "permit" {
            permitted += d["params"]["amount_eur"].as_i64().unwrap();
        }
    }
    let duplicates: usize = per_request.values().map(|n| n - 1).sum();
    println!(
        "FAULTS postgresql crash+restart: 1 crash under load, {failed} requests failed during it, {} acknowledged, \
         {lost} lost, {duplicates} duplicates, {} EUR overspent",
        acked.len(),
        (permitted - 1000).max(0)
    );
    assert_eq!((lost, duplicates, per_request.len()), (0, 0, 60));
    assert!(permitted <= 1000, "overspent: {permitted} EUR permitted against a 1000 EUR budget");
}
