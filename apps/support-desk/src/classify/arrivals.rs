//! What arrived (ask44, issue 16, ADR-1490): "the refund …, it arrived" is a refund received (ADR-1069) only when
//! the refund is what "it" takes up and what arrived is money. Two structures say it is not:
//!
//! - the refund is the object of a want or an ask ("he wants the full refund on the rowing machine, it arrived with
//!   the rail bent", "I'd like a refund for the lamp, it came cracked"): a refund asked has not arrived — the "it" is
//!   the goods, the nearest noun before it;
//! - the arrival's complement describes goods, not money: a "with" phrase of what the thing came with ("arrived with
//!   the rail bent"), or a state after the verb ("came broken", "arrived damaged", "arrived in pieces", "arrived
//!   late"). Money lands in an account or on a card, or arrives at a time ("it arrived today").
//!
//! Either way the clause is read again as it stands, and the want in it asks.

use regex::Regex;
use std::ops::Range;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// Whether the refund's noun phrase at the start of `span` is governed by a want or an ask in the words before it
/// (`before`: the clause up to the span).
fn refund_wanted(before: &str) -> bool {
    static WANT: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &WANT,
        concat!(
            r"(?i)\b(?:wants?|wanted|need|needs|would\s+like|['’]d\s+like|like|asking\s+for|asks?\s+for|request(?:s|ing)?|",
            r"demand(?:s|ing)?|expect(?:s|ing)?|claim(?:s|ing)?|seek(?:s|ing)?|get|have|give\s+(?:me|us|him|her|them)|",
            r"send\s+(?:me|us|him|her|them)|issue|process|arrange)\s*$",
        ),
    )
    .is_some_and(|r| r.is_match(before.trim_end()))
}

/// Whether what follows "it arrived" (`after`) describes goods: a "with" phrase, a state of damage or lateness.
fn goods_complement(after: &str) -> bool {
    static GOODS: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &GOODS,
        concat!(
            r"(?i)^\s*(?:(?:already|completely|totally|all|badly|really|very|quite)\s+)?(?:with\b|without\b|in\s+(?:pieces|bits|two|half)\b|",
            r"broken|broke|damaged|cracked|bent|smashed|dented|scratched|torn|ripped|leaking|faulty|defective|late|opened|",
            r"used|dirty|wet|missing|incomplete|wrong|dead|crushed|shattered|squashed|snapped|split|stained)\b",
        ),
    )
    .is_some_and(|r| r.is_match(after))
}

/// The span of a refund received told with a resumed "it" (desk27's reading), unless the refund is wanted or what
/// arrived is goods.
pub fn refund_arrived(clause: &str) -> Option<Range<usize>> {
    let m = super::desk27::resumed_arrival(clause)?;
    if refund_wanted(&clause[..m.start()]) || goods_complement(&clause[m.end()..]) {
        return None;
    }
    Some(m.range())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goods_that_arrived_are_no_refund_received() {
        assert!(
            refund_arrived("I want the full refund on the rowing machine, it arrived with the rail bent").is_none()
        );
        assert!(refund_arrived("the refund for the lamp, it came broken").is_none());
        assert!(refund_arrived("the refund of the 39 euros for the sandals it arrived to my account today").is_some());
        assert!(refund_arrived("my refund for the lamp, it came yesterday").is_some());
    }
}
