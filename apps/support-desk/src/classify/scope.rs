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

struct Patterns {
    negated: Regex,
    modifier: Regex,
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
        })
    })
    .as_ref()
    .expect("the scope patterns compile")
}

/// The text with injury words out of their sense blanked: negated ones and colour modifiers. Offsets are kept.
pub fn out_of_sense(text: &str) -> String {
    let p = patterns();
    let mut out = text.to_string();
    for re in [&p.negated, &p.modifier] {
        for m in re.find_iter(&out.clone()) {
            out.replace_range(m.range(), &" ".repeat(m.len()));
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
