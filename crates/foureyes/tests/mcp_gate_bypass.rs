//! "No way around the gate" (issue 12) through the remote engine: `foureyes mcp-proxy --server URL --token T
//! --executor-token E` in front of a real MCP server written with the official Python SDK (`mcp`), which records
//! every tool call it actually runs. The server's policy allows one payment an hour.
//!
//! - colliding ids (F51): a request reusing the id of a payment still running got its error pinned on the payment,
//!   which the executor then reported `failed`, releasing its reservation: payment after payment ran, each decision
//!   reading `failed`, and the executor guarantee (only what really happened is reported) was defeated;
//! - frame smuggling (F50): a payment hidden in a `ping` between raw CRs ran with no decision at all.
//!
//! The suites of the other transports are in `crates/foureyes-mcp/tests/gate_bypass.rs`.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use support::{BIN, Env, KillOnDrop, peer};

const POLICY: &str = r#"
version: 1
actions:
  mcp.pay.pay:
    tier: 2
    params:
      amount: { type: number, min: 1, max: 100 }
      to: { type: string, max_len: 64 }
      delay_ms: { type: number, required: false, max: 10000 }
    limits: [ { count: 1, per: 1h } ]
    budgets: [ { param: amount, max: 100, per: 24h } ]
  mcp.pay.echo: { tier: 0, params: { text: { type: string } } }
"#;

fn recorder_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../foureyes-mcp/tests/peers/py_recorder.py")
}

/// The proxy with this test as its MCP client (newline-delimited JSON-RPC on its stdio).
struct Proxy {
    _child: KillOnDrop,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Proxy {
    fn start(env: &Env, server: &str, token: &str, executor: &str, record: &Path) -> Proxy {
        let mut command = Command::new(BIN);
        command
            .args(["mcp-proxy", "--name", "pay", "--server", &format!("http://{server}"), "--token", token])
            .args(["--executor-token", executor, "--"])
            .arg("env")
            .arg(format!("RECORD={}", record.display()))
            .arg(peer("venv/bin/python"))
            .arg(recorder_script())
            .env_remove("FOUREYES_DB")
            .env_remove("FOUREYES_POLICY")
            .env_remove("FOUREYES_TOKEN")
            .env_remove("FOUREYES_EXECUTOR_TOKEN")
            .current_dir(env.dir.path());
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut proxy = Proxy { _child: KillOnDrop(child), stdin, lines };
        proxy.send_raw(
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
                "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
            .to_string()
            .as_bytes(),
        );
        assert!(proxy.answers_to(1, Duration::from_secs(60))[0].get("result").is_some());
        proxy.send_raw(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string().as_bytes());
        proxy
    }

    fn send_raw(&mut self, line: &[u8]) {
        self.stdin.write_all(line).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The messages answering `id` that arrive until the first one (at most `first`), then for 1.5 s more.
    fn answers_to(&mut self, id: i64, first: Duration) -> Vec<Value> {
        let mut out = Vec::new();
        let mut deadline = Instant::now() + first;
        loop {
            let Ok(line) = self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) else {
                return out;
            };
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(id) && message.get("method").is_none() {
                if out.is_empty() {
                    deadline = Instant::now() + Duration::from_millis(1500);
                }
                out.push(message);
            }
        }
    }
}

fn http(addr: &str, method: &str, path: &str, token: &str) -> Value {
    let (_, body) = support::http_bytes(addr, method, path, token, None, Duration::from_secs(30)).unwrap();
    serde_json::from_slice(&body).unwrap_or(Value::Null)
}

fn paid(record: &Path) -> usize {
    std::fs::read_to_string(record).unwrap_or_default().lines().filter(|l| l.contains("\"tool\": \"pay\"")).count()
}

#[test]
fn through_a_remote_server_a_colliding_id_cannot_release_a_running_payments_reservation() {
    let env = Env::new(POLICY);
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    let created =
        env.cli_json(&["token", "create", "--name", "runner", "--role", "executor", "--for", "bot", "--json"]);
    let runner = created["token"].as_str().unwrap().to_string();
    let (_server, addr) = env.serve();
    let record = env.dir.path().join("executed.jsonl");
    let mut proxy = Proxy::start(&env, &addr, &agent, &runner, &record);

    // A payment that runs for a while, then a bogus request with its id while it runs.
    let pay = |id: i64, delay_ms: u64| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "pay", "arguments": {"amount": 100, "to": "bob", "delay_ms": delay_ms}}})
    };
    proxy.send_raw(pay(7, 1000).to_string().as_bytes());
    std::thread::sleep(Duration::from_millis(300));
    proxy.send_raw(br#"{"jsonrpc":"2.0","id":7,"method":"bogus/method"}"#);
    let answers = proxy.answers_to(7, Duration::from_secs(30));
    let results: Vec<&Value> = answers.iter().filter(|a| a.get("result").is_some()).collect();
    assert_eq!(results.len(), 1, "{answers:#?}");
    // Smuggling: a payment hidden in a ping between raw CRs.
    let hidden = json!({"jsonrpc": "2.0", "id": 99, "method": "tools/call",
        "params": {"name": "pay", "arguments": {"amount": 100, "to": "mallory"}}});
    proxy.send_raw(
        format!("{{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"params\":{{\"a\":\r{hidden}\r}}}}").as_bytes(),
    );
    let _ = proxy.answers_to(8, Duration::from_secs(10));
    // The reservation holds: the next payment is denied by the limit.
    proxy.send_raw(pay(9, 0).to_string().as_bytes());
    let next = proxy.answers_to(9, Duration::from_secs(30));
    assert_eq!(next[0]["result"]["isError"], json!(true), "a second payment was permitted: {next:#?}");
    std::thread::sleep(Duration::from_millis(300));

    assert_eq!(paid(&record), 1, "payments that ran: {}", std::fs::read_to_string(&record).unwrap_or_default());
    let list = http(&addr, "GET", "/v1/decisions?status=all&limit=100", &alice);
    let permits: Vec<&Value> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["action"] == json!("mcp.pay.pay") && d["verdict"] == json!("permit"))
        .collect();
    assert_eq!(permits.len(), 1, "{list:#}");
    assert_eq!(permits[0]["status"], json!("executed"), "{list:#}");
    drop(proxy);
}
