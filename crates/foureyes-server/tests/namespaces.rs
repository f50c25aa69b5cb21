//! Namespaces behind one router (ADR-500): each namespace a whole door over its own store, and `doors` routing each
//! request by the namespace its credential names. Two namespaces never see each other's decisions, credentials or
//! limits; a credential of one cannot act in another — by rewriting its prefix, by dropping it, or by a copy of its
//! row in the other namespace's store (the door's own check, `auth::Caller`; the teeth entry
//! "a credential of one namespace cannot act in another" breaks it).
//!
//! The same over real processes, on SQLite and PostgreSQL: `crates/foureyes/tests/namespaces.rs`.
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common;

use axum::Router;
use axum::http::StatusCode;
use common::{Auth, T0, req, send};
use foureyes_core::canonical::sha256_hex;
use foureyes_core::{Policy, Role};
use foureyes_server::{AppState, doors};
use foureyes_store::{Credentials, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::sync::Arc;

const POLICY: &str = "\
version: 1
timezone: UTC
actions:
  email.send:
    tier: 2
    params:
      to: { type: string, max_len: 200 }
    limits:
      - { count: 2, per: 1h }
";

// One cast per namespace, with the same names: only the namespace tells them apart.
const DEFAULT_AGENT: &str = "fe_default-agent-secret";
const A_AGENT: &str = "fe.a.agent-secret-of-a";
const A_ADMIN: &str = "fe.a.admin-secret-of-a";
const A_APPROVER: &str = "fe.a.approver-secret-of-a";
const B_AGENT: &str = "fe.b.agent-secret-of-b";
const B_ADMIN: &str = "fe.b.admin-secret-of-b";

struct Doors {
    _dir: tempfile::TempDir,
    default: Arc<SqliteStore>,
    a: Arc<SqliteStore>,
    b: Arc<SqliteStore>,
    app: Router,
    /// Namespace `b`'s door alone, as a router that is not behind `doors` (to reach it whatever the routing).
    b_alone: Router,
}

async fn store(dir: &std::path::Path, namespace: Option<&str>, cast: &[(&str, Role, &str)]) -> Arc<SqliteStore> {
    let path = foureyes_store::namespace::database(&dir.join("fe.db"), namespace);
    let store = Arc::new(SqliteStore::open(path, SqliteOptions::default()).unwrap());
    store.record_policy(&Policy::from_yaml("p.yaml", POLICY).unwrap(), T0).await.unwrap();
    for (name, role, token) in cast {
        store.create_token(name, *role, &sha256_hex(token.as_bytes()), None, T0).await.unwrap();
    }
    store
}

fn door(store: &Arc<SqliteStore>, namespace: Option<&str>) -> AppState {
    let policy = Policy::from_yaml("p.yaml", POLICY).unwrap();
    AppState::new(store.clone(), policy, None, Arc::new(|| T0)).in_namespace(namespace.map(str::to_string))
}

async fn doors_of_a_and_b() -> Doors {
    let dir = tempfile::tempdir().unwrap();
    let default = store(dir.path(), None, &[("bot", Role::Agent, DEFAULT_AGENT)]).await;
    let a = store(
        dir.path(),
        Some("a"),
        &[("bot", Role::Agent, A_AGENT), ("root", Role::Admin, A_ADMIN), ("alice", Role::Approver, A_APPROVER)],
    )
    .await;
    let b = store(dir.path(), Some("b"), &[("bot", Role::Agent, B_AGENT), ("root", Role::Admin, B_ADMIN)]).await;
    let app = doors(door(&default, None), vec![door(&a, Some("a")), door(&b, Some("b"))]);
    let b_alone = foureyes_server::app(door(&b, Some("b")));
    Doors { _dir: dir, default, a, b, app, b_alone }
}

fn decide_body(request_id: &str) -> Value {
    json!({"request_id": request_id, "action": "email.send", "params": {"to": "x@example.com"}})
}

async fn decide(app: &Router, token: &str, request_id: &str) -> common::Resp {
    send(app, req("POST", "/v1/decide").token(token).json(&decide_body(request_id))).await
}

async fn decision_count(store: &SqliteStore) -> usize {
    store.decisions(foureyes_store::DecisionFilter::default()).await.unwrap().len()
}

#[tokio::test]
async fn each_request_reaches_the_door_its_credential_names() {
    let d = doors_of_a_and_b().await;
    for (token, who) in [(A_AGENT, "a"), (B_AGENT, "b"), (DEFAULT_AGENT, "default")] {
        let r = decide(&d.app, token, &format!("r-{who}")).await;
        assert_eq!(r.status, StatusCode::OK, "{who}: {}", r.text());
        assert_eq!(r.json()["verdict"], "permit", "{who}");
    }
    // One decision in each store, each the one its namespace's credential made.
    for (store, who) in [(&d.a, "a"), (&d.b, "b"), (&d.default, "default")] {
        let all = store.decisions(foureyes_store::DecisionFilter::default()).await.unwrap();
        assert_eq!(all.len(), 1, "{who}");
        assert_eq!(all[0].request.request_id, format!("r-{who}"), "{who}");
    }
    // An admin lists its own namespace's decisions only.
    let listed = send(&d.app, req("GET", "/v1/decisions").token(A_ADMIN)).await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text());
    let text = listed.text();
    assert!(text.contains("r-a") && !text.contains("r-b") && !text.contains("r-default"), "{text}");
}

#[tokio::test]
async fn namespaces_never_share_limits() {
    let d = doors_of_a_and_b().await;
    // `count: 2 per 1h`: a's third is over its limit (deferred or denied: not a permit)…
    for n in 0..2 {
        assert_eq!(decide(&d.app, A_AGENT, &format!("a-{n}")).await.json()["verdict"], "permit");
    }
    let third = decide(&d.app, A_AGENT, "a-2").await.json();
    assert_ne!(third["verdict"], "permit", "{third}");
    // …and b, the same agent name under the same policy, has its whole limit still.
    for n in 0..2 {
        let r = decide(&d.app, B_AGENT, &format!("b-{n}")).await.json();
        assert_eq!(r["verdict"], "permit", "{r}");
        assert_eq!(r["budgets"][0]["consumed"], n.to_string(), "{r}");
    }
    // Idempotency is per namespace too: b reusing a's request id is a fresh decision in b, not a replay of a's.
    let r = decide(&d.app, B_AGENT, "a-0").await.json();
    assert_eq!(r["replayed"], false, "{r}");
}

#[tokio::test]
async fn a_rewritten_or_dropped_prefix_is_refused() {
    let d = doors_of_a_and_b().await;
    let secret = A_AGENT.strip_prefix("fe.a.").unwrap();
    for forged in [format!("fe.b.{secret}"), secret.to_string(), format!("fe.zz.{secret}"), format!("fe..{secret}")] {
        let r = decide(&d.app, &forged, "forged").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{forged}: {}", r.text());
    }
    assert_eq!(decision_count(&d.a).await + decision_count(&d.b).await + decision_count(&d.default).await, 0);
}

/// The door's own check: a credential row of namespace `a` copied into `b`'s store (a restored backup, a
/// hand-made row) still names `a`, and `b`'s door refuses it — with or without the router in front.
#[tokio::test]
async fn a_credential_row_copied_into_another_namespace_grants_nothing() {
    let d = doors_of_a_and_b().await;
    d.b.create_token("intruder", Role::Admin, &sha256_hex(A_ADMIN.as_bytes()), None, T0).await.unwrap();
    d.b.create_token("intruder-bot", Role::Agent, &sha256_hex(A_AGENT.as_bytes()), None, T0).await.unwrap();
    let r = decide(&d.b_alone, A_AGENT, "copied").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text());
    let r = send(&d.b_alone, req("GET", "/v1/decisions").token(A_ADMIN)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text());
    assert_eq!(decision_count(&d.b).await, 0);
    // Through the router, a's credentials reach a's door, never b's.
    assert_eq!(decide(&d.app, A_AGENT, "routed").await.status, StatusCode::OK);
    assert_eq!((decision_count(&d.a).await, decision_count(&d.b).await), (1, 0));
}

#[tokio::test]
async fn console_sessions_stay_in_their_namespace() {
    let d = doors_of_a_and_b().await;
    let signed = send(&d.app, req("POST", "/console/session").json(&json!({"token": A_APPROVER}))).await;
    assert_eq!(signed.status, StatusCode::OK, "{}", signed.text());
    let cookie = signed.headers["set-cookie"].to_str().unwrap().to_string();
    let session = cookie.split(';').next().unwrap().split_once('=').unwrap().1.to_string();
    assert!(session.starts_with("fe.a."), "the cookie names its namespace: {cookie}");
    let csrf = signed.json()["csrf"].as_str().unwrap().to_string();
    let auth = Auth::Cookie { session: session.clone(), csrf: Some(csrf.clone()) };
    let me = send(&d.app, req("GET", "/console/session").auth(&auth)).await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text());
    assert_eq!(me.json()["principal"], "alice");
    // The same session secret presented as b's (or as the default namespace's) is nobody's.
    let secret = session.strip_prefix("fe.a.").unwrap();
    for forged in [format!("fe.b.{secret}"), secret.to_string()] {
        let auth = Auth::Cookie { session: forged.clone(), csrf: Some(csrf.clone()) };
        let r = send(&d.app, req("GET", "/v1/approvals").auth(&auth)).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{forged}: {}", r.text());
    }
    // b's door does not sign a's approver in, even with the row copied into b's store.
    d.b.create_token("alice", Role::Approver, &sha256_hex(A_APPROVER.as_bytes()), None, T0).await.unwrap();
    let r = send(&d.b_alone, req("POST", "/console/session").json(&json!({"token": A_APPROVER}))).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text());
}

#[tokio::test]
async fn the_default_namespace_alone_is_todays_door() {
    let dir = tempfile::tempdir().unwrap();
    let default = store(dir.path(), None, &[("bot", Role::Agent, DEFAULT_AGENT), ("x", Role::Agent, A_AGENT)]).await;
    // With no other namespace, `doors` is `app` itself: a default-namespace credential decides, and a credential
    // naming a namespace is refused even though its hash is in the store (the default door takes no namespace's).
    let app = doors(door(&default, None), vec![]);
    assert_eq!(decide(&app, DEFAULT_AGENT, "d").await.status, StatusCode::OK);
    assert_eq!(decide(&app, A_AGENT, "x").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(decision_count(&default).await, 1);
}
