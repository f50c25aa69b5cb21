//! hazard38's kinds (issue 16, ADR-1190…ADR-1193): a legal threat named the way each country names its consumer
//! bodies, an injury or a safety problem told in passing, the trades' harmless senses of danger words, a refund asked
//! on an order cancelled or only paid, and thanks for or a question about an executed refund. The table
//! (`kinds38_table.txt`) holds kinds38a's rows of these four kinds (written blind by another hand) and variants
//! written for it in other registers; each line is one ticket on one linked order (or none).

use support_desk::classify;
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

const TABLE: &str = include_str!("kinds38_table.txt");

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
    assert!(all.len() >= 30, "{kind}: {} rows", all.len());
    assert!(wrong.is_empty(), "{kind}: {}/{} decided otherwise:\n{}", wrong.len(), all.len(), wrong.join("\n"));
}

#[test]
fn legal_threats_by_country_and_their_near_misses() {
    check("legal");
}

#[test]
fn injuries_in_passing_and_the_trades_harmless_danger_words() {
    check("injury");
}

#[test]
fn refunds_on_cancelled_or_only_paid_orders_are_f1() {
    check("cancel");
}

#[test]
fn thanks_or_questions_over_an_executed_refund_are_c1_and_new_asks_x4() {
    check("thanks");
}
