//! The Streamable HTTP transport: a loopback HTTP endpoint in front of an upstream Streamable HTTP server
//! (`--listen 127.0.0.1:PORT --upstream http://HOST:PORT/mcp`).
//!
//! It is a gating reverse proxy. Requests and responses pass through as they are (body bytes, status, and every
//! header but the hop-by-hop ones), so sessions (`MCP-Session-Id`), protocol versions (`MCP-Protocol-Version`),
//! SSE responses, the GET stream, `Last-Event-ID` and DELETE all work as the upstream implements them. The proxy
//! looks inside only:
//! - a POST whose body is a `tools/call` request: decided first; only a permitted call is forwarded, and its
//!   response (JSON, or the SSE event that carries it) is reported before it is passed on;
//! - a `tools/list` response when `--hide-denied` or trusted hints need it (that one event or body is rewritten);
//! - the 2026-07-28 headers: `Mcp-Method` must equal the body's method and `Mcp-Name` the tool name (`params.name`
//!   for `tools/call` and `prompts/get`, `params.uri` for `resources/read`), else the request is refused with
//!   JSON-RPC error -32020 and not forwarded (a client whose headers disagree with its body could steer a
//!   header-routing gateway past the gate).
//!
//! - every SSE stream (a POST's answer, the GET stream, a stream resumed with `Last-Event-ID`): a server request
//!   gets an id of the proxy's own, and a client response is forwarded only when it answers one of them, under the
//!   upstream's id (ADR-460); a question into a gated call (ADR-281) is answered by the proxy, on whatever stream
//!   it arrives, while any gated call of the session runs, and never reaches the client, replayed or not; the SSE
//!   answer of a POST with gated calls is read to the calls' answers even when the client goes away (ADR-461), and
//!   resumed by the proxy itself (`GET` + `Last-Event-ID`) when the upstream ends it before them (ADR-560).
//!
//! `Origin` is validated (a browser page must not drive the proxy): only loopback origins and `--allow-origin`
//! ones are accepted; others get 403. A batch (JSON array) is forwarded as it is when every call in it is
//! permitted; otherwise nothing in it is forwarded and the client gets an array of answers.

use crate::gate::{Cancel, Gate, Gated, Ticket, ToolCall};
use crate::jsonrpc::{
    INTERNAL_ERROR, INVALID_REQUEST, Kind, PARSE_ERROR, cancel_target, error_response, flight_key, id_key, parse_batch,
    parse_envelope,
};
use crate::parity::{key_collision, normalize};
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// JSON-RPC error for a 2026-07-28 request whose `Mcp-Method`/`Mcp-Name` headers do not match its body.
pub const HEADER_MISMATCH: i64 = -32020;

/// Settings of the HTTP transport.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// The upstream endpoint, `http://HOST:PORT/PATH`. The proxy serves the same path.
    pub upstream: String,
    /// Origins accepted besides loopback ones (exact `scheme://host:port`).
    pub allowed_origins: Vec<String>,
    /// Largest request body.
    pub max_body_bytes: usize,
    /// Largest JSON response body the proxy reads to report or rewrite it.
    pub max_response_bytes: usize,
}

impl HttpOptions {
    pub fn new(upstream: &str) -> HttpOptions {
        HttpOptions {
            upstream: upstream.to_string(),
            allowed_origins: Vec::new(),
            max_body_bytes: crate::framing::DEFAULT_MAX_LINE_BYTES,
            max_response_bytes: 64 * 1024 * 1024,
        }
    }
}

/// Why the HTTP transport cannot start.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error("`{0}` is not an upstream URL: expected `http://HOST:PORT/PATH` (https is not supported)")]
    BadUpstream(String),
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
}

#[derive(Clone)]
struct AppState {
    gate: Arc<Gate>,
    options: Arc<HttpOptions>,
    upstream: Uri,
    client: Client<HttpConnector, Body>,
    claims: Claims,
    /// The request ids forwarded gated calls carry to the upstream (ADR-660).
    wire_ids: WireIds,
    /// The `tools/call`s being decided or held, by (session, flight key): a client's `notifications/cancelled`
    /// ends their wait (ADR-280).
    held: Held,
    /// Per session: the upstream's requests passed on to the client and the gated calls running (ADR-460).
    sessions: Sessions,
}

/// The server requests and the running gated calls of each MCP session (ADR-460, ADR-461; ADR-400: while a gated
/// call runs, a question into it is the proxy's to answer on whatever stream it comes, the session's standalone GET
/// stream too, where a server sends a request it does not tie to the call).
#[derive(Clone, Default)]
struct Sessions(Arc<Mutex<HashMap<String, SessionAsks>>>);

#[derive(Default)]
struct SessionAsks {
    asks: crate::asks::Asks,
    /// Forwarded gated calls of the session without their answer yet (past their deadline too).
    running: usize,
    /// Gated calls whose answer the proxy could not learn (their stream ended and could not be resumed, ADR-560):
    /// they may still run, so they count as running until the session ends.
    unsettled: usize,
    /// The session's requests by id, and whether the proxy watches their answers (ADR-620).
    requests: RequestIds,
    /// The client's standalone `GET` streams open in this session (no `Last-Event-ID`): where a server sends what
    /// belongs to no request, `notifications/tools/list_changed` included (ADR-662).
    listening: usize,
}

/// The requests of a session by id ([`flight_key`]), and whether the proxy watches their answers (ADR-620): a gated
/// call's answer is the proxy's to report (and, past the deadline, to keep from the client), a listing's or a
/// handshake's to filter. A stream the client opens with `GET` — the standalone stream, or a request's stream it
/// resumes with `Last-Event-ID` (a replay, or a live stream the upstream hands over) — passes on only answers to
/// requests the proxy forwarded without watching them; a watched answer reaches the client on its request's own
/// stream only, as the proxy let it through there.
#[derive(Default)]
struct RequestIds {
    watched: HashMap<String, bool>,
    order: std::collections::VecDeque<String>,
}

/// How many request ids a session remembers; past that the oldest is forgotten, and an answer to it on a client's
/// `GET` is kept from the client like one to a request the proxy never forwarded.
const MAX_REQUEST_IDS: usize = 16_384;

impl RequestIds {
    /// A request with this id was forwarded (or is about to be); `watched`: the proxy reads its answer.
    fn forwarded(&mut self, key: String, watched: bool) {
        if let Some(known) = self.watched.get_mut(&key) {
            // Once watched, always: a replay of the old answer must not pass because the client reused the id.
            *known |= watched;
            return;
        }
        if self.order.len() >= MAX_REQUEST_IDS
            && let Some(oldest) = self.order.pop_front()
        {
            self.watched.remove(&oldest);
        }
        self.order.push_back(key.clone());
        self.watched.insert(key, watched);
    }

    /// Whether an answer to this request may reach the client on a stream it opened with `GET`.
    fn passes_on_a_clients_get(&self, key: &str) -> bool {
        self.watched.get(key) == Some(&false)
    }

    fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
}

impl Sessions {
    fn with<R>(&self, session: &str, f: impl FnOnce(&mut SessionAsks) -> R) -> R {
        let mut sessions = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = sessions.entry(session.to_string()).or_default();
        let out = f(entry);
        if entry.running == 0
            && entry.unsettled == 0
            && entry.listening == 0
            && entry.asks.is_empty()
            && entry.requests.is_empty()
        {
            sessions.remove(session);
        }
        out
    }

    /// A gated call of `session` was forwarded: it runs until [`Running`] is released or dropped.
    fn start_call(&self, session: &str) -> Running {
        self.with(session, |s| s.running += 1);
        Running { sessions: self.clone(), session: session.to_string() }
    }

    /// A standalone `GET` stream of `session` is open until the guard is dropped (ADR-662).
    fn listen(&self, session: &str) -> Listening {
        self.with(session, |s| s.listening += 1);
        Listening { sessions: self.clone(), session: session.to_string() }
    }

    /// Whether the proxy would see the upstream's `notifications/tools/list_changed` in `session`: only on a
    /// standalone `GET` stream of the client's, which the proxy reads (ADR-540, ADR-662).
    fn listens(&self, session: &str) -> bool {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).get(session).is_some_and(|s| s.listening > 0)
    }

    /// The session ended (DELETE).
    fn end(&self, session: &str) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).remove(session);
    }
}

/// One standalone `GET` stream of a session, open until dropped (ADR-662).
struct Listening {
    sessions: Sessions,
    session: String,
}

impl Drop for Listening {
    fn drop(&mut self) {
        self.sessions.with(&self.session, |s| s.listening = s.listening.saturating_sub(1));
    }
}

/// ADR-662 (attack 15's H2, F662): over `--upstream` the proxy learns that the tools changed only from a
/// `notifications/tools/list_changed` on a stream it reads, and a server sends it on the session's standalone `GET`
/// stream, which only the client opens. Without one open in `session`, nothing says the listing is still the one
/// checked, so the tools are listed again (every page, ADR-402) before a call is decided: a changed definition is
/// hidden and its call refused before anything is forwarded.
fn relist_unless_listening(state: &AppState, session: &str) {
    if !state.sessions.listens(session) {
        state.gate.on_server_notification(session, "notifications/tools/list_changed");
    }
}

/// One POST's gated calls, running in their session until dropped.
struct Running {
    sessions: Sessions,
    session: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.sessions.with(&self.session, |s| s.running = s.running.saturating_sub(1));
    }
}

/// The client's answer to a server request (ADR-460): the message for the upstream (under its id, in the proxy's
/// own serialization), or `None` when it answers nothing the client was asked in this session.
fn answer_ask(state: &AppState, session: &str, envelope: &crate::jsonrpc::Envelope<'_>) -> Option<Vec<u8>> {
    let result = envelope.result.and_then(|r| serde_json::from_str::<Value>(r.get()).ok());
    let error = envelope.error.and_then(|e| serde_json::from_str::<Value>(e.get()).ok());
    let frame = state.sessions.with(session, |s| s.asks.answer(&envelope.id_value(), result, error));
    if frame.is_none() {
        eprintln!(
            "foureyes mcp-proxy: dropped the client's response {}: it answers no request of the upstream passed on to \
             the client (ADR-460)",
            id_key(&envelope.id_value())
        );
    }
    frame
}

#[derive(Clone, Default)]
struct Held(Arc<Mutex<HashMap<(String, String), Cancel>>>);

/// A call registered in [`Held`] while it is decided; unregistered when dropped.
struct HeldCall {
    held: Held,
    key: (String, String),
    cancel: Cancel,
}

impl Held {
    fn register(&self, session: &str, id: &Value) -> HeldCall {
        let key = (session.to_string(), flight_key(id));
        let cancel = Cancel::default();
        self.0.lock().unwrap_or_else(PoisonError::into_inner).insert(key.clone(), cancel.clone());
        HeldCall { held: self.clone(), key, cancel }
    }

    /// Cancels the call held under this key; false when there is none.
    fn cancel(&self, session: &str, target: &str) -> bool {
        let held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let found = held.get(&(session.to_string(), target.to_string()));
        found.inspect(|cancel| cancel.cancel()).is_some()
    }
}

impl Drop for HeldCall {
    fn drop(&mut self) {
        self.held.0.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.key);
    }
}

/// The ids of requests in flight, per MCP session (the `MCP-Session-Id` header; none is a session too): one id,
/// one request (ADR-61). An upstream routes answers by id within a session (the TypeScript SDK maps each request
/// id to the response stream that waits for it), so a second request with the id of one in flight could take or
/// replace its answer; it is answered with an error and forwarded nowhere.
/// Keyed by [`flight_key`] (`7` and `"7"` are one id to the Python SDK, ADR-280), with the id as forwarded.
#[derive(Clone, Default)]
struct Claims(Arc<Mutex<HashMap<String, HashMap<String, Value>>>>);

/// Ids taken by one POST; released when its response has been passed on (or dropped).
struct Claim {
    claims: Claims,
    session: String,
    keys: Vec<String>,
}

impl Claims {
    /// Takes the request ids `ids` in `session`; the ids already in flight when some are (nothing is taken then).
    fn claim(&self, session: &str, ids: Vec<Value>) -> Result<Claim, Vec<String>> {
        let mut claims = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let open = claims.entry(session.to_string()).or_default();
        let busy: Vec<String> = ids.iter().filter(|id| open.contains_key(&flight_key(id))).map(id_key).collect();
        if !busy.is_empty() {
            return Err(busy);
        }
        let keys = ids.iter().map(flight_key).collect();
        open.extend(ids.into_iter().map(|id| (flight_key(&id), id)));
        Ok(Claim { claims: self.clone(), session: session.to_string(), keys })
    }

    /// The request of `session` in flight under `id` is forwarded as `wire` (ADR-660).
    fn forwarded_as(&self, session: &str, id: &Value, wire: &Value) {
        let mut claims = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(forwarded) = claims.get_mut(session).and_then(|open| open.get_mut(&flight_key(id))) {
            *forwarded = wire.clone();
        }
    }

    /// The id, as forwarded, of the request in flight in `session` under this flight key.
    fn in_flight(&self, session: &str, key: &str) -> Option<Value> {
        let claims = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        claims.get(session).and_then(|open| open.get(key)).cloned()
    }
}

/// The request ids of the proxy's own that forwarded gated calls carry upstream (ADR-660): a random prefix per proxy
/// and a counter. The upstream routes answers by id within a session; with the client's ids, a client that left a
/// call (or whose call passed its deadline) and reused its id got the first call's late answer on the second POST,
/// and the proxy reported it as the second call's outcome (attack 15's H1, F660). With ids of its own, each
/// forwarded call's answer is matched to that call alone, and mapped back to the client's id on the way out.
#[derive(Clone)]
struct WireIds {
    prefix: Arc<String>,
    next: Arc<std::sync::atomic::AtomicU64>,
}

impl WireIds {
    fn new() -> WireIds {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            // Still the proxy's own and claimed while in flight (`Deadline::wire`): a client id cannot take one.
            bytes = std::process::id().to_be_bytes().repeat(2).try_into().unwrap_or_default();
        }
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        WireIds { prefix: Arc::new(format!("foureyes-call-{hex}-")), next: Arc::default() }
    }

    fn next(&self) -> Value {
        Value::String(format!("{}{}", self.prefix, self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)))
    }
}

/// The upstream ids of one POST's forwarded gated calls, claimed in its session (so no client request can be in
/// flight under one) for as long as the calls may run: held by the POST's [`Tapped`] through its [`Deadline`].
fn wire_ids_for(state: &AppState, session: &str, calls: &[&ToolCall]) -> Result<(Vec<Value>, Claim), Value> {
    let wires: Vec<Value> = calls.iter().map(|_| state.wire_ids.next()).collect();
    let claim = state.claims.claim(session, wires.clone()).map_err(|busy| {
        let why = format!("the proxy's own request id {} is in use in this session", busy.join(", "));
        error_response(&Value::Null, INTERNAL_ERROR, &why)
    })?;
    for (call, wire) in calls.iter().zip(&wires) {
        // A client's `notifications/cancelled` for its id names the call as forwarded (ADR-280).
        state.claims.forwarded_as(session, &call.id, wire);
    }
    Ok((wires, claim))
}

/// What a client's `notifications/cancelled` becomes (ADR-280, as on stdio): a call being decided or held is
/// cancelled by the proxy and the upstream is told nothing; a request in flight upstream gets the cancellation in
/// the proxy's own words, naming the id it was forwarded with; anything else is dropped. `None`: forward nothing.
fn cancellation(state: &AppState, session: &str, params: Option<&serde_json::value::RawValue>) -> Option<Vec<u8>> {
    let params: Value = serde_json::from_str(params?.get()).ok()?;
    let raw = serde_json::value::to_raw_value(params.get("requestId")?).ok()?;
    let target = cancel_target(&raw)?;
    if state.held.cancel(session, &target) {
        return None;
    }
    let id = state.claims.in_flight(session, &target)?;
    let mut out = serde_json::Map::new();
    out.insert("requestId".into(), id);
    if let Some(reason) = params.get("reason").filter(|r| r.is_string()) {
        out.insert("reason".into(), reason.clone());
    }
    let message = serde_json::json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": out});
    Some(crate::parity::serialize(&message))
}

impl Drop for Claim {
    fn drop(&mut self) {
        let mut claims = self.claims.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(open) = claims.get_mut(&self.session) {
            for key in &self.keys {
                open.remove(key);
            }
            if open.is_empty() {
                claims.remove(&self.session);
            }
        }
    }
}

/// Numbers the proxy's own requests to the upstream (ADR-402).
static OWN_IDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The proxy's own listing request in a client's session (ADR-402): posted with the session's headers; its answer
/// (a JSON body, or the SSE event that carries it) is read here and never reaches the client.
struct OwnListing<'a> {
    state: &'a AppState,
    headers: &'a HeaderMap,
}

#[async_trait::async_trait]
impl crate::tools::Lister for OwnListing<'_> {
    async fn list(&self, method: &str, cursor: Option<&str>, meta: Option<&Value>) -> Result<Vec<u8>, String> {
        let id = Value::String(format!("foureyes-list-{}", OWN_IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)));
        let _claim = self
            .state
            .claims
            .claim(&session_of(self.headers), vec![id.clone()])
            .map_err(|_| "its own request id is in use".to_string())?;
        let mut params = serde_json::Map::new();
        if let Some(cursor) = cursor {
            params.insert("cursor".into(), Value::String(cursor.to_string()));
        }
        if let Some(meta) = meta {
            params.insert("_meta".into(), meta.clone());
        }
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let mut builder = axum::http::Request::builder().method(Method::POST).uri(self.state.upstream.clone());
        let own = [header::HOST, header::CONTENT_LENGTH, header::CONTENT_TYPE, header::ACCEPT];
        for (name, value) in self.headers {
            let call_header = name.as_str() == "mcp-method" || name.as_str() == "mcp-name";
            if !HOP_BY_HOP.contains(&name.as_str()) && !own.contains(name) && !call_header {
                builder = builder.header(name, value);
            }
        }
        if self.headers.contains_key("mcp-method") {
            builder = builder.header("mcp-method", method);
        }
        let request = builder
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .body(Body::from(crate::parity::serialize(&message)))
            .map_err(|e| format!("cannot build the request: {e}"))?;
        let max = self.state.options.max_response_bytes;
        let work = async {
            let response = self.state.client.request(request).await.map_err(|e| format!("it is unreachable: {e}"))?;
            let (head, body) = response.into_parts();
            if !head.status.is_success() {
                return Err(format!("it answered `{method}` with HTTP {}", head.status));
            }
            let sse = head
                .headers
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.starts_with("text/event-stream"));
            if !sse {
                let body = http_body_util::Limited::new(body, max).collect().await;
                return body.map(|b| b.to_bytes().to_vec()).map_err(|e| format!("its answer could not be read: {e}"));
            }
            let mut chunks = Body::new(body).into_data_stream();
            let mut buffer = Vec::new();
            while let Some(chunk) = chunks.next().await {
                buffer.extend_from_slice(&chunk.map_err(|e| format!("its event stream failed: {e}"))?);
                if buffer.len() > max {
                    return Err(format!("its answer is over {max} bytes"));
                }
                while let Some(end) = event_end(&buffer) {
                    let event: Vec<u8> = buffer.drain(..end).collect();
                    let Some(data) = event_data(&String::from_utf8_lossy(&event)) else { continue };
                    let answer: Option<Value> = serde_json::from_str(&data).ok();
                    if answer.is_some_and(|a| a.get("id") == Some(&id) && a.get("method").is_none()) {
                        return Ok(data.into_bytes());
                    }
                }
            }
            Err("its event stream ended without the answer".to_string())
        };
        let timeout = self.state.gate.config().call_timeout;
        tokio::time::timeout(timeout, work)
            .await
            .unwrap_or_else(|_| Err(format!("it did not answer `{method}` within {}s", timeout.as_secs_f64())))
    }
}

/// ADR-402: before a call is decided, the proxy lists the tools itself when no whole listing was checked yet, so
/// the call is checked against the pins; the refusal to answer with when it could not.
async fn list_first(state: &AppState, headers: &HeaderMap, call: &ToolCall) -> Option<Value> {
    if !state.gate.must_list_first(&session_of(headers), crate::tools::Listing::Tools) {
        return None;
    }
    let walk = crate::tools::own_walk(&session_of(headers));
    let meta = crate::tools::era_meta(call);
    let lister = OwnListing { state, headers };
    match state.gate.list_first(&lister, &walk, crate::tools::Listing::Tools, meta.as_ref()).await {
        Ok(()) => None,
        Err(why) => Some(state.gate.refuse_unlisted(call, &format!("the upstream: {why}")).await),
    }
}

fn session_of(headers: &HeaderMap) -> String {
    headers.get("mcp-session-id").map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned()).unwrap_or_default()
}

/// The answer to a request whose id is in flight already.
fn id_in_use(id: &Value) -> Response {
    let message = format!(
        "Invalid Request: id {} is already used by a request in flight in this session; use a new id (nothing was \
         forwarded)",
        id_key(id)
    );
    json_response(StatusCode::CONFLICT, &error_response(id, INVALID_REQUEST, &message))
}

/// `body` passed on while `claim` is held: the ids are released when the client has the whole answer (or left).
fn holding(body: Body, claim: Option<Claim>) -> Body {
    match claim {
        None => body,
        Some(claim) => Body::from_stream(body.into_data_stream().map(move |chunk| {
            let _held = &claim;
            chunk
        })),
    }
}

/// The proxy as an axum router (one endpoint: the upstream's path).
pub fn app(gate: Arc<Gate>, options: HttpOptions) -> Result<axum::Router, HttpError> {
    let upstream: Uri = options.upstream.parse().map_err(|_| HttpError::BadUpstream(options.upstream.clone()))?;
    if upstream.scheme_str() != Some("http") || upstream.authority().is_none() {
        return Err(HttpError::BadUpstream(options.upstream.clone()));
    }
    let path = upstream.path().to_string();
    // Without TCP_NODELAY, Nagle's algorithm and the peer's delayed ACK add ~40 ms to every small request.
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    let client = Client::builder(TokioExecutor::new()).build(connector);
    let state = AppState {
        gate,
        options: Arc::new(options),
        upstream,
        client,
        claims: Claims::default(),
        wire_ids: WireIds::new(),
        held: Held::default(),
        sessions: Sessions::default(),
    };
    Ok(axum::Router::new().route(&path, axum::routing::any(handle)).with_state(state))
}

/// Serves the proxy on `listener` until the task is dropped.
pub async fn serve(listener: tokio::net::TcpListener, app: axum::Router) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|tcp| {
        // See `app`: small JSON-RPC messages must not wait for Nagle's algorithm.
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app).await
}

pub(crate) fn json_response(status: StatusCode, message: &Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], message.to_string()).into_response()
}

async fn handle(State(state): State<AppState>, request: Request) -> Response {
    if let Some(origin) = request.headers().get(header::ORIGIN)
        && !origin_allowed(origin, &state.options.allowed_origins)
    {
        let shown = String::from_utf8_lossy(origin.as_bytes()).into_owned();
        let message = format!("origin `{shown}` is not allowed: only loopback origins and --allow-origin ones are");
        return json_response(StatusCode::FORBIDDEN, &error_response(&Value::Null, INVALID_REQUEST, &message));
    }
    match *request.method() {
        Method::POST => post(state, request).await,
        Method::GET | Method::DELETE => {
            let (parts, body) = request.into_parts();
            let response = forward(&state, &parts, Body::new(body), Tap::None, None, None).await;
            let standalone = parts.method == Method::GET && !parts.headers.contains_key("last-event-id");
            if standalone && response.status().is_success() {
                // The proxy reads this stream for as long as the client keeps it: it hears `list_changed` (ADR-662).
                let listening = state.sessions.listen(&session_of(&parts.headers));
                let (head, body) = response.into_parts();
                let body = Body::from_stream(body.into_data_stream().map(move |chunk| {
                    let _open = &listening;
                    chunk
                }));
                return Response::from_parts(head, body);
            }
            if parts.method == Method::DELETE && response.status().is_success() {
                state.sessions.end(&session_of(&parts.headers));
            }
            response
        }
        _ => (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, POST, DELETE")]).into_response(),
    }
}

/// Whether a browser origin may use the proxy: loopback hosts, or one listed with `--allow-origin`.
pub fn origin_allowed(origin: &HeaderValue, allowed: &[String]) -> bool {
    let Ok(origin) = origin.to_str() else { return false };
    if allowed.iter().any(|a| a == origin) {
        return true;
    }
    let Some(rest) = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) else {
        return false;
    };
    let authority = rest.split('/').next().unwrap_or_default();
    let host = if let Some(v6) = authority.strip_prefix('[') {
        v6.split(']').next().map(|h| format!("[{h}]")).unwrap_or_default()
    } else {
        authority.split(':').next().unwrap_or_default().to_string()
    };
    matches!(host.as_str(), "localhost" | "127.0.0.1" | "[::1]")
}

async fn post(state: AppState, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let max = state.options.max_body_bytes;
    let bytes = match axum::body::to_bytes(body, max).await {
        Ok(bytes) => bytes,
        Err(_) => {
            let message = format!("Invalid Request: the body is over {max} bytes (nothing was forwarded)");
            return json_response(
                StatusCode::PAYLOAD_TOO_LARGE,
                &error_response(&Value::Null, INVALID_REQUEST, &message),
            );
        }
    };
    if let Err(e) = std::str::from_utf8(&bytes) {
        let message = format!("Parse error: the body is not valid UTF-8 (at byte {})", e.valid_up_to());
        return json_response(StatusCode::BAD_REQUEST, &error_response(&Value::Null, PARSE_ERROR, &message));
    }
    if crate::framing::first_significant(&bytes) == Some(b'[') {
        return post_batch(state, &parts, bytes).await;
    }
    let envelope = match parse_envelope(&bytes) {
        Ok(envelope) => envelope,
        Err((code, message)) => {
            return json_response(StatusCode::BAD_REQUEST, &error_response(&Value::Null, code, &message));
        }
    };
    if let Err(message) = check_headers(&parts.headers, &envelope) {
        let reply = error_response(&envelope.id_value(), HEADER_MISMATCH, &message);
        return json_response(StatusCode::BAD_REQUEST, &reply);
    }
    if let Some(why) = std::str::from_utf8(&bytes).ok().and_then(|text| key_collision(text, false)) {
        let message =
            format!("Invalid Request: {why}; a server could read another message from it (nothing was forwarded)");
        return json_response(
            StatusCode::BAD_REQUEST,
            &error_response(&envelope.id_value(), INVALID_REQUEST, &message),
        );
    }
    // ADR-935: no key twice anywhere in it (journaled, forwarded nowhere).
    if let Some(refusal) = state.gate.refuse_ambiguous_message(&envelope, &bytes).await {
        return json_response(StatusCode::BAD_REQUEST, &refusal);
    }
    let claim = if envelope.kind() == Kind::Request {
        match state.claims.claim(&session_of(&parts.headers), vec![envelope.id_value()]) {
            Ok(claim) => Some(claim),
            Err(_) => return id_in_use(&envelope.id_value()),
        }
    } else {
        None
    };
    let method = envelope.method.as_deref().unwrap_or_default().to_string();
    if envelope.kind() == Kind::Request {
        let watched = watches_answer(&state, &method);
        let key = flight_key(&envelope.id_value());
        state.sessions.with(&session_of(&parts.headers), |s| s.requests.forwarded(key, watched));
    }
    // Valid JSON, with no character any reader takes for a line break (ADR-60).
    let normalized = Body::from(normalize(&bytes).into_owned());
    match envelope.kind() {
        Kind::Request if method == "tools/call" => {
            let call = match ToolCall::parse(envelope.id_value(), envelope.params) {
                Ok(mut call) => {
                    // Checked against this session's upstream listings only (ADR-542).
                    call.upstream = session_of(&parts.headers);
                    call
                }
                Err(response) => return json_response(StatusCode::OK, &response),
            };
            relist_unless_listening(&state, &call.upstream);
            if let Some(refusal) = list_first(&state, &parts.headers, &call).await {
                return json_response(StatusCode::OK, &refusal);
            }
            if call.progress_token.is_some() && state.gate.config().wait.is_some() && accepts_sse(&parts.headers) {
                return held_with_progress(state, parts, call, claim);
            }
            let held = state.held.register(&session_of(&parts.headers), &call.id);
            let gated = state.gate.gate(&call, None, &held.cancel).await;
            drop(held);
            match gated {
                Gated::Forward(ticket) => {
                    let (wires, wire_claim) = match wire_ids_for(&state, &session_of(&parts.headers), &[&call]) {
                        Ok(wires) => wires,
                        Err(error) => {
                            state.gate.report_not_forwarded(&ticket, "no request id of the proxy's own").await;
                            return json_response(StatusCode::INTERNAL_SERVER_ERROR, &error);
                        }
                    };
                    let tickets = HashMap::from([(id_key(&wires[0]), ticket)]);
                    // The proxy's own serialization of exactly what was decided, never the bytes that arrived, under
                    // the proxy's own id (ADR-660).
                    let deadline = Some(Deadline::of(&state.gate, &[&call]).holding(wire_claim));
                    let frame = Body::from(call.frame_as(&wires[0]));
                    forward(&state, &parts, frame, Tap::report(tickets), claim, deadline).await
                }
                Gated::Answer(response) => json_response(StatusCode::OK, &response),
                Gated::Cancelled => StatusCode::NO_CONTENT.into_response(),
            }
        }
        Kind::Request if crate::tools::Listing::of(&method).is_some_and(|l| state.gate.watches(l)) => {
            let key = id_key(&envelope.id_value());
            let listing = crate::tools::Listing::of(&method).unwrap_or(crate::tools::Listing::Tools);
            state.gate.listing_requested(&session_of(&parts.headers), listing, envelope.params);
            forward(&state, &parts, normalized, Tap::rewrite([(key, listing)]), claim, None).await
        }
        Kind::Request
            if crate::tools::pinned_read(&method, envelope.params)
                .is_some_and(|k| state.gate.watches_read(&session_of(&parts.headers), &k)) =>
        {
            let key = crate::tools::pinned_read(&method, envelope.params).unwrap_or_default();
            let walk = crate::tools::own_walk(&session_of(&parts.headers));
            let lister = OwnListing { state: &state, headers: &parts.headers };
            match state.gate.check_read(&lister, &walk, &envelope.id_value(), &key).await {
                Some(refusal) => json_response(StatusCode::OK, &refusal),
                None => forward(&state, &parts, normalized, Tap::None, claim, None).await,
            }
        }
        Kind::Invalid => json_response(
            StatusCode::BAD_REQUEST,
            &error_response(&envelope.id_value(), INVALID_REQUEST, envelope.invalid_reason()),
        ),
        Kind::Notification if method == "notifications/cancelled" => {
            match cancellation(&state, &session_of(&parts.headers), envelope.params) {
                Some(frame) => forward(&state, &parts, Body::from(frame), Tap::None, None, None).await,
                None => StatusCode::ACCEPTED.into_response(),
            }
        }
        // Only an answer to a request passed on to the client goes, under the upstream's id (ADR-460).
        Kind::Response => match answer_ask(&state, &session_of(&parts.headers), &envelope) {
            Some(frame) => forward(&state, &parts, Body::from(frame), Tap::None, None, None).await,
            None => {
                let message = "Invalid Request: this response answers no request of the server passed on to this \
                               session (nothing was forwarded)";
                json_response(StatusCode::BAD_REQUEST, &error_response(&Value::Null, INVALID_REQUEST, message))
            }
        },
        _ => forward(&state, &parts, normalized, Tap::None, claim, None).await,
    }
}

/// Whether the proxy reads the answer to a request of this method: a gated call's, or a listing's it filters
/// (ADR-620: such an answer never reaches the client on a stream it opened with `GET`).
fn watches_answer(state: &AppState, method: &str) -> bool {
    method == "tools/call" || crate::tools::Listing::of(method).is_some_and(|l| state.gate.watches(l))
}

/// The deadline of the forwarded calls of one POST (the longest of theirs): past it, each call still without an
/// answer is answered `isError` and reported `unknown`, and the upstream's answer, should it come, is dropped.
struct Deadline {
    timeout: std::time::Duration,
    calls: Vec<ToolCall>,
    /// The calls' upstream ids (ADR-660), claimed while the POST's answer is read: past the deadline too. Held, never
    /// read: dropped with the POST's `Tapped`.
    _wire: Option<Claim>,
}

impl Deadline {
    fn of(gate: &Gate, calls: &[&ToolCall]) -> Deadline {
        let timeout = calls.iter().map(|c| gate.call_timeout(&c.name)).max().unwrap_or(gate.config().call_timeout);
        Deadline { timeout, calls: calls.iter().map(|c| (*c).clone()).collect(), _wire: None }
    }

    fn holding(self, wire: Claim) -> Deadline {
        Deadline { _wire: Some(wire), ..self }
    }
}

/// Whether the client takes an SSE response.
pub(crate) fn accepts_sse(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(',').any(|t| t.trim().starts_with("text/event-stream")))
}

/// One SSE event carrying one JSON-RPC message.
pub(crate) fn sse_event(frame: &[u8]) -> Bytes {
    let mut out = b"event: message\ndata: ".to_vec();
    out.extend_from_slice(frame);
    out.extend_from_slice(b"\n\n");
    Bytes::from(out)
}

/// A `tools/call` that may be held (`--wait`) and asked for progress: answered at once with an SSE stream that
/// carries `notifications/progress` while the call awaits approval, then the proxy's answer, or the upstream's
/// response (its SSE events as they come, or its JSON body as one event). The call is decided, forwarded and
/// reported by a task of its own, so a client that goes away cancels only the wait, never a forwarded call's
/// report.
fn held_with_progress(
    state: AppState,
    parts: axum::http::request::Parts,
    call: ToolCall,
    claim: Option<Claim>,
) -> Response {
    let (out, rx) = tokio::sync::mpsc::unbounded_channel::<Bytes>();
    let registered = state.held.register(&session_of(&parts.headers), &call.id);
    let cancel = registered.cancel.clone();
    let held = cancel.clone();
    tokio::spawn(async move {
        let (notifier, mut notes) = tokio::sync::mpsc::channel::<Vec<u8>>(16);
        let relay = {
            let out = out.clone();
            tokio::spawn(async move {
                while let Some(frame) = notes.recv().await {
                    let _ = out.send(sse_event(&frame));
                }
            })
        };
        let gated = state.gate.gate(&call, Some(&notifier), &held).await;
        drop(registered);
        // Every progress event goes out before the answer.
        drop(notifier);
        let _ = relay.await;
        match gated {
            Gated::Answer(response) => {
                let _ = out.send(sse_event(&crate::jsonrpc::to_frame(&response)));
            }
            Gated::Cancelled => {}
            Gated::Forward(ticket) => {
                let (wires, wire_claim) = match wire_ids_for(&state, &session_of(&parts.headers), &[&call]) {
                    Ok(wires) => wires,
                    Err(error) => {
                        state.gate.report_not_forwarded(&ticket, "no request id of the proxy's own").await;
                        let _ = out.send(sse_event(&crate::jsonrpc::to_frame(&error)));
                        return;
                    }
                };
                let tickets = HashMap::from([(id_key(&wires[0]), ticket)]);
                let deadline = Some(Deadline::of(&state.gate, &[&call]).holding(wire_claim));
                let frame = Body::from(call.frame_as(&wires[0]));
                let response = forward(&state, &parts, frame, Tap::report(tickets), claim, deadline).await;
                let (head, body) = response.into_parts();
                let is_sse = head
                    .headers
                    .get(header::CONTENT_TYPE)
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(|v| v.starts_with("text/event-stream"));
                if is_sse {
                    let mut chunks = body.into_data_stream();
                    while let Some(Ok(chunk)) = chunks.next().await {
                        let _ = out.send(chunk);
                    }
                } else {
                    let body = body.collect().await.map(|b| b.to_bytes()).unwrap_or_default();
                    let frame = if head.status.is_success() && !body.is_empty() {
                        body.to_vec()
                    } else {
                        let message = format!(
                            "the upstream answered HTTP {}: {}",
                            head.status,
                            String::from_utf8_lossy(&body[..body.len().min(500)])
                        );
                        crate::jsonrpc::to_frame(&error_response(&call.id, INTERNAL_ERROR, &message))
                    };
                    let _ = out.send(sse_event(&frame));
                }
            }
        }
    });
    struct CancelOnDrop(Cancel);
    impl Drop for CancelOnDrop {
        fn drop(&mut self) {
            self.0.cancel();
        }
    }
    let guard = CancelOnDrop(cancel);
    let stream = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let chunk = rx.recv().await?;
        Some((Ok::<_, std::convert::Infallible>(chunk), (rx, guard)))
    });
    let mut response = Response::new(Body::from_stream(stream));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The 2026-07-28 routing headers must say what the body says.
pub(crate) fn check_headers(headers: &HeaderMap, envelope: &crate::jsonrpc::Envelope<'_>) -> Result<(), String> {
    let method = envelope.method.as_deref().unwrap_or_default();
    if let Some(value) = headers.get("mcp-method") {
        let shown = String::from_utf8_lossy(value.as_bytes());
        if shown != method {
            return Err(format!("header mismatch: `Mcp-Method: {shown}` but the body's method is `{method}`"));
        }
    }
    let Some(value) = headers.get("mcp-name") else { return Ok(()) };
    let field = match method {
        "tools/call" | "prompts/get" => "name",
        "resources/read" => "uri",
        _ => return Ok(()),
    };
    let params: Value = envelope.params.and_then(|p| serde_json::from_str(p.get()).ok()).unwrap_or(Value::Null);
    let body = params.get(field).and_then(Value::as_str).unwrap_or_default();
    let raw = String::from_utf8_lossy(value.as_bytes()).into_owned();
    let header = decode_header_value(&raw);
    if header.as_deref() != Some(body) {
        return Err(format!("header mismatch: `Mcp-Name: {raw}` but the body's `params.{field}` is `{body}`"));
    }
    Ok(())
}

/// A header value, decoding the `=?base64?…?=` form clients use for values that are not plain ASCII.
fn decode_header_value(raw: &str) -> Option<String> {
    match raw.strip_prefix("=?base64?").and_then(|r| r.strip_suffix("?=")) {
        Some(payload) => String::from_utf8(base64_decode(payload)?).ok(),
        None => Some(raw.to_string()),
    }
}

fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xff) as u8);
        }
    }
    Some(out)
}

async fn post_batch(state: AppState, parts: &axum::http::request::Parts, bytes: Bytes) -> Response {
    let items = match parse_batch(&bytes) {
        Ok(items) if !items.is_empty() => items,
        Ok(_) => {
            let reply = error_response(&Value::Null, INVALID_REQUEST, "Invalid Request: an empty batch");
            return json_response(StatusCode::BAD_REQUEST, &reply);
        }
        Err((code, message)) => {
            return json_response(StatusCode::BAD_REQUEST, &error_response(&Value::Null, code, &message));
        }
    };
    // Per element: a call to gate (with its index), or the kind and id of a message forwarded as it is, or the
    // error that answers an element that may not go.
    let mut calls: Vec<(usize, ToolCall)> = Vec::new();
    let mut others = Vec::new();
    let mut lists = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    let mut ids: Vec<Value> = Vec::new();
    // Cancellations (ADR-280) and answers to server requests (ADR-460), forwarded in the proxy's own words or not
    // at all.
    let mut cancellations: HashMap<usize, Option<Vec<u8>>> = HashMap::new();
    let session = session_of(&parts.headers);
    for (index, item) in items.iter().enumerate() {
        if crate::framing::first_significant(item.get().as_bytes()) == Some(b'[') {
            let message = "Invalid Request: a batch inside a batch (nothing in it was forwarded)";
            others.push(Err(error_response(&Value::Null, INVALID_REQUEST, message)));
            continue;
        }
        let e = match parse_envelope(item.get().as_bytes()) {
            Ok(e) => e,
            Err((_, message)) => {
                others.push(Err(error_response(&Value::Null, INVALID_REQUEST, &message)));
                continue;
            }
        };
        if let Some(why) = key_collision(item.get(), false) {
            let message = format!("Invalid Request: {why}; a server could read another message from it");
            others.push(Err(error_response(&e.id_value(), INVALID_REQUEST, &message)));
            continue;
        }
        if let Some(refusal) = state.gate.refuse_ambiguous_message(&e, item.get().as_bytes()).await {
            others.push(Err(refusal));
            continue;
        }
        if e.kind() == Kind::Request {
            // One id, one request: inside this batch as across the session's requests in flight.
            let key = flight_key(&e.id_value());
            if keys.contains(&key) {
                let message =
                    format!("Invalid Request: id {} is used twice in this batch; use a new id", id_key(&e.id_value()));
                others.push(Err(error_response(&e.id_value(), INVALID_REQUEST, &message)));
                continue;
            }
            let watched = watches_answer(&state, e.method.as_deref().unwrap_or_default());
            state.sessions.with(&session, |s| s.requests.forwarded(key.clone(), watched));
            keys.push(key);
            ids.push(e.id_value());
        }
        if e.kind() == Kind::Notification && e.method.as_deref() == Some("notifications/cancelled") {
            cancellations.insert(index, cancellation(&state, &session, e.params));
        }
        if e.kind() == Kind::Response {
            cancellations.insert(index, answer_ask(&state, &session, &e));
        }
        match e.kind() {
            Kind::Request if e.method.as_deref() == Some("tools/call") => match ToolCall::parse(e.id_value(), e.params)
            {
                Ok(mut call) => {
                    call.upstream = session.clone();
                    calls.push((index, call));
                }
                Err(response) => others.push(Err(response)),
            },
            // Not a message (e.g. a `tools/call` without an id, which a server might still run): never forwarded.
            Kind::Invalid => others.push(Err(error_response(&e.id_value(), INVALID_REQUEST, e.invalid_reason()))),
            kind => {
                let method = e.method.as_deref().unwrap_or_default();
                if kind == Kind::Request
                    && let Some(listing) = crate::tools::Listing::of(method)
                    && state.gate.watches(listing)
                {
                    state.gate.listing_requested(&session, listing, e.params);
                    lists.push((id_key(&e.id_value()), listing));
                }
                if kind == Kind::Request
                    && let Some(key) = crate::tools::pinned_read(method, e.params)
                    && let Some(refusal) = state
                        .gate
                        .check_read(
                            &OwnListing { state: &state, headers: &parts.headers },
                            &format!("{session}-own"),
                            &e.id_value(),
                            &key,
                        )
                        .await
                {
                    others.push(Err(refusal));
                    continue;
                }
                others.push(Ok((kind, e.id_value())));
            }
        }
    }
    let claim = match state.claims.claim(&session, ids) {
        Ok(claim) => claim,
        Err(busy) => {
            let message = format!(
                "Invalid Request: id {} is already used by a request in flight in this session; use a new id",
                busy.join(", ")
            );
            others.push(Err(error_response(&Value::Null, INVALID_REQUEST, &message)));
            return answer_all(&state, Vec::new(), &calls, others, HashMap::new()).await;
        }
    };
    if others.iter().any(Result::is_err) {
        // Something in the batch may not go: none of it goes (not even decided), and every request is answered.
        return answer_all(&state, Vec::new(), &calls, others, HashMap::new()).await;
    }
    let mut tickets = HashMap::new();
    let mut answers = Vec::new();
    if !calls.is_empty() {
        relist_unless_listening(&state, &session);
    }
    for (_, call) in &calls {
        if let Some(refusal) = list_first(&state, &parts.headers, call).await {
            answers.push(refusal);
            continue;
        }
        match state.gate.gate(call, None, &Cancel::default()).await {
            Gated::Forward(ticket) => {
                tickets.insert(id_key(&call.id), ticket);
            }
            Gated::Answer(response) => answers.push(response),
            Gated::Cancelled => {}
        }
    }
    if !answers.is_empty() {
        return answer_all(&state, answers, &[], others, tickets).await;
    }
    // Everything may go: the elements as they came, the permitted calls as the proxy's own serialization under ids
    // of the proxy's own (ADR-660), their tickets keyed by those.
    let gated: Vec<&ToolCall> = calls.iter().map(|(_, c)| c).collect();
    let (wires, wire_claim) = match wire_ids_for(&state, &session, &gated) {
        Ok(wires) => wires,
        Err(error) => {
            for ticket in tickets.values() {
                state.gate.report_not_forwarded(ticket, "no request id of the proxy's own").await;
            }
            return json_response(StatusCode::INTERNAL_SERVER_ERROR, &error);
        }
    };
    let mut frames: HashMap<usize, Vec<u8>> = HashMap::new();
    let mut wired = HashMap::new();
    for ((index, call), wire) in calls.iter().zip(&wires) {
        frames.insert(*index, call.frame_as(wire));
        if let Some(ticket) = tickets.remove(&id_key(&call.id)) {
            wired.insert(id_key(wire), ticket);
        }
    }
    let tickets = wired;
    let parts_out: Vec<Vec<u8>> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match cancellations.remove(&i) {
            Some(own) => own,
            None => Some(frames.remove(&i).unwrap_or_else(|| item.get().as_bytes().to_vec())),
        })
        .collect();
    if parts_out.is_empty() {
        return StatusCode::ACCEPTED.into_response();
    }
    let mut batch = b"[".to_vec();
    batch.extend(parts_out.join(&b","[..]));
    batch.push(b']');
    let body = Body::from(normalize(&batch).into_owned());
    let mut tap = Tap::rewrite(lists);
    if let Tap::Watch { tickets: watched, .. } = &mut tap {
        *watched = tickets;
    } else {
        tap = Tap::report(tickets);
    }
    let deadline = (!gated.is_empty()).then(|| Deadline::of(&state.gate, &gated).holding(wire_claim));
    forward(&state, parts, body, tap, Some(claim), deadline).await
}

/// A batch of which nothing is forwarded: the proxy's answers, the errors, an error for every other request
/// (calls not decided included), and the permitted calls reported not forwarded.
async fn answer_all(
    state: &AppState,
    mut answers: Vec<Value>,
    undecided: &[(usize, ToolCall)],
    others: Vec<Result<(Kind, Value), Value>>,
    tickets: HashMap<String, Ticket>,
) -> Response {
    let why = "not forwarded: this batch also held messages FourEyes did not let through; send the others again";
    for ticket in tickets.values() {
        state.gate.report_not_forwarded(ticket, why).await;
        answers.push(error_response(&ticket.id, INVALID_REQUEST, why));
    }
    for (_, call) in undecided {
        answers.push(error_response(&call.id, INVALID_REQUEST, why));
    }
    for other in others {
        match other {
            Ok((Kind::Request, id)) => answers.push(error_response(&id, INVALID_REQUEST, why)),
            Ok(_) => {}
            Err(response) => answers.push(response),
        }
    }
    json_response(StatusCode::OK, &Value::Array(answers))
}

/// What to do with the upstream's answer.
enum Tap {
    /// Pass it through untouched (not even parsed).
    None,
    /// Report these forwarded calls (by id key) when their responses pass, and rewrite the `tools/list`
    /// responses with these id keys (alone or inside a batch answer).
    Watch { tickets: HashMap<String, Ticket>, lists: HashMap<String, crate::tools::Listing> },
}

impl Tap {
    fn report(tickets: HashMap<String, Ticket>) -> Tap {
        if tickets.is_empty() { Tap::None } else { Tap::Watch { tickets, lists: Default::default() } }
    }

    fn rewrite(keys: impl IntoIterator<Item = (String, crate::tools::Listing)>) -> Tap {
        let lists: HashMap<String, crate::tools::Listing> = keys.into_iter().collect();
        if lists.is_empty() { Tap::None } else { Tap::Watch { tickets: HashMap::new(), lists } }
    }
}

const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

/// Forwards one POST (or GET, DELETE) and passes the upstream's answer on through `tap`. `claim`: the request ids
/// this POST holds, released when the answer has been passed on. `deadline`: the forwarded calls' deadline; past it
/// they are answered `isError` and reported `unknown`, and the upstream's answer, if it comes, is dropped.
async fn forward(
    state: &AppState,
    parts: &axum::http::request::Parts,
    body: Body,
    tap: Tap,
    claim: Option<Claim>,
    deadline: Option<Deadline>,
) -> Response {
    let until = deadline.as_ref().map(|d| tokio::time::Instant::now() + d.timeout);
    let upstream =
        UpstreamAnswer { client: state.client.clone(), uri: state.upstream.clone(), headers: parts.headers.clone() };
    let session = session_of(&parts.headers);
    let gated = matches!(&tap, Tap::Watch { tickets, .. } if !tickets.is_empty());
    let running = gated.then(|| state.sessions.start_call(&session));
    let tapped = Arc::new(Tapped {
        gate: state.gate.clone(),
        tap: Mutex::new(tap),
        deadline,
        until,
        upstream: Some(upstream),
        session,
        sessions: state.sessions.clone(),
        running: Mutex::new(running),
        late: Mutex::default(),
        clients_get: parts.method == Method::GET,
    });
    let work = forward_tapped(state, parts, body, tapped.clone());
    let response = match until {
        Some(until) => match tokio::time::timeout_at(until, work).await {
            Ok(response) => response,
            Err(_) => match tapped.expire().await {
                Some(answer) => json_response(StatusCode::OK, &answer),
                None => StatusCode::GATEWAY_TIMEOUT.into_response(),
            },
        },
        None => work.await,
    };
    let (head, body) = response.into_parts();
    Response::from_parts(head, holding(body, claim))
}

async fn forward_tapped(
    state: &AppState,
    parts: &axum::http::request::Parts,
    body: Body,
    tapped: Arc<Tapped>,
) -> Response {
    let mut builder = axum::http::Request::builder().method(parts.method.clone()).uri(state.upstream.clone());
    for (name, value) in &parts.headers {
        if !HOP_BY_HOP.contains(&name.as_str()) && name != header::HOST && name != header::CONTENT_LENGTH {
            builder = builder.header(name, value);
        }
    }
    let request = match builder.body(body) {
        Ok(request) => request,
        Err(e) => return upstream_failed(&tapped, &format!("cannot build the upstream request: {e}"), false).await,
    };
    let response = match state.client.request(request).await {
        Ok(response) => response,
        Err(e) => {
            // A refused connection never delivered the call; any other failure may have.
            let delivered = !e.is_connect();
            return upstream_failed(&tapped, &format!("the upstream MCP server is unreachable: {e}"), delivered).await;
        }
    };
    let (mut head, body) = response.into_parts();
    for name in HOP_BY_HOP {
        head.headers.remove(name);
    }
    let is_sse = head
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    if tapped.passive() && !is_sse {
        return Response::from_parts(head, Body::new(body));
    }
    if is_sse {
        // Every SSE stream is looked at: server requests ride them (ADR-460).
        head.headers.remove(header::CONTENT_LENGTH);
        if tapped.running() {
            return Response::from_parts(head, drained(Body::new(body), tapped));
        }
        let events = sse_stream(Body::new(body), tapped);
        return Response::from_parts(head, Body::from_stream(events));
    }
    let collected = match http_body_util::Limited::new(body, state.options.max_response_bytes).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(e) => {
            tapped.finish("the upstream's response could not be read").await;
            let reply = error_response(&Value::Null, INTERNAL_ERROR, &format!("reading the upstream's response: {e}"));
            return json_response(StatusCode::BAD_GATEWAY, &reply);
        }
    };
    // Any status, 4xx included, arrived after the call was sent: a gateway or a framework in front of the tool can
    // answer 4xx after the tool acted, so it proves nothing about the run (ADR-384, attack 30 S1; it was `failed`
    // under ADR-341). Without the call's response the call is `unknown` and keeps its reservation.
    let why = format!("the upstream answered HTTP {} without the call's response", head.status);
    let out = tapped.message(&collected).await;
    tapped.finish(&why).await;
    if out.is_some() {
        head.headers.remove(header::CONTENT_LENGTH);
    }
    Response::from_parts(head, Body::from(out.unwrap_or_else(|| collected.to_vec())))
}

async fn upstream_failed(tapped: &Tapped, why: &str, delivered: bool) -> Response {
    if delivered {
        tapped.finish(why).await;
    } else {
        tapped.refused(why).await;
    }
    json_response(StatusCode::BAD_GATEWAY, &error_response(&Value::Null, INTERNAL_ERROR, why))
}

/// A response being watched: reports forwarded calls, rewrites a `tools/list`; whatever is still pending when it
/// ends (or is dropped because the client went away) is reported `unknown`.
struct Tapped {
    gate: Arc<Gate>,
    tap: Mutex<Tap>,
    deadline: Option<Deadline>,
    until: Option<tokio::time::Instant>,
    /// Where the proxy answers a server request it keeps from the client (ADR-281).
    upstream: Option<UpstreamAnswer>,
    /// The MCP session of the request, and the state of every session (ADR-460).
    session: String,
    sessions: Sessions,
    /// Held while a forwarded gated call of this POST has no answer (ADR-461).
    running: Mutex<Option<Running>>,
    /// Calls answered at their deadline whose answer from the upstream has not come (by id key).
    late: Mutex<std::collections::HashSet<String>>,
    /// A stream the client opened with `GET` (standalone, or resumed with `Last-Event-ID`): it carries no watched
    /// answer (ADR-620).
    clients_get: bool,
}

/// The proxy's own POST of a response to the upstream, in the client's session.
struct UpstreamAnswer {
    client: Client<HttpConnector, Body>,
    uri: Uri,
    headers: HeaderMap,
}

impl UpstreamAnswer {
    fn send(&self, message: &Value) {
        let mut builder = axum::http::Request::builder().method(Method::POST).uri(self.uri.clone());
        for (name, value) in &self.headers {
            // The session's headers; not those that describe the client's body (the GET stream's `Accept` is SSE
            // only, and it has no `Content-Type`).
            let body_header = [header::HOST, header::CONTENT_LENGTH, header::CONTENT_TYPE, header::ACCEPT];
            if !HOP_BY_HOP.contains(&name.as_str()) && !body_header.contains(name) {
                builder = builder.header(name, value);
            }
        }
        builder = builder
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream");
        let Ok(request) = builder.body(Body::from(crate::jsonrpc::to_frame(message))) else { return };
        let client = self.client.clone();
        tokio::spawn(async move {
            if let Err(e) = client.request(request).await {
                eprintln!("foureyes mcp-proxy: could not answer the upstream's request: {e}");
            }
        });
    }
}

impl UpstreamAnswer {
    /// The proxy's own resumption of an SSE stream of the client's session (ADR-560): after `retry`, a `GET` with
    /// `Last-Event-ID: last_id`; its chunks, or one error when the upstream did not answer with an event stream.
    fn resume(&self, last_id: String, retry: std::time::Duration) -> UpstreamEvents {
        let mut builder = axum::http::Request::builder().method(Method::GET).uri(self.uri.clone());
        for (name, value) in &self.headers {
            // The session's headers; not those of the client's POST body or of its call.
            let own = [header::HOST, header::CONTENT_LENGTH, header::CONTENT_TYPE, header::ACCEPT];
            let call = ["mcp-method", "mcp-name", "last-event-id"].contains(&name.as_str());
            if !HOP_BY_HOP.contains(&name.as_str()) && !own.contains(name) && !call {
                builder = builder.header(name, value);
            }
        }
        let request = builder
            .header(header::ACCEPT, "text/event-stream")
            .header("last-event-id", last_id.as_str())
            .body(Body::empty());
        let client = self.client.clone();
        let resumed = async move {
            tokio::time::sleep(retry).await;
            let failed = |why: String| -> UpstreamEvents {
                Box::pin(futures_util::stream::once(async move { Err(axum::Error::new(why)) }))
            };
            let request = match request {
                Ok(request) => request,
                Err(e) => return failed(format!("cannot build the resumption: {e}")),
            };
            match client.request(request).await {
                Ok(response) => {
                    let sse = response
                        .headers()
                        .get(header::CONTENT_TYPE)
                        .and_then(|v| v.to_str().ok())
                        .is_some_and(|v| v.starts_with("text/event-stream"));
                    if response.status().is_success() && sse {
                        Box::pin(Body::new(response.into_body()).into_data_stream())
                    } else {
                        failed(format!("the resumption after event `{last_id}` got HTTP {}", response.status()))
                    }
                }
                Err(e) => failed(format!("the resumption after event `{last_id}` failed: {e}")),
            }
        };
        Box::pin(futures_util::stream::once(resumed).flatten())
    }
}

impl Tapped {
    /// Nothing to watch: the answer passes untouched.
    fn passive(&self) -> bool {
        matches!(&*self.tap.lock().unwrap_or_else(PoisonError::into_inner), Tap::None)
    }

    /// The deadline passed: the calls still without an answer are reported `unknown` and answered `isError` (one
    /// answer, or an array for a batch); `None` when none was waiting.
    async fn expire(&self) -> Option<Value> {
        let deadline = self.deadline.as_ref()?;
        let (wires, pending): (Vec<String>, Vec<Ticket>) =
            match &mut *self.tap.lock().unwrap_or_else(PoisonError::into_inner) {
                Tap::Watch { tickets, .. } => tickets.drain().unzip(),
                Tap::None => Default::default(),
            };
        if pending.is_empty() {
            return None;
        }
        // Still running, maybe: its questions stay the proxy's to answer until the upstream's answer (ADR-461),
        // which comes under the call's upstream id (ADR-660).
        self.late.lock().unwrap_or_else(PoisonError::into_inner).extend(wires);
        let secs = deadline.timeout.as_secs_f64();
        let why = format!("no answer from the upstream within {secs}s (the call's deadline)");
        let mut answers = Vec::new();
        for ticket in pending {
            self.gate.report(&ticket, None, &why).await;
            eprintln!(
                "foureyes mcp-proxy: decision {} passed its deadline ({secs}s): reported `unknown`; a late answer is \
                 dropped",
                ticket.decision_id
            );
            let text = format!(
                "OUTCOME UNKNOWN — the upstream MCP server did not answer within {secs}s; the call may have run \
                 (decision {}, reported `unknown`). It is not retried: ask the user to check before calling it again.",
                ticket.decision_id
            );
            let meta = json!({"decision_id": ticket.decision_id, "status": "unknown", "error": "call_timeout"});
            let call = deadline.calls.iter().find(|c| id_key(&c.id) == id_key(&ticket.id));
            answers.push(match call {
                Some(call) => call.answer(&text, meta),
                None => crate::jsonrpc::tool_error_result(&ticket.id, &text, meta),
            });
        }
        Some(if answers.len() == 1 && deadline.calls.len() == 1 { answers.remove(0) } else { Value::Array(answers) })
    }

    /// Whether forwarded calls of this POST still await their answer.
    fn pending(&self) -> bool {
        match &*self.tap.lock().unwrap_or_else(PoisonError::into_inner) {
            Tap::Watch { tickets, .. } => !tickets.is_empty(),
            Tap::None => false,
        }
    }

    /// Whether a gated call of this POST may still be running upstream: no answer yet, past its deadline or not.
    fn running(&self) -> bool {
        self.pending() || !self.late.lock().unwrap_or_else(PoisonError::into_inner).is_empty()
    }

    /// The calls of this POST have their answers: they no longer run in the session.
    fn release_if_done(&self) {
        if !self.running() {
            self.running.lock().unwrap_or_else(PoisonError::into_inner).take();
        }
    }

    fn take_ticket(&self, key: &str) -> Option<Ticket> {
        let ticket = match &mut *self.tap.lock().unwrap_or_else(PoisonError::into_inner) {
            Tap::Watch { tickets, .. } => tickets.remove(key),
            _ => None,
        };
        if ticket.is_some() {
            self.release_if_done();
        }
        ticket
    }

    /// The upstream's answer to a call answered at its deadline: logged and dropped (the client has its answer).
    fn take_late(&self, key: &str) -> bool {
        let found = self.late.lock().unwrap_or_else(PoisonError::into_inner).remove(key);
        if found {
            eprintln!("foureyes mcp-proxy: a late answer to request {key} (past its deadline) was dropped");
            self.release_if_done();
        }
        found
    }

    /// A request of the upstream to the client (ADR-460, ADR-281): the bytes to pass on (under the proxy's id), or
    /// empty when it is kept from the client — a question into a gated call of this session, answered by the
    /// proxy; a replay of a request the proxy answered; one past the limit of open requests.
    fn server_request(&self, bytes: &[u8], method: &str) -> Vec<u8> {
        let Ok(mut message) = serde_json::from_slice::<Value>(bytes) else { return Vec::new() };
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        let into_call = crate::gate::ASKS_INTO_A_CALL.contains(&method);
        let pending = self.pending();
        enum Then {
            Drop,
            Refuse,
            PassOn,
            TooMany,
        }
        let then = self.sessions.with(&self.session, |s| {
            if s.asks.was_answered_by_proxy(&id) {
                Then::Drop
            } else if into_call && (pending || s.running > 0 || s.unsettled > 0) {
                s.asks.answered_by_proxy(&id);
                Then::Refuse
            } else if s.asks.pass_on(&mut message) {
                Then::PassOn
            } else {
                Then::TooMany
            }
        });
        match then {
            Then::PassOn => return crate::jsonrpc::to_frame(&message),
            Then::Drop => {
                eprintln!("foureyes mcp-proxy: dropped a replay of the upstream's `{method}` the proxy answered")
            }
            Then::Refuse => {
                eprintln!(
                    "foureyes mcp-proxy: refused the upstream's `{method}` while a gated tools/call runs (ADR-281)"
                );
                if let Some(upstream) = &self.upstream {
                    upstream.send(&crate::gate::refuse_ask(&id, method));
                }
            }
            Then::TooMany => {
                if let Some(upstream) = &self.upstream {
                    let why = format!(
                        "FourEyes: the client has more than {} requests of this server unanswered; this one was not \
                         passed on",
                        crate::asks::MAX_OPEN
                    );
                    upstream.send(&error_response(&id, INTERNAL_ERROR, &why));
                }
            }
        }
        Vec::new()
    }

    fn take_rewrite(&self, key: &str) -> Option<crate::tools::Listing> {
        let mut tap = self.tap.lock().unwrap_or_else(PoisonError::into_inner);
        match &mut *tap {
            Tap::Watch { lists, .. } => lists.remove(key),
            Tap::None => None,
        }
    }

    /// Looks at one JSON-RPC message or batch; returns the bytes to send instead when it rewrote something (empty:
    /// drop it).
    async fn message(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        if crate::framing::first_significant(bytes) == Some(b'[') {
            return self.batch(bytes).await;
        }
        let envelope = parse_envelope(bytes).ok()?;
        match envelope.kind() {
            Kind::Request => return Some(self.server_request(bytes, envelope.method.as_deref().unwrap_or_default())),
            Kind::Notification if envelope.method.as_deref() == Some("notifications/cancelled") => {
                let value: Value = serde_json::from_slice(bytes).ok()?;
                return self.sessions.with(&self.session, |s| crate::asks::rewrite_cancel(&mut s.asks, &value));
            }
            Kind::Notification => {
                // A listing the upstream says changed is listed again before the next call (ADR-540).
                self.gate.on_server_notification(&self.session, envelope.method.as_deref().unwrap_or_default());
                return None;
            }
            Kind::Response if self.clients_get => {
                let id = envelope.id_value();
                let key = flight_key(&id);
                if id.is_null() || self.sessions.with(&self.session, |s| s.requests.passes_on_a_clients_get(&key)) {
                    return None;
                }
                eprintln!(
                    "foureyes mcp-proxy: kept the answer to request {} from a stream the client opened with GET: the \
                     proxy reads that answer (a gated call's, a listing's) on its request's own stream (ADR-620)",
                    id_key(&id)
                );
                return Some(Vec::new());
            }
            Kind::Response => {}
            _ => return None,
        }
        if self.passive() {
            return None;
        }
        let Ok(value) = serde_json::from_slice::<Value>(bytes) else {
            // An answer the proxy cannot read in full (nested past the parser's 128 levels, a lone surrogate): a
            // listing's is refused, never passed on unchecked (ADR-910).
            let listing = self.take_rewrite(&id_key(&envelope.id_value()))?;
            return self.gate.on_listing_in(&self.session, listing, bytes).await;
        };
        let key = value.get("id").filter(|_| value.get("method").is_none()).map(id_key)?;
        if self.take_late(&key) {
            return Some(Vec::new());
        }
        if let Some(ticket) = self.take_ticket(&key) {
            self.gate.report(&ticket, Some(&value), "").await;
            if crate::gate::is_input_required(&value) {
                return Some(crate::jsonrpc::to_frame(&crate::gate::input_required_answer(&ticket)));
            }
            // The answer to the call forwarded under the proxy's id, passed on under the client's (ADR-660).
            let mut value = value;
            value["id"] = ticket.id.clone();
            return Some(crate::jsonrpc::to_frame(&value));
        }
        match self.take_rewrite(&key) {
            Some(listing) => self.gate.on_listing_in(&self.session, listing, bytes).await,
            None => None,
        }
    }

    /// A batch answer: each element is looked at like a single message; the array is rebuilt around the
    /// untouched elements' original bytes only when a `tools/list` element was rewritten.
    async fn batch(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        let items: Vec<&serde_json::value::RawValue> = serde_json::from_slice(bytes).ok()?;
        let mut parts: Vec<Vec<u8>> = Vec::with_capacity(items.len());
        let mut changed = false;
        for item in items {
            let rewritten = Box::pin(self.message(item.get().as_bytes())).await;
            changed |= rewritten.is_some();
            match rewritten {
                Some(dropped) if dropped.is_empty() => {}
                other => parts.push(other.unwrap_or_else(|| item.get().as_bytes().to_vec())),
            }
        }
        changed.then(|| {
            let mut out = b"[".to_vec();
            out.extend(parts.join(&b","[..]));
            out.push(b']');
            out
        })
    }

    /// The upstream refused the request: every call still pending did not happen (`failed`).
    async fn refused(&self, why: &str) {
        for ticket in self.drain() {
            self.gate.report_not_forwarded(&ticket, why).await;
        }
    }

    fn drain(&self) -> Vec<Ticket> {
        match &mut *self.tap.lock().unwrap_or_else(PoisonError::into_inner) {
            Tap::Watch { tickets, .. } => tickets.drain().map(|(_, t)| t).collect(),
            _ => Vec::new(),
        }
    }

    async fn finish(&self, why: &str) {
        for ticket in self.drain() {
            self.gate.report(&ticket, None, why).await;
        }
    }

    /// The proxy cannot learn the answers of this POST's calls still running (ADR-560): each is reported `unknown`
    /// (one past its deadline was already), and the session keeps it as running for good, so that its questions
    /// stay the proxy's to answer on whatever stream they come.
    async fn abandon(&self, why: &str) {
        let late = std::mem::take(&mut *self.late.lock().unwrap_or_else(PoisonError::into_inner));
        let pending = self.drain();
        let lost = late.len() + pending.len();
        self.sessions.with(&self.session, |s| s.unsettled += lost);
        for ticket in pending {
            self.gate.report(&ticket, None, why).await;
        }
        if lost > 0 {
            eprintln!(
                "foureyes mcp-proxy: {lost} gated call(s) without an answer ({why}): reported `unknown`; questions in \
                 this session stay the proxy's to answer (ADR-560)"
            );
        }
    }
}

impl Drop for Tapped {
    fn drop(&mut self) {
        let pending = self.drain();
        let late = self.late.lock().unwrap_or_else(PoisonError::into_inner).len();
        if pending.len() + late > 0 {
            // Calls that may still run upstream, unwatched: their questions stay the proxy's (ADR-560).
            self.sessions.with(&self.session, |s| s.unsettled += pending.len() + late);
        }
        if pending.is_empty() {
            return;
        }
        let gate = self.gate.clone();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                for ticket in pending {
                    gate.report(&ticket, None, "the client went away before the response arrived").await;
                }
            });
        }
    }
}

/// The SSE answer of a POST that carries gated calls (ADR-461, ADR-560): read to the calls' answers by a task of its
/// own, event by event through the tap, whether the client stays or not. A client that drops the stream cannot leave
/// a call running unwatched and then take its questions on a stream it resumes (`Last-Event-ID`, attack 7's H1,
/// F461): the proxy keeps answering them until the call's answer, and reports what the upstream answered. When the
/// upstream ends or breaks the stream before the calls' answers — SEP-1699 polling (the server closes it after an
/// event with an id and a `retry` hint), or a client's `GET` that took the stream over (F560) — the proxy resumes it
/// itself: after the server's `retry`, a `GET` with `Last-Event-ID` of the last event it read, as often as it takes
/// (at most [`MAX_RESUMES`] times); the client's stream stays open and gets the resumed events. A call whose answer
/// the proxy cannot get that way is reported `unknown`, and the session keeps it as running (questions into it stay
/// the proxy's) until the session ends. At the deadline the client gets its `isError` answer and its stream ends;
/// the proxy reads on while the call may still run.
fn drained(body: Body, tapped: Arc<Tapped>) -> Body {
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, axum::Error>>(64);
    tokio::spawn(async move {
        let mut chunks: UpstreamEvents = Box::pin(body.into_data_stream());
        let mut buffer: Vec<u8> = Vec::new();
        let mut client = Some(tx);
        let mut until = tapped.until;
        let mut cursor = Cursor::default();
        let mut resumes = 0;
        loop {
            let next = match until {
                Some(at) => tokio::select! {
                    chunk = chunks.next() => chunk,
                    () = tokio::time::sleep_until(at) => {
                        until = None;
                        if let Some(answer) = tapped.expire().await
                            && let Some(tx) = &client
                        {
                            let answers = match answer {
                                Value::Array(items) => items,
                                one => vec![one],
                            };
                            for answer in answers {
                                let _ = tx.send(Ok(sse_event(&crate::jsonrpc::to_frame(&answer)))).await;
                            }
                        }
                        // The client has its answer; the proxy reads on alone.
                        client = None;
                        continue;
                    }
                },
                None => chunks.next().await,
            };
            let mut events = Vec::new();
            let broken = match next {
                Some(Ok(bytes)) => {
                    buffer.extend_from_slice(&bytes);
                    while let Some(end) = event_end(&buffer) {
                        events.push(buffer.drain(..end).collect::<Vec<u8>>());
                    }
                    None
                }
                Some(Err(e)) => Some(format!("the upstream's event stream failed: {e}")),
                None => {
                    if !buffer.is_empty() {
                        events.push(std::mem::take(&mut buffer));
                    }
                    Some("the upstream's event stream ended without the call's response".to_string())
                }
            };
            for event in events {
                cursor.read(&event);
                let out = tap_event(&tapped, event).await;
                if !out.is_empty()
                    && let Some(tx) = &client
                    && tx.send(Ok(Bytes::from(out))).await.is_err()
                {
                    // The client went away: the call is still watched.
                    client = None;
                }
            }
            if let Some(why) = broken {
                if !tapped.running() {
                    break;
                }
                // The calls have no answer yet: the stream is the proxy's to resume (ADR-560).
                match (&cursor.last_id, &tapped.upstream) {
                    (Some(last_id), Some(upstream)) if resumes < MAX_RESUMES => {
                        resumes += 1;
                        buffer.clear();
                        chunks = upstream.resume(last_id.clone(), cursor.retry);
                        continue;
                    }
                    _ => {
                        let why = if cursor.last_id.is_none() {
                            format!("{why}, and it gave no event id to resume it with")
                        } else {
                            format!("{why}, and could not be resumed ({resumes} times)")
                        };
                        tapped.abandon(&why).await;
                        break;
                    }
                }
            }
            if (client.is_none() || resumes > 0) && !tapped.running() {
                // Nobody reads, and no call of this POST runs any more; or the calls have their answers on a stream
                // the proxy resumed, which the upstream may keep open as a GET stream.
                break;
            }
        }
    });
    Body::from_stream(futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|item| (item, rx)) }))
}

/// How many times the proxy resumes a gated call's stream that the upstream ended before the call's answer.
pub const MAX_RESUMES: u32 = 600;

/// The wait before a resumption when the upstream gave no `retry` (the SSE default is the reader's choice), and its
/// bounds when it did: a server cannot make the proxy poll in a tight loop, nor wait for ever.
const DEFAULT_RETRY: std::time::Duration = std::time::Duration::from_millis(500);
const RETRY_BOUNDS: (std::time::Duration, std::time::Duration) =
    (std::time::Duration::from_millis(50), std::time::Duration::from_secs(60));

/// The chunks of an upstream event stream: the POST's answer, then each resumption of it.
type UpstreamEvents = std::pin::Pin<Box<dyn futures_util::Stream<Item = Result<Bytes, axum::Error>> + Send>>;

/// Where the proxy resumes an SSE stream: the last event id it read (the SSE `id` field) and the server's `retry`.
#[derive(Debug)]
struct Cursor {
    last_id: Option<String>,
    retry: std::time::Duration,
}

impl Default for Cursor {
    fn default() -> Cursor {
        Cursor { last_id: None, retry: DEFAULT_RETRY }
    }
}

impl Cursor {
    /// Takes the `id` and `retry` fields of one event (the SSE rules: `id` without a NUL sets the last event id,
    /// `retry` of ASCII digits sets the reconnection time).
    fn read(&mut self, event: &[u8]) {
        for line in String::from_utf8_lossy(event).lines() {
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            let value = value.strip_prefix(' ').unwrap_or(value);
            match field {
                "id" if !value.contains('\0') => {
                    self.last_id = (!value.is_empty()).then(|| value.to_string());
                }
                "retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                    let millis = value.parse::<u64>().unwrap_or(u64::MAX);
                    self.retry = std::time::Duration::from_millis(millis).clamp(RETRY_BOUNDS.0, RETRY_BOUNDS.1);
                }
                _ => {}
            }
        }
    }
}

/// Passes an SSE body through event by event, handing each event's data to the tap first. An event is held
/// only until its terminating blank line, so the client sees every event as soon as it is complete.
fn sse_stream(
    body: Body,
    tapped: Arc<Tapped>,
) -> impl futures_util::Stream<Item = Result<Bytes, axum::Error>> + Send + 'static {
    let until = tapped.until;
    let stop = async move {
        match until {
            Some(until) => tokio::time::sleep_until(until).await,
            None => std::future::pending().await,
        }
    };
    let chunks =
        body.into_data_stream().take_until(Box::pin(stop)).map(Some).chain(futures_util::stream::once(async { None }));
    let mut buffer: Vec<u8> = Vec::new();
    chunks
        .then(move |chunk| {
            let tapped = tapped.clone();
            let last = chunk.is_none();
            let mut events = Vec::new();
            let mut error = None;
            match chunk {
                Some(Ok(bytes)) => {
                    buffer.extend_from_slice(&bytes);
                    while let Some(end) = event_end(&buffer) {
                        events.push(buffer.drain(..end).collect::<Vec<u8>>());
                    }
                }
                Some(Err(e)) => error = Some(e),
                None if !buffer.is_empty() => events.push(std::mem::take(&mut buffer)),
                None => {}
            }
            async move {
                if let Some(e) = error {
                    tapped.finish("the upstream's event stream failed").await;
                    return Some(Err(e));
                }
                let mut out = Vec::new();
                for event in events {
                    out.extend(tap_event(&tapped, event).await);
                }
                if last {
                    if tapped.until.is_some_and(|until| tokio::time::Instant::now() >= until)
                        && let Some(answer) = tapped.expire().await
                    {
                        let answers = match answer {
                            Value::Array(items) => items,
                            one => vec![one],
                        };
                        for answer in answers {
                            out.extend_from_slice(&sse_event(&crate::jsonrpc::to_frame(&answer)));
                        }
                    }
                    tapped.finish("the upstream's event stream ended without the call's response").await;
                }
                // A chunk that completed no event yields nothing (no empty frames on the wire).
                (!out.is_empty()).then(|| Ok(Bytes::from(out)))
            }
        })
        .filter_map(|item| async move { item })
}

/// The end (exclusive) of the first complete SSE event in `buffer`, if any. (Also read by the `mcp` connector of
/// `foureyes-connect`, which calls tools on a Streamable HTTP upstream.)
pub fn event_end(buffer: &[u8]) -> Option<usize> {
    let lf = buffer.windows(2).position(|w| w == b"\n\n").map(|i| i + 2);
    let crlf = buffer.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4);
    match (lf, crlf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The data of one SSE event (its `data:` lines joined by `\n`), or `None` when it has none.
pub fn event_data(event: &str) -> Option<String> {
    let data: Vec<&str> =
        event.lines().filter_map(|line| line.strip_prefix("data:").map(|d| d.strip_prefix(' ').unwrap_or(d))).collect();
    (!data.is_empty()).then(|| data.join("\n"))
}

/// One SSE event: its data goes to the tap; the event's bytes pass unchanged unless the tap rewrote its data.
async fn tap_event(tapped: &Tapped, event: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&event);
    let Some(data) = event_data(&text) else { return event };
    let Some(rewritten) = tapped.message(data.as_bytes()).await else { return event };
    if rewritten.is_empty() {
        // Kept from the client (ADR-281).
        return Vec::new();
    }
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with("data:")) {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str("data: ");
    out.push_str(&String::from_utf8_lossy(&rewritten));
    out.push_str("\n\n");
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn only_loopback_and_listed_origins_pass() {
        let ok = |o: &str| origin_allowed(&HeaderValue::from_str(o).unwrap(), &["https://console.example".into()]);
        for o in ["http://localhost:6274", "http://127.0.0.1", "https://[::1]:8443", "https://console.example"] {
            assert!(ok(o), "{o}");
        }
        for o in ["http://evil.example", "null", "http://localhost.evil.example", "http://127.0.0.1.nip.io", "file://"]
        {
            assert!(!ok(o), "{o}");
        }
    }

    #[test]
    fn sse_events_end_at_a_blank_line() {
        assert_eq!(event_end(b"data: x\n\nrest"), Some(9));
        assert_eq!(event_end(b"data: x\r\n\r\n"), Some(11));
        assert_eq!(event_end(b"data: x\n"), None);
    }

    #[test]
    fn base64_header_values_are_decoded() {
        assert_eq!(decode_header_value("=?base64?Y2Fmw6k=?=").as_deref(), Some("café"));
        assert_eq!(decode_header_value("echo").as_deref(), Some("echo"));
        assert_eq!(decode_header_value("=?base64?*?="), None);
    }
}
