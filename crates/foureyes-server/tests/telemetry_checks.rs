//! The decide span's events are the pipeline's ordered checks, read back from the decision the pure pipeline
//! returned (`foureyes_server::telemetry::checks`): every step up to the one that ended the pipeline, then the
//! verdict. Each case here is a real decision made through the API on the test policy. The OTLP transport of these
//! events is tested end to end in `crates/foureyes/tests/telemetry_otlp.rs`.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use foureyes_server::telemetry::{checks, request_traceparent};
use foureyes_store::Store;
use serde_json::{Value, json};

/// `(step, reason codes)` for each check of decision `id`.
async fn steps(h: &Harness, id: i64) -> Vec<(String, Vec<String>)> {
    let record = h.store.decision(id).await.unwrap().unwrap();
    checks(&record, &h.state.policy())
        .into_iter()
        .map(|c| (c.step.to_string(), c.codes.iter().map(|c| c.as_str().to_string()).collect()))
        .collect()
}

fn expect(rows: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    rows.iter().map(|(s, codes)| (s.to_string(), codes.iter().map(|c| c.to_string()).collect())).collect()
}

const ALL_PASS_THEN: [(&str, &[&str]); 7] = [
    ("kill_switch", &[]),
    ("policy_lookup", &[]),
    ("bounds", &[]),
    ("reversibility", &[]),
    ("session_trust", &[]),
    ("dry_run", &[]),
    ("limits", &[]),
];

fn all_pass_then(verdict: &[&'static str]) -> Vec<(String, Vec<String>)> {
    let mut rows = ALL_PASS_THEN.to_vec();
    rows.push(("verdict", verdict));
    expect(&rows)
}

async fn decide(h: &Harness, body: Value) -> i64 {
    h.decide(AGENT, body).await["decision_id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_permit_and_a_deferral_ran_every_check() {
    let h = harness().await;
    let read = h.permit().await;
    assert_eq!(steps(&h, read).await, all_pass_then(&["observe"]));
    let (deferral, ..) = h.deferral(120.0).await;
    assert_eq!(steps(&h, deferral).await, all_pass_then(&["approval_required"]));
}

#[tokio::test]
async fn a_denial_stops_at_the_check_that_denied() {
    let h = harness().await;
    let id = decide(
        &h,
        json!({"request_id": h.rid("p"), "action": "payments.send", "params": {"amount_eur": 9999, "payee": "ACME"}}),
    )
    .await;
    assert_eq!(
        steps(&h, id).await,
        expect(&[("kill_switch", &[]), ("policy_lookup", &[]), ("bounds", &["bounds"]), ("verdict", &["bounds"])])
    );
}

#[tokio::test]
async fn an_unknown_action_is_judged_at_the_lookup() {
    let h = harness().await;
    let id = decide(&h, json!({"request_id": h.rid("g"), "action": "garage.open"})).await;
    assert_eq!(
        steps(&h, id).await,
        expect(&[("kill_switch", &[]), ("policy_lookup", &["default_deny"]), ("verdict", &["default_deny"])])
    );
}

#[tokio::test]
async fn a_rehearsal_evaluates_through_the_limits() {
    let h = harness().await;
    let id = decide(
        &h,
        json!({"request_id": h.rid("c"), "action": "climate.set_temperature", "dry_run": true,
               "params": {"zone": "living", "celsius": 21}}),
    )
    .await;
    let mut want = ALL_PASS_THEN.to_vec();
    want[5] = ("dry_run", &["dry_run"]);
    want.push(("verdict", &["dry_run"]));
    assert_eq!(steps(&h, id).await, expect(&want));
}

#[tokio::test]
async fn the_kill_switch_and_the_approval_checks_show_where_they_fired() {
    let h = harness().await;
    let (_, approval, digest, body) = h.deferral(120.0).await;

    // Releasing before anyone approved: the approval check denies.
    let mut release = body.clone();
    release["request_id"] = json!(h.rid("early"));
    release["approval_id"] = json!(approval);
    let id = decide(&h, release).await;
    assert_eq!(
        steps(&h, id).await,
        expect(&[("kill_switch", &[]), ("approval", &["approval_pending"]), ("verdict", &["approval_pending"])])
    );

    let r = h
        .send(
            req("POST", &format!("/v1/approvals/{approval}/approve")).token(APPROVER).json(&json!({"digest": digest})),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());

    // With the kill switch engaged, a new request is held at the switch and deferred at the verdict…
    let r = h.send(req("POST", "/v1/kill-switch").token(ADMIN).json(&json!({"engaged": true}))).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let (held, ..) = h.deferral(50.0).await;
    let mut want = ALL_PASS_THEN.to_vec();
    want[0] = ("kill_switch", &["kill_switch"]);
    want.push(("verdict", &["kill_switch"]));
    assert_eq!(steps(&h, held).await, expect(&want));
    // …and the release of an approved action is blocked outright at the switch.
    let blocked = decide(&h, body.clone()).await;
    assert_eq!(steps(&h, blocked).await, expect(&[("kill_switch", &["kill_switch"]), ("verdict", &["kill_switch"])]));

    // Switch off: the release passes the approval check and every later one.
    let r = h.send(req("POST", "/v1/kill-switch").token(ADMIN).json(&json!({"engaged": false}))).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let permit = decide(&h, body).await;
    let mut want = vec![("kill_switch", &[][..]), ("approval", &["approved"][..])];
    want.extend_from_slice(&ALL_PASS_THEN[1..]);
    want.push(("verdict", &["approved"]));
    assert_eq!(steps(&h, permit).await, expect(&want));
}

/// The decide response names the request's trace (derived from agent and request id), for the executor's spans.
#[tokio::test]
async fn the_decide_response_carries_the_requests_traceparent() {
    let h = harness().await;
    let rid = h.rid("w");
    let r =
        h.send(req("POST", "/v1/decide").token(AGENT).json(&json!({"request_id": rid, "action": "weather.get"}))).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let header = r.headers.get("traceparent").unwrap().to_str().unwrap();
    assert_eq!(header, request_traceparent("bot", &rid));
    assert_ne!(header, request_traceparent("other-bot", &rid), "another agent's request is another trace");
}
