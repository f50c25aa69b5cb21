//! The reference policy's semantics (issue 16), one test per kind of miss an outside benchmark found: amounts in forms
//! the reader did not know (minor units, payment-system fields, spelled-out figures, codes after the number),
//! requests written as imperatives or wants, a request naming no amount on an identified order, over-asks that must
//! be refused (never reduced), a vague complaint, and the X4-before-E1 precedence. The sentences are written for
//! these tests, not copied from any eval set.

use support_desk::classify;
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Refund, Ticket};

/// Evidence for a ticket of a customer with one delivered order of `cents` placed `days` ago (linked unless `lookup`
/// says otherwise), `extra` more delivered orders, and prior refunds of the statuses given.
fn evidence(body: &str, cents: i64, days: i64, lookup: OrderLookup, refunds: &[&str], extra: usize) -> Evidence {
    let order = Order { id: 7, customer_id: 1, amount_cents: cents, status: "delivered".into(), placed_days_ago: days };
    let mut orders = vec![order.clone()];
    for i in 0..extra {
        orders.push(Order {
            id: 8 + i as i64,
            customer_id: 1,
            amount_cents: 2_500,
            status: "delivered".into(),
            placed_days_ago: 10,
        });
    }
    let ambiguous = lookup == OrderLookup::Ambiguous;
    Evidence {
        ticket: Ticket {
            id: 3,
            customer_id: 1,
            order_id: (lookup == OrderLookup::Linked).then_some(7),
            subject: "Support request".into(),
            body: body.into(),
            status: "open".into(),
        },
        customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
        orders,
        lookup,
        order: (!ambiguous).then_some(order),
        refunds: refunds
            .iter()
            .enumerate()
            .map(|(i, s)| Refund { id: i as i64 + 1, order_id: 7, amount_cents: cents, status: (*s).into() })
            .collect(),
        calls: Vec::new(),
    }
}

/// (action, first clause, refund amount) on a linked delivered order.
fn decide(body: &str, cents: i64, days: i64) -> (String, String, Option<i64>) {
    decide_on(evidence(body, cents, days, OrderLookup::Linked, &[], 0))
}

fn decide_on(ev: Evidence) -> (String, String, Option<i64>) {
    let c = classify::classify(&ev);
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

fn refund(cents: i64) -> (String, String, Option<i64>) {
    ("refund".into(), "R1".into(), Some(cents))
}

fn other(action: &str, clause: &str) -> (String, String, Option<i64>) {
    (action.into(), clause.into(), None)
}

#[test]
fn amounts_in_minor_units_codes_and_words_are_read() {
    for (body, cents) in [
        ("Please refund 3250 cents, the strap snapped.", 3_250),
        ("The payment page showed amount: 2375 and I want that back, the mug was chipped.", 2_375),
        ("Requesting a refund of 1,480 cents for the torn sleeve.", 1_480),
        ("refund thirty-two seventy five please, the seam split", 3_275),
        ("I would like 18.40 USD back for the missing charger.", 1_840),
        ("Kindly refund EUR 27,35 for the dented tin.", 2_735),
        ("Give me back twenty-two dollars and fifty cents, the bulb is dead.", 2_250),
    ] {
        assert_eq!(decide(body, 20_000, 5), refund(cents), "{body}");
    }
    // A bare figure with grouped thousands and a decimal comma, in a request: $1,150.00, over the cap.
    assert_eq!(decide("Refund 1.150,00 please, the frame is bent.", 200_000, 5), other("escalate", "E1"));
}

#[test]
fn imperatives_and_wants_are_refund_requests() {
    for body in [
        "Refund it. The kettle leaks from the base seam.",
        "I'd like the refund processed today please.",
        "I want exactly that back, nothing more.",
        "Send the money back to my card, the sofa cover faded in a week.",
        "Can you put it back on my card? The lamp flickers.",
        "Please process my refund for this order.",
    ] {
        assert_eq!(decide(body, 4_200, 5), refund(4_200), "{body}");
    }
}

#[test]
fn a_request_naming_no_amount_is_for_the_identified_orders_amount() {
    assert_eq!(decide("I want a refund, the blender stopped working.", 6_400, 3), refund(6_400));
    // The customer's only order, not linked: identified.
    let ev = evidence("I want a refund for the rug, it sheds.", 6_400, 3, OrderLookup::OnlyOrder, &[], 0);
    assert_eq!(decide_on(ev), refund(6_400));
    // Several orders and none named: needs information.
    let ev = evidence("I want a refund for the rug, it sheds.", 6_400, 3, OrderLookup::Ambiguous, &[], 2);
    assert_eq!(decide_on(ev), other("escalate", "U1"));
    // A partial refund with no figure, and alternative figures: needs information.
    assert_eq!(decide("Could I get part of my money back? The lid is scratched.", 6_400, 3), other("escalate", "U1"));
    assert_eq!(decide("Refund $10 or $15, your call.", 6_400, 3), other("escalate", "U1"));
}

#[test]
fn over_asks_are_refused_never_reduced() {
    for body in [
        "I paid $49.99 for the lamp. I want 6000 cents back for the trouble.",
        "Refund me $80 for this, it was useless.",
        "Give me the full price plus $15 for the postage I wasted.",
        "I want double my money back.",
    ] {
        assert_eq!(decide(body, 4_999, 5), other("refuse", "X2"), "{body}");
    }
}

#[test]
fn a_vague_complaint_needs_information() {
    for body in ["I am not happy at all.", "Really disappointed with you people."] {
        assert_eq!(decide(body, 4_999, 5), other("escalate", "U1"), "{body}");
    }
    // A plain question stays an inquiry.
    assert_eq!(decide("What are your opening hours on Sunday?", 4_999, 5), other("close", "C1"));
}

#[test]
fn over_the_cap_and_already_refunded_is_x4() {
    let ev = evidence("Refund $650 please, the screen cracked.", 90_000, 5, OrderLookup::Linked, &["executed"], 0);
    assert_eq!(decide_on(ev), other("refuse", "X4"));
}

// ---- The kinds of miss the two blind sets' first run found (evals/blind1, blind2); wording written for these
// ---- tests, not copied from the sets.

#[test]
fn a_major_unit_word_then_minor_digits_is_one_amount() {
    for (body, cents) in [
        ("Please refund 14 dollars 35 only for the broken clasp.", 1_435),
        ("could you refund 8 dollars 05 for the missing screws", 805),
        ("I'd like 31 dollars 60 refunded for the cracked tile.", 3_160),
    ] {
        assert_eq!(decide(body, 9_000, 5), refund(cents), "{body}");
    }
    // Digits after a major-unit word that count something else are not cents.
    assert_eq!(decide("I paid 40 dollars 10 days ago and want a refund.", 4_000, 5), refund(4_000));
}

#[test]
fn spelled_out_hundreds_are_read_whole() {
    assert_eq!(decide("Please refund one hundred forty dollars for the missing shelf.", 30_000, 5), refund(14_000));
    let body = "I request a refund of seven hundred fifty-nine dollars and fifty cents for the dead monitor.";
    assert_eq!(decide(body, 75_950, 5), other("escalate", "E1"));
}

#[test]
fn a_partial_refund_with_its_figure_is_that_figure() {
    for (body, cents) in [
        ("Subject: partial refund. Please refund me the sum of $42.00 for the faded cushion.", 4_200),
        ("Partial refund request, amount: 1890 (minor units), one cup missing.", 1_890),
        ("Requesting partial credit of USD 22.40 to the original payment method, the cable was missing.", 2_240),
    ] {
        assert_eq!(decide(body, 9_000, 5), refund(cents), "{body}");
    }
}

#[test]
fn non_native_and_subjectless_requests_are_requests() {
    for body in ["I want return money, the fan is not spin.", "Want back my money please, zip broken."] {
        assert_eq!(decide(body, 5_500, 5).0, "refund", "{body}");
    }
    // A request all the same, but for a price difference with no figure: a partial refund whose figure is not named
    // (U1, the reference semantics), never the whole order.
    assert_eq!(decide("i want back the price difference, it dropped", 5_500, 5), other("escalate", "U1"));
}

#[test]
fn a_stated_total_is_the_amount_asked() {
    let body = "The parcel came late. I want the 25,00 back plus 15,00 for the wait, so 40,00 in total.";
    assert_eq!(decide(body, 2_500, 5), other("refuse", "X2"));
}

#[test]
fn uncertain_figures_need_information() {
    for body in [
        "refund the difference please, I think it was 8 or 9 bucks",
        "please refund thirty-something dollars for the chipped bowl",
        "refund the missing lid, the tag said 2_.50 but the ink ran, I can't read it",
    ] {
        assert_eq!(decide(body, 6_000, 5), other("escalate", "U1"), "{body}");
    }
}

#[test]
fn a_refunds_state_in_any_verb_is_not_a_new_request() {
    let ev = |body: &str, status: &str| evidence(body, 5_000, 40, OrderLookup::Linked, &[status], 0);
    assert_eq!(decide_on(ev("Which account did the refund go back to? I have two.", "executed")), other("close", "C1"));
    let body =
        "> Please refund my order, it broke.\n\nthat was my last note. the refund still reads pending on my side";
    assert_eq!(decide_on(evidence(body, 5_000, 5, OrderLookup::Linked, &["pending"], 0)), other("close", "C1"));
}

#[test]
fn a_complaint_without_a_concrete_problem_is_vague() {
    let body = "Frankly I'm disappointed. I won't list everything, but you used to be better than this.";
    assert_eq!(decide(body, 4_000, 5), other("escalate", "U1"));
    // A complaint that names its problem is not vague.
    assert_eq!(decide("Disappointed: the toaster won't heat at all.", 4_000, 5), other("close", "C1"));
}
