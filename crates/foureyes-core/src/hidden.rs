//! Which characters hide, fake or reorder the text around them when shown — the one definition the approval
//! console, the CLI and every message that quotes an agent's text use, so an approver reads the bytes that will run.
//!
//! Defined by Unicode properties, not a list kept by hand: a hand-kept list missed the variation selectors
//! (U+FE0F after a letter looks identical to the letter alone), the musical-symbol format controls and the tag range
//! above U+E0080, and an approved release sent `ACME\u{FE0F} Ltd` (attack 32 H1, ADR-391). Hidden are:
//! `Default_Ignorable_Code_Point` (what a renderer shows as nothing) and the general categories Cc (controls), Cf
//! (format: bidi controls, zero-width, prepended marks), Zl/Zp (line and paragraph separators), Zs other than the
//! ASCII space (a no-break or em space reads as a space), Co (private use: a font may draw it as anything), and
//! U+2800 BRAILLE PATTERN BLANK and U+FFFC OBJECT REPLACEMENT CHARACTER (symbols drawn as nothing: attack 33, H1,
//! found U+FFFC pixel-identical to a space in the console's font, ADR-393). The console's page holds the same set as a regular
//! expression over the same properties; a test compares the two over every assigned code point.

use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, Script};
use icu_properties::script::ScriptWithExtensions;
use icu_properties::{CodePointMapData, CodePointSetData};

/// Whether `c` must be shown as a visible marker rather than as itself.
/// Whether `c` is a `Default_Ignorable_Code_Point`: drawn as nothing by a conforming renderer (joiners, variation
/// selectors, tags, fillers, the Arabic letter mark, the musical formatting marks). A reader of text removes them: "$6"
/// + U+034F + "0" is "$60" on the screen (support desk, outside attack 53).
pub fn is_default_ignorable(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

pub fn is_hidden(c: char) -> bool {
    if c == ' ' {
        return false;
    }
    matches!(c, '\u{2800}' | '\u{FFFC}')
        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || matches!(
            CodePointMapData::<GeneralCategory>::new().get(c),
            GeneralCategory::Control
                | GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
                | GeneralCategory::SpaceSeparator
                | GeneralCategory::PrivateUse
        )
}

/// The first character of a name (an agent, a session, a request id, a target, a person's `--as`) that a person
/// reading it would not see: a hidden character ([`is_hidden`]), or a combining mark of a script that sits on no base
/// of that script — at the start of the name, or after a character of another script. Such a mark is drawn as
/// nothing or on its own, so `bo<mark>t` reads as `bot`: U+16FE4 KHITAN SMALL SCRIPT FILLER, a blank the Khitan
/// script fills a block with, is a mark (gc Mn) that Unicode does not make `Default_Ignorable_Code_Point` (unlike the
/// Hangul fillers U+115F, U+1160, U+3164, U+FFA0, which are), and `bo\u{16fe4}t` was accepted as an agent and listed
/// as `bot` (attack 44's H6, ADR-1522). The class comes from Unicode's tables, not a list: the general categories
/// Mn, Mc and Me and `Script_Extensions`. A mark whose script is Inherited or Common (U+0301 COMBINING ACUTE, the
/// kana voicing marks) combines with anything and is ordinary text; a Devanagari vowel sign after a Devanagari
/// letter is seated. What the doors refuse, with [`is_hidden`]'s characters, where a name comes in (ADR-1411).
pub fn first_unseen(text: &str) -> Option<char> {
    let categories = CodePointMapData::<GeneralCategory>::new();
    let scripts = ScriptWithExtensions::new();
    let mut base: Option<char> = None;
    for c in text.chars() {
        if is_hidden(c) {
            return Some(c);
        }
        let mark = matches!(
            categories.get(c),
            GeneralCategory::NonspacingMark | GeneralCategory::SpacingMark | GeneralCategory::EnclosingMark
        );
        if !mark {
            base = Some(c);
            continue;
        }
        let own = scripts.get_script_extensions_val(c);
        if own.iter().any(|s| s == Script::Inherited || s == Script::Common) {
            continue;
        }
        if !base.is_some_and(|b| own.iter().any(|s| scripts.has_script(b, s))) {
            return Some(c);
        }
    }
    None
}

/// `text` with every hidden character ([`is_hidden`]) escaped as `\u{…}`: how the CLI and error messages quote a
/// name or an agent's text, so an approver reads the bytes that will run (F52, ADR-391).
pub fn escaped(text: &str) -> String {
    if !text.chars().any(is_hidden) {
        return text.to_string();
    }
    text.chars().map(|c| if is_hidden(c) { c.escape_unicode().to_string() } else { c.to_string() }).collect()
}

/// Whether Unicode (as this build knows it) assigns `c` a character: the console's check compares only these.
pub fn is_assigned(c: char) -> bool {
    CodePointMapData::<GeneralCategory>::new().get(c) != GeneralCategory::Unassigned
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_look_alike_characters_are_hidden() {
        for c in [
            '\u{202E}',
            '\u{200B}',
            '\u{1B}',
            '\u{85}',
            '\u{FE0F}',
            '\u{FE00}',
            '\u{1D173}',
            '\u{1BCA0}',
            '\u{13430}',
            '\u{0600}',
            '\u{2065}',
            '\u{E0080}',
            '\u{E0FFF}',
            '\u{00A0}',
            '\u{2003}',
            '\u{3000}',
            '\u{2028}',
            '\u{E000}',
            '\u{3164}',
            '\u{115F}',
            '\u{2800}',
            '\u{FFFC}',
            '\n',
            '\t',
        ] {
            assert!(is_hidden(c), "U+{:04X} must be hidden", c as u32);
        }
        for c in ['A', ' ', 'é', 'ж', '木', '€', '.', '\u{301}', '😀'] {
            assert!(!is_hidden(c), "U+{:04X} is ordinary text", c as u32);
        }
    }

    /// Attack 44, H6 (ADR-1522): U+16FE4 KHITAN SMALL SCRIPT FILLER is neither default-ignorable nor in a hidden
    /// category, and `bo\u{16fe4}t` read as `bot`. Refused as a class — a mark on no base of its script — while
    /// marks that are text stay accepted. Red before: no `first_unseen`, and `is_hidden` does not cover it.
    #[test]
    fn attack44_h6_a_mark_on_no_base_of_its_script_is_unseen() {
        assert!(!is_hidden('\u{16FE4}'), "Unicode does not make it default-ignorable: the class below catches it");
        for (text, unseen) in [
            ("bo\u{16FE4}t", Some('\u{16FE4}')),
            ("\u{16FE4}bot", Some('\u{16FE4}')),
            ("bot\u{16FE4}", Some('\u{16FE4}')),
            ("ab\u{0941}c", Some('\u{0941}')),
            ("\u{0941}", Some('\u{0941}')),
            ("ab\u{0E34}", Some('\u{0E34}')),
            ("s\u{200B}ess", Some('\u{200B}')),
            ("bot", None),
            ("cafe\u{301}", None),
            ("\u{915}\u{941}", None),
            ("\u{915}\u{94D}\u{937}", None),
            ("\u{E01}\u{E34}", None),
            ("\u{304B}\u{3099}", None),
            ("\u{5D0}\u{5B8}", None),
            ("b\u{43E}t", None),
            ("\u{18B00}\u{16FE4}", None),
        ] {
            assert_eq!(first_unseen(text), unseen, "{}", text.escape_unicode());
        }
    }

    /// Attack 33, H1 (ADR-393): U+FFFC OBJECT REPLACEMENT CHARACTER (category So, not default-ignorable) is drawn as
    /// nothing by the console's font — `ACME\u{FFFC}Ltd` was pixel-identical to `ACME Ltd` and released with no
    /// marker. Red before: no property of the set covered it.
    #[test]
    fn attack33_h1_the_object_replacement_character_is_hidden() {
        assert!(is_hidden('\u{FFFC}'));
        assert!(!is_hidden('\u{FFFD}'), "the replacement character is drawn (a visible mark)");
    }
}
