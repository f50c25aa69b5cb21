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
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into() }
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
                    "approval_not_pending" => StatusCode::CONFLICT,
                    _ => StatusCode::BAD_REQUEST,
                },
                leak_code(&code),
                message,
            ),
            StoreError::Conflict { .. } => ApiError::new(StatusCode::CONFLICT, "conflict", message),
            StoreError::NotFound(_) => ApiError::new(StatusCode::NOT_FOUND, "not_found", message),
            StoreError::InvalidState(_) => ApiError::new(StatusCode::CONFLICT, "invalid_state", message),
            StoreError::Schema(_) | StoreError::Backend(_) => {
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
        "record_altered" => "record_altered",
        "idempotency_conflict" => "conflict",
        "forbidden" => "forbidden",
        _ => "bad_request",
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({"error": {"code": self.code, "message": self.message}}))).into_response()
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
