//! Whose harm, whose words (haz41, issue 16, ADR-1350…ADR-1353): the escalation words read by who holds the harm and
//! who says them, not by the words alone.
//!
//! - **The shop's own words** ([`split_by_side`]): a quoted or forwarded message the thread attributes to the shop
//!   (`speakers::thread`: a support sender, the shop's voice) is not the customer threatening anything. "If you are not
//!   satisfied you may refer your complaint to the Ombudsman", "we have passed this to our legal team" in the shop's
//!   reply are the shop's boilerplate; the legal reading skips them. A hazard or an injury the shop's reply repeats
//!   ("sorry to hear the kettle burned you") still counts (escalating is the safe side).
//! - **A harm that is not this order's** ([`without_harmless_senses`]): an injury told with a time before the order
//!   and nothing pointing at the goods ("Since I broke my wrist last year my husband does the ordering"); a medical
//!   place that is the writer's workplace ("I work in A&E", "she's a nurse on the burns unit"); "burned out" / "burnt
//!   out", the phrasal verb of a thing that stopped working (a bulb, a motor), not a burn; a danger said of a place
//!   the writer lives or works beside ("we're above the bakery, which is dangerous for all of us").
//!
//! - **A smell of smoke held by goods that nothing heats or powers** ([`without_harmless_senses`], haz42, ADR-1391):
//!   "the wool is smelling like smoke", "the rug stinks of smoke", "reeks of cigarette smoke" — an odour the goods
//!   carry, a fault of the goods, when the ticket names nothing that runs on power or heats (a plug, a charger, a
//!   heater, a unit in operation, "when on"). The same smell from a heater or a charger is a hazard, and smoke that
//!   came out of anything is not a smell.
//!
//! Each cut keeps the text's other words: a hazard named elsewhere in the ticket still escalates.

use regex::Regex;
use std::collections::HashSet;
use std::sync::OnceLock;

use super::speakers::{self, Side};

/// The text split by side: the customer's lines (the shop's lines blanked, offsets kept) and the shop's lines.
pub fn split_by_side(text: &str) -> (String, String) {
    let thread = speakers::thread(text);
    let shop: HashSet<String> = thread
        .earlier
        .iter()
        .filter(|s| s.side == Side::Shop || shop_speaks(&s.text))
        .flat_map(|s| s.text.lines().map(|l| l.trim().to_string()).collect::<Vec<_>>())
        .filter(|l| !l.is_empty())
        .collect();
    if shop.is_empty() {
        return (text.to_string(), String::new());
    }
    let (mut own, mut theirs) = (String::with_capacity(text.len()), String::new());
    for line in text.split_inclusive('\n') {
        let bare = line.trim_start().trim_start_matches(|c: char| c == '>' || c.is_whitespace()).trim();
        if !bare.is_empty() && shop.contains(bare) {
            own.extend(line.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
            theirs.push_str(line.trim_start_matches(|c: char| c == '>' || c.is_whitespace()));
            if !line.ends_with('\n') {
                theirs.push('\n');
            }
        } else {
            own.push_str(line);
        }
    }
    (own, theirs)
}

/// A quoted message the thread left to the customer's side that the shop wrote all the same: its first line a "From:"
/// naming a support sender, or the writer speaking of "our … team/department" to "your request/order".
fn shop_speaks(text: &str) -> bool {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.trim_start().to_lowercase().starts_with("from:") && speakers::shop_sender(first) {
        return true;
    }
    // A shop's boilerplate, told by whom it addresses (outside attack 60, `shopquote`): "If you're unhappy with our
    // response, you may refer your complaint to the Retail Ombudsman", "Your statutory rights are not affected", "Our
    // legal team has updated our terms", "Would you like a refund?".
    static BOILERPLATE: OnceLock<Option<Regex>> = OnceLock::new();
    if BOILERPLATE
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\byou\s+(?:may|can|could|are\s+(?:welcome|entitled)\s+to)\s+(?:also\s+)?(?:refer|contact|escalate|take|report|complain|approach)\b",
                r"|\byour\s+statutory\s+rights\b|\bif\s+you(?:'re|\s+are|\s+remain)\s+(?:still\s+)?(?:unhappy|not\s+satisfied|dissatisfied)\s+with\s+(?:our|the|this)\b",
                r"|\bour\s+(?:legal\s+team|lawyers|solicitors|legal\s+department|terms)\b|\bwe\s+(?:follow|comply\s+with|have\s+updated|remind)\b",
                r"|\bwould\s+you\s+like\s+(?:a|us\s+to)\b|\breply\s+to\s+confirm\b",
            ))
            .ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(text))
    {
        return true;
    }
    RE.get_or_init(|| {
        Some((
            Regex::new(r"(?i)\bour\s+(?:\w+\s+)?(?:team|department|dept|store|shop|company|colleagues|agents?|policy)\b").ok()?,
            Regex::new(r"(?i)\byour\s+(?:\w+\s+)?(?:request|order|complaint|refund|account|purchase|claim|ticket|case|query|enquiry|inquiry)\b").ok()?,
        ))
    })
    .as_ref()
    .is_some_and(|(ours, yours)| ours.is_match(text) && yours.is_match(text))
}

/// Words of a legal threat (a body, a lawyer, a court, a claim): a match of the safety words that is one of these is
/// a legal reading, which the shop's own lines do not make.
pub fn legal_word(span: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:legal|lawyers?|attorneys?|solicitors?|lawsuit|sue|suing|sued|court|small\s+claims|consumer|",
            r"trading\s+standards|ombudsm[ae]n|better\s+business\s+bureau|bbb|ftc|accc|cfpb|attorney\s+general)\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(span))
}

struct Senses {
    burn_out: Regex,
    sentence_past: Regex,
    points_at_goods: Regex,
    injury: Regex,
    legal: Regex,
    workplace: Regex,
    place_danger: Regex,
    smoke_odour: Regex,
    powered: Regex,
    laundering: Regex,
}

fn senses() -> Option<&'static Senses> {
    static S: OnceLock<Option<Senses>> = OnceLock::new();
    S.get_or_init(|| {
        Some(Senses {
            // The phrasal verb "burn out": a thing that stopped working. A burn of a person has no "out".
            burn_out: Regex::new(r"(?i)\bburn(?:ed|t|s|ing)?(?:\s+|-)out\b").ok()?,
            // A time before the order: a past year or season, years ago, childhood.
            sentence_past: Regex::new(concat!(
                r"(?i)\b(?:last\s+(?:year|spring|summer|autumn|fall|winter|christmas|easter)|(?:a\s+few|a\s+couple\s+of|\d+|two|three|four|five|six|ten|many)\s+years\s+(?:ago|back)|",
                r"years\s+(?:ago|back)|(?:back\s+)?in\s+(?:19|20)\d\d|as\s+a\s+(?:child|kid|teenager|teen|boy|girl|baby)|when\s+(?:i|he|she)\s+was\s+(?:a\s+|an\s+|\d+|young|little|small|younger)|",
                r"since\s+(?:my|his|her)\s+(?:\w+\s+)?(?:surgery|operation|op|accident|fall|stroke|injury|fracture))\b",
            ))
            .ok()?,
            // A word that points the sentence at the shop or the goods: then the harm may be theirs.
            points_at_goods: Regex::new(
                r"(?i)\b(?:you|your|yours|this|these|it|its|it's|again|same|product|item|order|ordered|bought|purchased|arrived|delivered|sent|using|used)\b",
            )
            .ok()?,
            injury: Regex::new(
                r"(?i)\b(?:injur\w*|hurt\w*|broke|broken|fractur\w*|sprain\w*|burn\w*|scald\w*|cut|bruis\w*|surgery|operation|hospital\w*|a\s*&\s*e|stitches|concussion|accident|fell|fall)\b",
            )
            .ok()?,
            legal: Regex::new(r"(?i)\b(?:lawyer|solicitor|attorney|sue|sued|court|claim|ombuds\w*|standards|regulator)\w*").ok()?,
            // A medical place as a workplace: "I work in A&E", "she's a nurse at the hospital", "on nights in the ER".
            workplace: Regex::new(concat!(
                r"(?i)\b(?:i|i'?m|i\s+am|we|we'?re|he|he'?s|she|she'?s|they|they'?re|my\s+\w+(?:\s+\w+)?)\s+",
                r"(?:work(?:s|ed|ing)?|used\s+to\s+work|volunteer\w*|(?:is|am|are|was|were|'s|'m)\s+(?:a|an)\s+(?:\w+\s+)?(?:nurse|doctor|paramedic|medic|porter|surgeon|physio\w*|carer|cleaner|receptionist|midwife|consultant|registrar))",
                r"(?:\s+(?:as\s+an?\s+\w+|nights|shifts|days))?\s+(?:in|at|on|for)\s+(?:the\s+|a\s+|our\s+|my\s+)?(?:local\s+)?",
                r"(?:a\s*&\s*e|er|icu|emergency\s+(?:room|department)|hospital|clinic|ward|burns?\s+unit|minor\s+injur\w+(?:\s+unit)?|surgery|gp\s+practice|ambulance\s+service|nhs)\b",
            ))
            .ok()?,
            // A danger said of a place beside the writer: "above the bakery, which is dangerous for all of us".
            place_danger: Regex::new(concat!(
                r"(?i)\b(?:above|below|under|beneath|next\s+(?:door\s+)?to|near|opposite|across\s+from|beside|round\s+the\s+corner\s+from|close\s+to)",
                r"\s+(?:the|a|an|our|my)\s+(?:\w+\s+){0,2}?\w+,?\s+(?:which|that)(?:'s|\s+is|\s+was)\s+(?:\w+\s+)?(?:dangerous|deadly|lethal|a\s+danger)\b",
            ))
            .ok()?,
            // Smoke as an odour: smelling/stinking/reeking of or like smoke, a smoke smell, cigarette smoke.
            smoke_odour: Regex::new(concat!(
                r"(?i)\b(?:smell\w*|stink\w*|stank|stunk|reek\w*|whiff|odou?rs?|stench|pong\w*|smelt)\s+(?:\w+\s+){0,2}?(?:of|like)\s+",
                r"(?:(?:stale|old|cigarette|cigar|tobacco|wood|bonfire|strong|heavy|a|the|some)\s+){0,2}(?:smoke|smoky|smokey|smoking|smokers?|cigarettes?|ashtrays?)\b",
                r"|\b(?:(?:stale|old|strong|heavy|a|the)\s+)?(?:smoke|smoky|smokey|cigarette|tobacco)\s+(?:smell|odou?r|stench|whiff|pong)s?\b",
                r"|\b(?:cigarette|cigar|tobacco)\s+smoke\b",
            ))
            .ok()?,
            // Anything in the ticket that runs on power or heats: then a smell of smoke may be the goods burning.
            powered: Regex::new(concat!(
                r"(?i)\b(?:plug\w*|sockets?|outlets?|charg\w*|batter(?:y|ies)|electr\w*|power\w*|switch\w*|mains|wir(?:e|es|ing)|cables?|cords?|",
                r"motors?|heat\w*|hot|warm\w*|burn\w*|spark\w*|flames?|fire|melt\w*|watts?|volts?|fuses?|usb|operat\w*|running|",
                r"turn(?:ed|ing|s)?\s+(?:it\s+|them\s+)?on|(?:when|while|once)\s+(?:it'?s\s+|it\s+is\s+|it\s+was\s+)?(?:on|in\s+use|running)|",
                r"kettle|toaster|lamps?|fryer|oven|hob|cooker|microwave|laptop|phone|tv|television|fans?|drill|radiator|dryer|",
                r"straighteners?|iron|blender|mixer|machine|appliance|unit|device|console|speaker|stove|grill|bbq|barbecue|boiler|",
                r"e-?bike|scooter|vape|candles?|fireplace|burner|engine|tool|saw|pump|router|monitor|printer|bulbs?)\b",
            ))
            .ok()?,
            // Washing the goods is no power of theirs: "machine washable", "washed it in the machine".
            laundering: Regex::new(
                r"(?i)\b(?:washing\s+machine|machine[- ]wash\w*|(?:in|through)\s+the\s+(?:washing\s+)?machine|tumble[- ]dr\w*|dry[- ]clean\w*)",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// The text with the harmless senses of danger words blanked (offsets kept): "burned out", a past injury that is not
/// this order's, a medical workplace, a place's danger to the writer's diet.
pub fn without_harmless_senses(text: &str) -> String {
    let Some(s) = senses() else {
        return text.to_string();
    };
    let mut out = text.to_string();
    let blank = |out: &mut String, a: usize, b: usize| out.replace_range(a..b, &" ".repeat(b - a));
    for re in [&s.burn_out, &s.workplace, &s.place_danger] {
        for m in re.find_iter(&out.clone()) {
            blank(&mut out, m.start(), m.end());
        }
    }
    // A smell of smoke held by goods nothing heats or powers: an odour, not a fire.
    if !s.powered.is_match(&s.laundering.replace_all(text, " ")) {
        for m in s.smoke_odour.find_iter(&out.clone()) {
            blank(&mut out, m.start(), m.end());
        }
    }
    // A sentence that tells a harm at a time before the order and names neither the shop nor the goods.
    let copy = out.clone();
    let mut at = 0;
    for sentence in copy.split_inclusive(['.', '!', '?', '\n']) {
        let (a, b) = (at, at + sentence.len());
        at = b;
        if s.sentence_past.is_match(sentence)
            && s.injury.is_match(sentence)
            && !s.points_at_goods.is_match(sentence)
            && !s.legal.is_match(sentence)
        {
            blank(&mut out, a, b);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shops_lines_are_split_off() {
        let t = "please refund, the screen cracked\n\n> From: Support\n> Sent: Monday\n> You may refer your complaint to the Ombudsman.";
        let (own, theirs) = split_by_side(t);
        assert!(!own.contains("Ombudsman"), "{own}");
        assert!(theirs.contains("Ombudsman"), "{theirs}");
        assert_eq!(own.len(), t.len());
        let plain = "I will go to the ombudsman";
        assert_eq!(split_by_side(plain).0, plain);
    }

    #[test]
    fn the_senses_compile() {
        // A pattern that does not compile turns every cut off silently (`senses()` is `None`).
        assert!(senses().is_some());
    }

    #[test]
    fn harmless_senses_are_blanked_and_harms_kept() {
        for (t, cut) in [
            ("the bulb burned out after two days", true),
            ("Since I broke my wrist last year my husband does the ordering.", true),
            ("I work in A&E so I missed the courier.", true),
            ("we're above the bakery which is dangerous for all of us.", true),
            ("the heater burned my hand", false),
            ("Last year this same heater burned my son.", false),
            ("the bakery oven you sold us is dangerous", false),
            ("the wool is smelling like smoke, very strong", true),
            ("the jumper reeks of cigarette smoke", true),
            ("the heater smells like smoke when on", false),
            ("smoke came out of the back", false),
        ] {
            assert_eq!(without_harmless_senses(t) != t, cut, "{t}");
        }
    }
}
