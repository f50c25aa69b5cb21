//! `POST /v1/decisions/{id}/started` (ADR-1001, F1001): the start mark a remote MCP proxy (`mcp-proxy --server`)
//! journals before it forwards a permitted call, as the embedded proxy does (ADR-966). Once marked, the decision has
//! no reporting deadline (its reservation outlives `report_within`), the proxy's reporter still reports its outcome,
//! and an admin settles it when no report comes. Only the decision's reporter may mark it, only a permit never
//! reported, never a decision FourEyes runs itself.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::canonical::sha256_hex;
use foureyes_core::journal::EventKind;
use foureyes_core::{ActionRequest, DecisionStatus};
use foureyes_store::{Credentials, Store};
use serde_json::{Value, json};

const EXECUTOR: &str = "tok-executor-runner";
const OTHER_EXECUTOR: &str = "tok-executor-other";

/// `shop.pay`: one per hour, to be reported within 1 s. `hook.run`: FourEyes runs it (`execute:`). (`weather.get`, the
/// common policy's, reserves nothing.)
async fn shop() -> Harness {
    let actions = "  shop.pay:
    tier: 2
    params: { to: { type: string, max_len: 8 } }
    limits: [ { count: 1, per: 1h } ]
    report_within: 1s
  hook.run:
    tier: 2
    limits: [ { count: 10, per: 1h } ]
    execute: { http: { method: POST, url: \"http://127.0.0.1:9/x\", timeout: 1s } }
";
    harness_with(&format!("{POLICY}{actions}")).await
}

async fn pay(h: &Harness, to: &str) -> Value {
    h.decide(AGENT, json!({"request_id": h.rid("pay"), "action": "shop.pay", "params": {"to": to}})).await
}

async fn start(h: &Harness, token: &str, id: i64, server: &str) -> Resp {
    h.send(req("POST", &format!("/v1/decisions/{id}/started")).token(token).json(&json!({"server": server}))).await
}

async fn report(h: &Harness, token: &str, id: i64, outcome: &str) -> Resp {
    let body = json!({"outcome": outcome, "detail": {"mcp": {"tool": "pay"}}});
    h.send(req("POST", &format!("/v1/decisions/{id}/report")).token(token).json(&body)).await
}

/// Red before ADR-1001: no such route (404), and past the deadline the next decision took the only slot (`permit`).
#[tokio::test]
async fn a_started_call_keeps_its_reservation_past_report_within_and_its_proxy_reports_it() {
    let h = shop().await;
    let first = pay(&h, "a").await;
    assert_eq!(first["verdict"], json!("permit"), "{first}");
    let id = first["decision_id"].as_i64().unwrap();
    let before = h.head().await;
    let r = start(&h, AGENT, id, "shop").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!((r.json()["decision_id"].as_i64(), &r.json()["replayed"]), (Some(id), &json!(false)), "{}", r.text());
    assert_eq!(r.json()["started_at_ms"], json!(h.now()), "{}", r.text());
    let events = h.events_after(before).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].kind, EventKind::ConnectorStarted);
    assert_eq!(events[0].data["connector"], json!("mcp-proxy:shop"), "{}", events[0].data);
    assert_eq!(events[0].data["by"], json!("bot"), "{}", events[0].data);
    // A repeat (a retry after a lost answer) answers the same and journals nothing.
    let head = h.head().await;
    let again = start(&h, AGENT, id, "shop").await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text());
    assert_eq!(again.json()["replayed"], json!(true), "{}", again.text());
    assert_eq!(h.head().await, head);
    // Past `report_within`: the call still holds the only slot.
    h.advance(5_000);
    let second = pay(&h, "b").await;
    assert_ne!(second["verdict"], json!("permit"), "the reservation was released at the deadline: {second}");
    // The proxy reports its own call (ADR-334's admin-only rule is for runs FourEyes makes).
    let r = report(&h, AGENT, id, "executed").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(h.store.decision(id).await.unwrap().unwrap().status, DecisionStatus::Executed);
    // Once reported, never started again.
    let r = start(&h, AGENT, id, "shop").await;
    assert_eq!((r.status, r.error_code()), (StatusCode::CONFLICT, "invalid_state".to_string()), "{}", r.text());
}

#[tokio::test]
async fn only_the_decisions_reporter_marks_its_start() {
    let h = shop().await;
    let id = pay(&h, "a").await["decision_id"].as_i64().unwrap();
    // Another agent, a person: refused and journaled; nothing marked.
    for (token, who) in [(AGENT2, "other-bot"), (APPROVER, "alice"), (ADMIN, "root")] {
        let before = h.head().await;
        let r = start(&h, token, id, "shop").await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{who}: {}", r.text());
        assert!(!h.only_refusal_since(before, who).await.is_null(), "{who}: not journaled");
    }
    assert!(h.store.connector_starts().await.unwrap().is_empty());
    // Once `bot` has an executor, only an executor serving it marks (and reports) its calls.
    h.store.create_executor("runner", "bot", &sha256_hex(EXECUTOR.as_bytes()), h.now()).await.unwrap();
    h.store.create_executor("runner-2", "other-bot", &sha256_hex(OTHER_EXECUTOR.as_bytes()), h.now()).await.unwrap();
    for (token, who, says) in [(AGENT, "bot", "only the executor"), (OTHER_EXECUTOR, "runner-2", "does not serve")] {
        let before = h.head().await;
        let r = start(&h, token, id, "shop").await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{who}: {}", r.text());
        assert!(r.text().contains(says), "{who}: {}", r.text());
        assert!(!h.only_refusal_since(before, who).await.is_null(), "{who}: not journaled");
    }
    assert!(h.store.connector_starts().await.unwrap().is_empty());
    let r = start(&h, EXECUTOR, id, "shop").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert!(h.store.connector_starts().await.unwrap().contains_key(&id));
    // The agent still does not report; its executor does.
    assert_eq!(report(&h, AGENT, id, "failed").await.status, StatusCode::FORBIDDEN);
    let r = report(&h, EXECUTOR, id, "unknown").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(h.store.decision(id).await.unwrap().unwrap().status, DecisionStatus::Unknown);
}

#[tokio::test]
async fn only_a_permit_never_reported_and_not_run_by_foureyes_is_started() {
    let h = shop().await;
    let conflict = |r: &Resp, what: &str| {
        assert_eq!(
            (r.status, r.error_code()),
            (StatusCode::CONFLICT, "invalid_state".to_string()),
            "{what}: {}",
            r.text()
        );
    };
    // A denial (a wrong-typed param), deferrals (the limit's second call; an approval's), a reported permit.
    let denied = h.decide(AGENT, json!({"request_id": h.rid("d"), "action": "shop.pay", "params": {"to": 7}})).await;
    assert_eq!(denied["verdict"], json!("deny"), "{denied}");
    assert_eq!(pay(&h, "a").await["verdict"], json!("permit"));
    let over = pay(&h, "b").await;
    assert_eq!(over["verdict"], json!("defer"), "{over}");
    conflict(&start(&h, AGENT, over["decision_id"].as_i64().unwrap(), "shop").await, "over the limit");
    conflict(&start(&h, AGENT, denied["decision_id"].as_i64().unwrap(), "shop").await, "denied");
    let (deferred, _, _, _) = h.deferral(20.0).await;
    conflict(&start(&h, AGENT, deferred, "shop").await, "deferred");
    let executed = h.executed().await;
    conflict(&start(&h, AGENT, executed, "shop").await, "reported");
    // A decision whose action FourEyes runs: its own run marks it; nothing else may, and it stays the run's to report.
    // Decided as the door decides it (`foureyes_connect::Door`: the connector's binding in its evidence, ADR-570).
    let mut request = ActionRequest::new("hook-1", "bot", "hook.run", serde_json::Map::new());
    let binding = json!({"digest": "d".repeat(64), "kind": "http"});
    request.evidence = Some(json!({ foureyes_core::CONNECTOR_EVIDENCE_KEY: binding }));
    let hook = h.store.decide_or_replay(h.state.policy(), request, h.now()).await.unwrap().decision;
    assert_eq!(hook.verdict, foureyes_core::Verdict::Permit);
    let r = start(&h, AGENT, hook.decision_id, "shop").await;
    conflict(&r, "connector");
    assert!(r.text().contains("run by FourEyes"), "{}", r.text());
    assert!(h.store.connector_starts().await.unwrap().is_empty());
    assert_eq!(report(&h, AGENT, hook.decision_id, "failed").await.status, StatusCode::FORBIDDEN);
    // Its run's start mark (the door's) does not make it the agent's to report either.
    h.store.connector_started(hook.decision_id, "http", "foureyes-connect", h.now()).await.unwrap();
    let r = start(&h, AGENT, hook.decision_id, "shop").await;
    conflict(&r, "connector started");
    assert_eq!(report(&h, AGENT, hook.decision_id, "failed").await.status, StatusCode::FORBIDDEN);
    assert_eq!(h.store.decision(hook.decision_id).await.unwrap().unwrap().status, DecisionStatus::Intended);
    // A decision that does not exist; a body without a usable server name.
    assert_eq!(start(&h, AGENT, 999_999, "shop").await.status, StatusCode::NOT_FOUND);
    let id = h.permit().await;
    for body in [json!({}), json!({"server": ""}), json!({"server": "a\nb"}), json!({"server": "x".repeat(129)})] {
        let r = h.send(req("POST", &format!("/v1/decisions/{id}/started")).token(AGENT).json(&body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {}", r.text());
    }
    assert!(!h.store.connector_starts().await.unwrap().contains_key(&id));
}

/// A forwarded call no report came for (the proxy was killed mid-call): listed as a run that may have acted, and
/// settled by an admin, journaled by name; an admin still does not report a call nobody started.
#[tokio::test]
async fn an_admin_settles_a_started_call_no_report_came_for() {
    let h = shop().await;
    let started = pay(&h, "a").await["decision_id"].as_i64().unwrap();
    assert_eq!(start(&h, AGENT, started, "shop").await.status, StatusCode::OK);
    h.advance(5_000);
    let unstarted = h.permit().await;
    assert_eq!(report(&h, ADMIN, unstarted, "failed").await.status, StatusCode::FORBIDDEN);
    assert_eq!(h.store.runs_by_connector(vec![started, unstarted]).await.unwrap(), vec![true, false]);
    let before = h.head().await;
    let r = report(&h, ADMIN, started, "unknown").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let events = h.events_after(before).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].data["reported_by"], json!("admin:root"), "{}", events[0].data);
}
