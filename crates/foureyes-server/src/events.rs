//! `GET /v1/events`: the journal as a live Server-Sent Events stream. Each event's SSE `id` is its seq, so a client
//! that reconnects with `Last-Event-ID` (or `?after_seq=`) misses nothing. New events are found by reading the
//! database (woken early by writes in this process), so events written by other processes and replicas appear too.

use crate::auth::Caller;
use crate::error::ApiResult;
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
use std::time::Duration;

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
    after: u64,
    wake: tokio::sync::broadcast::Receiver<()>,
    pending: std::collections::VecDeque<foureyes_core::journal::Event>,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

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
    let after = match resume.or(q.after_seq) {
        Some(seq) => seq,
        // A fresh subscriber starts at the head: it wants what happens next.
        None => state.store.journal_head().await?,
    };
    let wake = state.bus.subscribe();
    let cursor = Cursor { state, after, wake, pending: Default::default(), _permit: permit };
    let stream = stream::unfold(cursor, |mut c| async move {
        loop {
            if let Some(event) = c.pending.pop_front() {
                let sse = Event::default()
                    .id(event.seq.to_string())
                    .event(event.kind.as_str())
                    .data(serde_json::to_string(&event).unwrap_or_default());
                return Some((Ok(sse), c));
            }
            match c.state.store.journal(c.after, 200).await {
                Ok(page) if !page.is_empty() => {
                    c.after = page.last().map_or(c.after, |e| e.seq);
                    c.pending.extend(page);
                    continue;
                }
                _ => {}
            }
            tokio::select! {
                _ = c.wake.recv() => {}
                _ = tokio::time::sleep(Duration::from_millis(500)) => {}
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
