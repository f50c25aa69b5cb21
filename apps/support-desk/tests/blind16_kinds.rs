//! Blind set 16's kinds (issue 16, ADR-845…849): the mechanisms its first run showed failing, each with tickets written
//! for these tests in other words, amounts and registers than `evals/blind16` (and every earlier set), with controls
//! that must not flip. The mechanisms: the amount grammar (minor units glued to their figure, a minor part spoken after
//! the currency word); which figure is the ask (a count the request gives its unit, a figure asked after the worked-out
//! total, a part's price given by a pronoun, a request pointing at the figure the sentence before names, the customer's
//! own sum of a price and an addition); who speaks (the cover note under a pasted chat); a refund on record as the
//! subject of a past predicate; injury words (a body part cut, stitches counted in words, A&E); approximations in any
//! spelling; a subject left out before a want; accounts payable's verbs.
//! Each test collects every failing ticket before it asserts, so a red run lists the whole kind.

use crate::kinds::{check_at, other, refund};

/// Mechanism: the amount grammar (b16 `g-049` "fourteen pounds fifty", `g-057` "450p"; ADR-845). Minor units glued to
/// their figure and a minor part said after the currency word are one figure. A video resolution is no price.
#[test]
fn minor_units_and_a_minor_part_after_the_currency_word_are_one_figure() {
    check_at(&[
        (
            "Good morning. Refund 375p for the missing sticker sheet please, the rest of order 8812 is fine.",
            2_400,
            5,
            &[],
            refund(375),
        ),
        (
            "Voice note transcribed: hi there the bowl came chipped can you refund nine pounds twenty for the bowl \
             thanks",
            3_150,
            7,
            &[],
            refund(920),
        ),
        ("Bonjour, merci de rembourser 6 euros 40 pour le couvercle manquant.", 2_990, 3, &[], refund(640)),
        // Control: "1080p" is a resolution; the request names no figure, so it is for the order's amount.
        ("The 1080p webcam shows only a black screen. Refund please.", 5_999, 6, &[], refund(5_999)),
    ]);
}

/// Mechanism: which figure is the ask (b16 `g-065`, `g-072`, `g-029`, `g-057`, `g-005`; b15 `g-062`; ADR-845/846).
#[test]
fn the_figure_asked_is_read_from_counts_conclusions_pronouns_and_pointers() {
    check_at(&[
        // A count the request gives its unit price, the product written out without its result.
        (
            "Invoice 5521 / PO 3390\nWe ordered 10 packs of cable ties at 2.30 per pack; 6 were delivered.\nPlease \
             credit the 4 missing packs (4 x 2.30).\nAccounts, Harbour Joinery",
            2_300,
            4,
            &[],
            refund(920),
        ),
        // The same count as a word before its noun.
        (
            "Two of our five stools (18.00 each) came with split seats. Please refund the two broken stools.",
            9_000,
            8,
            &[],
            refund(3_600),
        ),
        // A figure asked by name after the worked-out total is the conclusion.
        (
            "Line 2: 5 @ 3.00 = 15.00 ex VAT, 18.00 inc VAT. These never shipped. We request a refund of 18.00.",
            6_000,
            9,
            &[],
            refund(1_800),
        ),
        // A part's price given by a pronoun in the sentence after the request.
        (
            "[11:02] Customer: the teapot is fine but the infuser basket is missing. can you only refund the \
             infuser? it retails at 7.25 on your site\n[11:03] Agent Dana: One moment please.\n[11:04] Customer: sure",
            4_500,
            6,
            &[],
            refund(725),
        ),
        // A request pointing at the figure the line before names.
        ("charger was 19.99 on its own\nnever turned up\ncan u refund that", 6_499, 3, &[], refund(1_999)),
        // The customer's own sum of a price and an addition, over the order: refused whole.
        ("I'd like my 54.00 back plus 7.50 for the courier, which makes 61.50.", 5_400, 10, &[], other("refuse", "X2")),
        // Control: a price mentioned beside "it" is no figure asked: the order's amount.
        ("The blender itself was 45.00. Please refund it, it leaks.", 4_999, 5, &[], refund(4_999)),
    ]);
}

/// Mechanism: who speaks (b16 `g-017`; ADR-846). Under a pasted chat, the writer's own cover note below the
/// transcript is the customer's, whoever spoke last in the transcript; the agent's figures stay the agent's.
#[test]
fn the_cover_note_under_a_pasted_chat_is_the_customers() {
    check_at(&[
        (
            "Copy of the chat from Tuesday:\n\nAgent Lee: I can see order 4471 for 80.00. I could refund 15.00 for \
             the scratch.\nCustomer: ok that works for me\nAgent Lee: Great, I'll set that up.\n\nA week on and \
             nothing. Please send the 15.00 you promised.",
            8_000,
            9,
            &[],
            refund(1_500),
        ),
        // Control: the agent's offer alone, the customer accepting nothing and asking a question below.
        (
            "Agent Lee: We could refund 15.00 for the scratch.\nCustomer: let me think about it\nAgent Lee: Sure, \
             take your time.\n\nQuick question: does the warranty cover scratches?",
            8_000,
            9,
            &[],
            other("close", "C1"),
        ),
    ]);
}

/// Mechanism: a refund on record talked about (b16 `g-023`, `g-039`; b15 `b-17`; b14 `g-074`; ADR-848). A refund
/// that is the subject of a past or perfect predicate is on record, whatever the participle: asking about it is C1,
/// not a new ask (X4). A new ask beside it still meets X4.
#[test]
fn a_refund_as_the_subject_of_a_past_predicate_is_on_record() {
    check_at(&[
        (
            "Your colleague said the refund on my order had been actioned yesterday. Could you check it really went \
             out? Nothing on my statement.",
            3_800,
            12,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Per your email the refund of 22,90 EUR was finalised on the 3rd. Has it gone to my Visa or my \
             Mastercard?",
            2_290,
            14,
            &["executed"],
            other("close", "C1"),
        ),
        // Control: a new ask after the refund on record.
        (
            "The refund was completed, thanks. I'd now like 10.00 back for the late delivery as well.",
            3_800,
            12,
            &["executed"],
            other("refuse", "X4"),
        ),
    ]);
}

/// Mechanism: injury words (b16 `g-035`; ADR-847). A body part cut by any verb of cutting, stitches counted in words,
/// A&E or a doctor seen escalate; stitches of a seam do not.
#[test]
fn an_injury_in_other_words_escalates() {
    check_at(&[
        (
            "The mandoline has no hand guard and I nicked my finger to the bone. Want my money back.",
            2_999,
            4,
            &[],
            other("escalate", "E2"),
        ),
        (
            "Two stitches in my palm after the blade slipped out of the handle. Full refund please.",
            3_500,
            6,
            &[],
            other("escalate", "E2"),
        ),
        (
            "my daughter ended up in A&E after the swing seat snapped. refund the swing",
            8_900,
            11,
            &[],
            other("escalate", "E2"),
        ),
        // Control: the stitches of a seam are no injury.
        ("The stitches along the seam came loose after one wash. Refund please.", 3_500, 6, &[], refund(3_500)),
    ]);
}

/// Mechanism: approximations (b16 `g-047`; b15 `g-077`; ADR-849). A figure the request governs that is written only
/// approximately, in any spelling (slang, "roughly", "something like"), cannot be settled (U1); a price said
/// approximately beside a request for the order leaves the order's amount.
#[test]
fn an_approximate_figure_is_never_paid_out() {
    check_at(&[
        ("Please refund the gift wrap, it was roughly a fiver I think.", 3_400, 5, &[], other("escalate", "U1")),
        ("I want the postage refunded. It came to something like 6 quid.", 2_600, 5, &[], other("escalate", "U1")),
        // Control: an approximate price beside a request for the whole order.
        ("I paid around 40 for it and it broke on day two. Refund please.", 3_999, 5, &[], refund(3_999)),
    ]);
}

/// Mechanism: a request read from structure (b16 `b-13`, `b-18`; ADR-847): a want whose subject the mobile register
/// drops mid-line, and accounts payable's verbs ("remit", "disburse"). A want with its own subject and no money asks
/// nothing.
#[test]
fn an_elided_subject_and_a_payables_verb_ask() {
    check_at(&[
        ("zip broke on the first day 🙄 want the whole amount back", 4_200, 2, &[], refund(4_200)),
        ("box was empty when i opened it need my money back", 1_850, 3, &[], refund(1_850)),
        ("Kindly remit the balance of 85.00 to our account. Ref INV-20931.", 8_500, 7, &[], refund(8_500)),
        ("Please disburse 40.00 against our invoice 7721 for the short delivery.", 10_000, 7, &[], refund(4_000)),
        // Control: a want with its own subject and no money.
        ("parcel still not here, we want to know when it ships", 3_000, 2, &[], other("close", "C1")),
    ]);
}
