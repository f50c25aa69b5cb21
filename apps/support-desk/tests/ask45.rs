//! ask45's kinds (issue 16, ADR-1540…): who speaks in a reply thread. A title carried over from an earlier message
//! ("RE: RE: Refund 45.00", "Subject: RE: your refund of 32.50", "FW: refund?") is the thread's topic, written by
//! whoever opened the thread; it asks nothing of the sender now, so thanks, a status question or "case can be closed"
//! under it stays an inquiry — neither paid nor refused as a new ask on a refund on record. Its near misses: the
//! sender's own words, or the customer's forwarded words, under such a title still ask.
//! The table (`ask45_table.txt`) was written for this test in five registers; on main (90e8b61a, its release binary
//! run on the table as an eval set) all five `carriedtitle` rows were decided otherwise (terse refunded 45.00; the other
//! four refused X4), and the four `carriedstay` rows as labelled, so the test was red before the fix.

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
