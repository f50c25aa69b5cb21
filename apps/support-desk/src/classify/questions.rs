//! Questions that ask nothing back (ask39, issue 16, ADR-1241). A clause can carry a figure, even a refund word, and
//! still only ask a question: the policy's C1 ("a pure inquiry … asking about the state of a refund is an inquiry").
//! Read from the sentence's structure — who asks what — in two shapes:
//!
//! - **A question about a thing that a figure prices**: a direct question ("does the 29.99 conditioner work on dyed
//!   hair?") or one embedded under a frame of asking or knowing ("I want to ask if the shampoo at 14,90 is good for
//!   curly hair", "could you tell me whether the 12.99 mask …", "just wondering whether the toner at $11.99 …"), in
//!   which every figure prices a noun ("the X at/for F", "the F X") and no money noun, "back" or "off" stands.
//! - **A question about a refund named as its topic**: the refund (and its figure) said first, then a question whose
//!   subject is a pronoun that takes it up ("my refund of 24,90 €, is it already sent to my bank?", "my refund 45.00 -
//!   did it go through yet?", "my refund of 30,00 zł, it is sent already or not yet?").
//!
//! Neither fires when the clause asks for money by its own structure: "can I get/have", "could you refund/send/…",
//! "is it possible to get", "ask for", a want with money as its object.

use regex::Regex;
use std::sync::OnceLock;

struct Res {
    frame: Regex,
    request: Regex,
    money_word: Regex,
    figure: Regex,
    topic_question: Regex,
}

fn res() -> Option<&'static Res> {
    static RES: OnceLock<Option<Res>> = OnceLock::new();
    RES.get_or_init(|| {
        Some(Res {
            // A frame of asking or knowing that embeds the question.
            frame: Regex::new(concat!(
                r"(?i)\b(?:want(?:ed)?|would\s+like|'d\s+like|like|wish|writing|write)\s+to\s+(?:ask|know|check|enquire|inquire|find\s+out|understand|confirm)\b",
                r"\s*[,:]?\s*(?:you\s+)?(?:if|whether|wether|about|how|what|which|is|are|does|do|can)\b",
                r"|\b(?:just\s+)?wonder(?:ing)?\s+(?:if|whether|wether)\b",
                r"|\b(?:can|could|would)\s+(?:you|u)\s+(?:please\s+|kindly\s+|pls\s+)?(?:tell|let)\s+(?:me|us)\s+(?:know\s+)?(?:if|whether|wether)\b",
                r"|\b(?:i|we)\s+(?:have|had)\s+a\s+(?:quick\s+|small\s+)?question\b|\bquick\s+question\b",
            ))
            .ok()?,
            // The clause asks for money by its own structure.
            request: Regex::new(concat!(
                r"(?i)\b(?:can|could|may|might)\s+(?:i|we)\s+(?:please\s+|still\s+|just\s+)?(?:get|have|receive|ask\s+for|claim)\b",
                r"|\b(?:can|could|would|will|won'?t|wont)\s+(?:you|u|ya)\s+(?:please\s+|kindly\s+|just\s+|pls\s+)?(?:refund|send|give|pay|return|credit|transfer|reimburse|process|issue|put|do|make|knock|take)\b",
                r"|\bpossible\s+to\s+(?:get|have|receive|be\s+refunded|refund|return)\b|\bask(?:ing)?\s+for\b",
                r"|\b(?:i|we)\s+(?:still\s+|just\s+)?(?:want|need|would\s+like|'d\s+like|expect|demand)\s+(?:my|the|a|an|your|\$|€|£|\d)",
                r"|\bhow\s+about\b|\bwhat\s+about\b|\bwhy\s+(?:not|haven'?t|hasn'?t|didn'?t|did\s+not|have\s+not|has\s+not)\b",
            ))
            .ok()?,
            // Money itself named (not a price): the question may then be about money, left to the other readers.
            money_word: Regex::new(
                r"(?i)\b(?:refund\w*|money|back|off|credit\w*|reimburs\w*|compensat\w*|repay\w*|chargeback|discount|voucher|cashback|paid|charged)\b",
            )
            .ok()?,
            figure: Regex::new(
                r"(?i)(?:[$€£]\s?)?\b\d+(?:[.,]\d{1,2})?\b(?:\s?(?:€|\$|£|eur|euros?|usd|dollars?|gbp|pounds?|zł|pln|zl)\b?)?",
            )
            .ok()?,
            // A refund said as the topic, then a question whose pronoun takes it up.
            topic_question: Regex::new(concat!(
                r"(?i)\b(?:my|our|the)\s+(?:\w+\s+){0,2}?(?:refund|reimbursement|money)\b[^?]{0,90}?(?:,|\s-|\s–|\s—|:)\s*",
                r"(?:(?:is|was|has|had|did|does|will|would|could)\s+(?:it|this|that)\b|(?:it|this)\s+(?:is|was|has|'s)\b)",
                r"[^?]*\?",
            ))
            .ok()?,
        })
    })
    .as_ref()
}

/// Whether the clause is a question (it ends in "?" once emoji and spaces are set aside).
fn interrogative(clause: &str) -> bool {
    clause.trim_end_matches(|c: char| !c.is_ascii_punctuation() && !c.is_alphanumeric()).ends_with('?')
}

/// Whether the figure at `start..end` prices a noun: "the X at/for F", "X costing F", "the F X".
fn prices_a_noun(clause: &str, start: usize, end: usize) -> bool {
    let before: Vec<String> = clause[..start]
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let after = clause[end..]
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .find(|w| !w.is_empty())
        .map(str::to_lowercase)
        .unwrap_or_default();
    let last = before.last().map(String::as_str).unwrap_or("");
    let prev = before.iter().rev().nth(1).map(String::as_str).unwrap_or("");
    const FUNCTION: &[&str] = &["the", "a", "an", "my", "your", "is", "was", "it", "i", "to", "be", "of", "and", "or"];
    let priced_after = matches!(last, "at" | "for" | "costing" | "costs" | "priced" | "from")
        && !prev.is_empty()
        && !FUNCTION.contains(&prev)
        && !matches!(prev, "refund" | "back" | "ask" | "asking" | "pay" | "paid" | "charged" | "me" | "us");
    let modifies = matches!(last, "the" | "a" | "this" | "that" | "your")
        && !after.is_empty()
        && after.chars().all(char::is_alphabetic)
        && !matches!(
            after.as_str(),
            "back"
                | "off"
                | "refund"
                | "please"
                | "pls"
                | "be"
                | "is"
                | "was"
                | "for"
                | "to"
                | "or"
                | "and"
                | "i"
                | "you"
        );
    priced_after || modifies
}

/// The question the clause asks when it asks nothing back: `Some(true)` for a question about a refund named as its
/// topic (a status question), `Some(false)` for a question about a thing a figure prices; `None` otherwise.
pub fn asks_nothing_back(clause: &str) -> Option<bool> {
    let r = res()?;
    if r.request.is_match(clause) || super::grammar::agreement_tag(clause) {
        return None;
    }
    if r.topic_question.is_match(clause) {
        return Some(true);
    }
    let framed = r.frame.is_match(clause);
    if !(interrogative(clause) || framed) || r.money_word.is_match(clause) {
        return None;
    }
    let figures: Vec<(usize, usize)> = r
        .figure
        .find_iter(clause)
        .filter(|m| m.as_str().chars().any(|c| c.is_ascii_digit()))
        .map(|m| (m.start(), m.end()))
        .collect();
    (!figures.is_empty() && figures.iter().all(|&(s, e)| prices_a_noun(clause, s, e))).then_some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_about_a_priced_thing_or_a_refund_topic_ask_nothing() {
        for (clause, want) in [
            (
                "Bonjour, I want to ask if the shampoo at 14,90 is good for curly hair or only for straight.",
                Some(false),
            ),
            ("Quick question - does the 29.99 conditioner work on colour-treated hair?", Some(false)),
            ("Hello, my refund of 24,90 € for the broken serum, is it already sent to my bank?", Some(true)),
            ("my refund 45.00 - did it go through yet or still processing?", Some(true)),
            ("I want to ask for my 14,90 back, the shampoo is the wrong one.", None),
            ("The serum bottle broke. Is it possible to get the 24,90 back?", None),
            ("Can I have the 14.90 for the shampoo back?", None),
            ("Would 14.90 be ok?", None),
        ] {
            assert_eq!(asks_nothing_back(clause), want, "{clause}");
        }
    }
}
