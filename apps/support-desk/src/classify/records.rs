//! ask41 (issue 16, ADR-1341): a refund talked about is not a refund asked. The clause grammar reads any refund word
//! left in a clause as an ask, so a refund the writer talks *about* — one the shop made, promised or is making — must
//! be cut out first. The older readings find it in standard English ("the refund was processed", "my refund has
//! arrived", "has the refund gone through?"). The same structures come in the English of non-native, terse and
//! jargon writers with the auxiliaries and articles dropped or the tense carried by another word:
//!
//! - a refund (or money) as the **subject of an arrival or progress verb** in any form — "the refund is arrive in my
//!   account", "refund not arrive yet", "refund for order 2210 went thru yet?", "money still not come": arrived when
//!   stated, a status when negated or asked;
//! - the writer as the subject of a **negated receipt** whose object is the money — "I still not receive the money
//!   back": a status;
//! - a refund as the object of the **shop's own act** — "you promise me refund of 25,00", "your colleague raised a
//!   refund of 40 last week": a refund on record (or promised), its state the question;
//! - a refund **modified by a past participle and a time** — "refund of 64.00 raised last week", "the refund
//!   requested on 2 Dec": a refund on record, by the reduced relative clause.
//!
//! The refund's own complement must be one noun phrase (`phrases::prepositional_chain`), so a request with a reason
//! spliced on is never cut.

use std::ops::Range;
use std::sync::OnceLock;

use regex::Regex;

use super::phrases;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// A refund noun's complement: a preposition and up to five words (checked to be one noun phrase).
const COMPLEMENT: &str = r"(\s+(?:of|for|on|to)\s+[\w$€£#.,'-]+(?:\s+[\w$€£#.,'-]+){0,4}?)?";

/// What a span of a clause tells about a refund on record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Told {
    /// The money arrived.
    Arrived,
    /// Its state is asked, or it is said not to have come.
    State,
}

/// The spans of `clause` that talk about a refund on record (never one asked), with what they tell.
pub fn talked_about(clause: &str) -> Vec<(Range<usize>, Told)> {
    static SUBJECT: OnceLock<Option<Regex>> = OnceLock::new();
    static RECEIPT: OnceLock<Option<Regex>> = OnceLock::new();
    static SHOP_ACT: OnceLock<Option<Regex>> = OnceLock::new();
    static PARTICIPLE: OnceLock<Option<Regex>> = OnceLock::new();
    let mut out: Vec<(Range<usize>, Told)> = Vec::new();
    let question = clause.contains('?');
    // The subject opens its clause (or follows a coordinator or a complementizer): "make the refund go to my card" has
    // the refund as an object.
    let subject = re(
        &SUBJECT,
        &format!(
            r"(?i)(?:^[\s\W]*|[,.;:!?]\s*|\b(?:and|but|so|that|because|yet|hi|hello|thanks|thank\s+you)\s+)((?:(?:the|my|your|our|this|that)\s+)?(?:refund|money|credit|reimbursement)\b{COMPLEMENT}\s+(?:(?:is|was|has|have|are|did)\s+)?(?:(?:still|yet|already|now|finally|just)\s+)*(not\s+|never\s+|no\s+)?(?:(?:yet|still)\s+)?(?:arrive|arrived|arriving|come|came|coming|reach|reached|went|gone|go|land|landed|appear|appeared|show|showed)\b(?:\s+(?:thru|through|in|on|to|into|back))?)"
        ),
    );
    if let Some(r) = subject {
        for c in r.captures_iter(clause) {
            let (Some(m), complement, negated) = (c.get(1), c.get(2), c.get(3)) else { continue };
            if complement.is_some_and(|x| !phrases::prepositional_chain(x.as_str())) {
                continue;
            }
            // Money that went or came *out* ("the money came out twice") is a charge, not a refund arriving.
            let next = clause[m.end()..].split_whitespace().next().unwrap_or("").to_lowercase();
            if ["out", "off", "twice", "from", "missing", "wrong", "down", "up", "again"]
                .contains(&next.trim_matches(|c: char| !c.is_alphanumeric()))
            {
                continue;
            }
            let told = if negated.is_some() || question { Told::State } else { Told::Arrived };
            out.push((m.range(), told));
        }
    }
    let receipt = re(
        &RECEIPT,
        r"(?i)\b(?:i|we)\s+(?:(?:still|yet|also)\s+)*(?:not|never|no)\s+(?:(?:yet|still)\s+)?(?:receive|get|see|have)\s+(?:(?:the|my|any|our|a)\s+)?(?:money|refund|credit|reimbursement|payment)\b(?:\s+back)?",
    );
    if let Some(r) = receipt {
        out.extend(r.find_iter(clause).map(|m| (m.range(), Told::State)));
    }
    // The shop's act on the refund: its subject the shop ("you", "your agent", "they"), a verb of promising, telling or
    // processing, and the refund its object ("you promise me refund of 25,00"). Offers are left to the offer readings
    // (an offer taken is an ask).
    let shop_act = re(
        &SHOP_ACT,
        &format!(
            r"(?i)\b(?:you|u|they|your\s+(?:[\w-]+\s+)?(?:team|colleague|agent|staff|support|service|shop|store|manager|rep|representative))\s+(?:(?:already|have|had|'ve|did|just|then)\s+)*(?:promise|promised|promis|said|told|confirmed|raised|issued|processed|approved|initiated|started)\s+(?:(?:me|us|to\s+me|to\s+us)\s+)?(?:(?:a|the|my|your|this|that)\s+)?(?:full\s+|partial\s+)?(?:refund|credit|reimbursement)\b{COMPLEMENT}"
        ),
    );
    if let Some(r) = shop_act {
        for c in r.captures_iter(clause) {
            let Some(m) = c.get(0) else { continue };
            if c.get(1).is_some_and(|x| !phrases::prepositional_chain(x.as_str())) {
                continue;
            }
            // "Can you promise me a refund" asks: a modal or a politeness marker before the shop's subject.
            let before = clause[..m.start()].trim_end().to_lowercase();
            if ["can", "could", "would", "will", "please", "pls", "kindly", "if", "when"]
                .iter()
                .any(|w| before.ends_with(w))
            {
                continue;
            }
            out.push((m.range(), Told::State));
        }
    }
    // A refund with a past participle and a time after it: a reduced relative clause, a refund made or asked before
    // ("refund of 64.00 raised last week").
    let participle = re(
        &PARTICIPLE,
        &format!(
            r"(?i)\b(?:refund|credit|reimbursement)\b{COMPLEMENT}\s+(?:raised|requested|issued|approved|initiated|submitted|logged|opened|processed|agreed|authori[sz]ed|promised)\s+(?:on\s+(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\b|the\s+\d|\d)|last\s+(?:week|month|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|earlier|previously|recently|(?:a|one|two|three|four|five|six|\d+|a\s+few|several)\s+(?:days?|weeks?|months?)\s+ago|(?:this|last)\s+(?:morning|week|month))"
        ),
    );
    static WANTED: OnceLock<Option<Regex>> = OnceLock::new();
    // The refund the object of a want or a processing verb ("we'd like the partial refund agreed on Monday actioned"):
    // the participle is the want's, and the refund is asked.
    let wanted = re(
        &WANTED,
        r"(?i)\b(?:like|want|need|request|requesting|process|action|issue|approve|expedite)\s+(?:(?:the|a|an|my|our|that|this|your|partial|full|agreed|whole)\s+)*$",
    );
    if let Some(r) = participle {
        for c in r.captures_iter(clause) {
            let Some(m) = c.get(0) else { continue };
            if c.get(1).is_some_and(|x| !phrases::prepositional_chain(x.as_str())) {
                continue;
            }
            if wanted.is_some_and(|w| w.is_match(&clause[..m.start()])) {
                continue;
            }
            out.push((m.range(), Told::State));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Told, talked_about};

    fn told(clause: &str) -> Vec<Told> {
        talked_about(clause).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn a_refund_talked_about_in_any_english() {
        assert_eq!(told("Thank you, the refund is arrive in my account"), vec![Told::Arrived]);
        assert_eq!(told("hello, refund not arrive yet."), vec![Told::State]);
        assert_eq!(told("refund for order 2210 went thru yet?"), vec![Told::State]);
        assert_eq!(told("Hello, I still not receive the money back."), vec![Told::State]);
        assert_eq!(told("two weeks ago you promise me refund of 25,00 for the broken jar."), vec![Told::State]);
        assert_eq!(told("please confirm ETA for refund of 64.00 raised last week."), vec![Told::State]);
    }

    #[test]
    fn a_refund_asked_is_not_talked_about() {
        for c in [
            "Please make the refund go to my card",
            "I want a refund for my order, it was damaged when it came",
            "please refund me, the money came out twice",
            "the money went out of my account twice, refund one",
            "you offered a refund of 20, I accept",
            "Lamp broken. Can you confirm the refund?",
            "could you promise me a refund of 20 if it fails again?",
            "See below, we'd like the partial refund agreed on the phone actioned.",
            "we'd like the refund agreed on Monday actioned",
            "I'd like a refund for the lamp that arrived broken",
        ] {
            assert!(talked_about(c).is_empty(), "{c}");
        }
    }
}
