//! A figure corrected mid-message (ADR-915): "a refund of 27.00 for the grey — no wait, … it was 22.70", "399 dollar.
//! Sorry, write wrong, is 39.9 dollar", "£65, I mean £56", "40 € – Korrektur: 34 €". The corrected figure replaces the
//! one it corrects: a correction marker stands between two money figures of different values, close on both sides,
//! in one paragraph, and the earlier figure's number is written as the later one's, so every step after it reads one
//! figure where the customer wrote two. One mechanism, the markers of several languages and registers:
//!
//! - strong markers, which say a figure was wrong ("no wait", "scratch that", "correction", "typo", "write wrong",
//!   "my mistake", "make that", "should be", "ich meinte", "Korrektur", "verschrieben", "je voulais dire", "quise
//!   decir", "me equivoqué", "quis dizer", "volevo dire"): the corrected figure may follow a few clauses later;
//! - weak markers ("I mean", a dash and "no,", "pardon", "oops"): the corrected figure must follow at once.
//!
//! Not a correction: a figure that follows no marker, or that has the same value (a restatement), or a marker with a
//! figure on one side only (the existing machinery reads a correction of a figure in an earlier message, ADR-891).

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    strong: Regex,
    weak: Regex,
    /// A marker after the final figure that names the figure it replaces after it ("AUD 42.00 (revised from the AUD
    /// 40 …)", "$45 instead of $50"): the later figure is the one taken back (ADR-1202).
    backward: Regex,
    /// A marker that corrects only the figure right after it ("20.00.. sry 60", "Refund $20 err $60", "UPDATE: $60",
    /// "$20 => $60": outside attack 50); a bare number right after it is the figure, in the corrected one's currency.
    tight: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            strong: Regex::new(concat!(
                r"(?i)\b(?:no\s*,?\s*wait|wait\s*,?\s*no|scratch\s+that|correction|typo|mis-?typed|my\s+(?:bad|mistake)",
                r"|(?:write|wrote|written|typed?|put|said)\s+(?:it\s+|that\s+)?wrong|wrong(?:ly)?\s+(?:write|wrote|written|typed?)",
                r"|make\s+(?:that|it)|should\s+(?:be|have\s+been|read|say)|(?:sorry|oops|pardon)\s*[,!.]?\s*(?:it'?s|it\s+was|is|i\s+meant?)",
                // desk30 (ADR-1101): "17.55 sorry meant 15.75", "$35 …, sorry no, 53", "I swapped the digits".
                r"|(?:sorry|oops|pardon)\s*[,!.]?\s*(?:no\b\s*,?\s*)?(?:i\s+)?meant\b|(?:sorry|oops|pardon)\s*[,!.]?\s*no\b",
                r"|(?:swapped|transposed|switched|mixed\s+up)\s+(?:the\s+)?(?:digits|numbers)",
                // F1608: "37.50 for the ropes - no sorry, looking at the receipt it was 27.50", "I make error".
                r"|no\s*,?\s*sorry|i\s+(?:make|made)\s+(?:an?\s+)?(?:error|mistake)|i\s+was\s+wrong",
                // An apology naming a mistake between two figures ("2,99 - sorry, mistake, 29,90", "oops, my error"):
                // the apology alone, or "by mistake", is no correction (ADR-1075).
                r"|(?:sorry|oops|pardon|apolog\w*|excuse\s+me)\s*[,!.:;–—-]*\s*(?:(?:a|my|the|that\s+was\s+a)\s+)?(?:mistake|error|wrong)",
                r"|ich\s+meinte?|korrektur|verschrieben|tippfehler|je\s+voulais\s+dire|erreur\s+de\s+(?:frappe|saisie)",
                r"|je\s+me\s+suis\s+tromp[ée]e?|quise\s+decir|me\s+equivoqu[ée]|corrijo|quis\s+dizer|errei|volevo\s+dire|ho\s+sbagliato",
                r"|pomy[lł]k\w*|poprawka|mia[lł]o\s+by[cć]",
                // figure38 (ADR-1202): a verb form of the Polish mistake ("pomyliłam cyfry"), a final figure named
                // ("Final: 54,00", "final amount"), a decision after hesitating ("I've decided: 12.00").
                r"|pomyli[lł]\w*|final(?:\s+(?:figure|amount|answer|ask))?|(?:i'?ve|i\s+have)\s+decided",
                // Outside attack 59 (`B_figure_corrected`): the earlier figure disowned in other words — "ignore the
                // $58.00", "ignore previous amount", "I looked at the wrong line", "that amount is wrong", "please
                // amend that to", "scratch the amount I just gave", "corrected refund amount".
                r"|ignore\s+(?:the\s+|that\s+|my\s+|this\s+)?(?:previous|earlier|first|above|last|old|other)?\s*(?:amount|figure|number|one|sum|price|total)?",
                r"|(?:looked\s+at|read|had|used|opened|checked|copied)\s+(?:the\s+|a\s+)?wrong\s+(?:line|receipt|figure|amount|number|invoice|order|item|statement|row|column)",
                r"|(?:amount|figure|number|sum|price|total)\s+(?:is|was)\s+(?:wrong|incorrect|a\s+typo|not\s+right)",
                r"|amend\s+(?:that|it|this|the\s+(?:amount|figure))\s+to|scratch\s+(?:the|that|my)\s+(?:amount|figure|number)",
                r"|corrected\s+(?:refund\s+)?(?:amount|figure|total|sum)|disregard(?:\s+(?:that|this|it|the\s+(?:first|previous|above|earlier)(?:\s+(?:one|amount|figure))?))?",
                r"|(?:the\s+)?(?:right|correct|actual|real)\s+(?:number|figure|amount|sum|total)\s+(?:is|was|should\s+be)",
                // Outside attack 62 (`correction_lower`): second thoughts in other words — "Amendment:", "just checked my
                // receipt", "oh wait, that was the price before the discount", "hang on", "hmm no, looking again",
                // "I've double checked", "please read X instead", "we only paid", "wrong number".
                r"|amendment|(?:just\s+)?checked\s+(?:my|the)\s+(?:receipt|invoice|statement|order|bank)|(?:oh\s+)?wait\s*,?\s*(?:that|it)\s+was",
                r"|hang\s+on|h+m+\s*,?\s*no|looking\s+again|double[- ]?checked|please\s+read|(?:we|i)\s+only\s+paid",
                r"|wrong\s+(?:number|figure|amount|price))\b",
            ))
            .ok()?,
            // F1608: "pardon" or "oops" right before the figure ("54,90 € for the lamp... pardon, 45,90 €"); a bare
            // "sorry" is too often an apology for something else.
            // An edit marked or an arrow between two figures ("Refund $30 (edit: $60)", "$30 → $60": outside attack 49).
            weak: Regex::new(r"(?i)\bi\s+mean\b|[-–—]\s*no\s*,|\b(?:pardon|oops)\b|\bedit(?:ed)?\s*:|→|->|[-–—,.]\s*wait\s*[,:.-]").ok()?,
            tight: Regex::new(r"(?i)\b(?:sorry\b|sry\b|soz\b|err\b|erm\b|nope\b|nah\b|nvm\b|wait\s+no\b|no\b|apolog\w*|update[d]?\s*:|upd\s*:|read\s*:)\s*[,:]?|=>|==>").ok()?,
            backward: Regex::new(
                r"(?i)\b(?:(?:revised|changed|corrected|updated|amended)\s+from|instead\s+of|rather\s+than|in\s+place\s+of)\b",
            )
            .ok()?,
        })
    })
    .as_ref()
    .expect("the correction patterns compile")
}

/// Whether the text between two figures marks a correction, in any of the markers' languages ("przepraszam",
/// "pomyliłem się", "sorry", "I mean", "err"): two figures so joined are one figure corrected, never two items.
pub fn marks_correction(between: &str) -> bool {
    let p = patterns();
    p.strong.is_match(between) || p.weak.is_match(between) || p.tight.is_match(between)
}

/// The money figures a correction may stand between, from the typed reader ([`super::money::read`]): a figure read
/// exactly with a currency written or with its cents written ("$65", "399 dollar", "2,99"); a bare whole number is a
/// count as often as money. Each as (start, end, cents) of its span.
fn money_figures(text: &str) -> Vec<(usize, usize, i64)> {
    super::money::read(text)
        .into_iter()
        .filter(|a| a.certainty == super::money::Certainty::Exact)
        .filter(|a| {
            let span = &text[a.span.clone()];
            let cents_written = span.rfind([',', '.']).is_some_and(|i| {
                let tail = &span[i + 1..];
                tail.len() == 2 && tail.chars().all(|c| c.is_ascii_digit())
            });
            // A bare number right after the verb that asks it ("refund 20.. no 60") is money too (outside attack 51).
            let asked_bare = {
                let head = text[..a.span.start].trim_end().to_lowercase();
                ["refund", "reimburse", "repay", "refund me", "return me", "give me back", "pay me back"]
                    .iter()
                    .any(|v| head.ends_with(v))
                    && span.chars().filter(char::is_ascii_digit).count() >= 2
            };
            a.currency.is_some() || cents_written || asked_bare
        })
        .map(|a| (a.span.start, a.span.end, a.cents))
        .collect()
}

/// The text with each corrected figure written as the figure that corrects it.
pub fn replaced(text: &str) -> String {
    let p = patterns();
    // "… the first figure was right": a return to the first figure, read by the change-of-mind reader (ADR-710).
    let returns_to_first = {
        let lower = text.to_lowercase();
        ["first figure", "first one", "first amount", "first number"].iter().any(|w| lower.contains(w))
    };
    // (start, end) of each figure, and its value.
    let figures = money_figures(text);
    // One money figure may still be corrected by a bare number with its digits swapped (ADR-1101).
    if figures.is_empty() {
        return text.to_string();
    }
    let markers = p
        .strong
        .find_iter(text)
        .map(|m| (m.start(), m.end(), 110))
        .chain(p.weak.find_iter(text).map(|m| (m.start(), m.end(), 25)))
        .chain(p.tight.find_iter(text).filter(|_| !returns_to_first).map(|m| (m.start(), m.end(), 3)));
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for (ms, me, reach) in markers {
        // "Please disregard the $52.00 figure in my first message" (attack 59 `s3-060`): the figure after the marker is
        // its object, the one taken back — never the correction of the figure before it.
        let marker = text[ms..me].to_lowercase();
        if (marker.starts_with("ignore") || marker.starts_with("disregard"))
            && figures
                .iter()
                .any(|f| f.0 >= me && text[me..f.0].trim().len() <= 5 && !text[me..f.0].contains([';', ',', ':']))
        {
            continue;
        }
        let Some(before) = figures.iter().rev().find(|f| f.1 <= ms) else { continue };
        // A bare number right after a strong marker whose digits are the earlier figure's, swapped ("$35 …, sorry
        // no, 53"): the corrected figure, though it names no currency (ADR-1101).
        let bare = (reach > 25)
            .then(|| transposed_after(text, me, before))
            .flatten()
            .or_else(|| (reach == 3).then(|| bare_after(text, me)).flatten())
            .filter(|b| figures.iter().find(|f| f.0 >= me).is_none_or(|f| f.0 > b.0));
        // The disowned figure restated before its correction ("Ignore the $58.00, I looked at the wrong line, it's
        // $52.00", outside attack 59): the correction is the first figure after the marker that differs.
        let Some(after) = bare.as_ref().or_else(|| figures.iter().find(|f| f.0 >= me && f.2 != before.2)) else {
            continue;
        };
        let gap_before = &text[before.1..ms];
        let gap_after = &text[me..after.0];
        // A marker that names the earlier figure as such ("sorry ignore previous amount, $52.00 is correct") reaches
        // back over a paragraph break.
        let names_earlier = {
            let m = text[ms..me].to_lowercase();
            ["previous", "earlier", "above", "just gave", "first", "corrected"].iter().any(|w| m.contains(w))
        };
        // "no" corrects only after a pause ("20.. no 60", "$300, no $600"): "$45 no 1234" is an order
        // number's "no", never a correction.
        let word = text[ms..me].trim().to_lowercase();
        if reach == 3
            && word.trim_end_matches([',', ':']).trim() == "no"
            && !gap_before.contains(['.', ',', ';', '-', '–', '—', '!', '?'])
        {
            continue;
        }
        if before.2 == after.2
            || gap_before.len() > if names_earlier { 300 } else { 110 }
            || gap_after.len() > reach
            || (gap_before.contains("\n\n") && !names_earlier)
            || gap_after.contains("\n\n")
        {
            continue;
        }
        if !edits.iter().any(|e| e.0 == before.0) {
            let with = if bare.is_some() {
                // The bare correction keeps the corrected figure's currency ("$35" → "$53").
                let span = &text[before.0..before.1];
                let first = span.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
                let last = span.rfind(|c: char| c.is_ascii_digit()).map_or(span.len(), |i| i + 1);
                format!("{}{}{}", &span[..first], &text[after.0..after.1], &span[last..])
            } else {
                text[after.0..after.1].to_string()
            };
            edits.push((before.0, before.1, with));
        }
    }
    for m in p.backward.find_iter(text) {
        let Some(kept) = figures.iter().rev().find(|f| f.1 <= m.start()) else { continue };
        let Some(back) = figures.iter().find(|f| f.0 >= m.end()) else { continue };
        let (gap_before, gap_after) = (&text[kept.1..m.start()], &text[m.end()..back.0]);
        // Tight on both sides, in one sentence: "42.00 (revised from the 40", "$45 instead of the $50" (b37 `g-021`:
        // "(80 mic instead of 125). Please refund … $46.00" is a thing replaced, not a figure).
        let sentence_break = |g: &str| g.contains(['\n', '.', '!', '?', ';']);
        if kept.2 == back.2
            || gap_before.len() > 25
            || gap_after.len() > 12
            || sentence_break(gap_before)
            || sentence_break(gap_after)
        {
            continue;
        }
        if !edits.iter().any(|e| (e.0 >= m.start() && e.0 < back.1) || e.0 == kept.0) {
            // The marker and the figure it takes back go: what remains says the kept figure once.
            edits.push((m.start(), back.1, String::new()));
        }
    }
    // A mistake named right after the second of two different figures ("45 zł, przepraszam, 54 zł (pomyliłam
    // cyfry)", "£65, £56 — typo"): the second corrects the first, unless the words between take the later one back
    // ("revised from") or a different figure follows (ADR-1202).
    let of_digits = |m: &str| {
        let m = m.to_lowercase();
        ["typo", "typ", "swap", "transpos", "switch", "mixed", "pomyl", "wrong", "verschrieb", "tippfehler", "frappe"]
            .iter()
            .any(|w| m.contains(w))
    };
    for m in p.strong.find_iter(text).filter(|m| of_digits(m.as_str())) {
        let mut before = figures.iter().rev().filter(|f| f.1 <= m.start());
        let (Some(second), Some(first)) = (before.next(), before.next()) else { continue };
        let between = &text[first.1..second.0];
        let trailing = &text[second.1..m.start()];
        let later_differs = figures.iter().find(|f| f.0 >= m.end()).is_some_and(|f| f.2 != second.2);
        if first.2 == second.2
            || between.len() > 40
            || trailing.len() > 30
            || between.contains('\n')
            || trailing.contains('\n')
            || later_differs
            || p.backward.is_match(between)
            // "21.70, not 27.00 - I mistyped": the negated figure is the one taken back (b20 `g-049`).
            || between.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| w == "not")
            || edits.iter().any(|e| e.0 <= second.1 && e.0 >= first.0)
        {
            continue;
        }
        edits.push((first.0, first.1, text[second.0..second.1].to_string()));
    }
    // amount43 (ADR-1451): an apology right after a figure, and in the same sentence a figure said as what it is ("a
    // refund of 45 - sorry, I'm looking at the wrong line, it's 54.00"): the later figure replaces the earlier.
    for (s, e, with) in super::figures43::apology_restated(text, &figures) {
        if !edits.iter().any(|x| x.0 == s || (x.0 < e && s < x.1)) {
            edits.push((s, e, with));
        }
    }
    // A bare number restated at once with its decimal point ("pls refund 1999.. sorry, 19.99", "2999 I mean 29.99"):
    // the same digits, so the bare one is the figure mistyped, not a second amount.
    for (s, e, with) in decimal_point_restated(text, &figures) {
        if !edits.iter().any(|x| x.0 < e && s < x.1) {
            edits.push((s, e, with));
        }
    }
    // A figure labelled wrong and the next labelled right ("Refund: $141.00 (wrong) / $136.83 (right)", outside attack
    // 61): the right one replaces the wrong.
    for (i, f) in figures.iter().enumerate() {
        let after = text[f.1..].trim_start().to_lowercase();
        if !["(wrong)", "(incorrect)", "(typo)", "(mistake)", "- wrong", "(old)"].iter().any(|w| after.starts_with(w)) {
            continue;
        }
        if let Some(next) = figures.get(i + 1)
            && next.0 - f.1 <= 40
            && next.2 != f.2
            && ["(right)", "(correct)", "(new)", "- right", "- correct"]
                .iter()
                .any(|w| text[next.1..].trim_start().to_lowercase().starts_with(w))
            && !edits.iter().any(|e| e.0 == f.0)
        {
            edits.push((f.0, f.1, text[next.0..next.1].to_string()));
        }
    }
    // The corrected figure said before in the same words ("I'd like a refund of $58.00. Please treat the $58.00 as a
    // typo; the figure is $52.00"): every earlier saying of it is corrected too.
    let corrected: Vec<(usize, i64, String)> = edits
        .iter()
        .filter(|e| !e.2.is_empty())
        .filter_map(|e| figures.iter().find(|f| f.0 == e.0).map(|f| (f.0, f.2, e.2.clone())))
        .collect();
    // A later saying is corrected only where no other correction stands between ("£16, correction: £61 — no, sorry, I
    // mean £16": the last £16 is the final word, b17).
    let edited: Vec<usize> = edits.iter().map(|e| e.0).collect();
    for (at, value, with) in corrected {
        // Only in the same line, close by: a figure of an earlier message is never rewritten by a correction in a later
        // one (b85 `g-014`: the shop's "should be in the deluxe set (59.99)" quoted below).
        // Said after the correction too ("- wait, it's $212.16, the $217.11 included the shipping"): the same.
        for f in figures.iter().filter(|f| {
            f.2 == value
                && f.0 != at
                && if f.0 < at {
                    at - f.1 <= 150 && !text[f.1..at].contains('\n')
                } else {
                    f.0 - at <= 150 && !text[at..f.0].contains('\n') && !edited.iter().any(|e| *e > at && *e < f.0)
                }
        }) {
            if !edits.iter().any(|x| x.0 < f.1 && f.0 < x.1) {
                edits.push((f.0, f.1, with.clone()));
            }
        }
    }
    let mut out = text.to_string();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    for (s, e, with) in edits {
        out.replace_range(s..e, &with);
    }
    out
}

/// Bare whole numbers followed closely (only punctuation or an apology or "I mean" between) by a money figure written
/// with the same digits and its cents: (start, end, the figure that restates it).
fn decimal_point_restated(text: &str, figures: &[(usize, usize, i64)]) -> Vec<(usize, usize, String)> {
    static BARE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((bare, gap)) = BARE
        .get_or_init(|| {
            Some((
                Regex::new(r"\b\d{3,6}\b").ok()?,
                Regex::new(r"(?i)^[\s.,;:!–—-]*(?:(?:sorry|oops|pardon|i\s+mean|typo|i\s+meant|correction)[\s.,;:!–—-]*)*(?:[$€£]|usd|eur|gbp)?\s*$").ok()?,
            ))
        })
        .as_ref()
    else {
        return Vec::new();
    };
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    bare.find_iter(text)
        .filter(|m| !figures.iter().any(|f| f.0 <= m.start() && m.end() <= f.1))
        .filter_map(|m| {
            let next = figures.iter().find(|f| f.0 >= m.end())?;
            let span = &text[next.0..next.1];
            (next.0 - m.end() <= 20 && gap.is_match(&text[m.end()..next.0]) && digits(span) == m.as_str())
                .then(|| (m.start(), m.end(), span.to_string()))
        })
        .collect()
}

/// The first bare number within a few characters after `me` whose digits are those of `before`'s figure in another
/// order (a transposition: 35 → 53, 17.55 → 15.75), as (start, end, cents).
/// A bare number of at least two digits right after a tight marker ("sry 60"): (start, end, cents).
fn bare_after(text: &str, me: usize) -> Option<(usize, usize, i64)> {
    let rest = text.get(me..)?;
    let skip = rest.len() - rest.trim_start().len();
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    let after = rest.trim_start().get(digits.len()..).unwrap_or("");
    if digits.len() < 2 || after.starts_with(|c: char| c.is_alphanumeric() || c == '%') {
        return None;
    }
    // A count after the marker ("sorry 10 days late", "sorry, 20 minutes on hold") is no figure.
    let next = after.trim_start().to_lowercase();
    let counted =
        ["day", "week", "month", "year", "hour", "min", "time", "item", "piece", "pcs", "unit", "order", "email"];
    if counted.iter().any(|w| next.starts_with(w)) {
        return None;
    }
    let start = me + skip;
    Some((start, start + digits.len(), digits.parse::<i64>().ok()? * 100))
}

fn transposed_after(text: &str, me: usize, before: &(usize, usize, i64)) -> Option<(usize, usize, i64)> {
    static NUM: OnceLock<Option<Regex>> = OnceLock::new();
    let num = NUM.get_or_init(|| Regex::new(r"\d+(?:[.,]\d{2})?\b").ok()).as_ref()?;
    let tail = text.get(me..)?;
    let m = num.find(tail)?;
    if m.start() > 12 {
        return None;
    }
    let digits = |c: i64| {
        let mut d: Vec<char> = if c % 100 == 0 { (c / 100).to_string() } else { c.to_string() }.chars().collect();
        d.sort_unstable();
        d
    };
    let raw = m.as_str().replace(',', ".");
    let cents = if let Some((w, f)) = raw.split_once('.') {
        w.parse::<i64>().ok()? * 100 + f.parse::<i64>().ok()?
    } else {
        raw.parse::<i64>().ok()? * 100
    };
    (cents != before.2 && digits(cents) == digits(before.2)).then_some((me + m.start(), me + m.end(), cents))
}

#[cfg(test)]
mod tests {
    use super::replaced;

    #[test]
    fn the_corrected_figure_replaces_the_one_it_corrects() {
        assert_eq!(
            replaced("Please return me the money 399 dollar. Sorry, write wrong, is 39.9 dollar."),
            "Please return me the money 39.9 dollar. Sorry, write wrong, is 39.9 dollar."
        );
        assert!(replaced("a refund of 27.00 for the grey - no wait, it was 22.70 each").contains("of 22.70 for"));
        assert!(replaced("Bitte 40,00 € erstatten – Korrektur: 34,00 €").starts_with("Bitte 34,00 €"));
        assert_eq!(
            replaced("Please refund 2,99 - sorry, mistake, 29,90."),
            "Please refund 29,90 - sorry, mistake, 29,90."
        );
        assert!(replaced("refund $14.50, oops my error, $41.50 I meant").starts_with("refund $41.50,"));
        assert!(replaced("prosze zwrot 45,00 zł, pomyłka, 54,00 zł").starts_with("prosze zwrot 54,00 zł"));
        // An apology that names no mistake, and "by mistake", correct nothing.
        assert_eq!(
            replaced("charged $30 by mistake and $45 for the lamp"),
            "charged $30 by mistake and $45 for the lamp"
        );
        // No marker: two figures stay two.
        assert_eq!(replaced("I paid $40 and want $20 back"), "I paid $40 and want $20 back");
    }
}
