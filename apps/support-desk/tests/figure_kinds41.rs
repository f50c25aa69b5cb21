//! fig41 (issue 16, ADR-1330…ADR-1334): which figure is the ask — a generative table of our own tickets (none copied
//! from a kept or blind set) in five registers (terse, rambling, non-native, forwarded, jargon), and near misses where
//! the reading must not move.
//!
//! Kinds: `negated` — a figure said with "not", or after a contrast or a price told past a correction cue, corrects
//! nothing ("I meant 19.99, not 1999"; "I mean dollars, but I paid only 99"); `tax` — a tax's rate beside a net and a
//! gross is no share asked ("VAT (20%): 16.00" under "refund the gross amount"); `working` — a count at a unit price
//! and the result it comes to, in a sentence that asks or a list line under one, asks the result; `apposed` — a
//! figure set beside the ask's free relative ("a refund of what it's really worth, 180") is the ask, above the order an
//! over-ask (X2); `own figure` — an ask that names its own figure ("I'd like the 450 back") is not counted as one item
//! at another line's unit price.
//!
//! Red on main edf76c2 (how: each table's tickets run through main's release binary with `eval benchmark`, the
//! tickets written as a benchmark file with the same order and decision: negated 2 of 5 decided otherwise, tax 4 of 5,
//! working 6 of 10, apposed 3 of 6, own figure 1 of 2; the near misses passed there).

use crate::kinds::{Case, check_at, other, refund};

fn table(cases: &[(String, i64, (String, String, Option<i64>))]) {
    let t: Vec<Case> = cases.iter().map(|(b, o, w)| (b.as_str(), *o, 6, &[][..], w.clone())).collect();
    check_at(&t);
}

#[test]
fn a_figure_said_with_not_or_after_a_contrast_corrects_nothing() {
    let cases = vec![
        ("refund 19.99 for the cable pls. typo earlier, i meant 19.99 not 1999".to_string(), 3999, refund(1999)),
        (
            "Please return me 12.80 for the broken cup. Sorry, I make mistake before, I mean 12.80 not 1280.".into(),
            4000,
            refund(1280),
        ),
        (
            "Sorry, typo below - I meant 31.50, not 3,150!\n\nOn Tue, Sam Ortiz wrote:\n> The blue mug arrived chipped. \
             Please refund 3,150 for it.\n> Thanks"
                .into(),
            7000,
            refund(3150),
        ),
        (
            "Correction to case: credit amount should read 16.40, not 1,640. Please credit 16.40 for the damaged unit."
                .into(),
            5000,
            refund(1640),
        ),
        (
            "The lamp is fine but the shade is not like photo. I want refund 1300 yuan... I mean 130 USD total, but I \
             pay only 99 for the lamp, I add also bus to the post office."
                .into(),
            9900,
            other("refuse", "X2"),
        ),
        // Near miss: a correction in its own clause still replaces the figure.
        ("refund 54 - sorry i mean 45.00, the other figure was from my old order".into(), 8000, refund(4500)),
    ];
    table(&cases);
}

#[test]
fn a_tax_rate_is_no_share_asked() {
    let cases = vec![
        ("refund gross pls. net 50.00, VAT 20% 10.00, gross 60.00".to_string(), 6000, refund(6000)),
        (
            "Subject: Return - faulty shredder\n\nAs agreed on the phone, please refund the gross amount:\n  Net: \
             80.00\n  VAT (20%): 16.00\n  Gross: 96.00\nKindly confirm by credit note."
                .into(),
            9600,
            refund(9600),
        ),
        (
            "I want full money back please. Price is 100,00 net + MwSt 19% 19,00 = 119,00 total. Machine not work."
                .into(),
            11900,
            refund(11900),
        ),
        (
            "FYI below, can you action.\n\nFrom: Accounts\nSubject: credit\n\nFull reimbursement requested. Net 25.00 + \
             GST 10% 2.50 = 27.50. Goods returned under RMA-2231."
                .into(),
            2750,
            refund(2750),
        ),
        (
            "Hi there, long story short the heater we bought for the back office packed in after two days, the \
             engineer says the element is gone. The invoice says net 40.00 plus VAT at 25% which is 10.00, so 50.00 \
             in all. Full refund please, we've already sent it back."
                .into(),
            5000,
            refund(5000),
        ),
        // Near miss: a share asked with its amount named is still that share.
        (
            "partial credit of 50% of order value (EUR 30,00 of EUR 60,00) for the scratched panel.".into(),
            6000,
            refund(3000),
        ),
    ];
    table(&cases);
}

/// Two value sets: (count as a word, as digits, unit as written, unit cents, the order's amount).
const WORKING: [(&str, i64, &str, i64, i64); 2] = [("four", 4, "6.25", 625, 7500), ("three", 3, "12.40", 1240, 12000)];

#[test]
fn a_workings_result_is_the_ask() {
    let mut cases = Vec::new();
    for (w, n, u, uc, order) in WORKING {
        let r = n * uc;
        let rs = format!("{}.{:02}", r / 100, r % 100);
        let bodies = [
            // terse
            format!("{n} x {u} = {rs} back pls, the mugs cracked"),
            // rambling
            format!(
                "Hello hello, me again with the candles. So: eight candles at {u} each (lovely packaging). My niece lit \
                 {w} of them at her party and all {w} had no wick to speak of. So {w} candles at {u} = {rs}, that's \
                 what I'd like back please. The rest we'll use at Christmas."
            ),
            // non-native
            format!(
                "Guten Tag, the total of my order was high, but I want back only the {n} Teller à {} € = {} €, because \
                 they are cracked. The rest I keep.",
                u.replace('.', ","),
                rs.replace('.', ",")
            ),
            // forwarded
            format!(
                "Forwarding from our warehouse, see below.\n\nFrom: Stores\nSubject: short delivery\n\nPlease raise a \
                 credit for the following:\n- {n} x cable tie packs @ {u} = {rs} (short-shipped)\nThanks"
            ),
            // jargon
            format!(
                "Ref PO-7712\nWe request a credit against the above for the following:\n- {n} x thermostat valves @ {u} \
                 = {rs} (DOA)\nKindly process by EOD."
            ),
        ];
        for b in bodies {
            cases.push((b, order, refund(r)));
        }
    }
    // Near miss: a working that tells what was paid.
    cases.push((
        "I paid 3 x 12.00 = 36.00 for the plates and all of them broke. Refund my order please.".into(),
        3600,
        refund(3600),
    ));
    table(&cases);
}

#[test]
fn a_figure_beside_the_asks_free_relative_is_the_ask() {
    let cases = vec![
        ("refund me what i paid for the kettle, 45.00. rest is fine".to_string(), 9000, refund(4500)),
        (
            "Evening all. I was going to phone but the queue music drives me up the wall. I ordered a reading lamp for \
             my knitting, it was CAD 74.99 plus shipping 9.00, the total charged was 83.99. The lamp buzzes all the \
             time. I'd like back what I paid for the lamp itself, the 74.99; I understand shipping may not come back, \
             that's fine."
                .into(),
            8399,
            refund(7499),
        ),
        (
            "So I took the blender to a repair shop and the lady there said it sells for 180 everywhere and I got it \
             cheap at 150, but the motor is cracked. I'd like a refund of what it's really worth, 180, since I have \
             to buy another at 180."
                .into(),
            15000,
            other("refuse", "X2"),
        ),
        (
            "Please give me back what it cost, the 32,50 euro, because the kettle is broken. Other things ok.".into(),
            7000,
            refund(3250),
        ),
        (
            "Fwd from my husband, see below.\n\n> The grinder stopped after a week, the rest of the order is fine. We \
             want back what we paid for the grinder itself: 64.00."
                .into(),
            11000,
            refund(6400),
        ),
        (
            "Please credit what was invoiced for the defective unit, i.e. 72.00, to the original card.".into(),
            20000,
            refund(7200),
        ),
    ];
    table(&cases);
}

#[test]
fn an_ask_that_names_its_figure_is_not_counted() {
    let cases = vec![
        (
            "Hi, we buy from you all the time - the paper boxes at 40, the toner at 65 a go, all fine. But this new \
             shredder at 450 jams constantly. I'd like the 450 back for the shredder please and we'll go back to the \
             old one."
                .to_string(),
            45000,
            refund(45000),
        ),
        (
            "toner at 65 a go is fine. the chair at 240 broke in a week. want the 240 back, we keep the old one".into(),
            24000,
            refund(24000),
        ),
        // Near miss: the ask counts one item of a line at a unit price.
        ("3 mugs at 6.00 each, one came broken. refund the broken one please".into(), 6000, refund(600)),
    ];
    table(&cases);
}
