//! haz41 (issue 16, ADR-1350…ADR-1355): hazards, threats and uncertain figures read by whose harm and whose words. A
//! legal word in the shop's own quoted reply is no threat of the customer's; "burned out", an injury before the order,
//! a medical workplace and a place's danger are no hazard; a battery changing shape, the trade's words for heat, current
//! given to a person, a visit for care and a cause after a damage word are; the money a threat's condition puts back is
//! asked, so a refusal comes first; approximations the steps missed and an indefinite sum asked beside keeping the goods
//! are U1. The table (`hazards41_table.txt`) is written in five registers; each line is one ticket on one linked order.
//! Red on main edf76c2: 28 of its 49 rows (run through main's release binary with `eval benchmark`).

use support_desk::classify;
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

const TABLE: &str = include_str!("hazards41_table.txt");

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
    body: String,
}

fn rows() -> Vec<Row<'static>> {
    TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.splitn(10, '|').collect();
            assert_eq!(f.len(), 10, "{l}");
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
                body: f[9].replace("\\n", "\n"),
            }
        })
        .collect()
}

fn evidence(r: &Row) -> Evidence {
    let order = (r.status != "none").then(|| Order {
        id: 7,
        customer_id: 1,
        amount_cents: r.order_cents,
        status: r.status.into(),
        placed_days_ago: r.days,
    });
    Evidence {
        ticket: Ticket {
            id: 3,
            customer_id: 1,
            order_id: order.as_ref().map(|o| o.id),
            subject: "Support request".into(),
            body: r.body.clone(),
            status: "open".into(),
        },
        customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
        orders: order.iter().cloned().collect(),
        lookup: if order.is_some() { OrderLookup::Linked } else { OrderLookup::NoOrders },
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
    assert!(all.len() >= 8, "{kind}: {} rows", all.len());
    assert!(wrong.is_empty(), "{kind}: {}/{} decided otherwise:\n{}", wrong.len(), all.len(), wrong.join("\n"));
}

#[test]
fn a_legal_word_in_the_shops_own_reply_is_no_threat() {
    check("shop_words");
}

#[test]
fn a_harm_that_is_not_this_orders_is_no_hazard() {
    check("not_this_harm");
}

#[test]
fn hazards_in_the_trades_and_the_customers_own_words_escalate() {
    check("injury41");
}

#[test]
fn a_threats_condition_asks_the_money_and_refusals_come_first() {
    check("ultimatum");
}

#[test]
fn loose_approximations_and_an_indefinite_sum_are_u1() {
    check("uncertain41");
}
