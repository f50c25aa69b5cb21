//! A figure restated in parentheses (amount45, issue 16, ADR-1532): a number written one way and restated in digits
//! right after it, in parentheses — "three hundred (300)", "三十 dollar (30)", "fifty euro (50)", "300 (300)" — is one
//! figure, whatever the reader made of the words. In a sentence that asks money back ("want compensation three hundred
//! (300) back", "give me back money 三十 dollar (30)") it is the figure asked: never the order's amount in its place.
//!
//! The words must say the same number as the digits (a number in English words, or the same digits); a numeral of
//! another script, which the reader cannot read, is taken as restated by the digits the writer put after it. A sentence
//! naming another money figure beside it is not this reading.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// Up to four words (or a run of another script's characters) and an optional currency word, then digits in
    /// parentheses.
    glossed: Regex,
    /// A word of money back in the sentence.
    ask_word: Regex,
    /// Another money figure (decimals or a currency sign) in the sentence.
    money: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            glossed: Regex::new(
                r"(?i)(?P<w>(?:\b[a-z]+[\s-]+){1,4}|\b\d{1,5}\s*|[^\x00-\x7F\s(]+\s*)(?:(?:dollars?|euros?|pounds?|eur|usd|gbp|bucks|quid)\s*)?\((?P<d>\d{1,5}(?:[.,]\d{2})?)\)",
            )
            .ok()?,
            ask_word: Regex::new(
                r"(?i)\b(?:refund\w*|back|credit\w*|reimburs\w*|compensat\w*|repay\w*|give\s+me|return\s+me|pay\s+me)\b",
            )
            .ok()?,
            money: Regex::new(
                r"(?i)(?:[$€£]\s?(?P<a>\d{1,5}(?:[.,]\d{2})?)|\b(?P<b>\d{1,5}[.,]\d{2})\b|\b(?P<c>\d{1,5})\s?(?:€|eur\b|euros?\b|usd\b|dollars?\b|pounds?\b|bucks\b))",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// The digits' value where the words before them say the same number (or are another script's numeral).
fn restated(words: &str, digits: &str) -> Option<i64> {
    let d = super::money::number(digits)?;
    let w = words.trim();
    if !w.is_ascii() {
        return Some(d);
    }
    if w.chars().all(|c| c.is_ascii_digit()) {
        return (super::money::number(w) == Some(d)).then_some(d);
    }
    // The longest tail of the words that reads as a number ("compensation three hundred" → "three hundred").
    let parts: Vec<&str> = w.split(|c: char| c.is_whitespace() || c == '-').filter(|p| !p.is_empty()).collect();
    (0..parts.len()).find_map(|i| {
        let tail = parts[i..].join(" ");
        super::number_value(&tail).filter(|n| *n * 100 == d)
    })?;
    Some(d)
}

/// The figure a sentence that asks money back names restated in parentheses (see the module doc); `None` when no
/// such sentence, or several figures.
pub fn asked(own: &str) -> Option<i64> {
    let p = patterns()?;
    let mut found = Vec::new();
    for s in super::desk25::sentences(own) {
        if !p.ask_word.is_match(s) {
            continue;
        }
        for c in p.glossed.captures_iter(s) {
            let (Some(w), Some(d), Some(whole)) = (c.name("w"), c.name("d"), c.get(0)) else { continue };
            let Some(v) = restated(w.as_str(), d.as_str()) else { continue };
            // Another money figure in the sentence: not this reading.
            let rest = format!("{} {}", &s[..whole.start()], &s[whole.end()..]);
            let other = p.money.captures_iter(&rest).any(|m| {
                let n = m.name("a").or_else(|| m.name("b")).or_else(|| m.name("c"));
                n.and_then(|n| super::money::number(n.as_str())) != Some(v)
            });
            if other {
                return None;
            }
            found.push(v);
        }
    }
    super::figures::one_distinct(found)
}

#[cfg(test)]
mod tests {
    use super::asked;

    #[test]
    fn the_patterns_compile() {
        assert!(super::patterns().is_some());
    }

    #[test]
    fn a_figure_restated_in_parentheses_is_asked() {
        assert_eq!(asked("I keep TV but want compensation three hundred (300) back."), Some(30000));
        assert_eq!(asked("Please give me back money 三十 dollar (30)."), Some(3000));
        assert_eq!(asked("I want back fifty euro (50) for the scratch."), Some(5000));
        assert_eq!(asked("I want compensation 300 (300) back."), Some(30000));
    }

    #[test]
    fn a_gloss_that_says_another_number_or_tells_a_price_is_not_asked() {
        assert_eq!(asked("I want back fifty euro (60) for the scratch."), None);
        assert_eq!(asked("The lamp was three hundred (300). It is broken."), None);
    }
}
