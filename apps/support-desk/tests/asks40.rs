//! ask40's kinds (issue 16, ADR-1290…ADR-1292): an ask is read whatever its form. A ticket that asks money back by a
//! structure with no asking verb the older grammar knew — a transfer verb with the writer as its recipient ("you return
//! me 160"), a figure with "please" after a colon or "=" ("so I'm asking: 800 please"), a want whose money comes back
//! after an apposition or a comma ("I want seiscientos, 600, back", "Want the rest back, 900"), a refund caused ("let's
//! get the 620.00 refunded"), or a figure in a currency the reader did not know (RM, GH₵, грн, UAH, ₴) — is a request,
//! refunded or refused by the policy, never closed as an inquiry. Its near misses (thanks, a status question, a
//! hypothetical question, a transfer told in the past) stay C1. The table (`asks40_table.txt`) was written for this
//! test in five registers; on main (8a0b44e) 20 of its 32 asks and 1 of its 12 near misses were decided otherwise
//! (19 asks closed as C1), so the test was red before the fix.

use support_desk::classify;
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

const TABLE: &str = include_str!("asks40_table.txt");

struct Row {
    kind: &'static str,
    register: &'static str,
    action: &'static str,
    clause: &'static str,
    cents: Option<i64>,
    order_cents: i64,
    days: i64,
    refund: &'static str,
    body: String,
}

fn rows() -> Vec<Row> {
    TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.splitn(9, '|').collect();
            assert_eq!(f.len(), 9, "{l}");
            Row {
                kind: f[0],
                register: f[1],
                action: f[2],
                clause: f[3],
                cents: f[4].parse().ok(),
                order_cents: f[5].parse().unwrap(),
                days: f[6].parse().unwrap(),
                refund: f[7],
                body: f[8].replace("\\n", "\n"),
            }
        })
        .collect()
}

fn evidence(r: &Row) -> Evidence {
    let order = Order {
        id: 7,
        customer_id: 1,
        amount_cents: r.order_cents,
        status: "delivered".into(),
        placed_days_ago: r.days,
    };
    Evidence {
        ticket: Ticket {
            id: 3,
            customer_id: 1,
            order_id: Some(7),
            subject: "Support request".into(),
            body: r.body.clone(),
            status: "open".into(),
        },
        customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
        orders: vec![order.clone()],
        lookup: OrderLookup::Linked,
        order: Some(order),
        refunds: if r.refund == "-" {
            Vec::new()
        } else {
            vec![Refund { id: 1, order_id: 7, amount_cents: r.order_cents, status: r.refund.into() }]
        },
        calls: Vec::new(),
    }
}

/// Every row of a kind decided as labelled: (action, first clause, the refund's amount); at least `min` rows, in all
/// five registers.
fn check(kind: &str, min: usize) {
    let all: Vec<Row> = rows().into_iter().filter(|r| r.kind == kind).collect();
    let mut wrong = Vec::new();
    for r in &all {
        let c = classify::classify(&evidence(r));
        let got =
            (c.action.to_string(), c.policy_refs.first().map(|x| x.to_string()).unwrap_or_default(), c.amount_cents);
        let want = (r.action.to_string(), r.clause.to_string(), if r.action == "refund" { r.cents } else { None });
        if got != want {
            wrong.push(format!("[{}] {}\n    want {want:?}, got {got:?}", r.register, r.body));
        }
    }
    assert!(all.len() >= min, "{kind}: {} rows", all.len());
    if kind == "ask" {
        for register in ["terse", "rambling", "non-native", "forwarded", "jargon"] {
            assert!(all.iter().any(|r| r.register == register), "{kind}: no {register} row");
        }
    }
    assert!(wrong.is_empty(), "{kind}: {}/{} decided otherwise:\n{}", wrong.len(), all.len(), wrong.join("\n"));
}

#[test]
fn an_ask_in_any_form_is_a_request() {
    check("ask", 30);
}

#[test]
fn thanks_a_status_or_a_question_stays_an_inquiry() {
    check("near", 10);
}
