//! `/metrics`: each metric of issue 8 appears and moves when what it counts happens — decisions by verdict and
//! reason, pending approvals and the oldest one's age, how long humans took, decide latency, the journal's length,
//! and MCP proxy calls blocked and forwarded (read from the journal, since the proxy is another process that writes
//! to the database directly: here its decisions and reports are made on the store, not through this server).
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::{ActionRequest, Outcome};
use foureyes_store::Store;
use serde_json::{Value, json};

/// The test policy plus two MCP tools, named as the proxy names them (`mcp.<server>.<tool>`).
fn policy() -> String {
    format!(
        "{POLICY}  mcp.fs.read_file: {{ tier: 0, params: {{ path: {{ type: string }} }} }}\n  mcp.fs.write_file: {{ tier: 3 }}\n"
    )
}

/// One scrape, as `name{labels}` → value.
async fn scrape(h: &Harness) -> Vec<(String, f64)> {
    let r = h.send(req("GET", "/metrics")).await;
    assert_eq!(r.status, 200);
    r.text()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (name, value) = l.rsplit_once(' ').unwrap();
            (name.to_string(), value.parse().unwrap())
        })
        .collect()
}

/// The value of `name`, 0 when the series does not exist yet (a counter that never moved).
fn value(samples: &[(String, f64)], name: &str) -> f64 {
    samples.iter().find(|(n, _)| n == name).map_or(0.0, |(_, v)| *v)
}

/// Every `# HELP` line of a scrape.
async fn help(h: &Harness) -> String {
    h.send(req("GET", "/metrics"))
        .await
        .text()
        .lines()
        .filter(|l| l.starts_with("# HELP"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn decisions_are_counted_by_verdict_and_by_reason() {
    let h = harness().await;
    let reason = |v: &str, r: &str| format!("foureyes_decision_reasons_total{{verdict=\"{v}\",reason=\"{r}\"}}");
    let before = scrape(&h).await;
    assert_eq!(value(&before, &reason("permit", "observe")), 0.0);
    h.permit().await;
    h.permit().await;
    h.deferral(10.0).await;
    h.decide(AGENT, json!({"request_id": h.rid("g"), "action": "garage.open"})).await;
    let bounds = h
        .decide(
            AGENT,
            json!({"request_id": h.rid("p"), "action": "payments.send", "params": {"amount_eur": 9999, "payee": "x"}}),
        )
        .await;
    assert_eq!(bounds["verdict"], "deny");
    let s = scrape(&h).await;
    assert_eq!(value(&s, &reason("permit", "observe")), 2.0);
    assert_eq!(value(&s, &reason("defer", "approval_required")), 1.0);
    assert_eq!(value(&s, &reason("defer", "default_deny")), 1.0);
    assert_eq!(value(&s, &reason("deny", "bounds")), 1.0);
    assert_eq!(value(&s, "foureyes_decisions_total{verdict=\"defer\"}"), 2.0);
    assert_eq!(value(&s, "foureyes_decisions_total{verdict=\"deny\"}"), 1.0);
    assert_eq!(value(&s, "foureyes_decide_duration_seconds_count"), 5.0);
    assert!(value(&s, "foureyes_decide_duration_seconds_sum") > 0.0);
}

#[tokio::test]
async fn pending_approvals_their_age_and_the_humans_waiting_time() {
    let h = harness().await;
    let s = scrape(&h).await;
    assert_eq!(value(&s, "foureyes_pending_approvals"), 0.0);
    assert_eq!(value(&s, "foureyes_oldest_pending_approval_age_seconds"), 0.0);

    let (_, first, digest, _) = h.deferral(10.0).await;
    h.advance(90_000);
    let (_, second, _, _) = h.deferral(20.0).await;
    h.advance(30_000);
    let s = scrape(&h).await;
    assert_eq!(value(&s, "foureyes_pending_approvals"), 2.0);
    assert_eq!(value(&s, "foureyes_oldest_pending_approval_age_seconds"), 120.0, "the oldest, not the newest");

    let r = h
        .send(req("POST", &format!("/v1/approvals/{first}/approve")).token(APPROVER).json(&json!({"digest": digest})))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let s = scrape(&h).await;
    assert_eq!(value(&s, "foureyes_pending_approvals"), 1.0);
    assert_eq!(value(&s, "foureyes_oldest_pending_approval_age_seconds"), 30.0);
    assert_eq!(value(&s, "foureyes_approval_wait_seconds_count{decision=\"approved\"}"), 1.0);
    assert_eq!(value(&s, "foureyes_approval_wait_seconds_sum{decision=\"approved\"}"), 120.0);
    assert_eq!(value(&s, "foureyes_approval_wait_seconds_bucket{le=\"60.0\",decision=\"approved\"}"), 0.0);
    assert_eq!(value(&s, "foureyes_approval_wait_seconds_bucket{le=\"120.0\",decision=\"approved\"}"), 1.0);

    h.advance(5_000);
    let r = h.send(req("POST", &format!("/v1/approvals/{second}/reject")).token(APPROVER).json(&json!({}))).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let s = scrape(&h).await;
    assert_eq!(value(&s, "foureyes_pending_approvals"), 0.0);
    assert_eq!(value(&s, "foureyes_oldest_pending_approval_age_seconds"), 0.0);
    assert_eq!(value(&s, "foureyes_approval_wait_seconds_count{decision=\"rejected\"}"), 1.0);
    assert_eq!(value(&s, "foureyes_approval_wait_seconds_sum{decision=\"rejected\"}"), 35.0);
}

#[tokio::test]
async fn the_journal_length_follows_the_head() {
    let h = harness().await;
    let s = scrape(&h).await;
    let head = h.head().await;
    assert!(head > 0);
    assert_eq!(value(&s, "foureyes_journal_head_seq"), head as f64);
    h.permit().await;
    let s = scrape(&h).await;
    assert_eq!(value(&s, "foureyes_journal_head_seq"), (head + 1) as f64, "one decision, one event");
}

/// A decision as the MCP proxy makes it: straight on the store, as agent `bot`.
async fn proxy_decide(h: &Harness, request_id: &str, action: &str, params: Value) -> foureyes_core::DecisionRecord {
    let request: ActionRequest =
        serde_json::from_value(json!({"request_id": request_id, "agent": "bot", "action": action, "params": params}))
            .unwrap();
    h.store.decide(h.state.policy(), request, h.now()).await.unwrap()
}

#[tokio::test]
async fn mcp_calls_blocked_and_forwarded_are_read_from_the_journal() {
    let h = harness_with(&policy()).await;
    let blocked = |v: &str| format!("foureyes_mcp_calls_blocked_total{{verdict=\"{v}\"}}");
    let forwarded = |o: &str| format!("foureyes_mcp_calls_forwarded_total{{outcome=\"{o}\"}}");

    // Made before the first scrape: counted all the same (the counters read the journal from its start).
    let read = proxy_decide(&h, "m1", "mcp.fs.read_file", json!({"path": "/etc/hosts"})).await;
    assert_eq!(read.verdict, foureyes_core::Verdict::Permit);
    let write = proxy_decide(&h, "m2", "mcp.fs.write_file", json!({})).await;
    assert_eq!(write.verdict, foureyes_core::Verdict::Defer);
    let s = scrape(&h).await;
    assert_eq!(value(&s, &blocked("defer")), 1.0);
    // A permit is not yet a forwarded call: the proxy reports what the upstream answered.
    assert_eq!(value(&s, &forwarded("executed")), 0.0);

    h.store.report(read.decision_id, Outcome::Executed, json!({}), h.now()).await.unwrap();
    let bad = proxy_decide(&h, "m3", "mcp.fs.read_file", json!({"path": 7})).await;
    assert_eq!(bad.verdict, foureyes_core::Verdict::Deny);
    proxy_decide(&h, "m4", "mcp.fs.delete_everything", json!({})).await;
    let failed = proxy_decide(&h, "m5", "mcp.fs.read_file", json!({"path": "/nope"})).await;
    h.store.report(failed.decision_id, Outcome::Failed, json!({}), h.now()).await.unwrap();
    // Not MCP: neither blocked nor forwarded, whatever the door.
    h.deferral(10.0).await;
    h.executed().await;

    let s = scrape(&h).await;
    assert_eq!(value(&s, &blocked("defer")), 2.0, "the write and the unknown tool");
    assert_eq!(value(&s, &blocked("deny")), 1.0);
    assert_eq!(value(&s, &forwarded("executed")), 1.0);
    assert_eq!(value(&s, &forwarded("failed")), 1.0);
    // Scraping again counts nothing twice.
    let mcp = |samples: &[(String, f64)]| {
        let mut v: Vec<(String, f64)> =
            samples.iter().filter(|(n, _)| n.starts_with("foureyes_mcp_")).cloned().collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    };
    assert_eq!(mcp(&scrape(&h).await), mcp(&s));
    let text = help(&h).await;
    assert!(
        text.contains("# HELP foureyes_mcp_calls_blocked MCP tools/call requests the proxy did not forward"),
        "{text}"
    );
    assert!(text.contains("Read from the shared journal"), "{text}");
}

/// `serve --metrics-token S`: a scraper must send `Bearer S`; a missing, wrong, prefix or FourEyes credential is 401
/// and reveals no metric. Without the option `/metrics` stays open (the other tests here).
#[tokio::test]
async fn a_metrics_token_closes_metrics_to_everyone_else() {
    let mut h = harness().await;
    let mut state = h.state.clone();
    state.metrics_token = Some("scrape-s3cret".into());
    h.app = foureyes_server::app(state);
    for token in [None, Some("wrong"), Some("scrape-s3cre"), Some("scrape-s3cret!"), Some(ADMIN), Some(AGENT)] {
        let r = match token {
            None => h.send(req("GET", "/metrics")).await,
            Some(t) => h.send(req("GET", "/metrics").token(t)).await,
        };
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{token:?}: {}", r.text());
        assert!(!r.text().contains("foureyes_"), "{token:?} saw metrics: {}", r.text());
    }
    let r = h.send(req("GET", "/metrics").token("scrape-s3cret")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert!(r.text().contains("foureyes_refusals_total"), "{}", r.text());
}

#[tokio::test]
async fn unauthorized_requests_are_counted_and_journal_nothing() {
    let h = harness().await;
    let before = scrape(&h).await;
    let head = h.state.store.journal_head().await.unwrap();
    let body = json!({"request_id": "u-1", "action": "email.send", "params": {}});
    let attempts = [
        req("POST", "/v1/decide").json(&body),
        req("POST", "/v1/decide").token("fe_not_a_token").json(&body),
        req("GET", "/v1/approvals?status=pending").token("wrong"),
        req("GET", "/v1/me"),
    ];
    let n = attempts.len() as f64;
    for attempt in attempts {
        assert_eq!(h.send(attempt).await.status, StatusCode::UNAUTHORIZED);
    }
    // A known token on the same endpoints is not counted.
    assert_eq!(h.send(req("GET", "/v1/me").token(AGENT)).await.status, StatusCode::OK);
    let after = scrape(&h).await;
    let name = "foureyes_unauthorized_requests_total";
    assert_eq!(value(&after, name) - value(&before, name), n, "one count per 401");
    assert_eq!(h.state.store.journal_head().await.unwrap(), head, "a 401 writes nothing to the journal");
}
