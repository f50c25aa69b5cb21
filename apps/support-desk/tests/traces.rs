//! The desk's traces (ADR-431), collected in process by an OpenTelemetry SDK tracer provider whose exporter keeps the
//! finished spans (the OTLP transport is the workspace's, tested end to end in `crates/foureyes/tests/
//! telemetry_otlp.rs`). A ticket run to the gate in one call and resumed in another gives one trace, whose id is
//! derived from the ticket id: a span per graph node, the gate wait with what came of it, and — with LLM providers
//! configured — a span per LLM request (provider, model, latency) and a fallback event when the chain moves on.

use opentelemetry::trace::{SpanId, TraceId, TracerProvider};
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::trace::{SdkTracerProvider, SpanData, SpanExporter};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support_desk::llm::{ApiKey, Chain, Classifier, ProviderConfig, ProviderKind};
use support_desk::{db, telemetry};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::SubscriberExt;

/// An exporter that keeps every finished span.
#[derive(Debug, Clone, Default)]
struct Kept(Arc<Mutex<Vec<SpanData>>>);

impl SpanExporter for Kept {
    async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend(batch);
        Ok(())
    }
}

impl Kept {
    fn spans(&self) -> Vec<SpanData> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }
}

/// Installs a subscriber feeding `kept` on this thread for as long as the guard lives.
fn collect(kept: &Kept) -> (tracing::subscriber::DefaultGuard, SdkTracerProvider) {
    let provider = SdkTracerProvider::builder().with_simple_exporter(kept.clone()).build();
    // The desk's spans only, as the binary's exporter keeps them (the MCP library traces its own sessions).
    let layer = tracing_opentelemetry::layer()
        .with_tracer(provider.tracer("test"))
        .with_filter(tracing_subscriber::filter::filter_fn(|m| m.target().starts_with(telemetry::TARGET)));
    (tracing::subscriber::set_default(tracing_subscriber::registry().with(layer)), provider)
}

fn attr(span: &SpanData, key: &str) -> Option<String> {
    span.attributes.iter().find(|kv| kv.key.as_str() == key).map(|kv| kv.value.to_string())
}

struct Desk {
    _dir: tempfile::TempDir,
    ctx: support_desk::graph::Ctx,
    ticket: i64,
}

fn desk(body: &str) -> Desk {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("desk.db");
    let conn = db::open_rw(&path).expect("desk db");
    let c = db::add_customer(&conn, "Ada").expect("customer");
    let o = db::add_order(&conn, c, 4_000, "delivered", 5).expect("order");
    let ticket = db::add_ticket(&conn, c, Some(o), "help", body, None).expect("ticket");
    let store = support_desk::open_store(&dir.path().join("fe.db")).expect("store");
    let ctx = support_desk::context(&path, store).expect("ctx");
    Desk { _dir: dir, ctx, ticket }
}

#[tokio::test]
async fn one_trace_per_ticket_with_a_span_per_node_and_the_gate_wait_across_a_resume() {
    let kept = Kept::default();
    let (_guard, provider) = collect(&kept);
    let d = desk("The kettle arrived dented. Please refund me $40.00.");
    let (_, first) = support_desk::start(&d.ctx, d.ticket).await.expect("start");
    assert_eq!(first.node, Some(support_desk::graph::Node::AwaitDecision));
    // The human approves elsewhere; a later call (another process, in the CLI) continues the same ticket.
    let approval = first.approval_id.expect("an approval was requested");
    let digest = first.request.as_ref().map(|r| r.digest());
    d.ctx.store.approve(approval, "alice", digest.as_deref(), support_desk::now_ms()).await.expect("approve");
    let (_, done) = support_desk::continue_on(&d.ctx, &support_desk::graph::Graph::support_desk(), d.ticket)
        .await
        .expect("continue");
    assert!(done.outcome.as_deref().unwrap_or("").starts_with("executed issue_refund"), "{:?}", done.outcome);
    let _ = provider.force_flush();
    let spans = kept.spans();
    let (trace, root) = telemetry::ticket_ids(d.ticket);
    assert_eq!(trace.to_string(), telemetry::trace_id(d.ticket));
    // Every span is in the ticket's trace, a child of its (unexported) root span.
    assert!(!spans.is_empty());
    for s in &spans {
        assert_eq!(s.span_context.trace_id(), trace, "{} is in another trace", s.name);
        assert_eq!(s.parent_span_id, root, "{} is not a child of the ticket's root span", s.name);
        assert_ne!(s.span_context.trace_id(), TraceId::INVALID);
        assert_ne!(s.parent_span_id, SpanId::INVALID);
    }
    // A span per node visited, in order; the gate node twice (stopped, then continued).
    let nodes: Vec<String> = spans.iter().filter_map(|s| attr(s, "support_desk.node")).collect();
    let mut want: Vec<String> = done.trace.iter().map(|n| support_desk::graph::node_name(*n)).collect();
    want.insert(want.iter().position(|n| n == "await_decision").expect("gate") + 1, "await_decision".into());
    assert_eq!(nodes, want);
    assert!(spans.iter().any(|s| s.name == "support_desk.node.classify"), "node spans are named by their node");
    // The gate wait, twice: pending at the first call, approved at the second, with the time waited.
    let waits: Vec<(Option<String>, Option<String>)> = spans
        .iter()
        .filter(|s| s.name == "support_desk.gate.wait")
        .map(|s| (attr(s, "support_desk.gate.outcome"), attr(s, "support_desk.gate.waited_ms")))
        .collect();
    assert_eq!(waits.len(), 2, "{waits:?}");
    assert_eq!(waits[0].0.as_deref(), Some("pending"));
    assert_eq!(waits[1].0.as_deref(), Some("approved"));
    assert!(waits.iter().all(|w| w.1.as_ref().is_some_and(|ms| ms.parse::<i64>().is_ok_and(|ms| ms >= 0))));
}

#[tokio::test]
async fn each_llm_call_is_a_span_and_a_fallback_is_an_event_on_the_classify_span() {
    // Two providers on a loopback port nobody listens on: each request fails at once (unavailable), the chain
    // falls back from the first to the second, then to the offline classifier.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = l.local_addr().expect("addr").port();
        drop(l);
        format!("http://127.0.0.1:{port}")
    };
    let provider = |kind, model: &str| {
        ProviderConfig::new(kind, &closed, ApiKey::new("test-key"), model).with_timeout(Duration::from_secs(5))
    };
    let chain =
        Chain::new(vec![provider(ProviderKind::Anthropic, "model-a"), provider(ProviderKind::OpenAi, "model-b")], true)
            .expect("chain");
    let kept = Kept::default();
    let (_guard, tracer) = collect(&kept);
    let mut d = desk("The kettle arrived dented. Please refund me $40.00.");
    d.ctx.classifier = Classifier::Llm(chain);
    let (_, state) = support_desk::start(&d.ctx, d.ticket).await.expect("start");
    assert_eq!(state.classification.as_ref().map(|c| c.attempts.len()), Some(3), "two providers, then offline");
    let _ = tracer.force_flush();
    let spans = kept.spans();
    let classify = spans.iter().find(|s| s.name == "support_desk.node.classify").expect("the classify node's span");
    let calls: Vec<&SpanData> = spans.iter().filter(|s| s.name == "support_desk.llm.call").collect();
    assert_eq!(calls.len(), 2);
    for (call, (system, model)) in calls.iter().zip([("anthropic", "model-a"), ("openai", "model-b")]) {
        assert_eq!(call.parent_span_id, classify.span_context.span_id(), "an LLM call is a child of classify");
        assert_eq!(call.span_context.trace_id(), telemetry::ticket_ids(d.ticket).0);
        assert_eq!(attr(call, "gen_ai.system").as_deref(), Some(system));
        assert_eq!(attr(call, "gen_ai.request.model").as_deref(), Some(model));
        assert_eq!(attr(call, "support_desk.llm.outcome").as_deref(), Some("unavailable"));
        assert!(attr(call, "support_desk.llm.latency_ms").is_some_and(|ms| ms.parse::<i64>().is_ok()));
    }
    let fallbacks: Vec<(String, String)> = classify
        .events
        .iter()
        .filter(|e| e.name == "support_desk.llm.fallback")
        .map(|e| {
            let get = |k: &str| {
                e.attributes.iter().find(|kv| kv.key.as_str() == k).map(|kv| kv.value.to_string()).unwrap_or_default()
            };
            (get("support_desk.llm.from"), get("support_desk.llm.to"))
        })
        .collect();
    assert_eq!(
        fallbacks,
        [("anthropic".to_string(), "openai".to_string()), ("openai".to_string(), "offline".to_string())]
    );
}
