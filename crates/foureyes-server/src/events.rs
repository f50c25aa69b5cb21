//! `GET /v1/events`: the journal as a live Server-Sent Events stream. Each event's SSE `id` is its seq, so a client
//! that reconnects with `Last-Event-ID` (or `?after_seq=`) misses nothing. A subscriber reads the history it asked
//! for from the database, then takes new events from the process's change feed ([`crate::feed`]), which reads
//! the journal once for all subscribers (events of other processes and replicas included). One that falls more
//! than [`crate::feed::SUBSCRIBER_BUFFER`] events behind is dropped and resumes with `Last-Event-ID`.

use crate::auth::Caller;
use crate::error::ApiResult;
use crate::feed::FeedEvent;
use crate::metrics::Limit;
use crate::{AppState, ops};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use foureyes_core::Role;
use futures_util::stream;
use serde::Deserialize;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::{self, error::RecvError};

pub fn routes() -> Router<AppState> {
    Router::new().route("/v1/events", get(events))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsQuery {
    after_seq: Option<u64>,
}

struct Cursor {
    state: AppState,
    /// The last event sent (or the start position): the subscriber's `Last-Event-ID`.
    after: u64,
    /// Still reading the database up to the feed's present (the history the subscriber asked for).
    catching_up: bool,
    live: broadcast::Receiver<Arc<FeedEvent>>,
    backlog: std::collections::VecDeque<Arc<FeedEvent>>,
    /// Fell behind the shared buffer: its stream ends after the chunk it was sending.
    dropped: bool,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

/// Events read per query while a subscriber catches up; also its largest backlog.
const CATCH_UP_PAGE: u32 = 200;

/// Events sent in one write at most: a subscriber that wakes to several queued events sends them together.
const BATCH: usize = 64;
/// A comment line sent to a subscriber that had nothing for this long, so that proxies keep its stream open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

async fn events(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Query(q): Query<EventsQuery>,
) -> ApiResult<Response> {
    ops::require(&state, &caller, &[Role::Approver, Role::Admin], "following the event stream").await?;
    // Held by the stream: the subscriber counts until its stream ends.
    let permit = state.admit(true)?;
    let resume = headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    // Subscribe before reading anything: every event committed from here on is in `live`, every earlier one in the
    // database.
    let live = state.feed().await?.subscribe();
    let after = match resume.or(q.after_seq) {
        Some(seq) => seq,
        // A fresh subscriber starts at the head: it wants what happens next.
        None => state.store.journal_head().await?,
    };
    let cursor =
        Cursor { state, after, catching_up: true, live, backlog: Default::default(), dropped: false, _permit: permit };
    let stream = stream::unfold(cursor, |mut c| async move {
        // The frames are the feed's, encoded once for every subscriber (ADR-631): a chunk is their concatenation,
        // as many as are ready (up to BATCH), so a subscriber that wakes behind sends one write, not one per event.
        if c.dropped {
            return None;
        }
        let mut chunk: Vec<Bytes> = Vec::new();
        while chunk.len() < BATCH {
            if let Some(event) = c.backlog.pop_front() {
                c.after = event.seq;
                chunk.push(event.frame.clone());
                continue;
            }
            if c.catching_up {
                match c.state.store.journal(c.after, CATCH_UP_PAGE).await {
                    Ok(page) => {
                        c.catching_up = page.len() == CATCH_UP_PAGE as usize;
                        c.backlog.extend(page.iter().map(|e| Arc::new(FeedEvent::new(e))));
                        continue;
                    }
                    // The database is unavailable: end the stream; the client resumes with Last-Event-ID.
                    Err(_) if chunk.is_empty() => return None,
                    Err(_) => break,
                }
            }
            let next = if chunk.is_empty() {
                match tokio::time::timeout(KEEP_ALIVE, c.live.recv()).await {
                    Ok(next) => next,
                    Err(_) => return Some((Ok::<Bytes, Infallible>(Bytes::from_static(b":\n\n")), c)),
                }
            } else {
                match c.live.try_recv() {
                    Ok(event) => Ok(event),
                    Err(broadcast::error::TryRecvError::Lagged(missed)) => Err(RecvError::Lagged(missed)),
                    Err(broadcast::error::TryRecvError::Closed) => Err(RecvError::Closed),
                    // Nothing more queued: send what is ready.
                    Err(broadcast::error::TryRecvError::Empty) => break,
                }
            };
            match next {
                // Already sent from the database.
                Ok(event) if event.seq <= c.after => {}
                Ok(event) => {
                    c.after = event.seq;
                    chunk.push(event.frame.clone());
                }
                Err(RecvError::Lagged(missed)) => {
                    // Fell behind by more than the shared buffer: dropped, resumable from `c.after` (the last
                    // event of the chunk below, or of the chunks before it).
                    c.state.metrics.shed(
                        Limit::SlowSubscriber,
                        &format!("a subscriber fell {missed} events behind at seq {}", c.after),
                    );
                    if chunk.is_empty() {
                        return None;
                    }
                    // Send what is ready; the stream ends at the next poll.
                    c.dropped = true;
                    break;
                }
                Err(RecvError::Closed) if chunk.is_empty() => return None,
                Err(RecvError::Closed) => break,
            }
        }
        let bytes = if chunk.len() == 1 { chunk.swap_remove(0) } else { Bytes::from(chunk.concat()) };
        Some((Ok(bytes), c))
    });
    let body = Body::from_stream(stream);
    Ok(([(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")], body).into_response())
}
