//! Withdrawing consent: `POST /v1/approvals/{id}/revoke` turns an approved, unused approval into `revoked`, after
//! which its release is denied `approval_revoked`. Only people may revoke (the agent's attempt is a journaled 403),
//! the console needs its CSRF token, a reason is required, and what cannot be revoked is a clear 409.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::journal::EventKind;
use serde_json::{Value, json};

async fn approve(h: &Harness, id: i64, digest: &str) {
    let r =
        h.send(req("POST", &format!("/v1/approvals/{id}/approve")).token(APPROVER).json(&json!({"digest": digest})));
    let r = r.await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

fn revoke(id: i64, body: &Value) -> Req {
    req("POST", &format!("/v1/approvals/{id}/revoke")).json(body)
}

/// An approved deferral: (decision id, approval id, request body).
async fn approved(h: &Harness, amount: f64) -> (i64, i64, Value) {
    let (decision, id, digest, body) = h.deferral(amount).await;
    approve(h, id, &digest).await;
    (decision, id, body)
}

#[tokio::test]
async fn a_person_revokes_an_approved_unused_approval_and_its_release_is_denied() {
    let h = harness().await;
    let (decision, id, body) = approved(&h, 50.0).await;
    let before = h.head().await;
    let r = h.send(revoke(id, &json!({"why": "the payee is not who they claim"})).token(APPROVER2)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let card = r.json();
    assert_eq!(
        (card["status"].clone(), card["revoked_by"].clone(), card["decided_by"].clone()),
        (json!("revoked"), json!("bob"), json!("alice")),
        "{card}"
    );
    assert_eq!(card["revoke_reason"], "the payee is not who they claim");
    let events = h.events_after(before).await;
    assert_eq!(events.iter().map(|e| e.kind).collect::<Vec<_>>(), vec![EventKind::Revoked], "one `revoked` event");
    assert_eq!(events[0].data["why"], "the payee is not who they claim");

    // A waiting executor is told not to execute; re-sending gets the typed denial.
    let w = h.send(req("GET", &format!("/v1/decisions/{decision}/wait?timeout=0ms")).token(AGENT)).await.json();
    assert_eq!((w["waiting"].clone(), w["next"].clone()), (json!(false), json!("revoked: do not execute")), "{w}");
    let release = h.decide(AGENT, body).await;
    assert_eq!(release["verdict"], "deny", "{release}");
    assert_eq!(release["reasons"][0]["code"], "approval_revoked", "{release}");
    assert_eq!(release["replayed"], false, "the denial of the release is a new decision");
    let a = h.send(req("GET", &format!("/v1/approvals/{id}")).token(ADMIN)).await.json();
    assert_eq!(a["status"], "revoked", "never consumed: {a}");
    // Listing by the new status works.
    let list = h.send(req("GET", "/v1/approvals?status=revoked").token(APPROVER)).await.json();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
}

#[tokio::test]
async fn the_agent_can_never_revoke_and_its_attempt_is_journaled() {
    let h = harness().await;
    let (_, id, _) = approved(&h, 51.0).await;
    for token in [AGENT, AGENT2] {
        let before = h.head().await;
        let r = h.send(revoke(id, &json!({"why": "changed my mind"})).token(token)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
        assert_eq!(r.error_code(), "forbidden");
        let who = if token == AGENT { "bot" } else { "other-bot" };
        assert_eq!(h.only_refusal_since(before, who).await["input"]["action"], "revoking an approval");
    }
    // A revoked credential or none at all: 401, and the approval is untouched.
    assert_eq!(h.send(revoke(id, &json!({"why": "x"})).token(REVOKED)).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(h.send(revoke(id, &json!({"why": "x"}))).await.status, StatusCode::UNAUTHORIZED);
    let a = h.send(req("GET", &format!("/v1/approvals/{id}")).token(ADMIN)).await.json();
    assert_eq!(a["status"], "approved");
}

#[tokio::test]
async fn the_console_revokes_with_its_csrf_token_and_not_without() {
    let h = harness().await;
    let (_, id, _) = approved(&h, 52.0).await;
    let (session, csrf) = h.session(APPROVER2).await;
    let before = h.head().await;
    let without = Auth::Cookie { session: session.clone(), csrf: None };
    let r = h.send(revoke(id, &json!({"why": "x"})).auth(&without)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert_eq!(h.only_refusal_since(before, "bob").await["input"]["csrf"], "rejected");
    let with = Auth::Cookie { session, csrf: Some(csrf) };
    let r = h.send(revoke(id, &json!({"why": "seen in the console"})).auth(&with)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["revoked_by"], "bob");
}

#[tokio::test]
async fn a_revoke_needs_a_reason_and_a_well_formed_body() {
    let h = harness().await;
    let (_, id, _) = approved(&h, 53.0).await;
    for (case, raw) in [
        ("no body", "".to_string()),
        ("no why", "{}".to_string()),
        ("empty why", r#"{"why": ""}"#.to_string()),
        ("blank why", r#"{"why": "   "}"#.to_string()),
        ("why not text", r#"{"why": 7}"#.to_string()),
        ("unknown field", r#"{"why": "x", "digest": "00"}"#.to_string()),
        ("too long", json!({"why": "x".repeat(2001)}).to_string()),
        ("not JSON", "{".to_string()),
    ] {
        let before = h.head().await;
        let r = h.send(req("POST", &format!("/v1/approvals/{id}/revoke")).token(APPROVER).raw(raw)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{case}: {}", r.text());
        assert_eq!(r.error_code(), "bad_request", "{case}");
        h.only_refusal_since(before, "alice").await;
    }
    let a = h.send(req("GET", &format!("/v1/approvals/{id}")).token(ADMIN)).await.json();
    assert_eq!(a["status"], "approved", "refused revokes change nothing");
}

#[tokio::test]
async fn what_cannot_be_revoked_is_a_clear_409() {
    let h = harness().await;
    // Pending (reject it instead), consumed (it ran), rejected, already revoked.
    let (_, pending, _, _) = h.deferral(60.0).await;
    let (_, used, body) = approved(&h, 61.0).await;
    assert_eq!(h.decide(AGENT, body).await["verdict"], "permit");
    let (_, rejected, digest, _) = h.deferral(62.0).await;
    let r = h
        .send(req("POST", &format!("/v1/approvals/{rejected}/reject")).token(APPROVER).json(&json!({"digest": digest})))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let (_, twice, _) = approved(&h, 63.0).await;
    assert_eq!(h.send(revoke(twice, &json!({"why": "first"})).token(ADMIN)).await.status, StatusCode::OK);
    for (case, id, hint) in [
        ("pending", pending, "reject it instead"),
        ("consumed", used, "already used"),
        ("rejected", rejected, "rejected"),
        ("revoked", twice, "already revoked"),
    ] {
        let before = h.head().await;
        let r = h.send(revoke(id, &json!({"why": "too late"})).token(ADMIN)).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{case}: {}", r.text());
        assert_eq!(r.error_code(), "approval_not_revocable", "{case}");
        assert!(r.json()["error"]["message"].as_str().unwrap().contains(hint), "{case}: {}", r.text());
        assert_eq!(h.only_refusal_since(before, "root").await["code"], "approval_not_revocable", "{case}");
    }
    let r = h.send(revoke(424_242, &json!({"why": "x"})).token(ADMIN)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text());
}

/// Attack 33, H3/H4 (ADR-392): a request authenticated — through a console session, or a bearer token read by its
/// statement — before its credential is revoked, whose write runs after the revocation, is refused by that write
/// (`credential_revoked`, journaled) and decides nothing. The race the attacker won (votes journaled after the
/// `revoked` event, each releasing its permit), made deterministic: the extractor authenticates, the revocation
/// commits, then the handler's write runs. Red before: the session's writes carried no credential, and SQLite checked
/// none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attack33_h3_a_write_authenticated_before_its_revocation_is_refused() {
    use axum::extract::FromRequestParts;
    use foureyes_server::WriteCaller;
    for via_session in [true, false] {
        let h = harness().await;
        let (_, id, digest, _) = h.deferral(20.0).await;
        let auth = if via_session {
            let (session, csrf) = h.session(APPROVER).await;
            Auth::Cookie { session, csrf: Some(csrf) }
        } else {
            bearer(APPROVER)
        };
        let (mut parts, _) = req("POST", &format!("/v1/approvals/{id}/approve")).auth(&auth).build().into_parts();
        let caller = WriteCaller::from_request_parts(&mut parts, &h.state).await.expect("live when authenticated");
        let head = h.head().await;
        assert!(foureyes_store::Credentials::revoke_token(&*h.store, "alice", h.now()).await.unwrap());
        let store = std::sync::Arc::clone(&h.store);
        let now = h.now();
        let written = caller
            .writes(|_| async move { foureyes_store::Store::approve(&*store, id, "alice", Some(&digest), now).await })
            .await;
        match written {
            Err(foureyes_store::StoreError::Refused { code, .. }) if code == "credential_revoked" => {}
            other => panic!("session {via_session}: a write after the revocation: {other:?}"),
        }
        let events = h.events_after(head).await;
        assert!(
            events.iter().any(|e| e.kind == EventKind::Refused && e.data["code"] == "credential_revoked"),
            "the refusal is journaled: {events:?}"
        );
        assert!(events.iter().all(|e| e.kind != EventKind::ApprovalVote), "no vote after the revocation: {events:?}");
    }
}
