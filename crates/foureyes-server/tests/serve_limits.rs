//! `foureyes_server::serve` on a real socket: the bounds it puts on peers (issue 21). Slow headers, slow bodies
//! and idle keep-alive connections are closed within their timeouts.
#![allow(clippy::unwrap_used)]

use crate::common;

use foureyes_server::Limits;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Short timeouts so the checks take a second, not minutes.
fn short_limits() -> Limits {
    Limits {
        header_timeout: Duration::from_millis(400),
        request_timeout: Duration::from_millis(600),
        write_timeout: Duration::from_millis(600),
        ..Limits::default()
    }
}

/// Serves the harness's state with `limits` on 127.0.0.1, until the test ends.
async fn start(h: &common::Harness, limits: Limits) -> SocketAddr {
    let mut state = h.state.clone();
    state.set_limits(limits);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(foureyes_server::serve(listener, state, std::future::pending()));
    addr
}

/// Reads until the server closes the connection (EOF or reset) or `within` passes; returns what was read and
/// whether it was closed in time.
async fn read_until_closed(stream: &mut TcpStream, within: Duration) -> (String, bool) {
    let mut seen = Vec::new();
    let closed = tokio::time::timeout(within, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await
    .is_ok();
    (String::from_utf8_lossy(&seen).into_owned(), closed)
}

#[tokio::test]
async fn a_slow_header_is_closed_within_the_header_timeout() {
    let h = common::harness().await;
    let addr = start(&h, short_limits()).await;
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let started = Instant::now();
    slow.write_all(b"POST /v1/decide HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    // One more header line, well inside the timeout: still no end of head.
    tokio::time::sleep(Duration::from_millis(150)).await;
    let _ = slow.write_all(b"X-Slow: 1\r\n").await;
    let (_, closed) = read_until_closed(&mut slow, Duration::from_secs(3)).await;
    assert!(closed, "a connection that never finished its head was still open after 3 s (header timeout 400 ms)");
    assert!(started.elapsed() < Duration::from_millis(1500), "closed only after {:?}", started.elapsed());
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_within_the_header_timeout() {
    let h = common::harness().await;
    let addr = start(&h, short_limits()).await;
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let started = Instant::now();
    let (answer, closed) = read_until_closed(&mut idle, Duration::from_secs(3)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(closed, "an idle keep-alive connection was still open after 3 s (idle timeout 400 ms)");
    assert!(started.elapsed() < Duration::from_millis(1500), "closed only after {:?}", started.elapsed());
}

#[tokio::test]
async fn a_slow_body_gets_408_and_is_closed_within_the_request_timeout() {
    let h = common::harness().await;
    let addr = start(&h, short_limits()).await;
    let slow = TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = slow.into_split();
    let head = format!(
        "POST /v1/decide HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\n\
         Content-Length: 200\r\n\r\n{{\"request_id\"",
        common::AGENT
    );
    writer.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    // A byte every 100 ms: each arrives well inside any per-read timeout, the whole body never does.
    let trickle = tokio::spawn(async move {
        for _ in 0..40 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if writer.write_all(b" ").await.is_err() {
                return;
            }
        }
    });
    let mut seen = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(3), async {
        let mut buf = [0u8; 4096];
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await
    .is_ok();
    trickle.abort();
    let answer = String::from_utf8_lossy(&seen);
    assert!(answer.starts_with("HTTP/1.1 408"), "a slow body was answered {answer:?} after {:?}", started.elapsed());
    assert!(answer.contains("request_timeout"), "{answer}");
    assert!(closed, "the slow body's connection was still open after 3 s (request timeout 600 ms)");
    assert!(started.elapsed() < Duration::from_millis(1500), "closed only after {:?}", started.elapsed());
}

/// Sends one request on a fresh connection and reads the answer until the server closes it or `within` passes.
async fn one_request(addr: SocketAddr, request: &str, within: Duration) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    read_until_closed(&mut stream, within).await.0
}

#[tokio::test]
async fn at_the_connection_cap_a_client_gets_a_clean_503_and_the_shed_is_counted() {
    let h = common::harness().await;
    let limits = Limits { max_connections: 3, header_timeout: Duration::from_secs(20), ..Limits::default() };
    let addr = start(&h, limits).await;
    // Three idle connections fill the cap.
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    let answer = one_request(addr, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", Duration::from_secs(5)).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "past the cap: {answer:?}");
    assert!(answer.to_ascii_lowercase().contains("retry-after: 1"), "{answer}");
    assert!(answer.contains("\"overloaded\""), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(2), "the 503 took {:?}", started.elapsed());
    // Room again once a held connection closes; the shed is on /metrics.
    held.pop();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let metrics =
        one_request(addr, "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", Duration::from_secs(5))
            .await;
    assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics}");
    assert!(metrics.contains("foureyes_shed_total{limit=\"connections\"} 1"), "{metrics}");
}

#[tokio::test]
async fn past_the_waiter_cap_a_wait_gets_503_with_retry_after() {
    use tower::ServiceExt;
    let h = common::harness().await;
    let mut state = h.state.clone();
    state.set_limits(Limits { max_waiters: 1, ..Limits::default() });
    let app = foureyes_server::app(state);
    let (id, _, _, _) = h.deferral(10.0).await;
    let uri = format!("/v1/decisions/{id}/wait?timeout=5s");
    let first = tokio::spawn(app.clone().oneshot(common::req("GET", &uri).token(common::AGENT).build()));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let second = common::send(&app, common::req("GET", &uri).token(common::AGENT)).await;
    assert_eq!(second.status, axum::http::StatusCode::SERVICE_UNAVAILABLE, "{}", second.text());
    assert_eq!(second.headers.get("retry-after").unwrap(), "1");
    assert_eq!(second.json()["error"]["code"], "overloaded");
    first.abort();
    // The permit is back once the first wait ends.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let third =
        common::send(&app, common::req("GET", &format!("/v1/decisions/{id}/wait?timeout=10ms")).token(common::AGENT))
            .await;
    assert_eq!(third.status, axum::http::StatusCode::OK, "{}", third.text());
    let metrics = common::send(&app, common::req("GET", "/metrics")).await.text();
    assert!(metrics.contains("foureyes_shed_total{limit=\"waiters\"} 1"), "{metrics}");
}

#[tokio::test]
async fn past_the_subscriber_cap_a_subscriber_gets_503_with_retry_after() {
    use tower::ServiceExt;
    let h = common::harness().await;
    let mut state = h.state.clone();
    state.set_limits(Limits { max_subscribers: 2, ..Limits::default() });
    let app = foureyes_server::app(state);
    let subscribe = || app.clone().oneshot(common::req("GET", "/v1/events").token(common::APPROVER).build());
    let one = subscribe().await.unwrap();
    let two = subscribe().await.unwrap();
    assert_eq!((one.status(), two.status()), (axum::http::StatusCode::OK, axum::http::StatusCode::OK));
    let three = subscribe().await.unwrap();
    assert_eq!(three.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(three.headers().get("retry-after").unwrap(), "1");
    // A subscriber that leaves gives its place back.
    drop(one);
    let four = subscribe().await.unwrap();
    assert_eq!(four.status(), axum::http::StatusCode::OK);
    drop((two, four));
}

#[test]
fn the_soft_fd_limit_is_raised_to_the_hard_one_and_the_connection_cap_fits_below_it() {
    let soft = foureyes_server::listen::raise_fd_limit().unwrap();
    let (_, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
    assert_eq!(soft, hard, "the soft limit is not the hard one");
    use foureyes_server::listen::{FD_RESERVE, OVERFLOW_CONNECTIONS, connection_cap};
    // 1,024 descriptors: the cap leaves the reserve and the overflow free.
    let (cap, lowered) = connection_cap(4096, 1024);
    assert!(lowered);
    assert_eq!(cap as u64 + OVERFLOW_CONNECTIONS as u64 + FD_RESERVE, 1024);
    assert_eq!(connection_cap(100, 1024), (100, false));
}
