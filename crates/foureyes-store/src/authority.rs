//! The door's authority state (issue 13 and issue 14, ADR-180): what decisions depend on, derived from the verified
//! journal and nothing else. Pure: events in, state out; no I/O, no clock.
//!
//! A write transaction first catches the state up ([`crate::ops::catch_up`]): it applies the events appended since
//! the state's last applied `seq`, each checked to extend the head the state verified (its `seq`, `prev_hash` and
//! recomputed hash), and then decides on this state. The tables stay as indexes for queries and audit; a row written
//! by hand grants nothing, because no decision reads a row for authority:
//!
//! - **usage** of each limit or budget key (`owner`, `key`, `scope`): the held reservations by time, with a running
//!   count and exact sum (integer millionths) of those at or after the last window start asked for, moved as the
//!   window moves: each query costs the entries the window crossed since the last one (O(1) amortized for a clock
//!   that moves forward) plus one `O(log n)` look-up of the oldest. A reservation counts from its decision's time
//!   until the window start passes that time (never early), and a release gives back exactly what it took;
//! - **session trust**: each session's denials (the same rolling count) and its demotions;
//! - the **kill switch**; **approvals** and their votes; **credentials** (role, served agent, revoked);
//! - **reporting deadlines** (`report_within`, issue 15): per key, the unreported permits holding a reservation
//!   there, by deadline, so the deciding transaction that reads the key finds those past it
//!   ([`Authority::overdue`]) and releases them (`reservation_expired`) — once: a released permit leaves every
//!   key's list, and a late report releases nothing (the record's [`Expiry`]);
//! - **introduced actions** (`defaults.new_actions`): when the first `policy_loaded` event naming each action was
//!   written, and the newest loaded policy's hash.
//!
//! Memory ([`Authority::retained`], ADR-700): every reservation keeps its window entry (~46 bytes; released ones are
//! dropped) until it is older than the longest window of the policy in force plus an hour (ADR-376; a key left with
//! none, and no permit due on it, leaves at that sweep, ADR-886), and its release
//! record (~70 bytes) until its permit is reported `executed` or releases it; a session's denial until it is older
//! than the denial rule's `within` plus an hour, or before the session's last demotion's end less an hour (ADR-875);
//! approvals (~250 bytes), demotions and credentials stay. Every decision (40 bytes, by ascending id) and request id
//! (~62 bytes) keeps a fixed-size record, no strings ([`JournaledDecision`], [`JournaledRequest`]: ADR-362). Under the
//! seal key a settled decision's record leaves memory: the next write transaction seals it into the decision's row
//! ([`Authority::take_settled`]), and [`Authority::journal_says`] believes that row only through the seal (ADR-740);
//! a settled approval (consumed, rejected, expired, revoked) likewise, into its approval row, believed through
//! [`Authority::approval_says`] (ADR-780). A permit whose reservations expired unreported is settled too (ADR-885):
//! its expiry is in its record and seal, and a late report seals its row again ([`Authority::resealed`]). So is a
//! deferral whose approval can no longer release it (rejected, expired, revoked, used: ADR-895); a release on a retry
//! seals its row again, `superseded`. A request id
//! whose decision is settled and sealed leaves after the request memory (ADR-373; default 24 h), its row then
//! believed only through the sealed decisions it names.

use crate::StoreError;
use foureyes_core::event::{CredentialChange, EventData, RestoreCause};
use foureyes_core::journal::{Event, GENESIS_HASH, event_hash};
use foureyes_core::seal::{SealKey, SealRule};
use foureyes_core::{ApprovalId, DecisionId, DecisionStatus, DemotionRecord, DemotionStatus, Role, Verdict};
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// Held usage of one key in one window: how many reservations, their exact sum in millionths, the oldest's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Held {
    pub count: u64,
    pub units: i128,
    pub oldest_ms: Option<i64>,
}

/// Entries by `(time, id)` with a running count and sum of those at or after `cutoff`.
#[derive(Debug, Clone)]
struct Rolling {
    entries: BTreeMap<(i64, i64), i64>,
    cutoff: i64,
    count: u64,
    units: i128,
}

impl Default for Rolling {
    fn default() -> Self {
        Rolling { entries: BTreeMap::new(), cutoff: i64::MIN, count: 0, units: 0 }
    }
}

impl Rolling {
    fn insert(&mut self, ts_ms: i64, id: i64, units: i64) {
        if let Some(old) = self.entries.insert((ts_ms, id), units) {
            // The same id twice (never written by the door): the later one replaces the earlier.
            if ts_ms >= self.cutoff {
                self.count -= 1;
                self.units -= i128::from(old);
            }
        }
        if ts_ms >= self.cutoff {
            self.count += 1;
            self.units += i128::from(units);
        }
    }

    fn remove(&mut self, ts_ms: i64, id: i64) {
        if let Some(units) = self.entries.remove(&(ts_ms, id))
            && ts_ms >= self.cutoff
        {
            self.count -= 1;
            self.units -= i128::from(units);
        }
    }

    /// The entries at or after `since_ms`; moves the cutoff there.
    /// Lets go of the entries before `before_ms` (ADR-376): those at or after the cutoff leave the running count too.
    fn forget_before(&mut self, before_ms: i64) {
        let kept = self.entries.split_off(&(before_ms, i64::MIN));
        for ((ts_ms, _), units) in std::mem::replace(&mut self.entries, kept) {
            if ts_ms >= self.cutoff {
                self.count -= 1;
                self.units -= i128::from(units);
            }
        }
    }

    fn since(&mut self, since_ms: i64) -> Held {
        if since_ms > self.cutoff {
            for (_, units) in self.entries.range((self.cutoff, i64::MIN)..(since_ms, i64::MIN)) {
                self.count -= 1;
                self.units -= i128::from(*units);
            }
        } else if since_ms < self.cutoff {
            for (_, units) in self.entries.range((since_ms, i64::MIN)..(self.cutoff, i64::MIN)) {
                self.count += 1;
                self.units += i128::from(*units);
            }
        }
        self.cutoff = since_ms;
        let oldest_ms = self.entries.range((since_ms, i64::MIN)..).next().map(|((ts, _), _)| *ts);
        Held { count: self.count, units: self.units, oldest_ms }
    }
}

/// An approval as its journal events tell it (ADR-150, ADR-180).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JournaledApproval {
    pub decision_id: DecisionId,
    pub digest: String,
    pub required: u32,
    pub expires_at_ms: i64,
    /// Who has voted, in casting order.
    pub approvers: Vec<String>,
    /// `pending`, `approved`, `rejected`, `expired`, `revoked` or `consumed`.
    pub status: &'static str,
    /// Whether its votes need step-up (TOTP), as its `approval_requested` event says (attack 36 H1); `None` for a
    /// settled approval given back by a row seal written before the seal carried it.
    pub step_up: Option<bool>,
}

/// A decision as its journal events tell it (ADR-240, ADR-362), in a fixed 32 bytes and no string: its
/// verdict and status now, whether its `decided` event names a connector (ADR-440), where that event is, and a
/// 128-bit [`decision_summary`] of what else the event holds that a row is compared with (ADR-530): agent, request
/// id, request fingerprint, digest, tier and superseded deferral. A row whose fields summarize otherwise is not the
/// decision the door made; which field differs is then read from the event itself ([`JournaledDecision::decided_seq`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JournaledDecision {
    pub verdict: Verdict,
    pub status: DecisionStatus,
    /// Whether its `decided` event names the connector FourEyes runs for it (ADR-440).
    pub connector: bool,
    /// The seq of its `decided` event: the door's own pointer, never a row's.
    pub decided_seq: u64,
    /// [`decision_summary`] of its `decided` event.
    pub summary: Summary,
    /// Whether its reservations expired unreported (`reservation_expired`), and whether a report came after that
    /// (ADR-885): the first report after an expiry is the late one, journaled whatever it says, releasing nothing.
    pub expiry: Expiry,
}

/// What an expiry of a permit's reservations left of it (ADR-885), part of its record (and of its settlement seal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Expiry {
    /// Its reservations never expired unreported.
    #[default]
    No,
    /// They expired (`reservation_expired`) and no report has been journaled since: a report now is late.
    Unreported,
    /// They expired and a (late) report has been journaled since.
    ReportedLate,
}

impl Expiry {
    /// The part a settlement seal carries after the summary (none for [`Expiry::No`]: seals written before ADR-885
    /// read the same).
    fn sealed(self) -> Option<&'static str> {
        match self {
            Expiry::No => None,
            Expiry::Unreported => Some("expired"),
            Expiry::ReportedLate => Some("reported-late"),
        }
    }
}

/// What a report journaled after its decision's record left memory does to that record (ADR-885): the record sealed
/// in the row, a permit whose reservations expired unreported (the only settled record a report can still change),
/// becomes the record the report makes of it. The same as a report does to a record in memory
/// ([`report_record`]), applied when the row is next sealed or read.
#[derive(Debug, Clone, PartialEq, Eq)]
struct LateReport {
    status: DecisionStatus,
    reported_ms: i64,
    /// The report's detail, kept (only until the row is sealed again) when it is `executed`: its summary folds it.
    detail: Option<serde_json::Value>,
}

/// What report `report` does to a decision's record `d`, in memory or sealed in its row (ADR-850, ADR-885).
fn report_record(
    d: &mut JournaledDecision,
    status: DecisionStatus,
    reported_ms: i64,
    detail: Option<&serde_json::Value>,
) {
    // What an undo reads from the row is bound to the journal's report (ADR-850).
    if status == DecisionStatus::Executed && d.status != DecisionStatus::Executed {
        d.summary = executed_summary(&d.summary, Some(reported_ms), detail);
    }
    d.status = status;
    if d.expiry == Expiry::Unreported {
        d.expiry = Expiry::ReportedLate;
    }
}

/// 128 bits of SHA-256 over a few fields, each length-prefixed (ADR-362): compared, never shown.
pub type Summary = [u8; 16];

/// The summary of a decision the journal says was reported `executed` (ADR-850): its [`decision_summary`] folded
/// with what that report gave the row and an undo acts on, the report's time (the undo window opens there) and its
/// detail (an undo's default params are the request's overlaid with `detail.before`). `executed` is final, so the
/// fold happens once; a row that says otherwise in `reported_ms` or `report_detail` no longer summarizes as the
/// journal's record, in memory or under its settlement seal (ADR-740). `None` stands for a column the row leaves
/// empty (the door never does for an executed decision).
pub fn executed_summary(decided: &Summary, reported_ms: Option<i64>, detail: Option<&serde_json::Value>) -> Summary {
    use sha2::Digest as _;
    let mut h = sha2::Sha256::new();
    h.update(b"executed\0");
    h.update(decided);
    match reported_ms {
        None => h.update([0]),
        Some(ms) => {
            h.update([1]);
            h.update(ms.to_le_bytes());
        }
    }
    match detail {
        None => h.update([0]),
        Some(detail) => {
            let canonical = foureyes_core::canonical::to_canonical_string(detail);
            h.update([1]);
            h.update((canonical.len() as u64).to_le_bytes());
            h.update(canonical.as_bytes());
        }
    }
    summary_of_digest(h.finalize().into())
}

/// What a decision's row must match besides its verdict and status (ADR-530): its agent, request id, request
/// fingerprint ([`foureyes_core::ActionRequest::fingerprint`]: action, params, target, agent, undo target, approval,
/// flags, session), digest, tier and the deferral it superseded, summarized as [`Summary`].
pub fn decision_summary(
    agent: &str,
    request_id: &str,
    fingerprint: &str,
    digest: &str,
    tier: u8,
    supersedes: Option<DecisionId>,
    connector_digest: Option<&str>,
) -> Summary {
    use sha2::Digest as _;
    let mut h = sha2::Sha256::new();
    for text in [agent, request_id, fingerprint, digest] {
        h.update((text.len() as u64).to_le_bytes());
        h.update(text.as_bytes());
    }
    h.update([tier]);
    match supersedes {
        None => h.update([0]),
        Some(id) => {
            h.update([1]);
            h.update(id.to_le_bytes());
        }
    }
    // The connector a release must render (ADR-570) is outside the fingerprint; the journal binds it (ADR-614).
    match connector_digest {
        None => h.update([0]),
        Some(text) => {
            h.update([1]);
            h.update((text.len() as u64).to_le_bytes());
            h.update(text.as_bytes());
        }
    }
    summary_of_digest(h.finalize().into())
}

/// The idempotency key's [`Summary`] (ADR-362): what the authority state keeps of a request id.
pub fn idempotency_summary(key: &str) -> Summary {
    use sha2::Digest as _;
    summary_of_digest(sha2::Sha256::digest(key.as_bytes()).into())
}

/// A request fingerprint (64 hex digits of SHA-256) as the 128 bits the authority state keeps of it; any other text
/// is summarized by its own hash.
pub fn fingerprint_summary(fingerprint: &str) -> Summary {
    let mut out = [0u8; 16];
    match fingerprint.get(..32).map(|prefix| hex::decode_to_slice(prefix, &mut out)) {
        Some(Ok(())) if fingerprint.len() == 64 => out,
        _ => idempotency_summary(fingerprint),
    }
}

fn summary_of_digest(digest: [u8; 32]) -> Summary {
    let mut out = [0u8; 16];
    out.copy_from_slice(&digest[..16]);
    out
}

/// What a settled decision's row carries in its `settled` column (ADR-740): the authority state's record of it
/// (verdict, final status, connector flag, the seq of its `decided` event, its [`decision_summary`]) and a MAC over
/// that record, the decision's id and the store's first event's hash under the seal key:
/// `VERDICT/STATUS/CONNECTOR/DECIDED_SEQ/SUMMARY/MAC`. The door writes it once the decision can no longer change, and
/// drops the record from memory; at use the row's seal stands in for the record. A writer without the key cannot
/// make one for another id, status or store, so a rolled-back, swapped or copied row fails it.
fn settled_text(
    key: &SealKey,
    origin: &str,
    id: DecisionId,
    record: &JournaledDecision,
    undone_by: Option<DecisionId>,
) -> String {
    let mut body = format!(
        "{}/{}/{}/{}/{}",
        record.verdict.as_str(),
        record.status.as_str(),
        u8::from(record.connector),
        record.decided_seq,
        hex::encode(record.summary)
    );
    // A permit that settled by its reservations' expiry says so (ADR-885): a report on it is then the late one.
    if let Some(expiry) = record.expiry.sealed() {
        body.push('/');
        body.push_str(expiry);
    }
    // A target its undo compensated for good (ADR-994): the undo-once check reads this, not the undo's row.
    if let Some(undo) = undone_by {
        body.push_str(&format!("/undone-{undo}"));
    }
    // The MAC's input starts with a word no event hash (64 hex digits) does: it can never pass for an event's seal.
    let mac = key.seal(&settled_mac_input(origin, id, &body));
    format!("{body}/{mac}")
}

fn settled_mac_input(origin: &str, id: DecisionId, body: &str) -> String {
    format!("settled\0{origin}\0{id}\0{body}")
}

/// The record a `settled` column's text seals for decision `id` of the store whose first event's hash is `origin`,
/// or why it does not (never a record from a text the key did not seal for exactly this id and store).
fn record_of_settled(key: &SealKey, origin: &str, id: DecisionId, text: &str) -> Result<JournaledDecision, String> {
    sealed_of_settled(key, origin, id, text).map(|(record, _)| record)
}

/// [`record_of_settled`] with the undo the seal says compensated decision `id` for good (ADR-994), if any.
fn sealed_of_settled(
    key: &SealKey,
    origin: &str,
    id: DecisionId,
    text: &str,
) -> Result<(JournaledDecision, Option<DecisionId>), String> {
    let (body, mac) = text.rsplit_once('/').ok_or("it is not a settlement seal")?;
    if !key.verifies(&settled_mac_input(origin, id, body), mac) {
        return Err("its settlement seal is not the door's for this decision".into());
    }
    let unreadable = || "its sealed record does not read".to_string();
    let mut parts = body.split('/');
    let mut next = || parts.next().ok_or_else(unreadable);
    let verdict = Verdict::parse(next()?).ok_or_else(unreadable)?;
    let status = DecisionStatus::parse(next()?).ok_or_else(unreadable)?;
    let connector = match next()? {
        "0" => false,
        "1" => true,
        _ => return Err(unreadable()),
    };
    let decided_seq = next()?.parse().map_err(|_| unreadable())?;
    let mut summary = [0u8; 16];
    hex::decode_to_slice(next()?, &mut summary).map_err(|_| unreadable())?;
    let mut rest = parts.next();
    let expiry = match rest {
        Some("expired") => Expiry::Unreported,
        Some("reported-late") => Expiry::ReportedLate,
        _ => Expiry::No,
    };
    if expiry != Expiry::No {
        rest = parts.next();
    }
    let undone_by = match rest {
        None => None,
        Some(part) => {
            let undo = part.strip_prefix("undone-").ok_or_else(unreadable)?;
            Some(undo.parse::<DecisionId>().map_err(|_| unreadable())?)
        }
    };
    if parts.next().is_some() {
        return Err(unreadable());
    }
    Ok((JournaledDecision { verdict, status, connector, decided_seq, summary, expiry }, undone_by))
}

/// The statuses an approval keeps for ever once the journal says them (ADR-780): used by the release it granted, or
/// answered no (rejected, expired, revoked). `pending` and `approved` may still change.
const SETTLED_APPROVAL: [&str; 4] = ["consumed", "rejected", "expired", "revoked"];

/// What a settled approval's row carries in its `settled` column (ADR-780): the authority state's record of it as JSON
/// (`decision_id`, `digest`, `required`, `expires_at_ms`, `approvers` in casting order, `status`) and a MAC over it,
/// the approval's id and the store's first event's hash under the seal key: `JSON/MAC`. As [`settled_text`] for a
/// decision, under its own word (`approval-settled`), so that neither seal can pass for the other.
fn approval_settled_text(key: &SealKey, origin: &str, id: ApprovalId, record: &JournaledApproval) -> String {
    let body = serde_json::json!({
        "decision_id": record.decision_id,
        "digest": record.digest,
        "required": record.required,
        "expires_at_ms": record.expires_at_ms,
        "approvers": record.approvers,
        "status": record.status,
        "step_up": record.step_up,
    })
    .to_string();
    let mac = key.seal(&approval_settled_mac_input(origin, id, &body));
    format!("{body}/{mac}")
}

fn approval_settled_mac_input(origin: &str, id: ApprovalId, body: &str) -> String {
    format!("approval-settled\0{origin}\0{id}\0{body}")
}

/// The record an approval's `settled` column seals for approval `id` of the store whose first event's hash is
/// `origin`, or why it does not (never a record from a text the key did not seal for exactly this id and store).
fn record_of_settled_approval(
    key: &SealKey,
    origin: &str,
    id: ApprovalId,
    text: &str,
) -> Result<JournaledApproval, &'static str> {
    let (body, mac) = text.rsplit_once('/').ok_or("it is not a settlement seal")?;
    if !key.verifies(&approval_settled_mac_input(origin, id, body), mac) {
        return Err("its settlement seal is not the door's for this approval");
    }
    let unreadable = "its sealed record does not read";
    let v: serde_json::Value = serde_json::from_str(body).map_err(|_| unreadable)?;
    let status = v["status"].as_str().and_then(|s| SETTLED_APPROVAL.into_iter().find(|known| *known == s));
    let approvers: Option<Vec<String>> =
        v["approvers"].as_array().and_then(|a| a.iter().map(|n| n.as_str().map(str::to_string)).collect());
    match (v["decision_id"].as_i64(), v["digest"].as_str(), v["required"].as_u64(), v["expires_at_ms"].as_i64()) {
        (Some(decision_id), Some(digest), Some(required), Some(expires_at_ms)) => Ok(JournaledApproval {
            decision_id,
            digest: digest.to_string(),
            required: u32::try_from(required).map_err(|_| unreadable)?,
            expires_at_ms,
            approvers: approvers.ok_or(unreadable)?,
            status: status.ok_or(unreadable)?,
            step_up: v["step_up"].as_bool(),
        }),
        _ => Err(unreadable),
    }
}

/// What the journal says of an approval (ADR-780), as [`JournalSays`] of a decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApprovalSays {
    /// The record, from memory or from a row seal that verifies.
    Record(JournaledApproval),
    /// The journal issued this id and the state no longer holds it, and its row carries no seal that verifies.
    Unproven(&'static str),
    /// The journal issued no such approval.
    Nothing,
}

/// A settled record the state dropped, waiting for its row's seal (ADR-740, ADR-780).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Settled {
    Decision(DecisionId, JournaledDecision),
    Approval(ApprovalId, JournaledApproval),
    /// A report journaled on a decision whose record had already left memory for its row's seal (ADR-885): the row
    /// is sealed again with the record the report makes of the sealed one.
    Report(DecisionId, LateReport),
    /// A release journaled on a deferral whose record had already left memory for its row's seal, settled when its
    /// approval could no longer release it (ADR-895): the row is sealed again with the record `superseded`.
    Superseded(DecisionId),
    /// A target whose undo was reported `executed` (final) after the target's record had left memory for its row's
    /// seal (ADR-994): the row is sealed again with "undone by" that undo.
    Undone(DecisionId),
}

/// Which row a settlement seal goes into ([`Authority::take_settled`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettledRow {
    Decision(DecisionId),
    Approval(ApprovalId),
    /// A decision row sealed again after a late report (ADR-885) or a release of a settled deferral (ADR-895): its
    /// text is made from the row's seal as it stands ([`Authority::resealed`]); the text given with it is empty.
    Report(DecisionId),
}

/// What the journal says of a decision (ADR-240, ADR-740): the authority state's record while the decision is live,
/// the record sealed in its row once it settled, or neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JournalSays {
    /// The record, from memory or from a row seal that verifies.
    Record(JournaledDecision),
    /// The journal issued this id and the state no longer holds it (settled, or never written: ids may skip), and
    /// its row carries no seal that verifies: nothing the row says is believed.
    Unproven(&'static str),
    /// The journal issued no such decision.
    Nothing,
}

/// Records by ascending id (ADR-700): decisions and approvals. The journal issues their ids ascending and never again
/// (ADR-640: [`crate::issued::IssuedIds`] refuses an event that does not), so each new record goes at the end and a
/// look-up is a binary search: the record and its id with at most an eighth spare, where a hash map held the same
/// slot at a load factor of 7/16 to 7/8 plus a control byte (about 1.5 times the slot on average). A record removed
/// (a settled decision sealed in its row, ADR-740) leaves a hole until holes are half the vector, when the vector is
/// compacted and shrunk: removal is amortized O(1) and the allocation follows what is held.
#[derive(Debug, Clone)]
struct ByAscendingId<T> {
    records: Vec<(i64, Option<T>)>,
    holes: usize,
}

impl<T> Default for ByAscendingId<T> {
    fn default() -> Self {
        ByAscendingId { records: Vec::new(), holes: 0 }
    }
}

impl<T: PartialEq> PartialEq for ByAscendingId<T> {
    /// The same records, wherever the holes are.
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.live().eq(other.live())
    }
}

impl<T: Eq> Eq for ByAscendingId<T> {}

impl<T> ByAscendingId<T> {
    fn position(&self, id: i64) -> Result<usize, usize> {
        self.records.binary_search_by_key(&id, |(i, _)| *i)
    }

    fn live(&self) -> impl Iterator<Item = (i64, &T)> {
        self.records.iter().filter_map(|(id, record)| record.as_ref().map(|r| (*id, r)))
    }

    fn get(&self, id: i64) -> Option<&T> {
        self.position(id).ok().and_then(|at| self.records[at].1.as_ref())
    }

    fn get_mut(&mut self, id: i64) -> Option<&mut T> {
        self.position(id).ok().and_then(|at| self.records[at].1.as_mut())
    }

    fn insert(&mut self, id: i64, record: T) {
        if self.records.len() == self.records.capacity() {
            // Grows by an eighth (at least 1,024 records): amortized O(1), and never double what is held.
            self.records.reserve_exact((self.records.len() / 8).max(1024));
        }
        match self.records.last() {
            Some((last, _)) if *last >= id => match self.position(id) {
                // Never from the door's journal (ids ascend); kept exact all the same.
                Ok(at) => {
                    if self.records[at].1.is_none() {
                        self.holes -= 1;
                    }
                    self.records[at].1 = Some(record);
                }
                Err(at) => self.records.insert(at, (id, Some(record))),
            },
            _ => self.records.push((id, Some(record))),
        }
    }

    /// Takes record `id` out; compacts once holes are half the records (and more than 1,024).
    fn remove(&mut self, id: i64) -> Option<T> {
        let at = self.position(id).ok()?;
        let record = self.records[at].1.take()?;
        self.holes += 1;
        if self.holes > 1024 && self.holes * 2 > self.records.len() {
            self.records.retain(|(_, r)| r.is_some());
            self.holes = 0;
            let keep = self.records.len() + (self.records.len() / 8).max(1024);
            self.records.shrink_to(keep);
        }
        Some(record)
    }

    fn len(&self) -> usize {
        self.records.len() - self.holes
    }

    fn capacity(&self) -> usize {
        self.records.capacity()
    }
}

/// What the authority state keeps of an idempotency key (ADR-240, ADR-362): the decision it answers and the first
/// 128 bits of the fingerprint it was first asked with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JournaledRequest {
    pub decision_id: DecisionId,
    pub fingerprint: Summary,
}

/// An unreported permit's reporting deadline, as its `decided` event set it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deadline {
    pub report_by_ms: i64,
    /// When the permit was decided (its `decided` event's time): an outage that began after it is time its agent
    /// could not report in (ADR-365, ADR-369).
    pub decided_ms: i64,
    pub action: String,
    pub agent: String,
    /// Indexes of the keys it holds reservations on.
    keys: Vec<usize>,
}

/// A credential as its journal events tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournaledCredential {
    pub role: Role,
    pub serves: Option<String>,
    pub live: bool,
    /// `event::token_binding` of its token, when the journal bound one (attack 3, S4).
    pub token_binding: Option<String>,
    /// Whether it was created with a step-up (TOTP) secret.
    pub step_up: bool,
    /// `event::totp_binding` of its TOTP secret, when the journal bound one (ADR-1160).
    pub totp_binding: Option<String>,
    /// The largest TOTP step the journal accepted for it (`totp_step_accepted`, ADR-1160); `None` before the first.
    pub totp_last_step: Option<u64>,
}

/// The credentials the journal created, by name; shared with the read path ([`Authority::credentials`]).
pub type CredentialMap = Arc<RwLock<HashMap<String, JournaledCredential>>>;

/// A console session or a sign-in code as the journal tells it (attack 3, S5, S6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournaledSignin {
    pub name: String,
    /// A session's CSRF binding; empty for a code.
    pub csrf_binding: String,
    pub expires_at_ms: i64,
    /// A code used (a session closed is removed).
    pub used: bool,
}

/// Open sessions and issued codes the journal knows, by `event::token_binding` of their hash; shared with the read
/// path ([`Authority::signins`]). A session leaves at sign-out; expired ones stay (one entry, about 200 bytes
/// [NOT MEASURED], per console sign-in: human-paced), because the door's clock, not the event's time, says expired.
pub type SigninMap = Arc<RwLock<HashMap<String, JournaledSignin>>>;

/// An event a write transaction appended, with the typed data it was written from: applied to the authority state by
/// [`Authority::apply_appended`] when the transaction's work stands (ADR-410).
#[derive(Debug, Clone)]
pub struct Appended {
    pub seq: u64,
    pub ts_ms: i64,
    pub prev_hash: String,
    pub hash: String,
    pub data: EventData,
    /// The seal it was stored with (ADR-420).
    pub seal: Option<String>,
    /// For a `decided` event: its request's fingerprint ([`foureyes_core::ActionRequest::fingerprint`]) as the
    /// transaction computed it before writing the idempotency row ([`crate::tx::WriteTx::append_decided`]), so the
    /// state does not hash the request again (issue 14, ADR-980). `None`: the state computes it.
    pub fingerprint: Option<String>,
}

impl Appended {
    pub fn new(event: &foureyes_core::journal::Encoded, data: EventData, seal: Option<String>) -> Appended {
        Appended {
            seq: event.seq,
            ts_ms: event.ts_ms,
            prev_hash: event.prev_hash.clone(),
            hash: event.hash.clone(),
            data,
            seal,
            fingerprint: None,
        }
    }
}

/// How many records each part of the authority state holds (ADR-700): what grows with history and what is bounded by
/// the live set. Read by tests and the memory figures; [`Retained::bytes`] is the part sized by its capacity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Retained {
    /// Decisions held in memory (ADR-362: 32 bytes each, plus its id): every one without the seal key; with it, those
    /// not yet settled (ADR-740).
    pub decisions: usize,
    /// Idempotency keys held (24 bytes each, plus its 16-byte summary, and 24 bytes in the queue by time): every one,
    /// unless a request memory lets go of old settled ones (ADR-373).
    pub request_ids: usize,
    /// Reservations a report or an expiry may still release.
    pub releasable: usize,
    /// `(decision, reservation)` pairs a report may still release.
    pub held_by: usize,
    /// Reservations still counted by a window (by `(time, id)`, per key).
    pub window_entries: usize,
    /// Limit and budget keys held (ADR-886: one whose window holds nothing leaves at a sweep).
    pub keys: usize,
    pub approvals: usize,
    pub deadlines: usize,
    /// Permits whose reservations expired unreported, held in memory (ADR-885: every one without the seal key, none
    /// with it once sealed).
    pub expired: usize,
    pub started: usize,
    /// Permitted undos that compensate their target (ADR-368), one 16-byte key each: without the seal key kept for
    /// ever; with it, one whose undo is final (`executed`) leaves once its target's row seal says "undone by" it
    /// (ADR-994).
    pub undone: usize,
    pub demotions: usize,
    /// Session denials a count may still reach (ADR-875: the rule's `within` plus an hour, since the last demotion).
    pub denials: usize,
    /// Settled decisions dropped from memory whose row seal is not yet known to be committed (ADR-740).
    pub to_seal: usize,
    /// Request ids let go of after the request memory (ADR-373).
    pub forgotten_requests: u64,
    /// Bytes of the decisions' and request ids' tables as allocated (capacity, not length).
    pub bytes: usize,
}

/// Bytes a `std` hash map of `capacity` with `slot`-byte entries has allocated: buckets a power of two at a load of at
/// most 7/8, one control byte each.
fn hash_table_bytes(capacity: usize, slot: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets =
        if capacity < 8 { (capacity + 1).next_power_of_two() } else { (capacity * 8 / 7).next_power_of_two() };
    buckets * (slot + 1)
}

/// The slack a window memory keeps beyond the policy's longest window (ADR-376): doors whose clocks disagree (replicas
/// on PostgreSQL, within ADR-730's slack) still find every entry their windows reach.
const WINDOW_SLACK_MS: i64 = 3_600_000;

/// How long a session's denials stay in memory (ADR-875): what the `session_trust.demote_on.denials` rule of every
/// policy this process decided under may still count. Grows only (`Unset` < `Ms` shorter < `Ms` longer <
/// `SinceDemotion`), as the window memory does (ADR-376).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DenialMemory {
    /// No policy decided under yet (a replay, a CLI door before it decides): nothing is let go.
    Unset,
    /// Denials older than this before the newest event leave: the rule's `within` plus the slack, or the slack alone
    /// when the policy counts no denials.
    Ms(i64),
    /// A rule without `within` counts since the session's last demotion, however long ago: nothing leaves by time.
    SinceDemotion,
}

impl DenialMemory {
    /// What a door deciding under `policy` must keep of its sessions' denials (ADR-875).
    pub fn of(policy: &foureyes_core::policy::Policy) -> DenialMemory {
        match policy.session_trust.as_ref().and_then(|t| t.denials) {
            None => DenialMemory::Ms(WINDOW_SLACK_MS),
            Some(rule) => match rule.within_ms {
                Some(within) => DenialMemory::Ms(within.saturating_add(WINDOW_SLACK_MS)),
                None => DenialMemory::SinceDemotion,
            },
        }
    }

    /// The longer of two memories: a door switching between two policies keeps what the longer one counts.
    fn longer(self, other: DenialMemory) -> DenialMemory {
        match (self, other) {
            (DenialMemory::SinceDemotion, _) | (_, DenialMemory::SinceDemotion) => DenialMemory::SinceDemotion,
            (DenialMemory::Ms(a), DenialMemory::Ms(b)) => DenialMemory::Ms(a.max(b)),
            (DenialMemory::Ms(a), DenialMemory::Unset) | (DenialMemory::Unset, DenialMemory::Ms(a)) => {
                DenialMemory::Ms(a)
            }
            (DenialMemory::Unset, DenialMemory::Unset) => DenialMemory::Unset,
        }
    }
}

/// Where the state stands in the journal, and what it holds. See the module doc.
#[derive(Debug)]
pub struct Authority {
    seq: u64,
    /// `seq`, shared with the read path: a read that finds credential events after it catches up first (S2).
    applied: Arc<AtomicU64>,
    hash: String,
    kill_switch: bool,
    /// `owner \0 key \0 scope` → index into `usage`. A key whose window holds nothing and no permit is due on
    /// leaves at a sweep, its slot freed for the next new key (ADR-886).
    keys: HashMap<String, usize>,
    usage: Vec<Rolling>,
    /// Slots of `usage` (and `due`) whose key left (ADR-886), highest first: the next new key takes the lowest.
    free_keys: Vec<usize>,
    /// Held reservation id → (its key's index, time).
    reservations: HashMap<i64, (usize, i64)>,
    /// `(decision id, reservation id)` of each reservation a decision holds that a report may still release: an
    /// ordered set rather than a map of vectors (one 16-byte key each, no allocation per decision: ADR-700).
    held_by: BTreeSet<(DecisionId, i64)>,
    /// Approval id → what the journal says of it, by ascending id (ADR-700).
    approvals: ByAscendingId<JournaledApproval>,
    demotions: BTreeMap<i64, DemotionRecord>,
    /// `agent \0 session` → its demotions' ids, ascending.
    session_demotions: HashMap<String, Vec<i64>>,
    /// `agent \0 session` → its session denials by (time, seq); a session none of whose denials can count again
    /// leaves (ADR-875).
    denials: HashMap<String, Rolling>,
    /// How long denials stay in memory (ADR-875).
    denial_memory: DenialMemory,
    /// Denials before this time were let go of, in every session (ADR-875): a count reaching before it is refused.
    denial_floor_ms: i64,
    /// `agent \0 session` → the time before which its denials were let go of because they are before its last
    /// demotion's end (ADR-875), when that is later than `denial_floor_ms`. Only sessions with a demotion (already
    /// kept for ever in `session_demotions`).
    denial_cuts: HashMap<String, i64>,
    /// Denials added since the last sweep ([`Authority::forget_old_denials`]).
    denial_inserts: usize,
    credentials: CredentialMap,
    signins: SigninMap,
    /// Decision id → what the journal says of it (ADR-240), by ascending id (ADR-700).
    decisions: ByAscendingId<JournaledDecision>,
    /// `(approval, deferral)` of each deferral awaiting an approval, under the seal key (ADR-895): when the approval
    /// settles (rejected, expired, revoked, consumed) nothing can release those deferrals any more, and they settle
    /// too. 16 bytes per live deferral; empty without the key (nothing settles out of memory then).
    awaiting: BTreeSet<(ApprovalId, DecisionId)>,
    /// [`idempotency_summary`] of an idempotency key (`replay::idempotency_key`) → the decision it answers and the
    /// fingerprint it was first asked with (ADR-240, ADR-362).
    idempotency: HashMap<Summary, JournaledRequest>,
    /// The request ids of `idempotency`, by when they were first decided (or last found still live): what
    /// [`Authority::forget_old_requests`] walks, oldest first (ADR-373).
    requests_by_time: VecDeque<(i64, Summary)>,
    /// How long a request id stays in memory once its decision is settled and sealed (ADR-373); `None`: for ever.
    request_memory_ms: Option<i64>,
    /// How many request ids this state has let go of (ADR-373): from the first, a request id the state does not hold
    /// may still have been used, and its row is believed only through the decisions it names.
    forgotten_requests: u64,
    /// How far back the policy in force reaches, plus an hour of slack between doors' clocks (ADR-376): window
    /// entries older than that before the newest event are let go of. `None` (until a door decides): kept.
    window_memory_ms: Option<i64>,
    /// Entries before this time were let go of (ADR-376): a window reaching before it cannot be counted exactly.
    window_floor_ms: i64,
    /// Window entries added since the last sweep ([`Authority::forget_old_window_entries`]).
    window_inserts: usize,
    /// The policy hash `window_memory_ms` was computed for.
    window_policy: Option<String>,
    /// What each task command did, as its journal events say (ADR-585): what a `task_commands` row must match.
    task_commands: crate::tasks::shared::JournaledTaskCommands,
    /// Per key (index into `usage`): the unreported permits holding a reservation there, by `(report_by_ms, id)`.
    due: Vec<BTreeSet<(i64, DecisionId)>>,
    /// Unreported permit with a deadline → its deadline, the keys it holds reservations on, whose it is.
    deadlines: HashMap<DecisionId, Deadline>,
    /// `(report_by_ms, id)` of each unreported permit with a deadline that holds no reservation (ADR-995): no key's
    /// read finds it, so the door's sweep ([`Authority::overdue_unheld`], driven by its ticker) expires it.
    unheld_due: BTreeSet<(i64, DecisionId)>,
    /// Action name → the time of the first `policy_loaded` event that named it.
    introduced: HashMap<String, i64>,
    /// The newest `policy_loaded` event's policy hash.
    policy_sha256: Option<String>,
    /// Decision id → when its connector was started (`connector_started`, ADR-321).
    started: HashMap<DecisionId, i64>,
    /// `(server, tool)` → the definition hash that holds and the seq of its `tool_pinned` event, by
    /// `tool_pin::current`'s rule (a first-seen pin never replaces one): what a first-seen pin is checked against in
    /// its transaction (ADR-404), one entry per pinned tool.
    pins: HashMap<(String, String), (String, u64)>,
    /// `(target, undo)` of each permitted undo that compensates its target: decided `permit` with `undo_of`, and not
    /// (yet) reported `failed` (ADR-368). The undo-once check reads this, never a row: a database writer who sets the
    /// undo's row to `deny` or deletes it does not re-open its target. Kept for ever, also under the seal key when
    /// the undo's and the target's records leave memory (ADR-740): one 16-byte key per undo.
    undone: BTreeSet<(DecisionId, DecisionId)>,
    /// Undo → its target, for each permitted undo whose status may still change (not yet reported `executed`, which
    /// is final): what a later `failed` report takes out of `undone`.
    undo_open: BTreeMap<DecisionId, DecisionId>,
    /// `(time, target, undo)` of each final (`executed`) undo whose link is still in `undone`, by when it became final
    /// (ADR-996): a link leaves once its target's compensation window can no longer be open (the undo memory) and its
    /// target's seal says "undone by" it (ADR-994).
    final_links: VecDeque<(i64, DecisionId, DecisionId)>,
    /// The longest `compensate.window` of the policies this process decided under, plus the clocks' slack (ADR-996);
    /// `None` (until a door decides): no link leaves.
    undo_memory_ms: Option<i64>,
    /// Targets reported executed before this time may have had a final undo's link let go of (ADR-1029): the latest
    /// time a link left, less the longest `compensate.window` seen then. Every such target's window was closed under
    /// every policy this process had decided under; a policy reloaded with a longer one would re-open it, so
    /// [`Authority::undo_floor`] is what the undo check compares with. `i64::MIN`: no link left.
    undo_floor_ms: i64,
    /// The door seal (ADR-420): this door's key, if it holds one, and where the journal's seals begin.
    seal: SealRule,
    /// The size of the largest `checkpoint` event's tree (ADR-533): what is already checkpointed, as the journal
    /// says it (never the `checkpoint_size` setting).
    checkpointed: u64,
    /// The RFC 9162 Merkle tree over the applied events' hashes, as its frontier: the roots of its perfect subtrees,
    /// largest first, with their sizes (ADR-534). Enough to sign the tree head this door verified even after the
    /// database lost events under it.
    frontier: Vec<(u64, foureyes_core::merkle::Hash)>,
    /// The highest id of each numbered kind the journal issued (ADR-640): the door issues the next one above it.
    issued: crate::issued::IssuedIds,
    /// The hash of the journal's first event: which store a settlement seal belongs to (ADR-740).
    origin: String,
    /// Settled decisions dropped from `decisions` whose row the next write transaction seals
    /// ([`Authority::take_settled`]); a seal written by a transaction that may still roll back is kept here until a
    /// later one finds it in place (ADR-740).
    to_seal: Vec<Settled>,
    /// Those of `to_seal` the current transaction is sealing (between [`Authority::take_settled`] and
    /// [`Authority::keep_settled`]): still the journal's word for them until then.
    kept_back: Vec<Settled>,
}

impl Default for Authority {
    fn default() -> Self {
        Authority {
            seq: 0,
            applied: Arc::default(),
            hash: GENESIS_HASH.to_string(),
            kill_switch: false,
            keys: HashMap::new(),
            usage: Vec::new(),
            free_keys: Vec::new(),
            reservations: HashMap::new(),
            held_by: BTreeSet::new(),
            approvals: ByAscendingId::default(),
            demotions: BTreeMap::new(),
            session_demotions: HashMap::new(),
            denials: HashMap::new(),
            denial_memory: DenialMemory::Unset,
            denial_floor_ms: i64::MIN,
            denial_cuts: HashMap::new(),
            denial_inserts: 0,
            credentials: Arc::default(),
            signins: Arc::default(),
            decisions: ByAscendingId::default(),
            awaiting: BTreeSet::new(),
            idempotency: HashMap::new(),
            requests_by_time: VecDeque::new(),
            request_memory_ms: None,
            forgotten_requests: 0,
            window_memory_ms: None,
            window_floor_ms: i64::MIN,
            window_inserts: 0,
            window_policy: None,
            task_commands: crate::tasks::shared::JournaledTaskCommands::default(),
            due: Vec::new(),
            deadlines: HashMap::new(),
            unheld_due: BTreeSet::new(),
            introduced: HashMap::new(),
            policy_sha256: None,
            started: HashMap::new(),
            pins: HashMap::new(),
            undone: BTreeSet::new(),
            undo_open: BTreeMap::new(),
            final_links: VecDeque::new(),
            undo_memory_ms: None,
            undo_floor_ms: i64::MIN,
            seal: SealRule::default(),
            checkpointed: 0,
            frontier: Vec::new(),
            issued: crate::issued::IssuedIds::default(),
            origin: String::new(),
            to_seal: Vec::new(),
            kept_back: Vec::new(),
        }
    }
}

/// The Merkle leaf of an event whose hash is `hash` (hex), as `checkpoint::leaves` computes it.
fn leaf_of(hash: &str) -> Result<foureyes_core::merkle::Hash, String> {
    hex::decode(hash)
        .map(|bytes| foureyes_core::merkle::leaf_hash(&bytes))
        .map_err(|_| format!("hash `{hash}` is not hex"))
}

fn usage_key(owner: &str, key: &str, scope: &str) -> String {
    format!("{owner}\0{key}\0{scope}")
}

fn session_of(agent: &str, session_key: &str) -> String {
    format!("{agent}\0{session_key}")
}

impl Authority {
    /// The seq of the last event applied (0: none).
    /// The size of the largest tree a `checkpoint` event of the journal records (ADR-533): 0 before the first.
    pub fn checkpointed(&self) -> u64 {
        self.checkpointed
    }

    /// The tree head this state verified and applied: its size (the seq) and its RFC 9162 root (ADR-534).
    pub fn tree_head(&self) -> (u64, foureyes_core::merkle::Hash) {
        let root = match self.frontier.split_last() {
            None => foureyes_core::merkle::empty_root(),
            Some((last, rest)) => {
                rest.iter().rev().fold(last.1, |right, (_, left)| foureyes_core::merkle::node_hash(left, &right))
            }
        };
        (self.seq, root)
    }

    /// Adds the next event's leaf to the frontier, merging equal subtrees.
    fn grow(&mut self, leaf: foureyes_core::merkle::Hash) {
        self.frontier.push((1, leaf));
        while let [.., (a, left), (b, right)] = self.frontier[..] {
            if a != b {
                break;
            }
            self.frontier.truncate(self.frontier.len() - 2);
            self.frontier.push((a + b, foureyes_core::merkle::node_hash(&left, &right)));
        }
    }

    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The hash of the last event applied (the genesis hash before any).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// Applies the next journal event, after checking that it extends the head this state verified: its `seq`
    /// follows, its `prev_hash` is that head, and its hash is recomputed from its contents. An event that does not
    /// read as its kind is a broken record: it fails too (nothing the door wrote looks like that).
    pub fn apply(&mut self, event: &Event) -> Result<(), StoreError> {
        self.apply_sealed(event, None)
    }

    /// Gives this door the seal key (ADR-420): it seals every event it appends ([`Authority::seal_of`]) and checks
    /// the seal of every event it applies. Set once, before the first event is applied.
    pub fn set_seal_key(&mut self, key: SealKey) {
        self.seal = SealRule::new(Some(key));
    }

    /// The seal of the event whose hash is `hash`, when this door holds the seal key.
    pub fn seal_of(&self, hash: &str) -> Option<String> {
        self.seal.key().map(|k| k.seal(hash))
    }

    /// The seal the event `event` must be stored with, appended after a head `prev_seq` whose event is sealed or
    /// not (`prev_sealed`), checked by the head the transaction holds rather than by this state (which may not have
    /// applied it yet): a door holding the key seals; it refuses to extend an unsealed head other than with
    /// `seal_started` (a journal written before the seal, or a forged tail: ADR-420), and a door without the key
    /// refuses to extend a sealed one (its event would carry no seal).
    pub fn seal_for_append(
        &self,
        prev_seq: u64,
        prev_hash: &str,
        prev_seal: Option<&str>,
        event: &foureyes_core::journal::Encoded,
    ) -> Result<Option<String>, StoreError> {
        let prev_sealed = prev_seal.is_some();
        match self.seal.key() {
            Some(key) => {
                // A head this state has not applied (a command that appends without catching up) is checked here:
                // a door whose key is not the store's would otherwise seal an event no other door accepts, and
                // every door would stop at it (attack 22, W1).
                if let Some(seal) = prev_seal
                    && (prev_seq != self.seq || prev_hash != self.hash)
                    && !key.verifies(prev_hash, seal)
                {
                    return Err(StoreError::Backend(format!(
                        "the journal's newest event (seq {prev_seq}) is sealed under another key than this door's: \
                         this door appends nothing to it; give it the store's seal key (`--seal-key FILE` or \
                         FOUREYES_SEAL_KEY) (ADR-420, ADR-374)"
                    )));
                }
                if prev_seq > 0 && !prev_sealed && event.kind != foureyes_core::journal::EventKind::SealStarted {
                    return Err(StoreError::Backend(format!(
                        "the journal's newest event (seq {prev_seq}) carries no seal: either the journal was written \
                         before the seal (check it against your witness, then `foureyes journal seal`) or an event no \
                         door wrote was appended; this door appends nothing after it (ADR-420)"
                    )));
                }
                Ok(Some(key.seal(&event.hash)))
            }
            None if prev_sealed => Err(StoreError::Backend(format!(
                "the journal is sealed (its newest event, seq {prev_seq}, carries a seal), and this door holds no seal \
                 key: give it the key (`--seal-key FILE` or FOUREYES_SEAL_KEY) (ADR-420)"
            ))),
            None => Ok(None),
        }
    }

    /// Whether this door holds the seal key.
    pub fn holds_seal_key(&self) -> bool {
        self.seal.key().is_some()
    }

    /// The seq the journal is sealed from, as far as this state has applied it.
    pub fn sealed_from(&self) -> Option<u64> {
        self.seal.sealed_from()
    }

    /// Why this door must not decide or write on the journal as applied so far (see `SealRule::door_refusal`).
    pub fn seal_refusal(&self) -> Option<String> {
        self.seal.door_refusal()
    }

    /// [`Authority::apply`] of an event as stored with its `seal` (ADR-420): besides the chain, the seal rule — an
    /// unsealed event on a sealed journal, or a seal that does not verify under this door's key, is refused naming
    /// the seq, and nothing from it on is applied.
    pub fn apply_sealed(&mut self, event: &Event, seal: Option<&str>) -> Result<(), StoreError> {
        let broken = |what: &str| {
            StoreError::Backend(format!(
                "journal seq {}: {what}; the door's authority state stops at seq {} (see `foureyes journal verify`)",
                event.seq, self.seq
            ))
        };
        if event.seq != self.seq + 1 {
            return Err(broken(&format!("expected seq {}", self.seq + 1)));
        }
        if event.prev_hash != self.hash {
            return Err(broken("prev_hash is not the hash of the event before it"));
        }
        if event_hash(event.seq, event.ts_ms, event.kind, &event.data, &event.prev_hash) != event.hash {
            return Err(broken("hash does not match the event's contents"));
        }
        let data = EventData::from_journal(event.kind, &event.data).map_err(|e| broken(&e))?;
        let unsealed = match &data {
            EventData::SealStarted(s) => Some(s.unsealed),
            _ => None,
        };
        self.seal.check(event.seq, event.kind, &event.hash, seal, unsealed).map_err(|p| broken(&p.to_string()))?;
        if seal.is_some() && self.holds_seal_key() {
            crate::clock_floor::key_proven(if event.seq == 1 { &event.hash } else { &self.origin });
        }
        if let EventData::Checkpoint(c) = &data {
            let noted = foureyes_core::checkpoint::sealed_from_in(&c.note);
            self.seal.check_note(noted).map_err(|p| broken(&p.to_string()))?;
        }
        let leaf = leaf_of(&event.hash).map_err(|e| broken(&e))?;
        self.issued.issue(&data).map_err(|e| broken(&e))?;
        if event.seq == 1 {
            self.origin.clone_from(&event.hash);
        }
        self.apply_data(event.seq, event.ts_ms, &data, None);
        self.grow(leaf);
        self.seq = event.seq;
        self.applied.store(event.seq, Ordering::Release);
        self.hash.clone_from(&event.hash);
        Ok(())
    }

    /// Applies the events this process's own transaction appended (ADR-410), in order, once that transaction's work
    /// stands: each from the typed data it was written from, without reading it back, parsing it or hashing it again
    /// (its hash was computed over exactly the text the journal holds, by [`foureyes_core::journal::Encoded::next`]).
    /// Only while they extend the head this state verified: from the first one that does not (the transaction began
    /// behind the head, e.g. it did not catch up first), they are left to [`crate::ops::catch_up`], which reads and
    /// verifies them from the journal like any other process's events.
    pub fn apply_appended(&mut self, appended: Vec<Appended>) {
        for event in appended {
            if event.seq != self.seq + 1 || event.prev_hash != self.hash {
                return;
            }
            // The seal rule too (ADR-420), so that where the seals begin is known from the door's own appends; an
            // event it refuses is left to the catch-up, which refuses it naming the seq.
            let unsealed = match &event.data {
                EventData::SealStarted(s) => Some(s.unsealed),
                _ => None,
            };
            if self.seal.check(event.seq, event.data.kind(), &event.hash, event.seal.as_deref(), unsealed).is_err() {
                return;
            }
            if let EventData::Checkpoint(c) = &event.data
                && self.seal.check_note(foureyes_core::checkpoint::sealed_from_in(&c.note)).is_err()
            {
                return;
            }
            let Ok(leaf) = leaf_of(&event.hash) else { return };
            if self.issued.issue(&event.data).is_err() {
                return;
            }
            if event.seq == 1 {
                self.origin.clone_from(&event.hash);
            }
            self.apply_data(event.seq, event.ts_ms, &event.data, event.fingerprint.as_deref());
            self.grow(leaf);
            self.seq = event.seq;
            self.applied.store(event.seq, Ordering::Release);
            self.hash = event.hash;
        }
    }

    /// The first part of the state in which `self` and `other` differ, if any: what a state applied from a process's
    /// own appends (ADR-410) must never show against one replayed from the journal. A window's running count is a
    /// cache of its entries (it moves with the queries made), so entries are compared, not counts.
    pub fn differs_from(&self, other: &Authority) -> Option<&'static str> {
        fn rolling(a: &Rolling) -> &BTreeMap<(i64, i64), i64> {
            &a.entries
        }
        // Entries one state let go of after its window memory (ADR-376) are not compared: only those both still hold.
        let floor = self.window_floor_ms.max(other.window_floor_ms);
        let usage = |x: &Authority| -> HashMap<String, BTreeMap<(i64, i64), i64>> {
            let held = |r: &Rolling| rolling(r).range((floor, i64::MIN)..).map(|(k, v)| (*k, *v)).collect();
            x.keys.iter().map(|(k, i)| (k.clone(), held(&x.usage[*i]))).collect()
        };
        let due = |x: &Authority| -> HashMap<String, BTreeSet<(i64, DecisionId)>> {
            x.keys.iter().map(|(k, i)| (k.clone(), x.due[*i].clone())).collect()
        };
        // Denials either state let go of (ADR-875: before its floor, or before its session's cut) are not compared.
        let denials_agree = || {
            let denial_floor = self.denial_floor_ms.max(other.denial_floor_ms);
            let held = |x: &Authority, session: &str, from: i64| -> BTreeMap<(i64, i64), i64> {
                x.denials
                    .get(session)
                    .map(|r| r.entries.range((from, i64::MIN)..).map(|(k, v)| (*k, *v)).collect())
                    .unwrap_or_default()
            };
            self.denials.keys().chain(other.denials.keys()).all(|session| {
                let cut = |x: &Authority| x.denial_cuts.get(session).copied().unwrap_or(i64::MIN);
                let from = denial_floor.max(cut(self)).max(cut(other));
                held(self, session, from) == held(other, session, from)
            })
        };
        let reservations = |x: &Authority| -> HashMap<i64, (String, i64)> {
            let names: HashMap<usize, &String> = x.keys.iter().map(|(k, i)| (*i, k)).collect();
            // A releasable reservation whose key left memory (its entry swept, ADR-886) names no key.
            let name = |i: &usize| names.get(i).map_or_else(String::new, |n| (*n).clone());
            x.reservations.iter().map(|(id, (i, ts))| (*id, (name(i), *ts))).collect()
        };
        let credentials = |x: &Authority| x.credentials.read().map(|c| c.clone()).unwrap_or_default();
        let signins = |x: &Authority| x.signins.read().map(|c| c.clone()).unwrap_or_default();
        let deadlines = |x: &Authority| -> HashMap<DecisionId, (i64, i64, String, String, Vec<String>)> {
            let names: HashMap<usize, &String> = x.keys.iter().map(|(k, i)| (*i, k)).collect();
            x.deadlines
                .iter()
                .map(|(id, d)| {
                    let keys = d.keys.iter().map(|i| names[i].clone()).collect();
                    (*id, (d.report_by_ms, d.decided_ms, d.action.clone(), d.agent.clone(), keys))
                })
                .collect()
        };
        // A link whose undo is final and whose target is settled may have left one state for its target's row seal
        // (ADR-994), depending on when that seal was found in place: only the others are compared.
        let undone = |x: &Authority| -> BTreeSet<(DecisionId, DecisionId)> {
            x.undone
                .iter()
                .filter(|(target, undo)| {
                    !x.holds_seal_key() || x.undo_open.contains_key(undo) || x.decisions.get(*target).is_some()
                })
                .copied()
                .collect()
        };
        let checks: [(&'static str, bool); 27] = [
            ("seq", self.seq == other.seq),
            ("hash", self.hash == other.hash),
            ("applied", self.applied.load(Ordering::Acquire) == other.applied.load(Ordering::Acquire)),
            ("kill_switch", self.kill_switch == other.kill_switch),
            ("usage", usage(self) == usage(other)),
            ("reservations", reservations(self) == reservations(other)),
            ("held_by", self.held_by == other.held_by),
            ("approvals", self.approvals == other.approvals),
            ("demotions", self.demotions == other.demotions),
            ("session_demotions", self.session_demotions == other.session_demotions),
            ("denials", denials_agree()),
            ("credentials", credentials(self) == credentials(other)),
            ("signins", signins(self) == signins(other)),
            ("decisions", self.decisions == other.decisions),
            ("awaiting", self.awaiting == other.awaiting),
            ("idempotency", self.idempotency == other.idempotency),
            ("requests_by_time", self.requests_by_time == other.requests_by_time),
            ("task_commands", self.task_commands == other.task_commands),
            ("due", due(self) == due(other)),
            ("deadlines", deadlines(self) == deadlines(other)),
            ("introduced", self.introduced == other.introduced),
            ("policy_sha256", self.policy_sha256 == other.policy_sha256),
            ("started", self.started == other.started),
            ("pins", self.pins == other.pins),
            ("undone", undone(self) == undone(other)),
            ("unheld_due", self.unheld_due == other.unheld_due),
            ("undo_open", self.undo_open == other.undo_open),
        ];
        checks.into_iter().find(|(_, same)| !same).map(|(name, _)| name)
    }

    /// `fingerprint`: a `decided` event's request fingerprint when the transaction that appended it computed it
    /// ([`Appended::fingerprint`]); otherwise it is computed from the event's request.
    fn apply_data(&mut self, seq: u64, ts_ms: i64, data: &EventData, fingerprint: Option<&str>) {
        self.task_commands.apply(seq, data);
        match data {
            EventData::Decided(d) => {
                for r in &d.reservations {
                    let owner = match &r.effect {
                        None => d.request.action.clone(),
                        Some(effect) => foureyes_core::effect_owner(effect),
                    };
                    // Written by the door, an amount always has units; otherwise it counts as much as it can.
                    let units = crate::amount_units(r.amount).unwrap_or(i64::MAX);
                    let k = usage_key(&owner, &r.key, &r.scope);
                    let index = match self.keys.get(&k) {
                        Some(i) => *i,
                        // A key that left memory (ADR-886) comes back empty: nothing it held is still in a window
                        // the door may count (a query before the floor is refused, ADR-376).
                        None => {
                            let index = match self.free_keys.pop() {
                                Some(free) => free,
                                None => {
                                    self.usage.push(Rolling::default());
                                    self.due.push(BTreeSet::new());
                                    self.usage.len() - 1
                                }
                            };
                            self.keys.insert(k, index);
                            index
                        }
                    };
                    self.usage[index].insert(ts_ms, r.id, units);
                    self.reservations.insert(r.id, (index, ts_ms));
                    self.held_by.insert((d.decision_id, r.id));
                    // A run FourEyes makes (`connector`, ADR-440) is reported by that run only, and may still be
                    // acting past any deadline (a slow target, a crash after its start): its reservation is kept
                    // until the run reports or an admin settles it, never released by `report_within` (F390).
                    if let Some(by) = d.report_by_ms.filter(|_| d.connector.is_none()) {
                        let deadline = self.deadlines.entry(d.decision_id).or_insert_with(|| Deadline {
                            report_by_ms: by,
                            decided_ms: ts_ms,
                            action: d.request.action.clone(),
                            agent: d.request.agent.clone(),
                            keys: Vec::new(),
                        });
                        if !deadline.keys.contains(&index) {
                            deadline.keys.push(index);
                            self.due[index].insert((by, d.decision_id));
                        }
                    }
                }
                // A permit that reserved nothing has a deadline too when the policy sets `report_within` (ADR-995):
                // no key's read finds it, so the door's sweep expires it (never one FourEyes runs, as above).
                if d.verdict == Verdict::Permit
                    && d.status == DecisionStatus::Intended
                    && d.connector.is_none()
                    && let Some(by) = d.report_by_ms
                    && !self.deadlines.contains_key(&d.decision_id)
                {
                    let deadline = Deadline {
                        report_by_ms: by,
                        decided_ms: ts_ms,
                        action: d.request.action.clone(),
                        agent: d.request.agent.clone(),
                        keys: Vec::new(),
                    };
                    self.deadlines.insert(d.decision_id, deadline);
                    self.unheld_due.insert((by, d.decision_id));
                }
                self.window_inserts += d.reservations.len();
                self.forget_old_window_entries(ts_ms);
                // As `pipeline::decide` marks it (`Decision::session_denial`): a deny of the agent's own request.
                if d.verdict == Verdict::Deny && d.request.approval_id.is_none() {
                    let session = session_of(&d.request.agent, d.request.session.as_deref().unwrap_or_default());
                    self.denials.entry(session).or_default().insert(ts_ms, seq as i64, 1);
                    self.denial_inserts += 1;
                    self.forget_old_denials(ts_ms);
                }
                let mut consumed = None;
                if d.consumes_approval
                    && let Some(id) = d.approval_id
                    && let Some(a) = self.approvals.get_mut(id)
                {
                    a.status = "consumed";
                    self.settle_approval(id);
                    consumed = Some(id);
                }
                let fingerprint = fingerprint.map_or_else(|| d.request.fingerprint(), str::to_string);
                let summary = decision_summary(
                    &d.request.agent,
                    &d.request.request_id,
                    &fingerprint,
                    &d.digest,
                    d.tier,
                    d.supersedes,
                    d.request.connector_digest(),
                );
                let journaled = JournaledDecision {
                    verdict: d.verdict,
                    status: d.status,
                    connector: d.connector.is_some(),
                    decided_seq: seq,
                    summary,
                    expiry: Expiry::No,
                };
                self.decisions.insert(d.decision_id, journaled);
                // A deferral waits on its approval (ADR-895): it settles when that approval can no longer release it.
                if d.verdict == Verdict::Defer
                    && d.status == DecisionStatus::AwaitingApproval
                    && let Some(approval) = d.approval_id
                    && self.holds_seal_key()
                {
                    self.awaiting.insert((approval, d.decision_id));
                }
                if let Some(sup) = d.supersedes {
                    if let Some(approval) = d.approval_id {
                        self.awaiting.remove(&(approval, sup));
                    }
                    if let Some(record) = self.decisions.get_mut(sup) {
                        record.status = DecisionStatus::Superseded;
                    } else if let Some(record) = self.waiting_mut(sup) {
                        // Settled when its approval could no longer release it, its seal not yet known to be in place
                        // (ADR-895): the seal written is this one.
                        record.status = DecisionStatus::Superseded;
                    } else if self.settled_out(sup) {
                        // Settled and sealed (ADR-895): the next write transaction seals the row again, superseded.
                        self.to_seal.push(Settled::Superseded(sup));
                    }
                }
                if let (Verdict::Permit, Some(target)) = (d.verdict, d.request.undo_of) {
                    self.undo_open.insert(d.decision_id, target);
                    self.undo_status(d.decision_id, d.status, ts_ms);
                }
                if let Some(sup) = d.supersedes {
                    self.undo_status(sup, DecisionStatus::Superseded, ts_ms);
                }
                // Settled: the deferral this release answers, and a deny or rehearsal that no approval can re-open
                // (a kill-switch block of an approved request is decided again on retry: ADR-240).
                if let Some(sup) = d.supersedes {
                    self.settle_record(sup);
                }
                // A deny that carries an approval is final too unless the kill switch blocked it (ADR-895): only such a
                // block is decided again on retry (`ops::decide_prepared`); a release denied because its approval was
                // rejected, expired, revoked or used is answered as it stands.
                let blocked = d.verdict == Verdict::Deny
                    && d.approval_id.is_some()
                    && d.reasons.iter().any(|r| r.code == foureyes_core::ReasonCode::KillSwitch);
                if d.status == DecisionStatus::Closed && !blocked {
                    self.settle_record(d.decision_id);
                }
                if let Some(approval) = consumed {
                    self.settle_deferrals_of(approval);
                }
                // As the door writes the row (`ops::persist`): a new request id binds its first fingerprint; a
                // release that supersedes the deferral repoints it; a transient kill-switch block leaves it.
                let key = idempotency_summary(&crate::replay::idempotency_key(&d.request));
                match self.idempotency.get_mut(&key) {
                    Some(entry) => {
                        if d.supersedes.is_some() {
                            entry.decision_id = d.decision_id;
                        }
                    }
                    // A release, or a kill-switch block of one, on a request id let go of after the request memory
                    // (ADR-373): a settled deferral's id may be (ADR-895). It stays let go of: its row, repointed by
                    // the release (or left by the block), is believed through the decisions it names
                    // (`ops::check_forgotten_request`); the release's own request (its approval set) is not the
                    // fingerprint the row was first asked with, so it must not be taken for the id's first answer.
                    None if d.supersedes.is_some() || (blocked && self.forgotten_requests > 0) => {}
                    None => {
                        let fingerprint = fingerprint_summary(&fingerprint);
                        self.idempotency.insert(key, JournaledRequest { decision_id: d.decision_id, fingerprint });
                        self.requests_by_time.push_back((ts_ms, key));
                    }
                }
                self.forget_old_requests(ts_ms);
                self.forget_old_links(ts_ms);
            }
            EventData::Reported(r) => {
                let status = DecisionStatus::from_outcome(r.outcome);
                if let Some(d) = self.decisions.get_mut(r.decision_id) {
                    report_record(d, status, ts_ms, Some(&r.detail));
                } else if let Some(d) = self.waiting_mut(r.decision_id) {
                    // Settled by its expiry, its seal not yet known to be in place: the seal written is this one.
                    report_record(d, status, ts_ms, Some(&r.detail));
                } else if self.settled_out(r.decision_id) {
                    // Settled by its expiry and sealed (ADR-885): the next write transaction seals the row again.
                    let detail = (status == DecisionStatus::Executed).then(|| r.detail.clone());
                    let late = LateReport { status, reported_ms: ts_ms, detail };
                    self.to_seal.push(Settled::Report(r.decision_id, late));
                }
                self.undo_status(r.decision_id, DecisionStatus::from_outcome(r.outcome), ts_ms);
                self.forget_old_links(ts_ms);
                self.release(r.decision_id, &r.released);
                // Executed is final (`ops::report` refuses any other report after it): nothing can release what it
                // still holds, so only the window's count keeps those reservations, not the release's index.
                if r.outcome == foureyes_core::Outcome::Executed {
                    self.settle(r.decision_id);
                }
                // Reported: no deadline any more.
                self.clear_deadline(r.decision_id);
                // `executed` and `failed` are final (`ops::report` refuses any other report after them).
                if matches!(r.outcome, foureyes_core::Outcome::Executed | foureyes_core::Outcome::Failed) {
                    self.settle_record(r.decision_id);
                }
            }
            EventData::ReservationExpired(x) => {
                if let Some(d) = self.decisions.get_mut(x.decision_id) {
                    d.status = DecisionStatus::Unknown;
                    d.expiry = Expiry::Unreported;
                }
                self.release(x.decision_id, &x.released);
                self.clear_deadline(x.decision_id);
                // Nothing but a late report can change it now (ADR-885): it holds nothing, no deadline, and a retry
                // of its request id answers it as it stands. Under the seal key it leaves memory for its row's seal.
                self.settle_record(x.decision_id);
            }
            EventData::ApprovalRequested(a) => {
                let journaled = JournaledApproval {
                    decision_id: a.decision_id,
                    digest: a.digest.clone(),
                    required: a.required,
                    expires_at_ms: a.expires_at_ms,
                    approvers: Vec::new(),
                    status: "pending",
                    step_up: Some(a.step_up),
                };
                self.approvals.insert(a.approval_id, journaled);
            }
            EventData::ApprovalVote(v) | EventData::Approved(v) => {
                if let Some(a) = self.approvals.get_mut(v.approval_id) {
                    a.approvers.clone_from(&v.approvers);
                    if matches!(data, EventData::Approved(_)) {
                        a.status = "approved";
                    }
                }
            }
            EventData::Rejected(r) => self.set_approval_status(r.approval_id, "rejected"),
            EventData::Expired(e) => self.set_approval_status(e.approval_id, "expired"),
            EventData::Revoked(r) => self.set_approval_status(r.approval_id, "revoked"),
            EventData::KillSwitch(k) => self.kill_switch = k.engaged,
            EventData::Credential(change) => {
                let mut credentials = self.credentials.write().unwrap_or_else(std::sync::PoisonError::into_inner);
                match change {
                    CredentialChange::Created { name, role, serves, step_up, token_binding, totp_binding } => {
                        let c = JournaledCredential {
                            role: *role,
                            serves: serves.clone(),
                            live: true,
                            token_binding: token_binding.clone(),
                            step_up: *step_up,
                            totp_binding: totp_binding.clone(),
                            totp_last_step: None,
                        };
                        credentials.insert(name.clone(), c);
                    }
                    CredentialChange::TotpStepAccepted { name, step } => {
                        if let Some(c) = credentials.get_mut(name) {
                            c.totp_last_step = c.totp_last_step.max(Some(*step));
                        }
                    }
                    CredentialChange::Revoked { name } => {
                        if let Some(c) = credentials.get_mut(name) {
                            c.live = false;
                        }
                    }
                    // A connector secret grants no role: its value is sealed outside the journal (ADR-231).
                    CredentialChange::SecretSet { .. } => {}
                    CredentialChange::SessionOpened { .. }
                    | CredentialChange::SessionClosed { .. }
                    | CredentialChange::SigninCodeIssued { .. }
                    | CredentialChange::SigninCodeUsed { .. } => {
                        drop(credentials);
                        self.apply_signin(change);
                    }
                }
            }
            EventData::SessionDemoted(d) => {
                let record = DemotionRecord {
                    demotion_id: d.demotion_id,
                    agent: d.agent.clone(),
                    session: d.session.clone(),
                    signal: d.signal,
                    reason: d.reason.clone(),
                    decision_id: d.decision_id,
                    started_at_ms: ts_ms,
                    until_ms: d.until_ms,
                    status: DemotionStatus::Active,
                    ended_at_ms: None,
                    ended_by: None,
                    ended_reason: None,
                };
                let session = session_of(&d.agent, d.session.as_deref().unwrap_or_default());
                let ids = self.session_demotions.entry(session).or_default();
                ids.push(d.demotion_id);
                ids.sort_unstable();
                self.demotions.insert(d.demotion_id, record);
            }
            EventData::SessionRestored(r) => {
                if let Some(d) = self.demotions.get_mut(&r.demotion_id) {
                    match r.cause {
                        RestoreCause::Expired => {
                            d.status = DemotionStatus::Expired;
                            d.ended_at_ms = Some(r.until_ms);
                        }
                        RestoreCause::Admin => {
                            d.status = DemotionStatus::Restored;
                            d.ended_at_ms = Some(ts_ms);
                            d.ended_by.clone_from(&r.by);
                            d.ended_reason.clone_from(&r.why);
                        }
                    }
                }
            }
            EventData::ConnectorStarted(c) => {
                self.started.entry(c.decision_id).or_insert(ts_ms);
                // A start mark says FourEyes itself is running the decision (a connector, or the MCP proxy's
                // forwarded call, ADR-966): from then on only a report or a person settles it, not the clock.
                self.clear_deadline(c.decision_id);
            }
            EventData::PolicyLoaded(p) => {
                for name in &p.introduced {
                    self.introduced.entry(name.clone()).or_insert(ts_ms);
                }
                self.policy_sha256 = Some(p.sha256.clone());
            }
            EventData::Checkpoint(c) => self.checkpointed = self.checkpointed.max(c.size),
            EventData::ToolPinned(pin) => {
                // `tool_pin::fold`'s rule (ADR-1261): a pin no door would journal now — a name the pin's rule
                // refuses, or one that reads like a pin held before it — is never held.
                let held =
                    foureyes_core::tool_pin::check(pin).is_ok() && self.pinned_alike(&pin.server, &pin.tool).is_none();
                let key = (pin.server.clone(), pin.tool.clone());
                if held && (pin.cause == foureyes_core::tool_pin::PinCause::Approved || !self.pins.contains_key(&key)) {
                    self.pins.insert(key, (pin.sha256.clone(), seq));
                }
            }
            EventData::Refused(_) | EventData::Task(_) => {}
            // Checked by the seal rule before it is applied (ADR-420); it grants nothing.
            EventData::SealStarted(_) => {}
        }
    }

    /// Follows an undo's status into [`Authority::undone_by`] (ADR-368), exactly as the row query it replaces counted
    /// it (`verdict = 'permit' AND status IN ('intended', 'executed', 'unknown')`): `failed` (or any status that does
    /// not act) takes the undo out, `executed` is final and keeps it for ever. A decision that is no open undo is left.
    fn undo_status(&mut self, undo: DecisionId, status: DecisionStatus, ts_ms: i64) {
        let Some(target) = self.undo_open.get(&undo).copied() else { return };
        match status {
            DecisionStatus::Intended | DecisionStatus::Unknown => {
                self.undone.insert((target, undo));
            }
            DecisionStatus::Executed => {
                self.undone.insert((target, undo));
                self.undo_open.remove(&undo);
                if self.holds_seal_key() {
                    self.final_links.push_back((ts_ms, target, undo));
                }
                // Final: "undone by" goes into the target's settlement seal (ADR-994). A target still in memory gets
                // it when it settles ([`Authority::take_settled`]); one already settled has its row sealed again.
                if self.holds_seal_key() && self.decisions.get(target).is_none() && !self.waiting_record(target) {
                    self.to_seal.push(Settled::Undone(target));
                }
            }
            _ => {
                self.undone.remove(&(target, undo));
                self.undo_open.remove(&undo);
            }
        }
    }

    /// The undo that compensates decision `target`, as the journal says (ADR-368): a permitted undo of it that was not
    /// reported `failed`; the lowest id if (never by the door) there were two.
    pub fn undone_by(&self, target: DecisionId) -> Option<DecisionId> {
        self.undone.range((target, DecisionId::MIN)..=(target, DecisionId::MAX)).next().map(|(_, undo)| *undo)
    }

    /// [`Authority::undone_by`], also for a target whose link left memory once its row's seal said "undone by"
    /// (ADR-994): `settled` is the target's row's `settled` column, read by the caller when the target is settled
    /// out ([`Authority::settled_out`]). A row whose seal is not the door's for this target is refused (`Err`): a
    /// hand-edited row never re-opens its target.
    pub fn undone_by_sealed(&self, target: DecisionId, settled: Option<&str>) -> Result<Option<DecisionId>, String> {
        if let Some(undo) = self.undone_by(target) {
            return Ok(Some(undo));
        }
        if !self.settled_out(target) || self.waiting_record(target) {
            return Ok(None);
        }
        let Some(key) = self.seal.key() else { return Ok(None) };
        let text = settled.ok_or_else(|| "it carries no settlement seal".to_string())?;
        sealed_of_settled(key, &self.origin, target, text).map(|(_, undone)| undone)
    }

    /// Gives back reservations `ids` of `decision` (a failure's, or an expiry's): each exactly once.
    fn release(&mut self, decision: DecisionId, ids: &[i64]) {
        for id in ids {
            if let Some((index, ts)) = self.reservations.remove(id) {
                self.usage[index].remove(ts, *id);
            }
        }
        for id in ids {
            self.held_by.remove(&(decision, *id));
        }
    }

    /// Forgets which reservations a decision reported `executed` holds (ADR-700): they stay in their windows' counts
    /// until the windows pass them, but no report can release them any more.
    fn settle(&mut self, decision: DecisionId) {
        let held: Vec<(DecisionId, i64)> =
            self.held_by.range((decision, i64::MIN)..=(decision, i64::MAX)).copied().collect();
        for key in held {
            self.held_by.remove(&key);
            self.reservations.remove(&key.1);
        }
    }

    /// Drops settled decision `id`'s record from memory when this door holds the seal key (ADR-740): its row is sealed
    /// with it by the next write transaction ([`Authority::take_settled`]), and read back through the seal. What else
    /// the state keeps of it goes too: a connector start is folded into the sealed connector flag (nothing starts a
    /// settled decision's connector). A permit whose reservations expired carries that in its record (ADR-885).
    /// Without the key nothing is dropped: a keyless row proves nothing.
    fn settle_record(&mut self, id: DecisionId) {
        if !self.holds_seal_key() {
            return;
        }
        let Some(mut record) = self.decisions.remove(id) else { return };
        if self.started.remove(&id).is_some() {
            record.connector = true;
        }
        self.to_seal.push(Settled::Decision(id, record));
    }

    /// The settled decisions whose rows must carry their settlement seal (ADR-740), each with the `settled` text to
    /// write; taken out of the state: give back with [`Authority::keep_settled`] those whose write may still roll back.
    pub fn take_settled(&mut self) -> Vec<(SettledRow, String)> {
        let Some(key) = self.seal.key() else { return Vec::new() };
        // Left by a transaction that ended before it said which to keep: sealed again, which is harmless.
        let left = std::mem::take(&mut self.kept_back);
        self.to_seal.extend(left);
        let texts = self
            .to_seal
            .iter()
            .map(|settled| match settled {
                Settled::Decision(id, record) => {
                    (SettledRow::Decision(*id), settled_text(key, &self.origin, *id, record, self.sealed_undo(*id)))
                }
                Settled::Approval(id, record) => {
                    (SettledRow::Approval(*id), approval_settled_text(key, &self.origin, *id, record))
                }
                Settled::Report(id, _) | Settled::Superseded(id) | Settled::Undone(id) => {
                    (SettledRow::Report(*id), String::new())
                }
            })
            .collect();
        self.kept_back = std::mem::take(&mut self.to_seal);
        texts
    }

    /// Lets go of every settled record waiting for its row's seal, writing none (issue 14, ADR-1057): what a replay
    /// that writes nothing (`journal verify`, ADR-865) does with them, page by page, as a door does with the seals it
    /// finds in place. Without it such a replay held every settlement of the history and made every one's seal text
    /// again at each page ([`Authority::take_settled`] gives back what the last one took when no
    /// [`Authority::keep_settled`] followed): quadratic in the journal's length (F1057).
    pub fn drop_settled(&mut self) {
        self.to_seal.clear();
        self.kept_back.clear();
    }

    /// Of the last [`Authority::take_settled`], in its order, keeps those `written` by this transaction to be sealed
    /// again by a later one: this one may still roll back; a later one finds the seal in place and lets them go.
    pub fn keep_settled(&mut self, written: &[bool]) {
        let taken = std::mem::take(&mut self.kept_back);
        let mut written = written.iter();
        let mut in_place = Vec::new();
        for settled in taken {
            if written.next().copied().unwrap_or(true) {
                self.to_seal.push(settled);
            } else {
                in_place.push(settled);
            }
        }
        // Seals found in place let their records go; a link leaves by time (ADR-996, [`Authority::forget_old_links`]).
        drop(in_place);
    }

    /// Whether decision `id`'s row still waits for a seal this state will write: its record, or "undone by" it.
    fn seal_pending(&self, id: DecisionId) -> bool {
        self.to_seal.iter().chain(&self.kept_back).any(|s| match s {
            Settled::Decision(i, _) | Settled::Undone(i) => *i == id,
            _ => false,
        })
    }

    /// Lets go of the links of final undos (ADR-994, ADR-996) that became final more than the undo memory before
    /// `now_ms` (the applied event's time: a replay given the same memory lets go of the same ones) and whose target's
    /// seal says "undone by" them: past its compensation window no undo of the target is permitted whatever its row
    /// says (the window is judged on the report time the seal binds, ADR-850), so a row given back an earlier seal
    /// re-opens nothing. A link whose target's seal is still to be written is looked at again a memory later.
    fn forget_old_links(&mut self, now_ms: i64) {
        let Some(memory) = self.undo_memory_ms else { return };
        let horizon = now_ms.saturating_sub(memory);
        let mut later = Vec::new();
        while let Some(&(at, target, undo)) = self.final_links.front() {
            if at >= horizon {
                break;
            }
            self.final_links.pop_front();
            if self.decisions.get(target).is_some() || self.seal_pending(target) {
                later.push((now_ms, target, undo));
            } else {
                self.undone.remove(&(target, undo));
                // ADR-1029: the target was reported executed before its undo became final (`at`), and doors' clocks
                // disagree by at most the slack: it was reported before `horizon` plus the slack.
                self.undo_floor_ms = self.undo_floor_ms.max(horizon.saturating_add(WINDOW_SLACK_MS));
            }
        }
        self.final_links.extend(later);
        if self.final_links.capacity() > 4 * self.final_links.len() + 1024 {
            self.final_links.shrink_to(2 * self.final_links.len());
        }
    }

    /// Sets the undo memory itself (a replay compared with this state, the tests).
    pub fn set_undo_memory(&mut self, memory_ms: Option<i64>) {
        self.undo_memory_ms = memory_ms;
    }

    /// The undo memory in force (ADR-996).
    pub fn undo_memory(&self) -> Option<i64> {
        self.undo_memory_ms
    }

    /// A target reported executed before this time may be one whose final undo's link this state let go of
    /// (ADR-1029): memory cannot say it was never undone, and its row's seal is proven the door's, not the newest
    /// (ADR-994's limit). `i64::MIN` while no link has left (after a restart, until the first one leaves again).
    pub fn undo_floor(&self) -> i64 {
        self.undo_floor_ms
    }

    /// Whether decision `id`'s settled record is still waiting for its row's seal ([`Settled::Decision`]).
    fn waiting_record(&self, id: DecisionId) -> bool {
        self.to_seal.iter().chain(&self.kept_back).any(|s| matches!(s, Settled::Decision(i, _) if *i == id))
    }

    /// The undo that compensates `target` for good (ADR-994): permitted and reported `executed`, final. What the
    /// target's settlement seal carries as "undone by".
    fn sealed_undo(&self, target: DecisionId) -> Option<DecisionId> {
        self.undone
            .range((target, DecisionId::MIN)..=(target, DecisionId::MAX))
            .map(|(_, undo)| *undo)
            .find(|undo| !self.undo_open.contains_key(undo))
    }

    /// What the journal says of decision `id` (ADR-240, ADR-740): its record while live; once settled and dropped,
    /// the record sealed in its row (`settled`, the row's `settled` column, read by the caller only then), checked
    /// under the seal key for this id and this store. An id the journal issued that the state does not hold is
    /// believed only through a seal: a row rolled back to a non-final status, swapped with another's, or written for
    /// an id the journal skipped is [`JournalSays::Unproven`].
    pub fn journal_says(&self, id: DecisionId, settled: Option<&str>) -> JournalSays {
        if let Some(record) = self.decisions.get(id) {
            return JournalSays::Record(*record);
        }
        let waiting = self.to_seal.iter().chain(&self.kept_back).find_map(|settled| match settled {
            Settled::Decision(i, record) if *i == id => Some(*record),
            _ => None,
        });
        if let Some(record) = waiting {
            return JournalSays::Record(record);
        }
        let issued = id >= 1 && id < self.issued.next(crate::issued::IdKind::Decision);
        match (self.seal.key(), settled) {
            (Some(key), Some(text)) if issued => match record_of_settled(key, &self.origin, id, text) {
                // With the reports journaled since, whose seal is not yet known to be in place (ADR-885).
                Ok(record) => JournalSays::Record(self.with_late_reports(id, record)),
                Err(_) => JournalSays::Unproven("its settlement seal is not the door's for this decision"),
            },
            (Some(_), None) if issued => JournalSays::Unproven("it carries no settlement seal"),
            _ => JournalSays::Nothing,
        }
    }

    /// The record of settled decision `id` still waiting for its row's seal (ADR-740), to change before it is sealed.
    fn waiting_mut(&mut self, id: DecisionId) -> Option<&mut JournaledDecision> {
        self.kept_back.iter_mut().chain(self.to_seal.iter_mut()).find_map(|settled| match settled {
            Settled::Decision(i, record) if *i == id => Some(record),
            _ => None,
        })
    }

    /// `record`, the one sealed in decision `id`'s row, with the reports journaled on it since whose new seal is not
    /// yet known to be in place (ADR-885), in journal order. A report changes only a permit whose reservations expired
    /// and which no report has made final: `unknown`, the one status a sealed record can leave.
    fn with_late_reports(&self, id: DecisionId, mut record: JournaledDecision) -> JournaledDecision {
        for settled in self.kept_back.iter().chain(&self.to_seal) {
            if let Settled::Report(i, late) = settled
                && *i == id
                && record.status == DecisionStatus::Unknown
                && record.expiry != Expiry::No
            {
                report_record(&mut record, late.status, late.reported_ms, late.detail.as_ref());
            }
            // A release of a deferral settled at its approval's answer (ADR-895): `awaiting_approval` is the one
            // status such a sealed record leaves, for `superseded`, once.
            if let Settled::Superseded(i) = settled
                && *i == id
                && record.status == DecisionStatus::AwaitingApproval
            {
                record.status = DecisionStatus::Superseded;
            }
        }
        record
    }

    /// The settlement seal decision `id`'s row must carry after the late reports waiting for it (ADR-885,
    /// [`SettledRow::Report`]), from the seal the row carries now (`current`, its `settled` column): `None` when that
    /// is no seal of the door's for this decision, which is then left as it is (refused wherever it is asked for).
    pub fn resealed(&self, id: DecisionId, current: Option<&str>) -> Option<String> {
        let key = self.seal.key()?;
        let (record, undone) = sealed_of_settled(key, &self.origin, id, current?).ok()?;
        // "Undone by" stays once sealed (an executed undo is final), or is added by an undo final since (ADR-994).
        let undone = undone.or_else(|| self.sealed_undo(id));
        Some(settled_text(key, &self.origin, id, &self.with_late_reports(id, record), undone))
    }

    /// Lets go of the request ids first decided more than the request memory before `now_ms` (the time of the event
    /// being applied, so that a replay lets go of exactly the same ones) whose decision is settled and sealed
    /// (ADR-373): no later event can repoint such an id (only a release or a kill-switch retry does, and both need
    /// a decision that is not settled), and its row is then believed only through the decisions it names, each
    /// checked against its seal (`ops::check_forgotten_request`). One still live is looked at again a memory later.
    /// Without the seal key nothing settles out of memory, so nothing is let go either.
    fn forget_old_requests(&mut self, now_ms: i64) {
        let Some(memory) = self.request_memory_ms else { return };
        if !self.holds_seal_key() {
            return;
        }
        let horizon = now_ms.saturating_sub(memory);
        while let Some(&(first_ms, key)) = self.requests_by_time.front() {
            if first_ms >= horizon {
                break;
            }
            self.requests_by_time.pop_front();
            let Some(request) = self.idempotency.get(&key) else { continue };
            if self.decisions.get(request.decision_id).is_none() {
                self.idempotency.remove(&key);
                self.forgotten_requests += 1;
            } else {
                self.requests_by_time.push_back((now_ms, key));
            }
        }
        // The table follows what it holds (a hash map never shrinks by itself).
        if self.idempotency.capacity() > 4 * self.idempotency.len() + 1024 {
            self.idempotency.shrink_to(2 * self.idempotency.len());
            self.requests_by_time.shrink_to(2 * self.requests_by_time.len());
        }
    }

    /// Lets go of the window entries older than the window memory before `now_ms` (the applied event's time: a replay
    /// lets go of the same ones), every `max(1024, keys)` entries added so that the sweep over every key is O(1) per
    /// entry amortized (ADR-376). The schedule does not depend on the memory, so a replay given the same memory ends
    /// with the same entries. A released or expired reservation's entry is already gone; one let go of here is past
    /// every window of the policy in force, and a later release of it finds nothing to give back (it counts nowhere).
    fn forget_old_window_entries(&mut self, now_ms: i64) {
        // Every `max(1024, keys held / 2)` entries: O(1) per entry amortized, also when each reservation opens a new
        // key, which `max(1024, keys held)` never reaches (ADR-886, as ADR-875 for sessions).
        if self.window_inserts < (self.keys.len() / 2).max(1024) {
            return;
        }
        self.window_inserts = 0;
        let Some(memory) = self.window_memory_ms else { return };
        let horizon = now_ms.saturating_sub(memory);
        if horizon <= self.window_floor_ms {
            return;
        }
        for rolling in &mut self.usage {
            rolling.forget_before(horizon);
        }
        self.window_floor_ms = horizon;
        // A key whose window holds nothing and on which no permit is due leaves (ADR-886): a later reservation on it
        // starts from nothing, which is exact for every window the door may still count (none reaches before the
        // floor). Its slot is reused, lowest first, so that a replay given the same memory frees and reuses the same.
        let (usage, due) = (&self.usage, &self.due);
        let mut gone: Vec<(String, usize)> = self
            .keys
            .iter()
            .filter(|(_, i)| usage[**i].entries.is_empty() && due[**i].is_empty())
            .map(|(k, i)| (k.clone(), *i))
            .collect();
        if gone.is_empty() {
            return;
        }
        gone.sort_unstable_by_key(|(_, i)| *i);
        for (k, i) in &gone {
            self.keys.remove(k);
            self.usage[*i] = Rolling::default();
        }
        let mut free: Vec<usize> = self.free_keys.drain(..).chain(gone.into_iter().map(|(_, i)| i)).collect();
        free.sort_unstable_by(|a, b| b.cmp(a));
        self.free_keys = free;
        if self.keys.capacity() > 4 * self.keys.len() + 1024 {
            self.keys.shrink_to(2 * self.keys.len());
        }
    }

    /// Lets go of the session denials that no count can reach any more (ADR-875), every `max(1024, sessions held / 2)`
    /// denials added (O(1) per denial amortized, also when each denial opens a new session), on the applied event's
    /// time `now_ms` so that a replay given the same memory lets go of the same ones: in every session those older
    /// than the denial memory before `now_ms` (the rule's `within` plus the slack), and in a demoted session those
    /// before its last demotion's end — or before `now_ms`, if that end is later (an admin's early restore moves the
    /// end back to the restore's time, never before it) — less the slack (doors' clocks disagree).
    /// `pipeline::denials_since_ms` never counts before either. A session left with none leaves the map.
    fn forget_old_denials(&mut self, now_ms: i64) {
        if self.denial_inserts < (self.denials.len() / 2).max(1024) {
            return;
        }
        self.denial_inserts = 0;
        let horizon = match self.denial_memory {
            DenialMemory::Unset => return,
            DenialMemory::Ms(memory) => now_ms.saturating_sub(memory).max(self.denial_floor_ms),
            DenialMemory::SinceDemotion => self.denial_floor_ms,
        };
        self.denial_floor_ms = horizon;
        let (demotions, session_demotions, cuts) = (&self.demotions, &self.session_demotions, &mut self.denial_cuts);
        self.denials.retain(|session, rolling| {
            let ended = session_demotions
                .get(session)
                .and_then(|ids| ids.last())
                .and_then(|id| demotions.get(id))
                .map(|d| d.ends_at_ms().min(now_ms).saturating_sub(WINDOW_SLACK_MS));
            let cut = ended.map_or(horizon, |ended| ended.max(horizon));
            let held = rolling.entries.len();
            rolling.forget_before(cut);
            if cut > horizon && rolling.entries.len() < held {
                let at = cuts.entry(session.clone()).or_insert(cut);
                *at = (*at).max(cut);
            }
            !rolling.entries.is_empty()
        });
        // The table follows what it holds (a hash map never shrinks by itself).
        if self.denials.capacity() > 4 * self.denials.len() + 1024 {
            self.denials.shrink_to(2 * self.denials.len());
        }
    }

    /// Denials of `(agent, session_key)` before this time were let go of (ADR-875): a count starting before it cannot
    /// be made from memory, and the door refuses to decide on it rather than count fewer than were denied.
    pub fn denial_floor(&self, agent: &str, session_key: &str) -> i64 {
        let cut = self.denial_cuts.get(&session_of(agent, session_key)).copied().unwrap_or(i64::MIN);
        cut.max(self.denial_floor_ms)
    }

    /// Sets the denial memory itself (a replay compared with this state, the tests).
    pub fn set_denial_memory(&mut self, memory: DenialMemory) {
        self.denial_memory = memory;
    }

    /// The denial memory in force (ADR-875).
    pub fn denial_memory(&self) -> DenialMemory {
        self.denial_memory
    }

    /// The window memory a door deciding under `policy` needs (ADR-376): its longest window and an hour of slack
    /// between doors' clocks, never less than an earlier policy of this process needed (a door switching between two
    /// policies keeps what the longer one reaches). Set by every deciding transaction (cheap for the same policy). The
    /// denial memory follows the policy's `session_trust.demote_on.denials` the same way ([`DenialMemory::of`]).
    pub fn set_window_policy(&mut self, policy: &foureyes_core::policy::Policy) {
        if self.window_policy.as_deref() == Some(policy.sha256.as_str()) {
            return;
        }
        self.window_policy = Some(policy.sha256.clone());
        self.denial_memory = self.denial_memory.longer(DenialMemory::of(policy));
        let needed = foureyes_core::pipeline::longest_window_ms(policy).map(|ms| ms.saturating_add(WINDOW_SLACK_MS));
        self.window_memory_ms = self.window_memory_ms.max(needed);
        // ADR-996: how long a final undo's link stays, whatever its target's seal says.
        let window = policy.actions.values().filter_map(|a| a.compensate.as_ref()).map(|c| c.window_ms).max();
        let undo = window.unwrap_or(0).saturating_add(WINDOW_SLACK_MS);
        self.undo_memory_ms = Some(self.undo_memory_ms.map_or(undo, |m| m.max(undo)));
    }

    /// Sets the window memory itself (a replay compared with this state, the tests).
    pub fn set_window_memory(&mut self, memory_ms: Option<i64>) {
        self.window_memory_ms = memory_ms;
    }

    /// The window memory in force ([`Authority::set_window_policy`]).
    pub fn window_memory(&self) -> Option<i64> {
        self.window_memory_ms
    }

    /// Window entries before this time were let go of (ADR-376): a window starting before it cannot be counted from
    /// memory, and the door refuses to decide on it rather than count less than was held.
    pub fn window_floor(&self) -> i64 {
        self.window_floor_ms
    }

    /// How long a request id stays in memory once its decision is settled and sealed (ADR-373); `None` (the
    /// default): for ever. Set before the first event is applied; a replay compared with this state needs the same.
    pub fn set_request_memory(&mut self, memory_ms: Option<i64>) {
        self.request_memory_ms = memory_ms;
    }

    /// The request memory this state was given ([`Authority::set_request_memory`]).
    pub fn request_memory(&self) -> Option<i64> {
        self.request_memory_ms
    }

    /// Whether this state has let go of any request id (ADR-373): a request id it does not hold may then have been
    /// used, and only the decisions its row names can say so.
    pub fn forgot_requests(&self) -> bool {
        self.forgotten_requests > 0
    }

    /// Whether decision `id` may be held only by its row's settlement seal (ADR-740): the caller reads the row's
    /// `settled` column for [`Authority::journal_says`] only then.
    pub fn settled_out(&self, id: DecisionId) -> bool {
        self.holds_seal_key()
            && self.decisions.get(id).is_none()
            && id >= 1
            && id < self.issued.next(crate::issued::IdKind::Decision)
    }

    /// Drops settled approval `id`'s record from memory when this door holds the seal key (ADR-780), as
    /// [`Authority::settle_record`] does a decision's: the next write transaction seals it into the approval's row,
    /// and [`Authority::approval_says`] believes that row only through the seal. Without the key nothing is dropped.
    fn settle_approval(&mut self, id: ApprovalId) {
        if !self.holds_seal_key() {
            return;
        }
        if self.approvals.get(id).is_none_or(|a| !SETTLED_APPROVAL.contains(&a.status)) {
            return;
        }
        if let Some(record) = self.approvals.remove(id) {
            self.to_seal.push(Settled::Approval(id, record));
        }
    }

    /// What the journal says of approval `id` (ADR-180, ADR-780): its record while live; once settled and dropped, the
    /// record sealed in its row (`settled`, the row's `settled` column, read by the caller only then), checked under
    /// the seal key for this id and this store. An id the journal issued that the state does not hold is believed
    /// only through a seal: a row rolled back to `approved`, stripped of its seal, given another's, or written for an
    /// id the journal skipped is [`ApprovalSays::Unproven`].
    pub fn approval_says(&self, id: ApprovalId, settled: Option<&str>) -> ApprovalSays {
        if let Some(record) = self.approvals.get(id) {
            return ApprovalSays::Record(record.clone());
        }
        let waiting = self.to_seal.iter().chain(&self.kept_back).find_map(|settled| match settled {
            Settled::Approval(i, record) if *i == id => Some(record),
            _ => None,
        });
        if let Some(record) = waiting {
            return ApprovalSays::Record(record.clone());
        }
        let issued = id >= 1 && id < self.issued.next(crate::issued::IdKind::Approval);
        match (self.seal.key(), settled) {
            (Some(key), Some(text)) if issued => match record_of_settled_approval(key, &self.origin, id, text) {
                Ok(record) => ApprovalSays::Record(record),
                Err(why) => ApprovalSays::Unproven(why),
            },
            (Some(_), None) if issued => ApprovalSays::Unproven("it carries no settlement seal"),
            _ => ApprovalSays::Nothing,
        }
    }

    /// Whether approval `id` may be held only by its row's settlement seal (ADR-780): the caller reads the row's
    /// `settled` column for [`Authority::approval_says`] only then.
    pub fn approval_settled_out(&self, id: ApprovalId) -> bool {
        self.holds_seal_key()
            && self.approvals.get(id).is_none()
            && id >= 1
            && id < self.issued.next(crate::issued::IdKind::Approval)
    }

    /// The seal key this door holds, if any (a replay that must drop what this state drops needs it too).
    pub fn seal_key(&self) -> Option<&SealKey> {
        self.seal.key()
    }

    fn clear_deadline(&mut self, decision: DecisionId) {
        if let Some(deadline) = self.deadlines.remove(&decision) {
            self.unheld_due.remove(&(deadline.report_by_ms, decision));
            for index in deadline.keys {
                self.due[index].remove(&(deadline.report_by_ms, decision));
            }
        }
    }

    fn apply_signin(&mut self, change: &CredentialChange) {
        let mut signins = self.signins.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut open = |binding: &String, name: &String, csrf: &str, expires_at_ms: i64| {
            let s = JournaledSignin { name: name.clone(), csrf_binding: csrf.to_string(), expires_at_ms, used: false };
            signins.insert(binding.clone(), s);
        };
        match change {
            CredentialChange::SessionOpened { name, session_binding, csrf_binding, expires_at_ms } => {
                open(session_binding, name, csrf_binding, *expires_at_ms);
            }
            CredentialChange::SigninCodeIssued { name, code_binding, expires_at_ms } => {
                open(code_binding, name, "", *expires_at_ms);
            }
            CredentialChange::SessionClosed { session_binding } => {
                signins.remove(session_binding);
            }
            CredentialChange::SigninCodeUsed { code_binding } => {
                if let Some(s) = signins.get_mut(code_binding) {
                    s.used = true;
                }
            }
            _ => {}
        }
    }

    /// Sets approval `id`'s status; `rejected`, `expired` and `revoked` settle it (ADR-780).
    fn set_approval_status(&mut self, id: ApprovalId, status: &'static str) {
        if let Some(a) = self.approvals.get_mut(id) {
            a.status = status;
            self.settle_approval(id);
            self.settle_deferrals_of(id);
        }
    }

    /// Settles the deferrals awaiting approval `id`, which has just settled (ADR-895): rejected, expired, revoked or
    /// used, it can no longer release them. A retry of such a deferral's request id is still answered as before: the
    /// release it makes is denied for that approval's state, and supersedes the deferral (sealed again,
    /// [`Settled::Superseded`]). Under the seal key only (the index is empty without it).
    fn settle_deferrals_of(&mut self, id: ApprovalId) {
        let waiting: Vec<(ApprovalId, DecisionId)> =
            self.awaiting.range((id, DecisionId::MIN)..=(id, DecisionId::MAX)).copied().collect();
        for key in waiting {
            self.awaiting.remove(&key);
            if self.decisions.get(key.1).is_some_and(|d| d.status == DecisionStatus::AwaitingApproval) {
                self.settle_record(key.1);
            }
        }
    }

    /// Held usage of `owner`'s `(key, scope)` at or after `since_ms`.
    pub fn usage(&mut self, owner: &str, key: &str, scope: &str, since_ms: i64) -> Held {
        match self.keys.get(&usage_key(owner, key, scope)) {
            Some(index) => self.usage[*index].since(since_ms),
            None => Held::default(),
        }
    }

    /// The unreported permits holding a reservation on `owner`'s `(key, scope)` whose deadline is before `now_ms`,
    /// by deadline: what the deciding transaction reading that key must release (`reservation_expired`). A clock
    /// read earlier than a deadline finds nothing: a clock stepped back only postpones a release.
    pub fn overdue(&self, owner: &str, key: &str, scope: &str, now_ms: i64) -> Vec<DecisionId> {
        let Some(index) = self.keys.get(&usage_key(owner, key, scope)) else { return Vec::new() };
        self.due[*index].range(..(now_ms, DecisionId::MIN)).map(|(_, id)| *id).collect()
    }

    /// The unreported permits that hold no reservation whose deadline is before `now_ms`, by deadline (ADR-995):
    /// what the door's sweep expires (`reservation_expired`, releasing nothing). Strictly after the deadline, as
    /// [`Authority::overdue`]; a decision with a start mark has no deadline (ADR-378, ADR-966).
    pub fn overdue_unheld(&self, now_ms: i64) -> Vec<DecisionId> {
        self.unheld_due.range(..(now_ms, DecisionId::MIN)).map(|(_, id)| *id).collect()
    }

    /// `decision`'s reporting deadline while it is unreported (and, before ADR-995, held reservations).
    pub fn deadline(&self, decision: DecisionId) -> Option<&Deadline> {
        self.deadlines.get(&decision)
    }

    /// [`Authority::usage`] without the reservations `released` (released earlier in this transaction, whose event
    /// this state applies only at the next catch-up).
    pub fn usage_without(&mut self, owner: &str, key: &str, scope: &str, since_ms: i64, released: &[i64]) -> Held {
        let Some(index) = self.keys.get(&usage_key(owner, key, scope)).copied() else { return Held::default() };
        let mut held = self.usage[index].since(since_ms);
        if released.is_empty() {
            return held;
        }
        let rolling = &self.usage[index];
        for id in released {
            if let Some((i, ts)) = self.reservations.get(id)
                && *i == index
                && *ts >= since_ms
                && let Some(units) = rolling.entries.get(&(*ts, *id))
            {
                held.count -= 1;
                held.units -= i128::from(*units);
            }
        }
        held.oldest_ms = rolling
            .entries
            .range((since_ms, i64::MIN)..)
            .find(|((_, id), _)| !released.contains(id))
            .map(|((ts, _), _)| *ts);
        held
    }

    /// Whether `decision`'s reservations expired unreported and no report has been journaled since: a report now is
    /// late, recorded, and releases nothing.
    pub fn expired_unreported(&self, decision: DecisionId) -> bool {
        self.decisions.get(decision).is_some_and(|d| d.expiry == Expiry::Unreported)
    }

    /// When `action` was introduced: the time of the first `policy_loaded` event that named it.
    pub fn introduced_at(&self, action: &str) -> Option<i64> {
        self.introduced.get(action).copied()
    }

    /// Whether some journaled `policy_loaded` event named `action` already.
    pub fn is_introduced(&self, action: &str) -> bool {
        self.introduced.contains_key(action)
    }

    /// The newest `policy_loaded` event's policy hash.
    pub fn policy_sha256(&self) -> Option<&str> {
        self.policy_sha256.as_deref()
    }

    /// The ids of the reservations `decision` holds, ascending (what a `failed` report releases).
    pub fn held_by(&self, decision: DecisionId) -> Vec<i64> {
        self.held_by.range((decision, i64::MIN)..=(decision, i64::MAX)).map(|(_, id)| *id).collect()
    }

    /// The ids the journal issued so far, by kind (ADR-640).
    pub fn issued(&self) -> crate::issued::IssuedIds {
        self.issued
    }

    pub fn kill_switch(&self) -> bool {
        self.kill_switch
    }

    /// Approval `id`'s record while the state holds it: every one without the seal key; with it, those not yet
    /// settled (ADR-780). A door reads [`Authority::approval_says`], which also believes a settled row's seal.
    pub fn approval(&self, id: ApprovalId) -> Option<&JournaledApproval> {
        self.approvals.get(id)
    }

    /// The demotions of `(agent, session_key)` and of the agent's sessionless requests (`''`) that the journal says
    /// are active, by id.
    pub fn active_demotions(&self, agent: &str, session_key: &str) -> Vec<DemotionRecord> {
        let mut keys = vec![session_of(agent, session_key)];
        if !session_key.is_empty() {
            keys.push(session_of(agent, ""));
        }
        let mut out: Vec<DemotionRecord> = keys
            .iter()
            .filter_map(|k| self.session_demotions.get(k))
            .flatten()
            .filter_map(|id| self.demotions.get(id))
            .filter(|d| d.status == DemotionStatus::Active)
            .cloned()
            .collect();
        out.sort_by_key(|d| d.demotion_id);
        out
    }

    /// The newest demotion of `(agent, session_key)`, whatever its status.
    pub fn last_demotion(&self, agent: &str, session_key: &str) -> Option<DemotionRecord> {
        let ids = self.session_demotions.get(&session_of(agent, session_key))?;
        ids.last().and_then(|id| self.demotions.get(id)).cloned()
    }

    /// The session denials of `(agent, session_key)` decided at or after `since_ms`.
    pub fn session_denials(&mut self, agent: &str, session_key: &str, since_ms: i64) -> u64 {
        self.denials.get_mut(&session_of(agent, session_key)).map_or(0, |r| r.since(since_ms).count)
    }

    /// Bytes of the request ids' table and their queue by time (ADR-373), as allocated.
    fn request_bytes(&self) -> usize {
        hash_table_bytes(self.idempotency.capacity(), std::mem::size_of::<(Summary, JournaledRequest)>())
            + self.requests_by_time.capacity() * std::mem::size_of::<(i64, Summary)>()
    }

    /// How many records each part of the state holds (ADR-700).
    pub fn retained(&self) -> Retained {
        let decision_bytes = self.decisions.capacity() * std::mem::size_of::<(DecisionId, Option<JournaledDecision>)>();
        let request_bytes = self.request_bytes();
        Retained {
            decisions: self.decisions.len(),
            request_ids: self.idempotency.len(),
            releasable: self.reservations.len(),
            held_by: self.held_by.len(),
            window_entries: self.usage.iter().map(|r| r.entries.len()).sum(),
            keys: self.keys.len(),
            approvals: self.approvals.len(),
            deadlines: self.deadlines.len(),
            expired: self.decisions.live().filter(|(_, d)| d.expiry != Expiry::No).count(),
            started: self.started.len(),
            undone: self.undone.len(),
            demotions: self.demotions.len(),
            denials: self.denials.values().map(|r| r.entries.len()).sum(),
            to_seal: self.to_seal.len() + self.kept_back.len(),
            forgotten_requests: self.forgotten_requests,
            bytes: decision_bytes + request_bytes,
        }
    }

    /// What the journal says of decision `id` (ADR-240).
    pub fn decision(&self, id: DecisionId) -> Option<&JournaledDecision> {
        self.decisions.get(id)
    }

    /// The definition hash the journal pins `server`'s `tool` to, and the seq of that `tool_pinned` event (ADR-404).
    pub fn pinned(&self, server: &str, tool: &str) -> Option<(&str, u64)> {
        self.pins.get(&(server.to_string(), tool.to_string())).map(|(sha, seq)| (sha.as_str(), *seq))
    }

    /// The `(server, tool)` of a held pin that reads like `(server, tool)` but is another (UTS #39 skeletons,
    /// `tool_pin::reads_alike`, ADR-1260): what a pin is checked against in its transaction, so two pins that list
    /// alike are never both held.
    pub fn pinned_alike(&self, server: &str, tool: &str) -> Option<(String, String)> {
        foureyes_core::tool_pin::alike_of(server, tool, self.pins.keys().map(|(s, t)| (s.as_str(), t.as_str())))
            .map(|(s, t)| (s.to_string(), t.to_string()))
    }

    /// When the journal says decision `id`'s connector was started, if it was (ADR-321).
    pub fn started(&self, id: DecisionId) -> Option<i64> {
        self.started.get(&id).copied()
    }

    /// What the journal says each task command did (ADR-585).
    pub fn task_commands(&self) -> &crate::tasks::shared::JournaledTaskCommands {
        &self.task_commands
    }

    /// The decision and first fingerprint the journal binds to an idempotency key (ADR-240).
    pub fn idempotency(&self, key: &str) -> Option<JournaledRequest> {
        self.idempotency.get(&idempotency_summary(key)).copied()
    }

    /// The sessions and sign-in codes the journal opened, shared with the read path (attack 3, S5, S6).
    pub fn signins(&self) -> SigninMap {
        Arc::clone(&self.signins)
    }

    /// The seq this state has applied, shared with the read path: a principal read there is checked against
    /// [`Authority::credentials`] only when no credential event lies after it (else the check catches up first).
    pub fn applied(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.applied)
    }

    /// The credentials the journal created, shared: the read path checks a principal against it without the
    /// writer (a name missing or disagreeing there is then checked again after a catch-up, in a write).
    pub fn credentials(&self) -> CredentialMap {
        Arc::clone(&self.credentials)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use foureyes_core::journal::EventKind;
    use serde_json::json;

    fn event(authority: &Authority, ts_ms: i64, kind: EventKind, data: serde_json::Value) -> Event {
        let data = EventData::from_journal(kind, &data).unwrap();
        Event::of(authority.seq(), authority.hash(), ts_ms, &data)
    }

    fn decided(id: i64, reservations: serde_json::Value) -> serde_json::Value {
        json!({"decision_id": id, "request": {"request_id": format!("r{id}"), "agent": "bot", "action": "pay"},
               "verdict": "permit", "status": "intended", "tier": 2, "reasons": [], "budgets": [],
               "reservations": reservations, "approval_id": null, "consumes_approval": false, "would_have": null,
               "digest": "d", "supersedes": null, "policy_sha256": "p"})
    }

    /// Exact decimals in, exactly the same out: a release gives back what the reservation took, to the millionth.
    #[test]
    fn usage_is_exact_and_a_release_gives_back_exactly_what_it_took() {
        let mut a = Authority::default();
        let first = event(
            &a,
            100,
            EventKind::Decided,
            decided(
                1,
                json!([
            {"id": 1, "key": "k", "scope": "bot", "amount": "12.50"},
            {"id": 2, "key": "k", "scope": "bot", "amount": "0.000001"}]),
            ),
        );
        a.apply(&first).unwrap();
        let second = event(
            &a,
            200,
            EventKind::Decided,
            decided(
                2,
                json!([
            {"id": 3, "key": "k", "scope": "bot", "amount": "3.3"}]),
            ),
        );
        a.apply(&second).unwrap();
        assert_eq!(a.usage("pay", "k", "bot", 0), Held { count: 3, units: 15_800_001, oldest_ms: Some(100) });
        let failed = event(
            &a,
            300,
            EventKind::Failed,
            json!({"decision_id": 1, "outcome": "failed", "detail": null, "released": [1, 2]}),
        );
        a.apply(&failed).unwrap();
        assert_eq!(a.usage("pay", "k", "bot", 0), Held { count: 1, units: 3_300_000, oldest_ms: Some(200) });
        assert_eq!(a.held_by(1), Vec::<i64>::new());
        assert_eq!(a.held_by(2), vec![3]);
        // Counted until the window start passes its time, never before.
        assert_eq!(a.usage("pay", "k", "bot", 200).count, 1);
        assert_eq!(a.usage("pay", "k", "bot", 201).count, 0);
    }

    /// A reporting deadline (issue 15): overdue only strictly after it, on every key the permit holds; an expiry
    /// releases exactly what it names, once, and takes the permit off every key; a later report is late.
    #[test]
    fn an_overdue_permit_is_found_on_each_of_its_keys_and_released_once() {
        let mut a = Authority::default();
        let mut data = decided(
            1,
            json!([{"id": 1, "key": "count", "scope": "*", "amount": "1"},
                   {"id": 2, "key": "count", "scope": "*", "amount": "1", "effect": "money.out"}]),
        );
        data["report_by_ms"] = json!(500);
        let first = event(&a, 100, EventKind::Decided, data);
        a.apply(&first).unwrap();
        assert_eq!(a.overdue("pay", "count", "*", 500), Vec::<DecisionId>::new(), "at the deadline: not yet");
        assert_eq!(a.overdue("pay", "count", "*", 99), Vec::<DecisionId>::new(), "a clock stepped back: not yet");
        assert_eq!(a.overdue("pay", "count", "*", 501), vec![1]);
        assert_eq!(a.overdue("effect:money.out", "count", "*", 501), vec![1], "found on its effect's key too");
        assert_eq!(a.usage_without("pay", "count", "*", 0, &[1, 2]), Held::default(), "released in this transaction");
        assert_eq!(a.usage("pay", "count", "*", 0).count, 1, "and not before its event is applied");
        let expired = event(
            &a,
            501,
            EventKind::ReservationExpired,
            json!({"decision_id": 1, "action": "pay", "agent": "bot", "report_by_ms": 500, "released": [1, 2],
                   "found_by": "pay/count@*"}),
        );
        a.apply(&expired).unwrap();
        assert_eq!(a.usage("pay", "count", "*", 0), Held::default());
        assert_eq!(a.usage("effect:money.out", "count", "*", 0), Held::default());
        assert_eq!(a.overdue("pay", "count", "*", i64::MAX), Vec::<DecisionId>::new(), "released once");
        assert_eq!(a.overdue("effect:money.out", "count", "*", i64::MAX), Vec::<DecisionId>::new());
        assert_eq!(a.decision(1).map(|d| d.status), Some(DecisionStatus::Unknown));
        assert!(a.expired_unreported(1));
        let late = event(
            &a,
            600,
            EventKind::Executed,
            json!({"decision_id": 1, "outcome": "executed", "detail": null, "released": []}),
        );
        a.apply(&late).unwrap();
        assert!(!a.expired_unreported(1), "a report after the expiry is the late one; the next is not");
        assert_eq!(a.decision(1).map(|d| d.status), Some(DecisionStatus::Executed));
    }

    /// An event that does not extend the verified head is not applied, whatever it says.
    #[test]
    fn an_event_that_does_not_extend_the_verified_head_changes_nothing() {
        let mut a = Authority::default();
        let engaged = event(&a, 1, EventKind::KillSwitch, json!({"engaged": true, "by": "ops"}));
        a.apply(&engaged).unwrap();
        let mut forged = event(&a, 2, EventKind::KillSwitch, json!({"engaged": false, "by": "mallory"}));
        forged.prev_hash = GENESIS_HASH.to_string();
        assert!(a.apply(&forged).is_err());
        let mut edited = event(&a, 2, EventKind::KillSwitch, json!({"engaged": false, "by": "mallory"}));
        edited.data["by"] = json!("ops");
        assert!(a.apply(&edited).is_err());
        let mut skipped = event(&a, 2, EventKind::KillSwitch, json!({"engaged": false, "by": "ops"}));
        skipped.seq += 1;
        assert!(a.apply(&skipped).is_err());
        assert!(a.kill_switch());
        assert_eq!(a.seq(), 1);
        assert_eq!(a.hash(), engaged.hash);
    }

    /// ADR-362: what the state keeps of a decision and of its request id is a fixed size, however long the agent,
    /// request id or params: no string is kept. The record is the decision's summary and its event's seq.
    #[test]
    fn a_decision_and_its_request_id_are_kept_in_a_fixed_size() {
        assert!(std::mem::size_of::<JournaledDecision>() <= 32, "{}", std::mem::size_of::<JournaledDecision>());
        assert!(std::mem::size_of::<JournaledRequest>() <= 24, "{}", std::mem::size_of::<JournaledRequest>());
        let mut a = Authority::default();
        let mut data = decided(7, json!([]));
        data["request"]["agent"] = json!("a".repeat(500));
        data["request"]["request_id"] = json!("r".repeat(500));
        let first = event(&a, 100, EventKind::Decided, data.clone());
        a.apply(&first).unwrap();
        let d: foureyes_core::event::Decided = serde_json::from_value(data).unwrap();
        let fingerprint = d.request.fingerprint();
        let kept = a.decision(7).copied().unwrap();
        assert_eq!(kept.decided_seq, first.seq);
        assert_eq!(
            kept.summary,
            decision_summary(&d.request.agent, &d.request.request_id, &fingerprint, "d", 2, None, None)
        );
        let other = decision_summary(&d.request.agent, &d.request.request_id, &fingerprint, "d", 3, None, None);
        assert_ne!(kept.summary, other, "the tier is summarized");
        let key = crate::replay::idempotency_key(&d.request);
        let request = a.idempotency(&key).unwrap();
        assert_eq!(request.decision_id, 7);
        assert_eq!(request.fingerprint, fingerprint_summary(&fingerprint));
        assert_eq!(hex::encode(request.fingerprint), fingerprint[..32], "the fingerprint's first 128 bits");
    }

    /// ADR-700: a permit reported `executed` keeps nothing a release would need (no report can release it any more):
    /// after N settled permits the state holds no releasable reservation and no `(decision, reservation)` pair, only
    /// their window entries (which still count) and one fixed-size record per decision, allocated at most an eighth
    /// (or 1,024 records) above what is held. A `failed` report still gives back exactly what its permit held, and an
    /// unreported permit stays releasable.
    #[test]
    fn settled_permits_keep_no_release_records() {
        const N: i64 = 5_000;
        let mut a = Authority::default();
        for id in 1..=N {
            let reservations = json!([{"id": 2 * id, "key": "count", "scope": "*", "amount": "1"},
                                      {"id": 2 * id + 1, "key": "k", "scope": "bot", "amount": "2"}]);
            let decided_event = event(&a, id, EventKind::Decided, decided(id, reservations));
            a.apply(&decided_event).unwrap();
            if id < N - 1 {
                let executed = event(
                    &a,
                    id,
                    EventKind::Executed,
                    json!({"decision_id": id, "outcome": "executed", "detail": null, "released": []}),
                );
                a.apply(&executed).unwrap();
            }
        }
        let failed = event(
            &a,
            N + 1,
            EventKind::Failed,
            json!({"decision_id": N - 1, "outcome": "failed", "detail": null, "released": a.held_by(N - 1)}),
        );
        assert_eq!(a.held_by(N - 1), vec![2 * (N - 1), 2 * (N - 1) + 1]);
        a.apply(&failed).unwrap();
        let kept = a.retained();
        assert_eq!((kept.releasable, kept.held_by), (2, 2), "only the unreported permit's: {kept:?}");
        assert_eq!(a.held_by(N), vec![2 * N, 2 * N + 1]);
        assert_eq!(kept.window_entries as i64, 2 * (N - 1), "settled reservations still count in their windows");
        assert_eq!(a.usage("pay", "k", "bot", 0).count as i64, N - 1);
        assert_eq!((kept.decisions as i64, kept.request_ids as i64), (N, N));
        let record = std::mem::size_of::<(DecisionId, JournaledDecision)>();
        assert!(kept.bytes - a.request_bytes() <= (N as usize * 9 / 8 + 1024) * record);
        assert_eq!(a.decision(N - 1).map(|d| d.status), Some(DecisionStatus::Failed));
        assert_eq!(a.decision(1).map(|d| d.status), Some(DecisionStatus::Executed));
        assert_eq!(a.decision(N + 1), None);
    }

    /// ADR-740: under the seal key, settled decisions (executed, failed, denied, superseded) leave memory: after N
    /// settled decisions the state holds only the live ones, its table is shrunk to them, and what it dropped waits
    /// to be sealed in the rows only until a transaction has sealed them and a later one found the seal in place.
    /// Each dropped record is given back exactly through its row's seal, and only for its own id and store.
    /// ADR-376 (issue 19's memory bound; RED before: every reservation kept its window entry, 20,480 of them): under a
    /// window memory of 10 s, reservations 100 ms apart keep the last 10 s of entries after a sweep (and at most a
    /// sweep's worth more, 1,024, between sweeps), whatever the history; every window within the memory counts exactly what a state keeping every
    /// entry counts; the floor says where memory ends.
    #[test]
    fn window_entries_leave_memory_after_the_window_memory() {
        // 20 sweeps of 1,024 entries: the last event sweeps, so the memory ends exactly 10 s before it.
        const N: i64 = 20 * 1024;
        let run = |memory: Option<i64>| {
            let mut a = Authority::default();
            a.set_window_memory(memory);
            for id in 1..=N {
                let reservation = json!([{"id": id, "key": "count", "scope": "*", "amount": "1"}]);
                let e = event(&a, id * 100, EventKind::Decided, decided(id, reservation));
                a.apply(&e).unwrap();
            }
            a
        };
        let (mut kept, mut all) = (run(Some(10_000)), run(None));
        let entries = kept.retained().window_entries;
        assert!(entries <= 100 + 1, "{entries}");
        assert_eq!(all.retained().window_entries, N as usize);
        let now = N * 100;
        assert_eq!(kept.window_floor(), now - 10_000);
        for window in [100, 1_000, 5_000, 10_000] {
            let since = now - window + 1;
            assert!(since >= kept.window_floor(), "{window}");
            assert_eq!(kept.usage("pay", "count", "*", since), all.usage("pay", "count", "*", since), "{window}");
        }
        assert_eq!(all.window_floor(), i64::MIN, "without a memory nothing is let go of");
    }

    /// ADR-886 (issue 19; fault9's note): when every reservation opens a new limit or budget key (a policy keyed per
    /// payee or per ticket), the window sweep still fires, and a key whose window holds nothing after it leaves memory
    /// (its slot reused); a reservation on a key that left counts exactly what a state keeping every key counts; a
    /// replay holds the same. (RED with no key let go of: 17,583 keys held after 20,480 reservations.)
    #[test]
    fn keys_that_never_come_back_leave_memory() {
        const N: i64 = 20 * 1024;
        let run = |memory: Option<i64>| {
            let mut a = Authority::default();
            a.set_window_memory(memory);
            let mut journal = Vec::new();
            for id in 1..=N {
                // A new key per reservation; every 7th goes back to the key of 20 s before (let go of by then).
                let key = if id % 7 == 0 { format!("payee-{}", id - 200) } else { format!("payee-{id}") };
                let reservation = json!([{"id": id, "key": key, "scope": "*", "amount": "1"}]);
                let e = event(&a, id * 100, EventKind::Decided, decided(id, reservation));
                a.apply(&e).unwrap();
                journal.push(e);
            }
            (a, journal)
        };
        let ((mut kept, journal), (mut all, _)) = (run(Some(10_000)), run(None));
        let held = kept.retained();
        assert!(held.keys <= 101 + 1024, "keys held after the sweeps: {held:?}");
        assert!(kept.usage.len() <= 101 + 2 * 1024, "slots reused: {}", kept.usage.len());
        assert!(all.retained().keys > N as usize * 5 / 6, "without a memory every key stays");
        let now = N * 100;
        for id in (N - 420..=N).filter(|id| id % 7 == 0) {
            let key = format!("payee-{}", id - 200);
            for window in [1_000, 5_000, 10_000] {
                let since = now - window + 1;
                assert!(since >= kept.window_floor());
                assert_eq!(kept.usage("pay", &key, "*", since), all.usage("pay", &key, "*", since), "{key} {window}");
            }
        }
        let mut replayed = Authority::default();
        replayed.set_window_memory(Some(10_000));
        for e in &journal {
            replayed.apply(e).unwrap();
        }
        assert_eq!(kept.differs_from(&replayed), None);
    }

    /// ADR-875 (issue 19's memory bound; RED before: every denial stayed in memory, 20,480 of them in 500 sessions):
    /// under a denial memory of 10 s (a rule's `within` plus its slack), denials 100 ms apart in 500 sessions keep
    /// the last 10 s after a sweep, and the sessions left with none leave; every count the door can ask for (from the
    /// floor on) is what a state keeping every denial counts; a replay of the same journal holds the same. Under a
    /// rule without `within` (counted since the last demotion), a session's denials before its last demotion's end
    /// (less the slack) leave, and the count since that end is exact.
    #[test]
    fn session_denials_leave_memory_after_the_denial_memory() {
        const N: i64 = 20 * 1024;
        const MINUTE: i64 = 60_000;
        let deny = |id: i64, session: String| {
            let mut data = decided(id, json!([]));
            data["verdict"] = json!("deny");
            data["status"] = json!("closed");
            data["request"]["session"] = json!(session);
            data
        };
        let run = |memory: DenialMemory| -> (Authority, Vec<Event>) {
            let mut a = Authority::default();
            a.set_denial_memory(memory);
            let mut events = Vec::new();
            for id in 1..=N {
                let e = event(&a, id * 100, EventKind::Decided, deny(id, format!("s{}", id % 500)));
                a.apply(&e).unwrap();
                events.push(e);
            }
            (a, events)
        };
        let ((mut kept, events), (mut all, _)) = (run(DenialMemory::Ms(10_000)), run(DenialMemory::Unset));
        let now = N * 100;
        let held = kept.retained().denials;
        assert!(held <= 100 + 1, "{held}");
        assert!(kept.denials.len() <= 100 + 1, "sessions with none leave: {}", kept.denials.len());
        assert_eq!(all.retained().denials, N as usize);
        assert_eq!(kept.denial_floor("bot", "s7"), now - 10_000);
        for session in ["s0", "s1", "s250", "s499"] {
            for within in [100, 1_000, 5_000, 10_000] {
                let since = now - within + 1;
                assert!(since >= kept.denial_floor("bot", session));
                let (k, a) = (kept.session_denials("bot", session, since), all.session_denials("bot", session, since));
                assert_eq!(k, a, "{session} within {within}");
            }
        }
        let mut replayed = Authority::default();
        replayed.set_denial_memory(DenialMemory::Ms(10_000));
        for e in &events {
            replayed.apply(e).unwrap();
        }
        assert_eq!(kept.differs_from(&replayed), None);
        assert_eq!(kept.differs_from(&all), None, "a state keeping all agrees on every denial both hold");
        assert_eq!(all.denial_floor("bot", "s7"), i64::MIN, "without a memory nothing is let go of");

        // A rule without `within`: one denial a minute in 100 sessions (each session's every 100 minutes); every
        // third of a session's denials demotes it for 30 minutes. Each keeps only what is since its last demotion's
        // end, less the hour of slack: at most its last three denials.
        let mut since_demotion = Authority::default();
        since_demotion.set_denial_memory(DenialMemory::SinceDemotion);
        let mut everything = Authority::default();
        let mut demotion_id = 0;
        for id in 1..=5 * 1024 {
            let (ts, session) = (id * MINUTE, format!("s{}", id % 100));
            for a in [&mut since_demotion, &mut everything] {
                a.apply(&event(a, ts, EventKind::Decided, deny(id, session.clone()))).unwrap();
            }
            if (id / 100) % 3 == 2 {
                demotion_id += 1;
                let demoted = json!({"demotion_id": demotion_id, "agent": "bot", "session": session,
                    "signal": "denials", "reason": "3 denials", "decision_id": id, "until_ms": ts + 30 * MINUTE});
                for a in [&mut since_demotion, &mut everything] {
                    a.apply(&event(a, ts, EventKind::SessionDemoted, demoted.clone())).unwrap();
                }
            }
        }
        let held = since_demotion.retained().denials;
        assert!(held <= 3 * 100 + 1, "{held}");
        assert_eq!(everything.retained().denials, 5 * 1024);
        for session in ["s0", "s1", "s50", "s99"] {
            let end = since_demotion.last_demotion("bot", session).unwrap().ends_at_ms();
            assert!(end >= since_demotion.denial_floor("bot", session), "{session}");
            let (k, a) =
                (since_demotion.session_denials("bot", session, end), everything.session_denials("bot", session, end));
            assert_eq!(k, a, "{session}: since its last demotion");
        }
        assert_eq!(since_demotion.differs_from(&everything), None);
    }

    /// ADR-373 (issue 19's memory bound; RED before: every request id stayed, 20,000 of them): under the seal key and
    /// a request memory of 10 s, decisions 100 ms apart keep only the last 10 s of settled request ids (and every
    /// unreported permit's), whatever the history; without the key, or with no memory, none is let go. A replay of
    /// the same journal lets go of exactly the same ids.
    #[test]
    fn settled_request_ids_leave_memory_after_the_request_memory() {
        const N: i64 = 20_000;
        let key = SealKey::from_bytes(&[7; 32]);
        let run = |seal: bool, memory: Option<i64>| -> (Authority, Vec<Event>) {
            let mut a = Authority::default();
            if seal {
                a.set_seal_key(key.clone());
            }
            a.set_request_memory(memory);
            let mut events = Vec::new();
            for id in 1..=N {
                let mut data = decided(id, json!([]));
                if id % 1000 != 0 {
                    data["verdict"] = json!("deny");
                    data["status"] = json!("closed");
                }
                let e = event(&a, id * 100, EventKind::Decided, data);
                a.apply_sealed(&e, seal.then(|| key.seal(&e.hash)).as_deref()).unwrap();
                events.push(e);
                let taken = a.take_settled();
                a.keep_settled(&vec![false; taken.len()]);
            }
            (a, events)
        };
        let (a, events) = run(true, Some(10_000));
        let kept = a.retained();
        // 10 s at one decision per 100 ms, the unreported permits (one in a thousand: 20) and the one applied last.
        assert!(kept.request_ids <= 100 + 20 + 1, "{kept:?}");
        assert_eq!(kept.forgotten_requests + kept.request_ids as u64, N as u64);
        assert!(a.request_bytes() < 64 * 1024, "the tables follow what they hold: {}", a.request_bytes());
        // A live permit's request id stays, however old.
        assert!(a.idempotency("3:bot/r1000").is_some());
        assert!(a.idempotency("3:bot/r999").is_none());
        assert!(a.idempotency(&format!("3:bot/r{N}")).is_some());
        let mut replayed = Authority::default();
        replayed.set_seal_key(key.clone());
        replayed.set_request_memory(Some(10_000));
        for e in &events {
            replayed.apply_sealed(e, Some(&key.seal(&e.hash))).unwrap();
        }
        assert_eq!(a.differs_from(&replayed), None);
        for (seal, memory) in [(false, Some(10_000)), (true, None)] {
            let (a, _) = run(seal, memory);
            assert_eq!(a.retained().request_ids, N as usize, "seal {seal}, memory {memory:?}");
        }
    }

    #[test]
    fn settled_decisions_do_not_stay_in_memory_under_the_seal_key() {
        const N: i64 = 6_000;
        let key = SealKey::from_bytes(&[7; 32]);
        let mut a = Authority::default();
        a.set_seal_key(key.clone());
        let mut sealed = Vec::new();
        let mut peak_to_seal = 0;
        for id in 1..=N {
            let mut data = decided(id, json!([{"id": id, "key": "count", "scope": "*", "amount": "1"}]));
            if id % 3 == 0 {
                // A deny: final at birth (no approval can re-open it).
                data["verdict"] = json!("deny");
                data["status"] = json!("closed");
                data["reservations"] = json!([]);
            }
            let decided_event = event(&a, id, EventKind::Decided, data);
            a.apply_sealed(&decided_event, Some(&key.seal(&decided_event.hash))).unwrap();
            if id % 3 != 0 && id < N - 10 {
                let outcome = if id % 3 == 1 { "executed" } else { "failed" };
                let released = if outcome == "failed" { a.held_by(id) } else { Vec::new() };
                let kind = if outcome == "failed" { EventKind::Failed } else { EventKind::Executed };
                let data = json!({"decision_id": id, "outcome": outcome, "detail": null, "released": released});
                let reported = event(&a, id, kind, data);
                a.apply_sealed(&reported, Some(&key.seal(&reported.hash))).unwrap();
            }
            // Each transaction seals what the last one settled; a seal found in place lets the record go.
            peak_to_seal = peak_to_seal.max(a.retained().to_seal);
            let taken = a.take_settled();
            sealed.extend(taken.iter().filter_map(|(row, text)| match row {
                SettledRow::Decision(id) => Some((*id, text.clone())),
                SettledRow::Approval(_) | SettledRow::Report(_) => None,
            }));
            a.keep_settled(&vec![false; taken.len()]);
        }
        let kept = a.retained();
        assert!(kept.decisions <= 20, "only the unreported permits stay: {kept:?}");
        assert_eq!(kept.to_seal, 0);
        assert!(peak_to_seal <= 2, "at most one transaction's settlements wait: {peak_to_seal}");
        let record = std::mem::size_of::<(DecisionId, Option<JournaledDecision>)>();
        assert!(kept.bytes - a.request_bytes() <= 3 * 1024 * record, "{kept:?}");
        assert_eq!(sealed.len() as i64, N - kept.decisions as i64);
        // Given back through the row's seal, as it was when it settled.
        let (id, text) = sealed.iter().find(|(id, _)| *id == 4).cloned().unwrap();
        match a.journal_says(id, Some(&text)) {
            JournalSays::Record(r) => {
                assert_eq!((r.verdict, r.status, r.decided_seq), (Verdict::Permit, DecisionStatus::Executed, 6));
            }
            other => panic!("{other:?}"),
        }
        let (_, other_text) = sealed.iter().find(|(id, _)| *id == 5).cloned().unwrap();
        assert!(matches!(a.journal_says(4, Some(&other_text)), JournalSays::Unproven(_)), "another row's seal");
        assert!(matches!(a.journal_says(4, None), JournalSays::Unproven(_)), "a seal stripped");
        let rolled_back = text.replacen("executed", "intended", 1);
        assert!(matches!(a.journal_says(4, Some(&rolled_back)), JournalSays::Unproven(_)), "a status rolled back");
        assert!(matches!(a.journal_says(N + 1, Some(&text)), JournalSays::Nothing), "an id never issued");
        let mut elsewhere = Authority::default();
        elsewhere.set_seal_key(key);
        elsewhere.origin = "another store".into();
        elsewhere.issued = a.issued;
        assert!(matches!(elsewhere.journal_says(4, Some(&text)), JournalSays::Unproven(_)), "another store's row");
        // Without the key nothing is dropped.
        let mut keyless = Authority::default();
        for id in 1..=100 {
            let mut data = decided(id, json!([]));
            data["verdict"] = json!("deny");
            data["status"] = json!("closed");
            let e = event(&keyless, id, EventKind::Decided, data);
            keyless.apply(&e).unwrap();
        }
        assert_eq!((keyless.retained().decisions, keyless.take_settled().len()), (100, 0));
    }

    /// ADR-885: under the seal key a permit whose reservations expired unreported leaves memory (its record sealed in
    /// its row with the expiry, as a reported one is, ADR-740), and so does its request id after the request memory;
    /// a late report changes the sealed record exactly as it changes a record kept in memory (checked against a
    /// keyless state, which keeps every record), once: the first report after the expiry is the late one; a seal
    /// from another expired decision, stripped, or edited inside is unproven; a replay ends equal. (RED with the
    /// expiry not settling the record: 1,200 expired permits held.)
    #[test]
    fn expired_permits_leave_memory_under_the_seal_key() {
        const N: i64 = 1_200;
        let key = SealKey::from_bytes(&[8; 32]);
        let mut a = Authority::default();
        a.set_seal_key(key.clone());
        a.set_request_memory(Some(10_000));
        let mut keyless = Authority::default();
        let mut journal: Vec<(Event, String)> = Vec::new();
        // The `settled` column of each decision row, as the door's write transactions leave it.
        let mut rows: HashMap<DecisionId, String> = HashMap::new();
        // The keyed door, a keyless one, the rows' `settled` column and the journal with its seals.
        type Scene<'a> =
            (&'a mut Authority, &'a mut Authority, &'a mut HashMap<DecisionId, String>, &'a mut Vec<(Event, String)>);
        let apply = |(a, keyless, rows, journal): Scene<'_>, ts: i64, kind: EventKind, data: serde_json::Value| {
            let e = event(a, ts, kind, data);
            let seal = key.seal(&e.hash);
            a.apply_sealed(&e, Some(&seal)).unwrap();
            keyless.apply(&e).unwrap();
            journal.push((e, seal));
            // The next write transaction seals what settled; a seal found in place lets its record go.
            let taken = a.take_settled();
            let mut written = Vec::new();
            for (row, text) in &taken {
                let text = match row {
                    SettledRow::Decision(_) => Some(text.clone()),
                    SettledRow::Report(id) => a.resealed(*id, rows.get(id).map(String::as_str)),
                    SettledRow::Approval(_) => None,
                };
                let (SettledRow::Decision(id) | SettledRow::Report(id)) = row else { continue };
                match text {
                    Some(text) if rows.get(id) != Some(&text) => {
                        rows.insert(*id, text);
                        written.push(true);
                    }
                    _ => written.push(false),
                }
            }
            a.keep_settled(&written);
        };
        let mut peak = Retained::default();
        for id in 1..=N {
            let t = id * 100;
            let mut data = decided(id, json!([{"id": id, "key": "count", "scope": "*", "amount": "1"}]));
            data["report_by_ms"] = json!(t + 50);
            apply((&mut a, &mut keyless, &mut rows, &mut journal), t, EventKind::Decided, data);
            let expired = json!({"decision_id": id, "action": "pay", "agent": "bot", "report_by_ms": t + 50,
                                 "released": [id], "found_by": "pay/count@*"});
            apply((&mut a, &mut keyless, &mut rows, &mut journal), t + 60, EventKind::ReservationExpired, expired);
            let held = a.retained();
            peak.decisions = peak.decisions.max(held.decisions);
            peak.request_ids = peak.request_ids.max(held.request_ids);
            peak.expired = peak.expired.max(held.expired);
            peak.to_seal = peak.to_seal.max(held.to_seal);
        }
        assert!(peak.decisions <= 2 && peak.expired <= 1, "expired permits stay in memory: {peak:?}");
        assert!(peak.to_seal <= 2, "at most a transaction's settlements wait: {peak:?}");
        assert!(a.retained().request_ids <= 102, "request ids after the 10 s memory: {:?}", a.retained());
        assert_eq!(keyless.retained().expired, N as usize, "a keyless door keeps every expired permit");
        let says = |a: &Authority, rows: &HashMap<DecisionId, String>, id| {
            a.journal_says(id, rows.get(&id).map(String::as_str))
        };
        match says(&a, &rows, 7) {
            JournalSays::Record(r) => assert_eq!((r.status, r.expiry), (DecisionStatus::Unknown, Expiry::Unreported)),
            other => panic!("{other:?}"),
        }
        // Late reports, each as a door journals them: executed, failed, unknown then executed, none.
        let t = N * 100 + 1_000;
        for id in 1..=200 {
            let (outcome, kind) = match id % 4 {
                0 => ("executed", EventKind::Executed),
                1 => ("failed", EventKind::Failed),
                2 => ("unknown", EventKind::Unknown),
                _ => continue,
            };
            let data = json!({"decision_id": id, "outcome": outcome, "detail": {"before": {"n": id}}, "released": []});
            apply((&mut a, &mut keyless, &mut rows, &mut journal), t + id, kind, data);
        }
        for id in (2..=200).step_by(4) {
            let data = json!({"decision_id": id, "outcome": "executed", "detail": null, "released": []});
            apply((&mut a, &mut keyless, &mut rows, &mut journal), t + 500 + id, EventKind::Executed, data);
        }
        assert!(a.retained().decisions <= 2, "late reports bring nothing back: {:?}", a.retained());
        for id in 1..=200 {
            let journaled = *keyless.decision(id).unwrap();
            assert_eq!(says(&a, &rows, id), JournalSays::Record(journaled), "decision {id}");
            let late = if id % 4 == 3 { Expiry::Unreported } else { Expiry::ReportedLate };
            assert_eq!(journaled.expiry, late, "decision {id}");
        }
        // A row given another expired decision's seal, stripped, or edited inside its seal is not believed.
        let unproven = |x: JournalSays| matches!(x, JournalSays::Unproven(_));
        assert!(unproven(a.journal_says(3, rows.get(&7).map(String::as_str))), "another expired decision's seal");
        assert!(unproven(a.journal_says(3, None)), "a seal stripped");
        let edited = rows[&3].replacen("/expired/", "/reported-late/", 1);
        assert!(unproven(a.journal_says(3, Some(&edited))), "the expiry edited inside the seal");
        // A replay from the journal holds the same.
        let mut replayed = Authority::default();
        replayed.set_seal_key(key.clone());
        replayed.set_request_memory(Some(10_000));
        for (e, seal) in &journal {
            replayed.apply_sealed(e, Some(seal)).unwrap();
            drop(replayed.take_settled());
        }
        assert_eq!(a.differs_from(&replayed), None);
    }

    /// ADR-368 (attack 19, R1): which decision is undone, and by which undo, is the state's: a permitted undo marks
    /// its target until it is reported `failed`; `executed` keeps the mark for ever, also under the seal key when both
    /// records leave memory (ADR-740), and a replay from the journal builds the same.
    #[test]
    fn an_undo_marks_its_target_undone_from_the_journal_and_keeps_the_mark_once_settled() {
        let key = SealKey::from_bytes(&[7; 32]);
        for seal in [None, Some(&key)] {
            let mut a = Authority::default();
            if let Some(key) = seal {
                a.set_seal_key(key.clone());
            }
            let mut journal = Vec::new();
            let mut apply = |a: &mut Authority, kind: EventKind, data: serde_json::Value| {
                let e = event(a, 1_000, kind, data);
                let sealed = seal.map(|k| k.seal(&e.hash));
                a.apply_sealed(&e, sealed.as_deref()).unwrap();
                journal.push((e, sealed));
            };
            let report =
                |id: i64, outcome: &str| json!({"decision_id": id, "outcome": outcome, "detail": null, "released": []});
            let undo = |id: i64, target: i64| {
                let mut data = decided(id, json!([]));
                data["request"]["undo_of"] = json!(target);
                data
            };
            apply(&mut a, EventKind::Decided, decided(1, json!([])));
            apply(&mut a, EventKind::Executed, report(1, "executed"));
            assert_eq!(a.undone_by(1), None);
            apply(&mut a, EventKind::Decided, undo(2, 1));
            assert_eq!(a.undone_by(1), Some(2), "an undo permitted and not reported marks its target");
            apply(&mut a, EventKind::Failed, report(2, "failed"));
            assert_eq!(a.undone_by(1), None, "an undo reported failed compensated nothing");
            apply(&mut a, EventKind::Decided, undo(3, 1));
            apply(&mut a, EventKind::Executed, report(3, "executed"));
            let mut denied = undo(4, 1);
            denied["verdict"] = json!("deny");
            denied["status"] = json!("closed");
            apply(&mut a, EventKind::Decided, denied);
            assert_eq!(a.undone_by(1), Some(3), "an executed undo is final; a denied one marks nothing");
            let _ = a.take_settled();
            a.keep_settled(&[]);
            if seal.is_some() {
                assert!(a.decision(1).is_none() && a.decision(3).is_none(), "both settled records left memory");
            }
            assert_eq!(a.undone_by(1), Some(3), "the mark stays when the records leave memory");
            assert_eq!(a.retained().undone, 1);
            let mut replayed = Authority::default();
            if let Some(key) = seal {
                replayed.set_seal_key(key.clone());
            }
            for (e, sealed) in &journal {
                replayed.apply_sealed(e, sealed.as_deref()).unwrap();
            }
            assert_eq!(a.differs_from(&replayed), None, "a replay builds the same marks");
            assert_eq!(replayed.undone_by(1), Some(3));
        }
    }

    /// The keyed door's write transactions over a journal, as `expired_permits_leave_memory_under_the_seal_key`
    /// plays them: each event applied with its seal, then what settled sealed into `rows` (the `settled` column), a
    /// seal found in place letting its record go.
    struct Door {
        a: Authority,
        key: SealKey,
        rows: HashMap<DecisionId, String>,
        journal: Vec<(Event, String)>,
    }

    impl Door {
        fn new(key: &SealKey) -> Door {
            let mut a = Authority::default();
            a.set_seal_key(key.clone());
            Door { a, key: key.clone(), rows: HashMap::new(), journal: Vec::new() }
        }

        fn apply(&mut self, ts: i64, kind: EventKind, data: serde_json::Value) {
            let e = event(&self.a, ts, kind, data);
            let seal = self.key.seal(&e.hash);
            self.a.apply_sealed(&e, Some(&seal)).unwrap();
            self.journal.push((e, seal));
            self.seal_settled();
        }

        fn seal_settled(&mut self) {
            let taken = self.a.take_settled();
            let mut written = Vec::new();
            for (row, text) in &taken {
                let text = match row {
                    SettledRow::Decision(_) => Some(text.clone()),
                    SettledRow::Report(id) => self.a.resealed(*id, self.rows.get(id).map(String::as_str)),
                    SettledRow::Approval(_) => None,
                };
                let (SettledRow::Decision(id) | SettledRow::Report(id)) = row else {
                    written.push(false);
                    continue;
                };
                match text {
                    Some(text) if self.rows.get(id) != Some(&text) => {
                        self.rows.insert(*id, text);
                        written.push(true);
                    }
                    _ => written.push(false),
                }
            }
            self.a.keep_settled(&written);
        }

        fn undone_by(&self, target: DecisionId) -> Result<Option<DecisionId>, String> {
            self.a.undone_by_sealed(target, self.rows.get(&target).map(String::as_str))
        }
    }

    /// ADR-994 (issue #19, ADR-974's second part): under the seal key a final undo's link to its target leaves memory
    /// once the target's row seal says "undone by" it; the undo-once check then reads that seal. After N rounds of
    /// create, executed, undo, executed the state holds at most a transaction's links (main: N), every target still
    /// reads as undone by its own undo, a row stripped of the mark, given another target's seal or sealed without it
    /// is refused or says so only through the door's seal, and a door that restarts (replays the journal) and
    /// reloads reads the same.
    #[test]
    fn undone_links_leave_memory_once_the_targets_seal_says_undone() {
        const N: i64 = 600;
        let key = SealKey::from_bytes(&[9; 32]);
        let mut door = Door::new(&key);
        // ADR-996: a link stays 10 s (the undo memory) after its undo became final; rounds are 1 s apart.
        door.a.set_undo_memory(Some(10_000));
        let report =
            |id: i64, outcome: &str| json!({"decision_id": id, "outcome": outcome, "detail": null, "released": []});
        let mut peak = 0;
        for round in 0..N {
            let (target, undo, t) = (4 * round + 1, 4 * round + 2, round * 1_000);
            door.apply(t, EventKind::Decided, decided(target, json!([])));
            door.apply(t + 1, EventKind::Executed, report(target, "executed"));
            let mut data = decided(undo, json!([]));
            data["request"]["undo_of"] = json!(target);
            door.apply(t + 2, EventKind::Decided, data);
            assert_eq!(door.undone_by(target), Ok(Some(undo)), "an open undo marks its target");
            door.apply(t + 3, EventKind::Executed, report(undo, "executed"));
            // Ids 4r+3 and 4r+4 are never issued in this journal: the door's next transaction seals.
            door.seal_settled();
            peak = peak.max(door.a.retained().undone);
        }
        assert!(peak <= 13, "undo links held at the peak: {peak} after {N} rounds");
        assert!(door.a.retained().undone <= 12, "undo links held at the end: {:?}", door.a.retained());
        // Within the undo memory the link is in memory: a row given any seal of its own re-opens nothing (ADR-996).
        let (last, last_undo) = (4 * (N - 1) + 1, 4 * (N - 1) + 2);
        assert_eq!(door.a.undone_by(last), Some(last_undo), "a link within the undo memory stays");
        for round in 0..N {
            let (target, undo) = (4 * round + 1, 4 * round + 2);
            assert_eq!(door.undone_by(target), Ok(Some(undo)), "target {target} reads as undone from its seal");
            assert!(door.rows[&target].contains(&format!("/undone-{undo}/")), "{}", door.rows[&target]);
        }
        // A row that does not carry the door's seal for its target is refused, never read as not undone.
        let stripped = door.rows[&1].replacen("/undone-2", "", 1);
        assert!(door.a.undone_by_sealed(1, Some(&stripped)).is_err(), "the mark stripped inside the seal");
        assert!(door.a.undone_by_sealed(1, door.rows.get(&5).map(String::as_str)).is_err(), "another target's seal");
        assert!(door.a.undone_by_sealed(1, None).is_err(), "a seal deleted");
        // Restart: a door replaying the journal (as every door that opens the store) seals the same and reads the same.
        let mut restarted = Door::new(&key);
        restarted.a.set_undo_memory(Some(10_000));
        restarted.rows = door.rows.clone();
        for (e, seal) in &door.journal {
            restarted.a.apply_sealed(e, Some(seal)).unwrap();
            restarted.seal_settled();
        }
        restarted.seal_settled();
        assert_eq!(restarted.rows, door.rows, "a restart seals the rows the same");
        assert!(restarted.a.retained().undone <= 12, "after a restart: {:?}", restarted.a.retained());
        for round in [0, N / 2, N - 1] {
            let (target, undo) = (4 * round + 1, 4 * round + 2);
            assert_eq!(restarted.undone_by(target), Ok(Some(undo)), "after a restart: target {target}");
        }
        let mut replayed = Authority::default();
        replayed.set_seal_key(key.clone());
        replayed.set_undo_memory(Some(10_000));
        for (e, seal) in &door.journal {
            replayed.apply_sealed(e, Some(seal)).unwrap();
            drop(replayed.take_settled());
        }
        assert_eq!(door.a.differs_from(&replayed), None);
        assert_eq!(replayed.differs_from(&door.a), None);
    }

    /// ADR-995 (issue #19, ADR-974's first part): under `report_within` a permit that reserved nothing has a deadline
    /// too, which the door's sweep finds ([`Authority::overdue_unheld`], strictly after it); expired, it settles out
    /// of memory under the seal key with its request id's decision. N such permits never reported leave at most a
    /// round's in memory (main: N open decisions). A decision FourEyes runs (a connector, or a start mark) has none.
    #[test]
    fn an_unreported_permit_that_reserved_nothing_expires_at_the_sweep() {
        const N: i64 = 600;
        let key = SealKey::from_bytes(&[10; 32]);
        let mut door = Door::new(&key);
        door.a.set_request_memory(Some(10_000));
        let mut peak = Retained::default();
        for id in 1..=N {
            let t = id * 100;
            let mut data = decided(id, json!([]));
            data["report_by_ms"] = json!(t + 50);
            door.apply(t, EventKind::Decided, data);
            assert_eq!(door.a.overdue_unheld(t + 50), Vec::<DecisionId>::new(), "at the deadline: not yet");
            // The sweep, on the door's ticker: what it finds past the deadline it expires, releasing nothing.
            for found in door.a.overdue_unheld(t + 60) {
                let expired = json!({"decision_id": found, "action": "pay", "agent": "bot", "report_by_ms": t + 50,
                                     "released": [], "found_by": "the door's sweep"});
                door.apply(t + 60, EventKind::ReservationExpired, expired);
            }
            let held = door.a.retained();
            peak.decisions = peak.decisions.max(held.decisions);
            peak.deadlines = peak.deadlines.max(held.deadlines);
            peak.request_ids = peak.request_ids.max(held.request_ids);
        }
        assert!(peak.decisions <= 1 && peak.deadlines <= 1, "unreported permits stay in memory: {peak:?}");
        assert!(door.a.retained().request_ids <= 102, "request ids after the 10 s memory: {:?}", door.a.retained());
        match door.a.journal_says(7, door.rows.get(&7).map(String::as_str)) {
            JournalSays::Record(r) => assert_eq!((r.status, r.expiry), (DecisionStatus::Unknown, Expiry::Unreported)),
            other => panic!("{other:?}"),
        }
        // A late report is still taken (ADR-885): the row is sealed again with it.
        let late = json!({"decision_id": 7, "outcome": "executed", "detail": null, "released": []});
        door.apply(N * 100 + 1_000, EventKind::Executed, late);
        match door.a.journal_says(7, door.rows.get(&7).map(String::as_str)) {
            JournalSays::Record(r) => {
                assert_eq!((r.status, r.expiry), (DecisionStatus::Executed, Expiry::ReportedLate));
            }
            other => panic!("{other:?}"),
        }
        // A connector's run, and a forwarded call with its start mark, are never expired by the clock.
        let t = N * 100 + 2_000;
        let mut run = decided(N + 1, json!([]));
        run["report_by_ms"] = json!(t + 50);
        run["connector"] = json!("http");
        door.apply(t, EventKind::Decided, run);
        let mut forwarded = decided(N + 2, json!([]));
        forwarded["report_by_ms"] = json!(t + 50);
        door.apply(t, EventKind::Decided, forwarded);
        door.apply(
            t + 1,
            EventKind::ConnectorStarted,
            json!({"decision_id": N + 2, "connector": "mcp", "by": "foureyes-mcp"}),
        );
        assert_eq!(door.a.overdue_unheld(t + 10_000), Vec::<DecisionId>::new(), "a run has no deadline");
        let mut replayed = Authority::default();
        replayed.set_seal_key(key.clone());
        replayed.set_request_memory(Some(10_000));
        for (e, seal) in &door.journal {
            replayed.apply_sealed(e, Some(seal)).unwrap();
            drop(replayed.take_settled());
        }
        assert_eq!(door.a.differs_from(&replayed), None);
    }

    /// A deferral (decision `id`) and its approval `id`: the events the door writes when it defers.
    fn defer(a: &mut Authority, key: Option<&SealKey>, decision: i64, id: i64, ts_ms: i64) {
        let mut data = decided(decision, json!([]));
        data["verdict"] = json!("defer");
        data["status"] = json!("awaiting_approval");
        data["approval_id"] = json!(id);
        apply_keyed(a, key, ts_ms, EventKind::Decided, data);
        let requested = json!({"approval_id": id, "decision_id": decision, "action": "pay", "agent": "bot",
                               "digest": format!("digest-{id}"), "required": 2, "expires_at_ms": ts_ms + 3_600_000});
        apply_keyed(a, key, ts_ms, EventKind::ApprovalRequested, requested);
    }

    /// Applies an event as a door holding `key` (if any) stored it.
    fn apply_keyed(a: &mut Authority, key: Option<&SealKey>, ts_ms: i64, kind: EventKind, data: serde_json::Value) {
        let e = event(a, ts_ms, kind, data);
        a.apply_sealed(&e, key.map(|k| k.seal(&e.hash)).as_deref()).unwrap();
    }

    /// ADR-780: under the seal key, settled approvals (consumed by their release, rejected, expired, revoked) leave
    /// memory like settled decisions (ADR-740): after N of them the state holds only the pending and approved ones,
    /// and what it dropped waits to be sealed only until a transaction has sealed it and a later one found it in
    /// place. Each dropped record is given back exactly through its row's seal, and only for its own id and store: a
    /// row stripped of its seal, given another approval's, a decision's seal of the same id, a status rolled back
    /// inside the seal, or another store's seal is unproven; an id never issued is nothing. Without the key nothing
    /// is dropped.
    #[test]
    fn settled_approvals_do_not_stay_in_memory_under_the_seal_key() {
        const N: i64 = 2_000;
        let key = SealKey::from_bytes(&[9; 32]);
        let mut a = Authority::default();
        a.set_seal_key(key.clone());
        let mut sealed: HashMap<ApprovalId, String> = HashMap::new();
        let mut peak_to_seal = 0;
        // Approval `id` defers decision `deferral(id)`; its release, if any, is the next decision.
        let deferral = |id: i64| 2 * id - 1;
        for id in 1..=N {
            defer(&mut a, Some(&key), deferral(id), id, id);
            let vote = |approver: &str, approvers: serde_json::Value| json!({"approval_id": id, "approver": approver, "approvers": approvers, "required": 2});
            if id % 5 != 0 {
                apply_keyed(&mut a, Some(&key), id, EventKind::ApprovalVote, vote("ann", json!(["ann"])));
            }
            match id % 5 {
                // Approved, then used by its release (which supersedes the deferral).
                1 => {
                    apply_keyed(&mut a, Some(&key), id, EventKind::Approved, vote("bob", json!(["ann", "bob"])));
                    let mut release = decided(deferral(id) + 1, json!([]));
                    release["request"]["request_id"] = json!(format!("r{}", deferral(id)));
                    release["approval_id"] = json!(id);
                    release["consumes_approval"] = json!(true);
                    release["supersedes"] = json!(deferral(id));
                    apply_keyed(&mut a, Some(&key), id, EventKind::Decided, release);
                }
                2 => apply_keyed(
                    &mut a,
                    Some(&key),
                    id,
                    EventKind::Rejected,
                    json!({"approval_id": id, "approver": "bob", "reason": "no"}),
                ),
                3 => apply_keyed(
                    &mut a,
                    Some(&key),
                    id,
                    EventKind::Expired,
                    json!({"approval_id": id, "decision_id": deferral(id), "was": "pending"}),
                ),
                4 => {
                    apply_keyed(&mut a, Some(&key), id, EventKind::Approved, vote("bob", json!(["ann", "bob"])));
                    let revoked =
                        json!({"approval_id": id, "decision_id": deferral(id), "by": "carol", "why": "changed"});
                    apply_keyed(&mut a, Some(&key), id, EventKind::Revoked, revoked);
                }
                // Left pending: live.
                _ => {}
            }
            peak_to_seal = peak_to_seal.max(a.retained().to_seal);
            let taken = a.take_settled();
            for (row, text) in &taken {
                if let SettledRow::Approval(id) = row {
                    sealed.insert(*id, text.clone());
                }
            }
            a.keep_settled(&vec![false; taken.len()]);
        }
        let kept = a.retained();
        assert_eq!(kept.approvals as i64, N / 5, "only the pending approvals stay: {kept:?}");
        assert_eq!(kept.to_seal, 0);
        assert!(peak_to_seal <= 3, "at most one transaction's settlements wait: {peak_to_seal}");
        assert_eq!(sealed.len() as i64, N - N / 5);
        // Given back through the row's seal, as it was when it settled.
        let expected = |id: ApprovalId, status: &'static str, approvers: &[&str]| JournaledApproval {
            decision_id: deferral(id),
            digest: format!("digest-{id}"),
            required: 2,
            expires_at_ms: id + 3_600_000,
            approvers: approvers.iter().map(|s| s.to_string()).collect(),
            status,
            step_up: Some(false),
        };
        for (id, status, approvers) in [
            (1, "consumed", &["ann", "bob"][..]),
            (2, "rejected", &["ann"][..]),
            (3, "expired", &["ann"][..]),
            (4, "revoked", &["ann", "bob"][..]),
        ] {
            assert!(a.approval_settled_out(id));
            assert_eq!(a.approval_says(id, Some(&sealed[&id])), ApprovalSays::Record(expected(id, status, approvers)));
        }
        assert!(!a.approval_settled_out(5), "a pending approval is held");
        assert_eq!(a.approval_says(5, None), ApprovalSays::Record(expected(5, "pending", &[])));
        let unproven = |says: ApprovalSays| matches!(says, ApprovalSays::Unproven(_));
        assert!(unproven(a.approval_says(1, None)), "a seal stripped");
        assert!(unproven(a.approval_says(1, Some(&sealed[&6]))), "another approval's seal");
        let rolled_back = sealed[&1].replacen("consumed", "approved", 1);
        assert!(unproven(a.approval_says(1, Some(&rolled_back))), "a status rolled back inside the seal");
        let record = JournaledDecision {
            verdict: Verdict::Permit,
            status: DecisionStatus::Executed,
            connector: false,
            decided_seq: 1,
            summary: [0; 16],
            expiry: Expiry::No,
        };
        let as_decision = settled_text(&key, &a.origin, 1, &record, None);
        assert!(unproven(a.approval_says(1, Some(&as_decision))), "a decision's seal of the same id");
        assert_eq!(a.approval_says(N + 1, Some(&sealed[&1])), ApprovalSays::Nothing, "an id never issued");
        assert_eq!(a.approval_says(0, None), ApprovalSays::Nothing, "an id never issued");
        let mut elsewhere = Authority::default();
        elsewhere.set_seal_key(key.clone());
        elsewhere.origin = "another store".into();
        elsewhere.issued = a.issued;
        assert!(unproven(elsewhere.approval_says(1, Some(&sealed[&1]))), "another store's row");
        let mut other_key = Authority::default();
        other_key.set_seal_key(SealKey::from_bytes(&[8; 32]));
        other_key.origin.clone_from(&a.origin);
        other_key.issued = a.issued;
        assert!(unproven(other_key.approval_says(1, Some(&sealed[&1]))), "a seal under another key");
        // Without the key nothing is dropped.
        let mut keyless = Authority::default();
        for id in 1..=50 {
            defer(&mut keyless, None, id, id, id);
            let e =
                event(&keyless, id, EventKind::Rejected, json!({"approval_id": id, "approver": "bob", "reason": null}));
            keyless.apply(&e).unwrap();
        }
        assert_eq!((keyless.retained().approvals, keyless.take_settled().len()), (50, 0));
        assert_eq!(keyless.approval(7).map(|r| r.status), Some("rejected"));
    }

    #[test]
    fn a_rolling_window_counts_exactly_what_is_at_or_after_its_start() {
        let mut r = Rolling::default();
        for (ts, id, units) in [(10, 1, 5), (20, 2, 7), (30, 3, 11)] {
            r.insert(ts, id, units);
        }
        assert_eq!(r.since(0), Held { count: 3, units: 23, oldest_ms: Some(10) });
        assert_eq!(r.since(20), Held { count: 2, units: 18, oldest_ms: Some(20) });
        assert_eq!(r.since(21), Held { count: 1, units: 11, oldest_ms: Some(30) });
        // A clock that steps back counts the earlier entries again.
        assert_eq!(r.since(10), Held { count: 3, units: 23, oldest_ms: Some(10) });
        r.since(25);
        r.remove(30, 3);
        r.remove(10, 1);
        assert_eq!(r.since(25), Held { count: 0, units: 0, oldest_ms: None });
        assert_eq!(r.since(0), Held { count: 1, units: 7, oldest_ms: Some(20) });
        r.insert(5, 4, 1);
        assert_eq!(r.since(1), Held { count: 2, units: 8, oldest_ms: Some(5) });
    }

    /// Issue 14, F1057 (RED before: `journal verify`'s replay dropped each page's settlements with
    /// `drop(take_settled())`, which gives them back to the next page's `take_settled`, so every settlement of the
    /// history waited for ever and had its seal text made again at every page: 480 s of CPU for the two-hour soak's
    /// journal): a replay that writes no seals (ADR-865) lets each page's settlements go, so it holds none waiting
    /// and the next page makes no seal text for an earlier one; the state is otherwise the one a door builds.
    #[test]
    fn a_replay_that_writes_no_seals_lets_each_pages_settlements_go() {
        const PAGES: i64 = 20;
        const PAGE: i64 = 1_000;
        let key = SealKey::from_bytes(&[7; 32]);
        let mut verify = Authority::default();
        verify.set_seal_key(key.clone());
        let mut door = Authority::default();
        door.set_seal_key(key.clone());
        for page in 0..PAGES {
            for id in page * PAGE + 1..=(page + 1) * PAGE {
                let mut data = decided(id, json!([]));
                data["verdict"] = json!("deny");
                data["status"] = json!("closed");
                let e = event(&verify, id, EventKind::Decided, data);
                verify.apply_sealed(&e, Some(&key.seal(&e.hash))).unwrap();
                door.apply_sealed(&e, Some(&key.seal(&e.hash))).unwrap();
            }
            crate::ops::let_settlements_go(&mut verify);
            assert_eq!(verify.retained().to_seal, 0, "page {page}: nothing waits for a seal this replay never writes");
            assert!(verify.take_settled().is_empty(), "page {page}: no seal text made again");
            // The door's page: its seals written, then found in place by the next transaction.
            let taken = door.take_settled();
            assert_eq!(taken.len() as i64, PAGE);
            door.keep_settled(&vec![false; taken.len()]);
        }
        assert_eq!(verify.retained(), door.retained());
        assert_eq!(verify.differs_from(&door), None);
    }
}
