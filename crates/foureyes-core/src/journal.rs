//! The journal's hash chain: event shape, hashing, and verification of a chain or of a JSON Lines export.
//!
//! `hash = SHA-256(JCS({seq, ts_ms, kind, data, prev_hash}))`; the first event's `prev_hash` is 64 zeros.
//! Verification never repairs: it names the first bad `seq` and stops. A torn tail (an incomplete last line,
//! as a crash mid-write leaves) is told apart from corruption in the middle.

use crate::canonical::{sha256_hex, to_canonical_string, to_journal_text};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// `prev_hash` of the first event.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Typed event kinds. A reducer never treats `refused` as a state change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// A decision (the intent), with its reservations and any approval it created or consumed.
    Decided,
    ApprovalRequested,
    /// One approver's vote that did not yet complete the approval.
    ApprovalVote,
    Approved,
    Rejected,
    Expired,
    /// An approved, unused approval was withdrawn by a person (`approval_id`, `decision_id`, `by`, `why`).
    Revoked,
    /// Phase B reports.
    Executed,
    Failed,
    Unknown,
    /// A request or vote turned away before it changed state (malformed input, self-approval, digest mismatch…).
    Refused,
    KillSwitch,
    PolicyLoaded,
    /// A credential was created or revoked (never the secret itself).
    Credential,
    /// Change control (`foureyes_core::task`): a task's setup, proposal, apply intent (not confirmed), confirmed
    /// apply, recorded check and finish. Their data always carries `task_id`.
    TaskCreated,
    TaskProposed,
    TaskApplyIntended,
    TaskApplied,
    TaskChecked,
    TaskFinished,
    /// Session trust: a signal demoted a session (`demotion_id`, `agent`, `session`, `signal`, `reason`,
    /// `decision_id`, `until_ms`), written by the deciding transaction that observed it.
    SessionDemoted,
    /// A demotion ended: `cause: "expired"` (its cooling period passed; written by the first write that finds it
    /// over) or `cause: "admin"` (restored early, with `by` and `why`).
    SessionRestored,
    /// A signed checkpoint of the journal's first `size` events (`size`, `root` hex, `key` name, `note`: the signed
    /// note itself), written by whoever signed it (`foureyes journal checkpoint`, `serve --signing-key`). It grants
    /// nothing; it lets a later reader find the newest signed tree head in the journal.
    Checkpoint,
    /// An MCP tool's definition was pinned (`server`, `tool`, `sha256`, `cause`: `first_seen` or `approved`, `by`,
    /// `previous`): see `foureyes_core::tool_pin`. A pin grants nothing; a changed definition is refused until one.
    ToolPinned,
    /// An unreported permit's reservations released past its reporting deadline (`decision_id`, `action`, `agent`,
    /// `report_by_ms`, `released`, `found_by`), by the deciding transaction that read one of its keys; the decision
    /// is `unknown` from then on (`foureyes_core::event::ReservationExpired`).
    ReservationExpired,
    /// FourEyes is about to send a permitted decision's connector (`decision_id`, `connector`, `by`): written in
    /// its own transaction before anything is sent, at most once per decision (ADR-321). A decision still
    /// `intended` with this event may have acted; one without it never reached its connector.
    ConnectorStarted,
    /// The journal is sealed from this event on (`unsealed`: how many events before it carry no seal, `by`): every
    /// event from here carries a MAC under the doors' seal key (`crate::seal`, ADR-420). Written once, sealed itself.
    SealStarted,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Decided => "decided",
            EventKind::ApprovalRequested => "approval_requested",
            EventKind::ApprovalVote => "approval_vote",
            EventKind::Approved => "approved",
            EventKind::Rejected => "rejected",
            EventKind::Expired => "expired",
            EventKind::Revoked => "revoked",
            EventKind::Executed => "executed",
            EventKind::Failed => "failed",
            EventKind::Unknown => "unknown",
            EventKind::Refused => "refused",
            EventKind::KillSwitch => "kill_switch",
            EventKind::PolicyLoaded => "policy_loaded",
            EventKind::Credential => "credential",
            EventKind::TaskCreated => "task_created",
            EventKind::TaskProposed => "task_proposed",
            EventKind::TaskApplyIntended => "task_apply_intended",
            EventKind::TaskApplied => "task_applied",
            EventKind::TaskChecked => "task_checked",
            EventKind::TaskFinished => "task_finished",
            EventKind::SessionDemoted => "session_demoted",
            EventKind::SessionRestored => "session_restored",
            EventKind::Checkpoint => "checkpoint",
            EventKind::ToolPinned => "tool_pinned",
            EventKind::ReservationExpired => "reservation_expired",
            EventKind::ConnectorStarted => "connector_started",
            EventKind::SealStarted => "seal_started",
        }
    }

    /// Every kind, for [`EventKind::from_name`].
    pub const ALL: [EventKind; 27] = [
        EventKind::Decided,
        EventKind::ApprovalRequested,
        EventKind::ApprovalVote,
        EventKind::Approved,
        EventKind::Rejected,
        EventKind::Expired,
        EventKind::Revoked,
        EventKind::Executed,
        EventKind::Failed,
        EventKind::Unknown,
        EventKind::Refused,
        EventKind::KillSwitch,
        EventKind::PolicyLoaded,
        EventKind::Credential,
        EventKind::TaskCreated,
        EventKind::TaskProposed,
        EventKind::TaskApplyIntended,
        EventKind::TaskApplied,
        EventKind::TaskChecked,
        EventKind::TaskFinished,
        EventKind::SessionDemoted,
        EventKind::SessionRestored,
        EventKind::Checkpoint,
        EventKind::ToolPinned,
        EventKind::ReservationExpired,
        EventKind::ConnectorStarted,
        EventKind::SealStarted,
    ];

    /// The kind whose name is exactly `text`, without going through JSON (the verify loop's hot path).
    pub fn from_name(text: &str) -> Option<EventKind> {
        EventKind::ALL.iter().copied().find(|k| k.as_str() == text)
    }

    pub fn parse(text: &str) -> Option<EventKind> {
        serde_json::from_value(Value::String(text.to_string())).ok()
    }
}

/// One journal event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    pub seq: u64,
    pub ts_ms: i64,
    pub kind: EventKind,
    pub data: Value,
    pub prev_hash: String,
    pub hash: String,
}

impl Event {
    /// Builds the next event after `(prev_seq, prev_hash)`, computing its hash.
    pub fn next(prev_seq: u64, prev_hash: &str, ts_ms: i64, kind: EventKind, data: Value) -> Event {
        let seq = prev_seq + 1;
        let hash = event_hash(seq, ts_ms, kind, &data, prev_hash);
        Event { seq, ts_ms, kind, data, prev_hash: prev_hash.to_string(), hash }
    }

    /// The next event after `(prev_seq, prev_hash)` carrying `data`, of the kind that data is.
    pub fn of(prev_seq: u64, prev_hash: &str, ts_ms: i64, data: &crate::event::EventData) -> Event {
        Event::next(prev_seq, prev_hash, ts_ms, data.kind(), data.to_value())
    }

    /// The export form: one canonical JSON line (without the newline).
    pub fn to_line(&self) -> String {
        to_canonical_string(self)
    }
}

/// The hash an event with these fields must carry.
pub fn event_hash(seq: u64, ts_ms: i64, kind: EventKind, data: &Value, prev_hash: &str) -> String {
    hash_over(seq, ts_ms, kind, &to_canonical_string(data), prev_hash)
}

/// The hash of an event whose `data` is already in canonical form: `SHA-256(JCS({seq, ts_ms, kind, data,
/// prev_hash}))`, the object written around the data's text rather than built as a JSON value (ADR-191). RFC 8785
/// sorts the five names as `data`, `kind`, `prev_hash`, `seq`, `ts_ms`; each member's value is written by the same
/// canonical writer as before, so the bytes hashed are those of `canonical_sha256` over the object
/// (`tests::the_hash_is_the_canonical_object_s`).
///
/// In the usual case (a lower-case hex `prev_hash`, numbers up to 2^53) the parts are fed to the hash as they are
/// ([`stored_event_hash`], equal byte for byte: `tests::hashing_stored_canonical_bytes_is_the_canonical_hash`)
/// rather than copied into one text first: that copy of the whole data was a second allocation and copy per append
/// (issue 14, fast9).
pub fn hash_over(seq: u64, ts_ms: i64, kind: EventKind, canonical_data: &str, prev_hash: &str) -> String {
    if let Some(digest) = stored_event_hash(seq, ts_ms, kind, canonical_data, prev_hash) {
        return hex::encode(digest);
    }
    let (seq, ts_ms) = (to_canonical_string(&seq), to_canonical_string(&ts_ms));
    let (kind, prev_hash) = (to_canonical_string(&kind), to_canonical_string(prev_hash));
    let mut text = String::with_capacity(canonical_data.len() + prev_hash.len() + 80);
    for part in [
        "{\"data\":",
        canonical_data,
        ",\"kind\":",
        &kind,
        ",\"prev_hash\":",
        &prev_hash,
        ",\"seq\":",
        &seq,
        ",\"ts_ms\":",
        &ts_ms,
        "}",
    ] {
        text.push_str(part);
    }
    sha256_hex(text.as_bytes())
}

/// An event ready to be stored: its data serialized once, straight from its type to canonical JSON (no
/// intermediate `serde_json::Value`), and its hash over that text. What a store appends (ADR-191).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoded {
    pub seq: u64,
    pub ts_ms: i64,
    pub kind: EventKind,
    /// The canonical JSON text of the data: the bytes the journal holds.
    pub data: String,
    pub prev_hash: String,
    pub hash: String,
}

impl Encoded {
    /// The next event after `(prev_seq, prev_hash)` carrying `data`: the same event as [`Event::of`], byte for byte.
    /// Refused (with why) when its data holds what a reader would not take back exactly (ADR-372): a door that
    /// sealed such an event could never replay its journal, so no door could start (attack 20 H1, attack 21 N1/N2).
    pub fn next(prev_seq: u64, prev_hash: &str, ts_ms: i64, data: &crate::event::EventData) -> Result<Encoded, String> {
        let seq = prev_seq + 1;
        let kind = data.kind();
        let text =
            to_journal_text(data).map_err(|why| format!("a `{}` event cannot be journaled: {why}", kind.as_str()))?;
        let hash = hash_over(seq, ts_ms, kind, &text, prev_hash);
        Ok(Encoded { seq, ts_ms, kind, data: text, prev_hash: prev_hash.to_string(), hash })
    }
}

/// The largest integer RFC 8785 writes as plain digits that every reader takes exactly (2^53).
const EXACT_INTEGER_MAX: u64 = 1 << 53;

/// The hash of an event whose `data` is given as its stored text, hashed as it is (no parsing): SHA-256 over
/// `{"data":DATA,"kind":"KIND","prev_hash":"PREV","seq":SEQ,"ts_ms":TS}`, which is [`event_hash`]'s input exactly
/// when DATA is canonical JSON (the form every store writes). `None` when the other fields are not in the form this
/// shortcut writes byte for byte (`prev_hash` not lower-case hex, a number past 2^53): then only [`event_hash`]
/// can say.
pub fn stored_event_hash(seq: u64, ts_ms: i64, kind: EventKind, data: &str, prev_hash: &str) -> Option<[u8; 32]> {
    use sha2::{Digest, Sha256};
    if seq > EXACT_INTEGER_MAX
        || ts_ms.unsigned_abs() > EXACT_INTEGER_MAX
        || !prev_hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        return None;
    }
    let mut h = Sha256::new();
    h.update(b"{\"data\":");
    h.update(data.as_bytes());
    h.update(b",\"kind\":\"");
    h.update(kind.as_str().as_bytes());
    h.update(b"\",\"prev_hash\":\"");
    h.update(prev_hash.as_bytes());
    let mut digits = [0u8; 21];
    h.update(b"\",\"seq\":");
    h.update(decimal_digits(false, seq, &mut digits));
    h.update(b",\"ts_ms\":");
    h.update(decimal_digits(ts_ms < 0, ts_ms.unsigned_abs(), &mut digits));
    h.update(b"}");
    Some(h.finalize().into())
}

/// A number's decimal digits (with a `-` when `negative`), as `to_string` writes them, in `buf` rather than a new
/// string.
fn decimal_digits(negative: bool, magnitude: u64, buf: &mut [u8; 21]) -> &[u8] {
    let mut at = buf.len();
    let mut rest = magnitude;
    loop {
        at -= 1;
        buf[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if negative {
        at -= 1;
        buf[at] = b'-';
    }
    &buf[at..]
}

/// Whether `hash` (lower-case hex, as stored) names `digest`.
fn hex_names(hash: &str, digest: &[u8; 32]) -> bool {
    let mut text = [0u8; 64];
    hex::encode_to_slice(digest, &mut text).is_ok() && hash.as_bytes() == text
}

/// What is wrong at the first bad event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum ChainProblem {
    /// The event's `seq` is not the one after its predecessor.
    SeqGap { found: u64 },
    /// `prev_hash` does not equal the predecessor's `hash`.
    PrevHashMismatch,
    /// The stored `hash` is not the hash of the event's contents.
    HashMismatch,
    /// The line is not a well-formed event (or not in canonical form).
    Malformed { detail: String },
}

impl fmt::Display for ChainProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainProblem::SeqGap { found } => write!(f, "sequence broken: found seq {found}"),
            ChainProblem::PrevHashMismatch => f.write_str("prev_hash does not match the previous event's hash"),
            ChainProblem::HashMismatch => f.write_str("hash does not match the event's contents"),
            ChainProblem::Malformed { detail } => write!(f, "malformed event: {detail}"),
        }
    }
}

/// The first bad event of a chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChainError {
    pub seq: u64,
    #[serde(flatten)]
    pub problem: ChainProblem,
}

impl fmt::Display for ChainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seq {}: {}", self.seq, self.problem)
    }
}

/// Walks a chain one event at a time, in order.
#[derive(Debug, Clone)]
pub struct ChainVerifier {
    next_seq: u64,
    prev_hash: String,
}

impl Default for ChainVerifier {
    fn default() -> Self {
        ChainVerifier { next_seq: 1, prev_hash: GENESIS_HASH.to_string() }
    }
}

impl ChainVerifier {
    /// The seq the next event must have.
    pub fn expected_seq(&self) -> u64 {
        self.next_seq
    }

    /// The hash of the last event accepted (the head).
    pub fn head_hash(&self) -> &str {
        &self.prev_hash
    }

    pub fn check(&mut self, event: &Event) -> Result<(), ChainError> {
        let seq = self.next_seq;
        let fail = |problem| Err(ChainError { seq, problem });
        if event.seq != seq {
            return fail(ChainProblem::SeqGap { found: event.seq });
        }
        if event.prev_hash != self.prev_hash {
            return fail(ChainProblem::PrevHashMismatch);
        }
        if event_hash(event.seq, event.ts_ms, event.kind, &event.data, &event.prev_hash) != event.hash {
            return fail(ChainProblem::HashMismatch);
        }
        self.next_seq += 1;
        self.prev_hash = event.hash.clone();
        Ok(())
    }
}

impl ChainVerifier {
    /// Checks the next event as a store holds it: its columns, `kind` and `data` as text. The stored data is hashed
    /// as it is ([`stored_event_hash`]); only when that does not give the stored hash (or cannot be written that
    /// way) is the data parsed and the hash recomputed from its canonical form, as [`ChainVerifier::check`] does —
    /// so a store whose data is canonical (every store writes it so) is verified without parsing any JSON, and the
    /// answer is the same as `check`'s for every well-formed event (ADR-201).
    pub fn check_stored(
        &mut self,
        seq: u64,
        ts_ms: i64,
        kind: &str,
        data: &str,
        prev_hash: &str,
        hash: &str,
    ) -> Result<(), ChainError> {
        let expected = self.next_seq;
        let fail = |problem| Err(ChainError { seq: expected, problem });
        if seq != expected {
            return fail(ChainProblem::SeqGap { found: seq });
        }
        if prev_hash != self.prev_hash {
            return fail(ChainProblem::PrevHashMismatch);
        }
        let fast = EventKind::from_name(kind)
            .and_then(|k| stored_event_hash(seq, ts_ms, k, data, prev_hash))
            .is_some_and(|digest| hex_names(hash, &digest));
        if !fast {
            let Some(kind) = EventKind::parse(kind) else {
                return fail(ChainProblem::Malformed { detail: format!("unknown kind `{kind}`") });
            };
            let data: Value = match serde_json::from_str(data) {
                Ok(data) => data,
                Err(e) => return fail(ChainProblem::Malformed { detail: format!("data is not JSON: {e}") }),
            };
            if event_hash(seq, ts_ms, kind, &data, prev_hash) != hash {
                return fail(ChainProblem::HashMismatch);
            }
        }
        self.next_seq += 1;
        self.prev_hash.clear();
        self.prev_hash.push_str(hash);
        Ok(())
    }
}

/// The result of verifying a chain (in the database or in an export).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum VerifyReport {
    /// Every event checks out.
    Ok { events: u64, head_seq: u64, head_hash: String },
    /// Every complete event checks out, but the last line is incomplete (a crash mid-write). Not repaired.
    TornTail { events: u64, seq: u64, line: u64, head_hash: String },
    /// An event in the chain is bad; nothing after it is trusted.
    Corrupt {
        events: u64,
        seq: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<u64>,
        #[serde(flatten)]
        problem: ChainProblem,
    },
}

impl VerifyReport {
    pub fn is_ok(&self) -> bool {
        matches!(self, VerifyReport::Ok { .. })
    }

    /// The seq the report blames, if any.
    pub fn bad_seq(&self) -> Option<u64> {
        match self {
            VerifyReport::Ok { .. } => None,
            VerifyReport::TornTail { seq, .. } | VerifyReport::Corrupt { seq, .. } => Some(*seq),
        }
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyReport::Ok { events, head_seq, head_hash } => {
                write!(f, "ok: {events} events, chain intact, head seq {head_seq} hash {head_hash}")
            }
            VerifyReport::TornTail { events, seq, line, .. } => write!(
                f,
                "torn tail: {events} events verify; line {line} (seq {seq}) is an incomplete last record, as a crash mid-write leaves. Not repaired."
            ),
            VerifyReport::Corrupt { events, seq, line, problem } => {
                write!(f, "corrupt at seq {seq}")?;
                if let Some(line) = line {
                    write!(f, " (line {line})")?;
                }
                write!(f, ": {problem}; {events} events before it verify. Not repaired.")
            }
        }
    }
}

/// Verifies events read from a store, in seq order.
pub fn verify_events<I: IntoIterator<Item = Event>>(events: I) -> VerifyReport {
    let mut verifier = ChainVerifier::default();
    let mut count = 0;
    for event in events {
        if let Err(e) = verifier.check(&event) {
            return VerifyReport::Corrupt { events: count, seq: e.seq, line: None, problem: e.problem };
        }
        count += 1;
    }
    VerifyReport::Ok {
        events: count,
        head_seq: verifier.expected_seq() - 1,
        head_hash: verifier.head_hash().to_string(),
    }
}

/// Verifies a JSON Lines export (as written by `journal export`: every event from seq 1, one canonical JSON
/// object per line, each line ending in `\n`). Line `n` must hold seq `n`.
pub fn verify_export(bytes: &[u8]) -> VerifyReport {
    let mut verifier = ChainVerifier::default();
    let mut count = 0;
    let mut rest = bytes;
    let mut line_no = 0u64;
    while !rest.is_empty() {
        line_no += 1;
        let (line, terminated, next) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&rest[..i], true, &rest[i + 1..]),
            None => (rest, false, &rest[rest.len()..]),
        };
        rest = next;
        let seq = verifier.expected_seq();
        let parsed = parse_line(line);
        let outcome = match parsed {
            Ok(event) => verifier.check(&event).map_err(|e| e.problem),
            Err(detail) => Err(ChainProblem::Malformed { detail }),
        };
        match outcome {
            Ok(()) => count += 1,
            // An unterminated last line that does not check out is what a crash mid-append leaves.
            Err(_) if !terminated => {
                return VerifyReport::TornTail {
                    events: count,
                    seq,
                    line: line_no,
                    head_hash: verifier.head_hash().to_string(),
                };
            }
            Err(problem) => return VerifyReport::Corrupt { events: count, seq, line: Some(line_no), problem },
        }
    }
    VerifyReport::Ok {
        events: count,
        head_seq: verifier.expected_seq() - 1,
        head_hash: verifier.head_hash().to_string(),
    }
}

fn parse_line(line: &[u8]) -> Result<Event, String> {
    let text = std::str::from_utf8(line).map_err(|e| format!("not UTF-8: {e}"))?;
    let event: Event = serde_json::from_str(text).map_err(|e| e.to_string())?;
    // Strict form: a line that parses but is not exactly the canonical encoding was edited.
    if event.to_line() != text {
        return Err("not in canonical form (the line was edited)".to_string());
    }
    Ok(event)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::canonical_sha256;
    use serde_json::json;

    /// The hash as it was computed before `hash_over` (the canonical form of the whole object): what every journal
    /// written so far carries.
    fn hash_of_the_object(seq: u64, ts_ms: i64, kind: EventKind, data: &Value, prev_hash: &str) -> String {
        canonical_sha256(&json!({"seq": seq, "ts_ms": ts_ms, "kind": kind, "data": data, "prev_hash": prev_hash}))
    }

    #[test]
    fn the_hash_is_the_canonical_object_s() {
        let datas = [
            json!({"i": 1, "note": "café ✓", "\u{10000}": [1.50, "\n"], "\u{e000}": null}),
            serde_json::from_str::<Value>(r#"{"n": 1e400, "m": 500.0000000000000001, "k": 9007199254740993}"#).unwrap(),
            json!([]),
            json!("text"),
            json!({}),
        ];
        for data in &datas {
            for (seq, ts_ms) in [(1, 0), (42, 1_767_225_600_123), (u64::from(u32::MAX) * 3, -5)] {
                for kind in [EventKind::Decided, EventKind::SessionDemoted] {
                    let expected = hash_of_the_object(seq, ts_ms, kind, data, GENESIS_HASH);
                    assert_eq!(event_hash(seq, ts_ms, kind, data, GENESIS_HASH), expected, "{data}");
                }
            }
        }
    }

    /// ADR-372 (attack 20 H1, attack 21 N1/N2): an event whose data a reader would not take back exactly is refused
    /// before it is hashed, sealed or stored; at the limits it is written.
    #[test]
    fn an_event_no_reader_takes_back_is_never_encoded() {
        use crate::event::{EventData, Refused};
        let nested = |levels: usize| (0..levels).fold(serde_json::json!(1), |v, _| serde_json::json!({ "a": v }));
        let event = |input: Value| {
            let refused = Refused::new("bot", "bad_request", "m", serde_json::json!({}));
            Encoded::next(6, "ab", 0, &EventData::Refused(Refused { input, ..refused }))
        };
        let huge: Value = serde_json::from_str(r#"{"n": 123456789012345678901234567890}"#).unwrap();
        for bad in [
            serde_json::json!({ "n": u64::MAX }),
            serde_json::json!({ "n": -(1_i64 << 60) }),
            serde_json::json!([(1_u64 << 53) + 1]),
            huge,
            nested(100),
        ] {
            let why = event(bad).expect_err("refused");
            assert!(why.starts_with("a `refused` event cannot be journaled: "), "{why}");
        }
        for good in [serde_json::json!({ "n": (1_u64 << 53) - 1, "m": -((1_i64 << 53) - 1), "f": 1.5e300 }), nested(98)]
        {
            let encoded = event(good).expect("written");
            let value: Value = serde_json::from_str(&encoded.data).expect("reads back");
            assert_eq!(EventData::from_journal(EventKind::Refused, &value).map(|d| d.kind()), Ok(EventKind::Refused));
        }
    }

    #[test]
    fn an_encoded_event_is_the_event_of_its_data() {
        use crate::event::{EventData, KillSwitch, Refused};
        let input = serde_json::from_str::<Value>(r#"{"x": 1e400, "y": [0.10, "é"]}"#).unwrap();
        for data in [
            EventData::Refused(Refused::new("bot", "bad_request", "a message \u{2028}", input)),
            EventData::KillSwitch(KillSwitch { engaged: true, by: "ops".into() }),
        ] {
            let event = Event::of(6, "ab", 1_767_225_600_000, &data);
            let encoded = Encoded::next(6, "ab", 1_767_225_600_000, &data).unwrap();
            assert_eq!(encoded.data, to_canonical_string(&event.data));
            assert_eq!(
                (encoded.seq, encoded.ts_ms, encoded.kind, &encoded.prev_hash, &encoded.hash),
                (event.seq, event.ts_ms, event.kind, &event.prev_hash, &event.hash)
            );
            assert_eq!(event.hash, hash_of_the_object(7, 1_767_225_600_000, data.kind(), &event.data, "ab"));
        }
    }

    fn chain(n: u64) -> Vec<Event> {
        let mut out: Vec<Event> = Vec::new();
        for i in 0..n {
            let (seq, prev) = out.last().map_or((0, GENESIS_HASH.to_string()), |e| (e.seq, e.hash.clone()));
            out.push(Event::next(
                seq,
                &prev,
                1_700_000_000_000 + i as i64,
                EventKind::Decided,
                json!({"i": i, "note": "café ✓"}),
            ));
        }
        out
    }

    fn export(events: &[Event]) -> Vec<u8> {
        events.iter().flat_map(|e| format!("{}\n", e.to_line()).into_bytes()).collect()
    }

    /// The stored-bytes shortcut gives exactly [`event_hash`] for canonical data (any kind, negative times, text that
    /// JSON escapes), and `check_stored` agrees with `check` on every event, edited or not, byte for byte.
    #[test]
    fn hashing_stored_canonical_bytes_is_the_canonical_hash() {
        let data = json!({"i": -1, "s": "quote \" back \\ nl \n ctl \u{1} é ✓ 𝄞", "n": 12.50, "a": [1, {"b": null}]});
        for kind in EventKind::ALL {
            assert_eq!(EventKind::from_name(kind.as_str()), Some(kind));
            for ts_ms in [0, -5, 1_700_000_000_000] {
                let text = to_canonical_string(&data);
                let digest = stored_event_hash(7, ts_ms, kind, &text, GENESIS_HASH).unwrap();
                assert_eq!(hex::encode(digest), event_hash(7, ts_ms, kind, &data, GENESIS_HASH), "{kind:?}");
            }
        }
        assert_eq!(stored_event_hash(1, 0, EventKind::Decided, "{}", "NOT HEX"), None);
        assert_eq!(stored_event_hash(1 << 60, 0, EventKind::Decided, "{}", GENESIS_HASH), None);

        let events = chain(6);
        let stored = |e: &Event| {
            (
                e.seq,
                e.ts_ms,
                e.kind.as_str().to_string(),
                to_canonical_string(&e.data),
                e.prev_hash.clone(),
                e.hash.clone(),
            )
        };
        let run = |rows: &[(u64, i64, String, String, String, String)]| {
            let mut v = ChainVerifier::default();
            rows.iter()
                .map(|(seq, ts, kind, data, prev, hash)| v.check_stored(*seq, *ts, kind, data, prev, hash))
                .find_map(Result::err)
        };
        let honest: Vec<_> = events.iter().map(stored).collect();
        assert_eq!(run(&honest), None);
        // Equivalent but not canonical: the slow path still accepts it, as `check` does.
        let mut spaced = honest.clone();
        spaced[2].3 = serde_json::to_string_pretty(&events[2].data).unwrap();
        assert_eq!(run(&spaced), None);
        // Every single-byte change of any stored column is caught at its event, as `check` catches it.
        for i in 0..honest.len() {
            for column in 0..4 {
                let mut rows = honest.clone();
                let field = match column {
                    0 => &mut rows[i].2,
                    1 => &mut rows[i].3,
                    2 => &mut rows[i].4,
                    _ => &mut rows[i].5,
                };
                let mut bytes = field.clone().into_bytes();
                bytes[0] ^= 0x01;
                *field = String::from_utf8_lossy(&bytes).into_owned();
                let error = run(&rows).unwrap_or_else(|| panic!("event {i} column {column}: not caught"));
                assert_eq!(error.seq, rows[i].0, "event {i} column {column}: {error}");
            }
            let mut rows = honest.clone();
            rows[i].1 += 1;
            assert_eq!(run(&rows).map(|e| e.seq), Some(rows[i].0));
        }
    }

    #[test]
    fn an_intact_chain_verifies() {
        let events = chain(5);
        assert!(verify_events(events.clone()).is_ok());
        assert!(verify_export(&export(&events)).is_ok());
    }

    #[test]
    fn a_truncated_last_line_is_a_torn_tail() {
        let bytes = export(&chain(4));
        let cut = &bytes[..bytes.len() - 20];
        let report = verify_export(cut);
        assert!(matches!(report, VerifyReport::TornTail { seq: 4, events: 3, .. }), "{report}");
    }

    #[test]
    fn a_removed_middle_event_is_named() {
        let mut events = chain(5);
        events.remove(2);
        assert_eq!(verify_export(&export(&events)).bad_seq(), Some(3));
    }

    /// A line rewritten into an equivalent but non-canonical form (keys reordered, whitespace added) still hashes
    /// the same; it is reported as edited all the same, because an export is a byte-exact copy of the journal.
    #[test]
    fn an_edited_but_equivalent_line_is_reported() {
        let events = chain(3);
        let mut lines: Vec<String> = events.iter().map(Event::to_line).collect();
        let value: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
        lines[1] = serde_json::to_string_pretty(&value).unwrap().replace('\n', " ");
        let bytes = lines.iter().flat_map(|l| format!("{l}\n").into_bytes()).collect::<Vec<u8>>();
        let report = verify_export(&bytes);
        assert_eq!(report.bad_seq(), Some(2), "{report}");
        assert!(report.to_string().contains("canonical form"), "{report}");
    }

    /// Tamper property, exhaustively: flipping any bit pattern of any single byte of any event is detected at
    /// exactly that event's seq.
    #[test]
    fn every_single_byte_flip_is_detected_at_its_event() {
        let events = chain(6);
        let bytes = export(&events);
        let mut line_of_byte = Vec::with_capacity(bytes.len());
        let mut line = 1u64;
        for &b in &bytes {
            line_of_byte.push(line);
            if b == b'\n' {
                line += 1;
            }
        }
        for (i, &seq) in line_of_byte.iter().enumerate() {
            for mask in [0x01u8, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xff] {
                let mut tampered = bytes.clone();
                tampered[i] ^= mask;
                let report = verify_export(&tampered);
                assert_eq!(report.bad_seq(), Some(seq), "byte {i} ^ {mask:#x} not caught at seq {seq}: {report}");
            }
        }
    }
}
