//! The store's write transactions, each written once over [`WriteTx`]: both backends run these exact bodies (SQLite
//! on its writer thread inside a savepoint, PostgreSQL under the chain-head lock), so the same operations produce the
//! same rows and the same journal, byte for byte, on either backend. None of them begins or commits: an error that
//! [`StoreError::is_audited`] is still committed by the caller (the refusal it journaled must persist).

use crate::authority::{
    ApprovalSays, JournalSays, JournaledCredential, JournaledSignin, SettledRow, decision_summary, executed_summary,
    fingerprint_summary,
};
use crate::issued::IdKind;
use crate::tx::{NewCredentialRow, NewDecisionRow, WriteTx, session_key};
use crate::{Decided, MAX_DETAIL_BYTES, Principal, StoreError, VoteOutcome};
use foureyes_core::approval::{self, RevokeError, VoteEffect, VoteError};
use foureyes_core::canonical::to_canonical_string;
use foureyes_core::event::{self as ev, CredentialChange, EventData};
use foureyes_core::journal::{Encoded, event_hash};
use foureyes_core::pipeline::{Usage, denials_since_ms, usage_queries};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, Decision, DecisionId, DecisionRecord, DecisionStatus,
    DemotionRecord, DemotionStatus, Outcome, Policy, ReasonCode, Role, Snapshot, Verdict,
};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Longest accepted `why` of a session restore, in bytes.
pub const MAX_WHY_BYTES: usize = 1000;

/// Journals a refusal of input that never became a decision.
pub async fn refuse<W: WriteTx>(
    w: &mut W,
    agent: &str,
    code: &str,
    message: &str,
    input: Value,
    now_ms: i64,
) -> Result<Encoded, StoreError> {
    w.append(now_ms, EventData::Refused(ev::Refused::new(agent, code, message, input))).await
}

/// [`refuse`], as the error the caller gets (or the error journaling it failed with).
pub async fn refused<W: WriteTx>(
    w: &mut W,
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
// The authority state (ADR-180)

/// How many events one read of the journal brings while catching up.
const CATCH_UP_PAGE: u32 = 1_000;

/// Brings this process's authority state to the head this transaction sees: applies the events after the state's
/// `seq`, each checked to extend the head the state verified ([`crate::authority::Authority::apply`]), then checks
/// that it stands exactly at the head. A journal that lost or changed events the state had applied (rewritten or
/// truncated) fails closed: nothing is decided on it. Every transaction that reads authority calls this first.
pub async fn catch_up<W: WriteTx>(w: &mut W) -> Result<(), StoreError> {
    catch_up_chain(w).await?;
    // The door seal (ADR-420): a door with the key on an unsealed journal, or without it on a sealed one, decides
    // nothing.
    match w.authority().seal_refusal() {
        Some(why) => Err(StoreError::Backend(why)),
        None => Ok(()),
    }
}

/// [`catch_up`] without the seal's door refusal: the chain and every seal checked, for `journal seal` (which is how
/// a journal written before the seal gets its `seal_started`).
pub async fn catch_up_chain<W: WriteTx>(w: &mut W) -> Result<(), StoreError> {
    replay_to_head(w, Settlements::Write).await?.map_err(|(_, refused)| refused)
}

/// What a replay does with the settlement seals of the decisions it lets go of (ADR-740): a door writes them into
/// the rows; `journal verify`, which replays as a door does but writes nothing (ADR-865), drops them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Settlements {
    Write,
    Drop,
}

/// The door's replay, written once (ADR-865): brings this transaction's authority state to the journal's head,
/// reading the events through the transaction's own reader ([`WriteTx::journal_after`]) and applying each with
/// [`crate::authority::Authority::apply_sealed`], then checks that the state stands exactly at the head. `Err`: the
/// journal could not be read (or a settlement seal not written); `Ok(Err((seq, why)))`: the door refuses the event at
/// `seq` (the first one its state could not apply) for `why`. Every door's catch-up and `journal verify` run this.
async fn replay_to_head<W: WriteTx>(
    w: &mut W,
    settlements: Settlements,
) -> Result<Result<(), (u64, StoreError)>, StoreError> {
    // The head cannot move under this transaction (it holds the write lock), so it is read once, first: a state
    // already standing at it (the usual case: this process wrote the last events, ADR-410) reads nothing else.
    let (seq, hash) = w.head().await?;
    if w.authority().seq() == seq && w.authority().hash() == hash {
        settle(w, settlements).await?;
        return Ok(Ok(()));
    }
    while w.authority().seq() < seq {
        let after = w.authority().seq();
        let events = w.journal_after(after, CATCH_UP_PAGE).await?;
        let full = events.len() == CATCH_UP_PAGE as usize;
        let authority = w.authority();
        for (event, seal) in &events {
            if let Err(refused) = authority.apply_sealed(event, seal.as_deref()) {
                return Ok(Err((authority.seq() + 1, refused)));
            }
        }
        // Page by page: a replay of a long history holds at most a page's settled decisions at a time.
        settle(w, settlements).await?;
        if !full {
            break;
        }
    }
    let authority = w.authority();
    if authority.seq() != seq || authority.hash() != hash {
        let refused = StoreError::Backend(format!(
            "the journal's head is seq {seq}, but this door verified and applied it up to seq {} (hash {}): the journal \
             was rewritten or truncated under it; nothing is decided on it (see `foureyes journal verify`)",
            authority.seq(),
            authority.hash()
        ));
        // The first event the door cannot stand on: past a head the state overran, else after where it stopped.
        let bad = if authority.seq() > seq { seq + 1 } else { authority.seq() + 1 };
        return Ok(Err((bad, refused)));
    }
    Ok(Ok(()))
}

async fn settle<W: WriteTx>(w: &mut W, settlements: Settlements) -> Result<(), StoreError> {
    match settlements {
        Settlements::Write => seal_settled(w).await,
        Settlements::Drop => {
            let_settlements_go(w.authority());
            Ok(())
        }
    }
}

/// What a replay that writes nothing (`journal verify`, ADR-865) does with a page's settlements: lets them go, as a
/// door does with the seals it finds in place, without making their seal texts (issue 14, ADR-1057, F1057).
pub(crate) fn let_settlements_go(authority: &mut crate::authority::Authority) {
    authority.drop_settled();
}

/// `journal verify`'s replay (ADR-865): the door's own catch-up ([`replay_to_head`], through this transaction's
/// reader) into a fresh authority state given this door's seal key and request memory, as every door that opens the
/// store builds it, followed by the door's seal refusal when this door holds the key. Read-only: the settlement seals
/// the replay lets go of are dropped, and this door's own state is put back as it was. The seq of the first event a
/// door refuses, and the door's words; `None` when a door holding the same key replays the whole journal. (Without the
/// key, a door refuses a sealed journal for want of the key, not for anything in the journal: that is not said here,
/// and `verify` reports the seals as present and unchecked.)
pub async fn door_replay_refusal<W: WriteTx>(w: &mut W) -> Result<Option<(u64, String)>, StoreError> {
    let mut state = crate::authority::Authority::default();
    if let Some(key) = w.authority().seal_key().cloned() {
        state.set_seal_key(key);
    }
    state.set_request_memory(w.authority().request_memory());
    std::mem::swap(w.authority(), &mut state);
    let replayed = replay_to_head(w, Settlements::Drop).await;
    let refusal = match &replayed {
        Ok(Ok(())) if w.authority().holds_seal_key() => w.authority().seal_refusal().map(|why| (1, why)),
        _ => None,
    };
    std::mem::swap(w.authority(), &mut state);
    let words = |refused: StoreError| match refused {
        StoreError::Backend(why) => why,
        other => other.to_string(),
    };
    Ok(match replayed? {
        Ok(()) => refusal,
        Err((seq, refused)) => Some((seq, words(refused))),
    })
}

/// Writes into each settled decision's row the settlement seal of the record the authority state dropped
/// (ADR-740), before anything in this transaction reads a row. A seal this transaction wrote is kept to be written
/// again by a later one (this one may roll back); one already in place lets the record go; a missing row has nothing
/// to seal (and is refused wherever it is asked for).
async fn seal_settled<W: WriteTx>(w: &mut W) -> Result<(), StoreError> {
    let pending = w.authority().take_settled();
    if pending.is_empty() {
        return Ok(());
    }
    let mut written = Vec::with_capacity(pending.len());
    let mut failed = None;
    for (row, text) in &pending {
        if failed.is_some() {
            written.push(true);
            continue;
        }
        let sealed = match row {
            SettledRow::Decision(id) => w.seal_settled(*id, text).await,
            SettledRow::Approval(id) => w.seal_settled_approval(*id, text).await,
            // A late report on a permit sealed at its expiry (ADR-885): the row's seal as it stands, with the report.
            SettledRow::Report(id) => match w.settled_seal(*id).await {
                Ok(current) => match w.authority().resealed(*id, current.as_deref()) {
                    Some(text) => w.seal_settled(*id, &text).await,
                    None => Ok(false),
                },
                Err(e) => Err(e),
            },
        };
        match sealed {
            Ok(wrote) => written.push(wrote),
            Err(e) => {
                written.push(true);
                failed = Some(e);
            }
        }
    }
    w.authority().keep_settled(&written);
    failed.map_or(Ok(()), Err)
}

/// `journal audit`'s check of the settlement seals (ADR-896): every `settled` column a decision or approval row
/// carries must be a seal the journal gives that row. A fresh authority state given this door's seal key replays the
/// journal (each event verified, as `journal verify` does) and keeps, for each id, every seal the door may write into
/// its row over its life, the record as each event left it (one for a final record; an expired permit's or a settled
/// deferral's is sealed again after a late report or a release, ADR-885, ADR-895); a row whose `settled` is none of
/// them (another row's seal pasted, the text edited, a seal on a row the journal never settled) is named. A `settled`
/// that is empty is not named: the newest settlements are sealed by the door's next write transaction, and a seal
/// cleared by hand is refused at use, written again from the journal by the next keyed door, and the row's other
/// columns are compared by the audit itself.
/// Without the key nothing is checked (a keyless process cannot tell a seal from a forgery). Writes nothing.
/// The seals each row may carry are held in `histories` (issue 14, ADR-1092: a backend's [`crate::spill::SpillMap`]
/// spills them to its scratch store beyond a bound; [`crate::spill::SpillMap::in_memory`] holds them all).
pub async fn settlement_seals_differ<W: WriteTx>(
    w: &mut W,
    mut histories: crate::spill::SpillMap,
) -> Result<Vec<crate::replay::Difference>, StoreError> {
    let Some(key) = w.authority().seal_key().cloned() else { return Ok(Vec::new()) };
    let mut state = crate::authority::Authority::default();
    state.set_seal_key(key);
    state.set_request_memory(w.authority().request_memory());
    let mut found = Vec::new();
    loop {
        let events = w.journal_after(state.seq(), CATCH_UP_PAGE).await?;
        for (event, seal) in &events {
            if let Err(e) = state.apply_sealed(event, seal.as_deref()) {
                // `journal verify` names the event; the seals after it cannot be told.
                found.push(crate::replay::Difference {
                    table: "journal".into(),
                    id: event.seq.to_string(),
                    field: Some("settled".into()),
                    journal: None,
                    in_table: None,
                    note: Some(format!("settlement seals not checked from here: {e}")),
                });
                return Ok(found);
            }
            // After each event, not each page: a door seals between its transactions, so a row may hold the record
            // as any event left it (a deferral sealed `awaiting_approval`, then released).
            let taken = state.take_settled();
            for (row, text) in &taken {
                match row {
                    SettledRow::Decision(id) => seal_history_push(&mut histories, SEALS_OF_DECISION, *id, text),
                    SettledRow::Approval(id) => seal_history_push(&mut histories, SEALS_OF_APPROVAL, *id, text),
                    SettledRow::Report(id) => {
                        let last = histories
                            .get(&seal_history_key(SEALS_OF_DECISION, *id))
                            .and_then(|h| seal_history(h).last().map(|t| (*t).to_string()));
                        if let Some(text) = state.resealed(*id, last.as_deref()) {
                            seal_history_push(&mut histories, SEALS_OF_DECISION, *id, &text);
                        }
                    }
                }
            }
            state.keep_settled(&vec![false; taken.len()]);
        }
        if events.len() < CATCH_UP_PAGE as usize {
            break;
        }
    }
    let issued = state.issued();
    let named = |table: &str, id: i64, row: String, history: &[&str]| crate::replay::Difference {
        table: table.into(),
        id: id.to_string(),
        field: Some("settled".into()),
        journal: Some(match history.last() {
            Some(seal) => (*seal).to_string(),
            None => "(not settled: no seal)".into(),
        }),
        in_table: Some(row),
        note: Some("a settlement seal the journal does not give this row (ADR-740, ADR-780, ADR-896)".into()),
    };
    for id in 1..issued.next(IdKind::Decision) {
        let texts = histories.take(&seal_history_key(SEALS_OF_DECISION, id)).unwrap_or_default();
        let history = seal_history(&texts);
        if let Some(row) = w.settled_seal(id).await?
            && !history.contains(&row.as_str())
        {
            found.push(named("decisions", id, row, &history));
        }
    }
    for id in 1..issued.next(IdKind::Approval) {
        let texts = histories.take(&seal_history_key(SEALS_OF_APPROVAL, id)).unwrap_or_default();
        let seals = seal_history(&texts);
        if let Some(row) = w.approval_settled_seal(id).await?
            && !seals.contains(&row.as_str())
        {
            found.push(named("approvals", id, row, &seals));
        }
    }
    // What spilled could not all be read back: the check is not to be trusted (ADR-1092).
    if let Some(e) = histories.error() {
        return Err(StoreError::Backend(format!("journal audit's scratch store: {e}")));
    }
    Ok(found)
}

/// [`settlement_seals_differ`]'s histories: a decision's seals, an approval's.
const SEALS_OF_DECISION: u8 = b'd';
const SEALS_OF_APPROVAL: u8 = b'a';

fn seal_history_key(kind: u8, id: i64) -> [u8; 9] {
    let mut key = [kind; 9];
    key[1..].copy_from_slice(&id.to_be_bytes());
    key
}

/// The seal texts of one history, oldest first: held one after another, each ended by a newline (no seal text
/// holds one: a decision's is words, digits and hex joined by `/`, an approval's is `serde_json` text, whose strings
/// escape a newline, then `/` and hex).
fn seal_history(texts: &[u8]) -> Vec<&str> {
    std::str::from_utf8(texts).unwrap_or_default().split_terminator('\n').collect()
}

fn seal_history_push(histories: &mut crate::spill::SpillMap, kind: u8, id: i64, text: &str) {
    debug_assert!(!text.contains('\n'), "a seal text holds no newline");
    histories.update(&seal_history_key(kind, id), |texts| {
        [texts.unwrap_or_default(), text.as_bytes(), b"\n"].concat().into_boxed_slice()
    });
}

/// What the journal says of decision `id` (ADR-740): the authority state's record while it is live, else the record
/// its row's settlement seal holds (the row's `settled` column is read only then).
pub async fn journal_says<W: WriteTx>(w: &mut W, id: DecisionId) -> Result<JournalSays, StoreError> {
    let settled = if w.authority().settled_out(id) { w.settled_seal(id).await? } else { None };
    Ok(w.authority().journal_says(id, settled.as_deref()))
}

/// What the journal says of approval `id` (ADR-780): the authority state's record while it is live, else the record
/// its row's settlement seal holds (the row's `settled` column is read only then).
pub async fn approval_says<W: WriteTx>(w: &mut W, id: ApprovalId) -> Result<ApprovalSays, StoreError> {
    let settled = if w.authority().approval_settled_out(id) { w.approval_settled_seal(id).await? } else { None };
    Ok(w.authority().approval_says(id, settled.as_deref()))
}

/// Catches the authority state up, replays the whole journal into a fresh state (each event verified), and names
/// the first part in which the two differ (ADR-410): see [`crate::Store::authority_differs_from_replay`].
pub async fn authority_differs_from_replay<W: WriteTx>(w: &mut W) -> Result<Option<String>, StoreError> {
    catch_up(w).await?;
    let mut replayed = crate::authority::Authority::default();
    // Under the seal key the state drops settled decisions (ADR-740): the replay must drop the same.
    if let Some(key) = w.authority().seal_key().cloned() {
        replayed.set_seal_key(key);
    }
    // And let go of the same request ids (ADR-373), window entries (ADR-376) and session denials (ADR-875).
    replayed.set_request_memory(w.authority().request_memory());
    replayed.set_window_memory(w.authority().window_memory());
    replayed.set_denial_memory(w.authority().denial_memory());
    replayed.set_undo_memory(w.authority().undo_memory());
    loop {
        let events = w.journal_after(replayed.seq(), CATCH_UP_PAGE).await?;
        for (event, seal) in &events {
            replayed.apply_sealed(event, seal.as_deref())?;
        }
        if events.len() < CATCH_UP_PAGE as usize {
            break;
        }
    }
    Ok(w.authority().differs_from(&replayed).map(str::to_string))
}

// ---------------------------------------------------------------------------------------------------------------
// Phase A

/// A request as a deciding transaction takes it, with the work that needs neither the write lock nor the journal
/// already done (ADR-670): its shape checked, its URL params canonicalized and its fingerprint computed. SQLite builds
/// it on the caller's task, so its single writer thread (the throughput limit at many callers) does not.
pub struct PreparedRequest {
    request: ActionRequest,
    /// The shape check's answer; a bad shape is refused (journaled) by the transaction.
    shape: Result<(), foureyes_core::RequestError>,
    /// [`ActionRequest::fingerprint`] of the canonicalized request (empty for a bad shape: never read then).
    fingerprint: String,
    /// [`ActionRequest::digest`] of the canonicalized request (likewise).
    digest: String,
}

impl PreparedRequest {
    /// Checks `request`'s shape and, when it is good, canonicalizes its URL params as `policy` types them and
    /// fingerprints it: the same steps, in the same order, as `decide` ran inside the transaction before.
    pub fn new(policy: &Policy, request: ActionRequest) -> PreparedRequest {
        let shape = request.validate_shape();
        if shape.is_err() {
            return PreparedRequest { request, shape, fingerprint: String::new(), digest: String::new() };
        }
        // URL params in canonical form (issue 15): what is fingerprinted, digested, shown and stored.
        let mut request = request;
        foureyes_core::pipeline::canonicalize_request(policy, &mut request);
        // Both from one serialization of the params (ADR-1009).
        let (fingerprint, digest) = request.fingerprint_and_digest();
        PreparedRequest { request, shape, fingerprint, digest }
    }
}

/// Shape, idempotency, then (for a fresh request or the release of an answered deferral) the pipeline on a snapshot
/// read in this transaction, and everything it decided persisted and journaled.
pub async fn decide<W: WriteTx>(
    w: &mut W,
    policy: &Policy,
    request: ActionRequest,
    now_ms: i64,
) -> Result<Decided, StoreError> {
    decide_prepared(w, policy, PreparedRequest::new(policy, request), now_ms).await
}

/// [`decide`] of a request prepared before the transaction ([`PreparedRequest::new`] with the same `policy`).
pub async fn decide_prepared<W: WriteTx>(
    w: &mut W,
    policy: &Policy,
    prepared: PreparedRequest,
    now_ms: i64,
) -> Result<Decided, StoreError> {
    catch_up(w).await?;
    let PreparedRequest { request, shape, fingerprint: request_fingerprint, digest } = prepared;
    // 1. Shape: oversized or malformed requests never become decisions; the refusal is audited.
    if let Err(e) = shape {
        let input = json!({"request_id": request.request_id, "action": request.action});
        return Err(refused(w, &request.agent, "bad_request", e.to_string(), input, now_ms).await);
    }
    // 2. Idempotency: the same request id returns the stored decision; other content is a conflict.
    let row = w.idempotency(&request.agent, &request.request_id).await?;
    check_idempotency_authority(w, &request, row.as_ref(), now_ms).await?;
    let Some((fingerprint, decision_id)) = row else {
        let known = Some((request_fingerprint, digest));
        let decision = decide_fresh(w, policy, request, known, now_ms, None).await?;
        return Ok(Decided { decision, replayed: false });
    };
    if fingerprint != request_fingerprint {
        let message = format!(
            "request_id `{}` was already used by agent `{}` for different content (decision {decision_id}): use a new request_id",
            request.request_id, request.agent
        );
        let input = json!({"request_id": request.request_id, "decision_id": decision_id});
        let event = refuse(w, &request.agent, "idempotency_conflict", &message, input, now_ms).await?;
        return Err(StoreError::Conflict { message, seq: event.seq });
    }
    let Some(stored) = w.decision(decision_id).await? else {
        return Err(decision_row_missing(w, &request, decision_id, now_ms).await);
    };
    check_decision_authority(w, &stored, now_ms).await?;
    // A deferral whose approval has since been answered is released now (same request id, durable waiting); an
    // approved execution blocked by the kill switch is re-evaluated (the block was not an answer).
    let awaiting = stored.status == DecisionStatus::AwaitingApproval;
    let blocked = stored.verdict == Verdict::Deny && stored.reasons.iter().any(|r| r.code == ReasonCode::KillSwitch);
    if let Some(approval_id) = stored.approval_id
        && (awaiting || blocked)
    {
        let approval = approval_for_write(w, approval_id, now_ms).await?;
        if approval.is_some_and(|a| a.status != ApprovalStatus::Pending) {
            let mut release = stored.request.clone();
            release.approval_id = Some(approval_id);
            let decision = decide_fresh(w, policy, release, None, now_ms, Some((decision_id, fingerprint))).await?;
            return Ok(Decided { decision, replayed: false });
        }
    }
    // Nothing new was decided: the stored answer, said to be a replay so a caller cannot mistake it for a fresh one.
    Ok(Decided { decision: stored, replayed: true })
}

/// Steps 3–9 on a snapshot read in this transaction, then everything persisted and journaled together.
/// `supersedes` is the deferral (and its idempotency fingerprint) this decision answers; `known` the request's own
/// fingerprint and digest, when they were computed before the transaction ([`PreparedRequest`]).
async fn decide_fresh<W: WriteTx>(
    w: &mut W,
    policy: &Policy,
    request: ActionRequest,
    known: Option<(String, String)>,
    now_ms: i64,
    supersedes: Option<(DecisionId, String)>,
) -> Result<DecisionRecord, StoreError> {
    let snapshot = load_snapshot(w, policy, &request, now_ms).await?;
    let (fingerprint, digest) = match known {
        Some((fingerprint, digest)) => (Some(fingerprint), digest),
        None => (None, request.digest()),
    };
    let decision = foureyes_core::pipeline::decide_digested(policy, &snapshot, &request, digest, now_ms);
    persist(w, policy, request, fingerprint, decision, now_ms, supersedes).await
}

async fn load_snapshot<W: WriteTx>(
    w: &mut W,
    policy: &Policy,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<Snapshot, StoreError> {
    let mut usage = BTreeMap::new();
    // Reporting deadlines (issue 15): the unreported permits past theirs that hold a reservation on a key this
    // decision reads are released here, in this transaction, before the key is read; each once.
    let mut expired: Vec<DecisionId> = Vec::new();
    let mut released: Vec<i64> = Vec::new();
    // From the authority state (ADR-180), never from the rows: amounts are summed exactly as integer millionths.
    // An outage of the door does not count against a deadline (ADR-365): the agent could not report through it.
    // Every outage counted, a serving process's own stalls too, and one still open (ADR-369).
    let outages = crate::clock_floor::outages_at(now_ms);
    w.authority().set_window_policy(policy);
    for q in usage_queries(policy, request, now_ms) {
        // A policy reloaded with a longer window than the one this door has kept entries for (ADR-376): what it
        // let go of is not counted from memory, so nothing is decided on the key until a restart replays it.
        // Answered as a state the request cannot be decided in (HTTP 409 `invalid_state`, CLI exit 6), not as a
        // storage error (HTTP 503): an agent retries a 503 for ever, and only a restart ends this one (ADR-884).
        if q.since_ms < w.authority().window_floor() {
            return Err(StoreError::InvalidState(format!(
                "the window of `{}/{}@{}` starts at {} ms, before what this door still holds in memory (window \
                 entries before {} ms were let go of under the policy in force then, ADR-376): restart the door to \
                 count the longer window from the journal",
                q.owner,
                q.key,
                q.scope,
                q.since_ms,
                w.authority().window_floor()
            )));
        }
        for id in w.authority().overdue(&q.owner, &q.key, &q.scope, now_ms) {
            let put_off = match w.authority().deadline(id) {
                Some(d) => crate::clock_floor::put_off(&outages, d.decided_ms, d.report_by_ms) >= now_ms,
                None => false,
            };
            if !put_off && !expired.contains(&id) {
                let found_by = format!("{}/{}@{}", q.owner, q.key, q.scope);
                released.extend(expire_reservations(w, id, found_by, now_ms).await?);
                expired.push(id);
            }
        }
        let held = w.authority().usage_without(&q.owner, &q.key, &q.scope, q.since_ms, &released);
        let sum = Decimal::from_i128_with_scale(held.units, 6).normalize();
        usage.insert(q.slot, Usage { count: held.count, sum, oldest_ms: held.oldest_ms });
    }
    let approval = match request.approval_id {
        Some(id) => approval_for_write(w, id, now_ms).await?,
        None => None,
    };
    // Authority is re-checked at use (issue 13, ADR-150, ADR-180): an approval that would grant is believed only as
    // the journal tells it.
    if let Some(a) = &approval
        && a.status == ApprovalStatus::Approved
    {
        check_approval_authority(w, a, &request.agent, now_ms).await?;
    }
    let undo_target = match request.undo_of {
        Some(id) => w.decision(id).await?,
        None => None,
    };
    // What an undo compensates is the decision the door journaled, not an edited row (ADR-530).
    if let Some(target) = &undo_target {
        check_decision_authority(w, target, now_ms).await?;
    }
    // An undo that was permitted and did not fail already compensates the target: as the journal says, never as
    // the rows say (ADR-368, attack 19's R1).
    let undone_by = match request.undo_of {
        Some(id) => check_undone_authority(w, &request.agent, id, now_ms).await?,
        None => None,
    };
    if let (None, Some(target)) = (undone_by, &undo_target) {
        check_undo_floor(w, policy, target, now_ms)?;
    }
    // The overruns the approver saw are the keys that were over when the deferral was decided.
    let acknowledged_keys = match &approval {
        Some(a) => w.decision(a.decision_id).await?.map(|d| crate::exceeded_keys(&d)),
        None => None,
    };
    let (demotion, session_denials) = session_snapshot(w, policy, request, now_ms).await?;
    // As the journal says (its `policy_loaded` events); an action no journaled policy named yet is new now.
    let introduced_at_ms = Some(w.authority().introduced_at(&request.action).unwrap_or(now_ms));
    Ok(Snapshot {
        kill_switch: w.authority().kill_switch(),
        usage,
        approval,
        undo_target,
        undone_by,
        acknowledged_keys,
        demotion,
        session_denials,
        introduced_at_ms,
    })
}

/// Releases what an unreported permit past its reporting deadline still holds, as the journal says it (ADR-180):
/// the rows follow, the decision becomes `unknown` with a `reservation_expired` reason, and the event is journaled
/// in the deciding transaction that found it (`found_by`: the key it read). Returns the released ids.
async fn expire_reservations<W: WriteTx>(
    w: &mut W,
    decision_id: DecisionId,
    found_by: String,
    now_ms: i64,
) -> Result<Vec<i64>, StoreError> {
    let Some(deadline) = w.authority().deadline(decision_id).cloned() else { return Ok(Vec::new()) };
    let held = w.authority().held_by(decision_id);
    w.release_reservations(decision_id).await?;
    let expired = ev::ReservationExpired {
        decision_id,
        action: deadline.action,
        agent: deadline.agent,
        report_by_ms: deadline.report_by_ms,
        released: held.clone(),
        found_by,
    };
    if let Some(record) = w.decision(decision_id).await? {
        let mut reasons = record.reasons;
        reasons.push(expired.reason());
        w.set_decision_reasons(decision_id, &reasons).await?;
    }
    w.set_decision_status(decision_id, DecisionStatus::Unknown).await?;
    w.append(now_ms, EventData::ReservationExpired(expired)).await?;
    Ok(held)
}

/// `id`, the id a backend gave a new row asked for at least `floor` (the id the journal issues next, ADR-640), or
/// the error of a backend that gave a lower one (which the journal may already hold).
fn issued_id(kind: IdKind, id: i64, floor: i64) -> Result<i64, StoreError> {
    if id >= floor {
        return Ok(id);
    }
    Err(StoreError::Backend(format!(
        "a new `{}` row got id {id}, below {floor}, the lowest the journal leaves unissued (ADR-640)",
        kind.table()
    )))
}

async fn persist<W: WriteTx>(
    w: &mut W,
    policy: &Policy,
    request: ActionRequest,
    fingerprint: Option<String>,
    decision: Decision,
    now_ms: i64,
    supersedes: Option<(DecisionId, String)>,
) -> Result<DecisionRecord, StoreError> {
    let status = DecisionStatus::initial(decision.verdict);
    // Nothing is appended between this row and its `decided` event, so the row is written with the event's seq.
    let journal_seq = w.head().await?.0 + 1;
    // Every id is above the highest of its kind the journal issued (ADR-640), as the authority state replayed it (this
    // transaction caught up): never the table's next alone, which a deleted row and a rewound sequence give again. A
    // row the table holds above it (one the journal never wrote) is stepped over.
    let issued = w.authority().issued();
    let floor = issued.next(IdKind::Decision);
    let decision_id = w
        .insert_decision(NewDecisionRow {
            id_floor: floor,
            request: &request,
            decision: &decision,
            status,
            supersedes: supersedes.as_ref().map(|s| s.0),
            policy_sha256: &policy.sha256,
            now_ms,
            journal_seq,
        })
        .await?;
    let decision_id = issued_id(IdKind::Decision, decision_id, floor)?;
    let mut approval_id = decision.approval_id;
    if let Some(new) = &decision.new_approval {
        let floor = issued.next(IdKind::Approval);
        let id = w.insert_approval(floor, decision_id, &request, &decision.reasons, new, now_ms).await?;
        let id = issued_id(IdKind::Approval, id, floor)?;
        approval_id = Some(id);
        w.set_decision_approval(decision_id, id).await?;
    }
    let mut reservations = Vec::new();
    if decision.verdict == Verdict::Permit {
        let mut floor = issued.next(IdKind::Reservation);
        for r in &decision.reservations {
            let units = crate::amount_units(r.amount)?;
            let id = w.insert_reservation(floor, decision_id, &r.owner(&request.action), r, units, now_ms).await?;
            let id = issued_id(IdKind::Reservation, id, floor)?;
            floor = id + 1;
            reservations.push(ev::ReservationMade {
                id,
                key: r.key.clone(),
                scope: r.scope.clone(),
                amount: r.amount,
                effect: r.effect.clone(),
            });
        }
    }
    if decision.consumes_approval
        && let Some(id) = decision.approval_id
        && w.consume_approval(id, decision_id).await? != 1
    {
        return Err(StoreError::Backend(format!("approval {id} changed under the deciding transaction")));
    }
    // Idempotency points at the newest answer for the request, unless this was a transient kill-switch block.
    let transient_block = decision.verdict == Verdict::Deny && decision.has_reason(ReasonCode::KillSwitch);
    let superseded = supersedes.as_ref().map(|s| s.0).filter(|_| !transient_block);
    // The request's fingerprint when it binds a new request id: written to the idempotency row and kept with the
    // `decided` event for the authority state (ADR-980), hashed once.
    let mut own_fingerprint = None;
    match (&supersedes, transient_block) {
        (Some((old, fingerprint)), false) => {
            w.set_decision_status(*old, DecisionStatus::Superseded).await?;
            w.repoint_idempotency(&request.agent, &request.request_id, fingerprint, decision_id).await?;
        }
        (Some(_), true) => {}
        (None, _) => {
            let fingerprint = fingerprint.unwrap_or_else(|| request.fingerprint());
            w.insert_idempotency(&request.agent, &request.request_id, &fingerprint, decision_id).await?;
            own_fingerprint = Some(fingerprint);
        }
    }
    if superseded.is_none() && supersedes.is_some() {
        w.clear_supersedes(decision_id).await?;
    }
    // Every permit under `report_within`, also one that reserved nothing (ADR-995: the door's sweep expires it).
    let report_by_ms = decision.report_by_ms;
    // Who reports is fixed now, from the deciding policy (ADR-440): a reload that drops the connector later does not
    // hand the agent the report of a run FourEyes may be making.
    let connector = policy.action(&request.action).and_then(|a| a.execute.as_ref()).map(|c| c.kind().to_string());
    // The decision as its row now stands (ADR-411: built here rather than read back and parsed).
    let record = DecisionRecord {
        decision_id,
        request: request.clone(),
        verdict: decision.verdict,
        tier: decision.tier,
        reasons: decision.reasons.clone(),
        budgets: decision.budgets.clone(),
        approval_id,
        would_have: decision.would_have,
        digest: decision.digest.clone(),
        status,
        supersedes: superseded,
        decided_at_ms: now_ms,
        reported_at_ms: None,
        report_detail: None,
        policy_sha256: policy.sha256.clone(),
    };
    let decided = ev::Decided {
        decision_id,
        request,
        verdict: decision.verdict,
        status,
        tier: decision.tier,
        reasons: decision.reasons,
        budgets: decision.budgets,
        reservations,
        approval_id,
        consumes_approval: decision.consumes_approval,
        would_have: decision.would_have,
        digest: decision.digest,
        supersedes: superseded,
        policy_sha256: policy.sha256.clone(),
        report_by_ms,
        connector,
    };
    let event = match own_fingerprint {
        Some(fingerprint) => w.append_decided(now_ms, decided, fingerprint).await?,
        None => w.append(now_ms, EventData::Decided(decided)).await?,
    };
    if event.seq != journal_seq {
        w.set_journal_seq(decision_id, event.seq).await?;
    }
    let request = &record.request;
    if let (Some(new), Some(id)) = (&decision.new_approval, approval_id) {
        let requested = ev::ApprovalRequested {
            approval_id: id,
            decision_id,
            action: request.action.clone(),
            agent: request.agent.clone(),
            digest: new.digest.clone(),
            required: new.required,
            expires_at_ms: new.expires_at_ms,
            step_up: new.step_up,
            acknowledged: new.acknowledged.clone(),
        };
        w.append(now_ms, EventData::ApprovalRequested(requested)).await?;
    }
    if let Some(demotion) = &decision.demote {
        let session = session_key(request.session.as_deref());
        let floor = issued.next(IdKind::Demotion);
        let demotion_id = w.insert_demotion(floor, &request.agent, session, demotion, decision_id, now_ms).await?;
        let demotion_id = issued_id(IdKind::Demotion, demotion_id, floor)?;
        let demoted = ev::SessionDemoted {
            demotion_id,
            agent: request.agent.clone(),
            session: request.session.clone(),
            signal: demotion.signal,
            reason: demotion.reason.clone(),
            decision_id,
            until_ms: demotion.until_ms,
        };
        w.append(now_ms, EventData::SessionDemoted(demoted)).await?;
    }
    Ok(record)
}

/// Decision `id` as its row says, refused (journaled) unless the journal says the same of it (ADR-240, attack 3 C5):
/// what a reader is shown, so that an edited row is not reported as the door's answer.
/// Whether FourEyes runs decision `id`'s connector, as the journal says (ADR-440): its `decided` event names one
/// (fixed at decide time), or a `connector_started` event marks its start. `NotFound` for no such decision.
pub async fn runs_by_connector<W: WriteTx>(w: &mut W, ids: &[DecisionId]) -> Result<Vec<bool>, StoreError> {
    catch_up(w).await?;
    let mut out = Vec::with_capacity(ids.len());
    for &id in ids {
        out.push(match journal_says(w, id).await? {
            JournalSays::Record(d) => d.connector || w.authority().started(id).is_some(),
            JournalSays::Unproven(why) => {
                return Err(StoreError::InvalidState(format!("decision {id} is not believed: {why} (ADR-740)")));
            }
            JournalSays::Nothing => return Err(StoreError::NotFound(format!("decision {id} does not exist"))),
        });
    }
    Ok(out)
}

pub async fn checked_decision<W: WriteTx>(
    w: &mut W,
    id: DecisionId,
    now_ms: i64,
) -> Result<Option<DecisionRecord>, StoreError> {
    catch_up(w).await?;
    let Some(record) = w.decision(id).await? else { return Ok(None) };
    check_decision_authority(w, &record, now_ms).await?;
    Ok(Some(record))
}

/// The decisions list as the journal tells it (ADR-421, ADR-611): read inside a write transaction after the
/// catch-up, each row compared with what the journal says of its decision. Every row is listed; one the journal
/// does not back is marked with the first field that differs and the journal's value ([`crate::Altered`]). A list is
/// how an operator finds the damage, so one altered row does not withhold the others; nothing acts on a list entry
/// (a single read, a report, a replay refuses the row: [`checked_decision`]).
pub async fn checked_decisions<W: WriteTx>(
    w: &mut W,
    filter: &crate::DecisionFilter,
    now_ms: i64,
) -> Result<Vec<crate::Checked<DecisionRecord>>, StoreError> {
    let _ = now_ms;
    catch_up(w).await?;
    let records = w.list_decisions(filter).await?;
    let mut out = Vec::with_capacity(records.len());
    for record in records {
        let altered = decision_differs_from_journal(w, &record).await?;
        out.push((record, altered.map(|d| crate::Altered::of("decisions", d))));
    }
    Ok(out)
}

/// One approval as the journal tells it (ADR-610): the row read inside a write transaction after the catch-up and
/// marked where it differs from the journal ([`approval_differs`]); its status as of `now_ms`.
pub async fn checked_approval<W: WriteTx>(
    w: &mut W,
    id: ApprovalId,
    now_ms: i64,
) -> Result<Option<crate::Checked<ApprovalRecord>>, StoreError> {
    catch_up(w).await?;
    let Some(record) = w.approval(id).await? else { return Ok(None) };
    Ok(Some(mark_approval(w, record, now_ms).await?))
}

/// Every approval (of `status` as of `now_ms`, when given) as the journal tells it (ADR-610), each marked where its
/// row differs from the journal: a person is never shown a forged request as the thing to approve.
pub async fn checked_approvals<W: WriteTx>(
    w: &mut W,
    status: Option<ApprovalStatus>,
    now_ms: i64,
) -> Result<Vec<crate::Checked<ApprovalRecord>>, StoreError> {
    catch_up(w).await?;
    let records = w.list_approvals().await?;
    let mut out = Vec::with_capacity(records.len());
    for record in records {
        let marked = mark_approval(w, record, now_ms).await?;
        if status.is_none_or(|s| s == marked.0.status) {
            out.push(marked);
        }
    }
    Ok(out)
}

/// Compares a stored approval (its status as stored) with the journal, then shows its status as of `now_ms`.
async fn mark_approval<W: WriteTx>(
    w: &mut W,
    mut record: ApprovalRecord,
    now_ms: i64,
) -> Result<crate::Checked<ApprovalRecord>, StoreError> {
    let journal = approval_says(w, record.approval_id).await?;
    let deferred = deferred_fingerprint(w, &journal).await?;
    let altered = approval_differs(&record, &journal, deferred.as_deref()).map(|d| crate::Altered::of("approvals", d));
    record.status = record.effective_status(now_ms);
    Ok((record, altered))
}

/// The request fingerprint of the decision approval `id` releases, as that decision's own `decided` event holds it
/// (the authority state keeps only a summary of it, ADR-362); `None` when the journal knows no such approval or
/// decision. An event no longer there as applied gives a text no fingerprint equals.
async fn deferred_fingerprint<W: WriteTx>(w: &mut W, journal: &ApprovalSays) -> Result<Option<String>, StoreError> {
    let ApprovalSays::Record(approval) = journal else { return Ok(None) };
    let decision_id = approval.decision_id;
    let seq = match journal_says(w, decision_id).await? {
        JournalSays::Record(d) => d.decided_seq,
        JournalSays::Unproven(why) => return Ok(Some(format!("(decision {decision_id} is not believed: {why})"))),
        JournalSays::Nothing => return Ok(None),
    };
    Ok(Some(match decided_event(w, decision_id, seq).await? {
        Some(d) => d.request.fingerprint(),
        None => format!("(seq {seq} no longer holds decision {decision_id} as applied)"),
    }))
}

// ---------------------------------------------------------------------------------------------------------------
// Phase B

/// The executor's outcome: `failed` releases the reservations, `unknown` keeps them. `reported_by` names a reporter
/// other than the deciding agent (an executor).
pub async fn report<W: WriteTx>(
    w: &mut W,
    decision_id: DecisionId,
    outcome: Outcome,
    detail: Value,
    reported_by: Option<&str>,
    now_ms: i64,
) -> Result<DecisionRecord, StoreError> {
    catch_up(w).await?;
    let Some(record) = w.decision(decision_id).await? else {
        return Err(StoreError::NotFound(format!("decision {decision_id} does not exist")));
    };
    // Whether it was reported already, and what it may release, is what the journal says (ADR-240).
    check_decision_authority(w, &record, now_ms).await?;
    let detail_len = to_canonical_string(&detail).len();
    if detail_len > MAX_DETAIL_BYTES {
        let message = format!("report detail is {detail_len} bytes: at most {MAX_DETAIL_BYTES} are accepted");
        let input = json!({"decision_id": decision_id, "detail": detail});
        return Err(refused(w, &record.request.agent, "bad_request", message, input, now_ms).await);
    }
    // Attack 21 N1: a detail the journal could not read back would stop every door at its next start.
    if let Err(e) = foureyes_core::types::check_journalable("detail", &detail) {
        let input = json!({"decision_id": decision_id, "detail": detail});
        return Err(refused(w, &record.request.agent, "bad_request", e.to_string(), input, now_ms).await);
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
    // A permit whose reservations expired unreported is `unknown` without a report: the first report after that
    // is recorded whatever it says (it is late), and releases nothing, because nothing is held any more. Under the
    // seal key such a permit has left memory (ADR-885): the journal's word on it is its row's seal, checked above.
    let late = match journal_says(w, decision_id).await? {
        JournalSays::Record(journaled) => journaled.expiry == crate::authority::Expiry::Unreported,
        JournalSays::Unproven(_) | JournalSays::Nothing => false,
    };
    if record.status == new_status && !late {
        return Ok(record);
    }
    // What a failure gives back is what the journal says this decision holds (ADR-180); the rows follow.
    let released = match outcome {
        Outcome::Failed => {
            w.release_reservations(decision_id).await?;
            w.authority().held_by(decision_id)
        }
        Outcome::Executed | Outcome::Unknown => Vec::new(),
    };
    w.set_reported(decision_id, new_status, now_ms, &detail).await?;
    // Only a report by someone other than the deciding agent names its reporter: earlier events keep their shape.
    let reported_by = reported_by.map(str::to_string);
    w.append(now_ms, EventData::Reported(ev::Reported { decision_id, outcome, detail, released, reported_by })).await?;
    w.decision(decision_id).await?.ok_or_else(|| StoreError::Backend("decision vanished".into()))
}

// ---------------------------------------------------------------------------------------------------------------
// Approvals

/// Loads an approval for a write, turning an approval past its TTL into `expired` (journaled) first.
async fn approval_for_write<W: WriteTx>(
    w: &mut W,
    id: ApprovalId,
    now_ms: i64,
) -> Result<Option<ApprovalRecord>, StoreError> {
    let Some(mut record) = w.approval(id).await? else { return Ok(None) };
    if record.effective_status(now_ms) == ApprovalStatus::Expired && record.status != ApprovalStatus::Expired {
        w.expire_approval(id).await?;
        let expired = ev::Expired { approval_id: id, decision_id: record.decision_id, was: record.status };
        w.append(now_ms, EventData::Expired(expired)).await?;
        record.status = ApprovalStatus::Expired;
    }
    Ok(Some(record))
}

/// The first field in which an approval's row differs from what the journal says of it (ADR-150, ADR-180,
/// ADR-610): `(field, row, journal)`. Status, decision, digest, required, expiry, step-up (attack 36 H1) and voters, and the request shown
/// (its fingerprint against the deferred decision's `decided` event, `decision`: ADR-530), so the agent, action,
/// params and target a person reads are the ones the door deferred.
fn approval_differs(
    record: &ApprovalRecord,
    journal: &ApprovalSays,
    deferred_fingerprint: Option<&str>,
) -> Option<(&'static str, String, String)> {
    let journal = match journal {
        ApprovalSays::Record(journal) => journal,
        // Settled and dropped from memory, and the row does not carry the door's seal of it (ADR-780).
        ApprovalSays::Unproven(why) => return Some(("settled", record.status.as_str().to_string(), (*why).into())),
        ApprovalSays::Nothing => return Some(("status", record.status.as_str().to_string(), "nothing".into())),
    };
    let mut table_approvers = record.approvers.clone();
    table_approvers.sort();
    let mut journal_approvers = journal.approvers.clone();
    journal_approvers.sort();
    if journal.status != record.status.as_str() {
        Some(("status", record.status.as_str().to_string(), journal.status.to_string()))
    } else if journal.decision_id != record.decision_id {
        Some(("decision_id", record.decision_id.to_string(), journal.decision_id.to_string()))
    } else if journal.digest != record.digest {
        Some(("digest", record.digest.clone(), journal.digest.clone()))
    } else if journal.required != record.required {
        Some(("required", record.required.to_string(), journal.required.to_string()))
    } else if journal.expires_at_ms != record.expires_at_ms {
        Some(("expires_at_ms", record.expires_at_ms.to_string(), journal.expires_at_ms.to_string()))
    } else if let Some(step_up) = journal.step_up
        && step_up != record.step_up
    {
        // A vote's step-up is the journal's (attack 36 H1): a row whose flag was cleared by hand let an approver's
        // token alone approve.
        Some(("step_up", record.step_up.to_string(), step_up.to_string()))
    } else if journal_approvers != table_approvers {
        Some(("approvers", table_approvers.join(","), journal_approvers.join(",")))
    } else if let Some(fingerprint) = deferred_fingerprint
        && fingerprint != record.request.fingerprint()
    {
        let row = format!("action {} with fingerprint {}", record.request.action, record.request.fingerprint());
        Some(("request", row, format!("fingerprint {fingerprint}")))
    } else {
        None
    }
}

/// Refuses (journaled, fail closed) an approval row that the journal does not back, field by field (see
/// [`approval_differs`]), against the authority state this transaction caught up. A row the door did not write
/// grants nothing, and is not voted on.
async fn check_approval_authority<W: WriteTx>(
    w: &mut W,
    record: &ApprovalRecord,
    who: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    let id = record.approval_id;
    let journal = approval_says(w, id).await?;
    let deferred = deferred_fingerprint(w, &journal).await?;
    let Some((field, table, journaled)) = approval_differs(record, &journal, deferred.as_deref()) else {
        return Ok(());
    };
    let message = format!(
        "approval {id} grants nothing: its row in `approvals` says {field} `{table}` but the journal says `{journaled}` \
         (the row was not written by the door; see `foureyes journal audit`)"
    );
    let input = json!({"approval_id": id, "table": "approvals", "field": field, "row": table, "journal": journaled});
    Err(refused(w, who, "record_altered", message, input, now_ms).await)
}

/// A decision as its `decided` event holds it, with its status now: what a row is compared with field by field.
struct DecidedFields {
    agent: String,
    request_id: String,
    verdict: Verdict,
    status: DecisionStatus,
    fingerprint: String,
    digest: String,
    tier: u8,
    supersedes: Option<DecisionId>,
    connector_digest: Option<String>,
}

/// The first field in which a decision's row differs from what the journal says of it (ADR-240, ADR-530):
/// `(field, row, journal)`. Agent, request id, verdict and status; the request itself (its fingerprint: action,
/// params, target, undo target, approval, flags, session), its digest, tier and the deferral it superseded. What an
/// executor, an agent's replay, a list or an undo is served is then the decision the door journaled, whole.
fn decision_differs(record: &DecisionRecord, journal: &DecidedFields) -> Option<(&'static str, String, String)> {
    if journal.agent != record.request.agent {
        Some(("agent", record.request.agent.clone(), journal.agent.clone()))
    } else if journal.request_id != record.request.request_id {
        Some(("request_id", record.request.request_id.clone(), journal.request_id.clone()))
    } else if journal.verdict != record.verdict {
        Some(("verdict", record.verdict.as_str().to_string(), journal.verdict.as_str().to_string()))
    } else if journal.status != record.status {
        Some(("status", record.status.as_str().to_string(), journal.status.as_str().to_string()))
    } else if journal.fingerprint != record.request.fingerprint() {
        let row = format!("action {} with fingerprint {}", record.request.action, record.request.fingerprint());
        Some(("request", row, format!("fingerprint {}", journal.fingerprint)))
    } else if journal.digest != record.digest {
        Some(("digest", record.digest.clone(), journal.digest.clone()))
    } else if journal.tier != record.tier {
        Some(("tier", record.tier.to_string(), journal.tier.to_string()))
    } else if journal.supersedes != record.supersedes {
        let show = |s: Option<DecisionId>| s.map_or_else(|| "nothing".to_string(), |id| id.to_string());
        Some(("supersedes", show(record.supersedes), show(journal.supersedes)))
    } else if journal.connector_digest.as_deref() != record.request.connector_digest() {
        // The connector a release must render (ADR-570) is outside the fingerprint; the journal binds it (ADR-614).
        let show = |d: Option<&str>| d.map_or_else(|| "no connector".to_string(), |d| format!("connector {d}"));
        Some(("connector", show(record.request.connector_digest()), show(journal.connector_digest.as_deref())))
    } else {
        None
    }
}

/// Decision `id`'s `decided` event, read at `seq` (the seq the authority state recorded when it applied it, never a
/// row's); `None` when that seq no longer holds it as applied (another event, another decision, a hash that does not
/// match its bytes).
async fn decided_event<W: WriteTx>(
    w: &mut W,
    id: DecisionId,
    seq: u64,
) -> Result<Option<foureyes_core::event::Decided>, StoreError> {
    let read = w.journal_after(seq.saturating_sub(1), 1).await?;
    Ok(read.first().and_then(|(event, _)| {
        if event.seq != seq
            || event_hash(event.seq, event.ts_ms, event.kind, &event.data, &event.prev_hash) != event.hash
        {
            return None;
        }
        match EventData::from_journal(event.kind, &event.data) {
            Ok(EventData::Decided(d)) if d.decision_id == id => Some(d),
            _ => None,
        }
    }))
}

/// The first field in which a decision's row differs from the journal (see [`decision_differs`]), against the
/// authority state's fixed-size record of it (ADR-362): the row's verdict, status and [`decision_summary`] are
/// compared with the record; only when the summary differs is the decision's own `decided` event read (at the seq
/// the state recorded when it applied it, not the row's) to name the field.
async fn decision_differs_from_journal<W: WriteTx>(
    w: &mut W,
    record: &DecisionRecord,
) -> Result<Option<(&'static str, String, String)>, StoreError> {
    let id = record.decision_id;
    let journal = match journal_says(w, id).await? {
        JournalSays::Record(journal) => journal,
        // Settled and dropped from memory, and the row does not carry the door's seal of it (ADR-740).
        JournalSays::Unproven(why) => {
            return Ok(Some(("settled", format!("{}/{}", record.verdict, record.status.as_str()), why.into())));
        }
        JournalSays::Nothing => return Ok(Some(("verdict", record.verdict.as_str().to_string(), "nothing".into()))),
    };
    let r = &record.request;
    let row_summary = decision_summary(
        &r.agent,
        &r.request_id,
        &r.fingerprint(),
        &record.digest,
        record.tier,
        record.supersedes,
        r.connector_digest(),
    );
    // Executed: the journal's record also binds the report's time and detail, which an undo acts on (ADR-850).
    let executed = journal.status == DecisionStatus::Executed;
    let row_summary = if executed {
        executed_summary(&row_summary, record.reported_at_ms, record.report_detail.as_ref())
    } else {
        row_summary
    };
    if row_summary == journal.summary {
        return Ok(if journal.verdict != record.verdict {
            Some(("verdict", record.verdict.as_str().to_string(), journal.verdict.as_str().to_string()))
        } else if journal.status != record.status {
            Some(("status", record.status.as_str().to_string(), journal.status.as_str().to_string()))
        } else {
            None
        });
    }
    let seq = journal.decided_seq;
    let Some(d) = decided_event(w, id, seq).await? else {
        // The event the state applied is no longer there as it was: nothing to name a field by, and nothing served.
        return Ok(Some((
            "decided event",
            format!("decision {id}"),
            format!("seq {seq} no longer holds it as applied"),
        )));
    };
    let fields = DecidedFields {
        fingerprint: d.request.fingerprint(),
        connector_digest: d.request.connector_digest().map(str::to_string),
        agent: d.request.agent,
        request_id: d.request.request_id,
        verdict: journal.verdict,
        status: journal.status,
        digest: d.digest,
        tier: d.tier,
        supersedes: d.supersedes,
    };
    let event_summary = decision_summary(
        &fields.agent,
        &fields.request_id,
        &fields.fingerprint,
        &fields.digest,
        fields.tier,
        fields.supersedes,
        fields.connector_digest.as_deref(),
    );
    if executed {
        // The record folds the executed report in (ADR-850): the event alone no longer summarizes as it. A row
        // whose decided fields are the event's differs in what the report gave it.
        return Ok(Some(decision_differs(record, &fields).unwrap_or_else(|| {
            let row = format!(
                "reported at {} with detail {}",
                record.reported_at_ms.map_or_else(|| "nothing".to_string(), |ms| ms.to_string()),
                record.report_detail.as_ref().map_or_else(
                    || "nothing".to_string(),
                    |d| to_canonical_string(d).chars().take(200).collect::<String>()
                )
            );
            ("report_detail", row, "the time and detail of the `executed` report the journal holds".to_string())
        })));
    }
    if event_summary != journal.summary {
        return Ok(Some((
            "decided event",
            format!("decision {id}"),
            format!("seq {seq} no longer holds it as applied"),
        )));
    }
    Ok(Some(decision_differs(record, &fields).unwrap_or_else(|| {
        // Two different rows with one summary: 128 bits of SHA-256 collided; refused all the same.
        ("request", format!("decision {id}"), format!("the summary of seq {seq}"))
    })))
}

/// Refuses (journaled, fail closed) a decision row that the journal does not back (ADR-240), against the authority
/// state this transaction caught up: a replayed answer, a report and what a failure releases come from the journal.
async fn check_decision_authority<W: WriteTx>(
    w: &mut W,
    record: &DecisionRecord,
    now_ms: i64,
) -> Result<(), StoreError> {
    let id = record.decision_id;
    let Some((field, table, journaled)) = decision_differs_from_journal(w, record).await? else { return Ok(()) };
    let message = format!(
        "decision {id} is not believed: its row in `decisions` says {field} `{table}` but the journal says \
         `{journaled}` (the row was not written by the door; see `foureyes journal audit`)"
    );
    let input = json!({"decision_id": id, "table": "decisions", "field": field, "row": table, "journal": journaled});
    Err(refused(w, &record.request.agent, "record_altered", message, input, now_ms).await)
}

/// Which undo compensates decision `target`, as the authority state says (ADR-368); the rows (`undo_of`, verdict,
/// status) must say the same, or the undo asked for is refused `record_altered`, journaled: a writer who set the
/// first undo's row to `deny` or deleted it would otherwise have had a second undo of the same decision permitted
/// (attack 19's R1); a forged undo row is named too, not taken for the journal's word.
async fn check_undone_authority<W: WriteTx>(
    w: &mut W,
    agent: &str,
    target: DecisionId,
    now_ms: i64,
) -> Result<Option<DecisionId>, StoreError> {
    let mut journaled = w.authority().undone_by(target);
    // A target whose final undo left memory for the target's row seal (ADR-994): its seal says "undone by", and a
    // seal that is not the door's for it is an altered row, refused as every seal.
    if journaled.is_none() && w.authority().settled_out(target) {
        let settled = w.settled_seal(target).await?;
        match w.authority().undone_by_sealed(target, settled.as_deref()) {
            Ok(undo) => journaled = undo,
            Err(why) => {
                let message = format!(
                    "decision {target} is not believed: {why} (the row was not written by the door; see `foureyes \
                     journal audit`)"
                );
                let input = json!({"decision_id": target, "table": "decisions", "field": "settled"});
                return Err(refused(w, agent, "record_altered", message, input, now_ms).await);
            }
        }
    }
    let row = w.undone_by(target).await?;
    if row == journaled {
        return Ok(journaled);
    }
    let said = |undo: Option<DecisionId>| match undo {
        Some(undo) => format!("undone by decision {undo}"),
        None => "not undone".to_string(),
    };
    let message = format!(
        "decision {target} is not believed: the rows in `decisions` say it is {} but the journal says it is {} \
         (the rows were not written by the door; see `foureyes journal audit`)",
        said(row),
        said(journaled)
    );
    let input = json!({"decision_id": target, "table": "decisions", "field": "undo_of", "row": said(row),
                       "journal": said(journaled)});
    Err(refused(w, agent, "record_altered", message, input, now_ms).await)
}

/// ADR-1029 (ADR-996's known limit): an undo of a target settled out of memory and reported executed before the
/// horizon of the undo links this door let go of ([`crate::authority::Authority::undo_floor`]), under a policy whose compensation
/// window still reaches it — only a policy reloaded with a longer window than any this door had seen when the links
/// left. Whether it was undone is not in memory, and its row's seal may be an earlier one given back: answered as a
/// state the request cannot be decided in (`InvalidState`: HTTP 409 `invalid_state`, CLI exit 6), as ADR-884 does a
/// window reaching before what the door holds. A restart replays every link from the journal and decides it exactly.
fn check_undo_floor<W: WriteTx>(
    w: &mut W,
    policy: &Policy,
    target: &DecisionRecord,
    now_ms: i64,
) -> Result<(), StoreError> {
    let floor = w.authority().undo_floor();
    let executed_at = target.reported_at_ms.unwrap_or(target.decided_at_ms);
    if target.status != DecisionStatus::Executed
        || executed_at >= floor
        || !w.authority().settled_out(target.decision_id)
    {
        return Ok(());
    }
    let Some(window_ms) =
        policy.action(&target.request.action).and_then(|a| a.compensate.as_ref()).map(|c| c.window_ms)
    else {
        return Ok(());
    };
    if now_ms > executed_at.saturating_add(window_ms) {
        return Ok(());
    }
    Err(StoreError::InvalidState(format!(
        "undo of decision {}: it was reported executed at {executed_at} ms, before what this door still remembers of \
         undos (the links of final undos of targets reported before {floor} ms were let go of when every policy in \
         force then had closed their compensation window, ADR-996); the policy in force reaches it again with a \
         longer window: restart the door to read from the journal whether it was undone (ADR-1029)",
        target.decision_id
    )))
}

/// Refuses (journaled, fail closed) the retry of a request whose decision row is gone while its idempotency row, which
/// the journal backs ([`check_idempotency_authority`] ran first), says it was decided: the row was deleted outside the
/// door. A bad state of the record like any other altered row (`record_altered`), not a storage fault (attack 20: it
/// was answered 503 `storage_error`, F841).
async fn decision_row_missing<W: WriteTx>(
    w: &mut W,
    request: &ActionRequest,
    id: DecisionId,
    now_ms: i64,
) -> StoreError {
    let message = format!(
        "decision {id} is not believed: request_id `{}` of agent `{}` was decided as decision {id}, the journal says, \
         but `decisions` has no row {id} (the row was deleted outside the door; see `foureyes journal audit`)",
        request.request_id, request.agent
    );
    let input = json!({"decision_id": id, "request_id": request.request_id, "table": "decisions",
                       "field": "decision_id", "row": "nothing", "journal": format!("decision {id}")});
    refused(w, &request.agent, "record_altered", message, input, now_ms).await
}

/// Refuses (journaled, fail closed) an idempotency row that the journal does not back (ADR-240): one pointing at
/// another decision or fingerprint, one the journal never made, or one deleted from under a journaled request id.
/// The state keeps 128 bits of each fingerprint (ADR-362): what it shows of the journal's is those bits in hex.
async fn check_idempotency_authority<W: WriteTx>(
    w: &mut W,
    request: &ActionRequest,
    row: Option<&(String, DecisionId)>,
    now_ms: i64,
) -> Result<(), StoreError> {
    let key = crate::replay::idempotency_key(request);
    let journaled = w.authority().idempotency(&key);
    let same = match (row, journaled) {
        (None, None) => true,
        (Some((fingerprint, id)), Some(j)) => *id == j.decision_id && fingerprint_summary(fingerprint) == j.fingerprint,
        (Some((fingerprint, id)), None) if w.authority().forgot_requests() => {
            check_forgotten_request(w, request, fingerprint, *id, now_ms).await?
        }
        _ => false,
    };
    if same {
        return Ok(());
    }
    let row_said = match row {
        Some((fingerprint, id)) => format!("decision {id}, fingerprint {fingerprint}"),
        None => "nothing".to_string(),
    };
    let journal_said = match journaled {
        Some(j) => format!("decision {}, fingerprint {}…", j.decision_id, hex::encode(j.fingerprint)),
        None => "nothing".to_string(),
    };
    let message = format!(
        "request_id `{}` of agent `{}` is not believed: its row in `idempotency` says {row_said} but the journal \
         says {journal_said} (the row was not written by the door; see `foureyes journal audit`)",
        request.request_id, request.agent
    );
    let input = json!({"request_id": request.request_id, "table": "idempotency", "field": "decision_id",
                       "row": row_said, "journal": journal_said});
    Err(refused(w, &request.agent, "record_altered", message, input, now_ms).await)
}

/// Whether the decisions an idempotency row names back it, for a request id the authority state let go of after
/// its request memory (ADR-373): the row's decision, and each deferral it superseded back to the first decision of
/// the request id, must be the journal's (each row checked against its settlement seal or the state's record: an
/// altered one is refused `record_altered` here), all of this agent's request id; the one named must not be a
/// superseded deferral (a release has repointed the id since), and the row's fingerprint must be the first
/// decision's request's. A row pointing at another request's decision, or a forged one, is not believed.
async fn check_forgotten_request<W: WriteTx>(
    w: &mut W,
    request: &ActionRequest,
    fingerprint: &str,
    id: DecisionId,
    now_ms: i64,
) -> Result<bool, StoreError> {
    // A release supersedes a deferral, a kill-switch retry the blocked release: a chain of a few decisions at most.
    const LONGEST_CHAIN: usize = 16;
    let mut current = id;
    for _ in 0..LONGEST_CHAIN {
        let Some(named) = w.decision(current).await? else { return Ok(false) };
        check_decision_authority(w, &named, now_ms).await?;
        if named.request.agent != request.agent || named.request.request_id != request.request_id {
            return Ok(false);
        }
        if current == id && named.status == DecisionStatus::Superseded {
            return Ok(false);
        }
        match named.supersedes {
            Some(deferral) if deferral < current => current = deferral,
            Some(_) => return Ok(false),
            None => return Ok(named.request.fingerprint() == fingerprint),
        }
    }
    Ok(false)
}

async fn vote_refusal<W: WriteTx>(
    w: &mut W,
    id: ApprovalId,
    approver: &str,
    error: VoteError,
    now_ms: i64,
) -> StoreError {
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

async fn approval_now<W: WriteTx>(w: &mut W, id: ApprovalId) -> Result<ApprovalRecord, StoreError> {
    w.approval(id).await?.ok_or_else(|| StoreError::Backend("approval vanished".into()))
}

pub async fn approve<W: WriteTx>(
    w: &mut W,
    id: ApprovalId,
    approver: &str,
    digest_seen: Option<&str>,
    now_ms: i64,
) -> Result<VoteOutcome, StoreError> {
    // A vote counts only on an approval whose row (votes included) is what the journal says (ADR-180).
    catch_up(w).await?;
    if let Some(row) = w.approval(id).await? {
        check_approval_authority(w, &row, approver, now_ms).await?;
    }
    let Some(record) = approval_for_write(w, id, now_ms).await? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    match approval::approve(&record, approver, digest_seen, now_ms) {
        Err(e) => Err(vote_refusal(w, id, approver, e, now_ms).await),
        Ok(VoteEffect::AlreadyCounted { .. }) => Ok(VoteOutcome { approval: record, counted: false }),
        Ok(VoteEffect::Counted { approvers, complete }) => {
            w.insert_vote(id, approver, now_ms).await?;
            let vote =
                ev::Vote { approval_id: id, approver: approver.to_string(), approvers, required: record.required };
            if complete {
                w.approve_approval(id, approver).await?;
                w.append(now_ms, EventData::Approved(vote)).await?;
            } else {
                w.append(now_ms, EventData::ApprovalVote(vote)).await?;
            }
            Ok(VoteOutcome { approval: approval_now(w, id).await?, counted: true })
        }
    }
}

pub async fn reject<W: WriteTx>(
    w: &mut W,
    id: ApprovalId,
    approver: &str,
    reason: Option<&str>,
    digest_seen: Option<&str>,
    now_ms: i64,
) -> Result<ApprovalRecord, StoreError> {
    let Some(record) = approval_for_write(w, id, now_ms).await? else {
        return Err(StoreError::NotFound(format!("approval {id} does not exist")));
    };
    if let Err(e) = approval::reject(&record, digest_seen, now_ms) {
        return Err(vote_refusal(w, id, approver, e, now_ms).await);
    }
    w.reject_approval(id, approver, reason).await?;
    let rejected = ev::Rejected { approval_id: id, approver: approver.to_string(), reason: reason.map(str::to_string) };
    w.append(now_ms, EventData::Rejected(rejected)).await?;
    approval_now(w, id).await
}

pub async fn revoke<W: WriteTx>(
    w: &mut W,
    id: ApprovalId,
    by: &str,
    why: &str,
    now_ms: i64,
) -> Result<ApprovalRecord, StoreError> {
    let Some(record) = approval_for_write(w, id, now_ms).await? else {
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
    // Conditional on `approved`: the release that consumes it runs in this same serialized write path, so the
    // loser of a revoke/release race sees the other's write (the release is denied; the revoke is refused).
    if w.revoke_approval(id, by, why).await? != 1 {
        return Err(StoreError::Backend(format!("approval {id} changed under the revoking transaction")));
    }
    let revoked =
        ev::Revoked { approval_id: id, decision_id: record.decision_id, by: by.to_string(), why: why.to_string() };
    w.append(now_ms, EventData::Revoked(revoked)).await?;
    approval_now(w, id).await
}

/// Marks every approval past its TTL as expired (journaled); returns their ids.
pub async fn expire_all<W: WriteTx>(w: &mut W, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
    let ids = w.approvals_due(now_ms).await?;
    for id in &ids {
        approval_for_write(w, *id, now_ms).await?;
    }
    expire_unheld(w, now_ms).await?;
    Ok(ids)
}

/// The door's sweep of reporting deadlines (ADR-995), in the approval sweep's transaction (the door's ticker, every
/// `--approval-sweep`): an unreported permit that reserved nothing is found by no key's read, so here it expires
/// past its deadline (put off by the outages, ADR-365, ADR-369) as one holding reservations does at a key's read:
/// `reservation_expired`, releasing nothing, `unknown`; it stays findable, and a late report is still taken (ADR-885).
pub async fn expire_unheld<W: WriteTx>(w: &mut W, now_ms: i64) -> Result<Vec<DecisionId>, StoreError> {
    catch_up(w).await?;
    let overdue = w.authority().overdue_unheld(now_ms);
    if overdue.is_empty() {
        return Ok(overdue);
    }
    let outages = crate::clock_floor::outages_at(now_ms);
    let mut expired = Vec::new();
    for id in overdue {
        let put_off = match w.authority().deadline(id) {
            Some(d) => crate::clock_floor::put_off(&outages, d.decided_ms, d.report_by_ms) >= now_ms,
            None => true,
        };
        if !put_off {
            expire_reservations(w, id, "the door's sweep".to_string(), now_ms).await?;
            expired.push(id);
        }
    }
    Ok(expired)
}

// ---------------------------------------------------------------------------------------------------------------
// Kill switch, policy

/// The kill switch as its row says (nothing reads it for authority since ADR-180 and ADR-241; kept for the teeth
/// mutation that shows a decision reading the row would be fooled).
pub async fn kill_switch<W: WriteTx>(w: &mut W) -> Result<bool, StoreError> {
    Ok(w.setting("kill_switch").await?.as_deref() == Some("on"))
}

/// The kill switch as the journal says it, caught up in this transaction (ADR-241): what `kill-switch status`,
/// `GET /v1/kill-switch`, `/healthz` and the metrics show, so an edited row does not make them say OFF.
pub async fn kill_switch_journaled<W: WriteTx>(w: &mut W) -> Result<bool, StoreError> {
    catch_up(w).await?;
    Ok(w.authority().kill_switch())
}

/// Journals a signed checkpoint unless one at least as large was journaled before (as the journal's `checkpoint`
/// events say, ADR-533; the `checkpoint_size` setting is written with it, an index like any other row). Under the
/// write lock (the chain-head lock on PostgreSQL), so replicas checkpointing one journal produce one increasing
/// sequence.
pub async fn record_checkpoint<W: WriteTx>(
    w: &mut W,
    checkpoint: &crate::CheckpointRecord,
    now_ms: i64,
) -> Result<Option<u64>, StoreError> {
    // What is checkpointed already is the journal's `checkpoint` events, as this door verified them (ADR-533): a
    // `checkpoint_size` setting edited by hand once silenced every checkpoint after it (attack 11, H4).
    catch_up(w).await?;
    if w.authority().checkpointed() >= checkpoint.size {
        return Ok(None);
    }
    w.set_setting("checkpoint_size", &checkpoint.size.to_string()).await?;
    Ok(Some(w.append(now_ms, EventData::Checkpoint(checkpoint.clone())).await?.seq))
}

/// Journals a tool pin (`tool_pinned`) after `tool_pin::check`. No row: the journal is the pins' only home, read by
/// kind (`Store::tool_pins`) and folded by `tool_pin::current`.
pub async fn pin_tool<W: WriteTx>(
    w: &mut W,
    pin: &foureyes_core::tool_pin::ToolPinned,
    now_ms: i64,
) -> Result<u64, StoreError> {
    foureyes_core::tool_pin::check(pin).map_err(StoreError::InvalidState)?;
    // Two pins that list as one name are never both held (attack 39, ADR-1260): checked in the transaction, against
    // the pins the journal holds, so two proxies racing with `list` and `Iist` cannot both win.
    catch_up(w).await?;
    if let Some((server, tool)) = w.authority().pinned_alike(&pin.server, &pin.tool) {
        return Err(StoreError::InvalidState(format!(
            "`{}`'s tool `{}` reads like `{server}`'s tool `{tool}`, pinned already (their UTS #39 skeletons are one); \
             two pins that list alike are never both held (ADR-1260)",
            pin.server, pin.tool
        )));
    }
    // A first-seen pin counts only for a tool the journal has not pinned (`tool_pin::current`): checked here, in the
    // transaction, so no second first-seen pin is journaled and answered as if it held (attack 34, ADR-404). The same
    // hash again (two proxies that saw the same definition) is the pin already there.
    if pin.cause == foureyes_core::tool_pin::PinCause::FirstSeen {
        catch_up(w).await?;
        if let Some((sha256, seq)) = w.authority().pinned(&pin.server, &pin.tool) {
            if sha256 == pin.sha256 {
                return Ok(seq);
            }
            return Err(StoreError::InvalidState(format!(
                "`{}`'s tool `{}` is already pinned to {sha256} (journal seq {seq}); a first-seen pin never replaces \
                 one: a changed definition is re-pinned by a person (`foureyes mcp pins approve`, ADR-404)",
                pin.server, pin.tool
            )));
        }
    }
    Ok(w.append(now_ms, EventData::ToolPinned(pin.clone())).await?.seq)
}

/// Journals that the connector of `decision_id` is about to be sent (`connector_started`, ADR-321): refused unless
/// the journal says the decision is a permit still `intended` whose connector was never started, so a decision's
/// connector starts at most once, whatever the tables say. No row: the journal is the marks' only home.
pub async fn connector_started<W: WriteTx>(
    w: &mut W,
    decision_id: DecisionId,
    connector: &str,
    by: &str,
    now_ms: i64,
) -> Result<u64, StoreError> {
    catch_up(w).await?;
    let d = match journal_says(w, decision_id).await? {
        JournalSays::Record(d) => d,
        JournalSays::Unproven(why) => {
            return Err(StoreError::InvalidState(format!("decision {decision_id} is not believed: {why} (ADR-740)")));
        }
        JournalSays::Nothing => {
            return Err(StoreError::NotFound(format!("decision {decision_id} does not exist in the journal")));
        }
    };
    if d.verdict != Verdict::Permit || d.status != DecisionStatus::Intended {
        return Err(StoreError::InvalidState(format!(
            "decision {decision_id} is `{}` and `{}` in the journal: only a permit still `intended` starts its connector",
            d.verdict,
            d.status.as_str()
        )));
    }
    if let Some(at) = w.authority().started(decision_id) {
        return Err(StoreError::InvalidState(format!(
            "the connector of decision {decision_id} was already started (at {at} ms): it is never started twice"
        )));
    }
    let started = ev::ConnectorStarted { decision_id, connector: connector.to_string(), by: by.to_string() };
    Ok(w.append(now_ms, EventData::ConnectorStarted(started)).await?.seq)
}

pub async fn set_kill_switch<W: WriteTx>(w: &mut W, engaged: bool, by: &str, now_ms: i64) -> Result<bool, StoreError> {
    catch_up(w).await?;
    let value = if engaged { "on" } else { "off" };
    if w.authority().kill_switch() == engaged {
        // The row follows the journal again if it was edited. A switch that was never engaged has no row (a replay
        // of a journal without a `kill_switch` event builds none): a bare `off` writes none, or the audit would call
        // an admin's ordinary command a hand edit (F380). A row deleted by hand after an `off` stays for the audit.
        let row = w.setting("kill_switch").await?;
        if row.as_deref() != Some(value) && (row.is_some() || engaged) {
            w.set_setting("kill_switch", value).await?;
        }
        return Ok(false);
    }
    w.set_setting("kill_switch", value).await?;
    w.append(now_ms, EventData::KillSwitch(ev::KillSwitch { engaged, by: by.to_string() })).await?;
    Ok(true)
}

/// Journals a policy (`policy_loaded`) unless the journal's newest one is this policy and names every action it
/// has already. Which actions it introduces (names first) is what the journal says (ADR-260): the `policy_sha256`
/// row only follows, so an edited row cannot suppress the event that starts a new action's rehearsal.
pub async fn record_policy<W: WriteTx>(
    w: &mut W,
    sha256: &str,
    source: &str,
    actions: &[String],
    now_ms: i64,
) -> Result<bool, StoreError> {
    catch_up(w).await?;
    let mut introduced: Vec<String> = actions.iter().filter(|a| !w.authority().is_introduced(a)).cloned().collect();
    introduced.sort();
    introduced.dedup();
    let journaled = w.authority().policy_sha256() == Some(sha256);
    if w.setting("policy_sha256").await?.as_deref() != Some(sha256) {
        w.set_setting("policy_sha256", sha256).await?;
    }
    if journaled && introduced.is_empty() {
        return Ok(false);
    }
    let loaded = ev::PolicyLoaded {
        sha256: sha256.to_string(),
        source: source.to_string(),
        actions: actions.len() as u64,
        introduced,
    };
    w.append(now_ms, EventData::PolicyLoaded(loaded)).await?;
    Ok(true)
}

// ---------------------------------------------------------------------------------------------------------------
// Session trust

/// Marks a demotion whose cooling period has passed as expired, journaled (`session_restored`, `cause: expired`).
/// It ended at `until_ms`, whichever write noticed it.
async fn expire_demotion<W: WriteTx>(w: &mut W, d: &mut DemotionRecord, now_ms: i64) -> Result<(), StoreError> {
    w.end_demotion(d.demotion_id, DemotionStatus::Expired, d.until_ms, None, None).await?;
    let restored = ev::SessionRestored {
        demotion_id: d.demotion_id,
        agent: d.agent.clone(),
        session: d.session.clone(),
        cause: ev::RestoreCause::Expired,
        by: None,
        why: None,
        until_ms: d.until_ms,
    };
    w.append(now_ms, EventData::SessionRestored(restored)).await?;
    d.status = DemotionStatus::Expired;
    d.ended_at_ms = Some(d.until_ms);
    Ok(())
}

/// The active demotions of `(agent, session)` and of the agent's sessionless requests, after expiring (journaled)
/// those whose cooling period has passed.
async fn active_demotions<W: WriteTx>(
    w: &mut W,
    agent: &str,
    session: Option<&str>,
    now_ms: i64,
) -> Result<Vec<DemotionRecord>, StoreError> {
    let mut active = Vec::new();
    // As the journal says (ADR-180): a demotion ended by hand in the table still holds.
    for mut d in w.authority().active_demotions(agent, session_key(session)) {
        if d.is_active(now_ms) {
            active.push(d);
        } else {
            expire_demotion(w, &mut d, now_ms).await?;
        }
    }
    Ok(active)
}

/// What the snapshot needs of session trust: the demotion holding the request (the one that lasts longest, when
/// both the session and the whole agent are demoted) and the session's denials since the policy says to count them.
async fn session_snapshot<W: WriteTx>(
    w: &mut W,
    policy: &Policy,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<(Option<DemotionRecord>, u64), StoreError> {
    let session = request.session.as_deref();
    let demotion = active_demotions(w, &request.agent, session, now_ms).await?.into_iter().max_by_key(|d| d.until_ms);
    let last = w.authority().last_demotion(&request.agent, session_key(session));
    let denials = match denials_since_ms(policy, now_ms, last.map(|d| d.ends_at_ms())) {
        None => 0,
        Some(since_ms) => {
            // A rule reloaded to count further back than this door kept its denials (ADR-875): what it let go of
            // is not counted from memory (an under-count frees the session from a demotion), so nothing is decided
            // for the session until a restart replays the journal. Answered as a state the request cannot be
            // decided in (HTTP 409 `invalid_state`, CLI exit 6) as ADR-376's is (ADR-884): as a storage error (HTTP
            // 503) an agent retried it for ever (attack 24's W1).
            let floor = w.authority().denial_floor(&request.agent, session_key(session));
            if since_ms < floor {
                return Err(StoreError::InvalidState(format!(
                    "session `{}` of agent `{}` counts its denials from {since_ms} ms, before what this door still \
                     holds in memory (denials before {floor} ms were let go of under the policy in force then, \
                     ADR-875): restart the door to count them from the journal",
                    session.unwrap_or_default(),
                    request.agent
                )));
            }
            w.authority().session_denials(&request.agent, session_key(session), since_ms)
        }
    };
    Ok((demotion, denials))
}

/// An admin's early restore of `(agent, session)`: exactly that session's demotion (restoring a session does not
/// lift a demotion of the whole agent, which is restored by naming no session).
pub async fn restore_session<W: WriteTx>(
    w: &mut W,
    agent: &str,
    session: Option<&str>,
    by: &str,
    why: &str,
    now_ms: i64,
) -> Result<DemotionRecord, StoreError> {
    if why.trim().is_empty() || why.len() > MAX_WHY_BYTES || why.chars().any(char::is_control) {
        let message = format!("a restore needs a reason (`why`): 1 to {MAX_WHY_BYTES} bytes of printable text");
        let input = json!({"agent": agent, "session": session, "why": why});
        return Err(refused(w, by, "bad_request", message, input, now_ms).await);
    }
    // The door's own check of names (ADR-1411): no session or agent holding a control or hidden character was ever
    // demoted, and the refusal names it escaped (attack 44's H4, ADR-1520).
    for (field, value) in [("agent", Some(agent)), ("session", session)] {
        if let Some(Err(e)) = value.map(|v| foureyes_core::types::check_name_text(field, v)) {
            let input = json!({"agent": agent, "session": session, "why": why});
            return Err(refused(w, by, "bad_request", e.to_string(), input, now_ms).await);
        }
    }
    catch_up(w).await?;
    let active = active_demotions(w, agent, session, now_ms).await?;
    let Some(mut d) = active.into_iter().find(|d| d.session.as_deref() == session) else {
        let whose = match session {
            Some(s) => format!(
                "session `{}` of agent `{}`",
                foureyes_core::tool_pin::shown(s),
                foureyes_core::tool_pin::shown(agent)
            ),
            None => format!("agent `{}` (requests without a session id)", foureyes_core::tool_pin::shown(agent)),
        };
        return Err(StoreError::NotFound(format!("{whose} is not demoted")));
    };
    w.end_demotion(d.demotion_id, DemotionStatus::Restored, now_ms, Some(by), Some(why)).await?;
    let restored = ev::SessionRestored {
        demotion_id: d.demotion_id,
        agent: d.agent.clone(),
        session: d.session.clone(),
        cause: ev::RestoreCause::Admin,
        by: Some(by.to_string()),
        why: Some(why.to_string()),
        until_ms: d.until_ms,
    };
    w.append(now_ms, EventData::SessionRestored(restored)).await?;
    d.status = DemotionStatus::Restored;
    d.ended_at_ms = Some(now_ms);
    d.ended_by = Some(by.to_string());
    d.ended_reason = Some(why.to_string());
    Ok(d)
}

// ---------------------------------------------------------------------------------------------------------------
// Credentials

async fn name_free<W: WriteTx>(w: &mut W, name: &str) -> Result<(), StoreError> {
    // In the write transaction: no other writer can take this name between the check and the insert. Taken is what
    // the journal says too (ADR-532): a row deleted by hand does not free a name the journal holds. Names compare as
    // identities do (ADR-470's fold, ADR-551): `Mallory` next to `mallory` would be one identity with two
    // credentials, and the four-eyes rule, which folds, could not tell an approver from the agent it approves.
    catch_up(w).await?;
    let mut names = w.credential_names().await?;
    {
        let credentials = w.authority().credentials();
        let known = credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        names.extend(known.keys().cloned());
    }
    if let Some(taken) = names.iter().find(|n| foureyes_core::fold::same_identity(n, name)) {
        let same = if taken == name {
            String::new()
        } else {
            format!(" (`{name}` is the same identity: case and compatibility forms fold)")
        };
        return Err(StoreError::InvalidState(format!(
            "a credential named `{taken}` already exists{same}: revoke it first or pick another name"
        )));
    }
    Ok(())
}

pub async fn create_token<W: WriteTx>(
    w: &mut W,
    name: &str,
    role: Role,
    token_sha256: &str,
    totp_secret: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    crate::refuse_unbound_executor(role)?;
    name_free(w, name).await?;
    w.insert_credential(NewCredentialRow { name, role, token_sha256, totp_secret, serves: None, now_ms }).await?;
    let created = CredentialChange::Created {
        name: name.to_string(),
        role,
        serves: None,
        step_up: totp_secret.is_some(),
        token_binding: Some(ev::token_binding(token_sha256)),
        totp_binding: totp_secret.map(ev::totp_binding),
    };
    w.append(now_ms, EventData::Credential(created)).await?;
    Ok(())
}

pub async fn create_executor<W: WriteTx>(
    w: &mut W,
    name: &str,
    serves: &str,
    token_sha256: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    name_free(w, name).await?;
    // In the same transaction: a revoke of the agent cannot slip between this check and the insert.
    if !w.live_agent(serves).await? {
        return Err(StoreError::InvalidState(format!(
            "no live agent credential named `{}`: an executor serves an agent that has a credential",
            foureyes_core::tool_pin::shown(serves)
        )));
    }
    let row =
        NewCredentialRow { name, role: Role::Executor, token_sha256, totp_secret: None, serves: Some(serves), now_ms };
    w.insert_credential(row).await?;
    let created = CredentialChange::Created {
        name: name.to_string(),
        role: Role::Executor,
        serves: Some(serves.to_string()),
        step_up: false,
        token_binding: Some(ev::token_binding(token_sha256)),
        totp_binding: None,
    };
    w.append(now_ms, EventData::Credential(created)).await?;
    Ok(())
}

/// Journals that a connector secret is about to be set or replaced (name and who, never the value).
pub async fn journal_secret_set<W: WriteTx>(
    w: &mut W,
    name: &str,
    by: &str,
    rotation: bool,
    sealed_binding: Option<&str>,
    now_ms: i64,
) -> Result<u64, StoreError> {
    let change = CredentialChange::SecretSet {
        name: name.to_string(),
        by: by.to_string(),
        rotation,
        sealed_binding: sealed_binding.map(str::to_string),
    };
    Ok(w.append(now_ms, EventData::Credential(change)).await?.seq)
}

pub async fn revoke_token<W: WriteTx>(w: &mut W, name: &str, now_ms: i64) -> Result<bool, StoreError> {
    let changed = w.revoke_credential(name, now_ms).await?;
    if changed > 0 {
        w.delete_sessions_of(name).await?;
        w.append(now_ms, EventData::Credential(CredentialChange::Revoked { name: name.to_string() })).await?;
    }
    Ok(changed > 0)
}

/// The first field in which a credential's row differs from what the journal says of it (ADR-180):
/// `(field, row, journal)`. Existence, liveness, role, served agent, the step-up secret (ADR-1160), and (when the
/// caller presented a token, and the journal bound one: attack 3, S4) the token hash the row was found by.
pub fn principal_differs(
    principal: &Principal,
    token_sha256: Option<&str>,
    journal: Option<&JournaledCredential>,
) -> Option<(&'static str, String, String)> {
    let Some(journal) = journal else { return Some(("name", principal.name.clone(), "nothing".into())) };
    let live = principal.revoked_at_ms.is_none();
    let show = |s: &Option<String>| s.clone().unwrap_or_else(|| "nothing".into());
    if let (Some(token), Some(bound)) = (token_sha256, &journal.token_binding)
        && ev::token_binding(token) != *bound
    {
        return Some(("token_hash", "a hash the journal never bound to it".into(), format!("binding {bound}")));
    }
    // The step-up secret (ADR-1160): as the journal bound it; in a journal written before the binding, only whether
    // there is one.
    let secret_differs = match (&principal.totp_secret, &journal.totp_binding) {
        (Some(secret), Some(bound)) => ev::totp_binding(secret) != *bound,
        (None, Some(_)) => true,
        (secret, None) => secret.is_some() != journal.step_up,
    };
    if secret_differs {
        let row = if principal.totp_secret.is_some() { "a secret the journal never bound to it" } else { "none" };
        let journaled = match &journal.totp_binding {
            Some(bound) => format!("binding {bound}"),
            None => if journal.step_up { "a secret" } else { "none" }.to_string(),
        };
        return Some(("totp_secret", row.into(), journaled));
    }
    if journal.live != live {
        Some(("revoked", (!live).to_string(), (!journal.live).to_string()))
    } else if journal.role != principal.role {
        Some(("role", principal.role.as_str().to_string(), journal.role.as_str().to_string()))
    } else if journal.serves != principal.serves {
        Some(("serves", show(&principal.serves), show(&journal.serves)))
    } else {
        None
    }
}

/// The live executors serving `agent`, by name, as the journal's credential events say (ADR-531).
pub fn journaled_executors(known: &std::collections::HashMap<String, JournaledCredential>, agent: &str) -> Vec<String> {
    let mut names: Vec<String> = known
        .iter()
        .filter(|(_, c)| c.live && c.role == Role::Executor && c.serves.as_deref() == Some(agent))
        .map(|(name, _)| name.clone())
        .collect();
    names.sort();
    names
}

/// Who reports `agent`'s outcomes, from the journal after catching up (ADR-531): its live executors. `rows`, the
/// executors the `tokens` table lists, must say the same, or the read is refused (journaled, `record_altered`,
/// naming the table): an executor row deleted or revoked by hand does not give the agent its reports back.
pub async fn checked_executors<W: WriteTx>(
    w: &mut W,
    agent: &str,
    rows: &[String],
    now_ms: i64,
) -> Result<Vec<String>, StoreError> {
    catch_up(w).await?;
    let journaled = {
        let credentials = w.authority().credentials();
        let known = credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        journaled_executors(&known, agent)
    };
    if journaled == rows {
        return Ok(journaled);
    }
    let (row, journal) = (rows.join(", "), journaled.join(", "));
    let message = format!(
        "the executors of agent `{agent}` are not believed: the `tokens` table lists `{row}` but the journal says          `{journal}` (a row not written by the door; see `foureyes journal audit`): only `{journal}` report its          outcomes"
    );
    let input = json!({"agent": agent, "table": "tokens", "field": "executors", "row": row, "journal": journal});
    Err(refused(w, agent, "record_altered", message, input, now_ms).await)
}

/// A credential's row believed only where the journal backs it, after catching up (ADR-180): a role, a served agent,
/// a liveness or a step-up secret written by hand in `tokens` grants nothing — refused, journaled, `record_altered`.
///
/// `row` must be read **in this transaction** (ADR-1220, attack 38's H1): under the write lock nothing commits between
/// it and the catch-up, so the row and the journal are compared at one point of the record. A row read before the
/// transaction was compared with a journal caught up after a revocation (or a sign-out) that committed in between,
/// and the door accused a database writer of a hand edit nobody made (13 alarms in 25 rounds of a sign-in racing
/// `token revoke`). `Ok(None)`: no row, or a row the journal agrees is revoked — nobody, as the journal says (401).
pub async fn checked_principal<W: WriteTx>(
    w: &mut W,
    row: Option<Principal>,
    token_sha256: Option<&str>,
    now_ms: i64,
) -> Result<Option<Principal>, StoreError> {
    catch_up(w).await?;
    let Some(principal) = row else { return Ok(None) };
    let differs = {
        let credentials = w.authority().credentials();
        let known = credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        principal_differs(&principal, token_sha256, known.get(&principal.name))
    };
    let Some((field, row, journaled)) = differs else {
        return Ok(principal.revoked_at_ms.is_none().then_some(principal));
    };
    let name = &principal.name;
    let message = format!(
        "credential `{name}` grants nothing: its row in `tokens` says {field} `{row}` but the journal says \
         `{journaled}` (the row was not written by the door; see `foureyes journal audit`)"
    );
    let input = json!({"name": name, "table": "tokens", "field": field, "row": row, "journal": journaled});
    Err(refused(w, name, "record_altered", message, input, now_ms).await)
}

/// Accepts `name`'s TOTP code of time step `step` once (RFC 6238 §5.2), the journal being the authority (ADR-1160):
/// after the catch-up, a step at or before the last one the journal accepted for `name` is refused whatever the
/// row's `totp_last_step` says (a row set back by hand lets no code be used twice); otherwise the row moves forward
/// (one conditional `UPDATE`: only a live credential, only forward) and, in the same transaction, the step is
/// journaled (`totp_step_accepted`). Whether the step was accepted.
pub async fn accept_totp_step<W: WriteTx>(w: &mut W, name: &str, step: u64, now_ms: i64) -> Result<bool, StoreError> {
    catch_up(w).await?;
    let used = {
        let credentials = w.authority().credentials();
        let known = credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.get(name).and_then(|c| c.totp_last_step).is_some_and(|last| step <= last)
    };
    if used || !w.advance_totp_step(name, step).await? {
        return Ok(false);
    }
    let accepted = CredentialChange::TotpStepAccepted { name: name.to_string(), step };
    w.append(now_ms, EventData::Credential(accepted)).await?;
    Ok(true)
}

/// The refusal code of a write made as a credential that is no longer live (ADR-1050); answered as `401`.
pub const CREDENTIAL_REVOKED: &str = "credential_revoked";

/// ADR-1050: a write made as `credential` (authenticated before this transaction: from this replica's followed
/// state, which can lag a revocation another replica committed, or by a statement or a session lookup that a
/// revocation can follow before the write commits) stands only if, after the catch-up under the write lock, the
/// journal still holds that name live and — for a token — bound to that token's hash, or — for a console session
/// (ADR-392) — the session open for that name (its expiry is the door's clock's, checked when it was looked up). Otherwise the write is refused (journaled,
/// [`CREDENTIAL_REVOKED`]) before it does anything: the answer a revoked token gets on the read path.
pub async fn check_write_credential<W: WriteTx>(
    w: &mut W,
    credential: &crate::WriteCredential,
    now_ms: i64,
) -> Result<(), StoreError> {
    catch_up(w).await?;
    let name = &credential.name;
    let (credentials, signins) = (w.authority().credentials(), w.authority().signins());
    let name_live = |token: Option<&str>| {
        let known = credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        known
            .get(name)
            .is_some_and(|c| c.live && token.is_none_or(|binding| c.token_binding.as_deref() == Some(binding)))
    };
    let live = match &credential.presented {
        crate::Presented::Token { sha256 } => name_live(Some(&ev::token_binding(sha256))),
        crate::Presented::Session { sha256 } => {
            let open = {
                let known = signins.read().unwrap_or_else(std::sync::PoisonError::into_inner);
                known.get(&ev::token_binding(sha256)).is_some_and(|s| &s.name == name && !s.csrf_binding.is_empty())
            };
            open && name_live(None)
        }
    };
    if live {
        return Ok(());
    }
    let (message, input) = match &credential.presented {
        crate::Presented::Token { .. } => (
            format!("credential `{name}` is revoked: its token grants nothing (the write was not made)"),
            json!({"name": name, "credential": "revoked"}),
        ),
        crate::Presented::Session { .. } => (
            format!(
                "the console session of `{name}` is no longer live (signed out, expired, or its credential revoked): \
                 the write was not made"
            ),
            json!({"name": name, "credential": "revoked", "via": "session"}),
        ),
    };
    Err(refused(w, name, CREDENTIAL_REVOKED, message, input, now_ms).await)
}

// ---------------------------------------------------------------------------------------------------------------
// Console sessions and sign-in codes (attack 3, S5, S6): journaled by the bindings of their hashes, never a secret;
// a row the journal did not open grants nothing.

/// A console session is opened only for a name the journal holds live, checked under the write lock before the
/// session's row is written: a sign-in authenticates by the token in its body on the read path, and a revocation
/// committed between that read and this transaction recorded a session after the `revoked` event (attack 35's B:
/// 24 in 8 rounds; none usable, but the journal said a revoked principal signed in). Refused and journaled
/// ([`CREDENTIAL_REVOKED`]); nothing else is written.
pub async fn check_signin_live<W: WriteTx>(w: &mut W, name: &str, now_ms: i64) -> Result<(), StoreError> {
    catch_up(w).await?;
    let live = {
        let credentials = w.authority().credentials();
        let known = credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.get(name).is_some_and(|c| c.live)
    };
    if live {
        return Ok(());
    }
    let message =
        format!("credential `{name}` is revoked: no console session is opened for it (the sign-in was not made)");
    let input = json!({"name": name, "credential": "revoked", "via": "sign-in"});
    Err(refused(w, name, CREDENTIAL_REVOKED, message, input, now_ms).await)
}

/// Journals a console session opened for `name` (the bindings of its cookie's hash and of its CSRF token).
pub async fn journal_session_opened<W: WriteTx>(
    w: &mut W,
    session_sha256: &str,
    name: &str,
    csrf: &str,
    expires_at_ms: i64,
    now_ms: i64,
) -> Result<(), StoreError> {
    let change = CredentialChange::SessionOpened {
        name: name.to_string(),
        session_binding: ev::token_binding(session_sha256),
        csrf_binding: ev::token_binding(&foureyes_core::canonical::sha256_hex(csrf.as_bytes())),
        expires_at_ms,
    };
    w.append(now_ms, EventData::Credential(change)).await?;
    Ok(())
}

/// Journals a console session ended (sign-out).
pub async fn journal_session_closed<W: WriteTx>(
    w: &mut W,
    session_sha256: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    let change = CredentialChange::SessionClosed { session_binding: ev::token_binding(session_sha256) };
    w.append(now_ms, EventData::Credential(change)).await?;
    Ok(())
}

/// Journals a one-time sign-in code issued for `name`.
pub async fn journal_signin_code_issued<W: WriteTx>(
    w: &mut W,
    code_sha256: &str,
    name: &str,
    expires_at_ms: i64,
    now_ms: i64,
) -> Result<(), StoreError> {
    let change = CredentialChange::SigninCodeIssued {
        name: name.to_string(),
        code_binding: ev::token_binding(code_sha256),
        expires_at_ms,
    };
    w.append(now_ms, EventData::Credential(change)).await?;
    Ok(())
}

/// The first field in which a `sessions` row differs from the session the journal opened: `(field, row, journal)`.
pub fn session_differs(
    name: &str,
    csrf: &str,
    expires_at_ms: i64,
    journal: Option<&JournaledSignin>,
) -> Option<(&'static str, String, String)> {
    let Some(journal) = journal else {
        return Some(("session_hash", format!("a session of `{name}`"), "no such session open".into()));
    };
    let csrf_binding = ev::token_binding(&foureyes_core::canonical::sha256_hex(csrf.as_bytes()));
    if journal.name != name {
        Some(("principal", name.to_string(), journal.name.clone()))
    } else if journal.expires_at_ms != expires_at_ms {
        Some(("expires_ms", expires_at_ms.to_string(), journal.expires_at_ms.to_string()))
    } else if journal.csrf_binding != csrf_binding {
        Some(("csrf", "a token the journal never bound".into(), format!("binding {}", journal.csrf_binding)))
    } else {
        None
    }
}

/// A `sessions` row as read in this transaction: its principal's name, CSRF token and expiry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    pub name: String,
    pub csrf: String,
    pub expires_at_ms: i64,
}

/// A console session believed only where the journal opened it, after catching up (S5): a `sessions` row the journal
/// does not back is refused (journaled, `record_altered`), then its principal as [`checked_principal`] believes it.
/// Both rows are read **in this transaction** (ADR-1220): a sign-out or a revocation committed after an earlier read
/// is no hand edit — the row is gone, and the session is nobody's (401), as the journal says. `row`: the session's
/// row, unexpired by the door's clock; `principal`: its principal's row, revoked or not.
pub async fn checked_session<W: WriteTx>(
    w: &mut W,
    session_sha256: &str,
    row: Option<SessionRow>,
    principal: Option<Principal>,
    now_ms: i64,
) -> Result<Option<crate::Session>, StoreError> {
    catch_up(w).await?;
    let Some(SessionRow { name, csrf, expires_at_ms }) = row else { return Ok(None) };
    let differs = {
        let signins = w.authority().signins();
        let known = signins.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        session_differs(&name, &csrf, expires_at_ms, known.get(&ev::token_binding(session_sha256)))
    };
    if let Some((field, row, journaled)) = differs {
        let message = format!(
            "console session of `{name}` signs nobody in: its row in `sessions` says {field} `{row}` but the journal \
             says `{journaled}` (the row was not written by the door; see `foureyes journal audit`)"
        );
        let input = json!({"name": name, "table": "sessions", "field": field, "row": row, "journal": journaled});
        return Err(refused(w, &name, "record_altered", message, input, now_ms).await);
    }
    let principal = principal.filter(|p| p.name == name);
    Ok(checked_principal(w, principal, None, now_ms).await?.map(|principal| crate::Session {
        principal,
        csrf,
        expires_at_ms,
    }))
}

/// A sign-in link (a one-time code the journal issued for `name`, unused) whose name the journal no longer holds live
/// is refused with its reason before the code is spent (ADR-1222, attack 38's H8): journaled `credential_revoked`
/// (as ADR-405's sign-in), answered 401. Before, the code was spent (`signin_code_used` journaled after `revoked`)
/// and the answer was 410 `link_used`, "already used or has expired": the reason was nowhere. The code stays unused —
/// names are never created again (ADR-532), so it signs nobody in, and each use says why. A code the journal did not
/// issue, or saw used, is left to [`redeem_signin_code`] (`record_altered`).
pub async fn check_code_live<W: WriteTx>(
    w: &mut W,
    code_sha256: &str,
    name: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    catch_up(w).await?;
    let issued = {
        let signins = w.authority().signins();
        let known = signins.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.get(&ev::token_binding(code_sha256)).is_some_and(|j| !j.used && j.name == name)
    };
    let live = {
        let credentials = w.authority().credentials();
        let known = credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.get(name).is_some_and(|c| c.live)
    };
    if !issued || live {
        return Ok(());
    }
    let message = format!(
        "credential `{name}` is revoked: its sign-in link signs nobody in (no console session was opened; the link \
         was not used)"
    );
    let input = json!({"name": name, "credential": "revoked", "via": "sign-in link"});
    Err(refused(w, name, CREDENTIAL_REVOKED, message, input, now_ms).await)
}

/// After a `signin_codes` row was marked used for `name`: refuses (journaled) a code the journal never issued, one it
/// says was used, or one whose principal or expiry differ (S6); otherwise journals the use.
pub async fn redeem_signin_code<W: WriteTx>(
    w: &mut W,
    code_sha256: &str,
    name: &str,
    expires_at_ms: i64,
    now_ms: i64,
) -> Result<(), StoreError> {
    catch_up(w).await?;
    let binding = ev::token_binding(code_sha256);
    let differs = {
        let signins = w.authority().signins();
        let known = signins.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        match known.get(&binding) {
            None => Some(("code_hash", format!("a code for `{name}`"), "no such code issued".to_string())),
            Some(j) if j.used => Some(("used_ms", "unused".into(), "used".into())),
            Some(j) if j.name != name => Some(("principal", name.to_string(), j.name.clone())),
            Some(j) if j.expires_at_ms != expires_at_ms => {
                Some(("expires_ms", expires_at_ms.to_string(), j.expires_at_ms.to_string()))
            }
            Some(_) => None,
        }
    };
    if let Some((field, row, journaled)) = differs {
        let message = format!(
            "sign-in code for `{name}` signs nobody in: its row in `signin_codes` says {field} `{row}` but the journal \
             says `{journaled}` (the row was not written by the door; see `foureyes journal audit`)"
        );
        let input = json!({"name": name, "table": "signin_codes", "field": field, "row": row, "journal": journaled});
        return Err(refused(w, name, "record_altered", message, input, now_ms).await);
    }
    w.append(now_ms, EventData::Credential(CredentialChange::SigninCodeUsed { code_binding: binding })).await?;
    Ok(())
}

/// `foureyes journal seal` (ADR-420): seals a journal written before the seal existed. After checking the chain (and
/// every seal already there), a door holding the key appends `seal_started` naming the unsealed events before it;
/// from it on, every event must carry a seal. Returns its seq, or `None` when the journal is already sealed or
/// empty (its first event will be sealed).
pub async fn start_seal<W: WriteTx>(w: &mut W, by: &str, now_ms: i64) -> Result<Option<u64>, StoreError> {
    catch_up_chain(w).await?;
    let authority = w.authority();
    if !authority.holds_seal_key() {
        return Err(StoreError::InvalidState(
            "sealing the journal needs the seal key (`--seal-key FILE` or FOUREYES_SEAL_KEY)".into(),
        ));
    }
    let unsealed = authority.seq();
    if authority.sealed_from().is_some() || unsealed == 0 {
        return Ok(None);
    }
    let started = ev::SealStarted { unsealed, by: by.to_string() };
    Ok(Some(w.append(now_ms, EventData::SealStarted(started)).await?.seq))
}

/// [`crate::Store::verified_head`]: the seq the authority state applied after catching up (chain and seals).
pub async fn verified_head<W: WriteTx>(w: &mut W) -> Result<u64, StoreError> {
    catch_up(w).await?;
    Ok(w.authority().seq())
}

/// [`verified_head`] and where the journal's seal begins (ADR-535).
pub async fn verified_head_sealed<W: WriteTx>(w: &mut W) -> Result<(u64, Option<u64>), StoreError> {
    catch_up(w).await?;
    Ok((w.authority().seq(), w.authority().sealed_from()))
}
