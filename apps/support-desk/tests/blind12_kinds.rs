//! Blind set 12's kinds and the kinds blind set 11 left (issue 16): figures written the way people write them
//! (slang, accounting notations, a figure corrected, a share with its figure named), money asked back by a sentence's
//! structure with verbs the reader has no list for, shorthand key words, and a refund already made mentioned, thanked
//! for or asked about. Every ticket here is written for these tests (other words, amounts, currencies and registers
//! than `evals/blind11` and `evals/blind12`), with controls that must not flip. Each test collects every failing
//! ticket before it asserts, so a red run lists the whole kind.

use crate::kinds::{check, other, refund};

/// Kind (b12, F770): slang figures and accounting notations are amounts. "a fiver", "a tenner", "fifty quid",
/// "15 bones", "half a hundred"; a bracketed or trailing-minus figure, "CR 18.60" (a credit in a ledger's notation),
/// "€ 35,-" (a whole amount with a space after the sign). A figure nobody can pin ("a couple of quid") stays U1.
#[test]
fn slang_and_accounting_figures_are_amounts() {
    check(&[
        ("Scratched lens on the sunglasses. A tenner back would be fair, I'm keeping them.", 3_000, &[], refund(1_000)),
        ("lamp flickers like mad. fifty quid back and we're done", 6_000, &[], refund(5_000)),
        ("The strap broke on day one. 15 bones back and I'll keep it.", 4_000, &[], refund(1_500)),
        ("Grinder lid cracked, a fiver back would sort it.", 2_499, &[], refund(500)),
        ("Half a hundred back would settle it, the rug came with a stain.", 9_000, &[], refund(5_000)),
        (
            "Ledger note - returned goods (desk fan)\nAmount: (42.10)\nStatus: awaiting credit",
            4_210,
            &[],
            refund(4_210),
        ),
        ("Returned goods, desk fan: 42.10- please credit our account", 5_000, &[], refund(4_210)),
        ("Please post CR 18.60 against the order for the short-shipped clips.", 5_000, &[], refund(1_860)),
        (
            "Der Mixer-Deckel ist gebrochen. Please refund € 35,- to my card, the rest is fine.",
            5_990,
            &[],
            refund(3_500),
        ),
        // Controls: a figure nobody can pin, and a share with none named, need a person (U1).
        ("A couple of quid back would keep me happy, the mug handle is loose.", 2_000, &[], other("escalate", "U1")),
        ("refund 50% pls, the jacket zip broke", 6_000, &[], other("escalate", "U1")),
    ]);
}

/// Kind (b12, F771): a figure corrected is the second one ("refund $45 please — sorry, typo, $54", "31.00 pls, oops
/// my bad, 13.00"): the first is taken back, whatever politeness stands between them.
#[test]
fn a_figure_corrected_is_the_second() {
    check(&[
        ("router won't boot. refund $38 please — sorry, typo, $83", 8_300, &[], refund(8_300)),
        ("Please refund 31.00 pls, oops my bad, 13.00. It's the phone charger.", 2_000, &[], refund(1_300)),
        ("need £20 back thanks - no sorry, £12, mixed up my orders", 3_000, &[], refund(1_200)),
    ]);
}

/// Kind (b11 and b12, F772): a share with the figure it comes to named asks that figure ("Half of it, so $30, is
/// fine"; "refund 50% — that's 22.50"), written before or after the share.
#[test]
fn a_share_with_its_figure_named_asks_that_figure() {
    check(&[
        (
            "The lid is warped. A third of it, so 12.00, is fine by me since I'm keeping the pot.",
            3_600,
            &[],
            refund(1_200),
        ),
        ("Refund 50% — that's 22.50 — for the cracked tile set.", 4_500, &[], refund(2_250)),
        ("half the price back is fair, that comes to €17,50", 3_500, &[], refund(1_750)),
        // Control: a price found fair is no share and no ask.
        ("Honestly €25 is fine by me, the price was fair. Lovely vase!", 2_500, &[], other("close", "C1")),
    ]);
}

/// Kind (b12, F773): money asked back by structure with a verb no list holds — a verb, "me"/"us", a figure, "back"
/// ("bung us a tenner back", "flick me $15 back", "toss me 20 bones back"): the indirect object and "back" make it
/// a transfer of money to the customer.
#[test]
fn money_sent_back_by_structure_is_asked() {
    check(&[
        ("Mate the kettle lid snapped off. Just bung us a fiver back and we're sorted.", 2_499, &[], refund(500)),
        ("flick me $15 back, the fan rattles", 3_000, &[], refund(1_500)),
        ("yo the tripod wobbles, toss me 12 bones back and it's all good", 3_300, &[], refund(1_200)),
        ("just sling us 20 dollars back for the dented tin", 4_000, &[], refund(2_000)),
        // Controls: the same verbs with no money, or money the customer gave, ask for nothing.
        ("toss me a message when the restock lands", 3_000, &[], other("close", "C1")),
        ("I flicked you $15 for the express option, is it on its way?", 3_000, &[], other("close", "C1")),
    ]);
}

/// Kind (b12, F774): shorthand key words written without their vowels ("rfnd", "rfund", "refnd", "mny bck") are the
/// words; a word that is a real word of its own is not rewritten.
#[test]
fn shorthand_key_words_are_read() {
    check(&[
        ("rfnd the 64.00 pls, changed my mind b4 opening it", 6_400, &[], refund(6_400)),
        ("wrong size sent. rfnd pls", 2_500, &[], refund(2_500)),
        ("cn u refnd my 12.99? cable dead", 1_299, &[], refund(1_299)),
    ]);
}

/// Kind (b11 and b12, F775): a refund already made, thanked for, reported arrived or asked about (when it will
/// show, its reference) is not a new request, so not X4 on an order refunded before; the same for thanks after a
/// refused refund. A new ask on a refunded order is still X4.
#[test]
fn a_refund_already_made_is_mentioned_not_asked() {
    check(&[
        (
            "@Help refund for the kettle landed this morning, cheers for sorting it 🙌",
            3_000,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "RE: your refund\n\nGot it, the money's back on my card. All good, you can close this. Ta!",
            3_000,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "hi just wondering when my refund will show up on my card, it's been 4 days since you said you sent it",
            3_000,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "My accountant needs the reference number of the refund you already sent for this order. Could you send that over?",
            3_000,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Earlier I asked for a refund and it was declined. I understand, it is okay, thank you.",
            3_000,
            &["rejected"],
            other("close", "C1"),
        ),
        // Control: a new ask on a refunded order.
        (
            "The refund you sent was for the wrong item, now refund the $12 strap as well.",
            3_000,
            &["executed"],
            other("refuse", "X4"),
        ),
    ]);
}

/// Kind (b11 and b12, F776): the figure the customer makes the ask — a total labelled as the claim ("total claimed GBP
/// 155.00" after its parts), the price rounded to a figure ("round it up to 60") — is the amount asked: over the
/// order it is refused (X2), never read as its first part or the price. A figure in a currency written after it as a
/// code ("85 TL") is a figure.
#[test]
fn the_figure_the_customer_makes_the_ask() {
    check(&[
        (
            "We claim GBP 140.00 for the damaged rug and a call-out charge of GBP 15.00 under our terms; total claimed GBP 155.00.",
            14_000,
            &[],
            other("refuse", "X2"),
        ),
        ("Refund request for the lamp 30.00 and the courier 5.00; total requested 35.00", 4_000, &[], refund(3_500)),
        ("It came to 59.95 but round it up to 60.00 for me, cheers", 5_995, &[], other("refuse", "X2")),
        ("lutfen give back the 85 TL of the scarf to my card, it is torn", 64_000, &[], refund(8_500)),
        // Control: the price rounded in a statement asks nothing.
        (
            "It was 59.95, I round it to 60 in my budget sheet. Is the blue one back in stock?",
            5_995,
            &[],
            other("close", "C1"),
        ),
    ]);
}

/// Kind (b12, F775): an indirect question about a refund on record, with a hedge "like" that is no want ("it's been
/// like a week"), asks for nothing new.
#[test]
fn an_indirect_question_about_a_refund_on_record_asks_nothing() {
    check(&[
        (
            "um just wondering when my refund will show up its been like a week since you said you sent it thanks",
            3_000,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "I was wondering where my refund is, you emailed that it went out friday",
            3_000,
            &["executed"],
            other("close", "C1"),
        ),
    ]);
}
