//! A file the store has SQLite write has one name, checked on the descriptor SQLite holds (F942, F943, ADR-942):
//! the database itself and its `-wal`, `-shm` and `-journal`. Attack 27's H4 (the database file a hard link to another
//! file: the first door wrote 131,072 B of SQLite into it) and H3 (a link at `-wal`/`-shm` made and removed every
//! ~0.3 ms won the race between F926's check by name and SQLite's own `open()` within 1–8 keyed decides).

#![allow(clippy::unwrap_used, clippy::panic)]

use foureyes_store::Store;
use foureyes_store::conformance::{self, policy, request};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn companion(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The agent's text a decide writes into the WAL: found in the victim, it says SQLite wrote the log into it.
const AGENT_TEXT: &str = "agent-text-that-must-stay-in-the-database";

async fn one_decide(store: &SqliteStore, n: u64) -> Result<(), String> {
    let p = policy();
    store.record_policy(&p, conformance::T0).await.map_err(|e| e.to_string())?;
    let r = request(&format!("r-{n}"), "email.send", json!({"to": "ops@example.com", "note": AGENT_TEXT}));
    store.decide(p, r, conformance::T0).await.map(|_| ()).map_err(|e| e.to_string())
}

/// H4 (F942): the database file itself a hard link to another file of the door's user (an empty one: SQLite makes a
/// fresh database in it). Red before the fix: the store opened and wrote 131,072 B into the other file (then the
/// clock's "two names" rule, ADR-882, refused the decide — after the write). Now refused before SQLite writes a
/// byte, naming the file and its links, and the other file is untouched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_file_with_another_name_is_not_opened() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, b"").unwrap();
    let db = dir.path().join("f.db");
    std::fs::hard_link(&victim, &db).unwrap();
    match SqliteStore::open(&db, SqliteOptions::default()) {
        Ok(store) => {
            let decided = one_decide(&store, 0).await;
            drop(store);
            panic!(
                "a store opened a database file with two names (decide: {decided:?}); the other file now has {} B",
                std::fs::metadata(&victim).unwrap().len()
            );
        }
        Err(e) => {
            let said = e.to_string();
            assert!(said.contains("hard links") && said.contains("f.db") && said.contains("F942"), "{said}");
        }
    }
    assert_eq!(std::fs::metadata(&victim).unwrap().len(), 0, "SQLite wrote into the other file");
    for suffix in ["-wal", "-shm", "-journal"] {
        assert!(!companion(&db, suffix).exists(), "{suffix} was created for a refused database");
    }
    // The other name gone, the database opens (an honest store never meets the refusal).
    std::fs::remove_file(&victim).unwrap();
    let store = SqliteStore::open(&db, SqliteOptions::default()).unwrap();
    one_decide(&store, 1).await.unwrap();
}

/// H3 (F943): a thread makes and removes a hard link to a victim file at the database's `-wal` and `-shm` as fast
/// as it can while stores open, decide and close (each close removes `-wal` and `-shm`, so each open creates them
/// again, as each CLI door does). Red before the fix (F926 checked the names by `lstat` before SQLite opened them):
/// the victim received SQLite's log or index within the bounded run. Now SQLite's own `open()` is checked on the
/// descriptor it returns, before SQLite uses it: nothing reaches the victim, whatever the timing.
#[test]
fn a_link_raced_in_at_wal_or_shm_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.key");
    let key = b"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n";
    std::fs::write(&victim, key).unwrap();
    let db = dir.path().join("race.db");
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    {
        let store = SqliteStore::open(&db, SqliteOptions { readers: 1, ..SqliteOptions::default() }).unwrap();
        runtime.block_on(one_decide(&store, 0)).unwrap();
    }
    let stop = Arc::new(AtomicBool::new(false));
    let linked = Arc::new(AtomicU64::new(0));
    let toggler = {
        let (stop, linked, victim) = (Arc::clone(&stop), Arc::clone(&linked), victim.clone());
        let names = [companion(&db, "-wal"), companion(&db, "-shm")];
        std::thread::spawn(move || {
            let mut i = 0usize;
            while !stop.load(Ordering::Relaxed) {
                let name = &names[i % 2];
                i += 1;
                if std::fs::hard_link(&victim, name).is_ok() {
                    linked.fetch_add(1, Ordering::Relaxed);
                    std::thread::yield_now();
                    // Only the link this thread made: an honest companion SQLite made stays.
                    let ours = std::fs::symlink_metadata(name)
                        .is_ok_and(|m| std::os::unix::fs::MetadataExt::ino(&m) == inode(&victim));
                    if ours {
                        let _ = std::fs::remove_file(name);
                    }
                }
            }
        })
    };
    // Four seconds of racing, longer (up to 30 s) until one decide has gone through: on loaded cores the toggler can
    // win every open for four seconds (1 run in 26 beside busy loops once ADR-942's check read the directory, F415).
    let started = Instant::now();
    let (deadline, last_chance) = (started + Duration::from_secs(4), started + Duration::from_secs(30));
    let (mut opened, mut refused, mut decided) = (0u64, 0u64, 0u64);
    let mut written = None;
    let mut other: Option<String> = None;
    let mut n = 1;
    while Instant::now() < deadline || (decided == 0 && Instant::now() < last_chance) {
        n += 1;
        match SqliteStore::open(&db, SqliteOptions { readers: 1, ..SqliteOptions::default() }) {
            Ok(store) => {
                opened += 1;
                match runtime.block_on(one_decide(&store, n)) {
                    Ok(()) => decided += 1,
                    Err(e) => {
                        refused += 1;
                        if !(e.contains("F943") || e.contains("F942")) {
                            other.get_or_insert(e);
                        }
                    }
                }
            }
            Err(e) => {
                refused += 1;
                let said = e.to_string();
                if !(said.contains("F943") || said.contains("F942")) {
                    other.get_or_insert(said);
                }
            }
        }
        if std::fs::read(&victim).unwrap() != key {
            written = Some(std::fs::metadata(&victim).unwrap().len());
            break;
        }
    }
    stop.store(true, Ordering::Relaxed);
    toggler.join().unwrap();
    let links = linked.load(Ordering::Relaxed);
    eprintln!("{opened} opens, {decided} decided, {refused} refused, {links} links made");
    assert_eq!(written, None, "the victim was written through a raced link ({opened} opens, {links} links)");
    assert_eq!(other, None, "a door failed for another reason than the link");
    assert!(links > 100, "the race was not run: {links} links made");
    assert!(decided > 0, "no decide went through: {opened} opens, {refused} refused");
}

fn inode(path: &Path) -> u64 {
    std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(path).unwrap())
}

/// Attack 37's 1.1 and 1.2 (F417): the database path a symbolic link (ADR-375 supports one, a `current` link) into
/// another directory. (1.2) Keys there named like the target's companions (`x-wal`, `x-shm`) were taken as its log
/// and index, then deleted at close: now refused, the keys untouched. (1.1) The target another program's SQLite
/// database: FourEyes wrote its tables into it; now refused before anything is written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_path_linked_into_another_directory_takes_no_file_that_is_not_its_own() {
    let keys = tempfile::tempdir().unwrap();
    let doors = tempfile::tempdir().unwrap();
    let (wal_key, shm_key) = (b"wal-key-0123456789abcdef".to_vec(), b"shm-key-0123456789abcdef".to_vec());
    std::fs::write(keys.path().join("x-wal"), &wal_key).unwrap();
    std::fs::write(keys.path().join("x-shm"), &shm_key).unwrap();
    let db = doors.path().join("f.db");
    std::os::unix::fs::symlink(keys.path().join("x"), &db).unwrap();
    let opened = SqliteStore::open(&db, SqliteOptions::default());
    let decided = match &opened {
        Ok(store) => Some(one_decide(store, 0).await),
        Err(_) => None,
    };
    drop(opened);
    let left = |name: &str| std::fs::read(keys.path().join(name)).ok().map(|b| b.len());
    assert!(
        std::fs::read(keys.path().join("x-wal")).ok() == Some(wal_key),
        "-wal key: {:?} B ({decided:?})",
        left("x-wal")
    );
    assert!(
        std::fs::read(keys.path().join("x-shm")).ok() == Some(shm_key),
        "-shm key: {:?} B ({decided:?})",
        left("x-shm")
    );

    let app = keys.path().join("app.db");
    {
        let c = rusqlite::Connection::open(&app).unwrap();
        c.execute_batch("CREATE TABLE secrets (k TEXT, v TEXT); INSERT INTO secrets VALUES ('api', 'hunter2');")
            .unwrap();
    }
    let before = std::fs::read(&app).unwrap();
    let linked = doors.path().join("g.db");
    std::os::unix::fs::symlink(&app, &linked).unwrap();
    match SqliteStore::open(&linked, SqliteOptions::default()) {
        Ok(_) => panic!("a store opened another program's database"),
        Err(e) => assert!(e.to_string().contains("another program") && e.to_string().contains("F417"), "{e}"),
    }
    assert!(std::fs::read(&app).unwrap() == before, "another program's database was written");
}
