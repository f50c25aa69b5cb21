//! The refund policy as data: the typed vocabulary of a decision (labels, actions, severities, clause ids) and the
//! clause table, in precedence order — X1–X4 (refuse) → E1/E2 (escalate) → U1 (needs information) → R (refund) →
//! C1 (close) → F1 (a human decides) — first match wins. [`decide`] walks the table over the [`Facts`] the reader
//! extracted and says which clause fired and why. The offline classifier ([`crate::classify`]) is this function; the
//! LLM providers ([`crate::llm`]) answer in the same types and are checked against the same facts.
//!
//! The table is the one place the precedence lives: each row is a clause id, what it decides, the policy sentence
//! (`policy.md`) and a test over the facts that returns why it fires.

use crate::classify::{Amount, Facts, Intent};
use crate::tools::OrderLookup;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Refunds above this many cents go to a human (E1).
pub const CAP_CENTS: i64 = 50_000;
/// Days after placement during which a refund is allowed, inclusive of the last day (R2, X3).
pub const WINDOW_DAYS: i64 = 30;

/// The window rule, shared by the classifier and the action tool's guardrail.
pub fn within_window(placed_days_ago: i64) -> bool {
    placed_days_ago <= WINDOW_DAYS
}

/// What a ticket is, in the policy's three labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    OutOfPolicy,
    InPolicy,
    UnderSpecified,
}

/// What the desk proposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Refund,
    Escalate,
    Close,
    Refuse,
}

/// An escalation's severity (the escalate tool also accepts `critical`, which the classifier never proposes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Low,
    Medium,
    High,
}

/// A clause of `policy.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Clause {
    X1,
    X2,
    X3,
    X4,
    X5,
    E1,
    E2,
    U1,
    R1,
    R2,
    R3,
    R4,
    R5,
    C1,
    F1,
}

impl Label {
    pub fn as_str(self) -> &'static str {
        match self {
            Label::OutOfPolicy => "out_of_policy",
            Label::InPolicy => "in_policy",
            Label::UnderSpecified => "under_specified",
        }
    }
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Refund => "refund",
            Action::Escalate => "escalate",
            Action::Close => "close",
            Action::Refuse => "refuse",
        }
    }
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }
}

impl Clause {
    /// Every clause id, in `policy.md` order: the only references an answer may cite.
    pub const ALL: [Clause; 15] = [
        Clause::X1,
        Clause::X2,
        Clause::X3,
        Clause::X4,
        Clause::X5,
        Clause::E1,
        Clause::E2,
        Clause::U1,
        Clause::R1,
        Clause::R2,
        Clause::R3,
        Clause::R4,
        Clause::R5,
        Clause::C1,
        Clause::F1,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Clause::X1 => "X1",
            Clause::X2 => "X2",
            Clause::X3 => "X3",
            Clause::X4 => "X4",
            Clause::X5 => "X5",
            Clause::E1 => "E1",
            Clause::E2 => "E2",
            Clause::U1 => "U1",
            Clause::R1 => "R1",
            Clause::R2 => "R2",
            Clause::R3 => "R3",
            Clause::R4 => "R4",
            Clause::R5 => "R5",
            Clause::C1 => "C1",
            Clause::F1 => "F1",
        }
    }

    pub fn parse(text: &str) -> Option<Clause> {
        Clause::ALL.into_iter().find(|c| c.as_str() == text)
    }

    /// What citing this clause allows: the action and the labels it fits.
    pub fn fits(self) -> (Action, &'static [Label]) {
        match self {
            Clause::X1 | Clause::X2 | Clause::X3 | Clause::X4 | Clause::X5 => (Action::Refuse, &[Label::OutOfPolicy]),
            Clause::E1 | Clause::E2 => (Action::Escalate, &[Label::InPolicy]),
            Clause::U1 | Clause::F1 => (Action::Escalate, &[Label::UnderSpecified, Label::InPolicy]),
            Clause::R1 | Clause::R2 | Clause::R3 | Clause::R4 | Clause::R5 => (Action::Refund, &[Label::InPolicy]),
            Clause::C1 => (Action::Close, &[Label::InPolicy]),
        }
    }
}

macro_rules! display_as_str {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    )*};
}
display_as_str!(Label, Action, Severity, Clause);

/// Comparisons with the wire strings (`action == "refund"`), for reports and tests that read JSON.
macro_rules! eq_str {
    ($($t:ty),*) => {$(
        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl PartialEq<String> for $t {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other
            }
        }
    )*};
}
eq_str!(Label, Action, Severity, Clause);

/// One row of the clause table.
pub struct Row {
    /// The clause that fires (for a refund, R1–R5 all hold; the row is cited as all five).
    pub clause: Clause,
    pub refs: &'static [Clause],
    pub label: Label,
    pub action: Action,
    pub severity: Option<Severity>,
    /// The policy sentence, as `policy.md` states it.
    pub text: &'static str,
    /// `Some(why)` when the clause fires on these facts.
    pub test: fn(&Facts) -> Option<String>,
}

/// The amount the customer asks, in cents, when the evidence settles it: the figure named, or the order's amount
/// when the request names none ("a refund", "my money back", "the full amount") and the order is identified.
pub fn requested_cents(f: &Facts) -> Option<i64> {
    let order = f.order_amount_cents?;
    match f.amount {
        Amount::Cents(c) => Some(c),
        Amount::Full | Amount::Missing => Some(order),
        Amount::FullPlus(extra) => order.checked_add(extra),
        Amount::Times(n) => order.checked_mul(n),
        // More than `c` by a figure not named: the least it can be is a cent more, which is what the comparisons with
        // the order (X2) and the cap (E1) need.
        Amount::MoreThan(c) => c.checked_add(1),
        Amount::Ambiguous => None,
    }
}

/// The order is this customer's and the ticket identifies it (linked, named, or the customer's only order).
fn identified(f: &Facts) -> bool {
    matches!(f.order, OrderLookup::Linked | OrderLookup::Named | OrderLookup::OnlyOrder)
        && f.order_amount_cents.is_some()
}

/// A refund is asked (ADR-1180): the reader's request, unless every asking clause thanks for or asks after a refund
/// on record and names nothing new. The refusals (X1–X4), E1, U1's amount test and the refund apply to requests only
/// (the reference policy: "Refuse a refund request …"; "thanking for … or asking about the state of a refund, is an
/// inquiry, not a new request (so not X4)").
fn requests(f: &Facts) -> bool {
    f.wants_refund && !f.about_refund_on_record
}

/// The order was never sent: cancelled or only paid (hazard38, ADR-1192). A refund asked on it is the reference
/// policy's own F1 example ("a refund asked on an order that is only `paid` or `cancelled`"): E1 ("the order otherwise
/// fine") and U1's amount test do not apply to it — a human settles what the cancellation owes. The refusals still
/// come first (X2 included: an over-ask is refused on any order, as the kept sets label it).
fn unsent(f: &Facts) -> bool {
    matches!(f.order_status.as_deref(), Some("cancelled" | "paid"))
}

fn money(c: i64) -> String {
    crate::money(c)
}

fn x1(f: &Facts) -> Option<String> {
    if !requests(f) {
        return None;
    }
    match &f.order {
        OrderLookup::NotThisCustomers(id) => Some(format!("order {id} is not a verifiable order of this customer")),
        OrderLookup::NoOrders => Some("the customer has no verifiable order".into()),
        _ => None,
    }
}

fn x2(f: &Facts) -> Option<String> {
    let (true, true, Some(order)) = (requests(f), identified(f), f.order_amount_cents) else { return None };
    let asked = requested_cents(f)?;
    let how = match f.amount {
        Amount::MoreThan(c) => format!("more than {}", money(c)),
        _ => money(asked),
    };
    (asked > order)
        .then(|| format!("asks {how} on an order of {} (an over-ask is refused, never reduced)", money(order)))
}

fn x3(f: &Facts) -> Option<String> {
    let days = f.placed_days_ago.filter(|_| requests(f) && identified(f))?;
    (!within_window(days)).then(|| format!("placed {days} days ago, past the {WINDOW_DAYS}-day window"))
}

fn x4(f: &Facts) -> Option<String> {
    (requests(f) && identified(f) && f.executed_prior_refund).then(|| "the order already has an executed refund".into())
}

fn e1(f: &Facts) -> Option<String> {
    if !(requests(f) && identified(f)) || unsent(f) {
        return None;
    }
    let asked = requested_cents(f)?;
    (asked > CAP_CENTS).then(|| format!("{} is over the {} cap", money(asked), money(CAP_CENTS)))
}

fn e2(f: &Facts) -> Option<String> {
    f.safety_legal_injury.then(|| "safety, legal threat or injury".into())
}

fn u1(f: &Facts) -> Option<String> {
    if requests(f) {
        if f.order == OrderLookup::Ambiguous {
            return Some("needs more information: several orders and none named or linked".into());
        }
        if identified(f) && f.amount == Amount::Ambiguous && !unsent(f) {
            return Some(
                "needs more information: the amount cannot be settled (a share, alternatives or an unreadable figure)"
                    .into(),
            );
        }
        return None;
    }
    if f.intent == Intent::Complaint && f.vague {
        return Some("needs more information: a complaint naming neither an order nor a problem".into());
    }
    if f.unread_ask {
        return Some(
            "needs more information: a problem told or a demand made, and nothing asked that the reader can settle"
                .into(),
        );
    }
    None
}

/// A refund already under way on the order (pending on record), and a ticket read as a request that names no new
/// amount (no figure, or "the full amount"), no problem with the goods and no duplicate charge: nothing in it asks
/// anything the refund under way does not already answer. The reference C1 makes asking after a refund an inquiry;
/// paying again on the reader's guess would pay the order twice (ADR-1043). A figure named or a problem told is new:
/// the pending refund then does not count (R3).
pub fn pending_with_nothing_new(f: &Facts) -> bool {
    requests(f)
        && f.pending_prior_refund
        && matches!(f.amount, Amount::Missing | Amount::Full)
        && !f.names_problem
        && !f.duplicate_charge
}

fn refund(f: &Facts) -> Option<String> {
    if !(requests(f) && identified(f) && !f.executed_prior_refund) || pending_with_nothing_new(f) {
        return None;
    }
    let status = f.order_status.as_deref()?;
    let days = f.placed_days_ago?;
    let asked = requested_cents(f).filter(|a| *a > 0)?;
    let order = f.order_amount_cents?;
    let ok = matches!(status, "delivered" | "shipped") && within_window(days) && asked <= order && asked <= CAP_CENTS;
    let how = match f.amount {
        Amount::Cents(_) => "the amount asked",
        _ => "no figure named: the order's amount",
    };
    ok.then(|| format!("refund {} ({how})", money(asked)))
}

fn c1(f: &Facts) -> Option<String> {
    if pending_with_nothing_new(f) && !f.safety_legal_injury {
        return Some(
            "a refund is already under way on this order and the ticket names no new amount and no new problem: \
             asking after it is an inquiry, never a second payment"
                .into(),
        );
    }
    (!requests(f) && !f.safety_legal_injury && !f.other_remedy_asked).then(|| match f.intent {
        _ if f.wants_refund => "thanks for or asks after a refund on record and names nothing new: an inquiry".into(),
        Intent::Acknowledgement => "acknowledges a refund already made: an inquiry".into(),
        Intent::StatusQuestion => "asks about a refund on record: an inquiry".into(),
        _ => "a pure inquiry needing no account action".into(),
    })
}

fn f1(f: &Facts) -> Option<String> {
    Some(match f.order_status.as_deref() {
        Some(status) => format!("no rule matches: order status is {status}"),
        None => "no rule matches: a human decides".into(),
    })
}

const REFUND_REFS: &[Clause] = &[Clause::R1, Clause::R2, Clause::R3, Clause::R4, Clause::R5];

/// The clause table, in precedence order; the first row whose test fires decides.
pub const TABLE: &[Row] = &[
    Row {
        clause: Clause::X1,
        refs: &[Clause::X1],
        label: Label::OutOfPolicy,
        action: Action::Refuse,
        severity: None,
        text: "no verifiable order, or the order named is not this customer's",
        test: x1,
    },
    Row {
        clause: Clause::X2,
        refs: &[Clause::X2],
        label: Label::OutOfPolicy,
        action: Action::Refuse,
        severity: None,
        text: "the amount asked is more than the order amount",
        test: x2,
    },
    Row {
        clause: Clause::X3,
        refs: &[Clause::X3],
        label: Label::OutOfPolicy,
        action: Action::Refuse,
        severity: None,
        text: "the order is past the window",
        test: x3,
    },
    Row {
        clause: Clause::X4,
        refs: &[Clause::X4],
        label: Label::OutOfPolicy,
        action: Action::Refuse,
        severity: None,
        text: "the order already has an executed refund",
        test: x4,
    },
    Row {
        clause: Clause::E1,
        refs: &[Clause::E1],
        label: Label::InPolicy,
        action: Action::Escalate,
        severity: Some(Severity::Medium),
        text: "the amount is over the cap",
        test: e1,
    },
    Row {
        clause: Clause::E2,
        refs: &[Clause::E2],
        label: Label::InPolicy,
        action: Action::Escalate,
        severity: Some(Severity::High),
        text: "safety, a legal threat or an injury",
        test: e2,
    },
    Row {
        clause: Clause::U1,
        refs: &[Clause::U1],
        label: Label::UnderSpecified,
        action: Action::Escalate,
        severity: Some(Severity::Low),
        text: "the evidence cannot settle the order or the amount",
        test: u1,
    },
    Row {
        clause: Clause::R1,
        refs: REFUND_REFS,
        label: Label::InPolicy,
        action: Action::Refund,
        severity: None,
        text: "delivered or shipped, within the window, no executed refund, amount within the order and the cap",
        test: refund,
    },
    Row {
        clause: Clause::C1,
        refs: &[Clause::C1],
        label: Label::InPolicy,
        action: Action::Close,
        severity: None,
        text: "a pure inquiry needing no account action",
        test: c1,
    },
    Row {
        clause: Clause::F1,
        refs: &[Clause::F1],
        label: Label::UnderSpecified,
        action: Action::Escalate,
        severity: Some(Severity::Low),
        text: "no rule matches: a human decides",
        test: f1,
    },
];

/// What the table decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub clause: Clause,
    pub refs: Vec<Clause>,
    pub label: Label,
    pub action: Action,
    pub severity: Option<Severity>,
    pub why: String,
    /// For a refund: the amount.
    pub amount_cents: Option<i64>,
}

/// One row of the table as walked for one ticket: whether it fired, and why (or why not).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    pub clause: Clause,
    pub fired: bool,
    pub why: String,
}

/// Why a row that did not fire did not, in the words of the facts it tests.
fn why_not(clause: Clause, f: &Facts) -> String {
    let asked = requested_cents(f);
    let no_request = || "no refund is asked".to_string();
    let unidentified = || format!("no identified order of this customer ({:?})", f.order);
    match clause {
        Clause::X1 if !requests(f) => no_request(),
        Clause::X1 => format!("the order is this customer's ({:?})", f.order),
        Clause::X2 | Clause::X3 | Clause::X4 | Clause::E1 if !requests(f) => no_request(),
        Clause::X2 | Clause::X3 | Clause::X4 | Clause::E1 if !identified(f) => unidentified(),
        Clause::E1 if unsent(f) => "the order was never sent (cancelled or only paid): no cap test".into(),
        Clause::X2 => match (asked, f.order_amount_cents) {
            (Some(a), Some(o)) => format!("asks {} of an order of {}: not more", money(a), money(o)),
            _ => format!("the amount asked cannot be settled ({:?})", f.amount),
        },
        Clause::X3 => format!("placed {} days ago: within the window", f.placed_days_ago.unwrap_or_default()),
        Clause::X4 => "no executed refund on record".into(),
        Clause::E1 => match asked {
            Some(a) => format!("asks {}: within the {} cap", money(a), money(CAP_CENTS)),
            None => format!("the amount asked cannot be settled ({:?})", f.amount),
        },
        Clause::E2 => "no safety, legal or injury words".into(),
        Clause::U1 if requests(f) && unsent(f) => "the order was never sent: no amount test".into(),
        Clause::U1 if requests(f) => "the order and the amount are settled".into(),
        Clause::U1 => format!("no refund asked and not a vague complaint (intent {:?})", f.intent),
        Clause::R1 | Clause::R2 | Clause::R3 | Clause::R4 | Clause::R5 => {
            if !requests(f) {
                return no_request();
            }
            if !identified(f) {
                return unidentified();
            }
            let mut failed = Vec::new();
            let status = f.order_status.as_deref().unwrap_or("unknown");
            if !matches!(status, "delivered" | "shipped") {
                failed.push(format!("R1: status is {status}"));
            }
            if !f.placed_days_ago.is_some_and(within_window) {
                failed.push("R2: past the window".into());
            }
            if f.executed_prior_refund {
                failed.push("R3: an executed refund".into());
            }
            if pending_with_nothing_new(f) {
                failed.push("a refund under way, nothing new named (ADR-1043)".into());
            }
            match (asked, f.order_amount_cents) {
                (Some(a), Some(o)) if a > o => failed.push("R4: more than the order".into()),
                (Some(a), _) if a > CAP_CENTS => failed.push("R5: over the cap".into()),
                (Some(a), _) if a <= 0 => failed.push("the amount is zero".into()),
                (None, _) => failed.push("the amount cannot be settled".into()),
                _ => {}
            }
            failed.join("; ")
        }
        Clause::C1 if requests(f) => "a refund is asked".into(),
        Clause::C1 if f.other_remedy_asked => {
            "another remedy is asked (a replacement, an exchange, a repair): an account action, no inquiry".into()
        }
        Clause::C1 => "safety, legal or injury words".into(),
        Clause::X5 | Clause::F1 => "not reached".into(),
    }
}

/// Walks the table: the first clause that fires decides.
pub fn decide(f: &Facts) -> Verdict {
    decide_traced(f).0
}

/// Walks the table and says, row by row, which clause fired and why the earlier ones did not.
pub fn decide_traced(f: &Facts) -> (Verdict, Vec<Check>) {
    let mut checks = Vec::new();
    for row in TABLE {
        match (row.test)(f) {
            Some(why) => {
                checks.push(Check { clause: row.clause, fired: true, why: why.clone() });
                let verdict = Verdict {
                    clause: row.clause,
                    refs: row.refs.to_vec(),
                    label: row.label,
                    action: row.action,
                    severity: row.severity,
                    why,
                    amount_cents: (row.action == Action::Refund).then(|| requested_cents(f)).flatten(),
                };
                return (verdict, checks);
            }
            None => checks.push(Check { clause: row.clause, fired: false, why: why_not(row.clause, f) }),
        }
    }
    // F1 always fires; this is the same answer.
    let verdict = Verdict {
        clause: Clause::F1,
        refs: vec![Clause::F1],
        label: Label::UnderSpecified,
        action: Action::Escalate,
        severity: Some(Severity::Low),
        why: "no rule matches".into(),
        amount_cents: None,
    };
    (verdict, checks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_reference_precedence() {
        let order: Vec<Clause> = TABLE.iter().map(|r| r.clause).collect();
        assert_eq!(
            order,
            [
                Clause::X1,
                Clause::X2,
                Clause::X3,
                Clause::X4,
                Clause::E1,
                Clause::E2,
                Clause::U1,
                Clause::R1,
                Clause::C1,
                Clause::F1
            ]
        );
        for row in TABLE {
            for r in row.refs {
                let (action, labels) = r.fits();
                assert_eq!(action, row.action, "{r}");
                assert!(labels.contains(&row.label), "{r}");
            }
        }
    }

    fn pending(amount: Amount, problem: bool, intent: Intent) -> Facts {
        Facts {
            wants_refund: true,
            amount,
            order: OrderLookup::Linked,
            order_amount_cents: Some(3_900),
            order_status: Some("delivered".into()),
            placed_days_ago: Some(9),
            executed_prior_refund: false,
            safety_legal_injury: false,
            refund_status_question: false,
            duplicate_charge: false,
            intent,
            vague: false,
            pending_prior_refund: true,
            names_problem: problem,
            unread_ask: false,
            other_remedy_asked: false,
            about_refund_on_record: false,
            second_reading: None,
        }
    }

    /// ADR-1043: a refund already under way on the order, and a ticket the reader took for a request that names no
    /// new amount and no problem with the goods: never paid again on that reading; asking after a refund is C1.
    #[test]
    fn a_pending_refund_with_nothing_new_is_never_paid_again() {
        for amount in [Amount::Missing, Amount::Full] {
            for intent in [Intent::Request, Intent::StatusQuestion, Intent::Inquiry] {
                let v = decide(&pending(amount.clone(), false, intent));
                assert_eq!((v.action, v.clause), (Action::Close, Clause::C1), "{amount:?} {intent:?}: {}", v.why);
            }
        }
        // Something new: a figure named, or a problem with the goods — the pending refund does not count (R3).
        assert_eq!(decide(&pending(Amount::Cents(1_200), false, Intent::Request)).action, Action::Refund);
        assert_eq!(decide(&pending(Amount::Missing, true, Intent::Request)).action, Action::Refund);
        // Past the window it is still refused, and a duplicate charge told is new (not this guard's).
        let mut late = pending(Amount::Missing, false, Intent::Request);
        late.placed_days_ago = Some(40);
        assert_eq!(decide(&late).clause, Clause::X3);
        let mut twice = pending(Amount::Missing, false, Intent::Request);
        twice.duplicate_charge = true;
        assert_eq!(decide(&twice).action, Action::Refund);
    }

    #[test]
    fn the_window_is_inclusive_of_day_30() {
        assert!(within_window(30));
        assert!(!within_window(31));
    }
}
