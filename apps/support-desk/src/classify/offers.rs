//! An offer chosen (amount44, issue 16, ADR-1483): the shop's quoted message offers a refund of a figure (beside a
//! replacement or a store credit: "we can either refund you $20.00 for the glass or ship a replacement", "a goodwill
//! partial refund of 15.00"), and the customer's short reply chooses the refund ("Refund please, not the replacement",
//! "Refund is fine thanks") or takes the offer by its figure ("go ahead with the 15 credit"): the reply asks the figure
//! offered — never the order's amount. A reply that names a figure of its own ("she wants the 45 back, not the
//! credit") or the whole money ("full refund please") asks what it names.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    offer: Regex,
    chooses: Regex,
    takes: Regex,
    alternative: Regex,
    declined: Regex,
    whole: Regex,
    figure: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            // The shop's offer: a modal or "offer", then within the sentence a refund of a figure.
            offer: Regex::new(
                r"(?i)\b(?:offer|can|could|would|happy\s+to|able\s+to|propose)\b(?:[^.?!\n]|[.,]\d){0,60}?\b(?:refund|reimburse)\w*\s+(?:you\s+)?(?:of\s+|for\s+)?(?:(?:usd|eur|gbp)\s?|[$€£])?\s?(?P<n>\d{1,5}(?:[.,]\d{1,2})?)",
            )
            .ok()?,
            // The reply chooses the refund (only a choice where the offer gave another), or takes the offer.
            chooses: Regex::new(r"(?i)\brefund\b").ok()?,
            takes: Regex::new(r"(?i)\bgo\s+ahead\b|\baccept\w*\b|\bfine\b|\bok(?:ay)?\b|\byes\b").ok()?,
            // What the offer's sentence gives beside the refund: without it, "refund please" under a lone partial
            // offer asks the refund the customer is owed, not the offer (F1446).
            alternative: Regex::new(
                r"(?i)\b(?:or|either|instead|replacement|replace|exchange|credit|voucher|repair)\b",
            )
            .ok()?,
            // The refund itself declined ("not the refund", "no refund").
            declined: Regex::new(r"(?i)\b(?:not|no|don'?t|rather\s+not)\s+(?:\w+\s+){0,2}refund\b").ok()?,
            whole: Regex::new(r"(?i)\b(?:full|whole|all|entire|everything|complete|either|whichever)\b").ok()?,
            figure: Regex::new(r"(?:[$€£]\s?)?\b(?P<n>\d{1,5}(?:[.,]\d{1,2})?)\b").ok()?,
        })
    })
    .as_ref()
}

/// The figure offered that the reply `own` chooses, the offer read in `text` (the whole message, quotes included).
pub fn chosen(text: &str, own: &str) -> Option<i64> {
    read(text, own).and_then(|(offer, _)| offer)
}

/// The figure a bare acceptance takes ("Yes ok, go ahead with the 20."): only a lone offer's, never one of a choice
/// ("a refund of $49.99 or a replacement" accepted with "Fine." chooses nothing).
pub fn accepted(text: &str, own: &str) -> Option<i64> {
    read(text, own).filter(|(_, choice)| !choice).and_then(|(offer, _)| offer)
}

/// The offer the reply chooses, and whether the offer was a choice between the refund and something else.
fn read(text: &str, own: &str) -> Option<(Option<i64>, bool)> {
    let p = patterns()?;
    if own.split_whitespace().count() > 30 || p.offer.is_match(own) || p.whole.is_match(own) {
        return None;
    }
    // A quoted offer wrapped over quoted lines ("we can refund\n> 20.00 EUR") is read as one line.
    let joined = text.replace("\n> ", " ").replace("\n>", " ");
    let text = joined.as_str();
    let mut offered = Vec::new();
    let mut a_choice = false;
    for c in p.offer.captures_iter(text) {
        let Some(whole) = c.get(0) else { continue };
        let start = text[..whole.start()].rfind(['.', '?', '!', '\n']).map_or(0, |i| i + 1);
        let end = text[whole.end()..].find(['?', '!', '\n']).map_or(text.len(), |i| whole.end() + i);
        a_choice |= p.alternative.is_match(&text[start..end]);
        offered.extend(c.name("n").and_then(|n| super::money::number(n.as_str())));
    }
    offered.sort_unstable();
    offered.dedup();
    let [offer] = offered.as_slice() else { return None };
    let own_figures: Vec<i64> =
        p.figure.captures_iter(own).filter_map(|c| super::money::number(c.name("n")?.as_str())).collect();
    let picks = p.takes.is_match(own) || (a_choice && p.chooses.is_match(own));
    let chose = (picks && !p.declined.is_match(own) && own_figures.is_empty())
        || (!own_figures.is_empty() && own_figures.iter().all(|v| v == offer));
    Some((chose.then_some(*offer), a_choice))
}

/// Whether a short reply opens by accepting ("Yes ok, go ahead with the 20. Thanks.", blind90 `g-029`): with an offer
/// quoted below it that [`chosen`] reads, the reply asks the offered refund though it names no refund itself.
pub fn accepts(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    own.split_whitespace().count() <= 20
        && RE
            .get_or_init(|| {
                Regex::new(r"(?i)^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|sure|fine|great|perfect|agreed|deal|thanks?|thank\s+you)\W+)*(?:ok(?:ay)?|yes|go\s+ahead|please\s+(?:do|proceed|go\s+ahead)|proceed|i\s+accept|accepted|agreed|deal|that'?s\s+fine|sounds\s+good|fine\s+by\s+me)\b")
                    .ok()
            })
            .as_ref()
            // Any line: the subject line comes first ("Support request\nYes ok, go ahead …").
            .is_some_and(|re| own.lines().any(|l| re.is_match(l)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_patterns_compile() {
        assert!(super::patterns().is_some());
    }

    #[test]
    fn an_offer_chosen_by_kind_or_figure() {
        let quote = "> We can either refund you $20.00 for the mirror or ship a replacement. Which would you prefer?";
        assert_eq!(
            super::chosen(
                &format!("Refund please, not the replacement.\n{quote}"),
                "Refund please, not the replacement."
            ),
            Some(2_000)
        );
        assert_eq!(
            super::chosen(&format!("no refund, send the replacement\n{quote}"), "no refund, send the replacement"),
            None
        );
        assert_eq!(super::chosen(&format!("I want the 45 back\n{quote}"), "I want the 45 back"), None);
        assert_eq!(super::chosen(&format!("full refund please\n{quote}"), "full refund please"), None);
        // F1446: a lone partial offer gives no choice; "refund please" under it asks what the customer is owed.
        let lone = "> We could refund $15 as a goodwill gesture.";
        assert_eq!(
            super::chosen(&format!("Refund please, it never worked.\n{lone}"), "Refund please, it never worked."),
            None
        );
        assert_eq!(super::chosen(&format!("ok, go ahead\n{lone}"), "ok, go ahead"), Some(1_500));
    }
}
