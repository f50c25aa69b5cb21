//! The kinds of reading that blind set 8's thirteen first-run misses showed (issue 16), each as a regression set of
//! tickets written for these tests (other words, registers and amounts), with controls that must not flip. None of
//! these sentences comes from `evals/`. Each test collects every failing ticket before it asserts, so a red run lists
//! the whole kind, not the first sentence.

use crate::kinds::{check, other, refund};

/// Kind (b8, F580): the figure asked among a unit price, a quantity and a total. A request for the one unit (returned,
/// broken, "that one", "one of them") asks the unit price, never the total; "both" or the whole order asks the
/// total; a count of them asks the count times the unit.
#[test]
fn the_unit_asked_among_a_quantity_and_a_total_is_the_unit_price() {
    check(&[
        (
            "Bought 3 candles at $12.00 each, $36.00 in all. One came snapped in half - refund the one that broke please.",
            3_600,
            &[],
            refund(1_200),
        ),
        ("qty 4 @ £9.50 = £38.00. one mug arrived cracked, need a refund for that single mug", 3_800, &[], refund(950)),
        (
            "Your warehouse has 1 of the 2 lamps back now (2 x 45.00 EUR, 90.00 EUR total). Please refund the returned lamp.",
            9_000,
            &[],
            refund(4_500),
        ),
        (
            "We ordered five chairs at 80 dollars a piece, 400 dollars altogether. One has a wobbly leg and went back to you yesterday, so refund us for that chair.",
            40_000,
            &[],
            refund(8_000),
        ),
        (
            "Order: 2 pillows, $27.50 each, $55.00 total. One pillow had a stain. Credit for one of them please, $27.50.",
            5_500,
            &[],
            refund(2_750),
        ),
        (
            "I got 3 of the jars at 8.00 each (24.00 total) and two were smashed. Refund two of them please.",
            2_400,
            &[],
            refund(1_600),
        ),
        // Controls: both asked, the whole order asked.
        ("2 at $30.00 each, $60.00 total. Both were faulty, refund both please.", 6_000, &[], refund(6_000)),
        ("3 x $15.00 = $45.00 for the plates. Refund the full order please.", 4_500, &[], refund(4_500)),
    ]);
}

/// Kind (b8, F580): an itemised order in prose or on lines, and a request that names one item or points at it ("refund
/// that one", "money back for it"): that item's amount, never the order's total. Controls: the whole order asked.
#[test]
fn an_itemised_order_refunds_the_item_pointed_at() {
    check(&[
        (
            "My order ($88.50): lamp 42.00, shade 19.50, bulbs 27.00. The shade arrived torn, please refund the shade.",
            8_850,
            &[],
            refund(1_950),
        ),
        (
            "Invoice: kettle $35.00, toaster $49.99, mug set $20.00, total $104.99. The toaster won't heat up at all. Refund that one please.",
            10_499,
            &[],
            refund(4_999),
        ),
        (
            "Items were phone case 12.99 / charger 24.50 / cable 8.99, 46.48 all in. The charger died after two days, money back for it pls",
            4_648,
            &[],
            refund(2_450),
        ),
        (
            "Paid 60,00 € for the set: scarf 25,00 €, hat 15,00 €, gloves 20,00 €. Only the gloves have a hole. I want those refunded.",
            6_000,
            &[],
            refund(2_000),
        ),
        // Controls: the whole order asked beside the same lists.
        (
            "My order ($88.50): lamp 42.00, shade 19.50, bulbs 27.00. Everything arrived broken, please refund the whole order.",
            8_850,
            &[],
            refund(8_850),
        ),
        (
            "Invoice: kettle $35.00, toaster $49.99, mug set $20.00, total $104.99. None of it works. I want all my money back.",
            10_499,
            &[],
            refund(10_499),
        ),
    ]);
}

/// Kind (b8, F580): a figure inside a forwarded message (a carrier's offer, a seller's voucher) while the customer's
/// own words ask for the whole order: the order's amount. The forward's body, not only its header block, is someone
/// else's. Control: a figure in the customer's own words is asked.
#[test]
fn a_figure_in_a_forwarded_body_is_not_the_customers() {
    check(&[
        (
            "See below from the delivery firm - they lost my parcel. Please refund the whole order.\n\n---------- Forwarded message ---------\nFrom: Parcel Support <help@parcels.example>\nDate: Mon, 30 Nov 2026\nSubject: Claim 55120\n\nWe are sorry for the loss. Senders may claim up to $25.00 for lost items.\n",
            7_400,
            &[],
            refund(7_400),
        ),
        (
            "I want my money back for this order, read what your warehouse told me:\n\nBegin forwarded message:\n\nFrom: Warehouse Team\nSubject: Re: missing item\nDate: 1 Dec 2026\n\nHello, we can only offer a 5.00 EUR voucher for the missing lid.\n",
            3_900,
            &[],
            refund(3_900),
        ),
        (
            "Full refund please, I'm not waiting another month.\n\n-------- Forwarded Message --------\nSubject: Your order is delayed\nDate: Tue, 1 Dec 2026 09:12\nFrom: Shop Notifications\n\nYour item is back-ordered.\n\nAs an apology we have added a $3.00 credit to your account.\n",
            4_550,
            &[],
            refund(4_550),
        ),
        // Control: the customer's own figure above the forward.
        (
            "Please refund $12.00 of it, see below.\n\n---------- Forwarded message ---------\nFrom: Seller\nSubject: scratch\n\nWe could offer $5.00 off.\n",
            4_000,
            &[],
            refund(1_200),
        ),
    ]);
}

/// Kind (b8, F581): amounts spoken the way people say prices (voice-to-text): a hundreds digit before the tens ("one
/// twenty nine ninety nine" = 129.99, "two forty nine ninety five", "one oh nine ninety nine"), a run with "hundred"
/// and no currency word ("the whole two hundred and fifteen back"), dollars and cents as two pairs ("seventy four
/// fifty"). Control: counts of things spelled out are not money.
#[test]
fn spoken_amounts_are_read_as_said() {
    check(&[
        (
            "ok so the tv stand came scratched can i get a refund of two forty nine ninety five please",
            24_995,
            &[],
            refund(24_995),
        ),
        ("um i'd like one oh nine ninety nine back for the heater it rattles", 10_999, &[], refund(10_999)),
        ("yeah so i want the full two hundred and fifteen back its useless", 21_500, &[], refund(21_500)),
        ("can you refund me seventy four fifty the lamp is the wrong colour", 9_000, &[], refund(7_450)),
        ("the whole ninety nine fifty back please the drill wont charge", 9_950, &[], refund(9_950)),
        ("hi i need a hundred and forty back for the boots they leak", 14_000, &[], refund(14_000)),
        // Control: counts spelled out beside a spoken figure.
        ("three of the twelve glasses came cracked so refund me fifteen dollars for those", 6_000, &[], refund(1_500)),
    ]);
}

/// Kind (b8, F582): requests in the words of a register the grammar did not know: seller jargon ("a partial of $15",
/// "process a partial"), Indian English ("kindly revert the amount"), and a want of the whole figure back ("i want
/// the whole sixty back"). A partial with its figure is that figure; with none it cannot be settled (U1) — never
/// closed as an inquiry.
#[test]
fn requests_in_seller_jargon_and_other_registers_ask() {
    let u1 = other("escalate", "U1");
    check(&[
        ("Requesting partial of 22.00 USD, strap was frayed on arrival. Keeping the item.", 7_000, &[], refund(2_200)),
        ("Buyer requesting a partial of €12 for the scuffed corner, no return.", 5_000, &[], refund(1_200)),
        ("pls process a partial for 18.00, lid missing", 6_000, &[], refund(1_800)),
        ("pls process a partial, one of the legs is scratched", 6_000, &[], u1.clone()),
        ("Can you do a partial on this one? Box was crushed.", 6_000, &[], u1),
        ("Kindly revert the amount of 33.20 to my bank account, the kurta is torn.", 3_320, &[], refund(3_320)),
        ("Please revert my money at the earliest, product is defective.", 2_500, &[], refund(2_500)),
        (
            "I request you to kindly revert back the payment of 125.00 as the item is damaged.",
            12_500,
            &[],
            refund(12_500),
        ),
        ("Kindly check and revert the balance of 12.00 to my card, one glass was missing.", 3_000, &[], refund(1_200)),
        ("please look into this and revert 18.75 to my account", 5_000, &[], refund(1_875)),
        ("i want the whole sixty back, it broke on day one", 6_000, &[], refund(6_000)),
        ("just want the whole hundred and twenty back it never worked", 12_000, &[], refund(12_000)),
        // Control: a verb of the customer's own coordinated with "and" asks for nothing.
        (
            "I had to go out and pay $15 for a new one. Please refund the $29.99 for the missing lamp.",
            4_500,
            &[],
            refund(2_999),
        ),
        ("honestly i just want all 75 back", 7_500, &[], refund(7_500)),
        ("want the entire thing back, its junk", 4_200, &[], refund(4_200)),
    ]);
}

/// Kind (b8, F583): alternative figures in speech ("thirty or forty bucks", "fifteen, maybe twenty quid") and a
/// price-drop difference with no figure ("refund the diff") cannot be settled (U1): never the larger figure, never
/// the whole order. Controls: one spoken figure, a difference with its figure.
#[test]
fn spoken_alternatives_and_an_unnamed_difference_settle_nothing() {
    let u1 = other("escalate", "U1");
    check(&[
        ("could i get like twenty or twenty five dollars back for the dent", 9_000, &[], u1.clone()),
        ("the lid is cracked, fifteen maybe twenty quid back would be fair", 6_000, &[], u1.clone()),
        ("i'd want forty to fifty dollars back for the scratches", 20_000, &[], u1.clone()),
        ("hmm maybe ten or twelve euros back? the box was bashed", 5_000, &[], u1.clone()),
        (
            "Saw the same blender on sale two days after my order. Could you refund the difference?",
            12_000,
            &[],
            u1.clone(),
        ),
        ("the price went down since i bought it, pls credit the price difference", 8_000, &[], u1.clone()),
        ("You lowered the price right after I ordered. I'd like the difference back.", 15_000, &[], u1),
        // Controls: one spoken figure; a difference with its figure.
        ("could i get twenty five dollars back for the dent", 9_000, &[], refund(2_500)),
        ("The price dropped by $12 the next day, refund the difference please.", 6_400, &[], refund(1_200)),
    ]);
}

/// Kind (b8, F584): questions about a refund already on record — where it is, whether it has gone through, whether a
/// statement line is it — with or without a question mark, a figure or a pasted statement line: an inquiry (C1), never
/// paid again and never refused X4. Controls: a new request on an executed refund is X4; on a pending one it is paid.
#[test]
fn refund_status_questions_are_inquiries() {
    let c1 = other("close", "C1");
    check(&[
        ("Hi, where's the refund of 19.99 you promised? Nothing on my statement yet.", 1_999, &["pending"], c1.clone()),
        ("wheres my refund", 2_500, &["pending"], c1.clone()),
        ("did my refund go thru", 4_000, &["executed"], c1.clone()),
        ("any update on my refund of 45.00", 4_500, &["executed"], c1.clone()),
        ("Has the refund of £60.00 been sent yet? My bank shows nothing.", 6_000, &["executed"], c1.clone()),
        (
            "Seeing 'CREDIT HOMESTORE 22.10' on my card statement today - is this the refund for the blanket?",
            2_210,
            &["executed"],
            c1.clone(),
        ),
        ("When will the 80 dollar refund hit my account", 8_000, &["pending"], c1.clone()),
        (
            "Has the 720.00 refund for the sofa gone through yet? Nothing in my account.",
            72_000,
            &["executed"],
            c1.clone(),
        ),
        ("My statement shows REFUND OAKSHOP 41.00, is that the mirror?", 4_100, &["executed"], c1),
        // Controls: a new request.
        ("Refund the lamp please, 34.50.", 3_450, &["executed"], other("refuse", "X4")),
        ("The kettle leaks. Refund 30.00 please.", 3_000, &["pending"], refund(3_000)),
    ]);
}
