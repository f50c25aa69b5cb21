//! desk27's kinds of reading (issue 16, ADR-1064…ADR-1070): small typed steps, each tested on constructions written
//! for it (never an eval set's sentences):
//!
//! - [`asked_state`]: a question about a refund's state embedded under a frame of asking or knowing ("I want to ask
//!   if my refund of 32 is already sent", "kindly confirm whether the credit of EUR 32.00 has been remitted", "could
//!   you tell me if the money is sent?") asks about the refund, whatever figure it names: the want is a want to
//!   *know*, never a want of money (ADR-1064).
//! - [`names_share`]: an asking sentence that names a part of the money ("12.5%", "half", "a partial credit") asks a
//!   part, never the order's whole amount (ADR-1065).
//! - [`abbreviation_end`]: a "." that ends an abbreviation ("i.e.", "e.g.", "approx.") or falls inside brackets
//!   ends no sentence, so "a credit of 12.5% (i.e. USD 10.00)" stays one sentence with its stated amount (ADR-1065).

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// The span of a question about a refund's (or its money's) state embedded under a frame of asking or knowing: the
/// frame ("I want to ask", "I'd like to know", "we wish to check", "can you tell me", "please confirm", "kindly
/// advise", "I am wondering"), then "if" / "whether", then within the same clause a subject that is the refund, the
/// money or a pronoun for it, and a predicate of state — a passive or perfect participle of sending or paying ("is
/// already sent", "has been remitted", "was processed", "will be transferred"), an arrival ("has come through",
/// "arrived") or a state ("is pending", "is on the way"). A modal ask ("if you can refund the 32") is no state.
pub fn asked_state(clause: &str) -> Option<regex::Match<'_>> {
    static STATE: OnceLock<Option<Regex>> = OnceLock::new();
    static SUBJECT: OnceLock<Option<Regex>> = OnceLock::new();
    let state = re(
        &STATE,
        concat!(
            // The frame of asking or knowing.
            r"(?i)(?:\b(?:i|we)\s+(?:(?:would|'d|do|just|only|also)\s+)*(?:like|want|wanted|wish|wished|need|needed|am\s+writing|'m\s+writing|write|writing|am\s+asking|'m\s+asking|ask|asked|am\s+wondering|'m\s+wondering|wonder|wondered|was\s+wondering|were\s+wondering)\b",
            r"(?:\s+(?:to|for|you|u|kindly|please|just|only))*(?:\s+(?:ask|know|check|confirm|find\s+out|see|understand|inquire|enquire|clarify|verify|hear)(?:\s+(?:you|u|me|us))?)?",
            r"|\b(?:can|could|would|will)\s+(?:you|u|someone|somebody)\s+(?:please\s+|kindly\s+|pls\s+)?(?:tell|let\s+(?:me|us)\s+know|check|confirm|advise|inform|say|verify|clarify|look)(?:\s+(?:me|us|into\s+it|up))?",
            r"|(?:^|[\s,.;:(-])(?:please|pls|plz|kindly|pl\.?)\s+(?:tell|let\s+(?:me|us)\s+know|check|confirm|advise|inform|verify|clarify|revert|update)(?:\s+(?:me|us|on))?",
            r"|\b(?:just\s+)?(?:want|wanted|wish|need|would\s+like|'d\s+like)\s+to\s+(?:ask|know|check|confirm|find\s+out|see|inquire|enquire|clarify|verify)(?:\s+(?:you|u|me|us))?",
            r"|\b(?:my|our|the|one)\s+question\s+is",
            r"|\bquestion\s*:",
            r")",
            // The embedded question.
            r"\s*,?\s*(?:to\s+(?:me|us)\s+)?(?:if|whether|whither|wether)\b",
            r"(?P<mid>(?:[^.?!\n;]|\.\d){0,70}?)",
            // Its predicate of state.
            r"\b(?:(?:is|are|was|were|has|have|had|will|got|get|did)\s+(?:(?:been|be|already|allready|now|yet|finally|still|actually|really|even|all|fully|successfully)\s+)*",
            r"(?:sent|send|paid|pay|done|processed|process|transferred|transfer|issued|made|credited|refunded|completed|approved|released|returned|remitted|posted|executed|actioned|initiated|authori[sz]ed|dispatched|wired|through|out|gone|come|arrived|arrive|reached|landed|received|on\s+(?:the|its)\s+way|pending|in\s+progress|underway|under\s+way|in\s+process)",
            r"|(?:has|have|had)\s+(?:(?:already|now|yet|finally|even)\s+)*(?:gone|come|went|arrived|reached|landed|cleared|hit)",
            r"|(?:arrived|landed|cleared|reached\s+(?:me|my|us|our))",
            r"|(?:already|allready|yet|now)\s+(?:sent|paid|done|processed|transferred|issued|credited|refunded|completed|approved|released|remitted|executed|actioned|through|out|gone|arrived)",
            r")\b[^.?!\n;,]{0,40}",
        ),
    )?;
    let subject = re(
        &SUBJECT,
        r"(?i)\b(?:refund\w*|money|credit|reimburs\w*|repayment|payment|funds|amount|sum|transfer|it|chargeback)\b|[$€£]|\d",
    )?;
    state
        .captures_iter(clause)
        .find(|c| c.name("mid").is_some_and(|m| subject.is_match(m.as_str())))
        .and_then(|c| c.get(0))
}

/// An asking sentence that names a part of the money: a percentage under a hundred, a fraction word, or "partial"
/// (ADR-1065). Such an ask is never for the order's whole amount.
pub fn names_share(sentence: &str) -> bool {
    static SHARE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &SHARE,
        concat!(
            r"(?i)(?:\b(?:refund|credit|reimburse|back|return\s+(?:me|us)|give\s+(?:me|us)|pay\s+(?:me|us))\s+(?:me\s+|us\s+)?(?:of\s+|for\s+)?(?:only\s+|just\s+)?",
            r"(?:[1-9]?\d(?:[.,]\d+)?\s?(?:%|percent|per\s+cent)|half|a\s+(?:third|quarter|fifth|tenth)|one\s+(?:third|quarter|fifth|tenth)|two\s+thirds|three\s+quarters)\b",
            r"|(?:[1-9]?\d(?:[.,]\d+)?\s?(?:%|percent|per\s+cent)\b|\b(?:half|a\s+(?:third|quarter|fifth|tenth)|one\s+(?:third|quarter|fifth|tenth)|two\s+thirds|three\s+quarters)\b)",
            r"\s+(?:of\s+)?(?:the\s+|my\s+|our\s+|your\s+|it\b|that\b)?\s*(?:back|refund|credit|money|price|amount|invoice|order|total|value|cost|sum|payment)?",
            r"(?:\s+(?:value|amount|total|price))?\s*(?:back|refund\w*|credit\w*|reimburs\w*|returned|(?:as\s+)?(?:a\s+)?(?:refund|credit))\b",
            r"|\b(?:partial|pro\s*-?\s*rata)\s+(?:refund|credit|reimbursement|repayment|amount|payment)\b",
            r"|\b(?:refund|credit|reimbursement)\s+of\s+[1-9]?\d(?:[.,]\d+)?\s?(?:%|percent|per\s+cent))",
        ),
    )
    .is_some_and(|r| r.is_match(sentence))
}

/// Whether the "." at byte `i` of `text` ends an abbreviation ("i.e.", "e.g.", "etc.", "approx.", "incl.", "viz.",
/// "cf.", "vs.", "no.", "ref.") or falls inside an open bracket: no sentence ends there (ADR-1065).
pub fn abbreviation_end(text: &str, i: usize) -> bool {
    let before = &text[..i];
    let open = before.matches('(').count() > before.matches(')').count()
        || before.matches('[').count() > before.matches(']').count();
    if open {
        // A bracket left open for the rest of the line closes nothing: only a bracket closed later on the same
        // line holds the sentence together.
        let rest = &text[i..];
        let line_end = rest.find('\n').unwrap_or(rest.len());
        if rest[..line_end].contains(')') || rest[..line_end].contains(']') {
            return true;
        }
    }
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '.')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    matches!(word.as_str(), "i.e" | "e.g" | "ie" | "eg" | "approx" | "incl" | "viz" | "cf" | "vs" | "esp")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_about_a_refunds_state_under_a_frame_of_asking() {
        for c in [
            "Hello, I want to ask if my refund of 40 euro is already sent?",
            "we would like to know whether the credit of EUR 55.00 has been remitted",
            "Could you tell me if the 12.99 is sent already",
            "Kindly confirm whether the reimbursement (GBP 80.00) has been actioned.",
            "i just wanted to check if the money was transferred yet",
            "Please advise if refund of $18 is processed.",
        ] {
            assert!(asked_state(c).is_some(), "{c}");
        }
        for c in [
            "I want to ask if you can refund the 40 euro",
            "Please refund 40 euro.",
            "I would like to know if a refund is possible for the broken cup",
            "Could you tell me how to return the lamp?",
        ] {
            assert!(asked_state(c).is_none(), "{c}");
        }
    }

    #[test]
    fn a_share_is_named() {
        for s in [
            "a partial credit of 12.5% please",
            "return me half",
            "refund a third of it",
            "pro-rata credit",
            "half the price back",
            "credit of 15% please",
        ] {
            assert!(names_share(s), "{s}");
        }
        for s in [
            "please refund 20.00",
            "I want my money back",
            "refund the whole 60",
            "Refund please, half the cups broke",
            "I paid 20% VAT, refund it",
        ] {
            assert!(!names_share(s), "{s}");
        }
    }

    #[test]
    fn abbreviations_and_brackets_end_no_sentence() {
        let t = "a credit of 12.5% (i.e. USD 10.00) for it. Thanks";
        let i = t.find("i.e.").map(|p| p + 3).unwrap_or(0);
        assert!(abbreviation_end(t, i));
        let t = "Refund it please. Thanks";
        assert!(!abbreviation_end(t, t.find(". ").unwrap_or(0)));
        let t = "approx. 20 dollars";
        assert!(abbreviation_end(t, 6));
    }
}
