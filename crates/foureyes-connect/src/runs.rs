//! Start marks: a connector run is recorded as started (decision id, connector, time) before anything is sent, in a
//! small table of its own beside the store's (`connector_runs`, SQLite or PostgreSQL, on a connection of its own).
//! After a crash, a permit that is still `intended` and has a mark may have acted (the run started and never
//! reported); one without a mark never reached its connector. [`crate::unconfirmed`] tells the two apart; nothing
//! re-runs either.

use async_trait::async_trait;
use foureyes_core::DecisionId;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

#[async_trait]
pub trait RunTable: Send + Sync {
    /// Records that the connector of `decision_id` is about to be sent (durably, before it is).
    async fn started(&self, decision_id: DecisionId, connector: &str, now_ms: i64) -> Result<(), String>;
    /// The start time of each of `ids` that has a mark.
    async fn starts(&self, ids: &[DecisionId]) -> Result<BTreeMap<DecisionId, i64>, String>;
}

/// `connector_runs` in the store's SQLite file.
pub struct SqliteRuns {
    conn: Arc<Mutex<rusqlite::Connection>>,
}

impl SqliteRuns {
    pub fn open(path: &Path) -> Result<SqliteRuns, String> {
        let conn = rusqlite::Connection::open(path).map_err(|e| e.to_string())?;
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(|e| e.to_string())?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS connector_runs (
                decision_id INTEGER PRIMARY KEY,
                connector TEXT NOT NULL,
                started_at_ms INTEGER NOT NULL
            ) STRICT",
        )
        .map_err(|e| e.to_string())?;
        Ok(SqliteRuns { conn: Arc::new(Mutex::new(conn)) })
    }

    async fn with<T: Send + 'static>(
        &self,
        f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, String> {
        let conn = self.conn.clone();
        tokio::task::spawn_blocking(move || {
            let conn = conn.lock().map_err(|_| "connection lock poisoned".to_string())?;
            f(&conn).map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| e.to_string())?
    }
}

#[async_trait]
impl RunTable for SqliteRuns {
    async fn started(&self, decision_id: DecisionId, connector: &str, now_ms: i64) -> Result<(), String> {
        let connector = connector.to_string();
        self.with(move |c| {
            c.execute(
                "INSERT INTO connector_runs (decision_id, connector, started_at_ms) VALUES (?1, ?2, ?3)",
                rusqlite::params![decision_id, connector, now_ms],
            )
            .map(|_| ())
        })
        .await
    }

    async fn starts(&self, ids: &[DecisionId]) -> Result<BTreeMap<DecisionId, i64>, String> {
        let ids = ids.to_vec();
        self.with(move |c| {
            let mut stmt = c.prepare("SELECT started_at_ms FROM connector_runs WHERE decision_id = ?1")?;
            let mut out = BTreeMap::new();
            for id in ids {
                let mut rows = stmt.query([id])?;
                if let Some(r) = rows.next()? {
                    out.insert(id, r.get(0)?);
                }
            }
            Ok(out)
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

/// `connector_runs` in the store's PostgreSQL database.
pub struct PgRuns {
    client: tokio_postgres::Client,
}

impl PgRuns {
    pub async fn connect(url: &str) -> Result<PgRuns, String> {
        let client = pg_with_table(
            url,
            "CREATE TABLE IF NOT EXISTS connector_runs (
                decision_id BIGINT PRIMARY KEY,
                connector TEXT NOT NULL,
                started_at_ms BIGINT NOT NULL)",
        )
        .await
        .map_err(|e| e.to_string())?;
        Ok(PgRuns { client })
    }
}

#[async_trait]
impl RunTable for PgRuns {
    async fn started(&self, decision_id: DecisionId, connector: &str, now_ms: i64) -> Result<(), String> {
        self.client
            .execute(
                "INSERT INTO connector_runs (decision_id, connector, started_at_ms) VALUES ($1, $2, $3)",
                &[&decision_id, &connector, &now_ms],
            )
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    async fn starts(&self, ids: &[DecisionId]) -> Result<BTreeMap<DecisionId, i64>, String> {
        let rows = self
            .client
            .query("SELECT decision_id, started_at_ms FROM connector_runs WHERE decision_id = ANY($1)", &[&ids])
            .await
            .map_err(|e| e.to_string())?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }
}

/// Opens `connector_runs` of the database `--db` names (a `postgres://` URL or a SQLite file).
pub async fn open_runs(db: &str) -> Result<Arc<dyn RunTable>, String> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        Ok(Arc::new(PgRuns::connect(db).await?))
    } else {
        Ok(Arc::new(SqliteRuns::open(Path::new(db))?))
    }
}
