//! Console sessions: only people sign in, the cookie is `HttpOnly; SameSite=Strict`, every state-changing
//! cookie-authenticated request needs the session's CSRF token, sessions end (sign-out, expiry, revoke), and the
//! one-time sign-in link works exactly once.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::{StatusCode, header};
use common::*;
use foureyes_core::canonical::sha256_hex;
use foureyes_server::{AppState, SIGNIN_CODE_TTL_MS, app};
use foureyes_store::Credentials;
use serde_json::json;

fn cookie_attributes(r: &Resp) -> Vec<String> {
    let line = r.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap();
    line.split(';').map(|s| s.trim().to_string()).collect()
}

#[tokio::test]
async fn agents_cannot_sign_in_and_the_attempt_is_journaled() {
    let h = harness().await;
    let before = h.head().await;
    let r = h.send(req("POST", "/console/session").json(&json!({"token": AGENT}))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.error_code(), "forbidden");
    assert!(r.headers.get(header::SET_COOKIE).is_none());
    h.only_refusal_since(before, "bot").await;
    // Unknown and revoked tokens: 401, nothing written.
    for token in ["nope", REVOKED, ""] {
        let before = h.head().await;
        let r = h.send(req("POST", "/console/session").json(&json!({"token": token}))).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{token}");
        assert!(r.headers.get(header::SET_COOKIE).is_none());
        assert_eq!(h.head().await, before);
    }
}

#[tokio::test]
async fn an_approver_gets_an_httponly_samesite_strict_cookie_and_a_csrf_token() {
    let h = harness().await;
    let r = h.send(req("POST", "/console/session").json(&json!({"token": APPROVER}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let attrs = cookie_attributes(&r);
    assert!(attrs[0].starts_with("fe_session=") && attrs[0].len() > "fe_session=".len() + 32, "{attrs:?}");
    for want in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(attrs.iter().any(|a| a == want), "missing {want}: {attrs:?}");
    }
    assert!(attrs.iter().any(|a| a.starts_with("Max-Age=")), "{attrs:?}");
    assert!(!attrs.iter().any(|a| a == "Secure"), "plain-HTTP default must not set Secure: {attrs:?}");
    let v = r.json();
    assert_eq!((v["principal"].as_str(), v["role"].as_str()), (Some("alice"), Some("approver")));
    let csrf = v["csrf"].as_str().unwrap().to_string();
    assert!(csrf.len() >= 32);
    // The session cookie is not the bearer token, and the token is not echoed.
    let session = set_cookie(&r).unwrap();
    assert_ne!(session, APPROVER);
    assert!(!r.text().contains(APPROVER));

    let me = h.send(req("GET", "/console/session").auth(&Auth::Cookie { session, csrf: None })).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json(), json!({"principal": "alice", "role": "approver", "csrf": csrf, "step_up_enrolled": false}));

    // Behind HTTPS the cookie is also Secure.
    let mut state: AppState = h.state.clone();
    state.secure_cookies = true;
    let r = send(&app(state), req("POST", "/console/session").json(&json!({"token": ADMIN}))).await;
    assert!(cookie_attributes(&r).iter().any(|a| a == "Secure"));
}

#[tokio::test]
async fn cookie_authenticated_writes_need_the_csrf_token() {
    let h = harness().await;
    let (session, csrf) = h.session(APPROVER).await;
    let (_, id, digest, _) = h.deferral(25.0).await;
    let path = format!("/v1/approvals/{id}/approve");
    let (_, other_csrf) = h.session(APPROVER2).await;
    for (case, sent) in
        [("no token", None), ("a wrong token", Some("f".repeat(64))), ("another session's token", Some(other_csrf))]
    {
        let before = h.head().await;
        let r = h
            .send(
                req("POST", &path)
                    .auth(&Auth::Cookie { session: session.clone(), csrf: sent })
                    .json(&json!({"digest": digest})),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{case}: {}", r.text());
        assert_eq!(r.error_code(), "forbidden");
        h.only_refusal_since(before, "alice").await;
    }
    let a = h
        .send(req("GET", &format!("/v1/approvals/{id}")).auth(&Auth::Cookie { session: session.clone(), csrf: None }))
        .await;
    assert_eq!(a.status, StatusCode::OK, "reads need no CSRF token");
    assert_eq!(a.json()["status"], "pending");

    let r = h
        .send(
            req("POST", &path)
                .auth(&Auth::Cookie { session: session.clone(), csrf: Some(csrf.clone()) })
                .json(&json!({"digest": digest})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["approval"]["approvers"], json!(["alice"]));

    // Signing out needs the token too; afterwards the cookie is dead.
    let before = h.head().await;
    let r =
        h.send(req("DELETE", "/console/session").auth(&Auth::Cookie { session: session.clone(), csrf: None })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    h.only_refusal_since(before, "alice").await;
    let r = h
        .send(req("DELETE", "/console/session").auth(&Auth::Cookie { session: session.clone(), csrf: Some(csrf) }))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert!(cookie_attributes(&r).iter().any(|a| a == "Max-Age=0"));
    let r = h.send(req("GET", "/console/session").auth(&Auth::Cookie { session, csrf: None })).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn sessions_expire_and_die_with_their_credential() {
    let h = harness().await;
    let (session, _) = h.session(APPROVER).await;
    let cookie = Auth::Cookie { session, csrf: None };
    assert_eq!(h.send(req("GET", "/v1/approvals").auth(&cookie)).await.status, StatusCode::OK);
    h.advance(12 * 3_600_000 + 1);
    let r = h.send(req("GET", "/v1/approvals").auth(&cookie)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error_code(), "unauthorized");

    let (session, _) = h.session(APPROVER2).await;
    assert!(h.store.revoke_token("bob", h.now()).await.unwrap());
    let r = h.send(req("GET", "/v1/approvals").auth(&Auth::Cookie { session, csrf: None })).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_sign_in_link_works_once() {
    let h = harness().await;
    let code = "one-time-code-0123456789";
    h.store.create_signin_code(&sha256_hex(code.as_bytes()), "root", h.now() + SIGNIN_CODE_TTL_MS).await.unwrap();
    let r = h.send(req("GET", &format!("/console/signin?code={code}"))).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text());
    assert_eq!(r.headers.get(header::LOCATION).unwrap(), "/console");
    let attrs = cookie_attributes(&r);
    assert!(attrs.iter().any(|a| a == "HttpOnly") && attrs.iter().any(|a| a == "SameSite=Strict"), "{attrs:?}");
    let session = set_cookie(&r).unwrap();
    let me = h.send(req("GET", "/console/session").auth(&Auth::Cookie { session, csrf: None })).await.json();
    assert_eq!((me["principal"].as_str(), me["role"].as_str()), (Some("root"), Some("admin")));

    let r = h.send(req("GET", &format!("/console/signin?code={code}"))).await;
    assert_eq!(r.status, StatusCode::GONE);
    assert_eq!(r.error_code(), "link_used");
    assert!(r.headers.get(header::SET_COOKIE).is_none());

    // An unused link past its lifetime is gone too.
    let late = "late-code-0123456789";
    h.store.create_signin_code(&sha256_hex(late.as_bytes()), "root", h.now() + SIGNIN_CODE_TTL_MS).await.unwrap();
    h.advance(SIGNIN_CODE_TTL_MS + 1);
    let r = h.send(req("GET", &format!("/console/signin?code={late}"))).await;
    assert_eq!(r.status, StatusCode::GONE);
}

#[tokio::test]
async fn the_console_page_is_served_with_protective_headers() {
    let h = harness().await;
    let r = h.send(req("GET", "/console")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type().starts_with("text/html"), "{}", r.content_type());
    assert_eq!(r.headers.get(header::X_FRAME_OPTIONS).unwrap(), "DENY");
    let csp = r.headers.get(header::CONTENT_SECURITY_POLICY).unwrap().to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    let root = h.send(req("GET", "/")).await;
    assert_eq!(root.status, StatusCode::SEE_OTHER);
    assert_eq!(root.headers.get(header::LOCATION).unwrap(), "/console");
}
