//! The SQLite transaction bodies. Each function runs on the writer's connection inside a transaction (writes) or
//! on a read connection (reads); none of them begins or commits.

use crate::{Decided, DecisionFilter, MAX_DETAIL_BYTES, StoreError, VoteOutcome};
use foureyes_core::approval::{self, RevokeError, VoteEffect, VoteError};
use foureyes_core::canonical::to_canonical_string;
use foureyes_core::journal::{ChainProblem, ChainVerifier, Event, EventKind, GENESIS_HASH, VerifyReport};
use foureyes_core::pipeline::{Usage, usage_queries};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, Decision, DecisionId, DecisionRecord, DecisionStatus,
    Outcome, Policy, ReasonCode, Snapshot, Verdict,
};
use rusqlite::{Connection, OptionalExtension, Row, params};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Backend(format!("stored {what} is not valid: {e}")))
}

/// Appends one event to the journal, chained to the current head.
pub(crate) fn append(c: &Connection, ts_ms: i64, kind: EventKind, data: Value) -> Result<Event, StoreError> {
    let head: Option<(i64, String)> = c
        .query_row("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (prev_seq, prev_hash) = head.map_or((0, GENESIS_HASH.to_string()), |(s, h)| (s as u64, h));
    let event = Event::next(prev_seq, &prev_hash, ts_ms, kind, data);
    c.execute(
        "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            event.seq as i64,
            event.ts_ms,
            event.kind.as_str(),
            to_canonical_string(&event.data),
            event.prev_hash,
            event.hash
        ],
    )?;
    Ok(event)
}

/// Keeps audited input small: a huge refused body is recorded as its size and a prefix, not in full.
fn excerpt(input: Value) -> Value {
    let text = to_canonical_string(&input);
    if text.len() <= 4096 {
        input
    } else {
        // `str::floor_char_boundary` is only stable since Rust 1.91; the MSRV is 1.89.
        let mut end = 1024;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        json!({"bytes": text.len(), "excerpt": &text[..end]})
    }
}

pub(crate) fn refuse(
    c: &Connection,
    agent: &str,
    code: &str,
    message: &str,
    input: Value,
    now_ms: i64,
) -> Result<Event, StoreError> {
    append(
        c,
        now_ms,
        EventKind::Refused,
        json!({"agent": agent, "code": code, "message": message, "input": excerpt(input)}),
    )
}

pub(crate) fn refused(
    c: &Connection,
    agent: &str,
    code: &str,
    message: String,
    input: Value,
    now_ms: i64,
) -> StoreError {
    match refuse(c, agent, code, &message, input, now_ms) {
        Ok(event) => StoreError::Refused { code: code.to_string(), message, seq: event.seq },
        Err(e) => e,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Phase A

pub(crate) fn decide(
    c: &Connection,
    policy: &Policy,
    request: ActionRequest,
    now_ms: i64,
) -> Result<Decided, StoreError> {
    // 1. Shape: oversized or malformed requests never become decisions; the refusal is audited.
    if let Err(e) = request.validate_shape() {
        let input = json!({"request_id": request.request_id, "action": request.action});
        return Err(refused(c, &request.agent, "bad_request", e.to_string(), input, now_ms));
    }
    // URL params in canonical form (issue 15): what is fingerprinted, digested, shown and stored.
    let mut request = request;
    foureyes_core::pipeline::canonicalize_request(policy, &mut request);
    // 2. Idempotency: the same request id returns the stored decision; other content is a conflict.
    let known: Option<(String, DecisionId)> = c
        .query_row(
            "SELECT fingerprint, decision_id FROM idempotency WHERE agent = ?1 AND request_id = ?2",
            params![request.agent, request.request_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((fingerprint, decision_id)) = known else {
        return decide_fresh(c, policy, request, now_ms, None).map(|decision| Decided { decision, replayed: false });
    };
    if fingerprint != request.fingerprint() {
        let message = format!(
            "request_id `{}` was already used by agent `{}` for different content (decision {decision_id}): use a new request_id",
            request.request_id, request.agent
        );
        let event = refuse(
            c,
            &request.agent,
            "idempotency_conflict",
            &message,
            json!({"request_id": request.request_id, "decision_id": decision_id}),
            now_ms,
        )?;
        return Err(StoreError::Conflict { message, seq: event.seq });
    }
    let stored = load_decision(c, decision_id)?
        .ok_or_else(|| StoreError::Backend(format!("idempotency points at missing decision {decision_id}")))?;
    // A deferral whose approval has since been answered is released now (same request id, durable waiting); an
    // approved execution blocked by the kill switch is re-evaluated (the block was not an answer).
    let awaiting = stored.status == DecisionStatus::AwaitingApproval;
    let blocked = stored.verdict == Verdict::Deny && stored.reasons.iter().any(|r| r.code == ReasonCode::KillSwitch);
    if let Some(approval_id) = stored.approval_id
        && (awaiting || blocked)
    {
        let approval = load_approval_for_write(c, approval_id, now_ms)?;
        if approval.is_some_and(|a| a.status != ApprovalStatus::Pending) {
            let mut release = stored.request.clone();
            release.approval_id = Some(approval_id);
            return decide_fresh(c, policy, release, now_ms, Some((decision_id, fingerprint)))
                .map(|decision| Decided { decision, replayed: false });
        }
    }
    // Nothing new was decided: the stored answer, said to be a replay so a caller cannot mistake it for a fresh one.
    Ok(Decided { decision: stored, replayed: true })
}

/// Steps 3–9 on a snapshot read in this transaction, then everything persisted and journaled together.
/// `supersedes` is the deferral (and its idempotency fingerprint) this decision answers.
fn decide_fresh(
    c: &Connection,
    policy: &Policy,
    request: ActionRequest,
    now_ms: i64,
    supersedes: Option<(DecisionId, String)>,
) -> Result<DecisionRecord, StoreError> {
    let snapshot = load_snapshot(c, policy, &request, now_ms)?;
    let decision = foureyes_core::decide(policy, &snapshot, &request, now_ms);
    persist(c, policy, request, decision, now_ms, supersedes)
}

fn load_snapshot(
    c: &Connection,
    policy: &Policy,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<Snapshot, StoreError> {
    let mut usage = BTreeMap::new();
    // One indexed aggregate per limit: amounts are summed exactly as integer millionths.
    let mut stmt = c.prepare_cached(
        "SELECT COUNT(*), COALESCE(SUM(units), 0), MIN(ts_ms) FROM reservations
         WHERE action = ?1 AND key = ?2 AND scope = ?3 AND released = 0 AND ts_ms >= ?4",
    )?;
    for q in usage_queries(policy, request, now_ms) {
        let (count, units, oldest_ms): (i64, i64, Option<i64>) =
            stmt.query_row(params![q.owner, q.key, q.scope, q.since_ms], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        let sum = Decimal::from_i128_with_scale(i128::from(units), 6).normalize();
        usage.insert(q.slot, Usage { count: count as u64, sum, oldest_ms });
    }
    let approval = match request.approval_id {
        Some(id) => load_approval_for_write(c, id, now_ms)?,
        None => None,
    };
    let undo_target = match request.undo_of {
        Some(id) => load_decision(c, id)?,
        None => None,
    };
    // An undo that was permitted and did not fail already compensates the target.
    let undone_by = match request.undo_of {
        Some(id) => c
            .query_row(
                "SELECT id FROM decisions WHERE undo_of = ?1 AND verdict = 'permit' AND status IN ('intended', 'executed', 'unknown') LIMIT 1",
                params![id],
                |r| r.get(0),
            )
            .optional()?,
        None => None,
    };
    // The overruns the approver saw are the keys that were over when the deferral was decided.
    let acknowledged_keys = match &approval {
        Some(a) => load_decision(c, a.decision_id)?.map(|d| crate::exceeded_keys(&d)),
        None => None,
    };
    let (demotion, session_denials) = super::sessions::snapshot_part(c, policy, request, now_ms)?;
    Ok(Snapshot {
        kill_switch: kill_switch(c)?,
        usage,
        approval,
        undo_target,
        undone_by,
        acknowledged_keys,
        demotion,
        session_denials,
    })
}

fn persist(
    c: &Connection,
    policy: &Policy,
    request: ActionRequest,
    decision: Decision,
    now_ms: i64,
    supersedes: Option<(DecisionId, String)>,
) -> Result<DecisionRecord, StoreError> {
    let status = DecisionStatus::initial(decision.verdict);
    c.execute(
        "INSERT INTO decisions (agent, request_id, action, request, verdict, tier, reasons, budgets, approval_id, would_have,
                                digest, status, supersedes, decided_ms, policy_sha256, undo_of, journal_seq, session,
                                session_denial)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, 0, ?17, ?18)",
        params![
            request.agent,
            request.request_id,
            request.action,
            to_json(&request),
            decision.verdict.as_str(),
            decision.tier,
            to_json(&decision.reasons),
            to_json(&decision.budgets),
            decision.approval_id,
            decision.would_have.map(|v| v.as_str()),
            decision.digest,
            status.as_str(),
            supersedes.as_ref().map(|s| s.0),
            now_ms,
            policy.sha256,
            request.undo_of,
            super::sessions::session_key(request.session.as_deref()),
            decision.session_denial,
        ],
    )?;
    let decision_id = c.last_insert_rowid();
    let mut approval_id = decision.approval_id;
    if let Some(new) = &decision.new_approval {
        c.execute(
            "INSERT INTO approvals (decision_id, request, reasons, digest, required, step_up, acknowledged, status, created_ms, expires_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?9)",
            params![decision_id, to_json(&request), to_json(&decision.reasons), new.digest, new.required, new.step_up, to_json(&new.acknowledged), now_ms, new.expires_at_ms],
        )?;
        let id = c.last_insert_rowid();
        approval_id = Some(id);
        c.execute("UPDATE decisions SET approval_id = ?1 WHERE id = ?2", params![id, decision_id])?;
    }
    let mut reservations = Vec::new();
    if decision.verdict == Verdict::Permit {
        for r in &decision.reservations {
            c.execute(
                "INSERT INTO reservations (decision_id, action, key, scope, amount, units, ts_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![decision_id, r.owner(&request.action), r.key, r.scope, r.amount.to_string(), crate::amount_units(r.amount)?, now_ms],
            )?;
            let mut held =
                json!({"id": c.last_insert_rowid(), "key": r.key, "scope": r.scope, "amount": r.amount.to_string()});
            if let Some(effect) = &r.effect {
                held["effect"] = json!(effect);
            }
            reservations.push(held);
        }
    }
    if decision.consumes_approval
        && let Some(id) = decision.approval_id
    {
        let changed = c.execute(
            "UPDATE approvals SET status = 'consumed', consumed_by = ?1 WHERE id = ?2 AND status = 'approved'",
            params![decision_id, id],
        )?;
        if changed != 1 {
            return Err(StoreError::Backend(format!("approval {id} changed under the deciding transaction")));
        }
    }
    // Idempotency points at the newest answer for the request, unless this was a transient kill-switch block.
    let transient_block = decision.verdict == Verdict::Deny && decision.has_reason(ReasonCode::KillSwitch);
    let superseded = supersedes.as_ref().map(|s| s.0).filter(|_| !transient_block);
    match (&supersedes, transient_block) {
        (Some((old, fingerprint)), false) => {
            c.execute("UPDATE decisions SET status = 'superseded' WHERE id = ?1", params![old])?;
            c.execute(
                "UPDATE idempotency SET decision_id = ?1, fingerprint = ?2 WHERE agent = ?3 AND request_id = ?4",
                params![decision_id, fingerprint, request.agent, request.request_id],
            )?;
        }
        (Some(_), true) => {}
        (None, _) => {
            c.execute(
                "INSERT INTO idempotency (agent, request_id, fingerprint, decision_id) VALUES (?1, ?2, ?3, ?4)",
                params![request.agent, request.request_id, request.fingerprint(), decision_id],
            )?;
        }
    }
    if superseded.is_none() && supersedes.is_some() {
        c.execute("UPDATE decisions SET supersedes = NULL WHERE id = ?1", params![decision_id])?;
    }
    let event = append(
        c,
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
    )?;
    c.execute("UPDATE decisions SET journal_seq = ?1 WHERE id = ?2", params![event.seq as i64, decision_id])?;
    if let (Some(new), Some(id)) = (&decision.new_approval, approval_id) {
        append(
            c,
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
        )?;
    }
    if let Some(demotion) = &decision.demote {
        super::sessions::start(c, &request, decision_id, demotion, now_ms)?;
    }
    load_decision(c, decision_id)?.ok_or_else(|| StoreError::Backend("decision vanished after insert".into()))
}

// ---------------------------------------------------------------------------------------------------------------
// Phase B

pub(crate) fn report(
    c: &Connection,
    decision_id: DecisionId,
    outcome: Outcome,
    detail: Value,
    reported_by: Option<&str>,
    now_ms: i64,
) -> Result<DecisionRecord, StoreError> {
    let Some(record) = load_decision(c, decision_id)? else {
        return Err(StoreError::NotFound(format!("decision {decision_id} does not exist")));
    };
    let detail_len = to_canonical_string(&detail).len();
    if detail_len > MAX_DETAIL_BYTES {
        let message = format!("report detail is {detail_len} bytes: at most {MAX_DETAIL_BYTES} are accepted");
        return Err(refused(
            c,
            &record.request.agent,
            "bad_request",
            message,
            json!({"decision_id": decision_id, "detail": detail}),
            now_ms,
        ));
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
        let mut stmt = c.prepare_cached(
            "UPDATE reservations SET released = 1 WHERE decision_id = ?1 AND released = 0 RETURNING id",
        )?;
        let ids = stmt.query_map(params![decision_id], |r| r.get(0))?;
        for id in ids {
            released.push(id?);
        }
        released.sort_unstable();
    }
    c.execute(
        "UPDATE decisions SET status = ?1, reported_ms = ?2, report_detail = ?3 WHERE id = ?4",
        params![new_status.as_str(), now_ms, to_json(&detail), decision_id],
    )?;
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
    append(c, now_ms, kind, event)?;
    load_decision(c, decision_id)?.ok_or_else(|| StoreError::Backend("decision vanished".into()))
}

// ---------------------------------------------------------------------------------------------------------------
// Approvals

/// Loads an approval for a write, turning an approval past its TTL into `expired` (journaled) first.
fn load_approval_for_write(c: &Connection, id: ApprovalId, now_ms: i64) -> Result<Option<ApprovalRecord>, StoreError> {
    let Some(mut record) = load_approval_raw(c, id)? else { return Ok(None) };
    if record.effective_status(now_ms) == ApprovalStatus::Expired && record.status != ApprovalStatus::Expired {
        c.execute("UPDATE approvals SET status = 'expired' WHERE id = ?1", params![id])?;
        append(
            c,
            now_ms,
            EventKind::Expired,
            json!({"approval_id": id, "decision_id": record.decision_id, "was": record.status.as_str()}),
        )?;
        record.status = ApprovalStatus::Expired;
    }
    Ok(Some(record))
}

fn vote_refusal(c: &Connection, id: ApprovalId, approver: &str, error: VoteError, now_ms: i64) -> StoreError {
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
    refused(c, approver, code, error.to_string(), input, now_ms)
}

pub(crate) fn approve(
    c: &Connection,
    id: ApprovalId,
    approver: &str,
    digest_seen: Option<&str>,
    now_ms: i64,
) -> Result<VoteOutcome, StoreError> {
    let Some(record) = load_approval_for_write(c, id, now_ms)? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    match approval::approve(&record, approver, digest_seen, now_ms) {
        Err(e) => Err(vote_refusal(c, id, approver, e, now_ms)),
        Ok(VoteEffect::AlreadyCounted { .. }) => Ok(VoteOutcome { approval: record, counted: false }),
        Ok(VoteEffect::Counted { approvers, complete }) => {
            c.execute(
                "INSERT INTO approval_votes (approval_id, approver, ts_ms) VALUES (?1, ?2, ?3)",
                params![id, approver, now_ms],
            )?;
            let data =
                json!({"approval_id": id, "approver": approver, "approvers": approvers, "required": record.required});
            if complete {
                c.execute(
                    "UPDATE approvals SET status = 'approved', decided_by = ?1 WHERE id = ?2",
                    params![approver, id],
                )?;
                append(c, now_ms, EventKind::Approved, data)?;
            } else {
                append(c, now_ms, EventKind::ApprovalVote, data)?;
            }
            let approval = load_approval_raw(c, id)?.ok_or_else(|| StoreError::Backend("approval vanished".into()))?;
            Ok(VoteOutcome { approval, counted: true })
        }
    }
}

pub(crate) fn reject(
    c: &Connection,
    id: ApprovalId,
    approver: &str,
    reason: Option<&str>,
    digest_seen: Option<&str>,
    now_ms: i64,
) -> Result<ApprovalRecord, StoreError> {
    let Some(record) = load_approval_for_write(c, id, now_ms)? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    if let Err(e) = approval::reject(&record, digest_seen, now_ms) {
        return Err(vote_refusal(c, id, approver, e, now_ms));
    }
    c.execute(
        "UPDATE approvals SET status = 'rejected', decided_by = ?1, reject_reason = ?2 WHERE id = ?3",
        params![approver, reason, id],
    )?;
    append(c, now_ms, EventKind::Rejected, json!({"approval_id": id, "approver": approver, "reason": reason}))?;
    load_approval_raw(c, id)?.ok_or_else(|| StoreError::Backend("approval vanished".into()))
}

pub(crate) fn revoke(
    c: &Connection,
    id: ApprovalId,
    by: &str,
    why: &str,
    now_ms: i64,
) -> Result<ApprovalRecord, StoreError> {
    let Some(record) = load_approval_for_write(c, id, now_ms)? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    if let Err(e) = approval::revoke(&record, why, now_ms) {
        let code = match e {
            RevokeError::NoReason | RevokeError::ReasonTooLong { .. } => "bad_request",
            RevokeError::NotRevocable { .. } => "approval_not_revocable",
        };
        let input = json!({"approval_id": id, "by": by, "status": record.status.as_str()});
        return Err(refused(c, by, code, e.to_string(), input, now_ms));
    }
    // Conditional on `approved`: the release that consumes it runs in this same serialized write path, so the
    // loser of a revoke/release race sees the other's write (the release is denied; the revoke is refused).
    let changed = c.execute(
        "UPDATE approvals SET status = 'revoked', revoked_by = ?1, revoke_reason = ?2 WHERE id = ?3 AND status = 'approved'",
        params![by, why, id],
    )?;
    if changed != 1 {
        return Err(StoreError::Backend(format!("approval {id} changed under the revoking transaction")));
    }
    append(
        c,
        now_ms,
        EventKind::Revoked,
        json!({"approval_id": id, "decision_id": record.decision_id, "by": by, "why": why}),
    )?;
    load_approval_raw(c, id)?.ok_or_else(|| StoreError::Backend("approval vanished".into()))
}

pub(crate) fn expire_all(c: &Connection, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
    let ids: Vec<ApprovalId> = c
        .prepare("SELECT id FROM approvals WHERE status IN ('pending', 'approved') AND expires_ms <= ?1 ORDER BY id")?
        .query_map(params![now_ms], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for id in &ids {
        load_approval_for_write(c, *id, now_ms)?;
    }
    Ok(ids)
}

// ---------------------------------------------------------------------------------------------------------------
// Kill switch, policy

pub(crate) fn kill_switch(c: &Connection) -> Result<bool, StoreError> {
    let value: Option<String> =
        c.query_row("SELECT value FROM settings WHERE name = 'kill_switch'", [], |r| r.get(0)).optional()?;
    Ok(value.as_deref() == Some("on"))
}

pub(crate) fn set_kill_switch(c: &Connection, engaged: bool, by: &str, now_ms: i64) -> Result<bool, StoreError> {
    if kill_switch(c)? == engaged {
        return Ok(false);
    }
    c.execute(
        "INSERT INTO settings (name, value) VALUES ('kill_switch', ?1) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
        params![if engaged { "on" } else { "off" }],
    )?;
    append(c, now_ms, EventKind::KillSwitch, json!({"engaged": engaged, "by": by}))?;
    Ok(true)
}

pub(crate) fn record_policy(
    c: &Connection,
    sha256: &str,
    source: &str,
    actions: usize,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let current: Option<String> =
        c.query_row("SELECT value FROM settings WHERE name = 'policy_sha256'", [], |r| r.get(0)).optional()?;
    if current.as_deref() == Some(sha256) {
        return Ok(false);
    }
    c.execute(
        "INSERT INTO settings (name, value) VALUES ('policy_sha256', ?1) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
        params![sha256],
    )?;
    append(c, now_ms, EventKind::PolicyLoaded, json!({"sha256": sha256, "source": source, "actions": actions}))?;
    Ok(true)
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

const DECISION_COLUMNS: &str =
    "id, request, verdict, tier, reasons, budgets, approval_id, would_have, digest, status, supersedes,
                                decided_ms, reported_ms, report_detail, policy_sha256";

fn decision_from_row(r: &Row<'_>) -> rusqlite::Result<Result<DecisionRecord, StoreError>> {
    let request: String = r.get(1)?;
    let verdict: String = r.get(2)?;
    let reasons: String = r.get(4)?;
    let budgets: String = r.get(5)?;
    let would_have: Option<String> = r.get(7)?;
    let status: String = r.get(9)?;
    let detail: Option<String> = r.get(13)?;
    let fields = (r.get(0)?, r.get(3)?, r.get(6)?, r.get(8)?, r.get(10)?, r.get(11)?, r.get(12)?, r.get(14)?);
    Ok((|| {
        let (decision_id, tier, approval_id, digest, supersedes, decided_at_ms, reported_at_ms, policy_sha256) = fields;
        Ok(DecisionRecord {
            decision_id,
            request: from_json(&request, "request")?,
            verdict: Verdict::parse(&verdict)
                .ok_or_else(|| StoreError::Backend(format!("stored verdict `{verdict}`")))?,
            tier,
            reasons: from_json(&reasons, "reasons")?,
            budgets: from_json(&budgets, "budgets")?,
            approval_id,
            would_have: would_have.as_deref().and_then(Verdict::parse),
            digest,
            status: DecisionStatus::parse(&status)
                .ok_or_else(|| StoreError::Backend(format!("stored status `{status}`")))?,
            supersedes,
            decided_at_ms,
            reported_at_ms,
            report_detail: detail.as_deref().map(|d| from_json(d, "report detail")).transpose()?,
            policy_sha256,
        })
    })())
}

pub(crate) fn load_decision(c: &Connection, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
    let sql = format!("SELECT {DECISION_COLUMNS} FROM decisions WHERE id = ?1");
    c.query_row(&sql, params![id], decision_from_row).optional()?.transpose()
}

pub(crate) fn list_decisions(c: &Connection, filter: &DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
    let limit = filter.limit.unwrap_or(100).min(10_000);
    let status = filter.status.map(|s| s.as_str());
    let sql =
        format!("SELECT {DECISION_COLUMNS} FROM decisions WHERE (?1 IS NULL OR status = ?1) ORDER BY id DESC LIMIT ?2");
    let mut stmt = c.prepare(&sql)?;
    let rows = stmt.query_map(params![status, limit], decision_from_row)?;
    rows.map(|r| r?).collect()
}

const APPROVAL_COLUMNS: &str = "id, decision_id, request, reasons, digest, required, step_up, acknowledged, status, created_ms, expires_ms, decided_by, reject_reason, consumed_by, revoked_by, revoke_reason";

fn load_approval_raw(c: &Connection, id: ApprovalId) -> Result<Option<ApprovalRecord>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = ?1");
    let Some(mut record) = c.query_row(&sql, params![id], approval_from_row).optional()?.transpose()? else {
        return Ok(None);
    };
    record.approvers = approvers(c, id)?;
    Ok(Some(record))
}

fn approvers(c: &Connection, id: ApprovalId) -> Result<Vec<String>, StoreError> {
    let mut stmt =
        c.prepare_cached("SELECT approver FROM approval_votes WHERE approval_id = ?1 ORDER BY ts_ms, approver")?;
    let rows = stmt.query_map(params![id], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn approval_from_row(r: &Row<'_>) -> rusqlite::Result<Result<ApprovalRecord, StoreError>> {
    let request: String = r.get(2)?;
    let reasons: String = r.get(3)?;
    let acknowledged: String = r.get(7)?;
    let status: String = r.get(8)?;
    let fields = (
        r.get(0)?,
        r.get(1)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(9)?,
        r.get(10)?,
        r.get(11)?,
        r.get(12)?,
        r.get(13)?,
        r.get(14)?,
        r.get(15)?,
    );
    Ok((|| {
        let (
            approval_id,
            decision_id,
            digest,
            required,
            step_up,
            created_at_ms,
            expires_at_ms,
            decided_by,
            reject_reason,
            consumed_by,
            revoked_by,
            revoke_reason,
        ) = fields;
        Ok(ApprovalRecord {
            approval_id,
            decision_id,
            request: from_json(&request, "approval request")?,
            reasons: from_json(&reasons, "approval reasons")?,
            digest,
            required,
            step_up,
            acknowledged: from_json(&acknowledged, "acknowledged")?,
            approvers: Vec::new(),
            status: ApprovalStatus::parse(&status)
                .ok_or_else(|| StoreError::Backend(format!("stored approval status `{status}`")))?,
            created_at_ms,
            expires_at_ms,
            decided_by,
            reject_reason,
            consumed_by,
            revoked_by,
            revoke_reason,
        })
    })())
}

/// Reads an approval with its status as of `now_ms` (a read never writes the `expired` event; writes do).
pub(crate) fn load_approval(c: &Connection, id: ApprovalId, now_ms: i64) -> Result<Option<ApprovalRecord>, StoreError> {
    Ok(load_approval_raw(c, id)?.map(|mut a| {
        a.status = a.effective_status(now_ms);
        a
    }))
}

pub(crate) fn list_approvals(
    c: &Connection,
    status: Option<ApprovalStatus>,
    now_ms: i64,
) -> Result<Vec<ApprovalRecord>, StoreError> {
    let ids: Vec<ApprovalId> =
        c.prepare("SELECT id FROM approvals ORDER BY id")?.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    for id in ids {
        if let Some(a) = load_approval(c, id, now_ms)?
            && status.is_none_or(|s| s == a.status)
        {
            out.push(a);
        }
    }
    Ok(out)
}

fn event_from_row(r: &Row<'_>) -> rusqlite::Result<Result<Event, (u64, String)>> {
    let seq = r.get::<_, i64>(0)? as u64;
    let kind: String = r.get(2)?;
    let data: String = r.get(3)?;
    let ts_ms: i64 = r.get(1)?;
    let prev_hash: String = r.get(4)?;
    let hash: String = r.get(5)?;
    Ok((|| {
        let kind = EventKind::parse(&kind).ok_or_else(|| (seq, format!("unknown kind `{kind}`")))?;
        let data: Value = serde_json::from_str(&data).map_err(|e| (seq, format!("data is not JSON: {e}")))?;
        Ok(Event { seq, ts_ms, kind, data, prev_hash, hash })
    })())
}

pub(crate) fn journal_page(c: &Connection, after_seq: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
    let mut stmt = c.prepare_cached(
        "SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal WHERE seq > ?1 ORDER BY seq LIMIT ?2",
    )?;
    // Clamped, not wrapped: `after_seq as i64` made u64::MAX (and anything past i64::MAX) read from the start.
    let after = i64::try_from(after_seq).unwrap_or(i64::MAX);
    let rows = stmt.query_map(params![after, limit.min(100_000)], event_from_row)?;
    let mut out = Vec::new();
    for row in rows {
        out.push(row?.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?);
    }
    Ok(out)
}

pub(crate) fn for_each_event(c: &Connection, mut f: impl FnMut(&Event)) -> Result<(), StoreError> {
    let mut stmt = c.prepare("SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal ORDER BY seq")?;
    let rows = stmt.query_map([], event_from_row)?;
    for row in rows {
        let event = row?.map_err(|(seq, m)| StoreError::Backend(format!("journal seq {seq}: {m}")))?;
        f(&event);
    }
    Ok(())
}

pub(crate) fn verify_journal(c: &Connection) -> Result<VerifyReport, StoreError> {
    let mut stmt = c.prepare("SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal ORDER BY seq")?;
    let rows = stmt.query_map([], event_from_row)?;
    let mut verifier = ChainVerifier::default();
    let mut events = 0;
    for row in rows {
        let seq = verifier.expected_seq();
        let event = match row? {
            Ok(event) => event,
            Err((_, detail)) => {
                return Ok(VerifyReport::Corrupt {
                    events,
                    seq,
                    line: None,
                    problem: ChainProblem::Malformed { detail },
                });
            }
        };
        if let Err(e) = verifier.check(&event) {
            return Ok(VerifyReport::Corrupt { events, seq: e.seq, line: None, problem: e.problem });
        }
        events += 1;
    }
    Ok(VerifyReport::Ok { events, head_seq: verifier.expected_seq() - 1, head_hash: verifier.head_hash().to_string() })
}

pub(crate) fn table_state(c: &Connection) -> Result<crate::replay::TableState, StoreError> {
    let pairs = |sql: &str| -> Result<BTreeMap<i64, String>, StoreError> {
        let mut stmt = c.prepare(sql)?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    };
    let reservations = {
        let mut stmt = c.prepare("SELECT id, released FROM reservations")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)? == 0)))?;
        rows.collect::<Result<_, _>>()?
    };
    Ok(crate::replay::TableState {
        decisions: pairs("SELECT id, status FROM decisions")?,
        reservations,
        approvals: pairs("SELECT id, status FROM approvals")?,
        kill_switch: kill_switch(c)?,
        demotions: super::sessions::table_state(c)?,
    })
}
