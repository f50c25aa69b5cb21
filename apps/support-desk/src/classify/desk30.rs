//! desk30 (issue #16, ADR-1099): the order's amount is never the fallback for an ask that names a figure the reader
//! could not settle. A request read as naming no amount is for the order's amount (the reference semantics) — but not
//! when the customer's own figure is unsettled (said approximately, or offered as alternatives) and the ask points
//! back at it ("please refund about that much", "refund that amount") or asks money back for a part of the order
//! ("the money back for those two", "for the broken ones"): then the amount cannot be settled (U1), never the
//! order's whole amount.

use regex::Regex;
use std::sync::OnceLock;

struct Res {
    pointer: Regex,
    part: Regex,
    alternatives: Regex,
}

fn res() -> Option<&'static Res> {
    static R: OnceLock<Option<Res>> = OnceLock::new();
    R.get_or_init(|| {
        Some(Res {
            // An ask pointing back at a figure told before it.
            pointer: Regex::new(concat!(
                r"(?i)\b(?:about|around|roughly|approximately|nearly|almost)?\s*(?:that|this|the\s+same)\s+",
                r"(?:much|amount|sum|figure|price|money|number)\b|\b(?:about|around|roughly)\s+that\b",
            ))
            .ok()?,
            // An ask for some of the order's items: a count or a demonstrative for them.
            part: Regex::new(concat!(
                r"(?i)\bfor\s+(?:those|these|the|both|each\s+of)\s+(?:(?:two|three|four|five|\d+)\b|ones?\b)",
                r"|\bfor\s+(?:those|these)\b|\bfor\s+(?:the|those|these)\s+(?:\w+\s+){0,2}?(?:broken|damaged|faulty|torn|missing)\b",
            ))
            .ok()?,
            // Two money figures offered on either side of an "or" ("18 pound or maybe 22", "$15 or $18").
            alternatives: Regex::new(concat!(
                r"(?i)[$£€]?\d+(?:[.,]\d{1,2})?\s*(?:pounds?|quid|dollars?|bucks|euros?|eur|usd|gbp)?\s*,?\s+",
                r"or\s+(?:maybe\s+|perhaps\s+|possibly\s+|was\s+it\s+)?[$£€]?\d+(?:[.,]\d{1,2})?\b",
            ))
            .ok()?,
        })
    })
    .as_ref()
}

/// Whether the customer names a money figure they could not settle — one the typed reader reads as approximate, or
/// two offered as alternatives — other than the order's amount, and an asking sentence (per `asks`) points back at a
/// figure or asks money back for a part: then the request names a figure, unsettled, and is never for the order's
/// amount.
pub fn unsettled_named(own: &str, order_cents: Option<i64>, asks: impl Fn(&str) -> bool) -> bool {
    let Some(r) = res() else { return false };
    let approximate = super::money::read(own)
        .into_iter()
        .any(|a| a.certainty == super::money::Certainty::Approximate && Some(a.cents) != order_cents);
    let offered = r.alternatives.is_match(own);
    if !(approximate || offered) {
        return false;
    }
    super::desk25::sentences(own).any(|s| asks(s) && (r.pointer.is_match(s) || r.part.is_match(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asks(s: &str) -> bool {
        let l = s.to_lowercase();
        l.contains("refund") || l.contains("back")
    }

    #[test]
    fn an_unsettled_figure_pointed_at_is_named() {
        assert!(unsettled_named("I paid about $20 for it. Please refund about that much.", Some(5000), asks));
        assert!(unsettled_named(
            "they were 18 pound or maybe 22. I want the money back for those two.",
            Some(6400),
            asks
        ));
        assert!(!unsettled_named("I paid $20 for it. Please refund it.", Some(5000), asks));
        assert!(!unsettled_named("I paid about $50. Please refund it.", Some(5000), asks));
    }
}
