//! An amount asked by the label of a figure told (blind136 `g-028`, blind134 `g-013`, outside attack 66 `PC`): "Net
//! 40.00 + GST 4.00 = 44.00 gross. Please credit the gross amount" asks the figure told gross (44.00), not the order's
//! amount; "credit the net only", "refund subtotal", "the pre-tax amount", "excl. GST", "before VAT" ask the one told
//! net (or subtotal). The label stands right beside its figure ("44.00 gross", "Gross: 60.00", "subtotal 120.00",
//! "net 40 + tax 8"), and an asking sentence names the label's kind. Both kinds asked, or a kind told with several
//! figures, settle nothing here.

use regex::Regex;
use std::sync::OnceLock;

/// A figure with its currency before it, or none (`{n}` is the capture's name: the two sides of the label each have
/// one).
const FIG: &str =
    r"(?:[$€£]\s?|(?:usd|eur|gbp|aud|nzd|cad|inr|rs\.?)\s?)?(?P<{n}>\d{1,6}(?:[.,]\d{3})*(?:[.,]\d{1,2})?)";

/// The two kinds of label, as an ask names them.
const NET_ASKED: &str = r"\bnet\b|\bw/o\s+(?:vat|gst|tax)\b|\bwithout\s+(?:the\s+)?(?:vat|gst|tax)\b|\b(?:vat|tax|gst)[- ]free\b|\bsub-?total\b|\bpre-?tax\b|\bex[- .]?(?:vat|gst|tax)\b|\bexcl(?:\.|uding|usive)?\s+(?:of\s+)?(?:vat|gst|tax|iva|mwst)\b|\b(?:vat|tax|gst)[- ]exclusive\b|\bbefore\s+(?:vat|tax|gst)\b|\bnetto\b";
const GROSS_ASKED: &str = r"\bgross\b|\bbrutto\b|\bincl(?:\.|uding|usive)?\s+(?:of\s+)?(?:vat|gst|tax)\b";

/// The labels a told figure carries, by kind: a short one stands before or after its figure ("40.00 net", "Net:
/// 40.00"); a long one only before it ("excl. VAT: EUR 62.00", "net of GST: 40.00") — after a figure, "(incl. VAT EUR
/// 74.40)" labels the figure that follows it, not the one before.
const NET_LABEL: &str = r"net|sub-?total|netto";
const GROSS_LABEL: &str = r"gross|brutto";
const NET_LABEL_LONG: &str = r"net\s+of\s+(?:vat|gst|tax)|excl(?:\.|uding|usive)?\s+(?:of\s+)?(?:vat|gst|tax)|ex[- .]?(?:vat|gst|tax)|before\s+(?:vat|gst|tax)|pre-?tax|net|sub-?total|netto";
// "incl. VAT 5.82" names the tax as often as the total ("(gross, incl. VAT 5.82)", b142 `g-014`): no gross label.
const GROSS_LABEL_LONG: &str = r"gross|brutto";

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// The figure told with the label the ask names, when the ask names one. `read` is the amount the other readers took:
/// a figure written in the asking sentence itself stands ("a partial credit of £45.00 (£37.50 net + £7.50 VAT)", "one
/// unit gross (EUR 14.64)"); the order's amount or a figure of the working (the net "4 x 6.25 = 25.00") is replaced.
pub fn asked(own: &str, order_cents: i64, read: Option<i64>) -> Option<i64> {
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    static NET: OnceLock<Option<Regex>> = OnceLock::new();
    static GROSS: OnceLock<Option<Regex>> = OnceLock::new();
    let ask = re(&ASK, r"(?i)\b(?:refund\w*|credit\w*|reimburs\w*|request\w*|return\w*|back|repay\w*|pay\s+back)\b")?;
    let net = re(&NET, &format!("(?i){NET_ASKED}"))?;
    let gross = re(&GROSS, &format!("(?i){GROSS_ASKED}"))?;
    let asking: Vec<&str> = super::desk25::sentences(own).filter(|s| ask.is_match(s)).collect();

    // A label turned down ("the whole 96 back please, not just the net", b102 `g-010`) is not the one asked.
    let named = |r: &Regex, s: &str| {
        r.find_iter(s).any(|m| {
            let before = s[..m.start()].to_lowercase();
            let before = before.trim_end();
            ![
                "not",
                "not just",
                "not only",
                "rather than",
                "instead of",
                "than",
                "not the",
                "not just the",
                "not only the",
            ]
            .iter()
            .any(|w| before.ends_with(w))
        })
    };
    // A figure written in an asking sentence is the customer's own ("reimburse 40.00 net plus 20% VAT" asks its sum,
    // desk33): the label only settles an ask that names none.
    // (Unless the figure read is the tax told beside its word: "refund the net amount (VAT 6.67, net 33.33 …)",
    // outside attack 69, read 6.67.)
    if read.is_some_and(|v| v != order_cents && !taxes_told(own).contains(&v))
        && asking.iter().any(|s| (named(net, s) || named(gross, s)) && !super::money::read(s).is_empty())
    {
        return None;
    }
    // The figure read is written in an asking sentence ("Please process refund of 34.90 GBP (gross, incl. VAT 5.82)",
    // b142 `g-014`): it stands, whatever label is beside it.
    if let Some(v) = read
        && asking.iter().any(|s| {
            super::money::read(s).iter().any(|a| {
                a.cents == v
                    && ask.find_iter(&s[..a.span.start]).last().is_some_and(|m| {
                        let between = &s[m.end()..a.span.start];
                        between.split_whitespace().count() <= 3 && !between.chars().any(|c| c.is_ascii_digit())
                    })
            })
        })
    {
        return None;
    }
    // The whole asked before the labels ("Please refund the full invoice: net 100.00, VAT 20.00, total 120.00",
    // "Refund everything we paid: subtotal 50.00 …", outside attack 68): the labels tell its parts, no kind is asked.
    static WHOLE: OnceLock<Option<Regex>> = OnceLock::new();
    let whole = re(
        &WHOLE,
        r"(?i)\b(?:full|whole|entire|complete|everything|all\s+of\s+it|in\s+full|total\s+(?:amount|paid|invoice))\b",
    )?;
    if asking.iter().any(|s| {
        let first_label = [net.find(s), gross.find(s)].into_iter().flatten().map(|m| m.start()).min();
        // "the full gross amount" asks the gross in full: the whole word right before the label is its modifier.
        first_label.is_some_and(|at| {
            let pre = s[..at].trim_end();
            whole.find_iter(pre).any(|m| !pre[m.end()..].trim().is_empty())
        })
    }) {
        return None;
    }
    let mut net_asked = asking.iter().any(|s| named(net, s));
    let mut gross_asked = asking.iter().any(|s| named(gross, s));
    if net_asked && gross_asked {
        // Both named (outside attack 67: "Please refund us excl. VAT: EUR 62.00 (incl. VAT EUR 74.40)", "reimburse
        // net of VAT — 200 net / 240 gross"): the kind the ask names first after its verb is the one asked; the other
        // is told beside it.
        // Two asking sentences that each name one ask for two things: nothing settled here.
        // A worked sum in it ("a credit note for net 40.00 + VAT 8.00 = gross 48.00", v43a `g-067`) names its parts,
        // not the kind asked.
        let labelled: Vec<&&str> = asking.iter().filter(|s| named(net, s) || named(gross, s)).collect();
        if labelled.len() != 1 || labelled.iter().any(|s| s.contains('=')) {
            return None;
        }
        // The label governed by the ask: within a few words after its verb, no figure between ("refund us excl.
        // VAT: EUR 62.00"); "full reimbursement on order 8831 — net £40.00 + VAT £8.00 = gross £48.00" (b125 `g-075`)
        // names the working, not the kind asked.
        let first = labelled.iter().find_map(|s| {
            let from = ask.find(s)?.end();
            let governed = |r: &Regex| {
                r.find(&s[from..])
                    .map(|m| m.start())
                    .filter(|&at| at <= 30 && !s[from..from + at].chars().any(|c| c.is_ascii_digit()))
            };
            let (n, g) = (governed(net), governed(gross));
            match (n, g) {
                (Some(n), Some(g)) => Some(n < g),
                (Some(_), None) => Some(true),
                (None, Some(_)) => Some(false),
                (None, None) => None,
            }
        })?;
        (net_asked, gross_asked) = (first, !first);
    }
    let (label, long) = match (net_asked, gross_asked) {
        (true, false) => (NET_LABEL, NET_LABEL_LONG),
        (false, true) => (GROSS_LABEL, GROSS_LABEL_LONG),
        _ => return None,
    };
    let before = FIG.replace("{n}", "a");
    let after = FIG.replace("{n}", "b");
    let told = Regex::new(&format!(
        r"(?i){before}[ \t]*(?:\([ \t]*)?(?:{label})\b|\b(?:{long})[ \t]*(?:amount|total|figure|sum|value|price)?[ \t]*(?:\d{{1,2}}%[ \t]*)?[:=]?[ \t]*{after}"
    ))
    .ok()?;
    let mut values: Vec<i64> = told
        .captures_iter(own)
        .filter_map(|c| c.name("a").or(c.name("b")).map(|m| m.as_str().to_string()))
        .filter_map(|n| super::money::number(&n))
        .collect();
    // The working written as a sum ("33.33 + 6.67 VAT = 40.00"): the first addend is the net, the result the gross.
    static SUM: OnceLock<Option<Regex>> = OnceLock::new();
    if values.is_empty() {
        let sum = re(
            &SUM,
            &format!(
                r"(?i){}[ \t]*\+[ \t]*{}[ \t]*(?:vat|gst|tax|iva|mwst)\b[ \t]*=[ \t]*{}",
                FIG.replace("{n}", "net"),
                FIG.replace("{n}", "tax"),
                FIG.replace("{n}", "gross")
            ),
        )?;
        let side = if label == NET_LABEL { "net" } else { "gross" };
        values = sum
            .captures_iter(own)
            .filter_map(|c| c.name(side).and_then(|m| super::money::number(m.as_str())))
            .collect();
    }
    // The net asked and only the whole and its tax told (outside attack 66: "Gross 144.00. VAT 24.00", "Total 48.00
    // inc. VAT 8.00", "Total paid 60.00, of which 10.00 tax", "It was 90.00, plus 18.00 tax, 108.00 in total"): the
    // net is the whole less the tax, when the tax is one figure beside a tax word and the whole is the order's amount.
    if values.is_empty() && label == NET_LABEL {
        values = net_from_tax(own, order_cents).into_iter().collect();
    }
    match values.as_slice() {
        [v, rest @ ..] if rest.iter().all(|r| r == v) && *v <= order_cents && *v > 0 => Some(*v),
        _ => None,
    }
}

/// The figures a tax word stands right beside ("VAT 24.00", "10.00 tax", "incl 8.00 tax").
fn taxes_told(own: &str) -> Vec<i64> {
    static TAX: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(tax) = re(
        &TAX,
        &format!(
            r"(?i)\b(?:vat|gst|tax)[ \t]*(?:\d{{1,2}}%[ \t]*)?:?[ \t]*{}|{}[ \t]*(?:vat|gst|tax)\b",
            FIG.replace("{n}", "a"),
            FIG.replace("{n}", "b")
        ),
    ) else {
        return Vec::new();
    };
    tax.captures_iter(own)
        .filter_map(|c| c.name("a").or(c.name("b")).and_then(|m| super::money::number(m.as_str())))
        .collect()
}

/// The whole less its tax: the one figure a tax word stands right beside ("VAT 24.00", "10.00 tax", "incl 8.00 tax"),
/// taken from the order's amount told among the figures; or the first figure told before "plus <tax>" ("90.00, plus
/// 18.00 tax").
fn net_from_tax(own: &str, order_cents: i64) -> Option<i64> {
    static PLUS: OnceLock<Option<Regex>> = OnceLock::new();
    let plus = re(
        &PLUS,
        &format!(
            r"(?i){}[ \t]*,?[ \t]*(?:plus|\+)[ \t]*{}[ \t]*(?:vat|gst|tax)\b",
            FIG.replace("{n}", "net"),
            FIG.replace("{n}", "t")
        ),
    )?;
    if let Some(v) = plus.captures(own).and_then(|c| super::money::number(c.name("net")?.as_str())) {
        return (v > 0 && v < order_cents).then_some(v);
    }
    let taxes = taxes_told(own);
    let [t] = taxes.as_slice() else { return None };
    let told = super::money::read(own).iter().any(|a| a.cents == order_cents);
    (told && *t > 0 && *t < order_cents).then_some(order_cents - t)
}

#[cfg(test)]
mod tests {
    use super::asked;

    #[test]
    fn a_figure_asked_stands() {
        let own = "kindly process a partial credit of £45.00 (£37.50 net + £7.50 VAT) for the missing kit.";
        assert_eq!(asked(own, 18000, Some(4500)), None);
        // The working's figure read (b76 `g-079`): the label asked replaces it.
        let own = "Credit required: 2 x blinds\n- net 2 x 30.00 = 60.00\n- VAT 20% = 12.00\n- gross 72.00\nPlease credit the gross amount.";
        assert_eq!(asked(own, 7200, Some(6000)), Some(7200));
    }

    #[test]
    fn the_label_asked_names_its_figure() {
        for (own, order, want) in [
            (
                "re the damaged set:\nNet 40.00 + GST 4.00 = 44.00 gross.\nPlease credit the gross amount to the card. Thx.",
                8800,
                Some(4400),
            ),
            (
                "Invoice total: net £50.00 + VAT £10.00 = £60.00 gross.\nWe are asking for the full gross amount to be credited please.",
                6000,
                Some(6000),
            ),
            ("Please refund the gross amount.", 6000, None),
            ("Net 40.00, gross 44.00. Refund please.", 8800, None),
            // The label's figure is on its own line, the one above it is another line's (b129 `g-016`).
            (
                "As per invoice:\n  Net      40.00\n  VAT 5%    2.00\n  Gross    42.00\nPlease refund the gross amount of 42.00.",
                4200,
                Some(4200),
            ),
            (
                "please credit the net value of line 2:\n - net EUR 25.00\n - gross EUR 29.75\nPlease refund the gross amount.",
                11900,
                None,
            ),
            // Outside attack 66 (`PC`): the net asked in other words.
            ("Net 40.00 + VAT 8.00 = 48.00. Please credit the net only.", 4800, Some(4000)),
            ("Invoice: subtotal 120.00, tax 24.00, total 144.00. Refund subtotal.", 14400, Some(12000)),
            ("net 40 + tax 8 = 48 gross. please refund the goods value excl. tax", 4800, Some(4000)),
            (
                "The invoice says net 80.00, VAT 16.00, total 96.00. I'd like the whole 96 back please, not just the net.",
                9600,
                None,
            ),
            // Outside attack 67: the kind asked first after the verb, long labels before their figure, the working
            // written as a sum.
            ("Please refund us excl. VAT: EUR 62.00 (incl. VAT EUR 74.40).", 7440, Some(6200)),
            (
                "Our finance team asks for the refund to be made net of GST: 40.00 (GST 8.00, total 48.00).",
                4800,
                Some(4000),
            ),
            ("We're VAT registered: refund net please (33.33 + 6.67 VAT = 40.00).", 4000, Some(3333)),
            ("kindly reimburse net of VAT — 200 net / 240 gross", 24000, Some(20000)),
            // Outside attack 66: the net asked, the whole and its tax told.
            ("Credit request - value: NET. Gross 144.00. VAT 24.00.", 14400, Some(12000)),
            ("Refund the ex-VAT amount. Total 48.00 inc. VAT 8.00.", 4800, Some(4000)),
            ("We'd like the tax-exclusive amount refunded. Total paid 60.00, of which 10.00 tax.", 6000, Some(5000)),
            (
                "Could you refund the price before tax? It was 90.00, plus 18.00 tax, 108.00 in total.",
                10800,
                Some(9000),
            ),
            ("refund w/o tax pls. paid 48.00 incl 8.00 tax", 4800, Some(4000)),
            ("Refund ex-GST please: 150.00 ex, 30.00 GST, 180.00 inc.", 18000, Some(15000)),
            // The working named after an ask of the whole (b125 `g-075`): no kind asked.
            ("Please action full reimbursement on order 8831 — net £40.00 + VAT £8.00 = gross £48.00.", 4800, None),
        ] {
            assert_eq!(asked(own, order, None), want, "{own}");
        }
    }
}
