//! Reports of the decisions FourEyes runs itself (`execute:`), against a real local HTTP target held mid-request:
//! only the run reports (the agent's `failed` while the run is in flight is refused, so the reservation and the
//! `limit 1/h` hold: attack6 H6a–c), an admin settles a run a crash left unconfirmed (journaled by name), and a run
//! outlives a caller the request timeout dropped (it completes and reports).
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::canonical::sha256_hex;
use foureyes_core::{ActionRequest, DecisionStatus, Policy};
use foureyes_store::{Credentials, DecisionFilter, Store};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The target: `/hang` holds each request until the test releases it; `/slow` answers after 800 ms.
struct Target {
    base: String,
    hits: Arc<AtomicUsize>,
    release: Arc<Semaphore>,
    /// Requests `/ok` received.
    ok_hits: Arc<AtomicUsize>,
}

async fn target() -> Target {
    let hits = Arc::new(AtomicUsize::new(0));
    let release = Arc::new(Semaphore::new(0));
    let (h, r) = (hits.clone(), release.clone());
    let ok_hits = Arc::new(AtomicUsize::new(0));
    let ok = ok_hits.clone();
    let app = axum::Router::new()
        .route(
            "/ok",
            axum::routing::post(move || {
                let ok = ok.clone();
                async move {
                    ok.fetch_add(1, Ordering::SeqCst);
                    axum::Json(json!({"ok": true}))
                }
            }),
        )
        .route(
            "/hang",
            axum::routing::post(move || {
                let (h, r) = (h.clone(), r.clone());
                async move {
                    h.fetch_add(1, Ordering::SeqCst);
                    let _held = r.acquire().await.unwrap();
                    axum::Json(json!({"ok": true}))
                }
            }),
        )
        .route(
            "/slow",
            axum::routing::post(|| async {
                tokio::time::sleep(Duration::from_millis(800)).await;
                axum::Json(json!({"ok": true}))
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    Target { base, hits, release, ok_hits }
}

struct Plugged(foureyes_connect::Door);

#[async_trait::async_trait]
impl foureyes_server::execute::ExecuteDoor for Plugged {
    async fn execute(&self, policy: Arc<Policy>, request: ActionRequest) -> Result<Value, foureyes_store::StoreError> {
        Ok(self.0.execute(policy, request).await?.to_json())
    }
}

async fn executing(base: &str, request_timeout: Option<Duration>) -> Harness {
    let actions = format!(
        "  hook.limhang:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    execute: {{ http: {{ method: POST, url: \"{base}/hang\", timeout: 10s }} }}
  hook.slow:
    tier: 2
    limits: [{{ count: 100, per: 1h }}]
    execute: {{ http: {{ method: POST, url: \"{base}/slow\", timeout: 5s }} }}
  hook.approved:
    tier: 3
    approvals: {{ required: 1, ttl: 1h }}
    execute: {{ http: {{ method: POST, url: \"{base}/ok\", timeout: 5s }} }}
  hook.counted:
    tier: 2
    limits: [{{ count: 1, per: 1h }}]
    execute: {{ http: {{ method: POST, url: \"{base}/ok\", timeout: 5s }} }}
"
    );
    let mut h = harness_with(&format!("{POLICY}{actions}")).await;
    let clock = h.clock.clone();
    let door = foureyes_connect::Door {
        store: h.store.clone(),
        secrets: None,
        clock: Arc::new(move || clock.load(Ordering::SeqCst)),
    };
    h.state.execute = Some(Arc::new(Plugged(door)));
    if let Some(t) = request_timeout {
        h.state.limits.request_timeout = t;
    }
    h.app = foureyes_server::app(h.state.clone());
    h
}

fn execute_body(id: &str, action: &str) -> Value {
    json!({"request_id": id, "action": action})
}

async fn intended(h: &Harness) -> Vec<i64> {
    let filter = DecisionFilter { status: Some(DecisionStatus::Intended), limit: Some(100), before: None };
    h.store.decisions(filter).await.unwrap().into_iter().map(|d| d.decision_id).collect()
}

async fn report(h: &Harness, token: &str, id: i64, outcome: &str) -> Resp {
    let body = json!({"outcome": outcome, "detail": {"note": "the run never happened"}});
    h.send(req("POST", &format!("/v1/decisions/{id}/report")).token(token).json(&body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h6_only_the_run_reports_a_decision_foureyes_executes() {
    let t = target().await;
    let h = executing(&t.base, None).await;
    const EXECUTOR: &str = "tok-executor-runner";
    let app = h.app.clone();
    let first = tokio::spawn(async move {
        send(&app, req("POST", "/v1/execute").token(AGENT).json(&execute_body("lim-1", "hook.limhang"))).await
    });
    while t.hits.load(Ordering::SeqCst) == 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ids = intended(&h).await;
    assert_eq!(ids.len(), 1, "{ids:?}");
    let id = ids[0];
    // In flight: neither the agent nor its executor may report it (red before: the agent's `failed` was accepted,
    // the reservation released, and the run's own report refused). The agent has no executor (the default), then
    // one.
    for token in [AGENT, EXECUTOR] {
        if token == EXECUTOR {
            h.store.create_executor("runner", "bot", &sha256_hex(EXECUTOR.as_bytes()), h.now()).await.unwrap();
        }
        let before = h.head().await;
        let r = report(&h, token, id, "failed").await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{token}: {}", r.text());
        assert!(r.text().contains("only that run reports"), "{}", r.text());
        assert!(!h.only_refusal_since(before, if token == AGENT { "bot" } else { "runner" }).await.is_null());
    }
    assert_eq!(h.store.decision(id).await.unwrap().unwrap().status, DecisionStatus::Intended);
    // The limit holds while the run is in flight: a second execute is not run.
    let r = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("lim-2", "hook.limhang"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["ran"], json!(false), "{}", r.text());
    assert_eq!(t.hits.load(Ordering::SeqCst), 1, "one request reached the target under `count: 1 per 1h`");
    // The run completes and its own report lands.
    t.release.add_permits(10);
    let done = first.await.unwrap();
    assert_eq!(done.status, StatusCode::OK, "{}", done.text());
    assert_eq!((&done.json()["ran"], &done.json()["outcome"]), (&json!(true), &json!("executed")), "{}", done.text());
    assert_eq!(h.store.decision(id).await.unwrap().unwrap().status, DecisionStatus::Executed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h6_a_run_a_crash_left_is_settled_by_an_admin_only_and_journaled_by_name() {
    let t = target().await;
    let h = executing(&t.base, None).await;
    // The permit as a crash between the send and the report leaves it: decided, never reported.
    let policy = h.state.policy();
    let request = ActionRequest {
        request_id: "crash-1".into(),
        agent: "bot".into(),
        session: None,
        action: "hook.limhang".into(),
        params: serde_json::Map::new(),
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    };
    let id = h.store.decide_or_replay(policy, request, h.now()).await.unwrap().decision.decision_id;
    let r = report(&h, AGENT, id, "failed").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert_eq!(h.store.decision(id).await.unwrap().unwrap().status, DecisionStatus::Intended);
    let before = h.head().await;
    let r = report(&h, ADMIN, id, "unknown").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let events = h.events_after(before).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].data["reported_by"], json!("admin:root"), "{}", events[0].data);
    // An admin does not report a decision its agent or executor reports.
    let other = h.permit().await;
    let r = report(&h, ADMIN, other, "executed").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_outlives_a_caller_the_request_timeout_dropped() {
    let t = target().await;
    let h = executing(&t.base, Some(Duration::from_millis(300))).await;
    let r = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("slow-1", "hook.slow"))).await;
    // Received in full, so not 408 "not received" (ADR-968).
    assert_eq!(r.status, StatusCode::GATEWAY_TIMEOUT, "{}", r.text());
    // The run goes on and reports (red before: dropped with the request, the decision left `intended`).
    let mut status = DecisionStatus::Intended;
    for _ in 0..100 {
        let all = h.store.decisions(DecisionFilter { status: None, limit: Some(10), before: None }).await.unwrap();
        let run = all.into_iter().find(|d| d.request.request_id == "slow-1").unwrap();
        status = run.status;
        if status != DecisionStatus::Intended {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, DecisionStatus::Executed);
}

/// Attack 28's row 31 (F968, ADR-968): `serve --request-timeout` shorter than a connector run answered an execute
/// that was received, decided and (a moment later) executed `408` "the request (its body included) was not received
/// and answered" — an agent that believes it sends it again under a new request id and runs it twice. Now `504
/// answer_timeout`, saying it was received and how to find its decision; the same request id finds it, run once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_received_in_full_is_not_told_it_was_not_received() {
    let t = target().await;
    let h = executing(&t.base, Some(Duration::from_millis(300))).await;
    let r = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("slow-31", "hook.slow"))).await;
    assert_eq!(r.status, StatusCode::GATEWAY_TIMEOUT, "{}", r.text());
    let error = &r.json()["error"];
    assert_eq!(error["code"], json!("answer_timeout"), "{}", r.text());
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains("was received in full") && message.contains("same request_id"), "{message}");
    assert!(!message.contains("not received"), "{message}");
    // Found by its request id once the run has reported: the same decision, replayed, not run again.
    let mut found = json!(null);
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let again = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("slow-31", "hook.slow"))).await;
        if again.status == StatusCode::OK && again.json()["status"] != json!("intended") {
            found = again.json();
            break;
        }
    }
    assert_eq!(found["replayed"], json!(true), "{found}");
    assert_eq!((&found["status"], &found["ran"]), (&json!("executed"), &json!(false)), "{found}");
}

/// F440: a policy reload that drops an action's `execute:` while its run is in flight does not hand the agent the
/// report of that run (red before: the reloaded policy had no connector, so the agent's `failed` was accepted, the
/// reservation released and the run's own report refused). Who reports is fixed when the decision is made, from the
/// journal (ADR-440).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_that_drops_the_connector_does_not_hand_the_agent_the_report() {
    let t = target().await;
    let h = executing(&t.base, None).await;
    let app = h.app.clone();
    let first = tokio::spawn(async move {
        send(&app, req("POST", "/v1/execute").token(AGENT).json(&execute_body("reload-1", "hook.limhang"))).await
    });
    while t.hits.load(Ordering::SeqCst) == 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let id = intended(&h).await[0];
    // The same actions, without the connector: the agent would run and report them itself from now on.
    let without = format!(
        "{POLICY}  hook.limhang:\n    tier: 2\n    limits: [{{ count: 1, per: 1h }}]\n  hook.slow:\n    tier: 2\n    \
         limits: [{{ count: 100, per: 1h }}]\n"
    );
    std::fs::write(&h.policy_path, without).unwrap();
    let r = h.send(req("POST", "/v1/policy/reload").token(ADMIN)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert!(h.state.policy().action("hook.limhang").is_some_and(|a| a.execute.is_none()), "the reload took");
    let before = h.head().await;
    let r = report(&h, AGENT, id, "failed").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert!(r.text().contains("only that run reports"), "{}", r.text());
    assert!(!h.only_refusal_since(before, "bot").await.is_null());
    assert_eq!(h.store.decision(id).await.unwrap().unwrap().status, DecisionStatus::Intended);
    // The run completes and its own report lands.
    t.release.add_permits(10);
    let done = first.await.unwrap();
    assert_eq!((&done.json()["ran"], &done.json()["outcome"]), (&json!(true), &json!("executed")), "{}", done.text());
    assert_eq!(h.store.decision(id).await.unwrap().unwrap().status, DecisionStatus::Executed);
    // A decision made under the reloaded policy is the agent's to report.
    let v = h.decide(AGENT, json!({"request_id": "reload-2", "action": "hook.slow"})).await;
    assert_eq!(v["verdict"], "permit", "{v}");
    let other = v["decision_id"].as_i64().unwrap();
    let r = report(&h, AGENT, other, "executed").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

/// Attack 8 #18: after an approval, the agent sent the request id to `/v1/decide` before `/v1/execute`. The decide
/// took the released permit, the execute was a replay (`ran: false`), and the approved action never ran (the
/// approval used up, the decision `intended` for good). Plain decides used up a `count: 1` limit the same way.
/// Red before ADR-480: the decide answered 200 with the permit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decide_cannot_take_the_permit_of_an_action_foureyes_runs() {
    let t = target().await;
    let h = executing(&t.base, None).await;
    let r = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("appr-1", "hook.approved"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!((&v["verdict"], &v["ran"]), (&json!("defer"), &json!(false)), "{v}");
    let (approval, digest) = (v["approval_id"].as_i64().unwrap(), v["digest"].as_str().unwrap().to_string());
    let approve =
        req("POST", &format!("/v1/approvals/{approval}/approve")).token(APPROVER).json(&json!({"digest": digest}));
    let r = h.send(approve).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    // The agent's decide with the request id is refused, journaled, and decides nothing.
    let decisions = h.decision_count().await;
    let before = h.head().await;
    let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&execute_body("appr-1", "hook.approved"))).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text());
    assert_eq!(r.error_code(), "use_execute", "{}", r.text());
    assert!(r.text().contains("/v1/execute"), "{}", r.text());
    assert!(!h.only_refusal_since(before, "bot").await.is_null());
    assert_eq!(h.decision_count().await, decisions, "the refused decide made a decision");
    // The approved action then runs exactly once, through FourEyes.
    let r = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("appr-1", "hook.approved"))).await;
    let v = r.json();
    assert_eq!((&v["verdict"], &v["ran"], &v["outcome"]), (&json!("permit"), &json!(true), &json!("executed")), "{v}");
    let r = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("appr-1", "hook.approved"))).await;
    assert_eq!((&r.json()["replayed"], &r.json()["ran"]), (&json!(true), &json!(false)), "{}", r.text());
    assert_eq!(t.ok_hits.load(Ordering::SeqCst), 1, "the approved action ran once");
    // Plain decides neither use up the limit nor leave permits nobody runs.
    for i in 0..3 {
        let r =
            h.send(req("POST", "/v1/decide").token(AGENT).json(&execute_body(&format!("d-{i}"), "hook.counted"))).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text());
    }
    // A rehearsal decides nothing and is still answered.
    let mut rehearsal = execute_body("dry-1", "hook.counted");
    rehearsal["dry_run"] = json!(true);
    let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&rehearsal)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let r = h.send(req("POST", "/v1/execute").token(AGENT).json(&execute_body("e-1", "hook.counted"))).await;
    let v = r.json();
    assert_eq!((&v["verdict"], &v["ran"], &v["outcome"]), (&json!("permit"), &json!(true), &json!("executed")), "{v}");
    assert_eq!(t.ok_hits.load(Ordering::SeqCst), 2);
    assert!(intended(&h).await.is_empty(), "a permit nobody will run: {:?}", intended(&h).await);
}
