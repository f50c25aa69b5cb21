//! desk37's kinds (issue 16, ADR-1180…): the refusals apply to requests. A thank-you for a refund already executed,
//! or a question about its state, that names the refund's figure is an inquiry (C1), never X4; a new ask after the
//! thanks is still a request and still refused (X4). Ten wordings a kind (two per register: terse, rambling,
//! non-native, forwarded mail, jargon) × four value sets (amounts with and without a sign, codes, a decimal comma).
//!
//! The even wordings are the ones the fix was made with; the odd ones are held out (written before the fix, never
//! tuned against): `held_out_figure` prints their score. Every text is written for these tests; none comes from
//! `evals/` or the blind sets.

use crate::kinds::{Decision, check_each, evidence, other};
use support_desk::classify;

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

/// One ticket: its body, the linked order's amount (refunded in full, executed), the decision the policy gives.
type Case = (String, i64, Decision);
type Wording = fn(usize) -> Case;

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

const KINDS: [(&str, &[Wording; 10]); 2] = [("about a refund on record", &ABOUT), ("a new ask after it", &NEW_ASK)];

fn half(kind: &[Wording; 10], held: bool) -> Vec<Case> {
    kind.iter().enumerate().filter(|(i, _)| (i % 2 == 1) == held).flat_map(|(_, wording)| (0..4).map(wording)).collect()
}

fn check_half(kind: &[Wording; 10], held: bool) {
    check_each(&half(kind, held), |(body, order, want)| (body.as_str(), evidence(body, *order, &["executed"]), want));
}

#[test]
fn thanks_or_a_status_question_on_an_executed_refund_is_no_request() {
    check_half(&ABOUT, false);
}

#[test]
fn a_new_ask_after_the_thanks_is_still_refused() {
    check_half(&NEW_ASK, false);
}

/// The held-out wordings: their figure per kind, printed, and held at a floor.
#[test]
fn held_out_figure() {
    let floor = [0, 0];
    let mut lines = Vec::new();
    let mut below = Vec::new();
    for ((name, kind), min) in KINDS.iter().zip(floor) {
        let cases = half(kind, true);
        let mut right = 0;
        for (body, order, want) in &cases {
            let c = classify::classify(&evidence(body, *order, &["executed"]));
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
        if right < min {
            below.push(format!("{name}: {right} < {min}"));
        }
    }
    eprintln!("{}", lines.join("\n"));
    assert!(below.is_empty(), "held-out figure below its floor: {below:?}");
}

/// With `DESK37_DUMP=<file>`, writes every case as a benchmark line (setup: the linked delivered order, an executed
/// refund on record), so the table can be run on another binary (how it was shown red on main).
#[test]
fn dump_as_benchmark() {
    let Ok(path) = std::env::var("DESK37_DUMP") else { return };
    let mut out = String::new();
    for (name, kind) in KINDS {
        for held in [false, true] {
            for (i, (body, order, (action, clause, _))) in half(kind, held).into_iter().enumerate() {
                let label = if action == "refuse" { "out_of_policy" } else { "in_policy" };
                let line = serde_json::json!({
                    "id": format!("d37-{}-{}-{i:02}", name.replace(' ', "_"), if held { "held" } else { "fix" }),
                    "body": body, "label": label, "expected_action": action, "policy_refs": [clause], "note": name,
                    "setup": {"order": {"amount_cents": order, "status": "delivered", "placed_days_ago": 6},
                              "prior_refund": true, "prior_refund_status": "executed", "foreign_order": false,
                              "extra_orders": 0}
                });
                out.push_str(&line.to_string());
                out.push('\n');
            }
        }
    }
    std::fs::write(path, out).expect("write the dump");
}
