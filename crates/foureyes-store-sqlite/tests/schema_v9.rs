//! Schema version 9 (ADR-791): `decisions` and `reservations` without `AUTOINCREMENT`, `idempotency` `WITHOUT
//! ROWID`. A version-8 file migrates keeping every row, index and guarantee; an id is still never issued twice.

use foureyes_core::Verdict;
use foureyes_store::Store;
use foureyes_store::conformance::{self, assert_consistent, policy, request};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use rusqlite::Connection;
use serde_json::json;
use std::path::Path;

const T0: i64 = conformance::T0;

fn table_sql(c: &Connection, table: &str) -> String {
    c.query_row("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1", [table], |r| r.get(0)).unwrap()
}

fn names(c: &Connection, kind: &str) -> Vec<String> {
    let mut stmt =
        c.prepare("SELECT name FROM sqlite_master WHERE type = ?1 AND name NOT LIKE 'sqlite_%' ORDER BY name").unwrap();
    stmt.query_map([kind], |r| r.get(0)).unwrap().collect::<rusqlite::Result<_>>().unwrap()
}

fn count(c: &Connection, table: &str) -> i64 {
    c.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0)).unwrap()
}

/// Rebuilds `table` as `change` makes its `CREATE TABLE` text, rows and indexes kept: the test's way back to what a
/// version-8 build wrote.
fn rebuild_by_hand(c: &Connection, table: &str, change: impl Fn(&str) -> String) {
    let sql = change(&table_sql(c, table));
    let mut stmt = c.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1").unwrap();
    let indexes: Vec<Option<String>> =
        stmt.query_map([table], |r| r.get(0)).unwrap().collect::<rusqlite::Result<_>>().unwrap();
    let old = format!("{table}_old");
    c.execute_batch(&format!(
        "ALTER TABLE {table} RENAME TO {old}; {sql}; INSERT INTO {table} SELECT * FROM {old}; DROP TABLE {old};"
    ))
    .unwrap();
    for index in indexes.into_iter().flatten() {
        c.execute_batch(&index).unwrap();
    }
}

/// Turns a current database into what a version-8 build left: `AUTOINCREMENT` ids (with their `sqlite_sequence`
/// rows) and a rowid `idempotency` table with its primary key's second b-tree.
fn back_to_version_8(path: &Path) {
    let c = Connection::open(path).unwrap();
    c.execute_batch("BEGIN").unwrap();
    for table in ["decisions", "reservations"] {
        rebuild_by_hand(&c, table, |sql| sql.replacen("INTEGER PRIMARY KEY", "INTEGER PRIMARY KEY AUTOINCREMENT", 1));
    }
    rebuild_by_hand(&c, "idempotency", |sql| sql.trim_end().trim_end_matches("WITHOUT ROWID").trim_end().to_string());
    c.execute_batch("PRAGMA user_version = 8; COMMIT;").unwrap();
    assert!(table_sql(&c, "decisions").contains("AUTOINCREMENT"));
    assert!(!table_sql(&c, "idempotency").contains("WITHOUT ROWID"));
    let sequence: i64 =
        c.query_row("SELECT seq FROM sqlite_sequence WHERE name = 'decisions'", [], |r| r.get(0)).unwrap();
    assert!(sequence > 0, "the version-8 file has its decisions' sequence");
}

/// ADR-791: a version-8 database opened by this build becomes version 9 — no `AUTOINCREMENT` on `decisions` and
/// `reservations`, `idempotency` `WITHOUT ROWID` — with every row, column and index kept; its requests still replay
/// their decisions (the idempotency rows), its usage still counts (the reservations), the tables still match the
/// journal, and the next decision takes the next id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_8_database_migrates_to_version_9_keeping_rows_and_requests() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v8.db");
    let p = policy();
    let mut first = Vec::new();
    {
        let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
        for i in 0..3 {
            first.push(
                store
                    .decide(
                        p.clone(),
                        request(&format!("refund-{i}"), "payments.refund", json!({"amount_eur": 300})),
                        T0 + i,
                    )
                    .await
                    .unwrap(),
            );
        }
        first.push(
            store
                .decide(p.clone(), request("mail-0", "email.send", json!({"to": "ops@example.com"})), T0 + 5)
                .await
                .unwrap(),
        );
        store.close();
    }
    back_to_version_8(&path);
    let (indexes, triggers, rows) = {
        let c = Connection::open(&path).unwrap();
        let rows: Vec<i64> =
            ["decisions", "reservations", "idempotency", "journal"].iter().map(|t| count(&c, t)).collect();
        (names(&c, "index"), names(&c, "trigger"), rows)
    };

    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
    {
        let c = Connection::open(&path).unwrap();
        let version: i64 = c.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(version, foureyes_store_sqlite::SCHEMA_VERSION, "version 9 and the steps after it");
        assert!(!table_sql(&c, "decisions").contains("AUTOINCREMENT"), "{}", table_sql(&c, "decisions"));
        assert!(!table_sql(&c, "reservations").contains("AUTOINCREMENT"), "{}", table_sql(&c, "reservations"));
        assert!(table_sql(&c, "idempotency").ends_with("WITHOUT ROWID"), "{}", table_sql(&c, "idempotency"));
        let after: Vec<i64> =
            ["decisions", "reservations", "idempotency", "journal"].iter().map(|t| count(&c, t)).collect();
        assert_eq!(after, rows, "every row is kept");
        // Every index but the two version 11 drops (ADR-920), which a version-8 file still had.
        let kept: Vec<String> =
            indexes.into_iter().filter(|i| !crate::schema_v11::DROPPED_IN_11.contains(&i.as_str())).collect();
        assert_eq!(names(&c, "index"), kept, "every index is kept");
        assert_eq!(names(&c, "trigger"), triggers, "every trigger is kept");
    }
    assert_consistent(&store, "after the upgrade to version 9").await;
    for (i, before) in first.iter().enumerate().take(3) {
        let again = store
            .decide(p.clone(), request(&format!("refund-{i}"), "payments.refund", json!({"amount_eur": 300})), T0 + 10)
            .await
            .unwrap();
        assert_eq!(again.decision_id, before.decision_id, "the request replays its decision");
    }
    // 900 of the day's 1000 EUR are held: the reservations still count.
    let over = store
        .decide(p.clone(), request("refund-over", "payments.refund", json!({"amount_eur": 200})), T0 + 11)
        .await
        .unwrap();
    assert_ne!(over.verdict, Verdict::Permit, "the migrated reservations still count: {over:?}");
    let highest = first.iter().map(|d| d.decision_id).max().unwrap();
    assert_eq!(over.decision_id, highest + 1);
    assert_consistent(&store, "after deciding on version 9").await;
}

/// ADR-791, ADR-640 (checked for dropping `AUTOINCREMENT`): the newest decision row and its reservations deleted
/// by hand do not make the door issue their ids again — the table's `MAX(id) + 1` would, and without
/// `AUTOINCREMENT` no sequence remembers them; the journal's floor does. RED with the floor removed from the
/// decision insert (`ops.rs`, teeth entry): the table gave the deleted row's id 3 again (and `ops` refused it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_newest_rows_deleted_by_hand_do_not_make_their_ids_issued_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ids.db");
    let p = policy();
    let store = SqliteStore::open(&path, SqliteOptions::default()).unwrap();
    let mut last = None;
    for i in 0..3 {
        last = Some(
            store
                .decide(p.clone(), request(&format!("r-{i}"), "payments.refund", json!({"amount_eur": 10})), T0 + i)
                .await
                .unwrap(),
        );
    }
    let newest = last.unwrap();
    let c = Connection::open(&path).unwrap();
    let newest_reservation: i64 = c.query_row("SELECT MAX(id) FROM reservations", [], |r| r.get(0)).unwrap();
    c.execute_batch(&format!(
        "DELETE FROM reservations WHERE decision_id = {id}; DELETE FROM decisions WHERE id = {id};",
        id = newest.decision_id
    ))
    .unwrap();
    let next = store
        .decide(p.clone(), request("r-next", "payments.refund", json!({"amount_eur": 10})), T0 + 10)
        .await
        .unwrap();
    assert_eq!(next.decision_id, newest.decision_id + 1, "the deleted decision's id was issued again");
    let reservation: i64 = c
        .query_row("SELECT MAX(id) FROM reservations WHERE decision_id = ?1", [next.decision_id], |r| r.get(0))
        .unwrap();
    assert!(reservation > newest_reservation, "the deleted reservation's id {newest_reservation} was issued again");
}
