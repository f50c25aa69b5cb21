//! Change control over the HTTP API with credentials (issue 20, ADR-490/491), over real HTTP against a real
//! `foureyes serve` process, on SQLite and on PostgreSQL (`FOUREYES_TEST_PG`, a superuser URL; unset is a failure,
//! never a skip):
//!
//! - the role matrix per task endpoint: an agent never applies, confirms, checks, records a check or finishes; a
//!   runner never proposes nor approves; an approver never proposes; each refusal a 403 journaled as `refused` by
//!   the caller, the task unchanged;
//! - the whole flow agent → runner → approver → runner: a sensitive change waits for a human through the ordinary
//!   approval endpoints, then is applied, checked and finished; every task event names its credential (`by`), the
//!   gate's decision is reported executed, and `journal verify` / `journal audit` pass;
//! - stale revisions and reused command ids are refused with typed errors, a repeated command id answers its first
//!   outcome;
//! - runners racing on one revision: exactly one accepted.
//!
//! The runner's side (writing files, running the sandboxed check) is what `foureyes task apply|check|finish` does on
//! its host; here the test plays it, sending the hashes and manifests that side would send (computed with the core's
//! own `Manifest::with_written`), since the server judges what is recorded, not how the runner got it.
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::pg_cluster::Database;
use crate::support;

use foureyes_core::canonical::sha256_hex;
use foureyes_core::task::{FileHash, Manifest};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::{Arc, Barrier};
use std::time::Duration;
use support::{Env, KillOnDrop, http_bytes};

/// No `task.apply` entry: a sensitive change is an unknown action to the gate, so it waits for a human.
const POLICY: &str = "version: 1\nactions:\n  weather.get: { tier: 0 }\n";

/// A running server with its database, an operator-made task and one credential per role.
struct Setup {
    // Dropped in this order: the server, then its database, then the directory.
    _server: KillOnDrop,
    _pg: Option<Database>,
    env: Env,
    addr: String,
    agent: String,
    runner: String,
    runner2: String,
    approver: String,
    executor: String,
    admin: String,
    ws: PathBuf,
}

fn setup(pg: bool) -> Setup {
    let mut env = Env::new(POLICY);
    let database = pg.then(Database::create);
    if let Some(d) = &database {
        env.db = PathBuf::from(&d.url);
    }
    let token = |name: &str, role: &str| env.token(name, role);
    let (agent, runner, runner2, approver, admin) = (
        token("bot", "agent"),
        token("ci", "runner"),
        token("ci2", "runner"),
        token("alice", "approver"),
        token("root", "admin"),
    );
    let executor = env
        .cli_json(&["token", "create", "--name", "bailiff", "--role", "executor", "--for", "bot", "--json"])["token"]
        .as_str()
        .unwrap()
        .to_string();
    let ws = env.dir.path().join("ws");
    std::fs::create_dir(&ws).unwrap();
    let (server, addr) = env.serve();
    Setup { env, _pg: database, _server: server, addr, agent, runner, runner2, approver, executor, admin, ws }
}

impl Setup {
    fn call(&self, token: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let (status, bytes) = http_bytes(&self.addr, method, path, token, body, Duration::from_secs(60)).unwrap();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{method} {path}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
        (status, value)
    }

    fn ok(&self, token: &str, method: &str, path: &str, body: Value) -> Value {
        let (status, v) = self.call(token, method, path, Some(&body));
        assert_eq!(status, 200, "{method} {path}: {v}");
        v
    }

    /// The operator creates a task with the CLI (the CLI stays for operators): the default sensitive list.
    fn create_task(&self, task: &str) {
        let ws = self.ws.to_str().unwrap();
        self.env.cli_json(&[
            "task",
            "create",
            "--task",
            task,
            "--workspace",
            ws,
            "--check",
            "true",
            "--unsandboxed-check",
            "--json",
        ]);
    }

    fn status(&self, task: &str) -> Value {
        let (status, v) = self.call(&self.runner, "GET", &format!("/v1/tasks/{task}"), None);
        assert_eq!(status, 200, "{v}");
        v
    }

    fn journal(&self) -> Vec<Value> {
        let (status, v) = self.call(&self.approver, "GET", "/v1/journal?after_seq=0&limit=5000", None);
        assert_eq!(status, 200, "{v}");
        v.as_array().unwrap().clone()
    }

    fn head(&self) -> u64 {
        self.journal().last().map_or(0, |e| e["seq"].as_u64().unwrap())
    }
}

fn propose_body(command_id: &str, revision: u64, files: &[(&str, &str)]) -> Value {
    let files: Vec<Value> = files.iter().map(|(p, c)| json!({"path": p, "content": c})).collect();
    json!({"command_id": command_id, "expected_revision": revision, "files": files})
}

/// What the runner read back after writing `files`, and the workspace it hashed then (an empty baseline).
fn written(files: &[(&str, &str)]) -> (Vec<FileHash>, Manifest) {
    let written: Vec<FileHash> = files
        .iter()
        .map(|(p, c)| FileHash { path: p.to_string(), sha256: sha256_hex(c.as_bytes()), bytes: c.len() as u64 })
        .collect();
    let manifest = Manifest::default().with_written(&written, &[]);
    (written, manifest)
}

fn passing_check() -> Value {
    json!({
        "exit_code": 0, "timed_out": false, "duration_ms": 12, "output_sha256": sha256_hex(b"ok\n"), "output_bytes": 3,
        "output_tail": "ok\n", "sandbox": "none (the operator opted out)",
    })
}

// ---------------------------------------------------------------------------------------------------------------
// The tests, each on both backends

fn every_refusal_by_role_is_a_journaled_403_and_changes_nothing(pg: bool) {
    let s = setup(pg);
    s.create_task("t1");
    let files = [("a.txt", "hello\n")];
    s.ok(&s.agent, "POST", "/v1/tasks/t1/propose", propose_body("p1", 0, &files));
    let digest = s.status("t1")["proposal"]["change_digest"].as_str().unwrap().to_string();
    let (w, manifest) = written(&files);
    let apply = json!({"command_id": "a1", "expected_revision": 1, "change_digest": digest});
    let confirm = json!({"command_id": "a1", "expected_revision": 1, "written": w, "workspace": manifest});
    let step = json!({"command_id": "c1", "expected_revision": 1});
    let record = json!({"command_id": "c1", "expected_revision": 1, "result": passing_check(), "before": manifest, "after": manifest});
    let finish = json!({"command_id": "f1", "expected_revision": 1, "workspace": manifest});
    let propose = propose_body("p2", 1, &[("b.txt", "x\n")]);
    let create = json!({"task_id": "t9", "config": {"workspace": "/w", "check_command": "true", "check_timeout_ms": 1000, "sensitive": []}});
    let cells: Vec<(&str, &str, &str, &Value)> = vec![
        // An agent never applies, confirms, checks, records a check or finishes: the runner's work.
        ("bot", &s.agent, "/v1/tasks/t1/apply", &apply),
        ("bot", &s.agent, "/v1/tasks/t1/apply/confirm", &confirm),
        ("bot", &s.agent, "/v1/tasks/t1/check", &step),
        ("bot", &s.agent, "/v1/tasks/t1/check/record", &record),
        ("bot", &s.agent, "/v1/tasks/t1/finish", &finish),
        ("bot", &s.agent, "/v1/tasks", &create),
        // A runner never proposes; an approver never proposes nor does the runner's work.
        ("ci", &s.runner, "/v1/tasks/t1/propose", &propose),
        ("ci", &s.runner, "/v1/tasks", &create),
        ("alice", &s.approver, "/v1/tasks/t1/propose", &propose),
        ("alice", &s.approver, "/v1/tasks/t1/apply", &apply),
        ("alice", &s.approver, "/v1/tasks/t1/check/record", &record),
        // An executor (one agent's bailiff) has no part in change control.
        ("bailiff", &s.executor, "/v1/tasks/t1/propose", &propose),
        ("bailiff", &s.executor, "/v1/tasks/t1/apply", &apply),
        ("bailiff", &s.executor, "/v1/tasks/t1/finish", &finish),
    ];
    let before = s.status("t1");
    for (name, token, path, body) in cells {
        let head = s.head();
        let (status, v) = s.call(token, "POST", path, Some(body));
        assert_eq!(status, 403, "{name} POST {path}: {v}");
        assert_eq!(v["error"]["code"], "forbidden", "{v}");
        let new: Vec<Value> = s.journal().into_iter().filter(|e| e["seq"].as_u64().unwrap() > head).collect();
        assert_eq!(new.len(), 1, "{name} POST {path}: exactly the refusal is journaled: {new:?}");
        assert_eq!(
            (new[0]["kind"].as_str(), new[0]["data"]["agent"].as_str()),
            (Some("refused"), Some(name)),
            "{new:?}"
        );
        assert_eq!(s.status("t1"), before, "{name} POST {path} changed the task");
    }
    // A runner never approves: not the sensitive change of a task, not anything.
    s.create_task("t2");
    s.ok(&s.agent, "POST", "/v1/tasks/t2/propose", propose_body("p1", 0, &[(".ci/deploy.yml", "run: ship\n")]));
    let digest = s.status("t2")["proposal"]["change_digest"].as_str().unwrap().to_string();
    let (status, gated) = s.call(
        &s.runner,
        "POST",
        "/v1/tasks/t2/apply",
        Some(&json!({"command_id": "a1", "expected_revision": 1, "change_digest": digest})),
    );
    assert_eq!(status, 202, "{gated}");
    let (id, d) = (gated["approval_id"].as_i64().unwrap(), gated["digest"].as_str().unwrap());
    for (name, token) in [("ci", &s.runner), ("bot", &s.agent)] {
        let (status, v) = s.call(token, "POST", &format!("/v1/approvals/{id}/approve"), Some(&json!({"digest": d})));
        assert_eq!(status, 403, "{name} approving: {v}");
    }
    let (status, v) = s.call(&s.approver, "GET", &format!("/v1/approvals/{id}"), None);
    assert_eq!((status, v["status"].as_str()), (200, Some("pending")), "{v}");
}

fn an_agent_proposes_a_runner_applies_an_approver_approves_and_the_journal_names_each(pg: bool) {
    let s = setup(pg);
    s.create_task("t1");
    let files = [(".ci/deploy.yml", "run: ship\n"), ("src/a.txt", "good\n")];
    // The agent proposes.
    let proposed = s.ok(&s.agent, "POST", "/v1/tasks/t1/propose", propose_body("p1", 0, &files));
    assert_eq!((proposed["result"].as_str(), proposed["revision"].as_u64()), (Some("proposed"), Some(1)), "{proposed}");
    // The runner reads the change set it will write, and asks to apply it: the change is sensitive, so it waits for
    // a human (nothing recorded yet).
    let proposal = s.ok(&s.runner, "GET", "/v1/tasks/t1/proposal", json!(null));
    assert_eq!(proposal["files"][0]["content"], "run: ship\n", "{proposal}");
    assert_eq!(proposal["files"][0]["sensitive"], true, "{proposal}");
    let digest = proposal["change_digest"].as_str().unwrap().to_string();
    let apply = json!({"command_id": "a1", "expected_revision": 1, "change_digest": digest});
    let (status, gated) = s.call(&s.runner, "POST", "/v1/tasks/t1/apply", Some(&apply));
    assert_eq!((status, gated["result"].as_str()), (202, Some("awaiting_approval")), "{gated}");
    assert_eq!(gated["sensitive_paths"], json!([".ci/deploy.yml"]), "{gated}");
    assert!(s.status("t1")["applying"].is_null());
    // The approver approves through the ordinary approval endpoint, bound to the digest.
    let (id, d) = (gated["approval_id"].as_i64().unwrap(), gated["digest"].as_str().unwrap());
    s.ok(&s.approver, "POST", &format!("/v1/approvals/{id}/approve"), json!({"digest": d}));
    // The same apply again: now recorded, cleared by the door's own decision.
    let intended = s.ok(&s.runner, "POST", "/v1/tasks/t1/apply", apply.clone());
    assert_eq!(intended["result"], "apply_intended", "{intended}");
    // The release of the deferred decision: a permit of `task.apply` the door made after the approval.
    let cleared_by = s.status("t1")["applying"]["cleared_by"].as_i64().unwrap();
    let (_, release) = s.call(&s.approver, "GET", &format!("/v1/decisions/{cleared_by}"), None);
    assert_eq!(
        (release["action"].as_str(), release["verdict"].as_str()),
        (Some("task.apply"), Some("permit")),
        "{release}"
    );
    assert_eq!(release["params"]["change_digest"].as_str(), Some(digest.as_str()), "{release}");
    // The runner confirms what it wrote, asks to check, records the check, finishes.
    let (w, manifest) = written(&files);
    let applied = s.ok(
        &s.runner,
        "POST",
        "/v1/tasks/t1/apply/confirm",
        json!({"command_id": "a1", "expected_revision": 1, "written": w, "workspace": manifest}),
    );
    assert_eq!((applied["result"].as_str(), applied["revision"].as_u64()), (Some("applied"), Some(2)), "{applied}");
    let allowed = s.ok(&s.runner, "POST", "/v1/tasks/t1/check", json!({"command_id": "c1", "expected_revision": 2}));
    assert_eq!(allowed["result"], "check_allowed", "{allowed}");
    let checked = s.ok(&s.runner, "POST", "/v1/tasks/t1/check/record", json!({"command_id": "c1", "expected_revision": 2, "result": passing_check(), "before": manifest, "after": manifest}));
    assert_eq!(
        (checked["result"].as_str(), checked["status"].as_str()),
        (Some("checked"), Some("verified")),
        "{checked}"
    );
    let finished = s.ok(
        &s.runner,
        "POST",
        "/v1/tasks/t1/finish",
        json!({"command_id": "f1", "expected_revision": 2, "workspace": manifest, "delivered": "/srv/deliver/t1"}),
    );
    assert_eq!(finished["status"], "finished", "{finished}");
    let status = s.status("t1");
    assert_eq!((status["status"].as_str(), status["delivered"].as_str()), (Some("finished"), Some("/srv/deliver/t1")));
    // The gate's decision was reported executed once the apply was confirmed.
    let (_, decision) = s.call(&s.approver, "GET", &format!("/v1/decisions/{cleared_by}"), None);
    assert_eq!(decision["status"], "executed", "{decision}");
    // Who did what: every task event names its credential; the operator's create (the CLI) names none.
    let by: Vec<(String, Value)> = s
        .journal()
        .into_iter()
        .filter(|e| e["kind"].as_str().unwrap().starts_with("task_"))
        .map(|e| (e["kind"].as_str().unwrap().to_string(), e["data"]["by"].clone()))
        .collect();
    let agent = json!({"name": "bot", "role": "agent"});
    let runner = json!({"name": "ci", "role": "runner"});
    assert_eq!(
        by,
        vec![
            ("task_created".to_string(), Value::Null),
            ("task_proposed".to_string(), agent),
            ("task_apply_intended".to_string(), runner.clone()),
            ("task_applied".to_string(), runner.clone()),
            ("task_checked".to_string(), runner.clone()),
            ("task_finished".to_string(), runner),
        ]
    );
    let votes: Vec<Value> =
        s.journal().into_iter().filter(|e| e["kind"] == "approval_vote" || e["kind"] == "approved").collect();
    assert!(votes.iter().any(|e| e.to_string().contains("\"alice\"")), "the approval names alice: {votes:?}");
    // The journal holds together.
    let verify = s.env.command().args(["journal", "verify"]).output().unwrap();
    assert!(verify.status.success(), "{}", String::from_utf8_lossy(&verify.stderr));
    let audit = s.env.command().args(["journal", "audit"]).output().unwrap();
    assert!(
        audit.status.success(),
        "{}{}",
        String::from_utf8_lossy(&audit.stdout),
        String::from_utf8_lossy(&audit.stderr)
    );
}

fn stale_revisions_and_reused_command_ids_are_refused_with_typed_errors(pg: bool) {
    let s = setup(pg);
    // An admin creates a task over the API (the operator's CLI does the same); its event names the admin.
    let config = json!({"workspace": s.ws.to_str().unwrap(), "check_command": "true", "check_timeout_ms": 60000,
                        "sensitive": [".ci/**"], "unsandboxed": true});
    let created =
        s.ok(&s.admin, "POST", "/v1/tasks", json!({"task_id": "t1", "config": config, "workspace": {"files": []}}));
    assert_eq!(created["result"], "created", "{created}");
    let event = s.journal().into_iter().find(|e| e["kind"] == "task_created").unwrap();
    assert_eq!(event["data"]["by"], json!({"name": "root", "role": "admin"}));
    let mut other = config.clone();
    other["check_command"] = json!("false");
    let (status, v) = s.call(&s.admin, "POST", "/v1/tasks", Some(&json!({"task_id": "t1", "config": other})));
    assert_eq!((status, v["error"]["code"].as_str()), (409, Some("command_id_reused")), "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("already exists"), "{v}");
    let (status, v) =
        s.call(&s.agent, "POST", "/v1/tasks/t1/propose", Some(&propose_body("p1", 5, &[("a.txt", "x\n")])));
    assert_eq!((status, v["error"]["code"].as_str()), (409, Some("stale_revision")), "{v}");
    let refused = s.journal().into_iter().rev().find(|e| e["kind"] == "refused").unwrap();
    assert_eq!((refused["data"]["agent"].as_str(), refused["data"]["task_id"].as_str()), (Some("bot"), Some("t1")));
    let first = s.ok(&s.agent, "POST", "/v1/tasks/t1/propose", propose_body("p2", 0, &[("a.txt", "x\n")]));
    let again = s.ok(&s.agent, "POST", "/v1/tasks/t1/propose", propose_body("p2", 0, &[("a.txt", "x\n")]));
    assert_eq!((again["repeated"].as_bool(), &again["seqs"]), (Some(true), &first["seqs"]), "{again}");
    let (status, v) =
        s.call(&s.agent, "POST", "/v1/tasks/t1/propose", Some(&propose_body("p2", 1, &[("b.txt", "y\n")])));
    assert_eq!((status, v["error"]["code"].as_str()), (409, Some("command_id_reused")), "{v}");
    let (status, v) =
        s.call(&s.runner, "POST", "/v1/tasks/nope/check", Some(&json!({"command_id": "c", "expected_revision": 0})));
    assert_eq!((status, v["error"]["code"].as_str()), (404, Some("unknown_task")), "{v}");
    let (status, v) = s.call(
        &s.runner,
        "POST",
        "/v1/tasks/t1/finish",
        Some(&json!({"command_id": "f", "expected_revision": 1, "workspace": {"files": []}})),
    );
    assert_eq!((status, v["error"]["code"].as_str()), (409, Some("wrong_state")), "{v}");
}

fn runners_racing_on_one_revision_get_exactly_one_accepted(pg: bool) {
    let s = Arc::new(setup(pg));
    s.create_task("t1");
    s.ok(&s.agent, "POST", "/v1/tasks/t1/propose", propose_body("p1", 0, &[("a.txt", "x\n")]));
    let digest = s.status("t1")["proposal"]["change_digest"].as_str().unwrap().to_string();
    const RACERS: usize = 8;
    let barrier = Arc::new(Barrier::new(RACERS));
    let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..RACERS)
            .map(|i| {
                let (s, barrier, digest) = (s.clone(), barrier.clone(), digest.clone());
                scope.spawn(move || {
                    let token = if i % 2 == 0 { &s.runner } else { &s.runner2 };
                    let body = json!({"command_id": format!("a{i}"), "expected_revision": 1, "change_digest": digest});
                    barrier.wait();
                    s.call(token, "POST", "/v1/tasks/t1/apply", Some(&body))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let accepted = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(accepted, 1, "{answers:?}");
    for (status, v) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, v["error"]["code"].as_str()), (409, Some("apply_pending")), "{v}");
    }
    let intents = s.journal().into_iter().filter(|e| e["kind"] == "task_apply_intended").count();
    assert_eq!(intents, 1);
}

mod sqlite {
    #[test]
    fn every_refusal_by_role_is_a_journaled_403_and_changes_nothing() {
        super::every_refusal_by_role_is_a_journaled_403_and_changes_nothing(false);
    }
    #[test]
    fn an_agent_proposes_a_runner_applies_an_approver_approves_and_the_journal_names_each() {
        super::an_agent_proposes_a_runner_applies_an_approver_approves_and_the_journal_names_each(false);
    }
    #[test]
    fn stale_revisions_and_reused_command_ids_are_refused_with_typed_errors() {
        super::stale_revisions_and_reused_command_ids_are_refused_with_typed_errors(false);
    }
    #[test]
    fn runners_racing_on_one_revision_get_exactly_one_accepted() {
        super::runners_racing_on_one_revision_get_exactly_one_accepted(false);
    }
}

mod postgres {
    #[test]
    fn every_refusal_by_role_is_a_journaled_403_and_changes_nothing() {
        super::every_refusal_by_role_is_a_journaled_403_and_changes_nothing(true);
    }
    #[test]
    fn an_agent_proposes_a_runner_applies_an_approver_approves_and_the_journal_names_each() {
        super::an_agent_proposes_a_runner_applies_an_approver_approves_and_the_journal_names_each(true);
    }
    #[test]
    fn stale_revisions_and_reused_command_ids_are_refused_with_typed_errors() {
        super::stale_revisions_and_reused_command_ids_are_refused_with_typed_errors(true);
    }
    #[test]
    fn runners_racing_on_one_revision_get_exactly_one_accepted() {
        super::runners_racing_on_one_revision_get_exactly_one_accepted(true);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The PostgreSQL test cluster: one fresh database per test
