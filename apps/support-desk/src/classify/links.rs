//! fig40 (issue 16, ADR-1280…ADR-1283): what links an ask to the figure it means, read from how the ticket is built
//! rather than from a list of the seen sentences.
//!
//! The roles ([`super::roles`]) give a figure a role from the words right around it. A new author's ask often holds no
//! figure at all and *points* at one told elsewhere, or *counts* the items it means, or *works out* the figure from
//! two told ones:
//!
//! - **a count of affected items at a unit price** ([`counted`]): a unit price told ("three packs at £9.99 each", "3 x
//!   30.00", "4 plates at 15 each", "2 of the GH₵80 kettles") and an ask that counts the items it means — in its own
//!   words ("refund the one that's missing", "the money for those three", "take one back", "refund for 2 which not
//!   come"), or by a pronoun ("refund those", "refund them", "the missing ones") whose count the story tells ("3 came
//!   bent", "paid for 6, got 4"). The ask is that count times the unit price; never the whole line, never the order;
//! - **a pointer to a figure** ([`pointed`]): "that money back", "get that back", "that box credited", "refund that one
//!   only" asks the one figure told right before it (in its sentence before the pointer, or in the sentence before);
//! - **a worked-out figure** ([`worked`]): "the difference" / "the rest" between the order (or a price) and a figure
//!   kept or paid elsewhere; a net figure and its VAT/GST/tax rate with the gross asked ("credit the gross amount",
//!   "refund accordingly"); a share with its amount named ("50% of order value (EUR 30,00 of EUR 60,00)");
//! - **a chosen offer** ([`chosen_offer`]): an offer reported with its figures ("you offered 20 or a replacement") and
//!   the customer taking one ("I'll take the 20", "so the 10 please", "go ahead with the 15 credit"), or answering it
//!   with a figure of their own ("You offered 40. I want 90." asks 90);
//! - **a correction** ([`corrected`]): a figure taken back by a correction cue anywhere before the next figure ("a
//!   refund of 45 - sorry, I'm looking at the wrong line on the invoice, it's 54.00") is replaced by that figure.
//!
//! Every figure these return is one the paying guard ([`crate::payable`]) accounts for: a figure written, a count
//! times a figure, a difference of the order and a figure, a figure plus a share of it.

use super::money::{self, Certainty};
use regex::Regex;
use std::sync::OnceLock;

struct Pats {
    /// A word that asks money back or points at money to come back.
    money_back: Regex,
    /// Words after a figure that make it a unit price.
    each_after: Regex,
    /// Words before a figure that make it a unit price when a count precedes them ("3 x", "4 plates at", "2 of the").
    unit_before: Regex,
    /// A count: digits or an English number word, as a whole word.
    count: Regex,
    /// A story of affected items: the count, then within a few words a word of damage or absence.
    affected: Regex,
    /// A story of items received: "got 4", "only 3 arrive", "came with 11".
    received: Regex,
    /// An ask that points at items told before ("those", "them", "the missing ones").
    item_pointer: Regex,
    /// The whole order asked ("the whole order", "everything", "all of it").
    whole: Regex,
    /// A pointer at money told before ("that money", "that back", "that amount", "that box credited").
    money_pointer: Regex,
    /// The difference or the rest asked.
    difference: Regex,
    /// A figure kept ("I'll keep the RM19.90 lid", "Keeping the $60 helmet").
    keep: Regex,
    /// A tax rate added to a net figure ("+ 23% VAT", "plus 5% GST").
    tax: Regex,
    /// The gross asked ("the gross amount", "accordingly", "incl. VAT", "with the tax").
    gross_asked: Regex,
    /// An offer reported in the customer's words.
    offer: Regex,
    /// A choice of one figure ("I'll take the 20", "go ahead with the 15", "so the 10 please", "I want 90").
    choice: Regex,
    /// A correction cue.
    correction: Regex,
    share: Regex,
    /// "× 3" after a figure: the count follows it.
    count_after: Regex,
    /// "3 x 30.00": a figure followed by "x" is a count, never a price.
    times_after: Regex,
    /// fig41: a tax named in a line or sentence ("VAT (20%): 20.00", "+ VAT 20% 20.00"): its rate is no share asked.
    tax_named: Regex,
    /// fig41: after a correction cue, a clause of its own before the next figure ("I mean USD total, but I pay only
    /// 99"): a contrast or a price told starts one, so that figure corrects nothing.
    new_clause: Regex,
    /// fig41: the figure right after it is the one taken back ("I meant 19.99, not 1,999").
    negated_before: Regex,
    /// fig41: a count and a unit marker before a unit price ("three bottles at", "2 Außenkameras à", "2 x digital
    /// thermometers @").
    count_at: Regex,
    /// fig41: between a unit price and what it comes to ("= ", " each, that's ", " comes to ").
    comes_to: Regex,
    /// fig41: a price told rather than asked in a working's sentence ("I paid 2 x 20 = 40").
    told_paid: Regex,
    /// fig41: an ask whose object is a free relative ("a refund of what it's worth", "back what I paid for the lamp").
    ask_what: Regex,
    /// fig41: the free relative's end and the figure set beside it ("…, 300", "…, the 74.99", "…: 45.00").
    apposed: Regex,
}

fn pats() -> Option<&'static Pats> {
    static P: OnceLock<Option<Pats>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Pats {
            money_back: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|credit(?:ed)?|money|back|compensat\w*|repay\w*|pay\s+(?:me|us)\s+back)\b",
            )
            .ok()?,
            each_after: Regex::new(r"(?i)^\s*(?:each|apiece|a\s+piece|per\s+(?:piece|item|unit|pack|box|pc)|/\s*(?:ea|each|unit|pc))\b").ok()?,
            unit_before: Regex::new(r"(?i)(?:\b(?:x|at|@)|×|\*|@|\bof\s+the)\s*$").ok()?,
            count: Regex::new(
                r"(?i)\b(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|both|a\s+pair)\b",
            )
            .ok()?,
            affected: Regex::new(
                r"(?i)^\s*(?:(?:of\s+(?:the|them)\s+)?[\w$€£₵.,]+\s+){0,3}(?:\w+\s+)?(?:came|arrived?|were|are|is|was|showed\s+up|turned\s+up)?\s*(?:\w+\s+)?(?:broken|broke|cracked|bent|smashed|damaged|missing|leak\w*|torn|faulty|defective|dented|shattered|chipped|wrong|dead|doa)\b",
            )
            .ok()?,
            received: Regex::new(r"(?i)\b(?:got|received|only|came\s+with|arrived\s+with|delivered)\s*$").ok()?,
            item_pointer: Regex::new(
                r"(?i)\b(?:those|these|them|the\s+(?:missing|broken|damaged|bent|cracked|faulty|bad|extra|other)\s+(?:ones?|\w+s))\b",
            )
            .ok()?,
            whole: Regex::new(
                r"(?i)\b(?:whole|entire|full)\s+(?:order|thing|lot|amount|price|refund|set|bundle)\b|\beverything\b|\ball\s+of\s+(?:it|them)\b",
            )
            .ok()?,
            money_pointer: Regex::new(
                r"(?i)\b(?:that|this)\s+(?:money|amount|sum|figure)\b|\b(?:get|have|want|give\s+(?:me|us))\s+(?:that|this)\s+back\b|\b(?:refund|credit|reimburse)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:that|this)\s+(?:one|item|box|piece|unit|part)\b|\b(?:that|this)\s+(?:one|item|box|piece|unit|part|pack)\s+(?:credited|refunded|reimbursed)\b",
            )
            .ok()?,
            difference: Regex::new(r"(?i)\b(?:the\s+difference|the\s+rest(?:\s+of\s+(?:the\s+)?(?:order|money))?|the\s+remainder|what'?s\s+left)\b").ok()?,
            keep: Regex::new(r"(?i)\b(?:keep(?:ing)?|kept|hold(?:ing)?\s+on\s+to)\b").ok()?,
            tax: Regex::new(r"(?i)(?:\+|\bplus|\band)\s*(\d{1,2}(?:[.,]\d{1,2})?)\s?%\s*(?:vat|gst|hst|tax|mwst|iva|tva|btw|moms)\b").ok()?,
            gross_asked: Regex::new(
                r"(?i)\b(?:gross|accordingly|incl(?:uding|\.)?\s+(?:the\s+)?(?:vat|gst|tax)|with\s+(?:the\s+)?(?:vat|gst|tax)|total\s+(?:amount|with))\b",
            )
            .ok()?,
            offer: Regex::new(r"(?i)\b(?:offer(?:ed|s)?|could\s+have|can\s+have|proposed|suggested|said\s+i\s+could)\b").ok()?,
            choice: Regex::new(
                r"(?i)(?:\b(?:i'?ll|i\s+will|we'?ll|i'?d|i\s+would)\s+(?:take|have|go\s+(?:for|with)|accept|choose|pick|prefer)|\bgo\s+ahead\s+with|\b(?:i\s+)?(?:accept|choose|pick)|\b(?:i|we)\s+(?:want|ask(?:\s+for)?|need)|\bso)\s+(?:only\s+|just\s+)?(?:the\s+)?$",
            )
            .ok()?,
            correction: Regex::new(
                r"(?i)\b(?:sorry|i\s+mean|i\s+meant|correction|my\s+mistake|my\s+bad|typo|wrong\s+(?:line|figure|amount|number|price|one)|should\s+(?:be|read|say)|make\s+(?:that|it)|no\s*,?\s*wait|oops|actually)\b",
            )
            .ok()?,
            share: Regex::new(r"(?i)\b(\d{1,2})\s?%|\bhalf\b").ok()?,
            count_after: Regex::new(r"^\s*(?:x|×)\s*(\d{1,3})\b").ok()?,
            times_after: Regex::new(r"^\s*(?:x|×)\s*\S").ok()?,
            tax_named: Regex::new(r"(?i)\b(?:vat|gst|hst|tax|mwst|iva|tva|btw|moms|ust)\b").ok()?,
            new_clause: Regex::new(
                r"(?i)\b(?:but|however|though|although|whereas|while|not|instead\s+of|pa(?:y|id|ying)|cost|charged)\b",
            )
            .ok()?,
            negated_before: Regex::new(r"(?i)\b(?:not|instead\s+of|rather\s+than)\s*(?:the\s+)?[$€£]?\s*$").ok()?,
            count_at: Regex::new(
                r"(?i)\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+[\w'’-]+){0,4}?\s*(?:\bx\b|×|\*|@|\bat\b|à)\s*(?:[A-Za-z]{1,3}\s?)?[$€£]?\s*$",
            )
            .ok()?,
            comes_to: Regex::new(
                r"(?i)^\s*(?:[$€£]|[A-Za-z]{3}\b|euros?|dollars?)?\s*(?:each|apiece|ea\.?|/\s*(?:unit|pc|ea))?\s*,?\s*(?:=|comes\s+to|makes|that'?s|that\s+is|gives)\s*(?:[$€£]|[A-Za-z]{3}\b)?\s*$",
            )
            .ok()?,
            told_paid: Regex::new(r"(?i)\b(?:paid|pay|charged|bought|ordered|cost)\b").ok()?,
            ask_what: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|credit|back|repay\w*|compensat\w*|pay\s+(?:me|us))\s+(?:me\s+|us\s+)?(?:of\s+|for\s+)?what\b",
            )
            .ok()?,
            apposed: Regex::new(r"(?i)^[^,.;:!?()\n]{3,80}(?:,|:|\s[-–—])\s*(?:i\.e\.?\s*|namely\s+|so\s+)?(?:the\s+)?(?:[A-Z]{2,3}\s?)?[$€£]?\s*$").ok()?,
        })
    })
    .as_ref()
}

/// The sentences of `text` as byte ranges (a dot ends one only before a space or the end, so "42.99" stays whole).
fn sentences(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        let end = match b {
            b'!' | b'?' | b'\n' => true,
            b'.' => bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()),
            _ => false,
        };
        if end {
            if !text[start..=i].trim().is_empty() {
                out.push((start, i + 1));
            }
            start = i + 1;
        }
    }
    if start < text.len() && !text[start..].trim().is_empty() {
        out.push((start, text.len()));
    }
    out
}

/// A money figure of the text: its span (absolute) and value.
#[derive(Debug, Clone, Copy)]
struct Fig {
    at: usize,
    end: usize,
    cents: i64,
    /// Written as money (a currency or two decimals), not bare digits.
    written: bool,
}

fn figures(text: &str) -> Vec<Fig> {
    money::read(text)
        .into_iter()
        .filter(|a| a.certainty == Certainty::Exact && a.cents > 0)
        .filter(|a| !text[a.span.end..].starts_with(|c: char| c.is_alphanumeric() || c == '%'))
        .map(|a| {
            let raw = &text[a.span.clone()];
            let decimals = raw.rsplit(['.', ',']).next().is_some_and(|d| d.len() == 2) && raw.contains(['.', ',']);
            Fig { at: a.span.start, end: a.span.end, cents: a.cents, written: a.currency.is_some() || decimals }
        })
        .collect()
}

/// The value of a count word or digits.
fn count_value(word: &str) -> Option<i64> {
    let w = word.to_lowercase();
    let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
    if let Some(i) = words.iter().position(|x| *x == w) {
        return Some(i as i64 + 1);
    }
    if w == "both" || w.starts_with("a ") {
        return Some(2);
    }
    w.parse().ok()
}

/// Whether the digits or word at `start..end` of `text` are a bare count (no currency, not part of a decimal figure).
fn bare_count(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let mut after = text[end..].chars();
    let next = after.next();
    let decimal_after = matches!(next, Some('.' | ',')) && after.next().is_some_and(|c| c.is_ascii_digit());
    let decimal_before =
        matches!(before, Some('.' | ',')) && text[..start].chars().rev().nth(1).is_some_and(|c| c.is_ascii_digit());
    !matches!(before, Some('$' | '€' | '£' | '#' | '-' | '₵' | '¥'))
        && !matches!(next, Some('%' | '$' | '€' | '£'))
        && !decimal_after
        && !decimal_before
}

/// A unit price told: (its value, the count of the line when told, its absolute position).
fn unit_prices(text: &str) -> Vec<(i64, Option<i64>, usize)> {
    let Some(p) = pats() else { return Vec::new() };
    let mut out = Vec::new();
    for (s, e) in sentences(text) {
        let sentence = &text[s..e];
        for f in figures(sentence) {
            let head = &sentence[..f.at];
            let tail = &sentence[f.end..];
            // The count of the line: the last count in the clause before the figure.
            let clause_start = head.rfind([',', ';', ':', '(']).map_or(0, |i| i + 1);
            let line_count = p
                .count
                .find_iter(&head[clause_start..])
                .filter(|m| bare_count(head, clause_start + m.start(), clause_start + m.end()))
                .last()
                .and_then(|m| count_value(m.as_str()))
                // "paid for 6, got 4, $8.25 each": the line's count is the largest told before the figure.
                .or_else(|| {
                    p.count
                        .find_iter(head)
                        .filter(|m| bare_count(head, m.start(), m.end()))
                        .filter_map(|m| count_value(m.as_str()))
                        .max()
                });
            let each = p.each_after.is_match(tail);
            let unit = each || (p.unit_before.is_match(head) && line_count.is_some());
            // "× 3" after the figure: the count follows.
            let count_after = p.count_after.captures(tail).and_then(|c| c.get(1)).and_then(|m| m.as_str().parse().ok());
            // "3 x 30.00": the 3 is the count, never a price of 30 items.
            let is_count = p.times_after.is_match(tail) && !f.written;
            if !is_count && (unit || (f.written && count_after.is_some())) {
                out.push((f.cents, line_count.or(count_after), s + f.at));
            }
        }
    }
    out
}

/// The count an ask names of the items it means, in its own words: "those three", "the one that's missing", "for 2
/// which not come", "take one back". Figures are skipped.
fn ask_count(sentence: &str, figs: &[Fig], base: usize) -> Option<i64> {
    let p = pats()?;
    let counts: Vec<i64> = p
        .count
        .find_iter(sentence)
        .filter(|m| !figs.iter().any(|f| f.at < base + m.end() && base + m.start() < f.end))
        .filter(|m| bare_count(sentence, m.start(), m.end()))
        // "one" as a pronoun of the thing ("that one", "this one", "the one I ordered") names no count of items beside
        // a figure; "the one that's missing" does.
        .filter(|m| {
            let w = m.as_str().to_lowercase();
            if w != "one" {
                return true;
            }
            let before = sentence[..m.start()].trim_end().to_lowercase();
            !(before.ends_with("that")
                || before.ends_with("this")
                || before.ends_with("which")
                || before.ends_with("no"))
        })
        .filter_map(|m| count_value(m.as_str()))
        .collect();
    let mut counts = counts;
    counts.dedup();
    match counts.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The count of affected items the story tells outside the ask: "3 came bent", "Two came cracked", "2 is leaking";
/// or the line's count less the items received ("paid for 6, got 4", "5 … only 3 arrive").
fn story_count(text: &str, line_count: Option<i64>, skip: (usize, usize)) -> Option<i64> {
    let p = pats()?;
    let figs = figures(text);
    let mut found: Vec<i64> = Vec::new();
    for m in p.count.find_iter(text) {
        if (skip.0..skip.1).contains(&m.start()) || !bare_count(text, m.start(), m.end()) {
            continue;
        }
        // A figure's digits are no count, unless the figure is a bare number ("2 is leaking" reads "2" as money).
        if figs.iter().any(|f| f.written && f.at < m.end() && m.start() < f.end) {
            continue;
        }
        let Some(n) = count_value(m.as_str()) else { continue };
        let head = &text[..m.start()];
        let tail = &text[m.end()..];
        let tail_clause = &tail[..tail.find(['.', '!', '?', '\n', ';']).unwrap_or(tail.len())];
        if p.received.is_match(head)
            && let Some(total) = line_count
            && n < total
        {
            found.push(total - n);
        } else if p.affected.is_match(tail_clause) && line_count.is_none_or(|t| n < t) {
            found.push(n);
        }
    }
    found.dedup();
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// ADR-1280: the count of affected items times the unit price, where the ask counts or points at items.
pub fn counted(text: &str, order: Option<i64>, asks: impl Fn(&str) -> bool) -> Option<i64> {
    let p = pats()?;
    let units = unit_prices(text);
    let mut distinct: Vec<i64> = units.iter().map(|u| u.0).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let [unit] = distinct.as_slice() else { return None };
    let line_count = units.iter().find_map(|u| u.1);
    let figs = figures(text);
    // The last sentence that asks money back, and names no written figure of its own other than the unit.
    let (s, e) =
        sentences(text).into_iter().rev().find(|(s, e)| asks(&text[*s..*e]) || p.money_back.is_match(&text[*s..*e]))?;
    let sentence = &text[s..e];
    if p.whole.is_match(sentence) {
        return None;
    }
    let own_figs: Vec<Fig> = figs.iter().filter(|f| s <= f.at && f.at < e).copied().collect();
    if own_figs.iter().any(|f| f.written && f.cents != *unit) {
        return None;
    }
    let k = match ask_count(sentence, &own_figs, s) {
        Some(k) => k,
        None if p.item_pointer.is_match(sentence) => story_count(text, line_count, (s, e))?,
        None => return None,
    };
    let v = unit.checked_mul(k)?;
    // Never the whole line or the whole order: fewer items than the line's count, or less than the order.
    let part = order.is_none_or(|o| v < o) || line_count.is_some_and(|t| k < t);
    (k >= 1 && v > 0 && part && order.is_none_or(|o| v <= o)).then_some(v)
}

/// ADR-1281: the one figure an ask points back at ("that money back", "get that back", "that box credited", "refund
/// that one only"): told in the pointer's sentence before it, or else the only figure of the sentence before.
pub fn pointed(text: &str) -> Option<i64> {
    let p = pats()?;
    let spans = sentences(text);
    let figs = figures(text);
    let mut found = None;
    for (i, (s, e)) in spans.iter().copied().enumerate() {
        let sentence = &text[s..e];
        let Some(m) = p.money_pointer.find(sentence) else { continue };
        let at = s + m.start();
        // The pointer's sentence names a figure after the pointer: no pointing back.
        if figs.iter().any(|f| f.at >= at && f.end <= e && f.written) {
            return None;
        }
        let before: Vec<&Fig> = figs.iter().filter(|f| s <= f.at && f.end <= at && f.written).collect();
        let v = match before.as_slice() {
            [.., last] => last.cents,
            [] => {
                let (ps, pe) = *spans[..i].last()?;
                let prev: Vec<&Fig> = figs.iter().filter(|f| ps <= f.at && f.end <= pe && f.written).collect();
                match prev.as_slice() {
                    [one] => one.cents,
                    _ => return None,
                }
            }
        };
        if found.is_some_and(|x| x != v) {
            return None;
        }
        found = Some(v);
    }
    found
}

/// ADR-1282: a figure worked out from two told ones, as the ask says: the difference or the rest, the gross of a net
/// figure and its tax rate, a share with its amount named.
pub fn worked(text: &str, order: Option<i64>) -> Option<i64> {
    let p = pats()?;
    let figs: Vec<Fig> = figures(text).into_iter().filter(|f| f.written || f.cents >= 1000).collect();
    let spans = sentences(text);
    // The gross: a net figure "+ 23% VAT" and the gross asked.
    if p.gross_asked.is_match(text)
        && let Some(c) = p.tax.captures(text)
        && let Some(rate) = c.get(1).and_then(|m| m.as_str().replace(',', ".").parse::<f64>().ok())
    {
        let at = c.get(0).map_or(0, |m| m.start());
        let net = figs.iter().rev().find(|f| f.end <= at && text[f.end..at].trim().is_empty())?;
        let gross = net.cents + ((net.cents as f64) * rate / 100.0).round() as i64;
        return order.is_none_or(|o| gross <= o).then_some(gross);
    }
    // A share with its amount named: "50% of order value (EUR 30,00 of EUR 60,00)". A tax's rate is no share (fig41,
    // ADR-1331): "VAT (20%): 20.00" under "Net: 100.00" tells the tax, it asks no 20% of anything.
    let in_tax = |at: usize| spans.iter().any(|(s, e)| *s <= at && at < *e && p.tax_named.is_match(&text[*s..*e]));
    if let Some(c) = p.share.captures_iter(text).find(|c| c.get(0).is_some_and(|m| !in_tax(m.start()))) {
        let pct = c.get(1).and_then(|m| m.as_str().parse::<i64>().ok()).unwrap_or(50);
        let whole: Vec<i64> = figs.iter().map(|f| f.cents).chain(order).collect();
        let hits: Vec<i64> = figs
            .iter()
            .map(|f| f.cents)
            .filter(|v| whole.iter().any(|w| *w != *v && (w * pct - v * 100).abs() <= 100))
            .collect();
        if let [one] = hits.as_slice() {
            return Some(*one);
        }
    }
    // The difference or the rest asked, with no figure of its own.
    let (s, e) = spans.iter().copied().find(|(s, e)| p.difference.is_match(&text[*s..*e]))?;
    let sentence = &text[s..e];
    if !p.money_back.is_match(sentence) && !sentence.to_lowercase().contains("refund") {
        return None;
    }
    if figs.iter().any(|f| s <= f.at && f.at < e) {
        return None;
    }
    let kept: Vec<i64> = spans
        .iter()
        .filter(|(a, b)| p.keep.is_match(&text[*a..*b]))
        .flat_map(|(a, b)| figs.iter().filter(move |f| *a <= f.at && f.at < *b).map(|f| f.cents))
        .collect();
    if let (Some(o), [k]) = (order, kept.as_slice())
        && *k < o
    {
        return Some(o - k);
    }
    let mut values: Vec<i64> = figs.iter().map(|f| f.cents).collect();
    values.sort_unstable();
    values.dedup();
    match values.as_slice() {
        [a, b] if order.is_none_or(|o| b - a <= o) => Some(b - a),
        _ => None,
    }
}

/// ADR-1283: an offer reported with its figures and the customer taking one, or answering it with a figure of their
/// own: that figure. `None` when the ticket reports no offer or takes no figure.
pub fn chosen_offer(text: &str) -> Option<i64> {
    let p = pats()?;
    if !p.offer.is_match(text) {
        return None;
    }
    let figs = figures(text);
    let chosen: Vec<i64> = figs
        .iter()
        .filter(|f| {
            let head = &text[..f.at];
            // "the 20", "the CA$12", "the 15 credit": the currency sign may stand between "the" and the digits.
            let head = head.trim_end_matches(|c: char| c.is_alphabetic() && c.is_uppercase() || "$€£₵ ".contains(c));
            p.choice.is_match(head) || p.choice.is_match(&text[..f.at])
        })
        .map(|f| f.cents)
        .collect();
    match chosen.as_slice() {
        [one] => Some(*one),
        [first, rest @ ..] if rest.iter().all(|v| v == first) => Some(*first),
        _ => None,
    }
}

/// fig41 (ADR-1332): a working whose result is asked: a count at a unit price and what it comes to ("three bottles at
/// 12.50 = 37.50, that's what I'd like back", "the 2 Außenkameras à 89,00 € = 178,00 €", a list line "- 2 x
/// thermometers @ 9.95 = 19.90" under "a partial credit for the following:"), said in a sentence that asks or on a
/// line under a line that asks and ends with a colon. The result must be the count times the unit; a working that
/// tells a price paid ("I paid 2 x 20 = 40") or sits beside the whole order asked is none. Returns (the unit, the
/// result) when exactly one result is asked.
pub fn stated_result(text: &str, asks: impl Fn(&str) -> bool) -> Option<(i64, i64)> {
    let p = pats()?;
    let spans = sentences(text);
    let mut found: Vec<(i64, i64)> = Vec::new();
    for (i, (s, e)) in spans.iter().copied().enumerate() {
        let sentence = &text[s..e];
        let figs = figures(sentence);
        for pair in figs.windows(2) {
            let (u, t) = (pair[0], pair[1]);
            let Some(c) = p.count_at.captures(&sentence[..u.at]) else { continue };
            let Some(n) = c.get(1).and_then(|m| count_value(m.as_str())) else { continue };
            if !p.comes_to.is_match(&sentence[u.end..t.at]) || (u.cents * n - t.cents).abs() > 1 {
                continue;
            }
            let start = c.get(0).map_or(0, |m| m.start());
            if p.told_paid.is_match(&sentence[..start]) || p.whole.is_match(sentence) {
                continue;
            }
            // A line under a line that asks and ends with a colon ("… for the following:") asks with it.
            let heading = i
                .checked_sub(1)
                .map(|j| &text[spans[j].0..spans[j].1])
                .is_some_and(|h| h.trim_end().ends_with(':') && (asks(h) || p.money_back.is_match(h)));
            if asks(sentence) || p.money_back.is_match(sentence) || heading {
                found.push((u.cents, t.cents));
            }
        }
    }
    found.dedup();
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// fig41 (ADR-1333): the figure set beside an ask's free relative ("I'd like a refund of what it's actually worth,
/// 300, since …", "I'd like back what I paid for the lamp itself, the 74.99;"): the relative names the money, the
/// figure after its comma, colon or dash says how much. Exactly one such figure.
pub fn apposed(text: &str) -> Option<i64> {
    let p = pats()?;
    let figs = figures(text);
    let mut found: Vec<i64> = Vec::new();
    for (s, e) in sentences(text) {
        let Some(m) = p.ask_what.find(&text[s..e]) else { continue };
        let rel = s + m.end();
        // The first figure after the relative.
        // "…, i.e. 72.00" reads on past the abbreviation's dot: the pattern allows no other sentence mark between.
        if let Some(f) = figs.iter().find(|f| f.at >= rel)
            && p.apposed.is_match(&text[rel..f.at])
        {
            found.push(f.cents);
        }
    }
    found.dedup();
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// ADR-1283: the figure a correction puts in place of `v` ("a refund of 45 - sorry, I'm looking at the wrong line on
/// the invoice, it's 54.00"): the next written figure after `v` with a correction cue between them, itself not
/// corrected again.
pub fn corrected(text: &str, v: i64) -> Option<i64> {
    let p = pats()?;
    let figs = figures(text);
    let mut i = figs.iter().position(|f| f.cents == v)?;
    let mut out = None;
    while let Some(next) = figs.get(i + 1) {
        // Figures the typed reader returns may overlap (a statement line): no text between them, no correction.
        let Some(between) = text.get(figs[i].end..next.at) else { break };
        if between.len() > 120 || next.cents == figs[i].cents {
            break;
        }
        // fig41 (ADR-1330): the figure that replaces is in the cue's own clause: after the last cue, a contrast or a
        // price told ("I mean USD total, but I pay only 99") starts another clause, and a figure said with "not"
        // ("I meant 19.99, not 1,999") is the one taken back.
        let Some(cue) = p.correction.find_iter(between).last() else { break };
        let after_cue = &between[cue.end()..];
        if p.new_clause.is_match(after_cue) || p.negated_before.is_match(between) {
            break;
        }
        out = Some(next.cents);
        i += 1;
    }
    out.filter(|x| *x != v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asks(s: &str) -> bool {
        Regex::new(r"(?i)\b(?:refund|back|credit|money)\b").unwrap().is_match(s)
    }

    /// F1330: a pattern the workspace's regex features cannot compile turns every link off silently.
    #[test]
    fn the_patterns_compile() {
        assert!(pats().is_some());
    }

    #[test]
    fn counted_items_at_a_unit_price() {
        let cases: &[(&str, i64, Option<i64>)] = &[
            (
                "I ordered three packs at £9.99 each, so £29.97 total, but only two packs were in the box. Just refund the one that's missing please.",
                2997,
                Some(999),
            ),
            (
                "The listing said 30.00 each for the add-ons, so that's 3 x 30.00 missing. Just the money for those three.",
                42000,
                Some(9000),
            ),
            ("charged twice for the same neck pillow. 2 x 22.50 on my card. take one back", 2250, Some(2250)),
            ("paid for 6, got 4, $8.25 each. refund the missing ones.", 4950, Some(1650)),
            ("10 tent pegs at 1.80, 3 came bent. Refund those.", 1800, Some(540)),
            (
                "The dinner set had 4 plates at 15 each. Two came cracked, so I'm returning those two; please refund them.",
                6000,
                Some(3000),
            ),
            (
                "3 of the 6 glasses broke, at 7.50 each that's 22.50, but honestly please just refund the whole order.",
                4500,
                None,
            ),
            ("The mugs were 12.50 each. Please refund my order.", 5000, None),
        ];
        for (text, order, want) in cases {
            assert_eq!(counted(text, Some(*order), asks), *want, "{text}");
        }
    }

    #[test]
    fn pointers_worked_figures_offers_and_corrections() {
        assert_eq!(pointed("Anyway the monitor cost $64.99 and we'd just like that money back for it."), Some(6499));
        assert_eq!(pointed("That box was 18.75. Can we get that back from the shop?"), Some(1875));
        assert_eq!(pointed("It cost $64.99. I want my money back."), None);
        assert_eq!(worked("Order was $250. Keeping the $60 helmet. Refund the difference.", Some(25000)), Some(19000));
        assert_eq!(
            worked("Return of one item, net €40.00 + 23% VAT. Please credit the gross amount.", Some(9840)),
            Some(4920)
        );
        assert_eq!(worked("partial credit of 50% of order value (EUR 30,00 of EUR 60,00).", Some(6000)), Some(3000));
        assert_eq!(chosen_offer("You offered 20 or a replacement — I'll take the 20."), Some(2000));
        assert_eq!(
            chosen_offer(
                "You offered either 10 off if I keep it, or 25 back with a return. I'm keeping it, so the 10 please."
            ),
            Some(1000)
        );
        assert_eq!(chosen_offer("You offered 40. I want 90. Those boots ruined my hike."), Some(9000));
        assert_eq!(
            corrected(
                "So I'd like a refund of 45 - sorry, I'm looking at the wrong line on the invoice, it's 54.00 for the pair.",
                4500
            ),
            Some(5400)
        );
    }
}
