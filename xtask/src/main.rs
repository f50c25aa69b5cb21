//! `cargo xtask`: the project's own tasks.
//!
//! - `cargo xtask test`: everything CI runs, on a fresh machine: formatting, clippy with `-D warnings`, the whole
//!   test suite (nextest when installed, `cargo test` otherwise) and the doc tests. It starts whatever services the
//!   suites need and never skips a suite silently: a missing tool is installed or the run fails loudly.
//! - `cargo xtask teeth`: breaks each safety property on purpose (one source mutation at a time) and checks that the
//!   tests that guard it go red, then restores the source.

use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(&args[1..]),
        Some("teeth") => teeth(),
        _ => {
            eprintln!("usage: cargo xtask test [--no-lint] | cargo xtask teeth");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(program: &str, args: &[&str]) -> Result<(), String> {
    eprintln!("xtask: $ {program} {}", args.join(" "));
    let status = Command::new(program).args(args).status().map_err(|e| format!("cannot run {program}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`{program} {}` failed ({status})", args.join(" "))) }
}

fn has_nextest() -> bool {
    Command::new("cargo").args(["nextest", "--version"]).output().map(|o| o.status.success()).unwrap_or(false)
}

fn test(args: &[String]) -> Result<(), String> {
    let lint = !args.iter().any(|a| a == "--no-lint");
    if lint {
        run("cargo", &["fmt", "--all", "--", "--check"])?;
        run("cargo", &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])?;
    }
    if has_nextest() {
        run("cargo", &["nextest", "run", "--workspace", "--no-fail-fast"])?;
    } else {
        eprintln!("xtask: cargo-nextest is not installed: running the same suites with `cargo test`");
        run("cargo", &["test", "--workspace", "--no-fail-fast", "--lib", "--bins", "--tests"])?;
    }
    run("cargo", &["test", "--workspace", "--doc"])?;
    eprintln!("xtask: all suites passed");
    Ok(())
}

/// One deliberate break of a safety property and the tests that must catch it.
struct Mutation {
    property: &'static str,
    file: &'static str,
    original: &'static str,
    broken: &'static str,
    package: &'static str,
    filter: &'static str,
}

const MUTATIONS: &[Mutation] = &[
    Mutation {
        property: "kill switch blocks an approved execution",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "if snapshot.kill_switch && policy_tier > 0 {",
        broken: "if false && snapshot.kill_switch && policy_tier > 0 {",
        package: "foureyes-store",
        filter: "kill_switch",
    },
    Mutation {
        property: "approved execution checks the digest",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "if digest != record.digest || record.recomputed_digest() != record.digest {",
        broken: "if false {",
        package: "foureyes-store",
        filter: "conformance",
    },
    Mutation {
        property: "nobody approves their own request",
        file: "crates/foureyes-core/src/approval.rs",
        original: "if approver == record.request.agent {",
        broken: "if false {",
        package: "foureyes",
        filter: "four_eyes",
    },
    Mutation {
        property: "limits are reserved (exactly 3 of 200 racing processes)",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "let exceeded = consumed + requested > limit;",
        broken: "let exceeded = consumed > limit;",
        package: "foureyes",
        filter: "two_hundred_processes",
    },
    Mutation {
        property: "bounds deny before a human is asked",
        file: "crates/foureyes-core/src/pipeline.rs",
        original: "    if !violations.is_empty() {",
        broken: "    if false && !violations.is_empty() {",
        package: "foureyes",
        filter: "wrong_types",
    },
    Mutation {
        property: "the journal detects a flipped byte",
        file: "crates/foureyes-core/src/journal.rs",
        original: "if event.to_line() != text {",
        broken: "if false {",
        package: "foureyes-core",
        filter: "every_single_byte_flip",
    },
];

fn teeth() -> Result<(), String> {
    let mut toothless = Vec::new();
    for m in MUTATIONS {
        let source = std::fs::read_to_string(m.file).map_err(|e| format!("{}: {e}", m.file))?;
        if source.matches(m.original).count() != 1 {
            return Err(format!(
                "{}: the snippet for `{}` is not found exactly once; update MUTATIONS",
                m.file, m.property
            ));
        }
        std::fs::write(m.file, source.replacen(m.original, m.broken, 1)).map_err(|e| e.to_string())?;
        eprintln!("xtask teeth: breaking `{}` …", m.property);
        let status = Command::new("cargo")
            .args(["test", "-q", "-p", m.package, m.filter])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
        std::fs::write(m.file, &source).map_err(|e| format!("RESTORE FAILED for {}: {e}", m.file))?;
        match status {
            Ok(s) if !s.success() => println!("red    {:<60} (cargo test -p {} {})", m.property, m.package, m.filter),
            Ok(_) => {
                println!("GREEN  {:<60} the tests did not notice", m.property);
                toothless.push(m.property);
            }
            Err(e) => return Err(format!("cannot run cargo: {e}")),
        }
    }
    if toothless.is_empty() { Ok(()) } else { Err(format!("properties no test guards: {toothless:?}")) }
}
