//! Speech acts by sentence structure (ADR-951): who speaks in a clause and in which modality — a want, an
//! imperative, a question about a refund's state — and what the governed verbs do with money. A small typed step
//! beside [`super::intent`], for the constructions its word classes do not reach:
//!
//! - **A want governing a chain of infinitives** ("I want return it and take back the money", "we need to send them
//!   back and get the money back", "I'd like to return it and have my payment back"): a want verb whose subject is
//!   the speaker (or left out), not negated, followed by bare or to-infinitives joined by "and"; the request is made
//!   when one verb of the chain moves money back — a take/get/have/receive/give/send/pay/return verb with "back" on
//!   either side of a money noun or a figure (a phrasal verb's particle stands before or after its object). A chain
//!   that opens with a verb of knowing or a wh-word ("I want to know how to get my money back") asks a question.
//! - **A processing imperative with an anaphoric object** ("Please action and confirm", "Kindly process the same",
//!   "pls arrange accordingly", "can you action this?"): an imperative (clause-initial, or after please/kindly or
//!   "can/could you") of a verb that means "carry out" — action, process, arrange, approve, authorise, execute,
//!   effect, initiate, handle, actioned — whose object is absent or points back ("it", "this", "the same",
//!   "accordingly", "the above"). It asks for the money an earlier clause of the customer's names, when one does
//!   (the caller checks that antecedent).
//! - **A reported request in a forward** ("Mum asked me to send this on", "my colleague wants me to pass this on"):
//!   a third person as the subject of an asking verb whose complement is passing the message on — the ask is in the
//!   message below.
//!
//! Each reading returns the structure that fired, for the decision trace.

/// A clause's tokens: lowercase words (apostrophes kept), figures as `#`.
fn tokens(clause: &str) -> Vec<String> {
    clause
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || c == '.' || c == ',' || c == '$'))
        .map(|w| w.trim_matches(|c: char| c == '.' || c == ',' || c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .map(
            |w| {
                if w.chars().any(|c| c.is_ascii_digit()) {
                    "#".to_string()
                } else {
                    w.to_lowercase().replace('’', "'")
                }
            },
        )
        .collect()
}

const WANT: &[&str] = &["want", "wants", "wanna", "need", "needs", "like", "wish", "wishes", "prefer", "hope"];
const SPEAKER: &[&str] = &["i", "we", "i'd", "we'd", "id", "also", "really", "just", "still", "only", "would", "do"];
const NEGATOR: &[&str] = &["not", "no", "never", "don't", "dont", "doesn't", "didn't", "won't", "wouldn't", "nor"];
const MOVE: &[&str] = &["take", "get", "have", "receive", "give", "send", "pay", "return", "put", "transfer"];
const MONEY: &[&str] = &["money", "payment", "cash", "funds", "amount", "price", "cost", "sum", "refund", "#"];
const KNOWING: &[&str] = &[
    "know",
    "ask",
    "check",
    "understand",
    "find",
    "see",
    "learn",
    "how",
    "whether",
    "if",
    "what",
    "when",
    "where",
    "why",
];
/// The words that end a want's complement: a subordinator or a coordinator that opens a new subject.
const ENDS: &[&str] = &["but", "because", "cause", "since", "so", "as", "although", "though", "while", "when", "if"];

/// A want governing a chain of infinitives one of which moves money back. Returns the structure that fired.
pub fn want_chain(clause: &str) -> Option<&'static str> {
    let t = tokens(clause);
    for (w, word) in t.iter().enumerate() {
        if !WANT.contains(&word.as_str()) {
            continue;
        }
        // "like" and "prefer" want only after "would"/"'d"; any want needs the speaker (or nothing) before it.
        let before: Vec<&str> = t[w.saturating_sub(4)..w].iter().map(String::as_str).collect();
        if matches!(word.as_str(), "like" | "prefer")
            && !before.iter().any(|b| matches!(*b, "would" | "i'd" | "we'd" | "id"))
        {
            continue;
        }
        if before.iter().any(|b| NEGATOR.contains(b)) {
            continue;
        }
        let subject_ok = before.last().is_none_or(|b| SPEAKER.contains(b) || *b == "#" || b.len() > 2);
        if !subject_ok || before.iter().any(|b| matches!(*b, "you" | "he" | "she" | "they" | "it")) {
            continue;
        }
        // The complement: up to a clause-ending word.
        let rest: Vec<&str> =
            t[w + 1..].iter().map(String::as_str).take_while(|x| !ENDS.contains(x)).take(16).collect();
        let first_verb = rest.iter().find(|x| !matches!(**x, "to" | "me" | "us" | "please" | "just" | "also"));
        if first_verb.is_some_and(|v| KNOWING.contains(v)) {
            continue;
        }
        // Each verb of the chain: a MOVE verb with "back" and a money word within four words after it.
        for (i, v) in rest.iter().enumerate() {
            if !MOVE.contains(v) {
                continue;
            }
            let window = &rest[i + 1..(i + 5).min(rest.len())];
            let back = window.contains(&"back");
            let money = window.iter().any(|x| MONEY.contains(x));
            if back && money && !window.iter().any(|x| NEGATOR.contains(x)) {
                return Some("a want governs a chain of infinitives, one of which moves money back");
            }
        }
    }
    None
}

/// Verbs that mean "carry it out" in the service register.
const PROCESS: &[&str] = &[
    "action",
    "process",
    "arrange",
    "approve",
    "authorise",
    "authorize",
    "execute",
    "effect",
    "initiate",
    "handle",
    "actioned",
    "expedite",
    "proceed",
    // "go ahead": the particle is skipped below.
    "go",
];
/// What may follow "and" after a processing verb with no object of its own: a report back, not another action.
const REPORT_BACK: &[&str] = &["confirm", "advise", "revert", "let", "update", "notify", "inform", "reply", "respond"];
/// Objects that point back (or no object: the next word is a coordinator or the clause ends).
const ANAPHORIC: &[&str] = &["it", "this", "that", "same", "the", "above", "accordingly", "asap", "urgently", "now"];
const OPENERS: &[&str] =
    &["please", "pls", "plz", "kindly", "can", "could", "would", "you", "then", "so", "and", "just"];

/// A processing imperative with an absent or anaphoric object. Returns the structure that fired.
pub fn processing_imperative(clause: &str) -> Option<&'static str> {
    let t = tokens(clause);
    let at = t.iter().position(|w| PROCESS.contains(&w.as_str()))?;
    // "go" only as "go ahead"; the particle is part of the verb.
    let at = match t[at].as_str() {
        "go" if t.get(at + 1).is_some_and(|w| w == "ahead") => at + 1,
        "go" => return None,
        _ => at,
    };
    let verb_start = if t[at] == "ahead" { at - 1 } else { at };
    // Only openers before the verb: it is the clause's first verb, in the imperative (or after "can you").
    if !t[..verb_start].iter().all(|w| OPENERS.contains(&w.as_str())) {
        return None;
    }
    // "please" or a modal question makes it a directive even when the verb could be a noun ("action").
    let directive =
        t[..verb_start].iter().any(|w| matches!(w.as_str(), "please" | "pls" | "plz" | "kindly" | "can" | "could"));
    if !directive && verb_start != 0 {
        return None;
    }
    match t.get(at + 1).map(String::as_str) {
        // "… and confirm": a report back; "… and cancel it": another action, with its own object.
        Some("and" | "&") if t.get(at + 2).is_some_and(|w| !REPORT_BACK.contains(&w.as_str())) => None,
        None | Some("and" | "&" | "by" | "asap" | "accordingly" | "urgently" | "today" | "now") => {
            Some("a processing imperative with no object: it asks for what the clauses before it named")
        }
        Some(w) if ANAPHORIC.contains(&w) => {
            // "the above", "the same", "the agreed amount": only a definite that points back.
            if w == "the" && !matches!(t.get(at + 2).map(String::as_str), Some("above" | "same" | "agreed" | "said")) {
                return None;
            }
            Some("a processing imperative whose object points back: it asks for what the clauses before it named")
        }
        _ => None,
    }
}

/// A request of a nominalised transfer (ADR-951): an asking word ("requesting", "I'd like", "please", "kindly") before
/// a transfer verb's noun with its money object ("reversal of the charge", "repayment of the amount", "return of my
/// payment"). A negator before the asking word takes it back. Returns the structure that fired.
pub fn nominal_request(clause: &str) -> Option<&'static str> {
    static RE: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    let re = RE
        .get_or_init(|| {
            regex::Regex::new(concat!(
                r"(?i)\b(?:request(?:ing|ed)?|asking\s+for|seek(?:ing)?|want|need|would\s+like|'d\s+like|please|kindly)\b",
                r"[^.?!\n]{0,20}?\b(?:reversal|repayment|reimbursement|return|crediting|refunding)\s+of\s+",
                r"(?:(?:the|my|this|our|that|full|whole|entire)\s+){0,2}(?:[\w-]+\s+)?",
                r"(?:charge|payment|transaction|amount|money|sum|debit|price|purchase\s+price|funds)\b",
            ))
            .ok()
        })
        .as_ref()?;
    let m = re.find(clause)?;
    let before = clause[..m.start()].to_lowercase();
    let negated = before.split_whitespace().rev().take(3).any(|w| NEGATOR.contains(&w) || w == "not");
    (!negated).then_some("an asking word before a transfer's noun with a money object")
}

const THIRD: &[&str] = &[
    "mum",
    "mom",
    "mother",
    "dad",
    "father",
    "wife",
    "husband",
    "partner",
    "son",
    "daughter",
    "boss",
    "manager",
    "colleague",
    "grandma",
    "grandad",
    "granddad",
    "nan",
    "gran",
    "aunt",
    "uncle",
    "friend",
    "neighbour",
    "neighbor",
    "client",
    "customer",
    "she",
    "he",
    "they",
];
const ASKED: &[&str] = &["asked", "asks", "wants", "wanted", "told", "requested", "needs", "needed", "got"];
const PASS_ON: &[&str] = &["send", "pass", "forward", "email", "e-mail", "write", "contact", "get", "reach", "submit"];

/// A forward whose sender says a third person asked them to pass the message on. Returns the structure that fired.
pub fn reported_ask(clause: &str) -> Option<&'static str> {
    let t = tokens(clause);
    for (i, w) in t.iter().enumerate() {
        if !ASKED.contains(&w.as_str()) || i == 0 || !THIRD.contains(&t[i - 1].as_str()) {
            continue;
        }
        if t.get(i + 1).is_some_and(|x| matches!(x.as_str(), "me" | "us"))
            && t.get(i + 2).is_some_and(|x| x == "to")
            && t.get(i + 3).is_some_and(|x| PASS_ON.contains(&x.as_str()))
        {
            return Some("a third person asked the sender to pass the message on: the ask is in the message below");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_want_governing_a_chain_with_money_back_asks() {
        for c in [
            "I want return it and take back the money",
            "we need to send them back and get the money back",
            "I'd like to return the lamp and have my payment back",
            "i want give back the shoes and receive back my 30 euro",
            "I just want to get back my money",
        ] {
            assert!(want_chain(c).is_some(), "{c}");
        }
    }

    #[test]
    fn a_negated_or_knowing_want_or_another_subject_does_not_ask() {
        for c in [
            "I don't want to take the money back",
            "I want to know how to get my money back",
            "I want to check if I can get the money back",
            "you want me to send it back and then you give the money back",
            "I want to return it for another size",
            "I like the colour, the money back guarantee convinced me",
        ] {
            assert!(want_chain(c).is_none(), "{c}");
        }
    }

    #[test]
    fn a_processing_imperative_with_no_or_an_anaphoric_object() {
        for c in [
            "Please action and confirm by return.",
            "Kindly process the same at the earliest",
            "pls arrange accordingly",
            "Can you action this today?",
            "Process asap please",
            "Please go ahead and confirm.",
        ] {
            assert!(processing_imperative(c).is_some(), "{c}");
        }
        for c in [
            "Please process my order for the blue one",
            "We will action it on our side",
            "The action figure arrived broken",
            "I processed the return label yesterday",
            "Please handle the parcel with care",
            "Please go ahead and cancel my order",
            "We go ahead with the plan",
        ] {
            assert!(processing_imperative(c).is_none(), "{c}");
        }
    }

    #[test]
    fn an_asking_word_before_a_nominalised_transfer_of_money() {
        for c in [
            "Requesting reversal of the charge.",
            "I'd like repayment of the full amount",
            "kindly arrange return of my payment",
        ] {
            assert!(nominal_request(c).is_some(), "{c}");
        }
        for c in ["I don't want reversal of the charge", "The reversal of the charge arrived", "please confirm receipt"]
        {
            assert!(nominal_request(c).is_none(), "{c}");
        }
    }

    #[test]
    fn a_third_person_asking_the_sender_to_pass_it_on() {
        for c in [
            "Mum asked me to send this on as she can't work the email",
            "my boss wants me to forward this",
            "Dad told me to email you about it",
        ] {
            assert!(reported_ask(c).is_some(), "{c}");
        }
        for c in ["I asked her to send it back", "you asked me to send the photos", "She asked for a refund"] {
            assert!(reported_ask(c).is_none(), "{c}");
        }
    }
}
