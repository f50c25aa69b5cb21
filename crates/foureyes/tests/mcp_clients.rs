//! `foureyes mcp-proxy` between real MCP parts: the official MCP Python SDK (`mcp` on PyPI) and the MCP Inspector
//! CLI (npm) as clients, the reference filesystem server (npm) as the upstream. Approvals and the kill switch go
//! through the `foureyes` CLI, as a person would use them. The peers are installed by `cargo xtask test`; when
//! one is missing the test fails and says so (it never skips).
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::{BIN, Env, decision, filesystem_server, fs_policy, python, python_client_script, text};

fn env() -> Env {
    Env::new(&fs_policy("  mcp.fs.list_allowed_directories: { tier: 0 }\n"))
}

impl Env {
    /// The proxy command line a host would configure.
    fn proxy_argv(&self) -> Vec<String> {
        let mut argv: Vec<String> = vec![BIN.into()];
        for a in ["--db", &self.db.display().to_string(), "--policy", &self.policy.display().to_string()] {
            argv.push(a.to_string());
        }
        for a in ["mcp-proxy", "--name", "fs", "--"] {
            argv.push(a.into());
        }
        argv.push(filesystem_server().display().to_string());
        argv.push(self.root.display().to_string());
        argv
    }

    /// `foureyes …` as a person runs it; returns the exit code and stdout.
    fn foureyes(&self, args: &[&str]) -> (i32, String) {
        let out = self.command().args(args).output().unwrap();
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn approve(&self, approval: i64, digest: &str) {
        let (code, out) =
            self.foureyes(&["approvals", "approve", &approval.to_string(), "--as", "alice", "--digest", digest]);
        assert_eq!(code, 0, "approve: {out}");
    }

    fn assert_journal_sound(&self) {
        let (code, out) = self.foureyes(&["journal", "verify"]);
        assert_eq!(code, 0, "journal verify: {out}");
        let (code, out) = self.foureyes(&["journal", "audit"]);
        assert_eq!(code, 0, "journal audit: {out}");
    }

    fn flag(&self, name: &str) -> String {
        self.dir.path().join(name).display().to_string()
    }
}

/// The Python SDK host, running `steps`; its output lines are read as they come.
struct PythonHost {
    child: Child,
    lines: std::io::Lines<BufReader<std::process::ChildStdout>>,
    started: Instant,
}

impl PythonHost {
    fn start(env: &Env, steps: Value) -> PythonHost {
        let argv = env.proxy_argv();
        let spec = json!({"command": argv[0], "args": argv[1..], "steps": steps});
        let mut child = Command::new(python())
            .arg(python_client_script())
            .arg(spec.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        PythonHost { child, lines, started: Instant::now() }
    }

    /// The next output line with a tool result, as `result` JSON.
    fn next_result(&mut self) -> Value {
        assert!(self.started.elapsed() < Duration::from_secs(120), "the Python host ran too long");
        loop {
            let line = self.lines.next().expect("the Python host ended early").unwrap();
            let value: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
            if value.get("call").is_some() {
                return value["result"].clone();
            }
        }
    }

    fn finish(mut self) {
        let status = self.child.wait().unwrap();
        assert!(status.success(), "the Python host failed: {status}");
    }
}

impl Drop for PythonHost {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

#[test]
fn python_sdk_host_a_write_waits_for_a_person_and_runs_exactly_once() {
    let env = env();
    std::fs::write(env.root.join("readme.txt"), "read me").unwrap();
    let file = env.root.join("report.txt").display().to_string();
    let write = json!({"call": "write_file", "arguments": {"path": file, "content": "quarterly numbers"}});
    let steps = json!([
        {"call": "list_allowed_directories", "arguments": {}},
        {"call": "read_text_file", "arguments": {"path": env.root.join("readme.txt").display().to_string()}},
        write,
        {"wait_for": env.flag("approved")},
        write,
        {"wait_for": env.flag("tampered")},
        write,
        {"call": "write_file", "arguments": {"path": env.root.join("long.txt").display().to_string(), "content": "z".repeat(100)}},
    ]);
    let mut host = PythonHost::start(&env, steps);

    let listed = host.next_result();
    assert_eq!(listed["isError"], json!(false), "{listed}");
    let read = host.next_result();
    assert_eq!(text(&read), "read me", "{read}");

    let held = host.next_result();
    assert_eq!(held["isError"], json!(true), "{held}");
    let approval = decision(&held)["approval_id"].as_i64().unwrap();
    assert!(text(&held).starts_with(&format!("NOT EXECUTED — awaiting human approval (approval {approval})")));
    assert!(!Path::new(&file).exists());
    // The agent's own identity cannot approve; a person can, through the CLI, with the digest they were shown.
    let (code, _) = env.foureyes(&["approvals", "approve", &approval.to_string(), "--as", "mcp:fs"]);
    assert_ne!(code, 0, "the agent approved its own call");
    env.approve(approval, decision(&held)["digest"].as_str().unwrap());
    std::fs::write(env.flag("approved"), "").unwrap();

    let released = host.next_result();
    assert_eq!(released["isError"], json!(false), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "quarterly numbers");
    std::fs::write(&file, "edited by a person").unwrap();
    std::fs::write(env.flag("tampered"), "").unwrap();

    let again = host.next_result();
    assert!(text(&again).starts_with("NOT EXECUTED AGAIN"), "{again}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited by a person", "the retry wrote again");

    let denied = host.next_result();
    assert!(text(&denied).starts_with("NOT EXECUTED — denied: param 'content'="), "{denied}");
    assert!(!env.root.join("long.txt").exists(), "a denied call reached the server");
    host.finish();

    let (_, listing) = env.foureyes(&["decisions", "list", "--json"]);
    let listing: Value = serde_json::from_str(&listing).unwrap();
    let writes: Vec<&Value> = listing
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["action"] == json!("mcp.fs.write_file") && d["verdict"] == json!("permit"))
        .collect();
    assert_eq!(writes.len(), 1, "exactly one write was permitted: {listing:#}");
    assert_eq!(writes[0]["status"], json!("executed"));
    env.assert_journal_sound();
}

#[test]
fn python_sdk_host_the_kill_switch_blocks_an_approved_write() {
    let env = env();
    let file = env.root.join("payment.txt").display().to_string();
    let write = json!({"call": "write_file", "arguments": {"path": file, "content": "pay 10 EUR"}});
    let steps = json!([write, {"wait_for": env.flag("engaged")}, write, {"wait_for": env.flag("released")}, write]);
    let mut host = PythonHost::start(&env, steps);

    let held = host.next_result();
    let approval = decision(&held)["approval_id"].as_i64().unwrap();
    env.approve(approval, decision(&held)["digest"].as_str().unwrap());
    let (code, out) = env.foureyes(&["kill-switch", "on", "--as", "ops"]);
    assert_eq!(code, 0, "{out}");
    std::fs::write(env.flag("engaged"), "").unwrap();

    let blocked = host.next_result();
    assert_eq!(blocked["isError"], json!(true), "{blocked}");
    assert!(text(&blocked).contains("kill switch"), "{blocked}");
    assert!(!Path::new(&file).exists(), "the kill switch let an approved call through");

    let (code, out) = env.foureyes(&["kill-switch", "off", "--as", "ops"]);
    assert_eq!(code, 0, "{out}");
    std::fs::write(env.flag("released"), "").unwrap();
    let released = host.next_result();
    assert_eq!(released["isError"], json!(false), "the approval outlives the block: {released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "pay 10 EUR");
    host.finish();
    env.assert_journal_sound();
}

/// The Inspector CLI, one process per call (so every call is a fresh proxy: the restart path).
fn inspector(env: &Env, tool: &str, args: &[(&str, &str)]) -> Value {
    // The Inspector parses `--` itself, so the proxy command line goes into a launcher script, as a host
    // configuration would hold it.
    let launcher = env.dir.path().join("proxy.sh");
    let quoted: Vec<String> = env.proxy_argv().iter().map(|a| format!("'{}'", a.replace('\'', "'\\''"))).collect();
    std::fs::write(&launcher, format!("#!/bin/sh\nexec {}\n", quoted.join(" "))).unwrap();
    Command::new("chmod").arg("+x").arg(&launcher).status().unwrap();
    support::inspector(&[&launcher.display().to_string()], tool, args)
}

#[test]
fn inspector_cli_reads_pass_and_an_approval_is_used_once_across_restarts() {
    let env = env();
    std::fs::write(env.root.join("a.txt"), "alpha").unwrap();
    let read = inspector(&env, "read_text_file", &[("path", &env.root.join("a.txt").display().to_string())]);
    assert_eq!(text(&read), "alpha", "{read}");
    assert!(read.get("isError").is_none_or(|e| e == &json!(false)), "{read}");

    let file = env.root.join("b.txt").display().to_string();
    let write = [("path", file.as_str()), ("content", "bravo")];
    let held = inspector(&env, "write_file", &write);
    assert_eq!(held["isError"], json!(true), "{held}");
    let approval = decision(&held)["approval_id"].as_i64().unwrap();
    assert!(!Path::new(&file).exists());
    env.approve(approval, decision(&held)["digest"].as_str().unwrap());

    // A new proxy process finds the approved deferral by the call's key and releases it once.
    let released = inspector(&env, "write_file", &write);
    assert!(released.get("isError").is_none_or(|e| e == &json!(false)), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "bravo");
    std::fs::write(&file, "edited").unwrap();

    // The approval is used up: the next identical call from yet another process (no shared memory) is told it
    // already ran (while the approval is still valid, as a retry in one process is) and neither runs nor asks again.
    let again = inspector(&env, "write_file", &write);
    assert_eq!(again["isError"], json!(true), "{again}");
    assert!(again["content"][0]["text"].as_str().unwrap().starts_with("NOT EXECUTED AGAIN"), "{again}");
    assert_eq!(decision(&again)["approval_id"], json!(approval), "{again}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited");
    env.assert_journal_sound();
}

/// Waits for a child at most `limit`; kills it and fails otherwise.
fn wait_at_most(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("the proxy did not exit within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Regression: with the upstream gone and the client still holding stdin open, the proxy hung on exit (the
/// runtime waited for its blocking stdin read). It now exits at once, with the upstream's exit code.
#[test]
fn the_proxy_exits_when_the_upstream_exits_even_if_stdin_stays_open() {
    let env = env();
    let mut child = env
        .command()
        .args([
            "mcp-proxy",
            "--name",
            "fs",
            "--",
            "sh",
            "-c",
            "echo '{\"jsonrpc\":\"2.0\",\"method\":\"bye\"}'; exit 3",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let _stdin_kept_open = child.stdin.take();
    let status = wait_at_most(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(3));
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    assert_eq!(
        out, "{\"jsonrpc\":\"2.0\",\"method\":\"bye\"}\n",
        "the upstream's last message still reached the client"
    );
}

#[test]
fn the_proxy_closes_the_upstream_when_the_client_closes_and_reports_a_missing_upstream() {
    let env = env();
    // `cat` answers nothing and exits when its stdin closes: the proxy must close it when the client does.
    let mut child = env
        .command()
        .args(["mcp-proxy", "--name", "fs", "--", "cat"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdin.take());
    assert_eq!(wait_at_most(&mut child, Duration::from_secs(10)).code(), Some(0));

    let out = env
        .command()
        .args(["mcp-proxy", "--name", "fs", "--", "/nonexistent/mcp-server"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot start the upstream MCP server `/nonexistent/mcp-server`"), "{stderr}");
}

/// `foureyes demo home`: the agent's MCP calls pass the proxy to the home MCP server (rmcp, served by the binary
/// itself); the walkthrough shows every mechanism, and the house shows what actually ran.
#[test]
fn demo_home_walks_through_every_mechanism_over_mcp() {
    let out = Command::new(BIN)
        .args(["demo", "home"])
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_POLICY")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "demo home failed: {text}\n{}", String::from_utf8_lossy(&out.stderr));
    for expected in [
        "← Berlin: 14 °C",
        "← living: 19.5 → 21 °C",
        "as the undo of decision 2, within its 15m window: executed",
        "denied: undo of decision 2: already undone by decision 3",
        "NOT EXECUTED — denied: param 'celsius'=30 above max 23.",
        "limit of 3 per 1h reached",
        "'mcp.home.delete_everything' is not in the policy",
        "bob approves approval 2 (2 of 2 given, approved)",
        "NOT EXECUTED AGAIN — this identical call was approved (approval 2)",
        "the kill switch is engaged; approval 4 is kept",
        "← paid 40 EUR to Bakery",
        "NOT EXECUTED — dry run: 'mcp.home.set_lights' always rehearses",
        "chain intact",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in:\n{text}");
    }
    assert_eq!(text.matches("← paid 120 EUR to Stadtwerke").count(), 1, "{text}");
    assert!(!text.contains("MISMATCHES"), "{text}");
    let ran = text.lines().find(|l| l.contains("what actually ran on the house")).unwrap();
    assert!(
        ran.ends_with(r#"["set_thermostat living 21","set_thermostat living 19.5","schedule_battery 2","schedule_battery 2","schedule_battery 2","send_payment 120 Stadtwerke","send_payment 40 Bakery"]"#),
        "{ran}"
    );
}

/// Attack 40 (minor, ADR-1321): a refused `--name` was echoed raw by clap ("invalid value 'f\u{455}' for '--name'")
/// before FourEyes' escaped message. The only message is FourEyes', the name escaped; exit 2 as before.
#[test]
fn a_refused_proxy_name_is_echoed_only_escaped() {
    let env = env();
    for (name, shown) in [("f\u{455}", "`f\\u{455}`"), ("fs.a", "`fs.a`"), ("f\u{202e}s", "`f\\u{202e}s`")] {
        let out = env.command().args(["mcp-proxy", "--name", name, "--", "cat"]).stdin(Stdio::null()).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name:?}: {stderr}");
        assert!(stderr.contains(shown) && stderr.contains("is not a server name"), "{name:?}: {stderr}");
        assert!(stderr.is_ascii() && !stderr.contains("invalid value"), "{name:?}: echoed raw: {stderr:?}");
    }
}
