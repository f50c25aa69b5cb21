//! Session trust over HTTP, under a policy with a `session_trust` section: a flag on `POST /v1/decide` demotes the
//! session (and holds the flagged request), people see the demotion at `GET /v1/sessions`, only an admin restores it
//! (the name from the credential, the reason required), and the clock ends it at `until`.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::journal::EventKind;
use foureyes_store::Store;
use serde_json::{Value, json};

fn trust_policy() -> String {
    format!(
        "{POLICY}session_trust:\n  cooling_period: 30m\n  demote_on: {{ bounds_violation: true, flags: [prompt_injection] }}\n"
    )
}

fn heat(h: &Harness, session: &str) -> Value {
    json!({
        "request_id": h.rid("heat"),
        "session": session,
        "action": "climate.set_temperature",
        "params": {"zone": "living", "celsius": 21},
    })
}

fn codes(v: &Value) -> Vec<String> {
    v["reasons"].as_array().unwrap().iter().map(|r| r["code"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn a_flag_demotes_people_see_it_and_only_an_admin_restores_it() {
    let h = harness_with(&trust_policy()).await;
    let mut flagged = heat(&h, "conv-1");
    flagged["flags"] = json!(["prompt_injection"]);
    let v = h.decide(AGENT, flagged).await;
    assert_eq!(v["verdict"], "defer", "the flagged tier-1 request is held: {v}");
    assert!(codes(&v).contains(&"session_demoted".to_string()), "{v}");
    let other = h.decide(AGENT, heat(&h, "conv-2")).await;
    assert_eq!(other["verdict"], "permit", "another session is untouched: {other}");

    // People see it, with the signal, the reason and the end of the cooling period; agents do not.
    let list = h.send(req("GET", "/v1/sessions").token(APPROVER)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text());
    let list = list.json();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    let d = &list[0];
    assert_eq!(
        (d["agent"].as_str(), d["session"].as_str(), d["signal"].as_str()),
        (Some("bot"), Some("conv-1"), Some("flag"))
    );
    assert_eq!(d["status"], "active");
    assert_eq!(d["until_ms"], h.now() + 30 * 60_000);
    assert!(d["reason"].as_str().unwrap().contains("prompt_injection"), "{d}");
    let before = h.head().await;
    assert_eq!(h.send(req("GET", "/v1/sessions").token(AGENT)).await.status, StatusCode::FORBIDDEN);
    h.only_refusal_since(before, "bot").await;
    let r = h.send(req("GET", "/v1/sessions?status=later").token(ADMIN)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());

    // Restoring: agents and approvers get 403 (journaled); the admin must give a reason and cannot name another
    // admin as the restorer.
    let body = json!({"agent": "bot", "session": "conv-1", "why": "the scanner misread a quoted mail"});
    for token in [AGENT, APPROVER] {
        let before = h.head().await;
        let r = h.send(req("POST", "/v1/sessions/restore").token(token).json(&body)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
        h.only_refusal_since(before, if token == AGENT { "bot" } else { "alice" }).await;
    }
    let before = h.head().await;
    let r = h
        .send(
            req("POST", "/v1/sessions/restore")
                .token(ADMIN)
                .json(&json!({"agent": "bot", "session": "conv-1", "why": ""})),
        )
        .await;
    assert_eq!((r.status, r.error_code().as_str()), (StatusCode::BAD_REQUEST, "bad_request"), "{}", r.text());
    h.only_refusal_since(before, "root").await;
    let mut forged = body.clone();
    forged["by"] = json!("someone-else");
    let r = h.send(req("POST", "/v1/sessions/restore").token(ADMIN).json(&forged)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "`by` comes from the credential: {}", r.text());
    assert_eq!(h.store.demotions(true, h.now()).await.unwrap().len(), 1, "nothing restored yet");

    let before = h.head().await;
    let r = h.send(req("POST", "/v1/sessions/restore").token(ADMIN).json(&body)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let restored = r.json();
    assert_eq!((restored["status"].as_str(), restored["ended_by"].as_str()), (Some("restored"), Some("root")));
    let events = h.events_after(before).await;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].kind, EventKind::SessionRestored);
    assert_eq!(events[0].data["why"], "the scanner misread a quoted mail");
    let again = h.send(req("POST", "/v1/sessions/restore").token(ADMIN).json(&body)).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "{}", again.text());
    let v = h.decide(AGENT, heat(&h, "conv-1")).await;
    assert_eq!(v["verdict"], "permit", "restored: {v}");
    let all = h.send(req("GET", "/v1/sessions?status=all").token(ADMIN)).await.json();
    assert_eq!(all[0]["status"], "restored", "{all}");
    assert!(h.send(req("GET", "/v1/sessions").token(ADMIN)).await.json().as_array().unwrap().is_empty());
}

#[tokio::test]
async fn the_cooling_period_ends_on_the_clock() {
    let h = harness_with(&trust_policy()).await;
    let v = h
        .decide(
            AGENT,
            json!({"request_id": h.rid("hot"), "session": "s", "action": "climate.set_temperature",
                   "params": {"zone": "living", "celsius": 40}}),
        )
        .await;
    assert_eq!(v["verdict"], "deny", "{v}");
    h.advance(30 * 60_000 - 1);
    let v = h.decide(AGENT, heat(&h, "s")).await;
    assert_eq!(v["verdict"], "defer", "still cooling: {v}");
    h.advance(1);
    let v = h.decide(AGENT, heat(&h, "s")).await;
    assert_eq!(v["verdict"], "permit", "cooled: {v}");
    let all = h.send(req("GET", "/v1/sessions?status=all").token(APPROVER)).await.json();
    assert_eq!(all[0]["status"], "expired", "{all}");
    assert!(h.store.audit().await.unwrap().mismatches.is_empty());
}

#[tokio::test]
async fn bad_flags_are_refused_and_journaled() {
    let h = harness_with(&trust_policy()).await;
    for flags in [json!(["Prompt Injection"]), json!("prompt_injection"), json!([""])] {
        let mut body = heat(&h, "s");
        body["flags"] = flags.clone();
        let before = h.head().await;
        let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{flags}: {}", r.text());
        h.only_refusal_since(before, "bot").await;
    }
    assert_eq!(h.decision_count().await, 0);
}
