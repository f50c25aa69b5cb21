//! A repeat word that counts the customer's asking (haz42, issue 16, ADR-1394): "I asked for a refund of 119.00 twice",
//! "asked for 45.00 back twice now", "Refund of 45.00 requested twice via the portal", "I ask the refund of 45.00 two
//! times already". The repeat word modifies the verb of asking or writing, not the money: the customer asked more than
//! once, was not charged more than once, and asks the figure once. Read by the nearest verb before the repeat word in
//! its sentence: a verb of asking or writing makes the repeat the asking's; a verb of charging ("why the 45.00 was
//! taken from my card twice") keeps it a second charge; no verb at all ("refund me twice") keeps it a multiple, and so
//! does a repeat word with the money after it or "me" before it ("I asked you to refund me twice what I paid").
//!
//! The repeat word is blanked (offsets kept), so neither the duplicate-charge reading nor the multiple ("twice back")
//! reads it.

use regex::Regex;
use std::sync::OnceLock;

/// Verbs of asking, writing or contacting (any form): the acts a customer repeats.
const ASKING: &str = r"^(?:ask|asks|asked|asking|request|requests|requested|requesting|claim|claims|claimed|claiming|write|writes|wrote|written|writing|email|emails|emailed|emailing|e-mailed|message|messaged|call|called|calling|phone|phoned|rang|ring|chase|chased|chasing|contact|contacted|raise|raised|submit|submitted|file|filed|apply|applied|demand|demanded|remind|reminded|tell|told|mention|mentioned)$";

/// Verbs of charging or paying: a repeat after them is a repeated charge.
const CHARGING: &str = r"^(?:charged|charge|charges|charging|billed|bill|debited|debit|took|taken|take|takes|deducted|withdrawn|withdrew|collected|paid|pay|processed|went|gone|came|come|appears|appeared|shows|showed|shown|listed|is|was|are|were)$";

fn patterns() -> Option<&'static (Regex, Regex, Regex)> {
    static P: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    P.get_or_init(|| {
        Some((
            Regex::new(r"(?i)\b(?:twice|two\s+times|2\s*times|a\s+second\s+time)\b").ok()?,
            Regex::new(&format!("(?i){ASKING}")).ok()?,
            Regex::new(&format!("(?i){CHARGING}")).ok()?,
        ))
    })
    .as_ref()
}

/// The text with each repeat word that counts an act of asking blanked (offsets kept).
pub fn asks_repeated_blanked(text: &str) -> String {
    let Some((repeat, asking, charging)) = patterns() else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for m in repeat.find_iter(text) {
        // The sentence's start: the last end before the repeat word ("45.00" is no end).
        let sentence_start = text[..m.start()]
            .char_indices()
            .rev()
            .find(|&(i, c)| {
                matches!(c, '!' | '?' | '\n' | ';')
                    || (c == '.' && !text[i + 1..].starts_with(|d: char| d.is_ascii_digit()))
            })
            .map_or(0, |(i, _)| i + 1);
        let verb = text[sentence_start..m.start()]
            .split_whitespace()
            .rev()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
            .find(|w| asking.is_match(w) || charging.is_match(w));
        // "refund me twice", "twice what I paid", "twice the price": the repeat word is the money's multiple.
        let prev = text[..m.start()].split_whitespace().next_back().unwrap_or("").to_lowercase();
        let next = text[m.end()..].split_whitespace().next().unwrap_or("").to_lowercase();
        let next = next.trim_matches(|c: char| !c.is_alphanumeric());
        let multiple = matches!(prev.as_str(), "me" | "us")
            || matches!(
                next,
                "what" | "the" | "my" | "our" | "as" | "that" | "of" | "its" | "amount" | "price" | "cost" | "total"
            );
        if !multiple && verb.is_some_and(|w| asking.is_match(w)) {
            out.replace_range(m.start()..m.end(), &" ".repeat(m.end() - m.start()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeat_of_asking_is_blanked_and_a_repeat_charge_kept() {
        for (t, blanked) in [
            ("I asked for a refund of 119.00 twice.", true),
            ("asked for 45.00 back twice now. refund it", true),
            ("Refund of 45.00 requested twice via the portal", true),
            ("I ask the refund of 45.00 two times already", true),
            ("I was charged 45.00 twice", false),
            ("I have asked why the 45.00 was taken from my card twice", false),
            ("refund me twice what I paid", false),
            ("I asked you to refund me twice what I paid", false),
            ("I asked for twice the price back", false),
            ("45.00 twice on my statement", false),
        ] {
            assert_eq!(asks_repeated_blanked(t) != t, blanked, "{t}");
        }
    }
}
