//! desk27's kinds of reading (issue 16, ADR-1064…): a question about a refund's state is never an ask, whatever
//! figure it names; a stated amount beside a percentage is the amount; a share with no figure is never the order's
//! whole amount. Every ticket here is written for these tests in several registers (terse, non-native, forwarded,
//! jargon, rambling); none comes from `evals/`. Each test lists every ticket decided otherwise.

use crate::kinds::{check_at, other, refund};

/// ADR-1064 (the over-refund the brief puts first): a refund pending on the order and a ticket that asks whether it
/// has been sent — under a frame of asking or knowing, naming the refund's own figure — is an inquiry (C1), never a
/// second payment.
#[test]
fn a_question_about_a_pending_refunds_state_never_pays_whatever_figure_it_names() {
    let pending: &[&str] = &["pending"];
    check_at(&[
        // terse
        ("Want to ask if refund 24.00 already sent?", 2_400, 8, pending, other("close", "C1")),
        // non-native
        (
            "Good day, I want ask you if my refund 24 euro is already transfer? In bank I see nothing. Thanks, Yusuf",
            2_400,
            8,
            pending,
            other("close", "C1"),
        ),
        (
            "Hi, I want to know whether the 24.00 refund is sent. Nothing on card. Dan",
            2_400,
            8,
            pending,
            other("close", "C1"),
        ),
        // forwarded
        (
            "FYI below.\n\n---------- Forwarded message ----------\nFrom: Petra\nI want to ask if my refund of 24 euro \
             is already sent?",
            2_400,
            8,
            pending,
            other("close", "C1"),
        ),
        (
            "Forwarding for my mum, see below.\n\n> From: Greta\n> Sent: Monday\n> I want to know if my refund of 24 \
             euro is sent yet?",
            2_400,
            8,
            pending,
            other("close", "C1"),
        ),
        // rambling
        (
            "Morning! Long week here, the kids had the flu and the dog ate a sock, and I only just got round to my \
             emails. I sent back the kettle ages ago and I want to ask if my refund of 24.00 is done? Not seeing it \
             yet. Ta, Bev",
            2_400,
            8,
            pending,
            other("close", "C1"),
        ),
        // jargon (read already before; kept so the frame stays a status question)
        (
            "Ref RMA-5512. We wish to enquire whether the refund of EUR 24.00 has been remitted to the card on file.\nBR, \
             Accounts Payable",
            2_400,
            8,
            pending,
            other("close", "C1"),
        ),
    ]);
}

/// Controls for ADR-1064: a frame of asking around an ask ("if you can refund …") still asks, and a question about
/// the state followed by a fresh ask of its own still asks.
#[test]
fn a_frame_of_asking_around_an_ask_still_asks() {
    check_at(&[
        ("I want to ask if you can refund the 24.00 for the cracked lid.", 6_000, 8, &[], refund(2_400)),
        (
            "The handle snapped. I want to ask if my refund of 18.00 is sent. And please refund 12.00 for the lid too.",
            6_000,
            8,
            &["pending"],
            refund(1_200),
        ),
    ]);
}

/// ADR-1065: a percentage with the amount it comes to stated beside it — in brackets, after "i.e." or "that is" —
/// asks that amount, never the order's whole amount.
#[test]
fn a_stated_amount_beside_a_percentage_is_the_amount() {
    check_at(&[
        // jargon
        (
            "Further to our call, please process a partial credit of 12.5% on the invoice value (i.e. USD 10.00) as a \
             goodwill gesture for the late delivery. Kindly confirm when posted.",
            8_000,
            15,
            &[],
            refund(1_000),
        ),
        // non-native
        (
            "Please return me 10 percent of the price (i.e. 8 euro) because the delivery was late. Thank you",
            8_000,
            15,
            &[],
            refund(800),
        ),
        // rambling
        (
            "The sofa cover came a week late and the delivery man left it in the rain, so the box was soaked, though \
             the cover itself is fine after a wash. What I'd like, and I think it's fair, is a refund of a quarter of \
             the price (i.e. 20.00) for the hassle with the delivery. Thanks, Lou",
            8_000,
            15,
            &[],
            refund(2_000),
        ),
    ]);
}

/// ADR-1065: a share asked with no figure for it is never the order's whole amount: it cannot be settled (U1).
#[test]
fn a_share_asked_with_no_figure_is_never_the_whole_order() {
    check_at(&[
        (
            "Further to our call, please process a partial credit of 12.5% as a goodwill gesture for the late \
             delivery. The delivery fee was 4.99.",
            8_000,
            15,
            &[],
            other("escalate", "U1"),
        ),
        ("Refund 10% pls. Delivery was 3 days late (shipping 5.00).", 8_000, 15, &[], other("escalate", "U1")),
    ]);
}

/// ADR-1066 (a false block in b29): a figure the customer says the shop offered, taken in the customer's own words,
/// is asked — whether or not the offer itself is quoted below.
#[test]
fn a_figure_the_shop_offered_taken_in_the_customers_words_is_asked() {
    check_at(&[
        // terse
        ("ok go ahead with the 15.00 you offered.", 6_000, 5, &[], refund(1_500)),
        // forwarded
        (
            "Yes please, proceed with the 15.00 you mentioned below.\n\nThanks, Ines\n\nOn Tue, Support wrote:\n> Sorry \
             the mug arrived chipped. We could refund part of it or send a new one.",
            6_000,
            5,
            &[],
            refund(1_500),
        ),
        // jargon
        (
            "Re: case 44-210\n\nFurther to your agent's proposal of a goodwill credit of EUR 15.00 on the table lamp \
             (shade scratched), we accept. Please action and confirm.\n\nRegards\nAP Dept",
            6_000,
            5,
            &[],
            refund(1_500),
        ),
        // non-native
        (
            "Hello, your colleague offer me 15 euro for the scratch, I accept this, please do it. Thank you",
            6_000,
            5,
            &[],
            refund(1_500),
        ),
    ]);
}

/// ADR-1067 (a false block in b29): a burn of the memory is a figure of speech, no injury; a burn of a body still
/// escalates.
#[test]
fn a_burn_of_the_memory_is_no_injury() {
    check_at(&[
        // rambling
        (
            "Third email this week. I have rung your line twice and sat on hold for ages, the hold music is burned \
             into my brain by now, and the parcel still shows 'in transit'. I give up, please refund the 40.00.",
            4_000,
            10,
            &[],
            refund(4_000),
        ),
        // terse
        ("that jingle is burnt into my brain. refund 40.00 pls", 4_000, 10, &[], refund(4_000)),
        // non-native
        (
            "I call three times, the music of waiting it is burned in my head now. Please return me 40 euro.",
            4_000,
            10,
            &[],
            refund(4_000),
        ),
        // control
        ("the kettle burned my hand, refund 40.00", 4_000, 10, &[], other("escalate", "E2")),
    ]);
}

/// ADR-1068 (b29's over-cap ask read as an acknowledgement): a bargain told as a condition ("I'd keep it if you
/// refunded 600 of that") asks that figure; over the cap it escalates.
#[test]
fn a_bargain_told_as_a_condition_is_an_ask() {
    check_at(&[
        // rambling, over the cap
        (
            "The wardrobe came with a scuffed door, and we are using it anyway because we need the space for the \
             baby's things. It cost 749 and honestly I'd keep it if you refunded 600 of that. Let me know.",
            74_900,
            9,
            &[],
            other("escalate", "E1"),
        ),
        // terse
        ("dent in door. would keep if you refunded 600 tbh", 74_900, 9, &[], other("escalate", "E1")),
        ("id keep it if u refunded 20", 6_000, 9, &[], refund(2_000)),
        // non-native
        (
            "The fridge has big dent. I would keep it if you refunded 600 from the price, it works ok. Thank you, Olena",
            74_900,
            9,
            &[],
            other("escalate", "E1"),
        ),
        // jargon
        ("We would retain the units if you credited USD 30.00 against invoice 5512.", 6_000, 9, &[], refund(3_000)),
        (
            "Per our call, we would accept delivery as-is if you credited 600.00 against the invoice.",
            74_900,
            9,
            &[],
            other("escalate", "E1"),
        ),
    ]);
}

/// ADR-1069 (b28/b29's thanks for an executed refund refused X4): a refund, or its figure, reported arrived in an
/// account — its subject taken up again by a pronoun, as second-language writers often put it — is acknowledged.
#[test]
fn a_refund_reported_arrived_is_acknowledged() {
    check_at(&[
        // non-native
        (
            "Hello, the refund for the shoes it arrived on my card yesterday. Thank you very much! Marta",
            3_900,
            12,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Hi, my refund of 39 euro, it came on my bank yesterday. Thank you! Bogdan",
            3_900,
            12,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Refund of the 39.00 it is arrived on my card today, many thanks. Svetlana",
            3_900,
            12,
            &["executed"],
            other("close", "C1"),
        ),
        // forwarded
        (
            "FYI - my dad asked me to pass this on:\n\n\"the refund for the lamp, it came in his account this morning, \
             thank you very much\"",
            3_900,
            12,
            &["executed"],
            other("close", "C1"),
        ),
        // terse
        ("the 39.00 landed in my account, cheers", 3_900, 12, &["executed"], other("close", "C1")),
        // rambling
        (
            "Just a quick note to say thanks - the 39.00 for the cracked teapot came through to my account on Friday. \
             The last shop I dealt with (a 60 pound kettle, long story) took a month. You were quick.",
            3_900,
            12,
            &["executed"],
            other("close", "C1"),
        ),
    ]);
}

/// ADR-1070 (an over-refund on 4510e43, blind8's kind): a count at a unit price with its total, and an ask for one of
/// the items counted, asks the unit price — never the total.
#[test]
fn an_ask_for_one_of_several_counted_asks_the_unit() {
    check_at(&[
        // terse
        ("2 x 12.00 = 24.00. one cup chipped, refund that one cup pls", 2_400, 6, &[], refund(1_200)),
        // non-native
        (
            "I buy 3 plates, 3 x 10.00 euro = 30.00 euro. The plate with the crack, please refund for the broken plate.",
            3_000,
            6,
            &[],
            refund(1_000),
        ),
        // jargon
        (
            "PO 8812: 5 units @ USD 20.00 = USD 100.00. 1 unit DOA; please credit the defective unit.",
            10_000,
            6,
            &[],
            refund(2_000),
        ),
    ]);
}
