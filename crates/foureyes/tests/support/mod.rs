//! Test support shared by the process-level suites of the `foureyes` binary (`mcp_clients`, `mcp_remote`,
//! `mcp_listen`, `serve_process`): the binary and its throwaway environment (database, policy, a folder for the
//! filesystem server), the real MCP peers that `cargo xtask test` installs, child processes that die with the test,
//! and a minimal blocking HTTP/1.1 client. Everything here is set-up; what a test asserts stays in the test.
// Set-up the files of the one test binary (ADR-361) do not use at the moment stays here rather than warn as
// `dead_code`.
#![allow(clippy::unwrap_used, dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// The `foureyes` binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

/// The actions every filesystem suite names: reads are tier 0; `write_file` is tier 3 (a person approves it) and
/// bounds its content to 64 characters, so a longer one is denied before anything is forwarded.
const FS_ACTIONS: &str = "  mcp.fs.read_text_file:
    tier: 0
    params:
      path: { type: string }
      head: { type: number, required: false }
      tail: { type: number, required: false }
  mcp.fs.write_file:
    tier: 3
    params:
      path: { type: string }
      content: { type: string, max_len: 64 }
";

/// The policy for a proxy in front of the filesystem server (`--name fs`): [`FS_ACTIONS`], preceded by
/// `extra_actions` (more entries of the `actions:` map, indented two spaces; `""` for none).
pub fn fs_policy(extra_actions: &str) -> String {
    format!("version: 1\nactions:\n{extra_actions}{FS_ACTIONS}")
}

// ---------------------------------------------------------------------------------------------------------------
// The real MCP peers.

/// A program installed by `cargo xtask test` under `target/test-peers/mcp/`. A missing one fails the test with the
/// command that installs it: these suites are never skipped.
pub fn peer(relative: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-peers/mcp").join(relative);
    assert!(
        path.exists(),
        "the real MCP peer `{}` is not installed: run `cargo xtask test` once (it installs the test peers into \
         target/test-peers/)",
        path.display()
    );
    path
}

/// The reference filesystem MCP server (npm `@modelcontextprotocol/server-filesystem`, stdio): every "was it
/// forwarded?" is answered by the disk.
pub fn filesystem_server() -> PathBuf {
    peer("npm/node_modules/.bin/mcp-server-filesystem")
}

/// The Python of the venv holding the official MCP Python SDK.
pub fn python() -> PathBuf {
    peer("venv/bin/python")
}

/// The MCP host script (Python SDK) that runs a list of steps against a proxy; it lives with the MCP crate's tests.
pub fn python_client_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../foureyes-mcp/tests/python_client.py")
}

/// Calls `tool` once through the MCP Inspector CLI (a new client process, so a new MCP session) and returns the
/// tool result it prints. `target` says where the server is: a launcher command, or a URL followed by
/// `--transport http`. The Inspector must exit successfully and print JSON.
pub fn inspector(target: &[&str], tool: &str, args: &[(&str, &str)]) -> Value {
    let mut cmd = Command::new(peer("npm/node_modules/.bin/mcp-inspector"));
    cmd.arg("--cli").args(target).args(["--method", "tools/call", "--tool-name", tool]);
    for (k, v) in args {
        cmd.arg("--tool-arg").arg(format!("{k}={v}"));
    }
    let out = cmd.stderr(Stdio::inherit()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the Inspector failed ({}): {stdout}", out.status);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

/// The text of a tool result's first content item (`""` if there is none).
pub fn text(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

/// The decision FourEyes attaches to a tool result it answered itself (`_meta["dev.foureyes/decision"]`).
pub fn decision(result: &Value) -> Value {
    result["_meta"]["dev.foureyes/decision"].clone()
}

// ---------------------------------------------------------------------------------------------------------------
// Processes.

/// A child process that is killed and reaped when dropped, also when the test fails half-way. It derefs to the
/// [`Child`], so a test can still kill, wait for or read from it.
pub struct KillOnDrop(pub Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Deref for KillOnDrop {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl DerefMut for KillOnDrop {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

/// A free TCP port on loopback (free when asked: the caller binds it soon after).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Reads `stream` (a child's stdout or stderr) on a thread until `pick` finds what the child announces (its
/// address), and returns that; then keeps draining, so the child never blocks on a full pipe. Fails after 30 s.
pub fn announced(stream: impl Read + Send + 'static, what: &str, pick: fn(&str) -> Option<String>) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if let Some(found) = pick(&line) {
                let _ = tx.send(found);
            }
        }
    });
    rx.recv_timeout(Duration::from_secs(30)).unwrap_or_else(|_| panic!("{what}"))
}

/// A throwaway FourEyes installation: a temporary folder with the database, the policy, and `root/`, an empty folder
/// for the filesystem server to serve. Everything goes when it is dropped.
pub struct Env {
    pub dir: tempfile::TempDir,
    pub db: PathBuf,
    pub policy: PathBuf,
    pub root: PathBuf,
    /// The seal key file every command is given (`FOUREYES_SEAL_KEY`, ADR-420), once [`Env::sealed`].
    pub seal: Option<PathBuf>,
}

impl Env {
    /// `fe.db` (created on first use), `policy.yaml` holding `policy`, and an empty `root/`.
    pub fn new(policy: &str) -> Env {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir(&root).unwrap();
        let policy_path = dir.path().join("policy.yaml");
        std::fs::write(&policy_path, policy).unwrap();
        Env { db: dir.path().join("fe.db"), policy: policy_path, root, dir, seal: None }
    }

    /// This env with a seal key (64 hex digits, as `journal keygen` writes it) given to every command.
    pub fn sealed(mut self) -> Env {
        let key = self.dir.path().join("seal.key");
        std::fs::write(&key, format!("{}\n", "5e".repeat(32))).unwrap();
        self.seal = Some(key);
        self
    }

    /// `foureyes --db … --policy …`, with every `FOUREYES_*` variable the binary reads that could point it elsewhere
    /// removed from its environment, so a developer's shell cannot change what a test runs against.
    pub fn command(&self) -> Command {
        let mut command = Command::new(BIN);
        command.arg("--db").arg(&self.db).arg("--policy").arg(&self.policy);
        for var in ["FOUREYES_DB", "FOUREYES_POLICY", "FOUREYES_TOKEN", "FOUREYES_EXECUTOR_TOKEN", "FOUREYES_LISTEN"] {
            command.env_remove(var);
        }
        if let Some(key) = &self.seal {
            command.env("FOUREYES_SEAL_KEY", key);
        }
        command
    }

    /// `foureyes ARGS` as a person or an admin runs it; it must succeed.
    pub fn cli(&self, args: &[&str]) -> Output {
        let out = self.command().args(args).output().unwrap();
        assert!(out.status.success(), "foureyes {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out
    }

    /// [`Env::cli`] for a command that prints JSON (`--json`).
    pub fn cli_json(&self, args: &[&str]) -> Value {
        let out = self.cli(args);
        serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)))
    }

    /// A new API token for `name` with `role` (`agent`, `approver`, `admin`).
    pub fn token(&self, name: &str, role: &str) -> String {
        self.cli_json(&["token", "create", "--name", name, "--role", role, "--json"])["token"].as_str().unwrap().into()
    }

    /// `foureyes serve` on a free loopback port (`127.0.0.1:0`); the child and the address it printed.
    pub fn serve(&self) -> (KillOnDrop, String) {
        let mut child = self
            .command()
            .args(["serve", "--listen", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let child = KillOnDrop(child);
        let addr = announced(stdout, "the server printed no address", |line| {
            line.split(" on http://").nth(1).map(|url| url.trim().to_string())
        });
        (child, addr)
    }
}

// ---------------------------------------------------------------------------------------------------------------
// A minimal blocking HTTP/1.1 client (one request per connection).

/// One request to a `foureyes serve` at `addr` with a bearer `token` and an optional JSON body; the status and the
/// (de-chunked) body bytes. Every failure is an I/O error, not a panic, so a caller that expects the server to go
/// away (an executor waiting across a restart) can handle it: a refused or slow connect (5 s), no answer within
/// `read_timeout`, a response without a status line or with a broken chunked body.
pub fn http_bytes(
    addr: &str,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
    read_timeout: Duration,
) -> std::io::Result<(u16, Vec<u8>)> {
    let socket: std::net::SocketAddr =
        addr.parse().map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{addr}: {e}")))?;
    let mut stream = TcpStream::connect_timeout(&socket, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(read_timeout))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").ok_or_else(|| broken("no complete response"))?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut payload = raw[split + 4..].to_vec();
    let status: u16 =
        head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| broken("no status line"))?;
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        payload = dechunk(&payload).ok_or_else(|| broken("bad chunked body"))?;
    }
    Ok((status, payload))
}

/// The error of a response that ended or was cut off before it made sense.
pub fn broken(why: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::UnexpectedEof, why.to_string())
}

/// The body of a `Transfer-Encoding: chunked` response (chunk extensions ignored); `None` if it is malformed.
fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size =
            usize::from_str_radix(std::str::from_utf8(&data[..line_end]).ok()?.split(';').next()?.trim(), 16).ok()?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}
