//! A total claimed from parts (ask39, issue 16, ADR-1240). The customer's ask is a total — written ("Total claim: USD
//! 75.00", "is 45 total", "so 35.99 altogether", "= £29.50", "$40 – the $30 back plus $10") or the sum of the parts
//! they ask (the price and the postage, a fee, their time, the inconvenience, compensation). Above the order's amount
//! it is an over-ask (X2, refused, never reduced to the order's amount nor paid as one of its parts).
//!
//! Two structures, read in the customer's own words (quotes are not theirs):
//! - **A stated total and its parts**: a figure that is the sum of two or more other figures written with it (its
//!   sentence and the few sentences or lines before it), marked as a total ("total", "altogether", "together", "in
//!   all", "=", "so", "makes", "is") or joined to its parts by an addition ("+", "plus", "also", "more", "on top",
//!   "as well as", "another"); at least one part is asked rather than told as paid ("I paid 45.00 plus 5.00 shipping,
//!   50.00 in total" tells a price), and the total or a part is written as money (bare numbers add up by chance: "she's
//!   70! she acts 50 … a bigger one for 120", b23 `b-18`).
//! - **A figure asked with its breakdown**: a figure asked above the order, then a smaller figure plus a part named
//!   with no figure ("want 50 back, 39.99 + my time wasted"): the first figure is the total.

use regex::Regex;
use std::sync::OnceLock;

struct Res {
    figure: Regex,
    total_before: Regex,
    total_after: Regex,
    addition: Regex,
    told_paid: Regex,
    unfigured_part: Regex,
}

fn res() -> Option<&'static Res> {
    static RES: OnceLock<Option<Res>> = OnceLock::new();
    RES.get_or_init(|| {
        Some(Res {
            figure: Regex::new(
                r"(?i)(?P<cur>(?:[$€£₹]|\b(?:usd|eur|gbp|inr|aud|cad|rs\.?|r))\s?)?(?P<n>\d+(?:[.,]\d{1,2})?)(?P<after>\s?(?:€|\$|£|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b|bucks\b|quid\b|zł|pln\b|rupees?\b|rs\b)?)",
            )
            .ok()?,
            total_before: Regex::new(
                r"(?i)(?:\btotal(?:\s+(?:claim(?:ed)?|requested|due|owed|amount|sum|of))?|\baltogether|\btogether|\bin\s+all|\ball\s+in|\bsum(?:\s+of)?|=|\bso|\bmakes?|\bmaking|\bthat'?s|\bwhich\s+is|\bis|\bcomes?\s+to|\bequals?)\s*[:=]?\s*(?:(?:usd|eur|gbp|inr)\s?)?[$€£₹]?\s?$",
            )
            .ok()?,
            total_after: Regex::new(r"(?i)^\s?(?:[a-z€$£]{1,7}\s+)?(?:in\s+total|total\b|altogether|all\s+together|in\s+all\b|all\s+in\b)")
                .ok()?,
            addition: Regex::new(
                r"(?i)(?:\+|\bplus\b|\balso\b|\bmore\b|\bon\s+top\b|\bas\s+well\s+as\b|\bin\s+addition\b|\badditional(?:ly)?\b|\bextra\b|\banother\b)",
            )
            .ok()?,
            told_paid: Regex::new(
                r"(?i)\b(?:paid|pay\s+for|spent|cost|costs|costed|charged|billed|was|were|bought|ordered|came\s+to)\b",
            )
            .ok()?,
            unfigured_part: Regex::new(
                r"(?i)^\s*(?:\+|\bplus\b|\band\s+(?:also\s+)?(?:for\s+)?|\bas\s+well\s+as\b|\bon\s+top\s+(?:for\s+)?)\s*(?:the\s+|my\s+|our\s+|some\s+|a\s+)?(?:wasted\s+|lost\s+)?(?:time|inconvenience|trouble|hassle|stress|postage|shipping|delivery|courier|return\s+(?:postage|shipping)|fees?|compensation|damages|interest|petrol|gas|taxi|travel)\b",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// A figure of the text: its byte span and its cents.
#[derive(Debug, Clone, Copy)]
struct Fig {
    start: usize,
    end: usize,
    cents: i64,
    /// Written as money: with a currency or with cents ("30 dollars", "14.99"), not a bare number ("70").
    money: bool,
}

/// The money figures of a text, bare numbers included; identifiers, times, dates and counts of things left out.
fn figures(text: &str) -> Vec<Fig> {
    let Some(r) = res() else { return Vec::new() };
    let mut out = Vec::new();
    for c in r.figure.captures_iter(text) {
        let (Some(whole), Some(n)) = (c.get(0), c.name("n")) else { continue };
        let has_cur = c.name("cur").is_some() || c.name("after").is_some_and(|a| !a.as_str().trim().is_empty());
        let prev = text[..n.start()].chars().next_back();
        let next = text[n.end()..].chars().next();
        // Part of an identifier, a time or a date ("ORD-10293", "#66201", "22:47", "02/12"), or a count or a measure
        // written against its unit ("2nd", "40kg").
        if prev.is_some_and(|p| p.is_alphanumeric() && c.name("cur").is_none() || matches!(p, '#' | '-' | '/' | ':'))
            || next.is_some_and(|x| x.is_alphabetic() && c.name("after").is_none_or(|a| a.as_str().is_empty()))
            || (next == Some(':') || next == Some('/')) && text[n.end() + 1..].starts_with(|d: char| d.is_ascii_digit())
        {
            continue;
        }
        let digits = n.as_str().replace(',', ".");
        let integer = !digits.contains('.');
        if integer && digits.len() >= 4 && !has_cur {
            continue;
        }
        let cents = match digits.split_once('.') {
            Some((a, b)) => {
                let b = if b.len() == 1 { format!("{b}0") } else { b.to_string() };
                a.parse::<i64>().ok().zip(b.parse::<i64>().ok()).map(|(a, b)| a * 100 + b)
            }
            None => digits.parse::<i64>().ok().map(|a| a * 100),
        };
        if let Some(cents) = cents.filter(|v| *v > 0) {
            out.push(Fig { start: whole.start(), end: whole.end(), cents, money: has_cur || !integer });
        }
    }
    out
}

/// Sentence or line units of the text, as byte ranges.
fn units(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        let end = c == '\n'
            || (matches!(c, '.' | '!' | '?' | ';')
                && text[i + c.len_utf8()..].chars().next().is_none_or(char::is_whitespace));
        if end {
            if !text[start..i].trim().is_empty() {
                out.push((start, i + c.len_utf8()));
            }
            start = i + c.len_utf8();
        }
    }
    if !text[start..].trim().is_empty() {
        out.push((start, text.len()));
    }
    out
}

/// Whether a figure is told as paid: a verb of paying or pricing in the few words before it.
fn told_paid(text: &str, at: usize) -> bool {
    let Some(r) = res() else { return true };
    let from = text[..at].char_indices().rev().filter(|(_, c)| c.is_whitespace()).nth(4).map_or(0, |(i, _)| i);
    // Only within its own sentence (a decimal point is no sentence's end).
    let start = units(text).into_iter().find(|(s, e)| *s <= at && at < *e).map_or(0, |(s, _)| s);
    r.told_paid.is_match(&text[from.max(start)..at])
}

/// Whether `target` is the sum of two to four of `parts` (each used once), one of them written as money when the
/// target is not: bare numbers alone ("she's 70! she acts 50 … one for 120") add up by chance.
fn sum_of(parts: &[&Fig], target: &Fig) -> bool {
    let n = parts.len().min(10);
    (1u32..(1 << n)).any(|mask| {
        let used: Vec<&Fig> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| parts[i]).collect();
        (2..=4).contains(&used.len())
            && used.iter().map(|f| f.cents).sum::<i64>() == target.cents
            && (target.money || used.iter().any(|f| f.money))
    })
}

/// Whether the text claims money in words of claiming ("my claim is", "I deserve", "you owe me", "compensation
/// requested", "so R 399 is fair, please pay it over"): a total from parts said so is an ask even where no request
/// was read.
pub fn claims(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:claim(?:s|ed|ing)?|deserve[sd]?|owe[sd]?|owing|demand(?:s|ed|ing)?|request(?:s|ed|ing)?|expect(?:s|ed|ing)?|reimburs\w*|compensat\w*|refund\w*|pay\s+(?:it|me|us|that|this)|(?:is|be|seems|sounds)\s+fair)\b",
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(own))
}

/// The total the customer claims from parts, when it is above the order's amount (see the module's doc).
pub fn over_order(own: &str, order: i64) -> Option<i64> {
    let r = res()?;
    let units = units(own);
    let figs = figures(own);
    let unit_of = |at: usize| units.iter().position(|(s, e)| *s <= at && at < *e);
    for t in figs.iter().filter(|f| f.cents > order) {
        let Some(u) = unit_of(t.start) else { continue };
        let (ws, _) = units[u.saturating_sub(3)];
        let (us, ue) = units[u];
        // A stated total: its parts are the other figures of its sentence and the few before it.
        let parts: Vec<&Fig> = figs.iter().filter(|f| f.start >= ws && f.end <= ue && f.start != t.start).collect();
        let smaller: Vec<&Fig> = parts.iter().copied().filter(|f| f.cents < t.cents).collect();
        if sum_of(&smaller, t) {
            let from =
                (us.max(t.start.saturating_sub(40))..t.start).find(|i| own.is_char_boundary(*i)).unwrap_or(t.start);
            let marked = r.total_before.is_match(&own[from..t.start]) || r.total_after.is_match(&own[t.end..ue]);
            let added = r.addition.is_match(&own[ws..ue]);
            let asked_part = parts.iter().any(|f| f.cents < t.cents && !told_paid(own, f.start));
            // A bare number is a total only where it is marked as one ("is 45 total"): "about forty pages" counts pages.
            if (marked || (added && t.money)) && asked_part && !told_paid(own, t.start) {
                return Some(t.cents);
            }
        }
        // A figure asked with its breakdown: a smaller figure after it, plus a part with no figure.
        let breakdown = figs.iter().any(|f| {
            f.start > t.end
                && f.end <= ue
                && f.cents < t.cents
                && (f.money || t.money)
                && r.unfigured_part.is_match(&own[f.end..ue])
        });
        let asked_back = t.money || {
            let next = own[t.end..].split_whitespace().next().unwrap_or("").to_lowercase();
            matches!(next.trim_matches(|c: char| !c.is_alphabetic()), "back" | "off" | "please" | "pls" | "refund" | "")
        };
        if breakdown && asked_back && !told_paid(own, t.start) {
            return Some(t.cents);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_claimed_from_parts() {
        for (text, order, want) in [
            (
                "I want the full price 30 dollars and more 15 for the postage I pay to send it back, is 45 total.",
                3000,
                Some(4500),
            ),
            (
                "Order value: USD 55.00\nCompensation requested: USD 20.00\nTotal claim: USD 75.00\nPlease action.",
                5500,
                Some(7500),
            ),
            (
                "I want full refund 14.99 and also the shipping 5 dollar what I paid. Total 19.99 please send.",
                1499,
                Some(1999),
            ),
            ("I think I deserve $40 – the $30 back plus $10 for the inconvenience.", 3000, Some(4000)),
            (
                "My claim is the price of 89.00 plus $20.00 for the laundrette I had to use, total 109.00 EUR.",
                8900,
                Some(10900),
            ),
            ("want 50 back, 39.99 + my time wasted", 3999, Some(5000)),
            ("a planner for $22, plus shipping, came to $35.50. about 40 pages are glued. refund the $22.", 3550, None),
            ("I paid 45.00 plus 5.00 shipping, 50.00 in total. Refund please.", 4500, None),
            ("Please refund 30.00 for the vase plus the 5.00 shipping, 35.00 total.", 3500, None),
            ("Order 71104 placed 02/12 at 22:47, refund 54.00 please.", 5400, None),
            (
                "the power bank was R 299 and two taxis, that's another R100 easily, so R 399 is fair",
                29900,
                Some(39900),
            ),
            (
                "it was 74.50 with delivery. she's 70! she acts 50. My aunt got one for 120. We'd like the 74.50 back.",
                7450,
                None,
            ),
        ] {
            assert_eq!(over_order(text, order), want, "{text}");
        }
        assert!(claims("My claim is the price of 89.00 plus 20.00, total 109.00 EUR."));
        assert!(claims("so R 399 is fair, please pay it over"));
        assert!(!claims("The dryer stopped after a week, it was 89.00 plus 20.00 delivery."));
    }
}
