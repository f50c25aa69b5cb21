//! Sense and scope of the escalation words (ADR-950): an injury word is read as an injury only when nothing in its
//! clause takes it out of that sense. Two rules, both about the word's place in the sentence rather than about
//! particular phrasings:
//!
//! - **Negation scope.** A negator ("no", "not", "never", "without", "nobody", "none", "no one", a contracted "n't")
//!   governs the injury word that follows it in the same clause when only words that keep the polarity stand between
//!   them — determiners, quantifiers, auxiliaries and intensifiers ("no blisters at all", "not hurt", "without any
//!   burns", "nobody was injured", "wasn't even bruised"). A content word between them ends the scope ("I didn't notice
//!   the burns until the next day" stays an injury), and so does a clause boundary or "but".
//! - **Modifier sense.** An injury or hazard word that modifies a colour name is part of the colour ("a hospital-corridor
//!   mint", "smoke grey", "fire-engine red", "burnt orange"): a word joined by a hyphen to the words after it, or
//!   standing right before them, when the compound ends in a colour word.
//!
//! Only injury words are subject to negation scope; hazard adjectives ("not safe") keep their sense, and the legal
//! words are not touched.

use regex::Regex;
use std::sync::OnceLock;

/// The injury words a negator can take out of their sense (the nouns and participles of harm to a person).
const INJURY: &str = r"injur\w*|hurt\w*|wound(?:ed|s)?|bleed\w*|burn(?:ed|t|s)?|scald\w*|blister\w*|bruis\w*|rash(?:es)?|cuts?|scratch(?:ed|es)?|swelling|sick|ill|harm(?:ed)?";

/// The words that keep a negator's polarity between it and the word it governs.
const KEEPS_POLARITY: &str = r"a|an|any|the|single|one|body|was|were|is|are|be|been|being|got|get|gets|getting|had|has|have|even|really|actually|at|all|so|much|as|remotely|slightly|badly|seriously|real|serious|major|visible|actual|sign|signs|trace|traces|of|more|further|new|ever|once|other";

/// Hazard or injury words that name a colour when they modify a colour word.
const MODIFIER: &str = r"hospital\w*|fire\w*|smok\w*|burn(?:ed|t|ing)?|flames?|blood\w*|danger\w*|toxic|poison\w*|hazard\w*|electric|shock\w*|bruise";

/// Colour words (the heads a modifier sense needs).
const COLOUR: &str = r"red|orange|yellow|green|blue|purple|pink|grey|gray|white|black|brown|mint|teal|beige|cream|ivory|navy|sage|olive|lilac|lavender|coral|gold|silver|tan|khaki|maroon|burgundy|turquoise|aqua|charcoal|crimson|scarlet|amber|copper|bronze|peach|plum|rose|colou?r(?:ed|s)?|shade|tone|hue|tint";

/// The heads of a thing's name a body-part word can modify ("leg strap", "arm rest", "knee pads", "toe clip").
const PART_HEAD: &str = r"straps?|rests?|guards?|pads?|supports?|pieces?|bands?|clips?|warmers?|wraps?|protectors?|boots?|pumps?|collars?|ropes?|covers?|masks?|bags?|lamps?|lights?|braces?|plates?|rails?|boards?|panels?|bars?|holes?|buckles?|cuffs?|loops?|ties?|harness(?:es)?|chains?|levers?|sleeves?|grips?|holders?|mounts?|cushions?|rings?|hooks?|caps?|shields?|stands?";

struct Patterns {
    negated: Regex,
    modifier: Regex,
    /// A body-part word that modifies a thing's name ("a broken leg strap"): a part of the thing, no body (F1609).
    part_of_thing: Regex,
    /// A danger denied ("It's not dangerous, just noisy", "Not a fire hazard or anything", "nothing dangerous"): no
    /// hazard (outside attack 47, 54). "Not safe" names one and is not read here.
    hazard_denied: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            negated: Regex::new(&format!(
                r"(?i)\b(?:no(?:\s+one|body)?|not|never|without|none|nothing|neither|nor|\w+n't|(?:do|did|does|was|were|is|are|has|have|had|could|would|can|wo)nt)\b(?:[\s,]+(?:{KEEPS_POLARITY})\b)*[\s,]+(?:{INJURY})\b"
            ))
            .ok()?,
            modifier: Regex::new(&format!(
                r"(?i)\b(?:{MODIFIER})(?:-[a-z]+)*(?:[\s-]+[a-z]+)?[\s-]+(?:{COLOUR})\b|\b(?:{MODIFIER})-(?:{COLOUR})\b"
            ))
            .ok()?,
            hazard_denied: Regex::new(
                r"(?i)\b(?:not|never|no|nothing|isn'?t|wasn'?t|aren'?t)\s+(?:(?:a|an|any|really|at\s+all|remotely|actually|too|that|very)\s+)*(?:fire\s+|safety\s+|real\s+|electrical\s+)?(?:dangerous|hazard(?:ous)?|danger|toxic|harmful)\b",
            )
            .ok()?,
            part_of_thing: Regex::new(&format!(
                r"(?i)\b(?:legs?|arms?|hands?|head|neck|knees?|toes?|foot|feet|chest|back|wrists?|elbows?|shoulders?|shins?|ankles?|fingers?|thumbs?|hips?|eyes?|face|ears?|nose|chin)(?:\s|-)+(?:{PART_HEAD})\b"
            ))
            .ok()?,
        })
    })
    .as_ref()
    .expect("the scope patterns compile")
}

/// The text with injury words out of their sense blanked: negated ones, colour modifiers, damage words whose holder
/// is a thing (ADR-1300) and a "they" that points back to things (ADR-1301). Offsets are kept.
pub fn out_of_sense(text: &str) -> String {
    let p = patterns();
    let mut out = things_as_they(text);
    for re in [&p.negated, &p.modifier, &p.part_of_thing, &p.hazard_denied] {
        for m in re.find_iter(&out.clone()) {
            out.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    for (s, e) in held_by_things(&out) {
        out.replace_range(s..e, &" ".repeat(e - s));
    }
    out
}

/// Words of harm to a body that also name damage to a thing: "a hairline fracture" in a shell, "bruised" apples, a
/// "gash" in the leather, "swollen" wood, "blistered" paint.
const DAMAGE: &str = r"fractur(?:e|es|ed|ing)|gash(?:es|ed)?|bruis(?:e|es|ed|ing)|swollen|swelling|lacerat\w*|wound(?:ed|s)?|blister(?:s|ed|ing)?";

/// A person or a part of one: what an injury word's holder is when it is an injury.
const BODY_OR_PERSON: &str = r"me|myself|us|he|him|himself|she|herself|yourself|them|somebody|someone|anyone|nobody|head|face|neck|shoulders?|arms?|forearms?|upper\s+arm|biceps|hamstrings?|groin|abdomen|stomach|belly|throat|elbows?|wrists?|hands?|palms?|fingers?|fingertips?|thumbs?|knuckles?|nails?|chest|ribs?|back|spine|hips?|legs?|thighs?|knees?|shins?|calf|calves|ankles?|foot|feet|heels?|toes?|skin|skull|bones?|eyes?|eyelids?|eyebrows?|brow|ears?|nose|lips?|mouth|tongue|teeth|tooth|gums?|jaw|chin|cheeks?|forehead|temple|scalp|body|collarbone|pelvis|tendon|ligament|muscle|husband|wife|partner|son|daughter|child|children|kid|kids|boy|girl|baby|babies|toddler|dad|father|mum|mom|mother|brother|sister|friend|colleague|gran|granny|grandad|grandpa|grandma|grandson|granddaughter|nan|aunt|uncle|niece|nephew|neighbou?r|staff|user|worker|customer|guest|person|people|man|woman|men|women|dog|cat|puppy|kitten|pet|crew|member|employee|employees|passenger|passengers|rider|player|student|pupil|teacher|patient|visitor|client|volunteer|angler|sailor|skipper|technician|driver|operator|colleagues|workers|children's";

/// Words that carry no holder: determiners, quantifiers, size and degree words.
const NO_HOLDER: &str = r"a|an|the|this|that|these|those|its|it's|some|any|one|two|both|each|every|few|several|small|tiny|little|big|large|huge|long|short|thin|fine|deep|nasty|bad|slight|clear|visible|noticeable|hairline|serious|major|minor|massive|new|old|real|proper|obvious|definite|possible|right|left|very|really|quite|pretty|so|too|of|and";

/// The spans of damage words whose holder the sentence makes a thing and nothing makes a person: the noun after
/// "in/on/of/along …" ("a fracture along the seam"), the subject of "has/'s got/came with …" ("the shell has a
/// hairline fracture", "it's got a fracture"), the noun the word modifies or governs ("bruised apples", "fractured the
/// frame"). A holder that is a person or a body part ("a fracture of the wrist", "he has a fracture", "bruised
/// knees"), or none the sentence shows, keeps the injury (escalating is the safe side).
pub fn held_by_things(text: &str) -> Vec<(usize, usize)> {
    static RE: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((damage, body, no_holder)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(&format!(r"(?i)\b(?:{DAMAGE})\b")).ok()?,
                Regex::new(&format!(r"(?i)^(?:{BODY_OR_PERSON})(?:'s|s')?$")).ok()?,
                Regex::new(&format!(r"(?i)^(?:{NO_HOLDER})$")).ok()?,
            ))
        })
        .as_ref()
    else {
        return Vec::new();
    };
    let stops = ['.', '!', '?', '\n', ';', ','];
    let mut out = Vec::new();
    for m in damage.find_iter(text) {
        let head = &text[text[..m.start()].rfind(stops).map_or(0, |i| i + 1)..m.start()];
        let tail = &text[m.end()..];
        let tail = &tail[..tail.find(stops).unwrap_or(tail.len())];
        let words = |s: &str| -> Vec<String> {
            s.split_whitespace()
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_lowercase())
                .filter(|w| !w.is_empty())
                .collect()
        };
        let (before, after) = (words(head), words(tail));
        // The writer and the people they address are no holder by being named ("I found a fracture in the shell"),
        // only as the subject of "have" ("I have a fracture").
        let is_person = |w: &str| body.is_match(w);
        let speaker = |w: &str| matches!(w, "i" | "we" | "you" | "they" | "i've" | "we've" | "you've" | "they've");
        let is_content = |w: &str| !no_holder.is_match(w) && !w.chars().all(|c| c.is_ascii_digit());
        // Any person or body part in the clause before the word, or in the few words after it, keeps the injury.
        if before.iter().any(|w| is_person(w)) || after.iter().take(5).any(|w| is_person(w)) {
            continue;
        }
        // A battery's or a cell's swelling is the hazard itself, not a thing's damage (haz41, ADR-1352): "cell
        // swelling observed", "the battery pack is swollen".
        let battery = |w: &String| w.starts_with("batter") || matches!(w.as_str(), "cell" | "cells" | "powerbank");
        let power_bank = before.windows(2).any(|w| w[0] == "power" && w[1] == "bank");
        if power_bank || before.iter().rev().take(4).any(battery) || after.iter().take(3).any(battery) {
            continue;
        }
        // A cause after the word is no holder (haz41, ADR-1352): "sustained a laceration from an unguarded edge", "a
        // bruise off the door", "a gash when it snapped" tell what did it, not what has it.
        let cause = after.first().is_some_and(|w| {
            matches!(
                w.as_str(),
                "from"
                    | "by"
                    | "off"
                    | "after"
                    | "when"
                    | "while"
                    | "as"
                    | "because"
                    | "caused"
                    | "due"
                    | "against"
                    | "where"
            )
        });
        let mut thing = false;
        // After: a preposition and its noun, or the noun the word modifies or governs.
        let mut rest = after.iter().map(String::as_str).peekable();
        if let Some(&first) = rest.peek().filter(|_| !cause) {
            let prep = matches!(
                first,
                "in" | "on"
                    | "of"
                    | "along"
                    | "across"
                    | "at"
                    | "near"
                    | "under"
                    | "down"
                    | "through"
                    | "inside"
                    | "around"
                    | "to"
            );
            if prep {
                rest.next();
            }
            thing = rest.take(4).find(|w| is_content(w)).is_some();
        }
        // Before: the holder named as the subject ("the shell has a …", "it's got a …", "the wood is swollen").
        if !thing {
            let verbs = [
                "has",
                "have",
                "had",
                "got",
                "gets",
                "with",
                "is",
                "are",
                "was",
                "were",
                "shows",
                "showed",
                "developed",
                "s",
            ];
            let subject = before.iter().rev().skip_while(|w| no_holder.is_match(w)).collect::<Vec<_>>();
            if subject.first().is_some_and(|v| speaker(v)) || subject.get(1).is_some_and(|w| speaker(w)) {
                continue;
            }
            if let Some(v) = subject.first()
                && (verbs.contains(&v.as_str()) || v.ends_with("'s"))
            {
                thing = subject.iter().skip(1).any(|w| is_content(w) || w.as_str() == "it")
                    || v.as_str() == "it's"
                    || before.iter().any(|w| w == "it" || w == "it's");
            }
        }
        if thing {
            out.push((m.start(), m.end()));
        }
    }
    out
}

/// The text with a "they" that points back to things read as those things (ADR-1301): "he tried to pick up his
/// glasses and they fell" is no person falling. The antecedent is the nearest plural noun or person before the
/// pronoun in its sentence or the one before; a person ("the kids … and they fell") keeps the pronoun.
pub fn things_as_they(text: &str) -> String {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((they, person)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\bthey\b").ok()?,
                Regex::new(&format!(
                    r"(?i)^(?:{BODY_OR_PERSON}|i|we|you|they|guys|folks|everyone|everybody|family|parents|grandparents|twins|kids|both)$"
                ))
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    const NOT_NOUNS: &[&str] = &[
        "is",
        "was",
        "has",
        "does",
        "this",
        "his",
        "its",
        "us",
        "as",
        "yes",
        "plus",
        "less",
        "thanks",
        "unless",
        "always",
        "perhaps",
        "sometimes",
        "towards",
        "afterwards",
        "besides",
        "whereas",
        "across",
        "process",
        "days",
        "weeks",
        "months",
        "years",
        "hours",
        "minutes",
        "times",
        "its",
        "ours",
        "yours",
        "theirs",
        "hers",
        "bus",
        "gas",
        "miss",
        "press",
        "guess",
        "anyways",
        "nowadays",
        "cheers",
        "says",
        "thinks",
        "goes",
        "looks",
        "seems",
        "makes",
        "takes",
        "gets",
        "comes",
        "wants",
        "needs",
        "works",
        "tells",
        "reckons",
        "swears",
        "insists",
        "claims",
    ];
    let mut out = text.to_string();
    for m in they.find_iter(text) {
        // The sentence the pronoun stands in and the one before.
        let head = &text[..m.start()];
        let mut cut = head.len();
        for _ in 0..2 {
            cut = head[..cut].rfind(['.', '!', '?', '\n']).unwrap_or(0);
        }
        let words: Vec<String> = head[cut..]
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .filter(|w| !w.is_empty())
            .collect();
        let antecedent = words.iter().rev().find(|w| {
            person.is_match(w)
                || (w.len() > 3
                    && w.ends_with('s')
                    && !w.ends_with("ss")
                    && !w.ends_with("ous")
                    && !NOT_NOUNS.contains(&w.as_str())
                    && w.chars().all(|c| c.is_ascii_alphabetic()))
        });
        if antecedent.is_some_and(|w| !person.is_match(w)) {
            // Same length, so the offsets of the other rules hold.
            out.replace_range(m.range(), "it  ");
        }
    }
    out
}

/// Which rule took a word out of its sense, for the decision trace: ("negated" | "colour modifier", the span).
pub fn explain(text: &str) -> Vec<(&'static str, String)> {
    let p = patterns();
    let mut out = Vec::new();
    for m in p.negated.find_iter(text) {
        out.push(("an injury word in a negator's scope", m.as_str().to_string()));
    }
    for m in p.modifier.find_iter(text) {
        out.push(("a hazard word modifying a colour name", m.as_str().to_string()));
    }
    for m in p.part_of_thing.find_iter(text) {
        out.push(("a body-part word naming a part of a thing", m.as_str().to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blanked(text: &str) -> bool {
        out_of_sense(text) != text
    }

    #[test]
    fn a_negator_before_an_injury_word_takes_it_out_of_sense() {
        for t in [
            "my son was not hurt",
            "there were no burns on anyone",
            "I came away without any scratches",
            "nobody was injured",
            "no one got hurt, thankfully",
            "she wasn't even bruised",
            "not a single blister after ten miles",
            "never had a rash from them",
        ] {
            assert!(blanked(t), "{t}");
        }
    }

    #[test]
    fn a_content_word_or_a_clause_boundary_ends_the_scope() {
        for t in [
            "I didn't notice the burns until the next day",
            "the kettle burned my hand",
            "it is not safe",
            "I got a nasty blister from the heel",
            "the accident burned her arm",
            "no idea why, but it burned my hand",
            "not sure what happened. My daughter was hurt",
        ] {
            assert_eq!(out_of_sense(t), t, "{t}");
        }
    }

    #[test]
    fn a_hazard_word_modifying_a_colour_is_the_colour() {
        for t in [
            "it came in a sort of fire-engine red",
            "the smoke grey one",
            "a burnt orange throw",
            "more of a hospital-ward green",
        ] {
            assert!(blanked(t), "{t}");
        }
        for t in ["it burned my daughter's arm red", "the cable was burning hot"] {
            assert_eq!(out_of_sense(t), t, "{t}");
        }
        assert_eq!(out_of_sense("the charger caught fire"), "the charger caught fire");
        assert_eq!(out_of_sense("smoke came out of the back"), "smoke came out of the back");
    }
}
