//! No journal flooding (issue 21): one credential sending garbage adds a bounded number of journal events — the first
//! refusals of each kind in full, the rest as one summary per window (count, first and last time, a sample) — is
//! answered 429 past a threshold, journaled once; and the journal still accounts for every refusal.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::journal::EventKind;
use foureyes_server::refusals::{JOURNALED_PER_WINDOW, REFUSAL_WINDOW_MS, THROTTLE_AFTER};

#[tokio::test]
async fn a_flood_of_malformed_bodies_from_one_token_adds_a_bounded_summary_and_is_throttled() {
    let h = harness().await;
    let head = h.head().await;
    let flood = 1_000u64;
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..flood {
        let r = h.send(req("POST", "/v1/decide").token(AGENT).raw(format!("{{not json {i}"))).await;
        *statuses.entry(r.status).or_insert(0u64) += 1;
        if r.status == StatusCode::TOO_MANY_REQUESTS {
            assert!(r.headers.get("retry-after").is_some(), "a 429 without Retry-After");
            assert_eq!(r.error_code(), "throttled");
        }
    }
    assert_eq!(statuses.get(&StatusCode::BAD_REQUEST), Some(&THROTTLE_AFTER), "{statuses:?}");
    assert_eq!(statuses.get(&StatusCode::TOO_MANY_REQUESTS), Some(&(flood - THROTTLE_AFTER)), "{statuses:?}");
    // Another credential is not affected: its refusal is journaled in full.
    let other = h.send(req("POST", "/v1/decide").token(AGENT2).raw("[1]")).await;
    assert!(other.text().contains("refusal journaled at seq"), "{}", other.text());
    // The window closes; its summary is journaled.
    h.advance(REFUSAL_WINDOW_MS + 1);
    h.state.flush_refusals(false).await.unwrap();
    let events = h.events_after(head).await;
    assert!(events.iter().all(|e| e.kind == EventKind::Refused));
    let by_bot: Vec<_> = events.iter().filter(|e| e.data["agent"] == "bot").collect();
    assert!(by_bot.len() as u64 <= JOURNALED_PER_WINDOW + 2, "{} events for {flood} refusals", by_bot.len());
    let throttled: Vec<_> = by_bot.iter().filter(|e| e.data["code"] == "throttled").collect();
    assert_eq!(throttled.len(), 1, "the throttling is journaled once");
    let summaries: Vec<_> = by_bot.iter().filter(|e| e.data["input"]["repeated"].is_object()).collect();
    assert_eq!(summaries.len(), 1);
    let repeated = &summaries[0].data["input"]["repeated"];
    let full = by_bot.len() as u64 - 2;
    assert_eq!(full, JOURNALED_PER_WINDOW);
    // Every refusal is accounted for: journaled in full, or counted in the summary.
    assert_eq!(full + repeated["count"].as_u64().unwrap(), flood, "{repeated}");
    assert!(repeated["first_ms"].as_i64().unwrap() <= repeated["last_ms"].as_i64().unwrap());
    assert!(summaries[0].data["input"]["sample"]["message"].as_str().unwrap().contains("invalid JSON"));
    let metrics = h.send(req("GET", "/metrics")).await.text();
    let throttled_line = format!("foureyes_shed_total{{limit=\"throttled\"}} {}", flood - THROTTLE_AFTER);
    assert!(metrics.contains(&throttled_line), "{metrics}");
    // A new window: the credential is heard again.
    let again = h.send(req("POST", "/v1/decide").token(AGENT).raw("{nope")).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "{}", again.text());
    assert!(again.text().contains("refusal journaled at seq"), "{}", again.text());
}
