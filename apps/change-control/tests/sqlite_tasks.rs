//! `TaskStore` on SQLite: the backend-agnostic task checks (`change_control::conformance`, run on
//! PostgreSQL too by `tests/pg_tasks.rs`), replay after reopening, and the upgrade of a version-1
//! database.
#![allow(clippy::unwrap_used)]

use change_control::ChangeControl;
use change_control::conformance::{self as checks, T, create, state};
use foureyes_core::task::TaskStatus;
use foureyes_store::TaskBackend;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::path::Path;
use std::sync::Arc;

fn open(path: &Path) -> SqliteStore {
    SqliteStore::open(path, SqliteOptions::default()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_idempotent_refusals_are_journaled_and_state_survives_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let store = open(&path);
    let live = checks::commands_are_idempotent_and_refusals_are_journaled(&store).await;
    store.close();
    drop(store);
    checks::assert_replays_to(&open(&path), &live).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_commands_on_one_revision_accept_exactly_one() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn TaskBackend> = Arc::new(open(&dir.path().join("t.db")));
    checks::concurrent_commands_on_one_revision_accept_exactly_one(&[store]).await;
}

/// Two stores on one file (as two processes would be) serialize on `BEGIN IMMEDIATE`: still exactly one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_commands_from_two_stores_on_one_file_accept_exactly_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let stores: Vec<Arc<dyn TaskBackend>> = vec![Arc::new(open(&path)), Arc::new(open(&path))];
    checks::concurrent_commands_on_one_revision_accept_exactly_one(&stores).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_is_upgraded_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.db");
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch(include_str!("../../../crates/foureyes-store-sqlite/src/schema.sql")).unwrap();
        c.pragma_update(None, "user_version", 1).unwrap();
    }
    let store = open(&path);
    store.command(T, create(), 1).await.unwrap();
    assert_eq!(state(&store).await.status, TaskStatus::Idle);
    store.close();
    let version: i64 =
        rusqlite::Connection::open(&path).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, foureyes_store_sqlite::SCHEMA_VERSION);
}

/// Attack 13, #18 (ADR-585): a `task_commands` row forged to say a refused `finish` finished is not answered as the
/// door's decision; refused `record_altered`, journaled, and named by the audit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_task_command_outcome_grants_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let store = open(&path);
    let forged = checks::a_finish_refused_before_its_row_is_forged(&store).await;
    let raw = rusqlite::Connection::open(&path).unwrap();
    let changed = raw
        .execute("UPDATE task_commands SET outcome = ?1 WHERE task_id = ?2 AND command_id = 'f2'", [&forged, T])
        .unwrap();
    assert_eq!(changed, 1);
    checks::a_forged_outcome_grants_nothing(&store).await;
}
