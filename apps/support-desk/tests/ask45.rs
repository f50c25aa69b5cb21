//! ask45's kinds (issue 16, ADR-1540, ADR-1541): who speaks in a reply thread. A title carried over from the message
//! replied to ("RE: RE: Refund 45.00", "Subject: RE: your refund of 32.50") is the thread's topic, written by whoever
//! opened the thread; it asks nothing of the sender now, so thanks, a status question or "case can be closed" under it
//! stays an inquiry — neither paid nor refused as a new ask on a refund on record. Its near misses: the sender's own
//! words under such a title, "Re:" as "regarding" with the ask on the same line, and a forward's own title ("FW:
//! please refund 28.00") still ask. And a forwarded shop reply whose own words end in the customer's `>`-quoted
//! message holds that message as the customer's: a forwarder's directive over it asks what the customer asked.
//! The table (`ask45_table.txt`) was written for this test in five registers; on main (90e8b61a, its release binary
//! run on the table as an eval set) 10 of its 18 rows were decided otherwise: four `carriedtitle` rows (refunded 45.00,
//! refused X4 three times), all five `quotedcustomer` rows (closed, or U1) and the `quotedstay` offer row (U1), so the
//! test was red before the fix; 18/18 on the fixed release build.

use crate::kinds::{REGISTER_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("ask45_table.txt"), columns: REGISTER_COLUMNS };

#[test]
fn a_carried_title_asks_nothing_of_the_sender_now() {
    TABLE.check("carriedtitle", 5, true);
    TABLE.check("carriedstay", 6, false);
}

#[test]
fn a_reply_forwarded_with_the_customers_message_quoted_under_it_asks_what_they_ask() {
    TABLE.check("quotedcustomer", 5, true);
    TABLE.check("quotedstay", 2, false);
}
