//! settle44 (issue 16, ADR-1500): what a dash between two figures is. A range is written climbing ("$20-25", "40 -
//! 50 euros"): its second end is above its first. A dash after a figure followed by the same value restates it
//! ("500,00 € - 500 euro exactly like the price"), and one followed by a smaller number starts what is told about the
//! thing ("refund $12.50 - 1 set of markers dried out"): neither is a range or an alternative, so neither leaves the
//! amount unsettled. Alternatives said with words ("or", "maybe", "to", "between … and", "/") are untouched.

use regex::Regex;

/// Whether `re` (the reader's pattern of alternatives or a range) matches `text` anywhere other than at a
/// punctuation dash ([`punctuation_dash`]).
pub fn alternatives(re: &Regex, text: &str) -> bool {
    re.find_iter(text).any(|m| !punctuation_dash(m.as_str()))
}

/// Whether the matched span `span` joins its two figures by a dash only and the figure after the dash is not above
/// the one before: a restatement or the start of what is told, never a range.
pub fn punctuation_dash(span: &str) -> bool {
    let lower = span.to_lowercase();
    let worded =
        [" or ", "maybe", "perhaps", "possibly", "between", " to ", "/", " and "].iter().any(|w| lower.contains(w));
    if worded || !span.contains(['-', '\u{2013}', '\u{2014}']) {
        return false;
    }
    let numbers: Vec<i64> = numbers(span);
    match (numbers.first(), numbers.last()) {
        (Some(first), Some(last)) if numbers.len() >= 2 => last <= first,
        _ => false,
    }
}

/// The numbers of a span in cents, a comma or a point before two final digits read as the decimal mark.
fn numbers(span: &str) -> Vec<i64> {
    static RE: std::sync::OnceLock<Option<Regex>> = std::sync::OnceLock::new();
    let Some(re) = RE.get_or_init(|| Regex::new(r"\d+(?:[.,]\d{3})*(?:[.,]\d{1,2})?").ok()).as_ref() else {
        return Vec::new();
    };
    re.find_iter(span).filter_map(|m| super::to_cents(m.as_str())).collect()
}

#[cfg(test)]
mod tests {
    use super::punctuation_dash;

    #[test]
    fn a_climbing_dash_is_a_range_and_a_falling_or_equal_one_is_not() {
        assert!(!punctuation_dash("$20 - 25"));
        assert!(!punctuation_dash("40-50 euros"));
        assert!(!punctuation_dash("$20 or $15"));
        assert!(punctuation_dash("$12.50 - 1"));
        assert!(punctuation_dash("500,00 € - 500 euro"));
    }
}
