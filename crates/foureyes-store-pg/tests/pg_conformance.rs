//! The conformance suite against PostgreSQL (each check on a fresh database), plus what only PostgreSQL has: the
//! append-only triggers and least-privilege roles, tamper detection, versioned migrations, several stores
//! ("replicas") sharing one database, cross-replica notifications, and write cancellation.
//!
//! The cluster comes from `FOUREYES_TEST_PG`, a URL whose role may create databases and roles (a superuser).
//! `cargo xtask test` starts a throwaway cluster and sets it; without it every test here fails, never skips.

#![allow(clippy::unwrap_used, clippy::panic)]

use foureyes_core::journal::{ChainProblem, EventKind, VerifyReport};
use foureyes_core::{Outcome, ReasonCode, Verdict};
use foureyes_store::conformance::{self, T0, assert_consistent, policy, request};
use foureyes_store::{Credentials, DecisionFilter, Store, StoreError};
use foureyes_store_pg::{PgOptions, PgStore, SCHEMA_VERSION, open_any};
use rust_decimal::Decimal;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres::Config;

mod support;
use support::*;

// ---------------------------------------------------------------------------------------------------------------
// The test cluster

/// The conformance factory: a fresh database and store per call (called inside the check's multi-threaded runtime).
fn postgres() -> impl Fn() -> Arc<dyn Store> + Sync {
    let databases = Databases::new();
    move || {
        tokio::task::block_in_place(|| {
            tokio::runtime::Handle::current().block_on(async { databases.store().await.1 as Arc<dyn Store> })
        })
    }
}

mod conformance_suite {
    foureyes_store::conformance_tests!(super::postgres());
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL only

fn email(id: &str) -> foureyes_core::ActionRequest {
    request(id, "email.send", json!({"to": "ops@example.com"}))
}

/// The server's message of a failed statement.
fn db_message(e: &tokio_postgres::Error) -> String {
    e.as_db_error().map_or_else(|| e.to_string(), |db| db.message().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_journal_rejects_update_and_delete_for_every_role() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let p = policy();
    store.record_policy(&p, T0).await.unwrap();
    store.decide(p, email("append-only"), T0).await.unwrap();

    // The owner (a superuser here): the triggers refuse.
    let raw = client(&url).await;
    for sql in [
        "UPDATE journal SET ts_ms = 0 WHERE seq = 1",
        "UPDATE journal SET data = '{}'",
        "DELETE FROM journal WHERE seq = 2",
        "DELETE FROM journal",
        "TRUNCATE journal",
    ] {
        let err = raw.batch_execute(sql).await.expect_err(sql);
        assert_eq!(db_message(&err), "journal is append-only", "`{sql}` as the owner");
    }
    // The service role: not even granted (the grant is checked before any trigger runs).
    raw.batch_execute("SET ROLE foureyes_service").await.unwrap();
    let head: i64 = raw.query_one("SELECT max(seq) FROM journal", &[]).await.unwrap().get(0);
    assert_eq!(head, 2, "the service role reads the journal");
    for sql in ["UPDATE journal SET ts_ms = 0 WHERE seq = 1", "DELETE FROM journal WHERE seq = 2", "TRUNCATE journal"] {
        let err = raw.batch_execute(sql).await.expect_err(sql);
        assert_eq!(db_message(&err), "permission denied for table journal", "`{sql}` as foureyes_service");
    }
    // The auditor reads everything and writes nothing.
    raw.batch_execute("RESET ROLE; SET ROLE foureyes_auditor").await.unwrap();
    raw.query_one("SELECT count(*) FROM decisions", &[]).await.unwrap();
    for (sql, table) in [
        ("INSERT INTO settings (name, value) VALUES ('x', 'y')", "settings"),
        ("UPDATE decisions SET status = 'executed'", "decisions"),
        ("UPDATE journal_head SET seq = 0", "journal_head"),
    ] {
        let err = raw.batch_execute(sql).await.expect_err(sql);
        assert_eq!(db_message(&err), format!("permission denied for table {table}"), "`{sql}` as foureyes_auditor");
    }
    raw.batch_execute("RESET ROLE").await.unwrap();
    let count: i64 = raw.query_one("SELECT count(*) FROM journal", &[]).await.unwrap().get(0);
    assert_eq!(count, 2, "nothing was changed");
    assert_consistent(&*store, "after the refused UPDATE/DELETE").await;
}

/// The grants are enough to run: a store whose every connection is `foureyes_service` does all its work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_runs_as_the_least_privileged_service_role() {
    let dbs = Databases::new();
    let (url, owner) = dbs.store().await; // migrated by the owner
    drop(owner);
    let mut config: Config = url.parse().unwrap();
    config.options("-c role=foureyes_service");
    let store = Arc::new(PgStore::connect_config(config, PgOptions::default()).await.unwrap());
    let mut events = store.subscribe();
    let p = policy();
    store.record_policy(&p, T0).await.unwrap();
    let permit = store.decide(p.clone(), email("svc-1"), T0).await.unwrap();
    assert_eq!(permit.verdict, Verdict::Permit);
    store.report(permit.decision_id, Outcome::Failed, json!({}), T0 + 1).await.unwrap();
    let pay = request("svc-2", "payments.send", json!({"amount_eur": 10, "iban": "DE89370400440532013000"}));
    let deferred = store.decide(p.clone(), pay.clone(), T0).await.unwrap();
    let approval = deferred.approval_id.unwrap();
    store.approve(approval, "alice", Some(&deferred.digest), T0 + 2).await.unwrap();
    assert_eq!(store.decide(p.clone(), pay, T0 + 3).await.unwrap().verdict, Verdict::Permit);
    // Withdrawing consent writes only granted columns.
    let pay = request("svc-3", "payments.send", json!({"amount_eur": 11, "iban": "DE89370400440532013000"}));
    let deferred = store.decide(p.clone(), pay.clone(), T0).await.unwrap();
    store.approve(deferred.approval_id.unwrap(), "alice", None, T0 + 2).await.unwrap();
    store.revoke(deferred.approval_id.unwrap(), "bob", "wrong payee", T0 + 3).await.unwrap();
    assert_eq!(store.decide(p, pay, T0 + 3).await.unwrap().verdict, Verdict::Deny);
    store.set_kill_switch(true, "admin", T0 + 4).await.unwrap();
    assert!(store.kill_switch().await.unwrap());
    store.expire_approvals(T0 + 5).await.unwrap();
    assert!(!store.approvals(None, T0 + 5).await.unwrap().is_empty());
    assert!(tokio::time::timeout(Duration::from_secs(10), events.recv()).await.is_ok(), "LISTEN works as the service");
    // Credentials: every statement the service runs is granted.
    store.create_token("svc-admin", foureyes_core::Role::Admin, "hash-svc", None, T0 + 6).await.unwrap();
    assert!(store.principal_by_token("hash-svc").await.unwrap().is_some());
    assert!(store.accept_totp_step("svc-admin", 100).await.unwrap(), "the service may move totp_last_step");
    assert!(!store.accept_totp_step("svc-admin", 100).await.unwrap());
    store.create_session("svc-session", "svc-admin", "csrf", T0 + 100).await.unwrap();
    assert!(store.session("svc-session", T0 + 7).await.unwrap().is_some());
    store.delete_session("svc-session").await.unwrap();
    store.create_signin_code("svc-code", "svc-admin", T0 + 100).await.unwrap();
    assert!(store.redeem_signin_code("svc-code", T0 + 7).await.unwrap().is_some());
    store.create_session("svc-session-2", "svc-admin", "csrf", T0 + 100).await.unwrap();
    assert!(store.revoke_token("svc-admin", T0 + 8).await.unwrap());
    assert_eq!(store.principals().await.unwrap().len(), 1);
    // Notification claims: inserted, and expired ones pruned (DELETE), as the service.
    assert!(store.claim_notification(1, "svc-channel", T0).await.unwrap(), "the service may claim");
    assert!(!store.claim_notification(1, "svc-channel", T0).await.unwrap());
    let later = T0 + foureyes_store::NOTIFICATION_CLAIM_RETENTION_MS + 1;
    assert!(store.claim_notification(2, "svc-channel", later).await.unwrap(), "the service may prune");
    assert!(store.claim_notification(1, "svc-channel", later).await.unwrap(), "the expired claim was pruned");
    assert_consistent(&*store, "run as foureyes_service").await;

    let raw = client(&url).await;
    raw.batch_execute("SET ROLE foureyes_service").await.unwrap();
    let err = raw.batch_execute("DROP TABLE journal").await.expect_err("DROP TABLE as the service role");
    assert_eq!(db_message(&err), "must be owner of table journal");
    // Of a credential, the service may set only `revoked_ms` and `totp_last_step`: never a role or a token hash.
    for sql in ["UPDATE tokens SET role = 'admin'", "UPDATE tokens SET token_hash = 'x'", "DELETE FROM tokens"] {
        let err = raw.batch_execute(sql).await.expect_err(sql);
        assert_eq!(db_message(&err), "permission denied for table tokens", "`{sql}` as foureyes_service");
    }
    // The auditor sees who holds which role, never a token hash, a TOTP secret, a session or a sign-in code.
    raw.batch_execute("RESET ROLE; SET ROLE foureyes_auditor").await.unwrap();
    let names: i64 = raw.query_one("SELECT count(name) FROM tokens", &[]).await.unwrap().get(0);
    assert_eq!(names, 1);
    for (sql, table) in [
        ("SELECT token_hash FROM tokens", "tokens"),
        ("SELECT totp_secret FROM tokens", "tokens"),
        ("SELECT * FROM sessions", "sessions"),
        ("SELECT * FROM signin_codes", "signin_codes"),
    ] {
        let err = raw.batch_execute(sql).await.expect_err(sql);
        assert_eq!(db_message(&err), format!("permission denied for table {table}"), "`{sql}` as foureyes_auditor");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_names_the_tampered_seq() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let p = policy();
    for i in 0..4 {
        store.decide(p.clone(), email(&format!("tamper-{i}")), T0 + i).await.unwrap();
    }
    assert!(store.verify_journal().await.unwrap().is_ok());
    let raw = client(&url).await;
    raw.batch_execute(
        "ALTER TABLE journal DISABLE TRIGGER journal_no_update;
         UPDATE journal SET data = replace(data, '\"verdict\":\"permit\"', '\"verdict\":\"deny\"') WHERE seq = 2;",
    )
    .await
    .unwrap();
    let report = store.verify_journal().await.unwrap();
    assert!(
        matches!(report, VerifyReport::Corrupt { seq: 2, events: 1, problem: ChainProblem::HashMismatch, .. }),
        "{report:?}"
    );
    assert!(report.to_string().contains("corrupt at seq 2"), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrations_are_idempotent_even_when_replicas_start_together() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let connects: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move { PgStore::connect(&url, PgOptions::default()).await })
        })
        .collect();
    let mut stores = Vec::new();
    for c in connects {
        stores.push(c.await.unwrap().unwrap_or_else(|e| panic!("a replica starting with others: {e:?}")));
    }
    stores.push(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    let raw = client(&url).await;
    let versions: Vec<i32> = raw
        .query("SELECT version FROM schema_migrations ORDER BY version", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(versions, (1..=SCHEMA_VERSION).collect::<Vec<_>>(), "each migration applied once");
    let heads: i64 = raw.query_one("SELECT count(*) FROM journal_head", &[]).await.unwrap().get(0);
    assert_eq!(heads, 1, "one chain head");
    stores[0].decide(policy(), email("after-migrations"), T0).await.unwrap();
    assert_consistent(&stores[4], "after five starts").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_schema_is_refused() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    drop(store);
    client(&url)
        .await
        .batch_execute("INSERT INTO schema_migrations (version, description) VALUES (99, 'from the future')")
        .await
        .unwrap();
    match PgStore::connect(&url, PgOptions::default()).await {
        Err(StoreError::Schema(message)) => assert!(message.contains("99"), "{message}"),
        Err(e) => panic!("expected StoreError::Schema, got {e:?}"),
        Ok(_) => panic!("a database at schema version 99 was opened"),
    }
}

/// Two stores with two pools on one database, as two replicas are: one limit, one budget, one chain.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_replicas_never_overbook() {
    let dbs = Databases::new();
    let (url, a) = dbs.store().await;
    let b = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    let replicas = [a.clone(), b.clone()];
    let p = policy();

    let race = |make: fn(usize) -> foureyes_core::ActionRequest| {
        let tasks: Vec<_> = (0..200)
            .map(|i| {
                let (s, p) = (replicas[i % 2].clone(), p.clone());
                tokio::spawn(async move { s.decide(p, make(i), T0).await.unwrap() })
            })
            .collect();
        async move {
            let mut out = Vec::new();
            for t in tasks {
                out.push(t.await.unwrap());
            }
            out
        }
    };
    let emails = race(|i| email(&format!("two-email-{i}"))).await;
    let permits: Vec<_> = emails.iter().filter(|d| d.verdict == Verdict::Permit).collect();
    assert_eq!(permits.len(), 3, "200 decides across two replicas on `count: 3`: exactly 3 permits");
    let mut consumed: Vec<Decimal> = permits.iter().map(|d| d.budgets[0].consumed).collect();
    consumed.sort();
    assert_eq!(consumed, [Decimal::ZERO, Decimal::ONE, Decimal::TWO], "each permit saw the ones before it");
    assert!(emails.iter().filter(|d| d.verdict != Verdict::Permit).all(|d| d.verdict == Verdict::Defer));

    let refunds = race(|i| request(&format!("two-refund-{i}"), "payments.refund", json!({"amount_eur": 300}))).await;
    let permits: Vec<_> = refunds.iter().filter(|d| d.verdict == Verdict::Permit).collect();
    assert_eq!(permits.len(), 3, "three 300-EUR refunds fit a 1000 budget");
    assert!(
        refunds
            .iter()
            .filter(|d| d.verdict != Verdict::Permit)
            .all(|d| d.reasons.iter().any(|r| r.code == ReasonCode::BudgetExceeded))
    );

    // One chain across both: gap-free ids and seqs, every decision journaled once.
    let decisions = b.decisions(DecisionFilter { status: None, limit: Some(1000), before: None }).await.unwrap();
    let mut ids: Vec<i64> = decisions.iter().map(|d| d.decision_id).collect();
    ids.sort_unstable();
    assert_eq!(ids, (1..=400).collect::<Vec<_>>(), "decision ids are gap-free across replicas");
    let journal = a.journal(0, 10_000).await.unwrap();
    assert_eq!(journal.len(), 400 + 2 * 197, "400 decisions and 394 approval requests, once each");
    assert!(journal.iter().enumerate().all(|(i, e)| e.seq == i as u64 + 1));
    for after in [u64::MAX, i64::MAX as u64 + 1, 794] {
        assert!(a.journal(after, 10).await.unwrap().is_empty(), "journal({after}, 10) reads past the end");
    }
    assert_consistent(&*a, "replica A after the race").await;
    assert_consistent(&*b, "replica B after the race").await;

    // An audited refusal on one replica is committed: the other sees it.
    let d = a
        .decide(
            policy(),
            request("self", "payments.send", json!({"amount_eur": 5, "iban": "DE89370400440532013000"})),
            T0,
        )
        .await
        .unwrap();
    match a.approve(d.approval_id.unwrap(), conformance::AGENT, None, T0).await {
        Err(StoreError::Refused { code, seq, .. }) => {
            assert_eq!(code, "self_approval");
            let seen = b.journal(seq - 1, 1).await.unwrap();
            assert_eq!((seen[0].seq, seen[0].kind), (seq, EventKind::Refused), "the refusal was committed");
        }
        other => panic!("self-approval: {other:?}"),
    }
    // A failed write commits nothing.
    let head = b.journal(0, 10_000).await.unwrap().len();
    assert!(matches!(a.approve(987_654, "alice", None, T0).await, Err(StoreError::NotFound(_))));
    assert_eq!(b.journal(0, 10_000).await.unwrap().len(), head);
}

/// The next notification (within 10 s).
async fn next(events: &mut tokio::sync::broadcast::Receiver<u64>) -> u64 {
    tokio::time::timeout(Duration::from_secs(10), events.recv()).await.expect("no notification in 10 s").unwrap()
}

/// What replica A commits wakes replica B's subscribers (the server's `/wait` and event stream stand on this).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notifications_reach_the_other_replica() {
    let dbs = Databases::new();
    let (url, a) = dbs.store().await;
    let b = PgStore::connect(&url, PgOptions::default()).await.unwrap();
    let mut events = b.subscribe();
    assert_eq!(next(&mut events).await, 0, "the listener first announces the current head");
    let p = policy();
    let pay = request("notify-1", "payments.send", json!({"amount_eur": 10, "iban": "DE89370400440532013000"}));
    let deferred = a.decide(p.clone(), pay.clone(), T0).await.unwrap();
    assert_eq!(next(&mut events).await, 2, "decided + approval_requested: the head is seq 2");
    // A write that appends nothing (an idempotent replay) notifies nothing; the next one does.
    a.decide(p.clone(), pay.clone(), T0).await.unwrap();
    a.approve(deferred.approval_id.unwrap(), "alice", Some(&deferred.digest), T0 + 1).await.unwrap();
    assert_eq!(next(&mut events).await, 3, "the approval on A, seen on B");
    // A second subscriber on B shares the one LISTEN connection.
    let mut second = b.subscribe();
    a.set_kill_switch(true, "admin", T0 + 2).await.unwrap();
    assert_eq!(next(&mut events).await, 4);
    assert_eq!(next(&mut second).await, 4);
    assert!(b.kill_switch().await.unwrap(), "the kill switch set on A is on for B");
    let released = b.decide(p, pay, T0 + 3).await.unwrap();
    assert!(released.reasons.iter().any(|r| r.code == ReasonCode::KillSwitch), "{released:?}");
}

/// A write waits for the chain-head lock another replica holds; cancelled while waiting, it leaves nothing, and
/// the pooled connection it used works again afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_write_leaves_nothing() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let mut holder = client(&url).await;
    let lock = holder.transaction().await.unwrap();
    lock.batch_execute("SELECT * FROM journal_head FOR UPDATE").await.unwrap();
    let p = policy();
    let waiting =
        tokio::time::timeout(Duration::from_millis(300), store.decide(p.clone(), email("cancelled"), T0)).await;
    assert!(waiting.is_err(), "the write waited for the head lock: {waiting:?}");
    lock.rollback().await.unwrap();
    for i in 0..40 {
        store.decide(p.clone(), email(&format!("after-{i}")), T0).await.unwrap();
    }
    let all = store.decisions(DecisionFilter { status: None, limit: Some(100), before: None }).await.unwrap();
    assert_eq!(all.len(), 40);
    assert!(all.iter().all(|d| d.request.request_id != "cancelled"), "the cancelled write committed nothing");
    assert_consistent(&*store, "after a cancelled write").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_any_picks_the_backend_by_name() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let dir = tempfile::tempdir().unwrap();
    let sqlite = dir.path().join("any.db");
    for db in [url.as_str(), sqlite.to_str().unwrap()] {
        let store = open_any(db).await.unwrap_or_else(|e| panic!("open_any({db}): {e:?}"));
        assert_eq!(store.decide(policy(), email("any"), T0).await.unwrap().verdict, Verdict::Permit);
        assert_consistent(&*store, db).await;
    }
    assert!(foureyes_store_pg::is_postgres_url(&url));
    assert!(!foureyes_store_pg::is_postgres_url("./foureyes.db"));
    // The same journal on both backends: byte for byte, so `journal verify` reports the same head.
    let pg = open_any(&url).await.unwrap().verify_journal().await.unwrap();
    let lite = open_any(sqlite.to_str().unwrap()).await.unwrap().verify_journal().await.unwrap();
    assert_eq!(pg.to_string(), lite.to_string());
}

/// The shared credentials check, as SQLite runs it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_conform() {
    let dbs = Databases::new();
    let (_, store) = dbs.store().await;
    conformance::credentials_round_trip(&*store, T0).await;
}

/// ADR-392 (attack 33, H3): the shared check that a write's token or console session is still live in its
/// transaction, as SQLite runs it. Red before: a session's writes carried no credential to check.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attack33_h3_a_write_as_a_session_no_longer_live_is_refused() {
    let dbs = Databases::new();
    let (_, store) = dbs.store().await;
    conformance::writes_check_their_credential_is_still_live(&*store, T0).await;
}

/// The shared executor-credentials check, as SQLite runs it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn executor_credentials_conform() {
    let dbs = Databases::new();
    let (_, store) = dbs.store().await;
    conformance::executor_credentials_serve_one_agent(&*store, T0).await;
}

/// Single-use TOTP steps, as SQLite runs them; `reopen` is another replica on the same database.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn totp_steps_conform() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let replica = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    conformance::totp_steps_are_accepted_once(store, move || replica.clone() as Arc<dyn Credentials>, T0).await;
}

/// Across replicas: one name is created once, a sign-in code signs in once, a revocation is seen at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn credentials_across_replicas() {
    let dbs = Databases::new();
    let (url, a) = dbs.store().await;
    let b = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    let replicas = [a.clone(), b.clone()];
    let role = foureyes_core::Role::Approver;
    let creates: Vec<_> = (0..20)
        .map(|i| {
            let s = replicas[i % 2].clone();
            tokio::spawn(async move { s.create_token("carol", role, &format!("hash-{i}"), None, T0).await })
        })
        .collect();
    let mut created = 0;
    for c in creates {
        match c.await.unwrap() {
            Ok(()) => created += 1,
            Err(StoreError::InvalidState(m)) => assert!(m.contains("already exists"), "{m}"),
            Err(e) => panic!("create_token racing: {e:?}"),
        }
    }
    assert_eq!(created, 1, "20 creations of one name on two replicas: exactly one");
    let holder = a.principals().await.unwrap();
    assert_eq!(holder.len(), 1);

    a.create_signin_code("race-code", "carol", T0 + 60_000).await.unwrap();
    let redeems: Vec<_> = (0..20)
        .map(|i| {
            let s = replicas[i % 2].clone();
            tokio::spawn(async move { s.redeem_signin_code("race-code", T0 + 1).await.unwrap() })
        })
        .collect();
    let mut signed_in = 0;
    for r in redeems {
        signed_in += usize::from(r.await.unwrap().is_some());
    }
    assert_eq!(signed_in, 1, "one code, 20 redeems on two replicas: one sign-in");

    b.create_session("carol-session", "carol", "csrf", T0 + 60_000).await.unwrap();
    assert!(a.session("carol-session", T0 + 2).await.unwrap().is_some(), "a session made on B works on A");
    assert!(a.revoke_token("carol", T0 + 3).await.unwrap());
    assert!(b.session("carol-session", T0 + 4).await.unwrap().is_none(), "revoked on A: the session on B is gone");
    assert_consistent(&*b, "credentials across replicas").await;
}

/// ADR-1050: a write authenticated from replica B's followed state (no token statement) of a credential revoked on
/// replica A a moment before — B's state has not seen the revocation — is refused by B's very next write, journaled,
/// and decides nothing; as are the writes after it. Red if the check in the write transaction is removed.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_token_revoked_on_one_replica_is_refused_by_the_next_write_on_another() {
    use foureyes_store::{ops::CREDENTIAL_REVOKED, writes_as};
    let dbs = Databases::new();
    let (url, a) = dbs.store().await;
    let b = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    let agent = conformance::AGENT;
    a.create_token(agent, foureyes_core::Role::Agent, "hash-bot", None, T0).await.unwrap();
    let p = policy();
    // B's first sight of the token is its statement; then a write brings B's state to the credential.
    let (_, first) = b.principal_for_writes("hash-bot").await.unwrap().expect("a live token");
    assert!(first.is_none(), "a token B has not seen is authenticated by its statement");
    writes_as(first, b.decide(p.clone(), email("before"), T0 + 1)).await.unwrap();
    let (_, followed) = b.principal_for_writes("hash-bot").await.unwrap().expect("a live token");
    assert!(followed.is_some(), "once followed, B authenticates the token from its state");

    assert!(a.revoke_token(agent, T0 + 2).await.unwrap());
    let head = a.journal_head().await.unwrap();
    // At once on B, whose state has not caught up: still believed from the state …
    let (_, credential) = b.principal_for_writes("hash-bot").await.unwrap().expect("B's state lags the revoke");
    assert!(credential.is_some(), "B's state has not seen the revoke");
    // … so the write itself refuses it.
    match writes_as(credential, b.decide(p.clone(), email("after"), T0 + 3)).await {
        Err(StoreError::Refused { code, .. }) if code == CREDENTIAL_REVOKED => {}
        other => panic!("a write on B as a token revoked on A: {other:?}"),
    }
    // B has caught up in that write: the token is now refused before any write, by its statement.
    assert!(b.principal_for_writes("hash-bot").await.unwrap().is_none(), "revoked: no principal");
    let events = a.journal(head, 10).await.unwrap();
    assert!(
        events.iter().any(|e| e.kind == EventKind::Refused && e.data["code"] == CREDENTIAL_REVOKED),
        "the refusal is journaled: {events:?}"
    );
    let made = a.decisions(DecisionFilter::default()).await.unwrap();
    assert!(made.iter().all(|d| !d.request.request_id.starts_with("after")), "nothing decided after the revoke");
    assert_consistent(&*b, "a write refused as revoked").await;
}

/// A database left at schema version 1 by an earlier build keeps its journal and gains the credentials,
/// session-trust, consent (revoke, TOTP step), executor, notification-claim and task tables and columns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_is_upgraded_in_place() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let raw = client(&url).await;
    raw.batch_execute(include_str!("../sql/0001_initial.sql")).await.unwrap();
    raw.batch_execute(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL,
                                         applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
         INSERT INTO schema_migrations (version, description) VALUES (1, 'initial schema');",
    )
    .await
    .unwrap();
    // Written directly as version 1 would have: one event, chained from genesis, and the head moved to it.
    let event = foureyes_core::journal::Event::next(
        0,
        foureyes_core::journal::GENESIS_HASH,
        T0,
        EventKind::KillSwitch,
        json!({"engaged": true, "by": "v1"}),
    );
    raw.execute(
        "INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash) VALUES (1, $1, 'kill_switch', $2, $3, $4)",
        &[&event.ts_ms, &foureyes_core::canonical::to_canonical_string(&event.data), &event.prev_hash, &event.hash],
    )
    .await
    .unwrap();
    raw.execute("UPDATE journal_head SET seq = 1, hash = $1", &[&event.hash]).await.unwrap();
    raw.batch_execute("INSERT INTO settings (name, value) VALUES ('kill_switch', 'on')").await.unwrap();

    let store = PgStore::connect(&url, PgOptions::default()).await.unwrap();
    let versions: Vec<i32> = raw
        .query("SELECT version FROM schema_migrations ORDER BY version", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(versions, (1..=SCHEMA_VERSION).collect::<Vec<_>>());
    assert!(store.kill_switch().await.unwrap(), "the version-1 state is kept");
    store.create_token("after-upgrade", foureyes_core::Role::Admin, "hash-up", None, T0 + 1).await.unwrap();
    assert_eq!(store.journal_head().await.unwrap(), 2, "the credential extends the version-1 chain");
    // Version 5: an executor serving an agent.
    store.create_token("bot", foureyes_core::Role::Agent, "hash-bot", None, T0 + 2).await.unwrap();
    store.create_executor("bailiff", "bot", "hash-bailiff", T0 + 3).await.unwrap();
    assert_eq!(store.executors_of("bot").await.unwrap(), ["bailiff"]);
    // Version 6: notification claims, outside the journal.
    let head = store.journal_head().await.unwrap();
    assert!(store.claim_notification(1, "upgraded", T0 + 4).await.unwrap());
    assert!(!store.claim_notification(1, "upgraded", T0 + 5).await.unwrap());
    assert_eq!(store.journal_head().await.unwrap(), head, "a claim appends nothing");
    // Version 7: change-control tasks, in the same chain.
    let created = foureyes_store::TaskStore::task_command(
        &store,
        "upgraded",
        change_control::conformance::create(),
        change_control::model::transition,
        None,
        T0 + 6,
    )
    .await
    .unwrap();
    assert_eq!(created.seqs, [head + 1], "the task extends the upgraded chain");
    assert_consistent(&store, "after the upgrade").await;
}

/// A demotion committed by one replica holds the session on the other at once: a trigger on A raced against tier-1
/// requests of the same session on B, checked by journal order (no tier-1 permit after the `session_demoted`).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_demotion_on_one_replica_holds_the_session_on_the_other() {
    let dbs = Databases::new();
    let (url, a) = dbs.store().await;
    let b = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    let p = conformance::session_policy();
    for round in 0..8 {
        let session = format!("replica-race-{round}");
        let mut tasks = Vec::new();
        for i in 0..7 {
            let title = if i == 3 { "x".repeat(101) } else { "standup".to_string() };
            let mut r = request(&format!("{session}-{i}"), "calendar.create", json!({"title": title}));
            r.session = Some(session.clone());
            let (s, p) = (if i == 3 { a.clone() } else { b.clone() }, p.clone());
            tasks.push(tokio::spawn(async move { s.decide(p, r, T0).await.unwrap() }));
        }
        for t in tasks {
            t.await.unwrap();
        }
    }
    let events = a.journal(0, 10_000).await.unwrap();
    for round in 0..8 {
        let session = json!(format!("replica-race-{round}"));
        let in_session = |e: &&foureyes_core::journal::Event| {
            e.data.get("session") == Some(&session) || e.data["request"].get("session") == Some(&session)
        };
        let demoted: Vec<_> =
            events.iter().filter(in_session).filter(|e| e.kind == EventKind::SessionDemoted).collect();
        assert_eq!(demoted.len(), 1, "round {round}: one demotion");
        for e in events.iter().filter(in_session).filter(|e| e.kind == EventKind::Decided && e.seq > demoted[0].seq) {
            assert_eq!(e.data["verdict"], "defer", "round {round}: a tier-1 permit after the demotion: {}", e.data);
        }
    }
    assert_consistent(&*b, "after the replica race").await;
}

/// ADR-261, F260 on PostgreSQL: a `policy_sha256` row set by hand to a new policy's hash does not keep that
/// policy's `policy_loaded` event (and so its new action's rehearsal) out of the journal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_policy_row_does_not_keep_a_new_policy_out_of_the_journal() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let v1_yaml = "version: 1\ndefaults: { new_actions: { dry_run_for: 1d } }\nactions:\n  fresh.look: { tier: 0 }\n";
    let v2_yaml = format!(
        "{v1_yaml}  fresh.send:\n    tier: 2\n    params: {{ to: {{ type: string }} }}\n    limits: [ {{ count: 9, per: 1h }} ]\n"
    );
    let v1 = Arc::new(foureyes_core::Policy::from_yaml("v1.yaml", v1_yaml).unwrap());
    let v2 = Arc::new(foureyes_core::Policy::from_yaml("v2.yaml", &v2_yaml).unwrap());
    assert!(store.record_policy(&v1, T0).await.unwrap());
    let raw = client(&url).await;
    raw.execute("UPDATE settings SET value = $1 WHERE name = 'policy_sha256'", &[&v2.sha256]).await.unwrap();
    assert!(store.record_policy(&v2, T0 + 1).await.unwrap(), "the new policy is journaled whatever the row says");
    let last = store.journal(0, 100).await.unwrap().into_iter().last().unwrap();
    assert_eq!((last.kind, &last.data["introduced"]), (EventKind::PolicyLoaded, &json!(["fresh.send"])));
    let d = store.decide(v2, request("fresh-1", "fresh.send", json!({"to": "x"})), T0 + 2).await.unwrap();
    assert_eq!(d.verdict, Verdict::DryRun);
    assert!(d.reasons.iter().any(|r| r.code == ReasonCode::NewAction), "{:?}", d.reasons);
    assert_consistent(&*store, "after a policy row edited by hand").await;
}

/// Holds the chain-head lock from another session while `submit` queues writes on `store`, so that the writer's
/// first transaction takes the first write alone and waits, and every write queued meanwhile shares its next one
/// (group commit, ADR-680). Returns once the lock is released.
async fn queued_behind_the_head_lock<T: Send + 'static>(
    url: &str,
    first: impl FnOnce() -> tokio::task::JoinHandle<T>,
    submit: impl FnOnce() -> Vec<tokio::task::JoinHandle<T>>,
) -> (T, Vec<T>) {
    let mut holder = client(url).await;
    let lock = holder.transaction().await.unwrap();
    lock.batch_execute("SELECT * FROM journal_head FOR UPDATE").await.unwrap();
    let first = first();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let queued = submit();
    tokio::time::sleep(Duration::from_millis(200)).await;
    lock.rollback().await.unwrap();
    let first = first.await.unwrap();
    let mut rest = Vec::new();
    for handle in queued {
        rest.push(handle.await.unwrap());
    }
    (first, rest)
}

/// Group commit (ADR-680): writes queued together run in one transaction, each in its own savepoint. A write
/// whose statement fails there (a duplicate session: a unique violation, which aborts the transaction) is rolled
/// back to its savepoint alone: the decides queued with it all commit, and the journal and tables agree.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_write_in_a_batch_rolls_back_alone() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    // A session is opened only for a live credential (ADR-405).
    store.create_token("carol", foureyes_core::Role::Approver, "hash-carol", None, T0).await.unwrap();
    store.create_session("dup-session", "carol", "csrf-0", T0 + 60_000).await.unwrap();
    let p = policy();
    let (s, q) = (store.clone(), p.clone());
    let first = || tokio::spawn(async move { s.decide(q, email("first"), T0).await.map(|_| ()) });
    let (first, rest) = queued_behind_the_head_lock(&url, first, || {
        (0..30)
            .map(|i| {
                let (s, q) = (store.clone(), p.clone());
                tokio::spawn(async move {
                    if i % 6 == 3 {
                        s.create_session("dup-session", "carol", &format!("csrf-{i}"), T0 + 60_000).await
                    } else {
                        s.decide(q, email(&format!("batched-{i}")), T0).await.map(|_| ())
                    }
                })
            })
            .collect()
    })
    .await;
    first.unwrap();
    for (i, result) in rest.iter().enumerate() {
        if i % 6 == 3 {
            assert!(result.is_err(), "the duplicate session {i} was refused: {result:?}");
        } else {
            assert!(result.is_ok(), "decide {i}, batched with a failing write, committed: {result:?}");
        }
    }
    let all = store.decisions(DecisionFilter { status: None, limit: Some(100), before: None }).await.unwrap();
    assert_eq!(all.len(), 1 + 25, "every decide committed");
    assert_consistent(&*store, "after a batch with failed writes").await;
}

/// Group commit (ADR-680): a batch whose COMMIT fails (here a deferred constraint the test adds, checked only at
/// COMMIT) fails every write in it; the authority state, which took the batch's events before the COMMIT, is
/// rebuilt from the journal, so the next writes decide on what the database holds instead of failing closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_whose_commit_fails_leaves_the_replica_deciding() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let admin = client(&url).await;
    admin
        .batch_execute("ALTER TABLE sessions ADD CONSTRAINT one_csrf UNIQUE (csrf) DEFERRABLE INITIALLY DEFERRED")
        .await
        .unwrap();
    // A session is opened only for a live credential (ADR-405).
    store.create_token("carol", foureyes_core::Role::Approver, "hash-carol", None, T0).await.unwrap();
    let p = policy();
    let (s, q) = (store.clone(), p.clone());
    let first = || tokio::spawn(async move { s.decide(q, email("first"), T0).await.map(|_| ()) });
    let (first, rest) = queued_behind_the_head_lock(&url, first, || {
        (0..10)
            .map(|i| {
                let (s, q) = (store.clone(), p.clone());
                tokio::spawn(async move {
                    if i == 4 || i == 7 {
                        s.create_session(&format!("session-{i}"), "carol", "same-csrf", T0 + 60_000).await
                    } else {
                        s.decide(q, email(&format!("lost-{i}")), T0).await.map(|_| ())
                    }
                })
            })
            .collect()
    })
    .await;
    first.unwrap();
    assert!(rest.iter().all(|r| r.is_err()), "the batch's COMMIT failed, so every write in it did: {rest:?}");
    for i in 0..5 {
        store.decide(p.clone(), email(&format!("after-{i}")), T0 + 1).await.unwrap();
    }
    let all = store.decisions(DecisionFilter { status: None, limit: Some(100), before: None }).await.unwrap();
    assert_eq!(all.len(), 1 + 5, "the first decide and the five after the failed batch");
    assert_eq!(store.authority_differs_from_replay().await.unwrap(), None);
    assert_consistent(&*store, "after a batch whose commit failed").await;
}

/// ADR-900: the policy of the unnested-batch checks: one action, permitted (tier 0) up to a count limit, so that a
/// reservation leaked by a failed job shows as a sibling refused.
const UNNESTED_POLICY: &str = "version: 1\ntimezone: UTC\nactions:\n  notes.write:\n    tier: 0\n    params:\n      text: { type: string, max_len: 100 }\n    limits:\n      - { count: 8, per: 1h }\n";

fn note(id: &str) -> foureyes_core::ActionRequest {
    request(id, "notes.write", json!({"text": id}))
}

/// What the check compares of a decision: everything but its id and time, which depend on the order in the batch.
fn as_decided(d: &foureyes_core::DecisionRecord) -> String {
    let codes: Vec<_> = d.reasons.iter().map(|r| r.code).collect();
    let consumed: Vec<_> = d.budgets.iter().map(|b| b.consumed).collect();
    format!("{} {:?} {:?} tier {}", d.verdict.as_str(), codes, consumed, d.tier)
}

/// ADR-900, ADR-410: decides batched together run without savepoints, each table's rows one multi-row insert. One
/// whose row the database refuses (here a CHECK the test adds: the batch's insert into `decisions` fails, so the whole
/// transaction aborts) fails alone: the batch is rolled back and run again job by job, and its seven siblings are
/// decided exactly as they are one at a time on a database without it — the same verdicts, the same counts against
/// the limit (its reservation is not counted: the eighth permit of the limit of 8 stands), the same journal length,
/// gap-free ids — and the replay agrees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_decide_in_an_unnested_batch_leaves_its_siblings_decided_as_alone() {
    let dbs = Databases::new();
    let p = Arc::new(foureyes_core::Policy::from_yaml("unnested.yaml", UNNESTED_POLICY).unwrap());
    let siblings: Vec<String> = (0..7).map(|i| format!("sibling-{i}")).collect();

    // Alone: the first decide, then each sibling in its own transaction, on a database without the poison.
    let (_, alone) = dbs.store().await;
    alone.decide(p.clone(), note("first"), T0).await.unwrap();
    for id in &siblings {
        alone.decide(p.clone(), note(id), T0).await.unwrap();
    }
    let expected: Vec<String> = {
        let mut all = Vec::new();
        for d in alone.decisions(DecisionFilter { status: None, limit: Some(100), before: None }).await.unwrap() {
            if d.request.request_id != "first" {
                all.push(as_decided(&d));
            }
        }
        all.sort();
        all
    };

    // Batched, with the poison among them.
    let (url, store) = dbs.store().await;
    client(&url)
        .await
        .batch_execute("ALTER TABLE decisions ADD CONSTRAINT no_poison CHECK (request_id <> 'poison')")
        .await
        .unwrap();
    let (s, q) = (store.clone(), p.clone());
    let first = || tokio::spawn(async move { ("first".to_string(), s.decide(q, note("first"), T0).await) });
    let (first, rest) = queued_behind_the_head_lock(&url, first, || {
        let mut ids = siblings.clone();
        ids.insert(3, "poison".to_string());
        ids.into_iter()
            .map(|id| {
                let (s, q) = (store.clone(), p.clone());
                tokio::spawn(async move { (id.clone(), s.decide(q, note(&id), T0).await) })
            })
            .collect()
    })
    .await;
    first.1.unwrap();
    let (unnested, fell_back) = store.unnested_batches();
    assert!(unnested >= 1 && fell_back == 1, "the batch ran unnested and fell back once: {unnested}, {fell_back}");
    let mut decided = Vec::new();
    for (id, result) in &rest {
        match (id.as_str(), result) {
            ("poison", Err(e)) => assert!(e.to_string().contains("no_poison"), "the poison's own error: {e}"),
            ("poison", Ok(d)) => panic!("the poison was decided: {d:?}"),
            (id, Err(e)) => panic!("sibling {id} failed with the poison: {e}"),
            (_, Ok(d)) => decided.push(as_decided(d)),
        }
    }
    decided.sort();
    assert_eq!(decided, expected, "the siblings, batched with a failing decide, as decided one at a time alone");

    let all = store.decisions(DecisionFilter { status: None, limit: Some(100), before: None }).await.unwrap();
    let ids: Vec<_> = all.iter().map(|d| d.decision_id).rev().collect();
    assert_eq!(ids, (1..=8).collect::<Vec<_>>(), "gap-free ids, none for the poison");
    assert!(all.iter().all(|d| d.request.request_id != "poison"));
    assert_eq!(store.journal_head().await.unwrap(), alone.journal_head().await.unwrap(), "no event of the poison");
    assert_eq!(store.authority_differs_from_replay().await.unwrap(), None);
    assert_consistent(&*store, "after an unnested batch that fell back").await;

    // And the state it decides on after that counts exactly eight: the ninth is over the limit, as alone.
    let ninth = store.decide(p.clone(), note("ninth"), T0).await.unwrap();
    let ninth_alone = alone.decide(p, note("ninth"), T0).await.unwrap();
    assert_eq!(as_decided(&ninth), as_decided(&ninth_alone));
    assert_ne!(ninth.verdict, Verdict::Permit, "the limit of 8 is reached");
}

/// ADR-900: a batch of decides with no failure runs unnested (one insert per table) and decides as one at a time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unnested_batch_decides_as_one_at_a_time() {
    let dbs = Databases::new();
    let p = Arc::new(foureyes_core::Policy::from_yaml("unnested.yaml", UNNESTED_POLICY).unwrap());
    let ids: Vec<String> = (0..9).map(|i| format!("batched-{i}")).collect();
    let (_, alone) = dbs.store().await;
    alone.decide(p.clone(), note("first"), T0).await.unwrap();
    let mut expected = Vec::new();
    for id in &ids {
        expected.push(as_decided(&alone.decide(p.clone(), note(id), T0).await.unwrap()));
    }
    expected.sort();
    let (url, store) = dbs.store().await;
    let (s, q) = (store.clone(), p.clone());
    let first = || tokio::spawn(async move { s.decide(q, note("first"), T0).await });
    let (first, rest) = queued_behind_the_head_lock(&url, first, || {
        ids.iter()
            .map(|id| {
                let (s, q, id) = (store.clone(), p.clone(), id.clone());
                tokio::spawn(async move { s.decide(q, note(&id), T0).await })
            })
            .collect()
    })
    .await;
    first.unwrap();
    assert_eq!(store.unnested_batches(), (1, 0), "one unnested batch, no fallback");
    let mut decided: Vec<String> = rest.iter().map(|d| as_decided(d.as_ref().unwrap())).collect();
    decided.sort();
    assert_eq!(decided, expected);
    assert_eq!(store.journal_head().await.unwrap(), alone.journal_head().await.unwrap());
    assert_eq!(store.authority_differs_from_replay().await.unwrap(), None);
    assert_consistent(&*store, "after an unnested batch").await;
}

/// ADR-370: a cached statement keeps the plan PostgreSQL made when the journal was a few pages (`auto_explain` saw
/// the head lock hash-join the whole journal and the token lookup scan it, each call O(history)). The writer has every
/// statement prepared and planned again each time the head doubles: at the first write, then at 64, 128, …
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn statements_are_planned_again_as_the_journal_doubles() {
    let dbs = Databases::new();
    let (_url, store) = dbs.store().await;
    let p = policy();
    store.record_policy(&p, T0).await.unwrap();
    assert_eq!(store.statement_replans(), 1, "planned at the first write");
    let mut i = 0;
    while store.journal_head().await.unwrap() < 140 {
        store.decide(p.clone(), email(&format!("grow-{i}")), T0).await.unwrap();
        i += 1;
    }
    let head = store.journal_head().await.unwrap();
    assert!(head < 256, "{head}");
    assert_eq!(store.statement_replans(), 3, "planned again at 64 and 128 events (head {head})");
    assert_eq!(store.authority_differs_from_replay().await.unwrap(), None);
}

/// A fresh database and a store on it holding a seal key (ADR-740, ADR-885).
async fn sealed_store(dbs: &Databases) -> (String, Arc<PgStore>) {
    let url = dbs.create().await;
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let store = PgStore::connect(&url, PgOptions::default()).await.unwrap().with_seal_key(Some(key));
    (url, Arc::new(store))
}

/// ADR-885 on PostgreSQL with the seal key: expired permits leave the door's memory, late reports count once and
/// release nothing, and a replay holds the same (the conformance check, which the keyless suite runs too).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_an_expired_permit_settles_and_a_late_report_counts_once() {
    let dbs = Databases::new();
    let (_, store) = sealed_store(&dbs).await;
    conformance::an_expired_permit_settles_and_a_late_report_counts_once(store.clone(), T0).await;
    assert_consistent(&*store, "expired permits under the seal").await;
}

/// ADR-895 on PostgreSQL with the seal key and a 5 s request memory (the conformance check, which the keyless suite
/// runs too): settled deferrals leave memory, their ids are let go of, and every retry answers as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_with_a_request_memory_a_deferral_its_approval_cannot_release_settles() {
    let dbs = Databases::new();
    let url = dbs.create().await;
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let store = PgStore::connect(&url, PgOptions::default())
        .await
        .unwrap()
        .with_seal_key(Some(key))
        .with_request_memory(Some(5_000));
    let store = Arc::new(store);
    conformance::a_deferral_its_approval_cannot_release_settles(store.clone(), T0).await;
    let held = store.retained().await.unwrap();
    assert!(held.forgotten_requests > 0, "the request memory let go of ids: {held:?}");
    assert_consistent(&*store, "settled deferrals under a request memory").await;
}

/// ADR-895 and ADR-896 against a database writer's hand on PostgreSQL
/// (`conformance::settled_deferral_rows_edited_by_hand`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_a_settled_deferrals_row_edited_by_hand_releases_nothing() {
    let dbs = Databases::new();
    let (url, store) = sealed_store(&dbs).await;
    let sql = move |statement: String| -> conformance::CheckFuture {
        let url = url.clone();
        Box::pin(async move { tokio::task::block_in_place(|| execute_blocking(&url, &statement)) })
    };
    conformance::settled_deferral_rows_edited_by_hand(store, T0, &sql).await;
}

/// ADR-885 against a database writer's hand on PostgreSQL (`conformance::expired_permit_rows_edited_by_hand`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_an_expired_permits_row_edited_by_hand_releases_nothing() {
    let dbs = Databases::new();
    let (url, store) = sealed_store(&dbs).await;
    let sql = move |statement: String| -> conformance::CheckFuture {
        let url = url.clone();
        Box::pin(async move { tokio::task::block_in_place(|| execute_blocking(&url, &statement)) })
    };
    conformance::expired_permit_rows_edited_by_hand(store, T0, &sql).await;
}

/// ADR-994 against a database writer's hand on PostgreSQL (`conformance::undone_target_rows_edited_by_hand`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_an_undone_targets_row_edited_by_hand_permits_no_second_undo() {
    let dbs = Databases::new();
    let (url, store) = sealed_store(&dbs).await;
    let sql = move |statement: String| -> conformance::CheckFuture {
        let url = url.clone();
        Box::pin(async move { tokio::task::block_in_place(|| execute_blocking(&url, &statement)) })
    };
    conformance::undone_target_rows_edited_by_hand(store, T0, &sql).await;
}

/// ADR-1029 on PostgreSQL (`conformance::undone_target_rolled_back_under_a_lengthened_window`): a policy reloaded with
/// a longer `compensate.window` re-opens no target whose undo's link left memory; a restarted door (a new store on the
/// same database, the journal replayed) refuses the rolled-back target and permits the honest one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_the_seal_a_lengthened_window_reopens_no_undone_target() {
    let dbs = Databases::new();
    let (url, store) = sealed_store(&dbs).await;
    let raw = url.clone();
    let sql = move |statement: String| -> conformance::CheckFuture {
        let url = raw.clone();
        Box::pin(async move { tokio::task::block_in_place(|| execute_blocking(&url, &statement)) })
    };
    let (attack, honest, state) =
        conformance::undone_target_rolled_back_under_a_lengthened_window(store.clone(), T0, &sql).await;
    assert!(matches!(&attack, Err(StoreError::InvalidState(_))), "the second undo: {attack:?}");
    assert!(matches!(&honest, Err(StoreError::InvalidState(m)) if m.contains("restart")), "{honest:?}");
    drop(store);
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let restarted = PgStore::connect(&url, PgOptions::default()).await.unwrap().with_seal_key(Some(key));
    conformance::lengthened_window_after_a_restart(Arc::new(restarted), &state).await;
}

/// F925 (attack 26, S1): two keyed replicas on one database decide concurrently, and no honest decide is refused
/// with "the journal's newest event … carries no seal". The head lock's statement read the head event's seal in a
/// subquery: a replica that waited on the lock got the other's new head row (PostgreSQL re-reads a locked row that
/// changed) but ran the subquery under the snapshot its statement started with, which did not hold the other's new
/// journal row — so the seal read NULL. The seal is now read by a later statement, after the lock (ADR-925).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_keyed_replicas_deciding_at_once_refuse_no_honest_decide() {
    let dbs = Databases::new();
    let (url, a) = sealed_store(&dbs).await;
    let key = foureyes_core::seal::SealKey::from_bytes(&[0x5e; 32]);
    let b = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap().with_seal_key(Some(key)));
    let replicas = [a.clone(), b.clone()];
    let tasks: Vec<_> = (0..1000)
        .map(|i| {
            let s = replicas[i % 2].clone();
            tokio::spawn(async move { s.decide(policy(), email(&format!("keyed-{i}")), T0).await })
        })
        .collect();
    let mut refused = Vec::new();
    for t in tasks {
        if let Err(e) = t.await.unwrap() {
            refused.push(e.to_string());
        }
    }
    assert!(refused.is_empty(), "{} of 1000 honest decides refused, e.g. {:?}", refused.len(), refused.first());
    let journal = a.journal(0, 10_000).await.unwrap();
    assert!(journal.len() >= 1000, "every decide journaled: {}", journal.len());
    assert_consistent(&*a, "keyed replica A after the race").await;
    assert_consistent(&*b, "keyed replica B after the race").await;
}

/// ADR-1008 (ADR-980 on PostgreSQL): a fresh decision's `decided` event is applied to the replica's authority state
/// with the fingerprint the deciding transaction wrote to the idempotency row, not hashed again; whatever travels,
/// the state the replica decides on is the one the journal replays, and a replica started afterwards (the journal
/// alone) answers every retry as a replay (`conformance::own_decided_events_apply_their_fingerprint`).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn own_decided_events_apply_the_fingerprint_they_were_decided_with() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let requests = conformance::own_decided_events_apply_their_fingerprint(store.clone(), T0).await;
    store.close();
    drop(store);
    let restarted = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    conformance::every_retry_after_a_restart_is_a_replay(restarted, requests, T0).await;
}

/// ADR-1160 against a database writer's hand on PostgreSQL (`conformance::totp_columns_edited_by_hand`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_up_approvers_totp_columns_edited_by_hand_are_named_and_grant_nothing() {
    let dbs = Databases::new();
    let (url, store) = dbs.store().await;
    let sql = move |statement: String| -> conformance::CheckFuture {
        let url = url.clone();
        Box::pin(async move { tokio::task::block_in_place(|| execute_blocking(&url, &statement)) })
    };
    conformance::totp_columns_edited_by_hand(store, T0, &sql).await;
}

/// Attack 35's B on PostgreSQL (`conformance::a_session_is_never_opened_for_a_revoked_name`, ADR-405).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_is_never_opened_for_a_revoked_name() {
    let dbs = Databases::new();
    let (_url, store) = dbs.store().await;
    conformance::a_session_is_never_opened_for_a_revoked_name(store, T0).await;
}

/// Attack 38's H1 on PostgreSQL: two replicas, a revocation or a sign-out racing sign-ins and session reads
/// (`conformance::a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm`, ADR-1220).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn attack38_h1_a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm() {
    let dbs = Databases::new();
    let (url, a) = dbs.store().await;
    let b = Arc::new(PgStore::connect(&url, PgOptions::default()).await.unwrap());
    conformance::a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm(a, b, T0, 24).await;
}
