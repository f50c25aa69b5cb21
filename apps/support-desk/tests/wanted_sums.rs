//! Two bare numbers wanted as a sum (blind76 `g-055`, read after its first run; F1601): both are money and the sum is
//! the amount asked — refused above the order's amount (X2), paid within it — never the first read as a count and
//! the order's amount paid in its place. Red on main 77fe1393 (the over-asks were paid the order's amount).

use crate::kinds::{check, other, refund};

#[test]
fn a_sum_of_bare_numbers_wanted_is_the_amount_asked() {
    check(&[
        ("I want the 54 plus the 12 I spent on a taxi to the depot.", 5400, &[], other("refuse", "X2")),
        (
            "want 54 + 12 back, the towels came soaking wet and the taxi to the depot cost me",
            5400,
            &[],
            other("refuse", "X2"),
        ),
        ("Need 30 + 8 back for the broken lamp and the postage.", 6000, &[], refund(3800)),
    ]);
}

#[test]
fn a_number_a_noun_counts_stays_a_number() {
    // "plus 2 hours": the second number counts hours, not money.
    check(&[("I want 15.00 back plus 2 hours of my time wasted, honestly.", 6000, &[], refund(1500))]);
}
