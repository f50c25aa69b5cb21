//! Prometheus metrics (`GET /metrics`, text exposition format) via `prometheus-client`.
//!
//! Two kinds of numbers, said in each metric's HELP:
//! - **this process**: counters and histograms of what went through this server's HTTP API (decisions by verdict
//!   and by reason, decide latency, refusals, how long humans took to answer). Sum them across replicas.
//! - **the shared database**: gauges read at scrape time (kill switch, pending approvals and the oldest one's age,
//!   journal head) and the MCP proxy counters, which are derived from the journal because the proxy
//!   (`foureyes mcp-proxy`) is another process that writes to the database directly. Every replica reports the
//!   same value for these: do not sum them across replicas.
//!
//! When `foureyes serve` exports traces (`--otlp-endpoint`), the exporter's own counts (spans delivered, batches
//! that failed) are shown too, through [`ExportCounts`]: the binary owns the exporter (this crate holds no HTTP
//! client), so it hands this crate plain atomics and this crate only reads them at scrape time.

use crate::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use foureyes_core::journal::EventKind;
use foureyes_core::{DecisionRecord, Verdict};
use foureyes_store::{Store, StoreError};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

type Labels = Vec<(String, String)>;

fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Journal events the MCP counters read per scrape at most: a first scrape of a long journal catches up over a few
/// scrapes instead of holding one scrape for minutes.
const MCP_EVENTS_PER_SCRAPE: usize = 50_000;
/// Permitted MCP calls remembered until their report arrives. A proxy killed between decide and report leaves its
/// id behind; past this many the oldest ids are forgotten (their late report is then not counted as forwarded).
const MCP_OPEN_PERMITS_MAX: usize = 100_000;

/// Where the MCP counters stand in the journal.
#[derive(Default)]
struct McpTail {
    after_seq: u64,
    /// Permitted `mcp.*` decisions not yet reported.
    open_permits: BTreeSet<i64>,
}

pub struct Metrics {
    registry: Registry,
    decisions: Family<Labels, Counter>,
    decision_reasons: Family<Labels, Counter>,
    pub refusals: Counter,
    unauthorized: Counter,
    decide_seconds: Histogram,
    approval_wait_seconds: Family<Labels, Histogram>,
    kill_switch: Gauge,
    pending_approvals: Gauge,
    oldest_pending_age: Gauge<f64, AtomicU64>,
    journal_head: Gauge,
    door_memory: Family<Labels, Gauge>,
    door_memory_bytes: Gauge,
    mcp_blocked: Family<Labels, Counter>,
    mcp_forwarded: Family<Labels, Counter>,
    mcp_tail: tokio::sync::Mutex<McpTail>,
    otlp: Arc<OnceLock<Arc<ExportCounts>>>,
    shed: Family<Labels, Counter>,
    /// Load shed since the last log line, per [`Limit`], and when that line was written.
    shed_log: std::sync::Mutex<ShedLog>,
}

/// A designed limit that turned something away (`foureyes_shed_total{limit}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// A connection past `--max-connections` (answered 503, or closed when the overflow is full too).
    Connections,
    /// `accept` failed (out of file descriptors): the connection waits in the kernel's queue.
    Accept,
    /// A `/wait` past `--max-waiters` (503).
    Waiters,
    /// A `/v1/events` subscriber past `--max-subscribers` (503).
    Subscribers,
    /// An SSE subscriber that fell further behind than its buffer: its stream ends and it resumes with
    /// `Last-Event-ID`.
    SlowSubscriber,
    /// A credential answered 429 for sending refused requests faster than allowed.
    Throttled,
}

impl Limit {
    pub const ALL: [Limit; 6] = [
        Limit::Connections,
        Limit::Accept,
        Limit::Waiters,
        Limit::Subscribers,
        Limit::SlowSubscriber,
        Limit::Throttled,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            Limit::Connections => "connections",
            Limit::Accept => "accept",
            Limit::Waiters => "waiters",
            Limit::Subscribers => "subscribers",
            Limit::SlowSubscriber => "slow_subscriber",
            Limit::Throttled => "throttled",
        }
    }
}

/// At most one line on stderr per [`SHED_LOG_INTERVAL`]: a flood of refusals must not become a flood of logs.
#[derive(Default)]
struct ShedLog {
    since_last: [u64; 6],
    last_logged: Option<std::time::Instant>,
}

/// How often load shedding is logged at most.
pub const SHED_LOG_INTERVAL: Duration = Duration::from_secs(10);

/// What the trace exporter delivered and lost in this process. The exporter (in the `foureyes` binary) increments
/// these; `/metrics` reads them once [`Metrics::show_export_counts`] was given them. Plain atomics on purpose: the
/// exporter's thread and the scrape share nothing else, and this crate needs no OpenTelemetry exporter to read them.
#[derive(Debug, Default)]
pub struct ExportCounts {
    /// Batches the collector accepted.
    pub batches_exported: AtomicU64,
    /// Spans in those batches.
    pub spans_exported: AtomicU64,
    /// Batches that could not be delivered (collector unreachable, an HTTP error, a timeout), after the exporter's
    /// own retries: their spans are lost.
    pub batches_failed: AtomicU64,
    /// Spans in those batches.
    pub spans_failed: AtomicU64,
}

impl ExportCounts {
    /// Counts one batch of `spans` spans, delivered or not.
    pub fn count(&self, spans: usize, delivered: bool) {
        let (batches, counted) = if delivered {
            (&self.batches_exported, &self.spans_exported)
        } else {
            (&self.batches_failed, &self.spans_failed)
        };
        batches.fetch_add(1, Ordering::Relaxed);
        counted.fetch_add(spans as u64, Ordering::Relaxed);
    }
}

/// Renders [`ExportCounts`] at scrape time, once they are set; nothing before (a server without trace export shows
/// no exporter counters rather than zeros that would read as "exporting fine").
#[derive(Debug)]
struct ExportCollector(Arc<OnceLock<Arc<ExportCounts>>>);

impl prometheus_client::collector::Collector for ExportCollector {
    fn encode(&self, mut encoder: prometheus_client::encoding::DescriptorEncoder) -> Result<(), std::fmt::Error> {
        use prometheus_client::encoding::EncodeMetric;
        use prometheus_client::metrics::counter::ConstCounter;
        let Some(counts) = self.0.get() else { return Ok(()) };
        let rows: [(&str, &str, &AtomicU64); 4] = [
            ("otlp_spans_exported", "Trace spans this process delivered to the OTLP collector", &counts.spans_exported),
            (
                "otlp_spans_failed",
                "Trace spans this process could not deliver to the OTLP collector (lost: decisions are not affected)",
                &counts.spans_failed,
            ),
            ("otlp_exports", "Span batches the OTLP collector accepted from this process", &counts.batches_exported),
            (
                "otlp_export_failures",
                "Span batches this process failed to export (collector unreachable, HTTP error or timeout, after \
                 retries)",
                &counts.batches_failed,
            ),
        ];
        for (name, help, value) in rows {
            let counter = ConstCounter::new(value.load(Ordering::Relaxed));
            counter.encode(encoder.encode_descriptor(name, help, None, counter.metric_type())?)?;
        }
        Ok(())
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// Seconds, from a few seconds (an approver at the console) to a day (an approval left overnight).
const WAIT_BUCKETS: [f64; 13] =
    [1.0, 5.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0, 3600.0, 7200.0, 28800.0, 86400.0];

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("foureyes");
        let decisions = Family::<Labels, Counter>::default();
        registry.register("decisions", "Decisions made by this process, by verdict", decisions.clone());
        let decision_reasons = Family::<Labels, Counter>::default();
        registry.register(
            "decision_reasons",
            "Reason codes on the decisions made by this process, by verdict and reason (a decision with two reasons \
             counts once under each)",
            decision_reasons.clone(),
        );
        let refusals = Counter::default();
        registry.register("refusals", "Requests refused and journaled (bad input, wrong role, …)", refusals.clone());
        let unauthorized = Counter::default();
        registry.register(
            "unauthorized_requests",
            "Requests answered 401 (no, unknown or revoked credential; wrong scraper secret). Counted, not journaled: \
             the journal records what principals did, and anyone who can reach the port could grow it (ADR-56)",
            unauthorized.clone(),
        );
        let buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];
        let decide_seconds = Histogram::new(buckets);
        registry.register(
            "decide_duration_seconds",
            "Durable decide latency, including the commit",
            decide_seconds.clone(),
        );
        let approval_wait_seconds = Family::<Labels, Histogram>::new_with_constructor(|| Histogram::new(WAIT_BUCKETS));
        registry.register(
            "approval_wait_seconds",
            "How long approvals waited for the human decision given through this process, from the request to the \
             approving vote or the rejection, by decision",
            approval_wait_seconds.clone(),
        );
        let kill_switch = Gauge::default();
        registry.register("kill_switch_engaged", "1 while the kill switch is engaged", kill_switch.clone());
        let pending_approvals = Gauge::default();
        registry.register("pending_approvals", "Approvals waiting for a human", pending_approvals.clone());
        let oldest_pending_age = Gauge::<f64, AtomicU64>::default();
        registry.register(
            "oldest_pending_approval_age_seconds",
            "Age of the oldest approval still waiting for a human (0 when none waits)",
            oldest_pending_age.clone(),
        );
        let journal_head = Gauge::default();
        registry.register(
            "journal_head_seq",
            "Sequence number of the newest journal event: the journal's length",
            journal_head.clone(),
        );
        let door_memory = Family::<Labels, Gauge>::default();
        registry.register(
            "door_memory_entries",
            "Records this door's authority state holds in memory, by part (ADR-700): bounded by the live set and by \
             time (request ids after --request-memory, ADR-373; window entries after the longest window, ADR-376), \
             not by the journal's length (`undone`: under the seal key, until the longest compensation window plus an \
             hour, ADR-996) — except, without the seal key, `decisions` and `undone`",
            door_memory.clone(),
        );
        let door_memory_bytes = Gauge::default();
        registry.register(
            "door_memory_table_bytes",
            "Bytes allocated by the decisions' and request ids' tables of this door's authority state (capacity)",
            door_memory_bytes.clone(),
        );
        let mcp_blocked = Family::<Labels, Counter>::default();
        registry.register(
            "mcp_calls_blocked",
            "MCP tools/call requests the proxy did not forward: decisions on `mcp.*` actions whose verdict was not \
             permit, by verdict. Read from the shared journal (the proxy is another process): the same on every \
             replica",
            mcp_blocked.clone(),
        );
        let mcp_forwarded = Family::<Labels, Counter>::default();
        registry.register(
            "mcp_calls_forwarded",
            "MCP tools/call requests the proxy forwarded to the upstream: permitted `mcp.*` decisions reported \
             executed, failed or unknown, by outcome. Read from the shared journal (the proxy is another process): \
             the same on every replica",
            mcp_forwarded.clone(),
        );
        let shed = Family::<Labels, Counter>::default();
        registry.register(
            "shed",
            "Things a designed limit turned away in this process, by limit: connections past the cap (503), accept \
             failures (fd limit), waiters and SSE subscribers past their caps (503), subscribers dropped for falling \
             behind (they resume with Last-Event-ID), credentials throttled for refused requests (429)",
            shed.clone(),
        );
        let otlp = Arc::new(OnceLock::new());
        registry.register_collector(Box::new(ExportCollector(otlp.clone())));
        Metrics {
            registry,
            decisions,
            decision_reasons,
            refusals,
            unauthorized,
            decide_seconds,
            approval_wait_seconds,
            kill_switch,
            pending_approvals,
            oldest_pending_age,
            journal_head,
            door_memory,
            door_memory_bytes,
            mcp_blocked,
            mcp_forwarded,
            mcp_tail: tokio::sync::Mutex::new(McpTail::default()),
            otlp,
            shed,
            shed_log: std::sync::Mutex::new(ShedLog::default()),
        }
    }

    /// Counts one thing `limit` turned away, and logs (to stderr) what was shed since the last line when the last
    /// line is older than [`SHED_LOG_INTERVAL`].
    pub fn shed(&self, limit: Limit, detail: &str) {
        self.shed.get_or_create(&labels(&[("limit", limit.as_str())])).inc();
        let Ok(mut log) = self.shed_log.lock() else { return };
        if let Some(i) = Limit::ALL.iter().position(|l| *l == limit) {
            log.since_last[i] += 1;
        }
        let now = std::time::Instant::now();
        if log.last_logged.is_some_and(|t| now.duration_since(t) < SHED_LOG_INTERVAL) {
            return;
        }
        let counts: Vec<String> = Limit::ALL
            .iter()
            .zip(log.since_last)
            .filter(|(_, n)| *n > 0)
            .map(|(l, n)| format!("{n} {}", l.as_str()))
            .collect();
        eprintln!(
            "foureyes: load shed ({}; latest: {} — {detail}); next report in {} s at the earliest",
            counts.join(", "),
            limit.as_str(),
            SHED_LOG_INTERVAL.as_secs()
        );
        log.since_last = [0; 6];
        log.last_logged = Some(now);
    }

    /// Shows the trace exporter's counts on `/metrics` from now on (the first call wins: one exporter per process).
    pub fn show_export_counts(&self, counts: Arc<ExportCounts>) {
        let _ = self.otlp.set(counts);
    }

    /// Counts one decide call of this process: its latency, its verdict (`error` when the store failed) and each
    /// reason code it carries.
    pub fn observe_decide(&self, elapsed: Duration, record: Option<&DecisionRecord>) {
        self.decide_seconds.observe(elapsed.as_secs_f64());
        let verdict = record.map_or("error", |r| Verdict::as_str(r.verdict));
        self.decisions.get_or_create(&labels(&[("verdict", verdict)])).inc();
        for reason in record.iter().flat_map(|r| &r.reasons) {
            self.decision_reasons
                .get_or_create(&labels(&[("verdict", verdict), ("reason", reason.code.as_str())]))
                .inc();
        }
    }

    /// Records a human decision that closed an approval (`approved` or `rejected`) after `waited_ms`.
    pub fn observe_human_decision(&self, decision: &str, waited_ms: i64) {
        let seconds = waited_ms.max(0) as f64 / 1000.0;
        self.approval_wait_seconds.get_or_create(&labels(&[("decision", decision)])).observe(seconds);
    }

    /// Reads the journal past the last scrape and counts MCP calls blocked and forwarded.
    async fn follow_mcp(&self, store: &dyn Store) -> Result<(), StoreError> {
        let mut tail = self.mcp_tail.lock().await;
        let mut read = 0;
        while read < MCP_EVENTS_PER_SCRAPE {
            let page = store.journal(tail.after_seq, 1000).await?;
            let Some(last) = page.last() else { break };
            let (last_seq, full) = (last.seq, page.len() == 1000);
            read += page.len();
            for event in &page {
                self.count_mcp(&mut tail, event.kind, &event.data);
            }
            tail.after_seq = last_seq;
            if !full {
                break;
            }
        }
        Ok(())
    }

    fn count_mcp(&self, tail: &mut McpTail, kind: EventKind, data: &serde_json::Value) {
        let decision_id = data.get("decision_id").and_then(serde_json::Value::as_i64);
        match kind {
            EventKind::Decided => {
                let is_mcp =
                    data.pointer("/request/action").and_then(|a| a.as_str()).is_some_and(|a| a.starts_with("mcp."));
                let verdict = data.get("verdict").and_then(|v| v.as_str());
                match (is_mcp, verdict, decision_id) {
                    (true, Some("permit"), Some(id)) => {
                        tail.open_permits.insert(id);
                        while tail.open_permits.len() > MCP_OPEN_PERMITS_MAX {
                            tail.open_permits.pop_first();
                        }
                    }
                    (true, Some(verdict), _) => {
                        self.mcp_blocked.get_or_create(&labels(&[("verdict", verdict)])).inc();
                    }
                    _ => {}
                }
            }
            EventKind::Executed | EventKind::Failed | EventKind::Unknown => {
                if let Some(id) = decision_id
                    && tail.open_permits.remove(&id)
                {
                    self.mcp_forwarded.get_or_create(&labels(&[("outcome", kind.as_str())])).inc();
                }
            }
            _ => {}
        }
    }
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/metrics", get(metrics))
}

/// Middleware over the whole router: counts every 401, whichever extractor or handler produced it.
pub async fn count_unauthorized(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let response = next.run(request).await;
    if response.status() == axum::http::StatusCode::UNAUTHORIZED {
        state.metrics.unauthorized.inc();
    }
    response
}

async fn metrics(State(state): State<AppState>, headers: axum::http::HeaderMap) -> axum::response::Response {
    if let Some(expected) = &state.metrics_token {
        let given = headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        if !same_secret(given.as_bytes(), expected.as_bytes()) {
            return crate::error::ApiError::unauthorized().into_response();
        }
    }
    scrape(&state).await.into_response()
}

impl Metrics {
    /// `door_memory_entries{part}` and `door_memory_table_bytes` from the authority state's counts.
    fn set_door_memory(&self, held: &foureyes_store::authority::Retained) {
        let parts = [
            ("decisions", held.decisions),
            ("request_ids", held.request_ids),
            ("releasable", held.releasable),
            ("held_by", held.held_by),
            ("window_entries", held.window_entries),
            ("keys", held.keys),
            ("approvals", held.approvals),
            ("deadlines", held.deadlines),
            ("expired", held.expired),
            ("started", held.started),
            ("undone", held.undone),
            ("demotions", held.demotions),
            ("denials", held.denials),
            ("to_seal", held.to_seal),
        ];
        for (part, n) in parts {
            self.door_memory.get_or_create(&labels(&[("part", part)])).set(i64::try_from(n).unwrap_or(i64::MAX));
        }
        self.door_memory_bytes.set(i64::try_from(held.bytes).unwrap_or(i64::MAX));
    }
}

/// Compares without an early exit on the first differing byte, so the time taken says nothing about the prefix.
fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    given.len() == expected.len() && given.iter().zip(expected).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

async fn scrape(state: &AppState) -> impl IntoResponse {
    // Gauges that describe the shared database are read at scrape time, so every replica reports the same truth. A
    // failed read leaves the last value (the scrape still answers: metrics must not fail with the database).
    let now = state.now_ms();
    if let Ok(engaged) = state.store.kill_switch().await {
        state.metrics.kill_switch.set(i64::from(engaged));
    }
    if let Ok(pending) = state.store.approvals(Some(foureyes_core::ApprovalStatus::Pending), now).await {
        state.metrics.pending_approvals.set(pending.len() as i64);
        let oldest_ms = pending.iter().map(|a| now - a.created_at_ms).max().unwrap_or(0).max(0);
        state.metrics.oldest_pending_age.set(oldest_ms as f64 / 1000.0);
    }
    if let Ok(head_seq) = state.store.journal_head().await {
        state.metrics.journal_head.set(head_seq as i64);
    }
    if let Some(held) = state.store.retained().await {
        state.metrics.set_door_memory(&held);
    }
    let _ = state.metrics.follow_mcp(state.store.as_ref()).await;
    let mut text = String::new();
    match prometheus_client::encoding::text::encode(&mut text, &state.metrics.registry) {
        Ok(()) => (StatusCode::OK, [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text),
        Err(e) => {
            (StatusCode::INTERNAL_SERVER_ERROR, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], e.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn text(metrics: &Metrics) -> String {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &metrics.registry).unwrap();
        text
    }

    #[test]
    fn export_counts_appear_once_given_and_follow_the_atomics() {
        let metrics = Metrics::new();
        assert!(!text(&metrics).contains("otlp"), "no exporter, no exporter counters");
        let counts = Arc::new(ExportCounts::default());
        metrics.show_export_counts(counts.clone());
        counts.count(3, true);
        counts.count(2, false);
        counts.count(5, false);
        let text = text(&metrics);
        for line in [
            "foureyes_otlp_spans_exported_total 3",
            "foureyes_otlp_exports_total 1",
            "foureyes_otlp_spans_failed_total 7",
            "foureyes_otlp_export_failures_total 2",
            "# TYPE foureyes_otlp_export_failures counter",
        ] {
            assert!(text.lines().any(|l| l == line), "missing `{line}` in:\n{text}");
        }
    }
}
