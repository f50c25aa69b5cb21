//! unsettled45 (issue 16, ADR-1550…ADR-1556): what cannot be settled (U1), what no rule covers (F1) and harm (E2),
//! read from the ticket's construction.
//!
//! - a want whose figure nothing settles (a figure left to the shop, alternatives or a partial credit beside a
//!   complaint or a problem told) is U1, not a pure inquiry; a question about a thing a figure prices stays C1;
//! - a complaint judging the order wrong with no fault named, an act put to the shop with no topic, is U1;
//! - a reply to the shop's "which order?" that picks none of several is U1;
//! - a charge said to stand on a cancelled order is F1;
//! - a refund named as a threat's condition is asked: where a refusal applies, the refusal comes first;
//! - the sender's block (a name, a title, a disclaimer under the sign-off) is no harm told; an injury in the
//!   writer's own words after the sign-off still is;
//! - a person told as the one a hot liquid reached, in the passive, is a scald.
//!
//! The table (`unsettled45_table.txt`) is written in several registers; near rows that must not move are marked
//! `near`. Red on main 90e8b61a: see the commit message.

use crate::blind17_kinds::several_orders;
use crate::kinds::TicketTable;
use support_desk::classify;

const COLUMNS: &[&str] = &[
    "register",
    "kind",
    "action",
    "clause",
    "refund_cents",
    "status",
    "order_cents",
    "days",
    "refund_status",
    "lookup",
    "body",
];
const TABLE: TicketTable = TicketTable { text: include_str!("unsettled45_table.txt"), columns: COLUMNS };

#[test]
fn a_want_whose_figure_nothing_settles_needs_information() {
    TABLE.check("unsettled_want", 9, true);
}

#[test]
fn a_complaint_judging_the_order_wrong_with_no_fault_named_needs_information() {
    TABLE.check("vague_complaint", 7, true);
}

#[test]
fn a_charge_that_stands_on_a_cancelled_order_is_for_a_human() {
    TABLE.check("cancelled_charge", 7, true);
}

#[test]
fn a_refund_as_a_threats_condition_is_refused_where_a_refusal_applies() {
    TABLE.check("conditional_threat", 6, true);
}

#[test]
fn the_senders_block_is_no_harm_told() {
    TABLE.check("sender_block", 7, true);
}

#[test]
fn a_person_a_hot_liquid_reached_is_a_scald() {
    TABLE.check("scald_passive", 6, true);
}

/// A reply to the shop's quoted "which order?" that picks none of several candidate orders: U1. A reply that asks
/// something else of the shop, with no "which order?" quoted, stays as before (an inquiry closed).
#[test]
fn a_reply_that_picks_none_of_the_orders_asked_about_needs_information() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "forwarded",
            "The one from last month.\n\n> From: Customer Care\n> Subject: RE: refund\n> Hi, we can see several orders on your account. Which order would you like refunded?\n>\n> > I want a refund, the candle is chipped.",
            "U1",
        ),
        (
            "terse",
            "the blue one\n\n> From: Support\n> Which of your orders is this about?\n>\n> > refund pls, broken",
            "U1",
        ),
        (
            "non-native",
            "It is the order with the cups, I think from May.\n\n> From: Customer Service\n> Hello, you have several orders with us. Could you tell us which one you mean?\n>\n> > Please I want the money back, one cup is broke.",
            "U1",
        ),
        (
            "jargon",
            "Per previous - the Q2 consignment.\n\n> From: Support Team\n> Thanks for your message. Which delivery does this concern?\n>\n> > Requesting credit for damaged goods received.",
            "U1",
        ),
        (
            "rambling",
            "Oh sorry, I should have said! It's the one I ordered for my sister's birthday, the lovely little parcel.\n\n> From: Customer Care\n> Hi, which order is this about? We can see a few on your account.\n>\n> > Hi, I'd like a refund, the thing inside was scratched.",
            "U1",
        ),
        ("terse-near", "do you sell gift cards?", "C1"),
    ];
    let mut wrong = Vec::new();
    for (register, body, want) in cases {
        let c = classify::classify(&several_orders(body, 3));
        let got = c.policy_refs.first().map(|x| x.to_string()).unwrap_or_default();
        if got != *want {
            wrong.push(format!("[{register}] {body}\n    want {want}, got {got} ({})", c.action));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
