//! Session 49: the classes outside attacks 67 and 68 found (and attack 66's left ones), in my own wordings (the
//! attackers' tickets are in `scripts/attack66`–`scripts/attack68`). Each ticket on a linked, delivered order placed 6
//! days ago (the amount given per case), no refund on record.

use crate::kinds::{check, other, refund};

const NONE: &[&str] = &[];

/// Attacks 67 and 68: a hedge anywhere in the figure's sentence, or in a short comment right after it, and a second
/// figure the first "may have been" are needs-information (U1) — never the figure, never the sum of the two.
#[test]
fn attack68_hedges_and_alternatives_need_information() {
    let u1 = || other("escalate", "U1");
    check(&[
        ("The shelf came scratched. I'd say $22 back, give or take.", 8_900, NONE, u1()),
        ("Lid cracked. Please refund $14 (going from memory, might be off).", 8_900, NONE, u1()),
        ("The jug leaks. Refund $16? Could be off, I'm going by memory.", 8_900, NONE, u1()),
        ("Refund $11, though it may well have been $13.", 8_900, NONE, u1()),
        ("Please refund $19. Possibly $24, if the voucher didn't apply.", 8_900, NONE, u1()),
        ("Refund $10, perhaps even $12, check the order.", 8_900, NONE, u1()),
        // Controls: a hedge about a time, or in a sentence of its own about something else.
        ("It took 3 weeks, give or take. Refund $20 please.", 8_900, NONE, refund(2_000)),
        ("Not sure what happened but refund $20 please.", 8_900, NONE, refund(2_000)),
        ("I paid $40 for it. Please refund $15, maybe it can be fixed.", 8_900, NONE, refund(1_500)),
    ]);
}

/// Attacks 66 and 68: the whole asked and a cost of the customer's own added in another clause or sentence is an
/// over-ask (X2), never the cost paid alone.
#[test]
fn attack68_the_whole_plus_a_cost_in_another_clause_is_refused() {
    let x2 = || other("refuse", "X2");
    check(&[
        (
            "The lamp came cracked. Give me my money back. Also I want the $5.49 it cost me to post it.",
            4_999,
            NONE,
            x2(),
        ),
        ("Could you return the purchase price? Also the USD 9.00 I paid for tracking please.", 4_999, NONE, x2()),
        ("Requesting: (1) refund of the kettle; (2) reimbursement of $12.40 return carriage.", 4_999, NONE, x2()),
        ("Refund in full. And I want the $4 I paid the repair shop to look at it.", 4_999, NONE, x2()),
        ("Please credit invoice value plus our USD 30.00 return freight.", 12_500, NONE, x2()),
        // Control: the postage asked alone is the ask.
        ("Refund the postage please, it was $4.", 4_999, NONE, refund(400)),
    ]);
}

/// Attacks 66 and 67: counted goods at a unit price where the ask wants fewer than counted pay those units only.
#[test]
fn attack67_counted_goods_pay_the_units_asked() {
    check(&[
        ("qty 12 @ 2.50 EA. 12 received, 4 damaged. Request credit for damaged qty.", 3_000, NONE, refund(1_000)),
        ("3 mugs at 9.00 each, 2 arrived with chips. Refund those.", 2_700, NONE, refund(1_800)),
        ("5 spatulas at USD 4.00 apiece - please refund those two, the rest are fine.", 2_000, NONE, refund(800)),
        ("I paid each one USD 6.50 for 4 pens. Refund one.", 2_600, NONE, refund(650)),
        ("20 x binders, 1.50 ea. Short-shipped by 4. Refund the shortfall.", 3_000, NONE, refund(600)),
        // Control: every unit asked.
        ("I ordered 3 x $10.00 cups, all three cracked. Refund the lot please.", 3_000, NONE, refund(3_000)),
    ]);
}

/// Attacks 66–68: the net asked where the whole and its tax are told is the whole less the tax; the whole asked with
/// its parts told is the whole.
#[test]
fn attack68_the_net_asked_is_the_whole_less_its_tax() {
    check(&[
        ("Credit request - value: NET. Gross 96.00. VAT 16.00.", 9_600, NONE, refund(8_000)),
        ("Please refund us excl. VAT: EUR 50.00 (incl. VAT EUR 60.00).", 6_000, NONE, refund(5_000)),
        ("We're VAT registered: refund net please (25.00 + 5.00 VAT = 30.00).", 3_000, NONE, refund(2_500)),
        ("Please refund the full invoice: net 50.00, VAT 10.00, total 60.00.", 6_000, NONE, refund(6_000)),
    ]);
}

/// Attacks 67 and 68: a forward's cover that withdraws or refuses closes; a cover that hands the forward over for
/// someone pays the forwarded figure, never the whole order — even beside words that only inform.
#[test]
fn attack68_covers_that_withdraw_close_and_hand_overs_pay_the_figure_below() {
    let fwd = |cover: &str, ask: &str| {
        format!(
            "{cover}\n\n---------- Forwarded message ---------\nFrom: Lee Park <lee.park@mail.com>\nDate: Mon, 30 Nov 2026\nSubject: order\n\n{ask}"
        )
    };
    let cases = [
        (fwd("Heads up only, Lee has withdrawn the request since.", "Can I get $18 back?"), other("close", "C1")),
        (
            fwd("Please just file this. Replacement shipped already.", "Please refund $22, the jug leaks."),
            other("close", "C1"),
        ),
        (fwd("Cc'ing support for the record. No reply needed.", "Refund $24 please."), other("close", "C1")),
        (fwd("Can you refund her?", "The speaker crackles. Please refund $30."), refund(3_000)),
        (
            fwd("No response needed to me, just refund Lee what they ask for please.", "Can I get $18 back?"),
            refund(1_800),
        ),
    ];
    let owned: Vec<(&str, i64, &[&str], _)> = cases.iter().map(|(b, e)| (b.as_str(), 8_999, NONE, e.clone())).collect();
    check(&owned);
}

/// Attacks 67 and 68: a child with a piece of the goods in the mouth escalates (E2); a toy chewed as it is meant to be
/// with an ordinary fault does not.
#[test]
fn attack68_a_child_mouthing_a_piece_escalates() {
    let e2 = || other("escalate", "E2");
    check(&[
        ("The eye of the teddy pulled straight off and my baby was chewing it. Refund please.", 2_999, NONE, e2()),
        ("My son was gnawing on a shard from the cracked teether. Please refund $19.99.", 4_999, NONE, e2()),
        ("I found my little one chewing the small knob that came off the cube. Refund please.", 4_999, NONE, e2()),
        ("The activity cube's small part came loose and my toddler was gagging on it. Money back.", 2_999, NONE, e2()),
        (
            "My toddler has chewed a corner off, not your fault, but the mount fell off twice. Please refund 45.00.",
            4_500,
            NONE,
            refund(4_500),
        ),
    ]);
}
