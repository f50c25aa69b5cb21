//! A figure the reader could not read (outside attack 53, ADR-1616). The amount reader knows numbers and currencies
//! in many forms, but a writer has more: "sixty simoleons", "60 loonies", "LX dollars", "六十 dollars", "sextio
//! kronor", "1e2 dollars", "$l00" (a letter for a digit), "$6 0" (a figure split by a space). Before, a request whose
//! figure went unread named "no figure" to the policy, and a request that names no figure asks the order's amount: the
//! desk paid the order for an ask of sixty on a 49.99 order. The structure, not the spellings: a money word or a money
//! sign in a request's own clause that no figure the reader took stands beside is a figure written in a form the
//! reader does not know — the amount cannot be settled (U1), never the order's amount.
//!
//! The lists here are the money words (closed: currencies and their slang) and the words that stand before a money
//! word without being its figure (determiners, prepositions, nationalities); not the forms of figures, which are open.

use std::sync::OnceLock;

use regex::Regex;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// Money words: currencies by name and code, and their slang.
const MONEY_WORDS: &str = concat!(
    r"dollars?|bucks?|euros?|pounds?|quid|pence|cents?|z[łl]ot\w*|z[łl]|pln|kron\w*|kroner|crowns?|reais|rand|yen|yuan|",
    r"renminbi|rmb|rupees?|pesos?|francs?|lir[ae]s?|dinars?|dirhams?|riyals?|shekels?|baht|ringgit|forint|lei|levs?|",
    r"hryvni\w*|rub(?:les?|li)|roubles?|usd|eur|gbp|sek|nok|dkk|chf|cad|aud|nzd|inr|jpy|cny|brl|zar|mxn|try|huf|czk|",
    r"loonies|loonie|toonies|dosh|moolah",
);

/// The money words the amount reader has no currency for: a number before one of them is a figure it did not read
/// ("60 loonies"). Before a currency it knows, a number it left alone was left for a reason (a voucher turned down).
const UNKNOWN_MONEY: &str = r"^(?:loonies|loonie|toonies|dosh|moolah|kron\w*|kroner|crowns?|lei|levs?|forint|baht|ringgit|dinars?|dirhams?|riyals?|shekels?|hryvni\w*|rub(?:les?|li)|roubles?)$";

/// Words that stand before a money word without being its figure: "refund my dollars", "in euros", "Canadian dollars".
const NOT_A_FIGURE: &str = concat!(
    r"the|my|your|our|his|her|their|those|these|this|that|some|any|all|in|into|to|as|of|for|with|by|per|a|an|",
    r"us|u\.s\.|american|canadian|australian|new\s+zealand|nz|hong\s+kong|singapore|mexican|swiss|swedish|danish|",
    r"norwegian|polish|czech|indian|south\s+african|brazilian|japanese|chinese|turkish|russian|british|sterling|",
    r"real|actual|own|hard-earned|hard|earned|extra|more|fewer|less|back|refund|refunds|me|please|pls|few|many|much|",
    r"single|every|each|last|one|red|spare|odd|couple|several|thousand|hundred|million",
);

/// Whether a request names a figure the reader could not read: in a sentence that asks money back, a money word with
/// a word before it that is no figure the reader knows ("Refund sixty simoleons" once "sixty" is 60 and "simoleons"
/// no currency it knows; "Refund LX dollars"), a money sign glued to letters and digits ("$l00", "$5O0"), or a
/// number in scientific notation ("6e1 dollars"). Called only where the reader found no figure asked.
pub fn figure_left_unread(own: &str) -> bool {
    static BEFORE_WORD: OnceLock<Option<Regex>> = OnceLock::new();
    static SIGN_GLUED: OnceLock<Option<Regex>> = OnceLock::new();
    static SCIENTIFIC: OnceLock<Option<Regex>> = OnceLock::new();
    static TOLD: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(before_word), Some(sign_glued), Some(scientific), Some(told)) = (
        re(&BEFORE_WORD, &format!(r"(?i)(?P<w>\S+)\s+(?:{MONEY_WORDS})\b(?P<after>\s+of\b)?")),
        re(&SIGN_GLUED, r"[$€£¥₹]\s?(?:\d+[A-Za-z]\w*|[A-Za-z]+\d\w*)"),
        re(&SCIENTIFIC, r"(?i)\b\d+(?:\.\d+)?e[+-]?\d+\b"),
        // A clause that tells a price paid, not an ask ("I paid 60 loonies for it").
        re(&TOLD, r"(?i)\b(?:paid|spent|cost|costs|charged|priced|worth|bought|was|were)\b"),
    ) else {
        return false;
    };
    let not_a_figure = |w: &str| {
        static WORD: OnceLock<Option<Regex>> = OnceLock::new();
        re(&WORD, &format!(r"(?i)^(?:{NOT_A_FIGURE})$"))
            .is_some_and(|r| r.is_match(w.trim_matches(|c: char| !c.is_alphanumeric())))
    };
    super::desk25::sentences(own).filter(|s| super::intent_in(s).request).any(|s| {
        s.split([',', ';', '(', ')', ':']).filter(|clause| !told.is_match(clause)).any(|clause| {
            sign_glued.is_match(clause)
                || scientific.is_match(clause)
                // A figure in digits beside it restates the word ("二十 euro (20)"): read, not unread.
                || before_word.captures_iter(clause).any(|c| {
                    let word = c["w"].trim_matches(|ch: char| !ch.is_alphanumeric());
                    let money = c.get(0).map_or("", |m| m.as_str()).rsplit(char::is_whitespace).next().unwrap_or("");
                    let number =
                        !word.is_empty() && word.chars().all(|ch| ch.is_ascii_digit() || ch == '.' || ch == ',');
                    // "5 pounds of dog food" weighs; it names no money.
                    c.name("after").is_none()
                        && if number {
                            unknown_money(money)
                        } else {
                            !s.chars().any(|ch| ch.is_ascii_digit()) && !not_a_figure(word)
                        }
                })
        })
    })
}

fn unknown_money(word: &str) -> bool {
    static UNKNOWN: OnceLock<Option<Regex>> = OnceLock::new();
    re(&UNKNOWN, &format!("(?i){UNKNOWN_MONEY}")).is_some_and(|r| r.is_match(word))
}

/// Whether a figure asked is split by a space into a figure and a stray digit group too short to be thousands ("$6 0",
/// "€4 50"): the figure read is a part of what was written (outside attack 53).
pub fn split_figure(own: &str) -> bool {
    static SPLIT: OnceLock<Option<Regex>> = OnceLock::new();
    re(&SPLIT, r"[$€£]\s?\d{1,3}\s\d{1,2}\b(?:[^.,\d]|$)")
        .is_some_and(|r| super::desk25::sentences(own).filter(|s| super::intent_in(s).request).any(|s| r.is_match(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_money_word_with_no_figure_the_reader_knows_is_unread() {
        for own in [
            "Refund me 60 loonies",
            "Refund LX dollars",
            "Please refund 六十 dollars",
            "Proszę o refund sześćdziesięciu złotych",
            "Refund sextio kronor please",
            "Refund 1e2 dollars please",
            "Refund $l00 please",
            "Refund $5O0 please",
        ] {
            assert!(figure_left_unread(own), "{own}");
        }
        for own in [
            "Refund my order please",
            "Please refund me in dollars",
            "Refund the 5 pounds of dog food",
            "Refund in Canadian dollars please",
            "Please refund it, I paid 60 loonies for it",
            "I bought 60 loonies worth of stuff. Refund please",
            "Refund the RTX4090 please",
        ] {
            assert!(!figure_left_unread(own), "{own}");
        }
    }

    #[test]
    fn a_figure_split_by_a_space_is_unread_and_thousands_are_not() {
        assert!(split_figure("Refund $6 0 please"));
        assert!(!split_figure("Refund $1 000 please"));
        assert!(!split_figure("Refund $6 please"));
    }
}
