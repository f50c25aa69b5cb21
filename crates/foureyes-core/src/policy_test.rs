//! Policy tests: a YAML table of example requests with the verdicts and reason codes a policy must give them, kept
//! next to the policy (like `opa test`). `foureyes policy test FILE` runs one; the pipeline's own fixture cases
//! (`crates/foureyes-core/tests/cases/`) are tables too. Pure: the table names the time and the stored state.
//!
//! ```yaml
//! policy: home.yaml                 # relative to this file (the CLI loads it; an inline `policy_yaml:` also works)
//! now: 2026-03-10T12:00:00Z         # default instant for every case
//! cases:
//!   - name: a payment above its max is denied before a human sees it
//!     request: { action: payments.send, params: { amount_eur: 600, payee: acme } }
//!     expect: { verdict: deny, reasons: [bounds] }
//!   - name: exact numbers, written as JSON text so no YAML float touches them
//!     request: { action: payments.send, params_json: '{"amount_eur": 500.0000000000000001, "payee": "acme"}' }
//!     expect: { verdict: refused }
//!   - name: a used-up budget defers
//!     state: { usage: { "sum:amount_eur@24h@action": { count: 2, sum: 900 } } }
//!     request: { action: payments.send, params: { amount_eur: 200, payee: acme } }
//!     expect: { verdict: defer, reasons: [budget_exceeded], tier: 3 }
//!   - name: under `defaults.new_actions`, an action introduced yesterday still rehearses
//!     state: { introduced: 2026-03-09T12:00:00Z }
//!     request: { action: payments.send, params: { amount_eur: 20, payee: acme } }
//!     expect: { verdict: dry_run, reasons: [new_action] }
//! ```
//!
//! `verdict: refused` expects the request to be refused before it is judged (`ActionRequest::validate_shape`, as
//! every door does); `reasons` lists codes that must all be present (others may be too).

use crate::pipeline::{Snapshot, Usage, decide};
use crate::policy::{Policy, PolicyError};
use crate::types::{ActionRequest, Decision, ReasonCode, Verdict};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A parsed test table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestTable {
    /// Path of the policy under test, relative to the table's own file.
    #[serde(default)]
    pub policy: Option<String>,
    /// The policy itself, inline (fixture cases keep policy and cases in one file).
    #[serde(default)]
    pub policy_yaml: Option<String>,
    /// Default instant (RFC 3339) for cases that name none.
    #[serde(default)]
    pub now: Option<String>,
    pub cases: Vec<TestCase>,
}

/// One example request and what the policy must answer.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestCase {
    pub name: String,
    #[serde(default)]
    pub now: Option<String>,
    #[serde(default)]
    pub state: TestState,
    pub request: TestRequest,
    pub expect: Expect,
}

/// The stored state the case is judged against.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestState {
    #[serde(default)]
    pub kill_switch: bool,
    /// Held usage per limit slot (`count@1h@action`, `sum:amount_eur@24h@action`), as `policy check` names them.
    #[serde(default)]
    pub usage: BTreeMap<String, TestUsage>,
    /// When the request's action was introduced (RFC 3339: the time of the `policy_loaded` event that first named
    /// it), for `defaults.new_actions`. Absent: introduced long ago, so it does not rehearse as new.
    #[serde(default)]
    pub introduced: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestUsage {
    #[serde(default)]
    pub count: u64,
    /// A decimal, written as a YAML number or a string.
    #[serde(default)]
    pub sum: Option<Value>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestRequest {
    pub action: String,
    #[serde(default = "default_agent")]
    pub agent: String,
    #[serde(default)]
    pub session: Option<String>,
    #[serde(default)]
    pub target: Option<String>,
    #[serde(default)]
    pub params: Option<Map<String, Value>>,
    /// The params as JSON text: numbers stay exactly as written (a YAML number passes through a float).
    #[serde(default)]
    pub params_json: Option<String>,
    #[serde(default)]
    pub dry_run: bool,
    #[serde(default)]
    pub flags: Vec<String>,
}

fn default_agent() -> String {
    "agent".to_string()
}

/// What the case expects.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// `permit`, `deny`, `defer`, `dry_run`, or `refused` (refused before judging).
    pub verdict: String,
    #[serde(default)]
    pub reasons: Vec<ReasonCode>,
    #[serde(default)]
    pub tier: Option<u8>,
    /// For a dry run: the verdict it would have had.
    #[serde(default)]
    pub would_have: Option<Verdict>,
}

/// The outcome of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseResult {
    pub name: String,
    /// `None` when the case passed; else what differed.
    pub failure: Option<String>,
    /// What the policy answered, in one line (`deny [bounds] tier 3`).
    pub got: String,
}

/// A table that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TableError(pub String);

impl TestTable {
    pub fn from_yaml(file: &str, text: &str) -> Result<TestTable, TableError> {
        let table: TestTable = serde_saphyr::from_str(text).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            let first = e.to_string().lines().find(|l| !l.trim().is_empty()).unwrap_or_default().trim().to_string();
            TableError(format!("{file}:{line}:{column}: {first}"))
        })?;
        if table.cases.is_empty() {
            return Err(TableError(format!("{file}: `cases` is empty: a table tests at least one request")));
        }
        Ok(table)
    }

    /// The inline policy, if the table carries one.
    pub fn inline_policy(&self, file: &str) -> Option<Result<Policy, PolicyError>> {
        self.policy_yaml.as_ref().map(|text| Policy::from_yaml(&format!("{file} (policy_yaml)"), text))
    }
}

fn instant_ms(text: &str) -> Result<i64, String> {
    text.parse::<jiff::Timestamp>()
        .map(|t| t.as_millisecond())
        .map_err(|e| format!("`now: {text}` is not an RFC 3339 instant: {e}"))
}

impl TestRequest {
    /// The request as a door would receive it.
    pub fn to_request(&self, request_id: String) -> Result<ActionRequest, String> {
        let params = match (&self.params, &self.params_json) {
            (Some(_), Some(_)) => return Err("give `params` or `params_json`, not both".to_string()),
            (Some(p), None) => p.clone(),
            (None, Some(text)) => serde_json::from_str::<Map<String, Value>>(text)
                .map_err(|e| format!("`params_json` is not a JSON object: {e}"))?,
            (None, None) => Map::new(),
        };
        Ok(ActionRequest {
            request_id,
            agent: self.agent.clone(),
            session: self.session.clone(),
            action: self.action.clone(),
            params,
            target: self.target.clone(),
            undo_of: None,
            dry_run: self.dry_run,
            approval_id: None,
            evidence: None,
            flags: self.flags.clone(),
        })
    }
}

/// One line for people: `deny [bounds] tier 3`.
pub fn summary(d: &Decision) -> String {
    let codes: Vec<&str> = d.reasons.iter().map(|r| r.code.as_str()).collect();
    let would = d.would_have.map(|w| format!(" (would have: {})", w.as_str())).unwrap_or_default();
    format!("{} [{}] tier {}{would}", d.verdict.as_str(), codes.join(", "), d.tier)
}

/// Runs every case of `table` against `policy`.
pub fn run(policy: &Policy, table: &TestTable) -> Vec<CaseResult> {
    table
        .cases
        .iter()
        .enumerate()
        .map(|(i, case)| {
            let (got, failure) = match run_case(policy, table, case, i) {
                Ok(pair) => pair,
                Err(problem) => ("(not run)".to_string(), Some(problem)),
            };
            CaseResult { name: case.name.clone(), failure, got }
        })
        .collect()
}

fn run_case(policy: &Policy, table: &TestTable, case: &TestCase, i: usize) -> Result<(String, Option<String>), String> {
    let now_text = case.now.as_deref().or(table.now.as_deref()).unwrap_or("2026-01-01T00:00:00Z");
    let now_ms = instant_ms(now_text)?;
    let mut request = case.request.to_request(format!("case-{}", i + 1))?;
    let mut usage = BTreeMap::new();
    for (slot, u) in &case.state.usage {
        let sum = match &u.sum {
            None => rust_decimal::Decimal::ZERO,
            Some(Value::String(s)) => s.parse().map_err(|_| format!("usage `{slot}`: `sum: {s}` is not a decimal"))?,
            Some(v) => {
                crate::number::json_to_decimal(v).map_err(|_| format!("usage `{slot}`: `sum` is not a number"))?
            }
        };
        usage.insert(slot.clone(), Usage { count: u.count, sum, oldest_ms: Some(now_ms) });
    }
    let introduced_at_ms = case.state.introduced.as_deref().map(instant_ms).transpose()?;
    let snapshot = Snapshot { kill_switch: case.state.kill_switch, usage, introduced_at_ms, ..Snapshot::default() };
    let expect = &case.expect;
    if let Err(refusal) = request.validate_shape() {
        let got = format!("refused: {refusal}");
        let failure = (expect.verdict != "refused").then(|| format!("expected {}, got {got}", expect.verdict));
        return Ok((got, failure));
    }
    crate::pipeline::canonicalize_request(policy, &mut request);
    let d = decide(policy, &snapshot, &request, now_ms);
    let got = summary(&d);
    let mut problems = Vec::new();
    if d.verdict.as_str() != expect.verdict {
        problems.push(format!("verdict {} (expected {})", d.verdict.as_str(), expect.verdict));
    }
    for code in &expect.reasons {
        if !d.has_reason(*code) {
            problems.push(format!("no `{}` reason", code.as_str()));
        }
    }
    if let Some(tier) = expect.tier
        && tier != d.tier
    {
        problems.push(format!("tier {} (expected {tier})", d.tier));
    }
    if expect.would_have.is_some() && expect.would_have != d.would_have {
        problems.push(format!(
            "would have {} (expected {})",
            d.would_have.map_or("nothing", |v| v.as_str()),
            expect.would_have.map_or("nothing", |v| v.as_str())
        ));
    }
    let failure = (!problems.is_empty()).then(|| problems.join("; "));
    Ok((got, failure))
}
