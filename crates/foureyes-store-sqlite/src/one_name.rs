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
//! name, both under the directory's lock, and reading the directory waits for that lock (F415).
//!
//! A file of one name can still be another's (F417, attack 37): SQLite follows a database path that is a symbolic
//! link and keeps the companions beside its target, so keys named like companions in that directory became its log and
//! index. So a companion (`-wal`, `-shm`, `-journal`) must also be a regular file, and one that already holds bytes
//! must start with SQLite's own header or zeros — at open, and before SQLite's `unlink()` (replaced too: SQLite deletes a
//! `-wal` beside an empty database, and both companions at close, by name, without opening them). Off Linux (or without
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

type UnlinkFn = unsafe extern "C" fn(*const c_char) -> c_int;

/// The unix VFS's `unlink()` before [`install`] replaced it.
static ORIGINAL_UNLINK: OnceLock<UnlinkFn> = OnceLock::new();

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
                // `"unlink"` is `int(*)(const char*)` there; SQLite deletes a log or index by name (F417).
                let current = get(vfs, c"unlink".as_ptr())
                    .ok_or_else(|| format!("SQLite's default VFS `{name}` has no unlink() to check"))?;
                let _ = ORIGINAL_UNLINK.set(std::mem::transmute::<unsafe extern "C" fn(), UnlinkFn>(current));
                let ours = std::mem::transmute::<UnlinkFn, unsafe extern "C" fn()>(checked_unlink);
                if set(vfs, c"unlink".as_ptr(), Some(ours)) != rusqlite::ffi::SQLITE_OK {
                    return Err(format!("SQLite's default VFS `{name}` refused a checked unlink()"));
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
    // SAFETY: SQLite's own arguments to its own `open()`, with `O_NONBLOCK`: a FIFO at the database's or a companion's
    // name must not block the door in `open()` (attack 39: every door hung for ever); it is refused below by `fstat`,
    // before anything reads it, and a descriptor kept gets its flags back.
    let fd = unsafe { original(path, flags | libc::O_NONBLOCK, mode) };
    // SAFETY: errno is this thread's, read right after the call that set it.
    let errno = unsafe { *libc::__errno_location() };
    // `try_with`: never a panic inside a C callback (a thread-local already gone at thread exit).
    let last_refused = LAST_REFUSED_NAME.try_with(|n| n.borrow_mut().take()).ok().flatten();
    if fd < 0 && errno == libc::ELOOP && flags & libc::O_NOFOLLOW != 0 && !path.is_null() {
        // SQLite opens its log and index with `O_NOFOLLOW`: a symbolic link planted there was refused by the kernel,
        // and SQLite says only "unable to open database file". Say which file (attack 37's 1.8).
        // SAFETY: SQLite passes a NUL-terminated path.
        let shown = unsafe { CStr::from_ptr(path) }.to_string_lossy().into_owned();
        let _ = REFUSED.try_with(|r| *r.borrow_mut() = Some(symlinked(&shown)));
        // SAFETY: errno is this thread's: SQLite reads the open's own.
        unsafe { *libc::__errno_location() = errno };
        return fd;
    }
    if fd < 0 || path.is_null() {
        // SAFETY: as above.
        unsafe { *libc::__errno_location() = errno };
        return fd;
    }
    // SAFETY: SQLite passes a NUL-terminated path.
    let name = unsafe { CStr::from_ptr(path) };
    let retry = flags & libc::O_ACCMODE == libc::O_RDONLY && last_refused.as_deref() == Some(name.to_bytes());
    let why = std::panic::catch_unwind(|| refusal(fd, name))
        .unwrap_or_else(|_| Some("the check of its names failed".to_string()))
        .or_else(|| retry.then(|| retried(&name.to_string_lossy())));
    match why {
        None => {
            if flags & libc::O_NONBLOCK == 0 {
                // SAFETY: `fd` is the descriptor just opened; F_GETFL/F_SETFL change only its status flags.
                unsafe {
                    let now = libc::fcntl(fd, libc::F_GETFL);
                    if now >= 0 {
                        libc::fcntl(fd, libc::F_SETFL, now & !libc::O_NONBLOCK);
                    }
                }
            }
            fd
        }
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

/// The unix VFS's `unlink()`: SQLite deletes its log and index by name — a database found empty deletes a `-wal`
/// left beside it, and the last connection deletes both at close — so a key of one name at a companion's name (reached
/// through a database path linked into the key's directory) was deleted without ever being opened (attack 37's 1.2,
/// F417). A companion is deleted only when what is there is SQLite's own file, or no regular file.
unsafe extern "C" fn checked_unlink(path: *const c_char) -> c_int {
    let Some(original) = ORIGINAL_UNLINK.get() else {
        // SAFETY: errno is this thread's.
        unsafe { *libc::__errno_location() = libc::EPERM };
        return -1;
    };
    if !path.is_null() {
        // SAFETY: SQLite passes a NUL-terminated path.
        let name = unsafe { CStr::from_ptr(path) };
        if is_companion(name.to_bytes()) && cfg!(all(target_os = "linux", target_env = "gnu")) {
            // The companion is deleted only as the file that was checked (ADR-1214): no rename between the check
            // and the deletion can make SQLite delete another file.
            let done = std::panic::catch_unwind(|| unlink_checked_companion(name, *original))
                .unwrap_or_else(|_| Err((libc::EPERM, Some("the check of what it deletes failed".to_string()))));
            return match done {
                Ok(()) => 0,
                Err((errno, why)) => {
                    if let Some(why) = why {
                        let _ = REFUSED.try_with(|r| *r.borrow_mut() = Some(why));
                    }
                    // SAFETY: errno is this thread's.
                    unsafe { *libc::__errno_location() = errno };
                    -1
                }
            };
        }
        let why = std::panic::catch_unwind(|| deletion_refusal(name))
            .unwrap_or_else(|_| Some("the check of what it deletes failed".to_string()));
        if let Some(why) = why {
            let _ = REFUSED.try_with(|r| *r.borrow_mut() = Some(why));
            // SAFETY: errno is this thread's.
            unsafe { *libc::__errno_location() = libc::EPERM };
            return -1;
        }
    }
    // SAFETY: SQLite's own argument to its own `unlink()`.
    unsafe { original(path) }
}

/// Deletes the companion `name` only as the file checked (attack 38's H5, ADR-1214). F417 checked the file at the
/// name, then SQLite unlinked the *name*: a foreign file renamed onto it in between was deleted (2 of 314,800 swaps at
/// `-wal`, 13 of 330,963 at `-shm`). Now: open it and check it (SQLite's own bytes, or not a regular file), move it by
/// `renameat2(RENAME_NOREPLACE)` to a fresh name beside it, and delete that name only when it is still the inode that
/// was checked; another file found there is put back at the companion's name (or, when the name has been taken again
/// meanwhile, left at the fresh name, said in the refusal). `Err((errno, why))` as SQLite's `unlink()` would fail.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn unlink_checked_companion(name: &CStr, original: UnlinkFn) -> Result<(), (c_int, Option<String>)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let errno = || {
        // SAFETY: errno is this thread's, read right after the call that set it.
        unsafe { *libc::__errno_location() }
    };
    // SAFETY: a NUL-terminated path; a descriptor opened here is closed below.
    let fd =
        unsafe { libc::open(name.as_ptr(), libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC) };
    if fd < 0 {
        let e = errno();
        if e == libc::ENOENT {
            return Err((libc::ENOENT, None));
        }
        // A symbolic link (refused at open, F417) or a file that cannot be opened: SQLite's unlink as before, the
        // name only (a link's target is not touched).
        // SAFETY: SQLite's own argument to its own `unlink()`.
        return if unsafe { original(name.as_ptr()) } == 0 { Ok(()) } else { Err((errno(), None)) };
    }
    let checked = fstat(fd);
    let why = match checked {
        Some(st) if st.st_mode & libc::S_IFMT == libc::S_IFREG => not_sqlites(fd, name),
        Some(_) => None,
        None => Some("could not be examined".to_string()),
    };
    // The descriptor stays open until the inode found at the fresh name has been compared: while it is open the
    // checked inode cannot be freed, so its number cannot be reused by a file made in the meantime.
    let fd = CloseOnDrop(fd);
    let shown = name.to_string_lossy().into_owned();
    if why.is_some() {
        return Err((libc::EPERM, Some(kept(&shown))));
    }
    let Some(checked) = checked else { return Err((libc::EPERM, Some(kept(&shown)))) };
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let mut aside = name.to_bytes().to_vec();
    aside.extend_from_slice(
        format!(".deleting-{}-{}-{nanos:x}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)).as_bytes(),
    );
    let Ok(aside) = std::ffi::CString::new(aside) else { return Err((libc::EPERM, Some(kept(&shown)))) };
    // SAFETY: two NUL-terminated paths.
    let moved = unsafe {
        libc::renameat2(libc::AT_FDCWD, name.as_ptr(), libc::AT_FDCWD, aside.as_ptr(), libc::RENAME_NOREPLACE)
    };
    if moved != 0 {
        return Err((errno(), None));
    }
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: a NUL-terminated path; `st` is written by a successful `lstat`.
    let same = unsafe { libc::lstat(aside.as_ptr(), st.as_mut_ptr()) } == 0 && {
        // SAFETY: written by the successful `lstat` just above.
        let st = unsafe { st.assume_init() };
        st.st_dev == checked.st_dev && st.st_ino == checked.st_ino
    };
    if same {
        // SAFETY: the fresh name made above, holding the file checked.
        let gone = unsafe { libc::unlink(aside.as_ptr()) };
        drop(fd);
        return if gone == 0 { Ok(()) } else { Err((errno(), None)) };
    }
    drop(fd);
    // Another file was put at the name after the check: it goes back, never deleted.
    // SAFETY: two NUL-terminated paths.
    let back = unsafe {
        libc::renameat2(libc::AT_FDCWD, aside.as_ptr(), libc::AT_FDCWD, name.as_ptr(), libc::RENAME_NOREPLACE)
    };
    let left = if back == 0 { shown.clone() } else { aside.to_string_lossy().into_owned() };
    Err((libc::EPERM, Some(swapped(&shown, &left))))
}

/// A descriptor closed when dropped.
struct CloseOnDrop(c_int);

impl Drop for CloseOnDrop {
    fn drop(&mut self) {
        // SAFETY: the descriptor this owns, opened by this module and closed once.
        unsafe { libc::close(self.0) };
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn unlink_checked_companion(_name: &CStr, _original: UnlinkFn) -> Result<(), (c_int, Option<String>)> {
    Err((libc::EPERM, None))
}

fn swapped(name: &str, left: &str) -> String {
    format!(
        "`{name}` became another file between its check and its deletion (a file renamed onto the name): not deleted, \
         kept at `{left}`, and the store refused (ADR-1214, attack 38's H5). Look for what renames files beside the \
         database"
    )
}

/// Why SQLite must not delete the companion `name`: it is a regular file whose bytes are not SQLite's.
fn deletion_refusal(name: &CStr) -> Option<String> {
    if !is_companion(name.to_bytes()) {
        return None;
    }
    // SAFETY: a NUL-terminated path; a descriptor opened here is closed below.
    let fd =
        unsafe { libc::open(name.as_ptr(), libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC) };
    if fd < 0 {
        return None;
    }
    let why = match fstat(fd) {
        Some(st) if st.st_mode & libc::S_IFMT == libc::S_IFREG => {
            not_sqlites(fd, name).map(|_| kept(&name.to_string_lossy()))
        }
        _ => None,
    };
    // SAFETY: the descriptor opened above.
    unsafe { libc::close(fd) };
    why
}

fn fstat(fd: c_int) -> Option<libc::stat> {
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: `fd` is open; `st` is written by a successful `fstat`.
    (unsafe { libc::fstat(fd, st.as_mut_ptr()) } == 0).then(|| unsafe { st.assume_init() })
}

/// Why SQLite must not use the descriptor `fd` it opened by `name`, or `None` (see the module doc).
fn refusal(fd: c_int, name: &CStr) -> Option<String> {
    if let Some(st) = fstat(fd)
        && matches!(st.st_mode & libc::S_IFMT, libc::S_IFIFO | libc::S_IFSOCK)
    {
        return Some(format!(
            "`{}` is a {}, not a regular file: refused without reading it (attack 39, ADR-1253)",
            name.to_string_lossy(),
            if st.st_mode & libc::S_IFMT == libc::S_IFIFO { "FIFO (named pipe)" } else { "socket" }
        ));
    }
    names_refusal(fd, name).or_else(|| is_companion(name.to_bytes()).then(|| not_sqlites(fd, name)).flatten())
}

/// Whether `name` is one of the files SQLite keeps beside a database: its log, its index or its rollback journal.
fn is_companion(name: &[u8]) -> bool {
    [&b"-wal"[..], b"-shm", b"-journal"].iter().any(|suffix| name.ends_with(suffix))
}

/// Why a companion that already holds bytes is not SQLite's own (its log, index or rollback journal): a file of one
/// name that SQLite would take over, truncate and delete — a key named like a companion, reached through a database
/// path that is a symbolic link into the key's directory (attack 37's 1.2: `/keys/x-wal` and `/keys/x-shm` used as the
/// log and index of a database linked at `/keys/x`, then deleted). What SQLite leaves there, even after a crash, starts
/// with its magic number or with zeros.
fn not_sqlites(fd: c_int, name: &CStr) -> Option<String> {
    let bytes = name.to_bytes();
    let mut head = [0u8; 8];
    // SAFETY: `fd` is open; `head` has room for the bytes asked; `pread` leaves the file offset alone.
    let read = unsafe { libc::pread(fd, head.as_mut_ptr().cast(), head.len(), 0) };
    let Ok(read) = usize::try_from(read) else {
        return Some(format!("`{}` could not be read after it was opened: refused (F417)", name.to_string_lossy()));
    };
    let head = &head[..read];
    if head.iter().all(|b| *b == 0) {
        // Zeros must be the whole file (attack 38's H3, ADR-1213): an ISO image, a pre-allocated or sparse file starts
        // with zeros too, and its data further on is not SQLite's.
        return zeros_to_the_end(fd, name);
    }
    let theirs = if bytes.ends_with(b"-wal") {
        // The log's header: a big-endian magic number, 0x377f0682 or 0x377f0683.
        head.len() >= 4 && matches!(u32::from_be_bytes([head[0], head[1], head[2], head[3]]), 0x377f_0682 | 0x377f_0683)
    } else if bytes.ends_with(b"-shm") {
        // The index: a few bytes while its first user sets it up, then its header's version (3007000, native order).
        head.len() < 4 || u32::from_ne_bytes([head[0], head[1], head[2], head[3]]) == 3_007_000
    } else {
        // A rollback journal's header magic.
        head.len() == 8 && head == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
    };
    (!theirs).then(|| foreign(&name.to_string_lossy()))
}

/// The most bytes of data (holes not counted) read to tell that a companion starting with zeros is zeros to its end
/// (ADR-1213): SQLite's own zeroed files are an index being set up (32 KiB) or a log or journal whose header it
/// cleared; a larger one is refused, named, rather than read without bound.
pub(crate) const ZEROS_READ_BOUND: u64 = 64 << 20;

/// Why `fd`, whose first bytes are zeros, is not SQLite's: a byte past them that is not zero, or more data than
/// [`ZEROS_READ_BOUND`] to read. Holes are skipped with `SEEK_DATA`/`SEEK_HOLE`, so a sparse file costs its data only.
/// Reads with `pread`; the descriptor's offset is put back where it was.
fn zeros_to_the_end(fd: c_int, name: &CStr) -> Option<String> {
    let shown = || name.to_string_lossy().into_owned();
    let size = match fstat(fd) {
        Some(st) => u64::try_from(st.st_size).unwrap_or(0),
        None => return Some(format!("`{}` could not be examined after it was opened: refused (F417)", shown())),
    };
    // SAFETY: `fd` is open; `lseek` with `SEEK_CUR` 0 only reads the offset.
    let offset = unsafe { libc::lseek(fd, 0, libc::SEEK_CUR) };
    let mut at: u64 = 0;
    let mut read_total: u64 = 0;
    let mut buf = vec![0u8; 64 << 10];
    let why = 'scan: loop {
        if at >= size {
            break None;
        }
        let Ok(from) = libc::off_t::try_from(at) else { break Some(too_large(&shown())) };
        // SAFETY: `fd` is open; `SEEK_DATA`/`SEEK_HOLE` only move its offset (restored below).
        let data = unsafe { libc::lseek(fd, from, libc::SEEK_DATA) };
        let data = if data < 0 {
            // SAFETY: errno is this thread's, read right after the call that set it.
            match unsafe { *libc::__errno_location() } {
                libc::ENXIO => break None, // no data from `at` to the end: a hole
                _ => from,                 // no SEEK_DATA here: every byte is data
            }
        } else {
            data
        };
        // SAFETY: as above.
        let hole = unsafe { libc::lseek(fd, data, libc::SEEK_HOLE) };
        let end = if hole < 0 { size } else { u64::try_from(hole).unwrap_or(size).min(size) };
        let mut pos = u64::try_from(data).unwrap_or(size);
        while pos < end {
            let want = usize::try_from((end - pos).min(buf.len() as u64)).unwrap_or(buf.len());
            if read_total + want as u64 > ZEROS_READ_BOUND {
                break 'scan Some(too_large(&shown()));
            }
            let Ok(at_off) = libc::off_t::try_from(pos) else { break 'scan Some(too_large(&shown())) };
            // SAFETY: `fd` is open; `buf` has room for `want` bytes.
            let got = unsafe { libc::pread(fd, buf.as_mut_ptr().cast(), want, at_off) };
            let Ok(got) = usize::try_from(got) else {
                break 'scan Some(format!("`{}` could not be read after it was opened: refused (F417)", shown()));
            };
            if got == 0 {
                break;
            }
            read_total += got as u64;
            if let Some(i) = buf[..got].iter().position(|b| *b != 0) {
                break 'scan Some(zeros_then_data(&shown(), pos + i as u64));
            }
            pos += got as u64;
        }
        at = end.max(at + 1);
    };
    if offset >= 0 {
        // SAFETY: puts back the offset read above.
        unsafe { libc::lseek(fd, offset, libc::SEEK_SET) };
    }
    why
}

fn zeros_then_data(name: &str, at: u64) -> String {
    format!(
        "`{name}` starts with zeros but holds data at byte {at}: not SQLite's log, index or journal (an image, a \
         pre-allocated or sparse file of another program), which SQLite would overwrite and delete; refused before a \
         byte was written (F417, attack 38's H3, ADR-1213). If no door is running and it is not yours, move it away"
    )
}

fn too_large(name: &str) -> String {
    format!(
        "`{name}` starts with zeros and holds more than {} MiB of data: too much to check that it is zeros to its end \
         (SQLite's own zeroed files are small); refused before a byte was written (F417, ADR-1213). If no door is \
         running and it is not yours, move it away",
        ZEROS_READ_BOUND >> 20
    )
}

/// [`refusal`]'s name checks (see the module doc).
// `nlink_t`, `dev_t` and `ino_t` are `u64` here and narrower or signed elsewhere (aarch64, the BSDs): the casts stay.
#[allow(clippy::unnecessary_cast)]
fn names_refusal(fd: c_int, name: &CStr) -> Option<String> {
    let shown = name.to_string_lossy();
    let Some(st) = fstat(fd) else {
        return Some(format!("`{shown}` could not be examined after it was opened (fstat failed): refused (F943)"));
    };
    let companion = is_companion(name.to_bytes());
    if st.st_mode & libc::S_IFMT != libc::S_IFREG {
        // Directories (which SQLite opens to sync them) pass, and so may a database on a device; a log, index or
        // rollback journal is a regular file SQLite made, never a device or a FIFO planted there (attack 37's 1.3: a
        // block device over a key at `-wal` took the log's frames).
        return companion.then(|| not_a_file(&shown));
    }
    if st.st_nlink != 1 {
        return Some(linked(&shown, st.st_nlink as u64));
    }
    // A file mounted over a companion's name (attack 27's H5, root only) has one name and a live entry: the mount is
    // what tells it (F945). Only the companions: a database file bind-mounted into a container is a deployment.
    if companion && mount_root(fd) == Some(true) {
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

pub(crate) fn linked(name: &str, links: u64) -> String {
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

fn not_a_file(name: &str) -> String {
    format!(
        "`{name}` is not a regular file (a device, a FIFO or a socket at the name of this database's log, index or \
         journal): SQLite would write into it; refused before a byte was written (F417, ADR-942). Remove it"
    )
}

fn foreign(name: &str) -> String {
    format!(
        "`{name}` already holds bytes that are not SQLite's (no log, index or journal header): it is another file with \
         this database's companion name (a key, say), which SQLite would overwrite and delete; refused before a byte \
         was written (F417, ADR-942). If no door is running and it is not yours, move it away"
    )
}

fn kept(name: &str) -> String {
    format!(
        "`{name}` is not SQLite's file (no log or index header): SQLite would delete it as this database's companion; \
         kept, and the store refused (F417, ADR-942). If no door is running and it is not yours, move it away"
    )
}

fn symlinked(name: &str) -> String {
    format!(
        "`{name}` is a symbolic link: SQLite opens this database's log and index without following links, so the open \
         was refused (F417, ADR-942). Remove the link"
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

    /// Attack 37's 1.2, 1.3, 1.8, 1.9 (F417): a companion of one name that already holds bytes not SQLite's (a key
    /// reached through a database path linked into its directory) is refused, as is a FIFO at a companion's name and
    /// a symbolic link there (named now, not "unable to open database file"); SQLite's own headers and zeros pass.
    #[test]
    fn a_companion_that_is_not_sqlites_own_file_is_refused_and_named() {
        install().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let open_rw = |path: &std::path::Path| std::fs::OpenOptions::new().read(true).write(true).open(path).unwrap();
        let wal = dir.path().join("x-wal");
        std::fs::write(&wal, b"-----BEGIN PRIVATE KEY-----\n").unwrap();
        let why = refusal(open_rw(&wal).as_raw_fd(), &c_name(&wal)).expect("a key at -wal passed");
        assert!(why.contains("x-wal") && why.contains("F417"), "{why}");
        let shm = dir.path().join("x-shm");
        std::fs::write(&shm, b"secret-key-bytes").unwrap();
        assert!(refusal(open_rw(&shm).as_raw_fd(), &c_name(&shm)).is_some(), "a key at -shm passed");
        let journal = dir.path().join("x-journal");
        std::fs::write(&journal, b"not a journal").unwrap();
        assert!(refusal(open_rw(&journal).as_raw_fd(), &c_name(&journal)).is_some(), "a key at -journal passed");
        // SQLite's own: a log's magic, an index's version, zeros, a few set-up bytes, nothing.
        std::fs::write(&wal, [0x37, 0x7f, 0x06, 0x82, 0, 0, 0, 1]).unwrap();
        assert_eq!(refusal(open_rw(&wal).as_raw_fd(), &c_name(&wal)), None);
        let mut index = 3_007_000u32.to_ne_bytes().to_vec();
        index.extend_from_slice(&[7; 60]);
        std::fs::write(&shm, &index).unwrap();
        assert_eq!(refusal(open_rw(&shm).as_raw_fd(), &c_name(&shm)), None);
        std::fs::write(&shm, [0u8; 32]).unwrap();
        assert_eq!(refusal(open_rw(&shm).as_raw_fd(), &c_name(&shm)), None);
        std::fs::write(&shm, [1u8, 2, 3]).unwrap();
        assert_eq!(refusal(open_rw(&shm).as_raw_fd(), &c_name(&shm)), None);
        std::fs::write(&journal, b"").unwrap();
        assert_eq!(refusal(open_rw(&journal).as_raw_fd(), &c_name(&journal)), None);
        // A FIFO at -wal: not a regular file.
        let fifo = dir.path().join("f.db-wal");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let fd = open_rw(&fifo);
        let why = refusal(fd.as_raw_fd(), &c_name(&fifo)).expect("a FIFO at -wal passed");
        assert!(why.contains("not a regular file"), "{why}");
        // A symbolic link at -shm, opened as SQLite opens it: refused by the kernel, and named.
        let link = dir.path().join("l.db-shm");
        std::os::unix::fs::symlink(&shm, &link).unwrap();
        take_refusal();
        // SAFETY: a NUL-terminated path.
        let fd =
            unsafe { checked_open(c_name(&link).as_ptr(), libc::O_RDWR | libc::O_CREAT | libc::O_NOFOLLOW, 0o644) };
        assert_eq!(fd, -1);
        let why = take_refusal().expect("a symbolic link at -shm was refused without a reason");
        assert!(why.contains("l.db-shm") && why.contains("symbolic link"), "{why}");
    }

    /// Attack 38's H5 (ADR-1214): a foreign file renamed onto a companion's name between the check of what stands
    /// there and SQLite's `unlink()` of the name was deleted. Here the race is run without SQLite around it: one thread
    /// puts an empty (SQLite's own) `x-wal` and has the checked `unlink()` delete it, another renames marked foreign
    /// files onto the name and takes back what stands there. Every foreign file must be found again — taken back, at
    /// the name, or kept aside — none deleted. Red before (check, then unlink by name): foreign files lost within the
    /// 2 s. Bounded in time.
    #[test]
    fn a_file_renamed_onto_a_companion_between_check_and_unlink_is_never_deleted() {
        use std::collections::BTreeSet;
        use std::sync::atomic::{AtomicBool, Ordering};
        install().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let wal = dir.path().join("x-wal");
        let name = c_name(&wal);
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let swapper = {
            let (dir, wal, stop) = (dir.path().to_path_buf(), wal.clone(), stop.clone());
            std::thread::spawn(move || {
                let (mut placed, mut missing) = (0u64, BTreeSet::new());
                let back = dir.join("back");
                while !stop.load(Ordering::Relaxed) {
                    placed += 1;
                    let tmp = dir.join("victim.tmp");
                    std::fs::write(&tmp, format!("FOREIGN {placed}")).unwrap();
                    // Exchanged with what stands at the name (SQLite's empty log, or a foreign file put back), so
                    // the test itself never deletes a file by renaming over it.
                    let (tmp_c, wal_c) = (c_name(&tmp), c_name(&wal));
                    // SAFETY: two NUL-terminated paths.
                    let swapped = unsafe {
                        libc::renameat2(
                            libc::AT_FDCWD,
                            tmp_c.as_ptr(),
                            libc::AT_FDCWD,
                            wal_c.as_ptr(),
                            libc::RENAME_EXCHANGE,
                        )
                    };
                    if swapped == 0 {
                        let was = std::fs::read_to_string(&tmp).unwrap_or_default();
                        if let Some(n) = was.strip_prefix("FOREIGN ").and_then(|n| n.parse::<u64>().ok()) {
                            missing.remove(&n);
                        }
                        let _ = std::fs::remove_file(&tmp);
                    } else if std::fs::hard_link(&tmp, &wal).is_ok() {
                        let _ = std::fs::remove_file(&tmp);
                    } else {
                        continue;
                    }
                    for _ in 0..(placed % 7) * 50 {
                        std::hint::spin_loop();
                    }
                    match std::fs::rename(&wal, &back) {
                        Ok(()) => {
                            let got = std::fs::read_to_string(&back).unwrap_or_default();
                            if got != format!("FOREIGN {placed}") {
                                missing.insert(placed);
                            }
                            if let Some(n) = got.strip_prefix("FOREIGN ").and_then(|n| n.parse::<u64>().ok()) {
                                missing.remove(&n);
                            }
                            let _ = std::fs::remove_file(&back);
                        }
                        Err(_) => {
                            missing.insert(placed);
                        }
                    }
                }
                (placed, missing)
            })
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        let legit = dir.path().join("legit.tmp");
        let (legit_c, wal_c) = (c_name(&legit), name.clone());
        let mut deletes = 0u64;
        while std::time::Instant::now() < deadline {
            std::fs::write(&legit, b"").unwrap();
            // SAFETY: two NUL-terminated paths.
            let placed = unsafe {
                libc::renameat2(
                    libc::AT_FDCWD,
                    legit_c.as_ptr(),
                    libc::AT_FDCWD,
                    wal_c.as_ptr(),
                    libc::RENAME_NOREPLACE,
                )
            };
            if placed != 0 {
                continue;
            }
            // SAFETY: a NUL-terminated path.
            if unsafe { checked_unlink(name.as_ptr()) } == 0 {
                deletes += 1;
            }
        }
        stop.store(true, Ordering::Relaxed);
        let (placed, mut missing) = swapper.join().unwrap();
        // What stands anywhere in the directory now (at the name, or kept aside) was not deleted.
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap_or_default();
            if let Some(n) = text.strip_prefix("FOREIGN ").and_then(|n| n.parse::<u64>().ok()) {
                missing.remove(&n);
            }
        }
        assert!(deletes > 100 && placed > 100, "too few rounds to tell: {deletes} deletes, {placed} swaps");
        assert!(
            missing.is_empty(),
            "{} of {placed} foreign files deleted ({deletes} deletes): {missing:?}",
            missing.len()
        );
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
