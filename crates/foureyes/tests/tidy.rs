//! Tidy checks, as ordinary tests: every source file opens with a `//!` module doc, no `FIXME`/`TODO` lands on
//! main, library code does not `unwrap()` outside tests, and the documented example policy actually loads.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn library_sources() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for top in ["crates", "apps"] {
        for krate in std::fs::read_dir(repo().join(top)).unwrap() {
            let src = krate.unwrap().path().join("src");
            if src.is_dir() {
                rust_sources(&src, &mut out);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_module_says_what_it_is_for() {
    let missing: Vec<String> = library_sources()
        .into_iter()
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            !text.trim_start().starts_with("//!")
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a `//!` module doc: {missing:#?}");
}

#[test]
fn no_fixme_or_todo_on_main() {
    let markers = [concat!("FIX", "ME"), concat!("TO", "DO"), concat!("X", "XX:")];
    let mut found = Vec::new();
    for p in library_sources() {
        for (i, line) in std::fs::read_to_string(&p).unwrap().lines().enumerate() {
            if markers.iter().any(|m| line.contains(m)) {
                found.push(format!("{}:{}: {}", p.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "unfinished work marked in the source: {found:#?}");
}

/// `unwrap()` in library code turns a bad input into a crash. Test modules (`#[cfg(test)]` to the end of the file)
/// and the conformance harness are exempt.
#[test]
fn library_code_does_not_unwrap() {
    let mut found = Vec::new();
    for p in library_sources() {
        if p.ends_with("conformance.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let library_part = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (i, line) in library_part.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains(".unwrap()") {
                found.push(format!("{}:{}: {}", p.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "`.unwrap()` in library code: {found:#?}");
}

#[test]
fn the_documented_example_policy_loads() {
    let doc = std::fs::read_to_string(repo().join("docs/policy.md")).unwrap();
    let start = doc.find("```yaml\n").expect("docs/policy.md has a yaml example") + "```yaml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let policy = foureyes_core::Policy::from_yaml("docs/policy.md", &doc[start..end]);
    assert!(policy.is_ok(), "the example in docs/policy.md does not load: {}", policy.unwrap_err());
}

/// A crate with `autotests = false` builds its integration tests as one binary whose `tests/main.rs` declares each
/// file (ADR-361): Cargo discovers nothing else, so a file added under `tests/` and not declared there would never run.
#[test]
fn every_test_file_is_a_module_of_its_crates_test_binary() {
    let mut missing = Vec::new();
    for top in ["crates", "apps"] {
        for krate in std::fs::read_dir(repo().join(top)).unwrap() {
            let krate = krate.unwrap().path();
            let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap_or_default();
            if !manifest.contains("autotests = false") {
                continue;
            }
            let declared = std::fs::read_to_string(krate.join("tests/main.rs")).unwrap();
            for entry in std::fs::read_dir(krate.join("tests")).unwrap() {
                let path = entry.unwrap().path();
                let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
                if path.extension().is_some_and(|e| e == "rs")
                    && stem != "main"
                    && !declared.contains(&format!("\nmod {stem};\n"))
                {
                    missing.push(path.display().to_string());
                }
            }
        }
    }
    assert!(missing.is_empty(), "not declared in their crate's tests/main.rs, so never run: {missing:?}");
}
