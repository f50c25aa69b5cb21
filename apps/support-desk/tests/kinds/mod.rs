//! The harness the blind-kinds regression sets share: a ticket on one linked order, decided by the classifier, and a
//! check that lists every case decided otherwise.
#![allow(dead_code)] // each test binary uses the part it needs

use support_desk::classify;
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

/// A ticket on a linked, delivered order of `cents` placed 6 days ago, with prior refunds of the given statuses.
pub fn evidence(body: &str, cents: i64, refunds: &[&str]) -> Evidence {
    evidence_at(body, cents, 6, refunds)
}

/// [`evidence`] on an order placed `days` ago.
pub fn evidence_at(body: &str, cents: i64, days: i64, refunds: &[&str]) -> Evidence {
    let order = Order { id: 7, customer_id: 1, amount_cents: cents, status: "delivered".into(), placed_days_ago: days };
    Evidence {
        ticket: Ticket {
            id: 3,
            customer_id: 1,
            order_id: Some(7),
            subject: "Support request".into(),
            body: body.into(),
            status: "open".into(),
        },
        customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
        orders: vec![order.clone()],
        lookup: OrderLookup::Linked,
        order: Some(order),
        refunds: refunds
            .iter()
            .enumerate()
            .map(|(i, s)| Refund { id: i as i64 + 1, order_id: 7, amount_cents: cents, status: (*s).into() })
            .collect(),
        calls: Vec::new(),
    }
}

pub type Decision = (String, String, Option<i64>);

pub fn decide(body: &str, cents: i64, refunds: &[&str]) -> Decision {
    let c = classify::classify(&evidence(body, cents, refunds));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

pub fn refund(cents: i64) -> Decision {
    ("refund".into(), "R1".into(), Some(cents))
}

pub fn other(action: &str, clause: &str) -> Decision {
    (action.into(), clause.into(), None)
}

/// Checks every case and fails once with the list of the ones that were decided otherwise.
pub fn check(cases: &[(&str, i64, &[&str], Decision)]) {
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|(body, cents, refunds, want)| {
            let got = decide(body, *cents, refunds);
            (got != *want).then(|| format!("{body}\n    want {want:?}, got {got:?}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{} of {} decided otherwise:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}
