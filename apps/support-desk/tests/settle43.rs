//! settle43 (issue 16, ADR-1470…ADR-1476): can the amount be settled? U1 only where the evidence cannot settle it. A
//! figure the writer could not settle (a hedged approximation, alternatives, a range) beside an ask stays U1 even
//! relayed or forwarded, while a price near the order's said approximately is the order's; an offer refused is no
//! alternative; a figure taken back by a correction is replaced; a share with its amount named asks that amount; an
//! ask pointing back at the one cost told before it asks that cost; a thing's broken leg is no injury; a value "to
//! be refunded" is the order's, one "to be confirmed" is left to the shop.
//! The table (`settle43_table.txt`) is written in the five registers; each line is one ticket on one linked order.
//! Red on main 8fcc2df9 (release build, through `eval benchmark` on the table as JSONL): see the commit message.

use crate::kinds::{STATUS_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("settle43_table.txt"), columns: STATUS_COLUMNS };

fn check(kind: &str, min: usize) {
    TABLE.check(kind, min, false);
}

#[test]
fn a_figure_the_writer_could_not_settle_beside_an_ask_stays_u1() {
    check("uncertain_stays_u1", 8);
}

#[test]
fn a_refused_offer_is_no_alternative() {
    check("refused_offer", 5);
}

#[test]
fn a_corrected_figure_keeps_the_last() {
    check("corrected_figure", 4);
}

#[test]
fn a_share_with_its_amount_named_asks_that_amount() {
    check("share_with_amount", 5);
}

#[test]
fn an_ask_pointing_back_at_a_cost_asks_that_cost() {
    check("pointed_cost", 3);
}

#[test]
fn a_things_broken_leg_is_no_injury() {
    check("thing_part", 3);
}

#[test]
fn a_value_to_be_refunded_is_the_orders() {
    check("value_to_be_paid", 3);
}
