//! The check runner's sandbox: the operator's check command runs proposed code, so it runs confined.
//!
//! The check never sees the live workspace: it runs on the runner's private copy of the revision
//! ([`PrivateCopy`], made and hashed by `Workspace::copy_private`), mounted at the workspace's own path.
//!
//! With bubblewrap (`bwrap`, Debian package `bubblewrap`) the check gets new user, PID, network, IPC, UTS and
//! cgroup namespaces (`--unshare-all`), runs as uid 65534 in its user namespace with every capability dropped
//! and no nested user namespace (`--unshare-user --disable-userns --cap-drop ALL`, even for a root runner): the
//! system's directories and the toolchains on `PATH` read-only (never the host's `/`: the directories above the
//! workspace are empty, F244) with fresh, empty `/tmp`, `/var/tmp`, `/run` (so `/var/run` too) and `/dev` (with
//! its own `/dev/shm`) — where the host keeps its Unix sockets (system and user services, databases, container
//! engines, X11, agents); the network namespace also hides abstract sockets. The private copy is bound read-only
//! from the runner's handle (`--ro-bind-fd`) over the workspace's path, and writable only in the operator's
//! `--writable` directories: each a fresh tmpfs, capped in size and in files, bound on the copy's empty directory
//! (never the live workspace's, where the agent could plant a hard link or a socket, nor the runner's disk). The
//! scratch filesystems (`/tmp`, `/var/tmp`, `/run`, `/dev/shm`, the writable directories) are mounted by the runner
//! itself with `nr_inodes` in a user and mount namespace of its own (`unshare`) just before bubblewrap starts,
//! since bubblewrap's `--tmpfs` takes a size only (ADR-566). The check runs under
//! the task's resource limits (`limits.rs`, ADR-311). When the check's shell
//! exits, the namespace's init exits and the kernel kills every process left in the PID namespace — a `setsid`
//! child included, which a process-group kill misses; `--die-with-parent` does the same if the runner dies.
//!
//! A host that cannot sandbox (no `bwrap`, or namespaces disabled) is refused with a message saying so, unless the
//! operator created the task with `--unsandboxed-check`; every check record says how it was confined.

use crate::limits;
use crate::workspace::PrivateCopy;
use foureyes_core::task::{TaskConfig, visible};
use rustix::fd::{AsRawFd, OwnedFd};
use rustix::io::FdFlags;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The check command, ready to spawn, and what keeps its bound directories open until it is spawned.
pub struct Confined {
    pub command: Command,
    /// Directory handles the sandbox binds (inherited by `bwrap`); dropped once it has started.
    pub handles: Vec<OwnedFd>,
    /// How the check is confined, as recorded with its result.
    pub description: String,
}

/// Where `bwrap` is: the first one on `PATH`.
fn find_bwrap() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("bwrap")).find(|p| p.is_file())
}

/// The refusal a host that cannot sandbox gets.
fn cannot(why: String) -> String {
    format!(
        "the check cannot run in a sandbox on this host: {why}. Install bubblewrap (Debian: apt-get install bubblewrap) \
         on a kernel with user namespaces, or create the task with --unsandboxed-check to run proposed code with the \
         runner's own rights"
    )
}

/// Whether this host can run a check in the sandbox: `bwrap` exists and can create the namespaces.
pub fn available() -> Result<PathBuf, String> {
    let bwrap = find_bwrap().ok_or_else(|| cannot("`bwrap` is not on PATH".into()))?;
    let unshare = find_unshare()?;
    // As the check runs: a capped tmpfs mounted in the runner's own namespaces, then bubblewrap.
    let probe = Command::new(&unshare)
        .args(UNSHARE_ARGS)
        .args(["/bin/sh", "-c", MOUNT_SCRATCH, "mount-scratch", "1", "/tmp", limits::tmpfs_options(64 << 10).as_str()])
        .arg(&bwrap)
        .args(["--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL", "--die-with-parent"])
        .args(["--uid", SANDBOX_ID, "--gid", SANDBOX_ID, "--ro-bind", "/", "/", "--", "/bin/true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .map_err(|e| cannot(format!("`{}` cannot be started: {e}", bwrap.display())))?;
    if !probe.status.success() {
        let said = String::from_utf8_lossy(&probe.stderr);
        return Err(cannot(format!("`bwrap` cannot create namespaces ({})", visible(said.trim()))));
    }
    Ok(bwrap)
}

/// An inheritable copy of a handle, and its number for `bwrap`'s `--…-fd` options.
fn inheritable(fd: OwnedFd) -> Result<(OwnedFd, String), String> {
    rustix::io::fcntl_setfd(&fd, FdFlags::empty())
        .map_err(|e| format!("cannot pass a directory to the sandbox: {e}"))?;
    let number = fd.as_raw_fd().to_string();
    Ok((fd, number))
}

/// The system's top-level directories the check sees (read-only), when the host has them.
const SYSTEM: [&str; 9] = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"];

enum Mount {
    Bind(PathBuf),
    Symlink(PathBuf),
}

/// What the sandbox mounts instead of the host's `/`: [`SYSTEM`] (a symlink such as `/bin -> usr/bin` stays a
/// symlink), and each directory on `PATH` — under the home directory, its top directory there (`~/.cargo`,
/// `~/.pyenv`), with `~/.rustup` beside `~/.cargo` — and `CARGO_HOME`, `RUSTUP_HOME`. Nothing that holds the
/// workspace (that would show its parents) or lies inside it.
fn mounts(workspace: &str) -> Vec<(Mount, PathBuf)> {
    let ws = Path::new(workspace);
    let mut out: Vec<(Mount, PathBuf)> = Vec::new();
    let mut seen: Vec<PathBuf> = Vec::new();
    for dir in SYSTEM {
        let path = Path::new(dir);
        match path.symlink_metadata() {
            Ok(m) if m.file_type().is_symlink() => {
                if let Ok(target) = std::fs::read_link(path) {
                    out.push((Mount::Symlink(target), path.to_path_buf()));
                }
            }
            Ok(m) if m.is_dir() && !ws.starts_with(path) => {
                out.push((Mount::Bind(path.to_path_buf()), path.to_path_buf()));
                seen.push(path.to_path_buf());
            }
            _ => {}
        }
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).filter(|h| h.is_absolute() && h != Path::new("/"));
    let mut wanted: Vec<PathBuf> = Vec::new();
    for var in ["CARGO_HOME", "RUSTUP_HOME"] {
        if let Some(v) = std::env::var_os(var) {
            wanted.push(PathBuf::from(v));
        }
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let top = home.as_ref().and_then(|h| {
                let rest = dir.strip_prefix(h).ok()?;
                let first = rest.components().next()?;
                Some(h.join(first))
            });
            match top {
                Some(top) => {
                    if top.file_name().is_some_and(|n| n == ".cargo") {
                        wanted.push(top.with_file_name(".rustup"));
                    }
                    wanted.push(top);
                }
                None => wanted.push(dir),
            }
        }
    }
    for dir in wanted {
        let Ok(real) = std::fs::canonicalize(&dir) else { continue };
        if !real.is_dir() || ws.starts_with(&real) || real.starts_with(ws) || seen.iter().any(|s| real.starts_with(s)) {
            continue;
        }
        seen.push(real.clone());
        out.push((Mount::Bind(real.clone()), real));
    }
    out
}

/// Where `unshare` (util-linux) is: in `/usr/bin` or `/bin`.
fn find_unshare() -> Result<PathBuf, String> {
    ["/usr/bin/unshare", "/bin/unshare"].iter().map(PathBuf::from).find(|p| p.is_file()).ok_or_else(|| {
        cannot("`unshare` (util-linux) is not in /usr/bin or /bin: the runner mounts the check's capped filesystems with it".into())
    })
}

/// A user and mount namespace of the runner's own, where it may mount the check's scratch filesystems (nothing
/// leaks to the host's mounts; they go when the sandbox does). No `--fork`: `unshare` becomes the shell, which
/// becomes bubblewrap, so the check's process stays the one the runner started (its group, its cgroups).
const UNSHARE_ARGS: [&str; 6] = ["--user", "--map-root-user", "--mount", "--propagation", "private", "--"];

/// `sh -c MOUNT_SCRATCH mount-scratch N DIR OPTIONS … PROGRAM ARGS…`: mounts N tmpfs filesystems, each on its
/// directory with its options (size and `nr_inodes`), then becomes PROGRAM. A mount that fails stops it (exit 125).
const MOUNT_SCRATCH: &str = "n=$1; shift; \
    while [ \"$n\" -gt 0 ]; do mount -t tmpfs -o \"$2\" foureyes-check \"$1\" || exit 125; shift 2; n=$((n - 1)); done; \
    exec \"$@\"";

/// The uid and gid the check has inside its user namespace (`nobody`): never 0, so it has no capabilities there.
const SANDBOX_ID: &str = "65534";

/// Host directories replaced by an empty tmpfs in the sandbox: where the host keeps its Unix sockets and its
/// shared scratch space. (`/var/run` is a symlink to `/run` on current systems, hidden with it; a real directory
/// gets its own tmpfs.)
const HIDDEN: [&str; 4] = ["/tmp", "/var/tmp", "/run", "/var/run"];

/// The command that runs `config.check_command` on the private copy `copy` of the revision, confined as the task
/// says.
pub fn check_command(config: &TaskConfig, copy: &PrivateCopy) -> Result<Confined, String> {
    let bound = copy.workspace();
    let prlimit = limits::prlimit().map_err(|why| format!("the check's resource limits cannot be set: {why}"))?;
    let l = &config.limits;
    if config.unsandboxed {
        let mut command = Command::new(&prlimit);
        command.args(limits::prlimit_args(l, false)).arg("/bin/sh").arg("-c").arg(&config.check_command);
        command.current_dir(copy.path());
        return Ok(Confined {
            command,
            handles: Vec::new(),
            description: format!(
                "none (the operator created the task with --unsandboxed-check); on a private copy of the revision at {}; no size-capped filesystems",
                copy.path().display()
            ),
        });
    }
    let bwrap = available()?;
    let unshare = find_unshare()?;
    let mut handles = Vec::new();
    // bubblewrap's arguments, and the size-capped filesystems mounted for it beforehand (`scratch`).
    let mut command = Command::new(&unshare);
    let mut bw: Vec<std::ffi::OsString> = Vec::new();
    let mut arg = |a: &dyn AsRef<std::ffi::OsStr>| bw.push(a.as_ref().to_os_string());
    for a in ["--die-with-parent", "--unshare-all", "--new-session"] {
        arg(&a);
    }
    // Whatever the runner's uid (root included), the check runs as an unprivileged uid in a user namespace of
    // its own, every capability dropped, and cannot make a nested user namespace to get them back: it cannot
    // remount `/` read-write or unmount its empty `/tmp` and `/run` to reach the host's (F240).
    for a in ["--unshare-user", "--disable-userns", "--uid", SANDBOX_ID, "--gid", SANDBOX_ID, "--cap-drop", "ALL"] {
        arg(&a);
    }
    if config.network {
        arg(&"--share-net");
    }
    // Not the host's `/`: the system's directories and the toolchains on `PATH`, read-only; the directories
    // above the workspace are bubblewrap's empty ones, so nothing planted there configures the check (F244).
    for (from, to) in mounts(&config.workspace) {
        match from {
            Mount::Bind(dir) => {
                arg(&"--ro-bind");
                arg(&dir);
            }
            Mount::Symlink(target) => {
                arg(&"--symlink");
                arg(&target);
            }
        }
        arg(&to);
    }
    // Every filesystem the check can write is a size-capped tmpfs (ADR-311), and their sizes add up to the task's
    // disk limit (ADR-471): `/tmp` and each writable directory share most of it, `/var/tmp`, `/run` and `/dev/shm`
    // (which `--dev` would leave as large as half the memory) get a small part each. Each also has a cap on its
    // files (`nr_inodes`, ADR-566): bubblewrap's own `--tmpfs` takes a size only, so the runner mounts them in a
    // user and mount namespace of its own (`unshare`) just before bubblewrap starts, which binds them in.
    // Everything else bubblewrap makes writable — its own `/` (so `/var`, `/root` and the workspace's parents) and
    // `/dev` — is remounted read-only once the sandbox is built (F473).
    let hidden: Vec<&str> =
        HIDDEN.into_iter().filter(|h| Path::new(h).symlink_metadata().is_ok_and(|m| m.is_dir())).collect();
    let small_count = 1 + hidden.iter().filter(|h| **h != "/tmp").count();
    let shares = limits::disk_shares(l, small_count, 1 + config.writable.len());
    let mut scratch: Vec<(PathBuf, String)> = Vec::new();
    let mut capped = |name: &str, bytes: u64| -> Result<PathBuf, String> {
        let dir = copy.scratch_dir(name)?;
        scratch.push((dir.clone(), limits::tmpfs_options(bytes)));
        Ok(dir)
    };
    let shm = capped("dev-shm", shares.small)?;
    for a in ["--dev", "/dev"] {
        arg(&a);
    }
    arg(&"--bind");
    arg(&shm);
    arg(&"/dev/shm");
    arg(&"--proc");
    arg(&"/proc");
    for hidden in hidden {
        let size = if hidden == "/tmp" { shares.scratch } else { shares.small };
        let dir = capped(&hidden.trim_start_matches('/').replace('/', "-"), size)?;
        arg(&"--bind");
        arg(&dir);
        arg(&hidden);
    }
    if config.network {
        // With the network, name resolution may need the resolver's file under `/run` (systemd-resolved).
        if let Ok(resolv) = std::fs::canonicalize("/etc/resolv.conf")
            && resolv.starts_with("/run")
        {
            arg(&"--ro-bind");
            arg(&resolv);
            arg(&resolv);
        }
    }
    let root = rustix::io::dup(bound.root()).map_err(|e| format!("cannot use the private copy: {e}"))?;
    let (root, number) = inheritable(root)?;
    arg(&"--ro-bind-fd");
    arg(&number);
    arg(&config.workspace);
    handles.push(root);
    for (i, w) in config.writable.iter().enumerate() {
        // The copy holds the directory, empty: the mount point of a tmpfs of the task's disk limit, so what the
        // check writes there is neither on the runner's disk nor more than the limit (ADR-311).
        bound.open_dir(w)?;
        let dir = capped(&format!("writable-{i}"), shares.scratch)?;
        arg(&"--bind");
        arg(&dir);
        arg(&Path::new(&config.workspace).join(w));
    }
    // Not recursive: the size-capped filesystems mounted on them stay writable; the device nodes in `/dev` are
    // mounts of their own and keep working.
    for a in ["--remount-ro", "/dev", "--remount-ro", "/"] {
        arg(&a);
    }
    for a in ["--setenv", "TMPDIR", "/tmp", "--chdir", config.workspace.as_str(), "--"] {
        arg(&a);
    }
    // The resource limits, set inside the sandbox (so `RLIMIT_NPROC` counts the sandbox's processes only).
    arg(&prlimit);
    for a in limits::prlimit_args(l, true) {
        arg(&a);
    }
    for a in ["/bin/sh", "-c", config.check_command.as_str()] {
        arg(&a);
    }
    command.args(UNSHARE_ARGS).args(["/bin/sh", "-c", MOUNT_SCRATCH, "mount-scratch"]);
    command.arg(scratch.len().to_string());
    for (dir, options) in &scratch {
        command.arg(dir).arg(options);
    }
    command.arg(&bwrap).args(&bw);
    let writable = if config.writable.is_empty() {
        "nowhere".to_string()
    } else {
        config.writable.iter().map(|w| format!("`{}`", visible(w))).collect::<Vec<_>>().join(", ")
    };
    let network = if config.network { "network allowed" } else { "no network" };
    Ok(Confined {
        command,
        handles,
        description: format!(
            "bubblewrap: as uid {SANDBOX_ID} with no capabilities, on a private copy of the revision, system and PATH toolchains read-only (parents of the workspace empty), writable {writable} (empty at start), empty /tmp /var/tmp /run /dev/shm (tmpfs capped in size and in files, together within the disk limit; / and /dev read-only), {network}, own PID namespace"
        ),
    })
}
