//! The notifier against a real SQLite store and a real HTTP receiver on 127.0.0.1.
//!
//! The receiver is a stand-in written here (a small axum server that records every POST and answers from a
//! script): the real peer is Slack's incoming-webhook endpoint, which a test cannot reach and which would not let
//! us script 500s, 400s or a peer that never answers. What it checks is the contract Slack documents: a JSON POST
//! with `text` and `blocks`, 2xx = delivered, 429/5xx = try again later, other 4xx = the message is wrong.
#![allow(clippy::unwrap_used)]

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use foureyes_core::{ActionRequest, Policy, Verdict};
use foureyes_notify::{Counts, Notifier, NotifyConfig};
use foureyes_store::Store;
use foureyes_store::conformance::{POLICY_YAML, request};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// What the receiver does with each POST, in order; when the script runs out it answers 200.
#[derive(Clone, Copy)]
enum Answer {
    Status(u16),
    Never,
}

#[derive(Clone, Default)]
struct Receiver {
    bodies: Arc<Mutex<Vec<Value>>>,
    script: Arc<Mutex<VecDeque<Answer>>>,
}

impl Receiver {
    fn bodies(&self) -> Vec<Value> {
        self.bodies.lock().unwrap().clone()
    }
}

async fn hook(State(r): State<Receiver>, Json(body): Json<Value>) -> StatusCode {
    r.bodies.lock().unwrap().push(body);
    let answer = r.script.lock().unwrap().pop_front().unwrap_or(Answer::Status(200));
    match answer {
        Answer::Status(code) => StatusCode::from_u16(code).unwrap(),
        Answer::Never => std::future::pending().await,
    }
}

/// Starts the receiver; returns its webhook URL.
async fn receiver(script: Vec<Answer>) -> (Receiver, String) {
    let r = Receiver { bodies: Arc::default(), script: Arc::new(Mutex::new(script.into())) };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = Router::new().route("/services/T0/B0/secret", post(hook)).with_state(r.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (r, format!("http://{addr}/services/T0/B0/secret"))
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64
}

fn store(dir: &tempfile::TempDir) -> Arc<dyn Store> {
    Arc::new(SqliteStore::open(dir.path().join("foureyes.db"), SqliteOptions::default()).unwrap())
}

fn policy() -> Arc<Policy> {
    Arc::new(Policy::from_yaml("conformance.yaml", POLICY_YAML).unwrap())
}

fn config(url: &str) -> NotifyConfig {
    let mut c = NotifyConfig::new(vec![url.to_string()]);
    c.poll_interval = Duration::from_millis(50);
    c.console_url = Some("https://fe.example.com".into());
    c
}

async fn until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn payment(id: &str) -> ActionRequest {
    request(id, "payments.send", json!({"amount_eur": 120, "iban": "DE89370400440532013000"}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferral_and_a_kill_switch_post_once_each_and_a_permit_posts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let policy = policy();
    // Old events are not replayed: this deferral happens before the notifier starts.
    store.decide(policy.clone(), payment("before"), now_ms()).await.unwrap();
    let (rx, url) = receiver(vec![]).await;
    let notifier = Notifier::spawn(store.clone(), config(&url)).await.unwrap();

    let permit = store.decide(policy.clone(), request("r1", "files.read", json!({"path": "a.txt"})), now_ms()).await;
    assert_eq!(permit.unwrap().verdict, Verdict::Permit);
    let deferred = store.decide(policy.clone(), payment("p1"), now_ms()).await.unwrap();
    assert_eq!(deferred.verdict, Verdict::Defer);
    let approval_id = deferred.approval_id.unwrap();
    let digest = deferred.digest.clone();
    store.set_kill_switch(true, "admin", now_ms()).await.unwrap();

    until("two POSTs", Duration::from_secs(10), || rx.bodies().len() >= 2).await;
    // The journal is read in order and each queue is FIFO: a message for the permit would have come first.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let bodies = rx.bodies();
    assert_eq!(bodies.len(), 2, "{bodies:#?}");

    let approval = &bodies[0];
    let text = approval["text"].as_str().unwrap();
    assert!(text.contains(&format!("#{approval_id}")) && text.contains("payments.send"), "{text}");
    assert!(text.contains(&digest), "the digest the approver must check: {text}");
    let blocks = approval["blocks"].as_array().unwrap();
    assert_eq!(blocks[0]["type"], "section");
    assert!(blocks[0]["text"]["text"].as_str().unwrap().contains("payments.send"));
    assert_eq!(blocks[1]["type"], "context");
    assert!(blocks[1]["elements"][0]["text"].as_str().unwrap().contains(&digest));
    assert!(approval.to_string().contains("<https://fe.example.com/console|"), "{approval}");

    let kill = bodies[1]["text"].as_str().unwrap();
    assert!(kill.contains("kill switch ENGAGED by `admin`"), "{kill}");
    assert_eq!(notifier.counts(), Counts { enqueued: 2, elsewhere: 0, stale: 0, sent: 2, failed: 0, dropped: 0 });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_are_retried_until_delivered_and_a_client_error_is_given_up() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let (rx, url) = receiver(vec![Answer::Status(500), Answer::Status(500), Answer::Status(200)]).await;
    let notifier = Notifier::spawn(store.clone(), config(&url)).await.unwrap();
    store.set_kill_switch(true, "admin", now_ms()).await.unwrap();
    // Retries after 0.5 s and 1 s.
    until("delivery after two 500s", Duration::from_secs(10), || notifier.counts().sent == 1).await;
    assert_eq!(rx.bodies().len(), 3, "two failed attempts and the delivered one");
    assert_eq!(notifier.counts(), Counts { enqueued: 1, elsewhere: 0, stale: 0, sent: 1, failed: 0, dropped: 0 });
    drop(notifier);

    let (rx, url) = receiver(vec![Answer::Status(400)]).await;
    let notifier = Notifier::spawn(store.clone(), config(&url)).await.unwrap();
    store.set_kill_switch(false, "admin", now_ms()).await.unwrap();
    until("giving up on a 400", Duration::from_secs(10), || notifier.counts().failed == 1).await;
    // Longer than the first retry delay: a retry would have arrived by now.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(rx.bodies().len(), 1, "a 400 is not retried");
    assert_eq!(notifier.counts(), Counts { enqueued: 1, elsewhere: 0, stale: 0, sent: 0, failed: 1, dropped: 0 });
}

/// Median and maximum of `n` deferrals' decide latencies.
async fn decide_latency(store: &Arc<dyn Store>, policy: &Arc<Policy>, tag: &str, n: usize) -> (Duration, Duration) {
    let mut times = Vec::new();
    for i in 0..n {
        let start = Instant::now();
        let d = store.decide(policy.clone(), payment(&format!("{tag}-{i}")), now_ms()).await.unwrap();
        times.push(start.elapsed());
        assert_eq!(d.verdict, Verdict::Defer);
    }
    times.sort();
    (times[n / 2], times[n - 1])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_that_never_answers_slows_no_decision_and_the_queue_stays_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let policy = policy();
    const N: usize = 40;
    const CAPACITY: usize = 5;
    let (base_median, _) = decide_latency(&store, &policy, "baseline", N).await;

    let (rx, url) = receiver(vec![Answer::Never; 100]).await;
    let mut c = config(&url);
    c.queue_capacity = CAPACITY;
    let notifier = Notifier::spawn(store.clone(), c).await.unwrap();
    let (stuck_median, stuck_max) = decide_latency(&store, &policy, "stuck", N).await;
    let head = store.journal_head().await.unwrap();
    until("the follower to catch up", Duration::from_secs(10), || notifier.followed_seq() == head).await;
    until("the first POST to hang", Duration::from_secs(10), || !rx.bodies().is_empty()).await;

    // The sender hangs on the first message (5 s timeout, then retries); the decisions never waited for it.
    eprintln!(
        "decide median: {base_median:?} without the notifier, {stuck_median:?} with it stuck (max {stuck_max:?})"
    );
    assert!(
        stuck_median <= base_median * 3 + Duration::from_millis(20),
        "decide slowed down: median {base_median:?} → {stuck_median:?}"
    );
    assert!(stuck_max < Duration::from_secs(2), "a decide waited on the webhook: {stuck_max:?}");

    let counts = notifier.counts();
    assert_eq!(counts.enqueued, N as u64);
    assert_eq!(counts.sent + counts.failed, 0);
    // At most CAPACITY messages wait and one is in flight; the rest were dropped (oldest first). Whether the sender
    // took its first message before the queue overflowed depends on scheduling, hence the range.
    let kept = N as u64 - counts.dropped;
    assert!(kept == CAPACITY as u64 || kept == CAPACITY as u64 + 1, "{counts:?}");
    assert_eq!(rx.bodies().len(), 1);
}

#[tokio::test]
async fn bad_webhook_urls_are_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    for url in ["not a url", "ftp://example.com/x", "file:///etc/passwd"] {
        let err = Notifier::spawn(store.clone(), NotifyConfig::new(vec![url.into()])).await.unwrap_err();
        assert!(err.to_string().contains("webhook"), "{err}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wake_channel_makes_the_follower_read_before_its_next_poll() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let (rx, url) = receiver(vec![]).await;
    let (bus, _) = tokio::sync::broadcast::channel(16);
    let mut c = config(&url);
    c.poll_interval = Duration::from_secs(3600);
    c.wake = Some(bus.subscribe());
    let notifier = Notifier::spawn(store.clone(), c).await.unwrap();
    // The follower reads once at start, then sleeps for an hour unless woken.
    tokio::time::sleep(Duration::from_millis(100)).await;
    store.set_kill_switch(true, "admin", now_ms()).await.unwrap();
    bus.send(()).unwrap();
    until("the woken follower's POST", Duration::from_secs(10), || rx.bodies().len() == 1).await;
    assert_eq!(notifier.counts().sent, 1);
}

/// Two notifiers on one store (as two replicas on one database), each with the same two webhooks: every event
/// reaches each webhook exactly once, and between them the notifiers claimed each (event, webhook) once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_notifiers_on_one_store_post_each_event_once_to_each_webhook() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let policy = policy();
    let (rx1, url1) = receiver(vec![]).await;
    let (rx2, url2) = receiver(vec![]).await;
    let (bus, _) = tokio::sync::broadcast::channel(64);
    let both = |wake| {
        let mut c = NotifyConfig::new(vec![url1.clone(), url2.clone()]);
        c.poll_interval = Duration::from_millis(50);
        // One bus wakes both followers at once: they read the same events at the same moment and race to claim.
        c.wake = Some(wake);
        c
    };
    let a = Notifier::spawn(store.clone(), both(bus.subscribe())).await.unwrap();
    let b = Notifier::spawn(store.clone(), both(bus.subscribe())).await.unwrap();

    const N: usize = 12;
    let mut ids = Vec::new();
    for i in 0..N {
        let d = store.decide(policy.clone(), payment(&format!("pair-{i}")), now_ms()).await.unwrap();
        ids.push(d.approval_id.unwrap());
        let _ = bus.send(());
    }
    until("each webhook's N POSTs", Duration::from_secs(20), || rx1.bodies().len() >= N && rx2.bodies().len() >= N)
        .await;
    // Longer than several polls: a second copy would have arrived by now.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for rx in [&rx1, &rx2] {
        let mut seen: Vec<String> = rx
            .bodies()
            .iter()
            .map(|b| {
                let text = b["text"].as_str().unwrap();
                ids.iter().find(|id| text.contains(&format!("approval #{id} "))).unwrap().to_string()
            })
            .collect();
        assert_eq!(seen.len(), N, "one POST per approval, not one per notifier: {:#?}", rx.bodies());
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), N, "every approval posted, none twice");
    }
    let (ca, cb) = (a.counts(), b.counts());
    eprintln!("notifier a: {ca:?}; notifier b: {cb:?}");
    assert_eq!(ca.enqueued + cb.enqueued, 2 * N as u64, "{ca:?} {cb:?}");
    assert_eq!(ca.elsewhere + cb.elsewhere, 2 * N as u64, "each claim lost by the other notifier: {ca:?} {cb:?}");
    assert_eq!(ca.sent + cb.sent, 2 * N as u64);
}

/// Events older than `STALE_AFTER_MS` when read are neither claimed nor posted (their claims may already be
/// pruned), and say so in the counts; fresh events around them are posted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_older_than_the_claims_retention_allows_are_not_posted() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let (rx, url) = receiver(vec![]).await;
    let notifier = Notifier::spawn(store.clone(), config(&url)).await.unwrap();
    // The store takes the time it is given: this event is dated just past the limit (replayed, a frozen clock…).
    let old = now_ms() - foureyes_notify::STALE_AFTER_MS - 60_000;
    store.set_kill_switch(true, "admin", old).await.unwrap();
    store.set_kill_switch(false, "admin", now_ms()).await.unwrap();
    until("the fresh event's POST", Duration::from_secs(10), || rx.bodies().len() == 1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let bodies = rx.bodies();
    assert_eq!(bodies.len(), 1, "{bodies:#?}");
    assert!(bodies[0]["text"].as_str().unwrap().contains("released"), "{bodies:#?}");
    assert_eq!(notifier.counts(), Counts { enqueued: 1, elsewhere: 0, stale: 1, sent: 1, failed: 0, dropped: 0 });
}

/// A store that cannot claim (its claims table gone for a while) delays the message: not posted unclaimed, not
/// lost, and posted once when claims work again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_the_store_cannot_answer_is_retried_and_posted_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("foureyes.db");
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(&path, SqliteOptions::default()).unwrap());
    let (rx, url) = receiver(vec![]).await;
    let notifier = Notifier::spawn(store.clone(), config(&url)).await.unwrap();
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute_batch("ALTER TABLE notification_claims RENAME TO claims_away").unwrap();
    store.set_kill_switch(true, "admin", now_ms()).await.unwrap();
    // Several polls: the follower reads the event, fails to claim it, and retries.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(rx.bodies().is_empty(), "nothing is posted without a claim");
    assert_eq!(notifier.counts().enqueued, 0);
    assert_eq!(notifier.followed_seq(), 0, "the follower waits at the event it could not claim");
    raw.execute_batch("ALTER TABLE claims_away RENAME TO notification_claims").unwrap();
    until("the POST once claims work", Duration::from_secs(10), || rx.bodies().len() == 1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(rx.bodies().len(), 1);
    assert_eq!(notifier.counts(), Counts { enqueued: 1, elsewhere: 0, stale: 0, sent: 1, failed: 0, dropped: 0 });
    assert_eq!(notifier.followed_seq(), store.journal_head().await.unwrap());
}
