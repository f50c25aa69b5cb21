//! desk29's kinds of reading (issue 16, ADR-1078…ADR-1081): a request told from an inquiry by the shape of what the
//! customer wrote, not by an asking word. Every ticket here is written for these tests in several registers (terse,
//! non-native, forwarded, jargon, rambling); none comes from `evals/`. Each test lists every ticket decided otherwise.

use crate::blind17_kinds::check_several;
use crate::kinds::{check_at, other, refund};

/// ADR-1078 (the over-payment class, first): a question about *when* money comes, on an order with no refund on
/// record, is an inquiry (C1) — never a payment of the order's amount on the strength of its "get my money back".
#[test]
fn a_question_about_when_money_comes_never_pays() {
    let none: &[&str] = &[];
    check_at(&[
        // rambling
        ("I returned the boots last week, when do I get my money back?", 8_999, 9, none, other("close", "C1")),
        (
            "So the boots didn't fit, which was a shame because I loved the colour, and I posted them back last \
             Thursday from the little post office by the station. How long until I see the money back on my card?",
            8_999,
            9,
            none,
            other("close", "C1"),
        ),
        // terse
        ("sent boots back monday. when do i get money back??", 8_999, 9, none, other("close", "C1")),
        // non-native
        (
            "Hello, I have send back the boots 5 days ago. When I will receive my money back?",
            8_999,
            9,
            none,
            other("close", "C1"),
        ),
        // jargon
        ("RMA 4471 returned to warehouse. ETA on credit to OPM?", 8_999, 9, none, other("close", "C1")),
        (
            "Boots returned via courier on the 3rd (tracking attached). When can we expect the refund to be credited?",
            8_999,
            9,
            none,
            other("close", "C1"),
        ),
        // forwarded
        (
            "FW: boots\n\n> I returned the boots last week. When will my money come back?",
            8_999,
            9,
            none,
            other("close", "C1"),
        ),
    ]);
}

/// Controls for ADR-1078: an ask beside the question still asks, and "when" as a conjunction asks nothing about time.
#[test]
fn an_ask_beside_a_question_about_time_still_asks() {
    check_at(&[
        ("When can I expect it? Also please refund 12.00 for the cracked lid.", 6_000, 9, &[], refund(1_200)),
        ("When I opened the box the mug was smashed. Refund please.", 1_800, 9, &[], refund(1_800)),
        ("When can you refund me the 15 for the broken handle?", 6_000, 9, &[], refund(1_500)),
    ]);
}

/// ADR-1079: a problem with the goods told and a figure of the customer's own beside it, no asking verb, nothing
/// asked about a refund's state: that figure is asked — never the order's amount, which the customer did not name.
#[test]
fn a_figure_beside_a_problem_told_is_asked_without_an_asking_verb() {
    check_at(&[
        // terse
        ("lamp shade came cracked. dont want all of it back, just 12 off", 6_000, 5, &[], refund(1_200)),
        ("rug arrived torn. not the whole thing back, only 15 quid off", 6_000, 5, &[], refund(1_500)),
        // non-native
        ("The teapot lid is broken. Not the whole order, only the lid, 9 euro.", 4_500, 5, &[], refund(900)),
        // rambling
        (
            "Long story but the hamper came on Tuesday and my aunt loved it, except the cheese board was mouldy, green \
             fur and all. The rest was fine. Your site lists the cheese board at 24.00 so could I just have that back?",
            7_999,
            5,
            &[],
            refund(2_400),
        ),
        // jargon
        (
            "Item 2 of 3 DOA (charger missing). Partial: 19.99 off the invoice, rest retained.",
            8_999,
            5,
            &[],
            refund(1_999),
        ),
    ]);
}

/// Controls for ADR-1079: a price told beside a problem with a question about the policy, or a disclaimer, asks
/// nothing; a problem with several figures and no cue cannot be settled, never the order's amount.
#[test]
fn a_price_told_beside_a_question_or_a_disclaimer_asks_nothing() {
    check_at(&[
        ("The $40 lamp arrived broken. Is it covered by the warranty?", 4_000, 5, &[], other("close", "C1")),
        ("Not asking for a refund, just so you know the 12.00 lid was cracked.", 4_000, 5, &[], other("close", "C1")),
    ]);
}

/// ADR-1080 (rejected): a problem with the goods told and nothing asked, on one identified order, stays C1 — the
/// reference reads a complaint naming a concrete problem and asking nothing as closed (`reference_semantics::
/// a_complaint_without_a_concrete_problem_is_vague`).
#[test]
fn a_problem_told_with_no_ask_on_one_order_stays_closed() {
    check_at(&[
        ("hairdryer stopped working after two days", 3_500, 5, &[], other("close", "C1")),
        ("Hi, the jacket I received has a broken zip. Regards, Tom", 8_000, 5, &[], other("close", "C1")),
    ]);
}

/// ADR-1081: among several orders none named, a complaint or a demand with no object ("sort it out", "get your act
/// together") needs information (U1), never a close — rhetorical questions included.
#[test]
fn a_demand_among_several_orders_needs_information() {
    check_several(&[
        ("Third time now. You people need to get your act together.", 4, other("escalate", "U1")),
        ("not happy. again. fix it", 3, other("escalate", "U1")),
        (
            "Ordered from you for years, and lately it's one thing after another. Been loyal for what, five years? \
             Sort it out please.",
            4,
            other("escalate", "U1"),
        ),
        // control: a question among several orders stays an inquiry
        ("How long does delivery usually take to Leeds?", 4, other("close", "C1")),
    ]);
}
