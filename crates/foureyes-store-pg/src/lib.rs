//! FourEyes storage on PostgreSQL: several FourEyes replicas share one database with the guarantees of the SQLite
//! backend, and pass the same conformance suite (`foureyes_store::conformance`).
//!
//! - **Every write runs in a transaction that first locks the chain-head row**
//!   (`SELECT … FROM journal_head FOR UPDATE`, see `db.rs`): writers of all replicas run one at a time, so
//!   reservations cannot race, idempotency holds per `(agent, request_id)`, and the journal is one linear chain.
//!   Within a replica, writes are jobs of one writer task (ADR-680), so at most one connection per replica waits on
//!   the row lock, and the jobs queued while a transaction runs share the next one (group commit, as the SQLite
//!   writer does): one lock acquisition, one head update and one COMMIT (one WAL flush) for the batch, each job in
//!   its own savepoint, so a failing job rolls back alone; callers are answered after the COMMIT.
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
//! The lock is held from the first statement of a transaction to its COMMIT, and PostgreSQL releases it only after
//! the commit record is flushed. So transactions are strictly serial across the whole cluster (per namespace), each
//! paying its statements' round trips plus one WAL flush. One write per transaction made the flush the bound
//! (~250 decisions/s on the lead's machine, ADR-680); the writer task's batches pay it once for all the writes a
//! replica queued meanwhile, leaving the writes' own round trips. Replicas of one namespace still take turns on
//! the lock (each batch is one turn); the next lever is sharding the chain per stream (e.g. per agent or per
//! action family, each with its own head row) when one global order is not required.
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
use futures_util::FutureExt as _;
use futures_util::future::BoxFuture;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::sync::{mpsc, oneshot};
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
    /// The server ends a session idle inside a transaction this long, so a frozen replica (stopped, or its
    /// connection frozen) cannot hold the chain-head lock and stall every other replica for longer. FourEyes never
    /// idles inside a transaction: between two statements of a batch it only runs the pure pipeline (milliseconds),
    /// so 5 s is a stall, not work (attack 17, H5: at 60 s one frozen replica stopped the other for ~30 s).
    pub idle_in_transaction_timeout: Duration,
    /// Most writes the writer task runs in one transaction (group commit, ADR-680): one chain-head lock, one head
    /// update and one COMMIT (one WAL flush) for all of them, each in its own savepoint. 1: a transaction per write.
    pub max_batch: usize,
}

impl Default for PgOptions {
    fn default() -> Self {
        PgOptions {
            max_connections: 16,
            connect_timeout: Duration::from_secs(10),
            idle_in_transaction_timeout: Duration::from_secs(5),
            max_batch: 256,
        }
    }
}

/// The PostgreSQL store. Cheap to share behind an `Arc`; one per process (replica).
pub struct PgStore {
    pool: Pool,
    /// This replica's authority state (ADR-180), caught up under the chain-head lock by each write, and the
    /// handles of it the read path checks against.
    state: Arc<State>,
    /// The writer task's queue (ADR-680): every write of this replica is a job there, so that at most one of its
    /// connections waits on the chain-head lock, and the jobs queued while a transaction runs share the next one.
    /// Started on the first write; `None` once closed.
    jobs: Mutex<Option<mpsc::UnboundedSender<Job>>>,
    /// The door's seal key (ADR-420), given to the authority state again when it is rebuilt.
    seal_key: Option<foureyes_core::seal::SealKey>,
    max_batch: usize,
    config: tokio_postgres::Config,
    /// The schema its tables live in (`public`, or a namespace's: ADR-500) and the channel its writes notify.
    schema: String,
    channel: String,
    events: broadcast::Sender<u64>,
    listener: Mutex<Option<JoinHandle<()>>>,
    runtime: tokio::runtime::Handle,
    /// Principals the token statement found, by token hash, for authenticating writes from the followed state
    /// (ADR-1050): believed only while the state holds the same name live, bound to that hash, with that role and
    /// served agent. At most [`WRITE_PRINCIPALS_HELD`]; emptied when full.
    write_principals: Mutex<std::collections::HashMap<String, foureyes_store::Principal>>,
}

/// How many tokens' principals [`PgStore::principal_for_writes`] keeps (ADR-1050).
const WRITE_PRINCIPALS_HELD: usize = 4096;

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
            state: Arc::new(State {
                handles: std::sync::RwLock::new(ReadHandles::of(&authority)),
                authority: Arc::new(tokio::sync::Mutex::new(authority)),
                replan_at: std::sync::atomic::AtomicU64::new(0),
                replans: std::sync::atomic::AtomicU64::new(0),
                unnested: std::sync::atomic::AtomicU64::new(0),
                fell_back: std::sync::atomic::AtomicU64::new(0),
            }),
            jobs: Mutex::new(None),
            seal_key: None,
            max_batch: options.max_batch.max(1),
            config,
            schema: String::new(),
            channel: String::new(),
            events: broadcast::channel(1024).0,
            listener: Mutex::new(None),
            runtime: tokio::runtime::Handle::try_current()
                .map_err(|_| StoreError::Backend("PgStore::connect must run inside a tokio runtime".into()))?,
            write_principals: Mutex::new(std::collections::HashMap::new()),
        };
        let mut conn = store.conn().await?;
        let schema = schema::migrate(&mut conn).await?;
        drop(conn);
        store.channel = db::channel_of(&schema);
        store.schema = schema;
        Ok(store)
    }

    /// How long this replica keeps a request id in memory once its decision is settled and sealed (ADR-373), as
    /// `SqliteStore::with_request_memory`. Call it before the first write.
    pub fn with_request_memory(self, memory_ms: Option<i64>) -> PgStore {
        match self.state.authority.try_lock() {
            Ok(mut authority) => authority.set_request_memory(memory_ms),
            Err(_) => unreachable!("the authority state is held only by the writer task, started by the first write"),
        }
        self
    }

    /// Gives this replica's door the seal key (ADR-420): every event it appends is sealed, and every event its
    /// authority state applies must carry a seal that verifies (from the journal's first sealed event on).
    pub fn with_seal_key(mut self, key: Option<foureyes_core::seal::SealKey>) -> PgStore {
        if let Some(key) = key {
            // Before the first write: the writer task, which holds the state from then on, is not started yet.
            match self.state.authority.try_lock() {
                Ok(mut authority) => authority.set_seal_key(key.clone()),
                Err(_) => {
                    unreachable!("the authority state is held only by the writer task, started by the first write")
                }
            }
            self.seal_key = Some(key);
        }
        self
    }

    /// The authority state's handles for the read path (see `credentials.rs`).
    fn read_handles(&self) -> ReadHandles {
        self.state.handles.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Runs `work` as a job of the writer task (ADR-680), in a transaction that holds the chain-head lock, and
    /// answers once that transaction has ended: `work`'s own result if it committed (or, for an error that is not
    /// an audited refusal, was rolled back alone), else the error that ended the transaction. A caller that stops
    /// waiting (its future dropped) before its job starts leaves nothing: the job is skipped; once started, it runs
    /// to its end with its batch.
    async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, Result<T, StoreError>> + Send + 'static,
    {
        self.write_keyed(None, work).await
    }

    /// [`PgStore::write`] of a job that reads the idempotency row of `key` (`(agent, request_id)`, a decide): the
    /// writer reads the rows of all its batch's keys with the lock, in the same round trip (ADR-760).
    async fn write_keyed<T, F>(&self, key: Option<(String, String)>, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'t> FnOnce(&'t mut Tx) -> BoxFuture<'t, Result<T, StoreError>> + Send + 'static,
    {
        let mut work = Some(work);
        let once = repeatable_work(move |w: &mut Tx| match work.take() {
            Some(work) => work(w),
            None => async { Err(StoreError::Backend("a write that runs once ran again".into())) }.boxed(),
        });
        self.write_job(key, false, once).await
    }

    /// [`PgStore::write_keyed`] of a job that can run again from the start (ADR-900): what it does depends only on
    /// the transaction it runs in, so the writer may run it in a batch without savepoints and, if that batch's
    /// statements fail, roll the batch back and run it again in a batch of savepoints.
    async fn write_repeatable<T, F>(&self, key: Option<(String, String)>, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'t> FnMut(&'t mut Tx) -> BoxFuture<'t, Result<T, StoreError>> + Send + 'static,
    {
        self.write_job(key, true, work).await
    }

    async fn write_job<T, F>(&self, key: Option<(String, String)>, repeatable: bool, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'t> FnMut(&'t mut Tx) -> BoxFuture<'t, Result<T, StoreError>> + Send + 'static,
    {
        let result_slot = Arc::new(Mutex::new(None::<Result<T, StoreError>>));
        let slot = Arc::clone(&result_slot);
        let caller = Arc::new(());
        let waiting = Arc::downgrade(&caller);
        // ADR-1050: a write made as a credential authenticated from the followed state (`principal_for_writes`)
        // first checks, after the catch-up under the chain-head lock, that the credential is still live.
        let credential = foureyes_store::writing_as();
        // Its refusal is stamped by the door's clock, read here on the request's task (ADR-1221).
        let refused_at = foureyes_store::door_ms();
        let work = Arc::new(Mutex::new(work));
        let run: JobRun = Box::new(move |w: &mut Tx| {
            if waiting.strong_count() == 0 {
                // Rolled back: it did nothing, and nobody waits for its answer.
                return async { true }.boxed();
            }
            let (work, credential) = (Arc::clone(&work), credential.clone());
            let slot = Arc::clone(&slot);
            async move {
                let refused = match &credential {
                    Some(credential) => tx_ops::check_write_credential(w, credential, refused_at).await.err(),
                    None => None,
                };
                let result = match refused {
                    Some(refusal) => Err(refusal),
                    None => {
                        // The lock is released before the work is awaited: the future borrows only the transaction.
                        let work = (work.lock().unwrap_or_else(std::sync::PoisonError::into_inner))(w);
                        work.await
                    }
                };
                let rollback = matches!(&result, Err(e) if !e.is_audited());
                *slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(result);
                rollback
            }
            .boxed()
        });
        let (answer_tx, answer_rx) = oneshot::channel();
        let answer: Answer = Box::new(move |ended: Result<(), StoreError>| {
            let result = ended.and_then(|()| {
                result_slot
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .take()
                    .unwrap_or_else(|| Err(StoreError::Backend("the write did not run".into())))
            });
            let _ = answer_tx.send(result);
        });
        self.submit(Job { run, answer, key, repeatable })?;
        let answered = answer_rx.await;
        drop(caller);
        answered.map_err(|_| StoreError::Backend("the PostgreSQL writer dropped the write".into()))?
    }

    /// Queues `job` for the writer task, starting the task if it is not running.
    fn submit(&self, job: Job) -> Result<(), StoreError> {
        let mut jobs = self.jobs.lock().map_err(|_| StoreError::Backend("the writer queue is poisoned".into()))?;
        if self.pool.is_closed() {
            return Err(StoreError::Backend("the PostgreSQL store is closed".into()));
        }
        let sender = match jobs.as_ref() {
            Some(sender) if !sender.is_closed() => sender,
            _ => {
                let (sender, receiver) = mpsc::unbounded_channel();
                let writer = Writer {
                    pool: self.pool.clone(),
                    state: Arc::clone(&self.state),
                    channel: self.channel.clone(),
                    seal_key: self.seal_key.clone(),
                    max_batch: self.max_batch,
                };
                self.runtime.spawn(writer.run(receiver));
                jobs.insert(sender)
            }
        };
        sender.send(job).map_err(|_| StoreError::Backend("the PostgreSQL writer has stopped".into()))
    }

    /// A pooled connection.
    async fn conn(&self) -> Result<Object, StoreError> {
        self.pool.get().await.map_err(pool_error)
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
        // The writer task answers what is queued (the closed pool refuses it) and ends.
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.take();
        }
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
    open_any_sealed(db, None, None).await
}

/// [`open_any`], the door holding `seal` (ADR-420) when given and keeping settled request ids in memory for
/// `request_memory` (ADR-373; `None`: for ever). On PostgreSQL, `FOUREYES_PG_MAX_BATCH` (a number
/// ≥ 1) sets [`PgOptions::max_batch`]: 1 runs every write in its own transaction, for comparing (ADR-680).
pub async fn open_any_sealed(
    db: &str,
    seal: Option<foureyes_core::seal::SealKey>,
    request_memory: Option<i64>,
) -> Result<Arc<dyn Backend>, StoreError> {
    if is_postgres_url(db) {
        let mut options = PgOptions::default();
        if let Ok(given) = std::env::var("FOUREYES_PG_MAX_BATCH") {
            options.max_batch = given.trim().parse::<usize>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                StoreError::Backend(format!("FOUREYES_PG_MAX_BATCH must be a number ≥ 1, not `{given}`"))
            })?;
        }
        Ok(Arc::new(PgStore::connect(db, options).await?.with_seal_key(seal).with_request_memory(request_memory)))
    } else {
        let store = SqliteStore::open(db, SqliteOptions::default())?.with_seal_key(seal);
        Ok(Arc::new(store.with_request_memory(request_memory)))
    }
}

/// Whether `db` names a PostgreSQL database rather than a SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// Runs one write as a job of the writer task ([`PgStore::write`]): `$body`, a future over `$w: &mut Tx`, may use
/// only what it owns (the job outlives the caller's borrows), so borrowed arguments are made owned first.
macro_rules! in_tx {
    ($store:expr, |$w:ident| $body:expr) => {{
        use futures_util::FutureExt as _;
        $store.write(move |$w| async move { $body.await }.boxed()).await
    }};
}
pub(crate) use in_tx;

/// The authority state and its handles for the read path.
struct State {
    /// Held by the writer task for each transaction; read by [`Store::applied_tree_head`].
    authority: Arc<tokio::sync::Mutex<Authority>>,
    /// Replaced with the state when the writer task rebuilds it (ADR-680).
    handles: std::sync::RwLock<ReadHandles>,
    /// The journal head at which the writer next drops every cached statement so that PostgreSQL plans them again
    /// (ADR-370), and how many times it has.
    replan_at: std::sync::atomic::AtomicU64,
    replans: std::sync::atomic::AtomicU64,
    /// How many batches ran unnested (ADR-900), and how many of them fell back to savepoints.
    unnested: std::sync::atomic::AtomicU64,
    fell_back: std::sync::atomic::AtomicU64,
}

/// The authority state's handles the read path checks against: its credentials, the seq it has applied, its
/// sessions and sign-in codes (see `credentials.rs`).
#[derive(Clone)]
struct ReadHandles {
    credentials: CredentialMap,
    applied: Arc<std::sync::atomic::AtomicU64>,
    signins: foureyes_store::authority::SigninMap,
}

impl ReadHandles {
    fn of(authority: &Authority) -> ReadHandles {
        ReadHandles { credentials: authority.credentials(), applied: authority.applied(), signins: authority.signins() }
    }
}

/// Runs a write in the writer's transaction; resolves to whether it is to be rolled back (an error that is not an
/// audited refusal).
/// Run once, except a repeatable job ([`Job::repeatable`]) whose unnested batch fell back (ADR-900).
type JobRun = Box<dyn for<'t> FnMut(&'t mut Tx) -> BoxFuture<'t, bool> + Send>;
/// Answers the write's caller once its transaction has ended: `Ok` gives it the write's own result.
type Answer = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

struct Job {
    run: JobRun,
    answer: Answer,
    /// The idempotency key the job reads, if it decides (ADR-760).
    key: Option<(String, String)>,
    /// `run` may run again from the start, its earlier run rolled back (ADR-900): a batch of such jobs runs
    /// without savepoints.
    repeatable: bool,
}

/// What a job of a batch came to, before the batch's COMMIT.
enum Fate {
    /// Its work stands, to be committed.
    Stands,
    /// Rolled back to its savepoint: answered with its own error, or with the write that failed.
    Undone(Option<StoreError>),
}

/// The journal head at which cached statements are first planned again (ADR-370): below it a plan's cost is a few
/// pages whatever it is.
const REPLAN_FIRST_AT: u64 = 64;

impl PgStore {
    /// How many times this store's writer has had every statement planned again as the journal grew (ADR-370).
    #[doc(hidden)]
    pub fn statement_replans(&self) -> u64 {
        self.state.replans.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How many batches this store's writer ran unnested (ADR-900), and how many of those it rolled back and ran
    /// again job by job in savepoints.
    #[doc(hidden)]
    pub fn unnested_batches(&self) -> (u64, u64) {
        use std::sync::atomic::Ordering::Relaxed;
        (self.state.unnested.load(Relaxed), self.state.fell_back.load(Relaxed))
    }
}

/// The store's writer task (ADR-680): takes every job queued, up to `max_batch`, and runs them in one transaction
/// that holds the chain-head lock, each in its own savepoint, with one head update and one COMMIT; then answers
/// them. As the SQLite writer does; a batch of one runs without a savepoint (as ADR-413 on SQLite).
struct Writer {
    pool: Pool,
    state: Arc<State>,
    channel: String,
    seal_key: Option<foureyes_core::seal::SealKey>,
    max_batch: usize,
}

impl Writer {
    async fn run(self, mut jobs: mpsc::UnboundedReceiver<Job>) {
        while let Some(first) = jobs.recv().await {
            let mut batch = vec![first];
            while batch.len() < self.max_batch {
                match jobs.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            self.run_batch(batch).await;
        }
    }

    async fn run_batch(&self, batch: Vec<Job>) {
        let batch = if batch.len() > 1 && batch.iter().all(|job| job.repeatable) {
            match self.run_batch_unnested(batch).await {
                Some(again) => again,
                None => return,
            }
        } else {
            batch
        };
        self.run_batch_in_savepoints(batch).await;
    }

    /// ADR-900: a batch of repeatable jobs (decides) runs without savepoints, each table's rows of the whole batch
    /// sent as one multi-row insert at the COMMIT (or at the first read that needs them). ADR-410's guarantee — one
    /// job's failure never reaches another's outcome — holds thus:
    /// - a job that fails having sent nothing (the usual failure: a refusal that is not audited, a value the
    ///   journal cannot hold) is undone in memory: its queued rows dropped, the head and ids put back, exactly what
    ///   a rollback to its savepoint leaves;
    /// - anything else (a statement of the batch failed, or a failing job had sent statements) rolls the whole
    ///   transaction back, rebuilds the authority state if it took any of the batch's events, and returns the
    ///   batch to be run again job by job in savepoints ([`Writer::run_batch_in_savepoints`]); nobody has been
    ///   answered yet.
    ///
    /// `None`: the batch is done and answered.
    async fn run_batch_unnested(&self, mut batch: Vec<Job>) -> Option<Vec<Job>> {
        let conn = match self.pool.get().await {
            Ok(conn) => conn,
            Err(e) => {
                answer_all(batch, &pool_error(e));
                return None;
            }
        };
        let authority = Arc::clone(&self.state.authority).lock_owned().await;
        let keys: Vec<(String, String)> = batch.iter().filter_map(|job| job.key.clone()).collect();
        let mut tx = match Tx::begin(conn, authority, self.channel.clone(), false, &keys).await {
            Ok(tx) => tx,
            Err(e) => {
                answer_all(batch, &e);
                return None;
            }
        };
        self.replan_as_the_journal_grows(tx.head().0);
        self.state.unnested.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut fates: Vec<Fate> = Vec::with_capacity(batch.len());
        let mut applied = false;
        let mut fall_back = false;
        for job in &mut batch {
            let mark = tx.savepoint_mark();
            let rollback = run_job(&mut job.run, &mut tx).await;
            if rollback && tx.sent_since(&mark) {
                // Its statements are in the transaction, and no savepoint can take them out.
                fall_back = true;
                break;
            }
            if rollback {
                tx.job_dropped(mark);
                fates.push(Fate::Undone(None));
            } else {
                tx.job_kept();
                applied = true;
                fates.push(Fate::Stands);
            }
        }
        if !fall_back {
            match tx.commit().await {
                Ok(()) => {
                    drop(tx);
                    for (job, fate) in batch.into_iter().zip(fates) {
                        (job.answer)(match fate {
                            Fate::Undone(failure) => failure.map_or(Ok(()), Err),
                            Fate::Stands => Ok(()),
                        });
                    }
                    return None;
                }
                Err(_) => {
                    // A failed COMMIT may still have committed (a connection lost after the server committed);
                    // the rerun's catch-up reads what the database holds, and the rebuilt state with it.
                }
            }
        }
        self.state.fell_back.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tx.roll_back().await;
        if applied {
            // The state took events the rollback took out of the database (ADR-410): empty, it is caught up from
            // the journal by the first job that runs again.
            let authority = &mut tx.authority;
            self.rebuild_authority(authority);
        }
        drop(tx);
        Some(batch)
    }

    /// The batch in one transaction, each job in its own savepoint (ADR-680): jobs that are not repeatable, and the
    /// fallback of an unnested batch (ADR-900).
    async fn run_batch_in_savepoints(&self, batch: Vec<Job>) {
        let conn = match self.pool.get().await {
            Ok(conn) => conn,
            Err(e) => return answer_all(batch, &pool_error(e)),
        };
        let authority = Arc::clone(&self.state.authority).lock_owned().await;
        let alone = batch.len() == 1;
        let keys: Vec<(String, String)> = batch.iter().filter_map(|job| job.key.clone()).collect();
        let mut tx = match Tx::begin(conn, authority, self.channel.clone(), !alone, &keys).await {
            Ok(tx) => tx,
            Err(e) => return answer_all(batch, &e),
        };
        self.replan_as_the_journal_grows(tx.head().0);
        if alone {
            if let Some(mut job) = batch.into_iter().next() {
                let rollback = run_job(&mut job.run, &mut tx).await;
                (job.answer)(tx.end(rollback).await);
            }
            return;
        }
        let count = batch.len();
        let mut fates: Vec<(Answer, Fate)> = Vec::with_capacity(count);
        let mut broken: Option<StoreError> = None;
        let mut applied = false;
        for (i, mut job) in batch.into_iter().enumerate() {
            if let Some(e) = &broken {
                (job.answer)(Err(e.clone()));
                continue;
            }
            let mark = tx.savepoint_mark();
            let rollback = run_job(&mut job.run, &mut tx).await;
            let stood = if rollback { Err(None) } else { tx.job_stands(i + 1 < count).await.map_err(Some) };
            match stood {
                Ok(()) => {
                    applied = true;
                    fates.push((job.answer, Fate::Stands));
                }
                Err(failure) => match tx.job_rolled_back(mark).await {
                    Ok(()) => fates.push((job.answer, Fate::Undone(failure))),
                    Err(e) => {
                        broken = Some(e.clone());
                        fates.push((job.answer, Fate::Undone(Some(e))));
                    }
                },
            }
        }
        let ended = match broken {
            Some(e) => Err(e),
            None => tx.commit().await,
        };
        if ended.is_err() && applied {
            // The state took events of this batch that may not be in the database: it is rebuilt from the journal
            // by the next write's catch-up, which reads and verifies every event again.
            self.rebuild_authority(&mut tx.authority);
        }
        drop(tx);
        for (answer, fate) in fates {
            answer(match (fate, &ended) {
                (Fate::Undone(failure), _) => failure.map_or(Ok(()), Err),
                (Fate::Stands, ended) => ended.clone(),
            });
        }
    }

    /// ADR-370: a cached statement keeps the generic plan PostgreSQL made when it was prepared. Made while the
    /// journal was a few pages, that plan reads the whole journal (a sequential scan, a hash join over it: `auto_explain`
    /// showed the head lock's join and the token lookup's `EXISTS` so, each call then O(history), the lock's under the
    /// chain lock). So each time the head has doubled since the last time, the pool's statement caches are dropped and
    /// every statement is prepared, and planned, again on the journal as it is now: log2(history) times in all.
    fn replan_as_the_journal_grows(&self, head: u64) {
        use std::sync::atomic::Ordering::Relaxed;
        if head < self.state.replan_at.load(Relaxed) {
            return;
        }
        self.state.replan_at.store(head.saturating_mul(2).max(REPLAN_FIRST_AT), Relaxed);
        self.state.replans.fetch_add(1, Relaxed);
        self.pool.manager().statement_caches.clear();
    }

    /// Replaces the authority state with an empty one (holding the seal key) and gives the read path its handles.
    fn rebuild_authority(&self, authority: &mut Authority) {
        let mut fresh = Authority::default();
        if let Some(key) = &self.seal_key {
            fresh.set_seal_key(key.clone());
        }
        *self.state.handles.write().unwrap_or_else(std::sync::PoisonError::into_inner) = ReadHandles::of(&fresh);
        *authority = fresh;
    }
}

/// `work` as the writer's jobs take it (a closure's signature, named so that its lifetimes are the general ones).
fn repeatable_work<T, F>(work: F) -> F
where
    F: for<'t> FnMut(&'t mut Tx) -> BoxFuture<'t, Result<T, StoreError>>,
{
    work
}

/// Runs a job's work; a panic in it is a write to roll back (the writer task goes on with the next job).
async fn run_job(run: &mut JobRun, tx: &mut Tx) -> bool {
    std::panic::AssertUnwindSafe(run(tx)).catch_unwind().await.unwrap_or(true)
}

fn answer_all(batch: Vec<Job>, e: &StoreError) {
    for job in batch {
        (job.answer)(Err(e.clone()));
    }
}

fn pool_error(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => {
            StoreError::Backend(format!("cannot connect to PostgreSQL: {}", db::describe(&e)))
        }
        other => StoreError::Backend(format!("no PostgreSQL connection: {other}")),
    }
}

#[async_trait]
impl Store for PgStore {
    async fn authority_differs_from_replay(&self) -> Result<Option<String>, StoreError> {
        in_tx!(self, |w| tx_ops::authority_differs_from_replay(w))
    }

    async fn door_replay_refusal(&self) -> Result<Option<(u64, String)>, StoreError> {
        in_tx!(self, |w| tx_ops::door_replay_refusal(w))
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
        // The work that needs neither the lock nor the journal is done here, on the caller's task, not in the
        // writer's turn under the chain-head lock (ADR-670).
        // A key PostgreSQL cannot hold as text (a NUL: the shape check refuses it) is not read ahead: it would fail
        // the batch's first round trip, and with it every job of the batch.
        let key = Some((request.agent.clone(), request.request_id.clone()))
            .filter(|(agent, request_id)| !agent.contains('\0') && !request_id.contains('\0'));
        // Repeatable (ADR-900): a run again, after its unnested batch fell back, prepares the request again.
        let again = request.clone();
        let mut prepared = Some(tx_ops::PreparedRequest::new(&policy, request));
        self.write_repeatable(
            key,
            repeatable_work(move |w: &mut Tx| {
                let prepared = prepared.take().unwrap_or_else(|| tx_ops::PreparedRequest::new(&policy, again.clone()));
                let policy = Arc::clone(&policy);
                async move { tx_ops::decide_prepared(w, &policy, prepared, now_ms).await }.boxed()
            }),
        )
        .await
    }

    async fn revoke(
        &self,
        approval_id: ApprovalId,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        let (by, why) = (by.to_string(), why.to_string());
        in_tx!(self, |w| tx_ops::revoke(w, approval_id, &by, &why, now_ms))
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
        let by = reported_by.to_string();
        let result = in_tx!(self, |w| tx_ops::report(w, decision_id, outcome, detail, Some(&by), now_ms));
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
        let (approver, digest_seen) = (approver.to_string(), digest_seen.map(str::to_string));
        in_tx!(self, |w| tx_ops::approve(w, approval_id, &approver, digest_seen.as_deref(), now_ms))
    }

    async fn reject(
        &self,
        approval_id: ApprovalId,
        approver: &str,
        reason: Option<&str>,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        let (approver, reason, digest_seen) =
            (approver.to_string(), reason.map(str::to_string), digest_seen.map(str::to_string));
        in_tx!(self, |w| tx_ops::reject(w, approval_id, &approver, reason.as_deref(), digest_seen.as_deref(), now_ms))
    }

    async fn expire_approvals(&self, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
        in_tx!(self, |w| tx_ops::expire_all(w, now_ms))
    }

    async fn set_kill_switch(&self, engaged: bool, by: &str, now_ms: i64) -> Result<bool, StoreError> {
        let by = by.to_string();
        in_tx!(self, |w| tx_ops::set_kill_switch(w, engaged, &by, now_ms))
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

    async fn retained(&self) -> Option<foureyes_store::authority::Retained> {
        Some(self.state.authority.lock().await.retained())
    }

    async fn applied_tree_head(&self) -> Result<Option<(u64, foureyes_core::merkle::Hash, Option<u64>)>, StoreError> {
        // The state, not the database (ADR-612): no transaction and no chain-head lock, which another session can
        // hold. The state is applied after COMMIT (ADR-410), so it holds only committed events.
        let authority = self.state.authority.lock().await;
        let (size, root) = authority.tree_head();
        Ok(Some((size, root, authority.sealed_from())))
    }

    async fn start_seal(&self, by: &str, now_ms: i64) -> Result<Option<u64>, StoreError> {
        let by = by.to_string();
        in_tx!(self, |w| tx_ops::start_seal(w, &by, now_ms))
    }

    async fn journal_sealed(&self, after_seq: u64, limit: u32) -> Result<Vec<(Event, Option<String>)>, StoreError> {
        ops::journal_page_sealed(&self.conn().await?, after_seq, limit).await
    }

    async fn record_policy(&self, policy: &Policy, now_ms: i64) -> Result<bool, StoreError> {
        let actions: Vec<String> = policy.actions.keys().cloned().collect();
        let (sha256, source) = (policy.sha256.clone(), policy.source.clone());
        in_tx!(self, |w| tx_ops::record_policy(w, &sha256, &source, &actions, now_ms))
    }

    async fn refuse(
        &self,
        agent: &str,
        code: &str,
        message: &str,
        input: Value,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let (agent, code, message) = (agent.to_string(), code.to_string(), message.to_string());
        in_tx!(self, |w| async { tx_ops::refuse(w, &agent, &code, &message, input, now_ms).await.map(|e| e.seq) })
    }

    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        ops::load_decision(&self.conn().await?, id).await
    }

    async fn decision_checked(&self, id: DecisionId, now_ms: i64) -> Result<Option<DecisionRecord>, StoreError> {
        in_tx!(self, |w| tx_ops::checked_decision(w, id, now_ms))
    }

    async fn runs_by_connector(&self, ids: Vec<DecisionId>) -> Result<Vec<bool>, StoreError> {
        in_tx!(self, |w| tx_ops::runs_by_connector(w, &ids))
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

    /// Pages through the events after `after_seq` as the default does, but reads only their `seq` and, for a
    /// `policy_loaded`, its data (ADR-763): the other events are neither sent nor parsed. The statement is the
    /// default's index range scan (`seq > $1 ORDER BY seq LIMIT $2`), whose plan stays right as the journal grows;
    /// `serve`'s follower asks this on every change hint, and every decision is one.
    async fn newest_policy_loaded(&self, after_seq: u64) -> Result<(u64, Option<String>), StoreError> {
        const SQL: &str = "SELECT seq, CASE WHEN kind = 'policy_loaded' THEN data END FROM journal
                           WHERE seq > $1 ORDER BY seq LIMIT $2";
        const PAGE: i64 = 1000;
        let conn = self.conn().await?;
        let (mut after, mut newest) = (i64::try_from(after_seq).unwrap_or(i64::MAX), None);
        loop {
            let page = db::rows(&conn, SQL, &[&after, &PAGE]).await?;
            for r in &page {
                after = db::get(r, 0)?;
                if let Some(text) = db::get::<Option<String>>(r, 1)? {
                    newest = Some(text);
                }
            }
            if (page.len() as i64) < PAGE {
                break;
            }
        }
        let sha = match newest {
            Some(text) => {
                let data: Value = serde_json::from_str(&text)
                    .map_err(|e| StoreError::Backend(format!("a policy_loaded event is not JSON: {e}")))?;
                data.get("sha256").and_then(|s| s.as_str()).map(str::to_string)
            }
            None => None,
        };
        Ok((u64::try_from(after).unwrap_or(0).max(after_seq), sha))
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
        let (agent, session, by, why) =
            (agent.to_string(), session.map(str::to_string), by.to_string(), why.to_string());
        in_tx!(self, |w| tx_ops::restore_session(w, &agent, session.as_deref(), &by, &why, now_ms))
    }

    async fn audit(&self) -> Result<AuditReport, StoreError> {
        // One snapshot: the journal and the tables are compared as of the same moment.
        let mut report = {
            let mut conn = self.conn().await?;
            let tx = snapshot(&mut conn).await?;
            audit(&tx).await?
        };
        // Under the seal key, the rows' settlement seals against the journal's (ADR-896).
        report.add(in_tx!(self, |w| tx_ops::settlement_seals_differ(w, foureyes_store::spill::SpillMap::in_memory()))?);
        Ok(report)
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
        let checkpoint = checkpoint.clone();
        in_tx!(self, |w| tx_ops::record_checkpoint(w, &checkpoint, now_ms))
    }

    async fn last_checkpoint(&self) -> Result<Option<foureyes_store::CheckpointRecord>, StoreError> {
        checkpoints::last(&self.conn().await?).await
    }

    async fn pin_tool(&self, pin: &foureyes_core::tool_pin::ToolPinned, now_ms: i64) -> Result<u64, StoreError> {
        let pin = pin.clone();
        in_tx!(self, |w| tx_ops::pin_tool(w, &pin, now_ms))
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
        let (connector, by) = (connector.to_string(), by.to_string());
        in_tx!(self, |w| tx_ops::connector_started(w, decision_id, &connector, &by, now_ms))
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
        let (task_id, by) = (task_id.to_string(), by.cloned());
        in_tx!(self, |w| tasks::command(w, &task_id, &cmd, Ok(rules), by.as_ref(), now_ms))
    }

    async fn task_refuse(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        refusal: TaskRefusal,
        by: Option<&foureyes_core::task::By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        let (task_id, by) = (task_id.to_string(), by.cloned());
        in_tx!(self, |w| tasks::command(w, &task_id, &cmd, Err(refusal), by.as_ref(), now_ms))
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
    replayed.audit(events, &tables, found)
}
