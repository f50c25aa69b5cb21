//! The executor role: a credential bound to one agent that reports that agent's outcomes (and reads and waits on
//! its decisions), nothing else. Once an agent has a live executor, the agent's own reports are refused (403,
//! journaled) and change nothing, so a compromised agent can neither release a reservation by reporting `failed`
//! nor claim `executed`; revoking the executor gives the agent its reporting back.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::canonical::sha256_hex;
use foureyes_core::journal::EventKind;
use foureyes_store::{Credentials, Store};
use serde_json::{Value, json};

/// The token of `runner`, the executor serving `bot` (created by [`with_executor`]).
const EXECUTOR: &str = "tok-executor-runner";

/// `email.send` may run once per hour: a held reservation is visible as the next request deferring.
const LIMITED: &str =
    "  email.send: { tier: 2, params: { to: { type: string } }, limits: [ { count: 1, per: 1h } ] }\n";

async fn with_executor(h: &Harness) {
    h.store.create_executor("runner", "bot", &sha256_hex(EXECUTOR.as_bytes()), h.now()).await.unwrap();
}

async fn report(h: &Harness, token: &str, id: i64, outcome: &str) -> Resp {
    let body = json!({"outcome": outcome, "detail": {"by": token}});
    h.send(req("POST", &format!("/v1/decisions/{id}/report")).token(token).json(&body)).await
}

async fn status(h: &Harness, id: i64) -> String {
    h.store.decision(id).await.unwrap().unwrap().status.as_str().to_string()
}

async fn email(h: &Harness) -> Value {
    h.decide(AGENT, json!({"request_id": h.rid("mail"), "action": "email.send", "params": {"to": "ops@example.com"}}))
        .await
}

#[tokio::test]
async fn an_executor_reads_waits_and_reports_for_its_agent_and_the_journal_names_it() {
    let h = harness().await;
    with_executor(&h).await;
    let id = h.permit().await;
    let r = h.send(req("GET", &format!("/v1/decisions/{id}")).token(EXECUTOR)).await;
    assert_eq!((r.status, r.json()["agent"].as_str()), (StatusCode::OK, Some("bot")), "{}", r.text());
    let r = h.send(req("GET", &format!("/v1/decisions/{id}/wait?timeout=0")).token(EXECUTOR)).await;
    assert_eq!((r.status, r.json()["next"].as_str()), (StatusCode::OK, Some("final")), "{}", r.text());

    let before = h.head().await;
    let r = report(&h, EXECUTOR, id, "executed").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["status"], "executed");
    let events = h.events_after(before).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].kind, EventKind::Executed);
    assert_eq!(events[0].data["reported_by"], "runner", "the journal says who vouched: {}", events[0].data);
    assert_eq!(events[0].data["detail"], json!({"by": EXECUTOR}));
}

#[tokio::test]
async fn an_executor_cannot_decide_approve_or_govern_and_each_refusal_is_journaled() {
    let h = harness().await;
    let executed = h.executed().await;
    with_executor(&h).await;
    let (_, approval, digest, _) = h.deferral(12.0).await;
    let cases = [
        ("POST", "/v1/decide".to_string(), json!({"request_id": "x-1", "action": "weather.get"})),
        ("POST", format!("/v1/approvals/{approval}/approve"), json!({"digest": digest})),
        ("POST", format!("/v1/approvals/{approval}/reject"), json!({"reason": "x", "digest": digest})),
        ("POST", format!("/v1/approvals/{approval}/revoke"), json!({"why": "x"})),
        ("GET", format!("/v1/approvals/{approval}"), Value::Null),
        ("GET", "/v1/approvals".to_string(), Value::Null),
        ("POST", "/v1/kill-switch".to_string(), json!({"engaged": true})),
        ("POST", "/v1/policy/reload".to_string(), json!({})),
        ("POST", format!("/v1/decisions/{executed}/undo"), json!({})),
        ("GET", "/v1/decisions".to_string(), Value::Null),
        ("GET", "/v1/deferrals?request_id_prefix=pay".to_string(), Value::Null),
        ("GET", "/v1/journal".to_string(), Value::Null),
        ("GET", "/v1/events".to_string(), Value::Null),
        ("GET", "/v1/sessions".to_string(), Value::Null),
        ("POST", "/v1/sessions/restore".to_string(), json!({"agent": "bot", "why": "x"})),
    ];
    for (method, path, body) in cases {
        let before = h.head().await;
        let mut r = req(method, &path).token(EXECUTOR);
        if !body.is_null() {
            r = r.json(&body);
        }
        let r = h.send(r).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{method} {path}: {}", r.text());
        assert_eq!(r.error_code(), "forbidden", "{method} {path}");
        h.only_refusal_since(before, "runner").await;
    }
    // The console is for people.
    let before = h.head().await;
    let r = h.send(req("POST", "/console/session").json(&json!({"token": EXECUTOR}))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert!(r.text().contains("executor credentials cannot sign in"), "{}", r.text());
    h.only_refusal_since(before, "runner").await;

    assert!(!h.store.kill_switch().await.unwrap());
    let a = h.send(req("GET", &format!("/v1/approvals/{approval}")).token(APPROVER)).await.json();
    assert_eq!(a["status"], "pending", "{a}");
    assert_eq!(h.decision_count().await, 2, "the executor decided nothing");
}

#[tokio::test]
async fn an_executor_of_one_agent_cannot_read_wait_on_or_report_anothers_decision() {
    let h = harness().await;
    with_executor(&h).await;
    let v = h.decide(AGENT2, json!({"request_id": "theirs", "action": "weather.get"})).await;
    let id = v["decision_id"].as_i64().unwrap();
    for (method, path, body) in [
        ("GET", format!("/v1/decisions/{id}"), None),
        ("GET", format!("/v1/decisions/{id}/wait?timeout=0"), None),
        ("POST", format!("/v1/decisions/{id}/report"), Some(json!({"outcome": "failed"}))),
    ] {
        let before = h.head().await;
        let mut r = req(method, &path).token(EXECUTOR);
        if let Some(b) = &body {
            r = r.json(b);
        }
        let r = h.send(r).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{path}: {}", r.text());
        assert!(r.text().contains("an agent this executor does not serve"), "{}", r.text());
        h.only_refusal_since(before, "runner").await;
    }
    assert_eq!(status(&h, id).await, "intended", "the other agent's decision is untouched");
    // That agent has no executor: it still reports for itself.
    assert_eq!(report(&h, AGENT2, id, "executed").await.status, StatusCode::OK);
}

#[tokio::test]
async fn once_an_agent_has_an_executor_its_own_report_is_refused_and_releases_nothing() {
    let h = harness_with(&format!("{POLICY}{LIMITED}")).await;
    // Before: the agent reports for itself, as it always did.
    let first = email(&h).await;
    assert_eq!(first["verdict"], "permit", "{first}");
    let first = first["decision_id"].as_i64().unwrap();
    assert_eq!(report(&h, AGENT, first, "failed").await.status, StatusCode::OK, "no executor yet");

    let held = email(&h).await;
    assert_eq!(held["verdict"], "permit", "the failed report freed the slot: {held}");
    let held = held["decision_id"].as_i64().unwrap();
    with_executor(&h).await;
    for outcome in ["failed", "executed", "unknown"] {
        let before = h.head().await;
        let r = report(&h, AGENT, held, outcome).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{outcome}: {}", r.text());
        assert_eq!(r.error_code(), "forbidden");
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        assert!(
            message.contains("agent `bot` has an executor credential (runner): only the executor reports outcomes"),
            "{message}"
        );
        let data = h.only_refusal_since(before, "bot").await;
        assert_eq!(
            (data["input"]["decision_id"].as_i64(), data["input"]["outcome"].as_str()),
            (Some(held), Some(outcome))
        );
        assert_eq!(status(&h, held).await, "intended", "a refused report changes nothing");
    }
    // The reservation is still held: the hour's one email is taken.
    let blocked = email(&h).await;
    assert_eq!(blocked["verdict"], "defer", "the refused `failed` must not have released the slot: {blocked}");

    // The executor's word counts: its `failed` releases the slot.
    let r = report(&h, EXECUTOR, held, "failed").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(status(&h, held).await, "failed");
    assert_eq!(email(&h).await["verdict"], "permit", "released by the executor's report");
}

#[tokio::test]
async fn revoking_the_executor_gives_the_agent_its_reporting_back() {
    let h = harness().await;
    with_executor(&h).await;
    h.store.create_executor("runner-2", "bot", &sha256_hex(b"tok-runner-2"), h.now()).await.unwrap();
    let id = h.permit().await;
    assert_eq!(report(&h, AGENT, id, "executed").await.status, StatusCode::FORBIDDEN);
    assert!(h.store.revoke_token("runner", h.now()).await.unwrap());
    let r = report(&h, AGENT, id, "executed").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "one live executor is enough: {}", r.text());
    assert!(r.text().contains("(runner-2)"), "{}", r.text());
    assert!(h.store.revoke_token("runner-2", h.now()).await.unwrap());

    let before = h.head().await;
    let r = report(&h, AGENT, id, "executed").await;
    assert_eq!(r.status, StatusCode::OK, "no live executor left: {}", r.text());
    let events = h.events_after(before).await;
    assert_eq!(events.len(), 1);
    assert!(events[0].data.get("reported_by").is_none(), "the agent's own report keeps its shape: {}", events[0].data);
    // And the revoked executor is nobody.
    let r = report(&h, EXECUTOR, h.permit().await, "executed").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text());
}

#[tokio::test]
async fn an_executor_report_with_a_bad_body_is_refused_and_journaled() {
    let h = harness().await;
    with_executor(&h).await;
    let id = h.permit().await;
    for body in [json!({"outcome": "ran"}), json!({"outcome": "executed", "agent": "bot"}), json!([1])] {
        let before = h.head().await;
        let r = h.send(req("POST", &format!("/v1/decisions/{id}/report")).token(EXECUTOR).json(&body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {}", r.text());
        h.only_refusal_since(before, "runner").await;
    }
    assert_eq!(status(&h, id).await, "intended");
    let missing =
        h.send(req("POST", "/v1/decisions/999999/report").token(EXECUTOR).json(&json!({"outcome": "executed"})));
    assert_eq!(missing.await.status, StatusCode::NOT_FOUND);
}
