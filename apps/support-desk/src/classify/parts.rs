//! An over-ask made of parts or against a quoted offer (ADR-916), and a refund named inside a wh-infinitive (ADR-917).
//!
//! - **Parts added up**: an ask whose object is a money figure and, joined to it by "plus", "and", "+", "as well as",
//!   "on top", "together with", a second one ("refund the 42 dollars for the boots plus the 15 I spent sending them
//!   back", "the $30 kettle and the $9 postage") asks their sum: the working is written out as the customer's own sum
//!   ("… = $57.00"), which ADR-860's arithmetic reads as the amount asked — compared whole with the order (X2), never
//!   read as one of its parts. A second part may be bare ("plus the 15 I spent") unless a counted noun follows it.
//! - **Against an offer**: a figure called too little ("35 is not enough", "20 is way too low", "£10? that's an
//!   insult") and a want that follows ("I want 50", "I expect 45") asks the want's figure, bare or not.
//! - **A refund inside a wh-infinitive** ("I'll know who to ask for a refund", "where to apply for a refund", "how to
//!   claim a refund") names a refund without asking one.

use regex::{Captures, Regex};
use std::sync::OnceLock;

struct Patterns {
    figure: Regex,
    parts: Regex,
    too_little: Regex,
    want_bare: Regex,
    wh_infinitive: Regex,
}

const MONEY_FIG: &str = r"(?:[$€£]\s?\d{1,6}(?:[.,]\d{1,2})?|\b\d{1,6}(?:[.,]\d{1,2})?\s?(?:[$€£]|(?:dollars?|euros?|pounds?|quid|bucks|usd|eur|gbp)\b)|\b\d{1,6}[.,]\d{2}\b)";

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            figure: Regex::new(&format!("(?i){MONEY_FIG}")).ok()?,
            parts: Regex::new(&format!(
                r"(?i)\b(?P<verb>refund|reimburse|repay|pay\s+(?:me\s+|us\s+)?back|give\s+(?:me\s+|us\s+)?back|send\s+(?:me\s+|us\s+)?back|return|credit|want|need|claim)\b(?P<mid>[^.?!\n]{{0,30}}?)(?P<a>{MONEY_FIG})(?P<join>[^.?!\n=]{{0,40}}?\b(?:plus|as\s+well\s+as|together\s+with|on\s+top\s+of\s+that|and(?:\s+also)?)\s+(?:the\s+|my\s+|our\s+|another\s+|an\s+extra\s+|a\s+further\s+)?|\s*\+\s*)(?P<b>{MONEY_FIG}|\d{{1,6}}(?:[.,]\d{{1,2}})?\b(?P<noun>\s*(?:hours?|days?|weeks?|items?|pieces?|pcs|units?|times|minutes?|x\b|%|of\b|pairs?|boxes|orders?|cents?|ct\b|pence|p\b|c\b|centimes?|c[ée]ntimos?|centavos?|centesimi|groszy|grosze|kopeks?|rappen|öre|øre))?)"
            ))
            .ok()?,
            too_little: Regex::new(
                r"(?i)(?:[$€£]\s?)?\d{1,6}(?:[.,]\d{1,2})?\s?(?:[$€£]|dollars?|euros?|pounds?|quid|bucks)?\s*\??\s*(?:is|isn'?t|are|seems|sounds|that'?s|is\s+way|is\s+far|is\s+just)\s+(?:not\s+(?:enough|acceptable|sufficient|fair)|(?:way\s+|far\s+|much\s+)?too\s+(?:little|low|small|cheap)|insufficient|unacceptable|a\s+joke|an\s+insult|ridiculous|laughable|nowhere\s+near\s+enough)\b",
            )
            .ok()?,
            want_bare: Regex::new(
                r"(?i)\b(?P<head>(?:i|we)\s+(?:want|need|expect|demand|require|ask\s+for|would\s+like|will\s+accept|accept\s+only)\s+(?:at\s+least\s+|a\s+minimum\s+of\s+|no\s+less\s+than\s+|minimum\s+)?)(?P<n>\d{1,6}(?:[.,]\d{1,2})?)\b(?P<after>\s*(?:[a-z%]+)?)",
            )
            .ok()?,
            wh_infinitive: Regex::new(
                r"(?i)\b(?P<wh>who|whom|where|how|when|what)\s+to\s+(?P<verb>ask|go|turn|write|contact|apply|claim|request|get|call|email)\s+(?:(?:to|for|about)\s+)?(?:a\s+|my\s+|the\s+|your\s+)?(?:refunds?|money\s+back|reimbursements?)\b",
            )
            .ok()?,
        })
    })
    .as_ref()
    .expect("the parts patterns compile")
}

fn cents(fig: &str) -> Option<i64> {
    let start = fig.find(|c: char| c.is_ascii_digit())?;
    let end =
        fig[start..].find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')).map_or(fig.len(), |e| start + e);
    super::to_cents(fig[start..end].trim_end_matches(['.', ',']))
}

/// The text with parts added up, a want against an offer made money, and wh-infinitive refunds named as such.
pub fn read(text: &str) -> String {
    let p = patterns();
    let text = p.wh_infinitive.replace_all(text, |c: &Captures| format!("{} to {} for help", &c["wh"], &c["verb"]));
    // A figure called too little: a bare number wanted after it is money.
    let mut text = text.into_owned();
    if let Some(m) = p.too_little.find(&text) {
        let from = m.end();
        let tail = &text[from..];
        if let Some(c) = p.want_bare.captures(tail)
            && let Some(n) = c.name("n")
            && n.start() < 160
            && !c["after"].trim().starts_with(|ch: char| {
                ch.is_ascii_alphabetic()
                    && !["for", "back", "or", "and", "please", "pls", "now"].contains(&c["after"].trim())
            })
        {
            let at = from + n.start();
            if !text[..at].ends_with(['$', '€', '£']) {
                text.insert(at, '$');
            }
        }
    }
    // Parts added up in one ask.
    let mut out = text.clone();
    let mut earliest: Option<(usize, Vec<i64>)> = None;
    for c in p.parts.captures_iter(&text).collect::<Vec<_>>().into_iter().rev() {
        let (Some(a), Some(b)) = (c.name("a"), c.name("b")) else { continue };
        if c.name("noun").is_some() {
            continue;
        }
        // A price the customer names ("I paid", "cost") between the ask and the second part is no part of the ask.
        let between = text[c.get(0).map_or(0, |m| m.start())..b.start()].to_ascii_lowercase();
        if between
            .split(|ch: char| !ch.is_ascii_alphabetic())
            .any(|w| ["paid", "cost", "costs", "price", "charged", "worth", "or"].contains(&w))
        {
            continue;
        }
        let (Some(x), Some(y)) = (cents(a.as_str()), cents(b.as_str())) else { continue };
        if x == y || y == 0 {
            continue;
        }
        let sign = a.as_str().chars().find(|ch| ['$', '€', '£'].contains(ch)).unwrap_or('$');
        let sum = x + y;
        out.insert_str(b.end(), &format!(" = {sign}{}.{:02}", sum / 100, sum % 100));
        earliest = Some((c.get(0).map_or(0, |m| m.start()), vec![x, y]));
    }
    // A part named earlier in the story ("I sent it back (15 dollars at the post office)") is that part, not a second
    // ask: it reads as "it".
    if let Some((start, values)) = earliest {
        let earlier: Vec<std::ops::Range<usize>> = p
            .figure
            .find_iter(&out[..start])
            .filter(|m| cents(m.as_str()).is_some_and(|v| values.contains(&v)))
            .map(|m| m.range())
            .collect();
        for r in earlier.into_iter().rev() {
            out.replace_range(r, "it");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::read;

    #[test]
    fn parts_offers_and_wh_infinitives() {
        let t = read("please refund the 42 dollars for the boots plus the 15 I spent sending them back");
        assert!(t.contains("= $57.00"), "{t}");
        assert!(read("35 is not enough for all this hassle. I want 50.").contains("I want $50"));
        assert!(read("I'll know who to ask for a refund!").contains("who to ask for help"));
        assert!(!read("refund $20 for the 2 hours").contains('='));
        // Minor units are one figure, not a part (F919).
        assert!(!read("Refund 12 dollars and 5 cents.").contains('='));
    }
}
