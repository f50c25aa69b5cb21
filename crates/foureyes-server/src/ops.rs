//! Shared handler steps: reading a JSON body strictly (with an audited refusal when it is bad) and checking a role
//! (with an audited refusal when it is wrong).

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::metrics::Metrics;
use crate::refusals::{RefusalLimiter, Verdict};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use foureyes_core::Role;
use serde::de::DeserializeOwned;
use serde_json::json;

/// What a handler's state must offer to audit refusals. Implemented by the full `AppState` and by the approval
/// endpoints' narrower state, which has no store.
#[async_trait::async_trait]
pub trait Auditor: Send + Sync {
    async fn journal_refusal(
        &self,
        who: &str,
        code: &str,
        message: &str,
        input: serde_json::Value,
    ) -> Result<u64, ApiError>;
    fn metrics(&self) -> &Metrics;
    fn notify(&self);
    /// Repeated refusals per credential and kind, gathered into summaries (`refusals`).
    fn refusals(&self) -> &RefusalLimiter;
    fn clock_ms(&self) -> i64;
}

/// Audits a refusal and returns the error to send: journaled in full when it is the first of its kind from this
/// credential in the window, else counted into the window's summary; `429` once the credential is throttled.
pub async fn refuse<A: Auditor + ?Sized>(state: &A, who: &str, error: ApiError, input: serde_json::Value) -> ApiError {
    state.metrics().refusals.inc();
    let admission = state.refusals().admit(who, error.code, &error.message, &input, state.clock_ms());
    for s in &admission.summaries {
        if let Err(e) = state.journal_refusal(&s.who, &s.code, &s.message, s.input.clone()).await {
            return e;
        }
    }
    match admission.verdict {
        Verdict::Journal => match state.journal_refusal(who, error.code, &error.message, input).await {
            Ok(seq) => {
                state.notify();
                ApiError { message: format!("{} (refusal journaled at seq {seq})", error.message), ..error }
            }
            Err(e) => e,
        },
        Verdict::Counted => {
            if !admission.summaries.is_empty() {
                state.notify();
            }
            ApiError {
                message: format!(
                    "{} (refusal counted: repeats within {} s are journaled as one summary)",
                    error.message,
                    crate::refusals::REFUSAL_WINDOW_MS / 1000
                ),
                ..error
            }
        }
        Verdict::Throttled { retry_after_s } => {
            if !admission.summaries.is_empty() {
                state.notify();
            }
            let message = format!(
                "`{who}` sent more than {} refused requests within {} s: throttled; retry after the delay in \
                 Retry-After (this refusal: {})",
                crate::refusals::THROTTLE_AFTER,
                crate::refusals::REFUSAL_WINDOW_MS / 1000,
                error.message
            );
            state.metrics().shed(crate::metrics::Limit::Throttled, &message);
            ApiError {
                retry_after_s: Some(retry_after_s),
                ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "throttled", message)
            }
        }
    }
}

/// Parses a JSON body into `T` (which denies unknown fields). Malformed JSON, wrong types, unknown fields and
/// oversized bodies are refused with a JSON error and journaled.
pub async fn body<T: DeserializeOwned, A: Auditor + ?Sized>(
    state: &A,
    caller: &Caller,
    endpoint: &str,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<T> {
    let bytes = match raw {
        Ok(bytes) => bytes,
        Err(rejection) => {
            let error = body_rejection(&rejection);
            return Err(refuse(state, caller.name(), error, json!({"endpoint": endpoint})).await);
        }
    };
    match parse_object(&bytes) {
        Ok(value) => Ok(value),
        Err(e) => {
            // A body that names a secret (a TOTP code, a token…) is journaled without it (F53).
            let excerpt = redact_secrets(&String::from_utf8_lossy(&bytes[..bytes.len().min(512)]));
            let e = if excerpt.contains(REDACTED) { redact_digits(&e) } else { e };
            let error = ApiError::bad_request(format!("invalid JSON body for {endpoint}: {e}"));
            Err(refuse(
                state,
                caller.name(),
                error,
                json!({"endpoint": endpoint, "bytes": bytes.len(), "excerpt": excerpt}),
            )
            .await)
        }
    }
}

const REDACTED: &str = "[redacted]";
const SECRET_KEYS: [&str; 5] = ["totp", "code", "secret", "token", "password"];

/// `text` (the excerpt of a body that could not be parsed) with the value after any key that names a secret
/// (case-insensitive: `totp`, `code`, `secret`, `token`, `password`) replaced by `[redacted]`, up to the next `,`,
/// `}` or line end.
pub fn redact_secrets(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.len() != text.len() || !SECRET_KEYS.iter().any(|k| lower.contains(k)) {
        // Lower-casing changed byte offsets (rare non-ASCII): redact every digit run instead.
        return if SECRET_KEYS.iter().any(|k| lower.contains(k)) { redact_digits(text) } else { text.to_string() };
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let key = SECRET_KEYS.iter().find(|k| lower[i..].starts_with(**k));
        let Some(key) = key else {
            let c = text[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
            continue;
        };
        let after = i + key.len();
        out.push_str(&text[i..after]);
        // Past the rest of the key and its closing quote, to the colon.
        let rest = &text[after..];
        let Some(colon) = rest.find(':').filter(|c| {
            rest[..*c].chars().all(|ch| ch == '"' || ch.is_whitespace() || ch.is_alphanumeric() || ch == '_')
        }) else {
            i = after;
            continue;
        };
        out.push_str(&rest[..=colon]);
        let value = &rest[colon + 1..];
        let end = value.find([',', '}', '\n']).unwrap_or(value.len());
        out.push_str(REDACTED);
        i = after + colon + 1 + end;
    }
    out
}

/// `text` with every run of 4 or more digits replaced by `[redacted]` (a parse error may quote the value).
pub fn redact_digits(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if run.len() >= 4 {
            out.push_str(REDACTED);
        } else {
            out.push_str(&run);
        }
        run.clear();
        out.push(c);
    }
    out.pop();
    out
}

/// The error for a body that could not be read: 413 when it is over the limit.
pub fn body_rejection(rejection: &BytesRejection) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("request body is larger than {} bytes", crate::MAX_BODY_BYTES),
        )
    } else {
        ApiError::bad_request(format!("cannot read the request body: {rejection}"))
    }
}

/// Parses a JSON object into `T`; an empty body is the empty object. Anything but an object is refused: serde would
/// otherwise fill a struct from a positional array (`["id", "action"]`).
pub fn parse_object<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        None => serde_json::from_slice(b"{}").map_err(|e| e.to_string()),
        Some(b'{') => serde_json::from_slice(bytes).map_err(|e| e.to_string()),
        Some(_) => Err("the body must be a JSON object".to_string()),
    }
}

/// Requires one of `roles`; otherwise journals the attempt and answers 403.
pub async fn require<A: Auditor + ?Sized>(state: &A, caller: &Caller, roles: &[Role], what: &str) -> ApiResult<()> {
    if roles.contains(&caller.role()) {
        return Ok(());
    }
    let allowed: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    let error = ApiError::forbidden(format!(
        "`{}` has role `{}`; {what} needs role {}",
        caller.name(),
        caller.role(),
        allowed.join(" or ")
    ));
    Err(refuse(state, caller.name(), error, json!({"action": what, "role": caller.role()})).await)
}

/// Parses `30s`, `2m`, `500ms` or a plain number of seconds.
pub fn parse_timeout_ms(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Some(ms) = text.strip_suffix("ms") {
        return ms.parse().ok();
    }
    if let Ok(seconds) = text.parse::<i64>() {
        return seconds.checked_mul(1000);
    }
    foureyes_core::window::parse_duration_ms(text).ok()
}
