//! The learned second reading (issue 16, ADR-1600, ADR-1601) never makes the desk pay. Where the model learned from
//! the labelled sets is sure and the grammar read otherwise: harm told on the customer's side of the thread escalates
//! (E2) where the table would close, ask or pay, never over a refusal; a want the desk cannot settle escalates where
//! it would close (U1); a request only the model reads counts only where the table refuses it; a request the grammar
//! read naming no figure, or refused as a second refund, in what the model is sure is an inquiry, is none.
//!
//! The bodies are misses of blind sets (their ids beside them) and near rows. Red on main 017a237e (no second reading)
//! where the model changes the decision; the ADR-1601 tests red on 42edad8a.

use crate::kinds::{Decision, evidence, evidence_at, other, refund};
use support_desk::classify;

/// A forwarded bank statement under one line asking for one of two charges back (b73-g-050).
const TAKE_ONE_BACK: &str = "Please take one of these back, I only ordered once.\n\n-----Original Message-----\nFrom: \
Sparkasse Online-Banking <noreply@bank.example>\nSent: Thursday, 6 November 09:14\nSubject: Kontoumsätze / account \
activity\n\nCard payment  SHOP*CRAFTS   -64,50 EUR\nCard payment  SHOP*CRAFTS   -64,50 EUR";
/// A partial credit with an approximate figure, in procurement jargon (v44b-g-076).
/// (F1663: "Please credit approx. 30.00 for …" is now read by the grammar itself — "approx." no longer ends its
/// clause — so the second reading's case is a discrepancy told with no verb of asking.)
const APPROX_CREDIT: &str = "Price discrepancy noted on the invoice, approx. 30.00. Regards, Purchasing";
/// A request the grammar reads with its figure, in what the model reads as an inquiry (intent_classes' seed).
const SIXTY_ONE_BACK: &str =
    "Hi there, order question. 61 dollars to my bank account thx. The teapot doesn't turn on anymore. Thanks.";
/// A question about a refund already made, read by the grammar as a new request (v45a-g-042).
const GONE_THROUGH: &str = "Hello, I want to know if the refund is gone through? You wrote me it is done, but on my \
bank I see nothing until now. Vielen Dank";

fn decide_at(body: &str, cents: i64, days: i64, refunds: &[&str]) -> Decision {
    let c = classify::classify(&evidence_at(body, cents, days, refunds));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

#[test]
fn a_request_only_the_model_reads_is_never_paid() {
    // The model reads both as requests; the grammar reads neither: the desk closes them (a false block on the first,
    // the price of never paying on the second).
    assert_eq!(decide_at(TAKE_ONE_BACK, 6450, 3, &[]), other("close", "C1"));
    // The model is ≥ 0.95 sure of a request in both (it refuses them past the window or on a refunded order): on an
    // order the table would pay or escalate, nothing is asked.
    assert_eq!(decide_at(HONOUR_IT, 3800, 10, &[]), other("close", "C1"));
    assert_eq!(decide_at(OWE_ME_AGAIN, 90_000, 20, &[]), other("close", "C1"));
    assert_eq!(
        decide_at("We would like the invoice for 45.00 re-sent to accounts, please.", 4500, 3, &[]),
        other("close", "C1")
    );
}

#[test]
fn a_want_the_desk_cannot_settle_is_escalated_not_closed() {
    assert_eq!(decide_at(APPROX_CREDIT, 9900, 7, &[]), other("escalate", "U1"));
}

#[test]
fn a_question_about_a_refund_made_is_no_new_request() {
    assert_eq!(decide_at(GONE_THROUGH, 4300, 13, &["executed"]), other("close", "C1"));
}

#[test]
fn a_request_with_its_figure_stays_a_request() {
    // The model is sure this is an inquiry; the grammar read a figure asked: the request stands.
    assert_eq!(decide_at(SIXTY_ONE_BACK, 6100, 5, &[]), refund(6100));
}

#[test]
fn the_trace_names_the_second_reading() {
    let trace = classify::explain(&evidence(APPROX_CREDIT, 9900, &[]));
    assert_eq!(trace.facts.second_reading.as_deref().map(|s| s.starts_with("unsettled (p ")), Some(true));
    assert!(trace.render().contains("the learned second reading: unsettled"), "{}", trace.render());
}

#[test]
fn what_the_grammar_read_stands() {
    assert_eq!(decide_at("I paid $60 for the jacket but the zip broke, please refund $20", 6000, 5, &[]), refund(2000));
}

/// A second refund asked of a refunded order in words the grammar does not read as asking (v44a-b-09).
const OWE_ME_AGAIN: &str = "Hi, it's me again about the boardroom table \u{2014} you'll remember you sent the 900 back in \
full last week when it arrived with a split leg, and you were very good about it. Well, the courier never collected it, \
it's still in our storeroom (!), we've been using it with a pile of books under the corner, and now the other leg has \
gone too, so I reckon you owe me the 900 again for the trouble? Kind regards, Clive";
/// A claim past the window told as "you should honour it" (b68-g-050).
const HONOUR_IT: &str = "I bought the saxophone reeds and the ligature back in the summer for my daughter's audition \
and only opened the ligature box now because she ended up borrowing her teacher's. It's the wrong size for her \
mouthpiece. I know it's been a few months \u{2014} but I think you should honour it, it's unused. 38.";
/// Thanks for the money of a refund made (v43b-g-077).
const MONEY_ARRIVED: &str = "Muchas gracias for return my money, the 29,90 arrive in my bank today. Very good service!";
/// An eye hurt, told in a message the customer forwards, no refund asked (b73-g-053).
const FORWARDED_HARM: &str = "She asked me to send this to you. -- Sent from my iPhone\n\nBegin forwarded message:\n> \
From: Maria\n> Subject: the needles\n> Tom please tell the shop the machine needle snapped and a bit flew into my eye. \
I'm at the eye clinic now, they say it's a scratch. Nobody else should use these.";
/// A child hurt by the goods beside a refund asked (v45a-g-006).
const BUMP_AND_REFUND: &str = "Morning. So this has been a week. Monday the boiler packed in, Tuesday the cat brought \
a pigeon in (alive), and Wednesday I finally got round to fitting the ISOFIX base mount I bought off you for the little \
one. Took me 40 minutes, instructions were about as useful as a chocolate teapot, but done. Thursday on the way to \
nursery it came loose on a roundabout and the seat tipped sideways, my son banged his head on the door and has a proper \
bump, we went to the walk-in centre to be safe. He's fine now, running around like nothing happened. I'd like my 64 \
quid back for the mount obviously and honestly someone should look at these, it shouldn't come loose like that.";

#[test]
fn a_request_only_the_model_reads_is_refused_where_the_table_refuses_it() {
    assert_eq!(decide_at(OWE_ME_AGAIN, 90_000, 20, &["executed"]), other("refuse", "X4"));
    assert_eq!(decide_at(HONOUR_IT, 3800, 90, &[]), other("refuse", "X3"));
}

#[test]
fn a_question_about_a_refund_on_record_is_not_refused() {
    assert_eq!(
        decide_at("Hello, I still not receive the money back. Can you look please?", 2450, 10, &["executed"]),
        other("close", "C1")
    );
    assert_eq!(decide_at(MONEY_ARRIVED, 2990, 13, &["executed"]), other("close", "C1"));
}

#[test]
fn harm_told_on_the_customers_side_escalates_where_the_desk_would_close_or_pay() {
    assert_eq!(decide_at(FORWARDED_HARM, 2450, 5, &[]), other("escalate", "E2"));
    assert_eq!(decide_at(BUMP_AND_REFUND, 6400, 10, &[]), other("escalate", "E2"));
}

#[test]
fn harm_never_overrules_a_refusal() {
    // The same claim past the window: X3 comes before E2 (the clause table's order: the second reading only supplies
    // the fact).
    assert_eq!(decide_at(BUMP_AND_REFUND, 6400, 45, &[]), other("refuse", "X3"));
}
