//! The database files this process holds open through SQLite, so that nothing else in the process closes a
//! descriptor of theirs (attack 41's H2, F1420, ADR-1420).
//!
//! POSIX record locks belong to a process and a file, not to a descriptor: closing *any* descriptor of a file drops
//! every lock the process holds on it. SQLite knows this and never closes a descriptor of a locked file itself (it
//! keeps it for reuse); but the store's own look at a database (ADR-1211: the header read with `std::fs`, the
//! `immutable=1` connection that reads the file alone, the read-only connection that reads it through its log) opened
//! and closed descriptors of the database file each time a connection was added — the checkpointer's, every pooled
//! reader's, a secret door's side connection. After the first, the writer's SHARED lock was gone: another SQLite
//! client (`sqlite3 fe.db "select …"`, a backup) then took the database for its own, checkpointed and deleted the
//! live `-wal` and `-shm` under a running `serve`, and a CLI `kill-switch on` went into a log `serve` no longer read.
//!
//! So the store registers the file (its device and inode) once its first connection is open, and the look is made
//! only while no store of this process holds the file: the first connection's look vouches for the rest (they open
//! the same inode, each still through ADR-942's checked `open()`).

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

type Key = (u64, u64);

fn registry() -> &'static Mutex<HashMap<Key, usize>> {
    static HELD: OnceLock<Mutex<HashMap<Key, usize>>> = OnceLock::new();
    HELD.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The file's device and inode, by `stat` (no descriptor is opened, so no lock is touched); `None` when it cannot
/// be read (no file yet).
fn key(path: &Path) -> Option<Key> {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Whether a store of this process holds the database at `path` open: then nothing but SQLite may open (and so
/// close) a descriptor of it.
pub(crate) fn is_held(path: &Path) -> bool {
    key(path).is_some_and(|k| registry().lock().map(|held| held.contains_key(&k)).unwrap_or(true))
}

/// A store's hold on its database file, for as long as the store lives (dropped after its connections).
#[derive(Debug)]
pub(crate) struct Held(Option<Key>);

impl Held {
    /// Registers the file at `path`, which the caller's SQLite connection has just opened.
    pub(crate) fn register(path: &Path) -> Held {
        let key = key(path);
        if let (Some(k), Ok(mut held)) = (key, registry().lock()) {
            *held.entry(k).or_insert(0) += 1;
        }
        Held(key)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if let (Some(k), Ok(mut held)) = (self.0, registry().lock())
            && let Some(count) = held.get_mut(&k)
        {
            *count -= 1;
            if *count == 0 {
                held.remove(&k);
            }
        }
    }
}
