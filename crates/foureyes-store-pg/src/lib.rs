//! FourEyes storage on PostgreSQL: several FourEyes replicas share one database with the guarantees of the SQLite
//! backend, and pass the same conformance suite (`foureyes_store::conformance`).
//!
//! - **One write transaction per `Store` write**, which first locks the chain-head row
//!   (`SELECT … FROM journal_head FOR UPDATE`, see `db.rs`): writers of all replicas run one at a time, so
//!   reservations cannot race, idempotency holds per `(agent, request_id)`, and the journal is one linear chain.
//!   Within a replica, writes also queue on an async mutex first, so at most one connection per replica waits on
//!   the row lock (many backends queued on one row lock cost far more CPU than tasks queued on a mutex).
//! - **The same transactions as SQLite**: `foureyes_store::ops`, written once over `foureyes_store::tx::WriteTx`,
//!   which `ops.rs` implements for [`Tx`] (the PostgreSQL dialect), with ids allocated gap-free under the lock, so
//!   the same operations produce the same journal, byte for byte, on either backend.
//! - **Audited refusals commit**: the refusal event is committed, then the error is returned.
//! - **Append-only journal** enforced by triggers for every role, plus least-privilege roles ([`ROLES_SQL`]).
//! - **Versioned migrations** at connect time (`schema.rs`), serialized by an advisory lock, refusing a newer schema.
//! - **Notifications**: every committed write sends `NOTIFY foureyes_events, '<seq>'`; [`PgStore::subscribe`]
//!   delivers them from one dedicated `LISTEN` connection (`listen.rs`).
//! - **Credentials** (`credentials.rs`): tokens, sessions and sign-in codes as on SQLite; creating and revoking a
//!   credential are journaled writes like the others.
//! - **Tasks** (`tasks.rs`): `foureyes task …` change control as on SQLite, each command one write transaction
//!   under the chain-head lock, so commands made by several replicas against one revision accept exactly one.
//! - [`open_any`] picks this backend for `postgres://` URLs and SQLite for anything else, as a
//!   [`foureyes_store::Backend`] (store, credentials, and [`PgStore::subscribe`] as its change stream).
//!
//! ## What the chain-head lock costs
//! The lock is held from the first statement of a write to its COMMIT, and PostgreSQL releases it only after the
//! commit record is flushed. So writes are strictly serial across the whole cluster, each paying its statements'
//! round trips plus one WAL flush, and PostgreSQL's own group commit cannot merge their flushes: cluster-wide
//! throughput is at most `1 / (round trips + fsync)`, whatever the number of replicas. Replicas add availability,
//! not write throughput (reads do scale: they take no lock). The levers, in order: batch a replica's concurrent
//! writes into one transaction with a savepoint per write (as the SQLite writer does: one lock hold and one flush
//! per batch), and shard the chain per stream (e.g. per agent or per action family, each with its own head row)
//! when one global order is not required.
//!
//! Connections are plain TCP or Unix sockets (`NoTls`): run the database on the same host or network segment, or
//! behind a TLS-terminating proxy.

mod checkpoints;
mod credentials;
mod db;
mod listen;
mod ops;
mod schema;
mod sessions;
mod tasks;

use crate::db::{Tx, pg};
use async_trait::async_trait;
use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Object, Pool, RecyclingMethod};
use foureyes_core::journal::{Event, VerifyReport};
use foureyes_core::task::{TaskCommand, TaskRefusal, TaskState};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, DecisionId, DecisionRecord, DemotionRecord, Outcome,
    Policy,
};
use foureyes_store::authority::{Authority, CredentialMap};
use foureyes_store::ops as tx_ops;
use foureyes_store::replay::Replayed;
use foureyes_store::{
    AuditReport, Backend, Checked, Decided, DecisionFilter, Store, StoreError, TaskOutcome, TaskStore, VoteOutcome,
};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::task::JoinHandle;
use tokio_postgres::{IsolationLevel, NoTls};

pub use db::{CHANNEL, channel_of};
pub use schema::{ROLES_SQL, SCHEMA_VERSION};

/// Tuning for the PostgreSQL store.
#[derive(Debug, Clone)]
pub struct PgOptions {
    /// Most pooled connections this store opens (the `LISTEN` connection is extra).
    pub max_connections: usize,
    /// How long connecting (and waiting for a free pooled connection) may take.
    pub connect_timeout: Duration,
    /// The server ends a session idle inside a transaction this long, so a frozen replica cannot hold the chain-head
    /// lock (and stop every other replica) forever. FourEyes never idles inside a transaction.
    pub idle_in_transaction_timeout: Duration,
}

impl Default for PgOptions {
    fn default() -> Self {
        PgOptions {
            max_connections: 16,
            connect_timeout: Duration::from_secs(10),
            idle_in_transaction_timeout: Duration::from_secs(60),
        }
    }
}

/// The PostgreSQL store. Cheap to share behind an `Arc`; one per process (replica).
pub struct PgStore {
    pool: Pool,
    /// Writes of this replica queue here, so that at most one of its connections waits on the chain-head lock; the
    /// turn holds this replica's authority state (ADR-180), caught up under the chain-head lock by each write.
    writer: tokio::sync::Mutex<Authority>,
    /// The authority state's credentials, for checking a principal on the read path.
    credentials: CredentialMap,
    /// The seq it has applied, for the read path (see `credentials.rs`).
    applied: Arc<std::sync::atomic::AtomicU64>,
    /// Its sessions and sign-in codes, for checking a session on the read path.
    signins: foureyes_store::authority::SigninMap,
    config: tokio_postgres::Config,
    /// The schema its tables live in (`public`, or a namespace's: ADR-500) and the channel its writes notify.
    schema: String,
    channel: String,
    events: broadcast::Sender<u64>,
    listener: Mutex<Option<JoinHandle<()>>>,
    runtime: tokio::runtime::Handle,
}

impl PgStore {
    /// Connects to `url` (`postgres://user[:password]@host[:port]/database[?options]`, or libpq key=value form),
    /// applies the schema migrations, and returns the store. Must be called inside a tokio runtime, which the
    /// store's connections then live on.
    pub async fn connect(url: &str, options: PgOptions) -> Result<PgStore, StoreError> {
        let config: tokio_postgres::Config =
            url.parse().map_err(|e| StoreError::Backend(format!("invalid PostgreSQL URL: {}", db::describe(&e))))?;
        PgStore::connect_config(config, options).await
    }

    /// [`PgStore::connect`] with a parsed configuration.
    pub async fn connect_config(mut config: tokio_postgres::Config, options: PgOptions) -> Result<PgStore, StoreError> {
        if config.get_application_name().is_none() {
            config.application_name("foureyes");
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(options.connect_timeout);
        }
        let idle =
            format!("-c idle_in_transaction_session_timeout={}", options.idle_in_transaction_timeout.as_millis());
        let server_options = match config.get_options() {
            Some(given) if !given.is_empty() => format!("{given} {idle}"),
            _ => idle,
        };
        config.options(server_options);
        let manager =
            Manager::from_config(config.clone(), NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager)
            .max_size(options.max_connections.max(1))
            .wait_timeout(Some(options.connect_timeout))
            .create_timeout(Some(options.connect_timeout))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| StoreError::Backend(format!("cannot build the connection pool: {e}")))?;
        let authority = Authority::default();
        let mut store = PgStore {
            pool,
            credentials: authority.credentials(),
            applied: authority.applied(),
            signins: authority.signins(),
            writer: tokio::sync::Mutex::new(authority),
            config,
            schema: String::new(),
            channel: String::new(),
            events: broadcast::channel(1024).0,
            listener: Mutex::new(None),
            runtime: tokio::runtime::Handle::try_current()
                .map_err(|_| StoreError::Backend("PgStore::connect must run inside a tokio runtime".into()))?,
        };
        let mut conn = store.conn().await?;
        let schema = schema::migrate(&mut conn).await?;
        drop(conn);
        store.channel = db::channel_of(&schema);
        store.schema = schema;
        Ok(store)
    }

    /// Gives this replica's door the seal key (ADR-420): every event it appends is sealed, and every event its
    /// authority state applies must carry a seal that verifies (from the journal's first sealed event on).
    pub fn with_seal_key(mut self, key: Option<foureyes_core::seal::SealKey>) -> PgStore {
        if let Some(key) = key {
            self.writer.get_mut().set_seal_key(key);
        }
        self
    }

    /// A pooled connection.
    async fn conn(&self) -> Result<Object, StoreError> {
        self.pool.get().await.map_err(|e| match e {
            deadpool_postgres::PoolError::Backend(e) => {
                StoreError::Backend(format!("cannot connect to PostgreSQL: {}", db::describe(&e)))
            }
            other => StoreError::Backend(format!("no PostgreSQL connection: {other}")),
        })
    }

    /// A receiver of the head `seq` after every committed write, by any replica on this database. The first
    /// value after the listener (re)connects is the current head. Values are hints: re-read from your own cursor
    /// when one arrives (and after `RecvError::Lagged`). Starts the store's `LISTEN` connection on first use.
    pub fn subscribe(&self) -> broadcast::Receiver<u64> {
        let receiver = self.events.subscribe();
        if let Ok(mut listener) = self.listener.lock()
            && listener.is_none()
            && !self.pool.is_closed()
        {
            *listener =
                Some(self.runtime.spawn(listen::run(self.config.clone(), self.channel.clone(), self.events.clone())));
        }
        receiver
    }

    /// The schema this store's tables live in: `public`, or a namespace's (`fe_ns_…`, ADR-500).
    pub fn schema(&self) -> &str {
        &self.schema
    }

    /// Closes the pool and the `LISTEN` connection. Later calls fail with `StoreError::Backend`; later
    /// subscribers hear nothing.
    pub fn close(&self) {
        self.pool.close();
        if let Ok(mut listener) = self.listener.lock()
            && let Some(handle) = listener.take()
        {
            handle.abort();
        }
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        self.close();
    }
}

impl Backend for PgStore {
    fn changes(&self) -> Option<broadcast::Receiver<u64>> {
        Some(self.subscribe())
    }
    fn close(&self) {
        PgStore::close(self);
    }
}

/// Opens the backend `db` names: a `postgres://` or `postgresql://` URL opens [`PgStore`], anything else is the
/// path of a SQLite file. Both with default options.
pub async fn open_any(db: &str) -> Result<Arc<dyn Backend>, StoreError> {
    open_any_sealed(db, None).await
}

/// [`open_any`], the door holding `seal` (ADR-420) when given.
pub async fn open_any_sealed(
    db: &str,
    seal: Option<foureyes_core::seal::SealKey>,
) -> Result<Arc<dyn Backend>, StoreError> {
    if is_postgres_url(db) {
        Ok(Arc::new(PgStore::connect(db, PgOptions::default()).await?.with_seal_key(seal)))
    } else {
        Ok(Arc::new(SqliteStore::open(db, SqliteOptions::default())?.with_seal_key(seal)))
    }
}

/// Whether `db` names a PostgreSQL database rather than a SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// Runs one write: begin + lock the head, the body, then [`Tx::finish`].
macro_rules! in_tx {
    ($store:expr, |$w:ident| $body:expr) => {{
        let mut turn = $store.writer.lock().await;
        let mut conn = $store.conn().await?;
        let mut tx = Tx::begin(&mut conn, &mut turn, &$store.channel).await?;
        let $w = &mut tx;
        let result = $body.await;
        tx.finish(result).await
    }};
}
pub(crate) use in_tx;

#[async_trait]
impl Store for PgStore {
    async fn authority_differs_from_replay(&self) -> Result<Option<String>, StoreError> {
        in_tx!(self, |w| tx_ops::authority_differs_from_replay(w))
    }

    async fn decide(
        &self,
        policy: Arc<Policy>,
        request: ActionRequest,
        now_ms: i64,
    ) -> Result<DecisionRecord, StoreError> {
        self.decide_or_replay(policy, request, now_ms).await.map(|d| d.decision)
    }

    async fn decide_or_replay(
        &self,
        policy: Arc<Policy>,
        request: ActionRequest,
        now_ms: i64,
    ) -> Result<Decided, StoreError> {
        in_tx!(self, |w| tx_ops::decide(w, &policy, request, now_ms))
    }

    async fn revoke(
        &self,
        approval_id: ApprovalId,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        in_tx!(self, |w| tx_ops::revoke(w, approval_id, by, why, now_ms))
    }

    async fn report(
        &self,
        decision_id: DecisionId,
        outcome: Outcome,
        detail: Value,
        now_ms: i64,
    ) -> Result<DecisionRecord, StoreError> {
        let audited_detail = detail.clone();
        let result = in_tx!(self, |w| tx_ops::report(w, decision_id, outcome, detail, None, now_ms));
        if let Err(StoreError::InvalidState(message)) = &result {
            foureyes_store::audit_refused_report(self, decision_id, outcome, audited_detail, message, now_ms).await;
        }
        result
    }

    async fn report_by(
        &self,
        decision_id: DecisionId,
        outcome: Outcome,
        detail: Value,
        reported_by: &str,
        now_ms: i64,
    ) -> Result<DecisionRecord, StoreError> {
        let audited_detail = detail.clone();
        let result = in_tx!(self, |w| tx_ops::report(w, decision_id, outcome, detail, Some(reported_by), now_ms));
        if let Err(StoreError::InvalidState(message)) = &result {
            foureyes_store::audit_refused_report(self, decision_id, outcome, audited_detail, message, now_ms).await;
        }
        result
    }

    async fn approve(
        &self,
        approval_id: ApprovalId,
        approver: &str,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<VoteOutcome, StoreError> {
        in_tx!(self, |w| tx_ops::approve(w, approval_id, approver, digest_seen, now_ms))
    }

    async fn reject(
        &self,
        approval_id: ApprovalId,
        approver: &str,
        reason: Option<&str>,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        in_tx!(self, |w| tx_ops::reject(w, approval_id, approver, reason, digest_seen, now_ms))
    }

    async fn expire_approvals(&self, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
        in_tx!(self, |w| tx_ops::expire_all(w, now_ms))
    }

    async fn set_kill_switch(&self, engaged: bool, by: &str, now_ms: i64) -> Result<bool, StoreError> {
        in_tx!(self, |w| tx_ops::set_kill_switch(w, engaged, by, now_ms))
    }

    async fn kill_switch(&self) -> Result<bool, StoreError> {
        in_tx!(self, |w| tx_ops::kill_switch_journaled(w))
    }

    async fn verified_head(&self) -> Result<u64, StoreError> {
        in_tx!(self, |w| tx_ops::verified_head(w))
    }

    async fn verified_head_sealed(&self) -> Result<(u64, Option<u64>), StoreError> {
        in_tx!(self, |w| tx_ops::verified_head_sealed(w))
    }

    async fn applied_tree_head(&self) -> Result<Option<(u64, foureyes_core::merkle::Hash, Option<u64>)>, StoreError> {
        // The state, not the database (ADR-612): no transaction and no chain-head lock, which another session can
        // hold. The state is applied after COMMIT (ADR-410), so it holds only committed events.
        let authority = self.writer.lock().await;
        let (size, root) = authority.tree_head();
        Ok(Some((size, root, authority.sealed_from())))
    }

    async fn start_seal(&self, by: &str, now_ms: i64) -> Result<Option<u64>, StoreError> {
        in_tx!(self, |w| tx_ops::start_seal(w, by, now_ms))
    }

    async fn journal_sealed(&self, after_seq: u64, limit: u32) -> Result<Vec<(Event, Option<String>)>, StoreError> {
        ops::journal_page_sealed(&self.conn().await?, after_seq, limit).await
    }

    async fn record_policy(&self, policy: &Policy, now_ms: i64) -> Result<bool, StoreError> {
        let actions: Vec<String> = policy.actions.keys().cloned().collect();
        in_tx!(self, |w| tx_ops::record_policy(w, &policy.sha256, &policy.source, &actions, now_ms))
    }

    async fn refuse(
        &self,
        agent: &str,
        code: &str,
        message: &str,
        input: Value,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        in_tx!(self, |w| async { tx_ops::refuse(w, agent, code, message, input, now_ms).await.map(|e| e.seq) })
    }

    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        ops::load_decision(&self.conn().await?, id).await
    }

    async fn decision_checked(&self, id: DecisionId, now_ms: i64) -> Result<Option<DecisionRecord>, StoreError> {
        in_tx!(self, |w| tx_ops::checked_decision(w, id, now_ms))
    }

    async fn run_by_connector(&self, id: DecisionId) -> Result<bool, StoreError> {
        in_tx!(self, |w| tx_ops::run_by_connector(w, id))
    }

    async fn decisions(&self, filter: DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
        ops::list_decisions(&self.conn().await?, &filter).await
    }

    async fn decisions_checked(
        &self,
        filter: DecisionFilter,
        now_ms: i64,
    ) -> Result<Vec<Checked<DecisionRecord>>, StoreError> {
        in_tx!(self, |w| tx_ops::checked_decisions(w, &filter, now_ms))
    }

    async fn approval_checked(
        &self,
        id: ApprovalId,
        now_ms: i64,
    ) -> Result<Option<Checked<ApprovalRecord>>, StoreError> {
        in_tx!(self, |w| tx_ops::checked_approval(w, id, now_ms))
    }

    async fn approvals_checked(
        &self,
        status: Option<ApprovalStatus>,
        now_ms: i64,
    ) -> Result<Vec<Checked<ApprovalRecord>>, StoreError> {
        in_tx!(self, |w| tx_ops::checked_approvals(w, status, now_ms))
    }

    async fn approval(&self, id: ApprovalId, now_ms: i64) -> Result<Option<ApprovalRecord>, StoreError> {
        ops::load_approval(&self.conn().await?, id, now_ms).await
    }

    async fn approvals(&self, status: Option<ApprovalStatus>, now_ms: i64) -> Result<Vec<ApprovalRecord>, StoreError> {
        let mut conn = self.conn().await?;
        let tx = snapshot(&mut conn).await?;
        ops::list_approvals(&tx, status, now_ms).await
    }

    async fn journal(&self, after_seq: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
        ops::journal_page(&self.conn().await?, after_seq, limit).await
    }

    /// One row: the chain head every write transaction locks and advances. (The trait's default pages through the
    /// whole journal, and `/metrics` asks on every scrape.)
    async fn journal_head(&self) -> Result<u64, StoreError> {
        Ok(ops::head(&self.conn().await?).await?.0)
    }

    async fn database_now_ms(&self) -> Result<Option<i64>, StoreError> {
        // The server's clock as the statement runs (not `now()`, the transaction's start): every replica's one time.
        let sql = "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint";
        let r = db::row(&self.conn().await?, sql, &[]).await?;
        r.map(|r| db::get::<i64>(&r, 0)).transpose()
    }

    async fn verify_journal(&self) -> Result<VerifyReport, StoreError> {
        let mut conn = self.conn().await?;
        let tx = snapshot(&mut conn).await?;
        ops::verify_journal(&tx).await
    }

    async fn demotions(&self, active_only: bool, now_ms: i64) -> Result<Vec<DemotionRecord>, StoreError> {
        sessions::list(&self.conn().await?, active_only, now_ms).await
    }

    async fn restore_session(
        &self,
        agent: &str,
        session: Option<&str>,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<DemotionRecord, StoreError> {
        in_tx!(self, |w| tx_ops::restore_session(w, agent, session, by, why, now_ms))
    }

    async fn audit(&self) -> Result<AuditReport, StoreError> {
        // One snapshot: the journal and the tables are compared as of the same moment.
        let mut conn = self.conn().await?;
        let tx = snapshot(&mut conn).await?;
        audit(&tx).await
    }

    /// Two autocommit statements, neither under the chain-head lock (a claim is bookkeeping, not journaled, and
    /// must not queue behind decisions): the bounded prune first, so that its failure claims nothing; then the
    /// insert, where of concurrent claimers PostgreSQL lets one insert and makes the others wait for its commit
    /// and do nothing. `SKIP LOCKED`: replicas pruning at once take disjoint rows and never wait on each other.
    async fn claim_notification(&self, seq: u64, channel_key: &str, now_ms: i64) -> Result<bool, StoreError> {
        foureyes_store::check_channel_key(channel_key)?;
        let seq = db::seq_param(seq)?;
        let conn = self.conn().await?;
        let expired = now_ms.saturating_sub(foureyes_store::NOTIFICATION_CLAIM_RETENTION_MS);
        db::exec(
            &conn,
            "DELETE FROM notification_claims WHERE (seq, channel) IN
               (SELECT seq, channel FROM notification_claims WHERE claimed_ms < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)",
            &[&expired, &foureyes_store::NOTIFICATION_CLAIM_PRUNE_BATCH],
        )
        .await?;
        let inserted = db::exec(
            &conn,
            "INSERT INTO notification_claims (seq, channel, claimed_ms) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            &[&seq, &channel_key, &now_ms],
        )
        .await?;
        Ok(inserted == 1)
    }

    async fn record_checkpoint(
        &self,
        checkpoint: &foureyes_store::CheckpointRecord,
        now_ms: i64,
    ) -> Result<Option<u64>, StoreError> {
        in_tx!(self, |w| tx_ops::record_checkpoint(w, checkpoint, now_ms))
    }

    async fn last_checkpoint(&self) -> Result<Option<foureyes_store::CheckpointRecord>, StoreError> {
        checkpoints::last(&self.conn().await?).await
    }

    async fn pin_tool(&self, pin: &foureyes_core::tool_pin::ToolPinned, now_ms: i64) -> Result<u64, StoreError> {
        in_tx!(self, |w| tx_ops::pin_tool(w, pin, now_ms))
    }

    async fn tool_pins(&self) -> Result<Vec<foureyes_core::tool_pin::ToolPinned>, StoreError> {
        checkpoints::tool_pins(&self.conn().await?).await
    }

    async fn connector_started(
        &self,
        decision_id: foureyes_core::DecisionId,
        connector: &str,
        by: &str,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        in_tx!(self, |w| tx_ops::connector_started(w, decision_id, connector, by, now_ms))
    }

    async fn connector_starts(&self) -> Result<std::collections::BTreeMap<foureyes_core::DecisionId, i64>, StoreError> {
        checkpoints::connector_starts(&self.conn().await?).await
    }

    async fn event_hashes(&self, after_seq: u64, upto_seq: u64) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn().await?;
        let tx = snapshot(&mut conn).await?;
        checkpoints::hashes(&tx, after_seq, upto_seq).await
    }
}

#[async_trait]
impl TaskStore for PgStore {
    async fn task_command(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        rules: foureyes_store::Transition,
        by: Option<&foureyes_core::task::By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        in_tx!(self, |w| tasks::command(w, task_id, &cmd, Ok(rules), by, now_ms))
    }

    async fn task_refuse(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        refusal: TaskRefusal,
        by: Option<&foureyes_core::task::By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        in_tx!(self, |w| tasks::command(w, task_id, &cmd, Err(refusal), by, now_ms))
    }

    async fn task_state(&self, task_id: &str) -> Result<Option<TaskState>, StoreError> {
        tasks::load_state(&self.conn().await?, task_id).await
    }

    async fn tasks(&self) -> Result<Vec<TaskState>, StoreError> {
        let mut conn = self.conn().await?;
        let tx = snapshot(&mut conn).await?;
        tasks::all_tasks(&tx).await
    }
}

/// A read-only REPEATABLE READ transaction: several queries see one consistent snapshot. Rolled back on drop.
async fn snapshot(conn: &mut Object) -> Result<deadpool_postgres::Transaction<'_>, StoreError> {
    conn.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start().await.map_err(pg)
}

async fn audit(c: &impl GenericClient) -> Result<AuditReport, StoreError> {
    let mut replayed = Replayed::default();
    let mut events = 0;
    let mut last = None;
    ops::for_each_event(c, |e| {
        replayed.apply(e);
        events += 1;
        last = Some((e.seq, e.hash.clone()));
    })
    .await?;
    let tables = ops::table_state(c).await?;
    let mut found = Vec::new();
    foureyes_store::replay::compare(&mut found, "task_events", &replayed.task_events, &tasks::indexed_events(c).await?);
    let recorded = tasks::recorded_commands(c).await?;
    foureyes_store::replay::compare_task_commands(&mut found, &replayed.task_commands, &recorded);
    // Only PostgreSQL keeps the head apart from the journal: it must be the journal's last event.
    let (head_seq, head_hash) = ops::head(c).await?;
    let (last_seq, last_hash) = last.unwrap_or_else(|| (0, foureyes_core::journal::GENESIS_HASH.to_string()));
    if (head_seq, head_hash.as_str()) != (last_seq, last_hash.as_str()) {
        found.push(foureyes_store::replay::Difference {
            table: "journal_head".into(),
            id: "head".into(),
            field: Some("seq, hash".into()),
            journal: Some(format!("seq {last_seq} ({last_hash})")),
            in_table: Some(format!("seq {head_seq} ({head_hash})")),
            note: Some("the head must be the journal's last event".into()),
        });
    }
    Ok(replayed.audit(events, &tables, found))
}
