//! What the proxy costs: the same client calling a permitted tool directly and through the proxy, with p50 and
//! p99 latency and the difference:
//!
//! - stdio (the reference filesystem server, `read_text_file`), deciding with an embedded SQLite store;
//! - the same, deciding through a FourEyes server (`--server`: the real `foureyes-server` router with its SQLite
//!   store, on loopback HTTP in this process) — a deferral lookup, a decide and a report per call;
//! - the same filesystem server behind the HTTP listener (`--listen -- <cmd>`, the bridge), called over Streamable
//!   HTTP (JSON responses) and compared with calling it directly over stdio;
//! - Streamable HTTP (server-everything, `echo`, SSE responses).
//!
//! Through the proxy each call is decided and reported on a fresh SQLite database (two durable transactions per
//! call: `synchronous=FULL`).
//!
//! Needs the test peers (`cargo xtask test` installs them). Run:
//! `cargo run --release -p foureyes-mcp --example mcp_overhead [CALLS] [stdio,remote,bridge,http]`
#![allow(clippy::unwrap_used, clippy::expect_used)]

use axum::body::Body;
use foureyes_core::Role;
use foureyes_core::canonical::sha256_hex;
use foureyes_mcp::bridge::BridgeOptions;
use foureyes_mcp::engine::{DEFAULT_REMOTE_TIMEOUT, Remote};
use foureyes_mcp::http::{HttpOptions, app, serve};
use foureyes_mcp::{Gate, GateConfig, StdioOptions, run_stdio};
use foureyes_store::{Credentials, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

const POLICY: &str = "version: 1\nactions:\n  mcp.fs.read_text_file: { tier: 0, params: { path: { type: string } } }\n  mcp.ev.echo: { tier: 0, params: { message: { type: string } } }\n";

fn peer(relative: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-peers/mcp").join(relative);
    assert!(path.exists(), "{} is missing: run `cargo xtask test` once to install the test peers", path.display());
    path
}

fn gate(dir: &Path, server: &str) -> Arc<Gate> {
    let store = SqliteStore::open(dir.join(format!("{server}.db")), SqliteOptions::default()).unwrap();
    let policy = foureyes_core::Policy::from_yaml("bench", POLICY).unwrap();
    Arc::new(Gate::new(Arc::new(store), Arc::new(policy), GateConfig::new(server)))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn summary(name: &str, mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    let (p50, p99) = (percentile(&samples, 0.50), percentile(&samples, 0.99));
    println!("  {name:<22} p50 {:>8.3} ms   p99 {:>8.3} ms", p50.as_secs_f64() * 1e3, p99.as_secs_f64() * 1e3);
    (p50, p99)
}

fn added(direct: (Duration, Duration), proxied: (Duration, Duration)) {
    let ms = |a: Duration, b: Duration| (a.as_secs_f64() - b.as_secs_f64()) * 1e3;
    println!(
        "  added by the proxy     p50 {:>8.3} ms   p99 {:>8.3} ms",
        ms(proxied.0, direct.0),
        ms(proxied.1, direct.1)
    );
}

/// A line-level stdio client: writes requests, reads lines until the response with the id.
struct Lines<W, R> {
    write: W,
    read: tokio::io::Lines<BufReader<R>>,
    id: i64,
}

impl<W: tokio::io::AsyncWrite + Unpin, R: tokio::io::AsyncRead + Unpin> Lines<W, R> {
    async fn request(&mut self, method: &str, params: Value) -> Value {
        self.id += 1;
        let mut line =
            serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})).unwrap();
        line.push(b'\n');
        self.write.write_all(&line).await.unwrap();
        self.write.flush().await.unwrap();
        loop {
            let text = self.read.next_line().await.unwrap().expect("the server closed");
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["id"] == json!(self.id) {
                return value;
            }
        }
    }

    async fn run(&mut self, calls: usize, path: &str) -> Vec<Duration> {
        let init = json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}});
        self.request("initialize", init).await;
        self.write.write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n").await.unwrap();
        let args = json!({"name": "read_text_file", "arguments": {"path": path}});
        for _ in 0..20 {
            self.request("tools/call", args.clone()).await;
        }
        let mut samples = Vec::with_capacity(calls);
        for _ in 0..calls {
            let start = Instant::now();
            let response = self.request("tools/call", args.clone()).await;
            samples.push(start.elapsed());
            assert!(response["result"]["isError"] != json!(true), "{response}");
        }
        samples
    }
}

/// The filesystem server and a file to read: (server command, root, file path).
fn fs_fixture(dir: &Path) -> (String, String, String) {
    let file = dir.join("bench.txt");
    std::fs::write(&file, "a line of text\n".repeat(20)).unwrap();
    let server = peer("npm/node_modules/.bin/mcp-server-filesystem").display().to_string();
    (server, dir.display().to_string(), file.display().to_string())
}

/// The filesystem server called directly over stdio.
async fn stdio_direct(server: &str, root: &str, path: &str, calls: usize) -> (Duration, Duration) {
    let mut child = tokio::process::Command::new(server)
        .arg(root)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut direct =
        Lines { write: child.stdin.take().unwrap(), read: BufReader::new(child.stdout.take().unwrap()).lines(), id: 0 };
    summary("direct", direct.run(calls, path).await)
}

/// The same server behind the stdio proxy deciding with `gate`.
async fn stdio_proxied(gate: Arc<Gate>, server: &str, root: &str, path: &str, calls: usize) -> (Duration, Duration) {
    let (test_side, proxy_side) = tokio::io::duplex(1 << 20);
    let (proxy_read, proxy_write) = tokio::io::split(proxy_side);
    let (test_read, test_write) = tokio::io::split(test_side);
    let command = vec![server.to_string(), root.to_string()];
    tokio::spawn(async move { run_stdio(gate, &command, proxy_read, proxy_write, StdioOptions::default()).await });
    let mut proxied = Lines { write: test_write, read: BufReader::new(test_read).lines(), id: 0 };
    summary("through the proxy", proxied.run(calls, path).await)
}

async fn stdio(calls: usize) {
    let dir = tempfile::tempdir().unwrap();
    let (server, root, path) = fs_fixture(dir.path());
    println!("stdio: filesystem server, read_text_file, {calls} sequential calls, embedded engine");
    let direct = stdio_direct(&server, &root, &path, calls).await;
    let proxied = stdio_proxied(gate(dir.path(), "fs"), &server, &root, &path, calls).await;
    added(direct, proxied);
}

/// The proxy deciding through a FourEyes server: the server's real router and SQLite store, on loopback.
async fn stdio_remote(calls: usize) {
    let dir = tempfile::tempdir().unwrap();
    let (server, root, path) = fs_fixture(dir.path());
    let store = Arc::new(SqliteStore::open(dir.path().join("server.db"), SqliteOptions::default()).unwrap());
    let policy = foureyes_core::Policy::from_yaml("bench", POLICY).unwrap();
    let now = || {
        i64::try_from(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis()).unwrap()
    };
    store.record_policy(&policy, now()).await.unwrap();
    let token = "bench-agent-token";
    store.create_token("bot", Role::Agent, &sha256_hex(token.as_bytes()), None, now()).await.unwrap();
    let state = foureyes_server::AppState::new(store, policy, None, Arc::new(now));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let router = foureyes_server::app(state);
    tokio::spawn(async move { axum::serve(listener, router).await });
    println!("stdio: filesystem server, read_text_file, {calls} sequential calls, remote engine (--server {url})");
    let direct = stdio_direct(&server, &root, &path, calls).await;
    let engine = Remote::new(&url, token, DEFAULT_REMOTE_TIMEOUT).unwrap();
    let placeholder = Arc::new(foureyes_core::Policy::from_yaml("remote", "version: 1\nactions: {}\n").unwrap());
    let gate = Arc::new(Gate::with_engine(Arc::new(engine), placeholder, GateConfig::new("fs")));
    let proxied = stdio_proxied(gate, &server, &root, &path, calls).await;
    added(direct, proxied);
}

/// The filesystem server behind the HTTP listener (one child per MCP session, behind the stdio router), called
/// over Streamable HTTP; the baseline is the same server called directly over stdio.
async fn bridge(calls: usize) {
    let dir = tempfile::tempdir().unwrap();
    let (server, root, path) = fs_fixture(dir.path());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let options = BridgeOptions::new(vec![server.clone(), root.clone()]);
    tokio::spawn(serve(listener, foureyes_mcp::bridge::app(gate(dir.path(), "fs"), options)));
    println!("stdio server behind HTTP (bridge): filesystem server, read_text_file, {calls} sequential calls (JSON)");
    let direct = stdio_direct(&server, &root, &path, calls).await;
    let call = json!({"name": "read_text_file", "arguments": {"path": path}});
    let proxied =
        summary("through the bridge", http_run(&url, calls, call, "application/json", "a line of text").await);
    added(direct, proxied);
}

async fn http(calls: usize) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let _server = tokio::process::Command::new(peer("npm/node_modules/.bin/mcp-server-everything"))
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let upstream = format!("http://127.0.0.1:{port}/mcp");
    let dir = tempfile::tempdir().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let proxy = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(serve(listener, app(gate(dir.path(), "ev"), HttpOptions::new(&upstream)).unwrap()));
    println!("Streamable HTTP: server-everything, echo, {calls} sequential calls (SSE responses)");
    let call = json!({"name": "echo", "arguments": {"message": "hi"}});
    let sse = "application/json, text/event-stream";
    let direct = summary("direct", http_run(&upstream, calls, call.clone(), sse, "Echo: hi").await);
    let proxied = summary("through the proxy", http_run(&proxy, calls, call, sse, "Echo: hi").await);
    added(direct, proxied);
}

/// `calls` sequential `tools/call`s (`call` is the params) in one session, after 20 warm-up calls; each answer must
/// contain `expect`. `accept` chooses SSE or JSON responses.
async fn http_run(url: &str, calls: usize, call: Value, accept: &str, expect: &str) -> Vec<Duration> {
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let post = |session: Option<String>, body: Value| {
        let mut request = axum::http::Request::post(url)
            .header("content-type", "application/json")
            .header("accept", accept)
            .header("mcp-protocol-version", "2025-11-25");
        if let Some(s) = session {
            request = request.header("mcp-session-id", s);
        }
        let request = request.body(Body::from(body.to_string())).unwrap();
        let client = client.clone();
        async move {
            let response = client.request(request).await.unwrap();
            let session = response.headers().get("mcp-session-id").map(|v| v.to_str().unwrap().to_string());
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            (session, String::from_utf8_lossy(&bytes).into_owned())
        }
    };
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}});
    let (session, _) = post(None, init).await;
    post(session.clone(), json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    let mut samples = Vec::with_capacity(calls);
    for i in 0..calls + 20 {
        let call = json!({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call", "params": call});
        let start = Instant::now();
        let (_, body) = post(session.clone(), call).await;
        if i >= 20 {
            samples.push(start.elapsed());
        }
        assert!(body.contains(expect) && !body.contains("NOT EXECUTED"), "{body}");
    }
    samples
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let calls = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(300);
    // `mcp_overhead [CALLS] [stdio,remote,bridge,http]`: all four by default.
    let which = std::env::args().nth(2).unwrap_or_else(|| "stdio,remote,bridge,http".into());
    for part in which.split(',') {
        match part {
            "stdio" => stdio(calls).await,
            "remote" => stdio_remote(calls).await,
            "bridge" => bridge(calls).await,
            "http" => http(calls).await,
            other => panic!("unknown part `{other}`: expected stdio, remote, bridge or http"),
        }
    }
}
