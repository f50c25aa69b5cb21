//! `foureyes mcp-proxy --listen 127.0.0.1:P -- <stdio server>`: a stdio upstream (the real filesystem server, npm)
//! behind the proxy's Streamable HTTP listener, driven by the MCP Inspector CLI over HTTP (each call is a new
//! session, so a new child process). Approvals go through the `foureyes` CLI, as a person would give them.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

const POLICY: &str = "\
version: 1
actions:
  mcp.fs.read_text_file:
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

fn peer(relative: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-peers/mcp").join(relative);
    assert!(path.exists(), "the real MCP peer `{}` is not installed: run `cargo xtask test` once", path.display());
    path
}

struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn inspector(url: &str, tool: &str, args: &[(&str, &str)]) -> Value {
    let mut cmd = Command::new(peer("npm/node_modules/.bin/mcp-inspector"));
    cmd.args(["--cli", url, "--transport", "http", "--method", "tools/call", "--tool-name", tool]);
    for (k, v) in args {
        cmd.arg("--tool-arg").arg(format!("{k}={v}"));
    }
    let out = cmd.stderr(Stdio::inherit()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the Inspector failed ({}): {stdout}", out.status);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn text(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

#[test]
fn the_inspector_over_http_reaches_a_stdio_server_through_the_gate() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    std::fs::create_dir(&root).unwrap();
    std::fs::write(root.join("a.txt"), "alpha").unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, POLICY).unwrap();
    let db = dir.path().join("fe.db");
    let foureyes = |args: &[&str]| {
        let out = Command::new(BIN).arg("--db").arg(&db).arg("--policy").arg(&policy).args(args).output().unwrap();
        assert!(out.status.success(), "foureyes {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut child = Command::new(BIN)
        .arg("--db")
        .arg(&db)
        .arg("--policy")
        .arg(&policy)
        .args(["mcp-proxy", "--name", "fs", "--listen", &format!("127.0.0.1:{port}"), "--"])
        .arg(peer("npm/node_modules/.bin/mcp-server-filesystem"))
        .arg(&root)
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_POLICY")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _proxy = KillOnDrop(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("foureyes mcp-proxy: serving ") {
                let _ = tx.send(url.split(' ').next().unwrap().to_string());
            }
        }
    });
    let url = rx.recv_timeout(Duration::from_secs(30)).expect("the proxy did not start listening");
    assert_eq!(url, format!("http://127.0.0.1:{port}/mcp"));

    let read = inspector(&url, "read_text_file", &[("path", &root.join("a.txt").display().to_string())]);
    assert_eq!(text(&read), "alpha", "{read}");

    let file = root.join("b.txt").display().to_string();
    let write = [("path", file.as_str()), ("content", "bravo")];
    let held = inspector(&url, "write_file", &write);
    assert_eq!(held["isError"], json!(true), "{held}");
    assert!(!Path::new(&file).exists());
    let meta = &held["_meta"]["dev.foureyes/decision"];
    let approval = meta["approval_id"].as_i64().unwrap().to_string();
    foureyes(&["approvals", "approve", &approval, "--as", "alice", "--digest", meta["digest"].as_str().unwrap()]);

    let released = inspector(&url, "write_file", &write);
    assert_ne!(released["isError"], json!(true), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "bravo");
    std::fs::write(&file, "edited").unwrap();
    let again = inspector(&url, "write_file", &write);
    assert!(text(&again).starts_with("NOT EXECUTED AGAIN"), "{again}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited");
}
