//! `GET /v1/me`: every live credential learns who it is (principal, role, the agent an executor serves, whether
//! TOTP is enrolled) and nothing secret; a console session answers for its principal; a missing, unknown or revoked
//! credential is the usual 401 JSON error; nothing is ever journaled.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::Role;
use foureyes_core::canonical::sha256_hex;
use foureyes_store::Credentials;
use serde_json::json;

const EXECUTOR: &str = "tok-executor-runner";
const STEP_UP: &str = "tok-approver-carol";

#[tokio::test]
async fn each_credential_is_told_who_it_is_and_nothing_secret() {
    let h = harness().await;
    h.store.create_executor("runner", "bot", &sha256_hex(EXECUTOR.as_bytes()), h.now()).await.unwrap();
    let secret = foureyes_server::new_totp_secret().unwrap();
    h.store
        .create_token("carol", Role::Approver, &sha256_hex(STEP_UP.as_bytes()), Some(&secret), h.now())
        .await
        .unwrap();
    let before = h.head().await;
    for (token, want) in [
        (AGENT, json!({"name": "bot", "role": "agent", "totp": false})),
        (AGENT2, json!({"name": "other-bot", "role": "agent", "totp": false})),
        (EXECUTOR, json!({"name": "runner", "role": "executor", "serves": "bot", "totp": false})),
        (APPROVER, json!({"name": "alice", "role": "approver", "totp": false})),
        (STEP_UP, json!({"name": "carol", "role": "approver", "totp": true})),
        (ADMIN, json!({"name": "root", "role": "admin", "totp": false})),
    ] {
        let r = h.send(req("GET", "/v1/me").token(token)).await;
        assert_eq!(r.status, StatusCode::OK, "{token}: {}", r.text());
        assert_eq!(r.json(), want, "{token}");
        let text = r.text();
        for secret_part in [token.to_string(), sha256_hex(token.as_bytes()), secret.clone()] {
            assert!(!text.contains(&secret_part), "{token}: a secret in {text}");
        }
    }
    // A console session is its principal.
    let (session, csrf) = h.session(STEP_UP).await;
    let r = h.send(req("GET", "/v1/me").auth(&Auth::Cookie { session, csrf: Some(csrf.clone()) })).await;
    assert_eq!(r.json(), json!({"name": "carol", "role": "approver", "totp": true}));
    assert!(!r.text().contains(&csrf), "the CSRF token is /console/session's to give: {}", r.text());
    // Reads journal nothing; the sign-in above journaled only its session and code, by bindings (F274, F275).
    let events = h.events_after(before).await;
    let signin = ["signin_code_issued", "signin_code_used", "session_opened"];
    assert!(events.iter().all(|e| signin.contains(&e.data["action"].as_str().unwrap_or(""))), "{events:#?}");
}

#[tokio::test]
async fn without_a_live_credential_it_is_401_and_writes_nothing() {
    let h = harness().await;
    h.store.create_executor("runner", "bot", &sha256_hex(EXECUTOR.as_bytes()), h.now()).await.unwrap();
    assert!(h.store.revoke_token("runner", h.now()).await.unwrap());
    let before = h.head().await;
    for r in [
        req("GET", "/v1/me"),
        req("GET", "/v1/me").token("tok-nobody"),
        req("GET", "/v1/me").token(REVOKED),
        req("GET", "/v1/me").token(EXECUTOR),
        req("GET", "/v1/me").header("authorization", "Basic Ym90OnNlY3JldA=="),
        req("GET", "/v1/me").auth(&Auth::Cookie { session: "not-a-session".into(), csrf: None }),
    ] {
        let r = h.send(r).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text());
        assert_eq!(r.error_code(), "unauthorized");
    }
    // Only GET (and HEAD): the path takes no body and changes nothing.
    let r = h.send(req("POST", "/v1/me").token(AGENT).json(&json!({"role": "admin"}))).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{}", r.text());
    assert_eq!(h.events_after(before).await.len(), 0);
}
