//! What the customer asks (ask39, issue 16, ADR-1240…ADR-1245): an over-ask built from parts (a total claimed above
//! the order: X2, never reduced), a question that carries a figure or a refund word (C1), safety or an injury told in
//! passing (E2), a new ask beside a pending refund (a request), money claimed on an order never sent (F1), and a
//! conditional threat that holds a request (the refusals first). The table (`customer_asks_table.txt`) holds the kept
//! sets' rows of these kinds and variants written for it in other registers; each line is one ticket on one order.

use crate::kinds::TicketTable;

const TABLE: TicketTable = TicketTable {
    text: include_str!("customer_asks_table.txt"),
    columns: &[
        "source",
        "kind",
        "action",
        "clause",
        "refund_cents",
        "status",
        "order_cents",
        "days",
        "refund_status",
        "lookup",
        "body",
    ],
};

/// Every row of a kind decided as labelled: (action, first clause, the refund's amount).
fn check(kind: &str) {
    TABLE.check(kind, 10, false);
}

#[test]
fn over_asks_built_from_parts_are_x2_and_a_total_within_the_order_is_paid() {
    check("overask");
}

#[test]
fn questions_that_carry_a_figure_or_a_refund_word_ask_nothing_back() {
    check("question");
}

#[test]
fn safety_and_injury_told_in_passing_escalate() {
    check("safety");
}

#[test]
fn a_new_ask_beside_a_pending_refund_is_a_request() {
    check("pending");
}

#[test]
fn money_claimed_on_an_order_never_sent_is_f1() {
    check("unsent");
}

#[test]
fn a_conditional_threat_holds_a_request_and_the_refusals_come_first() {
    check("conditional");
}
