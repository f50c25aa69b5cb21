//! `foureyes mcp-proxy --server URL --token T`: the proxy decides, reports and waits through a running `foureyes
//! serve` (a real server process on loopback, with its own database and policy) instead of an embedded store. The
//! upstream is the real reference filesystem server (npm), so every "was it forwarded?" is answered by the disk.
//!
//! - a read is permitted; a write is deferred, approved by a person through the server's HTTP approval API, and the
//!   identical retry is forwarded exactly once (a second retry is answered "already executed");
//! - two identical retries racing: one is forwarded, the other answered, and no refusal is journaled;
//! - restart memory: the deferral is found again by a new proxy process (`GET /v1/deferrals`) and released once;
//! - `--wait`: a held call is released by an approval given while it waits;
//! - fail closed: the server stopped, a server that never answers (timeout), a 5xx, and answers that are not the
//!   asked-for decision — each time the call is answered `isError` and the file is not written;
//! - credentials checked at start-up with `GET /v1/me` (ADR-53): `--token` must be an agent's; with
//!   `--executor-token` (ADR-51) the journal names the executor as reporter, and a token that could not report for
//!   the agent (a person's, an unknown one, the agent's own, another agent's executor or agent, a second agent-role
//!   token of the same agent) is refused before any MCP traffic, deciding and journaling nothing; without it, an
//!   agent that has an executor can neither mark a call started (ADR-1001) nor report, so the proxy forwards nothing.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use support::{BIN, Env, KillOnDrop, decision, filesystem_server, fs_policy, text};

fn env() -> Env {
    Env::new(&fs_policy(""))
}

/// One HTTP/1.1 request to the server (a person's or an admin's side); a body that is not JSON reads as `null`.
fn http(addr: &str, method: &str, path: &str, token: &str, body: Option<&Value>) -> (u16, Value) {
    let (status, payload) = support::http_bytes(addr, method, path, token, body, Duration::from_secs(30)).unwrap();
    (status, serde_json::from_slice(&payload).unwrap_or(Value::Null))
}

/// The proxy as a host runs it, with this test as the MCP client speaking newline-delimited JSON-RPC.
struct Proxy {
    _child: KillOnDrop,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    next_id: i64,
}

/// `foureyes mcp-proxy --server … --token … EXTRA -- <filesystem server>`, with no `FOUREYES_*` variable from the
/// developer's shell.
fn proxy_command(env: &Env, server: &str, token: &str, extra: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command
        .args(["mcp-proxy", "--name", "fs", "--server", &format!("http://{server}"), "--token", token])
        .args(extra)
        .arg("--")
        .arg(filesystem_server())
        .arg(&env.root)
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_POLICY")
        .env_remove("FOUREYES_TOKEN")
        .env_remove("FOUREYES_EXECUTOR_TOKEN")
        // No database and no policy: a remote proxy must not need (or create) either.
        .current_dir(env.dir.path());
    command
}

impl Proxy {
    fn start(env: &Env, server: &str, token: &str, extra: &[&str]) -> Proxy {
        Proxy::spawn(proxy_command(env, server, token, extra))
    }

    fn spawn(mut command: Command) -> Proxy {
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut proxy = Proxy { _child: KillOnDrop(child), stdin, lines, next_id: 1 };
        let init = proxy.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
        );
        assert!(init.get("result").is_some(), "{init}");
        proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        proxy
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.answer_to(id, method)
    }

    fn answer_to(&mut self, id: i64, method: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| panic!("no answer to {method} #{id}"));
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({"name": tool, "arguments": arguments}))["result"].clone()
    }
}

/// The filesystem server leaves `isError` out when a tool succeeds.
fn succeeded(result: &Value) -> bool {
    result.get("content").is_some() && result.get("isError").is_none_or(|e| e == &json!(false))
}

fn write(path: &Path, content: &str) -> Value {
    json!({"path": path.display().to_string(), "content": content})
}

#[test]
fn through_a_remote_server_a_write_is_approved_by_a_person_and_runs_exactly_once() {
    let env = env();
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    let (mut server, addr) = env.serve();
    std::fs::write(env.root.join("a.txt"), "alpha").unwrap();
    let mut proxy = Proxy::start(&env, &addr, &agent, &[]);

    let read = proxy.call("read_text_file", json!({"path": env.root.join("a.txt").display().to_string()}));
    assert_eq!(text(&read), "alpha", "{read}");

    let file = env.root.join("b.txt");
    let held = proxy.call("write_file", write(&file, "bravo"));
    assert_eq!(held["isError"], json!(true), "{held}");
    let meta = decision(&held);
    let approval = meta["approval_id"].as_i64().unwrap();
    assert!(text(&held).starts_with(&format!("NOT EXECUTED — awaiting human approval (approval {approval})")));
    assert!(!file.exists(), "a deferred call reached the upstream");

    // The agent's token cannot approve; a person approves through the server's HTTP API, bound to the digest.
    let body = json!({"digest": meta["digest"]});
    let (status, _) = http(&addr, "POST", &format!("/v1/approvals/{approval}/approve"), &agent, Some(&body));
    assert_eq!(status, 403, "the agent approved its own call");
    let (status, vote) = http(&addr, "POST", &format!("/v1/approvals/{approval}/approve"), &alice, Some(&body));
    assert_eq!((status, vote["approval"]["status"].clone()), (200, json!("approved")), "{vote}");

    let released = proxy.call("write_file", write(&file, "bravo"));
    assert!(succeeded(&released), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "bravo");
    std::fs::write(&file, "edited by a person").unwrap();
    let again = proxy.call("write_file", write(&file, "bravo"));
    assert!(text(&again).starts_with("NOT EXECUTED AGAIN"), "{again}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited by a person", "the retry wrote twice");

    // The server's journal has it all, attributed to the token's principal, reported executed once.
    let (_, list) = http(&addr, "GET", "/v1/decisions?status=all&limit=100", &alice, None);
    let writes: Vec<&Value> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["action"] == json!("mcp.fs.write_file") && d["verdict"] == json!("permit"))
        .collect();
    assert_eq!(writes.len(), 1, "{list:#}");
    assert_eq!((writes[0]["status"].clone(), writes[0]["agent"].clone()), (json!("executed"), json!("bot")));
    let (_, verify) = http(&addr, "GET", "/v1/journal/verify", &alice, None);
    assert_eq!(verify["status"], json!("ok"), "{verify}");

    // The server goes away: nothing is forwarded, neither a write nor a read, and the model is told why.
    let _ = server.0.kill();
    let _ = server.0.wait();
    let lost = env.root.join("lost.txt");
    for (tool, args) in [("write_file", write(&lost, "x")), ("read_text_file", json!({"path": "a.txt"}))] {
        let answer = proxy.call(tool, args);
        assert_eq!(answer["isError"], json!(true), "{answer}");
        assert!(text(&answer).starts_with("NOT EXECUTED — FourEyes could not decide this call"), "{answer}");
        assert!(text(&answer).contains("is unreachable"), "{answer}");
        assert_eq!(decision(&answer)["error"], json!("engine_unavailable"), "{answer}");
    }
    assert!(!lost.exists(), "a call went through while the engine was down");
    drop(proxy);
}

#[test]
fn a_held_call_is_released_by_an_approval_on_the_remote_server() {
    let env = env();
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    let (_server, addr) = env.serve();
    let mut proxy = Proxy::start(&env, &addr, &agent, &["--wait", "60s", "--hide-denied"]);
    // --hide-denied asks the server which actions its policy names.
    let listed = proxy.request("tools/list", json!({}));
    let names: Vec<&str> =
        listed["result"]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["read_text_file", "write_file"], "{listed}");
    let file = env.root.join("held.txt");
    let id = proxy.next_id;
    proxy.next_id += 1;
    proxy.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "write_file", "arguments": write(&file, "held")}}));
    // A person finds the pending approval on the server and approves it while the call is held open.
    let pending = (0..200)
        .find_map(|_| {
            let (_, list) = http(&addr, "GET", "/v1/approvals?status=pending", &alice, None);
            let first = list.as_array().and_then(|l| l.first()).cloned();
            if first.is_none() {
                std::thread::sleep(Duration::from_millis(50));
            }
            first
        })
        .expect("no pending approval appeared");
    assert!(!file.exists());
    let body = json!({"digest": pending["digest"]});
    let (status, _) =
        http(&addr, "POST", &format!("/v1/approvals/{}/approve", pending["approval_id"]), &alice, Some(&body));
    assert_eq!(status, 200);
    let answer = proxy.answer_to(id, "tools/call");
    assert!(succeeded(&answer["result"]), "{answer}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "held");
}

/// A fake server for the failure modes a real one should not produce: every connection gets `reply` (or, with
/// `None`, is accepted and never answered), except the start-up `GET /v1/me`, answered as for the agent `bot`, and
/// the deferral lookup a proxy makes before deciding, which gets `lookup` (so each case reaches the decide it is
/// about).
fn broken_server(reply: Option<String>, lookup: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for mut stream in listener.incoming().map_while(Result::ok) {
            let Some(reply) = &reply else {
                held.push(stream);
                continue;
            };
            let mut buf = [0u8; 65536];
            let n = stream.read(&mut buf).unwrap_or(0);
            let answer = if buf[..n].starts_with(b"GET /v1/deferrals?") {
                http_reply("200 OK", lookup)
            } else if buf[..n].starts_with(b"GET /v1/me ") {
                http_reply("200 OK", r#"{"name":"bot","role":"agent","totp":false}"#)
            } else {
                reply.clone()
            };
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    addr
}

fn http_reply(status: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

#[test]
fn a_timeout_a_5xx_or_an_answer_that_is_not_the_decision_forwards_nothing() {
    let env = env();
    let wrong_request = json!({
        "decision_id": 1, "request_id": "someone-else", "agent": "bot", "action": "mcp.fs.write_file",
        "verdict": "permit", "reasons": [], "approval_id": null, "tier": 0, "status": "intended", "digest": "d",
        "budgets": [], "would_have": null, "supersedes": null, "decided_at_ms": 1, "reported_at_ms": null,
        "report_detail": null, "params": {}, "target": null, "undo_of": null
    });
    let cases = [
        (None, "did not answer within"),
        (
            Some(http_reply("503 Service Unavailable", r#"{"error":{"code":"storage_error","message":"disk full"}}"#)),
            "HTTP 503",
        ),
        (Some(http_reply("200 OK", r#"{"verdict":"permit"}"#)), "cannot read"),
        (Some(http_reply("200 OK", "permit")), "not JSON"),
        (Some(http_reply("200 OK", &wrong_request.to_string())), "with a decision for `someone-else`"),
    ];
    let cases = cases.into_iter().map(|(reply, expected)| (reply, "[]", expected));
    // The deferral lookup answered with something that is not a list: nothing is decided, nothing forwarded.
    let lookup = [(Some(http_reply("200 OK", &wrong_request.to_string())), r#"{"oops":1}"#, "without a list")];
    for (i, (reply, lookup, expected)) in cases.chain(lookup).enumerate() {
        let addr = broken_server(reply, lookup);
        let mut proxy = Proxy::start(&env, &addr, "t0ken", &["--server-timeout", "1s"]);
        let file = env.root.join(format!("case{i}.txt"));
        let answer = proxy.call("write_file", write(&file, "x"));
        assert_eq!(answer["isError"], json!(true), "{answer}");
        assert!(text(&answer).contains(expected), "case {i}: expected `{expected}` in {answer}");
        assert!(!file.exists(), "case {i}: forwarded although the engine failed");
    }
}

#[test]
fn two_identical_retries_racing_through_a_remote_server_forward_once() {
    let env = env();
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    let (_server, addr) = env.serve();
    let mut proxy = Proxy::start(&env, &addr, &agent, &[]);
    let file = env.root.join("race.txt");
    let held = proxy.call("write_file", write(&file, "once"));
    let meta = decision(&held);
    let body = json!({"digest": meta["digest"]});
    let (status, _) =
        http(&addr, "POST", &format!("/v1/approvals/{}/approve", meta["approval_id"]), &alice, Some(&body));
    assert_eq!(status, 200);
    // Both retries are on the wire before either is answered: the server releases the approval to one decide,
    // the other gets that decision replayed (`replayed: true`) and is answered, not forwarded.
    for id in [100, 101] {
        proxy.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "write_file", "arguments": write(&file, "once")}}));
    }
    // Either may be answered first.
    let mut answers = Vec::new();
    while answers.len() < 2 {
        let line = proxy.lines.recv_timeout(Duration::from_secs(60)).expect("no answer to the racing retries");
        let message: Value = serde_json::from_str(&line).unwrap();
        if message["id"] == json!(100) || message["id"] == json!(101) {
            answers.push(message);
        }
    }
    let ran = answers.iter().filter(|a| succeeded(&a["result"])).count();
    assert_eq!(ran, 1, "{answers:?}");
    let other = answers.iter().find(|a| !succeeded(&a["result"])).unwrap();
    assert!(text(&other["result"]).starts_with("NOT EXECUTED AGAIN"), "{other}");
    let (_, list) = http(&addr, "GET", "/v1/decisions?status=all&limit=100", &alice, None);
    let permits = list.as_array().unwrap().iter().filter(|d| d["verdict"] == json!("permit")).count();
    assert_eq!(permits, 1, "{list:#}");
    // The loser learned from its decide answer (`replayed: true`), not from a refused write.
    let (status, journal) = http(&addr, "GET", "/v1/journal?after_seq=0&limit=5000", &alice, None);
    assert_eq!(status, 200, "{journal}");
    let refusals = journal_refusals(&journal);
    assert!(refusals.is_empty(), "racing retries journaled refusals: {refusals:#?}");
}

/// The `refused` events in a `GET /v1/journal` answer.
fn journal_refusals(journal: &Value) -> Vec<Value> {
    let events = journal.as_array().unwrap_or_else(|| panic!("{journal}"));
    // Not vacuous: the journal read is the real one (it holds the deferral, the release and the report).
    assert!(events.iter().any(|e| e["kind"] == json!("decided")), "{journal:#}");
    events.iter().filter(|e| e["kind"] == json!("refused")).cloned().collect()
}

/// Restart memory through a remote server: a deferred call, the proxy process killed, a person approves, a new
/// proxy process (no shared memory with the first) gets the model's identical retry: it finds the earlier deferral
/// on the server (`GET /v1/deferrals`, by the request-id prefix derived from the call), re-sends its request id and
/// is released — forwarded once, with no second approval asked. A second retry is answered, not run.
#[test]
fn after_a_proxy_restart_the_retry_of_a_deferred_call_finds_its_approval() {
    let env = env();
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    let (_server, addr) = env.serve();
    let file = env.root.join("restart.txt");
    let mut first = Proxy::start(&env, &addr, &agent, &[]);
    let held = first.call("write_file", write(&file, "after restart"));
    let meta = decision(&held);
    assert_eq!(meta["verdict"], json!("defer"), "{held}");
    drop(first); // kills the proxy process (and its upstream child)

    let body = json!({"digest": meta["digest"]});
    let (status, _) =
        http(&addr, "POST", &format!("/v1/approvals/{}/approve", meta["approval_id"]), &alice, Some(&body));
    assert_eq!(status, 200);

    let mut second = Proxy::start(&env, &addr, &agent, &[]);
    let released = second.call("write_file", write(&file, "after restart"));
    assert!(succeeded(&released), "the retry after a restart was not released: {released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "after restart");
    std::fs::write(&file, "edited by a person").unwrap();
    let again = second.call("write_file", write(&file, "after restart"));
    assert!(text(&again).starts_with("NOT EXECUTED AGAIN"), "{again}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited by a person", "the retry wrote twice");

    // One approval in all (the restart asked nobody again), one permit, executed, releasing the first deferral.
    let (_, approvals) = http(&addr, "GET", "/v1/approvals?status=all", &alice, None);
    assert_eq!(approvals.as_array().unwrap().len(), 1, "{approvals:#}");
    let (_, list) = http(&addr, "GET", "/v1/decisions?status=all&limit=100", &alice, None);
    let permits: Vec<&Value> = list.as_array().unwrap().iter().filter(|d| d["verdict"] == json!("permit")).collect();
    assert_eq!(permits.len(), 1, "{list:#}");
    assert_eq!(
        (permits[0]["status"].clone(), permits[0]["supersedes"].clone()),
        (json!("executed"), meta["decision_id"].clone())
    );
}

/// The filesystem policy plus a tier-0 `create_directory`: permitted at once, and whether it was forwarded is
/// answered by the disk.
fn executor_env() -> Env {
    Env::new(&support::fs_policy(
        "  mcp.fs.create_directory:\n    tier: 0\n    params:\n      path: { type: string }\n",
    ))
}

/// `foureyes token create --role executor --for AGENT`: the executor token.
fn executor_token(env: &Env, name: &str, agent: &str) -> String {
    let created = env.cli_json(&["token", "create", "--name", name, "--role", "executor", "--for", agent, "--json"]);
    created["token"].as_str().unwrap().to_string()
}

fn mkdir(path: &Path) -> Value {
    json!({"path": path.display().to_string()})
}

/// The decisions of `action` (newest first), as a person sees them.
fn decisions_of(addr: &str, person: &str, action: &str) -> Vec<Value> {
    let (_, list) = http(addr, "GET", "/v1/decisions?status=all&limit=100", person, None);
    list.as_array().unwrap().iter().filter(|d| d["action"] == json!(action)).cloned().collect()
}

/// The whole journal, as a person reads it.
fn journal(addr: &str, person: &str) -> Vec<Value> {
    let (status, journal) = http(addr, "GET", "/v1/journal?after_seq=0&limit=5000", person, None);
    assert_eq!(status, 200, "{journal}");
    journal.as_array().unwrap().clone()
}

#[test]
fn without_the_executor_token_a_refused_start_forwards_nothing_and_stops_the_proxy() {
    let env = executor_env();
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    executor_token(&env, "runner", "bot");
    let (_server, addr) = env.serve();
    let mut proxy = Proxy::start(&env, &addr, &agent, &[]);

    // The permitted call is not forwarded: its start mark (ADR-1001), asked with the agent token, is refused, since
    // only the executor marks and reports `bot`'s calls. (Before ADR-1001 it ran, and its report was refused after the
    // fact, leaving it "intended, not confirmed" with a deadline that released its reservation.)
    let first = env.root.join("first");
    let answer = proxy.call("create_directory", mkdir(&first));
    assert_eq!(answer["isError"], json!(true), "{answer}");
    let said = text(&answer);
    assert!(said.starts_with("NOT EXECUTED — refused by FourEyes: the server refused the start of decision"), "{said}");
    assert!(said.contains("--executor-token"), "the way out is named: {said}");
    assert!(!first.exists(), "forwarded although its start could not be journaled");
    let made = decisions_of(&addr, &alice, "mcp.fs.create_directory");
    assert_eq!(made.len(), 1, "{made:#?}");
    // Its `failed` report ("not forwarded"), made with the agent token too, is refused as well: the decision stays as
    // it was, and nothing marks it started.
    assert_eq!((made[0]["verdict"].clone(), made[0]["status"].clone()), (json!("permit"), json!("intended")));
    let events = journal(&addr, &alice);
    let refused: Vec<&Value> = events.iter().filter(|e| e["kind"] == json!("refused")).collect();
    assert_eq!(refused.len(), 2, "{events:#?}");
    assert!(refused[0].to_string().contains("only the executor marks the start of its calls"), "{}", refused[0]);
    assert!(refused[1].to_string().contains("only the executor reports outcomes"), "{}", refused[1]);
    assert!(!events.iter().any(|e| e["kind"] == json!("connector_started")), "a start landed: {events:#?}");
    assert!(!events.iter().any(|e| e["kind"] == json!("executed")), "a report landed: {events:#?}");

    // A proxy that cannot mark or report forwards nothing more, and says why (not a crash, not a silent pass).
    let second = env.root.join("second");
    let refused = proxy.call("create_directory", mkdir(&second));
    assert_eq!(refused["isError"], json!(true), "{refused}");
    let said = text(&refused);
    assert!(said.starts_with("NOT EXECUTED — refused by FourEyes: this proxy forwards nothing more"), "{said}");
    assert!(said.contains("--executor-token"), "the way out is named: {said}");
    assert!(!second.exists(), "forwarded although its start would be refused");
    let read = proxy.call("read_text_file", json!({"path": first.display().to_string()}));
    assert_eq!(read["isError"], json!(true), "{read}");
    // Nothing more was even decided: no decision left "intended" for nothing.
    assert_eq!(decisions_of(&addr, &alice, "mcp.fs.create_directory").len(), 1);
}

#[test]
fn with_the_executor_token_reports_are_the_executors_and_the_journal_names_it() {
    let env = executor_env();
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    let runner = executor_token(&env, "runner", "bot");
    let (_server, addr) = env.serve();
    // The token through its environment variable, as a host's config passes secrets.
    let mut command = proxy_command(&env, &addr, &agent, &[]);
    command.env("FOUREYES_EXECUTOR_TOKEN", &runner);
    let mut proxy = Proxy::spawn(command);

    let dir = env.root.join("made");
    let ran = proxy.call("create_directory", mkdir(&dir));
    assert!(succeeded(&ran), "{ran}");
    assert!(dir.is_dir());
    // A write a person approves: the release is reported by the executor too.
    let file = env.root.join("approved.txt");
    let held = proxy.call("write_file", write(&file, "by the runner"));
    let meta = decision(&held);
    let body = json!({"digest": meta["digest"]});
    let (status, _) =
        http(&addr, "POST", &format!("/v1/approvals/{}/approve", meta["approval_id"]), &alice, Some(&body));
    assert_eq!(status, 200);
    let released = proxy.call("write_file", write(&file, "by the runner"));
    assert!(succeeded(&released), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "by the runner");

    for action in ["mcp.fs.create_directory", "mcp.fs.write_file"] {
        let permits: Vec<Value> =
            decisions_of(&addr, &alice, action).into_iter().filter(|d| d["verdict"] == json!("permit")).collect();
        assert_eq!(permits.len(), 1, "{permits:#?}");
        assert_eq!((permits[0]["status"].clone(), permits[0]["agent"].clone()), (json!("executed"), json!("bot")));
    }
    let events = journal(&addr, &alice);
    let reports: Vec<&Value> = events.iter().filter(|e| e["kind"] == json!("executed")).collect();
    assert_eq!(reports.len(), 2, "{events:#?}");
    for report in reports {
        assert_eq!(report["data"]["reported_by"], json!("runner"), "the journal names the executor: {report}");
    }
    // The start-up check journals nothing: an executor's proxy leaves no refusal behind.
    let refusals: Vec<&Value> = events.iter().filter(|e| e["kind"] == json!("refused")).collect();
    assert!(refusals.is_empty(), "{refusals:#?}");
}

/// Runs `mcp-proxy --server … --token TOKEN EXTRA` to its exit (it must not reach MCP traffic): (code, stderr).
fn refused_at_start_up(env: &Env, addr: &str, token: &str, extra: &[&str]) -> (Option<i32>, String) {
    let out = proxy_command(env, addr, token, extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(out.stdout.is_empty(), "the proxy answered MCP: {}", String::from_utf8_lossy(&out.stdout));
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn credentials_that_cannot_decide_or_report_for_the_agent_are_refused_at_start_up() {
    let env = executor_env();
    let agent = env.token("bot", "agent");
    let alice = env.token("alice", "approver");
    let runner = executor_token(&env, "runner", "bot");
    let other_agent = env.token("other", "agent");
    let others_runner = executor_token(&env, "others-runner", "other");
    let (_server, addr) = env.serve();
    let head = journal(&addr, &alice).len();

    // --token must be an agent's: a person's, an executor's or an unknown one is refused before anything runs.
    for (token, expected) in [
        (alice.as_str(), "--token is `alice`, a credential with role approver"),
        (runner.as_str(), "--token is `runner`, a credential with role executor"),
        ("not-a-token", "does not accept the proxy's agent token"),
    ] {
        let (code, stderr) = refused_at_start_up(&env, &addr, token, &[]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains(expected), "expected `{expected}` in {stderr}");
        assert!(!stderr.contains(token), "a token was printed: {stderr}");
    }
    // --executor-token must be an executor serving exactly --token's agent; the message names both principals.
    for (token, expected) in [
        (agent.as_str(), "is the agent token (--token) itself"),
        (alice.as_str(), "--executor-token is `alice`, a credential with role approver, not an executor serving `bot`"),
        ("not-a-token", "does not accept the proxy's executor token"),
        ("  ", "--executor-token is empty"),
        (
            others_runner.as_str(),
            "--executor-token is `others-runner`, the executor of agent `other`, not an executor serving `bot`",
        ),
        (
            other_agent.as_str(),
            "--executor-token is `other`, a credential with role agent, not an executor serving `bot`",
        ),
    ] {
        let (code, stderr) = refused_at_start_up(&env, &addr, &agent, &["--executor-token", token]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains(expected), "expected `{expected}` in {stderr}");
        if token.trim().len() > 2 {
            assert!(!stderr.contains(token), "a token was printed: {stderr}");
        }
        if expected.contains("not an executor serving `bot`") {
            assert!(stderr.contains("--for bot"), "the way out is named: {stderr}");
        }
    }
    // Asking who a token is is a read: nothing was decided and nothing journaled, not even for a person's token.
    assert!(decisions_of(&addr, &alice, "mcp.fs.create_directory").is_empty());
    let after = journal(&addr, &alice);
    assert_eq!(after.len(), head, "the start-up checks wrote {:#?}", &after[head..]);

    // With --executor-token the binding must be known before anything is forwarded: no server, no start (exit 8).
    let closed = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().to_string();
    let (code, stderr) = refused_at_start_up(&env, &closed, &agent, &["--executor-token", &runner]);
    assert_eq!(code, Some(8), "{stderr}");
    assert!(stderr.contains("is unreachable"), "{stderr}");
}

/// A server that knows `bot` under two agent-role tokens, as one would after a rotation that keeps the old token
/// alive. The store keeps one token per principal today, so this stands in for one; it answers only `GET /v1/me`
/// (whose answer depends on the bearer token) and records every request line it gets.
fn two_tokens_for_bot(tokens: [&'static str; 2]) -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        for mut stream in listener.incoming().map_while(Result::ok) {
            let mut buf = [0u8; 65536];
            let n = stream.read(&mut buf).unwrap_or(0);
            let request = String::from_utf8_lossy(&buf[..n]).into_owned();
            log.lock().unwrap().push(request.lines().next().unwrap_or_default().to_string());
            // Header names arrive in whatever case the client sends (hyper: lower case).
            let lower = request.to_ascii_lowercase();
            let known = tokens.iter().any(|t| lower.contains(&format!("authorization: bearer {t}\r\n")));
            let answer = if request.starts_with("GET /v1/me ") && known {
                http_reply("200 OK", r#"{"name":"bot","role":"agent","totp":false}"#)
            } else {
                http_reply("404 Not Found", r#"{"error":{"code":"not_found","message":"not here"}}"#)
            };
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    (addr, seen)
}

/// Before `GET /v1/me`, a second agent-role token of the agent itself passed both checks (the report probe answers
/// an agent 404, and `bot`'s token may read `bot`'s decisions), and the proxy forwarded calls it could not report
/// once `bot` had an executor. Its role now refuses it at start-up, whatever its principal.
#[test]
fn a_second_agent_token_of_the_same_agent_is_refused_as_executor_token_at_start_up() {
    let env = executor_env();
    let (addr, seen) = two_tokens_for_bot(["fe_bot_one", "fe_bot_two"]);
    let (code, stderr) = refused_at_start_up(&env, &addr, "fe_bot_one", &["--executor-token", "fe_bot_two"]);
    assert_eq!(code, Some(2), "{stderr}");
    let expected = "--executor-token is `bot`, a credential with role agent, not an executor serving `bot` (the agent \
                    of --token)";
    assert!(stderr.contains(expected), "expected `{expected}` in {stderr}");
    assert!(!stderr.contains("fe_bot_"), "a token was printed: {stderr}");
    // Only the two identity reads were made: nothing decided, nothing reported.
    assert_eq!(*seen.lock().unwrap(), vec!["GET /v1/me HTTP/1.1".to_string(); 2]);
}

#[test]
fn the_embedded_proxy_refuses_an_executor_token() {
    let env = executor_env();
    let out = env
        .command()
        .args(["mcp-proxy", "--name", "fs", "--executor-token", "e", "--"])
        .arg(filesystem_server())
        .arg(&env.root)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--executor-token (or FOUREYES_EXECUTOR_TOKEN) is for --server"), "{stderr}");
}
