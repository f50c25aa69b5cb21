//! Waiting that does not poll (issue 21): `/wait` is woken by the process's change feed when an event names its
//! decision or approval, never by a timer of its own nor by other records' writes; the database is read by the
//! feed's one tail, not by each waiter.
#![allow(clippy::unwrap_used)]

use crate::common;

use async_trait::async_trait;
use foureyes_core::journal::{Event, VerifyReport};
use foureyes_core::{ActionRequest, ApprovalRecord, ApprovalStatus, DecisionRecord, DemotionRecord, Outcome, Policy};
use foureyes_store::{AuditReport, Decided, DecisionFilter, Store, StoreError, VoteOutcome};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// A store that counts the reads made through it, and passes everything on.
struct Counting {
    inner: Arc<dyn Store>,
    reads: AtomicU64,
}

impl Counting {
    fn read(&self) {
        self.reads.fetch_add(1, Ordering::SeqCst);
    }
}

#[async_trait]
impl Store for Counting {
    async fn decide(&self, p: Arc<Policy>, r: ActionRequest, now: i64) -> Result<DecisionRecord, StoreError> {
        self.inner.decide(p, r, now).await
    }
    async fn decide_or_replay(&self, p: Arc<Policy>, r: ActionRequest, now: i64) -> Result<Decided, StoreError> {
        self.inner.decide_or_replay(p, r, now).await
    }
    async fn report(&self, id: i64, o: Outcome, d: Value, now: i64) -> Result<DecisionRecord, StoreError> {
        self.inner.report(id, o, d, now).await
    }
    async fn report_by(&self, id: i64, o: Outcome, d: Value, by: &str, now: i64) -> Result<DecisionRecord, StoreError> {
        self.inner.report_by(id, o, d, by, now).await
    }
    async fn approve(&self, id: i64, a: &str, d: Option<&str>, now: i64) -> Result<VoteOutcome, StoreError> {
        self.inner.approve(id, a, d, now).await
    }
    async fn reject(
        &self,
        id: i64,
        a: &str,
        r: Option<&str>,
        d: Option<&str>,
        now: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        self.inner.reject(id, a, r, d, now).await
    }
    async fn revoke(&self, id: i64, by: &str, why: &str, now: i64) -> Result<ApprovalRecord, StoreError> {
        self.inner.revoke(id, by, why, now).await
    }
    async fn expire_approvals(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        self.inner.expire_approvals(now).await
    }
    async fn set_kill_switch(&self, e: bool, by: &str, now: i64) -> Result<bool, StoreError> {
        self.inner.set_kill_switch(e, by, now).await
    }
    async fn kill_switch(&self) -> Result<bool, StoreError> {
        self.read();
        self.inner.kill_switch().await
    }
    async fn record_policy(&self, p: &Policy, now: i64) -> Result<bool, StoreError> {
        self.inner.record_policy(p, now).await
    }
    async fn refuse(&self, a: &str, c: &str, m: &str, i: Value, now: i64) -> Result<u64, StoreError> {
        self.inner.refuse(a, c, m, i, now).await
    }
    async fn decision(&self, id: i64) -> Result<Option<DecisionRecord>, StoreError> {
        self.read();
        self.inner.decision(id).await
    }
    async fn decisions(&self, f: DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
        self.read();
        self.inner.decisions(f).await
    }
    async fn approval(&self, id: i64, now: i64) -> Result<Option<ApprovalRecord>, StoreError> {
        self.read();
        self.inner.approval(id, now).await
    }
    async fn approvals(&self, s: Option<ApprovalStatus>, now: i64) -> Result<Vec<ApprovalRecord>, StoreError> {
        self.read();
        self.inner.approvals(s, now).await
    }
    async fn journal(&self, after: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
        self.read();
        self.inner.journal(after, limit).await
    }
    async fn verify_journal(&self) -> Result<VerifyReport, StoreError> {
        self.inner.verify_journal().await
    }
    async fn journal_head(&self) -> Result<u64, StoreError> {
        self.read();
        self.inner.journal_head().await
    }
    async fn audit(&self) -> Result<AuditReport, StoreError> {
        self.inner.audit().await
    }
    async fn demotions(&self, a: bool, now: i64) -> Result<Vec<DemotionRecord>, StoreError> {
        self.inner.demotions(a, now).await
    }
    async fn restore_session(
        &self,
        a: &str,
        s: Option<&str>,
        by: &str,
        why: &str,
        now: i64,
    ) -> Result<DemotionRecord, StoreError> {
        self.inner.restore_session(a, s, by, why, now).await
    }
}

#[tokio::test]
async fn waiters_wake_on_their_own_record_and_do_not_re_read_on_other_writes() {
    let h = common::harness().await;
    let mut deferrals = Vec::new();
    for i in 0..40 {
        deferrals.push(h.deferral(10.0 + f64::from(i)).await);
    }
    // The waiters' server shares the harness's bus (its writes wake the feed) but reads through the counter.
    let counting = Arc::new(Counting { inner: h.store.clone(), reads: AtomicU64::new(0) });
    let mut state = h.state.clone();
    state.store = counting.clone();
    let waiters_app = foureyes_server::app(state);
    let mut waits = Vec::new();
    for (decision, ..) in &deferrals {
        let request = common::req("GET", &format!("/v1/decisions/{decision}/wait?timeout=20s")).token(common::AGENT);
        let app = waiters_app.clone();
        waits.push(tokio::spawn(async move {
            let started = Instant::now();
            let response = app.oneshot(request.build()).await.unwrap();
            (response.status(), started.elapsed())
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = counting.reads.load(Ordering::SeqCst);
    // Thirty writes about other records, each announced on the bus.
    for _ in 0..30 {
        h.permit().await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let reads = counting.reads.load(Ordering::SeqCst) - before;
    // The feed's tail reads the journal once per wake (or poll): about 30 + 2, whatever the number of waiters.
    // A waiter that re-read on every write (or every 250 ms) would make 40 × 30 × 2 = 2,400.
    assert!(reads <= 80, "40 idle waiters cost {reads} store reads during 30 unrelated writes");
    assert!(waits.iter().all(|w| !w.is_finished()), "a waiter returned without its approval changing");
    // Approving one releases its waiter at once, and only it.
    let (_, approval, digest, _) = &deferrals[7];
    let approved = h
        .send(
            common::req("POST", &format!("/v1/approvals/{approval}/approve"))
                .token(common::APPROVER)
                .json(&json!({"digest": digest})),
        )
        .await;
    assert_eq!(approved.status, axum::http::StatusCode::OK, "{}", approved.text());
    let released = waits.remove(7);
    let (status, took) = tokio::time::timeout(Duration::from_secs(2), released).await.unwrap().unwrap();
    assert_eq!(status, axum::http::StatusCode::OK);
    assert!(took < Duration::from_secs(3), "{took:?}");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(waits.iter().all(|w| !w.is_finished()), "another waiter woke up for that approval");
    for w in waits {
        w.abort();
    }
}

#[tokio::test]
async fn an_approval_written_by_another_process_wakes_its_waiter_through_the_feeds_poll() {
    let h = common::harness().await;
    let (decision, approval, digest, _) = h.deferral(12.0).await;
    let request = common::req("GET", &format!("/v1/decisions/{decision}/wait?timeout=10s")).token(common::AGENT);
    let app = h.app.clone();
    let wait = tokio::spawn(async move { app.oneshot(request.build()).await.unwrap().status() });
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Straight into the database, as the CLI in another process would: nothing is announced on the bus.
    h.store.approve(approval, "alice", Some(&digest), h.now()).await.unwrap();
    let started = Instant::now();
    let status = tokio::time::timeout(Duration::from_secs(3), wait).await.unwrap().unwrap();
    assert_eq!(status, axum::http::StatusCode::OK);
    assert!(started.elapsed() <= foureyes_server::feed::FEED_POLL * 3, "{:?}", started.elapsed());
}

/// Reads SSE frames from `body` until it ends (`true`) or `until_seq` is seen or `within` passes (`false`); returns
/// the event ids seen.
async fn sse_ids(body: &mut axum::body::Body, until_seq: Option<u64>, within: Duration) -> (Vec<u64>, bool) {
    use http_body_util::BodyExt;
    let mut ids = Vec::new();
    let ended = tokio::time::timeout(within, async {
        let mut text = String::new();
        while let Some(frame) = body.frame().await {
            let Ok(data) = frame.unwrap().into_data() else { continue };
            text.push_str(&String::from_utf8_lossy(&data));
            while let Some(end) = text.find("\n\n") {
                let block: String = text.drain(..end + 2).collect();
                if let Some(id) = block.lines().find_map(|l| l.strip_prefix("id:")) {
                    ids.push(id.trim().parse::<u64>().unwrap());
                }
            }
            if until_seq.is_some_and(|s| ids.last() == Some(&s)) {
                return false;
            }
        }
        true
    })
    .await;
    (ids, ended.unwrap_or(false))
}

#[tokio::test]
async fn a_subscriber_that_falls_behind_is_dropped_and_resumes_from_its_last_event_id_missing_nothing() {
    let h = common::harness().await;
    let head = h.head().await;
    let mut first =
        h.app.clone().oneshot(common::req("GET", "/v1/events").token(common::APPROVER).build()).await.unwrap();
    // More events than the shared buffer, while this subscriber reads nothing.
    let count = foureyes_server::feed::SUBSCRIBER_BUFFER as u64 + 200;
    let writes: Vec<_> = (0..count)
        .map(|i| {
            let store = h.store.clone();
            tokio::spawn(async move { store.refuse("bot", "bad_request", "flood", json!({"i": i}), common::T0).await })
        })
        .collect();
    for w in writes {
        w.await.unwrap().unwrap();
    }
    h.state.notify();
    let last = head + count;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let (ids, ended) = sse_ids(first.body_mut(), None, Duration::from_secs(20)).await;
    assert!(ended, "a subscriber {count} events behind was not dropped ({} events read)", ids.len());
    let resume_from = *ids.last().unwrap_or(&head);
    // Resuming with Last-Event-ID delivers the rest, nothing twice, nothing missed.
    let mut second = h
        .app
        .clone()
        .oneshot(
            common::req("GET", "/v1/events")
                .token(common::APPROVER)
                .header("last-event-id", &resume_from.to_string())
                .build(),
        )
        .await
        .unwrap();
    let (rest, _) = if resume_from < last {
        sse_ids(second.body_mut(), Some(last), Duration::from_secs(20)).await
    } else {
        (Vec::new(), false)
    };
    let all: Vec<u64> = ids.into_iter().chain(rest).collect();
    assert_eq!(all, (head + 1..=last).collect::<Vec<_>>());
    let metrics = h.send(common::req("GET", "/metrics")).await.text();
    assert!(metrics.contains("foureyes_shed_total{limit=\"slow_subscriber\"} 1"), "{metrics}");
}

/// A subscriber woken to several queued events sends them in one write (ADR-631): with 500 subscribers each event
/// used to be one frame, one write and one wake of the connection per subscriber — what the decide path paid under
/// load (`bench load`: decide p99 5.7× idle). Frames of the history read from the database go together too.
#[tokio::test]
async fn a_subscriber_sends_the_events_queued_for_it_in_one_write() {
    use http_body_util::BodyExt;
    let h = common::harness().await;
    let mut stream =
        h.app.clone().oneshot(common::req("GET", "/v1/events").token(common::APPROVER).build()).await.unwrap();
    // Past its history (none yet) and waiting on the feed.
    assert!(tokio::time::timeout(Duration::from_millis(300), stream.body_mut().frame()).await.is_err());
    let head = h.head().await;
    for i in 0..10 {
        h.store.refuse("bot", "bad_request", "queued", json!({"i": i}), common::T0).await.unwrap();
    }
    h.state.notify();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let frame = tokio::time::timeout(Duration::from_secs(5), stream.body_mut().frame()).await.unwrap().unwrap();
    let text = String::from_utf8(frame.unwrap().into_data().unwrap().to_vec()).unwrap();
    let ids: Vec<u64> = text.lines().filter_map(|l| l.strip_prefix("id: ")).map(|id| id.parse().unwrap()).collect();
    assert_eq!(ids, (head + 1..=head + 10).collect::<Vec<_>>(), "one write carries every queued event: {text}");
    // Each is a whole event: id, kind, one data line, a blank line.
    assert_eq!(text.matches("\nevent: refused\ndata: {").count(), 10, "{text}");
    assert!(text.ends_with("}\n\n"), "{text}");

    // A subscriber that resumes behind reads its history from the database, and sends it in as few writes.
    let mut resumed = h
        .app
        .clone()
        .oneshot(
            common::req("GET", "/v1/events").token(common::APPROVER).header("last-event-id", &head.to_string()).build(),
        )
        .await
        .unwrap();
    let frame = tokio::time::timeout(Duration::from_secs(5), resumed.body_mut().frame()).await.unwrap().unwrap();
    let text = String::from_utf8(frame.unwrap().into_data().unwrap().to_vec()).unwrap();
    assert_eq!(text.matches("id: ").count(), 10, "{text}");
}
