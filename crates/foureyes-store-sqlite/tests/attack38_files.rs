//! Attack 38's holes in the files beside the database (ADR-1210 … ADR-1214, F1210 … F1213): a companion of zeros
//! then data (H3), another program's valid log at `DB-wal` (H4), another program's database with a table merely named
//! `journal` or with no table (H6), and the doors that only read creating the database they read (H7).

use foureyes_store::conformance::{self, policy, request};
use foureyes_store::{Store, StoreError};
use foureyes_store_sqlite::{APPLICATION_ID, SqliteOptions, SqliteStore};
use serde_json::json;
use std::path::{Path, PathBuf};

fn companion(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A FourEyes database with one decision, closed (its log checkpointed and removed): attack 38's `mkbase.sh`.
async fn base(dir: &Path) -> PathBuf {
    let db = dir.join("fe.db");
    {
        let store = SqliteStore::open(&db, SqliteOptions::default()).unwrap();
        let p = policy();
        store.record_policy(&p, conformance::T0).await.unwrap();
        store.decide(p, request("b0", "email.send", json!({"to": "ops@example.com"})), conformance::T0).await.unwrap();
        store.close();
    }
    for suffix in ["-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(companion(&db, suffix));
    }
    db
}

/// Opens the store and reads its journal, as `journal verify` does; the error, if any, as text.
async fn open_and_verify(db: &Path) -> Result<u64, String> {
    let store = SqliteStore::open(db, SqliteOptions::default()).map_err(|e| e.to_string())?;
    let report = store.verify_journal().await.map_err(|e| e.to_string())?;
    store.close();
    match report {
        foureyes_core::journal::VerifyReport::Ok { events, .. } => Ok(events),
        other => Err(format!("{other:?}")),
    }
}

/// H3 (ADR-1213): F417 read a companion's first 8 bytes; zeros there made any file SQLite's, and it was taken as the
/// log, index or journal and deleted at close. Red before: every "zeros then data" case opened (verify green) and the
/// planted file was gone. Zeros must be the whole file now (a sparse file checked by its data only); all-zero files,
/// SQLite's own, still pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_companion_of_zeros_then_data_is_refused_named_and_kept() {
    type Plant = fn(&Path);
    let cases: &[(&str, &str, Plant, bool)] = &[
        (
            "wal zeros then data",
            "-wal",
            |f| std::fs::write(f, [vec![0u8; 4096], b"PRECIOUS foreign data ".repeat(100)].concat()).unwrap(),
            false,
        ),
        (
            "wal iso-like",
            "-wal",
            |f| std::fs::write(f, [vec![0u8; 32768], b"ISO-LIKE PRECIOUS DATA".repeat(100)].concat()).unwrap(),
            false,
        ),
        (
            "wal sparse 1 GiB, data at 900 MB",
            "-wal",
            |f| {
                let file = std::fs::File::create(f).unwrap();
                file.set_len(1 << 30).unwrap();
                std::os::unix::fs::FileExt::write_at(&file, b"PRECIOUS", 900_000_000).unwrap();
            },
            false,
        ),
        (
            "wal data in its last byte",
            "-wal",
            |f| std::fs::write(f, [vec![0u8; 200_000], vec![1u8]].concat()).unwrap(),
            false,
        ),
        (
            "shm zeros then data",
            "-shm",
            |f| std::fs::write(f, [vec![0u8; 136], b"PRECIOUS".repeat(4000)].concat()).unwrap(),
            false,
        ),
        (
            "journal zeros then data",
            "-journal",
            |f| std::fs::write(f, [vec![0u8; 512], b"PRECIOUS".repeat(100)].concat()).unwrap(),
            false,
        ),
        ("wal zeros more than the bound", "-wal", |f| std::fs::write(f, vec![0u8; (64 << 20) + 4096]).unwrap(), false),
        // SQLite's own: zeros to the end, a sparse file of zeros.
        ("wal all zeros", "-wal", |f| std::fs::write(f, vec![0u8; 8192]).unwrap(), true),
        ("shm all zeros", "-shm", |f| std::fs::write(f, vec![0u8; 32768]).unwrap(), true),
        ("wal sparse, no data", "-wal", |f| std::fs::File::create(f).unwrap().set_len(1 << 30).unwrap(), true),
    ];
    let mut failures = Vec::new();
    for (case, suffix, plant, passes) in cases {
        let dir = tempfile::tempdir().unwrap();
        let db = base(dir.path()).await;
        let planted = companion(&db, suffix);
        plant(&planted);
        let before = std::fs::read(&planted).unwrap();
        let opened = open_and_verify(&db).await;
        if *passes {
            if let Err(e) = opened {
                failures.push(format!("{case}: SQLite's own zeros refused: {e}"));
            }
            continue;
        }
        let kept = std::fs::read(&planted).ok();
        let named = planted.file_name().unwrap().to_string_lossy().into_owned();
        match opened {
            Ok(n) => failures.push(format!("{case}: opened and verified ({n} events), file kept: {}", kept.is_some())),
            Err(e) if !e.contains(&named) || !e.contains("F417") => failures.push(format!("{case}: not named: {e}")),
            Err(_) => {}
        }
        if kept.as_deref() != Some(&before[..]) {
            failures.push(format!("{case}: the planted `{named}` was deleted or changed"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Another program's database in WAL mode, with `rows` rows, and a copy of its log taken before it closes.
fn another_programs_log(dir: &Path) -> PathBuf {
    let other = dir.join("other.db");
    let c = rusqlite::Connection::open(&other).unwrap();
    c.execute_batch(
        "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; CREATE TABLE secrets (k, v);
         WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 199)
         INSERT INTO secrets SELECT i, 'precious ' || i FROM n;",
    )
    .unwrap();
    let copy = dir.join("other_wal_copy");
    std::fs::copy(companion(&other, "-wal"), &copy).unwrap();
    drop(c);
    copy
}

/// H4 (ADR-1211): another program's valid log at `DB-wal`. Red before: `journal verify` (here: open and verify)
/// applied its frames into the FourEyes file — the journal gone, `secrets` in its place — and the refusal said
/// "refused before anything was written". Now refused naming the log, and neither file changed; without the log the
/// database opens with its journal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_programs_log_at_the_wal_name_is_refused_and_not_applied() {
    let dir = tempfile::tempdir().unwrap();
    let db = base(dir.path()).await;
    let copy = another_programs_log(dir.path());
    let wal = companion(&db, "-wal");
    std::fs::copy(&copy, &wal).unwrap();
    let (db_before, wal_before) = (std::fs::read(&db).unwrap(), std::fs::read(&wal).unwrap());
    let opened = open_and_verify(&db).await;
    let db_after = std::fs::read(&db).unwrap();
    let wal_after = std::fs::read(&wal).ok();
    let tables: Vec<String> = {
        let c = rusqlite::Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let _ = std::fs::rename(&wal, dir.path().join("set-aside"));
        c.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert!(
        db_after == db_before,
        "the FourEyes file was written ({} B -> {} B), tables {tables:?}, {opened:?}",
        db_before.len(),
        db_after.len()
    );
    assert!(wal_after.as_deref() == Some(&wal_before[..]), "the log was changed or deleted: {opened:?}");
    let e = opened.expect_err("another program's log was taken as this database's");
    assert!(e.contains("fe.db-wal") && e.contains("ADR-1211"), "{e}");
    // The log set aside: the database is its own again.
    assert_eq!(open_and_verify(&db).await, Ok(2));
}

/// H6 (ADR-1212): the database path another program's SQLite file that has a table named `journal`, or no table but
/// `user_version` / `application_id` set, or no SQLite file at all. Red before: the first two were switched to WAL
/// mode (header bytes 18–19, 96–100 written) and refused as "storage error: …" without the file's name. Now refused
/// untouched, naming the file; FourEyes' own databases — new, or made before `application_id` was set — still open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_programs_database_is_told_by_its_schema_and_left_untouched() {
    type Make = fn(&Path);
    let cases: &[(&str, Make)] = &[
        ("a table named journal", |f| {
            rusqlite::Connection::open(f)
                .unwrap()
                .execute_batch(
                    "CREATE TABLE journal (entry TEXT, day TEXT); INSERT INTO journal VALUES ('dear diary', 'mon');",
                )
                .unwrap()
        }),
        ("no table, user_version and application_id", |f| {
            rusqlite::Connection::open(f)
                .unwrap()
                .execute_batch("PRAGMA user_version = 1; PRAGMA application_id = 1234;")
                .unwrap()
        }),
        ("no table, user_version only", |f| {
            rusqlite::Connection::open(f).unwrap().execute_batch("PRAGMA user_version = 7;").unwrap()
        }),
        ("no table, application_id only", |f| {
            rusqlite::Connection::open(f).unwrap().execute_batch("PRAGMA application_id = 99;").unwrap()
        }),
        ("FourEyes-like tables under another application_id", |f| {
            rusqlite::Connection::open(f)
                .unwrap()
                .execute_batch(
                    "PRAGMA application_id = 5; CREATE TABLE journal (seq, ts_ms, kind, data, prev_hash, hash);",
                )
                .unwrap()
        }),
        ("zeros then data", |f| {
            std::fs::write(f, [vec![0u8; 32768], b"ISO-LIKE PRECIOUS DATA".repeat(100)].concat()).unwrap()
        }),
        ("a forged SQLite header", |f| {
            std::fs::write(f, [b"SQLite format 3\0".to_vec(), b"FOREIGN CONTENT ".repeat(300)].concat()).unwrap()
        }),
    ];
    let mut failures = Vec::new();
    for (case, make) in cases {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("theirs.db");
        make(&db);
        let before = std::fs::read(&db).unwrap();
        let opened = SqliteStore::open(&db, SqliteOptions::default()).map(|s| s.close()).map_err(|e| e.to_string());
        if std::fs::read(&db).unwrap() != before {
            failures.push(format!("{case}: the file was written ({opened:?})"));
        }
        match opened {
            Ok(()) => failures.push(format!("{case}: opened")),
            Err(e) if !e.contains("theirs.db") || !e.contains("ADR-1212") => failures.push(format!("{case}: {e}")),
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");

    // FourEyes' own: a new database says whose it is; one made before (application_id 0) still opens.
    let dir = tempfile::tempdir().unwrap();
    let db = base(dir.path()).await;
    let app: i32 =
        rusqlite::Connection::open(&db).unwrap().pragma_query_value(None, "application_id", |r| r.get(0)).unwrap();
    assert_eq!(app, APPLICATION_ID);
    rusqlite::Connection::open(&db).unwrap().execute_batch("PRAGMA application_id = 0;").unwrap();
    assert_eq!(open_and_verify(&db).await, Ok(2));
}

/// H7 (ADR-1210): the doors that only read open with `open_existing`, which creates nothing: a missing path, an
/// empty file and a database with no FourEyes journal are `NotFound`, naming the path, and left as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_door_that_only_reads_creates_no_database() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nothere.db");
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    let bare = dir.path().join("bare.db");
    rusqlite::Connection::open(&bare).unwrap().execute_batch("VACUUM").unwrap();
    let bare_before = std::fs::read(&bare).unwrap();
    for (path, what) in [(&missing, "no such file"), (&empty, "an empty file"), (&bare, "no ")] {
        match SqliteStore::open_existing(path, SqliteOptions::default()) {
            Ok(_) => panic!("{} opened", path.display()),
            Err(StoreError::NotFound(e)) => {
                assert!(e.contains(&path.display().to_string()) && e.contains(what) && e.contains("ADR-1210"), "{e}")
            }
            Err(e) => panic!("{}: not NotFound: {e}", path.display()),
        }
    }
    assert!(!missing.exists(), "the missing database was created");
    assert_eq!(std::fs::read(&empty).unwrap().len(), 0, "the empty file became a database");
    assert_eq!(std::fs::read(&bare).unwrap(), bare_before);
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "files made beside them: {names:?}");
    let db = base(dir.path()).await;
    let store = SqliteStore::open_existing(&db, SqliteOptions::default()).unwrap();
    assert!(store.verify_journal().await.unwrap().is_ok());
}
