//! Session 48: the first-run misses of blind134–141 and the classes outside attacks 65 and 66 found, in my own
//! wordings (the attackers' tickets are in `scripts/attack65`, `scripts/attack66`; the blind sets in `evals/`). Each
//! ticket on a linked, delivered order placed 6 days ago (the amount given per case), no refund on record unless said.

use crate::kinds::{all_escalated, check, other, refund};

const NONE: &[&str] = &[];

/// Outside attack 66 (`s21`): "each one USD 7.95" read "1 USD" and "USD 7.95" as two figures that overlap, and the
/// roles reader sliced a sentence backwards — a panic that stopped `eval` and `start` alike. No ticket may take the
/// desk down; this one is read.
#[test]
fn attack66_an_overlapping_figure_never_panics_the_reader() {
    for body in [
        "hi i buy 4 jar of honey each one USD 7.95. 1 was broken. pls return money for that one",
        "bought 3 cups each one USD 8.00. refund 1",
        "4 jar of honey each one USD 7.95, 2 are broken. refund them please",
        "each one EUR 4.50 each one EUR 4.50 refund each one",
    ] {
        // The reader itself, not the fail-safe around it (`classify` would hand a panic to a human).
        let ev = crate::kinds::evidence(body, 3_180, &[]);
        let got = std::panic::catch_unwind(|| support_desk::classify::classify_unguarded(&ev));
        assert!(got.is_ok(), "the reader panicked on {body:?}");
    }
}

/// Outside attack 65 (`hazard-other-words`, `injury-plain-words`): hazards and harm told in plain words.
#[test]
fn attack65_hazards_in_plain_words_escalate() {
    all_escalated(&[
        "Hi, my power bank swelled up like a balloon overnight. Refund please.",
        "The oil heater tipped over on the rug and didn't switch itself off. I want my money back.",
        "There are copper wires poking out of the charger cable near the plug. Refund please.",
        "The hedge trimmer's blade guard fell off while it was running. Refund please.",
        "The magnets keep falling out of my toddler's building blocks. Money back please.",
        "The gap between the playpen bars is big enough for my son's head. Refund please.",
        "The harness clip on the high chair came undone with my daughter in it. Refund.",
        "The dial melted onto the hob the first time I used it. Refund please.",
        "My skin broke out in a rash after the first use of the serum, refund please.",
        "My son choked on a small piece of the teether. I want a refund.",
        "The grill gets hot enough to burn a child's hand through the guard. Refund please.",
    ]);
}

/// Outside attack 65 (`range-between`, `vague-alt-figure`): figures said loosely are needs-information (U1), never
/// one end, the sum of the ends, or the bare hundred; told as a price after "paid", they ask nothing (attack 66 `FA`).
#[test]
fn attack65_figures_said_loosely_need_information() {
    check(&[
        ("The kettle leaks. Please refund between $15 and $25.", 12_900, NONE, other("escalate", "U1")),
        ("kettle leaks, refund between fifteen and twenty dollars pls", 12_900, NONE, other("escalate", "U1")),
        ("The rug frayed. I want two or three hundred dollars back.", 45_900, NONE, other("escalate", "U1")),
        ("Refund a hundred and something please, the vacuum died.", 27_500, NONE, other("escalate", "U1")),
        ("Refund $30 and change please, it broke.", 27_500, NONE, other("escalate", "U1")),
        ("I want in the region of $70 back for the scratches.", 27_500, NONE, other("escalate", "U1")),
        (
            "I paid somewhere between $20 and $30 for it, can't find the receipt. Please refund it",
            2_599,
            NONE,
            refund(2_599),
        ),
    ]);
}

/// Outside attacks 65 (`gratitude-done`) and 66 (`FB`): gratitude for a refund had closes; appreciation of a refund
/// still to come asks it.
#[test]
fn attack65_gratitude_had_closes_and_gratitude_ahead_asks() {
    check(&[
        ("Appreciate the refund, all received.", 4_999, NONE, other("close", "C1")),
        ("I appreciate the refund of $20.00, it's in my account now.", 4_999, NONE, other("close", "C1")),
        ("Appreciate you sorting my refund so quickly, it landed today.", 4_999, NONE, other("close", "C1")),
        ("Would appreciate you refunding me $20.00 for the dented tin.", 4_999, NONE, refund(2_000)),
        ("I'd be grateful for you refunding the scarf, it has a hole.", 4_999, NONE, refund(4_999)),
        ("Really appreciate you refunding me for the lamp, it broke.", 4_999, NONE, refund(4_999)),
    ]);
}

/// Outside attack 65 (`overask-and-parts`): the whole and another cost joined by "and", "&", "n" is an over-ask.
#[test]
fn attack65_the_whole_and_another_cost_is_an_over_ask() {
    check(&[
        ("Refund the item price and the $25.00 I paid the cobbler.", 4_999, NONE, other("refuse", "X2")),
        ("Refund the cost of the suit and the $15.00 alterations.", 8_950, NONE, other("refuse", "X2")),
        ("refund the boots n the $9.99 delivery i paid extra", 3_450, NONE, other("refuse", "X2")),
    ]);
}

/// Blind136 `g-005`, `g-013`, blind137 `g-035`, outside attack 66 (`PB`): counted goods at a unit price, and the
/// units the ask wants back.
#[test]
fn blind136_counted_goods_times_the_units_asked() {
    check(&[
        ("sleeping bag came w/o pegs. 3 peg packs x 4.50. refund those", 21_900, NONE, refund(1_350)),
        (
            "I buy 3 lamp, each one 22.5, one is broken. Please return me money for one piece.",
            6_750,
            NONE,
            refund(2_250),
        ),
        ("We got 6 stools at $30 each. One leg is split. Please refund for that stool.", 18_000, NONE, refund(3_000)),
        ("ordered 2 x 15, both wrong colour, want 45 back", 3_000, NONE, other("refuse", "X2")),
    ]);
}

/// Blind136 `g-028`, outside attack 66 (`PC`): a figure asked by its label, gross or net.
#[test]
fn blind136_a_figure_asked_by_its_label() {
    check(&[
        ("Net 50.00 + VAT 10.00 = 60.00 gross.\nPlease credit the gross amount.", 12_000, NONE, refund(6_000)),
        ("Invoice: subtotal 80.00, tax 16.00, total 96.00. Refund the subtotal please.", 9_600, NONE, refund(8_000)),
    ]);
}

/// Blind134 `g-023`, `g-044`, outside attack 66 (`PE`): a cover note that hands a forward over reads it; one that only
/// informs asks nothing.
#[test]
fn blind134_a_forward_handed_over_asks_and_one_for_information_does_not() {
    check(&[
        (
            "Can you do this one love, I'm at work. x\n\nBegin forwarded message:\nFrom: Alan\nSubject: lamp\nJust refund the lamp, the one that was 12.50, it flickers. Keep the rest.",
            4_000,
            NONE,
            refund(1_250),
        ),
        (
            "For info only, nothing needed.\n\n---------- Forwarded message ---------\nFrom: Olu\n\nThe coat never arrived. I want a refund please.",
            4_999,
            NONE,
            other("close", "C1"),
        ),
    ]);
}

/// Blind134 `g-061`, blind136 `g-006`, `g-024`, blind140, outside attack 66 (`FA`): an ombudsman referral is a legal
/// matter; a price that "nearly killed me", a confidentiality footer and "can't recall" are no harm.
#[test]
fn blind134_legal_matters_and_words_in_other_senses() {
    check(&[
        (
            "Customer has submitted an ombudsman referral re: the faulty pump. Refund GBP 79.00.",
            7_900,
            NONE,
            other("escalate", "E2"),
        ),
        (
            "Petrol was $90 which nearly killed me, but the stove itself leaks. Refund please.",
            5_400,
            NONE,
            refund(5_400),
        ),
        (
            "Please refund the table, $42.50, a leg is missing.\n\nRaj Patel | Analyst\nLevel 4, 120 Collins St\nCONFIDENTIALITY NOTICE: This email is confidential. If you are not the intended recipient, any unauthorised use may result in legal action.",
            4_250,
            NONE,
            refund(4_250),
        ),
        ("I can't recall which day it came. Please refund the order.", 3_300, NONE, refund(3_300)),
        ("This kettle model was recalled last week. Refund please.", 3_300, NONE, other("escalate", "E2")),
    ]);
}
