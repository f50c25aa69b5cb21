//! A count at a unit price, and a total the ask comes to (amount44, issue 16, ADR-1480…ADR-1483): which figure an
//! asking sentence asks when it works its figure out in front of the reader. Read as one last step of
//! [`super::facts`], after every other step has settled an amount, and only from the sentence that asks (F996: no
//! link across the story).
//!
//! - **A worked product** ([`worked_product`]): an asking sentence that writes a count, a unit price and what they come
//!   to ("So three bottles at 12.50 = 37.50, that's what I'd like back", "only want back the 2 cameras à 89,00 € =
//!   178,00 €", "refund for this two, each one 9,99, so together 19,98"): the result is asked — never the unit, never
//!   the order's amount, never another total the story tells. Only where the result is the count times the unit and
//!   at most the order's amount: it can never make a refusal.
//! - **A total the ask comes to** ([`asked_total`]): an asking sentence that joins parts of its ask ("plus", "and
//!   also", "but also", "on top") and names the total they come to ("so total 60 please", "total 75 dollars"): that
//!   total is asked. Above the order's amount it is an over-ask (X2), never the order's amount or one of its parts.
//!   A total told as paid ("I paid 45 plus 15 postage, total 60") asks nothing.

use super::{desk25, intent_in, number_value};
use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// A figure: a currency before or after, digits with a decimal point or comma.
    figure: Regex,
    /// What marks a figure as a unit's price, right before it: "x", "×", "@", "at", "à", "each (one) (is)".
    unit_before: Regex,
    /// What marks the next figure as the result of the working, between the unit and it: "=", "so", "together",
    /// "total", "makes", "comes to".
    result_between: Regex,
    /// A count: digits or a word.
    count: Regex,
    /// The ask joins parts: an addition.
    addition: Regex,
    /// A total marker right before the figure ("so total", "in total", "total of", "total:", "making": outside attack 55).
    total_before: Regex,
    /// A total marker right after the figure ("60 total", "60 in total").
    total_after: Regex,
    /// A verb of paying or pricing right before the total: told, not asked.
    paid_before: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            figure: Regex::new(
                r"(?i)(?:[$€£]\s?|\b(?:usd|eur|gbp|aud|cad|chf|pln)\s?)?(?P<n>\d{1,6}(?:[.,]\d{1,2})?)(?:\s?(?:€|\$|£|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b|bucks\b|quid\b|zł|pln\b))?",
            )
            .ok()?,
            unit_before: Regex::new(
                r"(?i)(?:[x×*@à]|\bat|\beach(?:\s+one)?(?:\s+(?:is|was|costs?|cost))?|\bper\s+(?:unit|piece|item|one))\s*(?:usd|eur|gbp|[$€£])?\s*$",
            )
            .ok()?,
            result_between: Regex::new(
                r"(?i)^[^.?!\n]{0,24}?(?:=|\bso\b|\btogether\b|\btotal\b|\bmakes?\b|\bcomes?\s+to\b|\bin\s+all\b)[^.?!\n\d]{0,12}$",
            )
            .ok()?,
            count: Regex::new(
                r"(?i)\b(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\b",
            )
            .ok()?,
            addition: Regex::new(
                r"(?i)(?:\+|\bplus\b|\balso\b|\bon\s+top\b|\bas\s+well\s+as\b|\bin\s+addition\b|\band\s+(?:the|my|for)\s+(?:shipping|postage|delivery|courier)\b|\band\s+(?:[$€£]\s?)?\d)",
            )
            .ok()?,
            total_before: Regex::new(
                r"(?i)(?:(?:\bso\s+|,\s*|\band\s+)?(?:\bin\s+)?\btotal(?:\s+(?:of|is|would\s+be|will\s+be))?\s*[:=]?|\b(?:making|which\s+makes|that\s+makes|to\s+make)(?:\s+(?:a\s+total\s+of|it|that))?)\s*(?:usd|eur|gbp|[$€£])?\s*$",
            )
            .ok()?,
            total_after: Regex::new(r"(?i)^\s?(?:[a-z€$£]{1,7}\s+)?(?:in\s+)?total\b").ok()?,
            paid_before: Regex::new(
                r"(?i)\b(?:paid|pay|spent|cost|costs|charged|billed|was|were|came\s+to|comes\s+to)\b[^.?!\n]{0,12}$",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// A figure of a sentence: where it stands and its cents.
struct Fig {
    at: usize,
    end: usize,
    cents: i64,
}

/// The figures of a sentence, identifiers, dates and measures left out (a digit or a letter against the number).
fn figures(s: &str) -> Vec<Fig> {
    let Some(p) = patterns() else { return Vec::new() };
    p.figure
        .captures_iter(s)
        .filter_map(|c| {
            let whole = c.get(0)?;
            let n = c.name("n")?;
            let prev = s[..n.start()].chars().next_back();
            let next = s[n.end()..].chars().next();
            if prev.is_some_and(|ch| ch.is_alphanumeric() || matches!(ch, '#' | '/' | ':' | '-'))
                || next.is_some_and(|ch| ch.is_alphanumeric() && whole.end() == n.end())
                || next.is_some_and(|ch| matches!(ch, '/' | ':'))
            {
                return None;
            }
            Some(Fig { at: whole.start(), end: whole.end(), cents: super::money::number(n.as_str())? })
        })
        .collect()
}

/// Whether the digits at `start..end` are a part of a decimal figure ("12" of "12.30", "30" of "12,30").
fn part_of_decimal(s: &str, start: usize, end: usize) -> bool {
    let before = s[..start].chars().rev().take(2).collect::<Vec<_>>();
    let after = s[end..].chars().take(2).collect::<Vec<_>>();
    let sep = |c: &char| matches!(c, '.' | ',');
    (before.first().is_some_and(sep) && before.get(1).is_some_and(char::is_ascii_digit))
        || (after.first().is_some_and(sep) && after.get(1).is_some_and(char::is_ascii_digit))
}

fn count_of(word: &str) -> Option<i64> {
    word.parse::<i64>().ok().or_else(|| number_value(word)).filter(|n| (2..=50).contains(n))
}

/// The asking sentences of `own` (the reader's request, sentence by sentence).
fn asking(own: &str) -> impl Iterator<Item = &str> {
    desk25::sentences(own).filter(|s| intent_in(s).request)
}

/// A worked product in one asking sentence (see the module doc): `(unit, result)`, the result at most `order`. Several
/// different results across the asking sentences settle nothing here.
pub fn worked_product(own: &str, order: i64) -> Option<(i64, i64)> {
    let p = patterns()?;
    let mut found: Vec<(i64, i64)> = Vec::new();
    for s in asking(own) {
        let figs = figures(s);
        for (i, u) in figs.iter().enumerate() {
            if !p.unit_before.is_match(&s[..u.at]) {
                continue;
            }
            let Some(r) = figs.get(i + 1) else { continue };
            if !p.result_between.is_match(&s[u.end..r.at]) {
                continue;
            }
            // The count is written in the sentence before the unit, and it is what the unit comes to the result by.
            let counted = p
                .count
                .find_iter(&s[..u.at])
                .filter(|m| !part_of_decimal(s, m.start(), m.end()))
                .filter_map(|m| count_of(m.as_str()))
                .any(|n| (n * u.cents - r.cents).abs() <= 1);
            // The unit asked again on its own in another asking sentence ("four tins at €31.50 each, so €126 all in
            // … I'd just like the €31.50 back for that one tin", blind93 `g-008`): the working only told the order.
            let unit_asked_apart = asking(own).any(|t| {
                !std::ptr::eq(t, s)
                    && figures(t).iter().any(|f| f.cents == u.cents)
                    && !figures(t).iter().any(|f| f.cents == r.cents)
            });
            if counted && r.cents > u.cents && r.cents <= order && !unit_asked_apart {
                found.push((u.cents, r.cents));
            }
        }
    }
    found.sort_unstable();
    found.dedup_by_key(|f| f.1);
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// A total the ask comes to (see the module doc): the total an asking sentence names after joining parts of its ask,
/// when it is above `order`. `None` when none or several.
pub fn asked_total(own: &str, order: i64) -> Option<i64> {
    let p = patterns()?;
    let mut found: Vec<i64> = Vec::new();
    for s in asking(own) {
        for t in figures(s).iter().filter(|f| f.cents > order) {
            let before = &s[..t.at];
            let marked = p.total_before.is_match(before) || p.total_after.is_match(&s[t.end..]);
            let joined = p.addition.is_match(before);
            if marked && joined && !p.paid_before.is_match(before) {
                found.push(t.cents);
            }
        }
    }
    super::figures::one_distinct(found)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_patterns_compile() {
        assert!(super::patterns().is_some());
    }
}
