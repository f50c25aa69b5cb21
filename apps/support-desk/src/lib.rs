//! Support desk: the FourEyes reference app. A support agent reads a ticket, looks the account up through read-only
//! tools, classifies it against `policy.md`, proposes refund / escalate / close (or explains a refusal), waits at
//! the FourEyes gate, and executes through the action tools, whose guardrails re-check everything.
//!
//! FourEyes is used only through its public Rust API (`foureyes-core` types and the `foureyes-store` `Store`, on
//! SQLite or `foureyes-store-pg`'s PostgreSQL store). The desk's own data is on SQLite or PostgreSQL too
//! ([`db::DeskDb`]).

pub mod actions;
pub mod classify;
pub mod content;
pub mod db;
pub mod eval;
pub mod gate;
pub mod graph;
pub mod llm;
pub mod mcp;
pub mod payable;
pub mod pg;
pub mod policy;
pub mod telemetry;
pub mod tools;
pub mod trajectory;

use foureyes_store::{Store, StoreError};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::path::Path;
use std::sync::Arc;

/// The written policy the classifier implements.
pub const POLICY_MD: &str = include_str!("../policy.md");

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A PostgreSQL error; `code` is its SQLSTATE when the server sent one (42501: permission denied).
    #[error("PostgreSQL: {message}")]
    Pg { message: String, code: Option<String> },
    #[error("FourEyes: {0}")]
    Store(#[from] StoreError),
    #[error("not found: {0}")]
    NotFound(String),
    #[error("{0}")]
    Invalid(String),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}

/// Milliseconds since the epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Cents as dollars: `4999` → `$49.99`.
pub fn money(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, (cents % 100).abs())
}

/// Opens the FourEyes store (SQLite).
pub fn open_store(path: &Path) -> Result<Arc<dyn Store>, Error> {
    Ok(Arc::new(SqliteStore::open(path, SqliteOptions::default())?))
}

/// Opens the FourEyes store `db` names: a `postgres://` URL is `foureyes_store_pg::PgStore` (several FourEyes
/// replicas may share it), anything else a SQLite file — the rule of FourEyes' own `open_any`.
pub async fn open_store_any(db: &str) -> Result<Arc<dyn Store>, Error> {
    if pg::is_postgres_url(db) {
        let store = foureyes_store_pg::PgStore::connect(db, foureyes_store_pg::PgOptions::default()).await?;
        Ok(Arc::new(store))
    } else {
        open_store(Path::new(db))
    }
}

/// The runtime context for a SQLite desk database and a FourEyes store.
pub fn context(desk_db: &Path, store: Arc<dyn Store>) -> Result<graph::Ctx, Error> {
    context_on(db::DeskDb::sqlite(desk_db), store)
}

/// The runtime context for a desk database on either backend and a FourEyes store.
pub fn context_on(desk: db::DeskDb, store: Arc<dyn Store>) -> Result<graph::Ctx, Error> {
    Ok(graph::Ctx {
        desk_db: desk.sqlite_path().map(Path::to_path_buf).unwrap_or_default(),
        desk: desk.clone(),
        state: desk.clone(),
        store: store.clone(),
        policy: gate::policy()?,
        stop_after_route: false,
        servers: mcp::Servers::InProcess { desk, store },
        classifier: llm::Classifier::Offline,
    })
}

/// `support-desk start <ticket>`: runs to the gate (or the end) and stores the state.
pub async fn start(ctx: &graph::Ctx, ticket_id: i64) -> Result<(graph::Stop, graph::RunState), Error> {
    start_on(ctx, &graph::Graph::support_desk(), ticket_id).await
}

/// [`start`] on a given graph: the trajectory evals run their scenarios on an altered graph to show they notice.
pub async fn start_on(
    ctx: &graph::Ctx,
    graph: &graph::Graph,
    ticket_id: i64,
) -> Result<(graph::Stop, graph::RunState), Error> {
    if graph::load_from(&ctx.state, ticket_id).await?.is_some() {
        return Err(Error::Invalid(format!("ticket {ticket_id} already has a run; use `resume`")));
    }
    let state = graph::RunState { ticket_id, ..Default::default() };
    graph::run(ctx, graph, state).await
}

/// `support-desk resume <ticket> approved|rejected --by NAME`: the human's answer goes to FourEyes (approve with
/// the digest the human saw, or reject), then the stored run continues from `await_decision`.
pub async fn resume(
    ctx: &graph::Ctx,
    ticket_id: i64,
    approved: bool,
    by: &str,
) -> Result<(graph::Stop, graph::RunState), Error> {
    resume_on(ctx, &graph::Graph::support_desk(), ticket_id, approved, by).await
}

/// [`resume`] on a given graph (see [`start_on`]).
/// Continues a run waiting at the gate without a vote: the human answered elsewhere (the FourEyes console or API),
/// or an approved run was held by the kill switch. Still pending → it stays at the gate.
pub async fn continue_on(
    ctx: &graph::Ctx,
    graph: &graph::Graph,
    ticket_id: i64,
) -> Result<(graph::Stop, graph::RunState), Error> {
    let state = graph::load_from(&ctx.state, ticket_id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no stored run for ticket {ticket_id}; use `start`")))?;
    if state.node != Some(graph::Node::AwaitDecision) {
        return Err(Error::Invalid(format!("ticket {ticket_id} is not waiting at the gate ({:?})", state.node)));
    }
    graph::run(ctx, graph, state).await
}

pub async fn resume_on(
    ctx: &graph::Ctx,
    graph: &graph::Graph,
    ticket_id: i64,
    approved: bool,
    by: &str,
) -> Result<(graph::Stop, graph::RunState), Error> {
    let state = graph::load_from(&ctx.state, ticket_id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no stored run for ticket {ticket_id}; use `start`")))?;
    if state.node != Some(graph::Node::AwaitDecision) {
        return Err(Error::Invalid(format!("ticket {ticket_id} is not waiting at the gate ({:?})", state.node)));
    }
    let approval_id = state.approval_id.ok_or_else(|| Error::Invalid("the run has no approval id".into()))?;
    let digest = state.request.as_ref().map(|r| r.digest());
    if approved {
        ctx.store.approve(approval_id, by, digest.as_deref(), now_ms()).await?;
    } else {
        ctx.store.reject(approval_id, by, Some("rejected at the support desk"), digest.as_deref(), now_ms()).await?;
    }
    graph::run(ctx, graph, state).await
}
