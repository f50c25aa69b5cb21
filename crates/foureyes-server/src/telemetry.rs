//! Trace spans for the door: `foureyes.decide` (with the pipeline's ordered checks as span events),
//! `foureyes.approval.requested`, `foureyes.approval.decision` (the human's answer, with the seconds it waited) and
//! `foureyes.report` (the executor's outcome, with the seconds between the permit and the report).
//!
//! This module only emits `tracing` spans and names their OpenTelemetry parent; it exports nothing. The binary
//! installs the exporter (`foureyes serve --otlp-endpoint`); without it every span here is disabled and costs a
//! branch.
//!
//! **One trace per request, across processes, with nothing new stored.** The trace id is derived from the request's
//! idempotency key, `(agent, request_id)`, which every decision and approval record and every `decided` journal
//! event already holds: `SHA-256("foureyes/trace/v1" ‖ 0 ‖ agent ‖ 0 ‖ request_id)`, bytes 0–15 the trace id and
//! bytes 16–23 the span id of the request itself. Every span of the request is a child of that request span, so a
//! deferral decided by one replica, approved on another and reported through a third lands in one trace, and a
//! retry of the same request id joins it too. The request span is the trace's root and is never exported (no one
//! process sees the whole request); tracing backends show its children as the top level. A caller's own W3C
//! `traceparent` header is kept as a span link on the decide span (its trace is the caller's, not the request's),
//! and the decide response carries the request's `traceparent`, so an executor can put its own execute span in
//! the request's trace.

use foureyes_core::canonical::sha256_hex;
use foureyes_core::{ActionRequest, ApprovalRecord, DecisionRecord, Policy, ReasonCode, Verdict};
use opentelemetry::trace::{SpanContext, SpanId, TraceContextExt, TraceFlags, TraceId, TraceState};
use opentelemetry::{Context, KeyValue};
use std::fmt::Display;
use tracing::Span;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// The target of every span here: the exporter's filter keeps `foureyes*` targets only.
const TARGET: &str = "foureyes";

/// The request's trace id and the span id of the request span, derived from its idempotency key.
pub fn request_ids(agent: &str, request_id: &str) -> (TraceId, SpanId) {
    let hex = sha256_hex(format!("foureyes/trace/v1\0{agent}\0{request_id}").as_bytes());
    // 64 hex digits: 32 for the trace id, 16 for the span id. All-zero ids are invalid in W3C Trace Context; a
    // SHA-256 prefix is zero with probability 2^-128 (2^-64), but the ids must stay valid whatever the input.
    let trace = u128::from_str_radix(&hex[..32], 16).unwrap_or(1).max(1);
    let span = u64::from_str_radix(&hex[32..48], 16).unwrap_or(1).max(1);
    (TraceId::from(trace), SpanId::from(span))
}

/// The request span as a W3C `traceparent` value (`00-<trace id>-<span id>-01`).
pub fn request_traceparent(agent: &str, request_id: &str) -> String {
    let (trace, span) = request_ids(agent, request_id);
    format!("00-{trace}-{span}-01")
}

/// Parses a W3C `traceparent` (version 00 and future versions per the spec's forward-compatibility rule). `None`
/// for anything malformed or all-zero: a bad header from a caller is ignored, never an error.
pub fn parse_traceparent(value: &str) -> Option<SpanContext> {
    let mut parts = value.trim().split('-');
    let (version, trace, span, flags) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let hex = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if !hex(version, 2) || version == "ff" || !hex(trace, 32) || !hex(span, 16) || !hex(flags, 2) {
        return None;
    }
    if version == "00" && parts.next().is_some() {
        return None;
    }
    let trace = TraceId::from_hex(trace).ok()?;
    let span = SpanId::from_hex(span).ok()?;
    let flags = TraceFlags::new(u8::from_str_radix(flags, 16).ok()?);
    let context = SpanContext::new(trace, span, flags, true, TraceState::default());
    context.is_valid().then_some(context)
}

/// Makes `span` a child of the request span of `(agent, request_id)`.
fn join_request(span: &Span, agent: &str, request_id: &str) {
    if span.is_disabled() {
        return;
    }
    let (trace, span_id) = request_ids(agent, request_id);
    let parent = SpanContext::new(trace, span_id, TraceFlags::SAMPLED, true, TraceState::default());
    // Fails only when no OpenTelemetry layer is installed, and then nothing is exported anyway.
    let _ = span.set_parent(Context::new().with_remote_span_context(parent));
}

/// The span around one decide call, before the store answers. `caller` is the request's `traceparent` header.
pub fn decide_span(request: &ActionRequest, caller: Option<&str>) -> Span {
    let span = tracing::info_span!(target: TARGET, "foureyes.decide", otel.kind = "server");
    if span.is_disabled() {
        return span;
    }
    join_request(&span, &request.agent, &request.request_id);
    if let Some(context) = caller.and_then(parse_traceparent) {
        span.add_link(context);
    }
    span.set_attribute("foureyes.request_id", request.request_id.clone());
    span.set_attribute("foureyes.agent", request.agent.clone());
    span.set_attribute("foureyes.action", request.action.clone());
    span.set_attribute("foureyes.dry_run", request.dry_run);
    if let Some(session) = &request.session {
        span.set_attribute("foureyes.session", session.clone());
    }
    if let Some(id) = request.approval_id {
        span.set_attribute("foureyes.approval_id", id);
    }
    if let Some(id) = request.undo_of {
        span.set_attribute("foureyes.undo_of", id);
    }
    span
}

/// The steps of `foureyes_core::pipeline::decide`, in its order.
pub const STEPS: [&str; 9] = [
    "kill_switch",
    "approval",
    "policy_lookup",
    "bounds",
    "reversibility",
    "session_trust",
    "dry_run",
    "limits",
    "verdict",
];

/// The pipeline step that gives a reason code. Exhaustive on purpose: a new code must be placed in the order.
pub fn step_of(code: ReasonCode) -> &'static str {
    match code {
        ReasonCode::KillSwitch => "kill_switch",
        ReasonCode::Approved
        | ReasonCode::ApprovalPending
        | ReasonCode::ApprovalRejected
        | ReasonCode::ApprovalExpired
        | ReasonCode::ApprovalConsumed
        | ReasonCode::ApprovalUnknown
        | ReasonCode::ApprovalRevoked
        | ReasonCode::DigestMismatch => "approval",
        ReasonCode::DefaultDeny => "policy_lookup",
        ReasonCode::UnknownParam
        | ReasonCode::MissingParam
        | ReasonCode::WrongType
        | ReasonCode::Bounds
        | ReasonCode::MalformedUrl => "bounds",
        ReasonCode::NoCompensation
        | ReasonCode::UndoInvalid
        | ReasonCode::UndoWindowClosed
        | ReasonCode::OpaqueHost
        | ReasonCode::EffectFloor => "reversibility",
        ReasonCode::SessionDemoted => "session_trust",
        ReasonCode::DryRun | ReasonCode::Rehearsal | ReasonCode::NewAction => "dry_run",
        // `reservation_expired` is added to a permit's record after the fact (never by the pipeline): its
        // reservations, the limits step's, were given back.
        ReasonCode::LimitExceeded | ReasonCode::BudgetExceeded | ReasonCode::ReservationExpired => "limits",
        ReasonCode::Observe | ReasonCode::WithinPolicy | ReasonCode::ApprovalRequired => "verdict",
    }
}

/// One check the pipeline ran for a decision: its step, and the reason codes it gave (none: it passed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    pub step: &'static str,
    pub codes: Vec<ReasonCode>,
}

/// The checks the pipeline ran, in order, read back from the decision it returned (the pipeline is pure and
/// records its steps as reason codes): every step up to the one that ended it, then the verdict. The approval
/// check appears only for the release of an approval. A step after the deciding one did not run and is not listed.
pub fn checks(record: &DecisionRecord, policy: &Policy) -> Vec<Check> {
    let index = |step: &str| STEPS.iter().position(|s| *s == step).unwrap_or(STEPS.len() - 1);
    let verdict_step = STEPS.len() - 1;
    let known = policy.action(&record.request.action).is_some();
    // Where the pipeline stopped. It returns early only with the codes below (a release blocked by the kill switch,
    // a failed approval check, which may defer, bounds, an invalid undo): at the first step that gave one.
    // Otherwise a known action reached the verdict step (a rehearsal evaluates limits first), and an unknown one
    // was judged at the lookup.
    let ends_early = |code: ReasonCode| match code {
        ReasonCode::KillSwitch => record.request.approval_id.is_some() && record.verdict == Verdict::Deny,
        ReasonCode::ApprovalPending
        | ReasonCode::ApprovalRejected
        | ReasonCode::ApprovalExpired
        | ReasonCode::ApprovalConsumed
        | ReasonCode::ApprovalUnknown
        | ReasonCode::ApprovalRevoked
        | ReasonCode::DigestMismatch
        | ReasonCode::UnknownParam
        | ReasonCode::MissingParam
        | ReasonCode::WrongType
        | ReasonCode::Bounds
        | ReasonCode::UndoInvalid
        | ReasonCode::UndoWindowClosed => true,
        _ => false,
    };
    let early = record.reasons.iter().filter(|r| ends_early(r.code)).map(|r| index(step_of(r.code))).min();
    let stop = if !known {
        let last = record.reasons.iter().map(|r| index(step_of(r.code))).max().unwrap_or(0);
        early.unwrap_or(last.min(index("dry_run")).max(index("policy_lookup")))
    } else {
        early.unwrap_or(verdict_step)
    };
    let mut out = Vec::new();
    for (i, step) in STEPS.iter().enumerate().take(stop + 1) {
        if *step == "approval" && record.request.approval_id.is_none() {
            continue;
        }
        if i == verdict_step {
            break;
        }
        if !known && (*step == "bounds" || *step == "reversibility" || *step == "session_trust" || *step == "limits") {
            continue;
        }
        let codes = record.reasons.iter().map(|r| r.code).filter(|c| step_of(*c) == *step).collect();
        out.push(Check { step, codes });
    }
    out.push(Check { step: "verdict", codes: record.reasons.iter().map(|r| r.code).collect() });
    out
}

fn codes_text(codes: &[ReasonCode]) -> String {
    codes.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(",")
}

/// Records the store's answer on the decide span: the decision's attributes and the checks as events.
/// `fresh` is false when the store returned an earlier decision for the same request id (an idempotent retry).
pub fn record_decision<E: Display>(span: &Span, result: &Result<DecisionRecord, E>, policy: &Policy, fresh: bool) {
    if span.is_disabled() {
        return;
    }
    let record = match result {
        Ok(record) => record,
        Err(e) => {
            span.set_status(opentelemetry::trace::Status::error(e.to_string()));
            return;
        }
    };
    span.set_attribute("foureyes.decision_id", record.decision_id);
    span.set_attribute("foureyes.verdict", record.verdict.as_str());
    span.set_attribute("foureyes.tier", i64::from(record.tier));
    span.set_attribute("foureyes.status", record.status.as_str());
    span.set_attribute("foureyes.digest", record.digest.clone());
    span.set_attribute("foureyes.replayed", !fresh);
    if let Some(id) = record.approval_id {
        span.set_attribute("foureyes.approval_id", id);
    }
    for check in checks(record, policy) {
        let mut attributes = vec![KeyValue::new("foureyes.reason_codes", codes_text(&check.codes))];
        if check.step == "verdict" {
            attributes.push(KeyValue::new("foureyes.verdict", record.verdict.as_str()));
            attributes.push(KeyValue::new("foureyes.tier", i64::from(record.tier)));
        } else {
            let result = if check.codes.is_empty() { "pass" } else { "hit" };
            attributes.push(KeyValue::new("foureyes.check.result", result));
        }
        span.add_event(check.step, attributes);
    }
}

/// A new deferral asked a human: one short span, a sibling of the decide span that created it.
pub fn approval_requested(record: &DecisionRecord, approval: Option<&ApprovalRecord>) {
    let span = tracing::info_span!(target: TARGET, "foureyes.approval.requested", otel.kind = "internal");
    if span.is_disabled() {
        return;
    }
    join_request(&span, &record.request.agent, &record.request.request_id);
    span.set_attribute("foureyes.decision_id", record.decision_id);
    span.set_attribute("foureyes.action", record.request.action.clone());
    span.set_attribute("foureyes.digest", record.digest.clone());
    if let Some(id) = record.approval_id {
        span.set_attribute("foureyes.approval_id", id);
    }
    if let Some(a) = approval {
        span.set_attribute("foureyes.approval.required", i64::from(a.required));
        span.set_attribute("foureyes.approval.expires_at_ms", a.expires_at_ms);
        span.set_attribute("foureyes.approval.step_up", a.step_up);
    }
}

/// A person answered an approval (`approved`, `rejected`, or `vote` for a counted vote that does not yet complete
/// it), `waited_ms` after it was requested.
pub fn human_decision(approval: &ApprovalRecord, approver: &str, decision: &str, waited_ms: i64) {
    let span = tracing::info_span!(target: TARGET, "foureyes.approval.decision", otel.kind = "server");
    if span.is_disabled() {
        return;
    }
    join_request(&span, &approval.request.agent, &approval.request.request_id);
    span.set_attribute("foureyes.approval_id", approval.approval_id);
    span.set_attribute("foureyes.decision_id", approval.decision_id);
    span.set_attribute("foureyes.action", approval.request.action.clone());
    span.set_attribute("foureyes.approver", approver.to_string());
    span.set_attribute("foureyes.approval.decision", decision.to_string());
    span.set_attribute("foureyes.approval.status", approval.status.as_str());
    span.set_attribute("foureyes.approval.waited_seconds", waited_ms.max(0) as f64 / 1000.0);
}

/// The span around a report (phase B) of the decision `decided`.
pub fn report_span(decided: &DecisionRecord, outcome: &str) -> Span {
    let span = tracing::info_span!(target: TARGET, "foureyes.report", otel.kind = "server");
    if span.is_disabled() {
        return span;
    }
    join_request(&span, &decided.request.agent, &decided.request.request_id);
    span.set_attribute("foureyes.decision_id", decided.decision_id);
    span.set_attribute("foureyes.action", decided.request.action.clone());
    span.set_attribute("foureyes.outcome", outcome.to_string());
    span
}

/// Records the store's answer on the report span: the new status and how long the action took between its permit
/// and this report (the execution, as the door sees it).
pub fn record_report<E: Display>(span: &Span, result: &Result<DecisionRecord, E>) {
    if span.is_disabled() {
        return;
    }
    match result {
        Ok(record) => {
            span.set_attribute("foureyes.status", record.status.as_str());
            if let Some(reported) = record.reported_at_ms {
                let seconds = (reported - record.decided_at_ms).max(0) as f64 / 1000.0;
                span.set_attribute("foureyes.execution_seconds", seconds);
            }
        }
        Err(e) => span.set_status(opentelemetry::trace::Status::error(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_stable_and_depend_on_agent_and_request_id() {
        let a = request_ids("bot", "r1");
        assert_eq!(a, request_ids("bot", "r1"));
        assert_ne!(a.0, request_ids("bot", "r2").0);
        assert_ne!(a.0, request_ids("other", "r1").0);
        // The separator keeps ("ab", "c") and ("a", "bc") apart.
        assert_ne!(request_ids("ab", "c").0, request_ids("a", "bc").0);
        let header = request_traceparent("bot", "r1");
        let parsed = parse_traceparent(&header).expect("our own traceparent parses");
        assert_eq!((parsed.trace_id(), parsed.span_id()), a);
    }

    #[test]
    fn bad_traceparents_are_ignored() {
        let good = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        assert!(parse_traceparent(good).is_some());
        for bad in [
            "",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
            "zz-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        ] {
            assert!(parse_traceparent(bad).is_none(), "{bad:?} was accepted");
        }
        // A future version may append fields.
        assert!(parse_traceparent("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-more").is_some());
    }

    #[test]
    fn every_reason_code_has_a_step_in_the_order() {
        for code in ReasonCode::ALL {
            assert!(STEPS.contains(&step_of(code)), "{code:?}");
        }
    }
}
