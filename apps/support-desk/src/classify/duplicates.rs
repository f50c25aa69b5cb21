//! A duplicate charge (ADR-1200): the customer reports being charged more than once for one purchase — the policy
//! reads that as a request to take the extra charge back (blind39 BRIEF, rule 4: "A duplicate charge reported is a
//! request to take the extra charge back").
//!
//! The shapes people write it in, beyond the charging verb directly before "twice" that the older reading knows:
//! - the charging verb with its object and where it was taken between ("took 289,90 zł from my account twice",
//!   "charged 45.00 two times"): a figure's decimal point is no sentence end;
//! - the figure itself repeated ("45.00 twice on card", "the 129.99 … is on the statement TWO times", "AUD 58.40
//!   posted 2x");
//! - the second charge named as a thing ("the second debit", "I want the second payment returned");
//! - a statement pasted with the same figure on two lines from the shop.
//!
//! Not a duplicate: an authorisation hold or a pending line asked about ("is the pending one just a hold?"), a
//! comparison ("paid twice as much"), two separate orders each charged once.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// A charging verb, then within the sentence (figures with decimals allowed) a repeat word.
    verb_repeat: Regex,
    /// A money figure, then (its place on a statement or card between) a repeat word.
    figure_repeat: Regex,
    /// The second charge named as a thing.
    second_charge: Regex,
    /// An authorisation hold, a pending line or a pre-authorisation.
    hold: Regex,
    /// A comparison that uses a repeat word ("twice as much", "double the price").
    comparison: Regex,
    /// A verb of trying or writing: the repeat word counts attempts, not charges ("I paid 45.00 and called twice").
    attempt: Regex,
    /// Ordered separately / two different orders: each charged once.
    separate: Regex,
    /// A money figure on a line (a statement line).
    figure: Regex,
}

/// ask44 (ADR-1492): the charging verb in the present or the base form, as learners and terse writers put a past
/// charge ("you take money two times", "they charge me 2 times"): the tense does not make it a duplicate or not —
/// the repeat word after it does.
const PRESENT: &str = r"\b(?:take|takes|charge|charges|bill|bills|debit|debits|deduct|deducts)\s+(?:(?:me|us|my|our|money|from)\b|[$€£\d])";
const REPEAT: &str =
    r"(?:twice|two\s+times|2\s*times|2\s*x|x\s*2|double|a\s+second\s+time|(?:three|four|five|3|4|5)\s*times|thrice)";
/// The repeat words that may stand a few words after the figure ("x2" counts items there: only right after it).
const WORDS: &str = r"(?:twice|two\s+times|2\s*times|a\s+second\s+time)";
const FIGURE: &str = r"(?:(?:[$€£]|(?:a|au|us|nz|s)\$|\b(?:usd|eur|gbp|aud|php|pln|cad|nzd|sgd|chf)\s?)\s?\d(?:[\d,.]*\d)?|\b\d+(?:[.,]\d{2})\b)(?:\s?(?:zł|zl|usd|eur|gbp|aud|php|pln|€|dollars?|euros?|pounds?|quid|bucks))?";

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            verb_repeat: Regex::new(&format!(
                r"(?i)(?:\b(?:charged|billed|debited|took|taken|deducted|withdrawn|collected|paid|processed|went\s+through|gone\s+through|came\s+out|(?:card|account|acct)\s+(?:was\s+|got\s+|been\s+)?hit)\b|{PRESENT})(?:[^.?!\n]|[.,]\d){{0,45}}?\b{REPEAT}\b"
            ))
            .ok()?,
            figure_repeat: Regex::new(&format!(
                r"(?i){FIGURE}(?:[ \t]*(?:2\s*x|x\s*2)\b|[ \t]*(?:[^\s.?!]+[,;]?[ \t]+){{0,9}}?{WORDS}\b)"
            ))
            .ok()?,
            second_charge: Regex::new(
                r"(?i)\b(?:the|that|this|a|my)\s+(?:second|duplicate[d]?|double[d]?|repeat(?:ed)?)\s+(?:debit|payment|charge|transaction|withdrawal|deduction)s?\b|(?:^|[.!?\n]\s*)(?:dupe?|dbl|duplicate[d]?|double[d]?)\s+(?:debit|payment|charge|transaction|txn|withdrawal|deduction)s?\b",
            )
            .ok()?,
            hold: Regex::new(r"(?i)\b(?:authori[sz]ation|authori[sz]ed|pre-?auth\w*|hold|pending)\b").ok()?,
            comparison: Regex::new(
                r"(?i)\b(?:twice|two times|2 times|double)\s+(?:as|the|that|what|of|my)\b(?P<charge>\s*(?:[$€£]\s?)?\d|\s+same\b)?",
            )
            .ok()?,
            attempt: Regex::new(
                r"(?i)\b(?:tried|try|called|calling|rang|phoned|emailed|e-mailed|wrote|written|asked|contacted|visited|ordered|returned|sent|used|washed|opened|reset|restarted|checked|told)\b",
            )
            .ok()?,
            separate: Regex::new(
                r"(?i)\b(?:ordered\s+(?:them\s+)?separately|separate\s+orders|two\s+(?:different|separate)\s+orders|ordered\s+(?:two|2)\s+times|two\s+orders)\b",
            )
            .ok()?,
            figure: Regex::new(FIGURE).ok()?,
        })
    })
    .as_ref()
}

/// Whether the customer reports being charged more than once for one purchase (the shapes in the module doc).
/// Payments of a plan ("two payments of $12.49 out of three on the laptop plan", "2 of my 4 instalments", outside
/// attack 64): each payment is owed, none is charged twice.
pub fn plan_payments(text: &str) -> bool {
    static PLAN: OnceLock<Option<Regex>> = OnceLock::new();
    PLAN.get_or_init(|| {
        Regex::new(r"(?i)\b(?:instal(?:l)?ments?|pay[- ]in[- ]\d|payment\s+plan|finance\s+(?:plan|agreement)|(?:payments?|instal(?:l)?ments?)\b(?:[^.!?\n]|\.\d){0,30}?\bout\s+of\s+(?:two|three|four|five|six|\d)|(?:on|under)\s+(?:the|a|my)\s+(?:[\w-]+\s+)?plan|monthly\s+plan)\b").ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(text))
        // "my instalment was taken twice" is a duplicate all the same.
        && !["twice", "double", "two times", "duplicate", "same payment"].iter().any(|w| text.to_lowercase().contains(w))
}

/// The text with comparisons that use a repeat word cut out ("paid twice as much", "double the price"). One with a
/// figure or "the same" after it counts a charge ("You charge me two times the 45,99", "I see two times the same":
/// blind135 `g-017`).
pub fn without_comparisons(text: &str) -> String {
    let Some(p) = patterns() else { return text.to_string() };
    p.comparison
        .replace_all(
            text,
            |c: &regex::Captures| if c.name("charge").is_some() { c[0].to_string() } else { " ".to_string() },
        )
        .into_owned()
}

pub fn reported(own: &str) -> bool {
    let Some(p) = patterns() else { return false };
    let text = without_comparisons(own);
    if p.separate.is_match(&text) {
        return false;
    }
    if plan_payments(&text) {
        return false;
    }
    // ask44 (ADR-1492): a repeat word that counts a frequency ("twice a year", "two times per month") counts no charge.
    let frequency = |end: usize| {
        static FREQ: OnceLock<Option<Regex>> = OnceLock::new();
        FREQ.get_or_init(|| {
            Regex::new(r"(?i)^\s+(?:a|per|every|each|in\s+a)\s+(?:day|week|fortnight|month|year|quarter)\b").ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(&text[end..]))
    };
    // "refund $30 x2" multiplies what is asked: a figure counted "x2" is a charge repeated only where the text speaks
    // of charging (outside attack 48).
    static CHARGE: OnceLock<Option<Regex>> = OnceLock::new();
    let charge_word = CHARGE
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:charg\w*|debit\w*|bill(?:ed|ing)?|statement|card|bank|account|posted|taken|deducted|withdrawn|transactions?|payments?)\b").ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(&text));
    let counted_only = |m: &regex::Match| {
        let lower = m.as_str().to_lowercase();
        !charge_word && (lower.contains("x2") || lower.contains("x 2") || lower.contains("2x") || lower.contains("2 x"))
    };
    p.verb_repeat.find_iter(&text).any(|m| !p.attempt.is_match(m.as_str()) && !frequency(m.end()))
        || p.figure_repeat
            .find_iter(&text)
            .any(|m| !p.attempt.is_match(m.as_str()) && !frequency(m.end()) && !counted_only(&m))
        || p.second_charge.is_match(&text)
        || repeated_statement_line(&text).is_some()
        || same_figure_listed_twice(&text)
}

/// One figure listed twice in a sentence that says the charges repeat or were for one thing ("your shop, TWICE, $67.90
/// and $67.90 on the same day for the same toaster"): blind87 `g-076`.
fn same_figure_listed_twice(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(repeat) = RE
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:twice|two\s+times|2\s*times|double[d]?|same\s+(?:day|time|minute|date|item|thing|order|purchase|product))\b").ok()
        })
        .as_ref()
    else {
        return false;
    };
    super::desk25::sentences(text).any(|s| same_figure_twice(s) && repeat.is_match(s))
}

/// amount43 (ADR-1450): a count of two at one figure told as what was taken ("2x 19.99 on my card", "2 x $27.45 on
/// my card", "59.00 x2 on the statement", "2x 22.50 debited"): the two charges of a duplicate, each of the figure —
/// never a quantity of items whose product is asked. The count stands right at the figure and the figure is followed
/// by where or how it was taken (no item noun between: "2x 19.99 mugs" counts items); where the text reports a
/// duplicate, the clause may simply end at the figure ("double charged. 2 x 27.45. want one back").
pub fn charges_counted(clause: &str, duplicate_reported: bool) -> bool {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((taken, bare)) = RE
        .get_or_init(|| {
            let counted = format!(r"(?:\b(?:2|two)\s*[x×*]\s*{FIGURE}|{FIGURE}\s*[x×*]\s*2\b)");
            Some((
                Regex::new(&format!(
                    r"(?i){counted}\s*(?:(?:on|in|to|from|off|out\s+of)\s+(?:my\s+|the\s+|our\s+|your\s+)?(?:credit\s+|debit\s+|bank\s+|visa\s+|amex\s+|mastercard\s+)?(?:card|statement|account|bank|app|paypal)\b|(?:was\s+|were\s+|got\s+|been\s+)?(?:charged|debited|taken|billed|posted|deducted|withdrawn)\b)"
                ))
                .ok()?,
                Regex::new(&format!(r"(?i){counted}\s*(?:$|[.,;:!?)])")).ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    taken.is_match(clause)
        || taken_twice(clause)
        || (duplicate_reported && (bare.is_match(clause) || same_figure_twice(clause)))
}

/// A figure told as taken twice (blind125 `g-059`: "you took £19.99 twice for the raincoat, want the extra one
/// back"): the two charges of a duplicate, no multiplier on the ask.
fn taken_twice(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(&format!(
            r"(?i)\b(?:took|taken|take|charged|charge|billed|bill|debited|debit|deducted|withdrew|withdrawn|collected|processed|ran|run|hit\s+(?:me|my\s+card|us))\s+(?:me\s+|us\s+|my\s+card\s+|the\s+card\s+)?(?:for\s+)?{FIGURE}\s+(?:twice|two\s+times|2\s+times|2\s?x|x\s?2)\b"
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// Whether a clause lists one figure twice ("TWICE, $67.90 and $67.90 on the same day"): beside a duplicate reported,
/// the two charges, not two items asked.
fn same_figure_twice(clause: &str) -> bool {
    let Some(p) = patterns() else { return false };
    let found: Vec<(usize, usize, Option<i64>)> =
        p.figure.find_iter(clause).map(|m| (m.start(), m.end(), cents_of(m.as_str()))).collect();
    found.windows(2).any(|w| {
        let between = clause[w[0].1..w[1].0].trim().to_lowercase();
        w[0].2.is_some() && w[0].2 == w[1].2 && matches!(between.as_str(), "and" | "&" | "," | "+" | "and then")
    })
}

/// amount44 (ADR-1482): the one figure of the two charges a duplicate counts ("charged twice. 2x 19.99 on my card"):
/// the figure of every clause [`charges_counted`] reads, when they all name the same one.
pub fn counted_charge(own: &str, duplicate_reported: bool) -> Option<i64> {
    let p = patterns()?;
    let found: Vec<i64> = super::desk25::sentences(own)
        .filter(|c| charges_counted(c, duplicate_reported))
        .flat_map(|c| p.figure.find_iter(c).filter_map(|m| cents_of(m.as_str())).collect::<Vec<_>>())
        .filter(|v| *v > 0)
        .collect();
    super::figures::one_distinct(found)
}

/// Whether the text asks only whether a second line is an authorisation hold or a pending charge ("Is the pending one
/// just a hold that drops off?"): a question, never a report of a duplicate to take back.
pub fn hold_question(own: &str, asks: bool) -> bool {
    patterns().is_some_and(|p| p.hold.is_match(own)) && own.contains('?') && !asks
}

/// The figure of a statement line repeated: two lines that carry the same one figure (a bank's alert pasted).
fn repeated_statement_line(text: &str) -> Option<i64> {
    let p = patterns()?;
    // Two adjacent lines written alike, each with one figure (b30 `g-062`: a question and a quoted question that
    // name one figure each are no statement).
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines.windows(2).find_map(|w| {
        let figures: Vec<i64> = p.figure.find_iter(w[0]).filter_map(|m| cents_of(m.as_str())).collect();
        (w[0] == w[1] && !w[0].contains('?') && figures.len() == 1 && figures[0] > 0).then(|| figures[0])
    })
}

/// The extra charge's figure when the report names one: the figure written twice (on two statement lines or twice in
/// the text) or the one figure in the sentence that reports the repeat. `None` when no figure or several.
pub fn extra_charge(own: &str) -> Option<i64> {
    let p = patterns()?;
    if let Some(v) = repeated_statement_line(own) {
        return Some(v);
    }
    let figures: Vec<i64> = p.figure.find_iter(own).filter_map(|m| cents_of(m.as_str())).collect();
    let mut repeated: Vec<i64> =
        figures.iter().copied().filter(|v| figures.iter().filter(|w| *w == v).count() >= 2).collect();
    repeated.dedup();
    if let [one] = repeated.as_slice() {
        return Some(*one);
    }
    let in_report: Vec<i64> = p
        .verb_repeat
        .find_iter(own)
        .chain(p.figure_repeat.find_iter(own))
        .flat_map(|m| p.figure.find_iter(m.as_str()).filter_map(|f| cents_of(f.as_str())).collect::<Vec<_>>())
        .collect();
    let mut distinct = in_report.clone();
    distinct.sort_unstable();
    distinct.dedup();
    match distinct.as_slice() {
        [one] => Some(*one),
        [] => {
            // The figure told right after the repeat, in the sentence that reports it ("charged twice, $80 each time",
            // F1615).
            let told: Vec<i64> = super::desk25::sentences(own)
                .filter(|s| p.verb_repeat.is_match(s))
                .flat_map(|s| p.figure.find_iter(s).filter_map(|f| cents_of(f.as_str())).collect::<Vec<_>>())
                .collect();
            // A bare number told "each" in the report ("billed twice, 30 each", outside attack 48).
            static EACH: OnceLock<Option<Regex>> = OnceLock::new();
            let each = EACH.get_or_init(|| Regex::new(r"(?i)\b(\d{1,5}(?:[.,]\d{2})?)\s+each\b").ok());
            let told_each: Vec<i64> = super::desk25::sentences(own)
                .filter(|s| p.verb_repeat.is_match(s))
                .flat_map(|s| {
                    each.as_ref()
                        .map(|re| re.captures_iter(s).filter_map(|c| cents_of(&c[1])).collect::<Vec<_>>())
                        .unwrap_or_default()
                })
                .collect();
            // None there ("charged 3 times! 49.99 x3."): the one figure of the report.
            super::figures::one_distinct(told)
                .or_else(|| super::figures::one_distinct(told_each))
                .or_else(|| super::figures::one_distinct(figures.clone()))
        }
        _ => None,
    }
}

/// How many charges the customer asks back: one; two and more when they were charged three or more times and ask the
/// extras back in the plural ("charged 3 times! … refund the 2 extra", F1615); every charge when they ask them all
/// back ("refund both charges", "the duplicate AND the original", "everything I paid", outside attack 48).
pub fn extra_charges(own: &str) -> i64 {
    static ALL: OnceLock<Option<Regex>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:refund|return|reverse|credit|give\s+(?:me\s+|us\s+)?back|send\s+back|pay\s+back|want|need)\s+(?:me\s+|us\s+)?(?:of\s+)?(?:(?:please|pls|the)\s+)?(?:both|all\s+(?:two|three|four|2|3|4)(?:\s+of\s+them)?|the\s+duplicate(?:\s+charge)?\s+and\s+the\s+original|everything\s+(?:i|we)\s+paid)\b|\bboth\s+(?:charges|payments|amounts|debits)?\s*back\b",
        )
        .ok()
    });
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((times, plural)) = RES
        .get_or_init(|| {
            Some((
                Regex::new(
                    r"(?i)\b(?:charged|billed|debited|took|taken|hit|deducted)\b[^.?!\n]{0,30}?\b(?:(?P<n>3|4|5|three|four|five)\s*(?:times|x)\b|(?P<thrice>thrice))|\bx\s?(?P<m>3|4|5)\b",
                )
                .ok()?,
                Regex::new(
                    r"(?i)\b(?:the\s+)?(?:2|3|4|two|three|four|both|other\s+(?:two|2|three|3))\s+(?:extra|additional|duplicate|other)s?\b|\b(?:extra|duplicate)(?:\s+charge)?\s+(?:charges|ones|payments|debits)\b|\bthe\s+(?:extras|duplicates)\b",
                )
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return 1;
    };
    let n = times.captures(own).and_then(|c| {
        if c.name("thrice").is_some() {
            return Some(3);
        }
        match c.name("n").or(c.name("m"))?.as_str().to_lowercase().as_str() {
            "3" | "three" => Some(3),
            "4" | "four" => Some(4),
            "5" | "five" => Some(5),
            _ => None,
        }
    });
    let asks_all = all.as_ref().is_some_and(|re| re.is_match(own));
    match n {
        Some(n) if asks_all => n,
        Some(n) if plural.is_match(own) => n - 1,
        None if asks_all => 2,
        _ => 1,
    }
}

/// The cents of a matched figure (its currency stripped).
fn cents_of(figure: &str) -> Option<i64> {
    let digits: String = figure
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .collect::<String>()
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .to_string();
    super::money::number(&digits.replace(' ', ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_of_a_second_charge() {
        for t in [
            "Your system took 289,90 zł from my account twice (second debit yesterday).",
            "card charged 45.00 two times same order. fix",
            "dup charge on 9920. 45.00 twice on card. fix",
            "the 129.99 from the computer shop is on the statement TWO times, same day",
            "I want the second payment returned.",
            "> 09 Nov  SHOP.EXAMPLE ONLINE   AUD 62.40\n> 09 Nov  SHOP.EXAMPLE ONLINE   AUD 62.40\n> Available balance: AUD 1,204.17",
        ] {
            assert!(reported(t), "{t}");
        }
        for t in [
            "I paid twice as much in the shop down the road",
            "two charges on my statement, 25.00 and 25.00, for the seed tray and the trowel I ordered separately",
            "I have ordered from you twice before, always fine",
            "does the 49.99 include VAT?\nCan you check whether 49.99 was gross?",
            "I paid 45.00 and have called your line twice",
            "  Linen throw (sage)       54.00\n  Cushion cover x2         27.50",
            "the second chair arrived broken",
        ] {
            assert!(!reported(t), "{t}");
        }
    }

    #[test]
    fn the_extra_charge_is_the_repeated_figure() {
        assert_eq!(
            extra_charge(
                "taken it twice\n09 Nov SHOP AUD 62.40\n09 Nov SHOP AUD 62.40\nAvailable balance: AUD 1,204.17"
            ),
            Some(6240)
        );
        assert_eq!(extra_charge("card charged 45.00 two times same order"), Some(4500));
        assert_eq!(extra_charge("charged twice, please fix"), None);
    }

    #[test]
    fn two_charges_counted_at_one_figure() {
        for t in ["2x 19.99 on my card", "2 x $27.45 on my card", "2x 59.00 on card", "59.00 x2 on the statement"] {
            assert!(charges_counted(t, false), "{t}");
        }
        assert!(charges_counted("2 x 27.45.", true));
        for t in ["2x 19.99 mugs, one broken", "bought 2x serum @ 19.95", "3 x 9.99 on my card", "2 x 27.45."] {
            assert!(!charges_counted(t, false), "{t}");
        }
    }

    #[test]
    fn a_hold_asked_about_is_no_report() {
        assert!(hold_question("AUD 149 twice but one line says 'authorisation'. Do I need to do anything?", false));
        assert!(!hold_question("AUD 149 twice, please refund one", true));
    }
}
