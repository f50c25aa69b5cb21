//! `foureyes bench floor` and `bench decide`'s CPU split (ADR-1085), small and bounded (a few seconds): the harness
//! runs end to end and prints what it says it prints. No figure is asserted (a shared machine); only that the parts
//! add up and that every case ran.
#![allow(clippy::unwrap_used)]

use serde_json::Value;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

fn json_of(args: &[&str]) -> Value {
    let out = Command::new(BIN).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

#[test]
fn the_floor_runs_every_case_and_splits_its_cpu() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_str().unwrap();
    let floor = json_of(&["bench", "floor", "--seconds", "0.2", "--pages", "2", "--dir", dir, "--json"]);
    let cases: Vec<&str> = floor["cases"].as_array().unwrap().iter().map(|c| c["case"].as_str().unwrap()).collect();
    assert_eq!(cases, ["frames", "frames+fsync", "frames+fdatasync", "sqlite-insert"], "{floor}");
    for case in floor["cases"].as_array().unwrap() {
        assert!(case["operations"].as_u64().unwrap() > 0, "{case}");
        let (cpu, user, system) =
            (case["cpu_us"].as_f64().unwrap(), case["user_us"].as_f64().unwrap(), case["system_us"].as_f64().unwrap());
        assert!((cpu - user - system).abs() < 1e-6, "CPU is user + system: {case}");
    }
    // Its files are gone with it.
    assert_eq!(std::fs::read_dir(dir).unwrap().count(), 0, "bench floor left files in {dir}");
    let one = json_of(&["bench", "floor", "--seconds", "0.1", "--cases", "sqlite-insert", "--dir", dir, "--json"]);
    assert_eq!(one["cases"].as_array().unwrap().len(), 1, "{one}");
    let unknown = Command::new(BIN).args(["bench", "floor", "--cases", "nope", "--dir", dir]).output().unwrap();
    assert!(!unknown.status.success(), "an unknown case is refused");
}

#[test]
fn bench_decide_splits_cpu_into_user_and_system() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_str().unwrap();
    let runs = json_of(&[
        "bench",
        "decide",
        "--callers",
        "1",
        "--decisions",
        "40",
        "--group-commit",
        "on",
        "--dir",
        dir,
        "--json",
    ]);
    let run = &runs[0];
    assert_eq!(run["decisions"], 40, "{run}");
    let cpu = run["cpu_us_per_decision"].as_f64().unwrap();
    let (user, system) =
        (run["cpu_user_us_per_decision"].as_f64().unwrap(), run["cpu_system_us_per_decision"].as_f64().unwrap());
    assert!((cpu - user - system).abs() < 1e-6, "CPU is user + system: {run}");
    for field in ["voluntary_switches_per_decision", "involuntary_switches_per_decision"] {
        assert!(run[field].as_f64().is_some_and(|v| v >= 0.0), "{field}: {run}");
    }
}
