//! A wall clock that jumps, through `foureyes serve` as a real process (issue 19, ADR-141).
//!
//! The fault shim (`tests/faults/shim.c`) adds an offset, read from a file on every call, to the server's
//! `CLOCK_REALTIME`: the test steps the wall clock forward and backward as NTP would, while budget windows, undo
//! windows and approvals are live. Properties:
//! - a forward step never frees budget early (the window does not slide past a reservation seconds old);
//! - a backward step never re-opens a closed undo window nor revives an expired approval.
#![allow(clippy::unwrap_used)]

use crate::faults;
use crate::support;

use serde_json::{Value, json};
use std::process::Stdio;
use std::time::Duration;
use support::{Env, KillOnDrop, announced};

const POLICY: &str = "\
version: 1
timezone: UTC
actions:
  payments.refund:
    tier: 2
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    budgets: [ { param: amount_eur, max: 1000, per: 1h } ]
  payments.daily:
    tier: 2
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    budgets: [ { param: amount_eur, max: 1000, per: 1d } ]
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    approvals: { required: 1, ttl: 2s }
  calendar.create:
    tier: 1
    params:
      title: { type: string, max_len: 100 }
    compensate: { action: calendar.delete, window: 2s }
  calendar.delete:
    tier: 2
    params:
      title: { type: string, max_len: 100 }
    limits: [ { count: 100, per: 1h } ]
";

const HOUR_MS: i64 = 3_600_000;

struct Server {
    _child: KillOnDrop,
    addr: String,
    clock: std::path::PathBuf,
}

impl Server {
    fn start(env: &Env) -> Server {
        Server::start_at(env, 0)
    }

    /// A server whose wall clock reads `offset_ms` from the true time from the start.
    fn start_at(env: &Env, offset_ms: i64) -> Server {
        Server::spawn(env.command(), env.dir.path().join("clock-offset-ms"), offset_ms)
    }

    /// `foureyes serve` run by `command` under the fault shim, its wall clock `offset_ms` off through the file
    /// `clock` (which a test rewrites to step it while it runs).
    fn spawn(mut command: std::process::Command, clock: std::path::PathBuf, offset_ms: i64) -> Server {
        std::fs::write(&clock, offset_ms.to_string()).unwrap();
        let mut child = command
            .args(["serve", "--listen", "127.0.0.1:0"])
            .env("LD_PRELOAD", faults::shim())
            .env("FOUREYES_FAULT_CLOCK", &clock)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let child = KillOnDrop(child);
        let addr = announced(stdout, "the server printed no address", |line| {
            line.split(" on http://").nth(1).map(|url| url.trim().to_string())
        });
        Server { _child: child, addr, clock }
    }

    fn pid(&self) -> u32 {
        self._child.0.id()
    }

    /// Steps the server's wall clock to `offset_ms` from the true time.
    fn step_to(&self, offset_ms: i64) {
        std::fs::write(&self.clock, offset_ms.to_string()).unwrap();
    }

    fn call(&self, method: &str, path: &str, token: &str, body: Option<&Value>) -> (u16, Value) {
        let (status, payload) =
            support::http_bytes(&self.addr, method, path, token, body, Duration::from_secs(30)).unwrap();
        (status, serde_json::from_slice(&payload).unwrap_or(Value::Null))
    }

    fn decide(&self, token: &str, body: Value) -> Value {
        let (status, v) = self.call("POST", "/v1/decide", token, Some(&body));
        assert_eq!(status, 200, "{v}");
        v
    }
}

#[test]
fn a_forward_clock_step_never_frees_budget_early() {
    let env = Env::new(POLICY);
    let agent = env.token("agent", "agent");
    let server = Server::start(&env);
    let first =
        server.decide(&agent, json!({"request_id": "r1", "action": "payments.refund", "params": {"amount_eur": 1000}}));
    assert_eq!(first["verdict"], "permit", "{first}");
    // NTP steps the clock 2 h forward: the 1 h budget window must still hold the reservation made a moment ago.
    server.step_to(2 * HOUR_MS);
    let second =
        server.decide(&agent, json!({"request_id": "r2", "action": "payments.refund", "params": {"amount_eur": 1000}}));
    // Over budget, a tier-2 action is not permitted (it escalates to a person).
    assert!(
        second["verdict"] != "permit" && second["budgets"][0]["consumed"] == "1000",
        "a 2 h forward step of the wall clock freed 1000 EUR of budget spent a moment ago: {second}"
    );
}

#[test]
fn a_backward_clock_step_never_reopens_an_undo_window_or_revives_an_approval() {
    let env = Env::new(POLICY);
    let agent = env.token("agent", "agent");
    let approver = env.token("alice", "approver");
    let server = Server::start(&env);

    let created =
        server.decide(&agent, json!({"request_id": "c1", "action": "calendar.create", "params": {"title": "standup"}}));
    assert_eq!(created["verdict"], "permit", "{created}");
    let id = created["decision_id"].as_i64().unwrap();
    let (status, v) =
        server.call("POST", &format!("/v1/decisions/{id}/report"), &agent, Some(&json!({"outcome": "executed"})));
    assert_eq!(status, 200, "{v}");
    let deferred =
        server.decide(&agent, json!({"request_id": "p1", "action": "payments.send", "params": {"amount_eur": 10}}));
    assert_eq!(deferred["verdict"], "defer", "{deferred}");

    // The 2 s undo window and the 2 s approval TTL pass for real; then NTP steps the clock 1 h back.
    std::thread::sleep(Duration::from_millis(2_500));
    server.step_to(-HOUR_MS);

    let undo = server.decide(
        &agent,
        json!({"request_id": "u1", "action": "calendar.delete", "params": {"title": "standup"}, "undo_of": id}),
    );
    assert_eq!(undo["verdict"], "deny", "a 1 h backward step re-opened a closed undo window: {undo}");
    let approval = deferred["approval_id"].as_i64().unwrap();
    let (status, v) = server.call(
        "POST",
        &format!("/v1/approvals/{approval}/approve"),
        &approver,
        Some(&json!({"digest": deferred["digest"]})),
    );
    assert_ne!(status, 200, "a 1 h backward step revived an expired approval: {v}");
}

/// ADR-360, F63: a wall clock set back while the server was down, or read by a CLI process, must not re-open what
/// the journal has already moved past: a closed undo window, an expired approval, a spent day or hour of budget.
/// Red before the clock floor: the restarted server re-opened the closed undo window.
#[test]
fn a_clock_set_back_across_a_restart_or_in_a_cli_process_reopens_nothing() {
    let env = Env::new(POLICY);
    let agent = env.token("agent", "agent");
    let approver = env.token("alice", "approver");
    let spend = |server: &Server, id: &str, action: &str| {
        server.decide(&agent, json!({"request_id": id, "action": action, "params": {"amount_eur": 1000}}))
    };
    let (id, deferred, cli_deferred) = {
        let server = Server::start(&env);
        for (id, action) in [("d1", "payments.daily"), ("h1", "payments.refund")] {
            let v = spend(&server, id, action);
            assert_eq!(v["verdict"], "permit", "{v}");
        }
        let created = server
            .decide(&agent, json!({"request_id": "c1", "action": "calendar.create", "params": {"title": "standup"}}));
        let id = created["decision_id"].as_i64().unwrap();
        let (status, v) =
            server.call("POST", &format!("/v1/decisions/{id}/report"), &agent, Some(&json!({"outcome": "executed"})));
        assert_eq!(status, 200, "{v}");
        let deferred =
            server.decide(&agent, json!({"request_id": "p1", "action": "payments.send", "params": {"amount_eur": 10}}));
        let cli_deferred =
            server.decide(&agent, json!({"request_id": "p2", "action": "payments.send", "params": {"amount_eur": 20}}));
        assert_eq!((&deferred["verdict"], &cli_deferred["verdict"]), (&json!("defer"), &json!("defer")));
        // The 2 s undo window and the 2 s approval TTL pass for real, and the server stops.
        std::thread::sleep(Duration::from_millis(2_500));
        // The record moves past both deadlines (any event does; a clean stop writes one too). The floor is the newest
        // event: what passed after it while the door was down is not on record, so a kill right at a deadline
        // would leave `now` just before it (ADR-360, limits).
        let later = server
            .decide(&agent, json!({"request_id": "c2", "action": "calendar.create", "params": {"title": "later"}}));
        assert_eq!(later["verdict"], "permit", "{later}");
        (id, deferred, cli_deferred)
    };
    // The machine's clock is set back a day and two hours while the server is down.
    let back = -26 * HOUR_MS;
    let server = Server::start_at(&env, back);
    for (id, action) in [("d2", "payments.daily"), ("h2", "payments.refund")] {
        let v = spend(&server, id, action);
        assert!(v["verdict"] != "permit", "a clock set back across a restart freed the budget of {action}: {v}");
    }
    let undo = server.decide(
        &agent,
        json!({"request_id": "u1", "action": "calendar.delete", "params": {"title": "standup"}, "undo_of": id}),
    );
    assert_eq!(undo["verdict"], "deny", "a clock set back across a restart re-opened a closed undo window: {undo}");
    let approval = deferred["approval_id"].as_i64().unwrap();
    let (status, v) = server.call(
        "POST",
        &format!("/v1/approvals/{approval}/approve"),
        &approver,
        Some(&json!({"digest": deferred["digest"]})),
    );
    assert_ne!(status, 200, "a clock set back across a restart revived an expired approval: {v}");
    drop(server);
    // A CLI process on the same machine reads the same clock.
    let cli = |args: &[&str]| {
        env.command()
            .args(args)
            .env("LD_PRELOAD", faults::shim())
            .env("FOUREYES_FAULT_CLOCK", env.dir.path().join("clock-offset-ms"))
            .output()
            .unwrap()
    };
    let approval = cli_deferred["approval_id"].as_i64().unwrap().to_string();
    let digest = cli_deferred["digest"].as_str().unwrap();
    let out = cli(&["approvals", "approve", "--as", "alice", "--digest", digest, &approval]);
    assert!(!out.status.success(), "a CLI process with its clock set back revived an expired approval");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("(ADR-730)"), "the CLI says why it does not follow its clock: {stderr}");
    let out = cli(&[
        "decide",
        "--agent",
        "agent",
        "--action",
        "payments.daily",
        "--request-id",
        "d3",
        "--json",
        "--params",
        r#"{"amount_eur": 1000}"#,
    ]);
    let v: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert!(v["verdict"] != "permit", "a CLI process with its clock set back freed the daily budget: {v}");
}

/// ADR-360 for change control (F567): `foureyes task …` opens its own store and read the bare wall clock, so a task
/// command run with the machine's clock set back stamped its events a day before the journal's newest (an apply
/// intent 26 h before the proposal it applies). Its `now` keeps to the same floor as every other command's now.
#[test]
fn a_task_command_with_its_clock_set_back_never_stamps_before_the_journal() {
    let env = Env::new(POLICY);
    let ws = env.dir.path().join("ws");
    std::fs::create_dir(&ws).unwrap();
    let content = env.dir.path().join("content");
    std::fs::write(&content, "good\n").unwrap();
    let clock = env.dir.path().join("clock-offset-ms");
    std::fs::write(&clock, "0").unwrap();
    let task = |args: &[&str]| {
        let out = env
            .command()
            .arg("task")
            .args(args)
            .env("LD_PRELOAD", faults::shim())
            .env("FOUREYES_FAULT_CLOCK", &clock)
            .output()
            .unwrap();
        assert!(out.status.success(), "task {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let ws = ws.to_str().unwrap();
    task(&["create", "--task", "t1", "--workspace", ws, "--check", "true", "--unsandboxed-check"]);
    let content = content.to_str().unwrap();
    task(
        &["propose", "--task", "t1", "--command-id", "p1", "--expected-revision", "0"]
            .into_iter()
            .chain(["--path", "a.txt", "--content-file", content])
            .collect::<Vec<_>>(),
    );
    // The machine's clock is set back a day and two hours.
    std::fs::write(&clock, (-26 * HOUR_MS).to_string()).unwrap();
    let said = task(&["apply", "--task", "t1", "--command-id", "a1", "--expected-revision", "1"]);
    let out = env.cli(&["journal", "tail", "-n", "100", "--json"]);
    let events: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let proposed = events.iter().find(|e| e["kind"] == "task_proposed").unwrap()["ts_ms"].as_i64().unwrap();
    let intended = events.iter().find(|e| e["kind"] == "task_apply_intended").unwrap();
    let applied = events.iter().find(|e| e["kind"] == "task_applied").unwrap()["ts_ms"].as_i64().unwrap();
    for (what, at) in [
        ("the intent's event", intended["ts_ms"].as_i64().unwrap()),
        ("the intent's at_ms", intended["data"]["at_ms"].as_i64().unwrap()),
        ("the apply's event", applied),
    ] {
        assert!(at >= proposed, "{what} is stamped {} s before the proposal it follows", (proposed - at) / 1000);
    }
    assert!(said.contains("(ADR-730)"), "the task command says why it does not follow its clock: {said}");
}

/// `foureyes ARGS` run with its wall clock `offset_ms` from the true time (the shim reads the offset from a file).
fn cli_at(env: &Env, offset_ms: i64, args: &[&str]) -> std::process::Output {
    let clock = env.dir.path().join("cli-clock-offset-ms");
    std::fs::write(&clock, offset_ms.to_string()).unwrap();
    env.command().args(args).env("LD_PRELOAD", faults::shim()).env("FOUREYES_FAULT_CLOCK", &clock).output().unwrap()
}

/// The decision a `decide --json` or `undo --json` printed, or `Null` when the door printed none (it refused).
fn printed(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or(Value::Null)
}

/// H1 of attack17 (F730): with the wall clock set back after the record went quiet, ADR-360's floor froze `now` at the
/// journal's newest event, so an undo window and an approval TTL that had closed while nothing was written opened
/// again — in a CLI process and in a server restarted with its clock set back. Time is anchored to the host's boot
/// clock (ADR-730): every door on this boot reads the time that passed. With no anchor to resolve the step, the door
/// fails closed: it decides nothing rather than reopen a window.
#[test]
fn a_clock_set_back_after_the_record_went_quiet_reopens_nothing() {
    let env = Env::new(POLICY);
    env.token("alice", "approver");
    let decide = |offset_ms: i64, request_id: &str, action: &str, params: &str, extra: &[&str]| {
        let mut args = vec!["decide", "--agent", "agent", "--action", action, "--request-id", request_id];
        args.extend_from_slice(&["--json", "--params", params]);
        args.extend_from_slice(extra);
        cli_at(&env, offset_ms, &args)
    };
    let created = printed(&decide(0, "c1", "calendar.create", r#"{"title": "standup"}"#, &[]));
    assert_eq!(created["verdict"], "permit", "{created}");
    let id = created["decision_id"].as_i64().unwrap().to_string();
    let out = cli_at(&env, 0, &["report", &id, "--outcome", "executed"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let deferred = printed(&decide(0, "p1", "payments.send", r#"{"amount_eur": 10}"#, &[]));
    assert_eq!(deferred["verdict"], "defer", "{deferred}");
    let approval = deferred["approval_id"].as_i64().unwrap().to_string();
    let digest = deferred["digest"].as_str().unwrap().to_string();
    // The 2 s undo window and the 2 s approval TTL pass for real while nothing is written; then the clock steps 1 h back.
    std::thread::sleep(Duration::from_millis(3_000));
    let back = -HOUR_MS;
    let reopened = |what: &str| {
        let undo = printed(&cli_at(&env, back, &["undo", &id, "--agent", "agent", "--json"]));
        assert!(undo["verdict"] != "permit", "{what} re-opened a closed undo window: {undo}");
        let out = cli_at(&env, back, &["approvals", "approve", "--as", "alice", "--digest", &digest, &approval]);
        assert!(!out.status.success(), "{what} approved an expired approval: {}", String::from_utf8_lossy(&out.stdout));
        let resent = printed(&decide(back, "p1", "payments.send", r#"{"amount_eur": 10}"#, &[]));
        assert!(resent["verdict"] != "permit", "{what} released an expired approval as a permit: {resent}");
    };
    // Without the anchor (another boot, or a store that never had one) the step cannot be measured: the clock reads
    // before the newest time on record, so a door that decides refuses and says why — starting from the record's time
    // instead would re-open both windows.
    let anchor = clock_anchor(&env);
    let kept = std::fs::read(&anchor).unwrap();
    std::fs::remove_file(&anchor).unwrap();
    let out = cli_at(&env, back, &["undo", &id, "--agent", "agent", "--json"]);
    assert!(printed(&out)["verdict"] != "permit", "an unmeasured backward step re-opened a closed undo window");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("ADR-730"), "the door says why it refuses: {said}");
    let out = cli_at(&env, back, &["approvals", "approve", "--as", "alice", "--digest", &digest, &approval]);
    assert!(!out.status.success(), "an unmeasured backward step approved an expired approval");
    // With the anchor of this boot, the step is measured and the door decides at the right time.
    std::fs::write(&anchor, kept).unwrap();
    reopened("a CLI process with its clock set back 1 h");
    // A server restarted with its clock set back reads the same anchor.
    {
        let server = Server::start_at(&env, back);
        let agent = env.token("agent2", "agent");
        let (_, undo) = server.call(
            "POST",
            "/v1/decide",
            &agent,
            Some(&json!({"request_id": "u9", "action": "calendar.delete", "params": {"title": "standup"}, "undo_of": id.parse::<i64>().unwrap()})),
        );
        assert!(
            undo["verdict"] != "permit",
            "a server restarted with its clock set back re-opened a closed undo window: {undo}"
        );
    }
}

/// Attack 18, the anchor replaced (ADR-367, F75): a writer beside the database (not holding the seal key) rewrote the
/// anchor of this boot two hours ahead; the next door read that time, saw the hour's reservations out of its budget
/// window and permitted again. A door holding the seal key believes only an anchor its key sealed: it reads the wall
/// clock instead (never before the record) and says why.
#[test]
fn under_the_seal_key_an_anchor_rewritten_ahead_frees_no_budget() {
    let env = Env::new(POLICY).sealed();
    let spend = |request_id: &str| {
        let args = ["decide", "--agent", "agent", "--action", "payments.refund", "--request-id", request_id];
        cli_at(&env, 0, &[&args[..], &["--json", "--params", r#"{"amount_eur": 600}"#]].concat())
    };
    let first = printed(&spend("r1"));
    assert_eq!(first["verdict"], "permit", "{first}");
    let anchor = clock_anchor(&env);
    let written = std::fs::read_to_string(&anchor).unwrap();
    let fields: Vec<&str> = written.split_whitespace().collect();
    let sealed = fields.len() == 6 && fields[5].starts_with("mac=");
    assert!(sealed, "a door holding the seal key seals the anchor it writes (ADR-367, ADR-369's form): {written}");
    let ahead = fields[2].parse::<i64>().unwrap() + 2 * HOUR_MS;
    std::fs::write(&anchor, format!("{} {} {ahead}\n", fields[0], fields[1])).unwrap();
    let out = spend("r2");
    let second = printed(&out);
    assert!(second["verdict"] != "permit", "an anchor rewritten 2 h ahead freed the hour's budget: {second}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("ADR-367"), "the door says it set the anchor aside: {said}");
}

/// Attack 19, R2 (ADR-367, F76): a second store under the same seal key, whose first door read a wall clock 2 h ahead,
/// wrote a sealed anchor; copied over this store's anchor, it was believed (the MAC did not say which store), and a
/// door at the right clock saw the hour's reservations out of its budget window: 1,320 EUR against 1,000 per hour. The
/// anchor's MAC now binds the file it was written to.
#[test]
fn under_the_seal_key_an_anchor_copied_from_another_store_frees_no_budget() {
    let env = Env::new(POLICY).sealed();
    let other = Env::new(POLICY).sealed();
    std::fs::copy(env.dir.path().join("seal.key"), other.dir.path().join("seal.key")).unwrap();
    let spend = |env: &Env, offset_ms: i64, request_id: &str| {
        let args = ["decide", "--agent", "agent", "--action", "payments.refund", "--request-id", request_id];
        printed(&cli_at(env, offset_ms, &[&args[..], &["--json", "--params", r#"{"amount_eur": 600}"#]].concat()))
    };
    let first = spend(&env, 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    let theirs = spend(&other, 2 * HOUR_MS, "o1");
    assert_eq!(theirs["verdict"], "permit", "{theirs}");
    std::fs::copy(clock_anchor(&other), clock_anchor(&env)).unwrap();
    let second = spend(&env, 0, "r2");
    assert!(second["verdict"] != "permit", "another store's sealed anchor 2 h ahead freed the hour's budget: {second}");
}

/// A CLI door (in `namespace`, its wall clock `offset_ms` off) spends 600 EUR of the hour's 1,000.
fn spend_600(env: &Env, namespace: Option<&str>, offset_ms: i64, request_id: &str) -> Value {
    let args = ["decide", "--agent", "agent", "--action", "payments.refund", "--request-id", request_id];
    let ns: Vec<&str> = namespace.map(|n| vec!["--namespace", n]).unwrap_or_default();
    printed(&cli_at(env, offset_ms, &[&ns[..], &args[..], &["--json", "--params", r#"{"amount_eur": 600}"#]].concat()))
}

/// Puts the SQLite database at `from` (with its `-wal` and `-shm`, not its anchor) in the place of the one at `to`,
/// which is removed first, by `put` (a rename moves it, a copy copies it).
fn put_database(
    from: &std::path::Path,
    to: &std::path::Path,
    put: impl Fn(&std::path::Path, &std::path::Path) -> std::io::Result<()>,
) {
    remove_database(to);
    for suffix in ["", "-wal", "-shm"] {
        let (mut source, mut target) = (from.as_os_str().to_owned(), to.as_os_str().to_owned());
        source.push(suffix);
        target.push(suffix);
        if std::path::Path::new(&source).exists() {
            put(std::path::Path::new(&source), std::path::Path::new(&target)).unwrap();
        }
    }
}

/// Removes the SQLite database at `db` and its `-wal` and `-shm` (not its anchor).
fn remove_database(db: &std::path::Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut file = db.as_os_str().to_owned();
        file.push(suffix);
        let _ = std::fs::remove_file(std::path::PathBuf::from(file));
    }
}

/// Attack 20's H2 (ADR-840, F840), the three cases the attacker measured at 1,140 EUR against 1,000/h: the anchor's
/// MAC bound the file, not the store. A first store at this path whose first door read a wall clock 2 h ahead left a
/// sealed anchor; the store went (deleted, its namespace re-created, or another database moved into its place), the
/// store now there spent 600 EUR at the right clock, and a writer without the key put the old anchor back: the next
/// door at the right clock read a time 2 h ahead and spent the hour again. The MAC now names the store too (its first
/// event's hash).
#[test]
fn under_the_seal_key_the_anchor_of_a_store_deleted_and_created_again_at_its_path_frees_no_budget() {
    let env = Env::new(POLICY).sealed();
    let old = spend_600(&env, None, 2 * HOUR_MS, "o1");
    assert_eq!(old["verdict"], "permit", "{old}");
    let saved = env.dir.path().join("saved.clock");
    std::fs::copy(clock_anchor(&env), &saved).unwrap();
    remove_database(&env.db);
    std::fs::remove_file(clock_anchor(&env)).unwrap();
    let first = spend_600(&env, None, 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    std::fs::copy(&saved, clock_anchor(&env)).unwrap();
    let second = spend_600(&env, None, 0, "r2");
    assert!(
        second["verdict"] != "permit",
        "the sealed anchor of the store that lived at this path before, 2 h ahead, freed the hour's budget: {second}"
    );
}

/// H2, a namespace's store deleted and created again (its own journal, its own anchor `fe.ns-team-b.db.clock`).
#[test]
fn under_the_seal_key_the_anchor_of_a_namespace_store_created_again_frees_no_budget() {
    let env = Env::new(POLICY).sealed();
    let db = foureyes_store::namespace::database(&env.db, Some("team-b"));
    let mut anchor = db.as_os_str().to_owned();
    anchor.push(".clock");
    let anchor = std::path::PathBuf::from(anchor);
    let old = spend_600(&env, Some("team-b"), 2 * HOUR_MS, "o1");
    assert_eq!(old["verdict"], "permit", "{old}");
    let saved = env.dir.path().join("saved.clock");
    std::fs::copy(&anchor, &saved).unwrap();
    remove_database(&db);
    std::fs::remove_file(&anchor).unwrap();
    let first = spend_600(&env, Some("team-b"), 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    std::fs::copy(&saved, &anchor).unwrap();
    let second = spend_600(&env, Some("team-b"), 0, "r2");
    assert!(
        second["verdict"] != "permit",
        "the sealed anchor of namespace team-b's earlier store, 2 h ahead, freed the hour's budget: {second}"
    );
}

/// H2, this store's database moved into the directory of another store under the same key, under its file name.
#[test]
fn under_the_seal_key_a_database_moved_into_another_stores_place_does_not_believe_its_anchor() {
    let env = Env::new(POLICY).sealed();
    let other = Env::new(POLICY).sealed();
    std::fs::copy(env.dir.path().join("seal.key"), other.dir.path().join("seal.key")).unwrap();
    let first = spend_600(&env, None, 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    let theirs = spend_600(&other, None, 2 * HOUR_MS, "o1");
    assert_eq!(theirs["verdict"], "permit", "{theirs}");
    // This store's database (not its anchor) takes the other's place under its file name; the other's anchor stays.
    put_database(&env.db, &other.db, |from, to| std::fs::rename(from, to));
    let second = spend_600(&other, None, 0, "r2");
    assert!(
        second["verdict"] != "permit",
        "a database moved into another store's place believed that store's anchor, 2 h ahead: {second}"
    );
}

/// Attack 22's C1 (`clone22.py clone_moved`; RED before ADR-375: the second 600 EUR was permitted, 1,200 EUR against
/// 1,000 per hour): a copy of this store (the same first event, so the same store name in the anchor's MAC), opened
/// at another path by a keyed door whose clock is 2 h ahead, seals an anchor there; this store's live database is
/// then moved into the copy's place. The anchor names the copy's database file, not this one.
#[test]
fn under_the_seal_key_a_copy_of_the_store_mints_no_anchor_its_live_database_believes() {
    let env = Env::new(POLICY).sealed();
    let copy = Env::new(POLICY).sealed();
    std::fs::copy(env.dir.path().join("seal.key"), copy.dir.path().join("seal.key")).unwrap();
    let first = spend_600(&env, None, 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    put_database(&env.db, &copy.db, |from, to| std::fs::copy(from, to).map(drop));
    let ahead = cli_at(&copy, 2 * HOUR_MS, &["decisions", "list"]);
    assert!(ahead.status.success(), "{}", String::from_utf8_lossy(&ahead.stderr));
    assert!(std::fs::read_to_string(clock_anchor(&copy)).unwrap().contains("mac="), "the copy's door sealed an anchor");
    // The live database takes the copy's place under its file name; the copy's anchor stays.
    put_database(&env.db, &copy.db, |from, to| std::fs::rename(from, to));
    let second = spend_600(&copy, None, 0, "r2");
    assert!(
        second["verdict"] != "permit",
        "the live database moved into a copy's place believed the copy's anchor, 2 h ahead: {second}"
    );
}

/// Attack 23's S1 (ADR-880, F880; `stale23.py mac_flip`, `renamed`; RED before ADR-880: the door 2 h ahead was
/// permitted, 1,200 EUR against 1,000 per hour): once the anchor failed the seal check — one hex digit of its MAC
/// changed by a writer without the key, or the database restored by `cp` + `mv` (a new file) — no CLI door ever
/// replaced it, and every later door ran on its own wall clock for good. A keyed door whose key verifies the journal
/// head's seal now treats such an anchor as a deleted one: it writes it anew at its time, so a later door 2 h ahead
/// follows it. Here the door that does is a read (`decisions list`), and the wrong clock comes a door later.
#[test]
fn under_the_seal_key_an_anchor_that_fails_its_check_is_written_anew_by_the_next_keyed_door() {
    for case in ["one hex digit of its MAC changed", "the database restored by cp and mv"] {
        let env = Env::new(POLICY).sealed();
        let first = spend_600(&env, None, 0, "r1");
        assert_eq!(first["verdict"], "permit", "{case}: {first}");
        let anchor = clock_anchor(&env);
        if case.starts_with("one hex digit") {
            let text = std::fs::read_to_string(&anchor).unwrap();
            let text = text.trim_end();
            let flipped = if text.ends_with('0') { '1' } else { '0' };
            std::fs::write(&anchor, format!("{}{flipped}\n", &text[..text.len() - 1])).unwrap();
        } else {
            let restored = env.dir.path().join("restored.db");
            put_database(&env.db, &restored, |from, to| std::fs::copy(from, to).map(drop));
            put_database(&restored, &env.db, |from, to| std::fs::rename(from, to));
        }
        let read = cli_at(&env, 0, &["decisions", "list"]);
        assert!(read.status.success(), "{case}: {}", String::from_utf8_lossy(&read.stderr));
        let second = spend_600(&env, None, 2 * HOUR_MS, "r2");
        assert!(
            second["verdict"] != "permit",
            "{case}: a door 2 h ahead after a keyed door set the anchor aside spent the hour again: {second}"
        );
    }
}

/// Attack 23's N1 (ADR-881, F881; `nsanchor23.py ns_k1`; RED before ADR-881: the namespace's anchor was rewritten
/// under the serve's key): `serve --serve-namespace team=…` whose key verified its main store's journal refused
/// team's journal, sealed under another key, but wrote team's sealed anchor on its way out — its served mark and
/// outages gone, so team's own keyed doors no longer counted the outage (2 permits against a count of 1). Whether a
/// key is the store's is now proven per store.
#[test]
fn a_serve_whose_key_is_not_a_namespace_stores_leaves_that_stores_anchor_alone() {
    let env = Env::new(POLICY).sealed();
    let main = spend_600(&env, None, 0, "m1");
    assert_eq!(main["verdict"], "permit", "{main}");
    let team_key = env.dir.path().join("team.key");
    std::fs::write(&team_key, format!("{}\n", "7a".repeat(32))).unwrap();
    let args = ["--namespace", "team", "decide", "--agent", "agent", "--action", "payments.refund"];
    let out = env
        .command()
        .env("FOUREYES_SEAL_KEY", &team_key)
        .args(args)
        .args(["--request-id", "t1", "--json", "--params", r#"{"amount_eur": 600}"#])
        .output()
        .unwrap();
    assert_eq!(printed(&out)["verdict"], "permit", "{}", String::from_utf8_lossy(&out.stderr));
    let db = foureyes_store::namespace::database(&env.db, Some("team"));
    let mut anchor = db.into_os_string();
    anchor.push(".clock");
    let before = std::fs::read_to_string(&anchor).unwrap();
    assert!(before.contains("mac="), "team's door sealed its anchor: {before}");
    std::thread::sleep(Duration::from_millis(1_100));
    let namespace = format!("team={}", env.policy.display());
    let mut serve = env
        .command()
        .args(["serve", "--listen", "127.0.0.1:0", "--serve-namespace", &namespace])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = serve.try_wait().unwrap() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline, "the serve did not refuse team's journal within 30 s");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(!status.success(), "a serve whose key is not team's refuses team's journal");
    let after = std::fs::read_to_string(&anchor).unwrap();
    assert_eq!(before, after, "a serve whose key never verified team's journal rewrote team's sealed anchor");
}

/// `foureyes ARGS` on the database named `db` (another name of `env`'s), its wall clock `offset_ms` off.
fn cli_on_at(env: &Env, db: &std::path::Path, offset_ms: i64, args: &[&str]) -> std::process::Output {
    let clock = env.dir.path().join("cli-clock-offset-ms");
    std::fs::write(&clock, offset_ms.to_string()).unwrap();
    let mut command = std::process::Command::new(support::BIN);
    command.arg("--db").arg(db).arg("--policy").arg(&env.policy);
    for var in ["FOUREYES_DB", "FOUREYES_POLICY", "FOUREYES_NAMESPACE"] {
        command.env_remove(var);
    }
    if let Some(key) = &env.seal {
        command.env("FOUREYES_SEAL_KEY", key);
    }
    command.args(args).env("LD_PRELOAD", faults::shim()).env("FOUREYES_FAULT_CLOCK", &clock).output().unwrap()
}

/// Attack 23's I3 and I2 (ADR-882, F882; `alias23.py alias`, `hardlink`; RED before ADR-882: the door 2 h ahead
/// through the other name was permitted, 1,200 EUR against 1,000 per hour): the anchor was looked up beside the name
/// a door was given, so one database under two names had two anchors, and a door 2 h ahead using the other name
/// found none and followed its wall clock. A symlink now resolves to the one anchor beside the canonical path; a
/// database with two hard links (one inode, two names: nothing says which name's anchor is the one) decides nothing.
#[test]
fn one_database_under_two_names_keeps_one_clock() {
    let spend = |env: &Env, db: &std::path::Path, offset_ms: i64, request_id: &str| {
        let args = ["decide", "--agent", "agent", "--action", "payments.refund", "--request-id", request_id];
        cli_on_at(env, db, offset_ms, &[&args[..], &["--json", "--params", r#"{"amount_eur": 600}"#]].concat())
    };
    for case in ["a symlink", "a hard link"] {
        let env = Env::new(POLICY).sealed();
        let first = printed(&spend(&env, &env.db, 0, "r1"));
        assert_eq!(first["verdict"], "permit", "{case}: {first}");
        let other = env.dir.path().join("current.db");
        if case == "a symlink" {
            std::os::unix::fs::symlink(&env.db, &other).unwrap();
        } else {
            std::fs::hard_link(&env.db, &other).unwrap();
        }
        let out = spend(&env, &other, 2 * HOUR_MS, "r2");
        let second = printed(&out);
        assert!(
            second["verdict"] != "permit",
            "{case}: a door 2 h ahead through the database's other name spent the hour again: {second}"
        );
        if case == "a hard link" {
            // F942 (attack 27's H4): a door no longer opens a database file with two names at all (SQLite would write
            // into the other file first); it says so and names the cause.
            let said = String::from_utf8_lossy(&out.stderr);
            assert!(said.contains("hard links") && said.contains("F942"), "the door says why it refuses: {said}");
            // F385 (attack 24's H1): `journal verify` stops with the doors and names the other names, not an event
            // "written with a time in the future" (an honest `cp -al` backup had it blame the record).
            let verify = cli_on_at(&env, &env.db, 0, &["journal", "verify"]);
            let said =
                format!("{}{}", String::from_utf8_lossy(&verify.stdout), String::from_utf8_lossy(&verify.stderr));
            assert!(!verify.status.success(), "{said}");
            assert!(said.contains("F942") && !said.contains("in the future"), "verify blames the record: {said}");
        }
    }
}

/// The anchor file every door on this host reads and writes beside the SQLite database (ADR-730).
fn clock_anchor(env: &Env) -> std::path::PathBuf {
    let mut path = env.db.as_os_str().to_owned();
    path.push(".clock");
    std::path::PathBuf::from(path)
}

/// H2 of attack17 (F731): one CLI process whose clock was 2 h ahead saw the hour's reservations out of its window and
/// permitted, and stamped an event 2 h ahead; every later process at the right clock then read its time from that
/// event (ADR-360's floor) and kept permitting — 1,741 EUR within seconds against 1,000 per hour. Every door on this
/// boot now reads the anchored time (ADR-730): the step is neither followed nor passed on.
#[test]
fn a_clock_stepped_forward_in_one_process_neither_overspends_nor_sets_the_time_for_later_ones() {
    let env = Env::new(POLICY);
    let spend = |offset_ms: i64, request_id: &str| {
        let args = ["decide", "--agent", "agent", "--action", "payments.refund", "--request-id", request_id];
        printed(&cli_at(&env, offset_ms, &[&args[..], &["--json", "--params", r#"{"amount_eur": 600}"#]].concat()))
    };
    let first = spend(0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    let ahead = spend(2 * HOUR_MS, "r2");
    assert!(
        ahead["verdict"] != "permit",
        "a CLI process with its clock 2 h ahead freed the hour's budget spent a moment ago: {ahead}"
    );
    let after = spend(0, "r3");
    assert!(
        after["verdict"] != "permit",
        "a CLI process at the right clock after a forward-stepped one overspent: {after}"
    );
    let agent = env.token("agent2", "agent");
    let server = Server::start(&env);
    let served =
        server.decide(&agent, json!({"request_id": "r4", "action": "payments.refund", "params": {"amount_eur": 600}}));
    assert!(served["verdict"] != "permit", "a server started after a forward-stepped CLI process overspent: {served}");
}

/// H2 on PostgreSQL (F731): a replica started while its host's clock was 2 h ahead saw the hour's reservations, made
/// by a replica at the right clock, out of its window and permitted (1,140 EUR against 1,000 per hour). Every replica
/// now reads the database server's clock, the one reference they share (ADR-730). Needs `FOUREYES_TEST_PG`.
#[test]
fn a_replica_started_with_its_clock_ahead_reads_the_database_servers_time_and_overspends_nothing() {
    let db = crate::pg_cluster::Database::create();
    let env = Env::new(POLICY);
    let command = || {
        let mut command = std::process::Command::new(support::BIN);
        command.args(["--db", &db.url, "--policy"]).arg(&env.policy);
        command
    };
    let out = command().args(["token", "create", "--name", "agent", "--role", "agent", "--json"]).output().unwrap();
    let agent = serde_json::from_slice::<Value>(&out.stdout).unwrap()["token"].as_str().unwrap().to_string();
    let start = |offset_ms: i64, name: &str| {
        Server::spawn(command(), env.dir.path().join(format!("{name}-clock-offset-ms")), offset_ms)
    };
    let spend = |server: &Server, id: &str| {
        server.decide(&agent, json!({"request_id": id, "action": "payments.refund", "params": {"amount_eur": 600}}))
    };
    let right = start(0, "b");
    let first = spend(&right, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    let ahead = start(2 * HOUR_MS, "a");
    let second = spend(&ahead, "r2");
    assert!(
        second["verdict"] != "permit" && second["budgets"][0]["consumed"] == "600",
        "a replica started with its clock 2 h ahead freed the hour's budget another replica spent a moment ago: {second}"
    );
    let third = spend(&right, "r3");
    assert!(third["verdict"] != "permit", "the replica at the right clock overspent after the one ahead: {third}");
}

/// Attack 24's T1 (F383, `symtmp24.py`): a writer beside the database with no key planted a symlink at the name a door
/// wrote its next anchor under (`DB.clock.<pid>`; a serve's pid is visible) pointing at another file — another
/// store's database, the seal key — and the door, opening that name with `O_TRUNC`, truncated the file and wrote its
/// anchor into it within a second. The next anchor is now created new under a name with 64 random bits.
#[test]
fn a_symlink_planted_where_a_serve_writes_its_anchor_is_not_written_through() {
    let env = Env::new(POLICY).sealed();
    let server = Server::start(&env);
    let elsewhere = tempfile::tempdir().unwrap();
    let victim = elsewhere.path().join("precious.db");
    std::fs::write(&victim, "another store's bytes").unwrap();
    let mut planted = clock_anchor(&env).into_os_string();
    planted.push(format!(".{}", server.pid()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    // The serve writes its anchor each second.
    std::thread::sleep(Duration::from_millis(2_500));
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "another store's bytes",
        "the serve wrote its anchor through a symlink a writer without the key planted"
    );
    drop(server);
}

/// Attack 24's T2 and T3 (F383, `fifoskew24.py`): a FIFO renamed into the anchor's place hung every door that read it,
/// `journal verify` included; and the door that waited, once fed a line of garbage, sealed an anchor ahead by the
/// wait — its boot clock read before the wait, its wall clock after — so every later door ran ahead (65 s: 200 EUR
/// against 100 per minute). A door now opens the anchor without waiting, reads only a regular file, and reads the two
/// clocks together.
#[test]
fn a_fifo_at_the_anchors_name_neither_hangs_a_door_nor_moves_its_clock() {
    let env = Env::new(POLICY).sealed();
    let first = spend_600(&env, None, 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    let anchor = clock_anchor(&env);
    std::fs::remove_file(&anchor).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&anchor).status().unwrap();
    assert!(made.success());
    let clock = env.dir.path().join("cli-clock-offset-ms");
    std::fs::write(&clock, "0").unwrap();
    let child = env
        .command()
        .args(["decisions", "list"])
        .env("LD_PRELOAD", faults::shim())
        .env("FOUREYES_FAULT_CLOCK", &clock)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "a FIFO at the anchor's name hung the door (30 s)");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "a keyed read with a FIFO at the anchor's name failed");
    assert!(std::fs::symlink_metadata(&anchor).unwrap().is_file(), "the door replaced the FIFO with its anchor");
    let second = spend_600(&env, None, 0, "r2");
    assert!(second["verdict"] != "permit", "the hour's budget was spent again after the FIFO: {second}");
}

/// Attack 25's D1 (F388, `stale25.py dir`, `sticky25.py dir`; RED before F388: the door 2 h ahead was permitted,
/// 1,200 EUR against 1,000 per hour): a writer beside the database with no key put a directory where the anchor is.
/// A door read it as no anchor and meant to replace it by a rename, which cannot replace a directory: no anchor was
/// ever written again, silently, and every later door ran on its own wall clock for good — a deletion, made
/// permanent. A door now moves whatever a rename cannot replace aside (beside it, nothing lost) and writes its anchor.
#[test]
fn a_directory_at_the_anchors_name_does_not_switch_the_clock_protection_off() {
    let env = Env::new(POLICY).sealed();
    let first = spend_600(&env, None, 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    let anchor = clock_anchor(&env);
    std::fs::remove_file(&anchor).unwrap();
    std::fs::create_dir(&anchor).unwrap();
    std::fs::write(anchor.join("planted"), "a writer's file").unwrap();
    let read = cli_at(&env, 0, &["decisions", "list"]);
    assert!(read.status.success(), "{}", String::from_utf8_lossy(&read.stderr));
    assert!(std::fs::symlink_metadata(&anchor).unwrap().is_file(), "no anchor was written over the directory");
    let second = spend_600(&env, None, 2 * HOUR_MS, "r2");
    assert!(
        second["verdict"] != "permit",
        "a door 2 h ahead after a directory at the anchor spent the hour again: {second}"
    );
}

/// F946 (attack 26's F3; RED before: `journal verify` named the anchor it could not write, then added "The newest
/// time on record is seq N's …: if this machine's clock is right, that event was written with a time in the future"):
/// a directory bind-mounted at the anchor's name (root only) cannot be moved aside as F388 moves a planted one, so no
/// anchor is written and doors refuse to decide. `verify` says so, exit 16, and blames no event's time. Needs root
/// for the mount: elsewhere the test says so and checks nothing.
#[test]
fn a_directory_mounted_at_the_anchors_name_is_named_by_verify_not_blamed_on_an_event() {
    struct Mounted(std::path::PathBuf);
    impl Drop for Mounted {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
        }
    }
    let env = Env::new(POLICY).sealed();
    let first = spend_600(&env, None, 0, "r1");
    assert_eq!(first["verdict"], "permit", "{first}");
    let anchor = clock_anchor(&env);
    std::fs::remove_file(&anchor).unwrap();
    std::fs::create_dir(&anchor).unwrap();
    let elsewhere = env.dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let mounted = std::process::Command::new("mount").arg("--bind").arg(&elsewhere).arg(&anchor).status();
    if !mounted.is_ok_and(|s| s.success()) {
        eprintln!("no bind mount here (not root?): F946 not checked");
        return;
    }
    let _mounted = Mounted(anchor.clone());
    let verify = cli_at(&env, 0, &["journal", "verify"]);
    let said = format!("{}{}", String::from_utf8_lossy(&verify.stdout), String::from_utf8_lossy(&verify.stderr));
    assert_eq!(verify.status.code(), Some(16), "{said}");
    assert!(said.contains("could not be written"), "verify does not name the anchor: {said}");
    assert!(!said.contains("in the future"), "verify blames an event's time: {said}");
}

/// Attack 25's D2 (F388, `outage25.py dir`; RED before F388: 2 permits against `count: 1` a day after a restart): the
/// same directory planted under a running serve stopped its anchor being written, so its served mark and outages were
/// gone at the next start. The serve's next tick now moves the directory aside and writes its anchor.
#[test]
fn a_directory_planted_at_the_anchors_name_under_a_serve_is_replaced_at_its_next_tick() {
    let env = Env::new(POLICY).sealed();
    let server = Server::start(&env);
    let anchor = clock_anchor(&env);
    std::thread::sleep(Duration::from_millis(1_500));
    std::fs::remove_file(&anchor).unwrap();
    std::fs::create_dir(&anchor).unwrap();
    std::thread::sleep(Duration::from_millis(2_500));
    assert!(std::fs::symlink_metadata(&anchor).unwrap().is_file(), "the serve wrote no anchor over the directory");
    drop(server);
}

/// Attack 24's M1, what ADR-895 left (ADR-897; RED before: no `expired` event in the journal 10 s after a 2 s TTL):
/// expiry was lazy (ADR-14), so a deferral nobody ever answered, touched or swept kept its decision, request id and
/// approval in a serving door's memory for good (~155 a second from one client). A serve now sweeps approvals past
/// their TTL each `--approval-sweep`, and the deferral settles.
#[test]
fn a_serve_expires_an_approval_nobody_answers_on_its_own() {
    let env = Env::new(POLICY).sealed();
    let agent = env.token("agent", "agent");
    let mut command = env.command();
    command.env("FOUREYES_APPROVAL_SWEEP", "1s");
    let server = Server::spawn(command, env.dir.path().join("clock-offset-ms"), 0);
    let deferred =
        server.decide(&agent, json!({"request_id": "p1", "action": "payments.send", "params": {"amount_eur": 10}}));
    assert_eq!(deferred["verdict"], "defer", "{deferred}");
    let expired = || {
        let out = cli_at(&env, 0, &["journal", "tail", "-n", "20", "--json"]);
        String::from_utf8_lossy(&out.stdout).contains("\"kind\":\"expired\"")
    };
    let started = std::time::Instant::now();
    while !expired() {
        assert!(started.elapsed() < Duration::from_secs(10), "no expired event 10 s after a 2 s TTL, untouched");
        std::thread::sleep(Duration::from_millis(250));
    }
    drop(server);
}

/// Issue #19's clock item for ADR-995 and ADR-996 (helper fault18): a wall clock stepped 2 h forward and then 1 h back,
/// within one `serve` and across two restarts (the clock still stepped), moves none of the door's deadlines: a
/// reservation held by an unreported permit (`report_within`, ADR-260) is not released early, a permit that reserved
/// nothing is not expired early by the door's sweep (ADR-995), and a final undo's link is not let go of early nor its
/// target's undo re-opened (ADR-996: a second undo is denied "already undone", never judged on a window the step
/// closed). Once the true deadline has passed, both are released by the door as they should be.
const STEP_POLICY: &str = "\
version: 1
timezone: UTC
defaults: { report_within: 12s }
actions:
  jobs.run:
    tier: 2
    params: { n: { type: number } }
    limits: [ { count: 1, per: 24h } ]
  calendar.create:
    tier: 1
    params:
      title: { type: string, max_len: 100 }
    compensate: { action: calendar.delete, window: 30m }
  calendar.delete:
    tier: 2
    params:
      title: { type: string, max_len: 100 }
    limits: [ { count: 100, per: 1h } ]
";

#[test]
fn a_clock_stepped_forward_and_back_moves_no_reporting_deadline_nor_undo_memory() {
    let env = Env::new(STEP_POLICY).sealed();
    let agent = env.token("agent", "agent");
    let admin = env.token("ops", "admin");
    let clock = env.dir.path().join("clock-offset-ms");
    let spawn = |offset_ms: i64| {
        let mut command = env.command();
        command.env("FOUREYES_APPROVAL_SWEEP", "1s");
        Server::spawn(command, clock.clone(), offset_ms)
    };
    let report = |server: &Server, id: i64| {
        let body = json!({"outcome": "executed"});
        let (status, v) = server.call("POST", &format!("/v1/decisions/{id}/report"), &agent, Some(&body));
        assert_eq!(status, 200, "{v}");
    };
    let create = |server: &Server, request_id: &str| {
        let v = server.decide(
            &agent,
            json!({"request_id": request_id, "action": "calendar.create", "params": {"title": "standup"}}),
        );
        assert_eq!(v["verdict"], "permit", "{v}");
        v["decision_id"].as_i64().unwrap()
    };
    let server = spawn(0);
    // A target undone for good (its undo reported executed: final, ADR-994), and writes after it (seals land).
    let target = create(&server, "c1");
    report(&server, target);
    let undo = server.decide(
        &agent,
        json!({"request_id": "u1", "action": "calendar.delete", "params": {"title": "standup"}, "undo_of": target}),
    );
    assert_eq!(undo["verdict"], "permit", "{undo}");
    report(&server, undo["decision_id"].as_i64().unwrap());
    for n in 0..3 {
        let x = create(&server, &format!("x{n}"));
        report(&server, x);
    }
    // An unreported permit holding the day's one job, and one that reserved nothing.
    let job = server.decide(&agent, json!({"request_id": "j1", "action": "jobs.run", "params": {"n": 1}}));
    assert_eq!(job["verdict"], "permit", "{job}");
    let held_since = std::time::Instant::now();
    let job_at = job["decided_at_ms"].as_i64().unwrap();
    let open = create(&server, "c2");
    let status_of = |server: &Server, id: i64| {
        let (status, v) = server.call("GET", &format!("/v1/decisions/{id}"), &agent, None);
        assert_eq!(status, 200, "{v}");
        v["status"].as_str().unwrap_or_default().to_string()
    };
    let mut attempt = 0;
    let mut check = |server: &Server, when: &str| {
        attempt += 1;
        // Let the door's sweep (every second here) run at the stepped clock.
        std::thread::sleep(Duration::from_millis(1_500));
        assert!(held_since.elapsed() < Duration::from_secs(11), "{when}: the test ran past the 12 s deadline");
        let again = server
            .decide(&agent, json!({"request_id": format!("j-{attempt}"), "action": "jobs.run", "params": {"n": 1}}));
        assert!(again["verdict"] != "permit", "{when}: the unreported job's reservation was released early: {again}");
        // The door's time is the boot clock's (ADR-366, ADR-730): the step moved none of it.
        let moved = again["decided_at_ms"].as_i64().unwrap() - job_at;
        assert!((0..60_000).contains(&moved), "{when}: the door's time followed the wall clock by {moved} ms: {again}");
        assert_eq!(status_of(server, open), "intended", "{when}: a permit that reserved nothing expired early");
        let second = server.decide(
            &agent,
            json!({"request_id": format!("u-{attempt}"), "action": "calendar.delete", "params": {"title": "standup"},
                   "undo_of": target}),
        );
        assert_eq!(second["verdict"], "deny", "{when}: a second undo of decision {target}: {second}");
        // The final undo's link is still in memory (ADR-996: it stays for the window plus an hour of the door's time).
        let (status, payload) =
            support::http_bytes(&server.addr, "GET", "/metrics", &admin, None, Duration::from_secs(30)).unwrap();
        assert_eq!(status, 200);
        let metrics = String::from_utf8_lossy(&payload);
        let undone = metrics.lines().find_map(|l| l.strip_prefix("foureyes_door_memory_entries{part=\"undone\"} "));
        assert_eq!(undone.map(str::trim), Some("1"), "{when}: the undo link left memory early");
        let message = second["reasons"][0]["message"].as_str().unwrap_or_default();
        assert!(
            second["reasons"][0]["code"] == "undo_invalid" && message.contains("already undone"),
            "{when}: the undo is judged on its link, not on a window the step closed: {second}"
        );
    };
    server.step_to(2 * HOUR_MS);
    check(&server, "stepped 2 h forward");
    server.step_to(HOUR_MS);
    check(&server, "then 1 h back");
    drop(server);
    let server = spawn(HOUR_MS);
    check(&server, "restarted with the clock 1 h ahead");
    drop(server);
    let server = spawn(2 * HOUR_MS);
    check(&server, "restarted with the clock 2 h ahead");
    // The true deadline passes: the door releases both, as it should.
    std::thread::sleep(Duration::from_secs(13).saturating_sub(held_since.elapsed()));
    std::thread::sleep(Duration::from_millis(1_500));
    assert_eq!(status_of(&server, open), "unknown", "the permit that reserved nothing expired at its true deadline");
    let after = server.decide(&agent, json!({"request_id": "j-after", "action": "jobs.run", "params": {"n": 1}}));
    assert_eq!(after["verdict"], "permit", "the job's reservation was released at its true deadline: {after}");
    drop(server);
}
