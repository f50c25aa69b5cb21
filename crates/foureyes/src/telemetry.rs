//! OpenTelemetry trace export for `foureyes serve`: the spans `foureyes_server::telemetry` emits go to an OTLP/HTTP
//! collector as protobuf, on the workspace's blocking `reqwest` client (no gRPC stack). Off unless configured:
//! `--otlp-endpoint URL` (or `OTEL_EXPORTER_OTLP_ENDPOINT`, the same base URL; traces go to `URL/v1/traces`) or
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full traces URL). `OTEL_SDK_DISABLED=true` turns it off again.
//!
//! The exporter lives in the binary, not in `foureyes-server`: the server crate must reach no HTTP client
//! (`foureyes-server/tests/boundaries.rs`), so it only emits `tracing` spans and names their parents.
//!
//! Spans are batched on the SDK's own thread and sent in the background: a slow or absent collector never delays
//! a decision. A batch that cannot be delivered is dropped (the journal, not the trace, is the record).

use crate::{EXIT_REFUSED, Exit};
use opentelemetry::KeyValue;
use opentelemetry::trace::TracerProvider;
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::Layer;
use tracing_subscriber::layer::SubscriberExt;

/// The running exporter; [`Telemetry::shutdown`] flushes what is still batched.
pub struct Telemetry {
    provider: SdkTracerProvider,
    /// Where spans go, for the startup line.
    pub endpoint: String,
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

/// Starts the exporter and installs the tracing subscriber that feeds it, if tracing is configured.
pub async fn start(flag: Option<&str>) -> Result<Option<Telemetry>, Exit> {
    let Some(endpoint) = traces_endpoint(flag)? else { return Ok(None) };
    // The blocking HTTP client must be built (and later dropped) off the async runtime's threads.
    let target = endpoint.clone();
    let built = tokio::task::spawn_blocking(move || build(&target)).await;
    let provider = built.map_err(|e| Exit::new(EXIT_REFUSED, format!("OTLP exporter: {e}")))??;
    let layer = tracing_opentelemetry::layer()
        .with_tracer(provider.tracer("foureyes"))
        // Only the door's spans: never the exporter's own HTTP calls (which would trace themselves forever).
        .with_filter(tracing_subscriber::filter::filter_fn(|m| m.target().starts_with("foureyes")));
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer))
        .map_err(|e| Exit::new(EXIT_REFUSED, format!("OTLP exporter: cannot install the tracing subscriber: {e}")))?;
    Ok(Some(Telemetry { provider, endpoint }))
}

fn build(endpoint: &str) -> Result<SdkTracerProvider, Exit> {
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
    // OTEL_SERVICE_NAME, when set, names the service (the SDK reads it); else it is `foureyes`.
    if std::env::var("OTEL_SERVICE_NAME").is_err() {
        resource = resource.with_service_name("foureyes");
    }
    Ok(SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource.build()).build())
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
}
