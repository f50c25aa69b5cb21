//! What a finished task delivers (ADR-310): the runner's own copy of the checked revision, published in a
//! directory only the runner can write — never the live workspace, which the agent may still be writing.
//!
//! `finish` copies the live workspace into a fresh staging directory inside the task's delivery directory,
//! hashing exactly the bytes it writes there (`Workspace::copy_into`, which copies only what the revision lists and
//! never more bytes than it lists). The model accepts `finish` only if that manifest is the checked revision's, so
//! what was hashed is what is kept: a file the agent rewrites while finish reads it, or after, changes the live
//! workspace and nothing else (attack 4 #4). The `--writable` directories are left out of the copy altogether:
//! they are never part of a revision, so nothing planted there after the check is delivered (attack 4 #5).
//!
//! The delivery directory (`task create --deliver DIR`, by default `WORKSPACE.delivered` beside the workspace)
//! must be writable by the runner alone, and so must every directory above it (or be sticky, like `/tmp`):
//! otherwise someone else could rename it away and put their own in its place. Each finished task is delivered at
//! `DIR/TASK`, made by a rename that never replaces anything.

use crate::workspace::{Workspace, remove_tree};
use foureyes_core::task::{Manifest, TaskConfig, visible};
use rustix::fd::OwnedFd;
use rustix::fs::{Mode, OFlags, RenameFlags};
use rustix::io::Errno;
use std::path::{Path, PathBuf};

/// The directory a task delivers into: the one its operator named, or `WORKSPACE.delivered` beside the workspace.
pub fn directory(config: &TaskConfig) -> PathBuf {
    match &config.deliver {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(format!("{}.delivered", config.workspace.trim_end_matches('/'))),
    }
}

/// Why someone other than the runner could change what is delivered in `dir` (an existing directory, by its real
/// path), or `Ok` when nobody can: `dir` and each directory above it are owned by the runner or root and are not
/// writable by group or others — except a sticky directory such as `/tmp`, where others cannot rename what is not
/// theirs. `dir` may not be inside the workspace, nor hold it.
pub fn check_secure(dir: &Path, workspace: &str) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let me = rustix::process::geteuid().as_raw();
    let ws = Path::new(workspace);
    if dir.starts_with(ws) || ws.starts_with(dir) {
        return Err(format!(
            "the delivery directory `{}` is inside the workspace or holds it: the agent writes there",
            visible(&dir.to_string_lossy())
        ));
    }
    let mut at = PathBuf::from("/");
    let mut chain = vec![at.clone()];
    for part in dir.components().skip(1) {
        at.push(part);
        chain.push(at.clone());
    }
    for path in chain {
        let m = std::fs::symlink_metadata(&path)
            .map_err(|e| format!("cannot inspect `{}`: {e}", visible(&path.to_string_lossy())))?;
        let shown = visible(&path.to_string_lossy());
        if m.file_type().is_symlink() {
            return Err(format!("`{shown}` is a symlink: give the delivery directory by its real path"));
        }
        if m.uid() != 0 && m.uid() != me {
            return Err(format!(
                "`{shown}` belongs to uid {}, not to the runner (uid {me}) or root: its owner could replace what is delivered there",
                m.uid()
            ));
        }
        let sticky = m.mode() & 0o1000 != 0;
        if m.mode() & 0o022 != 0 && !(sticky && path != dir) {
            return Err(format!(
                "`{shown}` can be written by group or others (mode {:o}): they could replace what is delivered there",
                m.mode() & 0o7777
            ));
        }
    }
    Ok(())
}

/// Makes the delivery directory (mode 0700) when it is missing, and checks it ([`check_secure`]). Only its parent
/// is resolved: the directory itself is made and inspected without following a symlink, so a symlink someone
/// planted at its path (the agent, in a sticky parent such as `/tmp`) is refused, never followed (F474).
pub fn prepare(config: &TaskConfig) -> Result<PathBuf, String> {
    use std::os::unix::fs::DirBuilderExt;
    let dir = directory(config);
    let shown = visible(&dir.to_string_lossy());
    let (Some(parent), Some(name)) = (dir.parent(), dir.file_name()) else {
        return Err(format!("the delivery directory `{shown}` names no directory"));
    };
    let parent = std::fs::canonicalize(parent)
        .map_err(|e| format!("cannot resolve the directory above the delivery directory `{shown}`: {e}"))?;
    let real = parent.join(name);
    // `mkdir` never follows a symlink at the last component: a planted one is `AlreadyExists`, then refused below.
    match std::fs::DirBuilder::new().mode(0o700).create(&real) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format!("cannot create the delivery directory `{shown}`: {e}")),
    }
    let m = std::fs::symlink_metadata(&real)
        .map_err(|e| format!("cannot inspect the delivery directory `{shown}`: {e}"))?;
    if m.file_type().is_symlink() {
        return Err(format!(
            "the delivery directory `{}` is a symlink, which someone could re-point after finish: it is never followed; remove it, or give --deliver a real directory",
            visible(&real.to_string_lossy())
        ));
    }
    if !m.is_dir() {
        return Err(format!("the delivery directory `{}` is not a directory", visible(&real.to_string_lossy())));
    }
    check_secure(&real, &config.workspace)?;
    Ok(real)
}

/// The runner's copy of the live workspace in a staging directory of the delivery directory, and its manifest.
pub struct Staged {
    /// `DIR/.TASK.staging-RANDOM`, removed when dropped unless published.
    path: Option<PathBuf>,
    /// Where it is published: `DIR/TASK`.
    target: PathBuf,
    pub manifest: Manifest,
}

/// Copies the live workspace (by its handle, never through a symlink) into a new staging directory in `dir`,
/// hashing the bytes written; `expected` is the checked revision's manifest (only what it lists is copied).
pub fn stage(config: &TaskConfig, dir: &Path, task: &str, expected: &Manifest) -> Result<Staged, String> {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| format!("cannot name a staging directory: {e}"))?;
    let suffix: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let path = dir.join(format!(".{task}.staging-{suffix}"));
    rustix::fs::mkdir(&path, Mode::from_raw_mode(0o700))
        .map_err(|e| format!("cannot create the staging directory `{}`: {e}", path.display()))?;
    let mut staged = Staged { path: Some(path.clone()), target: dir.join(task), manifest: Manifest::default() };
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NOFOLLOW;
    let dest: OwnedFd =
        rustix::fs::open(&path, flags, Mode::empty()).map_err(|e| format!("cannot open `{}`: {e}", path.display()))?;
    let live = Workspace::open(&config.workspace)?;
    staged.manifest = live.copy_into(rustix::fd::AsFd::as_fd(&dest), &config.writable, expected)?;
    Ok(staged)
}

impl Staged {
    /// Where it will be (or was) published.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the staging directory to `DIR/TASK`, never replacing anything. When `DIR/TASK` exists already (a
    /// finish that crashed after publishing, or one racing this one), it is kept if it holds exactly `expected`
    /// and refused otherwise. Returns whether this call put it there.
    pub fn publish(&mut self, config: &TaskConfig, expected: &Manifest) -> Result<bool, String> {
        let Some(path) = self.path.take() else { return Ok(false) };
        match rustix::fs::renameat_with(rustix::fs::CWD, &path, rustix::fs::CWD, &self.target, RenameFlags::NOREPLACE) {
            Ok(()) => Ok(true),
            Err(Errno::EXIST | Errno::NOTEMPTY) => {
                remove_tree(&path);
                let there =
                    Workspace::open(&self.target.to_string_lossy()).and_then(|w| w.manifest(&config.writable))?;
                if there.digest() == expected.digest() {
                    Ok(false)
                } else {
                    Err(format!(
                        "`{}` exists and is not the checked revision: remove it (it is in the runner's delivery directory) and finish again",
                        visible(&self.target.to_string_lossy())
                    ))
                }
            }
            Err(e) => {
                remove_tree(&path);
                Err(format!("cannot publish the delivery at `{}`: {e}", visible(&self.target.to_string_lossy())))
            }
        }
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(path) = self.path.take() {
            remove_tree(&path);
        }
    }
}
