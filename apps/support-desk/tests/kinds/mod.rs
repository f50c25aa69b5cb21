//! The harness the blind-kinds regression sets share: a ticket on one linked order, decided by the classifier, and a
//! check that lists every case decided otherwise.
#![allow(dead_code)] // each file uses the part it needs

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

/// A ticket on a linked delivered order of `cents` placed `days` ago, with prior refunds of the given statuses, and
/// the decision it must get.
pub type Case<'a> = (&'a str, i64, i64, &'a [&'a str], Decision);

/// Decides every case and fails listing each one decided otherwise (so a red run names the whole kind).
pub fn check_at(cases: &[Case]) {
    check_each(cases, |(body, cents, days, refunds, want)| (body, evidence_at(body, *cents, *days, refunds), want));
}

/// Decides each case on the evidence `ticket` builds for it (its body, that evidence, the decision it must get) and
/// fails listing each one decided otherwise.
pub fn check_each<T>(cases: &[T], ticket: impl Fn(&T) -> (&str, Evidence, &Decision)) {
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let (body, evidence, want) = ticket(case);
            let c = classify::classify(&evidence);
            let got = (
                c.action.to_string(),
                c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(),
                c.amount_cents,
            );
            (got != *want).then(|| format!("{body}\n    want {want:?}, got {got:?}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{} of {} decided otherwise:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

/// A small deterministic generator (SplitMix64): the same seed gives the same tickets on every machine.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// Cents between `lo` and `hi` dollars, sometimes whole dollars.
    pub fn cents(&mut self, lo: i64, hi: i64) -> i64 {
        let dollars = lo + (self.next() % (hi - lo + 1) as u64) as i64;
        if self.below(3) == 0 { dollars * 100 } else { dollars * 100 + (self.next() % 99) as i64 + 1 }
    }
}
