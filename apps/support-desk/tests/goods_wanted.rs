//! A want of more goods is no refund request (blind78 `g-077` and blind74 `g-003`, read after their first runs; F1603):
//! "want 2 more", "need 3 copies, 4.50 each?" in a clause that names no money back wants to buy; the price beside it is
//! asked about, never paid. A want of goods with money back named ("I want 2 more back") still asks. Red on main
//! 42edad8a (both inquiries were paid the price beside the want).

use crate::kinds::{check, other, refund};

#[test]
fn a_want_of_more_goods_is_no_request() {
    check(&[
        ("is the 64gb card still 32.99 want 2 more", 3299, &[], other("close", "C1")),
        ("do u cut keys from a photo? need 3 copies, 4.50 each?", 2300, &[], other("close", "C1")),
        (
            "Hi, I'd like to order another two of the 12.00 lens caps, same as last time. Thanks",
            2400,
            &[],
            other("close", "C1"),
        ),
    ]);
}

#[test]
fn a_want_of_goods_with_money_back_named_still_asks() {
    check(&[
        (
            "The 2 filters were cracked, I want 12.00 back for them and need 2 more refunded next time",
            4800,
            &[],
            refund(1200),
        ),
        ("two of the four bulbs dead, want 2 more back, 7.50 each so 15.00", 3000, &[], refund(1500)),
    ]);
}

/// Outside attack 36: a purchase asked about under a condition ("if I buy two more, could I get them for $50?")
/// asks a price for goods, never money back (paid 50.00 before).
#[test]
fn attack36_a_price_asked_for_more_goods_is_no_request() {
    check(&[
        ("If I buy two more, could I get them for $50 total?", 5000, &[], other("close", "C1")),
        ("If we order three more of the lamps, can you do them for 40 euros?", 5000, &[], other("close", "C1")),
        ("Could I get another pair for $25 if I buy today?", 5000, &[], other("close", "C1")),
    ]);
}
