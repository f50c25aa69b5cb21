//! The four-eyes rules, as pure functions over an approval record: who may approve, when an approval is
//! complete, and what a vote may not do.

use crate::fold::same_identity;
use crate::types::{ApprovalRecord, ApprovalStatus};

/// Why a vote is refused. Every refusal is journaled by the store.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoteError {
    #[error("approval {id} is {status}, not pending: it can no longer be approved or rejected")]
    NotPending { id: i64, status: &'static str },
    #[error("`{approver}` requested this action and cannot approve it: nobody approves their own request")]
    SelfApproval { approver: String },
    #[error("the digest you were shown ({shown}) is not this approval's digest ({actual}): refused, look again")]
    DigestMismatch { shown: String, actual: String },
    #[error("the approval record was altered: its stored action no longer matches its digest")]
    RecordAltered,
}

/// What a valid approve vote does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoteEffect {
    /// The vote counts; `complete` when it was the last one required.
    Counted { approvers: Vec<String>, complete: bool },
    /// This approver already voted: the vote does not count twice.
    AlreadyCounted { approvers: Vec<String> },
}

fn check_open(record: &ApprovalRecord, digest_seen: Option<&str>, now_ms: i64) -> Result<(), VoteError> {
    let status = record.effective_status(now_ms);
    if status != ApprovalStatus::Pending {
        return Err(VoteError::NotPending { id: record.approval_id, status: status.as_str() });
    }
    if record.recomputed_digest() != record.digest {
        return Err(VoteError::RecordAltered);
    }
    if let Some(shown) = digest_seen
        && shown != record.digest
    {
        return Err(VoteError::DigestMismatch { shown: shown.to_string(), actual: record.digest.clone() });
    }
    Ok(())
}

/// An approve vote by `approver`, who was shown `digest_seen`.
pub fn approve(
    record: &ApprovalRecord,
    approver: &str,
    digest_seen: Option<&str>,
    now_ms: i64,
) -> Result<VoteEffect, VoteError> {
    check_open(record, digest_seen, now_ms)?;
    // Identities compare canonically (case, compatibility forms, white space: ADR-470): `TASK:A1` is the agent
    // `task:a1`, and `ALICE` after `alice` is one person's second vote, not a second person.
    if same_identity(approver, &record.request.agent) {
        return Err(VoteError::SelfApproval { approver: approver.to_string() });
    }
    if record.approvers.iter().any(|a| same_identity(a, approver)) {
        return Ok(VoteEffect::AlreadyCounted { approvers: record.approvers.clone() });
    }
    let mut approvers = record.approvers.clone();
    approvers.push(approver.to_string());
    let complete = approvers.len() >= record.required as usize;
    Ok(VoteEffect::Counted { approvers, complete })
}

/// A reject vote: one "no" is enough.
pub fn reject(record: &ApprovalRecord, digest_seen: Option<&str>, now_ms: i64) -> Result<(), VoteError> {
    check_open(record, digest_seen, now_ms)
}

/// Why a revoke is refused. Every refusal is journaled by the store.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RevokeError {
    #[error("a revoke needs a reason: say why the approval is withdrawn")]
    NoReason,
    #[error("a revoke reason is {len} bytes long: at most {max} are accepted")]
    ReasonTooLong { len: usize, max: usize },
    #[error("approval {id} is {status}: {hint}")]
    NotRevocable { id: i64, status: &'static str, hint: &'static str },
}

/// Longest accepted revoke reason, in bytes (the same bound as a reject reason at the API).
pub const MAX_REVOKE_REASON_BYTES: usize = 2000;

/// Withdrawing consent: only an approval that is `approved` and not yet used (nor expired) can be revoked. A pending
/// one is rejected instead; a consumed one has already run, so revoking it would pretend to undo what happened.
/// Anyone who may approve may revoke: withdrawing consent only ever stops an action, so it needs no second pair
/// of eyes and is not limited to the person who gave it.
pub fn revoke(record: &ApprovalRecord, why: &str, now_ms: i64) -> Result<(), RevokeError> {
    if why.trim().is_empty() {
        return Err(RevokeError::NoReason);
    }
    if why.len() > MAX_REVOKE_REASON_BYTES {
        return Err(RevokeError::ReasonTooLong { len: why.len(), max: MAX_REVOKE_REASON_BYTES });
    }
    let status = record.effective_status(now_ms);
    let hint = match status {
        ApprovalStatus::Approved => return Ok(()),
        ApprovalStatus::Pending => "it was never given; reject it instead",
        ApprovalStatus::Consumed => "it was already used by an execution; an executed action is undone, not revoked",
        ApprovalStatus::Rejected => "it was rejected; nothing can run on it",
        ApprovalStatus::Expired => "it expired; nothing can run on it",
        ApprovalStatus::Revoked => "it was already revoked",
    };
    Err(RevokeError::NotRevocable { id: record.approval_id, status: status.as_str(), hint })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::ActionRequest;

    fn record(required: u32) -> ApprovalRecord {
        let request = ActionRequest {
            request_id: "r1".into(),
            agent: "bot".into(),
            session: None,
            action: "payments.send".into(),
            params: serde_json::json!({"amount_eur": 10}).as_object().cloned().unwrap_or_default(),
            target: None,
            undo_of: None,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        };
        ApprovalRecord {
            approval_id: 1,
            decision_id: 1,
            digest: request.digest(),
            request,
            reasons: vec![],
            required,
            step_up: false,
            acknowledged: vec![],
            approvers: vec![],
            status: ApprovalStatus::Pending,
            created_at_ms: 0,
            expires_at_ms: 1000,
            decided_by: None,
            reject_reason: None,
            consumed_by: None,
            revoked_by: None,
            revoke_reason: None,
        }
    }

    #[test]
    fn the_requester_cannot_approve() {
        assert!(matches!(approve(&record(1), "bot", None, 0), Err(VoteError::SelfApproval { .. })));
    }

    #[test]
    fn the_requester_cannot_approve_under_another_spelling_of_their_name() {
        // attack9 N1: `TASK:A1` approved the request of agent `task:a1`. Identities compare canonically (case
        // folding, compatibility forms, surrounding white space), so every spelling of the requester is refused.
        let mut r = record(1);
        r.request.agent = "task:a1".into();
        r.digest = r.request.digest();
        for spelling in ["task:a1", "TASK:A1", "Task:A1", " task:a1", "\u{FF54}ask:a1"] {
            assert!(
                matches!(approve(&r, spelling, None, 0), Err(VoteError::SelfApproval { .. })),
                "`{spelling}` approved the request of `task:a1`"
            );
        }
        // And one person's two spellings are one vote, not two toward a two-person rule.
        let mut r = record(2);
        r.approvers = vec!["alice".into()];
        assert!(matches!(approve(&r, "ALICE", None, 0), Ok(VoteEffect::AlreadyCounted { .. })));
    }

    #[test]
    fn two_required_means_two_distinct_people() {
        let mut r = record(2);
        let VoteEffect::Counted { approvers, complete } = approve(&r, "alice", None, 0).unwrap() else { panic!() };
        assert!(!complete);
        r.approvers = approvers;
        assert!(matches!(approve(&r, "alice", None, 0), Ok(VoteEffect::AlreadyCounted { .. })));
        assert!(matches!(approve(&r, "bob", None, 0), Ok(VoteEffect::Counted { complete: true, .. })));
    }

    #[test]
    fn a_wrong_digest_or_an_altered_record_is_refused() {
        let r = record(1);
        assert!(matches!(approve(&r, "alice", Some("00"), 0), Err(VoteError::DigestMismatch { .. })));
        let mut altered = record(1);
        altered.request.params.insert("amount_eur".into(), serde_json::json!(10_000));
        assert_eq!(approve(&altered, "alice", None, 0), Err(VoteError::RecordAltered));
    }

    #[test]
    fn only_an_approved_unused_approval_can_be_revoked_and_only_with_a_reason() {
        let mut r = record(1);
        r.status = ApprovalStatus::Approved;
        assert_eq!(revoke(&r, "changed my mind", 0), Ok(()));
        assert_eq!(revoke(&r, "  ", 0), Err(RevokeError::NoReason));
        assert!(matches!(revoke(&r, &"x".repeat(2001), 0), Err(RevokeError::ReasonTooLong { .. })));
        // Past its TTL an approved approval is expired: nothing to withdraw.
        assert!(matches!(revoke(&r, "why", 1000), Err(RevokeError::NotRevocable { status: "expired", .. })));
        for (status, name) in [
            (ApprovalStatus::Pending, "pending"),
            (ApprovalStatus::Consumed, "consumed"),
            (ApprovalStatus::Rejected, "rejected"),
            (ApprovalStatus::Revoked, "revoked"),
        ] {
            r.status = status;
            assert!(
                matches!(revoke(&r, "why", 0), Err(RevokeError::NotRevocable { status: s, .. }) if s == name),
                "{name}"
            );
        }
    }

    #[test]
    fn expired_is_not_pending() {
        let r = record(1);
        assert!(matches!(approve(&r, "alice", None, 1000), Err(VoteError::NotPending { status: "expired", .. })));
    }
}
