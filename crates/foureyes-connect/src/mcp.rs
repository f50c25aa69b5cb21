//! The `mcp` connector: a tool on an MCP server, called by FourEyes itself after a permit. One session per run
//! (`initialize`, `notifications/initialized`, `tools/list`, one `tools/call`), over stdio (a child process) or
//! Streamable HTTP.
//!
//! Before the call, the tool's listed definition must be its pin (ADR-441): the listing (every page) goes through
//! the MCP proxy's own pin code ([`Gate::on_tools_list`], ADR-161 and ADR-340) under the spec's `server` name, so
//! the connector and `foureyes mcp-proxy --name SERVER` share one set of pins (the policy's `mcp.<server>.pins` over
//! the journal's `tool_pinned` events). A tool seen the first time is pinned (journaled); a changed one, one listed
//! twice, or one not listed is not called (`failed`, nothing sent; a changed listing is journaled `refused`,
//! `tool_definition_changed`) until a person re-pins it.
//!
//! The wire rules are the MCP proxy's, reused from `foureyes-mcp` rather than written twice: messages are framed by
//! its [`LineReader`] (size cap, no JSON in the framing) and classified by its [`Envelope`]; the call is built and
//! checked by [`ToolCall::parse`] (the params rule: keys that are equal or differ only in case, and `task`,
//! `inputResponses` or `requestState`, are refused before anything is sent) and serialized by [`ToolCall::frame`]
//! (the proxy's own normalized serialization, ADR-60); the answer is matched by the id rule (a response counts only
//! when its id is the call's id in a spelling every peer reads the same, ADR-170), must have no colliding keys
//! (another reader could take another result from it), and is read by [`outcome_of`] (`isError` → `unknown`, a
//! JSON-RPC error before running → `failed`, F58/F60). Server-sent events are cut by the proxy's [`event_end`].
//!
//! Outcomes are honest about what may have happened: anything that ends the run before the `tools/call` is sent
//! (no process, no session, the deadline during `initialize`, refused params) is `failed`; once it is sent, a
//! deadline, a server that dies or goes silent, an unreadable or oversized answer, or a 5xx is `unknown`.

use crate::run::{RunResult, read_tail};
use crate::template::{self, Escape, Place};
use foureyes_core::connector::McpSpec;
use foureyes_core::{Outcome, Policy};
use foureyes_mcp::framing::{Frame, LineReader, first_significant, is_blank, scan_id};
use foureyes_mcp::gate::{Gate, GateConfig, ToolCall, capped, outcome_of};
use foureyes_mcp::http::{event_data, event_end};
use foureyes_mcp::jsonrpc::{Envelope, Kind, error_response, id_key, parse_batch, parse_envelope, raw_id_key};
use foureyes_store::Store;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::io::{AsyncWriteExt, BufReader};

/// The protocol version FourEyes asks for (servers answer the one they speak).
pub const PROTOCOL_VERSION: &str = "2025-06-18";
/// Largest message read from an upstream (one stdio line, one HTTP body or SSE event).
pub const MAX_MESSAGE_BYTES: usize = 4 * 1024 * 1024;
/// Bytes of the stdio server's stderr kept in the report.
const STDERR_TAIL_BYTES: usize = 4 * 1024;
/// JSON-RPC: the method is not known (the server's requests to FourEyes: sampling, elicitation, roots…).
const METHOD_NOT_FOUND: i64 = -32601;
/// Most `tools/list` pages read before the call (a listing longer than this is refused: nothing is sent).
const MAX_LIST_PAGES: usize = 32;

/// Where an `mcp` run reads and journals its tool pins: the door's store and the policy the decision was made with.
#[derive(Clone)]
pub struct Pins {
    pub store: Arc<dyn Store>,
    pub policy: Arc<Policy>,
}

/// What the checks of a spec need: where each template goes.
pub(crate) fn places(spec: &McpSpec) -> Vec<(String, &str, Escape, bool)> {
    let mut out = Vec::new();
    for (i, a) in spec.command.iter().enumerate() {
        out.push((format!("execute.mcp.command[{i}]"), a.as_str(), Escape::Text, false));
    }
    for (k, v) in &spec.env {
        out.push((format!("execute.mcp.env.{k}"), v.as_str(), Escape::Text, true));
    }
    if let Some(cwd) = &spec.cwd {
        out.push(("execute.mcp.cwd".into(), cwd.as_str(), Escape::Text, false));
    }
    for (k, v) in &spec.headers {
        out.push((format!("execute.mcp.headers.{k}"), v.as_str(), Escape::Text, true));
    }
    if let Some(a) = &spec.arguments {
        out.push(("execute.mcp.arguments".into(), a.as_str(), Escape::Json, true));
    }
    out
}

/// The shape checks of a spec (its templates are checked by the caller through [`places`]).
pub(crate) fn check_shape(spec: &McpSpec) -> Result<(), String> {
    match (spec.command.is_empty(), &spec.url) {
        (false, None) => {}
        (true, Some(url)) => {
            endpoint(url)?;
        }
        (false, Some(_)) => {
            return Err("execute.mcp: give `command` (stdio) or `url` (Streamable HTTP), not both".into());
        }
        (true, None) => return Err("execute.mcp: give `command` (a stdio server) or `url` (Streamable HTTP)".into()),
    }
    if spec.command.is_empty() && (!spec.env.is_empty() || spec.cwd.is_some()) {
        return Err("execute.mcp: `env` and `cwd` are for a stdio server (`command`)".into());
    }
    if spec.url.is_none() && !spec.headers.is_empty() {
        return Err("execute.mcp: `headers` are for a Streamable HTTP server (`url`)".into());
    }
    for k in spec.headers.keys() {
        reqwest::header::HeaderName::from_bytes(k.as_bytes()).map_err(|_| format!("`{k}` is not a header name"))?;
    }
    // The tool is pinned under its name, and called by it: a tool's name by the pin's rule, which is the action
    // name's (ADR-406, ADR-1260).
    foureyes_core::tool_pin::check_tool_name(&spec.tool).map_err(|why| format!("execute.mcp.tool: {why}"))?;
    match spec.server.as_deref() {
        None => {
            return Err("execute.mcp.server: name the upstream (e.g. `server: crm`); its tools are pinned under this \
                        name, as `foureyes mcp-proxy --name` pins them"
                .into());
        }
        Some(name) => {
            foureyes_core::tool_pin::check_server_name(name).map_err(|why| format!("execute.mcp.server: {why}"))?
        }
    }
    Ok(())
}

/// The HTTP endpoint, written literally in the policy.
fn endpoint(url: &str) -> Result<reqwest::Url, String> {
    if url.contains("{{") || url.contains("{%") {
        return Err(format!("execute.mcp.url `{url}`: write the endpoint literally (no template)"));
    }
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("execute.mcp.url `{url}`: {e}"))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() {
        return Err(format!("execute.mcp.url `{url}`: expected an http or https URL"));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(format!("execute.mcp.url `{url}`: no user info in the URL (use `headers`)"));
    }
    Ok(parsed)
}

fn render(source: &str, name: &str, escape: Escape, ctx: &Value) -> Result<String, String> {
    template::render(source, Place { name, escape, secrets: true }, ctx).map_err(|e| e.to_string())
}

/// The call as the proxy would forward it, checked by the proxy's params rule; its id is `id`.
fn tool_call(spec: &McpSpec, ctx: &Value, id: &str) -> Result<ToolCall, String> {
    // The arguments' own text (not a re-serialization), so that the collision check sees what was written.
    let arguments = match &spec.arguments {
        Some(source) => render(source, "execute.mcp.arguments", Escape::Json, ctx)?,
        None => ctx.get("params").cloned().unwrap_or_else(|| json!({})).to_string(),
    };
    let arguments_value: Value = serde_json::from_str(&arguments)
        .map_err(|e| format!("execute.mcp.arguments is not JSON once rendered: {e}"))?;
    if !arguments_value.is_object() {
        return Err("execute.mcp.arguments must render to a JSON object".into());
    }
    let params = format!(r#"{{"name":{},"arguments":{arguments}}}"#, Value::String(spec.tool.clone()));
    let raw = RawValue::from_string(params).map_err(|e| format!("the call's params are not JSON: {e}"))?;
    let call = ToolCall::parse(json!(id), Some(&raw)).map_err(|answer| {
        let message = answer.pointer("/error/message").and_then(Value::as_str).unwrap_or("invalid").to_string();
        format!("the call was refused before sending: {message}")
    })?;
    if let Some(why) = call.ambiguity.as_ref().or(call.unsupported.as_ref()) {
        return Err(format!("the call was refused before sending: {why}"));
    }
    Ok(call)
}

fn initialize(id: &str) -> Vec<u8> {
    foureyes_mcp::parity::serialize(&json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": "initialize",
        "params": {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "foureyes-connect", "version": env!("CARGO_PKG_VERSION")},
        },
    }))
}

fn initialized() -> Vec<u8> {
    foureyes_mcp::parity::serialize(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
}

fn list_tools(id: &str, cursor: Option<&str>) -> Vec<u8> {
    let params = cursor.map_or_else(|| json!({}), |c| json!({"cursor": c}));
    foureyes_mcp::parity::serialize(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/list", "params": params}))
}

/// One page of `tools/list`: its tools go to `listed`; returns the next page's cursor, if any.
fn list_page(answer: &Value, listed: &mut Vec<Value>) -> Result<Option<String>, String> {
    if let Some(e) = answer.get("error") {
        return Err(format!("the server refused `tools/list`: {}", capped(e)));
    }
    let tools = answer
        .pointer("/result/tools")
        .and_then(Value::as_array)
        .ok_or("the server's answer to `tools/list` has no tools")?;
    listed.extend(tools.iter().cloned());
    Ok(answer.pointer("/result/nextCursor").and_then(Value::as_str).map(str::to_string))
}

/// Whether the listed definition of `spec.tool` is its pin, through the proxy's own pin code (ADR-441): a [`Gate`]
/// of `spec.server` reads the pins (the policy's over the journal's), pins a tool seen the first time, and hides a
/// changed tool or one listed more than once, journaling it (`refused`, `tool_definition_changed`). The tool must
/// be left in the listing it returns.
async fn admitted(pins: &Pins, spec: &McpSpec, agent: &str, listed: Vec<Value>) -> Result<(), String> {
    let server = spec.server.clone().unwrap_or_default();
    let tool = spec.tool.as_str();
    let mut policy = (*pins.policy).clone();
    // The connector checks pins only: trusted read-only hints extend a proxy's deciding policy, not a run's.
    if let Some(m) = policy.mcp.get_mut(&server) {
        m.trust_read_only_hint = false;
    }
    let mut config = GateConfig::new(&server);
    config.agent = agent.to_string();
    config.pin_tools = true;
    config.hide_denied = false;
    let gate = Gate::new(pins.store.clone(), Arc::new(policy), config);
    let named = listed.iter().filter(|t| t.get("name").and_then(Value::as_str) == Some(tool)).count();
    let listing = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 0, "result": {"tools": listed}}))
        .map_err(|e| format!("the listing could not be read: {e}"))?;
    let kept = gate.on_listing_in("connector", foureyes_mcp::tools::Listing::Tools, &listing).await.unwrap_or(listing);
    let kept: Value = serde_json::from_slice(&kept).map_err(|e| format!("the listing could not be read: {e}"))?;
    let admitted = kept
        .pointer("/result/tools")
        .and_then(Value::as_array)
        .is_some_and(|tools| tools.iter().any(|t| t.get("name").and_then(Value::as_str) == Some(tool)));
    if admitted {
        return Ok(());
    }
    Err(match named {
        0 => format!("the server does not list the tool `{tool}`"),
        1 => format!(
            "the definition of `{tool}` the server lists is not its pin (server `{server}`): a person reviews it and \
             re-pins it (`foureyes mcp pins list --server {server}`, then `foureyes mcp pins approve {tool} --server \
             {server} --hash …`)"
        ),
        n => format!("the server lists `{tool}` {n} times, so which one would run is not known"),
    })
}

/// What one message from the upstream is to the run.
enum Read {
    /// The response to the request with the id we wait for (parsed, keys checked).
    Ours(Result<Value, String>),
    /// A request from the server, and our answer to it.
    Answer(Vec<u8>),
    /// A notification, a response to something else, or a message that is not JSON-RPC: ignored.
    Skip,
}

/// Reads one message (an object or a batch) for the response with id `ours`.
fn read_message(bytes: &[u8], ours: &str) -> Vec<Read> {
    if first_significant(bytes) == Some(b'[') {
        return match parse_batch(bytes) {
            Ok(items) => items.iter().map(|raw| read_one(raw.get().as_bytes(), ours)).collect(),
            Err(_) => vec![Read::Skip],
        };
    }
    vec![read_one(bytes, ours)]
}

fn read_one(bytes: &[u8], ours: &str) -> Read {
    let Ok(envelope) = parse_envelope(bytes) else { return Read::Skip };
    match envelope.kind() {
        Kind::Response => {
            // The id rule (ADR-170): only our id, spelled so every peer reads it as ours.
            let Some(id) = envelope.id else { return Read::Skip };
            if !foureyes_mcp::jsonrpc::unambiguous_id(id) || raw_id_key(id) != id_key(&json!(ours)) {
                return Read::Skip;
            }
            Read::Ours(parse_answer(bytes))
        }
        Kind::Request => Read::Answer(answer_request(&envelope)),
        Kind::Notification | Kind::Invalid => Read::Skip,
    }
}

/// Our answer to a server's request: `ping` is answered; FourEyes offers no sampling, elicitation or roots.
fn answer_request(envelope: &Envelope<'_>) -> Vec<u8> {
    let id = envelope.id_value();
    let answer = if envelope.method.as_deref() == Some("ping") {
        json!({"jsonrpc": "2.0", "id": id, "result": {}})
    } else {
        let method = envelope.method.as_deref().unwrap_or_default();
        error_response(&id, METHOD_NOT_FOUND, &format!("FourEyes' connector does not offer `{method}`"))
    };
    foureyes_mcp::parity::serialize(&answer)
}

/// The response, unless another reader could take another answer from it (keys equal or differing only in case).
fn parse_answer(bytes: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "the answer is not UTF-8".to_string())?;
    if let Some(collision) = foureyes_mcp::parity::key_collision(text, true) {
        return Err(format!("the answer is ambiguous ({collision}); another reader could take another result"));
    }
    serde_json::from_str(text).map_err(|e| format!("the answer is not JSON: {e}"))
}

/// Where the run is: the outcome of a failure depends on whether the `tools/call` was sent.
#[derive(Default)]
struct Progress {
    sent: AtomicBool,
}

impl Progress {
    fn failure(&self, detail: &mut Map<String, Value>, error: String) -> Outcome {
        let sent = self.sent.load(Ordering::SeqCst);
        let error = if sent {
            format!("{error} (after the call was sent: the tool may have run)")
        } else {
            format!("{error} (before the call was sent: the tool did not run)")
        };
        detail.insert("error".into(), json!(error));
        if sent { Outcome::Unknown } else { Outcome::Failed }
    }
}

/// The run's outcome from the upstream's answer to the call.
fn answered(detail: &mut Map<String, Value>, tool: &str, answer: Result<Value, String>) -> Outcome {
    match answer {
        Ok(response) => {
            let (outcome, read) = outcome_of(tool, &response);
            if let Value::Object(read) = read {
                detail.extend(read);
            }
            outcome
        }
        Err(e) => {
            detail.insert("error".into(), json!(format!("{e} (after the call was sent: the tool may have run)")));
            Outcome::Unknown
        }
    }
}

/// Runs the tool of `spec` with the template context `ctx`, within `deadline`, once its pin admits it (`pins`).
pub(crate) async fn run(
    spec: &McpSpec,
    ctx: &Value,
    deadline: Duration,
    run_id: &str,
    pins: Option<&Pins>,
) -> RunResult {
    let mut detail = Map::new();
    detail.insert("connector".into(), json!("mcp"));
    detail.insert("transport".into(), json!(if spec.url.is_some() { "http" } else { "stdio" }));
    detail.insert("tool".into(), json!(spec.tool));
    let call_id = format!("foureyes-{run_id}-call");
    let progress = Progress::default();
    let call = match tool_call(spec, ctx, &call_id) {
        Ok(c) => c,
        Err(e) => {
            let outcome = progress.failure(&mut detail, e);
            return RunResult { outcome, detail: Value::Object(detail) };
        }
    };
    let Some(pins) = pins else {
        let outcome = progress.failure(&mut detail, "no store to read the tool's pin from".into());
        return RunResult { outcome, detail: Value::Object(detail) };
    };
    let agent = ctx.get("agent").and_then(Value::as_str).unwrap_or_default().to_string();
    let ids = Ids {
        init: format!("foureyes-{run_id}-init"),
        list: format!("foureyes-{run_id}-list"),
        call: call_id,
        pins: pins.clone(),
        agent,
    };
    let outcome = match &spec.url {
        Some(url) => http(spec, url, ctx, deadline, &call, &ids, &progress, &mut detail).await,
        None => stdio(spec, ctx, deadline, &call, &ids, &progress, &mut detail).await,
    };
    RunResult { outcome, detail: Value::Object(detail) }
}

/// A run's request ids, and what its pin check needs.
struct Ids {
    init: String,
    list: String,
    call: String,
    pins: Pins,
    agent: String,
}

// ---------------------------------------------------------------------------------------------------------------
// stdio

#[allow(clippy::too_many_arguments)]
async fn stdio(
    spec: &McpSpec,
    ctx: &Value,
    deadline: Duration,
    call: &ToolCall,
    ids: &Ids,
    progress: &Progress,
    detail: &mut Map<String, Value>,
) -> Outcome {
    // The argv rule of the `command` connector (ADR-332): a value never begins an option of the server (F442).
    let argv = match crate::run::render_argv(&spec.command, "execute.mcp.command", ctx) {
        Ok(argv) => argv,
        Err(e) => return progress.failure(detail, e),
    };
    let mut env = BTreeMap::new();
    for (k, v) in &spec.env {
        match render(v, &format!("execute.mcp.env.{k}"), Escape::Text, ctx) {
            Ok(value) => {
                env.insert(k.clone(), value);
            }
            Err(e) => return progress.failure(detail, e),
        }
    }
    let cwd = match &spec.cwd {
        None => None,
        Some(t) => match render(t, "execute.mcp.cwd", Escape::Text, ctx) {
            Ok(v) => Some(v),
            Err(e) => return progress.failure(detail, e),
        },
    };
    let Some((program, args)) = argv.split_first() else {
        return progress.failure(detail, "execute.mcp.command is empty".into());
    };
    detail.insert("command".into(), json!(argv));
    let mut cmd = tokio::process::Command::new(program);
    cmd.args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into()))
        .envs(&env)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        // A group of its own, as a `command` connector's (F333): the end of the run kills what the server started.
        .process_group(0)
        .kill_on_drop(true);
    if let Some(dir) = &cwd {
        cmd.current_dir(dir);
    }
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => return progress.failure(detail, format!("cannot start `{program}`: {e}")),
    };
    let leader = child.id();
    let (Some(stdin), Some(stdout), Some(mut stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.start_kill();
        return progress.failure(detail, "the server's pipes could not be opened".into());
    };
    let redactor = crate::run::context_redactor(ctx);
    let stderr_tail = tokio::spawn(async move { read_tail(&mut stderr, STDERR_TAIL_BYTES, &redactor).await });
    let mut session = StdioSession { stdin, reader: LineReader::new(BufReader::new(stdout), MAX_MESSAGE_BYTES) };
    let exchange = async {
        session.send(&initialize(&ids.init)).await.map_err(|e| format!("writing `initialize` failed: {e}"))?;
        let init = session.until(&ids.init).await.map_err(|e| format!("{e} before answering `initialize`"))??;
        check_initialized(&init)?;
        session.send(&initialized()).await.map_err(|e| format!("writing `initialized` failed: {e}"))?;
        let (mut listed, mut cursor) = (Vec::new(), None);
        for page in 0..=MAX_LIST_PAGES {
            if page == MAX_LIST_PAGES {
                return Err(format!("the tool listing has more than {MAX_LIST_PAGES} pages"));
            }
            let id = format!("{}-{page}", ids.list);
            session
                .send(&list_tools(&id, cursor.as_deref()))
                .await
                .map_err(|e| format!("writing `tools/list` failed: {e}"))?;
            let answer = session.until(&id).await.map_err(|e| format!("{e} before answering `tools/list`"))??;
            cursor = list_page(&answer, &mut listed)?;
            if cursor.is_none() {
                break;
            }
        }
        admitted(&ids.pins, spec, &ids.agent, listed).await?;
        progress.sent.store(true, Ordering::SeqCst);
        session.send(&call.frame()).await.map_err(|e| format!("writing the call failed: {e}"))?;
        session.until(&ids.call).await.map_err(|e| format!("{e} before answering the call"))
    };
    let outcome = match tokio::time::timeout(deadline, exchange).await {
        Err(_) => progress.failure(detail, format!("no answer within {} ms", deadline.as_millis())),
        Ok(Err(e)) => progress.failure(detail, e),
        Ok(Ok(answer)) => answered(detail, &spec.tool, answer),
    };
    // The session ends: stdin closed, a short grace to exit, then the server's whole process group is killed (its
    // children and theirs: a deadline, or an end, leaves nothing of the run running; F483).
    drop(session);
    if tokio::time::timeout(Duration::from_millis(500), child.wait()).await.is_err() {
        crate::run::kill_group(&mut child);
        let _ = child.wait().await;
    }
    if let Some(leader) = leader {
        crate::run::kill_group_of(leader);
    }
    if let Ok(Ok((tail, _))) = tokio::time::timeout(Duration::from_millis(200), stderr_tail).await
        && !tail.is_empty()
    {
        detail.insert("stderr_tail".into(), json!(tail));
    }
    outcome
}

struct StdioSession {
    stdin: tokio::process::ChildStdin,
    reader: LineReader<BufReader<tokio::process::ChildStdout>>,
}

impl StdioSession {
    async fn send(&mut self, frame: &[u8]) -> std::io::Result<()> {
        let mut line = frame.to_vec();
        line.push(b'\n');
        self.stdin.write_all(&line).await?;
        self.stdin.flush().await
    }

    /// Reads until the response with id `ours` (answering the server's requests meanwhile). The outer error is the
    /// end of the stream; the inner one an answer that cannot be read.
    async fn until(&mut self, ours: &str) -> Result<Result<Value, String>, String> {
        loop {
            let frame = match self.reader.next_frame().await {
                Ok(Some(frame)) => frame,
                Ok(None) => return Err("the server ended".into()),
                Err(e) => return Err(format!("reading from the server failed ({e})")),
            };
            let line = match frame {
                Frame::Line(line) => line,
                Frame::Oversized { prefix, len } => {
                    if scan_id(&prefix) == Some(json!(ours)) {
                        return Ok(Err(format!("the answer is {len} bytes, over the cap of {MAX_MESSAGE_BYTES}")));
                    }
                    continue;
                }
            };
            if is_blank(&line) {
                continue;
            }
            for read in read_message(&line, ours) {
                match read {
                    Read::Ours(answer) => return Ok(answer),
                    Read::Answer(frame) => {
                        // A server that cannot be answered will not answer us either: its end shows up as EOF.
                        let _ = self.send(&frame).await;
                    }
                    Read::Skip => {}
                }
            }
        }
    }
}

/// The `initialize` answer must be a result (an error: no session, nothing sent).
fn check_initialized(init: &Value) -> Result<(), String> {
    if let Some(e) = init.get("error") {
        return Err(format!("the server refused `initialize`: {}", capped(e)));
    }
    if !init.get("result").is_some_and(Value::is_object) {
        return Err("the server's answer to `initialize` has no result".into());
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Streamable HTTP

const SESSION_HEADER: &str = "mcp-session-id";
const VERSION_HEADER: &str = "mcp-protocol-version";

#[allow(clippy::too_many_arguments)]
async fn http(
    spec: &McpSpec,
    url: &str,
    ctx: &Value,
    deadline: Duration,
    call: &ToolCall,
    ids: &Ids,
    progress: &Progress,
    detail: &mut Map<String, Value>,
) -> Outcome {
    let url = match endpoint(url) {
        Ok(u) => u,
        Err(e) => return progress.failure(detail, e),
    };
    detail.insert("url".into(), json!(url.as_str()));
    let mut headers = reqwest::header::HeaderMap::new();
    for (k, v) in &spec.headers {
        let value = match render(v, &format!("execute.mcp.headers.{k}"), Escape::Text, ctx) {
            Ok(v) => v,
            Err(e) => return progress.failure(detail, e),
        };
        let (Ok(key), Ok(mut value)) =
            (reqwest::header::HeaderName::from_bytes(k.as_bytes()), reqwest::header::HeaderValue::from_str(&value))
        else {
            return progress.failure(detail, format!("execute.mcp.headers.{k}: not a header"));
        };
        value.set_sensitive(true);
        headers.insert(key, value);
    }
    crate::install_crypto_provider();
    let client = match reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .retry(reqwest::retry::never())
        .connect_timeout(deadline)
        .no_proxy()
        .build()
    {
        Ok(c) => c,
        Err(e) => return progress.failure(detail, crate::run::chain(&e)),
    };
    let mut session = HttpSession { client, url, headers, id: None, version: None };
    let exchange = async {
        let init = session.post(&initialize(&ids.init), Some(&ids.init)).await?;
        let init = init.ok_or("the server answered `initialize` with no message")?.map_err(|e| e.to_string())?;
        check_initialized(&init)?;
        session.version = init.pointer("/result/protocolVersion").and_then(Value::as_str).map(str::to_string);
        session.post(&initialized(), None).await?;
        let (mut listed, mut cursor) = (Vec::new(), None);
        for page in 0..=MAX_LIST_PAGES {
            if page == MAX_LIST_PAGES {
                return Err(format!("the tool listing has more than {MAX_LIST_PAGES} pages"));
            }
            let id = format!("{}-{page}", ids.list);
            let answer = session.post(&list_tools(&id, cursor.as_deref()), Some(&id)).await?;
            let answer = answer.ok_or("the server answered `tools/list` with no message")??;
            cursor = list_page(&answer, &mut listed)?;
            if cursor.is_none() {
                break;
            }
        }
        admitted(&ids.pins, spec, &ids.agent, listed).await?;
        progress.sent.store(true, Ordering::SeqCst);
        session.post(&call.frame(), Some(&ids.call)).await?.ok_or_else(|| "no answer to the call".to_string())
    };
    let outcome = match tokio::time::timeout(deadline, exchange).await {
        Err(_) => progress.failure(detail, format!("no answer within {} ms", deadline.as_millis())),
        Ok(Err(e)) => {
            // A connection that never opened sent nothing, even for the call.
            if e.starts_with(NOT_CONNECTED) {
                detail.insert("error".into(), json!(format!("{e} (the call did not reach the server)")));
                Outcome::Failed
            } else if let Some(status) = e.strip_prefix(CLIENT_ERROR)
                && !progress.sent.load(Ordering::SeqCst)
            {
                // The server refused a request (4xx) before the call was sent. A 4xx to the call itself is no
                // proof that the tool did not run (attack 28's H6, F391): that is `unknown`, below.
                detail.insert("error".into(), json!(format!("the server answered {status}")));
                Outcome::Failed
            } else {
                progress.failure(detail, e)
            }
        }
        Ok(Ok(answer)) => answered(detail, &spec.tool, answer),
    };
    session.close().await;
    outcome
}

const NOT_CONNECTED: &str = "could not connect: ";
const CLIENT_ERROR: &str = "client error: ";

struct HttpSession {
    client: reqwest::Client,
    url: reqwest::Url,
    headers: reqwest::header::HeaderMap,
    id: Option<String>,
    version: Option<String>,
}

impl HttpSession {
    fn request(&self, method: reqwest::Method) -> reqwest::RequestBuilder {
        let mut r = self.client.request(method, self.url.clone()).headers(self.headers.clone());
        if let Some(id) = &self.id {
            r = r.header(SESSION_HEADER, id);
        }
        if let Some(v) = &self.version {
            r = r.header(VERSION_HEADER, v);
        }
        r
    }

    /// POSTs one message; for a request (`ours`), reads the answer with that id from a JSON body or an event
    /// stream, answering the server's requests on the way. A 4xx is the server refusing the request before running
    /// anything (`CLIENT_ERROR`); other statuses say nothing certain.
    async fn post(&mut self, frame: &[u8], ours: Option<&str>) -> Result<Option<Result<Value, String>>, String> {
        let response = self
            .request(reqwest::Method::POST)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(reqwest::header::ACCEPT, "application/json, text/event-stream")
            .body(frame.to_vec())
            .send()
            .await
            .map_err(|e| {
                if e.is_connect() { format!("{NOT_CONNECTED}{}", crate::run::chain(&e)) } else { crate::run::chain(&e) }
            })?;
        let status = response.status();
        if status.is_client_error() {
            return Err(format!("{CLIENT_ERROR}{status}"));
        }
        if !status.is_success() {
            return Err(format!("the server answered {status}"));
        }
        if self.id.is_none()
            && let Some(id) = response.headers().get(SESSION_HEADER).and_then(|v| v.to_str().ok())
        {
            self.id = Some(id.to_string());
        }
        let Some(ours) = ours else { return Ok(None) };
        let event_stream = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| t.trim_start().to_ascii_lowercase().starts_with("text/event-stream"));
        if event_stream { self.events(response, ours).await } else { self.body(response, ours).await }
    }

    async fn body(&self, mut response: reqwest::Response, ours: &str) -> Result<Option<Result<Value, String>>, String> {
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| crate::run::chain(&e))? {
            if body.len() + chunk.len() > MAX_MESSAGE_BYTES {
                return Ok(Some(Err(format!("the answer is over the cap of {MAX_MESSAGE_BYTES} bytes"))));
            }
            body.extend_from_slice(&chunk);
        }
        for read in read_message(&body, ours) {
            if let Read::Ours(answer) = read {
                return Ok(Some(answer));
            }
        }
        Ok(None)
    }

    async fn events(
        &self,
        mut response: reqwest::Response,
        ours: &str,
    ) -> Result<Option<Result<Value, String>>, String> {
        let mut buffer: Vec<u8> = Vec::new();
        // Bytes at the start of `buffer` already searched for an event's end: each chunk is searched once, not the
        // whole buffer again (an event that never ends cost quadratic time up to the cap, past the deadline).
        let mut searched: usize = 0;
        loop {
            let chunk = response.chunk().await.map_err(|e| crate::run::chain(&e))?;
            let last = chunk.is_none();
            if let Some(chunk) = chunk {
                buffer.extend_from_slice(&chunk);
            }
            let mut events = Vec::new();
            // An end (`\n\n`, `\r\n\r\n`) may straddle the searched part: start three bytes before its end.
            while let Some(end) = event_end(&buffer[searched.saturating_sub(3)..]) {
                let end = end + searched.saturating_sub(3);
                events.push(buffer.drain(..end).collect::<Vec<u8>>());
                searched = 0;
            }
            searched = buffer.len();
            if last && !buffer.is_empty() {
                events.push(std::mem::take(&mut buffer));
            }
            for event in events {
                let Some(data) = event_data(&String::from_utf8_lossy(&event)) else { continue };
                for read in read_message(data.as_bytes(), ours) {
                    match read {
                        Read::Ours(answer) => return Ok(Some(answer)),
                        Read::Answer(frame) => self.reply(frame).await,
                        Read::Skip => {}
                    }
                }
            }
            if buffer.len() > MAX_MESSAGE_BYTES {
                return Ok(Some(Err(format!("an event is over the cap of {MAX_MESSAGE_BYTES} bytes"))));
            }
            if last {
                return Err("the server's event stream ended".into());
            }
        }
    }

    /// Our answer to a server's request, POSTed back (best effort).
    async fn reply(&self, frame: Vec<u8>) {
        let _ = self
            .request(reqwest::Method::POST)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(reqwest::header::ACCEPT, "application/json, text/event-stream")
            .body(frame)
            .timeout(Duration::from_secs(2))
            .send()
            .await;
    }

    /// Ends the session (best effort; a server may not support it).
    async fn close(&self) {
        if self.id.is_some() {
            let _ = self.request(reqwest::Method::DELETE).timeout(Duration::from_secs(1)).send().await;
        }
    }
}
