//! The kinds of reading that blind set 4's four misses showed (issue 16), each as a regression set of tickets written
//! for these tests (other phrasings, registers and, where the desk reads them, languages), with negative controls
//! that must not flip. None of these sentences comes from `evals/`. Each test collects every failing ticket before it
//! asserts, so a red run lists the whole kind, not the first sentence.

use crate::kinds::{check, other, refund};

/// Kind (b4-g-015): a request in the third person or in a form's nominal style ("Customer requests credit…",
/// "Requested resolution: …"), a credit to the original payment method, and the order's amount named by its
/// document ("the full invoice value", "the invoiced amount", "the total charged"): a refund of the order's amount.
#[test]
fn third_person_and_form_style_requests_for_the_documented_amount() {
    check(&[
        (
            "RMA 4471 - unit arrived with a cracked housing. Customer requests credit to original payment method for the full invoice value.",
            21_900,
            &[],
            refund(21_900),
        ),
        (
            "Per our phone call: the client is requesting reimbursement of the invoiced amount to the card on file. The chair never arrived.",
            21_900,
            &[],
            refund(21_900),
        ),
        (
            "Goods unusable on arrival (water damage in transit). Kindly arrange a credit of the full order value to the original form of payment.",
            21_900,
            &[],
            refund(21_900),
        ),
        (
            "Escalation note - product defective on delivery, tested by the buyer on two machines.\nRequested resolution: refund of the total amount charged.",
            21_900,
            &[],
            refund(21_900),
        ),
        (
            "Item DOA. Buyer seeks credit back to the original tender for the full purchase value; no return needed per your low-value policy.",
            21_900,
            &[],
            refund(21_900),
        ),
        (
            "The article was broken at the delivery. My husband asks the restitution of the complete invoice amount on his credit card.",
            21_900,
            &[],
            refund(21_900),
        ),
        ("Kettle dead out of the box. Refund to OPM for the full value please.", 21_900, &[], refund(21_900)),
        // Controls: the same jargon with nothing asked back.
        (
            "Could you send me a copy of the invoice? Our accounts team needs the full invoice value for the expense report.",
            21_900,
            &[],
            other("close", "C1"),
        ),
        (
            "Does your no-return policy for low-value electronics cover cables as well?",
            21_900,
            &[],
            other("close", "C1"),
        ),
        (
            "Customer requests a VAT invoice showing the full invoice value, for their records.",
            21_900,
            &[],
            other("close", "C1"),
        ),
        (
            "Can I pay for my next order with the original payment method, or must I add a new card?",
            21_900,
            &[],
            other("close", "C1"),
        ),
    ]);
}

/// Kind (b4-g-019): a figure offered as what would settle the problem ("$12 would cover it", "I'd settle for 18
/// euros", "… and we're square"), with the figure spelled with a closing word ("Twelve dollars even", "fifteen bucks
/// flat", "eight dollars exactly"): a request for that figure.
#[test]
fn a_figure_offered_as_the_settlement_is_a_request_for_it() {
    check(&[
        ("Only 4 of the 6 glasses came. Twenty dollars even would cover the two missing.", 4_800, &[], refund(2_000)),
        ("two of the napkins are stained. fifteen bucks flat and we're square", 4_800, &[], refund(1_500)),
        ("Box was crushed and one plate is chipped. I'd settle for 18 euros.", 4_800, &[], refund(1_800)),
        ("The pen set came without the refills. Eight dollars exactly would make it right.", 4_800, &[], refund(800)),
        ("One chair cushion is missing. For me 25 dollars is ok to close this.", 4_800, &[], refund(2_500)),
        ("The case has a deep scratch on the back. $12 should cover it.", 4_800, &[], refund(1_200)),
        ("Lid missing from the casserole. Ten dollars on the nose would be fair.", 4_800, &[], refund(1_000)),
        // Controls: a figure that settles nothing (a price asked about, praise, a quote).
        (
            "Twelve dollars even is what your site quoted for express shipping; will it arrive by Friday?",
            4_800,
            &[],
            other("close", "C1"),
        ),
        ("Would $15 cover the express upgrade on my next order?", 4_800, &[], other("close", "C1")),
        ("Forty dollars even seemed a fair price for the lamp, it's lovely. Thanks!", 4_800, &[], other("close", "C1")),
        ("The courier said $5 would cover the redelivery fee, so I paid him.", 4_800, &[], other("close", "C1")),
        ("Last time $10 would have covered the postage. Do you ship to Norway?", 4_800, &[], other("close", "C1")),
        ("A $50 gift card would be perfect for my niece. Do you sell them?", 4_800, &[], other("close", "C1")),
        ("Honestly $40 is fine for me, the price was fair. Great lamp!", 4_800, &[], other("close", "C1")),
        ("Could I get the $25 mug in red instead?", 4_800, &[], other("close", "C1")),
        ("Can we have the $15 express option on the next order?", 4_800, &[], other("close", "C1")),
        ("Please arrange the $40 delivery for Friday.", 4_800, &[], other("close", "C1")),
    ]);
}

/// Kind (b4-g-026): a refund of one named charge (a fee, an add-on, a service) whose figure the ticket states next to
/// its name — in parentheses, after a colon, "which was …", "I paid … for …" — on a larger order: that figure, not
/// the order's amount and not "which amount?".
#[test]
fn a_named_charge_asked_back_is_refunded_at_its_stated_figure() {
    check(&[
        (
            "I paid for express shipping ($7.50) and the parcel came a week late. Please refund the express shipping.",
            6_400,
            &[],
            refund(750),
        ),
        ("The engraving (£6.00) was left off the watch. Refund the engraving charge please.", 6_400, &[], refund(600)),
        (
            "Assembly service: $25.00 - never happened, the box was just left at the door. Can you refund the assembly fee?",
            6_400,
            &[],
            refund(2_500),
        ),
        (
            "i was billed 4,99 € for parcel insurance but it arrived broken and nobody covered anything, so refund me the insurance",
            6_400,
            &[],
            refund(499),
        ),
        (
            "The rush processing fee, which was $9.95, got me nothing: it shipped on the normal day. Refund the rush fee please.",
            6_400,
            &[],
            refund(995),
        ),
        (
            "You added a gift message card for 2.50 USD but there was no card inside. Please give back the card fee.",
            6_400,
            &[],
            refund(250),
        ),
        (
            "Delivery was charged (€4.50) although I collected it in store. Refund me the delivery please.",
            6_400,
            &[],
            refund(450),
        ),
        (
            "You charged me for gift wrapping ($5) and it came unwrapped. refund the gift wrapping pls",
            6_400,
            &[],
            refund(500),
        ),
        // Controls: the whole order asked back next to a fee; a fee asked back with no figure anywhere.
        ("Shipping was $5.99 and the blender arrived dead. I want a full refund.", 6_400, &[], refund(6_400)),
        ("Please refund the shipping fee, it arrived two weeks late.", 6_400, &[], other("escalate", "U1")),
    ]);
}

/// Kind (b4-g-047): thanks for (or a report of) a refund already made, and in the same ticket a new request for more
/// money: a request, so on an order already refunded it is refused (X4), never closed as an acknowledgement.
#[test]
fn a_new_request_next_to_thanks_for_a_past_refund_is_a_request() {
    let done: &[&str] = &["executed"];
    check(&[
        (
            "Got my refund for the lamp, cheers. I would also like the $6 return postage covered though.",
            5_200,
            done,
            other("refuse", "X4"),
        ),
        (
            "Thanks for processing the refund. Could I also get $15 for the time I spent on hold?",
            5_200,
            done,
            other("refuse", "X4"),
        ),
        (
            "The refund came through yesterday, thank you! One more thing: I want compensation for the day off work, $40.",
            5_200,
            done,
            other("refuse", "X4"),
        ),
        (
            "Refund received, ok. But I'd still like something for the trouble, 20 dollars would be fair.",
            5_200,
            done,
            other("refuse", "X4"),
        ),
        (
            "you refunded the kettle already, great, now i'd really like the $12 shipping back as well",
            5_200,
            done,
            other("refuse", "X4"),
        ),
        (
            "Hello, the money for the coat is back on my card, many thanks. I also want 8 dollars for the taxi to the post office.",
            5_200,
            done,
            other("refuse", "X4"),
        ),
        // Controls: thanks alone, or thanks and a wish that asks for no money.
        ("Got the refund for the blanket, thanks a lot! Lovely service.", 5_200, done, other("close", "C1")),
        (
            "The refund came through yesterday, thank you. I'd also like to order the matching pillow, is it in stock?",
            5_200,
            done,
            other("close", "C1"),
        ),
        (
            "Refund received, all good. I'd also like to say the courier was very polite.",
            5_200,
            done,
            other("close", "C1"),
        ),
    ]);
}
