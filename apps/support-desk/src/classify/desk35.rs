//! desk35's kinds (issue 16, ADR-1150…ADR-1154): what the customer is doing, read by structure, each tested on
//! constructions written for it (`tests/desk35_table.txt`, never an eval set's sentences):
//!
//! - [`remedy_questions_only`]: a complaint whose only questions ask what the shop will do ("What can you do for me?",
//!   "what now?", "how will you fix this?") asks nothing the desk can settle: the question does not make it an
//!   inquiry, and with no order and no problem named it is vague (U1, ADR-1151).
//! - [`dissatisfied`]: dissatisfaction said as expectations unmet ("is not like I expect", "not what I had in mind",
//!   "did not meet my expectations", "not content with"): a complaint (ADR-1151).
//! - [`without_footwear_blisters`]: blisters from shoes that rub are how they fit, not an injury by the goods (ADR-1154).
//! - [`learner_receipts`]: money back told as received in a learner's tense ("I receive the money back today", "money
//!   is arrived", "the 49,90 is come back on my card") is the receipt an acknowledgement reads (ADR-1153).

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// Whether every question of the text (a sentence with "?") asks only what the shop will do about it — an open
/// remedy question with nothing after its verb but "about it", "for me", "here", "now" — and the text has at least
/// one such question or none at all. "What do you suggest for cleaning the pan?" names a topic: an inquiry.
pub fn remedy_questions_only(text: &str) -> bool {
    static REMEDY: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(remedy) = re(
        &REMEDY,
        concat!(
            r"(?i)^\W*(?:(?:so|and|well|then|ok|okay|hello|hi|sir|madam|please|kindly|now)\W+)*(?:",
            // "what can you do (for me)?", "what you can do for me?", "what are you going to do about it?", "what do
            // you propose?", "what will you offer?", "what do you intend to do?"
            r"what\s+(?:(?:can|could|will|would|do|shall|should|are|is)\s+)?(?:you|u|ya|your\s+(?:team|company|shop|side))\s+(?:(?:can|could|will|would|do|shall|should|are|is)\s+)?(?:(?:going\s+to|gonna|able\s+to|intend\s+to|plan\s+to|propose\s+to)\s+)?(?:do|offer|propose|suggest|recommend|intend(?:\s+to\s+do)?|plan(?:\s+to\s+do)?)",
            // "what now?", "what next?", "what is possible?", "what are my options?", "what can be done?", "what do
            // I do now?", "what is your proposal?"
            r"|what\s+(?:now|next|then)",
            r"|what\s+(?:is|are)\s+(?:possible|(?:my|the|our)\s+options|(?:the|your)\s+(?:solution|proposal|offer|remedy))",
            r"|what\s+(?:can|could|will)\s+be\s+done",
            r"|what\s+(?:do|should|shall|can)\s+(?:i|we)\s+do(?:\s+now)?",
            // "how will you fix this?", "how are you going to make it right?", "how can you resolve this?"
            r"|how\s+(?:will|are|can|could|do|would)\s+(?:you|u)\s+(?:(?:going\s+to|gonna)\s+)?(?:fix|resolve|sort|remedy|rectify|handle|make\s+(?:it|this|that)\s+(?:right|good)|put\s+(?:it|this|that)\s+right)(?:\s+(?:this|it|that)(?:\s+out)?)?",
            // "kindly advise (what can be done / on next steps)?", "please revert with options?"
            r"|(?:please\s+|kindly\s+)?advise(?:\s+(?:on\s+)?(?:next\s+steps|options|the\s+way\s+forward|what\s+can\s+be\s+done))?",
            r"|(?:please\s+|kindly\s+)?revert\s+with\s+(?:options|a\s+proposal|next\s+steps)",
            r")(?:\s+(?:about\s+(?:it|this|that)|for\s+(?:me|us)|here|now|then|to\s+(?:me|us)|with\s+(?:it|this)|in\s+this\s+case))*\s*[?.!]*\s*$",
        ),
    ) else {
        return false;
    };
    super::desk25::sentences(text).flat_map(|s| s.split_inclusive('?')).filter(|s| s.contains('?')).all(|q| {
        // The question's own words: after the last sentence mark or comma before it.
        let q = q.trim();
        let tail = q.rsplit([',', ';', ':', '.']).next().unwrap_or(q);
        remedy.is_match(tail) || remedy.is_match(q)
    })
}

/// Dissatisfaction said as expectations unmet (a complaint, ADR-1151).
pub fn dissatisfied(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        concat!(
            r"(?i)\bnot\s+(?:at\s+all\s+)?content\s+with\b",
            r"|\b(?:is|was|it'?s|are|were)\s+not\s+(?:like|as|how)\s+(?:i|we)\s+(?:expect|expected|hoped|imagined|imagine|wanted|want|thought)\b",
            r"|\bnot\s+(?:what|how)\s+(?:i|we)\s+(?:had\s+in\s+mind|wanted|want|hoped(?:\s+for)?|was\s+hoping\s+for|imagined|imagine|expect)\b",
            r"|\b(?:did\s*n[o']?t|did\s+not|does\s*n[o']?t|does\s+not|do\s+not|don'?t)\s+(?:meet|match|live\s+up\s+to)\s+(?:my|our|the)\s+(?:\w+\s+)?expectations?\b",
            r"|\b(?:below|under)\s+(?:my|our)\s+expectations?\b",
            r"|\bnot\s+(?:satisfied|pleased|happy)\b",
        ),
    )
    .is_some_and(|re| re.is_match(text))
}

/// The text with blisters told of footwear cut out (ADR-1154): shoes, boots or sandals that "make blisters" or "gave
/// me blisters" fit badly; a burn's blister ("my finger is now with blister" from a cable that smoked) and one that got
/// infected or bled (outside attack 56: "the insoles gave me blisters that got infected") stay.
pub fn without_footwear_blisters(text: &str) -> String {
    static FOOT: OnceLock<Option<Regex>> = OnceLock::new();
    static BLISTER: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(foot), Some(blister)) = (
        re(
            &FOOT,
            r"(?i)\b(?:shoes?|boots?|trainers?|sneakers?|sandals?|heels|slippers?|loafers?|flip[- ]?flops?|insoles?|socks?|clogs?|footwear|running\s+shoes?|walking\s+boots?)\b",
        ),
        re(&BLISTER, r"(?i)\bblister\w*"),
    ) else {
        return text.to_string();
    };
    static HEAT: OnceLock<Option<Regex>> = OnceLock::new();
    let heat = re(
        &HEAT,
        r"(?i)\b(?:burn\w*|hot|heat\w*|scald\w*|chemical|acid|smok\w*|melt\w*|fire|infect\w*|antibiotics?|pus|bleed\w*|bled|blood|weep\w*|ooz\w*|septic|can\s+(?:hardly|barely)\s+walk|limp\w*)\b",
    );
    let mut out = String::with_capacity(text.len());
    let sentences: Vec<&str> = super::desk25::sentences(text).collect();
    let any_foot = sentences.iter().any(|s| foot.is_match(s));
    for s in sentences {
        let burnt = heat.is_some_and(|h| h.is_match(s));
        if any_foot && !burnt && blister.is_match(s) {
            out.push_str(&blister.replace_all(s, |m: &regex::Captures| " ".repeat(m[0].len())));
        } else {
            out.push_str(s);
        }
    }
    out
}

/// Money back told as received in a learner's tense, rewritten to the English past the acknowledgement readings take
/// (ADR-1153): "I receive the money back for the pump today" → "I received the money back …"; "money is arrived" /
/// "the 49,90 is come back on my card" → "… has arrived" / "… has come back …". Only with a time already past in the
/// same sentence (today, yesterday, this morning, now, already, finally) or thanks after it, so "I receive the money
/// back when?" and "I want to receive the money back" stay as they are.
pub fn learner_receipts(text: &str) -> String {
    static RECEIVE: OnceLock<Option<Regex>> = OnceLock::new();
    static IS_COME: OnceLock<Option<Regex>> = OnceLock::new();
    static PAST: OnceLock<Option<Regex>> = OnceLock::new();
    static APPOSED: OnceLock<Option<Regex>> = OnceLock::new();
    let apposed = re(
        &APPOSED,
        r"(?i)\b(?:the\s+|my\s+)?(?:money|refund|payment|credit|cash)\s+(has\s+(?:arrived|come(?:\s+back)?|landed|returned))\s*[,(:–-]\s*((?:[$€£]\s?)?\d[\d.,]*\s*(?:[$€£]|eur|euros?|usd|dollars?|gbp|pounds?|zł|zl|pln)?)\s*\)?",
    );
    let (Some(receive), Some(is_come), Some(past)) = (
        re(
            &RECEIVE,
            r"(?i)\b(i|we)\s+(?:(?:already|now|finally|today)\s+)?(?:receive|get|see)\s+((?:the|my|our|your)\s+)?((?:[$€£]\s?)?\d[\d.,]*\s*(?:[$€£]|eur|euros?|usd|dollars?|gbp|pounds?|zł|zl|pln)?\s+|money\b|refund\b|payment\b|cash\b|credit\b)",
        ),
        re(
            &IS_COME,
            r"(?i)\b(money|refund|payment|credit|cash|(?:[$€£]\s?)?\d[\d.,]*\s*(?:[$€£]|eur|euros?|usd|dollars?|gbp|pounds?|zł|zl|pln)?)\s+(?:is|are)\s+(?:already\s+|now\s+|finally\s+)?(arrived|come|came|returned|back|landed)\b",
        ),
        re(
            &PAST,
            r"(?i)\b(?:today|yesterday|this\s+morning|last\s+(?:week|night)|now|already|finally|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|thank\w*|thx|correct|arrived)\b",
        ),
    ) else {
        return text.to_string();
    };
    static ASKING: OnceLock<Option<Regex>> = OnceLock::new();
    let asking = re(&ASKING, r"(?i)\b(?:please|pls|plz|kindly|want|wants|need|needs|would|could|can|must|should)\b");
    let mut out = String::with_capacity(text.len());
    for s in super::desk25::sentences(text) {
        if !past.is_match(s) || s.contains('?') || asking.is_some_and(|a| a.is_match(s)) {
            out.push_str(s);
            continue;
        }
        let s = receive.replace_all(s, |c: &regex::Captures| {
            format!("{} received {}{}", &c[1], c.get(2).map_or("", |m| m.as_str()), &c[3])
        });
        let s = is_come.replace_all(&s, |c: &regex::Captures| {
            let verb = match c[2].to_lowercase().as_str() {
                "came" | "come" => "come",
                "back" => "come back",
                v => return format!("{} has {v}", &c[1]),
            };
            format!("{} has {verb}", &c[1])
        });
        // The figure set beside the money received ("money has arrived, 44 euro") names what arrived.
        let s = match apposed {
            Some(a) => a.replace_all(&s, |c: &regex::Captures| format!("the {} {}", c[2].trim(), &c[1])).into_owned(),
            None => s.into_owned(),
        };
        out.push_str(&s);
    }
    out
}

/// Where the sender's words resume under a quoted message (ADR-1152): the lines after a separator are a header run
/// (and blank lines), then a body of `>`-quoted lines only, then an unquoted line that is no header — the index of
/// that line. A body with any unquoted line, or nothing under the quote, is top-posted history: `None`.
pub fn bottom_posted_after(lines: &[&str]) -> Option<usize> {
    let header = |l: &str| {
        let l = l.trim_start().trim_start_matches('*').to_lowercase();
        ["from:", "sent:", "date:", "to:", "subject:", "cc:"].iter().any(|h| l.starts_with(h))
    };
    let mut i = 0;
    while i < lines.len() && (header(lines[i]) || lines[i].trim().is_empty()) {
        i += 1;
    }
    let quoted_from = i;
    while i < lines.len() && (lines[i].trim_start().starts_with('>') || lines[i].trim().is_empty()) {
        i += 1;
    }
    let quoted = lines[quoted_from..i].iter().any(|l| l.trim_start().starts_with('>'));
    (quoted && i < lines.len() && !header(lines[i]) && !lines[i].trim_start().starts_with("--")).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remedy_questions_are_told_from_inquiries() {
        for t in [
            "I am not happy with the thing from you. What you can do for me?",
            "not happy. what are you going to do about it?",
            "very unhappy. how will you fix this?",
            "Disappointed. What now?",
            "not happy",
        ] {
            assert!(remedy_questions_only(t), "{t}");
        }
        for t in [
            "What do you suggest for cleaning the pan?",
            "not happy. do you deliver to Norway?",
            "what can you do for bulk orders of 50 units?",
        ] {
            assert!(!remedy_questions_only(t), "{t}");
        }
    }

    #[test]
    fn learner_receipts_read_as_received() {
        assert_eq!(
            learner_receipts("I receive the money back for the pump today, 27,50, all correct."),
            "I received the money back for the pump today, 27,50, all correct."
        );
        assert_eq!(learner_receipts("Hello, money is arrived, thank you"), "Hello, money has arrived, thank you");
        assert_eq!(learner_receipts("I want to receive the money back"), "I want to receive the money back");
        assert_eq!(learner_receipts("when I receive the money back?"), "when I receive the money back?");
    }

    #[test]
    fn footwear_blisters_are_fit() {
        assert!(!without_footwear_blisters("the running shoes make blisters after 10 minutes").contains("blister"));
        assert!(without_footwear_blisters("the cable smoked and my finger has a blister").contains("blister"));
    }
}
