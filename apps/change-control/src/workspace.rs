//! The workspace as the trusted executor and runner touch it: every file operation is made relative to an open
//! directory handle of the workspace, one path component at a time, and refuses a symlink at any component.
//!
//! Paths are never resolved as text. The workspace itself is opened with `openat2(RESOLVE_NO_SYMLINKS)` (so no
//! component of its absolute path may have been swapped for a symlink since `task create`); each directory below
//! it is opened from its parent's handle with `openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS)` (`O_NOFOLLOW` on a
//! kernel without `openat2`), so a symlink planted while the executor writes — `zz -> .ci`, `yy -> /elsewhere` —
//! makes the write fail instead of sending it through the link. After writing, the executor re-opens each path
//! from the workspace root the same way and confirms it reaches the very file it wrote (same device and inode).
//!
//! The same walk hashes the whole workspace into a [`Manifest`] (files, directories even when empty, symlinks,
//! each file's and directory's mode; never following a symlink, never opening a FIFO for reading), which is how the
//! workspace becomes part of a task's revision (`foureyes_core::task`). With a destination it also copies the
//! workspace into a [`PrivateCopy`], hashing exactly the bytes it writes there: the check runs on that copy.

use crate::model::MAX_MANIFEST_FILES;
use foureyes_core::canonical::sha256_hex;
use foureyes_core::task::{
    EntryKind, FileHash, Manifest, ManifestEntry, NEW_DIR_MODE, NEW_FILE_MODE, above_writable, in_writable, visible,
};
use rustix::fd::{AsFd, BorrowedFd, OwnedFd};
use rustix::fs::{AtFlags, FileType, Mode, OFlags, ResolveFlags};
use rustix::io::Errno;
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// An open workspace directory.
pub struct Workspace {
    root: OwnedFd,
}

/// A file the executor wrote: where, and which inode, so its location can be confirmed afterwards.
pub struct Written {
    pub path: String,
    dev: u64,
    ino: u64,
}

const RESOLVE: ResolveFlags = ResolveFlags::BENEATH.union(ResolveFlags::NO_SYMLINKS).union(ResolveFlags::NO_MAGICLINKS);

/// Opens one name below `dir`, never through a symlink: `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`,
/// or `openat` with `O_NOFOLLOW` where the kernel has no `openat2` (`name` is one component, so `O_NOFOLLOW` on it
/// is the same guarantee).
fn open_one(dir: BorrowedFd<'_>, name: &str, flags: OFlags, mode: Mode) -> Result<OwnedFd, Errno> {
    let flags = flags | OFlags::CLOEXEC | OFlags::NOFOLLOW;
    match rustix::fs::openat2(dir, name, flags, mode, RESOLVE) {
        Err(Errno::NOSYS) => rustix::fs::openat(dir, name, flags, mode),
        other => other,
    }
}

/// Says why `name` in `dir` could not be opened as asked, naming a symlink as such.
fn explain(dir: BorrowedFd<'_>, name: &str, shown: &str, e: Errno) -> String {
    match rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(st) if FileType::from_raw_mode(st.st_mode) == FileType::Symlink => {
            let target = rustix::fs::readlinkat(dir, name, Vec::new())
                .map(|t| format!(" (to `{}`)", visible(&t.to_string_lossy())))
                .unwrap_or_default();
            format!(
                "the path goes through the symlink `{shown}`{target}: the executor writes and reads only real paths inside the workspace, never through a symlink (it can lead outside the workspace, or to a sensitive path under another name)"
            )
        }
        Ok(st) if e == Errno::NOTDIR => {
            let kind = FileType::from_raw_mode(st.st_mode);
            format!("`{shown}` is not a directory ({kind:?})")
        }
        _ => format!("`{shown}`: {e}"),
    }
}

fn split(rel: &str) -> Result<(Vec<&str>, &str), String> {
    crate::model::check_path(rel)?;
    let mut parts: Vec<&str> = rel.split('/').collect();
    let name = parts.pop().ok_or_else(|| "an empty path".to_string())?;
    Ok((parts, name))
}

impl Workspace {
    /// Opens the workspace by its absolute path; no component of it may be a symlink.
    pub fn open(path: &str) -> Result<Workspace, String> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NOFOLLOW;
        let root = match rustix::fs::openat2(rustix::fs::CWD, path, flags, Mode::empty(), ResolveFlags::NO_SYMLINKS) {
            Err(Errno::NOSYS) => Self::open_walking(path)?,
            Err(Errno::LOOP) => {
                return Err(format!(
                    "the workspace `{}` now goes through a symlink: the executor works only in the workspace the task was created with",
                    visible(path)
                ));
            }
            Err(e) => return Err(format!("the workspace `{}` cannot be opened: {e}", visible(path))),
            Ok(fd) => fd,
        };
        Ok(Workspace { root })
    }

    /// Without `openat2`: from `/`, one component at a time with `O_NOFOLLOW`.
    fn open_walking(path: &str) -> Result<OwnedFd, String> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY;
        let mut at = rustix::fs::open("/", flags | OFlags::CLOEXEC, Mode::empty())
            .map_err(|e| format!("cannot open `/`: {e}"))?;
        for part in path.split('/').filter(|p| !p.is_empty()) {
            at = open_one(at.as_fd(), part, flags, Mode::empty())
                .map_err(|e| format!("the workspace `{}` cannot be opened at `{part}`: {e}", visible(path)))?;
        }
        Ok(at)
    }

    pub fn root(&self) -> BorrowedFd<'_> {
        self.root.as_fd()
    }

    /// Opens the directory `parts` below the root, creating missing ones when `create` is set.
    fn walk(&self, parts: &[&str], create: bool) -> Result<Option<OwnedFd>, String> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY;
        let mut at: Option<OwnedFd> = None;
        for (i, part) in parts.iter().enumerate() {
            let dir = at.as_ref().map_or(self.root.as_fd(), |d| d.as_fd());
            let shown = visible(&parts[..=i].join("/"));
            let next = match open_one(dir, part, flags, Mode::empty()) {
                Ok(fd) => fd,
                Err(Errno::NOENT) if create => {
                    let created = match rustix::fs::mkdirat(dir, *part, Mode::from_raw_mode(NEW_DIR_MODE)) {
                        Ok(()) => true,
                        Err(Errno::EXIST) => false,
                        Err(e) => return Err(format!("cannot create the directory `{shown}`: {e}")),
                    };
                    let fd = open_one(dir, part, flags, Mode::empty()).map_err(|e| explain(dir, part, &shown, e))?;
                    if created {
                        // The mode the model expects (`NEW_DIR_MODE`), whatever the umask.
                        rustix::fs::fchmod(&fd, Mode::from_raw_mode(NEW_DIR_MODE))
                            .map_err(|e| format!("cannot set the mode of `{shown}`: {e}"))?;
                    }
                    fd
                }
                Err(Errno::NOENT) => return Ok(None),
                Err(e) => return Err(explain(dir, part, &shown, e)),
            };
            at = Some(next);
        }
        Ok(Some(at.unwrap_or(rustix::io::dup(&self.root).map_err(|e| format!("cannot use the workspace: {e}"))?)))
    }

    /// Whether `rel` could be written as a real path inside the workspace now: no symlink at any existing
    /// component, directories in the middle, no directory at the end. (The write itself checks again.)
    pub fn check_target(&self, rel: &str) -> Result<(), String> {
        let (parts, name) = split(rel)?;
        let Some(dir) = self.walk(&parts, false)? else { return Ok(()) };
        match rustix::fs::statat(&dir, name, AtFlags::SYMLINK_NOFOLLOW) {
            Err(Errno::NOENT) => Ok(()),
            Err(e) => Err(format!("`{}` cannot be inspected: {e}", visible(rel))),
            Ok(st) => match FileType::from_raw_mode(st.st_mode) {
                FileType::RegularFile => Ok(()),
                FileType::Symlink => Err(explain(dir.as_fd(), name, &visible(rel), Errno::LOOP)),
                FileType::Directory => Err(format!("`{}` is a directory", visible(rel))),
                other => Err(format!("`{}` is not a regular file ({other:?})", visible(rel))),
            },
        }
    }

    /// Writes `content` to `rel` atomically (a new file beside it, synced, renamed over it), relative to the
    /// workspace handle and never through a symlink; keeps an existing file's permissions.
    pub fn write_file(&self, rel: &str, content: &[u8]) -> Result<Written, String> {
        let (parts, name) = split(rel)?;
        let shown = visible(rel);
        let dir = self.walk(&parts, true)?.ok_or_else(|| format!("cannot create the directories of `{shown}`"))?;
        let mode = match rustix::fs::statat(&dir, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) => match FileType::from_raw_mode(st.st_mode) {
                FileType::RegularFile => Some(Mode::from_raw_mode(st.st_mode & 0o7777)),
                FileType::Symlink => return Err(explain(dir.as_fd(), name, &shown, Errno::LOOP)),
                other => return Err(format!("`{shown}` is not a regular file ({other:?})")),
            },
            Err(Errno::NOENT) => None,
            Err(e) => return Err(format!("`{shown}` cannot be inspected: {e}")),
        };
        let nanos = jiff::Timestamp::now().as_nanosecond();
        let tmp = format!(".{name}.foureyes-{}-{nanos}.tmp", std::process::id());
        let fd =
            open_one(dir.as_fd(), &tmp, OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL, Mode::from_raw_mode(0o644))
                .map_err(|e| format!("cannot create a new file beside `{shown}`: {e}"))?;
        let result = (|| -> Result<Written, String> {
            // An existing file keeps its mode; a new one gets `NEW_FILE_MODE` whatever the umask (the model
            // expects exactly that).
            let mode = mode.unwrap_or(Mode::from_raw_mode(NEW_FILE_MODE));
            rustix::fs::fchmod(&fd, mode).map_err(|e| format!("cannot set the permissions of `{shown}`: {e}"))?;
            let st = rustix::fs::fstat(&fd).map_err(|e| format!("cannot stat the new `{shown}`: {e}"))?;
            let mut file = std::fs::File::from(fd);
            file.write_all(content).map_err(|e| format!("writing `{shown}` failed: {e}"))?;
            file.sync_all().map_err(|e| format!("syncing `{shown}` failed: {e}"))?;
            rustix::fs::renameat(&dir, tmp.as_str(), &dir, name)
                .map_err(|e| format!("cannot put `{shown}` in place: {e}"))?;
            rustix::fs::fsync(&dir).map_err(|e| format!("syncing the directory of `{shown}` failed: {e}"))?;
            Ok(Written { path: rel.to_string(), dev: st.st_dev, ino: st.st_ino })
        })();
        if result.is_err() {
            let _ = rustix::fs::unlinkat(&dir, tmp.as_str(), AtFlags::empty());
        }
        result
    }

    /// Opens `rel` for reading from the root, never through a symlink, never blocking on a FIFO.
    fn open_file(&self, rel: &str) -> Result<OwnedFd, String> {
        let (parts, name) = split(rel)?;
        let dir = self.walk(&parts, false)?.ok_or_else(|| format!("`{}` does not exist", visible(rel)))?;
        open_one(dir.as_fd(), name, OFlags::RDONLY | OFlags::NONBLOCK, Mode::empty())
            .map_err(|e| explain(dir.as_fd(), name, &visible(rel), e))
    }

    /// Re-opens a written file by its path from the workspace root, confirms it is the very file written (not a
    /// file the path reaches some other way now), and hashes what is on disk.
    pub fn confirm(&self, written: &Written) -> Result<FileHash, String> {
        let shown = visible(&written.path);
        let fd = self.open_file(&written.path)?;
        let st = rustix::fs::fstat(&fd).map_err(|e| format!("cannot stat `{shown}`: {e}"))?;
        if (st.st_dev, st.st_ino) != (written.dev, written.ino) {
            return Err(format!(
                "`{shown}` no longer leads to the file the executor wrote (something replaced it or a directory on its way)"
            ));
        }
        let (sha256, bytes) = hash_file(fd).map_err(|e| format!("reading back `{shown}` failed: {e}"))?;
        Ok(FileHash { path: written.path.clone(), sha256, bytes })
    }

    /// Opens (creating when missing) a directory below the workspace for the sandbox to bind writable.
    pub fn open_dir(&self, rel: &str) -> Result<OwnedFd, String> {
        crate::model::check_path(rel)?;
        let parts: Vec<&str> = rel.split('/').collect();
        self.walk(&parts, true)?.ok_or_else(|| format!("cannot create `{}`", visible(rel)))
    }

    /// Every entry of the workspace, hashed, the `writable` directories (relative paths) left out, and the
    /// entries of the directories above them. Symlinks are recorded by their target text and never followed;
    /// FIFOs, sockets and devices are recorded, not read.
    pub fn manifest(&self, writable: &[String]) -> Result<Manifest, String> {
        let mut walked = Walked::default();
        let root = rustix::io::dup(&self.root).map_err(|e| format!("cannot use the workspace: {e}"))?;
        walk_manifest(root, None, None, "", 0, writable, &mut walked)?;
        Ok(walked.manifest())
    }

    /// Copies the workspace into a new private directory that only the runner's user can enter (mode 0700, in
    /// the runner's temporary directory), the `writable` directories left out and then created empty in the copy.
    /// The manifest returned is of the bytes written into the copy, so if it is the revision's, the copy is the
    /// revision, whatever the live workspace does afterwards. A FIFO, socket or device is not copied: refused.
    /// `live` is the workspace's path: the copy may not be inside it (a `TMPDIR` there is the agent's to write).
    ///
    /// Only what `expected` (the revision's manifest) lists is copied, and no more bytes of a file than it lists
    /// (F243): a file the revision does not hold, or whose size differs, is recorded unread (a hash that matches
    /// no content), so the manifest shows the drift without the runner reading or writing the agent's bytes (a
    /// sparse 1 TiB file costs the agent nothing and would fill the runner's disk).
    pub fn copy_private(
        &self,
        writable: &[String],
        live: &Path,
        expected: &Manifest,
    ) -> Result<(PrivateCopy, Manifest), String> {
        let copy = PrivateCopy::new()?;
        if copy.holder.starts_with(live) {
            return Err(format!(
                "the runner's temporary directory `{}` is inside the workspace, where the agent writes: set TMPDIR to a directory of the runner's own",
                copy.holder.display()
            ));
        }
        let mut walked = Walked::default();
        let root = rustix::io::dup(&self.root).map_err(|e| format!("cannot use the workspace: {e}"))?;
        walk_manifest(root, Some(copy.workspace.root()), Some(expected), "", 0, writable, &mut walked)?;
        for w in writable {
            copy.workspace.open_dir(w)?;
        }
        Ok((copy, walked.manifest()))
    }

    /// Copies the workspace into the empty directory `dest` (the `writable` directories left out and not
    /// created), hashing exactly the bytes written: the manifest returned is the copy's, whatever the live
    /// workspace does meanwhile. Only what `expected` lists is copied, at most its size (as `copy_private`).
    pub fn copy_into(
        &self,
        dest: BorrowedFd<'_>,
        writable: &[String],
        expected: &Manifest,
    ) -> Result<Manifest, String> {
        let mut walked = Walked::default();
        let root = rustix::io::dup(&self.root).map_err(|e| format!("cannot use the workspace: {e}"))?;
        walk_manifest(root, Some(dest), Some(expected), "", 0, writable, &mut walked)?;
        Ok(walked.manifest())
    }
}

/// Refuses a change set that would leave the workspace with more than [`MAX_MANIFEST_FILES`] entries once written
/// over `revision` (its files, and the directories made for them): refused at propose, it cannot leave the task
/// with an apply intended that no manifest can confirm (F476). Paths and directories already there count once.
pub fn room_for<'a>(revision: &Manifest, paths: impl Iterator<Item = &'a str>) -> Result<(), String> {
    let mut new = std::collections::BTreeSet::new();
    for path in paths {
        let mut end = 0;
        for part in path.split('/') {
            end += part.len();
            let at = &path[..end];
            if revision.get(at).is_none() {
                new.insert(at);
            }
            end += 1;
        }
    }
    let after = revision.files.len() + new.len();
    if after > MAX_MANIFEST_FILES {
        return Err(format!(
            "the workspace would hold {after} entries after this change ({} now, {} new): more than {MAX_MANIFEST_FILES}, too many to hash on each step",
            revision.files.len(),
            new.len()
        ));
    }
    Ok(())
}

/// Removes a directory tree the runner made, making its read-only directories (copied mode 0555) writable first.
pub fn remove_tree(path: &Path) {
    fn unlock(dir: &Path) {
        use std::os::unix::fs::PermissionsExt;
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                let _ = std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o700));
                unlock(&entry.path());
            }
        }
    }
    {
        use std::os::unix::fs::PermissionsExt;
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) {
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700));
        }
    }
    unlock(path);
    let _ = std::fs::remove_dir_all(path);
}

/// A private copy of a workspace, removed when dropped: the check runs on it, never on the live workspace.
pub struct PrivateCopy {
    /// The 0700 directory holding the copy (`…/foureyes-check-PID-RANDOM`).
    holder: PathBuf,
    /// The copy itself (`holder/workspace`).
    path: PathBuf,
    workspace: Workspace,
}

impl PrivateCopy {
    fn new() -> Result<PrivateCopy, String> {
        use std::os::unix::fs::DirBuilderExt;
        let mut random = [0u8; 8];
        getrandom::fill(&mut random).map_err(|e| format!("cannot name a private directory: {e}"))?;
        let holder = std::env::temp_dir().join(format!("foureyes-check-{}-{}", std::process::id(), hex(&random)));
        // Created here, never found: a directory someone planted under this name makes `create` fail.
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&holder)
            .map_err(|e| format!("cannot create the private directory `{}`: {e}", holder.display()))?;
        // Its real path (TMPDIR may go through symlinks): compared with the workspace's, mounted by the sandbox.
        let holder = match std::fs::canonicalize(&holder) {
            Ok(real) => real,
            Err(e) => {
                let _ = std::fs::remove_dir(&holder);
                return Err(format!("cannot resolve the private directory `{}`: {e}", holder.display()));
            }
        };
        let path = holder.join("workspace");
        let made = std::fs::DirBuilder::new()
            .mode(0o755)
            .create(&path)
            .map_err(|e| format!("cannot create `{}`: {e}", path.display()))
            .and_then(|()| {
                let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NOFOLLOW;
                rustix::fs::open(&path, flags, Mode::empty())
                    .map_err(|e| format!("cannot open `{}`: {e}", path.display()))
            });
        match made {
            Ok(root) => Ok(PrivateCopy { holder, path, workspace: Workspace { root } }),
            Err(e) => {
                let _ = std::fs::remove_dir_all(&holder);
                Err(e)
            }
        }
    }

    /// Where the copy is (the runner's side; the sandbox mounts it at the workspace's own path).
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// A new empty directory beside the copy (`holder/scratch-NAME`, the runner's only): the mount point of one of
    /// the check's scratch filesystems, mounted in the runner's own mount namespace (ADR-566).
    pub fn scratch_dir(&self, name: &str) -> Result<PathBuf, String> {
        use std::os::unix::fs::DirBuilderExt;
        let dir = self.holder.join(format!("scratch-{name}"));
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&dir)
            .map_err(|e| format!("cannot create `{}`: {e}", dir.display()))?;
        Ok(dir)
    }
}

impl Drop for PrivateCopy {
    fn drop(&mut self) {
        remove_tree(&self.holder);
    }
}

fn hash_file(fd: OwnedFd) -> std::io::Result<(String, u64)> {
    hash_copy(fd, None, u64::MAX)
}

/// Hashes what `fd` holds, at most `limit` bytes, writing the same bytes to `to` when given.
fn hash_copy(fd: OwnedFd, mut to: Option<&mut std::fs::File>, limit: u64) -> std::io::Result<(String, u64)> {
    let mut file = std::fs::File::from(fd).take(limit);
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        if let Some(to) = to.as_mut() {
            to.write_all(&buf[..n])?;
        }
        total += n as u64;
    }
    Ok((hex(&hasher.finalize()), total))
}

/// The hash recorded for a file the runner did not read (it is not the revision's): no content has it.
fn unread() -> String {
    "not read: the revision does not hold this file at this size".into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// How many directories deep the runner walks a workspace (ADR-472). A deeper directory is refused, never walked:
/// the walk holds one or two open directories and a stack frame per level, and a chain of 30,000 directories the
/// agent planted overflowed the runner's stack (F475). Real source trees stay far below (a path of 256 components
/// has at least 511 bytes; most tools fail well before `PATH_MAX`).
pub const MAX_DEPTH: usize = 256;

/// What a walk of the workspace found: its entries, and each symlink's target text (ADR-565).
#[derive(Default)]
struct Walked {
    files: Vec<ManifestEntry>,
    links: std::collections::BTreeMap<String, String>,
}

impl Walked {
    fn manifest(self) -> Manifest {
        Manifest::new(self.files).with_links(self.links)
    }
}

/// Lists `dir` (`depth` directories below the workspace), recording every entry below `prefix` into `out`; with
/// `dest`, also recreates each entry there, hashing the bytes written (so the manifest describes the copy exactly).
fn walk_manifest(
    dir: OwnedFd,
    dest: Option<BorrowedFd<'_>>,
    expected: Option<&Manifest>,
    prefix: &str,
    depth: usize,
    writable: &[String],
    walked: &mut Walked,
) -> Result<(), String> {
    let shown_dir = if prefix.is_empty() { ".".to_string() } else { visible(prefix) };
    if depth >= MAX_DEPTH {
        let shown: String = shown_dir.chars().take(120).collect();
        return Err(format!(
            "`{shown}…` is more than {MAX_DEPTH} directories deep: the runner does not walk a tree that deep; remove it from the workspace"
        ));
    }
    let mut names = Vec::new();
    for entry in rustix::fs::Dir::read_from(&dir).map_err(|e| format!("cannot list `{shown_dir}`: {e}"))? {
        let entry = entry.map_err(|e| format!("cannot list `{shown_dir}`: {e}"))?;
        let name = entry.file_name().to_bytes();
        if name != b"." && name != b".." {
            names.push(name.to_vec());
        }
    }
    names.sort();
    for raw in names {
        // A name that is not UTF-8 is kept visible and distinct: its bytes escaped.
        let name = match String::from_utf8(raw.clone()) {
            Ok(name) => name,
            Err(_) => raw.iter().map(|b| std::ascii::escape_default(*b).to_string()).collect(),
        };
        let rel = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
        if in_writable(&rel, writable) {
            continue;
        }
        let shown = visible(&rel);
        let c_name = std::ffi::CString::new(raw).map_err(|_| format!("`{shown}` holds NUL"))?;
        let st = rustix::fs::statat(&dir, c_name.as_c_str(), AtFlags::SYMLINK_NOFOLLOW)
            .map_err(|e| format!("cannot inspect `{shown}`: {e}"))?;
        let kind = FileType::from_raw_mode(st.st_mode);
        let mode = st.st_mode & 0o7777;
        let entry = match kind {
            FileType::Directory => {
                let sub = open_c(dir.as_fd(), &c_name, OFlags::RDONLY | OFlags::DIRECTORY)
                    .map_err(|e| format!("cannot open `{shown}`: {e}"))?;
                let st = rustix::fs::fstat(&sub).map_err(|e| format!("cannot stat `{shown}`: {e}"))?;
                let mode = st.st_mode & 0o7777;
                let copied = match dest {
                    Some(dest) => {
                        rustix::fs::mkdirat(dest, c_name.as_c_str(), Mode::from_raw_mode(0o700))
                            .map_err(|e| format!("cannot copy the directory `{shown}`: {e}"))?;
                        Some(
                            open_c(dest, &c_name, OFlags::RDONLY | OFlags::DIRECTORY)
                                .map_err(|e| format!("cannot open the copy of `{shown}`: {e}"))?,
                        )
                    }
                    None => None,
                };
                walk_manifest(sub, copied.as_ref().map(|c| c.as_fd()), expected, &rel, depth + 1, writable, walked)?;
                if let Some(copied) = &copied {
                    // Last, so a read-only directory could be filled first.
                    rustix::fs::fchmod(copied, Mode::from_raw_mode(mode))
                        .map_err(|e| format!("cannot set the mode of the copy of `{shown}`: {e}"))?;
                }
                if above_writable(&rel, writable) {
                    continue;
                }
                ManifestEntry { path: rel, kind: EntryKind::Dir, sha256: sha256_hex(b""), bytes: 0, mode }
            }
            FileType::RegularFile => {
                let fd = open_c(dir.as_fd(), &c_name, OFlags::RDONLY | OFlags::NONBLOCK)
                    .map_err(|e| format!("cannot open `{shown}`: {e}"))?;
                let st = rustix::fs::fstat(&fd).map_err(|e| format!("cannot stat `{shown}`: {e}"))?;
                if FileType::from_raw_mode(st.st_mode) != FileType::RegularFile {
                    return Err(format!("`{shown}` changed while the workspace was being hashed"));
                }
                let mode = st.st_mode & 0o7777;
                let size = st.st_size as u64;
                // Copying: only a file the revision holds at this very size, never more bytes than that (F243).
                let limit = match expected.map(|m| m.get(&rel)) {
                    None => u64::MAX,
                    Some(Some(e)) if e.kind == EntryKind::File && e.bytes == size => size + 1,
                    Some(_) => {
                        walked.files.push(ManifestEntry {
                            path: rel,
                            kind: EntryKind::File,
                            sha256: unread(),
                            bytes: size,
                            mode,
                        });
                        continue;
                    }
                };
                let copy = match dest {
                    Some(dest) => Some(
                        open_c_mode(
                            dest,
                            &c_name,
                            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL,
                            Mode::from_raw_mode(0o600),
                        )
                        .map_err(|e| format!("cannot copy `{shown}`: {e}"))?,
                    ),
                    None => None,
                };
                let (sha256, bytes) = match copy {
                    Some(copy) => {
                        let mut to = std::fs::File::from(copy);
                        let hashed =
                            hash_copy(fd, Some(&mut to), limit).map_err(|e| format!("cannot copy `{shown}`: {e}"))?;
                        rustix::fs::fchmod(&to, Mode::from_raw_mode(mode))
                            .map_err(|e| format!("cannot set the mode of the copy of `{shown}`: {e}"))?;
                        hashed
                    }
                    None => hash_file(fd).map_err(|e| format!("cannot read `{shown}`: {e}"))?,
                };
                ManifestEntry { path: rel, kind: EntryKind::File, sha256, bytes, mode }
            }
            FileType::Symlink => {
                let target = rustix::fs::readlinkat(&dir, c_name.as_c_str(), Vec::new())
                    .map_err(|e| format!("cannot read the symlink `{shown}`: {e}"))?;
                if let Some(dest) = dest {
                    rustix::fs::symlinkat(target.as_c_str(), dest, c_name.as_c_str())
                        .map_err(|e| format!("cannot copy the symlink `{shown}`: {e}"))?;
                }
                // Recorded as text for the rules to follow (a target that is not UTF-8 is recorded escaped, which
                // its entry's hash then does not match: `create` refuses it).
                let text = match target.to_str() {
                    Ok(text) => text.to_string(),
                    Err(_) => target.as_bytes().iter().map(|b| std::ascii::escape_default(*b).to_string()).collect(),
                };
                walked.links.insert(rel.clone(), text);
                let target = target.as_bytes();
                ManifestEntry {
                    path: rel,
                    kind: EntryKind::Symlink,
                    sha256: sha256_hex(target),
                    bytes: target.len() as u64,
                    mode: 0,
                }
            }
            other => {
                if dest.is_some() {
                    return Err(format!(
                        "`{shown}` is a {other:?}: the check runs on a private copy of the workspace, which holds only files, directories and symlinks; remove it from the workspace"
                    ));
                }
                ManifestEntry { path: rel, kind: EntryKind::Other, sha256: sha256_hex(b""), bytes: 0, mode }
            }
        };
        walked.files.push(entry);
        if walked.files.len() > MAX_MANIFEST_FILES {
            return Err(format!(
                "the workspace holds more than {MAX_MANIFEST_FILES} entries: too many to hash on each step"
            ));
        }
    }
    Ok(())
}

fn open_c(dir: BorrowedFd<'_>, name: &std::ffi::CStr, flags: OFlags) -> Result<OwnedFd, Errno> {
    open_c_mode(dir, name, flags, Mode::empty())
}

fn open_c_mode(dir: BorrowedFd<'_>, name: &std::ffi::CStr, flags: OFlags, mode: Mode) -> Result<OwnedFd, Errno> {
    let flags = flags | OFlags::CLOEXEC | OFlags::NOFOLLOW;
    match rustix::fs::openat2(dir, name, flags, mode, RESOLVE) {
        Err(Errno::NOSYS) => rustix::fs::openat(dir, name, flags, mode),
        other => other,
    }
}
