//! Hazards as a small typed table (ADR-1117): a hazard the customer describes without the words "unsafe",
//! "dangerous" or "injury" — glass in the cat food, mould someone ate, a burning smell, a part in a child's mouth, an
//! allergic attack, a recall — is read as a row of **object × context** in one sentence: the thing that is wrong and
//! the place or happening that makes it a hazard (a foreign body *in food*, spoiled food *eaten*, a small part *in a
//! child's mouth*). Each row names its [`Hazard`] so a trace can say which kind fired.
//!
//! Read on the customer's words and the quotes alike (escalating is the safe side). An ordinary fault of the goods —
//! "broken", "scratched", "doesn't fit", "stopped working", "dented", "leaked" — names no object of a row in its
//! context and never matches (`ordinary_faults_never_match`). Container compounds ("glass jar", "metal lid", "plastic
//! tub") are the container, not a foreign body: they are folded to their head noun before the rows are read.

use regex::Regex;
use std::sync::OnceLock;

/// The kinds of hazard the table knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hazard {
    /// A foreign body in food: glass, metal, plastic, a stone, an insect in what is eaten.
    ForeignBodyInFood,
    /// Spoiled food (mould, rotten, gone off, past its date) that someone ate or was fed.
    SpoiledFoodEaten,
    /// Heat, fire or electricity out of place: a burning smell, smouldering, singed, a short circuit.
    HeatFireElectric,
    /// A small part, a battery, a magnet or paint in a child's mouth, chewed or swallowed.
    ChildsMouth,
    /// An allergic attack or an allergen the label did not declare.
    Allergy,
    /// A product recall or safety notice.
    Recall,
}

/// Things out of place in food.
const FOREIGN: &str = r"glass|shards?|splinters?|metal|wire|plastic|needles?|nails?|screws?|staples?|bolts?|stones?|pebbles?|insects?|bugs?|maggots?|worms?|weevils?|cockroach(?:es)?|beetles?|flies|a\s+fly|droppings|mice|a\s+mouse";

/// What is eaten (the customer's, a child's or a pet's).
const FOOD: &str = r"food|foods|tins?|cans|jars?|packets?|pouch(?:es)?|sachets?|cereal|bread|loaf|chocolates?|sweets|candy|biscuits?|cookies?|crisps|kibble|treats?|formula|puree|jam|honey|sauce|soup|yogh?urts?|milk|cheese|meat|sausages?|salad|rice|pasta|oats|porridge|granola|muesli|flour|sugar|coffee|tea|juice|smoothies?|snacks?|meal|dinner|lunch|breakfast|sandwich(?:es)?|pies?|cake|tuna|fish|chicken|beef|nuts|fruit|vegetables|veg|spread|butter|baby\s+food|pet\s+food|cat\s+food|dog\s+food|mouth(?:ful)?|bite";

/// Words saying food is spoiled.
const SPOILED: &str = r"mou?ld\w*|rotten|rancid|gone\s+off|went\s+off|off\s+(?:milk|meat|cheese)|expired|out\s+of\s+date|past\s+(?:its|the)\s+(?:use[- ]by|best[- ]before|expiry)(?:\s+date)?|maggot\w*";

/// Words saying it was eaten or fed.
const EATEN: &str = r"ate|eaten|eating|eat|fed|feeding|drank|drunk|drinking|swallow\w*|tasted|consumed|had\s+(?:some|a\s+bite|a\s+mouthful)";

/// A child.
const CHILD: &str = r"baby|babies|toddler|child|children|kid|kids|son|daughter|infant|little\s+one|grandson|granddaughter|boy|girl|twins?|niece|nephew";

/// Small things a child must not have in the mouth.
const SMALL_PART: &str = r"parts?|pieces?|bits?|beads?|buttons?|magnets?|batter(?:y|ies)|button\s+cells?|coin\s+cells?|pellets?|capsules?|pods?|tablets?|paint|eyes?|wheels?|screws?|caps?|lids?|gel|liquid|detergent|sachets?";

/// What happens with it.
const MOUTHED: &str = r"chew\w*|ingest\w*|suck\w*\s+on|lick\w*|bit\s+off|bitten\s+off|put\s+(?:it|them|one|the\s+\w+)\s+in\s+(?:his|her|their)\s+mouth|in\s+(?:his|her|their)\s+mouth|swallow\w*|ate|eaten";

struct Row {
    hazard: Hazard,
    /// The pattern of the row, object and context in one sentence.
    pattern: Regex,
}

fn rows() -> &'static [Row] {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let gap = r"(?:[^\s.!?]+\s+){0,4}?";
        let table: Vec<(Hazard, String)> = vec![
            (
                Hazard::ForeignBodyInFood,
                format!(
                    r"(?i)\b(?:in|inside)\s+{gap}(?:{FOOD})\b[^.!?\n]{{0,40}}?\b(?:find|found|is|are|was|were|there\s+(?:is|are|was|were))\s+{gap}(?:{FOREIGN})\b|\b(?:{FOREIGN})\s+{gap}(?:in|inside|among|within|throughout|mixed\s+(?:in|into|with)|at\s+the\s+bottom\s+of)\s+{gap}(?:{FOOD})\b|\b(?:{FOOD})\s+{gap}(?:had|has|have|contained|contains|containing|with|full\s+of)\s+{gap}(?:{FOREIGN})\b|\b(?:bit|bite|biting|crunch\w*)\s+(?:into|on)\s+{gap}(?:{FOREIGN})\b"
                ),
            ),
            (
                Hazard::SpoiledFoodEaten,
                format!(r"(?i)\b(?:{SPOILED})\b[^.!?\n]*\b(?:{EATEN})\b|\b(?:{EATEN})\b[^.!?\n]*\b(?:{SPOILED})\b"),
            ),
            (
                Hazard::HeatFireElectric,
                r"(?i)\b(?:smoulder\w*|smolder\w*|singe[ds]?|singeing|short[- ]?circuit\w*|ignit\w*|set\s+(?:on\s+)?(?:fire|alight)|burning\s+smell|smell\w*\s+(?:of\s+)?burn\w*|smelt\s+(?:of\s+)?burn\w*|sizzl\w*|arc(?:ed|ing)|tripped\s+(?:the|our|my)\s+(?:fuse|breaker|electrics|circuit)|blew\s+(?:the|a)\s+fuse)\b"
                    .to_string(),
            ),
            (
                Hazard::ChildsMouth,
                format!(
                    r"(?i)\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHED})\b[^.!?\n]*\b(?:{SMALL_PART})\b|\b(?:{SMALL_PART})\b[^.!?\n]*\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHED})\b|\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHED})\b\s+(?:it|them|one)\b"
                ),
            ),
            // A part in a child's mouth or coughed up, named by what happened (b20 `g-023`, was `choking` in
            // classify.rs): "in my son's mouth", "coughed it back up". "In my mouth" is left out (a taste).
            (
                Hazard::ChildsMouth,
                r"(?i)\b(?:in|into)\s+(?:his|her|their|the\s+(?:baby|child|kid|toddler)'?s?|my\s+(?:son|daughter|baby|child|kid|toddler|grandson|granddaughter)'?s?|(?:our|my)\s+(?:little\s+)?(?:one|boy|girl)'?s?)\s+mouth\b|\bcough(?:ed|ing)\s+(?:it|them|the\s+\w+)\s+(?:back\s+)?up\b"
                    .to_string(),
            ),
            (
                Hazard::Allergy,
                r"(?i)\b(?:anaphyla\w*|epi-?pens?|allergic\s+(?:attack|episode|response)|(?:had|having|has|got|get|developed|suffered|caused|triggered|gave\s+\w+)\s+(?:an?\s+|her\s+|his\s+|my\s+|their\s+)?(?:severe\s+|bad\s+|serious\s+|nasty\s+)?(?:allergy|allergies)\b|undeclared\s+\w+|allergens?\s+(?:\w+\s+)?not\s+(?:listed|declared|on\s+the\s+label)|not\s+(?:listed|declared|mentioned)\s+on\s+the\s+(?:label|ingredients?|packaging))"
                    .to_string(),
            ),
            (
                Hazard::Recall,
                r"(?i)\b(?:safety\s+(?:notice|alert|warning|recall)|withdrawn\s+from\s+sale|recall\s+notice|(?:on|in)\s+the\s+news\s+for\s+(?:catching\s+fire|exploding|overheating))\b"
                    .to_string(),
            ),
        ];
        table
            .into_iter()
            .filter_map(|(hazard, p)| Regex::new(&p).ok().map(|pattern| Row { hazard, pattern }))
            .collect()
    })
}

/// Container compounds ("glass jar", "metal lid", "plastic tub") folded to their head noun: the container is no
/// foreign body.
fn containers_folded(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:glass|metal|plastic|tin|wire|stone)\s+(jars?|bottles?|bowls?|lids?|containers?|tubs?|trays?|packaging|wrappers?|seals?|spoons?|scoops?|clips?|rings?|caps?|cans?|tins?|boxes|box|bags?|handles?|racks?|shelf|shelves|dish(?:es)?|mugs?|cups?|plates?|pots?|canisters?|cover|doors?|tops?|frames?|vases?|toys?|stands?)\b")
            .ok()
    })
    .as_ref()
    .map_or_else(|| text.to_string(), |re| re.replace_all(text, "$1").into_owned())
}

/// A negator right before a match's first words ("no glass in it", "never any mould"): the row is denied.
fn denied(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end().to_lowercase();
    let words: Vec<&str> = before.split_whitespace().rev().take(2).collect();
    words.iter().any(|w| {
        matches!(
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''),
            "no" | "not" | "without" | "never" | "nothing" | "any"
        )
    })
}

/// The hazard the text describes, if any: the first row whose object and context stand in one sentence, undenied.
pub fn named(text: &str) -> Option<Hazard> {
    let text = containers_folded(text);
    rows().iter().find_map(|row| row.pattern.find_iter(&text).find(|m| !denied(&text, m.start())).map(|_| row.hazard))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_matches_its_kind_in_several_registers() {
        let cases: &[(&str, Hazard)] = &[
            ("found glass in the cat food tin. dont want money just someone should check", Hazard::ForeignBodyInFood),
            ("There was a sharp piece of metal inside my son's yoghurt pot", Hazard::ForeignBodyInFood),
            ("the cereal had bits of plastic in it", Hazard::ForeignBodyInFood),
            ("I bit into a stone in the granola bar and it hurt", Hazard::ForeignBodyInFood),
            ("Hallo, in the dog food I find small glass pieces. Please check your factory.", Hazard::ForeignBodyInFood),
            ("my husband ate two slices before we saw the bread was mouldy", Hazard::SpoiledFoodEaten),
            ("the cat ate the pouch and then we noticed it was out of date", Hazard::SpoiledFoodEaten),
            ("the kettle gave off a burning smell and the base is singed", Hazard::HeatFireElectric),
            ("plugged it in and it short circuited, tripped the fuse", Hazard::HeatFireElectric),
            ("my toddler chewed the toy and a small part came off in his mouth", Hazard::ChildsMouth),
            ("the button battery fell out and my daughter nearly swallowed it", Hazard::ChildsMouth),
            ("my son had a severe allergy attack, there are undeclared nuts in it", Hazard::Allergy),
            ("she needed her epipen after one biscuit", Hazard::Allergy),
            ("this model got a safety notice last week, is mine affected?", Hazard::Recall),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(t, h)| named(t) != Some(*h))
            .map(|(t, h)| format!("{t}: want {h:?}, got {:?}", named(t)))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn ordinary_faults_never_match() {
        for t in [
            "the glass jar of honey arrived cracked, please refund",
            "The picture frame glass was smashed in transit.",
            "broken. refund.",
            "the bag is scratched on the side",
            "the shoes doesn't fit, too small",
            "the hair dryer stopped working after two days",
            "two of the tins were dented and one had leaked all over the box",
            "the metal clip on the strap is missing",
            "the plastic tub of cat treats arrived open",
            "the cheese board part was completely mouldy, my aunt threw it out. gran has eaten the biscuits anyway.",
            "no glass in the food thankfully, just the jar lid was loose",
            "the toy is missing a wheel, my son is sad",
            "The oats came fine, the honey came fine",
            "the wire of the headphones is frayed and they stopped working",
        ] {
            assert_eq!(named(t), None, "{t}");
        }
    }
}
