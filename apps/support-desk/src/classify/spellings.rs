//! How one amount is spelt (ADR-1201): spellings that write one figure, read as that one figure.
//!
//! - **A restatement in words** after the figure, as cheques, invoices and formal letters write it: "EUR 500.00 (five
//!   hundred euro 00/100)", "USD 500.00 (five hundred)", "$120 (one hundred twenty dollars only)", "500,00 zł
//!   (pięćset złotych)". The parenthesis says the same figure again; read as a second figure it made two figures
//!   (or a stray "100" from "00/100") where the customer wrote one. Dropped only when its value is the figure's.
//! - **Digits with a scale word**: "5 hundred", "2 thousand", "1.5 thousand" are 500, 2000, 1500 (not 5, 2, 1.5).
//! - **An exactness word after the figure** ("A$500 even.", "$40 flat", "£25 sharp", "12.00 exactly"): it says the
//!   figure is exact; left in, "even" read as the thing the figure prices.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    restated: Regex,
    scaled: Regex,
    exact_after: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            // A figure (currency before or after optional), then a parenthesis of words (and a "NN/100" minor part).
            restated: Regex::new(
                r"(?i)(?P<fig>\d[\d,. ]*\d|\d)(?P<cur>\s?(?:[a-z]{3}|zł|zl|€|\$|£|dollars?|euros?|pounds?))?\s*\((?P<words>[\w\s-]+?(?:\s*(?:and\s+)?\d{1,2}\s*/\s*100)?(?:\s+only)?)\s*\)",
            )
            .ok()?,
            scaled: Regex::new(r"(?i)\b(?P<n>\d+(?:[.,]\d+)?)\s+(?P<scale>hundred|thousand|grand)\b").ok()?,
            exact_after: Regex::new(
                r"(?i)(?P<fig>\d(?:\s?(?:[a-z]{3}|zł|€|dollars?|euros?|pounds?|quid|bucks))?)\s+(?:even|flat|sharp|exactly|precisely|on\s+the\s+dot)(?P<end>\s*(?:[.,;:!)\n]|$))",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// The text with each of the spellings above written as its one figure.
pub fn plain(text: &str) -> String {
    let Some(p) = patterns() else { return text.to_string() };
    let text = p.restated.replace_all(text, |c: &regex::Captures| {
        let cur = c.name("cur").map_or("", |m| m.as_str());
        match (super::money::number(c["fig"].trim()), restated_value(&c["words"])) {
            (Some(fig), Some((major, minor))) if fig / 100 == major && minor.is_none_or(|m| m == fig % 100) => {
                format!("{}{cur}", &c["fig"])
            }
            _ => c[0].to_string(),
        }
    });
    let text = p.scaled.replace_all(&text, |c: &regex::Captures| {
        let scale = if c["scale"].eq_ignore_ascii_case("hundred") { 100.0 } else { 1000.0 };
        match c["n"].replace(',', ".").parse::<f64>() {
            Ok(n) if (n * scale).fract() == 0.0 => format!("{}", (n * scale) as i64),
            _ => c[0].to_string(),
        }
    });
    p.exact_after.replace_all(&text, "${fig}${end}").into_owned()
}

/// The major and (when written "NN/100") minor part a parenthesis of number words says; `None` when it names none.
fn restated_value(words: &str) -> Option<(i64, Option<i64>)> {
    static MINOR: OnceLock<Option<Regex>> = OnceLock::new();
    let minor_re = MINOR.get_or_init(|| Regex::new(r"(?i)(?:and\s+)?(\d{1,2})\s*/\s*100").ok()).as_ref()?;
    let minor = minor_re.captures(words).and_then(|c| c[1].parse::<i64>().ok());
    let major_words = minor_re.replace_all(words, " ");
    let major = super::number_value(&major_words)?;
    Some((major, minor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restatements_in_words_are_the_figure() {
        assert_eq!(plain("a refund of EUR 500.00 (five hundred euro 00/100) for"), "a refund of EUR 500.00 for");
        assert_eq!(plain("credit of USD 500.00 (five hundred) against"), "credit of USD 500.00 against");
        assert_eq!(plain("$120 (one hundred twenty dollars only)"), "$120");
        // A parenthesis that says another figure or no figure stays.
        assert_eq!(plain("refund 50 (sixty with shipping)"), "refund 50 (sixty with shipping)");
        assert_eq!(plain("refund 50 (the blue one)"), "refund 50 (the blue one)");
    }

    #[test]
    fn digits_with_a_scale_word() {
        assert_eq!(plain("refund of 5 hundred for the stand"), "refund of 500 for the stand");
        assert_eq!(plain("2 thousand"), "2000");
    }

    #[test]
    fn exactness_words_after_a_figure() {
        assert_eq!(plain("A$500 even. That's"), "A$500. That's");
        assert_eq!(plain("$40 flat"), "$40");
        assert_eq!(plain("even if it is 40 even cheaper"), "even if it is 40 even cheaper");
    }
}
