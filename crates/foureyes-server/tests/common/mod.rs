//! Shared harness for the API tests: a fresh SQLite database in a temporary directory, a router built with
//! `foureyes_server::app`, a movable clock, one credential per role, and small helpers to send requests with
//! `tower::ServiceExt::oneshot` and to read the journal.
#![allow(dead_code, clippy::unwrap_used)]

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use foureyes_core::canonical::sha256_hex;
use foureyes_core::journal::{Event, EventKind};
use foureyes_core::{Policy, Role};
use foureyes_server::{AppState, app};
use foureyes_store::{Credentials, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use tower::ServiceExt;

/// 2025-06-15T12:00:00Z: a fixed start for the movable clock.
pub const T0: i64 = 1_750_000_000_000;

/// The policy the API tests run under. `payments.send` needs one approver, `payments.wire` needs one approver who
/// re-proves their identity (step-up), `climate.set_temperature` can be undone, and `vault.open` is undone by
/// `vault.close`, which needs a human (so an undo by an approver defers under the approver's own name).
pub const POLICY: &str = "\
version: 1
timezone: UTC
defaults:
  approvals: { required: 1, ttl: 1h }
  undo_window: 15m
actions:
  weather.get: { tier: 0, params: { city: { type: string, max_len: 64, required: false } } }
  climate.set_temperature:
    tier: 1
    params:
      zone:    { type: string, enum: [living, bedroom] }
      celsius: { type: number, min: 17, max: 23 }
    compensate: { action: climate.set_temperature, window: 15m }
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
      payee:      { type: string, max_len: 64 }
    approvals: { required: 1, ttl: 1h }
  payments.wire:
    tier: 3
    params: { amount_eur: { type: number, min: 1, max: 10000 } }
    approvals: { required: 1, ttl: 1h, step_up: true }
  vault.open:
    tier: 1
    compensate: { action: vault.close, window: 15m }
  vault.close: { tier: 3 }
";

/// Tokens of the standing cast. `bot` is the agent; `alice` an approver; `root` an admin; `gone` a revoked approver;
/// `ci` a runner.
pub const AGENT: &str = "tok-agent-bot";
pub const AGENT2: &str = "tok-agent-other";
pub const APPROVER: &str = "tok-approver-alice";
pub const APPROVER2: &str = "tok-approver-bob";
pub const ADMIN: &str = "tok-admin-root";
pub const REVOKED: &str = "tok-revoked-gone";
/// `ci`, change control's trusted runner (ADR-490).
pub const RUNNER: &str = "tok-runner-ci";

pub struct Harness {
    pub dir: tempfile::TempDir,
    pub store: Arc<SqliteStore>,
    pub state: AppState,
    pub app: Router,
    pub clock: Arc<AtomicI64>,
    pub policy_path: PathBuf,
    seq: AtomicU64,
}

/// A fresh database with the standing cast, the test policy (also written to `policy.yaml`, which
/// `POST /v1/policy/reload` re-reads), and a clock fixed at [`T0`] until a test moves it.
pub async fn harness() -> Harness {
    harness_with(POLICY).await
}

pub async fn harness_with(policy_text: &str) -> Harness {
    let dir = tempfile::tempdir().unwrap();
    let policy_path = dir.path().join("policy.yaml");
    std::fs::write(&policy_path, policy_text).unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("t.db"), SqliteOptions::default()).unwrap());
    let policy = Policy::from_yaml(&policy_path.display().to_string(), policy_text).unwrap();
    store.record_policy(&policy, T0).await.unwrap();
    for (name, role, token) in [
        ("bot", Role::Agent, AGENT),
        ("other-bot", Role::Agent, AGENT2),
        ("alice", Role::Approver, APPROVER),
        ("bob", Role::Approver, APPROVER2),
        ("root", Role::Admin, ADMIN),
        ("gone", Role::Approver, REVOKED),
        ("ci", Role::Runner, RUNNER),
    ] {
        store.create_token(name, role, &sha256_hex(token.as_bytes()), None, T0).await.unwrap();
    }
    assert!(store.revoke_token("gone", T0).await.unwrap());
    let clock = Arc::new(AtomicI64::new(T0));
    let c = clock.clone();
    let state =
        AppState::new(store.clone(), policy, Some(policy_path.clone()), Arc::new(move || c.load(Ordering::SeqCst)));
    let app = app(state.clone());
    Harness { dir, store, state, app, clock, policy_path, seq: AtomicU64::new(0) }
}

/// A response, fully read.
#[derive(Debug)]
pub struct Resp {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Resp {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}), status {}: {:?}", self.status, self.text()))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).to_string()
    }

    pub fn content_type(&self) -> String {
        self.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string()
    }

    /// Asserts the body is the documented error shape `{"error": {"code", "message"}}` and returns the code.
    pub fn error_code(&self) -> String {
        assert!(
            self.content_type().starts_with("application/json"),
            "error response is not JSON: status {}, content-type {:?}, body {:?}",
            self.status,
            self.content_type(),
            self.text()
        );
        let v = self.json();
        let err = v.get("error").and_then(Value::as_object).unwrap_or_else(|| panic!("no `error` object in {v}"));
        assert!(err.get("message").and_then(Value::as_str).is_some_and(|m| !m.is_empty()), "no message in {v}");
        assert_eq!(err.len(), 2, "error object has exactly code and message: {v}");
        err["code"].as_str().unwrap_or_else(|| panic!("no code in {v}")).to_string()
    }
}

/// How a request authenticates.
#[derive(Debug, Clone)]
pub enum Auth {
    None,
    Bearer(String),
    /// A console session cookie, with or without the CSRF header.
    Cookie {
        session: String,
        csrf: Option<String>,
    },
}

pub fn bearer(token: &str) -> Auth {
    Auth::Bearer(token.to_string())
}

/// A request under construction.
pub struct Req {
    method: Method,
    uri: String,
    auth: Auth,
    headers: Vec<(String, String)>,
    body: Option<Vec<u8>>,
}

pub fn req(method: &str, uri: &str) -> Req {
    Req {
        method: Method::from_bytes(method.as_bytes()).unwrap(),
        uri: uri.to_string(),
        auth: Auth::None,
        headers: vec![],
        body: None,
    }
}

impl Req {
    pub fn auth(mut self, auth: &Auth) -> Req {
        self.auth = auth.clone();
        self
    }

    pub fn token(self, token: &str) -> Req {
        self.auth(&bearer(token))
    }

    pub fn json(mut self, body: &Value) -> Req {
        self.body = Some(serde_json::to_vec(body).unwrap());
        self.header("content-type", "application/json")
    }

    pub fn raw(mut self, body: impl Into<Vec<u8>>) -> Req {
        self.body = Some(body.into());
        self.header("content-type", "application/json")
    }

    pub fn header(mut self, name: &str, value: &str) -> Req {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    pub fn build(self) -> Request<Body> {
        let mut b = Request::builder().method(self.method).uri(self.uri);
        match self.auth {
            Auth::None => {}
            Auth::Bearer(t) => b = b.header(header::AUTHORIZATION, format!("Bearer {t}")),
            Auth::Cookie { session, csrf } => {
                b = b.header(header::COOKIE, format!("{}={session}", foureyes_server::SESSION_COOKIE));
                if let Some(c) = csrf {
                    b = b.header(foureyes_server::CSRF_HEADER, c);
                }
            }
        }
        for (k, v) in self.headers {
            b = b.header(k, v);
        }
        b.body(self.body.map_or_else(Body::empty, Body::from)).unwrap()
    }
}

/// Sends one request through the router (no socket) and reads the whole body.
pub async fn send(app: &Router, r: Req) -> Resp {
    let response = app.clone().oneshot(r.build()).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = body.collect().await.unwrap().to_bytes();
    Resp { status: parts.status, headers: parts.headers, body }
}

/// Like [`send`], but does not read the body of an event stream (it never ends): the body is left empty.
pub async fn send_no_stream(app: &Router, r: Req) -> Resp {
    let response = app.clone().oneshot(r.build()).await.unwrap();
    let (parts, body) = response.into_parts();
    let streaming = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    let body = if streaming { Bytes::new() } else { body.collect().await.unwrap().to_bytes() };
    Resp { status: parts.status, headers: parts.headers, body }
}

impl Harness {
    pub async fn send(&self, r: Req) -> Resp {
        send(&self.app, r).await
    }

    pub fn now(&self) -> i64 {
        self.clock.load(Ordering::SeqCst)
    }

    pub fn advance(&self, ms: i64) {
        self.clock.fetch_add(ms, Ordering::SeqCst);
    }

    /// A request id not used before in this harness.
    pub fn rid(&self, prefix: &str) -> String {
        format!("{prefix}-{}", self.seq.fetch_add(1, Ordering::SeqCst))
    }

    /// `POST /v1/decide` as `token`; panics unless 200. Returns the verdict object.
    pub async fn decide(&self, token: &str, body: Value) -> Value {
        let r = self.send(req("POST", "/v1/decide").token(token).json(&body)).await;
        assert_eq!(r.status, StatusCode::OK, "decide {body} -> {}", r.text());
        r.json()
    }

    /// A fresh deferral by `bot` for `payments.send`; returns (decision id, approval id, digest, request body).
    pub async fn deferral(&self, amount: f64) -> (i64, i64, String, Value) {
        let body = json!({
            "request_id": self.rid("pay"),
            "action": "payments.send",
            "params": {"amount_eur": amount, "payee": "ACME"},
        });
        let v = self.decide(AGENT, body.clone()).await;
        assert_eq!(v["verdict"], "defer", "{v}");
        (
            v["decision_id"].as_i64().unwrap(),
            v["approval_id"].as_i64().unwrap(),
            v["digest"].as_str().unwrap().into(),
            body,
        )
    }

    /// A fresh permitted, executed `climate.set_temperature` by `bot`; returns its decision id.
    pub async fn executed(&self) -> i64 {
        let v = self
            .decide(
                AGENT,
                json!({
                    "request_id": self.rid("heat"),
                    "action": "climate.set_temperature",
                    "params": {"zone": "living", "celsius": 21},
                }),
            )
            .await;
        assert_eq!(v["verdict"], "permit", "{v}");
        let id = v["decision_id"].as_i64().unwrap();
        let r = self
            .send(
                req("POST", &format!("/v1/decisions/{id}/report"))
                    .token(AGENT)
                    .json(&json!({"outcome": "executed", "detail": {"before": {"celsius": 19}}})),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        id
    }

    /// A fresh permitted (intended) weather read by `bot`.
    pub async fn permit(&self) -> i64 {
        let v = self.decide(AGENT, json!({"request_id": self.rid("w"), "action": "weather.get"})).await;
        assert_eq!(v["verdict"], "permit", "{v}");
        v["decision_id"].as_i64().unwrap()
    }

    pub async fn head(&self) -> u64 {
        self.store.journal_head().await.unwrap()
    }

    pub async fn events_after(&self, seq: u64) -> Vec<Event> {
        self.store.journal(seq, 100_000).await.unwrap()
    }

    /// The journal events since `seq`, as their kinds.
    pub async fn kinds_after(&self, seq: u64) -> Vec<EventKind> {
        self.events_after(seq).await.iter().map(|e| e.kind).collect()
    }

    /// Asserts that exactly one event was written since `seq`, a `refused` one by `who`, and returns its data.
    pub async fn only_refusal_since(&self, seq: u64, who: &str) -> Value {
        let events = self.events_after(seq).await;
        let kinds: Vec<_> = events.iter().map(|e| (e.kind, e.data.clone())).collect();
        assert_eq!(events.len(), 1, "expected exactly one refused event, the journal got {kinds:?}");
        assert_eq!(events[0].kind, EventKind::Refused, "{kinds:?}");
        assert_eq!(events[0].data["agent"], who, "{kinds:?}");
        events[0].data.clone()
    }

    /// Opens a console session by signing in with `token`; returns (session cookie value, csrf token).
    pub async fn session(&self, token: &str) -> (String, String) {
        let r = self.send(req("POST", "/console/session").json(&json!({"token": token}))).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        let cookie = set_cookie(&r).unwrap();
        (cookie, r.json()["csrf"].as_str().unwrap().to_string())
    }

    pub async fn decision_count(&self) -> usize {
        self.store
            .decisions(foureyes_store::DecisionFilter { status: None, limit: Some(100_000), before: None })
            .await
            .unwrap()
            .len()
    }
}

/// The value of the `fe_session` cookie a response sets.
pub fn set_cookie(r: &Resp) -> Option<String> {
    let line = r.headers.get(header::SET_COOKIE)?.to_str().ok()?;
    let first = line.split(';').next()?;
    let (k, v) = first.split_once('=')?;
    (k.trim() == foureyes_server::SESSION_COOKIE).then(|| v.to_string())
}

/// Sends `r` through the router with its body held back: once the handler starts reading the body (its extractors
/// — authentication among them — have run), `between` runs, then the body is sent and the response read. `None`
/// when the handler answered without reading a body (nothing could be held back). Attack 34's slow body, made
/// deterministic (ADR-396).
pub async fn send_body_after<F: std::future::Future<Output = ()>>(
    app: &Router,
    r: Req,
    between: impl FnOnce() -> F,
) -> Option<Resp> {
    let (parts, body) = r.build().into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    let (polled_tx, polled_rx) = tokio::sync::oneshot::channel::<()>();
    let (go_tx, go_rx) = tokio::sync::oneshot::channel::<()>();
    let held = futures_util::stream::once(async move {
        let _ = polled_tx.send(());
        let _ = go_rx.await;
        Ok::<Bytes, std::convert::Infallible>(bytes)
    });
    let request = Request::from_parts(parts, Body::from_stream(held));
    let app = app.clone();
    let mut answer = tokio::spawn(async move { app.oneshot(request).await.unwrap() });
    tokio::select! {
        polled = polled_rx => polled.unwrap(),
        _ = &mut answer => return None,
    }
    between().await;
    go_tx.send(()).unwrap();
    let (parts, body) = answer.await.unwrap().into_parts();
    let body = body.collect().await.unwrap().to_bytes();
    Some(Resp { status: parts.status, headers: parts.headers, body })
}
