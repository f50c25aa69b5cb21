//! Where a forwarded message ends (fwd42, issue 16, ADR-1360): a forward or an earlier message that a mail client or
//! the sender closes with a rule ("-----", "________", "--- End of forwarded message ---") and that the sender writes
//! under (bottom-posting: "FYI see below" on top, the forwarded shop notice, a rule, then "So I'd like my 55.00 back
//! for the pan") holds the sender's words again after the rule. Those words are the sender's newest words: they ask,
//! they threaten, they name a hazard, whatever the message above the rule said or whoever wrote it.
//!
//! The structure, not words: an opener (a forward's or an original message's separator, a short "----- Forwarded
//! -----", a "From:" header run), a body of at least one line, a closing rule, and after it a paragraph of the
//! sender's (unquoted, no header, no further separator, more than three words). A rule followed by another header run
//! is a deeper message of the thread, not the end of one; a rule with nothing of some length after it closes nothing
//! (a signature, a name).

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// A short forward or reply separator the long forms do not cover: "----- Forwarded -----", "-- Original --".
    short_opener: Regex,
    /// A line that closes a forwarded message: a rule of three or more marks, or an "end of forwarded message".
    closer: Regex,
    /// A mail header key at the start of a line (English forms; the other languages' forms open a run too).
    header: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            short_opener: Regex::new(
                r"(?i)^\s*[-_=*]{2,}\s*(?:forwarded|fwd|fw|original|forward)(?:\s+(?:e-?mail|mail|note))?\s*[-_=*]{2,}\s*$",
            )
            .ok()?,
            closer: Regex::new(
                r"(?i)^\s*(?:[-_=*~]{3,}|[-_=*]{2,}\s*end\s+(?:of\s+)?(?:the\s+)?(?:forwarded|original)\s+(?:message|e-?mail|mail)\s*[-_=*]{2,}|end\s+(?:of\s+)?(?:the\s+)?forwarded\s+(?:message|e-?mail|mail)\.?)\s*$",
            )
            .ok()?,
            header: Regex::new(
                r"(?i)^\s*\*?(?:from|sent|date|to|cc|bcc|subject|reply-to|von|gesendet|betreff|de|objet|para|asunto|van|aan|onderwerp)\*?\s*:",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// Whether a line is a short forward separator ("----- Forwarded -----").
pub fn short_opener(line: &str) -> bool {
    patterns().is_some_and(|p| p.short_opener.is_match(line))
}

/// Whether a line closes a forwarded message (a rule, "--- End of forwarded message ---").
pub fn closer(line: &str) -> bool {
    patterns().is_some_and(|p| p.closer.is_match(line))
}

/// Whether the line opens a header run or a further separator, or is quoted: a message of the thread, not the
/// sender's words.
fn message_line(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('>')
        || short_opener(t)
        || patterns().is_some_and(|p| p.header.is_match(t))
        || t.to_lowercase().contains("original message")
        || t.to_lowercase().contains("forwarded message")
}

/// Whether the paragraph after a closing rule (`under`: the lines below it) is the sender's words: no message of
/// the thread (quoted, a header, a separator) and more than three words.
pub fn words_under(under: &[&str]) -> bool {
    let rest: Vec<&str> = under.iter().copied().skip_while(|l| l.trim().is_empty()).collect();
    let Some(first) = rest.first() else {
        return false;
    };
    let words: usize = rest.iter().take_while(|l| !l.trim().is_empty()).map(|l| l.split_whitespace().count()).sum();
    !message_line(first) && words > 3
}

/// With `after` the lines under a forward's opener (its separator or its "From:" line), the index in `after` where
/// the sender's own words resume under the forward's closing rule, if the forward is closed and written under.
pub fn resumes_after(after: &[&str]) -> Option<usize> {
    let mut body = false;
    for (k, line) in after.iter().enumerate() {
        let t = line.trim();
        if body && closer(t) {
            return words_under(&after[k + 1..]).then_some(k + 1);
        }
        if !t.is_empty() && !message_line(t) {
            body = true;
        }
    }
    None
}

/// Verbs of carrying a matter out that a forwarder puts to the desk ("can you sort this", "please process", "for
/// action"): the forwarded message is what is to be done.
/// blind134 (`g-013`, `g-023`, `g-044`): "Can you credit it?", "Can you do this one love", "can you help?" over a
/// forward carry it out as well.
const CARRY_OUT: &[&str] = &[
    "process",
    "action",
    "sort",
    "handle",
    "deal",
    "approve",
    "authorise",
    "authorize",
    "proceed",
    "actioned",
    "help",
    "do",
    "credit",
    "refund",
    "reimburse",
];
/// Words before the verb of a directive: politeness, a modal question, the forwarder's framing.
const DIRECTIVE_OPENERS: &[&str] =
    &["please", "pls", "plz", "kindly", "can", "could", "would", "will", "you", "u", "just", "then", "so", "and"];
/// What a directive's object may be when it points at the forwarded message: a pronoun, "the below", "as below",
/// "the following" — then a particle, politeness or an adverb of time, or a beneficiary ("for us", "for my neighbour").
const POINTING: &[&str] = &["this", "it", "these", "that", "below", "the", "as", "following", "out", "with", "one"];
const CLOSING: &[&str] = &[
    "please",
    "pls",
    "plz",
    "asap",
    "thanks",
    "thank",
    "thx",
    "ta",
    "cheers",
    "urgently",
    "today",
    "now",
    "accordingly",
    // Endearments and kisses that close a note to family ("Can you do this one love, I'm at work. x").
    "love",
    "luv",
    "hun",
    "mate",
    "x",
    "xx",
];

/// ask44 (ADR-1491): whether the sender's newest words (`top`, above a forwarded message) put a directive to the desk
/// whose object is the forward itself — a sub-clause (after a comma, a dash, a colon or a sentence end) that opens with
/// a verb of carrying out, after politeness or a modal question only, its object absent or pointing ("can you sort
/// this please", "– can you process this for us", "Fwd below, please process", "Please process as below"), or a
/// forward sent for processing ("Forwarding for action - see below"). A directive with an object of its own ("please
/// process my new address") or under a negation is none.
pub fn directive_over(top: &str) -> bool {
    let lower = top.to_lowercase().replace('’', "'");
    lower.split([',', ';', ':', '.', '!', '?', '\n', '–', '—', '(', ')', '-']).any(|part| {
        let t: Vec<&str> = part.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).collect();
        // A forward sent for action: "forwarding for action", "sent for processing".
        let purpose = t.windows(2).any(|w| w[0] == "for" && matches!(w[1], "action" | "actioning" | "processing"))
            && t.first().is_some_and(|w| {
                w.starts_with("forward") || matches!(*w, "fwd" | "fw" | "sending" | "sent" | "passing")
            });
        if purpose {
            return true;
        }
        let Some(at) = t.iter().position(|w| CARRY_OUT.contains(w)) else { return false };
        // "deal" only as "deal with".
        if t[at] == "deal" && t.get(at + 1) != Some(&"with") {
            return false;
        }
        // Only openers before it ("fwd below" as the forwarder's framing too).
        let opened = t[..at].iter().all(|w| DIRECTIVE_OPENERS.contains(w));
        let after = &t[at + 1..];
        let after = if t[at] == "deal" { &after[1..] } else { after };
        // The object points (or is absent); what follows is a beneficiary, politeness or nothing.
        let rest: Vec<&&str> = after.iter().skip_while(|w| POINTING.contains(w)).collect();
        let closed = match rest.first() {
            None => true,
            Some(w) if **w == "for" => true,
            Some(_) => rest.iter().all(|w| CLOSING.contains(w)),
        };
        opened && closed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_forward_gives_the_words_under_it_back() {
        let t = "From: Support Bot <noreply@shop>\nSubject: Policy update\nWe changed things.\n-----\n\nSo I'd like my 55.00 back.";
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(resumes_after(&lines), Some(4));
        // A rule then a deeper message: no resumption.
        let t = "From: A\nSent: Mon\nhello\n________________\nFrom: B\nSent: Sun\nolder words here";
        assert_eq!(resumes_after(&t.lines().collect::<Vec<_>>()), None);
        // A rule then a name: nothing resumes.
        let t = "From: A\nSent: Mon\nhello there\n-----\nThanks, Jo";
        assert_eq!(resumes_after(&t.lines().collect::<Vec<_>>()), None);
        // No rule at all: the forward runs to the end.
        let t = "From: A\nSent: Mon\nhello there\n\nmore of the forwarded message here";
        assert_eq!(resumes_after(&t.lines().collect::<Vec<_>>()), None);
        assert!(short_opener("----- Forwarded -----"));
        assert!(closer("--- End of forwarded message ---"));
        assert!(!closer("--"));
    }

    #[test]
    fn a_forwarders_directive_points_at_the_forward() {
        for top in [
            "Can you sort this please, she's at work. - Dave",
            "Hi, forwarding from our stores guy – can you process this for us. Ta, Claire (Purchasing)",
            "Forwarding for action - see below.",
            "Fwd below, please process.",
            "Please process the below. NOTE: whatever",
            "pls action",
            "Mum's asking about this - can you help?",
            "Can you do this one love, I'm at work. x",
            "FYI Sam - customer's email below, invoice attached. Can you credit it?",
        ] {
            assert!(directive_over(top), "{top}");
        }
        for top in [
            "Please process my new address too",
            "FYI, no action needed",
            "see below",
            "can you look at the below",
            "please process this order faster next time",
            "can you help me with my new address",
            "can you do a better job next time",
        ] {
            assert!(!directive_over(top), "{top}");
        }
    }
}
