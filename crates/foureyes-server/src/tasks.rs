//! `/v1/tasks…`: change control over the HTTP API with credentials (issue 20, ADR-490). The agent proposes; the
//! trusted runner (a `runner` credential) records apply intents and confirmations, asks to check, records check
//! results and finishes; approvers approve sensitive changes through the ordinary approval endpoints; an admin
//! creates tasks; every task event names the credential that made its command (`by`, ADR-491).
//!
//! This crate holds none of change control's rules or transactions: the serving process plugs in a [`TaskDoor`]
//! (`foureyes serve` plugs `change_control::door::Door`, the functions the CLI runs). Without one every route
//! answers 501 `not_configured`. The runner does the file work and the sandboxed check where the workspace is, never
//! in this process; the door judges what it records (revisions, manifests, the approval gate of a sensitive change:
//! `cleared_by` is the door's own decision, never taken from the runner).

use crate::AppState;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::ops::{body, require};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use foureyes_core::task::{By, CheckResult, FileContent, FileHash, Manifest, TaskCommand, TaskConfig};
use foureyes_core::{DecisionRecord, Policy, Role, Verdict};
use foureyes_store::{StoreError, TaskOutcome};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// Largest body a task route reads: a change set (at most 1 MiB of content, escaped as JSON) or a workspace
/// manifest (at most 20 000 entries) fits; everything else keeps [`crate::MAX_BODY_BYTES`].
pub const MAX_TASK_BODY_BYTES: usize = 16 * 1024 * 1024;

/// Who may read tasks: everyone with a part in change control (an executor, which reports one agent's decisions,
/// has none).
const READERS: &[Role] = &[Role::Agent, Role::Runner, Role::Approver, Role::Admin];
/// Only the trusted runner records what it did to the workspace and what the check found.
const RUNNER: &[Role] = &[Role::Runner];

/// What an apply intent came to.
#[derive(Debug)]
pub enum Applying {
    /// Accepted (or a repeat's first outcome).
    Accepted(TaskOutcome),
    /// A sensitive change the approval gate did not permit: deferred (approve its approval, then repeat the
    /// apply with the same command id), denied or rehearsed.
    Gated(DecisionRecord),
}

/// Change control's commands, plugged in by the serving process.
#[async_trait::async_trait]
pub trait TaskDoor: Send + Sync {
    /// Creates a task (the operator's configuration and the workspace's baseline manifest).
    async fn create(
        &self,
        task: &str,
        config: TaskConfig,
        workspace: Manifest,
        by: &By,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError>;
    /// Any command but an apply intent, made by `by`.
    async fn command(&self, task: &str, cmd: TaskCommand, by: &By, now_ms: i64) -> Result<TaskOutcome, StoreError>;
    /// An apply intent, through the approval gate under `policy` when the change is sensitive.
    async fn apply(
        &self,
        policy: Arc<Policy>,
        task: &str,
        intent: TaskCommand,
        by: &By,
        now_ms: i64,
    ) -> Result<Applying, StoreError>;
    /// The task as `foureyes task status --json` shows it (`None`: no such task).
    async fn status(&self, task: &str) -> Result<Option<Value>, StoreError>;
    /// Every task, each as [`TaskDoor::status`] shows it.
    async fn list(&self) -> Result<Vec<Value>, StoreError>;
    /// The pending proposal with its files' content (`None`: no such task; `Some(Null)`: no proposal).
    async fn proposal(&self, task: &str) -> Result<Option<Value>, StoreError>;
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/tasks", get(list).post(create))
        .route("/v1/tasks/{task}", get(status))
        .route("/v1/tasks/{task}/proposal", get(proposal))
        .route("/v1/tasks/{task}/propose", post(propose))
        .route("/v1/tasks/{task}/apply", post(apply))
        .route("/v1/tasks/{task}/apply/confirm", post(confirm))
        .route("/v1/tasks/{task}/check", post(check))
        .route("/v1/tasks/{task}/check/record", post(record))
        .route("/v1/tasks/{task}/finish", post(finish))
        .layer(DefaultBodyLimit::max(MAX_TASK_BODY_BYTES))
}

fn door(state: &AppState) -> ApiResult<Arc<dyn TaskDoor>> {
    state.tasks.clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_IMPLEMENTED,
            "not_configured",
            "this server keeps no change-control tasks: `foureyes serve` plugs them in",
        )
    })
}

fn by(caller: &Caller) -> By {
    By { name: caller.name().to_string(), role: caller.role().as_str().to_string() }
}

/// A refused task command as an HTTP error: its code is the refusal's (`stale_revision`, `wrong_state`, …; typed,
/// the message names the task's state), 404 for an unknown task, 400 for malformed input, 401 for a credential revoked
/// since the request was authenticated, else 409. The refusal is
/// already journaled by the store (`refused`, with the task id and the caller).
fn task_error(e: StoreError) -> ApiError {
    match e {
        // A write made as a credential revoked since the request was authenticated (ADR-396): what every endpoint
        // answers it, not a task's refusal.
        StoreError::Refused { ref code, .. } if code == foureyes_store::ops::CREDENTIAL_REVOKED => ApiError::from(e),
        StoreError::Refused { code, message, seq } => {
            let (status, code) = refusal_status(&code);
            ApiError::new(status, code, format!("{message} (refusal journaled at seq {seq})"))
        }
        other => ApiError::from(other),
    }
}

/// Task refusal codes come from a closed set (`foureyes_core::task::TaskRefusal`); each maps to a static string.
fn refusal_status(code: &str) -> (StatusCode, &'static str) {
    const CODES: [&str; 20] = [
        "task_exists",
        "wrong_state",
        "stale_revision",
        "apply_pending",
        "unsafe_path",
        "path_mismatch",
        "hash_mismatch",
        "proposal_changed",
        "not_applying",
        "already_checked",
        "workspace_drift",
        "command_id_reused",
        "write_failed",
        "workspace_too_large",
        "delivery_unsafe",
        "workspace_unreadable",
        "bad_input",
        "unknown_task",
        "task_refused",
        "record_altered",
    ];
    let code = CODES.into_iter().find(|c| *c == code).unwrap_or("task_refused");
    let status = match code {
        "unknown_task" => StatusCode::NOT_FOUND,
        "bad_input" => StatusCode::BAD_REQUEST,
        _ => StatusCode::CONFLICT,
    };
    (status, code)
}

async fn list(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Value>> {
    require(&state, &caller, READERS, "reading tasks").await?;
    Ok(Json(json!({"tasks": door(&state)?.list().await?})))
}

async fn status(State(state): State<AppState>, caller: Caller, Path(task): Path<String>) -> ApiResult<Json<Value>> {
    require(&state, &caller, READERS, "reading a task").await?;
    door(&state)?.status(&task).await?.map(Json).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_task",
            format!("task {} does not exist", foureyes_core::tool_pin::shown(&task)),
        )
    })
}

async fn proposal(State(state): State<AppState>, caller: Caller, Path(task): Path<String>) -> ApiResult<Json<Value>> {
    require(&state, &caller, READERS, "reading a task's proposal").await?;
    door(&state)?.proposal(&task).await?.map(Json).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_task",
            format!("task {} does not exist", foureyes_core::tool_pin::shown(&task)),
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    task_id: String,
    config: TaskConfig,
    /// The workspace's baseline manifest, as the operator's side hashed it.
    #[serde(default)]
    workspace: Manifest,
}

async fn create(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<TaskOutcome>> {
    require(&state, &caller, &[Role::Admin], "creating a task").await?;
    let b: CreateBody = body(&state, &caller, "POST /v1/tasks", raw).await?;
    let door = door(&state)?;
    let outcome = door.create(&b.task_id, b.config, b.workspace, &by(&caller), state.now_ms()).await;
    state.notify();
    Ok(Json(outcome.map_err(task_error)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProposeBody {
    command_id: String,
    expected_revision: u64,
    files: Vec<FileContent>,
}

async fn propose(
    State(state): State<AppState>,
    caller: Caller,
    Path(task): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<TaskOutcome>> {
    require(&state, &caller, &[Role::Agent], "proposing a change set").await?;
    let b: ProposeBody = body(&state, &caller, "POST /v1/tasks/{task}/propose", raw).await?;
    let cmd = TaskCommand::Propose { command_id: b.command_id, expected_revision: b.expected_revision, files: b.files };
    run(&state, &caller, &task, cmd).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApplyBody {
    command_id: String,
    expected_revision: u64,
    /// When given, must be exactly the proposed set.
    #[serde(default)]
    paths: Option<Vec<String>>,
    /// The digest of the change set the runner read and will write (`GET /v1/tasks/{task}/proposal`).
    change_digest: String,
}

async fn apply(
    State(state): State<AppState>,
    caller: Caller,
    Path(task): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Response> {
    require(&state, &caller, RUNNER, "recording an apply").await?;
    let b: ApplyBody = body(&state, &caller, "POST /v1/tasks/{task}/apply", raw).await?;
    let door = door(&state)?;
    // `cleared_by` is never the runner's to say: the door sets it from its own gate decision.
    let intent = TaskCommand::ApplyIntent {
        command_id: b.command_id,
        expected_revision: b.expected_revision,
        paths: b.paths,
        change_digest: b.change_digest,
        cleared_by: None,
    };
    let applying = door.apply(state.policy(), &task, intent, &by(&caller), state.now_ms()).await;
    state.notify();
    match applying.map_err(task_error)? {
        Applying::Accepted(outcome) => Ok(Json(outcome).into_response()),
        Applying::Gated(decision) => gated(&decision),
    }
}

/// A sensitive change the gate did not permit: 202 with the approval to ask for (deferred), else 409
/// `gate_denied` / `gate_dry_run`.
fn gated(decision: &DecisionRecord) -> ApiResult<Response> {
    match decision.verdict {
        Verdict::Defer => Ok((
            StatusCode::ACCEPTED,
            Json(json!({
                "result": "awaiting_approval",
                "approval_id": decision.approval_id,
                "decision_id": decision.decision_id,
                "digest": decision.digest,
                "sensitive_paths": decision.request.params.get("sensitive_paths"),
                "change_digest": decision.request.params.get("change_digest"),
            })),
        )
            .into_response()),
        Verdict::Deny => Err(ApiError::new(
            StatusCode::CONFLICT,
            "gate_denied",
            format!(
                "the approval gate denied the change (decision {}): {}",
                decision.decision_id,
                decision.reasons.iter().map(|r| r.message.as_str()).collect::<Vec<_>>().join("; ")
            ),
        )),
        Verdict::DryRun | Verdict::Permit => Err(ApiError::new(
            StatusCode::CONFLICT,
            "gate_dry_run",
            format!(
                "the approval gate only rehearsed the change (decision {}): nothing may be applied",
                decision.decision_id
            ),
        )),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfirmBody {
    command_id: String,
    expected_revision: u64,
    /// What the runner wrote, as it read it back.
    written: Vec<FileHash>,
    /// The whole workspace as the runner hashed it after writing.
    workspace: Manifest,
}

async fn confirm(
    State(state): State<AppState>,
    caller: Caller,
    Path(task): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<TaskOutcome>> {
    require(&state, &caller, RUNNER, "confirming an apply").await?;
    let b: ConfirmBody = body(&state, &caller, "POST /v1/tasks/{task}/apply/confirm", raw).await?;
    let cmd = TaskCommand::ApplyConfirmed {
        command_id: b.command_id,
        expected_revision: b.expected_revision,
        written: b.written,
        workspace: b.workspace,
    };
    run(&state, &caller, &task, cmd).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepBody {
    command_id: String,
    expected_revision: u64,
}

async fn check(
    State(state): State<AppState>,
    caller: Caller,
    Path(task): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<TaskOutcome>> {
    require(&state, &caller, RUNNER, "starting a check").await?;
    let b: StepBody = body(&state, &caller, "POST /v1/tasks/{task}/check", raw).await?;
    let cmd = TaskCommand::Check { command_id: b.command_id, expected_revision: b.expected_revision };
    run(&state, &caller, &task, cmd).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordBody {
    command_id: String,
    expected_revision: u64,
    result: CheckResult,
    /// The manifests of the runner's private copy before and after the check.
    before: Manifest,
    after: Manifest,
}

async fn record(
    State(state): State<AppState>,
    caller: Caller,
    Path(task): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<TaskOutcome>> {
    require(&state, &caller, RUNNER, "recording a check").await?;
    let b: RecordBody = body(&state, &caller, "POST /v1/tasks/{task}/check/record", raw).await?;
    let cmd = TaskCommand::CheckRecorded {
        command_id: b.command_id,
        expected_revision: b.expected_revision,
        result: b.result,
        before: b.before,
        after: b.after,
    };
    run(&state, &caller, &task, cmd).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FinishBody {
    command_id: String,
    expected_revision: u64,
    /// The manifest of the runner's copy of the checked revision, hashed as it was written.
    workspace: Manifest,
    /// Where the runner published that copy.
    #[serde(default)]
    delivered: Option<String>,
}

async fn finish(
    State(state): State<AppState>,
    caller: Caller,
    Path(task): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<TaskOutcome>> {
    require(&state, &caller, RUNNER, "finishing a task").await?;
    let b: FinishBody = body(&state, &caller, "POST /v1/tasks/{task}/finish", raw).await?;
    let cmd = TaskCommand::Finish {
        command_id: b.command_id,
        expected_revision: b.expected_revision,
        workspace: b.workspace,
        delivered: b.delivered,
    };
    run(&state, &caller, &task, cmd).await
}

/// One command through the door, made by the caller.
async fn run(state: &AppState, caller: &Caller, task: &str, cmd: TaskCommand) -> ApiResult<Json<TaskOutcome>> {
    let door = door(state)?;
    let outcome = door.command(task, cmd, &by(caller), state.now_ms()).await;
    state.notify();
    outcome.map(Json).map_err(task_error)
}
