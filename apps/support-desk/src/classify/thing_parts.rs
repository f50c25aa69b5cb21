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
    let text = &without_things_broken_limbs(text);
    part.replace_all(text, |c: &regex::Captures| {
        let noun = c.name("noun").map_or("", |m| m.as_str());
        if person.as_ref().is_some_and(|p| p.is_match(noun)) { c[0].to_string() } else { " ".repeat(c[0].len()) }
    })
    .into_owned()
}

/// A thing told with a broken limb of its own (outside attack 57, `harm-word-harmless`): "one of them has a broken
/// leg" (two stools), "the doll arrived with a broken arm", "it's got a broken leg", "the statue has a broken nose",
/// "one has a broken foot" — the subject before "has", "with" or "got" names no person, so the limb is the thing's.
/// "My son has a broken arm" and "he came off and has a broken wrist" keep the injury.
fn without_things_broken_limbs(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:has|have|had|'s\s+got|has\s+got|got|with|came\s+with|arrived\s+with)\s+(?:a|one|two)\s+(?:broken|bent|snapped|cracked|chipped|wobbly|loose)\s+(?:legs?|arms?|nose|foot|feet|neck|back|head|ears?|hands?)\b").ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    static PERSON: OnceLock<Option<Regex>> = OnceLock::new();
    let person = PERSON.get_or_init(|| Regex::new(r"(?i)\b(?:fell|fall|falling|came\s+off|crashed|tripped|hospital|a&e|doctor|x-?ray|plaster|cast|i|i'm|me|my\s+(?:son|daughter|child|kid|baby|husband|wife|partner|mum|mom|dad|father|mother|brother|sister|friend|grandson|granddaughter|gran|grandma|grandpa|nan)|he|she|him|her|we|they|son|daughter|child|kid|baby|toddler|husband|wife|mum|dad|dog|cat|puppy|kitten|horse|pony)\b").ok());
    let mut out = text.to_string();
    for m in re.find_iter(text) {
        let from = text[..m.start()].rfind(['.', '!', '?', '\n', ';']).map_or(0, |i| i + 1);
        let subject = &text[from..m.start()];
        let sentence_end = text[m.end()..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| m.end() + i);
        let after = text[m.end()..sentence_end].to_lowercase();
        if ["fell", "fall", "came off", "crashed", "tripped", "hospital", "a&e", "doctor", "x-ray", "plaster", "hurt"]
            .iter()
            .any(|w| after.contains(w))
        {
            continue;
        }
        if person.as_ref().is_some_and(|p| p.is_match(subject)) {
            continue;
        }
        out.replace_range(m.range(), &" ".repeat(m.len()));
    }
    out
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
