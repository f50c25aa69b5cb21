//! `TaskStore` on PostgreSQL: the same backend-agnostic checks as SQLite (`change_control::conformance`),
//! the one-of-N race across several replicas, the least-privilege service role, and the audit's replay of the task
//! index. Each test on a fresh database of the `FOUREYES_TEST_PG` cluster (unset is a failure, never a skip).

#![allow(clippy::unwrap_used, clippy::panic)]

use change_control::ChangeControl;
use change_control::conformance::{self as checks, T, create, propose, state};
use foureyes_store::{Store, TaskBackend, TaskStore};
use foureyes_store_pg::{PgOptions, PgStore};
use std::sync::Arc;
use tokio_postgres::Config;

// The PostgreSQL store's own test harness (throwaway databases on the `FOUREYES_TEST_PG` cluster), shared, not copied.
use crate::support;
use support::*;

async fn connect(url: &str) -> PgStore {
    PgStore::connect(url, PgOptions::default()).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_idempotent_refusals_are_journaled_and_state_survives_a_reopen() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let store = connect(&url).await;
    let live = checks::commands_are_idempotent_and_refusals_are_journaled(&store).await;
    store.close();
    drop(store);
    checks::assert_replays_to(&connect(&url).await, &live).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_commands_on_one_revision_accept_exactly_one() {
    let dbs = Databases::new();
    let store: Arc<dyn TaskBackend> = Arc::new(connect(&dbs.create().await).await);
    checks::concurrent_commands_on_one_revision_accept_exactly_one(&[store]).await;
}

/// Three replicas on one database: their commands serialize on the chain-head row lock, so still exactly one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_commands_from_three_replicas_accept_exactly_one() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let mut replicas: Vec<Arc<dyn TaskBackend>> = Vec::new();
    for _ in 0..3 {
        replicas.push(Arc::new(connect(&url).await));
    }
    checks::concurrent_commands_on_one_revision_accept_exactly_one(&replicas).await;
}

/// A task run entirely as `foureyes_service` (the grants of roles.sql suffice), and the auditor may read both task
/// tables but write neither.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tasks_run_as_the_least_privileged_service_role() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    drop(connect(&url).await); // migrated by the owner
    let mut config: Config = url.parse().unwrap();
    config.options("-c role=foureyes_service");
    let store = PgStore::connect_config(config, PgOptions::default()).await.unwrap();
    let live = checks::commands_are_idempotent_and_refusals_are_journaled(&store).await;
    assert_eq!(store.tasks().await.unwrap(), vec![live]);

    let raw = client(&url).await;
    raw.batch_execute("SET ROLE foureyes_service").await.unwrap();
    for sql in ["DELETE FROM task_events", "UPDATE task_events SET task_id = 'x'", "DELETE FROM task_commands"] {
        let err = raw.batch_execute(sql).await.expect_err(sql);
        assert!(err.as_db_error().unwrap().message().starts_with("permission denied"), "`{sql}`: {err:?}");
    }
    raw.batch_execute("RESET ROLE; SET ROLE foureyes_auditor").await.unwrap();
    let indexed: i64 = raw.query_one("SELECT count(*) FROM task_events", &[]).await.unwrap().get(0);
    assert_eq!(indexed, 6, "created, proposed, apply intended, applied, checked, finished");
    raw.query_one("SELECT count(*) FROM task_commands", &[]).await.unwrap();
    let err = raw.batch_execute("INSERT INTO task_commands VALUES ('t', 'c', 'f', '{}')").await.unwrap_err();
    assert!(err.as_db_error().unwrap().message().starts_with("permission denied"), "{err:?}");
}

/// `journal audit` replays the task events on PostgreSQL too: an index row that is missing, or one pointing at
/// another task, is named as a mismatch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_compares_the_task_index_with_the_journal() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let store = connect(&url).await;
    store.command(T, create(), 1).await.unwrap();
    let proposed = store.command(T, propose("p1", 0, "x"), 2).await.unwrap();
    checks::assert_audit_clean(&store, "before tampering").await;
    let seq = i64::try_from(proposed.seqs[0]).unwrap();

    let raw = client(&url).await;
    raw.execute("UPDATE task_events SET task_id = 'other' WHERE seq = $1", &[&seq]).await.unwrap();
    let mismatches = store.audit().await.unwrap().mismatches;
    assert!(mismatches.iter().any(|m| m.contains("task_events") && m.contains(&seq.to_string())), "{mismatches:?}");
    raw.execute("DELETE FROM task_events WHERE seq = $1", &[&seq]).await.unwrap();
    let mismatches = store.audit().await.unwrap().mismatches;
    assert!(mismatches.iter().any(|m| m.contains("task_events") && m.contains(&seq.to_string())), "{mismatches:?}");
    // And the task no longer replays its proposal: the index is what a task is read from.
    assert_eq!(state(&store).await.revision, 0);
}

/// Attack 13, #18 (ADR-585): as on SQLite, a `task_commands` row forged to say a refused `finish` finished is not
/// answered as the door's decision.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_task_command_outcome_grants_nothing() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let store = connect(&url).await;
    let forged = checks::a_finish_refused_before_its_row_is_forged(&store).await;
    let raw = client(&url).await;
    let sql = "UPDATE task_commands SET outcome = $1 WHERE task_id = $2 AND command_id = 'f2'";
    assert_eq!(raw.execute(sql, &[&forged, &T]).await.unwrap(), 1);
    checks::a_forged_outcome_grants_nothing(&store).await;
}
