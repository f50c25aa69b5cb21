//! `foureyes_server::serve` on a real socket: the bounds it puts on peers (issue 21). Slow headers, slow bodies
//! and idle keep-alive connections are closed within their timeouts.
#![allow(clippy::unwrap_used)]

mod common;

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
    }
}

/// Serves the harness's state with `limits` on 127.0.0.1, until the test ends.
async fn start(h: &common::Harness, limits: Limits) -> SocketAddr {
    let mut state = h.state.clone();
    state.limits = limits;
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
