//! settle44 (issue 16, ADR-1500…ADR-1501): can the amount be settled? A dash after a figure that restates it or
//! starts what is told about the thing is no range (the amount is settled); an unworded ask whose cue sentence names
//! several figures, one of them the one figure the roles read as asked, asks that figure. A climbing dash stays a
//! range (U1).
//! The table (`settle44_table.txt`) is written in several registers; each line is one ticket on one linked order.
//! Red on main a4200656 (release build, through `eval benchmark` on the table as JSONL): see the commit message.

use crate::kinds::{STATUS_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("settle44_table.txt"), columns: STATUS_COLUMNS };

#[test]
fn a_falling_or_equal_dash_is_no_range() {
    TABLE.check("dash_not_range", 7, false);
}

#[test]
fn an_unworded_ask_with_one_figure_asked_asks_it() {
    TABLE.check("unworded_one_asked", 2, false);
}
