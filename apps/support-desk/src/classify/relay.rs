//! A want relayed by the one who writes for the customer (fwd42, issue 16, ADR-1361): "my mum asked me to forward
//! this … She wants back the 30 it costs", "my husband would like a refund of 45.00", "our office manager needs the
//! 12.00 credited back". The customer's words are the customer's whoever tells them: a want of the customer's side
//! told in the third person is read as the customer's own want ("I want back the 30 it costs"), so every reading of
//! the ask (its figure, an approximation, an over-ask, a past window) applies to it as to a want in the first person.
//!
//! The structure: a subject of the customer's side — a family member, a colleague or the one written for ("my mum",
//! "our office manager", "the customer", a bare "Mum"/"Dad"), or a pronoun "she/he/they" in a ticket that names such a
//! person or says it is written for someone ("on behalf of", "asked me to forward") — then a present-tense want
//! ("wants", "needs" — "want", "need" as non-native writers put them —, "would like", "'d like", "is asking for", "asks for", "requests", "would prefer", "expects"). The
//! subject and the verb are put in the first person; the words after them stay. A want in the past ("she asked for a
//! refund") tells an earlier ask and is left as written; so is a want negated ("she doesn't want a refund").

use regex::{Captures, Regex};
use std::sync::OnceLock;

/// The people of the customer's side a relayed want may have as its subject.
const SIDE: &str = r"mum|mom|mother|mam|mummy|dad|daddy|father|wife|husband|partner|son|daughter|kids?|children|gran|granny|grandma|grandmother|grandad|granddad|grandpa|grandfather|nan|nana|aunt|auntie|uncle|sister|brother|friend|neighbou?r|colleague|boss|manager|office\s+manager|client|customer|flatmate|housemate|fianc[ée]e?|girlfriend|boyfriend|parents?|in-laws?|mother-in-law|father-in-law|relative|tenant|landlord";

struct Patterns {
    named: Regex,
    pronoun: Regex,
    relayed: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    const VERB: &str = r"(?P<adv>\s+(?:also|really|just|only|still|now|simply|definitely))?\s+(?P<verb>wants|needs|want|need|would\s+like|['’]d\s+like|would\s+prefer|['’]d\s+prefer|is\s+asking\s+for|['’]s\s+asking\s+for|asks\s+for|requests|is\s+requesting|wishes|expects|is\s+expecting|demands)\b";
    P.get_or_init(|| {
        Some(Patterns {
            // "my mum wants", "our office manager would like", "the customer is asking for", "Mum wants".
            named: Regex::new(&format!(
                r"(?i)\b(?:(?:my|our)\s+(?:\w+\s+)?(?:{SIDE})|the\s+(?:customer|client|buyer|purchaser|account\s+holder)|(?-i:Mum|Mom|Dad|Mam|Gran|Nan|Grandma|Grandpa))(?:\s*\([^()\n]{{0,30}}\))?{VERB}"
            ))
            .ok()?,
            pronoun: Regex::new(&format!(r"(?i)\b(?:she|he|they){VERB}")).ok()?,
            // The ticket names a person of the customer's side, or says it is written for someone.
            relayed: Regex::new(&format!(
                r"(?i)\b(?:my|our)\s+(?:\w+\s+)?(?:{SIDE})\b|\bon\s+behalf\s+of\b|\b(?:asked|wants|told)\s+me\s+to\s+(?:forward|send|pass|write|email|e-mail|contact|ask)\b|\bfor\s+(?:my|our)\s+(?:{SIDE})\b"
            ))
            .ok()?,
        })
    })
    .as_ref()
}

/// The first-person form of a relayed want's verb.
fn first_person(verb: &str) -> &'static str {
    let v = verb.to_lowercase().replace('’', "'");
    let v: Vec<&str> = v.split_whitespace().collect();
    match v.as_slice() {
        ["wants"] | ["want"] => "want",
        ["needs"] | ["need"] => "need",
        ["would", "like"] | ["'d", "like"] => "would like",
        ["would", "prefer"] | ["'d", "prefer"] => "would prefer",
        ["is", "asking", "for"] | ["'s", "asking", "for"] => "am asking for",
        ["asks", "for"] => "ask for",
        ["requests"] => "request",
        ["is", "requesting"] => "am requesting",
        ["wishes"] => "wish",
        ["expects"] => "expect",
        ["is", "expecting"] => "am expecting",
        ["demands"] => "demand",
        _ => "want",
    }
}

/// The text with each relayed want of the customer's side put in the first person ("She wants back the 30" → "I want
/// back the 30"); any other text unchanged.
pub fn as_own(text: &str) -> String {
    let Some(p) = patterns() else {
        return text.to_string();
    };
    let rewrite = |c: &Captures| {
        let adv = c.name("adv").map_or("", |m| m.as_str());
        format!("I{adv} {}", first_person(c.name("verb").map_or("", |m| m.as_str())))
    };
    let out = p.named.replace_all(text, rewrite).into_owned();
    if p.relayed.is_match(text) { p.pronoun.replace_all(&out, rewrite).into_owned() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relayed_want_is_put_in_the_first_person() {
        assert_eq!(
            as_own("My mum asked me to forward this. She wants back the 30 it costs."),
            "My mum asked me to forward this. I want back the 30 it costs."
        );
        assert_eq!(as_own("my husband would like a refund of 45.00"), "I would like a refund of 45.00");
        assert_eq!(as_own("Our office manager really needs the 12.00 back"), "I really need the 12.00 back");
        // A department's or a firm's need is no person's want relayed (blind4: "Our accounts team needs the full
        // invoice value for the expense report" asks for a document).
        assert_eq!(
            as_own("Our accounts team needs the full invoice value."),
            "Our accounts team needs the full invoice value."
        );
        // No person of the customer's side named: a pronoun is left alone.
        assert_eq!(
            as_own("The driver came twice. He wants a signature."),
            "The driver came twice. He wants a signature."
        );
        // A past ask and a negated want are left as written.
        assert_eq!(as_own("My wife asked for a refund."), "My wife asked for a refund.");
        assert_eq!(as_own("My wife doesn't want a refund."), "My wife doesn't want a refund.");
    }
}
