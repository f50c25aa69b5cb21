//! fig40 (issue 16, ADR-1280…ADR-1283): what links an ask to the figure it means — a generative table of our own
//! tickets (none copied from a blind set) in five registers (terse, rambling, non-native, forwarded, jargon), each
//! wording written once and decided on two value sets, and near misses where no link holds (a figure that is only a
//! price, an old order's price, a declined offer, the whole order asked, a status question).
//!
//! Kinds: `count` — a count of affected items at a unit price, said in the ask ("the two broken ones", "for 3
//! which") or pointed at ("refund those") with the count told in the story; `pointer` — "that money back", "that
//! amount", "that box credited" point at the one figure told before; `offer` — an offer reported and one figure of it
//! taken ("I'll take the 20"); `worked` — the difference with a figure kept, the gross of a net figure and its VAT;
//! `correction` — a figure taken back with a long aside before the figure that replaces it.
//!
//! Red on main 8a0b44e (how: `cargo nextest run -p support-desk --test integration -E 'test(/figure_links40/)'` on
//! main's tree with this file and its `mod` line added: the link tables failed, the near misses passed).

use crate::kinds::{Case, check_at, other, refund};

/// Two value sets: (count ordered, count affected as a word and a digit, unit price as written, its cents).
const COUNTS: [(i64, &str, i64, &str, i64); 2] = [(6, "two", 2, "8.25", 825), (5, "three", 3, "12.40", 1240)];

fn count_cases() -> Vec<(String, i64, i64)> {
    let mut out = Vec::new();
    for (n, kw, k, u, uc) in COUNTS {
        let order = n * uc;
        let want = k * uc;
        let bodies = [
            // terse
            format!("{n} x {u} ordered, {k} arrived smashed. refund those pls"),
            format!("{n} mugs @ {u}. {kw} broken. refund the {kw} broken ones"),
            // rambling
            format!(
                "Long week here, the car failed its inspection and the dog ate a sock. Anyway your parcel came \
                 on Friday: I ordered {n} candles at {u} each and {kw} of them were snapped in half when I opened \
                 the box. The others smell lovely. Could you refund me for the {kw} broken candles? Thanks, Jo"
            ),
            // non-native
            format!(
                "I buy {n} piece of the cup, price {u} each one. {kw} is come broken. Please return money for {k} broken cup."
            ),
            format!(
                "Hello, i was order {n} plates {u} each but only {} arrive. Please refund for the {k} which not come.",
                n - k
            ),
            // forwarded
            format!(
                "Hi, forwarding my note from the weekend, can you sort it?\n\nFrom: Dana Reyes\nSent: Saturday\n\
                 Subject: towels\n\nWe got {n} bath towels at {u} each and {kw} have bleach stains. Please refund \
                 the {kw} stained towels."
            ),
            // jargon
            format!(
                "RMA request: line item qty {n} @ {u}/unit, {k} units DOA. Please action a credit for the {k} affected units."
            ),
            format!(
                "Ref 44120 - partial credit required: {k} of {n} units short-shipped, unit price {u}. Kindly credit the {k} missing units."
            ),
        ];
        for b in bodies {
            out.push((b, order, want));
        }
    }
    out
}

#[test]
fn a_count_of_affected_items_at_a_unit_price_is_the_ask() {
    let cases = count_cases();
    let table: Vec<Case> = cases.iter().map(|(b, o, w)| (b.as_str(), *o, 6, &[][..], refund(*w))).collect();
    check_at(&table);
}

/// Two value sets: (the figure as written, its cents, the order's amount).
const POINTED: [(&str, i64, i64); 2] = [("$18.75", 1875, 6240), ("€42,90", 4290, 9980)];

#[test]
fn a_pointer_asks_the_figure_told_before_it() {
    let mut cases = Vec::new();
    for (f, c, o) in POINTED {
        let bodies = [
            format!("the lamp was {f}. want that money back"),
            format!(
                "So we moved house in May and everything went wrong, the movers lost a chair, the broadband took three \
                 weeks. Then your kettle arrived, it cost {f} and it whistles like a train even when cold, so we'd \
                 like that money back please."
            ),
            format!("The bag cost {f} in your shop. The zip is broken from first day. Please I want get that back."),
            format!(
                "Forwarding for my wife, see below.\n\nThe blender jug ({f}) arrived cracked. We'd like that amount refunded."
            ),
            format!("Ref 7734: unit price {f}, item DOA on receipt. Kindly credit that amount to the original card."),
        ];
        for b in bodies {
            cases.push((b, o, refund(c)));
        }
    }
    let table: Vec<Case> = cases.iter().map(|(b, o, w)| (b.as_str(), *o, 6, &[][..], w.clone())).collect();
    check_at(&table);
}

#[test]
fn an_offer_taken_and_a_worked_out_figure_are_the_ask() {
    let cases: Vec<(String, i64, i64)> = vec![
        ("you offered 20 or a replacement. ill take the 20".into(), 5999, 2000),
        ("Your colleague on the phone offered 15 back or a new one. I'll go with the 15, thanks.".into(), 6400, 1500),
        ("Your agent offer me 12 refund or exchange. I choose the 12, thank you.".into(), 4000, 1200),
        ("Per your agent's offer (goodwill credit of 18.00 or return for full refund), please go ahead with the 18.00.".into(), 7000, 1800),
        ("Order total was $180. I'm keeping the $45 mat since it's fine. Please refund the difference.".into(), 18000, 13500),
        ("Order was 96.00. Keeping the 26.00 lid. Refund the rest of the order.".into(), 9600, 7000),
        ("Returning one lamp, net 50.00 + 20% VAT. Please refund the gross amount.".into(), 12000, 6000),
        ("Credit note request: 1 unit returned, net 80.00 plus 10% GST. Please credit accordingly.".into(), 17600, 8800),
        (
            "I'd like a refund of 36 - sorry, that is the figure from the other invoice we had last week, for this \
             one it's 63.00. 63.00."
                .into(),
            9000,
            6300,
        ),
    ];
    let table: Vec<Case> = cases.iter().map(|(b, o, w)| (b.as_str(), *o, 6, &[][..], refund(*w))).collect();
    check_at(&table);
}

/// Near misses: a price told, an old order's price, a declined offer, the whole order asked, a count that is every
/// item, a story's two prices with no difference asked, a status question pointing at money: no link holds.
#[test]
fn near_misses_keep_their_reading() {
    let cases: &[Case] = &[
        ("The mugs were 12.50 each. Please refund my order.", 5000, 6, &[], refund(5000)),
        ("3 of the 6 glasses broke, at 7.50 each, but please just refund the whole order.", 4500, 6, &[], refund(4500)),
        (
            "Back in March I got a $12 heat pad from you, no issue. This lamp flickers though, I'd like my money back.",
            3999,
            6,
            &[],
            refund(3999),
        ),
        ("You offered 10 but that's not enough. I want my money back.", 4500, 6, &[], refund(4500)),
        ("I ordered 4 cups at 5.00 each, all 4 broke. Refund them.", 2000, 6, &[], refund(2000)),
        ("The fan rattles and it's noisy. I want that money back.", 2999, 6, &[], refund(2999)),
        (
            "The same kettle is 199 at the other shop and I paid 249 here, but whatever, it's broken, refund my order.",
            24900,
            6,
            &[],
            refund(24900),
        ),
        ("net 40.00 + 20% VAT = 48.00 was the price. Refund the order please.", 4800, 6, &[], refund(4800)),
        ("Refund 45 please. Sorry for the trouble!", 9000, 6, &[], refund(4500)),
        ("You offered 40. I want 90. Those boots were useless.", 7500, 6, &[], other("refuse", "X2")),
        ("2 x 22.50 on my card for one pillow. take one back", 2250, 6, &[], refund(2250)),
        ("charged twice, 2 x 22.50. refund both", 4500, 6, &[], refund(4500)),
    ];
    check_at(cases);
}
