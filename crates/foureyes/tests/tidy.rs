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

/// Every name a Rust file under `crates/`, `apps/` or `xtask/` declares (functions, types, traits, modules, consts,
/// fields, variants, the cases a macro turns into tests), its file stems, directory and package names: what
/// ARCHITECTURE.md may name.
fn declared_names() -> std::collections::HashSet<String> {
    fn ident(text: &str) -> &str {
        let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
        &text[..end]
    }
    fn walk(dir: &Path, names: &mut std::collections::HashSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if name != "target" && name != "node_modules" {
                    names.insert(name.replace('-', "_"));
                    walk(&path, names);
                }
                continue;
            }
            if name == "Cargo.toml" {
                let manifest = std::fs::read_to_string(&path).unwrap();
                if let Some(package) = manifest.lines().find_map(|l| l.strip_prefix("name = \"")) {
                    names.insert(package.trim_end_matches('"').replace('-', "_"));
                }
            }
            let Some(stem) = name.strip_suffix(".rs") else { continue };
            names.insert(stem.to_string());
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                let line = line.trim_start();
                for keyword in
                    ["fn ", "struct ", "enum ", "trait ", "mod ", "const ", "static ", "type ", "macro_rules! "]
                {
                    for (at, _) in line.match_indices(keyword) {
                        let starts_a_word =
                            line[..at].chars().last().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
                        if starts_a_word {
                            names.insert(ident(&line[at + keyword.len()..]).to_string());
                        }
                    }
                }
                // A field (`pub demote: …`), a variant (`Backend,`, `Remote(…)`), a macro-made case (`name =>`).
                let unqualified =
                    line.strip_prefix("pub(crate) ").or_else(|| line.strip_prefix("pub ")).unwrap_or(line);
                let word = ident(unqualified);
                let rest = &unqualified[word.len()..];
                if !word.is_empty()
                    && ((rest.starts_with(':') && !rest.starts_with("::"))
                        || [",", " =>", "(", " {", ""]
                            .iter()
                            .any(|p| rest.starts_with(p) && (!p.is_empty() || rest.is_empty())))
                {
                    names.insert(word.to_string());
                }
            }
        }
    }
    let mut names = std::collections::HashSet::new();
    for top in ["crates", "apps", "xtask"] {
        walk(&repo().join(top), &mut names);
    }
    names
}

/// Whether `segment` of a Rust path in the map names something declared: `*` is any name, `name_*` and `name…` a
/// prefix, `…name` a part, `{a, b}` each of them.
fn segment_is_declared(segment: &str, names: &std::collections::HashSet<String>) -> bool {
    let segment = segment.trim();
    if let Some(list) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
        return list.split(',').all(|s| segment_is_declared(s, names));
    }
    if segment == "*" {
        return true;
    }
    if let Some(prefix) = segment.strip_suffix('*').or_else(|| segment.strip_suffix('…')) {
        return names.iter().any(|n| n.starts_with(prefix));
    }
    if let Some(part) = segment.strip_prefix('…') {
        return names.iter().any(|n| n.contains(part));
    }
    names.contains(segment)
}

/// ARCHITECTURE.md is the newcomer's map (issue 18), so it must match the tree: every file path it names in
/// backticks exists (from the root, under `crates/` or `apps/`, or in the section's crate), every Rust path
/// (`foureyes_store::ops::decide`, `journal_authority::*::audit_names_*`) names declared items, every crate and app has
/// a section, and the sections are in dependency order (each depends only on the ones above it, as the map says).
#[test]
fn the_architecture_map_names_only_what_exists() {
    let map = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).unwrap();
    let names = declared_names();
    let mut drift = Vec::new();
    let mut section: Option<PathBuf> = None;
    let mut sections: Vec<String> = Vec::new();
    for (number, line) in map.lines().enumerate() {
        if line.starts_with('#') {
            let heading = line.split('`').nth(1).filter(|h| h.starts_with("crates/") || h.starts_with("apps/"));
            section = heading.map(|h| repo().join(h));
            sections.extend(heading.map(str::to_string));
        }
        for token in line.split('`').skip(1).step_by(2) {
            let is_rust_path = token.contains("::")
                && token.chars().all(|c| c.is_alphanumeric() || "_:*{}, …".contains(c))
                && !token.starts_with(':');
            let is_file_path = token.contains('/')
                && !token.contains([' ', '*', '…', '{', '|'])
                && !token.starts_with(['/', '.'])
                && (token.starts_with("crates/")
                    || token.starts_with("apps/")
                    || [".rs", ".py", ".md", ".yaml", ".sql", ".html", ".json", ".toml", ".cjs", ".c"]
                        .iter()
                        .any(|e| token.ends_with(e)));
            if is_file_path {
                let mut candidates =
                    vec![repo().join(token), repo().join("crates").join(token), repo().join("apps").join(token)];
                if let Some(dir) = &section {
                    candidates.extend([dir.join(token), dir.join("src").join(token), dir.join("tests").join(token)]);
                }
                if !candidates.iter().any(|c| c.exists()) {
                    drift.push(format!("ARCHITECTURE.md:{}: no file `{token}`", number + 1));
                }
            } else if is_rust_path {
                for segment in token.split("::").filter(|s| !segment_is_declared(s, &names)) {
                    drift.push(format!("ARCHITECTURE.md:{}: `{token}`: nothing declares `{segment}`", number + 1));
                }
            }
        }
    }
    let mut packages = Vec::new();
    for top in ["crates", "apps"] {
        for krate in std::fs::read_dir(repo().join(top)).unwrap() {
            let dir = krate.unwrap().path();
            let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else { continue };
            let name = manifest.lines().find_map(|l| l.strip_prefix("name = \"")).unwrap().trim_end_matches('"');
            let relative = format!("{top}/{}", dir.file_name().unwrap().to_string_lossy());
            if !sections.contains(&relative) {
                drift.push(format!("`{relative}` has no section in the code map"));
            }
            packages.push((name.to_string(), relative, manifest));
        }
    }
    for (position, section) in sections.iter().enumerate() {
        let Some((_, _, manifest)) = packages.iter().find(|(_, dir, _)| dir == section) else { continue };
        let dependencies = manifest.split("\n[dependencies]\n").nth(1).unwrap_or_default();
        let dependencies = dependencies.split("\n[").next().unwrap_or_default();
        for (name, dir, _) in &packages {
            let depends = dependencies
                .lines()
                .any(|l| l.starts_with(&format!("{name}.workspace")) || l.starts_with(&format!("{name} =")));
            if depends && !sections[..position].contains(dir) {
                drift.push(format!("`{section}` depends on `{dir}`, which the code map does not list above it"));
            }
        }
    }
    assert!(drift.is_empty(), "ARCHITECTURE.md's code map has drifted from the tree: {drift:#?}");
}
