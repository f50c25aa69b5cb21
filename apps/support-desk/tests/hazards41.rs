//! haz41 (issue 16, ADR-1350…ADR-1355): hazards, threats and uncertain figures read by whose harm and whose words. A
//! legal word in the shop's own quoted reply is no threat of the customer's; "burned out", an injury before the order,
//! a medical workplace and a place's danger are no hazard; a battery changing shape, the trade's words for heat, current
//! given to a person, a visit for care and a cause after a damage word are; the money a threat's condition puts back is
//! asked, so a refusal comes first; approximations the steps missed and an indefinite sum asked beside keeping the goods
//! are U1. The table (`hazards41_table.txt`) is written in five registers; each line is one ticket on one linked order.
//! Red on main edf76c2: 28 of its 49 rows (run through main's release binary with `eval benchmark`).

use crate::kinds::{STATUS_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("hazards41_table.txt"), columns: STATUS_COLUMNS };

/// Every row of a kind decided as labelled: (action, first clause, the refund's amount).
fn check(kind: &str) {
    TABLE.check(kind, 8, false);
}

#[test]
fn a_legal_word_in_the_shops_own_reply_is_no_threat() {
    check("shop_words");
}

#[test]
fn a_harm_that_is_not_this_orders_is_no_hazard() {
    check("not_this_harm");
}

#[test]
fn hazards_in_the_trades_and_the_customers_own_words_escalate() {
    check("injury41");
}

#[test]
fn a_threats_condition_asks_the_money_and_refusals_come_first() {
    check("ultimatum");
}

#[test]
fn loose_approximations_and_an_indefinite_sum_are_u1() {
    check("uncertain41");
}
