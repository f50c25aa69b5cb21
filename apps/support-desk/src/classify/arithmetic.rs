//! Arithmetic the customer writes (amount45, issue 16, ADR-1533): which figure is asked when the asking sentence works
//! it out or names it as a difference.
//!
//! - **A worked sum** ([`worked_sum`]): an asking sentence that adds figures and writes what they come to ("full
//!   reimbursement incl. shipping — 20.00 item + 4.95 delivery = 24.95", "refund 12.00 + 3.50 postage = 15.50") asks
//!   the result, where the parts add up to it and it is at most the order's amount (above it, the over-ask steps
//!   read it: counts.rs, ADR-1481).
//! - **A difference** ([`difference`]): a figure said to be the difference between what was charged and what was due
//!   ("overcharged by 1.00", "charged 4.00 too much", "the difference (9.99)") and an ask for it ("refund it", "refund
//!   the difference", "give back the extra") asks that figure — never the order's amount or the invoice's total in its
//!   place.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// A money figure: decimals, or a currency sign.
    figure: Regex,
    /// "A + B (+ C) = R": the figures of a sum and its result, with words naming each part between them.
    sum: Regex,
    /// A word of money back.
    ask_word: Regex,
    /// The overcharge named with its figure: "overcharged (me) by 1.00", "charged 4.00 too much", "1.00 more than".
    over_by: Regex,
    over_after: Regex,
    /// An ask pointing at the difference: "refund it", "the difference", "the extra", "the overcharge".
    pointer: Regex,
    /// "the difference" with its one figure in the sentence.
    difference: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        const MONEY: &str = r"(?:(?:usd|eur|gbp|cad|aud)\s?|[$€£]\s?)?\d{1,5}[.,]\d{2}(?:\s?(?:€|eur\b|usd\b|gbp\b))?";
        Some(Patterns {
            // A figure with its cents, or a whole one with its currency ("$20 cheaper now").
            figure: Regex::new(
                r"(?i)(?:[$€£]\s?|\b(?:usd|eur|gbp|cad|aud)\s?)?(?P<n>\d{1,5}[.,]\d{2})\b|(?:[$€£]\s?|\b(?:usd|eur|gbp|cad|aud)\s?)(?P<w>\d{1,5})\b",
            )
            .ok()?,
            sum: Regex::new(&format!(
                r"(?i)(?P<parts>{MONEY}(?:\s+[a-z]+){{0,2}}(?:\s*(?:\+|\bplus\b)\s*{MONEY}(?:\s+[a-z]+){{0,2}})+)\s*=\s*(?P<r>{MONEY})"
            ))
            .ok()?,
            ask_word: Regex::new(r"(?i)\b(?:refund\w*|reimburs\w*|credit\w*|money\s+back|back|compensat\w*)\b").ok()?,
            over_by: Regex::new(r"(?i)\bover-?charg\w*\s+(?:(?:me|us)\s+)?by\s+(?:[$€£]\s?)?(?P<n>\d{1,5}[.,]\d{2})\b")
                .ok()?,
            over_after: Regex::new(
                r"(?i)\bcharg\w*\s+(?:(?:me|us)\s+)?(?:[$€£]\s?)?(?P<n>\d{1,5}[.,]\d{2})\s+(?:too\s+much|more\s+than|extra)\b",
            )
            .ok()?,
            pointer: Regex::new(
                r"(?i)\b(?:refund|credit|reverse|return|give\s+back|pay\s+back|send\s+back)\s+(?:me\s+|us\s+)?(?:it|that|this|the\s+(?:difference|extra|overcharge|excess))\b",
            )
            .ok()?,
            difference: Regex::new(r"(?i)\bthe\s+(?:difference|overcharge|excess)\b").ok()?,
        })
    })
    .as_ref()
}

fn values(p: &Patterns, s: &str) -> Vec<i64> {
    p.figure.captures_iter(s).filter_map(|c| super::money::number(c.name("n").or(c.name("w"))?.as_str())).collect()
}

/// A worked sum in an asking sentence (see the module doc): its result, at most `order`.
pub fn worked_sum(own: &str, order: i64) -> Option<i64> {
    let p = patterns()?;
    let mut found = Vec::new();
    for s in super::desk25::sentences(own) {
        if !p.ask_word.is_match(s) {
            continue;
        }
        for c in p.sum.captures_iter(s) {
            let (Some(parts), Some(r)) = (c.name("parts"), c.name("r")) else { continue };
            let Some(result) = values(p, r.as_str()).first().copied() else { continue };
            let total: i64 = values(p, parts.as_str()).iter().sum();
            if (total - result).abs() <= 1 && result <= order {
                found.push(result);
            }
        }
    }
    super::figures::one_distinct(found)
}

/// A difference worked out by the customer where money is asked ("Please refund $80.00 - $15.00 restocking fee =
/// $65.00", "Refund due: $120.00 (paid) - $30.00 (kept the stand) = $90.00", "I calculated it myself: $120.00 - $30.00
/// = $90.00. That's what I want back"; outside attack 59, `E_own_arithmetic`): the result, when it is the difference
/// and at most `order`.
pub fn worked_difference(own: &str, order: i64) -> Option<i64> {
    let p = patterns()?;
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let re = RE
        .get_or_init(|| {
            const MONEY: &str = r"(?:(?:usd|eur|gbp|cad|aud)\s?|[$€£]\s?)?\d{1,5}[.,]\d{2}(?:\s?(?:€|eur\b|usd\b|gbp\b))?";
            Regex::new(&format!(
                r"(?i)(?P<a>{MONEY})(?:\s*\([^)\n]{{0,30}}\))?(?:\s+[a-z]+){{0,2}}\s*[-−–]\s*(?P<b>{MONEY})(?:\s*\([^)\n]{{0,30}}\))?(?:\s+[a-z]+){{0,3}}\s*=\s*(?P<r>{MONEY})"
            ))
            .ok()
        })
        .as_ref()?;
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    let mut found = Vec::new();
    for (i, s) in sentences.iter().enumerate() {
        let next = sentences.get(i + 1).copied().unwrap_or("");
        let asks = p.ask_word.is_match(s) || (p.ask_word.is_match(next) && next.split_whitespace().count() <= 8);
        if !asks {
            continue;
        }
        for c in re.captures_iter(s) {
            let value = |n: &str| c.name(n).and_then(|m| values(p, m.as_str()).first().copied());
            let (Some(a), Some(b), Some(r)) = (value("a"), value("b"), value("r")) else { continue };
            if (a - b - r).abs() <= 1 && r > 0 && r <= order {
                found.push(r);
            }
        }
    }
    super::figures::one_distinct(found)
}

/// A difference asked (see the module doc): its figure, below `order`.
pub fn difference(own: &str, order: i64) -> Option<i64> {
    let p = patterns()?;
    // "the difference between what I paid and $45" names the rest of the order, not a difference's figure
    // ([`remainder`], outside attack 53).
    if remainder(own, order).is_some() {
        return None;
    }
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    let mut found = Vec::new();
    // The difference named in the sentence that asks for it, with its one figure.
    for s in &sentences {
        if p.ask_word.is_match(s)
            && p.difference.is_match(s)
            && let Some(v) = super::figures::one_distinct(values(p, s))
        {
            found.push(v);
        }
    }
    // The difference asked between a price paid and the price now ("Refund the difference: I paid 49.99 and it is now
    // 19.99 on your site", attack 47), no figure named as the difference itself: the one minus the other.
    static NOW: OnceLock<Option<Regex>> = OnceLock::new();
    let now = NOW.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:now|currently|today|on\s+sale|reduced|dropped|lowered|cheaper|went\s+down|price\s+match\w*|advertised|listed|should\s+(?:have\s+)?been|supposed\s+to\s+be)\b",
        )
        .ok()
    });
    let named = |s: &str| {
        let lower = s.to_lowercase();
        lower.find("difference").is_some_and(|i| {
            let rest = lower[i + "difference".len()..].trim_start_matches(|c: char| " :(,-=".contains(c));
            let rest = rest.strip_prefix("of ").or_else(|| rest.strip_prefix("is ")).unwrap_or(rest);
            rest.trim_start_matches(['$', '€', '£', ' ']).starts_with(|c: char| c.is_ascii_digit())
        })
    };
    if found.is_empty() {
        for s in &sentences {
            let mut v = values(p, s);
            v.sort_unstable();
            v.dedup();
            if p.ask_word.is_match(s)
                && p.difference.is_match(s)
                && now.as_ref().is_some_and(|n| n.is_match(s))
                && !named(s)
                && let [low, high] = v.as_slice()
            {
                found.push(high - low);
            }
        }
    }
    // The difference asked with no figure of its own, the two prices told in other sentences ("I paid 49.99 but it was
    // advertised at 39.99. Refund the overcharge.", outside attack 48): the one minus the other.
    if found.is_empty()
        && now.as_ref().is_some_and(|n| n.is_match(own))
        && sentences.iter().any(|s| p.ask_word.is_match(s) && p.difference.is_match(s) && values(p, s).is_empty())
    {
        let mut v = values(p, own);
        v.sort_unstable();
        v.dedup();
        if let [low, high] = v.as_slice() {
            found.push(high - low);
        }
    }
    // The overcharge told with its figure, and an ask pointing at it.
    if found.is_empty() && sentences.iter().any(|s| p.pointer.is_match(s)) {
        for s in &sentences {
            for c in p.over_by.captures_iter(s).chain(p.over_after.captures_iter(s)) {
                if let Some(v) = c.name("n").and_then(|n| super::money::number(n.as_str())) {
                    found.push(v);
                }
            }
        }
    }
    super::figures::one_distinct(found).filter(|v| *v > 0 && *v < order)
}

/// The rest of the order asked after a figure is kept back or left out ("Keep $10 for restocking and refund the rest",
/// "Refund everything except the $150 accessory", outside attack 48): the order's amount minus that figure.
pub fn remainder(own: &str, order: i64) -> Option<i64> {
    static RES: OnceLock<Option<(Regex, Regex, Regex, Regex)>> = OnceLock::new();
    let (kept, except, less, then_off) = RES
        .get_or_init(|| {
            const FIG: &str = r"(?:(?:[$€£]|usd|eur|gbp)\s?)?(?P<n>\d{1,5}(?:[.,]\d{2})?)(?:\s?(?:€|eur|usd|gbp|dollars?|euros?|pounds?))?";
            Some((
                Regex::new(&format!(
                    r"(?i)\b(?:keep|deduct|take\s+off|subtract|withhold|retain|minus|less)\s+(?:the\s+|a\s+)?{FIG}\b(?:[^.!?\n]|\.\d){{0,50}}?\b(?:refund|return|give\s+back|send\s+back|pay\s+back|credit)\s+(?:me\s+|us\s+)?(?:the\s+)?(?:rest|remainder|balance|remaining\s+\w+)\b"
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)\b(?:refund|return|credit|reimburse)\s+(?:me\s+|us\s+)?(?:everything|all|the\s+(?:whole\s+)?(?:order|lot))\s+(?:except|but|apart\s+from|minus|less|other\s+than)\s+(?:for\s+)?(?:the\s+)?{FIG}"
                ))
                .ok()?,
                // The whole order asked less a figure (outside attack 52): "Refund the full amount less $45 for the
                // part I'm keeping", "Refund it, minus the $45 store credit", "Full refund minus $45 is fine",
                // "Refund what I paid, net of the $45 gift card", "Refund $49.99 less the $45 you already credited"
                // (the order's own figure, checked below).
                Regex::new(&format!(
                    r"(?i)(?:\b(?:refund|return|credit|reimburse|pay\s+back|give\s+back)\s+(?:(?:me|us)\b[,\s]*)?(?:(?:the\s+)?(?:full|whole|entire|total)\s+(?:amount|price|sum|order|cost|purchase)|the\s+(?:whole\s+)?(?:order|lot|purchase)|it|everything|all\s+of\s+it|what\s+i\s+paid|in\s+full|(?:[$€£]\s?)?(?P<whole>\d{{1,5}}[.,]\d{{2}}))?|\b(?:full|complete|whole|total)\s+refund)[,\s]*(?:[a-z']+\s+){{0,3}}?(?:less|minus(?:\s+what\s+the)?|deducting|net\s+of|after\s+deducting|taking\s+off|take\s+off|bar|barring|save\s+for|excluding|except(?:\s+for)?|apart\s+from|(?:but\s+)?subtract(?:ing)?|after\s+taking\s+away|taking\s+away|(?:but\s+)?hold(?:ing)?\s+back|keep(?:ing)?\s+back)\s+(?:the\s+|a\s+|an\s+)?{FIG}"
                ))
                .ok()?,
                // The whole order asked, then a figure taken off in the next sentence: "Refund the order. Take off $40
                // for the cable I'm keeping."
                Regex::new(&format!(
                    r"(?i)\b(?:refund|return|credit|reimburse)\s+(?:me\s+|us\s+)?(?:the\s+(?:whole\s+|full\s+)?(?:order|lot|amount)|everything|it\s+all|in\s+full)\s*[.!;]\s+(?:but\s+|please\s+|pls\s+)?(?:take\s+off|deduct|subtract|minus|knock\s+off|you\s+can\s+keep|keep)\s+(?:the\s+|a\s+)?{FIG}"
                ))
                .ok()?,
            ))
        })
        .as_ref()?;
    // Each shape its own regex: one figure group per pattern.
    static MORE: OnceLock<Vec<Regex>> = OnceLock::new();
    let more = MORE.get_or_init(|| {
        const FIG: &str = r"(?:(?:[$€£]|usd|eur|gbp)\s?)?(?P<n>\d{1,5}(?:[.,]\d{2})?)(?:\s?(?:€|eur|usd|gbp|dollars?|euros?|pounds?))?";
        [
            // Outside attack 59 (`R_fee_deducted`): the order's figure asked less a fee in any determiner ("Please
            // refund $80.00 minus your $12.00 restocking fee", "$80.00 back please, minus $12.00 for the return
            // label", "Refund the $80.00 but keep $12.00 for the restocking fee").
            r"(?:[$€£]\s?)?(?P<whole>\d{1,5}[.,]\d{2})(?:\s?(?:€|eur|usd|gbp))?(?:\s+(?:back|order|total|to\s+my\s+card|to\s+my\s+account|to\s+the\s+card|please|pls))*\s*[,\s-]*(?:(?:but|and|then)\s+)?(?:less|minus|without|excluding|keep(?:ing)?|withhold(?:ing)?|retain(?:ing)?|hold(?:ing)?\s+back|deduct(?:ing)?|after\s+deducting|net\s+of|taking\s+off|take\s+off|subtract(?:ing)?)\s+(?:the\s+|your\s+|a\s+|an\s+|my\s+|their\s+)?",
            // The order's figure asked, then a figure taken off in the next sentence ("Refund $110.90. Deduct $5.00 for
            // the label you emailed me", outside attack 61).
            r"(?:[$€£]\s?)?(?P<whole>\d{1,5}[.,]\d{2})(?:\s?(?:€|eur|usd|gbp))?\s*[.!]\s+(?:please\s+|pls\s+|but\s+)?(?:deduct|subtract|take\s+off|minus|less|keep|withhold|retain|hold\s+back)\s+(?:the\s+|your\s+|a\s+|an\s+)?",
            r"\bthe\s+difference\s+between\s+what\s+(?:i|we)\s+paid\s+and\s+(?:the\s+)?",
            r"\b(?:refund|return|credit)\s+(?:me\s+)?the\s+(?:balance|rest|remainder)\s+(?:after|once|minus|less)\s+(?:you\s+deduct\s+)?(?:the\s+|a\s+)?",
            r"\bwhat'?s\s+left\s+(?:once|after|when)\s+(?:you\s+)?(?:deduct|subtract|take\s+off|take\s+away)\s+(?:the\s+|a\s+)?",
            r"\b(?:refund|return|credit)\s+(?:me\s+)?(?:it\s+all|everything|the\s+(?:whole\s+)?(?:order|lot))[,\s]+",
            // "Refund $69.95. Take $15.00 off for the restocking fee." (outside attack 61).
            r"(?:[$€£]\s?)?(?P<whole>\d{1,5}[.,]\d{2})(?:\s?(?:€|eur|usd|gbp))?\s*[.!]\s+(?:please\s+|pls\s+|but\s+|just\s+)?take\s+",
        ]
        .iter()
        .zip(["", "", "", "", "", r"\s+off\b", r"\s+off\b"])
        .filter_map(|(head, tail)| Regex::new(&format!("(?i){head}{FIG}{tail}")).ok())
        .collect()
    });
    // A fee named first, then the order's figure asked less it ("I know there's a $12.00 restocking fee, so refund the
    // $80.00 less that").
    static THAT: OnceLock<Option<Regex>> = OnceLock::new();
    let that = THAT.get_or_init(|| {
        Regex::new(r"(?i)(?:[$€£]\s?)?(?P<n>\d{1,5}(?:[.,]\d{2})?)\s+(?:[\w-]+\s+){0,2}?(?:fee|charge|cost|label)\b[^.!?\n]{0,40}?\b(?:refund|return|credit|reimburse)\s+(?:me\s+|us\s+)?(?:the\s+|my\s+)?(?:[$€£]\s?)?(?P<whole>\d{1,5}[.,]\d{2})\s+(?:(?:less|minus|without)\s+(?:that|it|this|the\s+fee|the\s+charge)|after\s+(?:taking|deducting|subtracting)\s+(?:that|it|this|the\s+fee)(?:\s+off)?)\b").ok()
    });
    // The figure taken off named before the whole, or after it in a sentence of its own.
    static FULL: OnceLock<Vec<Regex>> = OnceLock::new();
    let full = FULL.get_or_init(|| {
        [
            // "Happy for you to subtract the $12.00 restocking fee from the $59.15 refund".
            r"(?i)\b(?:subtract|deduct|take)\s+(?:off\s+)?(?:the\s+|your\s+|a\s+|an\s+)?(?:[$€£]\s?)?(?P<n>\d{1,5}[.,]\d{2})[^.!?\n]{0,40}?\bfrom\s+(?:the|my|your)\s+(?:[$€£]\s?)?(?P<whole>\d{1,5}[.,]\d{2})",
            // "Refund $124.25, I understand $4.50 is deducted for the return label".
            r"(?i)(?:[$€£]\s?)?(?P<whole>\d{1,5}[.,]\d{2})[^.!?\n]{0,40}?(?:[$€£]\s?)?(?P<n>\d{1,5}[.,]\d{2})\s+(?:is|will\s+be|gets|would\s+be)\s+(?:deducted|taken\s+off|withheld|kept|subtracted)\b",
        ]
        .iter()
        .filter_map(|r| Regex::new(r).ok())
        .collect()
    });
    let found: Vec<i64> = [kept, except, less, then_off]
        .into_iter()
        .chain(that.as_ref())
        .chain(more.iter())
        .chain(full.iter())
        .flat_map(|re| {
            re.captures_iter(own)
                // A figure named as the whole is the order's own ("Refund $49.99 less the $45"), or it is no whole.
                .filter(|c| c.name("whole").is_none_or(|w| super::money::number(w.as_str()) == Some(order)))
                // "more or less 25" approximates a figure; it takes nothing off.
                .filter(|c| !c[0].to_lowercase().contains("more or less"))
                // "less 10%" takes a share off, no figure ([`share_off`]).
                .filter(|c| {
                    c.name("n").is_none_or(|n| {
                        let after = own[n.end()..].trim_start().to_lowercase();
                        !after.starts_with('%') && !after.starts_with("per")
                    })
                })
                .filter_map(|c| super::money::number(c.name("n")?.as_str()))
                .collect::<Vec<_>>()
        })
        .collect();
    super::figures::one_distinct(found).filter(|v| *v > 0 && *v < order).map(|v| order - v)
}

/// A share taken off the order's figure asked ("Refund the $80.00 less 10% please", "minus 15% restocking", outside
/// attack 59): a partial refund whose figure the customer did not name (U1).
pub fn share_off(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:refund|return|credit|reimburse|back)\b(?:[^.!?\n]|\.\d){0,40}?\b(?:less|minus|deducting|without|after\s+deducting)\s+(?:a\s+|the\s+|your\s+)?\d{1,2}(?:[.,]\d)?\s?(?:%|percent|per\s?cent)").ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(own))
}

#[cfg(test)]
mod tests {
    use super::{difference, remainder, worked_sum};

    #[test]
    fn the_rest_after_a_figure_kept_is_asked() {
        assert_eq!(remainder("Keep $10 for restocking and refund the rest.", 4999), Some(3999));
        assert_eq!(remainder("Refund everything except the $150 accessory.", 70000), Some(55000));
        assert_eq!(remainder("Refund the rest please, I keep the mug.", 4999), None);
        // Outside attack 52: the whole order asked less a figure.
        for ticket in [
            "Refund the full amount less $45 for the part I'm keeping.",
            "Refund it, minus the $45 store credit you already gave me.",
            "Full refund minus $45 is fine (I keep the stand).",
            "Refund what I paid, net of the $45 gift card.",
            "Refund $49.99 less the $45 you already credited.",
            "Please refund the order, deducting $45 for the accessories I keep.",
            "Refund the order. Take off $45 for the cable I'm keeping.",
            "Refund me, minus a $45 restocking fee is fine.",
        ] {
            assert_eq!(remainder(ticket, 4999), Some(499), "{ticket}");
        }
        // Outside attack 53: other words for the part taken off.
        for ticket in [
            "Refund everything bar $45, I'm keeping the lamp.",
            "Refund the order save for $45.",
            "Refund the difference between what I paid and $45.",
            "Refund the balance after the $45 voucher you gave me.",
            "Refund what's left once you deduct the $45 gift card.",
            "Refund the order excluding the $45 lamp I'm keeping.",
            "Refund it apart from the $45 lamp, which I'll keep.",
            "Refund the order but subtract the $45 credit already given.",
            "Refund it all, $45 off for the bit I keep.",
            "Refund the lot barring $45.",
            "Refund the order minus what the $45 lamp cost.",
            "Refund all of it after taking away $45.",
            "Refund it but hold back $45.",
            "Refund the order; you can keep $45 of it.",
        ] {
            assert_eq!(remainder(ticket, 4999), Some(499), "{ticket}");
        }
        assert_eq!(remainder("Refund $30 less the $5 fee.", 4999), None);
        assert_eq!(remainder("Refund me more or less 25 for the missing buttons please.", 7000), None);
        assert_eq!(remainder("Refund 30 minus 5 please.", 4999), None);
    }

    #[test]
    fn the_patterns_compile() {
        assert!(super::patterns().is_some());
    }

    #[test]
    fn a_worked_sum_in_the_ask_asks_its_result() {
        assert_eq!(
            worked_sum(
                "Resolution requested: full reimbursement incl. shipping — 20.00 item + 4.95 delivery = 24.95.",
                2495
            ),
            Some(2495)
        );
        assert_eq!(worked_sum("please refund 12.00 + 3.50 postage = 15.50", 4000), Some(1550));
        assert_eq!(worked_sum("please refund 12.00 + 3.50 postage = 16.50", 4000), None);
        assert_eq!(worked_sum("I paid 12.00 + 3.50 postage = 15.50 for it.", 4000), None);
    }

    #[test]
    fn a_difference_asked_asks_its_figure() {
        assert_eq!(difference("overcharged by 1.00 on delivery. refund it", 2999), Some(100));
        assert_eq!(difference("Invoice: 3 x 9.99 = 29.97. Please refund the difference (9.99).", 3996), Some(999));
        assert_eq!(difference("overcharged by 1.00 on delivery. the lamp is broken, refund everything", 2999), None);
        // Outside attack 48: a whole figure with its currency, and the two prices told apart from the ask.
        assert_eq!(difference("Refund the difference - it's $20 cheaper now.", 4999), Some(2000));
        assert_eq!(difference("I paid 49.99 but it was advertised at 39.99. Refund the overcharge.", 4999), Some(1000));
    }
}
