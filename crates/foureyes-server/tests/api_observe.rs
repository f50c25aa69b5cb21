//! Observability: `/healthz`, `/metrics` (Prometheus text format, counting decisions), `/openapi.json`, and the
//! live event stream `/v1/events` (SSE), including events written by another process and resuming by seq.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::body::Body;
use axum::http::{StatusCode, header};
use common::*;
use foureyes_core::ActionRequest;
use foureyes_store::Store;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

#[tokio::test]
async fn healthz_is_ok() {
    let h = harness().await;
    let r = h.send(req("GET", "/healthz")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type().starts_with("application/json"));
    assert_eq!(r.json(), json!({"ok": true, "kill_switch": false}));
}

/// `name{labels} value` lines of a Prometheus text exposition, checked for shape.
fn samples(text: &str) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            assert!(
                line.is_empty()
                    || line.starts_with("# HELP ")
                    || line.starts_with("# TYPE ")
                    || line.starts_with("# UNIT ")
                    || line == "# EOF",
                "bad comment line {line:?}"
            );
            continue;
        }
        let (name, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("bad sample line {line:?}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("bad value in {line:?}"));
        let bare = name.split('{').next().unwrap();
        let valid_name = bare.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && bare.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
        assert!(valid_name && (!name.contains('{') || name.ends_with('}')), "bad metric name {name:?}");
        out.push((name.to_string(), value));
    }
    out
}

fn sample(samples: &[(String, f64)], name: &str) -> Option<f64> {
    samples.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
}

#[tokio::test]
async fn metrics_are_prometheus_text_and_count_decisions() {
    let h = harness().await;
    h.permit().await;
    h.permit().await;
    h.deferral(10.0).await;
    let _ = h.send(req("POST", "/v1/decide").token(AGENT).raw("{")).await;
    let r = h.send(req("GET", "/metrics")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type().starts_with("text/plain; version=0.0.4"), "{}", r.content_type());
    let text = r.text();
    assert!(text.trim_end().ends_with("# EOF"), "{text}");
    let s = samples(&text);
    assert_eq!(sample(&s, "foureyes_decisions_total{verdict=\"permit\"}"), Some(2.0), "{text}");
    assert_eq!(sample(&s, "foureyes_decisions_total{verdict=\"defer\"}"), Some(1.0), "{text}");
    assert_eq!(sample(&s, "foureyes_refusals_total"), Some(1.0), "{text}");
    assert_eq!(sample(&s, "foureyes_pending_approvals"), Some(1.0), "{text}");
    assert_eq!(sample(&s, "foureyes_kill_switch_engaged"), Some(0.0), "{text}");
    assert_eq!(sample(&s, "foureyes_journal_head_seq"), Some(h.head().await as f64), "{text}");
    assert_eq!(sample(&s, "foureyes_decide_duration_seconds_count"), Some(3.0), "{text}");
    // What the door holds in memory, part by part: an operator sees it bounded by the live set and by time.
    assert_eq!(sample(&s, "foureyes_door_memory_entries{part=\"decisions\"}"), Some(3.0), "{text}");
    assert_eq!(sample(&s, "foureyes_door_memory_entries{part=\"request_ids\"}"), Some(3.0), "{text}");
    assert_eq!(sample(&s, "foureyes_door_memory_entries{part=\"approvals\"}"), Some(1.0), "{text}");
    assert!(sample(&s, "foureyes_door_memory_table_bytes").is_some_and(|b| b > 0.0), "{text}");
    assert!(text.contains("# TYPE foureyes_decisions counter"), "{text}");
    assert!(text.contains("# TYPE foureyes_decide_duration_seconds histogram"), "{text}");
    // No credential needed, and scraping writes nothing.
    let before = h.head().await;
    h.send(req("GET", "/metrics")).await;
    assert_eq!(h.head().await, before);
}

#[tokio::test]
async fn the_openapi_description_is_served() {
    let h = harness().await;
    let r = h.send(req("GET", "/openapi.json")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type().starts_with("application/json"));
    let v = r.json();
    assert_eq!(v, serde_json::from_str::<Value>(foureyes_server::OPENAPI_JSON).unwrap());
    assert!(v["openapi"].as_str().unwrap().starts_with("3.1"));
}

/// Reads SSE events from `body` until one whose text satisfies `want`, or panics after `limit`. A frame may carry
/// several events (ADR-631): what follows the one returned stays in `buffer` for the next call.
async fn next_event(body: &mut Body, buffer: &mut String, limit: Duration, want: impl Fn(&str) -> bool) -> String {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            if want(&event) {
                return event;
            }
        }
        let frame = tokio::time::timeout_at(deadline, body.frame())
            .await
            .unwrap_or_else(|_| panic!("no matching event within {limit:?}; unread: {buffer:?}"))
            .expect("the stream ended")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
    }
}

fn field<'a>(event: &'a str, name: &str) -> Option<&'a str> {
    event.lines().find_map(|l| l.strip_prefix(&format!("{name}:")).map(str::trim))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_stream_delivers_new_events_live() {
    let h = harness().await;
    let head = h.head().await;
    let response = h.app.clone().oneshot(req("GET", "/v1/events").token(APPROVER).build()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers().get(header::CONTENT_TYPE).unwrap(), "text/event-stream");
    let mut body = response.into_body();
    let mut buffer = String::new();

    // A decision through this server (wakes the stream through the bus)...
    let (_, approval, _, _) = h.deferral(33.0).await;
    let event =
        next_event(&mut body, &mut buffer, Duration::from_secs(5), |e| field(e, "event") == Some("approval_requested"))
            .await;
    let data: Value = serde_json::from_str(field(&event, "data").unwrap()).unwrap();
    assert!(field(&event, "id").unwrap().parse::<u64>().unwrap() > head, "{event}");
    assert_eq!(data["kind"], "approval_requested");
    assert!(data.to_string().contains(&format!("\"approval_id\":{approval}")), "{data}");

    // ...and a write by another process (straight to the database: no wake-up, found by polling).
    let request = ActionRequest {
        request_id: "other-process".into(),
        agent: "bot".into(),
        session: None,
        action: "weather.get".into(),
        params: Default::default(),
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    };
    let d = h.store.decide(h.state.policy(), request, h.now()).await.unwrap();
    let event = next_event(&mut body, &mut buffer, Duration::from_secs(5), |e| {
        field(e, "event") == Some("decided") && e.contains("other-process")
    })
    .await;
    let data: Value = serde_json::from_str(field(&event, "data").unwrap()).unwrap();
    assert!(data.to_string().contains(&format!("\"decision_id\":{}", d.decision_id)), "{data}");
}

#[tokio::test]
async fn the_event_stream_resumes_from_last_event_id() {
    let h = harness().await;
    let response = h
        .app
        .clone()
        .oneshot(req("GET", "/v1/events").token(ADMIN).header("last-event-id", "2").build())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let mut buffer = String::new();
    let event = next_event(&mut body, &mut buffer, Duration::from_secs(5), |_| true).await;
    assert_eq!(field(&event, "id"), Some("3"), "{event}");
    let event = next_event(&mut body, &mut buffer, Duration::from_secs(5), |_| true).await;
    assert_eq!(field(&event, "id"), Some("4"), "{event}");
}
