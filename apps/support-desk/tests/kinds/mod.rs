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

/// A ticket table file: one ticket a line, `|`-separated columns in the order `columns` names, `#` lines comments,
/// `\n` in the body a line break. Columns the harness reads: `kind`, `action`, `clause`, `refund_cents` (the refund's
/// amount), `order_cents`, `days`, `refund_status` (`-` for none), the optional `status` (the order's; `none` for a
/// customer with no order; default `delivered`) and `lookup` (`foreign`: the order named is another customer's), a
/// label shown in a failure (`register` or `source`), and `body` (last).
pub struct TicketTable {
    pub text: &'static str,
    pub columns: &'static [&'static str],
}

/// A table of tickets on a linked delivered order: `kind|register|action|clause|refund_cents|order_cents|days|refund_status|body`.
pub const REGISTER_COLUMNS: &[&str] =
    &["kind", "register", "action", "clause", "refund_cents", "order_cents", "days", "refund_status", "body"];
/// A table whose order's status is a column: `source|kind|action|clause|refund_cents|status|order_cents|days|refund_status|body`.
pub const STATUS_COLUMNS: &[&str] =
    &["source", "kind", "action", "clause", "refund_cents", "status", "order_cents", "days", "refund_status", "body"];

/// One line of a [`TicketTable`], by column name.
pub struct TableRow(std::collections::HashMap<&'static str, String>);

impl TableRow {
    pub fn get(&self, column: &str) -> Option<&str> {
        self.0.get(column).map(String::as_str)
    }

    fn field(&self, column: &str) -> &str {
        self.get(column).unwrap_or_else(|| panic!("the table has no column `{column}`"))
    }

    fn number(&self, column: &str) -> i64 {
        self.field(column).parse().unwrap_or_else(|_| panic!("`{column}` is not a number: {}", self.field(column)))
    }

    /// The ticket on its order: linked when the customer has it, none for `status` `none`, another customer's for
    /// `lookup` `foreign`.
    pub fn evidence(&self) -> Evidence {
        let status = self.get("status").unwrap_or("delivered");
        let foreign = self.get("lookup") == Some("foreign");
        let amount_cents = self.number("order_cents");
        let order = (status != "none" && !foreign).then(|| Order {
            id: 7,
            customer_id: 1,
            amount_cents,
            status: status.into(),
            placed_days_ago: self.number("days"),
        });
        let lookup = match (&order, foreign) {
            (_, true) => OrderLookup::NotThisCustomers(7),
            (None, _) => OrderLookup::NoOrders,
            (Some(_), _) => OrderLookup::Linked,
        };
        let refund = self.field("refund_status");
        Evidence {
            ticket: Ticket {
                id: 3,
                customer_id: 1,
                order_id: if foreign { Some(7) } else { order.as_ref().map(|o| o.id) },
                subject: "Support request".into(),
                body: self.field("body").replace("\\n", "\n"),
                status: "open".into(),
            },
            customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
            orders: order.iter().cloned().collect(),
            lookup,
            order: order.clone(),
            refunds: if refund == "-" {
                Vec::new()
            } else {
                vec![Refund { id: 1, order_id: 7, amount_cents, status: refund.into() }]
            },
            calls: Vec::new(),
        }
    }

    /// The decision the row is labelled with: (action, first clause, the refund's amount for a refund).
    pub fn want(&self) -> Decision {
        let action = self.field("action");
        let cents = if action == "refund" { self.field("refund_cents").parse().ok() } else { None };
        (action.into(), self.field("clause").into(), cents)
    }
}

impl TicketTable {
    pub fn rows(&self) -> Vec<TableRow> {
        self.text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.splitn(self.columns.len(), '|').collect();
                assert_eq!(f.len(), self.columns.len(), "{l}");
                TableRow(self.columns.iter().copied().zip(f.into_iter().map(String::from)).collect())
            })
            .collect()
    }

    /// Every row of `kind` decided as labelled; at least `min` rows; with `every_register`, a row in each of the five
    /// registers. Fails once, listing every row decided otherwise.
    pub fn check(&self, kind: &str, min: usize, every_register: bool) {
        let all: Vec<TableRow> = self.rows().into_iter().filter(|r| r.get("kind") == Some(kind)).collect();
        let label = |r: &TableRow| r.get("register").or(r.get("source")).unwrap_or("").to_string();
        let mut wrong = Vec::new();
        for r in &all {
            let c = classify::classify(&r.evidence());
            let got = (
                c.action.to_string(),
                c.policy_refs.first().map(|x| x.to_string()).unwrap_or_default(),
                c.amount_cents,
            );
            let want = r.want();
            if got != want {
                wrong.push(format!("[{}] {}\n    want {want:?}, got {got:?}", label(r), r.field("body")));
            }
        }
        assert!(all.len() >= min, "{kind}: {} rows", all.len());
        if every_register {
            for register in ["terse", "rambling", "non-native", "forwarded", "jargon"] {
                assert!(all.iter().any(|r| r.get("register") == Some(register)), "{kind}: no {register} row");
            }
        }
        assert!(wrong.is_empty(), "{kind}: {}/{} decided otherwise:\n{}", wrong.len(), all.len(), wrong.join("\n"));
    }
}

/// The harm tests' checks (attack55_harm, attack56_harm), each on a linked, delivered $49.99 order placed 6 days ago.
/// Every body that is not escalated E2, listed at once.
pub fn all_escalated(bodies: &[&str]) {
    let missed: Vec<String> = bodies
        .iter()
        .map(|b| (b, decide(b, 4_999, &[])))
        .filter(|(_, d)| !(d.0 == "escalate" && d.1 == "E2"))
        .map(|(b, d)| format!("{b:?} -> {d:?}"))
        .collect();
    assert!(missed.is_empty(), "{} of {} not escalated E2:\n{}", missed.len(), bodies.len(), missed.join("\n"));
}

/// Every body refunded in full ($49.99, R1), listed at once.
pub fn all_paid(bodies: &[&str]) {
    let want = refund(4_999);
    let wrong: Vec<String> = bodies
        .iter()
        .map(|b| (b, decide(b, 4_999, &[])))
        .filter(|(_, d)| *d != want)
        .map(|(b, d)| format!("{b:?} -> {d:?}"))
        .collect();
    assert!(wrong.is_empty(), "{} of {} not paid $49.99:\n{}", wrong.len(), bodies.len(), wrong.join("\n"));
}

/// Every body the harm reading clears (no safety, legal or injury reading), listed at once.
pub fn none_harm(bodies: &[&str]) {
    let read: Vec<String> = bodies
        .iter()
        .filter(|b| classify::safety_legal_injury(b))
        .map(|b| format!("{b:?}: {:?}", classify::harm_reasons(b)))
        .collect();
    assert!(read.is_empty(), "{} of {} read as harm:\n{}", read.len(), bodies.len(), read.join("\n"));
}
