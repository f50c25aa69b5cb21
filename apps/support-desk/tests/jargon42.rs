//! jar42's kinds (issue 16, ADR-1370, ADR-1371): requests written the way support staff and procurement write them.
//! The request act is carried by the clause's shape, not by a verb put to the shop: a money noun phrase under an
//! agentless request predicate ("Goodwill gesture requested: GBP 25.00", "Credit to be issued: 40.00", "Refund to be
//! processed for 30.00"), a subjectless gerund ("Requesting a goodwill gesture …"), the noun phrase with a politeness
//! marker ("partial credit pls"). A figure written as the value is the amount (R1); none, a goodwill gesture with no
//! figure or a figure left to the shop ("at your discretion", "the amount I leave to you") is a partial refund with no
//! figure (U1); the same shape reporting a request already made is no new one (C1). An ask to escalate ("Please
//! escalate this matter", "Escalation requested") complains of the handling: naming neither an order nor a problem it
//! is a vague complaint (U1, ADR-1372). The table (`jargon42_table.txt`) was written for this test in five registers;
//! on main (ef080fe2) 25 of its 34 rows were decided otherwise (11 of 12 `settled` rows escalated U1 or closed C1, 8
//! of 9 `open` rows closed C1 or paid the order's amount, 6 of 6 `escalate` asks closed C1), so the test was red
//! before the fix.

use crate::kinds::{REGISTER_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("jargon42_table.txt"), columns: REGISTER_COLUMNS };

#[test]
fn a_nominal_request_with_its_figure_is_refunded_that_figure() {
    TABLE.check("settled", 12, true);
}

#[test]
fn a_nominal_request_leaving_its_figure_to_the_shop_cannot_be_settled() {
    TABLE.check("open", 9, true);
}

#[test]
fn a_nominal_request_already_made_asks_nothing_new() {
    TABLE.check("told", 5, true);
}

#[test]
fn an_ask_to_escalate_naming_nothing_is_a_vague_complaint() {
    TABLE.check("escalate", 8, true);
}
