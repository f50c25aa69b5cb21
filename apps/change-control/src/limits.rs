//! What a check may consume (ADR-311): processes, memory, disk and CPU time, enforced by the runner.
//!
//! - **Memory and CPU time, and the largest file**: resource limits (`RLIMIT_DATA`, `RLIMIT_CPU`, `RLIMIT_FSIZE`),
//!   set by `prlimit` (util-linux) inside the sandbox, just before the check's shell; soft and hard alike (CPU: the
//!   hard limit two seconds later, so the check first gets `SIGXCPU`), so the check cannot raise them again.
//! - **Processes**: `RLIMIT_NPROC` the same way, counted in the sandbox's own user namespace — but the kernel does
//!   not enforce it on processes whose real uid is root, which a root runner's sandbox has (its uid 65534 maps to
//!   0). So the runner also puts the check in a `pids` cgroup of its own (`pids.max`) when it can make one (a
//!   cgroup v2 delegated to it, or a v1 `pids` hierarchy it can write); the check record says which.
//! - **Memory of the whole check** (ADR-492): a `memory` cgroup of its own, when the runner can make one, holding
//!   all the check's processes to the memory of one process plus the disk limit (tmpfs pages count as memory);
//!   past it the kernel kills a process and the check fails, naming the limit. Where the runner cannot make one,
//!   the check record says memory is limited per process only.
//! - **Disk**: every filesystem the check can write is a size-capped tmpfs (`/tmp`, each `--writable` directory;
//!   `/var/tmp`, `/run` and `/dev/shm` smaller), mounted by the sandbox (`sandbox.rs`), and their sizes add up to the
//!   limit ([`disk_shares`], ADR-471); the rest (`/`, `/dev`, the directories bubblewrap makes) is read-only. They
//!   live in memory and go with the check, never on the runner's disk.
//! - **Files**: each of the check's tmpfs filesystems holds at most one file per [`BYTES_PER_FILE`] of its size
//!   (`nr_inodes`, ADR-566), so empty files, which cost no size, cannot exhaust the kernel's memory.
//!
//! A check that hits a limit fails; the runner names the limit when it can tell: the cgroup's `pids.events`
//! counter, a `SIGXCPU`/`SIGXFSZ` exit, or the error the limit makes (`No space left on device`, `Cannot allocate
//! memory`, `MemoryError`, `Cannot fork`) in the output of a check that failed.

use foureyes_core::task::{CheckLimits, SMALL_TMPFS_BYTES, bytes_text};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where `prlimit` is: in `/usr/bin` or `/bin` (the sandbox mounts both).
pub fn prlimit() -> Result<PathBuf, String> {
    ["/usr/bin/prlimit", "/bin/prlimit"].iter().map(PathBuf::from).find(|p| p.is_file()).ok_or_else(|| {
        "`prlimit` (util-linux) is not in /usr/bin or /bin: the runner sets a check's resource limits with it"
            .to_string()
    })
}

/// The `prlimit` options that set `limits` (processes only when `processes` is set: outside a sandbox the count
/// would be of every process of the runner's user).
pub fn prlimit_args(limits: &CheckLimits, processes: bool) -> Vec<String> {
    let mut args = vec![
        format!("--data={}", limits.memory_bytes),
        format!("--cpu={}:{}", limits.cpu_seconds, limits.cpu_seconds + 2),
        format!("--fsize={}", limits.disk_bytes),
        "--core=0".to_string(),
    ];
    if processes {
        args.push(format!("--nproc={}", limits.processes));
    }
    args.push("--".to_string());
    args
}

/// How the task's disk limit is shared by the filesystems the check can write (ADR-471): `small` filesystems
/// (`/var/tmp`, `/run`, `/dev/shm`) get a sixteenth of it each, at most [`SMALL_TMPFS_BYTES`]; the `scratch` ones
/// (`/tmp` and each `--writable` directory) share the rest equally. The sizes add up to at most the limit (the
/// kernel rounds each up to whole pages), so what a check can hold in memory is bounded by `--check-disk`, however
/// many filesystems it writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiskShares {
    /// The size of `/tmp` and of each writable directory.
    pub scratch: u64,
    /// The size of each small scratch filesystem.
    pub small: u64,
}

/// The [`DiskShares`] of `limits` among `small` small and `scratch` scratch filesystems.
pub fn disk_shares(limits: &CheckLimits, small: usize, scratch: usize) -> DiskShares {
    let disk = limits.disk_bytes;
    let small_each = (disk / 16).min(SMALL_TMPFS_BYTES);
    let rest = disk.saturating_sub(small_each * small as u64);
    DiskShares { scratch: rest / (scratch.max(1) as u64), small: small_each }
}

/// One file (inode) per this many bytes of a scratch filesystem's size (ADR-566): a tmpfs's `nr_inodes`, unset,
/// is half the host's memory pages, so a check could make millions of empty files (each costs the kernel memory,
/// none costs size). A build tree of 2 GiB holds far fewer than 131 072 files.
pub const BYTES_PER_FILE: u64 = 16 * 1024;
/// The fewest files a scratch filesystem allows, however small.
pub const MIN_FILES: u64 = 64;

/// The files a scratch filesystem of `bytes` may hold.
pub fn files_for(bytes: u64) -> u64 {
    (bytes / BYTES_PER_FILE).max(MIN_FILES)
}

/// The mount options of a scratch filesystem of `bytes`: its size, its files, no device or set-uid files.
pub fn tmpfs_options(bytes: u64) -> String {
    format!("size={bytes},nr_inodes={},mode=0755,nosuid,nodev", files_for(bytes))
}

/// The memory a check's processes may hold together (ADR-492): the memory of one process plus what its tmpfs
/// filesystems may hold, whose pages are charged to the check's memory cgroup too.
pub fn whole_check_memory_bytes(limits: &CheckLimits) -> u64 {
    limits.memory_bytes.saturating_add(limits.disk_bytes)
}

/// A cgroup made for one check — a `pids` one (the process limit) or a `memory` one (the memory of the whole
/// check, ADR-492) — below the runner's own, removed when dropped.
pub struct CheckCgroup {
    dir: PathBuf,
}

impl CheckCgroup {
    /// A cgroup with `pids.max = max`; `None` when the runner cannot make one (not delegated).
    pub fn pids(max: u64) -> Option<CheckCgroup> {
        CheckCgroup::make("pids", |dir, _| std::fs::write(dir.join("pids.max"), max.to_string()).is_ok())
    }

    /// A cgroup whose processes together may hold at most `bytes` of memory (v2 `memory.max` with no swap; v1
    /// `memory.limit_in_bytes`, and `memory.memsw.limit_in_bytes` where swap is accounted); `None` when the runner
    /// cannot make one.
    pub fn memory(bytes: u64) -> Option<CheckCgroup> {
        CheckCgroup::make("memory", |dir, v2| {
            let bytes = bytes.to_string();
            if v2 {
                let _ = std::fs::write(dir.join("memory.swap.max"), "0");
                return std::fs::write(dir.join("memory.max"), &bytes).is_ok();
            }
            let set = std::fs::write(dir.join("memory.limit_in_bytes"), &bytes).is_ok();
            let memsw = dir.join("memory.memsw.limit_in_bytes");
            set && (!memsw.exists() || std::fs::write(memsw, &bytes).is_ok())
        })
    }

    /// Makes a cgroup below the runner's own in the cgroup v2 hierarchy when it has `controller` there, else in its
    /// v1 hierarchy, and sets its limit with `limit(dir, v2)`; `None` when no candidate takes it.
    fn make(controller: &str, limit: impl Fn(&Path, bool) -> bool) -> Option<CheckCgroup> {
        let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let mut candidates = Vec::new();
        for line in own.lines() {
            let mut parts = line.splitn(3, ':');
            let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next()) else { continue };
            let path = path.trim_start_matches('/');
            if controllers.is_empty() {
                let root = Path::new("/sys/fs/cgroup");
                let has = std::fs::read_to_string(root.join(path).join("cgroup.controllers"))
                    .is_ok_and(|c| c.split_whitespace().any(|c| c == controller));
                if has {
                    candidates.push((root.join(path), true));
                }
            } else if controllers.split(',').any(|c| c == controller) {
                candidates.push((Path::new("/sys/fs/cgroup").join(controller).join(path), false));
            }
        }
        let mut random = [0u8; 6];
        getrandom::fill(&mut random).ok()?;
        let name: String = random.iter().map(|b| format!("{b:02x}")).collect();
        for (base, v2) in candidates {
            let dir = base.join(format!("foureyes-check-{}-{name}", std::process::id()));
            if std::fs::create_dir(&dir).is_err() {
                continue;
            }
            let cgroup = CheckCgroup { dir };
            if limit(&cgroup.dir, v2) {
                return Some(cgroup);
            }
        }
        None
    }

    /// `command`, started so that it joins this cgroup before it runs: `/bin/sh -c 'echo $$ > PROCS && exec …'`.
    pub fn wrap(&self, command: &Command) -> Command {
        let mut wrapped = Command::new("/bin/sh");
        wrapped
            .arg("-c")
            .arg("echo $$ > \"$0\" && exec \"$@\"")
            .arg(self.dir.join("cgroup.procs"))
            .arg(command.get_program())
            .args(command.get_args());
        if let Some(dir) = command.get_current_dir() {
            wrapped.current_dir(dir);
        }
        wrapped
    }

    /// A counter of this cgroup's events file: `pids.events` `max N` (forks refused), `memory.events`
    /// `oom_kill N` (v2) or `memory.oom_control` `oom_kill N` (v1, processes the kernel killed for the limit).
    fn counter(&self, files: &[&str], key: &str) -> u64 {
        files
            .iter()
            .filter_map(|f| std::fs::read_to_string(self.dir.join(f)).ok())
            .find_map(|e| e.lines().find_map(|l| l.strip_prefix(key).and_then(|n| n.trim().parse().ok())))
            .unwrap_or(0)
    }

    /// Kills every process in this cgroup (SIGKILL), a few rounds while new ones appear: what a `setsid` child
    /// left behind when it escaped the check's process group but not its cgroup. Returns how many it signalled.
    pub fn kill_all(&self) -> usize {
        let mut killed = 0;
        for _ in 0..20 {
            let Ok(procs) = std::fs::read_to_string(self.dir.join("cgroup.procs")) else { break };
            let pids: Vec<rustix::process::Pid> = procs
                .lines()
                .filter_map(|l| l.trim().parse().ok())
                .filter_map(rustix::process::Pid::from_raw)
                .collect();
            if pids.is_empty() {
                break;
            }
            for pid in pids {
                if rustix::process::kill_process(pid, rustix::process::Signal::KILL).is_ok() {
                    killed += 1;
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        killed
    }

    /// How many forks the process limit refused.
    pub fn refused(&self) -> u64 {
        self.counter(&["pids.events"], "max ")
    }

    /// How many of the check's processes the kernel killed for the memory limit.
    pub fn oom_kills(&self) -> u64 {
        self.counter(&["memory.events", "memory.oom_control"], "oom_kill ")
    }
}

impl Drop for CheckCgroup {
    fn drop(&mut self) {
        // Empty once the sandbox's PID namespace is gone; its last processes may take a moment to be reaped.
        for _ in 0..100 {
            if std::fs::remove_dir(&self.dir).is_ok() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
}

/// Which limit stopped a check that failed, when the runner can tell (`None` for a check that passed).
pub fn hit(
    limits: &CheckLimits,
    exit_code: Option<i32>,
    passed: bool,
    forks_refused: u64,
    oom_kills: u64,
    output_tail: &str,
) -> Option<String> {
    if oom_kills > 0 {
        return Some(format!(
            "the memory limit of the whole check: its processes together held more than {} (memory and the \
             filesystems it writes); the kernel killed {oom_kills} of them",
            bytes_text(whole_check_memory_bytes(limits))
        ));
    }
    if forks_refused > 0 {
        return Some(format!(
            "the process limit: the check tried to have more than {} processes at once ({forks_refused} refused)",
            limits.processes
        ));
    }
    if passed {
        return None;
    }
    match exit_code {
        Some(152) => {
            return Some(format!("the CPU time limit: a process used {} s of CPU (SIGXCPU)", limits.cpu_seconds));
        }
        Some(153) => {
            return Some(format!(
                "the file size limit: a process wrote a file larger than {} (SIGXFSZ)",
                bytes_text(limits.disk_bytes)
            ));
        }
        _ => {}
    }
    if output_tail.contains("No space left on device") {
        return Some(format!(
            "the disk limit: a filesystem the check writes filled up, in bytes or in files (/tmp, each writable directory, /var/tmp, /run and /dev/shm share {}, one file per {} of each)",
            bytes_text(limits.disk_bytes),
            bytes_text(BYTES_PER_FILE)
        ));
    }
    if ["Cannot allocate memory", "MemoryError", "memory allocation of", "out of memory"]
        .iter()
        .any(|m| output_tail.contains(m))
    {
        return Some(format!(
            "the memory limit, it seems: {} of writable memory per process (the output reports an allocation failure)",
            bytes_text(limits.memory_bytes)
        ));
    }
    if ["Cannot fork", "Resource temporarily unavailable"].iter().any(|m| output_tail.contains(m)) {
        return Some(format!(
            "the process limit, it seems: {} processes (the output reports a failed fork)",
            limits.processes
        ));
    }
    None
}
