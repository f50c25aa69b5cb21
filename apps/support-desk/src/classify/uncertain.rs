//! Figures the customer's own words leave uncertain, and one figure that settles them (haz40, ADR-1303), read before
//! [`super::settle::unsettled`]'s steps:
//!
//! - **Settled by a correction.** An uncertain figure (a range, alternatives, an approximation) that the writer then
//!   replaces by one figure marked exact ("I first thought $30-35, but I checked the receipt: $32.40 exactly", "20-25…
//!   actually let me be precise: 22 even") is settled: the later figure is the ask. Read from how the text is built —
//!   an uncertain construction, then a figure a precision word marks — not from the figures' values.
//! - **Uncertain by the customer's own words** that the clause-by-clause steps miss: an approximation word an
//!   abbreviation's point cut off from its figure ("Refund approx. €40", "ca. 70 back"), a figure with a count word
//!   after it ("40-something", "40-odd"), and "or so" after a currency the desk does not know ("250 грн or so").
//!   Each only in a sentence that asks money back, and only for money (never "approx. 3 weeks old").

use super::settle::Unsettled;
use super::{CUR_AFTER, CUR_BEFORE, NUM};
use regex::Regex;
use std::sync::OnceLock;

struct Res {
    /// A construction that leaves a figure uncertain (range, alternatives, approximation word).
    uncertain: Regex,
    /// A figure a precision or correction word marks as the one meant.
    precise: Regex,
    /// An approximation word cut from its figure by an abbreviation's point.
    abbreviated: Regex,
    /// A figure with a vague count word after it.
    vague_tail: Regex,
    /// "or so" after a figure and one unknown word (a currency the desk does not read).
    or_so_after_word: Regex,
    /// An approximation the clause steps do not know (haz41, ADR-1355): "it was like 35", "35 or something", "just
    /// under 50", "a bit over 20", "north of 40".
    loose: Regex,
    /// An indefinite quantity of money asked, no figure (haz41, ADR-1355): "some amount", "a portion of the invoice",
    /// "a partial refund"; and, beside keeping the goods, "some money", "something back", "some compensation".
    indefinite: Regex,
    indefinite_kept: Regex,
    keeps: Regex,
    /// A word asking money back.
    ask: Regex,
    /// Money: a sign or code, or two decimals.
    money: Regex,
    /// A unit that makes a figure no money.
    unit: Regex,
}

fn res() -> Option<&'static Res> {
    static RES: OnceLock<Option<Res>> = OnceLock::new();
    RES.get_or_init(|| {
        let fig = format!(r"(?:(?:{CUR_BEFORE})\s?)?(?:{NUM})(?:\s?(?:{CUR_AFTER}))?");
        Some(Res {
            uncertain: Regex::new(&format!(
                r"(?i)(?:{fig})\s*(?:-|–|—|\bto\b|\bor\b|/)\s*(?:(?:maybe|perhaps)\s+)?(?:{fig})|\b(?:approx\w*|about|around|roughly|circa|ca\.|something\s+like|i\s+think|maybe|perhaps)\s+(?:{fig})|~\s*(?:{fig})|(?:{fig})\s*(?:-?ish|or\s+so)\b"
            ))
            .ok()?,
            precise: Regex::new(&format!(
                r"(?i)\b(?:actually|exactly|precisely|to\s+be\s+(?:exact|precise|accurate)|be\s+precise|correction|i\s+checked|checked\s+(?:the|my)\s+\w+|make\s+(?:it|that)|scratch\s+that|i\s+mean|turns\s+out|on\s+the\s+(?:receipt|invoice|statement))\b[^.!?\n]{{0,40}}?(?:{fig})|(?:{fig})\s*(?:exactly|even|precisely|flat|on\s+the\s+dot|on\s+the\s+nose|to\s+the\s+cent)\b"
            ))
            .ok()?,
            abbreviated: Regex::new(&format!(
                r"(?i)\b(?:approx|appr|ca|circa|est|abt|apx)\.\s*(?:(?:{CUR_BEFORE})\s?)?(?:{NUM})(?:\s?(?:{CUR_AFTER}))?"
            ))
            .ok()?,
            vague_tail: Regex::new(&format!(
                r"(?i)(?:(?:{CUR_BEFORE})\s?)?\b\d{{1,4}}\s*-\s*(?:something|odd)\b|(?:(?:{CUR_BEFORE})\s?)?\b\d{{1,4}}\s+odd\s+(?:{CUR_AFTER})"
            ))
            .ok()?,
            or_so_after_word: Regex::new(&format!(
                r"(?i)(?:{NUM})\s*([^\s\d.,!?;:]{{1,10}})\s+(?:or\s+so|or\s+thereabouts|give\s+or\s+take|or\s+something)\b"
            ))
            .ok()?,
            loose: Regex::new(&format!(
                r"(?i)\b(?:(?:was|is|it's|be|been)\s+like|just\s+(?:under|over|below|above|shy\s+of)|a\s+(?:bit|little|touch)\s+(?:under|over|less\s+than|more\s+than)|north\s+of|somewhere\s+(?:around|near|about|between)|in\s+the\s+region\s+of|in\s+the\s+ballpark\s+of|give\s+or\s+take)\s+(?:{fig})|(?:{fig})\s*,?\s+(?:or\s+something(?:\s+like\s+that)?|or\s+thereabouts|give\s+or\s+take|more\s+or\s+less)\b"
            ))
            .ok()?,
            indefinite: Regex::new(
                r"(?i)\b(?:some\s+amount|a\s+(?:certain|small|fair)\s+amount|an?\s+(?:partial|part)\s+(?:refund|credit|reimbursement)|partial\s+(?:refund|credit|reimbursement)|a\s+portion\s+of|part\s+of\s+(?:the|my|our)\s+(?:money|payment|price|invoice|amount))\b",
            )
            .ok()?,
            indefinite_kept: Regex::new(
                r"(?i)\b(?:some\s+(?:money|cash|compensation|refund|credit)|something\s+back|a\s+(?:bit|little)\s+(?:of\s+money\s+)?back|some\s+of\s+(?:my|the|our)\s+money)\b",
            )
            .ok()?,
            keeps: Regex::new(
                r"(?i)\b(?:i|we)(?:'ll|\s+will|\s+would|'d|\s+can|\s+could|\s+am\s+happy\s+to|\s+don'?t\s+mind)?\s+(?:just\s+)?keep(?:ing)?\s+(?:it|them|the\s+\w+|this)\b|\bdon'?t\s+want\s+to\s+(?:send|return)\b|\bno\s+need\s+to\s+(?:send|return)\b",
            )
            .ok()?,
            ask: Regex::new(
                r"(?i)\b(?:refund\w*|back|credit\w*|reimburs\w*|compensat\w*|claim\w*|return\w*|owe\w*|give|send|want|wants|pay|repay)\b",
            )
            .ok()?,
            money: Regex::new(&format!(r"(?i)(?:{CUR_BEFORE})|(?:{CUR_AFTER})|\d[.,]\d\d\b")).ok()?,
            unit: Regex::new(
                r"(?i)^(?:%|percent|days?|weeks?|months?|years?|yrs?|hours?|hrs?|min\w*|times|items?|pcs|pieces?|units?|km|miles?|kg|g|cm|mm|m|ml|l|people|orders?|stars?|x)$",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// The sentence of `text` around byte range `start..end`.
fn sentence(text: &str, start: usize, end: usize) -> &str {
    let stops = ['!', '?', '\n', ';'];
    // A point ends a sentence only before a space and not after an abbreviation's few letters.
    let from = text[..start]
        .char_indices()
        .rev()
        .find(|&(i, c)| {
            stops.contains(&c)
                || (c == '.'
                    && text[i + 1..].starts_with(char::is_whitespace)
                    && !text[..i].rsplit(|c: char| !c.is_alphabetic()).next().is_some_and(|w| {
                        matches!(w.to_lowercase().as_str(), "approx" | "appr" | "ca" | "circa" | "est" | "abt" | "apx")
                    }))
        })
        .map_or(0, |(i, _)| i + 1);
    let to = text[end..]
        .char_indices()
        .find(|&(i, c)| stops.contains(&c) || (c == '.' && text[end + i + 1..].starts_with(char::is_whitespace)))
        .map_or(text.len(), |(i, _)| end + i);
    &text[from..to]
}

/// What the customer's words settle before the clause steps read them: `Some(None)` when an uncertain figure is
/// replaced by one marked exact (settled), `Some(Some(…))` when a figure is uncertain in a way the steps miss, `None`
/// to let the steps read it.
pub fn read(own: &str) -> Option<Option<(Unsettled, String)>> {
    let r = res()?;
    // Settled by a correction: an uncertain construction, then (after it) one figure a precision word marks.
    if let Some(u) = r.uncertain.find(own)
        && let Some(p) = r.precise.find_at(own, u.end())
    {
        // The precise figure must not itself be a range or alternatives, nor be followed by another uncertain one.
        let rest = &own[p.end()..];
        if !r.uncertain.is_match(p.as_str()) && !r.uncertain.is_match(rest) {
            return Some(None);
        }
    }
    for m in r.abbreviated.find_iter(own) {
        if r.ask.is_match(sentence(own, m.start(), m.end()))
            && r.money.is_match(&m.as_str()[m.as_str().find('.')? + 1..])
        {
            return Some(Some((Unsettled::Approximation, m.as_str().to_string())));
        }
    }
    for m in r.vague_tail.find_iter(own) {
        // "40-something days": a count of something else, no money.
        let next = own[m.end()..].split_whitespace().next().unwrap_or("");
        if !r.unit.is_match(next.trim_end_matches(|c: char| !c.is_alphanumeric()))
            && r.ask.is_match(sentence(own, m.start(), m.end()))
        {
            return Some(Some((Unsettled::Approximation, m.as_str().to_string())));
        }
    }
    for m in r.loose.find_iter(own) {
        let s = sentence(own, m.start(), m.end());
        if r.ask.is_match(s) && !r.unit.is_match(m.as_str().split_whitespace().last().unwrap_or("")) {
            return Some(Some((Unsettled::Approximation, m.as_str().to_string())));
        }
    }
    // An indefinite quantity of money asked with no figure anywhere in the customer's words: a partial with no figure.
    if !r.money.is_match(own) && !own.chars().any(|c| c.is_ascii_digit()) {
        let kept = r.keeps.is_match(own);
        for m in r.indefinite.find_iter(own).chain(r.indefinite_kept.find_iter(own).filter(|_| kept)) {
            // "the partial refund", "your partial credit": one already named (an offer answered), not an open sum.
            let before = own[..m.start()].trim_end().to_lowercase();
            let definite =
                ["the", "that", "this", "your"].iter().any(|w| before.ends_with(&format!(" {w}")) || before == *w);
            if !definite && r.ask.is_match(sentence(own, m.start(), m.end())) {
                return Some(Some((Unsettled::Hedged, m.as_str().to_string())));
            }
        }
    }
    for c in r.or_so_after_word.captures_iter(own) {
        let (Some(m), Some(word)) = (c.get(0), c.get(1)) else { continue };
        if !r.unit.is_match(word.as_str()) && r.ask.is_match(sentence(own, m.start(), m.end())) {
            return Some(Some((Unsettled::Approximation, m.as_str().to_string())));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uncertain_in_the_customers_words() {
        for t in [
            "Handle snapped off the pot. Refund approx. €40 for it.",
            "pls refund ca. 70 EUR for the fly",
            "I want back 250 грн or so, please.",
            "refund me 40-something dollars for the scratch",
            "send back 30 odd quid and we're square",
        ] {
            assert!(matches!(read(t), Some(Some(_))), "{t}");
        }
    }

    #[test]
    fn settled_or_not_money() {
        for t in [
            "The jacket is approximately 3 week old and the seam open. Please refund RM 120.",
            "the case is approx. 3 weeks old, refund 45 please",
            "Please refund $32.40.",
            "it took 40-something days to arrive, refund 20 please",
        ] {
            assert!(!matches!(read(t), Some(Some(_))), "{t}");
        }
        for t in [
            "Hi, I first thought it was $30-35, but I checked the receipt: $32.40 exactly for the cutting board. Please refund $32.40.",
            "For the dented pan I'd say 20-25... actually let me be precise: 22 even. Thank you!",
            "refund about 15, make that 14.50 exactly",
        ] {
            assert_eq!(read(t), Some(None), "{t}");
        }
        for t in ["refund 20 or 25, not sure", "refund about 20", "refund 32.40 exactly or maybe 30-35"] {
            assert_ne!(read(t), Some(None), "{t}");
        }
    }
}
