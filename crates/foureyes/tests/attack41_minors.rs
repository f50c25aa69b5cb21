//! Attack 41's minors (`/work/attack41/REPORT.md`; ADR-1430 … ADR-1436, F1430 … F1436): `bench verify` failing on
//! the journal it makes, a panic (exit 101) when stdout cannot be written, small input files read without waiting's
//! and size's bound, `journal checkpoint` creating a database, `--help`'s exit code for a hard-linked database, exit 3
//! refusals not journaled, a lowered `user_version` told without its file.

use crate::attack39_files::run;
use crate::support::{BIN, Env};
use std::process::{Command, Stdio};

const POLICY: &str = "version: 1\nactions: {}\n";

/// `foureyes ARGS` on `env` with stdout sent to `/dev/full` (every write to it fails, ENOSPC): its exit code and
/// stderr.
fn to_full_disk(env: &Env, args: &[&str]) -> (Option<i32>, String) {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = env.command().args(args).stdin(Stdio::null()).stdout(full).stderr(Stdio::piped()).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The journal's events as `journal export` writes them.
fn events(env: &Env) -> Vec<serde_json::Value> {
    let file = env.dir.path().join("export.jsonl");
    env.cli(&["journal", "export", file.to_str().unwrap()]);
    std::fs::read_to_string(&file).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// F1430 (RED before: exit 8 "journal seq 65: decision 1 is issued again … (ADR-640)"): the synthetic journal of
/// `bench verify` repeated its templates' decision and reservation ids, which `journal verify` refuses since ADR-640,
/// so docs/benchmarks.md's command could not re-measure. Each cycle now issues ids of its own.
#[test]
fn bench_verify_passes_on_the_journal_it_makes() {
    bench_verify_passes(&["100", "500"]);
}

/// `bench verify --events N` for each count: exit 0 and a journal of exactly N events (F1430, F1513).
pub(crate) fn bench_verify_passes(counts: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    for &events in counts {
        let out = Command::new(BIN)
            .args(["bench", "verify", "--json", "--events", events, "--dir"])
            .arg(dir.path())
            .env_remove("FOUREYES_DB")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{events}: {}", String::from_utf8_lossy(&out.stderr));
        let run: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(run["events"].to_string(), events, "{run}");
    }
}

/// F1431 (RED before: "thread 'main' panicked … failed printing to stdout", exit 101, after the door's effect was
/// committed — `token create`'s once-shown token live and lost). Now one line on stderr and exit 18 (`--help`), and
/// `token create` revokes the token it could not show.
#[test]
fn a_door_whose_stdout_fails_says_so_in_one_line_and_token_create_revokes_its_token() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "first", "--role", "agent"]);
    for args in [
        &["token", "create", "--name", "lost", "--role", "agent"][..],
        &["token", "create", "--name", "lostjson", "--role", "admin", "--json"],
        &["journal", "verify"],
        &["journal", "audit"],
        &["decisions", "list"],
        &["kill-switch", "on"],
        &["kill-switch", "status"],
    ] {
        let (code, err) = to_full_disk(&env, args);
        assert_eq!(code, Some(18), "{args:?}: {err}");
        assert!(!err.contains("panicked") && err.trim().lines().count() == 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains("stdout"), "{args:?}: {err}");
    }
    let list = String::from_utf8(env.cli(&["token", "list"]).stdout).unwrap();
    for name in ["lost", "lostjson"] {
        let row = list.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_default();
        assert!(row.contains("revoked"), "the token no one was shown is revoked: {list}");
    }
    assert!(!list.lines().find(|l| l.starts_with("first ")).unwrap().contains("revoked"), "{list}");
    assert!(String::from_utf8(env.cli(&["--help"]).stdout).unwrap().contains("  18  stdout could not be written"));
}

/// F1432 (RED before: `--secrets-key-file FIFO` hung `secret list` and `secret set` for ever, as did `policy check
/// FIFO`; `--policy`/`journal verify --file` read a FIFO the same way): every small file a door is given by name goes
/// through F388's one reader — a regular file only, opened without waiting.
#[test]
fn a_fifo_given_as_a_key_a_policy_or_an_export_is_refused_at_once() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    let fifo = env.dir.path().join("kf");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let f = fifo.to_str().unwrap();
    let mut failures = Vec::new();
    for args in [
        &["secret", "list", "--secrets-key-file", f][..],
        &["secret", "set", "pw", "--secrets-key-file", f],
        &["policy", "check", f],
        &["policy", "test", f],
        &["journal", "verify", "--file", f],
    ] {
        let (code, err) = run(&env, args);
        if code.is_none() || !err.contains("not a regular file") {
            failures.push(format!("{args:?}: {code:?} {err}"));
        }
    }
    // `--policy FIFO` (every door gets `--policy` from the env: its file is a FIFO here).
    let fifo_policy = Env::new(POLICY);
    std::fs::remove_file(&fifo_policy.policy).unwrap();
    assert!(Command::new("mkfifo").arg(&fifo_policy.policy).status().unwrap().success());
    let (code, err) = run(&fifo_policy, &["decide", "--agent", "bot", "--action", "x"]);
    if code.is_none() || !err.contains("not a regular file") {
        failures.push(format!("--policy FIFO decide: {code:?} {err}"));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// F1432: `/dev/zero` was read without bound (1 GB in 3 s). Not run red on main: it eats the machine's memory.
#[test]
fn a_device_given_as_a_key_or_a_policy_is_refused_not_read() {
    let env = Env::new(POLICY);
    let mut failures = Vec::new();
    for args in [
        &["secret", "list", "--secrets-key-file", "/dev/zero"][..],
        &["policy", "check", "/dev/zero"],
        &["journal", "verify", "--file", "/dev/zero"],
    ] {
        let (code, err) = run(&env, args);
        if code.is_none() || !err.contains("not a regular file") {
            failures.push(format!("{args:?}: {code:?} {err}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// F1433 (RED before: `journal checkpoint` at a missing `--db` created an empty database there, then failed "no
/// checkpoint was journaled"): it signs a journal that is there, and refuses a missing one with exit 17.
#[test]
fn journal_checkpoint_creates_no_database() {
    let env = Env::new(POLICY);
    let keys = env.dir.path().join("keys");
    let out = Command::new(BIN).args(["journal", "keygen", "--out"]).arg(&keys).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = env.command().args(["journal", "checkpoint", "--signing-key"]).arg(keys.join("journal.key")).output();
    let out = out.unwrap();
    assert_eq!(out.status.code(), Some(17), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!env.db.exists(), "a database was created at the missing --db");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("fe.db") && said.contains("journal checkpoint"), "{said}");
}

/// F1434 (RED before: `--help` said exit 16 for a database with other names, ADR-882's "reads still answer", while
/// every door exits 8, F942): the help now says what the doors do.
#[test]
fn the_help_and_the_doors_agree_on_a_hard_linked_database() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    std::fs::hard_link(&env.db, env.dir.path().join("other.db")).unwrap();
    let help = String::from_utf8(env.cli(&["--help"]).stdout).unwrap();
    let line = |code: &str| {
        let start = help.find(&format!("\n  {code}  ")).unwrap();
        let rest = &help[start + 1..];
        let end = rest[1..].find("\n  1").map_or(rest.len(), |e| e + 1);
        rest[..end].to_string()
    };
    assert!(!line("16").contains("hard links"), "{}", line("16"));
    assert!(line("8 ").contains("hard links"), "{}", line("8 "));
    for args in
        [&["journal", "verify"][..], &["decisions", "list"], &["token", "create", "--name", "b", "--role", "agent"]]
    {
        let (code, err) = run(&env, args);
        assert_eq!(code, Some(8), "{args:?}: {err}");
        assert!(err.contains("hard links"), "{args:?}: {err}");
    }
}

/// F1435 (RED before: `token create --name 'bad name'` and `secret set bad-name` exited 3, which `--help` says is
/// journaled, and nothing was journaled): each such refusal is journaled, the name as given and never the value.
#[test]
fn exit_3_refusals_of_token_create_and_secret_set_are_journaled() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    let key = env.dir.path().join("secrets.key");
    std::fs::write(&key, "ab".repeat(32)).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["token", "create", "--name", "bad name", "--role", "agent"], "token create"),
        (&["token", "create", "--name", "ok", "--role", "emperor"], "token create"),
        (&["token", "create", "--name", "ok", "--role", "executor"], "token create"),
        (&["secret", "set", "bad-name", "--secrets-key-file", key.to_str().unwrap()], "secret set"),
        (&["secret", "set", "empty", "--secrets-key-file", key.to_str().unwrap()], "secret set"),
    ];
    for (args, command) in cases {
        let before = events(&env).len();
        let mut child = env
            .command()
            .args(*args)
            .env_remove("FOUREYES_SECRETS_KEY")
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let value: &[u8] = if args.contains(&"empty") { b"\n" } else { b"s3cret-value\n" };
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), value).unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains("refusal journaled at seq"), "{args:?}: {err}");
        let after = events(&env);
        assert_eq!(after.len(), before + 1, "{args:?}: one refusal journaled");
        let last = after.last().unwrap();
        assert_eq!(last["kind"], "refused", "{last}");
        assert_eq!(last["data"]["input"]["command"], *command, "{last}");
        assert!(!last.to_string().contains("s3cret-value"), "the value is never journaled: {last}");
    }
}

/// F1436 (RED before: a database whose `user_version` was lowered answered a bare "storage error: duplicate column
/// name: revoked_by", naming no file): the file and what to do are named; nothing is written.
#[test]
fn a_lowered_user_version_names_the_file_and_what_to_do() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    rusqlite::Connection::open(&env.db).unwrap().pragma_update(None, "user_version", 3).unwrap();
    let before = std::fs::read(&env.db).unwrap();
    let (code, err) = run(&env, &["token", "create", "--name", "b2", "--role", "agent"]);
    assert_eq!(code, Some(8), "{err}");
    assert!(err.contains("fe.db") && err.contains("user_version") && err.contains("backup"), "{err}");
    assert!(err.contains("duplicate column name"), "SQLite's own words are kept: {err}");
    assert_eq!(std::fs::read(&env.db).unwrap(), before, "nothing written");
}
