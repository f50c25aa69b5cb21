//! fwd42 (issue 16, ADR-1360…ADR-1363): forwarded mail and quoted threads — whose words decide. The customer's words
//! are the customer's whoever forwards them; the shop's quoted words never ask or threaten; the sender's words under a
//! forward closed by a rule are the sender's. The table (`forwards42_table.txt`) is written in five registers and the
//! mail clients' layouts; each line is one ticket on one linked order. Red on main ef080fe2 (its release binary, rows
//! converted to a benchmark file and run with `eval benchmark`): the counts are in each test's doc line.

use crate::kinds::{REGISTER_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("forwards42_table.txt"), columns: REGISTER_COLUMNS };

/// Red on main: 5 of 13 rows (X3 and refunds read as C1; a court threat under the shop's forwarded reply blanked).
#[test]
fn the_words_under_a_closed_forward_are_the_senders() {
    TABLE.check("bottom", 10, true);
}

/// Red on main: 6 of 10 rows (a want told as "she wants back the 35", "he would like back the 24.99", "client is
/// asking for 150.00 back" read as no ask: C1 in place of R1, X2, X3).
#[test]
fn a_want_relayed_for_the_customer_is_the_customers_ask() {
    TABLE.check("relay", 8, true);
}
