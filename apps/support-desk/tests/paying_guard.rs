//! The paying guard (ADR-1230, issue 16): a refund pays only a figure the customer wrote whole, the order's amount,
//! or a listed derivation of whole figures — never a part of a longer number ("1,500" is not 500.00; "12 500",
//! "1.500,00", a phone number, an order id and a date hold no figure to pay in part).
//!
//! Three properties:
//! - the desk, end to end, never pays a part of a longer number (a generative table: figures × spellings ×
//!   positions × registers, and numbers inside ids, phone numbers and dates). Red on main 7efadaa: "1,500 back pls"
//!   and its registers paid 500.00 (b51 g-056).
//! - the guard alone, handed a reader's misreading (every part of every generated number as the refund), stops it,
//!   and lets the whole figure through: the property that holds whatever the reader does (`cargo xtask teeth`
//!   removes the guard and this goes red).
//! - every refund the reader proposes on the kept sets (blind1–blind51, kinds38a/b) passes the guard, except the
//!   wrong payments it catches (listed with their labels): the guard costs no right refund.

use support_desk::classify::{self, Classification, Facts};
use support_desk::payable;
use support_desk::policy::{Action, Clause, Label};
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

fn evidence(body: &str, cents: i64) -> Evidence {
    crate::kinds::evidence(body, cents, &[])
}

/// Thousands-grouped spellings of a whole number of units, each with its currency habit.
fn spellings(units: i64) -> Vec<String> {
    let (hi, lo) = (units / 1000, units % 1000);
    vec![
        format!("{hi},{lo:03}"),
        format!("{hi} {lo:03}"),
        format!("{hi}.{lo:03}"),
        format!("{hi},{lo:03}.00"),
        format!("{hi}.{lo:03},00"),
        format!("{hi} {lo:03},00"),
        format!("{hi}'{lo:03}"),
        format!("${hi},{lo:03}"),
        format!("{hi},{lo:03} EUR"),
        format!("EUR {hi}.{lo:03}"),
        format!("£{hi},{lo:03}.00"),
        format!("{hi}\u{a0}{lo:03} €"),
    ]
}

/// Where the figure stands and in whose voice.
const TEMPLATES: &[&str] = &[
    // terse
    "salon order of serum 12 bottles all wrong. {} back pls",
    "{} back pls, all 12 wrong",
    "wrong items. refund {}",
    // non-native
    "Hello, the sofa is arrive broken in two place. Please return me {} for it. Danke",
    "Buenas, the 12 chairs come all scratched, I want back {} por favor",
    // jargon
    "Please action a partial credit of {} against the order. RMA 2210.",
    "Ref: case 7781 / Kindly process reimbursement: {} / Reason: damaged in transit",
    // rambling
    "So the delivery finally came after two weeks, my sister was visiting and we opened it together, and honestly \
     all 12 of the glasses were cracked. I just want {} back for them and then we can forget about it.",
    // forwarded / reply on top
    "Please refund {} as discussed.\n\nRegards, Tom\n\n> From: Support\n> Sent: Monday\n> Subject: your order",
    // the figure first
    "{} — that's what I want back for the broken set",
];

/// Parts of a grouped number that are not it: the lead group and the last group, each as units.
fn parts(units: i64) -> Vec<i64> {
    vec![(units / 1000) * 100, (units % 1000) * 100]
}

const WHOLES: &[i64] = &[1500, 1250, 2400, 12_500, 1099, 3750, 1005, 2040, 4500, 1320];

/// Numbers inside ids, phone numbers and dates, beside a request that names no figure: the desk pays the order's
/// amount or nothing, never a group of the number.
const NOT_FIGURES: &[(&str, &[i64])] = &[
    ("order 12-500 arrived broken, my money back please", &[1200, 50_000]),
    ("refund please. call me on 0412 500 019 if needed", &[41_200, 50_000, 1900]),
    ("I ordered on 12/05/2026 and it broke, refund please", &[1200, 500, 202_600]),
    ("INV-2026-11-350 wrong item, kindly refund", &[202_600, 1100, 35_000]),
    ("refund pls, +44 20 7946 0350", &[2000, 35_000, 794_600, 4400]),
    ("arrived 2026-11-03 10:45 all broken. money back", &[202_600, 1100, 300, 1000, 4500]),
    ("order #12 450 arrived broken, refund", &[1200, 45_000]),
];

const ORDER_UNDER_CAP: i64 = 9_000;

/// Every generated ticket: its body, the order's amount, and the amounts that would be a part paid.
fn cases() -> Vec<(String, i64, Vec<i64>)> {
    let mut out = Vec::new();
    // Every spelling in every template, the figure and the order's side of it rotating (a full cross product costs
    // ten minutes of a debug build for no kind more).
    for (i, t) in TEMPLATES.iter().enumerate() {
        for (j, spelling_of) in (0..spellings(1500).len()).enumerate() {
            let units = WHOLES[(i + j) % WHOLES.len()];
            let body = t.replace("{}", &spellings(units)[spelling_of]);
            // An order above the figure (E1: over the cap) or one below it (X2: an over-ask).
            let order = if (i + j) % 2 == 0 { units * 100 + 30_000 } else { units * 100 - 40_000 };
            // A group that is also written whole elsewhere in the ticket ("12 bottles" beside "12,500") is a figure
            // the customer wrote, not a part.
            // So is an amount a listed derivation builds from the template's own figures ("two weeks", "12 of the
            // glasses": 4.00, 40.00): the guard lets those through by design (F1230), whatever the grouped number.
            let rest = t.replace("{}", "");
            let elsewhere: Vec<i64> = payable::figures(&rest).iter().map(|f| f.cents).collect();
            let parts = parts(units)
                .into_iter()
                .filter(|p| !elsewhere.contains(p) && payable::derivation(&rest, Some(order), *p).is_none())
                .collect();
            out.push((body, order, parts));
        }
    }
    for (body, forbidden) in NOT_FIGURES {
        out.push(((*body).into(), ORDER_UNDER_CAP, forbidden.to_vec()));
    }
    out
}

#[test]
fn the_desk_never_pays_a_part_of_a_longer_number() {
    let mut wrong = Vec::new();
    let all = cases();
    for (body, order, forbidden) in &all {
        let c = classify::classify(&evidence(body, *order));
        if c.action == Action::Refund && c.amount_cents.is_some_and(|a| forbidden.contains(&a) || a != *order) {
            wrong.push(format!("{body:?} on an order of {order}: paid {:?}", c.amount_cents));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} tickets paid a part of a longer number:\n{}",
        wrong.len(),
        all.len(),
        wrong.join("\n")
    );
}

/// A refund as a buggy reader would propose it.
fn misread(amount: i64) -> Classification {
    Classification {
        label: Label::InPolicy,
        action: Action::Refund,
        policy_refs: vec![Clause::R1],
        reason: "a reader's misreading".into(),
        amount_cents: Some(amount),
        severity: None,
        facts: Facts {
            wants_refund: true,
            amount: classify::Amount::Cents(amount),
            order: OrderLookup::Linked,
            order_amount_cents: None,
            order_status: None,
            placed_days_ago: None,
            executed_prior_refund: false,
            safety_legal_injury: false,
            refund_status_question: false,
            duplicate_charge: false,
            intent: Default::default(),
            vague: false,
            pending_prior_refund: false,
            names_problem: false,
            unread_ask: false,
            other_remedy_asked: false,
            about_refund_on_record: false,
            second_reading: None,
        },
        attempts: Vec::new(),
    }
}

#[test]
fn a_part_of_a_longer_number_is_never_paid_whatever_the_reader_reads() {
    let mut wrong = Vec::new();
    let all = cases();
    for (body, order, forbidden) in &all {
        let ev = evidence(body, *order);
        for part in forbidden {
            let c = payable::guard(&ev, misread(*part));
            if c.action == Action::Refund {
                wrong.push(format!("{body:?} on an order of {order}: a misread {part} passed the guard"));
            }
        }
    }
    // The whole figure and the order's amount pass.
    for units in WHOLES {
        for spelling in spellings(*units) {
            let body = format!("{spelling} back pls");
            if let Some(why) = payable::blocks(&body, Some(90_000), units * 100) {
                wrong.push(format!("{body:?}: the whole {units} was stopped: {why}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// One kept row's ticket as the eval builds it (the linked order, the customer's other orders, earlier refunds).
fn kept_evidence(row: &serde_json::Value) -> Option<(Evidence, i64)> {
    let setup = &row["setup"];
    let o = setup.get("order").filter(|o| !o.is_null())?;
    if setup["foreign_order"].as_bool() == Some(true) {
        return None;
    }
    let amount = o["amount_cents"].as_i64()?;
    let order = Order {
        id: 7,
        customer_id: 1,
        amount_cents: amount,
        status: o["status"].as_str().unwrap_or("delivered").into(),
        placed_days_ago: o["placed_days_ago"].as_i64().unwrap_or(5),
    };
    let mut orders = vec![order.clone()];
    for i in 0..setup["extra_orders"].as_i64().unwrap_or(0) {
        orders.push(Order {
            id: 100 + i,
            customer_id: 1,
            amount_cents: 2500,
            status: "delivered".into(),
            placed_days_ago: 5,
        });
    }
    let refunds = if setup["prior_refund"].as_bool() == Some(true) {
        let status = setup["prior_refund_status"].as_str().unwrap_or("executed");
        vec![Refund { id: 1, order_id: 7, amount_cents: amount, status: status.into() }]
    } else {
        Vec::new()
    };
    let ev = Evidence {
        ticket: Ticket {
            id: 3,
            customer_id: 1,
            order_id: Some(7),
            subject: "Support request".into(),
            body: row["body"].as_str()?.into(),
            status: "open".into(),
        },
        customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
        orders,
        lookup: OrderLookup::Linked,
        order: Some(order),
        refunds,
        calls: Vec::new(),
    };
    Some((ev, amount))
}

/// The refund a row is labelled with, in cents (`None` for any other action).
fn labelled_refund(row: &serde_json::Value) -> Option<i64> {
    if row["expected_action"].as_str() != Some("refund") {
        return None;
    }
    let note = row["note"].as_str()?;
    note.strip_prefix("refund ")?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[test]
fn every_refund_the_desk_proposes_on_the_kept_sets_passes_the_guard() {
    let evals = concat!(env!("CARGO_MANIFEST_DIR"), "/evals");
    let mut files = Vec::new();
    for n in 1..=51 {
        files.push(format!("{evals}/blind{n}/benchmark.jsonl"));
    }
    files.push(format!("{evals}/kinds38a/kinds.jsonl"));
    files.push(format!("{evals}/kinds38b/kinds.jsonl"));
    // Every row with PAYING_GUARD_ALL_KEPT=1 (23 minutes on a debug build, 3 on a release one:
    // `PAYING_GUARD_ALL_KEPT=1 cargo nextest run --release -p support-desk -E 'test(/every_refund_the_desk/)'`);
    // every 20th row otherwise, so the suite stays quick.
    let step = if std::env::var_os("PAYING_GUARD_ALL_KEPT").is_some() { 1 } else { 20 };
    let (mut refunds, mut caught, mut lost) = (0, Vec::new(), Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()).step_by(step) {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            let Some((ev, order)) = kept_evidence(&row) else { continue };
            let c = classify::classify_unguarded(&ev);
            let (Action::Refund, Some(amount)) = (c.action, c.amount_cents) else { continue };
            refunds += 1;
            let text = format!("{}\n{}", ev.ticket.subject, ev.ticket.body);
            if let Some(why) = payable::blocks(&text, Some(order), amount) {
                let id = row["id"].as_str().unwrap_or("?").to_string();
                if labelled_refund(&row) == Some(amount) {
                    lost.push(format!("{id}: a right refund of {amount} lost: {why}"));
                } else {
                    caught
                        .push(format!("{id}: paid {amount}, labelled {:?} {:?}", row["expected_action"], row["note"]));
                }
            }
        }
    }
    eprintln!("{refunds} refunds proposed by the reader; the guard stops {}:\n{}", caught.len(), caught.join("\n"));
    assert!(lost.is_empty(), "the guard stops right refunds (false blocks):\n{}", lost.join("\n"));
}
