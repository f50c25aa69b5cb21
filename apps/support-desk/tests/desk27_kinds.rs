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
