//! Trace spans of the gate: one `foureyes.mcp.call` span per gated `tools/call`, from the moment the proxy reads
//! the call until its report (or its answer, when nothing is forwarded). Attributes: `foureyes.mcp.server`,
//! `foureyes.mcp.tool`, `foureyes.action`, `foureyes.agent`, `foureyes.request_id`, and from the last decision
//! `foureyes.decision_id`, `foureyes.verdict`, `foureyes.status`, `foureyes.reason_codes`, `foureyes.replayed`; then
//! `foureyes.mcp.forwarded` (whether the upstream got the call), `foureyes.mcp.answer` (`forwarded`, `answered`,
//! `cancelled`) and `foureyes.mcp.upstream` (the reported outcome: `executed`, `failed`, `unknown`). Events:
//! `decide` (one per decision: a held call is decided again when its approval is answered), `forward` and
//! `report`.
//!
//! **The same trace as the server.** The span's parent is the request span of `(agent, request id)`, derived as
//! `foureyes_server::telemetry::request_ids` derives it (`SHA-256("foureyes/trace/v1" ‖ 0 ‖ agent ‖ 0 ‖ request
//! id)`; the test `trace_ids_are_the_servers` holds the two equal). So with `--server URL`, the proxy's span and
//! the server's `foureyes.decide` and `foureyes.report` spans are siblings in one trace, although neither process
//! sends the other a trace header. This crate derives the ids itself rather than depend on the server crate (axum
//! routes, the console, the metrics) for eight lines. With a remote engine the agent is the token's principal,
//! which the proxy learns from the first decision: the parent is set then (a span's parent can change until it is
//! exported, and this span is never entered). A call whose engine failed before any decision came back, through a
//! remote engine, stays in a trace of its own.
//!
//! This module exports nothing: `foureyes mcp-proxy --otlp-endpoint` installs the exporter. Without it every span
//! here is disabled and each call costs a few branches.

use crate::gate::Gated;
use foureyes_core::canonical::sha256_hex;
use foureyes_core::{DecisionRecord, Outcome};
use foureyes_store::StoreError;
use opentelemetry::trace::{SpanContext, SpanId, Status, TraceContextExt, TraceFlags, TraceId, TraceState};
use opentelemetry::{Context, KeyValue};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use tracing::Span;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// The exporter keeps `foureyes*` targets only.
const TARGET: &str = "foureyes::mcp";

/// The request's trace id and the span id of the request span, from its idempotency key (as the server does).
pub fn request_ids(agent: &str, request_id: &str) -> (TraceId, SpanId) {
    let hex = sha256_hex(format!("foureyes/trace/v1\0{agent}\0{request_id}").as_bytes());
    // Never all-zero (invalid in W3C Trace Context), whatever the input.
    let trace = u128::from_str_radix(&hex[..32], 16).unwrap_or(1).max(1);
    let span = u64::from_str_radix(&hex[32..48], 16).unwrap_or(1).max(1);
    (TraceId::from(trace), SpanId::from(span))
}

/// The span of one gated call.
pub struct CallTrace {
    span: Span,
    joined: AtomicBool,
    /// The last decision's attributes, put on the span when the gate answers (a held call is decided more than
    /// once, and an attribute is set once).
    last: Mutex<Vec<KeyValue>>,
}

impl CallTrace {
    /// Starts the span of a call to `tool` (its action named by `action`, called only when tracing) of the
    /// upstream `server`.
    pub fn start(server: &str, tool: &str, action: impl FnOnce() -> String) -> CallTrace {
        // No contextual parent: the request span of (agent, request id) is the parent, set in `join`.
        let span = tracing::info_span!(target: TARGET, parent: None, "foureyes.mcp.call", otel.kind = "client");
        if !span.is_disabled() {
            span.set_attribute("foureyes.mcp.server", server.to_string());
            span.set_attribute("foureyes.mcp.tool", tool.to_string());
            span.set_attribute("foureyes.action", action());
        }
        CallTrace { span, joined: AtomicBool::new(false), last: Mutex::new(Vec::new()) }
    }

    pub fn span(&self) -> &Span {
        &self.span
    }

    /// The request id is known; `agent` is the agent the engine decides for, when the proxy knows it (the embedded
    /// engine: the proxy's `--agent`), else `None` (a remote engine decides as its token's principal).
    pub fn request(&self, request_id: &str, agent: Option<&str>) {
        if self.span.is_disabled() {
            return;
        }
        self.span.set_attribute("foureyes.request_id", request_id.to_string());
        if let Some(agent) = agent {
            self.join(agent, request_id);
        }
    }

    /// Makes the span a child of the request span of `(agent, request_id)`, once.
    fn join(&self, agent: &str, request_id: &str) {
        if self.joined.swap(true, Ordering::Relaxed) {
            return;
        }
        let (trace, span_id) = request_ids(agent, request_id);
        let parent = SpanContext::new(trace, span_id, TraceFlags::SAMPLED, true, TraceState::default());
        // Fails only without an OpenTelemetry layer, and then nothing is exported anyway.
        let _ = self.span.set_parent(Context::new().with_remote_span_context(parent));
        self.span.set_attribute("foureyes.agent", agent.to_string());
    }

    /// The engine decided (`replayed`: it returned an earlier decision of this request id).
    pub fn decided(&self, record: &DecisionRecord, replayed: bool) {
        if self.span.is_disabled() {
            return;
        }
        self.join(&record.request.agent, &record.request.request_id);
        let codes = record.reasons.iter().map(|r| r.code.as_str()).collect::<Vec<_>>().join(",");
        let attributes = vec![
            KeyValue::new("foureyes.decision_id", record.decision_id),
            KeyValue::new("foureyes.verdict", record.verdict.as_str()),
            KeyValue::new("foureyes.status", record.status.as_str()),
            KeyValue::new("foureyes.reason_codes", codes),
            KeyValue::new("foureyes.replayed", replayed),
        ];
        self.span.add_event("decide", attributes.clone());
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = attributes;
    }

    /// The engine failed: nothing is forwarded.
    pub fn engine_error(&self, error: &StoreError) {
        if self.span.is_disabled() {
            return;
        }
        self.span.add_event("decide", vec![KeyValue::new("foureyes.error", error.to_string())]);
        self.span.set_status(Status::error(error.to_string()));
    }

    /// The gate's answer. A forwarded call's span lives on in its [`crate::gate::Ticket`] until the report.
    pub fn finish(&self, gated: &Gated) {
        if self.span.is_disabled() {
            return;
        }
        for attribute in std::mem::take(&mut *self.last.lock().unwrap_or_else(PoisonError::into_inner)) {
            self.span.set_attribute(attribute.key, attribute.value);
        }
        let answer = match gated {
            Gated::Forward(_) => {
                self.span.add_event("forward", Vec::new());
                "forwarded"
            }
            Gated::Answer(_) => "answered",
            Gated::Cancelled => "cancelled",
        };
        self.span.set_attribute("foureyes.mcp.answer", answer);
        if !matches!(gated, Gated::Forward(_)) {
            self.span.set_attribute("foureyes.mcp.forwarded", false);
        }
    }
}

/// A forwarded call's upstream answer was reported (`outcome`), or the report failed (`error`).
pub fn reported(span: &Span, outcome: Outcome, error: Option<String>) {
    if span.is_disabled() {
        return;
    }
    span.set_attribute("foureyes.mcp.forwarded", true);
    span.set_attribute("foureyes.mcp.upstream", outcome.as_str());
    let mut attributes = vec![KeyValue::new("foureyes.outcome", outcome.as_str())];
    if let Some(error) = error {
        attributes.push(KeyValue::new("foureyes.error", error));
    }
    span.add_event("report", attributes);
}

/// A permitted call was not forwarded after all (the client cancelled it, the upstream had gone): reported failed.
pub fn not_forwarded(span: &Span, why: &str, error: Option<String>) {
    if span.is_disabled() {
        return;
    }
    span.set_attribute("foureyes.mcp.forwarded", false);
    let mut attributes = vec![
        KeyValue::new("foureyes.outcome", Outcome::Failed.as_str()),
        KeyValue::new("foureyes.mcp.not_forwarded", why.to_string()),
    ];
    if let Some(error) = error {
        attributes.push(KeyValue::new("foureyes.error", error));
    }
    span.add_event("report", attributes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_ids_are_the_servers() {
        for (agent, request_id) in [("mcp:fs", "mcp-0123-ab1"), ("bot", "r1"), ("ab", "c"), ("a", "bc"), ("", "")] {
            assert_eq!(
                request_ids(agent, request_id),
                foureyes_server::telemetry::request_ids(agent, request_id),
                "{agent:?} {request_id:?}"
            );
        }
    }

    #[test]
    fn without_a_subscriber_the_span_is_disabled() {
        let trace = CallTrace::start("fs", "write", || unreachable!("the action is named only when traced"));
        assert!(trace.span().is_disabled());
        trace.request("r", Some("a"));
        assert!(!trace.joined.load(Ordering::Relaxed), "nothing is derived when nothing is traced");
    }
}
