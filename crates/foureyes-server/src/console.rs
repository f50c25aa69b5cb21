//! The approval console: one screen served by the binary (no build step), its session endpoints, the one-time
//! sign-in link, and TOTP step-up helpers.
//!
//! Sign-in exchanges an approver's or admin's token for a session cookie (`HttpOnly; SameSite=Strict`); the page
//! keeps the session's CSRF token in memory and sends it as `X-CSRF-Token` on every state-changing request. Agent
//! and executor tokens cannot sign in: the console is for people.

use crate::auth::{SESSION_COOKIE, cookie_value, random_secret};
use crate::error::{ApiError, ApiResult};
use crate::{AppState, ops};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};
use foureyes_core::Role;
use foureyes_core::canonical::sha256_hex;
use foureyes_store::Principal;
use serde::Deserialize;
use serde_json::json;

/// How long a console session lasts.
pub const SESSION_TTL_MS: i64 = 12 * 3_600_000;
/// How long a one-time sign-in link stays valid.
pub const SIGNIN_CODE_TTL_MS: i64 = 15 * 60_000;

const CONSOLE_HTML: &str = include_str!("../assets/console.html");

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { Redirect::to("/console") }))
        .route("/console", get(page))
        .route("/console/session", get(current).post(sign_in).delete(sign_out))
        .route("/console/signin", get(signin_link))
}

async fn page() -> impl IntoResponse {
    (
        [
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'none'",
            ),
            (header::X_FRAME_OPTIONS, "DENY"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Html(CONSOLE_HTML),
    )
}

fn session_cookie(value: &str, max_age_s: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = format!("{SESSION_COOKIE}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age_s}{secure}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("fe_session=; Max-Age=0"))
}

/// Opens a session for `principal`; returns the cookie to set and the CSRF token for the page.
async fn open_session(state: &AppState, principal: &Principal) -> ApiResult<(HeaderValue, String)> {
    // The cookie names the door's namespace, so the server routes the console's requests to it (ADR-500).
    let session = foureyes_store::namespace::credential(state.namespace.as_deref(), &random_secret()?);
    let csrf = random_secret()?;
    let expires = state.now_ms() + SESSION_TTL_MS;
    state.credentials.create_session(&sha256_hex(session.as_bytes()), &principal.name, &csrf, expires).await?;
    Ok((session_cookie(&session, SESSION_TTL_MS / 1000, state.secure_cookies), csrf))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SignInBody {
    token: String,
}

async fn sign_in(State(state): State<AppState>, raw: Result<Bytes, BytesRejection>) -> ApiResult<Response> {
    let bytes = raw.map_err(|e| ops::body_rejection(&e))?;
    let body: SignInBody =
        ops::parse_object(&bytes).map_err(|e| ApiError::bad_request(format!("invalid JSON body: {e}")))?;
    if !foureyes_store::namespace::admits(state.namespace.as_deref(), &body.token) {
        return Err(ApiError::unauthorized());
    }
    let principal = state
        .credentials
        .principal_by_token(&sha256_hex(body.token.trim().as_bytes()))
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    if matches!(principal.role, Role::Agent | Role::Executor | Role::Runner) {
        let article = if principal.role == Role::Runner { "a" } else { "an" };
        let error = ApiError::forbidden(format!(
            "`{}` is {article} {}: {} credentials cannot sign in to the console",
            principal.name, principal.role, principal.role
        ));
        return Err(ops::refuse(&state, &principal.name, error, json!({"endpoint": "POST /console/session"})).await);
    }
    let (cookie, csrf) = open_session(&state, &principal).await?;
    let mut response = Json(json!({"principal": principal.name, "role": principal.role, "csrf": csrf, "step_up_enrolled": principal.totp_secret.is_some()})).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    Ok(response)
}

async fn session_of(state: &AppState, headers: &HeaderMap) -> ApiResult<foureyes_store::Session> {
    let (mut parts, ()) = axum::http::Request::new(()).into_parts();
    parts.headers = headers.clone();
    let cookie = cookie_value(&parts as &Parts, SESSION_COOKIE).ok_or_else(ApiError::unauthorized)?;
    if !foureyes_store::namespace::admits(state.namespace.as_deref(), cookie) {
        return Err(ApiError::unauthorized());
    }
    state.credentials.session(&sha256_hex(cookie.as_bytes()), state.now_ms()).await?.ok_or_else(ApiError::unauthorized)
}

/// The page calls this on load: who is signed in, and the CSRF token for this session.
async fn current(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<serde_json::Value>> {
    let session = session_of(&state, &headers).await?;
    Ok(Json(json!({
        "principal": session.principal.name,
        "role": session.principal.role,
        "csrf": session.csrf,
        "step_up_enrolled": session.principal.totp_secret.is_some(),
    })))
}

async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let session = session_of(&state, &headers).await?;
    let sent = headers.get(crate::auth::CSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !crate::auth::same_secret(sent, &session.csrf) {
        let error = ApiError::forbidden("missing or wrong X-CSRF-Token for this session");
        let input = json!({"endpoint": "DELETE /console/session", "csrf": "rejected"});
        return Err(ops::refuse(&state, &session.principal.name, error, input).await);
    }
    let (mut parts, ()) = axum::http::Request::new(()).into_parts();
    parts.headers = headers;
    if let Some(cookie) = cookie_value(&parts, SESSION_COOKIE) {
        state.credentials.delete_session(&sha256_hex(cookie.as_bytes())).await?;
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().insert(header::SET_COOKIE, session_cookie("", 0, state.secure_cookies));
    Ok(response)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SignInLink {
    code: String,
}

/// The one-time link `foureyes serve` prints on a fresh database: it signs the first admin in, once.
async fn signin_link(State(state): State<AppState>, Query(q): Query<SignInLink>) -> ApiResult<Response> {
    if !foureyes_store::namespace::admits(state.namespace.as_deref(), &q.code) {
        return Err(ApiError::unauthorized());
    }
    let principal =
        state.credentials.redeem_signin_code(&sha256_hex(q.code.as_bytes()), state.now_ms()).await?.ok_or_else(
            || {
                ApiError::new(
                    StatusCode::GONE,
                    "link_used",
                    "this sign-in link was already used or has expired: sign in with your token",
                )
            },
        )?;
    let (cookie, _csrf) = open_session(&state, &principal).await?;
    let mut response = Redirect::to("/console").into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    Ok(response)
}

/// A new TOTP secret (160 bits, base32) for enrolling an authenticator app.
pub fn new_totp_secret() -> Result<String, String> {
    let mut bytes = [0u8; 20];
    getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
    Ok(totp_rs::Secret::from(bytes).to_base32())
}

/// The `otpauth://` URI an authenticator app scans.
pub fn totp_uri(secret_base32: &str, account: &str) -> String {
    format!(
        "otpauth://totp/FourEyes:{account}?secret={secret_base32}&issuer=FourEyes&algorithm=SHA1&digits=6&period=30"
    )
}

fn totp(secret_base32: &str) -> Option<totp_rs::Totp> {
    let secret = totp_rs::Secret::try_from_base32(secret_base32).ok()?;
    totp_rs::Builder::new().with_secret(secret).build().ok()
}

/// The time step whose RFC 6238 code (SHA-1, 6 digits, 30 s, ±1 step) for `secret_base32` is `code` at `now_ms`,
/// or `None` when it is no valid code now. The caller must still accept each step once (`accept_totp_step`).
pub fn totp_step(secret_base32: &str, code: &str, now_ms: i64) -> Option<u64> {
    totp(secret_base32)?.check(code.trim(), (now_ms / 1000).max(0) as u64)
}

/// The current code, for tests and for `foureyes token totp`.
pub fn totp_code(secret_base32: &str, now_ms: i64) -> Option<String> {
    totp(secret_base32).map(|t| t.generate((now_ms / 1000).max(0) as u64).to_string())
}
