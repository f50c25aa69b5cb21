//! Kinds of reading from dev26's misses (issue 16, desk24; ADR-1020, ADR-1021): d26 is a development set written
//! blind, run once before anything was changed for it; these steps fix its misses by kind, each tested on
//! constructions written for it (never d26's sentences):
//!
//! - [`points_below`]: newest words that only forward ("FW: …", "Please action.", "pls process") point at the
//!   customer's side of the thread below (the subject line and sign-off names are no words of their own).
//! - [`money_frame`]: "I'd rather (just) have the money", "I'd request a goodwill gesture of 12.50" ask money.
//! - [`names_not_verbs`]: "Sue" written as a name (a signature, a header, "Sue Parker", "Hi Sue") is no lawsuit.
//! - [`count_at_each`]: "three at 48 each" in an asking sentence is 3 × 48.
//! - [`unsure_part`]: money back for a part of the order ("for the tools that broke") whose price the customer gives
//!   only approximately ("something like 30, maybe a bit less") cannot be settled (U1), never the whole order.
//! - [`accepts_either`]: "either is fine", "whichever you can do" after several offers settles no figure (U1).
//! - [`slow_refund_report`]: "took seven weeks and three phone calls to refund me" is a report, not an ask.
//! - [`amount_of_it`]: "please refund 500.00 of it" beside the item's bracketed price asks 500.00.
//! - [`full_plus`]: "full price + the 15 postage" is the full amount and more (X2), never the order's amount.
//! - [`arrived_back`]: "the refund came through this morning, 45.99 back on my card" tells a refund on record: its
//!   figure "back on my card" asks nothing.

use super::{CUR_AFTER, CUR_BEFORE, NUM, clause_intent, clauses, number_value, to_cents};
use regex::Regex;
use std::sync::OnceLock;

fn fig() -> String {
    format!(r"(?:(?:{CUR_BEFORE})\s?)?(?:{NUM})(?:\s?(?:{CUR_AFTER}))?")
}

struct Res {
    number: Regex,
    forward_line: Regex,
    bare_imperative: Regex,
    rather_money: Regex,
    gesture: Regex,
    sue: Regex,
    count_each: Regex,
    approx: Regex,
    part_ask: Regex,
    either: Regex,
    slow: Regex,
    of_it: Regex,
    full_plus: Regex,
    arrived: Regex,
}

fn res() -> Option<&'static Res> {
    static RES: OnceLock<Option<Res>> = OnceLock::new();
    RES.get_or_init(|| {
        let f = fig();
        Some(Res {
            number: Regex::new(NUM).ok()?,
            forward_line: Regex::new(r"(?i)^\s*(?:fw|fwd|re)\s*:").ok()?,
            // A processing imperative with no object ("Please action.", "pls process asap", "Can you sort this
            // please", "Action please").
            bare_imperative: Regex::new(
                r"(?i)^\W*(?:(?:please|pls|plz|kindly|can\s+you|could\s+you)\s+)*(?:action|process|handle|sort(?:\s+out)?|deal\s+with|look\s+into|see\s+to|progress)(?:\s+(?:this|that|it|the\s+below))?(?:\s+(?:please|pls|asap|urgently|thanks?|thx|cheers))*\W*$",
            )
            .ok()?,
            // "I'd rather (just) have the money", "we'd prefer to get the money back".
            rather_money: Regex::new(
                r"(?i)\b(?:i|we)(?:'d|\s+would)\s+(?:much\s+)?(?:rather|prefer)\s+(?:to\s+)?(?:just\s+|simply\s+|only\s+)?(?:have|get|take|receive)\s+(?:the|my|our)\s+money\b",
            )
            .ok()?,
            // "I'd request a goodwill gesture of GBP 12.50", "requesting a gesture of goodwill of 10.00".
            gesture: Regex::new(&format!(
                r"(?i)\b(?:request\w*|ask(?:ing)?\s+for|claim\w*|seek\w*|like|want|expect)\s+(?:a|an|the)\s+(?:goodwill\s+(?:gesture|payment|credit|refund)|gesture\s+of\s+goodwill|courtesy\s+(?:credit|refund|payment))\s+(?:of|for)\s+{f}"
            ))
            .ok()?,
            sue: Regex::new(r"\bSue\b").ok()?,
            // "three at 48 each", "2 @ 12.50 apiece".
            count_each: Regex::new(&format!(
                r"(?i)\b(?P<n>two|three|four|five|six|seven|eight|nine|ten|\d{{1,2}})\s+(?:at|@)\s+(?P<f>{f})\s+(?:each|apiece|a\s+piece|per\s+(?:item|piece|unit))\b"
            ))
            .ok()?,
            approx: Regex::new(&format!(
                r"(?i)\b(?:something\s+like|about|around|roughly|approximately|approx\.?|circa|maybe|perhaps|i\s+think\s+it\s+was|give\s+or\s+take)\s+(?:{f})|(?:{f})\s*(?:ish\b|or\s+so\b|(?:,\s*)?maybe\s+(?:a\s+bit|a\s+little|slightly)\s+(?:less|more)\b)"
            ))
            .ok()?,
            // Money back for a part of the order named by what went wrong with it.
            part_ask: Regex::new(concat!(
                r"(?i)\b(?:money|refund\w*|back|reimburs\w*|credit)\b[^.?!\n]{0,40}?\bfor\s+(?:the|those|these|my|our)\s+(?:\w+\s+){0,2}?",
                r"(?:(?:that|which)\s+(?:broke|broken|are\s+broken|were\s+broken|failed|came\s+apart|fell\s+apart|(?:don'?t|didn'?t|do\s+not|did\s+not)\s+work|arrived\s+(?:broken|damaged))",
                r"|(?:broken|damaged|faulty|missing|defective|cracked)\s+(?:ones?|parts?|items?|pieces?|bits?|\w+s))\b",
            ))
            .ok()?,
            // Several offers taken with no choice made.
            either: Regex::new(
                r"(?i)\b(?:either\s+(?:one\s+|option\s+|of\s+(?:them|those|these)\s+)?(?:is|are|would\s+be|works?|will\s+do)\b|whichever\b|any\s+of\s+(?:them|those|these)\s+(?:is|are|works?)\b|both\s+(?:are|work|would\s+be)\s+(?:fine|ok(?:ay)?|good))",
            )
            .ok()?,
            // A slow refund told of another time or shop: "took seven weeks and three phone calls to refund me".
            slow: Regex::new(
                r"(?i)\b(?:took|needed|waited|spent)\s+(?:\w+\s+){0,3}?(?:days?|weeks?|months?|ages|forever|a\s+while)\b[^.?!\n]{0,40}?\bto\s+(?:refund|reimburse|repay|credit|pay)\w*\b[^,;:.!?()\n]*",
            )
            .ok()?,
            // "refund 500.00 of it", "credit 40 of the price".
            of_it: Regex::new(&format!(
                r"(?i)\b(?:refund|reimburse|credit|return|give\s+(?:me\s+|us\s+)?back)\s+(?P<f>{f})\s+of\s+(?:it|that|this|the\s+(?:price|total|cost|amount|order|purchase|invoice))\b"
            ))
            .ok()?,
            // "full price + the 15 postage", "the full amount & 12 for shipping".
            full_plus: Regex::new(&format!(
                r"(?i)\b(?:full|whole|entire|total)\s+(?:price|amount|cost|refund|sum)\s*(?:\+|&|\bplus\b|\band\s+also\b)\s*(?:the\s+|my\s+|an?\s+|extra\s+|additional\s+)*(?P<f>{f})"
            ))
            .ok()?,
            // A refund told as arrived, then its figure "back on my card" in the same sentence.
            arrived: Regex::new(&format!(
                r"(?i)\b(?:refund|money|credit|reimbursement|payment)\b[^.?!\n]{{0,60}}?\b(?:came\s+through|went\s+through|arrived|landed|cleared|showed\s+up|appeared|is\s+in|hit\s+my|came\s+in|reached\s+me)\b[^.?!\n]{{0,60}}?(?P<back>{f}\s+back\s+(?:on|to|in|into|onto)\s+(?:my|our|the)\s+(?:card|account|bank|visa|paypal))"
            ))
            .ok()?,
        })
    })
    .as_ref()
}

/// A refund told as arrived with its figure "back on my card" ("The refund came through this morning, 45.99 back on
/// my card"): the figure and its "back on my card" are blanked — they tell the refund on record — so the sentence is
/// the acknowledgement it is, not an ask.
pub fn arrived_back(text: &str) -> String {
    let Some(r) = res() else { return text.to_string() };
    let mut out = text.to_string();
    for c in r.arrived.captures_iter(text).collect::<Vec<_>>().into_iter().rev() {
        if let Some(b) = c.name("back") {
            out.replace_range(b.range(), &" ".repeat(b.len()));
        }
    }
    out
}

fn value(figure: &str) -> Option<i64> {
    to_cents(res()?.number.find(figure)?.as_str())
}

/// Whether the newest words only forward what is below: with the ticket's subject line, forward markers ("FW: …"),
/// greetings and sign-off names set aside, nothing is left but a processing imperative or at most three words.
pub fn points_below(top: &str, subject: &str) -> bool {
    let Some(r) = res() else { return false };
    let mut forwarded = false;
    let mut left: Vec<&str> = Vec::new();
    for (i, line) in top.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || (i == 0 && t == subject.trim()) {
            continue;
        }
        if r.forward_line.is_match(t) {
            forwarded = true;
            continue;
        }
        left.push(t);
    }
    let words: usize = left.iter().map(|l| l.split_whitespace().count()).sum();
    (forwarded && words <= 3) || (!left.is_empty() && left.iter().all(|l| r.bare_imperative.is_match(l)))
}

/// Whether a clause asks money by a frame the grammar does not know: a preference for the money ("I'd rather just
/// have the money for the broken one") or a goodwill gesture of a figure requested.
pub fn money_frame(clause: &str) -> bool {
    res().is_some_and(|r| r.rather_money.is_match(clause) || r.gesture.is_match(clause))
}

/// The text with "Sue" written as a name blanked: capitalised and not a verb (a verb takes an object — "Sue you",
/// "Sue them" — or follows a modal: "I'll Sue").
pub fn names_not_verbs(text: &str) -> String {
    let Some(r) = res() else { return text.to_string() };
    let mut out = text.to_string();
    for m in r.sue.find_iter(text).collect::<Vec<_>>().into_iter().rev() {
        let after: String =
            text[m.end()..].trim_start().chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
        let object = ["you", "them", "him", "her", "the", "your", "this", "that", "it", "us", "for", "over", "u"]
            .contains(&after.as_str());
        let before = text[..m.start()].trim_end().to_lowercase();
        let modal = ["will", "'ll", " to", "gonna", "shall", "would", "might", "may", "can", "could", " and", " or"]
            .iter()
            .any(|w| before.ends_with(w));
        if !object && !modal {
            out.replace_range(m.range(), "   ");
        }
    }
    out
}

/// An asking clause's "N at FIG each" written as the product ("three at 48 each" → "$144.00").
pub fn count_at_each(clause: &str) -> String {
    let Some(r) = res() else { return clause.to_string() };
    r.count_each
        .replace_all(clause, |c: &regex::Captures| {
            let n = c.name("n").map(|m| m.as_str()).and_then(|n| n.parse::<i64>().ok().or_else(|| number_value(n)));
            match (n, c.name("f").and_then(|m| value(m.as_str()))) {
                (Some(n), Some(v)) if (2..=50).contains(&n) => {
                    let t = n * v;
                    format!("${}.{:02}", t / 100, t % 100)
                }
                _ => c[0].to_string(),
            }
        })
        .into_owned()
}

/// Whether the customer asks money back for a part of the order and gives its figure only approximately ("for the
/// tools that broke … something like 30, maybe a bit less"): the amount cannot be settled.
pub fn unsure_part(own: &str) -> bool {
    res().is_some_and(|r| r.part_ask.is_match(own) && r.approx.is_match(own))
}

/// Whether the newest words take any of several offers without choosing ("Either is fine", "whichever you can do").
pub fn accepts_either(top: &str) -> bool {
    res().is_some_and(|r| r.either.is_match(top))
}

/// The span of a slow refund told as a report ("took seven weeks and three phone calls to refund me 22 pounds").
pub fn slow_refund_report(clause: &str) -> Option<regex::Match<'_>> {
    res()?.slow.find(clause)
}

/// The one figure asked as an amount *of* the thing ("please refund 500.00 of it") in an asking clause.
pub fn amount_of_it(own: &str) -> Option<i64> {
    let r = res()?;
    let mut found: Vec<i64> = Vec::new();
    for (s, e) in clauses(own) {
        let clause = &own[s..e];
        if !clause_intent(clause).request {
            continue;
        }
        for c in r.of_it.captures_iter(clause) {
            if let Some(v) = c.name("f").and_then(|m| value(m.as_str())) {
                found.push(v);
            }
        }
    }
    super::figures::one_distinct(found)
}

/// The figure added to the full amount ("full price + the 15 postage"): an over-ask.
pub fn full_plus(own: &str) -> Option<i64> {
    let r = res()?;
    let c = r.full_plus.captures(own)?;
    value(c.name("f")?.as_str()).filter(|v| *v > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwards_point_below() {
        assert!(points_below("Support request\nPlease action.\n", "Support request"));
        assert!(points_below("Support request\nFW: complaint\n\n", "Support request"));
        assert!(points_below("Help\npls process asap\n", "Help"));
        assert!(!points_below("Support request\nPlease refund me 20, the mug broke.", "Support request"));
    }

    #[test]
    fn money_frames() {
        assert!(money_frame("I'd rather just have the money for the broken one - GBP 27.50"));
        assert!(money_frame("we would prefer to get our money back"));
        assert!(money_frame("I'd request a goodwill gesture of GBP 12.50"));
        assert!(!money_frame("I'd rather have a blue one"));
    }

    #[test]
    fn sue_as_a_name() {
        assert!(!names_not_verbs("From: Sue Parker\nthanks, Sue").contains("Sue"));
        assert!(names_not_verbs("I will Sue you").contains("Sue"));
        assert!(names_not_verbs("Sue them, I say").contains("Sue"));
        assert!(!names_not_verbs("Hi, it's Sue here.").contains("Sue"));
        assert!(names_not_verbs("i'll sue").contains("sue"));
    }

    #[test]
    fn counts_grouping_and_amounts() {
        assert_eq!(
            count_at_each("money back for the three broken ones, three at 48 each"),
            "money back for the three broken ones, $144.00"
        );
        assert_eq!(count_at_each("2 @ 12.50 apiece back please"), "$25.00 back please");
        assert_eq!(amount_of_it("as discussed please refund 500.00 of it."), Some(50000));
        assert_eq!(full_plus("refund all of it. full price + the 15 postage"), Some(1500));
        assert_eq!(full_plus("refund the full price please"), None);
    }

    #[test]
    fn a_refund_told_as_arrived_asks_nothing() {
        assert_eq!(
            arrived_back("the refund came through today, 45.99 back on my card, thanks"),
            "the refund came through today,                      , thanks"
        );
        assert_eq!(arrived_back("I want 45.99 back on my card"), "I want 45.99 back on my card");
    }

    #[test]
    fn unsure_parts_either_and_reports() {
        assert!(unsure_part("money back for the cups that broke. they were about 12 I think"));
        assert!(!unsure_part("I paid about 60. money back please"));
        assert!(accepts_either("Either is fine, whatever is quicker"));
        assert!(!accepts_either("Yes please, the 20.00"));
        assert!(
            slow_refund_report("the other shop took seven weeks and three phone calls to refund me 22 pounds")
                .is_some()
        );
        assert!(slow_refund_report("please refund me 22 pounds").is_none());
    }
}
