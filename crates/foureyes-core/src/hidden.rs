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

use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
use icu_properties::{CodePointMapData, CodePointSetData};

/// Whether `c` must be shown as a visible marker rather than as itself.
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

    /// Attack 33, H1 (ADR-393): U+FFFC OBJECT REPLACEMENT CHARACTER (category So, not default-ignorable) is drawn as
    /// nothing by the console's font — `ACME\u{FFFC}Ltd` was pixel-identical to `ACME Ltd` and released with no
    /// marker. Red before: no property of the set covered it.
    #[test]
    fn attack33_h1_the_object_replacement_character_is_hidden() {
        assert!(is_hidden('\u{FFFC}'));
        assert!(!is_hidden('\u{FFFD}'), "the replacement character is drawn (a visible mark)");
    }
}
