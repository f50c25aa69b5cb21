//! The transaction bodies, one function per function of the SQLite backend's `ops.rs`, with the same semantics,
//! the same pipeline (`foureyes_core::decide` on a snapshot read inside the write transaction) and the same
//! journal event data, so a journal written here verifies, exports and audits exactly like a SQLite one.
//!
//! Write functions take a [`Tx`] (the chain head is already locked, so they run one at a time across all
//! replicas); read functions take any client. None of them begins or commits.

use crate::db::{Tx, exec, get, row, rows, scalar, seq_param};
use deadpool_postgres::GenericClient;
use foureyes_core::approval::{self, RevokeError, VoteEffect, VoteError};
use foureyes_core::canonical::to_canonical_string;
use foureyes_core::journal::{ChainProblem, ChainVerifier, Event, EventKind, VerifyReport};
use foureyes_core::pipeline::{Usage, usage_queries};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, Decision, DecisionId, DecisionRecord, DecisionStatus,
    Outcome, Policy, ReasonCode, Snapshot, Verdict,
};
use foureyes_store::{Decided, DecisionFilter, MAX_DETAIL_BYTES, StoreError, VoteOutcome};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use tokio_postgres::Row;

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Backend(format!("stored {what} is not valid: {e}")))
}

/// Keeps audited input small: a huge refused body is recorded as its size and a prefix, not in full.
/// (The same rule as the SQLite backend: the journal's data must not depend on the backend.)
fn excerpt(input: Value) -> Value {
    let text = to_canonical_string(&input);
    if text.len() <= 4096 {
        input
    } else {
        let mut end = 1024;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        json!({"bytes": text.len(), "excerpt": &text[..end]})
    }
}

pub(crate) async fn refuse(
    w: &mut Tx<'_>,
    agent: &str,
    code: &str,
    message: &str,
    input: Value,
    now_ms: i64,
) -> Result<Event, StoreError> {
    w.append(
        now_ms,
        EventKind::Refused,
        json!({"agent": agent, "code": code, "message": message, "input": excerpt(input)}),
    )
    .await
}

pub(crate) async fn refused(
    w: &mut Tx<'_>,
    agent: &str,
    code: &str,
    message: String,
    input: Value,
    now_ms: i64,
) -> StoreError {
    match refuse(w, agent, code, &message, input, now_ms).await {
        Ok(event) => StoreError::Refused { code: code.to_string(), message, seq: event.seq },
        Err(e) => e,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Phase A

pub(crate) async fn decide(
    w: &mut Tx<'_>,
    policy: &Policy,
    request: ActionRequest,
    now_ms: i64,
) -> Result<Decided, StoreError> {
    // 1. Shape: oversized or malformed requests never become decisions; the refusal is audited.
    if let Err(e) = request.validate_shape() {
        let input = json!({"request_id": request.request_id, "action": request.action});
        return Err(refused(w, &request.agent, "bad_request", e.to_string(), input, now_ms).await);
    }
    // URL params in canonical form (issue 15): what is fingerprinted, digested, shown and stored.
    let mut request = request;
    foureyes_core::pipeline::canonicalize_request(policy, &mut request);
    // 2. Idempotency: the same request id returns the stored decision; other content is a conflict.
    let known = row(
        w.c(),
        "SELECT fingerprint, decision_id FROM idempotency WHERE agent = $1 AND request_id = $2",
        &[&request.agent, &request.request_id],
    )
    .await?;
    let Some(known) = known else {
        let decision = decide_fresh(w, policy, request, now_ms, None).await?;
        return Ok(Decided { decision, replayed: false });
    };
    let fingerprint: String = get(&known, 0)?;
    let decision_id: DecisionId = get(&known, 1)?;
    if fingerprint != request.fingerprint() {
        let message = format!(
            "request_id `{}` was already used by agent `{}` for different content (decision {decision_id}): use a new request_id",
            request.request_id, request.agent
        );
        let event = refuse(
            w,
            &request.agent,
            "idempotency_conflict",
            &message,
            json!({"request_id": request.request_id, "decision_id": decision_id}),
            now_ms,
        )
        .await?;
        return Err(StoreError::Conflict { message, seq: event.seq });
    }
    let stored = load_decision(w.c(), decision_id)
        .await?
        .ok_or_else(|| StoreError::Backend(format!("idempotency points at missing decision {decision_id}")))?;
    // A deferral whose approval has since been answered is released now (same request id, durable waiting); an
    // approved execution blocked by the kill switch is re-evaluated (the block was not an answer).
    let awaiting = stored.status == DecisionStatus::AwaitingApproval;
    let blocked = stored.verdict == Verdict::Deny && stored.reasons.iter().any(|r| r.code == ReasonCode::KillSwitch);
    if let Some(approval_id) = stored.approval_id
        && (awaiting || blocked)
    {
        let approval = load_approval_for_write(w, approval_id, now_ms).await?;
        if approval.is_some_and(|a| a.status != ApprovalStatus::Pending) {
            let mut release = stored.request.clone();
            release.approval_id = Some(approval_id);
            let decision = decide_fresh(w, policy, release, now_ms, Some((decision_id, fingerprint))).await?;
            return Ok(Decided { decision, replayed: false });
        }
    }
    // Nothing new was decided: the stored answer, said to be a replay so a caller cannot mistake it for a fresh one.
    Ok(Decided { decision: stored, replayed: true })
}

/// Steps 3–9 on a snapshot read in this transaction, then everything persisted and journaled together.
/// `supersedes` is the deferral (and its idempotency fingerprint) this decision answers.
async fn decide_fresh(
    w: &mut Tx<'_>,
    policy: &Policy,
    request: ActionRequest,
    now_ms: i64,
    supersedes: Option<(DecisionId, String)>,
) -> Result<DecisionRecord, StoreError> {
    let snapshot = load_snapshot(w, policy, &request, now_ms).await?;
    let decision = foureyes_core::decide(policy, &snapshot, &request, now_ms);
    persist(w, policy, request, decision, now_ms, supersedes).await
}

async fn load_snapshot(
    w: &mut Tx<'_>,
    policy: &Policy,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<Snapshot, StoreError> {
    let mut usage = BTreeMap::new();
    // One indexed aggregate per limit: amounts are summed exactly as integer millionths.
    for q in usage_queries(policy, request, now_ms) {
        let r = row(
            w.c(),
            "SELECT COUNT(*), COALESCE(SUM(units), 0)::BIGINT, MIN(ts_ms) FROM reservations
             WHERE action = $1 AND key = $2 AND scope = $3 AND NOT released AND ts_ms >= $4",
            &[&q.owner, &q.key, &q.scope, &q.since_ms],
        )
        .await?
        .ok_or_else(|| StoreError::Backend("an aggregate returned no row".into()))?;
        let (count, units, oldest_ms): (i64, i64, Option<i64>) = (get(&r, 0)?, get(&r, 1)?, get(&r, 2)?);
        let sum = Decimal::from_i128_with_scale(i128::from(units), 6).normalize();
        usage.insert(q.slot, Usage { count: count as u64, sum, oldest_ms });
    }
    let approval = match request.approval_id {
        Some(id) => load_approval_for_write(w, id, now_ms).await?,
        None => None,
    };
    let undo_target = match request.undo_of {
        Some(id) => load_decision(w.c(), id).await?,
        None => None,
    };
    // An undo that was permitted and did not fail already compensates the target.
    let undone_by = match request.undo_of {
        Some(id) => row(
            w.c(),
            "SELECT id FROM decisions WHERE undo_of = $1 AND verdict = 'permit' AND status IN ('intended', 'executed', 'unknown')
             ORDER BY id LIMIT 1",
            &[&id],
        )
        .await?
        .map(|r| get(&r, 0))
        .transpose()?,
        None => None,
    };
    // The overruns the approver saw are the keys that were over when the deferral was decided.
    let acknowledged_keys = match &approval {
        Some(a) => load_decision(w.c(), a.decision_id).await?.map(|d| foureyes_store::exceeded_keys(&d)),
        None => None,
    };
    let (demotion, session_denials) = crate::sessions::snapshot_part(w, policy, request, now_ms).await?;
    Ok(Snapshot {
        kill_switch: kill_switch(w.c()).await?,
        usage,
        approval,
        undo_target,
        undone_by,
        acknowledged_keys,
        demotion,
        session_denials,
    })
}

async fn persist(
    w: &mut Tx<'_>,
    policy: &Policy,
    request: ActionRequest,
    decision: Decision,
    now_ms: i64,
    supersedes: Option<(DecisionId, String)>,
) -> Result<DecisionRecord, StoreError> {
    let status = DecisionStatus::initial(decision.verdict);
    let decision_id: DecisionId = scalar(
        w.c(),
        "INSERT INTO decisions (id, agent, request_id, action, request, verdict, tier, reasons, budgets, approval_id,
                                would_have, digest, status, supersedes, decided_ms, policy_sha256, undo_of, journal_seq,
                                session, session_denial)
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM decisions),
                 $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 0, $17, $18)
         RETURNING id",
        &[
            &request.agent,
            &request.request_id,
            &request.action,
            &to_json(&request),
            &decision.verdict.as_str(),
            &i32::from(decision.tier),
            &to_json(&decision.reasons),
            &to_json(&decision.budgets),
            &decision.approval_id,
            &decision.would_have.map(|v| v.as_str()),
            &decision.digest,
            &status.as_str(),
            &supersedes.as_ref().map(|s| s.0),
            &now_ms,
            &policy.sha256,
            &request.undo_of,
            &crate::sessions::session_key(request.session.as_deref()),
            &decision.session_denial,
        ],
    )
    .await?;
    let mut approval_id = decision.approval_id;
    if let Some(new) = &decision.new_approval {
        let id: ApprovalId = scalar(
            w.c(),
            "INSERT INTO approvals (id, decision_id, request, reasons, digest, required, step_up, acknowledged, status,
                                    created_ms, expires_ms)
             VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM approvals), $1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9)
             RETURNING id",
            &[
                &decision_id,
                &to_json(&request),
                &to_json(&decision.reasons),
                &new.digest,
                &i64::from(new.required),
                &new.step_up,
                &to_json(&new.acknowledged),
                &now_ms,
                &new.expires_at_ms,
            ],
        )
        .await?;
        approval_id = Some(id);
        exec(w.c(), "UPDATE decisions SET approval_id = $1 WHERE id = $2", &[&id, &decision_id]).await?;
    }
    let mut reservations = Vec::new();
    if decision.verdict == Verdict::Permit {
        for r in &decision.reservations {
            let id: i64 = scalar(
                w.c(),
                "INSERT INTO reservations (id, decision_id, action, key, scope, amount, units, ts_ms)
                 VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM reservations), $1, $2, $3, $4, $5, $6, $7)
                 RETURNING id",
                &[
                    &decision_id,
                    &r.owner(&request.action),
                    &r.key,
                    &r.scope,
                    &r.amount.to_string(),
                    &foureyes_store::amount_units(r.amount)?,
                    &now_ms,
                ],
            )
            .await?;
            let mut held = json!({"id": id, "key": r.key, "scope": r.scope, "amount": r.amount.to_string()});
            if let Some(effect) = &r.effect {
                held["effect"] = json!(effect);
            }
            reservations.push(held);
        }
    }
    if decision.consumes_approval
        && let Some(id) = decision.approval_id
    {
        let changed = exec(
            w.c(),
            "UPDATE approvals SET status = 'consumed', consumed_by = $1 WHERE id = $2 AND status = 'approved'",
            &[&decision_id, &id],
        )
        .await?;
        if changed != 1 {
            return Err(StoreError::Backend(format!("approval {id} changed under the deciding transaction")));
        }
    }
    // Idempotency points at the newest answer for the request, unless this was a transient kill-switch block.
    let transient_block = decision.verdict == Verdict::Deny && decision.has_reason(ReasonCode::KillSwitch);
    let superseded = supersedes.as_ref().map(|s| s.0).filter(|_| !transient_block);
    match (&supersedes, transient_block) {
        (Some((old, fingerprint)), false) => {
            exec(w.c(), "UPDATE decisions SET status = 'superseded' WHERE id = $1", &[old]).await?;
            exec(
                w.c(),
                "UPDATE idempotency SET decision_id = $1, fingerprint = $2 WHERE agent = $3 AND request_id = $4",
                &[&decision_id, fingerprint, &request.agent, &request.request_id],
            )
            .await?;
        }
        (Some(_), true) => {}
        (None, _) => {
            exec(
                w.c(),
                "INSERT INTO idempotency (agent, request_id, fingerprint, decision_id) VALUES ($1, $2, $3, $4)",
                &[&request.agent, &request.request_id, &request.fingerprint(), &decision_id],
            )
            .await?;
        }
    }
    if superseded.is_none() && supersedes.is_some() {
        exec(w.c(), "UPDATE decisions SET supersedes = NULL WHERE id = $1", &[&decision_id]).await?;
    }
    let event = w
        .append(
            now_ms,
            EventKind::Decided,
            json!({
                "decision_id": decision_id,
                "request": request,
                "verdict": decision.verdict,
                "status": status.as_str(),
                "tier": decision.tier,
                "reasons": decision.reasons,
                "budgets": decision.budgets,
                "reservations": reservations,
                "approval_id": approval_id,
                "consumes_approval": decision.consumes_approval,
                "would_have": decision.would_have,
                "digest": decision.digest,
                "supersedes": superseded,
                "policy_sha256": policy.sha256,
            }),
        )
        .await?;
    exec(w.c(), "UPDATE decisions SET journal_seq = $1 WHERE id = $2", &[&seq_param(event.seq)?, &decision_id]).await?;
    if let (Some(new), Some(id)) = (&decision.new_approval, approval_id) {
        w.append(
            now_ms,
            EventKind::ApprovalRequested,
            json!({
                "approval_id": id,
                "decision_id": decision_id,
                "action": request.action,
                "agent": request.agent,
                "digest": new.digest,
                "required": new.required,
                "expires_at_ms": new.expires_at_ms,
                "step_up": new.step_up,
                "acknowledged": new.acknowledged,
            }),
        )
        .await?;
    }
    if let Some(demotion) = &decision.demote {
        crate::sessions::start(w, &request, decision_id, demotion, now_ms).await?;
    }
    load_decision(w.c(), decision_id).await?.ok_or_else(|| StoreError::Backend("decision vanished after insert".into()))
}

// ---------------------------------------------------------------------------------------------------------------
// Phase B

pub(crate) async fn report(
    w: &mut Tx<'_>,
    decision_id: DecisionId,
    outcome: Outcome,
    detail: Value,
    reported_by: Option<&str>,
    now_ms: i64,
) -> Result<DecisionRecord, StoreError> {
    let Some(record) = load_decision(w.c(), decision_id).await? else {
        return Err(StoreError::NotFound(format!("decision {decision_id} does not exist")));
    };
    let detail_len = to_canonical_string(&detail).len();
    if detail_len > MAX_DETAIL_BYTES {
        let message = format!("report detail is {detail_len} bytes: at most {MAX_DETAIL_BYTES} are accepted");
        let input = json!({"decision_id": decision_id, "detail": detail});
        return Err(refused(w, &record.request.agent, "bad_request", message, input, now_ms).await);
    }
    if record.verdict != Verdict::Permit {
        return Err(StoreError::InvalidState(format!(
            "decision {decision_id} is `{}`, not `permit`: only a permitted action is executed and reported",
            record.verdict
        )));
    }
    let new_status = DecisionStatus::from_outcome(outcome);
    match record.status {
        DecisionStatus::Intended | DecisionStatus::Unknown => {}
        s if s == new_status => return Ok(record),
        s => {
            return Err(StoreError::InvalidState(format!(
                "decision {decision_id} was already reported `{}`; it cannot become `{}`",
                s.as_str(),
                outcome.as_str()
            )));
        }
    }
    if record.status == new_status {
        return Ok(record);
    }
    let mut released: Vec<i64> = Vec::new();
    if outcome == Outcome::Failed {
        for r in rows(
            w.c(),
            "UPDATE reservations SET released = TRUE WHERE decision_id = $1 AND NOT released RETURNING id",
            &[&decision_id],
        )
        .await?
        {
            released.push(get(&r, 0)?);
        }
        released.sort_unstable();
    }
    exec(
        w.c(),
        "UPDATE decisions SET status = $1, reported_ms = $2, report_detail = $3 WHERE id = $4",
        &[&new_status.as_str(), &now_ms, &to_json(&detail), &decision_id],
    )
    .await?;
    let kind = match outcome {
        Outcome::Executed => EventKind::Executed,
        Outcome::Failed => EventKind::Failed,
        Outcome::Unknown => EventKind::Unknown,
    };
    let mut event = json!({"decision_id": decision_id, "outcome": outcome, "detail": detail, "released": released});
    // Only a report by someone other than the deciding agent names its reporter: earlier events keep their shape.
    if let Some(by) = reported_by {
        event["reported_by"] = json!(by);
    }
    w.append(now_ms, kind, event).await?;
    load_decision(w.c(), decision_id).await?.ok_or_else(|| StoreError::Backend("decision vanished".into()))
}

// ---------------------------------------------------------------------------------------------------------------
// Approvals

/// Loads an approval for a write, turning an approval past its TTL into `expired` (journaled) first.
async fn load_approval_for_write(
    w: &mut Tx<'_>,
    id: ApprovalId,
    now_ms: i64,
) -> Result<Option<ApprovalRecord>, StoreError> {
    let Some(mut record) = load_approval_raw(w.c(), id).await? else { return Ok(None) };
    if record.effective_status(now_ms) == ApprovalStatus::Expired && record.status != ApprovalStatus::Expired {
        exec(w.c(), "UPDATE approvals SET status = 'expired' WHERE id = $1", &[&id]).await?;
        w.append(
            now_ms,
            EventKind::Expired,
            json!({"approval_id": id, "decision_id": record.decision_id, "was": record.status.as_str()}),
        )
        .await?;
        record.status = ApprovalStatus::Expired;
    }
    Ok(Some(record))
}

async fn vote_refusal(w: &mut Tx<'_>, id: ApprovalId, approver: &str, error: VoteError, now_ms: i64) -> StoreError {
    let code = match &error {
        VoteError::NotPending { .. } => "approval_not_pending",
        VoteError::SelfApproval { .. } => "self_approval",
        VoteError::DigestMismatch { .. } => "digest_mismatch",
        VoteError::RecordAltered => "record_altered",
    };
    let input = match &error {
        VoteError::DigestMismatch { shown, actual } => {
            json!({"approval_id": id, "approver": approver, "shown": shown, "actual": actual})
        }
        _ => json!({"approval_id": id, "approver": approver}),
    };
    refused(w, approver, code, error.to_string(), input, now_ms).await
}

pub(crate) async fn approve(
    w: &mut Tx<'_>,
    id: ApprovalId,
    approver: &str,
    digest_seen: Option<&str>,
    now_ms: i64,
) -> Result<VoteOutcome, StoreError> {
    let Some(record) = load_approval_for_write(w, id, now_ms).await? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    match approval::approve(&record, approver, digest_seen, now_ms) {
        Err(e) => Err(vote_refusal(w, id, approver, e, now_ms).await),
        Ok(VoteEffect::AlreadyCounted { .. }) => Ok(VoteOutcome { approval: record, counted: false }),
        Ok(VoteEffect::Counted { approvers, complete }) => {
            exec(
                w.c(),
                "INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES ($1, $2, $3)",
                &[&id, &approver, &now_ms],
            )
            .await?;
            let data =
                json!({"approval_id": id, "approver": approver, "approvers": approvers, "required": record.required});
            if complete {
                exec(
                    w.c(),
                    "UPDATE approvals SET status = 'approved', decided_by = $1 WHERE id = $2",
                    &[&approver, &id],
                )
                .await?;
                w.append(now_ms, EventKind::Approved, data).await?;
            } else {
                w.append(now_ms, EventKind::ApprovalVote, data).await?;
            }
            let approval =
                load_approval_raw(w.c(), id).await?.ok_or_else(|| StoreError::Backend("approval vanished".into()))?;
            Ok(VoteOutcome { approval, counted: true })
        }
    }
}

pub(crate) async fn reject(
    w: &mut Tx<'_>,
    id: ApprovalId,
    approver: &str,
    reason: Option<&str>,
    digest_seen: Option<&str>,
    now_ms: i64,
) -> Result<ApprovalRecord, StoreError> {
    let Some(record) = load_approval_for_write(w, id, now_ms).await? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    if let Err(e) = approval::reject(&record, digest_seen, now_ms) {
        return Err(vote_refusal(w, id, approver, e, now_ms).await);
    }
    exec(
        w.c(),
        "UPDATE approvals SET status = 'rejected', decided_by = $1, reject_reason = $2 WHERE id = $3",
        &[&approver, &reason, &id],
    )
    .await?;
    w.append(now_ms, EventKind::Rejected, json!({"approval_id": id, "approver": approver, "reason": reason})).await?;
    load_approval_raw(w.c(), id).await?.ok_or_else(|| StoreError::Backend("approval vanished".into()))
}

pub(crate) async fn revoke(
    w: &mut Tx<'_>,
    id: ApprovalId,
    by: &str,
    why: &str,
    now_ms: i64,
) -> Result<ApprovalRecord, StoreError> {
    let Some(record) = load_approval_for_write(w, id, now_ms).await? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    if let Err(e) = approval::revoke(&record, why, now_ms) {
        let code = match e {
            RevokeError::NoReason | RevokeError::ReasonTooLong { .. } => "bad_request",
            RevokeError::NotRevocable { .. } => "approval_not_revocable",
        };
        let input = json!({"approval_id": id, "by": by, "status": record.status.as_str()});
        return Err(refused(w, by, code, e.to_string(), input, now_ms).await);
    }
    // Conditional on `approved`; under the chain-head lock a racing release has either consumed it already (and
    // `approval::revoke` refused above) or will find it revoked.
    let changed = exec(
        w.c(),
        "UPDATE approvals SET status = 'revoked', revoked_by = $1, revoke_reason = $2 WHERE id = $3 AND status = 'approved'",
        &[&by, &why, &id],
    )
    .await?;
    if changed != 1 {
        return Err(StoreError::Backend(format!("approval {id} changed under the revoking transaction")));
    }
    w.append(
        now_ms,
        EventKind::Revoked,
        json!({"approval_id": id, "decision_id": record.decision_id, "by": by, "why": why}),
    )
    .await?;
    load_approval_raw(w.c(), id).await?.ok_or_else(|| StoreError::Backend("approval vanished".into()))
}

pub(crate) async fn expire_all(w: &mut Tx<'_>, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
    let mut ids: Vec<ApprovalId> = Vec::new();
    for r in rows(
        w.c(),
        "SELECT id FROM approvals WHERE status IN ('pending', 'approved') AND expires_ms <= $1 ORDER BY id",
        &[&now_ms],
    )
    .await?
    {
        ids.push(get(&r, 0)?);
    }
    for id in &ids {
        load_approval_for_write(w, *id, now_ms).await?;
    }
    Ok(ids)
}

// ---------------------------------------------------------------------------------------------------------------
// Kill switch, policy

pub(crate) async fn kill_switch(c: &impl GenericClient) -> Result<bool, StoreError> {
    let value = row(c, "SELECT value FROM settings WHERE name = 'kill_switch'", &[]).await?;
    let value: Option<String> = value.map(|r| get(&r, 0)).transpose()?;
    Ok(value.as_deref() == Some("on"))
}

pub(crate) async fn set_kill_switch(w: &mut Tx<'_>, engaged: bool, by: &str, now_ms: i64) -> Result<bool, StoreError> {
    if kill_switch(w.c()).await? == engaged {
        return Ok(false);
    }
    exec(
        w.c(),
        "INSERT INTO settings (name, value) VALUES ('kill_switch', $1) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
        &[&if engaged { "on" } else { "off" }],
    )
    .await?;
    w.append(now_ms, EventKind::KillSwitch, json!({"engaged": engaged, "by": by})).await?;
    Ok(true)
}

pub(crate) async fn record_policy(
    w: &mut Tx<'_>,
    sha256: &str,
    source: &str,
    actions: usize,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let current = row(w.c(), "SELECT value FROM settings WHERE name = 'policy_sha256'", &[]).await?;
    let current: Option<String> = current.map(|r| get(&r, 0)).transpose()?;
    if current.as_deref() == Some(sha256) {
        return Ok(false);
    }
    exec(
        w.c(),
        "INSERT INTO settings (name, value) VALUES ('policy_sha256', $1) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
        &[&sha256],
    )
    .await?;
    w.append(now_ms, EventKind::PolicyLoaded, json!({"sha256": sha256, "source": source, "actions": actions})).await?;
    Ok(true)
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

const DECISION_COLUMNS: &str = "id, request, verdict, tier, reasons, budgets, approval_id, would_have, digest, status, \
                                supersedes, decided_ms, reported_ms, report_detail, policy_sha256";

fn decision_from_row(r: &Row) -> Result<DecisionRecord, StoreError> {
    let request: String = get(r, 1)?;
    let verdict: String = get(r, 2)?;
    let tier: i32 = get(r, 3)?;
    let reasons: String = get(r, 4)?;
    let budgets: String = get(r, 5)?;
    let would_have: Option<String> = get(r, 7)?;
    let status: String = get(r, 9)?;
    let detail: Option<String> = get(r, 13)?;
    Ok(DecisionRecord {
        decision_id: get(r, 0)?,
        request: from_json(&request, "request")?,
        verdict: Verdict::parse(&verdict).ok_or_else(|| StoreError::Backend(format!("stored verdict `{verdict}`")))?,
        tier: u8::try_from(tier).map_err(|_| StoreError::Backend(format!("stored tier {tier}")))?,
        reasons: from_json(&reasons, "reasons")?,
        budgets: from_json(&budgets, "budgets")?,
        approval_id: get(r, 6)?,
        would_have: would_have.as_deref().and_then(Verdict::parse),
        digest: get(r, 8)?,
        status: DecisionStatus::parse(&status)
            .ok_or_else(|| StoreError::Backend(format!("stored status `{status}`")))?,
        supersedes: get(r, 10)?,
        decided_at_ms: get(r, 11)?,
        reported_at_ms: get(r, 12)?,
        report_detail: detail.as_deref().map(|d| from_json(d, "report detail")).transpose()?,
        policy_sha256: get(r, 14)?,
    })
}

pub(crate) async fn load_decision(
    c: &impl GenericClient,
    id: DecisionId,
) -> Result<Option<DecisionRecord>, StoreError> {
    let sql = format!("SELECT {DECISION_COLUMNS} FROM decisions WHERE id = $1");
    row(c, &sql, &[&id]).await?.map(|r| decision_from_row(&r)).transpose()
}

pub(crate) async fn list_decisions(
    c: &impl GenericClient,
    filter: &DecisionFilter,
) -> Result<Vec<DecisionRecord>, StoreError> {
    let limit = i64::from(filter.limit.unwrap_or(100).min(10_000));
    let status = filter.status.map(|s| s.as_str());
    let sql = format!(
        "SELECT {DECISION_COLUMNS} FROM decisions WHERE ($1::TEXT IS NULL OR status = $1) ORDER BY id DESC LIMIT $2"
    );
    rows(c, &sql, &[&status, &limit]).await?.iter().map(decision_from_row).collect()
}

const APPROVAL_COLUMNS: &str = "id, decision_id, request, reasons, digest, required, step_up, acknowledged, status, \
                                created_ms, expires_ms, decided_by, reject_reason, consumed_by, revoked_by, revoke_reason";

/// Votes in the order they were cast; `COLLATE "C"` orders equal times by bytes, as SQLite does.
const APPROVERS_ORDER: &str = "ORDER BY ts_ms, approver COLLATE \"C\"";

async fn load_approval_raw(c: &impl GenericClient, id: ApprovalId) -> Result<Option<ApprovalRecord>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = $1");
    let Some(r) = row(c, &sql, &[&id]).await? else { return Ok(None) };
    let mut record = approval_from_row(&r)?;
    let sql = format!("SELECT approver FROM approval_votes WHERE approval_id = $1 {APPROVERS_ORDER}");
    record.approvers = rows(c, &sql, &[&id]).await?.iter().map(|r| get(r, 0)).collect::<Result<_, _>>()?;
    Ok(Some(record))
}

fn approval_from_row(r: &Row) -> Result<ApprovalRecord, StoreError> {
    let request: String = get(r, 2)?;
    let reasons: String = get(r, 3)?;
    let required: i64 = get(r, 5)?;
    let acknowledged: String = get(r, 7)?;
    let status: String = get(r, 8)?;
    Ok(ApprovalRecord {
        approval_id: get(r, 0)?,
        decision_id: get(r, 1)?,
        request: from_json(&request, "approval request")?,
        reasons: from_json(&reasons, "approval reasons")?,
        digest: get(r, 4)?,
        required: u32::try_from(required).map_err(|_| StoreError::Backend(format!("stored required {required}")))?,
        step_up: get(r, 6)?,
        acknowledged: from_json(&acknowledged, "acknowledged")?,
        approvers: Vec::new(),
        status: ApprovalStatus::parse(&status)
            .ok_or_else(|| StoreError::Backend(format!("stored approval status `{status}`")))?,
        created_at_ms: get(r, 9)?,
        expires_at_ms: get(r, 10)?,
        decided_by: get(r, 11)?,
        reject_reason: get(r, 12)?,
        consumed_by: get(r, 13)?,
        revoked_by: get(r, 14)?,
        revoke_reason: get(r, 15)?,
    })
}

/// Reads an approval with its status as of `now_ms` (a read never writes the `expired` event; writes do).
pub(crate) async fn load_approval(
    c: &impl GenericClient,
    id: ApprovalId,
    now_ms: i64,
) -> Result<Option<ApprovalRecord>, StoreError> {
    Ok(load_approval_raw(c, id).await?.map(|mut a| {
        a.status = a.effective_status(now_ms);
        a
    }))
}

/// Every approval (with its votes, in two queries), filtered by status as of `now_ms`.
pub(crate) async fn list_approvals(
    c: &impl GenericClient,
    status: Option<ApprovalStatus>,
    now_ms: i64,
) -> Result<Vec<ApprovalRecord>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals ORDER BY id");
    let mut approvals = Vec::new();
    for r in rows(c, &sql, &[]).await? {
        approvals.push(approval_from_row(&r)?);
    }
    let sql = format!("SELECT approval_id, approver FROM approval_votes {APPROVERS_ORDER}");
    let mut votes: BTreeMap<ApprovalId, Vec<String>> = BTreeMap::new();
    for r in rows(c, &sql, &[]).await? {
        votes.entry(get(&r, 0)?).or_default().push(get(&r, 1)?);
    }
    let mut out = Vec::new();
    for mut a in approvals {
        a.approvers = votes.remove(&a.approval_id).unwrap_or_default();
        a.status = a.effective_status(now_ms);
        if status.is_none_or(|s| s == a.status) {
            out.push(a);
        }
    }
    Ok(out)
}

/// An event from a journal row, or the row's `seq` and what is wrong with it.
fn event_from_row(r: &Row) -> Result<Result<Event, (u64, String)>, StoreError> {
    let seq: i64 = get(r, 0)?;
    let seq = seq as u64;
    let ts_ms: i64 = get(r, 1)?;
    let kind: String = get(r, 2)?;
    let data: String = get(r, 3)?;
    let prev_hash: String = get(r, 4)?;
    let hash: String = get(r, 5)?;
    Ok((|| {
        let kind = EventKind::parse(&kind).ok_or_else(|| (seq, format!("unknown kind `{kind}`")))?;
        let data: Value = serde_json::from_str(&data).map_err(|e| (seq, format!("data is not JSON: {e}")))?;
        Ok(Event { seq, ts_ms, kind, data, prev_hash, hash })
    })())
}

const EVENT_COLUMNS: &str = "seq, ts_ms, kind, data, prev_hash, hash";

pub(crate) async fn journal_page(c: &impl GenericClient, after_seq: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
    let sql = format!("SELECT {EVENT_COLUMNS} FROM journal WHERE seq > $1 ORDER BY seq LIMIT $2");
    // Past the largest BIGINT there is nothing: clamp rather than fail or wrap.
    let (after, limit) = (i64::try_from(after_seq).unwrap_or(i64::MAX), i64::from(limit.min(100_000)));
    let mut out = Vec::new();
    for r in rows(c, &sql, &[&after, &limit]).await? {
        out.push(event_from_row(&r)?.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?);
    }
    Ok(out)
}

/// How many journal rows one round trip reads while walking the whole journal.
const PAGE: i64 = 5_000;

/// Walks the whole journal in `seq` order, a page at a time (call it inside one snapshot for a consistent walk).
/// `f` returns `false` to stop early.
pub(crate) async fn walk_journal(
    c: &impl GenericClient,
    mut f: impl FnMut(Result<Event, (u64, String)>) -> bool,
) -> Result<(), StoreError> {
    let sql = format!("SELECT {EVENT_COLUMNS} FROM journal WHERE seq > $1 ORDER BY seq LIMIT $2");
    let mut after: i64 = 0;
    loop {
        let page = rows(c, &sql, &[&after, &PAGE]).await?;
        let Some(last) = page.last() else { return Ok(()) };
        after = get(last, 0)?;
        for r in &page {
            if !f(event_from_row(r)?) {
                return Ok(());
            }
        }
        if (page.len() as i64) < PAGE {
            return Ok(());
        }
    }
}

pub(crate) async fn for_each_event(c: &impl GenericClient, mut f: impl FnMut(&Event)) -> Result<(), StoreError> {
    let mut failure = None;
    walk_journal(c, |event| match event {
        Ok(event) => {
            f(&event);
            true
        }
        Err((seq, m)) => {
            failure = Some(StoreError::Backend(format!("journal seq {seq}: {m}")));
            false
        }
    })
    .await?;
    failure.map_or(Ok(()), Err)
}

pub(crate) async fn verify_journal(c: &impl GenericClient) -> Result<VerifyReport, StoreError> {
    let mut verifier = ChainVerifier::default();
    let mut events = 0;
    let mut corrupt = None;
    walk_journal(c, |row| {
        let seq = verifier.expected_seq();
        let event = match row {
            Ok(event) => event,
            Err((_, detail)) => {
                corrupt = Some(VerifyReport::Corrupt {
                    events,
                    seq,
                    line: None,
                    problem: ChainProblem::Malformed { detail },
                });
                return false;
            }
        };
        if let Err(e) = verifier.check(&event) {
            corrupt = Some(VerifyReport::Corrupt { events, seq: e.seq, line: None, problem: e.problem });
            return false;
        }
        events += 1;
        true
    })
    .await?;
    Ok(corrupt.unwrap_or_else(|| VerifyReport::Ok {
        events,
        head_seq: verifier.expected_seq() - 1,
        head_hash: verifier.head_hash().to_string(),
    }))
}

pub(crate) async fn table_state(c: &impl GenericClient) -> Result<foureyes_store::replay::TableState, StoreError> {
    async fn pairs(c: &impl GenericClient, sql: &str) -> Result<BTreeMap<i64, String>, StoreError> {
        rows(c, sql, &[]).await?.iter().map(|r| Ok((get(r, 0)?, get(r, 1)?))).collect()
    }
    let reservations = rows(c, "SELECT id, released FROM reservations", &[])
        .await?
        .iter()
        .map(|r| Ok((get(r, 0)?, !get::<bool>(r, 1)?)))
        .collect::<Result<_, StoreError>>()?;
    Ok(foureyes_store::replay::TableState {
        decisions: pairs(c, "SELECT id, status FROM decisions").await?,
        reservations,
        approvals: pairs(c, "SELECT id, status FROM approvals").await?,
        kill_switch: kill_switch(c).await?,
        demotions: crate::sessions::table_state(c).await?,
    })
}

/// The chain head as `journal_head` records it.
pub(crate) async fn head(c: &impl GenericClient) -> Result<(u64, String), StoreError> {
    let r = row(c, "SELECT seq, hash FROM journal_head", &[])
        .await?
        .ok_or_else(|| StoreError::Backend("the journal_head row is missing".into()))?;
    let seq: i64 = get(&r, 0)?;
    Ok((seq as u64, get(&r, 1)?))
}
