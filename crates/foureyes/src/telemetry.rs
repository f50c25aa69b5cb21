//! OpenTelemetry trace export for `foureyes serve` and `foureyes mcp-proxy`: the spans `foureyes_server::telemetry`
//! and `foureyes_mcp::trace` emit go to an OTLP/HTTP collector as protobuf, on the workspace's blocking `reqwest`
//! client (no gRPC stack). Off unless configured:
//! `--otlp-endpoint URL` (or `OTEL_EXPORTER_OTLP_ENDPOINT`, the same base URL; traces go to `URL/v1/traces`) or
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full traces URL). `OTEL_SDK_DISABLED=true` turns it off again.
//!
//! The exporter lives in the binary, not in `foureyes-server`: the server crate must reach no HTTP client
//! (`foureyes-server/tests/boundaries.rs`), so it only emits `tracing` spans and names their parents.
//!
//! Spans are batched on the SDK's own thread and sent in the background: a slow or absent collector never delays
//! a decision. A batch that cannot be delivered is dropped (the journal, not the trace, is the record) — but not
//! silently: [`Counted`] wraps the OTLP exporter, counts delivered and failed batches and spans into an
//! [`ExportCounts`] (shown on `foureyes serve`'s `/metrics`), and warns on stderr at the first failure, then at most
//! once a minute while it lasts, and once when export recovers. All of it runs on the exporter's thread, after the
//! spans were handed over: nothing here is on a decision's path.

use crate::{EXIT_REFUSED, Exit};
use foureyes_server::ExportCounts;
use opentelemetry::KeyValue;
use opentelemetry::trace::TracerProvider;
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::trace::{SdkTracerProvider, SpanData, SpanExporter};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::SubscriberExt;

/// How often, at most, a lasting export failure is warned about again.
const WARN_EVERY: Duration = Duration::from_secs(60);

/// The running exporter; [`Telemetry::shutdown`] flushes what is still batched.
pub struct Telemetry {
    provider: SdkTracerProvider,
    /// Where spans go, for the startup line.
    pub endpoint: String,
    /// What the exporter delivered and lost (`foureyes serve` shows them on `/metrics`).
    pub counts: Arc<ExportCounts>,
}

/// Where traces go, or `None` when tracing is not configured. `flag` is `--otlp-endpoint` (which clap also fills
/// from `OTEL_EXPORTER_OTLP_ENDPOINT`).
pub fn traces_endpoint(flag: Option<&str>) -> Result<Option<String>, Exit> {
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
        return Err(Exit::new(
            EXIT_REFUSED,
            format!("OTLP endpoint `{url}` is not an http:// or https:// URL (e.g. http://127.0.0.1:4318)"),
        ));
    }
    // A base URL gets the signal path, as the OpenTelemetry spec says for OTEL_EXPORTER_OTLP_ENDPOINT.
    if base && !url.trim_end_matches('/').ends_with("/v1/traces") {
        return Ok(Some(format!("{}/v1/traces", url.trim_end_matches('/'))));
    }
    Ok(Some(url))
}

/// Starts the exporter and installs the tracing subscriber that feeds it, if tracing is configured. `service` is
/// the default `service.name` (`OTEL_SERVICE_NAME` overrides it).
pub async fn start(flag: Option<&str>, service: &'static str) -> Result<Option<Telemetry>, Exit> {
    let Some(endpoint) = traces_endpoint(flag)? else { return Ok(None) };
    let counts = Arc::new(ExportCounts::default());
    // The blocking HTTP client must be built (and later dropped) off the async runtime's threads.
    let (target, shared) = (endpoint.clone(), counts.clone());
    let built = tokio::task::spawn_blocking(move || build(&target, service, shared)).await;
    let provider = built.map_err(|e| Exit::new(EXIT_REFUSED, format!("OTLP exporter: {e}")))??;
    let layer = tracing_opentelemetry::layer()
        .with_tracer(provider.tracer("foureyes"))
        // Only the door's spans: never the exporter's own HTTP calls (which would trace themselves forever).
        .with_filter(tracing_subscriber::filter::filter_fn(|m| m.target().starts_with("foureyes")));
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer))
        .map_err(|e| Exit::new(EXIT_REFUSED, format!("OTLP exporter: cannot install the tracing subscriber: {e}")))?;
    Ok(Some(Telemetry { provider, endpoint, counts }))
}

fn build(endpoint: &str, service: &'static str, counts: Arc<ExportCounts>) -> Result<SdkTracerProvider, Exit> {
    // An https:// collector needs a TLS provider: the workspace's rustls runs on `ring` (as in foureyes-notify).
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(endpoint)
        .build()
        .map_err(|e| Exit::new(EXIT_REFUSED, format!("OTLP exporter for {endpoint}: {e}")))?;
    let mut resource = Resource::builder().with_attribute(KeyValue::new("process.pid", i64::from(std::process::id())));
    // OTEL_SERVICE_NAME, when set, names the service (the SDK reads it); else it is `service`.
    if std::env::var("OTEL_SERVICE_NAME").is_err() {
        resource = resource.with_service_name(service);
    }
    let exporter = Counted::new(exporter, endpoint, counts);
    Ok(SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource.build()).build())
}

/// The OTLP exporter, counting what it delivers and loses and saying so on stderr (see the module doc).
#[derive(Debug)]
struct Counted<E> {
    inner: E,
    endpoint: String,
    counts: Arc<ExportCounts>,
    health: Mutex<Health>,
}

impl<E> Counted<E> {
    fn new(inner: E, endpoint: &str, counts: Arc<ExportCounts>) -> Counted<E> {
        Counted { inner, endpoint: endpoint.to_string(), counts, health: Mutex::new(Health::default()) }
    }
}

impl<E: SpanExporter> SpanExporter for Counted<E> {
    async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
        let spans = batch.len();
        let result = self.inner.export(batch).await;
        self.counts.count(spans, result.is_ok());
        let line = {
            let mut health = self.health.lock().unwrap_or_else(PoisonError::into_inner);
            match &result {
                Ok(()) => health.delivered(&self.endpoint),
                Err(e) => health.failed(Instant::now(), &self.endpoint, &e.to_string(), spans, &self.counts),
            }
        };
        if let Some(line) = line {
            eprintln!("{line}");
        }
        result
    }

    fn shutdown_with_timeout(&self, timeout: Duration) -> OTelSdkResult {
        self.inner.shutdown_with_timeout(timeout)
    }

    fn shutdown(&self) -> OTelSdkResult {
        self.inner.shutdown()
    }

    fn force_flush(&self) -> OTelSdkResult {
        self.inner.force_flush()
    }

    // The OTLP exporter puts the resource (service name, `process.pid`) on every batch: it must get it.
    fn set_resource(&mut self, resource: &Resource) {
        self.inner.set_resource(resource);
    }
}

/// Whether export is failing, and when that was last said: decides which failures and recoveries get a line.
#[derive(Debug, Default)]
struct Health {
    /// Set while export fails: when the last warning was printed, and the batches and spans lost since the first.
    outage: Option<Outage>,
}

#[derive(Debug)]
struct Outage {
    warned_at: Instant,
    batches: u64,
    spans: u64,
}

impl Health {
    /// A batch of `spans` spans could not be delivered (already counted in `counts`): the warning to print, if one
    /// is due (the first failure of an outage, then at most one a minute, with the running totals).
    fn failed(
        &mut self,
        now: Instant,
        endpoint: &str,
        error: &str,
        spans: usize,
        counts: &ExportCounts,
    ) -> Option<String> {
        let first = self.outage.is_none();
        let outage = self.outage.get_or_insert(Outage { warned_at: now, batches: 0, spans: 0 });
        outage.batches += 1;
        outage.spans += spans as u64;
        if !first && now.duration_since(outage.warned_at) < WARN_EVERY {
            return None;
        }
        outage.warned_at = now;
        let (lost_batches, lost_spans) =
            (counts.batches_failed.load(Ordering::Relaxed), counts.spans_failed.load(Ordering::Relaxed));
        let repeat = if first { " (while it lasts, this is repeated at most once a minute)" } else { "" };
        Some(format!(
            "warning: trace export to {endpoint} failed: {error}; {lost_spans} span(s) in {lost_batches} batch(es) \
             lost so far; decisions are not affected{repeat}"
        ))
    }

    /// A batch was delivered: the recovery line, if export was failing.
    fn delivered(&mut self, endpoint: &str) -> Option<String> {
        let outage = self.outage.take()?;
        Some(format!(
            "trace export to {endpoint} recovered: spans are delivered again ({} span(s) in {} batch(es) were lost)",
            outage.spans, outage.batches
        ))
    }
}

impl Telemetry {
    /// Sends the spans still batched and stops the exporter (at most a few seconds when the collector is gone).
    pub async fn shutdown(self) {
        let provider = self.provider;
        let _ = tokio::task::spawn_blocking(move || {
            let _ = provider.shutdown_with_timeout(std::time::Duration::from_secs(5));
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_url_gets_the_traces_path_and_bad_urls_are_refused() {
        assert_eq!(
            traces_endpoint(Some("http://127.0.0.1:4318")).unwrap().as_deref(),
            Some("http://127.0.0.1:4318/v1/traces")
        );
        assert_eq!(
            traces_endpoint(Some("https://otel.example/")).unwrap().as_deref(),
            Some("https://otel.example/v1/traces")
        );
        assert_eq!(
            traces_endpoint(Some("http://c:4318/v1/traces")).unwrap().as_deref(),
            Some("http://c:4318/v1/traces")
        );
        for bad in ["127.0.0.1:4318", "ftp://c", "http://", "http:///x", "http://a b"] {
            let err = traces_endpoint(Some(bad)).err().unwrap_or_else(|| panic!("{bad:?} accepted"));
            assert_eq!(err.code, EXIT_REFUSED, "{bad:?}");
        }
    }

    #[test]
    fn failures_warn_first_then_once_a_minute_and_a_recovery_is_said_once() {
        let counts = ExportCounts::default();
        let mut health = Health::default();
        let t0 = Instant::now();
        let fail = |health: &mut Health, at: Duration, spans: usize| {
            counts.count(spans, false);
            health.failed(t0 + at, "http://c/v1/traces", "HTTP 503", spans, &counts)
        };
        assert_eq!(health.delivered("http://c/v1/traces"), None, "nothing to recover from");
        let first = fail(&mut health, Duration::ZERO, 3).expect("the first failure is said at once");
        assert!(first.contains("http://c/v1/traces failed: HTTP 503; 3 span(s) in 1 batch(es) lost"), "{first}");
        assert_eq!(fail(&mut health, Duration::from_secs(1), 2), None, "not again within the minute");
        assert_eq!(fail(&mut health, Duration::from_secs(59), 1), None);
        let again = fail(&mut health, Duration::from_secs(61), 4).expect("a minute later, again");
        assert!(again.contains("10 span(s) in 4 batch(es) lost so far"), "{again}");
        assert!(!again.contains("at most once a minute"), "{again}");
        assert_eq!(fail(&mut health, Duration::from_secs(62), 1), None);
        let recovered = health.delivered("http://c/v1/traces").expect("a recovery is said");
        assert!(recovered.contains("recovered") && recovered.contains("11 span(s) in 5 batch(es)"), "{recovered}");
        assert_eq!(health.delivered("http://c/v1/traces"), None, "once");
        // A new outage is said at once again, with the running totals.
        let next = fail(&mut health, Duration::from_secs(63), 1).expect("a new outage is said at once");
        assert!(next.contains("12 span(s) in 6 batch(es) lost so far"), "{next}");
    }
}
