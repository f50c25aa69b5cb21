//! The classes outside attack 55 left (F1665) and outside attack 56 found (F1666), each with probes written for these
//! tests in several registers and controls that must not flip. None of these sentences comes from `evals/` or from the
//! attackers' sets (`scripts/attack55`, `scripts/attack56`).

use crate::kinds::{check, other, refund};

/// F1665: a chat correction ("*$22", "^ meant"), a sum with its total said ("making"), a charge told and asked back by
/// a pronoun, a part asked in place of the whole, goods asked with their price (another remedy, never money).
#[test]
fn f1665_corrections_totals_pronouns_parts_and_priced_goods() {
    check(&[
        ("pls refund $35 for the cracked lid *$32", 8_000, &[], refund(3_200)),
        ("refund 14.50\n^ meant 15.40 sorry", 8_000, &[], refund(1_540)),
        ("Please refund €6 for the bent fork and €4 for the scratched plate, making €10.", 8_000, &[], refund(1_000)),
        ("There was a £3.50 'packaging fee' added at checkout. I'd like that back.", 8_000, &[], refund(350)),
        ("I paid $12 for gift wrapping. It arrived in a plain bag. It should be refunded.", 8_000, &[], refund(1_200)),
        ("No need to refund everything, $18 for the dent would be fine.", 8_000, &[], refund(1_800)),
        ("I'm not asking for the whole 80.00 back - only 25.00 for the broken handle.", 8_000, &[], refund(2_500)),
        (
            "Could you ship me the $14 spare filter? It was missing. No refund needed.",
            8_000,
            &[],
            other("escalate", "F1"),
        ),
        // Controls: a bullet list is no correction; a fee told with the whole asked; "not working at all".
        ("Refund please:\n* $20 lamp shade\n* $15 bulb", 8_000, &[], refund(3_500)),
        ("The toaster is not working at all. Refund please.", 8_000, &[], refund(8_000)),
        (
            "I paid $9 for express delivery. The mixer inside is broken though. Please refund it.",
            8_000,
            &[],
            refund(8_000),
        ),
    ]);
}

/// F1666: a question about a refund under way with its figure, a question about how a refund can be paid, a payment
/// part told (an instalment, a deposit, a voucher, store credit), payments counted and asked, a cost of one's own told,
/// a figure the writer turns down, units that did not come or came wrong.
#[test]
fn f1666_figures_that_are_not_the_ask() {
    check(&[
        // A refund pending: its state asked with its figure is no second ask.
        (
            "The $80.00 refund still isn't in my bank. How long does it normally take?",
            8_000,
            &["pending"],
            other("close", "C1"),
        ),
        ("Noted that the 80.00 refund will take a few days, thanks.", 8_000, &["pending"], other("close", "C1")),
        ("When do I get the $40 back? It says processing.", 8_000, &["pending"], other("close", "C1")),
        // The way of a refund asked about, nothing wrong told.
        ("Would a refund be possible to my Monzo card instead of the Visa?", 8_000, &[], other("close", "C1")),
        ("Is it possible to get a refund in pounds rather than euros?", 8_000, &[], other("close", "C1")),
        // A payment part told, a bare ask: the order's amount (over the cap: a human).
        (
            "I paid $300.00 with store credit and the rest by card. The sofa is torn. Refund please.",
            90_000,
            &[],
            other("escalate", "E1"),
        ),
        ("First Klarna instalment of $20.00 already taken. Heater is dead, refund please.", 8_000, &[], refund(8_000)),
        // Payments counted and asked.
        ("Please refund the two $20.00 Klarna payments taken so far.", 8_000, &[], refund(4_000)),
        // A cost of one's own told in a sentence of its own.
        ("Posting it back cost me $6.40. Please refund the blender.", 8_000, &[], refund(8_000)),
        // Keeping the goods for less.
        ("Honestly I'd keep the kettle for $12 off.", 8_000, &[], refund(1_200)),
        ("A €9.50 discount and the scuffed mirror can stay.", 8_000, &[], refund(950)),
        // A figure turned down.
        (
            "I was tempted to ask for $25 for my wasted afternoon, but no. Just refund the chair.",
            8_000,
            &[],
            refund(8_000),
        ),
        // Units that did not come, or came wrong, at a unit price.
        (
            "I received 4 of the 6 mugs I ordered. $9.00 each. Please refund the missing mugs.",
            5_400,
            &[],
            refund(1_800),
        ),
        (
            "The box should contain 10 candles, I got 7. They are $4.00 each, refund the missing ones.",
            4_000,
            &[],
            refund(1_200),
        ),
        ("Of the 5 plates, 2 came chipped. $11.00 each. Refund those please.", 5_500, &[], refund(2_200)),
        // Controls: a refund asked with a figure beside a pending one; a refund put to the shop to do; a price of
        // a part returned.
        (
            "The earlier refund is pending, but please also refund $15 for the missing lid.",
            8_000,
            &["pending"],
            refund(1_500),
        ),
        ("Could you refund it to my partner's card? The lamp arrived broken.", 8_000, &[], refund(8_000)),
        ("1x cushion cover (GBP 18.00) returned as faulty. Please refund it.", 8_000, &[], refund(1_800)),
    ]);
}

/// F1666: a reply of a bare figure to the shop's question asked in other words, under a mail client's quoting.
#[test]
fn f1666_a_bare_figure_answers_the_shops_question() {
    check(&[
        (
            "$18\n\n-----Original Message-----\nFrom: care@shop.example\nSent: 02/12/2026\n\nSorry the lamp shade came dented. How much are you looking for?\nRegards, Mo",
            8_000,
            &[],
            refund(1_800),
        ),
        (
            "twelve dollars\n\nFrom: Shop Help <help@shop.example>\nSent: 2 Dec 2026 10:02\nSubject: RE: torn cover\n\nWe can do a partial refund. What amount would you like us to put through?\nThanks, Jo",
            8_000,
            &[],
            refund(1_200),
        ),
        // Control: alternatives answer no one figure.
        (
            "$10 or perhaps $14, up to you\n\nFrom: Shop Help <help@shop.example>\nSent: 2 Dec 2026 10:02\n\nWe can do a partial refund. How much are you asking for?",
            8_000,
            &[],
            other("escalate", "U1"),
        ),
    ]);
}
