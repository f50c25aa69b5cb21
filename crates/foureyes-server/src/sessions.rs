//! Session trust over HTTP: the demoted sessions (people only) and an admin's early restore. Demotions themselves
//! start inside `POST /v1/decide` (the store's deciding transaction); nothing here can start one.

use crate::AppState;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::ops::{body, require};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use foureyes_core::Role;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Router<AppState> {
    Router::new().route("/v1/sessions", get(list)).route("/v1/sessions/restore", post(restore))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    status: Option<String>,
}

/// Demotions, newest first: by default those still holding their session; `status=all` adds the ended ones.
async fn list(State(state): State<AppState>, caller: Caller, Query(q): Query<ListQuery>) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Approver, Role::Admin], "listing demoted sessions").await?;
    let active_only = match q.status.as_deref() {
        None | Some("active") => true,
        Some("all") => false,
        Some(s) => return Err(ApiError::bad_request(format!("unknown status `{s}`: expected active or all"))),
    };
    Ok(Json(json!(state.store.demotions(active_only, state.now_ms()).await?)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RestoreBody {
    agent: String,
    /// Absent or null: the agent's requests without a session id (a demotion that holds all its sessions).
    #[serde(default)]
    session: Option<String>,
    /// Why the session may have its autonomy back, journaled with the admin's name.
    why: String,
}

/// Ends a demotion before its cooling period; the admin comes from the credential, never from the body.
async fn restore(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Admin], "restoring a demoted session").await?;
    let b: RestoreBody = body(&state, &caller, "POST /v1/sessions/restore", raw).await?;
    let record =
        state.store.restore_session(&b.agent, b.session.as_deref(), caller.name(), &b.why, state.now_ms()).await;
    state.notify();
    Ok(Json(json!(record?)))
}
