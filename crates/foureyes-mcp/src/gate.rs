//! The gate: one `tools/call` in, one answer out. It turns the call into an [`ActionRequest`]
//! (`mcp.<server>.<tool>`, params = the arguments), asks the [`Engine`] (an embedded store or a remote `foureyes
//! serve`), and says whether to forward the call or answers it itself; after a forwarded call it reports the
//! upstream's answer.
//!
//! It never fails open: an engine error, a refusal, or any state it does not recognize is answered with an
//! `isError` result and nothing is forwarded.
//!
//! **Request ids.** Every call is keyed by SHA-256 over canonical `{server, tool, arguments, agent, session}`
//! (the call key). A call that is not a retry of a held call gets a fresh request id `mcp-<key>-<instance><n>`,
//! so repeated identical reads are separate decisions and count against limits each time. A call whose key has a
//! deferral (remembered in memory, or — with the embedded engine — found in the store among pending and approved
//! approvals with the same key and digest, which survives a proxy restart) reuses that deferral's request id: the
//! engine then releases it once it is approved. A permit is forwarded only when the engine says this call made the
//! decision (`replayed: false`); the engine decides a request id once, so of two identical retries racing, in one
//! proxy or in two, one gets the release and the other its replay, which is answered and never forwarded: the call
//! runs once, and nothing but decisions and reports is written for it.
//! Within the retry window, a repeat of an executed approved call is answered "already executed".

use crate::engine::{Embedded, Engine};
use crate::jsonrpc::{INVALID_PARAMS, error_response, tool_error_result};
use crate::trace::CallTrace;
use foureyes_core::canonical::{canonical_sha256, sha256_hex};
use foureyes_core::policy::ActionPolicy;
use foureyes_core::{
    ActionRequest, ApprovalId, DecisionId, DecisionRecord, DecisionStatus, Outcome, Policy, ReasonCode, Verdict,
};
use foureyes_store::{Store, StoreError};
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc};

/// The code of the `refused` events that journal a client message with a key twice (ADR-935).
pub const AMBIGUOUS_MESSAGE: &str = "ambiguous_message";

/// Why a client message could be read two ways (ADR-935): a key twice in one object at any depth (ADR-930's strict
/// reading), or two keys that differ only in case (ADR-60's [`crate::parity::key_collision`], deep). `None` when
/// neither.
fn ambiguity_of(bytes: &[u8]) -> Option<String> {
    if let Err(e) = crate::jsonrpc::one_value(bytes) {
        return Some(e.to_string());
    }
    std::str::from_utf8(bytes).ok().and_then(|text| crate::parity::key_collision(text, true))
}

/// How much of a client message refused for a key given twice is journaled (ADR-935).
const AMBIGUOUS_MESSAGE_KEPT: usize = 1024;

/// How much of a tool result is kept inline in the report detail; larger results are summarized (size, SHA-256,
/// and the first bytes) so the journal stays small and the store's detail cap is never hit.
pub const DETAIL_INLINE_BYTES: usize = 8 * 1024;

/// The `_meta` key of the proxy's own requests to the client that names the client request they belong to.
pub const FOR_REQUEST_KEY: &str = "dev.foureyes/for_request";

/// The `_meta` key of a `tools/call` that undoes an executed decision.
pub const UNDO_OF_KEY: &str = "dev.foureyes/undo_of";

/// How long a forwarded call's result waits for its report before it is passed on anyway (the store's write
/// job, once queued, still completes).
const REPORT_WAIT: Duration = Duration::from_secs(5);

/// How long a forwarded call waits for the upstream's answer by default (`mcp-proxy --call-timeout`).
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(300);

/// Most call keys remembered (deferrals and recent answers); beyond it the memory is trimmed, never grown.
const MAX_REMEMBERED: usize = 4096;

/// What the gate needs to know.
#[derive(Debug, Clone)]
pub struct GateConfig {
    /// The upstream's name: actions are `mcp.<server>.<tool>`.
    pub server: String,
    /// Who the calls are attributed to (and who may not approve them).
    pub agent: String,
    /// Optional session label: part of the call key, so identical calls in two sessions are not one retry.
    pub session: Option<String>,
    /// Hold a deferred call open until its approval is decided, at most this long.
    pub wait: Option<Duration>,
    /// How long a repeat of an approved call that already ran is answered "already executed".
    pub retry_window: Duration,
    /// How often a held call looks at its approval (embedded engine; a remote one long-polls the server).
    pub poll_interval: Duration,
    /// How often a held call whose request carried `_meta.progressToken` sends `notifications/progress`.
    pub progress_interval: Duration,
    /// Ask the person at the client to approve a held call inline (`elicitation/create`, when the client declared
    /// the capability); their answer is this approver's vote. Off by default (see the crate README).
    pub elicit_approver: Option<String>,
    /// Omit from `tools/list` the tools the policy does not name (a call to them would be held for a human).
    pub hide_denied: bool,
    /// How long a forwarded call waits for the upstream's answer (the policy's `mcp.<server>.call_timeouts`
    /// override it per tool); past it the client is answered `isError` and the outcome is reported `unknown`.
    pub call_timeout: Duration,
    /// Pin each tool's definition when first listed (or as the policy pins it) and hide and refuse a tool whose
    /// definition changed until a person re-pins it (ADR-161). On by default.
    pub pin_tools: bool,
}

impl GateConfig {
    pub fn new(server: &str) -> GateConfig {
        GateConfig {
            server: server.to_string(),
            agent: format!("mcp:{server}"),
            session: None,
            wait: None,
            retry_window: Duration::from_secs(3600),
            poll_interval: Duration::from_millis(250),
            progress_interval: Duration::from_secs(5),
            elicit_approver: None,
            hide_denied: false,
            call_timeout: DEFAULT_CALL_TIMEOUT,
            pin_tools: true,
        }
    }
}

/// A `tools/call` request, parsed.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    pub id: Value,
    pub name: String,
    pub arguments: Map<String, Value>,
    /// `params._meta.progressToken`: a held call sends progress notifications with it.
    pub progress_token: Option<Value>,
    /// `params._meta["io.modelcontextprotocol/protocolVersion"]`, sent by 2026-07-28 clients on every request.
    pub protocol_version: Option<String>,
    /// `params._meta["dev.foureyes/undo_of"]`: this call undoes that executed decision (the policy's
    /// compensating action, within its window; the pipeline checks all of it).
    pub undo_of: Option<DecisionId>,
    /// The whole of `params` as the proxy parsed it: what is forwarded ([`ToolCall::frame`]) is serialized from it,
    /// with `name` and `arguments` as decided.
    pub params: Map<String, Value>,
    /// The upstream instance the call goes to (ADR-542): a stdio connection or bridge child, an MCP session. Its
    /// calls are checked against the listings of that instance only, never another's. Set by the transport.
    pub upstream: String,
    /// Set when `params` holds keys that are equal or differ only in case (at any depth): another peer could read
    /// another tool or other arguments from it, so the call is refused, not decided (ADR-60).
    pub ambiguity: Option<String>,
    /// Set when `params` holds a field that makes a real server run something the decision did not see or report
    /// something other than the tool's answer (`task`, `inputResponses`, `requestState`): refused, not decided
    /// (ADR-160).
    pub unsupported: Option<String>,
}

/// The fields of a gated call's params that are forwarded: the decided `name` and `arguments`, and the protocol's
/// own keys of `_meta` ([`protocol_meta`]; its keys already checked for collisions). Any other field is dropped,
/// except those in [`REFUSED_PARAMS`].
pub const FORWARDED_PARAMS: [&str; 3] = ["name", "arguments", "_meta"];

/// The value a `_meta` entry of a `tools/call` is forwarded with, or `None` when it is not forwarded. Only the
/// protocol's own entries go: `progressToken` (an integer, or a short token string) and the three keys 2026-07-28
/// clients send on every request — `io.modelcontextprotocol/protocolVersion` (a `YYYY-MM-DD` version),
/// `…/clientInfo` (its `name`, `version` and `title`, short strings) and `…/clientCapabilities` (`roots.listChanged`,
/// and which modes of `sampling` and `elicitation` the client has, as empty objects). Anything else — another key,
/// another type, a field the protocol does not define inside these objects (`clientInfo.payee`, `experimental`) — is
/// data no decision saw: SDKs hand `_meta` to the tool (`ctx.request_context.meta`, `extra._meta`), so an agent
/// could add a payee to an approved call (attack 29 M1 with a plain key, attack 30 M1 with an invented
/// `io.modelcontextprotocol/payee`, attack 31 H1 inside `clientInfo`). It is dropped (ADR-379, ADR-383, ADR-389).
pub fn protocol_meta(key: &str, value: &Value) -> Option<Value> {
    match key {
        "progressToken" => match value {
            Value::Number(n) if n.is_i64() || n.is_u64() => Some(value.clone()),
            Value::String(token) if is_token(token) => Some(value.clone()),
            _ => None,
        },
        "io.modelcontextprotocol/protocolVersion" => value.as_str().filter(|v| is_version(v)).map(|_| value.clone()),
        "io.modelcontextprotocol/clientInfo" => {
            let info = value.as_object()?;
            let kept: Map<String, Value> = ["name", "version", "title"]
                .into_iter()
                .filter_map(|field| {
                    let text = info.get(field)?.as_str().filter(|t| is_label(t))?;
                    Some((field.to_string(), Value::String(text.to_string())))
                })
                .collect();
            kept.contains_key("name").then_some(Value::Object(kept))
        }
        "io.modelcontextprotocol/clientCapabilities" => {
            let capabilities = value.as_object()?;
            let mut kept = Map::new();
            if let Some(roots) = capabilities.get("roots").and_then(Value::as_object) {
                let list_changed = roots.get("listChanged").and_then(Value::as_bool);
                kept.insert("roots".into(), list_changed.map_or_else(|| json!({}), |b| json!({"listChanged": b})));
            }
            for (capability, modes) in [("sampling", ["context", "tools"]), ("elicitation", ["form", "url"])] {
                if let Some(declared) = capabilities.get(capability).and_then(Value::as_object) {
                    let modes: Map<String, Value> = modes
                        .into_iter()
                        .filter(|mode| declared.get(*mode).is_some_and(Value::is_object))
                        .map(|mode| (mode.to_string(), json!({})))
                        .collect();
                    kept.insert(capability.into(), Value::Object(modes));
                }
            }
            Some(Value::Object(kept))
        }
        _ => None,
    }
}

/// A progress token string as SDKs make them (a number, a UUID): up to 64 of `A-Z a-z 0-9 . _ : -`.
fn is_token(text: &str) -> bool {
    (1..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b".-_:".contains(&b))
}

/// A protocol version: `YYYY-MM-DD`.
fn is_version(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// A client's name, version or title: up to 128 printable characters, no control character.
fn is_label(text: &str) -> bool {
    text.chars().count() <= 128 && !text.chars().any(char::is_control)
}

/// Fields of a `tools/call`'s params that real servers act on in a way that changes what runs or what its answer
/// means, and the reason each is refused (ADR-160).
pub const REFUSED_PARAMS: [(&str, &str); 3] = [
    (
        "task",
        "a task-augmented call (`task`) is answered before the tool has run, so its answer is not the tool's outcome \
         and the call's deadline does not bound the run; the TypeScript SDK even runs the tool and then answers an \
         error",
    ),
    (
        "inputResponses",
        "`inputResponses` carry values a 2026-07-28 server runs the tool with (the Python SDK fills tool parameters \
         from them), which no decision has seen",
    ),
    (
        "requestState",
        "`requestState` resumes a multi-round call whose earlier rounds this proxy does not decide as one call",
    ),
];

impl ToolCall {
    /// Reads the params of a `tools/call`; an error is the JSON-RPC error response to send back.
    pub fn parse(id: Value, params: Option<&RawValue>) -> Result<ToolCall, Value> {
        let invalid = |why: &str| error_response(&id, INVALID_PARAMS, &format!("Invalid params for tools/call: {why}"));
        let (params, ambiguity): (Value, _) = match params.map(|p| (serde_json::from_str(p.get()), p)) {
            Some((Ok(v), raw)) => (v, crate::parity::key_collision(raw.get(), true)),
            Some((Err(_), _)) | None => return Err(invalid("`params` is missing")),
        };
        // An id the proxy could not echo exactly (a fraction, or an integer beyond 64 bits read as a float) would
        // let the upstream's answer miss the call it answers.
        if let Value::Number(n) = &id
            && !(n.is_i64() || n.is_u64())
        {
            let message = "Invalid Request: a tools/call id must be a string or an integer";
            return Err(error_response(&Value::Null, crate::jsonrpc::INVALID_REQUEST, message));
        }
        let Some(name) = params.get("name").and_then(Value::as_str).map(str::to_string) else {
            return Err(invalid("`params.name` must be the tool's name (a string)"));
        };
        let arguments = match params.get("arguments") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map.clone(),
            Some(_) => return Err(invalid("`params.arguments` must be an object")),
        };
        let meta = params.get("_meta");
        let progress_token = meta.and_then(|m| m.get("progressToken")).cloned();
        let protocol_version = meta
            .and_then(|m| m.get("io.modelcontextprotocol/protocolVersion"))
            .and_then(Value::as_str)
            .map(str::to_string);
        let undo_of = match meta.and_then(|m| m.get(UNDO_OF_KEY)) {
            None | Some(Value::Null) => None,
            Some(v) => {
                Some(v.as_i64().ok_or_else(|| invalid("`_meta[\"dev.foureyes/undo_of\"]` must be a decision id"))?)
            }
        };
        if meta.is_some_and(|m| !m.is_object() && !m.is_null()) {
            return Err(invalid("`params._meta` must be an object"));
        }
        let params = match params {
            Value::Object(map) => map,
            _ => return Err(invalid("`params` must be an object")),
        };
        let unsupported = REFUSED_PARAMS.iter().find(|(k, _)| params.contains_key(*k)).map(|(_, why)| why.to_string());
        let upstream = String::new();
        Ok(ToolCall {
            name,
            arguments,
            progress_token,
            protocol_version,
            undo_of,
            params,
            upstream,
            ambiguity,
            unsupported,
            id,
        })
    }

    /// The proxy's own serialization of this call, as it is forwarded: the tool name and the arguments that were
    /// decided, and `_meta`'s protocol keys (ADR-379) — no other field of `params` (ADR-160) — normalized (no character any reader
    /// takes for a line break). Never the bytes that arrived: duplicate keys, escapes or spacing cannot make the
    /// upstream read another call (ADR-60).
    pub fn frame(&self) -> Vec<u8> {
        self.frame_as(&self.id)
    }

    /// [`ToolCall::frame`] under the request id `id`: over `--upstream` a forwarded call carries an id of the
    /// proxy's own, so no id a client reuses can alias two calls at the upstream (ADR-660).
    pub fn frame_as(&self, id: &Value) -> Vec<u8> {
        let mut params = Map::new();
        params.insert("name".into(), Value::String(self.name.clone()));
        params.insert("arguments".into(), Value::Object(self.arguments.clone()));
        if let Some(Value::Object(meta)) = self.params.get("_meta") {
            let protocol: Map<String, Value> =
                meta.iter().filter_map(|(key, value)| Some((key.clone(), protocol_meta(key, value)?))).collect();
            if !protocol.is_empty() {
                params.insert("_meta".into(), Value::Object(protocol));
            }
        }
        crate::parity::serialize(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}))
    }

    /// The proxy's own `isError` answer to this call. A 2026-07-28 client expects `resultType` on every result.
    pub fn answer(&self, text: &str, meta: Value) -> Value {
        let mut response = tool_error_result(&self.id, text, meta);
        if self.protocol_version.as_deref().is_some_and(|v| v >= "2026-07-28")
            && let Some(result) = response.get_mut("result").and_then(Value::as_object_mut)
        {
            result.insert("resultType".into(), json!("complete"));
        }
        response
    }
}

/// A forwarded call, to be reported when its response arrives.
#[derive(Debug, Clone, PartialEq)]
pub struct Ticket {
    pub decision_id: DecisionId,
    pub tool: String,
    pub id: Value,
    /// The call's trace span (`crate::trace`), ended when the last copy of the ticket is dropped, after the report.
    pub span: tracing::Span,
}

/// What to do with a call.
#[derive(Debug, Clone, PartialEq)]
pub enum Gated {
    /// Forward the original bytes; report with this ticket when the answer comes.
    Forward(Ticket),
    /// Send this response to the client; forward nothing.
    Answer(Value),
    /// The client cancelled the call while it was held: send nothing, forward nothing.
    Cancelled,
}

/// Set when the client cancels a call (`notifications/cancelled`) or goes away.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<(AtomicBool, Notify)>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.0.store(true, Ordering::SeqCst);
        self.0.1.notify_waiters();
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.0.load(Ordering::SeqCst)
    }

    async fn cancelled(&self) {
        loop {
            let notified = self.0.1.notified();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }
}

/// Where a held call sends its progress notifications (frames for the client).
pub type Notifier = mpsc::Sender<Vec<u8>>;

/// A key with a deferral (or the answer to one) that an identical call must reuse.
#[derive(Debug, Clone)]
struct Sticky {
    request_id: String,
    /// Set once the deferral was answered (released, rejected): the entry then lasts `retry_window`.
    settled_at_ms: Option<i64>,
}

/// One listing walk in progress (ADR-401, ADR-541).
#[derive(Debug, Default)]
pub(crate) struct Walk {
    /// The walk began with a request without a cursor, and each later request asked for the `nextCursor` of the
    /// page before it: only such a walk, ended on a page without `nextCursor`, is a whole listing (ADR-541).
    pub(crate) whole: bool,
    /// The `nextCursor` of the last page this walk was given.
    pub(crate) next: Option<String>,
    /// Each key with the definitions the earlier pages of the walk gave it.
    pub(crate) seen: BTreeMap<String, Vec<Value>>,
}

/// The listing walks in progress (ADR-401), by (walk, listing).
pub(crate) type Walks = HashMap<(String, crate::tools::Listing), Walk>;

/// A name (a tool's, or a pin key) in one upstream instance (ADR-542): (instance, name).
pub(crate) type InUpstream = (String, String);

/// The gate. Shared by every call of one proxy.
pub struct Gate {
    engine: Arc<dyn Engine>,
    config: GateConfig,
    base: Arc<Policy>,
    /// The base policy plus the tier-0 actions that trusted `readOnlyHint`s add (see `tools.rs`).
    effective: RwLock<Arc<Policy>>,
    pub(crate) hinted: Mutex<BTreeMap<String, ActionPolicy>>,
    sticky: Mutex<HashMap<String, Sticky>>,
    /// Tools whose listed definition is not their pin, by upstream instance (ADR-542): (instance, tool) → (the pin,
    /// if any; the hash last listed). Their calls are refused (see `tools.rs`).
    pub(crate) changed: Mutex<BTreeMap<InUpstream, (Option<String>, String)>>,
    /// (tool, hash) pairs already journaled as changed, so a client listing again does not flood the journal.
    pub(crate) journaled_changes: Mutex<std::collections::BTreeSet<(String, String)>>,
    /// Tools the last listing that named them named more than once (ADR-340), by upstream instance (ADR-542):
    /// (instance, tool) → how many times. Their calls are refused whatever the pins say, until a whole listing
    /// names them once (see `tools.rs`).
    pub(crate) listed_twice: Mutex<BTreeMap<InUpstream, usize>>,
    /// Tools listed under a name no pin may hold (attack 40's H4, ADR-1322), by upstream instance: (instance, tool)
    /// → why (the name rule, or the held pin it reads like). Hidden, and their calls refused *for the name*
    /// (`tool_name_refused`), never as a changed definition: they were never pinned.
    pub(crate) name_refused: Mutex<BTreeMap<InUpstream, String>>,
    /// The tools a listing named, by upstream instance (ADR-542): (instance, tool). A whole listing (ADR-541) sets
    /// them anew. A call to a tool no listing named is refused: its definition was never checked against a pin
    /// (ADR-661, see `tools.rs`).
    pub(crate) listed_tools: Mutex<std::collections::BTreeSet<InUpstream>>,
    /// The pages of the listings being walked (ADR-401), by (session, listing): each key with the definitions the
    /// earlier pages of the walk gave it. A request without a cursor starts a walk; a page without `nextCursor`
    /// ends it.
    pub(crate) walks: Mutex<Walks>,
    /// The listings of which a whole one was checked against the pins (ADR-402), by upstream instance (ADR-542),
    /// since the upstream last said it changed (ADR-540): until then a `tools/call`, `prompts/get` or
    /// `resources/read` in that instance makes the proxy list them itself first.
    pub(crate) listed: Mutex<std::collections::BTreeSet<(String, crate::tools::Listing)>>,
    instance: String,
    counter: AtomicU64,
}

/// What one decision means for the call.
enum Step {
    Forward(Ticket),
    Answer(String),
    Pending(Option<ApprovalId>),
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere while holding the lock leaves plain data behind; keep serving.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Gate {
    /// A gate deciding with a store in this process and `policy`.
    pub fn new(store: Arc<dyn Store>, policy: Arc<Policy>, config: GateConfig) -> Gate {
        Gate::with_engine(Arc::new(Embedded::new(store)), policy, config)
    }

    /// A gate deciding through `engine`. With an engine that decides with its own policy (a remote server),
    /// `policy` is only a placeholder: pass an empty one.
    pub fn with_engine(engine: Arc<dyn Engine>, policy: Arc<Policy>, config: GateConfig) -> Gate {
        let seed = format!("{}-{:?}-{}", std::process::id(), std::time::SystemTime::now(), now_ms());
        Gate {
            engine,
            config,
            effective: RwLock::new(policy.clone()),
            base: policy,
            hinted: Mutex::new(BTreeMap::new()),
            sticky: Mutex::new(HashMap::new()),
            changed: Mutex::new(BTreeMap::new()),
            journaled_changes: Mutex::new(std::collections::BTreeSet::new()),
            listed_twice: Mutex::new(BTreeMap::new()),
            name_refused: Mutex::new(BTreeMap::new()),
            listed_tools: Mutex::new(std::collections::BTreeSet::new()),
            walks: Mutex::new(HashMap::new()),
            listed: Mutex::new(std::collections::BTreeSet::new()),
            instance: sha256_hex(seed.as_bytes())[..8].to_string(),
            counter: AtomicU64::new(0),
        }
    }

    pub fn config(&self) -> &GateConfig {
        &self.config
    }

    /// The in-process store, when the engine is embedded.
    pub fn store(&self) -> Option<&Arc<dyn Store>> {
        self.engine.store()
    }

    pub fn engine(&self) -> &Arc<dyn Engine> {
        &self.engine
    }

    pub(crate) fn base_policy(&self) -> &Arc<Policy> {
        &self.base
    }

    /// The policy decisions are made with now.
    pub fn policy(&self) -> Arc<Policy> {
        self.effective.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    pub(crate) fn set_policy(&self, policy: Arc<Policy>) {
        *self.effective.write().unwrap_or_else(PoisonError::into_inner) = policy;
    }

    /// The deadline of a forwarded call to `tool`: the policy's `mcp.<server>.call_timeouts.<tool>`, else
    /// `--call-timeout`.
    pub fn call_timeout(&self, tool: &str) -> Duration {
        self.base
            .mcp
            .get(&self.config.server)
            .and_then(|m| m.call_timeout_ms.get(tool))
            .and_then(|ms| u64::try_from(*ms).ok())
            .map_or(self.config.call_timeout, Duration::from_millis)
    }

    /// The action a tool maps to.
    pub fn action_for(&self, tool: &str) -> String {
        format!("mcp.{}.{tool}", self.config.server)
    }

    fn call_key(&self, call: &ToolCall) -> String {
        canonical_sha256(&json!({
            "server": self.config.server,
            "tool": call.name,
            "arguments": call.arguments,
            "agent": self.config.agent,
            "session": self.config.session,
            "undo_of": call.undo_of,
        }))
    }

    fn key_prefix(key: &str) -> String {
        format!("mcp-{}-", &key[..32.min(key.len())])
    }

    fn nonce(&self) -> String {
        format!("{}{}", self.instance, self.counter.fetch_add(1, Ordering::Relaxed))
    }

    fn request(&self, call: &ToolCall, request_id: String) -> ActionRequest {
        ActionRequest {
            request_id,
            agent: self.config.agent.clone(),
            // The same for every process of this proxy (no instance in it): the session is in the idempotency
            // fingerprint (ADR-48), so a retry after a restart must name the session its deferral was made in to be
            // released; and a demoted session must not get its autonomy back by restarting the proxy.
            session: Some(format!(
                "mcp:{}{}",
                self.config.server,
                self.config.session.as_deref().map(|s| format!(":{s}")).unwrap_or_default(),
            )),
            action: self.action_for(&call.name),
            params: call.arguments.clone(),
            target: None,
            undo_of: call.undo_of,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        }
    }

    /// Decides a call. Cancelling `cancel` ends a held call without an answer.
    pub async fn gate(&self, call: &ToolCall, notify: Option<&Notifier>, cancel: &Cancel) -> Gated {
        self.gate_with(call, notify, cancel, None).await
    }

    /// [`Gate::gate`], with a way to ask the person at the client inline (`--elicit-approver`).
    pub async fn gate_with(
        &self,
        call: &ToolCall,
        notify: Option<&Notifier>,
        cancel: &Cancel,
        asker: Option<&dyn Asker>,
    ) -> Gated {
        if let Some(why) = &call.ambiguity {
            return self.refuse_ambiguous(call, why).await;
        }
        if let Some(why) = &call.unsupported {
            return self.refuse_unsupported(call, why).await;
        }
        if let Some(refusal) = self.refuse_if_changed(call).await {
            return refusal;
        }
        let trace = CallTrace::start(&self.config.server, &call.name, || self.action_for(&call.name));
        let mut gated = self.decide_call(call, notify, cancel, asker, &trace).await;
        if let Gated::Forward(ticket) = &mut gated {
            ticket.span = trace.span().clone();
        }
        trace.finish(&gated);
        gated
    }

    /// A call whose params another peer could read differently: journaled as refused, answered `isError`, never
    /// decided nor forwarded.
    async fn refuse_ambiguous(&self, call: &ToolCall, why: &str) -> Gated {
        let action = self.action_for(&call.name);
        let input = json!({"tool": call.name, "id": call.id, "params": call.params});
        let why_action = format!("{action}: {why}");
        let journaled = self.engine.refuse(&self.config.agent, "ambiguous_tool_call", &why_action, input).await;
        if let Err(e) = &journaled {
            eprintln!("foureyes mcp-proxy: could not journal the refusal of an ambiguous call to `{action}`: {e}");
        }
        let text = format!(
            "NOT EXECUTED — refused by FourEyes: the call's params are ambiguous ({why}); a server could read \
             another tool or other arguments from them. Send each key once, in one spelling."
        );
        Gated::Answer(call.answer(&text, json!({"action": action, "error": "ambiguous_params", "message": why})))
    }

    /// A client message with a key twice in one object, or two keys that differ only in case, at any depth (ADR-935,
    /// attack 27): the upstream may keep the other value than the proxy's reader (serde_json keeps the last; cJSON
    /// and several streaming readers the first; Go's `encoding/json` matches field names case-insensitively), so what
    /// was checked (a `resources/read`'s `uri` against its pin, say) is not what would run. Likewise a method name
    /// another reader takes for a gated method (ADR-382: `tools/call\u0000` to a C server). `None` for a message with
    /// each key once and a plain method name, and for a `tools/call`: ADR-60 refuses one whose params have a key
    /// twice, with an `isError` answer the model reads (`ambiguous_tool_call`), and forwards its own serialization of
    /// any other. Otherwise journaled as refused (`ambiguous_message`) and answered with a JSON-RPC error; the caller
    /// forwards nothing.
    pub async fn refuse_ambiguous_message(
        &self,
        envelope: &crate::jsonrpc::Envelope<'_>,
        bytes: &[u8],
    ) -> Option<Value> {
        let method = envelope.method.as_deref();
        let odd_method = method.filter(|m| !crate::jsonrpc::plain_method(m));
        if odd_method.is_none() && envelope.kind() == crate::jsonrpc::Kind::Request && method == Some("tools/call") {
            return None;
        }
        let (why_journaled, message) = match odd_method {
            Some(m) => (
                format!("a client message whose method name {m:?} another reader takes for another method"),
                envelope.invalid_reason().to_string(),
            ),
            None => {
                let why = ambiguity_of(bytes)?;
                (
                    format!("{}: a client message with a key twice: {why}", method.unwrap_or("a response")),
                    format!(
                        "Invalid Request: {why}; a server could read another message from it (nothing was forwarded; \
                         send each key once)"
                    ),
                )
            }
        };
        let text = String::from_utf8_lossy(bytes);
        let mut end = text.len().min(AMBIGUOUS_MESSAGE_KEPT);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let input = json!({"server": self.config.server, "method": method, "id": envelope.id_value(),
            "bytes": bytes.len(), "message": &text[..end]});
        if let Err(e) = self.engine.refuse(&self.config.agent, AMBIGUOUS_MESSAGE, &why_journaled, input).await {
            eprintln!("foureyes mcp-proxy: could not journal the refusal of an ambiguous client message: {e}");
        }
        Some(error_response(&envelope.id_value(), crate::jsonrpc::INVALID_REQUEST, &message))
    }

    /// A call carrying a field that would make the upstream run something undecided, or answer before the tool
    /// ran (ADR-160): journaled as refused, answered `isError`, never decided nor forwarded.
    async fn refuse_unsupported(&self, call: &ToolCall, why: &str) -> Gated {
        let action = self.action_for(&call.name);
        let input = json!({"tool": call.name, "id": call.id, "params": call.params});
        let why_action = format!("{action}: {why}");
        let journaled = self.engine.refuse(&self.config.agent, "unsupported_tool_call", &why_action, input).await;
        if let Err(e) = &journaled {
            eprintln!("foureyes mcp-proxy: could not journal the refusal of a call to `{action}`: {e}");
        }
        let text =
            format!("NOT EXECUTED — refused by FourEyes: {why}. Call the tool with `name` and `arguments` only.");
        Gated::Answer(call.answer(&text, json!({"action": action, "error": "unsupported_params", "message": why})))
    }

    async fn decide_call(
        &self,
        call: &ToolCall,
        notify: Option<&Notifier>,
        cancel: &Cancel,
        asker: Option<&dyn Asker>,
        trace: &CallTrace,
    ) -> Gated {
        let key = self.call_key(call);
        let policy = self.policy();
        let mut request = self.request(call, String::new());
        let (request_id, mut sticky) = match self.remembered(&key, now_ms()) {
            Some(id) => (id, true),
            None => match self.find_deferral(&key, &request, &policy).await {
                Ok(Some(id)) => (id, true),
                Ok(None) => (format!("{}{}", Self::key_prefix(&key), self.nonce()), false),
                Err(e) => {
                    trace.engine_error(&e);
                    return Gated::Answer(self.engine_error(call, &request.action, &e));
                }
            },
        };
        request.request_id = request_id;
        // The embedded engine decides for the proxy's agent; a remote one for its token's principal (learned from
        // the first decision).
        trace.request(&request.request_id, self.engine.decides_with_local_policy().then_some(request.agent.as_str()));
        let deadline = self.config.wait.map(|w| Instant::now() + w);
        let started = Instant::now();
        let mut asked = false;
        loop {
            let (record, replayed) = match self.engine.decide(policy.clone(), request.clone()).await {
                Ok(d) => {
                    trace.decided(&d.decision, d.replayed);
                    (d.decision, d.replayed)
                }
                Err(e) => {
                    trace.engine_error(&e);
                    return Gated::Answer(self.engine_error(call, &request.action, &e));
                }
            };
            let pending = match self.step(&key, &record, sticky, replayed, call) {
                Step::Forward(ticket) => {
                    // The start mark before a byte goes out (ADR-966): a forwarded call keeps its reservation past
                    // `report_within` (a slow tool, a proxy killed mid-call) until a report or a person settles it.
                    if let Err(e) = self.engine.mark_forwarded(ticket.decision_id, &self.config.server).await {
                        trace.engine_error(&e);
                        self.report_not_forwarded(&ticket, "its start could not be journaled").await;
                        return Gated::Answer(self.engine_error(call, &request.action, &e));
                    }
                    return Gated::Forward(ticket);
                }
                Step::Answer(text) => return Gated::Answer(call.answer(&text, meta(&record))),
                Step::Pending(approval) => approval,
            };
            if !asked
                && let (Some(asker), Some(approver), Some(approval)) = (asker, &self.config.elicit_approver, pending)
            {
                asked = true;
                match self.ask_inline(asker, approver, approval, &record, call, cancel).await {
                    Inline::Answered => {
                        // Decide again: released (forwarded once), still short of votes, or rejected.
                        sticky = true;
                        continue;
                    }
                    Inline::Cancelled => return Gated::Cancelled,
                    Inline::NoAnswer => {}
                }
            }
            let waited = started.elapsed();
            let text = |still: bool| {
                let approval = pending.map_or_else(|| "?".to_string(), |a| a.to_string());
                let head = if still {
                    format!(
                        "NOT EXECUTED — still awaiting human approval (approval {approval}) after waiting {}s.",
                        waited.as_secs()
                    )
                } else {
                    format!("NOT EXECUTED — awaiting human approval (approval {approval}).")
                };
                format!(
                    "{head} Ask the user to approve it, then retry the identical call. Why: {}",
                    sentence(&summary(&record))
                )
            };
            let (Some(deadline), Some(_)) = (deadline, pending) else {
                return Gated::Answer(call.answer(&text(false), meta(&record)));
            };
            if Instant::now() >= deadline {
                return Gated::Answer(call.answer(&text(sticky), meta(&record)));
            }
            match self.hold(&record, deadline, call, notify, cancel).await {
                Held::Cancelled => return Gated::Cancelled,
                Held::Answered => sticky = true,
                Held::TimedOut => return Gated::Answer(call.answer(&text(true), meta(&record))),
                Held::EngineError(e) => {
                    trace.engine_error(&e);
                    return Gated::Answer(self.engine_error(call, &request.action, &e));
                }
            }
        }
    }

    /// What a decision means for this call. `sticky`: the request id is a deferral's (remembered or found), not a
    /// fresh one. `replayed`: the engine returned a decision this call did not make.
    ///
    /// A permit is forwarded only when this call made it (`replayed == false`): a fresh request, or the release of
    /// an answered deferral. The engine makes a decision once per request id (the store's single writer), so of
    /// identical retries racing — in one proxy or in several — exactly one gets the release and every other one
    /// the same decision replayed. A replayed permit that is still `intended` is being forwarded by that other
    /// retry, or was forwarded by a proxy that stopped before reporting: either way it is not run again.
    fn step(&self, key: &str, d: &DecisionRecord, sticky: bool, replayed: bool, call: &ToolCall) -> Step {
        let approval = d.approval_id.map_or_else(|| "?".to_string(), |a| a.to_string());
        if d.status == DecisionStatus::AwaitingApproval {
            self.remember(key, &d.request.request_id, None);
            return Step::Pending(d.approval_id);
        }
        match d.verdict {
            Verdict::Permit => match d.status {
                DecisionStatus::Intended if !replayed => {
                    if sticky {
                        // A released deferral: a repeat within the retry window is answered from it, not run.
                        self.remember(key, &d.request.request_id, Some(now_ms()));
                    }
                    // `gate_with` puts the call's span in.
                    let span = tracing::Span::none();
                    Step::Forward(Ticket {
                        decision_id: d.decision_id,
                        tool: call.name.clone(),
                        id: call.id.clone(),
                        span,
                    })
                }
                DecisionStatus::Executed => Step::Answer(format!(
                    "NOT EXECUTED AGAIN — this identical call was approved (approval {approval}) and already executed \
                     once (decision {}). It is not run twice.",
                    d.decision_id
                )),
                DecisionStatus::Failed => {
                    self.forget(key);
                    Step::Answer(format!(
                        "NOT EXECUTED AGAIN — this identical call was approved (approval {approval}), forwarded once \
                         and failed (decision {}); the approval is used up. Retry to ask for a new approval.",
                        d.decision_id
                    ))
                }
                // Replayed while `intended` (another retry is forwarding it), or `unknown`.
                _ => Step::Answer(format!(
                    "NOT EXECUTED AGAIN — this identical call (approval {approval}) was already forwarded (decision \
                     {}) and its outcome is not confirmed. It is not run twice; ask the user to check.",
                    d.decision_id
                )),
            },
            Verdict::Deny => {
                if sticky {
                    if has_reason(d, ReasonCode::ApprovalRejected) {
                        self.remember(key, &d.request.request_id, Some(now_ms()));
                    } else if !has_reason(d, ReasonCode::KillSwitch) {
                        // Expired, or the window was used up after the approval: a retry asks again.
                        self.forget(key);
                    }
                }
                Step::Answer(deny_text(d))
            }
            Verdict::DryRun => {
                if sticky {
                    self.forget(key);
                }
                let would = d.would_have.map_or("unknown", Verdict::as_str);
                Step::Answer(format!(
                    "NOT EXECUTED — dry run: {} It would have been: {would}.",
                    sentence(&strip_action(&summary(d), &d.request.action))
                ))
            }
            Verdict::Defer => Step::Answer(format!(
                "NOT EXECUTED — decision {} is `{}`: {}",
                d.decision_id,
                d.status.as_str(),
                sentence(&summary(d))
            )),
        }
    }

    /// Holds a deferred call until its approval is answered, the deadline passes, or the client cancels.
    async fn hold(
        &self,
        deferral: &DecisionRecord,
        deadline: Instant,
        call: &ToolCall,
        notify: Option<&Notifier>,
        cancel: &Cancel,
    ) -> Held {
        let approval = deferral.approval_id.map_or_else(|| "?".to_string(), |a| a.to_string());
        let mut progress = 0u64;
        let mut next_progress = Instant::now();
        loop {
            let progressing = call.progress_token.is_some() && notify.is_some();
            if let (Some(token), Some(notify)) = (&call.progress_token, notify)
                && Instant::now() >= next_progress
            {
                // Progress keeps clients that reset their timeout on progress waiting; it says what is awaited.
                progress += 1;
                let message = json!({
                    "jsonrpc": "2.0",
                    "method": "notifications/progress",
                    "params": {
                        "progressToken": token,
                        "progress": progress,
                        "message": format!("awaiting human approval (approval {approval})"),
                    }
                });
                let _ = notify.send(crate::jsonrpc::to_frame(&message)).await;
                next_progress = Instant::now() + self.config.progress_interval;
            }
            let now = Instant::now();
            if now >= deadline {
                return Held::TimedOut;
            }
            // Wait until the deadline, or the next progress notification when one is due.
            let slice = if progressing { deadline.min(next_progress) - now } else { deadline - now };
            let pending = self.engine.still_pending(deferral, slice, self.config.poll_interval);
            tokio::select! {
                () = cancel.cancelled() => return Held::Cancelled,
                result = pending => match result {
                    Ok(true) => {}
                    Ok(false) => return Held::Answered,
                    Err(e) => return Held::EngineError(e),
                },
            }
        }
    }

    /// Asks inline whether to approve a held call; records the answer as `approver`'s vote (or rejection).
    async fn ask_inline(
        &self,
        asker: &dyn Asker,
        approver: &str,
        approval: ApprovalId,
        d: &DecisionRecord,
        call: &ToolCall,
        cancel: &Cancel,
    ) -> Inline {
        let mut params = serde_json::to_string(&d.request.params).unwrap_or_default();
        if params.len() > 500 {
            let cut = (0..=500).rev().find(|&i| params.is_char_boundary(i)).unwrap_or(0);
            params = format!("{}…", &params[..cut]);
        }
        let message = format!(
            "FourEyes: the agent asks to run `{}` with {params}. {} Approve this call? (approval {approval}, digest \
             {})",
            d.request.action,
            sentence(&summary(d)),
            &d.digest[..16.min(d.digest.len())]
        );
        let request = json!({
            "mode": "form",
            "message": message,
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "approve": {
                        "type": "boolean",
                        "title": "Approve",
                        "description": "Yes runs the call once; no rejects it.",
                    }
                },
                "required": ["approve"],
            },
            // Which request this question belongs to: an HTTP transport sends it on that request's stream.
            "_meta": {FOR_REQUEST_KEY: call.id},
        });
        let answer = tokio::select! {
            () = cancel.cancelled() => return Inline::Cancelled,
            answer = asker.elicit(request) => answer,
        };
        let result = answer.as_ref().and_then(|a| a.get("result"));
        let action = result.and_then(|r| r.get("action")).and_then(Value::as_str);
        let approve = result.and_then(|r| r.pointer("/content/approve")).and_then(Value::as_bool);
        let verdict = match (action, approve) {
            (Some("accept"), Some(approve)) => approve,
            (Some("decline"), _) => false,
            // Cancelled, an error, no answer, or a form without the field: the call stays held for a person.
            _ => return Inline::NoAnswer,
        };
        match self.engine.answer_inline(approval, approver, verdict, &d.digest).await {
            Ok(()) => Inline::Answered,
            Err(e) => {
                eprintln!("foureyes mcp-proxy: the inline answer to approval {approval} was not recorded: {e}");
                Inline::NoAnswer
            }
        }
    }

    /// The request id of a deferral with this call key in the engine (pending or approved), after a restart or
    /// from another proxy with the same agent.
    async fn find_deferral(
        &self,
        key: &str,
        request: &ActionRequest,
        policy: &Policy,
    ) -> Result<Option<String>, StoreError> {
        // A tier-0 action is never held for a human (not even under the kill switch), so it has no deferral.
        if self.engine.decides_with_local_policy() && policy.action(&request.action).is_some_and(|a| a.tier == 0) {
            return Ok(None);
        }
        self.engine.find_deferral(&Self::key_prefix(key), request).await
    }

    fn remembered(&self, key: &str, now: i64) -> Option<String> {
        let mut sticky = lock(&self.sticky);
        let window = i64::try_from(self.config.retry_window.as_millis()).unwrap_or(i64::MAX);
        // Drop answered entries past the window (all of them: the map must not grow without bound).
        sticky.retain(|_, s| s.settled_at_ms.is_none_or(|at| now.saturating_sub(at) < window));
        sticky.get(key).map(|s| s.request_id.clone())
    }

    fn remember(&self, key: &str, request_id: &str, settled_at_ms: Option<i64>) {
        let mut sticky = lock(&self.sticky);
        if sticky.len() >= MAX_REMEMBERED {
            // Pending deferrals are found again in the store (`find_deferral`); only "already executed" answers
            // are lost, and those calls then ask for a new approval, which is safe.
            sticky.retain(|_, s| s.settled_at_ms.is_some());
            if sticky.len() >= MAX_REMEMBERED {
                sticky.clear();
            }
        }
        sticky.insert(key.to_string(), Sticky { request_id: request_id.to_string(), settled_at_ms });
    }

    fn forget(&self, key: &str) {
        lock(&self.sticky).remove(key);
    }

    fn engine_error(&self, call: &ToolCall, action: &str, e: &StoreError) -> Value {
        let (text, code) = match e {
            StoreError::Refused { message, .. } | StoreError::Conflict { message, .. } => {
                (format!("NOT EXECUTED — refused by FourEyes: {message}"), "refused")
            }
            // Not transient (ADR-884, ADR-913): the store refuses this in its present state (ADR-875's expired
            // permit, ADR-376's window), and a retry is refused the same way until a person acts.
            StoreError::InvalidState(message) => {
                (format!("NOT EXECUTED — refused by FourEyes (invalid state): {message}"), "invalid_state")
            }
            // The engine's own words name it ("the FourEyes server at … is unreachable: connection refused").
            StoreError::Backend(message) => (
                format!(
                    "NOT EXECUTED — FourEyes could not decide this call, so it was not forwarded: {message}. Retry \
                     the identical call later."
                ),
                "engine_unavailable",
            ),
            other => (
                format!("NOT EXECUTED — FourEyes could not decide this call, so it was not forwarded: {other}"),
                "engine_unavailable",
            ),
        };
        call.answer(&text, json!({"action": action, "error": code, "message": e.to_string()}))
    }

    /// Phase B for a permitted call that did not run (cancelled, the upstream had gone, or it refused the request
    /// before running any tool): `failed`, which releases what it reserved.
    pub async fn report_not_forwarded(&self, ticket: &Ticket, why: &str) {
        let detail = json!({"mcp": {"tool": ticket.tool, "not_forwarded": why}});
        let result = self.engine.report(ticket.decision_id, Outcome::Failed, detail).await;
        crate::trace::not_forwarded(&ticket.span, why, result.as_ref().err().map(ToString::to_string));
        if let Err(e) = result {
            eprintln!("foureyes mcp-proxy: could not report decision {} as failed: {e}", ticket.decision_id);
        }
    }

    /// Phase B for a forwarded call: the upstream's response (or `None` when none came, with the reason).
    pub async fn report(&self, ticket: &Ticket, response: Option<&Value>, no_response: &str) {
        let (outcome, detail) = match response {
            Some(r) => outcome_of(&ticket.tool, r),
            None => (Outcome::Unknown, json!({"mcp": {"tool": ticket.tool, "no_response": no_response}})),
        };
        // The result is passed on after the report, so the journal knows before the agent does; a slow store
        // (another process holding the write lock) must not hold every later message back for long, though.
        let report = self.engine.report(ticket.decision_id, outcome, detail);
        let result = tokio::time::timeout(REPORT_WAIT, report).await;
        let error = match &result {
            Ok(Ok(_)) => None,
            Ok(Err(e)) => Some(e.to_string()),
            Err(_) => Some(format!("the report took longer than {REPORT_WAIT:?}")),
        };
        crate::trace::reported(&ticket.span, outcome, error);
        match result {
            Ok(Ok(_)) => {}
            // The call already happened; the answer still goes to the client. The decision stays as it was
            // ("intended, not confirmed" or "unknown"), which is what an auditor must see.
            Ok(Err(e)) => eprintln!(
                "foureyes mcp-proxy: could not report decision {} as {}: {e}",
                ticket.decision_id,
                outcome.as_str()
            ),
            Err(_) => eprintln!(
                "foureyes mcp-proxy: the report of decision {} as {} is slow; the result is passed on meanwhile",
                ticket.decision_id,
                outcome.as_str()
            ),
        }
    }
}

/// Asks the person at the MCP client (`elicitation/create`); `None` when the client cannot or did not answer.
#[async_trait::async_trait]
pub trait Asker: Send + Sync {
    async fn elicit(&self, params: Value) -> Option<Value>;
}

enum Inline {
    Answered,
    NoAnswer,
    Cancelled,
}

enum Held {
    Answered,
    TimedOut,
    Cancelled,
    EngineError(StoreError),
}

/// How a forwarded call ended. Any JSON-RPC error is `unknown` (ADR-341): no code says when it was produced — the
/// SDKs answer a tool's own error, or the client's error to a request the tool made after it acted, with the same
/// codes they give before running anything (F341). A result with `isError: true` is `unknown` too: it says the call
/// did not succeed, not that nothing happened — the TypeScript SDK runs a tool and then answers a mismatch with its
/// own output schema as `isError` (F60). Either way what it reserved stays held for a person or the executor to
/// settle. Anything else is `executed`. No answer at all is `unknown` (see [`Gate::report`]). `failed` is said only
/// where the proxy knows no tool was reached ([`Gate::report_not_forwarded`]).
pub fn outcome_of(tool: &str, response: &Value) -> (Outcome, Value) {
    if is_input_required(response) {
        // Not the tool's outcome: the server wants input the decision never saw (ADR-281). Whatever ran before it
        // asked is not known, so the reservation stays held.
        return (Outcome::Unknown, json!({"mcp": {"tool": tool, "input_required": true}}));
    }
    if let Some(error) = response.get("error") {
        // `failed` would release the reservation. An error may come after the tool ran: an agent's own cancel
        // (-32800, F58), the client's -32601 to the tool's `roots/list`, the proxy's own refusal of `sampling` during
        // the call (ADR-281), a low-level handler's pydantic error (-32602) (F341). So it is `unknown`.
        return (Outcome::Unknown, json!({"mcp": {"tool": tool, "jsonrpc_error": capped(error)}}));
    }
    let result = response.get("result").unwrap_or(&Value::Null);
    let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
    let outcome = if is_error { Outcome::Unknown } else { Outcome::Executed };
    (outcome, json!({"mcp": {"tool": tool, "is_error": is_error}, "result": capped(result)}))
}

/// Server-to-client requests that carry something back into the tool that is running (ADR-281): what the client
/// answers (a person's form, the agent's model output, the roots it names, ADR-400) would change what a decided
/// call does.
pub const ASKS_INTO_A_CALL: [&str; 3] = ["elicitation/create", "sampling/createMessage", "roots/list"];

/// Whether a response is a 2026-07-28 `input_required` result: the server asks for input before it completes the
/// call, to be sent back with a retry (`inputResponses`, which the proxy refuses, ADR-160).
pub fn is_input_required(response: &Value) -> bool {
    response.pointer("/result/resultType").and_then(Value::as_str) == Some("input_required")
}

/// The proxy's answer to a server request that would carry input into a running call (ADR-281), sent to the
/// upstream instead of the client: a form is declined (the SDKs end the tool), anything else is an error.
pub fn refuse_ask(id: &Value, method: &str) -> Value {
    if method == "elicitation/create" {
        return json!({"jsonrpc": "2.0", "id": id, "result": {"action": "decline"}});
    }
    error_response(
        id,
        crate::jsonrpc::INVALID_REQUEST,
        &format!(
            "FourEyes refused `{method}` while a gated tools/call runs: nothing the client answers may change what a \
             decided call does"
        ),
    )
}

/// What the agent gets instead of an `input_required` result (ADR-281): an `isError` answer that says the call did
/// not complete and how to go on.
pub fn input_required_answer(ticket: &Ticket) -> Value {
    let text = format!(
        "NOT COMPLETED — the upstream MCP server asked for more input after FourEyes decided this call (decision {}, \
         reported `unknown`); FourEyes passes no input into a decided call. Call the tool again with the value as an \
         argument, so that it is decided, or ask the user.",
        ticket.decision_id
    );
    let meta = json!({"decision_id": ticket.decision_id, "status": "unknown", "error": "input_required"});
    let mut answer = tool_error_result(&ticket.id, &text, meta);
    if let Some(result) = answer.get_mut("result").and_then(Value::as_object_mut) {
        result.insert("resultType".into(), json!("complete"));
    }
    answer
}

/// A value as-is when small, else its size, SHA-256 and first bytes.
pub fn capped(value: &Value) -> Value {
    let text = value.to_string();
    if text.len() <= DETAIL_INLINE_BYTES {
        return value.clone();
    }
    let cut = (0..=1024.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    json!({"truncated": true, "bytes": text.len(), "sha256": sha256_hex(text.as_bytes()), "head": &text[..cut]})
}

/// The machine-readable decision for `_meta`.
fn meta(d: &DecisionRecord) -> Value {
    json!({
        "decision_id": d.decision_id,
        "request_id": d.request.request_id,
        "action": d.request.action,
        "verdict": d.verdict,
        "status": d.status,
        "tier": d.tier,
        "approval_id": d.approval_id,
        "reasons": d.reasons,
        "digest": d.digest,
        "would_have": d.would_have,
        "supersedes": d.supersedes,
    })
}

fn deny_text(d: &DecisionRecord) -> String {
    let reasons = strip_action(&summary(d), &d.request.action);
    let advice = if has_reason(d, ReasonCode::KillSwitch) {
        " The kill switch is engaged: only reads run until a person releases it."
    } else if [ReasonCode::Bounds, ReasonCode::UnknownParam, ReasonCode::MissingParam, ReasonCode::WrongType]
        .iter()
        .any(|c| has_reason(d, *c))
    {
        " Retrying the identical call is denied again: change the arguments to fit the policy."
    } else {
        ""
    };
    format!("NOT EXECUTED — denied: {}{advice}", sentence(&reasons))
}

/// "'mcp.x.y' denied: param …" reads better without the action, which the model knows.
fn strip_action(summary: &str, action: &str) -> String {
    summary
        .split("; ")
        .map(|part| part.strip_prefix(&format!("'{action}' denied: ")).unwrap_or(part).to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

fn has_reason(d: &DecisionRecord, code: ReasonCode) -> bool {
    d.reasons.iter().any(|r| r.code == code)
}

fn summary(d: &DecisionRecord) -> String {
    d.reasons.iter().map(|r| r.message.as_str()).collect::<Vec<_>>().join("; ")
}

fn sentence(text: &str) -> String {
    if text.ends_with('.') { text.to_string() } else { format!("{text}.") }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn tool_calls_are_parsed_strictly() {
        let raw = |s: &str| RawValue::from_string(s.to_string()).unwrap();
        let ok =
            ToolCall::parse(json!(1), Some(&raw(r#"{"name":"t","arguments":{"a":1},"_meta":{"progressToken":"p"}}"#)));
        let ok = ok.unwrap();
        assert_eq!((ok.name.as_str(), ok.arguments["a"].clone(), ok.progress_token), ("t", json!(1), Some(json!("p"))));
        assert!(ToolCall::parse(json!(1), Some(&raw(r#"{"name":"t"}"#))).unwrap().arguments.is_empty());
        for bad in [r#"{"arguments":{}}"#, r#"{"name":5}"#, r#"{"name":"t","arguments":[1]}"#, "7"] {
            let err = ToolCall::parse(json!(2), Some(&raw(bad))).unwrap_err();
            assert_eq!(err["error"]["code"], json!(INVALID_PARAMS), "{bad}");
            assert_eq!(err["id"], json!(2));
        }
        assert!(ToolCall::parse(json!(3), None).is_err());
    }

    #[test]
    fn answers_carry_result_type_only_for_2026_clients() {
        let raw = |s: &str| RawValue::from_string(s.to_string()).unwrap();
        let new = r#"{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}"#;
        let answer = ToolCall::parse(json!(1), Some(&raw(new))).unwrap().answer("no", json!({}));
        assert_eq!(answer["result"]["resultType"], json!("complete"));
        assert_eq!(answer["result"]["isError"], json!(true));
        let old = ToolCall::parse(json!(1), Some(&raw(r#"{"name":"t"}"#))).unwrap().answer("no", json!({}));
        assert!(old["result"].get("resultType").is_none());
    }

    #[test]
    fn an_undo_names_its_decision_in_meta() {
        let raw = |s: &str| RawValue::from_string(s.to_string()).unwrap();
        let undo = ToolCall::parse(json!(1), Some(&raw(r#"{"name":"t","_meta":{"dev.foureyes/undo_of":34}}"#)));
        assert_eq!(undo.unwrap().undo_of, Some(34));
        let bad = ToolCall::parse(json!(1), Some(&raw(r#"{"name":"t","_meta":{"dev.foureyes/undo_of":"34"}}"#)));
        assert_eq!(bad.unwrap_err()["error"]["code"], json!(INVALID_PARAMS));
    }

    #[test]
    fn an_input_required_result_is_not_the_tool_s_outcome() {
        let response = json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required",
            "inputRequests": {"a": {"method": "elicitation/create", "params": {}}}, "requestState": "s"}});
        assert!(is_input_required(&response));
        assert_eq!(outcome_of("pay", &response).0, Outcome::Unknown);
        let complete = json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "content": []}});
        assert_eq!(outcome_of("pay", &complete).0, Outcome::Executed);
        assert_eq!(refuse_ask(&json!(3), "elicitation/create")["result"]["action"], json!("decline"));
        assert!(refuse_ask(&json!(3), "sampling/createMessage").get("error").is_some());
    }

    #[test]
    fn outcomes_follow_the_upstream_answer() {
        let (o, _) = outcome_of("t", &json!({"id": 1, "result": {"content": []}}));
        assert_eq!(o, Outcome::Executed);
        let (o, d) = outcome_of("t", &json!({"id": 1, "result": {"content": [], "isError": true}}));
        assert_eq!((o, d["mcp"]["is_error"].clone()), (Outcome::Unknown, json!(true)));
        let (o, _) = outcome_of("t", &json!({"id": 1, "error": {"code": -32602, "message": "no"}}));
        assert_eq!(o, Outcome::Unknown);
    }

    #[test]
    fn an_error_that_may_come_after_the_tool_ran_is_unknown_not_failed() {
        // Outside attack (F58): over HTTP the agent cancelled its own running payment; the SDK server answered
        // -32800 "Request cancelled" after the tool had run, the proxy reported `failed`, the reservation was
        // released and a second payment ran under `limit 1/h`.
        for code in [-32800, -32603, -32000, -32001, 1] {
            let (o, d) = outcome_of("t", &json!({"id": 1, "error": {"code": code, "message": "x"}}));
            assert_eq!(o, Outcome::Unknown, "code {code}: {d}");
        }
        // Nor do the codes a server may give before it runs anything (F341: the SDKs give them after, too).
        for code in [-32700, -32600, -32601, -32602] {
            let (o, _) = outcome_of("t", &json!({"id": 1, "error": {"code": code, "message": "x"}}));
            assert_eq!(o, Outcome::Unknown, "code {code}");
        }
    }

    #[test]
    fn large_results_are_summarized_in_the_report() {
        let big = json!({"content": [{"type": "text", "text": "é".repeat(10_000)}]});
        let c = capped(&big);
        assert_eq!(c["truncated"], json!(true));
        assert!(c["head"].as_str().unwrap().len() <= 1024);
        assert_eq!(c["sha256"].as_str().unwrap(), sha256_hex(big.to_string().as_bytes()));
        assert_eq!(capped(&json!({"a": 1})), json!({"a": 1}));
    }

    #[test]
    fn deny_texts_name_the_param_not_the_action() {
        let s = strip_action("'mcp.home.set' denied: param 'celsius'=30 above max 23", "mcp.home.set");
        assert_eq!(sentence(&s), "param 'celsius'=30 above max 23.");
    }
}
