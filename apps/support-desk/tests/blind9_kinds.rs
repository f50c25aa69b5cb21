//! The kinds of reading that blind set 9's six first-run misses showed (issue 16), each as a regression set of tickets
//! written for these tests (other words, registers, amounts and currencies), with controls that must not flip. None
//! of these sentences comes from `evals/`. Each test collects every failing ticket before it asserts, so a red run
//! lists the whole kind, not the first sentence.

use crate::kinds::{check, other, refund};

/// Kind (b9, F600): a figure spoken with hesitations, repetitions and fillers (a voicemail, a call transcript, voice
/// typing): the one figure meant, never a fragment of it ("two forty-nine… two forty-nine ninety-nine" is 249.99, "a
/// hundred and sixteen, hundred and sixteen fifty" is 116.50). Controls: two different figures offered as alternatives still
/// settle nothing; a count beside a figure is no fragment.
#[test]
fn spoken_figures_with_hesitations_are_the_one_figure_meant() {
    let u1 = other("escalate", "U1");
    check(&[
        (
            "voicemail: hi yeah its about the blender, can i get a refund of, um, two forty-nine… two forty-nine ninety-nine, thanks",
            24_999,
            &[],
            refund(24_999),
        ),
        (
            "Call notes: customer wants back uh, a hundred and sixteen, hundred and sixteen fifty for the scratched side table.",
            21_000,
            &[],
            refund(11_650),
        ),
        (
            "so yeah refund me, er, three eighty, three eighty-nine ninety-five, the mattress sags",
            38_995,
            &[],
            refund(38_995),
        ),
        ("I'd like seventy, uh, seventy-four fifty back please, it came in the wrong size", 12_000, &[], refund(7_450)),
        ("please refund 189… 189.90, erm, the speaker crackles", 25_000, &[], refund(18_990)),
        (
            "right so I need, I need sixty-two, sixty-two forty back, yeah sixty-two forty, for the lamp",
            9_900,
            &[],
            refund(6_240),
        ),
        (
            "refund ninety-nine ninety-nine, um, ninety-nine ninety-nine please the drone won't fly",
            9_999,
            &[],
            refund(9_999),
        ),
        ("refund me a hundred and twelve fifty please, the rug is stained", 30_000, &[], refund(11_250)),
        (
            "two hundred and forty, two hundred and forty-nine ninety-nine back please, the oven door won't shut",
            24_999,
            &[],
            refund(24_999),
        ),
        (
            "I need hundred thirty-four ninety-nine back, hundred thirty-four ninety-nine, for the heater",
            20_000,
            &[],
            refund(13_499),
        ),
        // Controls: alternatives stay alternatives; a count is not a fragment of the figure.
        ("could i get, um, twenty or twenty-five dollars back for the dent", 9_000, &[], u1),
        ("two of the four bowls arrived chipped, refund me thirty-two fifty for those", 6_500, &[], refund(3_250)),
    ]);
}

/// Kind (b9, F601): "half", "a third", "part", "most", a percentage said of the PRODUCT ("the jar was only half
/// full", "half the pages are blank", "a third of the tiles came cracked") is no share of the money: the request
/// beside it asks its figure, or the order's amount. Only a share governed by the money ("refund half", "half of it
/// back", "50% of the price") is a partial refund with no figure (U1).
#[test]
fn a_share_of_the_product_is_not_a_share_of_the_money() {
    let u1 = other("escalate", "U1");
    check(&[
        (
            "The honey jar was only half full when it arrived. I would like a refund of the 18.50 please.",
            1_850,
            &[],
            refund(1_850),
        ),
        ("Half the pages in the planner are blank, misprint. Refund please.", 2_400, &[], refund(2_400)),
        ("the bottle came half empty so please refund me $15.00", 3_000, &[], refund(1_500)),
        ("a third of the tiles came cracked so refund the £42 please", 4_200, &[], refund(4_200)),
        ("Hello, 50% of the pixels are dead on this monitor, I want my money back.", 30_000, &[], refund(30_000)),
        (
            "Most of the seeds never sprouted and part of the packet was empty. Full refund of 12,00 € please.",
            1_200,
            &[],
            refund(1_200),
        ),
        (
            "Dear sir, the cream is only half. The tube was used before. I ask refund of all money 27 dollars.",
            2_700,
            &[],
            refund(2_700),
        ),
        ("The puzzle is missing half its pieces!! refund it", 3_500, &[], refund(3_500)),
        ("The flask arrived half empty. Refund the 22.00 please.", 4_400, &[], refund(2_200)),
        ("Half the kit missing - refund €35 please", 7_000, &[], refund(3_500)),
        ("Half the kit missing. I want my money back, it was €70.", 7_000, &[], refund(7_000)),
        ("The jar came half empty, please refund the whole 18.50", 1_850, &[], refund(1_850)),
        ("bottle half empty, refund my money please", 2_900, &[], refund(2_900)),
        ("Shampoo only half full!! Need refund of total amount 14 GBP.", 1_400, &[], refund(1_400)),
        ("a third of it leaked out, refund me $14", 4_200, &[], refund(1_400)),
        // Controls: a share of the money, with or without the product's share beside it.
        ("the box was half empty, refund half please", 4_000, &[], u1.clone()),
        ("Half the pages are blank. I'd accept half of it back.", 2_400, &[], u1.clone()),
        ("Could you refund 30% of the price? One strap is torn.", 8_000, &[], u1.clone()),
        ("Could I have a third back? That'd be $20.", 6_000, &[], refund(2_000)),
    ]);
}

/// Kind (b9, F602): an over-ask built of parts — the price (or "the full X") plus postage, compensation or the
/// customer's time, or a sum named with its breakdown ("in the sum of Z, comprising the price and compensation") —
/// asks their total: more than the order is refused (X2), never refunded as one of its parts. Controls: parts that
/// stay within the order are paid; a price stated with its postage is no ask.
#[test]
fn an_over_ask_built_of_parts_is_refused() {
    let x2 = other("refuse", "X2");
    check(&[
        (
            "Refund the full $42 for the boots plus the $7.80 it cost me to post them back, please.",
            4_200,
            &[],
            x2.clone(),
        ),
        (
            "I am claiming reimbursement in the amount of $260.00, consisting of the purchase price of $230.00 and $30.00 for the time I lost.",
            23_000,
            &[],
            x2.clone(),
        ),
        (
            "Please pay me CHF 95.00 in total, made up of the price of CHF 80.00 and CHF 15.00 for my trouble.",
            8_000,
            &[],
            x2.clone(),
        ),
        ("i want my 55 dollars back and also 10 dollars for the hassle", 5_500, &[], x2.clone()),
        ("Refund the €64.00 and €12.00 as compensation for the wasted afternoon.", 6_400, &[], x2.clone()),
        (
            "I'd like the price of the lamp back (£38.00) together with £6.20 for return postage.",
            3_800,
            &[],
            x2.clone(),
        ),
        ("refund my 120 AUD and pay me 25 AUD more for my time", 12_000, &[], x2),
        // Controls: the parts add up to no more than the order; a price stated with its postage, then a plain ask.
        (
            "Please refund $30.00 for the shirt plus the $5.00 shipping I was charged on this order.",
            3_500,
            &[],
            refund(3_500),
        ),
        ("I paid $90 plus $5 postage. The kettle leaks, refund please.", 9_500, &[], refund(9_500)),
        (
            "Please refund $50.00 in total, made up of $40.00 for the lamp and $10.00 for the return postage.",
            5_000,
            &[],
            refund(5_000),
        ),
        ("Please refund me $20 as compensation for the late delivery.", 6_000, &[], refund(2_000)),
    ]);
}

/// Kind (b9, F603): a partial refund with no figure in non-native or indirect wording ("return me part of my money",
/// "give some money back", "send back a portion of the payment"): a request whose figure is not named (U1), never an
/// inquiry closed. Controls: the whole money asked in the same wording is the order's amount.
#[test]
fn a_partial_with_no_figure_in_other_wording_is_under_specified() {
    let u1 = other("escalate", "U1");
    check(&[
        ("Kindly give back some part of the money, the sofa colour is not as in the picture.", 45_000, &[], u1.clone()),
        ("can you send me back a portion of the payment, two of the glasses were chipped", 3_600, &[], u1.clone()),
        ("Is possible to get back a part of payment? The color is not same like photo.", 5_900, &[], u1.clone()),
        ("I would be grateful if you could return us a part of the sum we paid.", 12_000, &[], u1.clone()),
        ("want part of money return because one sleeve is torn", 4_000, &[], u1.clone()),
        ("give some money back pls, the lid doesnt close", 2_500, &[], u1.clone()),
        ("Please pay back a little of the price, the shoes are two shades darker.", 7_000, &[], u1),
        // Controls: all of the money, in the same registers.
        ("Kindly give back the money, the sofa colour is not as in the picture.", 45_000, &[], refund(45_000)),
        ("Please return me my money, product is not same like photo.", 5_900, &[], refund(5_900)),
    ]);
}

/// Kind (b9, F604): a conditional offer — the customer keeps the item if money comes back ("I'll keep it if you give
/// me 500 back", "if you refund 20 I won't return it", "happy to keep it for 30 off") — is a refund request of that
/// figure, bare numbers in the order's currency; the usual caps and clauses apply. Controls: a condition on something
/// else asks nothing.
#[test]
fn a_conditional_offer_asks_its_figure() {
    check(&[
        ("If you refund 20 I won't send the jumper back.", 6_000, &[], refund(2_000)),
        ("Happy to keep it for 30 off, the colour is a bit off.", 9_000, &[], refund(3_000)),
        ("I'll hang on to the chair if you knock $40 off.", 15_000, &[], refund(4_000)),
        ("i can keep the lamp if you give me back 15 euros", 4_000, &[], refund(1_500)),
        ("Keep it? Only if I get 25.00 back.", 8_000, &[], refund(2_500)),
        ("I would keep the jacket if you refunded £35 of it.", 11_000, &[], refund(3_500)),
        ("If you can credit me 60 I'll keep the boots, they're only scuffed.", 14_000, &[], refund(6_000)),
        // The usual clauses: over the cap escalates, over the order is refused.
        ("We'll keep the sofa if you give us 650 back.", 90_000, &[], other("escalate", "E1")),
        ("I'll keep it if you pay me 80.", 5_000, &[], other("refuse", "X2")),
        // A negated condition is a demand with its threat.
        ("If you don't refund the $40 by Friday I'll dispute the charge with my bank.", 4_000, &[], refund(4_000)),
        ("if u wont credit me 15 quid for the dent im leaving a review", 6_000, &[], refund(1_500)),
        // Controls: a condition on something else.
        ("If it stops working again I'll be in touch.", 5_000, &[], other("close", "C1")),
        ("If you have the blue one in stock I'd swap it.", 5_000, &[], other("close", "C1")),
        ("If you don't have it in blue, never mind, I'll keep it.", 5_000, &[], other("close", "C1")),
    ]);
}

/// Next kind (written after b9, no blind miss yet; F600): a figure the customer corrects in the same breath ("$30,
/// sorry, I mean $35", "thirty, no wait, forty dollars", "make that 42.00"): the figure the correction names, never
/// the one taken back and never both as alternatives. Control: an alternative offered is no correction.
#[test]
fn a_corrected_figure_is_the_one_meant() {
    check(&[
        ("Please refund $30, sorry, I mean $35 - the lid is missing too.", 9_000, &[], refund(3_500)),
        ("can i get thirty, no wait, forty dollars back for the dented kettle", 9_000, &[], refund(4_000)),
        ("Refund 25.00 EUR, correction: 27.50 EUR, for the scratched tray.", 6_000, &[], refund(2_750)),
        ("i want £12 back, scratch that, £14 back, the second mug was chipped as well", 5_000, &[], refund(1_400)),
        // Control: an alternative stays an alternative.
        ("Please refund $30, or maybe $35 if you can.", 9_000, &[], other("escalate", "U1")),
    ]);
}

/// Next kind (written after b9, no blind miss yet): amounts in the currencies non-native customers write at home —
/// "kr", "zł", "lei", "₺", "₽", "₪", "฿", "₱" — are amounts like "$" and "€" (taken in the order's currency, as every
/// amount), never a bare number left unread (which made a partial ask the whole order).
#[test]
fn amounts_in_more_currencies_are_read() {
    check(&[
        ("Please refund 150 kr, the handle broke off.", 39_900, &[], refund(15_000)),
        ("Please return 80 zł for the broken lid.", 24_000, &[], refund(8_000)),
        ("refund ₺250 please, one glass was broken", 90_000, &[], refund(25_000)),
        ("I'd like 450 ₽ back, the box was crushed.", 120_000, &[], refund(45_000)),
        ("Kindly refund 60 lei for the missing charger.", 19_900, &[], refund(6_000)),
        ("ขอคืน ฿300 please, wrong size", 99_000, &[], refund(30_000)),
    ]);
}
