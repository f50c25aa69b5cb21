//! The thin layer over `tokio-postgres`: error mapping, cached statements, and [`Tx`], the write transaction.
//!
//! Every write transaction starts by locking the chain-head row (`SELECT … FROM journal_head FOR UPDATE`). That
//! one lock serializes all writers of all replicas, so each transaction's snapshot reads (usage, approvals,
//! idempotency) see every earlier commit, its reservations cannot race, and its journal events extend one
//! linear chain. [`Tx::finish`] is the only place a write transaction ends: it writes the new head, queues the
//! `NOTIFY`, and commits — also when the work returned an audited refusal (the caller still gets the error).

use deadpool_postgres::{GenericClient, Object};
use foureyes_core::event::EventData;
use foureyes_core::journal::Encoded;
use foureyes_store::StoreError;
use foureyes_store::authority::{Appended, Authority};
use std::collections::HashMap;
use tokio_postgres::Row;
use tokio_postgres::types::{FromSql, ToSql};

/// The channel every committed write notifies, with the head `seq` as payload, for a store in the `public` schema
/// (the default namespace). A store in another schema (a namespace, ADR-500) notifies [`channel_of`] its schema.
pub const CHANNEL: &str = "foureyes_events";

/// The channel a store whose tables live in `schema` notifies: [`CHANNEL`] for `public`, else
/// `foureyes_events_<schema>`, so replicas of one namespace are not woken by another's commits.
pub fn channel_of(schema: &str) -> String {
    if schema == "public" { CHANNEL.to_string() } else { format!("{CHANNEL}_{schema}") }
}

/// Parameters of a statement.
pub(crate) type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

/// `tokio_postgres::Error` displays only "db error"; this names the server's message and SQLSTATE too.
pub(crate) fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{db} (SQLSTATE {})", db.code().code()),
        None => match std::error::Error::source(e) {
            Some(source) => format!("{e}: {source}"),
            None => e.to_string(),
        },
    }
}

pub(crate) fn pg(e: tokio_postgres::Error) -> StoreError {
    StoreError::Backend(describe(&e))
}

/// Runs `sql` (prepared once per connection) and returns its rows.
pub(crate) async fn rows(c: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<Vec<Row>, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(pg)?;
    c.query(&statement, params).await.map_err(pg)
}

/// Runs `sql` and returns its only row, if any.
pub(crate) async fn row(c: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<Option<Row>, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(pg)?;
    c.query_opt(&statement, params).await.map_err(pg)
}

/// Runs `sql` and returns the number of rows it changed.
pub(crate) async fn exec(c: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<u64, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(pg)?;
    c.execute(&statement, params).await.map_err(pg)
}

/// The first column of the one row `sql` returns.
pub(crate) async fn scalar<T>(c: &impl GenericClient, sql: &str, params: Params<'_>) -> Result<T, StoreError>
where
    T: for<'a> FromSql<'a>,
{
    let statement = c.prepare_cached(sql).await.map_err(pg)?;
    let row = c.query_one(&statement, params).await.map_err(pg)?;
    get(&row, 0)
}

/// Column `idx` of `row`.
pub(crate) fn get<'a, T: FromSql<'a>>(row: &'a Row, idx: usize) -> Result<T, StoreError> {
    row.try_get(idx).map_err(pg)
}

/// A write transaction that holds the chain-head lock, on a pooled connection it owns, run by the store's writer
/// task (ADR-680). Created by [`Tx::begin`], ended by [`Tx::end`] (one job) or [`Tx::commit`] (a batch of jobs, each
/// between [`Tx::savepoint_mark`] and [`Tx::job_stands`] or [`Tx::job_rolled_back`]). Dropped without either (an
/// error of the transaction itself), its connection leaves the pool with it: a connection inside a transaction is
/// never reused.
pub(crate) struct Tx {
    conn: Option<Object>,
    /// The channel [`Tx::commit`] notifies ([`channel_of`] the store's schema).
    channel: String,
    /// This replica's authority state (ADR-180), held by the writer task for the transaction.
    pub(crate) authority: tokio::sync::OwnedMutexGuard<Authority>,
    /// The head as locked at the start.
    start_seq: u64,
    /// The head after this transaction's appends.
    head_seq: u64,
    head_hash: String,
    /// The head event's seal, if it carries one (ADR-420): checked under the door's key before an append (ADR-374).
    head_seal: Option<String>,
    /// The events it appended, applied to the authority state once it has committed (ADR-410).
    appended: Vec<Appended>,
    /// Writes whose answer nothing waits for, sent together (pipelined: one round trip) by [`Tx::flush`], before the
    /// next read of the shared transactions and at [`Tx::finish`] with the head update (ADR-412). [`Tx::c`] does not
    /// flush: a statement run on it directly does not see them.
    deferred: Vec<Deferred>,
    /// The rows of the four tables every decision writes, queued like `deferred` (and sent before it) but as one
    /// multi-row statement per table for all the jobs queued since the last flush (ADR-900).
    rows: Rows,
    /// How many times [`Tx::flush`] (or anything else that sends a statement) has been called: a job during which it
    /// did not change sent nothing, so it is undone without a savepoint by dropping its queued rows (ADR-900).
    sends: u64,
    /// A statement of this transaction failed: PostgreSQL has aborted it, whatever the caller made of the error.
    failed: bool,
    /// The idempotency rows of the batch's deciding jobs, read once with the lock (ADR-760): `None` for a key that
    /// has no row. A key this transaction writes is dropped from it, so its next read goes to the table.
    idempotency_known: HashMap<(String, String), Option<(String, i64)>>,
    /// The next `decisions` and `reservations` ids the tables leave free, read with the lock and advanced by each
    /// insert of this transaction (ADR-761): their inserts are deferred like the journal's rows.
    next_ids: NextIds,
}

/// The lowest ids the `decisions` and `reservations` tables leave free (their `MAX(id) + 1`), as this transaction
/// has written them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NextIds {
    pub decision: i64,
    pub reservation: i64,
}

/// A write sent at the next [`Tx::flush`]: its statement and its parameters, owned.
pub(crate) struct Deferred {
    sql: &'static str,
    params: Vec<Box<dyn ToSql + Sync + Send>>,
}

/// Where a job of a batch began: the head and the events appended before it, restored when it rolls back.
pub(crate) struct JobMark {
    head_seq: u64,
    head_hash: String,
    head_seal: Option<String>,
    next_ids: NextIds,
    /// How many rows of each table were queued, and [`Tx::sends`], when the job began.
    rows: RowCounts,
    sends: u64,
}

/// A `journal` row, queued (ADR-900).
pub(crate) struct JournalRow {
    pub seq: i64,
    pub ts_ms: i64,
    pub kind: &'static str,
    pub data: String,
    pub prev_hash: String,
    pub hash: String,
    pub seal: Option<String>,
}

/// A `decisions` row, queued (ADR-761, ADR-900).
pub(crate) struct DecisionRow {
    pub id: i64,
    pub agent: String,
    pub request_id: String,
    pub action: String,
    pub request: String,
    pub verdict: &'static str,
    pub tier: i32,
    pub reasons: String,
    pub budgets: String,
    pub approval_id: Option<i64>,
    pub would_have: Option<&'static str>,
    pub digest: String,
    pub status: &'static str,
    pub supersedes: Option<i64>,
    pub decided_ms: i64,
    pub policy_sha256: String,
    pub undo_of: Option<i64>,
    pub journal_seq: i64,
    pub session: String,
    pub session_denial: bool,
}

/// A `reservations` row, queued (ADR-761, ADR-900).
pub(crate) struct ReservationRow {
    pub id: i64,
    pub decision_id: i64,
    pub action: String,
    pub key: String,
    pub scope: String,
    pub amount: String,
    pub units: i64,
    pub ts_ms: i64,
}

/// An `idempotency` row, queued (ADR-900).
pub(crate) struct IdempotencyRow {
    pub agent: String,
    pub request_id: String,
    pub fingerprint: String,
    pub decision_id: i64,
}

/// The queued rows of the four tables a decision writes (ADR-900).
#[derive(Default)]
struct Rows {
    journal: Vec<JournalRow>,
    decisions: Vec<DecisionRow>,
    reservations: Vec<ReservationRow>,
    idempotency: Vec<IdempotencyRow>,
}

/// How many rows of each table [`Rows`] holds.
#[derive(Clone, Copy, Debug, Default)]
struct RowCounts {
    journal: usize,
    decisions: usize,
    reservations: usize,
    idempotency: usize,
}

/// One multi-row insert per table (ADR-900): `UNNEST` of one array per column, so each table's rows of a batch are
/// one statement (one bind/execute, one executor start-up) whatever their number, with the same rows, in the same
/// order, as one insert each.
const INSERT_JOURNAL: &str = "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash, seal)
     SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::TEXT[], $7::TEXT[])";
const INSERT_DECISIONS: &str = "INSERT INTO decisions (id, agent, request_id, action, request, verdict, tier, reasons,
                                budgets, approval_id, would_have, digest, status, supersedes, decided_ms, policy_sha256,
                                undo_of, journal_seq, session, session_denial)
     SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::TEXT[], $7::INTEGER[],
                          $8::TEXT[], $9::TEXT[], $10::BIGINT[], $11::TEXT[], $12::TEXT[], $13::TEXT[], $14::BIGINT[],
                          $15::BIGINT[], $16::TEXT[], $17::BIGINT[], $18::BIGINT[], $19::TEXT[], $20::BOOLEAN[])";
const INSERT_RESERVATIONS: &str = "INSERT INTO reservations (id, decision_id, action, key, scope, amount, units, ts_ms)
     SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::TEXT[], $7::BIGINT[],
                          $8::BIGINT[])";
const INSERT_IDEMPOTENCY: &str = "INSERT INTO idempotency (agent, request_id, fingerprint, decision_id)
     SELECT * FROM UNNEST($1::TEXT[], $2::TEXT[], $3::TEXT[], $4::BIGINT[])";

impl Rows {
    fn counts(&self) -> RowCounts {
        RowCounts {
            journal: self.journal.len(),
            decisions: self.decisions.len(),
            reservations: self.reservations.len(),
            idempotency: self.idempotency.len(),
        }
    }

    fn truncate(&mut self, to: RowCounts) {
        self.journal.truncate(to.journal);
        self.decisions.truncate(to.decisions);
        self.reservations.truncate(to.reservations);
        self.idempotency.truncate(to.idempotency);
    }

    fn clear(&mut self) {
        self.truncate(RowCounts::default());
    }

    /// The rows as one insert per table that has any, columns as arrays.
    fn into_statements(self) -> Vec<Deferred> {
        fn col<R, T: ToSql + Sync + Send + 'static>(
            rows: &mut [R],
            f: impl FnMut(&mut R) -> T,
        ) -> Box<dyn ToSql + Sync + Send> {
            Box::new(rows.iter_mut().map(f).collect::<Vec<T>>())
        }
        let take = std::mem::take::<String>;
        let Rows { mut journal, mut decisions, mut reservations, mut idempotency } = self;
        let mut out = Vec::with_capacity(4);
        if !journal.is_empty() {
            let j = &mut journal[..];
            out.push(Deferred {
                sql: INSERT_JOURNAL,
                params: vec![
                    col(j, |r| r.seq),
                    col(j, |r| r.ts_ms),
                    col(j, |r| r.kind),
                    col(j, |r| take(&mut r.data)),
                    col(j, |r| take(&mut r.prev_hash)),
                    col(j, |r| take(&mut r.hash)),
                    col(j, |r| r.seal.take()),
                ],
            });
        }
        if !decisions.is_empty() {
            let d = &mut decisions[..];
            out.push(Deferred {
                sql: INSERT_DECISIONS,
                params: vec![
                    col(d, |r| r.id),
                    col(d, |r| take(&mut r.agent)),
                    col(d, |r| take(&mut r.request_id)),
                    col(d, |r| take(&mut r.action)),
                    col(d, |r| take(&mut r.request)),
                    col(d, |r| r.verdict),
                    col(d, |r| r.tier),
                    col(d, |r| take(&mut r.reasons)),
                    col(d, |r| take(&mut r.budgets)),
                    col(d, |r| r.approval_id),
                    col(d, |r| r.would_have),
                    col(d, |r| take(&mut r.digest)),
                    col(d, |r| r.status),
                    col(d, |r| r.supersedes),
                    col(d, |r| r.decided_ms),
                    col(d, |r| take(&mut r.policy_sha256)),
                    col(d, |r| r.undo_of),
                    col(d, |r| r.journal_seq),
                    col(d, |r| take(&mut r.session)),
                    col(d, |r| r.session_denial),
                ],
            });
        }
        if !reservations.is_empty() {
            let r = &mut reservations[..];
            out.push(Deferred {
                sql: INSERT_RESERVATIONS,
                params: vec![
                    col(r, |r| r.id),
                    col(r, |r| r.decision_id),
                    col(r, |r| take(&mut r.action)),
                    col(r, |r| take(&mut r.key)),
                    col(r, |r| take(&mut r.scope)),
                    col(r, |r| take(&mut r.amount)),
                    col(r, |r| r.units),
                    col(r, |r| r.ts_ms),
                ],
            });
        }
        if !idempotency.is_empty() {
            let i = &mut idempotency[..];
            out.push(Deferred {
                sql: INSERT_IDEMPOTENCY,
                params: vec![
                    col(i, |r| take(&mut r.agent)),
                    col(i, |r| take(&mut r.request_id)),
                    col(i, |r| take(&mut r.fingerprint)),
                    col(i, |r| r.decision_id),
                ],
            });
        }
        out
    }
}

/// The statement that locks the chain head. It reads nothing else: a statement that waited on the lock gets the
/// head row as the other writer committed it (PostgreSQL reads a locked row that changed again), but any subquery
/// of it runs under the snapshot the statement started with, from before that commit (F925, ADR-925).
const LOCK_HEAD: &str = "SELECT h.seq, h.hash FROM journal_head h FOR UPDATE OF h";
/// The head event's seal, read from the journal itself, not from `journal_head` (ADR-420), by a later statement
/// than the lock: a fresh snapshot that holds every commit made before the lock was granted, so the head event's
/// row is there (F925: read inside the lock's statement, a replica that waited on another saw no row, so no seal,
/// and refused an honest decide). A subquery per head row, not a join (ADR-370): `journal_head` is never analysed,
/// so the planner takes it for 1,180 rows and hash-joins the whole journal; the subquery is one probe of the
/// journal's key.
const HEAD_SEAL: &str = "SELECT h.seq, (SELECT j.seal FROM journal j WHERE j.seq = h.seq) FROM journal_head h";
/// The ids the tables leave free, read after the lock is granted (a later statement: a fresh snapshot that holds
/// every commit made before the lock).
const NEXT_IDS: &str =
    "SELECT (SELECT COALESCE(MAX(id), 0) + 1 FROM decisions), (SELECT COALESCE(MAX(id), 0) + 1 FROM reservations)";
/// The idempotency rows of a batch's `(agent, request_id)` keys, read after the lock is granted: one probe of the
/// table's key per key of the batch (ADR-370: as a join, the planner hash-joined the whole table, O(history); the
/// `OFFSET 0` keeps the lateral subquery from being flattened back into that join).
const IDEMPOTENCY_OF_BATCH: &str = "SELECT i.agent, i.request_id, i.fingerprint, i.decision_id
     FROM UNNEST($1::TEXT[], $2::TEXT[]) AS k(agent, request_id)
     JOIN LATERAL (SELECT * FROM idempotency WHERE agent = k.agent AND request_id = k.request_id OFFSET 0) i ON true";

impl Tx {
    /// Begins a transaction (READ COMMITTED) and locks the head. Once the lock is granted every later statement
    /// takes a fresh snapshot that includes all commits made before it, by any replica. `savepoint`: then set
    /// `SAVEPOINT job` for the batch's first job (a batch of one needs none, as ADR-413 on SQLite). `keys`: the
    /// `(agent, request_id)` of the batch's deciding jobs, whose idempotency rows are read with the lock.
    ///
    /// One round trip (ADR-760): `BEGIN`, the lock, the head's seal (F925), the free ids, the idempotency rows and the `SAVEPOINT` are
    /// prepared first, then sent together; the server runs them in order, so every read after the lock sees every
    /// commit before it, and the savepoint is set only once the lock is granted (a row lock taken inside a
    /// savepoint is lost when the transaction rolls back to it, and a job rolled back to its savepoint must leave
    /// this transaction holding the head).
    pub async fn begin(
        conn: Object,
        authority: tokio::sync::OwnedMutexGuard<Authority>,
        channel: String,
        savepoint: bool,
        keys: &[(String, String)],
    ) -> Result<Tx, StoreError> {
        let mut tx = Tx {
            conn: Some(conn),
            channel,
            authority,
            start_seq: 0,
            head_seq: 0,
            head_hash: String::new(),
            head_seal: None,
            appended: Vec::new(),
            deferred: Vec::new(),
            rows: Rows::default(),
            sends: 0,
            failed: false,
            idempotency_known: HashMap::new(),
            next_ids: NextIds::default(),
        };
        // A failed statement leaves `tx` to be dropped, its connection with it. Every statement is prepared before
        // any is sent: a statement prepared on first use would be sent a round trip after the ones behind it.
        let c = tx.c();
        let begin = c.prepare_cached("BEGIN").await.map_err(pg)?;
        let lock = c.prepare_cached(LOCK_HEAD).await.map_err(pg)?;
        let sealed = c.prepare_cached(HEAD_SEAL).await.map_err(pg)?;
        let next = c.prepare_cached(NEXT_IDS).await.map_err(pg)?;
        let known = c.prepare_cached(IDEMPOTENCY_OF_BATCH).await.map_err(pg)?;
        let set_savepoint = c.prepare_cached("SAVEPOINT job").await.map_err(pg)?;
        let (agents, request_ids): (Vec<&str>, Vec<&str>) = keys.iter().map(|(a, r)| (a.as_str(), r.as_str())).unzip();
        // `join` and `join3` poll them in this order, so they are sent in this order; the seal's read is a later
        // statement than the lock (F925).
        // Each future sends its statement when first polled.
        let (began, head, seal) = (c.execute(&begin, &[]), c.query_opt(&lock, &[]), c.query_opt(&sealed, &[]));
        let ((began, head, seal), (next, known, saved)) = futures_util::future::join(
            futures_util::future::join3(began, head, seal),
            futures_util::future::join3(
                c.query_one(&next, &[]),
                async {
                    if keys.is_empty() { Ok(Vec::new()) } else { c.query(&known, &[&agents, &request_ids]).await }
                },
                async { if savepoint { c.execute(&set_savepoint, &[]).await.map(|_| ()) } else { Ok(()) } },
            ),
        )
        .await;
        began.map_err(pg)?;
        let head = head.map_err(pg)?.ok_or_else(|| StoreError::Backend("the journal_head row is missing".into()))?;
        let seal = seal.map_err(pg)?.ok_or_else(|| StoreError::Backend("the journal_head row is missing".into()))?;
        let next = next.map_err(pg)?;
        let known = known.map_err(pg)?;
        saved.map_err(pg)?;
        let next_ids = NextIds { decision: get(&next, 0)?, reservation: get(&next, 1)? };
        let mut idempotency_known: HashMap<(String, String), Option<(String, i64)>> =
            keys.iter().map(|key| (key.clone(), None)).collect();
        for r in &known {
            idempotency_known.insert((get(r, 0)?, get(r, 1)?), Some((get(r, 2)?, get(r, 3)?)));
        }
        let seq: i64 = get(&head, 0)?;
        let hash: String = get(&head, 1)?;
        // Read after the lock was granted, the head row is the one this transaction locked: nobody else moves it.
        let seal_seq: i64 = get(&seal, 0)?;
        if seal_seq != seq {
            return Err(StoreError::Backend(format!(
                "the journal head moved under this transaction's lock (seq {seq}, then {seal_seq}): see `foureyes \
                 journal verify`"
            )));
        }
        let head_seal: Option<String> = get(&seal, 1)?;
        let seq = u64::try_from(seq).map_err(|_| StoreError::Backend(format!("journal_head seq {seq}")))?;
        tx.start_seq = seq;
        tx.head_seq = seq;
        tx.head_hash = hash;
        tx.head_seal = head_seal;
        tx.next_ids = next_ids;
        tx.idempotency_known = idempotency_known;
        Ok(tx)
    }

    /// The idempotency row of `(agent, request_id)` as read with the lock, if this transaction read it then and has
    /// not written it since (ADR-760).
    pub(crate) fn known_idempotency(&self, agent: &str, request_id: &str) -> Option<Option<(String, i64)>> {
        self.idempotency_known.get(&(agent.to_string(), request_id.to_string())).cloned()
    }

    /// This transaction writes the idempotency row of `(agent, request_id)`: later reads go to the table.
    pub(crate) fn forget_idempotency(&mut self, agent: &str, request_id: &str) {
        self.idempotency_known.remove(&(agent.to_string(), request_id.to_string()));
    }

    /// The id a new `decisions` row gets: the lowest the journal leaves unissued (`floor`, ADR-640), stepping over
    /// the rows the table holds (ADR-761).
    pub(crate) fn take_decision_id(&mut self, floor: i64) -> i64 {
        let id = floor.max(self.next_ids.decision);
        self.next_ids.decision = id + 1;
        id
    }

    /// [`Tx::take_decision_id`] for a `reservations` row.
    pub(crate) fn take_reservation_id(&mut self, floor: i64) -> i64 {
        let id = floor.max(self.next_ids.reservation);
        self.next_ids.reservation = id + 1;
        id
    }

    /// The connection, inside the transaction, for statements.
    pub fn c(&self) -> &Object {
        // Only `Tx::leave_pool` takes it, and it consumes the `Tx`.
        self.conn.as_ref().unwrap_or_else(|| unreachable!("a Tx always holds its connection"))
    }

    /// The head this transaction holds: `(seq, hash)`.
    pub fn head(&self) -> (u64, String) {
        (self.head_seq, self.head_hash.clone())
    }

    /// Appends one event to the journal, chained to the head this transaction holds.
    pub async fn append(&mut self, ts_ms: i64, data: EventData) -> Result<Encoded, StoreError> {
        let event = Encoded::next(self.head_seq, &self.head_hash, ts_ms, &data).map_err(StoreError::Unjournalable)?;
        let seal = self.authority.seal_for_append(self.head_seq, &self.head_hash, self.head_seal.as_deref(), &event)?;
        let seq = seq_param(event.seq)?;
        self.sends += 1;
        exec(
            self.c(),
            "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash, seal) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[&seq, &event.ts_ms, &event.kind.as_str(), &event.data, &event.prev_hash, &event.hash, &seal],
        )
        .await?;
        self.head_seq = event.seq;
        self.head_hash.clone_from(&event.hash);
        self.head_seal.clone_from(&seal);
        self.appended.push(Appended::new(&event, data, seal));
        Ok(event)
    }

    /// Appends one event to the journal like [`Tx::append`], its row sent at the next [`Tx::flush`] (ADR-412).
    pub fn append_deferred(&mut self, ts_ms: i64, data: EventData) -> Result<Encoded, StoreError> {
        let event = Encoded::next(self.head_seq, &self.head_hash, ts_ms, &data).map_err(StoreError::Unjournalable)?;
        // Sealed like every append (ADR-420): a deferred row is still the door's own event.
        let seal = self.authority.seal_for_append(self.head_seq, &self.head_hash, self.head_seal.as_deref(), &event)?;
        // The row joins the batch's one journal insert (ADR-900). Its data is canonical JSON (no raw NUL); the seal
        // and hashes are hex.
        self.rows.journal.push(JournalRow {
            seq: seq_param(event.seq)?,
            ts_ms: event.ts_ms,
            kind: event.kind.as_str(),
            data: event.data.clone(),
            prev_hash: event.prev_hash.clone(),
            hash: event.hash.clone(),
            seal: seal.clone(),
        });
        self.head_seq = event.seq;
        self.head_hash.clone_from(&event.hash);
        self.head_seal.clone_from(&seal);
        self.appended.push(Appended::new(&event, data, seal));
        Ok(event)
    }

    /// Keeps `fingerprint` (the request's, as written to its idempotency row) with the event just appended, for the
    /// authority state to apply it with (ADR-980, ADR-1008).
    pub(crate) fn keep_fingerprint_of_last_append(&mut self, fingerprint: String) {
        if let Some(appended) = self.appended.last_mut() {
            appended.fingerprint = Some(fingerprint);
        }
    }

    /// Queues a write for the next [`Tx::flush`].
    pub(crate) fn defer(&mut self, sql: &'static str, params: Vec<Box<dyn ToSql + Sync + Send>>) {
        self.deferred.push(Deferred { sql, params });
    }

    /// Queues a `decisions` row for the batch's one insert into the table (ADR-900).
    pub(crate) fn queue_decision(&mut self, row: DecisionRow) {
        self.rows.decisions.push(row);
    }

    /// Queues a `reservations` row (ADR-900).
    pub(crate) fn queue_reservation(&mut self, row: ReservationRow) {
        self.rows.reservations.push(row);
    }

    /// Queues an `idempotency` row (ADR-900).
    pub(crate) fn queue_idempotency(&mut self, row: IdempotencyRow) {
        self.rows.idempotency.push(row);
    }

    /// The queued rows (one insert per table) and then the queued writes, in the order they are to be sent.
    fn take_queued(&mut self) -> Vec<Deferred> {
        let mut queued = std::mem::take(&mut self.rows).into_statements();
        queued.append(&mut self.deferred);
        queued
    }

    /// Sends every queued row and write, pipelined (each statement prepared once per connection), and waits for them
    /// all: one round trip. The first error fails the transaction.
    pub(crate) async fn flush(&mut self) -> Result<(), StoreError> {
        self.sends += 1;
        let queued = self.take_queued();
        if queued.is_empty() {
            return Ok(());
        }
        let sent = self.send(&queued).await;
        if sent.is_err() {
            self.failed = true;
        }
        sent
    }

    /// Sends `queued` together and waits for every answer.
    async fn send(&self, queued: &[Deferred]) -> Result<(), StoreError> {
        let mut statements = Vec::with_capacity(queued.len());
        for d in queued {
            statements.push(self.c().prepare_cached(d.sql).await.map_err(pg)?);
        }
        let tx = self.c();
        let sends = queued.iter().zip(&statements).map(|(d, statement)| async move {
            let params: Vec<&(dyn ToSql + Sync)> = d.params.iter().map(|p| &**p as &(dyn ToSql + Sync)).collect();
            tx.execute(statement, &params).await
        });
        futures_util::future::try_join_all(sends).await.map_err(pg)?;
        Ok(())
    }

    /// Ends a transaction that ran one job: `rollback` (its error is not an audited refusal) rolls it back, else
    /// it commits (with the new head and a `NOTIFY` if events were appended) and this replica's authority state
    /// takes the job's events as written, without reading them back (ADR-410). The error is the failed COMMIT's.
    pub async fn end(mut self, rollback: bool) -> Result<(), StoreError> {
        if rollback {
            if self.c().batch_execute("ROLLBACK").await.is_ok() {
                self.back_to_pool();
            }
            return Ok(());
        }
        self.commit().await?;
        let appended = std::mem::take(&mut self.appended);
        self.authority.apply_appended(appended);
        Ok(())
    }

    /// Commits: the new head and its `NOTIFY` (if events were appended) are sent with the queued writes and the
    /// COMMIT, in one round trip (ADR-760). Applies nothing to the authority state (see [`Tx::end`],
    /// [`Tx::job_stands`]). A queued write that fails makes the COMMIT a rollback, which PostgreSQL reports as
    /// success: every answer is checked, so that is the write's error.
    pub async fn commit(&mut self) -> Result<(), StoreError> {
        if self.head_seq != self.start_seq {
            let seq = seq_param(self.head_seq)?;
            // The notification is delivered if and when the transaction commits.
            self.defer(
                "UPDATE journal_head SET seq = $1, hash = $2 RETURNING pg_notify($3, $4)",
                vec![
                    Box::new(seq),
                    Box::new(self.head_hash.clone()),
                    Box::new(self.channel.clone()),
                    Box::new(self.head_seq.to_string()),
                ],
            );
        }
        self.sends += 1;
        let deferred = self.take_queued();
        let c = self.c();
        let mut statements = Vec::with_capacity(deferred.len());
        for d in &deferred {
            statements.push(c.prepare_cached(d.sql).await.map_err(pg)?);
        }
        let commit = c.prepare_cached("COMMIT").await.map_err(pg)?;
        let sends = deferred.iter().zip(&statements).map(|(d, statement)| async move {
            let params: Vec<&(dyn ToSql + Sync)> = d.params.iter().map(|p| &**p as &(dyn ToSql + Sync)).collect();
            c.execute(statement, &params).await
        });
        let (writes, committed) =
            futures_util::future::join(futures_util::future::join_all(sends), c.execute(&commit, &[])).await;
        for written in writes {
            written.map_err(|e| StoreError::Backend(format!("commit failed: {}", describe(&e))))?;
        }
        committed.map_err(|e| StoreError::Backend(format!("commit failed: {}", describe(&e))))?;
        if self.failed {
            // A statement failed earlier (its job's caller may have made an audited refusal of it): PostgreSQL
            // answered this COMMIT with a rollback.
            return Err(StoreError::Backend("commit failed: a statement of the transaction failed".into()));
        }
        self.back_to_pool();
        Ok(())
    }

    /// Where the next job of a batch begins (inside `SAVEPOINT job`, nothing queued).
    pub fn savepoint_mark(&self) -> JobMark {
        JobMark {
            head_seq: self.head_seq,
            head_hash: self.head_hash.clone(),
            head_seal: self.head_seal.clone(),
            next_ids: self.next_ids,
            rows: self.rows.counts(),
            sends: self.sends,
        }
    }

    /// Whether anything was sent since `mark` (ADR-900): a job that sent nothing is undone by
    /// [`Tx::job_dropped`], without a savepoint.
    pub(crate) fn sent_since(&self, mark: &JobMark) -> bool {
        self.sends != mark.sends || self.failed
    }

    /// A job of an unnested batch (ADR-900) stands: its events are applied to the authority state at once, so that
    /// the next job decides on them; its rows stay queued for the batch's inserts.
    pub(crate) fn job_kept(&mut self) {
        let appended = std::mem::take(&mut self.appended);
        self.authority.apply_appended(appended);
    }

    /// A job of an unnested batch that sent nothing since `mark` ([`Tx::sent_since`]) is undone: its queued rows and
    /// events are dropped and the head and ids are where it found them, as a rollback to its savepoint would leave
    /// them (ADR-900).
    pub(crate) fn job_dropped(&mut self, mark: JobMark) {
        debug_assert!(!self.sent_since(&mark), "a job that sent statements cannot be dropped in memory");
        self.rows.truncate(mark.rows);
        self.restore(mark);
    }

    /// Rolls the whole transaction back (the batch will run again, ADR-900). Its connection goes back to the pool
    /// if the rollback succeeded, else leaves it.
    pub(crate) async fn roll_back(&mut self) {
        self.rows.clear();
        self.deferred.clear();
        self.appended.clear();
        if self.c().batch_execute("ROLLBACK").await.is_ok() {
            self.back_to_pool();
        }
    }

    /// A job of a batch stands (it succeeded, or its refusal is audited): its writes are sent with `RELEASE` and,
    /// when another job follows, that job's `SAVEPOINT` (one round trip); then its events are applied to the
    /// authority state at once, so that the next job of the batch decides on them (ADR-680). An error here (one
    /// of its writes failed) leaves the job to [`Tx::job_rolled_back`].
    pub async fn job_stands(&mut self, another_follows: bool) -> Result<(), StoreError> {
        self.defer("RELEASE SAVEPOINT job", Vec::new());
        if another_follows {
            self.defer("SAVEPOINT job", Vec::new());
        }
        self.flush().await?;
        let appended = std::mem::take(&mut self.appended);
        self.authority.apply_appended(appended);
        Ok(())
    }

    /// A job of a batch is undone: its queued writes are dropped, the transaction is rolled back to the job's
    /// savepoint (which stays, for the next job), and the head is where the job found it. An error here leaves the
    /// transaction unusable: the batch ends.
    pub async fn job_rolled_back(&mut self, mark: JobMark) -> Result<(), StoreError> {
        self.deferred.clear();
        self.rows.clear();
        self.appended.clear();
        self.sends += 1;
        self.c().batch_execute("ROLLBACK TO SAVEPOINT job").await.map_err(pg)?;
        self.failed = false;
        self.restore(mark);
        Ok(())
    }

    /// The head and the free ids as they were at `mark`.
    fn restore(&mut self, mark: JobMark) {
        self.appended.clear();
        self.head_seq = mark.head_seq;
        self.head_hash = mark.head_hash;
        self.head_seal = mark.head_seal;
        // Its rows are gone: the ids it took are free again, so ids stay gap-free as on SQLite.
        self.next_ids = mark.next_ids;
    }

    /// Gives the connection back to the pool: only once the transaction has ended.
    fn back_to_pool(&mut self) {
        drop(self.conn.take());
    }
}

impl Drop for Tx {
    /// A transaction neither committed nor rolled back takes its connection out of the pool (closing it ends the
    /// transaction on the server), so that no later write begins inside it.
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            drop(Object::take(conn));
        }
    }
}

/// A `seq` as a BIGINT parameter.
pub(crate) fn seq_param(seq: u64) -> Result<i64, StoreError> {
    i64::try_from(seq).map_err(|_| StoreError::Backend(format!("journal seq {seq} is out of range")))
}
