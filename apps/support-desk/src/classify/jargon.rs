//! Requests written in support and procurement jargon (ADR-906), rewritten into the plain request the grammar reads
//! ("we request …", the coordinated want of ADR-893) before the reader runs:
//!
//! - a field-style line whose label says what is asked ("Requested:", "Requested action:", "Resolution requested:",
//!   "Desired outcome:", "Action required:") and whose value names money back ("full credit to account", "credit
//!   note for the damaged units", "reimbursement") is that request;
//! - a trade imperative put to the shop ("please action a refund", "kindly process a goodwill credit", "pls arrange
//!   a credit", "could you raise a credit note") asks its money object;
//! - a credit "for the missing (damaged, short) units" with no figure, beside a count of those units and a unit
//!   price, asks the count times the unit price.
//!
//! Where word lists remain: the labels, the trade verbs and the unit nouns are closed classes of the register.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    field: Regex,
    money_value: Regex,
    negated: Regex,
    imperative: Regex,
    for_units: Regex,
    count: Regex,
    unit_price: Regex,
    price_each: Regex,
}

const MONEY_NOUN: &str =
    r"\b(?:credit|refund|reimburs\w*|money\s+back|goodwill|compensat\w*|repayment|restitution|chargeback)";
const UNIT_NOUN: &str =
    r"(?:units?|items?|pieces?|pcs|cartons?|boxes|box|cases|case|packs?|ones|parts?|bottles?|tins?|pairs?)";
const BAD: &str = r"(?:missing|damaged|short|short-?shipped|faulty|defective|broken|affected|lost|undelivered|not\s+received|unreceived|absent|cracked|dead|doa)";

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            field: Regex::new(concat!(
                r"(?im)(?P<lead>(?:^|[.!?][ \t]+)[ \t]*(?:[-*•·▪][ \t]*)?)(?P<label>requested(?:[ \t]+(?:partial|full|goodwill))?(?:[ \t]+(?:action|resolution|outcome|remedy|refund|credit))?",
                r"|request|customer[ \t]+request|resolution(?:[ \t]+(?:requested|sought|required|wanted|expected))?",
                r"|(?:desired|expected|preferred)[ \t]+(?:outcome|resolution|result|remedy)|outcome[ \t]+(?:sought|requested|required|wanted|expected)",
                r"|action[ \t]+(?:requested|required|needed|sought)|remedy[ \t]+(?:sought|requested)|ask)[ \t]*[:=–—-][ \t]*(?P<value>\S.*)$",
            ))
            .ok()?,
            money_value: Regex::new(&format!("(?i){MONEY_NOUN}")).ok()?,
            negated: Regex::new(&format!(
                r"(?i)\b(?:no|not|without|n/a|none)\b[^.\n]{{0,12}}{MONEY_NOUN}|{MONEY_NOUN}\w*\s+(?:not\s+)?(?:needed|required|wanted)\s*(?:[.,;]|$)\s*$|\bno\s+{MONEY_NOUN}"
            ))
            .ok()?,
            imperative: Regex::new(
                r"(?i)\b(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you|we\s+ask\s+you\s+to|i\s+ask\s+you\s+to)\s+(?:action|process|arrange|issue|raise|initiate|put\s+through|authori[sz]e|approve|expedite|book|apply|post|organi[sz]e|sort(?:\s+out)?|set\s+up|effect|execute)\s+(?P<obj>(?:(?:a|an|the|our|my|this|that|full|partial|goodwill|further|additional|same)\s+)*(?:refund|credit(?:\s+note|\s+memo)?|reimbursement|goodwill(?:\s+(?:credit|gesture|payment))?|compensation|repayment)\b)",
            )
            .ok()?,
            for_units: Regex::new(&format!(
                r"(?i)(?P<noun>{MONEY_NOUN}\w*(?:\s+(?:note|memo))?)\s+(?P<rest>(?:only\s+)?for\s+(?:the\s+)?(?:\d+\s+)?{BAD}\s+{UNIT_NOUN})"
            ))
            .ok()?,
            count: Regex::new(&format!(
                r"(?i)\b(?P<n>\d{{1,3}})\s+(?:(?:of|out\s+of)\s+(?:the\s+)?\d{{1,4}}\s+)?(?:{UNIT_NOUN}\s+)?(?:(?:are|were|is|was|arrived|came)\s+)?{BAD}\b|\b{BAD}\s+{UNIT_NOUN}?\s*[:=]\s*(?P<m>\d{{1,3}})\b|\b{BAD}\s*[:=(]\s*(?P<k>\d{{1,3}})\b"
            ))
            .ok()?,
            unit_price: Regex::new(
                r"(?i)\b(?:unit\s+(?:price|cost|value)|price\s+per\s+(?:unit|item|piece|carton|box|case|pack|pair)|(?:cost|price)\s+each|per[- ]unit\s+(?:price|cost))\s*[:=@-]?\s*(?P<f>(?:[$€£]|\b[A-Z]{3}\s?)?\s?\d+(?:[.,]\d{2})?(?:\s?(?:[$€£]|[A-Z]{3}\b))?)",
            )
            .ok()?,
            price_each: Regex::new(
                r"(?i)(?:@\s*|\bat\s+)?(?P<f>(?:[$€£]|\b[A-Z]{3}\s?)?\s?\d+[.,]\d{2}(?:\s?(?:[$€£]|[A-Z]{3}\b))?)\s*(?:each|per\s+(?:unit|item|piece)|/\s?(?:unit|pc|ea)|ea\b)",
            )
            .ok()?,
        })
    })
    .as_ref()
    .expect("the jargon patterns compile")
}

/// The figure's value in cents and its currency marks (sign or code) as written around the number.
fn figure(text: &str) -> Option<(i64, String, String)> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let end =
        text[start..].find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')).map_or(text.len(), |e| start + e);
    let cents = super::to_cents(text[start..end].trim_end_matches(['.', ',']))?;
    Some((cents, text[..start].trim().to_string(), text[end..].trim().to_string()))
}

/// The text with jargon requests written as plain ones.
pub fn plain_requests(text: &str) -> String {
    let p = patterns();
    let text = p.field.replace_all(text, |c: &regex::Captures| {
        let value = &c["value"];
        // A label that names the money ("Requested partial credit: $114.00") takes a bare figure as its value.
        let label = c["label"].to_lowercase();
        let figure_for_money = (label.contains("credit") || label.contains("refund"))
            && value.trim_start().starts_with(|ch: char| ch.is_ascii_digit() || "$€£".contains(ch));
        if (p.money_value.is_match(value) || figure_for_money) && !p.negated.is_match(value) {
            format!("{}We request {value}", &c["lead"])
        } else {
            c[0].to_string()
        }
    });
    let text = p.imperative.replace_all(&text, |c: &regex::Captures| format!("we request {}", &c["obj"]));
    // A credit for the bad units with no figure of its own: the count times the unit price.
    let Some(m) = p.for_units.captures(&text) else { return text.into_owned() };
    let line_end =
        text[m.get(0).map_or(0, |x| x.end())..].find('\n').map_or(text.len(), |e| m.get(0).map_or(0, |x| x.end()) + e);
    let line_start = text[..m.get(0).map_or(0, |x| x.start())].rfind('\n').map_or(0, |s| s + 1);
    if text[line_start..line_end].chars().any(|c| c.is_ascii_digit())
        && figure(&text[line_start..line_end]).is_some_and(|f| f.0 >= 100)
    {
        return text.into_owned();
    }
    let counts: Vec<i64> = p
        .count
        .captures_iter(&text)
        .filter_map(|c| c.name("n").or_else(|| c.name("m")).or_else(|| c.name("k")))
        .filter_map(|n| n.as_str().parse().ok())
        .collect();
    let price = p
        .unit_price
        .captures(&text)
        .or_else(|| p.price_each.captures(&text))
        .and_then(|c| figure(c.name("f")?.as_str()));
    match (counts.as_slice(), price) {
        ([n, rest @ ..], Some((each, before, after))) if rest.iter().all(|r| r == n) && *n > 0 => {
            let total = each * n;
            let amount = format!("{}.{:02}", total / 100, total % 100);
            let written = match (before.is_empty(), after.is_empty()) {
                (false, _) => format!("{before} {amount}"),
                (true, false) => format!("{amount} {after}"),
                _ => amount,
            };
            let (noun, rest) = (m.name("noun").map_or("", |x| x.as_str()), m.name("rest").map_or("", |x| x.as_str()));
            let at = m.get(0).map_or(0..0, |x| x.range());
            format!("{}{noun} of {written} {rest}{}", &text[..at.start], &text[at.end..])
        }
        _ => text.into_owned(),
    }
}
