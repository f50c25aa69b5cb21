//! desk35's kinds (issue 16, ADR-1150…ADR-1154): what the customer is doing. A generative table
//! (`desk35_table.txt`, one ticket a line) of five kinds across the five registers (terse, rambling, non-native,
//! forwarded mail, jargon), each with its near misses:
//!
//! - K1 harm to a person or a dangerous failure with no refund asked → E2 (never C1); ordinary faults and figures of
//!   speech ("shocked at the price") are no hazard;
//! - K2 a vague complaint naming neither an order nor a problem → U1, even with "What can you do for me?";
//! - K3 a refund asked on an order that is only paid or cancelled → F1 (never C1), wherever the ask stands;
//! - K4 thanks for, and acknowledgement of, a refund → C1, never a new refund or X4; thanks with a new ask is an ask;
//! - K5 requests the reader must see (a relative's forwarded mail, words under a quote) and hazards that are not.
//!
//! The table is split in halves: the fixes were made against half A only; half B is the held-out check. Every text
//! is written for this table; none comes from `evals/` or the blind sets.

use crate::kinds::{Decision, check_each};
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

const TABLE: &str = include_str!("desk35_table.txt");

struct Row {
    kind: String,
    body: String,
    evidence: Evidence,
    want: Decision,
}

fn order(id: i64, cents: i64, status: &str, days: i64) -> Order {
    Order { id, customer_id: 1, amount_cents: cents, status: status.into(), placed_days_ago: days }
}

/// The evidence an account code of the table describes (see the table's header).
fn evidence(body: &str, account: &str) -> Evidence {
    let ticket = |order_id| Ticket {
        id: 3,
        customer_id: 1,
        order_id,
        subject: "Support request".into(),
        body: body.into(),
        status: "open".into(),
    };
    let customer = Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() };
    if account == "amb" {
        return Evidence {
            ticket: ticket(None),
            customer,
            orders: vec![order(8, 2_500, "delivered", 5), order(9, 2_500, "delivered", 5)],
            lookup: OrderLookup::Ambiguous,
            order: None,
            refunds: Vec::new(),
            calls: Vec::new(),
        };
    }
    let parts: Vec<&str> = account.split(':').collect();
    let (code, cents, days) = (parts[0], parts[1].parse().unwrap_or(0), parts[2].parse().unwrap_or(0));
    let status = match &code[..1] {
        "c" => "cancelled",
        "p" => "paid",
        _ => "delivered",
    };
    let refunds = match code.get(1..2) {
        Some("x") => vec![Refund { id: 1, order_id: 7, amount_cents: cents, status: "executed".into() }],
        Some("w") => vec![Refund { id: 1, order_id: 7, amount_cents: cents, status: "pending".into() }],
        _ => Vec::new(),
    };
    let linked = order(7, cents, status, days);
    Evidence {
        ticket: ticket(Some(7)),
        customer,
        orders: vec![linked.clone()],
        lookup: OrderLookup::Linked,
        order: Some(linked),
        refunds,
        calls: Vec::new(),
    }
}

/// What an expected cell of the table decides.
fn want(cell: &str) -> Decision {
    if let Some(cents) = cell.strip_prefix("R:") {
        return ("refund".into(), "R1".into(), cents.parse().ok());
    }
    let action = match cell {
        "C1" => "close",
        "X1" | "X2" | "X3" | "X4" => "refuse",
        _ => "escalate",
    };
    (action.into(), cell.into(), None)
}

fn rows(half: &str) -> Vec<Row> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let cells: Vec<&str> = l.splitn(5, '|').collect();
            let [kind, h, expected, account, body] = cells.as_slice() else { return None };
            (*h == half).then(|| {
                let body = body.replace("\\n", "\n");
                Row { kind: (*kind).into(), evidence: evidence(&body, account), want: want(expected), body }
            })
        })
        .collect()
}

fn check_half(half: &str) {
    let rows = rows(half);
    for kind in ["K1", "K2", "K3", "K4", "K5"] {
        assert!(rows.iter().filter(|r| r.kind == kind).count() >= 20, "{kind} has at least 20 rows in half {half}");
    }
    check_each(&rows, |r| (r.body.as_str(), r.evidence.clone(), &r.want));
}

/// The half the fixes were made against.
#[test]
fn half_a_is_decided_as_the_policy_decides() {
    check_half("A");
}

/// The held-out half.
#[test]
fn half_b_is_decided_as_the_policy_decides() {
    check_half("B");
}
