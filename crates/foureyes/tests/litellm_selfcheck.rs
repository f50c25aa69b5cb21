//! The LiteLLM guardrail's self-check, end to end: the real `foureyes serve` binary on a fresh database with the
//! example policy shipped beside the guardrail (`integrations/litellm/policy.yaml`), an agent token, and
//! `integrations/litellm/selfcheck.py` run by the repository's Python test environment (`target/test-peers/py`, with
//! the real `litellm` from PyPI, offline). It must exit 0 and print one line per case — a permitted call, a
//! bounds-denied call, an approval-required call and an unknown tool — each with the verdict FourEyes gave and
//! whether the hook let the call through; the four decisions must be in the server's database.
//!
//! A missing Python environment fails the test with what to run (`cargo xtask test` creates it); never a skip.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

/// A child process killed (by its own pid) when dropped.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository root exists")
}

fn foureyes(db: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    for var in ["FOUREYES_DB", "FOUREYES_POLICY", "FOUREYES_LISTEN"] {
        cmd.env_remove(var);
    }
    cmd.arg("--db").arg(db);
    cmd
}

/// Starts `foureyes serve` on a free loopback port; returns it and its base URL.
fn start_server(db: &Path, policy: &Path) -> (Proc, String) {
    let mut child = foureyes(db)
        .arg("--policy")
        .arg(policy)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("`foureyes serve` starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let server = Proc(child);
    let (tx, rx) = mpsc::channel();
    // Keep draining stdout so the server never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(line) = rx.recv_timeout(left) else {
            panic!("`foureyes serve` did not print its URL within 30 s; it printed: {seen:#?}");
        };
        if line.starts_with("FourEyes serving ")
            && let Some((_, url)) = line.rsplit_once(" on ")
        {
            return (server, url.trim().to_string());
        }
        seen.push(line);
    }
}

fn run(cmd: &mut Command, timeout: Duration) -> (i32, String, String) {
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the command starts");
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waitable") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{cmd:?} did not finish within {timeout:?}; stderr: {}", err_reader.join().unwrap_or_default());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    (status.code().unwrap_or(-1), reader.join().unwrap_or_default(), err_reader.join().unwrap_or_default())
}

#[test]
fn litellm_selfcheck_against_a_real_server() {
    let root = repo_root();
    let python = root.join("target/test-peers/py/bin/python");
    assert!(
        python.is_file(),
        "the LiteLLM self-check needs the repository's Python test environment at {}, which is missing. \
         Run `cargo xtask test` (it creates it and installs pytest, litellm and integrations/python and \
         integrations/litellm into it).",
        python.display()
    );
    let policy = root.join("integrations/litellm/policy.yaml");
    let selfcheck = root.join("integrations/litellm/selfcheck.py");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("fe.db");
    let (_server, url) = start_server(&db, &policy);

    let (code, out, err) = run(
        foureyes(&db).args(["token", "create", "--name", "litellm", "--role", "agent", "--json"]),
        Duration::from_secs(30),
    );
    assert_eq!(code, 0, "token create failed: {err}{out}");
    let token = serde_json::from_str::<serde_json::Value>(&out).expect("token create --json prints JSON")["token"]
        .as_str()
        .expect("a token")
        .to_string();

    // The source tree wins over the installed copies, so the check always runs the code in this checkout.
    let pythonpath =
        format!("{}:{}", root.join("integrations/python").display(), root.join("integrations/litellm").display());
    let started = Instant::now();
    let (code, out, err) = run(
        Command::new(&python)
            .arg(&selfcheck)
            .args(["--server", &url, "--token", &token])
            .env("PYTHONPATH", pythonpath)
            .env("LITELLM_LOCAL_MODEL_COST_MAP", "True")
            .current_dir(&root),
        Duration::from_secs(180),
    );
    let took = started.elapsed();
    assert_eq!(code, 0, "selfcheck.py exited {code}\nstdout:\n{out}\nstderr:\n{err}");
    eprintln!("selfcheck.py took {took:.1?}:\n{out}");

    let expect = [
        ("permitted", "tool=files/read_text_file", "foureyes=permit (observe", "hook=let through"),
        ("bounds-denied", "tool=payments/refund", "foureyes=deny (bounds", "hook=blocked"),
        ("approval-required", "tool=github/delete_repository", "foureyes=defer (approval_required", "hook=blocked"),
        ("unknown-tool", "tool=shell/run_command", "foureyes=defer (default_deny", "hook=blocked"),
    ];
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(lines.len(), expect.len(), "one line per case, got:\n{out}");
    for (line, (case, tool, verdict, hook)) in lines.iter().zip(expect) {
        assert!(line.starts_with(&format!("[ok] {case} ")), "case {case}: {line}");
        for part in [tool, verdict, hook, "args={"] {
            assert!(line.contains(part), "case {case}: `{part}` missing in: {line}");
        }
    }
    assert!(out.contains("selfcheck: all 4 cases behaved as expected"), "{out}");

    // The hook really asked this server: the four decisions are in its database.
    let (code, listed, err) = run(foureyes(&db).args(["decisions", "list"]), Duration::from_secs(30));
    assert_eq!(code, 0, "decisions list failed: {err}");
    for (action, verdict) in [
        ("mcp.files.read_text_file", "permit"),
        ("mcp.payments.refund", "deny"),
        ("mcp.github.delete_repository", "defer"),
        ("mcp.shell.run_command", "defer"),
    ] {
        assert!(
            listed.lines().any(|l| l.contains(action) && l.contains(verdict)),
            "no `{verdict}` decision on {action} in:\n{listed}"
        );
    }
}
