//! desk31's kinds (issue 16, ADR-1106…): which figure is the ask — figure roles, tested generatively. A table of
//! *constructions* (a claiming verb and its figure, a figure then "back", a part named then its price, a price-paid
//! clause beside the ask, the customer's arithmetic, a share with its figure, a restated figure, another order's
//! figure as context) × a table of *writers* (terse, rambling with distractor figures, non-native word order,
//! forwarded mail with the figure in the customer's part, procurement jargon) × values (below, equal to and above the
//! order's amount, and above the cap on a larger order). Each ticket must get what the reference policy gives: a
//! refund of the figure asked; X2 for an over-ask; E1 over the cap — never the order's amount in place of the figure.
//! Written for these tests; none comes from `evals/` or the blind sets.

use crate::kinds::{Decision, check_each, evidence, other, refund};
use support_desk::tools::Evidence;

/// How the figure relates to the order.
#[derive(Clone, Copy, Debug)]
enum Value {
    Below,
    Equal,
    Above,
    /// Above the $500 cap on an order larger still: E1.
    OverCap,
}

/// The order's amount and the figure asked for a value kind.
fn amounts(v: Value) -> (i64, i64) {
    match v {
        Value::Below => (16_797, 4_298),
        Value::Equal => (8_970, 8_970),
        Value::Above => (30_000, 70_000),
        Value::OverCap => (72_000, 60_240),
    }
}

fn want(v: Value, asked: i64) -> Decision {
    match v {
        Value::Below | Value::Equal => refund(asked),
        Value::Above => other("refuse", "X2"),
        Value::OverCap => other("escalate", "E1"),
    }
}

/// A figure written with two decimals ("42.98"), or whole ("700") when it has no cents.
fn plain(c: i64) -> String {
    if c % 100 == 0 { format!("{}", c / 100) } else { format!("{}.{:02}", c / 100, c % 100) }
}

/// A figure always written with two decimals ("700.00").
fn cents(c: i64) -> String {
    format!("{}.{:02}", c / 100, c % 100)
}

/// A construction: the sentences that ask, given the figure asked and the order's amount (`None` when the
/// construction cannot state this figure).
type Construction = (&'static str, fn(i64, i64) -> Option<String>);

const CONSTRUCTIONS: [Construction; 8] = [
    ("claiming verb + figure", |v, _| Some(format!("The lamp came broken, so I'm claiming {} for it.", plain(v)))),
    ("figure then back", |v, _| Some(format!("The lamp came broken. I would like ${} back for it please.", plain(v)))),
    ("part named then its price", |v, _| {
        Some(format!(
            "The table is fine but the lamp came broken. I'd like to send just the lamp back. It was {}. Please refund \
             the lamp and I'll keep the table.",
            plain(v)
        ))
    }),
    ("price paid + ask", |v, o| {
        Some(format!("I paid ${} for the whole order. Please refund ${} for the broken lamp.", plain(o), plain(v)))
    }),
    ("arithmetic line", |v, _| (v % 2 == 0).then(|| format!("Credit requested: 2 x {} = {}", plain(v / 2), plain(v)))),
    ("share + figure", |v, o| {
        (v * 2 == o).then(|| format!("One of the two lamps is broken, I'd like half of it back, i.e. {}.", plain(v)))
    }),
    ("restated figure", |v, _| {
        Some(format!(
            "The lamp came broken. Please refund {} for it - I mean {} obviously, sorry, my keyboard drops the dot.",
            cents(v).replace('.', ""),
            cents(v)
        ))
    }),
    ("other order as context", |v, _| {
        Some(format!(
            "Two years ago I bought a sofa from you for $1,300 and it is still great. This time the lamp came broken, \
             so I'm claiming {} for it.",
            plain(v)
        ))
    }),
];

/// A writer: the whole ticket around the construction's sentences.
type Writer = (&'static str, fn(&str, i64) -> String);

const WRITERS: [Writer; 5] = [
    ("terse", |core, _| core.to_string()),
    ("rambling", |core, _| {
        format!(
            "Hi, sorry, long one. Gas is $4.10 here now so I do everything online. My sister's wedding was lovely. \
             {core} Oh and my dog turned 12 today!"
        )
    }),
    ("non-native", |core, _| {
        format!(
            "Hello, I am writing for my order. Is very sad for me, the lamp arrive with crack. {core} Thank you very much."
        )
    }),
    ("forwarded", |core, o| {
        format!(
            "From: Ann Hart\nSubject: RE: RE: lamp order\n\n{core}\n\n> Dear Ann, we note your order total of {}.",
            plain(o)
        )
    }),
    ("jargon", |core, _| {
        format!(
            "RMA #4410\n- Order: 7730-B (PO 2231)\n- Item: lamp set, 3-piece, 2 units\n- Defect: glaze cracked on arrival\n- \
             {core}\nPlease action and confirm."
        )
    }),
];

/// Every construction × writer × value it can state, with the decision the reference policy gives.
fn cases() -> Vec<(String, Evidence, Decision)> {
    let mut out = Vec::new();
    for (name, build) in CONSTRUCTIONS {
        for (register, write) in WRITERS {
            for v in [Value::Below, Value::Equal, Value::Above, Value::OverCap] {
                let (order, mut asked) = amounts(v);
                // The share construction states half the order.
                if name == "share + figure" {
                    if !matches!(v, Value::Below) {
                        continue;
                    }
                    asked = order / 2;
                }
                let Some(core) = build(asked, order) else { continue };
                let body = write(&core, order);
                let label = format!("[{name} / {register} / {v:?}] {body}");
                out.push((label, evidence(&body, order, &[]), want(v, asked)));
            }
        }
    }
    out
}

/// ADR-1106: the figure asked, whatever the construction and the writer, decides the ask; the order's amount is never
/// paid in its place (an over-ask is refused, over the cap escalated).
#[test]
fn the_figure_asked_decides_across_constructions_and_writers() {
    let cases = cases();
    assert!(cases.len() >= 120, "the table states {} tickets", cases.len());
    check_each(&cases, |(label, ev, want)| (label.as_str(), ev.clone(), want));
}

/// ADR-1107: the full price and a figure added, said as what the customer wants, is an over-ask (X2) in every writer's
/// hand — never a refund of the order, never "cannot be settled".
#[test]
fn the_full_price_plus_a_figure_is_refused_in_every_register() {
    let asks: [fn(&str) -> String; 3] = [
        |x| format!("So what I want: the full price of the lamp plus the ${x} I paid for postage."),
        |x| format!("I want the full amount back plus {x} for my time."),
        |x| format!("I'm claiming the full price and an extra ${x} for the hassle."),
    ];
    let mut cases = Vec::new();
    for ask in asks {
        for (register, write) in WRITERS {
            for x in ["15", "4.99", "20.00"] {
                let body = write(&ask(x), 6_999);
                cases.push((format!("[{register}] {body}"), evidence(&body, 6_999, &[]), other("refuse", "X2")));
            }
        }
    }
    check_each(&cases, |(label, ev, want)| (label.as_str(), ev.clone(), want));
}

/// Control for ADR-1106 (F1111): a figure the customer asks rounded up over the order ("just round it up to 90 and
/// refund that" on 89.99) is an over-ask in every writer's hand — the roles' "order's price rounded" reading is only
/// for a figure pricing a thing in a sentence that asks nothing ("The $80 speaker I got from you stopped charging").
#[test]
fn a_figure_rounded_up_and_asked_is_refused_but_a_rounded_price_mention_is_the_order() {
    let mut cases = Vec::new();
    for (register, write) in WRITERS {
        for ask in [
            "The vase came chipped. It was 89.99 - just round it up to 90 for my trouble and refund that, ok?",
            "It was 89.99 but round it to 90.00 for me, I'm not chasing pennies. Refund please.",
        ] {
            let body = write(ask, 8_999);
            cases.push((format!("[{register}] {body}"), evidence(&body, 8_999, &[]), other("refuse", "X2")));
        }
    }
    let body = "The $80 bluetooth speaker I got from you stopped charging after a week. I'd like my money back please.";
    cases.push((body.to_string(), evidence(body, 7_999, &[]), refund(7_999)));
    check_each(&cases, |(label, ev, want)| (label.as_str(), ev.clone(), want));
}
