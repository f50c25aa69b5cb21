//! desk25's kinds of reading (issue 16, ADR-1036…ADR-1042): small typed steps the thread reading of
//! [`super::speakers`] and the grammar share, each tested on constructions written for it (never an eval set's
//! sentences):
//!
//! - [`sentences`]: a text cut into sentences at ". ", "!", "?" or a line's end — never at a decimal point.
//! - [`limited_asks`]: "only asking for the 20.00" limits an ask to a figure; the limiting word ("only", "just") is
//!   no disclaimer ("just asking, how long …" still is one).
//! - [`plain_puts`]: "pop the 18.50 back on my card" (a figure as the object) is a refund of it; "process return &
//!   full credit" puts the credit as the trade imperative's object (ADR-1042).
//! - [`itemised_total`]: a short list of demands, one figure a line, is asked as its total; over the order, X2
//!   (ADR-1041). A breakdown with its total, labelled fields and a letter's numbered paragraphs are no demands.
//! - [`injury_in_passing`]: something hot on a body part is an injury, however lightly told (E2, ADR-1041).

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
            b'.' => {
                bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) && !super::desk27::abbreviation_end(text, i)
            }
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

/// Colloquial verbs of putting a figure back ("pop the 18.50 back on my card", "bung 7.20 for the lid back", "stick
/// that £5 back on my account") read as a refund of that figure: only with a money figure as the object, so "put the
/// lamp back in its box" stays. And a return coordinated with a credit in trade jargon ("process return & full
/// credit", "arrange collection and credit") puts the credit as the imperative's object.
pub fn plain_puts(text: &str) -> String {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((puts, ret)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(
                    r"(?i)\b(?:pop|bung|stick|chuck|whack|shove|slip|put|pay)\s+((?:the\s+|that\s+|my\s+)?(?:[$€£]\s?)?\d[\d.,]*(?:\s?(?:eur|gbp|usd|euros?|pounds?|quid|dollars?))?(?:\s+for\s+[^.!?\n]{0,30}?)?)\s+back\b",
                )
                .ok()?,
                Regex::new(
                    r"(?i)\b(process|arrange|action|issue|raise|authori[sz]e|book|organi[sz]e|initiate)\s+(?:(?:a|an|the)\s+)?(?:return|collection|rma|uplift|pick-?up)\s*(?:and|&|\+|plus|,|/)\s*",
                )
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let text = puts.replace_all(text, "refund $1");
    ret.replace_all(&text, "$1 ").into_owned()
}

/// The sum of an itemised list of demands, each on its own line under a list mark ("(a) full reimbursement of 80.00",
/// "2. 25.00 compensation for time lost", "- 20.00 for the taxi"), when two or more such lines each name one figure
/// and one of them a money word: the customer asks their total, whatever a "Total" line or the order says. The reader
/// uses it only where the total is more than the order (an over-ask, X2).
pub fn itemised_total(text: &str) -> Option<i64> {
    /// The list mark, a money word, a figure, a purchase told, a labelled field.
    type ListRes = (Regex, Regex, Regex, Regex, Regex);
    static RE: OnceLock<Option<ListRes>> = OnceLock::new();
    let (mark, money_word, figure, purchase, field) = RE
        .get_or_init(|| {
            Some((
                Regex::new(r"^\s*(?:\(?[a-h]\)|\(?[1-9]\)|[1-9][.)]|[-*•·])\s+").ok()?,
                Regex::new(r"(?i)\b(?:refund\w*|reimburs\w*|compensat\w*|credit\w*|repay\w*|money\s+back|back|costs?|fees?|expenses?|charges?)\b").ok()?,
                Regex::new(r"(?:[$€£]\s?)?\b\d{1,3}(?:,\d{3})*(?:\.\d{2})?\b|\b\d+(?:\.\d{2})?\b").ok()?,
                Regex::new(r"(?i)\b(?:purchased|bought|ordered|order\s+(?:total|value|amount)|invoiced?|priced)\b").ok()?,
                Regex::new(r"^[\w %()./-]{1,30}:\s").ok()?,
            ))
        })
        .as_ref()?;
    let mut sum = 0;
    let mut items = 0;
    let mut values = Vec::new();
    let mut worded = false;
    for line in text.lines() {
        let Some(m) = mark.find(line) else { continue };
        let rest = &line[m.end()..];
        let figures: Vec<&str> = figure.find_iter(rest).map(|f| f.as_str()).collect();
        // A demand line is short and tells no purchase: a numbered paragraph of a story ("1. On the 2nd I purchased
        // a chair from you for 219.00.") is no item of a list of demands.
        // A labelled field ("Net: EUR 50.00", "Gross: EUR 59.50 <- amount to be refunded") is a document's line, not
        // a demand.
        if figures.len() != 1 || rest.split_whitespace().count() > 10 || purchase.is_match(rest) || field.is_match(rest)
        {
            continue;
        }
        worded |= money_word.is_match(rest);
        let digits: String = figures[0].chars().filter(|c| c.is_ascii_digit() || *c == '.').collect();
        let v = super::to_cents(&digits)?;
        values.push(v);
        sum += v;
        items += 1;
    }
    // One item the sum of the others is a breakdown with its total, not separate demands.
    if values.iter().any(|v| 2 * v == sum) {
        return None;
    }
    (items >= 2 && worded).then_some(sum)
}

/// Injury told in passing by what happened to the body: something hot, sharp or live on a body part ("splashed boiling
/// water over my wrist", "hot oil on his hand", "the blade went into my thumb").
pub fn injury_in_passing(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:boiling|scalding|hot|molten|burning)\s+(?:water|oil|liquid|tea|coffee|soup|steam|wax|milk|fat)\b",
            r"[^.!?\n]{0,40}?\b(?:on|onto|over|across|into|down)\s+(?:all\s+over\s+)?(?:my|his|her|their|our|the\s+(?:baby|child|kid)'?s?)\s+",
            r"(?:own\s+)?(?:left\s+|right\s+)?(?:hands?|wrists?|arms?|legs?|feet|foot|face|skin|fingers?|chest|lap|neck|thumbs?|knees?|eyes?)\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(text))
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
