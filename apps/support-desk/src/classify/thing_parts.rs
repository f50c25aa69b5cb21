//! settle43 (issue 16, ADR-1476): a body-part noun that names a part of a thing. "The broken leg of table", "a
//! broken leg on the chair", "the arm of the sofa snapped" name furniture parts: the part belongs to the thing named
//! after "of"/"on"/"from", and a thing is no person. A person named there ("the broken leg of my son") keeps the
//! injury reading.

use regex::Regex;
use std::sync::OnceLock;

/// The text with every part-of-a-thing phrase ("broken leg of (the) table") blanked, so that the injury readers do not
/// see a person's broken limb where a thing's part is told. The possessor after "of"/"on"/"from" decides: a
/// determiner or a bare noun that is not a person's word is a thing.
pub fn without_things_parts(text: &str) -> String {
    static PART: OnceLock<Option<Regex>> = OnceLock::new();
    static PERSON: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(part) = PART
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:broken|broke|snapped|cracked|fractured)\s+(?:a\s+|the\s+|one\s+)?(?:legs?|arms?|feet|foot|back|neck|head)\s+(?:of|on|from)\s+(?:(?:the|a|an|this|that|my|our|your|his|her|their)\s+)?(?:new\s+|little\s+|small\s+|big\s+|wooden\s+|metal\s+)?(?P<noun>[a-z]+)\b")
                .ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let person = PERSON.get_or_init(|| {
        Regex::new(r"(?i)^(?:me|him|her|us|them|you|son|sons|daughter|daughters|child|children|kid|kids|baby|babies|toddler|husband|wife|partner|mum|mom|mother|dad|father|brother|sister|boy|girl|friend|grandson|granddaughter|grandmother|grandfather|nan|gran|grandma|grandpa|man|woman|person|people|customer|colleague|neighbour|neighbor|dog|cat|puppy|kitten|pet|horse)$").ok()
    });
    part.replace_all(text, |c: &regex::Captures| {
        let noun = c.name("noun").map_or("", |m| m.as_str());
        if person.as_ref().is_some_and(|p| p.is_match(noun)) { c[0].to_string() } else { " ".repeat(c[0].len()) }
    })
    .into_owned()
}

#[cfg(test)]
mod tests {
    use super::without_things_parts;

    #[test]
    fn a_things_part_is_blanked_a_persons_kept() {
        assert!(!without_things_parts("photo of the broken leg of table").contains("broken"));
        assert!(!without_things_parts("a broken leg on the chair").contains("broken"));
        assert!(without_things_parts("the broken leg of my son").contains("broken"));
    }
}
