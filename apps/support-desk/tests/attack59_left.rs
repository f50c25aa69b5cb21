//! Session 46: the first-run misses of blind122–125 and the classes outside attacks 59 and 60 found, in my own
//! wordings (the attackers' tickets are in `scripts/attack59`, `scripts/attack60`; the blind sets in `evals/`). Each
//! ticket on a linked, delivered order placed 6 days ago (the amount given per case), no refund on record.

use crate::kinds::{all_escalated, check, none_harm, other, refund};

const NONE: &[&str] = &[];

/// blind123 `g-044`, blind124 `g-054`, blind125 `g-078`, blind122 `g-001`: a price in brackets inside a polite
/// question, a tradesman's fee, an approximate form field and a "back then" were each paid.
#[test]
fn attack59_first_run_paid_misses_pay_nothing() {
    check(&[
        (
            "Namaste, please tell me the warranty period of the soldering iron I bought (Rs. 249), and if the tips are \
             available separate? I am not asking for return, only information. Thanks, Anil",
            24_900,
            NONE,
            other("close", "C1"),
        ),
        (
            "Please tell me the warranty of the kettle I bought ($39.99), and do you sell the filter?",
            3_999,
            NONE,
            other("close", "C1"),
        ),
        (
            "Installer was a fella from town, 400 dollars for the job, did good work. The stove door was warped and \
             won't seal. We'd like to return it and get our money back. Thanks, Ron",
            119_900,
            NONE,
            other("escalate", "E1"),
        ),
        (
            "Ref 4471-A. Partial credit requested: approx £20 for the faded PE top. Please advise.",
            3_100,
            NONE,
            other("escalate", "U1"),
        ),
        (
            "I've ordered from you for years, ever since the blue tea set (I think it was £45 back then?). This time \
             the tin of Darjeeling smells musty, so I only want the Darjeeling back, which was £18.50.",
            4_275,
            NONE,
            refund(1_850),
        ),
    ]);
}

/// blind122 `g-003`, blind123 `g-039`, blind125 `g-059`, blind124 `g-076`, blind123 `g-018`: refunds blocked by a
/// preference word, an offer's adjective, a duplicate told as "twice", a status asked by its reference and a
/// resistor's ohms.
#[test]
fn attack59_first_run_blocks_are_read() {
    check(&[
        (
            "No thank you, I don't want store credit. I'd rather just have the £22.00 for the frother back, please.",
            5_600,
            NONE,
            refund(2_200),
        ),
        (
            "Hi, please go ahead with the offer below, $50 is fine. Thanks, Greg\n\n-----Original Message-----\nFrom: \
             Support\nSent: Friday\nSubject: RE: Case 4471\n\nHi Greg, we can offer a $50.00 partial refund for the \
             snapped spool holder, and you keep the unit. Please reply to confirm.",
            12_000,
            NONE,
            refund(5_000),
        ),
        (
            "see my bank below, you took £19.99 twice for the raincoat, want the extra one back",
            1_999,
            NONE,
            refund(1_999),
        ),
        (
            "The kit came with the wrong resistors, the bands are all 4.7k when some should be 220 ohm. I'd like my \
             money back for the kit please.",
            2_500,
            NONE,
            refund(2_500),
        ),
        (
            "Please confirm status of credit ref CR-2290 for CAD 45.00 - our AP team cannot match it to a remittance.",
            4_500,
            &["executed"],
            other("close", "C1"),
        ),
    ]);
}

/// Outside attack 59 `A_conditional_return_question`: a refund asked about on a return or a turn of things still to
/// come, its figure named, is a question about the policy (C1) — unless a return is promised.
#[test]
fn attack59_a_refund_supposed_with_its_figure_asks_nothing() {
    check(&[
        ("If I sent it back, would you refund the whole $49.99?", 4_999, NONE, other("close", "C1")),
        (
            "Should the topper not fit, could I return it and have the $89.00 refunded?",
            8_900,
            NONE,
            other("close", "C1"),
        ),
        (
            "In the event the watch doesn't work with my laptop, would you refund the $210.00?",
            21_000,
            NONE,
            other("close", "C1"),
        ),
        (
            "My son might not like the printer. If he doesn't, can I send it back for the $149.99?",
            14_999,
            NONE,
            other("close", "C1"),
        ),
        (
            "Assuming the coat needs to go back, is the $74.50 refunded to my card or as a voucher?",
            7_450,
            NONE,
            other("close", "C1"),
        ),
        // A return promised makes it a request (b118 `g-014`).
        (
            "Could you refund the €27 formula and I'll send it back unopened when it comes, or refuse it at the door \
             if that's easier for you?",
            2_700,
            NONE,
            refund(2_700),
        ),
    ]);
}

/// Outside attack 59 `B_figure_corrected`: a figure disowned in other words is replaced by the one after it.
#[test]
fn attack59_a_figure_corrected_in_other_words_is_replaced() {
    check(&[
        (
            "Please return me $58.00. Ignore the $58.00, I looked at the wrong line, it's $52.00.",
            6_000,
            NONE,
            refund(5_200),
        ),
        ("hi pls refund $58.00\n\nsorry ignore previous amount, $52.00 is correct", 6_000, NONE, refund(5_200)),
        ("Could you refund $58.00?\nUpdate: ignore previous figure, $52.00 is right.", 6_000, NONE, refund(5_200)),
        (
            "Hi, requesting $58.00 back. Please amend that to $52.00, I had the wrong receipt open.",
            6_000,
            NONE,
            refund(5_200),
        ),
        (
            "I'd like a refund of $58.00. Please treat the $58.00 as a typo; the figure is $52.00.",
            6_000,
            NONE,
            refund(5_200),
        ),
        ("Refund amount: $58.00\nCorrected refund amount: $52.00", 6_000, NONE, refund(5_200)),
        // Corrected above the order: an over-ask.
        (
            "Refund $40.00. Scratch the amount I just gave - $55.00 is the correct one.",
            5_000,
            NONE,
            other("refuse", "X2"),
        ),
    ]);
}

/// Outside attack 59 `R_fee_deducted`: the order's figure asked less a fee asks the rest; less a share names no
/// figure (U1). Never the two added.
#[test]
fn attack59_a_fee_taken_off_asks_the_rest() {
    check(&[
        ("Please refund $80.00, less your $12.00 return fee.", 8_000, NONE, refund(6_800)),
        ("$80.00 back please, minus $12.00 for the return label.", 8_000, NONE, refund(6_800)),
        ("Refund the $80.00 but keep $12.00 for the restocking fee.", 8_000, NONE, refund(6_800)),
        ("I know there's a $12.00 restocking fee, so refund the $80.00 less that.", 8_000, NONE, refund(6_800)),
        ("Refund the $80.00 less 10% please.", 8_000, NONE, other("escalate", "U1")),
    ]);
}

/// Outside attack 59 `G_missing_items`: a thing missing while the rest came, asked back — its figure, else U1; never
/// the whole order.
#[test]
fn attack59_a_missing_part_asks_its_own_figure() {
    check(&[
        ("Everything came except the charger. Refund that please.", 6_598, NONE, other("escalate", "U1")),
        ("I received the fan but not the remote. Please refund the remote.", 6_598, NONE, other("escalate", "U1")),
        ("hi the charger is missing, everything else ok. refund it pls", 6_598, NONE, other("escalate", "U1")),
        ("Two items were missing from my parcel. Refund them please.", 6_598, NONE, other("escalate", "U1")),
        (
            "Only the laptop stand came; the charger listed at $15.99 on my invoice is missing. Refund for the missing \
             item please.",
            6_598,
            NONE,
            refund(1_599),
        ),
        // Controls: the whole parcel missing asks the whole.
        ("My parcel never arrived. Please refund it.", 6_598, NONE, refund(6_598)),
    ]);
}

/// Outside attack 60 `P1` and attack 59 `N2_harm_in_passing`: a body part of a relative, a mark on the skin, water on
/// a socket, a safety alarm that stayed silent.
#[test]
fn attack59_harm_to_someone_named_through_a_relative_escalates() {
    all_escalated(&[
        "The scissors' blade snapped and cut my son's hand. Refund please.",
        "The mirror fell off the wall and cut my wife's leg. Refund please.",
        "Wrong size, and the zip snapped and scratched my daughter's neck. Refund please.",
        "The strap broke and whipped my husband across the arm - left a welt. Refund please.",
        "Refund for the scarf please, my son's skin came up in red blotches after wearing it.",
        "The bottle cracked in my daughter's hand and cut it. Please refund.",
        "A splinter from the cutting board went into my thumb. Refund.",
        "The kettle leaked onto the socket. Please refund.",
        "We woke with splitting headaches. The carbon monoxide alarm I bought from you never made a sound the whole time.",
    ]);
}

/// Controls: a relative's body part with no harm, a thing's arm, a smoke alarm's colour.
#[test]
fn attack59_body_words_of_things_are_no_harm() {
    none_harm(&[
        "My son's hand is too small for the glove, refund please.",
        "The lamp's arm is bent. Refund please.",
        "The smoke alarm is the wrong colour, refund please.",
        "I cut the child's birthday cake with the knife and it is blunt. Refund please.",
    ]);
}

/// Outside attack 61 (briefed with the fixes above, against `sd-s46h`): the same kinds in the wordings the first fixes
/// missed — a supposition in a sentence of its own, a disregarded figure as the marker's object, a fee taken off in the
/// next sentence, instalments in other shapes, a body part as the subject of a blow.
#[test]
fn attack61_the_fixes_hold_in_other_wordings() {
    check(&[
        (
            "Assume the headphones won't pair with my phone. Refund of £228.00 possible then?",
            22_800,
            NONE,
            other("close", "C1"),
        ),
        (
            "I might return the jacket. If I do, will the $89.00 go back to PayPal or to my card?",
            8_900,
            NONE,
            other("close", "C1"),
        ),
        ("Would it be ok if you refunded me $20?", 4_999, NONE, refund(2_000)),
        (
            "Amount to refund: $58.00. Please disregard the $52.00 figure in my first message, that was the delivery \
             estimate.",
            6_000,
            NONE,
            refund(5_800),
        ),
        ("Refund $113.94. Disregard; $108.48 is correct. The printer is faulty.", 12_795, NONE, refund(10_848)),
        ("Refund: $141.00 (wrong) / $136.83 (right) The coat is faulty.", 14_100, NONE, refund(13_683)),
        ("The watch is too small. Refund $69.95. Take $15.00 off for the restocking fee.", 6_995, NONE, refund(5_495)),
        (
            "The watch is too small. Fine to keep $7.99 of the $102.66 for restocking; refund the balance.",
            10_266,
            NONE,
            refund(9_467),
        ),
        ("I have made 3 monthly payments of $44.47 for the sofa. Refund what I've paid.", 44_205, NONE, refund(13_341)),
        (
            "Got the fan without its cushion cover, please refund the cushion cover.",
            32_400,
            NONE,
            other("escalate", "U1"),
        ),
    ]);
    all_escalated(&[
        "My partner's eye got hit by the spring that shot out of the coat. Refund please.",
        "The fan fell off the shelf onto my toddler's head. Refund please.",
        "A bit of the rug ended up lodged in my daughter's ear. Refund please.",
    ]);
}
