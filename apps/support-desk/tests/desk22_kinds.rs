//! desk22's kinds of reading (issue 16, ADR-959…962), each over constructions written for these tests in several
//! registers (terse, rambling, non-native, forwarded, jargon), not over any blind set's sentences: unsettled amounts
//! are never paid out nor fall back to the order's amount; terse requests ask; "refund it" refers to the order in
//! question, not to a figure from another story; a question about a refund on record is an inquiry. Each kind has
//! controls that must not flip.

use crate::kinds::{Case, check_at, check_each, evidence_at, other, refund};
use support_desk::tools::{Order, OrderLookup};

fn u1() -> crate::kinds::Decision {
    other("escalate", "U1")
}

/// Kind: an unsettled figure (alternatives, a range, an approximation, an estimate, a hedge) in any position and
/// amount form is U1, never a refund and never the order's amount (ADR-959).
#[test]
fn unsettled_amounts_need_information_and_never_fall_back_to_the_order() {
    let cases: &[Case] = &[
        ("teapot lid cracked. send me back like 15 or 18 dunno", 6_000, 4, &[], u1()),
        ("Please refund either the 9.50 or the 11 for the saucer, whichever it was.", 6_000, 4, &[], u1()),
        ("refund 14/16 pls, forgot which", 6_000, 4, &[], u1()),
        ("Could you refund 22 or maybe 24 dollars for the chipped bowl", 6_000, 4, &[], u1()),
        ("Claim: damaged goods, estimated loss approx. EUR 40-45. Kindly credit accordingly.", 9_000, 4, &[], u1()),
        ("I would like refund of 25 to 28 euro for broken handle, sorry my english.", 9_000, 4, &[], u1()),
        ("refund somewhere between £20 and £24 would be fair I think", 9_000, 4, &[], u1()),
        (
            "So the blender arrived and honestly it was fine at first but then the jug cracked, anyway I reckon \
             roughly 30 bucks back would cover it.",
            9_000,
            4,
            &[],
            u1(),
        ),
        ("refund ~15 usd", 9_000, 4, &[], u1()),
        ("a 20-ish refund would do, lamp shade torn", 9_000, 4, &[], u1()),
        ("something like 12 quid back for the scratch?", 9_000, 4, &[], u1()),
        ("Our estimated loss is USD 35. Please reimburse us.", 9_000, 4, &[], u1()),
        (
            "---------- Forwarded message ---------\nFrom: J. Ortiz\nThe vase came chipped, I'd want maybe 15 or 20 \
             back for it, not sure.",
            9_000,
            4,
            &[],
            u1(),
        ),
        ("Hello, I want back money about 25 euro for the broken glass.", 9_000, 4, &[], u1()),
        // Controls: a settled figure, a price said approximately, a time said approximately.
        ("refund 22 dollars for the chipped bowl please", 6_000, 4, &[], refund(2_200)),
        ("I'd like 15 back for the lid", 6_000, 4, &[], refund(1_500)),
        ("I paid about 60 for the kettle and it leaks. Please refund it.", 6_000, 4, &[], refund(6_000)),
        ("The kettle stopped working about 3 days ago. Please refund it.", 6_000, 4, &[], refund(6_000)),
    ];
    check_at(cases);
}

/// Kind: the bare minimum a busy person types asks when it names money coming back; quantity × unit price is the
/// product (ADR-960). Controls: money back told as received, or asked about.
#[test]
fn terse_requests_ask_and_quantity_times_unit_price_is_the_amount() {
    let cases: &[Case] = &[
        ("3 plates broke. 3x4.50 back", 6_000, 4, &[], refund(1_350)),
        ("2 glasses smashed. 6.25 x 2 refund pls", 6_000, 4, &[], refund(1_250)),
        ("bowl cracked. 18 back pls", 6_000, 4, &[], refund(1_800)),
        ("want my 18 back", 6_000, 4, &[], refund(1_800)),
        ("reimburse 12,50", 6_000, 4, &[], refund(1_250)),
        ("kettle dead. money back", 6_000, 4, &[], refund(6_000)),
        ("4 mugs @ 5.00 each arrived broken, refund pls", 6_000, 4, &[], refund(2_000)),
        // Controls.
        ("got 18 back already, thanks", 6_000, 4, &[], other("close", "C1")),
        ("thanks for the 18 back!", 6_000, 4, &[], other("close", "C1")),
    ];
    check_at(cases);
}

/// Kind: "refund it" refers to the order in question (ADR-961): a figure tied to another purchase or another time is
/// not the amount asked; "can they refund it" asks, and with several candidate orders and none named it needs
/// information.
#[test]
fn refund_it_refers_to_the_order_in_question() {
    let cases: &[Case] = &[
        (
            "You were very kind last year when you sorted out the $180 armchair for me. This time the side table \
             wobbles badly. Please could you refund it.",
            5_500,
            4,
            &[],
            refund(5_500),
        ),
        (
            "My previous order of £240 went fine. This one, the mirror, arrived cracked, refund it please.",
            5_500,
            4,
            &[],
            refund(5_500),
        ),
        ("Fwd from my dad: the lamp came broken. Can they refund it", 5_500, 4, &[], refund(5_500)),
        // Control: a request that names the other figure keeps it (an over-ask).
        (
            "Last year you refunded $180 for the armchair. Please refund $180 for this side table too.",
            5_500,
            4,
            &[],
            other("refuse", "X2"),
        ),
    ];
    check_at(cases);
    // Two candidate orders, none named: U1.
    let two = |body: &'static str| {
        let mut ev = evidence_at(body, 5_500, 4, &[]);
        ev.orders.push(Order { id: 8, ..ev.orders[0].clone() });
        ev.order = None;
        ev.ticket.order_id = None;
        ev.lookup = OrderLookup::Ambiguous;
        ev
    };
    let cases: Vec<(&'static str, crate::kinds::Decision)> = [
        "Forwarded for my mum: one of her two orders came wrong. Can they refund it",
        "One of those parcels was the wrong colour, could you refund it?",
    ]
    .into_iter()
    .map(|body| (body, u1()))
    .collect();
    check_each(&cases, |(body, want)| (*body, two(body), want));
}

/// Kind (ADR-381, b24 `g-018`/`g-019` in other words): a figure below the order's amount named in the very sentence
/// that asks is what it asks for, even said as a price ("it was 12,00 €", "it costs 19.99"), never the order's amount
/// in its place. Controls: a request naming no figure, or only the order's own amount, asks the order's amount.
#[test]
fn a_part_named_with_its_figure_in_the_asking_sentence_is_the_amount_asked() {
    let cases: &[Case] = &[
        ("The kettle came without its lid. Please refund me the lid, it was 12,00 €.", 6_000, 4, &[], refund(1_200)),
        (
            "the charger was missing from the box, on your site it costs 19.99 so please give me that money back",
            8_900,
            4,
            &[],
            refund(1_999),
        ),
        (
            "I keep the chair but one cushion is torn, refund only the cushion price 24.50 USD please",
            9_000,
            4,
            &[],
            refund(2_450),
        ),
        (
            "Hello, the strap is broken, strap alone is 7,90 zł in your shop, please refund me this amount.",
            4_500,
            4,
            &[],
            refund(790),
        ),
        // Controls.
        ("Please refund my order, the parcel never came.", 6_000, 4, &[], refund(6_000)),
        ("I paid 60 for the kettle and it leaks, please refund it.", 6_000, 4, &[], refund(6_000)),
    ];
    check_at(cases);
}
