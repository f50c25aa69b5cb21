//! Schema version 11 (ADR-920): `decisions_status` and `reservations_window` dropped, two indexes no read uses that
//! every decision wrote. A version-10 file migrates keeping every row; usage, releases and `decisions list` by status
//! are what they were.

use foureyes_core::{DecisionStatus, Outcome, Verdict};
use foureyes_store::conformance::{self, assert_consistent, policy, request};
use foureyes_store::{DecisionFilter, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use rusqlite::Connection;
use serde_json::json;

const T0: i64 = conformance::T0;

/// The indexes version 11 drops, as a version-10 build created them.
pub const DROPPED_IN_11: [&str; 2] = ["decisions_status", "reservations_window"];
const VERSION_10_INDEXES: &str = "CREATE INDEX decisions_status ON decisions(status);
     CREATE INDEX reservations_window ON reservations(action, key, scope, ts_ms) WHERE released = 0;";

fn indexes(c: &Connection) -> Vec<String> {
    let mut stmt = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().collect::<rusqlite::Result<_>>().unwrap()
}

fn released(c: &Connection, decision_id: i64) -> Vec<i64> {
    let mut stmt = c.prepare("SELECT released FROM reservations WHERE decision_id = ?1 ORDER BY id").unwrap();
    stmt.query_map([decision_id], |r| r.get(0)).unwrap().collect::<rusqlite::Result<_>>().unwrap()
}

fn refund(id: &str, amount: u32) -> foureyes_core::ActionRequest {
    request(id, "payments.refund", json!({ "amount_eur": amount }))
}

/// ADR-920: a version-10 database (the two indexes in it) opened by this build is version 11 without them, every row
/// kept and the tables still the journal's; its held reservations still count, a failed report still gives its
/// amount back, and `decisions list` by status still finds each decision.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_10_database_migrates_to_version_11_keeping_usage_and_releases() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v10.db");
    let p = policy();
    let (a, b) = {
        let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
        let a = store.decide(p.clone(), refund("r-a", 600), T0).await.unwrap();
        let b = store.decide(p.clone(), refund("r-b", 300), T0 + 1).await.unwrap();
        store.close();
        (a, b)
    };
    {
        let c = Connection::open(&path).unwrap();
        c.execute_batch(&format!("BEGIN; {VERSION_10_INDEXES} PRAGMA user_version = 10; COMMIT;")).unwrap();
        for name in DROPPED_IN_11 {
            assert!(indexes(&c).iter().any(|i| i == name), "the version-10 file has `{name}`");
        }
    }

    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
    let c = Connection::open(&path).unwrap();
    let version: i64 = c.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, foureyes_store_sqlite::SCHEMA_VERSION);
    for name in DROPPED_IN_11 {
        assert!(!indexes(&c).iter().any(|i| i == name), "`{name}` is dropped: {:?}", indexes(&c));
    }
    assert_consistent(&store, "after the upgrade to version 11").await;

    // 900 of the day's 1000 EUR are held: the migrated reservations still count.
    let over = store.decide(p.clone(), refund("r-over", 200), T0 + 2).await.unwrap();
    assert_ne!(over.verdict, Verdict::Permit, "the migrated reservations still count: {over:?}");
    // a fails: its 600 are given back, in the state and in its row; b still holds its 300.
    store.report(a.decision_id, Outcome::Failed, json!({}), T0 + 3).await.unwrap();
    assert_eq!(released(&c, a.decision_id), vec![1], "a's reservation row is released");
    assert_eq!(released(&c, b.decision_id), vec![0], "b's reservation row still holds");
    let after = store.decide(p.clone(), refund("r-after", 600), T0 + 4).await.unwrap();
    assert_eq!(after.verdict, Verdict::Permit, "a's 600 were given back: {after:?}");

    let failed = DecisionFilter { status: Some(DecisionStatus::Failed), ..DecisionFilter::default() };
    let listed: Vec<i64> = store.decisions(failed).await.unwrap().iter().map(|d| d.decision_id).collect();
    assert_eq!(listed, vec![a.decision_id], "decisions list by status, without the index");
    let intended = DecisionFilter { status: Some(DecisionStatus::Intended), ..DecisionFilter::default() };
    let listed: Vec<i64> = store.decisions(intended).await.unwrap().iter().map(|d| d.decision_id).collect();
    assert_eq!(listed, vec![after.decision_id, b.decision_id], "newest first");
    assert_consistent(&store, "after deciding and reporting on version 11").await;
}

/// ADR-920: a release finds its rows by the journal's ids (no index on the decision any more): a failed report
/// releases its decision's row and no other decision's, and the amount is given back exactly once.
/// RED with the release's statement changing no row (teeth entry "a failed report releases its reservation rows",
/// applied by hand): the failed decision's row stayed `released = 0`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_report_releases_its_reservation_rows_by_the_journals_ids() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("release.db");
    let p = policy();
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
    let mut permits = Vec::new();
    for i in 0..4 {
        permits.push(store.decide(p.clone(), refund(&format!("r-{i}"), 250), T0 + i).await.unwrap());
    }
    let c = Connection::open(&path).unwrap();
    for (i, d) in permits.iter().enumerate() {
        assert_eq!(d.verdict, Verdict::Permit, "{i}");
        assert_eq!(released(&c, d.decision_id), vec![0], "{i} holds one reservation");
    }
    store.report(permits[1].decision_id, Outcome::Failed, json!({}), T0 + 10).await.unwrap();
    assert_eq!(released(&c, permits[1].decision_id), vec![1]);
    for i in [0, 2, 3] {
        assert_eq!(released(&c, permits[i].decision_id), vec![0], "{i} is not another decision's release");
    }
    assert_consistent(&store, "after one failed report").await;
    // Given back exactly once: 750 held again with a new 250, and nothing more.
    let again = store.decide(p.clone(), refund("r-again", 250), T0 + 11).await.unwrap();
    assert_eq!(again.verdict, Verdict::Permit, "{again:?}");
    let over = store.decide(p.clone(), refund("r-over", 1), T0 + 12).await.unwrap();
    assert_ne!(over.verdict, Verdict::Permit, "{over:?}");
    assert_consistent(&store, "after the budget was used again").await;
}
