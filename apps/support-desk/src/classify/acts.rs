//! Request acts the intent step's verb frames did not cover (ADR-1118), read by structure:
//!
//! - **An obligation on money**: money (a figure, a fee, a charge, the cost, the difference) as the subject of a modal
//!   of obligation and a return predicate — "the 4.99 express fee should come back to me", "that charge ought to be
//!   returned", "the shipping must be paid back" (b35 `g-012`). Not a question (a question about what should happen
//!   asks the policy), not negated, and not a refund on record as subject ("the refund should arrive by Friday" is
//!   its state).
//! - **A suggestion whose content is the shop's transfer**: a verb of proposing or asking with the shop as the
//!   subject of the transfer — "I propose you return me the half of the price", "I suggest that you refund the
//!   shipping", "I ask you to give back 20" (b33 `g-062`). The figure (or the share with no figure) is read as for any
//!   request.
//! - **A duplicate named as a noun**: "reverse the dup", "refund the duplicate", "take the double one back" (b32
//!   `g-028`): the extra charge is the object of a reversing verb, so the ticket reports a duplicate charge and asks
//!   it back (the policy: a duplicate charge reported is a request to take the extra charge back).

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    share_transfer: Regex,
    remainder: Regex,
    obligation: Regex,
    suggestion: Regex,
    duplicate_noun: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            // A transfer verb whose object is a share of the money with no figure: "please return me half", "give
            // me back a third of it", "refund us part of the price".
            share_transfer: Regex::new(concat!(
                r"(?i)(?:^\s*|[.,;:!]\s*|\b(?:please|pls|plz|kindly|just|so|then|and)\s+|\b(?:you|u)\s+(?:(?:can|could|should|must|will|would)\s+)?)(?:return|give|send|refund|pay|reimburse|credit|transfer)\s+(?:me|us|to\s+me|to\s+us)?\s*(?:back\s+)?",
                r"(?:the\s+|a\s+|at\s+least\s+)?(?:half|third|quarter|part|portion|some|fraction)\b",
            ))
            .ok()?,
            // A transfer verb whose object is what is left of the money: "send the other 20 please", "refund the
            // rest", "pay me the remaining 15.50", "the balance back please".
            remainder: Regex::new(concat!(
                r"(?i)(?:^\s*|[.,;:!]\s*|\b(?:please|pls|plz|kindly|just|so|then|and|now)\s+|\b(?:you|u)\s+(?:(?:can|could|should|must|will|would)\s+)?)",
                r"(?:return|give|send|refund|pay|reimburse|credit|transfer)\s+(?:me\s+|us\s+)?(?:back\s+)?the\s+",
                r"(?:other|remaining|rest|outstanding|missing|balance|difference)\b(?:\s+of\s+(?:it|the\s+money|the\s+amount))?",
                r"(?:\s+(?:[$€£]\s?)?(?P<n>\d+(?:[.,]\d{1,2})?))?",
            ))
            .ok()?,
            obligation: Regex::new(concat!(
                r"(?i)(?:[$€£]\s?\d|\d(?:[.,]\d{1,2})?\s?(?:[$€£]|eur|usd|gbp|euro|dollars?|pounds?|quid|zł|pln|chf|inr|rs)?|\b(?:fee|fees|charge|charges|cost|costs|shipping|postage|delivery|difference|money|amount|surcharge|price)\b)",
                r"[^.?!\n]{0,40}?\b(?:should|must|ought\s+to|needs?\s+to|has\s+to)\s+(?:really\s+|surely\s+|definitely\s+|then\s+)?",
                r"(?:come\s+back|go\s+back|be\s+(?:refunded|returned|reimbursed|credited|given\s+back|paid\s+back|sent\s+back|put\s+back|taken\s+off|waived))\b",
            ))
            .ok()?,
            suggestion: Regex::new(concat!(
                r"(?i)\b(?:propose|suggest|request|ask|demand|expect|would\s+like|want|prefer)\s+(?:that\s+)?(?:you|u|your\s+(?:team|shop|company))\s+",
                r"(?:to\s+)?(?:please\s+|kindly\s+|just\s+)?(?:return|refund|give|send|pay|reimburse|credit|transfer|make)\b",
            ))
            .ok()?,
            duplicate_noun: Regex::new(
                r"(?i)\b(?:reverse|refund|cancel|void|undo|remove|drop|take\s+back|return|give\s+back|credit\s+back)\s+(?:me\s+)?(?:(?:the|that|this|one|my|your)\s+(?:dup|dupe|duplicate|double(?:d)?|doubled\s+one|second\s+one|repeat(?:ed)?)\b(?:\s+(?:charge|payment|transaction|debit|one))?|(?:dup|dupe|duplicate[d]?|double[d]?|repeat(?:ed)?)\s+(?:charge|payment|transaction|debit)s?\b)",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// Whether a clause puts an obligation on money to come back (not a question, not negated, not a refund's state).
pub fn obligation_ask(clause: &str) -> bool {
    let Some(p) = patterns() else { return false };
    let lower = clause.to_lowercase();
    !lower.contains('?')
        && !lower.contains("refund should")
        && !lower.contains("refund must")
        && p.obligation.find_iter(clause).any(|m| {
            let head = &lower[..m.start()];
            !head.split_whitespace().rev().take(3).any(|w| matches!(w, "not" | "never" | "no" | "don't" | "dont"))
                && !lower[m.start()..m.end()].contains(" not ")
        })
}

/// Money asked back in other words than a refund's (outside attack 60, `comeback`/`indirect`): "Could the $49.99
/// come back to my card?", "Could $10.00 make its way back to my account?", "I'd like to send the lamp back for my
/// money", "Money for the dress back to my card please", "Just want what I paid back", "that should be undone".
pub fn money_return_asked(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:could|can|would|will|may|might)\s+(?:the\s+|my\s+|our\s+)?(?:(?:[$€£]\s?)?\d[\d.,]*(?:\s?(?:usd|eur|gbp|dollars?|euros?|pounds?))?|money|cash|payment|amount|it)\s+(?:please\s+)?(?:come|make\s+its\s+way|find\s+its\s+way|go|be\s+(?:sent|put|paid|given))\s+back\b",
            r"|\b(?:return|send|bring|take|post)\s+(?:the\s+|my\s+|this\s+|these\s+|it\s+|them\s+)?(?:[\w-]+\s+){0,3}?(?:back\s+)?for\s+(?:my|a|the|our|full)\s+(?:money|refund|cash)\b",
            r"|(?:^|[.!;,]\s*|\b(?:please|pls|just)\s+)(?:my\s+|the\s+)?(?:money|cash)\s+for\s+(?:the|my|this|that|these|those)\s+[\w-]+(?:\s+[\w-]+)?\s+back\b",
            r"|\b(?:want|need|like|expect)\s+what\s+(?:i|we)\s+paid(?:\s+for\s+[\w\s-]{1,30}?)?,?\s+back\b",
            r"|\ball\s+(?:i|we)\s+(?:want|need|ask)\s+is\s+what\s+(?:i|we)\s+paid\b[^.?!\n]{0,40}?\bback\b",
            r"|\b(?:that|it|this|the\s+(?:charge|payment|transaction|debit))\s+(?:should|must|needs?\s+to|has\s+to)\s+be\s+(?:undone|reversed|cancell?ed|voided|refunded)\b",
            r"|\b(?:return|give\s+back|send\s+back|pay\s+back|release|refund)\s+(?:me\s+)?(?:my|the|our)\s+(?:booking\s+|security\s+|holding\s+)?(?:deposit|down\s*payment)\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// The one figure the text's obligation clauses name ("the 4.99 express fee should come back to me" → 4.99): the
/// figure that act asks. None when no clause is an obligation or they name no figure or several.
pub fn obligation_figure(own: &str, figures: impl Fn(&str) -> Vec<i64>) -> Option<i64> {
    let found: Vec<i64> = super::desk25::sentences(own).filter(|s| obligation_ask(s)).flat_map(figures).collect();
    super::figures::one_distinct(found)
}

/// Whether a clause asks a share of the money with no figure by a transfer verb ("Please return me half", b29
/// `g-006`): an ask whose amount cannot be settled (the share reading makes it U1), never a close. Not a question.
pub fn share_transfer(clause: &str) -> bool {
    patterns().is_some_and(|p| p.share_transfer.is_match(clause) && !clause.contains('?'))
}

/// Whether a clause asks what is left of the money by a transfer verb ("send the other 20 please", b29 `g-021`). Not
/// a question.
pub fn remainder_ask(clause: &str) -> bool {
    patterns().is_some_and(|p| p.remainder.is_match(clause) && !clause.contains('?'))
}

/// The figure a remainder ask names ("the other 20" → 20.00), read from its own digits: `Some(None)` when a
/// remainder is asked with no figure (it cannot be settled from the words: never the order's amount), `None` when
/// no remainder is asked.
pub fn remainder_figure(own: &str) -> Option<Option<i64>> {
    let p = patterns()?;
    let mut found: Vec<Option<i64>> = super::desk25::sentences(own)
        .filter(|s| !s.contains('?'))
        .flat_map(|s| p.remainder.captures_iter(s).map(|c| c.name("n").and_then(|n| super::to_cents(n.as_str()))))
        .collect();
    found.dedup();
    match found.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => Some(None),
    }
}

/// Whether a clause proposes or asks that the shop make the transfer.
pub fn suggested_transfer(clause: &str) -> bool {
    patterns().is_some_and(|p| p.suggestion.is_match(clause) && !clause.contains('?'))
}

/// Whether the text asks a duplicate back by naming it as a noun ("reverse the dup").
pub fn duplicate_named(text: &str) -> bool {
    patterns().is_some_and(|p| p.duplicate_noun.is_match(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn obligations_on_money_ask() {
        for t in [
            "I just think the 4.99 express fee should come back to me",
            "that delivery charge ought to be refunded",
            "the 12,50 € must be returned",
            "so the difference should be paid back",
        ] {
            assert!(obligation_ask(t), "{t}");
        }
        for t in [
            "the refund should arrive by Friday",
            "should the fee come back to me?",
            "the fee should not be refunded, it was my fault",
            "it should come back in stock soon",
            "the parcel should come back to you by Monday",
        ] {
            assert!(!obligation_ask(t), "{t}");
        }
    }

    #[test]
    fn suggestions_of_the_shops_transfer_ask() {
        assert!(suggested_transfer("I propose you return me the half of the price and I keep it"));
        assert!(suggested_transfer("I suggest that you refund the shipping"));
        assert!(!suggested_transfer("I suggest you check the packaging"));
        assert!(!suggested_transfer("do you suggest I return it?"));
    }

    #[test]
    fn a_share_asked_by_a_transfer_verb_asks() {
        assert!(share_transfer("Please return me half, the other half is okay for me."));
        assert!(share_transfer("give us back part of the price"));
        assert!(!share_transfer("I will return half of the set"));
        assert!(!share_transfer("can you send me half?"));
    }

    #[test]
    fn a_remainder_asked_is_read_with_its_own_figure() {
        assert!(remainder_ask("You only gave me 30 of the 50, send the other 20 please."));
        assert_eq!(remainder_figure("You only gave me 30 of the 50, send the other 20 please."), Some(Some(2000)));
        assert_eq!(remainder_figure("please refund the rest"), Some(None));
        assert_eq!(remainder_figure("the rest of the order is fine"), None);
    }

    #[test]
    fn a_duplicate_named_as_a_noun_is_asked_back() {
        assert!(duplicate_named("pls see below, can you reverse the dup"));
        // blind135 `g-074`: a field's value with no determiner.
        assert!(duplicate_named("- Requested action: reverse duplicate transaction"));
        assert!(!duplicate_named("I will return duplicate items I ordered by mistake"));
        assert!(duplicate_named("please refund the duplicate payment"));
        assert!(!duplicate_named("the duplicate key you sent works fine"));
    }
}
