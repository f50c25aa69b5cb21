//! desk34 (issue 16, ADR-1140…ADR-1144): which figure is asked, by the role of each figure in the customer's words,
//! after every earlier step. Four readings, each by structure, not by sentence:
//!
//! - **alternatives** (ADR-1140): two different figures joined by "or", "or was it", "maybe", "possibly" in an ask or
//!   in money owed ("it was $12... or was it $21?", "they owe her 30 or 35, can't remember which") settle nothing:
//!   U1, never one of them paid, never the ask closed;
//! - **corrections** (ADR-1141): a figure the customer takes back ("no wait", "I mean", "typo", "correction",
//!   "should read", "amended", "not 100") is replaced by the figure after the marker; the correction is the ask,
//!   refused when it is over the order (X2), never the retracted figure paid;
//! - **other things' prices** (ADR-1142): a figure of something the customer did not buy here (someone else's, another
//!   shop's, a rival's) is never the ask; and a thing said to be fine, kept or working is never the referent of
//!   "refund that/it": the one other thing priced is;
//! - **parts** (ADR-1143): the stated result of the customer's working ("3 x 70.10 = 210.30 … refund those 3") and a
//!   fee asked back by name ("I only want the delivery charge back, the £4.95") are the ask; a share asked back with
//!   no figure ("receive back la moitié, the half") is an ask that cannot be settled (U1).

use super::money::{self, Certainty};
use regex::Regex;
use std::sync::OnceLock;

struct Res {
    alt_between: Regex,
    owe: Regex,
    money_talk: Regex,
    marker: Regex,
    marker_after: Regex,
    not_before: Regex,
    others: Regex,
    kept: Regex,
    problem: Regex,
    negated: Regex,
    anaphor: Regex,
    working: Regex,
    fee_back: Regex,
    fee_word: Regex,
    share_back: Regex,
}

fn res() -> Option<&'static Res> {
    static R: OnceLock<Option<Res>> = OnceLock::new();
    R.get_or_init(|| {
        Some(Res {
            // What stands between two alternative figures: an "or" or a hedge, after a pause at most.
            alt_between: Regex::new(
                r"(?i)^\s*(?:\.{2,}|…|[,?])?\s*(?:(?:or|either)\b(?:\s*(?:was\s+it|is\s+it|maybe|perhaps|possibly|rather|so))?|maybe|perhaps|possibly|or\s+else)\s*[,:]?\s*$",
            )
            .ok()?,
            owe: Regex::new(r"(?i)\bowe[sd]?\s+(?:me|her|him|us|them|my\s+\w+)\b|\bowed\b|\bmoney\s+back\b|\bwants?\s+(?:his|her|their|my)\s+money\b").ok()?,
            money_talk: Regex::new(r"(?i)\bowe[sd]?\b|\brefund\w*|\bmoney\b|\bback\b|\bpaid\b|\bcredit\w*|\bquid\b|\bbucks\b").ok()?,
            // A figure taken back: the marker after it, before the figure that replaces it.
            marker: Regex::new(
                r"(?i)\b(?:no\s*,?\s*wait|wait\s*,?\s*no|i\s+mean|i\s+meant|correction|corrected|correct\s+(?:is|amount|figure|one|sum)|(?:the\s+)?right\s+(?:amount|figure|sum)|should\s+(?:be|read|say|have\s+been)|make\s+(?:that|it)|amended|typo|mistake|misread|(?:wrote|write|typed|type)\s+(?:it\s+)?wrong|wrong\s+(?:email|figure|amount|number|invoice)|actually\s*,?\s*(?:no|it\s+(?:was|is)|it'?s))\b",
            )
            .ok()?,
            // A marker right after the replacing figure ("- 19,90 i mean, typo").
            marker_after: Regex::new(r"(?i)^\s*[,)]?\s*(?:i\s+mean|i\s+meant|sorry|typo|correct(?:ed|ion)?|rather|actually)\b").ok()?,
            not_before: Regex::new(r"(?i)\b(?:not|instead\s+of|rather\s+than)\s*(?:the\s+)?$").ok()?,
            // Someone else's or another shop's thing.
            others: Regex::new(
                r"(?i)\b(?:(?:my|her|his|their|our|a|the)\s+(?:mum|mom|mother|dad|father|mate|friend|brother|sister|neighbou?r|flatmate|room-?mate|colleague|cousin|aunt|uncle|boss|rival|competitor)(?:'s|’s|s)?|rival'?s|competitor'?s?|supermarket|corner\s+shop|other\s+(?:shop|store|site)|another\s+(?:shop|store|site|brand)|elsewhere|at\s+my\s+\w+'s)\b",
            )
            .ok()?,
            // A thing said to be fine, kept or working: never the referent of the ask.
            kept: Regex::new(
                r"(?i)\b(?:is|are|was|were|'s)\s+(?:\w+\s+)?(?:fine|ok(?:ay)?|good|perfect|great|lovely|working)\b|\bworks?\b|\bworking\s+(?:good|fine|well|as\s+expected)\b|\b(?:we|i)\s+(?:kept|keep|will\s+keep|'ll\s+keep)\b|\bbeing\s+kept\b|\bretains?\b|\bno\s+(?:fault|problem|issue)s?\b|\bisn'?t\s+the\s+problem\b|\bnot\s+the\s+problem\b",
            )
            .ok()?,
            problem: Regex::new(
                r"(?i)\b(?:broke\w*|crack\w*|damag\w*|bent|missing|faulty|defective|doa|dent\w*|torn|leak\w*|pieces|the\s+problem\s+is|is\s+the\s+problem)\b",
            )
            .ok()?,
            negated: Regex::new(r"(?i)\b(?:no|not|never|n't|isn't|wasn't|aren't)\s+(?:\w+\s+)?(?:fine|ok(?:ay)?|good|perfect|great|lovely|working|works?)\b").ok()?,
            anaphor: Regex::new(
                r"(?i)\b(?:refund|credit|reimburse|money\s+back|back)\b[^.!?\n]{0,30}\b(?:that|it|this|those|these|the\s+latter|that\s+one|this\s+one)\b|\b(?:that|it|this|the\s+latter)\b[^.!?\n]{0,15}\b(?:refunded|credited)\b|\bcredit\s+the\s+latter\b",
            )
            .ok()?,
            working: Regex::new(
                r"(?i)\b(\d{1,3})\s*(?:x|×|\*|@)\s*(?:[$£€]|usd|eur|gbp|aud|cad|sgd)?\s*\d[\d.,]*\s*(?:[a-z]{1,3}\s+)?(?:ea(?:ch)?\s*)?=\s*",
            )
            .ok()?,
            fee_back: Regex::new(
                r"(?i)\b(?:want|like|have|get|need|give\s+me|refund)\s+(?:only\s+|just\s+)?(?:the|my|our|this)\s+(?:\w+\s+){0,2}?(?:delivery|shipping|postage|express|fee|surcharge)(?:\s+(?:charge|fee|cost|money))?\s+(?:back|refunded)\b",
            )
            .ok()?,
            fee_word: Regex::new(r"(?i)\b(?:delivery|shipping|postage|express|surcharge)\b").ok()?,
            share_back: Regex::new(
                r"(?i)\b(?:receive|get|give|send|have|want|like)\s+(?:me\s+)?back\b[^.!?\n]{0,30}\b(?:half|moiti[eé]|la\s+mitad|die\s+h[äa]lfte|a\s+third|a\s+quarter|part)\b|\b(?:half|moiti[eé]|a\s+third|a\s+quarter|part)\s+(?:of\s+(?:it|my\s+money|the\s+money|what\s+i\s+paid)\s+)?back\b",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// The exact figures of the text written as money (a currency, or two decimals), with their spans: a bare number
/// ("2017 or 2018", "14 things", "make it 50") is a year, a count or a size as often as money.
fn figures(text: &str) -> Vec<money::Amount> {
    all_figures(text).into_iter().filter(|a| written(text, a)).collect()
}

/// The text between two byte offsets, each moved to a character boundary (never a panic on "€" or "é").
fn window(text: &str, from: usize, to: usize) -> &str {
    let mut a = from.min(text.len());
    while !text.is_char_boundary(a) {
        a -= 1;
    }
    let mut b = to.min(text.len()).max(a);
    while !text.is_char_boundary(b) {
        b += 1;
    }
    &text[a..b]
}

/// Every exact figure, bare numbers included.
fn all_figures(text: &str) -> Vec<money::Amount> {
    money::read(text).into_iter().filter(|a| a.certainty == Certainty::Exact && a.cents > 0).collect()
}

fn written(text: &str, a: &money::Amount) -> bool {
    let raw = &text[a.span.clone()];
    a.currency.is_some() || raw.rsplit(['.', ',']).next().is_some_and(|d| d.len() == 2 && raw.contains(['.', ',']))
}

/// The sentence (a span ended by . ! ? or a newline) around byte `at`.
fn sentence_at(text: &str, at: usize) -> &str {
    let b = text.as_bytes();
    let is_end = |i: usize| match b[i] {
        b'!' | b'?' | b'\n' => true,
        b'.' => b.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()),
        _ => false,
    };
    let start = (0..at.min(b.len())).rev().find(|&i| is_end(i)).map_or(0, |i| i + 1);
    let end = (at..b.len()).find(|&i| is_end(i)).map_or(b.len(), |i| i + 1);
    &text[start..end]
}

/// ADR-1140: two different figures offered on either side of an "or" or a hedge.
pub fn alternatives(own: &str) -> bool {
    let Some(r) = res() else { return false };
    // Bare numbers offered as alternatives count in a sentence about money owed or asked ("they owe her 30 or 35"),
    // never a year ("2017 or 2018").
    let f: Vec<money::Amount> = all_figures(own)
        .into_iter()
        .filter(|a| {
            let raw = &own[a.span.clone()];
            let year = raw.len() == 4 && (raw.starts_with("19") || raw.starts_with("20"));
            written(own, a) || (!year && r.money_talk.is_match(sentence_at(own, a.span.start)))
        })
        .collect();
    // A price remembered as alternatives in a sentence that asks nothing ("I paid $85 or $90 with tax, I forget.
    // Refund it please") is a price mentioned, not an ask (desk37; reading_classes).
    static PAID: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let told_paid = |at: usize| {
        PAID.get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:paid|pay|spent|bought|purchased|charged|cost|costs)\b").ok()?,
                Regex::new(r"(?i)\b(?:refund\w*|back|credit\w*|owe\w*|reimburs\w*|return\w*)\b").ok()?,
            ))
        })
        .as_ref()
        .is_some_and(|(paid, ask)| {
            let s = sentence_at(own, at);
            paid.is_match(s) && !ask.is_match(s)
        })
    };
    f.windows(2).any(|w| {
        w[0].cents != w[1].cents
            && !told_paid(w[0].span.start)
            && w[0].span.end <= w[1].span.start
            && r.alt_between.is_match(&own[w[0].span.end..w[1].span.start])
            && !r.marker.is_match(window(own, w[1].span.end, w[1].span.end + 25))
    })
}

/// Whether the text says money is owed or wanted back (a third party's ask in a forward included).
pub fn owed(own: &str) -> bool {
    res().is_some_and(|r| r.owe.is_match(own))
}

/// ADR-1141: the figure a correction settles on, when the customer took an earlier figure back.
pub fn corrected(own: &str) -> Option<(Vec<i64>, i64)> {
    let r = res()?;
    let f = all_figures(own);
    let mut retracted = vec![false; f.len()];
    let mut first_marker: Option<usize> = None;
    for (i, a) in f.iter().enumerate() {
        if r.not_before.is_match(&own[..a.span.start]) {
            retracted[i] = true;
        }
        // The next figure only, written as money and of another value: the one that replaces it.
        let Some(b) = f.get(i + 1) else { continue };
        if b.cents == a.cents || !written(own, b) || b.span.start.saturating_sub(a.span.end) > 220 {
            continue;
        }
        let between = window(own, a.span.end, b.span.start);
        let after_b = window(own, b.span.end, b.span.end + 25);
        if let Some(m) = r.marker.find(between) {
            retracted[i] = true;
            first_marker.get_or_insert(a.span.end + m.start());
        } else if r.marker_after.is_match(after_b) && between.len() < 60 {
            retracted[i] = true;
            first_marker.get_or_insert(b.span.start);
        }
    }
    let mark = first_marker.or_else(|| {
        // "the amount should be 85.00, not 100": the retraction by "not" alone, the marker before both.
        retracted.iter().any(|x| *x).then(|| r.marker.find(own).map(|m| m.start())).flatten()
    })?;
    let gone: Vec<i64> = f.iter().zip(&retracted).filter(|(_, x)| **x).map(|(a, _)| a.cents).collect();
    let mut kept: Vec<i64> = f
        .iter()
        .zip(&retracted)
        .filter(|(a, x)| !**x && a.span.start >= mark && !gone.contains(&a.cents) && written(own, a))
        .map(|(a, _)| a.cents)
        .collect();
    kept.sort_unstable();
    kept.dedup();
    // The correction is what the customer ends on: the last figure written as money.
    let last = figures(own).last().map(|a| a.cents);
    match kept[..] {
        [one] if !gone.is_empty() && last == Some(one) => Some((gone, one)),
        _ => None,
    }
}

/// ADR-1142: whether every occurrence of `v` prices someone else's or another shop's thing, in a sentence that asks
/// nothing.
pub fn others_price(own: &str, v: i64) -> bool {
    let Some(r) = res() else { return false };
    let of_v: Vec<money::Amount> = figures(own).into_iter().filter(|a| a.cents == v).collect();
    !of_v.is_empty()
        && of_v.iter().all(|a| {
            let s = sentence_at(own, a.span.start);
            r.others.is_match(s) && !super::clause_intent(s).request
        })
}

/// ADR-1142: the one figure of a thing with a problem when another priced thing is said to be fine, kept or working
/// and the ask points at "that"/"it"/"the latter" or names the thing: never the kept thing's figure.
pub fn referent(own: &str, order: i64) -> Option<(Vec<i64>, i64)> {
    let r = res()?;
    let f = figures(own);
    let mut kept: Vec<i64> = Vec::new();
    let mut rest: Vec<i64> = Vec::new();
    for (i, a) in f.iter().enumerate() {
        // The clause of the figure: from the last break before it ("but", ";", " - ", ", ", ": ") to the next figure,
        // the next "but" or ";", or the end of its sentence.
        let s = sentence_at(own, a.span.start);
        let s_at = s.as_ptr() as usize - own.as_ptr() as usize;
        let off = a.span.start - s_at;
        let start = [" but ", "; ", " - ", ", ", ": "]
            .iter()
            .filter_map(|p| s[..off].rfind(p).map(|i| i + p.len()))
            .max()
            .unwrap_or(0);
        let mut end = s.len();
        for p in [" but ", "; "] {
            if let Some(i) = s[off..].find(p) {
                end = end.min(off + i);
            }
        }
        if let Some(next) = f.get(i + 1).filter(|n| n.span.start < s_at + s.len()) {
            end = end.min(next.span.start - s_at);
        }
        let clause = &s[start..end.max(start)];
        if r.kept.is_match(clause)
            && !r.problem.is_match(clause)
            && !r.negated.is_match(clause)
            && !super::clause_intent(clause).request
        {
            kept.push(a.cents);
        } else if a.cents < order && (r.problem.is_match(s) || s.to_lowercase().contains("problem")) {
            // The thing with the problem is named in its sentence ("the 12.99 trivet that arrived in two pieces");
            // a story's figure ("the cake alone was 42.03") is no referent (desk37; intent_classes).
            rest.push(a.cents);
        }
    }
    if kept.is_empty() || !r.anaphor.is_match(own) && !r.problem.is_match(own) {
        return None;
    }
    rest.retain(|c| !kept.contains(c));
    rest.sort_unstable();
    rest.dedup();
    kept.sort_unstable();
    kept.dedup();
    match rest[..] {
        [one] => Some((kept, one)),
        _ => None,
    }
}

/// ADR-1143: the stated result of the customer's working ("3 x 70.10 = 210.30"), when there is one and it is what the
/// count at the unit price comes to.
pub fn working_result(own: &str) -> Option<i64> {
    let r = res()?;
    let mut out: Vec<i64> = Vec::new();
    for m in r.working.find_iter(own) {
        let head = &own[m.start()..m.end()];
        let count = r.working.captures(head).and_then(|c| c[1].parse::<i64>().ok());
        // The unit is the last figure of the head (the count comes first); the result the first right after "=".
        let op =
            head.char_indices().find(|(_, c)| matches!(c, 'x' | '×' | '*' | '@')).map_or(0, |(i, c)| i + c.len_utf8());
        let unit = figures(&head[op..]).first().map(|a| a.cents);
        let result = figures(&own[m.end()..]).first().filter(|a| a.span.start <= 6).map(|a| a.cents);
        if let (Some(count), Some(unit), Some(result)) = (count, unit, result)
            && (count * unit - result).abs() <= 1
        {
            out.push(result);
        }
    }
    out.sort_unstable();
    out.dedup();
    match out[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// ADR-1143: a fee asked back by name, and its one figure (the figure in the sentences that name the fee).
pub fn fee_asked(own: &str) -> Option<Option<i64>> {
    let r = res()?;
    // Asked, not asked about ("do u refund the shipping too?").
    if !r.fee_back.find_iter(own).any(|m| !sentence_at(own, m.start()).contains('?')) {
        return None;
    }
    let asking = r.fee_back.find(own).map(|m| sentence_at(own, m.start()));
    let in_ask: Vec<i64> = asking.map(|s| figures(s).into_iter().map(|a| a.cents).collect()).unwrap_or_default();
    let mut v: Vec<i64> = if in_ask.is_empty() {
        figures(own)
            .into_iter()
            .filter(|a| {
                let near = window(own, a.span.start.saturating_sub(12), a.span.end + 12);
                r.fee_word.is_match(near)
            })
            .map(|a| a.cents)
            .collect()
    } else {
        in_ask
    };
    v.sort_unstable();
    v.dedup();
    Some(match v[..] {
        [one] => Some(one),
        _ => None,
    })
}

/// ADR-1143: the one figure of a reply to the shop's question about the amount that is not a breakdown's part ("It's
/// 500.01 - the two bays were 250.00 each").
pub fn answer_figure(own: &str) -> Option<i64> {
    static EACH: OnceLock<Option<Regex>> = OnceLock::new();
    let each = EACH.get_or_init(|| Regex::new(r"(?i)^\s*(?:each|apiece|ea\b|per\s+\w+)").ok()).as_ref()?;
    let mut v: Vec<i64> =
        figures(own).into_iter().filter(|a| !each.is_match(&own[a.span.end..])).map(|a| a.cents).collect();
    v.sort_unstable();
    v.dedup();
    match v[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// ADR-1143: a share of the money asked back with no figure ("receive back la moitié", "half back").
pub fn share_back(own: &str) -> bool {
    res().is_some_and(|r| r.share_back.is_match(own))
}

/// A forward's ask that points into the forwarded message ("please refund as requested", "see below").
pub fn as_requested(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:refund|credit|action|process)\w*\s+(?:as\s+requested|as\s+per\s+below|per\s+below)\b")
            .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(own))
}

#[cfg(test)]
mod tests {
    #[test]
    fn corrections_alternatives_referents_workings() {
        assert_eq!(super::corrected("refund 100 for the socks pls - 85.00 i mean, typo").map(|c| c.1), Some(8_500));
        assert_eq!(
            super::corrected("the amount should be 85.00, not 100. Please refund 85.00.").map(|c| c.1),
            Some(8_500)
        );
        assert_eq!(super::corrected("I paid 80.00, please refund 20.00"), None);
        assert!(super::alternatives("it was $12... or was it $21? Whichever"));
        assert!(!super::alternatives("refund 12.00 or store credit, 21.00 was the total"));
        assert_eq!(
            super::referent("The 80 dollar oven is fine, it's just the 12.99 trivet that broke. Refund that.", 9_299),
            Some((vec![8_000], 1_299))
        );
        assert_eq!(super::working_result("3 x AUD 70.10 = AUD 210.30. refund those 3"), Some(21_030));
    }
}
