//! Prometheus metrics (`GET /metrics`, text exposition format) via `prometheus-client`.

use crate::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use foureyes_core::Verdict;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::time::Duration;

pub struct Metrics {
    registry: Registry,
    decisions: Family<Vec<(String, String)>, Counter>,
    pub refusals: Counter,
    decide_seconds: Histogram,
    kill_switch: Gauge,
    pending_approvals: Gauge,
    journal_head: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("foureyes");
        let decisions = Family::<Vec<(String, String)>, Counter>::default();
        registry.register("decisions", "Decisions made by this process, by verdict", decisions.clone());
        let refusals = Counter::default();
        registry.register("refusals", "Requests refused and journaled (bad input, wrong role, …)", refusals.clone());
        let buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];
        let decide_seconds = Histogram::new(buckets);
        registry.register(
            "decide_duration_seconds",
            "Durable decide latency, including the commit",
            decide_seconds.clone(),
        );
        let kill_switch = Gauge::default();
        registry.register("kill_switch_engaged", "1 while the kill switch is engaged", kill_switch.clone());
        let pending_approvals = Gauge::default();
        registry.register("pending_approvals", "Approvals waiting for a human", pending_approvals.clone());
        let journal_head = Gauge::default();
        registry.register("journal_head_seq", "Sequence number of the newest journal event", journal_head.clone());
        Metrics { registry, decisions, refusals, decide_seconds, kill_switch, pending_approvals, journal_head }
    }

    pub fn observe_decide(&self, elapsed: Duration, verdict: Option<Verdict>) {
        self.decide_seconds.observe(elapsed.as_secs_f64());
        let label = verdict.map_or("error", Verdict::as_str);
        self.decisions.get_or_create(&vec![("verdict".to_string(), label.to_string())]).inc();
    }
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/metrics", get(metrics))
}

async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    // Gauges that describe the shared database are read at scrape time, so every replica reports the same truth.
    let now = state.now_ms();
    if let Ok(engaged) = state.store.kill_switch().await {
        state.metrics.kill_switch.set(i64::from(engaged));
    }
    if let Ok(pending) = state.store.approvals(Some(foureyes_core::ApprovalStatus::Pending), now).await {
        state.metrics.pending_approvals.set(pending.len() as i64);
    }
    if let Ok(head_seq) = state.store.journal_head().await {
        state.metrics.journal_head.set(head_seq as i64);
    }
    let mut text = String::new();
    match prometheus_client::encoding::text::encode(&mut text, &state.metrics.registry) {
        Ok(()) => (StatusCode::OK, [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text),
        Err(e) => {
            (StatusCode::INTERNAL_SERVER_ERROR, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], e.to_string())
        }
    }
}
