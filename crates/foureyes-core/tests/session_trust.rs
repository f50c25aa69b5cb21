//! Session-dependent trust through `decide` only, with hand-built snapshots and time passed in: which signals start
//! a demotion (and only when the policy says so), what a demotion in force does to each tier, when it ends, and
//! which requests count toward the denial signal. Every test fails if the rule it names is dropped.
#![allow(clippy::unwrap_used)]

use foureyes_core::pipeline::denials_since_ms;
use foureyes_core::types::*;
use foureyes_core::{Policy, Snapshot, decide};
use serde_json::{Value, json};

const ACTIONS: &str = r#"
actions:
  weather.get:
    tier: 0
    params: { city: { type: string, max_len: 64 } }
  climate.set:
    tier: 1
    params: { celsius: { type: number, min: 17, max: 23 } }
    compensate: { action: climate.set, window: 15m }
  battery.schedule:
    tier: 2
    params: { kw: { type: number, min: 0, max: 5 } }
    limits: [ { count: 3, per: 1h } ]
  payments.send:
    tier: 3
    params: { amount_eur: { type: number, min: 1, max: 500 } }
"#;

const TRUST: &str = r#"
session_trust:
  cooling_period: 30m
  demote_on:
    denials: { count: 3, within: 1h }
    bounds_violation: true
    unknown_action: true
    flags: [prompt_injection]
"#;

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
/// 2026-03-10T12:00:00Z.
const NOW: i64 = 1_773_144_000_000;

fn policy(with_trust: bool) -> Policy {
    let yaml = format!("version: 1\n{ACTIONS}{}", if with_trust { TRUST } else { "" });
    Policy::from_yaml("session_trust.yaml", &yaml).unwrap()
}

fn request(action: &str, params: Value) -> ActionRequest {
    ActionRequest {
        session: Some("s1".into()),
        ..ActionRequest::new("r1", "bot", action, params.as_object().cloned().unwrap())
    }
}

fn climate(celsius: f64) -> ActionRequest {
    request("climate.set", json!({"celsius": celsius}))
}

fn flagged(mut r: ActionRequest, flag: &str) -> ActionRequest {
    r.flags = vec![flag.to_string()];
    r
}

/// A demotion of `session` (None: the agent's sessionless requests) until `until_ms`.
fn demotion(session: Option<&str>, until_ms: i64) -> DemotionRecord {
    DemotionRecord {
        demotion_id: 4,
        agent: "bot".into(),
        session: session.map(str::to_string),
        signal: TrustSignal::BoundsViolation,
        reason: "a request was denied for its params".into(),
        decision_id: 9,
        started_at_ms: NOW - 10 * MINUTE,
        until_ms,
        status: DemotionStatus::Active,
        ended_at_ms: None,
        ended_by: None,
        ended_reason: None,
    }
}

fn demoted(session: Option<&str>, until_ms: i64) -> Snapshot {
    Snapshot { demotion: Some(demotion(session, until_ms)), ..Snapshot::default() }
}

fn codes(d: &Decision) -> Vec<ReasonCode> {
    d.reasons.iter().map(|r| r.code).collect()
}

// ---------------------------------------------------------------------------------------------------------------
// Signals

#[test]
fn without_the_section_no_signal_demotes() {
    let p = policy(false);
    let none = Snapshot::default();
    for r in [
        flagged(climate(20.0), "prompt_injection"),
        request("shell.exec", json!({})),
        climate(99.0),
        request("payments.send", json!({"amount_eur": 9000})),
    ] {
        let d = decide(&p, &Snapshot { session_denials: 100, ..none.clone() }, &r, NOW);
        assert_eq!(d.demote, None, "{}: no `session_trust`, no demotion: {d:?}", r.action);
        assert!(!d.has_reason(ReasonCode::SessionDemoted));
    }
    // The flag alone changes nothing either: the tier-1 action is permitted.
    let d = decide(&p, &none, &flagged(climate(20.0), "prompt_injection"), NOW);
    assert_eq!(d.verdict, Verdict::Permit);
}

#[test]
fn a_listed_flag_demotes_and_holds_the_request_that_carried_it() {
    let p = policy(true);
    let d = decide(&p, &Snapshot::default(), &flagged(climate(20.0), "prompt_injection"), NOW);
    let demote = d.demote.clone().expect("a listed flag demotes");
    assert_eq!(demote.signal, TrustSignal::Flag);
    assert_eq!(demote.until_ms, NOW + 30 * MINUTE, "the cooling period starts now");
    assert!(demote.reason.contains("prompt_injection"), "{}", demote.reason);
    // The flagged tier-1 request is the first one held: deferred, with a typed reason naming the signal.
    assert_eq!((d.verdict, d.tier), (Verdict::Defer, 3), "{d:?}");
    assert!(d.new_approval.is_some(), "a human is asked");
    let reason = d.reasons.iter().find(|r| r.code == ReasonCode::SessionDemoted).expect("session_demoted");
    assert!(reason.message.contains("signal `flag`") && reason.message.contains("session `s1`"), "{}", reason.message);

    // A flag the policy does not list is recorded with the request and demotes nothing.
    let d = decide(&p, &Snapshot::default(), &flagged(climate(20.0), "looked_odd"), NOW);
    assert_eq!((d.verdict, d.demote), (Verdict::Permit, None));
}

#[test]
fn a_default_deny_probe_demotes() {
    let p = policy(true);
    let d = decide(&p, &Snapshot::default(), &request("shell.exec", json!({"cmd": "id"})), NOW);
    assert_eq!(d.verdict, Verdict::Defer, "the probe itself is deferred as before");
    assert!(d.has_reason(ReasonCode::DefaultDeny));
    let demote = d.demote.expect("a probe demotes");
    assert_eq!(demote.signal, TrustSignal::UnknownAction);
    assert!(demote.reason.contains("'shell.exec'"), "the reason names the probe: {}", demote.reason);
    // A rehearsal of a probe is a probe: what the session tried, not what ran.
    let mut rehearsal = request("shell.exec", json!({}));
    rehearsal.dry_run = true;
    let d = decide(&p, &Snapshot::default(), &rehearsal, NOW);
    assert_eq!(d.verdict, Verdict::DryRun);
    assert_eq!(d.demote.map(|x| x.signal), Some(TrustSignal::UnknownAction));
}

#[test]
fn a_bounds_violation_demotes_each_kind() {
    let p = policy(true);
    for (r, code) in [
        (climate(99.0), ReasonCode::Bounds),
        (request("climate.set", json!({"celsius": 20, "zone": "x"})), ReasonCode::UnknownParam),
        (request("climate.set", json!({})), ReasonCode::MissingParam),
        (request("climate.set", json!({"celsius": "20"})), ReasonCode::WrongType),
    ] {
        let d = decide(&p, &Snapshot::default(), &r, NOW);
        assert!(d.verdict == Verdict::Deny && d.has_reason(code), "{code:?}: {d:?}");
        let demote = d.demote.clone().expect("a bounds violation demotes");
        assert_eq!(demote.signal, TrustSignal::BoundsViolation, "{code:?}");
        assert!(demote.reason.contains("'climate.set' denied"), "the reason names the violation: {}", demote.reason);
        assert!(d.session_denial, "a denial of the session's own request counts");
    }
}

#[test]
fn the_count_th_denial_demotes_and_not_one_before() {
    let p = policy(true);
    // An undo of nothing is denied without being a bounds violation.
    let mut undo = climate(20.0);
    undo.undo_of = Some(77);
    let two_before = Snapshot { session_denials: 1, ..Snapshot::default() };
    let d = decide(&p, &two_before, &undo, NOW);
    assert!(d.verdict == Verdict::Deny && d.session_denial);
    assert_eq!(d.demote, None, "the 2nd denial of 3 does not demote");
    let d = decide(&p, &Snapshot { session_denials: 2, ..Snapshot::default() }, &undo, NOW);
    let demote = d.demote.expect("the 3rd denial demotes");
    assert_eq!(demote.signal, TrustSignal::Denials);
    assert_eq!(demote.reason, "3 denials within 1h");
    // A permit never counts, however many denials came before.
    let d = decide(&p, &Snapshot { session_denials: 50, ..Snapshot::default() }, &climate(20.0), NOW);
    assert!(d.verdict == Verdict::Permit && !d.session_denial && d.demote.is_none(), "{d:?}");
}

#[test]
fn denials_are_counted_inside_the_window_and_after_the_last_demotion() {
    let p = policy(true);
    assert_eq!(denials_since_ms(&p, NOW, None), Some(NOW - HOUR + 1), "rolling (now − 1h, now]");
    assert_eq!(denials_since_ms(&p, NOW, Some(NOW - 5 * MINUTE)), Some(NOW - 5 * MINUTE), "a clean slate after it");
    assert_eq!(denials_since_ms(&p, NOW, Some(NOW - 2 * HOUR)), Some(NOW - HOUR + 1));
    assert_eq!(denials_since_ms(&policy(false), NOW, None), None, "no rule, nothing to count");
    assert_eq!(
        p.session_trust.as_ref().unwrap().describe(),
        "demotes a session for 30m after 3 denials within 1h, or a bounds violation, or a request for an unknown \
         action, or a flag (prompt_injection)"
    );
    let no_window = Policy::from_yaml(
        "w.yaml",
        &format!(
            "version: 1\n{ACTIONS}session_trust:\n  cooling_period: 1h\n  demote_on: {{ denials: {{ count: 2 }} }}\n"
        ),
    )
    .unwrap();
    assert_eq!(denials_since_ms(&no_window, NOW, None), Some(i64::MIN), "the whole session");
}

#[test]
fn releasing_an_approval_neither_demotes_nor_counts() {
    let p = policy(true);
    let original = flagged(climate(20.0), "prompt_injection");
    let record = ApprovalRecord {
        approval_id: 7,
        decision_id: 3,
        request: original.clone(),
        reasons: vec![],
        digest: original.digest(),
        required: 1,
        step_up: false,
        acknowledged: vec![],
        approvers: vec!["alice".into()],
        status: ApprovalStatus::Rejected,
        created_at_ms: NOW - HOUR,
        expires_at_ms: NOW + HOUR,
        decided_by: Some("alice".into()),
        reject_reason: None,
        consumed_by: None,
        revoked_by: None,
        revoke_reason: None,
    };
    let release = ActionRequest { approval_id: Some(7), ..original.clone() };
    let snapshot = Snapshot { approval: Some(record.clone()), session_denials: 2, ..Snapshot::default() };
    let d = decide(&p, &snapshot, &release, NOW);
    assert_eq!(d.verdict, Verdict::Deny, "rejected");
    assert!(d.demote.is_none() && !d.session_denial, "judged, flags and all, when it was deferred: {d:?}");
    // An approved release goes ahead even while the session is demoted: a human looked at exactly this action.
    let approved = ApprovalRecord { status: ApprovalStatus::Approved, decided_by: None, ..record };
    let snapshot = Snapshot { approval: Some(approved), ..demoted(Some("s1"), NOW + HOUR) };
    let d = decide(&p, &snapshot, &release, NOW);
    assert_eq!(d.verdict, Verdict::Permit, "{d:?}");
    assert!(!d.has_reason(ReasonCode::SessionDemoted));
}

// ---------------------------------------------------------------------------------------------------------------
// A demotion in force

#[test]
fn a_demoted_session_defers_tiers_1_and_2_and_changes_nothing_else() {
    let p = policy(true);
    let s = demoted(Some("s1"), NOW + 20 * MINUTE);

    for r in [climate(20.0), request("battery.schedule", json!({"kw": 2}))] {
        let d = decide(&p, &s, &r, NOW);
        assert_eq!((d.verdict, d.tier), (Verdict::Defer, 3), "{}: {d:?}", r.action);
        assert!(d.has_reason(ReasonCode::SessionDemoted) && d.new_approval.is_some(), "{}", r.action);
        let message = &d.reasons.iter().find(|x| x.code == ReasonCode::SessionDemoted).unwrap().message;
        assert!(
            message.contains("2026-03-10T12:20:00Z") && message.contains("signal `bounds_violation`"),
            "the reason names the until and the signal: {message}"
        );
    }
    // Limits are still evaluated (and shown), but nothing is reserved by a deferral.
    let d = decide(&p, &s, &request("battery.schedule", json!({"kw": 2})), NOW);
    assert_eq!(d.budgets.len(), 1);
    assert!(d.reservations.is_empty());

    // Tier 0 reads stay allowed.
    let d = decide(&p, &s, &request("weather.get", json!({"city": "Berlin"})), NOW);
    assert_eq!(d.verdict, Verdict::Permit);
    // Tier 3 is deferred as before, for its own reason.
    let d = decide(&p, &s, &request("payments.send", json!({"amount_eur": 10})), NOW);
    assert_eq!(codes(&d), vec![ReasonCode::ApprovalRequired]);
    // A denial stays a denial.
    let d = decide(&p, &s, &climate(99.0), NOW);
    assert_eq!(d.verdict, Verdict::Deny);
    assert!(!d.has_reason(ReasonCode::SessionDemoted));
    // Already demoted: signals start no second demotion (the cooling period is not extended).
    let d = decide(&p, &s, &flagged(climate(20.0), "prompt_injection"), NOW);
    assert!(d.demote.is_none(), "{d:?}");
}

#[test]
fn a_dry_run_says_what_would_happen() {
    let p = policy(true);
    let mut r = climate(20.0);
    r.dry_run = true;
    let d = decide(&p, &demoted(Some("s1"), NOW + MINUTE), &r, NOW);
    assert_eq!((d.verdict, d.would_have), (Verdict::DryRun, Some(Verdict::Defer)), "{d:?}");
    assert!(d.has_reason(ReasonCode::SessionDemoted) && d.new_approval.is_none());
    let d = decide(&p, &Snapshot::default(), &r, NOW);
    assert_eq!(d.would_have, Some(Verdict::Permit), "not demoted: it would have been permitted");
}

#[test]
fn the_cooling_period_ends_at_until_exactly() {
    let p = policy(true);
    let until = NOW + 30 * MINUTE;
    let s = demoted(Some("s1"), until);
    assert_eq!(decide(&p, &s, &climate(20.0), until - 1).verdict, Verdict::Defer, "one millisecond before");
    let d = decide(&p, &s, &climate(20.0), until);
    assert_eq!(d.verdict, Verdict::Permit, "at `until` the session has its autonomy back: {d:?}");
    // A restored demotion holds nothing, whatever its `until`.
    let mut restored = demotion(Some("s1"), until);
    restored.status = DemotionStatus::Restored;
    let d = decide(&p, &Snapshot { demotion: Some(restored), ..Snapshot::default() }, &climate(20.0), NOW);
    assert_eq!(d.verdict, Verdict::Permit);
}

#[test]
fn a_sessionless_demotion_holds_every_session_of_the_agent() {
    let p = policy(true);
    let d = decide(&p, &demoted(None, NOW + MINUTE), &climate(20.0), NOW);
    assert_eq!(d.verdict, Verdict::Defer);
    let message = &d.reasons.iter().find(|x| x.code == ReasonCode::SessionDemoted).unwrap().message;
    assert!(message.contains("agent `bot` (every session)"), "{message}");
    // A flag on a request without a session id demotes the agent's sessionless requests (and so all of them).
    let mut r = flagged(climate(20.0), "prompt_injection");
    r.session = None;
    let d = decide(&p, &Snapshot::default(), &r, NOW);
    let message = &d.reasons.iter().find(|x| x.code == ReasonCode::SessionDemoted).unwrap().message;
    assert!(message.contains("(every session)"), "{message}");
}

// ---------------------------------------------------------------------------------------------------------------
// Flags on the request

#[test]
fn flags_are_outside_the_digest_and_inside_the_fingerprint() {
    let plain = climate(20.0);
    let with = flagged(climate(20.0), "prompt_injection");
    assert_eq!(plain.digest(), with.digest(), "an approval covers the action, whatever the flags");
    assert_ne!(plain.fingerprint(), with.fingerprint(), "a retry with other flags is another request");
    // Without flags or a session the fingerprint is what it was before either joined it, so stored idempotency
    // keys still match.
    let mut sessionless = plain.clone();
    sessionless.session = None;
    let before_flags = foureyes_core::canonical::canonical_sha256(&json!({
        "action": "climate.set", "params": {"celsius": 20.0}, "target": null, "agent": "bot",
        "undo_of": null, "dry_run": false, "approval_id": null,
    }));
    assert_eq!(sessionless.fingerprint(), before_flags);
}

#[test]
fn the_session_is_outside_the_digest_and_inside_the_fingerprint() {
    let s1 = climate(20.0);
    let mut s2 = climate(20.0);
    s2.session = Some("s2".into());
    let mut none = climate(20.0);
    none.session = None;
    assert_eq!(s1.digest(), s2.digest(), "an approval covers the action, whatever the session");
    // A demoted session defers what another session would run: replaying one session's verdict to another would
    // hand a demoted session's request the healthy session's permit (ADR-48).
    assert_ne!(s1.fingerprint(), s2.fingerprint(), "a re-send from another session is another request");
    assert_ne!(s1.fingerprint(), none.fingerprint(), "a re-send without the session is another request");
}

#[test]
fn bad_flags_are_refused_before_judging() {
    let mut r = climate(20.0);
    r.flags = vec!["Prompt Injection".into()];
    assert!(matches!(r.validate_shape(), Err(RequestError::BadFlag(_))));
    r.flags = vec![String::new()];
    assert!(matches!(r.validate_shape(), Err(RequestError::BadFlag(_))));
    r.flags = vec!["x".repeat(MAX_FLAG_BYTES + 1)];
    assert!(matches!(r.validate_shape(), Err(RequestError::BadFlag(_))));
    r.flags = (0..=MAX_FLAGS).map(|i| format!("f{i}")).collect();
    assert!(matches!(r.validate_shape(), Err(RequestError::TooManyFlags { .. })));
    r.flags = vec!["prompt_injection".into(), "tool-output.suspicious".into()];
    assert_eq!(r.validate_shape(), Ok(()));
}
