//! Whether the customer's figure for the ask is settled, and the other reading kinds of issue 16's desk22 round
//! (ADR-959…962): typed steps over the prepared customer's words, each tested on constructions written for it.
//!
//! - [`unsettled`]: a money figure written as alternatives ("20 or 25", "either the 12 or the 18", "12/18"), a range
//!   ("30-35", "30 to 35", "between 30 and 35"), an approximation ("approx.", "about", "~", "-ish", "something like"),
//!   an estimate ("estimated loss") or hedged ("idk", "not sure") is not a figure to pay out (U1). A figure the
//!   sentence makes a price ("I paid about 85") is not the ask and does not unsettle it.
//! - [`terse_request`]: the bare minimum a busy person types ("30 back pls", "2x8.50 back", "send back like 20").
//! - [`products`]: quantity × unit price ("2x8.50", "3 mugs @ 6.00 each") is the product.
//! - [`other_story_figures`]: a figure tied to another purchase or another time ("the $150 rug you sorted out last
//!   year") is not the amount asked by "refund it".
//! - [`third_party_ask`]: "can they refund it" asks, as "can you refund it" does.
//! - [`status_of_record`]: "confirm refund status", "has the refund gone through", "where is my refund" ask about a
//!   refund on record, not for a new one.

use super::{CUR_AFTER, CUR_BEFORE, NUM, clauses, to_cents};
use regex::Regex;
use std::sync::OnceLock;

/// How a figure is unsettled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsettled {
    /// Two or more figures offered as alternatives ("20 or 25", "either the 12 or the 18", "12/18").
    Alternatives,
    /// A range ("30-35", "30 to 35", "between 30 and 35").
    Range,
    /// An approximation ("about 20", "~20", "20-ish", "something like 20", "I think 20?").
    Approximation,
    /// An estimate ("estimated loss USD 40", "we estimate 25").
    Estimate,
    /// A figure in a clause that says the writer does not know ("idk", "not sure", "can't remember").
    Hedged,
}

/// A figure: currency before or after, or none.
fn fig() -> String {
    format!(r"(?:(?:{CUR_BEFORE})\s?)?(?:{NUM})(?:\s?(?:{CUR_AFTER}))?")
}

struct Res {
    range: Regex,
    between: Regex,
    alternatives: Regex,
    approx_before: Regex,
    approx_after: Regex,
    /// A lower bound after a figure: "at least", "minimum", "or more", "+" (outside attack 48).
    lower_bound_after: Regex,
    /// A word that asks the figure a bound is put on ("refund", "back", "want").
    bound_asked: Regex,
    estimate: Regex,
    hedge: Regex,
    figure: Regex,
    price_word: Regex,
    ask_word: Regex,
    unit_after: Regex,
    reference_before: Regex,
    currency: Regex,
    decimals: Regex,
    year: Regex,
    hedged_question: Regex,
}

fn res() -> Option<&'static Res> {
    static RES: OnceLock<Option<Res>> = OnceLock::new();
    RES.get_or_init(|| {
        let f = fig();
        Some(Res {
            range: Regex::new(&format!(r"(?i)({f})\s*(?:-|–|—|\bto\b|\btill\b|\buntil\b)\s*({f})")).ok()?,
            between: Regex::new(&format!(r"(?i)\bbetween\s+({f})\s+(?:and|&)\s+({f})")).ok()?,
            alternatives: Regex::new(&format!(
                r"(?i)(?:\beither\s+)?(?:the\s+)?({f})\s*(?:\bor\b|/)\s*(?:(?:maybe|perhaps|possibly|even|else|so|rather)\s+)?(?:the\s+)?({f})"
            ))
            .ok()?,
            approx_before: Regex::new(concat!(
                r"(?i)(?:\bapprox\.?|\bapproximately|\babout|\b'?bout\b|\babt\b|\baround|\broughly|\bcirca|\bca\.|~|≈|\bnearly|\balmost",
                r"|\bclose\s+to|\bsomething\s+like|\bsomewhere\s+(?:around|about|near|between)|\bin\s+the\s+region\s+of",
                r"|\bballpark|\bmore\s+or\s+less|\blike|\bmaybe|\bperhaps|\bprobably|\bpossibly",
                r"|\bi\s+guess|\bi\s+reckon|\best\.?|\bestimated(?:\s+at)?",
                // Outside attack 48: a lower bound is no settled figure ("at least $40", "upwards of 40").
                r"|\bat\s+least|\bno\s+less\s+than|\bupwards\s+of|\ba\s+minimum\s+of|\bminimum\s+of",
                // Outside attack 49: other lower bounds before the figure ("minimum 40", "at minimum $35", "not under
                // $35", ">= $40"). A ceiling ("up to $30", "at most") is left: "compensation up to 100 EUR is allowed"
                // bounds no ask (val42a `g-042`).
                r"|\bminimum|\bat\s+minimum|\bnot\s+(?:under|below|less\s+than)|>=|≥)",
                r"\s*(?:(?:a|an|of|at|like)\s+)?$",
            ))
            .ok()?,
            approx_after: Regex::new(
                r"(?i)^\s*(?:-?\s?ish\b|or\s+so\b|or\s+thereabouts|give\s+or\s+take|\+/-|±|plus\s+or\s+minus|approx|,?\s*roughly|or\s+something|,?\s*i\s+think\s*(?:$|[.!?;)]|,?\s+(?:it\s+was|it'?s|maybe|roughly)\b)|\?\s*not\s+sure)",
            )
            .ok()?,
            lower_bound_after: Regex::new(
                r"(?i)^\s*(?:,?\s*(?:at\s+(?:the\s+very\s+)?least|at\s+a\s+minimum|minimum|min\.|or\s+more|or\s+(?:above|higher|over)|and\s+up|if\s+not\s+more|plus,?\s+ideally|(?:possibly|maybe|perhaps)\s+(?:a\s+bit\s+|a\s+little\s+)?more|or\s+a\s+bit\s+more)\b|\+(?:\s*$|\s*[.!,;]))",
            )
            .ok()?,
            bound_asked: Regex::new(r"(?i)\b(?:refund\w*|reimburs\w*|back|credit|want|need|like|claim\w*|compensat\w*)\b")
                .ok()?,
            estimate: Regex::new(r"(?i)\bestimat\w*|\best\.|\bguesstimat\w*|\brough\s+(?:figure|estimate|guess|number)").ok()?,
            hedge: Regex::new(
                r"(?i)\bidk\b|\bdunno\b|\bnot\s+(?:100%\s+)?(?:sure|certain)\b|\bunsure\b|\bcan'?t\s+(?:remember|recall)\b|\bdon'?t\s+(?:know|remember|recall)\s+(?:exactly|which|what|how)|\bno\s+idea\b|\bi\s+forget\b",
            )
            .ok()?,
            figure: Regex::new(&format!(r"(?i){f}")).ok()?,
            price_word: Regex::new(
                r"(?i)\b(?:paid|pay|paying|pays|got|buy|buying|cost|costs|costing|priced|price|prices|bought|purchased|spent|charged|order\s+(?:total|value|was|is|of)|total\s+(?:was|is)|was|were|value)\b",
            )
            .ok()?,
            ask_word: Regex::new(
                r"(?i)\b(?:refund\w*|back|credit\w*|reimburs\w*|compensat\w*|claim\w*|loss|return|owe\w*|give|send|accordingly)\b",
            )
            .ok()?,
            unit_after: Regex::new(
                r"(?i)^\s*(?:%|percent\b|days?\b|weeks?\b|months?\b|years?\b|yrs?\b|hours?\b|hrs?\b|mins?\b|minutes?\b|seconds?\b|am\b|pm\b|o'?clock|items?\b|pcs\b|pieces?\b|units?\b|of\b|out\s+of\b|times\b|cm\b|mm\b|kg\b|g\b|ml\b|inch\w*|ft\b|feet\b|st\b|nd\b|rd\b|th\b|people\b|stars?\b|orders?\b|x\b|[a-z]+s\b)",
            )
            .ok()?,
            reference_before: Regex::new(
                r"(?i)(?:#|\b(?:order|case|ticket|ref|reference|no\.?|number|invoice|id|tracking|po|account|acct|phone|tel|item|sku|model|rma|return|claim|policy|batch|lot)\s*[:#]?\s*)$",
            )
            .ok()?,
            currency: Regex::new(&format!(r"(?i)(?:{CUR_BEFORE})|(?:{CUR_AFTER})")).ok()?,
            decimals: Regex::new(r"\d[.,]\d\d\b").ok()?,
            year: Regex::new(r"^\s*(?:19|20)\d\d\b").ok()?,
            hedged_question: Regex::new(r"(?i)\b(?:think|guess|maybe|perhaps|reckon|idk)\b").ok()?,
        })
    })
    .as_ref()
}

/// Whether the match `m` (a figure or a construction of figures) in `clause` is money: a sign or a currency word,
/// two decimals, or a figure beside an asking word that no unit or count follows; never a reference ("order 12").
fn is_money(r: &Res, clause: &str, start: usize, end: usize) -> bool {
    let text = &clause[start..end];
    if r.reference_before.is_match(&clause[..start]) {
        return false;
    }
    let tail = &clause[end..];
    if r.currency.is_match(text) || r.decimals.is_match(text) {
        return true;
    }
    if r.unit_after.is_match(tail) && !tail.trim_start().to_lowercase().starts_with("bucks") {
        // "20 back", "20 bucks", "20 quid" are money; a count or a time is not.
        let word = tail.trim_start().split(|c: char| !c.is_alphanumeric()).next().unwrap_or("").to_lowercase();
        if !matches!(
            word.as_str(),
            "back"
                | "bucks"
                | "quid"
                | "euros"
                | "pounds"
                | "dollars"
                | "credits"
                | "pls"
                | "plz"
                | "thanks"
                | "thx"
                | "cheers"
                | "idk"
                | "dunno"
                | "please"
                | "is"
                | "was"
                | "as"
                | "its"
                | "this"
                | "thats"
                | "yes"
        ) {
            return false;
        }
    }
    // A year is no money without a sign.
    if r.year.is_match(text) {
        return false;
    }
    let before_words: Vec<&str> = clause[..start].split_whitespace().rev().take(5).collect();
    let near_before = before_words.iter().rev().cloned().collect::<Vec<_>>().join(" ");
    let after_words: Vec<&str> = tail.split_whitespace().take(2).collect();
    r.ask_word.is_match(&near_before) || r.ask_word.is_match(&after_words.join(" "))
}

/// Whether the figure at `start` is a price: a price word ("paid", "cost", "was") before it in its clause, after
/// the last asking word.
fn is_price(r: &Res, clause: &str, start: usize) -> bool {
    let before = &clause[..start];
    let price = r.price_word.find_iter(before).last().map(|m| m.end());
    let ask = r.ask_word.find_iter(before).last().map(|m| m.end());
    match (price, ask) {
        (Some(p), Some(a)) => p > a,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The first unsettled money figure the customer's words (prepared) name outside a price, with how it is unsettled.
pub fn unsettled(own: &str) -> Option<(Unsettled, String)> {
    if let Some(read) = super::uncertain::read(own) {
        return read;
    }
    let r = res()?;
    // A hard-wrapped line goes on in the next: only a blank line ends a paragraph's clause.
    let own = own.replace("\n\n", ". ").replace('\n', " ");
    let mut previous = String::new();
    for (s, e) in clauses(&own) {
        let clause = &own[s..e];
        let lower = clause.to_lowercase();
        // Only a figure tied to the ask unsettles it (F963): one in a clause that asks or names a claim ("estimated
        // loss approx. USD 30-35", "send back like 20 or 25", "damage about 40") — a clause an abbreviation's point
        // cut ("approx.", "ca.", "est.") read with the one before it. An approximate figure with another role — a
        // budget, another purchase, another time ("a budget of about 241 USD") — is not the amount asked.
        let cut_short = previous
            .trim_end()
            .trim_end_matches('.')
            .rsplit(|c: char| !c.is_alphabetic())
            .next()
            .is_some_and(|w| matches!(w, "approx" | "appr" | "ca" | "circa" | "est" | "estd" | "abt"));
        let tied = |text: &str| r.ask_word.is_match(text) || text.contains("damage");
        let tied_to_ask = tied(&lower) || (cut_short && tied(&previous));
        previous = lower.clone();
        if !tied_to_ask {
            continue;
        }
        // Two different values joined as a range or as alternatives.
        for (re, kind) in
            [(&r.between, Unsettled::Range), (&r.range, Unsettled::Range), (&r.alternatives, Unsettled::Alternatives)]
        {
            for c in re.captures_iter(&lower) {
                let (Some(m), Some(a), Some(b)) = (c.get(0), c.get(1), c.get(2)) else { continue };
                let (va, vb) = (value(a.as_str()), value(b.as_str()));
                if va.is_none() || vb.is_none() || va == vb {
                    continue;
                }
                // A range names two close values, low to high ("30-35", "20 to 40"); "55-1023" is a reference.
                if kind == Unsettled::Range && va.zip(vb).is_some_and(|(a, b)| a > b || b > 3 * a) {
                    continue;
                }
                // "12/18/2026" is a date; "2026-12-03" too.
                if lower[m.end()..].starts_with(['/', '-']) || lower[..m.start()].ends_with(['/', '-']) {
                    continue;
                }
                if m.as_str().contains('/') && lower[..a.start()].trim_end().ends_with(|c: char| c.is_ascii_digit()) {
                    continue;
                }
                if is_money(r, &lower, a.start(), b.end()) && !is_price(r, &lower, a.start()) {
                    return Some((kind, m.as_str().trim().to_string()));
                }
            }
        }
        for m in r.figure.find_iter(&lower) {
            if !is_money(r, &lower, m.start(), m.end()) || is_price(r, &lower, m.start()) {
                continue;
            }
            let head = &lower[..m.start()];
            if let Some(a) = r.approx_before.find(head) {
                let word = a.as_str().trim().to_lowercase();
                let before_word = head[..a.start()].split_whitespace().last().unwrap_or("");
                // "I'd like 20 back" wants; "how about 20?" proposes.
                let want_like = word.starts_with("like")
                    && matches!(
                        before_word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''),
                        "i'd"
                            | "we'd"
                            | "would"
                            | "i"
                            | "we"
                            | "you"
                            | "should"
                            | "also"
                            | "really"
                            | "they"
                            | "d"
                            | "id"
                            | "wed"
                            | "wud"
                            | "wld"
                            | "he'd"
                            | "she'd"
                            | "they'd"
                            | "you'd"
                            | "he"
                            | "she"
                            | "just"
                            | "still"
                    );
                let proposed = word.starts_with("about") && matches!(before_word, "how" | "what");
                if !want_like && !proposed {
                    let kind = if r.estimate.is_match(&word) { Unsettled::Estimate } else { Unsettled::Approximation };
                    return Some((kind, format!("{}{}", a.as_str(), m.as_str())));
                }
            }
            if r.approx_after.is_match(&lower[m.end()..]) {
                return Some((Unsettled::Approximation, m.as_str().to_string()));
            }
            // A lower bound on a figure asked ("refund $40 or more", "$40+", outside attack 48); not a bound told
            // about something else ("no liability for loss of $500,000 or more").
            if r.lower_bound_after.is_match(&lower[m.end()..]) && r.bound_asked.is_match(head) {
                return Some((Unsettled::Approximation, m.as_str().to_string()));
            }
            if lower[m.end()..].trim_start().starts_with('?') && r.hedged_question.is_match(head) {
                return Some((Unsettled::Approximation, m.as_str().to_string()));
            }
            if estimated(r, head) {
                return Some((Unsettled::Estimate, m.as_str().to_string()));
            }
            // A hedge right after the figure ("20 idk", "25, not sure"), in a clause that asks.
            let after: String = lower[m.end()..].chars().take(14).collect();
            if r.hedge.is_match(&after) && r.ask_word.is_match(&lower) {
                return Some((Unsettled::Hedged, m.as_str().to_string()));
            }
        }
    }
    None
}

/// Whether the money figure at `start..end` of `own` is said approximately or unsurely: an approximation word right
/// before it ("about 12", "around about 20 euro"; not "like 20", which wants, nor a polite "maybe") or after it ("15 or
/// so"), or a hedge right after it ("6 euro, not sure"). A figure an ask points back at ("… refund this amount") must be
/// settled to be paid (ADR-387, b25's `g-065` kind): [`unsettled`] leaves price clauses alone, and such a pointer
/// turns a price into the ask.
pub fn approximate_at(own: &str, start: usize, end: usize) -> bool {
    let Some(r) = res() else { return false };
    let (Some(head), Some(tail)) = (own.get(..start), own.get(end..)) else { return false };
    let stops = ['.', '!', '?', '\n', ';'];
    let head = &head[head.rfind(stops).map_or(0, |i| i + 1)..];
    let tail = &tail[..tail.find(stops).unwrap_or(tail.len())];
    // "I'd like 20 back" wants and "could you maybe refund 20" is polite: only a word that approximates the figure
    // itself counts here ("about", "around", "roughly", "~", "nearly" …), not `like`/`maybe`/`perhaps`/`probably`.
    let approximated = r.approx_before.find(head).is_some_and(|a| {
        let word = a.as_str().trim().to_lowercase();
        // "how about 20 off?" proposes (as in [`unsettled`]).
        let before_word = head[..a.start()].split_whitespace().last().unwrap_or("").to_lowercase();
        let proposed = word.starts_with("about") && matches!(before_word.as_str(), "how" | "what");
        !proposed && !["like", "maybe", "perhaps", "probably", "possibly"].iter().any(|w| word.starts_with(w))
    });
    // A hedge right after the figure ("6 euro, not sure"), as in [`unsettled`]; one further on is about something else
    // ("74.51 went out (… a card fee, no idea)").
    let after: String = tail.chars().take(14).collect();
    approximated || r.approx_after.is_match(tail) || r.hedge.is_match(&after)
}

/// Whether an estimate word governs the text ("estimated loss", "we estimate"), not an estimated date or time.
fn estimated(r: &Res, head: &str) -> bool {
    r.estimate.find_iter(head).any(|m| {
        let next = head[m.end()..].split_whitespace().next().unwrap_or("").to_lowercase();
        !["delivery", "arrival", "time", "date", "dispatch", "shipping", "ship", "eta", "days", "wait"]
            .iter()
            .any(|w| next.starts_with(w))
    })
}

/// The value of a figure in cents (its digits).
fn value(figure: &str) -> Option<i64> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let re = RE.get_or_init(|| Regex::new(NUM).ok()).as_ref()?;
    to_cents(re.find(figure)?.as_str())
}

/// Whether a clause is the bare minimum a busy person types to ask for money back: at most eight words, a figure and
/// "back" ("30 back pls", "2x8.50 back", "want my 20 back") or a transfer verb with "back" and a figure ("send back
/// like 20"), or a refund word as the whole ask ("refund.", "money back", "reimburse 12,50"); no negation, no past
/// report, no status word, no thanks.
pub fn terse_request(clause: &str) -> bool {
    static RE: OnceLock<Option<(Regex, Regex, Regex, Regex)>> = OnceLock::new();
    let Some((figure_back, verb_back, bare, block)) = RE
        .get_or_init(|| {
            let f = fig();
            Some((
                Regex::new(&format!(r"(?i)(?:{f})\s*(?:[a-z]+\s+)?back\b")).ok()?,
                Regex::new(&format!(
                    r"(?i)(?:^[\s\W]*|\b(?:broke|broken|smashed|cracked|wrong|missing|damaged|torn|ripped|dead)\s+)(?:(?:pls|please|plz|just|ok|so|and)\s+)*(?:send|give|pay|get|want|need)\s+(?:me\s+|us\s+)?(?:my\s+)?(?:money\s+)?back\b.*(?:{f})"
                ))
                .ok()?,
                Regex::new(
                    r"(?i)^[\s\W]*(?:(?:pls|please|plz|just|so)\s+)*(?:full\s+)?(?:refund|reimburse|money\s+back|cash\s+back)\b[^a-z]*(?:(?:pls|please|plz|thx|thanks|asap|now|thank\s+you)\b[^a-z]*)*$",
                )
                .ok()?,
                Regex::new(
                    r"(?i)\b(?:not|no|never|n't|dont|without|got|received|was|were|been|already|sent|gave|came|where|when|status|yet|thank\w*\s+(?:you\s+)?for|if|whether|cashback|kickback|feedback|call\s+back|ring\s+back|write\s+back|get\s+back\s+to)\b",
                )
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    // A polite money verb closing the clause with no object of its own ("…, est. 20-25 GBP, pls credit."):
    // a terse ask at any length.
    static CLOSING: OnceLock<Option<Regex>> = OnceLock::new();
    if CLOSING
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:please|pls|plz|kindly)\s+(?:credit|refund|reimburse|repay)(?:\s+(?:accordingly|it|us|me|back|asap))?[\s.!]*$").ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(clause))
        && !block.is_match(clause)
    {
        return true;
    }
    let words = clause.split_whitespace().count();
    if words == 0 || block.is_match(clause) {
        return false;
    }
    if verb_back.is_match(clause) && words <= 16 {
        return true;
    }
    if words > 8 {
        return false;
    }
    figure_back.is_match(clause) || verb_back.is_match(clause) || bare.is_match(clause) || reimburse_figure(clause)
}

/// "reimburse 12,50", "refund 30 pls": a refund verb opening a short clause, then a figure.
fn reimburse_figure(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(&format!(
            r"(?i)^[\s\W]*(?:(?:pls|please|plz|just|so)\s+)*(?:refund|reimburse|credit|repay)\s+(?:me\s+|us\s+)?(?:{})",
            fig()
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// Quantity × unit price as the product (ADR-960): "2x8.50" and "8.50 x 2" are 17.00, "3 mugs @ 6.00 each" is "3
/// mugs 18.00". Only a small whole quantity; a working that goes on to its own "=" is left to the arithmetic step.
pub fn products(text: &str) -> String {
    static RE: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((q_first, q_last, each)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(&format!(
                    r"(?i)\b(\d{{1,2}})\s*(?:x|×|\*)\s*((?:{CUR_BEFORE})\s?)?({NUM})(\s?(?:{CUR_AFTER}))?"
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)((?:{CUR_BEFORE})\s?)?({NUM})(\s?(?:{CUR_AFTER}))?\s*(?:x|×|\*)\s*(\d{{1,2}})\b"
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)\b(\d{{1,2}})(\s+(?:[a-z-]+\s+){{1,3}})(?:@|at)\s*((?:{CUR_BEFORE})\s?)?({NUM})(\s?(?:{CUR_AFTER}))?\s*(?:each|ea\.?|apiece|a\s+piece|per\s+(?:item|piece|unit|one|glass|mug|plate))\b"
                ))
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let money = |cents: i64, before: &str, after: &str| {
        let sign = if before.is_empty() && after.is_empty() { "" } else { before };
        format!("{sign}{}.{:02}{after}", cents / 100, cents % 100)
    };
    let followed_by_eq = |t: &str, end: usize| t[end..].trim_start().starts_with('=');
    let mut out = text.to_string();
    for (re, order) in [(q_first, 0), (q_last, 1)] {
        let current = out.clone();
        let mut next = String::with_capacity(current.len());
        let mut last = 0;
        for c in re.captures_iter(&current) {
            let Some(m) = c.get(0) else { continue };
            if followed_by_eq(&current, m.end()) {
                continue;
            }
            let (q, before, unit, after) = if order == 0 {
                (c.get(1), c.get(2), c.get(3), c.get(4))
            } else {
                (c.get(4), c.get(1), c.get(2), c.get(3))
            };
            let (Some(q), Some(unit)) = (q, unit) else { continue };
            let Ok(q) = q.as_str().parse::<i64>() else { continue };
            let Some(cents) = to_cents(unit.as_str()) else { continue };
            // The unit must look like money: a sign, a currency word or decimals.
            let (b, a) = (before.map_or("", |x| x.as_str()), after.map_or("", |x| x.as_str()));
            if b.is_empty() && a.is_empty() && !unit.as_str().contains(['.', ',']) {
                continue;
            }
            if q == 0 {
                continue;
            }
            next.push_str(&current[last..m.start()]);
            next.push_str(&money(cents * q, b.trim_end(), a));
            last = m.end();
        }
        next.push_str(&current[last..]);
        out = next;
    }
    let current = out.clone();
    each.replace_all(&current, |c: &regex::Captures| {
        let whole = c.get(0).map_or("", |m| m.as_str()).to_string();
        let (Some(q), Some(words), Some(unit)) = (c.get(1), c.get(2), c.get(4)) else { return whole };
        let (Ok(q), Some(cents)) = (q.as_str().parse::<i64>(), to_cents(unit.as_str())) else { return whole };
        let b = c.get(3).map_or("", |m| m.as_str().trim_end());
        let a = c.get(5).map_or("", |m| m.as_str());
        format!("{}{}{}", q, words.as_str(), money(cents * q, if b.is_empty() && a.is_empty() { "" } else { b }, a))
    })
    .into_owned()
}

/// The figures of clauses that tell another purchase or another time ("the $150 rug that you sorted out last year",
/// "my previous order of £200", "back in March you refunded me $120"), in cents (ADR-961): not the amount asked by a
/// request that names none.
pub fn other_story_figures(own: &str) -> Vec<i64> {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((story, figure)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(concat!(
                    r"(?i)\blast\s+(?:year|time|summer|winter|spring|autumn|fall|christmas|xmas)\b|\byears?\s+ago\b",
                    r"|\b(?:previous|prior|earlier|another|other|older|different|first|last)\s+(?:order|purchase|parcel|delivery)\b",
                    r"|\bback\s+in\b|\bpreviously\b|\bin\s+the\s+past\b|\bonce\s+before\b",
                    r"|\byou\s+(?:\w+\s+)?(?:sorted|refunded|replaced|fixed|handled|resolved|credited|exchanged|reimbursed)\b",
                ))
                .ok()?,
                Regex::new(&format!(r"(?i){}", fig())).ok()?,
            ))
        })
        .as_ref()
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (s, e) in clauses(own) {
        let clause = &own[s..e];
        if !story.is_match(clause) {
            continue;
        }
        for m in figure.find_iter(clause) {
            let t = m.as_str();
            let money_like =
                t.contains(['$', '€', '£']) || t.contains(['.', ',']) || t.chars().any(char::is_alphabetic);
            if money_like && let Some(v) = value(t) {
                out.push(v);
            }
        }
    }
    out
}

/// "can they refund it", "could your team reimburse her": a modal question whose agent is the shop in the third
/// person asks as "can you refund it" does (ADR-961).
pub fn third_party_ask(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:can|could|would|will)\s+(?:they|you\s+guys|your\s+(?:team|shop|company|store|people)|the\s+(?:shop|store|company|seller|team)|someone|somebody|anyone|u)\s+",
            r"(?:(?:please|just|maybe|perhaps|kindly)\s+)?(?:refund|reimburse|credit|repay|give\s+(?:\w+\s+){0,2}back|pay\s+(?:\w+\s+)?back|send\s+(?:\w+\s+){0,2}back)\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// A question about a refund on record (ADR-962): "confirm refund status", "status of my refund", "any update on
/// the refund", "where is my refund", "has the refund gone through", "refund processed per your email".
pub fn status_of_record(clause: &str) -> Option<regex::Match<'_>> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:refund|credit|reimbursement|chargeback)\s+status\b",
            r"|\bstatus\s+(?:of|on|for|re)\s+(?:(?:my|the|our|this|that|her|his)\s+)?(?:refund|credit|reimbursement)\b",
            r"|\b(?:any\s+)?(?:update|news|progress)\s+(?:on|about|regarding|re|of)\s+(?:(?:my|the|our|her|his)\s+)?(?:refund|credit|reimbursement)\b",
            r"|\bwhere\s+(?:is|'s|is\s+it\s+with)\s+(?:my|the|our|her|his)\s+(?:refund|credit|reimbursement)\b",
            r"|\b(?:has|have|did|is)\s+(?:my|the|our|your|her|his)\s+(?:refund|credit|reimbursement)\s+(?:\w+\s+){0,2}?(?:gone|go|come|went|been|processed|through|arrived|cleared)\b",
            r"|\b(?:refund|credit)\s+(?:was\s+|has\s+been\s+|already\s+|now\s+)*(?:processed|issued|done|sent|approved|completed)\s+(?:per|as\s+per|according\s+to|in)\s+(?:your|the)\b",
        ))
        .ok()
    })
    .as_ref()
    .and_then(|re| re.find(clause))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(s: &str) -> Option<Unsettled> {
        unsettled(s).map(|(k, _)| k)
    }

    #[test]
    fn alternatives_ranges_and_approximations_are_unsettled() {
        for s in [
            "send back like 20 or 25 idk",
            "refund either the 12 or the 18 pls",
            "refund 12/18 pls",
            "Could you refund 15 or maybe 20 for the scratch",
            "I would like refund of 30 to 35 euro for the broken handle.",
            "refund somewhere between 30 and 35 dollars please",
            "Estimated loss approx. USD 30-35. Please credit accordingly.",
            "Refund approx 10 please.",
            "refund around €12 thanks",
            "refund ~12 usd",
            "refund 12-ish dollars please",
            "something like 15 back would be fair",
            "refund pls, I think 20?",
            "Our estimated loss is EUR 40.",
            "he'd want maybe 15 or 20 dollars back for it",
            "i want back money about 20 euro for broken glass",
            "est. 20-25 GBP, pls credit.",
        ] {
            assert!(unsettled(s).is_some(), "{s}");
        }
        assert_eq!(kind("refund 20 or 25"), Some(Unsettled::Alternatives));
        assert_eq!(kind("refund £30-35"), Some(Unsettled::Range));
        assert_eq!(kind("refund about £30"), Some(Unsettled::Approximation));
    }

    #[test]
    fn settled_figures_prices_counts_and_dates_are_not_unsettled() {
        for s in [
            "refund $20 please",
            "I'd like 20 back",
            "I paid about $85 for this lamp. Please refund it.",
            "The lamp arrived broken about 3 days ago. Please refund it.",
            "2 or 3 of the glasses broke, refund 8.50",
            "order 12345 or 12346, refund it",
            "delivered 12/18/2026, refund $20",
            "How about 20 back?",
            "refund $20, it took 2-3 weeks to arrive",
            "refund 20, the order was around 85",
            "id like 6,20€ back for the 2 lids pls",
            "I ended up paying\nabout 9 quid for paper ones. Please refund 15.00",
            "she is smug about the 12 quid one she got. Refund 30.00 please",
            "order 512-99810: refund 12.00",
            // A size said approximately is no money; a disclaimer's "or more" is no approximation of an ask.
            "the size 10 is more like a 12. Please refund them.",
            "We accept no liability for loss of $500,000 or more. Please refund USD 19.50 for the cable.",
        ] {
            assert_eq!(unsettled(s), None, "{s}");
        }
    }

    #[test]
    fn terse_requests_read_as_requests() {
        for s in [
            "30 back pls",
            "2x8.50 back",
            "want my 20 back",
            "reimburse 12,50",
            "refund.",
            "money back",
            "send back like 20 or 25 idk",
            "12.50 back.",
        ] {
            assert!(terse_request(s), "{s}");
        }
        for s in [
            "got 20 back already",
            "thanks for the 20 back",
            "never got my 20 back",
            "call me back at 5",
            "where is my 20 back",
        ] {
            assert!(!terse_request(s), "{s}");
        }
    }

    #[test]
    fn quantity_times_unit_price_is_the_product() {
        assert_eq!(products("2x8.50 back"), "17.00 back");
        assert_eq!(products("refund 2 x $8.50"), "refund $17.00");
        assert_eq!(products("refund 8.50 x 2 pls"), "refund 17.00 pls");
        assert_eq!(products("3 mugs @ 6.00 each broken"), "3 mugs 18.00 broken");
        assert_eq!(products("2x8.50 = 17.00"), "2x8.50 = 17.00");
        assert_eq!(products("a 2x4 plank"), "a 2x4 plank");
    }

    #[test]
    fn other_stories_third_parties_and_status() {
        assert_eq!(other_story_figures("Last year you sorted out the $150 rug. Please refund it."), vec![15_000]);
        assert!(other_story_figures("The $150 rug arrived torn. Please refund it.").is_empty());
        assert!(third_party_ask("Can they refund it"));
        assert!(!third_party_ask("Can they deliver it on Monday"));
        assert!(status_of_record("please confirm refund status for case 88123").is_some());
        assert!(status_of_record("has the refund gone through?").is_some());
        assert!(status_of_record("where is my refund").is_some());
        assert!(status_of_record("please refund the lamp").is_none());
    }
}
