//! The `mcp` connector over Streamable HTTP against a server that misbehaves once the call is sent (issue 12's
//! gate7 brief, item 5; the `http` connector's twins are in `execute.rs`): it answers the `tools/call` with HTTP 500,
//! with HTTP 403 (attack 28's H6: a 4xx to the call is no proof the tool did not run), with a JSON body far over the cap, with an event stream that never ends (comments only, for ever), or with one
//! event that never ends (data without the blank line that closes it). The server is a small axum app that speaks
//! just enough of the protocol (`initialize`, `tools/list`, then the fault), because no SDK server can be made to
//! fail this way; it records each call it receives. In every case the call was sent, so the outcome is `unknown`
//! (the tool may have run) and the reservation is kept, within the spec's deadline, and the call is sent once.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use foureyes_connect::Door;
use foureyes_core::{ActionRequest, Outcome, Policy, Verdict};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The calls the server received, by fault.
#[derive(Clone, Default)]
struct Calls(Arc<Mutex<Vec<String>>>);

/// Chunks that never end: `chunk` every `every`, for ever (a cap or the deadline must end the read).
fn for_ever(
    chunk: &'static [u8],
    every: Duration,
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> + Send + 'static {
    futures_util::stream::unfold((), move |()| async move {
        tokio::time::sleep(every).await;
        Some((Ok(Bytes::from_static(chunk)), ()))
    })
}

/// 64 KiB of event data.
static DATA: [u8; 65536] = [b'x'; 65536];

async fn serve(State(calls): State<Calls>, Path(fault): Path<String>, _: HeaderMap, body: Bytes) -> Response {
    let message: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let id = message.get("id").cloned().unwrap_or(Value::Null);
    let result = |result: Value| {
        let answer = json!({"jsonrpc": "2.0", "id": id, "result": result});
        (
            [(header::CONTENT_TYPE, "application/json"), (header::HeaderName::from_static("mcp-session-id"), "s-1")],
            answer.to_string(),
        )
            .into_response()
    };
    match message.get("method").and_then(Value::as_str) {
        Some("initialize") => result(json!({"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
            "serverInfo": {"name": "faulty", "version": "1"}})),
        Some("tools/list") => result(json!({"tools": [{"name": "pay", "description": "Send a payment.",
            "inputSchema": {"type": "object", "properties": {"amount": {"type": "number"}, "to": {"type": "string"}}}}]})),
        Some("tools/call") => {
            calls.0.lock().unwrap().push(fault.clone());
            let sse = [(header::CONTENT_TYPE, "text/event-stream")];
            match fault.as_str() {
                "fail500" => (StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response(),
                // Attack 28's H6 (F391): a 4xx to the call itself, after the tool may have run.
                "fail403" => (StatusCode::FORBIDDEN, "no").into_response(),
                "huge" => {
                    let text = "x".repeat(foureyes_connect::mcp::MAX_MESSAGE_BYTES + 1024);
                    result(json!({"content": [{"type": "text", "text": text}]}))
                }
                "endless" => {
                    let comments = for_ever(b": still working\n\n", Duration::from_millis(200));
                    (sse, Body::from_stream(comments)).into_response()
                }
                "unclosed" => {
                    let start = futures_util::stream::once(async { Ok(Bytes::from_static(b"data: ")) });
                    let data = start.chain(for_ever(&DATA, Duration::from_millis(5)));
                    (sse, Body::from_stream(data)).into_response()
                }
                _ => (StatusCode::NOT_FOUND, "no such fault").into_response(),
            }
        }
        // Notifications and anything else: accepted, no body.
        _ => StatusCode::ACCEPTED.into_response(),
    }
}

async fn faulty_server() -> (String, Calls) {
    let calls = Calls::default();
    let app = Router::new().route("/{fault}", axum::routing::post(serve)).with_state(calls.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, calls)
}

fn policy(base: &str) -> Arc<Policy> {
    let mut yaml = String::from("version: 1\nactions:\n");
    for fault in ["fail500", "fail403", "huge", "endless", "unclosed"] {
        yaml.push_str(&format!(
            "  pay.{fault}:\n    tier: 2\n    limits: [{{ count: 1, per: 1h }}]\n    params:\n      amount: {{ type: number, \
             min: 0, max: 50 }}\n      to: {{ type: string, max_len: 30 }}\n    execute:\n      mcp:\n        server: \
             faulty\n        url: \"{base}/{fault}\"\n        tool: pay\n        timeout: 3s\n"
        ));
    }
    let policy = Policy::from_yaml("faults.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    foureyes_connect::check_policy(&policy).unwrap();
    Arc::new(policy)
}

fn pay(id: &str, action: &str) -> ActionRequest {
    crate::action_request(id, "agent-bot", action, json!({"amount": 10, "to": "bob"}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_fails_after_the_call_was_sent_leaves_it_unknown_and_keeps_the_reservation() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> =
        Arc::new(SqliteStore::open(dir.path().join("foureyes.db"), SqliteOptions::default()).unwrap());
    let (base, calls) = faulty_server().await;
    let policy = policy(&base);
    store.record_policy(&policy, 1_767_225_600_000).await.unwrap();
    let clock_ms = Arc::new(std::sync::atomic::AtomicI64::new(1_767_225_600_000));
    let clock =
        Arc::new(move || clock_ms.fetch_add(1, std::sync::atomic::Ordering::SeqCst)) as foureyes_connect::door::Clock;
    let door = Door { store: store.clone(), secrets: None, clock };
    for (fault, expected) in [
        ("fail500", "the server answered 500"),
        ("fail403", "403"),
        ("huge", "over the cap"),
        ("endless", "no answer within 3000 ms"),
        ("unclosed", "over the cap"),
    ] {
        let action = format!("pay.{fault}");
        let started = std::time::Instant::now();
        let x = door.execute(policy.clone(), pay(&format!("{fault}-1"), &action)).await.unwrap();
        let took = started.elapsed();
        let detail = x.decision.report_detail.clone().unwrap_or_default();
        let context = format!("{fault}: {:?} after {took:?}: {detail}", x.outcome);
        assert_eq!(
            (x.decision.verdict, x.ran, x.outcome),
            (Verdict::Permit, true, Some(Outcome::Unknown)),
            "{context}"
        );
        let error = detail["error"].as_str().unwrap_or_default();
        assert!(error.contains(expected) && error.contains("may have run"), "{context}");
        assert!(took < Duration::from_secs(30), "the deadline (3 s) did not end the run: {context}");
        let again = door.execute(policy.clone(), pay(&format!("{fault}-2"), &action)).await.unwrap();
        assert_eq!((again.decision.verdict, again.ran), (Verdict::Defer, false), "the reservation is kept: {context}");
        let sent = calls.0.lock().unwrap().iter().filter(|c| *c == fault).count();
        assert_eq!(sent, 1, "the call is sent once: {context}");
    }
}
