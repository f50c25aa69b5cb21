//! The policy loader refuses every invalid file and names the line: fixture-driven.
//!
//! Each `tests/fixtures/policy/bad/NAME.yaml` has a sibling `NAME.expected` holding the exact error
//! (`file:line:column: message`). Adding a case is adding two files. Every `good/*.yaml` (and the repo's
//! `policies/home.yaml`) must load.
#![allow(clippy::unwrap_used)]

use foureyes_core::policy::PolicyError;
use foureyes_core::{ActionRequest, Decision, Policy, ReasonCode, Snapshot, Verdict, decide};
use serde_json::{Map, Value};
use std::path::Path;

const BAD_DIR: &str = "tests/fixtures/policy/bad";
const GOOD_DIR: &str = "tests/fixtures/policy/good";

/// The `*.yaml` files of a fixture directory (relative to the crate), sorted.
fn fixtures(dir: &str) -> Vec<String> {
    let abs = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut names: Vec<String> = std::fs::read_dir(&abs)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".yaml"))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    names.sort();
    names
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// Splits `file:line:column: message`.
fn split_expected(expected: &str) -> (&str, u64, u64, &str) {
    let mut parts = expected.splitn(4, ':');
    let file = parts.next().unwrap();
    let line = parts.next().unwrap().parse().unwrap();
    let column = parts.next().unwrap().parse().unwrap();
    let message = parts.next().unwrap().strip_prefix(' ').unwrap();
    (file, line, column, message)
}

#[test]
fn every_bad_policy_is_refused_with_its_exact_message_and_position() {
    let files = fixtures(BAD_DIR);
    assert!(files.len() >= 18, "the bad fixtures went missing: {files:?}");
    let mut failures = Vec::new();
    for rel in &files {
        let text = read(rel);
        let expected_path = rel.replace(".yaml", ".expected");
        let expected = read(&expected_path);
        let expected = expected.trim_end_matches('\n');
        assert!(!expected.contains('\n'), "{expected_path}: one line expected");
        let err: PolicyError = match Policy::from_yaml(rel, &text) {
            Ok(_) => {
                failures.push(format!("{rel}: loaded, but it must be refused with\n    {expected}"));
                continue;
            }
            Err(e) => e,
        };
        if err.to_string() != expected {
            failures.push(format!("{rel}:\n  expected {expected}\n  actual   {err}"));
            continue;
        }
        // The structured fields agree with the rendered message, so callers that use them point at the same place.
        let (file, line, column, message) = split_expected(expected);
        assert_eq!(
            (err.file.as_str(), err.line, err.column, err.message.as_str()),
            (file, line, column, message),
            "{rel}"
        );
        assert_eq!(file, rel, "{expected_path} must name the fixture by its path relative to the crate");
        // And the position is inside the file, 1-based, on a token (not on indentation or past the line's end).
        let source_line = text.lines().nth(usize::try_from(line).unwrap() - 1);
        let at = source_line.and_then(|l| l.chars().nth(usize::try_from(column).unwrap() - 1));
        assert!(
            at.is_some_and(|c| !c.is_whitespace()),
            "{rel}: {line}:{column} does not point at a token: {source_line:?}"
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} bad policies misreported:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_bad_fixture_has_an_expected_message_and_vice_versa() {
    let abs = Path::new(env!("CARGO_MANIFEST_DIR")).join(BAD_DIR);
    for entry in std::fs::read_dir(abs).unwrap() {
        let path = entry.unwrap().path();
        let sibling = match path.extension().and_then(|e| e.to_str()) {
            Some("yaml") => path.with_extension("expected"),
            Some("expected") => path.with_extension("yaml"),
            _ => panic!("stray file in {BAD_DIR}: {}", path.display()),
        };
        assert!(sibling.exists(), "{} has no sibling {}", path.display(), sibling.display());
    }
}

#[test]
fn every_good_policy_loads() {
    let files = fixtures(GOOD_DIR);
    assert!(files.len() >= 2, "the good fixtures went missing: {files:?}");
    for rel in &files {
        if let Err(e) = Policy::from_yaml(rel, &read(rel)) {
            panic!("{rel} must load: {e}");
        }
    }
}

#[test]
fn the_repo_home_policy_loads() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../policies/home.yaml")).unwrap();
    let policy = Policy::from_yaml("policies/home.yaml", &text).unwrap();
    assert_eq!(policy.timezone_name, "Europe/Berlin");
    // Money is tier 3 with the four-eyes rule.
    let payments = policy.action("payments.send").unwrap();
    assert_eq!(payments.tier, 3);
    assert_eq!(payments.approvals.required, 2);
    assert_eq!(policy.action("weather.get").unwrap().tier, 0);
    assert!(policy.action("climate.set_temperature").unwrap().compensate.is_some());
}

#[test]
fn the_every_feature_fixture_means_what_it_says() {
    use foureyes_core::policy::{DryRunRule, Scope};
    use foureyes_core::window::Window;
    let rel = format!("{GOOD_DIR}/every_feature.yaml");
    let policy = Policy::from_yaml(&rel, &read(&rel)).unwrap();
    assert_eq!(policy.default_approvals.required, 2);
    assert_eq!(policy.default_approvals.ttl_ms, 12 * 3_600_000);
    assert!(policy.default_approvals.step_up);
    // The default undo window applies where `compensate` names none; an explicit one wins.
    assert_eq!(policy.action("climate.set_temperature").unwrap().compensate.as_ref().unwrap().window_ms, 30 * 60_000);
    assert_eq!(policy.action("door.unlock").unwrap().compensate.as_ref().unwrap().window_ms, 5 * 60_000);
    // `dry_run_until: 2026-06-01` is local midnight in the policy's timezone (New York, UTC-4 in June).
    let until: jiff::Timestamp = "2026-06-01T04:00:00Z".parse().unwrap();
    assert_eq!(policy.action("door.unlock").unwrap().dry_run, DryRunRule::UntilMs(until.as_millisecond()));
    assert_eq!(policy.action("door.lock").unwrap().dry_run, DryRunRule::Always);
    assert_eq!(policy.action("files.read").unwrap().dry_run, DryRunRule::Never);
    let api = policy.action("api.call").unwrap();
    assert_eq!(api.limits.len(), 2);
    assert_eq!(
        (api.limits[1].count, api.limits[1].per, api.limits[1].scope),
        (10, Window::Rolling { ms: 30_000 }, Scope::Agent)
    );
    assert_eq!(api.budgets[0].per, Window::CalendarDays { days: 7 });
    let payments = policy.action("payments.send").unwrap();
    assert_eq!(payments.approvals.required, 3);
    assert_eq!(payments.approvals.ttl_ms, 2 * 3_600_000);
    assert!(payments.approvals.step_up, "an action's `approvals` refines the defaults, it does not reset them");
    // A param is required unless it says otherwise.
    let climate = policy.action("climate.set_temperature").unwrap();
    assert!(climate.params["zone"].required);
    assert!(!climate.params["eco"].required);
}

fn decide_amount(policy: &Policy, amount_json: &str) -> Decision {
    let mut params = Map::new();
    params.insert("amount_eur".into(), serde_json::from_str::<Value>(amount_json).unwrap());
    let request = ActionRequest::new("r1", "bot", "payments.pay", params);
    decide(policy, &Snapshot::default(), &request, 1_700_000_000_000)
}

#[test]
fn decimal_bounds_are_exact() {
    let policy = Policy::from_yaml(
        "exact.yaml",
        "version: 1\nactions:\n  payments.pay:\n    tier: 3\n    params: { amount_eur: { type: number, min: 0.01, max: 500.10 } }\n",
    )
    .unwrap();
    for ok in ["500.10", "500.1", "500.09", "0.01", "0.1"] {
        let d = decide_amount(&policy, ok);
        assert_eq!(d.verdict, Verdict::Defer, "{ok} is inside [0.01, 500.10]: {d:?}");
    }
    for out in ["500.11", "500.100000000001", "0.009", "0", "-500.10"] {
        let d = decide_amount(&policy, out);
        assert_eq!(d.verdict, Verdict::Deny, "{out} is outside [0.01, 500.10]: {d:?}");
        assert!(d.has_reason(ReasonCode::Bounds), "{out}: {d:?}");
        assert!(d.new_approval.is_none(), "{out}: a human is never asked about an out-of-range value");
    }
    assert_eq!(
        decide_amount(&policy, "500.11").summary(),
        "'payments.pay' denied: param 'amount_eur'=500.11 above max 500.1"
    );
}

#[test]
fn the_mcp_section_is_optional_and_off_unless_a_server_opts_in() {
    let rel = format!("{GOOD_DIR}/mcp_hints.yaml");
    let policy = Policy::from_yaml(&rel, &read(&rel)).unwrap();
    assert!(policy.mcp["fs"].trust_read_only_hint);
    assert!(!policy.mcp["git"].trust_read_only_hint, "`{{}}` trusts nothing");
    // A policy without the section (every policy written before it existed) trusts no annotation.
    let rel = format!("{GOOD_DIR}/minimal.yaml");
    assert!(Policy::from_yaml(&rel, &read(&rel)).unwrap().mcp.is_empty());
}
