//! The policy table: data, not code. One loader (`Policy::from_yaml`) parses and validates a YAML file; every
//! refusal names the file, line and column and says what would be accepted.
//!
//! ```yaml
//! version: 1
//! timezone: Europe/Berlin          # for calendar-day windows (`per: 1d`); default UTC
//! defaults: { approvals: { required: 1, ttl: 24h }, undo_window: 15m }
//! actions:
//!   climate.set_temperature:
//!     tier: 1
//!     params:
//!       zone:    { type: string, enum: [living, bedroom] }
//!       celsius: { type: number, min: 17, max: 23 }
//!     compensate: { action: climate.set_temperature, window: 15m }
//! mcp:                             # optional: per `foureyes mcp-proxy --name` server
//!   fs: { trust_read_only_hint: true, call_timeouts: { write_file: 30s }, pins: { write_file: <sha256> } }
//! session_trust:                   # optional: what demotes a session, and for how long
//!   cooling_period: 30m
//!   demote_on: { denials: { count: 3, within: 1h }, bounds_violation: true, flags: [prompt_injection] }
//! ```

use crate::canonical::sha256_hex;
use crate::number::{DecimalParts, NumberError, f64_significant_digits, f64_to_decimal};
use crate::urls::{Cidr, HostPattern, UrlRule};
use crate::window::{Window, format_duration_ms, parse_duration_ms};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use regex::Regex;
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;
use serde_saphyr::{Location, Spanned};
use std::collections::BTreeMap;
use std::fmt;

/// A refused policy file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct PolicyError {
    pub file: String,
    pub line: u64,
    pub column: u64,
    pub message: String,
}

/// A loaded, validated policy.
#[derive(Debug, Clone)]
pub struct Policy {
    pub version: u32,
    pub timezone_name: String,
    pub timezone: TimeZone,
    pub default_approvals: ApprovalRule,
    pub default_undo_window_ms: i64,
    pub actions: BTreeMap<String, ActionPolicy>,
    /// The optional `mcp:` section: per MCP server name (the proxy's `--name`), what the MCP proxy may trust.
    pub mcp: BTreeMap<String, McpServerPolicy>,
    /// The optional `session_trust:` section: which signals demote a session, and for how long. `None`: no signal
    /// starts a demotion (demotions already started still run their course).
    pub session_trust: Option<SessionTrust>,
    /// The optional `effects:` section: shared caps and tier floors across actions.
    pub effects: BTreeMap<String, EffectPolicy>,
    /// `defaults.new_actions.dry_run_for` (opt-in): an action of tier 1 or above rehearses for this long after the
    /// `policy_loaded` event that introduced it (`Snapshot::introduced_at_ms`). `None`: new actions go live at once.
    pub new_actions_dry_run_for_ms: Option<i64>,
    /// SHA-256 of the source text, recorded with every decision and in the `policy_loaded` event.
    pub sha256: String,
    /// Where it was loaded from (a path, or a name for built-in policies).
    pub source: String,
}

/// What the policy says about one action.
#[derive(Debug, Clone)]
pub struct ActionPolicy {
    pub tier: u8,
    pub description: Option<String>,
    pub params: BTreeMap<String, ParamSpec>,
    pub limits: Vec<LimitSpec>,
    pub budgets: Vec<BudgetSpec>,
    pub compensate: Option<Compensation>,
    pub dry_run: DryRunRule,
    pub approvals: ApprovalRule,
    /// The shared effects this action has (`effects:` under the action), each capped by the top-level `effects:`.
    pub effects: Vec<ActionEffect>,
    /// What FourEyes runs itself after a permit (`execute:`); `None`: the caller executes.
    pub execute: Option<crate::connector::ConnectorSpec>,
    /// `report_within` (the action's, else `defaults.report_within`): how long a permit that reserved something may
    /// go unreported before its reservations are released and it becomes `unknown`. `None`: held until reported.
    pub report_within_ms: Option<i64>,
}

/// A shared effect (`effects:` at the top level, e.g. `money.out`): caps every action that declares it counts
/// against together, and a tier floor for them.
#[derive(Debug, Clone)]
pub struct EffectPolicy {
    pub description: Option<String>,
    /// An action with this effect is at least this tier (0: no floor).
    pub tier_floor: u8,
    pub limits: Vec<LimitSpec>,
    /// Budgets on the effect's amount (`param` is `amount`): each action says which of its params carries it.
    pub budgets: Vec<BudgetSpec>,
}

/// An action's declaration of one effect: which param carries the effect's amount, and the factor that converts
/// it into the effect's unit (`amount_cents` × 0.01 = euros).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionEffect {
    pub effect: String,
    pub amount_param: Option<String>,
    pub factor: Decimal,
}

/// What the policy lets the MCP proxy trust about one upstream server. Tool annotations are untrusted hints: they
/// change nothing unless the policy opts in here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct McpServerPolicy {
    /// A tool the policy does not name (`mcp.<server>.<tool>` is not under `actions`) that the upstream marks
    /// `readOnlyHint: true` in `tools/list` is tier 0 (observe) instead of default-deny. Off by default.
    pub trust_read_only_hint: bool,
    /// Per tool: how long the proxy waits for the upstream's answer to a forwarded call before it answers
    /// `isError` and reports the outcome `unknown` (overrides `mcp-proxy --call-timeout`).
    pub call_timeout_ms: BTreeMap<String, i64>,
    /// Per tool: the SHA-256 of the only definition the proxy admits (`foureyes_core::tool_pin`); it holds over any
    /// pin in the journal, so a changed definition is re-admitted only by changing the policy.
    pub pins: BTreeMap<String, String>,
}

/// Session-dependent trust: after one of these signals, the session's tier 1–2 actions need a human for
/// `cooling_period_ms`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionTrust {
    pub cooling_period_ms: i64,
    /// `count` denials of the session's own requests (within `within_ms` when set, else since the session's last
    /// demotion ended).
    pub denials: Option<DenialRule>,
    /// Any request denied for its params.
    pub bounds_violation: bool,
    /// Any request for an action the policy does not know.
    pub unknown_action: bool,
    /// Caller-reported flags that demote (a request's `flags`).
    pub flags: Vec<String>,
}

/// `denials: { count: N, within: W }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DenialRule {
    pub count: u64,
    pub within_ms: Option<i64>,
}

/// How an executed action is undone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compensation {
    /// The compensating action; the undo goes through the door as a request for it with `undo_of`.
    pub action: String,
    /// How long after execution an undo is allowed.
    pub window_ms: i64,
}

/// Whether an action only rehearses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DryRunRule {
    Never,
    Always,
    /// Rehearses until this instant (local midnight starting the `dry_run_until` date).
    UntilMs(i64),
}

/// How many distinct humans must approve, and for how long an approval stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApprovalRule {
    pub required: u32,
    pub ttl_ms: i64,
    /// The approver must re-prove identity when approving (enforced by the service layer).
    pub step_up: bool,
}

impl Default for ApprovalRule {
    fn default() -> Self {
        ApprovalRule { required: 1, ttl_ms: 24 * 3_600_000, step_up: false }
    }
}

/// Who shares a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// All agents together (the default).
    Action,
    /// Each agent separately.
    Agent,
}

impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Action => "action",
            Scope::Agent => "agent",
        }
    }
}

/// `count` calls per window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitSpec {
    /// Which reservations it counts: `count`. Shared by every count limit of the action, so that changing,
    /// adding or reordering limits in a reload never moves or forgets usage already held.
    pub key: String,
    /// Unique per limit within the action (`count@1h@action`): names its usage and its budget state.
    pub slot: String,
    pub count: u64,
    pub per: Window,
    pub scope: Scope,
}

/// At most `max` of a numeric param summed per window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetSpec {
    /// Which reservations it sums: `sum:<param>`, shared by every budget on that param (see `LimitSpec::key`).
    pub key: String,
    /// Unique per budget within the action (`sum:amount_eur@24h@action`).
    pub slot: String,
    pub param: String,
    pub max: Decimal,
    pub per: Window,
    pub scope: Scope,
}

/// A parameter's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ParamType {
    String,
    /// Any finite decimal number (JSON number; never a numeric string or a boolean).
    Number,
    /// A whole number.
    Integer,
    Boolean,
    /// A URL string, canonicalised and matched by host, scheme, port and IP range ([`crate::urls`]).
    Url,
}

impl fmt::Display for ParamType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParamType::String => "string",
            ParamType::Number => "number",
            ParamType::Integer => "integer",
            ParamType::Boolean => "boolean",
            ParamType::Url => "url",
        })
    }
}

/// Bounds on one parameter.
#[derive(Debug, Clone)]
pub struct ParamSpec {
    pub ty: ParamType,
    pub required: bool,
    pub enum_values: Option<Vec<Value>>,
    pub min: Option<Decimal>,
    pub max: Option<Decimal>,
    pub min_len: Option<usize>,
    pub max_len: Option<usize>,
    pub pattern: Option<Regex>,
    pub description: Option<String>,
    /// For `type: url`: what the URL may point at.
    pub url: Option<UrlRule>,
}

impl Policy {
    /// Parses and validates a policy. `file` is only used in error messages.
    pub fn from_yaml(file: &str, text: &str) -> Result<Policy, PolicyError> {
        let raw: RawPolicy = serde_saphyr::from_str(text).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            PolicyError { file: file.to_string(), line, column, message: first_line(&e.to_string()) }
        })?;
        let mut loader = Loader { file, text };
        let mut policy = loader.build(raw)?;
        policy.sha256 = sha256_hex(text.as_bytes());
        policy.source = file.to_string();
        Ok(policy)
    }

    pub fn action(&self, name: &str) -> Option<&ActionPolicy> {
        self.actions.get(name)
    }
}

/// serde-saphyr renders a multi-line report with a source snippet; the first line is the message itself.
fn first_line(rendered: &str) -> String {
    let line = rendered.lines().find(|l| !l.trim().is_empty()).unwrap_or(rendered).trim();
    let line = line.trim_start_matches("error: ");
    // Drop serde-saphyr's own "line L column C: " prefix: the caller prints `file:line:column:` already.
    let line = match line.split_once(": ") {
        Some((head, tail)) if head.starts_with("line ") && head.contains(" column ") => tail,
        _ => line,
    };
    match line {
        "invalid u8" | "invalid u32" => format!("{line}: expected a whole number"),
        _ => line.to_string(),
    }
}

/// A number written as a YAML number. serde-saphyr reads a quoted scalar into a number field as if it were plain
/// (`min: "5"` would be 5); the policy refuses it, as the pipeline refuses the numeric string `"12"` in a request.
/// Going through `Value` makes a quoted scalar a string, which no number type accepts.
fn number<'de, D: serde::Deserializer<'de>, T: serde::de::DeserializeOwned>(d: D) -> Result<T, D::Error> {
    match Value::deserialize(d)? {
        Value::String(s) => Err(serde::de::Error::custom(format!("expected a number, found the string {s:?}"))),
        value => T::deserialize(value).map_err(serde::de::Error::custom),
    }
}

fn some_number<'de, D: serde::Deserializer<'de>, T: serde::de::DeserializeOwned>(d: D) -> Result<Option<T>, D::Error> {
    number(d).map(Some)
}

/// [`number`] for a field whose location is kept (`Spanned<Plain<T>>`).
struct Plain<T>(T);

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Plain<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        number(d).map(Plain)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPolicy {
    version: Spanned<Plain<u32>>,
    #[serde(default)]
    timezone: Option<Spanned<String>>,
    #[serde(default)]
    defaults: Option<RawDefaults>,
    actions: BTreeMap<String, Spanned<RawAction>>,
    #[serde(default)]
    mcp: BTreeMap<String, Spanned<RawMcpServer>>,
    #[serde(default)]
    session_trust: Option<Spanned<RawSessionTrust>>,
    #[serde(default)]
    effects: BTreeMap<String, Spanned<RawEffect>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffect {
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    tier_floor: Option<Spanned<Plain<u8>>>,
    #[serde(default)]
    limits: Vec<Spanned<RawLimit>>,
    #[serde(default)]
    budgets: Vec<Spanned<RawEffectBudget>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffectBudget {
    max: Spanned<Plain<f64>>,
    per: String,
    #[serde(default)]
    scope: Option<Scope>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawActionEffect {
    #[serde(default)]
    amount: Option<String>,
    #[serde(default)]
    factor: Option<Spanned<Plain<f64>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSessionTrust {
    cooling_period: Spanned<String>,
    demote_on: Spanned<RawDemoteOn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDemoteOn {
    #[serde(default)]
    denials: Option<Spanned<RawDenials>>,
    #[serde(default)]
    bounds_violation: bool,
    #[serde(default)]
    unknown_action: bool,
    #[serde(default)]
    flags: Option<Spanned<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDenials {
    #[serde(deserialize_with = "number")]
    count: u64,
    #[serde(default)]
    within: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMcpServer {
    #[serde(default)]
    trust_read_only_hint: bool,
    #[serde(default)]
    call_timeouts: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    pins: BTreeMap<String, Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDefaults {
    #[serde(default)]
    approvals: Option<Spanned<RawApprovals>>,
    #[serde(default)]
    undo_window: Option<Spanned<String>>,
    #[serde(default)]
    report_within: Option<Spanned<String>>,
    #[serde(default)]
    new_actions: Option<Spanned<RawNewActions>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNewActions {
    dry_run_for: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    tier: Spanned<Plain<u8>>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    params: BTreeMap<String, Spanned<RawParam>>,
    #[serde(default)]
    limits: Vec<Spanned<RawLimit>>,
    #[serde(default)]
    budgets: Vec<Spanned<RawBudget>>,
    #[serde(default)]
    compensate: Option<Spanned<RawCompensate>>,
    #[serde(default)]
    dry_run: Option<bool>,
    #[serde(default)]
    dry_run_until: Option<Spanned<String>>,
    #[serde(default)]
    approvals: Option<Spanned<RawApprovals>>,
    #[serde(default)]
    execute: Option<crate::connector::ConnectorSpec>,
    #[serde(default)]
    effects: BTreeMap<String, Spanned<RawActionEffect>>,
    #[serde(default)]
    report_within: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawParam {
    #[serde(rename = "type")]
    ty: ParamType,
    #[serde(default)]
    required: Option<bool>,
    #[serde(default, rename = "enum")]
    enum_values: Option<Vec<Value>>,
    #[serde(default)]
    min: Option<Spanned<Plain<f64>>>,
    #[serde(default)]
    max: Option<Spanned<Plain<f64>>>,
    #[serde(default, deserialize_with = "some_number")]
    min_len: Option<usize>,
    #[serde(default, deserialize_with = "some_number")]
    max_len: Option<usize>,
    #[serde(default)]
    pattern: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    schemes: Option<Vec<String>>,
    #[serde(default)]
    hosts: Option<Vec<String>>,
    #[serde(default, deserialize_with = "some_number")]
    ports: Option<Vec<u16>>,
    #[serde(default)]
    cidrs: Option<Vec<String>>,
    #[serde(default)]
    opaque_hosts: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimit {
    #[serde(deserialize_with = "number")]
    count: u64,
    per: String,
    #[serde(default)]
    scope: Option<Scope>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBudget {
    param: String,
    max: Spanned<Plain<f64>>,
    per: String,
    #[serde(default)]
    scope: Option<Scope>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCompensate {
    action: String,
    #[serde(default)]
    window: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawApprovals {
    #[serde(default, deserialize_with = "some_number")]
    required: Option<u32>,
    #[serde(default)]
    ttl: Option<String>,
    #[serde(default)]
    step_up: Option<bool>,
}

struct Loader<'a> {
    file: &'a str,
    /// The source text: a number is read from the literal at its location, not from the double YAML made of it.
    text: &'a str,
}

impl Loader<'_> {
    fn err(&self, at: &Location, message: impl Into<String>) -> PolicyError {
        PolicyError { file: self.file.to_string(), line: at.line(), column: at.column(), message: message.into() }
    }

    fn build(&mut self, raw: RawPolicy) -> Result<Policy, PolicyError> {
        if raw.version.value.0 != 1 {
            return Err(self.err(
                &raw.version.referenced,
                format!("unsupported `version: {}`: expected `version: 1`", raw.version.value.0),
            ));
        }
        let (timezone_name, timezone) = match &raw.timezone {
            None => ("UTC".to_string(), TimeZone::UTC),
            Some(tz) => {
                let zone = TimeZone::get(&tz.value).map_err(|_| {
                    self.err(
                        &tz.referenced,
                        format!(
                            "unknown `timezone: {}`: expected an IANA name such as `UTC` or `Europe/Berlin`",
                            tz.value
                        ),
                    )
                })?;
                (tz.value.clone(), zone)
            }
        };
        let mut default_approvals = ApprovalRule::default();
        let mut default_undo_window_ms = 15 * 60_000;
        let mut default_report_within_ms = None;
        let mut new_actions_dry_run_for_ms = None;
        if let Some(defaults) = &raw.defaults {
            if let Some(w) = &defaults.report_within {
                default_report_within_ms = Some(self.positive_duration("defaults.report_within", w)?);
            }
            if let Some(n) = &defaults.new_actions {
                let period = &n.value.dry_run_for;
                new_actions_dry_run_for_ms = Some(self.positive_duration("defaults.new_actions.dry_run_for", period)?);
            }
            if let Some(a) = &defaults.approvals {
                default_approvals = self.approvals(a, ApprovalRule::default())?;
            }
            if let Some(w) = &defaults.undo_window {
                default_undo_window_ms =
                    parse_duration_ms(&w.value).map_err(|m| self.err(&w.referenced, format!("`undo_window`: {m}")))?;
            }
        }
        let mut effects = BTreeMap::new();
        for (name, effect) in &raw.effects {
            if !valid_action_name(name) {
                return Err(self.err(
                    &effect.referenced,
                    format!(
                        "effect name `{name}` is not a dotted name of letters, digits, `_` and `-` (e.g. `money.out`)"
                    ),
                ));
            }
            effects.insert(name.clone(), self.effect(name, effect)?);
        }
        let mut actions = BTreeMap::new();
        for (name, action) in &raw.actions {
            if !valid_action_name(name) {
                return Err(self.err(&action.referenced, format!("action name `{name}` is not a dotted name of letters, digits, `_` and `-` (e.g. `payments.send`)")));
            }
            let mut built = self.action(name, action, default_approvals, default_undo_window_ms, &timezone)?;
            built.report_within_ms = match &action.value.report_within {
                Some(w) => Some(self.positive_duration(&format!("{name}` `report_within"), w)?),
                None => default_report_within_ms,
            };
            self.check_effects(name, action, &built, &effects)?;
            actions.insert(name.clone(), built);
        }
        // Two action names that read alike are never both in a policy (attack 40's H6, ADR-1320): the tool name and
        // the action name are one rule (ADR-1260), and a tier-0 `payrnents.send` beside a tier-3 `payments.send` is
        // what an approver misreads. UTS #39 skeletons, as for pins; refused at the later of the two lines.
        let mut read: Vec<(&str, String, &Location)> = Vec::new();
        for (name, action) in &raw.actions {
            let skeleton = crate::tool_pin::skeleton(name);
            if let Some((twin, _, there)) = read.iter().find(|(_, s, _)| *s == skeleton) {
                let (at, later, earlier, line) = if there.line() > action.referenced.line() {
                    (*there, *twin, name.as_str(), action.referenced.line())
                } else {
                    (&action.referenced, name.as_str(), *twin, there.line())
                };
                return Err(self.err(
                    at,
                    format!(
                        "action `{}` reads like the action `{}` of line {line} (their UTS #39 skeletons are one: \
                         `0`/`O`, `1`/`I`/`l`, `m`/`rn`): an approver reads one for the other, so a policy never \
                         holds both; rename one (ADR-1320)",
                        crate::tool_pin::shown(later),
                        crate::tool_pin::shown(earlier)
                    ),
                ));
            }
            read.push((name, skeleton, &action.referenced));
        }
        // A compensation must name an action the table knows, or the undo would itself be default-denied.
        for (name, action) in &raw.actions {
            if let Some(c) = &action.value.compensate
                && !actions.contains_key(&c.value.action)
            {
                return Err(self.err(
                    &c.referenced,
                    format!(
                        "`{name}` compensates with `{}`, which is not an action in this policy: add it under `actions`",
                        c.value.action
                    ),
                ));
            }
        }
        let mut mcp = BTreeMap::new();
        for (server, raw) in &raw.mcp {
            // The server name becomes the middle part of `mcp.<server>.<tool>`: one part of a dotted name.
            if let Err(why) = crate::tool_pin::check_server_name(server) {
                return Err(self.err(&raw.referenced, format!("`mcp`: {why}")));
            }
            let mut call_timeout_ms = BTreeMap::new();
            for (tool, text) in &raw.value.call_timeouts {
                let ms = parse_duration_ms(&text.value).ok().filter(|ms| *ms > 0).ok_or_else(|| {
                    self.err(
                        &text.referenced,
                        format!(
                            "`call_timeouts.{tool}`: `{}` is not a positive duration (e.g. `30s`, `5m`)",
                            text.value
                        ),
                    )
                })?;
                call_timeout_ms.insert(tool.clone(), ms);
            }
            let mut pins = BTreeMap::new();
            for (tool, sha) in &raw.value.pins {
                if let Err(why) = crate::tool_pin::check_pinned_name(tool) {
                    return Err(self.err(&sha.referenced, format!("`pins`: {why}")));
                }
                // Two keys that list as one name are never both pins (ADR-1260).
                if let Some((_, twin)) =
                    crate::tool_pin::alike_of(server, tool, pins.keys().map(|t: &String| (server.as_str(), t.as_str())))
                {
                    return Err(self.err(
                        &sha.referenced,
                        format!(
                            "`pins`: `{tool}` reads like `{twin}` of the same server (their UTS #39 skeletons are one: \
                             `0`/`O`, `1`/`I`/`l`, `m`/`rn`); two pins that list alike are never both held (ADR-1260)"
                        ),
                    ));
                }
                if !crate::tool_pin::is_sha256_hex(&sha.value) {
                    return Err(self.err(
                        &sha.referenced,
                        format!(
                            "`pins.{tool}`: `{}` is not a SHA-256 in lowercase hex (`foureyes mcp pins list` shows \
                             each tool's)",
                            sha.value
                        ),
                    ));
                }
                pins.insert(tool.clone(), sha.value.clone());
            }
            let trust_read_only_hint = raw.value.trust_read_only_hint;
            mcp.insert(server.clone(), McpServerPolicy { trust_read_only_hint, call_timeout_ms, pins });
        }
        // Two pins that read alike are never both held, across servers too (attack 40's H5, ADR-1320): the rule
        // `POST /v1/mcp/pins` keeps (`s0`/`sO`, `rnx`/`mx`). One server's twins were refused above; refused at the
        // later of the two lines, naming both.
        let mut held: Vec<(&str, &str, &Location)> = Vec::new();
        for (server, raw_server) in &raw.mcp {
            for (tool, sha) in &raw_server.value.pins {
                if let Some((s, t, there)) =
                    held.iter().find(|(s, t, _)| crate::tool_pin::reads_alike((server, tool), (s, t)))
                {
                    let ((at, ls, lt), (es, et, line)) = if there.line() > sha.referenced.line() {
                        ((*there, *s, *t), (server.as_str(), tool.as_str(), sha.referenced.line()))
                    } else {
                        ((&sha.referenced, server.as_str(), tool.as_str()), (*s, *t, there.line()))
                    };
                    return Err(self.err(
                        at,
                        format!(
                            "`mcp`: `{}`'s pin `{}` reads like `{}`'s pin `{}` of line {line} (their UTS #39 skeletons \
                             are one: `0`/`O`, `1`/`I`/`l`, `m`/`rn`); two pins that list alike are never both held, \
                             across servers as at every pin door (ADR-1260, ADR-1320)",
                            crate::tool_pin::shown(ls),
                            crate::tool_pin::shown(lt),
                            crate::tool_pin::shown(es),
                            crate::tool_pin::shown(et)
                        ),
                    ));
                }
                held.push((server, tool, &sha.referenced));
            }
        }
        let session_trust = raw.session_trust.as_ref().map(|t| self.session_trust(t)).transpose()?;
        Ok(Policy {
            version: 1,
            timezone_name,
            timezone,
            default_approvals,
            default_undo_window_ms,
            actions,
            mcp,
            session_trust,
            effects,
            new_actions_dry_run_for_ms,
            sha256: String::new(),
            source: String::new(),
        })
    }

    /// A duration (`15m`, `24h`, `14d`: always above zero), or a refusal naming the key `what`.
    fn positive_duration(&self, what: &str, text: &Spanned<String>) -> Result<i64, PolicyError> {
        parse_duration_ms(&text.value).map_err(|m| self.err(&text.referenced, format!("`{what}`: {m}")))
    }

    /// The exact decimal a YAML number names: read from its literal in the source (`max: 500.0000000000000001` is
    /// that decimal, not the double 500), falling back to the double's shortest text when the literal cannot be
    /// found (a number written in a YAML form JSON does not know, such as `0x1F`).
    fn exact(&self, n: &Spanned<Plain<f64>>) -> Result<Decimal, NumberError> {
        match literal_at(self.text, &n.referenced).and_then(DecimalParts::parse) {
            Some(parts) => parts.to_decimal(),
            None if f64_significant_digits(n.value.0) <= 15 => f64_to_decimal(n.value.0),
            None => Err(NumberError::NotRepresentable),
        }
    }

    fn session_trust(&self, raw: &Spanned<RawSessionTrust>) -> Result<SessionTrust, PolicyError> {
        let t = &raw.value;
        let cooling = &t.cooling_period;
        let cooling_period_ms = parse_duration_ms(&cooling.value)
            .map_err(|m| self.err(&cooling.referenced, format!("`session_trust.cooling_period`: {m}")))?;
        let on = &t.demote_on.value;
        let denials = match &on.denials {
            None => None,
            Some(d) => {
                if d.value.count == 0 {
                    return Err(self.err(
                        &d.referenced,
                        "`session_trust.demote_on.denials`: `count: 0` would demote every session at once: expected 1 or more",
                    ));
                }
                let within_ms =
                    d.value.within.as_ref().map(|w| parse_duration_ms(w)).transpose().map_err(|m| {
                        self.err(&d.referenced, format!("`session_trust.demote_on.denials.within`: {m}"))
                    })?;
                Some(DenialRule { count: d.value.count, within_ms })
            }
        };
        let mut flags = Vec::new();
        if let Some(list) = &on.flags {
            if list.value.is_empty() {
                return Err(self.err(
                    &list.referenced,
                    "`session_trust.demote_on.flags` is empty: list the flags that demote (e.g. `[prompt_injection]`), or leave it out",
                ));
            }
            for flag in &list.value {
                if !crate::types::valid_flag(flag) {
                    return Err(self.err(
                        &list.referenced,
                        format!("`session_trust.demote_on.flags`: `{flag}` is not a flag name: expected 1 to 64 lowercase letters, digits, `_`, `-` and `.`"),
                    ));
                }
                if !flags.contains(flag) {
                    flags.push(flag.clone());
                }
            }
        }
        if denials.is_none() && !on.bounds_violation && !on.unknown_action && flags.is_empty() {
            return Err(self.err(
                &t.demote_on.referenced,
                "`session_trust.demote_on` names no signal: expected at least one of `denials`, `bounds_violation: true`, `unknown_action: true`, `flags`",
            ));
        }
        Ok(SessionTrust {
            cooling_period_ms,
            denials,
            bounds_violation: on.bounds_violation,
            unknown_action: on.unknown_action,
            flags,
        })
    }

    fn approvals(&self, raw: &Spanned<RawApprovals>, base: ApprovalRule) -> Result<ApprovalRule, PolicyError> {
        let mut rule = base;
        if let Some(required) = raw.value.required {
            if !(1..=10).contains(&required) {
                return Err(self.err(
                    &raw.referenced,
                    format!("`approvals.required: {required}`: expected 1 to 10 distinct approvers"),
                ));
            }
            rule.required = required;
        }
        if let Some(ttl) = &raw.value.ttl {
            rule.ttl_ms =
                parse_duration_ms(ttl).map_err(|m| self.err(&raw.referenced, format!("`approvals.ttl`: {m}")))?;
        }
        if let Some(step_up) = raw.value.step_up {
            rule.step_up = step_up;
        }
        Ok(rule)
    }

    fn action(
        &self,
        name: &str,
        raw: &Spanned<RawAction>,
        default_approvals: ApprovalRule,
        default_undo_window_ms: i64,
        timezone: &TimeZone,
    ) -> Result<ActionPolicy, PolicyError> {
        let at = &raw.referenced;
        let a = &raw.value;
        let tier = a.tier.value.0;
        if tier > 3 {
            return Err(self.err(&a.tier.referenced, format!("`{name}`: `tier: {tier}` is not a tier: expected 0 (observe), 1 (reversible), 2 (within limits) or 3 (human approval)")));
        }
        let mut params = BTreeMap::new();
        for (pname, p) in &a.params {
            params.insert(pname.clone(), self.param(name, pname, p)?);
        }
        let mut limits = Vec::new();
        for l in &a.limits {
            let per = Window::parse(&l.value.per)
                .map_err(|m| self.err(&l.referenced, format!("`{name}` limit `per`: {m}")))?;
            if l.value.count == 0 {
                return Err(self.err(
                    &l.referenced,
                    format!("`{name}`: `count: 0` would forbid the action: expected a count of 1 or more (or tier 3)"),
                ));
            }
            let scope = l.value.scope.unwrap_or(Scope::Action);
            let slot = format!("count@{per}@{}", scope.as_str());
            if limits.iter().any(|other: &LimitSpec| other.slot == slot) {
                return Err(self.err(
                    &l.referenced,
                    format!("`{name}`: two limits per {per} with scope {}: keep one (the stricter)", scope.as_str()),
                ));
            }
            limits.push(LimitSpec { key: "count".to_string(), slot, count: l.value.count, per, scope });
        }
        let mut budgets = Vec::new();
        for b in &a.budgets {
            let bv = &b.value;
            let per =
                Window::parse(&bv.per).map_err(|m| self.err(&b.referenced, format!("`{name}` budget `per`: {m}")))?;
            match params.get(&bv.param) {
                None => return Err(self.err(&b.referenced, format!("`{name}`: budget on `{}`, which is not a declared param: declare it under `params` with `type: number` or `integer`", bv.param))),
                Some(p) if !matches!(p.ty, ParamType::Number | ParamType::Integer) => {
                    return Err(self.err(&b.referenced, format!("`{name}`: budget on `{}`, which is `type: {}`: a budget sums a `number` or `integer` param", bv.param, p.ty)));
                }
                Some(_) => {}
            }
            let max = self
                .exact(&bv.max)
                .map_err(|_| self.err(&b.referenced, format!("`{name}`: budget `max` is not a finite decimal")))?;
            if max <= Decimal::ZERO {
                return Err(self.err(&b.referenced, format!("`{name}`: budget `max: {max}` must be above 0")));
            }
            let scope = bv.scope.unwrap_or(Scope::Action);
            let slot = format!("sum:{}@{per}@{}", bv.param, scope.as_str());
            if budgets.iter().any(|other: &BudgetSpec| other.slot == slot) {
                return Err(self.err(
                    &b.referenced,
                    format!(
                        "`{name}`: two budgets on `{}` per {per} with scope {}: keep one (the stricter)",
                        bv.param,
                        scope.as_str()
                    ),
                ));
            }
            budgets.push(BudgetSpec {
                key: format!("sum:{}", bv.param),
                slot,
                param: bv.param.clone(),
                max,
                per,
                scope,
            });
        }
        let compensate = match &a.compensate {
            None => None,
            Some(c) => {
                let window_ms = match &c.value.window {
                    None => default_undo_window_ms,
                    Some(w) => parse_duration_ms(w)
                        .map_err(|m| self.err(&c.referenced, format!("`{name}` compensate `window`: {m}")))?,
                };
                Some(Compensation { action: c.value.action.clone(), window_ms })
            }
        };
        if tier == 1 && compensate.is_none() {
            return Err(self.err(at, format!("`{name}` is tier 1 (auto-execute, reversible) but has no `compensate`: add `compensate: {{ action: <undo action> }}`, or make it tier 2 or 3")));
        }
        if tier == 2 && limits.is_empty() && budgets.is_empty() && a.effects.is_empty() {
            return Err(self.err(at, format!("`{name}` is tier 2 (auto-execute within limits) but has neither `limits` nor `budgets`: add e.g. `limits: [{{ count: 10, per: 1h }}]`, or make it tier 3")));
        }
        let dry_run = match (a.dry_run, &a.dry_run_until) {
            (Some(true), Some(u)) => {
                return Err(
                    self.err(&u.referenced, format!("`{name}` has both `dry_run: true` and `dry_run_until`: keep one"))
                );
            }
            (Some(true), None) => DryRunRule::Always,
            (_, Some(u)) => DryRunRule::UntilMs(self.until(name, u, timezone)?),
            _ => DryRunRule::Never,
        };
        let approvals = match &a.approvals {
            None => default_approvals,
            Some(r) => self.approvals(r, default_approvals)?,
        };
        let mut effects = Vec::new();
        for (effect, e) in &a.effects {
            let factor = match &e.value.factor {
                None => Decimal::ONE,
                Some(f) => self.exact(f).ok().filter(|f| *f > Decimal::ZERO).ok_or_else(|| {
                    self.err(&e.referenced, format!("`{name}` effect `{effect}`: `factor` must be a decimal above 0"))
                })?,
            };
            effects.push(ActionEffect { effect: effect.clone(), amount_param: e.value.amount.clone(), factor });
        }
        Ok(ActionPolicy {
            tier,
            description: a.description.clone(),
            params,
            limits,
            budgets,
            compensate,
            dry_run,
            approvals,
            execute: a.execute.clone(),
            effects,
            report_within_ms: None,
        })
    }

    fn effect(&self, name: &str, raw: &Spanned<RawEffect>) -> Result<EffectPolicy, PolicyError> {
        let e = &raw.value;
        let tier_floor = match &e.tier_floor {
            None => 0,
            Some(t) if t.value.0 <= 3 => t.value.0,
            Some(t) => {
                return Err(self.err(
                    &t.referenced,
                    format!("effect `{name}`: `tier_floor: {}` is not a tier: expected 0 to 3", t.value.0),
                ));
            }
        };
        let mut limits: Vec<LimitSpec> = Vec::new();
        for l in &e.limits {
            let per = Window::parse(&l.value.per)
                .map_err(|m| self.err(&l.referenced, format!("effect `{name}` limit `per`: {m}")))?;
            if l.value.count == 0 {
                return Err(self.err(
                    &l.referenced,
                    format!("effect `{name}`: `count: 0` would forbid every action with it: expected 1 or more"),
                ));
            }
            let scope = l.value.scope.unwrap_or(Scope::Action);
            let slot = format!("effect:{name}/count@{per}@{}", scope.as_str());
            if limits.iter().any(|o| o.slot == slot) {
                return Err(self.err(
                    &l.referenced,
                    format!("effect `{name}`: two limits per {per} with scope {}: keep one", scope.as_str()),
                ));
            }
            limits.push(LimitSpec { key: "count".to_string(), slot, count: l.value.count, per, scope });
        }
        let mut budgets: Vec<BudgetSpec> = Vec::new();
        for b in &e.budgets {
            let per = Window::parse(&b.value.per)
                .map_err(|m| self.err(&b.referenced, format!("effect `{name}` budget `per`: {m}")))?;
            let max = self.exact(&b.value.max).ok().filter(|m| *m > Decimal::ZERO).ok_or_else(|| {
                self.err(&b.referenced, format!("effect `{name}`: budget `max` must be a decimal above 0"))
            })?;
            let scope = b.value.scope.unwrap_or(Scope::Action);
            let slot = format!("effect:{name}/sum:amount@{per}@{}", scope.as_str());
            if budgets.iter().any(|o| o.slot == slot) {
                return Err(self.err(
                    &b.referenced,
                    format!("effect `{name}`: two budgets per {per} with scope {}: keep one", scope.as_str()),
                ));
            }
            budgets.push(BudgetSpec {
                key: "sum:amount".to_string(),
                slot,
                param: "amount".to_string(),
                max,
                per,
                scope,
            });
        }
        if tier_floor == 0 && limits.is_empty() && budgets.is_empty() {
            return Err(self.err(
                &raw.referenced,
                format!("effect `{name}` has no `tier_floor`, `limits` or `budgets`: it would change nothing"),
            ));
        }
        Ok(EffectPolicy { description: e.description.clone(), tier_floor, limits, budgets })
    }

    /// An action's effects must exist, and an effect with budgets needs the param that carries its amount.
    fn check_effects(
        &self,
        name: &str,
        raw: &Spanned<RawAction>,
        built: &ActionPolicy,
        effects: &BTreeMap<String, EffectPolicy>,
    ) -> Result<(), PolicyError> {
        let capped =
            |e: &ActionEffect| effects.get(&e.effect).is_some_and(|p| !p.limits.is_empty() || !p.budgets.is_empty());
        if built.tier == 2 && built.limits.is_empty() && built.budgets.is_empty() && !built.effects.iter().any(capped) {
            return Err(self.err(&raw.referenced, format!("`{name}` is tier 2 (auto-execute within limits) but neither it nor its effects have `limits` or `budgets`: add e.g. `limits: [{{ count: 10, per: 1h }}]`, or make it tier 3")));
        }
        for declared in &built.effects {
            let at = raw.value.effects.get(&declared.effect).map_or(&raw.referenced, |e| &e.referenced);
            let Some(effect) = effects.get(&declared.effect) else {
                return Err(self.err(at, format!("`{name}` has effect `{}`, which is not under the top-level `effects:`: add it there with its caps", declared.effect)));
            };
            match &declared.amount_param {
                None if !effect.budgets.is_empty() => {
                    return Err(self.err(at, format!("`{name}` effect `{}`: the effect has budgets, so say which param carries the amount (`amount: <param>`)", declared.effect)));
                }
                None => {}
                Some(p) => match built.params.get(p) {
                    Some(spec) if matches!(spec.ty, ParamType::Number | ParamType::Integer) => {}
                    _ => {
                        return Err(self.err(
                            at,
                            format!(
                                "`{name}` effect `{}`: `amount: {p}` is not a declared `number` or `integer` param",
                                declared.effect
                            ),
                        ));
                    }
                },
            }
        }
        Ok(())
    }

    fn until(&self, name: &str, raw: &Spanned<String>, timezone: &TimeZone) -> Result<i64, PolicyError> {
        if let Ok(ts) = raw.value.parse::<jiff::Timestamp>() {
            return Ok(ts.as_millisecond());
        }
        let date: Date = raw.value.parse().map_err(|_| {
            self.err(
                &raw.referenced,
                format!(
                    "`{name}`: `dry_run_until: {}` is not a date: expected `YYYY-MM-DD` or an RFC 3339 timestamp",
                    raw.value
                ),
            )
        })?;
        date.to_zoned_datetime(timezone.clone())
            .map(|z| z.timestamp().as_millisecond())
            .map_err(|e| self.err(&raw.referenced, format!("`{name}`: `dry_run_until`: {e}")))
    }

    fn param(&self, action: &str, pname: &str, raw: &Spanned<RawParam>) -> Result<ParamSpec, PolicyError> {
        let at = &raw.referenced;
        let p = &raw.value;
        let numeric = matches!(p.ty, ParamType::Number | ParamType::Integer);
        let stringy = p.ty == ParamType::String;
        let here = format!("`{action}` param `{pname}`");
        if !numeric && (p.min.is_some() || p.max.is_some()) {
            return Err(
                self.err(at, format!("{here}: `min`/`max` apply to `number` or `integer` params, not `{}`", p.ty))
            );
        }
        if !stringy && (p.min_len.is_some() || p.max_len.is_some() || p.pattern.is_some()) {
            return Err(
                self.err(at, format!("{here}: `min_len`/`max_len`/`pattern` apply to `string` params, not `{}`", p.ty))
            );
        }
        let is_url = p.ty == ParamType::Url;
        let url_keys = p.schemes.is_some()
            || p.hosts.is_some()
            || p.ports.is_some()
            || p.cidrs.is_some()
            || p.opaque_hosts.is_some();
        if !is_url && url_keys {
            return Err(self.err(
                at,
                format!(
                    "{here}: `schemes`/`hosts`/`ports`/`cidrs`/`opaque_hosts` apply to `url` params, not `{}`",
                    p.ty
                ),
            ));
        }
        if is_url && p.enum_values.is_some() {
            return Err(self.err(at, format!("{here}: `enum` does not apply to `url` params: list `hosts` instead")));
        }
        let url = if is_url { Some(self.url_rule(&here, at, p)?) } else { None };
        let decimal = |v: &Option<Spanned<Plain<f64>>>, what: &str| -> Result<Option<Decimal>, PolicyError> {
            v.as_ref()
                .map(|n| {
                    self.exact(n).map_err(|_| {
                        self.err(at, format!("{here}: `{what}` is not a finite decimal of at most 28 digits"))
                    })
                })
                .transpose()
        };
        let min = decimal(&p.min, "min")?;
        let max = decimal(&p.max, "max")?;
        if let (Some(lo), Some(hi)) = (min, max)
            && lo > hi
        {
            return Err(self.err(at, format!("{here}: `min: {lo}` is greater than `max: {hi}`: expected min <= max")));
        }
        if let (Some(lo), Some(hi)) = (p.min_len, p.max_len)
            && lo > hi
        {
            return Err(self.err(at, format!("{here}: `min_len: {lo}` is greater than `max_len: {hi}`")));
        }
        if let Some(values) = &p.enum_values {
            if values.is_empty() {
                return Err(self.err(at, format!("{here}: `enum` is empty: list at least one accepted value")));
            }
            for v in values {
                let fits = match p.ty {
                    ParamType::String => v.is_string(),
                    ParamType::Number => v.is_number(),
                    ParamType::Integer => v.is_i64() || v.is_u64(),
                    ParamType::Boolean => v.is_boolean(),
                    ParamType::Url => false,
                };
                if !fits {
                    return Err(self.err(at, format!("{here}: `enum` value {v} is not a `{}`", p.ty)));
                }
            }
        }
        let pattern = p
            .pattern
            .as_ref()
            .map(|text| {
                Regex::new(&format!("^(?:{text})$"))
                    .map_err(|e| self.err(at, format!("{here}: `pattern` is not a valid regular expression: {e}")))
            })
            .transpose()?;
        Ok(ParamSpec {
            ty: p.ty,
            required: p.required.unwrap_or(true),
            enum_values: p.enum_values.clone(),
            min,
            max,
            min_len: p.min_len,
            max_len: p.max_len,
            pattern,
            description: p.description.clone(),
            url,
        })
    }

    fn url_rule(&self, here: &str, at: &Location, p: &RawParam) -> Result<UrlRule, PolicyError> {
        let schemes: Vec<String> = match &p.schemes {
            None => vec!["https".to_string()],
            Some(list) if list.is_empty() => {
                return Err(self.err(at, format!("{here}: `schemes` is empty: list at least one (e.g. `[https]`)")));
            }
            Some(list) => list.iter().map(|s| s.to_ascii_lowercase()).collect(),
        };
        if let Some(bad) = schemes.iter().find(|s| !s.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))) {
            return Err(self.err(at, format!("{here}: `{bad}` is not a URL scheme (e.g. `https`)")));
        }
        let patterns = |list: &Option<Vec<String>>, what: &str| -> Result<Vec<HostPattern>, PolicyError> {
            list.iter()
                .flatten()
                .map(|h| HostPattern::parse(h).map_err(|m| self.err(at, format!("{here}: `{what}`: {m}"))))
                .collect()
        };
        let hosts = patterns(&p.hosts, "hosts")?;
        if p.hosts.as_ref().is_some_and(Vec::is_empty) {
            return Err(self.err(at, format!("{here}: `hosts` is empty: list hosts, or leave it out to accept any")));
        }
        let opaque_hosts = patterns(&p.opaque_hosts, "opaque_hosts")?;
        let cidrs = p
            .cidrs
            .iter()
            .flatten()
            .map(|c| Cidr::parse(c).map_err(|m| self.err(at, format!("{here}: `cidrs`: {m}"))))
            .collect::<Result<Vec<_>, _>>()?;
        let ports = p.ports.clone().unwrap_or_default();
        if ports.contains(&0) {
            return Err(self.err(at, format!("{here}: `ports`: 0 is not a port")));
        }
        Ok(UrlRule { schemes, hosts, ports, cidrs, opaque_hosts })
    }
}

/// The plain scalar starting at `at` (1-based line and column), up to the next flow delimiter, comment or blank.
fn literal_at<'t>(text: &'t str, at: &Location) -> Option<&'t str> {
    let line = text.lines().nth(usize::try_from(at.line()).ok()?.checked_sub(1)?)?;
    let start = line.char_indices().nth(usize::try_from(at.column()).ok()?.checked_sub(1)?)?.0;
    let rest = &line[start..];
    let end = rest.find([',', '}', ']', ' ', '\t', '#']).unwrap_or(rest.len());
    Some(rest[..end].trim_start_matches('+'))
}

fn valid_action_name(name: &str) -> bool {
    crate::types::is_dotted_name(name)
}

impl SessionTrust {
    /// One sentence for people: `demotes a session for 30m after 3 denials within 1h, a bounds violation, …`.
    pub fn describe(&self) -> String {
        let mut signals = Vec::new();
        if let Some(d) = self.denials {
            let within = d.within_ms.map(|w| format!(" within {}", format_duration_ms(w))).unwrap_or_default();
            signals.push(format!("{} denials{within}", d.count));
        }
        if self.bounds_violation {
            signals.push("a bounds violation".to_string());
        }
        if self.unknown_action {
            signals.push("a request for an unknown action".to_string());
        }
        if !self.flags.is_empty() {
            signals.push(format!("a flag ({})", self.flags.join(", ")));
        }
        format!("demotes a session for {} after {}", format_duration_ms(self.cooling_period_ms), signals.join(", or "))
    }
}

impl ParamSpec {
    /// A param of type `ty` with no bounds (what an MCP tool's `inputSchema` property gives).
    pub fn unbounded(ty: ParamType, required: bool) -> ParamSpec {
        ParamSpec {
            ty,
            required,
            enum_values: None,
            min: None,
            max: None,
            min_len: None,
            max_len: None,
            pattern: None,
            description: None,
            url: None,
        }
    }
}

impl ActionPolicy {
    /// A tier-0 (observe) action with these params and nothing else: no caps, no rehearsal, no compensation.
    pub fn observe(description: &str, params: BTreeMap<String, ParamSpec>, approvals: ApprovalRule) -> ActionPolicy {
        ActionPolicy {
            tier: 0,
            description: Some(description.to_string()),
            params,
            limits: Vec::new(),
            budgets: Vec::new(),
            compensate: None,
            dry_run: DryRunRule::Never,
            approvals,
            effects: Vec::new(),
            execute: None,
            report_within_ms: None,
        }
    }

    /// A human description of the window, for messages.
    pub fn describe_limits(&self) -> String {
        let mut parts: Vec<String> = self.limits.iter().map(|l| format!("{} per {}", l.count, l.per)).collect();
        parts.extend(self.budgets.iter().map(|b| format!("{} {} per {}", b.max, b.param, b.per)));
        parts.join(", ")
    }
}

/// Formats a duration for messages (re-exported for callers that print TTLs).
pub fn describe_duration(ms: i64) -> String {
    format_duration_ms(ms)
}
