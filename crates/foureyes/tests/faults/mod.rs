//! The fault-injection shim (`shim.c` beside this file) shared by the `faults_*` suites.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The shim, compiled once per test binary with the system C compiler into a temporary folder.
pub fn shim() -> PathBuf {
    static SHIM: std::sync::OnceLock<(tempfile::TempDir, PathBuf)> = std::sync::OnceLock::new();
    SHIM.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("libfoureyes_fault.so");
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/faults/shim.c");
        let status = Command::new("cc")
            .args(["-shared", "-fPIC", "-O1", "-Wall", "-Werror", "-o"])
            .arg(&out)
            .arg(&source)
            .arg("-ldl")
            .status()
            .expect("the fault shim needs a C compiler (`cc`) on PATH");
        assert!(status.success(), "cc failed to build {}", source.display());
        (dir, out)
    })
    .1
    .clone()
}
