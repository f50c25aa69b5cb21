//! [`WriteTx`]: what a store transaction needs from its backend — loads, row writes and `append` — so that each
//! transaction ([`crate::ops`]) is written once, above the SQLite and PostgreSQL dialects.
//!
//! A backend implements `WriteTx` over one open write transaction (SQLite: the writer's connection inside
//! `BEGIN IMMEDIATE` and a savepoint; PostgreSQL: a transaction holding the chain-head lock). The methods are
//! async so the PostgreSQL dialect can await its round trips; the SQLite dialect never waits, and runs a whole
//! transaction with [`run_ready`] on its writer thread.
//!
//! Every method is one statement (or one read) and none begins, commits or rolls back: the transaction's shape —
//! which rows, in which order, with which journal events — is the caller's, in [`crate::ops`].

use crate::StoreError;
use crate::authority::Authority;
use foureyes_core::event::EventData;
use foureyes_core::journal::{Encoded, Event};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, Decision, DecisionId, DecisionRecord, DecisionStatus, DemotionRecord,
    DemotionStatus, NewApproval, NewDemotion, NewReservation, Reason, Role,
};
use serde_json::Value;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

/// Reserved usage of one limit or budget key within a window: how many live reservations, their amounts summed as
/// integer millionths, and the oldest one's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UsageRow {
    pub count: u64,
    pub units: i64,
    pub oldest_ms: Option<i64>,
}

/// One open write transaction of a backend. See the module doc.
// The trait is used generically (each transaction is instantiated per dialect), never as `dyn`; the PostgreSQL
// dialect's futures are `Send` because its implementation's are, which the compiler sees through at instantiation.
#[allow(async_fn_in_trait)]
pub trait WriteTx {
    /// Appends one event to the journal, chained to the head this transaction holds; returns it as stored (its data
    /// as the canonical text the journal holds, written once: [`Encoded`]).
    async fn append(&mut self, ts_ms: i64, data: EventData) -> Result<Encoded, StoreError>;
    /// [`WriteTx::append`] of a `decided` event whose request's fingerprint this transaction already computed
    /// (`fingerprint`: [`ActionRequest::fingerprint`] of `decided.request`, [`crate::ops::PreparedRequest`]): a
    /// backend may keep it with the event it appends ([`crate::authority::Appended::fingerprint`]), so that applying
    /// the door's own event does not hash the request again (issue 14, ADR-980). By default it is dropped, and the
    /// state hashes the request when it applies the event.
    async fn append_decided(
        &mut self,
        ts_ms: i64,
        decided: foureyes_core::event::Decided,
        fingerprint: String,
    ) -> Result<Encoded, StoreError> {
        let _ = fingerprint;
        self.append(ts_ms, EventData::Decided(decided)).await
    }

    // --- the authority state (ADR-180) ------------------------------------------------------------------------
    /// This process's authority state; [`crate::ops::catch_up`] brings it to this transaction's head.
    fn authority(&mut self) -> &mut Authority;
    /// The journal's head `(seq, hash)` as this transaction sees it (`(0, GENESIS_HASH)` when empty).
    async fn head(&mut self) -> Result<(u64, String), StoreError>;
    /// Up to `limit` journal events after `after_seq`, in order, each with its seal (ADR-420) when it has one.
    async fn journal_after(&mut self, after_seq: u64, limit: u32) -> Result<Vec<(Event, Option<String>)>, StoreError>;

    // --- loads (inside the transaction: they see every earlier commit) ---------------------------------------
    /// The idempotency entry of `(agent, request_id)`: its fingerprint and the decision it points at.
    async fn idempotency(&mut self, agent: &str, request_id: &str) -> Result<Option<(String, DecisionId)>, StoreError>;
    async fn decision(&mut self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError>;
    /// Decision `id`'s settlement seal (its row's `settled` column, ADR-740), if the row and the seal exist.
    async fn settled_seal(&mut self, id: DecisionId) -> Result<Option<String>, StoreError>;
    /// The approval as stored (its status not adjusted for the clock), with its votes in casting order.
    async fn approval(&mut self, id: ApprovalId) -> Result<Option<ApprovalRecord>, StoreError>;
    /// Approval `id`'s settlement seal (its row's `settled` column, ADR-780), if the row and the seal exist.
    async fn approval_settled_seal(&mut self, id: ApprovalId) -> Result<Option<String>, StoreError>;
    /// Live reservations of `action`'s `(key, scope)` made at or after `since_ms`, as the table says (the decide reads
    /// [`Authority::usage`] instead; this is for the bench and tests that compare the two).
    async fn usage(&mut self, action: &str, key: &str, scope: &str, since_ms: i64) -> Result<UsageRow, StoreError>;
    /// A permitted undo of `target` that did not fail, if any.
    async fn undone_by(&mut self, target: DecisionId) -> Result<Option<DecisionId>, StoreError>;
    /// A row of `settings` (`kill_switch`, `policy_sha256`).
    async fn setting(&mut self, name: &str) -> Result<Option<String>, StoreError>;
    /// Pending or approved approvals whose TTL has passed at `now_ms`, by id.
    async fn approvals_due(&mut self, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError>;
    /// Demotions stored `active` of `agent` in session `session_key` or sessionless (`''`), by id.
    async fn active_demotions(&mut self, agent: &str, session_key: &str) -> Result<Vec<DemotionRecord>, StoreError>;
    /// The newest demotion of `(agent, session_key)`, whatever its status.
    async fn last_demotion(&mut self, agent: &str, session_key: &str) -> Result<Option<DemotionRecord>, StoreError>;
    /// Decisions of `(agent, session_key)` counted as session denials, decided at or after `since_ms`.
    async fn session_denials(&mut self, agent: &str, session_key: &str, since_ms: i64) -> Result<u64, StoreError>;
    /// Every credential's name, live or revoked (few: a name is compared folded, which SQL cannot do).
    async fn credential_names(&mut self) -> Result<Vec<String>, StoreError>;
    /// Whether a live agent credential has this name.
    async fn live_agent(&mut self, name: &str) -> Result<bool, StoreError>;

    // --- row writes -----------------------------------------------------------------------------------------
    /// Inserts a decision, with the seq its `decided` event will have, and returns its id: at least `id_floor` (the
    /// id the journal issues next, ADR-640), and above every id the table holds.
    async fn insert_decision(&mut self, row: NewDecisionRow<'_>) -> Result<DecisionId, StoreError>;
    /// Inserts a pending approval of `decision_id` and returns its id (at least `id_floor`, above the table's).
    async fn insert_approval(
        &mut self,
        id_floor: ApprovalId,
        decision_id: DecisionId,
        request: &ActionRequest,
        reasons: &[Reason],
        new: &NewApproval,
        now_ms: i64,
    ) -> Result<ApprovalId, StoreError>;
    async fn set_decision_approval(
        &mut self,
        decision_id: DecisionId,
        approval_id: ApprovalId,
    ) -> Result<(), StoreError>;
    /// Inserts a held reservation and returns its id (at least `id_floor`, above the table's).
    async fn insert_reservation(
        &mut self,
        id_floor: i64,
        decision_id: DecisionId,
        action: &str,
        reservation: &NewReservation,
        units: i64,
        now_ms: i64,
    ) -> Result<i64, StoreError>;
    /// Marks an `approved` approval consumed by `decision_id`; returns the rows changed (0 if it was not approved).
    async fn consume_approval(&mut self, approval_id: ApprovalId, decision_id: DecisionId) -> Result<u64, StoreError>;
    async fn set_decision_status(&mut self, id: DecisionId, status: DecisionStatus) -> Result<(), StoreError>;
    /// Replaces a decision's reasons (an expired reservation adds one: `reservation_expired`).
    async fn set_decision_reasons(&mut self, id: DecisionId, reasons: &[Reason]) -> Result<(), StoreError>;
    async fn clear_supersedes(&mut self, id: DecisionId) -> Result<(), StoreError>;
    async fn set_journal_seq(&mut self, id: DecisionId, seq: u64) -> Result<(), StoreError>;
    /// Writes `text` as decision `id`'s settlement seal (ADR-740) unless its row already holds exactly that: whether
    /// it wrote (no row, or the same seal already there: `false`).
    async fn seal_settled(&mut self, id: DecisionId, text: &str) -> Result<bool, StoreError>;
    /// Writes `text` as approval `id`'s settlement seal (ADR-780) unless its row already holds exactly that: whether
    /// it wrote (no row, or the same seal already there: `false`).
    async fn seal_settled_approval(&mut self, id: ApprovalId, text: &str) -> Result<bool, StoreError>;
    async fn insert_idempotency(
        &mut self,
        agent: &str,
        request_id: &str,
        fingerprint: &str,
        decision_id: DecisionId,
    ) -> Result<(), StoreError>;
    async fn repoint_idempotency(
        &mut self,
        agent: &str,
        request_id: &str,
        fingerprint: &str,
        decision_id: DecisionId,
    ) -> Result<(), StoreError>;
    /// Releases the held reservations of `decision_id`; returns their ids, ascending.
    async fn release_reservations(&mut self, decision_id: DecisionId) -> Result<Vec<i64>, StoreError>;
    async fn set_reported(
        &mut self,
        id: DecisionId,
        status: DecisionStatus,
        now_ms: i64,
        detail: &Value,
    ) -> Result<(), StoreError>;
    async fn insert_vote(&mut self, approval_id: ApprovalId, approver: &str, now_ms: i64) -> Result<(), StoreError>;
    /// Sets an approval `expired`.
    async fn expire_approval(&mut self, id: ApprovalId) -> Result<(), StoreError>;
    /// Sets an approval `approved`, decided by `approver`.
    async fn approve_approval(&mut self, id: ApprovalId, approver: &str) -> Result<(), StoreError>;
    async fn reject_approval(&mut self, id: ApprovalId, approver: &str, reason: Option<&str>)
    -> Result<(), StoreError>;
    /// Revokes an `approved` approval; returns the rows changed (0 if it was not approved).
    async fn revoke_approval(&mut self, id: ApprovalId, by: &str, why: &str) -> Result<u64, StoreError>;
    async fn set_setting(&mut self, name: &str, value: &str) -> Result<(), StoreError>;
    /// Inserts an active demotion and returns its id (at least `id_floor`, above the table's).
    async fn insert_demotion(
        &mut self,
        id_floor: i64,
        agent: &str,
        session_key: &str,
        new: &NewDemotion,
        decision_id: DecisionId,
        now_ms: i64,
    ) -> Result<i64, StoreError>;
    /// Ends a demotion: `expired` (no `by`/`why`) or `restored`.
    async fn end_demotion(
        &mut self,
        id: i64,
        status: DemotionStatus,
        ended_ms: i64,
        by: Option<&str>,
        why: Option<&str>,
    ) -> Result<(), StoreError>;
    async fn insert_credential(&mut self, row: NewCredentialRow<'_>) -> Result<(), StoreError>;
    /// Moves a live credential's `totp_last_step` forward to `step`: whether it did (false when the credential is
    /// unknown, revoked, or its row already holds `step` or a later one).
    async fn advance_totp_step(&mut self, name: &str, step: u64) -> Result<bool, StoreError>;
    /// Revokes a live credential; returns the rows changed.
    async fn revoke_credential(&mut self, name: &str, now_ms: i64) -> Result<u64, StoreError>;
    async fn delete_sessions_of(&mut self, principal: &str) -> Result<(), StoreError>;
    /// Decisions as `Store::decisions` lists them, read inside this transaction (ADR-421: checked against the
    /// authority state it caught up).
    async fn list_decisions(&mut self, filter: &crate::DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError>;
    /// Every approval with its votes, by id, its status as stored (ADR-610: checked against the authority state this
    /// transaction caught up).
    async fn list_approvals(&mut self) -> Result<Vec<ApprovalRecord>, StoreError>;
}

/// A decision row to insert.
#[derive(Debug, Clone, Copy)]
pub struct NewDecisionRow<'a> {
    /// The id the journal issues next (`IssuedIds::next`): the lowest id the row may take (ADR-640).
    pub id_floor: DecisionId,
    pub request: &'a ActionRequest,
    pub decision: &'a Decision,
    pub status: DecisionStatus,
    pub supersedes: Option<DecisionId>,
    pub policy_sha256: &'a str,
    pub now_ms: i64,
    /// The seq its `decided` event will have: the head this transaction holds, plus one (ADR-411).
    pub journal_seq: u64,
}

/// A credential row to insert (only the hash of its secret).
#[derive(Debug, Clone, Copy)]
pub struct NewCredentialRow<'a> {
    pub name: &'a str,
    pub role: Role,
    pub token_sha256: &'a str,
    pub totp_secret: Option<&'a str>,
    pub serves: Option<&'a str>,
    pub now_ms: i64,
}

/// The session as stored: `''` for a request without a session id.
pub fn session_key(session: Option<&str>) -> &str {
    session.unwrap_or_default()
}

/// Runs a transaction whose dialect never waits (SQLite's) to completion on this thread. A transaction that did
/// wait would be a bug in the dialect; it fails rather than block.
pub fn run_ready<T>(transaction: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
    let mut transaction = pin!(transaction);
    match transaction.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(result) => result,
        Poll::Pending => Err(StoreError::Backend("a synchronous store transaction waited".into())),
    }
}
