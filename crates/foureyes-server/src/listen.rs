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
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(30),
        }
    }
}

/// Serves [`crate::app`] on `listener` until `shutdown` resolves, then stops accepting and gives open connections
/// [`SHUTDOWN_GRACE`] to finish.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let limits = state.limits.clone();
    let router = crate::app(state);
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
                tracing::warn!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
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
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
    Ok(())
}

/// How long open connections (a streaming SSE subscriber, a long `/wait`) get to finish after a shutdown signal.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
