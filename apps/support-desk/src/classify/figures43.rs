//! amount43 (issue 16, ADR-1450…ADR-1453): which figure is asked — readings of a figure's role in its clause that the
//! older steps took for the ask.
//!
//! - **A multiple that prices a thing** ([`prices_a_thing`]): "the one she sells for twice the price", "it costs
//!   double the amount in town" — the multiple compares what a thing costs; it multiplies no ask (a request for
//!   "double my money back" stays an over-ask).
//! - **An apology that restates the figure** ([`apology_restated`]): "a refund of 45 - sorry, I'm looking at the wrong
//!   line on the invoice, it's 54.00 for the pair": an apology right after the figure asked, and in the same sentence
//!   a figure said as what "it is" — the later figure replaces the earlier one. A figure after an apology that is
//!   not said as what it is ("20 back - sorry, the lamp cost 40 in all") corrects nothing.

use regex::Regex;
use std::sync::OnceLock;

/// Whether the words right before a multiple make it the price of a thing: a verb of selling or costing ending at it
/// ("sells for", "sold it for", "costs", "priced at", "going for").
pub fn prices_a_thing(before: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:(?:sells?|sold|selling|goes|going|went|retails?|retailing|listed|buy|bought|get|got|charges?|charging)\s+(?:it\s+|them\s+|one\s+|those\s+|these\s+)?(?:for|at)|costs?|costing|priced\s+(?:at)?|worth)\s*$",
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(before))
}

/// The (start, end) of a figure taken back by an apology and the text of the figure that restates it, per the module
/// doc: `figures` are the text's money figures (start, end, cents), the bare whole number right before the apology
/// counted too.
pub fn apology_restated(text: &str, figures: &[(usize, usize, i64)]) -> Vec<(usize, usize, String)> {
    static RE: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((apology, bare_before, restated)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:sorry|oops|pardon|apologies)\b").ok()?,
                // The figure the apology follows at once: a money figure or a bare number ("of 45 - sorry").
                Regex::new(
                    r"(?i)(?:^|[^\w.,])(\d{1,5}(?:[.,]\d{2})?)\s*(?:euros?|eur|€|dollars?|usd|\$|pounds?|gbp|£|quid|bucks|zł|pln)?\s*[-–—,:;]?\s*$",
                )
                .ok()?,
                // Said as what it is, right before the later figure: "it's 54.00", "that's £54", "it is actually 54".
                Regex::new(r"(?i)\b(?:it'?s|it\s+is|it\s+was|that'?s|that\s+is|should\s+be)\s+(?:actually\s+|really\s+|in\s+fact\s+)?(?:[$€£]\s?)?$")
                    .ok()?,
            ))
        })
        .as_ref()
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in apology.find_iter(text) {
        let head = &text[..m.start()];
        let Some(c) = bare_before.captures(head) else { continue };
        let Some(before) = c.get(1) else { continue };
        let Some(v) = super::money::number(&before.as_str().replace(',', ".")) else { continue };
        // The later figure: the first money figure after the apology, in the same sentence.
        let Some(after) = figures.iter().find(|f| f.0 >= m.end()) else { continue };
        let gap = &text[m.end()..after.0];
        if gap.len() > 90 || gap.contains(['.', '?', '!', '\n']) || after.2 == v || !restated.is_match(gap) {
            continue;
        }
        out.push((before.start(), before.end(), text[after.0..after.1].to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multiple_that_prices_a_thing() {
        assert!(prices_a_thing("the one she sells for "));
        assert!(prices_a_thing("in town it costs "));
        assert!(!prices_a_thing("I want "));
        assert!(!prices_a_thing("give me "));
    }

    #[test]
    fn an_apology_restating_the_figure() {
        let text = "Please return 65 euro - sorry, I look at other bill, it is 56,00 euro.";
        let at = text.find("56,00").unwrap_or(0);
        let edits = apology_restated(text, &[(at, at + 5, 5600)]);
        assert_eq!(edits, vec![(14, 16, "56,00".to_string())]);
        let text = "I'd like 20.00 back - sorry for the bother, the whole set cost 60.00.";
        let at = text.find("60.00").unwrap_or(0);
        assert!(apology_restated(text, &[(at, at + 5, 6000)]).is_empty());
    }
}
