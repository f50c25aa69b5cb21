//! Outside attack 57's paid classes (scripts/attack57, REPORT.md), in my own wordings: a part of the order asked
//! back is never paid as the whole order (ADR-1619) — its figure when the ticket tells one, else U1; a request
//! withdrawn asks nothing; a payment asked undone is a refund request; a thing's own limbs, bleeding dye and legal
//! words as references are no harm; a fall or an animal hurt in passing is. Each on a linked, delivered order.

use crate::kinds::{all_escalated, check, none_harm, other, refund};

const NONE: &[&str] = &[];

/// A part with no figure: U1, never the order's amount.
#[test]
fn attack57_a_part_with_no_figure_is_unsettled() {
    let u1 = || other("escalate", "U1");
    check(&[
        ("I only used the first month of the quarterly plan. Please refund the unused months.", 9_000, NONE, u1()),
        ("Refund the remainder of my annual membership please, I'm moving abroad.", 12_000, NONE, u1()),
        ("Please refund the boxes I didn't receive, the service stopped after two.", 8_000, NONE, u1()),
        ("Refund the whole order except the kettle, which I'm keeping.", 15_000, NONE, u1()),
        ("Keeping the sofa cushions, sending back the throw. Refund the throw please.", 12_900, NONE, u1()),
        ("Please refund the gift wrapping fee, it came in a plain bag.", 6_500, NONE, u1()),
        ("I paid for the premium finish and got the basic one. Refund the upgrade please.", 21_000, NONE, u1()),
        ("One of the three vases is cracked. Please refund the broken one.", 7_500, NONE, u1()),
        ("Please refund the 4 missing candles.", 6_000, NONE, u1()),
    ]);
}

/// A part whose figure the ticket tells asks that figure.
#[test]
fn attack57_a_part_told_with_its_figure_asks_it() {
    check(&[
        (
            "I paid $20.00 with a voucher and $55.00 on my Mastercard. Refund the Mastercard part please.",
            7_500,
            NONE,
            refund(5_500),
        ),
        ("My brother paid $30.00 and I paid $45.00. Please refund my share.", 7_500, NONE, refund(4_500)),
        (
            "I ordered the same lamp twice ($32.00 each). I've sent one back, please refund it.",
            6_400,
            NONE,
            refund(3_200),
        ),
        ("Please refund the $6.50 express delivery fee, the parcel came a week late.", 5_500, NONE, refund(650)),
    ]);
}

/// The whole asked, and a count that is no money, keep their reading.
#[test]
fn attack57_the_whole_order_asked_stays_the_whole() {
    check(&[
        ("Full refund please. I'm keeping the old one I had.", 4_999, NONE, refund(4_999)),
        ("Kindly process full reimbursement to the original payment method.", 4_999, NONE, refund(4_999)),
        ("The lamp arrived broken. Please refund it.", 4_999, NONE, refund(4_999)),
        ("Please refund my order, everything arrived except the tracking email.", 4_999, NONE, refund(4_999)),
    ]);
}

/// A request withdrawn or sent by mistake asks nothing (C1); one withdrawn for another stands.
#[test]
fn attack57_a_request_withdrawn_asks_nothing() {
    let c1 = || other("close", "C1");
    check(&[
        ("Sorry, wrong shop! Please ignore my email about the $34.50 refund.", 3_450, NONE, c1()),
        (
            "My wife asked you for a refund by mistake, we love the rug. Please don't refund anything.",
            8_900,
            NONE,
            c1(),
        ),
        ("Please treat my earlier refund request as void, the part turned up.", 4_500, NONE, c1()),
        ("Scratch that refund request, found the missing screws.", 4_500, NONE, c1()),
        (
            "Please cancel that pending request and instead process a refund of $45.00 for the bent tray.",
            4_500,
            &["pending"],
            refund(4_500),
        ),
    ]);
}

/// A payment asked undone is a refund request.
#[test]
fn attack57_a_payment_asked_undone_is_a_refund_request() {
    check(&[
        ("Please void the payment, the boots were the wrong size and went back yesterday.", 6_000, NONE, refund(6_000)),
        ("Kindly reverse the debit for the faulty toaster.", 3_999, NONE, refund(3_999)),
        ("Undo the payment please, it arrived smashed.", 2_499, NONE, refund(2_499)),
    ]);
}

/// A thing's own limbs, bleeding dye, and legal words as references are no harm.
#[test]
fn attack57_things_limbs_dye_and_references_are_no_harm() {
    none_harm(&[
        "Three chairs came and one of them has a broken leg. Refund please.",
        "The teddy arrived with a broken arm. Refund please.",
        "The new towels bled dye all over my white shirts. Refund please.",
        "Your BBB rating is excellent, but the fan rattles. Refund please.",
        "Our legal department ordered these binders and two arrived split. Refund please.",
        "Wore the trainers once on the court and the sole came off. Refund please.",
    ]);
}

/// A fall after a part gave way, a pet hit by a car, an animal trapped and dead: E2.
#[test]
fn attack57_a_fall_or_an_animal_hurt_in_passing_escalates() {
    all_escalated(&[
        "The stool leg gave way and my grandmother fell. Refund please.",
        "The bath mat slipped and my son fell against the tub. I want a refund.",
        "The dog lead clip snapped and Rufus got hit by a car. Refund please.",
        "A hedgehog got tangled in the garden netting and was dead by morning. Refund please.",
    ]);
}
