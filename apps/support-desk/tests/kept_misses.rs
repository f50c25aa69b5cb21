//! Misses of kept blind sets, read after their first runs (issue 16): each class as the ticket showed it and in other
//! wordings, with the controls the fix must keep. Unlike `reading_classes`, the first sentence of a class may come from
//! the kept set; the first-run figures of those sets were reported before any of these fixes.

use crate::kinds::{decide, other, refund};

/// Kept blind84–89 misses, by class (F1621–F1625; red on `sd-s38k` before the fix): one figure listed twice beside a
/// repeat word is a duplicate's two charges, not two items; a bare number restated at once with its decimal point is
/// one figure; an igniter that gives no spark and a flame that blows out are no hazard; a unit rate ("12.99 a pack")
/// beside the sum the customer works out is a price; a unit reached by "the broken one" asks one unit even when the
/// working's total is told; a tax named before a gross figure adds nothing; a part asked at the whole order's figure is
/// never reduced to another price.
#[test]
fn blind84_89_kept_misses_by_class() {
    for (body, cents, want) in [
        (
            "then your shop, TWICE, $67.90 and $67.90 on the same day for the same toaster. I only got one toaster. \
             Could you take the second one back off please?",
            6_790,
            refund(6_790),
        ),
        ("pls refund 1999.. sorry, 19.99", 1_999, refund(1_999)),
        ("refund 2999 i mean 29.99", 4_999, refund(2_999)),
        (
            "The stove is not lighting, igniter is not giving spark. Kindly refund the amount of 72.50 only.",
            7_250,
            refund(7_250),
        ),
        ("The burner won't ignite and the flame keeps going out. Refund please.", 4_999, refund(4_999)),
        (
            "Just refund the tent pegs, they were 12.99 a pack and I got 2 packs, so 25.98. Keep the rest.",
            15_998,
            refund(2_598),
        ),
        (
            "It says on the invoice 80.00 plus MVA 25% = 100.00. The flame blows out in any wind. I would like the \
             whole 100.00 back, please.",
            10_000,
            refund(10_000),
        ),
        (
            "Hello, I order 2 dog beds, 50 € each, total 100 €. One is good, one is broken. Please refund the broken one.",
            10_000,
            refund(5_000),
        ),
        (
            "I ordered the silent spinner for £21.99 on this order. It is very loud. Please can I have a refund for it? \
             The rest of the order (the bedding and the chews) is fine and we're keeping those.",
            4_640,
            refund(2_199),
        ),
        (
            "Requested resolution: full credit, EUR 780.00 + VAT as invoiced (EUR 780.00 gross)",
            78_000,
            other("escalate", "E1"),
        ),
        (
            "The seed packets were 3.50 each. What I'd like is the money for the hose back please, the 39.95.",
            3_995,
            refund(3_995),
        ),
        // The harm and the additions the fixes must keep.
        ("The igniter sparked and burned my hand. Refund please.", 4_999, other("escalate", "E2")),
        ("The cable ignited on the first use. Refund please.", 4_999, other("escalate", "E2")),
        ("Refund the toaster $67.90 and the kettle $67.90 please.", 6_790, other("refuse", "X2")),
        ("Requested resolution: full credit, EUR 500.00 + VAT (EUR 100.00)", 50_000, other("refuse", "X2")),
    ] {
        assert_eq!(decide(body, cents, &[]), want, "{body}");
    }
}

/// Kept blind90–92 misses and the kept-set losses of the session's first cut, by class (F1629; red on `sd-s39b`): a
/// suite number after "Oh and" is no addend, a five-digit order number no money, a "with any battery" no addend, an
/// order number before a dash no range, the parts of the whole order told no addition to it, a short acceptance of the
/// shop's quoted offer asks it, a line a mail client wrapped mid-sentence is one line, the same figure asked "for that
/// too" is one ask.
#[test]
fn blind90_92_kept_misses_by_class() {
    for (body, cents, want) in [
        (
            "So please refund the tea box, the $64.00, and leave the kettle alone. Oh and the invoice had our old suite \
             number 410 on it, we are 1220 now if that matters.",
            11_850,
            refund(6_400),
        ),
        (
            "I'd just like the 34.99 for the step kit back please. Oh and the weather here has been glorious, 27 degrees \
             yesterday.",
            16_498,
            refund(3_499),
        ),
        ("outboard prop wrong pitch. full refund on 55012 ($640)", 64_000, other("escalate", "E1")),
        (
            "He wants his money back for the whole order (the inflatable boat, $489.00 + $13.00 shipping).",
            50_200,
            other("escalate", "E1"),
        ),
        ("refund order 5521 - 65 dollars - bed warped", 7_999, refund(6_500)),
        (
            "Please refund the thermal camera from the order below, it does not power on with any battery.",
            42_900,
            refund(42_900),
        ),
        (
            "Yes ok, go ahead with the 20. Thanks.\n\nOn Wed, Customer Care <care@shop> wrote:\n> We're sorry your order \
             arrived late. As an apology we can refund\n> 20.00 EUR of your order total of 110.00 EUR. Just reply to \
             confirm.",
            11_000,
            refund(2_000),
        ),
        (
            "the spool of PLA is arrive very wet and make bubbles. I paid 24,99€ but I ask only 10\neuros back for the \
             trouble, is ok for me to keep it.",
            2_499,
            refund(1_000),
        ),
        (
            "I ordered three spools at 22.50 each (so 67.50 all in) and back in the spring I\nalso got that 18.00 tool \
             kit from you. Could you refund the blue one, the 22.50? Don't need the rest back.",
            6_750,
            refund(2_250),
        ),
        (
            "Another issue: the stuff sack (25.00) wasn't in the box. Please refund 25.00 for that too.",
            8_000,
            refund(2_500),
        ),
        // Control: an addend after "Oh and" written as money still adds.
        ("I want $450 back. Oh and the $60 delivery I paid separately.", 70_000, other("escalate", "E1")),
    ] {
        assert_eq!(decide(body, cents, &[]), want, "{body}");
    }
}

/// blind93–95's kept misses, by class (F1642; first runs in each set's README): the unit asked again on its own after
/// the order's working told ("four tins at €31.50 each, so €126 all in … I'd just like the €31.50 back for that one
/// tin"); "full amt back"; a figure restated and told again ("18 dollars back - no sorry 16, the 18 was with the
/// postage"); a question about what to buy ("or do I need the 160W at $249?"); "the sausage sizzle fridge"; "order
/// total incl. VAT and delivery" (an abbreviation the sentence goes on after, and a total's make-up, no addend).
#[test]
fn blind93_95_kept_misses_by_class() {
    for (body, cents, want) in [
        (
            "I ordered four tins of the Harbour Blue from you at €31.50 each, so €126 all in. Three of them are perfect. \
             But the fourth tin is clearly a different colour. I'm not going to send the lot back, I'd just like the \
             €31.50 back for that one tin if that's alright.",
            12_600,
            refund(3_150),
        ),
        ("type 2 cable never worked with my car. full amt back", 21_950, refund(21_950)),
        (
            "the 12v cable for the fridge came with no cigarette plug on the end. i want 18 dollars back for that - no \
             sorry 16, the 18 was with the postage and i dont want the postage. the fridge is fine",
            59_900,
            refund(1_600),
        ),
        (
            "The 100W folding panel is $199 on your site, would that keep the fridge running on its own or do I need the \
             160W at $249? The fridge was $649 so I don't want to cook it, ha.",
            64_900,
            other("close", "C1"),
        ),
        (
            "we had it running the sausage sizzle fridge at the club (raised $1,460!). But yesterday the junction box \
             came away from the back in my hand. So refund please, AUD 179.00, that's what it cost.",
            17_900,
            refund(17_900),
        ),
        (
            "Ref: RMA-60301\nPlease process full reimbursement of GBP 129.99 (order total incl. VAT and delivery) for \
             the faulty phono stage. Unit returned, tracking on file.\nKindly action.",
            12_999,
            refund(12_999),
        ),
        (
            "Quick question before I send it back - does the €4.99 delivery charge get refunded if I return the tray \
             or not?\n\n> From: orders@shop\n> Your order has been delivered. Order total €24.49 (incl. delivery €4.99)",
            2_449,
            other("close", "C1"),
        ),
        (
            "Hi,\nPlease issue a credit for the defective items on invoice INV-20455:\n- Record brushes, 3 units @ GBP 8.00 \
             net\n- + 20% VAT\n- = GBP 28.80 gross\nOther lines OK. Kindly process and send the credit note.\nThanks",
            9_600,
            refund(2_880),
        ),
        // Controls: a question that asks with "please" still asks; a units' product with no stated result.
        ("The kettle leaks. Can this be refunded please?", 4_999, refund(4_999)),
        ("- Record brushes, 3 units @ GBP 8.00\nAll three split. Please refund them.", 9_600, refund(2_400)),
        // The kept sets (blind68 `g-005`, a length glued to its unit is no count): "2 x XLR cable 10m @ 32.49 = 64.98".
        (
            "Please action a full reimbursement for the following line:\n - 2 x XLR cable 10m @ 32.49 = 64.98\nReason: \
             wrong connector gender supplied.",
            6_498,
            refund(6_498),
        ),
        // blind97 `g-027` (kept, after its first run): a rash guard is a top.
        (
            "Forwarding from my wife - she wants the 49.00 back for the rash guard, it came in the wrong colour.",
            4_900,
            refund(4_900),
        ),
    ] {
        assert_eq!(decide(body, cents, &[]), want, "{body}");
    }
}

/// blind102–105's first-run misses fixed by class (after the first runs; not generalisation): a near miss to the eye;
/// a duplicate told as "both £27.45"; a telephone line under a signature read as an addend; the rand "R349" and the
/// real "R$"; a dash for cents ("10,-"); "I nearly fell over" at a price; swaddles given at the hospital at a birth;
/// an unrelated purchase elsewhere told with "also"; another shop's slow refund told.
#[test]
fn blind102_105_kept_misses_by_class() {
    for (body, cents, want) in [
        (
            "I took the new pole saw up to the allotment, and the chain came right off mid-cut and whipped back past my \
             face, missed my eye by an inch, I'm a bit shaken to be honest. I'd like the £129.99 refunded please.",
            12_999,
            other("escalate", "E2"),
        ),
        (
            "I noticed your shop twice on the same day, 14th, both £27.45, and the car MOT at £54.85. So I think I've \
             been charged twice for the pots? Could you refund the second one. Kind regards, Priya",
            2_745,
            refund(2_745),
        ),
        (
            "Hi team,\n\nPlease refund the $89.00 for the faulty DI box on order 7781.\n\nThanks,\nSam\n\nSam Ortiz | \
             Chief Engineer | Low Ceiling Studios\n+1 (503) 555-0142",
            8_900,
            refund(8_900),
        ),
        ("R349 back for the dog food pls, 2 of the bags split open in the box", 89_900, refund(34_900)),
        (
            "I paid R1 290 for it which I thought was steep, but fine. One of the sisal posts was frayed. Would you be \
             willing to refund R250 so I can fix it up myself?",
            129_000,
            refund(25_000),
        ),
        // blind72 `g-072`, kept: the rand read, the gross stated after its net units is the total asked.
        (
            "Credit note required:\n- 5 x smart plug @ R10.00 net\n- VAT 15%\n- Gross R57.50\nPlease action full amount.",
            5_750,
            refund(5_750),
        ),
        (
            "Please refund the 49,95 for the bed plus 10,- for my way to the post office and my time. Total 59,95.",
            4_995,
            other("refuse", "X2"),
        ),
        (
            "Hiya, the twin pack of hedge trimmer blades went to number 9 who are away on a cruise (she told me the \
             price and I nearly fell over) so I only got it yesterday. One blade is bent. The pack was £45. So please \
             refund the £22.50 for the bent blade.",
            4_500,
            refund(2_250),
        ),
        (
            "Please refund the 29.99 - I refused the parcel at the door, the baby arrived early and we were given \
             three of these swaddles at the hospital.",
            2_999,
            refund(2_999),
        ),
        (
            "ok so it's 3am and I'm typing this one-handed with the baby asleep on my chest, apologies for typos. we got the video baby monitor from you two weeks ago, the $129.99 one, after a LOT of research (my wife made a spreadsheet). first few nights fine. now the camera picture is fuzzy like an old tv and every 10 min it loses connection and beeps, which wakes both of us AND the baby, which defeats the entire purpose of a baby monitor lol. I already bought a wall mount for it from another store, paid like $80 for the mount and install, which is annoying but that's on me. also unrelated but the $60 jacket I ordered for myself from some other place never came either, this has not been my month. we tried resetting it, different outlet, moved the router, updated the app. nothing. honestly I'd just like my money back for it and we'll go back to the old audio one from my sister. thanks, Marcus",
            12_999,
            refund(12_999),
        ),
    ] {
        assert_eq!(decide(body, cents, &[]), want, "{body}");
    }
}
