//! close39 (issue 16, ADR-1270…ADR-1273): a request is a request. When one clause of the customer's own words asks
//! money back by its structure, an acknowledgement or a status reading of *another* clause must not turn the ticket
//! into an inquiry. The ticket's intent is the union of its clauses' acts (`intent_in` in classify.rs), so an ask the
//! clause grammar does not know is lost to whatever the other clauses read as. The forms read here:
//!
//! - an asking verb taken up again ("I ask again for the 65,00", "we request once more the refund");
//! - an imperative of giving money back whose object has words between its determiner and its money noun
//!   ("Please return the one more time money to me");
//! - a want of a thing back, its price in the same clause ("I just want the honey back, it was 11.50"), or of "one"
//!   back when the ticket reports a duplicate charge ("want one back");
//! - a figure asked with "please" and nothing else ("32 for the two please", "Refund AED 110 please");
//! - "can I get something like that back?" with a figure in the clause;
//! - a processing imperative closed by a time adverbial ("Please action at your earliest convenience"), which asks
//!   what the clauses before it named, as the bare one does (ADR-951).
//!
//! And two readings of other clauses that swallowed an ask: "just asking for that $12 back" is an ask, not the
//! disclaimer "just asking"; and a money figure ("GBP 60.00") is no date, so a fresh ask beside a pending refund is
//! not read as the earlier request it chases.

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// A money figure: a number with a currency sign or code before or after it, or with two decimals.
const FIG: &str = r"(?:(?:[$€£]|\b(?:usd|eur|gbp|aed|chf|sgd|hkd|aud|cad|nzd|pln|inr|sek|nok|dkk|czk|huf|zar|jpy|rs)\.?\s?)\d+(?:[.,]\d+)*|\b\d+(?:[.,]\d{1,2})?\s?(?:€|£|\$|zł|usd\b|eur\b|gbp\b|aed\b|euros?\b|pounds?\b|quid\b|dollars?\b|bucks\b)|\b\d+[.,]\d{2}\b)";

/// A figure asked with "please" and nothing else: a money figure ("18.00 back pls", "Refund AED 110 please", "22.50
/// please"); a bare number only as a result ("so 32 please", "refund 40 please") or with what it is for or "back" ("12
/// for that one please", "30 back please") — "2 please" or "a table for 4 please" is a quantity. The figure is group
/// 1, 2 or 3.
const PLEASE_ASK: &str = concat!(
    r"(?:(?:(?:so|then|just|only|refund|refunds)\s+)?((?:(?:[$€£]|\b(?:usd|eur|gbp|aed|chf|sgd|hkd|aud|cad|nzd|pln|inr|sek|nok|dkk|czk|huf|zar|jpy|rs)\.?\s?)\d+(?:[.,]\d+)*|\b\d+(?:[.,]\d{1,2})?\s?(?:€|£|\$|zł|usd\b|eur\b|gbp\b|aed\b|euros?\b|pounds?\b|quid\b|dollars?\b|bucks\b)|\b\d+[.,]\d{2}\b))\s+(?:(?:for|on)\s+(?:the|those|these|that|this|my|both|each|them)\b(?:\s+[\w-]+){0,2}?\s+)?(?:back\s+)?",
    r"|(?:so|then|refund|refunds)\s+(\d+)\s+(?:(?:for|on)\s+(?:the|those|these|that|this|my|both|each|them)\b(?:\s+[\w-]+){0,2}?\s+)?(?:back\s+)?",
    r"|\b(\d+)\s+(?:(?:for|on)\s+(?:the|those|these|that|this|my|both|each|them)\b(?:\s+[\w-]+){0,2}?\s+(?:back\s+)?|back\s+))",
    // "please" closes the ask: the clause ends, or a comma, "and", "at …", thanks follow — never another
    // imperative ("$87, please tell me when the new colours ship" asks a question).
    r"(?:please|pls|plz)(?:\W*$|\s*[,;:!.)]|\s+(?:and|at|asap|thanks?|thank\s+you|thx|cheers|now|today|urgently)\b)",
);

/// Whether a clause holds a money figure.
fn has_figure(clause: &str) -> bool {
    static F: OnceLock<Option<Regex>> = OnceLock::new();
    re(&F, &format!("(?i){FIG}")).is_some_and(|r| r.is_match(clause))
}

/// Whether the clause asks money back by one of the structures above. `duplicate`: the ticket reports a duplicate
/// charge, so "one back" is one of the charges. `told`: the clause itself was read as thanks for or a question about
/// a refund ("got the 45.00 back, please close"): then only an asking verb or an imperative of giving asks.
/// `money_before`: an earlier clause named money ("was about 30 quid. can i get something like that back?").
pub fn asks(clause: &str, duplicate: bool, told: bool, money_before: bool) -> bool {
    static AGAIN: OnceLock<Option<Regex>> = OnceLock::new();
    static GIVE: OnceLock<Option<Regex>> = OnceLock::new();
    static THING_BACK: OnceLock<Option<Regex>> = OnceLock::new();
    static ONE_BACK: OnceLock<Option<Regex>> = OnceLock::new();
    static PLEASE: OnceLock<Option<Regex>> = OnceLock::new();
    static GET_BACK: OnceLock<Option<Regex>> = OnceLock::new();
    let again = re(
        &AGAIN,
        &format!(
            r"(?i)\b(?:i|we)\s+(?:(?:am|are|'m|'re)\s+)?(?:ask|asking|request|requesting|claim|claiming|demand|demanding)\s+(?:(?:again|once\s+(?:again|more)|one\s+more\s+time|a\s+second\s+time|anew|now|also|still|formally|kindly|politely|respectfully)\s+)+(?:you\s+)?(?:for\s+)?(?:(?:the|my|a|an|our)\s+)?(?:full\s+|whole\s+)?(?:{FIG}|refund\w*|money\b|reimbursement|amount\b|payment\b)"
        ),
    );
    let give = re(
        &GIVE,
        r"(?i)(?:^\W*|[.!?;:,]\s*|\b(?:please|pls|plz|kindly)\s+(?:to\s+)?)(?:(?:return|give\s+back|send\s+back|pay\s+back)\s+(?:(?:me|us)\s+)?(?:the|my|our|this|that)\s+(?:[\w'-]+\s+){1,5}?(?:money|amount|payment|sum)|(?:give|send|transfer)\s+(?:back\s+)?(?:(?:me|us)\s+)?(?:the|my|our|this|that)\s+(?:[\w'-]+\s+){1,5}?money)\b",
    );
    let thing_back = re(
        &THING_BACK,
        r"(?i)\b(?:i|we)(?:'d|\s+would|\s+do)?\s+(?:(?:just|only|really|simply|honestly|still|also)\s+)*(?:want|need|like)\s+(?:the|my|our|this|that|these|those)\s+(?:[\w'-]+\s+){0,3}?back\b",
    );
    let one_back = re(
        &ONE_BACK,
        r"(?i)\b(?:want|need|like|get|have|refund|return|reverse|put|give|send)\s+(?:(?:just|only)\s+)?(?:one|one\s+of\s+(?:them|those|these|the\s+[\w-]+)|the\s+(?:extra|second|other|double|duplicate)(?:\s+[\w-]+)?)\s+back\b",
    );
    let please = re(&PLEASE, &format!(r"(?i)(?:^|[\s,;:(]){PLEASE_ASK}"));
    let get_back = re(
        &GET_BACK,
        r"(?i)\b(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:get|have)\s+(?:something|some|that|it|a\s+bit|any|part)\b(?:\s+[\w'-]+){0,3}?\s+back\b",
    );
    let hit = |r: Option<&Regex>| r.is_some_and(|r| r.find_iter(clause).any(|m| !negated_before(&clause[..m.start()])));
    if hit(again) || hit(give) || !unframed_figures(clause).is_empty() || whole_back(clause) {
        return true;
    }
    // Below, the weak forms: never in a clause told as thanks or a status, nor in one that adds figures up ("the 30
    // pounds plus the 8 for the courier please, 38 in total": an over-ask the full-plus reading refuses, ADR-1107).
    if told || additive(clause) {
        return false;
    }
    if hit(thing_back) && has_figure(clause) {
        return true;
    }
    if duplicate && hit(one_back) {
        return true;
    }
    if hit(get_back) && (has_figure(clause) || money_words(clause) || money_before) {
        return true;
    }
    please.is_some_and(|r| {
        r.captures_iter(clause).any(|c| {
            (1..=3)
                .find_map(|i| c.get(i))
                .is_some_and(|m| !identifier_before(&clause[..m.start()]) && !negated_before(&clause[..m.start()]))
        })
    })
}

/// F1614: a clause that is the whole amount and "back" with no verb ("Full price back.", "All of it back.", "a grand
/// back, this ruined my party", "Everything back please"), or a claim of what the writer deserves ("I deserve
/// double", "we deserve a full refund"): an ask with its verb left out. Not "money back guarantee", "back then", "back in
/// the box".
fn whole_back(clause: &str) -> bool {
    static BACK: OnceLock<Option<Regex>> = OnceLock::new();
    static DESERVE: OnceLock<Option<Regex>> = OnceLock::new();
    let back = re(
        &BACK,
        &format!(
            r"(?i)^\W*(?:(?:so|just|then|ok|okay|and|but|no|now)\W+)*(?:(?:the|my|our)\s+)?(?:full\s+(?:price|amount|sum|cost|payment)|whole\s+(?:thing|amount|price|sum|lot|payment)|entire\s+(?:amount|price|sum|payment)|all\s+of\s+(?:it|my\s+money|the\s+money)|all|everything|(?:a|one)\s+grand|(?:my|our)\s+money|{OBJECT})\s+back\b"
        ),
    );
    let deserve = re(
        &DESERVE,
        &format!(
            r"(?i)\b(?:i|we)\s+deserve\s+(?:(?:at\s+least|nothing\s+less\s+than)\s+)?(?:double|twice|triple|(?:a\s+)?(?:full\s+)?refund|(?:my|our)\s+money\s+back|compensation|{OBJECT})"
        ),
    );
    let verbless = back.and_then(|r| r.find(clause)).is_some_and(|m| {
        let next = clause[m.end()..].trim_start_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
        let word = next.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
        !matches!(word, "guarantee" | "policy" | "then" | "in" | "home" | "to" | "from" | "when" | "at" | "on" | "into")
    });
    verbless || deserve.is_some_and(|r| r.is_match(clause))
}

/// A money figure in any currency the reader knows, or a bare number of two or more digits (or with decimals): the
/// object of an ask whose frame already says it is money ("you return me 160", "asking: 800 please").
const OBJECT: &str = r"(?:(?:[$€£₵₴]|\bgh[₵¢]|\b(?:usd|eur|gbp|aed|chf|sgd|hkd|aud|cad|nzd|pln|inr|sek|nok|dkk|czk|huf|zar|jpy|rs|rm|myr|ghs|uah|sar|kes|ngn)\.?\s?)\d+(?:[.,]\d+)*|\b\d{2,}(?:[.,]\d{1,2})?\b|\b\d+[.,]\d{2}\b)";

/// ask40 (ADR-1291): the figures a clause asks by a structure with no asking verb the grammar knows, read from how the
/// clause is built, not from its words:
///
/// - a transfer verb in its base form whose recipient is the writer, its object a figure ("you return me 160",
///   "Please return to me 300 ₴", "Return me please 60", "Kindly to return me 45", "You send me 40"): the dative
///   says the money comes to the writer, the base form that it has not come yet — a past time in the clause ("you
///   return me 60 last week") tells a transfer made, and asks nothing;
/// - a figure with "please" after a colon or an equals sign, the ask the sentence before leads into ("so I'm asking:
///   800 please", "= RM58 pls", "Amount: 20.00 please");
/// - a want whose money comes back after an apposition or a comma, the subject "I" said or dropped ("I want
///   seiscientos, 600, back", "Want the rest back, 900", "I want, what, 120 back"): a want of the writer's, with
///   "back", and a figure in the clause;
/// - a refund caused by the writer's proposal ("let's get the 620.00 refunded", "Please get the 650.00 credited back
///   to the card"): a hortative or a request whose verb is "get/have" and whose complement is money made to come back.
///
/// Never in a question, a negated frame, or a clause that adds figures up (the over-ask readings take those).
/// Whether the words before a transfer verb make it the infinitive of an act told ("it took two months to", "they
/// managed to", "never bothered to"): the transfer is then someone's past act, no ask.
fn story_infinitive(before: &str) -> bool {
    static STORY: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &STORY,
        r"(?i)\b(?:took|takes|taking|managed|bothered|tried|failed|used|needed\s+\w+\s+\w+)\b[^.;!?\n]{0,60}\bto\s*$",
    )
    .is_some_and(|r| r.is_match(before))
}

pub fn unframed_figures(clause: &str) -> Vec<i64> {
    static DATIVE: OnceLock<Option<Regex>> = OnceLock::new();
    static COLON: OnceLock<Option<Regex>> = OnceLock::new();
    static WANT_BACK: OnceLock<Option<Regex>> = OnceLock::new();
    static CAUSED: OnceLock<Option<Regex>> = OnceLock::new();
    static PAST: OnceLock<Option<Regex>> = OnceLock::new();
    static NUMBER: OnceLock<Option<Regex>> = OnceLock::new();
    if clause.contains('?') {
        return Vec::new();
    }
    let dative = re(
        &DATIVE,
        &format!(
            r"(?i)\b(?:return|give|send|pay|refund|transfer|wire)\s+(?:back\s+)?(?:to\s+)?(?:me|us)\s+(?:back\s+)?(?:(?:please|pls|plz|kindly)\s+)?(?:(?:the|my|our)\s+)?(?:money\s+)?({OBJECT})"
        ),
    );
    let colon = re(
        &COLON,
        &format!(
            r"(?i)[:=]\s*({OBJECT})(?:\s?(?:€|£|\$|₵|₴|грн|uah|rm|myr|ghs|cedis?|euros?|pounds?|dollars?))?\s+(?:back\s+)?(?:please|pls|plz)\b"
        ),
    );
    let want_back = re(
        &WANT_BACK,
        r"(?i)(?:^|[^\w'])((?:(?:i|we)(?:'d|\s+would|\s+do)?\s+)?(?:(?:just|only|really|still|also|now|so|then)\s+)*(?:want|need|wanna)\b[^.;\n]{0,40}?\bback\b)",
    );
    let caused = re(
        &CAUSED,
        &format!(
            r"(?i)\b(?:let'?s|lets|let\s+us|please|pls|plz|kindly)\s+(?:just\s+)?(?:get|have)\s+(?:(?:the|my|our|this|that|those|these)\s+)?(?:[\w'-]+\s+){{0,3}}?({OBJECT})(?:\s+[\w'-]+){{0,3}}?\s+(?:refunded|reimbursed|credited|paid\s+back|returned)\b"
        ),
    );
    let past = re(
        &PAST,
        r"(?i)\b(?:last\s+(?:week|month|time|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|ago|already|earlier|before|received?|got|arrived)\b",
    );
    let number = re(&NUMBER, &format!(r"(?i){OBJECT}"));
    let mut out = Vec::new();
    let ok = |at: usize| !negated_before(&clause[..at]) && !identifier_before(&clause[..at]);
    let past_told = past.is_some_and(|p| p.is_match(clause));
    // The dative tells a transfer made when the clause puts it in the past; a caused refund is proposed whatever.
    for (r, past_blocks) in [(dative, true), (caused, false)] {
        for c in r.iter().flat_map(|r| r.captures_iter(clause)) {
            let (Some(m), Some(f)) = (c.get(0), c.get(1)) else { continue };
            // "another site took two months to refund me 30": a transfer someone made, told as a story.
            let told = past_told || story_infinitive(&clause[..m.start()]);
            if ok(m.start()) && !identifier_before(&clause[..f.start()]) && !(past_blocks && told) {
                out.extend(cents(f.as_str()));
            }
        }
    }
    if !additive(clause) {
        if let Some(r) = colon {
            for c in r.captures_iter(clause) {
                let Some(f) = c.get(1) else { continue };
                if ok(f.start()) {
                    out.extend(cents(f.as_str()));
                }
            }
        }
        if let (Some(r), Some(n)) = (want_back, number) {
            for c in r.captures_iter(clause) {
                let Some(m) = c.get(1) else { continue };
                if !ok(m.start()) || !first_person_want(&clause[..m.start()]) || past_told {
                    continue;
                }
                let figures: Vec<i64> = n
                    .find_iter(clause)
                    .filter(|f| !identifier_before(&clause[..f.start()]) && !count_after(&clause[f.end()..]))
                    .filter_map(|f| cents(f.as_str()))
                    .collect();
                if let [one] = figures.as_slice() {
                    out.push(*one);
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The words before a want leave its subject the writer: nothing, a first-person subject or a conjunction or adverb
/// that starts a clause of its own ("so want the rest back", "Want the rest back"). "do u want the old one back",
/// "she wants …", "if you want it back" are someone else's want.
fn first_person_want(before: &str) -> bool {
    let last = before.split(|c: char| !(c.is_alphanumeric() || c == '\'')).rfind(|w| !w.is_empty());
    match last.map(str::to_lowercase) {
        None => true,
        Some(w) => {
            matches!(
                w.as_str(),
                "i" | "we"
                    | "i'd"
                    | "we'd"
                    | "so"
                    | "and"
                    | "but"
                    | "then"
                    | "now"
                    | "ok"
                    | "okay"
                    | "just"
                    | "only"
                    | "really"
                    | "still"
                    | "also"
                    | "hello"
                    | "hi"
                    | "please"
                    | "pls"
                    | "thanks"
            ) || before.trim_end().ends_with([',', '.', ':', '-', '!'])
        }
    }
}

/// A number followed by what it counts ("2 days", "3 pcs", "10 percent"): no money.
pub(crate) fn count_after(after: &str) -> bool {
    static COUNT: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &COUNT,
        r"(?i)^\s?(?:%|percent|per\s+cent|days?|weeks?|months?|years?|hours?|h\b|mins?|minutes?|pcs|pieces?|items?|units?|times|x\b|kg|g\b|cm|mm|m\b|km|l\b|ml|am\b|pm\b|th\b|st\b|nd\b|rd\b)",
    )
    .is_some_and(|r| r.is_match(after))
}

/// A negation in the few words before a frame takes it back ("I don't ask again for …", "not 32 please").
fn negated_before(before: &str) -> bool {
    static NEG: OnceLock<Option<Regex>> = OnceLock::new();
    re(&NEG, r"(?i)\b(?:don'?t|do\s+not|doesn'?t|didn'?t|did\s+not|won'?t|not|never|no\s+need\s+to)\s+(?:\S+\s+){0,2}$")
        .is_some_and(|r| r.is_match(before))
}

/// The figures (in cents) the clause's asking verb taken up again or its figure asked with "please" name: "32 for
/// the two please" → 3200, "I ask again for the 65,00" → 6500. Identifiers are not figures.
pub fn asked_figures(clause: &str) -> Vec<i64> {
    static AGAIN_FIG: OnceLock<Option<Regex>> = OnceLock::new();
    static PLEASE_FIG: OnceLock<Option<Regex>> = OnceLock::new();
    let again = re(
        &AGAIN_FIG,
        &format!(
            r"(?i)\b(?:i|we)\s+(?:(?:am|are|'m|'re)\s+)?(?:ask|asking|request|requesting|claim|claiming|demand|demanding)\s+(?:(?:again|once\s+(?:again|more)|one\s+more\s+time|a\s+second\s+time|anew|now|also|still|formally|kindly|politely|respectfully)\s+)+(?:you\s+)?(?:for\s+)?(?:(?:the|my|a|an|our)\s+)?(?:full\s+|whole\s+)?(?:refund\s+(?:of\s+)?)?({FIG})"
        ),
    );
    let please = re(&PLEASE_FIG, &format!(r"(?i)(?:^|[\s,;:(]){PLEASE_ASK}"));
    let mut out: Vec<i64> = [again, please]
        .into_iter()
        .flatten()
        .flat_map(|r| r.captures_iter(clause).collect::<Vec<_>>())
        .filter_map(|c| (1..=3).find_map(|i| c.get(i)))
        .filter(|m| !identifier_before(&clause[..m.start()]))
        .filter_map(|m| cents(m.as_str()))
        .collect();
    out.extend(unframed_figures(clause));
    out.sort_unstable();
    out.dedup();
    out
}

/// The cents of a written figure: its digits, a decimal point or comma before two final digits; a currency sign or
/// code dropped. "65,00" → 6500, "GBP 45.00" → 4500, "32" → 3200, "1,200" → 120000.
fn cents(figure: &str) -> Option<i64> {
    let digits: String = figure.chars().filter(|c| c.is_ascii_digit() || *c == '.' || *c == ',').collect();
    let digits = digits.trim_matches(|c| c == '.' || c == ',');
    let (major, minor) = match digits.rfind(['.', ',']) {
        Some(at) if digits.len() - at - 1 == 2 => (&digits[..at], &digits[at + 1..]),
        _ => (digits, "00"),
    };
    let major: String = major.chars().filter(char::is_ascii_digit).collect();
    let v = major.parse::<i64>().ok()?.checked_mul(100)?.checked_add(minor.parse::<i64>().ok()?)?;
    (v > 0).then_some(v)
}

/// Figures added up in the clause ("plus", "+", "on top", "in total").
fn additive(clause: &str) -> bool {
    static ADD: OnceLock<Option<Regex>> = OnceLock::new();
    re(&ADD, r"(?i)\bplus\b|\+|\bon\s+top\b|\bin\s+total\b|\btotal\s+of\b|\bas\s+well\b|\balso\b")
        .is_some_and(|r| r.is_match(clause))
}

/// A money word beside a figure said loosely ("roughly 30 quid").
fn money_words(clause: &str) -> bool {
    static M: OnceLock<Option<Regex>> = OnceLock::new();
    re(&M, r"(?i)\b\d+\s*(?:quid|bucks|euros?|pounds?|dollars?)\b").is_some_and(|r| r.is_match(clause))
}

/// The words before a number name it an identifier ("order 4471 please", "ticket #88 pls").
pub(crate) fn identifier_before(before: &str) -> bool {
    static ID: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &ID,
        r"(?i)\b(?:order|orders|no|nr|number|ref|reference|case|ticket|invoice|item|sku|room|flat|apt|page|tracking|id|rma|inc|cs|#)\s*[#:.-]?\s*(?:(?:so|then|just|only|refund|refunds)\s+)?$",
    )
    .is_some_and(|r| r.is_match(before))
}

/// A processing imperative closed by a time or manner adverbial and nothing else ("Please action at your earliest
/// convenience.", "Kindly process asap", "please arrange this by Friday"): it asks what the clauses before it named,
/// as the bare imperative does (ADR-951).
pub fn timed_processing(clause: &str) -> bool {
    static TIMED: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &TIMED,
        r"(?i)^\W*(?:(?:please|pls|plz|kindly|so|and|now)\s+)+(?:action|process|proceed|arrange|issue|complete|handle|expedite|settle)\s+(?:(?:this|it|same|the\s+same|accordingly)\s+)?(?:at\s+(?:your\s+)?(?:earliest\s+convenience|once|the\s+earliest)|as\s+soon\s+as\s+(?:possible|you\s+can)|asap|promptly|without\s+(?:further\s+)?delay|urgently|today|this\s+week|immediately|swiftly|by\s+\w+|within\s+\d+\s+\w+(?:\s+days)?)\W*$",
    )
    .is_some_and(|r| r.is_match(clause.trim()))
}

/// The disclaimer "just asking" (a question only) is an ask when it asks for money ("I'm just asking for that $12
/// back", "only requesting the 11.50"): a limit on the ask, not a withdrawal of it.
pub fn limited_ask(own: &str) -> bool {
    static LIMITED: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &LIMITED,
        &format!(
            r"(?i)\b(?:just|only|simply|merely)\s+(?:asking|requesting|claiming|wanting)\s+(?:you\s+)?(?:for\s+)?(?:(?:the|that|this|my|a|an|our)\s+)?(?:{FIG}|refund\w*|money|reimbursement|credit|difference|postage|shipping)"
        ),
    )
    .is_some_and(|r| r.is_match(own))
}

/// Money decimals that cannot be dates ("60.00", "GBP 17.99", "12.50") written with a decimal comma, so a reading of
/// dates ("on 3.12") does not take them for one. A day.month or month.day pair ("3.12", "12.05") stays.
pub fn money_not_dates(own: &str) -> String {
    static DEC: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(dec) = re(&DEC, r"\b(\d{1,6})\.(\d{2})\b") else {
        return own.to_string();
    };
    dec.replace_all(own, |c: &regex::Captures| {
        let (a, b) = (c[1].parse::<u32>().unwrap_or(0), c[2].parse::<u32>().unwrap_or(0));
        let date = (1..=31).contains(&a) && (1..=12).contains(&b) || (1..=12).contains(&a) && (1..=31).contains(&b);
        if date { c[0].to_string() } else { format!("{},{}", &c[1], &c[2]) }
    })
    .into_owned()
}

/// A headline participle that is a currency code ("Refund AED 110 please": "AED" ends in "ed"): no participle.
pub fn currency_code(word: &str) -> bool {
    word.len() == 3 && word.chars().all(|c| c.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_structures_ask_and_their_near_misses_do_not() {
        for c in [
            "The loom comb is broken, I ask again for the 65,00.",
            "Please return the one more time money to me.",
            "I just want the honey back, it was 11.50.",
            "The case was 96 and the bottles are 16 each so 32 for the two please.",
            "Refund AED 110 please.",
            "It was roughly 30 quid or thereabouts, can I get something like that back?",
        ] {
            assert!(asks(c, false, false, false), "{c}");
        }
        assert!(asks("want one back", true, false, false));
        assert!(!asks("got the 45.00 back please close the case", false, true, false));
        assert!(asks(" can i get something like that back?", false, false, true));
        assert_eq!(asked_figures("so 32 for the two please."), vec![3200]);
        assert_eq!(asked_figures("I ask again for the 65,00."), vec![6500]);
        assert_eq!(asked_figures("Refund AED 110 please."), vec![11000]);
        assert_eq!(asked_figures("Can you check order 4471 please."), Vec::<i64>::new());
        for c in [
            "want one back",
            "I won't ask again for the 65,00.",
            "Can you check order 4471 please.",
            "Could I order the same scarf in green, 2 please.",
            "A table for 4 please.",
            "The teapot was $87, please tell me when the new colours ship.",
            "The desk lamp was 24.00 please tell me when it ships.",
            "So I'd like the 30 pounds plus the 8 for the courier please, 38 in total.",
            "Please send the total invoice amount for my new order.",
            "I don't want the lamp back, it was 20.00.",
            "I want the lamp back.",
            "Refund of 45.00 received, thanks.",
        ] {
            assert!(!asks(c, false, false, false), "{c}");
        }
        assert!(timed_processing(" Please action at your earliest convenience."));
        assert!(!timed_processing("Please action the return label at your earliest convenience."));
        assert!(limited_ask("so I'm just asking for that $12 back"));
        assert!(!limited_ask("just asking whether you ship to Spain"));
        assert_eq!(money_not_dates("GBP 60.00 on 3.12"), "GBP 60,00 on 3.12");
    }
}
