//! The backend-agnostic conformance suite: every [`Store`] backend must pass every check in [`CHECKS`].
//!
//! Each check takes a fresh store and an epoch `t0` (milliseconds); it uses only explicit times derived from `t0`
//! (never the clock) and the embedded [`POLICY_YAML`]. Checks avoid each other's request ids and run far enough
//! apart in time (`EPOCH_SPACING_MS`) that [`audit_after_everything`] can replay all of them in one store.
//!
//! A backend runs the suite in one line, either as one `#[test]` per check:
//!
//! ```text
//! foureyes_store::conformance_tests!(my_factory()); // my_factory(): impl Fn() -> Arc<dyn Store> + Sync
//! ```
//!
//! or all checks in sequence from an async test:
//!
//! ```text
//! foureyes_store::conformance::run_all(&|| Arc::new(MyStore::connect(..)) as Arc<dyn Store>).await;
//! ```
//!
//! A factory is called once per check and must return an empty store each time.

// This is a test harness compiled as ordinary library code so that every backend crate can run it. Failing loudly
// (`unwrap`, `panic!`) with a message that names the check and what was expected is its whole job.
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::{DecisionFilter, Store, StoreError};
use foureyes_core::journal::{Event, EventKind, VerifyReport};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalStatus, BudgetKind, BudgetState, DecisionId, DecisionRecord, DecisionStatus,
    DemotionStatus, Outcome, Policy, ReasonCode, Verdict,
};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// The policy every check decides under.
pub const POLICY_YAML: &str = r#"# FourEyes conformance policy
version: 1
timezone: UTC
defaults:
  approvals: { required: 1, ttl: 1h }
  undo_window: 15m
actions:
  files.read:
    tier: 0
    params:
      path: { type: string, max_len: 200 }
  calendar.create:
    tier: 1
    params:
      title: { type: string, max_len: 100 }
    compensate: { action: calendar.delete, window: 15m }
  calendar.delete:
    tier: 2
    params:
      title: { type: string, max_len: 100 }
    limits:
      - { count: 100, per: 1h }
  email.send:
    tier: 2
    params:
      to: { type: string, max_len: 200 }
    limits:
      - { count: 3, per: 1h }
  sms.send:
    tier: 2
    params:
      to: { type: string, max_len: 32 }
    limits:
      - { count: 1, per: 1h, scope: agent }
  payments.refund:
    tier: 2
    params:
      amount_eur: { type: number, min: 1, max: 1000 }
    budgets:
      - { param: amount_eur, max: 1000, per: 24h }
  payments.send:
    tier: 3
    params:
      amount_eur: { type: number, min: 1, max: 5000 }
      iban: { type: string, pattern: "[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}" }
  accounts.delete:
    tier: 3
    params:
      account: { type: string, max_len: 64 }
    approvals: { required: 2, ttl: 2h }
"#;

/// [`POLICY_YAML`] with session trust on: the session checks decide under it (the other checks must not see
/// demotions).
pub fn session_policy_yaml() -> String {
    format!(
        "{POLICY_YAML}session_trust:\n  cooling_period: 30m\n  demote_on:\n    denials: {{ count: 3, within: 1h }}\n    bounds_violation: true\n    unknown_action: true\n    flags: [prompt_injection]\n"
    )
}

/// The agent every request comes from (approvers are `alice`, `bob` and `carol`).
pub const AGENT: &str = "agent-bot";
/// The default epoch: 2026-01-01T00:00:00Z.
pub const T0: i64 = 1_767_225_600_000;
/// How far apart checks run when they share one store (longer than every window, TTL and undo window used).
pub const EPOCH_SPACING_MS: i64 = 10 * DAY;

const SECOND: i64 = 1_000;
const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;
const IBAN: &str = "DE89370400440532013000";
/// The slots of `email.send`'s hourly count limit and `payments.refund`'s daily budget, as the pipeline names them.
const COUNT: &str = "count@1h@action";
const BUDGET: &str = "sum:amount_eur@24h@action";
/// The slot of `sms.send`'s per-agent hourly limit.
const COUNT_PER_AGENT: &str = "count@1h@agent";

/// A boxed check future.
pub type CheckFuture = Pin<Box<dyn Future<Output = ()> + Send>>;
/// A store factory: returns a fresh, empty store on each call.
pub type Factory<'a> = &'a (dyn Fn() -> Arc<dyn Store> + Sync);

/// One named check: runs against `store` with times derived from the epoch it is given.
pub struct Check {
    pub name: &'static str,
    pub run: fn(Arc<dyn Store>, i64) -> CheckFuture,
}

macro_rules! checks {
    ($($name:ident),* $(,)?) => {
        /// Every conformance check, in order.
        pub const CHECKS: &[Check] = &[$(Check { name: stringify!($name), run: |store, t0| Box::pin($name(store, t0)) }),*];
    };
}

checks!(
    permit_deny_defer_dry_run_round_trip,
    idempotency_returns_the_first_decision,
    limits_and_budgets_reserve_and_recover,
    report_outcomes_and_reservations,
    approvals_four_eyes_rules,
    durable_release_after_approval,
    kill_switch_beats_an_approval,
    bounds_deny_before_any_approval,
    dry_run_leaves_budgets_untouched,
    undo_within_the_window,
    bad_input_is_refused_and_audited,
    policy_loaded_once_per_distinct_policy,
    newest_policy_loaded_skips_to_the_newest_in_range,
    audit_after_everything,
    concurrent_decisions_never_overbook,
    session_trust_demotes_cools_and_restores,
    session_demotion_commits_before_any_later_decide,
    replays_are_told_apart_from_fresh_decisions,
    revoke_withdraws_an_approved_unused_approval,
    revoke_and_release_racing_never_both_win,
    report_by_names_the_reporter,
    notification_claims_are_won_once,
    effect_caps_are_shared_across_actions,
    tool_pins_are_journaled_and_folded,
    an_unreported_permit_is_released_once_past_its_deadline,
    new_actions_rehearse_from_the_policy_that_introduced_them,
    listing_pages_without_gap_or_overlap,
    a_request_id_settled_long_ago_still_replays_its_decision,
    a_window_longer_than_what_the_door_let_go_of_is_refused,
    session_denials_let_go_of_still_demote_exactly,
    an_expired_permit_settles_and_a_late_report_counts_once,
    a_deferral_its_approval_cannot_release_settles,
    an_unreported_permit_that_reserved_nothing_expires_at_the_sweep,
    a_final_undo_is_read_from_its_targets_seal,
);

/// Generates one `#[test]` per conformance check (plus one that checks the list is complete) in the calling module.
/// `$factory` is evaluated once per test and must be an `impl Fn() -> Arc<dyn Store> + Sync` returning a fresh
/// store per call; it may own resources (a temporary directory) that must outlive the stores.
#[macro_export]
macro_rules! conformance_tests {
    ($factory:expr) => {
        $crate::conformance_tests!(@tests $factory;
            permit_deny_defer_dry_run_round_trip,
            idempotency_returns_the_first_decision,
            limits_and_budgets_reserve_and_recover,
            report_outcomes_and_reservations,
            approvals_four_eyes_rules,
            durable_release_after_approval,
            kill_switch_beats_an_approval,
            bounds_deny_before_any_approval,
            dry_run_leaves_budgets_untouched,
            undo_within_the_window,
            bad_input_is_refused_and_audited,
            policy_loaded_once_per_distinct_policy,
            newest_policy_loaded_skips_to_the_newest_in_range,
            audit_after_everything,
            concurrent_decisions_never_overbook,
            session_trust_demotes_cools_and_restores,
            session_demotion_commits_before_any_later_decide,
            replays_are_told_apart_from_fresh_decisions,
            revoke_withdraws_an_approved_unused_approval,
            revoke_and_release_racing_never_both_win,
            report_by_names_the_reporter,
            notification_claims_are_won_once,
            effect_caps_are_shared_across_actions,
            tool_pins_are_journaled_and_folded,
            an_unreported_permit_is_released_once_past_its_deadline,
            new_actions_rehearse_from_the_policy_that_introduced_them,
            listing_pages_without_gap_or_overlap,
            a_request_id_settled_long_ago_still_replays_its_decision,
            a_window_longer_than_what_the_door_let_go_of_is_refused,
            session_denials_let_go_of_still_demote_exactly,
            an_expired_permit_settles_and_a_late_report_counts_once,
            a_deferral_its_approval_cannot_release_settles,
            an_unreported_permit_that_reserved_nothing_expires_at_the_sweep,
            a_final_undo_is_read_from_its_targets_seal,
        );
    };
    (@tests $factory:expr; $($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                let factory = $factory;
                $crate::conformance::run_named(stringify!($name), &factory);
            }
        )*

        #[test]
        fn conformance_tests_cover_every_check() {
            let listed: &[&str] = &[$(stringify!($name)),*];
            let known: Vec<&str> = $crate::conformance::CHECKS.iter().map(|c| c.name).collect();
            assert_eq!(listed, known.as_slice(), "conformance_tests! must list every check in conformance::CHECKS");
        }
    };
}

// ---------------------------------------------------------------------------------------------------------------
// Runners

/// Runs one check against a fresh store from `make`, then checks the journal verifies and the audit is clean.
pub async fn run_check_async(check: &Check, make: Factory<'_>) {
    let store = make();
    (check.run)(store.clone(), T0).await;
    assert_consistent(&*store, check.name).await;
}

/// Runs one check on its own multi-threaded runtime (for a plain `#[test]`).
pub fn run_check(check: &Check, make: Factory<'_>) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("conformance `{}`: cannot build a tokio runtime: {e}", check.name));
    runtime.block_on(run_check_async(check, make));
}

/// Runs the check called `name` (see [`CHECKS`]).
pub fn run_named(name: &str, make: Factory<'_>) {
    let check = CHECKS.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no conformance check named `{name}`"));
    run_check(check, make);
}

/// Runs every check, each against a fresh store.
pub async fn run_all(make: Factory<'_>) {
    run_matching(make, "").await;
}

/// Runs every check whose name contains `filter`, each against a fresh store; returns how many ran.
pub async fn run_matching(make: Factory<'_>, filter: &str) -> usize {
    let mut ran = 0;
    for check in CHECKS.iter().filter(|c| c.name.contains(filter)) {
        eprintln!("conformance: {}", check.name);
        run_check_async(check, make).await;
        ran += 1;
    }
    ran
}

/// The journal verifies and a replay of it matches the tables.
pub async fn assert_consistent(store: &dyn Store, what: &str) {
    let report = store.verify_journal().await.unwrap_or_else(|e| panic!("{what}: verify_journal failed: {e:?}"));
    assert!(report.is_ok(), "{what}: the journal does not verify: {report}");
    let audit = store.audit().await.unwrap_or_else(|e| panic!("{what}: audit failed: {e:?}"));
    assert!(audit.mismatches.is_empty(), "{what}: the tables disagree with the journal: {:#?}", audit.mismatches);
    // `journal_head` (the journal's length on `/metrics`) is the newest event's seq, whatever the backend keeps.
    let head = store.journal_head().await.unwrap_or_else(|e| panic!("{what}: journal_head failed: {e:?}"));
    assert_eq!(head, head_seq(store).await, "{what}: journal_head disagrees with the journal");
    if let VerifyReport::Ok { events, .. } = report {
        assert_eq!(audit.events, events, "{what}: audit replayed {} events, verify saw {events}", audit.events);
    }
    // The state the door decides on, kept up by applying its own appends as written (ADR-410), is the journal's.
    let differs =
        store.authority_differs_from_replay().await.unwrap_or_else(|e| panic!("{what}: replay failed: {e:?}"));
    assert_eq!(differs, None, "{what}: the door's authority state differs from the journal replayed");
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/// The conformance policy, parsed.
pub fn policy() -> Arc<Policy> {
    Arc::new(
        Policy::from_yaml("conformance.yaml", POLICY_YAML)
            .unwrap_or_else(|e| panic!("the conformance policy does not load: {e}")),
    )
}

/// A request from [`AGENT`]; `params` must be a JSON object.
pub fn request(id: &str, action: &str, params: Value) -> ActionRequest {
    let Value::Object(params) = params else { panic!("request `{id}`: params must be a JSON object, got {params}") };
    ActionRequest {
        request_id: id.to_string(),
        agent: AGENT.to_string(),
        session: None,
        action: action.to_string(),
        params,
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    }
}

fn payment(id: &str, amount: i64) -> ActionRequest {
    request(id, "payments.send", json!({"amount_eur": amount, "iban": IBAN}))
}

fn email(id: &str) -> ActionRequest {
    request(id, "email.send", json!({"to": "ops@example.com"}))
}

fn refund(id: &str, amount: i64) -> ActionRequest {
    request(id, "payments.refund", json!({"amount_eur": amount}))
}

async fn decide(store: &dyn Store, policy: &Arc<Policy>, request: ActionRequest, now_ms: i64) -> DecisionRecord {
    let what = format!("decide `{}` ({}) at {now_ms}", request.request_id, request.action);
    store.decide(policy.clone(), request, now_ms).await.unwrap_or_else(|e| panic!("{what}: unexpected error {e:?}"))
}

async fn report(store: &dyn Store, id: DecisionId, outcome: Outcome, now_ms: i64) -> DecisionRecord {
    let detail = json!({"outcome": outcome.as_str(), "by": "conformance"});
    store
        .report(id, outcome, detail, now_ms)
        .await
        .unwrap_or_else(|e| panic!("report decision {id} `{}`: unexpected error {e:?}", outcome.as_str()))
}

async fn stored_decision(store: &dyn Store, id: DecisionId) -> DecisionRecord {
    store
        .decision(id)
        .await
        .unwrap_or_else(|e| panic!("decision({id}): {e:?}"))
        .unwrap_or_else(|| panic!("decision {id} is not stored"))
}

async fn stored_approval(store: &dyn Store, id: ApprovalId, now_ms: i64) -> foureyes_core::ApprovalRecord {
    store
        .approval(id, now_ms)
        .await
        .unwrap_or_else(|e| panic!("approval({id}): {e:?}"))
        .unwrap_or_else(|| panic!("approval {id} is not stored"))
}

async fn approve(
    store: &dyn Store,
    id: ApprovalId,
    approver: &str,
    digest: Option<&str>,
    now_ms: i64,
) -> crate::VoteOutcome {
    store
        .approve(id, approver, digest, now_ms)
        .await
        .unwrap_or_else(|e| panic!("approve {id} by {approver}: unexpected error {e:?}"))
}

async fn approval_count(store: &dyn Store, now_ms: i64) -> usize {
    store.approvals(None, now_ms).await.unwrap_or_else(|e| panic!("approvals(None): {e:?}")).len()
}

fn codes(d: &DecisionRecord) -> Vec<&'static str> {
    d.reasons.iter().map(|r| r.code.as_str()).collect()
}

/// Asserts the verdict and that the reasons include `code` (and that every reason has a sentence).
#[track_caller]
fn expect(d: &DecisionRecord, verdict: Verdict, code: ReasonCode, what: &str) {
    assert!(
        d.verdict == verdict && d.reasons.iter().any(|r| r.code == code),
        "{what}: expected `{verdict}` with reason `{}`, got `{}` with reasons {:?} (decision {})",
        code.as_str(),
        d.verdict,
        codes(d),
        d.decision_id
    );
    assert!(d.reasons.iter().all(|r| !r.message.is_empty()), "{what}: a reason without a sentence: {:?}", d.reasons);
}

#[track_caller]
fn expect_status(d: &DecisionRecord, status: DecisionStatus, what: &str) {
    assert_eq!(
        d.status,
        status,
        "{what}: decision {} has status `{}`, expected `{}`",
        d.decision_id,
        d.status.as_str(),
        status.as_str()
    );
}

#[track_caller]
fn budget<'a>(d: &'a DecisionRecord, key: &str) -> &'a BudgetState {
    d.budgets
        .iter()
        .find(|b| b.key == key)
        .unwrap_or_else(|| panic!("decision {} has no budget state `{key}`: {:?}", d.decision_id, d.budgets))
}

/// Asserts limit, consumed (before this request), remaining (after it) and the reset time of one budget state.
#[track_caller]
fn expect_budget(
    d: &DecisionRecord,
    key: &str,
    limit: i64,
    consumed: i64,
    remaining: i64,
    resets_at_ms: i64,
    what: &str,
) {
    let b = budget(d, key);
    let got = (b.limit, b.consumed, b.remaining, b.resets_at_ms);
    let want = (Decimal::from(limit), Decimal::from(consumed), Decimal::from(remaining), resets_at_ms);
    assert_eq!(
        got, want,
        "{what}: budget `{key}` of decision {} as (limit, consumed, remaining, resets_at_ms)",
        d.decision_id
    );
}

/// Every journal event with `seq > after`.
async fn events_after(store: &dyn Store, after: u64) -> Vec<Event> {
    let mut out: Vec<Event> = Vec::new();
    let mut last = after;
    loop {
        let page = store.journal(last, 1000).await.unwrap_or_else(|e| panic!("journal({last}, 1000): {e:?}"));
        let Some(tail) = page.last() else { break };
        last = tail.seq;
        out.extend(page);
    }
    for pair in out.windows(2) {
        assert_eq!(pair[1].seq, pair[0].seq + 1, "journal pages skip from seq {} to {}", pair[0].seq, pair[1].seq);
    }
    out
}

async fn head_seq(store: &dyn Store) -> u64 {
    events_after(store, 0).await.last().map_or(0, |e| e.seq)
}

async fn event_at(store: &dyn Store, seq: u64) -> Event {
    let page = store
        .journal(seq.saturating_sub(1), 1)
        .await
        .unwrap_or_else(|e| panic!("journal({}, 1): {e:?}", seq.saturating_sub(1)));
    page.into_iter().find(|e| e.seq == seq).unwrap_or_else(|| panic!("no journal event at seq {seq}"))
}

fn data_i64(e: &Event, field: &str) -> Option<i64> {
    e.data.get(field).and_then(Value::as_i64)
}

fn data_str<'a>(e: &'a Event, field: &str) -> Option<&'a str> {
    e.data.get(field).and_then(Value::as_str)
}

fn of_kind(events: &[Event], kind: EventKind) -> Vec<&Event> {
    events.iter().filter(|e| e.kind == kind).collect()
}

/// The `decided` events for a decision.
fn decided_for(events: &[Event], id: DecisionId) -> Vec<&Event> {
    events.iter().filter(|e| e.kind == EventKind::Decided && data_i64(e, "decision_id") == Some(id)).collect()
}

/// The `decided` events whose request carries `request_id`.
fn decided_for_request<'a>(events: &'a [Event], request_id: &str) -> Vec<&'a Event> {
    events
        .iter()
        .filter(|e| {
            e.kind == EventKind::Decided
                && e.data.get("request").and_then(|r| r.get("request_id")).and_then(Value::as_str) == Some(request_id)
        })
        .collect()
}

/// Asserts `result` is `Refused { code }` and that the refusal is journaled (kind `refused`, same code) at its seq.
async fn expect_refused<T: std::fmt::Debug>(
    store: &dyn Store,
    result: Result<T, StoreError>,
    code: &str,
    what: &str,
) -> u64 {
    let seq = match result {
        Err(StoreError::Refused { code: got, seq, message }) if got == code => {
            assert!(!message.is_empty(), "{what}: refusal `{code}` without a message");
            seq
        }
        other => panic!("{what}: expected StoreError::Refused {{ code: \"{code}\" }}, got {other:?}"),
    };
    let event = event_at(store, seq).await;
    assert_eq!(
        event.kind,
        EventKind::Refused,
        "{what}: the refusal's seq {seq} holds a `{}` event",
        event.kind.as_str()
    );
    assert_eq!(data_str(&event, "code"), Some(code), "{what}: refused event at seq {seq}: {}", event.data);
    seq
}

#[track_caller]
fn expect_invalid_state<T: std::fmt::Debug>(result: Result<T, StoreError>, what: &str) {
    assert!(
        matches!(result, Err(StoreError::InvalidState(_))),
        "{what}: expected StoreError::InvalidState, got {result:?}"
    );
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Round trip of each verdict

/// Permit, deny, defer and dry run: the record's fields, what `decision()` returns, and the journal.
pub async fn permit_deny_defer_dry_run_round_trip(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let mut all = Vec::new();

    let r = email("rt-permit");
    let permit = decide(s, &p, r.clone(), t0).await;
    expect(&permit, Verdict::Permit, ReasonCode::WithinPolicy, "tier-2 request within its limit");
    expect_status(&permit, DecisionStatus::Intended, "a fresh permit");
    assert_eq!(permit.tier, 2, "tier-2 permit: tier");
    assert_eq!(permit.digest, r.digest(), "permit: digest is SHA-256 of canonical {{action, params, target, agent}}");
    assert_eq!(permit.request, r, "permit: the stored request");
    assert_eq!(permit.decided_at_ms, t0, "permit: decided_at_ms is the now_ms passed in");
    assert_eq!(permit.policy_sha256, p.sha256, "permit: policy_sha256");
    assert_eq!(
        (permit.approval_id, permit.supersedes, permit.reported_at_ms),
        (None, None, None),
        "permit: no approval, supersedes, report"
    );
    let b = budget(&permit, COUNT);
    assert_eq!(
        (b.kind, b.requested, b.exceeded),
        (BudgetKind::Limit, Decimal::ONE, false),
        "permit: count limit state"
    );
    expect_budget(&permit, COUNT, 3, 0, 2, t0, "first permit of `count: 3 per 1h`");
    all.push(permit);

    let observe = decide(s, &p, request("rt-observe", "files.read", json!({"path": "/etc/motd"})), t0 + 1).await;
    expect(&observe, Verdict::Permit, ReasonCode::Observe, "tier-0 read");
    assert_eq!(observe.tier, 0, "tier-0 read: tier");
    expect_status(&observe, DecisionStatus::Intended, "a tier-0 permit");
    all.push(observe);

    let deny = decide(
        s,
        &p,
        request("rt-deny", "email.send", json!({"to": "ops@example.com", "bcc": "leak@example.com"})),
        t0 + 2,
    )
    .await;
    expect(&deny, Verdict::Deny, ReasonCode::UnknownParam, "unknown param");
    expect_status(&deny, DecisionStatus::Closed, "a deny");
    assert_eq!(deny.approval_id, None, "a deny creates no approval");
    all.push(deny);

    let r = payment("rt-defer", 250);
    let defer = decide(s, &p, r.clone(), t0 + 3).await;
    expect(&defer, Verdict::Defer, ReasonCode::ApprovalRequired, "tier-3 payment");
    expect_status(&defer, DecisionStatus::AwaitingApproval, "a defer");
    assert_eq!(defer.tier, 3, "defer: tier");
    let approval_id = defer.approval_id.unwrap_or_else(|| panic!("a defer must carry its approval id: {defer:?}"));
    let a = stored_approval(s, approval_id, t0 + 3).await;
    assert_eq!(a.status, ApprovalStatus::Pending, "the new approval is pending");
    assert_eq!(
        (a.decision_id, a.digest.as_str(), &a.request),
        (defer.decision_id, r.digest().as_str(), &r),
        "approval: decision, digest, request"
    );
    assert_eq!(
        (a.required, a.expires_at_ms, a.created_at_ms),
        (1, t0 + 3 + HOUR, t0 + 3),
        "approval: required, expiry (ttl 1h), created"
    );
    assert!(a.approvers.is_empty(), "a new approval has no approvers: {:?}", a.approvers);
    all.push(defer.clone());

    let unknown = decide(s, &p, request("rt-unknown", "crm.export", json!({"all": true})), t0 + 4).await;
    expect(&unknown, Verdict::Defer, ReasonCode::DefaultDeny, "an action missing from the policy");
    assert_eq!(unknown.tier, 3, "default deny: tier");
    assert!(unknown.approval_id.is_some(), "default deny creates an approval");
    all.push(unknown);

    let mut r = email("rt-dry");
    r.dry_run = true;
    let dry = decide(s, &p, r, t0 + 5).await;
    expect(&dry, Verdict::DryRun, ReasonCode::DryRun, "dry_run request");
    assert_eq!(dry.reasons[0].code, ReasonCode::DryRun, "dry run: the rehearsal is the first reason");
    assert_eq!(dry.would_have, Some(Verdict::Permit), "dry run: would_have");
    expect_status(&dry, DecisionStatus::Closed, "a dry run");
    expect_budget(&dry, COUNT, 3, 1, 1, t0 + HOUR, "dry run after one permit");
    all.push(dry);

    let events = events_after(s, start).await;
    for d in &all {
        assert_eq!(
            &stored_decision(s, d.decision_id).await,
            d,
            "decision({}) returns what decide returned",
            d.decision_id
        );
        let decided = decided_for(&events, d.decision_id);
        assert_eq!(decided.len(), 1, "exactly one `decided` event for decision {}: {decided:?}", d.decision_id);
        let e = decided[0];
        assert_eq!(data_str(e, "verdict"), Some(d.verdict.as_str()), "decided event verdict: {}", e.data);
        assert_eq!(data_str(e, "status"), Some(d.status.as_str()), "decided event status: {}", e.data);
        assert_eq!(data_str(e, "digest"), Some(d.digest.as_str()), "decided event digest: {}", e.data);
        assert_eq!(e.ts_ms, d.decided_at_ms, "decided event ts_ms");
        let requested: Vec<_> = of_kind(&events, EventKind::ApprovalRequested)
            .into_iter()
            .filter(|a| data_i64(a, "decision_id") == Some(d.decision_id))
            .collect();
        if d.verdict == Verdict::Defer {
            assert_eq!(requested.len(), 1, "one `approval_requested` for defer {}", d.decision_id);
            assert_eq!(data_i64(requested[0], "approval_id"), d.approval_id, "approval_requested names the approval");
            assert!(requested[0].seq > e.seq, "approval_requested follows its decided event");
        } else {
            assert!(requested.is_empty(), "no approval requested for a `{}`", d.verdict);
        }
    }
    let report = s.verify_journal().await.unwrap();
    assert!(report.is_ok(), "round trip: journal does not verify: {report}");
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Idempotency

/// The same request id with the same content returns the first decision and reserves nothing more; with other
/// content it is a conflict, journaled.
pub async fn idempotency_returns_the_first_decision(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let r = email("idem-1");
    let first = decide(s, &p, r.clone(), t0).await;
    expect(&first, Verdict::Permit, ReasonCode::WithinPolicy, "first send");
    for i in 1..5 {
        let again = decide(s, &p, r.clone(), t0 + i * 1000).await;
        assert_eq!(again, first, "re-send {i} of the same request must return the first decision unchanged");
    }
    let events = events_after(s, start).await;
    assert_eq!(decided_for_request(&events, "idem-1").len(), 1, "five sends, one `decided` event");

    // One reservation was taken: the `count: 3` limit has exactly two slots left.
    let a = decide(s, &p, email("idem-probe-1"), t0 + 10_000).await;
    expect(&a, Verdict::Permit, ReasonCode::WithinPolicy, "second distinct request");
    expect_budget(&a, COUNT, 3, 1, 1, t0 + HOUR, "after one permit sent five times");
    let b = decide(s, &p, email("idem-probe-2"), t0 + 10_001).await;
    expect(&b, Verdict::Permit, ReasonCode::WithinPolicy, "third distinct request");
    let c = decide(s, &p, email("idem-probe-3"), t0 + 10_002).await;
    expect(&c, Verdict::Defer, ReasonCode::LimitExceeded, "fourth distinct request");

    // Same id, other content: a conflict, refused and journaled; the first decision stands.
    let mut other = r.clone();
    other.params.insert("to".into(), json!("someone-else@example.com"));
    match s.decide(p.clone(), other, t0 + 20_000).await {
        Err(StoreError::Conflict { seq, message }) => {
            assert!(message.contains("idem-1"), "the conflict names the request id: {message}");
            let e = event_at(s, seq).await;
            assert_eq!(e.kind, EventKind::Refused, "conflict seq {seq} holds a `{}` event", e.kind.as_str());
            assert_eq!(data_str(&e, "code"), Some("idempotency_conflict"), "conflict event: {}", e.data);
        }
        other => panic!("same request_id, other params: expected StoreError::Conflict, got {other:?}"),
    }
    let mut rehearse = r.clone();
    rehearse.dry_run = true;
    let result = s.decide(p.clone(), rehearse, t0 + 20_001).await;
    assert!(
        matches!(result, Err(StoreError::Conflict { .. })),
        "same request_id, now a dry run: expected Conflict, got {result:?}"
    );
    assert_eq!(
        decide(s, &p, r.clone(), t0 + 20_002).await,
        first,
        "after the conflicts the original still returns the first decision"
    );

    // Idempotency keys belong to an agent: another agent may use the same id.
    let mut mine = request("idem-shared", "files.read", json!({"path": "/a"}));
    let d1 = decide(s, &p, mine.clone(), t0 + 30_000).await;
    mine.agent = "agent-other".into();
    let d2 = decide(s, &p, mine, t0 + 30_001).await;
    assert_ne!(d1.decision_id, d2.decision_id, "two agents using one request_id get two decisions");
    expect(&d2, Verdict::Permit, ReasonCode::Observe, "another agent's request with a reused id");
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Limits and budgets

/// `count: 3 per 1h` and a 1000-per-24h budget: permits up to the limit, then defer; the budget states; capacity
/// returns once the window has passed.
pub async fn limits_and_budgets_reserve_and_recover(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    for i in 0..3 {
        let d = decide(s, &p, email(&format!("lim-count-{i}")), t0).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, &format!("count permit {i}"));
        let resets = if i == 0 { t0 } else { t0 + HOUR };
        expect_budget(&d, COUNT, 3, i, 2 - i, resets, &format!("count permit {i}"));
        assert_eq!(budget(&d, COUNT).per, "1h", "limit window as written");
    }
    let over = decide(s, &p, email("lim-count-3"), t0).await;
    expect(&over, Verdict::Defer, ReasonCode::LimitExceeded, "fourth call within the hour");
    assert_eq!(over.tier, 3, "an overrun goes to a human: tier");
    assert!(budget(&over, COUNT).exceeded, "the overrun is flagged exceeded");
    expect_budget(&over, COUNT, 3, 3, 0, t0 + HOUR, "fourth call");
    let ack = stored_approval(s, over.approval_id.unwrap(), t0).await.acknowledged;
    assert_eq!(ack, vec![ReasonCode::LimitExceeded], "the approval shows the human the overrun it allows");

    // One hour and one millisecond later every reservation has aged out: three more fit.
    let later = t0 + HOUR + 1;
    for i in 0..3 {
        let d = decide(s, &p, email(&format!("lim-count-later-{i}")), later).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, &format!("after the window, permit {i}"));
        assert_eq!(budget(&d, COUNT).consumed, Decimal::from(i), "after the window, permit {i}: consumed");
    }
    let d = decide(s, &p, email("lim-count-later-3"), later).await;
    expect(&d, Verdict::Defer, ReasonCode::LimitExceeded, "after the window, the fourth");

    // Budget: 1000 EUR per 24h, 300 at a time, staggered so the oldest reservation sets the reset time.
    let mut permits = Vec::new();
    for i in 0..3 {
        let d = decide(s, &p, refund(&format!("lim-budget-{i}"), 300), t0 + i * 1000).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, &format!("refund {i}"));
        let resets = if i == 0 { t0 } else { t0 + DAY };
        expect_budget(&d, BUDGET, 1000, 300 * i, 700 - 300 * i, resets, &format!("refund {i}"));
        let b = budget(&d, BUDGET);
        assert_eq!(
            (b.kind, b.param.as_deref(), b.requested),
            (BudgetKind::Budget, Some("amount_eur"), Decimal::from(300)),
            "refund {i}: budget kind/param/requested"
        );
        permits.push(d);
    }
    let over = decide(s, &p, refund("lim-budget-3", 300), t0 + 3000).await;
    expect(&over, Verdict::Defer, ReasonCode::BudgetExceeded, "fourth refund of 300 on a 1000 budget");
    expect_budget(&over, BUDGET, 1000, 900, 100, t0 + DAY, "fourth refund");
    assert!(budget(&over, BUDGET).exceeded, "fourth refund: exceeded");
    let ack = stored_approval(s, over.approval_id.unwrap(), t0 + 3000).await.acknowledged;
    assert_eq!(ack, vec![ReasonCode::BudgetExceeded], "the approval acknowledges the budget overrun");
    let exact = decide(s, &p, refund("lim-budget-exact", 100), t0 + 4000).await;
    expect(&exact, Verdict::Permit, ReasonCode::WithinPolicy, "100 more fills the budget exactly");
    expect_budget(&exact, BUDGET, 1000, 900, 0, t0 + DAY, "refund filling the budget");

    // 24h + 1ms after the first refund only it has aged out: 700 held, 300 fits again, and nothing more.
    let later = t0 + DAY + 1;
    let d = decide(s, &p, refund("lim-budget-later-0", 300), later).await;
    expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "after the first refund aged out");
    expect_budget(&d, BUDGET, 1000, 700, 0, t0 + 1000 + DAY, "after the first refund aged out");
    let d = decide(s, &p, refund("lim-budget-later-1", 1), later).await;
    expect(&d, Verdict::Defer, ReasonCode::BudgetExceeded, "one euro over");

    // Amounts are summed exactly (decimal, not binary floating point): 300.1 + 300.2 + 399.7 is exactly 1000.
    let fresh = t0 + 3 * DAY;
    for (i, amount) in [json!(300.1), json!(300.2), json!(399.7)].into_iter().enumerate() {
        let d = decide(
            s,
            &p,
            request(&format!("lim-exact-{i}"), "payments.refund", json!({"amount_eur": amount})),
            fresh + i as i64,
        )
        .await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, &format!("exact refund {i} ({amount})"));
    }
    let d = decide(s, &p, refund("lim-exact-3", 1), fresh + 3).await;
    expect(&d, Verdict::Defer, ReasonCode::BudgetExceeded, "after exactly 1000.0");
    assert_eq!(budget(&d, BUDGET).consumed, Decimal::from(1000), "300.1 + 300.2 + 399.7 reserved, exactly");

    // `scope: agent`: each agent has its own window.
    let sms = |id: &str, agent: &str| {
        let mut r = request(id, "sms.send", json!({"to": "+4915100000"}));
        r.agent = agent.to_string();
        r
    };
    expect(
        &decide(s, &p, sms("lim-agent-1", AGENT), t0).await,
        Verdict::Permit,
        ReasonCode::WithinPolicy,
        "per-agent limit, first call",
    );
    expect(
        &decide(s, &p, sms("lim-agent-2", AGENT), t0 + 1).await,
        Verdict::Defer,
        ReasonCode::LimitExceeded,
        "per-agent limit, second call",
    );
    let other = decide(s, &p, sms("lim-agent-3", "agent-other"), t0 + 2).await;
    expect(&other, Verdict::Permit, ReasonCode::WithinPolicy, "per-agent limit, another agent");
    assert_eq!(
        budget(&other, COUNT_PER_AGENT).consumed,
        Decimal::ZERO,
        "another agent does not see the first agent's usage"
    );

    // A reload that adds a limit in front of another keeps the usage already held: reservations are shared by
    // every window over the same calls, and limits are named by window and scope, never by position.
    let fax = |per_day_first: bool| {
        let limits = if per_day_first {
            "[ { count: 2, per: 1d } ]"
        } else {
            "[ { count: 5, per: 1h }, { count: 2, per: 1d } ]"
        };
        let yaml = format!(
            "version: 1\nactions:\n  fax.send:\n    tier: 2\n    params: {{ to: {{ type: string }} }}\n    limits: {limits}\n"
        );
        Arc::new(Policy::from_yaml("reload.yaml", &yaml).unwrap_or_else(|e| panic!("reload policy: {e}")))
    };
    let day = t0 + 2 * DAY;
    for i in 0..2 {
        let d = decide(s, &fax(true), request(&format!("fax-{i}"), "fax.send", json!({"to": "x"})), day + i).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "daily fax limit before the reload");
    }
    let d = decide(s, &fax(false), request("fax-2", "fax.send", json!({"to": "x"})), day + 10).await;
    expect(&d, Verdict::Defer, ReasonCode::LimitExceeded, "the daily limit still sees its usage after a reload");
    assert_eq!(budget(&d, "count@1d@action").consumed, Decimal::from(2), "{:?}", d.budgets);
    assert_eq!(budget(&d, "count@1h@action").consumed, Decimal::from(2), "{:?}", d.budgets);
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Report

/// executed keeps the reservation, failed releases it, unknown keeps it; the allowed and refused transitions.
pub async fn report_outcomes_and_reservations(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let a = decide(s, &p, email("rep-a"), t0).await;
    let b = decide(s, &p, email("rep-b"), t0).await;
    let c = decide(s, &p, email("rep-c"), t0).await;
    for d in [&a, &b, &c] {
        expect(d, Verdict::Permit, ReasonCode::WithinPolicy, "report setup");
    }

    let ra = report(s, a.decision_id, Outcome::Executed, t0 + 100).await;
    expect_status(&ra, DecisionStatus::Executed, "reported executed");
    assert_eq!(ra.reported_at_ms, Some(t0 + 100), "executed: reported_at_ms");
    assert_eq!(
        ra.report_detail,
        Some(json!({"outcome": "executed", "by": "conformance"})),
        "executed: the detail is kept"
    );
    expect_status(
        &report(s, b.decision_id, Outcome::Failed, t0 + 200).await,
        DecisionStatus::Failed,
        "reported failed",
    );
    expect_status(
        &report(s, c.decision_id, Outcome::Unknown, t0 + 300).await,
        DecisionStatus::Unknown,
        "reported unknown",
    );
    assert_eq!(stored_decision(s, a.decision_id).await, ra, "decision() after a report");

    // a (executed) and c (unknown) still hold their slots; b's was released.
    let d = decide(s, &p, email("rep-d"), t0 + 400).await;
    expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "the slot freed by the failed execution");
    assert_eq!(
        budget(&d, COUNT).consumed,
        Decimal::from(2),
        "executed and unknown keep their reservations, failed releases"
    );
    let e = decide(s, &p, email("rep-e"), t0 + 500).await;
    expect(&e, Verdict::Defer, ReasonCode::LimitExceeded, "no slot left");

    expect_status(
        &report(s, c.decision_id, Outcome::Executed, t0 + 600).await,
        DecisionStatus::Executed,
        "unknown, later executed",
    );
    expect_status(
        &report(s, a.decision_id, Outcome::Executed, t0 + 700).await,
        DecisionStatus::Executed,
        "executed reported twice",
    );
    expect_invalid_state(s.report(a.decision_id, Outcome::Failed, json!({}), t0 + 800).await, "executed → failed");
    expect_invalid_state(s.report(b.decision_id, Outcome::Executed, json!({}), t0 + 800).await, "failed → executed");
    let deny = decide(s, &p, request("rep-deny", "email.send", json!({"to": 7})), t0 + 900).await;
    expect(&deny, Verdict::Deny, ReasonCode::WrongType, "a number where a string belongs");
    let before_deny_report = head_seq(s).await;
    let ran = json!({"bank_ref": "should-not-have-run"});
    expect_invalid_state(s.report(deny.decision_id, Outcome::Executed, ran, t0 + 901).await, "reporting a deny");
    // The refused report changed nothing, but it is evidence that a denied action ran: it is journaled.
    let e_refused = event_at(s, before_deny_report + 1).await;
    assert_eq!(
        (e_refused.kind, data_str(&e_refused, "code")),
        (EventKind::Refused, Some("invalid_report")),
        "a refused report must be journaled: {}",
        e_refused.data
    );
    assert_eq!(e_refused.data["input"]["detail"]["bank_ref"], "should-not-have-run", "{}", e_refused.data);
    expect_invalid_state(s.report(e.decision_id, Outcome::Executed, json!({}), t0 + 902).await, "reporting a defer");
    let missing = s.report(d.decision_id + 1_000_000, Outcome::Executed, json!({}), t0 + 903).await;
    assert!(
        matches!(missing, Err(StoreError::NotFound(_))),
        "reporting a decision that does not exist: expected NotFound, got {missing:?}"
    );
    let huge = json!({"log": "x".repeat(crate::MAX_DETAIL_BYTES + 1)});
    let result = s.report(d.decision_id, Outcome::Executed, huge, t0 + 904).await;
    expect_refused(s, result, "bad_request", "report with an oversized detail").await;
    expect_status(
        &stored_decision(s, d.decision_id).await,
        DecisionStatus::Intended,
        "a refused report changes nothing",
    );

    // Unreported permits are "intended, not confirmed", and listed as such.
    let filter = |status| DecisionFilter { status: Some(status), limit: Some(10_000), before: None };
    let intended = s.decisions(filter(DecisionStatus::Intended)).await.unwrap();
    assert!(
        intended.iter().all(|x| x.status == DecisionStatus::Intended),
        "decisions(Intended) returned other statuses"
    );
    let ids: Vec<DecisionId> = intended.iter().map(|x| x.decision_id).collect();
    assert!(ids.contains(&d.decision_id), "decisions(Intended) must list unreported permit {}: {ids:?}", d.decision_id);
    for x in [&a, &b, &c] {
        assert!(!ids.contains(&x.decision_id), "decisions(Intended) lists reported decision {}", x.decision_id);
    }
    let failed: Vec<DecisionId> =
        s.decisions(filter(DecisionStatus::Failed)).await.unwrap().iter().map(|x| x.decision_id).collect();
    assert!(failed.contains(&b.decision_id), "decisions(Failed) must list {}: {failed:?}", b.decision_id);

    let events = events_after(s, start).await;
    let outcome = |kind: EventKind, id: DecisionId| {
        of_kind(&events, kind)
            .into_iter()
            .find(|e| data_i64(e, "decision_id") == Some(id))
            .unwrap_or_else(|| panic!("no `{}` event for decision {id}", kind.as_str()))
            .clone()
    };
    let released = |e: &Event| e.data.get("released").and_then(Value::as_array).map_or(0, Vec::len);
    assert_eq!(
        released(&outcome(EventKind::Failed, b.decision_id)),
        1,
        "the `failed` event lists the released reservation"
    );
    assert_eq!(released(&outcome(EventKind::Unknown, c.decision_id)), 0, "`unknown` releases nothing");
    assert_eq!(released(&outcome(EventKind::Executed, a.decision_id)), 0, "`executed` releases nothing");
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Approvals

/// Self-approval, two distinct approvers, a double vote, digest mismatch, reject, expiry (not rejection).
pub async fn approvals_four_eyes_rules(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;

    let own = decide(s, &p, payment("appr-self", 250), t0).await;
    let own_id = own.approval_id.unwrap();
    let result = s.approve(own_id, AGENT, Some(own.digest.as_str()), t0 + 1).await;
    expect_refused(s, result, "self_approval", "the requesting agent approving its own request").await;
    let a = stored_approval(s, own_id, t0 + 1).await;
    assert_eq!((a.status, a.approvers.len()), (ApprovalStatus::Pending, 0), "a refused self-approval changes nothing");
    let missing = s.approve(own_id + 1_000_000, "alice", None, t0 + 1).await;
    assert!(
        matches!(missing, Err(StoreError::NotFound(_))),
        "approving a missing approval: expected NotFound, got {missing:?}"
    );

    // required: 2 → two distinct humans.
    let del = decide(s, &p, request("appr-two", "accounts.delete", json!({"account": "acct-42"})), t0).await;
    expect(&del, Verdict::Defer, ReasonCode::ApprovalRequired, "accounts.delete");
    let two = del.approval_id.unwrap();
    let a = stored_approval(s, two, t0).await;
    assert_eq!((a.required, a.expires_at_ms), (2, t0 + 2 * HOUR), "per-action approvals rule (required 2, ttl 2h)");
    let v = approve(s, two, "alice", Some(del.digest.as_str()), t0 + 10).await;
    assert!(v.counted, "alice's first vote counts");
    assert_eq!(
        (v.approval.status, v.approval.approvers.clone()),
        (ApprovalStatus::Pending, vec!["alice".to_string()]),
        "one of two votes"
    );
    let v = approve(s, two, "alice", None, t0 + 20).await;
    assert!(!v.counted, "alice voting twice must not count twice");
    assert_eq!(
        (v.approval.status, v.approval.approvers.len()),
        (ApprovalStatus::Pending, 1),
        "still one of two after a double vote"
    );
    let bad = "0".repeat(64);
    let result = s.approve(two, "bob", Some(bad.as_str()), t0 + 30).await;
    let seq = expect_refused(s, result, "digest_mismatch", "bob approving a digest he was not shown").await;
    let refusal = event_at(s, seq).await;
    assert!(refusal.data.to_string().contains(&bad), "the refusal records the digest shown: {}", refusal.data);
    assert_eq!(
        stored_approval(s, two, t0 + 30).await.status,
        ApprovalStatus::Pending,
        "a refused vote changes nothing"
    );
    let v = approve(s, two, "bob", Some(del.digest.as_str()), t0 + 40).await;
    assert!(v.counted, "bob's vote counts");
    assert_eq!(v.approval.status, ApprovalStatus::Approved, "two distinct approvers approve");
    assert_eq!(v.approval.approvers, vec!["alice".to_string(), "bob".to_string()], "approvers in vote order");
    assert_eq!(v.approval.decided_by.as_deref(), Some("bob"), "decided_by is the completing approver");
    let result = s.approve(two, "carol", None, t0 + 50).await;
    expect_refused(s, result, "approval_not_pending", "voting on an approved approval").await;

    // Reject: one "no" is enough.
    let rej = decide(s, &p, payment("appr-reject", 300), t0).await;
    let rej_id = rej.approval_id.unwrap();
    let result = s.reject(rej_id, "carol", Some("x"), Some(bad.as_str()), t0 + 55).await;
    expect_refused(s, result, "digest_mismatch", "rejecting with the wrong digest").await;
    let r = s.reject(rej_id, "carol", Some("not today"), Some(rej.digest.as_str()), t0 + 60).await.unwrap();
    assert_eq!(r.status, ApprovalStatus::Rejected, "rejected");
    assert_eq!(
        (r.decided_by.as_deref(), r.reject_reason.as_deref()),
        (Some("carol"), Some("not today")),
        "who rejected and why"
    );
    let d = decide(s, &p, payment("appr-reject", 300), t0 + 70).await;
    expect(&d, Verdict::Deny, ReasonCode::ApprovalRejected, "re-sending a rejected request");

    // Expiry: not the same as a rejection.
    let exp = decide(s, &p, payment("appr-expire", 350), t0).await;
    let exp_id = exp.approval_id.unwrap();
    assert_eq!(
        stored_approval(s, exp_id, t0 + HOUR - 1).await.status,
        ApprovalStatus::Pending,
        "pending until its ttl"
    );
    assert_eq!(stored_approval(s, exp_id, t0 + HOUR).await.status, ApprovalStatus::Expired, "reads show expiry at ttl");
    let expired = s.expire_approvals(t0 + HOUR).await.unwrap();
    assert!(
        expired.contains(&exp_id) && expired.contains(&own_id),
        "expire_approvals({}) must expire {exp_id} and {own_id}: {expired:?}",
        t0 + HOUR
    );
    assert!(
        !expired.contains(&two) && !expired.contains(&rej_id),
        "still-valid and rejected approvals are not expired: {expired:?}"
    );
    let again = s.expire_approvals(t0 + HOUR).await.unwrap();
    assert!(!again.contains(&exp_id), "an expired approval expires once: {again:?}");
    assert_eq!(stored_approval(s, exp_id, t0 + HOUR).await.status, ApprovalStatus::Expired, "expired");
    assert_eq!(stored_approval(s, rej_id, t0 + HOUR).await.status, ApprovalStatus::Rejected, "expired ≠ rejected");
    let result = s.approve(exp_id, "alice", None, t0 + HOUR + 1).await;
    expect_refused(s, result, "approval_not_pending", "approving an expired approval").await;
    let d = decide(s, &p, payment("appr-expire", 350), t0 + HOUR + 1).await;
    expect(&d, Verdict::Deny, ReasonCode::ApprovalExpired, "re-sending a request whose approval expired");
    // An approved but unused approval expires too.
    let expired = s.expire_approvals(t0 + 2 * HOUR).await.unwrap();
    assert!(expired.contains(&two), "an approved, unused approval past its ttl expires: {expired:?}");

    let events = events_after(s, start).await;
    let about = |kind: EventKind, id: ApprovalId| {
        of_kind(&events, kind).into_iter().filter(|e| data_i64(e, "approval_id") == Some(id)).count()
    };
    assert_eq!(about(EventKind::ApprovalVote, two), 1, "alice's counted vote is journaled once");
    assert_eq!(about(EventKind::Approved, two), 1, "the completing vote is journaled as `approved`");
    assert_eq!(about(EventKind::Rejected, rej_id), 1, "`rejected` journaled");
    assert_eq!(about(EventKind::Expired, exp_id), 1, "`expired` journaled once");
    assert_eq!(about(EventKind::Expired, two), 1, "the approved approval's expiry journaled");
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Durable release

/// Defer → approve → re-send the same request id: a new permit that supersedes the deferral, exactly once.
pub async fn durable_release_after_approval(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let r = payment("rel-1", 400);
    let deferred = decide(s, &p, r.clone(), t0).await;
    expect(&deferred, Verdict::Defer, ReasonCode::ApprovalRequired, "payment");
    let id = deferred.approval_id.unwrap();
    assert_eq!(decide(s, &p, r.clone(), t0 + 5).await, deferred, "re-sending while pending returns the deferral");
    approve(s, id, "alice", Some(deferred.digest.as_str()), t0 + 10).await;

    let permit = decide(s, &p, r.clone(), t0 + 20).await;
    assert_ne!(permit.decision_id, deferred.decision_id, "the release is a new decision");
    expect(&permit, Verdict::Permit, ReasonCode::Approved, "re-send after approval");
    assert_eq!(permit.supersedes, Some(deferred.decision_id), "the release supersedes the deferral");
    assert_eq!(
        (permit.approval_id, permit.status, permit.tier),
        (Some(id), DecisionStatus::Intended, 3),
        "release: approval, status, tier"
    );
    assert_eq!(permit.request.request_id, "rel-1", "the release keeps the request id");
    let a = stored_approval(s, id, t0 + 20).await;
    assert_eq!(
        (a.status, a.consumed_by),
        (ApprovalStatus::Consumed, Some(permit.decision_id)),
        "the approval is used up by the release"
    );
    expect_status(&stored_decision(s, deferred.decision_id).await, DecisionStatus::Superseded, "the answered deferral");
    assert_eq!(
        decide(s, &p, r.clone(), t0 + 30).await,
        permit,
        "re-sending again returns the same permit, not a second execution"
    );
    report(s, permit.decision_id, Outcome::Executed, t0 + 40).await;
    let again = decide(s, &p, r.clone(), t0 + 50).await;
    assert_eq!(
        (again.decision_id, again.status),
        (permit.decision_id, DecisionStatus::Executed),
        "after execution the id still returns that permit"
    );

    let events = events_after(s, start).await;
    assert_eq!(decided_for_request(&events, "rel-1").len(), 2, "one deferral and one release are journaled");
    let e = decided_for(&events, permit.decision_id)[0];
    assert_eq!(
        data_i64(e, "supersedes"),
        Some(deferred.decision_id),
        "the release event names the deferral: {}",
        e.data
    );
    assert_eq!(
        e.data.get("consumes_approval"),
        Some(&json!(true)),
        "the release event consumes the approval: {}",
        e.data
    );

    // Another request id naming the consumed approval.
    let mut reuse = payment("rel-reuse", 400);
    reuse.approval_id = Some(id);
    expect(
        &decide(s, &p, reuse, t0 + 60).await,
        Verdict::Deny,
        ReasonCode::ApprovalConsumed,
        "a second use of an approval",
    );

    // An explicit approval id with other params: digest mismatch, and the approval survives it.
    let second = decide(s, &p, payment("rel-2", 450), t0 + 100).await;
    let id2 = second.approval_id.unwrap();
    approve(s, id2, "bob", None, t0 + 110).await;
    let mut tampered = payment("rel-2-exec", 4500);
    tampered.approval_id = Some(id2);
    let d = decide(s, &p, tampered, t0 + 120).await;
    expect(&d, Verdict::Deny, ReasonCode::DigestMismatch, "approval used for other params");
    assert_eq!(
        stored_approval(s, id2, t0 + 120).await.status,
        ApprovalStatus::Approved,
        "a mismatched use does not consume the approval"
    );
    let mut exact = payment("rel-2-exec-ok", 450);
    exact.approval_id = Some(id2);
    let d = decide(s, &p, exact, t0 + 130).await;
    expect(&d, Verdict::Permit, ReasonCode::Approved, "executing the approved action under a new request id");
    assert_eq!(stored_approval(s, id2, t0 + 130).await.consumed_by, Some(d.decision_id), "consumed by that execution");
}

// ---------------------------------------------------------------------------------------------------------------
// 7. Kill switch

/// The kill switch blocks an approved execution without consuming or re-requesting the approval; tier 0 passes,
/// tiers 1 and 2 go to a human.
pub async fn kill_switch_beats_an_approval(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    assert!(!s.kill_switch().await.unwrap(), "the kill switch starts released");
    let r = payment("kill-1", 500);
    let deferred = decide(s, &p, r.clone(), t0).await;
    let id = deferred.approval_id.unwrap();
    approve(s, id, "alice", Some(deferred.digest.as_str()), t0 + 10).await;

    assert!(s.set_kill_switch(true, "admin", t0 + 20).await.unwrap(), "engaging the kill switch changes it");
    assert!(s.kill_switch().await.unwrap(), "engaged");
    assert!(!s.set_kill_switch(true, "admin", t0 + 21).await.unwrap(), "engaging it again changes nothing");
    let approvals = approval_count(s, t0 + 30).await;
    let blocked = decide(s, &p, r.clone(), t0 + 30).await;
    expect(&blocked, Verdict::Deny, ReasonCode::KillSwitch, "an approved payment while the kill switch is engaged");
    assert_eq!(blocked.approval_id, Some(id), "the block names the approval it kept");
    let a = stored_approval(s, id, t0 + 30).await;
    assert_eq!(
        (a.status, a.consumed_by),
        (ApprovalStatus::Approved, None),
        "the blocked approval is kept, not consumed"
    );
    assert_eq!(approval_count(s, t0 + 30).await, approvals, "the block breeds no new approval");
    expect_status(
        &stored_decision(s, deferred.decision_id).await,
        DecisionStatus::AwaitingApproval,
        "a blocked release supersedes nothing",
    );

    let read = decide(s, &p, request("kill-read", "files.read", json!({"path": "/var/log"})), t0 + 31).await;
    expect(&read, Verdict::Permit, ReasonCode::Observe, "tier 0 under the kill switch");
    let t1 = decide(s, &p, request("kill-t1", "calendar.create", json!({"title": "standup"})), t0 + 32).await;
    expect(&t1, Verdict::Defer, ReasonCode::KillSwitch, "tier 1 under the kill switch");
    let t2 = decide(s, &p, email("kill-t2"), t0 + 33).await;
    expect(&t2, Verdict::Defer, ReasonCode::KillSwitch, "tier 2 under the kill switch");
    assert_eq!((t1.tier, t2.tier), (3, 3), "acting tiers collapse to 3");

    // The same for an execution that names its approval explicitly under a new request id.
    let second = decide(s, &p, payment("kill-2", 510), t0).await;
    let id2 = second.approval_id.unwrap();
    approve(s, id2, "bob", None, t0 + 10).await;
    let mut exec = payment("kill-2-exec", 510);
    exec.approval_id = Some(id2);
    let blocked2 = decide(s, &p, exec.clone(), t0 + 34).await;
    expect(&blocked2, Verdict::Deny, ReasonCode::KillSwitch, "an explicit approved execution under the kill switch");
    assert_eq!(stored_approval(s, id2, t0 + 34).await.status, ApprovalStatus::Approved, "kept");

    assert!(s.set_kill_switch(false, "admin", t0 + 40).await.unwrap(), "releasing the kill switch changes it");
    assert!(!s.kill_switch().await.unwrap(), "released");
    let permit = decide(s, &p, r.clone(), t0 + 50).await;
    expect(&permit, Verdict::Permit, ReasonCode::Approved, "the approved payment after the kill switch is released");
    assert_eq!(permit.supersedes, Some(deferred.decision_id), "the release supersedes the deferral");
    assert_eq!(stored_approval(s, id, t0 + 50).await.consumed_by, Some(permit.decision_id), "consumed now");
    let permit2 = decide(s, &p, exec, t0 + 51).await;
    expect(&permit2, Verdict::Permit, ReasonCode::Approved, "the explicit execution re-sent after the release");
    assert_eq!(permit2.supersedes, Some(blocked2.decision_id), "it supersedes the blocked attempt");
    assert_eq!(stored_approval(s, id2, t0 + 51).await.consumed_by, Some(permit2.decision_id), "consumed by it");

    let events = events_after(s, start).await;
    let switches: Vec<Option<bool>> = of_kind(&events, EventKind::KillSwitch)
        .iter()
        .map(|e| e.data.get("engaged").and_then(Value::as_bool))
        .collect();
    assert_eq!(switches, vec![Some(true), Some(false)], "each change of the kill switch is journaled once");
}

// ---------------------------------------------------------------------------------------------------------------
// 8. Bounds

/// Out-of-bounds tier-3 requests are denied before a human is asked.
pub async fn bounds_deny_before_any_approval(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let before = approval_count(s, t0).await;
    let cases = [
        (payment("bounds-max", 999_999), ReasonCode::Bounds),
        (payment("bounds-min", 0), ReasonCode::Bounds),
        (
            request("bounds-pattern", "payments.send", json!({"amount_eur": 10, "iban": "not an iban"})),
            ReasonCode::Bounds,
        ),
        (request("bounds-type", "payments.send", json!({"amount_eur": "10", "iban": IBAN})), ReasonCode::WrongType),
        (request("bounds-missing", "payments.send", json!({"amount_eur": 10})), ReasonCode::MissingParam),
        (
            request("bounds-unknown", "payments.send", json!({"amount_eur": 10, "iban": IBAN, "memo": "x"})),
            ReasonCode::UnknownParam,
        ),
    ];
    for (r, code) in cases {
        let what = format!("tier-3 request `{}`", r.request_id);
        let d = decide(s, &p, r, t0).await;
        expect(&d, Verdict::Deny, code, &what);
        assert_eq!(d.approval_id, None, "{what}: no approval");
        expect_status(&d, DecisionStatus::Closed, &what);
    }
    assert_eq!(approval_count(s, t0).await, before, "out-of-bounds requests never reach the approval queue");
    let events = events_after(s, start).await;
    assert!(of_kind(&events, EventKind::ApprovalRequested).is_empty(), "no approval_requested event");
}

// ---------------------------------------------------------------------------------------------------------------
// 9. Dry run

/// A rehearsal reserves nothing.
pub async fn dry_run_leaves_budgets_untouched(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    for (i, amount) in [300, 900].into_iter().enumerate() {
        let mut r = refund(&format!("dry-refund-{i}"), amount);
        r.dry_run = true;
        let d = decide(s, &p, r, t0 + i as i64).await;
        expect(&d, Verdict::DryRun, ReasonCode::DryRun, "dry-run refund");
        assert_eq!(d.would_have, Some(Verdict::Permit), "dry run of {amount}: would_have");
        assert_eq!(budget(&d, BUDGET).consumed, Decimal::ZERO, "a dry run sees nothing reserved");
    }
    for i in 0..3 {
        let d = decide(s, &p, refund(&format!("dry-real-{i}"), 300), t0 + 10 + i).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, &format!("real refund {i} after dry runs"));
        assert_eq!(
            budget(&d, BUDGET).consumed,
            Decimal::from(300 * i),
            "real refund {i}: only real refunds are counted"
        );
    }
    let mut r = refund("dry-refund-over", 300);
    r.dry_run = true;
    let d = decide(s, &p, r, t0 + 20).await;
    expect(&d, Verdict::DryRun, ReasonCode::DryRun, "dry run over budget");
    assert_eq!(d.would_have, Some(Verdict::Defer), "a rehearsal over budget would have been deferred");
    assert!(budget(&d, BUDGET).exceeded, "the rehearsal shows the overrun");
    assert_eq!(d.approval_id, None, "a rehearsal creates no approval");

    for i in 0..2 {
        let mut r = email(&format!("dry-email-{i}"));
        r.dry_run = true;
        expect(&decide(s, &p, r, t0 + 30).await, Verdict::DryRun, ReasonCode::DryRun, "dry-run email");
    }
    for i in 0..3 {
        expect(
            &decide(s, &p, email(&format!("dry-email-real-{i}")), t0 + 31).await,
            Verdict::Permit,
            ReasonCode::WithinPolicy,
            "real email after dry runs",
        );
    }
}

// ---------------------------------------------------------------------------------------------------------------
// 10. Undo

/// An executed tier-1 action can be undone by its compensating action within the window, and only then.
pub async fn undo_within_the_window(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let created = decide(s, &p, request("undo-create", "calendar.create", json!({"title": "standup"})), t0).await;
    expect(&created, Verdict::Permit, ReasonCode::WithinPolicy, "tier-1 action with a compensation");
    assert_eq!(created.tier, 1, "tier 1");
    let executed_at = t0 + 1000;
    report(s, created.decision_id, Outcome::Executed, executed_at).await;

    let undo = |id: &str, action: &str, target: DecisionId| {
        let mut r = request(id, action, json!({"title": "standup"}));
        r.undo_of = Some(target);
        r
    };
    let d =
        decide(s, &p, undo("undo-late", "calendar.delete", created.decision_id), executed_at + 15 * MINUTE + 1).await;
    expect(&d, Verdict::Deny, ReasonCode::UndoWindowClosed, "undo after the window");
    let d =
        decide(s, &p, undo("undo-wrong-action", "calendar.create", created.decision_id), executed_at + MINUTE).await;
    expect(&d, Verdict::Deny, ReasonCode::UndoInvalid, "undo with an action that is not the compensation");
    let ok = decide(s, &p, undo("undo-ok", "calendar.delete", created.decision_id), executed_at + 5 * MINUTE).await;
    expect(&ok, Verdict::Permit, ReasonCode::WithinPolicy, "undo within the 15m window");
    assert_eq!(ok.request.undo_of, Some(created.decision_id), "the undo names its target");
    // An action is undone at most once: a second undo is refused while the first stands…
    let d = decide(s, &p, undo("undo-twice", "calendar.delete", created.decision_id), executed_at + 6 * MINUTE).await;
    expect(&d, Verdict::Deny, ReasonCode::UndoInvalid, "a second undo of the same action");
    assert!(d.reasons[0].message.contains("already undone"), "{:?}", d.reasons);
    // …and allowed again once the first one is reported failed.
    report(s, ok.decision_id, Outcome::Failed, executed_at + 7 * MINUTE).await;
    let d = decide(s, &p, undo("undo-retry", "calendar.delete", created.decision_id), executed_at + 8 * MINUTE).await;
    expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "a retry after the first undo failed");

    let pending = decide(s, &p, request("undo-create-2", "calendar.create", json!({"title": "retro"})), t0).await;
    let d = decide(s, &p, undo("undo-unexecuted", "calendar.delete", pending.decision_id), t0 + MINUTE).await;
    expect(&d, Verdict::Deny, ReasonCode::UndoInvalid, "undo of a decision that was never executed");
    let d = decide(s, &p, undo("undo-missing", "calendar.delete", pending.decision_id + 1_000_000), t0 + MINUTE).await;
    expect(&d, Verdict::Deny, ReasonCode::UndoInvalid, "undo of a decision that does not exist");
    let failed = decide(s, &p, request("undo-create-3", "calendar.create", json!({"title": "demo"})), t0).await;
    report(s, failed.decision_id, Outcome::Failed, t0 + 10).await;
    let d = decide(s, &p, undo("undo-failed", "calendar.delete", failed.decision_id), t0 + MINUTE).await;
    expect(&d, Verdict::Deny, ReasonCode::UndoInvalid, "undo of a failed execution");
}

// ---------------------------------------------------------------------------------------------------------------
// 11. Bad input

/// Oversized or malformed requests are refused (audited), never decided.
pub async fn bad_input_is_refused_and_audited(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let all = DecisionFilter { status: None, limit: Some(10_000), before: None };
    let before: Vec<DecisionId> = s.decisions(all.clone()).await.unwrap().iter().map(|d| d.decision_id).collect();

    let big = request("bad-big", "email.send", json!({"to": "x".repeat(70 * 1024)}));
    let mut empty_id = email("");
    empty_id.request_id = String::new();
    let mut empty_agent = email("bad-agent");
    empty_agent.agent = String::new();
    let bad_name = request("bad-name", "email send!", json!({}));
    // PostgreSQL text cannot hold NUL; every backend must refuse it the same way, audited.
    let mut nul_id = email("bad-nul");
    nul_id.request_id = "bad\0nul".into();
    let mut control_target = email("bad-target");
    control_target.target = Some("acct\u{1b}[2J".into());
    let cases = [
        ("70 KiB of params", big),
        ("an empty request_id", empty_id),
        ("an empty agent", empty_agent),
        ("a malformed action name", bad_name),
        ("a NUL in the request_id", nul_id),
        ("a control character in the target", control_target),
        // 2^53 + 1 would hash like 2^53: the digest could not tell the approved account from another one.
        ("an integer beyond 2^53", request("bad-big-int", "email.send", json!({"to": 9_007_199_254_740_993u64}))),
        // Attack 20 H1: journaled as a double, i64::MAX could not be read back, and no door could start again.
        ("an approval_id beyond 2^53", ActionRequest { approval_id: Some(i64::MAX), ..email("bad-approval-id") }),
        ("an undo_of beyond 2^53", ActionRequest { undo_of: Some((1 << 53) + 1), ..email("bad-undo-of") }),
        // Attack 21 N1: 127 levels passed the HTTP reader (128), were journaled a level deeper, and no door could
        // read the journal back at its next start.
        ("params nested 127 levels deep", request("bad-deep", "email.send", json!({"to": "a", "x": nested(126)}))),
        ("evidence nested 127 levels deep", ActionRequest { evidence: Some(nested(127)), ..email("bad-deep-ev") }),
        (
            "an integer beyond 2^53 in the evidence",
            ActionRequest { evidence: Some(json!({"id": u64::MAX})), ..email("bad-int-ev") },
        ),
    ];
    let mut seqs = Vec::new();
    for (what, r) in cases {
        let result = s.decide(p.clone(), r, t0).await;
        seqs.push(expect_refused(s, result, "bad_request", what).await);
    }

    // Input refused before it was even a request (malformed JSON, an unknown flag…), large and multi-byte.
    let seq = s
        .refuse(AGENT, "bad_json", "expected `,` or `}` at line 1 column 9", json!(["€".repeat(5000)]), t0)
        .await
        .unwrap();
    let e = event_at(s, seq).await;
    assert_eq!(
        (e.kind, data_str(&e, "code"), data_str(&e, "agent")),
        (EventKind::Refused, Some("bad_json"), Some(AGENT)),
        "refuse(): {}",
        e.data
    );
    seqs.push(seq);

    let after: Vec<DecisionId> = s.decisions(all).await.unwrap().iter().map(|d| d.decision_id).collect();
    assert_eq!(after, before, "refused requests never become decisions");
    let events = events_after(s, start).await;
    assert!(of_kind(&events, EventKind::Decided).is_empty(), "no `decided` event for refused input");
    let refused: Vec<u64> = of_kind(&events, EventKind::Refused).iter().map(|e| e.seq).collect();
    assert_eq!(refused, seqs, "one `refused` event per refusal");
    // The refusal did not burn the request id.
    let d = decide(s, &p, email("bad-big"), t0 + 1).await;
    expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "a valid request reusing a refused request's id");
    // A report's detail the journal could not read back is refused, audited; the decision stays unreported.
    let deep = s.report(d.decision_id, Outcome::Executed, json!({"log": nested(127)}), t0 + 2).await;
    expect_refused(s, deep, "bad_request", "a report detail nested 127 levels deep").await;
    let big = s.report(d.decision_id, Outcome::Executed, json!({"bytes": u64::MAX}), t0 + 3).await;
    expect_refused(s, big, "bad_request", "a report detail holding an integer beyond 2^53").await;
    let reported = s.report(d.decision_id, Outcome::Executed, json!({"ok": true}), t0 + 4).await.unwrap();
    assert_eq!(reported.status, DecisionStatus::Executed, "the refused details left the decision to be reported");
    // Every event the refusals wrote reads back, as a door starting on this journal reads it.
    assert_eq!(s.authority_differs_from_replay().await.unwrap(), None);
}

/// `{"a": {"a": … 1 …}}`, `levels` objects deep.
fn nested(levels: usize) -> Value {
    (0..levels).fold(json!(1), |inner, _| json!({ "a": inner }))
}

// ---------------------------------------------------------------------------------------------------------------
// 12. Policy

/// `policy_loaded` is journaled when the policy differs from the last one recorded, and only then.
pub async fn policy_loaded_once_per_distinct_policy(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    assert!(s.record_policy(&p, t0).await.unwrap(), "the first policy is journaled");
    assert!(!s.record_policy(&p, t0 + 1).await.unwrap(), "the same policy again is not");
    let v2 = Policy::from_yaml("conformance-v2.yaml", &format!("{POLICY_YAML}# revision 2\n")).unwrap();
    assert_ne!(v2.sha256, p.sha256, "a changed file has another hash");
    assert!(s.record_policy(&v2, t0 + 2).await.unwrap(), "a changed policy is journaled");
    assert!(!s.record_policy(&v2, t0 + 3).await.unwrap(), "and only once");
    assert!(s.record_policy(&p, t0 + 4).await.unwrap(), "going back to the first policy is a change");
    let events = events_after(s, start).await;
    let loaded: Vec<(Option<&str>, Option<&str>)> = of_kind(&events, EventKind::PolicyLoaded)
        .into_iter()
        .map(|e| (data_str(e, "sha256"), data_str(e, "source")))
        .collect();
    let expected = vec![
        (Some(p.sha256.as_str()), Some("conformance.yaml")),
        (Some(v2.sha256.as_str()), Some("conformance-v2.yaml")),
        (Some(p.sha256.as_str()), Some("conformance.yaml")),
    ];
    assert_eq!(loaded, expected, "policy_loaded events (sha256, source)");
}

/// `Store::newest_policy_loaded` (what `serve`'s policy-reload follower asks every second, ADR-691) names the newest
/// `policy_loaded` after the seq it is given, among any other events, and the seq it read to; none past the head.
pub async fn newest_policy_loaded_skips_to_the_newest_in_range(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    // Two revisions of their own: in the shared store of `audit_after_everything` another check recorded `p` last.
    let revision = |n: &str| Policy::from_yaml(&format!("newest-{n}.yaml"), &format!("{POLICY_YAML}# newest {n}\n"));
    let (older, newer) = (revision("older").unwrap(), revision("newer").unwrap());
    let start = head_seq(s).await;
    assert!(s.record_policy(&older, t0).await.unwrap(), "the older revision is journaled");
    let d = decide(s, &p, email("between-policies"), t0 + 1).await;
    expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "a decision between two policies");
    let first_head = head_seq(s).await;
    assert!(s.record_policy(&newer, t0 + 2).await.unwrap(), "the newer revision is journaled");
    let d = decide(s, &p, email("after-policies"), t0 + 3).await;
    expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "a decision after both");
    let head = head_seq(s).await;
    let newest = |after: u64| async move { s.newest_policy_loaded(after).await.unwrap() };
    assert_eq!(newest(start).await, (head, Some(newer.sha256.clone())), "both in range: the newer one");
    assert_eq!(newest(first_head).await, (head, Some(newer.sha256.clone())), "only the newer one in range");
    let after_first = events_after(s, first_head).await;
    let newer_seq = of_kind(&after_first, EventKind::PolicyLoaded)[0].seq;
    assert_eq!(newest(newer_seq).await, (head, None), "none after the newer one: a decision's events only");
    assert_eq!(newest(head).await, (head, None), "nothing past the head");
    // The suite's own policy in force again for the checks after this one in a shared store.
    assert!(s.record_policy(&p, t0 + 4).await.unwrap(), "the suite's policy is journaled again");
}

// ---------------------------------------------------------------------------------------------------------------
// 13. Everything in one store

/// Runs every other check in this one store, each in its own epoch, then audits.
///
/// (Returns a boxed future rather than being an `async fn`: its body reads [`CHECKS`], whose type-check needs this
/// future's type, and an opaque type there would be a cycle.)
pub fn audit_after_everything(store: Arc<dyn Store>, t0: i64) -> CheckFuture {
    Box::pin(audit_after_everything_body(store, t0))
}

async fn audit_after_everything_body(store: Arc<dyn Store>, t0: i64) {
    // The journal is verified after every few checks, not after each: a verify reads the whole journal, so one per
    // check made this test quadratic (20-44 s of CI per backend). A break is still named to within the checks run
    // since the last verify; each check alone is verified after it by its own test (`run_check_async`).
    const VERIFY_EVERY: usize = 8;
    let checks: Vec<&Check> = CHECKS.iter().filter(|c| c.name != "audit_after_everything").collect();
    let mut epoch = t0;
    for (i, window) in checks.chunks(VERIFY_EVERY).enumerate() {
        for check in window {
            epoch += EPOCH_SPACING_MS;
            (check.run)(store.clone(), epoch).await;
        }
        let report = store.verify_journal().await.unwrap();
        let names: Vec<&str> = window.iter().map(|c| c.name).collect();
        assert!(
            report.is_ok(),
            "shared store, after checks {}..{} ({names:?}): journal does not verify: {report}",
            i * VERIFY_EVERY,
            i * VERIFY_EVERY + window.len()
        );
    }
    let s = &*store;
    let audit = s.audit().await.unwrap();
    assert!(
        audit.mismatches.is_empty(),
        "after every check in one store, the tables disagree with the journal: {:#?}",
        audit.mismatches
    );
    assert!(audit.events > 0 && audit.decisions > 0, "the audit saw the work: {audit:?}");
    let decisions = s.decisions(DecisionFilter { status: None, limit: Some(10_000), before: None }).await.unwrap();
    assert_eq!(audit.decisions, decisions.len() as u64, "audit counts every decision");
    let intended = decisions.iter().filter(|d| d.status == DecisionStatus::Intended).count() as u64;
    assert_eq!(audit.unconfirmed, intended, "audit.unconfirmed counts the `intended` decisions");
}

// ---------------------------------------------------------------------------------------------------------------
// 14. Concurrency

async fn decide_concurrently(
    store: &Arc<dyn Store>,
    policy: &Arc<Policy>,
    requests: Vec<ActionRequest>,
    now_ms: i64,
) -> Vec<DecisionRecord> {
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|r| {
            let (s, p) = (store.clone(), policy.clone());
            tokio::spawn(async move {
                let id = r.request_id.clone();
                s.decide(p, r, now_ms).await.unwrap_or_else(|e| panic!("concurrent decide `{id}`: {e:?}"))
            })
        })
        .collect();
    let mut out = Vec::with_capacity(tasks.len());
    for t in tasks {
        out.push(t.await.unwrap_or_else(|e| panic!("a concurrent decide task failed: {e}")));
    }
    out
}

/// Concurrent deciders never take more than the limit or the budget, and one request id is decided once.
pub async fn concurrent_decisions_never_overbook(store: Arc<dyn Store>, t0: i64) {
    let p = policy();
    let s = &*store;

    let emails =
        decide_concurrently(&store, &p, (0..200).map(|i| email(&format!("conc-email-{i}"))).collect(), t0).await;
    let permits: Vec<&DecisionRecord> = emails.iter().filter(|d| d.verdict == Verdict::Permit).collect();
    assert_eq!(permits.len(), 3, "200 concurrent requests on `count: 3`: exactly 3 permits");
    let mut consumed: Vec<Decimal> = permits.iter().map(|d| budget(d, COUNT).consumed).collect();
    consumed.sort();
    assert_eq!(consumed, vec![Decimal::ZERO, Decimal::ONE, Decimal::TWO], "each permit saw the ones before it");
    for d in emails.iter().filter(|d| d.verdict != Verdict::Permit) {
        expect(d, Verdict::Defer, ReasonCode::LimitExceeded, "a concurrent request over the limit");
    }

    let refunds =
        decide_concurrently(&store, &p, (0..200).map(|i| refund(&format!("conc-refund-{i}"), 300)).collect(), t0).await;
    let permits: Vec<&DecisionRecord> = refunds.iter().filter(|d| d.verdict == Verdict::Permit).collect();
    assert_eq!(permits.len(), 3, "200 concurrent 300-EUR refunds on a 1000 budget: exactly 3 permits");
    let reserved: Decimal = permits.iter().map(|d| budget(d, BUDGET).requested).sum();
    assert!(reserved <= Decimal::from(1000), "reserved {reserved} on a budget of 1000");
    for d in refunds.iter().filter(|d| d.verdict != Verdict::Permit) {
        expect(d, Verdict::Defer, ReasonCode::BudgetExceeded, "a concurrent refund over the budget");
    }

    // One request id sent 50 times at once: one decision, one reservation.
    let start = head_seq(s).await;
    let same = decide_concurrently(
        &store,
        &p,
        (0..50).map(|_| request("conc-same", "calendar.delete", json!({"title": "x"}))).collect(),
        t0,
    )
    .await;
    assert!(same.iter().all(|d| d == &same[0]), "50 concurrent sends of one request id return one decision");
    let events = events_after(s, start).await;
    assert_eq!(decided_for_request(&events, "conc-same").len(), 1, "one `decided` event for 50 concurrent sends");
    let probe = decide(s, &p, request("conc-same-probe", "calendar.delete", json!({"title": "y"})), t0 + 1).await;
    assert_eq!(budget(&probe, COUNT).consumed, Decimal::ONE, "50 concurrent sends reserved once");

    // An approved request re-sent 20 times at once: released once, the approval consumed once.
    let r = payment("conc-release", 600);
    let deferred = decide(s, &p, r.clone(), t0).await;
    let id = deferred.approval_id.unwrap();
    approve(s, id, "alice", None, t0 + 1).await;
    let start = head_seq(s).await;
    let released = decide_concurrently(&store, &p, (0..20).map(|_| r.clone()).collect(), t0 + 2).await;
    assert!(
        released.iter().all(|d| d == &released[0]),
        "20 concurrent re-sends of an approved request return one decision"
    );
    expect(&released[0], Verdict::Permit, ReasonCode::Approved, "concurrent release");
    let events = events_after(s, start).await;
    assert_eq!(decided_for_request(&events, "conc-release").len(), 1, "one release for 20 concurrent re-sends");

    // Two approvers answering a one-approver approval at once: one of them decides it.
    let d = decide(s, &p, payment("conc-vote", 700), t0).await;
    let id = d.approval_id.unwrap();
    let votes: Vec<_> = ["alice", "bob"]
        .into_iter()
        .map(|who| {
            let s = store.clone();
            tokio::spawn(async move { s.approve(id, who, None, t0 + 1).await })
        })
        .collect();
    let mut ok = 0;
    for v in votes {
        match v.await.unwrap() {
            Ok(outcome) => {
                assert_eq!(outcome.approval.status, ApprovalStatus::Approved, "the winning vote approves");
                ok += 1;
            }
            Err(StoreError::Refused { code, .. }) => {
                assert_eq!(code, "approval_not_pending", "the losing vote is refused as not pending")
            }
            Err(e) => panic!("concurrent approve: {e:?}"),
        }
    }
    assert_eq!(ok, 1, "exactly one of two concurrent approvers completes a one-approver approval");
}

// ---------------------------------------------------------------------------------------------------------------
// Credentials (a separate capability: run by backends that implement `Credentials`)

/// Tokens, console sessions and one-time sign-in codes behave alike on every backend that implements
/// [`crate::Credentials`]: names are unique and never reused, only live principals authenticate, revoking ends the
/// principal's sessions, sessions and codes expire strictly at their time, a code works once, and creating and
/// revoking a credential are journaled (without the secret) while sessions and codes are not. `store` must be
/// empty; the journal must verify and audit afterwards.
pub async fn credentials_round_trip<S: Store + crate::Credentials>(store: &S, t0: i64) {
    use crate::Principal;
    use foureyes_core::Role;
    let fail = |what: &str, e: StoreError| -> ! { panic!("credentials: {what}: {e:?}") };
    assert!(store.principals().await.unwrap().is_empty(), "credentials: the store must start empty");

    // Create: the role and TOTP secret come back with the principal; names order bytewise (`Zed` before `alice`).
    let creds = [
        ("alice", Role::Approver, "hash-alice", Some("JBSWY3DPEHPK3PXP")),
        ("bob", Role::Agent, "hash-bob", None),
        ("Zed", Role::Admin, "hash-zed", None),
    ];
    for (i, (name, role, hash, totp)) in creds.iter().enumerate() {
        let at = t0 + i as i64;
        store.create_token(name, *role, hash, *totp, at).await.unwrap_or_else(|e| fail("create_token", e));
    }
    let alice = store.principal_by_token("hash-alice").await.unwrap().expect("alice authenticates by her token");
    assert_eq!(
        alice,
        Principal {
            name: "alice".into(),
            role: Role::Approver,
            totp_secret: Some("JBSWY3DPEHPK3PXP".into()),
            created_at_ms: t0,
            revoked_at_ms: None,
            serves: None,
        }
    );
    assert_eq!(store.principal_by_token("hash-bob").await.unwrap().map(|p| p.role), Some(Role::Agent));
    assert_eq!(store.principal_by_token("hash-nobody").await.unwrap(), None, "an unknown token is nobody");
    let names: Vec<String> = store.principals().await.unwrap().into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["Zed", "alice", "bob"], "principals are listed by name, bytewise");

    // A taken name is refused and leaves no trace in the journal.
    let head = store.journal_head().await.unwrap();
    match store.create_token("alice", Role::Admin, "hash-other", None, t0 + 10).await {
        Err(StoreError::InvalidState(m)) => assert!(m.contains("already exists"), "{m}"),
        other => panic!("credentials: a second `alice`: expected InvalidState, got {other:?}"),
    }
    assert_eq!(store.journal_head().await.unwrap(), head, "a refused create_token appends nothing");
    assert_eq!(store.principal_by_token("hash-other").await.unwrap(), None);
    // F551: a name that is the same identity under ADR-470's fold is taken too (`Mallory` beside the agent
    // `mallory` approved mallory's change, attack 12 H1).
    for spelling in ["ALICE", "Alice", " alice", "\u{FF41}lice", "zed"] {
        match store.create_token(spelling, Role::Approver, "hash-other", None, t0 + 10).await {
            Err(StoreError::InvalidState(m)) => assert!(m.contains("already exists"), "{m}"),
            other => panic!(
                "credentials: `{}` beside `alice` and `Zed`: expected InvalidState, got {other:?}",
                spelling.escape_debug()
            ),
        }
    }
    assert_eq!(store.journal_head().await.unwrap(), head, "a refused create_token appends nothing");

    // Sessions: valid strictly before their expiry, deleted on request.
    let expires = t0 + HOUR;
    store.create_session("session-1", "alice", "csrf-1", expires).await.unwrap_or_else(|e| fail("create_session", e));
    let session = store.session("session-1", expires - 1).await.unwrap().expect("a live session");
    assert_eq!((session.principal.name.as_str(), session.csrf.as_str()), ("alice", "csrf-1"));
    assert_eq!(session.expires_at_ms, expires);
    assert_eq!(store.session("session-1", expires).await.unwrap(), None, "a session ends at its expiry");
    assert_eq!(store.session("session-unknown", t0).await.unwrap(), None);
    store.delete_session("session-1").await.unwrap();
    assert_eq!(store.session("session-1", t0).await.unwrap(), None, "a deleted session is gone");
    store.delete_session("session-1").await.unwrap_or_else(|e| fail("deleting a missing session", e));

    // Sign-in codes: once, and not at or after their expiry.
    store.create_signin_code("code-1", "Zed", t0 + MINUTE).await.unwrap_or_else(|e| fail("create_signin_code", e));
    let redeemed = store.redeem_signin_code("code-1", t0 + 1).await.unwrap().expect("a fresh code signs in");
    assert_eq!((redeemed.name.as_str(), redeemed.role), ("Zed", Role::Admin));
    assert_eq!(store.redeem_signin_code("code-1", t0 + 2).await.unwrap(), None, "a code works once");
    store.create_signin_code("code-2", "Zed", t0 + MINUTE).await.unwrap();
    assert_eq!(store.redeem_signin_code("code-2", t0 + MINUTE).await.unwrap(), None, "a code ends at its expiry");
    assert_eq!(store.redeem_signin_code("code-unknown", t0).await.unwrap(), None);

    // Revoke: the token stops working, the principal's sessions end, its codes sign nobody in, the name stays taken.
    store.create_session("session-bob", "bob", "csrf-bob", expires).await.unwrap();
    store.create_session("session-alice", "alice", "csrf-alice", expires).await.unwrap();
    store.create_signin_code("code-bob", "bob", t0 + MINUTE).await.unwrap();
    assert!(store.revoke_token("bob", t0 + 20).await.unwrap(), "revoking a live credential");
    assert!(!store.revoke_token("bob", t0 + 21).await.unwrap(), "revoking twice changes nothing");
    assert!(!store.revoke_token("nobody", t0 + 21).await.unwrap(), "revoking an unknown name changes nothing");
    assert_eq!(store.principal_by_token("hash-bob").await.unwrap(), None, "a revoked token is nobody");
    assert_eq!(store.session("session-bob", t0 + 22).await.unwrap(), None, "revoking ends the sessions");
    assert!(store.session("session-alice", t0 + 22).await.unwrap().is_some(), "other principals keep theirs");
    // A revoked principal's code signs nobody in, and says why (ADR-1222): refused `credential_revoked`, journaled.
    match store.redeem_signin_code("code-bob", t0 + 22).await {
        Err(StoreError::Refused { code, .. }) => assert_eq!(code, crate::ops::CREDENTIAL_REVOKED),
        other => panic!("credentials: a revoked principal's sign-in code: {other:?}"),
    }
    let bob = store.principals().await.unwrap().into_iter().find(|p| p.name == "bob").expect("bob is still listed");
    assert_eq!(bob.revoked_at_ms, Some(t0 + 20));
    match store.create_token("bob", Role::Agent, "hash-bob-2", None, t0 + 30).await {
        Err(StoreError::InvalidState(m)) => assert!(m.contains("already exists"), "{m}"),
        other => panic!("credentials: reusing a revoked name: expected InvalidState, got {other:?}"),
    }

    // The journal: exactly the three creations (each binding its token by a hash of its hash, and alice's TOTP secret
    // by a hash of it: ADR-1160) and the one revocation, never a secret (sessions and codes are journaled by bindings too, not listed here).
    let events: Vec<_> = store
        .journal(0, 1000)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind != EventKind::Credential || matches!(e.data["action"].as_str(), Some("created" | "revoked")))
        .filter(|e| !(e.kind == EventKind::Refused && e.data["input"]["via"] == "sign-in link"))
        .collect();
    let data: Vec<Value> = events.iter().map(|e| e.data.clone()).collect();
    assert!(events.iter().all(|e| e.kind == EventKind::Credential), "{events:#?}");
    assert_eq!(
        data,
        [
            json!({"action": "created", "name": "alice", "role": "approver", "step_up": true,
                   "token_binding": foureyes_core::event::token_binding("hash-alice"),
                   "totp_binding": foureyes_core::event::totp_binding("JBSWY3DPEHPK3PXP")}),
            json!({"action": "created", "name": "bob", "role": "agent", "step_up": false,
                   "token_binding": foureyes_core::event::token_binding("hash-bob")}),
            json!({"action": "created", "name": "Zed", "role": "admin", "step_up": false,
                   "token_binding": foureyes_core::event::token_binding("hash-zed")}),
            json!({"action": "revoked", "name": "bob"}),
        ]
    );
    assert_eq!(events.iter().map(|e| e.ts_ms).collect::<Vec<_>>(), [t0, t0 + 1, t0 + 2, t0 + 20]);
    assert_consistent(store, "credentials").await;
}

/// Executor credentials (run by each backend on a fresh store, like [`credentials_round_trip`]): one serves one live
/// agent, named in the credential; `executors_of` lists the live ones (revoking one drops it); creating one for a
/// name that is not a live agent, under a taken name, or through `create_token` (which cannot name the agent) is
/// refused and appends nothing.
pub async fn executor_credentials_serve_one_agent<S: Store + crate::Credentials>(store: &S, t0: i64) {
    use crate::Principal;
    use foureyes_core::Role;
    let fail = |what: &str, e: StoreError| -> ! { panic!("executors: {what}: {e:?}") };
    for (name, role) in [("bot", Role::Agent), ("other", Role::Agent), ("alice", Role::Approver)] {
        store.create_token(name, role, &format!("hash-{name}"), None, t0).await.unwrap_or_else(|e| fail(name, e));
    }
    assert!(store.executors_of("bot").await.unwrap().is_empty(), "no executor yet");
    let head = store.journal_head().await.unwrap();
    store.create_executor("bailiff", "bot", "hash-bailiff", t0 + 1).await.unwrap_or_else(|e| fail("create", e));
    assert_eq!(
        store.principal_by_token("hash-bailiff").await.unwrap(),
        Some(Principal {
            name: "bailiff".into(),
            role: Role::Executor,
            totp_secret: None,
            created_at_ms: t0 + 1,
            revoked_at_ms: None,
            serves: Some("bot".into()),
        }),
        "an executor authenticates with the agent it serves"
    );
    let created = event_at(store, head + 1).await;
    assert_eq!(
        (created.kind, created.data.clone()),
        (
            EventKind::Credential,
            json!({"action": "created", "name": "bailiff", "role": "executor", "serves": "bot", "step_up": false,
                   "token_binding": foureyes_core::event::token_binding("hash-bailiff")})
        )
    );
    assert_eq!(store.principal_by_token("hash-bot").await.unwrap().and_then(|p| p.serves), None, "agents serve no one");
    store.create_executor("bailiff-2", "bot", "hash-bailiff-2", t0 + 2).await.unwrap_or_else(|e| fail("second", e));
    assert_eq!(store.executors_of("bot").await.unwrap(), ["bailiff", "bailiff-2"]);
    assert!(store.executors_of("other").await.unwrap().is_empty(), "an executor serves one agent only");
    assert!(store.executors_of("bailiff").await.unwrap().is_empty(), "an executor is not an agent");

    // Refused, appending nothing: a taken name, an agent that is not a live agent credential, no agent at all.
    let head = store.journal_head().await.unwrap();
    let refusals = [
        ("bot", "other", "already exists"),
        ("x", "alice", "no live agent credential named `alice`"),
        ("x", "ghost", "no live agent credential named `ghost`"),
        ("x", "bailiff", "no live agent credential named `bailiff`"),
    ];
    for (name, serves, expected) in refusals {
        match store.create_executor(name, serves, "hash-x", t0 + 3).await {
            Err(StoreError::InvalidState(m)) => assert!(m.contains(expected), "{name} for {serves}: {m}"),
            other => panic!("executors: `{name}` serving `{serves}`: expected InvalidState, got {other:?}"),
        }
    }
    match store.create_token("y", Role::Executor, "hash-y", None, t0 + 3).await {
        Err(StoreError::InvalidState(m)) => assert!(m.contains("--for"), "{m}"),
        other => panic!("executors: create_token with role executor: expected InvalidState, got {other:?}"),
    }
    assert_eq!(store.journal_head().await.unwrap(), head, "a refused executor appends nothing");
    assert_eq!(store.principal_by_token("hash-x").await.unwrap(), None);

    // Revoking drops an executor from the list; once none is live the agent has no executor again.
    assert!(store.revoke_token("bailiff", t0 + 4).await.unwrap());
    assert_eq!(store.executors_of("bot").await.unwrap(), ["bailiff-2"]);
    assert!(store.revoke_token("bailiff-2", t0 + 5).await.unwrap());
    assert!(store.executors_of("bot").await.unwrap().is_empty(), "revoked executors serve no one");
    // A revoked agent gets no new executor.
    assert!(store.revoke_token("other", t0 + 6).await.unwrap());
    match store.create_executor("late", "other", "hash-late", t0 + 7).await {
        Err(StoreError::InvalidState(m)) => assert!(m.contains("no live agent"), "{m}"),
        other => panic!("executors: serving a revoked agent: expected InvalidState, got {other:?}"),
    }
    assert_consistent(store, "executors").await;
}

// ---------------------------------------------------------------------------------------------------------------
// 15. Session trust

/// [`session_policy_yaml`], parsed.
pub fn session_policy() -> Arc<Policy> {
    Arc::new(
        Policy::from_yaml("conformance-sessions.yaml", &session_policy_yaml())
            .unwrap_or_else(|e| panic!("the conformance session policy does not load: {e}")),
    )
}

fn in_session(mut r: ActionRequest, session: &str) -> ActionRequest {
    r.session = Some(session.to_string());
    r
}

fn calendar(id: &str, session: &str, title: &str) -> ActionRequest {
    in_session(request(id, "calendar.create", json!({"title": title})), session)
}

/// An undo of a decision that does not exist: denied (`undo_invalid`) without being a bounds violation.
fn bad_undo(id: &str, session: &str) -> ActionRequest {
    let mut r = in_session(request(id, "calendar.delete", json!({"title": "x"})), session);
    r.undo_of = Some(987_654_321);
    r
}

fn demoted_events<'a>(events: &'a [Event], session: Option<&str>) -> Vec<&'a Event> {
    let session = session.map_or(Value::Null, |s| json!(s));
    events
        .iter()
        .filter(|e| e.kind == EventKind::SessionDemoted && e.data.get("session").unwrap_or(&Value::Null) == &session)
        .collect()
}

/// Each signal demotes exactly its session, in the transaction that observed it, journaled with its reason, signal
/// and `until`; a demoted session's tier 1–2 actions are deferred (`session_demoted`) while tier 0, tier 3 and other
/// sessions are unchanged; the cooling period ends it at `until` exactly (journaled `session_restored`,
/// `cause: expired`); an admin restores early (journaled with who and why; an empty why is refused and journaled).
pub async fn session_trust_demotes_cools_and_restores(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, session_policy());
    let cooling = 30 * MINUTE;

    // Bounds violation: the trigger, and the demotion journaled right after the decision that observed it.
    let ok = decide(s, &p, calendar("st-a-1", "st-a", "standup"), t0).await;
    expect(&ok, Verdict::Permit, ReasonCode::WithinPolicy, "tier 1 before any signal");
    let start = head_seq(s).await;
    let long = "x".repeat(101);
    let trigger = decide(s, &p, calendar("st-a-2", "st-a", &long), t0 + 1).await;
    expect(&trigger, Verdict::Deny, ReasonCode::Bounds, "the trigger");
    let events = events_after(s, start).await;
    let kinds: Vec<&str> = events.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(
        kinds,
        ["decided", "session_demoted"],
        "the trigger's transaction journals the decision, then the demotion"
    );
    let demoted = &events[1];
    assert_eq!(data_str(demoted, "agent"), Some(AGENT));
    assert_eq!(data_str(demoted, "session"), Some("st-a"));
    assert_eq!(data_str(demoted, "signal"), Some("bounds_violation"));
    assert_eq!(data_i64(demoted, "decision_id"), Some(trigger.decision_id));
    assert_eq!(data_i64(demoted, "until_ms"), Some(t0 + 1 + cooling), "until = the trigger's time + cooling period");
    assert!(data_str(demoted, "reason").is_some_and(|r| !r.is_empty()));
    let demotion_id = data_i64(demoted, "demotion_id").unwrap();
    let listed = s.demotions(true, t0 + 2).await.unwrap();
    assert_eq!(listed.len(), 1, "one active demotion: {listed:?}");
    let d = &listed[0];
    assert_eq!((d.demotion_id, d.agent.as_str(), d.session.as_deref()), (demotion_id, AGENT, Some("st-a")));
    assert_eq!((d.status, d.until_ms, d.decision_id), (DemotionStatus::Active, t0 + 1 + cooling, trigger.decision_id));

    // The demotion: tier 1 and 2 defer with a typed reason; tier 0, tier 3, other sessions and dry runs as said.
    let held = decide(s, &p, calendar("st-a-3", "st-a", "standup"), t0 + 2).await;
    expect(&held, Verdict::Defer, ReasonCode::SessionDemoted, "tier 1 in the demoted session");
    assert!(held.approval_id.is_some() && held.tier == 3, "a human is asked");
    let held2 = decide(s, &p, in_session(email("st-a-4"), "st-a"), t0 + 3).await;
    expect(&held2, Verdict::Defer, ReasonCode::SessionDemoted, "tier 2 in the demoted session");
    let read = decide(s, &p, in_session(request("st-a-5", "files.read", json!({"path": "/a"})), "st-a"), t0 + 4).await;
    expect(&read, Verdict::Permit, ReasonCode::Observe, "tier 0 in the demoted session");
    let pay = decide(s, &p, in_session(payment("st-a-6", 10), "st-a"), t0 + 5).await;
    expect(&pay, Verdict::Defer, ReasonCode::ApprovalRequired, "tier 3 in the demoted session");
    assert!(!pay.reasons.iter().any(|r| r.code == ReasonCode::SessionDemoted), "tier 3 unchanged: {:?}", codes(&pay));
    let other = decide(s, &p, calendar("st-b-1", "st-b", "standup"), t0 + 6).await;
    expect(&other, Verdict::Permit, ReasonCode::WithinPolicy, "another session of the same agent");
    let mut rehearsal = calendar("st-a-7", "st-a", "standup");
    rehearsal.dry_run = true;
    let dry = decide(s, &p, rehearsal, t0 + 7).await;
    expect(&dry, Verdict::DryRun, ReasonCode::SessionDemoted, "a dry run in the demoted session");
    assert_eq!(dry.would_have, Some(Verdict::Defer), "the dry run says it would be deferred");
    let before = head_seq(s).await;
    let again = decide(s, &p, calendar("st-a-8", "st-a", &long), t0 + 8).await;
    expect(&again, Verdict::Deny, ReasonCode::Bounds, "a second violation while demoted");
    assert!(demoted_events(&events_after(s, before).await, Some("st-a")).is_empty(), "no second demotion");

    // The cooling period: held until `until` − 1, free at `until`, and the end is journaled by that write.
    let until = t0 + 1 + cooling;
    let last = decide(s, &p, calendar("st-a-9", "st-a", "standup"), until - 1).await;
    expect(&last, Verdict::Defer, ReasonCode::SessionDemoted, "one millisecond before the cooling period ends");
    let before = head_seq(s).await;
    let free = decide(s, &p, calendar("st-a-10", "st-a", "standup"), until).await;
    expect(&free, Verdict::Permit, ReasonCode::WithinPolicy, "at the end of the cooling period");
    let events = events_after(s, before).await;
    let kinds: Vec<&str> = events.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(kinds, ["session_restored", "decided"], "the expiry is journaled by the write that found it");
    assert_eq!(data_str(&events[0], "cause"), Some("expired"));
    assert_eq!(
        (data_i64(&events[0], "demotion_id"), data_i64(&events[0], "until_ms")),
        (Some(demotion_id), Some(until))
    );
    let all = s.demotions(false, until).await.unwrap();
    let d = all.iter().find(|d| d.demotion_id == demotion_id).unwrap();
    assert_eq!((d.status, d.ended_at_ms), (DemotionStatus::Expired, Some(until)));
    assert!(s.demotions(true, until).await.unwrap().is_empty(), "nothing active after the cooling period");

    // A listed flag demotes and holds the very request that carried it; the admin restores early.
    let mut flagged = calendar("st-c-1", "st-c", "standup");
    flagged.flags = vec!["prompt_injection".into()];
    let held = decide(s, &p, flagged.clone(), t0 + 10).await;
    expect(&held, Verdict::Defer, ReasonCode::SessionDemoted, "the flagged request itself");
    let before = head_seq(s).await;
    let same = decide(s, &p, flagged.clone(), t0 + 11).await;
    assert_eq!(same, held, "the flagged request re-sent: the first answer");
    assert!(events_after(s, before).await.is_empty(), "an idempotent re-send journals nothing");
    let mut unflagged = flagged.clone();
    unflagged.flags.clear();
    match s.decide(p.clone(), unflagged, t0 + 12).await {
        Err(StoreError::Conflict { .. }) => {}
        other => panic!("one request id with other flags: expected Conflict, got {other:?}"),
    }
    // The same request id from another (healthy) session is another request too, not a replay of the demoted
    // session's verdict (nor, the other way round, a way for a demoted session to pick up a healthy one's permit).
    let mut elsewhere = flagged.clone();
    elsewhere.session = Some("st-c-other".into());
    match s.decide(p.clone(), elsewhere, t0 + 12).await {
        Err(StoreError::Conflict { .. }) => {}
        other => panic!("one request id from another session: expected Conflict, got {other:?}"),
    }
    let id = demoted_events(&events_after(s, start).await, Some("st-c"))
        .first()
        .and_then(|e| data_i64(e, "demotion_id"))
        .expect("the flag journaled a demotion");
    let empty = s.restore_session(AGENT, Some("st-c"), "root", "  ", t0 + 13).await;
    expect_refused(s, empty, "bad_request", "a restore without a reason").await;
    let before = head_seq(s).await;
    let restored =
        s.restore_session(AGENT, Some("st-c"), "root", "false positive: quoted a phishing mail", t0 + 14).await;
    let restored = restored.unwrap_or_else(|e| panic!("restore: {e:?}"));
    assert_eq!((restored.demotion_id, restored.status), (id, DemotionStatus::Restored));
    assert_eq!((restored.ended_by.as_deref(), restored.ended_at_ms), (Some("root"), Some(t0 + 14)));
    let events = events_after(s, before).await;
    assert_eq!(events.len(), 1, "one event for the restore: {events:#?}");
    assert_eq!(events[0].kind, EventKind::SessionRestored);
    assert_eq!((data_str(&events[0], "cause"), data_str(&events[0], "by")), (Some("admin"), Some("root")));
    assert_eq!(data_str(&events[0], "why"), Some("false positive: quoted a phishing mail"));
    let free = decide(s, &p, calendar("st-c-2", "st-c", "standup"), t0 + 15).await;
    expect(&free, Verdict::Permit, ReasonCode::WithinPolicy, "restored: autonomy is back at once");
    match s.restore_session(AGENT, Some("st-c"), "root", "again", t0 + 16).await {
        Err(StoreError::NotFound(_)) => {}
        other => panic!("restoring a session that is not demoted: expected NotFound, got {other:?}"),
    }

    // Denials: the 3rd within the hour demotes, not the 2nd; denials outside the window do not add up.
    let d1 = decide(s, &p, bad_undo("st-d-1", "st-d"), t0 + 20).await;
    expect(&d1, Verdict::Deny, ReasonCode::UndoInvalid, "denial 1");
    decide(s, &p, bad_undo("st-d-2", "st-d"), t0 + 21).await;
    let before = head_seq(s).await;
    decide(s, &p, bad_undo("st-d-3", "st-d"), t0 + 22).await;
    let demotions = demoted_events(&events_after(s, before).await, Some("st-d")).len();
    assert_eq!(demotions, 1, "the 3rd denial within the hour demotes");
    let e = demoted_events(&events_after(s, before).await, Some("st-d"))[0].clone();
    assert_eq!(data_str(&e, "signal"), Some("denials"));
    decide(s, &p, bad_undo("st-e-1", "st-e"), t0).await;
    decide(s, &p, bad_undo("st-e-2", "st-e"), t0 + 1).await;
    decide(s, &p, bad_undo("st-e-3", "st-e"), t0 + HOUR + 1).await;
    assert!(demoted_events(&events_after(s, start).await, Some("st-e")).is_empty(), "the window is an hour");

    // An unknown action is a probe.
    let probe = decide(s, &p, in_session(request("st-f-1", "shell.exec", json!({})), "st-f"), t0 + 30).await;
    expect(&probe, Verdict::Defer, ReasonCode::DefaultDeny, "the probe");
    let e = demoted_events(&events_after(s, start).await, Some("st-f"))[0].clone();
    assert_eq!(data_str(&e, "signal"), Some("unknown_action"));

    // Without a session id the agent is the session, and its demotion holds every session of the agent.
    let other_agent = "agent-bot-2";
    let mut sessionless = request("st-g-1", "shell.exec", json!({}));
    sessionless.agent = other_agent.into();
    decide(s, &p, sessionless, t0 + 40).await;
    let mut named = calendar("st-g-2", "any-session", "standup");
    named.agent = other_agent.into();
    let held = decide(s, &p, named.clone(), t0 + 41).await;
    expect(&held, Verdict::Defer, ReasonCode::SessionDemoted, "a named session of a demoted agent");
    match s.restore_session(other_agent, Some("any-session"), "root", "not this one", t0 + 42).await {
        Err(StoreError::NotFound(_)) => {}
        other => panic!("restoring a session of an agent-wide demotion: expected NotFound, got {other:?}"),
    }
    s.restore_session(other_agent, None, "root", "probe was a typo", t0 + 43).await.unwrap();
    named.request_id = "st-g-3".into();
    let free = decide(s, &p, named, t0 + 44).await;
    expect(&free, Verdict::Permit, ReasonCode::WithinPolicy, "the agent restored");
}

/// The demotion commits in the transaction that observed its signal, so no decide that commits after it lets a
/// tier-1 action of that session through: rounds of a trigger raced against tier-1 requests of the same session,
/// checked by journal order. And concurrent denials start exactly one demotion.
pub async fn session_demotion_commits_before_any_later_decide(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, session_policy());
    let start = head_seq(s).await;
    for round in 0..12 {
        let session = format!("race-{round}");
        let now = t0 + round * MINUTE;
        let mut requests = vec![calendar(&format!("race-{round}-trigger"), &session, &"x".repeat(101))];
        requests.extend((0..6).map(|i| calendar(&format!("race-{round}-{i}"), &session, "standup")));
        // The trigger in the middle of the batch, so tier-1 requests are queued on both sides of it.
        requests.swap(0, 3);
        decide_concurrently(&store, &p, requests, now).await;
    }
    let events = events_after(s, start).await;
    for round in 0..12 {
        let session = format!("race-{round}");
        let demoted = demoted_events(&events, Some(&session));
        assert_eq!(demoted.len(), 1, "round {round}: exactly one demotion");
        let demoted_seq = demoted[0].seq;
        for e in events.iter().filter(|e| {
            e.kind == EventKind::Decided
                && e.data.get("request").and_then(|r| r.get("session")).and_then(Value::as_str) == Some(&session)
                && e.data.get("request").and_then(|r| r.get("action")).and_then(Value::as_str)
                    == Some("calendar.create")
                && e.data.get("verdict").and_then(Value::as_str) == Some("permit")
        }) {
            assert!(
                e.seq < demoted_seq,
                "round {round}: a tier-1 permit (seq {}) committed after the demotion (seq {demoted_seq})",
                e.seq
            );
        }
        let after: Vec<&Event> = events
            .iter()
            .filter(|e| {
                e.seq > demoted_seq
                    && e.kind == EventKind::Decided
                    && e.data.get("request").and_then(|r| r.get("session")).and_then(Value::as_str) == Some(&session)
            })
            .collect();
        for e in after {
            let codes: Vec<&str> =
                e.data["reasons"].as_array().unwrap().iter().filter_map(|r| r["code"].as_str()).collect();
            assert!(
                e.data["verdict"] == "defer" && codes.contains(&"session_demoted"),
                "round {round}: after the demotion, a tier-1 request is deferred as demoted: {}",
                e.data
            );
        }
    }

    // Ten denials at once on `count: 3`: each sees the ones committed before it; one demotion, by the third.
    let before = head_seq(s).await;
    decide_concurrently(&store, &p, (0..10).map(|i| bad_undo(&format!("race-deny-{i}"), "race-deny")).collect(), t0)
        .await;
    let events = events_after(s, before).await;
    let demoted = demoted_events(&events, Some("race-deny"));
    assert_eq!(demoted.len(), 1, "ten concurrent denials, one demotion");
    let denials_before =
        decided_for_request_prefix(&events, "race-deny-").into_iter().filter(|e| e.seq < demoted[0].seq).count();
    assert_eq!(denials_before, 3, "the demotion follows the third denial");
}

fn decided_for_request_prefix<'a>(events: &'a [Event], prefix: &str) -> Vec<&'a Event> {
    events
        .iter()
        .filter(|e| {
            e.kind == EventKind::Decided
                && e.data
                    .get("request")
                    .and_then(|r| r.get("request_id"))
                    .and_then(Value::as_str)
                    .is_some_and(|id| id.starts_with(prefix))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------------------
// 16. Replayed or fresh

/// `decide_or_replay` as a check: the answer, or a panic naming the request.
async fn decide_flagged(
    store: &dyn Store,
    policy: &Arc<Policy>,
    request: ActionRequest,
    now_ms: i64,
) -> crate::Decided {
    let what = format!("decide_or_replay `{}` ({}) at {now_ms}", request.request_id, request.action);
    store
        .decide_or_replay(policy.clone(), request, now_ms)
        .await
        .unwrap_or_else(|e| panic!("{what}: unexpected error {e:?}"))
}

/// A caller can tell whether its call made the decision: `replayed` is false for a first request and for the
/// release of an answered deferral, true for every idempotent retry, whose decision is the stored one unchanged
/// (nothing new is journaled for it, so the replay stays audit-exact).
pub async fn replays_are_told_apart_from_fresh_decisions(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;

    let r = email("replay-1");
    let first = decide_flagged(s, &p, r.clone(), t0).await;
    assert!(!first.replayed, "the first request makes its decision: replayed must be false");
    let head = head_seq(s).await;
    for i in 1..4 {
        let again = decide_flagged(s, &p, r.clone(), t0 + i * 1000).await;
        assert!(again.replayed, "retry {i} of `replay-1` returns the stored decision: replayed must be true");
        assert_eq!(again.decision, first.decision, "retry {i}: the replayed decision is the stored one, unchanged");
    }
    assert_eq!(head_seq(s).await, head, "a replay journals nothing");
    // `decide` is the same answer without the flag.
    assert_eq!(decide(s, &p, r.clone(), t0 + 5000).await, first.decision, "decide and decide_or_replay agree");

    // A deferral: replayed while pending; the release after the approval is fresh; then replayed again.
    let pay = payment("replay-pay", 300);
    let deferred = decide_flagged(s, &p, pay.clone(), t0 + 10_000).await;
    expect(&deferred.decision, Verdict::Defer, ReasonCode::ApprovalRequired, "payment");
    assert!(!deferred.replayed, "the deferral is made by this call");
    let pending = decide_flagged(s, &p, pay.clone(), t0 + 10_001).await;
    assert!(
        pending.replayed && pending.decision == deferred.decision,
        "re-sent while pending: the same deferral, replayed"
    );
    let id = deferred.decision.approval_id.unwrap();
    approve(s, id, "alice", Some(deferred.decision.digest.as_str()), t0 + 10_002).await;
    let release = decide_flagged(s, &p, pay.clone(), t0 + 10_003).await;
    expect(&release.decision, Verdict::Permit, ReasonCode::Approved, "release");
    assert!(!release.replayed, "the release after approval is a new decision made by this call: not a replay");
    let again = decide_flagged(s, &p, pay.clone(), t0 + 10_004).await;
    assert!(again.replayed, "re-sending after the release returns the release: a replay");
    assert_eq!(again.decision, release.decision, "the replayed release is the stored one");

    // A conflict is still an error, not a replay.
    let mut other = r.clone();
    other.params.insert("to".into(), json!("else@example.com"));
    let result = s.decide_or_replay(p.clone(), other, t0 + 20_000).await;
    assert!(matches!(result, Err(StoreError::Conflict { .. })), "same id, other content: Conflict, got {result:?}");

    let events = events_after(s, start).await;
    assert_eq!(decided_for_request(&events, "replay-1").len(), 1, "four sends of `replay-1`, one `decided` event");
    assert_eq!(decided_for_request(&events, "replay-pay").len(), 2, "one deferral and one release are journaled");
}

// ---------------------------------------------------------------------------------------------------------------
// 17. Withdrawing consent

async fn revoke(store: &dyn Store, id: ApprovalId, by: &str, why: &str, now_ms: i64) -> foureyes_core::ApprovalRecord {
    store.revoke(id, by, why, now_ms).await.unwrap_or_else(|e| panic!("revoke {id} by {by}: unexpected error {e:?}"))
}

/// Only an approved, unused approval can be revoked, by a person with a reason; the revoke is journaled as its own
/// event, and a release of that approval (by re-sending the request or naming the approval) is then denied with
/// `approval_revoked` and consumes nothing.
pub async fn revoke_withdraws_an_approved_unused_approval(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let r = payment("revoke-1", 700);
    let deferred = decide(s, &p, r.clone(), t0).await;
    let id = deferred.approval_id.unwrap();

    // Pending: nothing to withdraw (reject it instead), refused and journaled.
    expect_refused(s, s.revoke(id, "bob", "second thoughts", t0 + 1).await, "approval_not_revocable", "revoke pending")
        .await;
    approve(s, id, "alice", Some(deferred.digest.as_str()), t0 + 2).await;
    // A revoke needs a reason.
    expect_refused(s, s.revoke(id, "bob", "", t0 + 3).await, "bad_request", "revoke without a reason").await;
    expect_refused(s, s.revoke(id, "bob", " \n ", t0 + 3).await, "bad_request", "revoke with a blank reason").await;
    assert_eq!(stored_approval(s, id, t0 + 3).await.status, ApprovalStatus::Approved, "refused revokes change nothing");
    let missing = s.revoke(id + 10_000, "bob", "why", t0 + 3).await;
    assert!(matches!(missing, Err(StoreError::NotFound(_))), "revoking no approval: NotFound, got {missing:?}");

    let before = head_seq(s).await;
    let a = revoke(s, id, "bob", "the IBAN belongs to a scammer", t0 + 4).await;
    assert_eq!(
        (a.status, a.revoked_by.as_deref(), a.revoke_reason.as_deref(), a.decided_by.as_deref()),
        (ApprovalStatus::Revoked, Some("bob"), Some("the IBAN belongs to a scammer"), Some("alice")),
        "revoked: who withdrew it and why, and who had approved it"
    );
    assert_eq!(stored_approval(s, id, t0 + 5).await, a, "the revoked approval is stored as returned");
    let events = events_after(s, before).await;
    let revoked = of_kind(&events, EventKind::Revoked);
    assert_eq!(revoked.len(), 1, "one `revoked` event: {events:?}");
    assert_eq!(
        (data_i64(revoked[0], "approval_id"), data_i64(revoked[0], "decision_id"), data_str(revoked[0], "by")),
        (Some(id), Some(deferred.decision_id), Some("bob")),
        "the revoked event: {}",
        revoked[0].data
    );
    assert_eq!(data_str(revoked[0], "why"), Some("the IBAN belongs to a scammer"), "the reason is journaled");

    // The release is refused with its own reason code, and consumes nothing.
    let release = decide(s, &p, r.clone(), t0 + 10).await;
    expect(&release, Verdict::Deny, ReasonCode::ApprovalRevoked, "re-sending after the revoke");
    assert!(release.reasons.iter().any(|x| x.message.contains("bob")), "the reason names who withdrew it");
    let mut named = payment("revoke-1-named", 700);
    named.approval_id = Some(id);
    expect(&decide(s, &p, named, t0 + 11).await, Verdict::Deny, ReasonCode::ApprovalRevoked, "naming the approval");
    let a = stored_approval(s, id, t0 + 12).await;
    assert_eq!((a.status, a.consumed_by), (ApprovalStatus::Revoked, None), "a revoked approval is never consumed");
    expect_refused(s, s.revoke(id, "carol", "again", t0 + 13).await, "approval_not_revocable", "revoke twice").await;

    // Used: it already ran, so it cannot be revoked (an executed action is undone instead).
    let used = decide(s, &p, payment("revoke-2", 710), t0 + 20).await;
    let used_id = used.approval_id.unwrap();
    approve(s, used_id, "alice", None, t0 + 21).await;
    let permit = decide(s, &p, payment("revoke-2", 710), t0 + 22).await;
    expect(&permit, Verdict::Permit, ReasonCode::Approved, "release of the second payment");
    expect_refused(s, s.revoke(used_id, "bob", "too late", t0 + 23).await, "approval_not_revocable", "revoke used")
        .await;
    assert_eq!(stored_approval(s, used_id, t0 + 23).await.status, ApprovalStatus::Consumed, "still consumed");

    // Rejected, and expired: nothing can run on them, nothing to revoke.
    let rejected = decide(s, &p, payment("revoke-3", 720), t0 + 30).await;
    let rejected_id = rejected.approval_id.unwrap();
    s.reject(rejected_id, "alice", Some("no"), None, t0 + 31).await.unwrap();
    expect_refused(s, s.revoke(rejected_id, "bob", "x", t0 + 32).await, "approval_not_revocable", "revoke rejected")
        .await;
    let stale = decide(s, &p, payment("revoke-4", 730), t0 + 40).await;
    let stale_id = stale.approval_id.unwrap();
    approve(s, stale_id, "alice", None, t0 + 41).await;
    expect_refused(s, s.revoke(stale_id, "bob", "x", t0 + 40 + HOUR).await, "approval_not_revocable", "revoke expired")
        .await;
    assert_eq!(stored_approval(s, stale_id, t0 + 40 + HOUR).await.status, ApprovalStatus::Expired, "expired");

    let events = events_after(s, start).await;
    assert_eq!(of_kind(&events, EventKind::Revoked).len(), 1, "exactly one revoke succeeded in this check");
}

/// A revoke and a release of the same approved approval, racing: exactly one wins. Either the release permits
/// (consuming the approval) and the revoke is refused, or the revoke succeeds and the release is denied
/// `approval_revoked`; never a permit *and* a successful revoke.
pub async fn revoke_and_release_racing_never_both_win(store: Arc<dyn Store>, t0: i64) {
    let p = policy();
    let (mut revokes_won, mut releases_won) = (0, 0);
    for round in 0..24_i64 {
        let at = t0 + round * 100;
        let r = payment(&format!("race-{round}"), 100 + round);
        let deferred = decide(&*store, &p, r.clone(), at).await;
        let id = deferred.approval_id.unwrap();
        approve(&*store, id, "alice", None, at + 1).await;
        let (s1, s2, p2) = (store.clone(), store.clone(), p.clone());
        // Alternate who is spawned first, so neither side always has the head start.
        let release = async move { s1.decide(p2, r, at + 2).await };
        let withdraw = async move { s2.revoke(id, "bob", "stop it", at + 2).await };
        let (released, revoked) = if round % 2 == 0 {
            let (a, b) = (tokio::spawn(release), tokio::spawn(withdraw));
            (a.await.unwrap(), b.await.unwrap())
        } else {
            let (b, a) = (tokio::spawn(withdraw), tokio::spawn(release));
            (a.await.unwrap(), b.await.unwrap())
        };
        let released = released.unwrap_or_else(|e| panic!("round {round}: the release failed: {e:?}"));
        let approval = stored_approval(&*store, id, at + 3).await;
        match revoked {
            Ok(_) => {
                revokes_won += 1;
                expect(&released, Verdict::Deny, ReasonCode::ApprovalRevoked, &format!("round {round}: revoke won"));
                assert_eq!(approval.status, ApprovalStatus::Revoked, "round {round}: the revoke won");
            }
            Err(StoreError::Refused { code, .. }) if code == "approval_not_revocable" => {
                releases_won += 1;
                expect(&released, Verdict::Permit, ReasonCode::Approved, &format!("round {round}: release won"));
                assert_eq!(
                    (approval.status, approval.consumed_by),
                    (ApprovalStatus::Consumed, Some(released.decision_id)),
                    "round {round}: the release won"
                );
            }
            Err(e) => panic!("round {round}: the revoke failed other than by losing the race: {e:?}"),
        }
    }
    assert_eq!(revokes_won + releases_won, 24, "every round had exactly one winner");
}

// ---------------------------------------------------------------------------------------------------------------
// Reports by an executor

/// `report_by` is `report` plus its reporter: the same transitions and releases, and the journal event names who
/// reported (`reported_by`); a plain `report` names nobody (its events keep their shape). A refused `report_by`
/// (a deny reported executed) changes nothing and is journaled like a refused `report`.
pub async fn report_by_names_the_reporter(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let a = decide(s, &p, email("by-a"), t0).await;
    let b = decide(s, &p, email("by-b"), t0).await;
    let c = decide(s, &p, email("by-c"), t0).await;
    for d in [&a, &b, &c] {
        expect(d, Verdict::Permit, ReasonCode::WithinPolicy, "report_by setup");
    }
    let before = head_seq(s).await;
    let detail = json!({"ref": "tx-1"});
    let ra = s
        .report_by(a.decision_id, Outcome::Executed, detail.clone(), "bailiff", t0 + 100)
        .await
        .unwrap_or_else(|e| panic!("report_by executed: {e:?}"));
    expect_status(&ra, DecisionStatus::Executed, "report_by executed");
    assert_eq!(ra.report_detail, Some(detail.clone()), "the detail is kept as sent, without the reporter");
    let e = event_at(s, before + 1).await;
    assert_eq!(e.kind, EventKind::Executed);
    assert_eq!(e.data["reported_by"], "bailiff", "the journal names the reporter: {}", e.data);
    assert_eq!(e.data["detail"], detail);

    // failed through report_by releases like report.
    let rb = s.report_by(b.decision_id, Outcome::Failed, json!({}), "bailiff", t0 + 200).await.unwrap();
    expect_status(&rb, DecisionStatus::Failed, "report_by failed");
    let e = event_at(s, before + 2).await;
    assert_eq!((e.kind, e.data["reported_by"].as_str()), (EventKind::Failed, Some("bailiff")), "{}", e.data);
    assert!(e.data["released"].as_array().is_some_and(|r| !r.is_empty()), "failed releases: {}", e.data);

    // A plain report names nobody.
    report(s, c.decision_id, Outcome::Executed, t0 + 300).await;
    let e = event_at(s, before + 3).await;
    assert!(e.data.get("reported_by").is_none(), "a plain report has no reporter field: {}", e.data);

    // Refused like report: journaled, nothing changes.
    expect_invalid_state(
        s.report_by(a.decision_id, Outcome::Failed, json!({}), "bailiff", t0 + 400).await,
        "report_by executed → failed",
    );
    let refused = event_at(s, before + 4).await;
    assert_eq!((refused.kind, data_str(&refused, "code")), (EventKind::Refused, Some("invalid_report")));
    expect_status(&stored_decision(s, a.decision_id).await, DecisionStatus::Executed, "after a refused report_by");
}

/// Notification claims: of every claim of one (seq, channel), exactly one — the first — is `true`, also when
/// many race; other channels and other seqs are claimed independently; a claim appends nothing to the journal
/// (the audit of [`run_check_async`] ignores the table); bad keys and seqs are refused; and a claim made before
/// `now - NOTIFICATION_CLAIM_RETENTION_MS` is pruned by a later claim (one at the boundary is kept).
pub async fn notification_claims_are_won_once(store: Arc<dyn Store>, t0: i64) {
    use crate::{MAX_CHANNEL_KEY_BYTES, NOTIFICATION_CLAIM_RETENTION_MS, notification_channel_key};
    let s = &*store;
    let claim = |seq: u64, channel: &str, now: i64| {
        let channel = channel.to_string();
        async move {
            s.claim_notification(seq, &channel, now)
                .await
                .unwrap_or_else(|e| panic!("claim_notification({seq}, {channel}, {now}): {e:?}"))
        }
    };
    let before = head_seq(s).await;
    let a = notification_channel_key("https://hooks.example.com/services/T0/B0/a");
    let b = notification_channel_key("https://hooks.example.com/services/T0/B0/b");
    assert_eq!(a.len(), 64, "a channel key is a SHA-256, hex: {a}");
    assert!(!a.contains("hooks.example.com"), "the key does not carry the URL");
    assert!(claim(1, &a, t0).await, "the first claim wins");
    assert!(!claim(1, &a, t0 + 1).await, "a second claim of the same (seq, channel) loses");
    assert!(!claim(1, &a, t0).await, "and so does a third, at any time");
    assert!(claim(1, &b, t0).await, "another channel is claimed on its own");
    assert!(claim(2, &a, t0).await, "another seq is claimed on its own");

    // Many claimers at once (tasks on a multi-threaded runtime; on PostgreSQL, separate connections): one wins.
    let racers: Vec<_> = (0..16)
        .map(|_| {
            let (store, a) = (store.clone(), a.clone());
            tokio::spawn(async move { store.claim_notification(3, &a, t0).await })
        })
        .collect();
    let mut won = 0;
    for r in racers {
        won += usize::from(r.await.unwrap().unwrap_or_else(|e| panic!("a racing claim failed: {e:?}")));
    }
    assert_eq!(won, 1, "sixteen claims of one (seq, channel) racing: exactly one wins");

    // Bad input: refused, and nothing claimed.
    for bad in [String::new(), "k".repeat(MAX_CHANNEL_KEY_BYTES + 1)] {
        match s.claim_notification(4, &bad, t0).await {
            Err(StoreError::InvalidState(m)) => assert!(m.contains("channel key"), "{m}"),
            other => panic!("a channel key of {} bytes: expected InvalidState, got {other:?}", bad.len()),
        }
    }
    assert!(claim(4, &"k".repeat(MAX_CHANNEL_KEY_BYTES), t0).await, "the longest key is accepted");
    assert!(s.claim_notification(u64::MAX, &a, t0).await.is_err(), "a seq beyond i64 is refused, never wrapped");
    assert!(claim(i64::MAX as u64, &a, t0).await, "the largest storable seq is claimed");

    assert_eq!(head_seq(s).await, before, "claims append nothing to the journal");

    // Retention: at exactly `retention` old a claim is kept; one millisecond older, a later claim prunes it (and
    // it can be won again: the notifier never claims events that old, see `foureyes-notify`).
    let kept = t0 + NOTIFICATION_CLAIM_RETENTION_MS;
    assert!(!claim(1, &b, kept).await, "a claim exactly `retention` old is kept");
    assert!(claim(5, &b, kept + 1).await, "this claim prunes the ones made at t0");
    assert!(claim(1, &b, kept + 2).await, "a pruned claim is gone");
    assert!(!claim(5, &b, kept + 3).await, "recent claims are not pruned");
}

// ---------------------------------------------------------------------------------------------------------------
// Single-use TOTP codes (run by each backend on a fresh store, like `credentials_round_trip`)

/// A TOTP time step is accepted once per principal, only ever forward (RFC 6238 §5.2): the same step again, or an
/// earlier one still inside the ±1 window, is refused; principals do not share steps; a revoked or unknown
/// principal accepts nothing; of several requests racing with one code exactly one is accepted. Durable: a
/// second handle on the same database sees the steps the first accepted (`reopen`).
pub async fn totp_steps_are_accepted_once<S, F>(store: Arc<S>, reopen: F, t0: i64)
where
    S: crate::Credentials + 'static,
    F: Fn() -> Arc<dyn crate::Credentials>,
{
    use foureyes_core::Role;
    const SECRET: &str = "JBSWY3DPEHPK3PXP";
    for (i, name) in ["totp-alice", "totp-bob", "totp-gone"].iter().enumerate() {
        store.create_token(name, Role::Approver, &format!("hash-{name}"), Some(SECRET), t0 + i as i64).await.unwrap();
    }
    let accept = |who: &'static str, step: u64| {
        let store = store.clone();
        async move { store.accept_totp_step(who, step).await.unwrap_or_else(|e| panic!("accept {who} {step}: {e:?}")) }
    };
    let step = (t0 as u64 / 1000) / 30;
    assert!(accept("totp-alice", step).await, "a first code is accepted");
    assert!(!accept("totp-alice", step).await, "the same code (same step) again is refused: a replay");
    assert!(!accept("totp-alice", step - 1).await, "an earlier step inside the window is refused after a later one");
    assert!(accept("totp-bob", step).await, "another principal's use of the same step is its own");
    assert!(accept("totp-alice", step + 1).await, "the next step is accepted");
    assert!(!accept("totp-alice", step + 1).await, "and only once");
    assert!(!accept("nobody", step).await, "an unknown principal accepts nothing");
    store.revoke_token("totp-gone", t0 + 10).await.unwrap();
    assert!(!accept("totp-gone", step).await, "a revoked principal accepts nothing");

    // Durable and shared: another handle on the same database refuses what this one accepted.
    let other = reopen();
    assert!(!other.accept_totp_step("totp-alice", step + 1).await.unwrap(), "a second handle sees the used step");
    assert!(other.accept_totp_step("totp-alice", step + 2).await.unwrap(), "and accepts a later one");

    // Racing: eight requests with one code, one wins.
    let racers: Vec<_> = (0..8).map(|_| tokio::spawn(accept("totp-bob", step + 5))).collect();
    let mut won = 0;
    for r in racers {
        won += usize::from(r.await.unwrap());
    }
    assert_eq!(won, 1, "eight requests racing with one code: exactly one is accepted");
}

// ---------------------------------------------------------------------------------------------------------------
// Shared effects (issue 15)

const EFFECTS_YAML: &str = "
version: 1
effects:
  money.out:
    budgets: [ { max: 1000, per: 24h } ]
actions:
  payments.send:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 500 } }
    effects: { money.out: { amount: amount_eur } }
  mcp.bank.send_payment:
    tier: 2
    params: { amount_cents: { type: integer, min: 1, max: 100000 } }
    effects: { money.out: { amount: amount_cents, factor: 0.01 } }
";

/// Two actions with the effect `money.out` fill one budget: what one reserved, the other sees; a failed report
/// gives the effect's share back; and the audit still matches the journal.
pub async fn effect_caps_are_shared_across_actions(store: Arc<dyn Store>, t0: i64) {
    let s = &*store;
    let p = Arc::new(Policy::from_yaml("effects.yaml", EFFECTS_YAML).unwrap_or_else(|e| panic!("{e}")));
    let slot = "effect:money.out/sum:amount@24h@action";
    let send = |id: &str, eur: i64| request(id, "payments.send", json!({ "amount_eur": eur }));
    let bank = |id: &str, cents: i64| request(id, "mcp.bank.send_payment", json!({ "amount_cents": cents }));
    let a = decide(s, &p, send("fx-1", 500), t0).await;
    expect(&a, Verdict::Permit, ReasonCode::WithinPolicy, "first payment");
    let b = decide(s, &p, bank("fx-2", 45_000), t0 + 1).await;
    expect(&b, Verdict::Permit, ReasonCode::WithinPolicy, "bank payment of 450 euros in cents");
    assert_eq!(budget(&b, slot).consumed, Decimal::from(500), "the bank tool sees what payments.send reserved");
    assert_eq!(budget(&b, slot).effect.as_deref(), Some("money.out"), "the budget state names the effect");
    let over = decide(s, &p, send("fx-3", 60), t0 + 2).await;
    expect(&over, Verdict::Defer, ReasonCode::BudgetExceeded, "a third payment past the shared budget");
    assert_eq!(budget(&over, slot).consumed, Decimal::from(950));
    // A failed execution releases its share of the effect too.
    report(s, b.decision_id, Outcome::Failed, t0 + 3).await;
    let again = decide(s, &p, send("fx-4", 60), t0 + 4).await;
    expect(&again, Verdict::Permit, ReasonCode::WithinPolicy, "after the bank payment failed");
    assert_eq!(budget(&again, slot).consumed, Decimal::from(500));
    assert_consistent(s, "after shared effect reservations").await;
}

/// MCP tool pins (`foureyes_core::tool_pin`, ADR-161) are journal events read back in order: a `first_seen` pin
/// never replaces one, an `approved` one does, and a malformed pin is refused and writes nothing. A second
/// first-seen pin of another hash is refused in its transaction and journals nothing (attack 34's note, ADR-404:
/// before, it was journaled, ignored by `current`, and answered 200 as if it held); the same hash again is the pin
/// already there.
pub async fn tool_pins_are_journaled_and_folded(store: Arc<dyn Store>, t0: i64) {
    use foureyes_core::tool_pin::{PinCause, ToolPinned, current};
    let s = &*store;
    let pin = |sha: char, cause: PinCause, by: &str| ToolPinned {
        server: "pay".into(),
        tool: "pay".into(),
        sha256: sha.to_string().repeat(64),
        cause,
        by: by.into(),
        previous: None,
    };
    assert!(s.tool_pins().await.unwrap().is_empty());
    let first = s.pin_tool(&pin('a', PinCause::FirstSeen, "mcp:pay"), t0).await.unwrap();
    match s.pin_tool(&pin('b', PinCause::FirstSeen, "mcp:pay"), t0 + 1).await {
        Err(StoreError::InvalidState(why)) => {
            assert!(why.contains(&"a".repeat(64)) && why.contains("ADR-404"), "{why}")
        }
        other => panic!("a second first-seen pin of another hash was taken: {other:?}"),
    }
    let again = s.pin_tool(&pin('a', PinCause::FirstSeen, "mcp:other-proxy"), t0 + 1).await.unwrap();
    assert_eq!(again, first, "the same hash seen again is the pin already there");
    let bad = ToolPinned { sha256: "not a hash".into(), ..pin('c', PinCause::Approved, "ann") };
    assert!(matches!(s.pin_tool(&bad, t0 + 2).await, Err(StoreError::InvalidState(_))));
    let key = ("pay".to_string(), "pay".to_string());
    assert_eq!(current(&s.tool_pins().await.unwrap())[&key].sha256, "a".repeat(64));
    let approved = ToolPinned { previous: Some("a".repeat(64)), ..pin('c', PinCause::Approved, "ann") };
    s.pin_tool(&approved, t0 + 3).await.unwrap();
    // After a person's pin, a first-seen pin of the old hash is refused too.
    assert!(matches!(
        s.pin_tool(&pin('a', PinCause::FirstSeen, "mcp:pay"), t0 + 4).await,
        Err(StoreError::InvalidState(_))
    ));
    // Attack 39 (ADR-1260): a pin whose name reads like a held pin's (UTS #39 skeletons: `I`/`l`, `m`/`rn`) is
    // refused in its transaction, first seen or approved, so two pins that list alike are never both held. Red
    // before: `Iist`'s pin was journaled beside `list`'s.
    let named = |tool: &str, cause: PinCause| ToolPinned { tool: tool.into(), ..pin('d', cause, "ann") };
    let list = s.pin_tool(&named("list", PinCause::FirstSeen), t0 + 5).await.unwrap();
    for twin in ["Iist", "1ist"] {
        for cause in [PinCause::FirstSeen, PinCause::Approved] {
            match s.pin_tool(&named(twin, cause), t0 + 6).await {
                Err(StoreError::InvalidState(why)) => assert!(why.contains("ADR-1260"), "{why}"),
                other => panic!("`{twin}` was pinned beside `list`: {other:?}"),
            }
        }
    }
    assert!(matches!(
        s.pin_tool(&named("re\u{430}d", PinCause::Approved), t0 + 6).await,
        Err(StoreError::InvalidState(_))
    ));
    let pins = s.tool_pins().await.unwrap();
    assert_eq!(pins.len(), 3);
    assert_eq!(current(&pins)[&key], approved);
    let kinds: Vec<_> = s.journal(first - 1, 10).await.unwrap().into_iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(kinds, ["tool_pinned"; 3], "the refused pins wrote nothing");
    assert_eq!(s.journal(list - 1, 10).await.unwrap().len(), 1, "only `list` was journaled");
    assert_consistent(s, "after tool pins").await;
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting deadlines and new actions (issue 15)

const RECLAIM_YAML: &str = "version: 1
defaults:
  report_within: 5m
effects:
  reclaim.out:
    limits: [ { count: 2, per: 1h } ]
actions:
  reclaim.send:
    tier: 2
    params: { to: { type: string } }
    limits: [ { count: 1, per: 1h } ]
    effects: { reclaim.out: {} }
  reclaim.slow:
    tier: 2
    params: { to: { type: string } }
    limits: [ { count: 1, per: 1h } ]
    report_within: 30m
    effects: { reclaim.out: {} }
";

/// `report_within` (issue 15): an unreported permit past its deadline is released by the next decision that reads
/// one of its keys, in that decision's transaction (a `reservation_expired` event right before its `decided`), its
/// own and its effects' reservations together, once; it becomes `unknown` with a `reservation_expired` reason. A
/// clock stepped back frees nothing early; a late report is recorded and releases or re-takes nothing; a permit
/// reported in time never expires; and the audit replays all of it.
pub async fn an_unreported_permit_is_released_once_past_its_deadline(store: Arc<dyn Store>, t0: i64) {
    let s = &*store;
    let p = Arc::new(Policy::from_yaml("reclaim.yaml", RECLAIM_YAML).unwrap_or_else(|e| panic!("{e}")));
    let send = |id: &str| request(id, "reclaim.send", json!({ "to": "a@example.com" }));
    let slow = |id: &str| request(id, "reclaim.slow", json!({ "to": "a@example.com" }));
    let effect_slot = "effect:reclaim.out/count@1h@action";
    let start = head_seq(s).await;
    let a = decide(s, &p, send("rc-1"), t0).await;
    expect(&a, Verdict::Permit, ReasonCode::WithinPolicy, "the first send");
    let e = decide(s, &p, slow("rc-2"), t0).await;
    expect(&e, Verdict::Permit, ReasonCode::WithinPolicy, "the first slow send");
    let events = events_after(s, start).await;
    let report_by: Vec<Option<i64>> =
        of_kind(&events, EventKind::Decided).iter().map(|e| data_i64(e, "report_by_ms")).collect();
    assert_eq!(report_by, [Some(t0 + 5 * MINUTE), Some(t0 + 30 * MINUTE)], "each permit's deadline, in its event");
    // At the deadline, and with the clock stepped back, nothing is released.
    let held = decide(s, &p, send("rc-3"), t0 + 5 * MINUTE).await;
    expect(&held, Verdict::Defer, ReasonCode::LimitExceeded, "at the deadline itself");
    let back = decide(s, &p, send("rc-4"), t0 + 2 * MINUTE).await;
    expect(&back, Verdict::Defer, ReasonCode::LimitExceeded, "with the clock stepped back");
    let expired_events = |events: &[Event]| of_kind(events, EventKind::ReservationExpired).len();
    assert_eq!(expired_events(&events_after(s, start).await), 0, "nothing expired yet");
    // Past it, the next decision reading the key releases the permit's reservations and decides on what is left.
    let before = head_seq(s).await;
    let c = decide(s, &p, send("rc-5"), t0 + 5 * MINUTE + 1).await;
    expect(&c, Verdict::Permit, ReasonCode::WithinPolicy, "past the first send's deadline");
    assert_eq!(budget(&c, COUNT).consumed, Decimal::ZERO, "the expired permit no longer counts");
    assert_eq!(budget(&c, effect_slot).consumed, Decimal::ONE, "its effect share was released too; the slow one holds");
    let new = events_after(s, before).await;
    let kinds: Vec<EventKind> = new.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [EventKind::ReservationExpired, EventKind::Decided], "released in the deciding transaction");
    assert_eq!(new[0].ts_ms, new[1].ts_ms);
    assert_eq!(data_i64(&new[0], "decision_id"), Some(a.decision_id));
    assert_eq!(new[0].data["released"].as_array().map(Vec::len), Some(2), "its own and its effect's reservation");
    let a_now = stored_decision(s, a.decision_id).await;
    expect_status(&a_now, DecisionStatus::Unknown, "an expired permit");
    assert!(codes(&a_now).contains(&"reservation_expired"), "its record says why: {:?}", codes(&a_now));
    assert_consistent(s, "after a reservation expired").await;
    // Once only: the next decisions find nothing more to release.
    let d = decide(s, &p, send("rc-6"), t0 + 5 * MINUTE + 2).await;
    expect(&d, Verdict::Defer, ReasonCode::LimitExceeded, "the new permit holds the slot");
    assert_eq!(expired_events(&events_after(s, start).await), 1, "released once");
    // A late report is recorded, releases nothing and takes nothing back.
    let late = report(s, a.decision_id, Outcome::Executed, t0 + 6 * MINUTE).await;
    expect_status(&late, DecisionStatus::Executed, "a late report");
    let last = event_at(s, head_seq(s).await).await;
    assert_eq!((last.kind, last.data["released"].as_array().map(Vec::len)), (EventKind::Executed, Some(0)));
    let f = decide(s, &p, send("rc-7"), t0 + 6 * MINUTE + 1).await;
    assert_eq!(budget(&f, COUNT).consumed, Decimal::ONE, "the late report re-took nothing");
    assert_eq!(budget(&f, effect_slot).consumed, Decimal::from(2), "the effect holds the slow send and rc-5");
    // A permit reported in time never expires.
    report(s, c.decision_id, Outcome::Executed, t0 + 7 * MINUTE).await;
    let g = decide(s, &p, send("rc-8"), t0 + 20 * MINUTE).await;
    expect(&g, Verdict::Defer, ReasonCode::LimitExceeded, "a reported permit still holds its slot");
    // The per-action `report_within` (30m) holds the slow send until then; past it, released; a late `failed` report
    // then gives back nothing more.
    let h = decide(s, &p, slow("rc-9"), t0 + 30 * MINUTE).await;
    expect(&h, Verdict::Defer, ReasonCode::LimitExceeded, "the slow send within its own deadline");
    let i = decide(s, &p, slow("rc-10"), t0 + 30 * MINUTE + 1).await;
    expect(&i, Verdict::Permit, ReasonCode::WithinPolicy, "past the slow send's deadline");
    let failed = report(s, e.decision_id, Outcome::Failed, t0 + 31 * MINUTE).await;
    expect_status(&failed, DecisionStatus::Failed, "a late failure report");
    let last = event_at(s, head_seq(s).await).await;
    assert_eq!((last.kind, last.data["released"].as_array().map(Vec::len)), (EventKind::Failed, Some(0)));
    let j = decide(s, &p, slow("rc-11"), t0 + 32 * MINUTE).await;
    expect(&j, Verdict::Defer, ReasonCode::LimitExceeded, "the new slow permit still holds its slot");
    assert_eq!(budget(&j, COUNT).consumed, Decimal::ONE);
    assert_eq!(expired_events(&events_after(s, start).await), 2, "each expired permit was released once");
    assert_consistent(s, "after late reports").await;
}

const NEW_ACTIONS_YAML: &str = "version: 1
defaults:
  new_actions: { dry_run_for: 2d }
actions:
  fresh.look: { tier: 0 }
  fresh.one:
    tier: 2
    params: { n: { type: integer } }
    limits: [ { count: 100, per: 1h } ]
";

/// `defaults.new_actions` (issue 15): an action rehearses for `dry_run_for` from the `policy_loaded` event that
/// first named it (an action no journaled policy named yet rehearses), says so (`new_action`), and goes live
/// after; a reload adding an action starts that action's period only; tier 0 never rehearses.
pub async fn new_actions_rehearse_from_the_policy_that_introduced_them(store: Arc<dyn Store>, t0: i64) {
    let s = &*store;
    let v1 = Arc::new(Policy::from_yaml("fresh.yaml", NEW_ACTIONS_YAML).unwrap_or_else(|e| panic!("{e}")));
    let v2_yaml = format!(
        "{NEW_ACTIONS_YAML}  fresh.two:\n    tier: 2\n    params: {{ n: {{ type: integer }} }}\n    limits: [ {{ count: 100, per: 1h }} ]\n"
    );
    let v2 = Arc::new(Policy::from_yaml("fresh-v2.yaml", &v2_yaml).unwrap_or_else(|e| panic!("{e}")));
    let one = |id: &str| request(id, "fresh.one", json!({ "n": 1 }));
    let two = |id: &str| request(id, "fresh.two", json!({ "n": 2 }));
    let unjournaled = decide(s, &v1, one("na-1"), t0).await;
    expect(&unjournaled, Verdict::DryRun, ReasonCode::NewAction, "an action no journaled policy named yet");
    let start = head_seq(s).await;
    assert!(s.record_policy(&v1, t0 + 1).await.unwrap());
    let loaded = events_after(s, start).await;
    assert_eq!(loaded[0].data["introduced"], json!(["fresh.look", "fresh.one"]), "the event names what it introduces");
    let day1 = decide(s, &v1, one("na-2"), t0 + DAY).await;
    expect(&day1, Verdict::DryRun, ReasonCode::NewAction, "a day after its policy was loaded");
    assert_eq!(day1.would_have, Some(Verdict::Permit));
    assert_eq!(day1.budgets.first().map(|b| b.consumed), Some(Decimal::ZERO), "a rehearsal reserves nothing");
    let look = decide(s, &v1, request("na-3", "fresh.look", json!({})), t0 + DAY).await;
    expect(&look, Verdict::Permit, ReasonCode::Observe, "tier 0 does not rehearse");
    assert!(s.record_policy(&v2, t0 + DAY + 1).await.unwrap());
    let reload = event_at(s, head_seq(s).await).await;
    assert_eq!(reload.data["introduced"], json!(["fresh.two"]), "a reload introduces only what is new");
    let live = decide(s, &v2, one("na-4"), t0 + 2 * DAY + 1).await;
    expect(&live, Verdict::Permit, ReasonCode::WithinPolicy, "past its rehearsal period");
    let new = decide(s, &v2, two("na-5"), t0 + 2 * DAY + 1).await;
    expect(&new, Verdict::DryRun, ReasonCode::NewAction, "the action the reload added");
    let at_end = decide(s, &v2, two("na-6"), t0 + 3 * DAY + 1).await;
    expect(&at_end, Verdict::Permit, ReasonCode::WithinPolicy, "two days after the reload");
    // Going back to the first policy introduces nothing (both of its actions exist already).
    assert!(s.record_policy(&v1, t0 + 3 * DAY + 2).await.unwrap());
    let back = event_at(s, head_seq(s).await).await;
    assert!(back.data.get("introduced").is_none(), "{}", back.data);
    assert_consistent(s, "after new actions").await;
}

// ---------------------------------------------------------------------------------------------------------------
// Listing (issue 19: a long list is read page by page, never cut short unseen)

/// `before` pages a listing newest first without a gap or an overlap, and `decisions_paged` reads past one page.
pub async fn listing_pages_without_gap_or_overlap(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(decide(s, &p, email(&format!("page-{n}")), t0 + n).await.decision_id);
    }
    ids.reverse(); // newest first, as a listing is
    let page = |limit, before| async move {
        let filter = DecisionFilter { status: None, limit: Some(limit), before };
        s.decisions(filter).await.unwrap().iter().map(|d| d.decision_id).collect::<Vec<_>>()
    };
    // Other checks may have decided before this one on the same store (`audit_after_everything`): these five are
    // the newest, and the pages are read from just above the newest of them.
    assert_eq!(page(2, Some(ids[0] + 1)).await, ids[..2], "the first page: the two newest");
    assert_eq!(page(2, Some(ids[1])).await, ids[2..4], "the next page starts before the last id of the first");
    assert_eq!(page(1, Some(ids[3])).await, ids[4..], "and the next");
    let all: Vec<DecisionId> =
        crate::decisions_paged(s, None, None, None).await.unwrap().iter().map(|d| d.decision_id).collect();
    assert!(all.windows(2).all(|w| w[0] > w[1]), "every decision once, newest first: {all:?}");
    assert_eq!(all[..5], ids, "the five newest lead the whole listing");
    let three = crate::decisions_paged(s, None, Some(ids[0]), Some(3)).await.unwrap();
    assert_eq!(three.iter().map(|d| d.decision_id).collect::<Vec<_>>(), ids[1..4], "at most three, before the newest");
}

// ---------------------------------------------------------------------------------------------------------------
// ADR-362: what the authority state keeps of a request id

/// The authority state keeps a fixed-size record of each request id and decision, not its strings (ADR-362): a
/// request id decided long ago, its permit reported since and hundreds of other decisions made after it, still
/// answers its own decision as a replay (status as reported), journals nothing, and takes no second reservation; the
/// same id with other content is still a conflict. Red when the state forgets the request id (the replay is refused
/// as an idempotency row the journal does not back) or the decision (refused as a row the journal does not back).
pub async fn a_request_id_settled_long_ago_still_replays_its_decision(store: Arc<dyn Store>, t0: i64) {
    let (s, p) = (&*store, policy());
    let start = head_seq(s).await;
    let old = email("long-ago-1");
    let first = decide(s, &p, old.clone(), t0).await;
    expect(&first, Verdict::Permit, ReasonCode::WithinPolicy, "the request decided long ago");
    let executed = report(s, first.decision_id, Outcome::Executed, t0 + 1).await;
    for i in 0..300 {
        let later = request(&format!("long-after-{i}"), "files.read", json!({"path": format!("/f/{i}")}));
        decide(s, &p, later, t0 + 2 + i).await;
    }
    let head = head_seq(s).await;
    let again = decide_flagged(s, &p, old.clone(), t0 + 2 * HOUR).await;
    assert!(again.replayed, "the request id decided long ago is replayed, not decided again");
    assert_eq!(again.decision, executed, "the replay answers the first decision as reported");
    assert_eq!(head_seq(s).await, head, "the replay journals nothing");
    let events = events_after(s, start).await;
    assert_eq!(decided_for_request(&events, "long-ago-1").len(), 1, "one `decided` event for the old request id");
    let probe = decide(s, &p, email("long-ago-probe"), t0 + 2 * HOUR).await;
    expect_budget(&probe, COUNT, 3, 0, 2, t0 + 2 * HOUR, "the replay reserved nothing in the new hour");
    let mut other = old.clone();
    other.params.insert("to".into(), json!("someone-else@example.com"));
    let conflict = s.decide(p.clone(), other, t0 + 2 * HOUR + 1).await;
    assert!(
        matches!(conflict, Err(StoreError::Conflict { .. })),
        "the old request id with other content: expected Conflict, got {conflict:?}"
    );
}

/// ADR-376: a door lets go of window entries older than the longest window of its policy (plus an hour); a policy
/// reloaded with a longer window than that is refused on the keys it reaches, naming the ADR, rather than counted
/// from what memory still holds (RED with the check in `load_snapshot` removed: the day's window counted only the
/// 1,030 reservations still in memory, though 2,130 were held within the day against a limit of 2,100).
pub async fn a_window_longer_than_what_the_door_let_go_of_is_refused(store: Arc<dyn Store>, t0: i64) {
    let s = &*store;
    let limit = |per: &str, count: u32| {
        let yaml = format!(
            "version: 1\nactions:\n  ping.send:\n    tier: 2\n    params: {{ n: {{ type: integer }} }}\n    limits: [ {{ count: {count}, per: {per} }} ]\n"
        );
        Arc::new(Policy::from_yaml("window.yaml", &yaml).unwrap_or_else(|e| panic!("window policy: {e}")))
    };
    let (minute, day) = (limit("1m", 1_000_000), limit("1d", 2_100));
    let ping = |i: usize| request(&format!("ping-{i}"), "ping.send", json!({"n": i}));
    for i in 0..1_100 {
        expect(&decide(s, &minute, ping(i), t0 + i as i64).await, Verdict::Permit, ReasonCode::WithinPolicy, "ping");
    }
    // Three hours on, past the minute's window and its hour of slack: a sweep lets the first 1,100 go.
    let later = t0 + 3 * HOUR;
    for i in 1_100..2_130 {
        let d = decide(s, &minute, ping(i), later + i as i64).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "ping, later");
    }
    // A door that let the first 1,100 go refuses; one that still holds them (a store shared with checks whose
    // policies reach a day, so its memory does too) counts all 2,130. Never fewer than were held.
    match s.decide(day.clone(), ping(9_999), later + 5_000).await {
        // Not a storage error (ADR-884, attack 23: a 503 `storage_error` that an agent retries for ever).
        Err(StoreError::InvalidState(why)) => assert!(why.contains("ADR-376"), "names the ADR: {why}"),
        Ok(d) => {
            assert_eq!(budget(&d, "count@1d@action").consumed, Decimal::from(2_130), "{:?}", d.budgets);
            assert_ne!(d.verdict, Verdict::Permit, "2,130 held against 2,100 a day");
        }
        Err(other) => panic!("a day's window over entries let go of: {other:?}"),
    }
}

/// Denies `id` (a `ping.send` out of its bounds) in `session` at `at`; whether its transaction demoted the session.
async fn denied_demotes(s: &dyn Store, p: &Arc<Policy>, id: &str, session: &str, at: i64) -> bool {
    let before = head_seq(s).await;
    let d = decide(s, p, in_session(request(id, "ping.send", json!({"n": 99})), session), at).await;
    expect(&d, Verdict::Deny, ReasonCode::Bounds, id);
    !demoted_events(&events_after(s, before).await, Some(session)).is_empty()
}

/// One denial in each of `count` fresh sessions `{prefix}-{i}`, 1 ms apart from `at`; then that none was demoted.
async fn one_denial_per_session(s: &dyn Store, p: &Arc<Policy>, prefix: &str, count: i64, at: i64) {
    let before = head_seq(s).await;
    for i in 0..count {
        let (id, session) = (format!("{prefix}-{i}"), format!("{prefix}-{i}"));
        let d = decide(s, p, in_session(request(&id, "ping.send", json!({"n": 99})), &session), at + i).await;
        expect(&d, Verdict::Deny, ReasonCode::Bounds, &id);
    }
    let demoted = events_after(s, before).await.into_iter().filter(|e| e.kind == EventKind::SessionDemoted).count();
    assert_eq!(demoted, 0, "one denial in each of {count} sessions `{prefix}-*` demotes none");
}

/// ADR-875: a door lets go of session denials no count can reach any more (older than the rule's `within` plus an
/// hour; before a session's last demotion's end, or before now if that is later, less the hour). After a sweep a
/// demotion still fires at exactly the `count`-th denial within the window, also across the sweep and after an
/// admin's early restore; a rule reloaded to count further back than what was let go of is refused on the sessions
/// it reaches, naming the ADR, or — on a store whose memory still holds them — counted exactly. (RED before, with the
/// cut at the demotion's end rather than before now: the count after the early restore was refused; RED with the
/// check in `session_snapshot` removed: the day's rule counted 0 of session `dn-3`'s two earlier denials.)
pub async fn session_denials_let_go_of_still_demote_exactly(store: Arc<dyn Store>, t0: i64) {
    let s = &*store;
    let trust = |within: &str| {
        let yaml = format!(
            "version: 1\nactions:\n  ping.send:\n    tier: 3\n    params: {{ n: {{ type: integer, max: 10 }} }}\nsession_trust:\n  cooling_period: 3h\n  demote_on:\n    denials: {{ count: 3, within: {within} }}\n"
        );
        Arc::new(Policy::from_yaml("denials.yaml", &yaml).unwrap_or_else(|e| panic!("denials policy: {e}")))
    };
    let (minute, day) = (trust("1m"), trust("1d"));
    // 1,100 sessions with one denial each, ten of them with a second: no session reaches three.
    one_denial_per_session(s, &minute, "dn", 1_100, t0).await;
    for i in 0..3 {
        let demoted = denied_demotes(s, &minute, &format!("dn-{i}-again"), &format!("dn-{i}"), t0 + 1_100 + i).await;
        assert!(!demoted, "dn-{i}: two denials");
    }
    // Three hours on: 1,200 sessions with one denial each; a sweep lets the first hour's go.
    let later = t0 + 3 * HOUR;
    one_denial_per_session(s, &minute, "late", 1_200, later).await;
    // Across the sweep: `late-7`'s first denial was kept; the 3rd within the minute demotes, not the 2nd.
    assert!(!denied_demotes(s, &minute, "late-7-b", "late-7", later + 2_000).await, "late-7: the 2nd");
    assert!(denied_demotes(s, &minute, "late-7-c", "late-7", later + 3_000).await, "late-7: the 3rd demotes");
    // `late-8`'s first denial is outside the minute by then: the 4th demotes, not the 3rd.
    assert!(!denied_demotes(s, &minute, "late-8-b", "late-8", later + 70_000).await, "late-8: the 2nd");
    assert!(!denied_demotes(s, &minute, "late-8-c", "late-8", later + 71_000).await, "late-8: 2 in the minute");
    assert!(denied_demotes(s, &minute, "late-8-d", "late-8", later + 72_000).await, "late-8: 3 in the minute");
    // Another sweep while `late-7` is demoted (until three hours on), then an admin restores it early: its count
    // starts again at the restore, from what memory still holds.
    let mid = later + 73_000;
    one_denial_per_session(s, &minute, "mid", 1_200, mid).await;
    let restored = s.restore_session(AGENT, Some("late-7"), "root", "a false alarm", mid + 2_000).await;
    assert_eq!(restored.unwrap_or_else(|e| panic!("restore late-7: {e:?}")).status, DemotionStatus::Restored);
    assert!(!denied_demotes(s, &minute, "late-7-d", "late-7", mid + 3_000).await, "late-7: 1 since the restore");
    assert!(!denied_demotes(s, &minute, "late-7-e", "late-7", mid + 4_000).await, "late-7: 2 since the restore");
    assert!(denied_demotes(s, &minute, "late-7-f", "late-7", mid + 5_000).await, "late-7: 3 since the restore");
    // A day's rule reaches `dn-3`'s two denials of three hours ago, which a door under the minute's rule let go of.
    let at = mid + 10_000;
    let before = head_seq(s).await;
    match s.decide(day.clone(), in_session(request("dn-3-day", "ping.send", json!({"n": 99})), "dn-3"), at).await {
        // Not a storage error (ADR-884, attack 24's W1: a 503 `storage_error` that an agent retries for ever).
        Err(StoreError::InvalidState(why)) => assert!(why.contains("ADR-875"), "names the ADR: {why}"),
        Ok(d) => {
            expect(&d, Verdict::Deny, ReasonCode::Bounds, "dn-3 under the day's rule");
            let demoted = demoted_events(&events_after(s, before).await, Some("dn-3")).len();
            assert_eq!(demoted, 1, "the 3rd denial within the day demotes: all three counted");
        }
        Err(other) => panic!("a day's count over denials let go of: {other:?}"),
    }
}

const LAPSE_YAML: &str = "version: 1
defaults:
  report_within: 1m
actions:
  lapse.send:
    tier: 2
    params: { n: { type: integer } }
    limits: [ { count: 1000000, per: 1h } ]
";

fn lapse(i: i64) -> ActionRequest {
    request(&format!("lapse-{i}"), "lapse.send", json!({ "n": i }))
}

fn lapse_policy() -> Arc<Policy> {
    Arc::new(Policy::from_yaml("lapse.yaml", LAPSE_YAML).unwrap_or_else(|e| panic!("lapse policy: {e}")))
}

/// Whether the store's doors hold the seal key: its newest event carries a seal (ADR-420).
async fn holds_seal_key(s: &dyn Store) -> bool {
    let head = head_seq(s).await;
    let page = s.journal_sealed(head.saturating_sub(1), 1).await.unwrap_or_default();
    page.into_iter().next().is_some_and(|(_, seal)| seal.is_some())
}

/// Every reservation id released by an event of `events` (`reservation_expired`, and reports), once per release.
fn released_ids(events: &[Event]) -> Vec<i64> {
    events
        .iter()
        .filter_map(|e| e.data.get("released").and_then(Value::as_array))
        .flat_map(|ids| ids.iter().filter_map(Value::as_i64))
        .collect()
}

/// ADR-885 (issue 19): a permit whose reservations expired unreported settles. Under the seal key it leaves the door's
/// memory (its record sealed in its row with the expiry, ADR-740), so the decisions held stay level however many
/// permits agents never report; without the key it stays, as every decision does. A late report, one per expired
/// decision, is journaled once whatever it says and releases nothing; a second identical report journals nothing; a
/// final one is not changed; nothing is released twice; a replay from the journal holds the same (the runner's
/// `assert_consistent`). (RED with the expiry not settling the record: 400 expired permits held in memory.)
pub async fn an_expired_permit_settles_and_a_late_report_counts_once(store: Arc<dyn Store>, t0: i64) {
    const N: i64 = 400;
    let s = &*store;
    let p = lapse_policy();
    let start = head_seq(s).await;
    let held_at_start = s.retained().await.unwrap_or_default();
    // One permit a second, none reported: each decide expires the permit decided 61 s before it.
    let (mut ids, mut peak) = (Vec::new(), 0);
    for i in 0..N {
        let d = decide(s, &p, lapse(i), t0 + i * SECOND).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "a lapse permit");
        ids.push(d.decision_id);
        if let Some(held) = s.retained().await {
            peak = peak.max(held.decisions.saturating_sub(held_at_start.decisions));
        }
    }
    let last = decide(s, &p, lapse(N), t0 + N * SECOND + 2 * MINUTE).await;
    let sealed = holds_seal_key(s).await;
    assert_eq!(budget(&last, COUNT).consumed, Decimal::ZERO, "every earlier permit expired and was released");
    let events = events_after(s, start).await;
    let mut expired: Vec<i64> =
        of_kind(&events, EventKind::ReservationExpired).iter().filter_map(|e| data_i64(e, "decision_id")).collect();
    expired.sort_unstable();
    assert_eq!(expired, ids, "each unreported permit expired once");
    if let Some(held) = s.retained().await {
        if sealed {
            assert!(
                peak <= 70,
                "decisions held grew to {peak} over {N} unreported permits (one a second, 1m deadline)"
            );
            assert_eq!(held.expired, 0, "an expired permit left memory under the seal key: {held:?}");
            assert!(held.decisions <= held_at_start.decisions + 2, "{held:?} against {held_at_start:?}");
        } else {
            assert_eq!(held.expired, held_at_start.expired + N as usize, "a keyless door keeps them: {held:?}");
        }
    }
    // A late report on each: executed, failed, unknown in turn.
    let before_reports = head_seq(s).await;
    let late_at = t0 + N * SECOND + 3 * MINUTE;
    let outcomes = [Outcome::Executed, Outcome::Failed, Outcome::Unknown];
    for (k, id) in ids.iter().enumerate() {
        let outcome = outcomes[k % 3];
        let r = report(s, *id, outcome, late_at + k as i64).await;
        expect_status(&r, DecisionStatus::from_outcome(outcome), "a late report");
    }
    let reports = events_after(s, before_reports).await;
    assert_eq!(reports.len(), ids.len(), "one event per late report, nothing else");
    for (e, id) in reports.iter().zip(&ids) {
        assert_eq!(data_i64(e, "decision_id"), Some(*id), "reported in order");
        assert_eq!(e.data["released"].as_array().map(Vec::len), Some(0), "a late report releases nothing: {e:?}");
    }
    // The same report twice answers the first and journals nothing; a final report is not changed.
    let head = head_seq(s).await;
    for (k, id) in ids.iter().enumerate().take(6) {
        let outcome = outcomes[k % 3];
        let again = report(s, *id, outcome, late_at + 1_000 + k as i64).await;
        expect_status(&again, DecisionStatus::from_outcome(outcome), "the same late report again");
    }
    assert_eq!(head_seq(s).await, head, "a repeated report journals nothing");
    for (id, other) in [(ids[0], Outcome::Failed), (ids[1], Outcome::Executed)] {
        let changed = s.report(id, other, json!({}), late_at + 2_000).await;
        assert!(matches!(changed, Err(StoreError::InvalidState(_))), "decision {id} changed: {changed:?}");
    }
    // A permit reported `unknown` late may still be reported final: journaled, releasing nothing.
    let r = report(s, ids[2], Outcome::Executed, late_at + 3_000).await;
    expect_status(&r, DecisionStatus::Executed, "an unknown permit reported executed");
    let tail = events_after(s, head).await;
    let kinds: Vec<EventKind> = tail.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [EventKind::Refused, EventKind::Refused, EventKind::Executed], "two refusals, that report");
    let all = events_after(s, start).await;
    let mut released = released_ids(&all);
    let count = released.len();
    released.sort_unstable();
    released.dedup();
    assert_eq!((released.len(), count), (ids.len(), ids.len()), "each reservation released once, by its expiry");
    let next = decide(s, &p, lapse(N + 1), late_at + 4_000).await;
    // `last` expired too (its minute passed): nothing counts, so late reports took nothing back.
    assert_eq!(budget(&next, COUNT).consumed, Decimal::ZERO, "late reports took nothing back");
    if let (Some(held), true) = (s.retained().await, sealed) {
        assert_eq!(held.expired, 0, "{held:?}");
        assert!(held.decisions <= held_at_start.decisions + 3, "late reports brought nothing back: {held:?}");
    }
}

/// A statement run on the store's database by the test (a database writer's hand, ADR-740): SQL both SQLite and
/// PostgreSQL read.
pub type Sql<'a> = &'a (dyn Fn(String) -> CheckFuture + Sync);

/// ADR-885 against a database writer, for a store holding the seal key (not in [`CHECKS`]: each backend runs it
/// with its own hand on the rows, and the rows it leaves disagree with the journal on purpose). An expired permit's
/// row set back to `intended`, given another expired decision's seal, or stripped of its seal makes a late report
/// refused `record_altered` (journaled), never released or counted; a row given back its own earlier seal after its
/// late report releases nothing either, and `journal audit` names it; a replay from the journal holds the state.
pub async fn expired_permit_rows_edited_by_hand(store: Arc<dyn Store>, t0: i64, sql: Sql<'_>) {
    let s = &*store;
    let p = lapse_policy();
    let mut ids = Vec::new();
    for i in 0..4 {
        ids.push(decide(s, &p, lapse(i), t0 + i).await.decision_id);
    }
    assert!(holds_seal_key(s).await, "this check is for a store holding the seal key");
    let [a, b, c, d] = ids[..] else { unreachable!() };
    // Two minutes on: the next decide expires the four; two more transactions seal their rows and find them sealed.
    for i in 4..7 {
        decide(s, &p, lapse(i), t0 + 2 * MINUTE + i).await;
    }
    sql("CREATE TABLE lapse_saved AS SELECT id, settled FROM decisions".into()).await;
    let late_at = t0 + 3 * MINUTE;
    let refused = |what: &str, id: DecisionId, r: Result<DecisionRecord, StoreError>| match r {
        Err(StoreError::Refused { code, message, .. }) => {
            assert_eq!(code, "record_altered", "{what}: {message}");
            assert!(message.contains(&format!("decision {id}")), "{what}: names the decision: {message}");
        }
        other => panic!("{what}: a late report on decision {id} was not refused: {other:?}"),
    };
    sql(format!("UPDATE decisions SET status = 'intended' WHERE id = {a}")).await;
    refused("status put back to intended", a, s.report(a, Outcome::Failed, json!({}), late_at).await);
    sql(format!("UPDATE decisions SET settled = (SELECT settled FROM lapse_saved WHERE id = {c}) WHERE id = {b}"))
        .await;
    refused("another expired decision's seal", b, s.report(b, Outcome::Failed, json!({}), late_at + 1).await);
    sql(format!("UPDATE decisions SET settled = NULL WHERE id = {d}")).await;
    refused("the seal cleared", d, s.report(d, Outcome::Failed, json!({}), late_at + 2).await);
    // Put back as the door left it, `a` takes its late report; then its row is given its own earlier seal again.
    sql(format!("UPDATE decisions SET status = 'unknown' WHERE id = {a}")).await;
    expect_status(&report(s, a, Outcome::Executed, late_at + 3).await, DecisionStatus::Executed, "a late report");
    for i in 7..9 {
        decide(s, &p, lapse(i), late_at + 10 + i).await;
    }
    sql(format!(
        "UPDATE decisions SET status = 'unknown', reported_ms = NULL, report_detail = NULL, \
         settled = (SELECT settled FROM lapse_saved WHERE id = {a}) WHERE id = {a}"
    ))
    .await;
    let second = s.report(a, Outcome::Failed, json!({}), late_at + 20).await;
    let events = events_after(s, 0).await;
    let mut released = released_ids(&events);
    let count = released.len();
    released.sort_unstable();
    released.dedup();
    assert_eq!(released.len(), count, "a reservation released twice ({second:?})");
    let next = decide(s, &p, lapse(9), late_at + 30).await;
    // The permits decided 20 and 19 ms before: every other one expired and none was counted again.
    assert_eq!(budget(&next, COUNT).consumed, Decimal::from(2), "the two live permits, nothing taken back");
    let audit = s.audit().await.unwrap_or_else(|e| panic!("audit: {e:?}"));
    let named = |id: DecisionId| audit.differences.iter().any(|x| x.table == "decisions" && x.id == id.to_string());
    assert!(named(a), "journal audit names decision {a}, rolled back: {:#?}", audit.mismatches);
    for (what, id) in [("status put back", a), ("another's seal", b), ("seal cleared", d)] {
        let journaled = events.iter().any(|e| {
            e.kind == EventKind::Refused
                && e.data.to_string().contains("record_altered")
                && e.data.to_string().contains(&format!("\"decision_id\":{id}"))
        });
        assert!(journaled, "{what}: the refusal of decision {id}'s late report is journaled");
    }
    let differs = s.authority_differs_from_replay().await.unwrap_or_else(|e| panic!("replay: {e:?}"));
    assert_eq!(differs, None, "the door's state differs from the journal replayed");
}

const DEFER_YAML: &str = "version: 1
defaults:
  approvals: { required: 1, ttl: 1m }
actions:
  hold.send:
    tier: 3
    params: { n: { type: integer } }
";

fn hold(group: &str, i: i64) -> ActionRequest {
    request(&format!("hold-{group}-{i}"), "hold.send", json!({ "n": i }))
}

fn defer_policy() -> Arc<Policy> {
    Arc::new(Policy::from_yaml("defer.yaml", DEFER_YAML).unwrap_or_else(|e| panic!("defer policy: {e}")))
}

/// ADR-895 (issue 19, attack 24's M1): a deferral whose approval can no longer release it settles. `N` deferrals
/// whose approvals are rejected, `N` whose approvals expire lazily (an approve after the TTL writes the expiry and is
/// refused), `N` nobody answers, swept past their TTL (`expire_approvals`): under the seal key each leaves the door's
/// memory (its record sealed in its row), so the decisions and approvals held come back to where they were; without the
/// key they stay, as every decision does. Then, far past every deferral (past a short request memory, when the store
/// has one: the ids are let go of first, ADR-373), a retry of each request id answers as before: a release, fresh
/// (`replayed: false`), denied for its approval's state, superseding the deferral; the same retry again replays that
/// deny. An approve on each approval is refused `approval_not_pending` as before. The releases' denies settle too, so
/// nothing is held after. A replay from the journal holds the same (the runner's `assert_consistent`). (RED with the
/// approval's answer not settling its deferral: 120 deferrals held in memory; RED without ADR-373's rework: the second
/// retry of a released id let go of is refused `record_altered`.)
pub async fn a_deferral_its_approval_cannot_release_settles(store: Arc<dyn Store>, t0: i64) {
    const N: i64 = 40;
    let s = &*store;
    let p = defer_policy();
    let held_at_start = s.retained().await.unwrap_or_default();
    let mut deferrals: Vec<(&str, DecisionRecord)> = Vec::new();
    let deferred = |d: &DecisionRecord| {
        assert_eq!(d.verdict, Verdict::Defer, "a tier-3 request is deferred: {d:?}");
        d.approval_id.unwrap_or_else(|| panic!("deferral {} carries an approval", d.decision_id))
    };
    // Rejected, one after the other.
    for i in 0..N {
        let d = decide(s, &p, hold("r", i), t0 + i * 10).await;
        let approval = deferred(&d);
        s.reject(approval, "alice", Some("no"), None, t0 + i * 10 + 1)
            .await
            .unwrap_or_else(|e| panic!("reject {approval}: {e:?}"));
        deferrals.push(("r", d));
    }
    // Expired lazily: an approve after the TTL writes the expiry, and is refused.
    let mut lazy = Vec::new();
    for i in 0..N {
        let d = decide(s, &p, hold("e", i), t0 + SECOND + i * 10).await;
        deferred(&d);
        lazy.push(d);
    }
    let after_ttl = t0 + 2 * MINUTE;
    for (k, d) in lazy.iter().enumerate() {
        let approval = deferred(d);
        let r = s.approve(approval, "alice", None, after_ttl + k as i64).await;
        expect_refused(s, r, "approval_not_pending", "an approve past the TTL").await;
        deferrals.push(("e", d.clone()));
    }
    // Nobody answers; swept past the TTL.
    let mut swept = Vec::new();
    for i in 0..N {
        let d = decide(s, &p, hold("u", i), after_ttl + SECOND + i * 10).await;
        deferred(&d);
        swept.push(d);
    }
    let sweep_at = after_ttl + 2 * MINUTE;
    let expired = s.expire_approvals(sweep_at).await.unwrap_or_else(|e| panic!("expire_approvals: {e:?}"));
    for d in &swept {
        let approval = deferred(d);
        assert!(expired.contains(&approval), "the sweep expires unanswered approval {approval}: {expired:?}");
    }
    deferrals.extend(swept.into_iter().map(|d| ("u", d)));
    let sealed = holds_seal_key(s).await;
    // A later write transaction seals what the last ones settled.
    decide(s, &p, hold("x", 0), sweep_at + SECOND).await;
    let filler = 1;
    if let Some(held) = s.retained().await {
        if sealed {
            assert!(
                held.decisions <= held_at_start.decisions + filler + 1,
                "deferrals whose approvals can no longer release them left memory: {held:?} against {held_at_start:?}"
            );
            assert!(held.approvals <= held_at_start.approvals + filler + 1, "{held:?} against {held_at_start:?}");
        } else {
            let every = held_at_start.decisions + 3 * N as usize + filler;
            assert_eq!(held.decisions, every, "a keyless door keeps every decision: {held:?}");
        }
    }
    // Far past every deferral (and any short request memory): a retry of each id, then the same retry again.
    let retry_at = sweep_at + HOUR;
    let mut releases = Vec::new();
    for (k, (group, d)) in deferrals.iter().enumerate() {
        let code = if *group == "r" { ReasonCode::ApprovalRejected } else { ReasonCode::ApprovalExpired };
        let what = format!("a retry of `{}` ({group})", d.request.request_id);
        let first = s
            .decide_or_replay(p.clone(), d.request.clone(), retry_at + 2 * k as i64)
            .await
            .unwrap_or_else(|e| panic!("{what}: {e:?}"));
        assert!(!first.replayed, "{what}: the release of an answered deferral is fresh");
        expect(&first.decision, Verdict::Deny, code, &what);
        assert_eq!(first.decision.supersedes, Some(d.decision_id), "{what}: the release supersedes the deferral");
        let again = s
            .decide_or_replay(p.clone(), d.request.clone(), retry_at + 2 * k as i64 + 1)
            .await
            .unwrap_or_else(|e| panic!("{what}, again: {e:?}"));
        assert!(again.replayed, "{what}, again: the release is replayed");
        assert_eq!(again.decision.decision_id, first.decision.decision_id, "{what}, again: the same release");
        releases.push(first.decision.decision_id);
    }
    // Each deferral reads `superseded`; an approve on its approval is refused as before.
    for (k, (group, d)) in deferrals.iter().enumerate() {
        let now = retry_at + MINUTE + k as i64;
        let read = s.decision_checked(d.decision_id, now).await.unwrap_or_else(|e| panic!("deferral: {e:?}"));
        expect_status(&read.unwrap_or_else(|| panic!("deferral {}", d.decision_id)), DecisionStatus::Superseded, group);
        let approval = d.approval_id.unwrap_or_default();
        let r = s.approve(approval, "bob", None, now).await;
        expect_refused(s, r, "approval_not_pending", &format!("an approve of settled approval {approval}")).await;
    }
    decide(s, &p, hold("x", 1), retry_at + 2 * MINUTE).await;
    if let (Some(held), true) = (s.retained().await, sealed) {
        assert!(held.decisions <= held_at_start.decisions + 2, "the releases settled too: {held:?}");
        if held.forgotten_requests > 0 {
            assert!(held.request_ids <= held_at_start.request_ids + 2, "the ids left after the memory: {held:?}");
        }
    }
    // And once more, with everything settled and sealed (and, with a memory, every id let go of): the same answers.
    for (k, (_, d)) in deferrals.iter().enumerate() {
        let what = format!("a third retry of `{}`", d.request.request_id);
        let third = s
            .decide_or_replay(p.clone(), d.request.clone(), retry_at + 3 * MINUTE + k as i64)
            .await
            .unwrap_or_else(|e| panic!("{what}: {e:?}"));
        assert!(third.replayed, "{what}");
        assert_eq!(third.decision.decision_id, releases[k], "{what}");
    }
}

/// ADR-895 against a database writer, for a store holding the seal key (not in [`CHECKS`], as
/// [`expired_permit_rows_edited_by_hand`]). Deferrals settled by a rejection: one's row given another's settlement
/// seal, one's seal cleared, one's released row set back to `awaiting_approval` (its request id's row pointed back
/// at it), one's approval row set back to `pending` and another's to `approved`. Every retry, approve and read of
/// them is refused `record_altered` (journaled) or releases nothing: no permit is ever made; `journal audit` names
/// the pasted seal (ADR-896: a seal-only edit) and the rolled-back rows; a replay from the journal holds the state.
pub async fn settled_deferral_rows_edited_by_hand(store: Arc<dyn Store>, t0: i64, sql: Sql<'_>) {
    let s = &*store;
    let p = defer_policy();
    let mut ds = Vec::new();
    for i in 0..6 {
        let d = decide(s, &p, hold("h", i), t0 + i * 10).await;
        assert_eq!(d.verdict, Verdict::Defer);
        let approval = d.approval_id.unwrap_or_default();
        s.reject(approval, "alice", None, None, t0 + i * 10 + 1).await.unwrap_or_else(|e| panic!("reject: {e:?}"));
        ds.push(d);
    }
    assert!(holds_seal_key(s).await, "this check is for a store holding the seal key");
    // Two more transactions seal the six rows and find them sealed.
    decide(s, &p, hold("x", 0), t0 + SECOND).await;
    decide(s, &p, hold("x", 1), t0 + 2 * SECOND).await;
    let [a, b, c, d, e, f] = &ds[..] else { unreachable!() };
    // `d` is released (its id now answers a deny) and sealed again, superseded.
    let released = s.decide_or_replay(p.clone(), d.request.clone(), t0 + 3 * SECOND).await.unwrap();
    assert!(!released.replayed && released.decision.verdict == Verdict::Deny, "{released:?}");
    decide(s, &p, hold("x", 2), t0 + 4 * SECOND).await;
    decide(s, &p, hold("x", 3), t0 + 5 * SECOND).await;
    let now = t0 + 10 * SECOND;
    let refused = |what: &str, r: Result<crate::Decided, StoreError>| match r {
        Err(StoreError::Refused { code, message, .. }) => assert_eq!(code, "record_altered", "{what}: {message}"),
        Ok(x) => assert_ne!(x.decision.verdict, Verdict::Permit, "{what}: a permit was made: {x:?}"),
        other => panic!("{what}: {other:?}"),
    };
    let (ida, idb, idc, idd) = (a.decision_id, b.decision_id, c.decision_id, d.decision_id);
    sql(format!("UPDATE decisions SET settled = (SELECT settled FROM decisions WHERE id = {idb}) WHERE id = {ida}"))
        .await;
    refused("another deferral's seal", s.decide_or_replay(p.clone(), a.request.clone(), now).await);
    sql(format!("UPDATE decisions SET settled = NULL WHERE id = {idc}")).await;
    refused("the seal cleared", s.decide_or_replay(p.clone(), c.request.clone(), now + 1).await);
    sql(format!("UPDATE decisions SET status = 'awaiting_approval' WHERE id = {idd}")).await;
    sql(format!("UPDATE idempotency SET decision_id = {idd} WHERE decision_id = {}", released.decision.decision_id))
        .await;
    refused(
        "a released deferral set back to awaiting",
        s.decide_or_replay(p.clone(), d.request.clone(), now + 2).await,
    );
    let read = s.decision_checked(idd, now + 3).await;
    expect_refused(s, read, "record_altered", "a read of the deferral set back").await;
    let (ae, af) = (e.approval_id.unwrap_or_default(), f.approval_id.unwrap_or_default());
    sql(format!("UPDATE approvals SET status = 'pending' WHERE id = {ae}")).await;
    let vote = s.approve(ae, "bob", None, now + 4).await;
    expect_refused(s, vote, "record_altered", "an approve of an approval set back to pending").await;
    sql(format!("UPDATE approvals SET status = 'approved' WHERE id = {af}")).await;
    refused("a retry on an approval set to approved", s.decide_or_replay(p.clone(), f.request.clone(), now + 5).await);
    let events = events_after(s, 0).await;
    let permits = decided_for_request_prefix(&events, "hold-")
        .iter()
        .filter(|e| data_str(e, "verdict") == Some("permit"))
        .count();
    assert_eq!(permits, 0, "no approval released anything");
    let audit = s.audit().await.unwrap_or_else(|x| panic!("audit: {x:?}"));
    let named = |table: &str, id: i64, field: &str| {
        audit
            .differences
            .iter()
            .any(|x| x.table == table && x.id == id.to_string() && x.field.as_deref() == Some(field))
    };
    assert!(named("decisions", ida, "settled"), "journal audit names the pasted seal: {:#?}", audit.mismatches);
    assert!(named("decisions", idd, "status"), "journal audit names the row set back: {:#?}", audit.mismatches);
    assert!(named("approvals", ae, "status"), "journal audit names the approval set back: {:#?}", audit.mismatches);
    let differs = s.authority_differs_from_replay().await.unwrap_or_else(|x| panic!("replay: {x:?}"));
    assert_eq!(differs, None, "the door's state differs from the journal replayed");
}

// ---------------------------------------------------------------------------------------------------------------
// The fingerprint a fresh decision's `decided` event is applied with (issue 14, ADR-980, ADR-1008; run by each
// backend, which restarts between the two halves)

/// ADR-980 on any backend: a fresh decision's `decided` event is applied to the authority state with the fingerprint
/// the deciding transaction wrote to the idempotency row (a backend may keep it with the event instead of hashing the
/// request again); a release (which repoints the row) and a replay keep hashing. Whatever travels, the state the door
/// decides on must be the one the journal replays. Concurrent decides land in batches where the backend has them.
/// Returns the requests decided, for [`every_retry_after_a_restart_is_a_replay`] on a fresh handle.
pub async fn own_decided_events_apply_their_fingerprint(store: Arc<dyn Store>, t0: i64) -> Vec<ActionRequest> {
    let p = policy();
    // Requests whose fingerprints carry every optional part: a session, flags, a dry run, an undo.
    let mut requests = Vec::new();
    for i in 0..24 {
        let mut r = request(&format!("fp-{i}"), "files.read", json!({"path": format!("/{i}")}));
        if i % 2 == 0 {
            r.session = Some(format!("session-{}", i % 3));
        }
        if i % 3 == 0 {
            r.flags = vec!["reviewed".to_string()];
        }
        r.dry_run = i % 5 == 0;
        requests.push(r);
    }
    let created = store.decide(p.clone(), request("fp-created", "calendar.create", json!({"title": "t"})), t0).await;
    let created = created.unwrap_or_else(|e| panic!("create: {e:?}"));
    let mut undo = request("fp-undo", "calendar.delete", json!({"title": "t"}));
    undo.undo_of = Some(created.decision_id);
    requests.push(undo);
    let mut decides = Vec::new();
    for r in requests.clone() {
        let (s, p) = (store.clone(), p.clone());
        decides.push(tokio::spawn(async move { s.decide(p, r, t0 + 1).await }));
    }
    for d in decides {
        d.await.unwrap_or_else(|e| panic!("join: {e:?}")).unwrap_or_else(|e| panic!("decide: {e:?}"));
    }
    // A deferral, its approval, and its release: the release's row is repointed with the deferral's fingerprint.
    let deferred = store.decide(p.clone(), request("fp-defer", "accounts.delete", json!({"account": "a"})), t0 + 2);
    let deferred = deferred.await.unwrap_or_else(|e| panic!("defer: {e:?}"));
    let approval = deferred.approval_id.unwrap_or_else(|| panic!("a deferral has an approval"));
    store.approve(approval, "alice", None, t0 + 3).await.unwrap_or_else(|e| panic!("approve: {e:?}"));
    store.approve(approval, "bob", None, t0 + 4).await.unwrap_or_else(|e| panic!("approve: {e:?}"));
    let released = store.decide(p.clone(), request("fp-defer", "accounts.delete", json!({"account": "a"})), t0 + 5);
    assert_eq!(released.await.unwrap_or_else(|e| panic!("release: {e:?}")).verdict, Verdict::Permit);
    let differs = store.authority_differs_from_replay().await.unwrap_or_else(|e| panic!("replay: {e:?}"));
    assert_eq!(differs, None, "the door's own events, applied");
    assert_consistent(&*store, "after decisions applied with their fingerprints").await;
    requests
}

/// After a restart (`store` a fresh handle on the database [`own_decided_events_apply_their_fingerprint`] wrote), the
/// journal alone says what each request id was asked with: every retry is a replay.
pub async fn every_retry_after_a_restart_is_a_replay(store: Arc<dyn Store>, requests: Vec<ActionRequest>, t0: i64) {
    let p = policy();
    for r in requests {
        let id = r.request_id.clone();
        let again = store.decide_or_replay(p.clone(), r, t0 + 6).await;
        assert!(again.unwrap_or_else(|e| panic!("{id}: {e:?}")).replayed, "{id}: a retry after a restart is a replay");
    }
}

const SWEEP_YAML: &str = "version: 1
defaults:
  report_within: 1m
actions:
  sweep.note:
    tier: 1
    params: { n: { type: integer } }
    compensate: { action: sweep.unnote, window: 15m }
  sweep.unnote:
    tier: 3
    params: { n: { type: integer } }
    approvals: { required: 1, ttl: 1h }
";

/// ADR-995 (issue #19, ADR-974's first part): under `report_within` a permit that reserved nothing (no `limits` or
/// budgets) gets a deadline too, and the door's sweep (`expire_approvals`, run by `serve`'s ticker) expires it past
/// that deadline: `reservation_expired`, releasing nothing, found by "the door's sweep"; its record `unknown`, still
/// listed, and a late report is taken once (ADR-260, ADR-885). Under the seal key N such permits never reported leave
/// memory (main: every one stays an open decision, with its request id, for as long as the door runs).
pub async fn an_unreported_permit_that_reserved_nothing_expires_at_the_sweep(store: Arc<dyn Store>, t0: i64) {
    const N: i64 = 120;
    let s = &*store;
    let p = Arc::new(Policy::from_yaml("sweep.yaml", SWEEP_YAML).unwrap_or_else(|e| panic!("{e}")));
    let note = |i: i64| request(&format!("note-{i}"), "sweep.note", json!({ "n": i }));
    let start = head_seq(s).await;
    let held_at_start = s.retained().await.unwrap_or_default();
    let first = decide(s, &p, note(0), t0).await;
    expect(&first, Verdict::Permit, ReasonCode::WithinPolicy, "a note");
    let events = events_after(s, start).await;
    assert_eq!(data_i64(of_kind(&events, EventKind::Decided)[0], "report_by_ms"), Some(t0 + MINUTE), "its deadline");
    // At the deadline, nothing; past it, the sweep expires it.
    s.expire_approvals(t0 + MINUTE).await.unwrap_or_else(|e| panic!("sweep: {e:?}"));
    let expired_events = |events: &[Event]| of_kind(events, EventKind::ReservationExpired).len();
    assert_eq!(expired_events(&events_after(s, start).await), 0, "at the deadline itself");
    s.expire_approvals(t0 + MINUTE + 1).await.unwrap_or_else(|e| panic!("sweep: {e:?}"));
    let events = events_after(s, start).await;
    let expired = of_kind(&events, EventKind::ReservationExpired);
    assert_eq!(expired.len(), 1, "expired by the sweep");
    assert_eq!(data_i64(expired[0], "decision_id"), Some(first.decision_id));
    assert_eq!(expired[0].data["found_by"], json!("the door's sweep"));
    assert_eq!(expired[0].data["released"], json!([]));
    let now = stored_decision(s, first.decision_id).await;
    expect_status(&now, DecisionStatus::Unknown, "an expired note");
    assert!(codes(&now).contains(&"reservation_expired"), "its record says why: {:?}", codes(&now));
    // Once: the next sweep finds nothing more.
    s.expire_approvals(t0 + 2 * MINUTE).await.unwrap_or_else(|e| panic!("sweep: {e:?}"));
    assert_eq!(expired_events(&events_after(s, start).await), 1, "expired once");
    // A late report is taken.
    let late = report(s, first.decision_id, Outcome::Executed, t0 + 3 * MINUTE).await;
    expect_status(&late, DecisionStatus::Executed, "a late report");
    // N more, one a second, never reported, swept every ten seconds: what the door holds stays level.
    let (t1, mut peak) = (t0 + 10 * MINUTE, 0);
    for i in 1..=N {
        let d = decide(s, &p, note(i), t1 + i * SECOND).await;
        expect(&d, Verdict::Permit, ReasonCode::WithinPolicy, "a note");
        if i % 10 == 0 {
            s.expire_approvals(t1 + i * SECOND).await.unwrap_or_else(|e| panic!("sweep: {e:?}"));
        }
        if let Some(held) = s.retained().await {
            peak = peak.max(held.decisions.saturating_sub(held_at_start.decisions));
        }
    }
    s.expire_approvals(t1 + N * SECOND + 2 * MINUTE).await.unwrap_or_else(|e| panic!("sweep: {e:?}"));
    assert_eq!(expired_events(&events_after(s, start).await), 1 + N as usize, "each unreported note expired once");
    if holds_seal_key(s).await
        && let Some(held) = s.retained().await
    {
        assert!(peak <= 75, "decisions held grew to {peak} over {N} unreported notes (one a second, 1m deadline)");
        assert!(held.decisions <= held_at_start.decisions + 1, "expired notes left memory: {held:?}");
        assert!(held.deadlines <= held_at_start.deadlines, "no deadline of theirs left: {held:?}");
    }
    assert_consistent(s, "after the sweep").await;
}

/// ADR-994 (issue #19, ADR-974's second part): under the seal key a final undo's link to its target leaves the door's
/// memory once the target's settlement seal says "undone by" it; the undo-once check then reads the target's row. A
/// second undo of such a target is still refused as already undone (not as an altered record), after more
/// settlements and with nothing held (main: one link per undo, for ever); a replay holds the same (the runner).
pub async fn a_final_undo_is_read_from_its_targets_seal(store: Arc<dyn Store>, t0: i64) {
    const N: i64 = 40;
    let (s, p) = (&*store, policy());
    let undo = |id: String, target: DecisionId| {
        let mut r = request(&id, "calendar.delete", json!({"title": "standup"}));
        r.undo_of = Some(target);
        r
    };
    let held_at_start = s.retained().await.unwrap_or_default();
    let mut targets = Vec::new();
    for i in 0..N {
        let t = t0 + i * SECOND;
        let created =
            decide(s, &p, request(&format!("fu-c{i}"), "calendar.create", json!({"title": "standup"})), t).await;
        report(s, created.decision_id, Outcome::Executed, t + 10).await;
        let ok = decide(s, &p, undo(format!("fu-u{i}"), created.decision_id), t + 20).await;
        expect(&ok, Verdict::Permit, ReasonCode::WithinPolicy, "the first undo");
        report(s, ok.decision_id, Outcome::Executed, t + 30).await;
        targets.push(created.decision_id);
    }
    // Two more write transactions, past the longest compensation window and its hour of slack (ADR-996): the links
    // whose targets' seals say "undone by" leave.
    let t = t0 + N * SECOND + 2 * HOUR;
    decide(s, &p, request("fu-x1", "calendar.create", json!({"title": "x"})), t).await;
    decide(s, &p, request("fu-x2", "calendar.create", json!({"title": "x"})), t + 1).await;
    if holds_seal_key(s).await
        && let Some(held) = s.retained().await
    {
        assert!(held.undone <= held_at_start.undone + 1, "final undo links held after {N} undos: {held:?}");
    }
    for (i, target) in targets.iter().enumerate() {
        let d = decide(s, &p, undo(format!("fu-again{i}"), *target), t + 2 + i as i64).await;
        expect(&d, Verdict::Deny, ReasonCode::UndoInvalid, "a second undo of a sealed target");
        assert!(d.reasons[0].message.contains("already undone"), "{:?}", d.reasons);
    }
    assert_consistent(s, "after undos read from their targets' seals").await;
}

/// ADR-994 against a database writer, for a store holding the seal key (not in [`CHECKS`], as
/// [`expired_permit_rows_edited_by_hand`]): once a final undo's link left memory, the undo-once check of its target
/// reads the target's row, and a row whose seal was edited (the "undone by" mark stripped inside it), given another
/// target's seal, or stripped of its seal is refused `record_altered` (journaled), never permitted; the undo's own row
/// deleted while the target's seal stands is refused too; put back, a second undo is denied as already undone.
pub async fn undone_target_rows_edited_by_hand(store: Arc<dyn Store>, t0: i64, sql: Sql<'_>) {
    let (s, p) = (&*store, policy());
    let undo = |id: String, target: DecisionId| {
        let mut r = request(&id, "calendar.delete", json!({"title": "standup"}));
        r.undo_of = Some(target);
        r
    };
    let mut pairs = Vec::new();
    for i in 0..2 {
        let t = t0 + i * SECOND;
        let created =
            decide(s, &p, request(&format!("uh-c{i}"), "calendar.create", json!({"title": "standup"})), t).await;
        report(s, created.decision_id, Outcome::Executed, t + 10).await;
        let ok = decide(s, &p, undo(format!("uh-u{i}"), created.decision_id), t + 20).await;
        expect(&ok, Verdict::Permit, ReasonCode::WithinPolicy, "the first undo");
        report(s, ok.decision_id, Outcome::Executed, t + 30).await;
        pairs.push((created.decision_id, ok.decision_id));
    }
    assert!(holds_seal_key(s).await, "this check is for a store holding the seal key");
    let t = t0 + 10 * SECOND + 2 * HOUR;
    decide(s, &p, request("uh-x1", "calendar.create", json!({"title": "x"})), t).await;
    decide(s, &p, request("uh-x2", "calendar.create", json!({"title": "x"})), t + 1).await;
    if let Some(held) = s.retained().await {
        assert!(held.undone <= 1, "the final undos' links left memory for their targets' seals: {held:?}");
    }
    let [(a, ua), (b, _)] = pairs[..] else { unreachable!() };
    sql("CREATE TABLE undone_saved AS SELECT id, settled, undo_of, verdict, status FROM decisions".into()).await;
    let refused = |what: &str, r: Result<DecisionRecord, StoreError>| match r {
        Err(StoreError::Refused { code, message, .. }) => {
            assert_eq!(code, "record_altered", "{what}: {message}");
            assert!(message.contains(&format!("decision {a}")), "{what}: names the target: {message}");
        }
        other => panic!("{what}: a second undo of decision {a} was not refused: {other:?}"),
    };
    let again = |n: i64| s.decide(p.clone(), undo(format!("uh-again{n}"), a), t + 10 + n);
    sql(format!("UPDATE decisions SET settled = replace(settled, '/undone-{ua}', '') WHERE id = {a}")).await;
    refused("the mark stripped inside the seal", again(1).await);
    sql(format!("UPDATE decisions SET settled = (SELECT settled FROM undone_saved WHERE id = {b}) WHERE id = {a}"))
        .await;
    refused("another target's seal", again(2).await);
    sql(format!("UPDATE decisions SET settled = NULL WHERE id = {a}")).await;
    refused("the seal cleared", again(3).await);
    sql(format!("UPDATE decisions SET settled = (SELECT settled FROM undone_saved WHERE id = {a}) WHERE id = {a}"))
        .await;
    sql(format!("UPDATE decisions SET undo_of = NULL WHERE id = {ua}")).await;
    refused("the undo's row unlinked", again(4).await);
    sql(format!("UPDATE decisions SET undo_of = {a} WHERE id = {ua}")).await;
    let d = decide(s, &p, undo("uh-again5".into(), a), t + 20).await;
    expect(&d, Verdict::Deny, ReasonCode::UndoInvalid, "a second undo of a sealed target, its row put back");
    assert!(d.reasons[0].message.contains("already undone"), "{:?}", d.reasons);
    let events = events_after(s, 0).await;
    let journaled =
        events.iter().filter(|e| e.kind == EventKind::Refused && e.data.to_string().contains("record_altered")).count();
    assert!(journaled >= 4, "each refusal is journaled: {journaled}");
    let differs = s.authority_differs_from_replay().await.unwrap_or_else(|e| panic!("replay: {e:?}"));
    assert_eq!(differs, None, "the door's state differs from the journal replayed");
}

/// ADR-994's limit, closed by ADR-996 (not in [`CHECKS`], for a store holding the seal key): the target's row given
/// back its own earlier seal (written when it settled, before its undo) **and** the undo's row unlinked. Returns what
/// a second undo of the target is answered within its compensation window (the link is in memory: refused
/// `record_altered`) and after it (the link left: denied, the window closed).
pub async fn undone_target_rolled_back_to_its_earlier_seal(
    store: Arc<dyn Store>,
    t0: i64,
    sql: Sql<'_>,
) -> (Result<DecisionRecord, StoreError>, Result<DecisionRecord, StoreError>) {
    let (s, p) = (&*store, policy());
    let undo = |id: &str, target: DecisionId| {
        let mut r = request(id, "calendar.delete", json!({"title": "standup"}));
        r.undo_of = Some(target);
        r
    };
    let created = decide(s, &p, request("rb-c", "calendar.create", json!({"title": "standup"})), t0).await;
    report(s, created.decision_id, Outcome::Executed, t0 + 10).await;
    decide(s, &p, request("rb-x1", "calendar.create", json!({"title": "x"})), t0 + 20).await;
    decide(s, &p, request("rb-x2", "calendar.create", json!({"title": "x"})), t0 + 30).await;
    let a = created.decision_id;
    sql(format!("CREATE TABLE rb_saved AS SELECT id, settled FROM decisions WHERE id = {a}")).await;
    let ok = decide(s, &p, undo("rb-u", a), t0 + 40).await;
    report(s, ok.decision_id, Outcome::Executed, t0 + 50).await;
    decide(s, &p, request("rb-x3", "calendar.create", json!({"title": "x"})), t0 + 60).await;
    decide(s, &p, request("rb-x4", "calendar.create", json!({"title": "x"})), t0 + 70).await;
    sql(format!("UPDATE decisions SET settled = (SELECT settled FROM rb_saved WHERE id = {a}) WHERE id = {a}")).await;
    sql(format!("UPDATE decisions SET undo_of = NULL WHERE id = {}", ok.decision_id)).await;
    let within = s.decide(p.clone(), undo("rb-again", a), t0 + 80).await;
    // Past the window and its hour of slack: two write transactions let the link go, then the same rows.
    let later = t0 + 2 * HOUR;
    decide(s, &p, request("rb-x5", "calendar.create", json!({"title": "x"})), later).await;
    decide(s, &p, request("rb-x6", "calendar.create", json!({"title": "x"})), later + 1).await;
    if let Some(held) = s.retained().await {
        assert_eq!(held.undone, 0, "the link left past the undo memory: {held:?}");
    }
    let after = s.decide(p.clone(), undo("rb-again-later", a), later + 2).await;
    (within, after)
}

/// What [`undone_target_rolled_back_under_a_lengthened_window`] leaves for the door that replays it after a restart
/// ([`lengthened_window_after_a_restart`]).
pub struct LengthenedWindow {
    /// The policy with the longer `compensate.window` (1 day for `calendar.create`).
    pub policy: Arc<Policy>,
    /// The target undone once, whose row was given back its earlier seal and whose undo's row was unlinked.
    pub undone: DecisionId,
    /// A target executed as long ago, never undone.
    pub honest: DecisionId,
    /// The time of the attempts (the restarted door decides after it).
    pub at_ms: i64,
}

/// ADR-996's known limit (ADR-1029; not in [`CHECKS`], for a store holding the seal key): the link of a final undo left
/// memory under the 15-minute window, then a policy reloaded with a 1-day window reaches that target again. Its row
/// given back its own earlier seal and the undo's row unlinked, a second undo was permitted. Returns what a second
/// undo of that target, and a first undo of an honest target executed as long ago, are answered by the same door
/// under the longer window (both before the horizon of the links it let go of).
pub async fn undone_target_rolled_back_under_a_lengthened_window(
    store: Arc<dyn Store>,
    t0: i64,
    sql: Sql<'_>,
) -> (Result<DecisionRecord, StoreError>, Result<DecisionRecord, StoreError>, LengthenedWindow) {
    let (s, p) = (&*store, policy());
    let undo = |id: &str, target: DecisionId| {
        let mut r = request(id, "calendar.delete", json!({"title": "standup"}));
        r.undo_of = Some(target);
        r
    };
    let created = decide(s, &p, request("lw-c", "calendar.create", json!({"title": "standup"})), t0).await;
    report(s, created.decision_id, Outcome::Executed, t0 + 10).await;
    let honest = decide(s, &p, request("lw-h", "calendar.create", json!({"title": "standup"})), t0 + 12).await;
    report(s, honest.decision_id, Outcome::Executed, t0 + 14).await;
    decide(s, &p, request("lw-x1", "calendar.create", json!({"title": "x"})), t0 + 20).await;
    decide(s, &p, request("lw-x2", "calendar.create", json!({"title": "x"})), t0 + 30).await;
    let a = created.decision_id;
    sql(format!("CREATE TABLE lw_saved AS SELECT id, settled FROM decisions WHERE id = {a}")).await;
    let ok = decide(s, &p, undo("lw-u", a), t0 + 40).await;
    assert_eq!(ok.verdict, Verdict::Permit, "the first undo: {ok:?}");
    report(s, ok.decision_id, Outcome::Executed, t0 + 50).await;
    decide(s, &p, request("lw-x3", "calendar.create", json!({"title": "x"})), t0 + 60).await;
    decide(s, &p, request("lw-x4", "calendar.create", json!({"title": "x"})), t0 + 70).await;
    // Past the 15-minute window and its hour of slack: two write transactions let the link go.
    let later = t0 + 2 * HOUR;
    decide(s, &p, request("lw-x5", "calendar.create", json!({"title": "x"})), later).await;
    decide(s, &p, request("lw-x6", "calendar.create", json!({"title": "x"})), later + 1).await;
    if let Some(held) = s.retained().await {
        assert_eq!(held.undone, 0, "the link left past the undo memory: {held:?}");
    }
    sql(format!("UPDATE decisions SET settled = (SELECT settled FROM lw_saved WHERE id = {a}) WHERE id = {a}")).await;
    sql(format!("UPDATE decisions SET undo_of = NULL WHERE id = {}", ok.decision_id)).await;
    let yaml =
        POLICY_YAML.replace("{ action: calendar.delete, window: 15m }", "{ action: calendar.delete, window: 1d }");
    assert_ne!(yaml, POLICY_YAML, "the conformance policy names calendar.create's window");
    let long =
        Arc::new(Policy::from_yaml("lengthened.yaml", &yaml).unwrap_or_else(|e| panic!("the lengthened policy: {e}")));
    store.record_policy(&long, later + 2).await.unwrap_or_else(|e| panic!("record the lengthened policy: {e:?}"));
    let at_ms = later + 3;
    let attack = s.decide(long.clone(), undo("lw-again", a), at_ms).await;
    let first = s.decide(long.clone(), undo("lw-honest", honest.decision_id), at_ms).await;
    (attack, first, LengthenedWindow { policy: long, undone: a, honest: honest.decision_id, at_ms })
}

/// The same door restarted (a fresh store on the same database, the journal replayed) after
/// [`undone_target_rolled_back_under_a_lengthened_window`]: the replay holds every link again, so the rolled-back
/// target is refused `record_altered` and the honest target's undo (the same request id) is permitted.
pub async fn lengthened_window_after_a_restart(store: Arc<dyn Store>, before: &LengthenedWindow) {
    let s = &*store;
    let undo = |id: &str, target: DecisionId| {
        let mut r = request(id, "calendar.delete", json!({"title": "standup"}));
        r.undo_of = Some(target);
        r
    };
    let at = before.at_ms + 1_000;
    match s.decide(before.policy.clone(), undo("lw-again-restarted", before.undone), at).await {
        Err(StoreError::Refused { code, .. }) if code == "record_altered" => {}
        other => panic!("after a restart, a second undo of decision {} was not refused: {other:?}", before.undone),
    }
    let d = decide(s, &before.policy, undo("lw-honest", before.honest), at + 1).await;
    assert_eq!(d.verdict, Verdict::Permit, "after a restart, the honest target's first undo: {d:?}");
    let differs = s.authority_differs_from_replay().await.unwrap_or_else(|e| panic!("replay: {e:?}"));
    assert_eq!(differs, None, "the door's state differs from the journal replayed");
}

/// ADR-392 (attack 33, H3/H4): a write made as a credential that was live when its request was authenticated but is
/// no longer live when the write runs — its token revoked, its console session signed out, or the session's
/// credential revoked — is refused (`credential_revoked`, journaled) and decides nothing; a live token's and a live
/// session's writes stand. Each backend's write transaction makes the check (SQLite's in its writer job, PostgreSQL's
/// under the chain-head lock), so a revocation that commits between a request's authentication and its write wins.
pub async fn writes_check_their_credential_is_still_live<S: Store + crate::Credentials + Sized>(store: &S, t0: i64) {
    use crate::{WriteCredential, writes_as};
    use foureyes_core::Role;
    let p = policy();
    let email = |id: &str| request(id, "email.send", serde_json::json!({"to": "ops@example.com"}));
    store.create_token(AGENT, Role::Agent, "hash-bot", None, t0).await.unwrap();
    store.create_token("second-bot", Role::Agent, "hash-second", None, t0).await.unwrap();
    store.create_session("session-live", "second-bot", "csrf-live", t0 + 3_600_000).await.unwrap();
    store.create_session("session-out", "second-bot", "csrf-out", t0 + 3_600_000).await.unwrap();
    store.create_session("session-bot", AGENT, "csrf-bot", t0 + 3_600_000).await.unwrap();
    // Live: they stand.
    let token = WriteCredential::token(AGENT, "hash-bot");
    writes_as(Some(token.clone()), store.decide(p.clone(), email("live-token"), t0 + 1)).await.unwrap();
    let live = WriteCredential::session("second-bot", "session-live");
    writes_as(Some(live), store.decide(p.clone(), email("live-session"), t0 + 1)).await.unwrap();
    // Signed out, then a write of a request authenticated before the sign-out.
    store.delete_session("session-out").await.unwrap();
    let head = store.journal_head().await.unwrap();
    let refused = [
        (WriteCredential::session("second-bot", "session-out"), "signed-out"),
        // A session presented for another name than the one it was opened for.
        (WriteCredential::session(AGENT, "session-live"), "other-name"),
        (WriteCredential::session(AGENT, "session-never"), "never-opened"),
    ];
    for (credential, id) in refused {
        match writes_as(Some(credential), store.decide(p.clone(), email(id), t0 + 2)).await {
            Err(StoreError::Refused { code, .. }) if code == crate::ops::CREDENTIAL_REVOKED => {}
            other => panic!("a write as a session no longer live ({id}): {other:?}"),
        }
    }
    // The token revoked: its writes, by token and by its session, are refused.
    assert!(store.revoke_token(AGENT, t0 + 3).await.unwrap());
    for (credential, id) in
        [(token, "revoked-token"), (WriteCredential::session(AGENT, "session-bot"), "revoked-session")]
    {
        match writes_as(Some(credential), store.decide(p.clone(), email(id), t0 + 4)).await {
            Err(StoreError::Refused { code, .. }) if code == crate::ops::CREDENTIAL_REVOKED => {}
            other => panic!("a write as a revoked credential ({id}): {other:?}"),
        }
    }
    let events = store.journal(head, 100).await.unwrap();
    let refusals = events
        .iter()
        .filter(|e| {
            e.kind == foureyes_core::journal::EventKind::Refused && e.data["code"] == crate::ops::CREDENTIAL_REVOKED
        })
        .count();
    assert_eq!(refusals, 5, "every refusal is journaled: {events:?}");
    let made = store.decisions(crate::DecisionFilter::default()).await.unwrap();
    let ids: Vec<&str> = made.iter().map(|d| d.request.request_id.as_str()).collect();
    assert_eq!(ids.len(), 2, "only the live credentials' writes decided: {ids:?}");
    assert!(ids.contains(&"live-token") && ids.contains(&"live-session"), "{ids:?}");
    assert_consistent(store, "writes refused as no longer live").await;
}

/// This process's resident set in bytes (`VmRSS`), for the memory tests of the audit's replay (ADR-1058, ADR-1092);
/// nextest runs each test in its own process.
#[allow(clippy::unwrap_used)]
pub fn resident_bytes() -> i64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse::<i64>().unwrap() * 1024
}

/// Applies to `replayed` the soak's tier-1 create (decision `id`, its idempotency row and reservation) reported
/// `executed`, its reservation released in the event or not: the event mix the audit's memory tests replay.
#[allow(clippy::unwrap_used)]
pub fn replay_soak_create(replayed: &mut crate::replay::Replayed, id: i64, released: bool) {
    use foureyes_core::event::EventData;
    let decided = json!({"approval_id": null, "budgets": [{"consumed": id.to_string(), "exceeded": false,
        "key": "count@1h@action", "kind": "limit", "limit": "1000000", "per": "1h",
        "remaining": (1_000_000 - id).to_string(), "requested": "1", "resets_at_ms": 1_796_371_869_093_i64}],
        "consumes_approval": false, "decision_id": id,
        "digest": "b13448ef688aaa063d85888a4de7263699bbea7495352be5073596fc7fdd702e",
        "policy_sha256": "9eea4e6507bd080ad2818d74a2cf919e4082a88a985aa49f1c6fd7d269f35e39",
        "reasons": [{"code": "within_policy",
            "message": "'calendar.create' is tier 1 and within bounds and limits (1000000 per 1h)"}],
        "report_by_ms": 1_796_371_989_093_i64,
        "request": {"action": "calendar.create", "agent": "agent", "params": {"title": "t"},
            "request_id": format!("c0-{id}")},
        "reservations": [{"amount": "1", "id": id, "key": "count", "scope": "*"}], "status": "intended",
        "supersedes": null, "tier": 1, "verdict": "permit", "would_have": null});
    let data = EventData::from_journal(EventKind::Decided, &decided).unwrap();
    replayed.apply_data(2 * id as u64, id, &data);
    let released: Vec<i64> = if released { vec![id] } else { vec![] };
    let reported = json!({"decision_id": id, "detail": null, "outcome": "executed", "released": released});
    let data = EventData::from_journal(EventKind::Executed, &reported).unwrap();
    replayed.apply_data(2 * id as u64 + 1, id + 1, &data);
}

// ---------------------------------------------------------------------------------------------------------------
// A sign-in racing a revocation (attack 35's B, ADR-405)

/// A console session is opened only for a name the journal holds live, whatever the sign-in's own lookup saw (not in
/// [`CHECKS`]: it needs [`crate::Credentials`]). The race the attacker won (a sign-in whose token was read live, then
/// revoked before its session was written) is the store's `create_session` called after `revoke_token`: refused as
/// `credential_revoked` and journaled, no session row, no `session_opened` event. RED before: a session was recorded
/// after the `revoked` event.
pub async fn a_session_is_never_opened_for_a_revoked_name<S>(store: Arc<S>, t0: i64)
where
    S: Store + crate::Credentials + 'static,
{
    use foureyes_core::Role;
    let s = &*store;
    s.create_token("ann", Role::Approver, "hash-ann", None, t0).await.unwrap();
    s.create_session("session-ok", "ann", "csrf-ok", t0 + 3_600_000).await.unwrap();
    s.revoke_token("ann", t0 + 1).await.unwrap();
    let head = s.journal(0, 10_000).await.unwrap().last().map(|e| e.seq).unwrap();
    match s.create_session("session-late", "ann", "csrf-late", t0 + 3_600_000).await {
        Err(StoreError::Refused { code, .. }) => assert_eq!(code, crate::ops::CREDENTIAL_REVOKED),
        other => panic!("a session was opened for a revoked name: {other:?}"),
    }
    let after: Vec<_> = s.journal(head, 100).await.unwrap();
    assert!(
        after.iter().all(|e| e.kind.as_str() == "refused"),
        "only the refusal is journaled after the revocation: {:?}",
        after.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>()
    );
    assert!(s.session("session-late", t0 + 2).await.unwrap().is_none(), "the refused session was written");
    assert_consistent(s, "after a sign-in refused for a revoked name").await;
}

// ---------------------------------------------------------------------------------------------------------------
// The step-up columns against a database writer (ADR-1160)

/// ADR-1160 against a database writer's hand on the `tokens` rows of a step-up approver (not in [`CHECKS`]: each
/// backend runs it with its own hand on the rows). The journal speaks for the TOTP secret (its `created` event binds
/// it) and for the last step used (each accepted step is journaled with the row's `UPDATE`): a `totp_last_step`
/// set back by hand is named by the audit and lets no used code be used again; a `totp_secret` written by hand — a
/// writer enrolling their own secret, for an approver enrolled or not — is named by the audit and the credential is
/// refused at use (`record_altered`). Put back as the door left them, the rows are consistent again.
pub async fn totp_columns_edited_by_hand<S>(store: Arc<S>, t0: i64, sql: Sql<'_>)
where
    S: Store + crate::Credentials + 'static,
{
    use foureyes_core::Role;
    const SECRET: &str = "JBSWY3DPEHPK3PXP";
    const MALLORYS: &str = "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U";
    let s = &*store;
    s.create_token("stepper", Role::Approver, "hash-stepper", Some(SECRET), t0).await.unwrap();
    s.create_token("plain", Role::Approver, "hash-plain", None, t0 + 1).await.unwrap();
    let step = (t0 as u64 / 1000) / 30;
    assert!(s.accept_totp_step("stepper", step).await.unwrap(), "a first code is accepted");
    assert_consistent(s, "a step-up approver that used a code").await;

    let named = |report: &crate::AuditReport, expected: &str| {
        assert!(
            report.mismatches.iter().any(|m| m.contains(expected)),
            "the audit does not name `{expected}`: {:#?}",
            report.mismatches
        );
    };
    // The last step set back (and cleared): named; the used code stays used.
    for back in [(step - 1).to_string(), "NULL".to_string()] {
        sql(format!("UPDATE tokens SET totp_last_step = {back} WHERE name = 'stepper'")).await;
        let shown = if back == "NULL" { "NULL".to_string() } else { format!("\"{back}\"") };
        named(
            &s.audit().await.unwrap(),
            &format!("tokens stepper totp_last_step: journal says \"{step}\", table says {shown}"),
        );
        assert!(
            !s.accept_totp_step("stepper", step).await.unwrap(),
            "the code of the used step, after the row was set back to {back}: refused as a replay"
        );
    }
    // A later code is accepted, and the row is as the journal says again.
    assert!(s.accept_totp_step("stepper", step + 1).await.unwrap(), "a later code is accepted");
    assert_consistent(s, "the step moved forward by the door").await;

    // A writer's own secret, for the enrolled approver: named, and the credential refused at use.
    let refused = |what: &str, r: Result<Option<crate::Principal>, StoreError>| match r {
        Err(StoreError::Refused { code, message, .. }) => {
            assert_eq!(code, "record_altered", "{what}: {message}");
            assert!(message.contains("totp_secret"), "{what}: names the column: {message}");
        }
        other => panic!("{what}: a credential with a TOTP secret the journal never bound was believed: {other:?}"),
    };
    sql(format!("UPDATE tokens SET totp_secret = '{MALLORYS}' WHERE name = 'stepper'")).await;
    named(&s.audit().await.unwrap(), "tokens stepper totp_binding: journal says");
    refused("an enrolled approver's secret replaced", s.principal_by_token("hash-stepper").await);
    sql("UPDATE tokens SET totp_secret = NULL WHERE name = 'stepper'".into()).await;
    named(&s.audit().await.unwrap(), "tokens stepper totp_binding: journal says");
    refused("an enrolled approver's secret removed", s.principal_by_token("hash-stepper").await);
    sql(format!("UPDATE tokens SET totp_secret = '{SECRET}' WHERE name = 'stepper'")).await;
    let back = s.principal_by_token("hash-stepper").await.unwrap().expect("put back, the credential is believed");
    assert_eq!(back.totp_secret.as_deref(), Some(SECRET));

    // And for an approver enrolled in no step-up at all.
    sql(format!("UPDATE tokens SET totp_secret = '{MALLORYS}' WHERE name = 'plain'")).await;
    named(&s.audit().await.unwrap(), "tokens plain step_up: journal says \"false\", table says \"true\"");
    refused("a secret enrolled by hand", s.principal_by_token("hash-plain").await);
    sql("UPDATE tokens SET totp_secret = NULL WHERE name = 'plain'".into()).await;
    assert!(s.principal_by_token("hash-plain").await.unwrap().is_some(), "put back, the credential is believed");
    assert_consistent(s, "the step-up columns put back as the door left them").await;
}

// ---------------------------------------------------------------------------------------------------------------
// A revocation or a sign-out racing reads is no tamper (attack 38's H1, ADR-1220)

/// Attack 38's H1: two doors (`a`, `b`: two processes over one SQLite file, or two PostgreSQL replicas) sign an
/// approver in and read their credential and their session from four tasks while `b` revokes the name (even rounds)
/// or signs one session out (odd rounds). Nobody edits a row, so nothing may be answered or journaled as
/// `record_altered` ("the row was not written by the door"): a read that loses the race answers what the journal
/// says — nobody (401) — and a sign-in after the revocation is refused `credential_revoked`. Before the fix the row
/// was read before, and compared with the journal caught up after, the revocation's commit (13 alarms in 25 rounds
/// in the attacker's runs).
pub async fn a_revocation_or_sign_out_racing_reads_raises_no_tamper_alarm<S>(
    a: Arc<S>,
    b: Arc<S>,
    t0: i64,
    rounds: usize,
) where
    S: Store + crate::Credentials + 'static,
{
    use foureyes_core::Role;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let doors = [a.clone(), b.clone()];
    let mut alarms = Vec::new();
    let opened = Arc::new(AtomicUsize::new(0));
    for round in 0..rounds {
        let name = format!("racer{round}");
        let token = format!("hash-{name}");
        b.create_token(&name, Role::Approver, &token, None, t0).await.unwrap();
        let kept = format!("kept-{name}");
        b.create_session(&kept, &name, "csrf-kept", t0 + 3_600_000).await.unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let tasks: Vec<_> = (0..4)
            .map(|i| {
                let door = doors[i % 2].clone();
                let (name, token, kept, stop, opened) =
                    (name.clone(), token.clone(), kept.clone(), stop.clone(), opened.clone());
                tokio::spawn(async move {
                    let mut errors = Vec::new();
                    let mut n = 0;
                    while !stop.load(Ordering::SeqCst) {
                        n += 1;
                        match door.principal_by_token(&token).await {
                            Ok(Some(_)) => {
                                let session = format!("s-{name}-{i}-{n}");
                                match door.create_session(&session, &name, "csrf", t0 + 3_600_000).await {
                                    Ok(()) => {
                                        opened.fetch_add(1, Ordering::SeqCst);
                                    }
                                    Err(StoreError::Refused { code, .. }) if code == crate::ops::CREDENTIAL_REVOKED => {
                                    }
                                    Err(e) => errors.push(format!("sign-in: {e}")),
                                }
                            }
                            Ok(None) => {}
                            Err(e) => errors.push(format!("token: {e}")),
                        }
                        if let Err(e) = door.session(&kept, t0 + 1).await {
                            errors.push(format!("session: {e}"));
                        }
                        tokio::task::yield_now().await;
                    }
                    errors
                })
            })
            .collect();
        tokio::time::sleep(std::time::Duration::from_millis(15)).await;
        if round % 2 == 0 {
            assert!(b.revoke_token(&name, t0 + 2).await.unwrap(), "{name} is revoked");
        } else {
            b.delete_session(&kept).await.unwrap();
        }
        tokio::time::sleep(std::time::Duration::from_millis(15)).await;
        stop.store(true, Ordering::SeqCst);
        for task in tasks {
            alarms.extend(task.await.unwrap().into_iter().map(|e| format!("round {round}: {e}")));
        }
        if round % 2 == 0 {
            assert!(a.principal_by_token(&token).await.unwrap().is_none(), "a revoked token is nobody");
        }
        assert!(a.session(&kept, t0 + 1).await.unwrap().is_none(), "a revoked or signed-out session is nobody");
        b.revoke_token(&name, t0 + 3).await.unwrap();
    }
    let journaled: Vec<_> = a
        .journal(0, 1_000_000)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == EventKind::Refused && e.data["code"] == "record_altered")
        .map(|e| e.data.to_string())
        .collect();
    assert!(
        alarms.is_empty() && journaled.is_empty(),
        "a legitimate revocation or sign-out racing reads was taken for a hand edit ({} sessions opened):\n{}\n{}",
        opened.load(Ordering::SeqCst),
        alarms.join("\n"),
        journaled.join("\n")
    );
    assert_consistent(&*a, "after revocations and sign-outs raced reads").await;
}
