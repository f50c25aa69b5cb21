//! `decide`: the judge. An ordered, deterministic pipeline over the policy table; **the order is the design**
//! (DESIGN.md §3). The store runs steps 1–2 (shape checks, idempotency) and loads a [`Snapshot`] inside its write
//! transaction; this function runs steps 3–9 on that snapshot and returns what to persist:
//!
//! 3. kill switch (before the policy lookup; an approved execution is blocked outright),
//! 4. policy lookup (unknown action → tier 3, `default_deny`),
//! 5. bounds (deny before a human ever sees it),
//! 6. reversibility (tier 1 without compensation → tier 3; undo targets checked), hidden destinations (a `type: url`
//!    param at an `opaque_hosts` entry → tier 3, `opaque_host`), then session trust (a demoted session's tier 1–2
//!    actions → tier 3, `session_demoted`),
//! 7. dry run (before limits: a rehearsal spends nothing): asked for, the action's own `dry_run`/`dry_run_until`, or a
//!    new action under `defaults.new_actions` (`new_action`, counted from `Snapshot::introduced_at_ms`),
//! 8. limits and budgets (reserved by the store in the same transaction; a permit that reserves gets its
//!    `report_within` deadline, `Decision::report_by_ms`),
//! 9. tier → verdict.
//!
//! Executing an approved action (`approval_id` set) re-checks the approval's status, expiry, single use and
//! digest right after the kill switch, then bounds and limits under the current policy.
//!
//! Session trust (`session_trust` in the policy) reads and writes around that order: a demotion in force is applied
//! at step 6, and the finished decision is checked for the signals that start one (a listed flag, a default-deny
//! probe, a bounds violation, the `count`-th denial). The demotion to start is returned with the decision
//! ([`Decision::demote`]), so the store writes it in the same transaction that observed the signal. A demoting
//! flag demotes before the request is judged: the request that carried it is the first one held.

use crate::number::{NumberError, json_to_decimal};
use crate::policy::{ActionPolicy, DryRunRule, ParamSpec, ParamType, Policy, Scope, SessionTrust};
use crate::types::*;
use crate::urls::{self, UrlVerdict};
use crate::window::{Window, format_duration_ms};
use rust_decimal::Decimal;
use serde_json::Value;
use std::collections::BTreeMap;

/// Everything stored that a decision depends on, read inside the deciding transaction.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    pub kill_switch: bool,
    /// Usage per limit slot (`count@1h@action`, `sum:amount_eur@24h@action`) inside the window [`usage_queries`]
    /// named.
    pub usage: BTreeMap<String, Usage>,
    /// The approval named by `request.approval_id`, if any.
    pub approval: Option<ApprovalRecord>,
    /// The decision named by `request.undo_of`, if any.
    pub undo_target: Option<DecisionRecord>,
    /// A permitted (and not failed) earlier undo of `undo_target`: an action is undone at most once.
    pub undone_by: Option<DecisionId>,
    /// The limit/budget keys that were over when the approval's deferral was decided: the overruns the human saw
    /// and, by approving, allowed. `None` falls back to the approval's reason codes.
    pub acknowledged_keys: Option<Vec<String>>,
    /// The demotion holding the request's session, if any: the session's own, or the agent's (requests without a
    /// session id), whichever the store found active. Applied only while active at `now_ms`.
    pub demotion: Option<DemotionRecord>,
    /// The session's earlier denials that count toward `session_trust.demote_on.denials`, since
    /// [`denials_since_ms`].
    pub session_denials: u64,
    /// When the request's action was introduced: the time of the first `policy_loaded` event that named it (the
    /// store reads it from the journal, and gives `now` for an action no journaled policy named yet). Read only
    /// under `defaults.new_actions`; `None` judges the action as introduced long ago.
    pub introduced_at_ms: Option<i64>,
}

/// From when the store must count the session's denials (`Decision::session_denial`) for `Snapshot::session_denials`:
/// the start of the policy's `within` window, and never before the session's last demotion ended (`last_end_ms`),
/// so a session that served its cooling period, or was restored, starts again from zero. `None`: the policy counts
/// no denials, so the store need not either.
pub fn denials_since_ms(policy: &Policy, now_ms: i64, last_end_ms: Option<i64>) -> Option<i64> {
    let rule = policy.session_trust.as_ref()?.denials?;
    let window_start = rule.within_ms.map_or(i64::MIN, |w| now_ms.saturating_sub(w).saturating_add(1));
    Some(window_start.max(last_end_ms.unwrap_or(i64::MIN)))
}

/// Held (not released) reservations inside one window.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Usage {
    pub count: u64,
    pub sum: Decimal,
    pub oldest_ms: Option<i64>,
}

/// Which usage the store must load for a request: reservations of this owner with this key and scope since
/// `since_ms`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageQuery {
    /// Whose reservations: the action's name, or `effect:<name>` for a shared effect ([`effect_owner`]).
    pub owner: String,
    /// Where the result goes in `Snapshot::usage`: the limit's slot.
    pub slot: String,
    /// Which reservations to read.
    pub key: String,
    pub scope: String,
    pub since_ms: i64,
}

/// The usage the snapshot must hold for `request` (empty for an unknown action).
pub fn usage_queries(policy: &Policy, request: &ActionRequest, now_ms: i64) -> Vec<UsageQuery> {
    let Some(spec) = policy.action(&request.action) else {
        return Vec::new();
    };
    caps(policy, spec)
        .into_iter()
        .map(|cap| UsageQuery {
            owner: cap.effect.map_or_else(|| request.action.clone(), |e| effect_owner(&e.effect)),
            slot: cap.slot.to_string(),
            key: cap.key.to_string(),
            scope: scope_key(cap.scope, &request.agent),
            since_ms: cap.per.start_ms(now_ms, &policy.timezone),
        })
        .collect()
}

/// How far back any limit or budget of `policy` reaches from `now` (ADR-376): the longest rolling window, a calendar
/// window as its days plus the day it is in and a daylight-saving hour; `None` when the policy has none. What a door
/// must keep of its reservations' window entries.
pub fn longest_window_ms(policy: &Policy) -> Option<i64> {
    let reach = |per: &Window| match *per {
        Window::Rolling { ms } => ms,
        Window::CalendarDays { days } => days.saturating_add(1).saturating_mul(86_400_000).saturating_add(3_600_000),
    };
    let actions = policy
        .actions
        .values()
        .flat_map(|a| a.limits.iter().map(|l| reach(&l.per)).chain(a.budgets.iter().map(|b| reach(&b.per))));
    let effects = policy
        .effects
        .values()
        .flat_map(|e| e.limits.iter().map(|l| reach(&l.per)).chain(e.budgets.iter().map(|b| reach(&b.per))));
    actions.chain(effects).max()
}

/// One limit or budget a request counts against: the action's own, or one of a shared effect it declares.
struct Cap<'a> {
    kind: BudgetKind,
    slot: &'a str,
    key: &'a str,
    /// The summed param (budgets): the action's own param, or the effect's amount param.
    param: Option<&'a str>,
    limit: Decimal,
    per: Window,
    scope: Scope,
    effect: Option<&'a crate::policy::ActionEffect>,
}

/// Every cap of an action: its own limits and budgets, then those of each effect it declares (in name order).
fn caps<'a>(policy: &'a Policy, spec: &'a ActionPolicy) -> Vec<Cap<'a>> {
    let mut out = Vec::new();
    let own_limits = spec.limits.iter().map(|l| (l, None));
    let effect_limits = spec
        .effects
        .iter()
        .filter_map(|e| policy.effects.get(&e.effect).map(|p| (e, p)))
        .flat_map(|(e, p)| p.limits.iter().map(move |l| (l, Some(e))));
    for (l, effect) in own_limits.chain(effect_limits) {
        out.push(Cap {
            kind: BudgetKind::Limit,
            slot: &l.slot,
            key: &l.key,
            param: None,
            limit: Decimal::from(l.count),
            per: l.per,
            scope: l.scope,
            effect,
        });
    }
    let own_budgets = spec.budgets.iter().map(|b| (b, None));
    let effect_budgets = spec
        .effects
        .iter()
        .filter_map(|e| policy.effects.get(&e.effect).map(|p| (e, p)))
        .flat_map(|(e, p)| p.budgets.iter().map(move |b| (b, Some(e))));
    for (b, effect) in own_budgets.chain(effect_budgets) {
        out.push(Cap {
            kind: BudgetKind::Budget,
            slot: &b.slot,
            key: &b.key,
            param: Some(effect.and_then(|e| e.amount_param.as_deref()).unwrap_or(&b.param)),
            limit: b.max,
            per: b.per,
            scope: b.scope,
            effect,
        });
    }
    out
}

fn scope_key(scope: Scope, agent: &str) -> String {
    match scope {
        Scope::Action => "*".to_string(),
        Scope::Agent => format!("agent:{agent}"),
    }
}

struct Builder {
    digest: String,
    reasons: Vec<Reason>,
    budgets: Vec<BudgetState>,
}

impl Builder {
    fn reason(&mut self, code: ReasonCode, message: impl Into<String>) {
        self.reasons.push(Reason::new(code, message));
    }

    fn finish(self, verdict: Verdict, tier: u8) -> Decision {
        Decision {
            verdict,
            tier,
            reasons: self.reasons,
            budgets: self.budgets,
            reservations: Vec::new(),
            new_approval: None,
            approval_id: None,
            consumes_approval: false,
            would_have: None,
            digest: self.digest,
            demote: None,
            session_denial: false,
            report_by_ms: None,
        }
    }
}

/// A demotion holding the request being judged.
struct InForce {
    signal: TrustSignal,
    reason: String,
    until_ms: i64,
    /// The agent's sessionless demotion, which holds every session of the agent.
    whole_agent: bool,
}

/// Judges one request. Pure: the same policy, snapshot, request and time always give the same decision.
pub fn decide(policy: &Policy, snapshot: &Snapshot, request: &ActionRequest, now_ms: i64) -> Decision {
    decide_digested(policy, snapshot, request, request.digest(), now_ms)
}

/// [`decide`] given `request`'s digest ([`ActionRequest::digest`]), computed before: the SQLite store computes it on
/// the caller's task rather than on its one writer thread (ADR-670).
pub fn decide_digested(
    policy: &Policy,
    snapshot: &Snapshot,
    request: &ActionRequest,
    digest: String,
    now_ms: i64,
) -> Decision {
    let stored = snapshot.demotion.as_ref().filter(|d| d.is_active(now_ms));
    // The release of an approval was judged, signals and all, when it was deferred; a human has since looked at it.
    let own_request = request.approval_id.is_none();
    let trust = policy.session_trust.as_ref().filter(|_| stored.is_none() && own_request);
    let flagged = trust.and_then(|t| flag_signal(t, request, now_ms));
    let in_force = match (stored, &flagged) {
        (Some(d), _) => Some(InForce {
            signal: d.signal,
            reason: d.reason.clone(),
            until_ms: d.until_ms,
            whole_agent: d.session.is_none(),
        }),
        (None, Some(new)) => Some(InForce {
            signal: new.signal,
            reason: new.reason.clone(),
            until_ms: new.until_ms,
            whole_agent: request.session.is_none(),
        }),
        (None, None) => None,
    };
    let mut d = judge(policy, snapshot, request, digest, now_ms, in_force.as_ref());
    d.session_denial = d.verdict == Verdict::Deny && own_request;
    d.demote = match (flagged, trust) {
        (Some(new), _) => Some(new),
        (None, Some(t)) => outcome_signal(t, snapshot, request, &d, now_ms),
        (None, None) => None,
    };
    d
}

fn flag_signal(trust: &SessionTrust, request: &ActionRequest, now_ms: i64) -> Option<NewDemotion> {
    let flag = request.flags.iter().find(|f| trust.flags.contains(f))?;
    Some(NewDemotion {
        signal: TrustSignal::Flag,
        reason: format!("the caller flagged request `{}` with `{flag}`", request.request_id),
        until_ms: now_ms.saturating_add(trust.cooling_period_ms),
    })
}

/// The signal a finished decision shows, if the policy demotes on it. The reason names what was seen, so the
/// person deciding whether to restore the session need not dig through the journal.
fn outcome_signal(
    trust: &SessionTrust,
    snapshot: &Snapshot,
    request: &ActionRequest,
    d: &Decision,
    now_ms: i64,
) -> Option<NewDemotion> {
    let bounds = [
        ReasonCode::Bounds,
        ReasonCode::UnknownParam,
        ReasonCode::MissingParam,
        ReasonCode::WrongType,
        ReasonCode::MalformedUrl,
    ];
    let violation = d.reasons.iter().find(|r| bounds.contains(&r.code)).filter(|_| d.verdict == Verdict::Deny);
    let (signal, reason) = if trust.unknown_action && d.has_reason(ReasonCode::DefaultDeny) {
        let probe =
            format!("request `{}` asked for '{}', which the policy does not know", request.request_id, request.action);
        (TrustSignal::UnknownAction, probe)
    } else if let Some(violation) = violation.filter(|_| trust.bounds_violation) {
        (TrustSignal::BoundsViolation, format!("request `{}`: {}", request.request_id, violation.message))
    } else if let Some(rule) = trust.denials
        && d.session_denial
        && snapshot.session_denials.saturating_add(1) >= rule.count
    {
        let within = rule.within_ms.map(|w| format!(" within {}", format_duration_ms(w))).unwrap_or_default();
        (TrustSignal::Denials, format!("{} denials{within}", snapshot.session_denials.saturating_add(1)))
    } else {
        return None;
    };
    Some(NewDemotion { signal, reason, until_ms: now_ms.saturating_add(trust.cooling_period_ms) })
}

/// Steps 3–9 in the module doc's order, with a demotion in force applied at step 6. Only [`decide`] calls it: the
/// order still lives in one place, and session trust's signals are read around it.
fn judge(
    policy: &Policy,
    snapshot: &Snapshot,
    request: &ActionRequest,
    digest: String,
    now_ms: i64,
    demotion: Option<&InForce>,
) -> Decision {
    let mut b = Builder { digest, reasons: Vec::new(), budgets: Vec::new() };
    let spec = policy.action(&request.action);
    let policy_tier = spec.map_or(3, |s| s.tier);

    // 3. Kill switch, first. Reads (tier 0) stay allowed; an approved execution is blocked and no new approval
    //    is bred from the block; anything else collapses to tier 3.
    let mut kill = false;
    if snapshot.kill_switch && policy_tier > 0 {
        if let Some(id) = request.approval_id {
            b.reason(
                ReasonCode::KillSwitch,
                format!(
                    "'{}' blocked: the kill switch is engaged; approval {id} is kept and can be used once it is off",
                    request.action
                ),
            );
            let mut d = b.finish(Verdict::Deny, 3);
            d.approval_id = Some(id);
            return d;
        }
        kill = true;
        b.reason(ReasonCode::KillSwitch, format!("'{}' needs a human: the kill switch is engaged", request.action));
    }

    // Approved execution: the approval must be approved, unexpired, unused and for exactly this action.
    let mut approved: Option<&ApprovalRecord> = None;
    if let Some(id) = request.approval_id {
        match check_approval(snapshot.approval.as_ref(), id, request, now_ms) {
            Ok(record) => {
                b.reason(ReasonCode::Approved, format!("approval {id} given by {}", record.approvers.join(", ")));
                approved = Some(record);
            }
            Err((verdict, code, message)) => {
                b.reason(code, message);
                let mut d = b.finish(verdict, 3);
                d.approval_id = Some(id);
                return d;
            }
        }
    }

    // 4. Policy lookup: what is not in the table is tier 3.
    let Some(spec) = spec else {
        // 7 applies here too: a rehearsal of an unknown action asks no human and uses up no approval.
        if request.dry_run {
            let would_have = if approved.is_some() { Verdict::Permit } else { Verdict::Defer };
            b.reasons
                .insert(0, Reason::new(ReasonCode::DryRun, "dry run requested: nothing executed, nothing reserved"));
            if approved.is_none() {
                b.reason(
                    ReasonCode::DefaultDeny,
                    format!("'{}' is not in the policy: a human would have to approve it", request.action),
                );
            }
            let mut d = b.finish(Verdict::DryRun, 3);
            d.would_have = Some(would_have);
            return d;
        }
        if let Some(record) = approved {
            return permit_approved(b, record, Vec::new());
        }
        b.reason(
            ReasonCode::DefaultDeny,
            format!("'{}' is not in the policy: a human must approve it", request.action),
        );
        return defer(b, policy.default_approvals, now_ms);
    };

    // 5. Bounds before the human.
    let violations = check_bounds(&request.action, spec, &request.params);
    if !violations.is_empty() {
        b.reasons.retain(|r| r.code != ReasonCode::KillSwitch);
        b.reasons.extend(violations);
        return b.finish(Verdict::Deny, spec.tier);
    }

    // 6. Reversibility: auto-execution needs a registered compensation; an undo needs an undoable target.
    let mut tier = if kill { 3 } else { spec.tier };
    if spec.tier == 1 && spec.compensate.is_none() {
        b.reason(
            ReasonCode::NoCompensation,
            format!("'{}' is tier 1 but has no compensating action: demoted to tier 3", request.action),
        );
        tier = 3;
    }
    if let Some(target_id) = request.undo_of
        && let Err((code, message)) = check_undo(policy, snapshot, target_id, request, now_ms)
    {
        b.reason(code, message);
        return b.finish(Verdict::Deny, tier);
    }
    // Hidden destinations: a URL at an `opaque_hosts` entry (a shortener, a redirector) goes to a human, whatever
    // the tier. What a human approved was shown that URL already.
    if approved.is_none() {
        let opaque = opaque_destinations(&request.action, spec, &request.params);
        if !opaque.is_empty() {
            b.reasons.extend(opaque);
            tier = 3;
        }
    }
    // Shared effects: an effect's tier floor raises the action's tier (a human-approved release was seen already).
    if approved.is_none() {
        for declared in &spec.effects {
            if let Some(effect) = policy.effects.get(&declared.effect)
                && effect.tier_floor > tier
            {
                b.reason(
                    ReasonCode::EffectFloor,
                    format!(
                        "'{}' has the effect `{}`, whose floor is tier {}: raised from tier {tier}",
                        request.action, declared.effect, effect.tier_floor
                    ),
                );
                tier = effect.tier_floor;
            }
        }
    }
    // Session trust: a demoted session keeps tier 0 and what a human approved, and loses its autonomy.
    if let Some(demoted) = demotion
        && approved.is_none()
        && matches!(tier, 1 | 2)
    {
        let whose = match (&request.session, demoted.whole_agent) {
            (_, true) => format!("agent `{}` (every session)", request.agent),
            (Some(session), false) => format!("session `{session}` of agent `{}`", request.agent),
            (None, false) => format!("agent `{}`", request.agent),
        };
        let until = jiff::Timestamp::from_millisecond(demoted.until_ms).map(|t| t.to_string()).unwrap_or_default();
        b.reason(
            ReasonCode::SessionDemoted,
            format!(
                "'{}' is tier {tier} but needs a human: {whose} is demoted until {until} (signal `{}`: {})",
                request.action,
                demoted.signal.as_str(),
                demoted.reason
            ),
        );
        tier = 3;
    }

    // 7. Dry run before limits: evaluate, reserve nothing. A new action (`defaults.new_actions`) rehearses too.
    let rehearsal = match spec.dry_run {
        _ if request.dry_run => {
            Some((ReasonCode::DryRun, "dry run requested: nothing executed, nothing reserved".to_string()))
        }
        DryRunRule::Always => Some((
            ReasonCode::DryRun,
            format!("'{}' always rehearses (dry_run: true): nothing executed", request.action),
        )),
        DryRunRule::UntilMs(until) if now_ms < until => Some((
            ReasonCode::Rehearsal,
            format!("'{}' rehearses until {}: nothing executed", request.action, timestamp(until)),
        )),
        _ => new_action_rehearsal(policy, spec, snapshot, request, now_ms),
    };

    // 8. Limits and budgets, against held reservations in each window.
    let (overruns, reservations) = check_limits(policy, spec, snapshot, request, now_ms, &mut b);

    if let Some((code, message)) = rehearsal {
        let would_have = if let Some(record) = approved {
            if overruns.iter().any(|o| !covered(snapshot, record, o)) { Verdict::Deny } else { Verdict::Permit }
        } else if tier == 3 || !overruns.is_empty() {
            Verdict::Defer
        } else {
            Verdict::Permit
        };
        b.reasons.insert(0, Reason::new(code, message));
        let mut d = b.finish(Verdict::DryRun, tier);
        d.would_have = Some(would_have);
        return d;
    }

    // 9. Tier → verdict.
    if let Some(record) = approved {
        if let Some((code, _)) = overruns.iter().find(|o| !covered(snapshot, record, o)) {
            b.reason(
                *code,
                format!(
                    "approval {} did not cover this overrun: the window was used up after it was given; ask again",
                    record.approval_id
                ),
            );
            let mut d = b.finish(Verdict::Deny, 3);
            d.approval_id = Some(record.approval_id);
            return d;
        }
        return with_deadline(permit_approved(b, record, reservations), spec, now_ms);
    }
    if !overruns.is_empty() {
        tier = 3;
    }
    match tier {
        0 => {
            b.reason(ReasonCode::Observe, format!("'{}' is tier 0 (observe)", request.action));
            let mut d = b.finish(Verdict::Permit, 0);
            d.reservations = reservations;
            with_deadline(d, spec, now_ms)
        }
        1 | 2 => {
            let msg = if spec.limits.is_empty() && spec.budgets.is_empty() {
                format!("'{}' is tier {tier} and within bounds", request.action)
            } else {
                format!("'{}' is tier {tier} and within bounds and limits ({})", request.action, spec.describe_limits())
            };
            b.reason(ReasonCode::WithinPolicy, msg);
            let mut d = b.finish(Verdict::Permit, tier);
            d.reservations = reservations;
            with_deadline(d, spec, now_ms)
        }
        _ => {
            if spec.tier == 3 && !kill {
                b.reason(
                    ReasonCode::ApprovalRequired,
                    format!("'{}' is tier 3: a human must approve it", request.action),
                );
            }
            defer(b, spec.approvals, now_ms)
        }
    }
}

/// `defaults.new_actions`: an action of tier 1 or above whose introducing `policy_loaded` event is younger than
/// `dry_run_for` rehearses until then. Tier 0 (observe) acts on nothing, so there is nothing to rehearse.
fn new_action_rehearsal(
    policy: &Policy,
    spec: &ActionPolicy,
    snapshot: &Snapshot,
    request: &ActionRequest,
    now_ms: i64,
) -> Option<(ReasonCode, String)> {
    let period = policy.new_actions_dry_run_for_ms?;
    let introduced = snapshot.introduced_at_ms?;
    let until = introduced.saturating_add(period);
    if spec.tier == 0 || now_ms >= until {
        return None;
    }
    Some((
        ReasonCode::NewAction,
        format!(
            "'{}' is new (first in the policy loaded at {}): it rehearses for {} until {}: nothing executed",
            request.action,
            timestamp(introduced),
            format_duration_ms(period),
            timestamp(until)
        ),
    ))
}

fn timestamp(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default()
}

/// The reporting deadline of a permit under a `report_within` rule (`None` otherwise): past it, the next decision
/// that reads one of its keys releases what it holds, and one that reserved nothing expires at the door's sweep
/// (ADR-995).
fn with_deadline(mut d: Decision, spec: &ActionPolicy, now_ms: i64) -> Decision {
    if d.verdict == Verdict::Permit {
        d.report_by_ms = spec.report_within_ms.map(|w| now_ms.saturating_add(w));
    }
    d
}

/// Whether an overrun at release was one the approver saw: by limit/budget key when the deferral's budgets are
/// known (two budgets of one kind must not cover each other), else by reason code.
fn covered(snapshot: &Snapshot, record: &ApprovalRecord, (code, key): &(ReasonCode, String)) -> bool {
    match &snapshot.acknowledged_keys {
        Some(keys) => keys.contains(key),
        None => record.acknowledged.contains(code),
    }
}

fn defer(b: Builder, rule: crate::policy::ApprovalRule, now_ms: i64) -> Decision {
    let acknowledged: Vec<ReasonCode> = b
        .reasons
        .iter()
        .map(|r| r.code)
        .filter(|c| matches!(c, ReasonCode::LimitExceeded | ReasonCode::BudgetExceeded))
        .collect();
    let digest = b.digest.clone();
    let mut d = b.finish(Verdict::Defer, 3);
    d.new_approval = Some(NewApproval {
        digest,
        required: rule.required,
        expires_at_ms: now_ms.saturating_add(rule.ttl_ms),
        step_up: rule.step_up,
        acknowledged,
    });
    d
}

fn permit_approved(b: Builder, record: &ApprovalRecord, reservations: Vec<NewReservation>) -> Decision {
    let mut d = b.finish(Verdict::Permit, 3);
    d.reservations = reservations;
    d.approval_id = Some(record.approval_id);
    d.consumes_approval = true;
    d
}

type Refusal = (Verdict, ReasonCode, String);

fn check_approval<'a>(
    approval: Option<&'a ApprovalRecord>,
    id: ApprovalId,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<&'a ApprovalRecord, Refusal> {
    let Some(record) = approval.filter(|a| a.approval_id == id) else {
        return Err((Verdict::Deny, ReasonCode::ApprovalUnknown, format!("approval {id} does not exist")));
    };
    // The digest is checked first: an approval for a different action must never be reported as merely pending.
    let digest = request.digest();
    if digest != record.digest || record.recomputed_digest() != record.digest {
        return Err((
            Verdict::Deny,
            ReasonCode::DigestMismatch,
            format!(
                "approval {id} was given for digest {}, but this action's digest is {digest}: refused",
                short(&record.digest)
            ),
        ));
    }
    match record.effective_status(now_ms) {
        ApprovalStatus::Approved => Ok(record),
        ApprovalStatus::Pending => Err((
            Verdict::Defer,
            ReasonCode::ApprovalPending,
            format!("awaiting human approval (approval {id}: {} of {} given)", record.approvers.len(), record.required),
        )),
        ApprovalStatus::Rejected => Err((
            Verdict::Deny,
            ReasonCode::ApprovalRejected,
            format!(
                "approval {id} was rejected by {}{}",
                record.decided_by.as_deref().unwrap_or("an approver"),
                record.reject_reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default()
            ),
        )),
        ApprovalStatus::Expired => Err((
            Verdict::Deny,
            ReasonCode::ApprovalExpired,
            format!("approval {id} expired before it was used (nobody rejected it): request again"),
        )),
        ApprovalStatus::Revoked => Err((
            Verdict::Deny,
            ReasonCode::ApprovalRevoked,
            format!(
                "approval {id} was withdrawn by {} before it was used{}: do not execute",
                record.revoked_by.as_deref().unwrap_or("an approver"),
                record.revoke_reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default()
            ),
        )),
        ApprovalStatus::Consumed => Err((
            Verdict::Deny,
            ReasonCode::ApprovalConsumed,
            format!(
                "approval {id} was already used by decision {}: an approval is good for one execution",
                record.consumed_by.unwrap_or_default()
            ),
        )),
    }
}

fn short(digest: &str) -> &str {
    &digest[..digest.len().min(12)]
}

fn check_undo(
    policy: &Policy,
    snapshot: &Snapshot,
    target_id: DecisionId,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<(), (ReasonCode, String)> {
    if let Some(undo) = snapshot.undone_by {
        return Err((
            ReasonCode::UndoInvalid,
            format!("undo of decision {target_id}: already undone by decision {undo}"),
        ));
    }
    let Some(target) = snapshot.undo_target.as_ref().filter(|t| t.decision_id == target_id) else {
        return Err((ReasonCode::UndoInvalid, format!("undo of decision {target_id}: no such decision")));
    };
    if target.status != DecisionStatus::Executed {
        return Err((
            ReasonCode::UndoInvalid,
            format!(
                "undo of decision {target_id}: it is {}, only an executed action can be undone",
                target.status.as_str()
            ),
        ));
    }
    let Some(compensation) = policy.action(&target.request.action).and_then(|a| a.compensate.as_ref()) else {
        return Err((
            ReasonCode::UndoInvalid,
            format!("undo of decision {target_id}: '{}' has no compensating action", target.request.action),
        ));
    };
    if compensation.action != request.action {
        return Err((
            ReasonCode::UndoInvalid,
            format!("undo of decision {target_id} must use '{}', not '{}'", compensation.action, request.action),
        ));
    }
    let executed_at = target.reported_at_ms.unwrap_or(target.decided_at_ms);
    if now_ms > executed_at.saturating_add(compensation.window_ms) {
        return Err((
            ReasonCode::UndoWindowClosed,
            format!(
                "undo of decision {target_id}: the {} undo window closed",
                format_duration_ms(compensation.window_ms)
            ),
        ));
    }
    Ok(())
}

/// Rewrites every `type: url` param of a known action to its canonical form ([`urls::canonicalize`]), so that the
/// digest a human approves, the approval card and the journal show the URL as it will be matched and reached
/// (`HTTPS://Example.COM.:443/` is stored as `https://example.com/`). A value that does not canonicalise is left as
/// sent, for `decide` to deny (`malformed_url`). The store calls it before the idempotency fingerprint.
pub fn canonicalize_request(policy: &Policy, request: &mut ActionRequest) {
    let Some(spec) = policy.action(&request.action) else {
        return;
    };
    for (name, p) in &spec.params {
        if p.ty != ParamType::Url {
            continue;
        }
        if let Some(Value::String(text)) = request.params.get_mut(name)
            && let Ok(canonical) = urls::canonicalize(text)
        {
            *text = canonical.text;
        }
    }
}

/// The `opaque_hosts` a request's URL params point at: each one a reason the action needs a human.
fn opaque_destinations(action: &str, spec: &ActionPolicy, params: &serde_json::Map<String, Value>) -> Vec<Reason> {
    let mut out = Vec::new();
    for (name, p) in &spec.params {
        let (Some(rule), Some(Value::String(text))) = (&p.url, params.get(name)) else { continue };
        if let Ok(canonical) = urls::canonicalize(text)
            && let UrlVerdict::Opaque(host) = rule.judge(&canonical)
        {
            out.push(Reason::new(
                ReasonCode::OpaqueHost,
                format!("'{action}' needs a human: param '{name}' points at {host}, which hides where it leads"),
            ));
        }
    }
    out
}

/// Largest amount a budgeted param may carry: budgets are summed in signed 64-bit millionths, and a window must be
/// able to hold many of them.
pub fn max_budget_amount() -> Decimal {
    Decimal::from(1_000_000_000_000i64)
}

/// Most decimal places a budgeted param may carry: budgets are summed exactly in integer millionths.
pub const MAX_BUDGET_SCALE: u32 = 6;

/// Checks every param against the spec; returns one reason per violation (empty when all is well).
pub fn check_bounds(action: &str, spec: &ActionPolicy, params: &serde_json::Map<String, Value>) -> Vec<Reason> {
    let mut out = Vec::new();
    for name in params.keys() {
        if !spec.params.contains_key(name) {
            let known: Vec<&str> = spec.params.keys().map(String::as_str).collect();
            out.push(Reason::new(
                ReasonCode::UnknownParam,
                format!(
                    "'{action}' denied: unknown param '{}' (accepted: {})",
                    // The agent's text, quoted through the one escape: `am\u{430}ount` is not `amount` (F1447).
                    crate::tool_pin::shown(name),
                    if known.is_empty() { "none".to_string() } else { known.join(", ") }
                ),
            ));
        }
    }
    for (name, p) in &spec.params {
        let summed = spec.budgets.iter().any(|b| &b.param == name);
        if summed
            && let Some(Ok(n)) = params.get(name).map(json_to_decimal)
            && n.normalize().scale() > MAX_BUDGET_SCALE
        {
            out.push(Reason::new(
                ReasonCode::Bounds,
                format!("'{action}' denied: param '{name}'={n} has more than {MAX_BUDGET_SCALE} decimal places (it is summed by a budget)"),
            ));
            continue;
        }
        if summed
            && let Some(Ok(n)) = params.get(name).map(json_to_decimal)
            && n.abs() > max_budget_amount()
        {
            out.push(Reason::new(
                ReasonCode::Bounds,
                format!(
                    "'{action}' denied: param '{name}'={n} is too large to count against a budget (at most {})",
                    max_budget_amount()
                ),
            ));
            continue;
        }
        match params.get(name) {
            None if p.required => out.push(Reason::new(
                ReasonCode::MissingParam,
                format!("'{action}' denied: param '{name}' ({}) is missing", p.ty),
            )),
            None => {}
            Some(value) => {
                if let Err(reason) = check_param(action, name, p, value, summed) {
                    out.push(reason);
                }
            }
        }
    }
    out
}

fn check_param(action: &str, name: &str, p: &ParamSpec, value: &Value, budgeted: bool) -> Result<(), Reason> {
    // The agent's value, its hidden characters escaped (a U+202E reordered the reason in every listing that shows it;
    // attack 45's H3, F1451).
    let shown = crate::hidden::escaped(&crate::canonical::to_canonical_string(value));
    // `str::floor_char_boundary` is newer than the MSRV (1.91 > 1.89).
    let cut = (0..=80.min(shown.len())).rev().find(|&i| shown.is_char_boundary(i)).unwrap_or(0);
    let shown = if shown.len() > 80 { format!("{}…", &shown[..cut]) } else { shown };
    let wrong = |expected: &str| {
        Reason::new(ReasonCode::WrongType, format!("'{action}' denied: param '{name}'={shown} is not {expected}"))
    };
    let bounds =
        |what: String| Reason::new(ReasonCode::Bounds, format!("'{action}' denied: param '{name}'={shown} {what}"));
    match p.ty {
        ParamType::Boolean if !value.is_boolean() => return Err(wrong("a boolean")),
        ParamType::String => {
            let Some(s) = value.as_str() else { return Err(wrong("a string")) };
            let chars = s.chars().count();
            if let Some(max) = p.max_len
                && chars > max
            {
                return Err(bounds(format!("is {chars} characters, above max_len {max}")));
            }
            if let Some(min) = p.min_len
                && chars < min
            {
                return Err(bounds(format!("is {chars} characters, below min_len {min}")));
            }
            if let Some(re) = &p.pattern
                && !re.is_match(s)
            {
                return Err(bounds(format!("does not match pattern {}", re.as_str())));
            }
        }
        ParamType::Number | ParamType::Integer => {
            let number = match json_to_decimal(value) {
                Ok(n) => n,
                Err(NumberError::NotANumber) => {
                    return Err(wrong(if p.ty == ParamType::Integer { "an integer" } else { "a number" }));
                }
                Err(NumberError::NotRepresentable) => return Err(bounds("is not a finite decimal".to_string())),
            };
            if p.ty == ParamType::Integer && !number.fract().is_zero() {
                return Err(wrong("an integer"));
            }
            if let Some(max) = p.max
                && number > max
            {
                return Err(bounds(format!("above max {max}")));
            }
            if let Some(min) = p.min
                && number < min
            {
                return Err(bounds(format!("below min {min}")));
            }
            // A budget sums this param: a negative amount would give budget back.
            if budgeted && number < Decimal::ZERO {
                return Err(bounds("is negative, and a budget sums it".to_string()));
            }
        }
        ParamType::Url => {
            let Some(s) = value.as_str() else { return Err(wrong("a URL string")) };
            let canonical = urls::canonicalize(s).map_err(|why| {
                Reason::new(
                    ReasonCode::MalformedUrl,
                    format!("'{action}' denied: param '{name}'={shown} is not a URL: {why}"),
                )
            })?;
            if let Some(rule) = &p.url
                && let UrlVerdict::Refused(why) = rule.judge(&canonical)
            {
                return Err(Reason::new(
                    ReasonCode::Bounds,
                    format!("'{action}' denied: param '{name}'={} {why}", canonical.text),
                ));
            }
        }
        ParamType::Boolean => {}
    }
    if let Some(allowed) = &p.enum_values {
        let matches = allowed.iter().any(|a| match (json_to_decimal(a), json_to_decimal(value)) {
            (Ok(x), Ok(y)) => x == y,
            _ => a == value,
        });
        if !matches {
            let list: Vec<String> = allowed.iter().map(crate::canonical::to_canonical_string).collect();
            return Err(bounds(format!("is not one of [{}]", list.join(", "))));
        }
    }
    Ok(())
}

/// Evaluates every limit and budget; records their states on `b`. Returns the overrun codes and the
/// reservations a permit would take.
fn check_limits(
    policy: &Policy,
    spec: &ActionPolicy,
    snapshot: &Snapshot,
    request: &ActionRequest,
    now_ms: i64,
    b: &mut Builder,
) -> (Vec<(ReasonCode, String)>, Vec<NewReservation>) {
    let mut overruns = Vec::new();
    let mut reservations = Vec::new();
    // Every cap, the action's own and its effects', is evaluated before anything is reserved: a permit takes all
    // of their reservations in the deciding transaction, an overrun of any one defers and takes none.
    for cap in caps(policy, spec) {
        let Cap { kind, slot, key, param, limit, per, scope, effect } = cap;
        let usage = snapshot.usage.get(slot).cloned().unwrap_or_default();
        let (consumed, requested) = match param {
            None => (Decimal::from(usage.count), Decimal::ONE),
            // Bounds ran first, so a present budget param is a finite decimal.
            Some(p) => {
                let value = request.params.get(p).and_then(|v| json_to_decimal(v).ok()).unwrap_or(Decimal::ZERO);
                // In the effect's unit, rounded up to the millionths budgets are summed in.
                let converted = effect
                    .map_or(Some(value), |e| value.checked_mul(e.factor))
                    .map(|v| v.round_dp_with_strategy(MAX_BUDGET_SCALE, rust_decimal::RoundingStrategy::AwayFromZero));
                (usage.sum, converted.unwrap_or(Decimal::MAX))
            }
        };
        // Held reservations may already exceed the limit (approved overruns); an overflowing sum is exceeded too.
        let exceeded = consumed.checked_add(requested).is_none_or(|total| total > limit);
        let remaining = if exceeded { (limit - consumed).max(Decimal::ZERO) } else { limit - consumed - requested };
        b.budgets.push(BudgetState {
            kind,
            key: slot.to_string(),
            param: param.map(str::to_string),
            per: per.to_string(),
            limit,
            consumed,
            requested,
            remaining,
            resets_at_ms: per.resets_at_ms(now_ms, &policy.timezone, usage.oldest_ms),
            exceeded,
            effect: effect.map(|e| e.effect.clone()),
        });
        if exceeded {
            let label = if effect.is_some() { param.map(|_| "amount") } else { param };
            let (code, mut message) = describe_overrun(&request.action, kind, label, limit, consumed, requested, per);
            if let Some(e) = effect {
                message = format!("{message}, counting every action with the effect `{}`", e.effect);
            }
            b.reason(code, message);
            overruns.push((code, slot.to_string()));
        }
        // One reservation per (owner, key, scope): several windows over the same calls or the same sum share it.
        let scope = scope_key(scope, &request.agent);
        let effect_name = effect.map(|e| e.effect.clone());
        if !reservations.iter().any(|r: &NewReservation| r.key == key && r.scope == scope && r.effect == effect_name) {
            reservations.push(NewReservation { effect: effect_name, key: key.to_string(), scope, amount: requested });
        }
    }
    (overruns, reservations)
}

fn describe_overrun(
    action: &str,
    kind: BudgetKind,
    param: Option<&str>,
    limit: Decimal,
    consumed: Decimal,
    requested: Decimal,
    per: Window,
) -> (ReasonCode, String) {
    match (kind, param) {
        (BudgetKind::Budget, Some(p)) => (
            ReasonCode::BudgetExceeded,
            format!(
                "'{action}' needs a human: {p} {requested} would exceed the budget of {limit} per {per} ({consumed} already reserved)"
            ),
        ),
        _ => (
            ReasonCode::LimitExceeded,
            format!("'{action}' needs a human: limit of {limit} per {per} reached ({consumed} already reserved)"),
        ),
    }
}
