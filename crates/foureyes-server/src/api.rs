//! The agent-facing and administrative endpoints: decide, report, decisions and durable waiting, undo, kill switch,
//! journal, policy, health and the OpenAPI description.

use crate::auth::{Caller, WriteCaller};
use crate::error::{ApiError, ApiResult};
use crate::feed::WaitKey;
use crate::ops::{body, parse_timeout_ms, refuse, require};
use crate::{AppState, MAX_WAIT_MS, OPENAPI_JSON, telemetry};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use foureyes_core::{ActionRequest, ApprovalStatus, DecisionRecord, DecisionStatus, Outcome, Policy, Role};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/decide", post(decide))
        .route("/v1/decisions/{id}", get(decision))
        .route("/v1/decisions/{id}/report", post(report))
        .route("/v1/decisions/{id}/started", post(started))
        .route("/v1/decisions/{id}/undo", post(undo))
        .route("/v1/decisions", get(decisions))
        .route("/v1/deferrals", get(deferrals))
        .route("/v1/kill-switch", get(kill_switch).post(set_kill_switch))
        .route("/v1/journal", get(journal))
        .route("/v1/journal/verify", get(verify))
        .route("/v1/journal/{seq}/proof", get(proof))
        .route("/v1/checkpoint", get(checkpoint))
        .route("/v1/policy", get(policy))
        .route("/v1/policy/reload", post(reload))
        .route("/v1/me", get(me))
        .route("/v1/mcp/pins", get(mcp_pins).post(mcp_pin_first_seen))
        .route("/v1/mcp/pins/approve", post(mcp_pin_approve))
        .route("/v1/mcp/refusals", post(mcp_refusal))
        .route("/healthz", get(healthz))
        .route("/openapi.json", get(openapi))
}

/// The routes that answer late by design (a long poll), exempt from the request timeout.
pub fn long_lived_routes() -> Router<AppState> {
    Router::new().route("/v1/decisions/{id}/wait", get(wait))
}

const EVERYONE: &[Role] = &[Role::Agent, Role::Approver, Role::Admin];
const PEOPLE: &[Role] = &[Role::Approver, Role::Admin];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DecideBody {
    request_id: String,
    action: String,
    #[serde(default)]
    params: Map<String, Value>,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    pub(crate) undo_of: Option<i64>,
    #[serde(default)]
    dry_run: bool,
    #[serde(default)]
    pub(crate) approval_id: Option<i64>,
    #[serde(default)]
    session: Option<String>,
    /// Shown to the approver; not part of the digest.
    #[serde(default)]
    evidence: Option<Map<String, Value>>,
    /// Trust signals the caller's own checks raised (e.g. `prompt_injection`); not part of the digest.
    #[serde(default)]
    flags: Vec<String>,
}

async fn decide(
    State(state): State<AppState>,
    caller: WriteCaller,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<impl IntoResponse> {
    // Every answer follows a write (a refusal, the decision, or `decision_checked`'s transaction): ADR-1050.
    caller.writes(|caller| decide_as(state, caller, headers, raw)).await
}

async fn decide_as(
    state: AppState,
    caller: Caller,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<impl IntoResponse> {
    require(&state, &caller, &[Role::Agent], "deciding").await?;
    let b: DecideBody = body(&state, &caller, "POST /v1/decide", raw).await?;
    // One policy for the whole call: the refusal below and the decision read the same one.
    let policy = state.policy();
    // An action FourEyes runs is decided by the call that runs it (ADR-480, attack 8 #18).
    if let Some(message) = foureyes_core::connector::plain_decide_refused(&policy, &b.action, b.dry_run) {
        let error = ApiError::new(StatusCode::CONFLICT, foureyes_core::connector::USE_EXECUTE, message);
        let input = json!({"endpoint": "decide", "action": b.action, "request_id": b.request_id});
        return Err(refuse(&state, caller.name(), error, input).await);
    }
    // An agent may name only its own decisions and approvals: undoing (and so blocking the undo of) another
    // agent's action, or probing which approvals exist, is refused and journaled.
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
    let request = ActionRequest {
        request_id: b.request_id,
        agent: caller.name().to_string(),
        session: b.session,
        action: b.action,
        params: b.params,
        target: b.target,
        undo_of: b.undo_of,
        dry_run: b.dry_run,
        approval_id: b.approval_id,
        evidence: b.evidence.map(Value::Object),
        flags: b.flags,
    };
    let caller_trace = headers.get("traceparent").and_then(|v| v.to_str().ok());
    let span = telemetry::decide_span(&request, caller_trace);
    let traceparent = telemetry::request_traceparent(&request.agent, &request.request_id);
    let now = state.now_ms();
    let started = std::time::Instant::now();
    let answer = state.store.decide_or_replay(policy.clone(), request, now).instrument(span.clone()).await;
    // An idempotent retry returns the first decision, made earlier: it asked no human again.
    let fresh = answer.as_ref().is_ok_and(|d| !d.replayed);
    let record = answer.map(|d| d.decision);
    state.metrics.observe_decide(started.elapsed(), record.as_ref().ok());
    telemetry::record_decision(&span, &record, &policy, fresh);
    let traced = !span.is_disabled();
    drop(span);
    if let Ok(r) = &record
        && traced
        && fresh
        && r.verdict == foureyes_core::Verdict::Defer
        && r.request.approval_id.is_none()
        && let Some(approval) = r.approval_id
    {
        // A new deferral created this approval (a release that is still pending names an existing one).
        telemetry::approval_requested(r, state.store.approval(approval, now).await.ok().flatten().as_ref());
    }
    state.notify();
    // The request's trace context, so the executor can put its own spans in the request's trace.
    Ok(([("traceparent", traceparent)], Json(decide_answer(&record?, !fresh))))
}

/// A decide answer: the verdict object plus `replayed` (true when this call returned a decision the request id
/// already had, so the caller knows it did not make it).
fn decide_answer(record: &DecisionRecord, replayed: bool) -> Value {
    let mut v = record.verdict_json();
    if let Some(obj) = v.as_object_mut() {
        obj.insert("replayed".into(), json!(replayed));
    }
    v
}

/// Loads a decision the caller may see: agents see only their own, executors only those of the agent they serve.
pub(crate) async fn visible_decision(state: &AppState, caller: &Caller, id: i64) -> ApiResult<DecisionRecord> {
    // As the journal tells it (attack 3, C5): an edited row is refused, journaled, not shown as the door's answer.
    let record = state
        .store
        .decision_checked(id, state.now_ms())
        .await?
        .ok_or_else(|| ApiError::not_found(format!("decision {id} does not exist")))?;
    if let Some(agent) = caller.agent_scope()
        && record.request.agent != agent
    {
        let whose =
            if caller.role() == Role::Executor { "an agent this executor does not serve" } else { "another agent" };
        let error = ApiError::forbidden(format!("decision {id} was made by {whose}"));
        return Err(refuse(state, caller.name(), error, json!({"decision_id": id})).await);
    }
    Ok(record)
}

async fn decision(State(state): State<AppState>, caller: Caller, Path(id): Path<i64>) -> ApiResult<Json<Value>> {
    Ok(Json(visible_decision(&state, &caller, id).await?.verdict_json()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DecisionsQuery {
    status: Option<String>,
    limit: Option<u32>,
    before: Option<i64>,
}

async fn decisions(
    State(state): State<AppState>,
    caller: Caller,
    Query(q): Query<DecisionsQuery>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, PEOPLE, "listing decisions").await?;
    let status = match q.status.as_deref() {
        None | Some("all") => None,
        Some(s) => Some(DecisionStatus::parse(s).ok_or_else(|| {
            ApiError::bad_request(format!(
                "unknown status `{s}`: expected intended, executed, failed, unknown, awaiting_approval, superseded, closed or all"
            ))
        })?),
    };
    let page = foureyes_store::MAX_DECISIONS_PAGE;
    if q.limit.is_some_and(|n| n > page) {
        // Never cut a list short unseen: a larger page is refused, and the caller pages with `before`.
        return Err(ApiError::bad_request(format!(
            "limit {} is over the page size {page}: read page by page, each next page with before=<the last id>",
            q.limit.unwrap_or_default()
        )));
    }
    // As the journal tells it (ADR-421, ADR-611): every row listed, one the journal does not back marked `altered`
    // (the field, the row's and the journal's value), never shown as the door's and never withholding the rest.
    let filter = foureyes_store::DecisionFilter { status, limit: q.limit.or(Some(100)), before: q.before };
    let list = state.store.decisions_checked(filter, state.now_ms()).await?;
    let shown = list.iter().map(|(record, altered)| {
        let mut v = record.verdict_json();
        if let (Some(altered), Some(obj)) = (altered, v.as_object_mut()) {
            obj.insert("altered".into(), json!(altered));
        }
        v
    });
    Ok(Json(Value::Array(shown.collect())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeferralsQuery {
    request_id_prefix: String,
    #[serde(default)]
    digest: Option<String>,
}

/// The caller's own deferrals of one call (request ids with this prefix, and this digest when given) that can
/// still be released (approval pending or approved), oldest first. An executor that restarted finds the request id of the call it deferred before and retries with it
/// (the MCP proxy with `--server`), instead of asking a person a second time. Agents only, and only their own:
/// an agent cannot list approvals; this tells it nothing its own decide answers did not.
async fn deferrals(
    State(state): State<AppState>,
    caller: Caller,
    q: Result<Query<DeferralsQuery>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    // Who asks is checked before what is asked, so a person gets 403, not a hint about the parameters.
    require(&state, &caller, &[Role::Agent], "looking up its deferrals").await?;
    let Query(q) = q.map_err(|e| ApiError::bad_request(e.body_text()))?;
    if q.request_id_prefix.is_empty() {
        return Err(ApiError::bad_request("request_id_prefix must not be empty"));
    }
    let now = state.now_ms();
    let mut found = Vec::new();
    // Consumed ones still inside their validity too: a retry racing the one that used the approval then re-sends
    // its request id and hears "already executed" (the replayed release) instead of asking for a second approval.
    for status in [ApprovalStatus::Pending, ApprovalStatus::Approved, ApprovalStatus::Consumed] {
        for a in state.store.approvals(Some(status), now).await? {
            if (status != ApprovalStatus::Consumed || a.expires_at_ms > now)
                && a.request.agent == caller.name()
                && q.digest.as_ref().is_none_or(|d| *d == a.digest)
                && a.request.request_id.starts_with(&q.request_id_prefix)
            {
                found.push(json!({
                    "approval_id": a.approval_id,
                    "decision_id": a.decision_id,
                    "request_id": a.request.request_id,
                    "action": a.request.action,
                    "digest": a.digest,
                    "status": status,
                    "expires_at_ms": a.expires_at_ms,
                }));
            }
        }
    }
    found.sort_by_key(|v| v["approval_id"].as_i64());
    Ok(Json(Value::Array(found)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReportBody {
    outcome: Outcome,
    #[serde(default)]
    detail: Option<Value>,
}

async fn report(
    State(state): State<AppState>,
    caller: WriteCaller,
    path: Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    // The first store access is `visible_decision`'s write transaction; every answer follows it (ADR-1050).
    caller.writes(|caller| report_as(state, caller, path, raw)).await
}

async fn report_as(
    state: AppState,
    caller: Caller,
    Path(id): Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Agent, Role::Executor, Role::Admin], "reporting an outcome").await?;
    let b: ReportBody = body(&state, &caller, "POST /v1/decisions/{id}/report", raw).await?;
    // An action FourEyes runs itself (`execute:`): only its run reports it (`foureyes-connect`, in process). Neither
    // the agent nor its executor may (an agent's `failed` while the run is in flight released the reservation and
    // silenced the run's own report, F334); an admin may settle one a crash left unconfirmed, journaled by name
    // (ADR-334). Any other decision: an admin does not report.
    let decided = visible_decision(&state, &caller, id).await?;
    // From the journal, as fixed when it was decided (ADR-440): not the policy loaded now, which a reload may have
    // changed while the run was in flight (F440).
    let connector = state.store.run_by_connector(id).await?;
    // A call its proxy forwarded and marked started (`POST …/started`, ADR-1001) is reported by that proxy's
    // reporter, the agent or executor that may report the decision anyway (checked below); an admin settles it when
    // no report comes, as a connector run a crash left.
    let forwarded = connector && caller.role() != Role::Admin && forwarded_start(&state, &decided).await?;
    if connector && !forwarded && caller.role() != Role::Admin {
        let error = ApiError::forbidden(format!(
            "decision {id} is run by FourEyes (its action had an `execute:` connector when it was decided): only that \
             run reports its outcome; an admin settles one a crash left unconfirmed (`foureyes unconfirmed`)"
        ));
        let input = json!({"action": "reporting an outcome", "decision_id": id, "outcome": b.outcome});
        return Err(refuse(&state, caller.name(), error, input).await);
    }
    if !connector && caller.role() == Role::Admin {
        let error = ApiError::forbidden(format!(
            "an admin reports only the outcome of a connector run a crash left unconfirmed; decision {id} is \
             reported by its agent or executor"
        ));
        let input = json!({"action": "reporting an outcome", "decision_id": id, "outcome": b.outcome});
        return Err(refuse(&state, caller.name(), error, input).await);
    }
    if caller.role() == Role::Agent {
        // Once the agent has an executor, its own word on outcomes is worth nothing: a compromised agent could
        // report `failed` to release a reservation while the executor still runs the action, or `executed` for
        // one that never ran. Checked per report (a revoked executor gives the agent its reporting back).
        let executors = state.credentials.executors_of(caller.name()).await?;
        if !executors.is_empty() {
            let error = ApiError::forbidden(format!(
                "agent `{}` has an executor credential ({}): only the executor reports outcomes",
                caller.name(),
                executors.join(", ")
            ));
            let input = json!({"action": "reporting an outcome", "decision_id": id, "outcome": b.outcome});
            return Err(refuse(&state, caller.name(), error, input).await);
        }
    }
    let span = telemetry::report_span(&decided, b.outcome.as_str());
    let detail = b.detail.unwrap_or_else(|| json!({}));
    let now = state.now_ms();
    let record = match caller.role() {
        // The journal names an executor's report with its reporter; an agent's own report keeps its old shape.
        Role::Executor => {
            state.store.report_by(id, b.outcome, detail, caller.name(), now).instrument(span.clone()).await
        }
        Role::Admin => {
            let by = format!("admin:{}", caller.name());
            state.store.report_by(id, b.outcome, detail, &by, now).instrument(span.clone()).await
        }
        _ => state.store.report(id, b.outcome, detail, now).instrument(span.clone()).await,
    };
    telemetry::record_report(&span, &record);
    let record = record?;
    state.notify();
    Ok(Json(record.verdict_json()))
}

/// The connector name a start mark made through `POST /v1/decisions/{id}/started` carries: `mcp-proxy:<server>`, as
/// the embedded proxy's (ADR-966).
pub const FORWARDED_PREFIX: &str = "mcp-proxy:";
/// Longest `server` name a start mark takes.
const MAX_SERVER_NAME: usize = 128;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartedBody {
    /// The MCP server (as the proxy names it) the call is forwarded to.
    server: String,
}

/// Whether decision `decided`, which the journal says has a start mark or a connector (`run_by_connector`), is a call
/// its own proxy forwarded and marked started, not a run FourEyes makes (ADR-1001): it has a start mark, and no
/// connector binding in its journaled evidence. Every decision the door decides with a connector carries that binding
/// (ADR-570: `foureyes_connect::Door` records it in place of any agent's value, before deciding), and `started`
/// refuses to mark a decision that has one or that the journal already says FourEyes runs. An agent that forges a
/// binding into its own evidence only makes its own decision an admin's to settle.
async fn forwarded_start(state: &AppState, decided: &DecisionRecord) -> ApiResult<bool> {
    if decided.request.evidence.as_ref().and_then(|e| e.get(foureyes_core::CONNECTOR_EVIDENCE_KEY)).is_some() {
        return Ok(false);
    }
    Ok(state.store.connector_starts().await?.contains_key(&decided.decision_id))
}

/// `POST /v1/decisions/{id}/started` (ADR-1001): journals that the caller is about to forward permitted decision
/// `id`'s call (`connector_started`, connector `mcp-proxy:<server>`, by the caller), before a byte of it goes out:
/// what the embedded MCP proxy journals itself (ADR-966). From then on the decision has no reporting deadline: its
/// reservations are kept until a report says it did not run, or an admin settles it (`foureyes unconfirmed` lists
/// it). The caller is the decision's reporter (its agent while it has no executor, else an executor serving it), the
/// decision a permit still `intended`; a repeat of a start already made answers the same (`replayed: true`). A
/// decision FourEyes runs itself (`execute:`) is refused: its own run marks its start.
async fn started(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Agent, Role::Executor], "marking the start of a forwarded call").await?;
    let b: StartedBody = body(&state, &caller, "POST /v1/decisions/{id}/started", raw).await?;
    let server = b.server.trim();
    if server.is_empty() || server.len() > MAX_SERVER_NAME || server.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!(
            "server must name the MCP server the call is forwarded to: 1 to {MAX_SERVER_NAME} bytes, no control \
             characters"
        )));
    }
    let decided = visible_decision(&state, &caller, id).await?;
    if caller.role() == Role::Agent {
        // The start mark is the reporter's word, as a report is (ADR-51): once the agent has an executor, only the
        // executor says it forwards the agent's calls.
        let served_by = state.credentials.executors_of(caller.name()).await?;
        if !served_by.is_empty() {
            let error = ApiError::forbidden(format!(
                "agent `{}` has an executor credential ({}): only the executor marks the start of its calls and \
                 reports their outcomes",
                caller.name(),
                served_by.join(", ")
            ));
            let input = json!({"action": "marking the start of a forwarded call", "decision_id": id});
            return Err(refuse(&state, caller.name(), error, input).await);
        }
    }
    let conflict = |message: String| ApiError::new(StatusCode::CONFLICT, "invalid_state", message);
    if decided.verdict != foureyes_core::Verdict::Permit || decided.status != DecisionStatus::Intended {
        // Nothing to forward: a denial, a deferral (a release is a decision of its own), or one already reported.
        return Err(conflict(format!(
            "decision {id} is `{}` and `{}`: only a permit still `intended` (never reported) is forwarded",
            decided.verdict,
            decided.status.as_str()
        )));
    }
    let runs = state.store.run_by_connector(id).await?;
    if runs && !forwarded_start(&state, &decided).await? {
        return Err(conflict(format!(
            "decision {id} is run by FourEyes (its action had an `execute:` connector when it was decided): its own \
             run marks its start, and nothing else forwards it"
        )));
    }
    let now = state.now_ms();
    let fresh = if runs {
        false
    } else {
        let connector = format!("{FORWARDED_PREFIX}{server}");
        match state.store.connector_started(id, &connector, caller.name(), now).await {
            Ok(_) => true,
            Err(foureyes_store::StoreError::InvalidState(why)) => {
                // Two starts of the same call racing: the other one's mark stands, and this one is its repeat, while
                // the decision is still unreported. Anything else the journal says (reported meanwhile): refused.
                let now = visible_decision(&state, &caller, id).await?;
                if now.status != DecisionStatus::Intended || !forwarded_start(&state, &now).await? {
                    return Err(conflict(why));
                }
                false
            }
            Err(e) => return Err(e.into()),
        }
    };
    // A fresh mark is journaled at `now`; only a repeat reads the marks (every one of them) to say when.
    let started_at_ms = if fresh {
        state.notify();
        Some(now)
    } else {
        state.store.connector_starts().await?.get(&id).copied()
    };
    let mut answer = decided.verdict_json();
    if let Some(obj) = answer.as_object_mut() {
        obj.insert("started_at_ms".into(), json!(started_at_ms));
        obj.insert("replayed".into(), json!(!fresh));
    }
    Ok(Json(answer))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WaitQuery {
    timeout: Option<String>,
}

/// Long-polls until the decision's approval is answered (or expires) or the timeout passes. Durable: the answer is
/// read from the database, so it may come from another process or replica, hours later; the executor then
/// re-sends its `request_id` to receive the released verdict.
async fn wait(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    Query(q): Query<WaitQuery>,
) -> ApiResult<Json<Value>> {
    let timeout_ms = match q.timeout.as_deref() {
        None => 30_000,
        Some(t) => parse_timeout_ms(t)
            .filter(|ms| *ms >= 0)
            .ok_or_else(|| ApiError::bad_request(format!("timeout `{t}` is not a duration such as `30s`")))?,
    }
    .min(MAX_WAIT_MS);
    let _permit = state.admit(false)?;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(timeout_ms as u64);
    // Watch before reading: a change committed after the read wakes the watch. No timer but the deadline and the
    // approval's expiry: the feed wakes this waiter when an event names its decision or its approval.
    let feed = state.feed().await?;
    let mut decision_watch = feed.watch(WaitKey::Decision(id));
    let mut approval_watch = None;
    loop {
        let record = visible_decision(&state, &caller, id).await?;
        if approval_watch.is_none()
            && let Some(a) = record.approval_id
        {
            approval_watch = Some(feed.watch(WaitKey::Approval(a)));
            // Read again now that the approval is watched too.
            continue;
        }
        let approval = match record.approval_id {
            Some(a) => state.store.approval(a, state.now_ms()).await?,
            None => None,
        };
        let waiting = record.status == DecisionStatus::AwaitingApproval
            && approval.as_ref().is_some_and(|a| a.status == ApprovalStatus::Pending);
        let now = tokio::time::Instant::now();
        if !waiting || now >= deadline {
            let next = match (&approval, waiting) {
                (_, true) => "still awaiting approval: wait again",
                (Some(a), false) if a.status == ApprovalStatus::Approved => {
                    "approved: re-send the same request_id to receive the permit"
                }
                (Some(a), false) if a.status == ApprovalStatus::Rejected => "rejected: do not execute",
                (Some(a), false) if a.status == ApprovalStatus::Expired => "expired: request again",
                (Some(a), false) if a.status == ApprovalStatus::Revoked => "revoked: do not execute",
                _ => "final",
            };
            return Ok(Json(json!({
                "decision": record.verdict_json(),
                "approval": approval,
                "waiting": waiting,
                "timed_out": waiting,
                "next": next,
            })));
        }
        // A pending approval expires by the clock, with no event: wake then too.
        let wake_at = match &approval {
            Some(a) => {
                let expires_in = a.expires_at_ms.saturating_sub(state.now_ms()).clamp(0, MAX_WAIT_MS) as u64;
                deadline.min(now + Duration::from_millis(expires_in + 1))
            }
            None => deadline,
        };
        let approval_changed = async {
            match approval_watch.as_mut() {
                Some(w) => w.changed().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            () = decision_watch.changed() => {}
            () = approval_changed => {}
            () = tokio::time::sleep_until(wake_at) => {}
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    #[serde(default)]
    request_id: Option<String>,
    #[serde(default)]
    params: Option<Map<String, Value>>,
}

/// An undo is a new request for the compensating action with `undo_of`, through the same door, made by the caller.
async fn undo(
    State(state): State<AppState>,
    caller: WriteCaller,
    path: Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    // The first store access is `visible_decision`'s write transaction; every answer follows it (ADR-1050).
    caller.writes(|caller| undo_as(state, caller, path, raw)).await
}

async fn undo_as(
    state: AppState,
    caller: Caller,
    Path(id): Path<i64>,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, EVERYONE, "undoing").await?;
    let b: UndoBody = body(&state, &caller, "POST /v1/decisions/{id}/undo", raw).await?;
    let original = visible_decision(&state, &caller, id).await?;
    let policy = state.policy();
    let compensation = policy.action(&original.request.action).and_then(|a| a.compensate.clone()).ok_or_else(|| {
        ApiError::new(
            StatusCode::CONFLICT,
            "invalid_state",
            format!("'{}' has no compensating action in the policy", original.request.action),
        )
    })?;
    // A compensating action FourEyes runs is undone through `/v1/execute` with `undo_of` (ADR-480).
    if let Some(message) = foureyes_core::connector::plain_decide_refused(&policy, &compensation.action, false) {
        let error = ApiError::new(StatusCode::CONFLICT, foureyes_core::connector::USE_EXECUTE, message);
        let input = json!({"endpoint": "undo", "action": compensation.action, "undo_of": id});
        return Err(refuse(&state, caller.name(), error, input).await);
    }
    let params = b.params.unwrap_or_else(|| undo_params(&original));
    let request = ActionRequest {
        request_id: b.request_id.unwrap_or_else(|| format!("undo-{id}-{}", caller.name())),
        agent: caller.name().to_string(),
        session: None,
        action: compensation.action,
        params,
        target: original.request.target.clone(),
        undo_of: Some(id),
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    };
    let answer = state.store.decide_or_replay(policy, request, state.now_ms()).await?;
    state.notify();
    Ok(Json(decide_answer(&answer.decision, answer.replayed)))
}

/// The original params overlaid with the `before` object the executor reported.
pub fn undo_params(original: &DecisionRecord) -> Map<String, Value> {
    let mut params = original.request.params.clone();
    if let Some(Value::Object(before)) = original.report_detail.as_ref().and_then(|d| d.get("before")) {
        for (k, v) in before {
            params.insert(k.clone(), v.clone());
        }
    }
    params
}

async fn kill_switch(State(state): State<AppState>, _caller: Caller) -> ApiResult<Json<Value>> {
    Ok(Json(json!({"engaged": state.store.kill_switch().await?})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KillSwitchBody {
    engaged: bool,
}

async fn set_kill_switch(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Admin], "flipping the kill switch").await?;
    let b: KillSwitchBody = body(&state, &caller, "POST /v1/kill-switch", raw).await?;
    let changed = state.store.set_kill_switch(b.engaged, caller.name(), state.now_ms()).await?;
    state.notify();
    Ok(Json(json!({"engaged": b.engaged, "changed": changed})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JournalQuery {
    after_seq: Option<u64>,
    limit: Option<u32>,
}

async fn journal(
    State(state): State<AppState>,
    caller: Caller,
    Query(q): Query<JournalQuery>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, PEOPLE, "reading the journal").await?;
    let events = state.store.journal(q.after_seq.unwrap_or(0), q.limit.unwrap_or(500).min(5000)).await?;
    Ok(Json(json!(events)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PinsQuery {
    server: Option<String>,
}

/// The MCP tool pins that hold (ADR-161): the policy's `mcp.<server>.pins` over the journal's, for one server or
/// all. Every role reads them (a `--server` proxy holds an agent token).
async fn mcp_pins(
    State(state): State<AppState>,
    _caller: Caller,
    Query(q): Query<PinsQuery>,
) -> ApiResult<Json<Value>> {
    use foureyes_core::tool_pin::{effective, fold};
    // A pin read back from the journal that no door would journal now is never served as one that holds: it is
    // listed apart, with why (attack 39, ADR-1261).
    let (journaled, unusable) = fold(&state.store.tool_pins().await?);
    let policy = state.policy();
    let mut servers: std::collections::BTreeSet<String> = journaled.keys().map(|(s, _)| s.clone()).collect();
    servers.extend(policy.mcp.keys().cloned());
    let none = std::collections::BTreeMap::new();
    let pins: Vec<Value> = servers
        .iter()
        .filter(|s| q.server.as_deref().is_none_or(|want| want == s.as_str()))
        .flat_map(|s| effective(s, policy.mcp.get(s).map_or(&none, |m| &m.pins), &journaled).into_values())
        .map(|p| json!(p))
        .collect();
    let unusable: Vec<Value> = unusable
        .into_iter()
        .filter(|(p, _)| q.server.as_deref().is_none_or(|want| want == p.server))
        .map(|(p, why)| {
            let mut v = json!(p);
            v["unusable"] = json!(why);
            v
        })
        .collect();
    Ok(Json(json!({"pins": pins, "unusable": unusable})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PinBody {
    server: String,
    tool: String,
    sha256: String,
}

/// A proxy (agent token) records the definition it admitted on first sight; it never replaces a pin
/// (`tool_pin::current`).
async fn mcp_pin_first_seen(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Agent], "pinning a tool definition on first sight").await?;
    let b: PinBody = body(&state, &caller, "POST /v1/mcp/pins", raw).await?;
    // A name a pin cannot hold is the request's fault (400), not a state of the pins (409; attack 37's 2.4, ADR-406).
    if let Err(why) = pin_names(&state, &b.server, &b.tool).await? {
        let input = json!({"server": b.server, "tool": b.tool, "sha256": b.sha256});
        return Err(refuse(&state, caller.name(), ApiError::bad_request(format!("not pinned: {why}")), input).await);
    }
    // A tool the policy pins has its pin already: a first-seen pin never replaces it, and is not journaled to lie in
    // wait for the day the policy's pin is removed (attack 37's 2.3; ADR-404 checks the journal's pins in the store).
    let policy = state.policy();
    if let Some(pins) = policy.mcp.get(&b.server).map(|m| &m.pins)
        && let Some(pinned) = pins.get(&b.tool)
    {
        if *pinned == b.sha256 {
            let held = foureyes_core::tool_pin::effective(&b.server, pins, &Default::default()).remove(&b.tool);
            return Ok(Json(json!({"pin": held, "seq": null})));
        }
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "invalid_state",
            format!(
                "`{}`'s tool `{}` is pinned to {pinned} by the policy; a first-seen pin never replaces one: a changed \
                 definition is re-pinned by a person (the policy's `mcp.{}.pins`, ADR-404)",
                b.server, b.tool, b.server
            ),
        ));
    }
    let pin = foureyes_core::tool_pin::ToolPinned {
        server: b.server,
        tool: b.tool,
        sha256: b.sha256,
        cause: foureyes_core::tool_pin::PinCause::FirstSeen,
        by: caller.name().to_string(),
        previous: None,
    };
    let seq = state.store.pin_tool(&pin, state.now_ms()).await?;
    state.notify();
    Ok(Json(json!({"pin": pin, "seq": seq})))
}

/// The pin's name rules for a pin asked for at a door (`POST /v1/mcp/pins`, `POST /v1/mcp/pins/approve`): the server
/// and tool names (ADR-406, ADR-1260), and no name that reads like another pin's of the journal or the policy
/// (UTS #39 skeletons): `Err` why, for a 400 the door journals. The store checks the journal's again in its
/// transaction.
async fn pin_names(state: &AppState, server: &str, tool: &str) -> ApiResult<Result<(), String>> {
    use foureyes_core::tool_pin::{check_not_alike, check_pinned_name, check_server_name, current};
    if let Err(why) = check_server_name(server).and_then(|()| check_pinned_name(tool)) {
        return Ok(Err(why));
    }
    let journaled = current(&state.store.tool_pins().await?);
    let policy = state.policy();
    let policy_pins = policy.mcp.iter().flat_map(|(s, m)| m.pins.keys().map(move |t| (s.as_str(), t.as_str())));
    let held = journaled.keys().map(|(s, t)| (s.as_str(), t.as_str())).chain(policy_pins);
    Ok(check_not_alike(server, tool, held))
}

/// The refusals an MCP proxy journals on its own (ADR-911): the codes `foureyes-mcp` refuses with. Nothing else may be
/// reported this way: an agent must not journal refusals that speak for the server (`record_altered`, say).
/// `ambiguous_message`: a client message with a key twice (ADR-935).
const MCP_REFUSAL_CODES: &[&str] = &[
    "tool_definition_changed",
    "tool_name_refused",
    "ambiguous_tool_call",
    "unsupported_tool_call",
    "ambiguous_message",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct McpRefusalBody {
    code: String,
    message: String,
    input: Value,
}

/// A proxy (agent token) reports what it refused on its own, e.g. a changed tool definition it hid (ADR-911, attack
/// 25's P2): journaled as `refused` with the caller as the agent, exactly as the embedded proxy journals it, so
/// `foureyes mcp pins list` shows the change for a person to review. It pins nothing (re-pinning stays a person's:
/// `POST /v1/mcp/pins/approve`).
async fn mcp_refusal(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Agent], "reporting an MCP proxy's refusal").await?;
    let b: McpRefusalBody = body(&state, &caller, "POST /v1/mcp/refusals", raw).await?;
    if !MCP_REFUSAL_CODES.contains(&b.code.as_str()) {
        let error = ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!(
                "`{}` is not a refusal an MCP proxy reports (one of {MCP_REFUSAL_CODES:?})",
                foureyes_core::tool_pin::shown(&b.code)
            ),
        );
        return Err(refuse(&state, caller.name(), error, json!({"code": b.code})).await);
    }
    // ADR-933 (attack 26's R1): a changed definition is journaled for a person to read and re-pin by its hash, so
    // the text journaled must be the definition that hash names; an agent token cannot show one and list another.
    if b.code == "tool_definition_changed"
        && b.input.get("definition").is_some()
        && let foureyes_core::tool_pin::JournaledDefinition::Mismatch(why) =
            foureyes_core::tool_pin::check_journaled_definition(&b.input)
    {
        let error = ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!("a changed definition whose text does not match its hash is not journaled (ADR-933): {why}"),
        );
        let input = json!({"code": b.code, "server": b.input.get("server"), "tool": b.input.get("tool"),
            "seen": b.input.get("seen")});
        return Err(refuse(&state, caller.name(), error, input).await);
    }
    // ADR-938 (attack 26's F1): an identical report is not journaled twice; a flood of new ones is throttled, per
    // credential and apart for changed definitions, so refused-message noise cannot crowd a real change out.
    let digest = foureyes_core::canonical::canonical_sha256(&json!({"code": b.code, "message": b.message,
        "input": b.input}));
    let changed = b.code == foureyes_core::tool_pin::CHANGED;
    match state.mcp_reports.admit(caller.name(), &digest, changed, state.now_ms()) {
        crate::mcp_pins::Report::Journal => {}
        crate::mcp_pins::Report::Repeat(seq) => return Ok(Json(json!({"seq": seq, "repeat": true}))),
        crate::mcp_pins::Report::Throttled { retry_after_s } => {
            let message = format!(
                "`{}` reported more than {} new MCP refusals of this kind within {} s: throttled; retry after the \
                 delay in Retry-After (ADR-938)",
                caller.name(),
                crate::mcp_pins::REPORTS_PER_WINDOW,
                crate::mcp_pins::REPORT_WINDOW_MS / 1000
            );
            return Err(ApiError {
                retry_after_s: Some(retry_after_s),
                ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "throttled", message)
            });
        }
    }
    let journaled = state.store.refuse(caller.name(), &b.code, &b.message, b.input, state.now_ms()).await;
    state.mcp_reports.journaled(caller.name(), &digest, journaled.as_ref().ok().copied());
    let seq = journaled?;
    state.notify();
    Ok(Json(json!({"seq": seq})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApproveBody {
    server: String,
    tool: String,
    sha256: String,
    /// Pin a hash the journal holds only an excerpt of (ADR-912): the person reviewed the whole definition at the
    /// upstream (`foureyes mcp pins approve --excerpt-only`).
    #[serde(default)]
    excerpt_only: bool,
}

/// A person re-pins a tool to the definition they reviewed: proxies list it and forward its calls again. Only a
/// hash a proxy journaled a changed definition of, whose text hashes to it (ADR-933), or, with `excerpt_only`, one
/// whose excerpt is one a proxy writes (ADR-937): the CLI's rule, from one home (ADR-936). Refused otherwise
/// (400, journaled), as the CLI refuses it.
async fn mcp_pin_approve(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    require(&state, &caller, PEOPLE, "re-pinning a tool definition").await?;
    let b: ApproveBody = body(&state, &caller, "POST /v1/mcp/pins/approve", raw).await?;
    // The pin's name rules first (attack 39, ADR-1262): a name no pin may hold is refused as one, whatever the journal
    // holds of it; every name echoed is escaped (a zero-width character was printed raw).
    let checked = match pin_names(&state, &b.server, &b.tool).await? {
        Err(why) => Err(why),
        Ok(()) => {
            let entries = crate::mcp_pins::changes_of(state.store.as_ref(), &b.server, &b.tool, &b.sha256).await?;
            foureyes_core::tool_pin::approvable(&entries, b.excerpt_only)
                .map(|_| ())
                .map_err(|why| format!("{why} (ADR-933)"))
        }
    };
    if let Err(why) = checked {
        use foureyes_core::tool_pin::shown;
        let error = ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!("not re-pinned: {} of {} to {}: {why}", shown(&b.tool), shown(&b.server), shown(&b.sha256)),
        );
        let input = json!({"server": b.server, "tool": b.tool, "sha256": b.sha256, "excerpt_only": b.excerpt_only});
        return Err(refuse(&state, caller.name(), error, input).await);
    }
    let key = (b.server.clone(), b.tool.clone());
    let previous = foureyes_core::tool_pin::current(&state.store.tool_pins().await?).remove(&key).map(|p| p.sha256);
    let pin = foureyes_core::tool_pin::ToolPinned {
        server: b.server,
        tool: b.tool,
        sha256: b.sha256,
        cause: foureyes_core::tool_pin::PinCause::Approved,
        by: caller.name().to_string(),
        previous,
    };
    let seq = state.store.pin_tool(&pin, state.now_ms()).await?;
    state.notify();
    Ok(Json(json!({"pin": pin, "seq": seq})))
}

async fn verify(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Value>> {
    require(&state, &caller, PEOPLE, "verifying the journal").await?;
    Ok(Json(json!(state.store.verify_journal().await?)))
}

/// The newest signed checkpoint in the journal (`serve --signing-key` or `foureyes journal checkpoint` makes them).
async fn checkpoint(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Value>> {
    require(&state, &caller, PEOPLE, "reading the journal's checkpoint").await?;
    match state.store.last_checkpoint().await? {
        Some(record) => Ok(Json(json!(record))),
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "no signed checkpoint yet: start the server with --signing-key, or run `foureyes journal checkpoint`",
        )),
    }
}

/// An inclusion proof of event `seq` in the newest signed checkpoint, checkable with the public key alone.
async fn proof(State(state): State<AppState>, caller: Caller, Path(seq): Path<u64>) -> ApiResult<Json<Value>> {
    require(&state, &caller, PEOPLE, "proving a journal event").await?;
    let proof = foureyes_store::checkpoint::prove(state.store.as_ref(), seq, None).await?;
    Ok(Json(json!(proof)))
}

fn policy_json(policy: &Policy) -> Value {
    let actions: Vec<Value> = policy
        .actions
        .iter()
        .map(|(name, a)| {
            json!({
                "action": name,
                "tier": a.tier,
                "description": a.description,
                "params": a.params.iter().map(|(p, spec)| json!({
                    "name": p,
                    "type": spec.ty.to_string(),
                    "required": spec.required,
                    "min": spec.min.map(|m| m.to_string()),
                    "max": spec.max.map(|m| m.to_string()),
                    "enum": spec.enum_values,
                    "max_len": spec.max_len,
                })).collect::<Vec<_>>(),
                "limits": a.describe_limits(),
                "compensate": a.compensate.as_ref().map(|c| json!({"action": c.action, "window_ms": c.window_ms})),
                "approvals": {"required": a.approvals.required, "ttl_ms": a.approvals.ttl_ms, "step_up": a.approvals.step_up},
            })
        })
        .collect();
    json!({"sha256": policy.sha256, "source": policy.source, "timezone": policy.timezone_name, "actions": actions})
}

async fn policy(State(state): State<AppState>, _caller: Caller) -> ApiResult<Json<Value>> {
    Ok(Json(policy_json(&state.policy())))
}

/// Re-reads the policy file. A bad file leaves the old policy in force and says why.
async fn reload(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Value>> {
    require(&state, &caller, &[Role::Admin], "reloading the policy").await?;
    let Some(path) = state.policy_path.clone() else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "invalid_state",
            "the server runs a built-in policy: start it with --policy FILE to reload from a file",
        ));
    };
    let text = tokio::fs::read_to_string(&path).await.map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "policy_invalid",
            format!("cannot read `{}`: {e}; the old policy stays in force", path.display()),
        )
    })?;
    let loaded = match Policy::from_yaml(&path.display().to_string(), &text) {
        Ok(p) => p,
        Err(e) => {
            let error = ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "policy_invalid",
                format!("{e}; the old policy (sha256 {}) stays in force", state.policy().sha256),
            );
            return Err(refuse(&state, caller.name(), error, json!({"file": path})).await);
        }
    };
    let changed = state.store.record_policy(&loaded, state.now_ms()).await?;
    let loaded = Arc::new(loaded);
    match state.policy.write() {
        Ok(mut p) => *p = loaded.clone(),
        Err(poisoned) => *poisoned.into_inner() = loaded.clone(),
    }
    state.notify();
    Ok(Json(json!({"reloaded": true, "changed": changed, "policy": policy_json(&loaded)})))
}

/// Who the credential is: its principal, role, the agent an executor serves, and whether step-up TOTP is enrolled.
/// Every credential may ask (a bearer token or a console session), so nothing is refused and nothing journaled, as
/// for every read; an unknown, revoked or missing credential is the extractor's 401. Never the token, its hash or
/// the TOTP secret. A client holding two tokens (the MCP proxy's `--executor-token`, the LiteLLM guardrail's
/// `executor_api_key`) checks with this that they are an agent and an executor serving exactly that agent, instead
/// of finding out at its first report, after a tool already ran.
async fn me(caller: Caller) -> Json<Value> {
    let p = &caller.principal;
    let mut answer = json!({"name": p.name, "role": p.role, "totp": p.totp_secret.is_some()});
    if let Some(agent) = &p.serves {
        answer["serves"] = json!(agent);
    }
    Json(answer)
}

async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    if let Some(why) = state.store.stopped() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"ok": false, "error": {"code": "stopped", "message": why}})),
        );
    }
    match state.store.kill_switch().await {
        Ok(engaged) => (StatusCode::OK, Json(json!({"ok": true, "kill_switch": engaged}))),
        Err(e) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"ok": false, "error": {"code": "storage_error", "message": e.to_string()}})),
        ),
    }
}

async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI_JSON)
}

impl DecideBody {
    /// The request this body asks for, on behalf of `agent` (from the credential, never from the body).
    pub(crate) fn into_request(self, agent: &str) -> ActionRequest {
        ActionRequest {
            request_id: self.request_id,
            agent: agent.to_string(),
            session: self.session,
            action: self.action,
            params: self.params,
            target: self.target,
            undo_of: self.undo_of,
            dry_run: self.dry_run,
            approval_id: self.approval_id,
            evidence: self.evidence.map(Value::Object),
            flags: self.flags,
        }
    }
}
