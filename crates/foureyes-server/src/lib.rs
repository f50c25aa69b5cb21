//! FourEyes as a service: the HTTP API (`/v1/…`), credentials and roles, durable waiting, the live event stream
//! (SSE), Prometheus metrics, the OpenAPI description and the approval console, all served by one axum router.
//!
//! Architecture invariant: the approval endpoints (`approvals` module) are built on [`ApprovalGate`] only, a view of
//! the store that can list, approve and reject and nothing else: no code path from them can decide, report or reach
//! an executor (the server holds no connector at all; `tests/boundaries.rs` checks both facts).
//!
//! Build the router with [`app`]; tests drive it with `tower::ServiceExt::oneshot`, no socket needed.

mod api;
mod approvals;
mod auth;
pub mod clock;
mod console;
mod error;
mod events;
pub mod execute;
pub mod feed;
pub mod listen;
pub mod mcp_pins;
mod metrics;
pub mod namespaces;
mod ops;
pub mod refusals;
mod sessions;
pub mod tasks;
pub mod telemetry;

pub use auth::{CSRF_HEADER, Caller, SESSION_COOKIE, WriteCaller, random_secret};
pub use console::{SIGNIN_CODE_TTL_MS, new_totp_secret, totp_code, totp_uri};
pub use error::ApiError;
pub use listen::{Limits, SHUTDOWN_GRACE, serve, serve_doors};
pub use metrics::{ExportCounts, Metrics};
pub use namespaces::doors;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use foureyes_core::Policy;
use foureyes_store::{Backend, Credentials, Store};
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use tokio::sync::broadcast;

/// Largest request body any endpoint reads. Params inside a decide body are further limited to
/// `foureyes_core::MAX_PARAMS_BYTES`.
pub const MAX_BODY_BYTES: usize = 256 * 1024;
/// Longest `/wait` a caller may ask for.
pub const MAX_WAIT_MS: i64 = 120_000;

/// The approval side of the store, and nothing more: list, show, approve, reject, revoke. The approval endpoints
/// hold this, not the `Store`, so they cannot decide, report or execute.
#[async_trait::async_trait]
pub trait ApprovalGate: Send + Sync {
    /// An approval as the journal tells it: marked where its row differs (ADR-610).
    async fn approval(
        &self,
        id: i64,
        now_ms: i64,
    ) -> Result<Option<foureyes_store::Checked<foureyes_core::ApprovalRecord>>, foureyes_store::StoreError>;
    /// Every approval (of `status`), each marked where its row differs from the journal (ADR-610).
    async fn approvals(
        &self,
        status: Option<foureyes_core::ApprovalStatus>,
        now_ms: i64,
    ) -> Result<Vec<foureyes_store::Checked<foureyes_core::ApprovalRecord>>, foureyes_store::StoreError>;
    async fn approve(
        &self,
        id: i64,
        approver: &str,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<foureyes_store::VoteOutcome, foureyes_store::StoreError>;
    async fn reject(
        &self,
        id: i64,
        approver: &str,
        reason: Option<&str>,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<foureyes_core::ApprovalRecord, foureyes_store::StoreError>;
    /// Withdraws an approved, unused approval (see `Store::revoke`).
    async fn revoke(
        &self,
        id: i64,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<foureyes_core::ApprovalRecord, foureyes_store::StoreError>;
    async fn refuse(
        &self,
        principal: &str,
        code: &str,
        message: &str,
        input: serde_json::Value,
        now_ms: i64,
    ) -> Result<u64, foureyes_store::StoreError>;
}

/// The store restricted to its approval methods.
struct StoreApprovalGate(Arc<dyn Store>);

#[async_trait::async_trait]
impl ApprovalGate for StoreApprovalGate {
    async fn approval(
        &self,
        id: i64,
        now_ms: i64,
    ) -> Result<Option<foureyes_store::Checked<foureyes_core::ApprovalRecord>>, foureyes_store::StoreError> {
        self.0.approval_checked(id, now_ms).await
    }
    async fn approvals(
        &self,
        status: Option<foureyes_core::ApprovalStatus>,
        now_ms: i64,
    ) -> Result<Vec<foureyes_store::Checked<foureyes_core::ApprovalRecord>>, foureyes_store::StoreError> {
        self.0.approvals_checked(status, now_ms).await
    }
    async fn approve(
        &self,
        id: i64,
        approver: &str,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<foureyes_store::VoteOutcome, foureyes_store::StoreError> {
        self.0.approve(id, approver, digest_seen, now_ms).await
    }
    async fn reject(
        &self,
        id: i64,
        approver: &str,
        reason: Option<&str>,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<foureyes_core::ApprovalRecord, foureyes_store::StoreError> {
        self.0.reject(id, approver, reason, digest_seen, now_ms).await
    }
    async fn revoke(
        &self,
        id: i64,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<foureyes_core::ApprovalRecord, foureyes_store::StoreError> {
        self.0.revoke(id, by, why, now_ms).await
    }
    async fn refuse(
        &self,
        principal: &str,
        code: &str,
        message: &str,
        input: serde_json::Value,
        now_ms: i64,
    ) -> Result<u64, foureyes_store::StoreError> {
        self.0.refuse(principal, code, message, input, now_ms).await
    }
}

/// The clock, injectable so tests can move time.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The wall clock with its steps taken out ([`clock::SteadyClock`], ADR-141).
pub fn system_clock() -> Clock {
    system_clock_starting_at(jiff::Timestamp::now().as_millisecond())
}

/// [`system_clock`] whose first reading is `start_ms`, the door's anchored time (ADR-730).
pub fn system_clock_starting_at(start_ms: i64) -> Clock {
    let clock = clock::SteadyClock::starting_at(start_ms);
    Arc::new(move || clock.now_ms())
}

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub credentials: Arc<dyn Credentials>,
    pub approvals: Arc<dyn ApprovalGate>,
    pub policy: Arc<RwLock<Arc<Policy>>>,
    /// The file `POST /v1/policy/reload` re-reads; `None` when serving a built-in policy.
    pub policy_path: Option<PathBuf>,
    /// Wakes the change feed ([`feed`]) after a write in this process, and after writes by other processes or
    /// replicas when the backend reports them ([`AppState::wake_on`]); the feed's own poll covers the rest.
    pub bus: broadcast::Sender<()>,
    pub metrics: Arc<Metrics>,
    pub clock: Clock,
    /// Mark the session cookie `Secure` (set when served behind HTTPS).
    pub secure_cookies: bool,
    /// When set, `GET /metrics` wants `Authorization: Bearer <this>` (a scraper's secret, not a FourEyes
    /// credential: a Prometheus job should not hold a token that could decide or approve). `None`: open.
    pub metrics_token: Option<String>,
    /// Bounds on peers: timeouts and caps. Set with [`AppState::set_limits`] (which sizes the caps below).
    pub limits: Limits,
    /// Permits for open `/wait`s and `/v1/events` subscribers (`limits.max_waiters`, `limits.max_subscribers`).
    waiters: Arc<tokio::sync::Semaphore>,
    subscribers: Arc<tokio::sync::Semaphore>,
    /// The process's one reader of the journal for `/wait` and `/v1/events` (started by the first of them).
    feed: Arc<feed::Feed>,
    /// Repeated refusals gathered into summaries, per credential and kind; throttling (`refusals`).
    pub refusals: Arc<refusals::RefusalLimiter>,
    /// Repeats and floods of MCP proxies' reports (`POST /v1/mcp/refusals`, ADR-938).
    pub mcp_reports: Arc<mcp_pins::ReportLimiter>,
    /// Runs `execute:` connectors for `POST /v1/execute`, plugged in by the serving process (this crate holds no
    /// connector); `None`: the endpoint answers 501.
    pub execute: Option<Arc<dyn execute::ExecuteDoor>>,
    /// Change control for `/v1/tasks…`, plugged in by the serving process (this crate holds none of its rules);
    /// `None`: those routes answer 501.
    pub tasks: Option<Arc<dyn tasks::TaskDoor>>,
    /// The namespace this door serves (ADR-500): `None` for the default one. It takes only credentials that name
    /// it (`foureyes_store::namespace::admits`) and opens console sessions whose cookie names it.
    pub namespace: Option<String>,
}

impl AppState {
    pub fn new<S>(store: Arc<S>, policy: Policy, policy_path: Option<PathBuf>, clock: Clock) -> AppState
    where
        S: Store + Credentials + 'static,
    {
        AppState::with_store(store.clone(), store, policy, policy_path, clock)
    }

    /// [`AppState::new`] for a backend chosen at run time (`foureyes serve --db …`). Its change stream, if it has
    /// one, is not wired here: call [`AppState::wake_on`] inside the runtime.
    pub fn from_backend(
        backend: Arc<dyn Backend>,
        policy: Policy,
        policy_path: Option<PathBuf>,
        clock: Clock,
    ) -> AppState {
        AppState::with_store(backend.clone(), backend, policy, policy_path, clock)
    }

    fn with_store(
        store: Arc<dyn Store>,
        credentials: Arc<dyn Credentials>,
        policy: Policy,
        policy_path: Option<PathBuf>,
        clock: Clock,
    ) -> AppState {
        let (bus, _) = broadcast::channel(64);
        AppState {
            store: store.clone(),
            credentials,
            approvals: Arc::new(StoreApprovalGate(store)),
            policy: Arc::new(RwLock::new(Arc::new(policy))),
            policy_path,
            bus,
            metrics: Arc::new(Metrics::new()),
            clock,
            secure_cookies: false,
            metrics_token: None,
            limits: Limits::default(),
            waiters: Arc::new(tokio::sync::Semaphore::new(Limits::default().max_waiters)),
            subscribers: Arc::new(tokio::sync::Semaphore::new(Limits::default().max_subscribers)),
            feed: Arc::default(),
            refusals: Arc::default(),
            mcp_reports: Arc::default(),
            execute: None,
            tasks: None,
            namespace: None,
        }
    }

    /// This door as the door of `namespace` (ADR-500); its store must be that namespace's.
    pub fn in_namespace(mut self, namespace: Option<String>) -> AppState {
        self.namespace = namespace;
        self
    }

    pub fn now_ms(&self) -> i64 {
        (self.clock)()
    }

    /// The change feed, its tail started at the journal's head on first use.
    pub async fn feed(&self) -> Result<&Arc<feed::Feed>, ApiError> {
        self.feed.start(&self.store, || self.bus.subscribe()).await?;
        Ok(&self.feed)
    }

    /// Journals the summaries of refusal windows that closed by now (`all`: every window, closed or not — at
    /// shutdown). `serve` calls it every few seconds and when it stops.
    pub async fn flush_refusals(&self, all: bool) -> Result<(), ApiError> {
        let summaries = if all { self.refusals.drain() } else { self.refusals.closed(self.now_ms()) };
        let any = !summaries.is_empty();
        for s in summaries {
            self.store.refuse(&s.who, &s.code, &s.message, s.input, self.now_ms()).await?;
        }
        if any {
            self.notify();
        }
        Ok(())
    }

    /// Puts `limits` in force: the timeouts for [`serve`] and [`app`], and fresh caps on waiters and subscribers.
    pub fn set_limits(&mut self, limits: Limits) {
        self.waiters = Arc::new(tokio::sync::Semaphore::new(limits.max_waiters));
        self.subscribers = Arc::new(tokio::sync::Semaphore::new(limits.max_subscribers));
        self.limits = limits;
    }

    /// A permit for one open `/wait` (`for_subscriber: false`) or `/v1/events` subscriber, or a `503` with
    /// `Retry-After` (counted and logged) when the cap is reached.
    pub(crate) fn admit(&self, for_subscriber: bool) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
        let (gate, limit, cap, what) = if for_subscriber {
            (&self.subscribers, metrics::Limit::Subscribers, self.limits.max_subscribers, "event-stream subscribers")
        } else {
            (&self.waiters, metrics::Limit::Waiters, self.limits.max_waiters, "waiters")
        };
        gate.clone().try_acquire_owned().map_err(|_| {
            let message = format!("the server already has {cap} {what}, its cap: retry after the delay in Retry-After");
            self.metrics.shed(limit, &message);
            ApiError::overloaded(message)
        })
    }

    pub fn policy(&self) -> Arc<Policy> {
        match self.policy.read() {
            Ok(p) => p.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Tells local waiters that the journal moved.
    pub fn notify(&self) {
        let _ = self.bus.send(());
    }

    /// Forwards an external change stream (e.g. [`Backend::changes`]: PostgreSQL `NOTIFY` from every replica)
    /// into [`AppState::bus`], so `/wait` and `/v1/events` re-read as soon as another process commits, instead of
    /// at their next poll. A lagged stream still wakes them (the values are hints; readers re-read from their own
    /// cursors). The task ends when the stream closes; abort the handle to stop it sooner.
    pub fn wake_on(&self, mut changes: broadcast::Receiver<u64>) -> tokio::task::JoinHandle<()> {
        let bus = self.bus.clone();
        tokio::spawn(async move {
            loop {
                match changes.recv().await {
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        let _ = bus.send(());
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        })
    }
}

#[async_trait::async_trait]
impl ops::Auditor for AppState {
    async fn journal_refusal(
        &self,
        who: &str,
        code: &str,
        message: &str,
        input: serde_json::Value,
    ) -> Result<u64, ApiError> {
        Ok(self.store.refuse(who, code, message, input, self.now_ms()).await?)
    }
    fn metrics(&self) -> &Metrics {
        &self.metrics
    }
    fn notify(&self) {
        AppState::notify(self);
    }
    fn refusals(&self) -> &refusals::RefusalLimiter {
        &self.refusals
    }
    fn clock_ms(&self) -> i64 {
        AppState::now_ms(self)
    }
}

/// What authentication needs: credentials, the clock, and the namespace whose credentials the door takes.
pub trait AuthContext: Send + Sync {
    fn credentials(&self) -> &dyn Credentials;
    fn now_ms(&self) -> i64;
    /// The namespace of this door (`None`: the default one): a credential naming another is refused (ADR-500).
    fn namespace(&self) -> Option<&str>;
}

impl AuthContext for AppState {
    fn credentials(&self) -> &dyn Credentials {
        self.credentials.as_ref()
    }
    fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }
    fn now_ms(&self) -> i64 {
        AppState::now_ms(self)
    }
}

/// The whole HTTP surface.
pub fn app(state: AppState) -> Router {
    // Every request must be read and answered within the request timeout (a body trickling in slowly gets 408 and
    // its connection closed), except the two that are long-lived by design and bounded otherwise: `/wait` by its
    // own timeout (at most `MAX_WAIT_MS`), `/v1/events` by the write-progress timeout on its socket.
    let bounded = Router::new()
        .merge(api::routes())
        .merge(approvals::routes(&state))
        .merge(console::routes())
        .merge(metrics::routes())
        .merge(sessions::routes())
        .merge(execute::routes())
        .merge(tasks::routes())
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            state.limits.request_timeout,
        ))
        // Outside the timeout: a request received in full is not told "not received" (ADR-968).
        .layer(axum::middleware::from_fn(error::answer_timeout));
    Router::new()
        .merge(bounded)
        .merge(api::long_lived_routes())
        .merge(events::routes())
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(error::json_errors))
        .layer(axum::middleware::from_fn_with_state(state.clone(), metrics::count_unauthorized))
        .layer(axum::middleware::from_fn(writes_checked))
        .layer(axum::middleware::from_fn_with_state(state.clone(), stamped_by_the_door))
        .with_state(state)
}

/// ADR-396: every request runs inside [`foureyes_store::writes_checked`], so every write it makes — whichever
/// endpoint, whichever extractor authenticated it — checks in its own transaction that the token or console session
/// it was authenticated by is still live. A revocation that commits between a request's authentication and its write
/// refuses the write (journaled) instead of following it (attack 33 H3/H4 found it for votes and decides; the kill
/// switch, policy reload, executions and change control were as open).
async fn writes_checked(request: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    foureyes_store::writes_checked(next.run(request)).await
}

/// ADR-1221 (attack 38's H2): every request runs with this door's clock as the one its store stamps with
/// ([`foureyes_store::stamped_by`]): a console session opened or closed, a refusal on the read path, a write refused
/// as its credential's are journaled at the door's anchored time (ADR-730), as its decisions are — not at the wall
/// clock's, which a door whose machine's clock is ahead does not follow.
async fn stamped_by_the_door(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    foureyes_store::stamped_by(state.clock.clone(), next.run(request)).await
}

/// The OpenAPI description served at `/openapi.json`.
pub const OPENAPI_JSON: &str = include_str!("../assets/openapi.json");
