//! `foureyes bench floor`: the CPU a durable commit costs on this disk below any code of ours (issue 14). A benchmark,
//! not a test: it prints figures and asserts nothing.
//!
//! Each case runs alone on this thread for `--seconds`, and reports per operation the process's user and system CPU
//! time, its voluntary and involuntary context switches, and the wall time:
//! - `frames`, `frames+fsync`, `frames+fdatasync`: what SQLite's commit does to the write-ahead log at `synchronous=FULL`,
//!   without SQLite — `--pages` frames, each written as SQLite writes one (`pwrite` of its 24-byte header, then of
//!   the page), at the next offsets of a log of [`LOG_FRAMES`] frames reused from its start (as SQLite reuses a
//!   checkpointed log: the file's size does not change), then nothing (the writes alone), one `fsync` (what SQLite's
//!   unix VFS calls unless built with `HAVE_FDATASYNC`) or one `fdatasync`.
//! - `sqlite-insert`: bare SQLite (the same library the store links), WAL, `synchronous=FULL`, one table, one
//!   transaction per operation (`BEGIN IMMEDIATE`, one insert of a 100-byte row, `COMMIT`), its automatic checkpoint
//!   left on: the least a durable SQLite transaction costs.

use crate::{EXIT_STORAGE, Exit};
use serde::Serialize;
use std::fs::OpenOptions;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Frames in the simulated write-ahead log before it starts over (a log SQLite's checkpoints keep reusing).
const LOG_FRAMES: u64 = 1000;
/// SQLite's WAL frame header.
const FRAME_HEADER: usize = 24;

/// What the kernel counts for this process (every thread): CPU time in user and system mode, and context switches.
/// From procfs, since the workspace forbids the `unsafe` a `getrusage` call would take: `utime`/`stime` of
/// `/proc/self/stat` (the same counters `getrusage` reads, in 10 ms ticks), and `voluntary_ctxt_switches` /
/// `nonvoluntary_ctxt_switches` of each live thread's `/proc/self/task/TID/status` (a thread that ended between two
/// readings loses its switches; the store's and the runtime's threads live through a run).
#[derive(Clone, Copy, Default, Debug)]
pub struct Usage {
    pub user: Duration,
    pub system: Duration,
    pub voluntary: u64,
    pub involuntary: u64,
}

impl Usage {
    /// Now; `None` where there is no procfs.
    pub fn now() -> Option<Usage> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        // utime and stime are fields 14 and 15 of the line; here 12 and 13 (state is index 0).
        let tick = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).map(|t| Duration::from_millis(t * 10));
        let (mut voluntary, mut involuntary) = (0, 0);
        for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
            let Ok(status) = std::fs::read_to_string(task.path().join("status")) else { continue };
            for line in status.lines() {
                let count = |l: &str| l.split_whitespace().nth(1).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
                if line.starts_with("voluntary_ctxt_switches:") {
                    voluntary += count(line);
                } else if line.starts_with("nonvoluntary_ctxt_switches:") {
                    involuntary += count(line);
                }
            }
        }
        Some(Usage { user: tick(11)?, system: tick(12)?, voluntary, involuntary })
    }

    /// What happened between `self` (earlier) and `later`.
    pub fn until(self, later: Usage) -> Usage {
        Usage {
            user: later.user.saturating_sub(self.user),
            system: later.system.saturating_sub(self.system),
            voluntary: later.voluntary.saturating_sub(self.voluntary),
            involuntary: later.involuntary.saturating_sub(self.involuntary),
        }
    }
}

/// Per operation of one case.
#[derive(Serialize)]
pub struct PerOp {
    pub case: String,
    pub operations: u64,
    pub seconds: f64,
    pub operations_per_second: f64,
    pub wall_us: f64,
    pub cpu_us: f64,
    pub user_us: f64,
    pub system_us: f64,
    pub voluntary_switches: f64,
    pub involuntary_switches: f64,
}

impl PerOp {
    pub fn new(case: &str, operations: u64, wall: Duration, usage: Usage) -> PerOp {
        let n = operations.max(1) as f64;
        let us = |d: Duration| d.as_secs_f64() * 1e6 / n;
        PerOp {
            case: case.to_string(),
            operations,
            seconds: wall.as_secs_f64(),
            operations_per_second: operations as f64 / wall.as_secs_f64().max(1e-9),
            wall_us: us(wall),
            cpu_us: us(usage.user + usage.system),
            user_us: us(usage.user),
            system_us: us(usage.system),
            voluntary_switches: usage.voluntary as f64 / n,
            involuntary_switches: usage.involuntary as f64 / n,
        }
    }
}

#[derive(Serialize)]
struct Floor {
    pages: usize,
    page_size: usize,
    /// The 1-minute load average before the runs (the machine may be shared).
    load_average: Option<f64>,
    cases: Vec<PerOp>,
}

/// Runs `op` until `length` has passed, and measures it.
fn timed(case: &str, length: Duration, mut op: impl FnMut() -> Result<(), Exit>) -> Result<PerOp, Exit> {
    // One operation first, outside the figure (the file's first write, SQLite's first statement).
    op()?;
    let before = Usage::now().unwrap_or_default();
    let started = Instant::now();
    let mut operations = 0u64;
    while started.elapsed() < length {
        op()?;
        operations += 1;
    }
    let wall = started.elapsed();
    let usage = before.until(Usage::now().unwrap_or_default());
    Ok(PerOp::new(case, operations, wall, usage))
}

fn storage(e: impl std::fmt::Display) -> Exit {
    Exit::new(EXIT_STORAGE, e.to_string())
}

/// How a `frames` case ends each operation.
#[derive(Clone, Copy)]
enum Sync {
    /// No sync: what the writes alone cost.
    None,
    Fsync,
    Fdatasync,
}

/// `frames`, `frames+fsync` or `frames+fdatasync` on `path`.
fn frames(path: &Path, pages: usize, page_size: usize, sync: Sync, length: Duration) -> Result<PerOp, Exit> {
    let file = OpenOptions::new().read(true).write(true).create(true).truncate(true).open(path).map_err(storage)?;
    let frame = (FRAME_HEADER + page_size) as u64;
    // The log at its full size first, on disk, as a reused log is: the loop then overwrites it in place.
    let page = vec![0x5au8; page_size];
    for i in 0..LOG_FRAMES {
        file.write_all_at(&page, i * frame).map_err(storage)?;
    }
    file.sync_all().map_err(storage)?;
    let header = [0xa5u8; FRAME_HEADER];
    let mut next = 0u64;
    let case = match sync {
        Sync::None => "frames",
        Sync::Fsync => "frames+fsync",
        Sync::Fdatasync => "frames+fdatasync",
    };
    let result = timed(case, length, || {
        for _ in 0..pages {
            let at = (next % LOG_FRAMES) * frame;
            file.write_all_at(&header, at).map_err(storage)?;
            file.write_all_at(&page, at + FRAME_HEADER as u64).map_err(storage)?;
            next += 1;
        }
        match sync {
            Sync::None => Ok(()),
            Sync::Fsync => file.sync_all().map_err(storage),
            Sync::Fdatasync => file.sync_data().map_err(storage),
        }
    });
    let _ = std::fs::remove_file(path);
    result
}

/// `sqlite-insert` on a fresh database at `path`.
fn sqlite_insert(path: &Path, length: Duration) -> Result<PerOp, Exit> {
    let sql = |e: rusqlite::Error| storage(format!("sqlite: {e}"));
    let conn = rusqlite::Connection::open(path).map_err(sql)?;
    conn.pragma_update(None, "journal_mode", "WAL").map_err(sql)?;
    conn.pragma_update(None, "synchronous", "FULL").map_err(sql)?;
    conn.execute_batch("CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)").map_err(sql)?;
    let row = vec![0x5au8; 100];
    let result = timed("sqlite-insert", length, || {
        conn.prepare_cached("BEGIN IMMEDIATE").and_then(|mut s| s.execute([])).map_err(sql)?;
        conn.prepare_cached("INSERT INTO t (v) VALUES (?1)").and_then(|mut s| s.execute([&row])).map_err(sql)?;
        conn.prepare_cached("COMMIT").and_then(|mut s| s.execute([])).map_err(sql)?;
        Ok(())
    });
    drop(conn);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    result
}

/// `foureyes bench floor`: see `cli::BenchCommand::Floor`.
pub fn floor(seconds: f64, pages: usize, dir: Option<PathBuf>, cases: &[String], json_out: bool) -> Result<u8, Exit> {
    let known = ["frames", "frames+fsync", "frames+fdatasync", "sqlite-insert"];
    if let Some(unknown) = cases.iter().find(|c| !known.contains(&c.as_str())) {
        return Err(Exit::new(2, format!("--cases takes {}, not `{unknown}`", known.join(", "))));
    }
    let wanted = |case: &str| cases.iter().any(|c| c == case);
    let dir = crate::bench::scratch_dir(dir.as_deref(), "foureyes-floor")?;
    let length = Duration::from_secs_f64(seconds);
    let page_size = 4096;
    let load_average = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().and_then(|v| v.parse().ok()));
    let run = || -> Result<Vec<PerOp>, Exit> {
        let mut cases = Vec::new();
        for (case, sync, what) in [
            ("frames", Sync::None, "no sync"),
            ("frames+fsync", Sync::Fsync, "fsync"),
            ("frames+fdatasync", Sync::Fdatasync, "fdatasync"),
        ] {
            if wanted(case) {
                eprintln!("{case}: {pages} frames of {page_size} bytes, then {what}, {seconds}s …");
                cases.push(frames(&dir.join("log"), pages, page_size, sync, length)?);
            }
        }
        if wanted("sqlite-insert") {
            eprintln!("sqlite-insert: one insert per transaction, WAL, synchronous=FULL, {seconds}s …");
            cases.push(sqlite_insert(&dir.join("floor.db"), length)?);
        }
        Ok(cases)
    };
    let cases = run();
    let _ = std::fs::remove_dir_all(&dir);
    let floor = Floor { pages, page_size, load_average, cases: cases? };
    if json_out {
        println!("{}", serde_json::to_string_pretty(&floor).unwrap_or_default());
    } else {
        println!("| case | operations/s | wall µs | CPU µs | user µs | system µs | voluntary | involuntary |");
        println!("|---|---:|---:|---:|---:|---:|---:|---:|");
        for c in &floor.cases {
            println!(
                "| {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} |",
                c.case,
                c.operations_per_second,
                c.wall_us,
                c.cpu_us,
                c.user_us,
                c.system_us,
                c.voluntary_switches,
                c.involuntary_switches
            );
        }
        println!("(per operation; load average {:?} before the runs)", floor.load_average);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attack 34, H3: `bench floor` wrote through a directory planted before it ran — `foureyes-floor-<pid>` under the
    /// temporary directory, taken if it existed, its `log` a symlink to any file. The scratch directory is now made
    /// fresh, with a random name, or the run fails: the planted target is never written.
    #[test]
    #[allow(clippy::unwrap_used)]
    fn attack34_h3_bench_floor_never_writes_through_a_planted_directory() {
        let base = tempfile::tempdir().unwrap();
        let victim = base.path().join("victim");
        std::fs::write(&victim, b"not yours").unwrap();
        let planted = base.path().join(format!("foureyes-floor-{}", std::process::id()));
        std::fs::create_dir(&planted).unwrap();
        std::os::unix::fs::symlink(&victim, planted.join("log")).unwrap();
        floor(0.02, 2, Some(base.path().to_path_buf()), &["frames".to_string()], true).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"not yours", "the planted symlink was written through");
        let made = crate::bench::scratch_dir(Some(base.path()), "foureyes-floor").unwrap();
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&made).unwrap().permissions().mode() & 0o777, 0o700);
        assert_ne!(made, crate::bench::scratch_dir(Some(base.path()), "foureyes-floor").unwrap());
    }
}
