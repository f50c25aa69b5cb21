//! amount43's kinds (issue 16, ADR-1450…ADR-1452): which figure is asked, by the figure's role in its clause. A
//! duplicate charge told as a count of two at one figure ("2 x $31.50 on my statement") asks the extra charge back,
//! never the product; an apology right after the figure asked with a figure said as what it is in the same sentence
//! ("a refund of 30 - sorry, I was reading the wrong line, it's 38.00") asks the later figure; a multiple that prices a
//! thing ("the shop in town sells it for twice the price") multiplies no ask. The table (`amount43_table.txt`) was
//! written for this test in five registers; on main (8fcc2df9, release build, `support-desk eval benchmark` on the
//! rows) 10 of its 25 rows were decided otherwise (3 of 11 `charges` rows refused as over-asks of the two charges' product,
//! 2 of 5 `apology` rows paid the figure taken back, all 5 `priced` rows refused as over-asks of twice the order), so
//! the test was red before the fix.

use crate::kinds::{REGISTER_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("amount43_table.txt"), columns: REGISTER_COLUMNS };

#[test]
fn two_charges_at_one_figure_ask_the_extra_one_back() {
    TABLE.check("charges", 11, true);
}

#[test]
fn a_count_of_items_at_a_unit_in_an_ask_stays_the_product() {
    TABLE.check("chargesnear", 1, false);
}

#[test]
fn an_apology_restating_the_figure_corrects_it() {
    TABLE.check("apology", 5, true);
}

#[test]
fn an_apology_for_the_bother_corrects_nothing() {
    TABLE.check("apologynear", 1, false);
}

#[test]
fn a_multiple_that_prices_a_thing_multiplies_no_ask() {
    TABLE.check("priced", 5, true);
}

#[test]
fn a_multiple_asked_stays_an_over_ask() {
    TABLE.check("pricednear", 2, false);
}
