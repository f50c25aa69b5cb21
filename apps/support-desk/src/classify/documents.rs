//! Procurement and accounts-payable mail read as a document (ADR-914), rewritten into the plain words the reader's
//! grammar reads before it runs (after the jargon step of ADR-906):
//!
//! - **Field lines are typed facts.** A line "Net: 40.00", "VAT 20%: 8.00", "Gross: 48.00", "Total: 145.00",
//!   "Amount due: …" (and their German, French, Spanish, Italian and Dutch labels) is a field of the document. An ask
//!   whose object names a field ("credit the gross amount", "refund the net value", "reimburse the invoice total",
//!   "pay back the amount due") asks that field's figure: the object is written as the figure.
//! - **A total that includes the customer's own costs** ("Full reimbursement requested incl. our internal handling
//!   costs" over "Item: 120.00 / Handling (our side): 25.00 / Total: 145.00") asks the total: the field is written as
//!   the claimed total ADR-776 reads, so an over-ask built of parts is refused whole (X2), never read as its first part.
//! - **A request put as a requirement, a passive or in the third person** ("A second partial credit of 15.00 is
//!   required", "a credit note … is requested", "Customer requests a goodwill gesture of 10.00", "the balance to be
//!   credited", "Gutschrift … erbeten", "un avoir de … est demandé", "se solicita un abono") is "We request <object>".
//! - **The verbs of accounts payable with their object**: "reverse / void / refund / credit the duplicate (charge,
//!   capture, debit)" asks one of the duplicated charges ("2 x 67.30", "charged 67.30 twice"); "offset 12.00 against
//!   our next invoice" asks a credit of 12.00.
//! - **A confirmation asked is a question**: "Kindly confirm whether order … qualifies for …", "please advise if …"
//!   is a yes/no question; "please confirm (the) status of refund RF-2231" asks the state of a refund; "No action
//!   required (at this stage)" disclaims an ask.
//!
//! Where word lists remain: the field labels, the accounts-payable verbs and the requirement predicates are closed
//! classes of the register, in each language the desk reads.

use regex::{Captures, Regex};
use std::sync::OnceLock;

/// A field's type, by its label.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Net,
    Tax,
    Gross,
    Total,
    Due,
}

struct Patterns {
    field_line: Regex,
    object: Regex,
    own_costs: Regex,
    passive: Regex,
    third_person: Regex,
    foreign: Regex,
    duplicate: Regex,
    times: Regex,
    /// "59.90 x2", "(USD 64.00 x 2)": the count after the charge.
    times_after: Regex,
    /// An identifier's label right before a number ("order 77140", "#7782", "ref: 5521").
    identifier_before: Regex,
    twice: Regex,
    offset: Regex,
    confirm_whether: Regex,
    confirm_status: Regex,
    no_action: Regex,
}

const FIG: &str = r"(?:[$€£]|\b[A-Z]{3}\s?)?\s?\d{1,6}(?:[.,]\d{3})*(?:[.,]\d{1,2})?(?:\s?(?:[$€£]|\b[A-Z]{3}\b|eur\b|euros?\b|dollars?\b|pounds?\b))?";
const MONEY: &str = r"(?:refund|credit(?:\s+note|\s+memo)?|reimbursement|goodwill(?:\s+(?:gesture|credit|payment))?|gesture\s+of\s+goodwill|compensation|repayment|rebate|allowance|write-?off|chargeback|money\s+back)";

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            // "- VAT 20%: 8.00", "Gross: EUR 48.00", "Total (incl. VAT) = 145,00 €", "Amount due: $12.00".
            field_line: Regex::new(&format!(
                r"(?im)^[ \t]*(?:[-*•·▪][ \t]*)?(?P<label>(?:total\s+)?net(?:\s+(?:amount|value|total))?|netto(?:betrag)?|(?:montant\s+)?ht|vat(?:\s+\d{{1,2}}(?:[.,]\d)?\s?%)?|tax(?:\s+\d{{1,2}}(?:[.,]\d)?\s?%)?|mwst\.?(?:\s+\d{{1,2}}\s?%)?|ust\.?(?:\s+\d{{1,2}}\s?%)?|tva(?:\s+\d{{1,2}}(?:[.,]\d)?\s?%)?|iva(?:\s+\d{{1,2}}\s?%)?|btw(?:\s+\d{{1,2}}\s?%)?|gst(?:\s+\d{{1,2}}\s?%)?|gross(?:\s+(?:amount|value|total))?|brutto(?:betrag)?|ttc|(?:montant\s+)?ttc|(?:invoice\s+|grand\s+|order\s+)?total(?:\s+(?:amount|due|ttc|incl\.?\s+vat|\(incl\.?\s+vat\)))?|gesamt(?:betrag|summe)?|summe|importe\s+total|totale|totaal|amount\s+(?:due|payable|outstanding)|balance(?:\s+due)?)[ \t]*(?:\([^)\n]{{0,20}}\))?[ \t]*[:=][ \t]*(?P<fig>{FIG})[ \t]*$"
            ))
            .ok()?,
            // The object of an ask that names a field: "the gross amount", "the net value", "the invoice total".
            object: Regex::new(
                r"(?i)\b(?P<verb>credit|refund|reimburse|repay|pay\s+back|return|reverse|gutschreiben|erstatten|rembourser|reembolsar|rimborsare)\s+(?:us\s+|me\s+)?(?:for\s+)?(?P<obj>(?:the|our|this)\s+(?:full\s+)?(?P<kind>gross|net|total|invoice(?:d)?|invoice\s+total|amount\s+due|balance(?:\s+due)?|vat-inclusive|tax-inclusive)(?:\s+(?:amount|figure|value|sum|total|price))?(?:\s+incl\.?\s+(?:vat|tax))?)\b",
            )
            .ok()?,
            // An ask that says it includes the customer's own costs.
            own_costs: Regex::new(
                r"(?i)\b(?:incl\.?|including|inclusive\s+of|plus|together\s+with|as\s+well\s+as|and\s+also)\s+(?:all\s+)?(?:our|my|own|the\s+customer'?s|internal)\s+(?:[a-z/-]+\s+){0,3}?(?:costs?|handling|expenses|fees?|time|admin\w*|labou?r|overheads?|postage|shipping|restocking)\b",
            )
            .ok()?,
            // "A second partial credit of 15.00 is required …", "Credit note for 2 units is requested".
            passive: Regex::new(&format!(
                r"(?i)(?P<obj>(?:\b(?:a|an|the|one|our|further|another|additional)\s+|^|(?m:^)|[.:;]\s+)(?:[a-z-]+[ \t]+){{0,3}}?{MONEY}(?:\s+(?:of|for|in\s+the\s+amount\s+of|amounting\s+to)\s+{FIG})?)(?P<mid>[^.\n]{{0,40}}?)\s+(?:is|are|will\s+be)\s+(?:hereby\s+|now\s+|kindly\s+|therefore\s+|urgently\s+)?(?:required|requested|needed|sought|claimed|to\s+be\s+(?:issued|raised|processed|applied|credited|refunded|paid|made|arranged))\b"
            ))
            .ok()?,
            // "Customer requests a goodwill gesture of 10.00", "the client is requesting a credit of …".
            third_person: Regex::new(&format!(
                r"(?i)\b(?:the\s+)?(?:customer|client|buyer|purchaser|cardholder|account\s+holder|end\s+user|consignee|we|i)\s+(?:(?:is|are|am)\s+)?(?:requests?|requesting|claims?|claiming|seeks?|seeking|asks?\s+for|asking\s+for|requires?)\s+(?P<obj>(?:a|an|the|one|our|further|another|additional)\s+(?:[a-z-]+\s+){{0,3}}?{MONEY}\b)"
            ))
            .ok()?,
            // The register in the desk's other languages: a credit asked as a requirement or a passive.
            foreign: Regex::new(&format!(
                r"(?i)\b(?:(?:wir\s+)?bitten\s+(?:sie\s+)?um\s+(?:eine\s+)?gutschrift|gutschrift\s+(?:über|von|in\s+höhe\s+von)\s+(?P<de>{FIG})\s+(?:wird\s+)?(?:erbeten|benötigt|angefordert|gefordert)|(?:un\s+)?avoir\s+de\s+(?P<fr>{FIG})\s+(?:est\s+)?(?:demandé|requis|attendu|sollicité)|merci\s+de\s+(?:nous\s+)?(?:émettre|établir|faire|adresser)\s+un\s+avoir|(?:se\s+)?solicit(?:a|amos)\s+(?:un|una)\s+(?:abono|reembolso|nota\s+de\s+crédito)|(?:si\s+)?richied(?:e|iamo)\s+(?:una\s+)?(?:nota\s+di\s+credito|rimborso))"
            ))
            .ok()?,
            // "reverse the duplicate", "please void the double charge", "refund the second capture".
            duplicate: Regex::new(
                r"(?i)\b(?:reverse|void|refund|credit|cancel|return|release|pay\s+back)\s+(?:us\s+|me\s+)?(?:the|one|a|this|that)\s+(?:of\s+the\s+)?(?:duplicate[ds]?|double|second|extra|repeat(?:ed)?|erroneous|additional)(?:\s+(?:charge|capture|payment|transaction|debit|booking|authori[sz]ation|one|amount|entry|line))?\b",
            )
            .ok()?,
            times: Regex::new(&format!(r"(?i)\b(?P<n>[2-9])\s?[x×*]\s?(?P<f>{FIG})")).ok()?,
            times_after: Regex::new(&format!(r"(?i)(?P<f>{FIG})\s?[x×*]\s?(?P<n>[2-9])\b")).ok()?,
            identifier_before: Regex::new(
                r"(?i)(?:\border|\bord|#|\bno\.?|\bnumber|\bref|\breference|\binvoice|\bcase|\bticket|\bpo)\s*[:#]?\s*$",
            )
            .ok()?,
            twice: Regex::new(&format!(
                r"(?i)(?P<f>{FIG})\s+(?:(?:was|were|has\s+been|got)\s+)?(?:charged|captured|debited|taken|billed|deducted)?\s*(?:twice|two\s+times|double)\b|\b(?:twice|two\s+times|both)\s+(?:for\s+|at\s+|of\s+)?(?P<g>{FIG})"
            ))
            .ok()?,
            // "offset 12.00 against our next invoice", "set off against the next payment".
            offset: Regex::new(&format!(
                r"(?i)\b(?:offset|set\s+off|deduct)\s+(?:the\s+|this\s+|a\s+)?(?P<f>{FIG})\s+(?:against|from)\s+(?:our|the|your)\s+(?:next|following|outstanding|open)\s+(?:invoice|bill|payment|statement)"
            ))
            .ok()?,
            // "Kindly confirm whether order 55102 qualifies for full reimbursement …", "please advise if …".
            confirm_whether: Regex::new(
                r"(?i)\b(?:(?:please|kindly|pls|plz|can\s+you|could\s+you|would\s+you)\s+)?(?:confirm|advise|clarify|verify|check|let\s+(?:us|me)\s+know|tell\s+(?:us|me)|inform\s+(?:us|me))\s+(?:whether|if)\s+(?P<rest>[^.?!\n]{3,200})[.?!]?",
            )
            .ok()?,
            // "please confirm status of refund RF-2231", "kindly advise the status of our credit note".
            confirm_status: Regex::new(&format!(
                r"(?i)\b(?:(?:please|kindly|pls|plz|can\s+you|could\s+you)\s+)?(?:confirm|advise(?:\s+(?:on|of))?|provide|send|give\s+(?:us|me)|update\s+(?:us|me)\s+on|check)\s+(?:us\s+|me\s+)?(?:an?\s+|the\s+)?(?:current\s+)?(?:status|progress|update)\s+(?:of|on|for)\s+(?P<obj>(?:the\s+|our\s+|my\s+)?{MONEY}[^.?!\n]{{0,60}})[.?!]?"
            ))
            .ok()?,
            no_action: Regex::new(
                r"(?i)\bno\s+(?:further\s+)?action\s+(?:is\s+)?(?:required|needed|necessary)(?:\s+(?:at\s+this\s+(?:stage|point|time)|yet|for\s+now|at\s+present))?(?:\s+from\s+(?:you|your\s+side))?\s*(?P<end>[.!]|\n|$)",
            )
            .ok()?,
        })
    })
    .as_ref()
    .expect("the document patterns compile")
}

fn field_type(label: &str) -> Field {
    let l = label.to_ascii_lowercase();
    let has = |w: &str| l.split(|c: char| !c.is_ascii_alphanumeric()).any(|t| t == w);
    if has("net") || l.starts_with("netto") || has("ht") || l.starts_with("sub") {
        Field::Net
    } else if ["vat", "tax", "mwst", "ust", "tva", "iva", "btw", "gst"].iter().any(|w| has(w)) && !has("incl") {
        Field::Tax
    } else if has("gross") || l.starts_with("brutto") || has("ttc") {
        Field::Gross
    } else if has("due") || has("payable") || has("outstanding") || has("balance") {
        Field::Due
    } else {
        Field::Total
    }
}

/// The document's field lines: their type, figure as written, and the line's range.
fn fields(text: &str) -> Vec<(Field, String, std::ops::Range<usize>)> {
    patterns()
        .field_line
        .captures_iter(text)
        .filter_map(|c| Some((field_type(&c["label"]), c.name("fig")?.as_str().trim().to_string(), c.get(0)?.range())))
        .collect()
}

/// The one figure of a field type, if the document has exactly one value for it.
fn one_field(all: &[(Field, String, std::ops::Range<usize>)], want: &[Field]) -> Option<String> {
    for kind in want {
        let found: Vec<&String> = all.iter().filter(|f| f.0 == *kind).map(|f| &f.1).collect();
        if let [one, rest @ ..] = found.as_slice()
            && rest.iter().all(|r| r == one)
        {
            return Some((*one).clone());
        }
    }
    None
}

/// Whether a requirement is denied ("no credit is required", "a refund is not needed").
fn negation(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != '\'').any(|w| {
        matches!(w.to_ascii_lowercase().as_str(), "no" | "not" | "without" | "never" | "n't" | "isn't" | "aren't")
    })
}

/// A goodwill gesture (payment, "gesture of goodwill") is a goodwill credit: money back the reader knows.
fn money_noun(obj: &str) -> String {
    static G: OnceLock<Option<Regex>> = OnceLock::new();
    match G.get_or_init(|| Regex::new(r"(?i)\bgoodwill\s+(?:gesture|payment)|\bgesture\s+of\s+goodwill").ok()) {
        Some(re) => re.replace_all(obj, "goodwill credit").into_owned(),
        None => obj.to_string(),
    }
}

/// The text with each field line's label in English ("Netto:" → "Net:", "MwSt 19%:" → "VAT:", "Brutto:" / "TTC :" →
/// "Gross:", "Gesamtbetrag:" → "Total:"): the layout's receipt reading and the figure roles know the English labels.
/// Labels already English are left as written.
pub fn english_labels(text: &str) -> String {
    let p = patterns();
    let mut text = text.to_string();
    // Each field's label in English: the figure roles downstream know "VAT" and "Gross", not "MwSt" and "Brutto".
    let english: Vec<(std::ops::Range<usize>, &str)> = p
        .field_line
        .captures_iter(&text)
        .filter_map(|c| {
            let label = c.name("label")?;
            let lower = label.as_str().to_ascii_lowercase();
            let foreign = [
                "netto", "ht", "mwst", "ust", "tva", "iva", "btw", "brutto", "ttc", "gesamt", "summe", "importe",
                "totale", "totaal",
            ];
            if !lower.split(|ch: char| !ch.is_ascii_alphanumeric()).any(|w| foreign.iter().any(|f| w.starts_with(f))) {
                return None;
            }
            let plain = match field_type(label.as_str()) {
                Field::Net => "Net",
                Field::Tax => "VAT",
                Field::Gross => "Gross",
                Field::Total => "Total",
                Field::Due => "Amount due",
            };
            Some((label.range(), plain))
        })
        .collect();
    for (range, plain) in english.into_iter().rev() {
        text.replace_range(range, plain);
    }
    text
}

/// The text with a document's fields, requirements, accounts-payable verbs and confirmations written plainly.
pub fn plain(text: &str) -> String {
    let p = patterns();
    let mut text = english_labels(text);
    let all = fields(&text);
    // An object that names a field asks that field's figure.
    if !all.is_empty() {
        text = p
            .object
            .replace_all(&text, |c: &Captures| {
                let kind = c["kind"].to_ascii_lowercase();
                let want: &[Field] = if kind.starts_with("gross") || kind.contains("inclusive") {
                    &[Field::Gross, Field::Total]
                } else if kind.starts_with("net") {
                    &[Field::Net]
                } else if kind.contains("due") || kind.starts_with("balance") {
                    &[Field::Due, Field::Total, Field::Gross]
                } else {
                    &[Field::Total, Field::Gross, Field::Due]
                };
                // The accounts-payable verb is a refund of that figure.
                match one_field(&all, want) {
                    Some(fig) => format!("refund {fig}"),
                    None => c[0].to_string(),
                }
            })
            .into_owned();
        // An ask that includes the customer's own costs claims the document's total.
        if p.own_costs.is_match(&text)
            && let Some(total) = all.iter().rev().find(|f| matches!(f.0, Field::Total | Field::Gross | Field::Due))
            && let Some(line) = text.get(total.2.clone())
        {
            let rewritten = format!("Total requested: {}", total.1);
            let (start, end) = (total.2.start, total.2.end);
            if line.contains(total.1.as_str()) {
                text.replace_range(start..end, &rewritten);
            }
        }
    }
    // Requirements, passives and the third person: "we request <object>".
    text = p
        .passive
        .replace_all(&text, |c: &Captures| {
            if negation(&c[0]) {
                return c[0].to_string();
            }
            let obj = c["obj"].trim_start_matches(['.', ':', ';']).trim_start();
            let lead = &c["obj"][..c["obj"].len() - obj.len()];
            format!("{lead}We request {}{}", money_noun(obj), &c["mid"])
        })
        .into_owned();
    text =
        p.third_person.replace_all(&text, |c: &Captures| format!("We request {}", money_noun(&c["obj"]))).into_owned();
    text = p
        .foreign
        .replace_all(&text, |c: &Captures| match c.name("de").or_else(|| c.name("fr")) {
            Some(f) => format!("We request a credit of {}", f.as_str()),
            None => "We request a credit".to_string(),
        })
        .into_owned();
    // The duplicate: one of the duplicated charges.
    // "a double sawbuck" is a slang sum (twenty dollars), no duplicate (outside attack 52).
    let slang_after = |m: &regex::Match| {
        let next = text[m.end()..].trim_start().split(|c: char| !c.is_alphanumeric() && c != '-').next().unwrap_or("");
        super::slang_note_dollars(next).is_some()
    };
    if let Some(m) = p.duplicate.find_iter(&text).find(|m| !slang_after(m)) {
        // The charge's figure: "2 x 64.00", "59.90 x2", "64.00 charged twice", "twice for 64.00". An order or a
        // reference number beside "twice" ("charged twice for 7782", "order 77140 debited twice") is no charge
        // (F1609); a figure written as money (a currency or decimals) goes before a bare number.
        let candidates: Vec<regex::Match> = p
            .times
            .captures_iter(&text)
            .chain(p.times_after.captures_iter(&text))
            .chain(p.twice.captures_iter(&text))
            .filter_map(|c| c.name("f").or_else(|| c.name("g")))
            .filter(|f| !p.identifier_before.is_match(&text[..f.start()]))
            .collect();
        let money_form = |f: &str| f.contains(['$', '€', '£', '.', ',']) || f.chars().any(|c| c.is_ascii_alphabetic());
        let each =
            candidates.iter().find(|f| money_form(f.as_str())).or(candidates.first()).map(|f| f.as_str().to_string());
        let range = m.range();
        let written = match each {
            Some(fig) => format!("we request a refund of {} for the duplicate charge", fig.trim()),
            None => "we request a refund of the duplicate charge".to_string(),
        };
        text.replace_range(range, &written);
    }
    text = p.offset.replace_all(&text, |c: &Captures| format!("we request a credit of {}", c["f"].trim())).into_owned();
    // Confirmations asked are questions.
    text = p
        .confirm_status
        .replace_all(&text, |c: &Captures| format!("What is the status of {}?", c["obj"].trim()))
        .into_owned();
    text = p
        .confirm_whether
        .replace_all(&text, |c: &Captures| format!("Is it so that {}?", c["rest"].trim()))
        .into_owned();
    // "No action required (at this stage)" said of the whole message, not of a part ("no further action needed on
    // the return label" keeps the request beside it).
    text = p
        .no_action
        .replace_all(&text, |c: &Captures| format!("I am not asking for a refund yet{}", &c["end"]))
        .into_owned();
    text
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn fields_and_verbs_are_written_plainly() {
        let t = plain(
            "- Net: 40.00\n- VAT 20%: 8.00\n- Gross: 48.00\nPlease credit the gross amount for the damaged line.",
        );
        assert!(t.contains("refund 48.00 for the damaged line"), "{t}");
        let t = plain("Duplicate capture: 2 x 67.30 on the same order. Please reverse the duplicate.");
        assert!(t.contains("we request a refund of 67.30"), "{t}");
        let t = plain("A second partial credit of 15.00 is required for the remaining unit.");
        assert!(t.to_lowercase().starts_with("we request a second partial credit of 15.00"), "{t}");
        let t = plain("Customer requests a goodwill gesture of 10.00 for the delay.");
        assert!(t.contains("We request a goodwill credit of 10.00"), "{t}");
        // A requirement denied stays as written.
        assert_eq!(plain("No credit is required for this order."), "No credit is required for this order.");
        // "No action needed" said of a part keeps the request (b4 `g-003`, F918).
        let t = "Partial refund requested, amount: 2599. No further action needed on return label.";
        assert_eq!(plain(t), t);
    }
}
