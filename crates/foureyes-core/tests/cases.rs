//! The pipeline's fixture cases: every `tests/cases/*.yaml` is a policy test table (`foureyes_core::policy_test`)
//! with its policy inline, and every `policies/*.test.yaml` of the repository tests the policy it names. Adding a
//! case is adding a few lines of YAML; a failing case prints its name, what it expected and what it got.
#![allow(clippy::unwrap_used)]

use foureyes_core::Policy;
use foureyes_core::policy_test::{TestTable, run};
use std::path::{Path, PathBuf};

fn tables(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

fn check(file: &Path) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    let name = file.display().to_string();
    let table = TestTable::from_yaml(&name, &text).unwrap_or_else(|e| panic!("{e}"));
    let policy = match (table.inline_policy(&name), &table.policy) {
        (Some(p), _) => p.unwrap_or_else(|e| panic!("{e}")),
        (None, Some(path)) => {
            let path = file.parent().unwrap().join(path);
            Policy::from_yaml(&path.display().to_string(), &std::fs::read_to_string(&path).unwrap())
                .unwrap_or_else(|e| panic!("{e}"))
        }
        (None, None) => panic!("{name}: names no policy"),
    };
    let results = run(&policy, &table);
    let failed: Vec<String> = results
        .iter()
        .filter_map(|r| r.failure.as_ref().map(|f| format!("  {name}: `{}`: {f} (got {})", r.name, r.got)))
        .collect();
    assert!(failed.is_empty(), "{} of {} cases failed:\n{}", failed.len(), results.len(), failed.join("\n"));
    results.len()
}

#[test]
fn every_fixture_case_gives_its_expected_verdict() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let files = tables(&dir, ".yaml");
    assert!(!files.is_empty());
    let total: usize = files.iter().map(|f| check(f)).sum();
    assert!(total > 0);
}

#[test]
fn the_repositorys_own_policies_pass_their_tests() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../policies");
    let files = tables(&dir, ".test.yaml");
    assert!(!files.is_empty(), "policies/ has no `*.test.yaml`");
    for f in files {
        check(&f);
    }
}
