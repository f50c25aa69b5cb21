//! ask44's kinds (issue 16, ADR-1490…ADR-1492): who asks in a forward, what "it" takes up, a charge taken twice. A
//! forwarder's directive on top ("can you sort this please", "please process the below", "forwarding for action") asks
//! the desk to do what the forwarded customer's words ask — an offer taken, an ask with a figure, goods sent back at a
//! price; and "the refund …, it arrived with the lid cracked" is a refund asked for goods that arrived damaged, not a
//! refund received.
//! A duplicate charge told in the present tense ("you take money two times") or by a clipped compound ("dupe charge
//! 22.50") asks the extra charge back; a repeat word counting a frequency ("twice a year") counts no charge.
//! Each kind has its near misses (a forwarded question with a price, thanks for a refund on record, a refund received
//! into an account, a price asked about) that must stay closed. The table (`forwards44_table.txt`) was written for
//! this test in five registers; on main (a4200656, its release binary run on the table as an eval set) 15 of its 22
//! rows were decided otherwise: all five `directive` and `goodsarrived` rows, four `dupcharge` rows (closed) and the
//! terse `dupstay` row (refunded), so the test was red before the fix.

use crate::kinds::{REGISTER_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("forwards44_table.txt"), columns: REGISTER_COLUMNS };

#[test]
fn a_forwarders_directive_asks_what_the_forward_asks() {
    TABLE.check("directive", 5, true);
    TABLE.check("directivestay", 3, false);
}

#[test]
fn goods_that_arrived_are_no_refund_received() {
    TABLE.check("goodsarrived", 5, true);
    TABLE.check("arrivedstay", 2, false);
}

#[test]
fn a_charge_taken_twice_in_any_tense_asks_the_extra_back() {
    TABLE.check("dupcharge", 5, true);
    TABLE.check("dupstay", 2, false);
}
