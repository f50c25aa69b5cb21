//! desk25's kinds of reading (issue 16, ADR-1036…ADR-1040): small typed steps the thread reading of
//! [`super::speakers`] and the grammar share, each tested on constructions written for it (never an eval set's
//! sentences):
//!
//! - [`sentences`]: a text cut into sentences at ". ", "!", "?" or a line's end — never at a decimal point.
//! - [`limited_asks`]: "only asking for the 20.00" limits an ask to a figure; the limiting word ("only", "just") is
//!   no disclaimer ("just asking, how long …" still is one).

use regex::Regex;
use std::sync::OnceLock;

/// The sentences of a text, each with its end mark: cut after "!", "?", a line's end, or a "." that ends the text or
/// is followed by a space (so "22.00" stays whole).
pub fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut cuts = Vec::new();
    for (i, b) in bytes.iter().enumerate() {
        let end = match b {
            b'!' | b'?' | b'\n' => true,
            b'.' => bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()),
            _ => false,
        };
        if end {
            cuts.push(i + 1);
        }
    }
    if cuts.last() != Some(&text.len()) {
        cuts.push(text.len());
    }
    let mut start = 0;
    cuts.into_iter().filter_map(move |c| {
        let s = &text[start..c];
        start = c;
        (!s.is_empty()).then_some(s)
    })
}

/// The text with a limiting word before "asking for" a figure dropped: "I'm only asking for the 9.50" is "I'm asking
/// for the 9.50" (a request), where "just asking" alone disclaims one.
pub fn limited_asks(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:just|only|purely|simply|merely)\s+(asking\s+(?:you\s+)?for\s+(?:the\s+|my\s+|a\s+|an\s+)?(?:[$€£]\s?)?\d)",
        )
        .ok()
    })
    .as_ref()
    .map_or_else(|| text.to_string(), |re| re.replace_all(text, "$1").into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_are_not_cut_at_a_decimal_point() {
        let s: Vec<&str> = sentences("We refunded 22.00 to you. Allow a few days!\nThanks").collect();
        assert_eq!(s, vec!["We refunded 22.00 to you.", " Allow a few days!", "\n", "Thanks"]);
    }

    #[test]
    fn a_limiting_word_before_asking_for_a_figure_goes() {
        assert_eq!(limited_asks("I'm only asking for the 9.50 now"), "I'm asking for the 9.50 now");
        assert_eq!(limited_asks("just asking, how long?"), "just asking, how long?");
    }
}
