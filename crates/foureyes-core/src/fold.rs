//! One canonical form for names that people and filesystems treat as the same: Unicode compatibility caseless
//! matching (Unicode §3.13, D146: `NFKD(toCasefold(NFKD(toCasefold(NFD(X)))))`), recomposed to NFC so that one
//! character stays one character for a glob's `?`. `Makeﬁle` (the `fi` ligature) folds to `makefile`, `build.rſ`
//! (long s) to `build.rs`, `TASK:A1` to `task:a1`, `K` (Kelvin sign) to `k` (ADR-470).
//!
//! Used where a difference in case or in compatibility form must not make two names count as two: sensitive path
//! globs (a case-insensitive filesystem writes `MAKEFILE` over `Makefile`) and approver identities (nobody
//! approves their own request under another spelling of their name).

use caseless::Caseless;
use unicode_normalization::UnicodeNormalization;

/// `text` in its compatibility-caseless form.
pub fn folded(text: &str) -> String {
    text.chars().nfd().default_case_fold().nfkd().default_case_fold().nfkd().nfc().collect()
}

/// An identity (a principal or approver name) as compared: surrounding white space removed, then [`folded`].
pub fn identity(name: &str) -> String {
    folded(name.trim())
}

/// Whether two identities are the same principal.
pub fn same_identity(a: &str, b: &str) -> bool {
    identity(a) == identity(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compatibility_and_case_variants_fold_to_one_name() {
        assert_eq!(folded("Make\u{FB01}le"), "makefile");
        assert_eq!(folded("build.r\u{17F}"), "build.rs");
        assert_eq!(folded("package.j\u{17F}on"), "package.json");
        assert_eq!(folded("\u{212A}.key"), "k.key");
        assert_eq!(folded("STRASSE"), folded("stra\u{DF}e"));
        assert_eq!(folded("caf\u{E9}"), folded("cafe\u{301}"));
        assert_eq!(folded("caf\u{E9}").chars().count(), 4, "recomposed: one character for `?`");
        assert_ne!(folded("makefile"), folded("makefiles"));
    }

    #[test]
    fn identities_compare_canonically() {
        assert!(same_identity("task:a1", "TASK:A1"));
        assert!(same_identity("task:a1", " task:a1 "));
        assert!(same_identity("alice", "\u{FF41}lice"), "a fullwidth letter is the same name");
        assert!(!same_identity("alice", "bob"));
    }
}
