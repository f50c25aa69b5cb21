//! Test support: the real MCP peers installed by `cargo xtask test`, a temporary folder with a store (and a root for
//! the filesystem server), gate configurations that hold calls, an in-process proxy with a line-level test client on
//! the other end, the Python SDK host, and a store that is always down.
// The test binaries that include this module (this crate's, and the rmcp recorder's through `#[path]`) each use only
// part of it: the rest would be `dead_code` there.
#![allow(clippy::unwrap_used, dead_code)]

pub mod cancel;
pub mod corpus;
pub mod spray;

use async_trait::async_trait;
use foureyes_core::journal::{Event, VerifyReport};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, DecisionId, DecisionRecord, Outcome, Policy,
};
use foureyes_mcp::{Gate, GateConfig, StdioOptions, run_stdio};
use foureyes_store::{AuditReport, DecisionFilter, Store, StoreError, VoteOutcome};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines, ReadHalf, WriteHalf};
use tokio::process::{Child, ChildStdout};
use tokio::task::JoinHandle;

/// Where `cargo xtask test` installs the MCP peers.
pub fn peers_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-peers/mcp")
}

/// A peer program; a missing one fails the test (it is never skipped).
pub fn peer(relative: &str) -> PathBuf {
    let path = peers_dir().join(relative);
    assert!(
        path.exists(),
        "the real MCP peer `{}` is not installed: run `cargo xtask test` once (it installs the test peers into \
         target/test-peers/)",
        path.display()
    );
    path
}

/// The official Python SDK's low-level `Server` listing the definitions in `tools` (a JSON file) and recording each run
/// into `record` (`tests/peers/py_listing.py`), as a command line: stdio, or Streamable HTTP on `http`'s port.
pub fn py_listing_command(record: &Path, tools: &Path, http: Option<u16>) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/py_listing.py");
    let mut command = vec![
        "env".to_string(),
        format!("RECORD={}", record.display()),
        format!("TOOLS={}", tools.display()),
        peer("venv/bin/python").display().to_string(),
        script.display().to_string(),
    ];
    if let Some(port) = http {
        command.extend(["--http".to_string(), port.to_string()]);
    }
    command
}

/// The reference filesystem MCP server (npm `@modelcontextprotocol/server-filesystem`, stdio): the disk says what
/// was forwarded.
pub fn filesystem_server() -> PathBuf {
    peer("npm/node_modules/.bin/mcp-server-filesystem")
}

/// The MCP host script (official Python SDK) that runs a list of steps against a server and prints one JSON line
/// per result.
pub fn python_client_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../foureyes-mcp/tests/python_client.py")
}

/// The Python SDK host over Streamable HTTP against `url`, running `steps`; killed on drop.
pub struct PythonHost {
    pub child: Child,
    pub lines: Lines<BufReader<ChildStdout>>,
}

impl PythonHost {
    pub fn start(url: &str, steps: Value) -> PythonHost {
        PythonHost::start_spec(json!({"url": url, "steps": steps}))
    }

    /// The host with a whole spec (see `python_client.py`: `url` or `command`, `steps`, `elicit`).
    pub fn start_spec(spec: Value) -> PythonHost {
        let mut child = tokio::process::Command::new(peer("venv/bin/python"))
            .arg(python_client_script())
            .arg(spec.to_string())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        PythonHost { child, lines }
    }

    /// The host's next output line, as JSON; fails after 60 s of silence or if the host ended.
    pub async fn next(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(60), self.lines.next_line())
            .await
            .expect("the Python host said nothing for 60 s")
            .unwrap()
            .expect("the Python host ended early");
        serde_json::from_str(&line).unwrap()
    }
}

pub const FS_POLICY: &str = r#"
version: 1
actions:
  mcp.fs.read_text_file:
    tier: 0
    params:
      path: { type: string, max_len: 4096 }
      head: { type: number, required: false }
      tail: { type: number, required: false }
  mcp.fs.read_file:
    tier: 0
    params:
      path: { type: string, max_len: 4096 }
      head: { type: number, required: false }
      tail: { type: number, required: false }
  mcp.fs.list_allowed_directories: { tier: 0 }
  mcp.fs.write_file:
    tier: 3
    params:
      path: { type: string, max_len: 4096 }
      content: { type: string, max_len: 64 }
  mcp.fs.create_directory:
    tier: 2
    params: { path: { type: string } }
    limits: [ { count: 2, per: 1h } ]
"#;

pub fn policy(yaml: &str) -> Arc<Policy> {
    Arc::new(Policy::from_yaml("test-policy.yaml", yaml).unwrap())
}

pub fn now_ms() -> i64 {
    foureyes_mcp::gate::now_ms()
}

/// A proxy running in this process, and the client end of its stdio.
pub struct Proxy {
    pub to_proxy: WriteHalf<tokio::io::DuplexStream>,
    pub from_proxy: BufReader<ReadHalf<tokio::io::DuplexStream>>,
    pub task: JoinHandle<Result<Option<i32>, foureyes_mcp::stdio::StdioError>>,
    pub store: Arc<dyn Store>,
    pub next_id: i64,
}

pub fn start(gate: Gate, command: Vec<String>, options: StdioOptions) -> Proxy {
    let store = gate.store().expect("an embedded gate").clone();
    start_over(store, gate, command, options)
}

/// [`start`] for a gate whose engine is not a store in this process (`--server`): `store` is the server's.
pub fn start_over(store: Arc<dyn Store>, gate: Gate, command: Vec<String>, options: StdioOptions) -> Proxy {
    let (test_side, proxy_side) = tokio::io::duplex(1 << 20);
    let (proxy_read, proxy_write) = tokio::io::split(proxy_side);
    let (test_read, test_write) = tokio::io::split(test_side);
    let gate = Arc::new(gate);
    let task = tokio::spawn(async move { run_stdio(gate, &command, proxy_read, proxy_write, options).await });
    Proxy { to_proxy: test_write, from_proxy: BufReader::new(test_read), task, store, next_id: 100 }
}

/// A SQLite store at `dir/fe.db`.
pub fn sqlite(dir: &Path) -> Arc<SqliteStore> {
    Arc::new(SqliteStore::open(dir.join("fe.db"), SqliteOptions::default()).unwrap())
}

/// A temporary folder and `root/` inside it: an empty folder for the filesystem server to serve (its only allowed
/// directory). The folder is deleted when the `TempDir` is dropped, so a test keeps it alive to the end.
pub fn fs_root() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    std::fs::create_dir(&root).unwrap();
    (dir, root)
}

/// The usual set-up of a filesystem test: [`fs_root`] and a SQLite store (`fe.db`) in the same folder.
pub struct Sandbox {
    pub dir: tempfile::TempDir,
    pub root: PathBuf,
    pub store: Arc<SqliteStore>,
}

pub fn sandbox() -> Sandbox {
    let (dir, root) = fs_root();
    let store = sqlite(dir.path());
    Sandbox { dir, root, store }
}

/// `GateConfig::new(name)` with `--wait`: a deferred call is held open for up to `wait` while the store is polled
/// every `poll_interval` for a person's answer.
pub fn holding(name: &str, wait: Duration, poll_interval: Duration) -> GateConfig {
    let mut config = GateConfig::new(name);
    config.wait = Some(wait);
    config.poll_interval = poll_interval;
    config
}

/// [`holding`] for 30 s (polling every 20 ms) with a progress notification every 100 ms, so a test sees several
/// while the call is held.
pub fn holding_with_progress(name: &str) -> GateConfig {
    let mut config = holding(name, Duration::from_secs(30), Duration::from_millis(20));
    config.progress_interval = Duration::from_millis(100);
    config
}

/// A proxy for the real filesystem server over `root`.
pub fn fs_proxy(store: Arc<dyn Store>, policy: Arc<Policy>, config: GateConfig, root: &Path) -> Proxy {
    let command = vec![filesystem_server().display().to_string(), root.display().to_string()];
    start(Gate::new(store, policy, config), command, StdioOptions::default())
}

/// [`fs_proxy`] under [`FS_POLICY`], past the MCP `initialize` handshake (its answer is not checked here).
pub async fn fs_proxy_ready(store: Arc<dyn Store>, config: GateConfig, root: &Path) -> Proxy {
    let mut proxy = fs_proxy(store, policy(FS_POLICY), config, root);
    proxy.initialize().await;
    proxy
}

impl Proxy {
    pub async fn send_raw(&mut self, bytes: &[u8]) {
        self.to_proxy.write_all(bytes).await.unwrap();
        self.to_proxy.flush().await.unwrap();
    }

    pub async fn send(&mut self, message: &Value) {
        let mut line = serde_json::to_vec(message).unwrap();
        line.push(b'\n');
        self.send_raw(&line).await;
    }

    /// The next line from the proxy, as JSON.
    pub async fn recv(&mut self) -> Value {
        let mut line = String::new();
        let n = tokio::time::timeout(Duration::from_secs(30), self.from_proxy.read_line(&mut line))
            .await
            .expect("no message from the proxy within 30 s")
            .unwrap();
        assert!(n > 0, "the proxy closed its output");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("the proxy wrote invalid JSON ({e}): {line}"))
    }

    /// Sends a request and returns its response, skipping notifications.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})).await;
        loop {
            let message = self.recv().await;
            if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
                return message;
            }
        }
    }

    pub async fn initialize(&mut self) -> Value {
        let response = self
            .request(
                "initialize",
                json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "foureyes-test", "version": "1"}}),
            )
            .await;
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
        response
    }

    pub async fn call(&mut self, tool: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({"name": tool, "arguments": arguments})).await
    }

    /// Closes the client's side and waits for the proxy to finish.
    pub async fn close(mut self) -> Option<i32> {
        self.to_proxy.shutdown().await.unwrap();
        tokio::time::timeout(Duration::from_secs(30), self.task)
            .await
            .expect("the proxy did not stop")
            .unwrap()
            .unwrap()
    }
}

/// The text of a tool result.
pub fn text(response: &Value) -> String {
    response["result"]["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

pub fn is_error(response: &Value) -> bool {
    response["result"]["isError"] == json!(true)
}

pub fn decision_meta(response: &Value) -> Value {
    response["result"]["_meta"]["dev.foureyes/decision"].clone()
}

/// The store's journal and tables agree, and the chain verifies.
pub async fn assert_consistent(store: &dyn Store) {
    let audit = store.audit().await.unwrap();
    assert!(audit.mismatches.is_empty(), "the journal and the tables disagree: {:#?}", audit.mismatches);
    let verify = store.verify_journal().await.unwrap();
    assert!(verify.is_ok(), "the journal does not verify: {verify}");
}

/// A store that is always down: every call fails as a backend error would.
pub struct DownStore;

fn down<T>() -> Result<T, StoreError> {
    Err(StoreError::Backend("database is locked (simulated outage)".into()))
}

#[async_trait]
impl Store for DownStore {
    async fn decide(&self, _: Arc<Policy>, _: ActionRequest, _: i64) -> Result<DecisionRecord, StoreError> {
        down()
    }
    async fn report(&self, _: DecisionId, _: Outcome, _: Value, _: i64) -> Result<DecisionRecord, StoreError> {
        down()
    }
    async fn approve(&self, _: ApprovalId, _: &str, _: Option<&str>, _: i64) -> Result<VoteOutcome, StoreError> {
        down()
    }
    async fn reject(
        &self,
        _: ApprovalId,
        _: &str,
        _: Option<&str>,
        _: Option<&str>,
        _: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        down()
    }
    async fn expire_approvals(&self, _: i64) -> Result<Vec<ApprovalId>, StoreError> {
        down()
    }
    async fn set_kill_switch(&self, _: bool, _: &str, _: i64) -> Result<bool, StoreError> {
        down()
    }
    async fn kill_switch(&self) -> Result<bool, StoreError> {
        down()
    }
    async fn record_policy(&self, _: &Policy, _: i64) -> Result<bool, StoreError> {
        down()
    }
    async fn refuse(&self, _: &str, _: &str, _: &str, _: Value, _: i64) -> Result<u64, StoreError> {
        down()
    }
    async fn decision(&self, _: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        down()
    }
    async fn decisions(&self, _: DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
        down()
    }
    async fn approval(&self, _: ApprovalId, _: i64) -> Result<Option<ApprovalRecord>, StoreError> {
        down()
    }
    async fn approvals(&self, _: Option<ApprovalStatus>, _: i64) -> Result<Vec<ApprovalRecord>, StoreError> {
        down()
    }
    async fn journal(&self, _: u64, _: u32) -> Result<Vec<Event>, StoreError> {
        down()
    }
    async fn verify_journal(&self) -> Result<VerifyReport, StoreError> {
        down()
    }
    async fn audit(&self) -> Result<AuditReport, StoreError> {
        down()
    }
    async fn demotions(&self, _: bool, _: i64) -> Result<Vec<foureyes_core::DemotionRecord>, StoreError> {
        down()
    }
    async fn restore_session(
        &self,
        _: &str,
        _: Option<&str>,
        _: &str,
        _: &str,
        _: i64,
    ) -> Result<foureyes_core::DemotionRecord, StoreError> {
        down()
    }
}

/// The recorder servers (`tests/peers/`): real MCP servers written with the Python SDK and the TypeScript SDK that
/// append one JSON line per tool call they actually run to `record`, and the rmcp one (the binary of
/// `crates/foureyes-rmcp-recorder`). Tools: `pay(amount, to, delay_ms)`, `echo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sdk {
    Python,
    TypeScript,
    Rust,
}

/// The command that starts a recorder over stdio (or Streamable HTTP on `port`), recording into `record`.
pub fn recorder_command(sdk: Sdk, record: &Path, port: Option<u16>) -> Vec<String> {
    // Relative to the workspace's crates, so the suites of crates/foureyes-rmcp-recorder find them too.
    let peers = Path::new(env!("CARGO_MANIFEST_DIR")).join("../foureyes-mcp/tests/peers");
    let mut command = vec![
        "env".to_string(),
        format!("RECORD={}", record.display()),
        format!("MCP_NPM={}", peers_dir().join("npm").display()),
    ];
    match sdk {
        Sdk::Python => {
            command.push(peer("venv/bin/python").display().to_string());
            command.push(peers.join("py_recorder.py").display().to_string());
        }
        Sdk::TypeScript => {
            assert!(peer("npm/node_modules/@modelcontextprotocol/sdk/package.json").exists());
            command.push("node".into());
            command.push(peers.join("ts_recorder.cjs").display().to_string());
        }
        Sdk::Rust => {
            // Cargo builds the binary before the tests of its own crate, and names it only there.
            let Some(binary) = option_env!("CARGO_BIN_EXE_rmcp-recorder") else {
                panic!("the rmcp recorder runs from the suites of crates/foureyes-rmcp-recorder, which build it")
            };
            command.push(binary.to_string());
        }
    }
    if let Some(port) = port {
        command.push("--http".into());
        command.push(port.to_string());
    }
    command
}

/// What a recorder ran, one JSON object per execution (`{"sdk", "tool", "arguments"}`).
pub fn recorded(record: &Path) -> Vec<Value> {
    std::fs::read_to_string(record).unwrap_or_default().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The policy of the recorder tests (server name `pay`): `pay` is autonomous but bounded (at most 100 per call,
/// once an hour, 100 a day), `echo` is a read.
pub const PAY_POLICY: &str = r#"
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
  mcp.pay.echo: { tier: 0, params: { text: { type: string, max_len: 4096 } } }
"#;

/// A recorder behind the in-process stdio proxy under [`PAY_POLICY`], past `initialize`.
pub async fn recorder_proxy(sdk: Sdk, dir: &Path, config: GateConfig) -> (Proxy, PathBuf) {
    let record = dir.join("executed.jsonl");
    let gate = Gate::new(sqlite(dir), policy(PAY_POLICY), config);
    let mut proxy = start(gate, recorder_command(sdk, &record, None), StdioOptions::default());
    let init = proxy.initialize().await;
    assert!(init.get("result").is_some(), "{init}");
    // As a client does before it calls: a call before any listing waits for the proxy's own (ADR-402), which would
    // shift the timing the cancellation tests rely on.
    let list = proxy.request("tools/list", serde_json::json!({})).await;
    assert!(list.get("result").is_some(), "{list}");
    (proxy, record)
}

/// A recorder over Streamable HTTP behind the HTTP proxy (`--listen/--upstream`) under `policy_yaml`, past
/// `initialize`: the upstream process (killed on drop), the store, the record, the proxy's URL and the session.
pub struct HttpRecorder {
    pub upstream: tokio::process::Child,
    pub store: Arc<SqliteStore>,
    pub record: PathBuf,
    pub url: String,
    pub session: String,
}

pub async fn http_recorder_proxy(sdk: Sdk, dir: &Path, policy_yaml: &str, config: GateConfig) -> HttpRecorder {
    let record = dir.join("executed.jsonl");
    let port = free_port();
    let command = recorder_command(sdk, &record, Some(port));
    let upstream = tokio::process::Command::new(&command[0]).args(&command[1..]).kill_on_drop(true).spawn().unwrap();
    listening(port).await;
    let store = sqlite(dir);
    let gate = Arc::new(Gate::new(store.clone(), policy(policy_yaml), config));
    let url = serve_http_proxy(gate, port).await;
    let session = initialized_session(&url).await;
    HttpRecorder { upstream, store, record, url, session }
}

impl HttpRecorder {
    /// POSTs `body` in the session; the status and the JSON-RPC messages of the answer (JSON or SSE).
    pub async fn post(&self, body: &[u8]) -> (u16, Vec<Value>) {
        let headers = [("Mcp-Session-Id", self.session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
        let (status, _, text) = http_post(&self.url, &headers, body).await;
        (status, messages_of(&text))
    }
}

/// Serves `router` (the gating HTTP proxy or the bridge) on a free loopback port; the URL of its MCP endpoint.
pub async fn serve_on_loopback(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(foureyes_mcp::http::serve(listener, router));
    url
}

/// The gating HTTP proxy of `gate` in front of the Streamable HTTP upstream listening on `port`, served on a free
/// loopback port; the URL of its MCP endpoint.
pub async fn serve_http_proxy(gate: Arc<Gate>, port: u16) -> String {
    let options = foureyes_mcp::http::HttpOptions::new(&format!("http://127.0.0.1:{port}/mcp"));
    serve_on_loopback(foureyes_mcp::http::app(gate, options).unwrap()).await
}

/// The `Mcp-Session-Id` an answer's head carries.
pub fn session_id(head: &str) -> String {
    head.lines()
        .find_map(|l| l.to_lowercase().strip_prefix("mcp-session-id:").map(|_| l.split_once(':').unwrap().1.trim()))
        .unwrap()
        .to_string()
}

/// A session at `url` as a client without capabilities opens one (2025-06-18): `initialize`, then
/// `notifications/initialized`; its id.
pub async fn initialized_session(url: &str) -> String {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
        "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    let (status, head, body) = http_post(url, &[], init.to_string().as_bytes()).await;
    assert_eq!(status, 200, "{head}\n{body}");
    let session = session_id(&head);
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let headers = [("Mcp-Session-Id", session.as_str()), ("MCP-Protocol-Version", "2025-06-18")];
    http_post(url, &headers, initialized.to_string().as_bytes()).await;
    session
}

/// A free loopback port.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Waits until something accepts connections on `port`.
pub async fn listening(port: u16) {
    let start = std::time::Instant::now();
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(start.elapsed() < Duration::from_secs(30), "nothing listens on {port}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One HTTP/1.1 POST with `Connection: close`, read to the end; returns the status, the head and the body (status 0
/// when the answer did not end within 10 s).
pub async fn http_post(url: &str, headers: &[(&str, &str)], body: &[u8]) -> (u16, String, String) {
    http_post_within(url, headers, body, Duration::from_secs(10)).await
}

/// [`http_post`] with its own wait (a bridge session's first message starts its child: seconds on a loaded machine).
pub async fn http_post_within(
    url: &str,
    headers: &[(&str, &str)],
    body: &[u8],
    wait: Duration,
) -> (u16, String, String) {
    use tokio::io::AsyncReadExt;
    let rest = url.trim_start_matches("http://");
    let (authority, path) = rest.split_once('/').unwrap();
    let mut stream = tokio::net::TcpStream::connect(authority).await.unwrap();
    let mut request = format!(
        "POST /{path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nAccept: application/json, \
         text/event-stream\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    )
    .into_bytes();
    for (k, v) in headers {
        request.extend_from_slice(format!("{k}: {v}\r\n").as_bytes());
    }
    request.extend_from_slice(b"\r\n");
    request.extend_from_slice(body);
    stream.write_all(&request).await.unwrap();
    let mut response = Vec::new();
    if tokio::time::timeout(wait, stream.read_to_end(&mut response)).await.is_err() {
        // No (complete) answer in time: status 0, and whatever arrived.
        return (0, String::new(), String::from_utf8_lossy(&response).into_owned());
    }
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response.split(' ').nth(1).unwrap().parse().unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let body = if head.to_lowercase().contains("transfer-encoding: chunked") { dechunk(body) } else { body.into() };
    (status, head.to_string(), body)
}

fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

/// The JSON-RPC messages of an HTTP answer body: a JSON body, or the `data:` lines of an SSE body.
pub fn messages_of(body: &str) -> Vec<Value> {
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        return match value {
            Value::Array(items) => items,
            other => vec![other],
        };
    }
    body.lines().filter_map(|l| l.strip_prefix("data:")).filter_map(|d| serde_json::from_str(d.trim()).ok()).collect()
}
