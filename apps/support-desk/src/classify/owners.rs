//! A figure's owner (amount45, issue 16, ADR-1531): a figure belongs to the thing it is attached to — "the $15 pens"
//! (it modifies the thing), "the brass one from the antiques place for £40" (the price the thing was got for), "the
//! telly from you back then (that was 649 pounds)" (said of the thing in a parenthesis), "the plumber … charging us 85"
//! (what an agent charged) — and only a figure the customer's request reaches is asked: one named in the asking
//! sentence, one the asking sentence points back at ("that money", "this amount", "what I paid"), or one owned by the
//! thing the asking sentence names. An ask that names no money and reaches none ("I'd like my money back for it", "Can
//! I have my money back for the laminator?") is for the order's amount (issue 16), never another thing's figure; an ask
//! that names its own figure ("the monitor cost $64.99 and we'd like that money back") asks that figure.
//!
//! Read as one last step of [`super::facts`], only where the amount settled is a figure other than the order's
//! amount that stands only outside the asking sentences, in every place attached to a thing the asking sentences do not
//! name.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// A sentence that asks money back.
    ask: Regex,
    /// An asking sentence pointing back at a figure told before.
    anaphor: Regex,
    /// A money figure, its value in `n`.
    figure: Regex,
    /// The figure modifies a thing: "the $15 pens".
    modifier_before: Regex,
    /// The figure is what a thing was got for, or said of it in a parenthesis, or what an agent charged:
    /// "… for £40", "… at 19.99", "(that was 649 pounds", "charging us 85".
    owned_before: Regex,
    /// A determiner and the word after it: the things a sentence names.
    thing: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            ask: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|money\s+back|back\s+for|(?:my|the|our)\s+money|compensat\w*|ask(?:ing)?\s+for)\b|\b(?:want|like|need|ask\w*|have|get)\b[^.!?\n]*\bback\b",
            )
            .ok()?,
            anaphor: Regex::new(
                r"(?i)\b(?:(?:this|that|the\s+same|those)\s+(?:amount|money|sum|price|figure|much|cost)|what\s+(?:i|we|she|he|they)\s+(?:paid|spent)|the\s+(?:price|cost)\b)",
            )
            .ok()?,
            figure: Regex::new(
                r"(?i)(?:[$€£]\s?|\b(?:usd|eur|gbp|cad|aud)\s?)\b(?P<a>\d{1,5}(?:[.,]\d{2})?)\b|\b(?P<b>\d{1,5}[.,]\d{2})\b|\b(?P<c>\d{1,5})\s?(?:€|eur\b|euros?\b|usd\b|dollars?\b|pounds?\b|bucks\b|quid\b)",
            )
            .ok()?,
            modifier_before: Regex::new(r"(?i)\b(?:the|a|an|my|our|her|his|their|those|these)\s+$").ok()?,
            owned_before: Regex::new(
                r"(?i)(?:\b(?:for|at)\s+|\((?:that|it|which)\s+(?:was|cost)\s+|\bcharg(?:ing|ed)\s+(?:us|me|her|him|them)\s+)$",
            )
            .ok()?,
            thing: Regex::new(r"(?i)\b(?:the|my|our|your|her|his|their|this|that)\s+(?P<w>[a-z][a-z\-]{2,})\b").ok()?,
        })
    })
    .as_ref()
}

fn value(c: &regex::Captures<'_>) -> Option<i64> {
    super::money::number(c.name("a").or_else(|| c.name("b")).or_else(|| c.name("c"))?.as_str())
}

/// Prepositions, determiners and conjunctions: a word after a figure that names no thing it modifies.
const FUNCTION: &[&str] = &[
    "", "for", "of", "on", "to", "in", "at", "from", "with", "by", "back", "and", "or", "but", "the", "a", "an",
    "that", "which", "is", "was", "each", "per", "total", "only", "please",
];

/// The words of a span that can name a thing: letters only, three or more.
fn words(span: &str) -> Vec<String> {
    span.split(|c: char| !c.is_alphabetic() && c != '-')
        .filter(|w| w.chars().count() >= 3)
        .map(|w| stem(&w.to_lowercase()))
        .collect()
}

/// A noun's singular, as far as a plural "-s" goes ("bulbs" → "bulb"): the ask and the figure's owner name one thing
/// in either number.
fn stem(w: &str) -> String {
    match w.strip_suffix('s') {
        Some(base) if base.len() >= 3 && !base.ends_with('s') => base.to_string(),
        _ => w.to_string(),
    }
}

/// The thing a figure at `at..end` of sentence `s` belongs to, as the words that name it; `None` when the figure is
/// attached to no thing (a figure asked, a bare total, a price said of "it").
fn owner(p: &Patterns, s: &str, at: usize, end: usize) -> Option<Vec<String>> {
    let before = &s[..at];
    if p.modifier_before.is_match(before) {
        // "the $15 pens": the word(s) after the figure — a noun, not a preposition or a determiner ("the 15.00 for
        // the trivet" attaches the figure to nothing by position).
        let next = s[end..].split_whitespace().next().unwrap_or("").to_lowercase();
        if FUNCTION.contains(&next.trim_matches(|c: char| !c.is_alphabetic())) {
            return None;
        }
        let after: Vec<String> = words(&s[end..]).into_iter().take(2).collect();
        return (!after.is_empty()).then_some(after);
    }
    if p.owned_before.is_match(before) {
        // The clause before the figure names the thing ("the brass one from the antiques place for £40"); cut at the
        // clause's start (a comma, a dash, "but", "and then").
        let start = before
            .rfind([',', ';', '–', '—'])
            .max(before.rfind(" - "))
            .max(before.to_lowercase().rfind(" but "))
            .map_or(0, |i| i + 1);
        let clause = &before[start..];
        if !p.thing.is_match(clause) {
            return None;
        }
        return Some(words(clause));
    }
    None
}

/// Where the settled figure `v` is owned by a thing no asking sentence reaches (see the module doc): `Some(asked)`,
/// the one figure the asking sentences name (`None`: they name none, the order's amount). `None`: the reading does not
/// apply (the figure is reached, or not owned).
pub fn unreached(own: &str, v: i64, order: i64) -> Option<Option<i64>> {
    let p = patterns()?;
    if v == order {
        return None;
    }
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    let asking: Vec<&str> = sentences.iter().copied().filter(|s| p.ask.is_match(s)).collect();
    if asking.is_empty() {
        return None;
    }
    let asked: Vec<i64> = asking.iter().flat_map(|s| p.figure.captures_iter(s).filter_map(|c| value(&c))).collect();
    if asked.contains(&v) {
        return None;
    }
    // An asking sentence pointing back at a figure, naming none itself: it reaches the figure told before.
    if asked.is_empty() && asking.iter().any(|s| p.anaphor.is_match(s)) {
        return None;
    }
    let named: Vec<String> = asking
        .iter()
        .flat_map(|s| {
            p.thing
                .captures_iter(s)
                .filter_map(|c| c.name("w").map(|w| stem(&w.as_str().to_lowercase())))
                .collect::<Vec<_>>()
        })
        .collect();
    // An ask that names no thing but the money ("my money back for it"): its "it" may be the thing a figure prices;
    // only a figure above the order's amount (read as the ask, a refusal) or the order's price remembered (within 15%)
    // is held to another thing's.
    let names_thing = named.iter().any(|w| w != "money" && w != "order");
    if !names_thing && v < order && (order - v) * 100 > 15 * order {
        return None;
    }
    // An ask whose object is a pronoun ("Refund that please", "refund it") right after the sentence naming the figure
    // reaches it — unless the figure is the order's price remembered (within 15%: the order's amount either way).
    let near_order = (order - v).abs() * 100 <= 15 * order;
    // An asking sentence with a figure of its own ("the monitor cost $64.99 and we'd just like that money back for it")
    // points at that figure, not at the one before (F1455).
    for pair in sentences.windows(2) {
        if super::kinds::pronoun_asks(pair[1])
            && asked.is_empty()
            && !near_order
            && p.figure.captures_iter(pair[0]).any(|c| value(&c) == Some(v))
        {
            return None;
        }
    }
    // A figure told right after the ask, of the thing asked by a pronoun ("Could you refund the cover please? It was
    // the £42.50 one.", b126 `g-016`): reached.
    for pair in sentences.windows(2) {
        let next = pair[1].trim_start().to_lowercase();
        if p.ask.is_match(pair[0])
            && ["it was", "it's", "it is", "it cost", "that was", "that one was", "this was", "they were", "they cost"]
                .iter()
                .any(|w| next.starts_with(w))
            && p.figure.captures_iter(pair[1]).any(|c| value(&c) == Some(v))
        {
            return None;
        }
    }
    let mut seen = false;
    for s in sentences.iter().filter(|s| !p.ask.is_match(s)) {
        for c in p.figure.captures_iter(s) {
            let (Some(whole), Some(n)) = (c.get(0), value(&c)) else { continue };
            if n != v {
                continue;
            }
            // A unit's price ("at 9.99 each") is the counted units' reading (ADR-1530), not a thing's.
            if s[whole.end()..].trim_start().to_lowercase().starts_with("each") {
                return None;
            }
            let things = owner(p, s, whole.start(), whole.end())?;
            // Owned by a thing the ask names: reached.
            if things.iter().any(|w| named.contains(w)) {
                return None;
            }
            seen = true;
        }
    }
    if !seen {
        return None;
    }
    Some(super::figures::one_distinct(asked).filter(|a| *a <= order))
}

#[cfg(test)]
mod tests {
    use super::unreached;

    #[test]
    fn the_patterns_compile() {
        assert!(super::patterns().is_some());
    }

    #[test]
    fn another_things_figure_is_not_asked() {
        let pens = "We got the $15 pens a while back and they're grand. The laminator smells of toast. Can I have my money back for the laminator please?";
        assert_eq!(unreached(pens, 1500, 6450), Some(None));
        let brass = "Your watering can was the only thing I got from you - my partner said I should've got the brass one from the antiques place for £40 but I'm not made of money. It leaks. I'd like my money back for it please.";
        assert_eq!(unreached(brass, 4000, 2500), Some(None));
        // As b70-g-001 tells it: sentences between the telly's figure and the ask (F1455: with the ask right after the
        // figure's sentence, the pronoun rule reaches the figure; left open).
        let telly = "I bought her the big telly from you back then (that was 649 pounds and it is still going strong). Then last week I ordered the soundbar. It keeps cutting out. Anyway the soundbar is going back, and I'd like my money back for it please.";
        assert_eq!(unreached(telly, 64900, 12999), Some(None));
        let pad = "Before that we got the $12 heat pad which she never used. Anyway the monitor cost $64.99 and we'd just like that money back for it.";
        assert_eq!(unreached(pad, 1200, 6499), Some(Some(6499)));
    }

    #[test]
    fn the_asked_things_figure_or_a_pointed_figure_is_reached() {
        let shade = "I got the $20 shade with the lamp. The shade is cracked, refund the shade please.";
        assert_eq!(unreached(shade, 2000, 8900), None);
        let strap = "The strap cost 8. Please refund this amount.";
        assert_eq!(unreached(strap, 800, 3000), None);
        let asked = "The mug was chipped, please refund 6.50 for it.";
        assert_eq!(unreached(asked, 650, 3000), None);
    }
}
