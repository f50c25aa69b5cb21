//! The desk's data on PostgreSQL (`--db postgres://…`): the same tables as the SQLite backend (`sql/postgres.sql`),
//! the same guardrails (`actions::judge` over facts fetched here), and a lookup server that connects as its own
//! SELECT-only login role (`sql/pg-roles.sql`), so "read-only" is a fact of the database as with SQLite `mode=ro`.
//!
//! - **Read-write side** ([`PgDesk`]): one shared connection for single statements (audit rows, run states, counts)
//!   and a fresh connection per write transaction. The first read-write connection of a process applies the schema
//!   and the role grants under an advisory lock (both idempotent).
//! - **Guarded write** ([`PgDesk::guarded_write`]): one transaction that locks the ticket row and then the order row
//!   (`SELECT … FOR UPDATE`) before reading any fact the guardrails judge. A concurrent write to the same order waits
//!   for the first to commit and then (READ COMMITTED: every statement takes a fresh snapshot) sees its refund.
//!   Locks are always taken ticket first, then order, so two writes cannot wait on each other.
//! - **Lookups** ([`PgLookup`]): a connection as `support_desk_lookup` (or the `--lookup-db` URL) that refuses to
//!   serve unless the role holds no write privilege on any desk table; the session also defaults to read-only
//!   transactions, but that is a setting the session could change — the missing grants are the guarantee.

use crate::actions::{Block, Executed, Facts, OrderFacts, TicketFacts, judge};
use crate::db::Accounts;
use crate::gate::Proposal;
use crate::tools::{Customer, Order, Refund, Ticket};
use crate::{Error, db};
use foureyes_core::DecisionId;
use tokio::sync::OnceCell;
use tokio_postgres::{Client, Config, GenericClient, NoTls, Row};

/// The desk schema, the same tables as SQLite's.
pub const SCHEMA_SQL: &str = include_str!("../sql/postgres.sql");
/// The lookup role and its SELECT-only grants (run after the schema).
pub const ROLES_SQL: &str = include_str!("../sql/pg-roles.sql");
/// The login role the lookup server connects as unless `--lookup-db` names another URL.
pub const LOOKUP_ROLE: &str = "support_desk_lookup";
/// The advisory lock the schema migration holds: "SuppDesk" in ASCII.
const MIGRATION_LOCK: i64 = 0x5375_7070_4465_736b;
/// The desk tables: the lookup role must be able to write none of them.
const TABLES: [&str; 8] = ["customers", "orders", "tickets", "refunds", "escalations", "executions", "audit", "runs"];

/// Whether `db` names a PostgreSQL database rather than a SQLite file (the rule FourEyes' `open_any` uses).
pub fn is_postgres_url(db: &str) -> bool {
    foureyes_store_pg::is_postgres_url(db)
}

/// A PostgreSQL error with its SQLSTATE, so callers (and tests) can tell "permission denied" (42501) from the rest.
impl From<tokio_postgres::Error> for Error {
    fn from(e: tokio_postgres::Error) -> Error {
        match e.as_db_error() {
            Some(db) => Error::Pg { message: db.to_string(), code: Some(db.code().code().to_string()) },
            None => Error::Pg {
                message: match std::error::Error::source(&e) {
                    Some(source) => format!("{e}: {source}"),
                    None => e.to_string(),
                },
                code: None,
            },
        }
    }
}

fn with_options(mut config: Config, extra: &str) -> Config {
    let options = match config.get_options() {
        Some(given) if !given.is_empty() => format!("{given} {extra}"),
        _ => extra.to_string(),
    };
    config.options(options);
    config
}

async fn connect(config: &Config) -> Result<Client, Error> {
    let (client, connection) = config.connect(NoTls).await?;
    // The connection task ends when the client is dropped (or the server goes away).
    tokio::spawn(async move {
        let _ = connection.await;
    });
    Ok(client)
}

/// The desk database on PostgreSQL: the owner's configuration, the lookup role's, and an optional schema (the evals
/// run in a fresh schema each, see [`PgDesk::fresh_schema`]).
pub struct PgDesk {
    config: Config,
    /// `None` when it cannot be derived (the owner's URL has a password and no `--lookup-db` was given): only the
    /// lookup server needs it, so that is where the error shows.
    lookup: Option<Config>,
    schema: Option<String>,
    shared: OnceCell<Client>,
}

impl std::fmt::Debug for PgDesk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // No configuration printed: it may hold a password.
        f.debug_struct("PgDesk").field("schema", &self.schema).finish_non_exhaustive()
    }
}

impl PgDesk {
    /// `url` is the owner's (the tables' owner: it migrates and writes). `lookup_url` is the lookup server's; when
    /// `None`, the same server and database as user [`LOOKUP_ROLE`] — only when `url` carries no password, because
    /// the owner's password must never be sent for another role: with password authentication pass `--lookup-db`
    /// (else [`PgDesk::lookup`] fails).
    pub fn new(url: &str, lookup_url: Option<&str>) -> Result<PgDesk, Error> {
        let parse = |u: &str| {
            u.parse::<Config>().map_err(|e| Error::Invalid(format!("invalid PostgreSQL URL: {}", Error::from(e))))
        };
        let mut config = parse(url)?;
        if config.get_application_name().is_none() {
            config.application_name("support-desk");
        }
        let lookup = match lookup_url {
            Some(u) => Some(parse(u)?),
            None if config.get_password().is_some() => None,
            None => {
                let mut c = config.clone();
                c.user(LOOKUP_ROLE);
                Some(c)
            }
        };
        let lookup = lookup.map(|c| {
            let mut c = with_options(c, "-c default_transaction_read_only=on");
            c.application_name("support-desk-lookup");
            c
        });
        Ok(PgDesk { config, lookup, schema: None, shared: OnceCell::new() })
    }

    /// A new, empty schema `support_desk_<tag>_<pid>_<nanos>` in the same database, used by every connection of the
    /// returned desk (the evals build hundreds of accounts per run and must not see another run's). Drop it with
    /// [`PgDesk::drop_schema`].
    pub async fn fresh_schema(&self, tag: &str) -> Result<PgDesk, Error> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let tag: String = tag.chars().filter(char::is_ascii_alphanumeric).take(16).collect();
        let schema = format!("support_desk_{tag}_{}_{nanos}", std::process::id());
        connect(&self.config).await?.batch_execute(&format!("CREATE SCHEMA {schema}")).await?;
        let path = format!("-c search_path={schema}");
        Ok(PgDesk {
            config: with_options(self.config.clone(), &path),
            lookup: self.lookup.clone().map(|c| with_options(c, &path)),
            schema: Some(schema),
            shared: OnceCell::new(),
        })
    }

    /// Drops the schema [`PgDesk::fresh_schema`] made (nothing for a desk on the default schema).
    pub async fn drop_schema(&self) -> Result<(), Error> {
        if let Some(schema) = &self.schema {
            // The shared connection still holds the schema's search path; a fresh one drops it.
            let mut base = self.config.clone();
            base.options("");
            connect(&base).await?.batch_execute(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await?;
        }
        Ok(())
    }

    /// Applies the schema and the role grants in one transaction; an advisory lock makes concurrent starters take
    /// turns (both files are idempotent, so the later ones change nothing).
    pub async fn migrate(&self) -> Result<(), Error> {
        let mut client = connect(&self.config).await?;
        migrate(&mut client).await
    }

    /// The shared read-write connection (migrated on first use): single statements only, never a transaction.
    async fn shared(&self) -> Result<&Client, Error> {
        self.shared
            .get_or_try_init(|| async {
                let mut client = connect(&self.config).await?;
                migrate(&mut client).await?;
                Ok::<_, Error>(client)
            })
            .await
    }

    /// A connection of its own (for a transaction), after the schema exists.
    async fn own(&self) -> Result<Client, Error> {
        self.shared().await?;
        connect(&self.config).await
    }

    /// The read-write connection as [`Accounts`] (seed, evals, tests).
    pub async fn accounts(&self) -> Result<&Client, Error> {
        self.shared().await
    }

    /// Loads the synthetic demo set in one transaction; returns the number of tickets.
    pub async fn seed(&self) -> Result<usize, Error> {
        let mut client = self.own().await?;
        let tx = client.transaction().await?;
        let n = db::seed_into(&tx).await?;
        tx.commit().await?;
        Ok(n)
    }

    pub async fn audit(&self, ticket_id: Option<i64>, layer: &str, rule: &str, detail: &str) -> Result<(), Error> {
        self.shared()
            .await?
            .execute(
                "INSERT INTO audit (ticket_id, layer, rule, detail) VALUES ($1, $2, $3, $4)",
                &[&ticket_id, &layer, &rule, &detail],
            )
            .await?;
        Ok(())
    }

    pub async fn audit_rows(&self, ticket_id: Option<i64>) -> Result<Vec<db::AuditRow>, Error> {
        let rows = self
            .shared()
            .await?
            .query(
                "SELECT ticket_id, layer, rule, detail FROM audit WHERE ($1::BIGINT IS NULL OR ticket_id = $1)
                 ORDER BY id",
                &[&ticket_id],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| db::AuditRow { ticket_id: r.get(0), layer: r.get(1), rule: r.get(2), detail: r.get(3) })
            .collect())
    }

    pub async fn ticket_body(&self, ticket_id: i64) -> Result<Option<String>, Error> {
        let row = self.shared().await?.query_opt("SELECT body FROM tickets WHERE id = $1", &[&ticket_id]).await?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn ticket_status(&self, ticket_id: i64) -> Result<Option<String>, Error> {
        let row = self.shared().await?.query_opt("SELECT status FROM tickets WHERE id = $1", &[&ticket_id]).await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Executed refunds of an order.
    pub async fn executed_refunds(&self, order_id: i64) -> Result<i64, Error> {
        let sql = "SELECT count(*) FROM refunds WHERE order_id = $1 AND status = 'executed'";
        Ok(self.shared().await?.query_one(sql, &[&order_id]).await?.get(0))
    }

    /// Executed refunds written by the pipeline (they carry a FourEyes decision id).
    pub async fn pipeline_refunds(&self) -> Result<i64, Error> {
        let sql = "SELECT count(*) FROM refunds WHERE status = 'executed' AND decision_id IS NOT NULL";
        Ok(self.shared().await?.query_one(sql, &[]).await?.get(0))
    }

    /// A stored run state (JSON text).
    pub async fn load_run(&self, ticket_id: i64) -> Result<Option<String>, Error> {
        let row = self.shared().await?.query_opt("SELECT state FROM runs WHERE ticket_id = $1", &[&ticket_id]).await?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn save_run(&self, ticket_id: i64, node: &str, state: &str) -> Result<(), Error> {
        self.shared()
            .await?
            .execute(
                "INSERT INTO runs (ticket_id, node, state) VALUES ($1, $2, $3)
                 ON CONFLICT (ticket_id) DO UPDATE SET node = excluded.node, state = excluded.state",
                &[&ticket_id, &node, &state],
            )
            .await?;
        Ok(())
    }

    /// The guardrails and the write in one transaction, the ticket and order rows locked before any fact is read.
    pub async fn guarded_write(
        &self,
        call: &Proposal,
        decision_id: DecisionId,
    ) -> Result<Result<Executed, Block>, Error> {
        let mut client = self.own().await?;
        let tx = client.transaction().await?;
        let facts = fetch_facts(&tx, call, decision_id).await?;
        match judge(call, decision_id, &facts) {
            Err(block) => {
                tx.rollback().await?;
                Ok(Err(block))
            }
            Ok(Some(replay)) => {
                tx.rollback().await?;
                Ok(Ok(replay))
            }
            Ok(None) => {
                let executed = write(&tx, call, decision_id).await?;
                tx.execute(
                    "INSERT INTO executions (decision_id, tool, ticket_id) VALUES ($1, $2, $3)",
                    &[&decision_id, &call.tool(), &call.ticket_id()],
                )
                .await?;
                tx.commit().await?;
                Ok(Ok(executed))
            }
        }
    }

    /// The lookup server's connection for one ticket (see [`PgLookup`]).
    pub async fn lookup(&self, ticket_id: i64) -> Result<PgLookup, Error> {
        let config = self.lookup.as_ref().ok_or_else(|| {
            Error::Invalid(format!(
                "the desk database URL has a password; give the lookup server its own URL (--lookup-db, as the \
                 `{LOOKUP_ROLE}` role) rather than reuse the owner's"
            ))
        })?;
        PgLookup::connect(config, ticket_id).await
    }
}

async fn migrate(client: &mut Client) -> Result<(), Error> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
    tx.batch_execute(SCHEMA_SQL).await?;
    tx.batch_execute(ROLES_SQL).await?;
    tx.commit().await?;
    Ok(())
}

async fn fetch_facts(tx: &impl GenericClient, call: &Proposal, decision_id: DecisionId) -> Result<Facts, Error> {
    // Ticket row first, then the order row: the one lock order every write takes.
    let ticket = tx
        .query_opt(
            "SELECT customer_id, order_id, status, subject || E'\\n' || body FROM tickets WHERE id = $1 FOR UPDATE",
            &[&call.ticket_id()],
        )
        .await?
        .map(|r| TicketFacts { customer_id: r.get(0), linked_order: r.get(1), status: r.get(2), text: r.get(3) });
    let mut facts = Facts { ticket, ..Facts::default() };
    if let Proposal::IssueRefund { order_id, idempotency_key, .. } = call {
        facts.order = tx
            .query_opt(
                "SELECT customer_id, amount_cents, status, placed_days_ago FROM orders WHERE id = $1 FOR UPDATE",
                &[order_id],
            )
            .await?
            .map(|r| OrderFacts {
                customer_id: r.get(0),
                amount_cents: r.get(1),
                status: r.get(2),
                days_ago: r.get(3),
            });
        facts.executed_refunds = tx
            .query_one("SELECT count(*) FROM refunds WHERE order_id = $1 AND status = 'executed'", &[order_id])
            .await?
            .get(0);
        facts.key_used = tx
            .query_one("SELECT count(*) FROM refunds WHERE idempotency_key = $1", &[idempotency_key])
            .await?
            .get::<_, i64>(0)
            > 0;
    }
    let prior = tx.query_opt("SELECT tool FROM executions WHERE decision_id = $1", &[&decision_id]).await?;
    if let Some(row) = prior {
        let row_sql = match call {
            Proposal::IssueRefund { .. } => Some("SELECT id FROM refunds WHERE decision_id = $1"),
            Proposal::EscalateTicket { .. } => Some("SELECT id FROM escalations WHERE decision_id = $1"),
            Proposal::CloseTicket { .. } => None,
        };
        let row_id = match row_sql {
            Some(sql) => tx.query_opt(sql, &[&decision_id]).await?.map(|r: Row| r.get(0)),
            None => None,
        };
        facts.prior = Some((row.get(0), row_id));
    }
    Ok(facts)
}

async fn write(tx: &impl GenericClient, call: &Proposal, decision_id: DecisionId) -> Result<Executed, Error> {
    let (tool, ticket_id) = (call.tool(), call.ticket_id());
    let row_id = match call {
        Proposal::IssueRefund { order_id, amount_cents, idempotency_key, .. } => {
            let row = tx
                .query_one(
                    "INSERT INTO refunds (order_id, ticket_id, amount_cents, status, idempotency_key, decision_id)
                     VALUES ($1, $2, $3, 'executed', $4, $5) RETURNING id",
                    &[order_id, &ticket_id, amount_cents, idempotency_key, &decision_id],
                )
                .await?;
            tx.execute("UPDATE tickets SET status = 'refunded' WHERE id = $1", &[&ticket_id]).await?;
            Some(row.get(0))
        }
        Proposal::EscalateTicket { severity, reason, .. } => {
            let row = tx
                .query_one(
                    "INSERT INTO escalations (ticket_id, severity, reason, decision_id) VALUES ($1, $2, $3, $4)
                     RETURNING id",
                    &[&ticket_id, severity, reason, &decision_id],
                )
                .await?;
            tx.execute("UPDATE tickets SET status = 'escalated' WHERE id = $1", &[&ticket_id]).await?;
            Some(row.get(0))
        }
        Proposal::CloseTicket { .. } => {
            tx.execute("UPDATE tickets SET status = 'closed' WHERE id = $1", &[&ticket_id]).await?;
            None
        }
    };
    Ok(Executed { tool, ticket_id, row_id, already_executed: false })
}

async fn insert_id(
    c: &impl GenericClient,
    sql: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<i64, Error> {
    Ok(c.query_one(sql, params).await?.get(0))
}

/// The inserts of a seed or an eval account, on a PostgreSQL connection or transaction.
macro_rules! pg_accounts {
    ($ty:ty) => {
        impl Accounts for $ty {
            async fn add_customer(&self, name: &str) -> Result<i64, Error> {
                let email = db::email_of(name);
                insert_id(self, "INSERT INTO customers (name, email) VALUES ($1, $2) RETURNING id", &[&name, &email])
                    .await
            }
            async fn add_order(
                &self,
                customer_id: i64,
                amount_cents: i64,
                status: &str,
                days_ago: i64,
            ) -> Result<i64, Error> {
                let delivered = db::delivered_days_ago(status, days_ago);
                insert_id(
                    self,
                    "INSERT INTO orders (customer_id, amount_cents, status, placed_days_ago, delivered_days_ago)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    &[&customer_id, &amount_cents, &status, &days_ago, &delivered],
                )
                .await
            }
            async fn add_ticket(
                &self,
                customer_id: i64,
                order_id: Option<i64>,
                subject: &str,
                body: &str,
                category: Option<&str>,
            ) -> Result<i64, Error> {
                insert_id(
                    self,
                    "INSERT INTO tickets (customer_id, order_id, subject, body, category) VALUES ($1, $2, $3, $4, $5)
                     RETURNING id",
                    &[&customer_id, &order_id, &subject, &body, &category],
                )
                .await
            }
            async fn add_prior_refund(&self, order_id: i64, amount_cents: i64, status: &str) -> Result<i64, Error> {
                let n: i64 = self.query_one("SELECT count(*) FROM refunds", &[]).await?.get(0);
                let key = format!("prior-{order_id}-{n}");
                insert_id(
                    self,
                    "INSERT INTO refunds (order_id, amount_cents, status, idempotency_key) VALUES ($1, $2, $3, $4)
                     RETURNING id",
                    &[&order_id, &amount_cents, &status, &key],
                )
                .await
            }
        }
    };
}
pg_accounts!(Client);
pg_accounts!(tokio_postgres::Transaction<'_>);

/// The lookup server's connection on PostgreSQL, scoped to one ticket's customer like [`crate::tools::Lookup`].
pub struct PgLookup {
    client: Client,
    ticket_id: i64,
    customer_id: i64,
}

fn order_of(r: &Row) -> Order {
    Order { id: r.get(0), customer_id: r.get(1), amount_cents: r.get(2), status: r.get(3), placed_days_ago: r.get(4) }
}

impl PgLookup {
    /// Connects as the lookup role and refuses to serve if that role may write any desk table (a misconfigured
    /// `--lookup-db` pointing at the owner would otherwise make "read-only" a promise instead of a fact).
    async fn connect(config: &Config, ticket_id: i64) -> Result<PgLookup, Error> {
        let client = connect(config).await?;
        let tables: Vec<String> = TABLES.iter().map(|t| t.to_string()).collect();
        let writable: Vec<String> = client
            .query(
                "SELECT c.relname::TEXT FROM pg_class c
                 WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)
                   AND has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')",
                &[&tables],
            )
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
        if !writable.is_empty() {
            let user = config.get_user().unwrap_or("?");
            return Err(Error::Invalid(format!(
                "the lookup server's role `{user}` may write {writable:?}; it must hold SELECT only \
                 (see sql/pg-roles.sql)"
            )));
        }
        let customer_id = client
            .query_opt("SELECT customer_id FROM tickets WHERE id = $1", &[&ticket_id])
            .await?
            .map(|r| r.get(0))
            .ok_or_else(|| Error::NotFound(format!("ticket {ticket_id}")))?;
        Ok(PgLookup { client, ticket_id, customer_id })
    }

    /// The underlying connection (tests use it to prove writes are refused).
    pub fn connection(&self) -> &Client {
        &self.client
    }

    pub async fn get_ticket(&self) -> Result<Ticket, Error> {
        let r = self
            .client
            .query_one(
                "SELECT id, customer_id, order_id, subject, body, status FROM tickets WHERE id = $1",
                &[&self.ticket_id],
            )
            .await?;
        Ok(Ticket {
            id: r.get(0),
            customer_id: r.get(1),
            order_id: r.get(2),
            subject: r.get(3),
            body: r.get(4),
            status: r.get(5),
        })
    }

    pub async fn get_customer(&self) -> Result<Customer, Error> {
        let r =
            self.client.query_one("SELECT id, name, email FROM customers WHERE id = $1", &[&self.customer_id]).await?;
        Ok(Customer { id: r.get(0), name: r.get(1), email: r.get(2) })
    }

    /// The order, only if it belongs to this ticket's customer.
    pub async fn get_order(&self, order_id: i64) -> Result<Option<Order>, Error> {
        let row = self
            .client
            .query_opt(
                "SELECT id, customer_id, amount_cents, status, placed_days_ago FROM orders
                 WHERE id = $1 AND customer_id = $2",
                &[&order_id, &self.customer_id],
            )
            .await?;
        Ok(row.as_ref().map(order_of))
    }

    pub async fn list_customer_orders(&self) -> Result<Vec<Order>, Error> {
        let rows = self
            .client
            .query(
                "SELECT id, customer_id, amount_cents, status, placed_days_ago FROM orders WHERE customer_id = $1
                 ORDER BY id",
                &[&self.customer_id],
            )
            .await?;
        Ok(rows.iter().map(order_of).collect())
    }

    /// Refunds of an order of this customer (empty for anyone else's order).
    pub async fn get_refund_history(&self, order_id: i64) -> Result<Vec<Refund>, Error> {
        let rows = self
            .client
            .query(
                "SELECT r.id, r.order_id, r.amount_cents, r.status FROM refunds r JOIN orders o ON o.id = r.order_id
                 WHERE r.order_id = $1 AND o.customer_id = $2 ORDER BY r.id",
                &[&order_id, &self.customer_id],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| Refund { id: r.get(0), order_id: r.get(1), amount_cents: r.get(2), status: r.get(3) })
            .collect())
    }
}
