//! desk37's kinds (issue 16, ADR-1180…): the refusals apply to requests. A thank-you for a refund already executed,
//! or a question about its state, that names the refund's figure is an inquiry (C1), never X4; a new ask after the
//! thanks is still a request and still refused (X4). Ten wordings a kind (two per register: terse, rambling,
//! non-native, forwarded mail, jargon) × four value sets (amounts with and without a sign, codes, a decimal comma).
//!
//! The even wordings are the ones the fix was made with; the odd ones are held out (written before the fix, never
//! tuned against): `held_out_figure` prints their score. Every text is written for these tests; none comes from
//! `evals/` or the blind sets.

use crate::kinds::{self, Decision, Table, Wording, check_half, half, other};

/// A figure with two decimals in one of five spellings.
fn m(c: i64, k: usize) -> String {
    let (d, r) = (c / 100, c % 100);
    match k % 5 {
        0 => format!("{d}.{r:02}"),
        1 => format!("${d}.{r:02}"),
        2 => format!("EUR {d},{r:02}"),
        3 => format!("£{d}.{r:02}"),
        _ => format!("{d}.{r:02} USD"),
    }
}

const VALUES: [i64; 4] = [5_499, 5_800, 12_950, 1_999];

fn c1() -> Decision {
    other("close", "C1")
}

fn x4() -> Decision {
    other("refuse", "X4")
}

// ---- 1. thanks for / status of a refund on record, its figure named → C1 -------------------------------------------

const ABOUT: [Wording; 10] = [
    |k| {
        let o = VALUES[k];
        (format!("refund of {} received. thanks", m(o, k)), o, c1())
    },
    |k| {
        let o = VALUES[k];
        (format!("got the {} back today cheers", m(o, k)), o, c1())
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Hello again! Just wanted to say the refund landed on my card this morning, all {} of it, so thank \
                 you. Last time I sent something back to another shop (a $200 lamp) it took two months. Have a good \
                 weekend!",
                m(o, k)
            ),
            o,
            c1(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Hi, sorry to bother you, we were away at my mum's for a week. Has the refund of {} gone through yet? \
                 The bank app is a mess and I can't tell. No rush, just checking.",
                m(o, k)
            ),
            o,
            c1(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!("Hello, the refund {} is arrived on my account yesterday. Many thanks for your help.", m(o, k)),
            o,
            c1(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Good day, I want to ask: the money {} you refund me, it is already sent to my card or not yet?",
                m(o, k)
            ),
            o,
            c1(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Thanks, all sorted - the refund for {} showed up this morning.\n\n-----Original Message-----\nFrom: \
                 Support\nSubject: RE: Order 4471\n\nWe have refunded your order. It may take 3-5 days to appear.",
                m(o, k)
            ),
            o,
            c1(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Quick check on the below - has the refund of {} been processed?\n\n> From: Support\n> Your refund \
                 has been approved.",
                m(o, k)
            ),
            o,
            c1(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Status inquiry: RMA 3391, credit of {} - has it been posted to the card? No further action req'd if \
                 so.",
                m(o, k)
            ),
            o,
            c1(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Ref CASE-2209: confirming receipt of credit note {} as per your email. Case may be closed.",
                m(o, k)
            ),
            o,
            c1(),
        )
    },
];

// ---- 2. near-misses: a new ask after the thanks is a request, refused (X4) -----------------------------------------

const NEW_ASK: [Wording; 10] = [
    |k| {
        let o = VALUES[k];
        (format!("refund of {} received thanks. but the lid is broken too, refund it again pls", m(o, k)), o, x4())
    },
    |k| {
        let o = VALUES[k];
        (format!("got the {} back. now i want another refund for the second one", m(o, k)), o, x4())
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Hello again! The refund landed on my card, all {} of it, thank you. Sadly the replacement I bought \
                 came cracked as well, so please refund me again.",
                m(o, k)
            ),
            o,
            x4(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Hi, the refund of {} came through, thanks. But the same kettle started leaking today. I want my money \
                 back for it.",
                m(o, k)
            ),
            o,
            x4(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!("Hello, the refund {} is arrived, thank you. Please refund me also the money again.", m(o, k)),
            o,
            x4(),
        )
    },
    |k| {
        let o = VALUES[k];
        (format!("I receive the money {} back, but I want once more refund of the order please.", m(o, k)), o, x4())
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Thanks for the refund of {}. Please refund the order once more, it broke again.\n\n> From: Support\n> \
                 Your refund has been processed.",
                m(o, k)
            ),
            o,
            x4(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Refund of {} noted, thanks. Please issue a further refund of {} for the damage.\n\n> From: \
                 Support\n> Refund issued.",
                m(o, k),
                m(o, k)
            ),
            o,
            x4(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!(
                "Credit of {} posted, thank you. Kindly action a second refund of {} per RMA 5520.",
                m(o, k),
                m(o, k)
            ),
            o,
            x4(),
        )
    },
    |k| {
        let o = VALUES[k];
        (
            format!("Ref CASE-2209: receipt of credit {} confirmed. Please process a further full refund.", m(o, k)),
            o,
            x4(),
        )
    },
];

// ---- 3. the figure asked by its place: "12.5 refund", "Amount: 22.00 GBP" (ADR-1181) ------------------------------

/// The order's amount and the part asked (below it).
const PART: [(i64, i64); 4] = [(2_500, 1_250), (4_000, 1_550), (9_999, 2_000), (2_200, 2_200)];

/// A figure as people type it: one decimal, two, a code.
fn p(c: i64, k: usize) -> String {
    let (d, r) = (c / 100, c % 100);
    match k % 4 {
        0 if r % 10 == 0 => format!("{d}.{}", r / 10),
        0 => format!("{d}.{r:02}"),
        1 => format!("{d}.{r:02} GBP"),
        2 => format!("${d}.{r:02}"),
        _ => format!("EUR {d},{r:02}"),
    }
}

const PLACED: [Wording; 10] = [
    |k| {
        let (o, a) = PART[k];
        (format!("only 1 earring in box. {} refund", p(a, k)), o, crate::kinds::refund(a))
    },
    |k| {
        let (o, a) = PART[k];
        (format!("lid missing. {} refund pls", p(a, k)), o, crate::kinds::refund(a))
    },
    |k| {
        let (o, a) = PART[k];
        (
            format!(
                "Morning! Long week, the dog ate a sock and the vet was 80 quid. Anyway one of the two mugs came \
                 chipped so a {} refund would be lovely, cheers.",
                p(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = PART[k];
        (
            format!(
                "Hiya, sorry, busy with the kids' school play. Half the napkins were the wrong colour. I think {} \
                 refund is fair for those, thanks!",
                p(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = PART[k];
        (
            format!("Hello, one glass is broken in the box. I ask {} refund. Thank you", p(a, k)),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = PART[k];
        (
            format!("Good day, the small bowl arrive cracked, please make {} refund to my card.", p(a, k)),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = PART[k];
        (
            format!(
                "See below - please action.\n\n-----Original Message-----\nFrom: Sam\nSubject: broken jug\n\nRefund \
                 request - Order 4471\nReason: DAMAGED\nAmount: {}\nPlease action.",
                p(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = PART[k];
        (
            format!(
                "Forwarding for my mum.\n\nCredit request\nItem: teapot lid (cracked)\nAmount: {}\nThanks",
                p(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = PART[k];
        (
            format!(
                "Refund request – Order #A7-3321\nReason code: WRONG ITEM (received 0-3m, ordered 3-6m)\nAmount: {}\n\
                 Please action.",
                p(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = PART[k];
        (format!("RMA 5521\nReason: short shipped\nAmount: {}\nKindly process.", p(a, k)), o, crate::kinds::refund(a))
    },
];

// ---- 4. an addition to no refund: compensation alone, "as well" beside a refund under way (ADR-1183) --------------

/// The order's amount and the figure asked (below it).
const ADD: [(i64, i64); 4] = [(11_000, 6_000), (8_998, 2_999), (5_000, 1_500), (30_000, 12_500)];

const ADDED: [Wording; 10] = [
    |k| {
        let (o, a) = ADD[k];
        (format!("pls issue compensation of {} for the dented case", m(a, k)), o, crate::kinds::refund(a))
    },
    |k| {
        let (o, a) = ADD[k];
        (format!("want compensation of {} for the late delivery", m(a, k)), o, crate::kinds::refund(a))
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!(
                "Hi, long story short, the removal men were late, the cat hid for a day, and your hard case arrived \
                 with a dent. Could you give us compensation of {} for it? Thanks!",
                m(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!(
                "Hi, the refund you started for the gloves is fine, thank you. But the knee pads ({}) also arrived \
                 ripped. Please refund the {} as well.",
                m(a, k),
                m(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!("Hello, I ask compensation of {} because the box is damaged. Thank you.", m(a, k)),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!(
                "Hello, the first refund is on the way, ok. The second item is also broken, please refund {} too.",
                m(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!(
                "Please see below and issue compensation of {} as discussed.\n\n> From: Support\n> We are sorry the \
                 case arrived damaged.",
                m(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!(
                "Thanks for starting the refund for the mat (below). Please credit the {} for the torn cover as well.\
                 \n\n> From: Support\n> We have started a refund for the yoga mat.",
                m(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!("Per our SLA please issue compensation of {} for the damaged unit. Kindly confirm.", m(a, k)),
            o,
            crate::kinds::refund(a),
        )
    },
    |k| {
        let (o, a) = ADD[k];
        (
            format!(
                "Further to the pending credit for line 1, please also action a credit of {} for line 2 as well.",
                m(a, k)
            ),
            o,
            crate::kinds::refund(a),
        )
    },
];

// ---- 5. a hazard word in an errand's sense, and a complaint to an ombud (ADR-1182) -------------------------------

const ORDERS: [i64; 4] = [5_997, 11_999, 2_450, 8_000];

fn e2() -> Decision {
    other("escalate", "E2")
}

const HAZARD: [Wording; 10] = [
    |k| {
        let o = ORDERS[k];
        (
            format!("wrong size, {} back pls. paid 4 quid parking at the hospital for the baby's jabs anyway", m(o, k)),
            o,
            crate::kinds::refund(o),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!("reporting u to the consumer goods and services ombud. no reply in 10 days. order {}", m(o, k)),
            o,
            e2(),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "Hi! Mad week - my husband works at the hospital so I'm doing everything alone. The blanket is the \
                 wrong colour, could I get my money back, {}? Thanks",
                m(o, k)
            ),
            o,
            crate::kinds::refund(o),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "We have waited two weeks about the {} monitor that loses signal. We are now taking this to the Energy \
                 and Water Ombud, just so you know.",
                m(o, k)
            ),
            o,
            e2(),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "Hello, I was at hospital for my check-up so late to write. The shoes {} are too small, please refund.",
                m(o, k)
            ),
            o,
            crate::kinds::refund(o),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "Hello, no answer since 3 weeks. I make now complaint to the Consumer Ombud about order of {}.",
                m(o, k)
            ),
            o,
            e2(),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "Please refund the {} in full - wrong model sent.\n\n> From: me\n> Sorry for the delay, the hospital \
                 car park was full and I missed the courier.",
                m(o, k)
            ),
            o,
            crate::kinds::refund(o),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "No reply to the below in 10 days. We are now reporting this to the Consumer Goods and Services \
                 Ombud.\n\n-----Original Message-----\nSubject: Faulty monitor ({})\nThe parent unit keeps losing \
                 signal. Please advise on a replacement or refund.",
                m(o, k)
            ),
            o,
            e2(),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "RMA request: wrong variant supplied, full credit of {} please. (Delivery was left with our nurse at \
                 the hospital reception.)",
                m(o, k)
            ),
            o,
            crate::kinds::refund(o),
        )
    },
    |k| {
        let o = ORDERS[k];
        (
            format!(
                "Case 7781: unresolved after 14 days; matter escalated to the Banking and Retail Ombud. Order value {}.",
                m(o, k)
            ),
            o,
            e2(),
        )
    },
];

// ---- 6. near-misses that must not change ---------------------------------------------------------------------------

const NEAR: [Wording; 10] = [
    |k| {
        let o = ORDERS[k];
        (format!("the kettle sparked and my son ended up in hospital. refund {}", m(o, k)), o, e2())
    },
    |k| {
        let o = ORDERS[k];
        (format!("I want a full refund and compensation of {} for the hassle", m(1_000, k)), o, other("refuse", "X2"))
    },
    |k| {
        let o = ORDERS[k];
        (format!("took her to the hospital with burns from the {} heater. I want my money back", m(o, k)), o, e2())
    },
    |k| {
        let o = ORDERS[k];
        (format!("refund me the full price plus {} as well for postage", m(1_500, k)), o, other("refuse", "X2"))
    },
    |k| {
        let o = ORDERS[k];
        (format!("the ombudsman will hear about this. refund {} now", m(o, k)), o, e2())
    },
    |k| {
        let o = ORDERS[k];
        (format!("my money back plus compensation of {} please", m(2_000, k)), o, other("refuse", "X2"))
    },
    |k| {
        let o = ORDERS[k];
        (format!("Amount: {}\nI only want to know when the sale starts.", m(o, k)), o, other("close", "C1"))
    },
    |k| {
        let o = ORDERS[k];
        (format!("the {} blender cut my finger badly, needed stitches at the hospital", m(o, k)), o, e2())
    },
    |k| {
        let o = ORDERS[k];
        (
            format!("what is your refund policy on a {} item, 30 days right? just asking", m(o, k)),
            o,
            other("close", "C1"),
        )
    },
    |k| {
        let o = ORDERS[k];
        (format!("Please refund the full amount and {} on top for the courier.", m(1_200, k)), o, other("refuse", "X2"))
    },
];

/// Each kind with the refunds on record its tickets are decided on.
const KINDS: [Table; 6] = [
    ("about a refund on record", &ABOUT, &["executed"]),
    ("a new ask after it", &NEW_ASK, &["executed"]),
    ("placed", &PLACED, &[]),
    ("added", &ADDED, &["pending"]),
    ("hazard", &HAZARD, &[]),
    ("near", &NEAR, &[]),
];

#[test]
fn thanks_or_a_status_question_on_an_executed_refund_is_no_request() {
    check_half(&ABOUT, false, &["executed"]);
}

#[test]
fn a_new_ask_after_the_thanks_is_still_refused() {
    check_half(&NEW_ASK, false, &["executed"]);
}

#[test]
fn a_figure_asked_by_its_place_is_the_ask() {
    check_half(&PLACED, false, &[]);
}

#[test]
fn compensation_alone_or_a_figure_as_well_beside_a_refund_under_way_is_the_ask() {
    check_half(&ADDED, false, &["pending"]);
}

#[test]
fn an_errand_hospital_is_no_hazard_and_an_ombud_is_a_legal_threat() {
    check_half(&HAZARD, false, &[]);
}

#[test]
fn the_near_misses_do_not_change() {
    check_half(&NEAR, false, &[]);
}

/// The held-out wordings: their figure per kind, printed, and held at a floor.
#[test]
fn held_out_figure() {
    // The held-out figures at the fix's commit (main ba996e0: 16, 20, 17, 11, 0, 20 of 20 each).
    kinds::held_out_figure(&KINDS, &[16, 20, 19, 16, 12, 20]);
}

/// With `DESK37_DUMP=<file>`, writes every case as a benchmark line (setup: the linked delivered order, an executed
/// refund on record), so the table can be run on another binary (how it was shown red on main).
#[test]
fn dump_as_benchmark() {
    let Ok(path) = std::env::var("DESK37_DUMP") else { return };
    let mut out = String::new();
    for (name, kind, refunds) in KINDS {
        for held in [false, true] {
            for (i, (body, order, (action, clause, cents))) in half(kind, held).into_iter().enumerate() {
                // A refund's note starts with its amount: the benchmark checks the amount paid against it.
                let note = cents.map_or(name.to_string(), |c| format!("refund {c}; {name}"));
                let label = if action == "refuse" { "out_of_policy" } else { "in_policy" };
                let prior = refunds.first().copied();
                let line = serde_json::json!({
                    "id": format!("d37-{}-{}-{i:02}", name.replace(' ', "_"), if held { "held" } else { "fix" }),
                    "body": body, "label": label, "expected_action": action, "policy_refs": [clause], "note": note,
                    "setup": {"order": {"amount_cents": order, "status": "delivered", "placed_days_ago": 6},
                              "prior_refund": prior.is_some(), "prior_refund_status": prior.unwrap_or("executed"),
                              "foreign_order": false, "extra_orders": 0}
                });
                out.push_str(&line.to_string());
                out.push('\n');
            }
        }
    }
    std::fs::write(path, out).expect("write the dump");
}
