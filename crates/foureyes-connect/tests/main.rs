//! The connectors' integration tests: real HTTP servers, real commands and real MCP peers.
//! One test binary for the crate (issue 18: each integration-test file used to link the whole dependency
//! tree on its own). Each file beside this one is a module of it; shared set-up is declared once here.
//! nextest still runs each test in its own process. One file's tests:
//! `cargo nextest run -p foureyes-connect --test integration -E 'test(/^FILE::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

#[path = "../../foureyes-store-pg/tests/support/mod.rs"]
mod support;

mod attack6;
mod attack8;
mod docs_connectors;
mod execute;
mod mcp;

/// Cargo discovers no test file of this crate on its own (`autotests = false`): a file added under `tests/` and
/// not declared above would silently never run. This keeps the list whole.
#[test]
fn every_test_file_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let declared = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
        if path.extension().is_some_and(|e| e == "rs")
            && stem != "main"
            && !declared.contains(&format!("\nmod {stem};\n"))
        {
            missing.push(stem.to_string());
        }
    }
    assert!(missing.is_empty(), "tests/{{{}}}.rs: not declared in tests/main.rs, so never run", missing.join(","));
}
