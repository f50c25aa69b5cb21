//! A bounded soak of `foureyes serve` (issue 19): mixed load — decisions, reports, approvals and their release,
//! undos, policy reloads — against one server process, whose peak RSS and open file descriptors are read from
//! `/proc` at the end. CI runs it for `FOUREYES_SOAK_SECS` (default 5) seconds; the longer run is documented in the
//! README. Memory and file handles must stay bounded: the fds at the end no more than at the start plus a margin.
#![allow(clippy::unwrap_used)]

mod support;

use serde_json::{Value, json};
use std::time::{Duration, Instant};
use support::Env;

const POLICY: &str = "\
version: 1
timezone: UTC
actions:
  calendar.create:
    tier: 1
    params:
      title: { type: string, max_len: 100 }
    compensate: { action: calendar.delete, window: 15m }
    limits: [ { count: 1000000, per: 1h } ]
  calendar.delete:
    tier: 2
    params:
      title: { type: string, max_len: 100 }
    limits: [ { count: 1000000, per: 1h } ]
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    approvals: { required: 1, ttl: 1h }
";

fn call(addr: &str, method: &str, path: &str, token: &str, body: Option<&Value>) -> (u16, Value) {
    let (status, payload) = support::http_bytes(addr, method, path, token, body, Duration::from_secs(30)).unwrap();
    (status, serde_json::from_slice(&payload).unwrap_or(Value::Null))
}

fn proc_status(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(key)).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn open_fds(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).unwrap().count()
}

#[test]
fn a_soak_of_mixed_load_keeps_memory_and_file_handles_bounded() {
    let secs: u64 = std::env::var("FOUREYES_SOAK_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
    let env = Env::new(POLICY);
    let agent = env.token("agent", "agent");
    let approver = env.token("alice", "approver");
    let admin = env.token("root", "admin");
    let (server, addr) = env.serve();
    let pid = server.id();
    let fds_at_start = open_fds(pid);
    let started = Instant::now();
    let (mut requests, mut n) = (0u64, 0u64);
    while started.elapsed() < Duration::from_secs(secs) {
        n += 1;
        // A tier-1 action, executed, then undone.
        let (s, created) = call(
            &addr,
            "POST",
            "/v1/decide",
            &agent,
            Some(&json!({"request_id": format!("c{n}"), "action": "calendar.create", "params": {"title": "t"}})),
        );
        assert_eq!((s, &created["verdict"]), (200, &json!("permit")), "{created}");
        let id = created["decision_id"].as_i64().unwrap();
        let (s, v) =
            call(&addr, "POST", &format!("/v1/decisions/{id}/report"), &agent, Some(&json!({"outcome": "executed"})));
        assert_eq!(s, 200, "{v}");
        let (s, v) = call(
            &addr,
            "POST",
            "/v1/decide",
            &agent,
            Some(
                &json!({"request_id": format!("u{n}"), "action": "calendar.delete", "params": {"title": "t"}, "undo_of": id}),
            ),
        );
        assert_eq!((s, &v["verdict"]), (200, &json!("permit")), "{v}");
        // A tier-3 payment: deferred, approved by a person, released by re-sending the request id.
        let pay = json!({"request_id": format!("p{n}"), "action": "payments.send", "params": {"amount_eur": 5}});
        let (s, deferred) = call(&addr, "POST", "/v1/decide", &agent, Some(&pay));
        assert_eq!((s, &deferred["verdict"]), (200, &json!("defer")), "{deferred}");
        let approval = deferred["approval_id"].as_i64().unwrap();
        let (s, v) = call(
            &addr,
            "POST",
            &format!("/v1/approvals/{approval}/approve"),
            &approver,
            Some(&json!({"digest": deferred["digest"]})),
        );
        assert_eq!(s, 200, "{v}");
        let (s, released) = call(&addr, "POST", "/v1/decide", &agent, Some(&pay));
        assert_eq!((s, &released["verdict"]), (200, &json!("permit")), "{released}");
        requests += 7;
        if n % 50 == 0 {
            let (s, v) = call(&addr, "POST", "/v1/policy/reload", &admin, None);
            assert_eq!(s, 200, "{v}");
            requests += 1;
        }
    }
    let elapsed = started.elapsed();
    let (peak_rss_kb, fds) = (proc_status(pid, "VmHWM:"), open_fds(pid));
    println!(
        "SOAK: {requests} requests in {:.1} s ({n} rounds of create/report/undo/defer/approve/release, a policy reload \
         every 50), peak RSS {} MiB, open fds {fds_at_start} at start and {fds} at the end",
        elapsed.as_secs_f64(),
        peak_rss_kb / 1024
    );
    assert!(fds <= fds_at_start + 16, "file handles grew from {fds_at_start} to {fds}");
    assert!(peak_rss_kb < 512 * 1024, "peak RSS {peak_rss_kb} KiB");
}
