//! Credentials and roles: every endpoint × every kind of caller → the expected status, every 403 journaled as a
//! `refused` event, every 401 writing nothing; agents never approve; nobody approves their own request.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::canonical::sha256_hex;
use foureyes_core::journal::EventKind;
use foureyes_core::task::{CheckResult, FileContent, FileHash, Manifest, TaskCommand, TaskConfig};
use foureyes_core::{ActionRequest, Role};
use foureyes_store::{Credentials, Store, TaskStore};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU32, Ordering};

/// Who calls. Bearer columns send `Authorization: Bearer`; cookie columns sign in to the console first and send the
/// session cookie plus its CSRF token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Agent,
    Approver,
    Admin,
    NoCredential,
    Revoked,
    ApproverSession,
    AdminSession,
    /// A console session whose credential was revoked after sign-in.
    RevokedSession,
    /// A fresh executor serving `bot` (the agent whose decisions the cells use), revoked after its cell so the
    /// agent column keeps reporting for itself.
    Executor,
    /// A fresh change-control runner (ADR-490).
    Runner,
}

const COLUMNS: [Who; 10] = [
    Who::Agent,
    Who::Approver,
    Who::Admin,
    Who::NoCredential,
    Who::Revoked,
    Who::ApproverSession,
    Who::AdminSession,
    Who::RevokedSession,
    Who::Executor,
    Who::Runner,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ep {
    Decide,
    Decision,
    Report,
    Wait,
    Undo,
    Decisions,
    Deferrals,
    KillSwitchGet,
    KillSwitchSet,
    Journal,
    JournalVerify,
    Policy,
    PolicyReload,
    Approvals,
    Approval,
    Approve,
    Reject,
    Revoke,
    Events,
    Healthz,
    Metrics,
    OpenApi,
    Console,
    Root,
    SessionSignIn,
    SessionGet,
    SessionDelete,
    SignInLink,
    DemotedSessions,
    RestoreSession,
    Me,
    Execute,
    TaskList,
    TaskGet,
    TaskProposal,
    TaskCreate,
    TaskPropose,
    TaskApply,
    TaskConfirm,
    TaskCheck,
    TaskRecord,
    TaskFinish,
}

/// Expected status per column, in the order of [`COLUMNS`].
fn expected(ep: Ep) -> [u16; 10] {
    const U: u16 = 401;
    use Ep::*;
    match ep {
        //                  agent approver admin none revoked approver-s admin-s revoked-s executor runner
        Decide => [200, 403, 403, U, U, 403, 403, U, 403, 403],
        Decision => [200, 200, 200, U, U, 200, 200, U, 200, 403],
        Report => [200, 403, 403, U, U, 403, 403, U, 200, 403],
        Wait => [200, 200, 200, U, U, 200, 200, U, 200, 403],
        Undo => [200, 200, 200, U, U, 200, 200, U, 403, 403],
        Decisions => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        Deferrals => [200, 403, 403, U, U, 403, 403, U, 403, 403],
        KillSwitchGet => [200, 200, 200, U, U, 200, 200, U, 200, 200],
        KillSwitchSet => [403, 403, 200, U, U, 403, 200, U, 403, 403],
        Journal => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        JournalVerify => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        Policy => [200, 200, 200, U, U, 200, 200, U, 200, 200],
        PolicyReload => [403, 403, 200, U, U, 403, 200, U, 403, 403],
        Approvals => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        Approval => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        Approve => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        Reject => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        Revoke => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        Events => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        // Public: no credential needed, any credential ignored.
        Healthz | Metrics | OpenApi | Console => [200; 10],
        Root => [303; 10],
        // Sign-in: the credential is the token in the body; agents and executors may not sign in to the console.
        SessionSignIn => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        // The console session endpoints read the cookie only; a bearer token is no session.
        SessionGet => [U, U, U, U, U, 200, 200, U, U, U],
        SessionDelete => [U, U, U, U, U, 204, 204, U, U, U],
        SignInLink => [410; 10],
        DemotedSessions => [403, 200, 200, U, U, 200, 200, U, 403, 403],
        RestoreSession => [403, 403, 200, U, U, 403, 200, U, 403, 403],
        // Every credential may ask who it is, a console session too.
        Me => [200, 200, 200, U, U, 200, 200, U, 200, 200],
        // FourEyes executes for the agent that asks, and for nobody else: not a person (who approves), not an
        // admin, not an executor (which reports what an agent ran).
        Execute => [200, 403, 403, U, U, 403, 403, U, 403, 403],
        // Change control (ADR-490): everyone with a part in it reads tasks; an admin creates; only the agent
        // proposes; only the runner applies, checks, records a check and finishes. An agent never applies,
        // checks or finishes; a runner never proposes or approves (above); an approver never proposes.
        TaskList | TaskGet | TaskProposal => [200, 200, 200, U, U, 200, 200, U, 403, 200],
        TaskCreate => [403, 403, 200, U, U, 403, 200, U, 403, 403],
        TaskPropose => [200, 403, 403, U, U, 403, 403, U, 403, 403],
        TaskApply | TaskConfirm | TaskCheck | TaskRecord | TaskFinish => [403, 403, 403, U, U, 403, 403, U, 403, 200],
    }
}

const ENDPOINTS: [Ep; 42] = [
    Ep::Decide,
    Ep::Decision,
    Ep::Report,
    Ep::Wait,
    Ep::Undo,
    Ep::Decisions,
    Ep::Deferrals,
    Ep::KillSwitchGet,
    Ep::KillSwitchSet,
    Ep::Journal,
    Ep::JournalVerify,
    Ep::Policy,
    Ep::PolicyReload,
    Ep::Approvals,
    Ep::Approval,
    Ep::Approve,
    Ep::Reject,
    Ep::Revoke,
    Ep::Events,
    Ep::Healthz,
    Ep::Metrics,
    Ep::OpenApi,
    Ep::Console,
    Ep::Root,
    Ep::SessionSignIn,
    Ep::SessionGet,
    Ep::SessionDelete,
    Ep::SignInLink,
    Ep::DemotedSessions,
    Ep::RestoreSession,
    Ep::Me,
    Ep::Execute,
    Ep::TaskList,
    Ep::TaskGet,
    Ep::TaskProposal,
    Ep::TaskCreate,
    Ep::TaskPropose,
    Ep::TaskApply,
    Ep::TaskConfirm,
    Ep::TaskCheck,
    Ep::TaskRecord,
    Ep::TaskFinish,
];

static TEMP: AtomicU32 = AtomicU32::new(0);

/// The caller's auth, its principal name (for the journal check) and the token it would sign in with.
/// The executor column's credential is created after its cell's fixtures (which report as `bot`).
async fn caller(h: &Harness, who: Who) -> (Auth, Option<String>, String) {
    match who {
        Who::Agent => (bearer(AGENT), Some("bot".into()), AGENT.into()),
        Who::Approver => (bearer(APPROVER), Some("alice".into()), APPROVER.into()),
        Who::Admin => (bearer(ADMIN), Some("root".into()), ADMIN.into()),
        Who::NoCredential => (Auth::None, None, "not-a-token".into()),
        Who::Revoked => (bearer(REVOKED), None, REVOKED.into()),
        Who::ApproverSession | Who::AdminSession => {
            let (token, name) = if who == Who::ApproverSession { (APPROVER, "alice") } else { (ADMIN, "root") };
            let (session, csrf) = h.session(token).await;
            (Auth::Cookie { session, csrf: Some(csrf) }, Some(name.into()), token.into())
        }
        Who::RevokedSession => {
            let name = format!("temp-{}", TEMP.fetch_add(1, Ordering::SeqCst));
            let token = format!("tok-{name}");
            h.store.create_token(&name, Role::Approver, &sha256_hex(token.as_bytes()), None, h.now()).await.unwrap();
            let (session, csrf) = h.session(&token).await;
            assert!(h.store.revoke_token(&name, h.now()).await.unwrap());
            (Auth::Cookie { session, csrf: Some(csrf) }, None, token)
        }
        Who::Executor => {
            let name = format!("executor-{}", TEMP.fetch_add(1, Ordering::SeqCst));
            let token = format!("tok-{name}");
            (bearer(&token), Some(name), token)
        }
        Who::Runner => {
            let name = format!("runner-{}", TEMP.fetch_add(1, Ordering::SeqCst));
            let token = format!("tok-{name}");
            h.store.create_token(&name, Role::Runner, &sha256_hex(token.as_bytes()), None, h.now()).await.unwrap();
            (bearer(&token), Some(name), token)
        }
    }
}

/// How far a fixture task has come.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Stage {
    Created,
    Proposed,
    Intended,
    Applied,
    Verified,
}

/// A fresh task (non-sensitive, empty workspace) brought to `stage` through the store with change control's rules,
/// as the CLI would; returns its id and the manifest of its workspace once `a.txt` is applied.
async fn task_at(h: &Harness, stage: Stage) -> (String, Manifest) {
    use change_control::ChangeControl;
    let task = h.rid("task");
    let config = TaskConfig {
        workspace: "/nonexistent/workspace".into(),
        check_command: "true".into(),
        check_timeout_ms: 60_000,
        sensitive: vec![".ci/**".into()],
        writable: Vec::new(),
        network: false,
        unsandboxed: true,
        deliver: None,
        limits: Default::default(),
    };
    let content = "hello\n";
    let written = vec![FileHash { path: "a.txt".into(), sha256: sha256_hex(content.as_bytes()), bytes: 6 }];
    let manifest = Manifest::default().with_written(&written, &[]);
    let store = &*h.store;
    let create = TaskCommand::Create { command_id: "create".into(), config, workspace: Manifest::default() };
    store.command(&task, create, h.now()).await.unwrap();
    if stage >= Stage::Proposed {
        let files = vec![FileContent { path: "a.txt".into(), content: content.into() }];
        store
            .command(&task, TaskCommand::Propose { command_id: "p".into(), expected_revision: 0, files }, h.now())
            .await
            .unwrap();
    }
    if stage >= Stage::Intended {
        let digest = store.task_state(&task).await.unwrap().unwrap().proposal.unwrap().change_digest;
        let intent = TaskCommand::ApplyIntent {
            command_id: "a".into(),
            expected_revision: 1,
            paths: None,
            change_digest: digest,
            cleared_by: None,
        };
        store.command(&task, intent, h.now()).await.unwrap();
    }
    if stage >= Stage::Applied {
        let confirm = TaskCommand::ApplyConfirmed {
            command_id: "a".into(),
            expected_revision: 1,
            written: written.clone(),
            workspace: manifest.clone(),
        };
        store.command(&task, confirm, h.now()).await.unwrap();
    }
    if stage >= Stage::Verified {
        let record = TaskCommand::CheckRecorded {
            command_id: "c".into(),
            expected_revision: 2,
            result: passing_check(),
            before: manifest.clone(),
            after: manifest.clone(),
        };
        store.command(&task, record, h.now()).await.unwrap();
    }
    (task, manifest)
}

fn passing_check() -> CheckResult {
    CheckResult {
        exit_code: Some(0),
        timed_out: false,
        duration_ms: 5,
        output_sha256: sha256_hex(b""),
        output_bytes: 0,
        output_tail: String::new(),
        sandbox: "none (the operator opted out)".into(),
        limits: String::new(),
        limit_hit: None,
    }
}

/// Builds the request for one cell, creating whatever fixture it needs (a fresh deferral for each approve, …).
async fn request(h: &Harness, ep: Ep, auth: &Auth, token: &str) -> Req {
    use Ep::*;
    let r = match ep {
        Decide => req("POST", "/v1/decide").json(&json!({"request_id": h.rid("m"), "action": "weather.get"})),
        Decision => req("GET", &format!("/v1/decisions/{}", h.permit().await)),
        Report => {
            req("POST", &format!("/v1/decisions/{}/report", h.permit().await)).json(&json!({"outcome": "executed"}))
        }
        Wait => req("GET", &format!("/v1/decisions/{}/wait?timeout=0", h.permit().await)),
        Undo => req("POST", &format!("/v1/decisions/{}/undo", h.executed().await)).json(&json!({})),
        Decisions => req("GET", "/v1/decisions"),
        Deferrals => {
            let (_, _, digest, body) = h.deferral(9.0).await;
            let prefix = body["request_id"].as_str().unwrap().to_string();
            req("GET", &format!("/v1/deferrals?request_id_prefix={prefix}&digest={digest}"))
        }
        KillSwitchGet => req("GET", "/v1/kill-switch"),
        KillSwitchSet => req("POST", "/v1/kill-switch").json(&json!({"engaged": false})),
        Journal => req("GET", "/v1/journal?after_seq=0"),
        JournalVerify => req("GET", "/v1/journal/verify"),
        Policy => req("GET", "/v1/policy"),
        PolicyReload => req("POST", "/v1/policy/reload"),
        Approvals => req("GET", "/v1/approvals?status=pending"),
        Approval => req("GET", &format!("/v1/approvals/{}", h.deferral(5.0).await.1)),
        Approve => {
            let (_, id, digest, _) = h.deferral(6.0).await;
            req("POST", &format!("/v1/approvals/{id}/approve")).json(&json!({"digest": digest}))
        }
        Reject => {
            let (_, id, digest, _) = h.deferral(7.0).await;
            req("POST", &format!("/v1/approvals/{id}/reject")).json(&json!({"reason": "no", "digest": digest}))
        }
        Revoke => {
            let (_, id, digest, _) = h.deferral(8.0).await;
            h.store.approve(id, "bob", Some(&digest), h.now()).await.unwrap();
            req("POST", &format!("/v1/approvals/{id}/revoke")).json(&json!({"why": "changed my mind"}))
        }
        Events => req("GET", "/v1/events"),
        Healthz => req("GET", "/healthz"),
        Metrics => req("GET", "/metrics"),
        OpenApi => req("GET", "/openapi.json"),
        Console => req("GET", "/console"),
        Root => req("GET", "/"),
        // The body carries the credential; the request's own auth is sent too and must not matter.
        SessionSignIn => req("POST", "/console/session").json(&json!({"token": token})),
        SessionGet => req("GET", "/console/session"),
        SessionDelete => req("DELETE", "/console/session"),
        SignInLink => req("GET", "/console/signin?code=never-issued"),
        DemotedSessions => req("GET", "/v1/sessions"),
        Me => req("GET", "/v1/me"),
        Execute => req("POST", "/v1/execute").json(&json!({"request_id": h.rid("x"), "action": "files.show"})),
        TaskList => req("GET", "/v1/tasks"),
        TaskGet => req("GET", &format!("/v1/tasks/{}", task_at(h, Stage::Created).await.0)),
        TaskProposal => req("GET", &format!("/v1/tasks/{}/proposal", task_at(h, Stage::Proposed).await.0)),
        TaskCreate => {
            let (_, manifest) = task_at(h, Stage::Created).await;
            let config = h.store.tasks().await.unwrap()[0].config.clone();
            req("POST", "/v1/tasks").json(&json!({"task_id": h.rid("new"), "config": config, "workspace": manifest}))
        }
        TaskPropose => {
            let task = task_at(h, Stage::Created).await.0;
            req("POST", &format!("/v1/tasks/{task}/propose")).json(&json!({
                "command_id": "p", "expected_revision": 0, "files": [{"path": "a.txt", "content": "hello\n"}],
            }))
        }
        TaskApply => {
            let task = task_at(h, Stage::Proposed).await.0;
            let digest = h.store.task_state(&task).await.unwrap().unwrap().proposal.unwrap().change_digest;
            req("POST", &format!("/v1/tasks/{task}/apply"))
                .json(&json!({"command_id": "a", "expected_revision": 1, "change_digest": digest}))
        }
        TaskConfirm => {
            let (task, manifest) = task_at(h, Stage::Intended).await;
            req("POST", &format!("/v1/tasks/{task}/apply/confirm")).json(&json!({
                "command_id": "a", "expected_revision": 1, "written": manifest.files, "workspace": manifest,
            }))
        }
        TaskCheck => {
            let task = task_at(h, Stage::Applied).await.0;
            req("POST", &format!("/v1/tasks/{task}/check")).json(&json!({"command_id": "c", "expected_revision": 2}))
        }
        TaskRecord => {
            let (task, manifest) = task_at(h, Stage::Applied).await;
            req("POST", &format!("/v1/tasks/{task}/check/record")).json(&json!({
                "command_id": "c", "expected_revision": 2, "result": passing_check(), "before": manifest, "after": manifest,
            }))
        }
        TaskFinish => {
            let (task, manifest) = task_at(h, Stage::Verified).await;
            req("POST", &format!("/v1/tasks/{task}/finish")).json(&json!({
                "command_id": "f", "expected_revision": 2, "workspace": manifest, "delivered": "/deliver/t",
            }))
        }
        RestoreSession => {
            let session = demoted_session(h).await;
            req("POST", "/v1/sessions/restore").json(&json!({"agent": "bot", "session": session, "why": "checked"}))
        }
    };
    r.auth(auth)
}

/// A fresh session of `bot` demoted by a flag (decided through the store under the test policy plus a
/// `session_trust` section, so the shared policy of the other cells stays without one).
async fn demoted_session(h: &Harness) -> String {
    let text = format!("{POLICY}session_trust:\n  cooling_period: 1h\n  demote_on: {{ flags: [prompt_injection] }}\n");
    let policy = std::sync::Arc::new(foureyes_core::Policy::from_yaml("trust.yaml", &text).unwrap());
    let session = h.rid("session");
    let request = ActionRequest {
        request_id: h.rid("flagged"),
        agent: "bot".into(),
        session: Some(session.clone()),
        action: "weather.get".into(),
        params: serde_json::Map::new(),
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: vec!["prompt_injection".into()],
    };
    let d = h.store.decide(policy, request, h.now()).await.unwrap();
    assert_eq!(h.store.demotions(true, h.now()).await.unwrap()[0].decision_id, d.decision_id);
    session
}

/// An action FourEyes runs itself (a real command) whose environment holds a connector secret, and the secret.
const EXECUTING: &str = "  files.show:
    tier: 2
    limits: [{ count: 1000, per: 1h }]
    execute: { command: { argv: [printenv, TOKEN], env: { TOKEN: \"{{ secret.shop_token }}\" } } }
";
const SECRET: &str = "tok-shop-secret-never-shown-42";

/// The harness with the real executing door (`foureyes_connect::Door`, as `foureyes serve` plugs it in) and the
/// secret `shop_token` sealed in its database.
async fn executing_harness() -> Harness {
    struct Plugged(foureyes_connect::Door);
    #[async_trait::async_trait]
    impl foureyes_server::execute::ExecuteDoor for Plugged {
        async fn execute(
            &self,
            policy: std::sync::Arc<foureyes_core::Policy>,
            request: ActionRequest,
        ) -> Result<Value, foureyes_store::StoreError> {
            Ok(self.0.execute(policy, request).await?.to_json())
        }
    }
    let mut h = harness_with(&format!("{POLICY}{EXECUTING}")).await;
    let table = foureyes_connect::secrets::SqliteSecrets::open(&h.dir.path().join("t.db")).unwrap();
    let key = foureyes_connect::SecretKey::from_hex(&"5a".repeat(32)).unwrap();
    let secrets = foureyes_connect::Secrets::new(key, std::sync::Arc::new(table));
    secrets.set("shop_token", SECRET, h.now()).await.unwrap();
    let clock = h.clock.clone();
    let door = foureyes_connect::Door {
        store: h.store.clone(),
        secrets: Some(secrets),
        clock: std::sync::Arc::new(move || clock.load(Ordering::SeqCst)),
    };
    h.state.execute = Some(std::sync::Arc::new(Plugged(door)));
    // Change control as `foureyes serve` plugs it in (ADR-490).
    h.state.tasks = Some(std::sync::Arc::new(change_control::door::Door::new(h.store.clone())));
    h.app = foureyes_server::app(h.state.clone());
    h
}

/// Executing with a secret: the agent's answer, the journal and every read an agent may make show the secret's
/// name, never its value.
#[tokio::test]
async fn an_agent_executing_with_a_secret_never_reads_it() {
    let h = executing_harness().await;
    let r = h
        .send(req("POST", "/v1/execute").token(AGENT).json(&json!({"request_id": "show-1", "action": "files.show"})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!((&v["ran"], &v["outcome"]), (&json!(true), &json!("executed")), "{v}");
    assert!(!r.text().contains(SECRET), "{}", r.text());
    let id = v["decision_id"].as_i64().unwrap();
    for path in [format!("/v1/decisions/{id}"), format!("/v1/decisions/{id}/wait?timeout=0"), "/v1/policy".into()] {
        let r = h.send(req("GET", &path).token(AGENT)).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.text());
        assert!(!r.text().contains(SECRET), "{path}: {}", r.text());
    }
    let shown = h.send(req("GET", &format!("/v1/decisions/{id}")).token(AGENT)).await.json();
    // A run that opened a secret keeps no tail at all, only what FourEyes read itself (ADR-481).
    assert_eq!(shown["report_detail"]["stdout_tail"], Value::Null, "{shown}");
    assert!(shown["report_detail"]["withheld"]["fields"].to_string().contains("stdout_tail"), "{shown}");
    let journal = serde_json::to_string(&h.store.journal(0, 10_000).await.unwrap()).unwrap();
    assert!(!journal.contains(SECRET));
}

#[tokio::test]
async fn every_endpoint_times_every_role() {
    let h = executing_harness().await;
    let mut failures = Vec::new();
    let mut cells = 0;
    for ep in ENDPOINTS {
        for (col, who) in COLUMNS.into_iter().enumerate() {
            let (auth, principal, token) = caller(&h, who).await;
            let r = request(&h, ep, &auth, &token).await;
            let executor = principal.as_deref().filter(|_| who == Who::Executor);
            if let Some(name) = executor {
                h.store.create_executor(name, "bot", &sha256_hex(token.as_bytes()), h.now()).await.unwrap();
            }
            let before = h.head().await;
            let resp = send_no_stream(&h.app, r).await;
            let written = h.events_after(before).await;
            if let Some(name) = executor {
                assert!(h.store.revoke_token(name, h.now()).await.unwrap());
            }
            cells += 1;
            let want = expected(ep)[col];
            if resp.status.as_u16() != want {
                failures.push(format!("{ep:?} as {who:?}: expected {want}, got {} {}", resp.status, resp.text()));
                continue;
            }
            if resp.status.is_client_error() {
                resp.error_code();
            }
            match want {
                403 => {
                    let name = principal.as_deref().unwrap();
                    let refused: Vec<_> = written.iter().filter(|e| e.kind == EventKind::Refused).collect();
                    if written.len() != 1 || refused.len() != 1 || refused[0].data["agent"] != name {
                        failures.push(format!(
                            "{ep:?} as {who:?}: a 403 must journal exactly one `refused` event by `{name}`, got {:?}",
                            written.iter().map(|e| (e.kind, e.data.clone())).collect::<Vec<_>>()
                        ));
                    }
                }
                // Asking who one is is a read: it journals nothing, for any credential.
                200 if ep == Ep::Me && !written.is_empty() => {
                    failures.push(format!(
                        "{ep:?} as {who:?}: a read wrote {:?}",
                        written.iter().map(|e| e.kind).collect::<Vec<_>>()
                    ));
                }
                401 | 410 if !written.is_empty() => {
                    failures.push(format!(
                        "{ep:?} as {who:?}: an unauthenticated call wrote {:?}",
                        written.iter().map(|e| e.kind).collect::<Vec<_>>()
                    ));
                }
                _ => {}
            }
        }
    }
    assert_eq!(cells, ENDPOINTS.len() * COLUMNS.len());
    assert!(failures.is_empty(), "{} of {cells} cells wrong:\n{}", failures.len(), failures.join("\n"));
}

#[tokio::test]
async fn an_agent_approving_gets_403_and_the_attempt_is_journaled() {
    let h = harness().await;
    let (_, id, digest, _) = h.deferral(42.0).await;
    let before = h.head().await;
    let r =
        h.send(req("POST", &format!("/v1/approvals/{id}/approve")).token(AGENT).json(&json!({"digest": digest}))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.error_code(), "forbidden");
    let data = h.only_refusal_since(before, "bot").await;
    assert_eq!(data["code"], "forbidden");
    assert_eq!(data["input"]["action"], "approving");
    assert!(r.json()["error"]["message"].as_str().unwrap().contains("journaled at seq"), "{}", r.text());
    // And the approval is untouched.
    let a = h.send(req("GET", &format!("/v1/approvals/{id}")).token(APPROVER)).await.json();
    assert_eq!(a["status"], "pending");
    assert_eq!(a["approvers"], json!([]));
    // Rejecting, revoking, flipping the kill switch and reloading policy are refused the same way.
    for (method, path, body) in [
        ("POST", format!("/v1/approvals/{id}/reject"), json!({"reason": "x"})),
        ("POST", format!("/v1/approvals/{id}/revoke"), json!({"why": "x"})),
        ("POST", "/v1/kill-switch".to_string(), json!({"engaged": true})),
        ("POST", "/v1/policy/reload".to_string(), json!({})),
    ] {
        let before = h.head().await;
        let r = h.send(req(method, &path).token(AGENT).json(&body)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{path}: {}", r.text());
        h.only_refusal_since(before, "bot").await;
    }
    assert!(!h.store.kill_switch().await.unwrap());
}

#[tokio::test]
async fn an_agent_sees_only_its_own_decisions() {
    let h = harness().await;
    let id = h.permit().await;
    for (method, path, body) in [
        ("GET", format!("/v1/decisions/{id}"), None),
        ("GET", format!("/v1/decisions/{id}/wait?timeout=0"), None),
        ("POST", format!("/v1/decisions/{id}/report"), Some(json!({"outcome": "executed"}))),
        ("POST", format!("/v1/decisions/{id}/undo"), Some(json!({}))),
    ] {
        let before = h.head().await;
        let mut r = req(method, &path).token(AGENT2);
        if let Some(b) = &body {
            r = r.json(b);
        }
        let r = h.send(r).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{path}: {}", r.text());
        h.only_refusal_since(before, "other-bot").await;
    }
    let d = h.send(req("GET", &format!("/v1/decisions/{id}")).token(AGENT)).await.json();
    assert_eq!(d["status"], "intended", "other-bot's report must not have landed: {d}");
}

/// The requester can never approve. Reached purely over HTTP: an approver undoes an executed `vault.open`; the
/// compensating `vault.close` is tier 3, so the undo defers under the approver's own name, and that approver's
/// vote is refused with `self_approval` (403, journaled) while another approver's counts.
#[tokio::test]
async fn an_approver_cannot_approve_a_request_made_under_their_own_principal() {
    let h = harness().await;
    let v = h.decide(AGENT, json!({"request_id": "open-1", "action": "vault.open"})).await;
    assert_eq!(v["verdict"], "permit", "{v}");
    let opened = v["decision_id"].as_i64().unwrap();
    let r = h
        .send(req("POST", &format!("/v1/decisions/{opened}/report")).token(AGENT).json(&json!({"outcome": "executed"})))
        .await;
    assert_eq!(r.status, StatusCode::OK);

    let r = h.send(req("POST", &format!("/v1/decisions/{opened}/undo")).token(APPROVER).json(&json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let undo = r.json();
    assert_eq!(undo["verdict"], "defer", "{undo}");
    assert_eq!(undo["agent"], "alice", "the undo is alice's own request: {undo}");
    let (approval, digest) = (undo["approval_id"].as_i64().unwrap(), undo["digest"].as_str().unwrap().to_string());

    let before = h.head().await;
    let r = h
        .send(
            req("POST", &format!("/v1/approvals/{approval}/approve")).token(APPROVER).json(&json!({"digest": digest})),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert_eq!(r.error_code(), "self_approval");
    let data = h.only_refusal_since(before, "alice").await;
    assert_eq!(data["code"], "self_approval");

    // Through her console session too.
    let (session, csrf) = h.session(APPROVER).await;
    let before = h.head().await;
    let r = h
        .send(
            req("POST", &format!("/v1/approvals/{approval}/approve"))
                .auth(&Auth::Cookie { session, csrf: Some(csrf) })
                .json(&json!({"digest": digest})),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.error_code(), "self_approval");
    h.only_refusal_since(before, "alice").await;

    let r = h
        .send(
            req("POST", &format!("/v1/approvals/{approval}/approve")).token(APPROVER2).json(&json!({"digest": digest})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["approval"]["status"], "approved");
}

/// The same rule for a request that entered through another door (the CLI's `decide --agent NAME` writes the store
/// directly) under an approver's name: the HTTP approve maps the store's refusal to 403 `self_approval`.
#[tokio::test]
async fn a_request_stored_under_an_approvers_name_cannot_be_approved_by_them() {
    let h = harness().await;
    let request = ActionRequest {
        request_id: "cli-1".into(),
        agent: "alice".into(),
        session: None,
        action: "payments.send".into(),
        params: json!({"amount_eur": 10, "payee": "ACME"}).as_object().cloned().unwrap(),
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    };
    let d = h.store.decide(h.state.policy(), request, h.now()).await.unwrap();
    let (id, digest) = (d.approval_id.unwrap(), d.digest.clone());
    let before = h.head().await;
    let r = h
        .send(req("POST", &format!("/v1/approvals/{id}/approve")).token(APPROVER).json(&json!({"digest": digest})))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.error_code(), "self_approval");
    assert_eq!(h.only_refusal_since(before, "alice").await["code"], "self_approval");

    // Names are never reused, even after a revoke, so a principal cannot swap roles to approve its own past request.
    let err = h.store.create_token("gone", Role::Agent, &sha256_hex(b"new"), None, h.now()).await.unwrap_err();
    assert!(err.to_string().contains("already exists"), "{err}");
}

/// Roles come from the credential, never from the body: a body that claims another agent or role is refused.
#[tokio::test]
async fn the_body_cannot_name_the_agent_or_role() {
    let h = harness().await;
    for extra in [json!({"agent": "alice"}), json!({"role": "admin"})] {
        let mut body = json!({"request_id": h.rid("x"), "action": "weather.get"});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let before = h.head().await;
        let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
        assert_eq!(r.error_code(), "bad_request");
        h.only_refusal_since(before, "bot").await;
    }
    let v = h.decide(AGENT, json!({"request_id": "mine", "action": "weather.get"})).await;
    assert_eq!(v["agent"], "bot");
    let _: Value = v;
}

/// A connector secret is readable by no credential: no endpoint serves one (this crate holds none,
/// `tests/boundaries.rs`), so every way to name one is 404 for an agent, an approver and an admin alike, and the
/// published API has no such path. The matrix above has no secrets row because there is nothing to call.
#[tokio::test]
async fn no_credential_can_read_a_connector_secret() {
    let h = harness().await;
    for token in [AGENT, APPROVER, ADMIN] {
        for path in ["/v1/secrets", "/v1/secrets/shop_token", "/v1/connector-secrets", "/v1/execute/secrets"] {
            let r = h.send(req("GET", path).token(token)).await;
            assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {}", r.text());
        }
    }
    let spec = h.send(req("GET", "/openapi.json")).await.json();
    let named: Vec<&String> = spec["paths"].as_object().unwrap().keys().filter(|p| p.contains("secret")).collect();
    assert!(named.is_empty(), "{named:?}");
}

/// ADR-396 (attack 34, H1): every endpoint that writes checks, in the write's own transaction, that the credential
/// the request was authenticated by is still live. Each cell authenticates a request whose body is held back,
/// revokes the caller's credential (a token, or the credential under a console session), then sends the body: the
/// request must answer 401 and journal nothing after the revocation but its `credential_revoked` refusal. RED before
/// for the kill switch, session restore, executions, change control, `/started` and the MCP pins and refusals (only
/// decide, report, undo and the votes checked).
#[tokio::test]
async fn attack34_h1_every_write_refuses_a_credential_revoked_after_its_authentication() {
    use Ep::*;
    const WRITES: [Ep; 16] = [
        Decide,
        Report,
        Undo,
        KillSwitchSet,
        Approve,
        Reject,
        Revoke,
        RestoreSession,
        Execute,
        TaskCreate,
        TaskPropose,
        TaskApply,
        TaskConfirm,
        TaskCheck,
        TaskRecord,
        TaskFinish,
    ];
    let mut failures = Vec::new();
    let mut cells = 0;
    for ep in WRITES {
        for (col, who) in COLUMNS.into_iter().enumerate() {
            if !matches!(expected(ep)[col], 200 | 204) {
                continue;
            }
            let h = executing_harness().await;
            let (auth, principal, token) = caller(&h, who).await;
            let name = principal.unwrap();
            let r = request(&h, ep, &auth, &token).await;
            if who == Who::Executor {
                h.store.create_executor(&name, "bot", &sha256_hex(token.as_bytes()), h.now()).await.unwrap();
            }
            cells += 1;
            if let Some(failure) = revoked_mid_request(&h, r, &name).await {
                failures.push(format!("{ep:?} as {who:?}: {failure}"));
            }
        }
    }
    // Agent writes outside the role matrix's endpoints.
    type Build = fn(i64) -> (String, Value);
    let extras: [(&str, Build); 3] = [
        ("started", |id| (format!("/v1/decisions/{id}/started"), json!({"server": "files"}))),
        ("first-seen pin", |_| {
            ("/v1/mcp/pins".into(), json!({"server": "files", "tool": "read", "sha256": "a".repeat(64)}))
        }),
        ("proxy refusal", |_| {
            ("/v1/mcp/refusals".into(), json!({"code": "ambiguous_message", "message": "twice", "input": {}}))
        }),
    ];
    for (what, build) in extras {
        let h = executing_harness().await;
        let (path, body) = build(h.permit().await);
        cells += 1;
        if let Some(failure) = revoked_mid_request(&h, req("POST", &path).token(AGENT).json(&body), "bot").await {
            failures.push(format!("{what}: {failure}"));
        }
    }
    assert_eq!(cells, 36, "the write cells of the role matrix, and the three extras");
    assert!(failures.is_empty(), "{} of {cells} cells wrong:\n{}", failures.len(), failures.join("\n"));
}

/// Sends `r` with its body held back, revokes `name` once the request is authenticated, and says what went wrong:
/// anything but a 401 whose only journal entries after the revocation are `credential_revoked` refusals.
async fn revoked_mid_request(h: &Harness, r: Req, name: &str) -> Option<String> {
    let revoked_at = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = revoked_at.clone();
    let between = || async move {
        assert!(h.store.revoke_token(name, h.now()).await.unwrap());
        seen.store(h.head().await, Ordering::SeqCst);
    };
    let Some(resp) = send_body_after(&h.app, r, between).await else {
        return Some("answered without reading its body: the revocation could not be placed".into());
    };
    let written = h.events_after(revoked_at.load(Ordering::SeqCst)).await;
    let refusal = |e: &foureyes_core::journal::Event| {
        e.kind == EventKind::Refused && e.data["code"] == foureyes_store::ops::CREDENTIAL_REVOKED
    };
    if resp.status != StatusCode::UNAUTHORIZED || written.is_empty() || !written.iter().all(refusal) {
        let kinds: Vec<_> = written.iter().map(|e| (e.kind, e.data.get("code").cloned())).collect();
        return Some(format!("answered {} {}; journaled after the revocation: {kinds:?}", resp.status, resp.text()));
    }
    None
}
