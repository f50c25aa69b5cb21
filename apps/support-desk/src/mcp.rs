//! The desk's two MCP tool servers (built on `rmcp`) and the runtime's way to reach them.
//!
//! - **Lookup server** (`support-desk mcp lookup --ticket N`): get_ticket, get_customer, get_order,
//!   list_customer_orders, get_refund_history, search_policy. A session serves the one ticket it was started for —
//!   pinned by whoever starts it (the runtime), never by an argument the model writes — through one
//!   [`Lookup`]: its connection is SQLite `mode=ro` — on PostgreSQL a login role with SELECT grants only
//!   ([`crate::pg::PgLookup`]) — so "read-only" is a fact of the database handle, and every lookup is scoped to the
//!   ticket's customer (another customer's order is "not found").
//! - **Action server** (`support-desk mcp action`): issue_refund, escalate_ticket, close_ticket, each one call of
//!   [`actions::execute_on`] — the FourEyes approval-digest check, then the business guardrails in one transaction
//!   holding the rows they judge — so every block is audited with its layer exactly as when the pipeline called it
//!   directly.
//!
//! A refusal is a tool result with `isError: true` and a sentence the model can act on; its machine-readable
//! details sit under [`REFUSAL_META`] in the result's `_meta`. Calls that never reach a tool are rmcp's to answer: an
//! unknown tool is a JSON-RPC error; arguments that do not deserialize (wrong types, missing or unknown fields — every
//! argument struct denies unknown fields, so `"approved": true` is not silently ignored) are `isError` without
//! refusal details, and nothing runs or is audited.
//!
//! [`Servers`] connects the runtime: child processes of this binary over stdio (the CLI), or the same servers on
//! in-memory pipes (evals, in-process tests) — both speak MCP through the same rmcp client. The action server can also
//! run as its own service over Streamable HTTP (`support-desk mcp action --listen ADDR`, [`serve_action_http`]): every
//! request must carry the bearer credential from [`ACTION_TOKEN_ENV`], and the runtime reaches it with rmcp's
//! Streamable HTTP client ([`RemoteAction`]). That service then holds the only read-write handle on the desk's
//! database; the agent process writes its run states elsewhere (`--state-db`).

use crate::Error;
use crate::actions::{self, Block, CONTENT, Executed, GUARDRAIL, STRUCTURAL};
use crate::db::DeskDb;
use crate::gate::Proposal;
use crate::graph::{Capability, Grant};
use crate::pg::PgLookup;
use crate::tools::{Customer, Lookup, Order, Refund, Ticket};
use foureyes_core::DecisionId;
use foureyes_store::Store;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ContentBlock, Implementation, MetaObject, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RoleClient, RunningService};
use rmcp::{ServerHandler, ServiceExt, schemars, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The `_meta` key of a refusal's details: `{"code": "not_found" | "invalid" | "blocked" | "failed", "block"?: {layer, rule,
/// message}}`.
pub const REFUSAL_META: &str = "io.foureyes.support-desk/refusal";

/// The tools each server lists, in order (the tests compare `tools/list` with these).
pub const LOOKUP_TOOLS: [&str; 6] =
    ["get_ticket", "get_customer", "get_order", "list_customer_orders", "get_refund_history", "search_policy"];
pub const ACTION_TOOLS: [&str; 3] = ["issue_refund", "escalate_ticket", "close_ticket"];

fn mcp_error(what: &str, e: impl std::fmt::Display) -> Error {
    Error::Io(std::io::Error::other(format!("MCP {what}: {e}")))
}

fn refusal(message: String, details: Value) -> CallToolResult {
    let meta = MetaObject(Map::from_iter([(REFUSAL_META.to_string(), details)]));
    CallToolResult::error(vec![ContentBlock::text(message)]).with_meta(Some(meta))
}

/// A structured answer. `structuredContent` must be an object, so lists are wrapped by the caller.
fn found(value: impl Serialize) -> CallToolResult {
    match serde_json::to_value(value) {
        Ok(v) => CallToolResult::structured(v),
        Err(e) => refusal(format!("cannot encode the answer: {e}"), json!({"code": "failed"})),
    }
}

fn not_found(what: String) -> CallToolResult {
    refusal(format!("not found: {what}"), json!({"code": "not_found"}))
}

// ---- the lookup server ----

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderArg {
    /// The order id.
    pub order_id: i64,
}

/// The policy is a page of text; a longer query is not a search (and every word costs a pass over it).
const MAX_QUERY_CHARS: usize = 256;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyQuery {
    /// Words that must all appear in a line of the policy.
    pub query: String,
}

/// One read-only connection for the whole session: SQLite `mode=ro` (rusqlite connections are not `Sync`, hence the
/// mutex) or PostgreSQL as the SELECT-only lookup role.
#[derive(Clone)]
enum LookupDb {
    Sqlite(Arc<Mutex<Lookup>>),
    Postgres(Arc<PgLookup>),
}

fn locked(l: &Mutex<Lookup>) -> std::sync::MutexGuard<'_, Lookup> {
    l.lock().unwrap_or_else(PoisonError::into_inner)
}

// The SQLite arms never await, so no guard is held across an await.
impl LookupDb {
    async fn ticket(&self) -> Result<Ticket, Error> {
        match self {
            LookupDb::Sqlite(l) => locked(l).get_ticket(),
            LookupDb::Postgres(p) => p.get_ticket().await,
        }
    }

    async fn customer(&self) -> Result<Customer, Error> {
        match self {
            LookupDb::Sqlite(l) => locked(l).get_customer(),
            LookupDb::Postgres(p) => p.get_customer().await,
        }
    }

    async fn order(&self, order_id: i64) -> Result<Option<Order>, Error> {
        match self {
            LookupDb::Sqlite(l) => locked(l).get_order(order_id),
            LookupDb::Postgres(p) => p.get_order(order_id).await,
        }
    }

    async fn orders(&self) -> Result<Vec<Order>, Error> {
        match self {
            LookupDb::Sqlite(l) => locked(l).list_customer_orders(),
            LookupDb::Postgres(p) => p.list_customer_orders().await,
        }
    }

    async fn refunds(&self, order_id: i64) -> Result<Vec<Refund>, Error> {
        match self {
            LookupDb::Sqlite(l) => locked(l).get_refund_history(order_id),
            LookupDb::Postgres(p) => p.get_refund_history(order_id).await,
        }
    }
}

/// The read-only lookup server of one ticket.
#[derive(Clone)]
pub struct LookupServer {
    lookup: LookupDb,
    tool_router: ToolRouter<Self>,
}

impl LookupServer {
    /// Opens the SQLite desk database read-only and pins the session to `ticket_id` (not found → error before
    /// serving).
    pub fn open(desk_db: &Path, ticket_id: i64) -> Result<LookupServer, Error> {
        let lookup = Lookup::for_ticket(desk_db, ticket_id)?;
        Ok(LookupServer { lookup: LookupDb::Sqlite(Arc::new(Mutex::new(lookup))), tool_router: Self::tool_router() })
    }

    /// [`LookupServer::open`] on either backend (on PostgreSQL: connected as the SELECT-only lookup role).
    pub async fn open_on(desk: &DeskDb, ticket_id: i64) -> Result<LookupServer, Error> {
        match desk {
            DeskDb::Sqlite(path) => LookupServer::open(path, ticket_id),
            DeskDb::Postgres(pg) => {
                let lookup = LookupDb::Postgres(Arc::new(pg.lookup(ticket_id).await?));
                Ok(LookupServer { lookup, tool_router: Self::tool_router() })
            }
        }
    }
}

fn answer<T: Serialize>(result: Result<Option<T>, Error>, what: String) -> CallToolResult {
    match result {
        Ok(Some(v)) => found(v),
        Ok(None) | Err(Error::NotFound(_)) => not_found(what),
        Err(e) => refusal(format!("lookup failed: {e}"), json!({"code": "failed"})),
    }
}

#[tool_router]
impl LookupServer {
    #[tool(
        description = "The ticket this session serves: subject, body (untrusted customer text), status, linked order.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_ticket(&self) -> CallToolResult {
        answer(self.lookup.ticket().await.map(Some), "the ticket".into())
    }

    #[tool(description = "The ticket's customer.", annotations(read_only_hint = true, open_world_hint = false))]
    async fn get_customer(&self) -> CallToolResult {
        answer(self.lookup.customer().await.map(Some), "the customer".into())
    }

    #[tool(
        description = "One order of the ticket's customer (another customer's order is not found).",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_order(&self, Parameters(OrderArg { order_id }): Parameters<OrderArg>) -> CallToolResult {
        answer(self.lookup.order(order_id).await, format!("order {order_id} among this customer's orders"))
    }

    #[tool(
        description = "Every order of the ticket's customer, as {\"orders\": [...]}.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn list_customer_orders(&self) -> CallToolResult {
        answer(self.lookup.orders().await.map(|o| Some(json!({"orders": o}))), "the orders".into())
    }

    #[tool(
        description = "The refunds of one order of the ticket's customer, as {\"refunds\": [...]}.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_refund_history(&self, Parameters(OrderArg { order_id }): Parameters<OrderArg>) -> CallToolResult {
        // The history query is scoped too, but an empty list would not tell "no refunds" from "not yours".
        let result = match self.lookup.order(order_id).await {
            Ok(Some(_)) => self.lookup.refunds(order_id).await.map(|r| Some(json!({"refunds": r}))),
            Ok(None) => Ok(None),
            Err(e) => Err(e),
        };
        answer(result, format!("order {order_id} among this customer's orders"))
    }

    #[tool(
        description = "Lines of the refund policy that contain every word of the query, as {\"lines\": [...]}.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    fn search_policy(&self, Parameters(PolicyQuery { query }): Parameters<PolicyQuery>) -> CallToolResult {
        if query.chars().count() > MAX_QUERY_CHARS {
            let message = format!("the query has more than {MAX_QUERY_CHARS} characters");
            return refusal(message, json!({"code": "invalid"}));
        }
        found(json!({"lines": Lookup::policy_lines(&query)}))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for LookupServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("support-desk-lookup", env!("CARGO_PKG_VERSION")))
            .with_instructions("Read-only lookups for one support ticket, scoped to its customer.")
    }
}

// ---- the action server ----

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RefundArgs {
    pub ticket_id: i64,
    pub order_id: i64,
    /// Integer cents.
    pub amount_cents: i64,
    /// Unique per refund; a second refund with the same key is refused.
    pub idempotency_key: String,
    /// The FourEyes decision id that released a human approval of exactly this call.
    #[serde(default)]
    pub permit: Option<DecisionId>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EscalateArgs {
    pub ticket_id: i64,
    /// low, medium, high or critical (medium or above for safety and legal tickets).
    pub severity: String,
    pub reason: String,
    /// The FourEyes decision id that released a human approval of exactly this call.
    #[serde(default)]
    pub permit: Option<DecisionId>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseArgs {
    pub ticket_id: i64,
    pub resolution: String,
    /// The FourEyes decision id that released a human approval of exactly this call.
    #[serde(default)]
    pub permit: Option<DecisionId>,
}

/// The action server: the only write path of the desk.
#[derive(Clone)]
pub struct ActionServer {
    desk: DeskDb,
    store: Arc<dyn Store>,
    tool_router: ToolRouter<Self>,
}

impl ActionServer {
    /// The desk database must exist: a write path that silently created an empty one would only answer "no ticket".
    pub fn open(desk_db: &Path, store: Arc<dyn Store>) -> Result<ActionServer, Error> {
        ActionServer::open_on(DeskDb::sqlite(desk_db), store)
    }

    /// [`ActionServer::open`] on either backend. A PostgreSQL desk's tables are created by its first read-write
    /// connection, as `seed` does.
    pub fn open_on(desk: DeskDb, store: Arc<dyn Store>) -> Result<ActionServer, Error> {
        if let DeskDb::Sqlite(path) = &desk
            && !path.is_file()
        {
            return Err(Error::NotFound(format!("desk database {}", path.display())));
        }
        Ok(ActionServer { desk, store, tool_router: Self::tool_router() })
    }

    async fn run(&self, call: Proposal, permit: Option<DecisionId>) -> CallToolResult {
        match actions::execute_on(&self.desk, self.store.as_ref(), &call, permit).await {
            Ok(Ok(executed)) => found(executed),
            Ok(Err(block)) => refusal(
                format!("{} blocked by {}: {} ({})", call.tool(), block.layer, block.rule, block.message),
                json!({"code": "blocked", "block": block}),
            ),
            Err(e) => refusal(format!("{} failed, nothing written: {e}", call.tool()), json!({"code": "failed"})),
        }
    }
}

#[tool_router]
impl ActionServer {
    #[tool(
        description = "Refund an order of the ticket's customer. Refused unless `permit` is a FourEyes decision \
        that released a human approval of exactly this call; every business guardrail is re-checked.",
        annotations(read_only_hint = false, destructive_hint = true, idempotent_hint = false, open_world_hint = false)
    )]
    async fn issue_refund(&self, Parameters(a): Parameters<RefundArgs>) -> CallToolResult {
        let call = Proposal::IssueRefund {
            ticket_id: a.ticket_id,
            order_id: a.order_id,
            amount_cents: a.amount_cents,
            idempotency_key: a.idempotency_key,
        };
        self.run(call, a.permit).await
    }

    #[tool(
        description = "Escalate the ticket to a human team. Refused unless `permit` is a FourEyes decision that \
        released a human approval of exactly this call.",
        annotations(read_only_hint = false, destructive_hint = true, idempotent_hint = false, open_world_hint = false)
    )]
    async fn escalate_ticket(&self, Parameters(a): Parameters<EscalateArgs>) -> CallToolResult {
        let call = Proposal::EscalateTicket { ticket_id: a.ticket_id, severity: a.severity, reason: a.reason };
        self.run(call, a.permit).await
    }

    #[tool(
        description = "Close the ticket. Refused unless `permit` is a FourEyes decision that released a human \
        approval of exactly this call.",
        annotations(read_only_hint = false, destructive_hint = true, idempotent_hint = false, open_world_hint = false)
    )]
    async fn close_ticket(&self, Parameters(a): Parameters<CloseArgs>) -> CallToolResult {
        let call = Proposal::CloseTicket { ticket_id: a.ticket_id, resolution: a.resolution };
        self.run(call, a.permit).await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for ActionServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("support-desk-action", env!("CARGO_PKG_VERSION")))
            .with_instructions("The support desk's write tools. Every call needs a FourEyes permit of that exact call.")
    }
}

/// Serves the lookup tools of one ticket over this process's stdin/stdout until the client closes.
pub async fn serve_lookup_stdio(desk: &DeskDb, ticket_id: i64) -> Result<(), Error> {
    let server = LookupServer::open_on(desk, ticket_id).await?;
    let running = server.serve(rmcp::transport::stdio()).await.map_err(|e| mcp_error("lookup server", e))?;
    running.waiting().await.map_err(|e| mcp_error("lookup server", e))?;
    Ok(())
}

/// Serves the action tools over this process's stdin/stdout until the client closes.
pub async fn serve_action_stdio(desk: DeskDb, store: Arc<dyn Store>) -> Result<(), Error> {
    let server = ActionServer::open_on(desk, store)?;
    let running = server.serve(rmcp::transport::stdio()).await.map_err(|e| mcp_error("action server", e))?;
    running.waiting().await.map_err(|e| mcp_error("action server", e))?;
    Ok(())
}

/// The environment variable that holds the action service's bearer credential, on both sides (a flag would show in
/// `ps`).
pub const ACTION_TOKEN_ENV: &str = "SUPPORT_DESK_ACTION_TOKEN";
/// A credential shorter than this is refused at start: it would be guessable.
pub const MIN_TOKEN_CHARS: usize = 24;
/// The path the action service answers MCP on.
pub const ACTION_PATH: &str = "/mcp";

/// Compares two credentials in time that depends only on their lengths.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Serves the action tools over Streamable HTTP on `listen` (e.g. `127.0.0.1:0`) until the process ends. Every
/// request without `Authorization: Bearer <token>` is answered 401 before it reaches MCP (so nothing runs and
/// nothing is audited). `bound` is told the address once the socket is bound (the CLI prints it). rmcp's Host check
/// admits loopback names and the listening address itself.
pub async fn serve_action_http(
    desk: DeskDb,
    store: Arc<dyn Store>,
    listen: &str,
    token: String,
    bound: impl FnOnce(std::net::SocketAddr),
) -> Result<(), Error> {
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    };
    if token.chars().count() < MIN_TOKEN_CHARS {
        return Err(Error::Invalid(format!(
            "{ACTION_TOKEN_ENV} must hold a bearer credential of at least {MIN_TOKEN_CHARS} characters"
        )));
    }
    let server = ActionServer::open_on(desk.clone(), store)?;
    // On SQLite the service keeps one connection open for its lifetime, so the database's `-wal` and `-shm` files
    // exist while it serves: readers that may not write the directory (the agent's lookups, `mode=ro`) can then
    // open the WAL database (SQLite needs those two files present to read one it cannot create them for).
    let _held = match &desk {
        DeskDb::Sqlite(path) => Some(crate::db::open_rw(path)?),
        DeskDb::Postgres(_) => None,
    };
    let listener = tokio::net::TcpListener::bind(listen).await?;
    let addr = listener.local_addr()?;
    let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
    hosts.push(addr.ip().to_string());
    let config = StreamableHttpServerConfig::default().with_allowed_hosts(hosts);
    let service =
        StreamableHttpService::new(move || Ok(server.clone()), Arc::new(LocalSessionManager::default()), config);
    let expected = format!("Bearer {token}");
    let app = axum::Router::new().nest_service(ACTION_PATH, service).layer(axum::middleware::from_fn(
        move |request: axum::extract::Request, next: axum::middleware::Next| {
            let ok = request
                .headers()
                .get(axum::http::header::AUTHORIZATION)
                .is_some_and(|v| same_secret(v.as_bytes(), expected.as_bytes()));
            async move {
                if ok {
                    next.run(request).await
                } else {
                    axum::response::IntoResponse::into_response((
                        axum::http::StatusCode::UNAUTHORIZED,
                        [(axum::http::header::WWW_AUTHENTICATE, "Bearer")],
                        "a bearer credential is required\n",
                    ))
                }
            }
        },
    ));
    bound(addr);
    axum::serve(listener, app).await.map_err(|e| mcp_error("action service", e))
}

// ---- the runtime's side ----

/// The action server as a service: its Streamable HTTP endpoint and the bearer credential the runtime presents.
#[derive(Clone)]
pub struct RemoteAction {
    /// `http://host:port/mcp`.
    pub url: String,
    pub token: String,
}

impl std::fmt::Debug for RemoteAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteAction").field("url", &self.url).field("token", &"<redacted>").finish()
    }
}

impl RemoteAction {
    /// An MCP session with the action service through rmcp's Streamable HTTP client.
    pub async fn connect(&self) -> Result<Client, Error> {
        use rmcp::transport::StreamableHttpClientTransport;
        use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
        let http = crate::llm::http_client()?;
        let config = StreamableHttpClientTransportConfig::with_uri(self.url.as_str()).auth_header(self.token.clone());
        let transport = StreamableHttpClientTransport::with_client(http, config);
        let service = ().serve(transport).await.map_err(|e| mcp_error("action service handshake", e))?;
        Ok(Client { server: "action", service, child: None })
    }
}

/// Where the runtime's MCP servers run.
#[derive(Clone)]
pub enum Servers {
    /// `support-desk mcp lookup|action` child processes of `exe` over stdio (the CLI: the real deployment shape),
    /// given the same `--db`, `--lookup-db` and `--foureyes-db` (a SQLite path or a PostgreSQL URL each).
    /// With `remote_action`, the action server is not started: the runtime connects to that service instead.
    ChildProcess {
        exe: PathBuf,
        desk_db: String,
        lookup_db: Option<String>,
        foureyes_db: String,
        remote_action: Option<RemoteAction>,
    },
    /// The same rmcp servers on in-memory duplex pipes in this process (evals and in-process tests: no process start
    /// per ticket), sharing this process's FourEyes store.
    InProcess { desk: DeskDb, store: Arc<dyn Store> },
}

/// What a tool call answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// `structuredContent`.
    Ok(Value),
    /// `isError: true`: the text and the details under [`REFUSAL_META`] (`Null` when absent).
    Refused { message: String, details: Value },
}

/// An MCP client session with one server (and the child process serving it, if any).
pub struct Client {
    server: &'static str,
    service: RunningService<RoleClient, ()>,
    child: Option<tokio::process::Child>,
}

impl Servers {
    /// A session with the lookup server of `ticket_id`. Needs the graph's lookup grant.
    pub async fn lookup(&self, grant: &Grant, ticket_id: i64) -> Result<Client, Error> {
        if grant.capability() != Capability::LookupServer {
            return Err(Error::Invalid(format!("{:?} holds no lookup grant", grant.node())));
        }
        match self {
            Servers::ChildProcess { exe, desk_db, lookup_db, foureyes_db, .. } => {
                let ticket = ticket_id.to_string();
                let args = ["mcp", "lookup", "--ticket", &ticket];
                spawn("lookup", exe, desk_db, lookup_db.as_deref(), foureyes_db, &args).await
            }
            Servers::InProcess { desk, .. } => {
                in_process("lookup", LookupServer::open_on(desk, ticket_id).await?).await
            }
        }
    }

    /// A session with the action server. Needs the graph's action grant, which only `execute_action` holds.
    pub async fn action(&self, grant: &Grant) -> Result<Client, Error> {
        if grant.capability() != Capability::ActionServer {
            return Err(Error::Invalid(format!("{:?} holds no action grant", grant.node())));
        }
        match self {
            Servers::ChildProcess { remote_action: Some(remote), .. } => remote.connect().await,
            Servers::ChildProcess { exe, desk_db, lookup_db, foureyes_db, remote_action: None } => {
                spawn("action", exe, desk_db, lookup_db.as_deref(), foureyes_db, &["mcp", "action"]).await
            }
            Servers::InProcess { desk, store } => {
                in_process("action", ActionServer::open_on(desk.clone(), store.clone())?).await
            }
        }
    }
}

/// An MCP session with the action server that no graph granted: what a compromised agent does when it skips the
/// pipeline and calls the write tools itself. The red-team eval uses it to show the server refuses on its own (the
/// approval-digest check and the guardrails live in the server, not in the graph).
pub async fn ungranted_action_session(desk: DeskDb, store: Arc<dyn Store>) -> Result<Client, Error> {
    in_process("action", ActionServer::open_on(desk, store)?).await
}

async fn spawn(
    server: &'static str,
    exe: &Path,
    desk_db: &str,
    lookup_db: Option<&str>,
    foureyes_db: &str,
    args: &[&str],
) -> Result<Client, Error> {
    let mut command = tokio::process::Command::new(exe);
    command.arg("--db").arg(desk_db).arg("--foureyes-db").arg(foureyes_db);
    if let Some(lookup_db) = lookup_db {
        command.arg("--lookup-db").arg(lookup_db);
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        // The server's own diagnostics go where ours go; stdout carries MCP only.
        .stderr(Stdio::inherit())
        // If the run fails half-way, the server does not outlive it.
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| mcp_error(&format!("cannot start the {server} server {}", exe.display()), e))?;
    let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
        return Err(mcp_error(server, "the child has no stdio pipes"));
    };
    let service = ().serve((stdout, stdin)).await.map_err(|e| mcp_error(&format!("{server} server handshake"), e))?;
    Ok(Client { server, service, child: Some(child) })
}

async fn in_process<S: ServerHandler>(server: &'static str, handler: S) -> Result<Client, Error> {
    let (ours, theirs) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        // The server ends when the client closes its end of the pipe.
        match handler.serve(theirs).await {
            Ok(running) => {
                let _ = running.waiting().await;
            }
            Err(e) => eprintln!("support-desk: in-process {server} server: {e}"),
        }
    });
    let service = ().serve(ours).await.map_err(|e| mcp_error(&format!("{server} server handshake"), e))?;
    Ok(Client { server, service, child: None })
}

impl Client {
    /// `lookup` or `action`.
    pub fn server(&self) -> &'static str {
        self.server
    }

    /// The rmcp session (tests list tools through it).
    pub fn session(&self) -> &RunningService<RoleClient, ()> {
        &self.service
    }

    /// One `tools/call`. A JSON-RPC error (the call did not parse, the session broke) is an `Err`.
    pub async fn call(&self, tool: &str, args: Map<String, Value>) -> Result<Reply, Error> {
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(args);
        let what = format!("{}.{tool}", self.server);
        let result = self.service.call_tool(params).await.map_err(|e| mcp_error(&what, e))?;
        if result.is_error == Some(true) {
            let message: Vec<&str> =
                result.content.iter().filter_map(|c| c.as_text()).map(|t| t.text.as_str()).collect();
            let details = result.meta.and_then(|m| m.0.get(REFUSAL_META).cloned()).unwrap_or(Value::Null);
            return Ok(Reply::Refused { message: message.join("\n"), details });
        }
        result.structured_content.map(Reply::Ok).ok_or_else(|| mcp_error(&what, "the answer has no structured content"))
    }

    /// Ends the session and waits for the child to exit (closing stdin ends it; killed after 5 s).
    pub async fn close(self) {
        let Client { service, child, .. } = self;
        let _ = service.cancel().await;
        if let Some(mut child) = child
            && tokio::time::timeout(Duration::from_secs(5), child.wait()).await.is_err()
        {
            let _ = child.kill().await;
        }
    }
}

/// A lookup answer decoded, or `None` when the server said "not found".
pub fn decode_lookup<T: for<'de> Deserialize<'de>>(tool: &str, reply: Reply) -> Result<Option<T>, Error> {
    match reply {
        Reply::Ok(v) => serde_json::from_value(v).map(Some).map_err(|e| mcp_error(&format!("lookup.{tool} answer"), e)),
        Reply::Refused { details, .. } if details["code"] == "not_found" => Ok(None),
        Reply::Refused { message, .. } => Err(mcp_error(&format!("lookup.{tool}"), message)),
    }
}

/// The arguments of the action tool call for `call`, carrying `permit`.
pub fn action_args(call: &Proposal, permit: Option<DecisionId>) -> Map<String, Value> {
    let mut args = call.params();
    if let Some(id) = permit {
        args.insert("permit".into(), json!(id));
    }
    args
}

/// The action server's answer as [`actions::execute`] returns it: executed, or blocked (with the layer).
pub fn action_outcome(call: &Proposal, reply: Reply) -> Result<Result<Executed, Block>, Error> {
    let bad = |e: &dyn std::fmt::Display| mcp_error(&format!("action.{} answer", call.tool()), e);
    match reply {
        Reply::Ok(v) => {
            let ticket_id = v["ticket_id"].as_i64().ok_or_else(|| bad(&"no ticket_id"))?;
            Ok(Ok(Executed {
                tool: call.tool(),
                ticket_id,
                row_id: v["row_id"].as_i64(),
                already_executed: v["already_executed"].as_bool().unwrap_or(false),
            }))
        }
        Reply::Refused { details, .. } if details["code"] == "blocked" => {
            let b = &details["block"];
            // Blocks name one of the three audited layers; map back to the constants (anything else is a fault).
            let layer = [CONTENT, STRUCTURAL, GUARDRAIL]
                .into_iter()
                .find(|l| b["layer"] == *l)
                .ok_or_else(|| bad(&format!("unknown layer in {b}")))?;
            let text = |k: &str| b[k].as_str().map(str::to_string).ok_or_else(|| bad(&format!("no {k} in {b}")));
            Ok(Err(Block { layer, rule: text("rule")?, message: text("message")? }))
        }
        Reply::Refused { message, .. } => Err(bad(&message)),
    }
}
