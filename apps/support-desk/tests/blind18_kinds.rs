//! Blind set 18's kinds (issue 16, ADR-870…874): the mechanisms its first run showed failing, each with tickets written
//! for these tests in other words, amounts and registers than `evals/blind18` (and every earlier set): live-chat
//! lines, web-form fields, a business customer's credit-note mail, an angry customer, a marketplace's relayed message,
//! voicemail transcripts. Each mechanism has controls that must not flip. Each test collects every failing ticket
//! before it asserts, so a red run lists the whole kind.

use crate::kinds::{Case, check_at, other, refund};

/// Mechanism: a ticket that asks about, or thanks for, a refund on record and frames no request of its own asks
/// nothing (b18 `g-014`, `g-046`, `g-062`; ADR-870): a refund word mentioned beside a status question or a thanks is
/// the refund talked about, not a new ask. A customer who says they ask nothing ("not after anything else", "purely
/// to check") is taken at their word unless a clause asks by its structure. Controls: a framed ask beside the status
/// question still asks (X4 on a refunded order, a refund on a fresh one).
#[test]
fn a_status_question_or_thanks_beside_a_refund_mention_asks_nothing() {
    let cases: &[Case] = &[
        (
            "Chat transcript 14:02\nVisitor: hi, the support lady set up a refund on the headphones last week, \
             £64.00 she said\nVisitor: has that come through yet or is it still going? nothing on my banking app",
            6_400,
            9,
            &["pending"],
            other("close", "C1"),
        ),
        (
            "Voicemail, 09:12: customer Mr Adeyemi calling to check whether the sixty-four pounds reached his \
             Visa yet. He is not after anything else. System lists the refund as completed.",
            6_400,
            9,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Relayed via Marketplace messages (buyer → seller):\n\"the refund you approved for the rug — did it \
             actually get sent? My statement has nothing. Purely checking, no other request.\"",
            12_000,
            11,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Ya me llegó el reembolso, muchas gracias por todo!! Very fast, great service.",
            2_200,
            7,
            &["executed"],
            other("close", "C1"),
        ),
        ("Recebi o reembolso hoje, obrigada. All good now.", 3_100, 9, &["executed"], other("close", "C1")),
        (
            "Danke! Die Rückerstattung ist angekommen. Thanks for sorting it.",
            4_000,
            9,
            &["executed"],
            other("close", "C1"),
        ),
        // Controls: a framed ask beside the status question asks.
        (
            "Has my refund for the lamp gone through yet? Also please refund the $15 shade, it cracked too.",
            6_000,
            9,
            &["executed"],
            other("refuse", "X4"),
        ),
        (
            "Is the refund for the kettle through yet? If it hasn't started, I want my money back for it now.",
            4_500,
            5,
            &[],
            refund(4_500),
        ),
    ];
    check_at(cases);
}

/// Mechanism: a question that contains a figure, or that a customer says is only to know, asks nothing (b18 `g-031`;
/// ADR-870): "would the 12 pounds I paid for delivery come back as well" is the policy asked about. Control: a
/// polite question that asks for a figure ("could you refund the 12 pounds?") still asks.
#[test]
fn a_question_that_contains_a_figure_is_an_inquiry() {
    let cases: &[Case] = &[
        (
            "Quick q before I post it back: would the £12 I paid for delivery come back as well or just the \
             price of the boots? Only asking so I know, haven't decided yet.",
            7_000,
            6,
            &[],
            other("close", "C1"),
        ),
        (
            "Form field 'Your question': if I return the mixer, is the 9.99 express shipping refunded too? \
             Just want to know before deciding.",
            11_999,
            4,
            &[],
            other("close", "C1"),
        ),
        // Control: a polite question that asks for the figure.
        (
            "Could you refund the £12 I paid for delivery please? The boots came a week late.",
            7_000,
            6,
            &[],
            refund(1_200),
        ),
    ];
    check_at(cases);
}

/// Mechanism: a figure negated beside the one asked ("the full 60.00 back, not 51.00", "£80, not the £68 you quoted")
/// is the figure refused, not an alternative (b18 `g-067`; ADR-871); and a figure that names a difference ("the
/// $15 difference") is the ask, not the prices it is the difference of (b18 `g-021`).
#[test]
fn a_figure_negated_beside_the_ask_is_no_alternative() {
    let cases: &[Case] = &[
        (
            "Re: your credit note CN-2231\nWe expect a credit of EUR 240.00, not EUR 204.00 — the 15% handling \
             fee does not apply to goods you shipped damaged.\nAccounts Payable, Brightwell Ltd",
            24_000,
            9,
            &[],
            refund(24_000),
        ),
        (
            "NO restocking fee on a broken blender!!! refund me 80 not 68. you sent it broken",
            8_000,
            5,
            &[],
            refund(8_000),
        ),
        (
            "Chat: I bought the boots for £90 and they're £72 now in your sale. Could I have the £18 difference \
             refunded? keeping them",
            9_000,
            4,
            &[],
            refund(1_800),
        ),
    ];
    check_at(cases);
}

/// Mechanism: a reply accepting an amount offered, or answering the shop's quoted question about the amount, asks that
/// amount (b18 `g-019`, `g-022`; ADR-872). Control: a reply declining the offer asks the other figure it names.
#[test]
fn a_reply_to_a_quoted_offer_or_question_asks_its_figure() {
    let cases: &[Case] = &[
        (
            "yes that works for me, I'll take the £15 goodwill credit and keep the chair\n\n\
             > From: Help Desk\n> We could offer £15 as a goodwill gesture, or a full refund of £70 if you send \
             the chair back.",
            7_000,
            6,
            &[],
            refund(1_500),
        ),
        (
            "Agreed - please go ahead with the 30 dollar partial refund you suggested.\n\n\
             -----Original Message-----\n> We can refund $30 for the dent, or $120 on return of the item.",
            12_000,
            8,
            &[],
            refund(3_000),
        ),
        (
            "It's 18,90 EUR, just the cover that tore. The rest is fine.\n\n\
             On 2 Nov, Support wrote:\n> Could you let us know how much you would like refunded?",
            5_900,
            7,
            &[],
            refund(1_890),
        ),
    ];
    check_at(cases);
}

/// Mechanism: another language's words for the ask, a share, a multiple, an approximation and an injury are read as
/// English's are (b18 `g-056`, `g-059`, `g-060`, `b-14`; ADR-873): a closed gloss of function words, not of
/// sentences.
#[test]
fn another_languages_ask_share_multiple_and_injury_are_read() {
    let cases: &[Case] = &[
        ("Hola, la chaqueta llegó rota. Quiero mi dinero de vuelta, por favor.", 4_500, 6, &[], refund(4_500)),
        (
            "Faltaba una de las tres tazas. Quiero un tercio del dinero, es decir 10 dólares.",
            3_000,
            6,
            &[],
            refund(1_000),
        ),
        ("Exijo el triple de lo que pagué por esta basura: 3 x 20 = 60 euros.", 2_000, 6, &[], other("refuse", "X2")),
        (
            "A tampa não fecha. Quero de volta uns 15 reais, mais ou menos, o preço da tampa.",
            6_000,
            6,
            &[],
            other("escalate", "U1"),
        ),
        (
            "La plancha se sobrecalentó y me quemé el brazo. Quiero el reembolso.",
            3_500,
            6,
            &[],
            other("escalate", "E2"),
        ),
    ];
    check_at(cases);
}

/// Mechanism: a price spoken as a phone transcript writes it ("one twenty-nine ninety-nine", "two hundred and four
/// fifty") is that figure (b18 `g-005`, `b-05`; ADR-874).
#[test]
fn a_price_spoken_in_a_transcript_is_read() {
    let cases: &[Case] = &[
        (
            "AGENT: what was the amount?\nCALLER: two hundred and four fifty. I want that back, it never worked.",
            20_450,
            6,
            &[],
            refund(20_450),
        ),
        (
            "CALLER: refund me one forty-nine ninety-nine, that's what the drill was.\nAGENT: noted.",
            14_999,
            6,
            &[],
            refund(14_999),
        ),
        // "one hundred and four fifty": a hundred and units as the major part (red on main: U1 and 107.00).
        (
            "VOICEMAIL (auto-transcribed): hi it's Dev, the heater packed in after two days, I'd like my one hundred \
             and four fifty back please, call me",
            10_450,
            6,
            &[],
            refund(10_450),
        ),
        (
            "CUST: refund a hundred and seven ninety-nine to my card, the speaker's dead\nAGENT: okay",
            10_799,
            6,
            &[],
            refund(10_799),
        ),
        (
            "CALLER: I want one fifty back. It's easier, round it.\nAGENT: the order is one forty-nine ninety-nine.",
            14_999,
            6,
            &[],
            other("refuse", "X2"),
        ),
    ];
    check_at(cases);
}

/// Mechanism: a refund asked for a part of the order with no figure ("refund the bits that never arrived") cannot
/// be settled (U1; b18 `g-075`, ADR-874). Control: the whole order named by its parts ("refund the lot") is its amount.
#[test]
fn a_part_with_no_figure_needs_information() {
    let cases: &[Case] = &[
        (
            "Half the order never showed — only some of the plates came. Refund me for whatever's missing pls.",
            9_000,
            5,
            &[],
            other("escalate", "U1"),
        ),
        (
            "Two of the cushions didn't arrive. Please refund the ones that never came.",
            6_000,
            5,
            &[],
            other("escalate", "U1"),
        ),
        ("Nothing arrived at all. Refund the whole order please.", 6_000, 5, &[], refund(6_000)),
    ];
    check_at(cases);
}

/// Mechanism: found by a probe of 16 tickets of mine in other registers, run once on the reader of ADR-870…874
/// (14/16; main 13/16): a verbless ask — a figure and "please" and nothing else asking — asks that figure; a question
/// whether a refund is possible under a condition asks what the policy would do (ADR-874). Red on the reader before
/// (`5dc907c`): closed and refunded 30.00.
#[test]
fn a_verbless_ask_asks_and_a_possibility_question_does_not() {
    let cases: &[Case] = &[
        (
            "the mug was £12 and the coaster set £8. Only the mug broke so just the £12 please",
            2_000,
            3,
            &[],
            refund(1_200),
        ),
        (
            "Is it possible to get a refund on something I bought 2 weeks ago if I changed my mind?",
            3_000,
            14,
            &[],
            other("close", "C1"),
        ),
        // Control: a question that asks for the refund itself, with no condition, still asks.
        ("Hi, is it possible to get a refund? The zip broke on day one.", 3_000, 5, &[], refund(3_000)),
    ];
    check_at(cases);
}
