//! settle43 (issue 16, ADR-1470…ADR-1475): can the amount be settled? U1 is for evidence that cannot settle the
//! amount; these readings tell the constructions that do settle it from the ones that do not, by sentence shape:
//!
//! - [`uncertain_ask`]: a figure the writer could not settle — an approximation hedged by its writer ("about $20 I
//!   think", "something like 20", "20 or so"), alternatives ("about $20, maybe $25", "ten or fifteen pounds"), a range
//!   ("between USD 40 and 50") — in a sentence that asks, or beside one, cannot be paid: U1, even relayed or
//!   forwarded (ADR-1470). A price near the order's amount said approximately is the order's price remembered.
//! - [`refused_then_full`]: an offer the customer refuses ("I don't want 10% store credit") is no alternative; the
//!   full amount then asked is the order's (ADR-1471).
//! - [`corrected_figure`]: a figure taken back by a correction right after it ("45 back please — sorry, no, … it's
//!   54") is replaced by the one figure named after the correction (ADR-1472).
//! - [`share_figure`]: a share with its amount named ("half of that back is fair - $45", "50% of order value (EUR
//!   30,00 of EUR 60,00)", "a 20.00 partial credit") asks that amount (ADR-1473).
//! - [`pointed_cost`]: an ask pointing back with "this"/"that" at the one cost the sentence before names ("The
//!   watchmaker says service costs 240,00 EUR. I want this refunded") asks that cost (ADR-1474).

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// A number: digits (with decimals) or a number word up to a hundred.
const NUM: &str = r"(?:\d{1,5}(?:[.,]\d{1,2})?|(?:five|ten|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?)";
/// A currency before a number.
const CUR_BEFORE: &str = r"(?:[$€£]\s?|(?:usd|eur|gbp|chf|aud|cad)\s?)";
/// A currency after a number.
const CUR_AFTER: &str = r"(?:\s?(?:[$€£]|dollars?|bucks|euros?|eur|usd|gbp|pounds?|quid|zł|zl|pln|chf|kr)\b|\s?[€£$])";

fn word_value(w: &str) -> Option<i64> {
    let w = w.trim().to_lowercase();
    if let Ok(v) = w.replace(',', ".").parse::<f64>() {
        return Some((v * 100.0).round() as i64);
    }
    let tens = |t: &str| match t {
        "five" => Some(5),
        "ten" => Some(10),
        "fifteen" => Some(15),
        "twenty" => Some(20),
        "thirty" => Some(30),
        "forty" => Some(40),
        "fifty" => Some(50),
        "sixty" => Some(60),
        "seventy" => Some(70),
        "eighty" => Some(80),
        "ninety" => Some(90),
        "hundred" => Some(100),
        _ => None,
    };
    let units = |u: &str| match u {
        "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        "six" => Some(6),
        "seven" => Some(7),
        "eight" => Some(8),
        "nine" => Some(9),
        _ => None,
    };
    let mut parts = w.split([' ', '-']).filter(|p| !p.is_empty());
    let head = tens(parts.next()?)?;
    let tail = parts.next().map_or(Some(0), units)?;
    Some((head + tail) * 100)
}

/// Whether `v` is near the order's amount (within 15%): a price remembered, not another figure.
fn near_order(v: i64, order: Option<i64>) -> bool {
    order.is_some_and(|o| o > 0 && (v - o).abs() * 100 <= o * 15)
}

/// The sentences of a text (hard-wrapped lines joined only inside a paragraph).
fn sentences(own: &str) -> Vec<String> {
    super::desk25::sentences(own).map(str::to_string).filter(|s| !s.trim().is_empty()).collect()
}

/// Whether the sentence asks money back (the reader's own request reading) or points back at money to come back
/// ("what I spent", "what it costs", "refund that").
fn asks(s: &str) -> bool {
    static BACK: OnceLock<Option<Regex>> = OnceLock::new();
    super::intent_in(s).request
        || re(
            &BACK,
            r"(?i)\b(?:wants?|would\s+like|'d\s+like|need|give|send|pay|get|have)\b[^.?!\n]{0,40}\bback\b|\b(?:something|money|a\s+bit|some)\s+back\b|\bback\s+what\b|\b(?:refund|reimburse|credit)\s+(?:me\s+)?(?:that|this|it)\b",
        )
        .is_some_and(|r| r.is_match(s))
}

/// The figure values a sentence leaves unsettled: alternatives or a range of two different money values, or one
/// approximation its writer hedges. Empty when it names none.
fn unsettled_values(s: &str) -> Vec<i64> {
    static PAIR: OnceLock<Option<Regex>> = OnceLock::new();
    static APPROX: OnceLock<Option<Regex>> = OnceLock::new();
    static HEDGE: OnceLock<Option<Regex>> = OnceLock::new();
    let lower = s.to_lowercase();
    // Two values joined as alternatives or a range, a currency on either: "between USD 40 and 50", "$20, maybe $25",
    // "ten or fifteen pounds", "20 to 25 euro".
    let pair = re(
        &PAIR,
        &format!(
            r"(?i)(?:\bbetween\s+)?(?P<ca0>{CUR_BEFORE})?(?P<a>{NUM})(?P<ca>{CUR_AFTER})?\s*(?:,\s*|\s+)?(?:or\s+(?:maybe\s+|perhaps\s+|possibly\s+)?|maybe\s+|perhaps\s+|to\s+|and\s+|-\s*|–\s*)(?:about\s+|around\s+)?(?P<cb0>{CUR_BEFORE})?(?P<b>{NUM})(?P<cb>{CUR_AFTER})?\b"
        ),
    );
    let mut out = Vec::new();
    if let Some(r) = pair {
        for c in r.captures_iter(&lower) {
            let (Some(a), Some(b), Some(m)) = (c.name("a"), c.name("b"), c.get(0)) else { continue };
            let text = m.as_str();
            let joined_by_and = text.contains(" and ");
            if joined_by_and && !text.trim_start().starts_with("between") {
                continue;
            }
            // A money marker on the pair; a count ("2 or 3 times") or a date is no figure.
            let money = text.chars().any(|ch| matches!(ch, '$' | '€' | '£'))
                || c.name("ca").is_some()
                || c.name("ca0").is_some()
                || c.name("cb").is_some()
                || c.name("cb0").is_some()
                || lower[m.end()..].trim_start().starts_with(['$', '€', '£']);
            if !money {
                continue;
            }
            let (Some(va), Some(vb)) = (word_value(a.as_str()), word_value(b.as_str())) else { continue };
            // Two close values low to high, or alternatives either way; never a reference or a count at a price.
            if va == vb || va == 0 || vb == 0 || va.max(vb) > 4 * va.min(vb) {
                continue;
            }
            out.extend([va, vb]);
            return out;
        }
    }
    // One approximation the writer hedges: "about $20 I think", "about 20 or so", "something like 20".
    let approx = re(
        &APPROX,
        &format!(
            r"(?i)\b(?P<w>about|around|approx\w*|roughly|something\s+like|like|maybe|perhaps|probably|circa|ca\.)\s+{CUR_BEFORE}?(?P<n>{NUM})(?:{CUR_AFTER})?(?P<orso>\s+or\s+so\b|\s*-?ish\b)?|~\s*{CUR_BEFORE}?(?P<n2>{NUM})"
        ),
    );
    let hedge = re(
        &HEDGE,
        r"(?i)\b(?:i\s+think|i\s+guess|i\s+believe|i\s+reckon|maybe|perhaps|probably|not\s+(?:100%\s+)?sure|or\s+so|roughly|something\s+like|if\s+i\s+remember|i\s+can'?t\s+remember|don'?t\s+remember|lost\s+the\s+receipt|no\s+receipt)\b",
    );
    if let (Some(approx), Some(hedge)) = (approx, hedge) {
        for c in approx.captures_iter(&lower) {
            let Some(n) = c.name("n").or_else(|| c.name("n2")) else { continue };
            let word = c.name("w").map_or("~", |w| w.as_str());
            // "like" alone is a filler ("it's like 2 days late"): it needs a currency on the figure.
            let m = c.get(0).map_or("", |m| m.as_str());
            if word == "like" && !m.chars().any(|ch| matches!(ch, '$' | '€' | '£')) && !m.contains("quid") {
                continue;
            }
            // A strong approximation needs no other hedge; "about"/"around" need the writer's own doubt.
            let strong = matches!(word, "roughly" | "maybe" | "perhaps" | "probably" | "~")
                || word.starts_with("something")
                || c.name("orso").is_some();
            let rest = lower.replacen(m, " ", 1);
            if (strong || hedge.is_match(&rest))
                && let Some(v) = word_value(n.as_str())
            {
                out.push(v);
                return out;
            }
        }
    }
    out
}

/// ADR-1470: a figure the writer could not settle, in a sentence that asks money back or right beside one (the ask
/// before or after it), that is not the order's price remembered (within 15% of the order's amount): the amount
/// cannot be settled (U1).
pub fn uncertain_ask(own: &str, order: Option<i64>) -> bool {
    let all = sentences(own);
    all.iter().enumerate().any(|(i, s)| {
        let values = unsettled_values(s);
        if values.is_empty() || values.iter().all(|v| near_order(*v, order)) {
            return false;
        }
        asks(s)
            || all.get(i + 1).is_some_and(|n| asks(n) && points_back(n))
            || (i > 0 && asks(&all[i - 1]) && points_back(s))
    })
}

/// Whether a sentence points back at a figure told beside it: "refund that", "what I spent, it was …", "it costs".
fn points_back(s: &str) -> bool {
    static BACK: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &BACK,
        r"(?i)\b(?:that|this|it)\b[^.?!\n]{0,12}(?:\bback\b|\bamount\b|$|[.?!])|\bwhat\s+(?:i|we|she|he|they|it)\s+(?:spent|paid|cost|costs|was)\b|^\s*(?:it|that)\s+(?:was|is|costs?)\b",
    )
    .is_some_and(|r| r.is_match(s.trim()))
}

/// ADR-1471: an offer refused ("I don't want 10% store credit", "no voucher please", "I won't accept a partial
/// refund") and, in another clause, the full amount asked ("I want the full amount back", "full refund"): the refused
/// offer is no alternative; the ask is the full amount.
pub fn refused_then_full(own: &str) -> bool {
    static REFUSED: OnceLock<Option<Regex>> = OnceLock::new();
    static FULL: OnceLock<Option<Regex>> = OnceLock::new();
    let refused = re(
        &REFUSED,
        r"(?i)\b(?:(?:i|we)\s+(?:do\s+not|don'?t|dont|not|no|will\s+not|won'?t|refuse\s+to|cannot|can'?t)\s+(?:want|accept|take|need)|not\s+interested\s+in|no\s+thanks?\s+to|(?:i|we)\s+(?:refuse|reject|decline))\b[^.?!\n]{0,40}?(?:\d+\s?%|percent|store\s+credit|voucher|gift\s+card|coupon|discount|partial|goodwill|credit\s+note|half|replacement)",
    );
    let full = re(
        &FULL,
        r"(?i)\b(?:full|whole|entire|complete|total)\s+(?:amount|refund|price|sum|money|payment|value)\b|\ball\s+(?:of\s+)?my\s+money\b",
    );
    let (Some(refused), Some(full)) = (refused, full) else { return false };
    let Some(m) = refused.find(own) else { return false };
    let rest = format!("{} {}", &own[..m.start()], &own[m.end()..]);
    full.is_match(&rest)
}

/// ADR-1472: a figure taken back by a correction right after it (within a few words: "45 back please — sorry, no,
/// I misread", "299 zł... sorry, in your shop it is 69,99 EUR") and one value named after the correction: that value.
pub fn corrected_figure(own: &str) -> Option<i64> {
    static MARK: OnceLock<Option<Regex>> = OnceLock::new();
    let mark = re(
        &MARK,
        r"(?i)^[^a-z0-9]{0,6}(?:[a-z]+[\s,;:.\-–—]+){0,3}?(?:sorry|oops|correction|i\s+mean|i\s+meant|my\s+mistake|i\s+misread|scratch\s+that|no\s+wait)\b",
    )?;
    let figs = super::figures::figures(own);
    for f in &figs {
        let after = &own[f.end.min(own.len())..];
        let Some(m) = mark.find(after) else { continue };
        let cut = f.end + m.end();
        let mut later: Vec<i64> = figs.iter().filter(|g| g.at >= cut && g.cents > 0).map(|g| g.cents).collect();
        later.sort_unstable();
        later.dedup();
        let earlier: Vec<i64> = figs.iter().filter(|g| g.end <= f.end).map(|g| g.cents).collect();
        if let [one] = later.as_slice()
            && !earlier.contains(one)
        {
            return Some(*one);
        }
    }
    None
}

/// ADR-1473: a share whose amount the sentence names: a fraction ("half", "a third", "50%") of the order's amount
/// that equals one figure of the sentence, or a partial credit or refund whose one figure modifies it ("a 20.00
/// partial credit", "partial refund of 12.00") below the order's amount. amount45 (ADR-1534): the figure's relation to
/// the share word decides, whatever the noun — a modifier of "partial"/"goodwill" ("150 eur partial ok") or its noun's
/// "of" complement ("the goodwill gesture of 50.00").
pub fn share_figure(own: &str, order: i64) -> Option<i64> {
    static FRACTION: OnceLock<Option<Regex>> = OnceLock::new();
    static PARTIAL: OnceLock<Option<Regex>> = OnceLock::new();
    let fraction = re(
        &FRACTION,
        r"(?i)\b(?P<half>half)\b|\b(?:a|one)\s+(?P<third>third)\b|\b(?:a|one)\s+(?P<quarter>quarter)\b|\b(?P<pct>[1-9]\d?)\s?(?:%|percent|per\s+cent)",
    )?;
    let partial = re(
        &PARTIAL,
        &format!(
            r"(?i)\b(?:an?\s+)?{CUR_BEFORE}?(?P<a>\d{{1,5}}[.,]\d{{2}}|\d{{1,5}})(?:{CUR_AFTER})?\s+(?:partial|goodwill)\b|\b(?:partial|goodwill)\s+(?:[a-z]+\s+)?of\s+{CUR_BEFORE}?(?P<b>\d{{1,5}}(?:[.,]\d{{2}})?)"
        ),
    )?;
    for s in sentences(own) {
        let values: Vec<i64> = super::figures::figures(&s).iter().map(|f| f.cents).filter(|v| *v > 0).collect();
        if let Some(c) = fraction.captures(&s) {
            let share = if c.name("half").is_some() {
                Some((order, 2))
            } else if c.name("third").is_some() {
                Some((order, 3))
            } else if c.name("quarter").is_some() {
                Some((order, 4))
            } else {
                c.name("pct").and_then(|p| p.as_str().parse::<i64>().ok()).map(|p| (order * p, 100))
            };
            if let Some((num, den)) = share {
                let want = num / den;
                if let Some(v) = values.iter().find(|v| (**v - want).abs() <= 1 && **v < order) {
                    return Some(*v);
                }
            }
        }
        if let Some(c) = partial.captures(&s) {
            // "a partial credit of 15%" names a share, not its amount.
            let number = c.name("a").or_else(|| c.name("b"));
            let after = number.map_or("", |m| s[m.end()..].trim_start());
            if after.starts_with('%') || after.starts_with("percent") || after.starts_with("per cent") {
                continue;
            }
            let v = number.and_then(|m| word_value(m.as_str()));
            if let Some(v) = v.filter(|v| *v > 0 && *v < order) {
                return Some(v);
            }
        }
    }
    None
}

/// ADR-1474: an ask whose object points back with "this" or "that" ("I want this refunded", "please refund that")
/// at the one cost the sentence before it names ("service costs 240,00 EUR"), a cost not near the order's amount:
/// that cost is asked.
pub fn pointed_cost(own: &str, order: i64) -> Option<i64> {
    static THIS: OnceLock<Option<Regex>> = OnceLock::new();
    static COST: OnceLock<Option<Regex>> = OnceLock::new();
    let this = re(
        &THIS,
        r"(?i)\b(?:want|need|like|have|get)\s+(?:this|that)\s+(?:refunded|reimbursed|paid|covered|credited|back)\b|\b(?:refund|reimburse|cover|credit)\s+(?:me\s+|us\s+)?(?:this|that)\b(?:\s+(?:amount|cost|sum|bill|please|pls))?\s*(?:[.,!;]|$)",
    )?;
    let cost = re(&COST, r"(?i)\b(?:costs?|costing|charged?|charges|came\s+to|comes\s+to|quoted|invoiced)\b")?;
    let all = sentences(own);
    for (i, s) in all.iter().enumerate().skip(1) {
        if !this.is_match(s) || !super::figures::figures(s).is_empty() {
            continue;
        }
        let before = &all[i - 1];
        if !cost.is_match(before) {
            continue;
        }
        let mut values: Vec<i64> = super::figures::figures(before).iter().map(|f| f.cents).filter(|v| *v > 0).collect();
        values.sort_unstable();
        values.dedup();
        if let [one] = values.as_slice()
            && *one < order
            && !near_order(*one, Some(order))
            && unsettled_values(before).is_empty()
        {
            return Some(*one);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsettled_values_read_by_shape() {
        assert_eq!(unsettled_values("I think it was about $20, maybe $25, for the serum."), vec![2000, 2500]);
        assert_eq!(unsettled_values("refund of between USD 40 and 50 please"), vec![4000, 5000]);
        assert_eq!(unsettled_values("maybe ten or fifteen pounds?"), vec![1000, 1500]);
        assert_eq!(unsettled_values("it was about $20 I think"), vec![2000]);
        assert!(unsettled_values("I paid around $60 for it").is_empty());
        assert!(unsettled_values("2 or 3 times I asked, refund $20").is_empty());
    }

    #[test]
    fn a_correction_keeps_the_last_figure() {
        assert_eq!(
            corrected_figure("I'd like $45 back please - sorry, no, it's $54.00. So $54.00 back please."),
            Some(5400)
        );
        assert_eq!(corrected_figure("refund $20 or $30, sorry to ask"), None);
    }
}
