//! The ordered decision pipeline, through `decide` only, with hand-built snapshots. One test per property of the
//! order (DESIGN.md §3, §5): each fails if the check it names moved, vanished or leaked a side effect.
#![allow(clippy::unwrap_used)]

use foureyes_core::pipeline::{Usage, UsageQuery, usage_queries};
use foureyes_core::types::*;
use foureyes_core::{Policy, Snapshot, decide};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;

const POLICY: &str = r#"
version: 1
timezone: Europe/Berlin
defaults:
  approvals: { required: 1, ttl: 24h }
  undo_window: 15m
actions:
  weather.get:
    tier: 0
    params: { city: { type: string, max_len: 64, required: false } }
  climate.set_temperature:
    tier: 1
    params:
      zone:    { type: string, enum: [living, bedroom] }
      celsius: { type: number, min: 17, max: 23 }
    compensate: { action: climate.set_temperature, window: 15m }
  door.unlock:
    tier: 1
    params: { door: { type: string, enum: [front, back] } }
    compensate: { action: door.lock, window: 10m }
  door.lock:
    tier: 1
    params: { door: { type: string, enum: [front, back] } }
    compensate: { action: door.unlock }
  battery.schedule:
    tier: 2
    params: { kw: { type: number, min: 0, max: 5 } }
    limits: [ { count: 3, per: 1h } ]
  api.call:
    tier: 2
    params: { units: { type: integer, min: 1, max: 10 } }
    limits:  [ { count: 100, per: 1h, scope: agent } ]
    budgets: [ { param: units, max: 50, per: 24h, scope: agent } ]
  energy.spend:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 300 } }
    budgets: [ { param: amount_eur, max: 1000, per: 1d } ]
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 0.01, max: 500 }
      payee:      { type: string, max_len: 64 }
    budgets:   [ { param: amount_eur, max: 1000, per: 24h } ]
    approvals: { required: 2, ttl: 2h, step_up: true }
  lights.set:
    tier: 1
    dry_run: true
    params: { on: { type: boolean } }
    compensate: { action: lights.set }
  garage.open:
    tier: 1
    dry_run_until: 2026-06-01
    compensate: { action: garage.open }
"#;

const HOUR: i64 = 3_600_000;
const MINUTE: i64 = 60_000;

fn policy(yaml: &str) -> Policy {
    Policy::from_yaml("pipeline.yaml", yaml).unwrap()
}

fn ms(rfc3339: &str) -> i64 {
    rfc3339.parse::<Timestamp>().unwrap().as_millisecond()
}

/// 13:00 in Berlin on a Tuesday in winter (UTC+1).
fn now() -> i64 {
    ms("2026-03-10T12:00:00Z")
}

fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

fn request(action: &str, params: Value) -> ActionRequest {
    ActionRequest::new("r1", "bot", action, params.as_object().cloned().unwrap())
}

fn usage(pairs: &[(&str, Usage)]) -> Snapshot {
    Snapshot { usage: pairs.iter().map(|(k, u)| (k.to_string(), u.clone())).collect(), ..Snapshot::default() }
}

fn killed() -> Snapshot {
    Snapshot { kill_switch: true, ..Snapshot::default() }
}

/// An approval record for `req` as the store would keep it: created by the deferral `decided`.
fn approval(req: &ActionRequest, status: ApprovalStatus, acknowledged: Vec<ReasonCode>) -> ApprovalRecord {
    ApprovalRecord {
        approval_id: 7,
        decision_id: 3,
        request: req.clone(),
        reasons: vec![],
        digest: req.digest(),
        required: 2,
        step_up: false,
        acknowledged,
        approvers: vec!["alice".into(), "carol".into()],
        status,
        created_at_ms: now() - HOUR,
        expires_at_ms: now() + HOUR,
        decided_by: None,
        reject_reason: None,
        consumed_by: None,
        revoked_by: None,
        revoke_reason: None,
    }
}

/// The same request, now executing approval 7.
fn executing(req: &ActionRequest) -> ActionRequest {
    ActionRequest { request_id: "r2".into(), approval_id: Some(7), ..req.clone() }
}

fn with_approval(record: ApprovalRecord) -> Snapshot {
    Snapshot { approval: Some(record), ..Snapshot::default() }
}

/// A decision that was executed at `at_ms`.
fn executed(decision_id: DecisionId, req: &ActionRequest, status: DecisionStatus, at_ms: i64) -> DecisionRecord {
    DecisionRecord {
        decision_id,
        request: req.clone(),
        verdict: Verdict::Permit,
        tier: 1,
        reasons: vec![],
        budgets: vec![],
        approval_id: None,
        would_have: None,
        digest: req.digest(),
        status,
        supersedes: None,
        decided_at_ms: at_ms - 1_000,
        reported_at_ms: Some(at_ms),
        report_detail: None,
        policy_sha256: String::new(),
    }
}

fn codes(d: &Decision) -> Vec<ReasonCode> {
    d.reasons.iter().map(|r| r.code).collect()
}

/// A deny leaves nothing behind: no reservation, no approval created, none consumed.
fn assert_inert_deny(d: &Decision, code: ReasonCode) {
    assert_eq!(d.verdict, Verdict::Deny, "{d:#?}");
    assert!(d.has_reason(code), "expected {code:?} in {:?}", codes(d));
    assert!(d.reservations.is_empty(), "a deny reserves nothing: {d:#?}");
    assert!(d.new_approval.is_none(), "a deny asks no human: {d:#?}");
    assert!(!d.consumes_approval, "a deny consumes no approval: {d:#?}");
    assert_eq!(d.would_have, None);
}

/// A deferral reserves nothing and creates exactly one approval for this request's digest.
fn assert_new_deferral(d: &Decision, req: &ActionRequest, code: ReasonCode) {
    assert_eq!(d.verdict, Verdict::Defer, "{d:#?}");
    assert_eq!(d.tier, 3);
    assert!(d.has_reason(code), "expected {code:?} in {:?}", codes(d));
    assert!(d.reservations.is_empty(), "a deferral reserves nothing until the approved execution: {d:#?}");
    assert!(!d.consumes_approval);
    let approval = d.new_approval.as_ref().expect("a deferral creates an approval");
    assert_eq!(approval.digest, req.digest());
    assert_eq!(d.digest, req.digest());
}

// ---- 3. Kill switch ------------------------------------------------------------------------------------------

#[test]
fn kill_switch_beats_an_earlier_approval() {
    let p = policy(POLICY);
    let req = request("payments.send", json!({"amount_eur": 120, "payee": "landlord"}));
    let mut snapshot = with_approval(approval(&req, ApprovalStatus::Approved, vec![]));
    // Without the kill switch this approval is good: the test below is about the switch and nothing else.
    assert_eq!(decide(&p, &snapshot, &executing(&req), now()).verdict, Verdict::Permit);

    snapshot.kill_switch = true;
    let d = decide(&p, &snapshot, &executing(&req), now());
    assert_inert_deny(&d, ReasonCode::KillSwitch);
    assert_eq!(codes(&d), vec![ReasonCode::KillSwitch]);
    assert_eq!(d.approval_id, Some(7), "the blocked approval is named, and kept for later");
}

#[test]
fn kill_switch_blocks_an_approved_execution_even_of_a_pending_or_unknown_approval() {
    // The switch is checked before the approval is even read: the agent learns nothing else.
    let p = policy(POLICY);
    let req = request("payments.send", json!({"amount_eur": 120, "payee": "landlord"}));
    for approval in [None, Some(approval(&req, ApprovalStatus::Pending, vec![]))] {
        let snapshot = Snapshot { kill_switch: true, approval, ..Snapshot::default() };
        let d = decide(&p, &snapshot, &executing(&req), now());
        assert_inert_deny(&d, ReasonCode::KillSwitch);
        assert_eq!(codes(&d), vec![ReasonCode::KillSwitch]);
    }
}

#[test]
fn kill_switch_lets_tier_0_through() {
    let p = policy(POLICY);
    let d = decide(&p, &killed(), &request("weather.get", json!({"city": "Berlin"})), now());
    assert_eq!(d.verdict, Verdict::Permit);
    assert_eq!(d.tier, 0);
    assert_eq!(codes(&d), vec![ReasonCode::Observe]);
    assert!(d.new_approval.is_none());
}

#[test]
fn kill_switch_collapses_tier_1_and_2_to_defer() {
    let p = policy(POLICY);
    for req in [
        request("climate.set_temperature", json!({"zone": "living", "celsius": 20})),
        request("battery.schedule", json!({"kw": 2})),
        request("energy.spend", json!({"amount_eur": 10})),
    ] {
        // Permitted with the switch off…
        assert_eq!(decide(&p, &Snapshot::default(), &req, now()).verdict, Verdict::Permit, "{}", req.action);
        // …deferred to a human with it on, reserving nothing.
        let d = decide(&p, &killed(), &req, now());
        assert_new_deferral(&d, &req, ReasonCode::KillSwitch);
        assert!(!d.has_reason(ReasonCode::WithinPolicy), "{}: {:?}", req.action, codes(&d));
    }
}

#[test]
fn kill_switch_still_denies_out_of_bounds_without_asking_a_human() {
    let p = policy(POLICY);
    let req = request("climate.set_temperature", json!({"zone": "living", "celsius": 30}));
    let d = decide(&p, &killed(), &req, now());
    assert_inert_deny(&d, ReasonCode::Bounds);
}

// ---- 4. Policy lookup ----------------------------------------------------------------------------------------

#[test]
fn unknown_action_is_deferred_with_default_deny() {
    let p = policy(POLICY);
    let req = request("shell.exec", json!({"cmd": "rm -rf /"}));
    let d = decide(&p, &Snapshot::default(), &req, now());
    assert_new_deferral(&d, &req, ReasonCode::DefaultDeny);
    let approval = d.new_approval.unwrap();
    // The policy's defaults govern an action the table does not know.
    assert_eq!(approval.required, 1);
    assert_eq!(approval.expires_at_ms, now() + 24 * HOUR);
    assert!(approval.acknowledged.is_empty());
}

// ---- 5. Bounds before the human ------------------------------------------------------------------------------

#[test]
fn bounds_deny_before_any_approval_is_created() {
    let p = policy(POLICY);
    for params in [
        json!({"amount_eur": 5000, "payee": "x"}),
        json!({"amount_eur": 0, "payee": "x"}),
        json!({"amount_eur": -10, "payee": "x"}),
        json!({"amount_eur": 10, "payee": "x".repeat(65)}),
    ] {
        let d = decide(&p, &Snapshot::default(), &request("payments.send", params.clone()), now());
        assert_inert_deny(&d, ReasonCode::Bounds);
        assert!(!d.has_reason(ReasonCode::ApprovalRequired), "{params}: {:?}", codes(&d));
    }
    // The same action in range does reach the human.
    let ok =
        decide(&p, &Snapshot::default(), &request("payments.send", json!({"amount_eur": 500, "payee": "x"})), now());
    assert_eq!(ok.verdict, Verdict::Defer);
    assert_eq!(
        decide(
            &p,
            &Snapshot::default(),
            &request("climate.set_temperature", json!({"zone": "living", "celsius": 30})),
            now()
        )
        .summary(),
        "'climate.set_temperature' denied: param 'celsius'=30 above max 23"
    );
    // A long value is cut at a character boundary in the message (canonical JSON: the quote, then 2-byte chars).
    let long = decide(
        &p,
        &Snapshot::default(),
        &request("payments.send", json!({"amount_eur": 10, "payee": "é".repeat(100)})),
        now(),
    );
    assert_inert_deny(&long, ReasonCode::Bounds);
    assert_eq!(
        long.summary(),
        format!("'payments.send' denied: param 'payee'=\"{}… is 100 characters, above max_len 64", "é".repeat(39))
    );
}

#[test]
fn unknown_params_are_denied_never_deferred() {
    let p = policy(POLICY);
    // On a tier-3 action (which would otherwise ask a human) and on a tier-0 read.
    let d = decide(
        &p,
        &Snapshot::default(),
        &request("payments.send", json!({"amount_eur": 10, "payee": "x", "memo": "hi"})),
        now(),
    );
    assert_inert_deny(&d, ReasonCode::UnknownParam);
    let d =
        decide(&p, &Snapshot::default(), &request("weather.get", json!({"city": "Berlin", "__proto__": {}})), now());
    assert_inert_deny(&d, ReasonCode::UnknownParam);
    // And a missing required param is denied too.
    let d = decide(&p, &Snapshot::default(), &request("payments.send", json!({"payee": "x"})), now());
    assert_inert_deny(&d, ReasonCode::MissingParam);
}

#[test]
fn non_numbers_and_unrepresentable_numbers_are_denied() {
    let p = policy(POLICY);
    let cases = [
        (json!("20"), ReasonCode::WrongType),
        (json!("20.0"), ReasonCode::WrongType),
        (json!(true), ReasonCode::WrongType),
        (json!(null), ReasonCode::WrongType),
        (json!([20]), ReasonCode::WrongType),
        (json!({"value": 20}), ReasonCode::WrongType),
        (json!(1e300), ReasonCode::Bounds),
        (json!(-1e300), ReasonCode::Bounds),
        (json!(1e-300), ReasonCode::Bounds),
    ];
    for (celsius, code) in cases {
        let req = request("climate.set_temperature", json!({"zone": "living", "celsius": celsius}));
        let d = decide(&p, &Snapshot::default(), &req, now());
        assert_inert_deny(&d, code);
        assert_eq!(d.reasons.len(), 1, "{celsius}: {:?}", codes(&d));
    }
    // An integer param refuses a fraction; a string param refuses a number; a boolean param refuses "true".
    for (action, params) in [
        ("api.call", json!({"units": 2.5})),
        ("weather.get", json!({"city": 42})),
        ("lights.set", json!({"on": "true"})),
        ("lights.set", json!({"on": 1})),
    ] {
        assert_inert_deny(&decide(&p, &Snapshot::default(), &request(action, params), now()), ReasonCode::WrongType);
    }
    // Optional is not nullable: an explicit null is a value of the wrong type.
    assert_inert_deny(
        &decide(&p, &Snapshot::default(), &request("weather.get", json!({"city": null})), now()),
        ReasonCode::WrongType,
    );
}

// ---- 6. Reversibility ----------------------------------------------------------------------------------------

#[test]
fn tier_1_without_compensation_is_demoted_at_runtime() {
    let mut p = policy(POLICY);
    let req = request("climate.set_temperature", json!({"zone": "living", "celsius": 20}));
    assert_eq!(decide(&p, &Snapshot::default(), &req, now()).verdict, Verdict::Permit);
    // A policy that slipped through the loader (built in code, or a loader bug) must still not auto-execute.
    p.actions.get_mut("climate.set_temperature").unwrap().compensate = None;
    let d = decide(&p, &Snapshot::default(), &req, now());
    assert_new_deferral(&d, &req, ReasonCode::NoCompensation);
}

// ---- 7. Dry run before limits --------------------------------------------------------------------------------

#[test]
fn a_requested_dry_run_reserves_nothing_and_says_what_would_have_happened() {
    let p = policy(POLICY);
    let full =
        usage(&[("count@1h@action", Usage { count: 3, sum: Decimal::ZERO, oldest_ms: Some(now() - 10 * MINUTE) })]);
    let cases = [
        // (request, snapshot, would_have)
        (request("battery.schedule", json!({"kw": 2})), Snapshot::default(), Verdict::Permit),
        (request("battery.schedule", json!({"kw": 2})), full, Verdict::Defer),
        (request("payments.send", json!({"amount_eur": 10, "payee": "x"})), Snapshot::default(), Verdict::Defer),
        (request("shell.exec", json!({})), Snapshot::default(), Verdict::Defer),
        (request("climate.set_temperature", json!({"zone": "living", "celsius": 20})), killed(), Verdict::Defer),
        (request("weather.get", json!({})), killed(), Verdict::Permit),
    ];
    for (mut req, snapshot, would_have) in cases {
        req.dry_run = true;
        let d = decide(&p, &snapshot, &req, now());
        assert_eq!(d.verdict, Verdict::DryRun, "{}: {d:#?}", req.action);
        assert_eq!(d.would_have, Some(would_have), "{}", req.action);
        assert_eq!(d.reasons[0].code, ReasonCode::DryRun, "{}", req.action);
        assert!(d.reservations.is_empty(), "{}: a rehearsal spends nothing", req.action);
        assert!(d.new_approval.is_none(), "{}: a rehearsal asks no human", req.action);
        assert!(!d.consumes_approval);
    }
}

#[test]
fn a_dry_run_is_still_bounds_checked() {
    let p = policy(POLICY);
    let mut req = request("battery.schedule", json!({"kw": 50}));
    req.dry_run = true;
    assert_inert_deny(&decide(&p, &Snapshot::default(), &req, now()), ReasonCode::Bounds);
}

#[test]
fn a_dry_run_of_an_approved_request_does_not_use_up_the_approval() {
    let p = policy(POLICY);
    let req = request("payments.send", json!({"amount_eur": 10, "payee": "x"}));
    let mut rehearse = executing(&req);
    rehearse.dry_run = true;
    let d = decide(&p, &with_approval(approval(&req, ApprovalStatus::Approved, vec![])), &rehearse, now());
    assert_eq!(d.verdict, Verdict::DryRun);
    assert_eq!(d.would_have, Some(Verdict::Permit));
    assert!(!d.consumes_approval, "{d:#?}");
    assert!(d.reservations.is_empty());
}

#[test]
fn a_dry_run_of_an_approved_unknown_action_neither_permits_nor_consumes() {
    // An unknown action's approval is honoured without a policy entry; a rehearsal of it must still rehearse.
    let p = policy(POLICY);
    let req = request("shell.exec", json!({"cmd": "ls"}));
    let mut rehearse = executing(&req);
    rehearse.dry_run = true;
    let d = decide(&p, &with_approval(approval(&req, ApprovalStatus::Approved, vec![])), &rehearse, now());
    assert_eq!(d.verdict, Verdict::DryRun, "{d:#?}");
    assert_eq!(d.would_have, Some(Verdict::Permit));
    assert!(!d.consumes_approval, "{d:#?}");
    assert!(d.new_approval.is_none());
}

#[test]
fn a_dry_run_of_an_approved_request_predicts_an_unacknowledged_overrun() {
    // The rehearsal must not promise a permit that the real run would refuse.
    let p = policy(POLICY);
    let req = payment();
    let mut snapshot =
        usage(&[("sum:amount_eur@24h@action", Usage { count: 2, sum: dec("900"), oldest_ms: Some(now() - HOUR) })]);
    snapshot.approval = Some(approval(&req, ApprovalStatus::Approved, vec![]));
    let real = decide(&p, &snapshot, &executing(&req), now());
    assert_eq!(real.verdict, Verdict::Deny);
    let mut rehearse = executing(&req);
    rehearse.dry_run = true;
    let d = decide(&p, &snapshot, &rehearse, now());
    assert_eq!(d.verdict, Verdict::DryRun);
    assert_eq!(d.would_have, Some(real.verdict), "{d:#?}");
}

#[test]
fn a_dry_run_true_policy_always_rehearses() {
    let p = policy(POLICY);
    let d = decide(&p, &Snapshot::default(), &request("lights.set", json!({"on": true})), now());
    assert_eq!(d.verdict, Verdict::DryRun);
    assert_eq!(d.would_have, Some(Verdict::Permit));
    assert_eq!(d.reasons[0].code, ReasonCode::DryRun);
    assert!(d.reservations.is_empty());
}

#[test]
fn dry_run_until_rehearses_until_local_midnight_of_that_date_then_acts() {
    let p = policy(POLICY);
    let req = request("garage.open", json!({}));
    // 2026-06-01 00:00 in Berlin (CEST, UTC+2) is 2026-05-31T22:00Z.
    let until = ms("2026-05-31T22:00:00Z");
    for at in [now(), until - 1] {
        let d = decide(&p, &Snapshot::default(), &req, at);
        assert_eq!(d.verdict, Verdict::DryRun, "at {at}: {d:#?}");
        assert_eq!(d.would_have, Some(Verdict::Permit));
        assert_eq!(d.reasons[0].code, ReasonCode::Rehearsal);
        assert!(d.reservations.is_empty());
    }
    for at in [until, ms("2026-07-01T00:00:00Z")] {
        let d = decide(&p, &Snapshot::default(), &req, at);
        assert_eq!(d.verdict, Verdict::Permit, "at {at}: {d:#?}");
        assert_eq!(d.would_have, None);
        assert!(!d.has_reason(ReasonCode::Rehearsal));
    }
}

// ---- 8. Limits and budgets -----------------------------------------------------------------------------------

#[test]
fn a_used_up_count_limit_defers_and_reports_the_window() {
    let p = policy(POLICY);
    let req = request("battery.schedule", json!({"kw": 2}));
    let oldest = now() - 40 * MINUTE;
    let d = decide(
        &p,
        &usage(&[("count@1h@action", Usage { count: 3, sum: Decimal::ZERO, oldest_ms: Some(oldest) })]),
        &req,
        now(),
    );
    assert_new_deferral(&d, &req, ReasonCode::LimitExceeded);
    assert_eq!(d.new_approval.as_ref().unwrap().acknowledged, vec![ReasonCode::LimitExceeded]);
    assert_eq!(
        d.budgets,
        vec![BudgetState {
            kind: BudgetKind::Limit,
            key: "count@1h@action".into(),
            param: None,
            per: "1h".into(),
            limit: dec("3"),
            consumed: dec("3"),
            requested: dec("1"),
            remaining: dec("0"),
            // A rolling window gives capacity back when its oldest reservation ages out.
            resets_at_ms: oldest + HOUR,
            exceeded: true,
            effect: None,
        }]
    );
}

#[test]
fn the_last_slot_of_a_count_limit_is_permitted_and_reserved() {
    let p = policy(POLICY);
    let req = request("battery.schedule", json!({"kw": 2}));
    let d = decide(
        &p,
        &usage(&[("count@1h@action", Usage { count: 2, sum: Decimal::ZERO, oldest_ms: Some(now() - MINUTE) })]),
        &req,
        now(),
    );
    assert_eq!(d.verdict, Verdict::Permit);
    assert_eq!(d.tier, 2);
    assert_eq!(
        d.reservations,
        vec![NewReservation { effect: None, key: "count".into(), scope: "*".into(), amount: dec("1") }]
    );
    assert_eq!((d.budgets[0].remaining, d.budgets[0].exceeded), (dec("0"), false));
}

#[test]
fn a_budget_overrun_defers() {
    let p = policy(POLICY);
    let req = request("energy.spend", json!({"amount_eur": 300}));
    let d = decide(
        &p,
        &usage(&[("sum:amount_eur@1d@action", Usage { count: 4, sum: dec("800"), oldest_ms: Some(now() - HOUR) })]),
        &req,
        now(),
    );
    assert_new_deferral(&d, &req, ReasonCode::BudgetExceeded);
    assert_eq!(d.new_approval.as_ref().unwrap().acknowledged, vec![ReasonCode::BudgetExceeded]);
    let state = &d.budgets[0];
    assert_eq!(
        (state.kind, state.param.as_deref(), state.per.as_str()),
        (BudgetKind::Budget, Some("amount_eur"), "1d")
    );
    assert_eq!(
        (state.limit, state.consumed, state.requested, state.remaining),
        (dec("1000"), dec("800"), dec("300"), dec("200"))
    );
    assert!(state.exceeded);
    // A calendar day resets at the next local midnight: 11 March 00:00 in Berlin (UTC+1).
    assert_eq!(state.resets_at_ms, ms("2026-03-10T23:00:00Z"));
}

#[test]
fn a_permit_carries_its_reservations() {
    let p = policy(POLICY);
    // Exactly up to the budget is allowed, and the decimal amount is reserved exactly.
    let req = request("energy.spend", json!({"amount_eur": 199.99}));
    let d = decide(
        &p,
        &usage(&[("sum:amount_eur@1d@action", Usage { count: 4, sum: dec("800.01"), oldest_ms: None })]),
        &req,
        now(),
    );
    assert_eq!(d.verdict, Verdict::Permit, "{d:#?}");
    assert_eq!(
        d.reservations,
        vec![NewReservation { effect: None, key: "sum:amount_eur".into(), scope: "*".into(), amount: dec("199.99") }]
    );
    assert_eq!(d.budgets[0].remaining, dec("0"));

    // Per-agent limits reserve under the agent's scope, every limit and budget of the action at once.
    let req = request("api.call", json!({"units": 4}));
    let d = decide(&p, &Snapshot::default(), &req, now());
    assert_eq!(d.verdict, Verdict::Permit);
    assert_eq!(
        d.reservations,
        vec![
            NewReservation { effect: None, key: "count".into(), scope: "agent:bot".into(), amount: dec("1") },
            NewReservation { effect: None, key: "sum:units".into(), scope: "agent:bot".into(), amount: dec("4") },
        ]
    );
}

#[test]
fn a_budget_cannot_be_refilled_with_a_negative_amount() {
    // A budgeted param with no `min`: the budget alone must keep the sum honest.
    let p = policy(
        "version: 1\nactions:\n  tips.pay:\n    tier: 2\n    params: { eur: { type: number, max: 100 } }\n    budgets: [ { param: eur, max: 100, per: 1d } ]\n",
    );
    let spent = usage(&[("sum:eur@1d@action", Usage { count: 1, sum: dec("100"), oldest_ms: Some(now() - HOUR) })]);
    assert_eq!(decide(&p, &spent, &request("tips.pay", json!({"eur": 1})), now()).verdict, Verdict::Defer);
    for eur in [json!(-100_000), json!(-0.01)] {
        let d = decide(&p, &spent, &request("tips.pay", json!({"eur": eur})), now());
        assert_inert_deny(&d, ReasonCode::Bounds);
    }
    // Zero is not negative: it spends nothing and is allowed.
    let d = decide(&p, &Snapshot::default(), &request("tips.pay", json!({"eur": 0})), now());
    assert_eq!(d.verdict, Verdict::Permit);
}

#[test]
fn a_budget_sum_at_the_edge_of_decimal_does_not_panic() {
    let p = policy(
        "version: 1\nactions:\n  tips.pay:\n    tier: 2\n    params: { eur: { type: number, min: 0 } }\n    budgets: [ { param: eur, max: 100, per: 1d } ]\n",
    );
    // Held reservations can exceed the budget (a human may approve an overrun); their sum can be huge.
    let huge = usage(&[("sum:eur@1d@action", Usage { count: 1, sum: Decimal::MAX, oldest_ms: Some(now() - HOUR) })]);
    let d = decide(&p, &huge, &request("tips.pay", json!({"eur": 100})), now());
    assert_new_deferral(&d, &request("tips.pay", json!({"eur": 100})), ReasonCode::BudgetExceeded);
    assert_eq!(d.budgets[0].remaining, Decimal::ZERO);
}

#[test]
fn usage_is_queried_under_the_same_keys_and_scopes_that_are_reserved() {
    // If these ever drift apart the store counts rows nobody writes, and every limit is silently unlimited.
    let p = policy(POLICY);
    for req in [
        request("battery.schedule", json!({"kw": 1})),
        request("api.call", json!({"units": 1})),
        request("energy.spend", json!({"amount_eur": 1})),
    ] {
        let queried: Vec<(String, String)> =
            usage_queries(&p, &req, now()).into_iter().map(|q| (q.key, q.scope)).collect();
        let reserved: Vec<(String, String)> =
            decide(&p, &Snapshot::default(), &req, now()).reservations.into_iter().map(|r| (r.key, r.scope)).collect();
        assert!(!queried.is_empty());
        assert_eq!(queried, reserved, "{}", req.action);
    }
    assert!(usage_queries(&p, &request("shell.exec", json!({})), now()).is_empty());
}

// ---- Windows -------------------------------------------------------------------------------------------------

fn berlin_midnight(date: &str) -> i64 {
    let day: jiff::civil::Date = date.parse().unwrap();
    day.to_zoned_datetime(TimeZone::get("Europe/Berlin").unwrap()).unwrap().timestamp().as_millisecond()
}

#[test]
fn a_1d_budget_window_starts_at_local_midnight_in_the_policy_timezone() {
    let p = policy(POLICY);
    let req = request("energy.spend", json!({"amount_eur": 1}));
    let cases = [
        // 13:00 CET on 10 March: the local day began at 2026-03-09T23:00Z.
        (now(), "2026-03-10", 1_773_097_200_000_i64),
        // 00:30 CET on 10 March, while it is still 9 March in UTC.
        (ms("2026-03-09T23:30:00Z"), "2026-03-10", 1_773_097_200_000),
        // 23:30 CET on 9 March.
        (ms("2026-03-09T22:30:00Z"), "2026-03-09", 1_773_010_800_000),
        // Summer time (CEST, UTC+2): 1 July began at 2026-06-30T22:00Z.
        (ms("2026-07-01T12:00:00Z"), "2026-07-01", 1_782_856_800_000),
    ];
    for (at, local_day, expected_ms) in cases {
        assert_eq!(berlin_midnight(local_day), expected_ms, "the jiff reference for {local_day}");
        assert_eq!(
            usage_queries(&p, &req, at),
            vec![UsageQuery {
                owner: "energy.spend".into(),
                slot: "sum:amount_eur@1d@action".into(),
                key: "sum:amount_eur".into(),
                scope: "*".into(),
                since_ms: expected_ms
            }],
            "at {at}"
        );
    }
}

#[test]
fn a_1d_window_on_the_spring_dst_day_is_23_hours_long() {
    let p = policy(POLICY);
    let req = request("energy.spend", json!({"amount_eur": 1}));
    let at = ms("2026-03-29T12:00:00Z");
    let since = usage_queries(&p, &req, at)[0].since_ms;
    let resets = decide(&p, &Snapshot::default(), &req, at).budgets[0].resets_at_ms;
    assert_eq!(since, berlin_midnight("2026-03-29"));
    assert_eq!(resets, berlin_midnight("2026-03-30"));
    assert_eq!(resets - since, 23 * HOUR);
}

#[test]
fn a_24h_window_is_rolling() {
    let p = policy(POLICY);
    let payment = request("payments.send", json!({"amount_eur": 1, "payee": "x"}));
    let api = request("api.call", json!({"units": 1}));
    for at in [now(), ms("2026-03-29T12:00:00Z"), ms("2026-03-09T23:30:00Z")] {
        assert_eq!(
            usage_queries(&p, &payment, at),
            vec![UsageQuery {
                owner: "payments.send".into(),
                slot: "sum:amount_eur@24h@action".into(),
                key: "sum:amount_eur".into(),
                scope: "*".into(),
                since_ms: at - 24 * HOUR + 1
            }]
        );
        assert_eq!(
            usage_queries(&p, &api, at),
            vec![
                UsageQuery {
                    owner: "api.call".into(),
                    slot: "count@1h@agent".into(),
                    key: "count".into(),
                    scope: "agent:bot".into(),
                    since_ms: at - HOUR + 1
                },
                UsageQuery {
                    owner: "api.call".into(),
                    slot: "sum:units@24h@agent".into(),
                    key: "sum:units".into(),
                    scope: "agent:bot".into(),
                    since_ms: at - 24 * HOUR + 1
                },
            ]
        );
    }
}

// ---- Approved execution (§5) ---------------------------------------------------------------------------------

fn payment() -> ActionRequest {
    request("payments.send", json!({"amount_eur": 120, "payee": "landlord"}))
}

#[test]
fn an_approved_request_is_permitted_once_and_consumes_its_approval() {
    let p = policy(POLICY);
    let req = payment();
    let d = decide(&p, &with_approval(approval(&req, ApprovalStatus::Approved, vec![])), &executing(&req), now());
    assert_eq!(d.verdict, Verdict::Permit, "{d:#?}");
    assert_eq!(codes(&d), vec![ReasonCode::Approved]);
    assert_eq!((d.approval_id, d.consumes_approval, d.tier), (Some(7), true, 3));
    assert!(d.new_approval.is_none());
    assert_eq!(
        d.reservations,
        vec![NewReservation { effect: None, key: "sum:amount_eur".into(), scope: "*".into(), amount: dec("120") }]
    );
}

#[test]
fn a_pending_approval_defers_without_breeding_another() {
    let p = policy(POLICY);
    let req = payment();
    let d = decide(&p, &with_approval(approval(&req, ApprovalStatus::Pending, vec![])), &executing(&req), now());
    assert_eq!(d.verdict, Verdict::Defer);
    assert_eq!(codes(&d), vec![ReasonCode::ApprovalPending]);
    assert_eq!(d.approval_id, Some(7));
    assert!(d.new_approval.is_none(), "still waiting on approval 7, not a new one: {d:#?}");
    assert!(d.reservations.is_empty());
    assert!(!d.consumes_approval);
}

#[test]
fn a_rejected_approval_is_denied() {
    let p = policy(POLICY);
    let req = payment();
    let mut record = approval(&req, ApprovalStatus::Rejected, vec![]);
    record.decided_by = Some("alice".into());
    let d = decide(&p, &with_approval(record), &executing(&req), now());
    assert_inert_deny(&d, ReasonCode::ApprovalRejected);
    assert_eq!(codes(&d), vec![ReasonCode::ApprovalRejected]);
}

#[test]
fn an_expired_approval_is_denied_as_expired_not_rejected() {
    let p = policy(POLICY);
    let req = payment();
    for status in [ApprovalStatus::Approved, ApprovalStatus::Pending, ApprovalStatus::Expired] {
        let record = approval(&req, status, vec![]);
        let expires = record.expires_at_ms;
        // The stored status has not caught up with the clock: the TTL decides.
        for at in [expires, expires + 1, expires + 24 * HOUR] {
            let d = decide(&p, &with_approval(record.clone()), &executing(&req), at);
            assert_inert_deny(&d, ReasonCode::ApprovalExpired);
            assert_eq!(codes(&d), vec![ReasonCode::ApprovalExpired], "{status:?} at {at}");
        }
    }
    // One millisecond before expiry an approved approval still works.
    let record = approval(&req, ApprovalStatus::Approved, vec![]);
    let at = record.expires_at_ms - 1;
    assert_eq!(decide(&p, &with_approval(record), &executing(&req), at).verdict, Verdict::Permit);
}

#[test]
fn a_consumed_approval_is_denied() {
    let p = policy(POLICY);
    let req = payment();
    let mut record = approval(&req, ApprovalStatus::Consumed, vec![]);
    record.consumed_by = Some(9);
    let d = decide(&p, &with_approval(record), &executing(&req), now());
    assert_inert_deny(&d, ReasonCode::ApprovalConsumed);
}

#[test]
fn a_revoked_approval_is_denied_as_revoked_even_with_the_kill_switch_off_and_within_its_ttl() {
    let p = policy(POLICY);
    let req = payment();
    let mut record = approval(&req, ApprovalStatus::Revoked, vec![]);
    record.decided_by = Some("alice".into());
    record.revoked_by = Some("bob".into());
    record.revoke_reason = Some("the invoice is a fake".into());
    let d = decide(&p, &with_approval(record), &executing(&req), now());
    assert_inert_deny(&d, ReasonCode::ApprovalRevoked);
    assert_eq!(codes(&d), vec![ReasonCode::ApprovalRevoked]);
    assert!(d.reasons[0].message.contains("bob") && d.reasons[0].message.contains("fake"), "{:?}", d.reasons);
}

#[test]
fn an_unknown_approval_is_denied() {
    let p = policy(POLICY);
    let req = payment();
    let mut record = approval(&req, ApprovalStatus::Approved, vec![]);
    record.approval_id = 8;
    for snapshot in [Snapshot::default(), with_approval(record)] {
        assert_inert_deny(&decide(&p, &snapshot, &executing(&req), now()), ReasonCode::ApprovalUnknown);
    }
}

#[test]
fn an_approval_for_other_params_is_a_digest_mismatch() {
    let p = policy(POLICY);
    let approved = payment();
    // The human approved 120 to the landlord; the agent tries 480 to someone else, another agent tries the same.
    let mut other_amount = executing(&request("payments.send", json!({"amount_eur": 480, "payee": "landlord"})));
    other_amount.request_id = "r9".into();
    let other_payee = executing(&request("payments.send", json!({"amount_eur": 120, "payee": "mallory"})));
    let other_agent = ActionRequest { agent: "other-bot".into(), ..executing(&approved) };
    let other_target = ActionRequest { target: Some("account:2".into()), ..executing(&approved) };
    for status in [ApprovalStatus::Approved, ApprovalStatus::Pending] {
        for req in [&other_amount, &other_payee, &other_agent, &other_target] {
            let d = decide(&p, &with_approval(approval(&approved, status, vec![])), req, now());
            assert_inert_deny(&d, ReasonCode::DigestMismatch);
            assert_eq!(codes(&d), vec![ReasonCode::DigestMismatch], "{status:?}");
        }
    }
}

#[test]
fn an_approved_undo_is_not_released_as_a_plain_action() {
    // Issue 12 (F54): `undo_of` was outside the digest, so the approval a human gave for "undo decision 5" released
    // the same action and params as a plain action (no undo target, no compensation check), and the other way round.
    let p = policy(POLICY);
    let undo = ActionRequest { undo_of: Some(5), ..payment() };
    let plain = payment();
    let d = decide(&p, &with_approval(approval(&undo, ApprovalStatus::Approved, vec![])), &executing(&plain), now());
    assert_inert_deny(&d, ReasonCode::DigestMismatch);
    let d = decide(&p, &with_approval(approval(&plain, ApprovalStatus::Approved, vec![])), &executing(&undo), now());
    assert_inert_deny(&d, ReasonCode::DigestMismatch);
    // A request without `undo_of` keeps the digest it always had (approvals stored before the fix still match).
    assert_eq!(
        plain.digest(),
        foureyes_core::action_digest(&plain.action, &plain.params, plain.target.as_deref(), &plain.agent)
    );
}

#[test]
fn an_altered_approval_record_is_a_digest_mismatch() {
    let p = policy(POLICY);
    let req = payment();
    // Someone edits the stored request after the human approved its digest, and sends the edited request.
    let mut record = approval(&req, ApprovalStatus::Approved, vec![]);
    record.request.params.insert("amount_eur".into(), json!(499));
    let edited = executing(&record.request);
    let d = decide(&p, &with_approval(record.clone()), &edited, now());
    assert_inert_deny(&d, ReasonCode::DigestMismatch);
    // Or edits the record and recomputes nothing, then sends the original request.
    let d = decide(&p, &with_approval(record), &executing(&req), now());
    assert_inert_deny(&d, ReasonCode::DigestMismatch);
}

#[test]
fn an_approved_request_is_rechecked_against_the_current_bounds() {
    let req = payment();
    let tightened = POLICY.replace(
        "amount_eur: { type: number, min: 0.01, max: 500 }",
        "amount_eur: { type: number, min: 0.01, max: 100 }",
    );
    assert_ne!(tightened, POLICY);
    let d = decide(
        &policy(&tightened),
        &with_approval(approval(&req, ApprovalStatus::Approved, vec![])),
        &executing(&req),
        now(),
    );
    assert_inert_deny(&d, ReasonCode::Bounds);
}

/// Defer a payment while the budget is at `used`, have the approval granted, then execute it.
fn approve_then_execute(used_at_deferral: &str, used_at_execution: &str) -> Decision {
    let p = policy(POLICY);
    let req = request("payments.send", json!({"amount_eur": 400, "payee": "landlord"}));
    let budget = |sum: &str| {
        usage(&[("sum:amount_eur@24h@action", Usage { count: 2, sum: dec(sum), oldest_ms: Some(now() - HOUR) })])
    };
    let deferral = decide(&p, &budget(used_at_deferral), &req, now());
    assert_eq!(deferral.verdict, Verdict::Defer);
    let new = deferral.new_approval.unwrap();
    assert_eq!(new.digest, req.digest());
    let mut record = approval(&req, ApprovalStatus::Approved, new.acknowledged);
    record.required = new.required;
    record.expires_at_ms = new.expires_at_ms;
    let mut snapshot = budget(used_at_execution);
    snapshot.approval = Some(record);
    decide(&p, &snapshot, &executing(&req), now() + MINUTE)
}

#[test]
fn an_approval_that_acknowledged_the_budget_overrun_permits_it() {
    let d = approve_then_execute("900", "900");
    assert_eq!(d.verdict, Verdict::Permit, "{d:#?}");
    assert!(d.has_reason(ReasonCode::BudgetExceeded) && d.has_reason(ReasonCode::Approved));
    assert!(d.consumes_approval);
    // The overrun is still reserved: the window's sum stays true.
    assert_eq!(
        d.reservations,
        vec![NewReservation { effect: None, key: "sum:amount_eur".into(), scope: "*".into(), amount: dec("400") }]
    );
}

#[test]
fn an_approval_that_did_not_acknowledge_an_overrun_is_denied() {
    // Approved while the budget had room; by execution time the window is used up.
    let d = approve_then_execute("100", "900");
    assert_inert_deny(&d, ReasonCode::BudgetExceeded);
    assert_eq!(d.approval_id, Some(7));
}

// ---- Undo ----------------------------------------------------------------------------------------------------

fn unlock() -> ActionRequest {
    request("door.unlock", json!({"door": "front"}))
}

fn undo(action: &str, of: DecisionId) -> ActionRequest {
    ActionRequest { undo_of: Some(of), request_id: "undo-1".into(), ..request(action, json!({"door": "front"})) }
}

fn with_target(target: DecisionRecord) -> Snapshot {
    Snapshot { undo_target: Some(target), ..Snapshot::default() }
}

#[test]
fn a_valid_undo_is_permitted() {
    let p = policy(POLICY);
    let at = now() - 5 * MINUTE;
    let d =
        decide(&p, &with_target(executed(41, &unlock(), DecisionStatus::Executed, at)), &undo("door.lock", 41), now());
    assert_eq!(d.verdict, Verdict::Permit, "{d:#?}");
    // The window is inclusive of its last millisecond.
    let d = decide(
        &p,
        &with_target(executed(41, &unlock(), DecisionStatus::Executed, at)),
        &undo("door.lock", 41),
        at + 10 * MINUTE,
    );
    assert_eq!(d.verdict, Verdict::Permit, "{d:#?}");
}

#[test]
fn an_action_is_undone_at_most_once() {
    let p = policy(POLICY);
    let at = now() - 5 * MINUTE;
    let snapshot =
        Snapshot { undone_by: Some(42), ..with_target(executed(41, &unlock(), DecisionStatus::Executed, at)) };
    let d = decide(&p, &snapshot, &undo("door.lock", 41), now());
    assert_eq!(d.verdict, Verdict::Deny, "{d:#?}");
    assert!(d.has_reason(ReasonCode::UndoInvalid));
    assert!(d.reasons.iter().any(|r| r.message.contains("already undone by decision 42")), "{:?}", d.reasons);
    assert!(d.reservations.is_empty() && d.new_approval.is_none());
}

#[test]
fn undo_of_what_was_not_executed_is_invalid() {
    let p = policy(POLICY);
    let at = now() - MINUTE;
    for status in [
        DecisionStatus::Intended,
        DecisionStatus::Failed,
        DecisionStatus::Unknown,
        DecisionStatus::AwaitingApproval,
        DecisionStatus::Closed,
        DecisionStatus::Superseded,
    ] {
        let d = decide(&p, &with_target(executed(41, &unlock(), status, at)), &undo("door.lock", 41), now());
        assert_inert_deny(&d, ReasonCode::UndoInvalid);
    }
    // A target the snapshot does not hold (or holds under another id) is no target.
    assert_inert_deny(&decide(&p, &Snapshot::default(), &undo("door.lock", 41), now()), ReasonCode::UndoInvalid);
    let d =
        decide(&p, &with_target(executed(40, &unlock(), DecisionStatus::Executed, at)), &undo("door.lock", 41), now());
    assert_inert_deny(&d, ReasonCode::UndoInvalid);
}

#[test]
fn undo_with_the_wrong_compensating_action_is_invalid() {
    let p = policy(POLICY);
    let target = with_target(executed(41, &unlock(), DecisionStatus::Executed, now() - MINUTE));
    // Unlocking again is not the undo of an unlock.
    let d = decide(&p, &target, &undo("door.unlock", 41), now());
    assert_inert_deny(&d, ReasonCode::UndoInvalid);
    // Nor is an unrelated (even tier-0) action a way to sneak `undo_of` past the check.
    let mut read = request("weather.get", json!({}));
    read.undo_of = Some(41);
    assert_inert_deny(&decide(&p, &target, &read, now()), ReasonCode::UndoInvalid);
}

#[test]
fn undo_after_the_window_is_closed() {
    let p = policy(POLICY);
    let at = now() - HOUR;
    let d =
        decide(&p, &with_target(executed(41, &unlock(), DecisionStatus::Executed, at)), &undo("door.lock", 41), now());
    assert_inert_deny(&d, ReasonCode::UndoWindowClosed);
    let at = now() - 10 * MINUTE - 1;
    let d =
        decide(&p, &with_target(executed(41, &unlock(), DecisionStatus::Executed, at)), &undo("door.lock", 41), now());
    assert_inert_deny(&d, ReasonCode::UndoWindowClosed);
}

// ---- Determinism ---------------------------------------------------------------------------------------------

#[test]
fn equal_inputs_give_equal_decisions() {
    let req = payment();
    let budget =
        usage(&[("sum:amount_eur@24h@action", Usage { count: 2, sum: dec("900"), oldest_ms: Some(now() - HOUR) })]);
    let mut approved = with_approval(approval(&req, ApprovalStatus::Approved, vec![ReasonCode::BudgetExceeded]));
    approved.usage = budget.usage.clone();
    let cases: Vec<(ActionRequest, Snapshot)> = vec![
        (req.clone(), Snapshot::default()),
        (req.clone(), budget.clone()),
        (executing(&req), approved),
        (request("api.call", json!({"units": 3})), Snapshot::default()),
        (request("energy.spend", json!({"amount_eur": 300})), budget),
        (request("shell.exec", json!({"cmd": "ls"})), killed()),
        (request("climate.set_temperature", json!({"zone": "attic", "celsius": 99, "x": 1})), Snapshot::default()),
        (request("garage.open", json!({})), Snapshot::default()),
    ];
    for (req, snapshot) in &cases {
        // Two independently loaded copies of the same policy text, two calls: one answer.
        let first = decide(&policy(POLICY), snapshot, req, now());
        let second = decide(&policy(POLICY), snapshot, req, now());
        assert_eq!(first, second, "{}", req.action);
        assert_eq!(serde_json::to_string(&first).unwrap(), serde_json::to_string(&second).unwrap());
    }
    // Param key order does not change the digest or the decision.
    let a = request("payments.send", serde_json::from_str(r#"{"payee": "x", "amount_eur": 10}"#).unwrap());
    let b = request("payments.send", serde_json::from_str(r#"{"amount_eur": 10.0, "payee": "x"}"#).unwrap());
    assert_eq!(
        decide(&policy(POLICY), &Snapshot::default(), &a, now()),
        decide(&policy(POLICY), &Snapshot::default(), &b, now())
    );
}

/// Budgets are summed in signed 64-bit millionths: an amount too large to count is denied at the bounds step, before
/// any reservation could overflow (found by review: it used to panic the SQLite writer thread).
#[test]
fn a_budgeted_amount_too_large_to_count_is_denied() {
    let p = policy(
        "version: 1\nactions:\n  spend.it:\n    tier: 2\n    params: { eur: { type: number } }\n    budgets: [ { param: eur, max: 1000000000000000000, per: 1d } ]\n",
    );
    let d = decide(&p, &Snapshot::default(), &request("spend.it", json!({"eur": 1e13})), now());
    assert_eq!(d.verdict, Verdict::Deny, "{d:#?}");
    assert!(d.has_reason(ReasonCode::Bounds));
    assert!(d.reservations.is_empty());
    let d = decide(&p, &Snapshot::default(), &request("spend.it", json!({"eur": 1e12})), now());
    assert_eq!(d.verdict, Verdict::Permit, "{d:#?}");
}

/// Two budgets of one kind on one param (per agent and company-wide): an approval given for the per-agent overrun
/// must not cover a company-wide overrun that appeared later (found by review: acknowledgement used to be by
/// reason code, so any `budget_exceeded` covered any other).
#[test]
fn an_approval_covers_only_the_overruns_the_human_saw() {
    let p = policy(
        "version: 1\nactions:\n  payments.send:\n    tier: 2\n    params: { amount_eur: { type: number, min: 0.01, max: 500 } }\n    budgets:\n      - { param: amount_eur, max: 100, per: 1d, scope: agent }\n      - { param: amount_eur, max: 300, per: 1d }\n",
    );
    let req = request("payments.send", json!({"amount_eur": 150}));
    let used = |agent: &str, company: &str| {
        usage(&[
            ("sum:amount_eur@1d@agent", Usage { count: 1, sum: dec(agent), oldest_ms: Some(now() - HOUR) }),
            ("sum:amount_eur@1d@action", Usage { count: 1, sum: dec(company), oldest_ms: Some(now() - HOUR) }),
        ])
    };
    let deferral = decide(&p, &used("0", "0"), &req, now());
    assert_eq!(deferral.verdict, Verdict::Defer, "{deferral:#?}");
    let seen: Vec<String> = deferral.budgets.iter().filter(|b| b.exceeded).map(|b| b.key.clone()).collect();
    assert_eq!(seen, ["sum:amount_eur@1d@agent"], "only the per-agent budget was over when the human looked");
    let new = deferral.new_approval.unwrap();
    let record = approval(&req, ApprovalStatus::Approved, new.acknowledged);
    // Meanwhile other agents spent 200 of the company-wide 300: releasing 150 would overrun it, unseen.
    let mut snapshot = used("0", "200");
    snapshot.approval = Some(record.clone());
    snapshot.acknowledged_keys = Some(seen.clone());
    let d = decide(&p, &snapshot, &executing(&req), now() + MINUTE);
    assert_eq!(d.verdict, Verdict::Deny, "{d:#?}");
    assert!(!d.consumes_approval);
    // The overrun the human did see is still allowed.
    let mut snapshot = used("0", "0");
    snapshot.approval = Some(record);
    snapshot.acknowledged_keys = Some(seen);
    let d = decide(&p, &snapshot, &executing(&req), now() + MINUTE);
    assert_eq!(d.verdict, Verdict::Permit, "{d:#?}");
}

#[test]
fn exact_numbers_500_0000000000000001_does_not_pass_max_500() {
    let p = policy(POLICY);
    let params: Value = serde_json::from_str(r#"{"zone": "living", "celsius": 23.0000000000000001}"#).unwrap();
    let req = request("climate.set_temperature", params);
    let shape = req.validate_shape();
    let d = decide(&p, &Snapshot::default(), &req, now());
    assert!(shape.is_err() || d.verdict == Verdict::Deny, "23.0000000000000001 passed max 23: {:?}", d.verdict);
}

#[test]
fn url_params_are_digested_and_shown_in_canonical_form() {
    let p = policy(
        "version: 1\nactions:\n  http.post:\n    tier: 3\n    params:\n      url: { type: url, hosts: [api.example.com] }\n",
    );
    let mut loud = request("http.post", json!({"url": "HTTPS://API.Example.COM.:443/v1/../v2"}));
    let mut plain = request("http.post", json!({"url": "https://api.example.com/v2"}));
    foureyes_core::pipeline::canonicalize_request(&p, &mut loud);
    foureyes_core::pipeline::canonicalize_request(&p, &mut plain);
    assert_eq!(loud.params["url"], json!("https://api.example.com/v2"), "the approval card shows the canonical URL");
    let (a, b) = (decide(&p, &Snapshot::default(), &loud, now()), decide(&p, &Snapshot::default(), &plain, now()));
    assert_eq!(a.verdict, Verdict::Defer);
    assert_eq!(a.digest, b.digest, "one destination, one digest");
    // A value that does not canonicalise is left as sent, and denied.
    let mut broken = request("http.post", json!({"url": "https://[::1/"}));
    foureyes_core::pipeline::canonicalize_request(&p, &mut broken);
    assert_eq!(broken.params["url"], json!("https://[::1/"));
    assert_inert_deny(&decide(&p, &Snapshot::default(), &broken, now()), ReasonCode::MalformedUrl);
}

const REPORT_WITHIN: &str = r#"
version: 1
defaults:
  report_within: 10m
actions:
  battery.schedule:
    tier: 2
    params: { kw: { type: number, min: 0, max: 5 } }
    limits: [ { count: 3, per: 1h } ]
  energy.spend:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 300 } }
    budgets: [ { param: amount_eur, max: 1000, per: 1d } ]
    report_within: 2h
  climate.set_temperature:
    tier: 1
    params: { celsius: { type: number, min: 17, max: 23 } }
    compensate: { action: climate.set_temperature }
  payments.send:
    tier: 3
    params: { amount_eur: { type: number, max: 500 } }
    budgets: [ { param: amount_eur, max: 1000, per: 24h } ]
"#;

/// `report_within` (issue 15): a permit that reserved something carries its reporting deadline (the action's own
/// `report_within` over `defaults.report_within`); a permit holding nothing, a deferral, a denial and a rehearsal
/// carry none, and without the rule no permit does.
#[test]
fn a_permit_that_reserves_carries_its_reporting_deadline() {
    let p = policy(REPORT_WITHIN);
    let permit = decide(&p, &Snapshot::default(), &request("battery.schedule", json!({"kw": 1})), now());
    assert_eq!((permit.verdict, permit.report_by_ms), (Verdict::Permit, Some(now() + 10 * MINUTE)));
    let own = decide(&p, &Snapshot::default(), &request("energy.spend", json!({"amount_eur": 5})), now());
    assert_eq!(own.report_by_ms, Some(now() + 2 * HOUR), "the action's own report_within wins");
    let nothing_held =
        decide(&p, &Snapshot::default(), &request("climate.set_temperature", json!({"celsius": 20})), now());
    // ADR-995: a permit that reserved nothing has a deadline too (the door's sweep expires it).
    assert_eq!(
        (nothing_held.verdict, nothing_held.report_by_ms),
        (Verdict::Permit, Some(now() + 10 * MINUTE)),
        "no reservation, a deadline all the same"
    );
    let full = usage(&[("count@1h@action", Usage { count: 3, sum: Decimal::ZERO, oldest_ms: Some(now()) })]);
    let deferred = decide(&p, &full, &request("battery.schedule", json!({"kw": 1})), now());
    assert_eq!((deferred.verdict, deferred.report_by_ms), (Verdict::Defer, None));
    let denied = decide(&p, &Snapshot::default(), &request("battery.schedule", json!({"kw": 9})), now());
    assert_eq!((denied.verdict, denied.report_by_ms), (Verdict::Deny, None));
    let mut rehearsal = request("battery.schedule", json!({"kw": 1}));
    rehearsal.dry_run = true;
    assert_eq!(decide(&p, &Snapshot::default(), &rehearsal, now()).report_by_ms, None);
    // A released approval reserves, so it has a deadline too.
    let pay = request("payments.send", json!({"amount_eur": 20}));
    let released =
        decide(&p, &with_approval(approval(&pay, ApprovalStatus::Approved, vec![])), &executing(&pay), now());
    assert_eq!((released.verdict, released.report_by_ms), (Verdict::Permit, Some(now() + 10 * MINUTE)));
    let without = policy(POLICY);
    let plain = decide(&without, &Snapshot::default(), &request("battery.schedule", json!({"kw": 1})), now());
    assert_eq!((plain.verdict, plain.report_by_ms), (Verdict::Permit, None), "no report_within, no deadline");
}

/// `defaults.new_actions` (issue 15): the period counts from the snapshot's `introduced_at_ms` (the journal's
/// `policy_loaded`), the verdict says so, and a rehearsal reserves nothing; a policy without it never rehearses.
#[test]
fn a_new_action_rehearses_for_its_period_and_says_so() {
    let yaml =
        REPORT_WITHIN.replace("  report_within: 10m\n", "  report_within: 10m\n  new_actions: { dry_run_for: 14d }\n");
    let p = policy(&yaml);
    let req = request("battery.schedule", json!({"kw": 1}));
    let fresh = Snapshot { introduced_at_ms: Some(now() - HOUR), ..Snapshot::default() };
    let d = decide(&p, &fresh, &req, now());
    assert_eq!((d.verdict, d.would_have, d.tier), (Verdict::DryRun, Some(Verdict::Permit), 2));
    assert_eq!(d.reasons[0].code, ReasonCode::NewAction, "{:?}", d.reasons);
    assert!(
        d.reasons[0].message.contains("14 days") || d.reasons[0].message.contains("336h"),
        "{}",
        d.reasons[0].message
    );
    assert!(d.reservations.is_empty() && d.report_by_ms.is_none(), "a rehearsal reserves nothing");
    let old = Snapshot { introduced_at_ms: Some(now() - 14 * 24 * HOUR), ..Snapshot::default() };
    assert_eq!(decide(&p, &old, &req, now()).verdict, Verdict::Permit);
    let without = policy(REPORT_WITHIN);
    assert_eq!(decide(&without, &fresh, &req, now()).verdict, Verdict::Permit, "off when absent");
}
