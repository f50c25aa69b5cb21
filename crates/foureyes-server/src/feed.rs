//! One change feed per process: a single task follows the journal and fans what it reads out to everyone waiting in
//! this process. `/wait` watches the decision and approval it waits on and wakes only when an event names one of
//! them; `/v1/events` subscribers receive each event once read and serialised here, not by each re-reading the
//! database.
//!
//! The tail reads the journal past its cursor when woken by [`crate::AppState::bus`] (every write in this process,
//! and on PostgreSQL every replica's commit, through [`crate::AppState::wake_on`]), and once per [`FEED_POLL`]
//! otherwise: on SQLite, writes by other processes (the CLI, the MCP proxy) are found that way. That one timer is the
//! process's, never a waiter's.
//!
//! Bounds: subscribers share one ring of [`SUBSCRIBER_BUFFER`] events; one that falls further behind is dropped (its
//! stream ends) and resumes from its last event id (`Last-Event-ID`), reading the gap from the database.

use crate::error::ApiError;
use foureyes_core::journal::Event;
use foureyes_store::Store;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OnceCell, broadcast, watch};

/// Events a subscriber may fall behind the tail before it is dropped.
pub const SUBSCRIBER_BUFFER: usize = 1024;
/// How often the tail looks at the journal when nothing woke it (writes by other processes on SQLite).
pub const FEED_POLL: Duration = Duration::from_millis(500);
/// Events the tail reads per query.
const PAGE: u32 = 500;

/// A journal event as subscribers send it: encoded once, as its whole Server-Sent Events frame, for all of them
/// (ADR-631) — each subscriber sends the same bytes, a reference count, not a copy of its own.
#[derive(Debug)]
pub struct FeedEvent {
    pub seq: u64,
    /// `id: SEQ`, `event: KIND`, `data: JSON` and the blank line that ends an event. The JSON is one line
    /// (`serde_json::to_string` escapes every newline), so it is one `data:` field.
    pub frame: axum::body::Bytes,
}

impl FeedEvent {
    pub fn new(event: &Event) -> FeedEvent {
        let json = serde_json::to_string(event).unwrap_or_default();
        let frame = format!("id: {}\nevent: {}\ndata: {json}\n\n", event.seq, event.kind.as_str());
        FeedEvent { seq: event.seq, frame: axum::body::Bytes::from(frame) }
    }
}

/// What a waiter watches: a record an event can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WaitKey {
    Decision(i64),
    Approval(i64),
}

/// The records `event` changes, as its data names them.
fn keys_of(event: &Event) -> impl Iterator<Item = WaitKey> {
    let decision = event.data.get("decision_id").and_then(|v| v.as_i64()).map(WaitKey::Decision);
    let approval = event.data.get("approval_id").and_then(|v| v.as_i64()).map(WaitKey::Approval);
    decision.into_iter().chain(approval)
}

pub struct Feed {
    events: broadcast::Sender<Arc<FeedEvent>>,
    /// One watch per record someone waits on; removed when its last waiter leaves.
    watched: Mutex<HashMap<WaitKey, watch::Sender<u64>>>,
    started: OnceCell<()>,
}

impl Default for Feed {
    fn default() -> Self {
        Feed { events: broadcast::channel(SUBSCRIBER_BUFFER).0, watched: Mutex::default(), started: OnceCell::new() }
    }
}

/// A waiter's hold on one record: [`Watch::changed`] resolves when an event names it.
pub struct Watch {
    feed: Arc<Feed>,
    key: WaitKey,
    rx: watch::Receiver<u64>,
}

impl Watch {
    /// Resolves at the next event naming the record (after the one seen last).
    pub async fn changed(&mut self) {
        if self.rx.changed().await.is_err() {
            // The sender lives while this watch does; a closed one means the feed is gone: never wake.
            std::future::pending::<()>().await;
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let Ok(mut watched) = self.feed.watched.lock() else { return };
        // `self.rx` still counts: the last waiter sees one receiver.
        if watched.get(&self.key).is_some_and(|tx| tx.receiver_count() <= 1) {
            watched.remove(&self.key);
        }
    }
}

impl Feed {
    /// Starts the tail at the journal's head (once per process); `wake` is a receiver of the process's bus.
    pub async fn start(
        self: &Arc<Self>,
        store: &Arc<dyn Store>,
        wake: impl FnOnce() -> broadcast::Receiver<()>,
    ) -> Result<(), ApiError> {
        self.started
            .get_or_try_init(|| async {
                let head = store.journal_head().await?;
                tokio::spawn(tail(self.clone(), store.clone(), wake(), head));
                Ok::<(), ApiError>(())
            })
            .await?;
        Ok(())
    }

    /// Watches `key` from now on: an event about it committed after this call wakes the watch.
    pub fn watch(self: &Arc<Self>, key: WaitKey) -> Watch {
        let mut watched = match self.watched.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let rx = watched.entry(key).or_insert_with(|| watch::channel(0).0).subscribe();
        Watch { feed: self.clone(), key, rx }
    }

    /// A receiver of every event the tail reads from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<FeedEvent>> {
        self.events.subscribe()
    }

    /// Records watched at the moment (for tests and metrics).
    pub fn watched(&self) -> usize {
        self.watched.lock().map(|w| w.len()).unwrap_or(0)
    }

    fn publish(&self, event: &Event) {
        if self.events.receiver_count() > 0 {
            let _ = self.events.send(Arc::new(FeedEvent::new(event)));
        }
        let Ok(watched) = self.watched.lock() else { return };
        for key in keys_of(event) {
            if let Some(tx) = watched.get(&key) {
                tx.send_replace(event.seq);
            }
        }
    }
}

/// The one reader of the journal for waiting: publishes every event past `after`, woken by `wake` or every
/// [`FEED_POLL`]. Ends when the bus closes (every `AppState` is gone).
async fn tail(feed: Arc<Feed>, store: Arc<dyn Store>, mut wake: broadcast::Receiver<()>, mut after: u64) {
    loop {
        // An error (the database is unavailable) ends this round: the next wake or poll tries again.
        while let Ok(page) = store.journal(after, PAGE).await {
            for event in &page {
                feed.publish(event);
                after = event.seq;
            }
            if page.len() < PAGE as usize {
                break;
            }
        }
        tokio::select! {
            woke = wake.recv() => {
                if matches!(woke, Err(broadcast::error::RecvError::Closed)) {
                    return;
                }
            }
            () = tokio::time::sleep(FEED_POLL) => {}
        }
        // A burst of writes is one read.
        while matches!(wake.try_recv(), Ok(()) | Err(broadcast::error::TryRecvError::Lagged(_))) {}
    }
}
