//! The task CLI, `foureyes task …` (the `foureyes` binary's subcommand is [`TaskCli`], run by [`run`]: ADR-451),
//! and `foureyes demo change-control`.
//!
//! The agent proposes; it never attests. This module is the trusted side: the **executor** (`task apply`) writes
//! exactly the proposed change set into the workspace and records the hashes it read back, and the **runner**
//! (`task check`) runs the check command the operator fixed at `task create`, with a timeout, and records exit
//! code, duration and output digest. The rules are [`crate::model`]; each command is one store
//! transaction (`foureyes_store::TaskStore`). A change touching a sensitive path passes the ordinary approval gate
//! (`Store::decide`, action `task.apply`) before the executor even records its intent.
//!
//! `--db` may name a SQLite file or a PostgreSQL URL: tasks, like decisions, can live in one database shared by
//! several processes and replicas, where commands made against one revision still accept exactly one.

use crate::door::{self, Intended};
use crate::model::{self, OUTPUT_TAIL_BYTES, sensitive_paths};
use crate::sandbox::{self, Confined};
use crate::workspace::{self, Workspace};
use crate::{ChangeControl, delivery, limits, load_policy, now_ms};
use crate::{EXIT_DEFER, EXIT_DENY, EXIT_DRY_RUN, EXIT_INVALID_STATE, EXIT_NOT_FOUND, EXIT_POLICY, EXIT_STORAGE, Exit};
use clap::{Args, Subcommand};
use foureyes_core::canonical::sha256_hex;
use foureyes_core::seal::SealKey;
use foureyes_core::task::{
    CheckLimits, CheckResult, FileContent, FileHash, Manifest, ProposedFile, TaskCommand, TaskConfig, TaskRefusal,
    TaskState, name_paths, parse_bytes, visible,
};
use foureyes_core::{ActionRequest, DecisionRecord, Policy, Verdict};
use foureyes_store::{Store, StoreError, TaskBackend, TaskOutcome};
use foureyes_store_pg::{PgOptions, PgStore, is_postgres_url};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A task command was refused (journaled). The same code as a usage error: the issue asks for 2.
pub const EXIT_TASK_REFUSED: u8 = 2;
/// `task check`: the check ran and failed (the failure is recorded).
pub const EXIT_CHECK_FAILED: u8 = 13;

pub use crate::door::GATE_ACTION;

pub const TASK_HELP: &str = "\
The loop: an operator creates a task (workspace, check command, sensitive paths); the agent proposes a change set
at the task's current revision; the trusted executor applies exactly that set; the trusted runner checks it with the
operator's command; finish is accepted only when the check passed at the current revision. Every command carries
--command-id (a repeat returns the first outcome, even a refusal) and --expected-revision (a stale one is refused).

Exit codes of `task` commands:
  0   accepted (or a repeated command id whose first outcome was accepted)
  2   refused: the message names the task's state and the command; the refusal is journaled (a `refused` event with
      the task_id) and no task event is appended. Also usage errors, as everywhere.
  5   no such task (`status`)
  10  apply: the approval gate denied the sensitive change
  11  apply: a sensitive change awaits human approval (`approvals approve ID --as NAME --digest D`, then re-run the
      same apply: same --command-id)
  13  check: the check ran and failed (the failure is recorded at the revision)";

#[derive(Debug, Subcommand)]
pub enum TaskCli {
    /// (operator) Create a task. The check command is fixed here: no agent command can change it or supply a result.
    Create(CreateArgs),
    /// (agent) Propose a change set: repeat `--path P --content-file F` pairs. Each proposal increments the revision.
    Propose(ProposeArgs),
    /// (trusted executor) Apply exactly the proposed change set: intent, write, read back, confirm.
    Apply(ApplyArgs),
    /// (trusted runner) Run the task's check command on a private copy of this revision and record the result.
    Check(StepArgs),
    /// Finish the task: only from `verified` at the current revision.
    Finish(StepArgs),
    /// The task as the journal replays it: status, revision, verified_revision, events, any intended apply. Only
    /// reads: creates and writes nothing.
    Status(StatusArgs),
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    #[arg(long)]
    pub task: String,
    /// The directory the executor writes into (the check runs on the runner's private copy of it, mounted at this
    /// path).
    #[arg(long)]
    pub workspace: PathBuf,
    /// The check command, run as `sh -c CMD` in the workspace (e.g. "cargo test").
    #[arg(long)]
    pub check: String,
    /// Kill the check after this long (`90s`, `10m`, `1h`); a timed-out check fails.
    #[arg(long, default_value = "10m")]
    pub check_timeout: String,
    /// A glob of paths whose change defers to a human before it is applied (repeatable; replaces the default:
    /// CI and build control files such as `.ci/**`, `.github/**`, `Cargo.toml`, `build.rs`, `Makefile`,
    /// `package.json`, and `**/.env*`, `**/*.key`). Without `/` a glob matches the file name at any depth; `**`
    /// matches any number of directories; case is ignored.
    #[arg(long = "sensitive")]
    pub sensitive: Vec<String>,
    /// A directory (relative to the workspace, e.g. `target`) the sandboxed check may write (repeatable). It is
    /// left out of the workspace manifest, starts empty on every check (in the runner's private copy: the live
    /// one is never used), and no change set may write in it; everything else is read-only to the check.
    #[arg(long = "writable")]
    pub writable: Vec<String>,
    /// Let the check reach the network (by default it runs in a network namespace of its own, with no network).
    #[arg(long)]
    pub check_network: bool,
    /// Run checks without a sandbox (the operator's explicit opt-out, recorded with every check): proposed code
    /// then runs with the runner's own rights. Without it, a host that cannot sandbox refuses to run checks.
    #[arg(long)]
    pub unsandboxed_check: bool,
    /// Where `finish` publishes the checked revision (as `DIR/TASK`): a directory only the runner can write, and
    /// every directory above it too (or sticky). Default: `WORKSPACE.delivered`, beside the workspace.
    #[arg(long)]
    pub deliver: Option<PathBuf>,
    /// The most processes (and threads) a check may have at once.
    #[arg(long, default_value_t = CheckLimits::default().processes)]
    pub check_processes: u64,
    /// The most writable memory each process of a check may map (`512M`, `8G`).
    #[arg(long, default_value = "8G")]
    pub check_memory: String,
    /// The most a check may write into `/tmp`, and into each `--writable` directory (`64M`, `2G`).
    #[arg(long, default_value = "2G")]
    pub check_disk: String,
    /// The most CPU time each process of a check may use (`90s`, `1h`).
    #[arg(long, default_value = "1h")]
    pub check_cpu: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct StepArgs {
    /// The task id.
    #[arg(long)]
    pub task: String,
    /// Idempotency key: a repeat returns the first outcome; reuse for another command is refused.
    #[arg(long)]
    pub command_id: String,
    /// The revision this command was decided against (`task status`); a stale one is refused.
    #[arg(long)]
    pub expected_revision: u64,
    /// Print the outcome (or the refusal) as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ProposeArgs {
    #[command(flatten)]
    pub step: StepArgs,
    /// A path relative to the workspace (no `..`, not absolute, no symlinks).
    #[arg(long = "path", required = true)]
    pub paths: Vec<String>,
    /// The new content of the `--path` at the same position (UTF-8 text).
    #[arg(long = "content-file", required = true)]
    pub content_files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ApplyArgs {
    #[command(flatten)]
    pub step: StepArgs,
    /// The paths the caller expects to apply (repeatable). When given, they must be exactly the proposed set.
    #[arg(long = "path")]
    pub paths: Vec<String>,
    /// Test hook: sleep this long between recording the intent and writing the files.
    #[arg(long, hide = true)]
    pub pause_after_intent_ms: Option<u64>,
    /// Test hook: sleep this long after writing each file (widens the window a racing writer has).
    #[arg(long, hide = true)]
    pub pause_between_writes_ms: Option<u64>,
}

#[derive(Debug, Args)]
pub struct StatusArgs {
    #[arg(long)]
    pub task: String,
    #[arg(long)]
    pub json: bool,
}

/// Opens what `--db` names as a store that keeps tasks: a `postgres://` (or `postgresql://`) URL, shared by every
/// replica (commands serialize on the chain-head lock there, as on `BEGIN IMMEDIATE` here), or a SQLite file. It
/// holds the door seal's key (`--seal-key`, ADR-420) when the process was given one, as every other door does
/// (F588): without it a sealed journal refuses every task command, and with it an unsealed one is not written.
/// A SQLite file is opened read-only when `read_only` (`task status`, a door that only reads: ADR-1250, ADR-1313, attack 40's
/// H1): nothing is created at a mistyped path and no log is checkpointed.
async fn open_task_backend(db: &Path, seal: Option<SealKey>, read_only: bool) -> Result<Box<dyn TaskBackend>, Exit> {
    match db.to_str() {
        Some(url) if is_postgres_url(url) => {
            Ok(Box::new(PgStore::connect(url, PgOptions::default()).await?.with_seal_key(seal)))
        }
        _ if read_only => Ok(Box::new(SqliteStore::open_existing(db, SqliteOptions::default())?.with_seal_key(seal))),
        _ => Ok(Box::new(SqliteStore::open(db, SqliteOptions::default())?.with_seal_key(seal))),
    }
}

impl TaskCli {
    /// Whether this command only reads (`status`): its store is opened as a read door's (attack 40's H1).
    pub fn only_reads(&self) -> bool {
        matches!(self, TaskCli::Status(_))
    }
}

/// Runs a `foureyes task` command on the store `db` names, holding `seal` (the process's `--seal-key`) if any.
pub async fn run(db: &Path, seal: Option<SealKey>, policy: &Option<PathBuf>, cmd: TaskCli) -> Result<u8, Exit> {
    let store = open_task_backend(db, seal, cmd.only_reads()).await?;
    let store = &*store;
    // Every event this process stamps is at the door's anchored time (ADR-730), whatever the wall clock says.
    if let Some(note) = foureyes_store::clock_floor::resolve_with(store).await? {
        eprintln!("{note}");
    }
    match cmd {
        TaskCli::Create(args) => create(store, args).await,
        TaskCli::Propose(args) => propose(store, args).await,
        TaskCli::Apply(args) => apply(store, policy.as_deref(), args).await,
        TaskCli::Check(args) => check(store, args).await,
        TaskCli::Finish(args) => finish(store, args).await,
        TaskCli::Status(args) => status(store, args).await,
    }
}

fn print_json(value: &impl serde::Serialize) {
    println!("{}", serde_json::to_string_pretty(value).unwrap_or_default());
}

/// A refusal exits 2 with its message (and, with `--json`, a JSON object on stdout); anything else as usual.
fn task_error(e: StoreError, json: bool) -> Exit {
    match e {
        StoreError::Refused { code, message, seq } => {
            if json {
                print_json(&json!({"refused": true, "code": code, "message": message, "seq": seq}));
            }
            Exit::new(EXIT_TASK_REFUSED, format!("{message} (refusal journaled at seq {seq})"))
        }
        other => Exit::from(other),
    }
}

fn verified_text(v: Option<u64>) -> String {
    v.map_or("none".to_string(), |v| v.to_string())
}

fn print_outcome(o: &TaskOutcome, json: bool) {
    if json {
        print_json(o);
        return;
    }
    let again = if o.repeated { " (a repeated command id: this is its first outcome)" } else { "" };
    let seqs = o.seqs.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let journaled = if seqs.is_empty() { String::new() } else { format!(", journal seq {seqs}") };
    println!(
        "task {}: {} `{}` {} -> `{}` at revision {}, verified at {}{journaled}{again}",
        o.task_id,
        o.command,
        o.command_id,
        o.result,
        o.status,
        o.revision,
        verified_text(o.verified_revision)
    );
}

async fn create(store: &dyn TaskBackend, args: CreateArgs) -> Result<u8, Exit> {
    let workspace = std::fs::canonicalize(&args.workspace).map_err(|e| {
        Exit::new(EXIT_NOT_FOUND, format!("the workspace `{}` cannot be resolved: {e}", args.workspace.display()))
    })?;
    if !workspace.is_dir() {
        return Err(Exit::new(EXIT_NOT_FOUND, format!("the workspace `{}` is not a directory", workspace.display())));
    }
    let workspace = workspace
        .to_str()
        .ok_or_else(|| Exit::new(EXIT_TASK_REFUSED, "the workspace path is not valid UTF-8"))?
        .to_string();
    let timeout = foureyes_core::window::parse_duration_ms(&args.check_timeout)
        .map_err(|m| Exit::new(EXIT_TASK_REFUSED, format!("--check-timeout: {m}")))?;
    let sensitive = if args.sensitive.is_empty() {
        model::DEFAULT_SENSITIVE.iter().map(|s| s.to_string()).collect()
    } else {
        args.sensitive
    };
    let deliver = match &args.deliver {
        None => None,
        Some(dir) => Some(absolute_dir(dir)?),
    };
    let bytes =
        |flag: &str, text: &str| parse_bytes(text).map_err(|m| Exit::new(EXIT_TASK_REFUSED, format!("--{flag}: {m}")));
    let cpu_ms = foureyes_core::window::parse_duration_ms(&args.check_cpu)
        .map_err(|m| Exit::new(EXIT_TASK_REFUSED, format!("--check-cpu: {m}")))?;
    let limits = CheckLimits {
        processes: args.check_processes,
        memory_bytes: bytes("check-memory", &args.check_memory)?,
        disk_bytes: bytes("check-disk", &args.check_disk)?,
        cpu_seconds: (cpu_ms as u64).div_ceil(1000),
    };
    let config = TaskConfig {
        workspace,
        check_command: args.check,
        check_timeout_ms: timeout as u64,
        sensitive,
        writable: args.writable,
        network: args.check_network,
        unsandboxed: args.unsandboxed_check,
        deliver,
        limits,
    };
    // The workspace as the operator hands it over is the baseline of every revision.
    let baseline = hash_workspace(&config)?;
    let cmd = TaskCommand::Create { command_id: "create".into(), config, workspace: baseline };
    let outcome = store.command(&args.task, cmd, now_ms()).await.map_err(|e| task_error(e, args.json))?;
    print_outcome(&outcome, args.json);
    Ok(0)
}

/// `dir` as an absolute path through the real path of its parent (which must exist; `dir` itself is made at the
/// first finish).
fn absolute_dir(dir: &Path) -> Result<String, Exit> {
    let shown = dir.display();
    let name = dir
        .file_name()
        .ok_or_else(|| Exit::new(EXIT_TASK_REFUSED, format!("--deliver `{shown}` names no directory")))?;
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let parent = std::fs::canonicalize(&parent)
        .map_err(|e| Exit::new(EXIT_NOT_FOUND, format!("--deliver `{shown}`: its parent cannot be resolved: {e}")))?;
    parent
        .join(name)
        .to_str()
        .map(str::to_string)
        .ok_or_else(|| Exit::new(EXIT_TASK_REFUSED, "--deliver is not valid UTF-8"))
}

async fn propose(store: &dyn TaskBackend, args: ProposeArgs) -> Result<u8, Exit> {
    let step = args.step;
    if args.paths.len() != args.content_files.len() {
        return Err(Exit::new(
            EXIT_TASK_REFUSED,
            format!(
                "{} --path but {} --content-file: give one content file per path, in the same order",
                args.paths.len(),
                args.content_files.len()
            ),
        ));
    }
    let mut files = Vec::with_capacity(args.paths.len());
    for (path, file) in args.paths.iter().zip(&args.content_files) {
        let bytes = std::fs::read(file).map_err(|e| {
            Exit::new(EXIT_TASK_REFUSED, format!("cannot read --content-file `{}`: {e}", file.display()))
        })?;
        let content = String::from_utf8(bytes).map_err(|_| {
            Exit::new(EXIT_TASK_REFUSED, format!("--content-file `{}` is not UTF-8 text", file.display()))
        })?;
        files.push(FileContent { path: path.clone(), content });
    }
    let cmd =
        TaskCommand::Propose { command_id: step.command_id.clone(), expected_revision: step.expected_revision, files };
    propose_command(store, &step, cmd).await
}

async fn propose_command(store: &dyn TaskBackend, step: &StepArgs, cmd: TaskCommand) -> Result<u8, Exit> {
    // The model checks a path's text; the filesystem (symlinks) is checked here, when the model would accept.
    if let Some(state) = store.task_state(&step.task).await?
        && model::transition(&step.task, Some(&state), &cmd, now_ms()).is_ok()
        && let TaskCommand::Propose { files, .. } = &cmd
    {
        let workspace = Workspace::open(&state.config.workspace);
        for f in files {
            if let Err(why) = workspace.as_ref().map_err(Clone::clone).and_then(|w| w.check_target(&f.path)) {
                let refusal = TaskRefusal {
                    code: "unsafe_path".into(),
                    message: format!("cannot propose task {}: it is {}; {why}", step.task, state.describe()),
                };
                let outcome = store.task_refuse(&step.task, cmd, refusal, None, now_ms()).await;
                let outcome = outcome.map_err(|e| task_error(e, step.json))?;
                print_outcome(&outcome, step.json);
                return Ok(0);
            }
        }
        if let Err(why) = workspace::room_for(&state.workspace, files.iter().map(|f| f.path.as_str())) {
            let refusal = TaskRefusal {
                code: "workspace_too_large".into(),
                message: format!("cannot propose task {}: it is {}; {why}", step.task, state.describe()),
            };
            let outcome = store.task_refuse(&step.task, cmd, refusal, None, now_ms()).await;
            let outcome = outcome.map_err(|e| task_error(e, step.json))?;
            print_outcome(&outcome, step.json);
            return Ok(0);
        }
    }
    let outcome = store.command(&step.task, cmd, now_ms()).await.map_err(|e| task_error(e, step.json))?;
    print_outcome(&outcome, step.json);
    Ok(0)
}

/// The policy the gate judges `task.apply` by: `--policy` when given, else an empty policy, in which
/// `task.apply` is unknown and therefore deferred to a human (default deny).
async fn gate_policy(store: &dyn TaskBackend, policy: Option<&Path>) -> Result<Arc<Policy>, Exit> {
    match policy {
        Some(path) => {
            let policy = load_policy(path)?;
            store.record_policy(&policy, now_ms()).await?;
            Ok(Arc::new(policy))
        }
        None => door::builtin_gate_policy().map(Arc::new).map_err(|e| Exit::new(EXIT_POLICY, e)),
    }
}

async fn apply(store: &dyn TaskBackend, policy: Option<&Path>, args: ApplyArgs) -> Result<u8, Exit> {
    let step = args.step;
    let (task, json) = (step.task.as_str(), step.json);
    let state = store.task_state(task).await?;
    let change_digest =
        state.as_ref().and_then(|s| s.proposal.as_ref()).map(|p| p.change_digest.clone()).unwrap_or_default();
    let intent = TaskCommand::ApplyIntent {
        command_id: step.command_id.clone(),
        expected_revision: step.expected_revision,
        paths: if args.paths.is_empty() { None } else { Some(args.paths.clone()) },
        change_digest,
        cleared_by: None,
    };
    // The gate's policy is loaded (and journaled) only when a sensitive change will ask it.
    let policy = match &state {
        Some(s) if !sensitive_paths(s).is_empty() && model::transition(task, Some(s), &intent, now_ms()).is_ok() => {
            Some(gate_policy(store, policy).await?)
        }
        _ => None,
    };
    // Before the intent, when the model would accept it: the filesystem, then the human for sensitive paths.
    let intended = door::intend_apply(store, policy, task, intent, |s| before_apply(task, s), None, now_ms()).await;
    let outcome = match intended.map_err(|e| task_error(e, json))? {
        Intended::Accepted(outcome) => outcome,
        Intended::Gated(decision) => return gated(&decision, state.as_ref(), json),
    };
    if outcome.result != "apply_intended" {
        print_outcome(&outcome, json);
        return Ok(0);
    }
    if outcome.repeated && !json {
        println!("task {task}: apply `{}` was intended and not confirmed: resuming it", step.command_id);
    }
    if let Some(ms) = args.pause_after_intent_ms {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
    let state = store
        .task_state(task)
        .await?
        .ok_or_else(|| Exit::new(EXIT_STORAGE, format!("task {task} vanished after its apply intent")))?;
    let (Some(intended), Some(proposal)) = (&state.applying, &state.proposal) else {
        return Err(Exit::new(EXIT_STORAGE, format!("task {task}: the apply intent is not in the journal")));
    };
    let expected_revision = intended.revision;
    let pause = args.pause_between_writes_ms.map(Duration::from_millis);
    let (written, workspace) = match write_change_set(&state.config, &proposal.files, pause) {
        Ok(written) => written,
        Err(why) => {
            let refusal = TaskRefusal {
                code: "write_failed".into(),
                message: format!(
                    "cannot apply task {task}: {why}; the apply stays intended and not confirmed: fix the workspace and re-run `task apply --command-id {}`",
                    step.command_id
                ),
            };
            let confirm = TaskCommand::ApplyConfirmed {
                command_id: step.command_id.clone(),
                expected_revision,
                written: Vec::new(),
                workspace: Manifest::default(),
            };
            let outcome =
                store.task_refuse(task, confirm, refusal, None, now_ms()).await.map_err(|e| task_error(e, json))?;
            print_outcome(&outcome, json);
            return Ok(0);
        }
    };
    let confirm = TaskCommand::ApplyConfirmed {
        command_id: step.command_id.clone(),
        expected_revision,
        written: written.clone(),
        workspace,
    };
    let outcome = door::confirm_apply(store, task, confirm, None, now_ms()).await.map_err(|e| task_error(e, json))?;
    if !json {
        for w in &written {
            println!("  wrote {}  sha256 {}  {} bytes", visible(&w.path), w.sha256, w.bytes);
        }
    }
    print_outcome(&outcome, json);
    Ok(0)
}

/// For `approvals show` of a `task.apply` approval: the content of the change the human is asked to approve, file by
/// file, every line shown (controls and bidi characters escaped, tabs kept), each file's new content bound to the
/// approval's `change_digest` by its SHA-256. Nothing for another action.
pub async fn show_change(db: &Path, seal: Option<SealKey>, request: &ActionRequest) -> Result<(), Exit> {
    if request.action != GATE_ACTION {
        return Ok(());
    }
    let (Some(task), Some(digest)) = (
        request.params.get("task_id").and_then(Value::as_str),
        request.params.get("change_digest").and_then(Value::as_str),
    ) else {
        return Ok(());
    };
    let store = open_task_backend(db, seal, false).await?;
    let state = store.task_state(task).await?;
    let Some((state, proposal)) = state.as_ref().and_then(|s| s.proposal.as_ref().map(|p| (s, p))) else {
        println!("  change  task {} has no proposal now: its content cannot be shown", visible(task));
        return Ok(());
    };
    let intact = proposal.files.iter().all(|f| sha256_hex(f.content.as_bytes()) == f.sha256)
        && model::change_digest(proposal.files.iter().map(ProposedFile::hash)) == proposal.change_digest;
    if proposal.change_digest != digest || !intact {
        println!(
            "  change  the proposal of task {} now is not the change this approval is for (change digest {}): its content is not shown",
            visible(task),
            proposal.change_digest
        );
        return Ok(());
    }
    let sensitive = sensitive_paths(state);
    println!("  change  {} file(s), the content each will have once applied:", proposal.files.len());
    for f in &proposal.files {
        let was = match state.workspace.get(&f.path) {
            Some(e) if e.sha256 == f.sha256 => "the same as the revision's",
            Some(_) => "replaces the revision's file",
            None => "a new file",
        };
        let mark = if sensitive.contains(&f.path) { ", SENSITIVE" } else { "" };
        println!("  ── {} ({} bytes, {was}{mark}, sha256 {})", visible(&f.path), f.bytes, f.sha256);
        for (n, line) in f.content.split('\n').enumerate() {
            let shown = line.split('\t').map(visible).collect::<Vec<_>>().join("\t");
            println!("  {:>5} | {shown}", n + 1);
        }
        if !f.content.ends_with('\n') && !f.content.is_empty() {
            println!("        (no newline at the end)");
        }
    }
    Ok(())
}

/// What the CLI says of a sensitive change the approval gate did not permit: a deferral (exit 11, the approval to
/// ask for), a denial (exit 10, the reasons) or a rehearsal (exit 12).
fn gated(decision: &DecisionRecord, state: Option<&TaskState>, json: bool) -> Result<u8, Exit> {
    match decision.verdict {
        Verdict::Defer => {
            let id = decision.approval_id.unwrap_or_default();
            let sensitive = state.map(sensitive_paths).unwrap_or_default();
            if json {
                print_json(&json!({
                    "awaiting_approval": id,
                    "decision_id": decision.decision_id,
                    "digest": decision.digest,
                    "sensitive_paths": sensitive,
                }));
            } else {
                let task = state.map_or("", |s| s.task_id.as_str());
                println!("task {task}: the change touches sensitive paths, one per line:");
                for p in sensitive {
                    println!("    {}", visible(&p));
                }
                println!("  awaiting approval {id}");
                println!(
                    "  a human approves with `foureyes approvals approve {id} --as NAME --digest {}`; then re-run this apply with the same --command-id",
                    decision.digest
                );
            }
            Ok(EXIT_DEFER)
        }
        Verdict::Deny => Err(Exit::new(
            EXIT_DENY,
            format!(
                "the approval gate denied the change: {}",
                decision.reasons.iter().map(|r| r.message.as_str()).collect::<Vec<_>>().join("; ")
            ),
        )),
        Verdict::DryRun => Ok(EXIT_DRY_RUN),
        Verdict::Permit => Ok(0),
    }
}

/// The executor's look at the workspace before it records an apply intent: every proposed path must be writable
/// as a real path inside it (no symlink at any component), and no file outside the change set may have drifted
/// from the revision (the apply would otherwise bless it). `None`: go ahead.
fn before_apply(task: &str, s: &TaskState) -> Option<TaskRefusal> {
    let refuse = |code: &str, why: String| {
        Some(TaskRefusal {
            code: code.into(),
            message: format!("cannot apply task {task}: it is {}; {why}", s.describe()),
        })
    };
    let workspace = match Workspace::open(&s.config.workspace) {
        Ok(w) => w,
        Err(why) => return refuse("unsafe_path", why),
    };
    let proposal = s.proposal.as_ref()?;
    for f in &proposal.files {
        if let Err(why) = workspace.check_target(&f.path) {
            return refuse("unsafe_path", why);
        }
    }
    let actual = match workspace.manifest(&s.config.writable) {
        Ok(m) => m,
        Err(why) => return refuse("workspace_unreadable", why),
    };
    let drifted: Vec<String> =
        s.workspace.diff(&actual).into_iter().filter(|p| !proposal.files.iter().any(|f| f.path == *p)).collect();
    if drifted.is_empty() {
        return None;
    }
    refuse(
        "workspace_drift",
        format!(
            "outside the change set, the workspace differs from revision {} in {}: only the executor changes the workspace (restore these files, or propose them)",
            s.revision,
            name_paths(&drifted)
        ),
    )
}

/// The workspace's manifest now (the directories the check may write left out).
fn hash_workspace(config: &TaskConfig) -> Result<Manifest, Exit> {
    Workspace::open(&config.workspace)
        .and_then(|w| w.manifest(&config.writable))
        .map_err(|why| Exit::new(EXIT_INVALID_STATE, format!("cannot hash the workspace: {why}")))
}

/// Writes every file relative to the workspace's directory handle (each atomically, never through a symlink),
/// then re-opens each from the workspace root, confirms it is the file written and hashes it; finally hashes the
/// whole workspace, which the model compares with the previous revision plus the change set.
fn write_change_set(
    config: &TaskConfig,
    files: &[ProposedFile],
    pause: Option<Duration>,
) -> Result<(Vec<FileHash>, Manifest), String> {
    let workspace = Workspace::open(&config.workspace)?;
    let mut written = Vec::with_capacity(files.len());
    for f in files {
        written.push(workspace.write_file(&f.path, f.content.as_bytes())?);
        if let Some(pause) = pause {
            std::thread::sleep(pause);
        }
    }
    let hashes = written.iter().map(|w| workspace.confirm(w)).collect::<Result<Vec<_>, _>>()?;
    let manifest = workspace.manifest(&config.writable)?;
    Ok((hashes, manifest))
}

async fn check(store: &dyn TaskBackend, args: StepArgs) -> Result<u8, Exit> {
    let (task, json) = (args.task.as_str(), args.json);
    let probe = TaskCommand::Check { command_id: args.command_id.clone(), expected_revision: args.expected_revision };
    let allowed = store.command(task, probe, now_ms()).await.map_err(|e| task_error(e, json))?;
    if allowed.result != "check_allowed" {
        // A repeated command id: the check already ran; its recorded result is the answer.
        print_check(&allowed, json);
        return Ok(check_exit(&allowed));
    }
    let state = store
        .task_state(task)
        .await?
        .ok_or_else(|| Exit::new(EXIT_NOT_FOUND, format!("task {task} does not exist")))?;
    if !json {
        println!(
            "task {task}: running `{}` in {} at revision {} (timeout {})",
            state.config.check_command,
            state.config.workspace,
            state.revision,
            foureyes_core::window::format_duration_ms(state.config.check_timeout_ms as i64)
        );
    }
    // The check runs on a private copy of the workspace, made and hashed by the runner: the agent can change the
    // live workspace while the check runs, never the copy. It runs only when the copy is this revision's; the
    // model refuses (and journals) anything else.
    let copied = Workspace::open(&state.config.workspace)
        .and_then(|w| w.copy_private(&state.config.writable, Path::new(&state.config.workspace), &state.workspace));
    let (copy, before) = match copied {
        Ok((copy, before)) => (Some(copy), before),
        // What cannot be copied (a FIFO, a socket) is refused as drift when the revision does not hold it.
        Err(why) => {
            let live = match Workspace::open(&state.config.workspace).and_then(|w| w.manifest(&state.config.writable)) {
                Ok(live) => live,
                // A workspace the runner cannot even hash (a directory chain past `MAX_DEPTH`, F475): refused,
                // journaled; the private copy is already removed.
                Err(unreadable) => {
                    let refusal = TaskRefusal {
                        code: "workspace_unreadable".into(),
                        message: format!("cannot check task {task}: it is {}; {unreadable}", state.describe()),
                    };
                    let cmd = TaskCommand::Check {
                        command_id: args.command_id.clone(),
                        expected_revision: args.expected_revision,
                    };
                    let outcome =
                        store.task_refuse(task, cmd, refusal, None, now_ms()).await.map_err(|e| task_error(e, json))?;
                    print_check(&outcome, json);
                    return Ok(check_exit(&outcome));
                }
            };
            if state.drift(&live).is_none() {
                return Err(Exit::new(EXIT_INVALID_STATE, format!("cannot copy the workspace for the check: {why}")));
            }
            (None, live)
        }
    };
    let Some(copy) = copy.filter(|_| state.drift(&before).is_none()) else {
        let record = TaskCommand::CheckRecorded {
            command_id: args.command_id.clone(),
            expected_revision: args.expected_revision,
            result: not_run(),
            after: before.clone(),
            before,
        };
        let outcome = store.command(task, record, now_ms()).await.map_err(|e| task_error(e, json))?;
        print_check(&outcome, json);
        return Ok(check_exit(&outcome));
    };
    let confined = sandbox::check_command(&state.config, &copy).map_err(|why| Exit::new(EXIT_INVALID_STATE, why))?;
    let result = run_check(&state.config, confined)
        .map_err(|e| Exit::new(EXIT_INVALID_STATE, format!("the runner could not start the check: {e}")))?;
    // What the check could change is the copy (only without the sandbox, or in its writable directories, which
    // the manifest leaves out): a change there fails the check.
    let after = copy
        .workspace()
        .manifest(&state.config.writable)
        .map_err(|why| Exit::new(EXIT_INVALID_STATE, format!("cannot hash the private copy after the check: {why}")))?;
    drop(copy);
    let record = TaskCommand::CheckRecorded {
        command_id: args.command_id.clone(),
        expected_revision: args.expected_revision,
        result,
        before,
        after,
    };
    let outcome = store.command(task, record, now_ms()).await.map_err(|e| task_error(e, json))?;
    print_check(&outcome, json);
    Ok(check_exit(&outcome))
}

/// The result a check that never ran would carry (the model refuses it before it is recorded).
fn not_run() -> CheckResult {
    CheckResult {
        exit_code: None,
        timed_out: false,
        duration_ms: 0,
        output_sha256: hex_lower(&Sha256::digest(b"")),
        output_bytes: 0,
        output_tail: String::new(),
        sandbox: "not run".into(),
        limits: String::new(),
        limit_hit: None,
    }
}

fn check_exit(o: &TaskOutcome) -> u8 {
    match &o.check {
        Some(c) if !c.passed => EXIT_CHECK_FAILED,
        _ => 0,
    }
}

fn print_check(o: &TaskOutcome, json: bool) {
    if let Some(c) = o.check.as_ref().filter(|_| !json) {
        let exit = match (c.result.exit_code, c.result.timed_out) {
            (_, true) => "timed out".to_string(),
            (Some(code), false) => format!("exited {code}"),
            (None, false) => "was killed by a signal".to_string(),
        };
        println!(
            "check {exit} after {} ms: {} at revision {} (output {} bytes, sha256 {})",
            c.result.duration_ms,
            if c.passed { "PASSED" } else { "FAILED" },
            c.revision,
            c.result.output_bytes,
            c.result.output_sha256
        );
        if !c.changed.is_empty() {
            println!("  the check itself changed the workspace, so it FAILED: {}", name_paths(&c.changed));
        }
        if let Some(hit) = &c.result.limit_hit {
            println!("  the check hit {hit}, so it FAILED");
        }
        let tail = c.result.output_tail.trim_end();
        if !tail.is_empty() {
            for line in tail.lines().rev().take(10).collect::<Vec<_>>().into_iter().rev() {
                println!("  | {}", visible(line));
            }
        }
    }
    print_outcome(o, json);
}

/// Environment variables the check sees; everything else the calling process has is dropped.
const CHECK_ENV: [&str; 11] =
    ["PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ", "TMPDIR", "TERM", "CARGO_HOME", "RUSTUP_HOME"];

/// The trusted runner: the check command confined by [`sandbox::check_command`] (`sh -c CMD` in the workspace,
/// inside bubblewrap unless the operator opted out), in its own process group, stdout and stderr into one pipe,
/// killed at the timeout (the group; in the sandbox, the PID namespace goes with it).
fn run_check(config: &TaskConfig, confined: Confined) -> std::io::Result<CheckResult> {
    use std::os::fd::AsRawFd;
    use std::os::unix::process::CommandExt;
    let (mut reader, writer) = std::io::pipe()?;
    let Confined { command, handles, description } = confined;
    // The process limit, where the runner can make a `pids` cgroup (RLIMIT_NPROC does not hold for a root
    // runner's sandbox, ADR-311): the check joins it before it starts.
    let cgroup = limits::CheckCgroup::pids(config.limits.processes);
    // The memory of the whole check, where the runner can make a memory cgroup (ADR-492).
    let memory = limits::CheckCgroup::memory(limits::whole_check_memory_bytes(&config.limits));
    let processes = match (&cgroup, config.unsandboxed, rustix::process::geteuid().is_root()) {
        (Some(_), _, _) => "processes counted by a pids cgroup",
        (None, false, false) => "processes counted by RLIMIT_NPROC in the sandbox's user namespace",
        (None, _, _) => {
            "processes NOT limited (no pids cgroup the runner can make, and RLIMIT_NPROC does not hold here)"
        }
    };
    let whole = match &memory {
        Some(_) => format!(
            "at most {} of memory for the whole check (a memory cgroup)",
            foureyes_core::task::bytes_text(limits::whole_check_memory_bytes(&config.limits))
        ),
        None => {
            "memory NOT limited for the whole check, only per process (no memory cgroup the runner can make)".into()
        }
    };
    let limits_text = format!("{}; {processes}; {whole}", config.limits.describe());
    let command = match &cgroup {
        Some(cgroup) => cgroup.wrap(&command),
        None => command,
    };
    let mut command = match &memory {
        Some(memory) => memory.wrap(&command),
        None => command,
    };
    command
        .env_clear()
        .envs(CHECK_ENV.iter().filter_map(|k| std::env::var_os(k).map(|v| (k, v))))
        .stdin(Stdio::null())
        .stdout(writer.try_clone()?)
        .stderr(writer)
        .process_group(0);
    // A descriptor whoever started the runner left open without close-on-exec would be inherited by the sandbox
    // (F241): every one above stderr is marked close-on-exec, but the directory handles the sandbox binds.
    let keep: Vec<i32> = handles.iter().map(|h| h.as_raw_fd()).collect();
    close_fds::set_fds_cloexec_threadsafe(3, &keep);
    let started = Instant::now();
    let mut child = command.spawn()?;
    // Our copies of the pipe's write end must close, or the reader never sees the end of the output; the sandbox
    // holds its own copies of the directory handles it binds.
    drop(command);
    drop(handles);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut hasher = Sha256::new();
        let mut tail: Vec<u8> = Vec::new();
        let mut total = 0u64;
        let mut buf = [0u8; 16 * 1024];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            hasher.update(&buf[..n]);
            total += n as u64;
            tail.extend_from_slice(&buf[..n]);
            if tail.len() > 2 * OUTPUT_TAIL_BYTES {
                tail.drain(..tail.len() - OUTPUT_TAIL_BYTES);
            }
        }
        let _ = tx.send((hex_lower(&hasher.finalize()), total, tail));
    });
    let timeout = Duration::from_millis(config.check_timeout_ms);
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() >= timeout {
            timed_out = true;
            kill_group(child.id());
            break child.wait()?;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let duration_ms = started.elapsed().as_millis() as u64;
    // Output still open after the shell exited means something the check started is still running: its process
    // group is killed, and so is every process in the check's cgroups (a `setsid` child leaves the group, not the
    // cgroup; F568); then the output ends.
    let cgroups = [&cgroup, &memory];
    let output = match rx.recv_timeout(Duration::from_millis(200)) {
        Ok(output) => Ok(output),
        Err(_) => {
            kill_group(child.id());
            for c in cgroups.iter().copied().flatten() {
                c.kill_all();
            }
            rx.recv_timeout(Duration::from_secs(5))
        }
    };
    let (output_sha256, output_bytes, mut tail) = output.unwrap_or_else(|_| {
        // Said as it is: which of the check's bounds the process that kept the output open escaped.
        let note: &[u8] = if cgroups.iter().any(|c| c.is_some()) {
            b"(the output did not end: a process the check started left its process group and its cgroups, and kept the output open; it may still run)"
        } else {
            b"(the output did not end: a process the check started left its process group and kept the output open; no cgroup of the runner's holds the check's processes, so it may still run)"
        };
        (hex_lower(&Sha256::digest(b"")), 0, note.to_vec())
    });
    if tail.len() > OUTPUT_TAIL_BYTES {
        tail.drain(..tail.len() - OUTPUT_TAIL_BYTES);
    }
    // The check is over: whatever it left running in its cgroups (outside a sandbox, a `setsid` child is still
    // there, out of the process group) ends with it.
    for c in cgroups.iter().copied().flatten() {
        c.kill_all();
    }
    let exit_code = if timed_out { None } else { status.code() };
    let output_tail = String::from_utf8_lossy(&tail).into_owned();
    let refused = cgroup.as_ref().map_or(0, |c| c.refused());
    let oom_kills = memory.as_ref().map_or(0, |m| m.oom_kills());
    drop(cgroup);
    drop(memory);
    let passed = exit_code == Some(0) && !timed_out;
    let limit_hit = limits::hit(&config.limits, exit_code, passed, refused, oom_kills, &output_tail);
    Ok(CheckResult {
        sandbox: description,
        exit_code,
        timed_out,
        duration_ms,
        output_sha256,
        output_bytes,
        output_tail,
        limits: limits_text,
        limit_hit,
    })
}

fn hex_lower(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SIGKILL to a process group, through the shell's `kill` (this crate has no unsafe code and no libc).
fn kill_group(pgid: u32) {
    let _ = Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("kill -KILL -{pgid} 2>/dev/null"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

async fn finish(store: &dyn TaskBackend, args: StepArgs) -> Result<u8, Exit> {
    let (task, json) = (args.task.as_str(), args.json);
    let command = |workspace: Manifest, delivered: Option<String>| TaskCommand::Finish {
        command_id: args.command_id.clone(),
        expected_revision: args.expected_revision,
        workspace,
        delivered,
    };
    // When the model would accept finish on the revision's own manifest, the runner copies the live workspace into
    // its delivery directory, hashing what it writes: finish states that copy, and the copy is what is delivered
    // (ADR-310). Otherwise (a repeat, a wrong state, a stale revision) the model answers without a copy.
    let Some(state) = store
        .task_state(task)
        .await?
        .filter(|s| model::transition(task, Some(s), &command(s.workspace.clone(), None), now_ms()).is_ok())
    else {
        let outcome =
            store.command(task, command(Manifest::default(), None), now_ms()).await.map_err(|e| task_error(e, json))?;
        print_finish(&outcome, None, json);
        return Ok(0);
    };
    let dir = match delivery::prepare(&state.config) {
        Ok(dir) => dir,
        Err(why) => {
            let refusal = TaskRefusal {
                code: "delivery_unsafe".into(),
                message: format!(
                    "cannot finish task {task}: it is {}; {why}. Finish publishes the checked revision where only the runner can write (`task create --deliver DIR`)",
                    state.describe()
                ),
            };
            let cmd = command(state.workspace.clone(), None);
            let outcome =
                store.task_refuse(task, cmd, refusal, None, now_ms()).await.map_err(|e| task_error(e, json))?;
            print_finish(&outcome, None, json);
            return Ok(0);
        }
    };
    let mut staged = match delivery::stage(&state.config, &dir, task, &state.workspace) {
        Ok(staged) => staged,
        // What cannot be copied (a FIFO, a socket) is refused as drift when the revision does not hold it.
        Err(why) => {
            let live = match Workspace::open(&state.config.workspace).and_then(|w| w.manifest(&state.config.writable)) {
                Ok(live) => live,
                // A workspace the runner cannot even hash (F475): refused, journaled; the staging copy is removed.
                Err(unreadable) => {
                    let refusal = TaskRefusal {
                        code: "workspace_unreadable".into(),
                        message: format!("cannot finish task {task}: it is {}; {unreadable}", state.describe()),
                    };
                    let cmd = command(state.workspace.clone(), None);
                    let outcome =
                        store.task_refuse(task, cmd, refusal, None, now_ms()).await.map_err(|e| task_error(e, json))?;
                    print_finish(&outcome, None, json);
                    return Ok(0);
                }
            };
            if state.drift(&live).is_none() {
                return Err(Exit::new(EXIT_INVALID_STATE, format!("cannot copy the workspace to deliver it: {why}")));
            }
            let outcome = store.command(task, command(live, None), now_ms()).await.map_err(|e| task_error(e, json))?;
            print_finish(&outcome, None, json);
            return Ok(0);
        }
    };
    // Published only when the copy is the checked revision; the model refuses (and journals) anything else.
    let target = staged.target().to_path_buf();
    let mut created = false;
    let mut delivered = None;
    if state.drift(&staged.manifest).is_none() {
        created = staged
            .publish(&state.config, &state.workspace)
            .map_err(|why| Exit::new(EXIT_INVALID_STATE, format!("cannot deliver task {task}: {why}")))?;
        delivered = Some(target.to_string_lossy().into_owned());
    }
    let manifest = staged.manifest.clone();
    drop(staged);
    match store.command(task, command(manifest, delivered.clone()), now_ms()).await {
        Ok(outcome) => {
            print_finish(&outcome, delivered.as_deref(), json);
            Ok(0)
        }
        Err(e) => {
            // Not finished: what this call published is withdrawn, unless a racing finish delivered the same.
            let finished_here = store.task_state(task).await.ok().flatten().and_then(|s| s.delivered) == delivered;
            if created && !finished_here {
                workspace::remove_tree(&target);
            }
            Err(task_error(e, json))
        }
    }
}

fn print_finish(o: &TaskOutcome, delivered: Option<&str>, json: bool) {
    if json {
        let mut value = serde_json::to_value(o).unwrap_or_default();
        if let (Some(map), Some(d)) = (value.as_object_mut(), delivered) {
            map.insert("delivered".into(), json!(d));
        }
        print_json(&value);
        return;
    }
    if let Some(d) = delivered {
        println!(
            "delivered: {} (the runner's copy of the checked revision; the live workspace is not what finished)",
            visible(d)
        );
    }
    print_outcome(o, json);
}

/// The `--json` form of a task.
pub fn status_json(s: &TaskState) -> Value {
    let sensitive = sensitive_paths(s);
    json!({
        "task_id": s.task_id,
        "status": s.status,
        "revision": s.revision,
        "verified_revision": s.verified_revision,
        "events": s.accepted_events,
        "workspace": s.config.workspace,
        "check_command": s.config.check_command,
        "check_timeout_ms": s.config.check_timeout_ms,
        "sensitive": s.config.sensitive,
        "writable": s.config.writable,
        "check_network": s.config.network,
        "unsandboxed_check": s.config.unsandboxed,
        "workspace_manifest": {"files": s.workspace.files.len(), "digest": s.workspace.digest()},
        "proposal": s.proposal.as_ref().map(|p| json!({
            "command_id": p.command_id,
            "revision": p.revision,
            "change_digest": p.change_digest,
            "files": p.files.iter().map(|f| json!({
                "path": f.path, "sha256": f.sha256, "bytes": f.bytes, "sensitive": sensitive.contains(&f.path),
            })).collect::<Vec<_>>(),
        })),
        "applying": s.applying.as_ref().map(|a| json!({
            "state": "intended, not confirmed",
            "command_id": a.command_id,
            "revision": a.revision,
            "paths": a.paths,
            "change_digest": a.change_digest,
            "at_ms": a.at_ms,
            "cleared_by": a.cleared_by,
        })),
        "last_applied": s.last_applied,
        "last_check": s.last_check,
        "delivered": s.delivered,
        "check_limits": s.config.limits,
    })
}

async fn status(store: &dyn TaskBackend, args: StatusArgs) -> Result<u8, Exit> {
    let s = store
        .task_state(&args.task)
        .await?
        .ok_or_else(|| Exit::new(EXIT_NOT_FOUND, format!("task {} does not exist", args.task)))?;
    if args.json {
        print_json(&status_json(&s));
        return Ok(0);
    }
    println!(
        "task {}  [{}]  revision {}  verified at {}  ({} accepted events)",
        s.task_id,
        s.status,
        s.revision,
        verified_text(s.verified_revision),
        s.accepted_events
    );
    println!("  workspace {}", s.config.workspace);
    println!(
        "  check     `{}` (timeout {})",
        s.config.check_command,
        foureyes_core::window::format_duration_ms(s.config.check_timeout_ms as i64)
    );
    println!("  sensitive {}", s.config.sensitive.iter().map(|g| visible(g)).collect::<Vec<_>>().join("  "));
    if let Some(p) = &s.proposal {
        println!("  proposal `{}` (revision {}, change digest {}):", p.command_id, p.revision, p.change_digest);
        let sensitive = sensitive_paths(&s);
        for f in &p.files {
            let mark = if sensitive.contains(&f.path) { "  SENSITIVE" } else { "" };
            println!("    {}  sha256 {}  {} bytes{mark}", visible(&f.path), f.sha256, f.bytes);
        }
    }
    if let Some(a) = &s.applying {
        println!(
            "  apply `{}` INTENDED, NOT CONFIRMED since {}: the files may be partly written; re-run `task apply --command-id {}` to finish it",
            a.command_id,
            time_text(a.at_ms),
            a.command_id
        );
    }
    if let Some(a) = &s.last_applied {
        println!("  applied `{}` at revision {}:", a.command_id, a.revision);
        for f in &a.files {
            println!("    {}", visible(&f.path));
        }
    }
    if let Some(c) = &s.last_check {
        println!(
            "  check `{}` at revision {}: {} ({}, {} ms, output sha256 {})",
            c.command_id,
            c.revision,
            if c.passed { "passed" } else { "failed" },
            match (c.result.exit_code, c.result.timed_out) {
                (_, true) => "timed out".to_string(),
                (Some(code), false) => format!("exit {code}"),
                (None, false) => "killed by a signal".to_string(),
            },
            c.result.duration_ms,
            c.result.output_sha256
        );
        println!("  sandbox   {}", c.result.sandbox);
        if !c.result.limits.is_empty() {
            println!("  limits    {}", c.result.limits);
        }
        if let Some(hit) = &c.result.limit_hit {
            println!("  stopped   {hit}");
        }
    }
    if let Some(d) = &s.delivered {
        println!("  delivered {} (the checked revision, as the runner copied it at finish)", visible(d));
    }
    Ok(0)
}

// ---------------------------------------------------------------------------------------------------------------
// foureyes demo change-control

fn demo_step(title: &str) {
    println!("\n== {title}");
}

/// Runs one CLI step in-process and shows a refusal the way the CLI would (exit code and message).
async fn demo_run(label: &str, step: impl std::future::Future<Output = Result<u8, Exit>>) -> Result<u8, Exit> {
    println!("$ foureyes task {label}");
    match step.await {
        Ok(code) => {
            if code != 0 {
                println!("(exit {code})");
            }
            Ok(code)
        }
        Err(e) if e.code == EXIT_TASK_REFUSED => {
            println!("refused (exit {}): {}", e.code, e.message);
            Ok(e.code)
        }
        Err(e) => Err(e),
    }
}

fn demo_args(task: &str, command_id: &str, revision: u64) -> StepArgs {
    StepArgs { task: task.into(), command_id: command_id.into(), expected_revision: revision, json: false }
}

async fn demo_propose(
    store: &dyn TaskBackend,
    agent_dir: &Path,
    command_id: &str,
    revision: u64,
    path: &str,
    content: &str,
) -> Result<u8, Exit> {
    let file = agent_dir.join(format!("{command_id}.txt"));
    std::fs::write(&file, content)
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot write {}: {e}", file.display())))?;
    let args = ProposeArgs {
        step: demo_args("greeting", command_id, revision),
        paths: vec![path.into()],
        content_files: vec![file.clone()],
    };
    let label = format!(
        "propose --task greeting --command-id {command_id} --expected-revision {revision} --path {path} --content-file {}",
        file.display()
    );
    println!("  (the agent's content: {content:?})");
    demo_run(&label, propose(store, args)).await
}

fn want_exit(code: u8, want: u8, what: &str) -> Result<(), Exit> {
    if code == want {
        Ok(())
    } else {
        Err(Exit::new(EXIT_INVALID_STATE, format!("demo: {what} exited {code}, expected {want}")))
    }
}

/// `foureyes demo change-control`: on a throwaway git repository, a wrong change is applied and fails its check,
/// finish is refused; the corrected change passes and the task finishes.
pub async fn demo() -> Result<u8, Exit> {
    let root = std::env::temp_dir().join(format!("foureyes-change-control-{}-{}", std::process::id(), now_ms()));
    let repo = root.join("repo");
    let agent_dir = root.join("agent");
    for dir in [&repo, &agent_dir] {
        std::fs::create_dir_all(dir)
            .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot create {}: {e}", dir.display())))?;
    }
    let git = Command::new("git")
        .args(["init", "-q"])
        .current_dir(&repo)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let what = if git.is_ok_and(|s| s.success()) {
        "a throwaway git repository"
    } else {
        "a throwaway directory (no git found)"
    };
    std::fs::write(repo.join("README"), "A repository an agent is asked to change.\n")
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot write the README: {e}")))?;
    let db = root.join("foureyes.db");
    let store = SqliteStore::open(&db, SqliteOptions::default())?;
    println!("FourEyes change-control demo: {what} at {}, database {}", repo.display(), db.display());
    println!(
        "The task: make greeting.txt say exactly `Hello, world!`. The operator's check (the agent cannot change it):"
    );
    let check_command = "grep -qx 'Hello, world!' greeting.txt && echo 'greeting ok' || { echo 'greeting.txt does not say Hello, world!'; exit 1; }";
    println!("  {check_command}");

    demo_step("The operator creates the task");
    let create_args = CreateArgs {
        task: "greeting".into(),
        workspace: repo.clone(),
        check: check_command.into(),
        check_timeout: "30s".into(),
        sensitive: Vec::new(),
        writable: Vec::new(),
        check_network: false,
        deliver: None,
        check_processes: CheckLimits::default().processes,
        check_memory: "8G".into(),
        check_disk: "2G".into(),
        check_cpu: "1h".into(),
        unsandboxed_check: match sandbox::available() {
            Ok(_) => false,
            Err(why) => {
                println!("(this demo opts out of the sandbox here: {why})");
                true
            }
        },
        json: false,
    };
    let label = format!("create --task greeting --workspace {} --check \"…\" --check-timeout 30s", repo.display());
    want_exit(demo_run(&label, create(&store, create_args)).await?, 0, "create")?;

    demo_step("The agent finishes at once (\"done!\"): refused, nothing was changed or checked");
    want_exit(
        demo_run(
            "finish --task greeting --command-id f0 --expected-revision 0",
            finish(&store, demo_args("greeting", "f0", 0)),
        )
        .await?,
        2,
        "finish",
    )?;

    demo_step("The agent proposes a change (with a typo), the executor applies it");
    want_exit(demo_propose(&store, &agent_dir, "p1", 0, "greeting.txt", "Hello, wrold!\n").await?, 0, "propose")?;
    let apply_args = |id: &str, rev| ApplyArgs {
        step: demo_args("greeting", id, rev),
        paths: Vec::new(),
        pause_after_intent_ms: None,
        pause_between_writes_ms: None,
    };
    want_exit(
        demo_run(
            "apply --task greeting --command-id a1 --expected-revision 1",
            apply(&store, None, apply_args("a1", 1)),
        )
        .await?,
        0,
        "apply",
    )?;

    demo_step("The agent claims it is done: refused, the change was never checked");
    want_exit(
        demo_run(
            "finish --task greeting --command-id f1 --expected-revision 2",
            finish(&store, demo_args("greeting", "f1", 2)),
        )
        .await?,
        2,
        "finish",
    )?;

    demo_step("The runner runs the operator's check: it fails, and the failure is recorded at revision 2");
    want_exit(
        demo_run(
            "check --task greeting --command-id c1 --expected-revision 2",
            check(&store, demo_args("greeting", "c1", 2)),
        )
        .await?,
        EXIT_CHECK_FAILED,
        "check",
    )?;
    println!(
        "(there is no command by which the agent records a check result: `task check` runs the operator's command)"
    );

    demo_step("Finish after a failed check: refused");
    want_exit(
        demo_run(
            "finish --task greeting --command-id f2 --expected-revision 2",
            finish(&store, demo_args("greeting", "f2", 2)),
        )
        .await?,
        2,
        "finish",
    )?;

    demo_step("A second agent acting on the stale revision 1 is refused");
    want_exit(demo_propose(&store, &agent_dir, "p-stale", 1, "greeting.txt", "Hi\n").await?, 2, "stale propose")?;

    demo_step("The agent proposes the corrected change; applied, checked: it passes");
    want_exit(demo_propose(&store, &agent_dir, "p2", 2, "greeting.txt", "Hello, world!\n").await?, 0, "propose")?;
    want_exit(
        demo_run(
            "apply --task greeting --command-id a2 --expected-revision 3",
            apply(&store, None, apply_args("a2", 3)),
        )
        .await?,
        0,
        "apply",
    )?;
    want_exit(
        demo_run(
            "check --task greeting --command-id c2 --expected-revision 4",
            check(&store, demo_args("greeting", "c2", 4)),
        )
        .await?,
        0,
        "check",
    )?;

    demo_step("Finish: accepted, the check passed at the current revision");
    want_exit(
        demo_run(
            "finish --task greeting --command-id f3 --expected-revision 4",
            finish(&store, demo_args("greeting", "f3", 4)),
        )
        .await?,
        0,
        "finish",
    )?;
    println!("$ foureyes task status --task greeting");
    status(&store, StatusArgs { task: "greeting".into(), json: false }).await?;

    demo_step("The journal");
    println!("{}", store.verify_journal().await?);
    let audit = store.audit().await?;
    println!("replay: {} events, {} mismatches", audit.events, audit.mismatches.len());
    println!("\nNext: `foureyes --db {} journal tail -n 30`", db.display());
    Ok(0)
}

/// An instant as `foureyes` prints it (whole seconds, UTC).
fn time_text(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| t.round(jiff::Unit::Second).map(|t| t.to_string()).unwrap_or_default())
        .unwrap_or_else(|_| ms.to_string())
}
