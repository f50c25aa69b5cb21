//! amt42 (issue 16, ADR-1380…ADR-1383): which figure is asked, read from the figure's role in its clause after every
//! step of [`super::facts`] has settled an amount. Three constructions, each read by structure, each only ever moving
//! the amount to a figure the customer wrote (never above the order's amount, so never a refusal of its own):
//!
//! - **A count at a unit price** ([`units`]): one price marked as a unit's ("6.50 each", "each one 4.5 dollar",
//!   "unit price 12.45", "14.00 per unit", "@ 4.20") and the count the asking sentence gives its object ("refund for
//!   the 2", "for those four", "2 of 6 units", "3 x defective cartridges"): the count times the unit — never the unit
//!   alone, never the order's amount, never the count bought (that count stands in a sentence that asks nothing).
//! - **A part asked after the whole is declined** ([`kept_part`]): a sentence that declines the whole money ("I'm not
//!   asking for all my money back", "not after a full refund", "dont want it all back") and a figure after it governed
//!   by "just"/"only" ("Just the 35.00 that the hook costs"): that figure, never the order's price told beside it.
//! - **A figure on record beside a new one** ([`beside_record`]): a figure the shop's own act governs ("you said you'd
//!   refund the 12.00", "you promise me refund 10 euro", "the 25.00 credit you approved") is a refund on record; the
//!   one other figure an asking sentence names is the ask.
//!
//! None of them links figures across the story (F996): each reads one marked construction and pays only a figure (or
//! a product) the asking sentence itself governs.

use super::{Amount, desk25, figures, intent_in, number_value};
use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    unit_after: Regex,
    unit_before: Regex,
    count_of: Regex,
    count_for: Regex,
    count_times: Regex,
    declined_whole: Regex,
    only_before: Regex,
    shop_act_before: Regex,
    shop_act_after: Regex,
    refund_noun_before: Regex,
}

/// A small count, in digits or words.
const COUNT: &str = r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            // Right after the figure: "6.50 each", "8.25 each one", "15.00 per lamp", "4.20 ea", "12.00/unit".
            unit_after: Regex::new(
                r"(?i)^\s*(?:(?:usd|eur|gbp|dollars?|bucks|euros?|pounds?)\s+)?(?:each|ea\b|apiece|a\s+piece|per\s+(?:unit|piece|item|pc|one|[a-z]+)|/\s*(?:ea|each|unit|pc|piece|item))",
            )
            .ok()?,
            // Right before the figure: "each one 4.5", "each is 6.00", "unit price 12.45", "price per unit: 14.00",
            // "@ 4.20".
            unit_before: Regex::new(
                r"(?i)(?:\beach(?:\s+one)?|\bunit\s+price|\bprice\s+(?:per|a|each)\s+(?:unit|piece|item|one)|@)\s*(?:is|was|costs?|cost|=|:)?\s*(?:usd|eur|gbp|[$€£])?\s*$",
            )
            .ok()?,
            // "2 of 6 units", "two of the eight mugs", "1 out of 2".
            count_of: Regex::new(&format!(r"(?i)\b{COUNT}\s+(?:of|out\s+of)\s+(?:the\s+|my\s+|them\b|those\b|these\b|\d)")).ok()?,
            // "for the 2", "for those four", "for 2 broken cup", "for the 3 jars".
            count_for: Regex::new(&format!(
                r"(?i)\bfor\s+(?:the\s+|those\s+|these\s+|my\s+|all\s+|that\s+|this\s+)?{COUNT}\b(?P<fig>\s*(?:[.,]\d|%|[$€£]|(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks|days?|weeks?|months?|years?|hours?|minutes?)\b))?"
            ))
            .ok()?,
            // "3 x defective cartridges", "credit 2x lids".
            count_times: Regex::new(&format!(r"(?i)\b{COUNT}\s*[x×]\s+[a-z]")).ok()?,
            // A sentence declining the whole money: a negation before a word of wholeness and a money word.
            declined_whole: Regex::new(concat!(
                r"(?i)\b(?:not|no|never|n't|dont|cant|wont|neither)\b[^.?!\n]{0,30}\b(?:all|full|whole|entire|everything|complete)\b",
                r"[^.?!\n]{0,20}\b(?:money|refund|back|price|amount|reimbursement|it)\b",
                r"|\b(?:full|whole|entire|complete)\s+(?:refund|amount|reimbursement)\s+(?:is\s+)?not\s+(?:requested|needed|wanted|asked)\b",
            ))
            .ok()?,
            // A figure governed by "just"/"only": "Just the 35.00", "only the 9 euro", "just 15.00 for the filter".
            only_before: Regex::new(
                r"(?i)\b(?:just|only)\s+(?:(?:the|for\s+the|for|a)\s+)?(?:usd|eur|gbp|[$€£])?\s*$",
            )
            .ok()?,
            // The shop's own act governing a figure after it in its clause: "you said you'd refund the 12.00", "you
            // promise me refund 10 euro", "you kindly agreed last week to refund the 20.00", "u already refunding".
            shop_act_before: Regex::new(
                r"(?i)\b(?:you|u|your\s+(?:team|colleague|agent|shop|store))\b(?:'ve|'re|'d)?(?:\s+(?:have|are|had|kindly|already|did|were))*\s+(?:said|agreed|promised?|approved|offered|confirmed|accepted|refunding|refunded|crediting|credited|issued|issuing)\b[^.?!\n]{0,45}$",
            )
            .ok()?,
            // The shop's act after the figure: "the 25.00 credit you approved", "the 12.00 refund you promised".
            shop_act_after: Regex::new(
                r"(?i)^\s*(?:[a-z]+\s+){0,2}?(?:that\s+|which\s+)?(?:you|u)\s+(?:(?:have|had|already|kindly)\s+)*(?:approved|agreed|promised|offered|confirmed|issued|processed|sent|refunded|credited)\b",
            )
            .ok()?,
            // A figure a refund's noun governs: "raise a credit of 11.00", "a refund for 9.00".
            refund_noun_before: Regex::new(
                r"(?i)\b(?:refund|credit|reimbursement)\s+(?:of|for)\s*(?:usd|eur|gbp|[$€£])?\s*$",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// A money figure of the text: where it stands and its value.
struct Money {
    at: usize,
    end: usize,
    cents: i64,
}

/// Every money figure of `text` (the reader's money pattern: a currency before or after, or two decimals), and every
/// figure the amount guard reads there — the guard leaves out figures it gives no role to, which these readings need.
fn money_figures(text: &str) -> Vec<Money> {
    let mut out: Vec<Money> = super::res()
        .money
        .captures_iter(text)
        .filter_map(|c| {
            let whole = c.get(0)?;
            let num = c.name("a").or_else(|| c.name("b")).or_else(|| c.name("c"))?;
            let multiplied = c.name("ma").or_else(|| c.name("mb")).is_some_and(|m| !m.as_str().is_empty());
            (!multiplied).then_some(())?;
            Some(Money { at: whole.start(), end: whole.end(), cents: super::to_cents(num.as_str())? })
        })
        .collect();
    for f in figures::figures(text) {
        if !out.iter().any(|m| m.at <= f.at && f.at < m.end.max(m.at + 1)) {
            out.push(Money { at: f.at, end: f.end, cents: f.cents });
        }
    }
    out.sort_by_key(|m| m.at);
    out
}

/// The sentences of `text` with their byte offsets.
fn sentence_spans(text: &str) -> Vec<(usize, usize)> {
    let base = text.as_ptr() as usize;
    desk25::sentences(text).map(|s| (s.as_ptr() as usize - base, s.as_ptr() as usize - base + s.len())).collect()
}

fn count_value(word: &str) -> Option<i64> {
    word.parse::<i64>().ok().or_else(|| number_value(word)).filter(|n| (1..=50).contains(n))
}

/// The text of at most `chars` bytes before `at` within its sentence (from `start`).
fn head(text: &str, start: usize, at: usize, chars: usize) -> &str {
    let from = at.saturating_sub(chars).max(start);
    let from = (from..=at).find(|i| text.is_char_boundary(*i)).unwrap_or(at);
    &text[from..at]
}

/// A count at a unit price (see the module doc): the product when the asking sentences give their object one count
/// and the text marks one unit price, every figure of the text being that unit, the product or the order's amount.
pub fn units(own: &str, order_cents: i64) -> Option<(i64, i64)> {
    let p = patterns()?;
    let figs = money_figures(own);
    let unit_role: Vec<usize> =
        figures::figures(own).iter().filter(|f| f.role == figures::FigureRole::Unit).map(|f| f.at).collect();
    let spans = sentence_spans(own);
    let sentence_of = |at: usize| spans.iter().copied().find(|(s, e)| *s <= at && at < *e).unwrap_or((0, own.len()));
    let mut units: Vec<i64> = figs
        .iter()
        .filter(|f| {
            let (s, _) = sentence_of(f.at);
            unit_role.contains(&f.at)
                || p.unit_after.is_match(&own[f.end..])
                || p.unit_before.is_match(head(own, s, f.at, 24))
        })
        .map(|f| f.cents)
        .collect();
    units.sort_unstable();
    units.dedup();
    let [unit] = units.as_slice() else { return None };
    let unit = *unit;
    if unit <= 0 {
        return None;
    }
    let asking: Vec<(usize, usize)> = spans.iter().copied().filter(|(s, e)| intent_in(&own[*s..*e]).request).collect();
    let mut counts: Vec<i64> = Vec::new();
    for (s, e) in &asking {
        let sentence = &own[*s..*e];
        for re in [&p.count_of, &p.count_for, &p.count_times] {
            for c in re.captures_iter(sentence) {
                // A count followed by a money or time word is a figure, not a count.
                if c.name("fig").is_some() {
                    continue;
                }
                let Some(m) = c.get(1) else { continue };
                // The count is no figure of the text's (a money figure read at the same place).
                if figs.iter().any(|f| f.at <= s + m.start() && s + m.start() < f.end.max(f.at + 1)) {
                    continue;
                }
                if let Some(n) = count_value(&m.as_str().to_lowercase()) {
                    counts.push(n);
                }
            }
        }
    }
    counts.sort_unstable();
    counts.dedup();
    let [count] = counts.as_slice() else { return None };
    let product = unit.checked_mul(*count)?;
    // Every figure of the text is the unit, the product or the order's amount: nothing else competes.
    let clean = figs.iter().all(|f| f.cents == unit || f.cents == product || f.cents == order_cents);
    (clean && product <= order_cents).then_some((unit, product))
}

/// A part asked after the whole is declined (see the module doc): the one figure governed by "just"/"only" at or
/// after the first sentence that declines the whole money, below the order's amount.
pub fn kept_part(own: &str, order_cents: i64) -> Option<i64> {
    let p = patterns()?;
    let spans = sentence_spans(own);
    let declined_at = spans.iter().find(|(s, e)| p.declined_whole.is_match(&own[*s..*e]))?.0;
    let sentence_start = |at: usize| spans.iter().find(|(s, e)| *s <= at && at < *e).map_or(declined_at, |(s, _)| *s);
    let mut named: Vec<i64> = money_figures(own)
        .iter()
        .filter(|f| f.at >= declined_at && p.only_before.is_match(head(own, sentence_start(f.at), f.at, 20)))
        .map(|f| f.cents)
        .collect();
    named.sort_unstable();
    named.dedup();
    match named.as_slice() {
        [one] if *one > 0 && *one < order_cents => Some(*one),
        _ => None,
    }
}

/// A figure on record beside a new one (see the module doc): the figures the shop's act governs, and the one other
/// figure the asking sentences name or a refund's noun governs (at most the order's amount). `None` unless both are there.
pub fn beside_record(own: &str, order_cents: i64) -> Option<(Vec<i64>, i64)> {
    let p = patterns()?;
    let figs = money_figures(own);
    let spans = sentence_spans(own);
    let sentence_of = |at: usize| spans.iter().copied().find(|(s, e)| *s <= at && at < *e).unwrap_or((0, own.len()));
    let on_record: Vec<i64> = figs
        .iter()
        .filter(|f| {
            let (s, _) = sentence_of(f.at);
            p.shop_act_before.is_match(&own[s..f.at]) || p.shop_act_after.is_match(&own[f.end..])
        })
        .map(|f| f.cents)
        .collect();
    if on_record.is_empty() {
        return None;
    }
    let mut new: Vec<i64> = figs
        .iter()
        .filter(|f| !on_record.contains(&f.cents) && f.cents != order_cents)
        .filter(|f| {
            let (s, e) = sentence_of(f.at);
            intent_in(&own[s..e]).request || p.refund_noun_before.is_match(head(own, s, f.at, 24))
        })
        .map(|f| f.cents)
        .collect();
    new.sort_unstable();
    new.dedup();
    match new.as_slice() {
        [one] if *one > 0 && *one <= order_cents => Some((on_record, *one)),
        _ => None,
    }
}

/// The three readings applied to the amount the steps before settled (`wants` whether a refund is asked): the new
/// (wants, amount). A reading moves the amount only from the order's amount, no figure, alternatives, or a figure it
/// shows is not the ask (the unit, a figure on record); a part asked after the whole is declined is an ask even where
/// no request was read.
pub fn settle(own: &str, wants: bool, amount: Amount, order_cents: Option<i64>, may_ask: bool) -> (bool, Amount) {
    let Some(order) = order_cents else { return (wants, amount) };
    let open =
        |a: &Amount| matches!(a, Amount::Missing | Amount::Full | Amount::Ambiguous) || *a == Amount::Cents(order);
    if wants
        && let Some((unit, v)) = units(own, order)
        && (open(&amount) || amount == Amount::Cents(unit))
    {
        return (true, Amount::Cents(v));
    }
    if (wants || may_ask)
        && (!wants || matches!(amount, Amount::Missing | Amount::Full) || amount == Amount::Cents(order))
        && let Some(v) = kept_part(own, order)
    {
        return (true, Amount::Cents(v));
    }
    if wants && let Some((on_record, v)) = beside_record(own, order) {
        let record_read = matches!(amount, Amount::Cents(x) if on_record.contains(&x));
        if open(&amount) || record_read || matches!(amount, Amount::FullPlus(_)) {
            return (true, Amount::Cents(v));
        }
    }
    (wants, amount)
}

#[cfg(test)]
mod tests {
    /// A pattern that fails to compile turns its reading off silently (F996): it must fail loudly.
    #[test]
    fn the_patterns_compile() {
        assert!(super::patterns().is_some());
    }
}
