//! The customer's wording (blind set 10's word kinds, issue 16): refund requests in machine-translated, non-native and
//! code-switched English, and the amount grammar's spoken, approximate, rounded, halved, alternative, added-to and
//! changed-mind figures. Every ticket is written for these tests (other words, languages of origin, amounts and
//! currencies than `evals/blind10`), with controls that must not flip. Each test collects every failing ticket before
//! it asserts, so a red run lists the whole kind.

use crate::kinds::{check, other, refund};

/// Kind (b10, F710): a first-person ask, want, need, demand or "please" whose object is money coming back — a
/// money-return noun ("recovery", "restitution", "return", "reimbursement", "devolution" of the money, the sum, the
/// total) or verb ("give back", "send back", "return me"), or a code-switched one ("wapas", "zurück", "terug") — is a
/// refund request whatever the idiom: the figure named, else the order's amount. Controls: a return of the goods, a
/// recovery of an account, and money already back ask nothing.
#[test]
fn a_money_back_request_in_non_native_wording_is_a_request() {
    let c1 = other("close", "C1");
    check(&[
        ("The kettle does not heat. I solicit the restitution of my money, please.", 4_500, &[], refund(4_500)),
        (
            "Respected sir, I am asking you the recovery of the complete amount, the chair came with one leg broken.",
            12_900,
            &[],
            refund(12_900),
        ),
        (
            "Good day. The trousers have a hole. I request the return of the whole total. Cordially, Ana",
            6_400,
            &[],
            refund(6_400),
        ),
        ("We need back the entire sum, the product does not function since the first day.", 8_800, &[], refund(8_800)),
        ("I ask you to return me the total, the jacket has a stain from the factory.", 7_150, &[], refund(7_150)),
        ("Please to make the restitution of 12 euros for the missing cable.", 3_000, &[], refund(1_200)),
        ("Bhai the charger is not working at all, mera paisa wapas karo please", 1_899, &[], refund(1_899)),
        ("Please 20 dollar wapas bhej do, ek cup toota hua tha", 4_800, &[], refund(2_000)),
        ("The toaster is kaputt after one week, bitte 25 euro zurück.", 4_000, &[], refund(2_500)),
        ("Hallo, the lamp flickers. Ich möchte mein Geld zurück bitte, the full price.", 3_990, &[], refund(3_990)),
        ("I would like that you send back my money, the shoes came two sizes small.", 5_600, &[], refund(5_600)),
        ("Kindly give back 30 dollars for the missing part, rest is fine.", 9_000, &[], refund(3_000)),
        (
            "Dear, I demand the reimbursement of the sum complete because the mixer works no more.",
            6_999,
            &[],
            refund(6_999),
        ),
        // Controls.
        ("I am asking for a return label, the shoes don't fit. How do I send them back?", 5_600, &[], c1.clone()),
        ("Can you explain how the recovery of my account password works?", 5_600, &[], c1.clone()),
        ("I want to send back the jacket, what is the address for the return?", 7_150, &[], c1.clone()),
        ("The whole sum came back on my card yesterday, thank you very much.", 4_500, &[], c1),
    ]);
}

/// Kind (b10, F711): a figure spoken the way prices are said — "one twenty" (120), "two fifty" (250), "a hundred and
/// five" (105), "ninety nine ninety nine" (99.99) — is that figure, with no currency word; more than the order is
/// refused (X2), never reduced to the order's amount. Controls: the same grammar within the order pays its figure.
#[test]
fn a_spoken_figure_is_the_figure_said() {
    let x2 = other("refuse", "X2");
    check(&[
        ("hi yes I'd like a refund of one forty for the jacket please the lining is torn", 12_500, &[], x2.clone()),
        ("refund me two fifty please the speaker crackles on every song", 23_000, &[], x2.clone()),
        ("please refund a hundred and five for the boots the sole came off", 9_800, &[], x2.clone()),
        ("can I get ninety nine ninety nine back the heater broke", 8_999, &[], x2.clone()),
        ("I want three forty back for the bike rack it arrived bent", 29_900, &[], x2),
        // Controls: within the order.
        ("hi I'd like a refund of one twenty please the tent pole snapped", 15_000, &[], refund(12_000)),
        ("please refund a hundred and five the drawer is cracked", 14_000, &[], refund(10_500)),
        ("I'd like sixty five back for the blender it stopped", 9_000, &[], refund(6_500)),
    ]);
}

/// Kind (b10, F712): an approximate figure in any idiom ("around of 20", "about 20ish", "roughly twenty",
/// "something like 30", "more or less 25", "approximately 15") cannot be paid out: the figure is not settled (U1).
/// Controls: an approximate price is still a price, and a request beside it asks its own figure.
#[test]
fn an_approximate_figure_is_not_settled() {
    let u1 = other("escalate", "U1");
    check(&[
        ("The pot came dented. I think something around of 15 euros of return would be just.", 6_000, &[], u1.clone()),
        ("the mouse double clicks, about 20ish back would be fine", 4_000, &[], u1.clone()),
        ("Please refund roughly twenty dollars, the handle is loose.", 5_000, &[], u1.clone()),
        ("I'd like something like 30 back, the case is scratched.", 6_500, &[], u1.clone()),
        ("Refund me more or less 25 for the missing buttons please.", 7_000, &[], u1.clone()),
        ("Kindly return approximately 18 dollars for the torn cover.", 4_000, &[], u1),
        // Controls.
        ("I paid around 60 for it and it broke. Please refund me 22 for the part.", 6_000, &[], refund(2_200)),
        ("It cost about 45 I think, I want a full refund, it never worked.", 4_500, &[], refund(4_500)),
    ]);
}

/// Kind (b10, F713): a figure raised to a round one ("round it up to 90", "make it an even 30", "call it 100")
/// asks the round figure: above the order it is an over-ask (X2), never the price it rounds. Control: rounded down
/// within the order it is paid.
#[test]
fn a_figure_rounded_up_is_the_round_figure() {
    let x2 = other("refuse", "X2");
    check(&[
        ("The bowl came cracked. It was 49.95, just round it up to 50 and refund that.", 4_995, &[], x2.clone()),
        ("it cost 29.50, make it an even 30 back for the hassle", 2_950, &[], x2.clone()),
        ("The rug was 99.00 - call it 100 and refund me please.", 9_900, &[], x2),
        // Control.
        ("It was 42.00 but round it down to 40 and refund that, I'll keep the spare cover.", 4_200, &[], refund(4_000)),
    ]);
}

/// Kind (b10, F714): "half amount", "half the amount", "the half of the price", "half of the payment" asked back is
/// a share with no figure named (U1), in any article or word order. Controls: half said of the product; a half with
/// the figure it comes to named.
#[test]
fn half_the_amount_is_a_share_with_no_figure() {
    let u1 = other("escalate", "U1");
    check(&[
        ("Respected madam, one glove is torn, other is fine. Kindly refund half amount only.", 2_400, &[], u1.clone()),
        ("Please return me half the amount, one of the two lamps works.", 8_000, &[], u1.clone()),
        ("I want the half of the price back because one chair is broken.", 12_000, &[], u1.clone()),
        ("Give back half of the payment please, only one speaker works.", 6_000, &[], u1.clone()),
        ("Fifty percent of amount should be refunded, the set is incomplete.", 9_000, &[], u1),
        // Controls.
        ("The jar came half empty. Please refund the amount.", 1_800, &[], refund(1_800)),
        ("Please refund half the amount, that is 20 dollars, one boot leaks.", 4_000, &[], refund(2_000)),
    ]);
}

/// Kind (b10, F715): two figures offered as alternatives in words or digits, after any request idiom ("I'd like back
/// ten or maybe fifteen", "give me back 10 or 15", "either twenty or thirty"): the figure is not settled (U1).
/// Control: one figure asked is paid.
#[test]
fn alternative_figures_in_words_are_not_settled() {
    let u1 = other("escalate", "U1");
    check(&[
        ("so the strap is frayed I'd like back uh twelve or maybe eighteen not sure", 4_000, &[], u1.clone()),
        ("give me back 10 or 15, whatever is fair, the lid is cracked", 3_000, &[], u1.clone()),
        ("I want either twenty or thirty back, the colour is wrong", 6_000, &[], u1.clone()),
        ("refund me forty, or maybe fifty, the seam split", 9_000, &[], u1),
        // Control.
        ("I'd like back fifteen for the frayed strap", 4_000, &[], refund(1_500)),
    ]);
}

/// Kind (b10, F716): the whole price and an extra named in any idiom ("the total price and more the 8 dollars of the
/// postage", "all the money plus the 5 dollars of the courier", "the price and in addition 10 pounds for sending it
/// back") asks more than the order (X2), never the order's amount or the extra alone. Control: a price stated with its
/// postage is no ask.
#[test]
fn the_whole_price_and_an_extra_is_an_over_ask() {
    let x2 = other("refuse", "X2");
    check(&[
        (
            "The skirt has a stain of origin. I want the return of the total price and more the 6 euros of the shipping that I paid.",
            3_000,
            &[],
            x2.clone(),
        ),
        ("give me back all the money and also the 5 dollars of the courier to send it back", 2_500, &[], x2.clone()),
        ("Please refund the price of the item and in addition 10 pounds for the postage.", 4_000, &[], x2.clone()),
        ("I ask the devolution of the complete price and more 4 dollars for the sending back.", 2_000, &[], x2),
        // Control: what was paid, then a request naming no figure.
        (
            "I paid the price and 5 dollars of shipping. The cup is broken, please refund the cup.",
            2_500,
            &[],
            refund(2_500),
        ),
    ]);
}

/// Kind (b10, F717): a figure the customer takes back later in the ticket ("refund 30… actually make it 20", "Please
/// refund $40. On second thought, just $25", "the whole order ($80)… no wait, only the cable — $12") gives way to the
/// last figure named; a return to the first ("no, the first one", "the first figure was right") restores it.
#[test]
fn a_change_of_mind_asks_the_figure_settled_on() {
    check(&[
        ("refund 30... actually make it 20, the scratch is small", 5_000, &[], refund(2_000)),
        ("Please refund $40. Hmm, on second thought, just $25 is fine.", 6_000, &[], refund(2_500)),
        (
            "Refund the whole order ($80)... no wait, I'll keep the charger. Only the cable, it frayed - $12.",
            8_000,
            &[],
            refund(1_200),
        ),
        ("I'd like 18 euros back. Actually no, 15 euros is fair.", 4_000, &[], refund(1_500)),
        ("Refund $10 please. Actually, $14. No, the first one, $10 is right.", 3_000, &[], refund(1_000)),
        ("Could you refund 25? Sorry, 35. No, forget it, the first figure was right.", 5_000, &[], refund(2_500)),
    ]);
}
