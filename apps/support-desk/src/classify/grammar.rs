//! Reading steps by mechanism (ADR-800): the amount grammar's mixed forms, an offer's figure, a question that only
//! supposes, alternatives offered in one breath, a percentage over a hundred, and who speaks in a helpdesk export.
//! Each step reads a *structure* (a number followed by a word of a given class, a modal with a first-person subject
//! and a condition, "or" between two figures), not a sentence; where a word list remains it is a closed class of the
//! language (currency words, the words that may follow a figure, time prepositions), and the ADR says why.

use std::sync::OnceLock;

use regex::Regex;

use super::{NUMBER_WORDS, TEENS, TENS, UNITS, clause_intent, clauses, number_value};

struct Patterns {
    /// "27 pounds with 30", "19 dollars and 45", "38 euros con 50": a major figure, its currency word, a joining word,
    /// then two digits — the minor part said after the currency, as many languages say prices.
    major_word_minor: Regex,
    /// "12 fifty", "8 forty-five", "$14 ninety": digits, then a spoken number under a hundred — the cents said as words.
    digits_spoken_minor: Regex,
    /// "1.2k", "2.5k", "3 grand" with no currency sign.
    thousands: Regex,
    /// A figure valued or offered: "60 is fair", "75 sounds fair to me", "my counter-offer: 55", "I'd settle for 40".
    valued: Regex,
    offered: Regex,
    /// A bare number wanted back ("either 15 back or …") and one right after a refund verb at a clause's start ("Refund
    /// 30 or …").
    bare_back: Regex,
    bare_imperative: Regex,
    /// A valuation: "… is fair", "… sounds reasonable".
    valuation: Regex,
    /// A percentage of a hundred or more wanted back ("100% back", "120 percent of it back").
    percent_back: Regex,
    /// A figure in shown arithmetic: after "N x" or "=", or before "x N" or "=".
    arithmetic_before: Regex,
    arithmetic_after: Regex,
    /// A first-person opinion or a negotiation word: what makes "N is fair" an offer rather than a price judged.
    negotiating: Regex,
    /// A question with a first-person subject whose verb receives money: "would I get", "do I receive", "will we be
    /// refunded".
    supposing: Regex,
    /// A condition: "if I returned it", "were I to", "in case I send it back", and (ask40, ADR-1292) a condition on a
    /// thing ("if the bike turned out to be the wrong size", "in case it breaks", "hypothetically"); not "if possible",
    /// "if you can".
    condition: Regex,
    /// A percentage of a hundred or more, in digits or words.
    percent: Regex,
    /// The line that opens the customer's own message in a helpdesk export: "Customer wrote:", "The client says:",
    /// "Message from customer:", "Original message from the customer:".
    customer_block: Regex,
    /// An agent's or a staff member's note: "Internal note (agent Mara …)", "[Note from agent Priya - internal: …]",
    /// "Agent note (hidden): …", "Private note:".
    agent_note: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    let built = P.get_or_init(|| {
        let cur_word = r"dollars?|bucks|euros?|pounds?|quid|francs?|reais|reals?|pesos?|rupees?|zlot\w*|kron\w*|lira|dirhams?|riyals?|yuan|rand";
        let spoken = format!(r"(?:(?:{TENS})(?:[\s-](?:{UNITS}))?|{TEENS})");
        Some(Patterns {
            major_word_minor: Regex::new(&format!(
                r"(?i)\b(\d{{1,6}})(?-i:[^\S\n])?({cur_word})(?-i:[^\S\n])+(?:and|with|con|com|e|y|plus)(?-i:[^\S\n])+(\d{{2}})\b"
            ))
            .ok()?,
            digits_spoken_minor: Regex::new(&format!(r"(?i)(?:([$€£])\s?)?\b(\d{{1,4}})\s+({spoken})\b")).ok()?,
            thousands: Regex::new(r"(?i)\b(\d{1,4}(?:[.,]\d{1,2})?)\s?(k|grand)\b").ok()?,
            valued: Regex::new(
                r"(?i)\b(\d{1,6}(?:[.,]\d{1,2})?)\s+(?:is|seems|sounds|feels|would\s+be|'d\s+be)\s+(?:\w+\s+)?(?:fair|reasonable|right|acceptable)\b",
            )
            .ok()?,
            offered: Regex::new(
                r"(?i)\b(?:my\s+(?:counter[- ]?)?offer|i(?:\s+can|\s+could|\s+would|'d|\s+will|'ll)?\s+(?:settle\s+for|accept|take|offer))\s*(?:is|would\s+be|stands\s+at)?\s*[:=-]?\s*(?:[$€£]\s?)?(\d{1,6}(?:[.,]\d{1,2})?)\b",
            )
            .ok()?,
            bare_back: Regex::new(r"(?i)\b(\d{1,6}(?:[.,]\d{1,2})?)\s+back\b").ok()?,
            bare_imperative: Regex::new(
                r"(?i)^\W*(?:(?:please|pls|plz|kindly|just|so|ok)\W+)*(?:refund|reimburse|credit|send|give|pay)\s+(?:me\s+|us\s+)?(?:back\s+)?(\d{1,6}(?:[.,]\d{1,2})?)\b",
            )
            .ok()?,
            valuation: Regex::new(
                r"(?i)\b(?:is|seems|sounds|feels|would\s+be|'d\s+be)\s+(?:\w+\s+)?(?:fair|reasonable|right|acceptable)\b",
            )
            .ok()?,
            percent_back: Regex::new(
                r"(?i)\b(?:[1-9]\d{2,3})\s?(?:%|percent\b)\s+(?:of\s+(?:it|that|this|(?:the|my|what)\s+\w+(?:\s+paid)?)\s+)?back\b",
            )
            .ok()?,
            arithmetic_before: Regex::new(r"(?i)(?:\b\d{1,3}\s*(?:[a-z]+\s+)?[x×*@]|=)\s*(?:[$€£]|usd|eur|gbp)?\s*$").ok()?,
            arithmetic_after: Regex::new(r"^\s*(?:[x×*]\s*\d|=\s*(?:[$€£]\s?)?\d)").ok()?,
            negotiating: Regex::new(
                r"(?i)\b(?:i\s+(?:think|reckon|feel|believe|guess|figure)|i'?d\s+say|in\s+my\s+(?:view|opinion)|honestly|frankly|to\s+me|for\s+me|my\s+(?:counter[- ]?)?offer|offer|take\s+it\s+or\s+leave\s+it|deal|counter[- ]?offer|haggl\w*|negotiat\w*)\b",
            )
            .ok()?,
            supposing: Regex::new(
                r"(?i)\b(?:would|will|do|does|should|shall)\s+(?:i|we)\s+(?:still\s+|then\s+|actually\s+|even\s+)?(?:get|receive|have|be\s+(?:given|refunded|reimbursed|credited|paid|able\s+to\s+get))\b|\bis\s+it\s+(?:still\s+)?possible\s+(?:for\s+(?:me|us)\s+)?to\s+(?:get|receive|have)\s+(?:a|any)\s+(?:refund|reimbursement|credit)\b",
            )
            .ok()?,
            condition: Regex::new(
                r"(?i)\b(?:if|once|when|in\s+case|provided|assuming|supposing)\s+(?:i|we)\b|\bwere\s+(?:i|we)\s+to\b|\bhypothetically\b|\b(?:if|in\s+case|provided|assuming|supposing|say)\s+(?:(?:it|this|that|they|something|anything)\b|(?:the|my|our|this|that|a|an|one)\s+(?:[\w'-]+\s+)?[\w'-]+\s+(?:turned|turns|broke|breaks|broken|cracked|cracks|failed|fails|tore|tears|ripped|rips|arrived|arrives|came|comes|went|goes|was|were|is|did|does|didn't|doesn't|wasn't|isn't|stopped|stops|got|gets|had|has|started|starts|proved|proves|ended|ends|happened|happens)\b)",
            )
            .ok()?,
            percent: Regex::new(&format!(
                r"(?i)\b(\d{{3,4}}|(?:(?:{NUMBER_WORDS}|a|and)[\s-]+)*hundred(?:[\s-]+(?:and[\s-]+)?(?:{NUMBER_WORDS}))*)\s?(?:%|percent\b|per\s?cent\b)"
            ))
            .ok()?,
            customer_block: Regex::new(
                r"(?i)^\W*(?:(?:the\s+)?(?:customer|client|buyer|requester|requestor|caller|end\s+user|consumer)(?:\s+\([^)]*\))?\s+(?:wrote|writes|said|says|asked|asks)|(?:original\s+)?(?:message|email|e-mail|text|request|ticket\s+body)\s+(?:from|by)\s+(?:the\s+)?(?:customer|client|buyer|requester|requestor|caller))\b[^:\n]{0,40}:\s*$",
            )
            .ok()?,
            agent_note: Regex::new(
                r"(?i)^\W*(?:internal\s+note|private\s+note|staff\s+note|agent\s+note|note\s+(?:from|by)\s+(?:the\s+)?(?:agent|staff|support|team\s+lead|supervisor)|agent\s+\w+\s+\(internal\)|(?:agent|staff)\s+comment)\b",
            )
            .ok()?,
        })
    });
    match built {
        Some(p) => p,
        None => unreachable!("the grammar's constant patterns compile (covered by tests)"),
    }
}

/// The word after byte `end`, lowercased ("" at a punctuation mark or the end).
fn next_word(text: &str, end: usize) -> String {
    let rest = text[end..].trim_start_matches([' ', '\t']);
    rest.chars().take_while(|c| c.is_alphanumeric() || *c == '\'').collect::<String>().to_lowercase()
}

/// The word before byte `at`, lowercased.
fn previous_word(text: &str, at: usize) -> String {
    let head = text[..at].trim_end();
    let word: String = head.chars().rev().take_while(|c| c.is_alphanumeric()).collect();
    word.chars().rev().collect::<String>().to_lowercase()
}

/// Whether a figure may end where the next word is `word`: at a punctuation mark or the end of the text, or before a
/// word that goes with money (its way back, politeness, a destination, a conjunction) — not before a noun it counts
/// ("2 twenty-packs", "3 fifty cent coins", "12 fifty minutes"). A closed class: the words a money figure is followed
/// by in a request, not phrasings.
fn figure_may_end(text: &str, end: usize, word: &str) -> bool {
    // A share is no figure ("refund 50% and I keep it"), nor a number glued to a hyphenated noun ("2 twenty-packs").
    // A count of times ("Refund 2× please", outside attack 53) multiplies; it is no figure either.
    if text[end..].starts_with('-') || text[end..].trim_start().starts_with(['%', '‰', '×']) {
        return false;
    }
    if counted_alternative_after(&text[end..]) {
        return false;
    }
    word.is_empty()
        || matches!(
            word,
            "back"
                | "please"
                | "pls"
                | "plz"
                | "thanks"
                | "thank"
                | "thx"
                | "ta"
                | "to"
                | "on"
                | "onto"
                | "into"
                | "and"
                | "or"
                | "so"
                | "if"
                | "as"
                | "because"
                | "since"
                | "refunded"
                | "returned"
                | "credited"
                | "asap"
                | "is"
                | "would"
                | "will"
                | "should"
                | "for"
                | "in"
                | "total"
                | "then"
                | "now"
                | "ok"
                | "okay"
                | "obrigado"
                | "obrigada"
                | "gracias"
                | "merci"
                | "danke"
                | "grazie"
                | "lol"
                | "cheers"
        )
}

/// The amount grammar's mixed forms (ADR-800, F800), rewritten into the canonical form before the amount parser reads
/// them: a major figure with its minor part after the currency word ("27 pounds with 30" → "27.30 pounds"), digits
/// with the cents spoken ("12 fifty" → "$12.50", "8 forty-five" → "$8.45"; not a clock time, "at 7 thirty"), and a
/// "k" or "grand" figure with no sign where money is asked or wanted back ("need 1.2k back" → "$1200"; not "the 4k
/// monitor": a noun follows).
pub fn mixed_figures(text: &str) -> String {
    let p = patterns();
    let text = p.major_word_minor.replace_all(text, |c: &regex::Captures| {
        let Some(m) = c.get(0) else { return String::new() };
        let word = next_word(text, m.end());
        if !figure_may_end(text, m.end(), &word) || word == "for" || word == "in" || word == "and" {
            return c[0].to_string();
        }
        format!("{}.{} {}", &c[1], &c[3], &c[2])
    });
    let text = text.into_owned();
    let spoken = p.digits_spoken_minor.replace_all(&text, |c: &regex::Captures| {
        let Some(m) = c.get(0) else { return String::new() };
        let start = c.get(1).map_or_else(|| c.get(2).map_or(m.start(), |d| d.start()), |s| s.start());
        let before = text[..start].chars().next_back();
        let glued = before.is_some_and(|b| b.is_ascii_digit() || matches!(b, '.' | ',' | '#' | ':' | '/'));
        let clock = matches!(
            previous_word(&text, start).as_str(),
            "at" | "by"
                | "around"
                | "before"
                | "after"
                | "until"
                | "till"
                | "til"
                | "from"
                | "past"
                | "about"
                | "since"
                | "between"
        );
        let word = next_word(&text, m.end());
        let minor = number_value(&c[3]).filter(|v| (10..100).contains(v));
        match minor {
            Some(v) if !glued && !clock && figure_may_end(&text, m.end(), &word) && word != "for" && word != "in" => {
                format!("{}{}.{v:02}", c.get(1).map_or("$", |s| s.as_str()), &c[2])
            }
            _ => c[0].to_string(),
        }
    });
    let spoken = spoken.into_owned();
    let asking = |head: &str| {
        static ASK: OnceLock<Option<Regex>> = OnceLock::new();
        ASK.get_or_init(|| {
            Regex::new(r"(?i)\b(?:need|want|refund\w*|owe[sd]?|give|gimme|get|pay|claim\w*|demand\w*|compensat\w*|reimburs\w*|expect\w*|asking|ask\s+for|request\w*)\W+(?:(?:me|us|back|the|a|at|least|about|full|whole|around)\W+){0,3}$").ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(head))
    };
    p.thousands
        .replace_all(&spoken, |c: &regex::Captures| {
            let Some(m) = c.get(0) else { return String::new() };
            let before = spoken[..m.start()].chars().next_back();
            if before.is_some_and(|b| matches!(b, '$' | '€' | '£' | '.' | ',')) {
                return c[0].to_string();
            }
            let word = next_word(&spoken, m.end());
            let head = &spoken[spoken[..m.start()].char_indices().rev().nth(40).map_or(0, |(i, _)| i)..m.start()];
            let wanted = word == "back" || asking(head);
            let cents = super::to_cents(&c[1]).and_then(|v| v.checked_mul(1000));
            match cents {
                Some(v) if wanted && figure_may_end(&spoken, m.end(), &word) => {
                    format!("${}.{:02}", v / 100, v % 100)
                }
                _ => c[0].to_string(),
            }
        })
        .into_owned()
}

/// A bare figure the customer values or offers as a settlement ("I think 60 is fair", "75 sounds fair to me", "my
/// counter-offer: 55") is money in the order's currency (F801): written with a sign, so the settlement grammar reads it
/// as asked. "N is fair" counts as an offer only beside a first-person opinion or a negotiation word, so "a lamp like
/// this at 60 is fair" judges a price and asks nothing.
pub fn valued_figures(text: &str) -> String {
    let p = patterns();
    let mut at: Vec<usize> = Vec::new();
    for (s, e) in clauses(text) {
        let clause = &text[s..e];
        for c in p.valued.captures_iter(clause) {
            let Some(n) = c.get(1) else { continue };
            let prev = clause[..n.start()].chars().next_back();
            let glued = prev.is_some_and(|b| matches!(b, '$' | '€' | '£' | '.' | ',' | '\'') || b.is_ascii_digit());
            if !glued && p.negotiating.is_match(clause) {
                at.push(s + n.start());
            }
        }
        for c in p.bare_back.captures_iter(clause).chain(p.bare_imperative.captures_iter(clause)) {
            let Some(n) = c.get(1) else { continue };
            let word = next_word(clause, n.end());
            let sent = matches!(
                previous_word(clause, n.start()).as_str(),
                "sent"
                    | "send"
                    | "sending"
                    | "returned"
                    | "returning"
                    | "shipped"
                    | "ship"
                    | "shipping"
                    | "mailed"
                    | "posted"
                    | "brought"
                    | "bringing"
                    | "took"
                    | "taken"
                    | "put"
                    | "step"
                    | "steps"
                    | "page"
                    | "pages"
                    | "row"
                    | "rows"
                    | "came"
                    | "went"
                    | "the"
                    | "those"
                    | "these"
                    | "#"
            );
            // Not a part of a grouped figure ("1.299,00 back") nor a figure already signed.
            let prev = clause[..n.start()].chars().next_back();
            let glued =
                prev.is_some_and(|b| matches!(b, '$' | '€' | '£' | '#' | '.' | ',' | '\'') || b.is_ascii_digit());
            // A figure with its currency code before it ("USD 43.37 back") is money already.
            let coded = super::is_currency_code(&previous_word(clause, n.start()))
                || is_currency(&previous_word(clause, n.start()));
            if !sent && !glued && !coded && figure_may_end(clause, n.end(), &word) {
                at.push(s + n.start());
            }
        }
        for c in p.offered.captures_iter(clause) {
            let Some(n) = c.get(1) else { continue };
            let word = next_word(clause, n.end());
            let signed = clause[..n.start()].trim_end().ends_with(['$', '€', '£']);
            if !signed && figure_may_end(clause, n.end(), &word) && word != "for" {
                at.push(s + n.start());
            }
        }
    }
    at.sort();
    at.dedup();
    let mut out = text.to_string();
    for f in at.into_iter().rev() {
        out.insert(f, '$');
    }
    out
}

/// The settlement frames of an offer: "$60 is fair" beside an opinion or a negotiation word, "my offer: $55" (F801).
pub fn offers_a_figure(clause: &str) -> bool {
    static OFFER: OnceLock<Option<Regex>> = OnceLock::new();
    let p = patterns();
    let re = OFFER.get_or_init(|| Regex::new(r"(?i)[$€£]\s?\d|\b\d{1,4}\s?(?:%|percent\b)").ok());
    let offer = p.offered.is_match(clause) || p.valuation.is_match(clause);
    offer && re.as_ref().is_some_and(|re| re.is_match(clause)) && p.negotiating.is_match(clause)
}

/// A question that only supposes (F806): a first-person subject, a verb of receiving money in a question ("would I
/// get", "do I receive", "will we be refunded"), and a condition on the customer's own act ("if I returned it",
/// "were I to send it back"). It asks what the policy would do, not for money: no request. "Could I get the $18.50
/// back?" asks ("could" is a polite request, not a supposition), and so does "would I get it back if possible?".
/// A percentage of a hundred or more wanted back ("100% back", "120 percent of it back"): a request (the share itself is
/// read by [`percent_over_hundred`] and the full-amount grammar).
pub fn percent_back(clause: &str) -> bool {
    patterns().percent_back.is_match(clause)
}

/// Whether the figure at `before`|`after` stands in shown arithmetic ("3 x 19.90 = 59.70"): a part of the customer's own
/// working, money even with no sign (F803).
/// Only in a clause that multiplies a count by a figure ("3 x 19.90"): a sum of lines ("58.00 + 25.00 = 83.00") or an
/// item line ("12 x notebook @ 3.25 = 39.00") keeps its own reading.
pub fn in_arithmetic(before: &str, after: &str, clause: &str) -> bool {
    static TIMES: OnceLock<Option<Regex>> = OnceLock::new();
    let p = patterns();
    let times = TIMES.get_or_init(|| Regex::new(r"\b\d{1,3}\s*[x×]\s*(?:[$€£]\s?)?\d").ok());
    times.as_ref().is_some_and(|t| t.is_match(clause))
        && (p.arithmetic_before.is_match(before) || p.arithmetic_after.is_match(after))
}

/// A question whose form is an inquiry (ADR-890): a clause closed by a question mark that opens (after greetings and
/// discourse words: "hey quick q", "so", "also") with a wh-word or with an auxiliary inverted before its subject ("do
/// u refund the shipping too …?", "does my refund take long to show up?", "would the 15 dollars I paid be refunded
/// too?"), or holds that inversion after a leading condition ("if it breaks on day 30 is it still covered?"), and
/// holds no request form: a modal put to the shop ("can/could/would/will you …"), a first person asking leave ("can
/// I / may I get …"), "is it possible", "any chance", "how/what about", "please", a want. Such a question asks what
/// the policy or the record says, whatever refund word or figure it holds: its figure is no ask. "Why" is left out:
/// "WHY is it so hard to get £30 back?!" is a demand put as a question (b19 `g-053`).
pub fn inquiry_question(clause: &str) -> bool {
    static FORM: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((interrogative, request)) = FORM
        .get_or_init(|| {
            let filler = r"(?:(?:hey|hi|hello|hiya|yo|ok|okay|so|and|but|also|just|um+|uh+|btw|sorry|quick\s+q(?:uestion)?|one\s+more\s+thing|question|q|oh|well|then|now|plus|hmm+)[\s,:;.!-]+)*";
            let subject = r"(?:it|this|that|there|my|the|your|ur|our|they|he|she|we|i|u|you|ya|anyone|these|those)";
            let interrogative = Regex::new(&format!(
                r"(?i)(?:^[\s\W]*|[:—–]\s+){filler}(?:(?:how|when|what|where|which|who|whose)\b(?:\s+about\b)?|(?:do|does|did|is|are|was|were|has|have|had)\s+{subject}\b|(?:would|will|should)\s+(?:it|this|that|the|my|these|those)\b)|\bif\b[^?]{{0,80}}?\s(?:is|are|does|do|did|has|have|was|were|would|will)\s+(?:it|this|that|there|my|the|they|i|we)\b"
            ))
            .ok()?;
            let request = Regex::new(concat!(
                r"(?i)\b(?:can|could|would|will|won'?t|wont|can'?t|cant|couldn'?t|wouldn'?t)\s+(?:you|u|ya|y'all|someone|somebody|anyone|we|i|you\s+guys|your\s+team|it\s+be\s+possible)\b",
                r"|\b(?:may|might)\s+(?:i|we)\b|\bpossible\b|\bany\s+(?:chance|way)\b|\b(?:how|what)\s+about\b",
                r"|\b(?:please|pls|plz|kindly)\b|\b(?:i|we)(?:'d|\s+would)\s+(?:like|love|prefer|want|appreciate)\b",
                r"|\b(?:i|we)\s+(?:want|need|demand|expect|request)\b",
                r"|\b(?:do|does|did|are)\s+(?:you|u)\s+(?:think|mind|want|agree|accept)\b|\bare\s+(?:you|u)\s+(?:going|gonna)\b",
            ))
            .ok()?;
            Some((interrogative, request))
        })
        .as_ref()
    else {
        return false;
    };
    clause.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '”' | '’' | ')')).ends_with('?')
        && interrogative.is_match(clause)
        && !request.is_match(clause)
        && !agreement_tag(clause)
}

/// A tag asking the shop to agree to what the clause proposed ("I'd be happy with half my money back, would that be
/// alright?", "15 back, is that ok?", "does that work?"): the proposal asks; the tag makes it no inquiry (F1610).
pub fn agreement_tag(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:would|will|is|does|could|can)\s+(?:that|this|it)\s+(?:be\s+)?(?:ok|okay|alright|all\s+right|fine|acceptable|agreeable|fair|good|work|do)\b",
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// Whether the text right before a figure or a share turns it down (outside attacks 36 and 47): a negation ("not",
/// "n't", "no", "rather than", "instead of") or a verb of turning down ("keep your $10 voucher", "forget the 10 dollar
/// coupon", "I refuse the 10 dollar credit", "no to the $15 store credit"), an optional verb of wanting or giving, a determiner — "a full refund, not a 10
/// euro voucher", "I don't want 15% off", "don't send me 15 euros of credit", "not the full 45.99, just 15.00". What is
/// declined is never asked. A bound ("not more than half", "no less than 20") and a restriction ("not just 20") name
/// what is asked, so no word of either may stand between the negation and the figure.
pub fn declined_before(head: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)(?:\bnot|n't|\bno|\brather\s+than|\binstead\s+of|\bkeep|\bforget(?:\s+about)?|\brefuse|\breject|\bdecline|\bno\s+to)\s+",
            r"(?:(?:want|need|like|accept|asking\s+for|ask\s+for|take|looking\s+for)\s+)?",
            r"(?:(?:please|pls|kindly)\s+)?(?:(?:send|give|offer|refund|pay|credit)\s+(?:me|us)\s+)?",
            r"(?:(?:a|an|the|your|any|my|full|whole)\s+)*(?:[$€£]\s?|(?:usd|eur|gbp|aud|cad|nzd|chf)\s?)?$",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(head))
}

pub fn supposing_question(clause: &str) -> bool {
    let p = patterns();
    clause.contains('?') && p.supposing.is_match(clause) && p.condition.is_match(clause)
}

/// Two figures offered as alternatives in one sentence that asks ("I'd take 20 back and keep it, or 35 if I send it
/// back"; "either 15 back or the whole 40"): "or" between them, a figure on each side, and no threat after the "or"
/// ("refund 30 or I'm never shopping here again"). Nothing can be settled from it (U1, F805).
pub fn offered_alternatives(text: &str) -> bool {
    static NUMBER: OnceLock<Option<Regex>> = OnceLock::new();
    static THREAT: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(number), Some(threat)) = (
        NUMBER.get_or_init(|| Regex::new(r"(?:[$€£]\s?)?\b\d{1,6}(?:[.,]\d{1,2})?\b").ok()).as_ref(),
        THREAT
            .get_or_init(|| {
                Regex::new(r"(?i)^\s*,?\s*(?:else|otherwise|i'?ll|i\s+will|i'?m|i\s+am|we'?ll|we\s+will|you'?ll|i\s+shall|i\s+go)\b")
                    .ok()
            })
            .as_ref(),
    ) else {
        return false;
    };
    // Sentences: clauses joined back where a clause ends with a comma-free break is not needed; a sentence ends at . ! ? or
    // a line end.
    let mut start = 0;
    let mut sentences = Vec::new();
    for (i, ch) in text.char_indices() {
        if matches!(ch, '.' | '!' | '?' | '\n')
            && text[i + ch.len_utf8()..].chars().next().is_none_or(char::is_whitespace)
        {
            sentences.push((start, i));
            start = i + ch.len_utf8();
        }
    }
    sentences.push((start, text.len()));
    sentences.into_iter().any(|(s, e)| {
        let sentence = &text[s..e];
        let lower = sentence.to_lowercase();
        let asks = clauses(sentence).into_iter().any(|(a, b)| clause_intent(&sentence[a..b]).request);
        if !asks {
            return false;
        }
        // A figure is money here when it has a sign or stands as an amount: not a count ("2 units", "3 days").
        let figures: Vec<(usize, i64)> = number
            .find_iter(sentence)
            .filter(|m| {
                let word = next_word(sentence, m.end());
                // A reference is no figure: "#1234", "order 1234 or 1235".
                let reference = sentence[..m.start()].ends_with('#')
                    || matches!(
                        previous_word(sentence, m.start()).as_str(),
                        "order"
                            | "no"
                            | "number"
                            | "ref"
                            | "id"
                            | "invoice"
                            | "ticket"
                            | "case"
                            | "item"
                            | "sku"
                            | "po"
                    );
                if reference {
                    return false;
                }
                m.as_str().starts_with(['$', '€', '£'])
                    || figure_may_end(sentence, m.end(), &word)
                    || is_currency(&word)
            })
            .filter_map(|m| {
                let digits = m.as_str().trim_start_matches(['$', '€', '£', ' ']);
                Some((m.start(), super::to_cents(digits)?))
            })
            .collect();
        lower.match_indices(" or ").any(|(at, _)| {
            let after = &lower[at + 3..];
            if threat.is_match(after) || after.trim_start().starts_with("rather") {
                return false;
            }
            let left: Vec<i64> = figures.iter().filter(|f| f.0 < at).map(|f| f.1).collect();
            let right: Vec<i64> = figures.iter().filter(|f| f.0 > at).map(|f| f.1).collect();
            match (left.last(), right.first()) {
                (Some(a), Some(b)) => a != b,
                _ => false,
            }
        })
    })
}

/// Whether a number is offered as the alternative of another that counts a noun ("10 or 12 screws", outside attack
/// 53): given the text after the first number, both are counts of the noun, no figure.
pub(super) fn counted_alternative_after(after: &str) -> bool {
    static COUNTED_ALTERNATIVE: OnceLock<Option<Regex>> = OnceLock::new();
    COUNTED_ALTERNATIVE
        .get_or_init(|| Regex::new(r"(?i)^\s*(?:or|to)\s+\d{1,4}\s+([a-z]+)").ok())
        .as_ref()
        .and_then(|re| re.captures(after))
        .and_then(|c| c.get(1))
        .is_some_and(|noun| {
            let noun = noun.as_str().to_lowercase();
            !is_currency(&noun)
                && !matches!(
                    noun.as_str(),
                    "please" | "back" | "pls" | "thanks" | "refund" | "refunded" | "usd" | "eur" | "gbp"
                )
        })
}

fn is_currency(word: &str) -> bool {
    matches!(
        word,
        "dollars"
            | "dollar"
            | "bucks"
            | "euros"
            | "euro"
            | "pounds"
            | "pound"
            | "quid"
            | "usd"
            | "eur"
            | "gbp"
            | "francs"
    )
}

/// A percentage of more than a hundred in a clause that asks ("I want 150% back", "one hundred and twenty percent of
/// the price"): an over-ask of that share of the order (F801). The percentage, if any.
pub fn percent_over_hundred(text: &str) -> Option<i64> {
    let p = patterns();
    clauses(text).into_iter().filter(|(s, e)| clause_intent(&text[*s..*e]).request).find_map(|(s, e)| {
        p.percent.captures_iter(&text[s..e]).find_map(|c| {
            let n = &c[1];
            let v = n.parse::<i64>().ok().or_else(|| number_value(n))?;
            (v > 100 && v <= 10_000).then_some(v)
        })
    })
}

/// Who speaks in a helpdesk export (F804): the line that opens the customer's own message ("Customer wrote:",
/// "Message from the client:").
pub fn opens_customer_block(line: &str) -> bool {
    patterns().customer_block.is_match(line.trim())
}

/// An agent's or a staff member's note ("Internal note (agent Mara): …", "[Note from agent Priya - internal: …]"):
/// the desk's own words, not the customer's ask.
pub fn agent_note(line: &str) -> bool {
    patterns().agent_note.is_match(line.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_compile_and_read_their_forms() {
        assert!(std::ptr::eq(patterns(), patterns()));
        assert_eq!(mixed_figures("my 12 fifty back"), "my $12.50 back");
        assert_eq!(mixed_figures("the 4k monitor"), "the 4k monitor");
        assert_eq!(mixed_figures("meet at 7 thirty"), "meet at 7 thirty");
        assert_eq!(mixed_figures("need 1.2k back"), "need $1200.00 back");
        assert_eq!(mixed_figures("38 euros with 50."), "38.50 euros.");
        assert!(supposing_question("would I get the 25.99 back if I returned it?"));
        assert!(!supposing_question("Could I get the 25.99 back please?"));
        assert!(opens_customer_block("Customer wrote:"));
        assert!(agent_note("--- Internal note (agent Mara, not visible to customer): VIP ---"));
    }
}
