//! Versioned schema migrations, applied when a [`crate::PgStore`] connects.
//!
//! The applied versions are rows of `schema_migrations`. After applying any migration the same transaction runs
//! [`ROLES_SQL`], the least-privilege grants for the schema as it now is. A store at the current version checks that with one
//! read and takes no lock, so replicas (and their least-privilege roles) start without DDL rights. Otherwise the
//! migration runs in one transaction holding a transaction-level advisory lock, so replicas starting at the same
//! moment migrate once and the others find the work done; a database newer than this build is refused with
//! [`StoreError::Schema`], before and after taking the lock.

use crate::db::{pg, scalar};
use deadpool_postgres::{GenericClient, Object};
use foureyes_store::StoreError;

/// The schema version this build writes.
pub const SCHEMA_VERSION: i32 = 11;

/// The least-privilege roles and their grants on the current schema (idempotent; see the file's header). Every
/// migration run ends with it; an administrator may run it again, e.g. after creating the roles by hand.
pub const ROLES_SQL: &str = include_str!("../sql/roles.sql");

/// The advisory lock key migrations hold: "FourEyes" in ASCII.
const MIGRATION_LOCK: i64 = 0x466f_7572_4579_6573;

struct Migration {
    version: i32,
    description: &'static str,
    sql: &'static [&'static str],
}

/// Every migration, in version order. Never edit one that has shipped: add the next.
const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        description: "initial schema; append-only journal; least-privilege roles",
        sql: &[include_str!("../sql/0001_initial.sql")],
    },
    Migration {
        version: 2,
        description: "credentials: tokens, console sessions, sign-in codes",
        sql: &[include_str!("../sql/0002_credentials.sql")],
    },
    Migration {
        version: 3,
        description: "session trust: decisions' sessions and denials, session demotions",
        sql: &[include_str!("../sql/0003_session_trust.sql")],
    },
    Migration {
        version: 4,
        description: "withdrawn consent (revoked approvals) and single-use TOTP codes",
        sql: &[include_str!("../sql/0004_consent.sql")],
    },
    Migration {
        version: 5,
        description: "executor credentials: the agent an executor serves",
        sql: &[include_str!("../sql/0005_executors.sql")],
    },
    Migration {
        version: 6,
        description: "notification claims: one replica posts each event to each webhook",
        sql: &[include_str!("../sql/0006_notifications.sql")],
    },
    Migration {
        version: 7,
        description: "change control: task events and task command outcomes",
        sql: &[include_str!("../sql/0007_tasks.sql")],
    },
    Migration {
        version: 8,
        description: "the door seal: each event's MAC under a key outside the database (ADR-420)",
        sql: &[include_str!("../sql/0008_seal.sql")],
    },
    Migration {
        version: 9,
        description: "a settled decision's record sealed in its row (ADR-740)",
        sql: &[include_str!("../sql/0009_settled.sql")],
    },
    Migration {
        version: 10,
        description: "a settled approval's record sealed in its row (ADR-780)",
        sql: &[include_str!("../sql/0010_approval_settled.sql")],
    },
    Migration {
        version: 11,
        description: "the journal's rare kinds indexed, so the per-request credential check is one probe (ADR-371)",
        sql: &[include_str!("../sql/0011_journal_kinds.sql")],
    },
];

fn newer(version: i32) -> StoreError {
    StoreError::Schema(format!(
        "the database has schema version {version}, newer than this foureyes understands ({SCHEMA_VERSION}): upgrade foureyes"
    ))
}

/// The highest applied version, or `None` when the database has no `schema_migrations` table yet.
async fn applied_version(c: &impl GenericClient) -> Result<Option<i32>, StoreError> {
    let exists: bool = scalar(c, "SELECT to_regclass('schema_migrations') IS NOT NULL", &[]).await?;
    if !exists {
        return Ok(None);
    }
    Ok(Some(scalar(c, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations", &[]).await?))
}

/// The schema unqualified names resolve to (`current_schema()`), or `None` when the first schema of the
/// `search_path` does not exist yet (a namespace's first start, ADR-500).
async fn current_schema(c: &impl GenericClient) -> Result<Option<String>, StoreError> {
    scalar(c, "SELECT current_schema()::text", &[]).await
}

/// The first schema the sessions' `search_path` names, unquoted (`fe_ns_team_a`), or `None` for an empty path.
async fn first_in_search_path(c: &impl GenericClient) -> Result<Option<String>, StoreError> {
    let path: String = scalar(c, "SELECT current_setting('search_path')", &[]).await?;
    let first = path.split(',').next().unwrap_or_default().trim();
    let first = first
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .map_or(first.to_string(), |f| f.replace("\"\"", "\""));
    Ok(if first.is_empty() || first == "$user" { None } else { Some(first) })
}

/// Brings the database to [`SCHEMA_VERSION`], or refuses a newer one, and returns the schema its tables live in.
/// When the `search_path` names a schema that does not exist yet (a namespace's, ADR-500), it is created first,
/// under the same lock as the migrations.
pub(crate) async fn migrate(client: &mut Object) -> Result<String, StoreError> {
    let existing = current_schema(&*client).await?;
    if let Some(schema) = &existing {
        match applied_version(&*client).await? {
            Some(v) if v == SCHEMA_VERSION => return Ok(schema.clone()),
            Some(v) if v > SCHEMA_VERSION => return Err(newer(v)),
            _ => {}
        }
    }
    let tx = client.transaction().await.map_err(pg)?;
    // Released at COMMIT or ROLLBACK: a replica that dies mid-migration cannot leave it held.
    tx.batch_execute(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")).await.map_err(pg)?;
    if existing.is_none() {
        let schema = first_in_search_path(&tx).await?.ok_or_else(|| {
            StoreError::Schema("no schema to create the tables in: the search_path names none that exists".into())
        })?;
        tx.batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS \"{}\"", schema.replace('"', "\"\""))).await.map_err(
            |e| StoreError::Backend(format!("cannot create the schema `{schema}`: {}", crate::db::describe(&e))),
        )?;
    }
    let schema = current_schema(&tx)
        .await?
        .ok_or_else(|| StoreError::Schema("the search_path names no schema that exists".into()))?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version     INTEGER     PRIMARY KEY,
             description TEXT        NOT NULL,
             applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )
    .await
    .map_err(pg)?;
    let current = applied_version(&tx).await?.unwrap_or(0);
    if current > SCHEMA_VERSION {
        return Err(newer(current));
    }
    let mut applied = false;
    for m in MIGRATIONS.iter().filter(|m| m.version > current) {
        applied = true;
        for sql in m.sql {
            tx.batch_execute(sql).await.map_err(|e| {
                StoreError::Backend(format!("migration {} failed: {}", m.version, crate::db::describe(&e)))
            })?;
        }
        tx.execute(
            "INSERT INTO schema_migrations (version, description) VALUES ($1, $2)",
            &[&m.version, &m.description],
        )
        .await
        .map_err(pg)?;
    }
    // The grants name tables of every version, so they run once the schema is complete (and only by whoever
    // migrated: a replica that found the work done may lack the right to grant).
    if applied {
        tx.batch_execute(ROLES_SQL)
            .await
            .map_err(|e| StoreError::Backend(format!("granting the roles failed: {}", crate::db::describe(&e))))?;
    }
    tx.commit().await.map_err(pg)?;
    Ok(schema)
}
