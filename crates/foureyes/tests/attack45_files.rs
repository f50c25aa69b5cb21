//! Attack 45's file holes (`scripts/attack45/REPORT.md` H1, H2): the companions of a database (`DB.head`, the `-wal`
//! the look reads) were looked for beside the name as given, while SQLite opens the file the name resolves to (H1,
//! F1449); and a request to `serve` after a truncation rewrote the record to the truncated journal, so the clean stop
//! laundered it (H2, F1450).

use crate::attack39_files::{base, companion};
use crate::attack41_files::{hold, release};
use crate::support::{BIN, Env};
use std::process::Command;

const POLICY: &str = "version: 1\nactions: {}\n";

/// H1: attack 41's H1 layout (A's newest event only in A's log; a fork's log put in its place). `--db fe.db` refuses
/// the fork's log; `--db L.db` (a symbolic link to `fe.db`) and `--db nox/../fe.db` (through a folder that does not
/// exist) are the same file to SQLite, which resolves both, but the look asked `L.db-wal` and `nox/../fe.db-wal`,
/// found no log and no record, and SQLite applied `fe.db-wal`. Red before: `token create` exit 0 through both
/// spellings, and `fe.db` then held the fork's admin. Now a name is resolved as SQLite resolves it: exit 8, nothing
/// applied.
#[test]
fn attack45_a_link_or_dotdot_spelling_of_the_database_is_the_file_it_names() {
    let a = base("alice");
    let reader_a = hold(&a.db);
    a.cli(&["token", "create", "--name", "pre-fork", "--role", "agent"]);
    let b = Env::new(POLICY);
    for suffix in ["", "-wal", ".clock"] {
        std::fs::copy(companion(&a.db, suffix), companion(&b.db, suffix)).unwrap();
    }
    a.cli(&["token", "create", "--name", "only-in-A", "--role", "agent"]);
    let reader_b = hold(&b.db);
    b.cli(&["token", "create", "--name", "only-in-B", "--role", "admin"]);
    let wal_b = std::fs::read(companion(&b.db, "-wal")).unwrap();
    release(reader_a);
    release(reader_b);
    std::fs::write(companion(&a.db, "-wal"), &wal_b).unwrap();
    let _ = std::fs::remove_file(companion(&a.db, "-shm"));
    let dir = a.db.parent().unwrap().to_path_buf();
    std::os::unix::fs::symlink(&a.db, dir.join("L.db")).unwrap();
    let before = (std::fs::read(&a.db).unwrap(), std::fs::read(companion(&a.db, "-wal")).unwrap());
    for spelling in ["L.db", "nox/../fe.db"] {
        let out = Command::new(BIN)
            .current_dir(&dir)
            .args(["--db", spelling, "token", "create", "--name", "z", "--role", "agent"])
            .env_remove("FOUREYES_DB")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(8), "--db {spelling} took the fork's log: {err}");
        assert!(err.contains("not this database's log"), "{err}");
        let after = (std::fs::read(&a.db).unwrap(), std::fs::read(companion(&a.db, "-wal")).unwrap());
        assert!(after == before, "--db {spelling} changed the files");
    }
    assert!(!dir.join("L.db.head").exists(), "the record is kept beside the file, not the link");
}
