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
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use foureyes_core::Role;
use futures_util::stream::{self, Stream};
use serde::Deserialize;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

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
    _permit: tokio::sync::OwnedSemaphorePermit,
}

/// Events read per query while a subscriber catches up; also its largest backlog.
const CATCH_UP_PAGE: u32 = 200;

async fn events(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Query(q): Query<EventsQuery>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
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
    let cursor = Cursor { state, after, catching_up: true, live, backlog: Default::default(), _permit: permit };
    let stream = stream::unfold(cursor, |mut c| async move {
        loop {
            if let Some(event) = c.backlog.pop_front() {
                c.after = event.seq;
                return Some((Ok(sse(&event)), c));
            }
            if c.catching_up {
                match c.state.store.journal(c.after, CATCH_UP_PAGE).await {
                    Ok(page) => {
                        c.catching_up = page.len() == CATCH_UP_PAGE as usize;
                        c.backlog.extend(page.iter().map(|e| Arc::new(FeedEvent::new(e))));
                        continue;
                    }
                    // The database is unavailable: end the stream; the client resumes with Last-Event-ID.
                    Err(_) => return None,
                }
            }
            match c.live.recv().await {
                // Already sent from the database.
                Ok(event) if event.seq <= c.after => {}
                Ok(event) => {
                    c.after = event.seq;
                    return Some((Ok(sse(&event)), c));
                }
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    // Fell behind by more than the shared buffer: dropped, resumable from `c.after`.
                    c.state.metrics.shed(
                        Limit::SlowSubscriber,
                        &format!("a subscriber fell {missed} events behind at seq {}", c.after),
                    );
                    return None;
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

fn sse(event: &FeedEvent) -> Event {
    Event::default().id(event.seq.to_string()).event(event.kind).data(&event.json)
}
