//! One error type for every endpoint: it knows its HTTP status and renders `{"error": {"code", "message"}}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use foureyes_store::StoreError;
use serde_json::json;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Sent as `Retry-After` (seconds) when set: a cap was reached (503) or the caller is throttled (429).
    pub retry_after_s: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), retry_after_s: None }
    }

    /// `503 overloaded` with `Retry-After`: a designed cap was reached; nothing was done.
    pub fn overloaded(message: impl Into<String>) -> ApiError {
        ApiError {
            retry_after_s: Some(crate::listen::RETRY_AFTER_S),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "overloaded", message)
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "missing or unknown credential: send `Authorization: Bearer <token>` (create one with `foureyes token create`)",
        )
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        let message = e.to_string();
        match e {
            StoreError::Refused { code, .. } => ApiError::new(
                match code.as_str() {
                    "self_approval" | "forbidden" => StatusCode::FORBIDDEN,
                    // A write made as a credential revoked meanwhile (ADR-1050): what a revoked token gets.
                    foureyes_store::ops::CREDENTIAL_REVOKED => StatusCode::UNAUTHORIZED,
                    "approval_not_pending" | "approval_not_revocable" => StatusCode::CONFLICT,
                    _ => StatusCode::BAD_REQUEST,
                },
                leak_code(&code),
                message,
            ),
            StoreError::Conflict { .. } => ApiError::new(StatusCode::CONFLICT, "conflict", message),
            StoreError::NotFound(_) => ApiError::new(StatusCode::NOT_FOUND, "not_found", message),
            StoreError::InvalidState(_) => ApiError::new(StatusCode::CONFLICT, "invalid_state", message),
            StoreError::Unjournalable(_) => ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message),
            StoreError::Schema(_) | StoreError::Backend(_) | StoreError::Busy(_) | StoreError::Truncated(_) => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "storage_error", message)
            }
        }
    }
}

/// Refusal codes come from a closed set; map them to static strings.
fn leak_code(code: &str) -> &'static str {
    match code {
        "self_approval" => "self_approval",
        "digest_mismatch" => "digest_mismatch",
        "approval_not_pending" => "approval_not_pending",
        "approval_not_revocable" => "approval_not_revocable",
        "record_altered" => "record_altered",
        "idempotency_conflict" => "conflict",
        "forbidden" => "forbidden",
        foureyes_store::ops::CREDENTIAL_REVOKED => "unauthorized",
        _ => "bad_request",
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // Every error body through the hidden-character escape: a message may quote what was sent (a path segment, a
        // field, a query value), and the framework's own rejections quote it raw (attack 46's H4, F1453).
        let message = foureyes_core::hidden::escaped(&self.message);
        let mut response =
            (self.status, Json(json!({"error": {"code": self.code, "message": message}}))).into_response();
        if let Some(seconds) = self.retry_after_s {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// Turns the framework's own error responses (no such route, wrong method, a path or query string that does not
/// parse) into the `{"error": {"code", "message"}}` shape every endpoint answers with. JSON responses pass through.
pub async fn json_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    // The URI is shared bytes: keeping it costs no copy; its path is read only for the errors below.
    let (method, uri) = (request.method().clone(), request.uri().clone());
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let reason = status.canonical_reason().unwrap_or("error");
    let text = if text.is_empty() { reason.to_string() } else { text };
    let path = uri.path();
    let (code, message) = match status {
        StatusCode::NOT_FOUND => ("not_found", format!("no endpoint {method} {path}: see /openapi.json")),
        StatusCode::METHOD_NOT_ALLOWED => {
            ("method_not_allowed", format!("{path} does not accept {method}: see /openapi.json"))
        }
        StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", text),
        // Only a request whose body had not all arrived is answered 408 ([`answer_timeout`] answers the others).
        StatusCode::REQUEST_TIMEOUT => (
            "request_timeout",
            "the request's body was not received in full within the server's request timeout: nothing was decided"
                .to_string(),
        ),
        s if s.is_client_error() => ("bad_request", text),
        _ => ("internal", text),
    };
    let mut out = ApiError::new(status, code, message).into_response();
    if let Some(allow) = parts.headers.get(axum::http::header::ALLOW) {
        out.headers_mut().insert(axum::http::header::ALLOW, allow.clone());
    }
    out
}

/// What a request that was received in full, and not answered within the server's request timeout, is told
/// (ADR-968, attack 28's row 31): not 408 ("not received", F968), which an agent reads as "send it again" and may
/// send under a new request id — a second decision, a second run.
pub const ANSWER_TIMEOUT: &str = "the request was received in full but not answered within the server's request \
     timeout: it may have been decided, and a connector run it started goes on (this answer does not stop it). Find \
     its decision by sending the same request with the same request_id again (answered from the journal, never run \
     twice); do not send it under a new request_id";

/// Tells a request whose body arrived in full and was then not answered within the request timeout (504
/// `answer_timeout`, [`ANSWER_TIMEOUT`]) from one whose body did not arrive (408 `request_timeout`): the timeout
/// layer answers both 408 with nothing said, and only the second is true of 408 (ADR-968). Wraps the timeout layer:
/// the body is marked received when its end is read (by the handler's extractor, before it decides anything), or at
/// once when it has none.
pub async fn answer_timeout(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    use futures_util::StreamExt;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let received = Arc::new(AtomicBool::new(false));
    let (parts, body) = request.into_parts();
    let body = if axum::body::HttpBody::is_end_stream(&body) {
        received.store(true, Ordering::SeqCst);
        body
    } else {
        let flag = received.clone();
        let end = futures_util::stream::once(async move {
            flag.store(true, Ordering::SeqCst);
            None
        })
        .filter_map(std::future::ready);
        let frames = http_body_util::BodyStream::new(body).chain(end);
        axum::body::Body::new(http_body_util::StreamBody::new(frames))
    };
    let response = next.run(axum::extract::Request::from_parts(parts, body)).await;
    if response.status() == StatusCode::REQUEST_TIMEOUT && received.load(Ordering::SeqCst) {
        return ApiError::new(StatusCode::GATEWAY_TIMEOUT, "answer_timeout", ANSWER_TIMEOUT).into_response();
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ADR-1050: a write refused because its credential was revoked meanwhile answers as a revoked token does.
    #[test]
    fn a_write_as_a_revoked_credential_answers_401() {
        let refused = StoreError::Refused {
            code: foureyes_store::ops::CREDENTIAL_REVOKED.to_string(),
            message: "credential `bot` is revoked".into(),
            seq: 7,
        };
        let answer = ApiError::from(refused);
        assert_eq!((answer.status, answer.code), (StatusCode::UNAUTHORIZED, "unauthorized"));
    }
}
