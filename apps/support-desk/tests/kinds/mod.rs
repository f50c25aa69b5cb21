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

/// One ticket of a split generative table: its body, the linked order's amount, the decision the policy gives.
pub type TableCase = (String, i64, Decision);
/// One wording of a split table: the ticket for value set `k` (0..4).
pub type Wording = fn(usize) -> TableCase;
/// A split table: its name, its ten wordings, and the statuses of the prior refunds on its order.
pub type Table<'a> = (&'a str, &'a [Wording; 10], &'a [&'a str]);

/// The cases of one half of a table: the even wordings (`held == false`, the half a fix is made with) or the odd ones
/// (held out, never tuned against).
pub fn half(kind: &[Wording; 10], held: bool) -> Vec<TableCase> {
    kind.iter().enumerate().filter(|(i, _)| (i % 2 == 1) == held).flat_map(|(_, wording)| (0..4).map(wording)).collect()
}

/// Every ticket of one half decided as the policy decides it, on an order with prior refunds of `refunds`.
pub fn check_half(kind: &[Wording; 10], held: bool, refunds: &[&str]) {
    check_each(&half(kind, held), |(body, order, want)| (body.as_str(), evidence(body, *order, refunds), want));
}

/// The held-out halves' figure per table, printed with every miss, and held at `floor` (the figures when the fix was
/// committed), so a later change that loses one is seen.
pub fn held_out_figure(tables: &[Table], floor: &[usize]) {
    assert_eq!(tables.len(), floor.len(), "one floor per table");
    let mut lines = Vec::new();
    let mut below = Vec::new();
    for ((name, kind, refunds), min) in tables.iter().zip(floor) {
        let cases = half(kind, true);
        let mut right = 0;
        for (body, order, want) in &cases {
            let c = classify::classify(&evidence(body, *order, refunds));
            let got = (
                c.action.to_string(),
                c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(),
                c.amount_cents,
            );
            if got == *want {
                right += 1;
            } else {
                lines.push(format!("  {name}: {body}\n    want {want:?}, got {got:?}"));
            }
        }
        eprintln!("held out {name}: {right}/{}", cases.len());
        if right < *min {
            below.push(format!("{name}: {right} < {min}"));
        }
    }
    eprintln!("{}", lines.join("\n"));
    assert!(below.is_empty(), "held-out figure below its floor: {below:?}");
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
