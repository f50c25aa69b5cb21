//! An amount asked by the label of a figure told (blind136 `g-028`, blind134 `g-013`): "Net 40.00 + GST 4.00 = 44.00
//! gross. Please credit the gross amount" asks the figure told gross (44.00), not the order's amount; "the net amount"
//! asks the one told net. The label stands right beside its figure ("44.00 gross", "gross £60.00", "Gross: 60.00",
//! "£60.00 gross"), and the ask names the same label with a money noun ("the gross amount", "the full gross total").

use regex::Regex;
use std::sync::OnceLock;

/// A figure with its currency before it, or none (`{n}` is the capture's name: the two sides of the label each have
/// one).
const FIG: &str =
    r"(?:[$€£]\s?|(?:usd|eur|gbp|aud|nzd|cad|inr|rs\.?)\s?)?(?P<{n}>\d{1,6}(?:[.,]\d{3})*(?:[.,]\d{1,2})?)";

/// The figure told with the label the ask names, when the ask names one.
pub fn asked(own: &str, order_cents: i64) -> Option<i64> {
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    let ask = ASK
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:the|full|whole)\s+(?:full\s+)?(?P<label>gross|net)\s+(?:amount|total|figure|sum|value|price)\b").ok()
        })
        .as_ref()?;
    let labels: Vec<String> =
        ask.captures_iter(own).filter_map(|c| c.name("label").map(|m| m.as_str().to_lowercase())).collect();
    let label = labels.first()?.clone();
    // Both labels asked ("credit the net value of line 2 … refund the gross amount", val44c `g-014`): not settled here.
    if labels.iter().any(|l| *l != label) {
        return None;
    }
    let before = FIG.replace("{n}", "a");
    let after = FIG.replace("{n}", "b");
    let told = Regex::new(&format!(
        r"(?i){before}[ \t]*(?:\([ \t]*)?{label}\b|\b{label}[ \t]*(?:amount|total|figure|sum|value|price)?[ \t]*(?:\d{{1,2}}%[ \t]*)?[:=]?[ \t]*{after}"
    ))
    .ok()?;
    let values: Vec<i64> = told
        .captures_iter(own)
        .filter_map(|c| c.name("a").or(c.name("b")).map(|m| m.as_str().to_string()))
        .filter_map(|n| super::money::number(&n))
        .collect();
    match values.as_slice() {
        [v, rest @ ..] if rest.iter().all(|r| r == v) && *v <= order_cents && *v > 0 => Some(*v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::asked;

    #[test]
    fn the_label_asked_names_its_figure() {
        assert_eq!(
            asked(
                "re the damaged set:\nNet 40.00 + GST 4.00 = 44.00 gross.\nPlease credit the gross amount to the card. Thx.",
                8800
            ),
            Some(4400)
        );
        assert_eq!(
            asked(
                "Invoice total: net £50.00 + VAT £10.00 = £60.00 gross.\nWe are asking for the full gross amount to be credited please.",
                6000
            ),
            Some(6000)
        );
        assert_eq!(asked("Please refund the gross amount.", 6000), None);
        // The label's figure is on its own line, the one above it is another line's (b129 `g-016`).
        assert_eq!(
            asked(
                "As per invoice:\n  Net      40.00\n  VAT 5%    2.00\n  Gross    42.00\nPlease refund the gross amount of 42.00.",
                4200
            ),
            Some(4200)
        );
        assert_eq!(
            asked(
                "please credit the net value of line 2:\n - net EUR 25.00\n - gross EUR 29.75\nPlease refund the gross amount.",
                11900
            ),
            None
        );
        assert_eq!(asked("Net 40.00, gross 44.00. Refund please.", 8800), None);
    }
}
