//! desk24's kinds of reading (issue 16, ADR-1015…ADR-1019): b25's misses by kind, each a regression set of tickets
//! written for these tests in several registers (terse, rambling, non-native, forwarded, jargon), with controls that
//! must not flip. None of these sentences comes from `evals/`. Each test lists every ticket decided otherwise.

use crate::kinds::{check, check_at, other, refund};

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
        // A third party's word beside an item's price is no story (a first version read it as one: 40.00 paid).
        ("The bus pass holder was 12 dollars and it snapped. refund please", 4_000, &[], refund(1_200)),
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

/// dev26's kinds (ADR-1020): newest words that only forward ("Action pls.", "FW: …", "Please process.", "Could you
/// handle this please - Tom") point at the customer's side of the thread below, whose ask is read; a top that takes
/// the message back does not.
#[test]
fn a_forward_that_only_points_below_carries_the_ask_below() {
    check_at(&[
        (
            "Action pls.\n\n-----Original Message-----\nFrom: Site Manager\nSubject: heater\nThe site heater died after \
             two days. Full refund please.",
            15_000,
            6,
            &[],
            refund(15_000),
        ),
        (
            "FW: returns\n\n---------- Forwarded message ---------\nFrom: me\nSubject: mug\nMug arrived chipped. Refund \
             the 12 please.",
            1_200,
            6,
            &[],
            refund(1_200),
        ),
        (
            "Please process.\n\n-----Original Message-----\nFrom: Jo (finance)\nSubject: chairs\nThe chairs came \
             scratched, I want my money back.",
            30_000,
            45,
            &[],
            other("refuse", "X3"),
        ),
        (
            "Please ignore the message below, sorted now.\n\n-----Original Message-----\nFrom: me\nSubject: mug\nMug \
             arrived chipped. Refund please.",
            1_200,
            6,
            &[],
            other("close", "C1"),
        ),
    ]);
}

/// dev26's kinds (ADR-1020): asks by a frame the grammar did not know (a preference for the money, a goodwill gesture
/// of a figure requested); "Sue" as a name is no lawsuit (a verb with its object still is).
#[test]
fn money_frames_and_a_name_that_is_a_verb() {
    check(&[
        (
            "the other one was also faulty so honestly I'd rather just have the money back for it",
            3_500,
            &[],
            refund(3_500),
        ),
        (
            "Dear team, the delivery was four days late. We would request a goodwill gesture of EUR 8.00 for the delay.",
            6_000,
            &[],
            refund(800),
        ),
        ("Hi, i would prefer to get my money, not new one. The zip is broken.", 2_500, &[], refund(2_500)),
        (
            "Hi, it's Sue here. The toaster stopped working after a week. Can I have a refund?",
            3_000,
            &[],
            refund(3_000),
        ),
        ("Kettle won't boil. Refund please.\nThanks,\nSue", 3_000, &[], refund(3_000)),
        // Controls.
        // An exchange asked is an account action that is no refund (F1657): F1.
        ("I'd rather have a blue one than this grey one, can you swap it?", 2_500, &[], other("escalate", "F1")),
        ("If this isn't fixed I will sue you. Refund now.", 3_000, &[], other("escalate", "E2")),
    ]);
}

/// dev26's kinds (ADR-1020): how a figure is written — a count at a unit price in the ask ("two at 9.50 each") is
/// their product, never the order's amount; space-grouped thousands ("1 499,00") are one figure, never its last group.
#[test]
fn a_count_at_a_unit_price_and_space_grouped_thousands() {
    check(&[
        ("two of the bowls came smashed, so refund two at 9.50 each please", 3_800, &[], refund(1_900)),
        ("Pls credit 3 @ 4.20 apiece, lids missing", 2_100, &[], refund(1_260)),
        (
            "I paid 1 499,00 euro for the bike and the frame is cracked. I want refund of 1 499,00.",
            149_900,
            &[],
            other("escalate", "E1"),
        ),
        ("Please refund 2 100,00 for the damaged sofa.", 210_000, &[], other("escalate", "E1")),
        ("refund 15,00 please, strap broke", 4_000, &[], refund(1_500)),
    ]);
}

/// dev26's kinds (ADR-1020): what cannot be settled or is more than the order — money back for a part whose figure is
/// only approximate (U1, never the whole order); any of several offers taken (U1); the full price and a figure added
/// with "+" or "&" (X2, never the order's amount).
#[test]
fn unsure_parts_either_offer_and_full_plus() {
    check(&[
        (
            "Most of the set is fine but I'd like a refund for the cups that broke. They were about 12 I think.",
            4_800,
            &[],
            other("escalate", "U1"),
        ),
        (
            "money back for the broken parts please, around 20 or so, I lost the receipt",
            9_000,
            &[],
            other("escalate", "U1"),
        ),
        (
            "Either one works for me, thanks.\n\n> From: Customer Service\n> We can refund 15.00 now, or 25.00 once the \
             item is returned.",
            7_000,
            &[],
            other("escalate", "U1"),
        ),
        (
            "whichever is easier for you\n\n> From: Support\n> We could offer 10.00 as a credit or 18.00 as a refund to \
             your card.",
            5_000,
            &[],
            other("escalate", "U1"),
        ),
        ("refund in full. full amount + 6.50 postage I paid to send it back", 3_000, &[], other("refuse", "X2")),
        ("I want the full price & 10 for my trouble", 3_000, &[], other("refuse", "X2")),
        // Controls: a whole price said approximately; one offer chosen.
        ("I paid about 60 for it. Money back please.", 6_500, &[], refund(6_500)),
        (
            "Yes please, the 25.00 one.\n\n> From: Customer Service\n> We can refund 15.00 now, or 25.00 once the item is \
             returned.",
            7_000,
            &[],
            refund(2_500),
        ),
    ]);
}

/// dev26's kinds (ADR-1020): a refund on record told as arrived ("came through … 19.99 back on my card") and another
/// shop's slow refund told as a report ask nothing (C1, not X4); a figure asked "of it" beside the item's bracketed
/// price is the ask.
#[test]
fn told_refunds_ask_nothing_and_an_amount_of_it_is_asked() {
    check(&[
        (
            "The refund came through yesterday, 19.99 back on my card, thank you! Do you restock the green one?",
            1_999,
            &["executed"],
            other("close", "C1"),
        ),
        ("Refund landed this morning - 45 back in my account. Cheers", 4_500, &["executed"], other("close", "C1")),
        (
            "Thanks, the refund arrived. By the way another site took two months and four emails to refund me 30 quid, so \
             you are much better.",
            4_000,
            &["executed"],
            other("close", "C1"),
        ),
        ("I'm keeping the desk (340.00) but as agreed please refund 100.00 of it.", 34_000, &[], refund(10_000)),
        ("keeping the coat (89.99), scuffed; pls refund 20 of the price", 8_999, &[], refund(2_000)),
    ]);
}
