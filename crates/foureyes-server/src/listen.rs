//! The accept loop in front of [`crate::app`]: every connection is served by hyper's HTTP/1 connection with a timer,
//! so no peer holds a socket (a file descriptor, a task, buffers) longer than a designed bound.
//!
//! - **Header read** ([`Limits::header_timeout`]): hyper's `header_read_timeout`. Hyper starts that timer whenever
//!   the connection waits for a request head, which is also when a keep-alive connection is idle: the idle
//!   keep-alive timeout and the header timeout are one timer (ADR-120).
//! - **Request** ([`Limits::request_timeout`]): tower-http's `TimeoutLayer` on every route but the long-lived ones
//!   (`/wait`, `/v1/events`); a body that trickles in slower than that gets `408` and the connection is closed (hyper
//!   closes a connection whose request body was not read to its end).
//! - **Write progress** ([`Limits::write_timeout`]): a socket whose writes make no progress for that long (a peer
//!   that stopped reading, e.g. an SSE subscriber) fails, and hyper drops the connection (`tokio-io-timeout`).

use crate::AppState;
use axum::http::{Response, StatusCode, header};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_io_timeout::TimeoutStream;

/// The bounds `foureyes serve` puts on peers. [`Limits::default`] is what the CLI's defaults are.
#[derive(Debug, Clone)]
pub struct Limits {
    /// A request head must arrive within this, counted from the moment the connection waits for one: on a new
    /// connection and on an idle keep-alive one alike.
    pub header_timeout: Duration,
    /// A request (reading its body and answering it) must finish within this, except the long-lived `/wait` and
    /// `/v1/events`, which have their own bounds.
    pub request_timeout: Duration,
    /// A write to a peer that makes no progress for this long closes its connection.
    pub write_timeout: Duration,
    /// Connections served at once. Past it, a connection is answered `503` with `Retry-After` and closed (from
    /// [`OVERFLOW_CONNECTIONS`] more descriptors); [`connection_cap`] keeps it below the fd limit.
    pub max_connections: usize,
    /// `/wait` long polls open at once; past it, `503` with `Retry-After`.
    pub max_waiters: usize,
    /// `/v1/events` subscribers open at once; past it, `503` with `Retry-After`.
    pub max_subscribers: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(30),
            max_connections: 4096,
            max_waiters: 4096,
            max_subscribers: 1024,
        }
    }
}

/// File descriptors kept for everything but connections: the database (SQLite's file, WAL and shared memory per
/// connection, or a PostgreSQL pool), the listener, webhooks and trace export, standard streams.
pub const FD_RESERVE: u64 = 128;
/// Connections past the cap that are still accepted, to be answered `503` and closed (instead of waiting unseen in
/// the kernel's accept queue). Past these too, a connection is sent a bare `503` at once and closed.
pub const OVERFLOW_CONNECTIONS: usize = 128;
/// What `Retry-After` says when a cap is reached, in seconds.
pub const RETRY_AFTER_S: u64 = 1;

/// Raises this process's soft limit on open files to its hard limit, and returns the soft limit now in force
/// (`None` where it cannot be read).
pub fn raise_fd_limit() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

/// The connection cap for `fd_limit` descriptors: `requested`, lowered so that the connections, the overflow that is
/// answered `503`, and [`FD_RESERVE`] fit. Returns the cap and whether `requested` was lowered.
pub fn connection_cap(requested: usize, fd_limit: u64) -> (usize, bool) {
    let room = fd_limit.saturating_sub(FD_RESERVE + OVERFLOW_CONNECTIONS as u64).max(1);
    let room = usize::try_from(room).unwrap_or(usize::MAX);
    if requested > room { (room, true) } else { (requested.max(1), false) }
}

/// Serves [`crate::app`] on `listener` until `shutdown` resolves, then stops accepting and gives open connections
/// [`SHUTDOWN_GRACE`] to finish.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    serve_doors(listener, state, Vec::new(), shutdown).await
}

/// [`serve`] for several namespaces (ADR-500): `main`'s door, and each of `others` for the requests whose
/// credential names its namespace ([`crate::doors`]). The limits are `main`'s: they bound the listener, whichever
/// door a request reaches.
pub async fn serve_doors(
    listener: TcpListener,
    state: AppState,
    others: Vec<AppState>,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let limits = state.limits.clone();
    let shed = state.metrics.clone();
    let connections = std::sync::Arc::new(tokio::sync::Semaphore::new(limits.max_connections));
    let overflow = std::sync::Arc::new(tokio::sync::Semaphore::new(OVERFLOW_CONNECTIONS));
    // Repeated refusals are journaled as summaries when their window closes, even if no refusal follows; each door
    // into its own journal.
    let all: Vec<AppState> = std::iter::once(state.clone()).chain(others.iter().cloned()).collect();
    let flusher = {
        let all = all.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(5)).await;
                for state in &all {
                    let _ = state.flush_refusals(false).await;
                }
            }
        })
    };
    let router = crate::doors(state, others);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let stream = match accepted {
            Ok((stream, _peer)) => stream,
            Err(e) => {
                // Out of file descriptors (or another transient accept error): the connection waits in the
                // kernel's backlog; retry shortly instead of spinning.
                shed.shed(crate::metrics::Limit::Accept, &e.to_string());
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            shed.shed(crate::metrics::Limit::Connections, &format!("{} connections open", limits.max_connections));
            match overflow.clone().try_acquire_owned() {
                Ok(permit) => {
                    tokio::spawn(answer_busy(stream, limits.header_timeout.min(Duration::from_secs(2)), permit));
                }
                // No descriptor to spare for reading its request: answer before it is read (the send buffer of a new
                // socket takes it at once) and close.
                Err(_) => {
                    let _ = stream.try_write(BARE_503);
                }
            }
            continue;
        };
        let mut io = TimeoutStream::new(stream);
        io.set_write_timeout(Some(limits.write_timeout));
        let io = TokioIo::new(Box::pin(io));
        let service = TowerToHyperService::new(router.clone());
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(io, service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // An error here is the peer's (a timeout, a reset, a malformed request): the connection is closed.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
    flusher.abort();
    // Nothing counted is left out of the journal.
    for state in &all {
        let _ = state.flush_refusals(true).await;
    }
    Ok(())
}

/// How long open connections (a streaming SSE subscriber, a long `/wait`) get to finish after a shutdown signal.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// The answer to a connection past the cap and the overflow, written before its request is read.
const BARE_503: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\ncontent-type: application/json\r\n\
connection: close\r\ncontent-length: 64\r\n\r\n{\"error\":{\"code\":\"overloaded\",\"message\":\"too many connections\"}}";

/// Answers one request on a connection past the cap with `503`, `Retry-After` and `Connection: close`, then closes
/// it. The head must arrive within `header_timeout` (at most 2 s): the overflow is small and must drain.
async fn answer_busy(
    stream: tokio::net::TcpStream,
    header_timeout: Duration,
    permit: tokio::sync::OwnedSemaphorePermit,
) {
    let service = hyper::service::service_fn(|_request| async {
        let body = serde_json::json!({"error": {
            "code": "overloaded",
            "message": "the server has as many connections open as it serves at once: retry after the delay in Retry-After",
        }});
        Response::builder()
            .status(StatusCode::SERVICE_UNAVAILABLE)
            .header(header::RETRY_AFTER, RETRY_AFTER_S.to_string())
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::CONNECTION, "close")
            .body(http_body_util::Full::new(axum::body::Bytes::from(body.to_string())))
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), service);
    let _ = tokio::time::timeout(header_timeout + Duration::from_secs(1), connection).await;
    drop(permit);
}
