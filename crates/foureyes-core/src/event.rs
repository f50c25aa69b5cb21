//! The journal's payloads, typed: one [`EventData`] variant per event kind, written by every store transaction and
//! read back by the replay that audits the tables.
//!
//! The JSON a variant serializes to is exactly what the journal has always held for its kind (the same keys, the
//! same `null`s, the same absent keys), so journals written before this type existed still verify, export and
//! replay, and a journal written now is byte-for-byte what the untyped writers produced
//! (`tests::every_payload_keeps_its_bytes`). Fields that older journals may lack deserialize to their default.

use crate::journal::EventKind;
use crate::task::TaskEvent;
use crate::{
    ActionRequest, ApprovalId, ApprovalStatus, BudgetState, DecisionId, DecisionStatus, Outcome, Reason, ReasonCode,
    Role, TrustSignal, Verdict,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

/// One journal event's data, by kind.
// Built by a transaction and consumed by its append (or read back one at a time by the replay), never held in bulk:
// boxing `Decided` would cost an allocation per decision for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum EventData {
    Decided(Decided),
    ApprovalRequested(ApprovalRequested),
    /// A vote that did not yet complete its approval.
    ApprovalVote(Vote),
    /// The vote that completed its approval.
    Approved(Vote),
    Rejected(Rejected),
    Expired(Expired),
    Revoked(Revoked),
    /// Phase B: `executed`, `failed` or `unknown`, as [`Reported::outcome`] says.
    Reported(Reported),
    Refused(Refused),
    KillSwitch(KillSwitch),
    PolicyLoaded(PolicyLoaded),
    Credential(CredentialChange),
    Task(TaskEvent),
    SessionDemoted(SessionDemoted),
    SessionRestored(SessionRestored),
    /// A signed checkpoint of the journal's first `size` events. It grants nothing.
    Checkpoint(CheckpointRecorded),
    /// An MCP tool definition pinned (`crate::tool_pin`).
    ToolPinned(crate::tool_pin::ToolPinned),
    /// An unreported permit's reservations released past its `report_by_ms`, by the deciding transaction that read
    /// one of its keys; the decision is `unknown` from then on.
    ReservationExpired(ReservationExpired),
    /// A permitted decision's connector is about to be sent (ADR-321).
    ConnectorStarted(ConnectorStarted),
    /// The journal is sealed from this event on (ADR-420).
    SealStarted(SealStarted),
}

/// A decision (the intent), with its reservations and any approval it created or consumed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decided {
    pub decision_id: DecisionId,
    pub request: ActionRequest,
    pub verdict: Verdict,
    pub status: DecisionStatus,
    pub tier: u8,
    pub reasons: Vec<Reason>,
    pub budgets: Vec<BudgetState>,
    pub reservations: Vec<ReservationMade>,
    pub approval_id: Option<ApprovalId>,
    #[serde(default)]
    pub consumes_approval: bool,
    pub would_have: Option<Verdict>,
    pub digest: String,
    /// The deferral this decision answered (and marked `superseded`).
    pub supersedes: Option<DecisionId>,
    #[serde(default)]
    pub policy_sha256: String,
    /// A permit's reporting deadline (`report_within`); absent when it has none, so earlier events keep their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_by_ms: Option<i64>,
    /// The kind of the `execute:` connector the deciding policy gives the action (`http`, `command`, `mcp`): FourEyes
    /// runs it, so its outcome is reported by that run (or settled by an admin), never by the agent (ADR-440). Fixed
    /// here, when the decision is made: a policy reloaded later changes nothing. Absent for an action without one, so
    /// earlier events keep their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connector: Option<String>,
}

/// A reservation a permit took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReservationMade {
    pub id: i64,
    pub key: String,
    pub scope: String,
    #[serde(with = "rust_decimal::serde::str")]
    pub amount: Decimal,
    /// The shared effect whose cap this reservation counts against (filed under `effect:<name>`); absent for the
    /// action's own caps, so journals written before effects keep their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApprovalRequested {
    pub approval_id: ApprovalId,
    pub decision_id: DecisionId,
    pub action: String,
    pub agent: String,
    pub digest: String,
    pub required: u32,
    pub expires_at_ms: i64,
    #[serde(default)]
    pub step_up: bool,
    #[serde(default)]
    pub acknowledged: Vec<ReasonCode>,
}

/// An approver's counted vote: `approvers` are all who have voted so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub approval_id: ApprovalId,
    pub approver: String,
    pub approvers: Vec<String>,
    pub required: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    pub approval_id: ApprovalId,
    pub approver: String,
    pub reason: Option<String>,
}

/// An approval past its TTL, marked by the first write that found it; `was` is its status before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expired {
    pub approval_id: ApprovalId,
    pub decision_id: DecisionId,
    pub was: ApprovalStatus,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revoked {
    pub approval_id: ApprovalId,
    pub decision_id: DecisionId,
    pub by: String,
    pub why: String,
}

/// An executor's outcome; `released` are the reservations a failure gave back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reported {
    pub decision_id: DecisionId,
    pub outcome: Outcome,
    pub detail: Value,
    #[serde(default)]
    pub released: Vec<i64>,
    /// Only a report by someone other than the deciding agent names its reporter (earlier events keep their shape).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_by: Option<String>,
}

/// Input turned away before it changed state. A refused task command also names its task and command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Refused {
    pub agent: String,
    pub code: String,
    pub message: String,
    pub input: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_id: Option<String>,
}

/// Refused input is kept up to this many bytes of canonical JSON; a larger one as its size and a prefix.
pub const REFUSED_INPUT_MAX_BYTES: usize = 4096;
/// The prefix kept of a refused input over [`REFUSED_INPUT_MAX_BYTES`].
pub const REFUSED_INPUT_EXCERPT_BYTES: usize = 1024;

impl Refused {
    /// A refusal of `input` (kept small: see [`excerpt`]).
    pub fn new(agent: &str, code: &str, message: &str, input: Value) -> Refused {
        Refused {
            agent: agent.to_string(),
            code: code.to_string(),
            message: message.to_string(),
            input: excerpt(input),
            task_id: None,
            command_id: None,
        }
    }
}

/// Keeps audited input small: a huge refused body is recorded as its size and a prefix, not in full.
pub fn excerpt(input: Value) -> Value {
    let text = crate::canonical::to_canonical_string(&input);
    // Refused input that the journal could not read back (too deep, an integer past 2^53) is kept as text, like a
    // huge one: the refusal must be journaled, and its event must replay (ADR-372).
    if text.len() <= REFUSED_INPUT_MAX_BYTES && crate::canonical::to_readable_string(&input).is_ok() {
        input
    } else {
        // `str::floor_char_boundary` is only stable since Rust 1.91; the MSRV is 1.89.
        let mut end = REFUSED_INPUT_EXCERPT_BYTES.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        serde_json::json!({"bytes": text.len(), "excerpt": &text[..end]})
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KillSwitch {
    pub engaged: bool,
    pub by: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyLoaded {
    pub sha256: String,
    pub source: String,
    pub actions: u64,
    /// The actions this policy is the first loaded policy to name (sorted): from this event on they exist, and
    /// `defaults.new_actions` counts their rehearsal from its time. Absent when empty (and in events written before
    /// it existed), so those keep their bytes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub introduced: Vec<String>,
}

/// A permit that was not reported by its deadline: the reservations it still held, released by the deciding
/// transaction that read one of its keys (`found_by`: `owner/key@scope`) at or after `report_by_ms`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReservationExpired {
    pub decision_id: DecisionId,
    pub action: String,
    pub agent: String,
    pub report_by_ms: i64,
    pub released: Vec<i64>,
    pub found_by: String,
}

impl ReservationExpired {
    /// The reason added to the decision's record (its row, replayed the same way by the audit), so every view of
    /// the decision says why it is `unknown` — also after a late report.
    pub fn reason(&self) -> Reason {
        let by = jiff::Timestamp::from_millisecond(self.report_by_ms).map(|t| t.to_string()).unwrap_or_default();
        let ids: Vec<String> = self.released.iter().map(i64::to_string).collect();
        // A permit that reserved nothing, expired by the door's sweep (ADR-995): nothing was released.
        if ids.is_empty() {
            return Reason::new(
                ReasonCode::ReservationExpired,
                format!(
                    "not reported by {by}: it held no reservation, and `{}` found it past its deadline; its outcome \
                     is unknown (intended, not confirmed; a late report is recorded)",
                    self.found_by
                ),
            );
        }
        Reason::new(
            ReasonCode::ReservationExpired,
            format!(
                "not reported by {by}: its reservations [{}] were released when a later decision read `{}`; its \
                 outcome is unknown (a late report is recorded and gives nothing back twice)",
                ids.join(", "),
                self.found_by
            ),
        )
    }
}

/// What a credential's journaled creation binds its token with: the SHA-256 (hex) of the token's SHA-256 (hex), as
/// the tables store it. A hash of a hash of 256 random bits: safe to journal, and not the lookup key of the row.
pub fn token_binding(token_sha256: &str) -> String {
    crate::canonical::sha256_hex(format!("foureyes token binding\0{token_sha256}").as_bytes())
}

/// What a credential's journaled creation binds its TOTP secret (step-up, RFC 6238) with: the SHA-256 (hex) of the
/// base32 secret under its own domain (ADR-1160). A hash of 160 random bits: safe to journal; the secret itself is
/// never journaled.
pub fn totp_binding(totp_secret: &str) -> String {
    crate::canonical::sha256_hex(format!("foureyes totp binding\0{totp_secret}").as_bytes())
}

/// A credential created or revoked (never its secret).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum CredentialChange {
    Created {
        name: String,
        role: Role,
        /// For an executor credential, the agent it serves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        serves: Option<String>,
        step_up: bool,
        /// [`token_binding`] of the credential's token: what binds the token to this event (attack 3, S4: a
        /// token hash swapped in the row for one the writer holds is refused at use). Absent in journals written
        /// before it, whose tokens are not bound.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token_binding: Option<String>,
        /// [`totp_binding`] of its step-up secret, when it has one (ADR-1160): a secret written in the row by hand
        /// is refused at use and named by the audit. Absent in journals written before it, whose secrets are
        /// compared only as "is there one" (`step_up`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        totp_binding: Option<String>,
    },
    Revoked {
        name: String,
    },
    /// A connector secret set (`rotation: false`) or replaced (`rotation: true`) by `by`: its name, never its value.
    /// Journaled before the value is stored, so no value ever changes without this entry.
    SecretSet {
        name: String,
        by: String,
        rotation: bool,
        /// What binds the sealed value stored by this set to this event (attack 28, H3/H4): SHA-256 of the name,
        /// the key's fingerprint, the nonce and the sealed bytes. A row rolled back to an earlier sealed value, or
        /// copied from another store, does not match its name's newest entry and is refused at use. Absent in
        /// journals written before it, whose values are not bound (ADR-958).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sealed_binding: Option<String>,
    },
    /// A console session opened for `name` (attack 3, S5): [`token_binding`] of the session cookie's hash and of
    /// its CSRF token, never either secret. A `sessions` row the journal did not open signs nobody in.
    SessionOpened {
        name: String,
        session_binding: String,
        csrf_binding: String,
        expires_at_ms: i64,
    },
    /// A console session ended (sign-out): its row put back by hand signs nobody in.
    SessionClosed {
        session_binding: String,
    },
    /// A one-time sign-in code issued for `name` (attack 3, S6): [`token_binding`] of the code's hash.
    SigninCodeIssued {
        name: String,
        code_binding: String,
        expires_at_ms: i64,
    },
    /// A sign-in code used (it signs nobody in again).
    SigninCodeUsed {
        code_binding: String,
    },
    /// `name` used the TOTP code of time step `step` for a step-up (ADR-1160): journaled in the transaction that
    /// moves its row's `totp_last_step` forward. The journal's last step of a name is the largest journaled; a code
    /// of that step or an earlier one is refused whatever the row says.
    TotpStepAccepted {
        name: String,
        step: u64,
    },
}

/// A signal demoted a session (`session: null` is the agent's requests without a session id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionDemoted {
    pub demotion_id: i64,
    pub agent: String,
    pub session: Option<String>,
    pub signal: TrustSignal,
    pub reason: String,
    pub decision_id: DecisionId,
    pub until_ms: i64,
}

/// Why a demotion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RestoreCause {
    /// Its cooling period passed (written by the first write that found it over).
    Expired,
    /// An admin restored it early, with `by` and `why`.
    Admin,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionRestored {
    pub demotion_id: i64,
    pub agent: String,
    pub session: Option<String>,
    pub cause: RestoreCause,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    pub until_ms: i64,
}

/// FourEyes is about to send the connector of a permitted decision: journaled in its own transaction before anything
/// is sent, at most once per decision, and only while the journal says the decision is a permit still `intended`
/// (ADR-321).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConnectorStarted {
    pub decision_id: DecisionId,
    /// `http`, `command` or `mcp`.
    pub connector: String,
    /// Who runs it (`foureyes-connect`).
    pub by: String,
}

/// The journal is sealed from this event on (ADR-420): the events before it (`unsealed` of them, seq 1 to
/// `unsealed`) were written before the seal existed and are believed as the chain and the checkpoints say; every
/// event from this one on carries a seal (`crate::seal`). Written once, by `foureyes journal seal` (or by the first
/// door holding a seal key on an empty journal, which writes none: its first event is sealed, `unsealed` 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealStarted {
    pub unsealed: u64,
    pub by: String,
}

/// A signed checkpoint, as journaled by whoever signed it (`foureyes journal checkpoint`, `serve --signing-key`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckpointRecorded {
    /// How many events the checkpoint covers (the tree size).
    pub size: u64,
    /// The RFC 9162 root of those events, hex.
    pub root: String,
    /// The signing key's name.
    pub key: String,
    /// The signed note itself.
    pub note: String,
}

impl EventData {
    /// The journal event kind this data is written as.
    pub fn kind(&self) -> EventKind {
        match self {
            EventData::Decided(_) => EventKind::Decided,
            EventData::ApprovalRequested(_) => EventKind::ApprovalRequested,
            EventData::ApprovalVote(_) => EventKind::ApprovalVote,
            EventData::Approved(_) => EventKind::Approved,
            EventData::Rejected(_) => EventKind::Rejected,
            EventData::Expired(_) => EventKind::Expired,
            EventData::Revoked(_) => EventKind::Revoked,
            EventData::Reported(r) => match r.outcome {
                Outcome::Executed => EventKind::Executed,
                Outcome::Failed => EventKind::Failed,
                Outcome::Unknown => EventKind::Unknown,
            },
            EventData::Refused(_) => EventKind::Refused,
            EventData::KillSwitch(_) => EventKind::KillSwitch,
            EventData::PolicyLoaded(_) => EventKind::PolicyLoaded,
            EventData::Credential(_) => EventKind::Credential,
            EventData::Task(t) => t.kind(),
            EventData::SessionDemoted(_) => EventKind::SessionDemoted,
            EventData::SessionRestored(_) => EventKind::SessionRestored,
            EventData::Checkpoint(_) => EventKind::Checkpoint,
            EventData::ToolPinned(_) => EventKind::ToolPinned,
            EventData::ReservationExpired(_) => EventKind::ReservationExpired,
            EventData::ConnectorStarted(_) => EventKind::ConnectorStarted,
            EventData::SealStarted(_) => EventKind::SealStarted,
        }
    }

    /// The journal event's `data`, as JSON.
    pub fn to_value(&self) -> Value {
        // Every payload is a struct of strings, integers, booleans, decimals as strings and JSON values: it always
        // serializes.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Reads a journal event's data back, by its kind.
    pub fn from_journal(kind: EventKind, data: &Value) -> Result<EventData, String> {
        fn parse<T: serde::de::DeserializeOwned>(kind: EventKind, data: &Value) -> Result<T, String> {
            T::deserialize(data).map_err(|e| format!("`{}` event data: {e}", kind.as_str()))
        }
        Ok(match kind {
            EventKind::Decided => EventData::Decided(parse(kind, data)?),
            EventKind::ApprovalRequested => EventData::ApprovalRequested(parse(kind, data)?),
            EventKind::ApprovalVote => EventData::ApprovalVote(parse(kind, data)?),
            EventKind::Approved => EventData::Approved(parse(kind, data)?),
            EventKind::Rejected => EventData::Rejected(parse(kind, data)?),
            EventKind::Expired => EventData::Expired(parse(kind, data)?),
            EventKind::Revoked => EventData::Revoked(parse(kind, data)?),
            EventKind::Executed | EventKind::Failed | EventKind::Unknown => {
                let reported: Reported = parse(kind, data)?;
                let written = EventData::Reported(reported);
                if written.kind() != kind {
                    return Err(format!("`{}` event data reports another outcome", kind.as_str()));
                }
                written
            }
            EventKind::Refused => EventData::Refused(parse(kind, data)?),
            EventKind::KillSwitch => EventData::KillSwitch(parse(kind, data)?),
            EventKind::PolicyLoaded => EventData::PolicyLoaded(parse(kind, data)?),
            EventKind::Credential => EventData::Credential(parse(kind, data)?),
            EventKind::TaskCreated
            | EventKind::TaskProposed
            | EventKind::TaskApplyIntended
            | EventKind::TaskApplied
            | EventKind::TaskChecked
            | EventKind::TaskFinished => match TaskEvent::from_journal(kind, data)? {
                Some(task) => EventData::Task(task),
                None => return Err(format!("`{}` is not a task event", kind.as_str())),
            },
            EventKind::SessionDemoted => EventData::SessionDemoted(parse(kind, data)?),
            EventKind::SessionRestored => EventData::SessionRestored(parse(kind, data)?),
            EventKind::Checkpoint => EventData::Checkpoint(parse(kind, data)?),
            EventKind::ToolPinned => EventData::ToolPinned(parse(kind, data)?),
            EventKind::ReservationExpired => EventData::ReservationExpired(parse(kind, data)?),
            EventKind::ConnectorStarted => EventData::ConnectorStarted(parse(kind, data)?),
            EventKind::SealStarted => EventData::SealStarted(parse(kind, data)?),
        })
    }
}

impl Serialize for EventData {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EventData::Decided(d) => d.serialize(s),
            EventData::ApprovalRequested(d) => d.serialize(s),
            EventData::ApprovalVote(d) | EventData::Approved(d) => d.serialize(s),
            EventData::Rejected(d) => d.serialize(s),
            EventData::Expired(d) => d.serialize(s),
            EventData::Revoked(d) => d.serialize(s),
            EventData::Reported(d) => d.serialize(s),
            EventData::Refused(d) => d.serialize(s),
            EventData::KillSwitch(d) => d.serialize(s),
            EventData::PolicyLoaded(d) => d.serialize(s),
            EventData::Credential(d) => d.serialize(s),
            EventData::Task(t) => match t {
                TaskEvent::Created(e) => e.serialize(s),
                TaskEvent::Proposed(e) => e.serialize(s),
                TaskEvent::ApplyIntended(e) => e.serialize(s),
                TaskEvent::Applied(e) => e.serialize(s),
                TaskEvent::Checked(e) => e.serialize(s),
                TaskEvent::Finished(e) => e.serialize(s),
            },
            EventData::SessionDemoted(d) => d.serialize(s),
            EventData::SessionRestored(d) => d.serialize(s),
            EventData::Checkpoint(d) => d.serialize(s),
            EventData::ToolPinned(d) => d.serialize(s),
            EventData::ReservationExpired(d) => d.serialize(s),
            EventData::ConnectorStarted(d) => d.serialize(s),
            EventData::SealStarted(d) => d.serialize(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::to_canonical_string;
    use serde_json::json;

    fn request() -> ActionRequest {
        serde_json::from_value(json!({
            "agent": "bot", "request_id": "r1", "action": "refund", "params": {"amount_eur": "12.50"},
            "session": "s1"
        }))
        .unwrap()
    }

    /// Each typed payload against the `json!` its writer built before the type existed (the bytes that are in the
    /// journals already written), and back.
    fn same(data: EventData, old: Value) {
        assert_eq!(to_canonical_string(&data), to_canonical_string(&old), "{:?}", data.kind());
        assert_eq!(to_canonical_string(&data.to_value()), to_canonical_string(&old));
        assert_eq!(EventData::from_journal(data.kind(), &old).unwrap(), data);
    }

    #[test]
    fn every_payload_keeps_its_bytes() {
        let request = request();
        let amount: Decimal = "12.50".parse().unwrap();
        let old_reservations = vec![json!({"id": 7, "key": "k", "scope": "bot", "amount": amount.to_string()})];
        for (approval_id, would_have, supersedes) in [(Some(3), Some(Verdict::Permit), Some(2)), (None, None, None)] {
            same(
                EventData::Decided(Decided {
                    decision_id: 5,
                    request: request.clone(),
                    verdict: Verdict::DryRun,
                    status: DecisionStatus::Intended,
                    tier: 2,
                    reasons: vec![],
                    budgets: vec![],
                    reservations: vec![ReservationMade {
                        id: 7,
                        key: "k".into(),
                        scope: "bot".into(),
                        amount,
                        effect: None,
                    }],
                    approval_id,
                    consumes_approval: approval_id.is_some(),
                    would_have,
                    digest: "d".into(),
                    supersedes,
                    policy_sha256: "p".into(),
                    report_by_ms: None,
                    connector: None,
                }),
                json!({
                    "decision_id": 5, "request": request, "verdict": Verdict::DryRun,
                    "status": DecisionStatus::Intended.as_str(), "tier": 2u8, "reasons": [], "budgets": [],
                    "reservations": old_reservations, "approval_id": approval_id,
                    "consumes_approval": approval_id.is_some(), "would_have": would_have, "digest": "d",
                    "supersedes": supersedes, "policy_sha256": "p",
                }),
            );
        }
        same(
            EventData::ApprovalRequested(ApprovalRequested {
                approval_id: 1,
                decision_id: 2,
                action: "refund".into(),
                agent: "bot".into(),
                digest: "d".into(),
                required: 2,
                expires_at_ms: 9,
                step_up: true,
                acknowledged: vec![ReasonCode::BudgetExceeded],
            }),
            json!({"approval_id": 1, "decision_id": 2, "action": "refund", "agent": "bot", "digest": "d",
                   "required": 2u32, "expires_at_ms": 9i64, "step_up": true, "acknowledged": [ReasonCode::BudgetExceeded]}),
        );
        let vote = Vote { approval_id: 1, approver: "ann".into(), approvers: vec!["ann".into()], required: 2 };
        let old_vote = json!({"approval_id": 1, "approver": "ann", "approvers": ["ann"], "required": 2u32});
        same(EventData::ApprovalVote(vote.clone()), old_vote.clone());
        same(EventData::Approved(vote), old_vote);
        for reason in [Some("no"), None] {
            same(
                EventData::Rejected(Rejected {
                    approval_id: 1,
                    approver: "ann".into(),
                    reason: reason.map(str::to_string),
                }),
                json!({"approval_id": 1, "approver": "ann", "reason": reason}),
            );
        }
        same(
            EventData::Expired(Expired { approval_id: 1, decision_id: 2, was: ApprovalStatus::Approved }),
            json!({"approval_id": 1, "decision_id": 2, "was": ApprovalStatus::Approved.as_str()}),
        );
        same(
            EventData::Revoked(Revoked { approval_id: 1, decision_id: 2, by: "ann".into(), why: "w".into() }),
            json!({"approval_id": 1, "decision_id": 2, "by": "ann", "why": "w"}),
        );
        for (outcome, by) in [(Outcome::Executed, None), (Outcome::Failed, Some("exec")), (Outcome::Unknown, None)] {
            let mut old = json!({"decision_id": 4, "outcome": outcome, "detail": {"x": 1}, "released": [1, 2]});
            if let Some(by) = by {
                old["reported_by"] = json!(by);
            }
            same(
                EventData::Reported(Reported {
                    decision_id: 4,
                    outcome,
                    detail: json!({"x": 1}),
                    released: vec![1, 2],
                    reported_by: by.map(str::to_string),
                }),
                old,
            );
        }
        same(
            EventData::Refused(Refused::new("bot", "bad_request", "m", json!({"request_id": "r"}))),
            json!({"agent": "bot", "code": "bad_request", "message": "m", "input": {"request_id": "r"}}),
        );
        let huge = json!({"blob": "é".repeat(3000)});
        let text = to_canonical_string(&huge);
        let mut end = 1024;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        same(
            EventData::Refused(Refused::new("bot", "bad_request", "m", huge)),
            json!({"agent": "bot", "code": "bad_request", "message": "m",
                   "input": {"bytes": text.len(), "excerpt": &text[..end]}}),
        );
        same(
            EventData::Refused(Refused {
                task_id: Some("t".into()),
                command_id: Some("c".into()),
                ..Refused::new("task:t", "stale", "m", json!({"verb": "x"}))
            }),
            json!({"task_id": "t", "command_id": "c", "agent": "task:t", "code": "stale", "message": "m",
                   "input": {"verb": "x"}}),
        );
        same(
            EventData::KillSwitch(KillSwitch { engaged: true, by: "ann".into() }),
            json!({"engaged": true, "by": "ann"}),
        );
        same(
            EventData::PolicyLoaded(PolicyLoaded {
                sha256: "s".into(),
                source: "p.yaml".into(),
                actions: 3,
                introduced: vec![],
            }),
            json!({"sha256": "s", "source": "p.yaml", "actions": 3usize}),
        );
        same(
            EventData::Credential(CredentialChange::Created {
                name: "n".into(),
                role: Role::Admin,
                serves: None,
                step_up: true,
                token_binding: None,
                totp_binding: None,
            }),
            json!({"action": "created", "name": "n", "role": Role::Admin, "step_up": true}),
        );
        same(
            EventData::Credential(CredentialChange::Created {
                name: "n".into(),
                role: Role::Approver,
                serves: None,
                step_up: true,
                token_binding: Some("b".into()),
                totp_binding: Some("t".into()),
            }),
            json!({"action": "created", "name": "n", "role": Role::Approver, "step_up": true, "token_binding": "b",
                   "totp_binding": "t"}),
        );
        same(
            EventData::Credential(CredentialChange::TotpStepAccepted { name: "n".into(), step: 60_000_000 }),
            json!({"action": "totp_step_accepted", "name": "n", "step": 60_000_000u64}),
        );
        same(
            EventData::Credential(CredentialChange::Created {
                name: "n".into(),
                role: Role::Executor,
                serves: Some("bot".into()),
                step_up: false,
                token_binding: Some("b".into()),
                totp_binding: None,
            }),
            json!({"action": "created", "name": "n", "role": Role::Executor, "serves": "bot", "step_up": false,
                   "token_binding": "b"}),
        );
        same(
            EventData::Credential(CredentialChange::Revoked { name: "n".into() }),
            json!({"action": "revoked", "name": "n"}),
        );
        same(
            EventData::Credential(CredentialChange::SecretSet {
                name: "shop_token".into(),
                by: "ann".into(),
                rotation: true,
                sealed_binding: None,
            }),
            json!({"action": "secret_set", "name": "shop_token", "by": "ann", "rotation": true}),
        );
        same(
            EventData::Credential(CredentialChange::SecretSet {
                name: "shop_token".into(),
                by: "ann".into(),
                rotation: true,
                sealed_binding: Some("b".into()),
            }),
            json!({"action": "secret_set", "name": "shop_token", "by": "ann", "rotation": true, "sealed_binding": "b"}),
        );
        for session in [Some("s1"), None] {
            same(
                EventData::SessionDemoted(SessionDemoted {
                    demotion_id: 1,
                    agent: "bot".into(),
                    session: session.map(str::to_string),
                    signal: TrustSignal::Denials,
                    reason: "3 denials".into(),
                    decision_id: 2,
                    until_ms: 9,
                }),
                json!({"demotion_id": 1, "agent": "bot", "session": session, "signal": TrustSignal::Denials,
                       "reason": "3 denials", "decision_id": 2, "until_ms": 9}),
            );
            same(
                EventData::SessionRestored(SessionRestored {
                    demotion_id: 1,
                    agent: "bot".into(),
                    session: session.map(str::to_string),
                    cause: RestoreCause::Expired,
                    by: None,
                    why: None,
                    until_ms: 9,
                }),
                json!({"demotion_id": 1, "agent": "bot", "session": session, "cause": "expired", "until_ms": 9}),
            );
            same(
                EventData::SessionRestored(SessionRestored {
                    demotion_id: 1,
                    agent: "bot".into(),
                    session: session.map(str::to_string),
                    cause: RestoreCause::Admin,
                    by: Some("ann".into()),
                    why: Some("ok".into()),
                    until_ms: 9,
                }),
                json!({"demotion_id": 1, "agent": "bot", "session": session, "cause": "admin", "by": "ann",
                       "why": "ok", "until_ms": 9}),
            );
        }
    }

    /// Issue 15's payloads: a `reservation_expired` event, a `policy_loaded` naming what it introduces, and a
    /// `decided` with its reporting deadline (absent when none, so older events keep their bytes).
    #[test]
    fn reclaim_and_introduction_payloads_read_back_as_written() {
        let expired = ReservationExpired {
            decision_id: 4,
            action: "battery.schedule".into(),
            agent: "bot".into(),
            report_by_ms: 900,
            released: vec![7, 8],
            found_by: "battery.schedule/count@*".into(),
        };
        same(
            EventData::ReservationExpired(expired.clone()),
            json!({"decision_id": 4, "action": "battery.schedule", "agent": "bot", "report_by_ms": 900,
                   "released": [7, 8], "found_by": "battery.schedule/count@*"}),
        );
        assert_eq!(EventData::ReservationExpired(expired.clone()).kind().as_str(), "reservation_expired");
        let reason = expired.reason();
        assert_eq!(reason.code, ReasonCode::ReservationExpired);
        assert!(
            reason.message.contains("[7, 8]") && reason.message.contains("1970-01-01T00:00:00.9Z"),
            "{}",
            reason.message
        );
        same(
            EventData::PolicyLoaded(PolicyLoaded {
                sha256: "s".into(),
                source: "p.yaml".into(),
                actions: 2,
                introduced: vec!["a.one".into(), "a.two".into()],
            }),
            json!({"sha256": "s", "source": "p.yaml", "actions": 2, "introduced": ["a.one", "a.two"]}),
        );
        let decided = json!({"decision_id": 5, "request": request(), "verdict": "permit", "status": "intended",
            "tier": 2, "reasons": [], "budgets": [], "reservations": [], "approval_id": null,
            "consumes_approval": false, "would_have": null, "digest": "d", "supersedes": null, "policy_sha256": "p",
            "report_by_ms": 1234});
        let EventData::Decided(d) = EventData::from_journal(EventKind::Decided, &decided).unwrap() else { panic!() };
        assert_eq!(d.report_by_ms, Some(1234));
        assert_eq!(to_canonical_string(&EventData::Decided(d)), to_canonical_string(&decided));
    }

    #[test]
    fn a_report_whose_outcome_is_not_its_kind_is_not_read_back() {
        let data = json!({"decision_id": 4, "outcome": "executed", "detail": null, "released": []});
        assert!(EventData::from_journal(EventKind::Executed, &data).is_ok());
        assert!(EventData::from_journal(EventKind::Failed, &data).is_err());
    }
}
