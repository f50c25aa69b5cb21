//! desk30's kinds (issue 16, ADR-1099…ADR-1101): over-payments — never pay more than the customer's words settle.
//! Every ticket here is written for these tests in several registers (terse, non-native, rambling, jargon,
//! forwarded); none comes from `evals/` or the blind sets.

use crate::kinds::{check, other, refund};

/// ADR-1099: an unsettled figure (approximate, or alternatives) that the ask points back at or prices a part with is
/// never turned into the order's amount: U1.
#[test]
fn an_unsettled_figure_the_ask_points_at_never_pays_the_order() {
    let none: &[&str] = &[];
    check(&[
        // rambling
        (
            "Hi there, the kettle arrived and the lid hinge was snapped. I paid around $25 for it I think, the \
             receipt is somewhere in a drawer. Could you refund roughly that amount?",
            6_000,
            none,
            other("escalate", "U1"),
        ),
        // terse
        ("lid broke. paid about 25 for it. refund about that much pls", 6_000, none, other("escalate", "U1")),
        // non-native
        (
            "Hello, two of the glasses is broken. I think they was 12 euro or maybe 15 each. I want money back for \
             those two please.",
            6_000,
            none,
            other("escalate", "U1"),
        ),
        // forwarded
        (
            "Forwarding for my dad.\n\nFrom: Dad\nTwo of the mugs came chipped. They were $9 or $11, can't remember. \
             I want the money back for those two.",
            6_000,
            none,
            other("escalate", "U1"),
        ),
    ]);
}

/// Controls for ADR-1099: a settled figure, or a request for the whole order, still pays.
#[test]
fn a_settled_figure_or_the_whole_order_still_pays() {
    let none: &[&str] = &[];
    check(&[
        ("lid broke. paid $25 for it. refund that amount pls", 6_000, none, refund(2_500)),
        ("The kettle is broken. I want a refund please.", 6_000, none, refund(6_000)),
    ]);
}

/// ADR-1100: a figure hedged with a clipped approximator ("'bout 20", "abt 20", "round about 20") is approximate: U1,
/// never paid as said.
#[test]
fn a_clipped_approximation_is_never_paid() {
    let none: &[&str] = &[];
    check(&[
        // terse
        ("'bout 20 quid back for the scratch?", 9_000, none, other("escalate", "U1")),
        // non-native / text-speak
        ("pls give abt 20 dollars back, the box was crushed", 9_000, none, other("escalate", "U1")),
        // rambling
        (
            "Well the chair turned up with a wobbly leg, nothing major, so I reckon round about 20 back would be \
             fair, please refund it.",
            9_000,
            none,
            other("escalate", "U1"),
        ),
    ]);
}

/// ADR-1101: a figure corrected with "sorry meant", "sorry no" or a digit swap is the corrected figure, never the
/// first one.
#[test]
fn a_corrected_figure_is_the_one_paid() {
    let none: &[&str] = &[];
    check(&[
        // terse
        ("refund 24.80 sorry meant 28.40 for the scarf", 9_000, none, refund(2_840)),
        // rambling
        (
            "Hello! The hose came with a split connector, we still use the reel. We'd like a partial refund of $27 \
             for the connector, sorry no, 72, I swapped the digits - the connector costs 72 from the maker.",
            9_000,
            none,
            refund(7_200),
        ),
        // non-native
        ("Please refund 41.60 euro, sorry, I meant 14.60 euro, is price of the cap.", 9_000, none, refund(1_460)),
    ]);
}
