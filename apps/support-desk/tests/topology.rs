//! The action server as its own service (issue 16): `support-desk mcp action --listen ADDR` over Streamable HTTP with
//! a bearer credential, reached by real MCP SDKs — the runtime's rmcp client and the official Python SDK — and the
//! topology it allows: the agent process runs in a mount namespace where the desk's database directory is read-only
//! (bubblewrap: the kernel refuses every write, root included), and a ticket still goes from the gate to an executed
//! refund, written by the service alone. A control run without the service shows the sandbox is what stops writes.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_support-desk");
const TOKEN: &str = "topology-test-credential-0123456789";

/// The action service, stopped (by its pid) when dropped.
struct Service {
    child: Child,
    url: String,
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn seed(desk: &Path) {
    let out = Command::new(BIN).arg("--db").arg(desk).arg("seed").output().expect("seed");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Starts `mcp action --listen 127.0.0.1:0` with `token` and waits for the URL it prints.
fn serve(desk: &Path, foureyes: &Path, token: &str) -> Service {
    let mut child = Command::new(BIN)
        .arg("--db")
        .arg(desk)
        .arg("--foureyes-db")
        .arg(foureyes)
        .args(["mcp", "action", "--listen", "127.0.0.1:0"])
        .env("SUPPORT_DESK_ACTION_TOKEN", token)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start the action service");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(Duration::from_secs(30)).expect("the service printed its address");
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected: {line:?}")).to_string();
    Service { child, url }
}

fn rows(db: &Path, sql: &str) -> Vec<Vec<String>> {
    let conn = rusqlite::Connection::open(db).expect("open");
    let mut stmt = conn.prepare(sql).expect("prepare");
    let n = stmt.column_count();
    stmt.query_map([], |r| (0..n).map(|i| r.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}"))).collect())
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
}

fn initialize() -> Value {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
        "capabilities": {}, "clientInfo": {"name": "topology-test", "version": "1"}}})
}

#[tokio::test]
async fn the_action_service_answers_only_its_bearer_credential() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (desk, fe) = (dir.path().join("desk.db"), dir.path().join("fe.db"));
    seed(&desk);
    // A guessable credential is refused at start.
    let out = Command::new(BIN)
        .arg("--db")
        .arg(&desk)
        .arg("--foureyes-db")
        .arg(&fe)
        .args(["mcp", "action", "--listen", "127.0.0.1:0"])
        .env("SUPPORT_DESK_ACTION_TOKEN", "short")
        .output()
        .expect("run");
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("at least 24 characters"));

    let service = serve(&desk, &fe, TOKEN);
    let _ = rustls::crypto::ring::default_provider().install_default();
    let http = reqwest::Client::new();
    let post = |auth: Option<String>| {
        let mut r = http
            .post(&service.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .json(&initialize());
        if let Some(a) = auth {
            r = r.header("authorization", a);
        }
        r.send()
    };
    for auth in [None, Some(format!("Bearer {TOKEN}x")), Some(format!("bearer  {TOKEN}")), Some(TOKEN.to_string())] {
        let response = post(auth.clone()).await.expect("send");
        assert_eq!(response.status(), 401, "{auth:?}");
        assert_eq!(response.headers()["www-authenticate"], "Bearer");
    }
    assert_eq!(post(Some(format!("Bearer {TOKEN}"))).await.expect("send").status(), 200);
    // The runtime's rmcp client with a wrong credential gets no session.
    let wrong = support_desk::mcp::RemoteAction { url: service.url.clone(), token: format!("{TOKEN}-wrong") };
    assert!(wrong.connect().await.is_err());
    // With the right one: the three write tools, and a call without a permit is blocked by the service itself.
    let right = support_desk::mcp::RemoteAction { url: service.url.clone(), token: TOKEN.into() };
    let client = right.connect().await.expect("session");
    let tools = client.session().list_all_tools().await.expect("tools/list");
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort();
    let mut expected = support_desk::mcp::ACTION_TOOLS;
    expected.sort();
    assert_eq!(names, expected);
    let args = json!({"ticket_id": 1, "order_id": 1, "amount_cents": 4599, "idempotency_key": "topology-rmcp"});
    let reply = client.call("issue_refund", args.as_object().expect("object").clone()).await.expect("call");
    match reply {
        support_desk::mcp::Reply::Refused { details, .. } => assert_eq!(details["code"], "blocked", "{details}"),
        other => panic!("executed without a permit: {other:?}"),
    }
    client.close().await;
    assert!(rows(&desk, "SELECT id FROM refunds WHERE idempotency_key = 'topology-rmcp'").is_empty());
    // Unauthorized requests reached nothing: the one audit row is the blocked call's.
    assert_eq!(rows(&desk, "SELECT COUNT(*) FROM audit"), vec![vec!["Integer(1)".to_string()]]);
}

fn python() -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-peers/mcp/venv/bin/python");
    assert!(path.exists(), "the MCP Python SDK is not installed: run `cargo xtask test` once ({})", path.display());
    path
}

fn python_client(url: &str, token: Option<&str>, arguments: &Value) -> (bool, Vec<Value>) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/py_action_client.py");
    let mut command = Command::new(python());
    command.arg(script).arg(url).arg(arguments.to_string()).env_remove("SUPPORT_DESK_ACTION_TOKEN");
    if let Some(t) = token {
        command.env("SUPPORT_DESK_ACTION_TOKEN", t);
    }
    let out = command.output().expect("python");
    let lines = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    (out.status.success(), lines)
}

#[test]
fn the_python_sdk_reaches_the_write_tools_only_with_the_credential_and_only_with_a_permit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (desk, fe) = (dir.path().join("desk.db"), dir.path().join("fe.db"));
    seed(&desk);
    let service = serve(&desk, &fe, TOKEN);
    let args = json!({"ticket_id": 1, "order_id": 1, "amount_cents": 4599, "idempotency_key": "topology-py"});
    let (ok, lines) = python_client(&service.url, None, &args);
    assert!(!ok, "no credential, yet: {lines:?}");
    assert!(lines.iter().all(|l| l.get("tools").is_none()), "{lines:?}");
    let (ok, lines) = python_client(&service.url, Some(TOKEN), &args);
    assert!(ok, "{lines:?}");
    assert_eq!(lines[0]["server"]["name"], "support-desk-action");
    let mut tools: Vec<&str> = lines[1]["tools"].as_array().expect("tools").iter().filter_map(Value::as_str).collect();
    tools.sort();
    let mut expected = support_desk::mcp::ACTION_TOOLS;
    expected.sort();
    assert_eq!(tools, expected);
    let result = &lines[2]["result"];
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(result["_meta"][support_desk::mcp::REFUSAL_META]["code"], "blocked", "{result}");
    assert!(rows(&desk, "SELECT id FROM refunds WHERE idempotency_key = 'topology-py'").is_empty());
}

/// Runs this binary in a mount namespace where `/` is read-only and only `writable` may be written.
fn sandboxed(writable: &Path, args: &[&str], env: &[(&str, &str)]) -> (bool, String, String) {
    let mut command = Command::new("bwrap");
    command
        .args(["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--die-with-parent", "--bind"])
        .arg(writable)
        .arg(writable)
        .arg("--")
        .args(args)
        .env_remove("SUPPORT_DESK_ACTION_TOKEN");
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().expect("bwrap (apt-get install bubblewrap)");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn topology_the_agent_process_has_no_write_path_to_the_desk_database() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (desk_dir, agent_dir) = (dir.path().join("desk"), dir.path().join("agent"));
    std::fs::create_dir_all(&desk_dir).expect("mkdir");
    std::fs::create_dir_all(&agent_dir).expect("mkdir");
    let desk = desk_dir.join("desk.db");
    // The FourEyes store is the agent's side (it proposes there); the service checks permits in it.
    let fe = agent_dir.join("foureyes.db");
    let state = agent_dir.join("state.db");
    seed(&desk);
    let service = serve(&desk, &fe, TOKEN);
    let s = |p: &Path| p.to_str().expect("utf-8").to_string();
    // The sandbox is real: inside it, the desk's directory cannot be written, by root either.
    let probe = format!("echo x >> {}", s(&desk));
    let (ok, _, err) = sandboxed(&agent_dir, &["sh", "-c", &probe], &[]);
    assert!(!ok && err.contains("Read-only file system"), "the desk is writable in the sandbox: {err}");

    let agent = |action: &[&str], remote: bool| {
        let mut args = vec![BIN.to_string(), "--db".into(), s(&desk), "--state-db".into(), s(&state)];
        args.extend(["--foureyes-db".into(), s(&fe)]);
        if remote {
            args.extend(["--action-url".into(), service.url.clone()]);
        }
        args.extend(action.iter().map(|a| a.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        sandboxed(&agent_dir, &args, &[("SUPPORT_DESK_ACTION_TOKEN", TOKEN)])
    };
    // Ticket 1 (a refund of order 1) through the service: to the gate, approved, executed.
    let (ok, out, err) = agent(&["start", "1"], true);
    assert!(ok && out.contains("\"await_decision\""), "{out}{err}");
    let (ok, out, err) = agent(&["resume", "1", "approved", "--by", "alice"], true);
    assert!(ok && out.contains("executed issue_refund"), "{out}{err}");
    assert_eq!(
        rows(&desk, "SELECT status FROM refunds WHERE order_id = 1"),
        vec![vec!["Text(\"executed\")".to_string()]]
    );
    // The agent's run states are its own; the desk's database holds none.
    assert_eq!(rows(&desk, "SELECT COUNT(*) FROM runs"), vec![vec!["Integer(0)".to_string()]]);
    assert_eq!(rows(&state, "SELECT ticket_id FROM runs"), vec![vec!["Integer(1)".to_string()]]);

    // Control: the same agent starting the action server itself (stdio child, inside the sandbox) cannot write.
    let (ok, out, err) = agent(&["start", "5"], false);
    assert!(ok && out.contains("\"await_decision\""), "{out}{err}");
    let before = rows(&desk, "SELECT COUNT(*) FROM escalations");
    let (ok, out, err) = agent(&["resume", "5", "approved", "--by", "alice"], false);
    assert!(!ok && err.contains("readonly database"), "the sandboxed agent wrote: {out}{err}");
    assert_eq!(rows(&desk, "SELECT COUNT(*) FROM escalations"), before);
}
