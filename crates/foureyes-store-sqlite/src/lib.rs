//! FourEyes storage on SQLite: the embedded default backend.
//!
//! - WAL journal mode, `synchronous=FULL`: a decision is on disk before its caller hears of it.
//! - One writer thread owns the write connection. Concurrent writes queue on a channel; the writer takes every
//!   job waiting (up to `max_batch`), runs each inside its own SAVEPOINT within one `BEGIN IMMEDIATE`
//!   transaction, COMMITs once, and only then answers each caller (group commit: one fsync for the batch).
//!   A job that fails is rolled back to its savepoint, so it cannot fail the others.
//! - A caller that finds the writer idle (nothing queued, the last commit a job alone) and SQLite's write lock free
//!   commits its own job on its own thread, as the writer commits a batch of one (ADR-790): no thread wake-up on a
//!   lone caller's path. Callers that find it busy queue, and their batch forms behind it.
//! - `BEGIN IMMEDIATE` takes SQLite's write lock up front, so several `foureyes` processes on one file
//!   serialize their deciding transactions (each waits up to `busy_timeout`).
//! - Reads use a fixed pool of separate connections (`SqliteOptions::readers`) and never wait for the writer; a read
//!   waits for a free connection rather than opening more. Reads run on the blocking pool, except the token lookup
//!   every authenticated request makes, which runs on the calling thread over an idle connection (ADR-690).
//! - The write transactions are `foureyes_store::ops`, run over this crate's dialect ([`ops::SqliteTx`], a
//!   `foureyes_store::tx::WriteTx`) with `foureyes_store::tx::run_ready`: SQLite never waits, so they complete on
//!   the writer thread without an executor.
//! - The WAL is checkpointed into the database by a thread of its own, never by the writer (ADR-670): the writer's
//!   connection has no automatic checkpoint, and after its commits the checkpointer copies what they wrote.

mod checkpoints;
mod credentials;
mod head;
mod held;
mod one_name;
pub(crate) mod ops;
mod scratch;
mod sessions;
pub(crate) mod tasks;

use async_trait::async_trait;
use foureyes_core::journal::{Event, VerifyReport};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, DecisionId, DecisionRecord, DemotionRecord, Outcome,
    Policy,
};
use foureyes_store::authority::{Authority, CredentialMap};
use foureyes_store::ops as tx_ops;
use foureyes_store::spill::SpillMap;
use foureyes_store::tx::run_ready;
use foureyes_store::{AuditReport, Backend, Checked, Decided, DecisionFilter, Store, StoreError, VoteOutcome};
use ops::SqliteTx;
use rusqlite::{Connection, OpenFlags};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// The schema version this build writes (`PRAGMA user_version`).
pub const SCHEMA_VERSION: i64 = 11;

/// Prepared statements kept per connection (every statement of the write and read paths fits).
const STATEMENT_CACHE: usize = 128;

/// The checkpointer runs at most once per this interval: the commits of the interval are copied together.
const CHECKPOINT_INTERVAL: Duration = Duration::from_millis(200);

/// WAL frames (pages) past which the checkpointer's copy also restarts the log: a `PASSIVE` checkpoint never waits
/// for the writer, so under unbroken load (the writer never idle when a copy ends) the log would never start over
/// and the file would grow without bound. A `RESTART` holds the write lock while it finishes (the writer waits, as for
/// another process's write) and the next commit writes from the log's start: about 40 MiB at 4 KiB pages.
const CHECKPOINT_RESTART_FRAMES: i64 = 10_000;

/// How long a `RESTART` checkpoint may wait (holding off the writer) for readers of older snapshots.
const CHECKPOINT_RESTART_WAIT: Duration = Duration::from_millis(100);

/// Tuning for the SQLite store.
#[derive(Debug, Clone)]
pub struct SqliteOptions {
    /// Batch concurrent writes into one transaction. Off = one transaction (and one fsync) per write.
    pub group_commit: bool,
    /// Most writes in one batch.
    pub max_batch: usize,
    /// How long a transaction waits for another process's write lock.
    pub busy_timeout: Duration,
    /// Read connections, at most: a read waits (asynchronously) for one of them rather than opening another.
    pub readers: usize,
}

impl Default for SqliteOptions {
    fn default() -> Self {
        SqliteOptions { group_commit: true, max_batch: 256, busy_timeout: Duration::from_secs(30), readers: 8 }
    }
}

type Responder = Box<dyn FnOnce(Result<(), StoreError>) + Send>;
/// A write job: runs inside a savepoint, returns whether it failed (to be rolled back) and how to answer.
/// Called with `None` when the transaction could not start: the work is skipped and only the answer is built.
/// It runs on the batch's [`ops::Held`]: the connection with the statements the batch's jobs share (ADR-981).
type Job = Box<dyn FnOnce(Option<&ops::Held<'_>>) -> (bool, Responder) + Send>;

/// The write connection and the checkpointer's wake-up, held by whoever commits: the writer thread for a batch, or a
/// caller that finds the writer idle for its own job (ADR-790). `None` once the writer has ended (the checkpointer,
/// whose channel this holds the sending end of, then ends too).
struct WriteConn {
    conn: Connection,
    committed: mpsc::SyncSender<()>,
    /// The record beside the database of what its doors committed (ADR-1400); `None` for a door that only reads.
    head: Option<Arc<head::Keeper>>,
    /// The database's path, for ADR-1402's check before the connection may checkpoint as it closes.
    db: PathBuf,
}

/// What callers and the writer thread share to decide who commits a job (ADR-790).
struct Commits {
    /// The write connection: the writer thread locks it for each batch; a caller takes it only with `try_lock`.
    conn: Mutex<Option<WriteConn>>,
    /// Jobs sent to the writer thread and not yet answered: a caller runs its own job only when this is 0.
    queued: std::sync::atomic::AtomicUsize,
    /// How a transaction of the write path begins: `BEGIN IMMEDIATE`, or `BEGIN` on the read-only connection of a door
    /// that only reads (ADR-1250), where the authority's checked reads run and any write is refused by SQLite.
    begin: &'static str,
    /// How many jobs the last commit carried: above one, callers are queueing behind each other and a batch pays
    /// more than a caller's own commit saves, so callers queue too.
    last_batch: std::sync::atomic::AtomicUsize,
    /// Set when a write transaction could not begin for another reason than a busy lock (a disk I/O error: a log
    /// replaced under the connection, attack 41's H9b): the write connection then checkpoints nothing as it closes.
    suspect: Arc<std::sync::atomic::AtomicBool>,
    /// Set with `stopped` when the checkpointer stopped the store over a log that no longer extends what the doors
    /// committed (ADR-1402) rather than after a failed write: the authority state is then still what was committed
    /// and verified, and a stop witnesses it (F1443).
    foreign_log: Arc<std::sync::atomic::AtomicBool>,
    /// Set as the writer or the checkpointer closes without checkpointing (a stop, a suspect connection, a log that no
    /// longer extends what the doors committed, ADR-1402): the store's read connections then close without
    /// checkpointing too. One of them, the last to close, copied a log with another program's truncating commit into
    /// the file and deleted it at `serve`'s clean stop (attack 44's H2, F1445).
    keep_log: Arc<std::sync::atomic::AtomicBool>,
}

/// The SQLite store. Cheap to share behind an `Arc`.
pub struct SqliteStore {
    path: PathBuf,
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    commits: Arc<Commits>,
    writer: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// The WAL checkpointer: ends when the writer does.
    checkpointer: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// Idle read connections; with those in use, never more than `options.readers`.
    readers: Mutex<Vec<Connection>>,
    /// One permit per read connection: a read holds one while it runs.
    read_permits: tokio::sync::Semaphore,
    options: SqliteOptions,
    /// Set once, by the writer, when a COMMIT fails (a failed write or fsync, a full disk): the store is then
    /// fail-stopped and refuses every later write with this reason (ADR-140).
    stopped: Arc<OnceLock<String>>,
    /// The authority state decisions read (ADR-180), caught up by each write transaction on the writer thread.
    authority: Arc<Mutex<Authority>>,
    /// Its credentials, for checking a principal on the read path.
    credentials: CredentialMap,
    /// The seq it has applied, for the read path (see `credentials.rs`).
    applied: Arc<std::sync::atomic::AtomicU64>,
    /// Its sessions and sign-in codes, for checking a session on the read path.
    signins: foureyes_store::authority::SigninMap,
    /// Opened by a door that only reads (ADR-1250): every connection `SQLITE_OPEN_READ_ONLY`, no checkpointer, no
    /// migration.
    read_only: bool,
    /// The database file held open by this store (ADR-1420): no look of the store's own opens a descriptor of it
    /// while the store lives. Declared last, so dropped after every connection.
    _held: held::Held,
}

/// `path` as the file SQLite opens, so that every companion FourEyes keeps beside it (`DB.head`, the clock, the `-wal`
/// the look reads) is beside the file SQLite writes. Two spellings differed:
/// - the bundled SQLite is built with URI file names on, so a name that begins with `file:` is a URI to it (`file:A.db`
///   opens `A.db`) while the companions were kept beside the name as given (`file:A.db.head`): a fork's log refused at
///   `--db A.db` was applied at `--db file:A.db` (attack 44's H1, F1445). Such a name is read as the file of that name
///   in the current folder, as every other tool reads a path;
/// - SQLite's `xFullPathname` resolves a symbolic link and `..` element by element (`L.db` → `A.db`, `nox/../A.db` →
///   `A.db` though `nox` does not exist), while the look asked `L.db-wal` and `nox/../A.db-wal`, found no log, and
///   SQLite then applied `A.db-wal`, a fork's (attack 45's H1, F1449). Such a name is resolved as SQLite resolves it,
///   and the resolved name is the store's. A plain name (no link, no `..`) is kept as given, as messages name it.
pub(crate) fn literal(path: &Path) -> PathBuf {
    let path = if path.as_os_str().as_encoded_bytes().starts_with(b"file:") {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    };
    as_sqlite_resolves(&path).unwrap_or(path)
}

/// The most symbolic links SQLite's unix VFS follows in one name (`SQLITE_MAX_SYMLINK`).
const MAX_SYMLINKS: usize = 100;

/// The absolute name SQLite's unix `xFullPathname` makes of `path` (`appendAllPathElements`: `.` dropped, `..` drops
/// the element before it, each element that is a symbolic link replaced by its target), or `None` when `path` has
/// neither a `..` nor a link in it (SQLite opens it as given).
fn as_sqlite_resolves(path: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let spelled = path.components().any(|c| c == Component::ParentDir)
        || path.ancestors().any(|p| !p.as_os_str().is_empty() && p.is_symlink());
    if !spelled || path.as_os_str() == ":memory:" {
        return None;
    }
    let mut out = if path.is_absolute() { PathBuf::from("/") } else { std::env::current_dir().ok()? };
    let mut todo: std::collections::VecDeque<std::ffi::OsString> = path
        .components()
        .filter(|c| matches!(c, Component::Normal(_) | Component::ParentDir))
        .map(|c| c.as_os_str().to_owned())
        .collect();
    let mut links = 0;
    while let Some(element) = todo.pop_front() {
        if element == ".." {
            out.pop();
            continue;
        }
        out.push(&element);
        if let Ok(target) = std::fs::read_link(&out) {
            links += 1;
            if links > MAX_SYMLINKS {
                return None;
            }
            out.pop();
            if target.is_absolute() {
                out = PathBuf::from("/");
            }
            for c in target.components().rev() {
                if matches!(c, Component::Normal(_) | Component::ParentDir) {
                    todo.push_front(c.as_os_str().to_owned());
                }
            }
        }
    }
    Some(out)
}

/// Another connection of a writing store (its checkpointer, its readers), opened after the writer's connection
/// migrated the schema: it checkpoints at close (removing `-wal` and `-shm` as the last one closes) once the database
/// it sees is FourEyes' at this build's version (ADR-1251).
fn open(path: &Path, options: &SqliteOptions) -> Result<Connection, StoreError> {
    let conn = open_as(path, options, Create::Yes)?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).sql()?;
    if version == SCHEMA_VERSION {
        conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false).sql()?;
    }
    Ok(conn)
}

/// Whether [`open_as`] may create the database: the doors that write may; the doors that only read may not (H7,
/// ADR-1210): a mistyped or deleted path must not verify green as a new, empty journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Create {
    Yes,
    No,
}

fn open_as(path: &Path, options: &SqliteOptions, create: Create) -> Result<Connection, StoreError> {
    // Every file SQLite opens (the database, `-wal`, `-shm`, `-journal`) is checked on its descriptor for other names
    // (F942, F943, ADR-942): refused before SQLite writes a byte into it.
    one_name::install().map_err(StoreError::Backend)?;
    one_name::take_refusal();
    // Whose database this is, seen read-only first (ADR-1211): nothing — not a log's frames, not `journal_mode` — is
    // written into another program's database, or into this one from another program's log.
    let seen = look_before_open(path, options)?;
    if create == Create::No && !matches!(seen, Some(Identity::FourEyes)) {
        // A file of other names is that first (F942): SQLite's checked open never ran on it here.
        if let Some(links) = std::fs::metadata(path).ok().map(|m| std::os::unix::fs::MetadataExt::nlink(&m))
            && links > 1
        {
            return Err(StoreError::Backend(format!(
                "cannot open `{}`: {}",
                path.display(),
                one_name::linked(&path.display().to_string(), links)
            )));
        }
        return Err(no_database(path, seen.is_none()));
    }
    if create == Create::No {
        return open_read_only(path, options);
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_CREATE;
    let conn = Connection::open_with_flags(path, flags)
        .map_err(|e| StoreError::Backend(format!("cannot open `{}`: {}", path.display(), with_refusal(&e))))?;
    // No checkpoint when this connection closes until the database is known to be FourEyes' (H4, ADR-1211): a
    // connection dropped by the refusal below would otherwise copy a log's frames into the file as it closes.
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).sql()?;
    conn.busy_timeout(options.busy_timeout).sql()?;
    refuse_another_programs_database(&conn, path)?;
    // The log this connection's SQLite reads, on its own descriptor (ADR-1400): a log put at the name after the look
    // (attack 41's H9) is refused here, before anything is written and with checkpoint-on-close still off.
    check_own_log(path, &conn)?;
    // Checkpoint-on-close stays off until the schema has also been brought up to this build's (ADR-1251): a
    // migration that fails (a log whose schema passed the look but is not FourEyes' whole schema) must not leave a
    // connection that copies the log into the file as it closes (attack 39's #2.1). [`SqliteStore::open_with`] turns
    // it on after `migrate`.
    // The write path alone prepares more than rusqlite's default 16 statements: a smaller cache would evict and
    // re-parse them on every transaction.
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    conn.pragma_update(None, "journal_mode", "WAL").sql()?;
    conn.pragma_update(None, "synchronous", "FULL").sql()?;
    conn.pragma_update(None, "foreign_keys", "ON").sql()?;
    Ok(conn)
}

/// The connection of a door that only reads (ADR-1250): `SQLITE_OPEN_READ_ONLY`, checkpoint-on-close off for good.
/// SQLite then never plays a hot journal back, never checkpoints a log into the file, and neither this door's
/// statements nor a migration nor `journal_mode` can write the database; what it may write is the wal-index (`-shm`),
/// SQLite's own shared memory, and an empty `-wal`/`-shm` where none was and the directory allows. Refused, naming the
/// file, when the database is not FourEyes' whole schema at this build's version (a read door upgrades nothing).
fn open_read_only(path: &Path, options: &SqliteOptions) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)
        .map_err(|e| StoreError::Backend(format!("cannot open `{}`: {}", path.display(), with_refusal(&e))))?;
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).sql()?;
    conn.busy_timeout(options.busy_timeout).sql()?;
    match identity(&conn).map_err(|e| read_only_error(path, &e))? {
        Identity::FourEyes => {}
        Identity::Foreign(why) => return Err(foreign_database(path, &why)),
        Identity::Empty => return Err(no_database(path, true)),
    }
    check_own_log(path, &conn)?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    conn.pragma_update(None, "foreign_keys", "ON").sql()?;
    Ok(conn)
}

/// An error a read-only connection met reading the schema: a refused companion (F417) as [`read_error`] says it; a
/// log SQLite cannot read without writing — no `-shm` and no right to make one, a read-only mount with a log — named
/// as such (attack 39's #7: the reader was told FourEyes' own database was not one).
fn read_only_error(path: &Path, e: &rusqlite::Error) -> StoreError {
    if let Some(why) = one_name::take_refusal() {
        return StoreError::Backend(format!("cannot open `{}`: {e}: {why}", path.display()));
    }
    let code = e.sqlite_error_code();
    let journal = companion_of(path, "-journal");
    if matches!(code, Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly))
        && std::fs::symlink_metadata(&journal).is_ok_and(|m| m.is_file() && m.len() > 0)
    {
        // A hot rollback journal: SQLite would play it back into the file before any read, which a read-only look
        // never lets it do. Named as what it is, not as a missing log (attack 40's minor item, ADR-1312).
        return StoreError::Backend(format!(
            "`{}` has a hot rollback journal beside it, `{}` ({e}): FourEyes keeps its database in WAL mode and \
             leaves no such journal, so it is another program's interrupted transaction or a file planted there, and \
             playing it back would rewrite `{}` with its pages. Refused before anything was written — it was not \
             played back (attack 40, ADR-1312). If no other program uses this database, move `{}` away",
            path.display(),
            journal.display(),
            path.display(),
            journal.display()
        ));
    }
    if matches!(code, Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly))
        && std::fs::symlink_metadata(&journal).is_ok_and(|m| !m.is_file())
    {
        // Not a file at all (a socket SQLite cannot open; the checked `open()` names what it opens itself).
        return StoreError::Backend(format!(
            "`{}` is not a regular file (a socket, device or other file at the name of `{}`'s rollback journal, which \
             FourEyes never keeps): refused without reading it ({e}); nothing was written (ADR-1253, ADR-1312). Move \
             it away",
            journal.display(),
            path.display()
        ));
    }
    if matches!(code, Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly)) {
        let (wal, shm) = (wal_of(path), companion_of(path, "-shm"));
        return StoreError::Backend(format!(
            "cannot read `{}` without writing beside it ({e}): its log `{}` or index `{}` is missing or cannot be \
             opened, and a read-only connection may not make them (SQLite's read-only WAL access needs both to exist \
             or to be creatable; ADR-1250): nothing was written. Run it as a user who may write that directory",
            path.display(),
            wal.display(),
            shm.display()
        ));
    }
    read_error(path, e)
}

/// FourEyes' own `application_id` (`PRAGMA application_id`, header bytes 68–71: "FEye"), set when a door creates
/// the database (ADR-1212), so the file says whose it is. Databases created before it carry 0 and are told by their
/// schema.
pub const APPLICATION_ID: i32 = 0x4645_7965;

/// The columns of FourEyes' `journal` table (schema.sql): a table merely *named* `journal` is not FourEyes' (H6).
const JOURNAL_COLUMNS: [&str; 6] = ["seq", "ts_ms", "kind", "data", "prev_hash", "hash"];

/// The tables FourEyes' first schema already made (schema.sql since it was added), all present in every FourEyes
/// database at any version: a log or file with a `journal` of FourEyes' columns and not these is another program's
/// (attack 39's #2.1: `journal` plus `secrets`, migrated, failed, and checkpointed into `fe.db`).
const CORE_TABLES: [&str; 10] = [
    "journal",
    "decisions",
    "idempotency",
    "approvals",
    "approval_votes",
    "reservations",
    "settings",
    "tokens",
    "sessions",
    "signin_codes",
];

/// The columns of foureyes-connect's `connector_secrets`, the table `foureyes secret set` may make before any door.
const SECRETS_COLUMNS: [&str; 5] = ["name", "version", "key_fingerprint", "nonce", "sealed"];

/// Whose a SQLite database is, by its schema (ADR-1212).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Identity {
    /// No table, no `user_version`, no other program's `application_id`: a new database, for a door that creates.
    Empty,
    /// FourEyes' journal (with its columns), or only the connector secrets FourEyes makes before any door.
    FourEyes,
    /// Another program's: why, in words.
    Foreign(String),
}

fn identity(conn: &Connection) -> rusqlite::Result<Identity> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let app: i64 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let columns = |table: &str| -> rusqlite::Result<Vec<String>> {
        conn.prepare("SELECT name FROM pragma_table_info(?1)")?
            .query_map([table], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()
    };
    let has_all = |have: &[String], want: &[&str]| want.iter().all(|w| have.iter().any(|h| h == w));
    if app != 0 && app != i64::from(APPLICATION_ID) {
        return Ok(Identity::Foreign(format!(
            "its application_id is {app} (0x{app:08x}), not FourEyes' (0x{APPLICATION_ID:08x})"
        )));
    }
    if tables.is_empty() {
        return Ok(if version == 0 {
            Identity::Empty
        } else {
            Identity::Foreign(format!("no tables, but user_version {version} set by the program that made it"))
        });
    }
    if tables.iter().any(|t| t == "journal") {
        if !has_all(&columns("journal")?, &JOURNAL_COLUMNS) {
            return Ok(Identity::Foreign(format!(
                "{} tables, and its table named `journal` is not FourEyes' journal (no {} columns)",
                tables.len(),
                JOURNAL_COLUMNS.join("/")
            )));
        }
        // The whole schema, not a table's column names (ADR-1251): FourEyes commits its tables and its
        // user_version in one transaction, so a `journal` without them is not FourEyes'.
        if version == 0 {
            return Ok(Identity::Foreign(format!(
                "{} tables, a `journal` with FourEyes' column names but no schema version (user_version 0), which \
                 FourEyes never leaves its journal without",
                tables.len()
            )));
        }
        let missing: Vec<&str> = CORE_TABLES.iter().copied().filter(|t| !tables.iter().any(|h| h == t)).collect();
        if !missing.is_empty() {
            return Ok(Identity::Foreign(format!(
                "{} tables, a `journal` with FourEyes' column names but without FourEyes' tables {}",
                tables.len(),
                missing.join(", ")
            )));
        }
        return Ok(Identity::FourEyes);
    }
    if version == 0
        && tables.len() == 1
        && tables[0] == "connector_secrets"
        && has_all(&columns("connector_secrets")?, &SECRETS_COLUMNS)
    {
        return Ok(Identity::FourEyes);
    }
    Ok(Identity::Foreign(format!("{} tables, none of them FourEyes' journal", tables.len())))
}

/// A database of another program is refused before the door writes anything into it — not even `journal_mode=WAL`:
/// a path that is a symbolic link to that program's file, say (attack 37's 1.1: another app's SQLite database got WAL
/// mode and every FourEyes table). F417; by its schema, not a table's name (attack 38's H6, ADR-1212). Run on the
/// read-write connection too, right after it opens (the look before it is a moment older).
fn refuse_another_programs_database(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    match identity(conn).map_err(|e| read_error(path, &e))? {
        Identity::Foreign(why) => Err(foreign_database(path, &why)),
        Identity::Empty | Identity::FourEyes => Ok(()),
    }
}

/// The file beside the database that SQLite reads as its log.
fn wal_of(path: &Path) -> PathBuf {
    companion_of(path, "-wal")
}

/// The file beside the database named `path` + `suffix` (`-wal`, `-shm`, `-journal`).
fn companion_of(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn foreign_database(path: &Path, why: &str) -> StoreError {
    let wal = wal_of(path);
    let through = if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        format!(" (seen through its log `{}`)", wal.display())
    } else {
        String::new()
    };
    StoreError::Schema(format!(
        "`{}`{through} is a SQLite database of another program ({why}): refused before anything was written (F417, \
         ADR-1212). Give FourEyes a database of its own",
        path.display()
    ))
}

/// An error reading the schema: a file beside the database that the checked `open()` refused (F417, ADR-1213) is
/// what it says, naming that file; anything else is the database's own.
fn read_error(path: &Path, e: &rusqlite::Error) -> StoreError {
    if is_busy(e) || e.sqlite_error_code() == Some(rusqlite::ErrorCode::FileLockingProtocolFailed) {
        // A lock another process holds (an exclusive locking mode, a lock on the index's bytes) is not a file that
        // is no database: said as the lock it is, as ADR-1510 says it at a write (attack 45's M5).
        let _ = one_name::take_refusal();
        return StoreError::Busy(format!(
            "`{}` is locked by another process past this door's busy wait ({e}): nothing was read or written, and the \
             database is not in question — try again once the other process lets go of its lock",
            path.display()
        ));
    }
    match one_name::take_refusal() {
        Some(why) => StoreError::Backend(format!("cannot open `{}`: {e}: {why}", path.display())),
        None => unreadable(path, &e.to_string()),
    }
}

fn unreadable(path: &Path, why: &str) -> StoreError {
    StoreError::Schema(format!(
        "`{}` cannot be read as a SQLite database ({why}): refused before anything was written (F417, ADR-1212). \
         Give FourEyes a database of its own",
        path.display()
    ))
}

/// The refusal of a door that only reads (ADR-1210): no FourEyes database at `path`.
fn no_database(path: &Path, missing_or_empty: bool) -> StoreError {
    let what = match std::fs::metadata(path) {
        Err(_) => "no such file",
        Ok(m) if !m.is_file() => "not a regular file",
        Ok(m) if m.len() == 0 => "an empty file",
        Ok(_) if missing_or_empty => "no database in it",
        Ok(_) => "a SQLite database with no FourEyes journal in it",
    };
    StoreError::NotFound(format!(
        "`{}`: no FourEyes database here ({what}); this command only reads a database and creates none (ADR-1210). \
         Check --db / FOUREYES_DB",
        path.display()
    ))
}

/// Looks at the database at `path` read-only before a door opens it to write (ADR-1211, ADR-1212): `None` when there is
/// no file or an empty one (a door that creates makes it), else whose it is — refused, naming the file, when it is not
/// FourEyes'. The look changes nothing in the database file: a read-only connection, which SQLite never lets play a hot
/// journal back nor checkpoint, and told not to checkpoint at close. A log (`-wal`) that turns a FourEyes database into
/// another program's (another program's valid log at the name, attack 38's H4) is refused naming the log; its frames
/// stay in it, unapplied.
fn look_before_open(path: &Path, options: &SqliteOptions) -> Result<Option<Identity>, StoreError> {
    // A store of this process holds the file: its first connection's look vouches for the file, and a look now would
    // open and close descriptors of it, dropping every lock SQLite holds on it for this process (attack 41's H2,
    // ADR-1420).
    if held::is_held(path) {
        return Ok(Some(Identity::FourEyes));
    }
    let mut header = [0u8; 100];
    // Without blocking: a FIFO at the path must not hang the door (SQLite then refuses it as not a database).
    let opened = {
        use std::os::unix::fs::OpenOptionsExt as _;
        std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
    };
    let read = match opened {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        // A socket cannot be opened at all (ENXIO): said by name, as a FIFO is (attack 40's minor item, ADR-1312).
        Err(_)
            if std::fs::metadata(path).is_ok_and(|m| {
                use std::os::unix::fs::FileTypeExt as _;
                m.file_type().is_socket()
            }) =>
        {
            return Err(StoreError::Backend(format!(
                "`{}` is a socket, not a database file: refused without reading it (attack 40, ADR-1253, ADR-1312). \
                 Check --db / FOUREYES_DB",
                path.display()
            )));
        }
        Err(e) => return Err(StoreError::Backend(format!("cannot open `{}`: {e}", path.display()))),
        // A FIFO, a socket or a directory is no database: refused by name before SQLite opens it (a FIFO read blocks
        // the door for ever; a directory gave "disk I/O error"), attack 39, ADR-1253.
        Ok(file)
            if file.metadata().is_ok_and(|m| {
                use std::os::unix::fs::FileTypeExt as _;
                let t = m.file_type();
                t.is_fifo() || t.is_socket() || t.is_dir() || t.is_char_device()
            }) =>
        {
            use std::os::unix::fs::FileTypeExt as _;
            let t = file.metadata().map(|m| m.file_type()).ok();
            // A character device (`/dev/null`, a terminal) reads as empty or as a stream: never a database (a read
            // door called it "an empty file", a write door "disk I/O error"; attack 40, ADR-1312). A block device
            // keeps ADR-942's rule: SQLite may keep a database on one.
            let what = match t {
                Some(t) if t.is_dir() => "a directory",
                Some(t) if t.is_fifo() => "a FIFO (named pipe)",
                Some(t) if t.is_char_device() => "a character device",
                _ => "a socket",
            };
            return Err(StoreError::Backend(format!(
                "`{}` is {what}, not a database file: refused without reading it (attack 39, ADR-1253, ADR-1312). \
                 Check --db / FOUREYES_DB",
                path.display()
            )));
        }
        // A database on a device is read by SQLite alone (no header read here).
        Ok(file) if !file.metadata().is_ok_and(|m| m.is_file()) => header.len(),
        Ok(mut file) => {
            use std::io::Read as _;
            let mut read = 0;
            while read < header.len() {
                match file.read(&mut header[read..]) {
                    Ok(0) => break,
                    Ok(n) => read += n,
                    Err(e) => return Err(unreadable(path, &e.to_string())),
                }
            }
            read
        }
    };
    if read == 0 {
        return Ok(None);
    }
    let on_device = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if !on_device && (read < header.len() || &header[..16] != b"SQLite format 3\0") {
        return Err(unreadable(path, "its first bytes are not SQLite's header: file is not a database"));
    }
    let field = |at: usize| i32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]]);
    let (file_version, file_app) = (field(60), field(68));
    if file_app != 0 && file_app != APPLICATION_ID {
        // The file says it is another program's, whatever a log beside it makes of it.
        return Err(foreign_database(
            path,
            &format!("its application_id is {file_app} (0x{file_app:08x}), not FourEyes' (0x{APPLICATION_ID:08x})"),
        ));
    }
    let file_is_foureyes = file_app == APPLICATION_ID || (file_app == 0 && file_version != 0);
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| StoreError::Backend(format!("cannot open `{}`: {}", path.display(), with_refusal(&e))))?;
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).sql()?;
    conn.busy_timeout(options.busy_timeout).sql()?;
    let seen = identity(&conn).map_err(|e| read_only_error(path, &e))?;
    let wal = wal_of(path);
    let logged = std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0);
    // Another FourEyes database's log (attack 39's #2.2) has FourEyes' schema: its first event tells it. A journal's
    // first event never changes, so the file read alone (`immutable=1`: no log, no lock, nothing written) and the file
    // read through the log name the same seq 1, or the log is another journal's (ADR-1252).
    let compare = seen == Identity::FourEyes && file_is_foureyes && logged;
    // The file alone is read first, then through the log: a commit checkpointed by another door in between is then
    // in both (the log's view is never older than the file's), never in the file alone (ADR-1310).
    // What this database's own doors recorded of it (ADR-1400, ADR-1401), read before the log's view: a commit made
    // after this read is in the view too (the journal is append-only), so the record is never newer than the view.
    let record = if compare { head::read(path) } else { None };
    let floor_seq = record.as_ref().and_then(|r| r.floor.as_ref()).map(|f| f.0);
    let alone = if compare { events_in_file(path, floor_seq) } else { None };
    let through_log = if compare { first_event(&conn) } else { None };
    // The journal is append-only, so this database's own log only ever *extends* what the file alone holds: the file
    // alone's last event must be the same event seen through the log. A forked copy's log shares the first event
    // (ADR-1252 passes) but not the events written to this file after the fork: applying it would replace them
    // (attack 40's H7). One indexed look-up each side: O(1) in the history's length.
    if let Some(alone) = &alone
        && let Some((last_seq, last_hash)) = &alone.last
        && through_log.as_ref().is_some_and(|first| Some(first) == alone.first.as_ref())
    {
        let seen_there = event_hash(&conn, *last_seq);
        if seen_there.is_none()
            && let Some((log_seq, log_hash)) = head::last_event(&conn).filter(|(seq, _)| seq < last_seq)
            && events_in_file(path, Some(log_seq)).and_then(|a| a.at).as_ref() == Some(&log_hash)
        {
            // Not another journal: this one, shorter through its log and ending on an event the file alone holds too —
            // events the file holds were deleted by a commit in the log (rows deleted by another program). A shorter
            // fork's log ends on an event of its own (attack 40's H7) and stays told as a fork's. Told as the cut it is, with the witness's word and exit
            // code (ADR-1440), not as a fork's log (attack 45's M6, F1450).
            drop(conn);
            return Err(StoreError::Truncated(format!(
                "TRUNCATED: `{}` with its log `{}` holds the journal up to event {log_seq} ({}…), and `{}` alone holds \
                 it up to event {last_seq} ({}…): events {} to {last_seq} were deleted by a commit in the log (another \
                 program wrote to the database). Refused before this door wrote anything: it applied nothing of that \
                 log (ADR-1440, F1450). A witness (`journal verify --checkpoint`) tells what was signed; put back a copy \
                 taken before the deletion",
                path.display(),
                wal.display(),
                &log_hash[..log_hash.len().min(16)],
                path.display(),
                &last_hash[..last_hash.len().min(16)],
                log_seq + 1,
            )));
        }
        if seen_there.as_ref() != Some(last_hash) {
            drop(conn);
            return Err(StoreError::Schema(format!(
                "`{}` is not this database's log: `{}` alone holds its journal up to event {last_seq} ({}…), and seen \
                 through that log {}; a log of this database only ever extends its journal, so this one is another \
                 copy's (a fork) and applying it would replace this journal's later events. Refused before anything \
                 was written by this door — it applied nothing of that log (attack 40's H7, ADR-1310, ADR-1402). If no \
                 door is running and the log is not this database's, move it away",
                wal.display(),
                path.display(),
                &last_hash[..last_hash.len().min(16)],
                match &seen_there {
                    Some(other) => format!("event {last_seq} is another ({}…)", &other[..other.len().min(16)]),
                    None => format!("there is no event {last_seq}"),
                },
            )));
        }
    }
    if let (Some(record), Some(alone)) = (&record, &alone)
        && through_log.as_deref() == Some(record.first.as_str())
        && alone.first.as_ref().is_none_or(|first| first == &record.first)
    {
        // The log first (ADR-1440): where the recorded last commit is not there through it, the files found are
        // behind or beside what the doors committed, whatever the file alone holds; only a log that holds it can be
        // a newer log over an older file (ADR-1401).
        let refused = not_extending(path, record, &conn, Some(alone)).or_else(|| older_file(path, record, alone));
        if let Some(refused) = refused {
            drop(conn);
            return Err(refused);
        }
    }
    if seen == Identity::FourEyes
        && file_is_foureyes
        && !logged
        && let Some(refused) = head::read(path).and_then(|record| forked_file(path, &record, &conn))
    {
        drop(conn);
        return Err(refused);
    }
    drop(conn);
    if let Some(through_log) = through_log
        && let Some(in_file) = alone.and_then(|a| a.first)
        && in_file != through_log
    {
        return Err(StoreError::Schema(format!(
            "`{}` is not this database's log: `{}` is a FourEyes database whose journal begins with event {}…, and \
             seen through that log its journal begins with {}…, another FourEyes journal's; refused before anything \
             was written by this door — it applied nothing of that log (attack 39's #2.2, ADR-1252, ADR-1402). If no \
             door is running and the log is not this database's, move it away",
            wal.display(),
            path.display(),
            &in_file[..in_file.len().min(16)],
            &through_log[..through_log.len().min(16)],
        )));
    }
    match seen {
        Identity::FourEyes => Ok(Some(Identity::FourEyes)),
        other if file_is_foureyes && logged => Err(StoreError::Schema(format!(
            "`{}` is not this database's log: `{}` is a FourEyes database (user_version {file_version}), and seen \
             through that log it is another database ({}); refused before anything was written by this door — it \
             applied nothing of that log (attack 38's H4, ADR-1211, ADR-1402). If no door is running and the log is \
             not yours, move it away",
            wal.display(),
            path.display(),
            match &other {
                Identity::Foreign(why) => why.as_str(),
                _ => "no tables",
            }
        ))),
        Identity::Foreign(why) => Err(foreign_database(path, &why)),
        Identity::Empty => Ok(Some(Identity::Empty)),
    }
}

/// How many times [`older_file`] reads the file alone before it calls the file older than its floor, and the pause
/// between reads (F1444).
const FLOOR_REREADS: usize = 25;
const FLOOR_REREAD_PAUSE: Duration = Duration::from_millis(20);

/// ADR-1401 (attack 41's H3): the record says the file held its floor event; a file alone without it (another event
/// at that seq, or none) is an older copy of the file beside a log written over the newer one. The file alone is read
/// again before refusing: a page torn by another door's checkpoint must not refuse (it only ever adds events). A
/// checkpoint lasts milliseconds and the file alone is read without a lock, so one read again was not enough under 200
/// doors at once (F1444: 3 of 8 runs of `two_hundred_processes_never_overspend_a_budget` refused a door); an older
/// copy put back stays older, so reading again for up to [`FLOOR_REREADS`] × [`FLOOR_REREAD_PAUSE`] costs only the
/// refusal's time.
fn older_file(path: &Path, record: &head::Record, alone: &FileAlone) -> Option<StoreError> {
    let (seq, hash) = record.floor.as_ref()?;
    if alone.at.as_ref() == Some(hash) {
        return None;
    }
    let mut again = events_in_file(path, Some(*seq))?;
    for _ in 1..FLOOR_REREADS {
        if again.at.as_ref() == Some(hash) {
            return None;
        }
        std::thread::sleep(FLOOR_REREAD_PAUSE);
        again = events_in_file(path, Some(*seq))?;
    }
    if again.at.as_ref() == Some(hash) {
        return None;
    }
    let wal = wal_of(path);
    let record_file = head::path_of(path).unwrap_or_default();
    Some(StoreError::Schema(format!(
        "`{}` is older than the file its log `{}` was written over: this database's doors saw `{}` hold event {seq} \
         ({}…, recorded in `{}`), and `{}` alone now has {}: an older copy of the file (a backup restored) beside a \
         newer log, and applying that log would mix the two. Refused before this door wrote anything: it applied \
         nothing (attack 41's H3, ADR-1401). Put the newer file back; or, if the older file is meant, move the log away \
         (and `{}`)",
        path.display(),
        wal.display(),
        path.display(),
        &hash[..hash.len().min(16)],
        record_file.display(),
        path.display(),
        match &again.at {
            Some(other) => format!("another event {seq} ({}…)", &other[..other.len().min(16)]),
            None => format!("no event {seq}"),
        },
        record_file.display(),
    )))
}

/// ADR-1400 (attack 41's H1): the record names the last event this database's doors committed; its own log holds it
/// (a log only ever extends the journal), so a log under which that event is another is a fork's, whatever the file
/// alone holds (the file alone may end at the fork point when the newest events were still in the log the fork's
/// replaced). Asked on `conn` — the connection whose log SQLite will read. Where the journal seen through the log ends
/// before that event, the files found are *behind* what the doors committed (ADR-1440): a copy of the database put
/// back with its log, or an older log beside its file — told as what it is, a journal that lost events, refused as
/// the witness refuses one (`TRUNCATED`).
/// `alone` (the look's read of the file alone, where the caller has one) lets the message say whether the file is
/// itself older than its doors saw it.
fn not_extending(
    path: &Path,
    record: &head::Record,
    conn: &Connection,
    alone: Option<&FileAlone>,
) -> Option<StoreError> {
    let (seq, hash) = record.last.as_ref()?;
    let seen = event_hash(conn, *seq);
    if seen.as_ref() == Some(hash) {
        return None;
    }
    let record_file = head::path_of(path).unwrap_or_default();
    if seen.is_none()
        && let Some((last_seq, last_hash)) = head::last_event(conn).filter(|(last_seq, _)| last_seq < seq)
    {
        // The file alone lacks the floor its doors saw it hold: the file itself is an older copy.
        let older = alone.and_then(|a| record.floor.as_ref().filter(|(_, floor)| a.at.as_ref() != Some(floor)));
        return Some(behind(path, record, &record_file, (last_seq, &last_hash), older));
    }
    Some(StoreError::Schema(format!(
        "`{}` is not this database's log: the doors of `{}` last committed event {seq} ({}…, recorded in `{}`), and \
         seen through that log {}; this database's own log holds every event its doors committed, so this one is \
         another copy's (a fork) or an older one, and applying it would replace events this database acknowledged. \
         Refused before this door wrote anything: it applied nothing (attack 41's H1, ADR-1400). If no door is running \
         and the log is not this database's, move it away; if this database was restored on purpose, move `{}` away \
         too",
        wal_of(path).display(),
        path.display(),
        &hash[..hash.len().min(16)],
        record_file.display(),
        match &seen {
            Some(other) => format!("event {seq} is another ({}…)", &other[..other.len().min(16)]),
            None => format!("there is no event {seq}"),
        },
        record_file.display(),
    )))
}

/// F1448 (attack 44's 1.2): with no log beside it, the file is the whole database, and the record still says which
/// events its doors committed. The journal is append-only, so the file may lack the recorded events (a copy put back
/// alone: a rollback, the witness's to tell, ADR-1440 (c)) but never hold *another* event at a recorded seq: that is
/// another copy's journal (a fork's file put at the name, or a fork's log applied by another program, ADR-1400's
/// Limits), and every door refuses it as the log's fork is refused. One indexed look-up per recorded event.
fn forked_file(path: &Path, record: &head::Record, conn: &Connection) -> Option<StoreError> {
    if first_event(conn).as_deref() != Some(record.first.as_str()) {
        return None;
    }
    let record_file = head::path_of(path).unwrap_or_default();
    // Behind the record: events its doors committed are not in the file (ADR-409 as amended by attack 46's H1, H2). A
    // copy put back alone, or a cut checkpointed into the file by another program (`wal_checkpoint(TRUNCATE)` leaves
    // a log of 0 bytes, read as none), is refused as the same files with a log are (ADR-1440), not opened: opened, the
    // first write left a record no later door could pass (F1450 keeps it) and the cut verified until then.
    if let Some((seq, hash)) = &record.last
        && event_hash(conn, *seq).is_none()
        && let Some((last_seq, last_hash)) = head::last_event(conn).filter(|(last_seq, _)| last_seq < seq)
    {
        let short = |h: &str| h[..h.len().min(16)].to_string();
        return Some(StoreError::Truncated(format!(
            "TRUNCATED: `{}` holds the journal up to event {last_seq} ({}…), and this database's doors last committed \
             event {seq} ({}…, recorded in `{}`): events {} to {seq} are not there. An older copy of the database was \
             put back, or another program cut the journal and checkpointed the cut into the file. Refused before this \
             door wrote anything (ADR-409, ADR-1440). Put the newer file back if there is one; a witness (`journal \
             verify --checkpoint`) tells whether the journal was rolled back behind its signed checkpoints; if the \
             older copy is meant (a deliberate restore), move `{}` away",
            path.display(),
            short(&last_hash),
            short(hash),
            record_file.display(),
            last_seq + 1,
            record_file.display(),
        )));
    }
    let (seq, hash, other) =
        [record.last.as_ref(), record.floor.as_ref()].into_iter().flatten().find_map(|(seq, hash)| {
            event_hash(conn, *seq).filter(|other| other != hash).map(|other| (*seq, hash, other))
        })?;
    Some(StoreError::Schema(format!(
        "`{}` is not the database its doors committed to: they committed event {seq} ({}…, recorded in `{}`), and \
         `{}` holds another event {seq} ({}…); a journal is append-only, so this file is another copy's (a fork put at \
         this name, or a fork's log applied by another program) or this journal rewritten by another program. Refused before this door wrote anything (F1448, \
         ADR-1400). Put this database's file back; if this file is meant (a deliberate restore of another copy), \
         move `{}` away",
        path.display(),
        &hash[..hash.len().min(16)],
        record_file.display(),
        path.display(),
        &other[..other.len().min(16)],
        record_file.display(),
    )))
}

/// ADR-1440: the journal as SQLite reads it from the file and its log ends at `last_seq`, before the last event the
/// doors committed. What happened is that events were removed — by a copy put back with its log, or an older (or
/// another copy's) log beside the file; which of them, two files cannot tell, so the message names them all and says
/// what is certain: acknowledged events are not there, and this door applied nothing.
fn behind(
    path: &Path,
    record: &head::Record,
    record_file: &Path,
    (last_seq, last_hash): (i64, &str),
    older: Option<&head::Event>,
) -> StoreError {
    let (seq, hash) = record.last.clone().unwrap_or_default();
    let short = |h: &str| h[..h.len().min(16)].to_string();
    let missing = if last_seq + 1 == seq {
        format!("event {seq} is not there")
    } else {
        format!("events {} to {seq} are not there", last_seq + 1)
    };
    let cause = match older {
        // Both an older copy of the file put back with its own log and one put back beside the newer log it was
        // replaced under read so (attack 41's H3 as the attacker laid it out): the files cannot tell which.
        Some((floor_seq, floor_hash)) => format!(
            "`{}` alone has no event {floor_seq} ({}…), which its doors saw it hold: it is an older copy of the file, \
             put back either with its own log (a backup restored with its log: the journal rolled back) or beside \
             the newer log it was replaced under (the file alone restored, the log left: applying that log would mix \
             the two)",
            path.display(),
            short(floor_hash),
        ),
        None => "An older log of this database, or another copy's, is beside its file, or the database was put back \
                 to an older copy with its log"
            .to_string(),
    };
    StoreError::Truncated(format!(
        "TRUNCATED: `{}` with its log `{}` holds the journal up to event {last_seq} ({}…), and this database's doors \
         last committed event {seq} ({}…, recorded in `{}`): {missing}. {cause}. Refused before this door wrote \
         anything: it applied nothing of that log (ADR-1440). Put the newer files back if there are any; a witness \
         (`journal verify --checkpoint`) tells whether the journal was rolled back behind its signed checkpoints; if \
         the older copy is meant (a deliberate restore), move `{}` away (and the log, unless it is the copy's own)",
        path.display(),
        wal_of(path).display(),
        short(last_hash),
        short(&hash),
        record_file.display(),
        record_file.display(),
    ))
}

/// ADR-1400 on the store's own write connection, right after it opened: the log SQLite reads for this door (its
/// descriptor, not the name the look read a moment before) must extend what the doors committed.
fn check_own_log(path: &Path, conn: &Connection) -> Result<(), StoreError> {
    if !std::fs::metadata(wal_of(path)).is_ok_and(|m| m.len() > 0) {
        return Ok(());
    }
    let Some(record) = head::read(path) else { return Ok(()) };
    if first_event(conn).as_deref() != Some(record.first.as_str()) {
        return Ok(());
    }
    match not_extending(path, &record, conn, None) {
        Some(refused) => Err(refused),
        None => Ok(()),
    }
}

/// Whether the log `conn` reads still extends what this database's doors committed and its journal still reads
/// (ADR-1402): a connection checkpoints nothing otherwise.
/// Asked through the connection whatever stands at the log's name now (a log renamed away while the connection holds
/// it is still what it would checkpoint).
fn log_still_ours(path: &Path, conn: &Connection) -> bool {
    // A journal with no event yet (a new database: nothing recorded of it) has nothing to check.
    let Some(first) = first_event(conn) else { return true };
    match head::read(path) {
        Some(record) if record.first == first => not_extending(path, &record, conn, None).is_none(),
        _ => true,
    }
}

/// The hash of the journal's first event as `conn` sees it, if it has one.
fn first_event(conn: &Connection) -> Option<String> {
    use rusqlite::OptionalExtension as _;
    conn.query_row("SELECT hash FROM journal WHERE seq = 1", [], |r| r.get::<_, String>(0)).optional().ok().flatten()
}

/// The hash of event `seq` as `conn` sees it, if it has one.
fn event_hash(conn: &Connection, seq: i64) -> Option<String> {
    use rusqlite::OptionalExtension as _;
    conn.query_row("SELECT hash FROM journal WHERE seq = ?1", [seq], |r| r.get::<_, String>(0))
        .optional()
        .ok()
        .flatten()
}

/// What the database file alone holds of its journal: its first event's hash and its last event (seq, hash).
struct FileAlone {
    first: Option<String>,
    last: Option<(i64, String)>,
    /// The hash of the event asked for by seq (the recorded floor, ADR-1401), if the file alone has it.
    at: Option<String>,
}

/// [`first_event`] and the last event of the database file alone, its log ignored: opened `immutable=1` (SQLite
/// reads the file and nothing beside it, takes no lock, writes nothing). `None` (or a `None` field) when it cannot be
/// read or holds no event yet (a database whose every event is still in its log: nothing to compare, ADR-1252's
/// limit). Two indexed look-ups (ADR-1252, ADR-1310).
fn events_in_file(path: &Path, at: Option<i64>) -> Option<FileAlone> {
    use rusqlite::OptionalExtension as _;
    use std::os::unix::ffi::OsStrExt as _;
    let mut uri = String::from("file:");
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/._-~".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(&uri, flags).ok()?;
    let first = first_event(&conn);
    let last = conn
        .query_row("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1", [], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })
        .optional()
        .ok()
        .flatten();
    let at = at.and_then(|seq| event_hash(&conn, seq));
    let _ = one_name::take_refusal();
    Some(FileAlone { first, last, at })
}

/// A negative `user_version`: no FourEyes writes one, and no door (reading or writing) opens it (ADR-1512).
fn negative_version(path: &Path, version: i64) -> StoreError {
    StoreError::Schema(format!(
        "`{}` says schema version {version}, which no FourEyes writes: its `user_version` was set by another program; \
         nothing was written. Restore the database from a backup (or, if only `user_version` was changed, set it back \
         to the version the tables are at)",
        path.display()
    ))
}

fn migrate(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    // The common case (an existing database at this version) needs no write lock.
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).sql()?;
    if version == SCHEMA_VERSION {
        return Ok(());
    }
    conn.execute_batch("BEGIN IMMEDIATE").sql()?;
    let result = (|| {
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).sql()?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::Schema(format!(
                "`{}` has schema version {version}, newer than this foureyes understands ({SCHEMA_VERSION}): upgrade \
                 foureyes; nothing was written (the file is named since attack 40, ADR-1312)",
                path.display()
            )));
        }
        if version < 0 {
            // No FourEyes writes a negative version: every step below would run again over tables already there
            // (attack 44's H8: a bare "duplicate column name: session"). Said as ADR-1436 says a lowered one.
            return Err(negative_version(path, version));
        }
        if version == 0 {
            conn.execute_batch(include_str!("schema.sql")).sql()?;
            // The file says whose it is (ADR-1212): another program's, or a log planted beside it, is told by this too.
            conn.pragma_update(None, "application_id", APPLICATION_ID).sql()?;
        }
        if version < 2 {
            conn.execute_batch(tasks::SCHEMA).sql()?;
        }
        if version < 3 {
            conn.execute_batch(include_str!("sessions.sql")).sql()?;
        }
        if version < 4 {
            conn.execute_batch(include_str!("consent.sql")).sql()?;
        }
        if version < 5 {
            conn.execute_batch(include_str!("executors.sql")).sql()?;
        }
        if version < 6 {
            conn.execute_batch(include_str!("notifications.sql")).sql()?;
        }
        if version < 7 {
            // The door seal (ADR-420): outside the hashed fields, so every hash, checkpoint and proof is unchanged.
            let has_seal: bool = conn
                .query_row("SELECT COUNT(*) > 0 FROM pragma_table_info('journal') WHERE name = 'seal'", [], |r| {
                    r.get(0)
                })
                .sql()?;
            if !has_seal {
                conn.execute_batch("ALTER TABLE journal ADD COLUMN seal TEXT;").sql()?;
            }
        }
        if version < 8 {
            // A settled decision's record sealed in its row (ADR-740); a fresh schema has it already.
            let has_settled: bool = conn
                .query_row("SELECT COUNT(*) > 0 FROM pragma_table_info('decisions') WHERE name = 'settled'", [], |r| {
                    r.get(0)
                })
                .sql()?;
            if !has_settled {
                conn.execute_batch("ALTER TABLE decisions ADD COLUMN settled TEXT;").sql()?;
            }
        }
        if version < 9 {
            // Two pages fewer per commit (ADR-791): `decisions` and `reservations` without `AUTOINCREMENT` (every id
            // is given explicitly from the journal's floor, ADR-640, so `sqlite_sequence` only cost a page), and
            // `idempotency` kept in its primary key's b-tree alone. A fresh schema has them already.
            rebuild_table(conn, "decisions", |sql| sql.replacen("PRIMARY KEY AUTOINCREMENT", "PRIMARY KEY", 1))?;
            rebuild_table(conn, "reservations", |sql| sql.replacen("PRIMARY KEY AUTOINCREMENT", "PRIMARY KEY", 1))?;
            rebuild_table(conn, "idempotency", |sql| {
                if sql.trim_end().ends_with("WITHOUT ROWID") { sql.to_string() } else { format!("{sql} WITHOUT ROWID") }
            })?;
        }
        if version < 10 {
            // A settled approval's record sealed in its row (ADR-780). Version 9 is another step of this round's
            // (fast8); this one checks for its column, so it applies the same after it or without it.
            let has_settled: bool = conn
                .query_row("SELECT COUNT(*) > 0 FROM pragma_table_info('approvals') WHERE name = 'settled'", [], |r| {
                    r.get(0)
                })
                .sql()?;
            if !has_settled {
                conn.execute_batch("ALTER TABLE approvals ADD COLUMN settled TEXT;").sql()?;
            }
        }
        if version < 11 {
            // Two indexes no read uses, written by every decision (ADR-920): usage is the authority state's (ADR-180)
            // and a release finds its rows by id; `decisions list` walks the table by id. A fresh schema has neither.
            conn.execute_batch("DROP INDEX IF EXISTS decisions_status; DROP INDEX IF EXISTS reservations_window;")
                .sql()?;
        }
        if version < SCHEMA_VERSION {
            conn.pragma_update(None, "user_version", SCHEMA_VERSION).sql()?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => conn.execute_batch("COMMIT").map_err(sql_error),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            // A step that fails on a database with tables (a column already there, a table missing) means the file is
            // not at the version it says: its `user_version` was lowered or its tables edited. Say which file and what
            // to do (attack 41, F1436: a bare "duplicate column name: revoked_by" named neither).
            let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap_or(0);
            match e {
                StoreError::Backend(why)
                    if version > 0
                        && ["duplicate column name", "already exists", "no such table", "no such column"]
                            .iter()
                            .any(|m| why.contains(m)) =>
                {
                    Err(StoreError::Schema(format!(
                        "`{}` says schema version {version}, but its tables are not that version's: upgrading it to \
                         {SCHEMA_VERSION} failed ({why}). Its `user_version` was lowered or its tables were edited by \
                         another program; the upgrade was rolled back and nothing was written. Restore the database \
                         from a backup (or, if only `user_version` was changed, set it back to the version the tables \
                         are at)",
                        path.display()
                    )))
                }
                other => Err(other),
            }
        }
    }
}

/// Rebuilds `table` as `change` makes its `CREATE TABLE` text, keeping every row, column (in the order the file has
/// them: columns added by `ALTER TABLE` come last), index and trigger; nothing when the text is already as `change` makes it.
/// Inside the migration's transaction: a crash leaves the old table and version.
fn rebuild_table(conn: &Connection, table: &str, change: impl Fn(&str) -> String) -> Result<(), StoreError> {
    let sql: String = conn
        .query_row("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1", [table], |r| r.get(0))
        .sql()?;
    let new_sql = change(&sql);
    if new_sql == sql {
        return Ok(());
    }
    let indexes: Vec<String> = conn
        .prepare(
            "SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ?1 AND sql IS NOT NULL \
             ORDER BY type",
        )
        .sql()?
        .query_map([table], |r| r.get(0))
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    let (head, tail) = new_sql
        .split_once('(')
        .ok_or_else(|| StoreError::Schema(format!("table {table} has no column list: {sql}")))?;
    if !head.trim().trim_matches('"').ends_with(table) {
        return Err(StoreError::Schema(format!("table {table} is not defined as expected: {sql}")));
    }
    let rebuilt = format!("{table}_v{SCHEMA_VERSION}");
    conn.execute_batch(&format!(
        "CREATE TABLE {rebuilt} ({tail};
         INSERT INTO {rebuilt} SELECT * FROM {table};
         DROP TABLE {table};
         ALTER TABLE {rebuilt} RENAME TO {table};"
    ))
    .sql()?;
    for index in indexes {
        conn.execute_batch(&index).sql()?;
    }
    Ok(())
}

/// The highest id of each numbered kind a bench journal's templates name (`seed_bench_journal`), and the move that
/// gives a cycle's copies ids of their own: `cycle` spans above the templates' (F1430).
#[derive(Default)]
struct BenchIds {
    decision: i64,
    approval: i64,
    reservation: i64,
    demotion: i64,
}

impl BenchIds {
    fn note(&mut self, value: &serde_json::Value) {
        let spans = [&mut self.decision, &mut self.approval, &mut self.reservation, &mut self.demotion];
        let mut highest = [0i64; 4];
        collect_ids(value, &mut |kind, id| highest[kind] = highest[kind].max(id));
        for (span, id) in spans.into_iter().zip(highest) {
            *span = (*span).max(id);
        }
    }

    fn shift(&self, value: &mut serde_json::Value, cycle: i64) {
        let spans = [self.decision, self.approval, self.reservation, self.demotion];
        shift_ids(value, &|kind, id| id + cycle * spans[kind]);
    }
}

/// The numbered kinds a bench event names by key: 0 decision, 1 approval, 2 reservation, 3 demotion.
fn id_kind(key: &str) -> Option<usize> {
    match key {
        "decision_id" | "supersedes" => Some(0),
        "approval_id" => Some(1),
        "released" | "reservation_id" => Some(2),
        "demotion_id" => Some(3),
        _ => None,
    }
}

fn collect_ids(value: &serde_json::Value, found: &mut impl FnMut(usize, i64)) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                match (id_kind(key), v) {
                    (Some(kind), serde_json::Value::Number(n)) => found(kind, n.as_i64().unwrap_or(0)),
                    (Some(kind), serde_json::Value::Array(ids)) => {
                        ids.iter().filter_map(serde_json::Value::as_i64).for_each(|id| found(kind, id))
                    }
                    _ if key == "reservations" => {
                        for r in v.as_array().into_iter().flatten() {
                            if let Some(id) = r.get("id").and_then(serde_json::Value::as_i64) {
                                found(2, id);
                            }
                        }
                    }
                    _ => collect_ids(v, found),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_ids(v, found)),
        _ => {}
    }
}

fn shift_ids(value: &mut serde_json::Value, moved: &impl Fn(usize, i64) -> i64) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                match (id_kind(key), &mut *v) {
                    (Some(kind), serde_json::Value::Number(n)) => {
                        if let Some(id) = n.as_i64() {
                            *v = serde_json::Value::from(moved(kind, id));
                        }
                    }
                    (Some(kind), serde_json::Value::Array(ids)) => {
                        for id in ids.iter_mut() {
                            if let Some(n) = id.as_i64() {
                                *id = serde_json::Value::from(moved(kind, n));
                            }
                        }
                    }
                    _ if key == "reservations" => {
                        for r in v.as_array_mut().into_iter().flatten() {
                            if let Some(id) = r.get("id").and_then(serde_json::Value::as_i64) {
                                r["id"] = serde_json::Value::from(moved(2, id));
                            }
                        }
                    }
                    _ => shift_ids(v, moved),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| shift_ids(v, moved)),
        _ => {}
    }
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and starts its writer thread.
    pub fn open(path: impl AsRef<Path>, options: SqliteOptions) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path.as_ref(), options, Create::Yes)
    }

    /// Opens the FourEyes database at `path`, creating none (ADR-1210): for the doors that only read (`journal
    /// verify`, `audit`, `export`, `tail`, `prove`, `decisions`). A missing path, an empty file, or a SQLite database
    /// with no FourEyes journal is [`StoreError::NotFound`], naming the path, and nothing is created or written.
    pub fn open_existing(path: impl AsRef<Path>, options: SqliteOptions) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path.as_ref(), options, Create::No)
    }

    /// A connection of its own to the FourEyes database at `path`, for a table kept beside the store's (the connector
    /// secrets, ADR-1311), opened by the one opener every door uses: ADR-1211's look (whose database, its log's
    /// first event and last event, ADR-1252 and ADR-1310), ADR-942's checked `open()` of every companion (a FIFO, a
    /// hot `-journal`, a link), and — `write: false` — read-only throughout as a read door's (ADR-1250). Nothing is
    /// created: a path with no FourEyes database at this build's schema is refused, naming it (a door opens the
    /// store first; this never opens the file on its own before that look).
    pub fn side_connection(path: impl AsRef<Path>, write: bool) -> Result<Connection, StoreError> {
        let path = &literal(path.as_ref());
        let options = SqliteOptions::default();
        if !write {
            return open_as(path, &options, Create::No);
        }
        one_name::install().map_err(StoreError::Backend)?;
        if !matches!(look_before_open(path, &options)?, Some(Identity::FourEyes)) {
            return Err(no_database(path, true));
        }
        let conn = open(path, &options)?;
        // The store's own connections checkpoint (ADR-1402): a side connection never does as it closes.
        conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).sql()?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).sql()?;
        if version != SCHEMA_VERSION {
            // Never a migration here: the store's own open migrates, in its transaction.
            conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).sql()?;
            return Err(StoreError::Schema(format!(
                "`{}` has FourEyes schema version {version}, not this build's {SCHEMA_VERSION}: open it with a door \
                 that writes first (ADR-1311); nothing was written",
                path.display()
            )));
        }
        Ok(conn)
    }

    fn open_with(path: &Path, options: SqliteOptions, create: Create) -> Result<SqliteStore, StoreError> {
        let path = literal(path);
        // A PostgreSQL URL given where only SQLite is supported must not become a file named `postgres:`.
        if let Some(name) = path.to_str()
            && (name.starts_with("postgres://") || name.starts_with("postgresql://"))
        {
            return Err(StoreError::Backend(
                "this names a PostgreSQL database, and this command works on a SQLite file only".into(),
            ));
        }
        let read_only = create == Create::No;
        let conn = open_as(&path, &options, create)?;
        // From here on, this store's connections hold SQLite's locks on the file: nothing else in the process may
        // open and close a descriptor of it (attack 41's H2, ADR-1420).
        let held = held::Held::register(&path);
        if read_only {
            // A door that only reads upgrades nothing (ADR-1250): an older schema is refused, named, not migrated.
            let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).sql()?;
            if version < 0 {
                // Not "a door that writes upgrades it": every door refuses it (attack 45's M2).
                return Err(negative_version(&path, version));
            }
            if version != SCHEMA_VERSION {
                return Err(StoreError::Schema(format!(
                    "`{}` has FourEyes schema version {version}, and this foureyes reads version {SCHEMA_VERSION}: a \
                     door that only reads does not {} it (ADR-1250); nothing was written. {}",
                    path.display(),
                    if version < SCHEMA_VERSION { "upgrade" } else { "downgrade" },
                    if version < SCHEMA_VERSION {
                        "A door that writes (`foureyes serve`, `token create`) upgrades it"
                    } else {
                        "Upgrade foureyes"
                    }
                )));
            }
        } else {
            migrate(&conn, &path)?;
            // FourEyes' whole schema at this version now: the connection may checkpoint as it closes (ADR-1251).
            conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false).sql()?;
        }
        // The writer's savepoints (one per job of a batch) keep the pages they change in a sub-journal; on a file it
        // spills past 64 KiB and every job then writes it with `pwrite` (issue 14: ~2–3 % of the writer thread at 64
        // callers). In memory it is a buffer, bounded by what one batch changes. Readers keep temp files on disk.
        conn.pragma_update(None, "temp_store", "MEMORY").sql()?;
        // A page cache of 16 MiB (SQLite's default is 2 MiB) for the writer alone: the idempotency index takes each
        // new request id at a random place, so its leaves are read back from the OS on every decision once it
        // outgrows the default.
        conn.pragma_update(None, "cache_size", -16_384).sql()?;
        // Checkpoints are the checkpointer's (ADR-670): SQLite's automatic one ran inside the writer's COMMIT (copying
        // a thousand pages and fsyncing the database file while every caller of the batch waited).
        conn.pragma_update(None, "wal_autocheckpoint", 0).sql()?;
        let (committed, commits) = mpsc::sync_channel::<()>(1);
        let stopped = Arc::new(OnceLock::new());
        let suspect = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let foreign_log = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let keep_log = Arc::new(std::sync::atomic::AtomicBool::new(false));
        // What the file alone holds as a write door opens is its first floor (ADR-1401); a door that only reads
        // records nothing.
        let head = if read_only {
            None
        } else {
            head::Keeper::new(&path, events_in_file(&path, None).and_then(|alone| alone.last)).map(Arc::new)
        };
        // A door that only reads has no checkpointer: it never copies a log into the database (ADR-1250).
        let checkpointer = if read_only {
            None
        } else {
            let checkpoint_conn = match open(&path, &options) {
                Ok(c) => c,
                Err(e) => {
                    // The write connection goes without checkpointing (attack 41's H9: a refusal here said "the log
                    // was not applied" while this connection, dropped, copied the log it held into the file).
                    let _ = conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
                    return Err(e);
                }
            };
            // A `RESTART` checkpoint holds the write lock while it waits for readers of older snapshots: it gives up
            // after this long (and tries again later) rather than stall the writer for the store's busy timeout.
            checkpoint_conn.busy_timeout(CHECKPOINT_RESTART_WAIT).sql()?;
            let checkpoint_stopped = Arc::clone(&stopped);
            let checkpoint_head = head.clone();
            let checkpoint_suspect = Arc::clone(&suspect);
            let checkpoint_foreign_log = Arc::clone(&foreign_log);
            let checkpoint_keep_log = Arc::clone(&keep_log);
            Some(
                std::thread::Builder::new()
                    .name("foureyes-wal-checkpoint".into())
                    .spawn(move || {
                        checkpointer_loop(
                            &checkpoint_conn,
                            &commits,
                            &checkpoint_stopped,
                            checkpoint_head.as_deref(),
                            &checkpoint_foreign_log,
                        );
                        // The writer has closed; this connection may be the last and checkpoint as it closes: only
                        // through a log still this database's (ADR-1402).
                        if let Some(head) = checkpoint_head.as_deref()
                            && (checkpoint_stopped.get().is_some()
                                || checkpoint_suspect.load(std::sync::atomic::Ordering::SeqCst)
                                || !log_still_ours(head.db(), &checkpoint_conn))
                        {
                            checkpoint_keep_log.store(true, std::sync::atomic::Ordering::SeqCst);
                            let _ = checkpoint_conn
                                .set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
                        }
                    })
                    .map_err(|e| StoreError::Backend(format!("cannot start the checkpoint thread: {e}")))?,
            )
        };
        let authority = Authority::default();
        let (tx, rx) = mpsc::channel::<Job>();
        let max_batch = if options.group_commit { options.max_batch.max(1) } else { 1 };
        let writer_stopped = Arc::clone(&stopped);
        let commits = Arc::new(Commits {
            conn: Mutex::new(Some(WriteConn { conn, committed, head, db: path.clone() })),
            begin: if read_only { "BEGIN" } else { "BEGIN IMMEDIATE" },
            queued: std::sync::atomic::AtomicUsize::new(0),
            last_batch: std::sync::atomic::AtomicUsize::new(0),
            suspect,
            foreign_log,
            keep_log,
        });
        let writer_commits = Arc::clone(&commits);
        let writer = std::thread::Builder::new()
            .name("foureyes-sqlite-writer".into())
            .spawn(move || writer_loop(&writer_commits, rx, max_batch, &writer_stopped))
            .map_err(|e| StoreError::Backend(format!("cannot start the writer thread: {e}")))?;
        Ok(SqliteStore {
            path,
            jobs: Mutex::new(Some(tx)),
            commits,
            writer: Mutex::new(Some(writer)),
            checkpointer: Mutex::new(checkpointer),
            read_only,
            readers: Mutex::new(Vec::new()),
            read_permits: tokio::sync::Semaphore::new(options.readers.max(1)),
            options,
            stopped,
            credentials: authority.credentials(),
            applied: authority.applied(),
            signins: authority.signins(),
            authority: Arc::new(Mutex::new(authority)),
            _held: held,
        })
    }

    /// How long this door keeps a request id in memory once its decision is settled and sealed (ADR-373): `None`,
    /// the default, for ever. After it, the id's row is believed only through the decisions it names, each checked
    /// against its seal; a row deleted by hand is then found by `journal audit`, not refused. Call it before the first
    /// write.
    pub fn with_request_memory(self, memory_ms: Option<i64>) -> SqliteStore {
        self.authority.lock().unwrap_or_else(std::sync::PoisonError::into_inner).set_request_memory(memory_ms);
        self
    }

    /// Gives this store's door the seal key (ADR-420): every event it appends is sealed, and every event its
    /// authority state applies must carry a seal that verifies (from the journal's first sealed event on). Call it
    /// before the first write.
    pub fn with_seal_key(self, key: Option<foureyes_core::seal::SealKey>) -> SqliteStore {
        if let Some(key) = key {
            self.authority.lock().unwrap_or_else(std::sync::PoisonError::into_inner).set_seal_key(key);
        }
        self
    }

    /// For `foureyes bench decide --history N` only: copies the permitted decision `decision_id` `copies` times, its
    /// times spread evenly over `[since_ms, until_ms)`, in one transaction on the writer: each copy is a `decided`
    /// event chained onto the journal (the same request, a decision id of its own with no row: the journal never
    /// issues an id twice, ADR-640) with its own held reservations, so the authority state replays them as usage of
    /// the same limit and budget keys (ADR-180). The copies' request ids repeat and their times run backwards in the
    /// journal: never use it on a database that matters.
    #[doc(hidden)]
    pub async fn seed_bench_history(
        &self,
        decision_id: DecisionId,
        copies: u64,
        since_ms: i64,
        until_ms: i64,
    ) -> Result<(), StoreError> {
        if copies == 0 {
            return Ok(());
        }
        let copies = i64::try_from(copies).map_err(|_| StoreError::Backend("too many copies".into()))?;
        self.write_tx(move |w| {
            let (c, authority) = (w.conn, &*w.authority);
            let seq: i64 = c
                .query_row("SELECT journal_seq FROM decisions WHERE id = ?1", rusqlite::params![decision_id], |r| {
                    r.get(0)
                })
                .sql()?;
            let event = ops::journal_page(c, (seq - 1) as u64, 1)?
                .pop()
                .ok_or_else(|| StoreError::Backend(format!("decision {decision_id} has no journal event")))?;
            let Ok(foureyes_core::event::EventData::Decided(decided)) =
                foureyes_core::event::EventData::from_journal(event.kind, &event.data)
            else {
                return Err(StoreError::Backend(format!("journal seq {seq} is not decision {decision_id}")));
            };
            let mut insert = c
                .prepare_cached(
                    "INSERT INTO reservations (decision_id, action, key, scope, amount, units, ts_ms)
                     SELECT decision_id, action, key, scope, amount, units, ?2 FROM reservations WHERE id = ?1",
                )
                .sql()?;
            let first_copy = authority.issued().next(foureyes_store::issued::IdKind::Decision);
            for i in 0..copies {
                let ts = since_ms + (i * (until_ms - since_ms)) / copies;
                let mut copy = decided.clone();
                copy.decision_id = first_copy + i;
                for r in &mut copy.reservations {
                    insert.execute(rusqlite::params![r.id, ts]).sql()?;
                    r.id = c.last_insert_rowid();
                }
                ops::append(c, authority, ts, foureyes_core::event::EventData::Decided(copy))?;
            }
            Ok(())
        })
        .await
    }

    /// For `foureyes bench verify` only: appends `count` events to the journal, cycling through `templates` (each a
    /// kind and its data as canonical JSON text), chained and hashed as the door chains them, at `ts_ms`, in one
    /// transaction on the writer. Each cycle's copies issue ids of their own (ADR-640: the journal never issues an
    /// id twice; F1430: a bench that repeated the templates' ids failed its own `journal verify`): every decision,
    /// approval, reservation and demotion id the templates name is moved up past the previous cycle's, the same
    /// for the events that issue them and the ones that name them. No table row goes with them, so `journal audit`
    /// of such a database reports them: never use it on a database that matters.
    #[doc(hidden)]
    pub async fn seed_bench_journal(
        &self,
        templates: Vec<(foureyes_core::journal::EventKind, String)>,
        count: u64,
        ts_ms: i64,
    ) -> Result<(), StoreError> {
        if templates.is_empty() {
            return Ok(());
        }
        use rusqlite::OptionalExtension;
        self.write(move |c| {
            let head: Option<(i64, String)> = c
                .query_row("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1", [], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()
                .sql()?;
            let (mut seq, mut prev) =
                head.map_or((0, foureyes_core::journal::GENESIS_HASH.to_string()), |(s, h)| (s as u64, h));
            let mut insert = c
                .prepare(
                    "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )
                .sql()?;
            let parsed: Vec<serde_json::Value> =
                templates.iter().map(|(_, data)| serde_json::from_str(data).unwrap_or_default()).collect();
            let mut highest = BenchIds::default();
            for value in &parsed {
                highest.note(value);
            }
            for i in 0..count {
                let at = (i % templates.len() as u64) as usize;
                let kind = &templates[at].0;
                // Cycle 0 copies the templates themselves (already in the journal): it moves up by one span too.
                let cycle = (i / templates.len() as u64 + 1) as i64;
                let mut value = parsed[at].clone();
                highest.shift(&mut value, cycle);
                let data = &foureyes_core::canonical::to_canonical_string(&value);
                seq += 1;
                let digest = foureyes_core::journal::stored_event_hash(seq, ts_ms, *kind, data, &prev)
                    .ok_or_else(|| StoreError::Backend("the bench journal's head is not hex".into()))?;
                let hash = hex::encode(digest);
                insert.execute(rusqlite::params![seq as i64, ts_ms, kind.as_str(), data, prev, hash]).sql()?;
                prev = hash;
            }
            Ok(())
        })
        .await
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Why the store fail-stopped, if it did (a COMMIT failed: see [`stopped_error`]).
    pub fn stop_reason(&self) -> Option<&str> {
        self.stopped.get().map(String::as_str)
    }

    /// Runs `work` over [`SqliteTx`] (the writer's connection and this store's authority state, ADR-180) in the
    /// writer's batch transaction; answers after COMMIT.
    async fn write_tx<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteTx<'_, '_>) -> Result<T, StoreError> + Send + 'static,
    {
        let authority = Arc::clone(&self.authority);
        // ADR-392 (attack 33, H4): a write made as a credential authenticated before this transaction first checks,
        // under the write lock after the catch-up, that the credential is still live — a revocation committed between
        // the request's authentication and its write refuses the write (journaled) instead of following it.
        let credential = foureyes_store::writing_as();
        // Its refusal is stamped by the door's clock, read here on the request's task (ADR-1221).
        let refused_at = foureyes_store::door_ms();
        self.write_held(move |held| {
            let mut authority = authority.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut tx = SqliteTx::new(held, &mut authority);
            let refused = credential.as_ref().and_then(|credential| {
                foureyes_store::tx::run_ready(foureyes_store::ops::check_write_credential(
                    &mut tx, credential, refused_at,
                ))
                .err()
            });
            let result = match refused {
                Some(refusal) => Err(refusal),
                None => work(&mut tx),
            };
            // What stands (a success, or an audited refusal, which commits) is applied as written (ADR-410); a job
            // rolled back to its savepoint applies nothing.
            if !matches!(&result, Err(e) if !e.is_audited()) {
                let appended = std::mem::take(&mut tx.appended);
                authority.apply_appended(appended);
            }
            result
        })
        .await
    }

    /// Runs `work` in the writer's batch transaction; answers after COMMIT.
    async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        self.write_held(move |held| work(held.conn)).await
    }

    /// [`SqliteStore::write`] of work that runs on the batch's held statements (ADR-981).
    async fn write_held<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&ops::Held<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        if let Some(reason) = self.stopped.get() {
            return Err(stopped_error(reason));
        }
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |held| {
            let result = match held {
                Some(held) => work(held),
                None => Err(StoreError::Backend("not run".into())),
            };
            let rollback = matches!(&result, Err(e) if !e.is_audited());
            let respond: Responder = Box::new(move |commit| {
                let _ = tx.send(commit.and(result));
            });
            (rollback, respond)
        });
        if let Some(job) = self.run_here(job) {
            let guard = self.jobs.lock().map_err(|_| StoreError::Backend("writer lock poisoned".into()))?;
            let sender = guard.as_ref().ok_or_else(|| StoreError::Backend("store is closed".into()))?;
            self.commits.queued.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if sender.send(job).is_err() {
                self.commits.queued.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                return Err(StoreError::Backend("the writer thread has stopped".into()));
            }
        }
        rx.await.map_err(|_| StoreError::Backend("the writer thread dropped the request".into()))?
    }

    /// Commits `job` on the calling thread when the writer is idle — nothing queued for it, its connection free, the
    /// last commit a job alone — and SQLite's write lock is free now (ADR-790): one job alone, as the writer runs a
    /// batch of one (no savepoint; COMMIT, its fsync, then the answer; a failed COMMIT fail-stops the store). That
    /// saves the two thread wake-ups of the writer's round trip. Returns the job, not run, when it must queue: the
    /// writer is busy (a batch forms behind it), or another process holds the write lock — the caller's thread (a
    /// runtime worker) never waits for it; the writer thread does, for `busy_timeout`.
    fn run_here(&self, job: Job) -> Option<Job> {
        use std::sync::atomic::Ordering;
        let idle = |c: &Commits| c.queued.load(Ordering::SeqCst) == 0 && c.last_batch.load(Ordering::Relaxed) <= 1;
        if !idle(&self.commits) {
            return Some(job);
        }
        let Ok(guard) = self.commits.conn.try_lock() else {
            return Some(job);
        };
        // Checked again holding the connection: a job queued meanwhile goes first, in the writer's batch.
        let Some(w) = guard.as_ref().filter(|_| idle(&self.commits)) else {
            return Some(job);
        };
        if let Some(reason) = self.stopped.get() {
            job_refusal(job)(Err(stopped_error(reason)));
            return None;
        }
        // Never wait on this thread for another process's write lock: SQLite's busy handler sleeps in the thread.
        let begun = w.conn.busy_timeout(Duration::ZERO).and_then(|()| step(&w.conn, self.commits.begin));
        let _ = w.conn.busy_timeout(self.options.busy_timeout);
        match begun {
            Ok(()) => {}
            Err(e) if is_busy(&e) => return Some(job),
            Err(e) => {
                self.commits.suspect.store(true, Ordering::SeqCst);
                job_refusal(job)(Err(begin_failed(&e)));
                return None;
            }
        }
        self.commits.last_batch.store(1, Ordering::Relaxed);
        run_alone(&w.conn, vec![job], &self.stopped);
        if let Some(head) = &w.head {
            head.committed(&w.conn);
        }
        let _ = w.committed.try_send(());
        None
    }

    /// Runs `work` on a pooled read connection, off the async runtime. At most `options.readers` connections exist:
    /// a read waits for a free one (without holding a runtime worker); a connection is opened, on the blocking pool,
    /// only while fewer exist.
    async fn read<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let _permit =
            self.read_permits.acquire().await.map_err(|_| StoreError::Backend("the read pool is closed".into()))?;
        let pooled = self.readers.lock().ok().and_then(|mut p| p.pop());
        let (path, options, read_only) = (self.path.clone(), self.options.clone(), self.read_only);
        let (conn, result) = tokio::task::spawn_blocking(move || {
            let conn = match pooled {
                Some(c) => c,
                None if read_only => open_read_only(&path, &options)?,
                None => open(&path, &options)?,
            };
            let result = work(&conn);
            Ok::<_, StoreError>((conn, result))
        })
        .await
        .map_err(|e| StoreError::Backend(format!("read task failed: {e}")))??;
        // The permit held keeps the count of connections within `options.readers`.
        if self.commits.keep_log.load(std::sync::atomic::Ordering::SeqCst) {
            // The store is closing over a log it will not checkpoint (F1445): this connection neither.
            let _ = conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
        }
        if let Ok(mut pool) = self.readers.lock() {
            pool.push(conn);
        }
        result
    }

    /// Stops the writer after it drains its queue.
    pub fn close(&self) {
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.take();
        }
        if let Ok(mut writer) = self.writer.lock()
            && let Some(handle) = writer.take()
        {
            let _ = handle.join();
        }
        // The writer has ended and dropped its end of the commit channel: the checkpointer ends too.
        if let Ok(mut checkpointer) = self.checkpointer.lock()
            && let Some(handle) = checkpointer.take()
        {
            let _ = handle.join();
        }
        // The read connections close after the writer's and the checkpointer's, so the last of them is the one SQLite
        // lets checkpoint as it closes: only where those two found the log still this database's (F1445).
        if self.commits.keep_log.load(std::sync::atomic::Ordering::SeqCst)
            && let Ok(mut pool) = self.readers.lock()
        {
            for conn in pool.drain(..) {
                let _ = conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
            }
        }
    }
}

impl Drop for SqliteStore {
    fn drop(&mut self) {
        self.close();
    }
}

/// How the checkpointer's reason begins when it stopped the store over a log that no longer extends what the doors
/// committed (ADR-1402): no write failed then, and [`stopped_error`] does not say one did (attack 44's 1.10, ADR-1514).
const NOT_OURS_STOP: &str = "the journal as its log shows it holds a commit this database's doors did not make";

/// The refusal of a fail-stopped store: what happened, and what to do.
fn stopped_error(reason: &str) -> StoreError {
    if reason.starts_with(NOT_OURS_STOP) {
        return StoreError::Backend(format!(
            "the store stopped ({reason}) and refuses new work: no write of this door failed, but nothing more is \
             decided on, or checkpointed through, a journal its doors did not write; stop foureyes and run \
             `foureyes journal verify` and `foureyes journal audit` (a witness, if one is kept, says what was lost)"
        ));
    }
    StoreError::Backend(format!(
        "the store stopped after a failed write ({reason}) and refuses new work: after a failed write or fsync the \
         page cache can no longer be trusted, so nothing is retried; restart foureyes (and run `foureyes journal \
         verify`); a request whose answer was lost can be re-sent with the same request_id"
    ))
}

/// Copies committed WAL frames into the database after the writer's commits, at most once per
/// [`CHECKPOINT_INTERVAL`], on its own connection: `PASSIVE` (it never waits for the writer, and copies what no reader
/// still needs), then `RESTART` when the log has grown past [`CHECKPOINT_RESTART_FRAMES`]. Ends when the writer does.
/// A checkpoint only copies frames already durable in the WAL, so what a caller was told is committed stays so. A busy
/// reader leaves the frames for the next try; any other error is a failed write or fsync of the database file, and
/// the store fail-stops as after a failed COMMIT (F69, attack 17 H4: SQLite's own checkpoint, inside COMMIT, ignored
/// it, and 2,000 decisions were answered over 449 failed fsyncs): after a failed fsync the file's pages in the page
/// cache can no longer be trusted, and the next checkpoint would build on them.
fn checkpointer_loop(
    conn: &Connection,
    commits: &mpsc::Receiver<()>,
    stopped: &OnceLock<String>,
    head: Option<&head::Keeper>,
    foreign_log: &std::sync::atomic::AtomicBool,
) {
    let mut last: Option<Instant> = None;
    while commits.recv().is_ok() {
        // Asleep rather than waiting on the channel: a wait there would be woken by every commit of the interval (at
        // one caller, a cross-thread wake-up per decision on a 2-core machine). Commits meanwhile fill the one slot.
        if let Some(at) = last {
            std::thread::sleep(CHECKPOINT_INTERVAL.saturating_sub(at.elapsed()));
        }
        while commits.try_recv().is_ok() {}
        last = Some(Instant::now());
        // No checkpoint through a log that no longer extends what the doors committed (ADR-1402): the store stops.
        if let Some(db) = head.map(head::Keeper::db)
            && !log_still_ours(db, conn)
        {
            // What is known: the log at the name no longer ends on the last commit the doors recorded. Another
            // program committed to the database (rows deleted with `sqlite3`, F1443), or a log was put at the name
            // (attack 41's H9); which of the two, the checkpointer cannot tell (attack 44's 1.10).
            let refused = stopped.set(format!(
                "{NOT_OURS_STOP}, as the checkpointer sees it through `{}`: another program committed to the \
                 database while this door ran (rows deleted with `sqlite3`, say), or a log was put at the name \
                 (attack 41's H9); nothing was checkpointed (ADR-1402)",
                wal_of(db).display()
            ));
            if refused.is_ok() {
                foreign_log.store(true, std::sync::atomic::Ordering::SeqCst);
            }
            let _ = conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
            return;
        }
        // The last event before the checkpoint: a complete one leaves it in the file (ADR-1401's floor).
        let before = head.and_then(|_| head::last_event(conn));
        let mut outcome = conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))
            })
            .map(|(busy, frames, copied)| {
                if let (Some(head), Some(before)) = (head, before)
                    && busy == 0
                    && frames >= 0
                    && copied == frames
                {
                    head.checkpointed(before);
                }
                frames >= CHECKPOINT_RESTART_FRAMES
            });
        if matches!(outcome, Ok(true)) {
            outcome = conn.query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(false));
        }
        if let Err(e) = outcome
            && !is_busy(&e)
        {
            let _ = stopped.set(format!("checkpoint failed: {e}"));
            return;
        }
    }
}

/// The error of a write transaction that could not begin: a lock another process held past the busy wait is told as
/// what it is ([`StoreError::Busy`]: nothing was written, the journal is not in question; attack 44's H3, ADR-1510),
/// anything else as a storage failure.
fn begin_failed(e: &rusqlite::Error) -> StoreError {
    let why = format!("cannot begin a write transaction: {e}");
    if is_busy(e) {
        StoreError::Busy(format!(
            "{why}: another process held the database's write lock past this door's busy wait; nothing was written \
             and the journal is not in question — try again once the other process lets go of the lock"
        ))
    } else {
        StoreError::Backend(why)
    }
}

/// Whether an error only says another connection holds what was asked for (try again later), not that I/O failed.
fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

fn writer_loop(commits: &Commits, jobs: mpsc::Receiver<Job>, max_batch: usize, stopped: &OnceLock<String>) {
    use std::sync::atomic::Ordering;
    while let Ok(first) = jobs.recv() {
        // A caller committing its own job (ADR-790) holds the connection: the batch waits for that commit.
        let guard = commits.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(w) = guard.as_ref() else { break };
        let mut batch = vec![first];
        while batch.len() < max_batch {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let taken = batch.len();
        if let Some(reason) = stopped.get() {
            // Fail-stop: answer every queued job without running it.
            for job in batch {
                job_refusal(job)(Err(stopped_error(reason)));
            }
        } else {
            commits.last_batch.store(taken, Ordering::Relaxed);
            if !run_batch(&w.conn, commits.begin, batch, stopped) {
                commits.suspect.store(true, Ordering::SeqCst);
            }
            if let Some(head) = &w.head {
                head.committed(&w.conn);
            }
            // Wakes the checkpointer unless it is already due to run (a full channel: nothing is lost).
            let _ = w.committed.try_send(());
        }
        commits.queued.fetch_sub(taken, Ordering::SeqCst);
    }
    // The store is closing: the connection and the checkpointer's channel go with the writer. It checkpoints as it
    // closes only a log that still extends what the doors committed, seen through its own descriptor and the index
    // as it is now (ADR-1402: another connection of this process that met another file at `-wal` may have rebuilt the
    // index from it; a checkpoint through a mixed index overwrote page 1, attack 41's H9b).
    let closing = commits.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    if let Some(w) = closing
        && w.head.is_some()
        && (stopped.get().is_some() || commits.suspect.load(Ordering::SeqCst) || !log_still_ours(&w.db, &w.conn))
    {
        commits.keep_log.store(true, Ordering::SeqCst);
        let _ = w.conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
    }
}

/// A failed COMMIT is a failed write or fsync (or a full disk): whether the batch reached the disk is unknown, and the
/// kernel may have dropped the dirty pages it could not write (fsyncgate), so a later COMMIT that "succeeds" proves
/// nothing. Stop: no later write runs on this connection (ADR-140). Both commit paths (a batch, a job alone) end here.
fn stop_after_failed_commit(conn: &Connection, stopped: &OnceLock<String>, e: &StoreError) {
    let _ = stopped.set(e.to_string());
    let _ = conn.execute_batch("ROLLBACK");
}

/// `false` when the transaction could not begin for another reason than a busy lock (ADR-1402).
fn run_batch(conn: &Connection, begin: &str, batch: Vec<Job>, stopped: &OnceLock<String>) -> bool {
    if let Err(e) = step(conn, begin) {
        let suspect = !is_busy(&e);
        let err = begin_failed(&e);
        for job in batch {
            // The job must still answer its caller; run nothing, report the failure.
            job_refusal(job)(Err(err.clone()));
        }
        return !suspect;
    }
    // A batch of one job needs no savepoint: rolling the job back is rolling the transaction back (ADR-413).
    if batch.len() == 1 {
        run_alone(conn, batch, stopped);
        return true;
    }
    let mut responders = Vec::with_capacity(batch.len());
    // The jobs' statements, taken from the cache once for the batch (ADR-981).
    let held = ops::Held::new(conn);
    for job in batch {
        if let Err(e) = held_step(&held, "SAVEPOINT job") {
            let err = StoreError::Backend(format!("savepoint failed: {e}"));
            responders.push((job_refusal(job), Some(err)));
            continue;
        }
        // A panicking job must not take the writer thread (and every later write) down with it: its savepoint is
        // rolled back and its caller, whose reply channel was dropped with the job, gets an error.
        let (rollback, respond) = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(Some(&held)))) {
            Ok(out) => out,
            Err(_) => (true, Box::new(|_| {}) as Responder),
        };
        let ended = if rollback {
            step(conn, "ROLLBACK TO job").and_then(|()| held_step(&held, "RELEASE job"))
        } else {
            held_step(&held, "RELEASE job")
        };
        let failure = ended.err().map(|e| StoreError::Backend(format!("savepoint release failed: {e}")));
        responders.push((respond, failure));
    }
    // Back to the cache before the transaction ends.
    drop(held);
    let commit = step(conn, "COMMIT").map_err(|e| StoreError::Backend(format!("commit failed: {e}")));
    if let Err(e) = &commit {
        stop_after_failed_commit(conn, stopped, e);
    }
    for (respond, failure) in responders {
        match (&commit, failure) {
            (Err(e), _) => respond(Err(e.clone())),
            (Ok(()), Some(e)) => respond(Err(e)),
            (Ok(()), None) => respond(Ok(())),
        }
    }
    true
}

/// [`run_batch`] for a batch of one job, inside `BEGIN IMMEDIATE` already: the job runs without a savepoint, and a
/// job to be rolled back rolls the whole transaction back (nothing else is in it) instead of committing.
fn run_alone(conn: &Connection, batch: Vec<Job>, stopped: &OnceLock<String>) {
    for job in batch {
        let held = ops::Held::once(conn);
        let (rollback, respond) = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(Some(&held)))) {
            Ok(out) => out,
            Err(_) => (true, Box::new(|_| {}) as Responder),
        };
        drop(held);
        if rollback {
            let ended = step(conn, "ROLLBACK").map_err(|e| StoreError::Backend(format!("rollback failed: {e}")));
            respond(ended);
            continue;
        }
        let commit = step(conn, "COMMIT").map_err(|e| StoreError::Backend(format!("commit failed: {e}")));
        if let Err(e) = &commit {
            stop_after_failed_commit(conn, stopped, e);
        }
        respond(commit);
    }
}

/// Runs one transaction-control statement (`BEGIN IMMEDIATE`, `SAVEPOINT`, …), prepared once per connection like
/// every statement of the write path.
fn step(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(|_| ())
}

/// [`step`] on the batch's held statements (ADR-981): a job's `SAVEPOINT` and `RELEASE`.
fn held_step(held: &ops::Held<'_>, sql: &'static str) -> rusqlite::Result<()> {
    held.with(sql, |s| s.execute([])).map(|_| ())
}

/// Answers a job that could not run, without running its work.
fn job_refusal(job: Job) -> Responder {
    job(None).1
}

#[async_trait]
impl Store for SqliteStore {
    async fn authority_differs_from_replay(&self) -> Result<Option<String>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::authority_differs_from_replay(w))).await
    }

    async fn door_replay_refusal(&self) -> Result<Option<(u64, String)>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::door_replay_refusal(w))).await
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
        // Shape check, canonical URLs and fingerprint on the caller's task, not the one writer thread (ADR-670).
        let prepared = tx_ops::PreparedRequest::new(&policy, request);
        self.write_tx(move |w| run_ready(tx_ops::decide_prepared(w, &policy, prepared, now_ms))).await
    }

    async fn revoke(
        &self,
        approval_id: ApprovalId,
        by: &str,
        why: &str,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        let (by, why) = (by.to_string(), why.to_string());
        self.write_tx(move |w| run_ready(tx_ops::revoke(w, approval_id, &by, &why, now_ms))).await
    }

    async fn report(
        &self,
        decision_id: DecisionId,
        outcome: Outcome,
        detail: Value,
        now_ms: i64,
    ) -> Result<DecisionRecord, StoreError> {
        let audited_detail = detail.clone();
        let result =
            self.write_tx(move |w| run_ready(tx_ops::report(w, decision_id, outcome, detail, None, now_ms))).await;
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
        let result =
            self.write_tx(move |w| run_ready(tx_ops::report(w, decision_id, outcome, detail, Some(&by), now_ms))).await;
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
        let (approver, digest) = (approver.to_string(), digest_seen.map(str::to_string));
        self.write_tx(move |w| run_ready(tx_ops::approve(w, approval_id, &approver, digest.as_deref(), now_ms))).await
    }

    async fn reject(
        &self,
        approval_id: ApprovalId,
        approver: &str,
        reason: Option<&str>,
        digest_seen: Option<&str>,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        let (approver, reason, digest) =
            (approver.to_string(), reason.map(str::to_string), digest_seen.map(str::to_string));
        self.write_tx(move |w| {
            let (reason, digest) = (reason.as_deref(), digest.as_deref());
            run_ready(tx_ops::reject(w, approval_id, &approver, reason, digest, now_ms))
        })
        .await
    }

    async fn expire_approvals(&self, now_ms: i64) -> Result<Vec<ApprovalId>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::expire_all(w, now_ms))).await
    }

    async fn set_kill_switch(&self, engaged: bool, by: &str, now_ms: i64) -> Result<bool, StoreError> {
        let by = by.to_string();
        self.write_tx(move |w| run_ready(tx_ops::set_kill_switch(w, engaged, &by, now_ms))).await
    }

    fn stopped(&self) -> Option<String> {
        self.stopped.get().map(|reason| stopped_error(reason).to_string())
    }

    async fn kill_switch(&self) -> Result<bool, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::kill_switch_journaled(w))).await
    }

    async fn verified_head(&self) -> Result<u64, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::verified_head(w))).await
    }

    async fn verified_head_sealed(&self) -> Result<(u64, Option<u64>), StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::verified_head_sealed(w))).await
    }

    async fn retained(&self) -> Option<foureyes_store::authority::Retained> {
        // The writer thread holds the state only while it runs a job: a scrape waits at most for one transaction.
        Some(self.authority.lock().unwrap_or_else(std::sync::PoisonError::into_inner).retained())
    }

    async fn applied_tree_head(&self) -> Result<Option<(u64, foureyes_core::merkle::Hash, Option<u64>)>, StoreError> {
        // The state, not the database (ADR-612): no write transaction, so another process holding SQLite's write
        // lock cannot hold this read. The writer thread holds the state only while it runs a job, never while it
        // waits for the lock. A fail-stopped store's state may be ahead of the disk (ADR-410): not witnessed. A store
        // stopped over a log its doors did not write (ADR-1402) failed no write: its state is what it committed and
        // verified, and witnessing it is what makes the next start refuse the database changed under it (F1443: a
        // journal truncated under `serve` went unwitnessed when the checkpointer saw the truncating commit first).
        if let Some(reason) = self.stopped.get()
            && !self.commits.foreign_log.load(std::sync::atomic::Ordering::SeqCst)
        {
            return Err(stopped_error(reason));
        }
        let authority = self.authority.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (size, root) = authority.tree_head();
        Ok(Some((size, root, authority.sealed_from())))
    }

    async fn start_seal(&self, by: &str, now_ms: i64) -> Result<Option<u64>, StoreError> {
        let by = by.to_string();
        self.write_tx(move |w| run_ready(tx_ops::start_seal(w, &by, now_ms))).await
    }

    async fn journal_sealed(&self, after_seq: u64, limit: u32) -> Result<Vec<(Event, Option<String>)>, StoreError> {
        self.read(move |c| ops::journal_page_sealed(c, after_seq, limit)).await
    }

    async fn record_policy(&self, policy: &Policy, now_ms: i64) -> Result<bool, StoreError> {
        let (sha, source) = (policy.sha256.clone(), policy.source.clone());
        let actions: Vec<String> = policy.actions.keys().cloned().collect();
        self.write_tx(move |w| run_ready(tx_ops::record_policy(w, &sha, &source, &actions, now_ms))).await
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
        self.write_tx(move |w| run_ready(tx_ops::refuse(w, &agent, &code, &message, input, now_ms)).map(|e| e.seq))
            .await
    }

    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        self.read(move |c| ops::load_decision(c, id)).await
    }

    async fn decision_checked(&self, id: DecisionId, now_ms: i64) -> Result<Option<DecisionRecord>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::checked_decision(w, id, now_ms))).await
    }

    async fn runs_by_connector(&self, ids: Vec<DecisionId>) -> Result<Vec<bool>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::runs_by_connector(w, &ids))).await
    }

    async fn decisions(&self, filter: DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
        self.read(move |c| ops::list_decisions(c, &filter)).await
    }

    async fn decisions_checked(
        &self,
        filter: DecisionFilter,
        now_ms: i64,
    ) -> Result<Vec<Checked<DecisionRecord>>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::checked_decisions(w, &filter, now_ms))).await
    }

    async fn approval_checked(
        &self,
        id: ApprovalId,
        now_ms: i64,
    ) -> Result<Option<Checked<ApprovalRecord>>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::checked_approval(w, id, now_ms))).await
    }

    async fn approvals_checked(
        &self,
        status: Option<ApprovalStatus>,
        now_ms: i64,
    ) -> Result<Vec<Checked<ApprovalRecord>>, StoreError> {
        self.write_tx(move |w| run_ready(tx_ops::checked_approvals(w, status, now_ms))).await
    }

    async fn approval(&self, id: ApprovalId, now_ms: i64) -> Result<Option<ApprovalRecord>, StoreError> {
        self.read(move |c| ops::load_approval(c, id, now_ms)).await
    }

    async fn approvals(&self, status: Option<ApprovalStatus>, now_ms: i64) -> Result<Vec<ApprovalRecord>, StoreError> {
        self.read(move |c| ops::list_approvals(c, status, now_ms)).await
    }

    async fn journal(&self, after_seq: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
        self.read(move |c| ops::journal_page(c, after_seq, limit)).await
    }

    fn clock_anchor_key(&self) -> Option<foureyes_core::seal::SealKey> {
        self.authority.lock().unwrap_or_else(std::sync::PoisonError::into_inner).seal_key().cloned()
    }

    fn clock_anchor_store(&self) -> Option<foureyes_store::clock_floor::StoreMark> {
        // A connection of its own, opened read-only for the one row: the anchor is written from outside the runtime,
        // and only until the journal has a first event (the door keeps the hash then, ADR-840).
        self.clock_anchor_file()?;
        let (path, busy) = (self.path.clone(), self.options.busy_timeout);
        Some(Arc::new(move || {
            use rusqlite::OptionalExtension;
            one_name::install()?;
            one_name::take_refusal();
            let conn =
                Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
                    .map_err(|e| format!("cannot open `{}`: {}", path.display(), with_refusal(&e)))?;
            conn.busy_timeout(busy).map_err(|e| with_refusal(&e))?;
            conn.query_row("SELECT hash FROM journal WHERE seq = 1", [], |r| r.get::<_, String>(0))
                .optional()
                .map_err(|e| with_refusal(&e))
        }))
    }

    fn clock_anchor_file(&self) -> Option<PathBuf> {
        // Beside the database, as its `-wal` is (ADR-730); an in-memory store has no file and no anchor.
        let memory = self.path.as_os_str().is_empty() || self.path.as_os_str() == ":memory:";
        // Beside the database's canonical path (ADR-882): one database reached under two names (a `current` symlink
        // and its target) has one anchor, not one per name; a door 2 h ahead using the other name found none and
        // spent the hour again (attack 23's I3, 1,140 EUR against 1,000/h).
        (!memory).then(|| {
            let canonical = std::fs::canonicalize(&self.path).unwrap_or_else(|_| self.path.clone());
            let mut file = canonical.into_os_string();
            file.push(".clock");
            PathBuf::from(file)
        })
    }

    async fn journal_head(&self) -> Result<u64, StoreError> {
        self.read(|c| {
            let mut stmt = c.prepare_cached("SELECT COALESCE(MAX(seq), 0) FROM journal").sql()?;
            Ok(stmt.query_row([], |r| r.get::<_, i64>(0)).sql()? as u64)
        })
        .await
    }

    async fn verify_journal(&self) -> Result<VerifyReport, StoreError> {
        self.read(ops::verify_journal).await
    }

    async fn newest_policy_loaded(&self, after_seq: u64) -> Result<(u64, Option<String>), StoreError> {
        use rusqlite::{OptionalExtension, params};
        // The head, then the newest `policy_loaded` up to it (the journal is append-only: the range read second is
        // the range the head named). Only that event's data is parsed; the other events in the range are passed
        // over by their `kind` column (ADR-691).
        self.read(move |c| {
            let head: i64 = c
                .prepare_cached("SELECT COALESCE(MAX(seq), 0) FROM journal")
                .sql()?
                .query_row([], |r| r.get(0))
                .sql()?;
            let after = i64::try_from(after_seq).unwrap_or(i64::MAX);
            let data: Option<String> = c
                .prepare_cached(
                    "SELECT data FROM journal WHERE seq > ?1 AND seq <= ?2 AND kind = 'policy_loaded' \
                     ORDER BY seq DESC LIMIT 1",
                )
                .sql()?
                .query_row(params![after, head], |r| r.get(0))
                .optional()
                .sql()?;
            let sha = match data {
                Some(text) => {
                    let data: Value = serde_json::from_str(&text)
                        .map_err(|e| StoreError::Backend(format!("a policy_loaded event is not JSON: {e}")))?;
                    data.get("sha256").and_then(|s| s.as_str()).map(str::to_string)
                }
                None => None,
            };
            Ok((u64::try_from(head).unwrap_or(0).max(after_seq), sha))
        })
        .await
    }

    async fn demotions(&self, active_only: bool, now_ms: i64) -> Result<Vec<DemotionRecord>, StoreError> {
        self.read(move |c| sessions::list(c, active_only, now_ms)).await
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
        self.write_tx(move |w| run_ready(tx_ops::restore_session(w, &agent, session.as_deref(), &by, &why, now_ms)))
            .await
    }

    async fn audit(&self) -> Result<AuditReport, StoreError> {
        let mut report = self
            .read(|c| {
                // One read transaction: the journal and the tables are compared at the same snapshot.
                c.execute_batch("BEGIN").sql()?;
                let result = audit(c);
                let _ = c.execute_batch("COMMIT");
                result
            })
            .await?;
        // Under the seal key, the rows' settlement seals against the journal's (ADR-896).
        // The seals each row may carry spill to a scratch store beyond a bound, as the rows do (ADR-1092).
        report.add(
            self.write_tx(move |w| {
                let scratch = scratch::SqliteScratch::open(scratch::CACHE_KIB).map_err(StoreError::Backend)?;
                let histories = SpillMap::spilling(Box::new(scratch), scratch::generation_bytes()?);
                run_ready(tx_ops::settlement_seals_differ(w, histories))
            })
            .await?,
        );
        Ok(report)
    }

    async fn claim_notification(&self, seq: u64, channel_key: &str, now_ms: i64) -> Result<bool, StoreError> {
        foureyes_store::check_channel_key(channel_key)?;
        let seq = i64::try_from(seq).map_err(|_| StoreError::Backend(format!("seq {seq} is out of range")))?;
        let channel = channel_key.to_string();
        // A write like any other (the writer thread, `BEGIN IMMEDIATE`): of several processes on one file, one
        // inserts. No journal event: a claim is bookkeeping, not a state change.
        self.write(move |c| {
            c.execute(
                "DELETE FROM notification_claims WHERE rowid IN
                   (SELECT rowid FROM notification_claims WHERE claimed_ms < ?1 LIMIT ?2)",
                rusqlite::params![
                    now_ms.saturating_sub(foureyes_store::NOTIFICATION_CLAIM_RETENTION_MS),
                    foureyes_store::NOTIFICATION_CLAIM_PRUNE_BATCH
                ],
            )
            .sql()?;
            let inserted = c
                .execute(
                    "INSERT INTO notification_claims (seq, channel, claimed_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (seq, channel) DO NOTHING",
                    rusqlite::params![seq, channel, now_ms],
                )
                .sql()?;
            Ok(inserted == 1)
        })
        .await
    }

    async fn record_checkpoint(
        &self,
        checkpoint: &foureyes_store::CheckpointRecord,
        now_ms: i64,
    ) -> Result<Option<u64>, StoreError> {
        let checkpoint = checkpoint.clone();
        self.write_tx(move |w| run_ready(tx_ops::record_checkpoint(w, &checkpoint, now_ms))).await
    }

    async fn last_checkpoint(&self) -> Result<Option<foureyes_store::CheckpointRecord>, StoreError> {
        self.read(checkpoints::last).await
    }

    async fn pin_tool(&self, pin: &foureyes_core::tool_pin::ToolPinned, now_ms: i64) -> Result<u64, StoreError> {
        let pin = pin.clone();
        self.write_tx(move |t| run_ready(tx_ops::pin_tool(t, &pin, now_ms))).await
    }

    async fn tool_pins(&self) -> Result<Vec<foureyes_core::tool_pin::ToolPinned>, StoreError> {
        self.read(checkpoints::tool_pins).await
    }

    async fn connector_started(
        &self,
        decision_id: foureyes_core::DecisionId,
        connector: &str,
        by: &str,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let (connector, by) = (connector.to_string(), by.to_string());
        self.write_tx(move |t| run_ready(tx_ops::connector_started(t, decision_id, &connector, &by, now_ms))).await
    }

    async fn connector_starts(&self) -> Result<std::collections::BTreeMap<foureyes_core::DecisionId, i64>, StoreError> {
        self.read(checkpoints::connector_starts).await
    }

    async fn event_hashes(&self, after_seq: u64, upto_seq: u64) -> Result<Vec<String>, StoreError> {
        self.read(move |c| checkpoints::hashes(c, after_seq, upto_seq)).await
    }
}

fn audit(c: &Connection) -> Result<AuditReport, StoreError> {
    // The journal's rows beyond a bound go to a scratch store on disk (issue 14, ADR-1092): the audit's memory does
    // not grow with the history.
    let mut replayed = scratch::audit_replay(scratch::generation_bytes()?, scratch::CACHE_KIB)?;
    let mut events = 0;
    ops::for_each_event(c, |e| {
        replayed.apply(e);
        events += 1;
    })?;
    let mut found = Vec::new();
    foureyes_store::replay::compare(&mut found, "task_events", &replayed.task_events, &tasks::indexed_events(c)?);
    foureyes_store::replay::compare_task_commands(&mut found, &replayed.task_commands, &tasks::recorded_commands(c)?);
    // The tables a row at a time (ADR-1058): the audit holds the journal's rows, never a second copy from the tables.
    let mut auditor = replayed.auditor();
    ops::for_each_table_row(c, |audited, values| auditor.table_row(audited, values))?;
    auditor.finish(events, found)
}

impl Backend for SqliteStore {
    fn close(&self) {
        SqliteStore::close(self);
    }
}

/// rusqlite's error as the store's.
pub(crate) fn sql_error(e: rusqlite::Error) -> StoreError {
    StoreError::Backend(with_refusal(&e))
}

/// SQLite's error, with why a file it opened on this thread was refused (F942, F943) when one was: SQLite itself
/// says only that it could not open a file.
fn with_refusal(e: &rusqlite::Error) -> String {
    match one_name::take_refusal() {
        Some(why) => format!("{e}: {why}"),
        None => e.to_string(),
    }
}

/// `.sql()?` turns a rusqlite result into the store's (`StoreError` is another crate's type, so no `From`).
pub(crate) trait Sql<T> {
    fn sql(self) -> Result<T, StoreError>;
}

impl<T> Sql<T> for Result<T, rusqlite::Error> {
    fn sql(self) -> Result<T, StoreError> {
        self.map_err(sql_error)
    }
}
