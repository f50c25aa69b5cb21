//! The approval endpoints. They hold an [`ApprovalGate`](crate::ApprovalGate) — list, show, approve, reject,
//! revoke — and nothing that can decide, report or execute: a compromised console can release an action, never run
//! one. Revoke withdraws consent an approver gave, as long as nothing has run on it yet.
//! Step-up: when the policy says `step_up: true`, the approver must also send a current TOTP code (RFC 6238), and
//! each code is accepted once: its time step is recorded per credential and a code at or before it is refused.

use crate::auth::{Caller, WriteCaller};
use crate::error::{ApiError, ApiResult};
use crate::metrics::Metrics;
use crate::ops::Auditor;
use crate::{AppState, ApprovalGate, AuthContext, Clock, ops, telemetry};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use foureyes_core::{ApprovalRecord, ApprovalStatus, Role};
use foureyes_store::{Altered, Credentials};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The approval endpoints' whole world: the gate, credentials, the clock, metrics and the wake-up bus. There is no
/// `Store` here, so nothing in this module can decide, report or execute.
#[derive(Clone)]
pub struct ApprovalsState {
    gate: Arc<dyn ApprovalGate>,
    credentials: Arc<dyn Credentials>,
    clock: Clock,
    metrics: Arc<Metrics>,
    bus: tokio::sync::broadcast::Sender<()>,
    refusals: Arc<crate::refusals::RefusalLimiter>,
    namespace: Option<String>,
}

impl AuthContext for ApprovalsState {
    fn credentials(&self) -> &dyn Credentials {
        self.credentials.as_ref()
    }
    fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }
    fn now_ms(&self) -> i64 {
        (self.clock)()
    }
}

#[async_trait::async_trait]
impl Auditor for ApprovalsState {
    async fn journal_refusal(&self, who: &str, code: &str, message: &str, input: Value) -> Result<u64, ApiError> {
        Ok(self.gate.refuse(who, code, message, input, (self.clock)()).await?)
    }
    fn metrics(&self) -> &Metrics {
        &self.metrics
    }
    fn notify(&self) {
        let _ = self.bus.send(());
    }
    fn refusals(&self) -> &crate::refusals::RefusalLimiter {
        &self.refusals
    }
    fn clock_ms(&self) -> i64 {
        (self.clock)()
    }
}

pub fn routes(app: &AppState) -> Router<AppState> {
    let state = ApprovalsState {
        gate: app.approvals.clone(),
        credentials: app.credentials.clone(),
        clock: app.clock.clone(),
        metrics: app.metrics.clone(),
        bus: app.bus.clone(),
        refusals: app.refusals.clone(),
        namespace: app.namespace.clone(),
    };
    Router::new()
        .route("/v1/approvals", get(list))
        .route("/v1/approvals/{id}", get(show))
        .route("/v1/approvals/{id}/approve", post(approve))
        .route("/v1/approvals/{id}/reject", post(reject))
        .route("/v1/approvals/{id}/revoke", post(revoke))
        .with_state(state)
}

const PEOPLE: &[Role] = &[Role::Approver, Role::Admin];

/// How an approval is shown: the record plus its age and time left, so a person sees exactly what will run; and,
/// when its row is not what the journal says, `altered` (table, field, the row's and the journal's value: ADR-610),
/// so a forged request is never shown as the thing to approve (a vote on it is refused).
fn card(a: &ApprovalRecord, altered: Option<&Altered>, now_ms: i64) -> Value {
    let mut v = json!(a);
    if let Some(obj) = v.as_object_mut() {
        obj.insert("age_ms".into(), json!(now_ms - a.created_at_ms));
        obj.insert("expires_in_ms".into(), json!((a.expires_at_ms - now_ms).max(0)));
        if let Some(altered) = altered {
            obj.insert("altered".into(), json!(altered));
        }
    }
    v
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    status: Option<String>,
}

async fn list(
    State(state): State<ApprovalsState>,
    caller: Caller,
    Query(q): Query<ListQuery>,
) -> ApiResult<Json<Value>> {
    ops::require(&state, &caller, PEOPLE, "listing approvals").await?;
    let status = match q.status.as_deref() {
        None | Some("all") => None,
        Some(s) => Some(ApprovalStatus::parse(s).ok_or_else(|| {
            ApiError::bad_request(format!(
                "unknown status `{s}`: expected pending, approved, rejected, expired, consumed, revoked or all"
            ))
        })?),
    };
    let now = AuthContext::now_ms(&state);
    let list = state.gate.approvals(status, now).await?;
    Ok(Json(Value::Array(list.iter().map(|(a, altered)| card(a, altered.as_ref(), now)).collect())))
}

async fn show(State(state): State<ApprovalsState>, caller: Caller, Path(id): Path<i64>) -> ApiResult<Json<Value>> {
    ops::require(&state, &caller, PEOPLE, "reading an approval").await?;
    let now = AuthContext::now_ms(&state);
    let (a, altered) = state
        .gate
        .approval(id, now)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("approval {id} does not exist")))?;
    Ok(Json(card(&a, altered.as_ref(), now)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApproveBody {
    /// The digest the approver was shown. Required: consent is bound to exactly that action.
    digest: String,
    /// A current TOTP code, for approvals whose policy asks for step-up.
    #[serde(default)]
    totp: Option<String>,
}

async fn approve(
    State(state): State<ApprovalsState>,
    caller: WriteCaller,
    path: Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    // The first store access is `approval`'s checked read, a write transaction on PostgreSQL (ADR-1050).
    caller.writes(|caller| approve_as(state, caller, path, raw)).await
}

async fn approve_as(
    state: ApprovalsState,
    caller: Caller,
    Path(id): Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    ops::require(&state, &caller, PEOPLE, "approving").await?;
    let b: ApproveBody = ops::body(&state, &caller, "POST /v1/approvals/{id}/approve", raw).await?;
    let now = AuthContext::now_ms(&state);
    let (a, _) = state
        .gate
        .approval(id, now)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("approval {id} does not exist")))?;
    if a.step_up {
        step_up(&state, &caller, id, b.totp.as_deref(), now).await?;
    }
    let vote = state.gate.approve(id, caller.name(), Some(&b.digest), now).await?;
    if vote.counted {
        let waited_ms = now - vote.approval.created_at_ms;
        let decision = if vote.approval.status == ApprovalStatus::Approved { "approved" } else { "vote" };
        if decision == "approved" {
            state.metrics.observe_human_decision(decision, waited_ms);
        }
        telemetry::human_decision(&vote.approval, caller.name(), decision, waited_ms);
    }
    Auditor::notify(&state);
    Ok(Json(json!({"counted": vote.counted, "approval": card(&vote.approval, None, now)})))
}

async fn step_up(state: &ApprovalsState, caller: &Caller, id: i64, code: Option<&str>, now_ms: i64) -> ApiResult<()> {
    let refuse = |message: String| async move {
        let error = ApiError::forbidden(message);
        Err(ops::refuse(state, caller.name(), error, json!({"approval_id": id, "step_up": true})).await)
    };
    let Some(secret) = caller.principal.totp_secret.as_deref() else {
        return refuse(format!(
            "approval {id} needs step-up, and `{}` has no TOTP enrolled: create the credential with `--totp`",
            caller.name()
        ))
        .await;
    };
    let Some(code) = code else {
        return refuse(format!("approval {id} needs step-up: send `totp` with a current code from your authenticator"))
            .await;
    };
    let Some(step) = crate::console::totp_step(secret, code, now_ms) else {
        return refuse(format!("approval {id}: the TOTP code is wrong or stale")).await;
    };
    // RFC 6238 §5.2: a code is good once. A code seen over a shoulder, in a screen share or a proxy log must not
    // approve a second action within its 90 s window, so the step is recorded and anything at or before it refused.
    if !state.credentials.accept_totp_step(caller.name(), step).await? {
        return refuse(format!(
            "approval {id}: this TOTP code (or a later one) was already used: wait for the next code from your authenticator"
        ))
        .await;
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RejectBody {
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    digest: Option<String>,
}

async fn reject(
    State(state): State<ApprovalsState>,
    caller: WriteCaller,
    path: Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    // Every answer follows a write: a refusal or the reject itself (ADR-1050).
    caller.writes(|caller| reject_as(state, caller, path, raw)).await
}

async fn reject_as(
    state: ApprovalsState,
    caller: Caller,
    Path(id): Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    ops::require(&state, &caller, PEOPLE, "rejecting").await?;
    let b: RejectBody = ops::body(&state, &caller, "POST /v1/approvals/{id}/reject", raw).await?;
    if b.reason.as_ref().is_some_and(|r| r.len() > 2000) {
        let error = ApiError::bad_request("`reason` is longer than 2000 bytes");
        return Err(ops::refuse(&state, caller.name(), error, json!({"approval_id": id})).await);
    }
    let now = AuthContext::now_ms(&state);
    let a = state.gate.reject(id, caller.name(), b.reason.as_deref(), b.digest.as_deref(), now).await?;
    state.metrics.observe_human_decision("rejected", now - a.created_at_ms);
    telemetry::human_decision(&a, caller.name(), "rejected", now - a.created_at_ms);
    Auditor::notify(&state);
    Ok(Json(card(&a, None, now)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RevokeBody {
    /// Why consent is withdrawn: required, journaled with the revoke.
    why: String,
}

/// Withdraws an approval that was given and not yet used. A later release of it is denied `approval_revoked`.
async fn revoke(
    State(state): State<ApprovalsState>,
    caller: WriteCaller,
    path: Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    // Every answer follows a write: a refusal or the revoke itself (ADR-1050).
    caller.writes(|caller| revoke_as(state, caller, path, raw)).await
}

async fn revoke_as(
    state: ApprovalsState,
    caller: Caller,
    Path(id): Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    ops::require(&state, &caller, PEOPLE, "revoking an approval").await?;
    let b: RevokeBody = ops::body(&state, &caller, "POST /v1/approvals/{id}/revoke", raw).await?;
    let now = AuthContext::now_ms(&state);
    let a = state.gate.revoke(id, caller.name(), &b.why, now).await?;
    telemetry::human_decision(&a, caller.name(), "revoked", now - a.created_at_ms);
    Auditor::notify(&state);
    Ok(Json(card(&a, None, now)))
}
