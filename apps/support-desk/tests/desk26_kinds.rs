//! desk26's kinds of reading (issue 16, ADR-1043…): a refund already asked for, chased in any word order, is never paid
//! a second time; and b26/b27's other kinds, read by structure. Every ticket here is written for these tests in
//! several registers (terse, rambling, non-native, forwarded, jargon); none comes from `evals/`. Each test lists
//! every ticket decided otherwise.

use crate::kinds::{check_at, check_each, evidence_at, other, refund};

/// How an earlier request (or the shop's agreement to it) is told — past by its form or only by a time word.
const EARLIER: &[&str] = &[
    "Ten days ago I make the refund request on your site and your colleague answer me it is approved.",
    "we asked the money back already on the 21st, the agent said ok",
    "Refund was agreed with your team by phone on Friday.",
    "My claim for the money back was accepted before one week.",
    "As discussed, I requested a refund last Monday and was told yes.",
    "Ref RF-3301: reimbursement approved by your agent 24/11.",
];

/// How the money not having come is told or asked — in any word order.
const WAITING: &[&str] = &[
    "When is arriving the money on my account?",
    "till today nothing on the card.",
    "How long before it lands?",
    "Still waiting for it.",
    "Any idea when I will see the payment?",
    "Funds not yet received, please advise ETA.",
];

/// ADR-1043 (the over-refund the brief puts first): a pending refund on the order and a ticket that tells the
/// earlier request and asks after its money, in any of these wordings, is never paid again — it is an inquiry (C1).
#[test]
fn a_pending_refund_chased_in_any_wording_never_pays() {
    let bodies: Vec<String> =
        EARLIER.iter().flat_map(|e| WAITING.iter().map(move |w| format!("Hello, {e} {w} Thanks, Mirela"))).collect();
    let cases: Vec<(&str, i64, i64, &[&str], _)> =
        bodies.iter().map(|b| (b.as_str(), 3_900, 9, &["pending"][..], other("close", "C1"))).collect();
    check_at(&cases);
}

/// The reader, not only the guard: the chase is read as a status question when a problem with the goods is named in
/// the story of the earlier request (so the table's guard for "nothing new" would not hold it), and when the refund
/// on record is executed (asking after it is C1, not a new ask refused under X4).
#[test]
fn a_chase_of_an_earlier_refund_is_read_as_a_status_question() {
    check_at(&[
        (
            "Hi, the bowl arrived cracked, I asked for a refund last week and your colleague said ok. When is coming \
             my money to the card?",
            2_400,
            9,
            &["pending"],
            other("close", "C1"),
        ),
        (
            "Dear sir, my sister request the money back for the broken kettle before two weeks, you answer yes. Till \
             today she receive nothing. Regards",
            5_200,
            12,
            &["pending"],
            other("close", "C1"),
        ),
        (
            "refund for the torn jacket was agreed monday. still nothing. when??",
            8_000,
            8,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Ref CN-771 (credit for damaged units) approved per your agent 02/12. Funds not yet received; please \
             advise expected value date.",
            15_000,
            7,
            &["pending"],
            other("close", "C1"),
        ),
    ]);
}

/// Controls: a fresh ask beside the chase is read as the ask it is — a figure named, or a new problem with a request
/// of its own — and an earlier request with no refund on record is no chase.
#[test]
fn a_new_ask_beside_an_earlier_refund_still_pays() {
    check_at(&[
        (
            "I asked for a refund last week and nothing happened. Now the handle is cracked as well. Please refund me \
             for it.",
            3_300,
            9,
            &["pending"],
            refund(3_300),
        ),
        (
            "The earlier refund was agreed but I still see nothing. Please just refund the 22.00 for the lid.",
            6_000,
            9,
            &["pending"],
            refund(2_200),
        ),
        (
            "I asked for a refund yesterday in the chat and nobody answered. The blender is broken, I want my money \
             back.",
            7_500,
            4,
            &[],
            refund(7_500),
        ),
        ("The lamp stopped working. Please refund it.", 4_100, 5, &["pending"], refund(4_100)),
    ]);
}

/// The guard is the table's, whatever reading the text gets: a pending refund, no figure, no problem, any refund
/// wording at all (even a bare "refund?") — never a payment.
#[test]
fn a_pending_refund_and_a_bare_refund_word_never_pays() {
    let bodies = ["refund?", "Refund please, thanks.", "My money back please", "hello. what about refund. thank you"];
    check_each(&bodies, |b| {
        (*b, evidence_at(b, 3_900, 9, &["pending"]), Box::leak(Box::new(other("close", "C1"))) as &_)
    });
}

fn two_orders(body: &str) -> support_desk::tools::Evidence {
    use support_desk::tools::{Order, OrderLookup};
    let mut e = evidence_at(body, 4_000, 6, &[]);
    let second = Order { id: 8, customer_id: 1, amount_cents: 2_500, status: "delivered".into(), placed_days_ago: 3 };
    e.orders.push(second);
    e.ticket.order_id = None;
    e.lookup = OrderLookup::Ambiguous;
    e.order = None;
    e
}

/// A complaint forwarded with nothing of the sender's own, naming neither an order nor a problem, from a customer
/// with two orders: needs more information (U1), not closed. A forwarded complaint that names its problem is no
/// vague complaint (closed as before: nothing is asked).
#[test]
fn a_forwarded_vague_complaint_is_read_from_below() {
    let cases = [
        (
            "Fwd: feedback\n\n> Really disappointed with the whole experience. Not good enough.\n> Sent from my iPhone",
            "escalate",
            "U1",
        ),
        ("FW:\n\n> I am very unhappy with your service, this is unacceptable.\n> Kind regards, Tom", "escalate", "U1"),
        ("Fwd: feedback\n\n> Really disappointed, the lamp I got is scratched.\n> Sent from my iPhone", "close", "C1"),
    ];
    let wants: Vec<_> = cases.iter().map(|(_, a, c)| other(a, c)).collect();
    let rows: Vec<(&str, &crate::kinds::Decision)> = cases.iter().map(|c| c.0).zip(wants.iter()).collect();
    check_each(&rows, |(b, want)| (*b, two_orders(b), *want));
}

/// A count at a unit price with the total it comes to, written as a list or a line (jargon, terse): the total is
/// asked; a total that is not the count times the price settles nothing (U1).
#[test]
fn a_count_at_a_unit_price_with_its_total_asks_the_total() {
    check_at(&[
        (
            "As agreed on the phone please action a partial credit:\n- 4 x 3.25 lids not in the box\n- total 13.00\nPO \
             55-210",
            9_000,
            5,
            &[],
            refund(1_300),
        ),
        ("partial refund pls, 4 @ 2.50 = 10.00 (the missing cups)", 6_000, 5, &[], refund(1_000)),
    ]);
}

/// A fee told in a sentence that asks nothing, beside an ask that names no figure and points at nothing: the order's
/// amount (a price mentioned is not the amount asked). An ask that names the fee, or points back at it, asks the fee.
#[test]
fn a_fee_told_beside_a_bare_ask_is_not_the_amount_asked() {
    check_at(&[
        ("Postage was 3.95 and the vase came cracked. I want a refund.", 3_500, 5, &[], refund(3_500)),
        ("the shipping fee was 6.50, the jumper has a hole. refund pls", 4_200, 5, &[], refund(4_200)),
        // controls: the fee asked
        (
            "The delivery fee was 4.99 but it came a week late. Please refund the delivery fee.",
            3_500,
            5,
            &[],
            refund(499),
        ),
        ("Shipping cost me 5.00 and it came late. Can you refund that?", 3_500, 5, &[], refund(500)),
    ]);
}

/// Prices of other purchases told in a story beside the order's own price, the ask naming no figure: the order's
/// amount, never "which figure?". When a told figure belongs to the thing the ask names, it is not this rule's.
#[test]
fn story_prices_beside_the_orders_own_are_no_alternatives() {
    check_at(&[
        (
            "Long story, sorry. At Easter I got a teapot from you for 25 dollars, lovely, still use it. Then this month \
             I bought the blue rug, $120, for the hall. It sheds everywhere and the blue is grey really. I would like \
             my money back for the rug please.",
            12_000,
            8,
            &[],
            refund(12_000),
        ),
        // control: the ask names the part whose figure is told (not the order's): that part's figure or U1, never the
        // order's amount.
        (
            "The lamp was $89 and the shade $20. The shade arrived crushed. I'd like the money back for the shade.",
            10_900,
            8,
            &[],
            refund(2_000),
        ),
    ]);
}

/// The thing the ask names and the figure told beside that thing (in a part of a sentence that asks nothing, or in
/// the sentence right after the ask that says what "it" was): that figure, never the whole order in its place.
#[test]
fn the_figure_told_beside_the_thing_asked_is_the_ask() {
    check_at(&[
        ("Could you refund the postage? It was 4.75 and the box came a week late.", 3_900, 5, &[], refund(475)),
        (
            "The kettle was 30.00 and the filter 6.00. Filter is cracked. Money back for the filter please.",
            3_600,
            5,
            &[],
            refund(600),
        ),
        // control: the thing the ask names is the order's own figure: the order's amount.
        ("The kettle was 36.00. It leaks. Money back for the kettle please.", 3_600, 5, &[], refund(3_600)),
    ]);
}
