//! Attack 40's file holes (`scripts/attack40/REPORT.md`; ADR-1310 … ADR-1313, F1310 … F1313): `task status` opened
//! read-write (H1), the secret doors opened the SQLite file on their own before any door's look (H2: another
//! database's log and hot `-journal` applied, another program's database given a table, a FIFO hanging them), a
//! forked copy's log applied over this database's later events (H7), and the odd files at `--db` or beside it named
//! wrongly (a socket, a character device, a hot `-journal`).

use crate::attack38_files::EVERY_READ_DOOR;
use crate::attack39_files::{READ_DOORS, WRITE_DOORS, base, companion, every_door_refuses_the_log, run, snapshot};
use crate::support::{BIN, Env};
use std::path::Path;

const POLICY: &str = "version: 1\nactions: {}\n";

/// The two secret doors (`secret set` reads its value from stdin: none, `run` gives it no stdin).
const SECRET_DOORS: &[&[&str]] = &[&["secret", "list"], &["secret", "set", "pw"]];

/// The tables of the database at `db` read alone (`immutable=1`: no log, no lock, nothing written).
fn tables(db: &Path) -> Vec<String> {
    let uri = format!("file:{}?immutable=1", db.display());
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI;
    let c = rusqlite::Connection::open_with_flags(uri, flags).unwrap();
    let mut stmt = c.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

/// B's log with frames in it (a reader's snapshot keeps B's doors from checkpointing it away as they close).
fn log_with_frames(b: &Env, names: &[&str]) -> Vec<u8> {
    let reader = rusqlite::Connection::open(&b.db).unwrap();
    reader.execute_batch("BEGIN").unwrap();
    let _: i64 = reader.query_row("SELECT count(*) FROM journal", [], |r| r.get(0)).unwrap();
    for name in names {
        b.cli(&["token", "create", "--name", name, "--role", "admin"]);
    }
    let wal = std::fs::read(companion(&b.db, "-wal")).unwrap();
    reader.execute_batch("COMMIT").unwrap();
    reader.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).unwrap();
    drop(reader);
    assert!(wal.len() > 32, "the log holds frames");
    wal
}

/// The first column of every row `sql` selects, as text.
fn names(c: &rusqlite::Connection, sql: &str) -> Vec<String> {
    c.prepare(sql).unwrap().query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

/// A hot rollback journal of FourEyes database `b`, its pages B's (attack 40's `hotjournal.py`): B in rollback mode,
/// its triggers dropped, every table rewritten in a transaction whose pages spill (so the journal is synced and hot),
/// copied while the transaction is open.
fn hot_journal_of(b: &Path) -> Vec<u8> {
    let c = rusqlite::Connection::open(b).unwrap();
    c.execute_batch("PRAGMA journal_mode=DELETE;").unwrap();
    let triggers = names(&c, "SELECT name FROM sqlite_master WHERE type = 'trigger'");
    for t in triggers {
        c.execute_batch(&format!("DROP TRIGGER \"{t}\"")).unwrap();
    }
    c.execute_batch("PRAGMA cache_size=1; PRAGMA cache_spill=1; BEGIN;").unwrap();
    let tables = names(&c, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    for t in tables {
        let first: String =
            c.query_row(&format!("SELECT name FROM pragma_table_info('{t}')"), [], |r| r.get(0)).unwrap();
        let _ = c.execute_batch(&format!("UPDATE \"{t}\" SET \"{first}\" = \"{first}\""));
    }
    c.execute_batch("PRAGMA user_version = 77;").unwrap();
    let journal = std::fs::read(companion(b, "-journal")).unwrap();
    assert!(journal.len() > 512, "a hot journal with pages in it");
    journal
}

/// Attack 40's H2 a–f: the secret doors opened the database themselves, before (`secret set`) or without (`secret
/// list`) the look every door makes. Red before: B's log at `fe.db-wal` applied and deleted (`secret list` exit 0 "no
/// secrets"; `secret set` exit 8 saying "the log was not applied" after applying it); B's hot `-journal` played back;
/// `connector_secrets` added to another program's database (application_id 12345, user_version 0, user_version 12);
/// a FIFO at `-journal` hung both; a FIFO at `-wal` deleted with a bare "disk I/O error". Now both take their
/// connection from the store's one opener after the door's open (ADR-1311): each case refused by name, nothing
/// written, nothing deleted, no hang.
#[test]
fn the_secret_doors_refuse_what_every_door_refuses_and_write_nothing() {
    let mut failures = Vec::new();
    // (a, b) Another FourEyes database's log.
    let a = base("alice");
    let b = base("mallory");
    let wal = log_with_frames(&b, &["m1", "m2"]);
    std::fs::write(companion(&a.db, "-wal"), &wal).unwrap();
    let saved = snapshot(&a.db);
    for door in SECRET_DOORS {
        let (code, stderr) = run(&a, door);
        let after = snapshot(&a.db);
        if after[0] != saved[0] || after[1] != saved[1] {
            failures.push(format!("B's log, {door:?}: fe.db or fe.db-wal changed (exit {code:?}): {stderr}"));
        }
        if code != Some(8) || !stderr.contains("fe.db-wal` is not this database's log") {
            failures.push(format!("B's log, {door:?}: exit {code:?}, not refused naming the log: {stderr}"));
        }
    }
    std::fs::remove_file(companion(&a.db, "-wal")).unwrap();
    let _ = std::fs::remove_file(companion(&a.db, "-shm"));

    // (c) Another FourEyes database's hot rollback journal.
    let other = base("mallory");
    let journal = hot_journal_of(&other.db);
    for door in SECRET_DOORS {
        std::fs::write(companion(&a.db, "-journal"), &journal).unwrap();
        let before = std::fs::read(&a.db).unwrap();
        let (code, stderr) = run(&a, door);
        if std::fs::read(&a.db).unwrap() != before {
            failures.push(format!("B's hot journal, {door:?}: fe.db was written (exit {code:?}): {stderr}"));
        }
        if std::fs::read(companion(&a.db, "-journal")).ok().as_deref() != Some(&journal[..]) {
            failures.push(format!("B's hot journal, {door:?}: fe.db-journal changed or deleted (exit {code:?})"));
        }
        // Named as what it is (attack 40's minor item, ADR-1312), not as a missing `-wal`/`-shm`.
        if code != Some(8) || !stderr.contains("fe.db-journal`") || !stderr.contains("hot rollback journal") {
            failures.push(format!("B's hot journal, {door:?}: exit {code:?}, not refused naming it: {stderr}"));
        }
    }
    std::fs::remove_file(companion(&a.db, "-journal")).unwrap();

    // (d) Another program's database: no `connector_secrets` made in it.
    type Make = fn(&rusqlite::Connection);
    let foreign: &[(&str, Make)] = &[
        ("application_id 12345", |c| c.execute_batch("PRAGMA application_id = 12345;").unwrap()),
        ("user_version 12", |c| c.execute_batch("PRAGMA user_version = 12;").unwrap()),
        ("a lone journal, user_version 0", |c| {
            c.execute_batch(
                "PRAGMA application_id = 0; PRAGMA user_version = 0; CREATE TABLE journal (seq INTEGER PRIMARY KEY, \
                 ts_ms INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT \
                 NOT NULL);",
            )
            .unwrap()
        }),
    ];
    for (what, make) in foreign {
        for door in SECRET_DOORS {
            let env = Env::new(POLICY);
            if what.starts_with("a lone") {
                make(&rusqlite::Connection::open(&env.db).unwrap());
            } else {
                let env_a = base("alice");
                std::fs::copy(&env_a.db, &env.db).unwrap();
                make(&rusqlite::Connection::open(&env.db).unwrap());
            }
            let before = std::fs::read(&env.db).unwrap();
            let (code, stderr) = run(&env, door);
            if std::fs::read(&env.db).unwrap() != before || tables(&env.db).iter().any(|t| t == "connector_secrets") {
                failures.push(format!("{what}, {door:?}: the database was written (exit {code:?}): {stderr}"));
            }
            let named = stderr.contains("fe.db`")
                && (stderr.contains("another program") || stderr.contains("schema version 12"));
            if !matches!(code, Some(8 | 17)) || !named {
                failures.push(format!("{what}, {door:?}: exit {code:?}, not refused by name: {stderr}"));
            }
        }
    }

    // (e, f) A FIFO at `-journal` or `-wal`: refused at once by name, and left where it is.
    for suffix in ["-journal", "-wal"] {
        for door in SECRET_DOORS {
            let env = base("alice");
            let fifo = companion(&env.db, suffix);
            let _ = std::fs::remove_file(&fifo);
            assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
            let (code, stderr) = run(&env, door);
            let shown = fifo.file_name().unwrap().to_string_lossy().into_owned();
            if code.is_none() || code == Some(0) || !stderr.contains(&format!("{shown}`")) || !stderr.contains("FIFO") {
                failures.push(format!("a FIFO at {shown}, {door:?}: exit {code:?}: {stderr}"));
            }
            let still = std::fs::symlink_metadata(&fifo).is_ok_and(|m| {
                use std::os::unix::fs::FileTypeExt as _;
                m.file_type().is_fifo()
            });
            if !still {
                failures.push(format!("a FIFO at {shown}, {door:?}: the FIFO was deleted (exit {code:?}): {stderr}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// `secret list` is a read door (ADR-1311): on a database with no secrets table it says "no secrets" and makes none;
/// `secret set` (a write door) makes it and the value is then listed; the list never writes the database or its log.
#[test]
fn secret_list_only_reads_and_secret_set_writes() {
    let env = base("alice");
    let (code, stderr) = run(&env, &["secret", "list"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!tables(&env.db).iter().any(|t| t == "connector_secrets"), "secret list made the table");
    let out = env
        .command()
        .args(["secret", "set", "shop_token"])
        .env("FOUREYES_SECRETS_KEY", "ab".repeat(32))
        .stdin(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"tok-1\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = env.command().args(["secret", "list"]).env("FOUREYES_SECRETS_KEY", "ab".repeat(32)).output().unwrap();
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && listed.contains("shop_token") && !listed.contains("tok-1"), "{listed}");
}

/// Attack 40's H7: the log of a forked copy of A (B0 = A copied; A then wrote `only-in-A`; B0 wrote its own event)
/// shares A's first event, so ADR-1252's check passed: read doors showed B's history for A, and `kill-switch on`
/// checkpointed it — A's own later events gone, `journal verify` "ok", `audit` consistent. Red before: every door
/// exit 0, A rewritten, the log deleted. Now A's log must extend what A's file alone holds (ADR-1310): the file's last
/// event is missing or another through that log, so every door refuses it naming the log, and nothing is applied.
#[test]
fn a_forked_copys_log_is_applied_by_no_door() {
    let a = base("alice");
    // The fork: A's file copied (with its clock anchor) before A writes on.
    let fork = |names: &[&str]| -> Vec<u8> {
        let b = Env::new(POLICY);
        for suffix in ["", ".clock"] {
            std::fs::copy(companion(&a.db, suffix), companion(&b.db, suffix)).unwrap();
        }
        log_with_frames(&b, names)
    };
    // Written by the fork before A moves on is the same as A's (the file copied); what counts is what each writes
    // after. The forks write first here (their logs kept), then A writes two events into its file.
    let longer = fork(&["w1", "w2", "w3"]);
    let shorter = fork(&["w1"]);
    for name in ["only-in-A", "only-in-A-2"] {
        a.cli(&["token", "create", "--name", name, "--role", "agent"]);
    }
    let c = rusqlite::Connection::open(&a.db).unwrap();
    c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);").unwrap();
    drop(c);
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(companion(&a.db, suffix));
    }
    // A fork that wrote more events than A (A's last seq is another event through its log), and one that wrote fewer
    // (A's last seq is not there at all): both told.
    for (what, wal) in [("more events", &longer), ("fewer events", &shorter)] {
        let failures = every_door_refuses_the_log(&a, wal, "ADR-1310");
        assert!(failures.is_empty(), "a fork's log with {what} than A: {failures:#?}");
        std::fs::remove_file(companion(&a.db, "-wal")).unwrap();
        let _ = std::fs::remove_file(companion(&a.db, "-shm"));
    }
    // With the log moved away, A is A: its own later events are there.
    let out = a.cli(&["token", "list"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.contains("only-in-A-2") && !listed.contains("w1"), "{listed}");
}

/// This database's own log (a write door's commits not yet checkpointed) extends the file's journal: every door
/// reads through it (ADR-1310 refuses only a log under which the file's last event is missing or another).
#[test]
fn this_databases_own_log_passes_the_extend_check() {
    let env = base("alice");
    let wal = log_with_frames(&env, &["bob", "carol"]);
    assert!(!wal.is_empty());
    for door in READ_DOORS {
        let (code, stderr) = run(&env, door);
        let task = door.first() == Some(&"task");
        if !(code == Some(0) || (task && code == Some(5))) {
            panic!("{door:?}: exit {code:?}: {stderr}");
        }
    }
    let (code, stderr) = run(&env, WRITE_DOORS[0]);
    assert_eq!(code, Some(0), "{stderr}");
    let out = env.cli(&["token", "list"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(["alice", "bob", "carol", "w"].iter().all(|n| listed.contains(n)), "{listed}");
}

/// Attack 40's minor items (ADR-1312): a socket at `--db` gave a raw "No such device or address (os error 6)"; a
/// character device was "an empty file" to a read door and a bare "disk I/O error" to a write door. Now each is
/// refused by name, exit 8, read and write doors alike.
#[test]
fn a_socket_or_a_character_device_at_the_database_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("fe.db");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let mut failures = Vec::new();
    for (db, what) in [(socket.as_path(), "a socket"), (Path::new("/dev/null"), "a character device")] {
        for door in
            [&["journal", "verify"][..], &["token", "list"], &["token", "create", "--name", "w", "--role", "agent"]]
        {
            let out = std::process::Command::new(BIN)
                .arg("--db")
                .arg(db)
                .args(door)
                .env_remove("FOUREYES_DB")
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.code() != Some(8) || !stderr.contains(&format!("{}` is {what}", db.display())) {
                failures.push(format!("{what}, {door:?}: exit {:?}: {stderr}", out.status.code()));
            }
        }
    }
    // A socket at the rollback journal's name was blamed on a missing `-wal`/`-shm` (attack 40's `companions.py`).
    let env = base("alice");
    let _journal = std::os::unix::net::UnixListener::bind(companion(&env.db, "-journal")).unwrap();
    for door in [&["journal", "verify"][..], &["token", "create", "--name", "w", "--role", "agent"]] {
        let (code, stderr) = run(&env, door);
        if code != Some(8) || !stderr.contains("fe.db-journal` is not a regular file") {
            failures.push(format!("a socket at fe.db-journal, {door:?}: exit {code:?}: {stderr}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Every command `--help` lists (recursively) is either a read door in `attack38_files`' and `attack39_files`' tables
/// or named here as a writer or as touching no database: a new read door cannot be missed (attack 40's H1 was one).
#[test]
fn every_command_in_help_is_a_read_door_here_or_a_known_writer() {
    fn leaves(path: &[String], out: &mut Vec<Vec<String>>) {
        let help = std::process::Command::new(BIN).args(path).arg("--help").output().unwrap();
        let text = String::from_utf8_lossy(&help.stdout).into_owned();
        let Some(list) = text.split("\nCommands:\n").nth(1) else {
            out.push(path.to_vec());
            return;
        };
        let names: Vec<String> = list
            .lines()
            .take_while(|l| l.starts_with("  "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|n| *n != "help")
            .map(str::to_string)
            .collect();
        for name in names {
            let mut next = path.to_vec();
            next.push(name);
            leaves(&next, out);
        }
    }
    let mut all = Vec::new();
    leaves(&[], &mut all);
    let all: Vec<String> = all.iter().map(|p| p.join(" ")).collect();
    // Each read door's command: the longest prefix of its arguments that `--help` lists.
    let reads: Vec<String> = EVERY_READ_DOOR
        .iter()
        .filter_map(|d| (1..=d.len()).rev().map(|n| d[..n].join(" ")).find(|p| all.contains(p)))
        .collect();
    // Doors that write (or serve), and commands that open no database (`--db` unused, or a file they are given).
    let others = [
        "serve",
        "token create",
        "token revoke",
        "policy check",
        "policy test",
        "decide",
        "report",
        "execute",
        "secret set",
        "secret new-key",
        "approvals approve",
        "approvals reject",
        "approvals revoke",
        "approvals expire",
        "sessions restore",
        "undo",
        "journal verify-proof",
        "journal keygen",
        "journal checkpoint",
        "journal seal",
        "bench replicas",
        "bench load",
        "bench http",
        "bench decide",
        "bench floor",
        "bench seal",
        "bench verify",
        "demo",
        "mcp-proxy",
        "mcp pins approve",
        "task create",
        "task propose",
        "task apply",
        "task check",
        "task finish",
        "demo change-control",
        "demo home",
    ];
    let missing: Vec<&String> = all.iter().filter(|p| !reads.contains(p) && !others.contains(&p.as_str())).collect();
    assert!(all.len() > 40 && all.contains(&"task status".to_string()), "--help's commands: {all:?}");
    assert!(
        missing.is_empty(),
        "commands in --help that are neither a read door in the tables nor a known writer: {missing:?}"
    );
}

/// Every door of the one read-door table (`attack38_files::EVERY_READ_DOOR`, checked against `--help` above), on a
/// database whose log holds committed frames: neither the database nor its log changes, whatever the door answers
/// (ADR-1250, ADR-1313). Red before: `task status` and `secret list` checkpointed the log and deleted it.
#[test]
fn every_read_door_in_the_table_leaves_the_database_and_its_log_as_they_were() {
    let env = base("alice");
    let _ = log_with_frames(&env, &["bob"]);
    let saved = snapshot(&env.db);
    let policy = env.policy.display().to_string();
    let mut failures = Vec::new();
    for door in EVERY_READ_DOOR {
        let args: Vec<&str> = door.iter().map(|a| if *a == "POLICY" { policy.as_str() } else { a }).collect();
        let (code, stderr) = run(&env, &args);
        let after = snapshot(&env.db);
        for (i, what) in ["fe.db", "fe.db-wal"].iter().enumerate() {
            if after[i] != saved[i] {
                failures.push(format!("{door:?}: {what} was written (exit {code:?}): {stderr}"));
            }
        }
        if code.is_none() {
            failures.push(format!("{door:?}: {stderr}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
