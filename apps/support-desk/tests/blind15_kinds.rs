//! Blind set 15's kinds (issue 16, ADR-830): the mechanisms its first run showed failing, grouped with the earlier
//! sets' misses of the same mechanism, each with tickets written for these tests in other words, amounts and
//! registers than `evals/blind15` (and every earlier set), with controls that must not flip. The mechanisms: the mood
//! of a clause (a polite request put as a question about a thing to be put back); who speaks and whose figure is the
//! ask (a quoted offer under the customer's own counter-figure); the role of a figure (a part's price named beside a
//! request for that part only); the refund's state on record (a status question embedded under "can you tell me
//! if", a receipt confirmed as a noun phrase, and the reverse: a new ask after thanks for a refund on record); and a
//! hazard word's sense (a degree adverb such as "dangerously easy" is no danger).
//! Each test collects every failing ticket before it asserts, so a red run lists the whole kind.

use crate::kinds::{check_at, other, refund};

/// Mechanism: mood and modality (b15 `g-011`; b13 `g-021`, `g-023`; F830). A modal question addressed to the shop
/// ("could you", "would you mind", "any chance you could") whose verb sends a thing back ("put/send/pay … back")
/// asks for that money, when the thing is the charge the ticket is about. A question about when money will be back
/// asks nothing.
#[test]
fn a_polite_question_that_puts_money_back_asks() {
    check_at(&[
        (
            "Morning. My card got hit two times for the same lamp order, 33.10 each, seconds apart. Would you mind \
             sending the second one back?",
            3_310,
            4,
            &[],
            refund(3_310),
        ),
        (
            "saw the double charge on my statement this morning, pretty sure the checkout hiccupped. any chance you \
             could pay the duplicate back to my card?",
            1_875,
            2,
            &[],
            refund(1_875),
        ),
        (
            "The kettle stopped heating after a week, the light comes on and nothing. Could you kindly put the money \
             back on my card?",
            4_200,
            9,
            &[],
            refund(4_200),
        ),
        // After a conjunction leading its sentence ("But could you …", "So would you …").
        (
            "Two identical debits of 12.60 hit my account on Friday and I only ordered once. So would you send the \
             extra one back, please?",
            1_260,
            3,
            &[],
            refund(1_260),
        ),
        // Control: a question about when money will come back, with no charge to undo, asks nothing.
        (
            "Just wondering, when would money normally be back on a card after a return?",
            4_200,
            9,
            &[],
            other("close", "C1"),
        ),
    ]);
}

/// Mechanism: speaker and quoting (b15 `g-023`; b13 `g-023`; F831). In a reply, the shop's quoted offer is not the
/// customer's figure: the customer's own counter-figure above the quote is the ask (over the order: refused X2;
/// within it: refunded as named). A bare number the customer rejects ("15 is a joke") is the quote's, not an ask.
#[test]
fn the_customers_counter_figure_above_a_quoted_offer_is_the_ask() {
    check_at(&[
        (
            "Fifteen?? Not a chance. I expect 240 for a month of being ignored.\n\nOn Tue, Orders Team \
             <orders@shop.example> wrote:\n> Hello Sam, apologies for the wait. We can offer 15.00 as a goodwill \
             gesture.\n> Kind regards",
            12_000,
            25,
            &[],
            other("refuse", "X2"),
        ),
        (
            "10 is too low, sorry. I'd accept 60 back and we call it even.\n\n> We would like to offer a partial \
             refund of 10.00 for the scratched frame.\n> Thanks, Support",
            8_900,
            11,
            &[],
            refund(6_000),
        ),
    ]);
}

/// Mechanism: the role of each figure (b15 `g-062`; b13 `g-029`; F832). A request for one part of the order
/// ("just the lid", "the charger only") beside that part's price ("the lid was 9.50", "it cost 12.99 on its own")
/// asks that price, not the order's. A request for the whole order with an item price named is the order's.
#[test]
fn a_parts_price_beside_a_request_for_that_part_is_the_ask() {
    check_at(&[
        (
            "The pan set came fine except the glass lid, which had a crack across it. I only need the lid refunded, \
             the lid was 9.50 on your site.",
            6_400,
            7,
            &[],
            refund(950),
        ),
        (
            "Keeping the headphones, they're good. Refund just the charging case please, price of case is 12.99 \
             EUR.",
            8_999,
            7,
            &[],
            refund(1_299),
        ),
        // Control: the whole order asked, an item's price named in passing.
        (
            "Everything in the parcel was soaked, the mug alone was 14.00. Please refund the full order.",
            3_800,
            7,
            &[],
            refund(3_800),
        ),
    ]);
}

/// Mechanism: the refund's state on record vs a new ask (b15 `b-17`, `b-19`, `g-063`; b14 `g-074`; F833). A question
/// embedded under "can you tell me / let me know / confirm if|whether" about a refund already executed, and a
/// receipt confirmed as a noun phrase ("confirming receipt of the refund"), are inquiries and acknowledgements
/// (C1); a new ask after thanks for that refund is a request, refused (X4).
#[test]
fn a_refund_on_record_questioned_or_thanked_is_no_new_ask() {
    check_at(&[
        (
            "Hi, could you let me know whether my refund has gone through? My banking app lists a credit but no \
             name on it.",
            2_900,
            15,
            &["executed"],
            other("close", "C1"),
        ),
        ("pls can u confirm if the refund is completed, many thanks", 4_450, 14, &["executed"], other("close", "C1")),
        ("Kindly can you tell me if my refund is done now? thank you", 3_650, 20, &["executed"], other("close", "C1")),
        (
            "Acknowledging receipt of the 61.20 reimbursement. Happy for the case to be closed.",
            6_120,
            12,
            &["executed"],
            other("close", "C1"),
        ),
        // The reverse: a new ask after thanks for the refund on record.
        (
            "Case 5512: the earlier refund has landed, thank you. Further to that I am now claiming an extra \
             compensation of 2000 cents for the wasted afternoon.",
            5_500,
            16,
            &["executed"],
            other("refuse", "X4"),
        ),
        (
            "Refund reached my account fine, cheers. Requesting a small courtesy credit of 8.00 as well for the delay.",
            4_100,
            13,
            &["executed"],
            other("refuse", "X4"),
        ),
    ]);
}

/// Mechanism: the safety lexicon's word senses (b15 `b-18`; b13 `g-021`; F834). A hazard word used as a degree
/// adverb before a word of praise or ease ("dangerously easy to order from", "dangerously comfy") is no hazard, nor
/// is a burn said of the food an appliance cooks ("burns one side of the bread"); the same adverb before a hazard
/// ("dangerously hot") and a burn of a person ("burned the side of my hand") still escalate.
#[test]
fn a_hazard_word_as_a_degree_adverb_is_no_hazard() {
    check_at(&[
        (
            "Your site is dangerously easy to order from, haha. This time though the bookshelf came with two side \
             panels missing. Please refund the 79.00.",
            7_900,
            6,
            &[],
            refund(7_900),
        ),
        (
            "the cushions are dangerously comfy but the cover zip split on day one, refund 24.50 pls",
            2_450,
            6,
            &[],
            refund(2_450),
        ),
        // A cooking verb said of the food: the appliance browns one side, nobody is hurt.
        (
            "sandwich press only works on the top plate, it burns one side of the bread and leaves the other raw. \
             money back pls",
            3_450,
            6,
            &[],
            refund(3_450),
        ),
        // Controls: the same adverb before a hazard, and a burn of a person's side.
        (
            "The phone charger gets dangerously hot within minutes. Refund 19.99 please.",
            1_999,
            6,
            &[],
            other("escalate", "E2"),
        ),
        (
            "The griddle handle heated up and burned the side of my hand. Refund the 39.00 please.",
            3_900,
            6,
            &[],
            other("escalate", "E2"),
        ),
    ]);
}
