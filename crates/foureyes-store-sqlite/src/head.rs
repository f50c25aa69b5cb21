//! What a database's own doors know of it, kept beside it (`DB.head`, ADR-1400, ADR-1401): its journal's first event,
//! the last event a door committed, and the last event its *file* is known to hold (read from the file alone at a
//! write door's open, and after each complete checkpoint). A log can only ever extend what the doors committed, and is
//! only ever written over a file that holds that floor; a fork's log (attack 41's H1) or an older copy of the file
//! beside its newer log (H3) breaks one of the two, whatever the file alone holds.
//!
//! The record is a hint a planter can delete (then ADR-1310's check is what remains) and never a reason to trust a
//! log: a missing, unreadable or another journal's record checks nothing. It is written after each COMMIT (`synchronous
//! =FULL`: the events it names are durable first), never fsynced (a record older than the database only checks less),
//! opened without following links and written only when it is a regular file of one name (F942's rule: a link planted
//! at its name must not have a door write into another file).

use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The record's fixed size: every write covers the whole file (no tail of an older, longer record left behind).
const SIZE: usize = 400;

/// An event: its seq and hash.
pub(crate) type Event = (i64, String);

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Record {
    /// The hash of the journal's first event: whose record this is (a record of another journal checks nothing).
    pub(crate) first: String,
    /// The last event a door of this database committed.
    pub(crate) last: Option<Event>,
    /// The last event the database file alone is known to hold.
    pub(crate) floor: Option<Event>,
}

/// `DB.head` beside the database's canonical path (as its `.clock` is, ADR-882); `None` for an in-memory database.
pub(crate) fn path_of(db: &Path) -> Option<PathBuf> {
    if db.as_os_str().is_empty() || db.as_os_str() == ":memory:" {
        return None;
    }
    let canonical = std::fs::canonicalize(db).unwrap_or_else(|_| db.to_path_buf());
    let mut file = canonical.into_os_string();
    file.push(".head");
    Some(PathBuf::from(file))
}

/// Opens the record at `file` without following a link, and only a regular file of one name.
fn open(file: &Path, write: bool) -> Option<std::fs::File> {
    use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _};
    let opened = std::fs::OpenOptions::new()
        .read(true)
        .write(write)
        .create(write)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(file)
        .ok()?;
    let meta = opened.metadata().ok()?;
    (meta.is_file() && meta.nlink() == 1).then_some(opened)
}

/// The record beside the database at `db`, if there is one that reads as one.
pub(crate) fn read(db: &Path) -> Option<Record> {
    read_file(&path_of(db)?)
}

/// The record's first line: version 2 carries a `check` line (F1444). A version-1 record (sessions 31–32) reads as
/// none and is rewritten by the next commit: it checked only what a missing record checks.
const HEADER: &str = "foureyes-head 2";

/// The text of a record as written: its lines, then `check` and the SHA-256 of those lines. Each door rewrites the
/// record in place after every COMMIT while other processes' doors read it, and a read concurrent with a write may
/// return part of each (F1444: `last 65` with 65's hash up to byte 32 and 67's after it, read by a checkpointer that
/// then took its own database's log for a fork's and stopped the store). A torn text fails its check.
fn parse(text: &str) -> Option<Record> {
    let body_end = text.find("check ")?;
    let (body, check) = text.split_at(body_end);
    let check = check.lines().next()?.strip_prefix("check ")?.trim();
    if check != foureyes_core::canonical::sha256_hex(body.as_bytes()) {
        return None;
    }
    let mut lines = body.lines().map(str::trim);
    if lines.next()? != HEADER {
        return None;
    }
    let first = lines.next()?.strip_prefix("first ")?.to_string();
    let event = |line: Option<&str>, name: &str| -> Option<Option<Event>> {
        let rest = line?.strip_prefix(name)?.trim();
        let (seq, hash) = rest.split_once(' ')?;
        let seq: i64 = seq.parse().ok()?;
        Some((seq > 0 && hash != "-").then(|| (seq, hash.to_string())))
    };
    let last = event(lines.next(), "last")?;
    let floor = event(lines.next(), "floor")?;
    (!first.is_empty()).then_some(Record { first, last, floor })
}

fn render(r: &Record) -> Vec<u8> {
    let event = |e: &Option<Event>| match e {
        Some((seq, hash)) => format!("{seq} {hash}"),
        None => "0 -".to_string(),
    };
    let body = format!("{HEADER}\nfirst {}\nlast {}\nfloor {}\n", r.first, event(&r.last), event(&r.floor));
    let check = foureyes_core::canonical::sha256_hex(body.as_bytes());
    let mut text = format!("{body}check {check}\n").into_bytes();
    text.resize(SIZE.max(text.len()), b' ');
    if let Some(end) = text.last_mut() {
        *end = b'\n';
    }
    text
}

fn write(file: &Path, r: &Record) {
    use std::os::unix::fs::FileExt as _;
    if let Some(f) = open(file, true) {
        let _ = f.write_all_at(&render(r), 0);
    }
}

/// The hash of event `seq` as `conn` sees it.
fn hash_at(conn: &Connection, seq: i64) -> Option<String> {
    use rusqlite::OptionalExtension as _;
    conn.prepare_cached("SELECT hash FROM journal WHERE seq = ?1")
        .ok()?
        .query_row([seq], |r| r.get::<_, String>(0))
        .optional()
        .ok()
        .flatten()
}

/// The last event as `conn` sees it.
pub(crate) fn last_event(conn: &Connection) -> Option<Event> {
    use rusqlite::OptionalExtension as _;
    conn.prepare_cached("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1")
        .ok()?
        .query_row([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .optional()
        .ok()
        .flatten()
}

/// A write door's keeper of the record: the writer notes each commit, the checkpointer each complete checkpoint.
pub(crate) struct Keeper {
    db: PathBuf,
    file: PathBuf,
    state: Mutex<Record>,
}

impl Keeper {
    /// For the database at `db`, whose file alone was seen to hold `floor` as the door opened.
    pub(crate) fn new(db: &Path, floor: Option<Event>) -> Option<Keeper> {
        Some(Keeper {
            db: db.to_path_buf(),
            file: path_of(db)?,
            state: Mutex::new(Record { floor, ..Record::default() }),
        })
    }

    /// The database this record is of.
    pub(crate) fn db(&self) -> &Path {
        &self.db
    }

    /// After a COMMIT on `conn`: the record names the last event now. A floor recorded by another door of this
    /// database is kept when it is an event of this journal (another door's checkpoint) and later than this one's.
    pub(crate) fn committed(&self, conn: &Connection) {
        let Some(last) = last_event(conn) else { return };
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if state.first.is_empty() {
            match hash_at(conn, 1) {
                Some(first) => state.first = first,
                None => return,
            }
        }
        let recorded = read_file(&self.file).filter(|r| r.first == state.first);
        // The journal is append-only: a last commit this door made, or the record names, that `conn` no longer sees is
        // a journal cut behind its doors (rows deleted by another program). The record is left as it is — the
        // evidence every later door and this store's stop read — never rewritten to the shorter journal: one request
        // to `serve` after the cut wrote `last 5` over `last 8`, and the stop then checkpointed the cut log away
        // (attack 45's H2, F1450).
        let gone = |e: &Event| hash_at(conn, e.0).as_deref() != Some(e.1.as_str());
        if state.last.as_ref().is_some_and(gone) || recorded.as_ref().and_then(|r| r.last.as_ref()).is_some_and(gone) {
            return;
        }
        if let Some(theirs) = recorded.and_then(|r| r.floor)
            && state.floor.as_ref().is_none_or(|ours| ours.0 < theirs.0)
            && hash_at(conn, theirs.0).as_deref() == Some(theirs.1.as_str())
        {
            state.floor = Some(theirs);
        }
        if state.floor.as_ref().is_some_and(|f| hash_at(conn, f.0).as_deref() != Some(f.1.as_str())) {
            // Not an event of this journal as this door sees it (a database replaced under the door): dropped.
            state.floor = None;
        }
        if state.last.as_ref() == Some(&last) {
            return;
        }
        state.last = Some(last);
        write(&self.file, &state);
    }

    /// After a complete checkpoint: the file holds `event` (read before the checkpoint began).
    pub(crate) fn checkpointed(&self, event: Event) {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if state.first.is_empty() || state.floor.as_ref().is_some_and(|f| f.0 >= event.0) {
            return;
        }
        if state.last.as_ref().is_none_or(|l| l.0 < event.0) {
            state.last = Some(event.clone());
        }
        state.floor = Some(event);
        write(&self.file, &state);
    }
}

/// How often a read that met a torn record (one being rewritten) reads again before it counts as no record.
const TORN_READS: usize = 8;

fn read_file(file: &Path) -> Option<Record> {
    use std::os::unix::fs::FileExt as _;
    let f = open(file, false)?;
    let mut text = vec![0; SIZE];
    for _ in 0..TORN_READS {
        let n = f.read_at(&mut text, 0).ok()?;
        if let Some(record) = std::str::from_utf8(&text[..n]).ok().and_then(parse) {
            return Some(record);
        }
        std::thread::yield_now();
    }
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_record_reads_back_as_written_and_a_torn_or_foreign_one_as_none() {
        let r = Record { first: "aa".into(), last: Some((7, "bb".into())), floor: Some((5, "cc".into())) };
        let text = render(&r);
        assert_eq!(text.len(), SIZE);
        assert_eq!(parse(std::str::from_utf8(&text).unwrap()), Some(r));
        let empty = Record { first: "aa".into(), last: None, floor: None };
        assert_eq!(parse(std::str::from_utf8(&render(&empty)).unwrap()), Some(empty));
        assert_eq!(parse("foureyes-head 2\nfirst aa\nlast 7"), None);
        assert_eq!(parse("a key\n"), None);
        // A record of session 31–32's build (no check line) is none.
        assert_eq!(parse("foureyes-head 1\nfirst aa\nlast 7 bb\nfloor 5 cc\n"), None);
    }

    /// F1444: a record read while another process rewrites it is one of the records written, never a mix of both
    /// (red before the check line: `last 65` read with half of another event's hash).
    #[test]
    fn a_record_read_while_it_is_rewritten_is_one_of_the_records_written() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.db.head");
        let one = Record { first: "f".repeat(64), last: Some((65, "a".repeat(64))), floor: None };
        let two = Record { first: "f".repeat(64), last: Some((67, "b".repeat(64))), floor: Some((65, "a".repeat(64))) };
        write(&file, &one);
        let stop = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            let writer = s.spawn(|| {
                for i in 0..200_000 {
                    write(&file, if i % 2 == 0 { &two } else { &one });
                }
                stop.store(true, std::sync::atomic::Ordering::SeqCst);
            });
            let mut reads = 0;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let read = read_file(&file);
                assert!(read.as_ref() == Some(&one) || read.as_ref() == Some(&two), "read {reads}: {read:?}");
                reads += 1;
            }
            writer.join().unwrap();
        });
    }
}
