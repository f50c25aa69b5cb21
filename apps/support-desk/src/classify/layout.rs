//! The ticket's layout, read before its words (ADR-650). Tickets arrive as a person's prose, but also as what a
//! web form, a mail client or a shop's page made of it: HTML remnants (tags, entities, lists), web-form submissions
//! with field labels, pasted receipts and tables. This step turns the raw text into the text a person sees
//! ([`Layout::text`]: tags dropped, entities decoded, each list item, paragraph, table row and line break on its own
//! line, a " / "-joined form one field a line) and reads the form's fields into types ([`Field`], [`FieldKind`]).
//!
//! A filled ask field ("Amount requested: 615.50", "Refund amount - 19.95", "Total credit requested: USD 480.00")
//! is a request for that figure ([`Layout::ask`]); the clause table then applies as to any request (over the cap E1,
//! already refunded X4, over the order X2). Fields that price the order (goods value, handling, tax, shipping, order
//! total) or name it (references) are not the ask. The free text around the fields is read by the reader: a comment
//! that asks a different figure offers two figures (U1), unless it cancels the field ("ignore the amount above"),
//! when the comment's figure is the ask.

use super::Amount;
use regex::Regex;
use std::sync::OnceLock;

/// What a form field is, read from its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// The figure the customer asks back ("Amount requested", "Refund amount", "Total credit requested").
    Ask,
    /// Free text the customer wrote ("Comments", "Notes", "Reason", "Details"): read by the reader like any prose.
    Remark,
    /// Anything else: prices of the order (goods value, tax, shipping, handling, order total), references, names,
    /// contact details. Never the ask.
    Other,
}

/// One "Label: value" line of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub label: String,
    pub value: String,
    pub kind: FieldKind,
    /// The line of [`Layout::text`] the field is on.
    pub line: usize,
}

/// The ticket as a person sees it, and its form fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub text: String,
    pub fields: Vec<Field>,
}

struct Patterns {
    comment: Regex,
    hidden_block: Regex,
    list_item: Regex,
    block_tag: Regex,
    bullet: Regex,
    priced_line: Regex,
    cell_tag: Regex,
    any_tag: Regex,
    entity: Regex,
    field: Regex,
    /// A label that says the figure is asked ("Amount requested", "Total credit requested", "Sum claimed").
    asked_label: Regex,
    /// A label that names a refund's figure ("Refund amount", "Credit total").
    ask_label: Regex,
    not_ask_label: Regex,
    remark_label: Regex,
    figure: Regex,
    cancels_field: Regex,
    reference_before: Regex,
    earlier_refund: Regex,
    charge_named: Regex,
    whole_order: Regex,
    amount_label: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    let built = P.get_or_init(|| {
        Some(Patterns {
            comment: Regex::new(r"(?s)<!--.*?(?:-->|$)").ok()?,
            hidden_block: Regex::new(r"(?is)<(?:script|style|head|title)\b[^>]*>.*?</(?:script|style|head|title)\s*>")
                .ok()?,
            block_tag: Regex::new(
                r"(?i)</?(?:br|p|div|li|ul|ol|tr|table|thead|tbody|tfoot|h[1-6]|blockquote|hr|dl|dt|dd|section|article|header|footer|pre)\b[^<>]*>",
            )
            .ok()?,
            list_item: Regex::new(r"(?i)<li\b[^<>]*>").ok()?,
            bullet: Regex::new(r"^\s*(?:[-*•·▪–]|\d{1,2}[.)])\s+\S").ok()?,
            // A receipt or table line: a short label, a column separator (a run of spaces, a tab, a cell bar, dot
            // leaders, a dash, a colon) and a figure that ends the line.
            priced_line: Regex::new(&format!(
                r"^[^!?]{{1,80}}?(?:\s{{2,}}|\t|\s\|\s(?:\|\s)*|\.{{3,}}\s*|\s[—–-]\s|:\s*)(?:{cur}\s?)?(?:{num})(?:\s?{cur})?\s*$",
                cur = r"(?:[$€£₹¥]|[A-Z]{3}\b)",
                num = super::NUM
            ))
            .ok()?,
            cell_tag: Regex::new(r"(?i)</?(?:td|th)\b[^<>]*>").ok()?,
            any_tag: Regex::new(r"</?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?/?>").ok()?,
            entity: Regex::new(r"&(?:[a-zA-Z][a-zA-Z0-9]{1,30}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});").ok()?,
            // "Label: value", "LABEL - value", "Label<TAB>value": a label of at most 60 characters that starts the
            // line (after a list bullet), then the separator.
            field: Regex::new(
                r"^\s*(?:[-*•]\s+)?([A-Za-z][A-Za-z &'’./()#_-]{0,59}?)\s*(?::|\t+|\s[-–—]\s)\s*(.*?)\s*$",
            )
            .ok()?,
            asked_label: Regex::new(
                r"(?i)\b(?:requested|claimed|to\s+(?:be\s+)?(?:refunded|credited|reimbursed))\s*$|^(?:requested|claimed)\s+(?:amount|sum|total|refund|credit)",
            )
            .ok()?,
            ask_label: Regex::new(r"(?i)\b(?:refund|credit|reimbursement)\b[\w\s]*\b(?:amount|sum|total|figure)\b|\b(?:amount|sum|total|figure)\b[\w\s]*\b(?:refund|credit|reimbursement)\b")
            .ok()?,
            // A label that prices or names the order, or describes the refund rather than asking a figure.
            not_ask_label: Regex::new(
                r"(?i)\b(?:paid|price|value|cost|tax|vat|gst|shipping|postage|delivery|handling|subtotal|ref|reference|no|number|id|date|status|reason|method|type|card|account|note|memo|preferred|resolution)\b|#",
            )
            .ok()?,
            remark_label: Regex::new(
                r"(?i)^(?:customer\s+|additional\s+|other\s+|your\s+)?(?:comments?|notes?|message|details|description|remarks?|reason(?:\s+for\s+\w+)?|explanation|information|info|problem|issue(?:\s+description)?)$",
            )
            .ok()?,
            figure: Regex::new(&format!(r"(?:^|[^\w.,])({})(?:[^\w]|$)", super::NUM)).ok()?,
            reference_before: Regex::new(r"(?i)(?:#|\b(?:order|ref|reference|po|invoice|inv|no|number|id)\.?:?)\s*$").ok()?,
            earlier_refund: Regex::new(
                r"(?i)\b(?:refund\w*|credit\w*)\b.*\b(?:pending|processing|in\s+progress|on\s+its\s+way|already|earlier|previous|approved|issued|executed)\b|\b(?:pending|processing|earlier|previous|approved|issued|executed)\b.*\b(?:refund|credit)",
            )
            .ok()?,
            charge_named: Regex::new(r"(?i)\b(?:tax|vat|gst|shipping|delivery|postage|handling|fee)\b").ok()?,
            whole_order: Regex::new(
                r"(?i)\b(?:my|the|whole|entire|full|complete)\s+(?:order|purchase|amount|price|sum|lot)\b|\bmoney\s+back\b|\beverything\b|\bin\s+full\b|\bfull\s+refund\b",
            )
            .ok()?,
            amount_label: Regex::new(r"(?i)^\W*(?:\w+\s+)?(?:amount|amt|refund|credit|charged?|paid)\b").ok()?,
            cancels_field: Regex::new(
                r"(?i)\b(?:ignore|disregard)\b|\bpre-?\s?filled\b|\bauto-?\s?filled\b|\b(?:amount|figure|field)\s+(?:above\s+)?(?:is|was)\s+wrong\b|\b(?:typo|mistake)\b",
            )
            .ok()?,
        })
    });
    match built {
        Some(p) => p,
        None => unreachable!("the layout's constant patterns compile (covered by tests)"),
    }
}

/// Whether the text carries HTML: a tag or an entity.
fn has_html(text: &str) -> bool {
    let p = patterns();
    p.any_tag.is_match(text) || p.entity.is_match(text) || text.contains("<!--")
}

/// The text a person sees of an HTML remnant: comments and hidden blocks dropped (a person never sees them), block
/// tags as line breaks, table cells as " | ", every other tag dropped, entities decoded.
fn visible_text(text: &str) -> String {
    let p = patterns();
    let text = p.comment.replace_all(text, " ");
    let text = p.hidden_block.replace_all(&text, " ");
    // A list item is a line of its own with a bullet, as a person sees it.
    let text = p.list_item.replace_all(&text, "\n- ");
    let text = p.block_tag.replace_all(&text, "\n");
    let text = p.cell_tag.replace_all(&text, " | ");
    let text = p.any_tag.replace_all(&text, "");
    let decoded = html_escape::decode_html_entities(&text);
    // A non-breaking space (&nbsp;) is a space to the reader.
    let lines: Vec<String> = decoded
        .replace('\u{a0}', " ")
        .lines()
        .map(|l| l.trim_matches(|c: char| c.is_whitespace() || c == '|').to_string())
        .filter(|l| !l.is_empty())
        .collect();
    lines.join("\n")
}

fn field_kind(label: &str) -> FieldKind {
    let p = patterns();
    let label = label.trim();
    if p.remark_label.is_match(label) {
        return FieldKind::Remark;
    }
    if p.asked_label.is_match(label) || (p.ask_label.is_match(label) && !p.not_ask_label.is_match(label)) {
        FieldKind::Ask
    } else {
        FieldKind::Other
    }
}

/// A line's fields: one, or several joined by " / " when at least two of the pieces are fields.
fn line_fields(line: &str) -> Vec<(String, String)> {
    let p = patterns();
    let parse = |piece: &str| p.field.captures(piece).map(|c| (c[1].trim().to_string(), c[2].trim().to_string()));
    let pieces: Vec<&str> = line.split(" / ").collect();
    if pieces.len() > 1 {
        let parsed: Vec<Option<(String, String)>> = pieces.iter().map(|piece| parse(piece)).collect();
        if parsed.iter().filter(|f| f.is_some()).count() >= 2 {
            return parsed.into_iter().flatten().collect();
        }
    }
    parse(line).into_iter().collect()
}

/// Reads the layout of a raw ticket text.
pub fn read(raw: &str) -> Layout {
    let seen = if has_html(raw) { visible_text(raw) } else { raw.to_string() };
    let mut lines = Vec::new();
    let mut fields = Vec::new();
    for line in seen.lines() {
        let found = line_fields(line);
        if found.len() > 1 {
            // A " / "-joined form: one field a line, as a person reads it.
            for (label, value) in found {
                fields.push(Field {
                    kind: field_kind(&label),
                    line: lines.len(),
                    label: label.clone(),
                    value: value.clone(),
                });
                lines.push(format!("{label}: {value}"));
            }
            continue;
        }
        if let Some((label, value)) = found.into_iter().next() {
            fields.push(Field { kind: field_kind(&label), label, value, line: lines.len() });
        }
        lines.push(line.to_string());
    }
    Layout { text: lines.join("\n"), fields }
}

impl Layout {
    /// The figure of a field's value, if it holds exactly one money number.
    fn figure(value: &str) -> Option<i64> {
        let found: Vec<i64> =
            patterns().figure.captures_iter(value).filter_map(|c| super::to_cents(c.get(1)?.as_str())).collect();
        match found.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The free text around the fields: the remark fields' values, and the lines after the first field that are no
    /// field (a form's title above its fields asks nothing).
    fn remarks(&self) -> String {
        let first = self.fields.first().map_or(0, |f| f.line);
        let field_lines: Vec<usize> = self.fields.iter().map(|f| f.line).collect();
        let mut out: Vec<&str> =
            self.fields.iter().filter(|f| f.kind == FieldKind::Remark).map(|f| f.value.as_str()).collect();
        out.extend(
            self.text.lines().enumerate().filter(|(i, _)| *i > first && !field_lines.contains(i)).map(|(_, l)| l),
        );
        out.join("\n")
    }

    /// A list's ask: when some items of a list (two or more bulleted lines) ask for money back and others do not,
    /// the items that do not ask are context ("Pending refund 10.00 … leave it"), and the ask is read from the rest
    /// of the text without them. `None` when the text has no such list.
    fn list_ask(&self) -> Option<Amount> {
        let lines: Vec<&str> = self.text.lines().collect();
        let items: Vec<usize> = (0..lines.len()).filter(|i| patterns().bullet.is_match(lines[*i])).collect();
        if items.len() < 2 {
            return None;
        }
        let asks = |line: &str| super::intent_in(&super::prepare(line)).request;
        // An item about an earlier refund ("Earlier refund 12.00 still pending – leave that one alone") is context
        // even when it reads as an imperative.
        let context: Vec<usize> = items
            .iter()
            .copied()
            .filter(|i| !asks(lines[*i]) || patterns().earlier_refund.is_match(lines[*i]))
            .collect();
        if context.is_empty() || context.len() == items.len() {
            return None;
        }
        let rest: Vec<&str> = lines.iter().enumerate().filter(|(i, _)| !context.contains(i)).map(|(_, l)| *l).collect();
        Some(super::requested_in(&super::prepare(&rest.join("\n"))))
    }

    /// A receipt's ask: a pasted receipt or table (two or more priced lines that ask nothing) prices the order, so
    /// when the prose around it asks with no figure of its own and names none of the receipt's lines, the request
    /// is for the order's amount, never one of the receipt's figures. `None` otherwise (a figure asked in the
    /// prose, or a line named, "refund just the blocks", is the reader's).
    fn receipt_ask(&self) -> Option<Amount> {
        let lines: Vec<&str> = self.text.lines().collect();
        let asks = |line: &str| super::intent_in(&super::prepare(line)).request;
        let p = patterns();
        let priced: Vec<usize> = (0..lines.len())
            .filter(|i| p.priced_line.is_match(lines[*i]) && !p.amount_label.is_match(lines[*i]) && !asks(lines[*i]))
            .collect();
        // Two priced lines, or one line of several ("Tax: 3.20  Shipping: 5.00  Total: 45.20").
        let entries: usize = priced.iter().map(|i| p.figure.find_iter(lines[*i]).count()).sum();
        if entries < 2 {
            return None;
        }
        let prose: Vec<&str> = lines.iter().enumerate().filter(|(i, _)| !priced.contains(i)).map(|(_, l)| *l).collect();
        let prose = super::prepare(&prose.join("\n"));
        if !super::intent_in(&prose).request {
            return None;
        }
        // "Refund the shipping" names a charge of the receipt, and "refund the headphones" one of its items: the
        // reader's (it reads the named line's figure). "Refund my order" with an item named is the whole order.
        if p.charge_named.is_match(&prose) {
            return None;
        }
        let lower = prose.to_lowercase();
        let names_a_line = !p.whole_order.is_match(&prose)
            && priced.iter().any(|i| {
                lines[*i]
                    .split(|c: char| !c.is_alphabetic())
                    .filter(|w| w.len() >= 4)
                    .any(|w| lower.split(|c: char| !c.is_alphabetic()).any(|p| p == w.to_lowercase()))
            });
        match super::requested_in(&prose) {
            asked @ (Amount::Missing | Amount::Full) if !names_a_line => Some(asked),
            _ => None,
        }
    }

    /// The layout's ask: a form's ([`Self::form_ask`]), else a list's ([`Self::list_ask`]), else a receipt's
    /// ([`Self::receipt_ask`]); `None` when the layout
    /// settles nothing and the reader reads the text as prose.
    pub fn ask(&self) -> Option<Amount> {
        self.form_ask().or_else(|| self.list_ask()).or_else(|| self.receipt_ask())
    }

    /// The form's ask: `None` when no ask field holds a figure (not a form, or an empty ask field). A filled ask
    /// field asks its figure; several different ones ask the total when one is labelled so, else offer alternatives
    /// (U1). The free text may change that: a different figure asked there is an alternative (U1), or the ask when it
    /// cancels the field; an over-ask there (the full amount and more, a multiple) stays one (X2).
    fn form_ask(&self) -> Option<Amount> {
        let asks: Vec<(&Field, i64)> = self
            .fields
            .iter()
            .filter(|f| f.kind == FieldKind::Ask)
            .filter_map(|f| Some((f, Self::figure(&f.value)?)))
            .collect();
        let mut figures: Vec<i64> = asks.iter().map(|a| a.1).collect();
        figures.sort();
        figures.dedup();
        let field = match figures.as_slice() {
            [] => return None,
            [one] => *one,
            _ => match asks.iter().find(|(f, _)| f.label.to_lowercase().contains("total")) {
                Some((_, total)) => *total,
                None => return Some(Amount::Ambiguous),
            },
        };
        let remarks = self.remarks();
        let own = super::prepare(&remarks);
        if !super::intent_in(&own).request {
            return Some(Amount::Cents(field));
        }
        // The figures the free text asks: the reader's, else the bare numbers of its asking lines ("please refund 35"
        // beside a field of 20.00: a number with no currency is still a figure there), references ("#4471", "order
        // 4471") aside.
        let asked: Vec<i64> = match super::requested_in(&own) {
            Amount::Cents(other) => vec![other],
            over @ (Amount::FullPlus(_) | Amount::Times(_) | Amount::Ambiguous) => return Some(over),
            Amount::Missing | Amount::Full => own
                .lines()
                .filter(|line| super::intent_in(line).request)
                .flat_map(|line| {
                    patterns().figure.captures_iter(line).filter_map(move |c| {
                        let m = c.get(1)?;
                        (!patterns().reference_before.is_match(&line[..m.start()])).then_some(m.as_str())
                    })
                })
                .filter_map(super::to_cents)
                .collect(),
        };
        Some(match asked.iter().copied().find(|other| *other != field) {
            Some(other) if patterns().cancels_field.is_match(&remarks) => Amount::Cents(other),
            Some(_) => Amount::Ambiguous,
            None => Amount::Cents(field),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_read_as_the_text_a_person_sees() {
        let l = read("<ul><li>one &ndash; two</li><li><b>three</b> &#36;4.00</li></ul><!-- refund 900 -->");
        assert_eq!(l.text, "- one – two\n- three $4.00");
    }

    #[test]
    fn form_fields_are_typed_by_their_labels() {
        let l = read("Reason: broken / Total credit requested: USD 480.00 / Goods value: 450.00\nComments: none");
        let kinds: Vec<FieldKind> = l.fields.iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [FieldKind::Remark, FieldKind::Ask, FieldKind::Other, FieldKind::Remark]);
        assert_eq!(l.ask(), Some(Amount::Cents(48_000)));
        assert_eq!(read("Amount requested:\nComments: a question").ask(), None);
    }
}
