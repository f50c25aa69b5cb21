//! Attack 38's H7 and H4 through the `foureyes` binary (ADR-1210, ADR-1211): `journal verify` created the database it
//! was asked to verify (a missing path or an empty file answered "ok: 0 events, chain intact", exit 0), and applied
//! another program's log at `DB-wal` into the FourEyes file while saying "refused before anything was written".

use crate::support::{BIN, Env};
use std::path::Path;

const POLICY: &str = "version: 1\nactions: {}\n";

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// Every door that only reads, as `--help` lists them
/// (`attack40_files::every_command_in_help_is_a_read_door_here_or_a_known_writer` checks that none is missing).
pub(crate) const EVERY_READ_DOOR: &[&[&str]] = &[
    &["journal", "verify"],
    &["journal", "verify", "--json"],
    &["journal", "audit"],
    &["journal", "export", "-"],
    &["journal", "tail"],
    &["journal", "prove", "1"],
    &["decisions", "list"],
    &["decisions", "show", "1"],
    // Listing approvals and demoted sessions only reads too (files38's note on ADR-1210; lead, ADR-407).
    &["approvals", "list"],
    &["approvals", "show", "1"],
    &["sessions", "list"],
    // And every other door that only lists (attack 39, ADR-1250): credentials, tool pins, the kill switch and the
    // unconfirmed connector runs a cron check reads, and `policy diff --replay`.
    &["token", "list"],
    &["mcp", "pins", "list"],
    &["kill-switch", "status"],
    &["unconfirmed"],
    &["policy", "diff", "POLICY", "POLICY", "--replay", "5"],
    // The two read doors attack 40 found opening read-write (H1, H2; ADR-1313, ADR-1311): the task as the journal
    // replays it, and the secrets' names. `attack40_files::every_command_in_help_is_a_read_door_here_or_a_known_writer`
    // keeps this table whole.
    &["task", "status", "--task", "1"],
    &["secret", "list"],
];

/// H7: every door that only reads, on each path with no FourEyes database, exits 17 naming the path and creates
/// nothing there. Red before: exit 0 ("ok: 0 events, chain intact" for verify) and a 131,072-byte FourEyes database
/// plus its `.clock` made at the path. A door that writes still creates one, and the read doors then read it.
#[test]
fn a_door_that_only_reads_refuses_a_path_with_no_foureyes_database_and_creates_nothing() {
    let doors = EVERY_READ_DOOR;
    type Make = fn(&Path);
    let paths: &[(&str, Make)] = &[
        ("missing", |_| {}),
        ("empty file", |p| std::fs::write(p, b"").unwrap()),
        ("database without a journal", |p| {
            rusqlite::Connection::open(p).unwrap().execute_batch("CREATE TABLE x (a); DROP TABLE x;").unwrap()
        }),
    ];
    let policy_dir = tempfile::tempdir().unwrap();
    let policy = policy_dir.path().join("policy.yaml");
    std::fs::write(&policy, POLICY).unwrap();
    let mut failures = Vec::new();
    for (what, make) in paths {
        for door in doors {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("nothere.db");
            make(&db);
            let before = (listing(dir.path()), std::fs::read(&db).ok());
            let out = std::process::Command::new(BIN)
                .arg("--db")
                .arg(&db)
                .args(door.iter().map(|a| if *a == "POLICY" { policy.as_os_str() } else { std::ffi::OsStr::new(a) }))
                .env_remove("FOUREYES_DB")
                .env("FOUREYES_POLICY", &policy)
                .env("FOUREYES_SECRETS_KEY", "ab".repeat(32))
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let after = (listing(dir.path()), std::fs::read(&db).ok());
            if out.status.code() != Some(17)
                || !stderr.contains("nothere.db")
                || !stderr.contains("no FourEyes database")
            {
                failures.push(format!(
                    "{what}, {door:?}: exit {:?}: {} {}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stdout).trim(),
                    stderr.trim()
                ));
            }
            if after != before {
                failures.push(format!("{what}, {door:?}: files changed: {:?} -> {:?}", before.0, after.0));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");

    // A door that writes creates the database (the README's first commands); the read doors then read it.
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    let out = env.cli(&["journal", "verify"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("chain intact"), "{out:?}");
}

/// H4 through `journal verify`: another program's valid log copied to `fe.db-wal`. Red before: exit 8 with "`fe.db`
/// is a SQLite database of another program …: refused before anything was written", and `fe.db` then held the
/// other program's table (8,192 B, was 131,072 B), the log deleted. Now the log is named, and neither file changes.
#[test]
fn journal_verify_applies_no_other_programs_log() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    let wal = env.dir.path().join("fe.db-wal");
    // The FourEyes database closed: its log checkpointed and removed.
    let _ = std::fs::remove_file(&wal);
    let _ = std::fs::remove_file(env.dir.path().join("fe.db-shm"));
    let other = env.dir.path().join("other.db");
    let c = rusqlite::Connection::open(&other).unwrap();
    c.execute_batch(
        "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; CREATE TABLE secrets (k, v);
         INSERT INTO secrets VALUES (1, 'precious');",
    )
    .unwrap();
    std::fs::copy(env.dir.path().join("other.db-wal"), &wal).unwrap();
    drop(c);
    let (db_before, wal_before) = (std::fs::read(&env.db).unwrap(), std::fs::read(&wal).unwrap());
    let out = env.command().args(["journal", "verify"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(std::fs::read(&env.db).unwrap() == db_before, "fe.db was written: {stderr}");
    assert!(std::fs::read(&wal).ok().as_deref() == Some(&wal_before[..]), "fe.db-wal changed or deleted: {stderr}");
    assert_eq!(out.status.code(), Some(8), "{stderr}");
    assert!(stderr.contains("fe.db-wal") && stderr.contains("ADR-1211"), "{stderr}");
}
