//! The learned second reading (issue 16, ADR-1600) never makes the desk pay. Where the clause table would close a
//! ticket and the model learned from the labelled sets is sure it is no inquiry, it may escalate (a want the desk
//! cannot settle: U1; harm beside a problem told: E2); a request only the model reads is never acted on; where the
//! grammar reads a request naming no figure in what the model is all but certain is an inquiry, there is no request.
//!
//! The bodies are first-run misses of blind sets (their ids beside them) and near rows. Red on main 017a237e (no
//! second reading) where the model changes the decision.

use crate::kinds::{Decision, evidence, evidence_at, other, refund};
use support_desk::classify;

/// A forwarded bank statement under one line asking for one of two charges back (b73-g-050).
const TAKE_ONE_BACK: &str = "Please take one of these back, I only ordered once.\n\n-----Original Message-----\nFrom: \
Sparkasse Online-Banking <noreply@bank.example>\nSent: Thursday, 6 November 09:14\nSubject: Kontoumsätze / account \
activity\n\nCard payment  SHOP*CRAFTS   -64,50 EUR\nCard payment  SHOP*CRAFTS   -64,50 EUR";
/// A partial credit with an approximate figure, in procurement jargon (v44b-g-076).
const APPROX_CREDIT: &str =
    "Please credit approx. 30.00 for the price discrepancy noted on the invoice. Regards, Purchasing";
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
fn a_request_only_the_model_reads_is_never_acted_on() {
    // The model reads both as requests; the grammar reads neither: the desk closes them (a false block on the first,
    // the price of never paying on the second).
    assert_eq!(decide_at(TAKE_ONE_BACK, 6450, 3, &[]), other("close", "C1"));
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
