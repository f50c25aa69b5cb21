//! The classes blind106–108's kept misses (F1663) and outside attack 55's realistic tickets (F1664) showed, each
//! with probes written for these tests in several registers and controls that must not flip. None of these sentences
//! comes from `evals/` or from the attacker's sets.

use crate::kinds::evidence_at as evidence;
use support_desk::classify;

type Decision = (String, String, Option<i64>);

/// (action, first clause, amount) on an order of `cents` placed 5 days ago (with `refunds` on record).
fn decide_on(body: &str, cents: i64, refunds: &[&str]) -> Decision {
    let c = classify::classify(&evidence(body, cents, 5, refunds));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

fn refund(cents: i64) -> Decision {
    ("refund".into(), "R1".into(), Some(cents))
}

fn other(action: &str, clause: &str) -> Decision {
    (action.into(), clause.into(), None)
}

fn check(cases: &[(&str, i64, &[&str], Decision)]) {
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|(body, cents, refunds, want)| {
            let got = decide_on(body, *cents, refunds);
            (got != *want).then(|| format!("{body:?} on {cents}: want {want:?}, got {got:?}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// F1663: currencies written as a code or a local abbreviation, "i.e." inside a sentence, a part's label in brackets,
/// a correction of one figure into another currency, a double charge told as "took two times", a share with no
/// figure, a figure pointed back at.
#[test]
fn f1663_currencies_abbreviations_corrections_and_pointers() {
    check(&[
        ("refund KSh 250 for the ripped bunting pls", 60_000, &[], refund(25_000)),
        ("Kindly refund KES 1,200 for the cracked frame.", 300_000, &[], other("escalate", "E1")),
        ("Refund the shade only, ex delivery, i.e. 14.00. Rest is fine.", 6_000, &[], refund(1_400)),
        ("pls refund 12.50 (each) x 2 = 25.00 to my card, keeping the third", 3_750, &[], refund(2_500)),
        (
            "Hello, the bank shows you take two times the money, 41,00 € and again 41,00 € same day. Give back the second one please.",
            4_100,
            &[],
            refund(4_100),
        ),
        (
            "I want refund for this order, but not all of it, some part, I cannot say how much.",
            8_000,
            &[],
            other("escalate", "U1"),
        ),
        (
            "The strap cost 7,50 on your site. I ask compensation exactly this sum, the bag I keep.",
            4_000,
            &[],
            refund(750),
        ),
        ("kept the good one, just the two cracked ones back, that's 18.00 by my count", 2_700, &[], refund(1_800)),
        // Controls: a real sum asked stays the sum; a currency named once stays its figure.
        ("Refund 20.00 for the lid and 5.00 for the postage, 25.00 in all.", 9_000, &[], refund(2_500)),
        ("refund USD 30 please, the handle snapped off", 9_000, &[], refund(3_000)),
    ]);
}

/// F1663: asking again after a refund was declined ("reprocess", "resubmit"), and a cost the customer swallows.
#[test]
fn f1663_a_refund_asked_again_and_a_cost_swallowed() {
    check(&[
        (
            "You declined the refund because there were no photos. They're attached now. Please reprocess the 30.00.",
            3_000,
            &["rejected"],
            refund(3_000),
        ),
        ("Refund the two chairs as below please.\nThe 6.95 delivery we can swallow.", 9_000, &[], refund(9_000)),
    ]);
}

/// F1664: a document asked with its figure asks no money; a control asks both.
#[test]
fn f1664_a_document_asked_is_no_money_asked() {
    check(&[
        ("Could you resend the $64.00 receipt? My accountant needs a copy.", 6_400, &[], other("close", "C1")),
        ("pls email the 64.00 tax invoice to accounts@example.test", 6_400, &[], other("close", "C1")),
        ("Please provide a pro forma invoice (USD 64.00) for our customs broker.", 6_400, &[], other("close", "C1")),
        ("Please refund the $64.00 and send me the receipt for it.", 6_400, &[], refund(6_400)),
    ]);
}

/// F1664: what someone else says the shop pays is hearsay, no ask; the writer asking the same is an ask.
#[test]
fn f1664_hearsay_of_what_the_shop_pays_asks_nothing() {
    check(&[
        (
            "My sister says you gave her $12 back when her parcel was late. Do you really do that?",
            6_400,
            &[],
            other("close", "C1"),
        ),
        ("I read on a forum that you refund $20 for scuffs. Is that right?", 6_400, &[], other("close", "C1")),
    ]);
    let (action, _, _) =
        decide_on("My sister says you gave her $12 back for a late parcel, please do the same for me.", 6_400, &[]);
    assert_ne!(action, "close");
}

/// F1664: an offer taken in the customer's own words asks the offer's figure; a cost added to it is summed; an offer
/// turned down settles nothing.
#[test]
fn f1664_an_offer_taken_in_own_words() {
    check(&[
        ("I accept your offer of a $12 partial refund.", 6_400, &[], refund(1_200)),
        ("ok, I'll take your 18 dollars offer and keep the stand.", 6_400, &[], refund(1_800)),
        ("Thanks for offering $9.50. I accept.", 6_400, &[], refund(950)),
        (
            "Fine, I'll take the 15 you offered, back on the card please.\n\nOn Tue, Support <help@shop.example> wrote:\n> We can offer 15.00 on order 20931 (total 64.00).",
            6_400,
            &[],
            refund(1_500),
        ),
        ("I'll take your $40 offer plus another $30 for the hassle.", 6_400, &[], other("refuse", "X2")),
    ]);
    let (_, _, amount) = decide_on("Your offer of $10 is not enough, I want all my money back.", 6_400, &[]);
    assert_ne!(amount, Some(1_000));
}

/// F1664: a unit priced and the units a problem concerns: what is asked is their count times the unit.
#[test]
fn f1664_one_of_n_at_a_unit_price() {
    check(&[
        (
            "Only one of my three mugs arrived. They are $12 each. Please refund the missing mug.",
            3_600,
            &[],
            refund(1_200),
        ),
        ("We received 7 of 8 candles (unit price $5.00). Please refund the shortfall.", 4_000, &[], refund(500)),
        (
            "I bought 3 brushes, each one 6.40, one came broken. Please refund me the money of this one brush.",
            1_920,
            &[],
            refund(640),
        ),
    ]);
}

/// F1664: the whole asked and a cost of one's own joined to it is an over-ask (X2), never the cost alone.
#[test]
fn f1664_the_whole_and_a_cost_joined_is_an_over_ask() {
    check(&[
        ("Please refund the toaster and reimburse the $9 return courier.", 4_999, &[], other("refuse", "X2")),
        (
            "Money back please, and I also want the $5 I spent on parking at the depot.",
            4_999,
            &[],
            other("refuse", "X2"),
        ),
        ("Refund + the $7.50 label I paid to send it back.", 4_999, &[], other("refuse", "X2")),
    ]);
}

/// F1664: a price of somewhere else or of another service beside a bare ask is no amount asked: the order's.
#[test]
fn f1664_a_price_elsewhere_beside_a_bare_ask() {
    check(&[
        (
            "The same blender is $89 at another shop this week. Mine leaks. Refund please.",
            70_000,
            &[],
            other("escalate", "E1"),
        ),
        ("An electrician quoted $120 to look at it. I just want my money back.", 70_000, &[], other("escalate", "E1")),
        ("A repairman quoted me $80. Not worth it, I'd like my money back.", 4_999, &[], refund(4_999)),
        // Control: a part of the order priced is what the bare ask may point at.
        (
            "Price for one cushion is 19,90. Please give me back money for this one cushion, other two are fine.",
            5_970,
            &[],
            refund(1_990),
        ),
    ]);
}

/// F1663: gas escaping and an animal made ill by the goods are safety (E2); a cistern's hissing valve is plumbing.
#[test]
fn f1663_gas_escaping_and_an_animal_harmed() {
    check(&[
        ("cylinder valve hissing, kids in the room, call me", 8_900, &[], other("escalate", "E2")),
        ("the supplement you sent made my pony very sick, vet came at night", 3_400, &[], other("escalate", "E2")),
        (
            "got a small shock off the faceplate screw while fitting it, all fine, but the plate is scratched so refund 10",
            8_800,
            &[],
            other("escalate", "E2"),
        ),
        ("the cistern fill valve keeps hissing after every flush, refund please", 3_400, &[], refund(3_400)),
    ]);
}
