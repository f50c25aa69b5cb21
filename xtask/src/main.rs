//! `cargo xtask`: the project's own tasks.
//!
//! - `cargo xtask test`: everything CI runs, on a fresh machine: formatting, clippy with `-D warnings`, the whole
//!   test suite (nextest when installed, `cargo test` otherwise) and the doc tests. It starts whatever services the
//!   suites need and never skips a suite silently: a missing tool is installed or the run fails loudly. The
//!   PostgreSQL suites get a throwaway cluster ([`PgCluster`]) through `FOUREYES_TEST_PG`.
//! - `cargo xtask teeth`: breaks each safety property on purpose (one source mutation at a time) and checks that the
//!   tests that guard it go red, then restores the source; first it checks that those tests are green on the
//!   unbroken source (a test red for another reason proves nothing). `cargo xtask teeth SUBSTRING…` runs only the
//!   properties whose name holds one of the substrings. `cargo xtask test` runs one of them on every CI run: the
//!   support desk's approval edge (request_approval → execute_action) must turn its trajectory evals red.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(&args[1..]),
        Some("teeth") => teeth(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask test [--no-lint] | cargo xtask teeth [PROPERTY-SUBSTRING…]");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(program: &str, args: &[&str]) -> Result<(), String> {
    eprintln!("xtask: $ {program} {}", args.join(" "));
    let status = Command::new(program).args(args).status().map_err(|e| format!("cannot run {program}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`{program} {}` failed ({status})", args.join(" "))) }
}

fn has_nextest() -> bool {
    Command::new("cargo").args(["nextest", "--version"]).output().map(|o| o.status.success()).unwrap_or(false)
}

fn test(args: &[String]) -> Result<(), String> {
    let lint = !args.iter().any(|a| a == "--no-lint");
    if lint {
        run("cargo", &["fmt", "--all", "--", "--check"])?;
        run("cargo", &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])?;
    }
    // The console end-to-end test drives Debian's Chromium through ChromeDriver.
    ensure_browser()?;
    // Change control's checks run in bubblewrap; its tests refuse to skip the sandbox.
    ensure_sandbox()?;
    // The LiteLLM self-check test and the Python suites run in the repository's own venv.
    install_python_peers()?;
    // The MCP proxy suites run against real MCP servers and clients (npm and PyPI), never against fakes.
    install_test_peers()?;
    // Stopped and removed when `cluster` drops: on success, on failure, and on a panic.
    let cluster = PgCluster::start()?;
    // Passed to each command rather than set on xtask itself (`std::env::set_var` is `unsafe`, forbidden here).
    let env = [("FOUREYES_TEST_PG", cluster.url.as_str())];
    if has_nextest() {
        run_with(&env, "cargo", &["nextest", "run", "--workspace", "--no-fail-fast"])?;
    } else {
        eprintln!("xtask: cargo-nextest is not installed: running the same suites with `cargo test`");
        run_with(&env, "cargo", &["test", "--workspace", "--no-fail-fast", "--lib", "--bins", "--tests"])?;
    }
    run_with(&env, "cargo", &["test", "--workspace", "--doc"])?;
    python_tests()?;
    drop(cluster);
    approval_edge_teeth()?;
    eprintln!("xtask: all suites passed");
    Ok(())
}

fn run_with(env: &[(&str, &str)], program: &str, args: &[&str]) -> Result<(), String> {
    eprintln!("xtask: $ {program} {}", args.join(" "));
    let status = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .status()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`{program} {}` failed ({status})", args.join(" "))) }
}

/// A throwaway PostgreSQL cluster for the test suites: `initdb -A trust -U postgres` into a temporary directory,
/// started by `pg_ctl` on a free loopback port (socket in the same directory), stopped and removed on drop.
/// PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` system user (`runuser`).
/// Durability is not under test here, so `fsync` is off.
struct PgCluster {
    dir: PathBuf,
    pg_ctl: PathBuf,
    as_postgres: bool,
    url: String,
}

impl PgCluster {
    fn start() -> Result<PgCluster, String> {
        let fail = |what: String| format!("cannot start the throwaway PostgreSQL cluster the suites need: {what}");
        let initdb = pg_binary("initdb").map_err(fail)?;
        let pg_ctl = pg_binary("pg_ctl").map_err(fail)?;
        let as_postgres = output("id", &["-u"]).map_err(fail)? == "0";
        let dir = std::env::temp_dir().join(format!("foureyes-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| fail(format!("{}: {e}", dir.display())))?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| fail(format!("no free loopback port: {e}")))?
            .port();
        // From here on, `Drop` cleans up whatever was made.
        let cluster =
            PgCluster { dir, pg_ctl, as_postgres, url: format!("postgres://postgres@127.0.0.1:{port}/postgres") };
        if as_postgres {
            run("chown", &["postgres:", &cluster.dir.display().to_string()])
                .map_err(|e| fail(format!("running as root, and the `postgres` user cannot own the cluster: {e}")))?;
        }
        let data = cluster.dir.join("data").display().to_string();
        let log = cluster.dir.join("server.log").display().to_string();
        let server = format!(
            "-k {} -p {port} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off",
            cluster.dir.display()
        );
        let initdb = initdb.display().to_string();
        cluster
            .pg(&initdb, &["-D", &data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"])
            .map_err(fail)?;
        let pg_ctl = cluster.pg_ctl.display().to_string();
        if let Err(e) = cluster.pg(&pg_ctl, &["-D", &data, "-l", &log, "-o", &server, "-w", "-t", "60", "start"]) {
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            return Err(fail(format!("{e}\n--- server.log ---\n{log}")));
        }
        eprintln!("xtask: PostgreSQL test cluster at {} ({})", cluster.url, cluster.dir.display());
        Ok(cluster)
    }

    /// Runs a PostgreSQL program, as the `postgres` user when xtask runs as root.
    fn pg(&self, program: &str, args: &[&str]) -> Result<(), String> {
        if self.as_postgres {
            let mut all = vec!["-u", "postgres", "--", program];
            all.extend_from_slice(args);
            run("runuser", &all)
        } else {
            run(program, args)
        }
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        if data.join("postmaster.pid").exists() {
            let pg_ctl = self.pg_ctl.display().to_string();
            let _ = self.pg(&pg_ctl, &["-D", &data.display().to_string(), "-m", "immediate", "-w", "stop"]);
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A PostgreSQL server program from `PATH` or the newest `/usr/lib/postgresql/*/bin`.
fn pg_binary(name: &str) -> Result<PathBuf, String> {
    let on_path = std::env::var_os("PATH").into_iter().flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>());
    if let Some(found) = on_path.map(|dir| dir.join(name)).find(|p| p.is_file()) {
        return Ok(found);
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir(Path::new("/usr/lib/postgresql"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin").join(name))))
        .filter(|(_, p)| p.is_file())
        .collect();
    versions.sort();
    versions.pop().map(|(_, p)| p).ok_or_else(|| {
        format!("`{name}` is neither on PATH nor in /usr/lib/postgresql/*/bin (install it: apt-get install postgresql)")
    })
}

/// The trimmed standard output of a command that must succeed.
fn output(program: &str, args: &[&str]) -> Result<String, String> {
    let out = Command::new(program).args(args).output().map_err(|e| format!("cannot run {program}: {e}"))?;
    if !out.status.success() {
        return Err(format!("`{program} {}` failed ({})", args.join(" "), out.status));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// One deliberate break of a safety property and the tests that must catch it.
struct Mutation {
    property: &'static str,
    file: &'static str,
    original: &'static str,
    broken: &'static str,
    package: &'static str,
    filter: &'static str,
    /// Further test filters (same package) that must each go red on their own.
    also: &'static [&'static str],
}

/// The support desk's approval edge; `cargo xtask test` checks this mutation on every run.
const APPROVAL_EDGE: &str = "the support desk executes only after await_decision (approval edge)";

const MUTATIONS: &[Mutation] = &[
    Mutation {
        property: "a window longer than what the door kept in memory is refused, never under-counted (ADR-376)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        if q.since_ms < w.authority().window_floor() {",
        broken: "        if false {",
        package: "foureyes-store-sqlite",
        filter: "group_commit::a_window_longer_than_what_the_door_let_go_of_is_refused",
        also: &[],
    },
    Mutation {
        property: "a window entry leaves memory only past the window memory (ADR-376)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        let horizon = now_ms.saturating_sub(memory);\n        if horizon <= self.window_floor_ms {",
        broken: "        let horizon = now_ms.saturating_sub(memory / 4);\n        if horizon <= self.window_floor_ms {",
        package: "foureyes-store",
        filter: "window_entries_leave_memory_after_the_window_memory",
        also: &[],
    },
    Mutation {
        property: "a session denial leaves memory only past the denial memory (ADR-875)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "            DenialMemory::Ms(memory) => now_ms.saturating_sub(memory).max(self.denial_floor_ms),",
        broken: "            DenialMemory::Ms(memory) => now_ms.saturating_sub(memory / 4).max(self.denial_floor_ms),",
        package: "foureyes-store",
        filter: "session_denials_leave_memory_after_the_denial_memory",
        also: &[],
    },
    Mutation {
        property: "a count of denials reaching before what the door let go of is refused, never under-counted (ADR-875)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            if since_ms < floor {",
        broken: "            if false {",
        package: "foureyes-store-sqlite",
        filter: "group_commit::session_denials_let_go_of_still_demote_exactly",
        also: &[],
    },
    Mutation {
        property: "a demoted session's denials go only before now, which an early restore may make its end (ADR-875)",
        file: "crates/foureyes-store/src/authority.rs",
        original: ".map(|d| d.ends_at_ms().min(now_ms).saturating_sub(WINDOW_SLACK_MS));",
        broken: ".map(|d| d.ends_at_ms().saturating_sub(WINDOW_SLACK_MS));",
        package: "foureyes-store-sqlite",
        filter: "group_commit::session_denials_let_go_of_still_demote_exactly",
        also: &[],
    },
    Mutation {
        property: "ADR-885: a permit whose reservations expired unreported leaves memory under the seal key",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                self.settle_record(x.decision_id);",
        broken: "                let _ = x.decision_id;",
        package: "foureyes-store-sqlite",
        filter: "sealed::an_expired_permit_settles_and_a_late_report_counts_once",
        also: &["under_the_seal_an_expired_permits_row_edited_by_hand_releases_nothing"],
    },
    Mutation {
        property: "ADR-885: only the first report after an expiry is the late one, also from a sealed row",
        file: "crates/foureyes-store/src/ops.rs",
        original: "JournalSays::Record(journaled) => journaled.expiry == crate::authority::Expiry::Unreported,",
        broken: "JournalSays::Record(journaled) => journaled.status == DecisionStatus::Unknown,",
        package: "foureyes-store-sqlite",
        filter: "sealed::an_expired_permit_settles_and_a_late_report_counts_once",
        also: &[],
    },
    Mutation {
        property: "ADR-885: a late report on a sealed expired permit seals its row again with the report",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                && record.expiry != Expiry::No\n",
        broken: "                && record.expiry == Expiry::No\n",
        package: "foureyes-store-sqlite",
        filter: "sealed::an_expired_permit_settles_and_a_late_report_counts_once",
        also: &[],
    },
    Mutation {
        property: "ADR-886: a limit or budget key whose window holds nothing after a sweep leaves memory",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        if gone.is_empty() {",
        broken: "        if gone.len() < usize::MAX {",
        package: "foureyes-store",
        filter: "keys_that_never_come_back_leave_memory",
        also: &[],
    },
    Mutation {
        property: "ADR-895: a deferral whose approval can no longer release it leaves memory under the seal key",
        file: "crates/foureyes-store/src/authority.rs",
        original: "            self.settle_deferrals_of(id);",
        broken: "            let _ = id;",
        package: "foureyes-store-sqlite",
        filter: "sealed::a_deferral_its_approval_cannot_release_settles",
        also: &["under_the_seal_with_a_request_memory_a_deferral_its_approval_cannot_release_settles"],
    },
    Mutation {
        property: "ADR-895: a release of a sealed settled deferral seals its row again, superseded",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                        self.to_seal.push(Settled::Superseded(sup));",
        broken: "                        let _ = sup;",
        package: "foureyes-store-sqlite",
        filter: "sealed::a_deferral_its_approval_cannot_release_settles",
        also: &[],
    },
    Mutation {
        property: "ADR-895: a release's deny, final unless the kill switch blocked it, leaves memory under the seal key",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                if d.status == DecisionStatus::Closed && !blocked {",
        broken: "                if d.status == DecisionStatus::Closed && d.approval_id.is_none() {",
        package: "foureyes-store-sqlite",
        filter: "sealed::a_deferral_its_approval_cannot_release_settles",
        also: &[],
    },
    Mutation {
        property: "ADR-895: a release on a request id let go of leaves it let go of (ADR-373's repointing reworked)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                    None if d.supersedes.is_some() || (blocked && self.forgotten_requests > 0) => {}",
        broken: "                    None if false => {}",
        package: "foureyes-store-sqlite",
        filter: "under_the_seal_with_a_request_memory_a_deferral_its_approval_cannot_release_settles",
        also: &[],
    },
    Mutation {
        property: "ADR-896: journal audit names a settlement seal the journal does not give its row",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            && !history.contains(&row.as_str())",
        broken: "            && history.is_empty()",
        package: "foureyes-store-sqlite",
        filter: "under_the_seal_a_settled_deferrals_row_edited_by_hand_releases_nothing",
        also: &[],
    },
    Mutation {
        property: "a sealed clock anchor names its database file, not only its path (attack 22 C1, ADR-375)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "    format!(\"{path}\\0{identity}\")",
        broken: "    path",
        package: "foureyes",
        filter: "under_the_seal_key_a_copy_of_the_store_mints_no_anchor_its_live_database_believes",
        also: &[],
    },
    Mutation {
        property: "a door whose key is not the store's appends nothing (attack 22 W1, ADR-374)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                    && !key.verifies(prev_hash, seal)",
        broken: "                    && false",
        package: "foureyes",
        filter: "sqlite::a_command_with_another_seal_key_appends_nothing",
        also: &[],
    },
    Mutation {
        property: "a process without the store's key leaves the sealed clock anchor alone (attack 22 A1, ADR-374)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        if anchor_file.leave_sealed && !(anchor_file.key.is_some() && key_proven_for(&store)) {",
        broken: "        if false && anchor_file.leave_sealed {",
        package: "foureyes",
        filter: "a_process_without_the_stores_key_leaves_the_sealed_anchor_alone",
        also: &[],
    },
    Mutation {
        property: "a keyed door proven to hold the store's key writes anew an anchor it does not believe (attack 23 S1, ADR-880)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "                && head_sealed_by(store, key).await",
        broken: "                && false",
        package: "foureyes",
        filter: "under_the_seal_key_an_anchor_that_fails_its_check_is_written_anew_by_the_next_keyed_door",
        also: &[],
    },
    Mutation {
        property: "a key is proven per store: a serve leaves a namespace's anchor alone when its key is not that store's (attack 23 N1, ADR-881)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "    PROVEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner).iter().any(|s| s == store)",
        broken: "    !PROVEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner).is_empty()",
        package: "foureyes",
        filter: "a_serve_whose_key_is_not_a_namespace_stores_leaves_that_stores_anchor_alone",
        also: &[],
    },
    Mutation {
        property: "one database under a symlinked name has one clock anchor (attack 23 I3, ADR-882)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "            let canonical = std::fs::canonicalize(&self.path).unwrap_or_else(|_| self.path.clone());",
        broken: "            let canonical = self.path.clone();",
        package: "foureyes",
        filter: "one_database_under_two_names_keeps_one_clock",
        also: &[],
    },
    Mutation {
        property: "a door on a hard-linked database decides nothing (attack 23 I2/I3, ADR-882)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "                let links = file.as_deref().and_then(database_links).filter(|&n| n > 1);",
        broken: "                let links = file.as_deref().and_then(database_links).filter(|_| false);",
        package: "foureyes",
        filter: "one_database_under_two_names_keeps_one_clock",
        also: &[],
    },
    Mutation {
        property: "a clock anchor's file identity holds the file's birth time, not only its inode (attack 23 I1, ADR-883)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "                Some(born) => format!(\"{}:{}\\0{}\", m.dev(), m.ino(), born.as_nanos()),",
        broken: "                Some(_) => format!(\"{}:{}\", m.dev(), m.ino()),",
        package: "foureyes-store",
        filter: "a_file_created_in_the_place_of_a_deleted_one_is_another_file_even_with_its_inode_number",
        also: &[],
    },
    Mutation {
        property: "ADR-376's refusal is an invalid state, not a retryable storage error (attack 23, ADR-884)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "window_floor() {\n            return Err(StoreError::InvalidState(format!(",
        broken: "window_floor() {\n            return Err(StoreError::Backend(format!(",
        package: "foureyes-store-sqlite",
        filter: "group_commit::a_window_longer_than_what_the_door_let_go_of_is_refused",
        also: &[],
    },
    Mutation {
        property: "a request id leaves memory only once its decision is settled and sealed (ADR-373)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "            if self.decisions.get(request.decision_id).is_none() {",
        broken: "            if true {",
        package: "foureyes-store",
        filter: "settled_request_ids_leave_memory_after_the_request_memory",
        also: &[],
    },
    Mutation {
        property: "a forgotten request id's row is believed only for this agent's request id (ADR-373)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        if named.request.agent != request.agent || named.request.request_id != request.request_id {",
        broken: "        if false {",
        package: "foureyes",
        filter: "sqlite::a_forgotten_request_id_is_believed_only_through_its_sealed_decisions",
        also: &[],
    },
    Mutation {
        property: "a forgotten request id's row is believed only with its first decision's fingerprint (ADR-373)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            None => return Ok(named.request.fingerprint() == fingerprint),",
        broken: "            None => return Ok(true),",
        package: "foureyes",
        filter: "sqlite::a_forgotten_request_id_is_believed_only_through_its_sealed_decisions",
        also: &[],
    },
    Mutation {
        property: "a forgotten request id's row never points at a superseded deferral (ADR-373)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        if current == id && named.status == DecisionStatus::Superseded {",
        broken: "        if false {",
        package: "foureyes",
        filter: "sqlite::a_forgotten_request_id_is_believed_only_through_its_sealed_decisions",
        also: &[],
    },
    Mutation {
        property: "a request nested deeper than the journal reads back is refused, audited (attack 21 N1, ADR-372)",
        file: "crates/foureyes-core/src/types.rs",
        original: "            Value::Array(_) | Value::Object(_) if depth >= MAX_VALUE_DEPTH => Err((Vec::new(), Err(()))),",
        broken: "            Value::Array(_) | Value::Object(_) if depth >= 4 * MAX_VALUE_DEPTH => Err((Vec::new(), Err(()))),",
        package: "foureyes-store-sqlite",
        filter: "bad_input_is_refused_and_audited",
        also: &[],
    },
    Mutation {
        property: "the journal never writes an event its reader refuses (attack 21 N1/N2, ADR-372)",
        file: "crates/foureyes-core/src/canonical/jcs.rs",
        original: "            if *depth > READABLE_DEPTH {",
        broken: "            if *depth > 4 * READABLE_DEPTH {",
        package: "foureyes-core",
        filter: "an_event_no_reader_takes_back_is_never_encoded",
        also: &[],
    },
    Mutation {
        property: "ADR-1022: a decision's journal text written directly is the general canonical writer's, byte for byte",
        file: "crates/foureyes-core/src/canonical/direct.rs",
        original: "        if b >= 0x20 && b != b'\"' && b != b'\\\\' {",
        broken: "        if b >= 0x20 && b != b'\"' {",
        package: "foureyes-core",
        filter: "the_direct_text_is_the_general_writer_s",
        also: &[],
    },
    Mutation {
        property: "an id the journal cannot hold exactly is refused before it is journaled (attack 20 H1)",
        file: "crates/foureyes-core/src/types.rs",
        original: "                && value.unsigned_abs() > MAX_SAFE_INTEGER",
        broken: "                && value.unsigned_abs() > u64::MAX / 2",
        package: "foureyes-store-sqlite",
        filter: "bad_input_is_refused_and_audited",
        also: &[],
    },
    Mutation {
        property: "a failed write in a PostgreSQL batch rolls back alone (ADR-680)",
        file: "crates/foureyes-store-pg/src/db.rs",
        original: "self.c().batch_execute(\"ROLLBACK TO SAVEPOINT job\").await.map_err(pg)?;",
        broken: "self.c().batch_execute(\"SELECT 1\").await.map_err(pg)?;",
        package: "foureyes-store-pg",
        filter: "a_failed_write_in_a_batch_rolls_back_alone",
        also: &[],
    },
    Mutation {
        property: "a PostgreSQL write reads the head event's seal after the head lock is granted (F925, ADR-925)",
        file: "crates/foureyes-store-pg/src/db.rs",
        original: "            futures_util::future::join3(began, head, seal),",
        broken: "            async { let (s, b, h) = futures_util::future::join3(seal, began, head).await; (b, h, s) },",
        package: "foureyes-store-pg",
        filter: "two_keyed_replicas_deciding_at_once_refuse_no_honest_decide",
        also: &[],
    },
    Mutation {
        property: "a PostgreSQL batch whose commit fails rebuilds the authority state (ADR-680)",
        file: "crates/foureyes-store-pg/src/lib.rs",
        original: "            self.rebuild_authority(&mut tx.authority);",
        broken: "            let _ = &mut tx.authority;",
        package: "foureyes-store-pg",
        filter: "a_batch_whose_commit_fails_leaves_the_replica_deciding",
        also: &[],
    },
    Mutation {
        property: "a PostgreSQL unnested batch that falls back runs again on a state without its events (ADR-900)",
        file: "crates/foureyes-store-pg/src/lib.rs",
        original: "            self.rebuild_authority(authority);",
        broken: "            let _ = authority;",
        package: "foureyes-store-pg",
        filter: "a_failing_decide_in_an_unnested_batch_leaves_its_siblings_decided_as_alone",
        also: &[],
    },
    Mutation {
        property: "kill switch blocks an approved execution",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "if snapshot.kill_switch && policy_tier > 0 {",
        broken: "if false && snapshot.kill_switch && policy_tier > 0 {",
        package: "foureyes-store-sqlite",
        filter: "kill_switch_beats_an_approval",
        also: &[],
    },
    Mutation {
        property: "approved execution checks the digest",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "if digest != record.digest || record.recomputed_digest() != record.digest {",
        broken: "if false {",
        package: "foureyes-store-sqlite",
        filter: "durable_release_after_approval",
        also: &[],
    },
    Mutation {
        property: "nobody approves their own request",
        file: "crates/foureyes-core/src/approval.rs",
        original: "    if same_identity(approver, &record.request.agent) {",
        broken: "    if false {",
        package: "foureyes",
        filter: "four_eyes",
        also: &[],
    },
    Mutation {
        property: "limits are reserved (exactly 3 of 200 racing processes)",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "let exceeded = consumed.checked_add(requested).is_none_or(|total| total > limit);",
        broken: "let exceeded = consumed > limit;",
        package: "foureyes",
        filter: "two_hundred_processes",
        also: &[],
    },
    Mutation {
        property: "bounds deny before a human is asked",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "    if !violations.is_empty() {",
        broken: "    if false && !violations.is_empty() {",
        package: "foureyes",
        filter: "wrong_types",
        also: &[],
    },
    Mutation {
        property: "the journal detects a flipped byte",
        file: "crates/foureyes-core/src/journal.rs",
        original: "if event_hash(event.seq, event.ts_ms, event.kind, &event.data, &event.prev_hash) != event.hash {",
        broken: "if false {",
        package: "foureyes-core",
        filter: "every_single_byte_flip",
        also: &[],
    },
    Mutation {
        property: "an export line must be in canonical form",
        file: "crates/foureyes-core/src/journal.rs",
        original: "if event.to_line() != text {",
        broken: "if false {",
        package: "foureyes-core",
        filter: "an_edited_but_equivalent_line",
        also: &[],
    },
    Mutation {
        property: "an HTTP approval is bound to the digest the approver saw",
        file: "crates/foureyes-server/src/approvals.rs",
        original: "let vote = state.gate.approve(id, caller.name(), Some(&b.digest), now).await?;",
        broken: "let vote = state.gate.approve(id, caller.name(), None, now).await?;",
        package: "foureyes-server",
        filter: "digest",
        also: &[],
    },
    Mutation {
        property: "a task finishes only when verified at its current revision",
        file: "apps/change-control/src/model.rs",
        original: "if s.status != TaskStatus::Verified || s.verified_revision != Some(s.revision) {",
        broken: "if false {",
        package: "change-control",
        filter: "task",
        also: &[],
    },
    Mutation {
        property: "an approval on one replica wakes the waiters on the others at once",
        file: "crates/foureyes/src/serve.rs",
        original: "let forwarder = store.changes().map(|changes| state.wake_on(changes));",
        broken: "let forwarder: Option<tokio::task::JoinHandle<()>> = None;",
        package: "foureyes",
        filter: "an_approval_on_one_replica_releases_an_executor_waiting_on_the_other",
        also: &[],
    },
    Mutation {
        property: APPROVAL_EDGE,
        file: "apps/support-desk/src/graph.rs",
        original: r#"e(RequestApproval, "ok", AwaitDecision),"#,
        broken: r#"e(RequestApproval, "ok", ExecuteAction),"#,
        package: "support-desk",
        filter: "shipped_trajectories_all_pass",
        also: &["topology_execute_is_reachable_only_through_the_gate"],
    },
    Mutation {
        property: "a demoted session's tier 1-2 actions need a human",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "if let Some(demoted) = demotion",
        broken: "if let Some(demoted) = demotion.filter(|_| false)",
        package: "foureyes-store-sqlite",
        filter: "session_trust_demotes_cools_and_restores",
        also: &["session_demotion_commits_before_any_later_decide"],
    },
    Mutation {
        property: "the deciding transaction that observed a trust signal starts the demotion",
        file: "crates/foureyes-store/src/ops.rs",
        original: "if let Some(demotion) = &decision.demote {",
        broken: "if let Some(demotion) = decision.demote.as_ref().filter(|_| false) {",
        package: "foureyes-store-sqlite",
        filter: "session_demotion_commits_before_any_later_decide",
        also: &["session_trust_demotes_cools_and_restores"],
    },
    Mutation {
        property: "a decide answer says when it replays an earlier decision",
        file: "crates/foureyes-store/src/ops.rs",
        original: "Ok(Decided { decision: stored, replayed: true })",
        broken: "Ok(Decided { decision: stored, replayed: false })",
        package: "foureyes-store-sqlite",
        filter: "replays_are_told_apart_from_fresh_decisions",
        also: &[],
    },
    Mutation {
        property: "a revoked approval is never released (and a revoke and a release never both win)",
        file: "crates/foureyes-store-sqlite/src/ops.rs",
        original: "UPDATE approvals SET status = 'revoked', revoked_by = ?1",
        broken: "UPDATE approvals SET status = status, revoked_by = ?1",
        package: "foureyes-store-sqlite",
        filter: "revoke_withdraws_an_approved_unused_approval",
        also: &["revoke_and_release_racing_never_both_win"],
    },
    Mutation {
        property: "a request id re-sent from another session is a conflict, not a replay",
        file: "crates/foureyes-core/src/types.rs",
        original: "            #[serde(skip_serializing_if = \"Option::is_none\")]\n            session: &'a Option<String>,",
        broken: "            #[serde(skip)]\n            session: &'a Option<String>,",
        package: "foureyes-store-sqlite",
        filter: "session_trust_demotes_cools_and_restores",
        also: &[],
    },
    Mutation {
        property: "a TOTP step-up code is accepted once: a step at or before the journal's last is refused whatever the row says (ADR-1160)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "is_some_and(|last| step <= last)",
        broken: "is_some_and(|last| step < last)",
        package: "foureyes-store-sqlite",
        filter: "sqlite_conformance::a_step_up_approvers_totp_columns_edited_by_hand_are_named_and_grant_nothing",
        also: &[],
    },
    Mutation {
        property: "an MCP call is forwarded only by the retry whose decide made the decision",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "DecisionStatus::Intended if !replayed => {",
        broken: "DecisionStatus::Intended => {",
        package: "foureyes-mcp",
        filter: "identical_retries_racing_in_two_proxies_forward_once",
        also: &[],
    },
    Mutation {
        property: "once an agent has an executor, only the executor reports its outcomes",
        file: "crates/foureyes-server/src/api.rs",
        original: "        if !executors.is_empty() {",
        broken: "        if false && !executors.is_empty() {",
        package: "foureyes-server",
        filter: "once_an_agent_has_an_executor_its_own_report_is_refused_and_releases_nothing",
        also: &["revoking_the_executor_gives_the_agent_its_reporting_back"],
    },
    Mutation {
        property: "a webhook message is posted by the one notifier (replica) that claimed it",
        file: "crates/foureyes-notify/src/lib.rs",
        original: "match self.store.claim_notification(event.seq, &channel.key, now_ms()).await {",
        broken: "match self.store.claim_notification(event.seq, &channel.key, now_ms()).await.map(|_| true) {",
        package: "foureyes-notify",
        filter: "two_notifiers_on_one_store_post_each_event_once_to_each_webhook",
        also: &[],
    },
    Mutation {
        property: "finish refuses a workspace that drifted from the checked revision",
        file: "apps/change-control/src/model.rs",
        original: "if let Some(why) = s.drift(workspace) {",
        broken: "if let Some(why) = None::<String> {",
        package: "change-control",
        filter: "finish_refuses_a_workspace_that_drifted_from_the_checked_revision",
        also: &[],
    },
    Mutation {
        property: "finish refuses a workspace that drifted from the checked revision (through the CLI)",
        file: "apps/change-control/src/model.rs",
        original: "if let Some(why) = s.drift(workspace) {",
        broken: "if let Some(why) = None::<String> {",
        package: "foureyes",
        filter: "finish_refuses_a_workspace_that_drifted_from_the_checked_revision",
        also: &[],
    },
    Mutation {
        property: "a check neither sees nor signals a process outside it (the sandbox's PID namespace)",
        file: "apps/change-control/src/sandbox.rs",
        original: r#"for a in ["--die-with-parent", "--unshare-all", "--new-session"] {"#,
        broken: r#"for a in ["--die-with-parent", "--unshare-user-try", "--unshare-ipc", "--unshare-net", "--unshare-uts", "--new-session"] {"#,
        package: "foureyes",
        filter: "a_check_neither_sees_nor_signals_a_process_outside_it",
        also: &[],
    },
    Mutation {
        property: "a setsid child of an unsandboxed check ends with the check (its cgroup is killed, F568)",
        file: "apps/change-control/src/cli.rs",
        original: "    // there, out of the process group) ends with it.\n    for c in cgroups.iter().copied().flatten() {\n        c.kill_all();",
        broken: "    // there, out of the process group) ends with it.\n    for c in cgroups.iter().copied().flatten().take(0) {\n        c.kill_all();",
        package: "foureyes",
        filter: "without_the_sandbox_a_quiet_setsid_child_ends_with_the_check",
        also: &[],
    },
    Mutation {
        property: "a setsid child holding an unsandboxed check's output is killed and the output kept (F568)",
        file: "apps/change-control/src/cli.rs",
        original: "            kill_group(child.id());\n            for c in cgroups.iter().copied().flatten() {\n                c.kill_all();",
        broken: "            kill_group(child.id());\n            for c in cgroups.iter().copied().flatten().take(0) {\n                c.kill_all();",
        package: "foureyes",
        filter: "without_the_sandbox_a_setsid_child_ends_with_the_check_through_its_cgroup",
        also: &[],
    },
    Mutation {
        property: "serve announces its address only once its start is done (F630, ADR-630)",
        file: "crates/foureyes/src/serve.rs",
        original: "    fn push(&mut self, line: String) {\n        self.lines.push((line, false));",
        broken: "    fn push(&mut self, line: String) {\n        println!(\"{line}\");",
        package: "foureyes",
        filter: "a_server_announces_its_address_only_once_its_start_is_done",
        also: &[],
    },
    Mutation {
        property: "an SSE subscriber sends the events queued for it in one write (ADR-631)",
        file: "crates/foureyes-server/src/events.rs",
        original: "        while chunk.len() < BATCH {",
        broken: "        while chunk.is_empty() {",
        package: "foureyes-server",
        filter: "a_subscriber_sends_the_events_queued_for_it_in_one_write",
        also: &[],
    },
    Mutation {
        property: "a slow or idle peer is closed within the header timeout",
        file: "crates/foureyes-server/src/listen.rs",
        original: "            .header_read_timeout(limits.header_timeout)",
        broken: "            /* teeth: no header read timeout */",
        package: "foureyes-server",
        filter: "a_slow_header_is_closed_within_the_header_timeout",
        also: &["an_idle_keep_alive_connection_is_closed_within_the_header_timeout"],
    },
    Mutation {
        property: "a slow body is answered 408 and closed within the request timeout",
        file: "crates/foureyes-server/src/lib.rs",
        original: "            state.limits.request_timeout,",
        broken: "            std::time::Duration::from_secs(3600),",
        package: "foureyes-server",
        filter: "a_slow_body_gets_408_and_is_closed_within_the_request_timeout",
        also: &[],
    },
    Mutation {
        property: "past the connection cap a client gets a clean 503",
        file: "crates/foureyes-server/src/listen.rs",
        original: "Semaphore::new(limits.max_connections)",
        broken: "Semaphore::new(1_000_000)",
        package: "foureyes-server",
        filter: "at_the_connection_cap_a_client_gets_a_clean_503_and_the_shed_is_counted",
        also: &[],
    },
    Mutation {
        property: "past the waiter cap a wait gets 503",
        file: "crates/foureyes-server/src/api.rs",
        original: "    let _permit = state.admit(false)?;",
        broken: "    let _permit = state.admit(false).ok();",
        package: "foureyes-server",
        filter: "past_the_waiter_cap_a_wait_gets_503_with_retry_after",
        also: &[],
    },
    Mutation {
        property: "the change feed wakes the waiter whose record an event names",
        file: "crates/foureyes-server/src/feed.rs",
        original: "                tx.send_replace(event.seq);",
        broken: "                let _ = (tx, event.seq);",
        package: "foureyes-server",
        filter: "waiters_wake_on_their_own_record_and_do_not_re_read_on_other_writes",
        also: &["an_approval_written_by_another_process_wakes_its_waiter_through_the_feeds_poll"],
    },
    Mutation {
        property: "a denied or deferred action never reaches its connector (FourEyes executes)",
        file: "crates/foureyes-connect/src/door.rs",
        original: "if decision.verdict != Verdict::Permit || decided.replayed {",
        broken: "if decision.verdict == Verdict::DryRun || decided.replayed {",
        package: "foureyes-connect",
        filter: "a_denied_or_deferred_action_never_reaches_its_connector",
        also: &["a_denied_or_deferred_tool_call_never_reaches_the_server"],
    },
    Mutation {
        property: "a permitted action runs its connector once (FourEyes executes)",
        file: "crates/foureyes-connect/src/door.rs",
        original: "if decision.verdict != Verdict::Permit || decided.replayed {",
        broken: "if decision.verdict != Verdict::Permit {",
        package: "foureyes-connect",
        filter: "a_permit_runs_its_connector_once_and_reports",
        also: &[
            "a_crash_between_permit_and_report_is_listed_and_never_rerun",
            "a_permitted_tool_call_runs_once_on_each_transport",
        ],
    },
    Mutation {
        property: "repeated refusals of one credential become one summary and a 429, not a journal flood",
        file: "crates/foureyes-server/src/ops.rs",
        original: "        Verdict::Journal => match state.journal_refusal(who, error.code, &error.message, input).await {",
        broken: "        _ => match state.journal_refusal(who, error.code, &error.message, input).await {",
        package: "foureyes-server",
        filter: "a_flood_of_malformed_bodies_from_one_token_adds_a_bounded_summary_and_is_throttled",
        also: &[],
    },
    Mutation {
        property: "a door refuses to decide on a journal whose chain is broken",
        file: "crates/foureyes-store/src/checkpoint.rs",
        original: "        broken => Ok(Err(broken)),",
        broken: "        _broken => Ok(Ok(0)),",
        package: "foureyes",
        filter: "a_decide_on_a_broken_chain_is_refused_naming_the_seq",
        also: &[],
    },
    Mutation {
        property: "a journal rewritten with recomputed hashes fails against a signed checkpoint",
        file: "crates/foureyes-store/src/checkpoint.rs",
        original: "    if old_root != checkpoint.root {",
        broken: "    if false && old_root != checkpoint.root {",
        package: "foureyes",
        filter: "a_journal_rewritten_with_recomputed_hashes_fails_against_a_signed_checkpoint",
        also: &[],
    },
    Mutation {
        property: "a journal whose tail was dropped fails against a signed checkpoint",
        file: "crates/foureyes-store/src/checkpoint.rs",
        original: "    if head < checkpoint.size {",
        broken: "    if head < checkpoint.size && false {",
        package: "foureyes",
        filter: "a_journal_whose_tail_was_dropped_fails_against_a_signed_checkpoint",
        also: &[],
    },
    Mutation {
        property: "an inclusion proof must lead to the signed root",
        file: "crates/foureyes-core/src/merkle.rs",
        original: "    if &r != root {",
        broken: "    if false && &r != root {",
        package: "foureyes-core",
        filter: "every_proof_up_to_forty_leaves_verifies_and_every_tampered_one_fails",
        also: &[],
    },
    Mutation {
        property: "a checkpoint's signature is checked",
        file: "crates/foureyes-core/src/checkpoint.rs",
        original: "            self.key.verify(body.as_bytes(), &signature).map_err(|_| NoteError::BadSignature(self.name.clone()))?;",
        broken: "            let _ = self.key.verify(body.as_bytes(), &signature);",
        package: "foureyes-core",
        filter: "any_change_to_a_note_is_refused",
        also: &[],
    },
    Mutation {
        property: "a connector never requests a URL or redirect outside its allowed origins",
        file: "crates/foureyes-connect/src/run.rs",
        original: "    if !accepted {",
        broken: "    if false && !accepted {",
        package: "foureyes-connect",
        filter: "failures_are_honest_about_what_may_have_happened",
        also: &["urls_are_judged_by_the_policys_canonicaliser"],
    },
    Mutation {
        property: "MCP parse parity: no forwarded frame holds a line break any reader honours",
        file: "crates/foureyes-mcp/src/parity.rs",
        original: "    if !needs_normalizing(message) {",
        broken: "    if true || !needs_normalizing(message) {",
        package: "foureyes-mcp",
        filter: "raw_crs_cannot_smuggle_a_tools_call_past_the_stdio_router_to_a_python_server",
        also: &["line_breaks_of_every_reader_are_gone_and_the_value_is_the_same"],
    },
    Mutation {
        property: "MCP one id in flight (stdio, bridge, remote engine): a duplicate request goes nowhere",
        file: "crates/foureyes-mcp/src/stdio.rs",
        original: "std::collections::hash_map::Entry::Occupied(_) => false,",
        broken: "std::collections::hash_map::Entry::Occupied(_) => true,",
        package: "foureyes-mcp",
        filter: "a_colliding_id_cannot_pin_an_error_on_a_running_call_on_stdio",
        also: &[],
    },
    Mutation {
        property: "MCP one id in flight (HTTP): a duplicate request in a session goes nowhere",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "        if !busy.is_empty() {",
        broken: "        if false && !busy.is_empty() {",
        package: "foureyes-mcp",
        filter: "a_colliding_id_cannot_pin_an_error_on_a_running_call_over_http",
        also: &[],
    },
    Mutation {
        property: "a number the approval digest cannot name exactly is refused before judging",
        file: "crates/foureyes-core/src/number.rs",
        original: "(Some(written), Some(double)) => written == double,",
        broken: "(Some(written), Some(double)) => written == written || double == double,",
        package: "foureyes-core",
        filter: "every_fixture_case_gives_its_expected_verdict",
        also: &["the_repositorys_own_policies_pass_their_tests"],
    },
    Mutation {
        property: "a URL param is matched on its parsed host, never on a user name before it",
        file: "crates/foureyes-core/src/urls.rs",
        original: "if !u.username().is_empty() || u.password().is_some() {",
        broken: "if false && (!u.username().is_empty() || u.password().is_some()) {",
        package: "foureyes-core",
        filter: "every_fixture_case_gives_its_expected_verdict",
        also: &[],
    },
    Mutation {
        property: "a shared effect's caps count every action that declares it",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "owner: cap.effect.map_or_else(|| request.action.clone(), |e| effect_owner(&e.effect)),",
        broken: "owner: request.action.clone(),",
        package: "foureyes-store-sqlite",
        filter: "effect_caps_are_shared_across_actions",
        also: &[],
    },
    Mutation {
        property: "the SQLite read pool never opens more than its connections",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "            self.read_permits.acquire().await.map_err(|_| StoreError::Backend(\"the read pool is closed\".into()))?;",
        broken: "            self.read_permits.try_acquire().ok();",
        package: "foureyes-store-sqlite",
        filter: "three_hundred_concurrent_reads_use_at_most_the_pools_connections",
        also: &[],
    },
    Mutation {
        property: "a SQLite caller committing its own job never waits on its thread for another process's lock (ADR-790)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "let begun = w.conn.busy_timeout(Duration::ZERO).and_then(|()| step(&w.conn, self.commits.begin));",
        broken: "let begun = step(&w.conn, self.commits.begin);",
        package: "foureyes-store-sqlite",
        filter: "a_write_waiting_for_another_process_does_not_hold_the_callers_thread",
        also: &[],
    },
    Mutation {
        property: "a SQLite decision row deleted by hand does not make its id issued again without AUTOINCREMENT (ADR-791)",
        file: "crates/foureyes-store-sqlite/src/ops.rs",
        original: "MAX(?20, (SELECT COALESCE(MAX(id), 0) + 1 FROM decisions))",
        broken: "MAX(0 * ?20, (SELECT COALESCE(MAX(id), 0) + 1 FROM decisions))",
        package: "foureyes-store-sqlite",
        filter: "the_newest_rows_deleted_by_hand_do_not_make_their_ids_issued_again",
        also: &[],
    },
    Mutation {
        property: "a failed report releases its reservation rows, found by the journal's ids (ADR-920)",
        file: "crates/foureyes-store-sqlite/src/ops.rs",
        original: "UPDATE reservations SET released = 1 WHERE id = ?1 AND decision_id = ?2 AND released = 0",
        broken: "UPDATE reservations SET released = 1 WHERE id = ?1 AND decision_id = ?2 AND released = 0 AND 0",
        package: "foureyes-store-sqlite",
        filter: "a_failed_report_releases_its_reservation_rows_by_the_journals_ids",
        also: &["a_version_10_database_migrates_to_version_11_keeping_usage_and_releases"],
    },
    Mutation {
        property: "a failed commit (write, fsync, full disk) fail-stops the SQLite store",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    let _ = stopped.set(e.to_string());\n    let _ = conn.execute_batch(\"ROLLBACK\");\n}",
        broken: "    let _ = (stopped, e);\n    let _ = conn.execute_batch(\"ROLLBACK\");\n}",
        package: "foureyes",
        filter: "a_failed_fsync_stops_the_sqlite_store_and_loses_nothing_acknowledged",
        also: &[
            "a_failed_write_eio_stops_the_sqlite_store_and_loses_nothing_acknowledged",
            "a_full_disk_enospc_stops_the_sqlite_store_and_loses_nothing_acknowledged",
            "a_really_full_disk_stops_the_sqlite_store_and_loses_nothing_acknowledged",
        ],
    },
    Mutation {
        property: "a wall clock step never frees budget early nor re-opens undo windows and approvals",
        file: "crates/foureyes-server/src/clock.rs",
        original: "Reading { mono_ms: mono_ms.max(prev.mono_ms), now_ms: prev.now_ms + (mono_ms - prev.mono_ms).max(0) }",
        broken: "Reading { mono_ms: mono_ms.max(prev.mono_ms), now_ms: jiff::Timestamp::now().as_millisecond() }",
        package: "foureyes",
        filter: "a_forward_clock_step_never_frees_budget_early",
        also: &["a_backward_clock_step_never_reopens_an_undo_window_or_revives_an_approval"],
    },
    Mutation {
        property: "a clock set back in a CLI process or across a restart reopens nothing (ADR-730, F730)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "            Some(boottime) => anchored_now(reference, boottime),",
        broken: "            Some(boottime) => wall.min(anchored_now(reference, boottime)),",
        package: "foureyes",
        filter: "a_clock_set_back_after_the_record_went_quiet_reopens_nothing",
        also: &[],
    },
    Mutation {
        property: "a clock step the door cannot measure fails closed (ADR-730, F730)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "    if wall_ms < floor_ms.saturating_sub(1_000) {",
        broken: "    if wall_ms < i64::MIN {",
        package: "foureyes",
        filter: "a_clock_set_back_after_the_record_went_quiet_reopens_nothing",
        also: &[],
    },
    Mutation {
        property: "a clock stepped forward in one process neither overspends nor spreads (ADR-730, F731)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "            Some(boottime) => anchored_now(reference, boottime),",
        broken: "            Some(boottime) => wall.max(anchored_now(reference, boottime)),",
        package: "foureyes",
        filter: "a_clock_stepped_forward_in_one_process_neither_overspends_nor_sets_the_time_for_later_ones",
        also: &["a_replica_started_with_its_clock_ahead_reads_the_database_servers_time_and_overspends_nothing"],
    },
    Mutation {
        property: "a forged approval row grants nothing",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        check_approval_authority(w, a, &request.agent, now_ms).await?;",
        broken: "        if false { check_approval_authority(w, a, &request.agent, now_ms).await?; }",
        package: "foureyes",
        filter: "a_forged_approval_row_releases_nothing",
        also: &[],
    },
    Mutation {
        property: "a reservation zeroed by hand does not lower usage (ADR-180)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        let held = w.authority().usage_without(&q.owner, &q.key, &q.scope, q.since_ms, &released);",
        broken: "        let held = w.usage(&q.owner, &q.key, &q.scope, q.since_ms).await.map(|r| crate::authority::Held { count: r.count, units: i128::from(r.units), oldest_ms: r.oldest_ms })?;",
        package: "foureyes",
        filter: "zeroed_reservations_do_not_overspend",
        also: &[],
    },
    Mutation {
        property: "a vote row inserted by hand counts for nothing (ADR-180)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        check_approval_authority(w, &row, approver, now_ms).await?;",
        broken: "        if false { check_approval_authority(w, &row, approver, now_ms).await?; }",
        package: "foureyes",
        filter: "a_vote_inserted_by_hand_counts_for_nothing",
        also: &[],
    },
    Mutation {
        property: "the kill switch turned off by hand still stops actions (ADR-180)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        kill_switch: w.authority().kill_switch(),",
        broken: "        kill_switch: kill_switch(w).await?,",
        package: "foureyes",
        filter: "a_kill_switch_turned_off_by_hand_still_stops_actions",
        also: &[],
    },
    Mutation {
        property: "a demotion ended by hand still holds (ADR-180)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    for mut d in w.authority().active_demotions(agent, session_key(session)) {",
        broken: "    for mut d in w.active_demotions(agent, session_key(session)).await? {",
        package: "foureyes",
        filter: "a_demotion_ended_by_hand_still_holds",
        also: &[],
    },
    Mutation {
        property: "a credential role edited by hand grants nothing (ADR-180)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "known.get(&principal.name))\n    };\n    let Some((field, row, journaled)) = differs else {",
        broken: "known.get(&principal.name))\n    };\n    let Some((field, row, journaled)) = differs.filter(|_| false) else {",
        package: "foureyes",
        filter: "a_credential_role_edited_by_hand_grants_nothing",
        also: &[],
    },
    Mutation {
        property: "a check runs on the runner's private copy of the revision, never on the live workspace",
        file: "apps/change-control/src/sandbox.rs",
        original: "    let bound = copy.workspace();",
        broken: "    let bound = &crate::workspace::Workspace::open(&config.workspace)?;",
        package: "foureyes",
        filter: "a_hard_link_planted_in_a_writable_directory_cannot_carry_a_write_out_of_the_sandbox",
        also: &["a_file_edited_during_the_check_and_restored_before_it_ends_does_not_verify_the_revision"],
    },
    Mutation {
        property: "directories (even empty) are part of the workspace manifest",
        file: "apps/change-control/src/workspace.rs",
        original: "                if above_writable(&rel, writable) {",
        broken: "                if true || above_writable(&rel, writable) {",
        package: "foureyes",
        filter: "an_empty_directory_or_a_changed_mode_is_drift",
        also: &[],
    },
    Mutation {
        property: "a proposed path inside a --writable directory is refused at propose",
        file: "apps/change-control/src/model.rs",
        original: ".find(|f| clashes_with_writable(&f.path, writable))",
        broken: ".find(|f| clashes_with_writable(&f.path, writable) && false)",
        package: "change-control",
        filter: "a_proposed_path_inside_a_writable_directory_is_refused",
        also: &[],
    },
    Mutation {
        property: "the check cannot reach the host's Unix sockets under /run",
        file: "apps/change-control/src/sandbox.rs",
        original: r#"const HIDDEN: [&str; 4] = ["/tmp", "/var/tmp", "/run", "/var/run"];"#,
        broken: r#"const HIDDEN: [&str; 4] = ["/tmp", "/var/tmp", "/teeth-not-run", "/var/run"];"#,
        package: "foureyes",
        filter: "the_check_cannot_reach_host_unix_sockets",
        also: &[],
    },
    Mutation {
        property: "MCP one id in flight: an id peers read as another (7.0, 7e0, -0, past 2^53) goes nowhere",
        file: "crates/foureyes-mcp/src/jsonrpc.rs",
        original: "(Some(_), true) if !self.id.is_some_and(unambiguous_id) => Kind::Invalid,",
        broken: "(Some(_), true) if false && !self.id.is_some_and(unambiguous_id) => Kind::Invalid,",
        package: "foureyes-rmcp-recorder",
        filter: "an_id_written_as_another_number_cannot_pin_an_error_on_a_running_call",
        also: &[],
    },
    Mutation {
        property: "journal audit names every edited column the journal can replay",
        file: "crates/foureyes-store/src/replay.rs",
        original: "            if stored != value {",
        broken: "            if false && stored != value {",
        package: "foureyes",
        filter: "audit_names_an_edited_decision",
        also: &[
            "audit_names_an_edited_reservation",
            "audit_names_an_edited_approval",
            "audit_names_an_edited_demotion",
            "audit_names_an_edited_credential",
            "audit_names_an_edited_idempotency_entry",
            "audit_names_an_edited_setting",
        ],
    },
    Mutation {
        property: "journal audit names a row no event wrote",
        file: "crates/foureyes-store/src/replay.rs",
        original: "        if journal.is_none() {",
        broken: "        if false && journal.is_none() {",
        package: "foureyes",
        filter: "audit_names_a_forged_vote",
        also: &[],
    },
    Mutation {
        property: "canonical JSON sorts names by UTF-16 code units (journal hashes, digests)",
        file: "crates/foureyes-core/src/canonical/jcs.rs",
        original: "if inner.iter().all(|&b| b != b'\\\\' && b < 0x80) {",
        broken: "if inner.iter().all(|&b| b != b'\\\\') {",
        package: "foureyes-core",
        filter: "same_bytes_as_serde_json_canonicalizer",
        also: &["keys_sort_by_utf16_code_units_not_bytes"],
    },
    Mutation {
        property: "a journal event is hashed over the canonical object of its fields",
        file: "crates/foureyes-core/src/journal.rs",
        original: "        \",\\\"prev_hash\\\":\",\n        &prev_hash,",
        broken: "        \",\\\"prev_hash\\\":\",\n        &kind,",
        package: "foureyes-core",
        filter: "the_hash_is_the_canonical_object_s",
        also: &["an_encoded_event_is_the_event_of_its_data"],
    },
    Mutation {
        property: "a connector's URL and each redirect also pass the rules of the action's `type: url` params",
        file: "crates/foureyes-connect/src/run.rs",
        original: "    for (name, rule) in &checks.params {",
        broken: "    for (name, rule) in checks.params.iter().take(0) {",
        package: "foureyes-connect",
        filter: "urls_are_judged_by_the_policys_canonicaliser",
        also: &[],
    },
    Mutation {
        property: "a gated tools/call forwards only name, arguments and protocol _meta (ADR-160, ADR-379)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "let mut params = Map::new();",
        broken: "let mut params = self.params.clone();",
        package: "foureyes-mcp",
        filter: "unknown_params_are_dropped_and_protocol_meta_passes",
        also: &[],
    },
    Mutation {
        property: "a task-augmented or multi-round tools/call is refused, never forwarded (ADR-160)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "let unsupported = REFUSED_PARAMS.iter().find(|(k, _)| params.contains_key(*k)).map(|(_, why)| why.to_string());",
        broken: "let unsupported: Option<String> = None;",
        package: "foureyes-mcp",
        filter: "a_task_augmented_call_is_refused_and_runs_nothing",
        also: &["input_responses_and_request_state_are_refused"],
    },
    Mutation {
        property: "a tool whose definition is not its pin is hidden and its calls refused (ADR-161)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "if pinned.as_deref() == Some(seen.as_str()) {",
        broken: "if pinned.is_some() {",
        package: "foureyes-mcp",
        filter: "a_changed_tool_definition_is_hidden_and_refused_until_a_person_re_pins_it",
        also: &["a_policy_pin_admits_only_its_definition"],
    },
    Mutation {
        property: "a first-seen tool pin never replaces a pin (ADR-161)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "if pin.cause == PinCause::FirstSeen && pins.contains_key(&key) {",
        broken: "if false {",
        package: "foureyes-core",
        filter: "a_first_seen_pin_never_replaces_one_and_an_approved_one_always_does",
        also: &[],
    },
    Mutation {
        property: "a connector secret is never set or rotated without a journal entry naming it and who",
        file: "crates/foureyes/src/execute.rs",
        original: "            let seq = store.journal_secret_set(&name, &by, rotation, Some(&binding), now_ms()).await?;",
        broken: "            let seq = if false { store.journal_secret_set(&name, &by, rotation, Some(&binding), now_ms()).await? } else { 0 };",
        package: "foureyes",
        filter: "a_secret_rotation_is_journaled_by_name_and_who_never_the_value",
        also: &[],
    },
    // conn7 (attack 28, H3/H4; ADR-958, F958)
    Mutation {
        property: "secrets: a connector secret's row opens only if it is the value its newest secret_set bound (F958)",
        file: "crates/foureyes-connect/src/secrets.rs",
        original: "Some((_, Some(binding))) if binding == row.binding() => Ok(()),",
        broken: "Some((_, Some(_))) => Ok(()),",
        package: "foureyes-connect",
        filter: "attack28_h",
        also: &[],
    },
    Mutation {
        property: "secrets: every executing door checks its secrets against its own store's journal (F958)",
        file: "crates/foureyes/src/execute.rs",
        original: "let secrets = secrets.map(|s| s.with_journal(store.clone()));",
        broken: "let secrets = secrets;",
        package: "foureyes",
        filter: "a_secret_rolled_back_by_a_database_writer_is_refused_not_sent",
        also: &[],
    },
    Mutation {
        property: "a connector run's start is marked before anything is sent (crash honesty)",
        file: "crates/foureyes-connect/src/door.rs",
        original: "        if let Err(e) = self.store.connector_started(decision.decision_id, spec.kind(), REPORTER, (self.clock)()).await\n",
        broken: "        if let Err(e) = Ok::<u64, StoreError>(0)\n",
        package: "foureyes-connect",
        filter: "a_crash_between_permit_and_report_is_listed_and_never_rerun",
        also: &[],
    },
    Mutation {
        property: "a decision row edited by hand is not replayed (ADR-240)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    check_decision_authority(w, &stored, now_ms).await?;",
        broken: "    if false { check_decision_authority(w, &stored, now_ms).await?; }",
        package: "foureyes",
        filter: "a_deferral_edited_to_permit_is_not_replayed",
        also: &[],
    },
    Mutation {
        property: "an idempotency row edited by hand answers nothing (ADR-240)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    check_idempotency_authority(w, &request, row.as_ref(), now_ms).await?;",
        broken: "    if false { check_idempotency_authority(w, &request, row.as_ref(), now_ms).await?; }",
        package: "foureyes",
        filter: "an_idempotency_row_pointed_elsewhere_is_refused",
        also: &[],
    },
    Mutation {
        property: "a decision set back to intended by hand is not re-reported and releases nothing (ADR-240)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "is what the journal says (ADR-240).\n    check_decision_authority(w, &record, now_ms).await?;",
        broken: "is what the journal says (ADR-240).\n    if false { check_decision_authority(w, &record, now_ms).await?; }",
        package: "foureyes",
        filter: "an_executed_decision_set_back_by_hand_releases_nothing",
        also: &[],
    },
    Mutation {
        property: "the kill switch's status is the journal's, not the row's (ADR-241)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    catch_up(w).await?;\n    Ok(w.authority().kill_switch())",
        broken: "    kill_switch(w).await",
        package: "foureyes",
        filter: "kill_switch_status_tells_the_journal_not_the_row",
        also: &[],
    },
    Mutation {
        property: "a check run by a root runner has no capabilities (unprivileged uid, --cap-drop ALL)",
        file: "apps/change-control/src/sandbox.rs",
        original: r#"for a in ["--unshare-user", "--disable-userns", "--uid", SANDBOX_ID, "--gid", SANDBOX_ID, "--cap-drop", "ALL"] {"#,
        broken: r#"for a in ["--unshare-user-try"] {"#,
        package: "foureyes",
        filter: "a_check_run_by_a_root_runner_has_no_capabilities_and_cannot_remount_or_write_outside",
        also: &[],
    },
    Mutation {
        property: "a descriptor the runner inherited does not reach the check",
        file: "apps/change-control/src/cli.rs",
        original: "    close_fds::set_fds_cloexec_threadsafe(3, &keep);",
        broken: "    let _ = &keep;",
        package: "foureyes",
        filter: "a_descriptor_the_runner_inherited_does_not_reach_the_check",
        also: &[],
    },
    Mutation {
        property: "a sensitive glob without a leading / matches at any depth (sub/.config/nextest.toml)",
        file: "apps/change-control/src/model.rs",
        original: "            (0..p.len()).any(|skip| components_match(&g, &p[skip..]))",
        broken: "            (0..p.len().min(1)).any(|skip| components_match(&g, &p[skip..]))",
        package: "change-control",
        filter: "the_default_sensitive_list_covers_ci_build_files_and_globs_match_at_any_depth",
        also: &[],
    },
    Mutation {
        property: "the runner copies only what the revision holds, at its size (no sparse-file amplification)",
        file: "apps/change-control/src/workspace.rs",
        original: "                    Some(Some(e)) if e.kind == EntryKind::File && e.bytes == size => size + 1,",
        broken: "                    Some(_) if !rel.is_empty() => u64::MAX,",
        package: "foureyes",
        filter: "a_sparse_file_the_agent_planted_is_never_copied_before_the_drift_is_found",
        also: &[],
    },
    Mutation {
        property: "the check does not see the live directories above the workspace",
        file: "apps/change-control/src/sandbox.rs",
        original: r#"    for a in ["--dev", "/dev"] {"#,
        broken: r#"    for a in ["--ro-bind", "/", "/", "--dev", "/dev"] {"#,
        package: "foureyes",
        filter: "a_file_planted_above_the_workspace_is_not_seen_by_the_check",
        also: &[],
    },
    Mutation {
        property: "an expired reservation is released once and only once",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                self.clear_deadline(x.decision_id);",
        broken: "                let _ = x.decision_id;",
        package: "foureyes-store-sqlite",
        filter: "an_unreported_permit_is_released_once_past_its_deadline",
        also: &[],
    },
    Mutation {
        property: "past its deadline, an unreported permit is released by the next decision reading its key",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        for id in w.authority().overdue(&q.owner, &q.key, &q.scope, now_ms) {",
        broken: "        for id in Vec::<DecisionId>::new() {",
        package: "foureyes-store-sqlite",
        filter: "an_unreported_permit_is_released_once_past_its_deadline",
        also: &[],
    },
    Mutation {
        property: "no reservation is released before its deadline (a clock stepped back only postpones it)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        self.due[*index].range(..(now_ms, DecisionId::MIN)).map(|(_, id)| *id).collect()",
        broken: "        self.due[*index].range(..(now_ms.saturating_add(300_000), DecisionId::MIN)).map(|(_, id)| *id).collect()",
        package: "foureyes-store",
        filter: "an_overdue_permit_is_found_on_each_of_its_keys_and_released_once",
        also: &[],
    },
    Mutation {
        property: "a new action rehearses for its period, counted from the journal's policy_loaded",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    let introduced_at_ms = Some(w.authority().introduced_at(&request.action).unwrap_or(now_ms));",
        broken: "    let introduced_at_ms = None;",
        package: "foureyes-store-sqlite",
        filter: "new_actions_rehearse_from_the_policy_that_introduced_them",
        also: &["an_edited_policy_row_does_not_keep_a_new_policy_out_of_the_journal"],
    },
    Mutation {
        property: "an action introduced by a policy_loaded rehearses until introduction + dry_run_for",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "    if spec.tier == 0 || now_ms >= until {",
        broken: "    if spec.tier == 0 || now_ms >= introduced {",
        package: "foureyes-core",
        filter: "every_fixture_case_gives_its_expected_verdict",
        also: &["a_new_action_rehearses_for_its_period_and_says_so"],
    },
    Mutation {
        property: "which actions a policy introduces is the journal's, not the policy_sha256 row's",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    let journaled = w.authority().policy_sha256() == Some(sha256);",
        broken: "    if w.setting(\"policy_sha256\").await?.as_deref() == Some(sha256) { return Ok(false); }\n    let journaled = w.authority().policy_sha256() == Some(sha256);",
        package: "foureyes-store-sqlite",
        filter: "an_edited_policy_row_does_not_keep_a_new_policy_out_of_the_journal",
        also: &[],
    },
    Mutation {
        property: "serve refuses a database that does not extend every checkpoint of its witness (R)",
        file: "crates/foureyes-store/src/checkpoint.rs",
        original: "        if *root != c.root {\n            let chain",
        broken: "        if *root != c.root && i + 1 == total {\n            let chain",
        package: "foureyes",
        filter: "a_database_rolled_back_under_a_witness_is_refused_at_start_and_by_every_note",
        also: &[],
    },
    Mutation {
        property: "MCP cancellation: a cancel naming a held call, in any spelling a peer reads, ends the hold (stdio)",
        file: "crates/foureyes-mcp/src/stdio.rs",
        original: "        if let Some(entry) = state.gating.get_mut(&target) {",
        broken: "        if false && let Some(entry) = state.gating.get_mut(&target) {",
        package: "foureyes-mcp",
        filter: "a_held_call_cancelled_with_its_id_in_another_spelling_never_runs",
        also: &[],
    },
    Mutation {
        property: "MCP cancellation: a cancel ends a held call over Streamable HTTP",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "    if state.held.cancel(session, &target) {",
        broken: "    if false && state.held.cancel(session, &target) {",
        package: "foureyes-mcp",
        filter: "a_held_call_cancelled_over_http_never_runs",
        also: &[],
    },
    Mutation {
        property: "MCP one id in flight: 7 and \"7\" are one id (the Python SDK's reading)",
        file: "crates/foureyes-mcp/src/jsonrpc.rs",
        original: "        Value::String(s) if canonical_integer(s) => s.clone(),",
        broken: "        Value::String(s) if false && canonical_integer(s) => s.clone(),",
        package: "foureyes-mcp",
        filter: "an_id_and_the_same_digits_as_a_string_are_one_request_in_flight",
        also: &[],
    },
    Mutation {
        property: "what finish delivers is the runner's copy of the checked revision, not the live workspace",
        file: "apps/change-control/src/cli.rs",
        original: "        delivered = Some(target.to_string_lossy().into_owned());",
        broken: "        delivered = Some(state.config.workspace.clone());",
        package: "foureyes",
        filter: "what_finish_delivers_is_the_checked_code_even_when_the_agent_rewrites_a_file_finish_has_read",
        also: &["nothing_planted_in_a_writable_directory_after_the_check_is_delivered"],
    },
    Mutation {
        property: "a URL template value cannot be a dot segment (attack6 H1)",
        file: "crates/foureyes-connect/src/template.rs",
        original: "    if text == \".\" || text == \"..\" {",
        broken: "    if false && (text == \".\" || text == \"..\") {",
        package: "foureyes-connect",
        filter: "h1_dot_segments_from_a_template_never_change_the_path",
        also: &["a_dot_segment_value_is_refused_in_a_url"],
    },
    Mutation {
        property: "a response cut inside a secret keeps no piece of it (attack6 H2)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "    let limit = cap + redactor.longest();",
        broken: "    let limit = cap;",
        package: "foureyes-connect",
        filter: "h2_a_response_cut_inside_a_secret_keeps_no_piece_of_it",
        also: &[],
    },
    Mutation {
        property: "an output tail cut inside a secret keeps no piece of it (attack6 H3)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "    let limit = redactor.longest() + cap;",
        broken: "    let limit = cap;",
        package: "foureyes-connect",
        filter: "h3_an_output_tail_cut_inside_a_secret_keeps_no_piece_of_it",
        also: &[],
    },
    Mutation {
        property: "a secret re-encoded by the target is redacted (attack6 H4)",
        file: "crates/foureyes-connect/src/redact.rs",
        original: "            for form in forms_of(value) {",
        broken: "            for form in forms_of(value).into_iter().take(1) {",
        package: "foureyes-connect",
        filter: "h4_a_secret_re_encoded_by_the_target_is_redacted",
        also: &["every_encoding_is_redacted"],
    },
    Mutation {
        property: "a param is never read as an option by a command (attack6 H5)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "    if index > 0 && !options_ended && expression_at(source) == Some(0) && rendered.starts_with('-') {",
        broken: "    if false && index > 0 && !options_ended && expression_at(source) == Some(0) && rendered.starts_with('-') {",
        package: "foureyes-connect",
        filter: "h5_a_param_is_never_read_as_an_option",
        also: &[],
    },
    Mutation {
        property: "a command's deadline kills its whole process group",
        file: "crates/foureyes-connect/src/run.rs",
        original: "            kill_group(&mut child);",
        broken: "            let _ = child.start_kill();",
        package: "foureyes-connect",
        filter: "a_deadline_kills_the_whole_process_group",
        also: &[],
    },
    Mutation {
        property: "a listed name resolving to loopback is not connected to",
        file: "crates/foureyes-connect/src/run.rs",
        original: "            let named = lower != \"localhost\" && !lower.ends_with(\".localhost\");",
        broken: "            let named = false;",
        package: "foureyes-connect",
        filter: "a_listed_name_that_resolves_to_loopback_is_not_sent_to",
        also: &[],
    },
    Mutation {
        property: "only the run reports a decision FourEyes executes (attack6 H6)",
        file: "crates/foureyes-server/src/api.rs",
        original: "    if connector && !forwarded && caller.role() != Role::Admin {",
        broken: "    if false && connector && !forwarded && caller.role() != Role::Admin {",
        package: "foureyes-server",
        filter: "h6_only_the_run_reports_a_decision_foureyes_executes",
        also: &["h6_a_run_a_crash_left_is_settled_by_an_admin_only_and_journaled_by_name"],
    },
    Mutation {
        property: "MCP: no answer of the client to the server's question reaches a decided call (stdio)",
        file: "crates/foureyes-mcp/src/stdio.rs",
        original: "        if !crate::gate::ASKS_INTO_A_CALL.contains(&method) {\n            return None;\n        }\n        {",
        broken: "        if true {\n            return None;\n        }\n        {",
        package: "foureyes-mcp",
        filter: "an_answer_to_the_server_cannot_change_what_a_decided_call_does_on_stdio",
        also: &[],
    },
    Mutation {
        property: "a token is believed only with the hash its journaled creation bound (S4)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        && ev::token_binding(token) != *bound\n",
        broken: "        && ev::token_binding(token) != *bound && false\n",
        package: "foureyes",
        filter: "a_token_hash_swapped_in_the_row_signs_nobody_in",
        also: &[],
    },
    Mutation {
        property: "a credential read after a journaled credential change is checked after a catch-up (S2)",
        file: "crates/foureyes-store-sqlite/src/credentials.rs",
        original: "known.get(&p.name)).is_some()\n        };\n        if !differs && !behind {",
        broken: "known.get(&p.name)).is_some()\n        };\n        if !differs {",
        package: "foureyes",
        filter: "sqlite::a_token_unrevoked_by_hand_right_after_its_revoke_is_refused_at_once",
        also: &[],
    },
    Mutation {
        property: "GET /v1/decisions/{id} and /wait show a decision only as the journal tells it (C5)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    let Some(record) = w.decision(id).await? else { return Ok(None) };\n    check_decision_authority(w, &record, now_ms).await?;",
        broken: "    let Some(record) = w.decision(id).await? else { return Ok(None) };\n    let _unchecked = now_ms;",
        package: "foureyes",
        filter: "a_deferral_edited_to_permit_is_not_shown_by_get_or_wait",
        also: &[],
    },
    Mutation {
        property: "MCP pins: changed instructions are hidden until re-pinned (ADR-282)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "            if admitted.contains(\"instructions\") {",
        broken: "            if true || admitted.contains(\"instructions\") {",
        package: "foureyes-mcp",
        filter: "changed_instructions_prompts_and_resources_are_hidden_until_a_person_re_pins_them",
        also: &[],
    },
    Mutation {
        property: "a decision's connector starts at most once: the journal refuses a second start (ADR-321)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if let Some(at) = w.authority().started(decision_id) {\n",
        broken: "    if let Some(at) = None::<i64> {\n",
        package: "foureyes-connect",
        filter: "a_start_is_journaled_once_and_only_for_an_intended_permit",
        also: &[],
    },
    Mutation {
        property: "a check's processes are limited (a pids cgroup: RLIMIT_NPROC does not hold for a root runner)",
        file: "apps/change-control/src/limits.rs",
        original: "CheckCgroup::make(\"pids\", |dir, _| std::fs::write(dir.join(\"pids.max\"), max.to_string()).is_ok())",
        broken: "CheckCgroup::make(\"pids\", |_, _| false)",
        package: "foureyes",
        filter: "a_check_over_its_process_limit_fails_naming_the_limit",
        also: &[],
    },
    Mutation {
        property: "a check's memory is limited",
        file: "apps/change-control/src/limits.rs",
        original: "        format!(\"--data={}\", limits.memory_bytes),",
        broken: "        format!(\"--data={}\", u64::MAX),",
        package: "foureyes",
        filter: "a_check_over_its_memory_limit_fails_naming_the_limit",
        also: &[],
    },
    Mutation {
        property: "a check's CPU time is limited",
        file: "apps/change-control/src/limits.rs",
        original: "        format!(\"--cpu={}:{}\", limits.cpu_seconds, limits.cpu_seconds + 2),",
        broken: "        format!(\"--cpu={}:{}\", 3600, 3602),",
        package: "foureyes",
        filter: "a_check_over_its_cpu_limit_fails_naming_the_limit",
        also: &[],
    },
    Mutation {
        property: "the desk's action service admits only its bearer credential",
        file: "apps/support-desk/src/mcp.rs",
        original: ".is_some_and(|v| same_secret(v.as_bytes(), expected.as_bytes()));",
        broken: ".is_some_and(|v| !v.is_empty() || same_secret(v.as_bytes(), expected.as_bytes()));",
        package: "support-desk",
        filter: "the_action_service_answers_only_its_bearer_credential",
        also: &[],
    },
    Mutation {
        property: "with the action service, the desk's agent writes nothing to the desk's database",
        file: "apps/support-desk/src/main.rs",
        original: "    ctx.state = state;\n",
        broken: "    let _ = state;\n",
        package: "support-desk",
        filter: "topology_the_agent_process_has_no_write_path_to_the_desk_database",
        also: &[],
    },
    Mutation {
        property: "the human approving a proposed change sees its content",
        file: "crates/foureyes/src/commands.rs",
        original: "                change_control::cli::show_change(db, seal_key()?, &a.request).await?;",
        broken: "                let _ = db;",
        package: "foureyes",
        filter: "approvals_show_gives_the_human_the_content_of_the_change",
        also: &[],
    },
    Mutation {
        property: "MCP pins: a listing that names a tool twice passes no entry of it (F340)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "                if twice.contains_key(name) {",
        broken: "                if false && twice.contains_key(name) {",
        package: "foureyes-mcp",
        filter: "a_name_listed_twice_is_hidden_and_refused_over_stdio_with_a_journal_pin",
        also: &["a_name_listed_twice_is_hidden_and_refused_with_a_policy_pin"],
    },
    Mutation {
        property: "MCP: a JSON-RPC error after the tool ran keeps the reservation (F341)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "        return (Outcome::Unknown, json!({\"mcp\": {\"tool\": tool, \"jsonrpc_error\": capped(error)}}));",
        broken: "        return (Outcome::Failed, json!({\"mcp\": {\"tool\": tool, \"jsonrpc_error\": capped(error)}}));",
        package: "foureyes-mcp",
        filter: "a_low_level_tool_that_ran_then_raised_a_validation_error_keeps_its_reservation",
        also: &["a_tool_that_ran_then_got_method_not_found_from_the_client_keeps_its_reservation"],
    },
    Mutation {
        property: "a console session signs in only as the journal opened it (S5)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if let Some((field, row, journaled)) = differs {\n        let message = format!(\n            \"console session",
        broken: "    if let Some((field, row, journaled)) = differs.filter(|_| false) {\n        let message = format!(\n            \"console session",
        package: "foureyes",
        filter: "a_console_session_forged_in_the_table_signs_nobody_in",
        also: &[],
    },
    Mutation {
        property: "a sign-in code signs in only as the journal issued it (S6)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if let Some((field, row, journaled)) = differs {\n        let message = format!(\n            \"sign-in code",
        broken: "    if let Some((field, row, journaled)) = differs.filter(|_| false) {\n        let message = format!(\n            \"sign-in code",
        package: "foureyes",
        filter: "a_signin_code_forged_in_the_table_signs_nobody_in",
        also: &[],
    },
    Mutation {
        property: "MCP: a server's question on the standalone GET stream is kept from the client during a gated call (ADR-400)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "let into_call = crate::gate::ASKS_INTO_A_CALL.contains(&method);",
        broken: "let into_call = false;",
        package: "foureyes-mcp",
        filter: "an_answer_on_the_standalone_stream_cannot_change_what_a_decided_call_does_over_http",
        also: &[],
    },
    Mutation {
        property: "MCP: the client's roots never reach a decided call (ADR-400)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: r#"["elicitation/create", "sampling/createMessage", "roots/list"];"#,
        broken: r#"["elicitation/create", "sampling/createMessage", "roots/teeth"];"#,
        package: "foureyes-mcp",
        filter: "the_roots_the_client_names_cannot_change_what_a_decided_call_does",
        also: &[],
    },
    Mutation {
        property: "MCP pins: a name on two pages of one listing is listed twice (ADR-401)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "        let mut all = earlier;",
        broken: "        let mut all: Vec<(String, Value)> = earlier.into_iter().take(0).collect();",
        package: "foureyes-mcp",
        filter: "a_name_on_two_pages_of_a_listing_is_hidden_and_refused_over_stdio",
        also: &[],
    },
    Mutation {
        property: "MCP pins: a call before any listing waits for the proxy's own listing (ADR-402)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "        self.config().pin_tools && !lock(&self.listed).contains(&(instance.to_string(), listing))",
        broken: "        false && self.config().pin_tools && !lock(&self.listed).contains(&(instance.to_string(), listing))",
        package: "foureyes-mcp",
        filter: "a_call_before_any_listing_is_checked_against_the_pins",
        also: &[],
    },
    Mutation {
        property: "MCP: a client response reaches the upstream only as the answer to a request it was passed (F460)",
        file: "crates/foureyes-mcp/src/asks.rs",
        original: "        let upstream = self.open.remove(&id_key(id))?;",
        broken: "        let upstream = self.open.remove(&id_key(id)).unwrap_or_else(|| id.clone());",
        package: "foureyes-mcp",
        filter: "sprayed_answers_cannot_answer_a_python_servers_question_on_stdio",
        also: &["sprayed_answers_cannot_answer_a_typescript_servers_question_on_stdio"],
    },
    Mutation {
        property: "MCP HTTP: a gated call's stream is read to its end when the client leaves (F461)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "        if tapped.running() {\n            return Response::from_parts(head, drained(",
        broken: "        if false && tapped.running() {\n            return Response::from_parts(head, drained(",
        package: "foureyes-mcp",
        filter: "a_resumed_stream_cannot_carry_the_clients_answer_into_a_gated_call",
        also: &[],
    },
    Mutation {
        property: "MCP HTTP: a gated call's stream the upstream ends early is resumed by the proxy to the call's answer (ADR-560, F560)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "(Some(last_id), Some(upstream)) if resumes < MAX_RESUMES => {",
        broken: "(Some(last_id), Some(upstream)) if false && resumes < MAX_RESUMES => {",
        package: "foureyes-mcp",
        filter: "a_gated_calls_stream_the_upstream_closes_is_resumed_by_the_proxy_to_its_answer",
        also: &[],
    },
    Mutation {
        property: "MCP HTTP: a session with a gated call whose answer the proxy lost keeps its questions the proxy's (ADR-560, unsettled)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "} else if into_call && (pending || s.running > 0 || s.unsettled > 0) {",
        broken: "} else if into_call && (pending || s.running > 0) {",
        package: "foureyes-mcp",
        filter: "a_question_into_a_call_past_its_deadline_stays_the_proxys",
        also: &[],
    },
    Mutation {
        property: "MCP HTTP: a stream the client opens with GET carries no answer the proxy watches (ADR-620, F620)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "if id.is_null() || self.sessions.with(&self.session, |s| s.requests.passes_on_a_clients_get(&key)) {",
        broken: "if true || id.is_null() || self.sessions.with(&self.session, |s| s.requests.passes_on_a_clients_get(&key)) {",
        package: "foureyes-mcp",
        filter: "a_late_answer_never_reaches_the_agent_on_a_stream_it_resumes",
        also: &["a_filtered_listing_is_not_replayed_unfiltered_on_a_resumed_stream"],
    },
    Mutation {
        property: "MCP pins: a tool's top-level `_meta` is part of its pinned definition (ADR-543, F561)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "pub fn definition_sha256(tool: &Value) -> String {\n    canonical_sha256(tool)\n}",
        broken: "pub fn definition_sha256(tool: &Value) -> String {\n    let mut tool = tool.clone();\n    if let Some(map) = tool.as_object_mut() {\n        map.remove(\"_meta\");\n    }\n    canonical_sha256(&tool)\n}",
        package: "foureyes-mcp",
        filter: "a_tool_whose_meta_changed_is_hidden_and_refused_until_a_person_re_pins_it",
        also: &[],
    },
    Mutation {
        property: "MCP pins: server/discover's instructions are filtered like initialize's (F462)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "            \"initialize\" | \"server/discover\" => Some(Listing::Initialize),",
        broken: "            \"initialize\" => Some(Listing::Initialize),",
        package: "foureyes-mcp",
        filter: "changed_instructions_are_hidden_from_a_server_discover_result_too",
        also: &[],
    },
    Mutation {
        property: "who reports a FourEyes-run decision is the journal's, not the reloaded policy's (ADR-440)",
        file: "crates/foureyes-server/src/api.rs",
        original: "    let connector = state.store.run_by_connector(id).await?;",
        broken: "    let connector = state.policy().action(&decided.request.action).is_some_and(|a| a.execute.is_some());",
        package: "foureyes-server",
        filter: "a_reload_that_drops_the_connector_does_not_hand_the_agent_the_report",
        also: &[],
    },
    Mutation {
        property: "a decided event that names a connector fixes who reports it, started or not (ADR-440)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            JournalSays::Record(d) => d.connector || w.authority().started(id).is_some(),",
        broken: "            JournalSays::Record(_) => w.authority().started(id).is_some(),",
        package: "foureyes-connect",
        filter: "who_reports_a_decision_is_fixed_when_it_is_decided",
        also: &[],
    },
    Mutation {
        property: "the mcp connector calls a tool only while its listed definition is its pin (ADR-441)",
        file: "crates/foureyes-connect/src/mcp.rs",
        original: "    if admitted {\n        return Ok(());\n    }",
        broken: "    if true || admitted {\n        return Ok(());\n    }",
        package: "foureyes-connect",
        filter: "a_changed_tool_is_not_called_until_a_person_re_pins_it",
        also: &[],
    },
    Mutation {
        property: "a param never begins an option of an mcp connector's stdio command (ADR-442)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "        option_free(place, i, source, &value, options_ended)?;",
        broken: "        if place == \"execute.command.argv\" {\n            option_free(place, i, source, &value, options_ended)?;\n        }",
        package: "foureyes-connect",
        filter: "a_param_never_begins_an_option_of_the_servers_command",
        also: &[],
    },
    Mutation {
        property: "a check's disk is limited: each filesystem it writes is a tmpfs of the task's disk limit (ADR-311)",
        file: "apps/change-control/src/sandbox.rs",
        original: r#"let size = if hidden == "/tmp" { shares.scratch } else { shares.small };"#,
        broken: r#"let size = if hidden == "/tmp" { shares.scratch * 64 } else { shares.small };"#,
        package: "foureyes",
        filter: "files_each_under_the_disk_limit_cannot_fill_a_filesystem_past_it",
        also: &[],
    },
    Mutation {
        property: "nobody approves their own request under another spelling of their name (attack9 N1, ADR-470)",
        file: "crates/foureyes-core/src/approval.rs",
        original: "    if same_identity(approver, &record.request.agent) {",
        broken: "    if approver == record.request.agent {",
        package: "foureyes-core",
        filter: "the_requester_cannot_approve_under_another_spelling_of_their_name",
        also: &[],
    },
    Mutation {
        property: "sensitive globs match Unicode case and compatibility variants (attack9 S1, ADR-470)",
        file: "apps/change-control/src/model.rs",
        original: "    foureyes_core::fold::folded(text).chars().collect()",
        broken: "    text.chars().flat_map(char::to_lowercase).collect()",
        package: "change-control",
        filter: "sensitive_globs_match_unicode_case_and_compatibility_variants",
        also: &[],
    },
    Mutation {
        property: "a check writes only capped filesystems, together within the disk limit (attack9 H1, ADR-471)",
        file: "apps/change-control/src/sandbox.rs",
        original: r#"    for a in ["--remount-ro", "/dev", "--remount-ro", "/"] {"#,
        broken: r#"    for a in ["--remount-ro", "/dev"] {"#,
        package: "foureyes",
        filter: "every_filesystem_a_check_can_write_is_capped_and_together_within_the_disk_limit",
        also: &[],
    },
    Mutation {
        property: "finish never publishes through a symlink at the delivery path (attack9 H2)",
        file: "apps/change-control/src/delivery.rs",
        original: "    let real = parent.join(name);",
        broken: "    let real = std::fs::canonicalize(parent.join(name)).unwrap_or(parent.join(name));",
        package: "foureyes",
        filter: "finish_never_publishes_through_a_symlink_planted_at_the_delivery_path",
        also: &[],
    },
    Mutation {
        property: "a directory chain too deep to walk is refused, not a crash (attack9 C1, ADR-472)",
        file: "apps/change-control/src/workspace.rs",
        original: "    if depth >= MAX_DEPTH {",
        broken: "    if depth >= usize::MAX {",
        package: "foureyes",
        filter: "a_directory_chain_too_deep_to_walk_is_refused_not_a_crash_and_leaves_no_copy",
        also: &[],
    },
    Mutation {
        property: "a proposal past the workspace's entry limit is refused at propose (attack9)",
        file: "apps/change-control/src/workspace.rs",
        original: "    if after > MAX_MANIFEST_FILES {",
        broken: "    if after > usize::MAX {",
        package: "foureyes",
        filter: "a_proposal_that_would_push_the_workspace_past_its_entry_limit_is_refused_at_propose",
        also: &[],
    },
    Mutation {
        property: "an unsealed event on a sealed journal is refused at use and reported (J4, ADR-420)",
        file: "crates/foureyes-core/src/seal.rs",
        original: "            (None, Some(from)) => return Err(SealProblem::Unsealed { from }),",
        broken: "            (None, Some(_)) => {}",
        package: "foureyes",
        filter: "a_forged_tail_after_the_seal_is_refused_and_reported",
        also: &["a_forged_credential_event_after_the_seal_signs_nobody_in"],
    },
    Mutation {
        property: "a seal verifies only under the door's key (ADR-420)",
        file: "crates/foureyes-core/src/seal.rs",
        original: "&& self.mac_of(hash).verify_slice(&bytes).is_ok()",
        broken: "&& (true || self.mac_of(hash).verify_slice(&bytes).is_ok())",
        package: "foureyes-core",
        filter: "a_seal_verifies_only_under_its_key_and_for_its_hash",
        also: &[],
    },
    Mutation {
        property: "the checkpointer signs only the head the door verified (L, ADR-420)",
        file: "crates/foureyes-store/src/checkpoint.rs",
        original: "    let (size, sealed_from) = store.verified_head_sealed().await?;\n    if let Some(last) = store.last_checkpoint().await?\n        && last.size >= size\n    {\n        return Ok(None);\n    }\n    let root = merkle::root(&leaves(store, size).await?);\n    let note = key\n        .sign(&Checkpoint { origin: key.name().to_string(), size, root, sealed_from })\n        .map_err(|e| StoreError::Backend(e.to_string()))?;\n    let record =\n        CheckpointRecord { size, root: merkle::to_hex(&root), key: key.name().to_string(), note: note.clone() };\n    Ok(store.record_checkpoint(&record, now_ms).await?.map(|seq| (seq, note)))",
        broken: "    let (size, sealed_from) = (store.journal_head().await?, None);\n    if let Some(last) = store.last_checkpoint().await?\n        && last.size >= size\n    {\n        return Ok(None);\n    }\n    let root = merkle::root(&leaves(store, size).await?);\n    let note = key\n        .sign(&Checkpoint { origin: key.name().to_string(), size, root, sealed_from })\n        .map_err(|e| StoreError::Backend(e.to_string()))?;\n    let record =\n        CheckpointRecord { size, root: merkle::to_hex(&root), key: key.name().to_string(), note: note.clone() };\n    let seq = store.record_checkpoint(&record, now_ms).await.ok().flatten().unwrap_or(size);\n    Ok(Some((seq, note)))",
        package: "foureyes",
        filter: "serve_signs_no_checkpoint_over_a_forged_tail",
        also: &[],
    },
    Mutation {
        property: "a door holding the seal key decides nothing on an unsealed journal (ADR-420 upgrade)",
        file: "crates/foureyes-core/src/seal.rs",
        original: "            (Some(_), None) if self.seq > 0 => Some(format!(",
        broken: "            (Some(_), None) if self.seq == u64::MAX => Some(format!(",
        package: "foureyes",
        filter: "a_journal_written_before_the_seal_is_sealed_by_journal_seal",
        also: &[],
    },
    Mutation {
        property: "GET /v1/decisions marks every row the journal does not back, and lists the rest (ADR-421, ADR-611)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "(record, altered.map(|d| crate::Altered::of(\"decisions\", d)))",
        broken: "(record, altered.filter(|_| false).map(|d| crate::Altered::of(\"decisions\", d)))",
        package: "foureyes",
        filter: "one_altered_decision_row_is_listed_marked_beside_the_others",
        also: &[],
    },
    Mutation {
        property: "journal audit compares a token's hash with its journaled binding (ADR-422)",
        file: "crates/foureyes-store/src/replay.rs",
        original: "                    if let Some(binding) = token_binding {",
        broken: "                    if let Some(binding) = token_binding.as_ref().filter(|_| false) {",
        package: "foureyes",
        filter: "audit_names_a_swapped_token_hash",
        also: &[],
    },
    Mutation {
        property: "journal audit keys sessions and sign-in codes by their journaled bindings (ADR-422)",
        file: "crates/foureyes-store/src/replay.rs",
        original: "        let id = if BOUND_IDS.contains(&self.table) {",
        broken: "        let id = if BOUND_IDS.is_empty() {",
        package: "foureyes",
        filter: "audit_names_a_forged_console_session",
        also: &["audit_names_a_forged_signin_code"],
    },
    Mutation {
        property: "serve witnesses a last checkpoint at a clean stop (ADR-423)",
        file: "crates/foureyes/src/serve.rs",
        original: "    witness: Option<&Path>,\n) -> StopCheckpoint {\n",
        broken: "    witness: Option<&Path>,\n) -> StopCheckpoint {\n    if witness.is_some() {\n        return StopCheckpoint::Signed;\n    }\n",
        package: "foureyes",
        filter: "a_rollback_to_a_copy_taken_after_the_last_periodic_checkpoint_is_refused_after_a_clean_stop",
        also: &[],
    },
    Mutation {
        property: "the support desk never refunds a distractor figure (the amount guard, ADR-430)",
        file: "apps/support-desk/src/classify/figures.rs",
        original: "            if !as_distractor || otherwise || lone {",
        broken: "            if true || !as_distractor || otherwise || lone {",
        package: "support-desk",
        filter: "the_desk_refunds_the_figure_asked_or_settles_nothing_never_a_distractor",
        also: &[],
    },
    Mutation {
        property: "the support desk closes a question about a refund on record, never pays it again (ADR-580)",
        file: "apps/support-desk/src/classify/intent.rs",
        original: "    if asks_about_a_refund_on_record(toks) {",
        broken: "    if false && asks_about_a_refund_on_record(toks) {",
        package: "support-desk",
        filter: "refund_status_questions_are_inquiries",
        also: &[],
    },
    Mutation {
        property: "the support desk reads only the customer's turns of a chat, never an agent's figure (ADR-720)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "keeping = *speaker == Speaker::Customer || (*speaker == Speaker::Named && !customer_labelled);",
        broken: "keeping = true || *speaker == Speaker::Customer || (*speaker == Speaker::Named && !customer_labelled);",
        package: "support-desk",
        filter: "only_the_customers_own_turns_are_read",
        also: &[],
    },
    Mutation {
        property: "the support desk reads no instruction to a machine as the customer's ask (ADR-720)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "let own = without_instructions(&as_seen(&patterns().instruction_tag.replace_all(raw, \" \")));",
        broken: "let own = as_seen(raw);",
        package: "support-desk",
        filter: "instructions_to_a_machine_are_not_the_customers_ask",
        also: &[],
    },
    Mutation {
        property: "the support desk refuses an over-ask built of parts, a payment named after the addition included (ADR-600)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let plus = |at: usize| added(at) && !r.paid_clause.is_match(clause_up_to(at));",
        broken: "    let plus = |at: usize| added(at) && !r.paid_clause.is_match(clause_of(at));",
        package: "support-desk",
        filter: "an_over_ask_built_of_parts_is_refused",
        also: &[],
    },
    Mutation {
        property: "the support desk reads a sum named with its breakdown as the sum asked, never a part (ADR-600)",
        file: "apps/support-desk/src/classify.rs",
        original: "        if parts.len() >= 2 && parts.iter().sum::<i64>() == *cents {",
        broken: "        if false && parts.len() >= 2 && parts.iter().sum::<i64>() == *cents {",
        package: "support-desk",
        filter: "an_over_ask_built_of_parts_is_refused",
        also: &[],
    },
    Mutation {
        property: "the support desk reads a conditional offer as a request of its figure, caps and clauses applied (ADR-600)",
        file: "apps/support-desk/src/classify/intent.rs",
        original: "    if let Some(asked) = conditional_request(toks) {",
        broken: "    if let Some(asked) = conditional_request(toks).filter(|_| false) {",
        package: "support-desk",
        filter: "a_conditional_offer_asks_its_figure",
        also: &[],
    },
    Mutation {
        property: "the support desk takes \"half\" said of the product for no share of the money (ADR-600)",
        file: "apps/support-desk/src/classify.rs",
        original: "        if !share_is_of_money(text, m.start(), m.end()) {",
        broken: "        if false && !share_is_of_money(text, m.start(), m.end()) {",
        package: "support-desk",
        filter: "a_share_of_the_product_is_not_a_share_of_the_money",
        also: &[],
    },
    Mutation {
        property: "a door applies its own appends to its authority state as a replay of the journal would (ADR-410)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "            self.apply_data(event.seq, event.ts_ms, &event.data, event.fingerprint.as_deref());",
        broken: "            self.apply_data(event.seq, event.ts_ms + 1, &event.data, event.fingerprint.as_deref());",
        package: "foureyes-store-sqlite",
        filter: "limits_and_budgets_reserve_and_recover",
        also: &[],
    },
    Mutation {
        property: "MCP pins: after the upstream's `notifications/tools/list_changed`, the next call waits for a new listing (ADR-540)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "            listed.remove(&(instance.to_string(), *listing));",
        broken: "            let _ = (&listed, listing);",
        package: "foureyes-mcp",
        filter: "after_tools_list_changed_a_call_is_checked_against_a_new_listing_over_stdio",
        also: &["after_tools_list_changed_a_call_is_checked_against_a_new_listing_over_http"],
    },
    Mutation {
        property: "MCP over --upstream: a gated call is forwarded under the proxy's own id, so a reused client id never takes another call's answer (ADR-660)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "                    let frame = Body::from(call.frame_as(&wires[0]));",
        broken: "                    let frame = Body::from(call.frame());",
        package: "foureyes-mcp",
        filter: "a_reused_id_never_takes_a_dropped_calls_answer_as_its_outcome_typescript",
        also: &["a_reused_id_never_takes_a_dropped_calls_answer_as_its_outcome_python"],
    },
    Mutation {
        property: "MCP pins: a call to a tool no listing named is refused (ADR-661)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "        if lock(&self.listed_tools).contains(&(call.upstream.clone(), call.name.clone())) {",
        broken: "        if true || lock(&self.listed_tools).contains(&(call.upstream.clone(), call.name.clone())) {",
        package: "foureyes-mcp",
        filter: "a_tool_the_upstream_never_lists_is_refused",
        also: &[],
    },
    Mutation {
        property: "MCP over --upstream: without a client GET stream to hear list_changed on, the tools are listed before each call (ADR-662)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "    if !state.sessions.listens(session) {",
        broken: "    if false && !state.sessions.listens(session) {",
        package: "foureyes-mcp",
        filter: "a_changed_tool_is_refused_over_http_when_the_client_opens_no_get_stream",
        also: &[],
    },
    Mutation {
        property: "MCP pins: only a walk from no cursor to no `nextCursor` is a whole listing (ADR-541)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "            let whole = complete && walks.get(&walk).is_some_and(|w| w.whole);",
        broken: "            let whole = complete;",
        package: "foureyes-mcp",
        filter: "a_walk_that_began_at_a_cursor_is_not_a_whole_listing",
        also: &["a_name_on_two_pages_is_refused_after_a_walk_of_the_last_page_alone"],
    },
    Mutation {
        property: "MCP pins: what was listed and checked is per upstream instance, never per proxy (ADR-542)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "        self.config().pin_tools && !lock(&self.listed).contains(&(instance.to_string(), listing))",
        broken: "        self.config().pin_tools && !lock(&self.listed).iter().any(|(_, l)| *l == listing)",
        package: "foureyes-mcp",
        filter: "one_bridge_childs_listing_never_stands_in_for_another_s",
        also: &["one_http_sessions_listing_never_stands_in_for_another_s"],
    },
    Mutation {
        property: "a plain decide cannot take the permit of an action FourEyes runs (ADR-480)",
        file: "crates/foureyes-core/src/connector.rs",
        original: "    if dry_run {\n        return None;\n    }\n    Some(format!(",
        broken: "    if true || dry_run {\n        return None;\n    }\n    Some(format!(",
        package: "foureyes-server",
        filter: "decide_cannot_take_the_permit_of_an_action_foureyes_runs",
        also: &[],
    },
    Mutation {
        property: "a run that held a secret keeps none of the target's bytes but its reveal: fields (ADR-481)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "    if !opened.is_empty() {\n        crate::shape::shape(",
        broken: "    if false && !opened.is_empty() {\n        crate::shape::shape(",
        package: "foureyes-connect",
        filter: "leak_3_reversed",
        also: &["leak_command_tails_hold_no_form_of_the_secret", "leak_20_mcp_result_and_stderr_hold_no_form"],
    },
    Mutation {
        property: "every string a secret-scoped run keeps is sifted for any form of a secret (ADR-481)",
        file: "crates/foureyes-connect/src/shape.rs",
        original: "    sieve.sift(detail);\n",
        broken: "    let _ = sieve;\n",
        package: "foureyes-connect",
        filter: "revealed_fields_are_kept_and_sifted",
        also: &[],
    },
    Mutation {
        property: "an mcp stdio server's whole process group dies with the run (ADR-483)",
        file: "crates/foureyes-connect/src/mcp.rs",
        original: "        .process_group(0)\n        .kill_on_drop(true);\n    if let Some(dir) = &cwd {\n        cmd.current_dir(dir);\n    }\n    let mut child = match cmd.spawn() {\n        Ok(child) => child,\n        Err(e) => return progress.failure(",
        broken: "        /* no process group of its own */\n        .kill_on_drop(true);\n    if let Some(dir) = &cwd {\n        cmd.current_dir(dir);\n    }\n    let mut child = match cmd.spawn() {\n        Ok(child) => child,\n        Err(e) => return progress.failure(",
        package: "foureyes-connect",
        filter: "an_mcp_servers_grandchild_does_not_outlive_the_run",
        also: &[],
    },
    Mutation {
        property: "an approval releases only the connector it was shown (ADR-570)",
        file: "crates/foureyes-connect/src/bind.rs",
        original: "        Some(approved) if approved == rendered => Ok(()),",
        broken: "        Some(_) => Ok(()),",
        package: "foureyes-connect",
        filter: "an_approval_releases_only_the_connector_it_was_shown",
        also: &[],
    },
    Mutation {
        property: "a decision row is served only as its decided event tells it, request included (ADR-530)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if row_summary == journal.summary {",
        broken: "    if row_summary == journal.summary || journal.connector == journal.connector {",
        package: "foureyes",
        filter: "a_permit_whose_request_row_was_edited_is_served_to_nobody",
        also: &[],
    },
    Mutation {
        property: "a request id decided long ago replays its decision from the state's fixed-size record (ADR-362)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                        self.idempotency.insert(key, JournaledRequest { decision_id: d.decision_id, fingerprint });",
        broken: "                        let _ = (key, fingerprint);",
        package: "foureyes-store-sqlite",
        filter: "a_request_id_settled_long_ago_still_replays_its_decision",
        also: &[],
    },
    Mutation {
        property: "a failed checkpoint of the database file fail-stops the SQLite store (F69)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "            let _ = stopped.set(format!(\"checkpoint failed: {e}\"));",
        broken: "            let _ = format!(\"checkpoint failed: {e}\");",
        package: "foureyes",
        filter: "a_failed_checkpoint_of_the_database_file_stops_the_sqlite_store",
        also: &[],
    },
    Mutation {
        property: "a door on this boot reads the boot clock, not a wall clock run slightly ahead (ADR-366)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        let now = anchored_now(anchor.at, boottime_ms);",
        broken: "        let now = wall_ms.max(anchored_now(anchor.at, boottime_ms));",
        package: "foureyes-store",
        filter: "a_door_on_this_boot_does_not_follow_a_wall_clock_slightly_ahead",
        also: &[],
    },
    Mutation {
        property: "an anchor telling a time before the journal's newest event is not believed (ADR-366)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        && anchored_now(anchor.at, boottime_ms) >= newest_ms.unwrap_or(i64::MIN).saturating_sub(1_000)",
        broken: "        && anchored_now(anchor.at, boottime_ms) >= i64::MIN",
        package: "foureyes-store",
        filter: "an_anchor_that_could_not_have_been_written_on_this_boot_is_not_believed",
        also: &[],
    },
    Mutation {
        property: "under the seal key only an anchor sealed by it is believed (ADR-367, F75)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        Some(store) => anchor.sealed(key, site, store),",
        broken: "        Some(store) => if anchor.mac.is_none() { Sealed::ForThisStore } else { anchor.sealed(key, site, store) },",
        package: "foureyes-store",
        filter: "under_the_seal_key_only_an_anchor_sealed_by_it_is_believed",
        also: &[],
    },
    Mutation {
        property: "under the seal key an anchor rewritten ahead by a database writer frees no budget (ADR-367, F75)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        let Some(mac) = self.mac.as_deref() else { return Sealed::No };",
        broken: "        let Some(mac) = self.mac.as_deref() else { return Sealed::ForThisStore };",
        package: "foureyes",
        filter: "under_the_seal_key_an_anchor_rewritten_ahead_frees_no_budget",
        also: &[],
    },
    Mutation {
        property: "under the seal key another store's sealed anchor is not believed (ADR-367, F76)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        format!(\"clock anchor 3\\0{site}\\0{store}\\0{boot_id}\\0{}\\0{}\\0{served}\\0{outages}\", at.boottime_ms, at.now_ms)",
        broken: "        format!(\"clock anchor 3\\0{boot_id}\\0{}\\0{}\\0{served}\\0{outages}\", at.boottime_ms, at.now_ms)",
        package: "foureyes",
        filter: "under_the_seal_key_an_anchor_copied_from_another_store_frees_no_budget",
        also: &[],
    },
    Mutation {
        property: "under the seal key the anchor of another store at the same path is not believed (ADR-840, F840)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        format!(\"clock anchor 3\\0{site}\\0{store}\\0{boot_id}\\0{}\\0{}\\0{served}\\0{outages}\", at.boottime_ms, at.now_ms)",
        broken: "        format!(\"clock anchor 3\\0{site}\\0{boot_id}\\0{}\\0{}\\0{served}\\0{outages}\", at.boottime_ms, at.now_ms)",
        package: "foureyes",
        filter: "under_the_seal_key_the_anchor_of_a_store_deleted_and_created_again_at_its_path_frees_no_budget",
        also: &[
            "under_the_seal_key_the_anchor_of_a_namespace_store_created_again_frees_no_budget",
            "under_the_seal_key_a_database_moved_into_another_stores_place_does_not_believe_its_anchor",
        ],
    },
    Mutation {
        property: "an anchor sealed before the store was bound is believed only where it tells the wall clock's time (ADR-840)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        Sealed::BeforeTheStoreWasBound if tells_the_wall_clock(&anchor, boot, wall_ms) => (Some(anchor), None),",
        broken: "        Sealed::BeforeTheStoreWasBound => (Some(anchor), None),",
        package: "foureyes-store",
        filter: "under_the_seal_key_another_store_at_the_same_path_is_not_believed",
        also: &[],
    },
    Mutation {
        property: "a retry whose decision row was deleted by hand is refused record_altered, journaled (F841)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        return Err(decision_row_missing(w, &request, decision_id, now_ms).await);",
        broken: "        return Err(StoreError::Backend(format!(\"idempotency points at missing decision {decision_id}\")));",
        package: "foureyes",
        filter: "a_retry_whose_decision_row_was_deleted_is_refused_as_altered",
        also: &[],
    },
    Mutation {
        property: "journal verify fails on an event no door replays: it runs the door's own replay (ADR-842, ADR-865)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    let replayed = replay_to_head(w, Settlements::Drop).await;",
        broken: "    let replayed: Result<Result<(), (u64, StoreError)>, StoreError> = Ok(Ok(()));",
        package: "foureyes",
        filter: "sqlite::verify_fails_on_an_event_no_door_replays",
        also: &[],
    },
    Mutation {
        property: "journal verify does not say ok while the clock stops every door here (ADR-865, F865)",
        file: "crates/foureyes/src/commands.rs",
        original: "            let clock = match foureyes_store::clock_floor::unresolved() {",
        broken: "            let clock = match None::<String> {",
        package: "foureyes",
        filter: "sqlite::verify_fails_on_an_event_no_door_replays",
        also: &[],
    },
    Mutation {
        property: "a door and journal verify refuse a journal whose rows run past its head (ADR-865, F865)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if authority.seq() != seq || authority.hash() != hash {",
        broken: "    if authority.seq() < seq {",
        package: "foureyes",
        filter: "postgres::verify_fails_on_an_event_no_door_replays",
        also: &[],
    },
    Mutation {
        property: "a door that said it is ready stops cleanly on SIGTERM: the signal is caught before it says so (F379)",
        file: "crates/foureyes/src/serve.rs",
        original: "    let signal = shutdown_signal();",
        broken: "    let signal = async { shutdown_signal().await };",
        package: "foureyes",
        filter: "a_door_stopped_right_after_it_is_ready_stops_cleanly",
        also: &[],
    },
    Mutation {
        property: "ADR-875's refusal is an invalid state (409), not a storage error an agent retries (F384, attack 24's W1)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            if since_ms < floor {\n                return Err(StoreError::InvalidState(format!(",
        broken: "            if since_ms < floor {\n                return Err(StoreError::Backend(format!(",
        package: "foureyes-store-sqlite",
        filter: "sealed::session_denials_let_go_of_still_demote_exactly",
        also: &[],
    },
    Mutation {
        property: "the next clock anchor is never written through a planted symlink (F383, attack 24's T1)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "    let mut file = std::fs::File::create_new(partial)?;",
        broken: "    let mut file = std::fs::File::create(partial)?;",
        package: "foureyes-store",
        filter: "clock_floor::tests::the_next_anchor_is_never_written_through_a_planted_symlink",
        also: &[],
    },
    Mutation {
        property: "a symlink at the clock anchor's name is not followed (F383, attack 24's T1/T2)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOFOLLOW;",
        broken: "    let flags = rustix::fs::OFlags::NONBLOCK;",
        package: "foureyes-store",
        filter: "clock_floor::tests::only_a_regular_file_at_the_anchors_very_name_is_read",
        also: &[],
    },
    Mutation {
        property: "a directory at the clock anchor's name is moved aside, not left to stop every anchor (F388, attack 25's D1)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        Err(e) if std::fs::symlink_metadata(file).is_ok_and(|m| m.is_dir()) => {",
        broken: "        Err(e) if false && std::fs::symlink_metadata(file).is_ok_and(|m| m.is_dir()) => {",
        package: "foureyes-store",
        filter: "clock_floor::tests::a_directory_at_the_anchors_name_is_moved_aside_and_the_anchor_placed",
        also: &[],
    },
    Mutation {
        property: "the witness is never appended to through a symlink (F388, attack 25's W1)",
        file: "crates/foureyes-connect/src/files.rs",
        original: "    if follow == Follow::No {\n        flags |= rustix::fs::OFlags::NOFOLLOW;\n    }",
        broken: "    if follow == Follow::No && false {\n        flags |= rustix::fs::OFlags::NOFOLLOW;\n    }",
        package: "foureyes",
        filter: "journal_authority::a_symlink_or_a_fifo_at_the_witness_is_neither_written_through_nor_waited_on",
        also: &[],
    },
    Mutation {
        property: "a key, a policy or an export given by name is never waited on: a FIFO is refused at once (F1432, attack 41)",
        file: "crates/foureyes-connect/src/files.rs",
        original: "    let mut flags = rustix::fs::OFlags::NONBLOCK;",
        broken: "    let mut flags = rustix::fs::OFlags::empty();",
        package: "foureyes",
        filter: "attack41_minors::a_fifo_given_as_a_key_a_policy_or_an_export_is_refused_at_once",
        also: &[],
    },
    Mutation {
        property: "a token `token create` could not show is revoked, never left live (F1431, attack 41)",
        file: "crates/foureyes/src/serve.rs",
        original: "                let revoked = store.revoke_token(&name, now_ms()).await;",
        broken: "                let revoked: Result<bool, StoreError> = Ok(true);",
        package: "foureyes",
        filter: "attack41_minors::a_door_whose_stdout_fails_says_so_in_one_line_and_token_create_revokes_its_token",
        also: &[],
    },
    Mutation {
        property: "a token whose only showing goes to /dev/null or a closed stdout is revoked, exit 18 (F1511, attack 44's H7)",
        file: "crates/foureyes/src/serve.rs",
        original: "            let written = if crate::output::stdout_reaches_no_one() {",
        broken: "            let written = if crate::output::stdout_reaches_no_one() && false {",
        package: "foureyes",
        filter: "attack44_minors::token_create_with_stdout_closed_or_dev_null_revokes_the_token_and_exits_18",
        also: &[],
    },
    Mutation {
        property: "a write lock held past the busy wait is exit 8, never the tamper code 7 (F1510, attack 44's H3)",
        file: "crates/foureyes/src/commands.rs",
        original: "        foureyes_store::StoreError::Busy(_) => Exit::from(e),",
        broken: "        foureyes_store::StoreError::Busy(_) => Exit::new(EXIT_VERIFY_FAILED, e.to_string()),",
        package: "foureyes",
        filter: "attack44_minors::a_write_lock_held_past_the_busy_wait_is_exit_8_not_the_tamper_code",
        also: &[],
    },
    Mutation {
        property: "a busy lock at a write transaction's begin is told as busy, not as a storage failure (F1510, attack 44's H3)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    if is_busy(e) {",
        broken: "    if false {",
        package: "foureyes",
        filter: "attack44_minors::a_write_lock_held_past_the_busy_wait_is_exit_8_not_the_tamper_code",
        also: &[],
    },
    Mutation {
        property: "the witness is never appended to through a hard link (F926, attack 26's W3)",
        file: "crates/foureyes-connect/src/files.rs",
        original: "        if metadata.nlink() > 1 {",
        broken: "        if metadata.nlink() > 1 && false {",
        package: "foureyes",
        filter: "journal_authority::a_hard_link_at_the_witness_is_not_written_through",
        also: &[],
    },
    Mutation {
        property: "SQLite never writes its -wal or -shm through a hard link (F926, attack 26's H2)",
        // F926's check by name became F942's on SQLite's own descriptor (fault14, ADR-942).
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "    if st.st_nlink != 1 {",
        broken: "    if st.st_nlink != 1 && false {",
        package: "foureyes",
        filter: "journal_authority::a_hard_link_at_the_databases_wal_or_shm_is_not_written_through",
        also: &[],
    },
    // fault14 (attack 27's H3, H4; attack 26's F2): ADR-942, ADR-943.
    Mutation {
        property: "a database file with another name is never opened: nothing of SQLite's written into the other file (F942, attack 27's H4)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "    if st.st_nlink != 1 {",
        broken: "    if st.st_nlink != 1 && false {",
        package: "foureyes-store-sqlite",
        filter: "one_name::a_database_file_with_another_name_is_not_opened",
        also: &["one_name::tests::a_file_whose_name_was_removed_after_the_open_is_refused"],
    },
    Mutation {
        property: "a link at -wal/-shm removed right after SQLite's open is refused on the descriptor (F943, attack 27's H3)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "    Some(target.as_os_str().as_encoded_bytes().ends_with(b\" (deleted)\"))",
        broken: "    Some(false && target.as_os_str().as_encoded_bytes().ends_with(b\" (deleted)\"))",
        package: "foureyes-store-sqlite",
        filter: "one_name::tests::a_file_whose_name_was_removed_after_the_open_is_refused",
        also: &[],
    },
    Mutation {
        property: "a file mounted over -wal/-shm/-journal is refused on the descriptor (F945, attack 27's H5)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "    if companion && mount_root(fd) == Some(true) {",
        broken: "    if companion && mount_root(fd) == Some(true) && false {",
        package: "foureyes-store-sqlite",
        filter: "one_name::tests::a_file_mounted_over_a_companions_name_is_refused",
        also: &[],
    },
    Mutation {
        property: "a serve whose witness cannot be written stops instead of deciding unwitnessed (ADR-943, attack 26's F2)",
        file: "crates/foureyes/src/serve.rs",
        original: "                    lost.lose(reason);",
        broken: "                    drop(reason);",
        package: "foureyes",
        filter: "journal_authority::a_witness_swapped_under_a_running_serve_stops_it",
        also: &[],
    },
    Mutation {
        property: "a changed MCP definition too deep for the journal is journaled as text for review (F382, attack 22)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "    if readable && foureyes_core::canonical::to_canonical_string(definition).len() <= room {",
        broken: "    if foureyes_core::canonical::to_canonical_string(definition).len() <= room {",
        package: "foureyes-mcp",
        filter: "pins_definitions::a_changed_definition_too_deep_for_the_journal_is_journaled_as_text_for_review",
        also: &[],
    },
    Mutation {
        property: "an MCP listing answer the proxy cannot parse is refused and journaled, never passed on (ADR-910, attack 25 P1)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "            Err(e) => return Some(self.unreadable_listing(session, listing, response, &e).await),",
        broken: "            Err(_) => return None,",
        package: "foureyes-mcp",
        filter: "pins_definitions::a_tools_list_answer_the_proxy_cannot_parse_is_refused_and_journaled_not_passed_on",
        also: &[],
    },
    Mutation {
        property: "mcp-proxy --server journals a changed definition where `mcp pins list` reads it (ADR-911, attack 25 P2)",
        file: "crates/foureyes-mcp/src/engine.rs",
        original: "\"/v1/mcp/refusals\", Some(body)",
        broken: "\"/v1/mcp/refusalz\", Some(body)",
        package: "foureyes-mcp",
        filter: "pins_definitions::with_server_a_changed_definition_even_a_large_one_is_journaled_for_review",
        also: &[],
    },
    Mutation {
        property: "a changed MCP definition over the journal's bound is journaled as size, digest and excerpt (ADR-912, attack 25 P3)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "    crate::event::REFUSED_INPUT_MAX_BYTES.saturating_sub(used + 64)",
        broken: "    usize::MAX.saturating_sub(used + 64)",
        package: "foureyes-mcp",
        filter: "pins_definitions::with_server_a_changed_definition_even_a_large_one_is_journaled_for_review",
        also: &[],
    },
    Mutation {
        property: "a kill switch set to what it is writes no row the journal does not say (F380, attack 22)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        if row.as_deref() != Some(value) && (row.is_some() || engaged) {",
        broken: "        if row.as_deref() != Some(value) {",
        package: "foureyes",
        filter: "sqlite::a_kill_switch_set_to_what_it_is_leaves_the_tables_as_the_journal_says",
        also: &[],
    },
    Mutation {
        property: "an outage of the door does not count against a reporting deadline (ADR-365, F72)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            if !put_off && !expired.contains(&id) {",
        broken: "            if (put_off || !put_off) && !expired.contains(&id) {",
        package: "foureyes",
        filter: "an_outage_longer_than_report_within_does_not_free_the_reservation",
        also: &[],
    },
    Mutation {
        property: "a permit reported executed keeps no release records in the authority state (ADR-700)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                    self.settle(r.decision_id);",
        broken: "                    let _ = r.decision_id;",
        package: "foureyes-store",
        filter: "settled_permits_keep_no_release_records",
        also: &[],
    },
    Mutation {
        property: "under the seal key a settled decision leaves the authority state (ADR-740)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        let Some(mut record) = self.decisions.remove(id) else { return };",
        broken: "        let Some(mut record) = self.decisions.get(id).copied() else { return };",
        package: "foureyes-store",
        filter: "settled_decisions_do_not_stay_in_memory_under_the_seal_key",
        also: &[],
    },
    Mutation {
        property: "a settlement seal is bound to its decision's id: another row's seal proves nothing (ADR-740)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "    format!(\"settled\\0{origin}\\0{id}\\0{body}\")",
        broken: "    format!(\"settled\\0{origin}\\0{}\\0{body}\", id & 0)",
        package: "foureyes-store",
        filter: "settled_decisions_do_not_stay_in_memory_under_the_seal_key",
        also: &[],
    },
    Mutation {
        property: "who reports an agent's outcomes is the journal's executors, not the tokens rows (ADR-531)",
        file: "crates/foureyes-store-sqlite/src/credentials.rs",
        original: "        if journaled == rows && !behind {\n            return Ok(journaled);",
        broken: "        if journaled.len() < usize::MAX {\n            return Ok(rows);",
        package: "foureyes",
        filter: "sqlite::an_executor_row_deleted_by_hand_does_not_give_the_agent_its_reports_back",
        also: &[],
    },
    Mutation {
        property: "a fresh database is an empty journal, never an empty tokens table (ADR-532)",
        file: "crates/foureyes/src/serve.rs",
        original: "    let fresh = store.journal_head().await? == 0;",
        broken: "    let fresh = store.principals().await?.is_empty();",
        package: "foureyes",
        filter: "serve_mints_no_admin_for_a_journal_whose_token_rows_were_deleted",
        also: &[],
    },
    Mutation {
        property: "what is checkpointed is the journal's checkpoint events, not a settings row (ADR-533)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if w.authority().checkpointed() >= checkpoint.size {",
        broken: "    if w.setting(\"checkpoint_size\").await?.and_then(|s| s.parse::<u64>().ok()).unwrap_or(0) >= checkpoint.size {",
        package: "foureyes",
        filter: "a_checkpoint_size_row_edited_by_hand_does_not_stop_the_witness",
        also: &[],
    },
    Mutation {
        property: "a stop over a database that moved behind the server witnesses its verified head (ADR-534)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "        Ok(Some((size, root, authority.sealed_from())))",
        broken: "        Ok(Some((size, root, authority.sealed_from()))).map(|_| None)",
        package: "foureyes",
        filter: "a_truncation_under_a_running_server_is_witnessed_at_its_stop",
        also: &[],
    },
    Mutation {
        property: "an agent credential cannot apply or record a check over /v1/tasks (ADR-490)",
        file: "crates/foureyes-server/src/tasks.rs",
        original: "const RUNNER: &[Role] = &[Role::Runner];",
        broken: "const RUNNER: &[Role] = &[Role::Runner, Role::Agent];",
        package: "foureyes-server",
        filter: "every_endpoint_times_every_role",
        also: &[],
    },
    Mutation {
        property: "a journal whose seals were stripped is refused against the notes that say it was sealed (ADR-535)",
        file: "crates/foureyes-core/src/seal.rs",
        original: "            Some(from) if self.from != Some(from) => Err(SealProblem::Stripped { from, here: self.from }),",
        broken: "            Some(from) if self.from == Some(from + 1) => Err(SealProblem::Stripped { from, here: self.from }),",
        package: "foureyes",
        filter: "a_journal_whose_seals_were_stripped_is_not_resealed",
        also: &[],
    },
    Mutation {
        property: "a credential of one namespace cannot act in another (ADR-500)",
        file: "crates/foureyes-server/src/auth.rs",
        original: "    if !namespace::admits(state.namespace(), token) {",
        broken: "    if false && !namespace::admits(state.namespace(), token) {",
        package: "foureyes-server",
        filter: "a_credential_row_copied_into_another_namespace_grants_nothing",
        also: &[],
    },
    Mutation {
        property: "the proposer of a sensitive change cannot approve its apply (ADR-550)",
        file: "apps/change-control/src/door.rs",
        original: "        Some(by) => by.name.clone(),",
        broken: "        Some(_) => format!(\"task:{}\", state.task_id),",
        package: "change-control",
        filter: "the_proposer_of_a_sensitive_change_cannot_approve_its_apply",
        also: &[],
    },
    Mutation {
        property: "credential names are unique under the identity fold (ADR-551)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "names.iter().find(|n| foureyes_core::fold::same_identity(n, name))",
        broken: "names.iter().find(|n| *n == name)",
        package: "foureyes-store-sqlite",
        filter: "credentials_conform",
        also: &[],
    },
    Mutation {
        property: "a workspace symlink with an absolute target is refused at create (ADR-363)",
        file: "apps/change-control/src/model.rs",
        original: "        if target.starts_with('/') {",
        broken: "        if false && target.starts_with('/') {",
        package: "change-control",
        filter: "absolute_links_and_links_into_writable_directories_are_refused_at_create",
        also: &[],
    },
    Mutation {
        property: "a change reached through a sensitive symlink is sensitive (ADR-565)",
        file: "apps/change-control/src/model.rs",
        original: "        Some(names) => names.iter().any(|n| sensitive(n)),",
        broken: "        Some(_) => sensitive(path),",
        package: "change-control",
        filter: "a_change_reached_through_a_sensitive_symlink_is_sensitive",
        also: &[],
    },
    Mutation {
        property: "a task command's recorded outcome is answered only as the journal tells it (ADR-585)",
        file: "crates/foureyes-store-sqlite/src/tasks.rs",
        original: "        if let Some(difference) = authority.task_commands().differs(task_id, cmd.command_id(), &stored) {",
        broken: "        if let Some(difference) = authority.task_commands().differs(task_id, cmd.command_id(), &stored).filter(|_| false) {",
        package: "change-control",
        filter: "a_forged_task_command_outcome_grants_nothing",
        also: &[],
    },
    Mutation {
        property: "every door that decides checks the witness it is given (ADR-586)",
        file: "crates/foureyes/src/commands.rs",
        original: "    refuse_an_unresolved_clock()?;\n    check_door_witness(store.as_ref()).await?;",
        broken: "    refuse_an_unresolved_clock()?;\n    check_door_witness(store.as_ref()).await.ok();",
        package: "foureyes",
        filter: "every_door_refuses_a_database_rolled_back_behind_its_witness",
        also: &[],
    },
    Mutation {
        property: "each served namespace is checked against its own witness at start (ADR-587)",
        file: "crates/foureyes/src/serve.rs",
        original: "            checked?;",
        broken: "            checked.ok();",
        package: "foureyes",
        filter: "a_namespace_rolled_back_behind_its_witness_is_refused_at_start",
        also: &[],
    },
    Mutation {
        property: "an approval whose row the journal does not back is shown marked, to the API and the CLI (ADR-610)",
        file: "crates/foureyes-store/src/ops.rs",
        original: ".map(|d| crate::Altered::of(\"approvals\", d));",
        broken: ".filter(|_| false).map(|d| crate::Altered::of(\"approvals\", d));",
        package: "foureyes",
        filter: "an_approval_whose_row_was_altered_is_shown_marked_and_refused",
        also: &[],
    },
    Mutation {
        property: "a stop witnesses the verified head before its journal write, which another process's lock can hold (ADR-612)",
        file: "crates/foureyes/src/serve.rs",
        original: "        Some(witness) => match witness_verified_head(store, &key, witness).await {",
        broken: "        Some(_) => match Ok::<Option<String>, String>(None) {",
        package: "foureyes",
        filter: "a_writer_holding_the_write_lock_at_the_stop_cannot_unwitness_it",
        also: &[],
    },
    Mutation {
        property: "the journal binds the connector digest a deferral was approved with (ADR-614)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    } else if journal.connector_digest.as_deref() != record.request.connector_digest() {",
        broken: "    } else if journal.connector_digest.is_some() && journal.connector_digest.is_none() {",
        package: "foureyes-connect",
        filter: "a_deferral_whose_connector_digest_was_rewritten_releases_nothing",
        also: &[],
    },
    Mutation {
        property: "serve says at start what a database writer can do without a seal key or a witness (ADR-536)",
        file: "crates/foureyes/src/serve.rs",
        original: "    for line in lines {",
        broken: "    for line in lines.iter().take(0) {",
        package: "foureyes",
        filter: "serve_says_at_start_what_it_cannot_see",
        also: &[],
    },
    Mutation {
        property: "the task CLI holds the seal key it is given (F588)",
        file: "apps/change-control/src/cli.rs",
        original: "        _ => Ok(Box::new(SqliteStore::open(db, SqliteOptions::default())?.with_seal_key(seal))),",
        broken: "        _ => Ok(Box::new(SqliteStore::open(db, SqliteOptions::default())?.with_seal_key(seal.filter(|_| false)))),",
        package: "foureyes",
        filter: "the_task_cli_holds_the_seal_key_it_is_given",
        also: &[],
    },
    Mutation {
        property: "new ids come from the journal, never from the table a writer rewinds (ADR-640)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    let issued = w.authority().issued();",
        broken: "    let issued = crate::issued::IssuedIds::default();",
        package: "foureyes",
        filter: "sqlite::a_deleted_decision_row_does_not_make_the_door_issue_its_id_again",
        also: &["sqlite::a_deleted_demotion_row_does_not_lift_another_sessions_demotion"],
    },
    Mutation {
        property: "the door stops at an event that issues a journaled id again (ADR-640)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        self.issued.issue(&data).map_err(|e| broken(&e))?;",
        broken: "        let _ = self.issued.issue(&data);",
        package: "foureyes",
        filter: "sqlite::a_second_decided_event_for_a_decision_id_is_refused",
        also: &[],
    },
    Mutation {
        property: "the audit names an event that issues a journaled id again (ADR-640)",
        file: "crates/foureyes-store/src/replay.rs",
        original: "if let Err(why) = self.issued.issue(data) {",
        broken: "if let Err(why) = self.issued.issue(data).or(Ok::<(), String>(())) {",
        package: "foureyes",
        filter: "sqlite::a_second_decided_event_for_a_decision_id_is_refused",
        also: &[],
    },
    Mutation {
        property: "serve --namespace NAME witnesses its store in the file its doors check (ADR-642)",
        file: "crates/foureyes/src/serve.rs",
        original: "crate::commands::store_witness(w, main_namespace)",
        broken: "crate::commands::store_witness(w, None)",
        package: "foureyes",
        filter: "a_namespace_served_as_the_main_store_is_witnessed_where_its_doors_look",
        also: &[],
    },
    Mutation {
        property: "a door refuses a named witness that does not exist unless the store is new (ADR-642)",
        file: "crates/foureyes/src/commands.rs",
        original: "        (0, _) => Ok(()),",
        broken: "        (_, MissingWitness::Refuse) | (0, _) => Ok(()),",
        package: "foureyes",
        filter: "sqlite::a_missing_witness_is_refused_unless_the_store_is_new",
        also: &[],
    },
    Mutation {
        property: "under the seal key, verify and audit refuse an unsealed journal as the doors do (ADR-643)",
        file: "crates/foureyes-store/src/checkpoint.rs",
        original: "    if has_key && events > 0 && rule.sealed_from().is_none() {",
        broken: "    if has_key && events > 0 && rule.sealed_from().is_none() && false {",
        package: "foureyes",
        filter: "sqlite::verify_and_audit_under_the_seal_key_report_a_journal_whose_seals_were_stripped",
        also: &[],
    },
    Mutation {
        property: "under the seal key a settled approval leaves the authority state (ADR-780)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        if let Some(record) = self.approvals.remove(id) {",
        broken: "        if let Some(record) = self.approvals.get(id).cloned() {",
        package: "foureyes-store",
        filter: "settled_approvals_do_not_stay_in_memory_under_the_seal_key",
        also: &[],
    },
    Mutation {
        property: "an approval's settlement seal is bound to its id: another approval's seal proves nothing (ADR-780)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "    format!(\"approval-settled\\0{origin}\\0{id}\\0{body}\")",
        broken: "    format!(\"approval-settled\\0{origin}\\0{}\\0{body}\", id & 0)",
        package: "foureyes-store",
        filter: "settled_approvals_do_not_stay_in_memory_under_the_seal_key",
        also: &[],
    },
    Mutation {
        property: "a settled approval's row without a valid seal grants nothing (ADR-780)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        ApprovalSays::Unproven(why) => return Some((\"settled\", record.status.as_str().to_string(), (*why).into())),",
        broken: "        ApprovalSays::Unproven(_) => return None,",
        package: "foureyes",
        filter: "sqlite::under_the_seal_a_used_approval_set_back_to_approved_releases_nothing",
        also: &[],
    },
    Mutation {
        property: "a second undo after the first undo's row was edited is refused: undone is the journal's (ADR-368, F810)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    let mut journaled = w.authority().undone_by(target);",
        broken: "    let mut journaled = w.undone_by(target).await?;",
        package: "foureyes",
        // Under the seal the target's sealed row is a second reading of the same link (ADR-994), so this mutation
        // alone no longer lets the sealed test through; the ADR-994 entries break that reading.
        filter: "sqlite::without_the_seal_an_undo_row_edited_or_deleted_does_not_permit_a_second_undo",
        also: &[],
    },
    Mutation {
        property: "a serving process's stall counts as an outage (ADR-369, F811)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        if let Some(outage) = gap {",
        broken: "        if let Some(outage) = gap.filter(|_| false) {",
        package: "foureyes-store",
        filter: "a_serving_process_frozen_between_two_ticks_counts_the_gap_as_an_outage",
        also: &[],
    },
    Mutation {
        property: "a deadline judged the moment a frozen server wakes sees the gap still open (ADR-369, F811)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "            && now_ms - from_ms >= OUTAGE_MIN_MS",
        broken: "            && now_ms - from_ms >= i64::MAX",
        package: "foureyes-store",
        filter: "a_serving_process_frozen_between_two_ticks_counts_the_gap_as_an_outage",
        also: &[],
    },
    Mutation {
        property: "two outages in a row each count against a reporting deadline (ADR-369, F812)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        if decided_ms < o.to_ms && by >= o.from_ms {",
        broken: "        if decided_ms < o.to_ms && by >= o.from_ms && o.to_ms == outages[outages.len() - 1].to_ms {",
        package: "foureyes-store",
        filter: "two_outages_in_a_row_each_put_the_deadline_off",
        also: &[],
    },
    Mutation {
        property: "only serve marks the store served: a CLI door does not shorten an outage (ADR-369, F813)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "        let text = Anchor::written(boot_id.clone(), at, &served, key.as_ref(), site, &store).text();",
        broken: "        let text = Anchor::written(boot_id.clone(), at, &Served { served_ms: Some(now_ms), ..served.clone() }, key.as_ref(), site, &store).text();",
        package: "foureyes",
        filter: "a_read_only_cli_during_an_outage_does_not_shorten_it",
        also: &[],
    },
    Mutation {
        property: "an executed report's detail is bound to the journal: an edited `before` steers no undo (ADR-850, F850)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "            h.update(canonical.as_bytes());",
        broken: "            h.update(canonical.len().to_le_bytes());",
        package: "foureyes",
        filter: "sqlite::under_the_seal_an_edited_report_detail_steers_no_undo",
        also: &["sqlite::without_the_seal_an_edited_report_detail_steers_no_undo"],
    },
    Mutation {
        property: "the embedded MCP proxy holds the seal key it is given (ADR-851, F851)",
        file: "crates/foureyes-mcp/src/cli.rs",
        original: "        .with_seal_key(seal)\n        .with_request_memory(request_memory);",
        broken: "        .with_seal_key(seal.filter(|_| false))\n        .with_request_memory(request_memory);",
        package: "foureyes",
        filter: "seal_doors::the_embedded_mcp_proxy_seals_with_the_key_it_is_given",
        also: &[],
    },
    Mutation {
        property: "MCP: a message with a key given twice in one object is unreadable, never passed on (ADR-930)",
        // ADR-934: the strict reading's one home is foureyes-core.
        file: "crates/foureyes-core/src/strict_json.rs",
        original: "            if !keys.insert(key.clone()) {",
        broken: "            if false && !keys.insert(key.clone()) {",
        package: "foureyes-mcp",
        filter: "a_changed_listing_in_a_line_that_is_not_one_plain_message_never_reaches_the_client",
        also: &["a_duplicate_key_at_any_depth_is_refused_by_the_strict_reading"],
    },
    Mutation {
        property: "MCP: an upstream line that is not exactly one JSON-RPC message never reaches the client (ADR-931)",
        file: "crates/foureyes-mcp/src/stdio.rs",
        original: "            Err(why) => self.upstream_unreadable(line, &why).await,",
        broken: "            Err(_) => self.send_client_frame(line).await,",
        package: "foureyes-mcp",
        filter: "a_changed_listing_in_a_line_that_is_not_one_plain_message_never_reaches_the_client",
        also: &[],
    },
    Mutation {
        property: "MCP: an upstream answer to a call it was never sent is dropped (ADR-932)",
        file: "crates/foureyes-mcp/src/stdio.rs",
        original: "Some(id) == spelled.as_ref()) && !self.gating.contains_key(&flight)",
        broken: "Some(id) == spelled.as_ref()) || !self.gating.contains_key(&flight)",
        package: "foureyes-mcp",
        filter: "an_upstream_answer_to_a_call_it_was_never_sent_is_dropped",
        also: &[],
    },
    Mutation {
        property: "connectors: a 4xx after a redirect is unknown, not failed (F391)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "status.is_client_error() && !redirected",
        broken: "status.is_client_error() && (!redirected || redirected)",
        package: "foureyes-connect",
        filter: "a_client_error_after_a_redirect_is_unknown",
        also: &[],
    },
    Mutation {
        property: "connectors: a 4xx to an MCP call already sent is unknown, not failed (F391)",
        file: "crates/foureyes-connect/src/mcp.rs",
        original: "&& !progress.sent.load(Ordering::SeqCst)",
        broken: "&& (true || !progress.sent.load(Ordering::SeqCst))",
        package: "foureyes-connect",
        filter: "a_server_that_fails_after_the_call_was_sent_leaves_it_unknown_and_keeps_the_reservation",
        also: &[],
    },
    Mutation {
        property: "a run FourEyes makes keeps its reservation past its reporting deadline (F390)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "d.report_by_ms.filter(|_| d.connector.is_none())",
        broken: "d.report_by_ms.filter(|_| d.connector.is_none() || true)",
        package: "foureyes-connect",
        filter: "a_run_past_its_reporting_deadline_keeps_its_reservation",
        also: &[],
    },
    Mutation {
        property: "MCP: an upstream answer passes only under the id as the client spelled it (F389)",
        file: "crates/foureyes-mcp/src/stdio.rs",
        original: "is_some_and(|id| Some(id) == spelled.as_ref())",
        broken: "is_some_and(|id| Some(id) == spelled.as_ref() || spelled.is_some())",
        package: "foureyes-mcp",
        filter: "an_answer_under_a_respelled_id_never_passes_a_listing_unchecked",
        also: &[],
    },
    Mutation {
        property: "MCP: a forwarded call carries only the protocol's own _meta keys (ADR-379, ADR-383, attacks 29/30 M1)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "        _ => None,\n    }\n}\n\n/// A progress token",
        broken: "        _ => Some(value.clone()),\n    }\n}\n\n/// A progress token",
        package: "foureyes-mcp",
        filter: "meta_the_decision_did_not_see_is_not_forwarded",
        also: &["only_the_protocol_s_own_meta_keys_go_each_with_its_type"],
    },
    Mutation {
        property: "MCP: a protocol _meta key of another type is not forwarded (ADR-383, attack 30 M1)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "            Value::String(token) if is_token(token) => Some(value.clone()),\n            _ => None,",
        broken: "            _ => Some(value.clone()),",
        package: "foureyes-mcp",
        filter: "only_the_protocol_s_own_meta_keys_go_each_with_its_type",
        also: &[],
    },
    Mutation {
        property: "a torn checkpoint at the witness's end is cut before the next is appended (ADR-380, attack 29 W1)",
        file: "crates/foureyes/src/commands.rs",
        original: "    if let Ok(text) = text_of(bytes) {\n",
        broken: "    if let Ok(text) = text_of(bytes.split_off(bytes.len())) {\n",
        package: "foureyes",
        filter: "a_checkpoint_torn_by_a_full_disk_is_cut_not_taken_for_a_rewritten_database",
        also: &[],
    },
    Mutation {
        property: "MCP: a method name another reader takes for a gated one is refused, never forwarded (ADR-382)",
        file: "crates/foureyes-mcp/src/jsonrpc.rs",
        original: "            (Some(m), _) if !plain_method(m) => Kind::Invalid,\n",
        broken: "            (Some(m), _) if !plain_method(m) && m.is_empty() => Kind::Invalid,\n",
        package: "foureyes-mcp",
        filter: "a_method_name_another_reader_takes_for_a_gated_one_is_refused",
        also: &[],
    },
    Mutation {
        property: "MCP --listen: an HTTP 4xx after a call was sent keeps its reservation (ADR-384, attack 30 S1)",
        file: "crates/foureyes-mcp/src/http.rs",
        original: "head.status);\n    let out = tapped.message(&collected).await;",
        broken: "head.status);\n    if head.status.is_client_error() {\n        tapped.refused(&why).await;\n    }\n    let out = tapped.message(&collected).await;",
        package: "foureyes-mcp",
        filter: "a_4xx_after_the_call_was_sent_keeps_the_reservation",
        also: &[],
    },
    Mutation {
        property: "a signed witness note that lost only its last newline is checked, never cut as torn (ADR-385, attack 30 W2)",
        file: "crates/foureyes-core/src/checkpoint.rs",
        original: "    !name.is_empty() && B64.decode(signature).is_ok_and(|bytes| bytes.len() == 4 + 64)\n",
        broken: "    !name.is_empty() && B64.decode(signature).is_ok_and(|bytes| bytes.len() == 4 + 64) && name.is_empty()\n",
        package: "foureyes",
        filter: "a_signed_note_missing_only_its_last_newline_is_checked_and_kept",
        also: &[],
    },
    Mutation {
        property: "MCP: a journaled changed definition must hash to its listed hash (ADR-933)",
        file: "crates/foureyes-server/src/api.rs",
        original: "        && b.input.get(\"definition\").is_some()\n",
        broken: "        && b.input.get(\"definition\").is_some() && false\n",
        package: "foureyes",
        filter: "a_definition_that_does_not_hash_to_its_listed_hash_is_neither_journaled_nor_pinned",
        also: &[],
    },
    // desk21 (issue 16, b22's kinds).
    Mutation {
        property: "the support desk escalates an injury stated plainly: only a negator's scope over polarity-keeping words takes an injury word out (ADR-950)",
        file: "apps/support-desk/src/classify/scope.rs",
        original: r"(?:[\s,]+(?:{KEEPS_POLARITY})\b)*[\s,]+(?:{INJURY})\b",
        broken: r"(?:[\s,]+\w+\b)*[\s,]+(?:{INJURY})\b",
        package: "support-desk",
        filter: "injury_words_in_a_negators_scope_or_naming_a_colour_escalate_nothing",
        also: &[],
    },
    // mcp11 (attack 27, issue #19): ADR-934..937.
    Mutation {
        property: "MCP: a client message with a key twice is refused and journaled, never forwarded (ADR-935)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "let why = ambiguity_of(bytes)?;",
        broken: "let why = ambiguity_of(b\"{}\")?;",
        package: "foureyes-mcp",
        filter: "mcp11_a_read_with_a_key_twice_cannot_reach_a_hidden_resource",
        also: &["mcp11_over_http_a_message_with_a_key_twice_is_refused_and_journaled"],
    },
    Mutation {
        property: "MCP: a journaled definition text with a key twice is a mismatch, never a change to pin (ADR-934)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "Value::String(text) => match crate::strict_json::parse_strict(text.as_bytes()) {",
        broken: "Value::String(text) => match serde_json::from_str::<Value>(text) {",
        package: "foureyes-core",
        filter: "r2_a_journaled_definition_text_with_a_key_twice_is_a_mismatch",
        also: &[],
    },
    Mutation {
        property: "MCP: POST /v1/mcp/pins/approve pins only what the CLI would (ADR-936)",
        file: "crates/foureyes-server/src/api.rs",
        original: "            foureyes_core::tool_pin::approvable(&entries, b.excerpt_only)\n                .map(|_| ())",
        broken: "            foureyes_core::tool_pin::approvable(&entries, b.excerpt_only)\n                .map(|_| ())\n                .or(Ok::<(), String>(()))",
        package: "foureyes",
        filter: "mcp11_http_approve_pins_only_what_the_cli_would",
        also: &[],
    },
    Mutation {
        property: "MCP: a proxy's identical reports are journaled once and a flood of new ones is throttled (ADR-938)",
        file: "crates/foureyes-server/src/api.rs",
        original: "match state.mcp_reports.admit(caller.name(), &digest, changed, state.now_ms()) {",
        broken: "match (crate::mcp_pins::Report::Journal, changed).0 {",
        package: "foureyes-server",
        filter: "mcp11_identical_reports_are_journaled_once_and_a_flood_is_throttled_without_crowding_out_a_change",
        also: &[],
    },
    Mutation {
        property: "MCP: an excerpt of a definition short enough to be journaled whole is a mismatch (ADR-937)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "            return match excerpt_shape(map, journaled_room(input)) {",
        broken: "            return match excerpt_shape(map, journaled_room(input)).or(Ok::<(), String>(())) {",
        package: "foureyes-core",
        filter: "a_forged_excerpt_of_a_short_definition_is_a_mismatch",
        also: &[],
    },
    // fast12 (issue 14, ADR-980): the fingerprint a deciding transaction keeps with its own `decided` event.
    Mutation {
        property: "the door's own decided event is applied with its request's own fingerprint, as a replay has it (ADR-980)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            own_fingerprint = Some(fingerprint);",
        broken: "            own_fingerprint = Some(request.digest());",
        package: "foureyes-store-sqlite",
        filter: "own_decided_events_apply_the_fingerprint_they_were_decided_with",
        also: &[],
    },
    // mem1 (issue 19, ADR-973): the soak sees a keyed door that keeps finished rounds' decisions.
    Mutation {
        property: "a finished round of the keyed soak leaves no decision in the door's memory (ADR-973)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        let Some(mut record) = self.decisions.remove(id) else { return };",
        broken: "        let Some(mut record) = self.decisions.get(id).copied() else { return };",
        package: "foureyes",
        filter: "faults_soak::a_soak_of_mixed_load_keeps_memory_and_file_handles_bounded",
        also: &[],
    },
    // desk22 (issue 16, b23's kinds).
    Mutation {
        property: "the support desk never pays out an unsettled figure nor falls back to the order's amount for one (ADR-959)",
        file: "apps/support-desk/src/classify.rs",
        original: "_ if wants_refund && form_ask.is_none() && settle::unsettled(&own).is_some() => Amount::Ambiguous,",
        broken: "_ if false && settle::unsettled(&own).is_some() => Amount::Ambiguous,",
        package: "support-desk",
        filter: "unsettled_amounts_need_information_and_never_fall_back_to_the_order",
        also: &[],
    },
    Mutation {
        property: "the support desk pays the figure the asking sentence names, never the order's larger amount for it (ADR-381)",
        file: "apps/support-desk/src/classify.rs",
        original: ".filter(|v| *v > 0 && *v < o.amount_cents)",
        broken: ".filter(|v| *v > 0 && *v < 0)",
        package: "support-desk",
        filter: "a_part_named_with_its_figure_in_the_asking_sentence_is_the_amount_asked",
        also: &[],
    },
    // fault15 (issue #19, attack 28's 1c/3b, 27b, 31): ADR-966, ADR-967, ADR-968.
    Mutation {
        property: "MCP: a forwarded call is journaled started before it is sent (ADR-966)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "if let Err(e) = self.engine.mark_forwarded(ticket.decision_id, &self.config.server).await {",
        broken: "if let Err(e) = Ok::<(), StoreError>(()) {",
        package: "foureyes-mcp",
        filter: "a_forwarded_call_slower_than_report_within_keeps_its_reservation",
        also: &["a_call_a_stopped_proxy_forwarded_keeps_its_reservation_and_is_listed_unconfirmed"],
    },
    Mutation {
        property: "a started run has no reporting deadline, whoever started it (ADR-966)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                self.clear_deadline(c.decision_id);",
        broken: "                let _ = c.decision_id;",
        package: "foureyes-mcp",
        filter: "a_forwarded_call_slower_than_report_within_keeps_its_reservation",
        also: &["a_call_a_stopped_proxy_forwarded_keeps_its_reservation_and_is_listed_unconfirmed"],
    },
    Mutation {
        property: "http connector: a redirect to a path the decision did not show is not followed (ADR-967)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "attempt.previous().first().is_some_and(|sent| !same_resource(sent, attempt.url()))",
        broken: "attempt.previous().first().is_some_and(|sent| !same_resource(sent, attempt.url()) && false)",
        package: "foureyes-connect",
        filter: "execute::sqlite::a_redirect_to_a_path_the_decision_did_not_show_is_not_followed",
        also: &[],
    },
    Mutation {
        property: "serve: a request received in full is not answered 408 \"not received\" (ADR-968)",
        file: "crates/foureyes-server/src/error.rs",
        original: "if response.status() == StatusCode::REQUEST_TIMEOUT && received.load(Ordering::SeqCst) {",
        broken: "if response.status() == StatusCode::REQUEST_TIMEOUT && received.load(Ordering::SeqCst) && false {",
        package: "foureyes-server",
        filter: "a_request_received_in_full_is_not_told_it_was_not_received",
        also: &[],
    },
    // fast13 (issue 14, ADR-1008): PostgreSQL keeps the fingerprint with its own `decided` event too.
    Mutation {
        property: "PostgreSQL: the door's own decided event is applied with its request's own fingerprint, as a replay has it (ADR-1008)",
        file: "crates/foureyes-store-pg/src/ops.rs",
        original: "        self.keep_fingerprint_of_last_append(fingerprint);",
        broken: "        self.keep_fingerprint_of_last_append(fingerprint.chars().rev().collect());",
        package: "foureyes-store-pg",
        filter: "own_decided_events_apply_the_fingerprint_they_were_decided_with",
        also: &[],
    },
    // fast13 (issue 14, ADR-1009): the fingerprint and digest written around one serialization of the params.
    Mutation {
        property: "a request's fingerprint and approval digest written at once are the two functions' texts byte for byte (ADR-1009)",
        file: "crates/foureyes-core/src/types.rs",
        original: "        if !self.flags.is_empty() {\n            fingerprint.update(",
        broken: "        if self.flags.len() > 1 {\n            fingerprint.update(",
        package: "foureyes-core",
        filter: "fingerprint_and_digest_are_the_two_functions_byte_for_byte",
        also: &[],
    },
    // fault17 (issue #19, ADR-966 "Not covered"): ADR-1001.
    Mutation {
        property: "MCP --server: a forwarded call is journaled started on the server before it is sent (ADR-1001)",
        file: "crates/foureyes-mcp/src/engine.rs",
        original: "        let path = format!(\"/v1/decisions/{id}/started\");",
        broken: "        if id > 0 {\n            return Ok(());\n        }\n        let path = format!(\"/v1/decisions/{id}/started\");",
        package: "foureyes-mcp",
        filter: "with_server_a_forwarded_call_slower_than_report_within_keeps_its_reservation",
        also: &["with_server_a_call_a_stopped_proxy_forwarded_keeps_its_reservation_until_an_admin_settles_it"],
    },
    Mutation {
        property: "serve: a run FourEyes makes stays its run's to report after a start mark (ADR-1001, ADR-334)",
        file: "crates/foureyes-server/src/api.rs",
        original: "    if decided.request.evidence.as_ref().and_then(|e| e.get(foureyes_core::CONNECTOR_EVIDENCE_KEY)).is_some() {",
        broken: "    if decided.request.evidence.as_ref().and_then(|e| e.get(foureyes_core::CONNECTOR_EVIDENCE_KEY)).is_some() && false {",
        package: "foureyes-server",
        filter: "api_started::only_a_permit_never_reported_and_not_run_by_foureyes_is_started",
        also: &["api_connector_reports::h6_only_the_run_reports_a_decision_foureyes_executes"],
    },
    Mutation {
        property: "serve: only the decision's reporter marks its start (ADR-1001)",
        file: "crates/foureyes-server/src/api.rs",
        original: "        if !served_by.is_empty() {",
        broken: "        if false && !served_by.is_empty() {",
        package: "foureyes-server",
        filter: "api_started::only_the_decisions_reporter_marks_its_start",
        also: &[],
    },
    // desk23 (issue 16, b24's kinds of reading): ADR-988, ADR-990.
    Mutation {
        property: "the support desk pays the part's figure an ask points back at, never the order's amount for it (ADR-990)",
        file: "apps/support-desk/src/classify.rs",
        original: "kinds::anaphoric_figure(&own, o.amount_cents)",
        broken: "None::<i64>",
        package: "support-desk",
        filter: "a_price_is_not_the_ask_and_a_parts_figure_is_never_the_whole_order",
        also: &[],
    },
    Mutation {
        property: "the support desk: an injected instruction neither adds nor removes the customer's request (ADR-988)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "return super::kinds::instruction_sentences(l);",
        broken: "return None::<String>;",
        package: "support-desk",
        filter: "an_injected_instruction_neither_adds_nor_removes_the_request",
        also: &[],
    },
    Mutation {
        property: "the support desk never pays a figure the customer said approximately or unsurely (ADR-387, b25)",
        file: "apps/support-desk/src/classify.rs",
        original: "Amount::Cents(v) if wants_refund && form_ask.is_none() && kinds::said_unsurely(&own, v) => Amount::Ambiguous,",
        broken: "Amount::Cents(v) if wants_refund && form_ask.is_none() && kinds::said_unsurely(&own, v) && v < 0 => Amount::Ambiguous,",
        package: "support-desk",
        filter: "an_ask_pointing_back_at_an_unsure_figure_settles_nothing",
        also: &[],
    },
    // desk24 (issue 16, b25's kinds of reading): ADR-1015, ADR-1018.
    Mutation {
        property: "the support desk pays a story's figure the ask points back at, never the order's amount for it (ADR-1015)",
        file: "apps/support-desk/src/classify/kinds25.rs",
        original: "        r.pointer.is_match(&clause) || units.iter().any(|u| clause.contains(u.as_str()))",
        broken: "        units.iter().any(|u| clause.contains(u.as_str()))",
        package: "support-desk",
        filter: "a_story_figure_the_ask_points_back_at_is_still_asked",
        also: &[],
    },
    Mutation {
        property: "the support desk never pays a share's result that is not that share of the order (ADR-1018)",
        file: "apps/support-desk/src/classify/kinds25.rs",
        original: "    Some(if got == down || got == up { ShareResult::Consistent(got) } else { ShareResult::Inconsistent })",
        broken: "    Some(ShareResult::Consistent(got))",
        package: "support-desk",
        filter: "a_share_with_its_result_named_asks_the_result",
        also: &[],
    },
    // desk24 (issue 16, dev26's kinds of reading): ADR-1020.
    Mutation {
        property: "the support desk never pays the whole order for a part whose figure is only approximate (ADR-1020)",
        file: "apps/support-desk/src/classify.rs",
        original: "None if amount == Amount::Missing && kinds26::unsure_part(&own) => Amount::Ambiguous,",
        broken: "None if false => Amount::Ambiguous,",
        package: "support-desk",
        filter: "unsure_parts_either_offer_and_full_plus",
        also: &[],
    },
    Mutation {
        property: "the support desk reads space-grouped thousands whole, never their last group (ADR-1020; read by the typed reader since ADR-1072)",
        file: "apps/support-desk/src/classify/money.rs",
        original: "        let spaced = raw.contains(is_space);",
        broken: "        let spaced = false && raw.contains(is_space);",
        package: "support-desk",
        filter: "a_count_at_a_unit_price_and_space_grouped_thousands",
        also: &[],
    },
    // desk25 (issue 16, forwarded mail by its structure and b26's kinds): ADR-1036, ADR-1041.
    Mutation {
        property: "the support desk neutralises a machine-addressed instruction whose addressee is bracketed (X5, ADR-1036)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: r"{label}\s*(?:[(\[][^)\]\n]{{0,60}}[)\]]\s*)?(?:",
        broken: r"{label}\s*(?:[(\[][^)\]\n]{{0,60}}[)\]]\s*){{0}}(?:",
        package: "support-desk",
        filter: "an_instruction_on_top_of_a_forward_is_neutralised_and_the_ask_below_read",
        also: &[],
    },
    Mutation {
        property: "an open SQLite store keeps SQLite's lock on its database file: no look of its own closes a descriptor of it (attack 41's H2, ADR-1420)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    if held::is_held(path) {",
        broken: "    if false && held::is_held(path) {",
        package: "foureyes-store-sqlite",
        filter: "held_locks::an_open_store_keeps_its_lock_on_the_database_file",
        also: &["held_locks::another_sqlite_client_does_not_take_the_log_of_an_open_store"],
    },
    Mutation {
        property: "the support desk escalates an injury told in passing by what happened to the body (E2, ADR-1041)",
        file: "apps/support-desk/src/classify.rs",
        original: "    if desk25::injury_in_passing(&text) {",
        broken: "    if false {",
        package: "support-desk",
        filter: "an_injury_told_in_passing_escalates",
        also: &[],
    },
    Mutation {
        property: "the support desk refuses itemised demands totalling more than the order (X2, ADR-1041)",
        file: "apps/support-desk/src/classify.rs",
        original: "(Some(total), Some(cap)) if total > cap && wants_refund && answered.is_none() => Amount::Cents(total),",
        broken: "(Some(total), Some(cap)) if false && total > cap && wants_refund => Amount::Cents(total),",
        package: "support-desk",
        filter: "itemised_demands_over_the_order_are_refused",
        also: &[],
    },
    // fault16 (issue #19, ADR-974 built: ADR-994, ADR-995).
    Mutation {
        property: "a target whose undo link left memory is read as undone from its row's seal (ADR-994)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "    if let Some(undo) = undone_by {",
        broken: "    if let Some(undo) = undone_by.filter(|_| false) {",
        package: "foureyes-store",
        filter: "undone_links_leave_memory_once_the_targets_seal_says_undone",
        also: &[],
    },
    Mutation {
        property: "a second undo of a target whose undo link left memory is denied as already undone (ADR-994)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "        sealed_of_settled(key, &self.origin, target, text).map(|(_, undone)| undone)",
        broken: "        sealed_of_settled(key, &self.origin, target, text).map(|_| None)",
        package: "foureyes-store-sqlite",
        filter: "sealed::a_final_undo_is_read_from_its_targets_seal",
        also: &[],
    },
    Mutation {
        property: "a final undo's link leaves a keyed door's memory once its target's seal says undone (ADR-994)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "            if self.decisions.get(target).is_some() || self.seal_pending(target) {",
        broken: "            if true {",
        package: "foureyes-store-sqlite",
        filter: "sealed::a_final_undo_is_read_from_its_targets_seal",
        also: &[],
    },
    Mutation {
        property: "a final undo's link stays while its target's compensation window may be open (ADR-996)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "            if at >= horizon {",
        broken: "            if false {",
        package: "foureyes-store-sqlite",
        filter: "under_the_seal_a_target_rolled_back_to_its_earlier_seal_permits_no_second_undo",
        also: &[],
    },
    Mutation {
        property: "an unreported permit that reserved nothing expires at the door's sweep (ADR-995)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    expire_unheld(w, now_ms).await?;",
        broken: "    if now_ms < 0 { expire_unheld(w, now_ms).await?; }",
        package: "foureyes-store-sqlite",
        filter: "sealed::an_unreported_permit_that_reserved_nothing_expires_at_the_sweep",
        also: &[],
    },
    Mutation {
        property: "a permit that reserved nothing gets a deadline under report_within (ADR-995)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                    self.unheld_due.insert((by, d.decision_id));",
        broken: "                    let _ = by;",
        package: "foureyes-store",
        filter: "an_unreported_permit_that_reserved_nothing_expires_at_the_sweep",
        also: &[],
    },
    Mutation {
        property: "a URL path value a server decoding it once reads as another path is refused (ADR-388, attack 31 H2)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "    if let Some(why) = path_read_another_way(url.path()) {",
        broken: "    if let Some(why) = path_read_another_way(url.path()).filter(|_| false) {",
        package: "foureyes-connect",
        filter: "attack31_h2_a_value_a_proxy_decoding_the_path_once_reads_as_another_path_is_refused",
        also: &[],
    },
    Mutation {
        property: "MCP: inside the protocol's _meta objects only their defined fields go (ADR-389, attack 31 H1)",
        file: "crates/foureyes-mcp/src/gate.rs",
        original: "            kept.contains_key(\"name\").then_some(Value::Object(kept))",
        broken: "            kept.contains_key(\"name\").then_some(value.clone())",
        package: "foureyes-mcp",
        filter: "attack31_h1_inside_the_protocol_s_meta_objects_only_their_defined_fields_go",
        also: &[],
    },
    Mutation {
        property: "a URL path value whose NFKC form is another path is refused (ADR-390, attack 32 H2)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "            if folded.contains(['/', '\\\\', '%']) || is_dot_segment(folded.as_bytes()) {",
        broken: "            if false && (folded.contains(['/', '\\\\', '%']) || is_dot_segment(folded.as_bytes())) {",
        package: "foureyes-connect",
        filter: "attack32_h2_a_value_whose_compatibility_form_is_another_path_is_refused",
        also: &[],
    },
    Mutation {
        property: "every default-ignorable character is hidden: shown as a marker to an approver (ADR-391, attack 32 H1)",
        file: "crates/foureyes-core/src/hidden.rs",
        original: "        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)",
        broken: "        || (false && CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c))",
        package: "foureyes-core",
        filter: "invisible_and_look_alike_characters_are_hidden",
        also: &[],
    },
    Mutation {
        property: "the console marks every character the core calls hidden (ADR-391, attack 32 H1)",
        file: "crates/foureyes-server/assets/console.html",
        original: "const HIDDEN = /(?![\\t\\n ])[\\p{Default_Ignorable_Code_Point}\\p{Cc}",
        broken: "const HIDDEN = /(?![\\t\\n ])[\\p{Cc}",
        package: "foureyes-server",
        filter: "attack32_h1_the_console_marks_every_character_the_core_calls_hidden",
        also: &[],
    },
    // attack 33 (ADR-392..ADR-394)
    Mutation {
        property: "a SQLite write checks, in its transaction, that the credential it was authenticated by is still live (ADR-392, attack 33 H4)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "            let refused = credential.as_ref().and_then(|credential| {",
        broken: "            let refused = credential.as_ref().filter(|_| false).and_then(|credential| {",
        package: "foureyes-store-sqlite",
        filter: "attack33_h4_a_write_as_a_credential_revoked_after_its_authentication_is_refused",
        also: &[],
    },
    Mutation {
        property: "a console session's writes carry the session to be checked live by the write (ADR-392, attack 33 H3)",
        file: "crates/foureyes-server/src/auth.rs",
        original: "            session.map(|sha256| foureyes_store::WriteCredential::session(&caller.principal.name, &sha256));",
        broken: "            session.filter(|_| false).map(|sha256| foureyes_store::WriteCredential::session(&caller.principal.name, &sha256));",
        package: "foureyes-server",
        filter: "attack33_h3_a_write_authenticated_before_its_revocation_is_refused",
        also: &[],
    },
    Mutation {
        property: "a write as a session checks the session is still open for that name (ADR-392, attack 33 H3)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            open && name_live(None)",
        broken: "            name_live(None)",
        package: "foureyes-store-sqlite",
        filter: "attack33_h4_a_write_as_a_credential_revoked_after_its_authentication_is_refused",
        also: &[],
    },
    Mutation {
        property: "U+FFFC is hidden: shown as a marker to an approver (ADR-393, attack 33 H1)",
        file: "crates/foureyes-core/src/hidden.rs",
        original: "    matches!(c, '\\u{2800}' | '\\u{FFFC}')",
        broken: "    matches!(c, '\\u{2800}')",
        package: "foureyes-core",
        filter: "attack33_h1_the_object_replacement_character_is_hidden",
        also: &[],
    },
    Mutation {
        property: "a URL path value holding a character a person cannot see is refused (ADR-394, attack 33 H2)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "            if text.chars().any(foureyes_core::hidden::is_hidden) {",
        broken: "            if text.chars().any(foureyes_core::hidden::is_hidden) && false {",
        package: "foureyes-connect",
        filter: "attack33_h2_a_value_holding_a_character_a_front_may_drop_is_refused",
        also: &[],
    },
    // attack 34 (ADR-396, ADR-397)
    Mutation {
        property: "every write of every endpoint checks the credential its request was authenticated by is still live (ADR-396, attack 34 H1)",
        file: "crates/foureyes-server/src/lib.rs",
        original: "        .layer(axum::middleware::from_fn(writes_checked))",
        broken: "        .layer(axum::middleware::from_fn(|r: axum::extract::Request, n: axum::middleware::Next| async move { let _ = writes_checked; n.run(r).await }))",
        package: "foureyes-server",
        filter: "attack34_h1_every_write_refuses_a_credential_revoked_after_its_authentication",
        also: &[],
    },
    Mutation {
        property: "a bench's scratch directory is made fresh with a random name, never one planted before (ADR-397, attack 34 H3)",
        file: "crates/foureyes/src/bench_floor.rs",
        original: "    let dir = crate::bench::scratch_dir(dir.as_deref(), \"foureyes-floor\")?;",
        broken: "    let dir = dir.unwrap_or_else(std::env::temp_dir).join(format!(\"foureyes-floor-{}\", std::process::id()));\n    std::fs::create_dir_all(&dir).map_err(storage)?;",
        package: "foureyes",
        filter: "attack34_h3_bench_floor_never_writes_through_a_planted_directory",
        also: &[],
    },
    // ADR-399 (the b36-b39 first runs' over-payments)
    Mutation {
        property: "the support desk never pays the order's amount for a partial ask whose part's figure it reads (ADR-399)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "    match values[..] {\n        [one] => Some(one),",
        broken: "    match values[..] {\n        [_] => None,",
        package: "support-desk",
        filter: "a_partial_ask_means_the_one_part_figure_never_the_order",
        also: &[],
    },
    // attack 35 (ADR-396 amended)
    Mutation {
        property: "a run's start mark is checked as the caller's credential: a token revoked before the start runs nothing (ADR-396, attack 35 A)",
        file: "crates/foureyes-connect/src/door.rs",
        original: "        if let Err(e) = self.store.connector_started(decision.decision_id, spec.kind(), REPORTER, (self.clock)()).await",
        broken: "        if let Err(e) = foureyes_store::writes_by_the_door(self.store.connector_started(decision.decision_id, spec.kind(), REPORTER, (self.clock)())).await",
        package: "foureyes-connect",
        filter: "attack35_a_a_token_revoked_between_the_permit_and_the_start_starts_nothing",
        also: &[],
    },
    // attack 36 (ADR-403)
    Mutation {
        property: "whether a vote needs step-up is the journal's: an approval row whose step_up flag was cleared by hand is record_altered (ADR-403, attack 36 H1)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        && step_up != record.step_up",
        broken: "        && step_up != step_up",
        package: "foureyes-server",
        filter: "attack36_h1_an_approval_whose_step_up_flag_is_cleared_by_hand_needs_its_code_still",
        also: &[],
    },
    // lead37 (b41 g-065, after its first run)
    Mutation {
        property: "the support desk reads a timing question typed without its question mark as one, never as a refund request",
        file: "apps/support-desk/src/classify/desk29.rs",
        original: "    bare.find_iter(clause)\n        .find(",
        broken: "    bare.find_iter(clause)\n        .filter(|_| false)\n        .find(",
        package: "support-desk",
        filter: "a_timing_question_without_its_question_mark_is_still_one",
        also: &[],
    },
    // fault18 (ADR-1029..ADR-1035)
    Mutation {
        property: "a lengthened compensation window re-opens no target whose undo's link left memory (ADR-1029)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "        check_undo_floor(w, policy, target, now_ms)?;",
        broken: "        let _ = (policy, target);",
        package: "foureyes-store-sqlite",
        filter: "under_the_seal_a_lengthened_window_reopens_no_undone_target",
        also: &[],
    },
    Mutation {
        property: "the undo floor follows the links let go of (ADR-1029)",
        file: "crates/foureyes-store/src/authority.rs",
        original: "                self.undo_floor_ms = self.undo_floor_ms.max(horizon.saturating_add(WINDOW_SLACK_MS));",
        broken: "                let _ = horizon;",
        package: "foureyes-store-sqlite",
        filter: "under_the_seal_a_lengthened_window_reopens_no_undone_target",
        also: &[],
    },
    Mutation {
        property: "http connector: a redirect of a write is never followed, the write is sent once (ADR-1030)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "        if !follow {",
        broken: "        if false {",
        package: "foureyes-connect",
        filter: "execute::sqlite::a_redirect_of_a_write_to_its_own_path_sends_it_once",
        also: &[],
    },
    Mutation {
        property: "http connector: a GET is not sent again to a URL it was already sent to (ADR-1030)",
        file: "crates/foureyes-connect/src/run.rs",
        original: "        } else if attempt.previous().contains(attempt.url()) {",
        broken: "        } else if attempt.previous().contains(attempt.url()) && false {",
        package: "foureyes-connect",
        filter: "execute::sqlite::a_redirect_of_a_write_to_its_own_path_sends_it_once",
        also: &[],
    },
    Mutation {
        property: "a wall clock step in a serve moves no reporting deadline nor undo link (ADR-995, ADR-996; fault18)",
        file: "crates/foureyes-server/src/clock.rs",
        original: "Reading { mono_ms: mono_ms.max(prev.mono_ms), now_ms: prev.now_ms + (mono_ms - prev.mono_ms).max(0) }",
        broken: "Reading { mono_ms: mono_ms.max(prev.mono_ms), now_ms: jiff::Timestamp::now().as_millisecond() }",
        package: "foureyes",
        filter: "a_clock_stepped_forward_and_back_moves_no_reporting_deadline_nor_undo_memory",
        also: &[],
    },
    Mutation {
        property: "a restart with the clock stepped ahead moves no reporting deadline nor undo link (ADR-995, ADR-996; fault18)",
        file: "crates/foureyes-store/src/clock_floor.rs",
        original: "            Some(boottime) => anchored_now(reference, boottime),",
        broken: "            Some(boottime) => wall.max(anchored_now(reference, boottime)),",
        package: "foureyes",
        filter: "a_clock_stepped_forward_and_back_moves_no_reporting_deadline_nor_undo_memory",
        also: &[],
    },
    // desk26 (issue 16, b27's second payment and b26/b27's other kinds): ADR-1043, ADR-1044, ADR-1047.
    Mutation {
        property: "the support desk never pays again on an order with a pending refund when nothing new is named (ADR-1043)",
        file: "apps/support-desk/src/policy.rs",
        original: "    if !(requests(f) && identified(f) && !f.executed_prior_refund) || pending_with_nothing_new(f) {",
        broken: "    if !(requests(f) && identified(f) && !f.executed_prior_refund) {",
        package: "support-desk",
        filter: "a_pending_refund",
        also: &[],
    },
    Mutation {
        property: "the support desk reads a chase of an earlier refund as a status question, never a new ask (ADR-1044)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let chases_pending = chases_pending || chases_earlier || chases_named || supposed || acknowledged_label;",
        broken: "    let chases_pending = chases_pending || (chases_earlier && false) || chases_named || supposed || acknowledged_label;",
        package: "support-desk",
        filter: "a_chase_of_an_earlier_refund_is_read_as_a_status_question",
        also: &[],
    },
    Mutation {
        property: "the support desk pays the figure told beside the thing asked, never the whole order for it (ADR-1047)",
        file: "apps/support-desk/src/classify.rs",
        original: "                Some(v) if v > 0 && v < o.amount_cents && !kinds::price_is_order(&own, v, o.amount_cents) => {",
        broken: "                Some(v) if false && v > 0 && v < o.amount_cents => {",
        package: "support-desk",
        filter: "the_figure_told_beside_the_thing_asked_is_the_ask",
        also: &[],
    },
    // fast15 (ADR-1050): a write authenticated from the followed state checks the credential under the lock.
    Mutation {
        property: "a token revoked on one PostgreSQL replica is refused by the next write on another (ADR-1050, fast15)",
        file: "crates/foureyes-store-pg/src/lib.rs",
        original: "                    Some(credential) => tx_ops::check_write_credential(w, credential, refused_at).await.err(),",
        broken: "                    Some(credential) => { let _ = (credential, &w); None }",
        package: "foureyes-store-pg",
        filter: "a_token_revoked_on_one_replica_is_refused_by_the_next_write_on_another",
        also: &[],
    },
    Mutation {
        property: "a decide on a replica as a token revoked elsewhere is refused, the handler's writes made as the credential (ADR-1050, fast15)",
        file: "crates/foureyes-server/src/auth.rs",
        original: "        foureyes_store::writes_as(self.credential, body(self.caller)).await",
        broken: "        { let _ = self.credential; body(self.caller).await }",
        package: "foureyes",
        filter: "a_token_revoked_elsewhere_is_refused_by_the_next_decide_on_a_replica",
        also: &[],
    },
    // desk27 (issue 16, b28's and b29's misses): ADR-1064, ADR-1065, ADR-1070.
    Mutation {
        property: "the support desk never pays on a question about a refund's state, whatever figure it names (ADR-1064)",
        file: "apps/support-desk/src/classify.rs",
        original: "    while let Some(m) = desk27::asked_state(&talked_about.clone()).map(|m| m.range()) {",
        broken: "    while let Some(m) = desk27::asked_state(&talked_about.clone()).filter(|_| false).map(|m| m.range()) {",
        package: "support-desk",
        filter: "a_question_about_a_pending_refunds_state_never_pays_whatever_figure_it_names",
        also: &[],
    },
    Mutation {
        property: "the support desk pays the amount stated beside a percentage, never the whole order (ADR-1065)",
        file: "apps/support-desk/src/classify/desk25.rs",
        original: "bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) && !super::desk27::abbreviation_end(text, i)",
        broken: "bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) || false && super::desk27::abbreviation_end(text, i)",
        package: "support-desk",
        filter: "a_stated_amount_beside_a_percentage_is_the_amount",
        also: &[],
    },
    Mutation {
        property: "the support desk pays the unit asked among a count and its total, never the total (ADR-1070)",
        file: "apps/support-desk/src/classify.rs",
        original: "                && !desk25::sentences(&own).any(|s| asks(s) && desk27::asks_one_of_several(s, &own)) =>",
        broken: "                && true =>",
        package: "support-desk",
        filter: "an_ask_for_one_of_several_counted_asks_the_unit",
        also: &[],
    },
    // fast18 (issue 14): ADR-1092.
    Mutation {
        property: "journal audit's memory does not grow with the history: its rows spill to a scratch store (ADR-1092)",
        file: "crates/foureyes-store-sqlite/src/scratch.rs",
        original: "    Ok(Replayed::spilling(Box::new(scratch), generation_bytes))",
        broken: "    let _ = (scratch, generation_bytes);\n    Ok(Replayed::default())",
        package: "foureyes-store-sqlite",
        filter: "the_audits_replay_does_not_grow_with_the_history",
        also: &[],
    },
    Mutation {
        property: "journal audit reads back every row it spilled and names what it would name in memory (ADR-1092)",
        file: "crates/foureyes-store/src/spill.rs",
        original: "            Ok(value) => value.map(Vec::into_boxed_slice),",
        broken: "            Ok(_) => None,",
        package: "foureyes-store",
        filter: "an_audit_that_spills_its_rows_names_what_one_in_memory_names",
        also: &["a_spilling_map_answers_as_one_in_memory"],
    },
    // desk28 (issue 16, the typed amount reader): ADR-1072, ADR-1074.
    Mutation {
        property: "the support desk reads a figure grouped by spaces, apostrophes or lakhs whole, never its last group (ADR-1072)",
        file: "apps/support-desk/src/classify/money.rs",
        original: "        let odd = raw.contains('\\'') || spaced || indian(raw) || grouped_bare;",
        broken: "        let odd = grouped_bare;",
        package: "support-desk",
        filter: "a_figure_grouped_by_spaces_apostrophes_or_lakhs_is_one_figure",
        also: &[],
    },
    Mutation {
        property: "the support desk compares a total stated of an ask and more with the order, never pays its first part (ADR-1074)",
        file: "apps/support-desk/src/classify/figures.rs",
        original: "        if let Some(i) = part {",
        broken: "        if let Some(i) = part.filter(|_| false) {",
        package: "support-desk",
        filter: "a_stated_total_of_an_ask_and_more_is_the_amount_asked",
        also: &[],
    },
    // desk29 (issue 16, asks read as inquiries): ADR-1078, ADR-1079.
    Mutation {
        property: "the support desk never pays on a question about when money comes, with no refund on record (ADR-1078)",
        file: "apps/support-desk/src/classify.rs",
        original: "    while let Some(m) = desk29::timing_question(&untimed.clone()).map(|m| m.range()) {",
        broken: "    while let Some(m) = desk29::timing_question(&untimed.clone()).filter(|_| false).map(|m| m.range()) {",
        package: "support-desk",
        filter: "a_question_about_when_money_comes_never_pays",
        also: &[],
    },
    Mutation {
        property: "the support desk pays an unworded ask its figure, never the order's amount (ADR-1079)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let amount = if unworded {\n        match desk29::unworded_amount(&own, reply_figures) {",
        broken: "    let amount = if false {\n        match desk29::unworded_amount(&own, reply_figures) {",
        package: "support-desk",
        filter: "a_figure_beside_a_problem_told_is_asked_without_an_asking_verb",
        also: &[],
    },
    // desk30 (issue 16, over-payments): ADR-1099, ADR-1100.
    Mutation {
        property: "the support desk never pays the order's amount for an unsettled figure the ask points at (ADR-1099)",
        file: "apps/support-desk/src/classify.rs",
        original: "                && desk30::unsettled_named(&own, identified.map(|o| o.amount_cents), asks) =>",
        broken: "                && desk30::unsettled_named(&own, identified.map(|o| o.amount_cents), asks) && false =>",
        package: "support-desk",
        filter: "an_unsettled_figure_the_ask_points_at_never_pays_the_order",
        also: &[],
    },
    Mutation {
        property: "the support desk never pays a figure hedged by a clipped approximator (ADR-1100)",
        file: "apps/support-desk/src/classify/settle.rs",
        original: "\\babout|\\b'?bout\\b|\\babt\\b|\\baround",
        broken: "\\babout|\\baround",
        package: "support-desk",
        filter: "a_clipped_approximation_is_never_paid",
        also: &[],
    },
    // haz42 (issue 16, safety both ways): ADR-1390, ADR-1391, ADR-1392, ADR-1393.
    Mutation {
        property: "the support desk escalates a hot liquid reaching a person's body part, told by the event (ADR-1392)",
        file: "apps/support-desk/src/classify/hazards.rs",
        original: "r\"(?i)(?:\\b(?:{HOT_LIQUID})\\b",
        broken: "r\"(?i)xq_never(?:\\b(?:{HOT_LIQUID})\\b",
        package: "support-desk",
        filter: "a_hot_liquid_reaching_a_body_part_escalates",
        also: &[],
    },
    Mutation {
        property: "the support desk escalates an electrical fault told by what was seen or heard (ADR-1393)",
        file: "apps/support-desk/src/classify/hazards.rs",
        original: "r\"(?i)(?:\\b(?:a|an|loud|big|small|audible",
        broken: "r\"(?i)xq_never(?:\\b(?:a|an|loud|big|small|audible",
        package: "support-desk",
        filter: "an_electrical_fault_told_by_what_was_seen_escalates",
        also: &[],
    },
    Mutation {
        property: "the support desk escalates a smell of smoke from goods that run on power or heat (ADR-1391)",
        file: "apps/support-desk/src/classify/whose.rs",
        original: "    if !s.powered.is_match(&s.laundering.replace_all(text, \" \")) {",
        broken: "    if true {",
        package: "support-desk",
        filter: "a_smell_of_smoke_held_by_unpowered_goods_is_an_odour",
        also: &[],
    },
    Mutation {
        property: "the support desk escalates a small part in a child's own mouth (ADR-1390)",
        file: "apps/support-desk/src/classify/hazards.rs",
        original: "(row.hazard != Hazard::ChildsMouth || !another_mouth(&text, m.start(), m.end()))",
        broken: "(row.hazard != Hazard::ChildsMouth || false)",
        package: "support-desk",
        filter: "a_childs_mouth_hazard_needs_the_childs_mouth",
        also: &[],
    },
    // desk32 (issue 16, whose words and what act; hazards): ADR-1117.
    Mutation {
        property: "the support desk escalates a hazard told without safety words (ADR-1117)",
        file: "apps/support-desk/src/classify.rs",
        original: "    if let Some(h) = hazards::named(&text) {",
        broken: "    if let Some(h) = hazards::named(&text).filter(|_| false) {",
        package: "support-desk",
        filter: "a_hazard_told_without_safety_words_escalates_and_an_ordinary_fault_does_not",
        also: &["acts_by_layout_and_register_decide_as_the_policy_does"],
    },
    // desk31 (issue 16, figure roles): ADR-1106, ADR-1107.
    Mutation {
        property: "the support desk never pays the order's amount over a figure the customer asks (ADR-1106)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "(Amount::Missing | Amount::Full, [one]) if share_fits(*one) => (Amount::Cents(*one), \"the one figure asked\"),",
        broken: "(Amount::Missing | Amount::Full, [_]) if true => (Amount::Missing, \"the one figure asked\"),",
        package: "support-desk",
        filter: "the_figure_asked_decides_across_constructions_and_writers",
        also: &[],
    },
    Mutation {
        property: "the support desk refuses the full price and a figure added (ADR-1107)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let (wants_refund, amount) = match roles::full_plus(&own) {",
        broken: "    let (wants_refund, amount) = match None::<i64> {",
        package: "support-desk",
        filter: "the_full_price_plus_a_figure_is_refused_in_every_register",
        also: &[],
    },
    // desk33 (ADR-1126…ADR-1128)
    Mutation {
        property: "the support desk refuses an ask multiplied or added to above the order, never pays a part (ADR-1126, attack 34 H2)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    let (Some(order), true) = (order, applies) else { return amount };",
        broken: "    let (Some(order), true) = (order, applies && false) else { return amount };",
        package: "support-desk",
        filter: "desk33_overask::attack34_h2_overasks_are_refused_never_paid_in_part",
        also: &[],
    }, // totp36 (ADR-1160)
    Mutation {
        property: "an accepted TOTP step is journaled with its row's UPDATE: a step set back by hand is named and lets no code be used twice (ADR-1160)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    w.append(now_ms, EventData::Credential(accepted)).await?;\n    Ok(true)",
        broken: "    let _ = accepted;\n    Ok(true)",
        package: "foureyes-store-sqlite",
        filter: "sqlite_conformance::a_step_up_approvers_totp_columns_edited_by_hand_are_named_and_grant_nothing",
        also: &[],
    },
    // lead38: a first-seen MCP pin checked in its transaction (ADR-404)
    Mutation {
        property: "a second first-seen MCP pin of another hash is refused in its transaction, never journaled and answered as if it held (ADR-404)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if pin.cause == foureyes_core::tool_pin::PinCause::FirstSeen {",
        broken: "    if pin.cause == foureyes_core::tool_pin::PinCause::FirstSeen && false {",
        package: "foureyes-store-sqlite",
        filter: "tool_pins_are_journaled_and_folded",
        also: &[],
    },
    // lead38: SQLite's read-only retry of a refused name (F413)
    Mutation {
        property: "the read-only retry SQLite makes of a companion refused for another name is refused too (F413, ADR-942)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "    let retry = flags & libc::O_ACCMODE == libc::O_RDONLY && last_refused",
        broken: "    let retry = false && flags & libc::O_ACCMODE == libc::O_RDONLY && last_refused",
        package: "foureyes-store-sqlite",
        filter: "the_read_only_retry_of_a_refused_name_is_refused_too",
        also: &[],
    },
    // lead38: attack 35's B (ADR-405)
    Mutation {
        property: "a console session is never opened for a name the journal holds revoked, whatever the sign-in's read saw (ADR-405)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    let input = json!({\"name\": name, \"credential\": \"revoked\", \"via\": \"sign-in\"});",
        broken: "    if !live {\n        return Ok(());\n    }\n    let input = json!({\"name\": name, \"credential\": \"revoked\", \"via\": \"sign-in\"});",
        package: "foureyes-store-sqlite",
        filter: "a_session_is_never_opened_for_a_revoked_name",
        also: &[],
    },
    // lead38: attack 37's 2.3 (ADR-404)
    Mutation {
        property: "a first-seen MCP pin for a tool the policy pins is never journaled: its hash answers the policy's pin, another is 409 (ADR-404, attack 37's 2.3)",
        file: "crates/foureyes-server/src/api.rs",
        original: "        && let Some(pinned) = pins.get(&b.tool)\n",
        broken: "        && let Some(pinned) = pins.get(&b.tool).filter(|_| false)\n",
        package: "foureyes-server",
        filter: "attack37_a_first_seen_pin_for_a_tool_the_policy_pins_is_never_journaled",
        also: &[],
    },
    // lead38: attack 37's 1.2, 1.3, 1.8 (F417)
    Mutation {
        property: "a companion of one name holding bytes that are not SQLite's (a key) is neither taken as the log or index nor deleted (F417, attack 37's 1.2)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "    (!theirs).then(|| foreign(&name.to_string_lossy()))",
        broken: "    (!theirs && false).then(|| foreign(&name.to_string_lossy()))",
        package: "foureyes-store-sqlite",
        filter: "a_database_path_linked_into_another_directory_takes_no_file_that_is_not_its_own",
        also: &[],
    },
    Mutation {
        property: "a device or FIFO at a companion's name is refused, never written (F417, attack 37's 1.3)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "        return companion.then(|| not_a_file(&shown));",
        broken: "        return companion.then(|| not_a_file(&shown)).filter(|_| false);",
        package: "foureyes-store-sqlite",
        filter: "a_companion_that_is_not_sqlites_own_file_is_refused_and_named",
        also: &[],
    },
    Mutation {
        property: "another program's SQLite database behind the database path is refused before anything is written (F417, attack 37's 1.1)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    Ok(Identity::Foreign(format!(\"{} tables, none of them FourEyes' journal\", tables.len())))",
        broken: "    Ok(Identity::Empty)",
        package: "foureyes-store-sqlite",
        filter: "a_database_path_linked_into_another_directory_takes_no_file_that_is_not_its_own",
        also: &[],
    },
    // lead39: attack 37's 2.4 (ADR-406)
    Mutation {
        property: "a pin name that lists like another (a trailing space, NUL, zero-width, decomposed form) or a dotted server name is refused as a bad request and journals no pin (ADR-406, attack 37's 2.4)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "    check_tool_name(name)\n}\n",
        broken: "    let _ = check_tool_name(name);\n    Ok(())\n}\n",
        package: "foureyes-server",
        filter: "attack37_pin_names_that_read_alike_or_span_two_servers_are_refused_as_bad_requests",
        also: &[],
    },
    // sessions38: attack 38's H1, H2, H8 (ADR-1220, ADR-1221, ADR-1222)
    Mutation {
        property: "a credential's row is compared with the journal as read in the write transaction: a revocation racing a read is no tamper (ADR-1220, attack 38's H1)",
        file: "crates/foureyes-store-sqlite/src/credentials.rs",
        original: "                Some(hash) => principal_row_by_token(w.conn, hash)?,",
        broken: "                Some(_) => Some(p.clone()),",
        package: "foureyes-store-sqlite",
        filter: "attack38_h1_a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm",
        also: &[],
    },
    Mutation {
        property: "every stamp a store takes itself is the door's clock, never the wall clock (ADR-1221, attack 38's H2)",
        file: "crates/foureyes-store/src/lib.rs",
        original: "    DOOR_CLOCK.try_with(|clock| clock()).unwrap_or_else(|_| clock_floor::now_ms())",
        broken: "    { let _ = &DOOR_CLOCK; jiff::Timestamp::now().as_millisecond() }",
        package: "foureyes-server",
        filter: "attack38_h2_",
        also: &[],
    },
    Mutation {
        property: "a sign-in link of a revoked name is refused credential_revoked, journaled, unspent (ADR-1222, attack 38's H8)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if !issued || live {\n        return Ok(());",
        broken: "    if issued || !issued || live {\n        return Ok(());",
        package: "foureyes-server",
        filter: "attack38_h8_a_sign_in_link_for_a_revoked_name_is_refused_with_its_reason",
        also: &[],
    },
    // files38: attack 38's H3–H7 (ADR-1210 … ADR-1214)
    Mutation {
        property: "a companion of zeros then data (an image, a sparse file with data at 900 MB) is refused, named and kept: zeros must be the whole file (ADR-1213, attack 38's H3)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "        return zeros_to_the_end(fd, name);",
        broken: "        return None.or(None::<String>);",
        package: "foureyes-store-sqlite",
        filter: "a_companion_of_zeros_then_data_is_refused_named_and_kept",
        also: &[],
    },
    Mutation {
        property: "another program's valid log at DB-wal is refused naming the log, and neither file is written (ADR-1211, attack 38's H4)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "        other if file_is_foureyes && logged => Err(",
        broken: "        other if file_is_foureyes && logged && false => Err(",
        package: "foureyes-store-sqlite",
        filter: "another_programs_log_at_the_wal_name_is_refused_and_not_applied",
        also: &[],
    },
    Mutation {
        property: "another program's database with a table merely named journal is refused untouched, named (ADR-1212, attack 38's H6)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    if tables.iter().any(|t| t == \"journal\") {",
        broken: "    if tables.iter().any(|t| t == \"journal\") {\n        return Ok(Identity::FourEyes);",
        package: "foureyes-store-sqlite",
        filter: "another_programs_database_is_told_by_its_schema_and_left_untouched",
        also: &[],
    },
    Mutation {
        property: "a door that only reads creates no database: a missing path, an empty file, a journal-less database are not found (ADR-1210, attack 38's H7)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    if create == Create::No && !matches!(seen, Some(Identity::FourEyes)) {",
        broken: "    if false {",
        package: "foureyes-store-sqlite",
        filter: "a_door_that_only_reads_creates_no_database",
        also: &[],
    },
    Mutation {
        property: "a companion is deleted only as the inode checked: a file renamed onto the name after the check is put back, never deleted (ADR-1214, attack 38's H5)",
        file: "crates/foureyes-store-sqlite/src/one_name.rs",
        original: "    if same {\n        // SAFETY: the fresh name made above, holding the file checked.",
        broken: "    if true {\n        // SAFETY: the fresh name made above, holding the file checked.",
        package: "foureyes-store-sqlite",
        filter: "a_file_renamed_onto_a_companion_between_check_and_unlink_is_never_deleted",
        also: &[],
    }, // pay39 (ADR-1230)
    Mutation {
        property: "the support desk pays only a figure the customer wrote whole, the order's amount or a listed derivation: a reader's misreading of a part of a longer number is stopped (ADR-1230)",
        file: "apps/support-desk/src/payable.rs",
        original: "    if c.action != Action::Refund {\n        return c;\n    }",
        broken: "    if c.action != Action::Refund || true {\n        return c;\n    }",
        package: "support-desk",
        filter: "paying_guard::a_part_of_a_longer_number_is_never_paid_whatever_the_reader_reads",
        also: &[],
    },
    // lead: files38's note on ADR-1210 (ADR-407)
    Mutation {
        property: "listing approvals or demoted sessions creates no database at a path with none (ADR-407)",
        file: "crates/foureyes/src/commands.rs",
        original: "        ApprovalsCommand::List { .. } | ApprovalsCommand::Show { .. } => open_witnessed_reader(db).await?,",
        broken: "        ApprovalsCommand::List { .. } | ApprovalsCommand::Show { .. } => open_door(db).await?,",
        package: "foureyes",
        filter: "a_door_that_only_reads_refuses_a_path_with_no_foureyes_database_and_creates_nothing",
        also: &[],
    },
    // pins39: attack 39's 1-4 (ADR-1260, ADR-1261, ADR-1262)
    Mutation {
        property: "a tool name is the action name's last part: a homoglyph, a compatibility form, an inner space or a combining mark is refused at the pin door (ADR-1260, attack 39's 1)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "    if name.len() <= MAX_TOOL_NAME && crate::types::is_dotted_name(name) {",
        broken: "    if name.len() <= MAX_TOOL_NAME && !name.is_empty() {",
        package: "foureyes-server",
        filter: "attack39_tool_names_that_look_alike_are_refused_at_the_pin_door",
        also: &[],
    },
    Mutation {
        property: "two pins whose UTS #39 skeletons are one are never both held: the store refuses the second in its transaction (ADR-1260, attack 39's 1)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "    if let Some((server, tool)) = w.authority().pinned_alike(&pin.server, &pin.tool) {",
        broken: "    if let Some((server, tool)) = None::<(String, String)> {",
        package: "foureyes-store-sqlite",
        filter: "tool_pins_are_journaled_and_folded",
        also: &[],
    },
    Mutation {
        property: "a pin read back from the journal whose name no door takes is never used and is listed UNUSABLE (ADR-1261, attack 39's 2)",
        file: "crates/foureyes-core/src/tool_pin.rs",
        original: "        if let Err(why) = check(pin) {\n            unusable.push((pin.clone(), why));\n            continue;\n        }\n",
        broken: "        let _ = check(pin);\n",
        package: "foureyes",
        filter: "sqlite::a_forged_pin_whose_name_no_door_takes_is_shown_marked_and_never_used",
        also: &[],
    },
    Mutation {
        property: "`mcp pins approve` journals the refusal it exits 3 for (ADR-1262, attack 39's 3)",
        file: "crates/foureyes/src/commands.rs",
        original: "                    let seq = store.refuse(&by, \"bad_request\", &message, input, now_ms()).await?;",
        broken: "                    let seq = { let _ = (&store, &input, &by); 0 };",
        package: "foureyes",
        filter: "sqlite::mcp_pins_approve_journals_its_refusals_and_checks_the_names",
        also: &[],
    },
    // files39: attack 39's #2.1 (ADR-1251)
    Mutation {
        property: "a log whose `journal` has FourEyes' column names but not FourEyes' whole schema is applied by no door (ADR-1251)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "        if !has_all(&columns(\"journal\")?, &JOURNAL_COLUMNS) {",
        broken: "        if has_all(&columns(\"journal\")?, &JOURNAL_COLUMNS) {\n            return Ok(Identity::FourEyes);\n        }\n        if !has_all(&columns(\"journal\")?, &JOURNAL_COLUMNS) {",
        package: "foureyes",
        filter: "a_log_whose_journal_has_foureyes_column_names_is_applied_by_no_door",
        also: &[],
    },
    // files39: attack 39's #2.2 (ADR-1252)
    Mutation {
        property: "another FourEyes database's log at `DB-wal` is applied by no door: the journal's first event, file alone vs through the log (ADR-1252)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    let through_log = if compare { first_event(&conn) } else { None };",
        broken: "    let through_log: Option<String> = None;",
        package: "foureyes",
        filter: "another_foureyes_databases_log_is_applied_by_no_door",
        also: &[],
    },
    // files39: the root of attack 39's section 2 (ADR-1250)
    Mutation {
        property: "a door that only reads opens the database read-only and never checkpoints a log into it (ADR-1250)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;\n    let conn = Connection::open_with_flags(path, flags)\n        .map_err(|e| StoreError::Backend(format!(\"cannot open `{}`: {}\", path.display(), with_refusal(&e))))?;\n    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true).sql()?;",
        broken: "    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;\n    let conn = Connection::open_with_flags(path, flags)\n        .map_err(|e| StoreError::Backend(format!(\"cannot open `{}`: {}\", path.display(), with_refusal(&e))))?;\n    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false).sql()?;",
        package: "foureyes",
        filter: "a_door_that_only_reads_writes_nothing",
        also: &[],
    },
    // files39: attack 39's listing doors (ADR-1250)
    Mutation {
        property: "`token list` creates no database at a path with none (ADR-1250)",
        file: "crates/foureyes/src/serve.rs",
        original: "    let store = if matches!(cmd, TokenCommand::List { .. }) {\n        crate::commands::open_reader(db).await?",
        broken: "    let store = if matches!(cmd, TokenCommand::List { .. }) {\n        open_backend(db).await?",
        package: "foureyes",
        filter: "a_door_that_only_reads_refuses_a_path_with_no_foureyes_database_and_creates_nothing",
        also: &[],
    },
    Mutation {
        property: "`kill-switch status` (a cron check) creates no database at a path with none (ADR-1250)",
        file: "crates/foureyes/src/commands.rs",
        original: "        if args.state == KillSwitchState::Status { open_witnessed_reader(db).await? } else { open_door(db).await? };",
        broken: "        open_door(db).await?;\n    let _ = open_witnessed_reader;",
        package: "foureyes",
        filter: "a_door_that_only_reads_refuses_a_path_with_no_foureyes_database_and_creates_nothing",
        also: &[],
    },
    // pins40: attack 40's H3 (ADR-1320)
    Mutation {
        property: "`mcp pins approve` checks a look-alike of any held pin, the journal's or the policy's, before the transaction: exit 3, journaled (ADR-1320)",
        file: "crates/foureyes/src/commands.rs",
        original: "            if let Err(why) = foureyes_core::tool_pin::check_not_alike(&server, &tool, held) {",
        broken: "            if let Err(why) = { let _ = held.count(); Ok::<(), String>(()) } {",
        package: "foureyes",
        filter: "sqlite::mcp_pins_approve_journals_a_look_alike_refusal",
        also: &[],
    },
    // pins40: attack 40's H5 (ADR-1320)
    Mutation {
        property: "the policy loader refuses pins that read alike across servers (`s0`/`sO`, `rnx`/`mx`), naming both and the line (ADR-1320)",
        file: "crates/foureyes-core/src/policy.rs",
        original: "                    held.iter().find(|(s, t, _)| crate::tool_pin::reads_alike((server, tool), (s, t)))",
        broken: "                    held.iter().find(|(s, t, _)| *s == server.as_str() && crate::tool_pin::reads_alike((server, tool), (s, t)))",
        package: "foureyes-core",
        filter: "every_bad_policy_is_refused_with_its_exact_message_and_position",
        also: &[],
    },
    // pins40: attack 40's H6 (ADR-1320)
    Mutation {
        property: "the policy loader refuses action names that read alike (`payments.send`/`payrnents.send`, `mcp.s0.x`/`mcp.sO.x`) (ADR-1320)",
        file: "crates/foureyes-core/src/policy.rs",
        original: "            if let Some((twin, _, there)) = read.iter().find(|(_, s, _)| *s == skeleton) {",
        broken: "            if let Some((twin, _, there)) = read.iter().find(|(n, s, _)| *s == skeleton && *n == name.as_str()) {",
        package: "foureyes-core",
        filter: "every_bad_policy_is_refused_with_its_exact_message_and_position",
        also: &[],
    },
    // files40: attack 40's H2 — the secrets store's opener (ADR-1311)
    Mutation {
        property: "the secret doors' table is opened by the store's one opener, never the SQLite file on its own (ADR-1311)",
        file: "crates/foureyes-connect/src/secrets.rs",
        original: "    foureyes_store_sqlite::SqliteStore::side_connection(path, write).map_err(|e| SecretError::Storage(e.to_string()))",
        broken: "    let _ = write;\n    rusqlite::Connection::open(path).map_err(|e| SecretError::Storage(e.to_string()))",
        package: "foureyes",
        filter: "a_door_that_only_reads_writes_nothing",
        also: &[],
    },
    // files40: attack 40's H7 — a log must extend what the file alone holds (ADR-1310)
    Mutation {
        property: "a forked copy's log is applied by no door: the file alone's last event must be the same through the log (ADR-1310)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "        if seen_there.as_ref() != Some(last_hash) {",
        broken: "        if seen_there.as_ref() != Some(last_hash) && false {",
        package: "foureyes",
        filter: "a_forked_copys_log_is_applied_by_no_door",
        also: &[],
    },
    // fork41: attack 41's H1 — a log must hold the last event this database's doors committed (ADR-1400)
    Mutation {
        property: "a fork's log over a database whose newest events are in its own log is applied by no door: the recorded last commit must be the same through the log (ADR-1400)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    if seen.as_ref() == Some(hash) {",
        broken: "    if seen.as_ref() == Some(hash) || true {",
        package: "foureyes",
        filter: "a_forks_log_over_a_database_whose_newest_events_are_in_its_log_is_applied_by_no_door",
        also: &[],
    },
    // fork41: attack 41's H3 — a log only beside a file that holds what the file held (ADR-1401)
    Mutation {
        property: "an older copy of the file beside its newer log is applied by no door: the file alone must hold the recorded floor (ADR-1401)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    let (seq, hash) = record.floor.as_ref()?;",
        broken: "    let (seq, hash) = record.floor.as_ref().filter(|_| false)?;",
        package: "foureyes",
        filter: "an_older_copy_of_the_file_beside_its_newer_log_is_applied_by_no_door",
        also: &[],
    },
    // fork43: a copy put back with its log is a journal that lost events, told as TRUNCATED (ADR-1440)
    Mutation {
        property: "a database put back to a copy with its log, its record kept, is refused as TRUNCATED (exit 7), not as a newer log over an older file (ADR-1440)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    if seen.is_none()",
        broken: "    if false && seen.is_none()",
        package: "foureyes",
        filter: "a_copy_put_back_with_its_log_is_refused_as_truncated_by_the_doors_record",
        also: &[],
    },
    // fork43: the log is asked for the recorded last commit before the file for its floor (ADR-1440)
    Mutation {
        property: "the recorded last commit is asked through the log before the file alone is asked for its floor: a copy put back with its log is not called a newer log over an older file (ADR-1440)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "        let refused = not_extending(path, record, &conn, Some(alone)).or_else(|| older_file(path, record, alone));",
        broken: "        let refused = older_file(path, record, alone).or_else(|| not_extending(path, record, &conn, Some(alone)));",
        package: "foureyes",
        filter: "a_copy_put_back_with_its_log_is_refused_as_truncated_by_the_doors_record",
        also: &[],
    },
    // F1444: a record read while another door rewrites it is never a mix of two records
    Mutation {
        property: "a `DB.head` read while another door rewrites it is one of the records written, never half of each (F1444)",
        file: "crates/foureyes-store-sqlite/src/head.rs",
        original: "    if check != foureyes_core::canonical::sha256_hex(body.as_bytes()) {",
        broken: "    if false && check != foureyes_core::canonical::sha256_hex(body.as_bytes()) {",
        package: "foureyes-store-sqlite",
        filter: "a_record_read_while_it_is_rewritten_is_one_of_the_records_written",
        also: &[],
    },
    // F1445: attack 44's H1 — a `file:` name is the file of that name, its record beside it
    Mutation {
        property: "`--db file:X` opens the file named so, beside which its record is kept: a fork's log refused at `--db X` is not applied through a URI spelling (attack 44's H1, F1445)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    let path = if path.as_os_str().as_encoded_bytes().starts_with(b\"file:\") {",
        broken: "    let path = if false && path.as_os_str().as_encoded_bytes().starts_with(b\"file:\") {",
        package: "foureyes",
        filter: "attack44_a_uri_spelling_of_the_database_opens_the_file_of_that_name",
        also: &[],
    },
    // F1445: attack 44's H2 — no read connection checkpoints a log the writer and checkpointer would not
    Mutation {
        property: "a store closing over a log that no longer extends what its doors committed checkpoints it through no connection: a truncation under `serve` is not laundered by its clean stop (attack 44's H2, F1445)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "        if self.commits.keep_log.load(std::sync::atomic::Ordering::SeqCst)\n            && let Ok(mut pool) = self.readers.lock()",
        broken: "        if false\n            && let Ok(mut pool) = self.readers.lock()",
        package: "foureyes",
        filter: "attack44_a_journal_truncated_under_serve_is_not_laundered_by_its_clean_stop",
        also: &[],
    },
    // F1448 (lead; attack 44's 1.2): with no log, a file holding another event at a recorded seq is a fork
    Mutation {
        property: "with no log beside it, a file holding another event than its doors committed at a recorded seq is refused at every door (attack 44's 1.2, F1448)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "        && !logged\n        && let Some(refused) = head::read(path)",
        broken: "        && false\n        && let Some(refused) = head::read(path)",
        package: "foureyes",
        filter: "attack44_a_forks_file_put_at_the_name_without_a_log_is_refused",
        also: &[],
    },
    // F1449 (lead; attack 45's H1): a `--db` spelled through a link or `..` is the file SQLite resolves it to
    Mutation {
        property: "a `--db` spelled through a symbolic link or `..` has its record and log looked at beside the file SQLite opens: a fork's log is not applied through it (attack 45's H1, F1449)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    as_sqlite_resolves(&path).unwrap_or(path)",
        broken: "    as_sqlite_resolves(&path).map(|_| path.clone()).unwrap_or(path)",
        package: "foureyes",
        filter: "attack45_a_link_or_dotdot_spelling_of_the_database_is_the_file_it_names",
        also: &[],
    },
    // F1450 (lead; attack 45's H2): the record is never rewritten to a journal that lacks a commit it names
    Mutation {
        property: "a door's commit after a cut under it (rows deleted by another program) leaves `DB.head` naming the cut events: `serve`'s stop does not checkpoint the cut away (attack 45's H2, F1450)",
        file: "crates/foureyes-store-sqlite/src/head.rs",
        original: "        if state.last.as_ref().is_some_and(gone) || recorded.as_ref().and_then(|r| r.last.as_ref()).is_some_and(gone) {",
        broken: "        if false && (state.last.as_ref().is_some_and(gone) || recorded.as_ref().and_then(|r| r.last.as_ref()).is_some_and(gone)) {",
        package: "foureyes",
        filter: "attack45_a_request_after_a_cut_under_serve_does_not_rewrite_the_record",
        also: &[],
    },
    // F1451 (lead; attack 45's H3): an agent's value in a verdict's reason, and a refused action name, escaped
    Mutation {
        property: "a param's value quoted in a verdict's reason has its hidden characters escaped in every door that shows it (attack 45's H3, F1451)",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "    let shown = crate::hidden::escaped(&crate::canonical::to_canonical_string(value));",
        broken: "    let shown = crate::canonical::to_canonical_string(value);",
        package: "foureyes",
        filter: "attack45_h3_refusals_and_verdicts_quote_names_and_values_escaped",
        also: &[],
    },
    Mutation {
        property: "a refused action name is quoted through the one escape of names: a look-alike letter is not shown as its twin (attack 45's H3, F1451)",
        file: "crates/foureyes-core/src/types.rs",
        original: "return Err(RequestError::BadActionName(crate::tool_pin::shown(&self.action)));",
        broken: "return Err(RequestError::BadActionName(self.action.clone()));",
        package: "foureyes",
        filter: "attack45_h3_refusals_and_verdicts_quote_names_and_values_escaped",
        also: &[],
    },
    // F1452 (lead; attack 45's M1): a token shown to a device no one reads is revoked
    Mutation {
        property: "a token whose only showing goes to a character device that is not a terminal (`/dev/zero`, `/dev/urandom`) is revoked, exit 18 (attack 45's M1, F1452)",
        file: "crates/foureyes/src/output.rs",
        original: "    out.file_type().is_char_device() && !std::io::stdout().is_terminal()",
        broken: "    out.file_type().is_char_device() && !std::io::stdout().is_terminal() && false",
        package: "foureyes",
        filter: "attack45_m1_a_token_shown_to_a_device_no_one_reads_is_revoked",
        also: &[],
    },
    // F1453 (lead; attack 46's H1): a file behind its record with no log is TRUNCATED, not opened
    Mutation {
        property: "a file alone behind what its doors committed (a cut checkpointed into it, an older copy put back) is refused TRUNCATED at every door (attack 46's H1, F1453)",
        file: "crates/foureyes-store-sqlite/src/lib.rs",
        original: "    if let Some((seq, hash)) = &record.last\n        && event_hash(conn, *seq).is_none()",
        broken: "    if let Some((seq, hash)) = &record.last\n        && false",
        package: "foureyes",
        filter: "attack46_h1_a_cut_checkpointed_into_the_file_is_truncated_at_every_door",
        also: &[],
    },
    // F1453 (lead; attack 46's H5): a stdout opened for reading only reaches no one
    Mutation {
        property: "a token written to a stdout opened for reading only is revoked, exit 18 (attack 46's H5, F1453)",
        file: "crates/foureyes/src/output.rs",
        original: "    if read_only {\n        return true;\n    }",
        broken: "    if read_only && false {\n        return true;\n    }",
        package: "foureyes",
        filter: "attack46_h5_h6_a_credential_shown_where_no_one_reads_is_not_left_live",
        also: &[],
    },
    // F1447 (lead): a param's name is the agent's text — refused with hidden characters, quoted through the escape
    Mutation {
        property: "a param name holding a character a person would not see is refused at every decide door (F1447)",
        file: "crates/foureyes-core/src/types.rs",
        original: "            check_name_text(\"a param name\", name)?;",
        broken: "            let _ = check_name_text(\"a param name\", name);",
        package: "foureyes",
        filter: "a_param_name_is_refused_with_hidden_characters_and_quoted_escaped",
        also: &[],
    },
    Mutation {
        property: "an unknown param's name is quoted through the one escape: `am\\u{430}ount` is not shown as `amount` (F1447)",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "                    crate::tool_pin::shown(name),\n                    if known.is_empty()",
        broken: "                    name,\n                    if known.is_empty()",
        package: "foureyes",
        filter: "a_param_name_is_refused_with_hidden_characters_and_quoted_escaped",
        also: &[],
    },
    // files40: attack 40's H1 — `task status` is a read door (ADR-1313)
    Mutation {
        property: "`task status` opens the database read-only (ADR-1313)",
        file: "apps/change-control/src/cli.rs",
        original: "        _ if read_only => Ok(Box::new(SqliteStore::open_existing(db, SqliteOptions::default())?.with_seal_key(seal))),",
        broken: "        _ if read_only && false => Ok(Box::new(SqliteStore::open_existing(db, SqliteOptions::default())?.with_seal_key(seal))),",
        package: "foureyes",
        filter: "a_door_that_only_reads_writes_nothing",
        also: &[],
    },
    // names41: attack 41's H10 (ADR-1412)
    Mutation {
        property: "the proxy echoes a name the upstream does not list only escaped, to the model and the journal (ADR-1412)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "never checked against its pin\",\n            shown(&call.name)",
        broken: "never checked against its pin\",\n            call.name.as_str()",
        package: "foureyes-mcp",
        filter: "name_refused::attack41_a_name_the_upstream_does_not_list_is_echoed_only_escaped",
        also: &[],
    },
    // names41: attack 41's H4 (ADR-1413)
    Mutation {
        property: "a look-alike the store's transaction reports stays a name refusal in the listing's second round, never a changed definition 'pinned none' (ADR-1413)",
        file: "crates/foureyes-mcp/src/tools.rs",
        original: "                            first_seen_refused.insert(name, e.to_string());",
        broken: "                            first_seen_refused.clear();",
        package: "foureyes-mcp",
        filter: "name_refused::attack41_a_look_alike_of_another_servers_journaled_pin_is_refused_for_its_name",
        also: &[],
    },
    // names41: attack 41's H5 (ADR-1410)
    Mutation {
        property: "`secret list` shows a secret's name escaped, one-to-one (ADR-1410)",
        file: "crates/foureyes/src/execute.rs",
        original: "                        crate::output::shown_name(&s.name),",
        broken: "                        s.name.clone(),",
        package: "foureyes",
        filter: "cli_names_shown::attack41_forged_secret_and_token_names_are_shown_escaped_one_to_one",
        also: &[],
    },
    // names41: attack 41's H5 (ADR-1410)
    Mutation {
        property: "`token list` shows a credential's name escaped, one-to-one (ADR-1410)",
        file: "crates/foureyes/src/serve.rs",
        original: "shown_name(&p.name), p.role.as_str());",
        broken: "p.name, p.role.as_str());",
        package: "foureyes",
        filter: "cli_names_shown::attack41_forged_secret_and_token_names_are_shown_escaped_one_to_one",
        also: &[],
    },
    // names41: attack 41's H5 (ADR-1410)
    Mutation {
        property: "`journal audit` prints no difference raw: no line erased or split by a forged row it names (ADR-1410)",
        file: "crates/foureyes/src/commands.rs",
        original: "                    println!(\"  {}\", crate::output::shown(m));",
        broken: "                    println!(\"  {m}\");",
        package: "foureyes",
        filter: "cli_names_shown::attack41_forged_secret_and_token_names_are_shown_escaped_one_to_one",
        also: &[],
    },
    // names44: attack 44's H6 (ADR-1521)
    Mutation {
        property: "`decisions list` shows the agent escaped, one-to-one: `bot` and `b\\u{43e}t` never list alike (ADR-1521)",
        file: "crates/foureyes/src/commands.rs",
        original: "                        crate::output::shown_name(&d.request.agent),",
        broken: "                        d.request.agent.clone(),",
        package: "foureyes",
        filter: "attack44_names::attack44_h6_the_agent_is_listed_one_to_one_and_an_unseen_mark_is_refused_at_the_door",
        also: &[],
    },
    // names44: attack 44's H6 (ADR-1521)
    Mutation {
        property: "`approvals list` and `approvals show` show the agent escaped, one-to-one (ADR-1521)",
        file: "crates/foureyes/src/output.rs",
        original: "        shown_name(&a.request.agent),",
        broken: "        a.request.agent.clone(),",
        package: "foureyes",
        filter: "attack44_names::attack44_h6_the_agent_is_listed_one_to_one_and_an_unseen_mark_is_refused_at_the_door",
        also: &[],
    },
    // names44: attack 44's H6 (ADR-1522)
    Mutation {
        property: "a mark on no base of its script (U+16FE4 KHITAN SMALL SCRIPT FILLER after a Latin letter) is refused in an agent, session or request id (ADR-1522)",
        file: "crates/foureyes-core/src/hidden.rs",
        original: "        if !base.is_some_and(|b| own.iter().any(|s| scripts.has_script(b, s))) {",
        broken: "        if base.is_none() {",
        package: "foureyes",
        filter: "attack44_names::attack44_h6_the_agent_is_listed_one_to_one_and_an_unseen_mark_is_refused_at_the_door",
        also: &[],
    },
    // names44: attack 44's H4 (ADR-1520)
    Mutation {
        property: "`sessions restore` refuses an agent or session holding a control or hidden character (ADR-1520)",
        file: "crates/foureyes-store/src/ops.rs",
        original: "            return Err(refused(w, by, \"bad_request\", e.to_string(), input, now_ms).await);",
        broken: "            let _ = (e, input);",
        package: "foureyes",
        filter: "attack44_names::attack44_h4_sessions_restore_refuses_hidden_names_and_echoes_every_name_escaped",
        also: &[],
    },
    // names44: attack 44's H5 (ADR-1520)
    Mutation {
        property: "`token revoke`'s refusal quotes the name escaped, one-to-one (ADR-1520)",
        file: "crates/foureyes/src/serve.rs",
        original: "format!(\"no active credential named `{}`\", crate::output::shown_name(&name))",
        broken: "format!(\"no active credential named `{}`\", name)",
        package: "foureyes",
        filter: "attack44_names::attack44_h5_name_refusals_echo_the_name_escaped",
        also: &[],
    },
    // names41: attack 41's H8 (ADR-1411)
    Mutation {
        property: "a session id, agent, request id or target holding a hidden character is refused at the door (ADR-1411)",
        file: "crates/foureyes-core/src/types.rs",
        original: "    if let Some(c) = crate::hidden::first_unseen(value) {",
        broken: "    if let Some(c) = None::<char> {",
        package: "foureyes",
        filter: "cli_names_shown::attack41_session_ids_and_details_are_never_shown_raw",
        also: &[],
    },
    // names41: attack 41's H8 (ADR-1411)
    Mutation {
        property: "`journal tail` shows an event's data with bidi and zero-width characters escaped (ADR-1411)",
        file: "crates/foureyes/src/output.rs",
        original: "e.kind.as_str(), shown(&data));",
        broken: "e.kind.as_str(), data);",
        package: "foureyes",
        filter: "cli_names_shown::attack41_session_ids_and_details_are_never_shown_raw",
        also: &[],
    },
    // names41: attack 41's H8 (ADR-1411)
    Mutation {
        property: "`sessions list` shows a session id escaped, one-to-one (ADR-1411)",
        file: "crates/foureyes/src/output.rs",
        original: "        Some(s) => format!(\"session {} of agent {}\", shown_name(s), shown_name(&d.agent)),",
        broken: "        Some(s) => format!(\"session {s} of agent {}\", shown_name(&d.agent)),",
        package: "foureyes",
        filter: "cli_names_shown::attack41_session_ids_and_details_are_never_shown_raw",
        also: &[],
    },
    // names41: attack 41's H6 (ADR-1414)
    Mutation {
        property: "without `--policy`, the pin doors compare a name with the pins of the policy the journal last loaded (ADR-1414)",
        file: "crates/foureyes/src/commands.rs",
        original: "    let Some((source, sha256)) = last else { return Ok(Ok(None)) };",
        broken: "    let Some((source, sha256)) = last.filter(|_| false) else { return Ok(Ok(None)) };",
        package: "foureyes",
        filter: "sqlite::mcp_pin_doors_compare_with_the_policys_pins_even_without_policy",
        also: &[],
    },
    // names41: attack 41's H7 (ADR-1414)
    Mutation {
        property: "`mcp pins list` lists a changed definition that reads like a policy pin as NAME REFUSED (ADR-1414)",
        file: "crates/foureyes/src/commands.rs",
        original: ".chain(policy_pins.iter().copied()),",
        broken: ".chain(policy_pins.iter().copied().filter(|_| false)),",
        package: "foureyes",
        filter: "sqlite::mcp_pin_doors_compare_with_the_policys_pins_even_without_policy",
        also: &[],
    },
    // names41: attack 41's minor (ADR-1414)
    Mutation {
        property: "a CHANGED row names the journal's pin, not a report's `\"pinned\": null` (ADR-1414)",
        file: "crates/foureyes/src/commands.rs",
        original: "                    held.get(&key).map_or(\"none\", |p| p.sha256.as_str()),",
        broken: "                    held.get(&key).filter(|_| false).map_or(\"none\", |p| p.sha256.as_str()),",
        package: "foureyes",
        filter: "sqlite::mcp_pin_doors_compare_with_the_policys_pins_even_without_policy",
        also: &[],
    },
    // names41: attack 41's minor (ADR-1415)
    Mutation {
        property: "`--as` refuses a person's name holding a hidden character, escaped (ADR-1415)",
        file: "crates/foureyes/src/cli.rs",
        original: "    match foureyes_core::hidden::first_unseen(text).or_else(|| text.chars().find(|&c| c == '\\u{FFFD}')) {",
        broken: "    match None::<char> {",
        package: "foureyes",
        filter: "cli_names_shown::attack41_an_approver_name_is_refused_with_a_hidden_character_and_shown_one_to_one",
        also: &[],
    },
    // unsettled45 (ADR-1555)
    Mutation {
        property: "an injury told after a sign-off in the writer's own words (a PS, a personal pronoun) still escalates: only a name, title or disclaimer block is cut from the harm reading (ADR-1555)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "                && !own_words(bare)\n                && (title_case(bare)\n                    || disclaimer.is_match(bare)",
        broken: "                && (!bare.is_empty() || title_case(bare)\n                    || disclaimer.is_match(bare)",
        package: "support-desk",
        filter: "unsettled45::the_senders_block_is_no_harm_told",
        also: &[],
    },
    // ADR-1601: a request only the learned second reading reads is never paid
    Mutation {
        property: "a request only the learned second reading reads is never paid: it counts only where the clause table refuses it (ADR-1600, ADR-1601)",
        file: "apps/support-desk/src/classify.rs",
        original: "        if matches!(policy::decide(&asked).clause, Clause::X1 | Clause::X2 | Clause::X3 | Clause::X4) {",
        broken: "        if policy::decide(&asked).clause != Clause::C1 {",
        package: "support-desk",
        filter: "second_reading::a_request_only_the_model_reads_is_never_paid",
        also: &[],
    },
    // F1601: a sum of bare numbers wanted is asked (an over-ask is refused, never reduced to the order's amount)
    Mutation {
        property: "two bare numbers a want joins with plus are money and their sum is asked: an over-ask of parts is refused, never reduced to the order's amount (F1601)",
        file: "apps/support-desk/src/classify/intent.rs",
        original: "        None => format!(\"{}${}{}${}\", &c[1], &c[2], &c[3], &c[4]),",
        broken: "        None => c[0].to_string(),",
        package: "support-desk",
        filter: "wanted_sums::a_sum_of_bare_numbers_wanted_is_the_amount_asked",
        also: &[],
    },
    // F1603: a want of more goods is no refund request
    Mutation {
        property: "a want of more goods is no refund request: the price beside \"want 2 more\" is never paid (F1603)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let text = wants::goods_wanted_blanked(text);",
        broken: "    let text = text.to_string();",
        package: "support-desk",
        filter: "goods_wanted::a_want_of_more_goods_is_no_request",
        also: &[],
    },
    // F1604: a share added to the full amount is an over-ask
    Mutation {
        property: "a share added to the full amount (\"the order value plus 25%\") is an over-ask, refused, never the order's amount paid (F1604)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "            Op::AddShare(basis) => head.map_or(0, |h| h * basis / 10_000),",
        broken: "            Op::AddShare(_) => 0,",
        package: "support-desk",
        filter: "desk33_overask::a_share_added_to_the_full_amount_is_an_over_ask",
        also: &[],
    },
    // F1605: a share added by "and … N% extra / on top", "with N% added" is an over-ask (attack 36)
    Mutation {
        property: "a share added by \"and … N% extra / on top / as goodwill\" or \"with N% added\" is an over-ask, refused, never the order's amount paid (F1605, attack 36)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "                || matches!(after.as_str(), \"extra\" | \"added\" | \"more\" | \"on\" | \"as\" | \"for\" | \"interest\");",
        broken: "                || false;",
        package: "support-desk",
        filter: "desk33_overask::attack36_a_share_added_in_other_words_is_an_over_ask",
        also: &[],
    },
    // F1606a: a purchase supposed is no refund request (attack 36)
    Mutation {
        property: "a purchase supposed (\"if I buy two more, could I get them for $50?\") asks a price, never money back: never paid (F1606a, attack 36)",
        file: "apps/support-desk/src/classify/wants.rs",
        original: "    for m in purchase.iter().flat_map(|p| p.find_iter(text)) {",
        broken: "    for m in purchase.iter().flat_map(|p| p.find_iter(\"\")) {",
        package: "support-desk",
        filter: "goods_wanted::attack36_a_price_asked_for_more_goods_is_no_request",
        also: &[],
    },
    // F1606b: money back told on its way and asked after is an inquiry (attack 36)
    Mutation {
        property: "money back told on its way and asked after is an inquiry, never paid (F1606b, attack 36)",
        file: "apps/support-desk/src/classify.rs",
        original: r"(?:refund|money\s+back|reimbursement)\b(\s+(?:of|for|on|to)",
        broken: r"refund\b(\s+(?:of|for|on|to)",
        package: "support-desk",
        filter: "reading_classes::attack36_money_back_told_on_its_way_and_asked_after_is_an_inquiry",
        also: &[],
    },
    // F1606d: a share turned down is no share asked (attack 36)
    Mutation {
        property: "a share turned down (\"a full refund, not 10% off\") is no share asked: the full amount is paid, not escalated (F1606d, attack 36)",
        file: "apps/support-desk/src/classify.rs",
        original: "    if grammar::declined_before(head) {\n        return false;\n    }\n",
        broken: "    // teeth F1606d: a share turned down is read as the share asked\n",
        package: "support-desk",
        filter: "desk33_overask::attack36_a_share_declined_is_no_share_asked",
        also: &[],
    },
    // F1607: a figure turned down is never asked
    Mutation {
        property: "a figure the customer turns down (\"a full refund, not a 10 euro voucher\") is never the amount paid (F1607)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "            let (role, why) = if super::grammar::declined_before(head) {",
        broken: "            let (role, why) = if false {",
        package: "support-desk",
        filter: "reading_classes::a_figure_turned_down_is_never_asked",
        also: &[],
    },
    // F1608a: a figure corrected in the words after it is replaced by the correction
    Mutation {
        property: "a figure asked then corrected (\"37.50 - no sorry, it was 27.50\") is never paid: the correction is (F1608a)",
        file: "apps/support-desk/src/classify/corrections.rs",
        original: r#"                r"|no\s*,?\s*sorry|i\s+(?:make|made)\s+(?:an?\s+)?(?:error|mistake)|i\s+was\s+wrong","#,
        broken: r#"                r"|i\s+was\s+wrong","#,
        package: "support-desk",
        filter: "reading_classes::compensation_alone_want_back_corrections_and_elliptic_asks",
        also: &[],
    },
    // F1608b: compensation asked alone is the whole ask
    Mutation {
        property: "compensation asked alone (\"I want compensation 30 euro\") is the ask, never refused as the full price plus it (F1608b)",
        file: "apps/support-desk/src/classify.rs",
        original: "                && !r.refund.is_match(&clause[..cut])",
        broken: "                && !r.refund.is_match(clause)",
        package: "support-desk",
        filter: "reading_classes::compensation_alone_want_back_corrections_and_elliptic_asks",
        also: &[],
    },
    // F1609b: an injury by a blow to a body part escalates
    Mutation {
        property: "an injury told as a blow to a body part (\"hit my leg\") or a doctor without article escalates, never paid (F1609b)",
        file: "apps/support-desk/src/classify.rs",
        original: "|pinched|hit|struck|smacked|whacked|bashed|banged)\\s+(?:my|his",
        broken: "|pinched)\\s+(?:my|his",
        package: "support-desk",
        filter: "reading_classes::injuries_by_a_blow_or_a_doctor_without_article_and_parts_of_things",
        also: &[],
    },
    // F1610: a proposal with an agreement tag asks
    Mutation {
        property: "a proposal closed by an agreement tag (\"half my money back, would that be alright?\") asks, never closed as a status question (F1610)",
        file: "apps/support-desk/src/classify/questions.rs",
        original: "    if r.request.is_match(clause) || super::grammar::agreement_tag(clause) {",
        broken: "    if r.request.is_match(clause) {",
        package: "support-desk",
        filter: "reading_classes::agreement_tags_and_glossed_figures",
        also: &[],
    },
    // F1611a: a refund named but not asked is no request (attack 47)
    Mutation {
        property: "a refund named but not asked (\"Refund not needed\", \"my friend got her money back\", \"the refund you approved - when does it land?\") is never paid (F1611a, attack 47)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let text = wants::refunds_not_asked_blanked(&text);",
        broken: "    let text = text.clone();",
        package: "support-desk",
        filter: "reading_classes::attack47_a_refund_named_but_not_asked_is_no_request",
        also: &[],
    },
    // F1611b: a cost of the customer's own beside a whole refund is an over-ask (attack 47)
    Mutation {
        property: "a cost of the customer's own asked beside a whole refund (\"refund, and 12 for the taxi\") is an over-ask, refused, never the order's amount or the cost alone paid (F1611b, attack 47)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    for (at, v) in cost_figures(s) {",
        broken: "    for (at, v) in cost_figures(\"\") {",
        package: "support-desk",
        filter: "desk33_overask::attack47_a_cost_added_to_a_whole_refund_is_an_over_ask",
        also: &[],
    },
    // F1611c: a legal step denied is no threat (attack 47)
    Mutation {
        property: "a legal step denied (\"I'm not going to sue or anything\", \"No need for lawyers\") is no threat: the refund is paid, not escalated (F1611c, attack 47)",
        file: "apps/support-desk/src/classify/regulators.rs",
        original: "            if !(rest.contains(\" but \") || rest.contains(\" unless \") || rest.contains(\" if \")) {",
        broken: "            if false {",
        package: "support-desk",
        filter: "reading_classes::attack47_threats_and_dangers_denied_and_compound_lawyers",
        also: &[],
    },
    // F1611d: an offered figure is never the amount asked (attack 47)
    Mutation {
        property: "a figure the shop offered (\"they offered me 15 back, I need 75\") is never the amount paid (F1611d, attack 47)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "            } else if offered_or_compared(head, tail) {",
        broken: "            } else if false && offered_or_compared(head, tail) {",
        package: "support-desk",
        filter: "reading_classes::attack47_offers_vouchers_comparisons_and_counts_are_not_asked",
        also: &[],
    },
    // F1612a: more than the whole in words is an over-ask (attack 47)
    Mutation {
        property: "an addition with no figure on a whole refund (\"my refund with interest\", \"refund in full and then some\") is an over-ask, refused, never the order's amount paid (F1612a, attack 47)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    if r.more_unnamed.find_iter(s).any(|m| !in_told_price(s, m.start()))",
        broken: "    if r.more_unnamed.find_iter(\"\").any(|m| !in_told_price(s, m.start()))",
        package: "support-desk",
        filter: "desk33_overask::attack47_more_than_the_whole_in_words_is_an_over_ask",
        also: &[],
    },
    // F1612b: a payment named as the object of the ask tells no price (attack 47)
    Mutation {
        property: "a payment named as the object of the ask (\"what I paid and my taxi fare of $12\", \"the $49.99 I paid for the case as well\") tells no price: the cost added to it makes an over-ask (F1612b, attack 47)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "        .is_some_and(|(a, b)| r.paid.is_match(&r.paid_phrase.replace_all(&s[a..b], \" \")))",
        broken: "        .is_some_and(|(a, b)| r.paid.is_match(&s[a..b]))",
        package: "support-desk",
        filter: "desk33_overask::attack47_more_than_the_whole_in_words_is_an_over_ask",
        also: &[],
    },
    // F1613a: a figure echoed in disbelief is not the ask (attack 47)
    Mutation {
        property: "a figure echoed as a question of its own (\"15 dollars? Seriously? I want 75.\") is never the amount paid (F1613a, attack 47)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "            } else if echoed(head, tail) {",
        broken: "            } else if false && echoed(head, tail) {",
        package: "support-desk",
        filter: "reading_classes::attack47_wishes_withdrawn_echoed_figures_and_ordinals",
        also: &[],
    },
    // F1613b: an ordinal after an apology corrects no figure (attack 47)
    Mutation {
        property: "an ordinal after an apology (\"I want 60 back - sorry, 3rd email today\") corrects no figure: the figure asked stands (F1613b, attack 47)",
        file: "apps/support-desk/src/classify.rs",
        original: "        if ordinal_at(&text[b.1..]) || counts_a_noun(&text[b.1..]) {",
        broken: "        if ordinal_at(\"\") || counts_a_noun(&text[b.1..]) {",
        package: "support-desk",
        filter: "reading_classes::attack47_wishes_withdrawn_echoed_figures_and_ordinals",
        also: &[],
    },
    // F1614: a share turned down is not asked (attack 47)
    Mutation {
        property: "a share turned down or only offered (\"A partial refund is not acceptable, I want the full price back\") is not the ask: the whole is paid, not escalated (F1614, attack 47)",
        file: "apps/support-desk/src/classify.rs",
        original: "            && !share_not_asked(c)",
        broken: "            && !share_not_asked(\"\")",
        package: "support-desk",
        filter: "reading_classes::attack47_shares_turned_down_and_elliptic_asks",
        also: &[],
    },
    // F1614b: a verbless whole-amount ask asks (attack 47)
    Mutation {
        property: "a verbless ask of the whole (\"Not half, not part. All of it back.\", \"I deserve double.\") is read as a request (F1614b, attack 47)",
        file: "apps/support-desk/src/classify/asks.rs",
        original: "|| whole_back(clause) {",
        broken: "|| whole_back(\"\") {",
        package: "support-desk",
        filter: "reading_classes::attack47_shares_turned_down_and_elliptic_asks",
        also: &[],
    },
    // F1615: a duplicate told at its own figure asks that figure (attack 47)
    Mutation {
        property: "a duplicate charge told at a figure other than the order's (\"charged twice, $80 each time. refund the extra\" on $49.99) asks that figure: an over-ask, never the order's amount paid (F1615, attack 47)",
        file: "apps/support-desk/src/classify.rs",
        original: "        Amount::Ambiguous | Amount::Missing | Amount::Full\n            if duplicate && wants_refund",
        broken: "        Amount::Ambiguous\n            if duplicate && wants_refund",
        package: "support-desk",
        filter: "reading_classes::attack47_duplicate_charges_at_their_own_figure",
        also: &[],
    },
    // F1616a: a difference between the price paid and the price now (attack 47)
    Mutation {
        property: "a difference asked between the price paid and the price now (\"I paid 49.99 and it is now 19.99\") is their difference, never the lower price paid (F1616a, attack 47)",
        file: "apps/support-desk/src/classify/arithmetic.rs",
        original: "                && !named(s)",
        broken: "                && named(s)",
        package: "support-desk",
        filter: "reading_classes::attack47_the_whole_order_a_difference_and_a_supposition",
        also: &[],
    },
    // F1616b: a refund supposed asks (attack 47)
    Mutation {
        property: "a refund supposed (\"Would it be ok if you refunded me $80?\") asks: an over-ask refused, never closed as a refund that arrived (F1616b, attack 47)",
        file: "apps/support-desk/src/classify/kinds.rs",
        original: "        if matches!(word, \"if\" | \"whether\" |",
        broken: "        if matches!(word, \"never a word\" | \"whether\" |",
        package: "support-desk",
        filter: "reading_classes::attack47_the_whole_order_a_difference_and_a_supposition",
        also: &[],
    },
    // F1617 (attack 48)
    Mutation {
        property: "a request withdrawn, negated, cancelled or only supposed (\"I no longer want a refund\", \"Forget the refund\", \"If it breaks again I'll want a refund\") is never paid (F1617, attack 48)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let text = wants::requests_withdrawn_blanked(&text);\n",
        broken: "    let text = text.clone();\n",
        package: "support-desk",
        filter: "reading_classes::attack48_requests_withdrawn_negated_or_supposed_ask_nothing",
        also: &[],
    },
    // F1618a (attack 48)
    Mutation {
        property: "a bare number a wish asks in a ticket that measures nothing (\"I want 70.\") is money: an over-ask refused, never the order's amount paid (F1618a, attack 48)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "|| (raw.len() >= 2 && !measure_named(text) && !minor_units_after(tail)))",
        broken: "|| (raw.len() >= 2 && false && !minor_units_after(tail)))",
        package: "support-desk",
        filter: "reading_classes::attack48_bare_numbers_asked_are_money",
        also: &[],
    },
    // F1618b (attack 48)
    Mutation {
        property: "an addend named beside the whole with no figure (\"Refund + my costs\", \"and pay my taxi\") is an over-ask, never the order's amount paid (F1618b, attack 48)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    if !addends.is_empty() && !ops",
        broken: "    if addends.is_empty() && addends.len() > 0 && !ops",
        package: "support-desk",
        filter: "desk33_overask::attack48_addends_named_beside_the_whole_are_over_asks",
        also: &[],
    },
    // F1619a (attack 48)
    Mutation {
        property: "a lower bound (\"at least $40\", \"upwards of $40\") is no settled figure: escalated for information, never paid (F1619a, attack 48)",
        file: "apps/support-desk/src/classify/settle.rs",
        original: "r\"|\\bat\\s+least|\\bno\\s+less\\s+than|\\bupwards\\s+of|\\ba\\s+minimum\\s+of|\\bminimum\\s+of\",",
        broken: "r\"|\\bnever_a_lower_bound\",",
        package: "support-desk",
        filter: "reading_classes::attack48_lower_bounds_near_misses_and_every_charge_asked",
        also: &[],
    },
    // F1619b (attack 48)
    Mutation {
        property: "every charge of a duplicate asked back (\"Charged twice. Refund both charges.\") is an over-ask, never one charge paid (F1619b, attack 48)",
        file: "apps/support-desk/src/classify/duplicates.rs",
        original: "        None if asks_all => 2,",
        broken: "        None if false => 2,",
        package: "support-desk",
        filter: "reading_classes::attack48_lower_bounds_near_misses_and_every_charge_asked",
        also: &[],
    },
    // F1620: items each with a figure asked together are their sum (attack 48)
    Mutation {
        property: "items each with a figure asked together (\"refund $30 & $25\", \"the stand ($300) and the speaker ($300)\") are their sum: an over-ask or E1, never the first figure paid (F1620, attack 48)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    for c in r.item_join.captures_iter(s).chain(r.split_paths.captures_iter(s)) {",
        broken: "    for c in r.item_join.captures_iter(\"\").chain(r.split_paths.captures_iter(s)) {",
        package: "support-desk",
        filter: "desk33_overask::attack48_items_counts_and_rates_are_summed",
        also: &[],
    },
    // F1621: one figure listed twice beside a repeat word is a duplicate (blind87)
    Mutation {
        property: "one figure listed twice beside a repeat word (\"TWICE, $67.90 and $67.90 on the same day\") is a duplicate's two charges, the extra one asked back: never summed as two items and refused (F1621, blind87 `g-076`)",
        file: "apps/support-desk/src/classify/duplicates.rs",
        original: "        || same_figure_listed_twice(&text)",
        broken: "        || same_figure_listed_twice(\"\")",
        package: "support-desk",
        filter: "kept_misses::blind84_89_kept_misses_by_class",
        also: &[],
    },
    // F1622: a bare number restated with its decimal point is one figure (blind86)
    Mutation {
        property: "a bare number restated at once with its decimal point (\"pls refund 1999.. sorry, 19.99\") is one figure, never an over-ask (F1622, blind86 `g-006`)",
        file: "apps/support-desk/src/classify/corrections.rs",
        original: "    for (s, e, with) in decimal_point_restated(text, &figures) {",
        broken: "    for (s, e, with) in decimal_point_restated(\"\", &figures) {",
        package: "support-desk",
        filter: "kept_misses::blind84_89_kept_misses_by_class",
        also: &[],
    },
    // F1623a: an igniter that gives no spark is no hazard (blind88)
    Mutation {
        property: "an igniter that gives no spark is a fault, not a hazard: refunded, never escalated as E2 (F1623a, blind88 `g-012`)",
        file: "apps/support-desk/src/classify/trade_senses.rs",
        original: "|sparks?\\s+joy|(?:no|not|never|doesn'?t|does\\s+not|won'?t|will\\s+not|isn'?t|is\\s+not|stopped)\\s+(?:\\w+\\s+){0,2}?sparks?\\b(?:\\s+(?:at\\s+all|anymore|any\\s+more))?\",",
        broken: "|sparks?\\s+joy\",",
        package: "support-desk",
        filter: "kept_misses::blind84_89_kept_misses_by_class",
        also: &[],
    },
    // F1623b: the igniter is a part, "ignited" a hazard (blind88)
    Mutation {
        property: "the word \"igniter\" names a part, not a fire: only \"ignited\"/\"ignites\" read as a heat hazard (F1623b, blind88 `g-012`)",
        file: "apps/support-desk/src/classify/hazards.rs",
        original: "short[- ]?circuit\\w*|ignited|ignites|set",
        broken: "short[- ]?circuit\\w*|ignit\\w*|set",
        package: "support-desk",
        filter: "kept_misses::blind84_89_kept_misses_by_class",
        also: &[],
    },
    // F1624a: a unit rate beside the worked sum is a price (blind88)
    Mutation {
        property: "a unit rate (\"12.99 a pack\") beside the sum the customer works out (\"so 25.98\") is a price: the sum is asked, never escalated as alternatives (F1624a, blind88 `g-013`)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "each|apiece|an?\\s+(?:piece|pack|packet|box|bag|pair|set|roll|bottle|tin|can|jar|tube|kilo|kg|metre|meter|unit|item|dozen|bundle|sack|carton)|per\\s+\\w+",
        broken: "each|apiece|a\\s+piece|per\\s+\\w+",
        package: "support-desk",
        filter: "kept_misses::blind84_89_kept_misses_by_class",
        also: &[],
    },
    // F1625a: a tax named before a gross figure adds nothing (blind84)
    Mutation {
        property: "a tax named before the gross figure (\"EUR 780.00 + VAT as invoiced (EUR 780.00 gross)\") adds nothing: E1 over the cap, never an over-ask of twice the order (F1625a, blind84 `g-053`)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "            let tax_named = s[m.end()..f.0]",
        broken: "            let tax_named = false && s[m.end()..f.0]",
        package: "support-desk",
        filter: "kept_misses::blind84_89_kept_misses_by_class",
        also: &[],
    },
    // F1625b: a part asked at the whole order's figure is never reduced (blind84)
    Mutation {
        property: "a part asked at the whole order's figure (\"the money for the hose back please, the 39.95\" on a 39.95 order) is paid that figure, never another price told (F1625b, blind84 `g-001`)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "    if !asked.is_empty() && asked.iter().all(|c| *c == order_cents) {",
        broken: "    if !asked.is_empty() && asked.iter().all(|c| *c == order_cents) && false {",
        package: "support-desk",
        filter: "kept_misses::blind84_89_kept_misses_by_class",
        also: &[],
    },
    // F1626a: items asked in sentences of their own are summed (attack 48)
    Mutation {
        property: "items asked in sentences of their own (\"Refund $300 for the stand. Refund $300 for the speaker.\") are summed: an over-ask or E1, never one item paid (F1626a, attack 48)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    items_asked_apart(&mut per);",
        broken: "    items_asked_apart(&mut []);",
        package: "support-desk",
        filter: "desk33_overask::attack48_items_apart_counts_and_addends_named_late",
        also: &[],
    },
    // F1626b: units reached above the order are an over-ask (attack 48)
    Mutation {
        property: "units reached by \"refund those\" above the order's amount (\"2 cups broken, $30 each\") are an over-ask (X2), never the order's amount paid (F1626b, attack 48)",
        file: "apps/support-desk/src/classify/counted_ask.rs",
        original: "    super::figures::one_distinct(asks).filter(|v| *v > 0)",
        broken: "    super::figures::one_distinct(asks).filter(|v| *v > 0 && false)",
        package: "support-desk",
        filter: "desk33_overask::attack48_items_apart_counts_and_addends_named_late",
        also: &[],
    },
    // F1627: a refund withdrawn in the customer's own language asks nothing (attack 49)
    Mutation {
        property: "a refund declined in the customer's own language (\"Kein Geld zurück nötig\", \"Plus besoin de remboursement\") is no request: closed, never paid (F1627, attack 49)",
        file: "apps/support-desk/src/classify/wants.rs",
        original: "            r\"|\\b(?:kein\\s+geld\\s+zurück|(?:rückerstattung|erstattung)\\s+nicht\\s+(?:mehr\\s+)?)\\s*(?:nötig|notwendig)|\\bno\\s+necesito\\s+(?:el\\s+|un\\s+|mi\\s+)?reembolso|\\bplus\\s+besoin\\s+(?:de\\s+|du\\s+)?remboursement|\\bnon\\s+voglio\\s+(?:più\\s+)?(?:il\\s+|un\\s+)?rimborso|\\bnão\\s+preciso\\s+(?:mais\\s+)?(?:do\\s+|de\\s+)?reembolso|\\bgeen\\s+terugbetaling\",",
        broken: "            r\"|\\bnever_declined_in_another_language\",",
        package: "support-desk",
        filter: "reading_classes::attack49_requests_withdrawn_supposed_or_only_considered",
        also: &[],
    },
    // F1628a: a near drowning is harm (attack 49, blind91)
    Mutation {
        property: "a near miss told as going under or drowning (\"she nearly went under\") escalates (E2), never closed or paid (F1628a, blind91 `g-013`)",
        file: "apps/support-desk/src/classify.rs",
        original: "(?:nearly|almost)\\s+(?:went\\s+under|drown\\w*|suffocat\\w*|strangl\\w*|fell|",
        broken: "(?:nearly|almost)\\s+(?:fell|",
        package: "support-desk",
        filter: "reading_classes::attack49_harm_and_legal_steps_in_other_words",
        also: &[],
    },
    // F1628b: a crew member is a person an injury word can hold (blind91)
    Mutation {
        property: "an injury to a crew member, an employee or a passenger (\"sustained a laceration to the forearm\") escalates (E2), never read as damage to a thing and paid (F1628b, blind91 `g-075`)",
        file: "apps/support-desk/src/classify/scope.rs",
        original: "|pet|crew|member|employee|",
        broken: "|pet|employee|",
        package: "support-desk",
        filter: "reading_classes::attack49_harm_and_legal_steps_in_other_words",
        also: &[],
    },
    // F1629: a short acceptance of the shop's lone offer asks it (blind90)
    Mutation {
        property: "a short acceptance of the refund the shop's quoted message offered (\"Yes ok, go ahead with the 20.\") asks that figure, never closed (F1629, blind90 `g-029`)",
        file: "apps/support-desk/src/classify.rs",
        original: "        Some(o) if !wants_refund && !disclaimed && form_ask.is_none() && offers::accepts(&own) => {",
        broken: "        Some(o) if !wants_refund && !disclaimed && form_ask.is_none() && offers::accepts(&own) && false => {",
        package: "support-desk",
        filter: "kept_misses::blind90_92_kept_misses_by_class",
        also: &[],
    },
    // F1630: a number after "no." is a reference (attack 49)
    Mutation {
        property: "a number after \"no.\"/\"nr.\"/\"ref.\" is a reference in the same sentence (\"Refund order no. 40\"), never a figure said alone after the ask and paid (F1630, attack 49)",
        file: "apps/support-desk/src/classify/desk27.rs",
        original: "    (matches!(word.as_str(), \"no\" | \"nr\" | \"nos\" | \"ref\" | \"inv\" | \"art\" | \"acct\" | \"tel\" | \"ord\" | \"rs\")",
        broken: "    (matches!(word.as_str(), \"never_numbered\")",
        package: "support-desk",
        filter: "reading_classes::attack49_numbers_after_no_are_references",
        also: &[],
    },
    // F1631: a part asked with the rest kept and no figure is unsettled (attack 49, ADR-1608)
    Mutation {
        property: "a part of the order asked with the rest kept and no figure (\"Refund only the lid please, keeping the pot\") is escalated for information (U1), never the whole order paid (F1631, ADR-1608)",
        file: "apps/support-desk/src/classify.rs",
        original: "                && roles::rest_kept(&own) =>",
        broken: "                && roles::rest_kept(\"\") =>",
        package: "support-desk",
        filter: "desk33_overask::attack49_addends_pointed_back_and_parts_with_the_rest_kept",
        also: &[],
    },
    // F1632a: refund words that name no refund of this order ask nothing (attack 49)
    Mutation {
        property: "a refund word that names no refund of this order (a job title, the shop's form, a tax refund, an employer who reimburses) asks nothing: closed, never paid (F1632a, attack 49)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let text = wants::incidental_refund_words_blanked(&text);",
        broken: "    let text = text.to_owned();",
        package: "support-desk",
        filter: "reading_classes::attack49_incidental_refund_words_and_edits",
        also: &[],
    },
    // F1632b: struck-through and hidden HTML is read as a person reads it (attack 49)
    Mutation {
        property: "text struck through (`<del>$30</del> $60`) is taken back as a person reads it: the figure left is asked, never the struck one paid (F1632b, attack 49)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "                r\"|<(?:del|s|strike)\\b[^>]*>.*?</(?:del|s|strike)\\s*>\",",
        broken: "                r\"|<never_struck>\",",
        package: "support-desk",
        filter: "reading_classes::attack49_incidental_refund_words_and_edits",
        also: &[],
    },
    // F1633: a danger word inside what the goods are called names no harm (attack 50, ADR-1609)
    Mutation {
        property: "a danger word inside a product's or a title's name (\"the 'Toxic' perfume\", \"the lawyer costume\") names no harm: refunded, never escalated as E2 (F1633, ADR-1609)",
        file: "apps/support-desk/src/classify/trade_senses.rs",
        original: "    let mut out = without_product_names(text);",
        broken: "    let mut out = String::from(text);",
        package: "support-desk",
        filter: "reading_classes::attack50_product_names_and_harm_in_other_words",
        also: &[],
    },
    // F1634: harm told in other words escalates (attack 50)
    Mutation {
        property: "harm told in other words (\"caught alight\", a gas hissing, a battery's bulge, a child inside what came apart) escalates (E2), never paid (F1634)",
        file: "apps/support-desk/src/classify.rs",
        original: "|caught\\s+alight|went\\s+up\\s+in\\s+flames|",
        broken: "|never_alight|",
        package: "support-desk",
        filter: "reading_classes::attack50_product_names_and_harm_in_other_words",
        also: &[],
    },
    // F1636: text hidden by the `hidden` attribute is read as a person reads it (attack 50)
    Mutation {
        property: "text a person cannot see (the `hidden` attribute, zero opacity, zero height) never sets the amount: the figure seen is asked (F1636)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "    if tag.attribute(\"hidden\").is_some()",
        broken: "    if tag.attribute(\"never_hidden\").is_some()",
        package: "support-desk",
        filter: "reading_classes::attack50_slang_hidden_text_and_corrections",
        also: &[],
    },
    // F1637: the sender's block is blanked before the ask (attack 50, ADR-1610)
    Mutation {
        property: "a refund word in a signature or a mail footer (\"Head of Returns & Refunds\", \"Sent from Refund Tracker Pro\") asks nothing: closed, never paid (F1637, ADR-1610)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let text = wants::time_backs_blanked(&layout::without_sender_block(&speakers::carried_titles_blanked(&text)));",
        broken: "    let text = wants::time_backs_blanked(&speakers::carried_titles_blanked(&text));",
        package: "support-desk",
        filter: "reading_classes::attack50_refund_words_that_ask_nothing",
        also: &[],
    },
    // F1672: alternatives read before hedges, also across two sentences (attack 68 paid their sum)
    Mutation {
        property: "a figure offered instead of an earlier one (\"Refund $11, though it may well have been $13\") needs information (U1), never the sum or one of them (F1672, ADR-1629)",
        file: "apps/support-desk/src/classify/vague.rs",
        original: "    let text = could_be(text);",
        broken: "    let text = text.to_string();",
        package: "support-desk",
        filter: "attack68_left::attack68_hedges_and_alternatives_need_information",
        also: &[],
    },
    // F1672: a cover that hands the forward over outranks words that only inform (attack 68)
    Mutation {
        property: "a cover that hands the forward over (\"No response needed to me, just refund Lee what they ask for\") pays the forwarded figure, never closes (F1672, ADR-1630)",
        file: "apps/support-desk/src/classify/speakers.rs",
        original: "    hands_over(top)\n        || (!withdraws(top)",
        broken: "    false\n        || (!withdraws(top)",
        package: "support-desk",
        filter: "attack68_left::attack68_covers_that_withdraw_close_and_hand_overs_pay_the_figure_below",
        also: &[],
    },
    // F1672: the whole asked and a cost added in another clause is an over-ask (attacks 66 and 68)
    Mutation {
        property: "the whole asked and a cost of the customer's own added in another clause (\"Give me my money back. Also I want the $5.49 …\") is refused (X2), never the cost paid alone (F1672)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "                && whole_asked_before(p, text, s + fa)",
        broken: "                && false",
        package: "support-desk",
        filter: "attack68_left::attack68_the_whole_plus_a_cost_in_another_clause_is_refused",
        also: &[],
    },
    // F1670: the reader never panics on overlapping figures (attack 66 crashed `eval` and `start`)
    Mutation {
        property: "a ticket whose figures overlap (\"each one USD 7.95\") is read, never a panic of the reader (F1670)",
        file: "apps/support-desk/src/classify/roles.rs",
        original: "                let Some(between) = sentence.get(fb..b.span.start) else { return false };",
        broken: "                let between = &sentence[fb..b.span.start];",
        package: "support-desk",
        filter: "attack65_left::attack66_an_overlapping_figure_never_panics_the_reader",
        also: &[],
    },
    // F1670: a range asked is two figures, never their sum or one end (attack 65)
    Mutation {
        property: "a range asked (\"between $15 and $25\") needs information (U1), never paid as the sum of its ends (F1670, ADR-1625)",
        file: "apps/support-desk/src/classify/vague.rs",
        original: "    let text = ranges(&text);",
        broken: "    let text = text.clone();",
        package: "support-desk",
        filter: "attack65_left::attack65_figures_said_loosely_need_information",
        also: &[],
    },
    // F1670: counted goods asked by the units wanted, never the whole order (blind136, attack 66)
    Mutation {
        property: "counted goods at a unit price asked by the units wanted (\"refund for that stool\") pay those units, never the whole order (F1670, ADR-1627)",
        file: "apps/support-desk/src/classify/counted_units.rs",
        original: "    let k = units_asked(own, n)?;",
        broken: "    let k = units_asked(own, n).map(|_| n)?;",
        package: "support-desk",
        filter: "attack65_left::blind136_counted_goods_times_the_units_asked",
        also: &[],
    },
    // F1669: a telephone number under the name never adds to the ask (attack 63)
    Mutation {
        property: "a telephone number alone on its line under the name adds nothing to the ask, never paid above it (F1669)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "        if telephone_line(bare) {",
        broken: "        if telephone_line(bare) && false {",
        package: "support-desk",
        filter: "attack62_left::attack62_a_telephone_line_under_the_name_adds_nothing",
        also: &[],
    },
    // F1669: an instalment plan asked back with its fee is an over-ask, never the fee paid alone (attack 62)
    Mutation {
        property: "the whole instalment plan asked back with its fee is refused as an over-ask (X2), never the fee paid alone (F1669)",
        file: "apps/support-desk/src/classify/parts_asked.rs",
        original: "    let (n, v) = paid_by_instalments(own)?;\n    if n < 2",
        broken: "    let (n, v) = None::<(i64, i64)>?;\n    if n < 2",
        package: "support-desk",
        filter: "attack62_left::attack62_instalment_plans_are_counted",
        also: &[],
    },
    // F1668: a part missing while the rest came is never paid as the whole order (attack 59)
    Mutation {
        property: "a part of the order missing while the rest came, asked back, is its own figure or U1, never the whole order paid (F1668)",
        file: "apps/support-desk/src/classify/parts_asked.rs",
        original: "        if let Some(thing) = missing_part(own)",
        broken: "        if let Some(thing) = None::<Option<String>>",
        package: "support-desk",
        filter: "attack59_left::attack59_a_missing_part_asks_its_own_figure",
        also: &[],
    },
    // F1668: a relative's body part hurt by the goods escalates (attack 60)
    Mutation {
        property: "harm to a relative's body part (\"cut my son's hand\") escalates (E2), never paid (F1668)",
        file: "apps/support-desk/src/classify/hazards.rs",
        original: "                    r\"(?i:\\b(?:{HARM_ACTIVE}|scratched|scratches|stabbed",
        broken: "                    r\"(?i:\\b(?:never_harm_active|never_scratched|scratches|stabbed",
        package: "support-desk",
        filter: "attack59_left::attack59_harm_to_someone_named_through_a_relative_escalates",
        also: &[],
    },
    // F1638: a refund declined in other words asks nothing (attack 50)
    Mutation {
        property: "a refund declined in other words (\"I'd rather have a replacement than a refund\") asks nothing: closed, never paid (F1638)",
        file: "apps/support-desk/src/classify/wants.rs",
        original: "            &format!(r\"|\\b(?:i'?d|i\\s+would|we'?d|we\\s+would)\\s+(?:much\\s+)?(?:rather|prefer\\s+to)",
        broken: "            &format!(r\"|\\b(?:never_rather)\\s+(?:much\\s+)?(?:rather|prefer\\s+to)",
        package: "support-desk",
        filter: "reading_classes::attack50_refund_words_that_ask_nothing",
        also: &[],
    },
    // F1639: items asked together are summed (attack 50, ADR-1611)
    Mutation {
        property: "items listed or counted at a price and asked together are summed: above the order refused (X2), above the cap escalated (E1), never one item paid (F1639, ADR-1611)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    if let Some(whole) = super::items::listed_sum(own, duplicate)\n",
        broken: "    if let Some(whole) = None::<i64>\n",
        package: "support-desk",
        filter: "desk33_overask::attack50_items_listed_units_counted_and_costs_added",
        also: &[],
    },
    // F1641: costs added in other words make an over-ask (attack 50)
    Mutation {
        property: "a cost added in slang (\"+ compo\", \"+ P&P\") makes the whole an over-ask (X2), never the order paid (F1641)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "|bus\\s+fare|cab|uber|compo|p\\s*&\\s*p|p\\+p)\";",
        broken: "|bus\\s+fare|cab|uber)\";",
        package: "support-desk",
        filter: "desk33_overask::attack50_items_listed_units_counted_and_costs_added",
        also: &[],
    },
    // F1643: a chase of a pending refund naming its figure asks nothing (attack 51, ADR-1612)
    Mutation {
        property: "a chase of a refund still pending that names its figure (\"Still waiting for my $49.99 refund.\") is a status question: closed, never paid a second time (F1643, ADR-1612)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let chases_pending = chases_pending || chases_earlier || chases_named || supposed || acknowledged_label;",
        broken: "    let chases_pending = chases_pending || chases_earlier || supposed || acknowledged_label;",
        package: "support-desk",
        filter: "reading_classes::attack51_chases_of_a_pending_refund_ask_nothing",
        also: &[],
    },
    // F1644: a refund asked only on a supposition asks nothing (attack 51)
    Mutation {
        property: "a refund asked only as a question on a supposition (\"Would you refund me if I sent it back unopened?\") with no problem told is an inquiry: closed, never paid (F1644)",
        file: "apps/support-desk/src/classify.rs",
        original: "        wants_refund && form_ask.is_none() && (wants::refund_only_supposed(&own) || wants::refund_way_asked(&own));",
        broken: "        wants_refund && form_ask.is_none() && (wants::refund_only_supposed(\"\") || wants::refund_way_asked(\"\"));",
        package: "support-desk",
        filter: "reading_classes::attack51_suppositions_other_payers_signatures_slang_and_corrections",
        also: &[],
    },
    // F1647: text hidden by a near-zero opacity is not read (attack 52)
    Mutation {
        property: "text a person cannot see because of its style (\"opacity:0.01\", a near-white colour) is not read: a hidden correction under a visible over-ask is no ask (F1647)",
        file: "apps/support-desk/src/classify/layout.rs",
        original: "    if own.opacity <= FAINT_OPACITY {\n        return None;\n    }",
        broken: "    if own.opacity <= 0.0 {\n        return None;\n    }",
        package: "support-desk",
        filter: "reading_classes::attack52_text_hidden_by_any_css",
        also: &[],
    },
    // F1648: a refund named as the label of a chase is no imperative (attack 52)
    Mutation {
        property: "with a refund pending, a chase that names the refund as its label (\"Refund $49.99: status?\") is a status question: closed, never paid a second time (F1648)",
        file: "apps/support-desk/src/classify/desk26.rs",
        original: "            && (urged || !status_sentence(sentence_at(own, m.start())))",
        broken: "            && (urged || !status_sentence(\"\"))",
        package: "support-desk",
        filter: "reading_classes::attack52_classes_decided_by_the_reference_policy",
        also: &[],
    },
    // F1649: the whole order asked less a figure asks the rest (attack 52)
    Mutation {
        property: "the whole order asked less a figure (\"Refund the full amount less $45\") asks the order's amount minus that figure, never the figure (F1649)",
        file: "apps/support-desk/src/classify/arithmetic.rs",
        original: "    let found: Vec<i64> = [kept, except, less, then_off]",
        broken: "    let found: Vec<i64> = [kept, except]",
        package: "support-desk",
        filter: "reading_classes::attack52_classes_decided_by_the_reference_policy",
        also: &[],
    },
    // F1650: slang sums asked are read from one table (attack 52)
    Mutation {
        property: "a slang sum asked (\"Refund five bills\", \"a fitty\", \"6 C-notes\") is its dollars: an over-ask refused, never the order paid (F1650)",
        file: "apps/support-desk/src/classify.rs",
        original: "            (Some(h), Some(d)) if (1..=1998).contains(&h) && (h * d) % 2 == 0 => format!(",
        broken: "            (Some(h), Some(d)) if h > 1998 && (h * d) % 2 == 0 => format!(",
        package: "support-desk",
        filter: "reading_classes::attack52_classes_decided_by_the_reference_policy",
        also: &[],
    },
    // F1651: a bare ask under a list asks its sum (attack 52, ADR-1614)
    Mutation {
        property: "items one per line with a bare \"Refund please\" under them ask their sum: an over-ask refused, never one item paid (F1651, ADR-1614)",
        file: "apps/support-desk/src/classify/items.rs",
        original: "            let bare_under = lines[j..].iter().find(|l| !l.is_empty()).is_some_and(|l| bare_ask(p, l));",
        broken: "            let bare_under = lines[j..].iter().find(|l| !l.is_empty()).is_some_and(|l| bare_ask(p, l) && false);",
        package: "support-desk",
        filter: "reading_classes::attack52_classes_decided_by_the_reference_policy",
        also: &[],
    },
    // F1652: another payer by any name asks nothing (attack 52, ADR-1613)
    Mutation {
        property: "another payer's refund told by name (\"Venmo sent my sister her money back\") asks nothing of the shop: closed, never paid (F1652, ADR-1613)",
        file: "apps/support-desk/src/classify/wants.rs",
        original: "            if name.as_str().split_whitespace().any(|w| OPENERS.contains(&w)) {",
        broken: "            if !name.as_str().split_whitespace().any(|w| OPENERS.contains(&w)) {",
        package: "support-desk",
        filter: "reading_classes::attack52_classes_decided_by_the_reference_policy",
        also: &[],
    },
    // F1653: harm told in non-native English is a human's (attack 52)
    Mutation {
        property: "harm told in non-native English (\"the battery make fire in my kitchen\") escalates (E2), never paid (F1653)",
        file: "apps/support-desk/src/classify.rs",
        original: "|(?:make|made|makes|making|catches|catched|got|gets)\\s+fire\\b|",
        broken: "|(?:maken)\\s+fire\\b|",
        package: "support-desk",
        filter: "reading_classes::attack52_classes_decided_by_the_reference_policy",
        also: &[],
    },
    // F1656: a refund named as a label beside a pending one is a chase (attack 53, ADR-1615)
    Mutation {
        property: "with a refund pending, a ticket whose refunds are all labels (\"Refund 49.99 - nada so far\") asks after that refund: closed, never paid a second time (F1656, ADR-1615)",
        file: "apps/support-desk/src/classify.rs",
        original: "            || desk26::refund_only_labelled(&own))",
        broken: "            || desk26::refund_only_labelled(\"\"))",
        package: "support-desk",
        filter: "reading_classes::attack53_labels_deductions_ignorables_foreign_harm_parts_and_questions",
        also: &[],
    },
    // F1657: a figure written in a form the reader does not know is never the order's amount (attack 53, ADR-1616)
    Mutation {
        property: "a request whose figure the reader could not read (\"Refund me 60 loonies\", \"Refund LX dollars\", \"Refund $l00\") is unsettled (U1), never paid the order's amount (F1657, ADR-1616)",
        file: "apps/support-desk/src/classify.rs",
        original: "        Amount::Missing | Amount::Full if unread::figure_left_unread(own) => Amount::Ambiguous,",
        broken: "        Amount::Missing | Amount::Full if unread::figure_left_unread(\"\") => Amount::Ambiguous,",
        package: "support-desk",
        filter: "reading_classes::attack53_quotes_unread_figures_multiples_sums_suppositions_signatures_parts_and_lawyers",
        also: &[],
    },
    // F1657: the ask is read from the sender's own words, a quote under any client's attribution left out
    Mutation {
        property: "a request quoted under a mail client's attribution in another language (\"Le … a écrit :\") is the earlier message's, not the sender's ask: the question on top is closed, never paid (F1657)",
        file: "apps/support-desk/src/classify.rs",
        original: "        if res().quote_header.is_match(t) || speakers::attribution(t) {",
        broken: "        if res().quote_header.is_match(t) {",
        package: "support-desk",
        filter: "reading_classes::attack53_quotes_unread_figures_multiples_sums_suppositions_signatures_parts_and_lawyers",
        also: &[],
    },
    // F1657: another remedy asked is an account action, not C1's pure inquiry
    Mutation {
        property: "a replacement, an exchange or a repair asked instead of money is an account action that is no refund: escalated (F1), never closed as a pure inquiry (F1657)",
        file: "apps/support-desk/src/policy.rs",
        original: "    (!requests(f) && !f.safety_legal_injury && !f.other_remedy_asked).then(|| match f.intent {",
        broken: "    (!requests(f) && !f.safety_legal_injury).then(|| match f.intent {",
        package: "support-desk",
        filter: "reading_classes::attack53_quotes_unread_figures_multiples_sums_suppositions_signatures_parts_and_lawyers",
        also: &[],
    },
    // F1660: a cost told back beside the ask is added to it (attack 54)
    Mutation {
        property: "a cost said to come back with the ask in words of its own (\"Refund it please. The $12 return postage is on you as well.\") is added to it: an over-ask refused, never the cost or the order paid (F1660)",
        file: "apps/support-desk/src/classify/overask.rs",
        original: "    if let Some(total) = ask_plus_costs_told_back(own, &amount, order)",
        broken: "    if let Some(total) = ask_plus_costs_told_back(\"\", &amount, order)",
        package: "support-desk",
        filter: "reading_classes::attack54_costs_multiples_and_refunds_not_asked",
        also: &[],
    },
    // F1661: a refund negated, unrealised or asked about in general asks nothing (attack 54)
    Mutation {
        property: "a refund the writer negates, leaves unrealised or asks about in general (\"Don't bother refunding, I'll keep it\", \"Do refunds of $49.99 need a receipt?\") asks nothing: closed, never paid (F1661)",
        file: "apps/support-desk/src/classify.rs",
        original: "    wants::refunds_negated_or_general_blanked(&text)",
        broken: "    text /* teeth: F1661 */",
        package: "support-desk",
        filter: "reading_classes::attack54_costs_multiples_and_refunds_not_asked",
        also: &[],
    },
    // ADR-1600: the inquiry rule drops only a request that names no figure (or one refused as a second refund)
    Mutation {
        property: "the learned second reading drops a request naming a figure only where the table refuses it as a second refund: a figure asked stands where the desk would pay (ADR-1600, ADR-1601)",
        file: "apps/support-desk/src/classify.rs",
        original: "    let no_figure = matches!(f.amount, Amount::Missing | Amount::Full);",
        broken: "    let no_figure = !matches!(f.amount, Amount::Ambiguous);",
        package: "support-desk",
        filter: "second_reading::a_request_with_its_figure_stays_a_request",
        also: &[],
    },
];

/// A mutated source file, put back when dropped: after the check, on an early return and on a panic, so a failed run
/// never leaves a safety property broken in the tree. Only the mutated snippet is put back, so an edit someone made
/// to the rest of the file meanwhile survives. (A SIGKILL or Ctrl-C of xtask itself skips destructors: then
/// `git diff` shows the mutation.)
struct Mutated {
    path: PathBuf,
    original: &'static str,
    broken: &'static str,
}

impl Drop for Mutated {
    fn drop(&mut self) {
        let restored = std::fs::read_to_string(&self.path).map_err(|e| e.to_string()).and_then(|now| {
            if now.matches(self.broken).count() != 1 {
                return Err(format!("the mutated snippet `{}` is no longer found exactly once", self.broken));
            }
            std::fs::write(&self.path, now.replacen(self.broken, self.original, 1)).map_err(|e| e.to_string())
        });
        if let Err(e) = restored {
            eprintln!("xtask: RESTORE FAILED for {}: {e}; restore it by hand (git diff)", self.path.display());
        }
    }
}

/// Applies one mutation; the returned guard restores the file.
fn mutate(m: &Mutation) -> Result<Mutated, String> {
    let path = repo_root().join(m.file);
    let source = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", m.file))?;
    // Both counts: the restore finds the broken snippet by text, so it must not already occur in the file.
    if source.matches(m.original).count() != 1 || source.matches(m.broken).count() != 0 {
        return Err(format!(
            "{}: the snippet for `{}` is not found exactly once (or its broken form is already there); update \
             MUTATIONS",
            m.file, m.property
        ));
    }
    std::fs::write(&path, source.replacen(m.original, m.broken, 1)).map_err(|e| format!("{}: {e}", m.file))?;
    Ok(Mutated { path, original: m.original, broken: m.broken })
}

/// How a test run under a mutation ended.
#[derive(PartialEq)]
enum Run {
    Green,
    /// Red, and the first test failure as libtest printed it (which assertion, so a reader can tell red for the
    /// property from red for another reason).
    Red(String),
    /// The tree did not compile: red for the wrong reason, so it proves nothing. The compiler's errors, so the
    /// message says why (a bare "does not build" sent the last reader looking).
    BuildFailed(String),
}

/// `cargo test -q ARGS`, its output kept out of the way, classified.
fn cargo_test(args: &[&str], env: &[(&str, &str)]) -> Result<Run, String> {
    let out = Command::new("cargo")
        .arg("test")
        .arg("-q")
        .args(args)
        .envs(env.iter().copied())
        .current_dir(repo_root())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if out.status.success() {
        return Ok(Run::Green);
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("could not compile") {
        return Ok(Run::BuildFailed(compile_errors(&stderr)));
    }
    Ok(Run::Red(first_failure(&String::from_utf8_lossy(&out.stdout), &stderr)))
}

/// Cargo's and the compiler's `error` lines with the lines that locate them (at most 40 lines).
fn compile_errors(stderr: &str) -> String {
    let mut kept = Vec::new();
    let mut in_error = false;
    for line in stderr.lines() {
        if line.starts_with("error") {
            in_error = true;
        } else if line.starts_with("warning") {
            in_error = false;
        }
        if in_error {
            kept.push(line);
        }
    }
    kept.truncate(40);
    if kept.is_empty() { stderr.lines().rev().take(20).collect::<Vec<_>>().join("\n") } else { kept.join("\n") }
}

/// The first `panicked at` of a failed run and the message line after it; else the last line of its stderr.
fn first_failure(stdout: &str, stderr: &str) -> String {
    let lines: Vec<&str> = stdout.lines().chain(stderr.lines()).collect();
    match lines.iter().position(|l| l.contains("panicked at")) {
        Some(i) => lines[i..lines.len().min(i + 2)].iter().map(|l| l.trim()).collect::<Vec<_>>().join(" "),
        None => stderr.lines().last().unwrap_or("no test output").trim().to_string(),
    }
}

/// The approval-edge mutation as a CI step: rewire request_approval → execute_action, require the support desk's
/// trajectory evals to fail, restore graph.rs, require them to pass. Only the support-desk library and its one
/// integration-test binary (ADR-361) rebuild (twice); the filter picks the trajectory evals out of it.
fn approval_edge_teeth() -> Result<(), String> {
    let m = MUTATIONS
        .iter()
        .find(|m| m.property == APPROVAL_EDGE)
        .ok_or_else(|| format!("no mutation `{APPROVAL_EDGE}`"))?;
    let args = ["-p", m.package, "--test", "integration", m.filter];
    eprintln!("xtask: teeth: rewiring the approval edge in {}: the trajectory evals must go red", m.file);
    let path = repo_root().join(m.file);
    let before = std::fs::read(&path).map_err(|e| format!("{}: {e}", m.file))?;
    let broken = {
        let _restore = mutate(m)?;
        cargo_test(&args, &[])?
    };
    match broken {
        Run::Red(_) => {}
        Run::Green => return Err(format!("the trajectory evals stayed green with `{}`", m.broken)),
        Run::BuildFailed(why) => {
            return Err(format!("the tree does not compile with `{}`: update MUTATIONS\n{why}", m.broken));
        }
    }
    // The suites ran these evals green on this very source before the mutation: a byte-identical restore is all that
    // is left to show. (Building and running them again cost CI a rebuild of the desk, ~2 minutes.)
    let after = std::fs::read(&path).map_err(|e| format!("{}: {e}", m.file))?;
    if after != before {
        return Err(format!("{} was not restored byte for byte after the approval-edge mutation", m.file));
    }
    eprintln!("xtask: teeth: approval edge restored: {} is byte for byte as the suites tested it", m.file);
    Ok(())
}

/// `only`: run just the mutations whose property contains this text.
fn teeth(only: &[String]) -> Result<(), String> {
    let selected: Vec<&Mutation> =
        MUTATIONS.iter().filter(|m| only.is_empty() || only.iter().any(|o| m.property.contains(o.as_str()))).collect();
    if selected.is_empty() {
        return Err(format!("no property's name holds any of {only:?}"));
    }
    // The PostgreSQL suites fail without a cluster: red for the wrong reason. Give them one.
    let cluster = PgCluster::start()?;
    let env = [("FOUREYES_TEST_PG", cluster.url.as_str())];
    // A guard must be green on the unbroken source, or its red under a mutation proves nothing.
    let mut packages: Vec<&str> = selected.iter().map(|m| m.package).collect();
    packages.sort_unstable();
    packages.dedup();
    for package in packages {
        let filters: Vec<&str> = selected
            .iter()
            .filter(|m| m.package == package)
            .flat_map(|m| std::iter::once(m.filter).chain(m.also.iter().copied()))
            .collect();
        eprintln!("xtask teeth: the guards in {package} must be green before anything is broken …");
        let args: Vec<&str> = ["-p", package, "--"].into_iter().chain(filters.iter().copied()).collect();
        match cargo_test(&args, &env)? {
            Run::Green => println!("green  {package}: {} guards on the unbroken source", filters.len()),
            Run::Red(why) => {
                return Err(format!("guards in {package} are red on the unbroken source: {filters:?}\n{why}"));
            }
            Run::BuildFailed(why) => return Err(format!("{package} does not build on the unbroken source:\n{why}")),
        }
    }
    let mut toothless = Vec::new();
    for m in selected {
        let _restore = mutate(m)?;
        eprintln!("xtask teeth: breaking `{}` …", m.property);
        // Each guard goes red on its own: one red test must not hide another that stopped guarding.
        for filter in std::iter::once(m.filter).chain(m.also.iter().copied()) {
            match cargo_test(&["-p", m.package, filter], &env)? {
                Run::Red(why) => {
                    println!("red    {:<60} (cargo test -p {} {filter})", m.property, m.package);
                    println!("       {why}");
                }
                Run::Green => {
                    println!("GREEN  {:<60} `{filter}` did not notice", m.property);
                    toothless.push(m.property);
                }
                Run::BuildFailed(why) => {
                    return Err(format!(
                        "`{}` breaks the build, so it proves nothing: update MUTATIONS\n{why}",
                        m.property
                    ));
                }
            }
        }
    }
    if toothless.is_empty() { Ok(()) } else { Err(format!("properties no test guards: {toothless:?}")) }
}

/// The console's end-to-end test (`crates/foureyes/tests/console_e2e.rs`) drives Debian's Chromium through
/// ChromeDriver. When either is missing, installs `chromium` and `chromium-driver` with apt-get (through `sudo` unless
/// root); fails loudly if that fails, so the test is never skipped.
fn ensure_browser() -> Result<(), String> {
    ensure_debian(
        "the console end-to-end test",
        &["/usr/bin/chromium", "/usr/bin/chromedriver"],
        &["chromium", "chromium-driver"],
    )
}

/// Change control's checks run in bubblewrap (`apps/change-control/src/sandbox.rs`), and `task_cli`'s sandbox tests
/// need it: installs Debian's `bubblewrap` when `bwrap` is missing.
fn ensure_sandbox() -> Result<(), String> {
    ensure_debian("the change-control sandbox", &["/usr/bin/bwrap"], &["bubblewrap"])
}

/// Installs Debian `packages` with apt-get (through `sudo` unless root) when any of `tools` is missing; fails loudly
/// if that fails, so the tests that need them are never skipped.
fn ensure_debian(who: &str, tools: &[&str], packages: &[&str]) -> Result<(), String> {
    let missing = || tools.iter().copied().find(|t| !std::path::Path::new(t).exists());
    if missing().is_none() {
        return Ok(());
    }
    eprintln!("xtask: {who} needs {tools:?}: installing Debian's {}", packages.join(" and "));
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let install: Vec<&str> = ["install", "-y"].into_iter().chain(packages.iter().copied()).collect();
    for step in [&["update"][..], &install[..]] {
        let mut cmd = if root { Command::new("apt-get") } else { Command::new("sudo") };
        if !root {
            cmd.args(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]);
        }
        cmd.env("DEBIAN_FRONTEND", "noninteractive").args(step);
        eprintln!("xtask: $ {}apt-get {}", if root { "" } else { "sudo " }, step.join(" "));
        let status = cmd.status().map_err(|e| format!("cannot run apt-get: {e}"))?;
        if !status.success() {
            return Err(format!(
                "`apt-get {}` failed ({status}): install {}, which {who} needs",
                step.join(" "),
                packages.join(" and ")
            ));
        }
    }
    match missing() {
        None => Ok(()),
        Some(t) => Err(format!("installed {}, yet {t} is still missing", packages.join(" and "))),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Python peers: the client SDK and the LiteLLM guardrail under `integrations/`.

/// The repository root (xtask lives in `<root>/xtask`).
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Creates the git-ignored venv `target/test-peers/py` and installs pytest, `integrations/python` (the client) and
/// `integrations/litellm` (the guardrail, which pulls in `litellm` from PyPI) into it. Reinstalls only when the venv
/// is new or the packages' declarations changed (the suites import the source tree, which wins over the installed
/// copies). Fails loudly: the tests that need it never skip.
fn install_python_peers() -> Result<(), String> {
    let root = repo_root();
    let venv = root.join("target/test-peers/py");
    let python = venv.join("bin/python");
    if !python.is_file() {
        run("python3", &["-m", "venv", &venv.display().to_string()])
            .map_err(|e| format!("{e}: the Python suites need `python3 -m venv` (apt-get install python3-venv)"))?;
    }
    let packages = ["pytest", "./integrations/python", "./integrations/litellm"];
    let mut wanted = packages.join(" ");
    for file in
        ["integrations/python/pyproject.toml", "integrations/litellm/pyproject.toml", "integrations/litellm/setup.py"]
    {
        wanted += &std::fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))?;
    }
    let stamp = venv.join(".foureyes-peers");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s == wanted) {
        return Ok(());
    }
    let mut args = vec!["-m", "pip", "install", "--quiet", "--disable-pip-version-check"];
    args.extend(packages);
    eprintln!("xtask: $ {} {}", python.display(), args.join(" "));
    let status = Command::new(&python)
        .args(&args)
        .current_dir(&root)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if !status.success() {
        return Err(format!("installing the Python test peers failed ({status})"));
    }
    std::fs::write(&stamp, wanted).map_err(|e| format!("{}: {e}", stamp.display()))
}

/// Runs pytest on `integrations/tests` against the debug `foureyes` binary the cargo suites just built. Exit code 5
/// ("no tests collected") is a failure like any other non-zero code.
fn python_tests() -> Result<(), String> {
    let root = repo_root();
    let python = root.join("target/test-peers/py/bin/python");
    let bin = root.join("target/debug/foureyes");
    let args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "integrations/tests"];
    eprintln!("xtask: $ FOUREYES_BIN={} {} {}", bin.display(), python.display(), args.join(" "));
    let status = Command::new(&python)
        .args(args)
        .current_dir(&root)
        .env("FOUREYES_BIN", &bin)
        .env("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        .status()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    match status.code() {
        Some(0) => Ok(()),
        Some(5) => Err("pytest collected no tests in integrations/tests (exit 5): that is a failure".to_string()),
        _ => Err(format!("the Python suites failed ({status})")),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// MCP test peers (crates/foureyes-mcp, crates/foureyes/tests/mcp_*.rs)

/// npm packages the MCP suites run against, pinned (the Inspector's 0.15 line is the newest that runs on Node 20).
const MCP_NPM_PEERS: &[&str] = &[
    "@modelcontextprotocol/server-filesystem@2026.8.31",
    "@modelcontextprotocol/server-everything@2026.8.31",
    "@modelcontextprotocol/inspector@0.15.0",
    // The TypeScript SDK itself: `crates/foureyes-mcp/tests/peers/ts_recorder.cjs` is a server written with it.
    "@modelcontextprotocol/sdk@1.32.2",
];
/// PyPI packages for the MCP suites' Python client, pinned.
const MCP_PYPI_PEERS: &[&str] = &["mcp==2.3.0"];

/// Installs the real MCP peers into the git-ignored `target/test-peers/mcp/` (`npm/` and a `venv/`), once per
/// set of pinned versions (a stamp file records what is installed). Any failure stops the run: the suites that
/// need these peers fail rather than skip when they are missing.
fn install_test_peers() -> Result<(), String> {
    let dir = repo_root().join("target/test-peers/mcp");
    let wanted = format!("{}\n{}\n", MCP_NPM_PEERS.join("\n"), MCP_PYPI_PEERS.join("\n"));
    let stamp = dir.join(".foureyes-mcp-peers");
    let venv = dir.join("venv");
    let bins = [
        dir.join("npm/node_modules/.bin/mcp-server-filesystem"),
        dir.join("npm/node_modules/.bin/mcp-server-everything"),
        dir.join("npm/node_modules/.bin/mcp-inspector"),
        dir.join("npm/node_modules/@modelcontextprotocol/sdk/package.json"),
        venv.join("bin/python"),
    ];
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s == wanted) && bins.iter().all(|b| b.exists()) {
        return Ok(());
    }
    let fail = |what: String| format!("cannot install the MCP test peers into {}: {what}", dir.display());
    std::fs::create_dir_all(&dir).map_err(|e| fail(e.to_string()))?;
    let npm_dir = dir.join("npm").display().to_string();
    let mut npm = vec!["install", "--prefix", npm_dir.as_str(), "--no-audit", "--no-fund", "--loglevel=error"];
    npm.extend_from_slice(MCP_NPM_PEERS);
    run("npm", &npm).map_err(|e| fail(format!("{e} (the suites need Node.js and npm: apt-get install nodejs npm)")))?;
    if !venv.join("bin/python").is_file() {
        run("python3", &["-m", "venv", &venv.display().to_string()])
            .map_err(|e| fail(format!("{e} (apt-get install python3-venv)")))?;
    }
    let pip = venv.join("bin/pip").display().to_string();
    let mut args = vec!["install", "--quiet", "--disable-pip-version-check"];
    args.extend_from_slice(MCP_PYPI_PEERS);
    run(&pip, &args).map_err(fail)?;
    if let Some(missing) = bins.iter().find(|b| !b.exists()) {
        return Err(fail(format!("`{}` is missing after the install", missing.display())));
    }
    std::fs::write(&stamp, wanted).map_err(|e| fail(format!("{}: {e}", stamp.display())))
}

#[cfg(test)]
mod tests {
    use super::{MUTATIONS, Mutation, mutate, repo_root};

    /// A mutation of a scratch file (an absolute `file` replaces the repository root in `mutate`'s join).
    fn scratch(name: &str, text: &str) -> (std::path::PathBuf, Mutation) {
        let path = std::env::temp_dir().join(format!("xtask-{}-{name}.rs", std::process::id()));
        std::fs::write(&path, text).expect("write scratch file");
        let file: &'static str = Box::leak(path.display().to_string().into_boxed_str());
        let m = Mutation {
            property: "scratch",
            file,
            original: "check(x)",
            broken: "true",
            package: "none",
            filter: "none",
            also: &[],
        };
        (path, m)
    }

    #[test]
    fn a_mutation_is_restored_on_drop_and_keeps_concurrent_edits() {
        let (path, m) = scratch("drop", "fn a() { check(x) }\n");
        let guard = mutate(&m).expect("mutate");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "fn a() { true }\n");
        // Someone else edits the file while the mutation is in place.
        std::fs::write(&path, "fn a() { true }\nfn b() {}\n").expect("concurrent edit");
        drop(guard);
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "fn a() { check(x) }\nfn b() {}\n");
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn a_mutation_is_restored_when_the_check_panics() {
        let (path, m) = scratch("panic", "fn a() { check(x) }\n");
        let result = std::panic::catch_unwind(|| {
            let _guard = mutate(&m).expect("mutate");
            panic!("the check blew up");
        });
        assert!(result.is_err());
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "fn a() { check(x) }\n");
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn an_ambiguous_snippet_is_refused_and_the_file_left_alone() {
        for (name, text) in [("twice", "check(x) check(x)"), ("absent", "nothing"), ("broken-there", "check(x) true")] {
            let (path, m) = scratch(name, text);
            assert!(mutate(&m).is_err(), "{name}");
            assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
            let _ = std::fs::remove_file(path);
        }
    }

    /// The directory of each workspace package, by the `name` in its manifest.
    fn package_dirs() -> Vec<(String, std::path::PathBuf)> {
        let mut out = Vec::new();
        for top in ["crates", "apps"] {
            for entry in std::fs::read_dir(repo_root().join(top)).expect("read_dir") {
                let dir = entry.expect("entry").path();
                let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else { continue };
                let name = manifest.lines().find_map(|l| l.strip_prefix("name = \"")).and_then(|r| r.split('"').next());
                if let Some(name) = name {
                    out.push((name.to_string(), dir));
                }
            }
        }
        out
    }

    /// A package's Rust sources and tests.
    fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push(path);
                }
            }
        }
        let mut files = Vec::new();
        walk(&dir.join("src"), &mut files);
        walk(&dir.join("tests"), &mut files);
        files
    }

    /// A control character in a source file is a `\b` or `\n` some script wrote unescaped into a raw string: the
    /// regex then asks for a literal backspace and never matches, silently (F1669: three readers of the support desk
    /// were dead that way). Tabs, newlines and carriage returns are text.
    #[test]
    fn no_source_file_carries_a_control_character() {
        let mut found = Vec::new();
        for (_, dir) in package_dirs() {
            for file in rust_files(&dir) {
                let text = std::fs::read_to_string(&file).expect("read");
                for (n, line) in text.lines().enumerate() {
                    if line.chars().any(|c| c.is_control() && c != '\t' && c != '\r') {
                        found.push(format!("{}:{}", file.display(), n + 1));
                    }
                }
            }
        }
        assert!(found.is_empty(), "control characters in: {found:?}");
    }

    /// The names of the functions and of the modules declared in a package's sources and tests. A test a macro makes
    /// from a generic case (`conformance.rs`, the two-backend files) is named by that case's function.
    fn functions_and_modules(dir: &std::path::Path) -> (Vec<String>, Vec<String>) {
        let ident = |rest: &str| rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
        let files = rust_files(dir);
        let (mut functions, mut modules) = (Vec::new(), Vec::new());
        for file in files {
            for line in std::fs::read_to_string(&file).expect("read").lines() {
                let line = line.trim_start();
                if let Some((_, rest)) = line.split_once("fn ") {
                    functions.push(ident(rest));
                }
                // A test a macro makes from a list (`leak_3_reversed => "rev",`, `a_case,`) takes the list's name.
                let word = ident(line);
                if !word.is_empty() && (line[word.len()..].starts_with(" =>") || &line[word.len()..] == ",") {
                    functions.push(word);
                }
                if let Some(rest) = line.strip_prefix("mod ").or_else(|| line.strip_prefix("pub mod ")) {
                    modules.push(ident(rest));
                }
            }
        }
        (functions, modules)
    }

    /// A teeth entry whose filter names no test of its package runs nothing under the mutation: `cargo test` is green
    /// on an empty selection, so such an entry would say "did not notice" only when someone runs teeth. A test renamed
    /// or removed shows here at once. The names are looked up in the package and in the workspace packages it depends
    /// on (the stores' conformance cases live in `foureyes-store`); a filter `m::name` also needs a module `m`.
    #[test]
    fn every_teeth_filter_names_a_function_of_its_package() {
        let packages = package_dirs();
        // Each package's sources are read once: read per entry, the test took half a minute of CI.
        let scanned: Vec<(Vec<String>, Vec<String>)> =
            packages.iter().map(|(_, dir)| functions_and_modules(dir)).collect();
        let mut unknown = Vec::new();
        for m in MUTATIONS {
            let Some((_, dir)) = packages.iter().find(|(name, _)| name == m.package) else {
                unknown.push(format!("{}: no package {}", m.property, m.package));
                continue;
            };
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("manifest");
            let (mut functions, mut modules) = (Vec::new(), Vec::new());
            for ((name, _), (f, d)) in packages.iter().zip(&scanned) {
                if name == m.package || manifest.lines().any(|l| l.starts_with(&format!("{name}.workspace = true"))) {
                    functions.extend(f.iter().cloned());
                    modules.extend(d.iter().cloned());
                }
            }
            for filter in std::iter::once(m.filter).chain(m.also.iter().copied()) {
                let mut path: Vec<&str> = filter.split("::").collect();
                let name = path.pop().unwrap_or_default();
                let found =
                    functions.iter().any(|f| f.contains(name)) && path.iter().all(|p| modules.iter().any(|d| d == p));
                if !found {
                    unknown.push(format!("{}: `{filter}` names nothing in {}", m.property, m.package));
                }
            }
        }
        assert!(unknown.is_empty(), "teeth entries that cannot go red: {unknown:#?}");
    }

    /// `cargo xtask test` runs the approval edge's evals from the support desk's one integration binary (ADR-361).
    #[test]
    fn the_approval_edge_runs_from_a_test_binary_that_exists() {
        let m = MUTATIONS.iter().find(|m| m.property == super::APPROVAL_EDGE).expect("the approval-edge entry");
        let (_, dir) = package_dirs().into_iter().find(|(name, _)| name == m.package).expect("its package");
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("its manifest");
        assert!(
            manifest.contains("[[test]]\nname = \"integration\""),
            "{} has no test binary `integration`",
            m.package
        );
    }

    #[test]
    fn every_mutation_snippet_is_in_the_tree_exactly_once() {
        for m in MUTATIONS {
            let source = std::fs::read_to_string(repo_root().join(m.file)).expect(m.file);
            assert_eq!(source.matches(m.original).count(), 1, "{}: {}", m.file, m.property);
            assert_eq!(source.matches(m.broken).count(), 0, "{}: {}", m.file, m.property);
        }
    }
}
