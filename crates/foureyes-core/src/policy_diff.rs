//! What a policy change changes: per action, its tier, bounds, limits, budgets, rehearsal and approval rule
//! (`foureyes policy diff OLD NEW`), and which of a list of requests would be judged differently.

use crate::pipeline::{Snapshot, canonicalize_request, decide};
use crate::policy::{ActionPolicy, DryRunRule, ParamSpec, Policy};
use crate::types::ActionRequest;
use crate::window::format_duration_ms;
use std::collections::BTreeMap;

/// One changed facet of one action: `None` on a side where it does not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacetChange {
    pub action: String,
    /// `tier`, `param amount_eur`, `limit count@1h@action`, `budget sum:amount_eur@24h@action`, `approvals`, …
    pub facet: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

/// Every facet that differs between `old` and `new`, by action then facet. An action only on one side shows as
/// its `action` facet (`present`).
pub fn diff(old: &Policy, new: &Policy) -> Vec<FacetChange> {
    let mut names: Vec<&String> = old.actions.keys().chain(new.actions.keys()).collect();
    names.sort();
    names.dedup();
    let mut out = Vec::new();
    for name in names {
        let (a, b) = (old.action(name).map(facets), new.action(name).map(facets));
        if a.is_none() || b.is_none() {
            out.push(FacetChange {
                action: name.clone(),
                facet: "action".to_string(),
                old: a.as_ref().map(summary),
                new: b.as_ref().map(summary),
            });
            continue;
        }
        let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
        let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            if a.get(key) != b.get(key) {
                out.push(FacetChange {
                    action: name.clone(),
                    facet: key.clone(),
                    old: a.get(key).cloned(),
                    new: b.get(key).cloned(),
                });
            }
        }
    }
    out
}

fn summary(facets: &BTreeMap<String, String>) -> String {
    format!("tier {}", facets.get("tier").map_or("?", String::as_str))
}

/// An action as comparable facets.
pub fn facets(a: &ActionPolicy) -> BTreeMap<String, String> {
    let mut f = BTreeMap::new();
    f.insert("tier".to_string(), a.tier.to_string());
    for (name, p) in &a.params {
        f.insert(format!("param {name}"), describe_param(p));
    }
    for l in &a.limits {
        f.insert(format!("limit {}", l.slot), format!("{} per {}", l.count, l.per));
    }
    for b in &a.budgets {
        f.insert(format!("budget {}", b.slot), format!("{} {} per {}", b.max, b.param, b.per));
    }
    let dry_run = match a.dry_run {
        DryRunRule::Never => None,
        DryRunRule::Always => Some("always".to_string()),
        DryRunRule::UntilMs(ms) => {
            Some(format!("until {}", jiff::Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default()))
        }
    };
    if let Some(d) = dry_run {
        f.insert("dry_run".to_string(), d);
    }
    if let Some(c) = &a.compensate {
        f.insert("compensate".to_string(), format!("{} within {}", c.action, format_duration_ms(c.window_ms)));
    }
    if let Some(w) = a.report_within_ms {
        f.insert("report_within".to_string(), format_duration_ms(w));
    }
    let step_up = if a.approvals.step_up { ", step-up" } else { "" };
    f.insert(
        "approvals".to_string(),
        format!("{} within {}{step_up}", a.approvals.required, format_duration_ms(a.approvals.ttl_ms)),
    );
    f
}

fn describe_param(p: &ParamSpec) -> String {
    let mut parts = vec![p.ty.to_string()];
    if !p.required {
        parts.push("optional".to_string());
    }
    if let Some(v) = &p.enum_values {
        let list: Vec<String> = v.iter().map(crate::canonical::to_canonical_string).collect();
        parts.push(format!("enum [{}]", list.join(", ")));
    }
    if let Some(m) = p.min {
        parts.push(format!("min {m}"));
    }
    if let Some(m) = p.max {
        parts.push(format!("max {m}"));
    }
    if let Some(m) = p.min_len {
        parts.push(format!("min_len {m}"));
    }
    if let Some(m) = p.max_len {
        parts.push(format!("max_len {m}"));
    }
    if let Some(re) = &p.pattern {
        parts.push(format!("pattern {}", re.as_str()));
    }
    if let Some(u) = &p.url {
        parts.push(format!("schemes [{}]", u.schemes.join(", ")));
        let list = |v: &[crate::urls::HostPattern]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        if !u.hosts.is_empty() {
            parts.push(format!("hosts [{}]", list(&u.hosts)));
        }
        if !u.ports.is_empty() {
            parts.push(format!("ports {:?}", u.ports));
        }
        if !u.cidrs.is_empty() {
            let c: Vec<String> = u.cidrs.iter().map(ToString::to_string).collect();
            parts.push(format!("cidrs [{}]", c.join(", ")));
        }
        if !u.opaque_hosts.is_empty() {
            parts.push(format!("opaque_hosts [{}]", list(&u.opaque_hosts)));
        }
    }
    parts.join(", ")
}

/// A request judged differently by the two policies.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangedVerdict {
    pub request: ActionRequest,
    /// `deny [bounds] tier 2`, as [`crate::policy_test::summary`] writes it.
    pub old: String,
    pub new: String,
}

/// Judges each request under both policies, against the same state (`snapshot`, e.g. empty: no usage held, kill
/// switch off) at `now_ms`, and returns those whose verdict or tier differ.
pub fn replay(
    old: &Policy,
    new: &Policy,
    requests: &[ActionRequest],
    snapshot: &Snapshot,
    now_ms: i64,
) -> Vec<ChangedVerdict> {
    let mut out = Vec::new();
    for request in requests {
        let judged = |policy: &Policy| {
            let mut r = request.clone();
            canonicalize_request(policy, &mut r);
            decide(policy, snapshot, &r, now_ms)
        };
        let (a, b) = (judged(old), judged(new));
        if (a.verdict, a.tier) != (b.verdict, b.tier) {
            out.push(ChangedVerdict {
                request: request.clone(),
                old: crate::policy_test::summary(&a),
                new: crate::policy_test::summary(&b),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reporting_deadline_shows_as_its_own_facet() {
        let yaml = |defaults: &str| {
            format!("version: 1\n{defaults}actions:\n  pay:\n    tier: 2\n    limits: [ {{ count: 5, per: 1h }} ]\n")
        };
        let old = Policy::from_yaml("old.yaml", &yaml("")).unwrap();
        let new = Policy::from_yaml("new.yaml", &yaml("defaults: { report_within: 15m }\n")).unwrap();
        let shown: Vec<(String, Option<String>, Option<String>)> =
            diff(&old, &new).into_iter().map(|c| (c.facet, c.old, c.new)).collect();
        assert_eq!(shown, vec![("report_within".to_string(), None, Some("15m".to_string()))]);
    }

    #[test]
    fn a_tightened_bound_and_a_new_limit_show_and_change_a_verdict() {
        let old = Policy::from_yaml(
            "old.yaml",
            "version: 1\nactions:\n  pay:\n    tier: 2\n    params: { amount: { type: number, max: 500 } }\n    budgets: [ { param: amount, max: 1000, per: 24h } ]\n",
        )
        .unwrap();
        let new = Policy::from_yaml(
            "new.yaml",
            "version: 1\nactions:\n  pay:\n    tier: 2\n    params: { amount: { type: number, max: 100 } }\n    budgets: [ { param: amount, max: 1000, per: 24h } ]\n    limits: [ { count: 5, per: 1h } ]\n  read: { tier: 0 }\n",
        )
        .unwrap();
        let changes = diff(&old, &new);
        let shown: Vec<(String, String, Option<String>, Option<String>)> =
            changes.into_iter().map(|c| (c.action, c.facet, c.old, c.new)).collect();
        assert_eq!(
            shown,
            vec![
                ("pay".into(), "limit count@1h@action".into(), None, Some("5 per 1h".into())),
                ("pay".into(), "param amount".into(), Some("number, max 500".into()), Some("number, max 100".into())),
                ("read".into(), "action".into(), None, Some("tier 0".into())),
            ]
        );
        let request = |amount: u32| ActionRequest {
            request_id: format!("r{amount}"),
            agent: "a".into(),
            session: None,
            action: "pay".into(),
            params: serde_json::json!({ "amount": amount }).as_object().cloned().unwrap_or_default(),
            target: None,
            undo_of: None,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        };
        let changed = replay(&old, &new, &[request(50), request(300)], &Snapshot::default(), 0);
        assert_eq!(changed.len(), 1);
        assert_eq!(changed[0].request.request_id, "r300");
        assert_eq!(
            (changed[0].old.as_str(), changed[0].new.as_str()),
            ("permit [within_policy] tier 2", "deny [bounds] tier 2")
        );
    }
}
