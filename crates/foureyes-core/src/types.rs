//! The vocabulary: action requests, verdicts, reason codes, budget states and the records the store keeps.

use crate::canonical::{canonical_sha256, to_canonical_string};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::fmt;

/// A decision's id (one per call to `decide`, including a release of an approved request).
pub type DecisionId = i64;
/// An approval's id, the number a human is told about ("awaiting approval 12").
pub type ApprovalId = i64;

/// Largest accepted `params` object, measured as canonical JSON bytes. Bigger requests are refused before any
/// decision is made (and the refusal is audited).
pub const MAX_PARAMS_BYTES: usize = 64 * 1024;
/// Longest accepted `request_id`, `agent`, `session`, `target` and action name, in bytes.
pub const MAX_NAME_BYTES: usize = 256;
/// Largest accepted `evidence`, as canonical JSON bytes.
pub const MAX_EVIDENCE_BYTES: usize = 16 * 1024;
/// Most `flags` one request may carry, and the longest flag name in bytes.
pub const MAX_FLAGS: usize = 16;
pub const MAX_FLAG_BYTES: usize = 64;

/// The evidence key under which the door records the connector a request would run (ADR-570). The door writes it;
/// an agent's value under this key is replaced.
pub const CONNECTOR_EVIDENCE_KEY: &str = "foureyes_connector";

/// What an agent asks to do. `agent` comes from the caller's credential (or the CLI's `--agent`), never from an
/// untrusted body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The caller's idempotency key: the same id with the same content returns the first decision.
    pub request_id: String,
    pub agent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// Dotted action name, e.g. `payments.send`.
    pub action: String,
    #[serde(default)]
    pub params: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Set when this request undoes an executed decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo_of: Option<DecisionId>,
    /// Rehearse only: say what would happen, reserve nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dry_run: bool,
    /// Set when this request executes a human-approved action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_id: Option<ApprovalId>,
    /// What the agent offers in support (a ticket excerpt, a diff, a quote), shown to the approver. Not part of the
    /// digest or the idempotency fingerprint: it explains the action, it is not the action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Value>,
    /// What the caller's own checks noticed about how this request came about (e.g. `prompt_injection` when a
    /// content scanner flagged the text the agent acted on). Trust signals for the session (`session_trust` in the
    /// policy), not part of the action: outside the approval digest, inside the idempotency fingerprint (ADR-36).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
}

/// Why a request is refused before it is judged (it never becomes a decision; the refusal is audited).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    #[error("`{field}` is empty")]
    Empty { field: &'static str },
    #[error("`{field}` is {len} bytes long: at most {max} are accepted")]
    TooLong { field: &'static str, len: usize, max: usize },
    #[error("params are {len} bytes as canonical JSON: at most {max} are accepted")]
    ParamsTooLarge { len: usize, max: usize },
    #[error("action name `{0}` is not a dotted name of letters, digits, `_` and `-` (e.g. `payments.send`)")]
    BadActionName(String),
    #[error(
        "param `{path}` is the integer {value}, beyond ±2^53−1: such integers cannot be hashed exactly (RFC 8785 reads numbers as IEEE doubles), so two different values would share one approval digest; send it as a string"
    )]
    UnsafeInteger { path: String, value: String },
    #[error(
        "param `{path}` is the number {value}, {why}: the approval digest would name another number; send at most 15 significant digits, or send it as a string"
    )]
    InexactNumber { path: String, value: String, why: String },
    #[error(
        "`{field}` is {value}, beyond ±2^53−1: no id the journal issues is that large, and the journal's JSON (RFC 8785, numbers as IEEE doubles) could not hold it exactly"
    )]
    UnsafeId { field: &'static str, value: i64 },
    #[error(
        "`{path}` nests deeper than {max} levels: the journal holds what it is sent and must read it back; flatten it or send it as a string"
    )]
    TooDeep { path: String, max: usize },
    #[error(
        "`{path}` is the number {value}, beyond ±2^53−1 or beyond an IEEE double: the journal's JSON (RFC 8785, numbers as IEEE doubles) cannot hold it exactly; send it as a string"
    )]
    UnjournalableInteger { path: String, value: String },
    #[error("evidence is {len} bytes as canonical JSON: at most {max} are accepted")]
    EvidenceTooLarge { len: usize, max: usize },
    #[error("`{field}` contains a control character: names and ids must be printable text")]
    ControlCharacter { field: &'static str },
    #[error(
        "`{field}` holds U+{code:04X}, a character a terminal hides or that reorders the text around it (bidi, \
         zero-width, a format character, an odd space, or a mark on no base of its script): an id or a name is read \
         and typed by a person, so it may not hold one (ADR-1411)"
    )]
    HiddenCharacter { field: &'static str, code: u32 },
    #[error("{len} flags: at most {max} are accepted")]
    TooManyFlags { len: usize, max: usize },
    #[error(
        "flag `{0}` is not a name of 1 to 64 lowercase letters, digits, `_`, `-` and `.` (e.g. `prompt_injection`)"
    )]
    BadFlag(String),
}

/// An action name: parts of ASCII letters, digits, `_` and `-`, joined by dots (`payments.send`). One rule with the
/// MCP tool names a pin holds (`tool_pin::check_tool_name`, ADR-1260): a tool is called as `mcp.<server>.<tool>`.
pub fn is_dotted_name(name: &str) -> bool {
    name.split('.')
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
}

/// The characters an id or a name a person reads may not hold, checked wherever one comes in (every decide door through
/// [`ActionRequest::validate_shape`], and `sessions restore`'s agent and session): no control character — NUL cannot
/// be stored by every backend (PostgreSQL text), and control characters in names only serve to confuse the person
/// reading an approval — and nothing a person would not see ([`crate::hidden::first_unseen`]: a character a terminal
/// hides or that reorders the text, or a mark on no base of its script). `se<U+200B>ss` listed as `sess` beside
/// `sess`, so an admin restored the wrong session and the demoted one read as restored (attack 41's H8, ADR-1411);
/// `bo<U+16FE4>t` read as `bot` (attack 44's H6, ADR-1522).
pub fn check_name_text(field: &'static str, value: &str) -> Result<(), RequestError> {
    if value.chars().any(char::is_control) {
        return Err(RequestError::ControlCharacter { field });
    }
    if let Some(c) = crate::hidden::first_unseen(value) {
        return Err(RequestError::HiddenCharacter { field, code: c as u32 });
    }
    Ok(())
}
impl ActionRequest {
    /// A plain request: `agent` asks to run `action` with `params` under `request_id`, with no session, target,
    /// undo, dry run, approval, evidence or flags (set those fields after, when a request carries them).
    pub fn new(
        request_id: impl Into<String>,
        agent: impl Into<String>,
        action: impl Into<String>,
        params: Map<String, Value>,
    ) -> Self {
        ActionRequest {
            request_id: request_id.into(),
            agent: agent.into(),
            session: None,
            action: action.into(),
            params,
            target: None,
            undo_of: None,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        }
    }

    /// SHA-256 over the RFC 8785 canonical JSON of `{action, params, target, agent}`: what a human approves.
    pub fn digest(&self) -> String {
        match self.undo_of {
            // Joins the digest only when present, so every digest of a plain action (and every approval stored
            // before undo joined it) stays what it was.
            Some(undo_of) => canonical_sha256(&json!({
                "action": self.action, "params": self.params, "target": self.target, "agent": self.agent,
                "undo_of": undo_of,
            })),
            None => action_digest(&self.action, &self.params, self.target.as_deref(), &self.agent),
        }
    }

    /// Hash of everything that makes two requests with one `request_id` "the same content". Flags and the session
    /// can change the verdict (a flag may demote the session; a demoted session defers what another would run), so
    /// a retry that carries other flags or names another session is another request (ADR-48), not a replay of the
    /// first one's verdict. Both join the hash only when present, so fingerprints stored before they existed still
    /// match.
    pub fn fingerprint(&self) -> String {
        // Serialized straight from the request's fields (issue 14: no `Value` tree, no copy of the params); the
        // canonical writer sorts the names, so the bytes are those of the `json!` object this replaced
        // (`fingerprint_is_the_canonical_object_s`).
        #[derive(Serialize)]
        struct Fingerprinted<'a> {
            action: &'a str,
            params: &'a Map<String, Value>,
            target: &'a Option<String>,
            agent: &'a str,
            undo_of: Option<DecisionId>,
            dry_run: bool,
            approval_id: Option<ApprovalId>,
            #[serde(skip_serializing_if = "<[String]>::is_empty")]
            flags: &'a [String],
            #[serde(skip_serializing_if = "Option::is_none")]
            session: &'a Option<String>,
        }
        canonical_sha256(&Fingerprinted {
            action: &self.action,
            params: &self.params,
            target: &self.target,
            agent: &self.agent,
            undo_of: self.undo_of,
            dry_run: self.dry_run,
            approval_id: self.approval_id,
            flags: &self.flags,
            session: &self.session,
        })
    }

    /// [`ActionRequest::fingerprint`] and [`ActionRequest::digest`], the same two texts byte for byte, from one
    /// canonical serialization of the params (issue 14, ADR-1009): both objects are written around the params' text
    /// in their canonical (RFC 8785) order, member by member, and fed to the hash as they are, instead of two
    /// serializations of the request's fields, each buffering, sorting and copying its members. Params that the
    /// canonical writer cannot write as they are (a number beyond a double, written as its text instead:
    /// [`to_canonical_string`]) take the two functions themselves.
    /// `tests::fingerprint_and_digest_are_the_two_functions_byte_for_byte`.
    pub fn fingerprint_and_digest(&self) -> (String, String) {
        use sha2::{Digest, Sha256};
        let Some(params) = crate::canonical::try_canonical(&self.params) else {
            return (self.fingerprint(), self.digest());
        };
        // A string's canonical text is `serde_json`'s (the same escapes, lower-case `\u00xx`), without the canonical
        // writer's set-up per call.
        let text = |s: &str| serde_json::to_string(s).unwrap_or_default();
        let action = text(&self.action);
        let agent = text(&self.agent);
        let target = self.target.as_deref().map_or_else(|| "null".to_string(), text);
        let undo_of = to_canonical_string(&self.undo_of);
        // `{"action","agent","params","target"[,"undo_of"]}`: the digest's members in RFC 8785 order; `undo_of`
        // only when present (`digest`).
        let mut digest = Sha256::new();
        for part in ["{\"action\":", action.as_str(), ",\"agent\":", agent.as_str(), ",\"params\":"] {
            digest.update(part);
        }
        for part in [params.as_str(), ",\"target\":", target.as_str()] {
            digest.update(part);
        }
        if self.undo_of.is_some() {
            digest.update(",\"undo_of\":");
            digest.update(undo_of.as_str());
        }
        digest.update("}");
        // `{"action","agent","approval_id","dry_run"[,"flags"],"params"[,"session"],"target","undo_of"}`: the
        // fingerprint's, `flags` only when not empty and `session` only when present (`fingerprint`).
        let approval_id = to_canonical_string(&self.approval_id);
        let mut fingerprint = Sha256::new();
        for part in ["{\"action\":", action.as_str(), ",\"agent\":", agent.as_str(), ",\"approval_id\":"] {
            fingerprint.update(part);
        }
        fingerprint.update(approval_id.as_str());
        fingerprint.update(if self.dry_run { ",\"dry_run\":true" } else { ",\"dry_run\":false" });
        if !self.flags.is_empty() {
            fingerprint.update(",\"flags\":");
            fingerprint.update(to_canonical_string(&self.flags).as_str());
        }
        fingerprint.update(",\"params\":");
        fingerprint.update(params.as_str());
        if let Some(session) = &self.session {
            fingerprint.update(",\"session\":");
            fingerprint.update(text(session).as_str());
        }
        for part in [",\"target\":", target.as_str(), ",\"undo_of\":", undo_of.as_str(), "}"] {
            fingerprint.update(part);
        }
        (hex::encode(fingerprint.finalize()), hex::encode(digest.finalize()))
    }

    /// The digest of the connector the door recorded in this request's evidence (ADR-570: what a release of its
    /// deferral must render), if it recorded one. Outside [`ActionRequest::fingerprint`], so the authority state keeps
    /// it per decision on its own (ADR-614).
    pub fn connector_digest(&self) -> Option<&str> {
        self.evidence.as_ref()?.get(CONNECTOR_EVIDENCE_KEY)?.get("digest")?.as_str()
    }

    /// Checks sizes and names; bounds against the policy are the pipeline's job.
    pub fn validate_shape(&self) -> Result<(), RequestError> {
        for (field, value) in [("request_id", &self.request_id), ("agent", &self.agent), ("action", &self.action)] {
            if value.is_empty() {
                return Err(RequestError::Empty { field });
            }
        }
        let optional = [("session", self.session.as_deref()), ("target", self.target.as_deref())];
        let required = [
            ("request_id", Some(self.request_id.as_str())),
            ("agent", Some(self.agent.as_str())),
            ("action", Some(self.action.as_str())),
        ];
        for (field, value) in required.into_iter().chain(optional) {
            if let Some(v) = value
                && v.len() > MAX_NAME_BYTES
            {
                return Err(RequestError::TooLong { field, len: v.len(), max: MAX_NAME_BYTES });
            }
            if let Some(v) = value {
                check_name_text(field, v)?;
            }
        }
        if !is_dotted_name(&self.action) {
            // Quoted through the one escape of names: `climate.s\u{43e}t` is not `climate.sot` (attack 45's H3, F1451).
            return Err(RequestError::BadActionName(crate::tool_pin::shown(&self.action)));
        }
        // Attack 20 H1: an id is journaled with the request; one an RFC 8785 reader cannot take exactly made an event
        // no door could read back, so none could start.
        for (field, id) in [("undo_of", self.undo_of), ("approval_id", self.approval_id)] {
            if let Some(value) = id
                && value.unsigned_abs() > MAX_SAFE_INTEGER
            {
                return Err(RequestError::UnsafeId { field, value });
            }
        }
        for (name, value) in &self.params {
            // A param's name is shown to the person approving the action (F1447): the one check of names.
            check_name_text("a param name", name)?;
            let name = crate::tool_pin::shown(name);
            // The digest's own check first: it names what the approval would see.
            check_safe_integers(&name, value)?;
            check_journalable(&name, value)?;
        }
        let len = to_canonical_string(&self.params).len();
        if len > MAX_PARAMS_BYTES {
            return Err(RequestError::ParamsTooLarge { len, max: MAX_PARAMS_BYTES });
        }
        if let Some(evidence) = &self.evidence {
            check_journalable("evidence", evidence)?;
            let len = to_canonical_string(evidence).len();
            if len > MAX_EVIDENCE_BYTES {
                return Err(RequestError::EvidenceTooLarge { len, max: MAX_EVIDENCE_BYTES });
            }
        }
        if self.flags.len() > MAX_FLAGS {
            return Err(RequestError::TooManyFlags { len: self.flags.len(), max: MAX_FLAGS });
        }
        if let Some(bad) = self.flags.iter().find(|f| !valid_flag(f)) {
            return Err(RequestError::BadFlag(crate::tool_pin::shown(bad)));
        }
        Ok(())
    }
}

/// A flag name: what the policy's `session_trust.demote_on.flags` lists and a request's `flags` carries.
pub fn valid_flag(flag: &str) -> bool {
    !flag.is_empty()
        && flag.len() <= MAX_FLAG_BYTES
        && flag.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '-' | '.'))
}

/// How deep a request's params, its evidence or a report's detail may nest (ADR-372): far beyond any tool's
/// arguments, far below the 128 levels a JSON reader takes back (the journal wraps what it is sent in a few more).
pub const MAX_VALUE_DEPTH: usize = 32;

/// Refuses what the journal could not hold and read back exactly (ADR-372; attack 21 N1): nesting past
/// [`MAX_VALUE_DEPTH`] levels under `path`, or an integer beyond ±2^53−1 (which RFC 8785 writes rounded).
pub fn check_journalable(path: &str, value: &Value) -> Result<(), RequestError> {
    // The failing element's path is built on the way out, only when there is one.
    fn walk(value: &Value, depth: usize) -> Result<(), (Vec<String>, Result<String, ()>)> {
        let nested = |key: String, v: &Value| {
            walk(v, depth + 1).map_err(|(mut at, why)| {
                at.push(key);
                (at, why)
            })
        };
        match value {
            Value::Array(_) | Value::Object(_) if depth >= MAX_VALUE_DEPTH => Err((Vec::new(), Err(()))),
            Value::Array(items) => items.iter().enumerate().try_for_each(|(i, v)| nested(format!("[{i}]"), v)),
            // A key is the sender's text: quoted through the one escape (F1447).
            Value::Object(map) => {
                map.iter().try_for_each(|(k, v)| nested(format!(".{}", crate::tool_pin::shown(k)), v))
            }
            Value::Number(n) => {
                let unsafe_int = match (n.as_i64(), n.as_u64()) {
                    (Some(i), _) => i.unsigned_abs() > MAX_SAFE_INTEGER,
                    (None, Some(u)) => u > MAX_SAFE_INTEGER,
                    // Kept as its text (ADR-110): an integer too large for 64 bits has no fraction or exponent.
                    _ => !n.to_string().contains(['.', 'e', 'E']),
                };
                // `1e400` is kept as its text too, but RFC 8785 writes numbers as doubles and has no infinity: the
                // event could not be written (attack 32: "a `decided` event cannot be journaled: NaN and
                // +/-Infinity are not permitted", nothing journaled).
                let beyond_double = n.as_f64().is_none_or(|f| !f.is_finite());
                if unsafe_int || beyond_double { Err((Vec::new(), Ok(n.to_string()))) } else { Ok(()) }
            }
            _ => Ok(()),
        }
    }
    walk(value, 0).map_err(|(at, why)| {
        let path = format!("{path}{}", at.iter().rev().map(String::as_str).collect::<String>());
        match why {
            Err(()) => RequestError::TooDeep { path, max: MAX_VALUE_DEPTH },
            Ok(value) => RequestError::UnjournalableInteger { path, value },
        }
    })
}

/// Largest integer an IEEE double holds exactly (2^53 − 1).
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// Refuses numbers an RFC 8785 canonicalizer would round (integers beyond 2^53, decimals with more digits than a
/// double keeps, numbers beyond a double): two different values must never share a digest.
fn check_safe_integers(path: &str, value: &Value) -> Result<(), RequestError> {
    match value {
        Value::Number(n) => {
            let unsafe_int = match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => i.unsigned_abs() > MAX_SAFE_INTEGER,
                (None, Some(u)) => u > MAX_SAFE_INTEGER,
                _ => false,
            };
            if unsafe_int {
                return Err(RequestError::UnsafeInteger { path: path.to_string(), value: n.to_string() });
            }
            // Read from its text (ADR-110), a number may be one the canonical form cannot name exactly.
            if !crate::number::names_exactly(n) {
                let why = match n.as_f64().filter(|f| f.is_finite()) {
                    Some(f) => format!("which RFC 8785 canonical JSON writes as {}", to_canonical_string(&f)),
                    None => "beyond an IEEE double, which RFC 8785 canonical JSON cannot write".to_string(),
                };
                return Err(RequestError::InexactNumber { path: path.to_string(), value: n.to_string(), why });
            }
            Ok(())
        }
        Value::Array(items) => {
            items.iter().enumerate().try_for_each(|(i, v)| check_safe_integers(&format!("{path}[{i}]"), v))
        }
        Value::Object(map) => {
            map.iter().try_for_each(|(k, v)| check_safe_integers(&format!("{path}.{}", crate::tool_pin::shown(k)), v))
        }
        _ => Ok(()),
    }
}

/// The approval digest of an action: SHA-256 of canonical `{action, params, target, agent}`.
pub fn action_digest(action: &str, params: &Map<String, Value>, target: Option<&str>, agent: &str) -> String {
    // From the fields, without a `Value` tree (issue 14); the same canonical bytes (`the_digest_is_the_canonical_object_s`).
    #[derive(Serialize)]
    struct Digested<'a> {
        action: &'a str,
        params: &'a Map<String, Value>,
        target: Option<&'a str>,
        agent: &'a str,
    }
    canonical_sha256(&Digested { action, params, target, agent })
}

/// The four verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Go ahead; any limits are reserved.
    Permit,
    /// No, and a human will not be asked.
    Deny,
    /// A human must decide; an approval was created (or is still pending).
    Defer,
    /// A rehearsal: what would have happened, nothing reserved, nothing to execute.
    DryRun,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Permit => "permit",
            Verdict::Deny => "deny",
            Verdict::Defer => "defer",
            Verdict::DryRun => "dry_run",
        }
    }

    pub fn parse(text: &str) -> Option<Verdict> {
        [Verdict::Permit, Verdict::Deny, Verdict::Defer, Verdict::DryRun].into_iter().find(|v| v.as_str() == text)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Typed reason codes. Every verdict carries at least one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReasonCode {
    /// Tier 0: a read, allowed even with the kill switch on.
    Observe,
    /// Tier 1 or 2, inside bounds, limits and budgets.
    WithinPolicy,
    KillSwitch,
    /// The action is not in the policy table.
    DefaultDeny,
    UnknownParam,
    MissingParam,
    WrongType,
    Bounds,
    /// A tier-1 action with no registered compensation was demoted to tier 3.
    NoCompensation,
    /// The request asked for a rehearsal, or the policy says the action always rehearses.
    DryRun,
    /// The action is still in its rehearsal period (`dry_run_until`).
    Rehearsal,
    LimitExceeded,
    BudgetExceeded,
    /// Tier 3: a human must approve.
    ApprovalRequired,
    /// Executing an action a human approved.
    Approved,
    ApprovalPending,
    ApprovalRejected,
    ApprovalExpired,
    ApprovalConsumed,
    ApprovalUnknown,
    /// A person withdrew the approval after giving it, before it was used (`POST /v1/approvals/{id}/revoke`).
    ApprovalRevoked,
    DigestMismatch,
    /// `undo_of` names nothing that can be undone by this action.
    UndoInvalid,
    UndoWindowClosed,
    /// The session is demoted (`session_trust`): its tier 1–2 actions need a human until the cooling period ends.
    SessionDemoted,
    /// A `type: url` param whose value is not a URL (it does not canonicalise): denied.
    MalformedUrl,
    /// A `type: url` param points at an `opaque_hosts` entry (a shortener, a redirector): a human must look.
    OpaqueHost,
    /// An effect the action has (`effects:`) sets a tier floor above the action's own tier.
    EffectFloor,
    /// The action first appeared in a policy loaded less than `defaults.new_actions.dry_run_for` ago: it rehearses.
    NewAction,
    /// Added to a permit's record when its reservations were released unreported past its `report_within`
    /// deadline (journaled `reservation_expired`): its outcome is unknown.
    ReservationExpired,
}

impl ReasonCode {
    /// Every code, in declaration order.
    pub const ALL: [ReasonCode; 30] = [
        ReasonCode::Observe,
        ReasonCode::WithinPolicy,
        ReasonCode::KillSwitch,
        ReasonCode::DefaultDeny,
        ReasonCode::UnknownParam,
        ReasonCode::MissingParam,
        ReasonCode::WrongType,
        ReasonCode::Bounds,
        ReasonCode::NoCompensation,
        ReasonCode::DryRun,
        ReasonCode::Rehearsal,
        ReasonCode::LimitExceeded,
        ReasonCode::BudgetExceeded,
        ReasonCode::ApprovalRequired,
        ReasonCode::Approved,
        ReasonCode::ApprovalPending,
        ReasonCode::ApprovalRejected,
        ReasonCode::ApprovalExpired,
        ReasonCode::ApprovalConsumed,
        ReasonCode::ApprovalUnknown,
        ReasonCode::ApprovalRevoked,
        ReasonCode::DigestMismatch,
        ReasonCode::UndoInvalid,
        ReasonCode::UndoWindowClosed,
        ReasonCode::SessionDemoted,
        ReasonCode::MalformedUrl,
        ReasonCode::OpaqueHost,
        ReasonCode::EffectFloor,
        ReasonCode::NewAction,
        ReasonCode::ReservationExpired,
    ];

    /// The wire name (`kill_switch`, `default_deny`, …), the same as its serde form.
    pub fn as_str(self) -> &'static str {
        match self {
            ReasonCode::Observe => "observe",
            ReasonCode::WithinPolicy => "within_policy",
            ReasonCode::KillSwitch => "kill_switch",
            ReasonCode::DefaultDeny => "default_deny",
            ReasonCode::UnknownParam => "unknown_param",
            ReasonCode::MissingParam => "missing_param",
            ReasonCode::WrongType => "wrong_type",
            ReasonCode::Bounds => "bounds",
            ReasonCode::NoCompensation => "no_compensation",
            ReasonCode::DryRun => "dry_run",
            ReasonCode::Rehearsal => "rehearsal",
            ReasonCode::LimitExceeded => "limit_exceeded",
            ReasonCode::BudgetExceeded => "budget_exceeded",
            ReasonCode::ApprovalRequired => "approval_required",
            ReasonCode::Approved => "approved",
            ReasonCode::ApprovalPending => "approval_pending",
            ReasonCode::ApprovalRejected => "approval_rejected",
            ReasonCode::ApprovalExpired => "approval_expired",
            ReasonCode::ApprovalConsumed => "approval_consumed",
            ReasonCode::ApprovalUnknown => "approval_unknown",
            ReasonCode::ApprovalRevoked => "approval_revoked",
            ReasonCode::DigestMismatch => "digest_mismatch",
            ReasonCode::UndoInvalid => "undo_invalid",
            ReasonCode::UndoWindowClosed => "undo_window_closed",
            ReasonCode::SessionDemoted => "session_demoted",
            ReasonCode::MalformedUrl => "malformed_url",
            ReasonCode::OpaqueHost => "opaque_host",
            ReasonCode::EffectFloor => "effect_floor",
            ReasonCode::NewAction => "new_action",
            ReasonCode::ReservationExpired => "reservation_expired",
        }
    }
}

/// A reason: a code for machines and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reason {
    pub code: ReasonCode,
    pub message: String,
}

impl Reason {
    pub fn new(code: ReasonCode, message: impl Into<String>) -> Reason {
        Reason { code, message: message.into() }
    }
}

/// Whether a window counted calls or summed a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BudgetKind {
    Limit,
    Budget,
}

/// The state of one limit or budget at decision time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetState {
    pub kind: BudgetKind,
    /// The limit's slot within its action (`count@1h@action`, `sum:amount_eur@24h@agent`): stable across reloads
    /// and reorderings.
    pub key: String,
    /// The summed parameter, for budgets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param: Option<String>,
    /// The window as written in the policy (`1h`, `1d`).
    pub per: String,
    #[serde(with = "rust_decimal::serde::str")]
    pub limit: Decimal,
    /// Reserved inside the window before this request.
    #[serde(with = "rust_decimal::serde::str")]
    pub consumed: Decimal,
    /// What this request asks for (1 for a count limit).
    #[serde(with = "rust_decimal::serde::str")]
    pub requested: Decimal,
    /// What is left after this request if it is permitted (never below zero).
    #[serde(with = "rust_decimal::serde::str")]
    pub remaining: Decimal,
    pub resets_at_ms: i64,
    pub exceeded: bool,
    /// The shared effect this cap belongs to (`money.out`), when it is not the action's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
}

/// A reservation the store must write in the deciding transaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewReservation {
    /// Whose caps it counts against: `None`, the action's own; `Some(effect)`, the shared effect's
    /// (stored under [`effect_owner`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    pub key: String,
    /// `*` for an action-wide limit, the agent's name for a per-agent one.
    pub scope: String,
    #[serde(with = "rust_decimal::serde::str")]
    pub amount: Decimal,
}

impl NewReservation {
    /// The owner the store files it under: the action's name, or `effect:<name>` for a shared effect's cap (no
    /// action name contains `:`).
    pub fn owner(&self, action: &str) -> String {
        match &self.effect {
            None => action.to_string(),
            Some(effect) => effect_owner(effect),
        }
    }
}

/// Where a shared effect's reservations are filed: `effect:money.out`.
pub fn effect_owner(effect: &str) -> String {
    format!("effect:{effect}")
}

/// An approval the store must create in the deciding transaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewApproval {
    pub digest: String,
    pub required: u32,
    pub expires_at_ms: i64,
    pub step_up: bool,
    /// Limit or budget overruns the human is shown and, by approving, allows.
    pub acknowledged: Vec<ReasonCode>,
}

/// What the pipeline decided. The store persists it and appends it to the journal in one transaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    pub verdict: Verdict,
    /// The tier that produced the verdict, after the kill switch, default deny, demotion and overruns.
    pub tier: u8,
    pub reasons: Vec<Reason>,
    pub budgets: Vec<BudgetState>,
    pub reservations: Vec<NewReservation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_approval: Option<NewApproval>,
    /// The approval this decision uses up (approved execution) or still waits on (pending).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_id: Option<ApprovalId>,
    /// True when this decision consumes `approval_id` (single use).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub consumes_approval: bool,
    /// For a dry run: the verdict the request would have had.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub would_have: Option<Verdict>,
    pub digest: String,
    /// A demotion of the request's session the store must start in the deciding transaction (`session_trust`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demote: Option<NewDemotion>,
    /// Whether this decision counts toward the session's `denials` signal (a denial of a request the session made
    /// on its own: not the release of an approval).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub session_denial: bool,
    /// For a permit under a `report_within` rule: the instant past which an unreported permit's reservations are
    /// released by the next decision that reads one of its keys (`reservation_expired`); one that reserved nothing
    /// expires at the door's sweep (ADR-995).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_by_ms: Option<i64>,
}

/// What demoted a session (`session_trust.demote_on` in the policy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrustSignal {
    /// `count` denials within the session (within the window, when the policy names one).
    Denials,
    /// A request denied for its params (`bounds`, `unknown_param`, `missing_param`, `wrong_type`).
    BoundsViolation,
    /// A request for an action the policy does not know (`default_deny`): a probe.
    UnknownAction,
    /// The caller reported a flag the policy lists (e.g. `prompt_injection`).
    Flag,
}

impl TrustSignal {
    pub fn as_str(self) -> &'static str {
        match self {
            TrustSignal::Denials => "denials",
            TrustSignal::BoundsViolation => "bounds_violation",
            TrustSignal::UnknownAction => "unknown_action",
            TrustSignal::Flag => "flag",
        }
    }

    pub fn parse(text: &str) -> Option<TrustSignal> {
        [TrustSignal::Denials, TrustSignal::BoundsViolation, TrustSignal::UnknownAction, TrustSignal::Flag]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// A demotion the store must start with the decision that observed its signal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewDemotion {
    pub signal: TrustSignal,
    /// The sentence naming what was observed (`3 denials within 1h`, `flag prompt_injection`).
    pub reason: String,
    /// When the cooling period ends: the session's autonomy returns at this instant.
    pub until_ms: i64,
}

/// Where a demotion stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DemotionStatus {
    Active,
    /// The cooling period passed.
    Expired,
    /// An admin restored the session before the cooling period ended.
    Restored,
}

impl DemotionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            DemotionStatus::Active => "active",
            DemotionStatus::Expired => "expired",
            DemotionStatus::Restored => "restored",
        }
    }

    pub fn parse(text: &str) -> Option<DemotionStatus> {
        [DemotionStatus::Active, DemotionStatus::Expired, DemotionStatus::Restored]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// A stored demotion of one session: `(agent, session)`, where `session: None` is the agent's requests without a
/// session id — and a demotion of that covers every session of the agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DemotionRecord {
    pub demotion_id: i64,
    pub agent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    pub signal: TrustSignal,
    pub reason: String,
    /// The decision that observed the signal.
    pub decision_id: DecisionId,
    pub started_at_ms: i64,
    pub until_ms: i64,
    pub status: DemotionStatus,
    /// When it ended early (restored) or was recorded as expired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at_ms: Option<i64>,
    /// The admin who restored it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<String>,
    /// Why the admin restored it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_reason: Option<String>,
}

impl DemotionRecord {
    /// The status as of `now_ms`: an active demotion past `until_ms` is expired even before the store has written
    /// its `session_restored` event.
    pub fn effective_status(&self, now_ms: i64) -> DemotionStatus {
        match self.status {
            DemotionStatus::Active if now_ms >= self.until_ms => DemotionStatus::Expired,
            s => s,
        }
    }

    /// Whether it still holds the session at `now_ms`.
    pub fn is_active(&self, now_ms: i64) -> bool {
        self.effective_status(now_ms) == DemotionStatus::Active
    }

    /// When the session regained (or will regain) its autonomy: for a new denial count, nothing before it counts.
    pub fn ends_at_ms(&self) -> i64 {
        match self.status {
            DemotionStatus::Restored => self.ended_at_ms.unwrap_or(self.until_ms).min(self.until_ms),
            _ => self.until_ms,
        }
    }
}

impl Decision {
    pub fn has_reason(&self, code: ReasonCode) -> bool {
        self.reasons.iter().any(|r| r.code == code)
    }

    /// The first sentence, for one-line output.
    pub fn summary(&self) -> String {
        self.reasons.iter().map(|r| r.message.as_str()).collect::<Vec<_>>().join("; ")
    }
}

/// What the executor reports after calling the connector (phase B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Executed,
    /// Did not happen: the reservation is released.
    Failed,
    /// May or may not have happened (timeout, crash): the reservation is kept.
    Unknown,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Executed => "executed",
            Outcome::Failed => "failed",
            Outcome::Unknown => "unknown",
        }
    }

    pub fn parse(text: &str) -> Option<Outcome> {
        [Outcome::Executed, Outcome::Failed, Outcome::Unknown].into_iter().find(|o| o.as_str() == text)
    }
}

/// Where a decision stands after phase A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionStatus {
    /// Permitted, no report yet: "intended, not confirmed".
    Intended,
    Executed,
    Failed,
    Unknown,
    /// Deferred and waiting on its approval.
    AwaitingApproval,
    /// A deferral whose approval was answered and acted on by a later decision.
    Superseded,
    /// Denied or rehearsed: nothing to execute.
    Closed,
}

impl DecisionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            DecisionStatus::Intended => "intended",
            DecisionStatus::Executed => "executed",
            DecisionStatus::Failed => "failed",
            DecisionStatus::Unknown => "unknown",
            DecisionStatus::AwaitingApproval => "awaiting_approval",
            DecisionStatus::Superseded => "superseded",
            DecisionStatus::Closed => "closed",
        }
    }

    pub fn parse(text: &str) -> Option<DecisionStatus> {
        use DecisionStatus::*;
        [Intended, Executed, Failed, Unknown, AwaitingApproval, Superseded, Closed]
            .into_iter()
            .find(|s| s.as_str() == text)
    }

    /// The status a fresh decision starts in.
    pub fn initial(verdict: Verdict) -> DecisionStatus {
        match verdict {
            Verdict::Permit => DecisionStatus::Intended,
            Verdict::Defer => DecisionStatus::AwaitingApproval,
            Verdict::Deny | Verdict::DryRun => DecisionStatus::Closed,
        }
    }

    pub fn from_outcome(outcome: Outcome) -> DecisionStatus {
        match outcome {
            Outcome::Executed => DecisionStatus::Executed,
            Outcome::Failed => DecisionStatus::Failed,
            Outcome::Unknown => DecisionStatus::Unknown,
        }
    }
}

/// Where an approval stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalStatus {
    Pending,
    Approved,
    Rejected,
    /// The time to live ran out before it was used. Not the same as rejected: nobody said no.
    Expired,
    /// Approved and used by exactly one execution.
    Consumed,
    /// Approved, then withdrawn by a person before it was used: nothing may run on it any more.
    Revoked,
}

impl ApprovalStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ApprovalStatus::Pending => "pending",
            ApprovalStatus::Approved => "approved",
            ApprovalStatus::Rejected => "rejected",
            ApprovalStatus::Expired => "expired",
            ApprovalStatus::Consumed => "consumed",
            ApprovalStatus::Revoked => "revoked",
        }
    }

    pub fn parse(text: &str) -> Option<ApprovalStatus> {
        use ApprovalStatus::*;
        [Pending, Approved, Rejected, Expired, Consumed, Revoked].into_iter().find(|s| s.as_str() == text)
    }
}

/// A stored decision, as the store returns it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecisionRecord {
    pub decision_id: DecisionId,
    pub request: ActionRequest,
    pub verdict: Verdict,
    pub tier: u8,
    pub reasons: Vec<Reason>,
    pub budgets: Vec<BudgetState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_id: Option<ApprovalId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub would_have: Option<Verdict>,
    pub digest: String,
    pub status: DecisionStatus,
    /// The deferral this decision released, when it executes an approval.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supersedes: Option<DecisionId>,
    pub decided_at_ms: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_at_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_detail: Option<Value>,
    pub policy_sha256: String,
}

/// A stored approval, as the store returns it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApprovalRecord {
    pub approval_id: ApprovalId,
    pub decision_id: DecisionId,
    pub request: ActionRequest,
    pub reasons: Vec<Reason>,
    pub digest: String,
    pub required: u32,
    pub step_up: bool,
    pub acknowledged: Vec<ReasonCode>,
    pub approvers: Vec<String>,
    pub status: ApprovalStatus,
    pub created_at_ms: i64,
    pub expires_at_ms: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reject_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consumed_by: Option<DecisionId>,
    /// Who withdrew the approval (status `revoked`); `decided_by` still names who gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_by: Option<String>,
    /// Why it was withdrawn (required when revoking).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoke_reason: Option<String>,
}

impl ApprovalRecord {
    /// The status as of `now_ms`: a pending or approved approval past its TTL is expired even before the store
    /// has written the `expired` event.
    pub fn effective_status(&self, now_ms: i64) -> ApprovalStatus {
        match self.status {
            ApprovalStatus::Pending | ApprovalStatus::Approved if now_ms >= self.expires_at_ms => {
                ApprovalStatus::Expired
            }
            s => s,
        }
    }

    /// Digest recomputed from the stored request; it must equal `digest` or the record was altered.
    pub fn recomputed_digest(&self) -> String {
        self.request.digest()
    }
}

/// What a credential may do. Roles come from credentials, never from request bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Decides and reports; can never approve, reject, flip the kill switch or reload policy.
    Agent,
    /// Approves and rejects (never their own requests); reads decisions and the journal.
    Approver,
    /// Everything an approver may, plus the kill switch, policy reload and credentials.
    Admin,
    /// The bailiff of one agent (the credential names which): reports the outcomes of that agent's decisions, and
    /// reads and waits on them; nothing else. Once an agent has a live executor, only an executor reports its
    /// outcomes, so a compromised agent cannot release a reservation by reporting `failed` for an action its
    /// executor still runs, nor claim `executed` for one that never ran.
    Executor,
    /// The trusted runner of change control (ADR-490): applies proposed change sets, records checks and finishes
    /// tasks over `/v1/tasks…`; reads tasks. Never proposes, approves, decides or reports a decision.
    Runner,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Agent => "agent",
            Role::Approver => "approver",
            Role::Admin => "admin",
            Role::Executor => "executor",
            Role::Runner => "runner",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        [Role::Agent, Role::Approver, Role::Admin, Role::Executor, Role::Runner]
            .into_iter()
            .find(|r| r.as_str() == text)
    }

    /// Whether this role is a human who may approve and reject.
    pub fn may_approve(self) -> bool {
        matches!(self, Role::Approver | Role::Admin)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl DecisionRecord {
    /// The verdict object every interface prints (`foureyes decide --json`, `POST /v1/decide`): the fields scripts
    /// rely on (`decision_id`, `verdict`, `reasons`, `approval_id`) first.
    pub fn verdict_json(&self) -> Value {
        json!({
            "decision_id": self.decision_id,
            "request_id": self.request.request_id,
            "agent": self.request.agent,
            "action": self.request.action,
            "verdict": self.verdict,
            "reasons": self.reasons,
            "approval_id": self.approval_id,
            "tier": self.tier,
            "status": self.status,
            "digest": self.digest,
            "budgets": self.budgets,
            "would_have": self.would_have,
            "supersedes": self.supersedes,
            "decided_at_ms": self.decided_at_ms,
            "reported_at_ms": self.reported_at_ms,
            "report_detail": self.report_detail,
            "params": self.request.params,
            "target": self.request.target,
            "undo_of": self.request.undo_of,
        })
    }
}

#[cfg(test)]
mod fingerprint_tests {
    use super::*;

    fn requests() -> Vec<ActionRequest> {
        let plain = ActionRequest {
            request_id: "r1".into(),
            agent: "bot".into(),
            session: None,
            action: "payments.send".into(),
            params:
                json!({"amount_eur": 12.5, "iban": "DE89", "note": "caf\u{e9} \u{1f600}", "n": {"b": 1, "a": [1, "x"]}})
                    .as_object()
                    .cloned()
                    .unwrap_or_default(),
            target: None,
            undo_of: None,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        };
        let mut full = plain.clone();
        full.session = Some("s-1".into());
        full.target = Some("acct-9".into());
        full.undo_of = Some(41);
        full.dry_run = true;
        full.approval_id = Some(7);
        full.flags = vec!["prompt_injection".into(), "b".into()];
        let mut empty = plain.clone();
        empty.params = Map::new();
        vec![plain, full, empty]
    }

    /// The fingerprint written from the fields is the hash of the `json!` object it replaced, byte for byte.
    #[test]
    fn fingerprint_is_the_canonical_object_s() {
        for r in requests() {
            let mut content = json!({
                "action": r.action, "params": r.params, "target": r.target, "agent": r.agent,
                "undo_of": r.undo_of, "dry_run": r.dry_run, "approval_id": r.approval_id,
            });
            if !r.flags.is_empty() {
                content["flags"] = json!(r.flags);
            }
            if let Some(session) = &r.session {
                content["session"] = json!(session);
            }
            assert_eq!(r.fingerprint(), canonical_sha256(&content), "{r:?}");
        }
    }

    /// ADR-1009: the fingerprint and digest written around one serialization of the params are the two functions'
    /// texts, byte for byte, for requests with and without every optional part, names that need escapes, and params
    /// the canonical writer cannot write as they are (a number beyond a double: the two functions then answer).
    #[test]
    fn fingerprint_and_digest_are_the_two_functions_byte_for_byte() {
        let mut all = requests();
        let mut odd = all[1].clone();
        odd.agent = "b\"o\\t\u{1}\u{e9}\u{1f600}".into();
        odd.action = "x.y".into();
        odd.target = Some("t\n\u{7f}\u{2028}".into());
        odd.session = Some("s\u{0}\"".into());
        odd.flags = vec!["z".into(), "a\u{e9}".into()];
        odd.undo_of = Some(-9_007_199_254_740_991);
        odd.approval_id = Some(9_007_199_254_740_991);
        all.push(odd);
        let mut only_session = all[0].clone();
        only_session.session = Some(String::new());
        all.push(only_session);
        let mut only_flags = all[0].clone();
        only_flags.flags = vec!["reviewed".into()];
        only_flags.dry_run = true;
        all.push(only_flags);
        let mut only_undo = all[0].clone();
        only_undo.undo_of = Some(0);
        all.push(only_undo);
        for text in
            [r#"{"big": 1e400, "k": [1e-400, 12345678901234567890]}"#, r#"{"b": {"y": 1, "x": 2.50}, "a": null}"#]
        {
            let mut r = all[1].clone();
            r.params = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            all.push(r);
        }
        for r in all {
            assert_eq!(r.fingerprint_and_digest(), (r.fingerprint(), r.digest()), "{r:?}");
        }
    }

    /// The approval digest written from the fields is the hash of the `json!` object it replaced, byte for byte.
    #[test]
    fn the_digest_is_the_canonical_object_s() {
        for r in requests() {
            let content = json!({"action": r.action, "params": r.params, "target": r.target, "agent": r.agent});
            let digest = action_digest(&r.action, &r.params, r.target.as_deref(), &r.agent);
            assert_eq!(digest, canonical_sha256(&content), "{r:?}");
        }
    }
}
