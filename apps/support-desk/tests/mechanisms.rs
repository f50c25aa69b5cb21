//! Mechanisms, not sentences (issue 16, ADR-890…894): the reading mechanisms that missed across blind sets b11–b19,
//! each with tickets written for these tests in registers none of the sets has (a school office, a numbered thread,
//! an OCR'd letter, a voice-assistant hand-off, a returns form with a unit annotation, a B2B credit line in one
//! breath, a markdown-free receipt pasted above an ask) and controls that must not flip. Main (`583b107`) decided 15
//! of these 35 otherwise (the same tickets run as a JSONL set through `support-desk eval benchmark`, and this file
//! run against main's `src/`: see ADR-890). Each test lists every ticket decided otherwise before it fails.

use crate::kinds::{Case, check_at, other, refund};

/// Mechanism (ADR-890, missed in b13, b18, b19 and, as status questions, in eight sets): a clause closed by a question mark
/// in an inquiry's form (a wh-word, an inverted auxiliary, after a greeting, a label or a leading condition) asks what
/// the policy or the record says, whatever refund word or figure it holds. Controls: a question in a request's form
/// ("could you", "can I get", "how about") and a demand put as a question ("why is it so difficult to get …") ask.
#[test]
fn a_question_in_an_inquirys_form_asks_nothing_whatever_its_figure() {
    let cases: &[Case] = &[
        (
            "Dear team, does the 30 day return window count from delivery or from the order date? The lamp (£42.00) may not suit the room after all.",
            4200,
            12,
            &[],
            other("close", "C1"),
        ),
        (
            "1/2 does ur refund policy cover the postage as well, the 6.95 i paid? 2/2 asking for a friend lol",
            3100,
            5,
            &[],
            other("close", "C1"),
        ),
        (
            "When would a refund of €19 normally land if I decided to send the scarf back?",
            1900,
            4,
            &[],
            other("close", "C1"),
        ),
        (
            "Is the €27.30 refund you processed on Friday meant to take a week to appear? Nothing on my statement so far.",
            2730,
            9,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Quick one from the school office: do you refund the delivery charge (£4.99) when a whole class set is returned?",
            8900,
            6,
            &[],
            other("close", "C1"),
        ),
        ("if the zip goes on day 29 would the 55 quid still come back to me?", 5500, 20, &[], other("close", "C1")),
        ("Could you refund the £18 for the stand? It arrived bent.", 6000, 6, &[], refund(1800)),
        ("Hi, can I get 12.50 back for the missing lid?", 4000, 6, &[], refund(1250)),
        ("Why is it so difficult to get my 25 dollars back?! The handle snapped off.", 7000, 6, &[], refund(2500)),
        ("How about a refund of $16 for the torn cover?", 5000, 6, &[], refund(1600)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-891, missed in b12, b17, b18, b19): a figure typed with the letter O is that number; a correction
/// on the next line of a chat ("make that 13", "I mean £56", "13 not 30") replaces the figure asked. Controls: a
/// later line with no figure changes nothing; a weight with an "o" ("10oz") is no figure.
#[test]
fn a_figure_corrected_on_a_later_line_or_typed_with_o_wins() {
    let cases: &[Case] = &[
        ("pls send back €1O for the cracked cup", 3000, 3, &[], refund(1000)),
        ("Refund £65 please\nhold on\nI mean £56, the receipt says 56", 8000, 3, &[], refund(5600)),
        ("need 1OO back, the speaker is dead", 10000, 3, &[], refund(10000)),
        (
            "Refund 40 for the blender\nactually it came late too, so whatever is fair for that",
            9000,
            3,
            &[],
            refund(4000),
        ),
        ("refund 12.00 for the 10oz jar that leaked", 5000, 3, &[], refund(1200)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-892, missed in b11, b13, b16, b17, b18, b19): in a clause that asks, the customer's own working
/// closed by "= RESULT" asks the result, never a part (an item, the postage, the net). Controls: a document's line in a
/// clause that asks nothing keeps its reading; the request's own figure stands.
#[test]
fn the_customers_own_arithmetic_asks_its_result() {
    let cases: &[Case] = &[
        ("Please refund 60 + 8 delivery = 68 thanks", 6000, 5, &[], other("refuse", "X2")),
        ("Kindly credit 3 x 12.00 = 36.00 plus VAT 20% = 43.20 total.", 12000, 5, &[], refund(4320)),
        ("i want 25 for the case + 5 for postage = 30", 2500, 5, &[], other("refuse", "X2")),
        (
            "Receipt: 2 x socks @ 4.50 = 9.00\nReceipt total 30.00\nPlease refund the socks only, 9.00.",
            3000,
            5,
            &[],
            refund(900),
        ),
        ("Invoice: 5 x 10.00 = 50.00. Refund 10.00 for the one broken unit.", 5000, 5, &[], refund(1000)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-893, who speaks; missed in seven sets): a bot's confirmation of a figure answered by the customer's
/// own figure asks that figure; a form's unit annotation ("[cents]", "(in pence)") says the value is in minor units.
/// Control: a form field in major units.
#[test]
fn a_bot_or_form_speaks_and_the_customer_answers_with_a_figure() {
    let cases: &[Case] = &[
        (
            "Virtual assistant: To confirm, you'd like £85.00 credited back? [Confirm] [Change]\nShopper selected: Change\nShopper: 8.50 - just the lid\nVirtual assistant: Thanks! Transferring you now.",
            4000,
            5,
            &[],
            refund(850),
        ),
        (
            "Return request\nOrder ref: 5521\nReason code: DEFECTIVE\nAmount to refund [cents]: 1999\nComments: zip broke on day two",
            4500,
            5,
            &[],
            refund(1999),
        ),
        (
            "Online returns form\nItem: desk lamp\nRefund value (in pence): 750\nNotes: shade cracked",
            3000,
            5,
            &[],
            refund(750),
        ),
        (
            "Online returns form\nItem: desk lamp\nRefund amount: 27.50\nNotes: shade cracked",
            3000,
            5,
            &[],
            refund(2750),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-894, legal words; missed in six sets): a chargeback or card dispute the writer declares they are
/// making escalates (E2); one mentioned as advice or as something they would rather avoid does not.
#[test]
fn a_declared_chargeback_is_legal_a_hedged_one_is_not() {
    let cases: &[Case] = &[
        (
            "Last warning. I am filing a chargeback with Amex tomorrow morning over the 49.00.",
            4900,
            5,
            &[],
            other("escalate", "E2"),
        ),
        (
            "We will initiate a card dispute with our bank if the credit is not issued this week.",
            9900,
            5,
            &[],
            other("escalate", "E2"),
        ),
        (
            "My bank suggested a chargeback but I'd rather sort it with you: refund the 22.00 please",
            2200,
            5,
            &[],
            refund(2200),
        ),
        (
            "Before I open a dispute with PayPal, can you refund the £15 for the missing strap?",
            6000,
            5,
            &[],
            refund(1500),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-893): a refund whose value the customer leaves to the shop ("value TBC", "whatever you work out")
/// cannot be settled (U1). Control: an item refunded with no deferral is the order's amount.
#[test]
fn a_figure_left_to_the_shop_is_no_figure() {
    let cases: &[Case] = &[
        (
            "Please credit the damaged rug, value TBC once your team has checked the photos.",
            24000,
            5,
            &[],
            other("escalate", "U1"),
        ),
        (
            "Refund whatever you work out the broken chair leg is worth, the rest of the set is fine.",
            30000,
            5,
            &[],
            other("escalate", "U1"),
        ),
        ("Please refund the damaged rug.", 24000, 5, &[], refund(24000)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-893, a request read as nothing; missed in seven sets): a verb of asking coordinated with an earlier
/// subject ("We returned the drill … and request the refund of 89.00") and a pseudo-cleft ("that's what I want back")
/// ask. Control: a cleft with no money's direction asks nothing.
#[test]
fn a_coordinated_or_cleft_want_asks() {
    let cases: &[Case] = &[
        (
            "We returned the drill by courier on Monday and request the refund of 89.00 to our company card.",
            8900,
            8,
            &[],
            refund(8900),
        ),
        ("£42.50 — that's what I want back. Nothing else, no voucher.", 9000, 8, &[], refund(4250)),
        (
            "Our office received two kettles instead of one and would like a credit of 35.00 for the extra.",
            7000,
            8,
            &[],
            refund(3500),
        ),
        ("That's what I was told when I bought it, so thanks, all clear now.", 9000, 8, &[], other("close", "C1")),
    ];
    check_at(cases);
}
