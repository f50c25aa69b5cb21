//! The kinds of reading that blind set 5's three misses showed (issue 16), each as a regression set of tickets written
//! for these tests (other phrasings and registers), with negative controls
//! that must not flip. None of these sentences comes from `evals/`. Each test collects every failing ticket before it
//! asserts, so a red run lists the whole kind, not the first sentence.

use crate::kinds::{check, other, refund};

/// Kind (b5-g-070, money): a part of the order asked back by its price ("its price in the bundle was X, refund that
/// part"): a refund of that price, never of the whole order. Controls: a price with the whole amount asked stays the
/// order's amount.
#[test]
fn a_part_asked_back_by_its_price_refunds_that_price() {
    check(&[
        ("Its price in the bundle was 129.00 USD so please refund that part.", 15_900, &[], refund(12_900)),
        (
            "The lens cap in my kit was listed at $24.50. Please refund that item, the rest is fine.",
            15_900,
            &[],
            refund(2_450),
        ),
        ("the charger was $35 of the total, can u refund that bit", 15_900, &[], refund(3_500)),
        (
            "One of the three mugs came cracked; it cost 12.00 EUR. Kindly reimburse that piece.",
            15_900,
            &[],
            refund(1_200),
        ),
        (
            "The stand alone was priced at $60 within the set - I'd like a refund for that component only.",
            15_900,
            &[],
            refund(6_000),
        ),
        // Controls: the whole order asked, a price named beside it.
        ("The blender cost $159 and arrived dead. Please refund me in full.", 15_900, &[], refund(15_900)),
        ("I paid $159 for this and it never worked. I want my money back.", 15_900, &[], refund(15_900)),
    ]);
}

/// Kind (b5-g-076): a figure with an unreadable digit ("$3?.99", "the first digit is torn off") settles nothing (U1),
/// never a refund of the legible part. Controls: a legible figure asked stays asked.
#[test]
fn a_figure_with_an_unreadable_digit_settles_nothing() {
    let u1 = other("escalate", "U1");
    check(&[
        (
            "Please refund the scarf, it was $3?.99 - the receipt photo is torn right over the first digit.",
            5_000,
            &[],
            u1.clone(),
        ),
        ("refund me $?5.00 for the broken lid, sorry the number is smudged", 5_000, &[], u1.clone()),
        ("I'd like $4_.50 back for the missing part, the label got wet.", 5_000, &[], u1.clone()),
        (
            "Could you refund the $2?.00 I was charged for the cable? I can't read the exact figure.",
            5_000,
            &[],
            u1.clone(),
        ),
        ("Refund of 1?,99 EUR please, the slip is illegible.", 5_000, &[], u1),
        // Controls: a legible figure.
        ("Please refund $34.99 for the scarf, it arrived torn.", 5_000, &[], refund(3_499)),
        ("I'd like $12.50 back for the missing part.", 5_000, &[], refund(1_250)),
    ]);
}

/// Kind (b5-g-013): a figure with its own arithmetic (a unit price and the total it makes, "$18 each so that's $36")
/// is one amount, the total. Controls: two figures really in competition stay U1.
#[test]
fn a_unit_price_and_the_total_it_makes_are_one_amount() {
    check(&[
        ("Two of the glasses broke. They were $18 each so that's $36, can you refund that?", 9_000, &[], refund(3_600)),
        ("3 plates arrived smashed, $12 apiece, which makes $36. Please refund it.", 9_000, &[], refund(3_600)),
        ("both candles were 9.50 each = 19.00 total, refund pls", 9_000, &[], refund(1_900)),
        (
            "Four of the cups leaked. At $7.50 per cup that comes to $30 - please refund that amount.",
            9_000,
            &[],
            refund(3_000),
        ),
        ("The two books were €15 each, so €30 altogether; I'd like that refunded.", 9_000, &[], refund(3_000)),
        // Controls: two figures asked in competition.
        ("Refund me $18 or maybe $36, whichever you think.", 9_000, &[], other("escalate", "U1")),
    ]);
}
