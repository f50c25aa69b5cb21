//! A stdio upstream behind a Streamable HTTP listener: `mcp-proxy --name x --listen 127.0.0.1:P -- <cmd args>`.
//!
//! A stdio MCP server serves one client, so every MCP session gets its own child process: an `initialize` POST
//! starts one (and the response carries a fresh, unguessable `MCP-Session-Id`); requests name their session by that
//! header; DELETE ends it (the child's stdin is closed, as a stdio client would). A 2026-07-28 client, which has no
//! `initialize` and no session, shares one child started on its first request.
//!
//! Each child runs behind the **stdio proxy itself** ([`crate::stdio::run_stdio`]) on an in-memory pipe,
//! so the gate, batches, `--hide-denied`, held calls and their progress notifications behave exactly as on stdio;
//! this module only turns HTTP into lines and lines back into HTTP:
//! - a POST body becomes one line (a raw CR or LF in valid JSON can only be whitespace, so it becomes a space; no
//!   other byte changes); its requests' ids are remembered, and each answer line goes back to the POST that asked;
//! - a POST whose client accepts `text/event-stream` gets an SSE response: first the messages that belong to its
//!   requests (progress notifications carrying their `progressToken`, e.g. while a call awaits approval), then the
//!   answers; otherwise one JSON body (an array for a batch);
//! - server-to-client messages that belong to no POST go to the session's GET stream, if one is open (else they
//!   are dropped, and said so on stderr);
//! - notifications and responses from the client get 202.
//!
//! `Origin` is checked and the 2026-07-28 `Mcp-Method`/`Mcp-Name` headers must match the body, as in [`crate::http`].

// The helpers return the HTTP answer itself as their error; it is built once per failed request, so boxing it
// would buy nothing.
#![allow(clippy::result_large_err)]

use crate::framing::{Frame, LineReader, first_significant};
use crate::gate::Gate;
use crate::http::{HEADER_MISMATCH, accepts_sse, check_headers, json_response, origin_allowed, sse_event};
use crate::jsonrpc::{INTERNAL_ERROR, INVALID_REQUEST, Kind, PARSE_ERROR, error_response, id_key, parse_envelope};
use crate::stdio::{StdioOptions, run_stdio};
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::io::{AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// Settings of the stdio-behind-HTTP transport.
#[derive(Debug, Clone)]
pub struct BridgeOptions {
    /// The upstream command and its arguments.
    pub command: Vec<String>,
    /// The path served (`/mcp`).
    pub path: String,
    /// Origins accepted besides loopback ones.
    pub allowed_origins: Vec<String>,
    /// Largest request body.
    pub max_body_bytes: usize,
    /// Most concurrent sessions (child processes).
    pub max_sessions: usize,
    pub stdio: StdioOptions,
}

impl BridgeOptions {
    pub fn new(command: Vec<String>) -> BridgeOptions {
        BridgeOptions {
            command,
            path: "/mcp".into(),
            allowed_origins: Vec::new(),
            max_body_bytes: crate::framing::DEFAULT_MAX_LINE_BYTES,
            max_sessions: 16,
            stdio: StdioOptions::default(),
        }
    }
}

/// A message for a POST's response: `last` when it answers one of the POST's requests.
struct Delivery {
    frame: Vec<u8>,
    last: bool,
}

/// One child process behind the stdio proxy.
struct Upstream {
    /// Taken (dropped) when the session ends, which closes the pipe to the stdio proxy.
    to_proxy: Mutex<Option<mpsc::Sender<Vec<u8>>>>,
    routes: Mutex<Routes>,
    /// When a request last named this session (clients that never send DELETE leave sessions behind).
    last_used: Mutex<std::time::Instant>,
}

#[derive(Default)]
struct Routes {
    /// In-flight requests by id key: where their answer goes.
    waiting: HashMap<String, mpsc::UnboundedSender<Delivery>>,
    /// Progress tokens (by key) of in-flight requests: their notifications go with the request.
    progress: HashMap<String, String>,
    /// The session's GET stream.
    stream: Option<mpsc::UnboundedSender<Delivery>>,
    closed: bool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Upstream {
    fn start(gate: Arc<Gate>, options: &BridgeOptions) -> Arc<Upstream> {
        let (ours, theirs) = tokio::io::duplex(1 << 20);
        let (proxy_read, proxy_write) = tokio::io::split(theirs);
        let (our_read, mut our_write) = tokio::io::split(ours);
        let (to_proxy, mut frames) = mpsc::channel::<Vec<u8>>(64);
        let upstream = Arc::new(Upstream {
            to_proxy: Mutex::new(Some(to_proxy)),
            routes: Mutex::new(Routes::default()),
            last_used: Mutex::new(std::time::Instant::now()),
        });
        tokio::spawn(async move {
            while let Some(mut frame) = frames.recv().await {
                frame.push(b'\n');
                if our_write.write_all(&frame).await.is_err() {
                    break;
                }
            }
            // The session ended: the stdio proxy sees its client close and closes the child's stdin.
            let _ = our_write.shutdown().await;
        });
        let command = options.command.clone();
        let stdio = options.stdio.clone();
        let max = stdio.max_upstream_line_bytes;
        tokio::spawn(async move {
            if let Err(e) = run_stdio(gate, &command, proxy_read, proxy_write, stdio).await {
                eprintln!("foureyes mcp-proxy: {e}");
            }
        });
        let reader = upstream.clone();
        tokio::spawn(async move {
            let mut lines = LineReader::new(BufReader::new(our_read), max);
            while let Ok(Some(frame)) = lines.next_frame().await {
                if let Frame::Line(line) = frame {
                    reader.route(line);
                }
            }
            reader.close();
        });
        upstream
    }

    /// Sends one line from the proxy to whoever waits for it.
    fn route(&self, line: Vec<u8>) {
        if first_significant(&line) == Some(b'[') {
            let items: Vec<Box<serde_json::value::RawValue>> = serde_json::from_slice(&line).unwrap_or_default();
            for item in items {
                self.route(item.get().as_bytes().to_vec());
            }
            return;
        }
        let mut routes = lock(&self.routes);
        let target = match parse_envelope(&line) {
            Ok(e) if e.kind() == Kind::Response => {
                let key = id_key(&e.id_value());
                routes.waiting.remove(&key).map(|tx| (tx, true))
            }
            Ok(e) if e.method.as_deref() == Some("notifications/progress") => {
                let token = e
                    .params
                    .and_then(|p| serde_json::from_str::<Value>(p.get()).ok())
                    .and_then(|p| p.get("progressToken").map(id_key));
                let owner = token.and_then(|t| routes.progress.get(&t).cloned());
                owner.and_then(|o| routes.waiting.get(&o).cloned()).map(|tx| (tx, false))
            }
            // The proxy's own question about a held call (`elicitation/create`) goes on that call's stream.
            Ok(e) if e.kind() == Kind::Request => {
                let owner = e
                    .params
                    .and_then(|p| serde_json::from_str::<Value>(p.get()).ok())
                    .and_then(|p| p.get("_meta").and_then(|m| m.get(crate::gate::FOR_REQUEST_KEY)).map(id_key));
                owner.and_then(|o| routes.waiting.get(&o).cloned()).map(|tx| (tx, false))
            }
            _ => None,
        };
        let target = target.or_else(|| routes.stream.clone().map(|tx| (tx, false)));
        match target {
            Some((tx, last)) => {
                if tx.send(Delivery { frame: line, last }).is_err() && !last {
                    routes.stream = None;
                }
            }
            None => eprintln!(
                "foureyes mcp-proxy: a message from the upstream belongs to no open request and no GET stream is \
                 open; dropped: {}",
                String::from_utf8_lossy(&line[..line.len().min(200)])
            ),
        }
    }

    /// The child is gone: every waiting request gets an error, and the session is over.
    fn close(&self) {
        lock(&self.to_proxy).take();
        let mut routes = lock(&self.routes);
        routes.closed = true;
        for (key, tx) in routes.waiting.drain() {
            let id: Value = serde_json::from_str(&key).unwrap_or(Value::Null);
            let message = "the upstream MCP server exited before answering";
            let frame = crate::jsonrpc::to_frame(&error_response(&id, INTERNAL_ERROR, message));
            let _ = tx.send(Delivery { frame, last: true });
        }
        routes.stream = None;
    }
}

#[derive(Clone)]
struct AppState {
    gate: Arc<Gate>,
    options: Arc<BridgeOptions>,
    sessions: Arc<Mutex<HashMap<String, Arc<Upstream>>>>,
    sessionless: Arc<Mutex<Option<Arc<Upstream>>>>,
}

/// The listener's router.
pub fn app(gate: Arc<Gate>, options: BridgeOptions) -> axum::Router {
    let path = options.path.clone();
    let state = AppState { gate, options: Arc::new(options), sessions: Arc::default(), sessionless: Arc::default() };
    axum::Router::new().route(&path, axum::routing::any(handle)).with_state(state)
}

const SESSION: &str = "mcp-session-id";

fn rpc_error(status: StatusCode, id: &Value, code: i64, message: &str) -> Response {
    json_response(status, &error_response(id, code, message))
}

async fn handle(State(state): State<AppState>, request: Request) -> Response {
    if let Some(origin) = request.headers().get(header::ORIGIN)
        && !origin_allowed(origin, &state.options.allowed_origins)
    {
        let shown = String::from_utf8_lossy(origin.as_bytes()).into_owned();
        let message = format!("origin `{shown}` is not allowed: only loopback origins and --allow-origin ones are");
        return rpc_error(StatusCode::FORBIDDEN, &Value::Null, INVALID_REQUEST, &message);
    }
    match *request.method() {
        Method::POST => post(state, request).await,
        Method::GET => get_stream(&state, request.headers()),
        Method::DELETE => delete(&state, request.headers()),
        _ => (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, POST, DELETE")]).into_response(),
    }
}

fn session_header(headers: &HeaderMap) -> Option<String> {
    headers.get(SESSION).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
}

/// The upstream a request goes to, or the HTTP answer when there is none.
fn upstream_for(state: &AppState, headers: &HeaderMap) -> Result<Arc<Upstream>, Response> {
    if let Some(id) = session_header(headers) {
        let found = lock(&state.sessions).get(&id).filter(|u| !lock(&u.routes).closed).cloned();
        return found.ok_or_else(|| {
            let message = "Session not found: it ended or never existed; send `initialize` again";
            rpc_error(StatusCode::NOT_FOUND, &Value::Null, INVALID_REQUEST, message)
        });
    }
    let modern = headers.get("mcp-protocol-version").and_then(|v| v.to_str().ok()).is_some_and(|v| v >= "2026-07-28");
    if !modern && !lock(&state.sessions).is_empty() {
        let message = "Bad Request: no MCP-Session-Id header; send the one from the initialize response";
        return Err(rpc_error(StatusCode::BAD_REQUEST, &Value::Null, INVALID_REQUEST, message));
    }
    let mut shared = lock(&state.sessionless);
    if let Some(u) = shared.as_ref().filter(|u| !lock(&u.routes).closed) {
        return Ok(u.clone());
    }
    let u = Upstream::start(state.gate.clone(), &state.options);
    *shared = Some(u.clone());
    Ok(u)
}

fn new_session_id() -> Result<String, Response> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        rpc_error(StatusCode::INTERNAL_SERVER_ERROR, &Value::Null, INTERNAL_ERROR, &format!("no randomness: {e}"))
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The requests of a body: (id, progress token), plus whether it is an `initialize`.
struct Asked {
    requests: Vec<(Value, Option<Value>)>,
    initialize: bool,
}

fn asked(body: &[u8], headers: &HeaderMap) -> Result<Asked, Response> {
    let batch = first_significant(body) == Some(b'[');
    let items: Vec<&serde_json::value::RawValue> =
        if batch {
            crate::jsonrpc::parse_batch(body)
                .map_err(|(code, message)| rpc_error(StatusCode::BAD_REQUEST, &Value::Null, code, &message))?
        } else {
            vec![serde_json::from_slice(body).map_err(|e| {
                rpc_error(StatusCode::BAD_REQUEST, &Value::Null, PARSE_ERROR, &format!("Parse error: {e}"))
            })?]
        };
    let mut out = Asked { requests: Vec::new(), initialize: false };
    for item in items {
        // Invalid elements are the stdio proxy's to answer (it never forwards them); only requests wait here.
        let Ok(envelope) = parse_envelope(item.get().as_bytes()) else { continue };
        if !batch && let Err(message) = check_headers(headers, &envelope) {
            return Err(rpc_error(StatusCode::BAD_REQUEST, &envelope.id_value(), HEADER_MISMATCH, &message));
        }
        if envelope.kind() == Kind::Request || (envelope.kind() == Kind::Invalid && envelope.id.is_some()) {
            let token = envelope
                .params
                .and_then(|p| serde_json::from_str::<Value>(p.get()).ok())
                .and_then(|p| p.pointer("/_meta/progressToken").cloned());
            out.initialize |= envelope.method.as_deref() == Some("initialize");
            out.requests.push((envelope.id_value(), token));
        }
    }
    Ok(out)
}

async fn post(state: AppState, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let max = state.options.max_body_bytes;
    let Ok(bytes) = axum::body::to_bytes(body, max).await else {
        let message = format!("Invalid Request: the body is over {max} bytes (nothing was forwarded)");
        return rpc_error(StatusCode::PAYLOAD_TOO_LARGE, &Value::Null, INVALID_REQUEST, &message);
    };
    if let Err(e) = std::str::from_utf8(&bytes) {
        let message = format!("Parse error: the body is not valid UTF-8 (at byte {})", e.valid_up_to());
        return rpc_error(StatusCode::BAD_REQUEST, &Value::Null, PARSE_ERROR, &message);
    }
    let asked = match asked(&bytes, &parts.headers) {
        Ok(asked) => asked,
        Err(response) => return response,
    };
    let mut new_session = None;
    let upstream = if asked.initialize && session_header(&parts.headers).is_none() {
        let mut sessions = lock(&state.sessions);
        sessions.retain(|_, u| !lock(&u.routes).closed);
        if sessions.len() >= state.options.max_sessions {
            // Many clients end without DELETE: the least recently used idle session makes room.
            let idle = sessions
                .iter()
                .filter(|(_, u)| {
                    let routes = lock(&u.routes);
                    routes.waiting.is_empty() && routes.stream.as_ref().is_none_or(|s| s.is_closed())
                })
                .min_by_key(|(_, u)| *lock(&u.last_used))
                .map(|(id, _)| id.clone());
            if let Some(upstream) = idle.and_then(|id| sessions.remove(&id)) {
                upstream.close();
            }
        }
        if sessions.len() >= state.options.max_sessions {
            let message = format!("too many busy sessions ({}): end one with DELETE first", sessions.len());
            return rpc_error(StatusCode::SERVICE_UNAVAILABLE, &Value::Null, INTERNAL_ERROR, &message);
        }
        let id = match new_session_id() {
            Ok(id) => id,
            Err(response) => return response,
        };
        let upstream = Upstream::start(state.gate.clone(), &state.options);
        sessions.insert(id.clone(), upstream.clone());
        new_session = Some(id);
        upstream
    } else {
        match upstream_for(&state, &parts.headers) {
            Ok(u) => u,
            Err(response) => return response,
        }
    };
    *lock(&upstream.last_used) = std::time::Instant::now();
    let (tx, mut rx) = mpsc::unbounded_channel();
    {
        let mut routes = lock(&upstream.routes);
        let mut keys = std::collections::HashSet::new();
        for (id, _) in &asked.requests {
            let key = id_key(id);
            if routes.waiting.contains_key(&key) || !keys.insert(key.clone()) {
                let message = format!("Invalid Request: id {key} is already in use by a request in flight");
                return rpc_error(StatusCode::CONFLICT, id, INVALID_REQUEST, &message);
            }
        }
        for (id, token) in &asked.requests {
            let key = id_key(id);
            routes.waiting.insert(key.clone(), tx.clone());
            if let Some(token) = token {
                routes.progress.insert(id_key(token), key);
            }
        }
    }
    drop(tx);
    // One line: raw CR/LF in valid JSON are whitespace (inside strings they must be escaped).
    let line: Vec<u8> = bytes.iter().map(|&b| if b == b'\n' || b == b'\r' { b' ' } else { b }).collect();
    let sender = lock(&upstream.to_proxy).clone();
    match sender {
        Some(sender) if sender.send(line).await.is_ok() => {}
        _ => upstream.close(),
    }
    let expected = asked.requests.len();
    let forget = {
        let upstream = upstream.clone();
        let keys: Vec<(String, Option<String>)> =
            asked.requests.iter().map(|(id, t)| (id_key(id), t.as_ref().map(id_key))).collect();
        move || {
            let mut routes = lock(&upstream.routes);
            for (key, token) in &keys {
                routes.waiting.remove(key);
                if let Some(token) = token {
                    routes.progress.remove(token);
                }
            }
        }
    };
    if expected == 0 {
        return StatusCode::ACCEPTED.into_response();
    }
    let batch = first_significant(&bytes) == Some(b'[');
    let mut builder = Response::builder().status(StatusCode::OK);
    if let Some(id) = &new_session {
        builder = builder.header(SESSION, id);
    }
    if accepts_sse(&parts.headers) {
        let stream = async_stream(rx, expected, forget);
        return builder
            .header(header::CONTENT_TYPE, "text/event-stream")
            .header(header::CACHE_CONTROL, "no-cache")
            .body(Body::from_stream(stream))
            .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response());
    }
    let mut answers = Vec::new();
    while answers.len() < expected {
        match rx.recv().await {
            Some(Delivery { frame, last: true }) => answers.push(frame),
            // A JSON response has no room for other messages; they belong on an SSE response.
            Some(_) => {}
            None => break,
        }
    }
    forget();
    let body = if batch {
        let mut out = b"[".to_vec();
        out.extend(answers.join(&b","[..]));
        out.push(b']');
        out
    } else {
        answers.into_iter().next().unwrap_or_default()
    };
    builder
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

/// The SSE body of a POST: every delivery as an event, ending after the last answer. Dropping it (the client
/// went away) forgets the routes; the calls themselves still finish and are reported.
fn async_stream(
    rx: mpsc::UnboundedReceiver<Delivery>,
    expected: usize,
    forget: impl FnOnce() + Send + 'static,
) -> impl futures_util::Stream<Item = Result<Bytes, std::convert::Infallible>> + Send + 'static {
    struct Guard<F: FnOnce()>(Option<F>);
    impl<F: FnOnce()> Drop for Guard<F> {
        fn drop(&mut self) {
            if let Some(f) = self.0.take() {
                f();
            }
        }
    }
    let guard = Guard(Some(forget));
    futures_util::stream::unfold((rx, 0usize, guard), move |(mut rx, done, guard)| async move {
        if done >= expected {
            return None;
        }
        let delivery = rx.recv().await?;
        let done = done + usize::from(delivery.last);
        Some((Ok(sse_event(&delivery.frame)), (rx, done, guard)))
    })
}

fn get_stream(state: &AppState, headers: &HeaderMap) -> Response {
    if !accepts_sse(headers) {
        return (StatusCode::NOT_ACCEPTABLE, "GET opens an event stream: send `Accept: text/event-stream`")
            .into_response();
    }
    let upstream = match upstream_for(state, headers) {
        Ok(u) => u,
        Err(response) => return response,
    };
    let (tx, rx) = mpsc::unbounded_channel();
    {
        let mut routes = lock(&upstream.routes);
        if routes.stream.as_ref().is_some_and(|s| !s.is_closed()) {
            let message = "Conflict: this session already has a GET stream open";
            return rpc_error(StatusCode::CONFLICT, &Value::Null, INVALID_REQUEST, message);
        }
        routes.stream = Some(tx);
    }
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        let delivery = rx.recv().await?;
        Some((Ok::<_, std::convert::Infallible>(sse_event(&delivery.frame)), rx))
    });
    let mut response = Response::new(Body::from_stream(stream));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

fn delete(state: &AppState, headers: &HeaderMap) -> Response {
    let Some(id) = session_header(headers) else {
        let message = "Bad Request: DELETE ends a session: send its MCP-Session-Id";
        return rpc_error(StatusCode::BAD_REQUEST, &Value::Null, INVALID_REQUEST, message);
    };
    match lock(&state.sessions).remove(&id) {
        // Dropping the last sender closes the pipe: the stdio proxy closes the child's stdin, and it exits.
        Some(upstream) => {
            upstream.close();
            StatusCode::OK.into_response()
        }
        None => rpc_error(StatusCode::NOT_FOUND, &Value::Null, INVALID_REQUEST, "Session not found"),
    }
}
