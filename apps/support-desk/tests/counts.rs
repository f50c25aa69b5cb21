//! counts' kinds (issue 16, ADR-1480…ADR-1482): which figure an asking sentence works out. A count, a unit price and
//! what they come to written in the asking sentence ("refund 4 x 8.25 = 33.00", "the three at 14.90, so 44.70
//! together") ask the result, never the unit or the order's amount; parts of the ask joined and their total named ("the
//! 55 back plus 12 for the courier, so total 67") ask the total, an over-ask (X2) above the order, never the order's
//! amount; a duplicate told as two charges counted at one figure ("charged twice … 2x 24.99 on my card") asks the one
//! extra charge back. The table (`counts_table.txt`) was written for this test in five registers; on main (3907e945's
//! reader, release build of a4200656, `support-desk eval benchmark` on the rows) 6 of its 20 rows were decided
//! otherwise (2 `worked` rows paid the unit or settled nothing, 3 `total` rows paid the order's amount or a part, 1
//! `dupcount` row refused as an over-ask of the product), so the test was red before the fix.

use crate::kinds::{REGISTER_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("counts_table.txt"), columns: REGISTER_COLUMNS };

#[test]
fn a_worked_product_in_the_ask_asks_its_result() {
    TABLE.check("worked", 6, true);
}

#[test]
fn a_working_beside_the_figure_asked_or_over_the_order_changes_nothing() {
    TABLE.check("workednear", 2, false);
}

#[test]
fn a_total_the_ask_comes_to_above_the_order_is_an_over_ask() {
    TABLE.check("total", 5, true);
}

#[test]
fn a_total_told_as_paid_asks_nothing_of_its_own() {
    TABLE.check("totalnear", 2, false);
}

#[test]
fn two_charges_counted_on_a_duplicate_ask_one_back() {
    TABLE.check("dupcount", 5, true);
}

#[test]
fn a_reply_choosing_the_refund_offered_asks_its_figure() {
    TABLE.check("offer", 5, true);
}

#[test]
fn a_reply_naming_its_own_figure_or_the_whole_money_asks_what_it_names() {
    TABLE.check("offernear", 2, false);
}
