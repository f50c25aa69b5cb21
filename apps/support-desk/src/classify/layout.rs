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
    style_block: Regex,
    /// Blocks a person never sees (scripts, stylesheets, a head, a template) and text struck through.
    unseen_block: Regex,
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
            style_block: Regex::new(r"(?is)<style\b[^>]*>(.*?)</style\s*>").ok()?,
            // Blocks a person never sees, and text struck through (taken back as a person reads it): "<del>$30</del>
            // $60" (outside attack 49). Text hidden by style is read apart, as CSS ([`without_hidden_tags`]).
            unseen_block: Regex::new(concat!(
                // `<noscript>` is drawn only where scripts are off; browsers and the webmail clients that keep it
                // show it to nobody who reads the page (outside attack 53).
                r"(?is)<(?:script|style|head|title|template|noscript)\b[^>]*>.*?</(?:script|style|head|title|template|noscript)\s*>",
                r"|<(?:del|s|strike)\b[^>]*>.*?</(?:del|s|strike)\s*>",
            ))
            .ok()?,
            block_tag: Regex::new(
                r"(?i)</?(?:br|p|div|li|ul|ol|tr|table|thead|tbody|tfoot|h[1-6]|blockquote|hr|dl|dt|dd|section|article|header|footer|pre|details|summary)\b[^<>]*>",
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
    let text = without_comments(text);
    // A `<style>` block's rules are read before the block is dropped: they hide what they match (outside attack 53).
    let rules: Vec<StyleRule> = p.style_block.captures_iter(&text).flat_map(|c| style_rules(&c[1])).collect();
    let text = p.unseen_block.replace_all(&text, " ");
    let text = without_collapsed_markup(&text);
    let text = with_flex_order(&text);
    let text = without_hidden_tags(&text, &rules);
    let text = quotes_marked(&text);
    // A list item is a line of its own with a bullet, as a person sees it.
    let text = p.list_item.replace_all(&text, "\n- ");
    let text = p.block_tag.replace_all(&text, "\n");
    let text = p.cell_tag.replace_all(&text, " | ");
    let text = p.any_tag.replace_all(&text, "");
    let decoded = html_escape::decode_html_entities(&text);
    // A non-breaking space (&nbsp;) is a space to the reader.
    let mut depth = 0usize;
    let mut lines: Vec<String> = Vec::new();
    for line in decoded.replace('\u{a0}', " ").lines() {
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '|');
        match line {
            QUOTE_OPENS => depth += 1,
            QUOTE_CLOSES => depth = depth.saturating_sub(1),
            "" => {}
            _ => lines.push(format!("{}{line}", "> ".repeat(depth))),
        }
    }
    lines.join("\n")
}

/// The lines [`quotes_marked`] puts where a quoted message opens and closes (private-use characters: no text has them).
const QUOTE_OPENS: &str = "\u{f8f0}";
const QUOTE_CLOSES: &str = "\u{f8f1}";

/// A quoted message in HTML, marked as mail clients mark it in plain text (outside attack 53): a `<blockquote>`'s lines,
/// and a mail client's quote container's (Gmail's `gmail_quote`, Yahoo's `yahoo_quoted`, Thunderbird's `moz-cite-prefix`
/// and `moz-forward-container` are the clients' own words), are read as `>`-quoted lines, so the reader takes them
/// for the earlier message they are.
fn quotes_marked(text: &str) -> String {
    static CLIENT_QUOTE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(client_quote) = CLIENT_QUOTE
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:gmail_quote|gmail_extra|yahoo_quoted|moz-cite-prefix|protonmail_quote|ms-outlook-quote|outlook_quote|divrplyfwdmsg|apple-mail-quote|reply-quote|quoted-reply)\b").ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    // The closing tags' ends of the quotes open here, innermost last.
    let mut open: Vec<usize> = Vec::new();
    let mut at = 0usize;
    while let Some(offset) = text[at..].find('<') {
        let start = at + offset;
        out.push_str(&text[at..start]);
        let Some(tag) = tag_at(text, start) else {
            out.push('<');
            at = start + 1;
            continue;
        };
        let quote = !tag.closing
            && !tag.self_closing
            && (tag.name == "blockquote"
                || (tag.name == "div"
                    && [tag.attribute("class"), tag.attribute("id")]
                        .into_iter()
                        .flatten()
                        .any(|v| client_quote.is_match(v))));
        out.push_str(&text[start..tag.end]);
        if quote {
            open.push(matching_close_end(text, tag.end, &tag.name));
            out.push('\n');
            out.push_str(QUOTE_OPENS);
            out.push('\n');
        }
        at = tag.end;
        while open.last() == Some(&at) {
            open.pop();
            out.push('\n');
            out.push_str(QUOTE_CLOSES);
            out.push('\n');
        }
    }
    out.push_str(&text[at..]);
    for _ in open {
        out.push('\n');
        out.push_str(QUOTE_CLOSES);
    }
    out
}

// Text hidden by style (outside attacks 49–52). A phrase list of CSS spellings ("opacity:0", "color:#fff") was beaten
// by every spelling it lacked ("opacity:0.01", "color:#fffffe", "font-size:0.5px", "transform:scale(0)"), so a tag's
// inline style is read as CSS: its declarations parsed, each judged by what a person would see, with thresholds.

/// The page a mail is read on: 16px black text on white, fully opaque.
const PAGE_FONT_PX: f64 = 16.0;
/// Below this size no glyph is legible: 0.2em (or 20%) of the page's 16px, 2.4pt.
const ILLEGIBLE_PX: f64 = 3.2;
/// At or below this opacity (or a colour's alpha) text is a ghost a person does not read.
const FAINT_OPACITY: f64 = 0.1;
/// At or below this factor a scale shrinks a line to a speck.
const SPECK_SCALE: f64 = 0.1;
/// An indent, margin or translation this far back (left or up) puts the text off any page.
const OFF_PAGE_SHIFT_PX: f64 = 999.0;
/// An absolute or fixed box this far past the page's left, top or right edge is out of sight: a line of text is far
/// less tall than that (the reader held `position:fixed;top:-100px` before this attack, and must still).
const OFF_PAGE_POSITION_PX: f64 = 100.0;
/// Skewed this far (or further, to 90°) the glyphs are sheared into slivers a person does not read.
const EDGE_ON_SKEW_DEG: f64 = 80.0;
/// Letters spaced back onto each other by this fraction of the font (or more) collapse into one smudge.
const COLLAPSED_SPACING_EM: f64 = 0.5;
/// A text colour this close to its background in every channel is not seen on it (#f0f0f0 … #ffffff on white).
const UNSEEN_CHANNEL_GAP: f64 = 15.0;
/// An hsl lightness at or above this reads as white.
const WHITE_LIGHTNESS: f64 = 0.94;
/// Below this contrast ratio (WCAG's, 1 to 21) text is not told from its background: #111 on black is 1.11, #121212
/// 1.12, navy on #000090 1.07; #eee on white (1.16, held seen since F1647) and #222 on black (1.32) are faint but read.
const UNSEEN_CONTRAST: f64 = 1.13;
/// A blur of this fraction of the font (4px of a 16px font, 0.25em) smears glyphs into each other.
const UNREADABLE_BLUR_EM: f64 = 0.25;
/// The text colour mail clients draw by default (Gmail's #222): what a `brightness()` filter multiplies when no colour
/// is given, so a brightness of 8 or more whitens it.
const MAIL_CLIENT_TEXT: Colour = Colour { r: 34.0, g: 34.0, b: 34.0, a: 1.0 };

/// One `property: value` pair of an inline style, lower-cased and without `!important`.
#[derive(Debug, Clone, PartialEq)]
struct Declaration {
    property: String,
    value: String,
}

/// A colour: channels 0–255, alpha 0–1.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Colour {
    r: f64,
    g: f64,
    b: f64,
    a: f64,
}

impl Colour {
    const BLACK: Colour = Colour { r: 0.0, g: 0.0, b: 0.0, a: 1.0 };
    const WHITE: Colour = Colour { r: 255.0, g: 255.0, b: 255.0, a: 1.0 };

    fn rgb(r: u8, g: u8, b: u8) -> Colour {
        Colour { r: f64::from(r), g: f64::from(g), b: f64::from(b), a: 1.0 }
    }

    /// White to a person's eye: every channel at least 0xF0, or an hsl lightness of 94 % or more.
    fn near_white(self) -> bool {
        let (max, min) = (self.r.max(self.g).max(self.b), self.r.min(self.g).min(self.b));
        min >= 255.0 - UNSEEN_CHANNEL_GAP || (max + min) / 2.0 / 255.0 >= WHITE_LIGHTNESS
    }

    /// Text of this colour drawn on `background` is not seen: the same colour within a few steps, both white, or a
    /// contrast ratio too low to tell them apart (dark on dark: #111 on black).
    fn blends_into(self, background: Colour) -> bool {
        let close = [(self.r, background.r), (self.g, background.g), (self.b, background.b)]
            .iter()
            .all(|(c, b)| (c - b).abs() <= UNSEEN_CHANNEL_GAP);
        let (lighter, darker) =
            (self.luminance().max(background.luminance()), self.luminance().min(background.luminance()));
        close || (self.near_white() && background.near_white()) || (lighter + 0.05) / (darker + 0.05) < UNSEEN_CONTRAST
    }

    /// WCAG's relative luminance, 0 (black) to 1 (white).
    fn luminance(self) -> f64 {
        let linear = |c: f64| {
            let c = (c / 255.0).clamp(0.0, 1.0);
            if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(self.r) + 0.7152 * linear(self.g) + 0.0722 * linear(self.b)
    }

    /// The colour after a CSS filter function (`brightness`, `contrast`, `invert`); other filters leave it.
    fn filtered(self, filter: &str, amount: f64) -> Colour {
        let each = |f: &dyn Fn(f64) -> f64| Colour {
            r: f(self.r).clamp(0.0, 255.0),
            g: f(self.g).clamp(0.0, 255.0),
            b: f(self.b).clamp(0.0, 255.0),
            a: self.a,
        };
        match filter {
            "brightness" => each(&|c| c * amount),
            "contrast" => each(&|c| (c - 127.5) * amount + 127.5),
            "invert" => each(&|c| c + (255.0 - 2.0 * c) * amount.clamp(0.0, 1.0)),
            _ => self,
        }
    }
}

/// How a tag's text is drawn, inherited by what it holds.
#[derive(Debug, Clone, Copy)]
struct Rendering {
    /// The text colour given inline by the tag or a parent; `None` is the page's default or a stylesheet's, taken as
    /// seen (a dark background given inline may have its light text from a `<style>` block the reader drops).
    text: Option<Colour>,
    background: Colour,
    opacity: f64,
    font_px: f64,
}

impl Rendering {
    const PAGE: Rendering = Rendering { text: None, background: Colour::WHITE, opacity: 1.0, font_px: PAGE_FONT_PX };

    /// Whether text drawn so is read: a legible size, and a colour that neither fades out nor blends into its
    /// background. Judged for the text itself, not the tags it holds: a wrapper of `font-size:0` (a mail template's
    /// way to close gaps) or of white text may hold children that set a size or a background of their own.
    fn text_seen(&self) -> bool {
        self.font_px >= ILLEGIBLE_PX
            && self.text.is_none_or(|text| text.a * self.opacity > FAINT_OPACITY && !text.blends_into(self.background))
    }
}

/// An inline style's declarations: split on `;`, each at its first `:`, lower-cased, CSS comments and `!important`
/// dropped. A value's entities are decoded before (`opacity&#58;0` is `opacity:0` to a browser), and so are CSS
/// escapes (`d\69splay:\6e one` is `display:none`, outside attack 53). A declaration with any other `!…` is invalid
/// and dropped, as a browser drops it (`display:none;display:inline !ie` stays hidden). Custom properties given in the
/// same style are substituted for `var()`, and `calc()`/`min()`/`max()`/`clamp()` of simple terms evaluated, so the
/// thresholds judge the value a browser computes.
fn declarations(style: &str) -> Vec<Declaration> {
    let decoded = css_unescaped(&html_escape::decode_html_entities(style)).to_lowercase();
    let mut bare = String::with_capacity(decoded.len());
    let mut rest = decoded.as_str();
    while let Some(start) = rest.find("/*") {
        bare.push_str(&rest[..start]);
        rest = rest[start + 2..].find("*/").map_or("", |end| &rest[start + 2 + end + 2..]);
    }
    bare.push_str(rest);
    let parsed: Vec<Declaration> = bare
        .split(';')
        .filter_map(|declaration| {
            let (property, value) = declaration.split_once(':')?;
            let (value, flag) = value.split_once('!').unwrap_or((value, "important"));
            let (property, value) = (property.trim(), value.trim());
            (flag.trim() == "important" && !property.is_empty() && !value.is_empty())
                .then(|| Declaration { property: property.to_string(), value: value.to_string() })
        })
        .collect();
    let custom: Vec<(String, String)> =
        parsed.iter().filter(|d| d.property.starts_with("--")).map(|d| (d.property.clone(), d.value.clone())).collect();
    parsed
        .into_iter()
        .map(|d| Declaration { value: math_evaluated(&with_variables(&d.value, &custom)), property: d.property })
        .collect()
}

/// CSS escapes decoded: `\69 ` (one to six hex digits, one space after them swallowed) is the character of that
/// code, `\c` is `c`.
fn css_unescaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let mut hex = String::new();
        while hex.len() < 6 && chars.peek().is_some_and(char::is_ascii_hexdigit) {
            hex.extend(chars.next());
        }
        if hex.is_empty() {
            out.extend(chars.next());
        } else {
            if chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
        }
    }
    out
}

/// `var(--x)` and `var(--x, fallback)` replaced by the custom property's value (the last given), else the fallback;
/// left as it is when neither is known (unknown: not hidden).
fn with_variables(value: &str, custom: &[(String, String)]) -> String {
    let mut out = value.to_string();
    for _ in 0..8 {
        let Some(start) = out.find("var(") else { break };
        let Some(length) = balanced_length(&out[start + 3..]) else { break };
        let inner = &out[start + 4..start + 3 + length - 1];
        let (name, fallback) = inner.split_once(',').map_or((inner, None), |(n, f)| (n, Some(f.trim())));
        let known = custom.iter().rev().find(|(n, _)| n == name.trim()).map(|(_, v)| v.as_str()).or(fallback);
        let Some(known) = known.map(str::to_string) else { break };
        out.replace_range(start..start + 3 + length, &known);
    }
    out
}

/// The length of a parenthesised group at the start of `text` (from its `(` through its matching `)`).
fn balanced_length(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// A quantity in CSS math: a number and its unit ("" for a bare number, "%", or a length unit).
#[derive(Debug, Clone, PartialEq)]
struct Quantity {
    number: f64,
    unit: String,
}

impl Quantity {
    /// Two quantities in one unit: the same unit kept, two lengths in pixels (`em` taken of the page's font);
    /// `None` when they cannot be compared (a percentage and a length: the box's size would be needed).
    fn common(self, other: Quantity) -> Option<(Quantity, Quantity)> {
        if self.unit == other.unit {
            return Some((self, other));
        }
        let in_px = |q: &Quantity| {
            if q.unit.is_empty() && q.number == 0.0 {
                return Some(0.0);
            }
            (q.unit != "%" && !q.unit.is_empty())
                .then(|| length_px(&format!("{}{}", q.number, q.unit), PAGE_FONT_PX))?
        };
        let px = |number| Quantity { number, unit: "px".into() };
        Some((px(in_px(&self)?), px(in_px(&other)?)))
    }
}

/// `calc()`, `min()`, `max()` and `clamp()` evaluated where every term is a number, a percentage or a length
/// ("calc(0px)" → "0px", "min(0, 1)" → "0", "scale(calc(0))" → "scale(0)"); left as written otherwise.
fn math_evaluated(value: &str) -> String {
    let mut out = value.to_string();
    let mut from = 0;
    while let Some(found) = ["calc(", "min(", "max(", "clamp("]
        .iter()
        .filter_map(|f| out[from..].find(f).map(|i| (from + i, f.len() - 1)))
        .filter(|(i, _)| !out[..*i].ends_with(|c: char| c.is_alphanumeric() || c == '-'))
        .min()
    {
        let (start, name_length) = found;
        let Some(length) = balanced_length(&out[start + name_length..]) else { break };
        let end = start + name_length + length;
        match math_value(&out[start..end]) {
            Some(q) => {
                let number = if q.number.abs() < 1e-9 { 0.0 } else { q.number };
                let written = format!("{}{}", number, q.unit);
                out.replace_range(start..end, &written);
                from = start + written.len();
            }
            None => from = end,
        }
    }
    out
}

/// The value of one math expression: a function of them, a sum, a product, or a term.
fn math_value(text: &str) -> Option<Quantity> {
    let text = text.trim();
    for name in ["calc", "min", "max", "clamp"] {
        if let Some(inner) = text.strip_prefix(name).and_then(|t| t.strip_prefix('(')).and_then(|t| t.strip_suffix(')'))
            && balanced_length(&text[name.len()..]) == Some(text.len() - name.len())
        {
            let arguments: Vec<Quantity> =
                top_level_split(inner, ',').iter().map(|a| math_value(a)).collect::<Option<_>>()?;
            let pick = |want_min: bool, values: &[Quantity]| {
                values.iter().skip(1).try_fold(values.first()?.clone(), |best, next| {
                    let (b, n) = best.clone().common(next.clone())?;
                    Some(if (n.number < b.number) == want_min { n } else { b })
                })
            };
            return match (name, arguments.as_slice()) {
                ("calc", [one]) => Some(one.clone()),
                ("min", values) if !values.is_empty() => pick(true, values),
                ("max", values) if !values.is_empty() => pick(false, values),
                ("clamp", [low, middle, high]) => {
                    pick(true, &[pick(false, &[low.clone(), middle.clone()])?, high.clone()])
                }
                _ => None,
            };
        }
    }
    if text.starts_with('(') && balanced_length(text) == Some(text.len()) {
        return math_value(&text[1..text.len() - 1]);
    }
    // A sum: `+` and `-` between terms are written with spaces around them in CSS.
    let sum = top_level_split(text, ' ');
    if let Some(at) = sum.iter().rposition(|t| *t == "+" || *t == "-")
        && at > 0
    {
        let left = math_value(&sum[..at].join(" "))?;
        let right = math_value(&sum[at + 1..].join(" "))?;
        let (left, right) = left.common(right)?;
        let sign = if sum[at] == "+" { 1.0 } else { -1.0 };
        return Some(Quantity { number: left.number + sign * right.number, unit: left.unit });
    }
    let rejoined = sum.join(" ");
    for operator in ['*', '/'] {
        let parts = top_level_split(&rejoined, operator);
        if parts.len() == 2 {
            let (left, right) = (math_value(&parts[0])?, math_value(&parts[1])?);
            return match operator {
                '*' if left.unit.is_empty() => Some(Quantity { number: left.number * right.number, unit: right.unit }),
                '*' if right.unit.is_empty() => Some(Quantity { number: left.number * right.number, unit: left.unit }),
                '/' if right.unit.is_empty() && right.number != 0.0 => {
                    Some(Quantity { number: left.number / right.number, unit: left.unit })
                }
                _ => None,
            };
        }
    }
    let (number, unit) = number_and_unit(&rejoined)?;
    (unit.is_empty() || unit == "%" || length_px(&format!("1{unit}"), PAGE_FONT_PX).is_some())
        .then(|| Quantity { number, unit: unit.to_string() })
}

/// `text` split on `separator` outside parentheses, pieces trimmed, empty ones dropped.
fn top_level_split(text: &str, separator: char) -> Vec<String> {
    top_level_split_str(text, separator).into_iter().map(str::to_string).collect()
}

/// Whether a tag styled with these declarations hides its text from a person reading it on a white page: the
/// page-level face of [`rendered`] and [`Rendering::text_seen`], which the reader applies tag by tag in its parents'
/// rendering ([`without_hidden_tags`]).
#[cfg(test)]
fn style_hides(declarations: &[Declaration]) -> bool {
    rendered(declarations, &Rendering::PAGE).is_none_or(|rendering| !rendering.text_seen())
}

/// The last value given to a property (a later declaration wins, as in CSS).
fn value_of<'a>(declarations: &'a [Declaration], property: &str) -> Option<&'a str> {
    declarations.iter().rev().find(|d| d.property == property).map(|d| d.value.as_str())
}

/// How a tag with these declarations draws its text inside `within`; `None` when a person sees nothing of it nor of
/// anything it holds (not displayed, invisible, faded out, shrunk, clipped, boxed or moved off the page).
fn rendered(declarations: &[Declaration], within: &Rendering) -> Option<Rendering> {
    let value = |property: &str| value_of(declarations, property);
    if value("display") == Some("none")
        || matches!(value("visibility"), Some("hidden" | "collapse"))
        || value("content-visibility") == Some("hidden")
        || struck_through(declarations)
        || blurred(declarations, within.font_px)
        || masked_out(declarations)
    {
        return None;
    }
    let mut own = *within;
    if let Some(px) = value("font-size")
        .and_then(|v| font_size_px(v, within.font_px))
        .or_else(|| value("font").and_then(|v| font_shorthand_px(v, within.font_px)))
    {
        own.font_px = px;
    }
    // Opacities multiply down the tree: no child is more opaque than its parent.
    own.opacity *= value("opacity").and_then(fraction).unwrap_or(1.0);
    own.opacity *= value("filter").map_or(1.0, |v| {
        functions(v)
            .iter()
            .filter(|(name, _)| name == "opacity")
            .filter_map(|(_, args)| fraction(args.first()?))
            .product()
    });
    if own.opacity <= FAINT_OPACITY {
        return None;
    }
    // A background of the tag's own is what its text is read against; else its parent's, else the page's white.
    if let Some(background) = value("background-color").or(value("background")).and_then(colour_among)
        && background.a > FAINT_OPACITY
    {
        own.background = Colour { a: 1.0, ..background };
    }
    if let Some(text) = value("-webkit-text-fill-color").or(value("color")).and_then(colour) {
        own.text = Some(text);
    }
    // A filter recolours what the tag draws: its text, and its background if it has one of its own.
    let filters: Vec<(String, Vec<String>)> = value("filter").map(functions).unwrap_or_default();
    if filters.iter().any(|(name, _)| matches!(name.as_str(), "brightness" | "contrast" | "invert")) {
        let own_background = value("background-color").or(value("background")).and_then(colour_among).is_some();
        let mut text = own.text.unwrap_or(MAIL_CLIENT_TEXT);
        for (name, args) in &filters {
            let amount = args.first().and_then(|a| fraction(a)).unwrap_or(1.0);
            text = text.filtered(name, amount);
            if own_background {
                own.background = own.background.filtered(name, amount);
            }
        }
        own.text = Some(text);
    }
    if shrunk_or_moved_off(declarations, own.font_px) || clipped(declarations) || boxed_out(declarations, own.font_px) {
        return None;
    }
    Some(own)
}

/// Struck through (`text-decoration: line-through`, in any of its forms): text taken back as a person reads it, like
/// `<del>` (outside attack 53: "Refund <span style=text-decoration:line-through>$30</span> $60").
fn struck_through(declarations: &[Declaration]) -> bool {
    ["text-decoration", "text-decoration-line"]
        .iter()
        .any(|p| value_of(declarations, p).is_some_and(|v| v.split_whitespace().any(|w| w == "line-through")))
}

/// Blurred past reading: `filter: blur()` of about a quarter of the font or more smears every glyph into its
/// neighbours (`blur(12px)`, `blur(1em)`; a 1–2px blur is soft but read).
fn blurred(declarations: &[Declaration], font_px: f64) -> bool {
    value_of(declarations, "filter").is_some_and(|v| {
        functions(v).iter().any(|(name, args)| {
            name == "blur"
                && args.first().and_then(|a| length_px(a, font_px)).is_some_and(|px| px >= font_px * UNREADABLE_BLUR_EM)
        })
    })
}

/// A mask that lets nothing through: an image of gradients whose every colour is transparent (`mask-image:
/// linear-gradient(transparent,transparent)`). A mask of a URL or of any visible stop is taken as showing the text.
fn masked_out(declarations: &[Declaration]) -> bool {
    ["mask-image", "-webkit-mask-image", "mask", "-webkit-mask"].iter().any(|property| {
        value_of(declarations, property).is_some_and(|v| {
            let gradients: Vec<&str> = top_level_split_str(v, ' ');
            let mut stops = Vec::new();
            for gradient in gradients.iter().filter(|g| g.contains("gradient(")) {
                let Some(open) = gradient.find('(') else { return false };
                let inner = gradient[open + 1..].strip_suffix(')').unwrap_or(&gradient[open + 1..]);
                for stop in top_level_split(inner, ',') {
                    // A stop's first word is its colour; a direction or a shape ("to right", "circle") has none.
                    stops.extend(top_level_split(&stop, ' ').first().and_then(|w| colour(w)));
                }
            }
            !stops.is_empty() && stops.iter().all(|c| c.a <= FAINT_OPACITY)
        })
    })
}

/// `text` split on `separator` outside parentheses, as slices.
fn top_level_split_str(text: &str, separator: char) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if c == separator && depth == 0 => {
                pieces.push(text[start..i].trim());
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    pieces.push(text[start..].trim());
    pieces.into_iter().filter(|p| !p.is_empty()).collect()
}

/// An angle in degrees ("90deg", "1.5708rad", "0.25turn", "100grad").
fn angle_degrees(value: &str) -> Option<f64> {
    let (number, unit) = number_and_unit(value)?;
    Some(match unit {
        "deg" | "" => number,
        "rad" => number.to_degrees(),
        "turn" => number * 360.0,
        "grad" => number * 0.9,
        _ => return None,
    })
}

/// Scaled to a speck (`transform`, `scale`, `zoom`), turned edge-on (`rotateX(90deg)`), or translated off the page.
fn shrunk_or_moved_off(declarations: &[Declaration], font_px: f64) -> bool {
    let value = |property: &str| value_of(declarations, property);
    let speck = |factor: f64| factor.abs() <= SPECK_SCALE;
    let off = |shift: &str| length_px(shift, font_px).is_some_and(|px| px <= -OFF_PAGE_SHIFT_PX);
    let transformed = value("transform").is_some_and(|v| {
        functions(v).iter().any(|(name, args)| {
            let numbers: Vec<f64> = args.iter().filter_map(|a| fraction(a)).collect();
            match name.as_str() {
                "scale" | "scalex" | "scaley" | "scale3d" => numbers.iter().take(2).any(|f| speck(*f)),
                "matrix" if numbers.len() == 6 => {
                    speck(numbers[0].hypot(numbers[1]))
                        || speck(numbers[2].hypot(numbers[3]))
                        || numbers[4] <= -OFF_PAGE_SHIFT_PX
                        || numbers[5] <= -OFF_PAGE_SHIFT_PX
                }
                "translate" | "translatex" | "translatey" | "translate3d" => args.iter().take(2).any(|a| off(a)),
                // Skewed to (near) 90°: the glyphs are sheared into lines (outside attack 54).
                "skew" | "skewx" | "skewy" => args
                    .iter()
                    .filter_map(|a| angle_degrees(a))
                    .any(|deg| deg.to_radians().cos().abs() <= EDGE_ON_SKEW_DEG.to_radians().cos()),
                _ => false,
            }
        })
    });
    // Turned about a flat axis to (near) 90° the line is seen edge-on, a speck of height or width; turned past it with
    // its back face hidden it is not drawn at all (outside attack 54: `rotate: x 90deg`, `backface-visibility:hidden`
    // with `rotateY(180deg)`).
    let facing = facing(declarations);
    let back_hidden = ["backface-visibility", "-webkit-backface-visibility"].iter().any(|p| value(p) == Some("hidden"));
    let turned_away = speck(facing) || (back_hidden && facing < 0.0);
    // Moved nearer the eye than the perspective's distance: behind the viewer, not drawn (`perspective(1px)
    // translateZ(2px)`).
    let behind = value("transform").is_some_and(|v| {
        let mut distance: Option<f64> = None;
        functions(v).iter().any(|(name, args)| {
            let depth = match name.as_str() {
                "perspective" => {
                    distance = args.first().and_then(|a| length_px(a, font_px)).filter(|d| *d > 0.0);
                    return false;
                }
                "translatez" => args.first(),
                "translate3d" => args.get(2),
                _ => None,
            };
            matches!((distance, depth.and_then(|d| length_px(d, font_px))), (Some(d), Some(z)) if z >= d)
        })
    });
    // Letters drawn each half an em or more back onto the one before collapse into one smudge (`letter-spacing:-1em`).
    let collapsed = value("letter-spacing")
        .and_then(|v| length_px(v, font_px))
        .is_some_and(|px| px <= -COLLAPSED_SPACING_EM * font_px);
    let scaled = value("scale").is_some_and(|v| v.split_whitespace().take(2).filter_map(fraction).any(speck));
    let zoomed = value("zoom").and_then(fraction).is_some_and(speck);
    let translated = value("translate").is_some_and(|v| v.split_whitespace().take(2).any(off));
    let shifted = ["text-indent", "margin-left", "margin-top"].iter().any(|p| value(p).is_some_and(off));
    transformed || scaled || zoomed || translated || shifted || turned_away || behind || collapsed
}

/// The z part of the direction the text's face points after the tag's turns (its `transform`'s `rotateX()`,
/// `rotateY()`, `rotate3d()` right to left, then the `rotate` property): 1 facing the reader, 0 edge-on, below 0
/// turned away.
fn facing(declarations: &[Declaration]) -> f64 {
    let turn = |v: [f64; 3], axis: [f64; 3], degrees: f64| {
        let length = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt();
        if length == 0.0 {
            return v;
        }
        let k = [axis[0] / length, axis[1] / length, axis[2] / length];
        let (sin, cos) = degrees.to_radians().sin_cos();
        let cross = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]];
        let dot = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
        [0, 1, 2].map(|i| v[i] * cos + cross[i] * sin + k[i] * dot * (1.0 - cos))
    };
    let mut normal = [0.0, 0.0, 1.0];
    let functions = value_of(declarations, "transform").map(functions).unwrap_or_default();
    for (name, args) in functions.iter().rev() {
        let angle = |i: usize| args.get(i).and_then(|a| angle_degrees(a));
        let number = |i: usize| args.get(i).and_then(|a| a.parse::<f64>().ok());
        let (axis, degrees) = match name.as_str() {
            "rotatex" => ([1.0, 0.0, 0.0], angle(0)),
            "rotatey" => ([0.0, 1.0, 0.0], angle(0)),
            "rotate3d" => match (number(0), number(1), number(2)) {
                (Some(x), Some(y), Some(z)) => ([x, y, z], angle(3)),
                _ => continue,
            },
            _ => continue,
        };
        if let Some(degrees) = degrees {
            normal = turn(normal, axis, degrees);
        }
    }
    // The `rotate` property: an angle about z, or an axis (`x`, `y`, `z`, or three numbers) and an angle.
    if let Some(rotate) = value_of(declarations, "rotate") {
        let words: Vec<&str> = rotate.split_whitespace().collect();
        if let Some((last, axis_words)) = words.split_last()
            && let Some(degrees) = angle_degrees(last)
        {
            let axis = match axis_words {
                ["x"] => Some([1.0, 0.0, 0.0]),
                ["y"] => Some([0.0, 1.0, 0.0]),
                [] | ["z"] => Some([0.0, 0.0, 1.0]),
                [x, y, z] => match (x.parse(), y.parse(), z.parse()) {
                    (Ok(x), Ok(y), Ok(z)) => Some([x, y, z]),
                    _ => None,
                },
                _ => None,
            };
            if let Some(axis) = axis {
                normal = turn(normal, axis, degrees);
            }
        }
    }
    normal[2]
}

/// Clipped to nothing: `clip-path: inset()` taking half or more from every side (or its opposite sides together
/// the whole box), `circle(0)`/`ellipse(0 0)`, or `clip: rect()` with no area.
fn clipped(declarations: &[Declaration]) -> bool {
    let by_path = value_of(declarations, "clip-path").is_some_and(|v| {
        functions(v).iter().any(|(name, args)| match name.as_str() {
            "inset" => {
                let sides: Vec<f64> = args
                    .iter()
                    .take_while(|a| *a != "round")
                    .filter_map(|a| match a.strip_suffix('%') {
                        Some(percent) => percent.parse::<f64>().ok(),
                        None => length_px(a, PAGE_FONT_PX).map(|px| if px >= OFF_PAGE_SHIFT_PX { 100.0 } else { 0.0 }),
                    })
                    .collect();
                let (top, right, bottom, left) = match sides.as_slice() {
                    [all] => (*all, *all, *all, *all),
                    [vertical, horizontal] => (*vertical, *horizontal, *vertical, *horizontal),
                    [top, horizontal, bottom] => (*top, *horizontal, *bottom, *horizontal),
                    [top, right, bottom, left, ..] => (*top, *right, *bottom, *left),
                    [] => return false,
                };
                top + bottom >= 100.0 || left + right >= 100.0
            }
            // A polygon of fewer than three points, or of points on one line, encloses nothing.
            "polygon" => {
                let coordinates: Vec<f64> = args
                    .iter()
                    .filter(|a| !matches!(a.as_str(), "nonzero" | "evenodd"))
                    .map(|a| number_and_unit(a).map(|(n, _)| n))
                    .collect::<Option<_>>()
                    .unwrap_or_default();
                if coordinates.is_empty() || !coordinates.len().is_multiple_of(2) {
                    return false;
                }
                let points: Vec<(f64, f64)> = coordinates.chunks(2).map(|p| (p[0], p[1])).collect();
                let doubled_area: f64 = points
                    .iter()
                    .zip(points.iter().cycle().skip(1))
                    .map(|((x1, y1), (x2, y2))| x1 * y2 - x2 * y1)
                    .sum();
                points.len() < 3 || doubled_area.abs() < 1e-9
            }
            "circle" | "ellipse" => {
                let radii: Vec<&String> = args.iter().take_while(|a| *a != "at").collect();
                !radii.is_empty() && radii.iter().all(|r| length_px(r, PAGE_FONT_PX).is_some_and(|px| px < 1.0))
            }
            _ => false,
        })
    });
    let by_rect = value_of(declarations, "clip").is_some_and(|v| {
        functions(v).iter().any(|(name, args)| {
            let edges: Vec<Option<f64>> = args.iter().map(|a| length_px(a, PAGE_FONT_PX)).collect();
            match (name.as_str(), edges.as_slice()) {
                ("rect", [Some(top), right, Some(bottom), left]) => {
                    bottom <= top || matches!((right, left), (Some(r), Some(l)) if r <= l)
                }
                ("rect", [_, Some(right), _, Some(left)]) => right <= left,
                _ => false,
            }
        })
    });
    by_path || by_rect
}

/// A box too small to show a glyph with what overflows it cut (`width:0;overflow:hidden`), a `max-width` or
/// `max-height` of 0, or an absolute or fixed box placed off the page.
fn boxed_out(declarations: &[Declaration], font_px: f64) -> bool {
    let value = |property: &str| value_of(declarations, property);
    let tiny = |property: &str| {
        value(property).is_some_and(|v| match v.strip_suffix('%') {
            Some(percent) => percent.parse::<f64>().is_ok_and(|p| p == 0.0),
            None => length_px(v, font_px).is_some_and(|px| px < ILLEGIBLE_PX),
        })
    };
    let cut = |axis: &str| {
        [value("overflow"), value(axis)]
            .iter()
            .flatten()
            .any(|v| v.split_whitespace().any(|w| w == "hidden" || w == "clip"))
    };
    // Narrower than half an em (about one glyph, `1ch`) with the rest cut, no whole glyph shows.
    let narrow = value("width").is_some_and(|v| match v.strip_suffix('%') {
        Some(percent) => percent.parse::<f64>().is_ok_and(|p| p == 0.0),
        None => length_px(v, font_px).is_some_and(|px| px < ILLEGIBLE_PX.max(font_px / 2.0)),
    });
    let boxed = (narrow && cut("overflow-x"))
        || (tiny("height") && cut("overflow-y"))
        || tiny("max-width")
        || tiny("max-height");
    // The `inset` shorthand gives top, right, bottom and left at once (its first word is the top, and the left for
    // one or two words): read through it when a side is not given on its own.
    let inset: Vec<&str> = value("inset").map(|v| v.split_whitespace().collect()).unwrap_or_default();
    let side_value = |side: &str| {
        value(side).or_else(|| {
            let (top, right, bottom, left) = match inset.as_slice() {
                [all] => (*all, *all, *all, *all),
                [vertical, horizontal] => (*vertical, *horizontal, *vertical, *horizontal),
                [top, horizontal, bottom] => (*top, *horizontal, *bottom, *horizontal),
                [top, right, bottom, left, ..] => (*top, *right, *bottom, *left),
                [] => return None,
            };
            Some(match side {
                "top" => top,
                "right" => right,
                "bottom" => bottom,
                _ => left,
            })
        })
    };
    // A `right` or `bottom` that large pushes the box past the page's left or top edge; a box moved so from where it
    // stands (`position:relative`) leaves the page too (outside attack 54).
    let pushed = |side: &str, sign: f64| {
        side_value(side).and_then(|v| length_px(v, font_px)).is_some_and(|px| px * sign >= OFF_PAGE_SHIFT_PX)
    };
    let pushed_off = match value("position") {
        Some("absolute" | "fixed") => pushed("right", 1.0) || pushed("bottom", 1.0),
        Some("relative" | "sticky") => {
            pushed("left", -1.0) || pushed("top", -1.0) || pushed("right", 1.0) || pushed("bottom", 1.0)
        }
        _ => false,
    };
    let placed_off = pushed_off
        || matches!(value("position"), Some("absolute" | "fixed"))
            && ["left", "top", "right", "bottom"].iter().any(|side| {
                // Below the page an absolute box only lengthens it; a fixed one leaves the screen.
                (*side != "bottom" || value("position") == Some("fixed"))
                    && side_value(side).is_some_and(|v| match v.strip_suffix('%') {
                        Some(percent) => percent.parse::<f64>().is_ok_and(|p| p <= -100.0),
                        None => length_px(v, font_px).is_some_and(|px| px <= -OFF_PAGE_POSITION_PX),
                    })
            });
    boxed || placed_off
}

/// A number at the start of a value and its unit: "0.5px" → (0.5, "px"), "-9999px" → (-9999.0, "px").
fn number_and_unit(value: &str) -> Option<(f64, &str)> {
    let value = value.trim();
    let end = value
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_digit() || *c == '.' || (*i == 0 && matches!(c, '-' | '+'))))
        .map_or(value.len(), |(i, _)| i);
    Some((value[..end].parse().ok()?, value[end..].trim()))
}

/// A length in CSS pixels (`em` of the tag's font, `rem` of the page's); `None` for a percentage, a keyword or a
/// function the box's size would be needed for.
fn length_px(value: &str, font_px: f64) -> Option<f64> {
    let (number, unit) = number_and_unit(value)?;
    let per_unit = match unit {
        "" | "px" => 1.0,
        "pt" => 96.0 / 72.0,
        "pc" => 16.0,
        "in" => 96.0,
        "cm" => 96.0 / 2.54,
        "mm" => 96.0 / 25.4,
        "q" => 96.0 / 101.6,
        "em" => font_px,
        "rem" => PAGE_FONT_PX,
        "ex" | "ch" => font_px / 2.0,
        // A viewport of about 800px.
        "vw" | "vh" | "vmin" | "vmax" => 8.0,
        _ => return None,
    };
    Some(number * per_unit)
}

/// A `font-size` in pixels, relative to the parent's for `em`, `%` and `smaller`.
fn font_size_px(value: &str, parent_px: f64) -> Option<f64> {
    match value {
        "xx-small" => Some(9.0),
        "x-small" => Some(10.0),
        "small" => Some(13.0),
        "medium" => Some(16.0),
        "large" => Some(18.0),
        "x-large" => Some(24.0),
        "xx-large" => Some(32.0),
        "smaller" => Some(parent_px / 1.2),
        "larger" => Some(parent_px * 1.2),
        _ => match value.strip_suffix('%') {
            Some(percent) => percent.trim().parse::<f64>().ok().map(|p| parent_px * p / 100.0),
            None => length_px(value, parent_px),
        },
    }
}

/// The size in a `font` shorthand ("bold 12px/1.4 Arial", "0/0 a"): the first word with a unit, or a bare 0.
fn font_shorthand_px(value: &str, parent_px: f64) -> Option<f64> {
    value.split_whitespace().map(|word| word.split('/').next().unwrap_or(word)).find_map(|word| {
        let sized = word.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            && (word.ends_with(|c: char| c.is_alphabetic() || c == '%') || number_and_unit(word)?.0 == 0.0);
        if sized { font_size_px(word, parent_px) } else { None }
    })
}

/// A number or a percentage as a fraction: "0.01" → 0.01, "5%" → 0.05.
fn fraction(value: &str) -> Option<f64> {
    match value.trim().strip_suffix('%') {
        Some(percent) => percent.trim().parse::<f64>().ok().map(|p| p / 100.0),
        None => value.trim().parse().ok(),
    }
}

/// The functions of a value and their arguments: "scale(0) translatex(-9px)" → [("scale", ["0"]), ("translatex",
/// ["-9px"])]; arguments split on commas, spaces and slashes.
fn functions(value: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut rest = value;
    while let Some(open) = rest.find('(') {
        let name_start = rest[..open].rfind(|c: char| !(c.is_alphanumeric() || c == '-')).map_or(0, |i| i + 1);
        let name = rest[name_start..open].to_string();
        let inner = &rest[open + 1..];
        let close = inner.find(')').unwrap_or(inner.len());
        let args = inner[..close]
            .split(|c: char| c == ',' || c == '/' || c.is_whitespace())
            .filter(|a| !a.is_empty())
            .map(str::to_string)
            .collect();
        found.push((name, args));
        rest = inner.get(close + 1..).unwrap_or_default();
    }
    found
}

/// The first colour among a shorthand's words (`background: url(x) #c00 no-repeat`).
fn colour_among(value: &str) -> Option<Colour> {
    let mut words = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in value.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() && depth == 0 => {
                words.push(&value[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    words.push(&value[start..]);
    words.into_iter().filter(|w| !w.is_empty()).find_map(colour)
}

/// A CSS colour: a name, `#rgb[a]`, `#rrggbb[aa]`, `rgb[a]()` or `hsl[a]()` (commas or spaces, alpha after `,` or
/// `/`, numbers or percentages); `None` for what is not one (`inherit`, `currentcolor`, `var(--x)`).
fn colour(value: &str) -> Option<Colour> {
    let value = value.trim();
    if let Some(hex) = value.strip_prefix('#') {
        let digit = |i: usize, width: usize| {
            let channel = u8::from_str_radix(hex.get(i * width..(i + 1) * width)?, 16).ok()?;
            Some(if width == 1 { channel * 17 } else { channel })
        };
        let width = match hex.len() {
            3 | 4 => 1,
            6 | 8 => 2,
            _ => return None,
        };
        let alpha = if hex.len() == 4 || hex.len() == 8 { f64::from(digit(3, width)?) / 255.0 } else { 1.0 };
        return Some(Colour { a: alpha, ..Colour::rgb(digit(0, width)?, digit(1, width)?, digit(2, width)?) });
    }
    if let Some(mixed) = value.strip_prefix("color-mix(").and_then(|v| v.strip_suffix(')')) {
        return colour_mix(mixed);
    }
    if let Some((name, args)) = functions(value).into_iter().next() {
        if let Some(found) = wide_gamut_colour(&name, &args) {
            return Some(found);
        }
        let alpha = match args.get(3) {
            Some(a) => fraction(a)?,
            None => 1.0,
        };
        let channel = |a: &String| match a.strip_suffix('%') {
            Some(percent) => percent.parse::<f64>().ok().map(|p| p * 2.55),
            None => a.parse::<f64>().ok(),
        };
        return match (name.as_str(), args.as_slice()) {
            ("rgb" | "rgba", [r, g, b, ..]) => {
                Some(Colour { r: channel(r)?, g: channel(g)?, b: channel(b)?, a: alpha })
            }
            ("hsl" | "hsla", [h, s, l, ..]) => {
                let hue = number_and_unit(h)?.0;
                let saturation = fraction(s)?.clamp(0.0, 1.0);
                let lightness = fraction(l)?.clamp(0.0, 1.0);
                let (r, g, b) = hsl_to_rgb(hue, saturation, lightness);
                Some(Colour { r, g, b, a: alpha })
            }
            _ => None,
        };
    }
    // The names a person might give text: the whites (all near white) and the basic colours; the system colours as a
    // mail client on a white page draws them (`Canvas` is the page's white, `CanvasText` its black).
    let (r, g, b) = match value {
        "canvas" | "window" | "field" | "buttonhighlight" => (255, 255, 255),
        "canvastext" | "windowtext" | "fieldtext" | "buttontext" | "captiontext" | "infotext" | "menutext" => (0, 0, 0),
        "buttonface" | "threedface" | "menu" => (240, 240, 240),
        "graytext" => (109, 109, 109),
        "linktext" => (0, 0, 238),
        "transparent" => return Some(Colour { a: 0.0, ..Colour::BLACK }),
        "white" => (255, 255, 255),
        "snow" => (255, 250, 250),
        "ivory" => (255, 255, 240),
        "ghostwhite" => (248, 248, 255),
        "whitesmoke" => (245, 245, 245),
        "floralwhite" => (255, 250, 240),
        "seashell" => (255, 245, 238),
        "mintcream" => (245, 255, 250),
        "azure" => (240, 255, 255),
        "aliceblue" => (240, 248, 255),
        "honeydew" => (240, 255, 240),
        "lavenderblush" => (255, 240, 245),
        "linen" => (250, 240, 230),
        "oldlace" => (253, 245, 230),
        "black" => (0, 0, 0),
        "silver" => (192, 192, 192),
        "gray" | "grey" => (128, 128, 128),
        "red" => (255, 0, 0),
        "maroon" => (128, 0, 0),
        "yellow" => (255, 255, 0),
        "olive" => (128, 128, 0),
        "lime" => (0, 255, 0),
        "green" => (0, 128, 0),
        "aqua" | "cyan" => (0, 255, 255),
        "teal" => (0, 128, 128),
        "blue" => (0, 0, 255),
        "navy" => (0, 0, 128),
        "fuchsia" | "magenta" => (255, 0, 255),
        "purple" => (128, 0, 128),
        "orange" => (255, 165, 0),
        _ => return None,
    };
    Some(Colour::rgb(r, g, b))
}

/// The colour notations past rgb and hsl, approximated to sRGB (close enough to tell white, the background or
/// transparent): `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()` and `color(srgb|srgb-linear|display-p3 …)`.
fn wide_gamut_colour(name: &str, args: &[String]) -> Option<Colour> {
    let number = |a: &String, percent_of: f64| match a.strip_suffix('%') {
        Some(percent) => percent.parse::<f64>().ok().map(|p| p / 100.0 * percent_of),
        None if a == "none" => Some(0.0),
        None => a.parse::<f64>().ok(),
    };
    let alpha = match args.get(3) {
        Some(a) => fraction(a)?,
        None => 1.0,
    };
    let from_linear = |r: f64, g: f64, b: f64| {
        let encode = |c: f64| {
            let c = c.clamp(0.0, 1.0);
            255.0 * if c <= 0.003_130_8 { 12.92 * c } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 }
        };
        Colour { r: encode(r), g: encode(g), b: encode(b), a: alpha }
    };
    let from_oklab = |l: f64, a: f64, b: f64| {
        let l_ = (l + 0.396_337_777_4 * a + 0.215_803_757_3 * b).powi(3);
        let m_ = (l - 0.105_561_345_8 * a - 0.063_854_172_8 * b).powi(3);
        let s_ = (l - 0.089_484_177_5 * a - 1.291_485_548 * b).powi(3);
        from_linear(
            4.076_741_662_1 * l_ - 3.307_711_591_3 * m_ + 0.230_969_929_2 * s_,
            -1.268_438_004_6 * l_ + 2.609_757_401_1 * m_ - 0.341_319_396_5 * s_,
            -0.004_196_086_3 * l_ - 0.703_418_614_7 * m_ + 1.707_614_701 * s_,
        )
    };
    let from_lab = |l: f64, a: f64, b: f64| {
        // CIE Lab (D50) to XYZ, then to linear sRGB (the D65 adaptation ignored: a few steps at most).
        let fy = (l + 16.0) / 116.0;
        let (fx, fz) = (fy + a / 500.0, fy - b / 200.0);
        let inverse = |f: f64| if f.powi(3) > 0.008_856 { f.powi(3) } else { (116.0 * f - 16.0) / 903.3 };
        let (x, y, z) = (inverse(fx) * 0.9642, inverse(fy), inverse(fz) * 0.8249);
        from_linear(
            3.134_1 * x - 1.617_2 * y - 0.490_6 * z,
            -0.978_8 * x + 1.916_2 * y + 0.033_4 * z,
            0.071_9 * x - 0.228_9 * y + 1.405_2 * z,
        )
    };
    let polar = |chroma: f64, hue: &String| {
        let hue = angle_degrees(hue).unwrap_or(0.0).to_radians();
        (chroma * hue.cos(), chroma * hue.sin())
    };
    match (name, args) {
        ("hwb", [h, w, b, ..]) => {
            let (white, black) = (fraction(w)?, fraction(b)?);
            if white + black >= 1.0 {
                let grey = 255.0 * white / (white + black);
                return Some(Colour { r: grey, g: grey, b: grey, a: alpha });
            }
            let (r, g, bl) = hsl_to_rgb(angle_degrees(h)?, 1.0, 0.5);
            let mix = |c: f64| (c / 255.0 * (1.0 - white - black) + white) * 255.0;
            Some(Colour { r: mix(r), g: mix(g), b: mix(bl), a: alpha })
        }
        ("lab", [l, a, b, ..]) => Some(from_lab(number(l, 100.0)?, number(a, 125.0)?, number(b, 125.0)?)),
        ("lch", [l, c, h, ..]) => {
            let (a, b) = polar(number(c, 150.0)?, h);
            Some(from_lab(number(l, 100.0)?, a, b))
        }
        ("oklab", [l, a, b, ..]) => Some(from_oklab(number(l, 1.0)?, number(a, 0.4)?, number(b, 0.4)?)),
        ("oklch", [l, c, h, ..]) => {
            let (a, b) = polar(number(c, 0.4)?, h);
            Some(from_oklab(number(l, 1.0)?, a, b))
        }
        ("color", [space, r, g, b, rest @ ..]) => {
            let alpha = match rest.first() {
                Some(a) => fraction(a)?,
                None => 1.0,
            };
            let (r, g, b) = (number(r, 1.0)?, number(g, 1.0)?, number(b, 1.0)?);
            match space.as_str() {
                "srgb" | "display-p3" | "a98-rgb" | "prophoto-rgb" | "rec2020" => {
                    Some(Colour { r: r * 255.0, g: g * 255.0, b: b * 255.0, a: alpha })
                }
                "srgb-linear" | "xyz" | "xyz-d65" | "xyz-d50" => Some(Colour { a: alpha, ..from_linear(r, g, b) }),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `color-mix(in <space>, a p%, b q%)` mixed channel by channel (the space ignored: the mix of a colour with itself or
/// with white is what tells white); `None` when a side is not a colour read.
fn colour_mix(inner: &str) -> Option<Colour> {
    let parts = top_level_split(inner, ',');
    let [_, first, second] = parts.as_slice() else { return None };
    let side = |part: &String| {
        let words = top_level_split(part, ' ');
        let colour = words.iter().find_map(|w| colour(w))?;
        let weight = words.iter().find_map(|w| w.strip_suffix('%')?.parse::<f64>().ok()).map(|p| p / 100.0);
        Some((colour, weight))
    };
    let ((a, wa), (b, wb)) = (side(first)?, side(second)?);
    let (wa, wb) = match (wa, wb) {
        (Some(x), Some(y)) if x + y > 0.0 => (x / (x + y), y / (x + y)),
        (Some(x), None) => (x.clamp(0.0, 1.0), 1.0 - x.clamp(0.0, 1.0)),
        (None, Some(y)) => (1.0 - y.clamp(0.0, 1.0), y.clamp(0.0, 1.0)),
        _ => (0.5, 0.5),
    };
    let mix = |x: f64, y: f64| x * wa + y * wb;
    Some(Colour { r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a) })
}

/// hsl (hue in degrees, saturation and lightness 0–1) as rgb channels 0–255.
fn hsl_to_rgb(hue: f64, saturation: f64, lightness: f64) -> (f64, f64, f64) {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let sector = hue.rem_euclid(360.0) / 60.0;
    let second = chroma * (1.0 - (sector % 2.0 - 1.0).abs());
    let (r, g, b) = match sector as u8 {
        0 => (chroma, second, 0.0),
        1 => (second, chroma, 0.0),
        2 => (0.0, chroma, second),
        3 => (0.0, second, chroma),
        4 => (second, 0.0, chroma),
        _ => (chroma, 0.0, second),
    };
    let base = lightness - chroma / 2.0;
    ((r + base) * 255.0, (g + base) * 255.0, (b + base) * 255.0)
}

/// An opening or closing tag: where it is, its lower-cased name, its attributes (names lower-cased, values with
/// their entities decoded).
struct Tag {
    end: usize,
    name: String,
    closing: bool,
    self_closing: bool,
    attributes: Vec<(String, String)>,
}

impl Tag {
    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Tags that never hold text and have no closing tag.
    fn is_void(&self) -> bool {
        matches!(
            self.name.as_str(),
            "area"
                | "base"
                | "br"
                | "col"
                | "embed"
                | "hr"
                | "img"
                | "input"
                | "link"
                | "meta"
                | "source"
                | "track"
                | "wbr"
        )
    }
}

/// The tag that starts at byte `start` (a `<`), read as a browser reads it: a quoted value may hold `>`. `None` when
/// no tag starts there ("< 5 days", "<3") or it never ends.
fn tag_at(text: &str, start: usize) -> Option<Tag> {
    let bytes = text.as_bytes();
    let mut i = start + 1;
    let closing = bytes.get(i) == Some(&b'/');
    if closing {
        i += 1;
    }
    let name_start = i;
    if !bytes.get(i)?.is_ascii_alphabetic() {
        return None;
    }
    while bytes.get(i).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'-') {
        i += 1;
    }
    let name = text[name_start..i].to_ascii_lowercase();
    let mut attributes = Vec::new();
    let mut self_closing = false;
    loop {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        match bytes.get(i)? {
            b'>' => break,
            b'/' => {
                self_closing = true;
                i += 1;
                continue;
            }
            _ => self_closing = false,
        }
        let attribute_start = i;
        while bytes.get(i).is_some_and(|b| !b.is_ascii_whitespace() && !matches!(b, b'=' | b'>' | b'/')) {
            i += 1;
        }
        if i == attribute_start {
            // A stray "=": skipped, as a browser does.
            i += 1;
            continue;
        }
        let attribute = text[attribute_start..i].to_ascii_lowercase();
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        let mut value = String::new();
        if bytes.get(i) == Some(&b'=') {
            i += 1;
            while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            let value_start;
            match bytes.get(i)? {
                quote @ (b'"' | b'\'') => {
                    value_start = i + 1;
                    i = value_start + text[value_start..].find(char::from(*quote))?;
                    value = text[value_start..i].to_string();
                    i += 1;
                }
                _ => {
                    value_start = i;
                    while bytes.get(i).is_some_and(|b| !b.is_ascii_whitespace() && *b != b'>') {
                        i += 1;
                    }
                    value = text[value_start..i].to_string();
                }
            }
        }
        attributes.push((attribute, html_escape::decode_html_entities(&value).into_owned()));
    }
    Some(Tag { end: i + 1, name, closing, self_closing, attributes })
}

/// The end of the tag `name` opened just before `from`: past its matching closing tag, nested tags of the same name
/// counted; the end of the text when it is never closed.
fn matching_close_end(text: &str, from: usize, name: &str) -> usize {
    let mut depth = 1usize;
    let mut at = from;
    while let Some(offset) = text[at..].find('<') {
        let start = at + offset;
        let Some(tag) = tag_at(text, start) else {
            at = start + 1;
            continue;
        };
        if tag.name == name {
            if tag.closing {
                depth -= 1;
                if depth == 0 {
                    return tag.end;
                }
            } else if !tag.self_closing {
                depth += 1;
            }
        }
        at = tag.end;
    }
    text.len()
}

/// One element as `<style>` selectors see it: its name, its attributes, and whether an element sibling of its name
/// (or any) follows it (read ahead only when a rule asks, [`needs_following`]).
#[derive(Debug, Clone)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    last: bool,
    last_of_type: bool,
}

impl Element {
    fn virtual_root(name: &str) -> Element {
        Element { name: name.to_string(), attributes: Vec::new(), last: true, last_of_type: true }
    }

    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// How a compound selector is joined to the one before it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Combinator {
    Descendant,
    Child,
    Next,
    Later,
}

/// A condition on an element after its name: a pseudo-class the reader can judge on a page nobody hovers over.
#[derive(Debug, Clone, PartialEq)]
enum Pseudo {
    /// `:not()`, and `:is()`/`:where()` (`true` for these: any of the list matches).
    Any(Vec<Selector>, bool),
    /// `:nth-child(an+b)` (and first/last/only), of its type or not, counted from the end or not.
    Nth {
        a: i64,
        b: i64,
        of_type: bool,
        from_end: bool,
    },
    /// `:only-child`, `:only-of-type`.
    Only {
        of_type: bool,
    },
    Root,
}

/// A compound selector: a name (or `*`), classes, an id, attribute tests, pseudo-classes.
#[derive(Debug, Clone, PartialEq, Default)]
struct Compound {
    name: Option<String>,
    classes: Vec<String>,
    ids: Vec<String>,
    attributes: Vec<(String, Option<(String, String)>)>,
    pseudos: Vec<Pseudo>,
}

/// A selector of a `<style>` rule: compounds joined by combinators, read right to left as a browser does, and the
/// pseudo-element (`::before`, `::after`) it draws, if any.
#[derive(Debug, Clone, PartialEq)]
struct Selector {
    parts: Vec<(Combinator, Compound)>,
    pseudo_element: Option<String>,
}

/// An `an+b` of `:nth-child()`: "odd", "even", "3", "2n+1", "-n+3".
fn nth_formula(text: &str) -> Option<(i64, i64)> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match text.as_str() {
        "odd" => return Some((2, 1)),
        "even" => return Some((2, 0)),
        _ => {}
    }
    let Some(n) = text.find('n') else { return Some((0, text.parse().ok()?)) };
    let a = match &text[..n] {
        "" | "+" => 1,
        "-" => -1,
        a => a.parse().ok()?,
    };
    let b = if text[n + 1..].is_empty() { 0 } else { text[n + 1..].trim_start_matches('+').parse().ok()? };
    Some((a, b))
}

impl Selector {
    /// The selector when the reader can judge all of it; `None` otherwise (a pseudo-class of state such as `:hover`,
    /// a namespace), and a rule the reader cannot match hides nothing.
    fn parse(text: &str) -> Option<Selector> {
        let chars: Vec<char> = text.trim().chars().collect();
        let ident = |c: char| c.is_alphanumeric() || c == '-' || c == '_' || !c.is_ascii();
        let read_ident = |i: &mut usize| {
            let start = *i;
            while chars.get(*i).is_some_and(|c| ident(*c)) {
                *i += 1;
            }
            (*i > start).then(|| chars[start..*i].iter().collect::<String>())
        };
        let (mut parts, mut pseudo_element) = (Vec::new(), None);
        let mut pending: Option<Combinator> = None;
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                c if c.is_whitespace() => {
                    pending = pending.or(Some(Combinator::Descendant));
                    i += 1;
                    continue;
                }
                '>' | '+' | '~' => {
                    if parts.is_empty() || pending.is_some_and(|p| p != Combinator::Descendant) {
                        return None;
                    }
                    pending = Some(match chars[i] {
                        '>' => Combinator::Child,
                        '+' => Combinator::Next,
                        _ => Combinator::Later,
                    });
                    i += 1;
                    continue;
                }
                _ => {}
            }
            if pseudo_element.is_some() || (!parts.is_empty() && pending.is_none()) {
                return None;
            }
            let mut compound = Compound::default();
            let star = chars[i] == '*';
            if star {
                i += 1;
            } else if ident(chars[i]) {
                compound.name = read_ident(&mut i);
            }
            while let Some(&c) = chars.get(i) {
                match c {
                    '.' | '#' => {
                        i += 1;
                        let word = read_ident(&mut i)?;
                        if c == '.' { compound.classes.push(word) } else { compound.ids.push(word) }
                    }
                    '[' => {
                        let close = i + chars[i..].iter().position(|c| *c == ']')?;
                        let inner: String = chars[i + 1..close].iter().collect();
                        i = close + 1;
                        let inner = inner.trim();
                        let Some(eq) = inner.find('=') else {
                            compound.attributes.push((inner.to_string(), None));
                            continue;
                        };
                        let (name, op) = match inner[..eq].chars().last() {
                            Some(o @ ('~' | '|' | '^' | '$' | '*')) => (&inner[..eq - 1], o.to_string()),
                            _ => (&inner[..eq], String::new()),
                        };
                        let value = inner[eq + 1..].trim();
                        let value = value.strip_suffix(" i").or(value.strip_suffix(" s")).unwrap_or(value).trim();
                        let value = value.trim_matches(|c| c == '"' || c == '\'');
                        compound.attributes.push((name.trim().to_string(), Some((op, value.to_string()))));
                    }
                    ':' => {
                        i += 1;
                        let element = chars.get(i) == Some(&':');
                        if element {
                            i += 1;
                        }
                        let name = read_ident(&mut i)?;
                        let mut argument = None;
                        if chars.get(i) == Some(&'(') {
                            let rest: String = chars[i..].iter().collect();
                            let length = balanced_length(&rest)?;
                            argument = Some(rest[1..length - 1].to_string());
                            i += rest[..length].chars().count();
                        }
                        if element || matches!(name.as_str(), "before" | "after") {
                            if !matches!(name.as_str(), "before" | "after") {
                                return None;
                            }
                            pseudo_element = Some(name);
                            continue;
                        }
                        let nth = |of_type, from_end| {
                            let (a, b) = nth_formula(argument.as_deref()?)?;
                            Some(Pseudo::Nth { a, b, of_type, from_end })
                        };
                        let first = |of_type, from_end| Some(Pseudo::Nth { a: 0, b: 1, of_type, from_end });
                        let pseudo = match name.as_str() {
                            "not" | "is" | "where" | "matches" | "any" => {
                                let list: Vec<Selector> = top_level_split(argument.as_deref()?, ',')
                                    .iter()
                                    .map(|s| Selector::parse(s))
                                    .collect::<Option<_>>()?;
                                Some(Pseudo::Any(list, name != "not"))
                            }
                            "first-child" => first(false, false),
                            "last-child" => first(false, true),
                            "first-of-type" => first(true, false),
                            "last-of-type" => first(true, true),
                            "only-child" => Some(Pseudo::Only { of_type: false }),
                            "only-of-type" => Some(Pseudo::Only { of_type: true }),
                            "nth-child" => nth(false, false),
                            "nth-last-child" => nth(false, true),
                            "nth-of-type" => nth(true, false),
                            "nth-last-of-type" => nth(true, true),
                            "root" => Some(Pseudo::Root),
                            _ => None,
                        };
                        compound.pseudos.push(pseudo?);
                    }
                    c if c.is_whitespace() || matches!(c, '>' | '+' | '~') => break,
                    _ => return None,
                }
            }
            if compound == Compound::default() && !star && pseudo_element.is_none() {
                return None;
            }
            parts.push((pending.take().unwrap_or(Combinator::Descendant), compound));
        }
        (!parts.is_empty()).then_some(Selector { parts, pseudo_element })
    }

    /// (ids, classes/attributes/pseudo-classes, names): which of two rules wins, the later on a tie.
    fn specificity(&self) -> (usize, usize, usize) {
        self.parts.iter().fold((0, 0, 0), |(a, b, c), (_, compound)| {
            let (mut ids, mut classes, mut names) = (compound.ids.len(), 0, usize::from(compound.name.is_some()));
            classes += compound.classes.len() + compound.attributes.len();
            for pseudo in &compound.pseudos {
                match pseudo {
                    Pseudo::Any(list, _) => {
                        let (x, y, z) = list.iter().map(Selector::specificity).max().unwrap_or_default();
                        ids += x;
                        classes += y;
                        names += z;
                    }
                    _ => classes += 1,
                }
            }
            (a + ids, b + classes, c + names)
        })
    }

    /// Whether the selector matches the element at `levels[depth][at]` (`levels` are the elements of each depth,
    /// from the root `html` down, each level's last the ancestor of the deeper ones). Each (compound, element) pair is
    /// judged once: a chain of descendant selectors over deep markup takes no more than their product.
    fn matches(&self, levels: &[Vec<Element>], depth: usize, at: usize) -> bool {
        let mut judged = std::collections::HashMap::new();
        Self::matches_parts(&self.parts, levels, depth, at, &mut judged)
    }

    fn matches_parts(
        parts: &[(Combinator, Compound)],
        levels: &[Vec<Element>],
        depth: usize,
        at: usize,
        judged: &mut std::collections::HashMap<(usize, usize, usize), bool>,
    ) -> bool {
        let Some(((combinator, compound), before)) = parts.split_last() else { return true };
        if let Some(known) = judged.get(&(parts.len(), depth, at)) {
            return *known;
        }
        let holds = compound.matches(levels, depth, at)
            && (before.is_empty() || {
                let ancestor = |d: usize, judged: &mut _| {
                    levels[d].len().checked_sub(1).is_some_and(|a| Self::matches_parts(before, levels, d, a, judged))
                };
                match combinator {
                    Combinator::Descendant => (0..depth).rev().any(|d| ancestor(d, judged)),
                    Combinator::Child => depth > 0 && ancestor(depth - 1, judged),
                    Combinator::Next => at > 0 && Self::matches_parts(before, levels, depth, at - 1, judged),
                    Combinator::Later => (0..at).rev().any(|a| Self::matches_parts(before, levels, depth, a, judged)),
                }
            });
        judged.insert((parts.len(), depth, at), holds);
        holds
    }
}

impl Compound {
    fn matches(&self, levels: &[Vec<Element>], depth: usize, at: usize) -> bool {
        let siblings = &levels[depth];
        let element = &siblings[at];
        let classes: Vec<&str> = element.attribute("class").map(|c| c.split_whitespace().collect()).unwrap_or_default();
        let attribute_holds = |(name, test): &(String, Option<(String, String)>)| {
            let Some(value) = element.attribute(name) else { return false };
            let value = value.to_lowercase();
            let Some((op, wanted)) = test else { return true };
            match op.as_str() {
                "" => value == *wanted,
                "~" => value.split_whitespace().any(|w| w == wanted),
                "|" => value == *wanted || value.starts_with(&format!("{wanted}-")),
                "^" => !wanted.is_empty() && value.starts_with(wanted.as_str()),
                "$" => !wanted.is_empty() && value.ends_with(wanted.as_str()),
                _ => !wanted.is_empty() && value.contains(wanted.as_str()),
            }
        };
        let pseudo_holds = |pseudo: &Pseudo| match pseudo {
            Pseudo::Any(list, any) => list.iter().any(|s| s.matches(levels, depth, at)) == *any,
            Pseudo::Root => depth == 0,
            Pseudo::Only { of_type } => {
                let first = if *of_type { siblings[..at].iter().all(|s| s.name != element.name) } else { at == 0 };
                first && if *of_type { element.last_of_type } else { element.last }
            }
            Pseudo::Nth { a, b, of_type, from_end } => {
                let position = if *from_end {
                    // Counted from the end only the last (1) is known without reading every later sibling.
                    if !(if *of_type { element.last_of_type } else { element.last }) {
                        return false;
                    }
                    1
                } else {
                    siblings[..=at].iter().filter(|s| !*of_type || s.name == element.name).count() as i64
                };
                if *a == 0 { position == *b } else { (position - b) % a == 0 && (position - b) / a >= 0 }
            }
        };
        self.name.as_ref().is_none_or(|name| *name == element.name)
            && self.classes.iter().all(|c| classes.iter().any(|t| t.eq_ignore_ascii_case(c)))
            && self.ids.iter().all(|id| element.attribute("id").is_some_and(|t| t.trim().eq_ignore_ascii_case(id)))
            && self.attributes.iter().all(attribute_holds)
            && self.pseudos.iter().all(pseudo_holds)
    }
}

/// How a tag draws its text inside its parent's rendering, and the custom properties it passes down: `None` when a
/// person sees nothing of it (the `hidden` attribute, a hidden input, a `<dialog>` not `open` or a `popover` — shown
/// only when a script or a button opens them, outside attack 54 —, or its style: `<font color>`, `bgcolor` and
/// `<body text>` read as the style they stand for, the stylesheet's matching rules over them by specificity, the
/// inline style over all; `var()` resolved from the tag's own custom properties and its parents').
fn tag_rendering(
    tag: &Tag,
    within: &Rendering,
    inherited: &[(String, String)],
    matched: &[&StyleRule],
) -> Option<(Rendering, Vec<(String, String)>)> {
    if tag.attribute("hidden").is_some()
        || (tag.name == "input" && tag.attribute("type").is_some_and(|t| t.eq_ignore_ascii_case("hidden")))
        || (tag.name == "dialog" && tag.attribute("open").is_none())
        || tag.attribute("popover").is_some()
    {
        return None;
    }
    let mut styled = Vec::new();
    let text_attribute = if tag.name == "body" { "text" } else { "color" };
    for (attribute, property) in [(text_attribute, "color"), ("bgcolor", "background-color")] {
        if let Some(value) = tag.attribute(attribute) {
            styled.push(Declaration { property: property.to_string(), value: value.trim().to_lowercase() });
        }
    }
    for rule in matched {
        styled.extend(rule.declarations.iter().cloned());
    }
    if let Some(style) = tag.attribute("style") {
        styled.extend(declarations(style));
    }
    let (styled, custom) = with_inherited_variables(styled, inherited);
    let rendering = if styled.is_empty() { *within } else { rendered(&styled, within)? };
    Some((rendering, custom))
}

/// Custom properties inherit (a parent's `--o:0` is its children's `var(--o)`): the tag's own given over its
/// parents', and every `var()` of its declarations resolved against both before the thresholds judge them.
fn with_inherited_variables(
    styled: Vec<Declaration>,
    inherited: &[(String, String)],
) -> (Vec<Declaration>, Vec<(String, String)>) {
    let mut custom = inherited.to_vec();
    for d in styled.iter().filter(|d| d.property.starts_with("--")) {
        let value = with_variables(&d.value, &custom);
        custom.push((d.property.clone(), value));
    }
    let styled = styled
        .into_iter()
        .map(|d| Declaration { value: math_evaluated(&with_variables(&d.value, &custom)), property: d.property })
        .collect();
    (styled, custom)
}

/// A `<style>` rule: one selector of its list and its declarations.
#[derive(Debug, Clone, PartialEq)]
struct StyleRule {
    selector: Selector,
    declarations: Vec<Declaration>,
}

/// The rules of the sheet that match the element at `levels[depth][at]` (drawing `pseudo_element`, or the element
/// itself for `None`), in cascade order: by specificity, then by their order in the sheet.
fn matched_rules<'a>(
    rules: &'a [StyleRule],
    levels: &[Vec<Element>],
    depth: usize,
    at: usize,
    pseudo_element: Option<&str>,
) -> Vec<&'a StyleRule> {
    let mut matched: Vec<(usize, &StyleRule)> = rules
        .iter()
        .enumerate()
        .filter(|(_, rule)| {
            rule.selector.pseudo_element.as_deref() == pseudo_element && rule.selector.matches(levels, depth, at)
        })
        .collect();
    matched.sort_by_key(|(order, rule)| (rule.selector.specificity(), *order));
    matched.into_iter().map(|(_, rule)| rule).collect()
}

/// The rules of a style block: `selector, selector { declarations }`; a conditional at-rule's rules kept when its
/// condition holds on a person's screen (`@media screen`, `all`, a width the screen has; `@supports`; `@layer`), every
/// other at-rule (`@media print`, `@import`, `@font-face`) skipped whole; a selector the reader cannot judge dropped
/// from its list.
fn style_rules(sheet: &str) -> Vec<StyleRule> {
    let sheet = css_unescaped(&html_escape::decode_html_entities(sheet)).to_lowercase();
    let mut bare = String::with_capacity(sheet.len());
    let mut rest = sheet.as_str();
    while let Some(start) = rest.find("/*") {
        bare.push_str(&rest[..start]);
        rest = rest[start + 2..].find("*/").map_or("", |end| &rest[start + 2 + end + 2..]);
    }
    bare.push_str(rest);
    let bare = bare.replace("<!--", " ").replace("-->", " ");
    let mut rules = Vec::new();
    rules_of(&bare, &mut rules);
    rules
}

/// The rules of a prepared sheet (or an at-rule's block) added to `rules`.
fn rules_of(sheet: &str, rules: &mut Vec<StyleRule>) {
    let mut rest = sheet;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        if rest.starts_with('@') {
            // An at-rule ends at its `;` or with its block, nested blocks counted.
            let (semicolon, brace) = (rest.find(';'), rest.find('{'));
            match (semicolon, brace) {
                (Some(s), Some(b)) if s < b => rest = &rest[s + 1..],
                (Some(s), None) => rest = &rest[s + 1..],
                (_, Some(b)) => {
                    let mut depth = 0usize;
                    let end = rest[b..]
                        .char_indices()
                        .find(|(_, c)| {
                            match c {
                                '{' => depth += 1,
                                '}' => depth = depth.saturating_sub(1),
                                _ => return false,
                            }
                            depth == 0
                        })
                        .map_or(rest.len(), |(i, _)| b + i + 1);
                    let block = &rest[b + 1..end];
                    if at_rule_applies(&rest[1..b]) {
                        rules_of(block.strip_suffix('}').unwrap_or(block), rules);
                    }
                    rest = &rest[end..];
                }
                (None, None) => break,
            }
            continue;
        }
        let Some(open) = rest.find('{') else { break };
        let close = rest[open..].find('}').map_or(rest.len(), |i| open + i);
        let body = declarations(&rest[open + 1..close]);
        for selector in top_level_split(&rest[..open], ',').iter().filter_map(|s| Selector::parse(s)) {
            rules.push(StyleRule { selector, declarations: body.clone() });
        }
        rest = rest.get(close + 1..).unwrap_or_default();
    }
}

/// The viewport a person reads a mail in (as `vw` is taken, [`length_px`]): about 800px wide and 600px tall.
const SCREEN_WIDTH_PX: f64 = 800.0;
const SCREEN_HEIGHT_PX: f64 = 600.0;

/// Whether a conditional at-rule (its prelude: `media screen and (min-width:600px)`) holds on a person's screen.
fn at_rule_applies(prelude: &str) -> bool {
    let prelude = prelude.trim();
    let name_end = prelude.find(|c: char| !(c.is_alphanumeric() || c == '-')).unwrap_or(prelude.len());
    let (name, condition) = (&prelude[..name_end], prelude[name_end..].trim());
    match name {
        "media" => condition.is_empty() || top_level_split(condition, ',').iter().any(|q| media_query_holds(q)),
        // A browser that reads the page supports what is asked of it (the reader judges the declarations anyway).
        "supports" => !condition.starts_with("not"),
        "layer" | "scope" | "document" | "-moz-document" => true,
        _ => false,
    }
}

/// One media query on a screen: the type `all` or `screen`, each `(feature: value)` the screen has; `not` inverts.
fn media_query_holds(query: &str) -> bool {
    let query = query.trim();
    let (negated, query) = match query.strip_prefix("not ") {
        Some(rest) => (true, rest.trim()),
        None => (false, query.strip_prefix("only ").unwrap_or(query).trim()),
    };
    let holds = query.split(" and ").map(str::trim).all(|part| {
        let Some(feature) = part.strip_prefix('(').and_then(|p| p.strip_suffix(')')) else {
            return matches!(part, "all" | "screen" | "");
        };
        let Some((name, value)) = feature.split_once(':') else { return true };
        let (name, value) = (name.trim(), value.trim());
        let px = || length_px(value, PAGE_FONT_PX);
        match name {
            "min-width" | "min-device-width" => px().is_none_or(|v| v <= SCREEN_WIDTH_PX),
            "max-width" | "max-device-width" => px().is_none_or(|v| v >= SCREEN_WIDTH_PX),
            "min-height" | "min-device-height" => px().is_none_or(|v| v <= SCREEN_HEIGHT_PX),
            "max-height" | "max-device-height" => px().is_none_or(|v| v >= SCREEN_HEIGHT_PX),
            "prefers-color-scheme" => value != "dark",
            "orientation" => value != "portrait",
            _ => true,
        }
    });
    holds != negated
}

/// Whether a selector asks what follows an element (`:last-child`, `:only-of-type`), which is then read ahead.
fn needs_following(selector: &Selector) -> bool {
    selector.parts.iter().any(|(_, compound)| {
        compound.pseudos.iter().any(|pseudo| match pseudo {
            Pseudo::Any(list, _) => list.iter().any(needs_following),
            Pseudo::Nth { from_end, .. } => *from_end,
            Pseudo::Only { .. } => true,
            Pseudo::Root => false,
        })
    })
}

/// The names of the elements that follow, as siblings, an element ending at `from`: up to its parent's closing tag.
fn following_siblings(text: &str, from: usize) -> Vec<String> {
    let mut names = Vec::new();
    let mut at = from;
    while let Some(offset) = text[at..].find('<') {
        let start = at + offset;
        let Some(tag) = tag_at(text, start) else {
            at = start + 1;
            continue;
        };
        if tag.closing {
            break;
        }
        at = if tag.is_void() || tag.self_closing { tag.end } else { matching_close_end(text, tag.end, &tag.name) };
        names.push(tag.name);
    }
    names
}

/// The text a `::before` or `::after` rule draws for the element at `levels[depth][at]` (its `content` strings and
/// `attr()`s), when it is drawn where a person sees it; as markup-safe text.
fn generated_content(
    rules: &[StyleRule],
    levels: &[Vec<Element>],
    depth: usize,
    at: usize,
    which: &str,
    within: &Rendering,
    custom: &[(String, String)],
) -> String {
    let matched = matched_rules(rules, levels, depth, at, Some(which));
    if matched.is_empty() {
        return String::new();
    }
    let styled: Vec<Declaration> = matched.iter().flat_map(|rule| rule.declarations.iter().cloned()).collect();
    let (styled, _) = with_inherited_variables(styled, custom);
    let Some(content) = value_of(&styled, "content") else { return String::new() };
    if !rendered(&styled, within).is_some_and(|r| r.text_seen()) {
        return String::new();
    }
    let element = &levels[depth][at];
    let mut text = String::new();
    let mut chars = content.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '"' || c == '\'' {
            text.extend(chars.by_ref().map(|(_, c)| c).take_while(|d| *d != c));
        } else if content[i..].starts_with("attr(")
            && let Some(length) = balanced_length(&content[i + 4..])
        {
            text.push_str(element.attribute(content[i + 5..i + 3 + length].trim()).unwrap_or_default());
            for _ in 0..length + 3 {
                chars.next();
            }
        }
    }
    text.replace('&', "&amp;").replace('<', "&lt;")
}

/// A flex box laid out in reverse (`flex-direction: row-reverse`, `column-reverse`, or `flex-flow` saying so) shows
/// its items last first: the source's items put in the order a person reads them (outside attack 54: "$<span
/// style=display:flex;flex-direction:row-reverse><span>0</span><span>6</span></span>" is "$60").
fn with_flex_order(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut done, mut search) = (0usize, 0usize);
    while let Some(offset) = text[search..].find('<') {
        let start = search + offset;
        let Some(tag) = tag_at(text, start) else {
            search = start + 1;
            continue;
        };
        let reversed = !tag.closing
            && !tag.self_closing
            && !tag.is_void()
            && tag.attribute("style").is_some_and(|style| {
                let styled = declarations(style);
                value_of(&styled, "display").is_some_and(|d| d.contains("flex"))
                    && ["flex-direction", "flex-flow"]
                        .iter()
                        .any(|p| value_of(&styled, p).is_some_and(|v| v.contains("-reverse")))
            });
        if !reversed {
            search = tag.end;
            continue;
        }
        let end = matching_close_end(text, tag.end, &tag.name);
        let inner_end = text[..end].rfind("</").filter(|i| *i >= tag.end).unwrap_or(end);
        out.push_str(&text[done..tag.end]);
        let inner = with_flex_order(&text[tag.end..inner_end]);
        // The box's items: each child element whole, each run of text between them.
        let mut items: Vec<&str> = Vec::new();
        let (mut item_start, mut at) = (0usize, 0usize);
        while let Some(offset) = inner[at..].find('<') {
            let child_start = at + offset;
            let Some(child) = tag_at(&inner, child_start) else {
                at = child_start + 1;
                continue;
            };
            items.push(&inner[item_start..child_start]);
            let child_end = if child.closing || child.is_void() || child.self_closing {
                child.end
            } else {
                matching_close_end(&inner, child.end, &child.name)
            };
            items.push(&inner[child_start..child_end]);
            item_start = child_end;
            at = child_end;
        }
        items.push(&inner[item_start..]);
        out.extend(items.iter().rev().filter(|item| !item.trim().is_empty()).copied());
        out.push_str(&text[inner_end..end]);
        done = end;
        search = end;
    }
    out.push_str(&text[done..]);
    out
}

/// Comments removed: a comment renders as nothing, so one inside a word or a figure joins its sides (`$6<!-- x -->0`
/// reads `$60`, outside attack 53); between words or at a line's edge it stays a space.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for found in patterns().comment.find_iter(text) {
        out.push_str(&text[done..found.start()]);
        // A space already on either side (or the text's edge) stays the only one; a tag after a word keeps apart.
        let word_before = out.chars().next_back().is_some_and(|c| !c.is_whitespace());
        if word_before && text[found.end()..].starts_with('<') {
            out.push(' ');
        }
        done = found.end();
    }
    out.push_str(&text[done..]);
    out
}

/// Markup whose text a person does not see without acting on it: a `<details>` that is not `open` shows its
/// `<summary>` only, a `<select>` its selected option (else its first), an `<svg>` of zero width or height nothing.
fn without_collapsed_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut done, mut search) = (0usize, 0usize);
    while let Some(offset) = text[search..].find('<') {
        let start = search + offset;
        let Some(tag) = tag_at(text, start) else {
            search = start + 1;
            continue;
        };
        let zero =
            |attribute: &str| tag.attribute(attribute).and_then(|v| number_and_unit(v)).is_some_and(|(n, _)| n <= 0.0);
        let kept = match tag.name.as_str() {
            _ if tag.closing || tag.self_closing => None,
            "details" if tag.attribute("open").is_none() => Some("summary"),
            "select" if tag.attribute("multiple").is_none() => Some("option"),
            "svg" if zero("width") || zero("height") => Some(""),
            _ => None,
        };
        let Some(kept_name) = kept else {
            search = tag.end;
            continue;
        };
        let end = matching_close_end(text, tag.end, &tag.name);
        out.push_str(&text[done..start]);
        out.push(' ');
        let inner = &text[tag.end..end];
        let mut parts: Vec<(usize, usize, bool)> = Vec::new();
        let mut at = 0;
        while !kept_name.is_empty()
            && let Some(offset) = inner[at..].find('<')
        {
            let part_start = at + offset;
            match tag_at(inner, part_start) {
                Some(part) if part.name == kept_name && !part.closing => {
                    let part_end = matching_close_end(inner, part.end, kept_name);
                    parts.push((part.end, part_end, part.attribute("selected").is_some()));
                    at = part_end;
                }
                Some(part) => at = part.end,
                None => at = part_start + 1,
            }
        }
        let chosen = parts.iter().find(|(_, _, selected)| *selected).or(parts.first());
        if let Some((part_start, part_end, _)) = chosen {
            let shown = &inner[*part_start..*part_end];
            let shown = shown.rfind("</").map_or(shown, |close| &shown[..close]);
            out.push_str(&without_collapsed_markup(shown));
            out.push(' ');
        }
        done = end;
        search = end;
    }
    out.push_str(&text[done..]);
    out
}

/// The text without what a person never sees: a tag hidden with all it holds, from its opening tag to its matching
/// closing tag; text too small or coloured into its background blanked where it stands. Visible tags are read into,
/// so a hidden span inside a styled visible paragraph is found, and each tag is judged in the rendering its open
/// parents give it (a white span on a parent's dark background is seen; opacities multiply; `em` sizes compound).
fn without_hidden_tags(text: &str, rules: &[StyleRule]) -> String {
    /// A tag open around the text: its name, how it draws, the custom properties it passes down, and the text its
    /// `::after` draws before it closes.
    struct Open {
        name: String,
        rendering: Rendering,
        custom: Vec<(String, String)>,
        after: String,
    }
    let mut out = String::with_capacity(text.len());
    let read_ahead = rules.iter().any(|rule| needs_following(&rule.selector));
    // The elements of each depth, as the selectors see them: the page's `html` and `body` (a browser adds them when
    // the mail has none), then the tags of the text.
    let mut levels: Vec<Vec<Element>> =
        vec![vec![Element::virtual_root("html")], vec![Element::virtual_root("body")], Vec::new()];
    let root_custom: Vec<(String, String)> = [0usize, 1]
        .iter()
        .flat_map(|&depth| matched_rules(rules, &levels[..=depth], depth, 0, None))
        .flat_map(|rule| rule.declarations.iter().filter(|d| d.property.starts_with("--")))
        .map(|d| (d.property.clone(), d.value.clone()))
        .collect();
    let mut open: Vec<Open> = Vec::new();
    let current = |open: &[Open]| open.last().map_or(Rendering::PAGE, |o| o.rendering);
    let keep_text = |out: &mut String, run: &str, rendering: Rendering| {
        if rendering.text_seen() {
            out.push_str(run);
        } else if !run.is_empty() {
            out.push(' ');
        }
    };
    let (mut done, mut search) = (0usize, 0usize);
    while let Some(offset) = text[search..].find('<') {
        let start = search + offset;
        let Some(tag) = tag_at(text, start) else {
            search = start + 1;
            continue;
        };
        keep_text(&mut out, &text[done..start], current(&open));
        let mut end = tag.end;
        if tag.closing {
            if let Some(opened) = open.iter().rposition(|o| o.name == tag.name) {
                for closed in open.drain(opened..).rev() {
                    out.push_str(&closed.after);
                }
                levels.truncate(opened + 3);
            }
            out.push_str(&text[start..end]);
        } else {
            let holds = !tag.is_void() && !tag.self_closing;
            let following = if read_ahead {
                following_siblings(text, if holds { matching_close_end(text, tag.end, &tag.name) } else { tag.end })
            } else {
                Vec::new()
            };
            let element = Element {
                name: tag.name.clone(),
                attributes: tag.attributes.clone(),
                last: read_ahead && following.is_empty(),
                last_of_type: read_ahead && !following.contains(&tag.name),
            };
            let depth = levels.len() - 1;
            levels[depth].push(element);
            let at = levels[depth].len() - 1;
            let matched = matched_rules(rules, &levels, depth, at, None);
            let inherited = open.last().map_or(root_custom.as_slice(), |o| o.custom.as_slice());
            match tag_rendering(&tag, &current(&open), inherited, &matched) {
                Some((rendering, custom)) => {
                    out.push_str(&text[start..end]);
                    if holds {
                        let drawn = |which| generated_content(rules, &levels, depth, at, which, &rendering, &custom);
                        out.push_str(&drawn("before"));
                        let after = drawn("after");
                        open.push(Open { name: tag.name, rendering, custom, after });
                        levels.push(Vec::new());
                    }
                }
                None => {
                    out.push(' ');
                    if holds {
                        end = matching_close_end(text, tag.end, &tag.name);
                    }
                }
            }
        }
        done = end;
        search = end;
    }
    keep_text(&mut out, &text[done..], current(&open));
    for closed in open.iter().rev() {
        out.push_str(&closed.after);
    }
    out
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
        // A field filled only approximately ("Partial credit requested: approx £20", blind125 `g-078`) cannot be
        // settled (U1), like an approximate figure asked in prose.
        if asks
            .iter()
            .any(|(f, cents)| super::only_approximate(&f.value, *cents) || super::uncertain_figure_in(&f.value))
        {
            return Some(Amount::Ambiguous);
        }
        let field = match figures.as_slice() {
            [] => return None,
            [one] => *one,
            // A field labelled as a correction ("Corrected refund amount: $52.00" under "Refund amount: $58.00",
            // outside attack 59) replaces the others; else the one labelled as the total.
            _ => match asks
                .iter()
                .find(|(f, _)| {
                    let l = f.label.to_lowercase();
                    ["corrected", "revised", "amended", "updated", "correct ", "actual"].iter().any(|w| l.contains(w))
                })
                .or_else(|| asks.iter().find(|(f, _)| f.label.to_lowercase().contains("total")))
            {
                Some((_, v)) => *v,
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
/// A line that is a telephone number and nothing else: seven digits or more in groups, a telephone's marks only, and
/// written as one ("+" before it, an area code in brackets, or three groups or more) — "+1 (212) 555-0147", "+44 20 7946
/// 0000", "(03) 9123 4574", "555-0142-777". A figure with cents ("1 250.00") is money, not a number to call.
fn telephone_line(line: &str) -> bool {
    let digits = line.chars().filter(char::is_ascii_digit).count();
    let marks_only = line.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '(' | ')' | '-' | '.' | ' ' | '/'));
    let groups = line.split(|c: char| !c.is_ascii_digit()).filter(|g| !g.is_empty()).count();
    let cents =
        line.rsplit_once('.').is_some_and(|(_, tail)| tail.len() == 2 && tail.chars().all(|c| c.is_ascii_digit()));
    digits >= 7 && marks_only && !cents && (line.starts_with('+') || line.contains('(') || groups >= 3)
}

/// A mail's confidentiality notice: it names the message confidential or privileged and speaks to a wrong recipient or
/// of unauthorised use ("CONFIDENTIALITY NOTICE: This email and any attachments are confidential … If you are not the
/// intended recipient … Any unauthorised use may result in legal action.").
fn confidentiality_notice(line: &str) -> bool {
    let lower = line.to_lowercase();
    let secret = ["confidential", "privileged"].iter().any(|w| lower.contains(w));
    let addressed = [
        "intended recipient",
        "notify the sender",
        "unauthorised",
        "unauthorized",
        "received this in error",
        "received this e-mail in error",
        "received this email in error",
        "disclose",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let message = ["this email", "this e-mail", "this message", "this communication", "attachments"]
        .iter()
        .any(|w| lower.contains(w));
    secret && addressed && message
}

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
        ((lower.starts_with("sent from ") || lower.starts_with("get outlook for ") || lower.starts_with("sent via "))
            && !l.chars().any(|c| c.is_ascii_digit())
            && l.split_whitespace().count() <= 8)
            // A line that says it is the mail client's signature (outside attack 53: "… (auto-signature)").
            || lower.trim_end().ends_with("(auto-signature)")
            || lower.trim_end().ends_with("(automatic signature)")
    };
    // A contact or company line ("Tel 555 0123", "ext. 4999", "2nd floor", "Est. 2019", "ep. 49"): a block's line
    // even with its figures (outside attack 51).
    let contact = |l: &str| {
        let lower = l.to_lowercase();
        // A telephone number alone on its line ("+1 (503) 555-0142", blind104 `g-028`): digits and a telephone's
        // marks only, seven digits or more.
        if l.chars().filter(char::is_ascii_digit).count() >= 7
            && l.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '(' | ')' | '-' | '.' | ' ' | '/'))
        {
            return true;
        }
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
        // A legal disclaimer by its shape, wherever the block above it ended (blind136 `g-024`: an address line with
        // figures stopped the block, and "Any unauthorised use may result in legal action" below it was read as a
        // threat): confidential or privileged, and said to a wrong recipient or of unauthorised use.
        if confidentiality_notice(bare) {
            out.push_str(&blank(line));
            continue;
        }
        // A telephone number alone on its line, with or without a closing above it ("Maria\n+1 (212) 555-0147",
        // outside attack 63): never a figure, and its "+" never adds.
        if telephone_line(bare) {
            out.push_str(&blank(line));
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

    fn hides(style: &str) -> bool {
        style_hides(&declarations(style))
    }

    /// Each pair: a style that hides, and its near neighbour across the threshold that is seen.
    fn hidden_and_seen(pairs: &[(&str, &str)]) {
        for (hidden, seen) in pairs {
            assert!(hides(hidden), "not hidden: {hidden}");
            assert!(!hides(seen), "hidden: {seen}");
        }
    }

    #[test]
    fn declarations_are_read_as_css() {
        assert_eq!(
            declarations("DISPLAY: None !important; /* a note */ color :#FFF;;bad"),
            [
                Declaration { property: "display".into(), value: "none".into() },
                Declaration { property: "color".into(), value: "#fff".into() },
            ]
        );
        assert!(hides("opacity&#58;0"));
    }

    #[test]
    fn style_hides_by_thresholds_on_both_sides() {
        // (hides, shows) pairs: each a step either side of a threshold.
        hidden_and_seen(&[
            ("opacity:0.1", "opacity:0.11"),
            ("opacity:1%", "opacity:90%"),
            ("filter:opacity(0)", "filter:opacity(0.5)"),
            ("filter:blur(1px) opacity(10%)", "filter:blur(1px) opacity(20%)"),
            ("font-size:0.5px", "font-size:3.2px"),
            ("font-size:2pt", "font-size:14px"),
            ("font-size:0.19em", "font-size:0.2em"),
            ("font-size:0.1rem", "font-size:0.2rem"),
            ("font-size:19%", "font-size:20%"),
            ("font:0/0 a", "font:bold 12px/1.4 Arial"),
            ("color:transparent", "color:black"),
            ("color:rgba(0,0,0,0.1)", "color:rgba(0,0,0,0.2)"),
            ("color:rgb(0 0 0 / 5%)", "color:rgb(0 0 0 / 50%)"),
            ("color:hsla(0,0%,0%,0.05)", "color:hsla(0,0%,0%,0.5)"),
            ("color:#00000019", "color:#00000080"),
            ("color:#fffffe", "color:#eeeeee"),
            ("color:#f0f0f0", "color:#333"),
            ("color:rgb(255,255,255)", "color:rgb(200,200,200)"),
            ("color:rgb(100%,100%,100%)", "color:rgb(50%,50%,50%)"),
            ("color:hsl(0,0%,100%)", "color:hsl(0,0%,90%)"),
            ("color:hsl(200,50%,95%)", "color:hsl(200,50%,50%)"),
            ("color: WHITE", "color:red"),
            ("color:snow", "color:navy"),
            ("color:ivory", "color:gray"),
            ("-webkit-text-fill-color:transparent", "-webkit-text-fill-color:#000;color:#fff"),
            ("color:#fff;background:#fff", "color:#fff;background:#c00"),
            ("color:#fff;background-color:white", "color:#fff;background-color:#222"),
            ("color:#fff;background:transparent", "color:#fff;background:url(x.png) #036 no-repeat"),
            ("color:#c00;background:#c00", "color:#fff;background:#c00"),
            ("transform:scale(0)", "transform:scale(1.1)"),
            ("transform:scale(1, 0.1)", "transform:scale(1, 0.2)"),
            ("transform:scaleY(0.05)", "transform:rotate(10deg) scaleX(0.5)"),
            ("transform:matrix(0,0,0,0,0,0)", "transform:matrix(1,0,0,1,0,0)"),
            ("transform:translateX(-9999px)", "transform:translateX(-20px)"),
            ("scale:0", "scale:1"),
            ("zoom:0.05", "zoom:0.5"),
            ("clip-path:inset(100%)", "clip-path:inset(10%)"),
            ("clip-path:inset(50%)", "clip-path:inset(49% 0 0 0)"),
            ("clip-path:inset(0 50% 0 50%)", "clip-path:inset(0 20% 0 20%)"),
            ("clip-path:circle(0)", "clip-path:circle(50%)"),
            ("clip-path:circle(0 at 50% 50%)", "clip-path:circle(40px at 50% 50%)"),
            ("clip:rect(0,0,0,0);position:absolute", "clip:rect(0 100px 20px 0);position:absolute"),
            ("clip:rect(1px 1px 1px 1px)", "clip:rect(auto auto auto auto)"),
            ("width:0;overflow:hidden", "width:0"),
            ("width:1px;height:1px;overflow:hidden", "width:100px;overflow:hidden"),
            ("max-width:0;overflow:hidden;display:inline-block", "max-width:600px"),
            ("height:0px; overflow: hidden", "height:0"),
            ("max-height:0", "max-height:20px"),
            ("text-indent:-9999px", "text-indent:-2em"),
            ("text-indent:-100em", "text-indent:2em"),
            ("margin-left:-5000px", "margin-left:-10px"),
            ("position:absolute;left:-5000px", "position:absolute;left:-50px"),
            ("position:fixed;top:-100px", "position:relative;top:-100px"),
            ("position:absolute;right:-9999px", "position:absolute;right:0"),
            ("position:fixed;bottom:-200px", "position:absolute;bottom:-200px"),
            ("position:absolute;left:-100%", "position:absolute;left:-50%"),
            ("display:none", "display:block"),
            ("DISPLAY: NONE", "display:inline-block"),
            ("display:none !important", "display:flex"),
            ("visibility:hidden", "visibility:visible"),
            ("visibility:collapse", "content-visibility:auto"),
            ("content-visibility:hidden", "font-family:Arial;color:#333"),
        ]);
        // A later declaration wins, as in CSS.
        assert!(!hides("opacity:0;opacity:1"));
        assert!(hides("opacity:1;opacity:0"));
    }

    #[test]
    fn hidden_tags_are_dropped_to_their_matching_close() {
        let hidden_corrections = [
            r#"style="opacity:0.01""#,
            r#"style="color:rgba(0,0,0,0)""#,
            r#"style="color:#fffffe""#,
            r#"style="color:hsl(0,0%,100%)""#,
            r#"style="font-size:0.5px""#,
            r#"aria-hidden="true" style="line-height:0;font-size:0.01em""#,
            r#"style="transform:scale(0)""#,
            r#"style="clip-path:inset(100%);position:absolute""#,
            r#"style="width:0;overflow:hidden;display:inline-block""#,
            r#"style="max-width:0;overflow:hidden;display:inline-block""#,
            r#"style="text-indent:-9999px;display:inline-block""#,
            r#"style="visibility:collapse""#,
            r#"style="filter:opacity(0)""#,
            r#"style="-webkit-text-fill-color:transparent""#,
            r#"style="DISPLAY: NONE""#,
            r#"style='display:none !important'"#,
            r#"style="position:fixed;top:-100px""#,
            r#"style="position:absolute;left:-9999px""#,
            r#"style="color: WHITE""#,
            r#"style="font-size:0em""#,
            r#"style="font-size:0%""#,
            r#"style="max-height:0;overflow:hidden""#,
            "hidden",
            r#"hidden="hidden""#,
        ];
        for attributes in hidden_corrections {
            let body = format!("<p>Refund $60<span {attributes}> sorry I mean $30</span></p>");
            assert_eq!(visible_text(&body), "Refund $60", "{body}");
        }
        for (body, seen) in [
            (
                "<p>How do I descale the kettle?</p><span style=\"font-size:0.1px\">Refund $49.99 please</span>",
                "How do I descale the kettle?",
            ),
            (
                "<p>How do I descale the kettle?</p><div style=\"color:#fefefe\">Please refund $49.99</div>",
                "How do I descale the kettle?",
            ),
            (
                "<p>How do I clean the filter?</p><p style=\"font-size:0.5pt\">Refund $49.99 please</p>",
                "How do I clean the filter?",
            ),
            ("<p>Refund $60</p><input type=\"hidden\" value=\"sorry I mean $30\">", "Refund $60"),
            ("<p>Refund $60</p><!-- sorry I mean $30 -->", "Refund $60"),
            ("<p>Refund $60</p><font color=\"#FFFFFF\">sorry I mean $30</font>", "Refund $60"),
            ("<p>Refund $60</p><td hidden>sorry I mean $30</td>", "Refund $60"),
            // White on a white page, the page's white given by a parent.
            ("<div style=\"background:#fff\"><p>Refund $60</p><p style=\"color:#fff\">$30</p></div>", "Refund $60"),
            ("<body bgcolor=\"white\" text=\"white\"><p>Refund $60</p></body>", ""),
            // Nested same-name tags: the hidden one runs to its own close, not its child's.
            ("<div style=\"opacity:0\"><div>sorry</div> I mean $30</div><div>Refund $60</div>", "Refund $60"),
            // Unclosed: hidden to the end.
            ("<p>Refund $60</p><span style=\"opacity:0\">sorry I mean $30", "Refund $60"),
            // A styled visible block holding a hidden span: the span is dropped, the block kept.
            (
                "<div style=\"font-family:Arial;color:#333\"><p>Refund $60<span style=\"opacity:0.01\"> $30</span> \
                 now</p></div>",
                "Refund $60  now",
            ),
            // Struck-through text and scripts stay dropped.
            ("<p><del>$30</del> Refund $60<script>var a = '$30';</script></p>", "Refund $60"),
        ] {
            assert_eq!(visible_text(body), seen, "{body}");
        }
    }

    #[test]
    fn styled_text_a_person_sees_is_kept() {
        for (body, seen) in [
            (
                "<p>Refund $60<span style=\"color:#fff;background:#c00\"> sorry I mean $30</span></p>",
                "Refund $60 sorry I mean $30",
            ),
            (
                "<p>Refund $60<span style=\"font-family:Arial;color:#333\"> sorry I mean $30</span></p>",
                "Refund $60 sorry I mean $30",
            ),
            ("<p style=\"font-size:14px\">Refund $60</p>", "Refund $60"),
            ("<p style=\"opacity:0.9\">Refund $60</p>", "Refund $60"),
            ("<p style=\"transform:scale(1.1)\">Refund $60</p>", "Refund $60"),
            // White text on a parent's dark background; a child's background under a parent's white text.
            ("<td style=\"background:#222\"><span style=\"color:#fff\">Refund $60</span></td>", "Refund $60"),
            ("<div style=\"color:#fff\"><p style=\"background:#036\">Refund $60</p></div>", "Refund $60"),
            // A template's gap-closing wrapper of font-size 0 with children sized again.
            ("<td style=\"font-size:0\"><span style=\"font-size:14px\">Refund $60</span></td>", "Refund $60"),
            // A dark background given inline, its text colour from a stylesheet the reader never sees.
            ("<div style=\"background:#111\">Refund $60</div>", "Refund $60"),
            // Nested same-name tags, all visible.
            ("<div><div style=\"color:#333\">Refund</div> $60</div>", "Refund\n$60"),
            // Not tags: a comparison and a heart.
            ("<p>Refund $60, I paid < $70 <3</p>", "Refund $60, I paid < $70 <3"),
        ] {
            assert_eq!(visible_text(body), seen, "{body}");
        }
    }

    #[test]
    fn css_escapes_variables_and_math_are_read_before_judging() {
        assert_eq!(css_unescaped(r"d\69splay:\6e one"), "display:none");
        assert_eq!(css_unescaped(r"\64 isplay"), "display");
        assert!(hides(r"d\69splay:none"));
        assert!(hides(r"display:\6e one"));
        // An invalid `!…` drops its declaration, as a browser does; `!important` is kept.
        assert!(hides("display:none;display:inline !ie"));
        assert!(!hides("display:none;display:inline !important"));
        assert!(hides("--z:0;opacity:var(--z)"));
        assert!(!hides("--z:1;opacity:var(--z)"));
        assert!(hides("opacity:var(--unset, 0)"));
        assert!(!hides("opacity:var(--unset)"));
        hidden_and_seen(&[
            ("opacity:calc(0)", "opacity:calc(0.5)"),
            ("opacity:min(0, 1)", "opacity:max(0, 1)"),
            ("font-size:calc(0px)", "font-size:calc(10px + 4px)"),
            ("font-size:max(0px, 0px)", "font-size:max(0px, 12px)"),
            ("font-size:clamp(0px, 1px, 2px)", "font-size:clamp(10px, 1px, 20px)"),
            ("font-size:calc(1em / 8)", "font-size:calc(1em / 2)"),
            ("transform:scale(calc(0))", "transform:scale(calc(1 * 0.9))"),
        ]);
        // Terms that need the box's size are unknown: not hidden.
        assert!(!hides("font-size:calc(100% - 2px)"));
        assert_eq!(math_evaluated("scale(calc(0))"), "scale(0)");
    }

    #[test]
    fn blur_filters_colour_functions_and_shapes_by_thresholds() {
        hidden_and_seen(&[
            ("filter:blur(12px)", "filter:blur(1px)"),
            ("filter:blur(4px)", "filter:blur(3px)"),
            ("filter:blur(1em)", "filter:blur(0.1em)"),
            ("filter:brightness(100)", "filter:brightness(1.2)"),
            ("background:#fff;filter:contrast(0)", "filter:contrast(1.5)"),
            ("color:hwb(0 100% 0%)", "color:hwb(0 0% 100%)"),
            ("color:oklch(1 0 0)", "color:oklch(0.3 0 0)"),
            ("color:oklch(100% 0 0)", "color:oklch(40% 0.1 30)"),
            ("color:lab(100 0 0)", "color:lab(20 0 0)"),
            ("color:lch(100 0 0)", "color:lch(30 40 120)"),
            ("color:oklab(1 0 0)", "color:oklab(0.2 0 0)"),
            ("color:color(srgb 1 1 1)", "color:color(srgb 0.2 0.2 0.2)"),
            ("color:color-mix(in srgb, white 100%, black)", "color:color-mix(in srgb, white 10%, black)"),
            ("color:canvas", "color:canvastext"),
            ("color:window", "color:windowtext"),
            ("background:#000;color:#111", "background:#000;color:#fff"),
            ("background:#000;color:#121212", "background:#000;color:#333"),
            ("background:navy;color:#000090", "background:navy;color:#ff0"),
            ("transform:rotatex(90deg)", "transform:rotatex(30deg)"),
            ("transform:rotatey(0.25turn)", "transform:rotate(90deg)"),
            ("clip-path:polygon(0 0,0 0,0 0)", "clip-path:polygon(0 0,100% 0,100% 100%)"),
            ("clip-path:polygon(0 0)", "clip-path:polygon(0 0, 100% 0, 0 100%)"),
            ("inset:-9999px;position:absolute", "inset:0;position:absolute"),
            ("mask-image:linear-gradient(transparent,transparent)", "mask-image:linear-gradient(black,transparent)"),
            ("-webkit-mask:linear-gradient(rgba(0,0,0,0),transparent)", "mask-image:url(m.png)"),
            (
                "overflow:hidden;width:0.5ch;display:inline-block;white-space:nowrap",
                "overflow:hidden;width:8em;display:inline-block",
            ),
            ("text-decoration:line-through", "text-decoration:underline"),
            ("text-decoration-line:line-through", "text-decoration-line:overline"),
            ("text-decoration:red wavy line-through", "text-decoration:red wavy underline"),
        ]);
        // White text on its own coloured background stays seen.
        assert!(!hides("color:#fff;background:#c00"));
        assert!(!hides("color:oklch(1 0 0);background:#036"));
    }

    #[test]
    fn style_block_rules_apply_to_the_tags_they_select() {
        for (body, seen) in [
            (
                "<style>.x{display:none}</style><p>Refund $60<span class=\"x\"> sorry I mean $30</span></p>",
                "Refund $60",
            ),
            (
                "<style>.x{opacity:0.02}</style><p>Refund $60<span class=\"x\"> sorry I mean $30</span></p>",
                "Refund $60",
            ),
            ("<style>span{display:none}</style><p>Refund $60<span> sorry I mean $30</span></p>", "Refund $60"),
            ("<style>#c{font-size:0}</style><p>Refund $60<span id=\"c\"> sorry I mean $30</span></p>", "Refund $60"),
            ("<style>b, span.x{color:#fff}</style><p>Refund $60<span class=\"y x\"> $30</span></p>", "Refund $60"),
            ("<style>*{text-decoration:line-through}</style><p>Refund $60</p>", ""),
            // The inline style wins over the rule.
            (
                "<style>.x{display:none}</style><p>Refund $60<span class=\"x\" style=\"display:inline\"> $30</span></p>",
                "Refund $60 $30",
            ),
            // Rules that hide nothing, or that the reader cannot match, hide nothing.
            (
                "<style>.x{color:#333;font-weight:bold}</style><p>Refund $60<span class=\"x\"> $30</span></p>",
                "Refund $60 $30",
            ),
            ("<style>div .x{display:none}</style><p>Refund $60<span class=\"x\"> $30</span></p>", "Refund $60 $30"),
            (
                "<style>@media print{.x{display:none}}</style><p>Refund $60<span class=\"x\"> $30</span></p>",
                "Refund $60 $30",
            ),
            ("<style>.y{display:none}</style><p>Refund $60<span class=\"x\"> $30</span></p>", "Refund $60 $30"),
        ] {
            assert_eq!(visible_text(body), seen, "{body}");
        }
        assert_eq!(Selector::parse("p:hover"), None);
        assert!(Selector::parse("span.x#c").is_some());
    }

    #[test]
    fn the_cascade_judges_combinators_conditions_and_generated_text() {
        let hidden = " sorry I mean $30";
        for (style, markup, seen) in [
            ("div span{display:none}", "<div><span>{}</span></div>", false),
            ("p>span{display:none}", "<span>{}</span>", false),
            ("u>span{display:none}", "<u><b><span>{}</span></b></u>", true),
            ("span[data-h]{display:none}", "<span data-h>{}</span>", false),
            ("span[title^=a]{display:none}", "<span title=\"bx\">{}</span>", true),
            (".w:not(.v){display:none}", "<span class=\"w\">{}</span>", false),
            (".w:not(.v){display:none}", "<span class=\"w v\">{}</span>", true),
            ("span:nth-child(2){display:none}", "<i></i><span>{}</span>", false),
            ("span:last-child{display:none}", "<span>{}</span><i></i>", true),
            (".a ~ .b{display:none}", "<i class=\"a\"></i><b></b><span class=\"b\">{}</span>", false),
            (".a + .b{display:none}", "<i class=\"a\"></i><b></b><span class=\"b\">{}</span>", true),
            ("#i{display:none} span.x{display:inline}", "<span id=\"i\" class=\"x\">{}</span>", false),
            ("span{display:none} .x{display:inline}", "<span class=\"x\">{}</span>", true),
            ("@media screen and (min-width:300px){.m{display:none}}", "<span class=\"m\">{}</span>", false),
            ("@media (prefers-color-scheme:dark){.m{display:none}}", "<span class=\"m\">{}</span>", true),
            ("@supports not (display:grid){.m{display:none}}", "<span class=\"m\">{}</span>", true),
            ("@layer base{.m{display:none}}", "<span class=\"m\">{}</span>", false),
            (":root{--h:none} .q{display:var(--h)}", "<span class=\"q\">{}</span>", false),
            ("span:hover{display:none}", "<span>{}</span>", true),
        ] {
            let body = format!("<p>Refund $60<style>{style}</style>{}</p>", markup.replace("{}", hidden));
            let want = if seen { format!("Refund $60{hidden}") } else { "Refund $60".to_string() };
            let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(words(&visible_text(&body)), want, "{body}");
        }
        for (body, seen) in [
            ("<style>.a::after{content:\"0\"}</style><p>Refund $6<span class=\"a\"></span></p>", "Refund $60"),
            (
                "<style>.a::before{content:\"$\" attr(data-n)}</style><p>Refund <b class=\"a\" data-n=\"6\"></b></p>",
                "Refund $6",
            ),
            (
                "<style>.a::after{content:\"0\";display:none}</style><p>Refund $6<span class=\"a\"></span></p>",
                "Refund $6",
            ),
            (
                "<p>Refund $<span style=\"display:flex;flex-direction:row-reverse\"><b>0</b><b>6</b></span></p>",
                "Refund $60",
            ),
            ("<p>Refund $<span style=\"display:flex\"><b>6</b><b>0</b></span></p>", "Refund $60"),
            ("<p>Refund $60<dialog> $30</dialog></p>", "Refund $60"),
            ("<p>Refund $60<dialog open> $30</dialog></p>", "Refund $60 $30"),
            ("<p>Refund $60<div popover> $30</div></p>", "Refund $60"),
            ("<div style=\"--o:0\"><p>Refund $60<span style=\"opacity:var(--o)\"> $30</span></p></div>", "Refund $60"),
        ] {
            assert_eq!(visible_text(body), seen, "{body}");
        }
        hidden_and_seen(&[
            ("letter-spacing:-1em", "letter-spacing:-0.1em"),
            ("letter-spacing:-50px", "letter-spacing:2px"),
            ("display:inline-block;rotate:x 90deg", "display:inline-block;rotate:90deg"),
            ("rotate:1 0 0 89deg", "rotate:0 0 1 89deg"),
            ("transform:skew(85deg)", "transform:skew(20deg)"),
            ("transform:perspective(1px) translateZ(2px)", "transform:perspective(100px) translateZ(2px)"),
            ("backface-visibility:hidden;transform:rotateY(180deg)", "transform:rotateY(180deg)"),
            ("position:relative;left:-99999px", "position:relative;left:-20px"),
            ("position:absolute;right:99999px", "position:absolute;right:20px"),
            ("position:absolute;bottom:5000px", "position:relative;bottom:20px"),
        ]);
    }

    #[test]
    fn collapsed_markup_and_comments_read_as_a_person_sees_them() {
        for (body, seen) in [
            ("<p>Refund $60</p><details><summary>more</summary>sorry I mean $30</details>", "Refund $60\nmore"),
            (
                "<p>Refund $60</p><details open><summary>more</summary>sorry I mean $30</details>",
                "Refund $60\nmore\nsorry I mean $30",
            ),
            ("<p>Refund $60<select><option>x</option><option> sorry I mean $30</option></select></p>", "Refund $60 x"),
            ("<p>Refund<select><option>$30</option><option selected>$60</option></select></p>", "Refund $60"),
            ("<p>Refund $60<svg width=\"0\" height=\"0\"><text> sorry I mean $30</text></svg></p>", "Refund $60"),
            ("<p>Refund $60<svg width=\"100\" height=\"20\"><text> $30</text></svg></p>", "Refund $60 $30"),
            ("<p>Refund $6<!-- x -->0</p>", "Refund $60"),
            ("<p>Refund <!-- x --> $60</p>", "Refund  $60"),
            ("<p>Refund<!-- x --> $60</p>", "Refund $60"),
        ] {
            assert_eq!(visible_text(body), seen, "{body}");
        }
    }
}
