//! Every regular file SQLite opens in this process has one name, checked on the descriptor SQLite's own `open()`
//! returns, before SQLite reads, truncates or writes a byte of it (F942, F943, ADR-942).
//!
//! A door must never write into a file that has another name: a hard link planted at the database's name, or at its
//! `-wal`, `-shm` or `-journal`, to a file the door can write and the planter cannot (the seal key) had SQLite write
//! its pages, its log (the agent's text among it) or its index into that file (attack 26's H2, attack 27's H3, H4).
//! F926 checked the companions by name before SQLite opened them; a link made and removed every ~0.3 ms won the race
//! between that check and SQLite's `open()` within 1–8 decides. SQLite opens `-wal` through the VFS's `xOpen`, but
//! `-shm` inside the unix VFS's `xShmMap`, and the first process to map it truncates it to 3 bytes right after the
//! `open()` (then grows it to 32 KiB and writes the wal-index header into it): no check after the open returns to
//! SQLite, and no wrapper around `xOpen`, can stop that. So the check sits in the unix VFS's own `open()`, which
//! SQLite lets a program replace (`xSetSystemCall("open")`): the replacement calls the real `open()`, checks the
//! descriptor, and on a refusal closes it and answers `EPERM`, so SQLite never holds it.
//!
//! The check, on the descriptor: a regular file (directories, which SQLite opens to sync them, and devices pass) with
//! exactly one link (`fstat`), and — read after that, once the directory has been read — the name it was opened by
//! still names it: on Linux `/proc/self/fd/N` does not read "… (deleted)" (a name once removed stays removed for the
//! descriptor: a later link at the same name is another directory entry). Together: at the `fstat`, the inode's one
//! name was the one SQLite opened, so it had no other (the key's own name never goes away). A link removed right after
//! SQLite's `open()` to make the count 1 is caught by the second check, one made again after it by the first. The
//! directory read between them is what makes "at the `fstat`" true: an unlink drops the count before it drops the
//! name, both under the directory's lock, and reading the directory waits for that lock (F415). Off Linux (or without
//! `/proc`) the second check is `lstat` of the name giving the descriptor's device and inode, then the count again.

// The crate's only unsafe code (the workspace forbids it; this crate denies it, ADR-942): SQLite's VFS is reached
// through `rusqlite::ffi`, and the replacement `open()` is a C function.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::ffi::{CStr, c_char, c_int};
use std::sync::OnceLock;

type OpenFn = unsafe extern "C" fn(*const c_char, c_int, c_int) -> c_int;

/// The unix VFS's `open()` before [`install`] replaced it.
static ORIGINAL: OnceLock<OpenFn> = OnceLock::new();

/// Whether [`install`] succeeded (or why not): every store open asks, and fails closed without it.
static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();

thread_local! {
    /// Why the last `open()` SQLite made on this thread was refused: SQLite answers only "unable to open database
    /// file" (or a disk I/O error for `-shm`), so the store adds this to the error it returns.
    static REFUSED: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The name of the last `open()` refused on this thread. SQLite retries a refused read-write open read-only at
    /// once (the `-wal` in `unixOpen`, the `-shm` in `unixOpenSharedMemory`); a link removed between the two would let
    /// the retry pass, and SQLite would run on a read-only `-wal` or `-shm` and fail later with "attempt to write a
    /// readonly database", the refusal's reason lost (F413). That retry is refused too.
    static LAST_REFUSED_NAME: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

/// Replaces the unix VFS's `open()` by [`checked_open`], once per process, before the store opens its first
/// connection. An error when SQLite's default VFS is not the unix one or does not let its `open()` be replaced: the
/// store then refuses to open (no unchecked file).
pub(crate) fn install() -> Result<(), String> {
    INSTALLED
        .get_or_init(|| {
            // SAFETY: `sqlite3_vfs_find` initializes SQLite and returns a registered VFS or null. Its
            // `xGetSystemCall`/`xSetSystemCall` read and replace one entry of the unix VFS's table of system calls;
            // `"open"` is `int(*)(const char*, int, int)` there (`posixOpen`), the type of `OpenFn`. This runs once,
            // before this crate opens a connection.
            unsafe {
                let vfs = rusqlite::ffi::sqlite3_vfs_find(std::ptr::null());
                if vfs.is_null() {
                    return Err("SQLite has no default VFS".to_string());
                }
                let name = CStr::from_ptr((*vfs).zName).to_string_lossy().into_owned();
                let (Some(get), Some(set)) = ((*vfs).xGetSystemCall, (*vfs).xSetSystemCall) else {
                    return Err(format!("SQLite's default VFS `{name}` does not let its open() be checked"));
                };
                let current = get(vfs, c"open".as_ptr())
                    .ok_or_else(|| format!("SQLite's default VFS `{name}` has no open() to check"))?;
                let current: OpenFn = std::mem::transmute::<unsafe extern "C" fn(), OpenFn>(current);
                let _ = ORIGINAL.set(current);
                let ours = std::mem::transmute::<OpenFn, unsafe extern "C" fn()>(checked_open);
                if set(vfs, c"open".as_ptr(), Some(ours)) != rusqlite::ffi::SQLITE_OK {
                    return Err(format!("SQLite's default VFS `{name}` refused a checked open()"));
                }
                Ok(())
            }
        })
        .clone()
}

/// Why the last `open()` SQLite made on this thread was refused, cleared as it is read.
pub(crate) fn take_refusal() -> Option<String> {
    REFUSED.try_with(|r| r.borrow_mut().take()).ok().flatten()
}

/// The unix VFS's `open()`: the real one, then [`refusal`] on the descriptor; a refused descriptor is closed and
/// SQLite hears `EPERM` (it then tries read-only, refused the same way, and reports it cannot open the file).
unsafe extern "C" fn checked_open(path: *const c_char, flags: c_int, mode: c_int) -> c_int {
    let Some(original) = ORIGINAL.get() else {
        // SAFETY: errno is this thread's.
        unsafe { *libc::__errno_location() = libc::EPERM };
        return -1;
    };
    // SAFETY: SQLite's own arguments to its own `open()`.
    let fd = unsafe { original(path, flags, mode) };
    // `try_with`: never a panic inside a C callback (a thread-local already gone at thread exit).
    let last_refused = LAST_REFUSED_NAME.try_with(|n| n.borrow_mut().take()).ok().flatten();
    if fd < 0 || path.is_null() {
        return fd;
    }
    // SAFETY: SQLite passes a NUL-terminated path.
    let name = unsafe { CStr::from_ptr(path) };
    let retry = flags & libc::O_ACCMODE == libc::O_RDONLY && last_refused.as_deref() == Some(name.to_bytes());
    let why = std::panic::catch_unwind(|| refusal(fd, name))
        .unwrap_or_else(|_| Some("the check of its names failed".to_string()))
        .or_else(|| retry.then(|| retried(&name.to_string_lossy())));
    match why {
        None => fd,
        Some(why) => {
            // SAFETY: `fd` is the descriptor just opened, owned by no one else; errno is this thread's.
            unsafe {
                libc::close(fd);
                *libc::__errno_location() = libc::EPERM;
            }
            // A retry keeps the first refusal's reason, the one that says what was found.
            let _ = REFUSED.try_with(|r| {
                let mut r = r.borrow_mut();
                if !retry || r.is_none() {
                    *r = Some(why);
                }
            });
            let _ = LAST_REFUSED_NAME.try_with(|n| *n.borrow_mut() = Some(name.to_bytes().to_vec()));
            -1
        }
    }
}

fn fstat(fd: c_int) -> Option<libc::stat> {
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: `fd` is open; `st` is written by a successful `fstat`.
    (unsafe { libc::fstat(fd, st.as_mut_ptr()) } == 0).then(|| unsafe { st.assume_init() })
}

/// Why SQLite must not use the descriptor `fd` it opened by `name`, or `None` (see the module doc).
// `nlink_t`, `dev_t` and `ino_t` are `u64` here and narrower or signed elsewhere (aarch64, the BSDs): the casts stay.
#[allow(clippy::unnecessary_cast)]
fn refusal(fd: c_int, name: &CStr) -> Option<String> {
    let shown = name.to_string_lossy();
    let Some(st) = fstat(fd) else {
        return Some(format!("`{shown}` could not be examined after it was opened (fstat failed): refused (F943)"));
    };
    if st.st_mode & libc::S_IFMT != libc::S_IFREG {
        return None;
    }
    if st.st_nlink != 1 {
        return Some(linked(&shown, st.st_nlink as u64));
    }
    // A file mounted over a companion's name (attack 27's H5, root only) has one name and a live entry: the mount is
    // what tells it (F945). Only the companions: a database file bind-mounted into a container is a deployment.
    let bytes = name.to_bytes();
    if [&b"-wal"[..], b"-shm", b"-journal"].iter().any(|suffix| bytes.ends_with(suffix)) && mount_root(fd) == Some(true)
    {
        return Some(mounted(&shown));
    }
    // The kernel drops the count before it drops the name (`drop_nlink` in the file system's unlink, `d_delete`
    // after it returns, both under the directory's lock): a count of one read in between, with the name still live,
    // was the victim's (F415). Reading the directory takes that lock, so once it returns an unlink in progress at the
    // `fstat` has removed its name, and the check below sees it.
    wait_for_names_in_flight(name);
    if let Some(removed) = name_removed_since_open(fd) {
        return removed.then(|| raced(&shown));
    }
    // No `/proc`: the name still gives the descriptor's file, and the count is still one after that.
    let same =
        std::fs::symlink_metadata(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(name.to_bytes()))
            .is_ok_and(|m| {
                use std::os::unix::fs::MetadataExt as _;
                m.dev() == st.st_dev as u64 && m.ino() == st.st_ino as u64
            });
    match fstat(fd) {
        Some(again) if same && again.st_nlink == 1 => None,
        Some(again) if again.st_nlink != 1 => Some(linked(&shown, again.st_nlink as u64)),
        _ => Some(raced(&shown)),
    }
}

/// Whether `fd` is the root of a mount (Linux `statx`, `STATX_ATTR_MOUNT_ROOT`, kernels from 5.8); `None` where that
/// cannot be told.
fn mount_root(fd: c_int) -> Option<bool> {
    #[cfg(target_os = "linux")]
    {
        let mut stx = std::mem::MaybeUninit::<libc::statx>::zeroed();
        // SAFETY: `fd` is open; an empty path with `AT_EMPTY_PATH` examines it; `stx` is written on success.
        let rc = unsafe { libc::statx(fd, c"".as_ptr(), libc::AT_EMPTY_PATH, 0, stx.as_mut_ptr()) };
        if rc != 0 {
            return None;
        }
        // SAFETY: written by the successful `statx` (and zeroed before).
        let stx = unsafe { stx.assume_init() };
        let bit = libc::STATX_ATTR_MOUNT_ROOT as u64;
        (stx.stx_attributes_mask & bit != 0).then_some(stx.stx_attributes & bit != 0)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = fd;
        None
    }
}

/// Waits until no link or unlink is in progress in the directory of `name`: reading a directory takes its lock (shared),
/// which a link or unlink holds (exclusive) from before it changes the count until after it changes the name. A
/// directory that cannot be read is not waited for (the name check after it then fails closed or passes as before).
fn wait_for_names_in_flight(name: &CStr) {
    let path = std::path::Path::new(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(name.to_bytes()));
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => std::path::Path::new("."),
    };
    if let Ok(mut entries) = std::fs::read_dir(dir) {
        let _ = entries.next();
    }
}

/// Whether the directory entry `fd` was opened through has been removed since (Linux: `/proc/self/fd/N` then reads
/// "… (deleted)"); `None` where that cannot be read.
fn name_removed_since_open(fd: c_int) -> Option<bool> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let target = std::fs::read_link(format!("/proc/self/fd/{fd}")).ok()?;
    Some(target.as_os_str().as_encoded_bytes().ends_with(b" (deleted)"))
}

fn linked(name: &str, links: u64) -> String {
    format!(
        "`{name}` has {links} names (hard links): SQLite would write this database's pages, log or index into another \
         file (a key, say); refused before a byte was written (F942, ADR-942). No door makes such a link: remove the \
         other names (a copy, not a link, is a backup)"
    )
}

fn mounted(name: &str) -> String {
    format!(
        "`{name}` is a mount point (a file mounted over the name): SQLite would write this database's log or index into \
         the mounted file (a key, say); refused before a byte was written (F945, ADR-942). Unmount it"
    )
}

fn retried(name: &str) -> String {
    format!(
        "`{name}` was refused a moment ago on this thread and SQLite retried it read-only: refused too, so no door runs \
         on a read-only log or index (F943, F413, ADR-942). Look for what makes and removes names beside the database"
    )
}

fn raced(name: &str) -> String {
    format!(
        "`{name}` changed while SQLite opened it (a name linked or removed in between: the file opened may be another \
         file's, a key's, say); refused before a byte was written (F943, ADR-942). If no door is running, look for \
         what makes and removes names beside the database"
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::os::fd::AsRawFd as _;

    fn c_name(path: &std::path::Path) -> std::ffi::CString {
        std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap()
    }

    /// F943's second check, without a race: a file opened through a hard link whose link is then removed has one
    /// name left (the key's), so the count alone passes it; the descriptor's name, removed, refuses it.
    #[test]
    fn a_file_whose_name_was_removed_after_the_open_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("seal.key");
        std::fs::write(&key, b"secret").unwrap();
        let wal = dir.path().join("t.db-wal");
        std::fs::hard_link(&key, &wal).unwrap();
        let opened = std::fs::OpenOptions::new().read(true).write(true).open(&wal).unwrap();
        let name = c_name(&wal);
        let why = refusal(opened.as_raw_fd(), &name).unwrap();
        assert!(why.contains("2 names") && why.contains("F942"), "{why}");
        std::fs::remove_file(&wal).unwrap();
        let why = refusal(opened.as_raw_fd(), &name).expect("the key's inode, its link removed, passed");
        assert!(why.contains("t.db-wal") && why.contains("F943"), "{why}");
        // Another link made again at the name: still the removed entry for this descriptor, and two names.
        std::fs::hard_link(&key, &wal).unwrap();
        assert!(refusal(opened.as_raw_fd(), &name).is_some());
    }

    /// F945 (attack 27's H5): the seal key bind-mounted over `-wal` has one name and a live entry; the mount refuses
    /// it. Needs root (a bind mount): elsewhere it says so and checks nothing.
    #[test]
    fn a_file_mounted_over_a_companions_name_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("seal.key");
        std::fs::write(&key, b"secret").unwrap();
        let wal = dir.path().join("t.db-wal");
        std::fs::write(&wal, b"").unwrap();
        let mounted = std::process::Command::new("mount").arg("--bind").arg(&key).arg(&wal).status();
        if !mounted.is_ok_and(|s| s.success()) {
            eprintln!("no bind mount here (not root?): F945 not checked");
            return;
        }
        let opened = std::fs::OpenOptions::new().read(true).write(true).open(&wal);
        let why = opened.as_ref().ok().and_then(|f| refusal(f.as_raw_fd(), &c_name(&wal)));
        drop(opened);
        let unmounted = std::process::Command::new("umount").arg(&wal).status().unwrap();
        assert!(unmounted.success());
        let why = why.expect("a key mounted over -wal passed");
        assert!(why.contains("mount point") && why.contains("F945"), "{why}");
    }

    /// F413: SQLite retries a refused read-write open read-only at once (`unixOpen`, `unixOpenSharedMemory`). A link
    /// removed between the two let the retry pass: the door then ran on a read-only `-wal` or `-shm` and failed later
    /// with "attempt to write a readonly database", the refusal's reason lost (1 run in 60 of the raced-link test under
    /// load). The retry is refused with the first reason; the next open of the name is checked afresh.
    #[test]
    fn the_read_only_retry_of_a_refused_name_is_refused_too() {
        install().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("seal.key");
        std::fs::write(&key, b"secret").unwrap();
        let wal = dir.path().join("t.db-wal");
        std::fs::hard_link(&key, &wal).unwrap();
        let name = c_name(&wal);
        take_refusal();
        // SAFETY: a NUL-terminated path; the descriptor, if any, is closed below.
        let fd = unsafe { checked_open(name.as_ptr(), libc::O_RDWR | libc::O_CREAT, 0o644) };
        assert_eq!(fd, -1, "a companion with two names was opened");
        // The link goes away between SQLite's two attempts: the name is now a file of one name.
        std::fs::remove_file(&wal).unwrap();
        std::fs::write(&wal, b"").unwrap();
        // SAFETY: as above.
        let retry = unsafe { checked_open(name.as_ptr(), libc::O_RDONLY, 0) };
        if retry >= 0 {
            // SAFETY: the descriptor just opened.
            unsafe { libc::close(retry) };
        }
        assert_eq!(retry, -1, "the read-only retry of a refused name was let through");
        let why = take_refusal().unwrap();
        assert!(why.contains("2 names") && why.contains("F942"), "the first reason was not kept: {why}");
        // SAFETY: as above.
        let later = unsafe { checked_open(name.as_ptr(), libc::O_RDWR, 0) };
        assert!(later >= 0, "a later open of the name, a file of one name, was refused: {:?}", take_refusal());
        // SAFETY: the descriptor just opened.
        unsafe { libc::close(later) };
    }

    /// A file of one name, and a directory (SQLite opens the database's directory to sync it), pass.
    #[test]
    fn a_file_of_one_name_and_a_directory_pass() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        std::fs::write(&db, b"").unwrap();
        let file = std::fs::File::open(&db).unwrap();
        assert_eq!(refusal(file.as_raw_fd(), &c_name(&db)), None);
        let directory = std::fs::File::open(dir.path()).unwrap();
        assert_eq!(refusal(directory.as_raw_fd(), &c_name(dir.path())), None);
    }
}
