//! The conformance suite against the SQLite backend (with and without group commit), plus what only SQLite has:
//! the append-only triggers, tamper detection on the file, savepoint isolation inside a group-commit batch,
//! the schema version guard, and several stores (processes) sharing one file.

#![allow(clippy::unwrap_used, clippy::panic)]

use foureyes_core::journal::{ChainProblem, EventKind, VerifyReport, event_hash};
use foureyes_core::{ReasonCode, Verdict};
use foureyes_store::conformance::{self, assert_consistent, policy, request};
use foureyes_store::{DecisionFilter, Store, StoreError};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A factory of fresh SQLite stores, each its own file in one temporary directory the factory owns.
fn sqlite(options: SqliteOptions) -> impl Fn() -> Arc<dyn Store> + Sync {
    let dir = tempfile::tempdir().unwrap();
    let next = AtomicUsize::new(0);
    move || {
        let path = dir.path().join(format!("conformance-{}.db", next.fetch_add(1, Ordering::SeqCst)));
        Arc::new(SqliteStore::open(&path, options.clone()).unwrap()) as Arc<dyn Store>
    }
}

mod group_commit {
    foureyes_store::conformance_tests!(super::sqlite(foureyes_store_sqlite::SqliteOptions::default()));
}

/// [`sqlite`] whose stores hold a seal key: settled decisions leave memory and are read back through their rows'
/// settlement seals (ADR-740), so every check also runs on what a keyed door keeps.
fn sealed_sqlite() -> impl Fn() -> Arc<dyn Store> + Sync {
    let dir = tempfile::tempdir().unwrap();
    let next = AtomicUsize::new(0);
    move || {
        let path = dir.path().join(format!("sealed-{}.db", next.fetch_add(1, Ordering::SeqCst)));
        let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
        let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap().with_seal_key(Some(key));
        Arc::new(store) as Arc<dyn Store>
    }
}

mod sealed {
    foureyes_store::conformance_tests!(super::sealed_sqlite());
}

mod no_group_commit {
    foureyes_store::conformance_tests!(super::sqlite(foureyes_store_sqlite::SqliteOptions {
        group_commit: false,
        ..Default::default()
    }));
}

const T0: i64 = conformance::T0;

fn open(path: &Path) -> Arc<SqliteStore> {
    Arc::new(SqliteStore::open(path, SqliteOptions::default()).unwrap())
}

fn email(id: &str) -> foureyes_core::ActionRequest {
    request(id, "email.send", json!({"to": "ops@example.com"}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_journal_table_rejects_update_and_delete() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let store = open(&path);
    let p = policy();
    store.record_policy(&p, T0).await.unwrap();
    store.decide(p, email("append-only"), T0).await.unwrap();

    let raw = rusqlite::Connection::open(&path).unwrap();
    for sql in [
        "UPDATE journal SET ts_ms = 0 WHERE seq = 1",
        "UPDATE journal SET data = '{}'",
        "DELETE FROM journal WHERE seq = 2",
        "DELETE FROM journal",
    ] {
        let err = raw.execute(sql, []).expect_err(sql);
        assert!(err.to_string().contains("journal is append-only"), "`{sql}`: {err}");
    }
    let count: i64 = raw.query_row("SELECT count(*) FROM journal", [], |r| r.get(0)).unwrap();
    assert_eq!(count, 2, "nothing was changed");
    assert_consistent(&*store, "after the refused UPDATE/DELETE").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_names_the_tampered_seq() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let store = open(&path);
    let p = policy();
    for i in 0..4 {
        let d = store.decide(p.clone(), email(&format!("tamper-{i}")), T0 + i).await.unwrap();
        assert_eq!(d.verdict, if i < 3 { Verdict::Permit } else { Verdict::Defer });
    }
    let before = store.verify_journal().await.unwrap();
    assert!(before.is_ok(), "{before}");

    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute_batch("DROP TRIGGER journal_no_update").unwrap();
    let changed = raw
        .execute(
            "UPDATE journal SET data = replace(data, '\"verdict\":\"permit\"', '\"verdict\":\"deny\"') WHERE seq = 2",
            [],
        )
        .unwrap();
    assert_eq!(changed, 1);
    let report = store.verify_journal().await.unwrap();
    assert_eq!(report.bad_seq(), Some(2), "verify must name seq 2: {report}");
    assert!(
        matches!(report, VerifyReport::Corrupt { seq: 2, events: 1, problem: ChainProblem::HashMismatch, .. }),
        "{report:?}"
    );
    assert!(report.to_string().contains("corrupt at seq 2"), "{report}");

    // Recomputing the tampered event's hash moves the blame to the next event, whose prev_hash no longer matches.
    let (ts_ms, kind, data, prev_hash): (i64, String, String, String) = raw
        .query_row("SELECT ts_ms, kind, data, prev_hash FROM journal WHERE seq = 2", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .unwrap();
    let kind = EventKind::parse(&kind).unwrap();
    let hash = event_hash(2, ts_ms, kind, &serde_json::from_str(&data).unwrap(), &prev_hash);
    raw.execute("UPDATE journal SET hash = ?1 WHERE seq = 2", [hash]).unwrap();
    let report = store.verify_journal().await.unwrap();
    assert!(
        matches!(report, VerifyReport::Corrupt { seq: 3, events: 2, problem: ChainProblem::PrevHashMismatch, .. }),
        "{report:?}"
    );
}

/// One failing job in a group-commit batch is rolled back to its savepoint; the others commit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_job_does_not_fail_its_batch() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let store = open(&path);
    let p = policy();

    // A job that fails after it has written something: a refund of 666 fails on its reservation insert.
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute_batch(
        "CREATE TRIGGER injected_failure BEFORE INSERT ON reservations WHEN NEW.amount = '666' \
         BEGIN SELECT RAISE(ABORT, 'injected failure'); END;",
    )
    .unwrap();
    // Hold SQLite's write lock from another connection so every job queues up and lands in one batch.
    raw.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut decides = Vec::new();
    for i in 0..20 {
        let (s, p) = (store.clone(), p.clone());
        decides.push(tokio::spawn(async move {
            s.decide(p, request(&format!("batch-{i}"), "files.read", json!({"path": "/"})), T0).await
        }));
    }
    let mut empty = email("x");
    empty.request_id = String::new();
    let (s, pp) = (store.clone(), p.clone());
    let refused = tokio::spawn(async move { s.decide(pp, empty, T0).await });
    let (s, pp) = (store.clone(), p.clone());
    let injected = tokio::spawn(async move {
        s.decide(pp, request("batch-666", "payments.refund", json!({"amount_eur": 666})), T0).await
    });
    let s = store.clone();
    let missing = tokio::spawn(async move { s.report(424_242, foureyes_core::Outcome::Executed, json!({}), T0).await });
    let s = store.clone();
    let not_found = tokio::spawn(async move { s.approve(434_343, "alice", None, T0).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    raw.execute_batch("COMMIT").unwrap();

    let mut ids = Vec::new();
    for d in decides {
        let d = d.await.unwrap().unwrap();
        assert_eq!(d.verdict, Verdict::Permit);
        ids.push(d.decision_id);
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 20, "20 distinct decisions");
    match refused.await.unwrap() {
        Err(StoreError::Refused { code, .. }) => assert_eq!(code, "bad_request"),
        other => panic!("empty request_id: {other:?}"),
    }
    match injected.await.unwrap() {
        Err(StoreError::Backend(message)) => assert!(message.contains("injected failure"), "{message}"),
        other => panic!("the injected failure: {other:?}"),
    }
    assert!(matches!(missing.await.unwrap(), Err(StoreError::NotFound(_))));
    assert!(matches!(not_found.await.unwrap(), Err(StoreError::NotFound(_))));
    let events = store.journal(0, 1000).await.unwrap();
    let decided = events.iter().filter(|e| e.kind == EventKind::Decided).count();
    let refusals = events.iter().filter(|e| e.kind == EventKind::Refused).count();
    assert_eq!((decided, refusals, events.len()), (20, 1, 21), "the failed job left nothing in the journal");
    let decisions = store.decisions(DecisionFilter { status: None, limit: Some(1000), before: None }).await.unwrap();
    assert_eq!(decisions.len(), 20, "the failed job's decision row was rolled back");
    assert!(decisions.iter().all(|d| d.request.request_id != "batch-666"));
    assert_consistent(&*store, "after a batch with failing jobs").await;
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    rusqlite::Connection::open(&path).unwrap().pragma_update(None, "user_version", 99).unwrap();
    match SqliteStore::open(&path, SqliteOptions::default()) {
        Err(StoreError::Schema(message)) => assert!(message.contains("99"), "{message}"),
        Err(e) => panic!("expected StoreError::Schema, got {e:?}"),
        Ok(_) => panic!("a database with user_version 99 was opened"),
    }
}

/// Waiting is durable: a deferral made by one process is approved and released by another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approval_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let p = policy();
    let r = request("restart-1", "payments.send", json!({"amount_eur": 100, "iban": "DE89370400440532013000"}));
    let deferred = {
        let store = open(&path);
        let d = store.decide(p.clone(), r.clone(), T0).await.unwrap();
        store.close();
        d
    };
    let store = open(&path);
    let id = deferred.approval_id.unwrap();
    store.approve(id, "alice", Some(&deferred.digest), T0 + 10).await.unwrap();
    drop(store);
    let store = open(&path);
    let permit = store.decide(p, r, T0 + 20).await.unwrap();
    assert_eq!((permit.verdict, permit.supersedes), (Verdict::Permit, Some(deferred.decision_id)));
    assert!(permit.reasons.iter().any(|x| x.code == ReasonCode::Approved));
    assert_consistent(&*store, "after restarts").await;
}

/// Two stores (as two processes would) on one file never overbook a limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_stores_on_one_file_share_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let stores = [open(&path), open(&path)];
    let p = policy();
    let mut tasks = Vec::new();
    for i in 0..100 {
        let s = stores[i % 2].clone();
        let p = p.clone();
        tasks.push(tokio::spawn(async move { s.decide(p, email(&format!("two-{i}")), T0).await.unwrap() }));
    }
    let mut permits = 0;
    for t in tasks {
        if t.await.unwrap().verdict == Verdict::Permit {
            permits += 1;
        }
    }
    assert_eq!(permits, 3, "two writers on one file: exactly 3 permits on `count: 3`");
    assert_consistent(&*stores[0], "two stores on one file").await;
}

/// The one-line async entry point works too: `run_all` is `run_matching` with no filter. It runs here on the checks
/// of one name (the `group_commit` module already runs every check with these options, one test each).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn run_all_in_one_line() {
    let make = sqlite(SqliteOptions::default());
    let filter = "idempot";
    let expected = conformance::CHECKS.iter().filter(|c| c.name.contains(filter)).count();
    assert!(expected > 0, "no conformance check's name holds `{filter}`");
    assert_eq!(conformance::run_matching(&make, filter).await, expected);
}

/// A cursor past every possible seq reads nothing (it once wrapped to -1 and read the journal from the start).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cursor_past_the_end_reads_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(&dir.path().join("db"));
    store.decide(policy(), email("cursor"), T0).await.unwrap();
    assert_eq!(store.journal(0, 10).await.unwrap().len(), 1);
    for after in [u64::MAX, i64::MAX as u64 + 1, i64::MAX as u64] {
        assert!(store.journal(after, 10).await.unwrap().is_empty(), "journal({after}, 10)");
    }
}

/// The shared credentials check (PostgreSQL runs the same one), on both commit modes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_conform() {
    for options in [SqliteOptions::default(), SqliteOptions { group_commit: false, ..Default::default() }] {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path().join("credentials.db"), options).unwrap();
        conformance::credentials_round_trip(&store, T0).await;
    }
}

/// ADR-392 (attack 33, H3/H4): a write checks, in its transaction, that the token or console session it was
/// authenticated by is still live; on both commit modes. Red before: SQLite made no such check.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attack33_h4_a_write_as_a_credential_revoked_after_its_authentication_is_refused() {
    for options in [SqliteOptions::default(), SqliteOptions { group_commit: false, ..Default::default() }] {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path().join("credentials.db"), options).unwrap();
        conformance::writes_check_their_credential_is_still_live(&store, T0).await;
    }
}

/// The shared executor-credentials check (PostgreSQL runs the same one), on both commit modes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn executor_credentials_conform() {
    for options in [SqliteOptions::default(), SqliteOptions { group_commit: false, ..Default::default() }] {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path().join("executors.db"), options).unwrap();
        conformance::executor_credentials_serve_one_agent(&store, T0).await;
    }
}

/// A version-4 database (before executor credentials) migrates to the current version: its credentials keep
/// working, and an executor can then be created for its agent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_4_database_gains_executor_credentials() {
    use foureyes_store::Credentials;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v4.db");
    {
        let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
        store.create_token("bot", foureyes_core::Role::Agent, "hash-bot", None, T0).await.unwrap();
        store.close();
    }
    {
        // Undo versions 6 and 5 by hand, as a version-4 build left the file.
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch(
            "DROP TABLE notification_claims; DROP INDEX tokens_serves; ALTER TABLE tokens DROP COLUMN serves;
             PRAGMA user_version = 4;",
        )
        .unwrap();
    }
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
    assert_eq!(store.principal_by_token("hash-bot").await.unwrap().map(|p| p.name), Some("bot".to_string()));
    store.create_executor("bailiff", "bot", "hash-bailiff", T0 + 1).await.unwrap();
    assert_eq!(store.executors_of("bot").await.unwrap(), ["bailiff"]);
    let version: i64 =
        rusqlite::Connection::open(&path).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, foureyes_store_sqlite::SCHEMA_VERSION);
}

/// Single-use TOTP steps (PostgreSQL runs the same check), on both commit modes; `reopen` is a second store on the
/// same file, as another process would be.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn totp_steps_conform() {
    for options in [SqliteOptions::default(), SqliteOptions { group_commit: false, ..Default::default() }] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("totp.db");
        let store = Arc::new(SqliteStore::open(&path, options.clone()).unwrap());
        let reopen =
            || Arc::new(SqliteStore::open(&path, options.clone()).unwrap()) as Arc<dyn foureyes_store::Credentials>;
        conformance::totp_steps_are_accepted_once(store, reopen, T0).await;
    }
}

/// A PostgreSQL URL is never taken for a file name: the store refuses it instead of creating `postgres:/…`.
#[test]
fn a_postgres_url_is_not_a_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("postgres://postgres@127.0.0.1:1/{}", dir.path().join("x").display());
    match SqliteStore::open(&url, SqliteOptions::default()) {
        Err(StoreError::Backend(m)) => assert!(m.contains("PostgreSQL"), "{m}"),
        Err(e) => panic!("expected a Backend error, got {e:?}"),
        Ok(_) => panic!("SqliteStore opened a PostgreSQL URL as a file"),
    }
    assert!(!Path::new("postgres:").exists(), "no file was created");
}

/// The demotions table is an index over the journal: an edited `until_ms` or `status`, a deleted row and a row never
/// journaled are each an audit mismatch naming the demotion.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_demotion_edited_in_the_table_is_an_audit_mismatch() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demotions.db");
    let store = open(&path);
    let mut flagged = request("flagged", "calendar.create", json!({"title": "standup"}));
    flagged.session = Some("s".into());
    flagged.flags = vec!["prompt_injection".into()];
    let d = store.decide(conformance::session_policy(), flagged, T0).await.unwrap();
    assert_eq!(d.verdict, Verdict::Defer);
    assert_consistent(&*store, "before tampering").await;
    let c = rusqlite::Connection::open(&path).unwrap();
    for (tamper, undo) in [
        ("UPDATE session_demotions SET until_ms = until_ms + 1", "UPDATE session_demotions SET until_ms = until_ms - 1"),
        ("UPDATE session_demotions SET status = 'restored'", "UPDATE session_demotions SET status = 'active'"),
        (
            "INSERT INTO session_demotions (id, agent, session, signal, reason, decision_id, started_ms, until_ms, status)
             VALUES (99, 'x', '', 'flag', 'forged', 1, 0, 1, 'active')",
            "DELETE FROM session_demotions WHERE id = 99",
        ),
    ] {
        c.execute_batch(tamper).unwrap();
        let audit = store.audit().await.unwrap();
        assert!(
            audit.mismatches.iter().any(|m| m.starts_with("session_demotions ")),
            "`{tamper}` must be a demotion mismatch: {:?}",
            audit.mismatches
        );
        c.execute_batch(undo).unwrap();
    }
    assert_consistent(&*store, "after putting it back").await;
}

/// A version-5 database (before notification claims) migrates to the current version: it keeps its journal and
/// can claim notifications.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_5_database_gains_notification_claims() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v5.db");
    {
        let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
        store.decide(policy(), email("v5"), T0).await.unwrap();
        store.close();
    }
    {
        // Undo version 6 by hand, as a version-5 build left the file.
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch("DROP TABLE notification_claims; PRAGMA user_version = 5;").unwrap();
    }
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
    assert_eq!(store.journal_head().await.unwrap(), 1, "the version-5 journal is kept");
    assert!(store.claim_notification(1, "channel", T0 + 1).await.unwrap());
    assert!(!store.claim_notification(1, "channel", T0 + 2).await.unwrap());
    let version: i64 =
        rusqlite::Connection::open(&path).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, foureyes_store_sqlite::SCHEMA_VERSION);
    assert_consistent(&store, "after the upgrade to version 6").await;
}

/// One claim prunes at most `NOTIFICATION_CLAIM_PRUNE_BATCH` expired claims: a long backlog drains over several
/// claims instead of stalling one (the conformance check shows that expired claims go; this, how many at once).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_prunes_a_bounded_batch_of_expired_claims() {
    use foureyes_store::{NOTIFICATION_CLAIM_PRUNE_BATCH, NOTIFICATION_CLAIM_RETENTION_MS};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("claims.db");
    let store = open(&path);
    let backlog = NOTIFICATION_CLAIM_PRUNE_BATCH as u64 + 30;
    for seq in 1..=backlog {
        assert!(store.claim_notification(seq, "old", T0).await.unwrap());
    }
    let rows = || -> i64 {
        rusqlite::Connection::open(&path)
            .unwrap()
            .query_row("SELECT count(*) FROM notification_claims", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(rows(), backlog as i64);
    let later = T0 + NOTIFICATION_CLAIM_RETENTION_MS + 1;
    assert!(store.claim_notification(1_000, "new", later).await.unwrap());
    assert_eq!(rows(), 30 + 1, "one claim pruned exactly one batch and added itself");
    assert!(store.claim_notification(1_001, "new", later).await.unwrap());
    assert_eq!(rows(), 2, "the next one pruned the rest");
    let journal = store.journal_head().await.unwrap();
    assert_eq!(journal, 0, "claims never touch the journal");
    assert_consistent(&*store, "after pruning").await;
}

/// ADR-260: which actions a policy introduces is what the journal says. A `policy_sha256` row set by hand to a new
/// policy's hash no longer keeps that policy's `policy_loaded` event (and so its new action's rehearsal period) out
/// of the journal: `record_policy` compares with the journal, and the row only follows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_policy_row_does_not_keep_a_new_policy_out_of_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let store = open(&path);
    let v1_yaml = "version: 1\ndefaults: { new_actions: { dry_run_for: 1d } }\nactions:\n  fresh.look: { tier: 0 }\n";
    let v2_yaml = format!(
        "{v1_yaml}  fresh.send:\n    tier: 2\n    params: {{ to: {{ type: string }} }}\n    limits: [ {{ count: 9, per: 1h }} ]\n"
    );
    let v1 = Arc::new(foureyes_core::Policy::from_yaml("v1.yaml", v1_yaml).unwrap());
    let v2 = Arc::new(foureyes_core::Policy::from_yaml("v2.yaml", &v2_yaml).unwrap());
    assert!(store.record_policy(&v1, T0).await.unwrap());
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute("UPDATE settings SET value = ?1 WHERE name = 'policy_sha256'", [&v2.sha256]).unwrap();
    assert!(store.record_policy(&v2, T0 + 1).await.unwrap(), "the new policy is journaled whatever the row says");
    let last = store.journal(0, 100).await.unwrap().into_iter().last().unwrap();
    assert_eq!((last.kind, &last.data["introduced"]), (EventKind::PolicyLoaded, &json!(["fresh.send"])));
    let d = store.decide(v2, request("fresh-1", "fresh.send", json!({"to": "x"})), T0 + 2).await.unwrap();
    assert_eq!(d.verdict, Verdict::DryRun);
    assert!(d.reasons.iter().any(|r| r.code == ReasonCode::NewAction), "{:?}", d.reasons);
    assert_consistent(&*store, "after a policy row edited by hand").await;
}

/// ADR-895 on SQLite with the seal key and a 5 s request memory (`conformance::
/// a_deferral_its_approval_cannot_release_settles`, which the suites with and without the key run too): the ids of
/// settled deferrals are let go of before their first retry, which still answers as before, and so does the next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_with_a_request_memory_a_deferral_its_approval_cannot_release_settles() {
    let dir = tempfile::tempdir().unwrap();
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let store = SqliteStore::open(dir.path().join("defer.db"), SqliteOptions::default())
        .unwrap()
        .with_seal_key(Some(key))
        .with_request_memory(Some(5_000));
    let store = Arc::new(store);
    conformance::a_deferral_its_approval_cannot_release_settles(store.clone(), T0).await;
    let held = store.retained().await.unwrap();
    assert!(held.forgotten_requests > 0, "the request memory let go of ids: {held:?}");
    assert_consistent(&*store, "settled deferrals under a request memory").await;
}

/// ADR-895 and ADR-896 against a database writer's hand on SQLite (`conformance::settled_deferral_rows_edited_by_hand`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_a_settled_deferrals_row_edited_by_hand_releases_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("defer.db");
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap().with_seal_key(Some(key));
    let sql = move |statement: String| -> conformance::CheckFuture {
        let path = path.clone();
        Box::pin(async move { rusqlite::Connection::open(&path).unwrap().execute_batch(&statement).unwrap() })
    };
    conformance::settled_deferral_rows_edited_by_hand(Arc::new(store), T0, &sql).await;
}

/// ADR-885 against a database writer's hand on SQLite (`conformance::expired_permit_rows_edited_by_hand`): an expired
/// permit's row set back to `intended`, given another's seal or stripped of it, or given back its own earlier seal
/// after its late report, releases nothing and counts nothing twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_an_expired_permits_row_edited_by_hand_releases_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lapse.db");
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap().with_seal_key(Some(key));
    let sql = move |statement: String| -> conformance::CheckFuture {
        let path = path.clone();
        Box::pin(async move { rusqlite::Connection::open(&path).unwrap().execute_batch(&statement).unwrap() })
    };
    conformance::expired_permit_rows_edited_by_hand(Arc::new(store), T0, &sql).await;
}

/// ADR-994 against a database writer's hand on SQLite (`conformance::undone_target_rows_edited_by_hand`): a target
/// whose final undo's link left memory is read from its row's seal, and a row edited by hand is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_an_undone_targets_row_edited_by_hand_permits_no_second_undo() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("undone.db");
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5f; 32]);
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap().with_seal_key(Some(key));
    let sql = move |statement: String| -> conformance::CheckFuture {
        let path = path.clone();
        Box::pin(async move { rusqlite::Connection::open(&path).unwrap().execute_batch(&statement).unwrap() })
    };
    conformance::undone_target_rows_edited_by_hand(Arc::new(store), T0, &sql).await;
}

/// ADR-996 closes ADR-994's limit: a target's row rolled back to its own earlier seal and the undo's row unlinked
/// permit no second undo — within the compensation window the link is in memory (refused `record_altered`), after it
/// the window is closed (denied). Under ADR-994 alone the first was permitted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_a_target_rolled_back_to_its_earlier_seal_permits_no_second_undo() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollback.db");
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x60; 32]);
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap().with_seal_key(Some(key));
    let sql = move |statement: String| -> conformance::CheckFuture {
        let path = path.clone();
        Box::pin(async move { rusqlite::Connection::open(&path).unwrap().execute_batch(&statement).unwrap() })
    };
    let (within, after) = conformance::undone_target_rolled_back_to_its_earlier_seal(Arc::new(store), T0, &sql).await;
    assert!(
        matches!(&within, Err(foureyes_store::StoreError::Refused { code, .. }) if code == "record_altered"),
        "within the window: {within:?}"
    );
    let after = after.unwrap();
    assert_eq!(after.verdict, foureyes_core::Verdict::Deny, "after the window: {after:?}");
    assert!(after.reasons.iter().any(|r| r.code == foureyes_core::ReasonCode::UndoWindowClosed), "{after:?}");
}

/// ADR-980: a fresh decision's `decided` event is applied to the authority state with the fingerprint the deciding
/// transaction wrote to the idempotency row, not hashed again; a release (which repoints the row) and a replay keep
/// hashing (`conformance::own_decided_events_apply_their_fingerprint`, also run on PostgreSQL: ADR-1008). Whatever
/// travels, the state the door decides on must be the one the journal replays, and a retry of every request id must
/// be answered as a replay after a restart. Concurrent decides land in group-commit batches.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn own_decided_events_apply_the_fingerprint_they_were_decided_with() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let store = open(&path);
    let requests = conformance::own_decided_events_apply_their_fingerprint(store.clone(), T0).await;
    store.close();
    drop(store);
    conformance::every_retry_after_a_restart_is_a_replay(open(&path), requests, T0).await;
}

/// ADR-1029 closes ADR-996's known limit: a policy reloaded with a longer `compensate.window` reaches a target whose
/// undo's link already left memory; its row given back its earlier seal and the undo's row unlinked, a second undo was
/// permitted (RED before the fix: `Ok(Permit)`). Now the door answers `invalid_state` for a target settled before the
/// horizon of the links it let go of, under a window that reaches it — an honest never-undone target as well — and a
/// restart, which replays every link, refuses the second undo `record_altered` and permits the honest first one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_a_lengthened_window_reopens_no_undone_target() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lengthened.db");
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x61; 32]);
    let store = Arc::new(SqliteStore::open(&path, SqliteOptions::default()).unwrap().with_seal_key(Some(key.clone())));
    let raw = path.clone();
    let sql = move |statement: String| -> conformance::CheckFuture {
        let path = raw.clone();
        Box::pin(async move { rusqlite::Connection::open(&path).unwrap().execute_batch(&statement).unwrap() })
    };
    let (attack, honest, state) =
        conformance::undone_target_rolled_back_under_a_lengthened_window(store.clone(), T0, &sql).await;
    assert!(matches!(&attack, Err(foureyes_store::StoreError::InvalidState(_))), "the second undo: {attack:?}");
    assert!(matches!(&honest, Err(foureyes_store::StoreError::InvalidState(m)) if m.contains("restart")), "{honest:?}");
    store.close();
    drop(store);
    let restarted = SqliteStore::open(&path, SqliteOptions::default()).unwrap().with_seal_key(Some(key));
    conformance::lengthened_window_after_a_restart(Arc::new(restarted), &state).await;
}

/// ADR-1160 against a database writer's hand on SQLite (`conformance::totp_columns_edited_by_hand`): a step-up
/// approver's `totp_last_step` set back or `totp_secret` replaced is named by the audit, and grants nothing at use.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_up_approvers_totp_columns_edited_by_hand_are_named_and_grant_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("totp-edited.db");
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
    let sql = move |statement: String| -> conformance::CheckFuture {
        let path = path.clone();
        Box::pin(async move { rusqlite::Connection::open(&path).unwrap().execute_batch(&statement).unwrap() })
    };
    conformance::totp_columns_edited_by_hand(Arc::new(store), T0, &sql).await;
}

/// Attack 35's B on SQLite (`conformance::a_session_is_never_opened_for_a_revoked_name`, ADR-405).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_is_never_opened_for_a_revoked_name() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("signin-revoked.db"), SqliteOptions::default()).unwrap();
    conformance::a_session_is_never_opened_for_a_revoked_name(Arc::new(store), T0).await;
}

/// Attack 38's H1 on SQLite: two doors over one file (two `serve`s, or `serve` and the CLI), a revocation or a
/// sign-out racing sign-ins and session reads (`conformance::a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm`,
/// ADR-1220). Red before: `record_altered` answered and journaled for rows nobody edited.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn attack38_h1_a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("race.db");
    let (a, b) = (open(&path), open(&path));
    conformance::a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm(a, b, T0, 24).await;
}
