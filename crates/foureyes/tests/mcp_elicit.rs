//! `mcp-proxy --elicit-approver NAME`: a held call is put to the person at the MCP client inline
//! (`elicitation/create`), here the official MCP Python SDK's elicitation callback, in front of the real filesystem
//! server (npm). An accepted form approves the call (as NAME's vote, bound to the digest) and it runs once; a
//! declined one rejects it and nothing runs; a client without the capability is never asked.
#![allow(clippy::unwrap_used)]

use crate::support::peer;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

const POLICY: &str = "\
version: 1
actions:
  mcp.fs.write_file:
    tier: 3
    params:
      path: { type: string }
      content: { type: string, max_len: 64 }
";

/// Runs the Python host to completion; returns its output lines.
fn host(dir: &Path, elicit: Option<Value>, steps: Value) -> Vec<Value> {
    let root = dir.join("root");
    let argv: Vec<String> = vec![
        "--db".into(),
        dir.join("fe.db").display().to_string(),
        "--policy".into(),
        dir.join("policy.yaml").display().to_string(),
        "mcp-proxy".into(),
        "--name".into(),
        "fs".into(),
        "--elicit-approver".into(),
        "alice".into(),
        "--".into(),
        peer("npm/node_modules/.bin/mcp-server-filesystem").display().to_string(),
        root.display().to_string(),
    ];
    let mut spec = json!({"command": BIN, "args": argv, "steps": steps});
    if let Some(elicit) = elicit {
        spec["elicit"] = elicit;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../foureyes-mcp/tests/python_client.py");
    let mut child = Command::new(peer("venv/bin/python"))
        .arg(script)
        .arg(spec.to_string())
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_POLICY")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let lines: Vec<Value> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
        .collect();
    assert!(child.wait().unwrap().success(), "the Python host failed: {lines:?}");
    lines
}

fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("root")).unwrap();
    std::fs::write(dir.path().join("policy.yaml"), POLICY).unwrap();
    dir
}

fn write(dir: &Path, name: &str, content: &str) -> Value {
    json!({"call": "write_file", "arguments": {"path": dir.join("root").join(name).display().to_string(), "content": content}})
}

fn text(result: &Value) -> &str {
    result["content"][0]["text"].as_str().unwrap_or_default()
}

fn decisions(dir: &Path) -> Vec<Value> {
    let out =
        Command::new(BIN).arg("--db").arg(dir.join("fe.db")).args(["decisions", "list", "--json"]).output().unwrap();
    serde_json::from_slice::<Value>(&out.stdout).unwrap().as_array().unwrap().clone()
}

#[test]
fn an_accepted_inline_approval_runs_the_call_once() {
    let dir = setup();
    let call = write(dir.path(), "a.txt", "alpha");
    let lines = host(dir.path(), Some(json!({"action": "accept", "approve": true})), json!([call, call]));
    let asked: Vec<&Value> = lines.iter().filter(|l| l.get("elicited").is_some()).collect();
    assert_eq!(asked.len(), 1, "asked once, for the first call: {lines:?}");
    let question = asked[0]["elicited"].as_str().unwrap();
    assert!(question.starts_with("FourEyes: the agent asks to run `mcp.fs.write_file` with {"), "{question}");
    assert!(question.contains("\"content\":\"alpha\""), "{question}");
    let results: Vec<&Value> = lines.iter().filter_map(|l| l.get("result")).collect();
    assert_ne!(results[0]["isError"], json!(true), "{:?}", results[0]);
    assert_eq!(std::fs::read_to_string(dir.path().join("root/a.txt")).unwrap(), "alpha");
    assert!(text(results[1]).starts_with("NOT EXECUTED AGAIN"), "{:?}", results[1]);
    let permits: Vec<Value> = decisions(dir.path()).into_iter().filter(|d| d["verdict"] == json!("permit")).collect();
    assert_eq!(permits.len(), 1);
    assert_eq!(permits[0]["status"], json!("executed"));
}

#[test]
fn a_declined_inline_approval_rejects_the_call_and_nothing_runs() {
    let dir = setup();
    let lines = host(
        dir.path(),
        Some(json!({"action": "decline", "approve": false})),
        json!([write(dir.path(), "b.txt", "bravo")]),
    );
    assert_eq!(lines.iter().filter(|l| l.get("elicited").is_some()).count(), 1, "{lines:?}");
    let result = lines.iter().find_map(|l| l.get("result")).unwrap();
    assert_eq!(result["isError"], json!(true), "{result}");
    assert!(text(result).starts_with("NOT EXECUTED — denied"), "{result}");
    assert!(!dir.path().join("root/b.txt").exists());
}

#[test]
fn a_client_without_the_capability_is_not_asked() {
    let dir = setup();
    let lines = host(dir.path(), None, json!([write(dir.path(), "c.txt", "charlie")]));
    assert!(lines.iter().all(|l| l.get("elicited").is_none()), "{lines:?}");
    let result = lines.iter().find_map(|l| l.get("result")).unwrap();
    assert!(text(result).starts_with("NOT EXECUTED — awaiting human approval"), "{result}");
    assert!(!dir.path().join("root/c.txt").exists());
}
