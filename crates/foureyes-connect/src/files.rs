//! The one reader of the small files a door is given by name — keys (`--seal-key`, `--secrets-key-file`, a signing
//! or public key), checkpoints and witnesses, policies and policy tests, a journal export to verify (F388, ADR-1432).
//!
//! A FIFO at such a name hung the door for ever and `/dev/zero` was read until memory ran out (attack 25's W1, W2 for
//! the witness; attack 41 for `--secrets-key-file`, `--policy`, `policy check`, `journal verify --file`): the file is
//! opened without waiting (`O_NONBLOCK`), its type is checked on the descriptor opened (a regular file and nothing
//! else, no race with the name), and it is read up to a bound its caller names, past which it is refused.

use std::io::Read as _;
use std::path::Path;

/// Whether a path may be a symlink: a key or a checkpoint the door only reads may (a secret mounted through one is
/// common); a witness it appends to may not (F388).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Follow {
    Yes,
    No,
}

/// A key file's bound: a key is 64 hex digits, a few hundred bytes with comments.
pub const KEY_MAX_BYTES: u64 = 64 * 1024;
/// A policy's, a policy test table's, a checkpoint's or a witness's bound.
pub const TEXT_MAX_BYTES: u64 = 64 * 1024 * 1024;
/// A journal export's bound (`journal verify --file`): read whole, so it must fit in memory.
pub const EXPORT_MAX_BYTES: u64 = 4 * 1024 * 1024 * 1024;

/// Opens `path` as a regular file and nothing else, without waiting: a FIFO planted at a witness's name hung `serve`
/// at start, silently, and a symlink there had the serve append its checkpoint to the file it pointed at — the seal
/// key, after which every keyed door refused to start (attack 25's W1, W2). `O_NONBLOCK` makes opening a FIFO return
/// at once, and the file's type is checked on the descriptor opened, not on the name before (no race).
pub fn open_regular(path: &Path, options: &mut std::fs::OpenOptions, follow: Follow) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut flags = rustix::fs::OFlags::NONBLOCK;
    if follow == Follow::No {
        flags |= rustix::fs::OFlags::NOFOLLOW;
    }
    let file = options.custom_flags(flags.bits() as i32).open(path).map_err(|e| match e.raw_os_error() {
        // What `O_NOFOLLOW` answers for a symlink.
        Some(code) if code == rustix::io::Errno::LOOP.raw_os_error() => not_regular("a symlink"),
        _ => e,
    })?;
    let metadata = file.metadata()?;
    let kind = metadata.file_type();
    if !kind.is_file() {
        return Err(not_regular(if kind.is_dir() { "a directory" } else { "a FIFO, a socket or a device" }));
    }
    // A file the door appends to (a witness, a checkpoint) with another name is another file's content: a hard link
    // to the seal key at the witness's name had `serve` append its checkpoints into the key (attack 26's W3). Counted
    // on the descriptor opened, like the type (F926, ADR-926).
    if follow == Follow::No {
        use std::os::unix::fs::MetadataExt as _;
        if metadata.nlink() > 1 {
            return Err(std::io::Error::other(format!(
                "it has {} names (hard links): a door writes only a file of its own, and a link here would write \
                 into another file (a key, say); refused (F926). Remove this name (a copy, not a link, is a backup)",
                metadata.nlink()
            )));
        }
    }
    Ok(file)
}

fn not_regular(what: &str) -> std::io::Error {
    std::io::Error::other(format!("it is {what}, not a regular file: refused (F388)"))
}

/// The whole of the regular file at `path`, through [`open_regular`], refused past `max` bytes (ADR-1432).
pub fn read_small(path: &Path, follow: Follow, max: u64) -> std::io::Result<Vec<u8>> {
    let file = open_regular(path, std::fs::OpenOptions::new().read(true), follow)?;
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(std::io::Error::other(format!(
            "it is larger than {max} bytes, more than such a file holds: refused (ADR-1432)"
        )));
    }
    Ok(bytes)
}

/// [`read_small`] as UTF-8 text.
pub fn read_small_text(path: &Path, follow: Follow, max: u64) -> std::io::Result<String> {
    String::from_utf8(read_small(path, follow, max)?)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attack 41 (F1432): a FIFO is refused at once, a device is refused, and a file past the bound is refused.
    #[test]
    fn a_fifo_a_device_and_a_large_file_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("kf");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        let err = read_small(&fifo, Follow::Yes, KEY_MAX_BYTES).unwrap_err().to_string();
        assert!(err.contains("FIFO"), "{err}");
        let err = read_small(Path::new("/dev/zero"), Follow::Yes, KEY_MAX_BYTES).unwrap_err().to_string();
        assert!(err.contains("device"), "{err}");
        let big = dir.path().join("big");
        std::fs::write(&big, vec![b'a'; 2049]).unwrap();
        assert!(read_small(&big, Follow::Yes, 2048).unwrap_err().to_string().contains("larger than 2048"));
        assert_eq!(read_small(&big, Follow::Yes, 2049).unwrap().len(), 2049);
    }
}
