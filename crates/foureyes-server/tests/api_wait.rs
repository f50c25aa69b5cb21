//! Durable waiting: `/wait` answers at once for a final decision, long-polls a pending approval until it is
//! answered (by this server, or by a write it did not see happen: another process), times out honestly, and the
//! executor then re-sends its `request_id` to receive the released verdict exactly once.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_store::Store;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn wait(h: &Harness, id: i64, timeout: &str) -> (Value, Duration) {
    let started = Instant::now();
    let r = h.send(req("GET", &format!("/v1/decisions/{id}/wait?timeout={timeout}")).token(AGENT)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    (r.json(), started.elapsed())
}

#[tokio::test]
async fn wait_returns_at_once_for_a_permit() {
    let h = harness().await;
    let id = h.permit().await;
    let (v, took) = wait(&h, id, "30s").await;
    assert!(took < Duration::from_secs(2), "took {took:?}");
    assert_eq!(v["waiting"], false);
    assert_eq!(v["timed_out"], false);
    assert_eq!(v["decision"]["verdict"], "permit");
    assert_eq!(v["approval"], Value::Null);
    assert_eq!(v["next"], "final");
}

#[tokio::test]
async fn wait_times_out_on_a_pending_approval() {
    let h = harness().await;
    let (id, _, _, _) = h.deferral(10.0).await;
    let (v, took) = wait(&h, id, "300ms").await;
    assert!(took >= Duration::from_millis(300) && took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(v["waiting"], true);
    assert_eq!(v["timed_out"], true);
    assert_eq!(v["approval"]["status"], "pending");
    assert!(v["next"].as_str().unwrap().contains("wait again"), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wait_is_released_by_a_concurrent_approval_and_the_resend_permits_exactly_once() {
    let h = harness().await;
    let (deferral, approval, digest, body) = h.deferral(99.0).await;

    let app = h.app.clone();
    let approver = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(400)).await;
        send(
            &app,
            req("POST", &format!("/v1/approvals/{approval}/approve")).token(APPROVER).json(&json!({"digest": digest})),
        )
        .await
    });
    let (v, took) = wait(&h, deferral, "30s").await;
    let approved = approver.await.unwrap();
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.text());
    assert!(took >= Duration::from_millis(400), "returned before the approval: {took:?} {v}");
    assert!(took < Duration::from_secs(10), "not released promptly: {took:?}");
    assert_eq!(v["waiting"], false, "{v}");
    assert_eq!(v["timed_out"], false, "{v}");
    assert_eq!(v["approval"]["status"], "approved");
    assert!(v["next"].as_str().unwrap().contains("re-send the same request_id"), "{v}");
    // Waiting does not execute anything: the deferral is still awaiting its re-send.
    assert_eq!(v["decision"]["status"], "awaiting_approval");

    // The executor re-sends the same request: permit, superseding the deferral.
    let permit = h.decide(AGENT, body.clone()).await;
    assert_eq!(permit["verdict"], "permit", "{permit}");
    assert_eq!(permit["supersedes"], deferral);
    assert_eq!(permit["approval_id"], approval);
    let permit_id = permit["decision_id"].as_i64().unwrap();
    assert_ne!(permit_id, deferral);
    // A second re-send (say the executor crashed before it saw the answer) gets the same decision: no second permit.
    let again = h.decide(AGENT, body.clone()).await;
    assert_eq!(again["decision_id"], permit_id, "{again}");
    assert_eq!(again["verdict"], "permit");
    let a = h.send(req("GET", &format!("/v1/approvals/{approval}")).token(APPROVER)).await.json();
    assert_eq!(a["status"], "consumed");
    assert_eq!(a["consumed_by"], permit_id);
    let permits = h
        .store
        .decisions(foureyes_store::DecisionFilter { status: None, limit: Some(1000), before: None })
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.request.request_id == body["request_id"] && d.verdict == foureyes_core::Verdict::Permit)
        .count();
    assert_eq!(permits, 1);
    // Waiting on the deferral now reports it superseded and final.
    let (v, _) = wait(&h, deferral, "5s").await;
    assert_eq!(v["waiting"], false);
    assert_eq!(v["decision"]["status"], "superseded");
}

/// An approval written straight to the database (as another process or replica would, without this server's
/// wake-up bus) still releases the waiter: `/wait` polls.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wait_sees_an_approval_written_by_another_process() {
    let h = harness().await;
    let (deferral, approval, digest, _) = h.deferral(15.0).await;
    let store = h.store.clone();
    let now = h.now();
    let writer = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(400)).await;
        store.approve(approval, "alice", Some(&digest), now).await.unwrap()
    });
    let (v, took) = wait(&h, deferral, "30s").await;
    writer.await.unwrap();
    assert!(took >= Duration::from_millis(400) && took < Duration::from_secs(10), "took {took:?}");
    assert_eq!(v["waiting"], false, "{v}");
    assert_eq!(v["approval"]["status"], "approved");
}

#[tokio::test]
async fn wait_reports_rejection_and_expiry() {
    let h = harness().await;
    let (rejected, id, digest, body) = h.deferral(16.0).await;
    let r = h
        .send(
            req("POST", &format!("/v1/approvals/{id}/reject"))
                .token(APPROVER)
                .json(&json!({"reason": "not this month", "digest": digest})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let (v, _) = wait(&h, rejected, "30s").await;
    assert_eq!(v["waiting"], false);
    assert_eq!(v["next"], "rejected: do not execute");
    let deny = h.decide(AGENT, body).await;
    assert_eq!(deny["verdict"], "deny", "{deny}");
    assert!(deny["reasons"].as_array().unwrap().iter().any(|r| r["code"] == "approval_rejected"), "{deny}");

    let (expiring, _, _, _) = h.deferral(17.0).await;
    h.advance(3_600_000 + 1);
    let (v, took) = wait(&h, expiring, "30s").await;
    assert!(took < Duration::from_secs(5), "an expired approval is not worth waiting for: {took:?}");
    assert_eq!(v["waiting"], false, "{v}");
    assert_eq!(v["next"], "expired: request again");
}

#[tokio::test]
async fn wait_caps_long_timeouts_and_refuses_bad_ones() {
    let h = harness().await;
    let id = h.permit().await;
    for t in ["999h", "120000ms", "2m", "0"] {
        let (v, _) = wait(&h, id, t).await;
        assert_eq!(v["waiting"], false, "{t}");
    }
    for t in ["abc", "-1", "-5s", "1e3", ""] {
        let r = h.send(req("GET", &format!("/v1/decisions/{id}/wait?timeout={t}")).token(AGENT)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "timeout={t}: {}", r.text());
        assert_eq!(r.error_code(), "bad_request");
    }
}

/// Another process's write, announced by the backend's change stream (PostgreSQL `NOTIFY` in production), wakes
/// the waiters at once through `AppState::wake_on`, also when the stream lagged; the forwarder ends with the stream.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_external_change_stream_wakes_the_waiters() {
    let h = harness().await;
    let (deferral, approval, digest, _) = h.deferral(42.0).await;
    let (changes, stream) = tokio::sync::broadcast::channel(4);
    let forwarder = h.state.wake_on(stream);
    let mut bus = h.state.bus.subscribe();

    // The approval is written to the store directly, as another process would: nothing in this server notifies.
    h.store.approve(approval, "bob", Some(&digest), h.now()).await.unwrap();
    changes.send(7).unwrap();
    tokio::time::timeout(Duration::from_secs(5), bus.recv()).await.expect("the change woke the bus").unwrap();
    let (v, took) = wait(&h, deferral, "30s").await;
    assert_eq!(v["approval"]["status"], "approved", "{v}");
    assert!(took < Duration::from_secs(2), "took {took:?}");

    // Lagging (more hints than the channel holds before the forwarder runs) still wakes.
    for seq in 0..20 {
        let _ = changes.send(seq);
    }
    tokio::time::timeout(Duration::from_secs(5), bus.recv()).await.expect("a lagged stream still wakes").ok();
    drop(changes);
    tokio::time::timeout(Duration::from_secs(5), forwarder).await.expect("the forwarder ends with its stream").unwrap();
}
