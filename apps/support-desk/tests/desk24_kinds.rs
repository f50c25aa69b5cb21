//! desk24's kinds of reading (issue 16, ADR-1015…ADR-1019): b25's misses by kind, each a regression set of tickets
//! written for these tests in several registers (terse, rambling, non-native, forwarded, jargon), with controls that
//! must not flip. None of these sentences comes from `evals/`. Each test lists every ticket decided otherwise.

use crate::kinds::{check, other, refund};

/// Kind 1 (ADR-1015): a figure the story tells in a sentence that asks nothing — a tip or a gift to someone else, a
/// rate of another service — is not the amount asked by a request that names none: the order's amount is (over the
/// cap, E1). Each of these paid the story's figure before (the over-refund audit: the desk now pays more on them).
#[test]
fn a_story_figure_is_not_the_amount_asked() {
    check(&[
        // rambling: a gift to the courier.
        (
            "The courier was really nice, I gave him 3 dollars for carrying the box up four floors. Anyway the kettle \
             leaks from the base. Could you refund me please?",
            4_500,
            &[],
            refund(4_500),
        ),
        // forwarded-ish rambling: slang tip in brackets.
        (
            "It came, the driver was lovely (gave him a tenner for his trouble), but the TV has a dead pixel line. I want \
             to send it back for a refund.",
            39_900,
            &[],
            refund(39_900),
        ),
        // non-native: a rate of another service.
        (
            "I ordered this for my swimming classes, which are 6 euro a lesson. The goggles leak. Can you give me refund?",
            2_400,
            &[],
            refund(2_400),
        ),
        // terse: a rate per hour.
        ("plumber charged 45 an hour to fit it. tap leaks anyway. refund pls", 8_900, &[], refund(8_900)),
        // rambling, over the cap: the tip each is no ask; the order's amount is over the cap (E1).
        (
            "So the wardrobe. Two men carried it up, I tipped them 10 each because it was heavy, and the door split the \
             first time I opened it. I want to return it and get a refund please.",
            72_000,
            &[],
            other("escalate", "E1"),
        ),
    ]);
}

/// Kind 1's controls (ADR-1015): where the desk must keep paying the figure, not the order's amount — the ask points
/// back at it, names it, proposes it, or the rate is the order's own unit.
#[test]
fn a_story_figure_the_ask_points_back_at_is_still_asked() {
    check(&[
        ("The lid alone cost 6 euro and it cracked. Please refund this money.", 3_000, &[], refund(600)),
        ("The handle was 8 pounds. can you refund that?", 3_000, &[], refund(800)),
        ("I think 12 dollars would be fair for the scratch. Can you do a refund?", 4_000, &[], refund(1_200)),
        ("Tip was 5. Refund 20 for the dent.", 6_000, &[], refund(2_000)),
        // A tip or a third party's rate the ask points back at: that figure, never the order's amount.
        ("I tipped the courier $5 through the app by mistake. Can you refund that money?", 4_000, &[], refund(500)),
        (
            "The installer you sent charged 12 dollars an hour and did nothing. Please refund that money.",
            9_000,
            &[],
            refund(1_200),
        ),
        ("Your app added a 5.00 tip for the driver that I never chose. Please refund that.", 4_000, &[], refund(500)),
        (
            "it was 8 a session, I did two sessions before the mat ripped. just the 8 back please",
            3_200,
            &[],
            refund(800),
        ),
    ]);
}

/// Kind 2 (ADR-1016): a whole number whose note says minor units, whatever else the note says, is that many cents.
#[test]
fn minor_units_named_as_such_are_cents() {
    check(&[
        (
            "RMA 5521\n- Product: desk fan\n- Status: defective\n- Refund value: 3999 (minor units, GBP)\nPlease action.",
            3_999,
            &[],
            refund(3_999),
        ),
        ("Kindly refund. Sum in minor currency units: 2450 EUR.", 2_450, &[], refund(2_450)),
        ("Refund: 15000 (in cents, USD). Order arrived shattered.", 15_000, &[], refund(15_000)),
        ("Ticket: 88213\nType: refund\namount_cents: 4350\nReason: damaged in transit", 4_350, &[], refund(4_350)),
        ("pls refund 1299 cents, the case doesn't fit", 1_299, &[], refund(1_299)),
        // Control: a major-unit figure with a currency note stays major (X2 on a smaller order).
        ("Refund value: 3999 (GBP). Please action.", 3_999, &[], other("refuse", "X2")),
    ]);
}

/// Kind 3 (ADR-1017): a gross beside its net and tax lines that add up to it, marked as the amount or the only total,
/// is the amount asked; the net asked alone stays the net.
#[test]
fn a_gross_beside_its_net_and_tax_is_the_ask() {
    check(&[
        ("Refund due: gross 119.00 (net 100.00 + VAT 19.00). Goods returned unopened.", 11_900, &[], refund(11_900)),
        (
            "Credit request\nNet amount: 80.00\nVAT 20%: 16.00\nGross amount: 96.00 (to be credited)\nReason: damaged",
            9_600,
            &[],
            refund(9_600),
        ),
        (
            "Pls reimburse the invoice gross amount as below:\nNet: GBP 40.00\nVAT 20%: GBP 8.00\nGross: GBP 48.00  <- \
             amount to be refunded\nReason: wrong model",
            4_800,
            &[],
            refund(4_800),
        ),
        (
            "Hello, I return the chair. On the bill: net 50,00, tax 9,50, gross 59,50. Please give back the gross.",
            5_950,
            &[],
            refund(5_950),
        ),
        // Control: the net asked alone.
        (
            "Net 50.00, VAT 9.50, gross 59.50. We reclaim VAT ourselves, so please refund the net 50.00 only.",
            5_950,
            &[],
            refund(5_000),
        ),
    ]);
}

/// Kind 4 (ADR-1018): a share of the money with its result named asks the result when it is that share of the order;
/// a result that is not that share cannot be settled (U1): neither the result nor the share is paid.
#[test]
fn a_share_with_its_result_named_asks_the_result() {
    check(&[
        ("one glove missing from the pair. half back, so 15", 3_000, &[], refund(1_500)),
        ("a third = 20 please, one of three cushions torn", 6_000, &[], refund(2_000)),
        ("quarter back -> 10. strap frayed", 4_000, &[], refund(1_000)),
        (
            "Hi, only one of the two lamps works, so I think half back is fair, that makes 22.50 for me. Thank you",
            4_500,
            &[],
            refund(2_250),
        ),
        (
            "Please refund 50% of the order, i.e. 35.00, as one of the two chairs arrived scratched.",
            7_000,
            &[],
            refund(3_500),
        ),
        ("I want the half of my money back, it is 40 euro, because one shoe is broken", 8_000, &[], refund(4_000)),
        // Inconsistent: half of 40.00 is not 30.
        ("half back, so 30. one shoe torn", 4_000, &[], other("escalate", "U1")),
        ("Requesting 25% credit = EUR 30.00 on this order (cosmetic damage).", 10_000, &[], other("escalate", "U1")),
    ]);
}

/// Kind 5 (ADR-1019): a question about the state of a refund on record is an inquiry (C1), not a new ask (X4); a new
/// ask after it still asks.
#[test]
fn a_state_question_about_a_refund_on_record_is_no_new_ask() {
    check(&[
        ("Pls confirm refund status and expected value date. Thx", 5_000, &["executed"], other("close", "C1")),
        (
            "FW: refund confirmation\nCould you confirm the value date of the credit to our account? Ref CR-1182.",
            5_000,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Hello, refund ref RF-2231. Kindly advise the settlement date and whether it has been released. No further \
             action needed.",
            5_000,
            &["executed"],
            other("close", "C1"),
        ),
        ("has the refund gone thru? when is the value date", 5_000, &["executed"], other("close", "C1")),
        (
            "Please confirm the status of the earlier refund on this order and when the credit will land.",
            5_000,
            &["executed"],
            other("close", "C1"),
        ),
        // Control: a new ask follows.
        (
            "What is the status of my refund? Also please refund the 20 for the second item.",
            5_000,
            &["executed"],
            other("refuse", "X4"),
        ),
    ]);
}
