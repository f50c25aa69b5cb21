//! The journal text of a `decided` event written straight into bytes (ADR-1022, issue 14): the members of each object
//! in their RFC 8785 order, fixed here, rather than through serde into [`super::jcs`]'s scratch buffer, which buffers
//! every object, finds each name's sort key, sorts and copies the object out once per level of nesting, and
//! formats each decimal for a string serializer. A decision's append spent ~41k instructions of ~318k there
//! (fast13's profile).
//!
//! Only the common case is written here: anything the general writer refuses or judges (an integer past
//! ±(2^53 − 1), a number it refuses, nesting too deep, an object name outside ASCII) makes [`decided`] answer
//! `None`, and the caller writes the event with the general writer, which gives the same bytes or the same refusal
//! as always. What is written is byte for byte the general writer's (`tests::the_direct_text_is_the_general_writer_s`; in a debug build
//! every append compares the two: [`super::to_journal_text`]).
//!
//! Each struct is taken apart without `..`, so a field added to one of them does not compile until it is written
//! here too.

use super::jcs;
use crate::event::{Decided, ReservationMade};
use crate::types::{ActionRequest, BudgetKind, BudgetState, MAX_SAFE_INTEGER, Reason};
use rust_decimal::Decimal;
use serde_json::{Map, Value};

/// The canonical text of `decided`'s data, or `None` when only the general writer may say.
pub(crate) fn decided(decided: &Decided) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(1024);
    write_decided(&mut out, decided)?;
    Some(out)
}

/// An object being written: its members must come in RFC 8785 order (for these ASCII names, byte order), which a
/// debug build checks.
struct Object<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
    #[cfg(debug_assertions)]
    last: &'static str,
}

impl<'a> Object<'a> {
    fn open(out: &'a mut Vec<u8>) -> Object<'a> {
        out.push(b'{');
        Object {
            out,
            first: true,
            #[cfg(debug_assertions)]
            last: "",
        }
    }

    /// Writes `"name":` and returns the buffer for the value. `name` is plain ASCII that needs no escape.
    fn key(&mut self, name: &'static str) -> &mut Vec<u8> {
        #[cfg(debug_assertions)]
        {
            debug_assert!(self.first || self.last < name, "`{name}` written after `{}`", self.last);
            self.last = name;
        }
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(b"\":");
        self.out
    }

    fn close(self) {
        self.out.push(b'}');
    }
}

/// A JSON string as `serde_json` escapes it (what the general writer writes): `"` and `\` escaped, the controls
/// below U+0020 as `\b \f \n \r \t` or `\u00xx` (lower-case), everything else as it is.
pub(crate) fn string(out: &mut Vec<u8>, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Eight bytes at a time while none of them needs an escape.
        if let Some(word) = bytes.get(i..i + 8).and_then(|chunk| <[u8; 8]>::try_from(chunk).ok())
            && !needs_escape(u64::from_le_bytes(word))
        {
            i += 8;
            continue;
        }
        let b = bytes[i];
        i += 1;
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        out.extend_from_slice(&bytes[start..i - 1]);
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => out.extend_from_slice(&[b'\\', b'u', b'0', b'0', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]]),
        }
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Whether any of the eight bytes of `word` is below 0x20, `"` or `\` (the bytes a JSON string escapes). Each test
/// is the exact "has a byte below n" bit trick (n ≤ 0x80): it may mark the wrong byte, never a clean word.
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGH;
    (below(word, 0x20) | below(word ^ (ONES * u64::from(b'"')), 1) | below(word ^ (ONES * u64::from(b'\\')), 1)) != 0
}

/// An integer as RFC 8785 writes one a double holds exactly (its digits); `None` past ±(2^53 − 1), which the
/// general writer refuses with its own words.
fn integer(out: &mut Vec<u8>, value: i64) -> Option<()> {
    if value.unsigned_abs() > MAX_SAFE_INTEGER {
        return None;
    }
    digits(out, value);
    Some(())
}

/// Any integer's decimal digits, with a `-` when negative (as `serde_json` and `to_string` write an `i64`).
pub(crate) fn digits(out: &mut Vec<u8>, value: i64) {
    if value < 0 {
        out.push(b'-');
    }
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        at -= 1;
        // `rest % 10` is below 10.
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// A decimal as `rust_decimal::serde::str` writes it, in a string: a `-` when its sign is negative (zero too), the
/// digits of its mantissa with at least `scale` of them after the point (zeros in front as needed, and a `0` before
/// a point with nothing before it), no point at scale 0, and `0` for a zero at scale 0.
pub(crate) fn decimal(out: &mut Vec<u8>, value: &Decimal) -> Option<()> {
    out.push(b'"');
    if value.is_sign_negative() {
        out.push(b'-');
    }
    let scale = usize::try_from(value.scale()).ok()?;
    // A mantissa holds 96 bits (29 digits), a scale at most 28.
    let mut digits = [0u8; 40];
    let mut at = digits.len();
    let magnitude = value.mantissa().unsigned_abs();
    if let Ok(mut rest) = u64::try_from(magnitude) {
        while rest != 0 {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
    } else {
        let mut rest = magnitude;
        while rest != 0 {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
    }
    while digits.len() - at < scale {
        at = at.checked_sub(1)?;
        digits[at] = b'0';
    }
    let digits = &digits[at..];
    let whole = digits.len() - scale;
    if digits.is_empty() {
        out.push(b'0');
    } else if scale == 0 {
        out.extend_from_slice(digits);
    } else {
        if whole == 0 {
            out.push(b'0');
        } else {
            out.extend_from_slice(&digits[..whole]);
        }
        out.push(b'.');
        out.extend_from_slice(&digits[whole..]);
    }
    out.push(b'"');
    Some(())
}

fn boolean(out: &mut Vec<u8>, value: bool) {
    out.extend_from_slice(if value { b"true" } else { b"false" });
}

fn optional_integer(out: &mut Vec<u8>, value: Option<i64>) -> Option<()> {
    match value {
        Some(value) => integer(out, value),
        None => {
            out.extend_from_slice(b"null");
            Some(())
        }
    }
}

/// A JSON value inside the event, `depth` open arrays and objects deep. `None` (the general writer decides) for what
/// it judges rather than copies: a number it refuses or rounds, nesting past [`jcs::READABLE_DEPTH`], an object
/// with a name outside ASCII (RFC 8785 sorts names by UTF-16 units; ASCII names in `serde_json`'s sorted map are
/// already in that order, and the order is checked as written).
fn json(out: &mut Vec<u8>, value: &Value, depth: usize) -> Option<()> {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(b) => boolean(out, *b),
        Value::Number(n) => number(out, n.as_str())?,
        Value::String(text) => string(out, text),
        Value::Array(items) => {
            if depth >= jcs::READABLE_DEPTH {
                return None;
            }
            array(out, items, |out, item| json(out, item, depth + 1))?;
        }
        Value::Object(map) => object(out, map, depth)?,
    }
    Some(())
}

fn object(out: &mut Vec<u8>, map: &Map<String, Value>, depth: usize) -> Option<()> {
    if depth >= jcs::READABLE_DEPTH {
        return None;
    }
    out.push(b'{');
    let mut previous: Option<&str> = None;
    for (i, (name, value)) in map.iter().enumerate() {
        if !name.is_ascii() || previous.is_some_and(|p| p >= name.as_str()) {
            return None;
        }
        previous = Some(name);
        if i > 0 {
            out.push(b',');
        }
        string(out, name);
        out.push(b':');
        json(out, value, depth + 1)?;
    }
    out.push(b'}');
    Some(())
}

/// A number `serde_json` kept as its text (ADR-110), as the general writer writes one it accepts: the shortest
/// ECMAScript form of the double it reads as (`ryu-js`). `None` for what it refuses: not finite, or an integer
/// (no `.`, `e` or `E`) past ±(2^53 − 1).
fn number(out: &mut Vec<u8>, text: &str) -> Option<()> {
    let double: f64 = text.parse().ok()?;
    if !text.contains(['.', 'e', 'E']) && text.trim_start_matches('-').parse::<u64>().ok()? > MAX_SAFE_INTEGER {
        return None;
    }
    if !double.is_finite() {
        return None;
    }
    out.extend_from_slice(ryu_js::Buffer::new().format_finite(double).as_bytes());
    Some(())
}

fn array<T>(out: &mut Vec<u8>, items: &[T], mut each: impl FnMut(&mut Vec<u8>, &T) -> Option<()>) -> Option<()> {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        each(out, item)?;
    }
    out.push(b']');
    Some(())
}

fn write_decided(out: &mut Vec<u8>, decided: &Decided) -> Option<()> {
    let Decided {
        decision_id,
        request,
        verdict,
        status,
        tier,
        reasons,
        budgets,
        reservations,
        approval_id,
        consumes_approval,
        would_have,
        digest,
        supersedes,
        policy_sha256,
        report_by_ms,
        connector,
    } = decided;
    // The data is one level deep; its arrays two; their objects three.
    let mut o = Object::open(out);
    optional_integer(o.key("approval_id"), *approval_id)?;
    array(o.key("budgets"), budgets, budget)?;
    if let Some(connector) = connector {
        string(o.key("connector"), connector);
    }
    boolean(o.key("consumes_approval"), *consumes_approval);
    integer(o.key("decision_id"), *decision_id)?;
    string(o.key("digest"), digest);
    string(o.key("policy_sha256"), policy_sha256);
    array(o.key("reasons"), reasons, reason)?;
    if let Some(report_by_ms) = report_by_ms {
        integer(o.key("report_by_ms"), *report_by_ms)?;
    }
    action_request(o.key("request"), request)?;
    array(o.key("reservations"), reservations, reservation)?;
    string(o.key("status"), status.as_str());
    optional_integer(o.key("supersedes"), *supersedes)?;
    integer(o.key("tier"), i64::from(*tier))?;
    string(o.key("verdict"), verdict.as_str());
    match would_have {
        Some(verdict) => string(o.key("would_have"), verdict.as_str()),
        None => o.key("would_have").extend_from_slice(b"null"),
    }
    o.close();
    Some(())
}

/// The request, at depth 2 (inside the data): its `params` and `evidence` open at depth 3.
fn action_request(out: &mut Vec<u8>, request: &ActionRequest) -> Option<()> {
    let ActionRequest {
        request_id,
        agent,
        session,
        action,
        params,
        target,
        undo_of,
        dry_run,
        approval_id,
        evidence,
        flags,
    } = request;
    let mut o = Object::open(out);
    string(o.key("action"), action);
    string(o.key("agent"), agent);
    if let Some(approval_id) = approval_id {
        integer(o.key("approval_id"), *approval_id)?;
    }
    if *dry_run {
        boolean(o.key("dry_run"), true);
    }
    if let Some(evidence) = evidence {
        json(o.key("evidence"), evidence, 2)?;
    }
    if !flags.is_empty() {
        array(o.key("flags"), flags, |out, flag| {
            string(out, flag);
            Some(())
        })?;
    }
    object(o.key("params"), params, 2)?;
    string(o.key("request_id"), request_id);
    if let Some(session) = session {
        string(o.key("session"), session);
    }
    if let Some(target) = target {
        string(o.key("target"), target);
    }
    if let Some(undo_of) = undo_of {
        integer(o.key("undo_of"), *undo_of)?;
    }
    o.close();
    Some(())
}

fn reason(out: &mut Vec<u8>, reason: &Reason) -> Option<()> {
    let Reason { code, message } = reason;
    let mut o = Object::open(out);
    string(o.key("code"), code.as_str());
    string(o.key("message"), message);
    o.close();
    Some(())
}

fn budget(out: &mut Vec<u8>, budget: &BudgetState) -> Option<()> {
    let BudgetState { kind, key, param, per, limit, consumed, requested, remaining, resets_at_ms, exceeded, effect } =
        budget;
    let mut o = Object::open(out);
    decimal(o.key("consumed"), consumed)?;
    if let Some(effect) = effect {
        string(o.key("effect"), effect);
    }
    boolean(o.key("exceeded"), *exceeded);
    string(o.key("key"), key);
    string(
        o.key("kind"),
        match kind {
            BudgetKind::Limit => "limit",
            BudgetKind::Budget => "budget",
        },
    );
    decimal(o.key("limit"), limit)?;
    if let Some(param) = param {
        string(o.key("param"), param);
    }
    string(o.key("per"), per);
    decimal(o.key("remaining"), remaining)?;
    decimal(o.key("requested"), requested)?;
    integer(o.key("resets_at_ms"), *resets_at_ms)?;
    o.close();
    Some(())
}

fn reservation(out: &mut Vec<u8>, reservation: &ReservationMade) -> Option<()> {
    let ReservationMade { id, key, scope, amount, effect } = reservation;
    let mut o = Object::open(out);
    decimal(o.key("amount"), amount)?;
    if let Some(effect) = effect {
        string(o.key("effect"), effect);
    }
    integer(o.key("id"), *id)?;
    string(o.key("key"), key);
    string(o.key("scope"), scope);
    o.close();
    Some(())
}

#[cfg(test)]
mod tests {
    use super::super::{to_journal_text, to_readable_string};
    use crate::event::{Decided, EventData, ReservationMade};
    use crate::journal::{EventKind, GENESIS_HASH, event_hash};
    use crate::types::{
        ActionRequest, BudgetKind, BudgetState, DecisionStatus, MAX_SAFE_INTEGER, Reason, ReasonCode, Verdict,
    };
    use rust_decimal::Decimal;
    use serde_json::{Map, Value, json};

    /// The old writer (serde into the general JCS writer) and the new (`to_journal_text`) give the same text or the
    /// same refusal, and the text is canonical JSON of the event's value.
    fn same(data: &EventData) {
        let old = to_readable_string(data);
        assert_eq!(to_journal_text(data), old, "{:?}", data.kind());
        if let Ok(text) = old {
            let value: Value = serde_json::from_str(&text).expect("reads back");
            assert_eq!(crate::canonical::to_canonical_string(&value), text);
        }
    }

    fn request() -> ActionRequest {
        ActionRequest::new("r1", "bot", "payments.send", json!({"amount_eur": 12.5}).as_object().cloned().unwrap())
    }

    fn decided() -> Decided {
        Decided {
            decision_id: 5,
            request: request(),
            verdict: Verdict::Permit,
            status: DecisionStatus::Intended,
            tier: 2,
            reasons: vec![Reason::new(ReasonCode::WithinPolicy, "'payments.send' is tier 2")],
            budgets: vec![BudgetState {
                kind: BudgetKind::Budget,
                key: "sum:amount_eur@24h@action".into(),
                param: Some("amount_eur".into()),
                per: "24h".into(),
                limit: Decimal::new(1000, 0),
                consumed: Decimal::new(125, 2),
                requested: Decimal::new(1250, 2),
                remaining: Decimal::new(98625, 2),
                resets_at_ms: 1_767_225_600_000,
                exceeded: false,
                effect: None,
            }],
            reservations: vec![ReservationMade {
                id: 7,
                key: "sum:amount_eur".into(),
                scope: "*".into(),
                amount: Decimal::new(1250, 2),
                effect: None,
            }],
            approval_id: None,
            consumes_approval: false,
            would_have: None,
            digest: "d".repeat(64),
            supersedes: None,
            policy_sha256: "e".repeat(64),
            report_by_ms: None,
            connector: None,
        }
    }

    /// One payload of every event kind (the match has no catch-all, so a new kind must be added here), through both
    /// writers (ADR-1022).
    #[test]
    fn every_event_kind_s_journal_text_is_the_general_writer_s() {
        let sample = |kind: EventKind| -> EventData {
            let by = json!({"name": "ann", "role": "admin"});
            let value = match kind {
                EventKind::Decided => return EventData::Decided(decided()),
                EventKind::ApprovalRequested => json!({"approval_id": 1, "decision_id": 2, "action": "a.b",
                    "agent": "bot", "digest": "d", "required": 2, "expires_at_ms": 9, "step_up": true,
                    "acknowledged": ["budget_exceeded"]}),
                EventKind::ApprovalVote | EventKind::Approved => {
                    json!({"approval_id": 1, "approver": "ann", "approvers": ["ann", "bo\u{e9}"], "required": 2})
                }
                EventKind::Rejected => json!({"approval_id": 1, "approver": "ann", "reason": "no\n"}),
                EventKind::Expired => json!({"approval_id": 1, "decision_id": 2, "was": "approved"}),
                EventKind::Revoked => json!({"approval_id": 1, "decision_id": 2, "by": "ann", "why": "w"}),
                EventKind::Executed | EventKind::Failed | EventKind::Unknown => json!({"decision_id": 4,
                    "outcome": kind.as_str(), "detail": {"z": [1.50, "\u{10000}"], "a": null}, "released": [1, 2],
                    "reported_by": "exec"}),
                EventKind::Refused => json!({"agent": "bot", "code": "bad_request", "message": "m",
                    "input": {"b": 1, "a": {"\u{e000}": 2, "\u{10000}": 3}}, "task_id": "t", "command_id": "c"}),
                EventKind::KillSwitch => json!({"engaged": true, "by": "ann"}),
                EventKind::PolicyLoaded => {
                    json!({"sha256": "s", "source": "p.yaml", "actions": 3, "introduced": ["x.y"]})
                }
                EventKind::Credential => json!({"action": "created", "name": "n", "role": "executor",
                    "serves": "bot", "step_up": false, "token_binding": "b"}),
                EventKind::TaskCreated => json!({"task_id": "t", "command_id": "c", "config": {"workspace": "/w",
                    "check_command": "make", "check_timeout_ms": 1000, "sensitive": [".env"], "writable": ["/tmp"],
                    "network": true, "deliver": "git"},
                    "workspace": {"files": [{"path": "a", "sha256": "h", "bytes": 3, "mode": 420}]}, "by": by}),
                EventKind::TaskProposed => json!({"task_id": "t", "command_id": "c", "revision": 2,
                    "files": [{"path": "a", "sha256": "h", "bytes": 3, "content": "x\ty"}], "change_digest": "cd",
                    "replaces": null, "by": by}),
                EventKind::TaskApplyIntended => json!({"task_id": "t", "command_id": "c", "revision": 2,
                    "paths": ["a"], "change_digest": "cd", "at_ms": 5, "cleared_by": 3}),
                EventKind::TaskApplied => json!({"task_id": "t", "command_id": "c", "revision": 2,
                    "written": [{"path": "a", "sha256": "h", "bytes": 3}], "workspace_digest": "wd"}),
                EventKind::TaskChecked => json!({"task_id": "t", "command_id": "c", "revision": 2, "passed": false,
                    "exit_code": 1, "timed_out": false, "duration_ms": 20, "output_sha256": "o", "output_bytes": 4,
                    "output_tail": "fail\u{1}", "sandbox": "none", "limits": "l", "limit_hit": "cpu",
                    "workspace_digest": "wd", "changed": ["a"]}),
                EventKind::TaskFinished => json!({"task_id": "t", "command_id": "c", "revision": 2,
                    "workspace_digest": "wd", "delivered": "abc"}),
                EventKind::SessionDemoted => json!({"demotion_id": 1, "agent": "bot", "session": "s",
                    "signal": "denials", "reason": "3 denials", "decision_id": 2, "until_ms": 9}),
                EventKind::SessionRestored => json!({"demotion_id": 1, "agent": "bot", "session": null,
                    "cause": "admin", "by": "ann", "why": "ok", "until_ms": 9}),
                EventKind::Checkpoint => json!({"size": 10, "root": "r", "key": "k", "note": "n\n"}),
                EventKind::ToolPinned => json!({"server": "s", "tool": "t", "sha256": "h", "cause": "approved",
                    "by": "ann", "previous": "p"}),
                EventKind::ReservationExpired => json!({"decision_id": 4, "action": "a.b", "agent": "bot",
                    "report_by_ms": 9, "released": [3], "found_by": "decide"}),
                EventKind::ConnectorStarted => json!({"decision_id": 4, "connector": "http", "by": "door"}),
                EventKind::SealStarted => json!({"unsealed": 10, "by": "ann"}),
            };
            EventData::from_journal(kind, &value).unwrap_or_else(|e| panic!("{e}"))
        };
        for kind in EventKind::ALL {
            let data = sample(kind);
            assert_eq!(data.kind(), kind);
            same(&data);
        }
        // The decided event's is the direct writer's, not the general writer's under another name.
        assert!(super::decided(&decided()).is_some());
    }

    /// A small deterministic generator (xorshift), so a failure names its seed.
    struct Gen(u64);
    impl Gen {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        fn coin(&mut self) -> bool {
            self.next().is_multiple_of(2)
        }
        fn text(&mut self) -> String {
            const PIECES: &[&str] = &[
                "a",
                "B",
                "",
                "é",
                "\u{e000}",
                "\u{ffff}",
                "\u{10000}",
                "\u{1f600}",
                "\n",
                "\"",
                "\\",
                "/",
                "\u{7f}",
                "\u{0}",
                "\u{1}",
                "\u{8}",
                "\u{c}",
                "\r",
                "\u{1f}",
                "\t",
                "\u{2028}",
                "~",
                "0",
                "amount_eur",
                " ",
            ];
            (0..self.below(5)).map(|_| PIECES[self.below(PIECES.len() as u64) as usize]).collect()
        }
        /// An object name: ASCII (escapes included) three times in four, any text otherwise.
        fn name(&mut self) -> String {
            if self.below(4) == 0 {
                return self.text();
            }
            const ASCII: &[&str] =
                &["a", "B", "", "\n", "\"", "\\", "/", "\u{7f}", "\u{0}", "\u{1f}", "~", "0", "amount_eur"];
            (0..self.below(4)).map(|_| ASCII[self.below(ASCII.len() as u64) as usize]).collect()
        }
        fn opt_text(&mut self) -> Option<String> {
            self.coin().then(|| self.text())
        }
        fn integer(&mut self) -> i64 {
            let edge = MAX_SAFE_INTEGER as i64;
            match self.below(6) {
                0 => 0,
                1 => edge,
                2 => -edge,
                3 => -(self.below(1000) as i64),
                _ => (self.next() % (edge as u64)) as i64,
            }
        }
        fn opt_integer(&mut self) -> Option<i64> {
            self.coin().then(|| self.integer())
        }
        fn decimal(&mut self) -> Decimal {
            let mantissa = i128::from(self.next() >> self.below(64)) * if self.coin() { 1 } else { -1 };
            let mut d = Decimal::from_i128_with_scale(mantissa, self.below(29) as u32);
            if self.below(8) == 0 {
                d = Decimal::new(0, self.below(5) as u32);
                d.set_sign_negative(self.coin());
            }
            d
        }
        fn number(&mut self) -> Value {
            const NUMBERS: &[&str] =
                &["0", "-0", "1.25", "12.50", "1e21", "1e-7", "1E+2", "9007199254740991", "0.1", "5e-324", "100"];
            serde_json::from_str(NUMBERS[self.below(NUMBERS.len() as u64) as usize]).unwrap()
        }
        fn value(&mut self, depth: u32) -> Value {
            match self.below(if depth == 0 { 5 } else { 7 }) {
                0 => Value::Null,
                1 => Value::Bool(self.coin()),
                2 | 3 => self.number(),
                4 => Value::String(self.text()),
                5 => Value::Array((0..self.below(4)).map(|_| self.value(depth - 1)).collect()),
                _ => Value::Object(self.map(depth - 1)),
            }
        }
        fn map(&mut self, depth: u32) -> Map<String, Value> {
            (0..self.below(5)).map(|_| (self.name(), self.value(depth))).collect()
        }
        fn verdict(&mut self) -> Verdict {
            [Verdict::Permit, Verdict::Deny, Verdict::Defer, Verdict::DryRun][self.below(4) as usize]
        }
        fn decided(&mut self) -> Decided {
            use DecisionStatus::*;
            let request = ActionRequest {
                request_id: self.text(),
                agent: self.text(),
                session: self.opt_text(),
                action: self.text(),
                params: self.map(3),
                target: self.opt_text(),
                undo_of: self.opt_integer(),
                dry_run: self.coin(),
                approval_id: self.opt_integer(),
                evidence: self.coin().then(|| self.value(3)),
                flags: (0..self.below(3)).map(|_| self.text()).collect(),
            };
            Decided {
                decision_id: self.integer(),
                request,
                verdict: self.verdict(),
                status: [Intended, Executed, Failed, Unknown, AwaitingApproval, Superseded, Closed]
                    [self.below(7) as usize],
                tier: self.next() as u8,
                reasons: (0..self.below(4))
                    .map(|_| {
                        let code = ReasonCode::ALL[self.below(ReasonCode::ALL.len() as u64) as usize];
                        Reason::new(code, self.text())
                    })
                    .collect(),
                budgets: (0..self.below(4))
                    .map(|_| BudgetState {
                        kind: if self.coin() { BudgetKind::Limit } else { BudgetKind::Budget },
                        key: self.text(),
                        param: self.opt_text(),
                        per: self.text(),
                        limit: self.decimal(),
                        consumed: self.decimal(),
                        requested: self.decimal(),
                        remaining: self.decimal(),
                        resets_at_ms: self.integer(),
                        exceeded: self.coin(),
                        effect: self.opt_text(),
                    })
                    .collect(),
                reservations: (0..self.below(4))
                    .map(|_| ReservationMade {
                        id: self.integer(),
                        key: self.text(),
                        scope: self.text(),
                        amount: self.decimal(),
                        effect: self.opt_text(),
                    })
                    .collect(),
                approval_id: self.opt_integer(),
                consumes_approval: self.coin(),
                would_have: self.coin().then(|| self.verdict()),
                digest: self.text(),
                supersedes: self.opt_integer(),
                policy_sha256: self.text(),
                report_by_ms: self.opt_integer(),
                connector: self.opt_text(),
            }
        }
    }

    /// ADR-1022: the direct writer's text of generated `decided` events (escapes and characters past the BMP in
    /// every string, every optional field present and absent, decimals of every scale and sign, integers up to
    /// ±(2^53 − 1), JSON values of every shape) is the general writer's, byte for byte, and so is the event hash.
    #[test]
    fn the_direct_text_is_the_general_writer_s() {
        let mut direct_count = 0;
        for seed in 1..3000u64 {
            let mut g = Gen(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
            let decided = g.decided();
            let data = EventData::Decided(decided.clone());
            same(&data);
            // What the direct writer writes is the general writer's; what it leaves (a name outside ASCII here) the
            // general writer writes.
            let Some(text) = super::decided(&decided).map(|bytes| String::from_utf8(bytes).unwrap()) else {
                assert!(a_name_outside_ascii(&decided.request), "seed {seed}");
                continue;
            };
            direct_count += 1;
            assert_eq!(Ok(&text), to_readable_string(&data).as_ref(), "seed {seed}");
            assert_eq!(
                crate::journal::hash_over(9, 1_767_225_600_123, EventKind::Decided, &text, GENESIS_HASH),
                event_hash(9, 1_767_225_600_123, EventKind::Decided, &data.to_value(), GENESIS_HASH),
                "seed {seed}"
            );
        }
        assert!(direct_count > 1500, "{direct_count} of 2999 written directly");
        // Every reason code by its serde name.
        for code in ReasonCode::ALL {
            let mut d = decided();
            d.reasons = vec![Reason::new(code, "m")];
            same(&EventData::Decided(d));
        }
    }

    /// Whether an object name inside the request's `params` or `evidence`, at any depth, is outside ASCII.
    fn a_name_outside_ascii(request: &ActionRequest) -> bool {
        let mut stack: Vec<&Value> = request.params.values().chain(request.evidence.as_ref()).collect();
        let mut outside = request.params.keys().any(|k| !k.is_ascii());
        while let Some(v) = stack.pop() {
            match v {
                Value::Array(items) => stack.extend(items),
                Value::Object(map) => {
                    outside |= map.keys().any(|k| !k.is_ascii());
                    stack.extend(map.values());
                }
                _ => {}
            }
        }
        outside
    }

    /// What the direct writer leaves to the general one (an integer past ±(2^53 − 1), a value nested past the
    /// reader's depth, a number beyond a double) is written or refused exactly as before.
    #[test]
    fn what_the_direct_writer_leaves_is_written_or_refused_as_before() {
        let past = (MAX_SAFE_INTEGER + 1) as i64;
        let nested = |levels: usize| (0..levels).fold(json!(1), |v, _| json!({ "a": v }));
        let mut cases: Vec<Decided> = Vec::new();
        for edit in 0..9 {
            let mut d = decided();
            match edit {
                0 => d.decision_id = past,
                1 => d.budgets[0].resets_at_ms = -past,
                2 => d.reservations[0].id = past,
                3 => d.report_by_ms = Some(past),
                4 => d.request.evidence = Some(nested(98)),
                5 => d.request.evidence = Some(nested(99)),
                6 => drop(d.request.params.insert("deep".into(), nested(96))),
                7 => drop(d.request.params.insert("n".into(), serde_json::from_str("1e400").unwrap())),
                _ => drop(d.request.params.insert("k".into(), serde_json::from_str("9007199254740993").unwrap())),
            }
            cases.push(d);
        }
        let outcomes: Vec<bool> = cases
            .into_iter()
            .map(|d| {
                let data = EventData::Decided(d);
                same(&data);
                let written = to_journal_text(&data).is_ok();
                // The direct writer writes exactly what is written, and leaves every refusal to the general one.
                let EventData::Decided(d) = &data else { unreachable!() };
                assert_eq!(super::decided(d).is_some(), written);
                written
            })
            .collect();
        // The limits are where they were: 98 objects of evidence inside the data and its request are 100 deep, 99 are
        // past.
        assert_eq!(outcomes, [false, false, false, false, true, false, true, false, false]);
    }
}
