//! The amount guard (ADR-430): a typed step between the reader's answer and the policy. The reader (`requested_in`)
//! proposes an amount; this step checks it against the figures of the customer's own words:
//!
//! 1. **figures found** — every money figure of the prepared text ([`super::amounts`]);
//! 2. **roles assigned** — each gets one [`FigureRole`] from the words that govern it: asked back ("refund $20",
//!    "$30 back", a figure in brackets after the request), an item's price (a receipt line with a name, "the $60
//!    jacket"), a unit price ("$7.25 each", "2 @ $45"), a shipping, tax or fee line, a total (a document's or the
//!    order's), something paid, a figure someone else said earlier (reported speech, quotation marks), or plain;
//! 3. **one figure asked, or none** — [`asked`]: the one figure in the asked role; else, on a partial request that
//!    names one item of several priced ones ("I'd like the scarf refunded"), that item's price; else none.
//!
//! [`guard`] then holds the reader to it: a refund is never of a figure whose only role is a distractor (shipping,
//! tax, fee, discount, unit price, a total, a quoted figure) — it becomes the one figure asked, or nothing is settled
//! (U1) — and a request the reader read as naming no figure is not turned into the order's amount when the customer
//! named a figure as asked or asked one priced item back. Nothing else changes: the guard only ever replaces an
//! amount by the figure asked or by "cannot settle".

use super::{
    Amount, Role, after_amount, amounts, before, clause_intent, clauses, inline_item, listed, number_value,
    prices_a_thing, res,
};
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// What a figure is, by the words that govern it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FigureRole {
    /// Named as the amount wanted back.
    Asked,
    /// The price of a named item (a receipt line, "the $60 jacket").
    Item,
    /// A price per unit ("$7.25 each", "2 @ $45", "3 x $12").
    Unit,
    Shipping,
    Tax,
    /// A fee, a surcharge, insurance, gift wrap.
    Fee,
    Discount,
    /// A document's total or the order's total.
    Total,
    /// What was paid, not asked back.
    Paid,
    /// Said by someone else or earlier (reported speech, quotation marks).
    Quoted,
    /// One part of a total the customer states of their ask ("100.00 plus a 20% goodwill gesture, total 120.00"):
    /// never the amount asked on its own (ADR-1074).
    Part,
    Plain,
}

impl FigureRole {
    /// A role that is never the amount asked on its own: refunding such a figure is refunding a distractor.
    pub fn distractor(self) -> bool {
        matches!(
            self,
            FigureRole::Unit
                | FigureRole::Shipping
                | FigureRole::Tax
                | FigureRole::Fee
                | FigureRole::Discount
                | FigureRole::Total
                | FigureRole::Quoted
                | FigureRole::Part
        )
    }
}

/// One figure of the customer's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    pub at: usize,
    pub end: usize,
    pub cents: i64,
    pub role: FigureRole,
    /// For an item's price: the words naming the item (its line, or the noun after it).
    pub item: String,
}

/// The figure the customer asks back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// One figure, in the asked role (or the price of the one item asked back).
    Figure(i64),
    /// No figure named as asked.
    None,
    /// Several figures in the asked role that do not make one amount.
    Unclear,
}

struct Labels {
    shipping: Regex,
    /// In prose, a shipping figure is named as a charge ("shipping", "postage", "the delivery fee"): "a refund of
    /// $15 for the late delivery" is compensation for an event, not the shipping line.
    shipping_prose: Regex,
    tax: Regex,
    fee: Regex,
    discount: Regex,
    total: Regex,
    reported: Regex,
    unit_before: Regex,
    unit_after: Regex,
    /// The customer asks a part back by its label ("refund the shipping"): that label's figure is asked.
    part_asked: Regex,
    /// Words that decline what follows ("don't need", "no need", "keep").
    declined: Regex,
    /// A receipt line's quantity right before its figure ("1 x ", "2x "): the line is a document line.
    qty_before: Regex,
    word: Regex,
    /// A request pointing at a thing without naming it: "that one", "it", "those", "them".
    pointer: Regex,
    /// A request for the whole order or all of it: no count of units.
    whole_order: Regex,
    /// A noun counted by the order: "3 candles", "five chairs", "2 of the lamps".
    counted_noun: Regex,
    /// A count of units asked: "two of them", "1 of the jars".
    count_of: Regex,
    both: Regex,
    /// One unit asked: "the one that broke", "that single mug", "one unit".
    single: Regex,
    /// "that chair", "the returned lamp": one of a counted noun.
    that_thing: Regex,
}

fn labels() -> &'static Labels {
    static L: OnceLock<Option<Labels>> = OnceLock::new();
    let built = L.get_or_init(|| {
        Some(Labels {
            shipping: Regex::new(r"(?i)\b(?:shipping|postage|delivery|s\s?&\s?h|handling|freight|carriage|courier)\b")
                .ok()?,
            shipping_prose: Regex::new(
                r"(?i)\b(?:shipping|postage|s\s?&\s?h|freight|carriage|(?:delivery|handling|courier)\s+(?:fee|charge|cost)s?|(?:fee|charge|cost)\s+(?:of|for)\s+(?:the\s+)?delivery)\b",
            )
            .ok()?,
            tax: Regex::new(r"(?i)\b(?:tax(?:es)?|vat|gst|hst|duty|duties)\b").ok()?,
            fee: Regex::new(r"(?i)\b(?:fees?|surcharge|insurance|gift\s?wrap\w*|deposit|tip)\b").ok()?,
            discount: Regex::new(r"(?i)\b(?:discount|coupon|promo\w*|voucher|rebate)\b").ok()?,
            total: Regex::new(
                r"(?i)\b(?:total\w*|sub-?\s?total|altogether|all\s+together|in\s+all|overall|(?:the\s+)?whole\s+order|grand\s+total)\b",
            )
            .ok()?,
            reported: Regex::new(
                r"(?i)\b(?:you|your\s+\w+|the\s+(?:agent|rep|courier|driver|colleague|store|shop|seller|support)|he|she|they|someone|somebody)\b[^.?!\n]{0,30}\b(?:said|says|told|mentioned|quoted|offered|promised|suggested|wrote)\b|\b(?:was|were|got|been)\s+(?:offered|quoted|promised)\b|\b(?:earlier|last\s+time|previously|on\s+the\s+phone)\b",
            )
            .ok()?,
            unit_before: Regex::new(
                r"(?i)(?:\b(?:[2-9]|[1-9]\d{1,2})\s*(?:[a-z]+\s+)?(?:@|x|×|at)|@|\beach\s+at)\s*(?:usd|eur|gbp|cad|aud)?\s*$",
            )
            .ok()?,
            unit_after: Regex::new(
                r"(?i)^\s*(?:(?:usd|eur|gbp|dollars?|bucks|euros?|pounds?)\s+)?(?:each|apiece|a\s+piece|per\s+(?:item|piece|unit|one|pc|pair|\w+)|/\s*(?:ea|each|unit|pc|piece|item))\b",
            )
            .ok()?,
            part_asked: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|back|credit)\b[^.?!\n]{0,20}\b(?:shipping|postage|delivery|tax|vat|fees?|insurance|gift\s?wrap\w*|discount|coupon|promo\w*)\b|\b(?:shipping|postage|delivery|tax|vat|fees?|insurance|gift\s?wrap\w*|discount|coupon|promo\w*)\b[^.?!\n]{0,25}\b(?:refunded|back|reimbursed|credited)\b",
            )
            .ok()?,
            declined: Regex::new(r"(?i)\b(?:don'?t|do\s+not|doesn'?t|does\s+not|no\s+need|not|never|keep|without)\b").ok()?,
            qty_before: Regex::new(r"(?i)\b\d{1,3}\s*[x×]\s*$").ok()?,
            word: Regex::new(r"[A-Za-z][A-Za-z-]{2,}").ok()?,
            pointer: Regex::new(r"(?i)\b(?:(?:that|this|the)\s+one|it|those|these|them|that)\b").ok()?,
            whole_order: Regex::new(
                r"(?i)\b(?:whole|entire|full|all|every|everything|total|complete|in\s+full|the\s+lot)\b",
            )
            .ok()?,
            counted_noun: Regex::new(
                r"(?i)\b(?:[2-9]|[1-9]\d|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:of\s+the\s+)?([a-z]+s)\b",
            )
            .ok()?,
            count_of: Regex::new(
                r"(?i)\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+of\s+(?:them|those|these|the\s+\w+)\b",
            )
            .ok()?,
            both: Regex::new(r"(?i)\bboth\b").ok()?,
            single: Regex::new(
                r"(?i)\b(?:(?:the|that|this)\s+(?:one|single)|a\s+single|(?:one|1)\s+(?:unit|item|piece|pc)|for\s+one)\b",
            )
            .ok()?,
            that_thing: Regex::new(
                r"(?i)\b(?:the|that|this)\s+(?:(?:returned|broken|faulty|damaged|defective|cracked|chipped|torn|bad|missing|wobbly)\s+)?([a-z]+)\b",
            )
            .ok()?,
        })
    });
    match built {
        Some(l) => l,
        None => unreachable!("the guard's constant patterns compile (covered by tests)"),
    }
}

/// Words that name no item: function words, receipt columns, money and request words.
const NOT_ITEM: [&str; 48] = [
    "the", "and", "for", "with", "was", "were", "this", "that", "those", "these", "please", "pls", "refund",
    "refunded", "back", "like", "want", "would", "could", "can", "you", "your", "mine", "only", "just", "money", "usd",
    "eur", "gbp", "dollars", "euros", "pounds", "qty", "item", "items", "price", "unit", "each", "total", "shipping",
    "tax", "order", "receipt", "one", "two", "keep", "fine", "don't",
];

/// The content words of a span (lower case, no function words).
fn content_words(span: &str) -> Vec<String> {
    labels()
        .word
        .find_iter(span)
        .map(|m| m.as_str().to_lowercase())
        .filter(|w| !NOT_ITEM.contains(&w.as_str()))
        .collect()
}

/// The clause text around a figure: from the last clause break before it (or its line start) to `at`.
fn clause_before(text: &str, at: usize) -> &str {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let head = &text[line_start..at];
    let cut = head
        .char_indices()
        .rev()
        .find(|(i, c)| matches!(c, '.' | '!' | '?' | ';') && head[i + c.len_utf8()..].starts_with(char::is_whitespace))
        .map_or(0, |(i, c)| i + c.len_utf8());
    &head[cut..]
}

/// The few words right after a figure, up to a clause break or a comma.
fn words_after(text: &str, end: usize) -> &str {
    let rest = &text[end..];
    let stop = rest.find(['.', ',', ';', '!', '?', '\n', '(']).unwrap_or(rest.len()).min(24);
    let stop = (0..=stop).rev().find(|i| rest.is_char_boundary(*i)).unwrap_or(0);
    &rest[..stop]
}

/// Whether the figure at `at` stands inside double quotes on its line.
fn in_quotes(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..at].matches('"').count() % 2 == 1
}

/// The one figure among `found`, counted once however often it was read; `None` when there is none or several.
pub fn one_distinct(mut found: Vec<i64>) -> Option<i64> {
    found.sort_unstable();
    found.dedup();
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Steps 1 and 2: every figure of the prepared text with its role.
pub fn figures(text: &str) -> Vec<Figure> {
    let l = labels();
    let r = res();
    let request_clauses: Vec<(usize, usize)> =
        clauses(text).into_iter().filter(|(s, e)| clause_intent(&text[*s..*e]).request).collect();
    // A part asked back by its label, unless the customer declines it ("I don't need the shipping back").
    let part_asked = l
        .part_asked
        .find_iter(text)
        .filter(|m| !l.declined.is_match(clause_before(text, m.end())))
        .map(|m| m.as_str().to_lowercase())
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = Vec::new();
    for (at, cents, reader_role) in amounts(text) {
        let Some(cents) = cents else { continue };
        let end = r.money.find_at(text, at).map_or(at, |m| m.end());
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        // A document line: a pasted receipt's part (`listed`), or an item line ending with its quantity and figure.
        let line_ends = text[end..].split('\n').next().is_some_and(|rest| rest.trim().len() <= 12);
        // An entry of an item list in prose ("lamp 42.00, shade 19.50, bulbs 27.00") is labelled by its own name, as a
        // document line by its head.
        let entry = inline_item(text, at);
        let on_document_line =
            listed(text, at) || (line_ends && l.qty_before.is_match(&text[line_start..at])) || entry.is_some();
        // A document line is labelled by its whole head; prose by its clause before the figure and the words after.
        let label_before = match &entry {
            Some(name) => name.as_str(),
            None if on_document_line => &text[line_start..at],
            None => clause_before(text, at),
        };
        let near_before = before(label_before, label_before.len(), 28);
        let label_after = words_after(text, end);
        let label = format!("{near_before} {label_after}");
        let labelled = |re: &Regex| re.is_match(if on_document_line { label_before } else { &label });
        let asked_part = |re: &Regex| re.is_match(&part_asked);
        let in_request = request_clauses.iter().any(|(s, e)| *s <= at && at < *e);
        let paid_word =
            r.paid_before.is_match(before(text, at, 40)) || super::price_verb_before(before(text, at, 30), false);
        let shipping = if on_document_line { &l.shipping } else { &l.shipping_prose };
        let role = if in_quotes(text, at) || (l.reported.is_match(clause_before(text, at)) && !in_request) {
            FigureRole::Quoted
        } else if !request_clauses.is_empty() && super::claim_total_before(before(text, at, 40)) {
            // The total the customer claims ("total claim EUR 275,00"): asked, whatever its parts (ADR-776).
            FigureRole::Asked
        } else if reader_role == Role::Requested && in_request && !on_document_line {
            // Governed by a refund word inside the request ("Requesting a refund of 15.00 USD for the late delivery").
            FigureRole::Asked
        } else if labelled(shipping) {
            if asked_part(&l.shipping) { FigureRole::Asked } else { FigureRole::Shipping }
        } else if labelled(&l.tax) {
            if asked_part(&l.tax) { FigureRole::Asked } else { FigureRole::Tax }
        } else if labelled(&l.fee) {
            if asked_part(&l.fee) { FigureRole::Asked } else { FigureRole::Fee }
        } else if labelled(&l.discount) {
            if asked_part(&l.discount) { FigureRole::Asked } else { FigureRole::Discount }
        } else if l.unit_after.is_match(after_amount(text, at)) || l.unit_before.is_match(before(text, at, 16)) {
            FigureRole::Unit
        } else if labelled(&l.total) && reader_role != Role::Requested && (on_document_line || !in_request || paid_word)
        {
            // A document's or the order's total; a total the customer makes of what they ask ("… and 20,00 more for
            // my trouble, so 50,00 in total") is asked.
            FigureRole::Total
        } else if reader_role == Role::Requested || (in_request && !on_document_line && !paid_word) {
            // Governed by a refund word, or a figure inside the request that no price word governs ("I want the
            // scarf refunded, that is $75.00", "… refunded please ($42.00)").
            FigureRole::Asked
        } else if on_document_line || prices_a_thing(text, at, end) {
            FigureRole::Item
        } else if reader_role == Role::Price || paid_word {
            FigureRole::Paid
        } else {
            FigureRole::Plain
        };
        let item = match role {
            FigureRole::Item if on_document_line => content_words(label_before).join(" "),
            FigureRole::Item => content_words(label_after).join(" "),
            _ => String::new(),
        };
        out.push(Figure { at, end, cents, role, item });
    }
    // A total the customer works out from a unit price ("€15 each, so €30 altogether", "qty 4 @ USD 8.25 each, total
    // USD 33.00") is their own arithmetic of what they ask, not a document's total.
    let units: Vec<(usize, i64)> =
        out.iter().filter(|f| f.role == FigureRole::Unit && f.cents > 0).map(|f| (f.at, f.cents)).collect();
    // Only inside a request or worked out in words ("so €30 altogether", "= $36"): a total stated beside the order ("2
    // pillows, $27.50 each, $55.00 total. … credit for one of them") is the order's total.
    let worked_out = |at: usize| {
        request_clauses.iter().any(|(s, e)| *s <= at && at < *e) || r.makes_before.is_match(before(text, at, 25))
    };
    // A plain figure worked out the same way ("Value: 3 x 19.90 = 59.70", then "credit our account accordingly") is the
    // customer's arithmetic of the claim too (ADR-800, F803), when something in the ticket asks.
    // Only when the request itself names no figure ("Refund one towel, 16.99" beside a receipt's "= 33.98" asks 16.99).
    // And only when the request points at a figure stated ("accordingly", "this amount"): "need a refund for that single
    // mug" beside "4 @ £9.50 = £38.00" asks one unit, not the worked-out total.
    static POINTS: OnceLock<Option<Regex>> = OnceLock::new();
    let points = POINTS
        .get_or_init(|| {
            Regex::new(r"(?i)\baccordingly\b|\b(?:this|that|the\s+(?:above|said|stated|same|claimed|noted))\s+(?:amount|sum|figure|value|balance)\b").ok()
        })
        .as_ref()
        .is_some_and(|re| request_clauses.iter().any(|(s, e)| re.is_match(&text[*s..*e])));
    let none_asked = points && !out.iter().any(|f| f.role == FigureRole::Asked);
    let claim = |f: &Figure| {
        none_asked
            && f.role == FigureRole::Plain
            && !request_clauses.is_empty()
            && r.makes_before.is_match(before(text, f.at, 25))
    };
    for f in
        out.iter_mut().filter(|f| (f.role == FigureRole::Total && !listed(text, f.at) && worked_out(f.at)) || claim(f))
    {
        if units.iter().any(|(at, u)| *at < f.at && f.cents % u == 0 && (2..=50).contains(&(f.cents / u))) {
            f.role = FigureRole::Asked;
        }
    }
    stated_totals(text, &mut out);
    net_asked(text, &request_clauses, &mut out);
    out
}

/// An ask that names the net figure beside its gross ("please credit the net amount of EUR 50.00 (gross 59.50 incl.
/// 19% VAT)", "refund net 80.00 pls (95.20 gross)"): the net is the amount asked, the gross a total beside it
/// (ADR-1076). Only when a figure inside an asking clause is named net and another is named gross; a gross asked by
/// name, or a breakdown with no net named in the ask, keeps its roles.
fn net_asked(text: &str, request_clauses: &[(usize, usize)], out: &mut [Figure]) {
    static P: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((net_before, gross_before, gross_after)) = P
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\bnet(?:t)?(?:\s+(?:amount|sum|value|figure|price|total))?(?:\s+(?:of|is))?\s*[:=]?\s*(?:[$€£]|(?:eur|usd|gbp|chf|pln)\b)?\s*$").ok()?,
                Regex::new(r"(?i)\bgross(?:\s+(?:amount|sum|value|total))?(?:\s+(?:of|is|was))?\s*[:=]?\s*(?:[$€£]|(?:eur|usd|gbp|chf|pln)\b)?\s*$").ok()?,
                Regex::new(r"(?i)^\s*(?:[$€£]|(?:eur|usd|gbp|chf|pln)\b)?\s*\)?\s*gross\b").ok()?,
            ))
        })
        .as_ref()
    else {
        return;
    };
    let head = |at: usize| &text[text.floor_char_boundary(at.saturating_sub(40))..at];
    let in_request = |at: usize| request_clauses.iter().any(|(s, e)| *s <= at && at < *e);
    let net: Vec<usize> =
        (0..out.len()).filter(|&i| in_request(out[i].at) && net_before.is_match(head(out[i].at))).collect();
    let gross: Vec<usize> = (0..out.len())
        .filter(|&i| gross_before.is_match(head(out[i].at)) || gross_after.is_match(&text[out[i].end..]))
        .collect();
    let [n] = net.as_slice() else { return };
    if gross.is_empty() || gross.contains(n) {
        return;
    }
    out[*n].role = FigureRole::Asked;
    for g in gross {
        if out[g].cents > out[*n].cents {
            out[g].role = FigureRole::Total;
        }
    }
}

/// A total the customer states of what they ask and something more, in one sentence ("reimbursement of 100.00 plus
/// a 20% goodwill gesture, total 120.00", "EUR 50.00 together with 25%, i.e. EUR 62.50 in total"): the total is the
/// amount asked, compared whole with the order (X2), and the figure before it is one of its parts (ADR-1074, F1072).
/// Only a total larger than the part, and only past a word that adds ("plus", "+", "on top", "together with", "and a
/// further"), so a receipt's total beside an ask of one line keeps its role.
fn stated_totals(text: &str, out: &mut [Figure]) {
    static ADDS: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(adds) = ADDS
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:plus|on\s+top|together\s+with|as\s+well\s+as|in\s+addition|and\s+(?:a\s+|an\s+)?(?:further|extra|additional|another))\b|\+").ok()
        })
        .as_ref()
    else {
        return;
    };
    static TOTAL_BEFORE: OnceLock<Option<Regex>> = OnceLock::new();
    let total_before = TOTAL_BEFORE
        .get_or_init(|| Regex::new(r"(?i)(?:\b(?:in\s+)?total(?:\s+of)?|\baltogether|=)\s*[:=]?\s*(?:[$€£]\s?)?$").ok())
        .as_ref();
    // A total by its own word, whatever label a word before it lent the figure ("… and a extra for postage, in total
    // 67,50": the postage is one part, the figure after "in total" the sum).
    let named_total = |f: &Figure| {
        f.role.distractor()
            && total_before
                .is_some_and(|re| re.is_match(&text[text.floor_char_boundary(f.at.saturating_sub(20))..f.at]))
    };
    let totals: Vec<usize> =
        (0..out.len()).filter(|&i| out[i].role == FigureRole::Total || named_total(&out[i])).collect();
    for t in totals {
        let (t_at, t_cents) = (out[t].at, out[t].cents);
        let part = (0..t).rev().find(|&i| {
            let between = text.get(out[i].end..t_at).unwrap_or("");
            out[i].role == FigureRole::Asked
                && out[i].cents > 0
                && out[i].cents < t_cents
                && !between.contains(['.', '?', '!', '\n'])
                && adds.is_match(between)
        });
        if let Some(i) = part {
            out[i].role = FigureRole::Part;
            out[t].role = FigureRole::Asked;
        }
    }
}

fn distinct(values: impl Iterator<Item = i64>) -> Vec<i64> {
    let mut v: Vec<i64> = values.collect();
    v.sort();
    v.dedup();
    v
}

/// Step 3: the one figure asked, or none. Several asked figures count as one when the largest is what the others
/// make (a sum, or a unit times a count: arithmetic shown by the customer).
pub fn asked(text: &str, figs: &[Figure]) -> Asked {
    let asked = distinct(figs.iter().filter(|f| f.role == FigureRole::Asked).map(|f| f.cents));
    match asked.as_slice() {
        [] => {}
        [one] => return Asked::Figure(*one),
        [parts @ .., largest] => {
            let sum: i64 = parts.iter().sum();
            let multiple = parts.len() == 1 && parts[0] > 0 && largest % parts[0] == 0 && largest / parts[0] <= 50;
            return if sum == *largest || multiple { Asked::Figure(*largest) } else { Asked::Unclear };
        }
    }
    // No figure asked: a part of the order asked back alone, its price named beside it ("refund of cup only, cup
    // price is 18.00", "refund just the case, price of case is 12.99", ADR-830, F832): that price.
    if let Some(v) = part_price(text, figs) {
        return Asked::Figure(v);
    }
    // No figure asked: a request whose object is a bare demonstrative ("refund that pls") right after a sentence that
    // names one figure points at that figure (ADR-846).
    if let Some(v) = pointed_figure(text, figs) {
        return Asked::Figure(v);
    }
    // No figure asked: a partial request for one item of several priced ones is that item's price.
    let items: Vec<&Figure> = figs.iter().filter(|f| f.role == FigureRole::Item && !f.item.is_empty()).collect();
    if distinct(items.iter().map(|f| f.cents)).len() < 2 {
        return Asked::None;
    }
    let request_spans: Vec<(usize, usize)> =
        clauses(text).into_iter().filter(|(s, e)| clause_intent(&text[*s..*e]).request).collect();
    let requested: Vec<String> = request_spans.iter().flat_map(|(s, e)| content_words(&text[*s..*e])).collect();
    let naming = |words: &[String]| {
        distinct(
            items
                .iter()
                .filter(|f| f.item.split(' ').any(|w| words.iter().any(|r| r == w || r.trim_end_matches('s') == w)))
                .map(|f| f.cents),
        )
    };
    let named = naming(&requested);
    // A request that points at an item instead of naming it ("Refund that one please", "money back for it", "I want
    // those refunded"): the one item the customer's other sentences name ("The toaster won't heat up"), outside the
    // list itself. Never when the request asks for the whole order.
    let points = request_spans.iter().any(|(s, e)| labels().pointer.is_match(&text[*s..*e]))
        && !request_spans.iter().any(|(s, e)| res().full.is_match(&text[*s..*e]));
    let named = if named.is_empty() && points {
        let elsewhere: Vec<String> = clauses(text)
            .into_iter()
            .filter(|(s, e)| {
                // Not the request, not the list, and not a bare item label (a receipt line cut at its dot leader).
                let words = content_words(&text[*s..*e]);
                !request_spans.contains(&(*s, *e))
                    && !items.iter().any(|f| *s <= f.at && f.at < *e)
                    && words.iter().any(|w| !items.iter().any(|f| f.item.split(' ').any(|i| i == w)))
            })
            .flat_map(|(s, e)| content_words(&text[s..e]))
            .collect();
        naming(&elsewhere)
    } else {
        named
    };
    match named.as_slice() {
        [one] => Asked::Figure(*one),
        [] => Asked::None,
        _ => Asked::Unclear,
    }
}

/// Words around a part's name that name no part.
const NOT_PART: [&str; 12] =
    ["need", "want", "cost", "costs", "costed", "please", "its", "own", "itself", "was", "is", "are"];

/// A part asked back alone: a request clause restricting itself ("only", "just", "alone") to a thing, and one price
/// (an item's, a paid or a plain figure, never a distractor) whose label — the words before it in its clause, after
/// its last comma — names that thing. `None` when the request asks the whole order or the prices named differ.
fn part_price(text: &str, figs: &[Figure]) -> Option<i64> {
    static RESTRICTED: OnceLock<Option<Regex>> = OnceLock::new();
    let restricted = RESTRICTED
        .get_or_init(|| {
            Regex::new(
                r"(?i)\b(?:just|only)\s+((?:[a-z'-]+\s+){0,3}[a-z'-]+)|((?:[a-z'-]+\s+){0,2}[a-z'-]+)\s+(?:only|alone)\b",
            )
            .ok()
        })
        .as_ref()?;
    let mut part: Vec<String> = Vec::new();
    for (s, e) in clauses(text) {
        let clause = &text[s..e];
        if !clause_intent(clause).request || res().full.is_match(clause) {
            continue;
        }
        // Both readings of "only": before what it restricts ("can you only refund the infuser?") and after it
        // ("the cup only"). One leftmost match would let "can you only" hide "only refund the infuser" (ADR-846).
        let mut from = 0;
        while let Some(c) = restricted.captures_at(clause, from) {
            let Some(all) = c.get(0) else { break };
            let words = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
            part.extend(content_words(words).into_iter().filter(|w| w.len() >= 3 && !NOT_PART.contains(&w.as_str())));
            // Go on from the word after the match's first word, so an overlapping reading is found too.
            from = clause[all.start()..].find(char::is_whitespace).map_or(clause.len(), |i| all.start() + i + 1);
            if from >= clause.len() {
                break;
            }
        }
    }
    if part.is_empty() {
        return None;
    }
    let priced: Vec<i64> = figs
        .iter()
        .filter(|f| matches!(f.role, FigureRole::Item | FigureRole::Paid | FigureRole::Plain))
        .filter(|f| {
            let head = clause_before(text, f.at);
            let label = head.rfind(',').map_or(head, |i| &head[i + 1..]);
            let mut words = content_words(label);
            words.extend(f.item.split(' ').map(str::to_string));
            // A price whose subject is a pronoun ("Can you just refund the cushion? It's listed at 18.50") is the
            // price of the thing the sentence before names (ADR-846).
            if pronoun_subject(label) {
                let start = f.at - head.len();
                let prev = before(text, start, 120);
                let prev = prev.trim_end().trim_end_matches(['.', '?', '!']);
                let sentence = prev.rsplit(['.', '?', '!', '\n']).next().unwrap_or("");
                words.extend(content_words(sentence));
            }
            words.iter().any(|w| part.iter().any(|p| p == w || p.trim_end_matches('s') == w))
        })
        .map(|f| f.cents)
        .collect();
    match distinct(priced.into_iter()).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// A request whose whole object is a demonstrative ("refund that pls", "can you credit this back to my card?", "please
/// reimburse that amount") points at the figure the nearest sentence before it names, when that sentence (one of the
/// two before the request) names exactly one figure that nobody else said: that figure. "Refund that one" and "refund
/// that lamp" point at a thing, not a figure; "it" may be the order, so it points at nothing here.
fn pointed_figure(text: &str, figs: &[Figure]) -> Option<i64> {
    static POINTER: OnceLock<Option<Regex>> = OnceLock::new();
    let pointer = POINTER
        .get_or_init(|| {
            Regex::new(
                r"(?i)\b(?:refund|credit|reimburse|repay|pay|send|give|return|remit|process|cover)\s+(?:me\s+|us\s+)?(?:back\s+)?(?:that|this)(?:\s+(?:amount|sum|figure|price|cost))?(?:\s+back)?\s*(?:$|[^\w\s]|\b(?:pls|please|plz|to|asap|thanks|thx|then|now|for\s+me|for\s+us)\b)",
            )
            .ok()
        })
        .as_ref()?;
    let spans = clauses(text);
    for (i, (s, e)) in spans.iter().enumerate() {
        let clause = &text[*s..*e];
        if !clause_intent(clause).request || !pointer.is_match(clause) || figs.iter().any(|f| *s <= f.at && f.at < *e) {
            continue;
        }
        let named = spans[..i].iter().rev().filter(|(ps, pe)| !text[*ps..*pe].trim().is_empty()).take(2).find_map(
            |(ps, pe)| {
                let values = distinct(
                    figs.iter()
                        .filter(|f| *ps <= f.at && f.at < *pe)
                        .map(|f| (f.cents, f.role))
                        .filter(|(_, r)| *r != FigureRole::Quoted)
                        .map(|(c, _)| c),
                );
                (!values.is_empty()).then_some(values)
            },
        );
        if let Some([one]) = named.as_deref() {
            return Some(*one);
        }
    }
    None
}

/// Whether a price's label opens with a pronoun subject ("It's listed at", "it was", "they cost", "that one is").
fn pronoun_subject(label: &str) -> bool {
    let first = label.split_whitespace().next().unwrap_or("").to_lowercase();
    matches!(
        first.as_str(),
        "it" | "it's" | "its" | "they" | "they're" | "that" | "that's" | "this" | "those" | "these"
    )
}

/// A request that counts the units it is for beside one unit price ("3 candles at $12.00 each … refund the one that
/// broke", "2 x 45.00 EUR … refund the returned lamp", "8.00 each … refund two of them"): the count times the unit.
/// `None` when the request asks for the whole order or all of them, names no count, or the unit price is not single.
pub fn counted_units(text: &str, figs: &[Figure]) -> Option<i64> {
    let l = labels();
    let unit = match distinct(figs.iter().filter(|f| f.role == FigureRole::Unit).map(|f| f.cents)).as_slice() {
        [one] if *one > 0 => *one,
        _ => return None,
    };
    let requests: Vec<&str> = clauses(text)
        .into_iter()
        .filter(|(s, e)| clause_intent(&text[*s..*e]).request)
        .map(|(s, e)| &text[s..e])
        .collect();
    if requests.is_empty() || requests.iter().any(|c| l.whole_order.is_match(c)) {
        return None;
    }
    // The nouns the order counts ("3 candles", "five chairs", "1 of the 2 lamps"): "that chair" is one of them.
    let counted: Vec<String> =
        l.counted_noun.captures_iter(text).filter_map(|c| c.get(1)).map(|m| m.as_str().to_lowercase()).collect();
    let count = requests.iter().find_map(|c| {
        if let Some(n) = l.count_of.captures(c).and_then(|m| m.get(1)) {
            let n = n.as_str().to_lowercase();
            return n.parse::<i64>().ok().or_else(|| number_value(&n));
        }
        // A count the request gives its noun ("refund the 3 missing boxes", "credit two damaged chairs") or its
        // product written out without the result ("(3 x 4.75)"), ADR-845.
        if let Some(n) = counted_in_request(c, unit) {
            return Some(n);
        }
        if l.both.is_match(c) {
            return Some(2);
        }
        if l.single.is_match(c) {
            return Some(1);
        }
        l.that_thing.captures_iter(c).find_map(|m| {
            let noun = m.get(1)?.as_str().to_lowercase();
            counted.iter().any(|p| *p == format!("{noun}s") || *p == format!("{noun}es")).then_some(1)
        })
    })?;
    (1..=50).contains(&count).then(|| unit.checked_mul(count)).flatten()
}

/// A count inside a request clause: a product written out with the unit price and no result ("3 x 4.75", "2 @
/// 12.00"), or a number before a plural noun that is not a currency or a time ("the 3 missing boxes", "two cracked
/// plates"). `None` when there is none or it is not between 2 and 50.
fn counted_in_request(clause: &str, unit: i64) -> Option<i64> {
    static COUNTS: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let (product, noun) = COUNTS
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(\d{1,2})\s*(?:x|×|\*|@)\s*(?:[$€£]\s?|(?:usd|eur|gbp)\s?)?(\d+[.,]\d{2})\b(\s*=)?").ok()?,
                Regex::new(r"(?i)(?:^|[^\w.,$€£])(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:(?:missing|broken|damaged|faulty|defective|cracked|chipped|extra|unused|returned|wrong|bad|torn|dented|smashed|leaking|undelivered)\s+)?([a-z]+s)\b").ok()?,
            ))
        })
        .as_ref()?;
    for c in product.captures_iter(clause) {
        let price = c.get(2).and_then(|m| super::to_cents(m.as_str()));
        if c.get(3).is_none() && price == Some(unit) {
            return c[1].parse::<i64>().ok().filter(|n| (2..=50).contains(n));
        }
    }
    const NOT_COUNTED: [&str; 16] = [
        "dollars", "bucks", "euros", "pounds", "quids", "cents", "pence", "days", "weeks", "months", "years", "hours",
        "minutes", "times", "percents", "others",
    ];
    noun.captures_iter(clause).find_map(|c| {
        let word = c.get(2)?.as_str().to_lowercase();
        if NOT_COUNTED.contains(&word.as_str()) {
            return None;
        }
        let n = c.get(1)?.as_str().to_lowercase();
        n.parse::<i64>().ok().or_else(|| number_value(&n)).filter(|n| (2..=50).contains(n))
    })
}

/// The guard: the reader's amount, held to the figures of the customer's own words (see the module doc).
/// `order_cents` is the order's amount when the order is identified: a figure asked that equals it is no conflict
/// with a request naming no amount.
pub fn guard(text: &str, reader: Amount, order_cents: Option<i64>) -> Amount {
    // A count of units asked beside one unit price settles the amount, whatever the reader made of the total or of "two
    // of them" (a figure asked that is not that amount still conflicts: the reader's answer stands).
    if matches!(reader, Amount::Cents(_) | Amount::Missing | Amount::Ambiguous | Amount::Full) {
        let figs = figures(text);
        if let Some(v) = counted_units(text, &figs)
            && figs.iter().filter(|f| f.role == FigureRole::Asked).all(|f| f.cents == v)
        {
            return Amount::Cents(v);
        }
    }
    match reader {
        Amount::Cents(x) => {
            let figs = figures(text);
            let as_distractor = figs.iter().any(|f| f.cents == x && f.role.distractor());
            let otherwise = figs.iter().any(|f| f.cents == x && !f.role.distractor());
            // A lone figure has nothing to be confused with: a request beside it asks it back, whatever its label
            // ("the shipping charge (amount: 1500) … Please refund that charge").
            let lone = distinct(figs.iter().map(|f| f.cents)).len() < 2;
            // With no figure asked, the order's amount is what a request is for (the reference semantics), whatever
            // line it also stands on ("I paid $85 or $90 with tax, I forget. Refund it please").
            let order_unasked = Some(x) == order_cents && !figs.iter().any(|f| f.role == FigureRole::Asked);
            if order_unasked {
                return reader;
            }
            // The customer's own sum of the figures they ask ("my 50 euro and also 10 euro for the cargo, so 60 euro
            // total", "the 64 back plus 20 … 84 total"): the total is the ask, never its largest part (ADR-860).
            // A document's lines (a receipt's items and its total) are no such sum: the figure and its parts are the
            // customer's prose.
            let last = figs.iter().rfind(|f| f.cents == x).map_or(0, |f| f.at);
            let prose = |f: &Figure| !listed(text, f.at) && f.role != FigureRole::Item;
            let parts: Vec<i64> =
                figs.iter().filter(|f| f.at < last && f.cents > 0 && prose(f)).map(|f| f.cents).collect();
            if figs.iter().any(|f| f.at == last && prose(f))
                && (2..=parts.len()).any(|k| parts[parts.len() - k..].iter().sum::<i64>() == x)
            {
                return reader;
            }
            if !as_distractor || otherwise || lone {
                return reader;
            }
            match asked(text, &figs) {
                Asked::Figure(v) if v != x => Amount::Cents(v),
                _ => Amount::Ambiguous,
            }
        }
        Amount::Missing => {
            let figs = figures(text);
            match asked(text, &figs) {
                Asked::None => reader,
                Asked::Figure(v) if Some(v) == order_cents => reader,
                // The reader saw no figure asked, the roles see one (named inside the request, or the price of the one
                // item asked back): that figure, never the order's amount.
                Asked::Figure(v) => Amount::Cents(v),
                Asked::Unclear => Amount::Ambiguous,
            }
        }
        // "The whole order" said of a charge ("charged $96.48 for the whole order … I want the scarf refunded, that
        // is $75.00"): a figure asked in the request is the amount; a full refund asked in the request beside a
        // different figure asked cannot be settled.
        Amount::Full => {
            let figs = figures(text);
            let named = figs.iter().any(|f| f.role == FigureRole::Asked);
            match asked(text, &figs) {
                Asked::Figure(v) if named && Some(v) != order_cents => {
                    let full_asked = clauses(text)
                        .into_iter()
                        .any(|(s, e)| clause_intent(&text[s..e]).request && res().full.is_match(&text[s..e]));
                    if full_asked { Amount::Ambiguous } else { Amount::Cents(v) }
                }
                _ => reader,
            }
        }
        other => other,
    }
}

/// The figure table as lines for the decision trace: each figure, its role, and what the guard concluded.
pub fn describe(text: &str) -> Vec<(String, String)> {
    let figs = figures(text);
    let mut out: Vec<(String, String)> = figs
        .iter()
        .map(|f| {
            let item = if f.item.is_empty() { String::new() } else { format!(" ({})", f.item) };
            (format!("figure {} as {:?}{item}", crate::money(f.cents), f.role), text[f.at..f.end].to_string())
        })
        .collect();
    out.push((format!("figure asked (the guard): {:?}", asked(text, &figs)), String::new()));
    out
}
