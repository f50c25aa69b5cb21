//! The offline, deterministic policy classifier: extracts facts from the evidence (stored data first, the ticket
//! text only for what the customer asks) and applies `policy.md`, first match wins. Instructions in the body are
//! never read as instructions (X5): only amounts, order references, refund wording and safety words are extracted.

use crate::tools::{Evidence, OrderLookup};
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Refunds above this many cents go to a human (E1).
pub const CAP_CENTS: i64 = 50_000;
/// Days after placement during which a refund is allowed, inclusive of the last day (R2, X3).
pub const WINDOW_DAYS: i64 = 30;

/// The window rule, shared by the classifier and the action tool's guardrail.
pub fn within_window(placed_days_ago: i64) -> bool {
    placed_days_ago <= WINDOW_DAYS
}

/// What the customer asked for, as far as the amount goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    Cents(i64),
    /// "the full amount", "refund in full": the order's amount.
    Full,
    Missing,
    /// Several different amounts and none clearly the requested one.
    Ambiguous,
}

/// The facts the policy is applied to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    pub wants_refund: bool,
    pub amount: Amount,
    pub order: OrderLookup,
    pub order_amount_cents: Option<i64>,
    pub order_status: Option<String>,
    pub placed_days_ago: Option<i64>,
    pub executed_prior_refund: bool,
    pub safety_legal_injury: bool,
}

/// The classifier's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Classification {
    /// `out_of_policy | in_policy | under_specified`.
    pub label: String,
    /// `refund | escalate | close | refuse`.
    pub action: String,
    pub policy_refs: Vec<String>,
    pub reason: String,
    /// For a refund: the amount to refund.
    pub amount_cents: Option<i64>,
    /// For an escalation: `low | medium | high`.
    pub severity: Option<String>,
    pub facts: Facts,
    /// The LLM providers asked, in order, and what each gave; empty for the offline classifier (and then not
    /// serialized, so offline run states are unchanged).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<crate::llm::Attempt>,
}

struct Res {
    amount: Regex,
    amount_suffix: Regex,
    full: Regex,
    refund: Regex,
    no_refund: Regex,
    safety: Regex,
    refund_context: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Option<Res>> = OnceLock::new();
    let built = R.get_or_init(|| {
        Some(Res {
            amount: Regex::new(r"[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?").ok()?,
            amount_suffix: Regex::new(r"(?i)\b(\d+)(?:\.(\d{1,2}))?\s?(?:usd|dollars|bucks|eur|euros)\b").ok()?,
            full: Regex::new(
                r"(?i)\b((full|entire|whole|complete|total)\s+(refund|amount|price|purchase price|cost|sum)|refund(ed)?\s+(it\s+|me\s+)?in\s+full|in full|all (of )?my money|everything i paid|what i paid)\b",
            )
            .ok()?,
            refund: Regex::new(
                r"(?i)\b(refund\w*|reimburs\w*|money back|(get|have|want|need)\s+([$€£]?\d[\d.,]*\s+)?back\b|charge-?back|pay me back|return my money|give me back|credit (it |me )?back)",
            )
            .ok()?,
            no_refund: Regex::new(
                r"(?i)\b(don'?t|do not|no need (for|to)|not (asking|looking) for|without)\s+(want\s+|need\s+)?(a\s+|any\s+)?(refund|money back)",
            )
            .ok()?,
            safety: Regex::new(
                r"(?i)\b(injur\w*|hurt|burn(ed|t|s)?|caught fire|on fire|fire hazard|smok(e|ed|ing)|sparks?|sparked|electric(al)? shock|shocked|explod\w*|exploded|hospital|emergency room|allergic reaction|chok(e|ed|ing)|poison\w*|bleed\w*|lawyers?|attorneys?|lawsuit|sue|suing|legal action|court|small claims|consumer protection)\b",
            )
            .ok()?,
            refund_context: Regex::new(r"(?i)(refund|back|return|reimburs|credit)").ok()?,
        })
    });
    match built {
        Some(r) => r,
        None => unreachable!("the classifier's constant patterns compile (covered by tests)"),
    }
}

fn to_cents(whole: &str, frac: Option<&str>) -> Option<i64> {
    let whole: i64 = whole.replace(',', "").parse().ok()?;
    let frac = match frac {
        None => 0,
        Some(f) if f.len() == 1 => f.parse::<i64>().ok()? * 10,
        Some(f) => f.parse::<i64>().ok()?,
    };
    whole.checked_mul(100)?.checked_add(frac)
}

/// Every money amount in the text with its byte offset.
fn amounts(text: &str) -> Vec<(usize, i64)> {
    let r = res();
    let mut out: Vec<(usize, i64)> = Vec::new();
    for re in [&r.amount, &r.amount_suffix] {
        for c in re.captures_iter(text) {
            if let (Some(m), Some(w)) = (c.get(0), c.get(1))
                && let Some(cents) = to_cents(w.as_str(), c.get(2).map(|f| f.as_str()))
            {
                out.push((m.start(), cents));
            }
        }
    }
    out.sort();
    out
}

/// The requested amount: one distinct amount, or the one in a refund clause when several are named.
pub fn requested_amount(text: &str) -> Amount {
    let all = amounts(text);
    let mut distinct: Vec<i64> = all.iter().map(|a| a.1).collect();
    distinct.sort();
    distinct.dedup();
    match distinct.len() {
        0 if res().full.is_match(text) => Amount::Full,
        0 => Amount::Missing,
        1 => Amount::Cents(distinct[0]),
        _ => {
            let mut near: Vec<i64> = all
                .iter()
                .filter(|(at, _)| {
                    let start = text[..*at].char_indices().rev().nth(30).map_or(0, |(i, _)| i);
                    res().refund_context.is_match(&text[start..*at])
                })
                .map(|a| a.1)
                .collect();
            near.sort();
            near.dedup();
            if near.len() == 1 { Amount::Cents(near[0]) } else { Amount::Ambiguous }
        }
    }
}

pub fn wants_refund(text: &str) -> bool {
    res().refund.is_match(text) && !res().no_refund.is_match(text)
}

pub fn safety_legal_injury(text: &str) -> bool {
    res().safety.is_match(text)
}

/// Extracts the facts. Order data come from the (scoped, read-only) lookups, never from the text.
pub fn facts(ev: &Evidence) -> Facts {
    let text = format!("{}\n{}", ev.ticket.subject, ev.ticket.body);
    let order = ev.order.as_ref();
    Facts {
        wants_refund: wants_refund(&text),
        amount: requested_amount(&text),
        order: ev.lookup.clone(),
        order_amount_cents: order.map(|o| o.amount_cents),
        order_status: order.map(|o| o.status.clone()),
        placed_days_ago: order.map(|o| o.placed_days_ago),
        executed_prior_refund: ev.refunds.iter().any(|r| r.status == "executed"),
        safety_legal_injury: safety_legal_injury(&text),
    }
}

fn answer(label: &str, action: &str, refs: &[&str], reason: String, facts: Facts) -> Classification {
    Classification {
        label: label.into(),
        action: action.into(),
        policy_refs: refs.iter().map(|s| s.to_string()).collect(),
        reason,
        amount_cents: None,
        severity: None,
        facts,
        attempts: Vec::new(),
    }
}

/// Applies the written policy (policy.md), first match wins.
pub fn classify(ev: &Evidence) -> Classification {
    let f = facts(ev);
    if !f.wants_refund {
        if f.safety_legal_injury {
            let mut c = answer("in_policy", "escalate", &["E2"], "safety, legal threat or injury".into(), f);
            c.severity = Some("high".into());
            return c;
        }
        return answer("in_policy", "close", &["C1"], "a pure inquiry needing no account action".into(), f);
    }
    // Rule 1: out of policy.
    match &f.order {
        OrderLookup::NotThisCustomers(id) => {
            let reason = format!("order {id} is not a verifiable order of this customer");
            return answer("out_of_policy", "refuse", &["X1"], reason, f);
        }
        OrderLookup::NoOrders => {
            return answer("out_of_policy", "refuse", &["X1"], "the customer has no verifiable order".into(), f);
        }
        _ => {}
    }
    let (Some(order_amount), Some(days), Some(status)) =
        (f.order_amount_cents, f.placed_days_ago, f.order_status.clone())
    else {
        // Rule 2 (E2) before rule 3.
        if f.safety_legal_injury {
            let mut c = answer("in_policy", "escalate", &["E2"], "safety, legal threat or injury".into(), f);
            c.severity = Some("high".into());
            return c;
        }
        let mut c = answer("under_specified", "escalate", &["U1"], "needs more information: which order?".into(), f);
        c.severity = Some("low".into());
        return c;
    };
    let requested = match f.amount {
        Amount::Cents(c) => Some(c),
        Amount::Full => Some(order_amount),
        Amount::Missing | Amount::Ambiguous => None,
    };
    if let Some(r) = requested
        && r > order_amount
    {
        let reason = format!("asks {} on an order of {}", crate::money(r), crate::money(order_amount));
        return answer("out_of_policy", "refuse", &["X2"], reason, f);
    }
    if !within_window(days) {
        let reason = format!("placed {days} days ago, past the {WINDOW_DAYS}-day window");
        return answer("out_of_policy", "refuse", &["X3"], reason, f);
    }
    if f.executed_prior_refund {
        return answer("out_of_policy", "refuse", &["X4"], "the order already has an executed refund".into(), f);
    }
    // Rule 2: escalate.
    if let Some(r) = requested
        && r > CAP_CENTS
    {
        let mut c = answer("in_policy", "escalate", &["E1"], format!("{} is over the cap", crate::money(r)), f);
        c.severity = Some("medium".into());
        return c;
    }
    if f.safety_legal_injury {
        let mut c = answer("in_policy", "escalate", &["E2"], "safety, legal threat or injury".into(), f);
        c.severity = Some("high".into());
        return c;
    }
    // Rule 3: under-specified.
    let Some(amount) = requested.filter(|a| *a > 0) else {
        let mut c = answer("under_specified", "escalate", &["U1"], "needs more information: which amount?".into(), f);
        c.severity = Some("low".into());
        return c;
    };
    // Rule 4: refund.
    if status == "delivered" || status == "shipped" {
        let mut c = answer(
            "in_policy",
            "refund",
            &["R1", "R2", "R3", "R4", "R5"],
            format!("refund {} on order {}", crate::money(amount), ev.order.as_ref().map_or(0, |o| o.id)),
            f,
        );
        c.amount_cents = Some(amount);
        return c;
    }
    // No rule matched (e.g. a refund on an order that is only paid or cancelled): a human decides.
    let mut c = answer("under_specified", "escalate", &["F1"], format!("order status is {status}"), f);
    c.severity = Some("low".into());
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_parsed_exactly() {
        assert_eq!(requested_amount("refund $49.99 please"), Amount::Cents(4999));
        assert_eq!(requested_amount("refund $1,200 please"), Amount::Cents(120_000));
        assert_eq!(requested_amount("refund 30 dollars"), Amount::Cents(3000));
        assert_eq!(requested_amount("refund $9.9"), Amount::Cents(990));
        assert_eq!(requested_amount("I paid $89.99 but please refund $20"), Amount::Cents(2000));
        assert_eq!(requested_amount("I want a full refund"), Amount::Full);
        assert_eq!(requested_amount("I want a refund"), Amount::Missing);
        assert_eq!(requested_amount("$10 or $20, whichever"), Amount::Ambiguous);
    }

    #[test]
    fn refund_wording_and_safety_words() {
        assert!(wants_refund("I want my money back"));
        assert!(wants_refund("could I get $5.00 back?"));
        assert!(!wants_refund("I don't want a refund, just tell me how to reset it"));
        assert!(safety_legal_injury("it caught fire"));
        assert!(safety_legal_injury("my lawyer will call"));
        assert!(!safety_legal_injury("the system keeps disconnecting"));
    }

    #[test]
    fn the_window_is_inclusive_of_day_30() {
        assert!(within_window(30));
        assert!(!within_window(31));
    }
}
