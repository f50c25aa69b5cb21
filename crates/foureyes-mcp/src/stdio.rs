//! The stdio transport: the proxy runs the upstream MCP server as a child process and sits between the client's
//! stdin/stdout and the child's stdin/stdout. The child's stderr is the proxy's stderr.
//!
//! Routing works on raw lines. A client message is parsed (as an [`Envelope`](crate::jsonrpc::Envelope) that
//! borrows the line) only to find `tools/call`, `tools/list` and `notifications/cancelled`; a server message is
//! parsed only while the proxy waits for the answer to a request. A message from the client is forwarded as the
//! bytes that arrived with line breaks normalized ([`crate::parity`]), a permitted `tools/call` as the proxy's own
//! serialization of what was decided; a batch is rebuilt around its untouched elements. Each request id is in
//! flight once: a request reusing one is answered with an error and forwarded nowhere. A server message is passed
//! on as it came, except a watched listing's response and a server request: that one gets an id of the proxy's own,
//! and only the client's answer to it is forwarded, under the upstream's id ([`crate::asks`], ADR-460); a client
//! response that answers nothing the client was asked is dropped.
//!
//! Messages from the client that are not JSON-RPC are answered with a JSON-RPC error and never forwarded:
//! invalid UTF-8 or JSON (`-32700`), JSON that is not a message or a line over the size cap (`-32600`), a
//! `tools/call` without a tool name or with non-object arguments (`-32602`).
//!
//! Shutdown: when the client closes stdin, held calls are cancelled, calls being decided finish, the child's
//! stdin is closed and the child gets a grace period to exit before it is killed. When the child exits or closes
//! stdout first, calls still in flight are answered with an error and reported `unknown`, and the proxy exits.

use crate::framing::{Frame, LineReader, first_significant, is_blank, scan_id};
use crate::gate::{Cancel, Gate, Gated, Ticket, ToolCall};
use crate::jsonrpc::{
    INTERNAL_ERROR, INVALID_REQUEST, Kind, PARSE_ERROR, cancel_target, error_response, flight_key, flight_key_of,
    id_key, parse_batch, parse_envelope, raw_id_key, to_frame,
};
use crate::parity::{key_collision, normalize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tokio::task::JoinSet;

/// Limits and timings of the stdio transport.
#[derive(Debug, Clone)]
pub struct StdioOptions {
    /// Largest client message (one line).
    pub max_line_bytes: usize,
    /// Largest server message (tool results can be large: files, images).
    pub max_upstream_line_bytes: usize,
    /// How long the child may take to exit after its stdin is closed.
    pub shutdown_grace: Duration,
}

impl Default for StdioOptions {
    fn default() -> Self {
        StdioOptions {
            max_line_bytes: crate::framing::DEFAULT_MAX_LINE_BYTES,
            max_upstream_line_bytes: 64 * 1024 * 1024,
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// Why the proxy could not run.
#[derive(Debug, thiserror::Error)]
pub enum StdioError {
    #[error("cannot start the upstream MCP server `{command}`: {source}")]
    Spawn { command: String, source: std::io::Error },
    #[error("no upstream command: pass it after `--`, e.g. `-- npx @modelcontextprotocol/server-filesystem /tmp`")]
    NoCommand,
    #[error("the upstream MCP server's {0} is not a pipe")]
    Pipe(&'static str),
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
}

/// A frame for a writer, or the order to close the stream.
enum Out {
    Frame(Vec<u8>),
    Close,
}

/// A client batch that had calls answered by the proxy: the upstream's answer to the rest gets those answers
/// added, so the client still receives one array.
struct Merge {
    expected: HashSet<String>,
    seen: HashSet<String>,
    answers: Vec<Value>,
}

#[derive(Default)]
struct State {
    /// The client's requests in flight (forwarded and not answered yet, or being decided), by flight key
    /// ([`flight_key`]), with the id as it was forwarded. One id, one request (ADR-61, ADR-280): a request that
    /// reuses one is answered with an error and goes nowhere, so no answer can be taken for another request's.
    open: HashMap<String, Value>,
    /// Forwarded `tools/call`s by id key, to be reported when answered.
    in_flight: HashMap<String, Ticket>,
    /// Forwarded calls past their deadline: answered `isError` and reported `unknown`; their id stays in `open`
    /// until the upstream's late answer, which is logged and dropped (never delivered twice).
    late: HashSet<String>,
    /// The deadline timers of forwarded calls, by id key (stopped when the answer comes).
    deadlines: HashMap<String, tokio::task::AbortHandle>,
    /// `tools/call`s being decided (or held), by flight key: their cancel handle and whether the client cancelled.
    gating: HashMap<String, (Cancel, bool)>,
    /// Watched requests by id key (`tools/list` and the other listings, ADR-282).
    lists: HashMap<String, crate::tools::Listing>,
    /// The proxy's own listing requests by id key (ADR-402): their answers go to the proxy, not the client.
    own: HashMap<String, tokio::sync::oneshot::Sender<Vec<u8>>>,
    merges: Vec<Merge>,
    /// The upstream's requests passed on to the client, under ids of the proxy's own (ADR-460).
    asks: crate::asks::Asks,
}

impl State {
    /// Whether a forwarded `tools/call` has no answer yet (past its deadline too: it may still be running).
    fn calls_running(&self) -> bool {
        !self.in_flight.is_empty() || !self.late.is_empty()
    }

    /// Takes the id `key` (an [`id_key`]) for a new request; false when a request with that id, in any spelling a
    /// peer reads as it, is still in flight.
    fn claim(&mut self, key: &str) -> bool {
        match self.open.entry(flight_key_of(key)) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(serde_json::from_str(key).unwrap_or(Value::Null));
                true
            }
        }
    }

    /// Whether an answer under this id key may be passed on (ADR-932, attack 26's P6): only to a request of the
    /// client that was forwarded and has no answer yet. A call refused or answered by the proxy is no longer open;
    /// a call being decided or held (`gating`) was never forwarded, so no answer of the upstream can be its.
    ///
    /// The id must be the request's as the client spelled it, not only the same in-flight key (attack 27's M1): an
    /// answer to `tools/list` id `2` sent back under `"2"` shares the in-flight key (ADR-280 reads them alike for
    /// cancellation) but not the listing's key, so it was passed on unchecked — and a changed tool's call then ran.
    fn answerable(&self, key: &str) -> bool {
        let flight = flight_key_of(key);
        let spelled = serde_json::from_str::<Value>(key).ok();
        self.open.get(&flight).is_some_and(|id| Some(id) == spelled.as_ref()) && !self.gating.contains_key(&flight)
    }

    /// The request with this id key was answered (by the upstream or the proxy): the id is free again.
    fn release(&mut self, key: &str) {
        self.open.remove(&flight_key_of(key));
        if let Some(timer) = self.deadlines.remove(key) {
            timer.abort();
        }
    }
}

struct Router {
    gate: Arc<Gate>,
    to_client: mpsc::Sender<Out>,
    to_upstream: mpsc::Sender<Out>,
    /// Progress notifications of held calls.
    notifier: mpsc::Sender<Vec<u8>>,
    elicitor: Elicitor,
    options: StdioOptions,
    state: Mutex<State>,
    /// This connection's name for the listing walks it makes (ADR-401): the gate may serve several (the bridge).
    walk: String,
}

/// Numbers the stdio connections of this process (their listing walks are their own, ADR-401).
static CONNECTIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Numbers the proxy's own requests to the upstream (ADR-402).
static OWN_IDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The proxy's own listing request to the upstream (ADR-402), answered to the proxy, never to the client.
struct OwnListing<'a>(&'a Router);

#[async_trait::async_trait]
impl crate::tools::Lister for OwnListing<'_> {
    async fn list(&self, method: &str, cursor: Option<&str>, meta: Option<&Value>) -> Result<Vec<u8>, String> {
        let router = self.0;
        let id = format!("foureyes-list-{}", OWN_IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        let key = id_key(&Value::String(id.clone()));
        let (answer_tx, answer_rx) = tokio::sync::oneshot::channel();
        {
            let mut state = lock(&router.state);
            if !state.claim(&key) {
                return Err(format!("its own request id {key} is in use"));
            }
            state.own.insert(key.clone(), answer_tx);
        }
        let mut params = serde_json::Map::new();
        if let Some(cursor) = cursor {
            params.insert("cursor".into(), Value::String(cursor.to_string()));
        }
        if let Some(meta) = meta {
            params.insert("_meta".into(), meta.clone());
        }
        let message = serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let sent = router.forward(crate::parity::serialize(&message)).await;
        let timeout = router.gate.config().call_timeout;
        let answer = if sent { tokio::time::timeout(timeout, answer_rx).await.ok().and_then(Result::ok) } else { None };
        {
            let mut state = lock(&router.state);
            state.own.remove(&key);
            state.release(&key);
        }
        match answer {
            Some(answer) => Ok(answer),
            None if !sent => Err("the upstream MCP server had closed".to_string()),
            None => Err(format!("the upstream did not answer its `{method}` within {}s", timeout.as_secs_f64())),
        }
    }
}

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs the proxy over the given client streams until one side closes. Returns the child's exit code (`None`
/// when it was killed by a signal).
pub async fn run_stdio<R, W>(
    gate: Arc<Gate>,
    command: &[String],
    client_in: R,
    client_out: W,
    options: StdioOptions,
) -> Result<Option<i32>, StdioError>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (program, args) = command.split_first().ok_or(StdioError::NoCommand)?;
    let mut child = tokio::process::Command::new(program)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .map_err(|source| StdioError::Spawn { command: command.join(" "), source })?;
    let child_in = child.stdin.take().ok_or(StdioError::Pipe("stdin"))?;
    let child_out = child.stdout.take().ok_or(StdioError::Pipe("stdout"))?;

    let (to_client, client_rx) = mpsc::channel(256);
    let (to_upstream, upstream_rx) = mpsc::channel(256);
    let (notifier, mut notes) = mpsc::channel::<Vec<u8>>(64);
    let client_writer = tokio::spawn(write_frames(client_out, client_rx));
    let upstream_writer = tokio::spawn(write_frames(child_in, upstream_rx));
    let client_max = options.max_line_bytes;
    let upstream_max = options.max_upstream_line_bytes;
    let grace = options.shutdown_grace;
    let state = Mutex::new(State::default());
    let elicitor = Elicitor {
        to_client: to_client.clone(),
        enabled: Default::default(),
        next: Default::default(),
        waiting: Mutex::default(),
        patience: gate.config().wait.unwrap_or(Duration::from_secs(600)),
    };
    let walk = format!("stdio-{}", CONNECTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    let router = Arc::new(Router { gate, to_client, to_upstream, notifier, elicitor, options, state, walk });
    let notes_router = router.clone();
    let notes_task = tokio::spawn(async move {
        while let Some(frame) = notes.recv().await {
            notes_router.send_client_frame(frame).await;
        }
    });

    let mut client_task =
        tokio::spawn(client_loop(router.clone(), LineReader::new(BufReader::new(client_in), client_max)));
    let mut upstream_task =
        tokio::spawn(upstream_loop(router.clone(), LineReader::new(BufReader::new(child_out), upstream_max)));

    let upstream_first = tokio::select! {
        _ = &mut client_task => false,
        _ = &mut upstream_task => true,
    };
    if upstream_first {
        // The child is gone: nobody will answer the client any more.
        client_task.abort();
    } else {
        // The client is done: the child gets its stdin closed (by `client_loop`) and a grace period to exit.
        if tokio::time::timeout(grace, &mut upstream_task).await.is_err() {
            let _ = child.start_kill();
            let _ = upstream_task.await;
        }
    }
    router.fail_in_flight("the upstream MCP server closed before answering").await;
    let _ = router.to_upstream.send(Out::Close).await;
    let _ = router.to_client.send(Out::Close).await;
    notes_task.abort();
    let _ = client_writer.await;
    let _ = upstream_writer.await;
    let status = match tokio::time::timeout(grace, child.wait()).await {
        Ok(status) => status?,
        Err(_) => {
            let _ = child.start_kill();
            child.wait().await?
        }
    };
    Ok(status.code())
}

async fn write_frames<W: AsyncWrite + Unpin>(mut out: W, mut rx: mpsc::Receiver<Out>) -> std::io::Result<()> {
    while let Some(message) = rx.recv().await {
        match message {
            Out::Frame(mut bytes) => {
                bytes.push(b'\n');
                out.write_all(&bytes).await?;
                if rx.is_empty() {
                    out.flush().await?;
                }
            }
            Out::Close => break,
        }
    }
    out.flush().await?;
    out.shutdown().await
}

async fn client_loop<R: tokio::io::AsyncBufRead + Unpin>(router: Arc<Router>, mut reader: LineReader<R>) {
    let mut tasks = JoinSet::new();
    loop {
        let frame = match reader.next_frame().await {
            Ok(Some(frame)) => frame,
            Ok(None) => break,
            Err(e) => {
                eprintln!("foureyes mcp-proxy: reading from the client failed: {e}");
                break;
            }
        };
        match frame {
            Frame::Line(line) => router.on_client_line(line, &mut tasks).await,
            Frame::Oversized { prefix, len } => {
                let id = scan_id(&prefix).unwrap_or(Value::Null);
                let max = router.options.max_line_bytes;
                let message = format!(
                    "Invalid Request: the message is {len} bytes; this proxy accepts at most {max} bytes per message \
                     (nothing was forwarded)"
                );
                router.send_client(error_response(&id, INVALID_REQUEST, &message)).await;
            }
        }
        while tasks.try_join_next().is_some() {}
    }
    // The client closed its input: held calls end without an answer; calls being decided finish; then the child's
    // stdin is closed, which is how an MCP client tells a stdio server to exit.
    for (cancel, _) in lock(&router.state).gating.values() {
        cancel.cancel();
    }
    while tasks.join_next().await.is_some() {}
    let _ = router.to_upstream.send(Out::Close).await;
}

async fn upstream_loop<R: tokio::io::AsyncBufRead + Unpin>(router: Arc<Router>, mut reader: LineReader<R>) {
    loop {
        match reader.next_frame().await {
            Ok(Some(Frame::Line(line))) => router.on_upstream_line(line).await,
            Ok(Some(Frame::Oversized { prefix, len })) => router.upstream_oversized(&prefix, len).await,
            Ok(None) => break,
            Err(e) => {
                eprintln!("foureyes mcp-proxy: reading from the upstream server failed: {e}");
                break;
            }
        }
    }
}

impl Router {
    async fn send_client(&self, message: Value) {
        self.send_client_frame(to_frame(&message)).await;
    }

    async fn send_client_frame(&self, frame: Vec<u8>) {
        // A closed client cannot be told anything; the decision is journaled either way.
        let _ = self.to_client.send(Out::Frame(frame)).await;
    }

    async fn forward(&self, frame: Vec<u8>) -> bool {
        self.to_upstream.send(Out::Frame(frame)).await.is_ok()
    }

    async fn on_client_line(self: &Arc<Self>, line: Vec<u8>, tasks: &mut JoinSet<()>) {
        if is_blank(&line) {
            return;
        }
        if let Err(e) = std::str::from_utf8(&line) {
            let message = format!("Parse error: the message is not valid UTF-8 (at byte {})", e.valid_up_to());
            return self.send_client(error_response(&Value::Null, PARSE_ERROR, &message)).await;
        }
        if first_significant(&line) == Some(b'[') {
            return self.client_batch(line, tasks).await;
        }
        let (action, claimed) = match parse_envelope(&line) {
            Err((code, message)) => {
                let id = if code == PARSE_ERROR { Value::Null } else { scan_id(&line).unwrap_or(Value::Null) };
                return self.send_client(error_response(&id, code, &message)).await;
            }
            Ok(envelope) => match self.admit(&envelope, &line) {
                Err(refusal) => return self.send_client(refusal).await,
                Ok(claimed) => {
                    if let Some(refusal) = self.gate.refuse_ambiguous_message(&envelope, &line).await {
                        if let Some(key) = &claimed {
                            lock(&self.state).release(key);
                        }
                        return self.send_client(refusal).await;
                    }
                    (self.classify_client(&envelope), claimed)
                }
            },
        };
        match action {
            ClientAction::Forward => {
                // Valid JSON, with no character any reader takes for a line break (ADR-60).
                self.forward(normalize(&line).into_owned()).await;
            }
            ClientAction::ForwardOwn(frame) => {
                self.forward(frame).await;
            }
            ClientAction::Answer(response) => {
                if let Some(key) = &claimed {
                    lock(&self.state).release(key);
                }
                self.send_client(response).await;
            }
            ClientAction::Gate(call) => self.spawn_gate(call, tasks),
            ClientAction::Consumed => {}
            ClientAction::Check(id, key) => {
                let router = self.clone();
                let claimed = claimed.clone();
                tasks.spawn(async move {
                    let walk = crate::tools::own_walk(&router.walk);
                    match router.gate.check_read(&OwnListing(&router), &walk, &id, &key).await {
                        Some(refusal) => {
                            if let Some(claimed) = &claimed {
                                lock(&router.state).release(claimed);
                            }
                            router.send_client(refusal).await;
                        }
                        None => {
                            router.forward(normalize(&line).into_owned()).await;
                        }
                    }
                });
            }
        }
    }

    /// The checks every client message passes before it is classified: no two top-level keys that another peer
    /// could read as one (ADR-60), and, for a request, an id no request in flight has (ADR-61), which it then
    /// takes. Returns the id key taken, or the error to answer with (nothing is forwarded).
    fn admit(&self, envelope: &crate::jsonrpc::Envelope<'_>, bytes: &[u8]) -> Result<Option<String>, Value> {
        if let Some(why) = std::str::from_utf8(bytes).ok().and_then(|text| key_collision(text, false)) {
            let message =
                format!("Invalid Request: {why}; a server could read another message from it (nothing was forwarded)");
            return Err(error_response(&envelope.id_value(), INVALID_REQUEST, &message));
        }
        if envelope.kind() != Kind::Request {
            return Ok(None);
        }
        let key = id_key(&envelope.id_value());
        if !lock(&self.state).claim(&key) {
            let message = format!(
                "Invalid Request: id {key} is already used by a request in flight; use a new id (nothing was forwarded)"
            );
            return Err(error_response(&envelope.id_value(), INVALID_REQUEST, &message));
        }
        Ok(Some(key))
    }

    /// What to do with one client message; registers watched requests and applies cancellations.
    fn classify_client(&self, envelope: &crate::jsonrpc::Envelope<'_>) -> ClientAction {
        let method = envelope.method.as_deref().unwrap_or_default();
        match envelope.kind() {
            Kind::Request if method == "tools/call" => match ToolCall::parse(envelope.id_value(), envelope.params) {
                Ok(mut call) => {
                    // Checked against this connection's upstream listings only (ADR-542).
                    call.upstream = self.walk.clone();
                    ClientAction::Gate(call)
                }
                Err(response) => ClientAction::Answer(response),
            },
            Kind::Request => {
                if let Some(listing) = crate::tools::Listing::of(method)
                    && self.gate.watches(listing)
                {
                    self.gate.listing_requested(&self.walk, listing, envelope.params);
                    lock(&self.state).lists.insert(id_key(&envelope.id_value()), listing);
                }
                if let Some(key) = crate::tools::pinned_read(method, envelope.params)
                    && self.gate.watches_read(&self.walk, &key)
                {
                    return ClientAction::Check(envelope.id_value(), key);
                }
                if method == "initialize" && self.gate.config().elicit_approver.is_some() {
                    // Only a client that said it can render a form is asked; the others get the usual answer.
                    let declared = envelope
                        .params
                        .and_then(|p| serde_json::from_str::<Value>(p.get()).ok())
                        .and_then(|p| p.pointer("/capabilities/elicitation").map(Value::is_object))
                        .unwrap_or(false);
                    self.elicitor.enabled.store(declared, std::sync::atomic::Ordering::SeqCst);
                }
                ClientAction::Forward
            }
            Kind::Notification if method == "notifications/cancelled" => self.on_cancel(envelope.params),
            Kind::Notification => ClientAction::Forward,
            Kind::Response => {
                let id = envelope.id_value();
                let result = envelope.result.and_then(|r| serde_json::from_str::<Value>(r.get()).ok());
                let error = envelope.error.and_then(|e| serde_json::from_str::<Value>(e.get()).ok());
                if self.elicitor.is_ours(&id) {
                    self.elicitor.deliver(&id, serde_json::json!({"result": result, "error": error}));
                    return ClientAction::Consumed;
                }
                // Only an answer to a request passed on to the client goes, under the upstream's id (ADR-460).
                match lock(&self.state).asks.answer(&id, result, error) {
                    Some(frame) => ClientAction::ForwardOwn(frame),
                    None => {
                        eprintln!(
                            "foureyes mcp-proxy: dropped the client's response {}: it answers no request of the \
                             upstream passed on to the client (ADR-460)",
                            id_key(&id)
                        );
                        ClientAction::Consumed
                    }
                }
            }
            Kind::Invalid => {
                ClientAction::Answer(error_response(&envelope.id_value(), INVALID_REQUEST, envelope.invalid_reason()))
            }
        }
    }

    /// A `notifications/cancelled` from the client (ADR-280). Its `requestId` is resolved as every peer could read
    /// it ([`cancel_target`]: `7.0`, `7e0` and `"7"` name the request `7`). A call being decided or held is
    /// cancelled here and the upstream, which never saw it, is told nothing; a request forwarded and still in
    /// flight gets the cancellation forwarded in the proxy's own words, naming it by the id it was forwarded with,
    /// so every peer reads the same request. A forwarded call's outcome then comes from the upstream's answer, if
    /// any: none of the real servers answers a cancelled call, so it is reported `unknown` at its deadline and its
    /// reservation is kept. A cancellation that names no request in flight is dropped.
    fn on_cancel(&self, params: Option<&serde_json::value::RawValue>) -> ClientAction {
        #[derive(serde::Deserialize)]
        struct Params<'a> {
            #[serde(rename = "requestId", borrow)]
            request_id: Option<&'a serde_json::value::RawValue>,
            #[serde(default)]
            reason: Option<Value>,
        }
        let parsed = params.and_then(|p| serde_json::from_str::<Params<'_>>(p.get()).ok());
        let Some((target, reason)) =
            parsed.and_then(|p| Some((p.request_id.and_then(cancel_target)?, p.reason.filter(Value::is_string))))
        else {
            eprintln!("foureyes mcp-proxy: dropped a `notifications/cancelled` that names no request id");
            return ClientAction::Consumed;
        };
        let mut state = lock(&self.state);
        if let Some(entry) = state.gating.get_mut(&target) {
            entry.1 = true;
            entry.0.cancel();
            return ClientAction::Consumed;
        }
        let Some(id) = state.open.get(&target) else { return ClientAction::Consumed };
        let mut params = serde_json::Map::new();
        params.insert("requestId".into(), id.clone());
        if let Some(reason) = reason {
            params.insert("reason".into(), reason);
        }
        let message = serde_json::json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": params});
        ClientAction::ForwardOwn(crate::parity::serialize(&message))
    }

    fn spawn_gate(self: &Arc<Self>, call: ToolCall, tasks: &mut JoinSet<()>) {
        let key = id_key(&call.id);
        let cancel = Cancel::default();
        let gating = flight_key(&call.id);
        lock(&self.state).gating.insert(gating.clone(), (cancel.clone(), false));
        let router = self.clone();
        tasks.spawn(async move {
            // ADR-402: a call before any listing waits for the proxy's own listing, so its pin is checked.
            let walk = crate::tools::own_walk(&router.walk);
            let meta = crate::tools::era_meta(&call);
            if router.gate.must_list_first(&router.walk, crate::tools::Listing::Tools)
                && let Err(why) = router
                    .gate
                    .list_first(&OwnListing(&router), &walk, crate::tools::Listing::Tools, meta.as_ref())
                    .await
            {
                {
                    let mut state = lock(&router.state);
                    state.gating.remove(&gating);
                    state.release(&key);
                }
                let refusal = router.gate.refuse_unlisted(&call, &why).await;
                return router.send_client(refusal).await;
            }
            let gated = router.gate.gate_with(&call, Some(&router.notifier), &cancel, Some(&router.elicitor)).await;
            let by_client = lock(&router.state).gating.remove(&gating).is_some_and(|(_, by_client)| by_client);
            match gated {
                Gated::Forward(ticket) if by_client => {
                    lock(&router.state).release(&key);
                    router.gate.report_not_forwarded(&ticket, "cancelled by the client before it was forwarded").await;
                }
                Gated::Forward(ticket) => {
                    lock(&router.state).in_flight.insert(key.clone(), ticket.clone());
                    // The proxy's own serialization of exactly what was decided, never the bytes that arrived.
                    if router.forward(call.frame()).await {
                        router.arm_deadline(&key, &ticket, &call);
                    } else {
                        {
                            let mut state = lock(&router.state);
                            state.in_flight.remove(&key);
                            state.release(&key);
                        }
                        router.gate.report_not_forwarded(&ticket, "the upstream MCP server had closed").await;
                        let message = "the upstream MCP server closed before the call could be forwarded";
                        router.send_client(error_response(&call.id, INTERNAL_ERROR, message)).await;
                    }
                }
                Gated::Answer(response) => {
                    lock(&router.state).release(&key);
                    if !by_client {
                        router.send_client(response).await;
                    }
                }
                Gated::Cancelled => lock(&router.state).release(&key),
            }
        });
    }

    /// Starts the deadline of a forwarded call (`--call-timeout`, or the policy's per-tool value): past it, the
    /// client is answered `isError` and the call reported `unknown` (its reservation is kept); the id stays taken
    /// until the upstream's late answer, which is logged and dropped.
    fn arm_deadline(self: &Arc<Self>, key: &str, ticket: &Ticket, call: &ToolCall) {
        let timeout = self.gate.call_timeout(&call.name);
        let router = self.clone();
        let (timer_key, decision_id, call) = (key.to_string(), ticket.decision_id, call.clone());
        let mut state = lock(&self.state);
        if state.in_flight.get(key).is_none_or(|t| t.decision_id != decision_id) {
            // Already answered.
            return;
        }
        let timer = tokio::spawn(async move {
            tokio::time::sleep(timeout).await;
            router.expire(&timer_key, decision_id, &call, timeout).await;
        });
        state.deadlines.insert(key.to_string(), timer.abort_handle());
    }

    async fn expire(&self, key: &str, decision_id: foureyes_core::DecisionId, call: &ToolCall, timeout: Duration) {
        let (ticket, merge) = {
            let mut state = lock(&self.state);
            if state.in_flight.get(key).is_none_or(|t| t.decision_id != decision_id) {
                return;
            }
            state.deadlines.remove(key);
            state.late.insert(key.to_string());
            let ticket = state.in_flight.remove(key);
            let merge = state.merges.iter().position(|m| m.expected.contains(key)).map(|i| state.merges.remove(i));
            (ticket, merge)
        };
        let Some(ticket) = ticket else { return };
        let why = format!("no answer from the upstream within {}s (the call's deadline)", timeout.as_secs_f64());
        self.gate.report(&ticket, None, &why).await;
        let text = format!(
            "OUTCOME UNKNOWN — the upstream MCP server did not answer within {}s; the call may have run (decision {}, \
             reported `unknown`). It is not retried: ask the user to check before calling it again.",
            timeout.as_secs_f64(),
            ticket.decision_id
        );
        let meta = serde_json::json!({"decision_id": ticket.decision_id, "status": "unknown", "error": "call_timeout"});
        let answer = call.answer(&text, meta);
        match merge {
            // The rest of its batch is answered with it, in one array, when the upstream's answer is not coming.
            Some(mut merge) => {
                merge.seen.insert(key.to_string());
                merge.answers.push(answer);
                if merge.seen.len() == merge.expected.len() {
                    self.send_client(Value::Array(merge.answers)).await;
                } else {
                    lock(&self.state).merges.push(merge);
                }
            }
            None => self.send_client(answer).await,
        }
    }

    async fn client_batch(self: &Arc<Self>, line: Vec<u8>, tasks: &mut JoinSet<()>) {
        let items = match parse_batch(&line) {
            Ok(items) => items,
            Err((code, message)) => return self.send_client(error_response(&Value::Null, code, &message)).await,
        };
        if items.is_empty() {
            let message = "Invalid Request: an empty batch";
            return self.send_client(error_response(&Value::Null, INVALID_REQUEST, message)).await;
        }
        let mut answers = Vec::new();
        let mut calls = Vec::new();
        let mut kept = Vec::new();
        // Elements forwarded as the proxy's own serialization, and whether any element is not forwarded at all.
        let mut own: HashMap<usize, Vec<u8>> = HashMap::new();
        let mut consumed = false;
        for (index, item) in items.iter().enumerate() {
            if first_significant(item.get().as_bytes()) == Some(b'[') {
                // JSON-RPC has no batch inside a batch; a peer that flattened it would run what was never gated.
                let message = "Invalid Request: a batch inside a batch (nothing in it was forwarded)";
                answers.push(error_response(&Value::Null, INVALID_REQUEST, message));
                continue;
            }
            let envelope = match parse_envelope(item.get().as_bytes()) {
                Ok(envelope) => envelope,
                Err((_, message)) => {
                    answers.push(error_response(&Value::Null, INVALID_REQUEST, &message));
                    continue;
                }
            };
            // Inside a batch as alone: no ambiguous keys, and one id per request in flight, this batch included.
            let claimed = match self.admit(&envelope, item.get().as_bytes()) {
                Ok(claimed) => claimed,
                Err(refusal) => {
                    answers.push(refusal);
                    continue;
                }
            };
            // ADR-935: no key twice anywhere in it, as alone.
            if let Some(refusal) = self.gate.refuse_ambiguous_message(&envelope, item.get().as_bytes()).await {
                if let Some(key) = &claimed {
                    lock(&self.state).release(key);
                }
                answers.push(refusal);
                continue;
            }
            match self.classify_client(&envelope) {
                ClientAction::Forward => kept.push((index, claimed)),
                ClientAction::Answer(response) => {
                    if let Some(key) = &claimed {
                        lock(&self.state).release(key);
                    }
                    answers.push(response);
                }
                ClientAction::ForwardOwn(frame) => {
                    own.insert(index, frame);
                    kept.push((index, claimed));
                }
                ClientAction::Gate(call) => calls.push((index, call)),
                ClientAction::Consumed => consumed = true,
                ClientAction::Check(id, key) => {
                    match self.gate.check_read(&OwnListing(self), &crate::tools::own_walk(&self.walk), &id, &key).await
                    {
                        Some(refusal) => {
                            if let Some(key) = &claimed {
                                lock(&self.state).release(key);
                            }
                            answers.push(refusal);
                        }
                        None => kept.push((index, claimed)),
                    }
                }
            }
        }
        if calls.is_empty() && answers.is_empty() && own.is_empty() && !consumed {
            self.forward(normalize(&line).into_owned()).await;
            return;
        }
        let raw: Vec<String> = items.iter().map(|item| item.get().to_string()).collect();
        let router = self.clone();
        tasks.spawn(async move { router.gate_batch(raw, kept, calls, answers, own).await });
    }

    /// Decides the calls of a batch, forwards what may go (the elements that are not gated as they came, the
    /// permitted calls as the proxy's own serialization), and makes sure the client gets one array with every
    /// answer.
    async fn gate_batch(
        self: Arc<Self>,
        raw: Vec<String>,
        mut kept: Vec<(usize, Option<String>)>,
        calls: Vec<(usize, ToolCall)>,
        mut answers: Vec<Value>,
        mut frames: HashMap<usize, Vec<u8>>,
    ) {
        let mut tickets = Vec::new();
        // ADR-402: calls before any listing wait for the proxy's own listing, so their pins are checked.
        let listed = if !calls.is_empty() && self.gate.must_list_first(&self.walk, crate::tools::Listing::Tools) {
            let walk = crate::tools::own_walk(&self.walk);
            let meta = calls.first().and_then(|(_, call)| crate::tools::era_meta(call));
            self.gate.list_first(&OwnListing(&self), &walk, crate::tools::Listing::Tools, meta.as_ref()).await
        } else {
            Ok(())
        };
        for (index, call) in calls {
            let key = id_key(&call.id);
            if let Err(why) = &listed {
                lock(&self.state).release(&key);
                answers.push(self.gate.refuse_unlisted(&call, why).await);
                continue;
            }
            let cancel = Cancel::default();
            lock(&self.state).gating.insert(flight_key(&call.id), (cancel.clone(), false));
            let gated = self.gate.gate_with(&call, Some(&self.notifier), &cancel, Some(&self.elicitor)).await;
            lock(&self.state).gating.remove(&flight_key(&call.id));
            match gated {
                Gated::Forward(ticket) => {
                    frames.insert(index, call.frame());
                    tickets.push((key.clone(), ticket, call));
                    kept.push((index, Some(key)));
                }
                Gated::Answer(response) => {
                    lock(&self.state).release(&key);
                    answers.push(response);
                }
                Gated::Cancelled => lock(&self.state).release(&key),
            }
        }
        {
            let mut state = lock(&self.state);
            for (key, ticket, _) in &tickets {
                state.in_flight.insert(key.clone(), ticket.clone());
            }
        }
        kept.sort_by_key(|(index, _)| *index);
        let expected: HashSet<String> = kept.iter().filter_map(|(_, key)| key.clone()).collect();
        if !answers.is_empty() {
            if expected.is_empty() {
                // Nothing forwarded expects an answer: the client gets the proxy's answers now.
                self.send_client(Value::Array(answers)).await;
            } else {
                // Registered before the forward, so the upstream's answer cannot arrive first.
                lock(&self.state).merges.push(Merge { expected, seen: HashSet::new(), answers });
            }
        }
        if kept.is_empty() {
            return;
        }
        let parts: Vec<&[u8]> =
            kept.iter().map(|(index, _)| frames.get(index).map_or(raw[*index].as_bytes(), Vec::as_slice)).collect();
        let mut batch = b"[".to_vec();
        batch.extend(parts.join(&b","[..]));
        batch.push(b']');
        if self.forward(normalize(&batch).into_owned()).await {
            for (key, ticket, call) in &tickets {
                self.arm_deadline(key, ticket, call);
            }
        } else {
            let tickets: Vec<(String, Ticket)> = tickets.into_iter().map(|(k, t, _)| (k, t)).collect();
            self.not_forwarded(&tickets).await;
        }
    }

    async fn not_forwarded(&self, tickets: &[(String, Ticket)]) {
        for (key, ticket) in tickets {
            let removed = {
                let mut state = lock(&self.state);
                state.release(key);
                state.in_flight.remove(key)
            };
            if removed.is_some() {
                self.gate.report_not_forwarded(ticket, "the upstream MCP server had closed").await;
            }
        }
    }

    /// One line from the upstream. Only exactly one JSON-RPC message (or a batch of them) with no key twice in an
    /// object is looked at and passed on (ADR-930, ADR-931, attack 26's P4/P5): anything else (a second value after
    /// it, a BOM or a no-break space before it, trailing text, a duplicate key) could be read by the client as a
    /// message the proxy never checked. Such a line never reaches the client; the request it answers (found by its
    /// id) gets the proxy's error, and a listing's is journaled as unreadable (ADR-910).
    async fn on_upstream_line(&self, line: Vec<u8>) {
        if is_blank(&line) {
            return;
        }
        if first_significant(&line) == Some(b'[')
            && let Ok(items) = parse_batch(&line)
        {
            // A batch: its readable elements go on as a batch, each unreadable one is settled alone.
            let mut kept: Vec<&str> = Vec::with_capacity(items.len());
            let mut bad: Vec<(Vec<u8>, String)> = Vec::new();
            for item in &items {
                match crate::jsonrpc::one_value(item.get().as_bytes()).map_err(|e| e.to_string()).and_then(|()| {
                    parse_envelope(item.get().as_bytes()).map_err(|(_, why)| why).and_then(|e| match e.kind() {
                        Kind::Invalid => Err(e.invalid_reason().to_string()),
                        _ => Ok(()),
                    })
                }) {
                    Ok(()) => kept.push(item.get()),
                    Err(why) => bad.push((item.get().as_bytes().to_vec(), why)),
                }
            }
            let whole = bad.is_empty();
            for (item, why) in bad {
                self.upstream_unreadable(item, &why).await;
            }
            if whole {
                return self.upstream_batch(line).await;
            }
            if !kept.is_empty() {
                self.upstream_batch(format!("[{}]", kept.join(",")).into_bytes()).await;
            }
            return;
        }
        let readable =
            crate::jsonrpc::one_value(&line).map_err(|e| e.to_string()).and_then(|()| match parse_envelope(&line) {
                Ok(envelope) if envelope.kind() == Kind::Invalid => Err(envelope.invalid_reason().to_string()),
                Ok(_) if first_significant(&line) != Some(b'{') => Err("not a JSON-RPC message".to_string()),
                Ok(_) => Ok(()),
                Err((_, why)) => Err(why),
            });
        match readable {
            Ok(()) => self.upstream_single(line).await,
            Err(why) => self.upstream_unreadable(line, &why).await,
        }
    }

    /// A line from the upstream that is not exactly one JSON-RPC message (ADR-931): never passed on. When an id can
    /// be found in it and names a request the proxy forwarded and has not answered, that request is answered with
    /// an error (a watched listing's as an unreadable listing, journaled, ADR-910; the proxy's own listing gets the
    /// bytes and refuses them the same way); otherwise it is logged and dropped.
    async fn upstream_unreadable(&self, line: Vec<u8>, why: &str) {
        let shown = String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned();
        eprintln!(
            "foureyes mcp-proxy: a line from the upstream is not exactly one JSON-RPC message ({why}); it was not passed on: {shown}"
        );
        let Some(id) = scan_id(&line) else { return };
        let key = id_key(&id);
        let own = lock(&self.state).own.remove(&key);
        if let Some(waiter) = own {
            let _ = waiter.send(line);
            return;
        }
        let (ticket, list, late) = {
            let mut state = lock(&self.state);
            if !state.answerable(&key) {
                return;
            }
            state.release(&key);
            (state.in_flight.remove(&key), state.lists.remove(&key), state.late.remove(&key))
        };
        if late {
            return late_answer(&key, &line);
        }
        let message = format!(
            "FourEyes refused the upstream's answer: it is not exactly one JSON-RPC message ({why}), so it was not passed on"
        );
        if let Some(ticket) = &ticket {
            self.gate.report(ticket, None, &message).await;
        }
        let frame = match list {
            Some(listing) => self.gate.on_listing_in(&self.walk, listing, &line).await,
            None => None,
        };
        self.send_client_frame(frame.unwrap_or_else(|| to_frame(&error_response(&id, INTERNAL_ERROR, &message)))).await;
        self.settle_merge(key).await;
    }

    async fn upstream_single(&self, line: Vec<u8>) {
        let key = match parse_envelope(&line) {
            Ok(envelope) if envelope.kind() == Kind::Response => envelope.id.map(raw_id_key),
            Ok(envelope) if envelope.kind() == Kind::Request => {
                if let Some(refusal) = self.ask_into_a_call(&envelope) {
                    self.forward(to_frame(&refusal)).await;
                    return;
                }
                return match self.pass_on(&line) {
                    Ok(frame) => self.send_client_frame(frame).await,
                    Err(refusal) => {
                        self.forward(to_frame(&refusal)).await;
                    }
                };
            }
            Ok(envelope) if envelope.method.as_deref() == Some("notifications/cancelled") => {
                let rewritten = serde_json::from_slice::<Value>(&line)
                    .ok()
                    .and_then(|message| crate::asks::rewrite_cancel(&mut lock(&self.state).asks, &message));
                return self.send_client_frame(rewritten.unwrap_or_else(|| line.clone())).await;
            }
            Ok(envelope) if envelope.kind() == Kind::Notification => {
                // A listing the upstream says changed is listed again before the next call (ADR-540).
                self.gate.on_server_notification(&self.walk, envelope.method.as_deref().unwrap_or_default());
                None
            }
            _ => None,
        };
        let Some(key) = key else { return self.send_client_frame(line).await };
        let own = lock(&self.state).own.remove(&key);
        if let Some(waiter) = own {
            // The answer to the proxy's own listing (ADR-402): never the client's.
            let _ = waiter.send(line);
            return;
        }
        let (ticket, list, late) = {
            let mut state = lock(&self.state);
            if !state.answerable(&key) {
                drop(state);
                return not_asked(&key, &line);
            }
            state.release(&key);
            (state.in_flight.remove(&key), state.lists.remove(&key), state.late.remove(&key))
        };
        if late {
            // The client was answered at the deadline; this answer is logged, never delivered a second time.
            return late_answer(&key, &line);
        }
        let mut frame = line;
        if let Some(ticket) = ticket {
            let response: Option<Value> = serde_json::from_slice(&frame).ok();
            self.gate.report(&ticket, response.as_ref(), "the response was not valid JSON").await;
            if response.as_ref().is_some_and(crate::gate::is_input_required) {
                frame = to_frame(&crate::gate::input_required_answer(&ticket));
            }
        }
        if let Some(listing) = list
            && let Some(rewritten) = self.gate.on_listing_in(&self.walk, listing, &frame).await
        {
            frame = rewritten;
        }
        self.send_client_frame(frame).await;
        self.settle_merge(key).await;
    }

    /// A server that answers a batch element by element: the proxy's answers follow the last of them.
    async fn settle_merge(&self, key: String) {
        let done = {
            let mut state = lock(&self.state);
            let mut done = None;
            if let Some(i) = state.merges.iter().position(|m| m.expected.contains(&key)) {
                state.merges[i].seen.insert(key);
                if state.merges[i].seen.len() == state.merges[i].expected.len() {
                    done = Some(state.merges.remove(i));
                }
            }
            done
        };
        if let Some(merge) = done {
            for answer in merge.answers {
                self.send_client(answer).await;
            }
        }
    }

    async fn upstream_batch(&self, line: Vec<u8>) {
        let Ok(items) = parse_batch(&line) else { return self.send_client_frame(line).await };
        let mut parts: Vec<String> = Vec::with_capacity(items.len());
        let mut changed = false;
        let mut extra = Vec::new();
        for item in &items {
            let key = match parse_envelope(item.get().as_bytes()) {
                Ok(envelope) if envelope.kind() == Kind::Response => envelope.id.map(raw_id_key),
                Ok(envelope) if envelope.kind() == Kind::Notification => {
                    // ADR-540, as for a single message.
                    self.gate.on_server_notification(&self.walk, envelope.method.as_deref().unwrap_or_default());
                    None
                }
                _ => None,
            };
            let mut text = item.get().to_string();
            if let Ok(envelope) = parse_envelope(item.get().as_bytes())
                && envelope.kind() == Kind::Request
            {
                changed = true;
                if let Some(refusal) = self.ask_into_a_call(&envelope) {
                    self.forward(to_frame(&refusal)).await;
                    continue;
                }
                match self.pass_on(item.get().as_bytes()) {
                    Ok(frame) => parts.push(String::from_utf8_lossy(&frame).into_owned()),
                    Err(refusal) => {
                        self.forward(to_frame(&refusal)).await;
                    }
                }
                continue;
            }
            if let Some(key) = key {
                if !lock(&self.state).answerable(&key) {
                    not_asked(&key, text.as_bytes());
                    changed = true;
                    continue;
                }
                let (ticket, list, merge, late) = {
                    let mut state = lock(&self.state);
                    state.release(&key);
                    let merge =
                        state.merges.iter().position(|m| m.expected.contains(&key)).map(|i| state.merges.remove(i));
                    (state.in_flight.remove(&key), state.lists.remove(&key), merge, state.late.remove(&key))
                };
                if let Some(merge) = merge {
                    extra.extend(merge.answers);
                    changed = true;
                }
                if late {
                    late_answer(&key, text.as_bytes());
                    changed = true;
                    continue;
                }
                if let Some(ticket) = ticket {
                    let response: Option<Value> = serde_json::from_str(&text).ok();
                    self.gate.report(&ticket, response.as_ref(), "the response was not valid JSON").await;
                    if response.as_ref().is_some_and(crate::gate::is_input_required) {
                        text = crate::gate::input_required_answer(&ticket).to_string();
                        changed = true;
                    }
                }
                if let Some(listing) = list
                    && let Some(rewritten) = self.gate.on_listing_in(&self.walk, listing, text.as_bytes()).await
                {
                    text = String::from_utf8_lossy(&rewritten).into_owned();
                    changed = true;
                }
            }
            parts.push(text);
        }
        if !changed {
            return self.send_client_frame(line).await;
        }
        if parts.is_empty() && extra.is_empty() {
            return;
        }
        parts.extend(extra.iter().map(Value::to_string));
        self.send_client_frame(format!("[{}]", parts.join(",")).into_bytes()).await;
    }

    /// A server request that would carry the client's answer into a running gated call (ADR-281:
    /// `elicitation/create`, `sampling/createMessage` while a forwarded `tools/call` awaits its answer): the
    /// proxy's own answer for the upstream; it never reaches the client.
    fn ask_into_a_call(&self, envelope: &crate::jsonrpc::Envelope<'_>) -> Option<Value> {
        let method = envelope.method.as_deref()?;
        if !crate::gate::ASKS_INTO_A_CALL.contains(&method) {
            return None;
        }
        {
            let mut state = lock(&self.state);
            if !state.calls_running() {
                return None;
            }
            // Never passed on, so no answer of the client can reach it (ADR-460).
            state.asks.answered_by_proxy(&envelope.id_value());
        }
        eprintln!("foureyes mcp-proxy: refused the upstream's `{method}` while a gated tools/call runs (ADR-281)");
        Some(crate::gate::refuse_ask(&envelope.id_value(), method))
    }

    /// A server request for the client, under an id of the proxy's own (ADR-460): the frame to pass on, or the
    /// proxy's error for the upstream when too many of its requests are unanswered.
    fn pass_on(&self, bytes: &[u8]) -> Result<Vec<u8>, Value> {
        let mut message: Value = serde_json::from_slice(bytes).unwrap_or(Value::Null);
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        if lock(&self.state).asks.pass_on(&mut message) {
            return Ok(to_frame(&message));
        }
        let why = format!(
            "FourEyes: the client has more than {} requests of this server unanswered; this one was not passed on",
            crate::asks::MAX_OPEN
        );
        Err(error_response(&id, INTERNAL_ERROR, &why))
    }

    async fn upstream_oversized(&self, prefix: &[u8], len: usize) {
        let max = self.options.max_upstream_line_bytes;
        let message = format!("the upstream's response is {len} bytes, over this proxy's limit of {max} bytes");
        let Some(id) = scan_id(prefix) else {
            eprintln!("foureyes mcp-proxy: dropped a {len}-byte message from the upstream (limit {max} bytes)");
            return;
        };
        let key = id_key(&id);
        let (ticket, list, late) = {
            let mut state = lock(&self.state);
            state.release(&key);
            (state.in_flight.remove(&key), state.lists.remove(&key), state.late.remove(&key))
        };
        if late {
            return late_answer(&key, prefix);
        }
        if let Some(ticket) = &ticket {
            self.gate.report(ticket, None, &message).await;
        }
        if ticket.is_some() || list.is_some() {
            self.send_client(error_response(&id, INTERNAL_ERROR, &message)).await;
        } else {
            eprintln!("foureyes mcp-proxy: dropped a {len}-byte message from the upstream (limit {max} bytes)");
        }
    }

    /// The child is gone: every forwarded call still waiting is answered with an error and reported `unknown`.
    async fn fail_in_flight(&self, why: &str) {
        let (mut in_flight, mut lists, merges) = {
            let mut state = lock(&self.state);
            state.open.clear();
            state.late.clear();
            // The proxy's own listings get no answer any more: their waiters end now, not at their timeout.
            state.own.clear();
            for (_, timer) in state.deadlines.drain() {
                timer.abort();
            }
            (std::mem::take(&mut state.in_flight), std::mem::take(&mut state.lists), std::mem::take(&mut state.merges))
        };
        // A batch still waiting for the upstream's array gets one array: its unanswered requests as errors,
        // then the proxy's own answers.
        for mut merge in merges {
            let mut answers = Vec::new();
            for key in merge.expected.difference(&merge.seen) {
                lists.remove(key);
                if let Some(ticket) = in_flight.remove(key) {
                    self.gate.report(&ticket, None, why).await;
                }
                let id = serde_json::from_str::<Value>(key).unwrap_or(Value::Null);
                answers.push(error_response(&id, INTERNAL_ERROR, why));
            }
            answers.append(&mut merge.answers);
            self.send_client(Value::Array(answers)).await;
        }
        for ticket in in_flight.values() {
            self.gate.report(ticket, None, why).await;
            self.send_client(error_response(&ticket.id, INTERNAL_ERROR, why)).await;
        }
        // A `tools/list` is answered (as it always was); the other watched requests end like any request the
        // upstream left unanswered.
        for key in lists.into_iter().filter(|(_, l)| *l == crate::tools::Listing::Tools).map(|(k, _)| k) {
            if let Ok(id) = serde_json::from_str::<Value>(&key) {
                self.send_client(error_response(&id, INTERNAL_ERROR, why)).await;
            }
        }
    }
}

/// An answer of the upstream to no request it was sent and that is still unanswered (ADR-932): dropped, logged.
fn not_asked(key: &str, bytes: &[u8]) {
    eprintln!(
        "foureyes mcp-proxy: dropped an answer of the upstream under id {key}: no request with that id was forwarded \
         to it and left unanswered (refused, held, or already answered by the proxy) (ADR-932): {}",
        String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
    );
}

/// The upstream's answer to a call whose deadline passed: the client already has its `isError` answer.
fn late_answer(key: &str, bytes: &[u8]) {
    eprintln!(
        "foureyes mcp-proxy: a late answer to request {key} (past its deadline; the client was answered and the call \
         reported `unknown`) was dropped: {}",
        String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
    );
}

enum ClientAction {
    Forward,
    /// Forward the proxy's own serialization of the message instead of its bytes (a cancellation, ADR-280; an answer
    /// to a server request, under the upstream's id, ADR-460).
    ForwardOwn(Vec<u8>),
    Answer(Value),
    Gate(ToolCall),
    /// The client's answer to the proxy's own request (an inline approval), or an answer to nothing the client was
    /// asked (ADR-460): consumed, not forwarded.
    Consumed,
    /// A read of something whose definition changed since it was pinned (ADR-282): refused unless re-pinned
    /// meanwhile, then forwarded as it came.
    Check(Value, String),
}

/// The proxy's own requests to the client (`elicitation/create` for `--elicit-approver`) and their answers.
struct Elicitor {
    to_client: mpsc::Sender<Out>,
    /// Set when the client's `initialize` declared `capabilities.elicitation`.
    enabled: std::sync::atomic::AtomicBool,
    next: std::sync::atomic::AtomicU64,
    waiting: Mutex<HashMap<String, tokio::sync::oneshot::Sender<Value>>>,
    /// How long a person may take to answer before the call falls back to "awaiting approval".
    patience: Duration,
}

impl Elicitor {
    fn is_ours(&self, id: &Value) -> bool {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner).contains_key(&id_key(id))
    }

    /// Delivers the client's response to one of the proxy's requests; false when it answers something else.
    fn deliver(&self, id: &Value, response: Value) -> bool {
        let waiter = self.waiting.lock().unwrap_or_else(PoisonError::into_inner).remove(&id_key(id));
        waiter.map(|tx| tx.send(response)).is_some()
    }
}

#[async_trait::async_trait]
impl crate::gate::Asker for Elicitor {
    async fn elicit(&self, params: Value) -> Option<Value> {
        use std::sync::atomic::Ordering;
        if !self.enabled.load(Ordering::SeqCst) {
            return None;
        }
        // A string id in the proxy's own namespace cannot collide with the upstream's requests to the client.
        let id = Value::String(format!("foureyes-elicit-{}", self.next.fetch_add(1, Ordering::Relaxed)));
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner).insert(id_key(&id), tx);
        let request = serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "elicitation/create", "params": params});
        if self.to_client.send(Out::Frame(to_frame(&request))).await.is_err() {
            return None;
        }
        let answer = tokio::time::timeout(self.patience, rx).await.ok().and_then(Result::ok);
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner).remove(&id_key(&id));
        answer
    }
}

/// This process's stdin for the proxy, read by a plain thread. `tokio::io::stdin` reads on the runtime's blocking
/// pool, and a runtime waits for its blocking reads when it shuts down: with the upstream gone and a client that
/// keeps stdin open, the proxy would never exit. A detached thread ends with the process.
pub fn process_stdin() -> ThreadReader {
    let (tx, rx) = mpsc::channel::<std::io::Result<Vec<u8>>>(4);
    let spawned = std::thread::Builder::new().name("mcp-proxy-stdin".into()).spawn(move || {
        use std::io::Read;
        let mut stdin = std::io::stdin().lock();
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let chunk = match stdin.read(&mut buf) {
                Ok(0) => return,
                Ok(n) => Ok(buf[..n].to_vec()),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => Err(e),
            };
            let failed = chunk.is_err();
            if tx.blocking_send(chunk).is_err() || failed {
                return;
            }
        }
    });
    let rx = match spawned {
        Ok(_) => Some(rx),
        Err(e) => {
            eprintln!("foureyes mcp-proxy: cannot start the stdin reader: {e}");
            None
        }
    };
    ThreadReader { rx, pending: Vec::new(), offset: 0 }
}

/// An `AsyncRead` over chunks a thread sends (see [`process_stdin`]).
pub struct ThreadReader {
    rx: Option<mpsc::Receiver<std::io::Result<Vec<u8>>>>,
    pending: Vec<u8>,
    offset: usize,
}

impl AsyncRead for ThreadReader {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        out: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        use std::task::Poll;
        let this = &mut *self;
        if this.offset >= this.pending.len() {
            let Some(rx) = this.rx.as_mut() else { return Poll::Ready(Ok(())) };
            match rx.poll_recv(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Ready(Some(Err(e))) => return Poll::Ready(Err(e)),
                Poll::Ready(Some(Ok(chunk))) => {
                    this.pending = chunk;
                    this.offset = 0;
                }
            }
        }
        let n = out.remaining().min(this.pending.len() - this.offset);
        out.put_slice(&this.pending[this.offset..this.offset + n]);
        this.offset += n;
        Poll::Ready(Ok(()))
    }
}
