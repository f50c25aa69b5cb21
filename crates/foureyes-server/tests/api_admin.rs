//! Administration over the API: policy reload (a bad file leaves the old policy in force and says where it is
//! wrong) and the kill switch (only admins flip it; it blocks even an approved execution).
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::Policy;
use foureyes_core::journal::EventKind;
use foureyes_server::{AppState, app};
use serde_json::json;
use std::sync::Arc;

async fn policy_sha(h: &Harness) -> String {
    let r = h.send(req("GET", "/v1/policy").token(AGENT)).await;
    assert_eq!(r.status, StatusCode::OK);
    r.json()["sha256"].as_str().unwrap().to_string()
}

async fn reload(h: &Harness) -> Resp {
    h.send(req("POST", "/v1/policy/reload").token(ADMIN)).await
}

#[tokio::test]
async fn a_bad_policy_file_is_refused_with_its_location_and_the_old_policy_stays() {
    let h = harness().await;
    let old = policy_sha(&h).await;
    let cases = [
        ("a YAML syntax error", "version: 1\nactions:\n  weather.get: { tier: 0\n"),
        ("an unknown key", "version: 1\nactions:\n  weather.get:\n    tier: 0\n    colour: red\n"),
        ("an impossible tier", "version: 1\nactions:\n  weather.get: { tier: 9 }\n"),
        (
            "a compensation that does not exist",
            "version: 1\nactions:\n  a.b: { tier: 1, compensate: { action: c.d } }\n",
        ),
    ];
    for (case, text) in cases {
        std::fs::write(&h.policy_path, text).unwrap();
        let before = h.head().await;
        let r = reload(&h).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{case}: {}", r.text());
        assert_eq!(r.error_code(), "policy_invalid", "{case}");
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        // `<file>:<line>:<column>: <what>`
        let file = h.policy_path.display().to_string();
        let location = message.strip_prefix(&format!("{file}:")).unwrap_or_else(|| panic!("{case}: {message}"));
        let mut parts = location.splitn(3, ':');
        let line: u64 = parts.next().unwrap().parse().unwrap_or_else(|_| panic!("{case}: no line in {message}"));
        let column: u64 = parts.next().unwrap().parse().unwrap_or_else(|_| panic!("{case}: no column in {message}"));
        assert!(line >= 1 && column >= 1, "{case}: {message}");
        assert!(message.contains(&format!("the old policy (sha256 {old}) stays in force")), "{case}: {message}");
        assert_eq!(h.only_refusal_since(before, "root").await["code"], "policy_invalid", "{case}");
        assert_eq!(policy_sha(&h).await, old, "{case}: the policy changed");
        // ...and it is still the old policy that decides.
        let params = json!({"amount_eur": 1, "payee": "x"});
        let v =
            h.decide(AGENT, json!({"request_id": h.rid("still"), "action": "payments.send", "params": params})).await;
        assert_eq!(v["verdict"], "defer", "{case}");
    }
    // The syntax error points at the line where the flow mapping breaks off.
    std::fs::write(
        &h.policy_path,
        "version: 1\nactions:\n  weather.get: { tier: 0, params: { city: { type: strin } } }\n",
    )
    .unwrap();
    let r = reload(&h).await;
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.starts_with(&format!("{}:3:", h.policy_path.display())), "{message}");

    // A file that disappeared is refused the same way.
    std::fs::remove_file(&h.policy_path).unwrap();
    let r = reload(&h).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.error_code(), "policy_invalid");
    assert_eq!(policy_sha(&h).await, old);
}

#[tokio::test]
async fn a_good_policy_file_takes_effect_and_is_journaled() {
    let h = harness().await;
    let old = policy_sha(&h).await;
    // Unchanged file: reload succeeds, nothing new journaled.
    let r = reload(&h).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["changed"], false);

    let text = POLICY
        .replace("approvals: { required: 1, ttl: 1h }\n  vault", "approvals: { required: 2, ttl: 1h }\n  vault")
        + "  garden.water:\n    tier: 2\n    params: { litres: { type: number, min: 1, max: 50 } }\n"
        + "    limits: [{ count: 10, per: 1h }]\n";
    std::fs::write(&h.policy_path, &text).unwrap();
    let expected = Policy::from_yaml("x", &text).unwrap().sha256;
    let before = h.head().await;
    let r = reload(&h).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!((v["reloaded"].clone(), v["changed"].clone()), (json!(true), json!(true)));
    assert_eq!(v["policy"]["sha256"], expected);
    assert_ne!(expected, old);
    assert_eq!(policy_sha(&h).await, expected);
    let events = h.events_after(before).await;
    assert_eq!(events.iter().map(|e| e.kind).collect::<Vec<_>>(), vec![EventKind::PolicyLoaded]);
    assert!(events[0].data.to_string().contains(&expected), "{}", events[0].data);
    // The new action exists now.
    let v = h.decide(AGENT, json!({"request_id": "g1", "action": "garden.water", "params": {"litres": 5}})).await;
    assert_eq!(v["verdict"], "permit", "{v}");
}

#[tokio::test]
async fn a_built_in_policy_cannot_be_reloaded() {
    let h = harness().await;
    let policy = Policy::from_yaml("built in", POLICY).unwrap();
    let state = AppState::new(h.store.clone(), policy, None, Arc::new(|| T0));
    let r = send(&app(state), req("POST", "/v1/policy/reload").token(ADMIN)).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.error_code(), "invalid_state");
}

async fn kill_switch(h: &Harness, token: &str, engaged: bool) -> Resp {
    h.send(req("POST", "/v1/kill-switch").token(token).json(&json!({"engaged": engaged}))).await
}

#[tokio::test]
async fn the_kill_switch_blocks_an_approved_execution_and_only_admins_flip_it() {
    let h = harness().await;
    let (deferral, approval, digest, body) = h.deferral(77.0).await;
    let r = h
        .send(
            req("POST", &format!("/v1/approvals/{approval}/approve")).token(APPROVER).json(&json!({"digest": digest})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);

    for (token, who) in [(AGENT, "bot"), (APPROVER, "alice")] {
        let before = h.head().await;
        let r = kill_switch(&h, token, true).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{who}");
        h.only_refusal_since(before, who).await;
    }
    let r = h.send(req("GET", "/v1/kill-switch").token(AGENT)).await;
    assert_eq!(r.json(), json!({"engaged": false}));

    let before = h.head().await;
    let r = kill_switch(&h, ADMIN, true).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json(), json!({"engaged": true, "changed": true}));
    assert_eq!(h.kinds_after(before).await, vec![EventKind::KillSwitch]);
    for token in [AGENT, APPROVER, ADMIN] {
        assert_eq!(h.send(req("GET", "/v1/kill-switch").token(token)).await.json(), json!({"engaged": true}));
    }
    assert_eq!(h.send(req("GET", "/healthz")).await.json()["kill_switch"], true);

    // The approved request is re-sent: denied by the kill switch, the approval kept for later.
    let v = h.decide(AGENT, body.clone()).await;
    assert_eq!(v["verdict"], "deny", "{v}");
    assert_eq!(v["reasons"][0]["code"], "kill_switch", "{v}");
    let a = h.send(req("GET", &format!("/v1/approvals/{approval}")).token(APPROVER)).await.json();
    assert_eq!(a["status"], "approved");
    // Reads still pass; new tier-1 actions are collapsed to a human.
    assert_eq!(h.decide(AGENT, json!({"request_id": "w", "action": "weather.get"})).await["verdict"], "permit");

    // Engaging twice changes nothing; releasing lets the same request through, once.
    assert_eq!(kill_switch(&h, ADMIN, true).await.json(), json!({"engaged": true, "changed": false}));
    assert_eq!(kill_switch(&h, ADMIN, false).await.json(), json!({"engaged": false, "changed": true}));
    let v = h.decide(AGENT, body).await;
    assert_eq!(v["verdict"], "permit", "{v}");
    assert_eq!(v["supersedes"], deferral);
}
