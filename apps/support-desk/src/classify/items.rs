//! Items listed and asked together, and a count of units at one price (outside attack 50). Customers ask for
//! several things at once in shapes no operator word joins: one line per item ("Cup: refund $30.\nSaucer: refund
//! $30.", "- cup $30\n- saucer $30\nplease refund both", "1) cup: $30\n2) saucer: $30\nRefund items 1 and 2."), items
//! side by side in one asking sentence ("Refund: cup $30, saucer $30", "Refund $30 for the cup & $30 for the
//! saucer", "Refund the cup ($30); refund the saucer ($30)", "Refund $30, $30."), figures told together and then asked
//! as a whole ("$30 and $30. Both arrived broken. Refund both please."), and units counted at a price ("Lamps x2 @
//! 30", "3x serum @ 19.95 … want all 3 refunded", "Both lamps (30 apiece)", "30 per lamp", "12.99 a pack and I got 4
//! packs"). The same figure twice is two items here, never one figure restated: what the customer asks is the sum or
//! the product — over the order's amount an over-ask (X2), over the cap a human's (E1), never one item paid.
//!
//! Left to the other readers: a duplicate charge reported (it asks one charge back), a total the customer states
//! (the operators' `Total`), alternatives ("$30 or $40") and ranges.

use super::money;
use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    refund: Regex,
    collective: Regex,
    bullet: Regex,
    joiner: Regex,
    not_joiner: Regex,
    told_total: Regex,
    at_price: Regex,
    unit_price: Regex,
    counted: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            refund: Regex::new(r"(?i)\b(?:refund\w*|reimburs\w*|money\s+back|credit|return|repay|pay\s+back)\b").ok()?,
            collective: Regex::new(
                r"(?i)\b(?:both|all(?:\s+(?:of\s+)?(?:them|these|those|it|\d+|two|three|four))?|them|these|those|the\s+following|each(?:\s+of\s+them)?|the\s+two|the\s+lot|everything|items?\s+\d+\s*(?:and|&|,)\s*\d+)\b",
            )
            .ok()?,
            bullet: Regex::new(r"^\s*(?:[-*•·▪–]|\d{1,2}[.)]|\(\d{1,2}\))\s*").ok()?,
            // What stands between two items of one asking sentence: a comma, a semicolon, an ampersand, "and", a
            // closing bracket — the figures side by side.
            joiner: Regex::new(r"(?i)[,;&)]|\band\b|\bthen\b|\blater\b").ok()?,
            // What makes two figures anything but two items: alternatives, a range, a correction, a working, a
            // restatement, a total.
            not_joiner: Regex::new(
                r"(?i)\bor\b|\bto\b|\bbetween\b|\bsorry\b|\bmean\b|\bmeant\b|\bcorrect\w*|\bactually\b|\brather\b|\binstead\b|\bnot\b|\bi\.e\b|\bthat\s+is\b|\btotal\b|\bso\b|\bmakes?\b|\bcomes?\s+to\b|\bequals?\b|[=+×x*/]|\s-\s|\bper\b|\beach\b|\bapiece\b|\bwas\b|\bwere\b|\bpaid\b|\bcost\b|\binstead\b|\bvs\.?\b|\binstead\b|\bupdate\b|\berr\b|\bplus\b|\bof\b",
            )
            .ok()?,
            told_total: Regex::new(r"(?i)\b(?:total|altogether|in\s+all|all\s+in|together|overall|sum|=)\b|=").ok()?,
            // "@ 19.95", "@ $30": the unit price of a count.
            at_price: Regex::new(r"@\s*$").ok()?,
            // "30 apiece", "30 each", "30 per lamp", "12.99/pack", "12.99 a pack", "thirty dollars a lamp".
            unit_price: Regex::new(r"(?i)^\s*(?:apiece|each|per\s+(?P<per>[a-z]+)|/\s*(?P<slash>[a-z]+)|an?\s+(?P<a>[a-z]+))\b").ok()?,
            // A count of things: "x2", "2x", "2 x", "4 packs", "two lamps", "both", "all 3".
            counted: Regex::new(
                r"(?i)\b(?:x\s*(?P<x1>\d{1,2})\b|(?P<x2>\d{1,2})\s*x\b|(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a\s+pair\s+of|pair\s+of)\s+(?:of\s+(?:the|these|those|them)\s+)?(?P<noun>[a-z]+)|(?P<both>both)\b|all\s+(?P<all>\d{1,2}|two|three|four|five|six)\b)",
            )
            .ok()?,
        })
    })
    .as_ref()
}

fn count_word(w: &str) -> Option<i64> {
    let w = w.to_lowercase();
    let n = match w.as_str() {
        "two" | "a pair of" | "pair of" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        _ => w.parse().ok()?,
    };
    (2..=50).contains(&n).then_some(n)
}

/// The money figures of `text` worth reading as items: written as money (a currency or decimals), or a number of
/// at least two digits.
fn figures(text: &str) -> Vec<money::Amount> {
    money::read(text)
        .into_iter()
        .filter(|a| {
            let raw = &text[a.span.clone()];
            a.cents > 0
                && (a.currency.is_some()
                    || raw.contains(['.', ',', '$', '€', '£'])
                    || raw.chars().filter(char::is_ascii_digit).count() >= 2)
        })
        .collect()
}

/// The sum of the items the customer lists and asks together, with their number; `None` when no list of at least
/// two items is asked. `duplicate` (a duplicate charge reported) settles nothing here.
pub fn listed_sum(own: &str, duplicate: bool) -> Option<i64> {
    let p = patterns()?;
    if duplicate {
        return None;
    }
    lines_asked(p, own).or_else(|| side_by_side(p, own)).or_else(|| told_then_all_asked(p, own))
}

/// Item lines: at least two consecutive lines, each a short label and exactly one figure; asked when every line asks
/// or a line around them asks them all ("please refund both", "Refund items 1 and 2", "Please refund the
/// following:").
fn lines_asked(p: &Patterns, own: &str) -> Option<i64> {
    let lines: Vec<&str> = own.lines().map(str::trim).collect();
    let item = |l: &str| {
        let bare = p.bullet.replace(l, "");
        let figs = figures(&bare);
        let words = p.refund.replace_all(&bare, " ");
        let words = words.split(|c: char| !c.is_alphabetic()).filter(|w| w.len() > 1).count();
        (figs.len() == 1 && words <= 6 && !l.contains('?') && !p.told_total.is_match(&bare)).then(|| figs[0].cents)
    };
    let mut i = 0;
    while i < lines.len() {
        let mut run = Vec::new();
        let mut j = i;
        while j < lines.len()
            && let Some(v) = item(lines[j])
        {
            run.push(v);
            j += 1;
        }
        if run.len() >= 2 {
            let each_asks = lines[i..j].iter().all(|l| p.refund.is_match(l));
            let around = |k: Option<&&str>| {
                k.is_some_and(|l| p.refund.is_match(l) && (p.collective.is_match(l) || l.trim_end().ends_with(':')))
            };
            let header_or_after = around(i.checked_sub(1).and_then(|k| lines.get(k)))
                || lines[j..].iter().filter(|l| !l.is_empty()).take(2).any(|l| around(Some(&l)));
            if each_asks || header_or_after {
                return Some(run.iter().sum());
            }
        }
        i = j.max(i + 1);
    }
    None
}

/// Items side by side in one asking sentence: at least two figures, each pair joined by a comma, a semicolon, "&",
/// "and" or a bracket, with no word between them that makes them alternatives, a correction, a working or a total.
fn side_by_side(p: &Patterns, own: &str) -> Option<i64> {
    for s in super::desk25::sentences(own) {
        if !super::intent_in(s).request {
            continue;
        }
        let figs = figures(s);
        if figs.len() < 2 || figs.len() > 6 {
            continue;
        }
        let joined = figs.windows(2).all(|w| {
            let between = s.get(w[0].span.end..w[1].span.start).unwrap_or("");
            between.len() <= 40 && p.joiner.is_match(between) && !p.not_joiner.is_match(between)
        });
        // The figures before the first are no working either ("paid 49.99: refund 30, 30" keeps its "paid").
        let head = s.get(..figs[0].span.start).unwrap_or("");
        if joined && !p.told_total.is_match(s) && !super::grammar::declined_before(head) {
            return Some(figs.iter().map(|f| f.cents).sum());
        }
    }
    None
}

/// Figures told together in a sentence that asks nothing ("two identical lamps on the same day, $30 and $30"), then a
/// sentence that asks them all and names no figure ("Refund both please").
fn told_then_all_asked(p: &Patterns, own: &str) -> Option<i64> {
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    for (k, s) in sentences.iter().enumerate() {
        let figs = figures(s);
        if figs.len() < 2 || figs.len() > 6 || super::intent_in(s).request || p.told_total.is_match(s) {
            continue;
        }
        let joined = figs.windows(2).all(|w| {
            let between = s.get(w[0].span.end..w[1].span.start).unwrap_or("");
            between.len() <= 12 && p.joiner.is_match(between) && !p.not_joiner.is_match(between)
        });
        let asked_all = sentences[k + 1..]
            .iter()
            .take(3)
            .any(|t| super::intent_in(t).request && p.collective.is_match(t) && figures(t).is_empty());
        if joined && asked_all {
            return Some(figs.iter().map(|f| f.cents).sum());
        }
    }
    None
}

/// A count of units at one price asked together: the price marked as a unit's ("@ 19.95", "30 apiece", "30 each",
/// "30 per lamp", "12.99/pack", "12.99 a pack") and a count of those units ("x2", "3x", "4 packs", "two lamps",
/// "both", "all 3"), with the ask covering them all (no figure of its own, or "all"/"both"). The product.
pub fn counted_units(own: &str) -> Option<i64> {
    let p = patterns()?;
    let figs = figures(own);
    let mut units: Vec<(i64, Option<String>)> = Vec::new();
    for f in &figs {
        let (Some(before), Some(after)) = (own.get(..f.span.start), own.get(f.span.end..)) else { continue };
        if p.at_price.is_match(before) {
            units.push((f.cents, None));
        } else if let Some(c) = p.unit_price.captures(after) {
            let noun = c.name("per").or(c.name("slash")).or(c.name("a")).map(|m| m.as_str().to_lowercase());
            // "a pack", "a lamp": a unit noun; "a day", "a month" are no units of goods.
            if noun.as_deref().is_some_and(|n| {
                matches!(n, "day" | "week" | "month" | "year" | "piece" | "time" | "refund" | "bit" | "lot" | "few")
            }) && c.name("a").is_some()
            {
                continue;
            }
            units.push((f.cents, noun));
        }
    }
    units.sort_unstable();
    units.dedup_by_key(|u| u.0);
    let [(unit, noun)] = units.as_slice() else { return None };
    let stem = |w: &str| w.trim_end_matches('s').to_lowercase();
    let mut counts: Vec<i64> = p
        .counted
        .captures_iter(own)
        .filter_map(|c| {
            if c.name("both").is_some() {
                return Some(2);
            }
            if let Some(n) = c.name("x1").or(c.name("x2")).or(c.name("all")) {
                return count_word(n.as_str());
            }
            let n_match = c.name("n")?;
            // A figure is no count ("30 apiece").
            if figs.iter().any(|f| f.span.start <= n_match.start() && n_match.start() < f.span.end) {
                return None;
            }
            let n = count_word(n_match.as_str())?;
            let counted = stem(c.name("noun")?.as_str());
            // The counted noun is the unit's noun, or any noun when the unit named none ("@ 30", "30 apiece").
            let goods = noun.as_deref().is_none_or(|u| stem(u) == counted);
            let money_word = matches!(
                counted.as_str(),
                "dollar" | "euro" | "pound" | "buck" | "quid" | "cent" | "day" | "week" | "month" | "year" | "time"
            );
            (goods && !money_word).then_some(n)
        })
        .collect();
    counts.sort_unstable();
    counts.dedup();
    let [count] = counts.as_slice() else { return None };
    // Asked as a whole: a sentence that asks and names no figure, or that asks "all"/"both"/"them".
    let asked = super::desk25::sentences(own)
        .filter(|s| super::intent_in(s).request)
        .any(|s| figures(s).is_empty() || p.collective.is_match(s));
    asked.then(|| unit * count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patterns_compile() {
        assert!(patterns().is_some());
    }

    #[test]
    fn items_listed_and_asked_are_summed() {
        for (t, sum) in [
            ("Cup: refund $30.\nSaucer: refund $30.", 6000),
            ("- cup $30\n- saucer $30\nplease refund both", 6000),
            ("1) cup: $30\n2) saucer: $30\nRefund items 1 and 2.", 6000),
            ("Please refund the following:\ncup $30\nsaucer $30", 6000),
            ("Refund: cup $30, saucer $30", 6000),
            ("Refund $30 for the cup & $30 for the saucer.", 6000),
            ("Refund the cup ($30); refund the saucer ($30).", 6000),
            ("Refund $300, $300.", 60000),
            (
                "I bought two identical lamps on the same day, $30 and $30. Both arrived broken. Refund both please.",
                6000,
            ),
        ] {
            assert_eq!(listed_sum(t, false), Some(sum), "{t}");
        }
        for t in [
            "Refund $30 or $40, whichever you think is fair.",
            "I paid $30, $5 of it shipping. Refund the $25 item.",
            "Refund $20 - sorry, $30.",
            "Cup $30\nSaucer $30\nOnly the cup broke, refund it.",
            "The total was $60 ($30 + $30). Refund $30.",
        ] {
            assert_eq!(listed_sum(t, false), None, "{t}");
        }
    }

    #[test]
    fn units_counted_at_a_price_are_multiplied() {
        for (t, product) in [
            ("bought 3x serum @ 19.95, all leaking. want all 3 refunded", 5985),
            ("Lamps x2 @ 30. both dead. refund pls", 6000),
            ("Both lamps (30 apiece) came broken, refund them", 6000),
            ("Two lamps arrived broken, 30 per lamp. Refund them.", 6000),
            ("The tent pegs were 12.99 a pack and I got 4 packs. All bent. Refund all the pegs.", 5196),
        ] {
            assert_eq!(counted_units(t), Some(product), "{t}");
        }
        for t in ["Lamps are 30 each. Refund the broken one please.", "I pay 5 a month for the plan, refund it"] {
            assert_eq!(counted_units(t), None, "{t}");
        }
    }
}
