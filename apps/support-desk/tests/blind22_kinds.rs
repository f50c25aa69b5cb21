//! Blind set 22's kinds (issue 16, ADR-950…956): the kinds of reading its first run showed failing, each with tickets
//! written for these tests in other words, amounts, goods and registers than `evals/blind22`: a want governing a chain
//! of infinitives, a processing imperative whose object points back, a forward sent on for someone else, a reply that
//! states the amount the shop's quoted directive asked for, minor units noted beside a field's value, a share worked
//! out to its figure, a part's figure in the forwarded text, injury words in a negator's scope or naming a colour,
//! and refunds told as reports (another shop, past slowness) or as in progress. Each kind has controls that must not
//! flip. Each test collects every failing ticket before it asserts, so a red run lists the whole kind.

use crate::kinds::{Case, check_at, other, refund};

/// Kind: a request by sentence structure (ADR-951) — a want governing a chain of bare or to-infinitives, one of
/// which moves money back ("I need send back the lamp and get back the cash"); a processing imperative ("kindly process
/// the same", "please action asap") whose object is absent or points back to the money an earlier clause named;
/// a share worked out to its figure is the figure asked (ADR-956). Controls: a negated want, a processing imperative
/// with an object of its own and no money before it.
#[test]
fn requests_by_structure_want_chains_and_anaphoric_imperatives() {
    let cases: &[Case] = &[
        ("We need to return the chairs and take back the payment, 60 dollar.", 6_000, 5, &[], refund(6_000)),
        ("I wish send it back and receive back the cash, 60 euro.", 6_000, 5, &[], refund(6_000)),
        ("I need send back the lamp and get back the cash please", 6_000, 5, &[], refund(6_000)),
        (
            "Per our phone call on Monday, a partial credit was agreed: GBP 12.00 for the scratched lid. Kindly \
             process the same.",
            4_000,
            8,
            &[],
            refund(1_200),
        ),
        (
            "Your colleague approved a goodwill credit of 8.50 USD for the late parcel. Please action asap.",
            3_000,
            8,
            &[],
            refund(850),
        ),
        (
            "As agreed with your colleague, 10% of the order value = USD 6.00 as a goodwill credit. Please action.",
            6_000,
            8,
            &[],
            refund(600),
        ),
        (
            "Your colleague agreed a 7.50 credit for the dented lid. Please go ahead and confirm.",
            3_000,
            8,
            &[],
            refund(750),
        ),
        ("Parcel arrived crushed, vase in pieces. Requesting reversal of the charge.", 4_200, 3, &[], refund(4_200)),
        // Controls.
        (
            "I paid 30.00 for the order. Please go ahead and ship the second parcel to my office instead.",
            3_000,
            2,
            &[],
            other("close", "C1"),
        ),
        ("I don't need the money back, just tell me how to clean it.", 3_000, 5, &[], other("close", "C1")),
        ("Please process my order for the blue one as well, thanks.", 3_000, 5, &[], other("close", "C1")),
    ];
    check_at(cases);
}

/// Kind: who speaks in a forward and a reply (ADR-951, ADR-953, ADR-955) — a sender who says a third person asked
/// them to pass the message on points at the message below, which holds the ask; a reply whose own words state
/// "the amount is …" answers the shop's quoted directive ("kindly send us the amount you would like refunded"),
/// the per-item figures beside it break it down; a forward whose top asks for a share with no figure ("refund for 3
/// of the 6 mugs, see below") takes the figure from the forwarded text.
#[test]
fn forwards_and_replies_carry_the_ask_of_the_message_they_pass_on() {
    let forward = |days: i64| {
        (
            "Dad asked me to send this on, he doesn't do email.\n\nBegin forwarded message:\n\nFrom: Peter Hall\n\
             Date: 1 December 2026\nSubject: kettle\n\nThe kettle I bought stopped working after a week. I would \
             like a refund of 29.99 please. Peter",
            2_999,
            days,
        )
    };
    let (f, c, d) = forward(8);
    let (g, e, h) = forward(40);
    let cases: &[Case] = &[
        (f, c, d, &[], refund(2_999)),
        (g, e, h, &[], other("refuse", "X3")),
        (
            "The amount is 30,00 - three glasses that arrived chipped, 10,00 each.\n\nOn 2 Dec 2026, Support Team \
             wrote:\n> Thank you for getting in touch. Kindly send us the amount you would like refunded and the \
             items concerned.\n> Kind regards, Support Team",
            6_000,
            6,
            &[],
            refund(3_000),
        ),
        (
            "Hi, can you sort this please - refund for 3 of the 6 mugs, see below. Thanks, Sam\n\nFrom: Office \
             <office@example.test>\nSent: Tuesday\nTo: Sam\nSubject: FW: mugs\n\nSam, three of the six mugs \
             arrived cracked. They were 8.00 each so 24.00 back please.",
            4_800,
            6,
            &[],
            refund(2_400),
        ),
    ];
    check_at(cases);
}

/// Kind: minor units noted beside a field's value, not in its label (ADR-954): "Amount: 1875 cents", "Amount: 999
/// (minor units)". Control: a field with decimals is in major units.
#[test]
fn a_unit_note_beside_a_fields_value_reads_minor_units() {
    let cases: &[Case] = &[
        (
            "Ref: 7781\nReason code: WRONG_ITEM\nAmount: 1875 cents\nAction requested: refund to card",
            1_875,
            4,
            &[],
            refund(1_875),
        ),
        (
            "Order ref: 31-00412\nReason: NOT_AS_DESCRIBED\nAmount: 999 (minor units)\nAction requested: refund",
            999,
            4,
            &[],
            refund(999),
        ),
        (
            "Order ref: 31-00413\nReason: NOT_AS_DESCRIBED\nAmount: 9.99\nAction requested: refund",
            999,
            4,
            &[],
            refund(999),
        ),
    ];
    check_at(cases);
}

/// Kind: the sense and scope of injury words (ADR-950): a negator governing the injury word across words that keep
/// its polarity ("nobody got burned", "not a single blister"), a hazard word modifying a colour ("fire-engine red").
/// Controls: a content word between the negator and the injury word ends the scope; an injury stated plainly.
#[test]
fn injury_words_in_a_negators_scope_or_naming_a_colour_escalate_nothing() {
    let cases: &[Case] = &[
        (
            "The kettle is great, boils fast and nobody got burned by the steam, unlike my old one. Do you sell \
             the matching toaster?",
            4_000,
            6,
            &[],
            other("close", "C1"),
        ),
        (
            "Loved the hiking socks, not a single blister on a 20 mile walk! Do you ship to Ireland?",
            2_000,
            6,
            &[],
            other("close", "C1"),
        ),
        (
            "The sofa cover came in a smoke-grey, not the navy I ordered. I'd like to send it back for a refund.",
            5_000,
            6,
            &[],
            refund(5_000),
        ),
        // Controls.
        (
            "I didn't notice the burns on my arm until the next morning, the heater casing gets that hot. I want a \
             refund.",
            5_000,
            6,
            &[],
            other("escalate", "E2"),
        ),
        ("No idea why but the charger burned my hand. Refund please.", 2_500, 6, &[], other("escalate", "E2")),
    ];
    check_at(cases);
}

/// Kind: refunds on record (ADR-952): a refund whose agent is another shop, or told in the past as a complaint
/// about slowness, is not a refund asked here; a refund on record "being processed" is a status, and a question
/// whether it has been paid asks its state (C1). Control: a framed ask beside another shop's refund still asks.
#[test]
fn refunds_told_about_another_shop_or_in_progress_ask_nothing() {
    let cases: &[Case] = &[
        (
            "Thank you, the 15.00 arrived this morning. Another shop I use took a month to refund me, so this \
             was great.",
            4_000,
            12,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Hi, your colleague told me the refund of 12,50 for the torn bag is being processed. I still not see it \
             on my card. Can you check if it has been paid?",
            1_250,
            12,
            &["pending"],
            other("close", "C1"),
        ),
        // Control.
        (
            "The other store refunded me in a day. Please refund the $20 for the cracked mug.",
            2_000,
            6,
            &[],
            refund(2_000),
        ),
    ];
    check_at(cases);
}
