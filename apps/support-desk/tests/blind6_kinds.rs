//! The kinds of reading that blind set 6's four misses showed (issue 16), each as a regression set of tickets written
//! for these tests (other phrasings and registers), with negative controls that must not flip. None of these
//! sentences comes from `evals/`. Each test collects every failing ticket before it asserts, so a red run lists the
//! whole kind, not the first sentence.

use crate::kinds::{check, other, refund};

/// Kind (b6-g-003, F430): goods that arrived broken — shattered, smashed, in pieces — are damaged goods, not a
/// safety hazard: no person hurt, no danger claimed, nothing failing dangerously in use. Controls: glass that bursts
/// in use or hurts someone, and a claimed danger, still escalate (E2).
#[test]
fn goods_that_arrived_broken_are_not_a_safety_hazard() {
    let e2 = other("escalate", "E2");
    check(&[
        (
            "Two of the four wine glasses were shattered when I unpacked the parcel. Please refund $18.00 for those two.",
            3_600,
            &[],
            refund(1_800),
        ),
        ("the vase shattered in transit, box was crushed. refund pls", 4_500, &[], refund(4_500)),
        ("Opened the box and the mirror was shattered into pieces. I'd like my money back.", 6_000, &[], refund(6_000)),
        (
            "Hello, the glass bowl arrive shattered, the courier must drop it. I want refund of 22 dollars please.",
            2_200,
            &[],
            refund(2_200),
        ),
        (
            "Both plates came smashed to bits and the teapot lid was shattered on arrival. Refund the order please.",
            5_400,
            &[],
            refund(5_400),
        ),
        (
            "The screen protector was already shattered when it was delivered, so I'd like the $12.99 back.",
            1_299,
            &[],
            refund(1_299),
        ),
        // Controls: a hazard in use, a person hurt, a danger claimed.
        ("The glass kettle shattered while it was boiling. Refund please.", 4_500, &[], e2.clone()),
        ("The shower screen shattered on its own overnight. I want a refund.", 9_000, &[], e2.clone()),
        ("The glass arrived shattered and I cut my hand on it unpacking. Refund me.", 3_000, &[], e2.clone()),
        ("The jug shattered in my hand as I poured. Refund it.", 3_000, &[], e2),
    ]);
}

/// Kind (b6-g-004, F431): a pasted receipt or statement with a shipping, tax or total line and a request for one
/// item: the item's figure, never the shipping line, the tax or the total. Controls: the whole order asked beside a
/// receipt stays the order's amount; the shipping asked back is the shipping.
#[test]
fn a_pasted_receipt_with_a_shipping_line_refunds_the_item_asked() {
    check(&[
        (
            "From my receipt:\n  Desk lamp           1 x $34.00\n  Bulb pack           1 x $6.50\n  Shipping                $4.95\n  TOTAL                  $45.45\nThe lamp flickers nonstop. Please refund the lamp ($34.00). Postage I don't mind.",
            4_545,
            &[],
            refund(3_400),
        ),
        (
            "Order summary\nBackpack ........ 58.00\nShipping ........ 7.99\nTax ........ 4.64\nTotal ........ 70.63\n\nThe backpack zip broke. I'd like the backpack refunded please, 58.00 USD. Keep the shipping.",
            7_063,
            &[],
            refund(5_800),
        ),
        (
            "Invoice lines:\n- Ceramic mug x1: $14.00\n- Shipping: $5.50\n- Total: $19.50\nMug arrived chipped. Refund for the mug please ($14.00), shipping is fine.",
            1_950,
            &[],
            refund(1_400),
        ),
        (
            "pasted from the email:\nWool hat     1 x 19.00 EUR\nDelivery          3.90 EUR\nOrder total      22.90 EUR\nhat has a hole, only want the hat money back (19.00 EUR)",
            2_290,
            &[],
            refund(1_900),
        ),
        (
            "Receipt:\n  Cutting board 1 x $27.50\n  Tea towels 1 x $9.00\n  Shipping & handling $6.25\n  Total $42.75\nThe cutting board is warped. Could you refund the board please? That was $27.50.",
            4_275,
            &[],
            refund(2_750),
        ),
        // A free line (a zero-priced gift or promo) on the receipt, the figure in brackets after the request.
        (
            "My receipt:\n  Teapot, white    1 x $31.00\n  Sample tea       1 x $0.00 (free)\n  Shipping              $6.99\n  TOTAL                $37.99\nThe teapot lid is cracked. Please refund the teapot ($31.00). I don't need the shipping back.",
            3_799,
            &[],
            refund(3_100),
        ),
        (
            "Receipt copy:\n  Phone case, black   1 x $18.00\n  Screen wipe         1 x $0.00 (promo)\n  Delivery                 $3.49\n  TOTAL                   $21.49\nThe case cracked at the corner. I'd like the case refunded please ($18.00). Delivery I don't mind about.",
            2_149,
            &[],
            refund(1_800),
        ),
        (
            "From the confirmation mail:\n  Yoga mat, green   1 x $45.00\n  Strap             1 x $0.00 (bundle)\n  Shipping               $7.50\n  Order total           $52.50\nMat is peeling already. Refund for the mat ($45.00) please, shipping doesn't matter.",
            5_250,
            &[],
            refund(4_500),
        ),
        (
            "Receipt:\n  Wall clock, oak   1 x 29.00 EUR\n  Battery           1 x 0.00 EUR (free)\n  Postage               4.90 EUR\n  TOTAL                33.90 EUR\nThe clock stopped after a day. I want the clock refunded, 29.00 EUR. Postage is fine.",
            3_390,
            &[],
            refund(2_900),
        ),
        // Controls: the whole order asked; the shipping asked back.
        (
            "Receipt:\n  Kettle 1 x $39.00\n  Shipping $5.00\n  TOTAL $44.00\nThe kettle never worked. Please refund the whole order.",
            4_400,
            &[],
            refund(4_400),
        ),
        (
            "Receipt:\n  Kettle 1 x $39.00\n  Shipping $5.00\n  TOTAL $44.00\nIt arrived a week late. Please refund the shipping ($5.00).",
            4_400,
            &[],
            refund(500),
        ),
    ]);
}

/// Kind (b6-g-029, F432): the `@` unit-price notation ("2 units @ $45.00 = $90.00", "3 @ 12.50") with its total is
/// one amount, the total (or the count times the unit when no total is written). Controls: a figure with `@` that is
/// not a price (an email) changes nothing; two competing figures stay U1.
#[test]
fn the_at_unit_price_notation_is_one_amount() {
    check(&[
        (
            "Please issue a credit for 2 units @ $45.00 = $90.00, returned damaged. Remaining units accepted.",
            27_000,
            &[],
            refund(9_000),
        ),
        ("refund 3 @ $12.50 = $37.50 pls, the other 5 are fine", 10_000, &[], refund(3_750)),
        (
            "Credit requested: qty 4 @ USD 8.25 each, total USD 33.00 (items received broken).",
            6_600,
            &[],
            refund(3_300),
        ),
        ("Two cushions arrived torn. 2 @ $19 = $38, please refund that.", 7_600, &[], refund(3_800)),
        ("Please refund 2 x $21.00 = $42.00 for the two cracked bowls.", 8_400, &[], refund(4_200)),
        (
            "Hi, return of 5 pcs @ 6.40 EUR = 32.00 EUR, wrong size. Kindly refund 32.00 EUR.",
            12_800,
            &[],
            refund(3_200),
        ),
        // Controls: an address with @ is not a price; two figures in competition.
        ("Please refund $15.00 to my card, receipts go to ada@example.test thanks.", 4_000, &[], refund(1_500)),
        ("Refund 2 @ $20 or maybe $45, not sure which is fair.", 9_000, &[], other("escalate", "U1")),
    ]);
}

/// Kind (b6-g-066, F433): alternatives where one side names no figure ("either the price of the shirt or 20 bucks",
/// "$15 or the full amount, whichever"): the figure cannot be settled (U1), never the order's amount nor the figure
/// named. Controls: a single figure asked, and "or" between two things that are not money.
#[test]
fn an_alternative_without_a_figure_settles_nothing() {
    let u1 = other("escalate", "U1");
    check(&[
        ("The shirt shrank. Refund either the price of the shirt or 25 bucks, whatever.", 5_400, &[], u1.clone()),
        ("Refund $15 or the full amount, whichever you think is right.", 6_000, &[], u1.clone()),
        ("I'd take either what I paid for the lamp or thirty dollars, I don't mind which.", 8_000, &[], u1.clone()),
        ("give me back the cost of the belt, or €10 if that's easier", 4_000, &[], u1.clone()),
        ("The mug is chipped. You can refund the full price or just 8 dollars, up to you.", 2_400, &[], u1.clone()),
        ("Either refund the whole order or $20 for the broken one, your choice.", 9_000, &[], u1),
        // Controls: one figure asked; "or" between things that are not money.
        ("The shirt shrank. Please refund 25 bucks.", 5_400, &[], refund(2_500)),
        ("The shirt shrank in the wash or the dryer. Refund $25 please.", 5_400, &[], refund(2_500)),
        ("Refund the shirt or send a new one, but I'd prefer the refund.", 5_400, &[], refund(5_400)),
    ]);
}
