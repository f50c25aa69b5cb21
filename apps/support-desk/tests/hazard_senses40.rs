//! haz40 (issue 16, ADR-1300…ADR-1304): danger words read in their sense and figures uncertain in the customer's own
//! words. A damage word whose holder is a thing ("the shell has a hairline fracture"), a "they" that points back to
//! things ("his glasses … and they fell"), the press as a modifier ("the paper catalogue") are no hazard; a body part a
//! harm verb takes with any quantifier ("scraped both knees") and a person going down ("I went down hard") are. An
//! approximation cut from its figure by an abbreviation's point ("approx. €40"), a vague count ("40-something") and
//! "or so" after an unknown currency are uncertain (U1); an uncertain figure replaced by one marked exact is settled.
//! The table (`hazard_senses40_table.txt`) is written in five registers; each line is one ticket on one linked order.

use support_desk::classify;
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

const TABLE: &str = include_str!("hazard_senses40_table.txt");

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
fn damage_words_held_by_things_are_no_hazard() {
    check("thing");
}

#[test]
fn injuries_by_their_structure_escalate() {
    check("injury");
}

#[test]
fn figures_uncertain_in_the_customers_words_and_settled_by_a_correction() {
    check("uncertain");
}
