//! Connector secrets: sealed with AES-256-GCM (`ring`) under a key kept outside the database (a key file or the
//! `FOUREYES_SECRETS_KEY` environment variable), stored in a small table of their own beside the store's tables
//! (`connector_secrets`, SQLite or PostgreSQL), and opened only inside a connector run.
//!
//! A secret is never journaled, never returned by an endpoint and never printed: the only ways out of this module
//! are [`Secrets::open_for_run`] (into a connector's headers, body or environment) and [`Secrets::list`] (names,
//! versions and times, no values). The name and the key's fingerprint are the AEAD's associated data, so a row
//! copied under another name, or opened under another key, fails instead of yielding a wrong credential.
//!
//! The journal says which sealed value counts (attack 28, H3/H4; ADR-958): each `secret_set` entry carries
//! [`Sealed::binding`] of the value it stores, and a [`Secrets`] given its store's journal ([`Secrets::with_journal`])
//! opens a row only when it is the one its name's newest entry stored. A row set back to an earlier sealed value
//! (rolled back past a rotation) or copied from another store under the same key is refused `record_altered`
//! (journaled, naming the secret), never sent.

use async_trait::async_trait;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The environment variable holding the key (64 hex digits) when no key file is given.
pub const KEY_ENV: &str = "FOUREYES_SECRETS_KEY";
/// Longest secret value.
pub const MAX_SECRET_BYTES: usize = 16 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    #[error("{0}")]
    Key(String),
    #[error("{0}")]
    Invalid(String),
    #[error("secret `{0}` is not set (`foureyes secret set {0}`)")]
    Missing(String),
    #[error("secret `{name}` cannot be opened: {why}")]
    Open { name: String, why: String },
    #[error("secret storage: {0}")]
    Storage(String),
    /// The row is not the one the journal's newest `secret_set` of its name stored (rolled back, copied from
    /// another store, or set by no journaled command): refused, journaled `record_altered`.
    #[error("secret `{name}` refused (record_altered): {why}")]
    Altered { name: String, why: String },
}

/// A secret name: letters, digits and `_`, 1–64 characters, starting with a letter.
pub fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.len() <= 64
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether `name` and `value` may be stored (checked before anything is journaled or written).
pub fn check(name: &str, value: &str) -> Result<(), SecretError> {
    if !valid_name(name) {
        return Err(SecretError::Invalid(format!(
            "secret name `{}`: letters, digits and `_`, starting with a letter, at most 64",
            foureyes_core::tool_pin::shown(name)
        )));
    }
    if value.is_empty() || value.len() > MAX_SECRET_BYTES {
        return Err(SecretError::Invalid(format!("a secret value has 1 to {MAX_SECRET_BYTES} bytes")));
    }
    Ok(())
}

/// The 256-bit sealing key. Its `Debug` shows the fingerprint only.
pub struct SecretKey {
    bytes: [u8; 32],
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SecretKey({})", self.fingerprint())
    }
}

impl SecretKey {
    /// A fresh random key, as 64 hex digits (for `foureyes secret new-key > FILE`).
    pub fn generate_hex() -> Result<String, SecretError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| SecretError::Key(format!("no randomness: {e}")))?;
        Ok(hex::encode(bytes))
    }

    pub fn from_hex(text: &str) -> Result<SecretKey, SecretError> {
        let bytes = hex::decode(text.trim())
            .ok()
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or_else(|| SecretError::Key("a secrets key is 64 hex digits (256 bits)".into()))?;
        Ok(SecretKey { bytes })
    }

    /// From `file` when given (64 hex digits), else from [`KEY_ENV`].
    pub fn load(file: Option<&Path>) -> Result<SecretKey, SecretError> {
        match file {
            Some(path) => {
                // The one reader of small files (ADR-1432): a FIFO here hung the door, `/dev/zero` was read
                // without bound (attack 41).
                let text = crate::files::read_small_text(path, crate::files::Follow::Yes, crate::files::KEY_MAX_BYTES)
                    .map_err(|e| {
                        SecretError::Key(format!("cannot read the secrets key file `{}`: {e}", path.display()))
                    })?;
                SecretKey::from_hex(&text)
                    .map_err(|e| SecretError::Key(format!("secrets key file `{}`: {e}", path.display())))
            }
            None => match std::env::var(KEY_ENV) {
                Ok(text) => SecretKey::from_hex(&text).map_err(|e| SecretError::Key(format!("{KEY_ENV}: {e}"))),
                Err(_) => Err(SecretError::Key(format!(
                    "no secrets key: give --secrets-key-file FILE or set {KEY_ENV} (make one with `foureyes secret new-key`)"
                ))),
            },
        }
    }

    /// The first 8 bytes of SHA-256 of the key, in hex: names the key without revealing it.
    pub fn fingerprint(&self) -> String {
        let digest = ring::digest::digest(&ring::digest::SHA256, &self.bytes);
        hex::encode(&digest.as_ref()[..8])
    }

    fn aead(&self) -> Result<LessSafeKey, SecretError> {
        UnboundKey::new(&AES_256_GCM, &self.bytes)
            .map(LessSafeKey::new)
            .map_err(|_| SecretError::Key("cannot use the secrets key".into()))
    }

    fn aad(&self, name: &str) -> Vec<u8> {
        format!("foureyes-secret\0{name}\0{}", self.fingerprint()).into_bytes()
    }

    fn seal(&self, name: &str, value: &[u8]) -> Result<Sealed, SecretError> {
        let mut nonce = [0u8; NONCE_LEN];
        getrandom::fill(&mut nonce).map_err(|e| SecretError::Key(format!("no randomness: {e}")))?;
        let mut data = value.to_vec();
        self.aead()?
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(self.aad(name)), &mut data)
            .map_err(|_| SecretError::Key("sealing failed".into()))?;
        Ok(Sealed { name: name.to_string(), key_fingerprint: self.fingerprint(), nonce: nonce.to_vec(), sealed: data })
    }

    fn open(&self, row: &Sealed) -> Result<String, SecretError> {
        let fail = |why: String| SecretError::Open { name: row.name.clone(), why };
        if row.key_fingerprint != self.fingerprint() {
            return Err(fail(format!(
                "it was sealed under key {} and this key is {}",
                row.key_fingerprint,
                self.fingerprint()
            )));
        }
        let nonce = <[u8; NONCE_LEN]>::try_from(row.nonce.as_slice()).map_err(|_| fail("bad nonce".into()))?;
        let mut data = row.sealed.clone();
        let plain = self
            .aead()?
            .open_in_place(Nonce::assume_unique_for_key(nonce), Aad::from(self.aad(&row.name)), &mut data)
            .map_err(|_| {
                fail("the sealed value does not authenticate (tampered, or stored under another name)".into())
            })?;
        String::from_utf8(plain.to_vec()).map_err(|_| fail("not UTF-8".into()))
    }
}

/// One stored row: everything but the value in clear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub name: String,
    pub key_fingerprint: String,
    pub nonce: Vec<u8>,
    pub sealed: Vec<u8>,
}

impl Sealed {
    /// What the journal's `secret_set` entry records of this sealed value: SHA-256 over the name, the key's
    /// fingerprint, the nonce and the sealed bytes (each length-prefixed), in hex. Names nothing of the value
    /// (the sealed bytes are already ciphertext under a key the journal never sees).
    pub fn binding(&self) -> String {
        let mut ctx = ring::digest::Context::new(&ring::digest::SHA256);
        let parts: [&[u8]; 5] = [
            b"foureyes-secret-binding",
            self.name.as_bytes(),
            self.key_fingerprint.as_bytes(),
            &self.nonce,
            &self.sealed,
        ];
        for part in parts {
            ctx.update(&(part.len() as u64).to_be_bytes());
            ctx.update(part);
        }
        hex::encode(ctx.finish().as_ref())
    }
}

/// What the journal's entries say of each secret name: the newest `secret_set`'s seq and binding (`None` for an
/// entry written before bindings were journaled). Read incrementally: each look-up reads only the entries after
/// the last one read.
pub struct SecretJournal {
    store: Arc<dyn foureyes_store::Store>,
    seen: tokio::sync::Mutex<Seen>,
}

/// The last journal seq read, and each name's newest `secret_set` (its seq and binding).
type Seen = (u64, BTreeMap<String, (u64, Option<String>)>);

impl SecretJournal {
    pub fn new(store: Arc<dyn foureyes_store::Store>) -> SecretJournal {
        SecretJournal { store, seen: tokio::sync::Mutex::new((0, BTreeMap::new())) }
    }

    /// The newest `secret_set` entry of `name` (its seq and binding), `None` when the journal never set it.
    pub async fn newest(&self, name: &str) -> Result<Option<(u64, Option<String>)>, SecretError> {
        let mut seen = self.seen.lock().await;
        loop {
            let page = self.store.journal(seen.0, 1000).await.map_err(|e| SecretError::Storage(e.to_string()))?;
            let Some(last) = page.last() else { break };
            let last_seq = last.seq;
            for event in &page {
                if event.kind != foureyes_core::journal::EventKind::Credential
                    || event.data.get("action").and_then(serde_json::Value::as_str) != Some("secret_set")
                {
                    continue;
                }
                if let Some(set) = event.data.get("name").and_then(serde_json::Value::as_str) {
                    let binding = event.data.get("sealed_binding").and_then(serde_json::Value::as_str);
                    seen.1.insert(set.to_string(), (event.seq, binding.map(str::to_string)));
                }
            }
            seen.0 = last_seq;
        }
        Ok(seen.1.get(name).cloned())
    }

    /// Whether `row` is the value the journal's newest `secret_set` of its name stored; `Err(why)` when not.
    pub async fn check(&self, row: &Sealed) -> Result<Result<(), String>, SecretError> {
        Ok(match self.newest(&row.name).await? {
            None => Err("the journal has no `secret_set` of it in this store (a row copied in from elsewhere?)".into()),
            // Set before bindings were journaled: the AEAD proves name and key only (ADR-958).
            Some((_, None)) => Ok(()),
            Some((_, Some(binding))) if binding == row.binding() => Ok(()),
            Some((seq, Some(_))) => Err(format!(
                "its sealed value is not the one its newest `secret_set` (journal seq {seq}) stored: set back to an \
                 earlier value or copied from another store"
            )),
        })
    }

    /// Journals the refusal of `name`'s row (the name, never the value) and returns it as an error.
    async fn refuse(&self, name: &str, why: String) -> SecretError {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        let message = format!("connector secret `{name}` refused: {why}");
        let input = serde_json::json!({"secret": name});
        if let Err(e) = self.store.refuse("foureyes", "record_altered", &message, input, now).await {
            return SecretError::Storage(format!("{message}; and it could not be journaled: {e}"));
        }
        SecretError::Altered { name: name.to_string(), why }
    }
}

/// What may be shown about a secret.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SecretInfo {
    pub name: String,
    /// 1 when first set, +1 at each rotation.
    pub version: i64,
    /// When it was first set (`None` for a row stored before this was kept).
    pub created_at_ms: Option<i64>,
    /// When it was last rotated (`None`: never).
    pub rotated_at_ms: Option<i64>,
    pub updated_at_ms: i64,
    pub key_fingerprint: String,
}

impl SecretInfo {
    fn new(name: String, version: i64, created: Option<i64>, updated: i64, key_fingerprint: String) -> SecretInfo {
        let rotated_at_ms = (version > 1).then_some(updated);
        SecretInfo { name, version, created_at_ms: created, rotated_at_ms, updated_at_ms: updated, key_fingerprint }
    }
}

/// The secrets table (one per database), kept apart from the store's tables and its journal.
#[async_trait]
pub trait SecretTable: Send + Sync {
    /// Inserts or replaces `name`; returns its new version.
    async fn put(&self, row: Sealed, now_ms: i64) -> Result<i64, SecretError>;
    async fn get(&self, name: &str) -> Result<Option<Sealed>, SecretError>;
    async fn list(&self) -> Result<Vec<SecretInfo>, SecretError>;
}

/// The key and the table.
#[derive(Clone)]
pub struct Secrets {
    key: Arc<SecretKey>,
    table: Arc<dyn SecretTable>,
    journal: Option<Arc<SecretJournal>>,
}

impl Secrets {
    pub fn new(key: SecretKey, table: Arc<dyn SecretTable>) -> Secrets {
        Secrets { key: Arc::new(key), table, journal: None }
    }

    /// These secrets, opened only when the row is the one `store`'s journal last set (ADR-958). Every process
    /// that runs connectors (`serve`, each served namespace, `execute`) gives its own store here.
    pub fn with_journal(mut self, store: Arc<dyn foureyes_store::Store>) -> Secrets {
        self.journal = Some(Arc::new(SecretJournal::new(store)));
        self
    }

    /// Seals `value` under `name` without storing it: its [`Sealed::binding`] is journaled first, then
    /// [`Secrets::put`] stores it.
    pub fn seal(&self, name: &str, value: &str) -> Result<Sealed, SecretError> {
        check(name, value)?;
        self.key.seal(name, value.as_bytes())
    }

    /// Stores a value [`Secrets::seal`] made (a rotation when the name exists); returns the new version.
    pub async fn put(&self, row: Sealed, now_ms: i64) -> Result<i64, SecretError> {
        self.table.put(row, now_ms).await
    }

    /// Seals and stores `value` under `name` (a rotation when it exists); returns the new version.
    pub async fn set(&self, name: &str, value: &str, now_ms: i64) -> Result<i64, SecretError> {
        check(name, value)?;
        self.table.put(self.key.seal(name, value.as_bytes())?, now_ms).await
    }

    pub async fn list(&self) -> Result<Vec<SecretInfo>, SecretError> {
        self.table.list().await
    }

    /// Whether `name` is set (a `set` of it is then a rotation).
    pub async fn exists(&self, name: &str) -> Result<bool, SecretError> {
        Ok(self.table.get(name).await?.is_some())
    }

    /// Opens the named secrets for one connector run.
    pub async fn open_for_run(&self, names: &BTreeSet<String>) -> Result<BTreeMap<String, String>, SecretError> {
        let mut out = BTreeMap::new();
        for name in names {
            let row = self.table.get(name).await?.ok_or_else(|| SecretError::Missing(name.clone()))?;
            if let Some(journal) = &self.journal
                && let Err(why) = journal.check(&row).await?
            {
                return Err(journal.refuse(name, why).await);
            }
            out.insert(name.clone(), self.key.open(&row)?);
        }
        Ok(out)
    }
}

const SQLITE_TABLE: &str = "CREATE TABLE IF NOT EXISTS connector_secrets (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    key_fingerprint TEXT NOT NULL,
    nonce BLOB NOT NULL,
    sealed BLOB NOT NULL,
    updated_at_ms INTEGER NOT NULL,
    created_at_ms INTEGER
) STRICT";

/// The secrets table in the store's SQLite file, on a connection of its own.
pub struct SqliteSecrets {
    conn: Arc<Mutex<rusqlite::Connection>>,
    /// Whether the table has `created_at_ms` (a read-only table made before it was kept has not).
    created_column: bool,
}

/// A connection to the FourEyes database at `path` from the store's one opener (ADR-1311): the identity, log
/// (first and last event) and companion checks of every door, read-only for a door that only reads. The secrets
/// store never opens the file on its own (attack 40's H2: it applied another database's `-wal`, played a foreign hot
/// `-journal` back, added its table to another program's database, and hung on a FIFO).
fn checked_connection(path: &Path, write: bool) -> Result<rusqlite::Connection, SecretError> {
    foureyes_store_sqlite::SqliteStore::side_connection(path, write).map_err(|e| SecretError::Storage(e.to_string()))
}

impl SqliteSecrets {
    /// The table of the FourEyes database at `path` (a door has opened the store first: nothing is created here but
    /// the table), made or upgraded.
    pub fn open(path: &Path) -> Result<SqliteSecrets, SecretError> {
        let storage = |e: rusqlite::Error| SecretError::Storage(e.to_string());
        let conn = checked_connection(path, true)?;
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(storage)?;
        conn.execute_batch(SQLITE_TABLE).map_err(storage)?;
        // A table made before `created_at_ms` was kept gains the column (its rows' creation time stays unknown).
        let has_created: bool = conn
            .query_row(
                "SELECT count(*) FROM pragma_table_info('connector_secrets') WHERE name = 'created_at_ms'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map_err(storage)?
            > 0;
        if !has_created {
            conn.execute_batch("ALTER TABLE connector_secrets ADD COLUMN created_at_ms INTEGER").map_err(storage)?;
        }
        Ok(SqliteSecrets { conn: Arc::new(Mutex::new(conn)), created_column: true })
    }

    /// The table as a door that only reads sees it (`journal audit`, `secret list`; ADR-1250, ADR-1311): a read-only
    /// connection from the store's one opener that never checkpoints, creates no table and adds no column; `None`
    /// when the database has no `connector_secrets` table.
    pub fn open_read_only(path: &Path) -> Result<Option<SqliteSecrets>, SecretError> {
        let storage = |e: rusqlite::Error| SecretError::Storage(e.to_string());
        let conn = checked_connection(path, false)?;
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(storage)?;
        let columns: i64 = conn
            .query_row(
                "SELECT count(*) FROM pragma_table_info('connector_secrets') WHERE name = 'created_at_ms'",
                [],
                |r| r.get(0),
            )
            .map_err(storage)?;
        let exists: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'connector_secrets'",
                [],
                |r| r.get(0),
            )
            .map_err(storage)?;
        if exists == 0 {
            return Ok(None);
        }
        // A table made before `created_at_ms` was kept is read as it is (its rows' creation time unknown): a door
        // that only reads adds no column (ADR-1250); the next `secret set`, `serve` or `execute` adds it.
        Ok(Some(SqliteSecrets { conn: Arc::new(Mutex::new(conn)), created_column: columns > 0 }))
    }

    async fn with<T: Send + 'static>(
        &self,
        f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, SecretError> {
        let conn = self.conn.clone();
        tokio::task::spawn_blocking(move || {
            let conn = conn.lock().map_err(|_| SecretError::Storage("connection lock poisoned".into()))?;
            f(&conn).map_err(|e| SecretError::Storage(e.to_string()))
        })
        .await
        .map_err(|e| SecretError::Storage(e.to_string()))?
    }
}

#[async_trait]
impl SecretTable for SqliteSecrets {
    async fn put(&self, row: Sealed, now_ms: i64) -> Result<i64, SecretError> {
        self.with(move |c| {
            c.query_row(
                "INSERT INTO connector_secrets
                   (name, version, key_fingerprint, nonce, sealed, updated_at_ms, created_at_ms)
                 VALUES (?1, 1, ?2, ?3, ?4, ?5, ?5)
                 ON CONFLICT(name) DO UPDATE SET version = version + 1, key_fingerprint = excluded.key_fingerprint,
                   nonce = excluded.nonce, sealed = excluded.sealed, updated_at_ms = excluded.updated_at_ms
                 RETURNING version",
                rusqlite::params![row.name, row.key_fingerprint, row.nonce, row.sealed, now_ms],
                |r| r.get(0),
            )
        })
        .await
    }

    async fn get(&self, name: &str) -> Result<Option<Sealed>, SecretError> {
        let name = name.to_string();
        self.with(move |c| {
            let mut stmt =
                c.prepare("SELECT name, key_fingerprint, nonce, sealed FROM connector_secrets WHERE name = ?1")?;
            let mut rows = stmt.query([&name])?;
            match rows.next()? {
                Some(r) => Ok(Some(Sealed {
                    name: r.get(0)?,
                    key_fingerprint: r.get(1)?,
                    nonce: r.get(2)?,
                    sealed: r.get(3)?,
                })),
                None => Ok(None),
            }
        })
        .await
    }

    async fn list(&self) -> Result<Vec<SecretInfo>, SecretError> {
        let created = if self.created_column { "created_at_ms" } else { "NULL" };
        self.with(move |c| {
            let mut stmt = c.prepare(&format!(
                "SELECT name, version, {created}, updated_at_ms, key_fingerprint FROM connector_secrets ORDER BY name"
            ))?;
            let rows =
                stmt.query_map([], |r| Ok(SecretInfo::new(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?;
            rows.collect()
        })
        .await
    }
}

/// A connection of its own to the store's PostgreSQL database, with a connector table created by `ddl`. Replicas
/// start together, and two concurrent `CREATE TABLE IF NOT EXISTS` can both pass the check and one then fails on
/// PostgreSQL's catalog (F61): one advisory lock for the connector tables serializes them.
pub(crate) async fn pg_with_table(url: &str, ddl: &str) -> Result<tokio_postgres::Client, tokio_postgres::Error> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    client.batch_execute(&format!("BEGIN; SELECT pg_advisory_xact_lock(7246851); {ddl}; COMMIT")).await?;
    Ok(client)
}

/// The secrets table in the store's PostgreSQL database, on a connection of its own.
pub struct PgSecrets {
    client: tokio_postgres::Client,
}

impl PgSecrets {
    pub async fn connect(url: &str) -> Result<PgSecrets, SecretError> {
        let storage = |e: tokio_postgres::Error| SecretError::Storage(e.to_string());
        let client = pg_with_table(
            url,
            "CREATE TABLE IF NOT EXISTS connector_secrets (
                    name TEXT PRIMARY KEY,
                    version BIGINT NOT NULL,
                    key_fingerprint TEXT NOT NULL,
                    nonce BYTEA NOT NULL,
                    sealed BYTEA NOT NULL,
                    updated_at_ms BIGINT NOT NULL);
                 ALTER TABLE connector_secrets ADD COLUMN IF NOT EXISTS created_at_ms BIGINT",
        )
        .await
        .map_err(storage)?;
        Ok(PgSecrets { client })
    }
}

#[async_trait]
impl SecretTable for PgSecrets {
    async fn put(&self, row: Sealed, now_ms: i64) -> Result<i64, SecretError> {
        let r = self
            .client
            .query_one(
                "INSERT INTO connector_secrets
                   (name, version, key_fingerprint, nonce, sealed, updated_at_ms, created_at_ms)
                 VALUES ($1, 1, $2, $3, $4, $5, $5)
                 ON CONFLICT (name) DO UPDATE SET version = connector_secrets.version + 1,
                   key_fingerprint = excluded.key_fingerprint, nonce = excluded.nonce, sealed = excluded.sealed,
                   updated_at_ms = excluded.updated_at_ms
                 RETURNING version",
                &[&row.name, &row.key_fingerprint, &row.nonce, &row.sealed, &now_ms],
            )
            .await
            .map_err(|e| SecretError::Storage(e.to_string()))?;
        Ok(r.get(0))
    }

    async fn get(&self, name: &str) -> Result<Option<Sealed>, SecretError> {
        let row = self
            .client
            .query_opt("SELECT name, key_fingerprint, nonce, sealed FROM connector_secrets WHERE name = $1", &[&name])
            .await
            .map_err(|e| SecretError::Storage(e.to_string()))?;
        Ok(row.map(|r| Sealed { name: r.get(0), key_fingerprint: r.get(1), nonce: r.get(2), sealed: r.get(3) }))
    }

    async fn list(&self) -> Result<Vec<SecretInfo>, SecretError> {
        let rows = self
            .client
            .query(
                "SELECT name, version, created_at_ms, updated_at_ms, key_fingerprint FROM connector_secrets ORDER BY name",
                &[],
            )
            .await
            .map_err(|e| SecretError::Storage(e.to_string()))?;
        Ok(rows.iter().map(|r| SecretInfo::new(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))).collect())
    }
}

/// Opens the secrets table of the database `--db` names (a `postgres://` URL or a SQLite file).
pub async fn open_table(db: &str) -> Result<Arc<dyn SecretTable>, SecretError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        Ok(Arc::new(PgSecrets::connect(db).await?))
    } else {
        Ok(Arc::new(SqliteSecrets::open(Path::new(db))?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> SecretKey {
        SecretKey::from_hex(&"ab".repeat(32)).expect("key")
    }

    #[tokio::test]
    async fn a_value_is_stored_sealed_and_opens_only_under_its_key_and_name() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("s.db");
        // The table lives in a FourEyes database a door made (ADR-1311): its connection comes from the store's opener.
        drop(foureyes_store_sqlite::SqliteStore::open(&path, Default::default()).expect("store"));
        let table = Arc::new(SqliteSecrets::open(&path).expect("open"));
        let secrets = Secrets::new(key(), table.clone());
        assert_eq!(secrets.set("shop_token", "tok-very-secret", 1).await, Ok(1));
        assert_eq!(secrets.set("shop_token", "tok-rotated-secret", 2).await, Ok(2));
        let raw = std::fs::read(&path).expect("read");
        assert!(!raw.windows(12).any(|w| w == b"tok-rotated-" || w == b"tok-very-sec"), "plaintext on disk");
        let names: BTreeSet<String> = ["shop_token".to_string()].into();
        assert_eq!(secrets.open_for_run(&names).await.expect("open")["shop_token"], "tok-rotated-secret");
        let other = Secrets::new(SecretKey::from_hex(&"cd".repeat(32)).expect("key"), table.clone());
        assert!(matches!(other.open_for_run(&names).await, Err(SecretError::Open { .. })));
        // A row copied under another name does not open.
        let mut row = table.get("shop_token").await.expect("get").expect("row");
        row.name = "other".into();
        table.put(row, 3).await.expect("put");
        let other_name: BTreeSet<String> = ["other".to_string()].into();
        assert!(matches!(secrets.open_for_run(&other_name).await, Err(SecretError::Open { .. })));
        let listed = secrets.list().await.expect("list");
        assert_eq!(listed.len(), 2);
        let shop = listed.iter().find(|s| s.name == "shop_token").expect("listed");
        assert_eq!((shop.version, shop.created_at_ms, shop.rotated_at_ms), (2, Some(1), Some(2)));
        assert!(secrets.exists("shop_token").await.expect("exists") && !secrets.exists("nope").await.expect("exists"));
        assert!(!format!("{listed:?}").contains("secret\""));
    }
}
