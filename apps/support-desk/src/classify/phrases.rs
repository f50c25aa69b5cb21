//! ask41 (issue 16, ADR-1340): where a noun phrase ends. A reading that takes "the refund … was done" as a refund on
//! record must know that the words between the refund and the predicate belong to the refund's noun phrase — a chain
//! of prepositional phrases ("the refund of 20.00 for the lamp was processed") — and not to a new clause. A request
//! with its reason spliced on ("I'd like a refund for my order, the item was damaged", "a refund for the lamp that was
//! damaged", "a refund for order 1 as the item was delivered broken", "a refund on the lamp I ordered, it was
//! smashed") puts a clause boundary there: a comma, a subordinator or relative word, a subject pronoun, or a second
//! determiner with no preposition before it (a new noun phrase, the subject of the new clause). Then the predicate is
//! the reason's, and the refund is what the customer asks.

/// Words that open a clause inside what would be the refund's complement: subordinators, relatives and subject
/// pronouns. A closed class, the grammar's own.
const CLAUSE_OPENERS: &[&str] = &[
    "that", "which", "who", "whom", "whose", "where", "when", "while", "as", "because", "cos", "coz", "since", "if",
    "though", "although", "and", "but", "so", "or", "it", "i", "he", "she", "they", "we", "you", "u",
];

/// Determiners: each opens a noun phrase, which inside a complement only a preposition may govern.
const DETERMINERS: &[&str] =
    &["the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these", "those"];

/// Prepositions a refund's complement chains.
const PREPOSITIONS: &[&str] = &["of", "for", "on", "to", "from", "with", "against", "in", "at", "under"];

/// Whether `complement` — the words between a refund noun and the predicate read as its ("for my order, the item" in
/// "a refund for my order, the item was damaged") — is one noun phrase's chain of prepositional phrases: it opens with
/// a preposition, holds no clause boundary (a comma, semicolon, dash or bracket after a word; a clause opener), and
/// every determiner follows a preposition. A figure's own comma or point ("$1,234.50") is no boundary.
pub fn prepositional_chain(complement: &str) -> bool {
    let words: Vec<&str> = complement.split_whitespace().collect();
    let Some(first) = words.first() else { return true };
    if !PREPOSITIONS.contains(&first.to_lowercase().as_str()) {
        return false;
    }
    let mut after_preposition = false;
    for w in &words {
        if w.ends_with([',', ';', ':', ')', '(']) || w.starts_with('(') || matches!(*w, "-" | "–" | "—") {
            return false;
        }
        let lower = w.to_lowercase();
        let bare = lower.trim_matches(|c: char| !c.is_alphanumeric());
        if PREPOSITIONS.contains(&bare) {
            after_preposition = true;
            continue;
        }
        if DETERMINERS.contains(&bare) {
            if !after_preposition {
                return false;
            }
            after_preposition = false;
            continue;
        }
        if CLAUSE_OPENERS.contains(&bare) {
            return false;
        }
        after_preposition = false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::prepositional_chain;

    #[test]
    fn a_chain_of_prepositional_phrases_is_one_noun_phrase() {
        for c in ["of 32.50", "for the lamp", "of $1,234.50 for order 4471", "for my order of 45.00", "on the kettle"] {
            assert!(prepositional_chain(c), "{c}");
        }
        for c in [
            "for my order, the item",
            "for the lamp that",
            "for order 1 as the item",
            "on the lamp I ordered, it",
            "for the lamp the glass",
            "for the lamp, glass",
        ] {
            assert!(!prepositional_chain(c), "{c}");
        }
    }
}
