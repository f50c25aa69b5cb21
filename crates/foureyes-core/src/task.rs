//! The journal's vocabulary of change control: what a task's events, commands and state are, and the reducer
//! that folds the events into the state (ADR-450). The door keeps these because its journal holds task events:
//! `journal verify` parses every event it checks, `journal audit` replays the task index, and the stores replay a
//! task to judge its next command under their write lock. The rules (which command is accepted: `transition`,
//! the path and configuration checks, the sensitive globs), the executor, the runner, the sandbox and the task
//! CLI and HTTP API are the reference application `apps/change-control` (`change_control::model`).
//!
//! A task moves `idle → planned → changed → verified → finished`; [`apply`] is the reducer that folds events into
//! state, total, so the same events always replay to the same state and a journal written by another version
//! never panics it. No I/O, no clock.

use crate::canonical::{canonical_sha256, sha256_hex};
use crate::journal::EventKind;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Most paths a refusal names before it says how many more differ.
pub const MAX_NAMED_PATHS: usize = 20;

/// Where a task stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    /// Created; nothing proposed yet.
    Idle,
    /// A change set is proposed and not yet applied (an apply may be intended but not confirmed).
    Planned,
    /// A change is applied and not verified at this revision (unchecked, or its check failed).
    Changed,
    /// The check passed at the current revision.
    Verified,
    /// Done. Takes no more commands.
    Finished,
}

impl TaskStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TaskStatus::Idle => "idle",
            TaskStatus::Planned => "planned",
            TaskStatus::Changed => "changed",
            TaskStatus::Verified => "verified",
            TaskStatus::Finished => "finished",
        }
    }
}

impl fmt::Display for TaskStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the operator fixes when creating a task. The agent can change none of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskConfig {
    /// Absolute path of the workspace (canonicalized by the CLI).
    pub workspace: String,
    /// Run by the trusted runner as `sh -c CMD` in the workspace.
    pub check_command: String,
    pub check_timeout_ms: u64,
    /// Globs of paths whose change defers to a human before it is applied.
    pub sensitive: Vec<String>,
    /// Directories (relative to the workspace) the sandboxed check may write, e.g. `target`; left out of the
    /// workspace manifest. Everything else in the workspace is read-only to the check.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub writable: Vec<String>,
    /// The check may reach the network (default: no network).
    #[serde(default, skip_serializing_if = "is_false")]
    pub network: bool,
    /// The operator opted out of the sandbox: checks run as plain processes (recorded in every check).
    #[serde(default, skip_serializing_if = "is_false")]
    pub unsandboxed: bool,
    /// Where `finish` publishes the checked revision: a directory only the runner can write, holding one
    /// directory per finished task (`DELIVER/TASK`). Absent in tasks created before delivery existed (the CLI
    /// then uses its default, beside the workspace).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deliver: Option<String>,
    /// What a check may consume (absent in tasks created before limits existed: the defaults).
    #[serde(default)]
    pub limits: CheckLimits,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The resources one check may use (ADR-311). The runner enforces them: processes, memory and CPU time as
/// resource limits set inside the sandbox, disk as the size of each filesystem the check can write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckLimits {
    /// Processes (and threads) the check may have at once (`RLIMIT_NPROC`, counted in its own user namespace).
    pub processes: u64,
    /// Bytes of writable private memory each process may map (`RLIMIT_DATA`: heap and anonymous mappings).
    pub memory_bytes: u64,
    /// Bytes all the filesystems the check writes may hold together (size-capped tmpfs, ADR-471): `/var/tmp`,
    /// `/run` and `/dev/shm` a sixteenth each, at most [`SMALL_TMPFS_BYTES`]; `/tmp` and each `--writable`
    /// directory share the rest. Also the largest file.
    pub disk_bytes: u64,
    /// CPU seconds each process may use (`RLIMIT_CPU`; the check as a whole is bounded by its timeout).
    pub cpu_seconds: u64,
}

/// The cap of the scratch filesystems a check rarely needs much of (`/var/tmp`, `/run`, `/dev/shm`).
pub const SMALL_TMPFS_BYTES: u64 = 64 * 1024 * 1024;

impl Default for CheckLimits {
    fn default() -> CheckLimits {
        CheckLimits { processes: 1024, memory_bytes: 8 << 30, disk_bytes: 2 << 30, cpu_seconds: 3600 }
    }
}

impl CheckLimits {
    /// One line for people and for the check record.
    pub fn describe(&self) -> String {
        format!(
            "at most {} processes, {} of memory per process, {} of disk in all the filesystems it writes (/tmp, /var/tmp, /run, /dev/shm and each writable directory), {} s of CPU per process",
            self.processes,
            bytes_text(self.memory_bytes),
            bytes_text(self.disk_bytes),
            self.cpu_seconds
        )
    }
}

/// `8 GiB`, `64 MiB`, `512 KiB`, `100 B`.
pub fn bytes_text(n: u64) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] {
        if n >= 1 << shift && n.is_multiple_of(1 << shift) {
            return format!("{} {unit}", n >> shift);
        }
    }
    format!("{n} B")
}

/// Parses `512`, `64K`, `64M`, `8G` (binary units, optional `iB`/`B`) into bytes.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let t = t.strip_suffix("iB").or_else(|| t.strip_suffix('B')).unwrap_or(t);
    let (digits, shift) = match t.chars().last() {
        Some('K' | 'k') => (&t[..t.len() - 1], 10),
        Some('M' | 'm') => (&t[..t.len() - 1], 20),
        Some('G' | 'g') => (&t[..t.len() - 1], 30),
        Some('T' | 't') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let n: u64 =
        digits.trim().parse().map_err(|_| format!("`{}` is not a size (e.g. 512M, 8G)", text.escape_debug()))?;
    n.checked_mul(1 << shift).ok_or_else(|| format!("`{}` is too large", text.escape_debug()))
}

/// What a manifest entry is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A regular file: `sha256` and `bytes` are its content's.
    #[default]
    File,
    /// A symlink: `sha256` and `bytes` are its target text's (it is never followed).
    Symlink,
    /// A directory (recorded even when empty, with its mode): `sha256` is the empty string's, `bytes` 0.
    Dir,
    /// Anything else (a FIFO, a socket, a device): not read.
    Other,
}

impl EntryKind {
    fn is_file(&self) -> bool {
        *self == EntryKind::File
    }
}

/// One entry of a workspace manifest.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ManifestEntry {
    pub path: String,
    #[serde(default, skip_serializing_if = "EntryKind::is_file")]
    pub kind: EntryKind,
    pub sha256: String,
    pub bytes: u64,
    /// The permission bits (`st_mode & 0o7777`: read, write, execute, setuid, setgid, sticky) of a file or a
    /// directory; 0 for a symlink and for anything else.
    #[serde(default)]
    pub mode: u32,
}

/// The mode the executor gives a file it creates (an existing file keeps its own).
pub const NEW_FILE_MODE: u32 = 0o644;
/// The mode the executor gives a directory it creates for a change set.
pub const NEW_DIR_MODE: u32 = 0o755;

/// Whether `path` is one of the task's `--writable` directories or inside one (names compared exactly, as the
/// filesystem lists them). The manifest leaves these out: they are the check's scratch space.
pub fn in_writable(path: &str, writable: &[String]) -> bool {
    writable.iter().any(|w| below_or_at(path.chars().collect(), w.chars().collect()))
}

/// Whether the directory `path` holds a `--writable` directory somewhere below it: the manifest leaves out such a
/// directory's own entry (the runner creates the writable directory in its private copy, which may create
/// `path` too) but records everything else inside it.
pub fn above_writable(path: &str, writable: &[String]) -> bool {
    writable.iter().any(|w| strictly_below(w.chars().collect(), path.chars().collect()))
}

/// `path` is `dir` or below it.
pub fn below_or_at(path: Vec<char>, dir: Vec<char>) -> bool {
    path == dir || strictly_below(path, dir)
}

/// `path` is strictly below `dir`.
pub fn strictly_below(path: Vec<char>, dir: Vec<char>) -> bool {
    path.len() > dir.len() && path.starts_with(&dir) && path[dir.len()] == '/'
}

/// Every entry of a workspace (files, directories, symlinks; the directories the check may write left out),
/// sorted by path: what the workspace must hold at a revision. The executor and the runner hash the real
/// workspace; the core compares.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub files: Vec<ManifestEntry>,
    /// Each symlink's target text, by the link's path (ADR-565): which paths a link makes one, so that a change
    /// reached under a sensitive name through a link is sensitive too. The entry's `sha256` (of the same text)
    /// binds it: [`Manifest::diff`] and [`Manifest::digest`] read the entries only, so manifests written before
    /// links were recorded keep their digests and compare equal to today's. Absent there: a link whose target is
    /// not recorded is unknown, and the rules treat every change as sensitive while one is in the revision.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub links: BTreeMap<String, String>,
}

impl Manifest {
    /// A manifest of these entries, sorted by path, with no link targets recorded.
    pub fn new(mut files: Vec<ManifestEntry>) -> Manifest {
        files.sort();
        Manifest { files, links: BTreeMap::new() }
    }

    /// This manifest with the targets of its symlinks recorded (`links`: link path → target text).
    pub fn with_links(mut self, links: BTreeMap<String, String>) -> Manifest {
        self.links = links;
        self
    }

    /// SHA-256 over the canonical JSON of the entries.
    pub fn digest(&self) -> String {
        canonical_sha256(&self.files)
    }

    pub fn get(&self, path: &str) -> Option<&ManifestEntry> {
        self.files.binary_search_by(|e| e.path.as_str().cmp(path)).ok().map(|i| &self.files[i])
    }

    /// The paths whose entry differs between the two manifests (changed, added or removed), sorted.
    pub fn diff(&self, other: &Manifest) -> Vec<String> {
        let mut out = BTreeSet::new();
        for e in &self.files {
            if other.get(&e.path) != Some(e) {
                out.insert(e.path.clone());
            }
        }
        for e in &other.files {
            if self.get(&e.path) != Some(e) {
                out.insert(e.path.clone());
            }
        }
        out.into_iter().collect()
    }

    /// This manifest with the written files in place: regular files that keep an earlier file's mode (new ones
    /// get [`NEW_FILE_MODE`]), and each missing parent directory created with [`NEW_DIR_MODE`] (except the
    /// entries the manifest leaves out for the task's `writable` directories).
    pub fn with_written(&self, written: &[FileHash], writable: &[String]) -> Manifest {
        let mut files: Vec<ManifestEntry> =
            self.files.iter().filter(|e| !written.iter().any(|w| w.path == e.path)).cloned().collect();
        let mut dirs = BTreeSet::new();
        for w in written {
            let mode = self.get(&w.path).filter(|e| e.kind == EntryKind::File).map_or(NEW_FILE_MODE, |e| e.mode);
            files.push(ManifestEntry {
                path: w.path.clone(),
                kind: EntryKind::File,
                sha256: w.sha256.clone(),
                bytes: w.bytes,
                mode,
            });
            let mut parent = w.path.as_str();
            while let Some((dir, _)) = parent.rsplit_once('/') {
                if self.get(dir).is_none() && !above_writable(dir, writable) && !in_writable(dir, writable) {
                    dirs.insert(dir.to_string());
                }
                parent = dir;
            }
        }
        for dir in dirs {
            files.push(ManifestEntry {
                path: dir,
                kind: EntryKind::Dir,
                sha256: sha256_hex(b""),
                bytes: 0,
                mode: NEW_DIR_MODE,
            });
        }
        // A written path is a regular file now (the executor never writes over a link; this keeps the record true).
        let links = self.links.iter().filter(|(path, _)| !written.iter().any(|w| w.path == **path));
        Manifest::new(files).with_links(links.map(|(p, t)| (p.clone(), t.clone())).collect())
    }
}

/// "`a.txt`, `b.txt` and 3 more": paths as a refusal names them, each made visible ([`visible`]).
pub fn name_paths(paths: &[String]) -> String {
    let mut named: Vec<String> = paths.iter().take(MAX_NAMED_PATHS).map(|p| format!("`{}`", visible(p))).collect();
    if paths.len() > MAX_NAMED_PATHS {
        named.push(format!("{} more", paths.len() - MAX_NAMED_PATHS));
    }
    named.join(", ")
}

/// Text as a person should see it on a terminal: control characters, bidi overrides and other invisible
/// formatting characters are shown as `\u{…}` escapes (and a backslash as `\\`), so a file name or a line of output
/// can neither move the cursor, recolour the screen nor reorder what is shown around it.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' {
            out.push_str("\\\\");
        } else if crate::hidden::is_hidden(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// One file of a proposal as the agent sends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileContent {
    pub path: String,
    pub content: String,
}

/// A file's path, content hash and size.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FileHash {
    pub path: String,
    pub sha256: String,
    pub bytes: u64,
}

/// One file of an accepted proposal. The content is kept so the executor writes exactly what was proposed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProposedFile {
    pub path: String,
    pub sha256: String,
    pub bytes: u64,
    pub content: String,
}

impl ProposedFile {
    pub fn hash(&self) -> FileHash {
        FileHash { path: self.path.clone(), sha256: self.sha256.clone(), bytes: self.bytes }
    }
}

/// The change set waiting to be applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    pub command_id: String,
    /// The revision the proposal created.
    pub revision: u64,
    pub files: Vec<ProposedFile>,
    /// [`change_digest`] of the files: what a human approves for a sensitive change.
    pub change_digest: String,
    /// The API credential that proposed it (ADR-491), absent when the CLI did: the requester of the approval a
    /// sensitive apply of it asks for, so that the proposer cannot approve its own change (ADR-550).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

impl Proposal {
    pub fn paths(&self) -> Vec<String> {
        self.files.iter().map(|f| f.path.clone()).collect()
    }
}

/// An apply that was intended and not (yet) confirmed: the executor may have written some, all or none of the files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApplyIntent {
    pub command_id: String,
    pub revision: u64,
    pub paths: Vec<String>,
    pub change_digest: String,
    pub at_ms: i64,
    pub cleared_by: Option<i64>,
}

/// The last confirmed apply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedChange {
    pub command_id: String,
    /// The revision the apply created.
    pub revision: u64,
    pub files: Vec<FileHash>,
    /// The decision that let a sensitive change through the approval gate (from the intent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cleared_by: Option<i64>,
}

/// What the trusted runner observed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    /// `None` when the command did not exit on its own (killed at the timeout, or by a signal).
    pub exit_code: Option<i32>,
    pub timed_out: bool,
    pub duration_ms: u64,
    /// SHA-256 of everything the command wrote to stdout and stderr.
    pub output_sha256: String,
    pub output_bytes: u64,
    /// The last [`OUTPUT_TAIL_BYTES`] of the output (lossy UTF-8), for people.
    pub output_tail: String,
    /// How the check was confined: `bubblewrap: …`, or `none (the operator opted out)`.
    #[serde(default)]
    pub sandbox: String,
    /// The resource limits the check ran under ([`CheckLimits::describe`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub limits: String,
    /// Which limit stopped the check, when the runner can tell (then it failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_hit: Option<String>,
}

impl CheckResult {
    pub fn passed(&self) -> bool {
        self.exit_code == Some(0) && !self.timed_out && self.limit_hit.is_none()
    }
}

/// A recorded check, bound to the revision it ran against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRecord {
    pub command_id: String,
    pub revision: u64,
    pub passed: bool,
    #[serde(flatten)]
    pub result: CheckResult,
    /// Files the check itself changed (then it failed, whatever its exit code).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<String>,
}

/// A task, as the journal replays it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskState {
    pub task_id: String,
    pub status: TaskStatus,
    pub revision: u64,
    pub verified_revision: Option<u64>,
    pub config: TaskConfig,
    pub proposal: Option<Proposal>,
    /// Intended, not confirmed: never shown as applied.
    pub applying: Option<ApplyIntent>,
    pub last_applied: Option<AppliedChange>,
    pub last_check: Option<CheckRecord>,
    /// Accepted command events: proposed, applied, checked, finished (not the setup or the intent).
    pub accepted_events: u64,
    /// What the workspace must hold at this revision: the baseline recorded at `create`, with every applied
    /// change set in place.
    pub workspace: Manifest,
    /// Where `finish` published the checked revision (ADR-310): what is delivered, never the live workspace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivered: Option<String>,
}

impl TaskState {
    /// Why `actual` is not the workspace of this revision (naming the files), or `None` when it is.
    pub fn drift(&self, actual: &Manifest) -> Option<String> {
        let differ = self.workspace.diff(actual);
        (!differ.is_empty()).then(|| {
            format!(
                "the workspace differs from revision {} in {} file(s): {}; only the executor changes the workspace (restore these files, or propose and apply the change)",
                self.revision,
                differ.len(),
                name_paths(&differ)
            )
        })
    }

    /// "`changed` (revision 2, verified at none)": how refusals name the state.
    pub fn describe(&self) -> String {
        let verified = self.verified_revision.map_or("none".to_string(), |v| v.to_string());
        let intent = match &self.applying {
            Some(a) => format!(", apply `{}` intended and not confirmed", a.command_id),
            None => String::new(),
        };
        format!("`{}` (revision {}, verified at {verified}{intent})", self.status, self.revision)
    }
}

/// A command. Each carries an idempotent `command_id` and the `expected_revision` it was made against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum TaskCommand {
    /// The operator creates the task (expected revision 0).
    Create {
        command_id: String,
        config: TaskConfig,
        /// The workspace as the operator hands it over (hashed by the CLI).
        #[serde(default)]
        workspace: Manifest,
    },
    /// The agent proposes a change set.
    Propose { command_id: String, expected_revision: u64, files: Vec<FileContent> },
    /// The executor is about to write the proposal. `paths`, when given, must equal the proposed set;
    /// `change_digest` is the digest of the proposal the executor read (and a human may have approved).
    /// `cleared_by` is the decision that let a sensitive change through the approval gate, kept for the audit trail.
    ApplyIntent {
        command_id: String,
        expected_revision: u64,
        paths: Option<Vec<String>>,
        change_digest: String,
        cleared_by: Option<i64>,
    },
    /// The executor wrote the files and read back these hashes; `workspace` is the whole workspace it hashed
    /// after writing, which must be the previous revision's with exactly these files replaced.
    ApplyConfirmed { command_id: String, expected_revision: u64, written: Vec<FileHash>, workspace: Manifest },
    /// May the runner start a check now? Accepted with no event; the result comes as `CheckRecorded`.
    Check { command_id: String, expected_revision: u64 },
    /// The runner's observation. Only the trusted runner sends it; no agent-facing command does. `before` and
    /// `after` are the workspace manifests it hashed around the check.
    CheckRecorded { command_id: String, expected_revision: u64, result: CheckResult, before: Manifest, after: Manifest },
    /// `workspace` is the manifest the caller re-hashed just now: it must be the checked revision's.
    /// `workspace` is the manifest of the runner's copy of the workspace (hashed as it was written), and
    /// `delivered` where that copy was published (ADR-310).
    Finish {
        command_id: String,
        expected_revision: u64,
        workspace: Manifest,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        delivered: Option<String>,
    },
}

impl TaskCommand {
    pub fn command_id(&self) -> &str {
        match self {
            TaskCommand::Create { command_id, .. }
            | TaskCommand::Propose { command_id, .. }
            | TaskCommand::ApplyIntent { command_id, .. }
            | TaskCommand::ApplyConfirmed { command_id, .. }
            | TaskCommand::Check { command_id, .. }
            | TaskCommand::CheckRecorded { command_id, .. }
            | TaskCommand::Finish { command_id, .. } => command_id,
        }
    }

    pub fn expected_revision(&self) -> u64 {
        match self {
            TaskCommand::Create { .. } => 0,
            TaskCommand::Propose { expected_revision, .. }
            | TaskCommand::ApplyIntent { expected_revision, .. }
            | TaskCommand::ApplyConfirmed { expected_revision, .. }
            | TaskCommand::Check { expected_revision, .. }
            | TaskCommand::CheckRecorded { expected_revision, .. }
            | TaskCommand::Finish { expected_revision, .. } => *expected_revision,
        }
    }

    /// The command as the agent or operator names it: `create`, `propose`, `apply`, `check`, `finish`.
    pub fn verb(&self) -> &'static str {
        match self {
            TaskCommand::Create { .. } => "create",
            TaskCommand::Propose { .. } => "propose",
            TaskCommand::ApplyIntent { .. } | TaskCommand::ApplyConfirmed { .. } => "apply",
            TaskCommand::Check { .. } | TaskCommand::CheckRecorded { .. } => "check",
            TaskCommand::Finish { .. } => "finish",
        }
    }

    /// Hash of what the caller asked for: the same `command_id` with the same fingerprint is a repeat; with
    /// another fingerprint it is a reuse, refused. Fields the executor or runner fills in (digests it read, hashes
    /// it wrote, the check's result) are not part of it, so both phases of one apply or check share it.
    pub fn fingerprint(&self) -> String {
        let asked = match self {
            TaskCommand::Create { config, .. } => json!({"config": config}),
            TaskCommand::Propose { expected_revision, files, .. } => {
                let files: Vec<Value> =
                    files.iter().map(|f| json!({"path": f.path, "sha256": sha256_hex(f.content.as_bytes())})).collect();
                json!({"expected_revision": expected_revision, "files": files})
            }
            TaskCommand::ApplyIntent { expected_revision, paths, .. } => {
                let paths = paths.as_ref().map(|p| p.iter().collect::<BTreeSet<_>>());
                json!({"expected_revision": expected_revision, "paths": paths})
            }
            TaskCommand::ApplyConfirmed { expected_revision, .. }
            | TaskCommand::Check { expected_revision, .. }
            | TaskCommand::CheckRecorded { expected_revision, .. }
            | TaskCommand::Finish { expected_revision, .. } => json!({"expected_revision": expected_revision}),
        };
        canonical_sha256(&json!({"verb": self.verb(), "asked": asked}))
    }

    /// What a refusal records about the command (never file contents).
    pub fn summary(&self) -> Value {
        let mut v = json!({"command": self.verb(), "command_id": self.command_id()});
        if !matches!(self, TaskCommand::Create { .. }) {
            v["expected_revision"] = json!(self.expected_revision());
        }
        match self {
            TaskCommand::Propose { files, .. } => {
                v["paths"] = json!(files.iter().map(|f| &f.path).collect::<Vec<_>>());
            }
            TaskCommand::ApplyIntent { paths: Some(paths), .. } => v["paths"] = json!(paths),
            TaskCommand::ApplyConfirmed { written, .. } => v["written"] = json!(written),
            TaskCommand::CheckRecorded { result, .. } => {
                v["exit_code"] = json!(result.exit_code);
                v["output_sha256"] = json!(result.output_sha256);
            }
            _ => {}
        }
        v
    }
}

/// Why a command was turned away. Journaled as a `refused` event; never applied to state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskRefusal {
    /// `unknown_task`, `task_exists`, `wrong_state`, `stale_revision`, `apply_pending`, `unsafe_path`,
    /// `path_mismatch`, `hash_mismatch`, `proposal_changed`, `not_applying`, `already_checked`, `workspace_drift`,
    /// `bad_input`.
    pub code: String,
    pub message: String,
}

impl fmt::Display for TaskRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TaskRefusal {}

// ---------------------------------------------------------------------------------------------------------------
// Events

/// The credential that made a command over the HTTP API: its name and role (`agent`, `runner`, `admin`). The
/// store stamps it on every event the command appends (ADR-491); the caller never supplies it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct By {
    pub name: String,
    pub role: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskCreated {
    pub task_id: String,
    pub command_id: String,
    pub config: TaskConfig,
    /// The baseline manifest of the workspace.
    #[serde(default)]
    pub workspace: Manifest,
    /// Who made the command over the HTTP API (ADR-491); absent when the CLI (the operator) did, and on events
    /// written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskProposed {
    pub task_id: String,
    pub command_id: String,
    /// The revision this proposal creates.
    pub revision: u64,
    pub files: Vec<ProposedFile>,
    pub change_digest: String,
    /// The pending proposal this one replaces, if any.
    pub replaces: Option<String>,
    /// Who made the command over the HTTP API (ADR-491); absent when the CLI (the operator) did, and on events
    /// written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskApplyIntended {
    pub task_id: String,
    pub command_id: String,
    /// The revision being applied (unchanged until the apply is confirmed).
    pub revision: u64,
    pub paths: Vec<String>,
    pub change_digest: String,
    pub at_ms: i64,
    /// The decision that let a sensitive change through the approval gate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cleared_by: Option<i64>,
    /// Who made the command over the HTTP API (ADR-491); absent when the CLI (the operator) did, and on events
    /// written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskApplied {
    pub task_id: String,
    pub command_id: String,
    /// The revision this apply creates.
    pub revision: u64,
    /// What the executor wrote, as it read it back.
    pub written: Vec<FileHash>,
    /// Digest of the workspace manifest after the apply (the previous one with `written` in place).
    #[serde(default)]
    pub workspace_digest: String,
    /// Who made the command over the HTTP API (ADR-491); absent when the CLI (the operator) did, and on events
    /// written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskChecked {
    pub task_id: String,
    pub command_id: String,
    /// The revision the check ran against.
    pub revision: u64,
    pub passed: bool,
    #[serde(flatten)]
    pub result: CheckResult,
    /// Digest of the workspace manifest the check ran on (the revision's).
    #[serde(default)]
    pub workspace_digest: String,
    /// Files the check itself changed (a check that changes the workspace fails).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<String>,
    /// Who made the command over the HTTP API (ADR-491); absent when the CLI (the operator) did, and on events
    /// written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskFinished {
    pub task_id: String,
    pub command_id: String,
    pub revision: u64,
    /// Digest of the workspace manifest finish re-hashed (the checked revision's).
    #[serde(default)]
    pub workspace_digest: String,
    /// Where the runner published its copy of the checked revision: what is delivered (ADR-310).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivered: Option<String>,
    /// Who made the command over the HTTP API (ADR-491); absent when the CLI (the operator) did, and on events
    /// written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
}

/// A task event: one journal event of a `task_*` kind. Its data always carries `task_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TaskEvent {
    Created(TaskCreated),
    Proposed(TaskProposed),
    ApplyIntended(TaskApplyIntended),
    Applied(TaskApplied),
    Checked(TaskChecked),
    Finished(TaskFinished),
}

impl TaskEvent {
    pub fn kind(&self) -> EventKind {
        match self {
            TaskEvent::Created(_) => EventKind::TaskCreated,
            TaskEvent::Proposed(_) => EventKind::TaskProposed,
            TaskEvent::ApplyIntended(_) => EventKind::TaskApplyIntended,
            TaskEvent::Applied(_) => EventKind::TaskApplied,
            TaskEvent::Checked(_) => EventKind::TaskChecked,
            TaskEvent::Finished(_) => EventKind::TaskFinished,
        }
    }

    /// The journal event's `data`.
    pub fn data(&self) -> Value {
        let value = match self {
            TaskEvent::Created(e) => serde_json::to_value(e),
            TaskEvent::Proposed(e) => serde_json::to_value(e),
            TaskEvent::ApplyIntended(e) => serde_json::to_value(e),
            TaskEvent::Applied(e) => serde_json::to_value(e),
            TaskEvent::Checked(e) => serde_json::to_value(e),
            TaskEvent::Finished(e) => serde_json::to_value(e),
        };
        // Plain structs of strings and integers always serialize.
        value.unwrap_or(Value::Null)
    }

    /// Reads a task event back from a journal event: `Ok(None)` for kinds that are not task events.
    pub fn from_journal(kind: EventKind, data: &Value) -> Result<Option<TaskEvent>, String> {
        fn parse<T: serde::de::DeserializeOwned>(kind: EventKind, data: &Value) -> Result<T, String> {
            T::deserialize(data).map_err(|e| format!("`{}` event data: {e}", kind.as_str()))
        }
        Ok(Some(match kind {
            EventKind::TaskCreated => TaskEvent::Created(parse(kind, data)?),
            EventKind::TaskProposed => TaskEvent::Proposed(parse(kind, data)?),
            EventKind::TaskApplyIntended => TaskEvent::ApplyIntended(parse(kind, data)?),
            EventKind::TaskApplied => TaskEvent::Applied(parse(kind, data)?),
            EventKind::TaskChecked => TaskEvent::Checked(parse(kind, data)?),
            EventKind::TaskFinished => TaskEvent::Finished(parse(kind, data)?),
            _ => return Ok(None),
        }))
    }

    pub fn task_id(&self) -> &str {
        match self {
            TaskEvent::Created(e) => &e.task_id,
            TaskEvent::Proposed(e) => &e.task_id,
            TaskEvent::ApplyIntended(e) => &e.task_id,
            TaskEvent::Applied(e) => &e.task_id,
            TaskEvent::Checked(e) => &e.task_id,
            TaskEvent::Finished(e) => &e.task_id,
        }
    }

    /// Who made the command that appended this event, when it came over the API.
    pub fn by(&self) -> Option<&By> {
        match self {
            TaskEvent::Created(e) => e.by.as_ref(),
            TaskEvent::Proposed(e) => e.by.as_ref(),
            TaskEvent::ApplyIntended(e) => e.by.as_ref(),
            TaskEvent::Applied(e) => e.by.as_ref(),
            TaskEvent::Checked(e) => e.by.as_ref(),
            TaskEvent::Finished(e) => e.by.as_ref(),
        }
    }

    /// This event stamped with who made its command (ADR-491).
    pub fn made_by(mut self, by: Option<&By>) -> TaskEvent {
        let slot = match &mut self {
            TaskEvent::Created(e) => &mut e.by,
            TaskEvent::Proposed(e) => &mut e.by,
            TaskEvent::ApplyIntended(e) => &mut e.by,
            TaskEvent::Applied(e) => &mut e.by,
            TaskEvent::Checked(e) => &mut e.by,
            TaskEvent::Finished(e) => &mut e.by,
        };
        *slot = by.cloned();
        self
    }

    /// Whether this event is an accepted command (counted in `accepted_events`), not setup or an intent.
    pub fn is_accepted_command(&self) -> bool {
        matches!(self, TaskEvent::Proposed(_) | TaskEvent::Applied(_) | TaskEvent::Checked(_) | TaskEvent::Finished(_))
    }
}

/// Whether a journal event kind is a task event.
pub fn is_task_kind(kind: EventKind) -> bool {
    matches!(
        kind,
        EventKind::TaskCreated
            | EventKind::TaskProposed
            | EventKind::TaskApplyIntended
            | EventKind::TaskApplied
            | EventKind::TaskChecked
            | EventKind::TaskFinished
    )
}

// ---------------------------------------------------------------------------------------------------------------
// The reducer

/// Folds one event into the state. Total: an event that does not fit (it cannot come from the rules,
/// `change_control::model::transition`) leaves the state as it is, so replay never panics on a journal written by
/// another version.
pub fn apply(state: Option<TaskState>, event: &TaskEvent) -> Option<TaskState> {
    if let TaskEvent::Created(e) = event {
        return match state {
            None => Some(TaskState {
                task_id: e.task_id.clone(),
                status: TaskStatus::Idle,
                revision: 0,
                verified_revision: None,
                config: e.config.clone(),
                proposal: None,
                applying: None,
                last_applied: None,
                last_check: None,
                accepted_events: 0,
                workspace: e.workspace.clone(),
                delivered: None,
            }),
            existing => existing,
        };
    }
    let mut s = state?;
    if s.task_id != event.task_id() {
        return Some(s);
    }
    if event.is_accepted_command() {
        s.accepted_events += 1;
    }
    match event {
        TaskEvent::Created(_) => {}
        TaskEvent::Proposed(e) => {
            s.status = TaskStatus::Planned;
            s.revision = e.revision;
            s.proposal = Some(Proposal {
                command_id: e.command_id.clone(),
                revision: e.revision,
                files: e.files.clone(),
                change_digest: e.change_digest.clone(),
                by: e.by.clone(),
            });
        }
        TaskEvent::ApplyIntended(e) => {
            s.applying = Some(ApplyIntent {
                command_id: e.command_id.clone(),
                revision: e.revision,
                paths: e.paths.clone(),
                change_digest: e.change_digest.clone(),
                at_ms: e.at_ms,
                cleared_by: e.cleared_by,
            });
        }
        TaskEvent::Applied(e) => {
            s.status = TaskStatus::Changed;
            s.revision = e.revision;
            s.proposal = None;
            let cleared_by = s.applying.take().and_then(|a| a.cleared_by);
            s.workspace = s.workspace.with_written(&e.written, &s.config.writable);
            s.last_applied = Some(AppliedChange {
                command_id: e.command_id.clone(),
                revision: e.revision,
                files: e.written.clone(),
                cleared_by,
            });
        }
        TaskEvent::Checked(e) => {
            if e.passed {
                s.status = TaskStatus::Verified;
                s.verified_revision = Some(e.revision);
            }
            s.last_check = Some(CheckRecord {
                command_id: e.command_id.clone(),
                revision: e.revision,
                passed: e.passed,
                result: e.result.clone(),
                changed: e.changed.clone(),
            });
        }
        TaskEvent::Finished(e) => {
            s.status = TaskStatus::Finished;
            s.delivered = e.delivered.clone();
        }
    }
    Some(s)
}

/// Replays a task's events, in journal order.
pub fn replay<'a>(events: impl IntoIterator<Item = &'a TaskEvent>) -> Option<TaskState> {
    events.into_iter().fold(None, apply)
}
