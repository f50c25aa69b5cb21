//! Traces of the desk (ADR-431): one trace per ticket, a span per graph node, a span for the wait at the gate and one
//! per LLM call (provider, model, latency; a fallback to the next provider is a span event). The desk emits
//! `tracing` spans and names their OpenTelemetry parent, as FourEyes' server does (`foureyes_server::telemetry`);
//! the binary exports them over OTLP/HTTP (`support-desk --otlp-endpoint URL`, or `OTEL_EXPORTER_OTLP_ENDPOINT` /
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), on the same crates as `foureyes serve`. Without an exporter every span
//! here is disabled and costs a branch.
//!
//! **The trace id is derived from the ticket id**, with FourEyes' own rule for a request's trace: the gate request
//! of ticket N is `(agent "support-desk-agent", request id "support-desk-ticket-N")`, and its trace id is
//! `SHA-256("foureyes/trace/v1" ‖ 0 ‖ agent ‖ 0 ‖ request_id)` bytes 0–15 (bytes 16–23 the root span's id). So the
//! desk's spans and the FourEyes server's decide/approval spans of the same ticket land in one trace, a run resumed
//! in another process joins it, and nothing new is stored. The root span is never exported (no one process sees the
//! whole ticket): every span here is its child.

use foureyes_core::canonical::sha256_hex;
use opentelemetry::trace::{SpanContext, SpanId, TraceContextExt, TraceFlags, TraceId, TraceState};
use opentelemetry::{Context, KeyValue};
use tracing::Span;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// The target of every span here (an exporter keeps `support_desk*` targets only).
pub const TARGET: &str = "support_desk";

/// The FourEyes request id of a ticket's gate request (`graph` and the gate use the same).
pub fn request_id(ticket_id: i64) -> String {
    format!("support-desk-ticket-{ticket_id}")
}

/// The ticket's trace id and the id of its root span, derived from the ticket id (see the module doc).
pub fn ticket_ids(ticket_id: i64) -> (TraceId, SpanId) {
    let hex = sha256_hex(format!("foureyes/trace/v1\0{}\0{}", crate::gate::AGENT, request_id(ticket_id)).as_bytes());
    // All-zero ids are invalid in W3C Trace Context: the ids stay valid whatever the hash.
    let trace = u128::from_str_radix(&hex[..32], 16).unwrap_or(1).max(1);
    let span = u64::from_str_radix(&hex[32..48], 16).unwrap_or(1).max(1);
    (TraceId::from(trace), SpanId::from(span))
}

/// The ticket's trace id as 32 hex digits (what `support-desk show` prints and a trace UI looks up).
pub fn trace_id(ticket_id: i64) -> String {
    ticket_ids(ticket_id).0.to_string()
}

/// A link to the ticket's trace in a trace UI: `base` with `{trace_id}` replaced, or `base/trace/<id>` (Jaeger's
/// and Grafana Tempo's path) when it has no placeholder.
pub fn trace_link(base: &str, ticket_id: i64) -> String {
    let id = trace_id(ticket_id);
    if base.contains("{trace_id}") {
        base.replace("{trace_id}", &id)
    } else {
        format!("{}/trace/{id}", base.trim_end_matches('/'))
    }
}

/// Makes `span` a child of the ticket's root span.
fn join_ticket(span: &Span, ticket_id: i64) {
    if span.is_disabled() {
        return;
    }
    let (trace, root) = ticket_ids(ticket_id);
    let parent = SpanContext::new(trace, root, TraceFlags::SAMPLED, true, TraceState::default());
    // Fails only when no OpenTelemetry layer is installed, and then nothing is exported anyway.
    let _ = span.set_parent(Context::new().with_remote_span_context(parent));
}

/// The span of one graph node of a ticket's run (`support_desk.node.<name>`).
pub fn node_span(ticket_id: i64, node: &str) -> Span {
    let span = tracing::info_span!(target: TARGET, "support_desk.node", otel.name = tracing::field::Empty);
    if span.is_disabled() {
        return span;
    }
    join_ticket(&span, ticket_id);
    span.record("otel.name", format!("support_desk.node.{node}").as_str());
    span.set_attribute("support_desk.ticket_id", ticket_id);
    span.set_attribute("support_desk.node", node.to_string());
    span
}

/// The span of the wait at the gate, emitted when the run learns the human's answer (or that there is none yet):
/// `waited_ms` since the approval was requested, and what came of it.
pub fn gate_wait(ticket_id: i64, waited_ms: Option<i64>, outcome: &str) {
    let span = tracing::info_span!(target: TARGET, "support_desk.gate.wait");
    if span.is_disabled() {
        return;
    }
    join_ticket(&span, ticket_id);
    span.set_attribute("support_desk.ticket_id", ticket_id);
    span.set_attribute("support_desk.gate.outcome", outcome.to_string());
    if let Some(ms) = waited_ms {
        span.set_attribute("support_desk.gate.waited_ms", ms);
    }
}

/// The span of one LLM request, a child of the current span (the `classify` node's).
pub fn llm_span(provider: &str, model: &str) -> Span {
    let span = tracing::info_span!(target: TARGET, "support_desk.llm.call");
    if span.is_disabled() {
        return span;
    }
    span.set_attribute("gen_ai.system", provider.to_string());
    span.set_attribute("gen_ai.request.model", model.to_string());
    span
}

/// What the LLM request came to: its outcome and latency on its span.
pub fn llm_done(span: &Span, outcome: &str, elapsed_ms: u64) {
    if span.is_disabled() {
        return;
    }
    span.set_attribute("support_desk.llm.outcome", outcome.to_string());
    span.set_attribute("support_desk.llm.latency_ms", i64::try_from(elapsed_ms).unwrap_or(i64::MAX));
}

/// A fallback from one provider to the next (or to the offline classifier), as an event on the current span.
pub fn fallback(from: &str, to: &str, why: &str) {
    let span = Span::current();
    if span.is_disabled() {
        return;
    }
    span.add_event(
        "support_desk.llm.fallback",
        vec![
            KeyValue::new("support_desk.llm.from", from.to_string()),
            KeyValue::new("support_desk.llm.to", to.to_string()),
            KeyValue::new("support_desk.llm.reason", why.to_string()),
        ],
    );
}

/// Where traces go, or `None` when tracing is not configured: `flag` is `--otlp-endpoint` (which clap also fills from
/// `OTEL_EXPORTER_OTLP_ENDPOINT`, a base URL that gets `/v1/traces`), else `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the
/// full URL); `OTEL_SDK_DISABLED=true` turns it off. The rules of `foureyes serve --otlp-endpoint`.
pub fn traces_endpoint(flag: Option<&str>) -> Result<Option<String>, crate::Error> {
    if std::env::var("OTEL_SDK_DISABLED").is_ok_and(|v| v.trim().eq_ignore_ascii_case("true")) {
        return Ok(None);
    }
    let (url, base) = match flag.map(str::trim).filter(|s| !s.is_empty()) {
        Some(url) => (url.to_string(), true),
        None => match std::env::var("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").ok().filter(|s| !s.trim().is_empty()) {
            Some(url) => (url.trim().to_string(), false),
            None => return Ok(None),
        },
    };
    let rest = url.strip_prefix("http://").or_else(|| url.strip_prefix("https://"));
    if rest.is_none_or(|r| r.is_empty() || r.starts_with('/')) || url.chars().any(char::is_whitespace) {
        return Err(crate::Error::Invalid(format!(
            "OTLP endpoint `{url}` is not an http:// or https:// URL (e.g. http://127.0.0.1:4318)"
        )));
    }
    if base && !url.trim_end_matches('/').ends_with("/v1/traces") {
        return Ok(Some(format!("{}/v1/traces", url.trim_end_matches('/'))));
    }
    Ok(Some(url))
}

/// The running OTLP exporter; [`Export::shutdown`] sends what is still batched.
pub struct Export {
    provider: opentelemetry_sdk::trace::SdkTracerProvider,
    pub endpoint: String,
}

/// Starts the OTLP/HTTP exporter and installs the subscriber that feeds it, when tracing is configured. Call it
/// outside the async runtime (the blocking HTTP client is built here). Spans are batched on the SDK's own thread:
/// an absent collector never delays a ticket.
pub fn start_export(flag: Option<&str>) -> Result<Option<Export>, crate::Error> {
    use opentelemetry::trace::TracerProvider;
    use opentelemetry_otlp::{Protocol, WithExportConfig};
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    let Some(endpoint) = traces_endpoint(flag)? else { return Ok(None) };
    // An https:// collector needs a TLS provider: the workspace's rustls runs on `ring`.
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(&endpoint)
        .build()
        .map_err(|e| crate::Error::Invalid(format!("OTLP exporter for {endpoint}: {e}")))?;
    let mut resource = opentelemetry_sdk::Resource::builder();
    // OTEL_SERVICE_NAME, when set, names the service (the SDK reads it); else it is `support-desk`.
    if std::env::var("OTEL_SERVICE_NAME").is_err() {
        resource = resource.with_service_name("support-desk");
    }
    let provider = opentelemetry_sdk::trace::SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(resource.build())
        .build();
    let layer = tracing_opentelemetry::layer()
        .with_tracer(provider.tracer("support-desk"))
        // Only the desk's spans: never the exporter's own HTTP calls.
        .with_filter(tracing_subscriber::filter::filter_fn(|m| m.target().starts_with(TARGET)));
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer))
        .map_err(|e| crate::Error::Invalid(format!("cannot install the tracing subscriber: {e}")))?;
    Ok(Some(Export { provider, endpoint }))
}

impl Export {
    /// Sends the spans still batched and stops the exporter (at most a few seconds when the collector is gone).
    pub fn shutdown(self) {
        let _ = self.provider.shutdown_with_timeout(std::time::Duration::from_secs(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trace_id_is_derived_from_the_ticket_and_is_foureyes_request_trace() {
        // The same ticket, the same trace, in any process; another ticket, another trace.
        assert_eq!(trace_id(7), trace_id(7));
        assert_ne!(trace_id(7), trace_id(8));
        assert_eq!(trace_id(7).len(), 32);
        // FourEyes' derivation for the gate request of ticket 7 (`foureyes_server::telemetry::request_ids`).
        let hex = sha256_hex(b"foureyes/trace/v1\0support-desk-agent\0support-desk-ticket-7");
        assert_eq!(trace_id(7), hex[..32]);
    }

    #[test]
    fn a_trace_link_fills_a_placeholder_or_appends_the_trace_path() {
        let id = trace_id(3);
        assert_eq!(trace_link("http://127.0.0.1:16686/", 3), format!("http://127.0.0.1:16686/trace/{id}"));
        assert_eq!(
            trace_link("https://ui.example/explore?t={trace_id}", 3),
            format!("https://ui.example/explore?t={id}")
        );
    }

    #[test]
    fn a_base_url_gets_the_traces_path_and_bad_urls_are_refused() {
        assert_eq!(
            traces_endpoint(Some("http://127.0.0.1:4318")).ok().flatten().as_deref(),
            Some("http://127.0.0.1:4318/v1/traces")
        );
        for bad in ["127.0.0.1:4318", "ftp://c", "http://", "http://a b"] {
            assert!(traces_endpoint(Some(bad)).is_err(), "{bad:?} accepted");
        }
    }
}
