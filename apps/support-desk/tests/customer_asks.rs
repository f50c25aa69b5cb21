//! What the customer asks (ask39, issue 16, ADR-1240…ADR-1245): an over-ask built from parts (a total claimed above
//! the order: X2, never reduced), a question that carries a figure or a refund word (C1), safety or an injury told in
//! passing (E2), a new ask beside a pending refund (a request), money claimed on an order never sent (F1), and a
//! conditional threat that holds a request (the refusals first). The table (`customer_asks_table.txt`) holds the kept
//! sets' rows of these kinds and variants written for it in other registers; each line is one ticket on one order.

use support_desk::classify;
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

const TABLE: &str = include_str!("customer_asks_table.txt");

struct Row<'a> {
    source: &'a str,
    kind: &'a str,
    action: &'a str,
    clause: &'a str,
    cents: Option<i64>,
    status: &'a str,
    order_cents: i64,
    days: i64,
    refund: &'a str,
    lookup: &'a str,
    body: String,
}

fn rows() -> Vec<Row<'static>> {
    TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.splitn(11, '|').collect();
            assert_eq!(f.len(), 11, "{l}");
            Row {
                source: f[0],
                kind: f[1],
                action: f[2],
                clause: f[3],
                cents: f[4].parse().ok(),
                status: f[5],
                order_cents: f[6].parse().unwrap(),
                days: f[7].parse().unwrap(),
                refund: f[8],
                lookup: f[9],
                body: f[10].replace("\\n", "\n"),
            }
        })
        .collect()
}

fn evidence(r: &Row) -> Evidence {
    // Another customer's order is not found for this one: the lookup names it, no order is read.
    let order = (r.status != "none" && r.lookup != "foreign").then(|| Order {
        id: 7,
        customer_id: 1,
        amount_cents: r.order_cents,
        status: r.status.into(),
        placed_days_ago: r.days,
    });
    let lookup = match (&order, r.lookup) {
        (_, "foreign") => OrderLookup::NotThisCustomers(7),
        (None, _) => OrderLookup::NoOrders,
        (Some(_), _) => OrderLookup::Linked,
    };
    Evidence {
        ticket: Ticket {
            id: 3,
            customer_id: 1,
            order_id: if r.lookup == "foreign" { Some(7) } else { order.as_ref().map(|o| o.id) },
            subject: "Support request".into(),
            body: r.body.clone(),
            status: "open".into(),
        },
        customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
        orders: order.iter().cloned().collect(),
        lookup,
        order: order.clone(),
        refunds: if r.refund == "-" {
            Vec::new()
        } else {
            vec![Refund { id: 1, order_id: 7, amount_cents: r.order_cents, status: r.refund.into() }]
        },
        calls: Vec::new(),
    }
}

/// Every row of a kind decided as labelled: (action, first clause, the refund's amount).
fn check(kind: &str) {
    let mut wrong = Vec::new();
    let all: Vec<Row> = rows().into_iter().filter(|r| r.kind == kind).collect();
    for r in &all {
        let c = classify::classify(&evidence(r));
        let got =
            (c.action.to_string(), c.policy_refs.first().map(|x| x.to_string()).unwrap_or_default(), c.amount_cents);
        let want = (r.action.to_string(), r.clause.to_string(), if r.action == "refund" { r.cents } else { None });
        if got != want {
            wrong.push(format!("[{}] {}\n    want {want:?}, got {got:?}", r.source, r.body));
        }
    }
    assert!(all.len() >= 10, "{kind}: {} rows", all.len());
    assert!(wrong.is_empty(), "{kind}: {}/{} decided otherwise:\n{}", wrong.len(), all.len(), wrong.join("\n"));
}

#[test]
fn over_asks_built_from_parts_are_x2_and_a_total_within_the_order_is_paid() {
    check("overask");
}

#[test]
fn questions_that_carry_a_figure_or_a_refund_word_ask_nothing_back() {
    check("question");
}

#[test]
fn safety_and_injury_told_in_passing_escalate() {
    check("safety");
}

#[test]
fn a_new_ask_beside_a_pending_refund_is_a_request() {
    check("pending");
}

#[test]
fn money_claimed_on_an_order_never_sent_is_f1() {
    check("unsent");
}

#[test]
fn a_conditional_threat_holds_a_request_and_the_refusals_come_first() {
    check("conditional");
}
