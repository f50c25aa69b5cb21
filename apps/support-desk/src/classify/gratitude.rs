//! Gratitude said about a refund (outside attacks 63 and 65, ADR-1626): the same words thank for a refund made or ask
//! politely for one still to come, and only the sentence around them tells which. One reader writes both in the forms
//! the grammar already knows:
//!
//! - **asked** — a modal ("I'd be grateful for", "Would appreciate you refunding"), "in advance" / "in anticipation"
//!   anywhere in the sentence, or a word that puts the refund ahead ("asap", "once you've checked", "when you can",
//!   "please"): written "please, we request …";
//! - **made** — none of those, with the refund as a thing had ("Appreciate the refund, all received", "Appreciate you
//!   sorting my refund so fast, it arrived this morning", "Much obliged for the refund"): written "thanks for the
//!   refund …", which the grammar reads as an acknowledgement (C1; on an order with an executed refund, still C1).
//!
//! A refund said to be showing, in the account or back on the card ("the refund is showing in my bank now") is a
//! refund that arrived, and written so.

use regex::{Captures, Regex};
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// The gratitude frame and what it is for: a refund as a thing, or the act of refunding.
const FRAME: &str = r"(?i)(?P<modal>\b(?:(?:i|we)(?:'d|’d|\s+would)|would)\s+)?\b(?:(?:really|greatly|truly|also|so|very|most)\s+)?(?:be\s+(?:(?:very|really|most|so|extremely|ever\s+so)\s+)?)?(?P<word>many\s+thanks|thanks|thank\s+you|cheers|thx|ta|appreciated?|appreciate\s+it|grateful|thankful|much\s+obliged|obliged)(?:\s+(?:so|very)\s+much)?(?P<ahead>\s+in\s+advance|\s+ahead\s+of\s+time|\s+beforehand|\s+in\s+anticipation)?,?\s+(?:(?:for|4|of|if)\s+)?(?:it\s+if\s+)?(?:you\s+(?:could\s+|can\s+|would\s+)?)?(?P<what>(?:processing|issuing|sorting(?:\s+out)?|arranging|approving|actioning|sending|doing)\s+(?:my|the|a|our|this)\s+(?:\w+\s+)?refund|(?:the|a|my|your|our|this|that)\s+(?:[^.!?\n\s]+\s+){0,2}?(?:refund|credit|reimbursement)|(?:refunding|crediting|reimbursing)(?:\s+(?:me|us)\b)?)\b";

/// Words that put the refund ahead of now.
const AHEAD: &str = r"(?i)\b(?:in\s+advance|ahead\s+of\s+time|beforehand|in\s+anticipation|asap|a\.s\.a\.p|once|when\s+(?:you|u)|as\s+soon\s+as|soon|if\s+(?:you|u)|please|pls|plz|kindly|could\s+you|can\s+you|will\s+you|would\s+you)\b";

/// Words that tell the refund as had.
const HAD: &str = r"(?i)\b(?:received|arrived|landed|came\s+through|gone\s+through|went\s+through|showing|showed|shows|in\s+my\s+(?:bank|account)|on\s+(?:my|the)\s+card|reached|so\s+(?:fast|quickly|promptly|swiftly)|quick|fast|speedy|prompt|already|got\s+it|back\s+(?:on|in)|all\s+sorted|sorted\s+now|money'?s\s+back|money\s+is\s+back|(?:got|have|had)\s+(?:my|the|our)\s+money(?:\s+back)?)\b";

/// The sentence around a span: from the last stop before it to the next stop after it (a point inside a figure is no
/// stop).
fn sentence(text: &str, start: usize, end: usize) -> (usize, usize) {
    let is_stop = |i: usize, ch: char| {
        matches!(ch, '!' | '?' | '\n') || (ch == '.' && !text[i + 1..].starts_with(|c: char| c.is_ascii_digit()))
    };
    let from = text[..start].char_indices().rev().find(|&(i, ch)| is_stop(i, ch)).map_or(0, |(i, _)| i + 1);
    let to = text[end..].char_indices().find(|&(i, ch)| is_stop(end + i, ch)).map_or(text.len(), |(i, _)| end + i);
    (from, to)
}

/// The text with gratitude about a refund written as a request or as thanks for one made (see the module's list).
pub fn plain(text: &str) -> String {
    static FRAME_RE: OnceLock<Option<Regex>> = OnceLock::new();
    static AHEAD_RE: OnceLock<Option<Regex>> = OnceLock::new();
    static HAD_RE: OnceLock<Option<Regex>> = OnceLock::new();
    static PROCESSING: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(frame), Some(ahead), Some(had), Some(processing)) = (
        re(&FRAME_RE, FRAME),
        re(&AHEAD_RE, AHEAD),
        re(&HAD_RE, HAD),
        re(
            &PROCESSING,
            r"(?i)^(?:processing|issuing|sorting(?:\s+out)?|arranging|approving|actioning|sending|doing)\s+",
        ),
    ) else {
        return text.to_string();
    };
    let out = frame.replace_all(text, |c: &Captures| {
        let m = c.get(0).map_or(0..0, |m| m.range());
        let (from, to) = sentence(text, m.start, m.end);
        let around = &text[from..to];
        let what = processing.replace(&c["what"], "").into_owned();
        let asked = c.name("modal").is_some() || c.name("ahead").is_some() || ahead.is_match(around);
        if asked {
            return format!("please, we request {what}");
        }
        // Thanks with no refund had in its sentence and the act of refunding its object ("Appreciate you refunding
        // the coat") is left to the grammar's own reading.
        let had_here = had.is_match(around);
        let thing = !what.to_lowercase().starts_with("refunding")
            && !what.to_lowercase().starts_with("crediting")
            && !what.to_lowercase().starts_with("reimbursing");
        let thanks = c["word"].to_lowercase().starts_with("thank");
        if had_here || (thing && !thanks) {
            return "thanks for the refund".to_string();
        }
        // Appreciation of the act with nothing had ("Really appreciate you refunding me", outside attack 66 `FB`) is
        // the polite ask; "thanks for refunding me" thanks for an act done, left to the grammar.
        if !thing && !thanks {
            return format!("please, we request {what}");
        }
        c[0].to_string()
    });
    static SHOWING: OnceLock<Option<Regex>> = OnceLock::new();
    match re(
        &SHOWING,
        r"(?i)\b(?P<np>(?:the|my|your)\s+(?:\w+\s+)?(?:refund|reimbursement|money))\s+(?:is|'s|’s|has)\s+(?:now\s+|already\s+|finally\s+)?(?:showing(?:\s+up)?|visible|shown\s+up|back\s+(?:on|in)|in\s+my\s+(?:bank|account))",
    ) {
        Some(showing) => showing.replace_all(&out, "${np} arrived in my account").into_owned(),
        None => out.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn gratitude_for_a_refund_to_come_asks_it() {
        for (said, written) in [
            (
                "Appreciate in advance you refunding me $275.00 for the broken vase.",
                "please, we request refunding me $275.00 for the broken vase.",
            ),
            (
                "Thanks for refunding me in advance, the printer is dead.",
                "please, we request refunding me in advance, the printer is dead.",
            ),
            ("Would appreciate you refunding the coat, thanks!", "please, we request refunding the coat, thanks!"),
            ("I'd be grateful for you refunding me $77.25.", "please, we request refunding me $77.25."),
            (
                "Appreciate you refunding this one asap, the strap snapped.",
                "please, we request refunding this one asap, the strap snapped.",
            ),
            (
                "Many thanks for refunding me once you've checked it.",
                "please, we request refunding me once you've checked it.",
            ),
            ("Thanks in advance for the refund of $64.99", "please, we request the refund of $64.99"),
            ("Thank you in advance for processing my refund.", "please, we request my refund."),
            ("Grateful in advance for a refund on the torn jacket.", "please, we request a refund on the torn jacket."),
            ("Really appreciate you refunding me for the lamp.", "please, we request refunding me for the lamp."),
        ] {
            assert_eq!(plain(said), written, "{said}");
        }
    }

    #[test]
    fn gratitude_for_a_refund_had_thanks_for_it() {
        for (said, written) in [
            ("Appreciate the refund, all received.", "thanks for the refund, all received."),
            ("Appreciate the refund of $89.50, it's landed.", "thanks for the refund of $89.50, it's landed."),
            (
                "I appreciate the refund, money's back on the card.",
                "I thanks for the refund, money's back on the card.",
            ),
            (
                "Appreciate you sorting my refund so fast, it arrived this morning.",
                "thanks for the refund so fast, it arrived this morning.",
            ),
            (
                "Got it, the refund is showing in my bank now. Much obliged.",
                "Got it, the refund arrived in my account in my bank now. Much obliged.",
            ),
            ("Thanks for the refund!", "Thanks for the refund!"),
            ("thanks for refunding me so quickly", "thanks for the refund so quickly"),
        ] {
            assert_eq!(plain(said), written, "{said}");
        }
    }
}
