//! The learned second reading (issue 16, ADR-1600): where the clause table would close a ticket and the model learned
//! from the labelled sets is sure it is no inquiry, the model supplies the one fact the grammar missed (a request, a
//! want the desk cannot settle, harm); where the grammar reads a request in what the model is all but certain is an
//! inquiry, there is no request. The clause table decides from the facts as always: refusals, the window and the
//! amount come from the lookups and the grammar, never from the model.
//!
//! The bodies are first-run misses of blind sets (their ids beside them). Red on main 017a237e (no second reading).

use crate::kinds::{Decision, evidence, evidence_at, other, refund};
use support_desk::classify;

/// A forwarded bank statement under one line asking for one of two charges back (b73-g-050).
const TAKE_ONE_BACK: &str = "Please take one of these back, I only ordered once.\n\n-----Original Message-----\nFrom: \
Sparkasse Online-Banking <noreply@bank.example>\nSent: Thursday, 6 November 09:14\nSubject: Kontoumsätze / account \
activity\n\nCard payment  SHOP*CRAFTS   -64,50 EUR\nCard payment  SHOP*CRAFTS   -64,50 EUR";
/// A want buried in a rambling message (b73-b-04).
const BACK_WHAT_I_PAID: &str = "Hi, me again, the lady with the three cats! Sorry, I know I'm always writing. The quilt \
backing arrived with a big grease mark right in the middle, I tried the washing-up liquid trick my mum taught me but \
no luck. I'd like back exactly what I paid, 87.45 — I checked the bank. My sister says hello, she's the one who \
recommended you. Hugs, Bev";
/// "You should honour it" on an order past the window (b68-g-050).
const HONOUR_IT: &str = "I bought the saxophone reeds and the ligature back in the summer for my daughter's audition \
and only opened the ligature box now because she ended up borrowing her teacher's. It's the wrong size for her \
mouthpiece. I know it's been a few months — but I think you should honour it, it's unused. 38.";
/// An injury reported in procurement jargon, no refund asked, on an order already credited (b73-b-17).
const OPERATORS_FINGER: &str = "FYI for your product safety team: the replacement scissors (order already credited) \
have a loose pivot screw; the blade detached and cut an operator's finger. No further action requested on our side.";
/// A figure corrected twice among counts and prices (b72-g-017): no figure the second reading may pay.
const CORRECTED_TWICE: &str = "Morning. Running a small takeaway in Braamfontein and with the load-shedding we've been \
replacing half our lights with the rechargeable ones, which is how I found you. Ordered 6 of the LED bulbs at R45 \
each, R270 total. Two were dead out of the box, so that's R90 back please - no wait, I just tested the last one again \
in the kitchen and it's also dead, three of them, so R135. My cousin says I should have bought the R60 ones instead \
but whatever. Please sort out the R135. The other three are fine and bright.";
/// A question about a refund already made, read by the grammar as a new request (v45a-g-042).
const GONE_THROUGH: &str = "Hello, I want to know if the refund is gone through? You wrote me it is done, but on my \
bank I see nothing until now. Vielen Dank";

fn decide_at(body: &str, cents: i64, days: i64, refunds: &[&str]) -> Decision {
    let c = classify::classify(&evidence_at(body, cents, days, refunds));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

#[test]
fn a_request_in_words_no_rule_covers_is_read() {
    assert_eq!(decide_at(TAKE_ONE_BACK, 6450, 3, &[]), refund(6450));
    assert_eq!(decide_at(BACK_WHAT_I_PAID, 8745, 9, &[]), refund(8745));
}

#[test]
fn a_request_the_model_read_is_refused_where_a_refusal_applies() {
    assert_eq!(decide_at(HONOUR_IT, 3800, 90, &[]), other("refuse", "X3"));
    assert_eq!(decide_at(BACK_WHAT_I_PAID, 8745, 9, &["executed"]), other("refuse", "X4"));
}

#[test]
fn harm_the_grammar_missed_is_escalated() {
    assert_eq!(decide_at(OPERATORS_FINGER, 3900, 12, &["executed"]), other("escalate", "E2"));
}

#[test]
fn a_request_the_model_read_never_pays_a_figure_it_cannot_settle() {
    // Counts, prices and two corrections: the request is read, its amount is not, so a human is asked (U1) —
    // never the order's amount, never a count.
    assert_eq!(decide_at(CORRECTED_TWICE, 27_000, 14, &[]), other("escalate", "U1"));
}

#[test]
fn a_question_about_a_refund_made_is_no_new_request() {
    assert_eq!(decide_at(GONE_THROUGH, 4300, 13, &["executed"]), other("close", "C1"));
}

#[test]
fn the_trace_names_the_second_reading() {
    let trace = classify::explain(&evidence(TAKE_ONE_BACK, 6450, &[]));
    assert_eq!(trace.facts.second_reading.as_deref().map(|s| s.starts_with("request (p ")), Some(true));
    assert!(trace.render().contains("the learned second reading: request"), "{}", trace.render());
}

#[test]
fn what_the_grammar_read_stands() {
    // The second reading only fills in where the table would close: a request the grammar read keeps its figure
    // (the model, asked, would also call it a request, and the price beside it would make the figure unsettled).
    assert_eq!(decide_at("I paid $60 for the jacket but the zip broke, please refund $20", 6000, 5, &[]), refund(2000));
}
