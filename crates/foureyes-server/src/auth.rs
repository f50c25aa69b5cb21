//! Who is calling. A bearer token (agents, scripts) or a console session cookie (people). Roles come from the
//! credential, never from a request body. Cookie-authenticated requests that change state must carry the session's
//! CSRF token in `X-CSRF-Token`.

use crate::AuthContext;
use crate::error::ApiError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{Method, header};
use foureyes_core::Role;
use foureyes_core::canonical::sha256_hex;
use foureyes_store::{Principal, namespace};

pub const SESSION_COOKIE: &str = "fe_session";
pub const CSRF_HEADER: &str = "x-csrf-token";

/// The authenticated caller.
#[derive(Debug, Clone)]
pub struct Caller {
    pub principal: Principal,
    /// True when authenticated by a console session (cookie) rather than a bearer token.
    pub via_session: bool,
}

impl Caller {
    pub fn name(&self) -> &str {
        &self.principal.name
    }

    pub fn role(&self) -> Role {
        self.principal.role
    }

    /// The agent whose decisions this caller may see: an agent its own, an executor the one it serves (bound in
    /// its credential), a runner none; `None` for people, who see every agent's.
    pub fn agent_scope(&self) -> Option<&str> {
        match self.principal.role {
            Role::Agent => Some(&self.principal.name),
            // An executor row always names its agent (the stores refuse one without); if it somehow did not, it
            // sees nothing rather than everything.
            Role::Executor => Some(self.principal.serves.as_deref().unwrap_or("")),
            // The change-control runner sees tasks, never an agent's decisions (ADR-490).
            Role::Runner => Some(""),
            Role::Approver | Role::Admin => None,
        }
    }
}

/// A fresh random secret, hex-encoded (256 bits).
pub fn random_secret() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Constant-time comparison for secrets.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

pub fn cookie_value<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    parts
        .headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// The SHA-256 of the bearer token `parts` carries, if it has an `Authorization` header (`Err`: one that is not a
/// bearer token of this door's namespace).
fn bearer_token_sha256<S: AuthContext>(parts: &Parts, state: &S) -> Result<Option<String>, ApiError> {
    let Some(value) = parts.headers.get(header::AUTHORIZATION) else { return Ok(None) };
    let token = value.to_str().ok().and_then(|v| v.strip_prefix("Bearer ")).ok_or_else(ApiError::unauthorized)?;
    // A credential of another namespace is not this door's, whatever its store holds (ADR-500).
    if !namespace::admits(state.namespace(), token) {
        return Err(ApiError::unauthorized());
    }
    Ok(Some(sha256_hex(token.trim().as_bytes())))
}

/// The caller of an endpoint whose every answer follows a write (ADR-1050): `POST /v1/decide`, `…/undo`,
/// `…/report`, and the votes `POST /v1/approvals/{id}/approve`, `…/reject`, `…/revoke`. A bearer token may be authenticated from the backend's followed state with no statement
/// ([`foureyes_store::Credentials::principal_for_writes`]); the handler then runs inside [`WriteCaller::writes`],
/// so every write it makes checks, under the chain-head lock, that the credential is still live, and a token
/// revoked on another replica a moment ago is refused by its first write (journaled) rather than believed. Use
/// [`Caller`] for any endpoint that can answer from a read alone.
pub struct WriteCaller {
    caller: Caller,
    credential: Option<foureyes_store::WriteCredential>,
}

impl WriteCaller {
    /// Runs the handler's body as the caller, its writes checked as the credential (if it needs it).
    pub async fn writes<F: std::future::Future>(self, body: impl FnOnce(Caller) -> F) -> F::Output {
        foureyes_store::writes_as(self.credential, body(self.caller)).await
    }
}

impl<S: AuthContext + crate::ops::Auditor> FromRequestParts<S> for WriteCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<WriteCaller, ApiError> {
        if let Some(token_sha256) = bearer_token_sha256(parts, state)? {
            let (principal, credential) =
                state.credentials().principal_for_writes(&token_sha256).await?.ok_or_else(ApiError::unauthorized)?;
            // ADR-392 (attack 33, H4): a token authenticated by its statement is checked by the write as well — a
            // revocation can commit between the statement and the write.
            let credential =
                credential.unwrap_or_else(|| foureyes_store::WriteCredential::token(&principal.name, &token_sha256));
            return Ok(WriteCaller { caller: Caller { principal, via_session: false }, credential: Some(credential) });
        }
        let caller = Caller::from_request_parts(parts, state).await?;
        // ADR-392 (attack 33, H3): a console session's writes check, under the write lock, that the session is still
        // open and its credential live: a revocation (or a sign-out) committed after the session was looked up
        // refuses the write instead of following it.
        let session = cookie_value(parts, SESSION_COOKIE).map(|cookie| sha256_hex(cookie.as_bytes()));
        let credential =
            session.map(|sha256| foureyes_store::WriteCredential::session(&caller.principal.name, &sha256));
        Ok(WriteCaller { caller, credential })
    }
}

impl<S: AuthContext + crate::ops::Auditor> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Caller, ApiError> {
        if let Some(token_sha256) = bearer_token_sha256(parts, state)? {
            let principal =
                state.credentials().principal_by_token(&token_sha256).await?.ok_or_else(ApiError::unauthorized)?;
            // ADR-396: whatever this request writes from here is checked, in its transaction, as this token.
            foureyes_store::authenticated_as(foureyes_store::WriteCredential::token(&principal.name, &token_sha256));
            return Ok(Caller { principal, via_session: false });
        }
        let Some(cookie) = cookie_value(parts, SESSION_COOKIE) else {
            return Err(ApiError::unauthorized());
        };
        if !namespace::admits(state.namespace(), cookie) {
            return Err(ApiError::unauthorized());
        }
        let session_sha256 = sha256_hex(cookie.as_bytes());
        let session =
            state.credentials().session(&session_sha256, state.now_ms()).await?.ok_or_else(ApiError::unauthorized)?;
        // ADR-396: whatever this request writes from here is checked, in its transaction, as this session.
        foureyes_store::authenticated_as(foureyes_store::WriteCredential::session(
            &session.principal.name,
            &session_sha256,
        ));
        let safe = matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
        if !safe {
            let sent = parts.headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default();
            if !same_secret(sent, &session.csrf) {
                let error = ApiError::forbidden("missing or wrong X-CSRF-Token for this session");
                let endpoint = format!("{} {}", parts.method, parts.uri.path());
                let input = serde_json::json!({"endpoint": endpoint, "csrf": "rejected"});
                return Err(crate::ops::refuse(state, &session.principal.name, error, input).await);
            }
        }
        Ok(Caller { principal: session.principal, via_session: true })
    }
}
