//! hazard38's kinds (issue 16, ADR-1190…ADR-1193): a legal threat named the way each country names its consumer
//! bodies, an injury or a safety problem told in passing, the trades' harmless senses of danger words, a refund asked
//! on an order cancelled or only paid, and thanks for or a question about an executed refund. The table
//! (`kinds38_table.txt`) holds kinds38a's rows of these four kinds (written blind by another hand) and variants
//! written for it in other registers; each line is one ticket on one linked order (or none).

use crate::kinds::{STATUS_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("kinds38_table.txt"), columns: STATUS_COLUMNS };

/// Every row of a kind decided as labelled: (action, first clause, the refund's amount).
fn check(kind: &str) {
    TABLE.check(kind, 30, false);
}

#[test]
fn legal_threats_by_country_and_their_near_misses() {
    check("legal");
}

#[test]
fn injuries_in_passing_and_the_trades_harmless_danger_words() {
    check("injury");
}

#[test]
fn refunds_on_cancelled_or_only_paid_orders_are_f1() {
    check("cancel");
}

#[test]
fn thanks_or_questions_over_an_executed_refund_are_c1_and_new_asks_x4() {
    check("thanks");
}
