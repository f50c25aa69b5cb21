//! FourEyes storage: the [`Store`] trait every backend implements, the store's write transactions written once
//! over [`tx::WriteTx`] ([`ops`]), the journal replay used by the audit ([`replay`]), and the backend-agnostic
//! [`conformance`] suite. The backends live beside it: `foureyes-store-sqlite` (the embedded default, with group
//! commit) and `foureyes-store-pg` (replicas on one PostgreSQL database). Layers above (server, proxy, notifier)
//! depend on these traits only; the binary wires a backend.
//!
//! Architecture invariant: a state change and the journal event that records it are written in one transaction.
//! No code outside a backend's write path appends to the journal, and nothing ever updates or deletes a journal row
//! (both backends' schemas enforce that with triggers).

pub mod authority;
pub mod checkpoint;
pub mod clock_floor;
pub mod conformance;
pub mod decide_workload;
pub mod issued;
pub mod namespace;
pub mod ops;
pub mod replay;
pub mod spill;
pub mod tasks;
pub mod tx;
pub mod writes_as;

use async_trait::async_trait;
use foureyes_core::journal::{Event, VerifyReport};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, DecisionId, DecisionRecord, DecisionStatus,
    DemotionRecord, Outcome, Policy,
};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

pub use tasks::{TaskBackend, TaskOutcome, TaskStore, Transition};
pub use writes_as::{
    Presented, WriteCredential, authenticated_as, writes_as, writes_by_the_door, writes_checked, writing_as,
};

/// An amount in integer millionths, so SQL can sum budgets exactly. The pipeline denies budget params with more
/// than six decimal places or too large to scale, so this is exact; anything else is a bug, reported (never
/// rounded, never a panic).
/// A door's clock, as a server holds it: its anchored, never-backwards time (ADR-730).
pub type DoorClock = std::sync::Arc<dyn Fn() -> i64 + Send + Sync>;

tokio::task_local! {
    /// The clock of the door serving the current request (ADR-1221), set by [`stamped_by`].
    static DOOR_CLOCK: DoorClock;
}

/// Runs `work` (a whole request: a server's middleware around every route) with `clock` as the door's clock: every
/// event its store journals without a caller's time — a refusal on the read path (ADR-180), a write refused as its
/// credential's (ADR-392), a console session opened or closed, a sign-in code issued, a TOTP step accepted — is
/// stamped by [`door_ms`], this clock (ADR-1221).
pub async fn stamped_by<F: std::future::Future>(clock: DoorClock, work: F) -> F::Output {
    DOOR_CLOCK.scope(clock, work).await
}

/// The door's time for a stamp the store takes itself (ADR-1221, attack 38's H2): the clock of the request's door
/// ([`stamped_by`]), else this process's door time ([`clock_floor::now_ms`]: the anchored clock of ADR-730, which a
/// `serve`'s clock starts from and runs with). Never the raw wall clock: a machine whose clock was 13 h ahead
/// stamped every sign-in 13 h ahead of its decisions, and after a reboot every door refused to decide until the wall
/// clock reached that time. Read it on the request's task, before a write job is queued.
pub fn door_ms() -> i64 {
    DOOR_CLOCK.try_with(|clock| clock()).unwrap_or_else(|_| clock_floor::now_ms())
}

pub fn amount_units(amount: rust_decimal::Decimal) -> Result<i64, StoreError> {
    let scaled = amount
        .checked_mul(rust_decimal::Decimal::from(1_000_000))
        .ok_or_else(|| StoreError::Backend(format!("amount {amount} is too large to reserve")))?;
    if !scaled.fract().is_zero() {
        return Err(StoreError::Backend(format!("amount {amount} has more than 6 decimal places")));
    }
    rust_decimal::prelude::ToPrimitive::to_i64(&scaled)
        .ok_or_else(|| StoreError::Backend(format!("amount {amount} is too large to reserve")))
}

/// The limit/budget keys a decision found over: for a deferral, the overruns its approver was shown.
pub fn exceeded_keys(decision: &DecisionRecord) -> Vec<String> {
    decision.budgets.iter().filter(|b| b.exceeded).map(|b| b.key.clone()).collect()
}

/// Journals a report the decision's state did not allow (a denied or deferred decision reported executed, an
/// executed one reported failed…). The report changed nothing, but it is evidence — an executor may have acted on
/// a decision it should not have — so it is kept as a `refused` event (a transaction of its own: the refused report
/// wrote nothing, so there is nothing to keep atomic with it).
pub async fn audit_refused_report<S: Store + ?Sized>(
    store: &S,
    decision_id: DecisionId,
    outcome: Outcome,
    detail: Value,
    message: &str,
    now_ms: i64,
) {
    let agent = match store.decision(decision_id).await {
        Ok(Some(d)) => d.request.agent,
        _ => "unknown".to_string(),
    };
    let input = serde_json::json!({"decision_id": decision_id, "outcome": outcome, "detail": detail});
    // Best effort: the caller already gets the refusal; a failure to audit must not replace that answer.
    let _ = store.refuse(&agent, "invalid_report", message, input, now_ms).await;
}

/// An executor credential must name the agent it serves, which [`Credentials::create_token`] cannot: it refuses
/// the role (an executor serving nobody would be a credential nothing checks).
pub fn refuse_unbound_executor(role: foureyes_core::Role) -> Result<(), StoreError> {
    if role == foureyes_core::Role::Executor {
        return Err(StoreError::InvalidState(
            "an executor credential names the agent it serves: create it with `create_executor` \
             (`foureyes token create --role executor --for AGENT`)"
                .into(),
        ));
    }
    Ok(())
}

/// Largest accepted report detail or refusal payload, as JSON bytes.
pub const MAX_DETAIL_BYTES: usize = 64 * 1024;

/// Errors a store returns. Each maps to one CLI exit code and one HTTP status in the layers above.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The input was refused before it changed any state; the refusal is in the journal at `seq`.
    #[error("{message}")]
    Refused { code: String, message: String, seq: u64 },
    /// The same `request_id` was used for other content (refused and journaled at `seq`).
    #[error("{message}")]
    Conflict { message: String, seq: u64 },
    #[error("{0}")]
    NotFound(String),
    /// The operation does not apply to the record's current state (e.g. reporting a denied decision).
    #[error("{0}")]
    InvalidState(String),
    /// The database file belongs to a newer FourEyes.
    #[error("{0}")]
    Schema(String),
    #[error("storage error: {0}")]
    Backend(String),
    /// Another process held the database's write lock past the door's busy wait (SQLite's "database is locked"):
    /// nothing was written and nothing about the journal is in question; the same work may be tried again. Told as a
    /// storage error (exit 8, HTTP 503), never as a journal that does not verify (attack 44's H3, ADR-1510).
    #[error("storage error: {0}")]
    Busy(String),
    /// The work would journal an event no reader takes back (ADR-372): refused before anything was written. The
    /// request shape checks refuse such input earlier, journaled; this is the journal's own last line.
    #[error("{0}")]
    Unjournalable(String),
    /// The journal as the door finds it ends before an event this database's own doors committed (a copy of the
    /// database put back with its log, an older log beside its file; ADR-1440): refused before anything was written.
    /// What a witness says `TRUNCATED` of, told from the database's own record: the CLI's exit 7, as the witness's.
    #[error("{0}")]
    Truncated(String),
}

impl StoreError {
    /// Whether the work that produced this error must still be committed (it journaled an audited refusal).
    pub fn is_audited(&self) -> bool {
        matches!(self, StoreError::Refused { .. } | StoreError::Conflict { .. })
    }
}

/// What a listing shows beside a row the journal does not back (ADR-610, ADR-611): the first field in which the row
/// differs from what the journal says, what the row says and what the journal says. A person reading a list sees the
/// row marked, never a forged row as the door's, and never a list withheld because of one row.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Altered {
    pub table: &'static str,
    pub field: &'static str,
    pub row: String,
    pub journal: String,
}

impl Altered {
    /// `(field, row, journal)` as the row checks return it, in `table`.
    pub fn of(table: &'static str, (field, row, journal): (&'static str, String, String)) -> Altered {
        Altered { table, field, row, journal }
    }

    /// One line for a person: `altered: TABLE.FIELD says `ROW`, the journal says `JOURNAL``.
    pub fn line(&self) -> String {
        format!(
            "ALTERED: its row in `{}` says {} `{}` but the journal says `{}` (not written by the door: do not act on \
             it; see `foureyes journal audit`)",
            self.table, self.field, self.row, self.journal
        )
    }
}

/// A row as read, and how it differs from the journal when it does ([`Altered`]).
pub type Checked<T> = (T, Option<Altered>);

/// The most decisions one page of a list holds. A longer list is read page by page with
/// [`DecisionFilter::before`]: a page never grows with history, and nothing is dropped without the caller knowing.
pub const MAX_DECISIONS_PAGE: u32 = 10_000;

/// Which decisions to list: newest first, at most `limit` (default 100, capped at [`MAX_DECISIONS_PAGE`]).
#[derive(Debug, Clone, Default)]
pub struct DecisionFilter {
    pub status: Option<DecisionStatus>,
    pub limit: Option<u32>,
    /// Only decisions with a smaller id: the next page starts before the last id of this one.
    pub before: Option<DecisionId>,
}

impl DecisionFilter {
    /// The page size a backend reads: the limit asked, 100 when none, never more than [`MAX_DECISIONS_PAGE`].
    pub fn page_size(&self) -> u32 {
        self.limit.unwrap_or(100).min(MAX_DECISIONS_PAGE)
    }
}

/// Up to `max` decisions (every one when `None`) of `status`, newest first, from before `before` when given: read
/// page by page, so no single read grows with history and a long list is never cut short unseen. For an operator's
/// listing or export, and for recovery scans that must not miss a decision past one page.
pub async fn decisions_paged(
    store: &dyn Store,
    status: Option<DecisionStatus>,
    before: Option<DecisionId>,
    max: Option<u64>,
) -> Result<Vec<DecisionRecord>, StoreError> {
    let mut all = Vec::new();
    let mut before = before;
    loop {
        let wanted = max.map_or(u64::MAX, |m| m.saturating_sub(all.len() as u64));
        if wanted == 0 {
            return Ok(all);
        }
        let limit = wanted.min(u64::from(MAX_DECISIONS_PAGE)) as u32;
        let page = store.decisions(DecisionFilter { status, limit: Some(limit), before }).await?;
        let full = page.len() == limit as usize;
        before = page.last().map(|d| d.decision_id);
        all.extend(page);
        if !full {
            return Ok(all);
        }
    }
}

/// The result of an approve vote.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VoteOutcome {
    pub approval: ApprovalRecord,
    /// False when this approver had already voted (the vote does not count twice).
    pub counted: bool,
}

/// The answer to a decide: the decision, and whether this call made it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decided {
    pub decision: DecisionRecord,
    /// True when the request id was already decided and this call returned that stored decision unchanged (an
    /// idempotent retry: nothing was decided, reserved, consumed or journaled). False when this call created the
    /// decision — a first request, or the release of a deferral whose approval has since been answered. An
    /// executor that must act once per decision acts only on `replayed: false` (or already knows it acted).
    pub replayed: bool,
}

/// Differences between the tables and a replay of the journal (empty = consistent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuditReport {
    pub events: u64,
    pub decisions: u64,
    pub held_reservations: u64,
    pub unconfirmed: u64,
    /// Each difference in one line (the `Display` of [`AuditReport::differences`]).
    pub mismatches: Vec<String>,
    /// Each difference: table, row id, column, what the journal says and what the table says.
    pub differences: Vec<replay::Difference>,
}

impl AuditReport {
    /// Adds differences found beside the replay of the tables (the settlement seals, ADR-896).
    pub fn add(&mut self, found: Vec<replay::Difference>) {
        self.mismatches.extend(found.iter().map(ToString::to_string));
        self.differences.extend(found);
    }
}

/// The storage interface. Every write method is one transaction that also appends its journal event(s);
/// times are passed in (`now_ms`), never read by the store.
#[async_trait]
pub trait Store: Send + Sync {
    /// Phase A: idempotency, then the ordered pipeline on a snapshot read in the same write transaction, then the
    /// decision, its reservations, any approval and the journal event, committed together.
    async fn decide(
        &self,
        policy: Arc<Policy>,
        request: ActionRequest,
        now_ms: i64,
    ) -> Result<DecisionRecord, StoreError>;
    /// [`Store::decide`], telling a fresh decision from a replayed one ([`Decided::replayed`]). Both backends
    /// implement it (and `decide` is this without the flag). The default exists only so that wrapper stores
    /// written before it still compile; it fails closed rather than guess, so a wrapper must forward it.
    async fn decide_or_replay(
        &self,
        policy: Arc<Policy>,
        request: ActionRequest,
        now_ms: i64,
    ) -> Result<Decided, StoreError> {
        let _ = (policy, request, now_ms);
        Err(StoreError::Backend("this store cannot tell a replayed decision from a fresh one".into()))
    }
    /// Phase B: the executor's outcome. `failed` releases the reservations; `unknown` keeps them.
    async fn report(
        &self,
        decision_id: DecisionId,
        outcome: Outcome,
        detail: Value,
        now_ms: i64,
    ) -> Result<DecisionRecord, StoreError>;
    /// [`Store::report`] made by a credential other than the deciding agent (an executor, [`Role::Executor`]): the
    /// same transaction, with `reported_by` in the journal event so the journal says who vouched for the outcome.
    /// The default fails closed (see [`Store::decide_or_replay`]): a wrapper that does not forward it reports
    /// nothing rather than drop the reporter.
    ///
    /// [`Role::Executor`]: foureyes_core::Role::Executor
    async fn report_by(
        &self,
        decision_id: DecisionId,
        outcome: Outcome,
        detail: Value,
        reported_by: &str,
        now_ms: i64,
    ) -> Result<DecisionRecord, StoreError> {
        let _ = (decision_id, outcome, detail, reported_by, now_ms);
        Err(StoreError::Backend("this store cannot record who reported an outcome".into()))
    }
    async fn approve(
        &self,
        approval_id: ApprovalId,
        approver: &str,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<VoteOutcome, StoreError>;
    async fn reject(
        &self,
        approval_id: ApprovalId,
        approver: &str,
        reason: Option<&str>,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError>;
    /// Withdraws consent: an `approved`, unused approval becomes `revoked` (journaled as `revoked` with `by` and
    /// `why`), and a later release of it is denied with `approval_revoked`. Refused and journaled: an empty `why`
    /// (`bad_request`), or an approval that is not approved-and-unused (`approval_not_revocable`: pending, consumed,
    /// rejected, expired, already revoked). It runs in the same serialized write path as a release, so of a revoke
    /// and a release racing exactly one wins. The default fails closed (see [`Store::decide_or_replay`]).
    async fn revoke(
        &self,
        approval_id: ApprovalId,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        let _ = (approval_id, by, why, now_ms);
        Err(StoreError::Backend("this store cannot revoke approvals".into()))
    }
    /// Marks every approval past its TTL as expired (journaled); returns their ids.
    async fn expire_approvals(&self, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError>;
    /// Engages or releases the kill switch; returns whether it changed.
    async fn set_kill_switch(&self, engaged: bool, by: &str, now_ms: i64) -> Result<bool, StoreError>;
    async fn kill_switch(&self) -> Result<bool, StoreError>;
    /// Why this store stopped taking writes for good (a failed commit: ADR-140), if it did. `/healthz` reports it, so a
    /// load balancer takes a stopped replica out even though its reads still answer.
    fn stopped(&self) -> Option<String> {
        None
    }
    /// Journals `policy_loaded` when this policy differs from the last one recorded; returns whether it did.
    async fn record_policy(&self, policy: &Policy, now_ms: i64) -> Result<bool, StoreError>;
    /// Journals a refusal of input that never became a decision (malformed JSON, oversized, unknown flag…).
    async fn refuse(
        &self,
        agent: &str,
        code: &str,
        message: &str,
        input: Value,
        now_ms: i64,
    ) -> Result<u64, StoreError>;
    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError>;
    /// [`Store::decision`], believed only as the journal tells it (attack 3, C5): in a write transaction, after the
    /// authority state caught up, a row whose agent, request id, verdict or status the journal does not back is
    /// refused (`record_altered`, journaled, naming the field). What `GET /v1/decisions/{id}` and `/wait` show. The
    /// default (for wrappers that keep no authority state) is the row.
    async fn decision_checked(&self, id: DecisionId, now_ms: i64) -> Result<Option<DecisionRecord>, StoreError> {
        let _ = now_ms;
        self.decision(id).await
    }
    async fn decisions(&self, filter: DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError>;
    /// [`Store::decisions`], each row compared with the journal (ADR-421, ADR-611): what `GET /v1/decisions` lists.
    /// Every row is listed; one the journal does not back is marked with how it differs ([`Altered`]), so one
    /// altered row neither hides the rest nor passes for the door's. The default (wrappers that keep no authority
    /// state) is the rows, unmarked.
    async fn decisions_checked(
        &self,
        filter: DecisionFilter,
        now_ms: i64,
    ) -> Result<Vec<Checked<DecisionRecord>>, StoreError> {
        let _ = now_ms;
        Ok(self.decisions(filter).await?.into_iter().map(|d| (d, None)).collect())
    }
    async fn approval(&self, id: ApprovalId, now_ms: i64) -> Result<Option<ApprovalRecord>, StoreError>;
    async fn approvals(&self, status: Option<ApprovalStatus>, now_ms: i64) -> Result<Vec<ApprovalRecord>, StoreError>;
    /// [`Store::approval`], compared with the journal (ADR-610): what a person is shown before voting
    /// (`GET /v1/approvals/{id}`, `foureyes approvals show`, the console). A row the journal does not back (its
    /// request, digest, status, votes…) is marked with how it differs; a vote on it is refused as before (ADR-180).
    /// The default (wrappers that keep no authority state) is the row, unmarked.
    async fn approval_checked(
        &self,
        id: ApprovalId,
        now_ms: i64,
    ) -> Result<Option<Checked<ApprovalRecord>>, StoreError> {
        Ok(self.approval(id, now_ms).await?.map(|a| (a, None)))
    }
    /// [`Store::approvals`], each row compared with the journal (ADR-610), as [`Store::approval_checked`].
    async fn approvals_checked(
        &self,
        status: Option<ApprovalStatus>,
        now_ms: i64,
    ) -> Result<Vec<Checked<ApprovalRecord>>, StoreError> {
        Ok(self.approvals(status, now_ms).await?.into_iter().map(|a| (a, None)).collect())
    }
    /// Journal events with `seq > after_seq`, at most `limit`.
    async fn journal(&self, after_seq: u64, limit: u32) -> Result<Vec<Event>, StoreError>;
    async fn verify_journal(&self) -> Result<VerifyReport, StoreError>;
    /// The newest event's seq (0 for an empty journal). The default pages through the journal; backends override it.
    async fn journal_head(&self) -> Result<u64, StoreError> {
        let mut after = 0;
        loop {
            let page = self.journal(after, 5000).await?;
            match page.last() {
                Some(last) => after = last.seq,
                None => return Ok(after),
            }
            if page.len() < 5000 {
                return Ok(after);
            }
        }
    }
    /// What a follower of policy reloads needs from the journal past `after_seq`: the seq it has read up to, and the
    /// policy sha256 of the newest `policy_loaded` event in that range (`None`: none there). The default pages
    /// through every event; a backend overrides it with a read that skips the rest (ADR-691: `serve` asks this every
    /// second, and every decision adds events).
    async fn newest_policy_loaded(&self, after_seq: u64) -> Result<(u64, Option<String>), StoreError> {
        let (mut after, mut newest) = (after_seq, None);
        loop {
            let page = self.journal(after, 1000).await?;
            for event in &page {
                if event.kind == foureyes_core::journal::EventKind::PolicyLoaded {
                    newest = event.data.get("sha256").and_then(|s| s.as_str()).map(str::to_string);
                }
            }
            match page.last() {
                Some(last) => after = last.seq,
                None => return Ok((after, newest)),
            }
            if page.len() < 1000 {
                return Ok((after, newest));
            }
        }
    }
    /// The newest event's time (`None` for an empty journal). A process that opens the store reads no `now` earlier
    /// than this, so a wall clock set back across a restart, or read by a CLI process, never re-opens a window the
    /// record has already moved past (ADR-360).
    async fn journal_newest_ms(&self) -> Result<Option<i64>, StoreError> {
        let head = self.journal_head().await?;
        if head == 0 {
            return Ok(None);
        }
        Ok(self.journal(head - 1, 1).await?.first().map(|event| event.ts_ms))
    }
    /// The database server's clock, for a backend whose server every replica shares (PostgreSQL): the one time the
    /// replicas' doors read, whatever their hosts' clocks say (ADR-730). `None` where the door keeps its own time.
    async fn database_now_ms(&self) -> Result<Option<i64>, StoreError> {
        Ok(None)
    }
    /// The file beside the database where the doors on this host anchor their time to the boot clock (ADR-730);
    /// `None` for a backend without a local file.
    fn clock_anchor_file(&self) -> Option<std::path::PathBuf> {
        None
    }
    /// The seal key this store's door holds, which seals the clock anchor it writes and is the only one whose anchor
    /// it believes (ADR-367). `None`: no key, or no anchor file.
    fn clock_anchor_key(&self) -> Option<foureyes_core::seal::SealKey> {
        None
    }
    /// How a door reads, at any moment and without the async runtime (the anchor is written each second from a
    /// plain function), the hash of this store's first journal event, which the sealed clock anchor names the store by
    /// (ADR-840); `Ok(None)` while the journal is empty. `None` for a backend without an anchor file.
    fn clock_anchor_store(&self) -> Option<crate::clock_floor::StoreMark> {
        None
    }
    /// Replays the journal and compares the result with the tables.
    async fn audit(&self) -> Result<AuditReport, StoreError>;
    /// In one write transaction: catches this door's authority state up, replays the whole journal into a fresh one
    /// and names the first part in which the two differ (ADR-410: the events a door appends are applied as written,
    /// not read back; the conformance suite checks after every check that this changes nothing). `None` from a
    /// store that keeps no authority state (a test double).
    async fn authority_differs_from_replay(&self) -> Result<Option<String>, StoreError> {
        Ok(None)
    }
    /// `journal verify`'s replay (ADR-865, `ops::door_replay_refusal`): in one write transaction, the door's own
    /// catch-up into a fresh authority state under this door's seal key, read-only: the seq of the first event a door
    /// refuses and the door's words, or `None`. The default fails closed.
    async fn door_replay_refusal(&self) -> Result<Option<(u64, String)>, StoreError> {
        Err(StoreError::Backend("this store cannot replay its journal as a door does".into()))
    }
    /// Session trust: demotions, newest first (at most 1000), with their status as of `now_ms`; `active_only`
    /// keeps those still holding their session.
    async fn demotions(&self, active_only: bool, now_ms: i64) -> Result<Vec<DemotionRecord>, StoreError>;
    /// An admin ends the active demotion of `(agent, session)` before its cooling period (`session: None` is the
    /// agent's sessionless demotion, which holds all its sessions). Journaled with `by` and `why`; an empty `why`
    /// is refused (journaled); `NotFound` when that session is not demoted.
    async fn restore_session(
        &self,
        agent: &str,
        session: Option<&str>,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<DemotionRecord, StoreError>;
    /// Claims the delivery of journal event `seq` to the notification channel `channel_key` (a webhook, named by
    /// [`notification_channel_key`] so that its secret URL is never stored): `true` for the one caller that inserted
    /// the claim, `false` for every other one, on any replica, whenever it asks. Bookkeeping, not state: it appends no
    /// journal event and the audit ignores it. The same call prunes, at most [`NOTIFICATION_CLAIM_PRUNE_BATCH`] at a
    /// time, claims made before `now_ms - NOTIFICATION_CLAIM_RETENTION_MS`, before it inserts (a failed prune claims
    /// nothing). An empty or overlong key is `InvalidState`. The default fails closed (see
    /// [`Store::decide_or_replay`]): a wrapper that does not forward it makes the notifier post nothing, never twice.
    async fn claim_notification(&self, seq: u64, channel_key: &str, now_ms: i64) -> Result<bool, StoreError> {
        let _ = (seq, channel_key, now_ms);
        Err(StoreError::Backend("this store cannot claim notifications".into()))
    }
    /// Journals a signed checkpoint of the first `checkpoint.size` events (a `checkpoint` event), unless one of
    /// that size or larger is already journaled: then it appends nothing and returns `None`. Under the write lock
    /// (the chain-head lock on PostgreSQL), so replicas checkpointing the same journal produce one increasing
    /// sequence of checkpoints. Returns the event's seq. The default fails closed (see [`Store::decide_or_replay`]).
    async fn record_checkpoint(&self, checkpoint: &CheckpointRecord, now_ms: i64) -> Result<Option<u64>, StoreError> {
        let _ = (checkpoint, now_ms);
        Err(StoreError::Backend("this store cannot record checkpoints".into()))
    }
    /// Journals a pinned MCP tool definition (a `tool_pinned` event, `foureyes_core::tool_pin`), checked first
    /// (`tool_pin::check`: refused as `InvalidState`); returns the event's seq. A pin grants nothing: readers fold
    /// the pins with `tool_pin::current`, where a `first_seen` pin never replaces one. The default fails closed (see
    /// [`Store::decide_or_replay`]).
    async fn pin_tool(&self, pin: &foureyes_core::tool_pin::ToolPinned, now_ms: i64) -> Result<u64, StoreError> {
        let _ = (pin, now_ms);
        Err(StoreError::Backend("this store cannot pin tools".into()))
    }
    /// Journals that FourEyes is about to send the connector of permitted decision `decision_id`
    /// (`connector_started`, ADR-321), before anything is sent: refused (`InvalidState`) unless the journal says the
    /// decision is a permit still `intended` whose connector was never started, so it starts at most once. Returns
    /// the event's seq. The default fails closed: a store that cannot mark a start sends nothing.
    async fn connector_started(
        &self,
        decision_id: DecisionId,
        connector: &str,
        by: &str,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let _ = (decision_id, connector, by, now_ms);
        Err(StoreError::Backend("this store cannot mark a connector's start".into()))
    }
    /// When each decision's connector was started, from the journal's `connector_started` events (the only home of
    /// the marks: no row a database writer could delete). The default fails closed.
    async fn connector_starts(&self) -> Result<std::collections::BTreeMap<DecisionId, i64>, StoreError> {
        Err(StoreError::Backend("this store cannot read connector starts".into()))
    }
    /// Whether FourEyes runs decision `id`'s connector, as the journal says (ADR-440): its `decided` event names
    /// one — fixed when it was decided, whatever policy is loaded now — or its start was journaled
    /// (`connector_started`). Such a decision is reported by its run only (an admin settles one a crash left). Read
    /// after the authority state caught up; `NotFound` for no such decision.
    async fn run_by_connector(&self, id: DecisionId) -> Result<bool, StoreError> {
        let runs = self.runs_by_connector(vec![id]).await?;
        runs.first().copied().ok_or_else(|| StoreError::Backend("no answer for the decision asked about".into()))
    }
    /// [`Store::run_by_connector`] for each of `ids`, in order, in one transaction: the scan for unconfirmed runs at
    /// start asks it of every intended decision, and one transaction each took 25 s on a database of 380,000
    /// (F67). `NotFound` if any does not exist. The default fails closed.
    async fn runs_by_connector(&self, ids: Vec<DecisionId>) -> Result<Vec<bool>, StoreError> {
        let _ = ids;
        Err(StoreError::Backend("this store cannot tell who reports a decision".into()))
    }
    /// The journal's head as this door's authority state verified it: a write transaction catches the state up
    /// (the chain, and every seal under this door's seal key, ADR-420) and returns the seq it applied. What a
    /// checkpointer signs, so that it never signs an event the door refuses (attack 3, L). The default (wrappers
    /// that keep no authority state) is [`Store::journal_head`].
    async fn verified_head(&self) -> Result<u64, StoreError> {
        self.journal_head().await
    }
    /// [`Store::verified_head`] and the seq the journal's door seal begins at, as this door verified it (ADR-535):
    /// what a checkpoint signs, the seal as an extension line of its note. The default: no seal.
    async fn verified_head_sealed(&self) -> Result<(u64, Option<u64>), StoreError> {
        Ok((self.verified_head().await?, None))
    }
    /// The tree head this door's authority state verified and applied, without catching up (ADR-534): its size and
    /// RFC 9162 root. A server signs it at its stop when the database no longer extends it (rolled back or
    /// truncated under it), so that its witness refuses that database at the next start. It reads the state, no row
    /// and no lock of the database (ADR-612): a writer holding the database's write lock at the stop cannot keep it
    /// from being witnessed. An error when the store fail-stopped (its state may hold events no COMMIT wrote). `None`
    /// for wrappers that keep no authority state.
    async fn applied_tree_head(&self) -> Result<Option<(u64, foureyes_core::merkle::Hash, Option<u64>)>, StoreError> {
        Ok(None)
    }
    /// How much this door's authority state holds in memory, part by part (ADR-700, ADR-373, ADR-376): what an
    /// operator watches to see that memory is bounded by time, not by history (`/metrics`, `foureyes_door_memory_*`).
    /// It reads the state, no row. `None` for wrappers that keep no authority state.
    async fn retained(&self) -> Option<authority::Retained> {
        None
    }
    /// `foureyes journal seal` (ADR-420, `ops::start_seal`): journals `seal_started` over a journal written before the
    /// seal. The default fails closed.
    async fn start_seal(&self, by: &str, now_ms: i64) -> Result<Option<u64>, StoreError> {
        let _ = (by, now_ms);
        Err(StoreError::Backend("this store cannot seal its journal".into()))
    }
    /// [`Store::journal`] with each event's seal (ADR-420). The default fails closed.
    async fn journal_sealed(&self, after_seq: u64, limit: u32) -> Result<Vec<(Event, Option<String>)>, StoreError> {
        let _ = (after_seq, limit);
        Err(StoreError::Backend("this store cannot read seals".into()))
    }
    /// Every journaled tool pin, in journal order. The default fails closed (a proxy then admits no tool).
    async fn tool_pins(&self) -> Result<Vec<foureyes_core::tool_pin::ToolPinned>, StoreError> {
        Err(StoreError::Backend("this store cannot read tool pins".into()))
    }
    /// The newest journaled checkpoint (see [`Store::record_checkpoint`]), if any. It is only as good as its
    /// signature: a reader checks the note with the public key before trusting it.
    async fn last_checkpoint(&self) -> Result<Option<CheckpointRecord>, StoreError> {
        Err(StoreError::Backend("this store cannot read checkpoints".into()))
    }
    /// The hashes of the events with `after_seq < seq <= upto_seq`, in order (the Merkle tree's leaves), without
    /// parsing their data. A row whose seq is out of order is an error naming it.
    async fn event_hashes(&self, after_seq: u64, upto_seq: u64) -> Result<Vec<String>, StoreError> {
        let mut out = Vec::new();
        let mut after = after_seq;
        while after < upto_seq {
            let page = self.journal(after, 5000).await?;
            if page.is_empty() {
                break;
            }
            for event in page {
                if event.seq > upto_seq {
                    return Ok(out);
                }
                if event.seq != after + 1 {
                    return Err(StoreError::Backend(format!("journal seq {} follows seq {after}", event.seq)));
                }
                after = event.seq;
                out.push(event.hash);
            }
        }
        Ok(out)
    }
}

/// A signed checkpoint as the journal keeps it (the data of a `checkpoint` event).
pub type CheckpointRecord = foureyes_core::event::CheckpointRecorded;

/// How long a notification claim is kept. The notifier never claims an event older than half of this (by its
/// `ts_ms`), so a pruned claim is never asked for again unless the replicas' clocks disagree by days.
pub const NOTIFICATION_CLAIM_RETENTION_MS: i64 = 7 * 24 * 60 * 60 * 1000;
/// Most expired claims one [`Store::claim_notification`] deletes: each claim adds one row and may remove this many,
/// so the table stays bounded by the claims of the retention window and no claim pays for a long backlog at once.
pub const NOTIFICATION_CLAIM_PRUNE_BATCH: i64 = 100;
/// Longest accepted channel key (a SHA-256 hex digest is 64).
pub const MAX_CHANNEL_KEY_BYTES: usize = 128;

/// The channel key of a webhook URL: its SHA-256, hex. Replicas configured with the same URL agree on it, and the
/// URL (a Slack webhook's path is its credential) is never stored.
pub fn notification_channel_key(url: &str) -> String {
    foureyes_core::canonical::sha256_hex(url.as_bytes())
}

/// Refuses a channel key that is empty or longer than [`MAX_CHANNEL_KEY_BYTES`] (both backends call it first).
pub fn check_channel_key(channel_key: &str) -> Result<(), StoreError> {
    if channel_key.is_empty() || channel_key.len() > MAX_CHANNEL_KEY_BYTES {
        return Err(StoreError::InvalidState(format!(
            "a notification channel key is 1 to {MAX_CHANNEL_KEY_BYTES} bytes, got {}",
            channel_key.len()
        )));
    }
    Ok(())
}

/// A credential's holder, as authentication finds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Principal {
    pub name: String,
    pub role: foureyes_core::Role,
    /// Base32 TOTP secret for step-up approvals, when enrolled. Never serialized to clients.
    #[serde(skip)]
    pub totp_secret: Option<String>,
    pub created_at_ms: i64,
    pub revoked_at_ms: Option<i64>,
    /// For an executor credential, the agent whose outcomes it reports; `None` for every other role.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serves: Option<String>,
}

/// A console session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub principal: Principal,
    pub csrf: String,
    pub expires_at_ms: i64,
}

/// Credentials, sessions and one-time sign-in codes. Only SHA-256 hashes of secrets are passed in or stored.
/// Creating and revoking a credential is journaled (without the secret).
#[async_trait]
pub trait Credentials: Send + Sync {
    /// Fails with `Conflict` when the name is taken.
    async fn create_token(
        &self,
        name: &str,
        role: foureyes_core::Role,
        token_sha256: &str,
        totp_secret: Option<&str>,
        now_ms: i64,
    ) -> Result<(), StoreError>;
    /// Creates an executor credential ([`foureyes_core::Role::Executor`]) serving the agent `serves`. Fails with
    /// `InvalidState` when the name is taken or when `serves` is not a live agent credential (a typo would
    /// otherwise create an executor serving nobody, and leave the real agent reporting for itself). Journaled
    /// like [`Credentials::create_token`], with `serves`.
    async fn create_executor(
        &self,
        name: &str,
        serves: &str,
        token_sha256: &str,
        now_ms: i64,
    ) -> Result<(), StoreError>;
    /// The live (unrevoked) executor credentials serving `agent`, by name. While this is not empty, the HTTP API
    /// accepts outcome reports for that agent's decisions only from these.
    async fn executors_of(&self, agent: &str) -> Result<Vec<String>, StoreError>;
    async fn revoke_token(&self, name: &str, now_ms: i64) -> Result<bool, StoreError>;
    /// Journals a connector secret set (`rotation: false`) or rotated (`true`) by `by`: the name, never the value.
    /// Called before the value is stored (`foureyes secret set`); returns the event's seq.
    async fn journal_secret_set(
        &self,
        name: &str,
        by: &str,
        rotation: bool,
        sealed_binding: Option<&str>,
        now_ms: i64,
    ) -> Result<u64, StoreError>;
    /// The live (unrevoked) principal holding this token.
    async fn principal_by_token(&self, token_sha256: &str) -> Result<Option<Principal>, StoreError>;
    /// The principal holding this token, for a request whose every effect is a write made inside
    /// [`writes_as`] with the credential returned beside it (ADR-1050). `Some((p, Some(c)))`: authenticated from
    /// the backend's followed state, not yet known live at the head — each write checks `c` under the chain-head
    /// lock and refuses it (journaled) if it was revoked meanwhile. `Some((p, None))`: authenticated as
    /// [`Credentials::principal_by_token`] does. Never use it for a request that reads: a read has no write to
    /// carry the check. The default is [`Credentials::principal_by_token`].
    async fn principal_for_writes(
        &self,
        token_sha256: &str,
    ) -> Result<Option<(Principal, Option<WriteCredential>)>, StoreError> {
        Ok(self.principal_by_token(token_sha256).await?.map(|p| (p, None)))
    }
    async fn principals(&self) -> Result<Vec<Principal>, StoreError>;
    async fn create_session(
        &self,
        session_sha256: &str,
        principal: &str,
        csrf: &str,
        expires_at_ms: i64,
    ) -> Result<(), StoreError>;
    async fn session(&self, session_sha256: &str, now_ms: i64) -> Result<Option<Session>, StoreError>;
    async fn delete_session(&self, session_sha256: &str) -> Result<(), StoreError>;
    async fn create_signin_code(
        &self,
        code_sha256: &str,
        principal: &str,
        expires_at_ms: i64,
    ) -> Result<(), StoreError>;
    /// Uses a one-time code: returns its principal the first time, `None` after (or once expired).
    async fn redeem_signin_code(&self, code_sha256: &str, now_ms: i64) -> Result<Option<Principal>, StoreError>;
    /// Records that `principal` used the TOTP code of time step `step` (RFC 6238 §5.2: a code is accepted once).
    /// Returns true, durably, only when `step` is later than every step accepted before for this principal; false
    /// for a replayed code (the same step) or an older one (a step inside the window, before the last used). One
    /// conditional update, so two requests racing with one code cannot both be accepted, on any replica; the step
    /// is journaled (`totp_step_accepted`) in its transaction, and a step at or before the journal's last is refused
    /// whatever the row says (`ops::accept_totp_step`, ADR-1160).
    async fn accept_totp_step(&self, principal: &str, step: u64) -> Result<bool, StoreError>;
}

/// A complete backend, as `foureyes serve` and the CLI use it: the [`Store`], its [`Credentials`], its tasks
/// ([`TaskStore`], for `/v1/tasks…`: ADR-490), and what it can tell about writes committed by other processes.
/// Opened by name at run time (a SQLite file or a PostgreSQL URL, see `foureyes_store_pg::open_any`) and held as
/// `Arc<dyn Backend>`, which upcasts to `Arc<dyn Store>`, `Arc<dyn TaskBackend>` and `Arc<dyn Credentials>`.
pub trait Backend: TaskBackend + Credentials {
    /// A receiver of the journal head `seq` after every write committed by any process or replica on this database,
    /// when the backend can push that (PostgreSQL `LISTEN`/`NOTIFY`). Values are hints to re-read, never data.
    /// `None`: writes by other processes are seen only by polling.
    fn changes(&self) -> Option<tokio::sync::broadcast::Receiver<u64>> {
        None
    }
    /// Finishes queued writes and closes the backend's connections; later calls fail with [`StoreError::Backend`].
    fn close(&self);
}
