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
}
