//! `POST /v1/execute`: one call for the agent when FourEyes itself executes (the action's `execute:` connector):
//! decide → run → report, answering the verdict plus `replayed`, `ran` and `outcome`.
//!
//! This crate holds no connector, HTTP client or secret (`tests/boundaries.rs`): the process that serves it plugs
//! one in as an [`ExecuteDoor`] (`foureyes serve` uses `foureyes_connect::Door`). Without one the endpoint answers
//! 501 `not_configured`. Agents only; the approval endpoints cannot reach it (they hold no `AppState`).

use crate::AppState;
use crate::api::{DecideBody, visible_decision};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::ops::{body, refuse, require};
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use foureyes_core::{ActionRequest, Policy, Role};
use foureyes_store::StoreError;
use serde_json::{Value, json};
use std::sync::Arc;

/// Decide → run the action's connector → report, in one call, for a request the server has authenticated.
#[async_trait::async_trait]
pub trait ExecuteDoor: Send + Sync {
    /// The answer object (the verdict plus `replayed`, `ran`, `outcome`).
    async fn execute(&self, policy: Arc<Policy>, request: ActionRequest) -> Result<Value, StoreError>;
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/v1/execute", post(execute))
}

async fn execute(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Agent], "executing").await?;
    let b: DecideBody = body(&state, &caller, "POST /v1/execute", raw).await?;
    let Some(door) = state.execute.clone() else {
        return Err(ApiError::new(
            StatusCode::NOT_IMPLEMENTED,
            "not_configured",
            "this server runs no connectors: start `foureyes serve` with a secrets key (--secrets-key-file) and a \
             policy with `execute:` sections",
        ));
    };
    if let Some(target) = b.undo_of {
        visible_decision(&state, &caller, target).await?;
    }
    if let Some(approval) = b.approval_id
        && let Some(record) = state.store.approval(approval, state.now_ms()).await?
        && record.request.agent != caller.name()
    {
        let error = ApiError::forbidden(format!("approval {approval} belongs to another agent's request"));
        return Err(refuse(&state, caller.name(), error, json!({"approval_id": approval})).await);
    }
    let request = b.into_request(caller.name());
    // On a task of its own: a caller that goes away (the request timeout, a dropped connection) does not abandon a
    // run that may have acted; it completes and reports (F335).
    let policy = state.policy();
    let notify = state.clone();
    // The run's task makes the request's writes as the request's credential (ADR-396): a task-local does not cross
    // `spawn`. The door makes its own writes after the decision as itself (`writes_by_the_door`).
    let credential = foureyes_store::writing_as();
    let run = tokio::spawn(async move {
        let answer = foureyes_store::writes_as(credential, door.execute(policy, request)).await;
        notify.notify();
        answer
    });
    let answer = run.await.map_err(|e| StoreError::Backend(format!("the run's task ended without an answer: {e}")))?;
    Ok(Json(answer?))
}
