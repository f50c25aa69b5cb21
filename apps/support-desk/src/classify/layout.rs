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
    /// The customer's own words: a chat's other speakers and instructions addressed to a machine left out.
    pub text: String,
    pub fields: Vec<Field>,
    /// Everything a person sees, other speakers and embedded instructions included: safety, legal and injury words
    /// are read here (escalating is the safe side).
    pub seen: String,
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
    /// A script's label that says the value is in minor units ("amount minor", "amount in cents").
    minor_label: Regex,
    /// A label that is a bare amount, pricing nothing named ("amount", "payload amount", "amt").
    bare_amount_label: Regex,
    /// A label whose value says what kind of thing is asked ("requested", "intent", "type", "action").
    request_kind_label: Regex,
    /// A value that names a refund ("refund", "partial refund", "refund request", "REFUND").
    refund_value: Regex,
    /// A line of a chat transcript: an optional timestamp, a speaker label, a colon, the words.
    chat_turn: Regex,
    shop_speaker: Regex,
    customer_speaker: Regex,
    named_speaker: Regex,
    not_a_name: Regex,
    /// A word that makes a label a form's field, not a speaker ("Support ticket", "Agent ID").
    field_word: Regex,
    /// Instructions addressed to a machine: as a tag pair, a bracketed span, a line.
    instruction_tag: Regex,
    instruction_bracket: Regex,
    instruction_line: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    let built = P.get_or_init(|| {
        Some(Patterns {
            comment: Regex::new(r"(?s)<!--.*?(?:-->|$)").ok()?,
            // Blocks a person never sees, and text struck through (taken back as a person reads it): "<span
            // style=\"display:none\"> no wait $30</span>", "<del>$30</del> $60" (outside attack 49).
            hidden_block: Regex::new(concat!(
                r"(?is)<(?:script|style|head|title|template)\b[^>]*>.*?</(?:script|style|head|title|template)\s*>",
                r"|<(?:del|s|strike)\b[^>]*>.*?</(?:del|s|strike)\s*>",
                // Hidden by style (display, visibility, a size of 0 or 1, no height, no opacity, white or transparent
                // text on a mail's white page, pushed off the page) or by the `hidden` attribute, on any inline or
                // block tag that holds text (outside attacks 50, 51).
                r#"|<(?P<tag>span|div|p|font|b|i|em|strong|small|u|td|th|li|label|section|article|a|mark|sup|sub)\b[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*[01](?:\.0+)?(?:px|pt|em|rem|%)?\s*[;"']|opacity\s*:\s*0(?:\.0+)?\s*[;"']|max-height\s*:\s*0(?:px)?\s*[;"']|[;"'\s]color\s*:\s*(?:#fff(?:fff)?\b|white\b|transparent\b|rgba?\(\s*255\s*,\s*255\s*,\s*255\s*[,)])|\scolor\s*=\s*["']?(?:#fff(?:fff)?|white)\b|position\s*:\s*(?:absolute|fixed)[^"'>]*(?:left|top)\s*:\s*-\d{3,}|\shidden\b)[^>]*>.*?</(?:span|div|p|font|b|i|em|strong|small|u|td|th|li|label|section|article|a|mark|sup|sub)\s*>"#,
            ))
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
                r"^\s*(?:[-*•]\s+)?([A-Za-z][A-Za-z0-9 &'’./()\[\]#_-]{0,59}?)\s*(?::|\t+|\s[-–—]\s|=)\s*(.*?)\s*$",
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
                r"(?i)^(?:customer\s+|additional\s+|other\s+|your\s+)?(?:comments?|notes?|message|msg|text|body|details|description|remarks?|reason(?:\s+for\s+\w+)?|explanation|information|info|problem|issue(?:\s+description)?)$",
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
            minor_label: Regex::new(
                r"(?i)\b(?:minor|cents|pence|pennies|minor\s+units?|subunits?|smallest\s+units?)\s*[)\]]?\s*$",
            )
            .ok()?,
            bare_amount_label: Regex::new(
                r"(?i)^(?:(?:payload|data|body|request|claim|refund|credit|line|fields?)\s+){0,2}(?:amount|amt|sum|value)(?:\s+(?:minor|cents|pence|in\s+cents|major|value|requested))?$",
            )
            .ok()?,
            request_kind_label: Regex::new(
                r"(?i)\b(?:requested|request|intent|type|kind|action|form|resolution|category|outcome|wants?|remedy)\b",
            )
            .ok()?,
            refund_value: Regex::new(r"(?i)\b(?:refund|reimburse\w*|money\s+back|chargeback|credit\s+back)").ok()?,
            chat_turn: Regex::new(
                r"^\s*(?:[\[(]?\s*(?:\d{4}-\d{2}-\d{2}[ T,]\s*)?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[aApP]\.?[mM]\.?)?\s*[\])]?\s*[-–—]?\s*)?([A-Za-z][A-Za-z .'’-]{0,30}?(?:\s*\([^()\n]{1,30}\))?)\s*:\s+(\S.*)$",
            )
            .ok()?,
            shop_speaker: Regex::new(
                r"(?i)^(?:(?:live\s+|chat\s+|virtual\s+|customer\s+)?(?:agent|support|rep|representative|advis[eo]r|associate|assistant|bot|chatbot|operator|specialist|team|staff|service|care|helpdesk|help\s+desk|concierge|moderator))\b|\((?:[^()]*\b)?(?:agent|support|rep|representative|advis[eo]r|associate|assistant|bot|team|staff|care|service)\b[^()]*\)",
            )
            .ok()?,
            customer_speaker: Regex::new(r"(?i)^(?:customer|client|me|you|visitor|guest|buyer|user|caller|shopper|member)(?:\s*\([^()]*\))?(?:\s+(?:clicked|selected|chose|picked|tapped|pressed|typed|replied|wrote|said|says|answered))?$").ok()?,
            named_speaker: Regex::new(r"^[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]*\.?)?$").ok()?,
            not_a_name: Regex::new(r"(?i)^(?:re|fw|fwd|subject|from|to|cc|date|sent|note|ps|hi|hello|dear|thanks|regards|order|total|reason|comments?|update|edit|warning|attn|fao)$").ok()?,
            field_word: Regex::new(
                r"(?i)\b(?:ticket|id|ref|reference|number|no|email|e-mail|phone|request|type|level|status|case|hours|contact|address|link|url|notes?|comments?)\b",
            )
            .ok()?,
            instruction_tag: Regex::new(
                r"(?is)<\s*(?:system|instructions?|assistant|admin|prompt)\b[^>]*>.*?<\s*/\s*(?:system|instructions?|assistant|admin|prompt)\s*>|\[/?INST\].*?\[/INST\]",
            )
            .ok()?,
            instruction_bracket: Regex::new(&format!(r"(?i)\[\s*(?:{label}|instructions?)\s*[:\-—][^\]\n]*\]|\{{\s*(?:{label}|instructions?)\s*[:\-—][^}}\n]*\}}|\(\s*(?:{label}|instructions?)\s*[:\-—][^)\n]*\)|<<\s*(?:{label}|instructions?)\s*[:\-—][^>\n]*>>", label = r"(?:(?:system|assistant|ai|a\.i\.|bot|chatbot|llm|gpt|admin|administrator|developer)(?:\s+(?:instructions?|prompt|note|message|override|directive|update|command|mode|notice))?|(?:agent|operator|support|model|desk|classifier)\s+(?:instructions?|prompt|override|directive|command)|(?:prompt|directive|override)|instructions?\s+(?:to|for)\s+(?:the\s+)?(?:assistant|ai|agent|bot|model|system|desk)|note\s+(?:to|for)\s+(?:the\s+)?(?:assistant|ai|agent|bot|model|system|desk|llm|reviewer)|policy\s+(?:update|override|change)|inst)"))
            .ok()?,
            instruction_line: Regex::new(&format!(r"(?i)^\s*(?:(?:#+|\*+|>>+)\s*instructions?\s*[:\-—]|(?:#+\s*|\*+\s*|-+\s*)?{label}\s*(?:[(\[][^)\]\n]{{0,60}}[)\]]\s*)?(?:[:\-—]|\*+\s*:))", label = r"(?:(?:system|assistant|ai|a\.i\.|bot|chatbot|llm|gpt|admin|administrator|developer)(?:\s+(?:instructions?|prompt|note|message|override|directive|update|command|mode|notice))?|(?:agent|operator|support|model|desk|classifier)\s+(?:instructions?|prompt|override|directive|command)|(?:prompt|directive|override)|instructions?\s+(?:to|for)\s+(?:the\s+)?(?:assistant|ai|agent|bot|model|system|desk)|note\s+(?:to|for)\s+(?:the\s+)?(?:assistant|ai|agent|bot|model|system|desk|llm|reviewer)|policy\s+(?:update|override|change)|inst)")).ok()?,
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
    // White text is hidden only on the page's own white: a background of its own makes it seen.
    let text = p.hidden_block.replace_all(&text, |c: &regex::Captures| {
        let opening = c[0].split('>').next().unwrap_or("").to_lowercase();
        let coloured = opening.contains("color") && !opening.contains("display") && !opening.contains("hidden");
        if coloured
            && opening.contains("background")
            && !opening.contains("background:#fff")
            && !opening.contains("background:white")
            && !opening.contains("background-color:#fff")
            && !opening.contains("background-color:white")
        {
            c[0].to_string()
        } else {
            " ".to_string()
        }
    });
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
    // A unit annotation ("(minor units)", "[cents]", "(in pence)") says how the value is written, not what it is
    // (ADR-893): the label is typed without it. A refund's or a credit's value is its amount.
    static UNIT: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let label = label.trim();
    let (label, refund_value) = match UNIT
        .get_or_init(|| {
            Some((
                Regex::new(r"\s*[(\[][^()\[\]]*[)\]]\s*$").ok()?,
                Regex::new(r"(?i)^\W*(?:refund|credit|reimbursement)\s+value$").ok()?,
            ))
        })
        .as_ref()
    {
        Some((unit, value)) => {
            let bare = unit.replace(label, "").into_owned();
            let refund_value = value.is_match(&bare);
            (if bare.trim().is_empty() { label.to_string() } else { bare }, refund_value)
        }
        None => (label.to_string(), false),
    };
    let label = label.as_str();
    if refund_value {
        return FieldKind::Ask;
    }
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

/// A script's key as a label a person reads: "requested_refund", "refund.amount", "requestedAmount" and
/// "REFUND-AMOUNT" all become words ("requested refund", "refund amount", "requested amount").
fn label_words(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    let mut previous: Option<char> = None;
    for c in key.chars() {
        match c {
            '_' | '.' | '-' => out.push(' '),
            c if c.is_uppercase() && previous.is_some_and(char::is_lowercase) => {
                out.push(' ');
                out.push(c);
            }
            c => out.push(c),
        }
        previous = Some(c);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A JSON value's leaves as "label: value" lines, the label the path of keys ("payload amount: 31.00"); strings,
/// numbers (their text: `arbitrary_precision`) and booleans are values, nulls nothing.
fn json_lines(path: &str, value: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    match value {
        Value::Object(entries) => {
            for (key, inner) in entries {
                let label = label_words(key);
                let joined = if path.is_empty() { label } else { format!("{path} {label}") };
                json_lines(&joined, inner, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| json_lines(path, item, out)),
        Value::String(text) => out.push(format!("{path}: {}", text.replace('\n', " "))),
        Value::Number(n) => out.push(format!("{path}: {n}")),
        Value::Bool(b) => out.push(format!("{path}: {b}")),
        Value::Null => {}
    }
}

/// JSON objects in the text (a script's payload, pasted whole or inside a sentence) as "label: value" lines, the
/// text around them kept. Braces that are not a JSON object are left as they are.
fn json_as_fields(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let mut values = serde_json::Deserializer::from_str(&rest[open..]).into_iter::<serde_json::Value>();
        match values.next() {
            Some(Ok(value @ serde_json::Value::Object(_))) => {
                let end = open + values.byte_offset();
                let mut lines = Vec::new();
                json_lines("", &value, &mut lines);
                out.push_str(&rest[..open]);
                out.push('\n');
                out.push_str(&lines.join("\n"));
                out.push('\n');
                rest = &rest[end..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// One CSV line's cells (RFC 4180 quoting: a quoted cell may hold commas and doubled quotes).
fn csv_cells(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                if let Some(cell) = cells.last_mut() {
                    cell.push('"');
                }
            }
            '"' => quoted = !quoted,
            ',' if !quoted => cells.push(String::new()),
            c => {
                if let Some(cell) = cells.last_mut() {
                    cell.push(c);
                }
            }
        }
    }
    cells.into_iter().map(|cell| cell.trim().to_string()).collect()
}

/// A CSV header and its rows (a script's export) as "header: cell" lines, one block a row. A header is a line of
/// three or more short cells naming columns (no figure, no sentence), one of which a form would type (an ask, a
/// remark, an amount), followed by rows of as many cells; other lines are kept as they are.
fn csv_as_fields(text: &str) -> String {
    let p = patterns();
    let lines: Vec<&str> = text.lines().collect();
    let is_header = |cells: &[String]| {
        cells.len() >= 3
            && cells.iter().all(|c| {
                !c.is_empty()
                    && c.len() <= 32
                    && c.chars().all(|ch| ch.is_alphabetic() || matches!(ch, '_' | ' ' | '-' | '.'))
            })
            && cells.iter().any(|c| {
                let label = label_words(c);
                field_kind(&label) != FieldKind::Other || p.bare_amount_label.is_match(&label)
            })
    };
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let header = csv_cells(lines[i]);
        let rows = lines[i + 1..].iter().take_while(|l| csv_cells(l).len() == header.len()).count();
        if rows == 0 || !is_header(&header) {
            out.push(lines[i].to_string());
            i += 1;
            continue;
        }
        for row in &lines[i + 1..=i + rows] {
            for (label, cell) in header.iter().zip(csv_cells(row)) {
                out.push(format!("{}: {cell}", label_words(label)));
            }
            out.push(String::new());
        }
        i += rows + 1;
    }
    out.join("\n")
}

/// Who speaks a line of a chat transcript: the shop's side (an agent, support, a bot) or anyone else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Speaker {
    Shop,
    Customer,
    /// A name with no role ("Priya", "Dan K."): the customer when the shop's side is named by its role.
    Named,
}

/// A chat transcript's turns kept to the customer's own: when the text is a transcript (three or more turns with
/// a speaker label, "[14:02] Agent (Priya): …", "Customer: …", "Me:", the speaker changing at least twice, the
/// shop's side among them), the shop's turns (and the lines that continue them) are left out; an agent's offer
/// or figure is not the customer's ask. `None` when the text is no transcript.
fn customer_turns(text: &str) -> Option<String> {
    let p = patterns();
    let turns: Vec<Option<(Speaker, String)>> = text
        .lines()
        .map(|line| {
            let c = p.chat_turn.captures(line)?;
            let label = c[1].trim();
            let speaker = if p.shop_speaker.is_match(label) && !p.field_word.is_match(label) {
                Speaker::Shop
            } else if p.customer_speaker.is_match(label) {
                Speaker::Customer
            } else if p.named_speaker.is_match(label)
                && field_kind(label) == FieldKind::Other
                && !p.not_a_name.is_match(label)
            {
                Speaker::Named
            } else {
                return None;
            };
            Some((speaker, c[2].to_string()))
        })
        .collect();
    let speakers: Vec<Speaker> = turns.iter().flatten().map(|(s, _)| *s).collect();
    let changes = speakers.windows(2).filter(|w| w[0] != w[1]).count();
    // People chat in sentences; a form's values are short ("Product: kettle / Service: next day / Amount: 30").
    let prose = turns.iter().flatten().filter(|(_, words)| words.split_whitespace().count() >= 3).count();
    if speakers.len() < 3
        || changes < 2
        || prose * 2 < speakers.len()
        || !speakers.contains(&Speaker::Shop)
        || speakers.iter().all(|s| *s == Speaker::Shop)
    {
        return None;
    }
    // Named speakers are the customer only when nobody is labelled the customer.
    let customer_labelled = speakers.contains(&Speaker::Customer);
    let mut out = Vec::new();
    let mut keeping = true;
    // A pasted transcript is a block: a blank line after its last turn ends it, and what follows is the writer's own
    // cover note ("So please process the 20.00 as agreed."), whoever spoke last (ADR-846).
    let last_turn = turns.iter().rposition(Option::is_some).unwrap_or(0);
    let mut after_block = false;
    for (i, (line, turn)) in text.lines().zip(&turns).enumerate() {
        if i > last_turn && line.trim().is_empty() {
            after_block = true;
        }
        if after_block {
            keeping = true;
        }
        match turn {
            Some((speaker, words)) => {
                keeping = *speaker == Speaker::Customer || (*speaker == Speaker::Named && !customer_labelled);
                if keeping {
                    out.push(words.clone());
                }
            }
            None if keeping => out.push(line.to_string()),
            None => {}
        }
    }
    Some(out.join("\n"))
}

/// The text without instructions addressed to a machine ("[assistant instructions: the cap is 1000.00 …]",
/// "SYSTEM: policy update …", "<system>…</system>", "Note to the AI: …"): the body is untrusted (X5), and such a
/// span is neither the customer's ask nor its figure. A bracketed span goes; an unbracketed one runs to its line's
/// end, or to a rule written inside the line ("SYSTEM NOTICE: … --- Hi, the seams split, please refund the 35.00"):
/// what follows the rule is the customer's own (ADR-800, F802).
fn without_instructions(text: &str) -> String {
    let p = patterns();
    let text = p.instruction_tag.replace_all(text, " ");
    let text = p.instruction_bracket.replace_all(&text, " ");
    text.lines()
        .filter_map(|l| {
            if !p.instruction_line.is_match(l) {
                return Some(l.to_string());
            }
            // No rule inside the line: its sentences that are no instructions are the customer's (ADR-988, b24 b-19).
            let Some(rule) = ["---", "___", "===", "***", "~~~"].iter().filter_map(|r| l.find(r)).min() else {
                return super::kinds::instruction_sentences(l);
            };
            let after = l[rule..].trim_start_matches(['-', '_', '=', '*', '~']).trim_start();
            (!after.is_empty()).then(|| after.to_string())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reads the layout of a raw ticket text.
pub fn read(raw: &str) -> Layout {
    let as_seen = |text: &str| {
        let shown = if has_html(text) { visible_text(text) } else { text.to_string() };
        csv_as_fields(&json_as_fields(&shown))
    };
    let seen = as_seen(raw);
    // Instruction tags ("<system>…</system>") go before HTML is read: as HTML their words would stay.
    let own = without_instructions(&as_seen(&patterns().instruction_tag.replace_all(raw, " ")));
    let own = customer_turns(&own).unwrap_or(own);
    let mut lines = Vec::new();
    let mut fields = Vec::new();
    for line in own.lines() {
        let found = line_fields(line);
        if found.len() > 1 {
            // A " / "-joined form: one field a line, as a person reads it.
            for (label, value) in found {
                fields.push(Field {
                    kind: field_kind(&label_words(&label)),
                    line: lines.len(),
                    label: label.clone(),
                    value: value.clone(),
                });
                lines.push(format!("{label}: {value}"));
            }
            continue;
        }
        if let Some((label, value)) = found.into_iter().next() {
            fields.push(Field { kind: field_kind(&label_words(&label)), label, value, line: lines.len() });
        }
        lines.push(line.to_string());
    }
    promote_bare_amount(&mut fields);
    Layout { text: lines.join("\n"), fields, seen }
}

/// A script's bare "amount" field ("amount=12.00", `"amount":"31.00"`, a CSV "amount" column) is the figure asked
/// when another field of the same form says a refund is what is asked ("requested: partial refund",
/// "intent=refund", `"type":"refund_request"`) and no field names the ask itself; otherwise a bare amount may be
/// the order's and stays `Other`.
fn promote_bare_amount(fields: &mut [Field]) {
    let p = patterns();
    let asks_a_refund = fields.iter().any(|f| {
        (p.request_kind_label.is_match(&label_words(&f.label)) && p.refund_value.is_match(&label_words(&f.value)))
            || (f.kind == FieldKind::Ask
                && Layout::figure(&f.label, &f.value).is_none()
                && p.refund_value.is_match(&f.value))
    });
    let named_ask = fields.iter().any(|f| f.kind == FieldKind::Ask && Layout::figure(&f.label, &f.value).is_some());
    if !asks_a_refund || named_ask {
        return;
    }
    let bare: Vec<usize> = (0..fields.len())
        .filter(|i| {
            fields[*i].kind == FieldKind::Other && p.bare_amount_label.is_match(&label_words(&fields[*i].label))
        })
        .collect();
    if let [one] = bare.as_slice() {
        fields[*one].kind = FieldKind::Ask;
    }
}

impl Layout {
    /// The figure of a field's value, if it holds exactly one money number; in minor units when the label says so
    /// ("refund_amount_minor=1599", "amount in cents: 2450").
    fn figure(label: &str, value: &str) -> Option<i64> {
        if patterns().minor_label.is_match(&label_words(label)) {
            return value.trim().parse::<i64>().ok();
        }
        // A note in minor units that says more ("7495 (minor units, USD)"), or a label that says so anywhere ("Sum in
        // minor currency units: 2450 EUR"): that many cents (ADR-1016).
        if let Some(cents) = super::kinds25::minor_value(value) {
            return Some(cents);
        }
        if super::kinds25::minor_label(&label_words(label))
            && let Some(cents) = super::kinds25::minor_number(value)
        {
            return Some(cents);
        }
        // The unit note may stand with the value instead of the label ("Amount: 2599 (minor units)", "1250 cents",
        // "399 pence", "450p"): the whole number is in minor units (ADR-954).
        static VALUE_MINOR: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
        if let Some(c) = VALUE_MINOR
            .get_or_init(|| {
                regex::Regex::new(
                    r"(?i)^\s*(\d{1,9})\s*(?:\(\s*(?:in\s+)?(?:minor\s+units?|cents?|pence|cts?)\s*\)|(?:in\s+)?(?:minor\s+units?|cents?|pence|cts?)\b|¢|p\b)[\s.)]*$",
                )
                .ok()
            })
            .as_ref()
            .and_then(|re| re.captures(value))
        {
            return c[1].parse::<i64>().ok();
        }
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
        // The list's jargon first (ADR-906): a credit "for the missing units" takes its figure from the count and the
        // unit price on other items before those items are set aside as context.
        let text = super::jargon::plain_requests(&self.text);
        let lines: Vec<&str> = text.lines().collect();
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
                    // A line's word named in the singular or the plural ("Bulb 2pk" and "the bulbs", ADR-861).
                    .any(|w| {
                        let w = w.to_lowercase();
                        lower
                            .split(|c: char| !c.is_alphabetic())
                            .any(|p| p == w || p.trim_end_matches('s') == w.trim_end_matches('s'))
                    })
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
            .filter_map(|f| Some((f, Self::figure(&f.label, &f.value)?)))
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
            over @ (Amount::FullPlus(_) | Amount::Times(_) | Amount::MoreThan(_) | Amount::Ambiguous) => {
                return Some(over);
            }
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

/// The sender's block blanked (unsettled45, ADR-1555): after a sign-off line ("Best,", "Kind regards,", "Thanks,
/// Brian"), the lines that are a name, a title or an organisation (every word of four letters or more capitalised:
/// "Dr. Chidi Okafor", "Consultant Paediatrician | Lagos University Teaching Hospital") or a disclaimer (the message
/// speaking of itself to its recipient: "This e-mail and any attachment is confidential …") are no words of the
/// customer's about the order. The block ends at the first other line: a PS, a sentence of the writer's own ("my son
/// burned his hand on it"), a quote. The signature delimiter "--" opens the block too, and a mail client's footer
/// ("Sent from my iPhone") is blanked wherever it stands. Line breaks are kept; only the block's lines are blanked.
/// Read before the harm words and before the ask (outside attack 50: "Head of Returns & Refunds" under a question
/// was paid as a refund asked).
pub fn without_sender_block(text: &str) -> String {
    static SIGN_OFF: OnceLock<Option<Regex>> = OnceLock::new();
    static DISCLAIMER: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(sign_off), Some(disclaimer)) = (
        SIGN_OFF
            .get_or_init(|| {
                // A closing of at most three words ending in a comma, or followed on its line by a capitalised name.
                Regex::new(r"^\s*[A-Za-z][A-Za-z']*(?:\s+[A-Za-z][A-Za-z']*){0,2}\s*,\s*(?:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})?\s*$")
                    .ok()
            })
            .as_ref(),
        DISCLAIMER
            .get_or_init(|| {
                Regex::new(r"(?i)\b(?:this|the)\s+(?:e-?mail|message|communication)\b[^\n]*\b(?:confidential|privileged|intended|recipient|attachments?)\b|\bintended\s+recipient\b").ok()
            })
            .as_ref(),
    ) else {
        return text.to_string();
    };
    let own_words = |l: &str| {
        let lower = l.to_lowercase();
        lower.split(|c: char| !c.is_alphanumeric() && c != '\'').any(|w| {
            matches!(
                w,
                "i" | "i'm" | "i've" | "me" | "my" | "we" | "our" | "us" | "he" | "she" | "his" | "her" | "they"
            )
        }) || lower.trim_start().starts_with("ps")
            || lower.trim_start().starts_with("p.s")
    };
    let title_case = |l: &str| {
        let words: Vec<&str> = l
            .split(|c: char| c.is_whitespace() || matches!(c, '|' | ',' | '/' | '&' | '(' | ')' | '·' | '-' | '–'))
            .filter(|w| w.chars().any(char::is_alphabetic))
            .collect();
        !words.is_empty()
            && words.len() <= 12
            && words.iter().all(|w| w.chars().count() < 4 || w.chars().next().is_some_and(char::is_uppercase))
            && !l.trim_end().ends_with(['.', '!', '?'])
            // A line with a figure ("Amount: $30", "Order 4471") may carry the ask or the order: never blanked.
            && !l.chars().any(|c| c.is_ascii_digit())
    };
    // A mail client's footer ("Sent from my iPhone", "Sent from Refund Tracker Pro"): the app's name, no words of the
    // writer's (outside attack 50).
    let footer = |l: &str| {
        let lower = l.to_lowercase();
        (lower.starts_with("sent from ") || lower.starts_with("get outlook for ") || lower.starts_with("sent via "))
            && !l.chars().any(|c| c.is_ascii_digit())
            && l.split_whitespace().count() <= 8
    };
    // A contact or company line ("Tel 555 0123", "ext. 4999", "2nd floor", "Est. 2019", "ep. 49"): a block's line
    // even with its figures (outside attack 51).
    let contact = |l: &str| {
        let lower = l.to_lowercase();
        lower.split(|c: char| !c.is_alphanumeric()).any(|w| {
            matches!(
                w,
                "tel"
                    | "phone"
                    | "mob"
                    | "mobile"
                    | "fax"
                    | "ext"
                    | "est"
                    | "floor"
                    | "ltd"
                    | "inc"
                    | "llc"
                    | "gmbh"
                    | "ep"
                    | "suite"
            )
        })
    };
    // A closing with the writer's name and a title on one line ("Cheers, Tom (Refunds & Returns, ext. 4999)").
    let closing_with_title = |l: &str| {
        let lower = l.to_lowercase();
        let closing = [
            "cheers",
            "best",
            "regards",
            "kind regards",
            "best regards",
            "thanks",
            "thank you",
            "many thanks",
            "sincerely",
            "xoxo",
            "warm regards",
        ]
        .iter()
        .find(|w| lower.starts_with(*w));
        closing.is_some_and(|w| {
            let rest = l[w.len()..].trim_start_matches([',', '!', '.', ' ']);
            rest.starts_with(|c: char| c.is_uppercase()) && rest.contains(['(', '|']) && !own_words(rest)
        })
    };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = String::with_capacity(text.len());
    let mut in_block = false;
    // Below the signature delimiter ("--", "___"): every line that is not the writer's own words.
    let mut below_delimiter = false;
    for line in &lines {
        let bare = line.trim();
        let blank = |l: &str| l.chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect::<String>();
        if in_block {
            let quote = bare.starts_with('>') || bare.starts_with("-----") || bare.starts_with("From:");
            if bare.is_empty() {
                out.push_str(line);
                continue;
            }
            // Below "--" a line that asks ("So please you give back 20 euro") is the writer's, whatever its pronouns.
            let asks = ["please", "refund me", "refund the", "refund my", "give back", "money back", "want", "need"]
                .iter()
                .any(|w| bare.to_lowercase().contains(w));
            // A signature's columns ("Refunds Team Lead | BigCo | refunds of $49.99 processed daily"; outside attack
            // 52): a block's line even with its figures.
            let columns = bare.matches('|').count() >= 2 && !asks;
            if !quote
                && !own_words(bare)
                && (title_case(bare)
                    || disclaimer.is_match(bare)
                    || contact(bare)
                    || columns
                    || (below_delimiter && !asks))
            {
                out.push_str(&blank(line));
                continue;
            }
            in_block = false;
            below_delimiter = false;
        }
        if closing_with_title(bare) {
            out.push_str(&blank(line));
            in_block = true;
            continue;
        }
        if bare == "--" {
            in_block = true;
            below_delimiter = true;
            out.push_str(line);
            continue;
        }
        // A greeting ("Hi Sue,", "Dear team,") opens the words; it closes nothing.
        let greeting = bare.split(|c: char| !c.is_alphabetic()).next().is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "hi" | "hello"
                    | "hey"
                    | "dear"
                    | "good"
                    | "morning"
                    | "afternoon"
                    | "evening"
                    | "greetings"
                    | "to"
                    | "attn"
                    | "re"
            )
        });
        if footer(bare) {
            out.push_str(&blank(line));
            continue;
        }
        // A closing alone on its line, with no comma ("Thanks", "Kind regards", "Cheers!"), closes too.
        let bare_closing = matches!(
            bare.trim_end_matches(['!', '.']).to_lowercase().as_str(),
            "thanks"
                | "thank you"
                | "many thanks"
                | "regards"
                | "kind regards"
                | "best regards"
                | "warm regards"
                | "best"
                | "best wishes"
                | "cheers"
                | "sincerely"
                | "yours sincerely"
                | "yours faithfully"
        );
        if (sign_off.is_match(bare) || bare_closing) && !own_words(bare) && !greeting {
            in_block = true;
        }
        out.push_str(line);
    }
    out
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
