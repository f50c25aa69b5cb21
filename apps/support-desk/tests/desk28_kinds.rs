//! desk28's kinds (issue 16, ADR-1071…1074): amounts written in forms the reader did not settle, read by the typed
//! amount reader (`classify/money.rs`), and a total the customer states of an ask plus something more. Each kind is
//! shown on constructions written for these tests in three registers (terse, forwarded/business mail, non-native or
//! chat), with controls that must not flip. The blind tickets that showed the kinds (b31 `g-061`, b30 `g-068`, b30
//! `g-079`) are not copied here.

use crate::kinds::{Case, check_at, other, refund};

/// Kind: a thousands separator the figure pattern did not know — a space (ASCII, no-break or narrow no-break), an
/// apostrophe (Swiss) or the Indian grouping — read as one figure, not as its last group (b31 `g-061`: "1 299.00"
/// read 299.00 and paid under the cap). Over the cap: E1; over the order: X2. Controls: a count before a figure
/// ("qty 1 299.00") and a figure within the cap stay as they were.
#[test]
fn a_figure_grouped_by_spaces_apostrophes_or_lakhs_is_one_figure() {
    let cases: &[Case] = &[
        ("refund 2 450.00 pls, tv dead on arrival", 245_000, 5, &[], other("escalate", "E1")),
        (
            "Fwd: Rechnung 7781\n\nPlease credit the full amount of EUR 1\u{202F}870,00 for the returned sofa.\n\nRegards, \
             Accounts",
            187_000,
            5,
            &[],
            other("escalate", "E1"),
        ),
        (
            "Bonjour, please refund Fr. 3'120.50, the bike frame is cracked. Merci",
            312_050,
            5,
            &[],
            other("escalate", "E1"),
        ),
        (
            "hello sir kindly refund Rs. 1,29,900.00 the laptop is not starting",
            12_990_000,
            5,
            &[],
            other("escalate", "E1"),
        ),
        ("refund 1 300.00 please, the desk came broken", 30_000, 5, &[], other("refuse", "X2")),
        // Controls: within the cap, and a count before a figure.
        ("refund 299.00 please, the desk came broken", 29_900, 5, &[], refund(29_900)),
        ("Item: lamp qty 1 49.00. The lamp is broken, refund it please", 4_900, 5, &[], refund(4_900)),
    ];
    check_at(cases);
}

/// Kind: whole and cents in words and digits ("forty-nine 99"), or a sign, the whole, a space and the cents ("$49
/// 99"): the figure with its cents, not its whole (b30 `g-079` paid 49.00 of 49.99). Control: "one fifty" (1.50 or
/// 150, the spoken hundreds) is left to the spoken-price step, which reads 150.
#[test]
fn whole_and_cents_written_apart_are_one_figure() {
    let cases: &[Case] = &[
        ("refund thirty-four 50 pls", 3_450, 5, &[], refund(3_450)),
        (
            "Dear team, kindly action a refund of $27 95 for the broken kettle. Regards, Procurement",
            2_795,
            5,
            &[],
            refund(2_795),
        ),
        ("hi, want back sixty-two 40 for the shoes, they too small sorry", 6_240, 5, &[], refund(6_240)),
        ("I want one fifty back. The blender never worked.", 14_999, 5, &[], other("refuse", "X2")),
    ];
    check_at(cases);
}

/// Kind: a total the customer states of an ask and something more, in one sentence ("reimbursement of 100.00 plus a
/// 20% goodwill gesture …, total 120.00"): the total is the amount asked, compared whole with the order (X2), never
/// the first part paid (b30 `g-068`). Control: the total of an ask that is the order's amount is refunded.
#[test]
fn a_stated_total_of_an_ask_and_more_is_the_amount_asked() {
    let cases: &[Case] = &[
        (
            "Dear Sir/Madam,\nWe hereby claim reimbursement of 80.00 plus a 25% compensation for the delay, total \
             100.00, to our account.\nBest regards",
            8_000,
            5,
            &[],
            other("refuse", "X2"),
        ),
        ("refund my 40.00 plus 10 for the hassle, total 50.00", 4_000, 5, &[], other("refuse", "X2")),
        (
            "pls give back 60,00 and a extra for postage, in total 67,50. thank you",
            6_000,
            5,
            &[],
            other("refuse", "X2"),
        ),
        // Control: a stated total that is the order's amount.
        ("refund the 35.00 plus the 5.00 postage, total 40.00", 4_000, 5, &[], refund(4_000)),
    ];
    check_at(cases);
}

/// Kind: a figure corrected by an apology that names the mistake ("3,89 - sorry, mistake, 38,90", "oops my error",
/// "apologies, error", Polish "pomyłka"), read by `corrections.rs` over the typed reader's figures: the corrected
/// figure is the one asked, not alternatives (b31 `g-038` went U1). Control: "by mistake" corrects nothing.
#[test]
fn a_figure_corrected_by_an_apology_for_the_mistake_is_the_one_meant() {
    let cases: &[Case] = &[
        ("refund $14.50, oops my error, $41.50 is the right one. kettle broken", 4_150, 5, &[], refund(4_150)),
        (
            "Dzień dobry, proszę o zwrot 45,00 zł - pomyłka - 54,00 zł, the lamp is broken. Dziękuję",
            5_400,
            5,
            &[],
            refund(5_400),
        ),
        (
            "Hello, the jacket zip broke. Please refund 3,89 - sorry, mistake, 38,90. Thank you",
            3_890,
            5,
            &[],
            refund(3_890),
        ),
        (
            "Dear team,\nkindly credit EUR 600.00 – apologies, error – EUR 60.00 for the damaged item.\nRegards",
            6_000,
            5,
            &[],
            refund(6_000),
        ),
    ];
    check_at(cases);
}

/// Kind: an ask that names the net figure beside its gross ("credit the net amount of EUR 70.00 (gross 83.30 incl.
/// 19% VAT)"): the net is the amount asked, the gross a total beside it (b30 `g-070` paid the gross). Red on main: the
/// business-mail construction paid 83.30.
#[test]
fn an_ask_naming_the_net_beside_its_gross_asks_the_net() {
    let cases: &[Case] = &[
        (
            "Dear team,\nplease credit the net amount of EUR 70.00 (gross 83.30 incl. 19% VAT) for the broken part on \
             this order.\nKind regards\nPurchasing",
            11_900,
            5,
            &[],
            refund(7_000),
        ),
        ("refund net 80.00 pls (95.20 gross), one chair missing", 11_900, 5, &[], refund(8_000)),
        (
            "Hello, we ask refund of the net value 40,00 EUR, gross is 47,60 EUR, because one box was empty. Thank you",
            11_900,
            5,
            &[],
            refund(4_000),
        ),
    ];
    check_at(cases);
}

/// Kind: a share worked out to its figure with "it means", "this means", "it is" ("half of the price, it means 22
/// dollar"): the share's result is the amount asked when it is that share of the order (b30 `g-047` went U1). Control:
/// a figure that is not the share of the order settles nothing (U1), never paid.
#[test]
fn a_share_with_its_figure_named_by_it_means_asks_that_figure() {
    let cases: &[Case] = &[
        ("the handle broke. refund 50% of the order, that means 30 euro", 6_000, 5, &[], refund(3_000)),
        (
            "hi i want half of price back, it is 17.50 dollar, the colour is not same like photo",
            3_500,
            5,
            &[],
            refund(1_750),
        ),
        (
            "Dear team,\nwe request a credit of a third of the total, this means $20.00, for the late delivery.\nRegards",
            6_000,
            5,
            &[],
            refund(2_000),
        ),
        ("refund half of the price, it means 45 euro", 6_000, 5, &[], other("escalate", "U1")),
    ];
    check_at(cases);
}
