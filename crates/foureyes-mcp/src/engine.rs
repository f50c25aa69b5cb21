//! Where the gate's decisions are made: an [`Engine`]. Two implementations share every line of the gate:
//!
//! - [`Embedded`]: a [`Store`] in this process (`foureyes --db fe.db --policy P mcp-proxy …`); the proxy's policy
//!   decides.
//! - [`Remote`]: a running `foureyes serve` over its HTTP API (`mcp-proxy --server URL --token T …`): `GET /v1/me`
//!   at start-up, `POST /v1/decide`, `POST /v1/decisions/{id}/started` (the start mark, ADR-1001),
//!   `POST /v1/decisions/{id}/report`, `GET /v1/decisions/{id}` and the durable
//!   long-poll `GET /v1/decisions/{id}/wait`. The server's policy decides and the token's principal is the agent.
//!
//! Errors are [`StoreError`]s either way, so the gate answers them the same way. For the remote engine: the server
//! unreachable, a timeout, a 5xx, or an answer that is not the expected decision (wrong shape, another
//! `request_id` or `decision_id` than asked for, a decide answer without `replayed`) are all `Backend` errors,
//! which the gate answers with `isError` and does not forward: it never fails open. A 409 `invalid_state` is
//! `InvalidState`, 404 `NotFound`, any other 4xx a `Refused` carrying the server's message.
//!
//! **Who reports.** With `--executor-token` the remote engine reports (and only reports) with the credential of an
//! executor that serves the agent (ADR-51): once an agent has an executor, the server refuses the agent's own
//! reports. At start-up, [`Remote::check_credentials`] asks `GET /v1/me` who each token is: `--token` must be an
//! agent, and `--executor-token` an executor whose `serves` is exactly that agent ([`credentials_fit`]), so a
//! credential that could not report is refused before any tool runs, and nothing is journaled on the way. Any report
//! the server later refuses (401/403: the executor was revoked, say) stops the engine: every later call is answered
//! `isError` and nothing more is forwarded, since each forward would leave a decision "intended, not confirmed"
//! holding what it reserved (see [`Remote::stop`]).
//!
//! What an agent token cannot do, the remote engine does not try: it cannot list approvals, but it looks up its
//! own deferrals of one call (`GET /v1/deferrals`), so a restarted proxy's retry finds the earlier deferral, as with
//! the embedded engine; and it cannot record a derived policy, so trusted `readOnlyHint`s apply only to the
//! embedded engine.

use async_trait::async_trait;
use foureyes_core::tool_pin::ToolPinned;
use foureyes_core::{ActionRequest, ApprovalStatus, BudgetState, DecisionId, DecisionRecord, Outcome, Policy, Reason};
use foureyes_core::{DecisionStatus, Verdict};
use foureyes_store::{Decided, Store, StoreError};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The decisions the gate needs, wherever they are made.
#[async_trait]
pub trait Engine: Send + Sync {
    /// Said in error texts and the startup line: "the embedded store", "the FourEyes server at …".
    fn describe(&self) -> String;

    /// The in-process store, if there is one (tests and the demo read it directly).
    fn store(&self) -> Option<&Arc<dyn Store>> {
        None
    }

    /// Whether `policy` (the gate's) is the one that decides. When false, the gate's policy is a placeholder and
    /// policy-derived features (trusted hints) are off.
    fn decides_with_local_policy(&self) -> bool;

    /// Phase A, telling a decision this call made (`replayed: false`: a first request, or the release of an
    /// answered deferral) from one it only returned (`replayed: true`: the request id was already decided). The
    /// gate forwards only what this call made, which is how two identical retries forward once.
    async fn decide(&self, policy: Arc<Policy>, request: ActionRequest) -> Result<Decided, StoreError>;

    /// Journals, before the call of permitted decision `id` is forwarded to `server`, that the proxy is about to
    /// run it (a `connector_started` start mark, ADR-966): from then on the decision has no reporting deadline (its
    /// reservations are kept until a report says it did not run, or a person settles it), and `foureyes unconfirmed`
    /// lists it "may have acted" if no report ever comes. An error: nothing may be forwarded.
    async fn mark_forwarded(&self, id: DecisionId, server: &str) -> Result<(), StoreError>;

    /// Phase B.
    async fn report(&self, id: DecisionId, outcome: Outcome, detail: Value) -> Result<DecisionRecord, StoreError>;

    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError>;

    /// Waits at most `wait` while the approval of the deferred decision `deferral` is pending (`poll`: how often
    /// an engine without push looks). Returns whether it is still pending.
    async fn still_pending(
        &self,
        deferral: &DecisionRecord,
        wait: Duration,
        poll: Duration,
    ) -> Result<bool, StoreError>;

    /// The request id of a pending or approved deferral whose request id starts with `prefix` and whose digest
    /// and agent match `request` (see `Gate::gate`); `None` when there is none or the engine cannot look.
    async fn find_deferral(&self, prefix: &str, request: &ActionRequest) -> Result<Option<String>, StoreError>;

    /// The actions the deciding policy names (for `tools/list --hide-denied`).
    async fn named_actions(&self, policy: &Policy) -> Result<BTreeSet<String>, StoreError>;

    /// Journals a policy the gate derived (trusted hints) before it is used.
    async fn record_policy(&self, policy: &Policy) -> Result<(), StoreError>;

    /// The pins that hold for `server`'s tools, by tool: the policy's (`mcp.<server>.pins`) over the journal's
    /// (`foureyes_core::tool_pin::effective`). With the embedded engine `policy` is the proxy's; a remote server
    /// applies its own.
    async fn tool_pins(&self, server: &str, policy: &Policy) -> Result<BTreeMap<String, ToolPinned>, StoreError>;

    /// Journals the definition the proxy admitted on first sight (`cause: first_seen`; it never replaces a pin).
    async fn pin_first_seen(&self, pin: &ToolPinned) -> Result<(), StoreError>;

    /// Journals a `tools/call` the gate refused before deciding it (its params were ambiguous: see
    /// `ToolCall::ambiguity`; or carried a refused field: `ToolCall::unsupported`; or its tool's definition changed
    /// since it was pinned), with `code`, and `input` (the call as it came) as the refused input.
    async fn refuse(&self, agent: &str, code: &str, why: &str, input: Value) -> Result<(), StoreError>;

    /// Records an inline answer (`--elicit-approver`): a vote for `approval` by `approver` (`approve`), or a
    /// rejection, bound to the digest the person was shown. Refused for approvals that need step-up.
    async fn answer_inline(&self, approval: i64, approver: &str, approve: bool, digest: &str)
    -> Result<(), StoreError>;
}

/// Who journals an embedded proxy's start marks (`connector_started`'s `by`, ADR-966).
pub const FORWARDED_BY: &str = "foureyes mcp-proxy";

/// A store in this process.
pub struct Embedded {
    store: Arc<dyn Store>,
}

impl Embedded {
    pub fn new(store: Arc<dyn Store>) -> Embedded {
        Embedded { store }
    }
}

#[async_trait]
impl Engine for Embedded {
    fn describe(&self) -> String {
        "the embedded store".into()
    }

    fn store(&self) -> Option<&Arc<dyn Store>> {
        Some(&self.store)
    }

    fn decides_with_local_policy(&self) -> bool {
        true
    }

    async fn decide(&self, policy: Arc<Policy>, request: ActionRequest) -> Result<Decided, StoreError> {
        self.store.decide_or_replay(policy, request, crate::gate::now_ms()).await
    }

    async fn mark_forwarded(&self, id: DecisionId, server: &str) -> Result<(), StoreError> {
        let connector = format!("mcp-proxy:{server}");
        self.store.connector_started(id, &connector, FORWARDED_BY, crate::gate::now_ms()).await.map(|_| ())
    }

    async fn report(&self, id: DecisionId, outcome: Outcome, detail: Value) -> Result<DecisionRecord, StoreError> {
        self.store.report(id, outcome, detail, crate::gate::now_ms()).await
    }

    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        self.store.decision_checked(id, crate::gate::now_ms()).await
    }

    async fn still_pending(
        &self,
        deferral: &DecisionRecord,
        wait: Duration,
        poll: Duration,
    ) -> Result<bool, StoreError> {
        let Some(approval) = deferral.approval_id else { return Ok(false) };
        let until = Instant::now() + wait;
        loop {
            let now_ms = crate::gate::now_ms();
            match self.store.approval(approval, now_ms).await? {
                Some(a) if a.effective_status(now_ms) == ApprovalStatus::Pending => {}
                _ => return Ok(false),
            }
            let now = Instant::now();
            if now >= until {
                return Ok(true);
            }
            tokio::time::sleep(poll.min(until - now)).await;
        }
    }

    async fn find_deferral(&self, prefix: &str, request: &ActionRequest) -> Result<Option<String>, StoreError> {
        let digest = request.digest();
        let now = crate::gate::now_ms();
        // A consumed approval still inside its validity is found too: a retry racing the one that used it (from
        // another proxy, which shares no memory with this one) is then answered "already executed" by the replayed
        // release instead of asking a person to approve the same call a second time.
        for status in [ApprovalStatus::Approved, ApprovalStatus::Pending, ApprovalStatus::Consumed] {
            let mut found: Vec<_> = self
                .store
                .approvals(Some(status), now)
                .await?
                .into_iter()
                .filter(|a| {
                    a.request.agent == request.agent
                        && a.digest == digest
                        && a.request.request_id.starts_with(prefix)
                        && (status != ApprovalStatus::Consumed || a.expires_at_ms > now)
                })
                .collect();
            found.sort_by_key(|a| a.approval_id);
            if let Some(a) = found.first() {
                return Ok(Some(a.request.request_id.clone()));
            }
        }
        Ok(None)
    }

    async fn named_actions(&self, policy: &Policy) -> Result<BTreeSet<String>, StoreError> {
        Ok(policy.actions.keys().cloned().collect())
    }

    async fn record_policy(&self, policy: &Policy) -> Result<(), StoreError> {
        self.store.record_policy(policy, crate::gate::now_ms()).await.map(|_| ())
    }

    async fn refuse(&self, agent: &str, code: &str, why: &str, input: Value) -> Result<(), StoreError> {
        self.store.refuse(agent, code, why, input, crate::gate::now_ms()).await.map(|_| ())
    }

    async fn tool_pins(&self, server: &str, policy: &Policy) -> Result<BTreeMap<String, ToolPinned>, StoreError> {
        let journaled = foureyes_core::tool_pin::current(&self.store.tool_pins().await?);
        let none = BTreeMap::new();
        let policy_pins = policy.mcp.get(server).map_or(&none, |m| &m.pins);
        Ok(foureyes_core::tool_pin::effective(server, policy_pins, &journaled))
    }

    async fn pin_first_seen(&self, pin: &ToolPinned) -> Result<(), StoreError> {
        self.store.pin_tool(pin, crate::gate::now_ms()).await.map(|_| ())
    }

    async fn answer_inline(
        &self,
        approval: i64,
        approver: &str,
        approve: bool,
        digest: &str,
    ) -> Result<(), StoreError> {
        let now = crate::gate::now_ms();
        let record = self
            .store
            .approval(approval, now)
            .await?
            .ok_or_else(|| StoreError::NotFound(format!("approval {approval} does not exist")))?;
        if approve && record.step_up {
            // A TOTP code cannot be asked for in an elicitation (the spec forbids asking for secrets).
            return Err(StoreError::InvalidState(format!(
                "approval {approval} needs step-up: approve it in the console or with the CLI"
            )));
        }
        if approve {
            self.store.approve(approval, approver, Some(digest), now).await.map(|_| ())
        } else {
            let reason = Some("declined in the MCP client when asked inline");
            self.store.reject(approval, approver, reason, Some(digest), now).await.map(|_| ())
        }
    }
}

/// A `foureyes serve` reached over HTTP with an agent token (and, optionally, an executor token for reports).
pub struct Remote {
    base: String,
    token: String,
    /// The credential reports are made with when the agent has an executor (`--executor-token`).
    executor: Option<String>,
    /// Why this engine refuses every further decision (see [`Remote::stop`]); `None` while it works.
    stopped: Mutex<Option<String>>,
    client: reqwest::Client,
    timeout: Duration,
}

/// How long one request to the server may take (a long-poll gets its wait on top).
pub const DEFAULT_REMOTE_TIMEOUT: Duration = Duration::from_secs(10);

impl Remote {
    /// `url` is the server's base URL (`http://127.0.0.1:7878`); `timeout` bounds each request.
    pub fn new(url: &str, token: &str, timeout: Duration) -> Result<Remote, String> {
        let parsed = reqwest::Url::parse(url).map_err(|e| format!("`{url}` is not a server URL: {e}"))?;
        if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
            return Err(format!("`{url}` is not a server URL: expected http(s)://HOST[:PORT]"));
        }
        if token.trim().is_empty() {
            return Err("--token is empty: pass an agent token (`foureyes token create --role agent`)".into());
        }
        if rustls::crypto::CryptoProvider::get_default().is_none() {
            // Racing another installer is fine: either provider serves.
            let _ = rustls::crypto::ring::default_provider().install_default();
        }
        let client = reqwest::Client::builder()
            .connect_timeout(timeout)
            // A redirected POST may turn into a GET; a FourEyes server does not redirect its API.
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("foureyes-mcp/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
        Ok(Remote {
            base: url.trim_end_matches('/').to_string(),
            token: token.trim().to_string(),
            executor: None,
            stopped: Mutex::new(None),
            client,
            timeout,
        })
    }

    /// Reports with `token`, the credential of an executor that serves the agent (`foureyes token create --role
    /// executor --for AGENT`), instead of the agent token. Refused when empty or the agent token itself.
    pub fn with_executor(mut self, token: &str) -> Result<Remote, String> {
        let token = token.trim();
        if token.is_empty() {
            return Err("--executor-token is empty: pass the token of an executor that serves the agent \
                        (`foureyes token create --role executor --for AGENT`)"
                .into());
        }
        if token == self.token {
            return Err("--executor-token is the agent token (--token) itself: pass the token of an executor that \
                        serves the agent (`foureyes token create --role executor --for AGENT`)"
                .into());
        }
        self.executor = Some(token.to_string());
        Ok(self)
    }

    /// Whether reports go out with an executor token.
    pub fn reports_as_executor(&self) -> bool {
        self.executor.is_some()
    }

    /// The start-up check: `GET /v1/me` with `--token` (it must be an agent) and, when given, with
    /// `--executor-token` (it must be an executor serving exactly that agent, see [`credentials_fit`]). Reads only:
    /// the server journals nothing for them. `Ok(Some(warning))` when the check could not be made and need not be:
    /// without an executor token, a server that cannot be reached (or predates `/v1/me`) is not a reason to refuse
    /// to start, since every call is decided by the server, which refuses a token that is not an agent's, and
    /// fails closed while it is away. With one, the binding must be known before anything is forwarded, so the same
    /// cases are errors. Errors: `Backend` when the server cannot be asked, `Refused` for a credential that does not
    /// fit (or a server that cannot say).
    pub async fn check_credentials(&self) -> Result<Option<String>, StoreError> {
        let agent = match self.identity(&self.token, "--token").await {
            Ok(agent) => agent,
            Err(e @ (StoreError::Backend(_) | StoreError::NotFound(_))) if self.executor.is_none() => {
                return Ok(Some(format!("could not check --token at start-up ({e}); every call is checked instead")));
            }
            Err(e) => return Err(e),
        };
        let executor = match &self.executor {
            Some(token) => Some(self.identity(token, "--executor-token").await?),
            None => None,
        };
        credentials_fit(&agent, executor.as_ref()).map(|()| None).map_err(|message| StoreError::Refused {
            code: "credentials".into(),
            message,
            seq: 0,
        })
    }

    /// Who `token` is (`GET /v1/me`); `flag` names it in errors. A server without the endpoint is `NotFound`.
    async fn identity(&self, token: &str, flag: &str) -> Result<Identity, StoreError> {
        match self.call_as(token, reqwest::Method::GET, "/v1/me", None, Duration::ZERO).await {
            Ok(value) => serde_json::from_value(value).map_err(|e| {
                self.unavailable(format_args!("answered GET /v1/me with something this proxy cannot read: {e}"))
            }),
            Err(StoreError::NotFound(_)) => Err(StoreError::NotFound(format!(
                "the FourEyes server at {} has no GET /v1/me (older than this proxy?), so {flag} cannot be checked; \
                 upgrade the server",
                self.base
            ))),
            Err(e) => Err(e),
        }
    }

    /// Refuses every further decision with `why` (and returns that refusal). Used when this proxy cannot report to
    /// the server: forwarding more calls would leave each one "intended, not confirmed", holding what it reserved,
    /// while the agent believes all is well. Only a restart (with the right credentials) clears it.
    fn stop(&self, why: String) -> StoreError {
        let mut stopped = crate::gate::lock(&self.stopped);
        let why = stopped.get_or_insert(why).clone();
        StoreError::Refused { code: "reports_refused".into(), message: why, seq: 0 }
    }

    fn stopped(&self) -> Option<StoreError> {
        let stopped = crate::gate::lock(&self.stopped);
        stopped.as_ref().map(|why| StoreError::Refused {
            code: "reports_refused".into(),
            message: format!("this proxy forwards nothing more: {why}"),
            seq: 0,
        })
    }

    fn unavailable(&self, why: impl std::fmt::Display) -> StoreError {
        StoreError::Backend(format!("the FourEyes server at {} {why}", self.base))
    }

    /// One request with the agent token; the JSON body of a 2xx answer, or the error it means.
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        extra: Duration,
    ) -> Result<Value, StoreError> {
        self.call_as(&self.token, method, path, body, extra).await
    }

    /// One request with `token` (the agent's, or the executor's for reports).
    async fn call_as(
        &self,
        token: &str,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        extra: Duration,
    ) -> Result<Value, StoreError> {
        let which = if token == self.token { "agent token" } else { "executor token" };
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(token)
            .timeout(self.timeout + extra);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.map_err(|e| {
            if e.is_timeout() {
                self.unavailable(format_args!("did not answer within {:?}", self.timeout + extra))
            } else {
                self.unavailable(format_args!("is unreachable: {}", error_chain(&e)))
            }
        })?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(|e| self.unavailable(format_args!("sent a broken answer: {e}")))?;
        let value: Option<Value> = serde_json::from_slice(&bytes).ok();
        if status.is_success() {
            return value
                .ok_or_else(|| self.unavailable(format_args!("answered HTTP {status} with a body that is not JSON")));
        }
        let code = value.as_ref().and_then(|v| v.pointer("/error/code")).and_then(Value::as_str).unwrap_or_default();
        let message = value
            .as_ref()
            .and_then(|v| v.pointer("/error/message"))
            .and_then(Value::as_str)
            .map_or_else(|| String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned(), str::to_string);
        Err(match status.as_u16() {
            500..=599 => self.unavailable(format_args!("answered HTTP {status}: {message}")),
            404 => StoreError::NotFound(message),
            409 if code == "invalid_state" => StoreError::InvalidState(message),
            409 if code == "conflict" => StoreError::Conflict { message, seq: 0 },
            401 => StoreError::Refused {
                code: "unauthorized".into(),
                message: format!("the FourEyes server at {} does not accept the proxy's {which}: {message}", self.base),
                seq: 0,
            },
            400..=499 => StoreError::Refused { code: code.to_string(), message, seq: 0 },
            _ => self.unavailable(format_args!("answered HTTP {status}")),
        })
    }

    fn decision_from(&self, value: Value) -> Result<DecisionRecord, StoreError> {
        wire_decision(value).map_err(|e| self.unavailable(format_args!("sent a decision this proxy cannot read: {e}")))
    }
}

/// Who a credential is, as `GET /v1/me` answers (roles as strings: a role this proxy does not know is just not the
/// one it needs).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Identity {
    pub name: String,
    pub role: String,
    /// For an executor, the agent it reports for.
    #[serde(default)]
    pub serves: Option<String>,
}

/// Whether the proxy's credentials fit: `agent` (from `--token`) is an agent, and `executor` (from
/// `--executor-token`, if given) is an executor serving exactly that agent. Anything else is refused with a
/// message naming both principals: another agent's executor, a person, or an agent-role token, even one whose
/// principal is the agent itself (the server refuses an agent's own reports once it has an executor, so such a
/// proxy could not report what it forwards).
pub fn credentials_fit(agent: &Identity, executor: Option<&Identity>) -> Result<(), String> {
    const MAKE: &str = "foureyes token create --role executor --for";
    if agent.role != "agent" {
        return Err(format!(
            "--token is `{}`, a credential with role {}: mcp-proxy --server decides with an agent token (`foureyes \
             token create --role agent`)",
            agent.name, agent.role
        ));
    }
    let Some(executor) = executor else { return Ok(()) };
    let a = &agent.name;
    let what = match (executor.role.as_str(), executor.serves.as_deref()) {
        ("executor", Some(served)) if served == a => return Ok(()),
        ("executor", Some(served)) => format!("the executor of agent `{served}`"),
        ("executor", None) => "an executor that names no agent".to_string(),
        (role, _) => format!("a credential with role {role}"),
    };
    Err(format!(
        "--executor-token is `{}`, {what}, not an executor serving `{a}` (the agent of --token): its reports of \
         `{a}`'s decisions would be refused. Pass the token of an executor for `{a}` (`{MAKE} {a}`)",
        executor.name
    ))
}

/// reqwest's `Display` hides the cause ("error sending request"); the chain says "connection refused".
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// A decision as `/v1/decide` and friends render it (`DecisionRecord::verdict_json`). Every field the gate reads
/// is required: an answer without them is not a decision.
#[derive(Deserialize)]
struct Wire {
    decision_id: DecisionId,
    request_id: String,
    agent: String,
    action: String,
    verdict: Verdict,
    reasons: Vec<Reason>,
    approval_id: Option<i64>,
    tier: u8,
    status: DecisionStatus,
    digest: String,
    #[serde(default)]
    budgets: Vec<BudgetState>,
    would_have: Option<Verdict>,
    supersedes: Option<DecisionId>,
    decided_at_ms: i64,
    reported_at_ms: Option<i64>,
    report_detail: Option<Value>,
    #[serde(default)]
    params: Map<String, Value>,
    target: Option<String>,
    undo_of: Option<DecisionId>,
}

/// Reads a decision from the server's JSON.
pub fn wire_decision(value: Value) -> Result<DecisionRecord, serde_json::Error> {
    let w: Wire = serde_json::from_value(value)?;
    Ok(DecisionRecord {
        decision_id: w.decision_id,
        request: ActionRequest {
            request_id: w.request_id,
            agent: w.agent,
            session: None,
            action: w.action,
            params: w.params,
            target: w.target,
            undo_of: w.undo_of,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        },
        verdict: w.verdict,
        tier: w.tier,
        reasons: w.reasons,
        budgets: w.budgets,
        approval_id: w.approval_id,
        would_have: w.would_have,
        digest: w.digest,
        status: w.status,
        supersedes: w.supersedes,
        decided_at_ms: w.decided_at_ms,
        reported_at_ms: w.reported_at_ms,
        report_detail: w.report_detail,
        // Not in the API's rendering; the server's journal has it.
        policy_sha256: String::new(),
    })
}

/// Reads the server's decide answer for `request`: the decision and `replayed`. Fails (with the reason, which the
/// caller words as "the server at … <reason>") on anything else — including an answer without `replayed`, which a
/// server older than this proxy sends: without it a release cannot be told from a replay, so nothing is forwarded
/// (docs/decisions.md, "The MCP gate forwards only decisions it made").
pub fn decide_answer(mut value: Value, request: &ActionRequest) -> Result<Decided, String> {
    let replayed = value.as_object_mut().and_then(|o| o.remove("replayed"));
    let decision = wire_decision(value).map_err(|e| format!("sent a decision this proxy cannot read: {e}"))?;
    // A decision for another request (a confused or hostile server, a proxy in between) must not release ours.
    if decision.request.request_id != request.request_id || decision.request.action != request.action {
        return Err(format!(
            "answered request `{}` ({}) with a decision for `{}` ({})",
            request.request_id, request.action, decision.request.request_id, decision.request.action
        ));
    }
    match replayed {
        Some(Value::Bool(replayed)) => Ok(Decided { decision, replayed }),
        Some(other) => Err(format!("sent a decide answer whose `replayed` is {other}, not true or false")),
        None => Err("sent a decide answer without `replayed` (a server older than this proxy?), so this proxy \
                     cannot tell a released call from a replayed one; upgrade the server"
            .into()),
    }
}

#[async_trait]
impl Engine for Remote {
    fn describe(&self) -> String {
        format!("the FourEyes server at {}", self.base)
    }

    fn decides_with_local_policy(&self) -> bool {
        false
    }

    async fn decide(&self, _policy: Arc<Policy>, request: ActionRequest) -> Result<Decided, StoreError> {
        if let Some(stopped) = self.stopped() {
            return Err(stopped);
        }
        // The server decides with its own policy, as the token's principal (the body cannot name the agent).
        let body = json!({
            "request_id": request.request_id,
            "action": request.action,
            "params": request.params,
            "target": request.target,
            "undo_of": request.undo_of,
            "dry_run": request.dry_run,
            "session": request.session,
        });
        let value = self.call(reqwest::Method::POST, "/v1/decide", Some(body), Duration::ZERO).await?;
        decide_answer(value, &request).map_err(|why| self.unavailable(why))
    }

    /// `POST /v1/decisions/{id}/started` (ADR-1001), with the credential reports go out with (the executor's when
    /// there is one): the server journals the start mark, so a call slower than its `report_within`, or one this
    /// proxy was killed in the middle of, keeps its reservation until this proxy's report or an admin settles it.
    /// Any failure forwards nothing (the gate reports the decision `failed`); a server older than the endpoint
    /// answers 404, which is such a failure: it would let the reservation go at the deadline (F1001).
    async fn mark_forwarded(&self, id: DecisionId, server: &str) -> Result<(), StoreError> {
        if let Some(stopped) = self.stopped() {
            return Err(stopped);
        }
        let path = format!("/v1/decisions/{id}/started");
        let token = self.executor.as_deref().unwrap_or(&self.token);
        let body = json!({"server": server});
        let answer = match self.call_as(token, reqwest::Method::POST, &path, Some(body), Duration::ZERO).await {
            Ok(answer) => answer,
            Err(StoreError::NotFound(message)) => {
                return Err(self.unavailable(format_args!(
                    "could not journal the start of decision {id} ({message}): a server older than this proxy has \
                     no POST /v1/decisions/{{id}}/started, and without it a call slower than the server's \
                     `report_within` loses its reservation; upgrade the server. Nothing was forwarded"
                )));
            }
            // The credential may not report this agent's outcomes (the agent has an executor, or the executor token
            // was revoked): no call of it can be forwarded, nor reported.
            Err(StoreError::Refused { code, message, .. }) if code == "forbidden" || code == "unauthorized" => {
                return Err(self.stop(format!(
                    "the server refused the start of decision {id} ({message}); nothing was forwarded. Check \
                     --token and --executor-token: the proxy needs the credential that reports this agent's outcomes"
                )));
            }
            Err(e) => return Err(e),
        };
        let said =
            (answer.get("decision_id").and_then(Value::as_i64), answer.get("started_at_ms").and_then(Value::as_i64));
        match said {
            (Some(d), Some(_)) if d == id => Ok(()),
            _ => {
                Err(self.unavailable(format_args!("answered the start of decision {id} with something else: {answer}")))
            }
        }
    }

    async fn report(&self, id: DecisionId, outcome: Outcome, detail: Value) -> Result<DecisionRecord, StoreError> {
        let body = json!({"outcome": outcome, "detail": detail});
        let path = format!("/v1/decisions/{id}/report");
        let token = self.executor.as_deref().unwrap_or(&self.token);
        let answer = match self.call_as(token, reqwest::Method::POST, &path, Some(body), Duration::ZERO).await {
            Ok(answer) => answer,
            // Not a passing condition: the credential may not report (the agent has an executor, or the executor
            // token serves another agent or was revoked). The decision stays as it was; nothing more is forwarded.
            Err(StoreError::Refused { code, message, .. }) if code == "forbidden" || code == "unauthorized" => {
                let hint = if self.executor.is_some() {
                    "Check --executor-token: it must be a live executor credential for this agent".to_string()
                } else {
                    "If the agent has an executor credential, give the proxy its token with --executor-token (or \
                     FOUREYES_EXECUTOR_TOKEN)"
                        .to_string()
                };
                return Err(self.stop(format!(
                    "the server refused the report of decision {id} as {} ({message}); it stays as it was. {hint}",
                    outcome.as_str()
                )));
            }
            Err(e) => return Err(e),
        };
        let record = self.decision_from(answer)?;
        if record.decision_id != id {
            return Err(self
                .unavailable(format_args!("answered a report of decision {id} with decision {}", record.decision_id)));
        }
        Ok(record)
    }

    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        match self.call(reqwest::Method::GET, &format!("/v1/decisions/{id}"), None, Duration::ZERO).await {
            Ok(value) => Ok(Some(self.decision_from(value)?)),
            Err(StoreError::NotFound(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    async fn still_pending(
        &self,
        deferral: &DecisionRecord,
        wait: Duration,
        _poll: Duration,
    ) -> Result<bool, StoreError> {
        // The server's durable long-poll: it wakes on its own writes and polls the database for other processes'.
        let ms = wait.as_millis().max(1);
        let path = format!("/v1/decisions/{}/wait?timeout={ms}ms", deferral.decision_id);
        let value = self.call(reqwest::Method::GET, &path, None, wait).await?;
        value
            .get("waiting")
            .and_then(Value::as_bool)
            .ok_or_else(|| self.unavailable("answered a wait without `waiting`"))
    }

    async fn find_deferral(&self, prefix: &str, request: &ActionRequest) -> Result<Option<String>, StoreError> {
        // An agent token cannot list approvals, but may look up its own deferrals of one call (the server scopes
        // the answer to the token's principal). The prefix names the call (a digest of it); the action digest is
        // not sent, since it includes the principal's name, which the proxy does not know.
        let query: String = reqwest::Url::parse_with_params("http://x/", [("request_id_prefix", prefix)])
            .map_err(|e| self.unavailable(format_args!("cannot be asked about `{prefix}`: {e}")))?
            .query()
            .unwrap_or_default()
            .to_string();
        let value = match self.call(reqwest::Method::GET, &format!("/v1/deferrals?{query}"), None, Duration::ZERO).await
        {
            Ok(value) => value,
            // A server older than the lookup: no restart memory, so the retry asks for a new approval (safe).
            Err(StoreError::NotFound(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let list = value.as_array().ok_or_else(|| self.unavailable("answered GET /v1/deferrals without a list"))?;
        // Trust only what matches what was asked: another call's request id must not be retried for this one (the
        // server would also refuse it: a request id names one content).
        Ok(list
            .iter()
            .filter(|d| d.get("action").and_then(Value::as_str) == Some(request.action.as_str()))
            .filter(|d| matches!(d.get("status").and_then(Value::as_str), Some("pending" | "approved" | "consumed")))
            .filter_map(|d| d.get("request_id").and_then(Value::as_str))
            .find(|id| id.starts_with(prefix))
            .map(str::to_string))
    }

    async fn named_actions(&self, _policy: &Policy) -> Result<BTreeSet<String>, StoreError> {
        let value = self.call(reqwest::Method::GET, "/v1/policy", None, Duration::ZERO).await?;
        let actions = value
            .get("actions")
            .and_then(Value::as_array)
            .ok_or_else(|| self.unavailable("answered GET /v1/policy without `actions`"))?;
        Ok(actions.iter().filter_map(|a| a.get("action").and_then(Value::as_str)).map(str::to_string).collect())
    }

    async fn record_policy(&self, _policy: &Policy) -> Result<(), StoreError> {
        Err(StoreError::InvalidState(
            "a remote FourEyes server decides with its own policy; the proxy cannot add to it".into(),
        ))
    }

    /// `POST /v1/mcp/refusals` (ADR-911): the server journals the refusal (`refused`, `code`, the token's principal
    /// as the agent) exactly as the embedded engine does, so `foureyes mcp pins list` lists a changed definition.
    /// A server older than that endpoint (404) is told through its decide endpoint instead, which refuses the body
    /// (the refused call's params as a string where an object belongs) and journals its own `bad_request` with an
    /// excerpt of it: a trace, though not one `mcp pins list` shows (attack 25's P2).
    async fn refuse(&self, _agent: &str, code: &str, why: &str, input: Value) -> Result<(), StoreError> {
        let body = json!({"code": code, "message": why, "input": input});
        match self.call(reqwest::Method::POST, "/v1/mcp/refusals", Some(body), Duration::ZERO).await {
            Ok(_) => return Ok(()),
            Err(StoreError::NotFound(_)) => {}
            Err(other) => return Err(other),
        }
        let body = json!({
            "request_id": "mcp-refused-ambiguous-tool-call",
            "action": "mcp.refused",
            "params": format!("refused by the MCP proxy: {why}: {input}"),
        });
        match self.call(reqwest::Method::POST, "/v1/decide", Some(body), Duration::ZERO).await {
            Err(StoreError::Refused { .. }) => Ok(()),
            Err(other) => Err(other),
            Ok(_) => Err(self.unavailable("decided a call that should have been refused")),
        }
    }

    /// `GET /v1/mcp/pins?server=…`: the pins the server's journal and policy hold.
    async fn tool_pins(&self, server: &str, _policy: &Policy) -> Result<BTreeMap<String, ToolPinned>, StoreError> {
        let path = format!("/v1/mcp/pins?server={server}");
        let value = self.call(reqwest::Method::GET, &path, None, Duration::ZERO).await?;
        let pins: Vec<ToolPinned> = value
            .get("pins")
            .cloned()
            .and_then(|p| serde_json::from_value(p).ok())
            .ok_or_else(|| self.unavailable("answered GET /v1/mcp/pins without readable `pins`"))?;
        // A pin whose name no door takes is never used, whatever a server of another version serves (ADR-1261).
        let named = |p: &ToolPinned| {
            foureyes_core::tool_pin::check_server_name(&p.server).is_ok()
                && foureyes_core::tool_pin::check_pinned_name(&p.tool).is_ok()
        };
        Ok(pins.into_iter().filter(|p| p.server == server && named(p)).map(|p| (p.tool.clone(), p)).collect())
    }

    /// `POST /v1/mcp/pins`: the server journals it as a first-seen pin by the token's principal.
    async fn pin_first_seen(&self, pin: &ToolPinned) -> Result<(), StoreError> {
        let body = json!({"server": pin.server, "tool": pin.tool, "sha256": pin.sha256});
        self.call(reqwest::Method::POST, "/v1/mcp/pins", Some(body), Duration::ZERO).await.map(|_| ())
    }

    async fn answer_inline(&self, _: i64, _: &str, _: bool, _: &str) -> Result<(), StoreError> {
        // The proxy holds an agent token: it must not be able to approve anything on the server.
        Err(StoreError::InvalidState("inline approval is not available with --server".into()))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_decision_without_a_field_the_gate_reads_is_not_a_decision() {
        let full = json!({
            "decision_id": 7, "request_id": "r", "agent": "a", "action": "mcp.fs.x", "verdict": "permit",
            "reasons": [], "approval_id": null, "tier": 0, "status": "intended", "digest": "d", "budgets": [],
            "would_have": null, "supersedes": null, "decided_at_ms": 1, "reported_at_ms": null,
            "report_detail": null, "params": {"a": 1}, "target": null, "undo_of": null
        });
        let d = wire_decision(full.clone()).unwrap();
        assert_eq!((d.decision_id, d.verdict, d.status), (7, Verdict::Permit, DecisionStatus::Intended));
        for field in ["decision_id", "verdict", "status", "request_id", "digest", "tier"] {
            let mut broken = full.clone();
            broken.as_object_mut().unwrap().remove(field);
            assert!(wire_decision(broken).is_err(), "accepted without {field}");
        }
        let mut odd = full;
        odd["verdict"] = json!("maybe");
        assert!(wire_decision(odd).is_err());
    }

    #[test]
    fn a_decide_answer_must_say_whether_it_was_replayed() {
        let request = ActionRequest {
            request_id: "r".into(),
            agent: "a".into(),
            session: None,
            action: "mcp.fs.x".into(),
            params: Map::new(),
            target: None,
            undo_of: None,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        };
        let answer = json!({
            "decision_id": 7, "request_id": "r", "agent": "a", "action": "mcp.fs.x", "verdict": "permit",
            "reasons": [], "approval_id": null, "tier": 0, "status": "intended", "digest": "d", "budgets": [],
            "would_have": null, "supersedes": null, "decided_at_ms": 1, "reported_at_ms": null,
            "report_detail": null, "params": {}, "target": null, "undo_of": null, "replayed": true
        });
        let d = decide_answer(answer.clone(), &request).unwrap();
        assert_eq!((d.decision.decision_id, d.replayed), (7, true));
        let mut fresh = answer.clone();
        fresh["replayed"] = json!(false);
        assert!(!decide_answer(fresh, &request).unwrap().replayed);
        // An older server (no field) or a garbled one: not a decision the gate may forward on.
        let mut old = answer.clone();
        old.as_object_mut().unwrap().remove("replayed");
        assert!(decide_answer(old, &request).unwrap_err().contains("without `replayed`"));
        let mut odd = answer.clone();
        odd["replayed"] = json!("no");
        assert!(decide_answer(odd, &request).unwrap_err().contains("not true or false"));
        let mut other = answer;
        other["request_id"] = json!("someone-else");
        assert!(decide_answer(other, &request).unwrap_err().contains("with a decision for `someone-else`"));
    }

    fn who(name: &str, role: &str, serves: Option<&str>) -> Identity {
        Identity { name: name.into(), role: role.into(), serves: serves.map(String::from) }
    }

    #[test]
    fn only_an_agent_and_an_executor_serving_exactly_it_fit() {
        let bot = who("bot", "agent", None);
        assert_eq!(credentials_fit(&bot, None), Ok(()));
        assert_eq!(credentials_fit(&bot, Some(&who("runner", "executor", Some("bot")))), Ok(()));
        // --token must be an agent's, whatever the executor.
        for (name, role, serves) in
            [("alice", "approver", None), ("root", "admin", None), ("r", "executor", Some("bot"))]
        {
            let said = credentials_fit(&who(name, role, serves), None).unwrap_err();
            assert!(said.contains(&format!("--token is `{name}`, a credential with role {role}")), "{said}");
        }
        // Every executor token that could not report `bot`'s outcomes is refused, naming both principals, incl. an
        // agent-role token whose principal is `bot` itself (a second token of the same agent): role, not name.
        for (executor, what) in [
            (who("bot", "agent", None), "a credential with role agent"),
            (who("bot-2", "agent", None), "a credential with role agent"),
            (who("other-runner", "executor", Some("other")), "the executor of agent `other`"),
            (who("odd", "executor", None), "an executor that names no agent"),
            (who("alice", "approver", None), "a credential with role approver"),
            (who("future", "auditor", Some("bot")), "a credential with role auditor"),
        ] {
            let said = credentials_fit(&bot, Some(&executor)).unwrap_err();
            let head = format!("--executor-token is `{}`, {what}, not an executor serving `bot`", executor.name);
            assert!(said.starts_with(&head), "{said}");
            assert!(said.contains("--for bot"), "{said}");
        }
    }

    #[test]
    fn server_urls_and_tokens_are_checked() {
        assert!(Remote::new("ftp://x", "t", DEFAULT_REMOTE_TIMEOUT).is_err());
        assert!(Remote::new("not a url", "t", DEFAULT_REMOTE_TIMEOUT).is_err());
        assert!(Remote::new("http://127.0.0.1:1", " ", DEFAULT_REMOTE_TIMEOUT).is_err());
        assert!(Remote::new("http://127.0.0.1:1/", "t", DEFAULT_REMOTE_TIMEOUT).is_ok());
        // `.err()`: a `Remote` has no `Debug`, since it holds tokens, which are never printed.
        let remote = || Remote::new("http://127.0.0.1:1/", "t", DEFAULT_REMOTE_TIMEOUT).unwrap();
        assert!(remote().with_executor(" ").err().unwrap().contains("empty"));
        assert!(remote().with_executor(" t ").err().unwrap().contains("is the agent token"));
        assert!(remote().with_executor("e").unwrap().reports_as_executor());
        assert!(!remote().reports_as_executor());
    }
}
