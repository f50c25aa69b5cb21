//! The figure-role reader (issue 16, ADR-1106): which of several figures is the ask. Every exact figure the typed
//! reader ([`super::money::read`]) finds in the customer's own words gets one [`Role`] from the sentence it stands in,
//! with the reason:
//!
//! - **asked** — the object of a request or a claim ("refund 20", "I'm claiming 700", "credit 29.90", "30 back"), the
//!   stated result of the customer's arithmetic in an ask ("Credit requested: 2 x 14.95 = 29.90"), the amount a share
//!   is said to come to ("half of it back, i.e. 30.00"), or the price of the part the customer asks back told right
//!   after naming it ("I'd like to send just the lamp back. It was 42.99.");
//! - **price** — what was paid or what something costs ("I paid 80", "600 was what I paid", "14.95 each");
//! - **arithmetic** — an operand of the customer's working ("2 x 14.95 = …");
//! - **restated** — a figure the customer restates or corrects later in the sentence ("refund 1999 … I mean 19.99"):
//!   the later one replaces it;
//! - **context** — an identifier (order, reference, phone), a count, a year, or a figure of another purchase or another
//!   time ("two years ago … $1,300", "the 120 euro order at Christmas", "gas is $4.10").
//!
//! [`settle`] is the one rule that decides the ask from the roles where the earlier steps assumed the order's amount,
//! or could not settle one: one figure asked → that figure; several → cannot be settled (U1); none → the earlier
//! reading stands. A figure the customer asks is never replaced by the order's amount: that fallback is how a part's
//! price, a worked-out credit or a claim over the order used to be paid as the whole order (b33 `b-09`, b34 `g-020`,
//! `g-037`).

use super::Amount;
use super::money::{self, Certainty};
use regex::Regex;
use std::sync::OnceLock;

const WHY_IDENTIFIER: &str = "an identifier (order, reference, phone)";
const WHY_ELSEWHERE: &str = "another purchase or another time";
const WHY_FULL_PLUS: &str = "added to the full price asked: an over-ask";
const WHY_UNASKED: &str = "no word asks it";
const WHY_THING: &str = "the price of the thing named after it, in a sentence that asks nothing";
const WHY_OFFERED: &str =
    "offered by the shop, or a difference compared (\"your offer of 15\", \"20 dollars cheaper\")";
const WHY_DECLINED: &str = "turned down (\"not a 10 euro voucher\")";
const WHY_ECHOED: &str = "echoed in a question of its own, someone else's figure (\"15 dollars? Seriously?\")";

/// What a figure does in its sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Asked,
    Price,
    Arithmetic,
    Restated,
    Context,
}

/// One figure with its role and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roled {
    pub at: usize,
    pub end: usize,
    pub cents: i64,
    pub role: Role,
    pub why: &'static str,
}

struct Pats {
    /// A way of paying named with "credit": "store credit", "credit card", "credit union".
    way_of_paying: Regex,
    /// A word that asks or claims money, somewhere before the figure in its sentence.
    ask_before: Regex,
    /// The word that asks right before a bare number ("claiming 700", "refund me 20", "I want 30").
    bare_ask_before: Regex,
    /// A wish rather than a money verb right before a bare number ("I need 54", "I want 2"): asking money only where
    /// its sentence speaks of money ([`Patterns::money_cue`]) — else a size, a count or a model.
    bare_wish_before: Regex,
    money_cue: Regex,
    /// A word that asks money back anywhere in a sentence.
    ask_word: Regex,
    /// The full price with a figure added ("the full price of the table plus the $15", "full refund + 15"): an
    /// over-ask.
    full_plus: Regex,
    /// The whole asked by other words, then a join, right before a figure ("Refund the kettle and cover my $10 …",
    /// "Refund + the $11 …", "Money back, and I expect the $4.99 …", "refund the amount paid and additionally the …").
    whole_and: Regex,
    /// The whole asked with no figure ("refund the lamp", "return the purchase price", "the heater refunded", "credit
    /// invoice value", "goods value"), for a cost of the customer's own added after it in another clause.
    whole_ask: Regex,
    /// What joins a second thing asked to the first ("also", "too", "as well", "plus", "+", "and", "(2)").
    added: Regex,
    /// A cost of the customer's own, near the figure joined to the whole ("return courier", "parking", "I spent
    /// posting it back", "phone call charges", "handling cost").
    own_cost: Regex,
    /// A price or payment word between the ask word and the figure ("refund me, I paid 80"): the figure is a price.
    price_between: Regex,
    /// Money back said after the figure ("30 back", "29.90 refunded").
    ask_after: Regex,
    /// A label that names the line's figure as the ask ("Credit requested:", "Amount claimed:").
    ask_label: Regex,
    /// The words that name what a share or a request comes to ("i.e.", "that is", "that'd be", "=").
    comes_to: Regex,
    price_before: Regex,
    price_after: Regex,
    identifier_before: Regex,
    /// A count: the figure followed by a counted noun ("2 scarves", "3 units").
    count_after: Regex,
    /// Another purchase or another time.
    elsewhere: Regex,
    operand_after: Regex,
    operand_before: Regex,
    result_before: Regex,
    restating: Regex,
    /// A sentence that is only a pronoun and a copula before the figure ("It was", "That's", "they cost").
    pronoun_price: Regex,
    /// A part of the order asked back by name ("just the lamp back", "refund the scarf", "send the lamp back").
    part_asked: Regex,
    share: Regex,
}

fn pats() -> Option<&'static Pats> {
    static P: OnceLock<Option<Pats>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Pats {
            ask_before: Regex::new(
                r"(?i)\b(?:refund(?:ed|ing)?|credit(?:ed|ing)?|reimburse(?:d|ment)?|claim(?:ing|ed)?|want(?:ing)?|'d\s+like|would\s+like|ask(?:ing)?\s+for|request(?:ing|ed)?|owed|owe\s+me|give\s+me|send\s+me|pay\s+me|return\s+me|compensat\w*|repay|expect(?:ing)?|demand(?:ing)?|round(?:\s+it)?(?:\s+up)?\s+to)\b[^.!?\n]{0,45}$",
            )
            .ok()?,
            bare_ask_before: Regex::new(
                r"(?i)\b(?:refund(?:ed)?|credit(?:ed)?|reimburse(?:d)?|claim(?:ing|ed)?|want|need|owed|request(?:ing|ed)?|ask(?:ing)?\s+for|give\s+me|send\s+me|pay\s+me|return\s+me|demand(?:ing)?|expect(?:ing)?|round(?:\s+it)?(?:\s+up)?\s+to|(?:i'?d|i\s+would|we'?d)\s+like|credit\s+(?:my|our)\s+(?:account|card)\s+with|credit\s+note\s+(?:for|of))(?:\s+(?:me|us|back|of|only|just|a|the|sum|total|amount)){0,2}\s*[:=]?\s*$",
            )
            .ok()?,
            bare_wish_before: Regex::new(
                r"(?i)\b(?:want|need|expect(?:ing)?|like)(?:\s+(?:me|us|back|of|only|just|a|the|sum|total|amount)){0,2}\s*[:=]?\s*$",
            )
            .ok()?,
            money_cue: Regex::new(
                r"(?i)\b(?:refund\w*|money|back|credit\w*|reimburs\w*|repa(?:y|id)\w*|cash|compensat\w*|owed?|dollars?|bucks|euros?|pounds?|quid|cents?|eur|usd|gbp|cad|aud|chf|sgd)\b",
            )
            .ok()?,
            way_of_paying: Regex::new(r"(?i)\bstore\s+credit\b|\bcredit\s+(?:card|union)s?\b").ok()?,
            ask_word: Regex::new(
                r"(?i)\b(?:refund(?:ed|ing)?|credit(?:ed|ing)?|reimburse(?:d|ment)?|claim(?:ing|ed)?|want(?:ing)?|'d\s+like|would\s+like|ask(?:ing)?\s+for|request(?:ing|ed)?|owed|owe\s+me|give\s+me|send\s+me|pay\s+me|return\s+me|compensat\w*|repay|back)\b",
            )
            .ok()?,
            full_plus: Regex::new(
                // The full figure named ("ask for the full £79.99 plus the £15 it cost me to post it back", blind141 `g-008`).
                r"(?i)\b(?:full|whole|entire)\s+(?:price|amount|cost|refund|sum|order|(?:[$€£]\s?)?\d[\d,]*(?:\.\d{1,2})?)\b[^.!?\n]{0,40}\b(?:plus|and\s+also|\+|and)\s+(?:the\s+|an?\s+(?:extra|additional)\s+|another\s+)?(?:[$€£]|usd|eur|gbp)?\s*$",
            )
            .ok()?,
            whole_and: Regex::new(concat!(
                r"(?i)(?:\b(?:full|whole|entire)\s+(?:price|amount|cost|refund|sum|order|invoice|money)",
                r"|\b(?:refund|reimburse)\w*\s+(?:me\s+|us\s+)?(?:for\s+)?(?:the|my|this|our|it)\b(?:\s+[\w-]+){0,2}",
                r"|\b(?:return|give)\s+(?:me\s+|us\s+)?(?:back\s+)?the\s+money\s+(?:for|of)\s+(?:the|my|this)\s+[\w-]+",
                r"|\brefund\s+of\s+(?:the|my)\s+(?:order|item|purchase)|\b(?:refund|money\s+back)(?:\s+please|\s+pls)?",
                r"|\b(?:my|the|our)\s+money\s+(?:of|for)\s+(?:the|my)\s+order|\b(?:that|it)\s+refunded",
                r"|\b(?:return|give|pay|send)\s+(?:me\s+|us\s+)?(?:back\s+)?the\s+(?:full\s+)?(?:purchase\s+)?(?:price|cost|amount)",
                r"|\b(?:i'?d|i\s+would|we'?d|we\s+would)\s+like\s+(?:the|my)\s+(?:purchase\s+)?(?:price|cost|money)\s+back",
                r"|\b(?:credit|refund)\s+(?:the\s+|our\s+|my\s+)?(?:invoice|order|purchase)\s+(?:value|total|amount)",
                // Outside attack 67: all of it asked in a word ("Refund everything", "I want everything back", "the
                // whole thing", "the lot") or as the item's price ("the price of the boots back").
                r"|\b(?:refund|reimburse|return|give|send|want|need|like)\w*\s+(?:me\s+|us\s+)?(?:back\s+)?(?:everything|it\s+all|all\s+of\s+it|the\s+lot|the\s+whole\s+(?:thing|lot))(?:\s+back)?",
                r"|\b(?:want|need|like)\s+(?:the|my)\s+(?:full\s+)?price\s+of\s+(?:the|my|this)\s+[\w-]+\s+back)",
                // Outside attack 65: "&", "n" and "together with" join as "and" does; attack 67: "incl.", "including".
                r"\b[^.!?\n]{0,30}?(?:\bplus|\band\s+also|\badditionally|\bas\s+well\s+as|\btogether\s+with|\balong\s+with|\bincl\.?|\bincluding|\+|&|\bn|\band)\s+",
                r"(?:(?:also|additionally|then)\s+)?(?:(?:i|we)\s*(?:'d\s+|\s+would\s+)?(?:also\s+)?(?:expect|want|need|would\s+like|like)\s+)?",
                r"(?:(?:reimburse|cover|pay|compensate|credit|refund|give\s+(?:me|us)|send)\s+(?:me\s+|us\s+)?(?:back\s+)?(?:for\s+)?)?",
                // The cost's own words before its figure ("the bank's $3 fee", "the fee my bank took ($12.50)").
                r"(?:the\s+|my\s+|our\s+|an?\s+(?:extra|additional)\s+|another\s+)?(?:[\w'’-]+\s+){0,6}?(?:of\s+)?\(?(?:[$€£]|usd|eur|gbp)?\s*$",
            ))
            .ok()?,
            whole_ask: Regex::new(concat!(
                r"(?i)\b(?:refund|reimburse|return|credit)\w*\s+(?:me\s+|us\s+)?(?:back\s+)?(?:for\s+)?(?:of\s+)?(?:the|my|this|our)\s+(?P<noun>(?:full\s+|whole\s+|entire\s+)?(?:purchase\s+)?[a-z][\w-]*)\b",
                r"|\b(?:the|my|our)\s+(?:[a-z][\w-]*\s+){1,2}refunded\b|\b(?:invoice|goods|item|order)\s+value\b",
                // Outside attack 68: "Give me my money back", "my full payment returned", "des vollen Betrags".
                r"|\b(?:refund|reimburse|credit)\w*\s+(?:me\s+|us\s+|it\s+)?in\s+full\b|\bgive\s+(?:me|us)\s+(?:my|our|the)\s+money\s+back\b|\b(?:my|our)\s+(?:full\s+)?(?:money|payment)\s+(?:back|returned|refunded)\b|\bdes\s+vollen\s+betrags\b|\bevery\s+(?:cent|penny|dollar|euro)\b|\ball\s+(?:my|our|the)\s+money\b",
            ))
            .ok()?,
            added: Regex::new(
                r"(?i)\b(?:also|too|as\s+well|plus|additionally|on\s+top|and|with|extra|separately|sowie|und)\b|\+|\(\d\)|\b\d\)",
            )
            .ok()?,
            own_cost: Regex::new(
                concat!(
                    r"(?i)\b(?:postage|shipping|courier|delivery|freight|carriage|labels?|parking|taxi|uber|cab|bus|train|fuel|petrol|mileage|fuses?|call-?out|phone\s+calls?|handling|packaging|tape|box|printing|(?:i|we)\s+(?:spent|had\s+to\s+pay)|it\s+cost\s+(?:me|us)|electrician|plumber|technician",
                    // Outside attack 56: customs and import fees, the post office, a van hired, postage paid to send it back.
                    r"|customs|import\s+(?:fee|duty|charge|tax)|duty|post\s+office|royal\s+mail|hermes|evri|van|hired?",
                    r"|(?:i|we)\s+paid\s+(?:to\s+(?:post|ship|send|return|courier)|at\s+the\s+post|for\s+(?:the\s+)?(?:postage|shipping|courier|return))",
                    r"|post(?:ed|ing)?\s+(?:it\s+)?back|ship(?:ped|ping)?\s+it\s+back",
                    // Outside attack 65 (`overask-and-parts`): money the customer paid someone else or for something
                    // else — a repairer, alterations, cleaning, a bank, fitting, an upgrade, things bought for the goods.
                    r"|(?:i|we)\s+(?:paid|bought|had\s+to\s+(?:buy|get|pay)|forked\s+out|shelled\s+out)|repair\w*|alterations?|(?:dry[- ]?)?clean(?:ing|er|ers)|bank|installation|install(?:ing|er)?|fitting|upgrade|towards",
                    // Outside attack 67: a fee, and time or trouble the customer asks paid for.
                    r"|fees?|wasted|afternoon|morning|day\s+off|time\s+off|inconvenience|hassle|trouble|my\s+time|inspection|tracking|return\s+label|charges?|call|overdraft|\w*kosten)\b",
                ),
            )
            .ok()?,
            price_between: Regex::new(
                r"(?i)\b(?:paid|pay|cost|costs|costing|spent|spend|bought|priced|charged|was\s+what|for\s+(?:the|a|my)\s+[a-z]+\s+(?:which|that)\s+(?:was|cost))\b",
            )
            .ok()?,
            // "30 back", and the figure as the refund's modifier at the end of its clause or before a please ("12.5
            // refund", "$20 refund pls": desk37, ADR-1181), never before another noun ("20 refund policy").
            ask_after: Regex::new(
                r"(?i)^\s*(?:back|refunded|credited|reimbursed|returned|difference|as\s+(?:a\s+)?(?:refund|credit))\b|^\s*(?:refund|credit)(?:\s*$|\s*[.!,;]|\s+(?:pls|plz|please|asap|needed|wanted|requested|would|will|for|is\s+(?:fair|fine|ok|okay))\b)",
            )
            .ok()?,
            ask_label: Regex::new(
                r"(?im)\b(?:credit|refund|claim|amount|sum|total)\s+(?:requested|claimed|due|owed|asked|sought|to\s+refund)\b|^\s*(?:(?:refund|credit|claim)\s+)?amount\s*:",
            )
            .ok()?,
            comes_to: Regex::new(
                r"(?i)(?:\bi\.?e\.?|\bthat\s+is|\bthat'?s|\bthat\s+would\s+be|\bthat'?d\s+be|\bwhich\s+(?:is|comes\s+to|makes)|\bso|=)\s*[,:]?\s*$",
            )
            .ok()?,
            price_before: Regex::new(
                r"(?i)\b(?:paid|cost|costs|costing|spent|priced(?:\s+at)?|bought\s+[^.!?\n]{0,30}\bfor|charged(?:\s+me)?|unit\s+price|price\s+(?:was|is|of))\s*[:=]?\s*(?:[$€£]|usd|eur|gbp)?\s*$",
            )
            .ok()?,
            price_after: Regex::new(
                r"(?i)^\s*(?:(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks|quid)\s+)?(?:was\s+what|is\s+what|each|apiece|an?\s+(?:piece|pack|packet|box|bag|pair|set|roll|bottle|tin|can|jar|tube|kilo|kg|metre|meter|unit|item|dozen|bundle|sack|carton)|per\s+\w+|/\s*(?:ea|each|unit|pc))\b",
            )
            .ok()?,
            identifier_before: Regex::new(
                r"(?i)(?:\b(?:order|ref|reference|no|number|num|invoice|inv|rma|sku|account|acct|po|ticket|case|tracking|phone|tel|call|id|item)\s*[.:#-]?\s*|#\s*)$",
            )
            .ok()?,
            count_after: Regex::new(r"(?i)^\s*(?:x\b|×|of\b|units?\b|pcs?\b|pieces?\b|items?\b|[a-z]+s\b)").ok()?,
            elsewhere: Regex::new(
                r"(?i)\b(?:years?\s+ago|months?\s+ago|last\s+(?:year|month|time|christmas|summer|winter|spring|autumn)|back\s+in|at\s+christmas|for\s+years|another\s+order|other\s+orders?|previous\s+orders?|earlier\s+order|gas|petrol|fuel)\b",
            )
            .ok()?,
            operand_after: Regex::new(r"(?i)^\s*(?:x|×|\*|@|\+|plus|times)\s*(?:[$€£]|usd|eur|gbp)?\s*\d").ok()?,
            operand_before: Regex::new(r"(?i)(?:\bx|×|\*|@|\+|\bplus|\btimes)\s*(?:[$€£]|usd|eur|gbp)?\s*$").ok()?,
            result_before: Regex::new(r"(?i)=\s*(?:[$€£]|usd|eur|gbp)?\s*$").ok()?,
            restating: Regex::new(
                r"(?i)^[^.!?\n]{0,40}?\b(?:i\s+mean|i\s+meant|sorry|correction|should\s+(?:be|read|say)|make\s+(?:that|it)|rather|no\s*,?\s*wait)\b[^.!?\n\d]{0,25}$",
            )
            .ok()?,
            pronoun_price: Regex::new(
                r"(?i)^\s*(?:it|that|this|which|they|those)\s*(?:'s|’s|\s+was|\s+is|\s+were|\s+are|\s+cost|\s+costs)(?:\s+(?:only|just))?\s*$",
            )
            .ok()?,
            part_asked: Regex::new(
                r"(?i)\b(?:just|only)\s+(?:the|that|this|my)\s+[a-z]+|\b(?:refund|return|send)\s+(?:back\s+)?(?:the|that|this|my)\s+([a-z]+)\b[^.!?\n]{0,12}",
            )
            .ok()?,
            share: Regex::new(r"(?i)\b(?:half|a\s+third|one\s+third|a\s+quarter|(\d{1,2})\s?%)").ok()?,
        })
    })
    .as_ref()
}

/// The sentences of `text` as byte ranges (a dot ends one only before a space or the end, so "42.99" stays whole).
pub(super) fn sentences(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        let end = match b {
            b'!' | b'?' | b'\n' => true,
            b'.' => bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) && !abbreviation(text, i),
            _ => false,
        };
        if end {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push((start, text.len()));
    }
    out
}

/// "i.e." and "e.g." do not end a sentence.
fn abbreviation(text: &str, dot: usize) -> bool {
    super::desk27::abbreviation_word(text, dot) || super::desk27::abbreviation_continues(text, dot)
}

/// Whether the figure as written carries a currency or decimals ("$80", "42.99", "700 EUR"), not only digits.
fn money_written(raw: &str, a: &money::Amount) -> bool {
    a.currency.is_some() || raw.contains(['.', ',']) && raw.rsplit(['.', ',']).next().is_some_and(|d| d.len() == 2)
}

/// Every exact figure of the customer's own words with its role (see the module doc).
pub fn read(text: &str) -> Vec<Roled> {
    let Some(p) = pats() else { return Vec::new() };
    // "store credit", "credit card": a way of paying, no credit asked (outside attack 56: "Paid part with store credit
    // ($40.00) and part with PayPal"). The word is respelled, offsets kept.
    let neutral = p.way_of_paying.replace_all(text, |c: &regex::Captures| c[0].replace(['c', 'C'], "k"));
    let text: &str = &neutral;
    let spans = sentences(text);
    let mut out: Vec<Roled> = Vec::new();
    for (i, (s, e)) in spans.iter().copied().enumerate() {
        let sentence = &text[s..e];
        let figs: Vec<money::Amount> =
            money::read(sentence).into_iter().filter(|a| a.certainty == Certainty::Exact && a.cents > 0).collect();
        // The sentences before this one (up to two), for a price told right after the part asked back.
        let prev = spans[..i].iter().rev().filter(|(ps, pe)| !text[*ps..*pe].trim().is_empty()).take(1);
        let part_before = prev.clone().any(|(ps, pe)| p.part_asked.is_match(&text[*ps..*pe]));
        let sentence_asks = p.ask_word.is_match(sentence) || p.ask_label.is_match(sentence);
        // Money named in one of the two sentences before this one.
        let money_before = spans[..i]
            .iter()
            .rev()
            .filter(|(ps, pe)| !text[*ps..*pe].trim().is_empty())
            .take(2)
            .any(|(ps, pe)| p.money_cue.is_match(&text[*ps..*pe]) || text[*ps..*pe].contains(['$', '€', '£']));
        let ask_before_sentence = spans[..i]
            .iter()
            .rev()
            .find(|(ps, pe)| !text[*ps..*pe].trim().is_empty())
            .is_some_and(|(ps, pe)| p.ask_word.is_match(&text[*ps..*pe]));
        let intent = super::clause_intent(sentence);
        let told = (intent.acknowledged || intent.status_question) && !intent.request;
        for (k, a) in figs.iter().enumerate() {
            let (fa, fb) = (a.span.start, a.span.end);
            let raw = &sentence[fa..fb];
            // A figure glued to a letter, a digit or a percent sign ("$1.5x", "100%") is no money figure here.
            if sentence[fb..].starts_with(|c: char| c.is_alphanumeric() || c == '%') {
                continue;
            }
            let head = &sentence[..fa];
            let tail = &sentence[fb..];
            let written = money_written(raw, a);
            // A bare number with a unit of measure after it ("some should be 220 ohm", blind123 `g-018`; "a 2000 mAh
            // battery") measures; it is no money.
            if !written && unit_after(tail) {
                continue;
            }
            let year = !written && raw.len() == 4 && (raw.starts_with("19") || raw.starts_with("20"));
            // A figure with neither currency nor decimals ("700") is asked only right after the word that asks it
            // ("claiming 700", "refund 20"): a bare number further on is a count, a size or a reference ("full
            // reimbursement for PO 2231 (sofa, 3-piece)").
            let asked_by_verb = if written {
                p.ask_before.find(head).is_some_and(|m| !p.price_between.is_match(&head[m.start()..]))
            } else {
                // "The frame is 58, I need 54" (b38 g-051, paid 54.00 as money): a wish over a bare number asks money
                // only in a sentence that speaks of money. A number said in minor units ("15000 (in cents)") is the
                // money reader's.
                !minor_units_after(tail)
                && p.bare_ask_before.is_match(head)
                    && (!p.bare_wish_before.is_match(head)
                        || p.money_cue.is_match(sentence)
                        // "15 dollars? Seriously? I want 75.": a wish ending its sentence right after money was
                        // named asks money (outside attack 47).
                        || (tail.trim_start().trim_start_matches(['.', '!']).trim().is_empty() && money_before)
                        // "I want 70.", "I need 40 to fix it" in a ticket that measures nothing (no size, frame,
                        // model, unit): money, never a wish the order's amount answers (outside attack 48).
                        || (raw.len() >= 2 && !measure_named(text) && !minor_units_after(tail)))
                    // "refund. 70.", "Refund please. 70.": a bare number alone right after a sentence that asks
                    // money (outside attack 48).
                    || (head.trim().is_empty()
                        && tail.trim().chars().all(|c| matches!(c, '.' | '!'))
                        && ask_before_sentence
                        && raw.len() >= 2
                        && !measure_named(text))
            };
            let (role, why) = if super::grammar::declined_before(head) {
                (Role::Context, WHY_DECLINED)
            } else if offered_or_compared(head, tail) {
                (Role::Context, WHY_OFFERED)
            } else if echoed(head, tail) {
                (Role::Context, WHY_ECHOED)
            } else if p.identifier_before.is_match(head) {
                (Role::Context, WHY_IDENTIFIER)
            } else if p.full_plus.is_match(head) && sentence_asks {
                (Role::Arithmetic, WHY_FULL_PLUS)
            } else if sentence_asks
                && written
                && p.whole_and.is_match(head)
                && !["difference", "between", "balance", "remainder", "the rest"]
                    .iter()
                    .any(|w| head.to_lowercase().contains(w))
                && p.own_cost.is_match(&format!("{} {}", super::before(head, head.len(), 40), head_of(tail, 40)))
            {
                // Outside attack 55 (F1664): the whole asked in other words and a cost of the customer's own joined
                // to it ("Please refund the kettle and reimburse the $11 return courier"): an over-ask, never the
                // cost alone.
                (Role::Arithmetic, WHY_FULL_PLUS)
            } else if written
                && whole_asked_before(p, text, s + fa)
                && p.own_cost.is_match(&format!("{} {}", super::before(head, head.len(), 40), head_of(tail, 40)))
            {
                // Outside attack 66: the whole asked in one clause and a cost of the customer's own added in the next
                // ("Could you return the purchase price? Also the USD 12.00 I paid for tracking please", "(1) refund
                // of the lamp; (2) reimbursement of $15.50 return carriage", "Refund the dress; the $6.99 return fee
                // as well please"): an over-ask, never the cost alone.
                (Role::Arithmetic, WHY_FULL_PLUS)
            } else if !written
                && ((p.count_after.is_match(tail) && !p.operand_after.is_match(tail) && !verb_after(tail))
                    || tail.starts_with('-'))
            {
                (Role::Context, "a count")
            } else if figs[k + 1..].iter().any(|b| {
                // Two readings may overlap ("each 1 USD 7.95": "1 USD" and "USD 7.95", outside attack 66 `s21`): a
                // later figure that starts inside this one has nothing between them.
                let Some(between) = sentence.get(fb..b.span.start) else { return false };
                // A count after the marker corrects no figure ("Refund $70 - sorry, it was 2 mugs that broke", "sorry,
                // 3rd email today"): outside attack 47.
                let after_b = &sentence[b.span.end..];
                let written_b = money_written(&sentence[b.span.clone()], b);
                if !written_b && (p.count_after.is_match(after_b) || after_b.starts_with(char::is_alphabetic)) {
                    return false;
                }
                // A typo restated well written ("1999 … I mean 19.99"), never a figure glossed in brackets after it
                // ("18.99 (1899)").
                p.restating.is_match(between)
                    || (!written
                        && money_written(&sentence[b.span.clone()], b)
                        && !between.contains(['.', '!', '?'])
                        && same_digits(raw, &sentence[b.span.clone()])
                        && between.len() < 60)
            }) {
                (Role::Restated, "restated or corrected later in the sentence")
            } else if p.result_before.is_match(head)
                && figs[..k].iter().any(|b| {
                    let tail_b = &sentence[b.span.end..];
                    p.operand_after.is_match(tail_b)
                        || (p.operand_before.is_match(&sentence[..b.span.start])
                            && tail_b.trim_start().starts_with('='))
                })
            {
                if sentence_asks {
                    (Role::Asked, "the stated result of the working in an ask")
                } else {
                    (Role::Arithmetic, "the result of a working that asks nothing")
                }
            } else if p.operand_after.is_match(tail)
                || (p.operand_before.is_match(head) && tail.trim_start().starts_with('='))
            {
                (Role::Arithmetic, "an operand of the customer's working")
            } else if p.price_before.is_match(head) || p.price_after.is_match(tail) {
                (Role::Price, "what was paid or what a thing costs")
            } else if p.ask_label.is_match(head)
                && !head[p.ask_label.find(head).map_or(0, |m| m.end())..].contains(['.', '!', '?'])
            {
                (Role::Asked, "on a line labelled as the ask")
            } else if p.ask_after.is_match(tail) {
                (Role::Asked, "money back said after it")
            } else if elliptic_ask(head, tail) && !approximated(&text[..s]) {
                (Role::Asked, "a figure and \"please\" alone: an elliptic ask")
            } else if p.comes_to.is_match(head) && sentence_asks {
                (Role::Asked, "what the ask comes to")
            } else if asked_by_verb && !year && (!p.elsewhere.is_match(sentence) || p.bare_ask_before.is_match(head)) {
                (Role::Asked, "the object of a request or a claim")
            } else if p.pronoun_price.is_match(head) && part_before && !year {
                (Role::Asked, "the price of the part asked back, told right after naming it")
            } else if year {
                (Role::Context, "a year")
            } else if p.elsewhere.is_match(sentence) && !sentence_asks {
                (Role::Context, WHY_ELSEWHERE)
            } else if p.elsewhere.is_match(sentence) {
                (Role::Context, "another purchase or another time, in a sentence that asks")
            } else if written && !sentence_asks && thing_after(tail) {
                (Role::Price, WHY_THING)
            } else {
                (Role::Context, WHY_UNASKED)
            };
            // A sentence that tells of a refund (received, on its way) or asks after one asks no figure.
            let (role, why) = if role == Role::Asked && told {
                (Role::Context, "in a sentence that tells of a refund, asking none")
            } else {
                (role, why)
            };
            out.push(Roled { at: s + fa, end: s + fb, cents: a.cents, role, why });
        }
    }
    // A figure restating an asked one is asked (the correction replaces it): "refund 1999 … I mean 19.99".
    for i in 0..out.len() {
        if out[i].role == Role::Restated
            && let Some(j) = (i + 1..out.len()).find(|j| out[*j].role != Role::Restated)
            && out[j].role == Role::Context
            && out[j].why != WHY_DECLINED
        {
            out[j].role = Role::Asked;
            out[j].why = "restates an earlier figure of the ask";
        }
    }
    out
}

/// Whether the whole is asked right before `at` with no figure between ("(1)" and "2)" count as none), and a word that
/// adds a second thing stands between them or right after the figure ("too", "as well").
fn whole_asked_before(p: &Pats, text: &str, at: usize) -> bool {
    let from = text[..at].char_indices().rev().nth(160).map_or(0, |(i, _)| i);
    let window = &text[from..at];
    let Some(m) = p.whole_ask.captures_iter(window).last() else { return false };
    let (Some(whole), noun) = (m.get(0), m.name("noun").map(|n| n.as_str().to_lowercase())) else { return false };
    // A refund had or named, not asked ("Got my refund for the lamp, cheers. I would also like the $6 return
    // postage", blind4): the whole is on record, the cost is the new ask.
    let before: Vec<String> = window[..whole.start()]
        .split_whitespace()
        .rev()
        .take(2)
        .map(|w| w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase())
        .collect();
    // A verb in the past ("you refunded the kettle already", blind4) tells what was done.
    let verb = whole.as_str().split_whitespace().next().unwrap_or("").to_lowercase();
    if verb.ends_with("ed") {
        return false;
    }
    if before.iter().any(|w| {
        matches!(w.as_str(), "my" | "your" | "got" | "received" | "processing" | "processed" | "issued" | "thanks")
    }) {
        return false;
    }
    // Not a whole: the rest, a difference, a cost of its own ("refund the postage").
    if noun.is_some_and(|n| {
        [
            "difference",
            "rest",
            "balance",
            "remainder",
            "shipping",
            "postage",
            "delivery",
            "fee",
            "fees",
            "charge",
            "extra",
            "overcharge",
            "duplicate",
            "deposit",
            "excess",
            "part",
            "half",
            "other",
            "second",
            "amount",
            "sum",
            "one",
            "two",
            "three",
            "first",
        ]
        .contains(&n.as_str())
    }) {
        return false;
    }
    let gap = &window[whole.end()..];
    static NUMBERED: OnceLock<Option<Regex>> = OnceLock::new();
    let numbered = NUMBERED
        .get_or_init(|| Regex::new(r"\(\d\)|\b\d\)").ok())
        .as_ref()
        .map_or_else(|| gap.to_string(), |r| r.replace_all(gap, " ").into_owned());
    if numbered.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    let after = head_of(&text[at..], 40);
    let after = after.split([',', ';']).next().unwrap_or("");
    p.added.is_match(gap) || after.contains(" too") || after.contains("as well")
}

/// A figure the shop offered ("your offer of 15 dollars back", "they offered me 15 back", "you sent a $10 coupon") or a
/// difference compared ("20 dollars cheaper on sale day"): no figure the customer asks (outside attack 47).
fn offered_or_compared(head: &str, tail: &str) -> bool {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    RES.get_or_init(|| {
        Some((
            Regex::new(r"(?i)(?:\boffer(?:ed|ing|s)?\s+(?:me\s+|us\s+)?(?:of\s+)?(?:a\s+|an\s+|just\s+|only\s+)?|\b(?:sent|gave|giving)\s+(?:me\s+|us\s+)?(?:a|an)\s+)$").ok()?,
            Regex::new(r"(?i)^\s*(?:\w+\s+)?(?:cheaper|dearer|more\s+expensive|less\s+expensive)\b").ok()?,
        ))
    })
    .as_ref()
    .is_some_and(|(offered, compared)| offered.is_match(head) || compared.is_match(tail))
}

/// Whether the ticket measures something a bare number could be: a size, a frame, a model, a unit or a quantity
/// ("The frame is 58, I need 54"). Without one, a bare number a wish asks is money (outside attack 48).
fn measure_named(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r#"(?i)\b(?:sizes?|frame|cm|mm|inch(?:es)?|eu|uk|us|model|version|gauge|watts?|volts?|litres?|liters?|ml|kg|grams?|pcs|pieces|units|copies|pairs?|qty|quantity)\b|\d\s*(?:"|')"#,
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(text))
}

/// Whether a unit of measure follows a number: electrical, mechanical, length, weight, volume and data units.
fn unit_after(tail: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)^\s?(?:k|m)?(?:ohms?\b|Ω)|^\s?(?:volts?|watts?|amps?|mah|ah|kwh|wh|hz|khz|mhz|ghz|rpm|psi|bar|mm|cm|nm|km|",
            r"kg|grams?|mg|ml|litres?|liters?|gb|tb|mb|metres?|meters?|inch(?:es)?|ft|feet|lbs?|oz|dpi|fps|btu|kw)\b|^\s?°",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(tail))
}

/// Whether a number is said to be in minor units right after it ("15000 (in cents, USD)", "1500 pence").
fn minor_units_after(tail: &str) -> bool {
    let t = tail.trim_start().trim_start_matches('(').trim_start().to_lowercase();
    let t = t.strip_prefix("in ").unwrap_or(&t);
    ["cent", "pence", "penny", "minor", "øre", "öre", "centavo", "centime", "paise"].iter().any(|w| t.starts_with(w))
}

/// A figure that is a question on its own ("15 dollars?", "$10??", "Only 20 euro?!"): the customer echoes a figure
/// someone else named, in disbelief (outside attack 47, F1613); they ask none by it.
fn echoed(head: &str, tail: &str) -> bool {
    let head = head.trim().trim_start_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let tail = tail.trim();
    matches!(head.as_str(), "" | "only" | "just" | "a measly" | "a mere" | "a")
        && tail.starts_with('?')
        && tail.chars().all(|c| matches!(c, '?' | '!' | '.') || c.is_whitespace())
}

/// Whether the text before a sentence ends with an approximation whose "." the sentence reader took for a full stop
/// ("Refund approx. £35 please."): the figure after it is approximate, no elliptic ask.
fn approximated(before: &str) -> bool {
    let last = before.trim_end().rsplit(char::is_whitespace).next().unwrap_or("").to_lowercase();
    matches!(
        last.trim_end_matches('.'),
        "approx"
            | "approximately"
            | "about"
            | "around"
            | "roughly"
            | "circa"
            | "ca"
            | "c"
            | "~"
            | "maybe"
            | "perhaps"
            | "est"
    )
}

/// A sentence that is a figure and "please" alone, after at most a connective ("So 27.50 please.", "27.50 back pls"):
/// an ask with its verb left out (F1608).
fn elliptic_ask(head: &str, tail: &str) -> bool {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    RES.get_or_init(|| {
        Some((
            Regex::new(
                r"(?i)^[\s\W]*(?:(?:so|then|ok|okay|just|only|and|but|yes|right|well|therefore|thus)\b[\s,]*)*$",
            )
            .ok()?,
            Regex::new(r"(?i)^\s*(?:back\s+)?(?:please|pls|plz|thanks|thank\s+you)\b[\s.!]*$").ok()?,
        ))
    })
    .as_ref()
    .is_some_and(|(h, t)| h.is_match(head) && t.is_match(tail))
}

/// A verb right after a bare number ("600 was what I paid", "700 is fair"): the number is no count of a noun.
fn verb_after(tail: &str) -> bool {
    let word: String =
        tail.trim_start().chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_lowercase();
    matches!(word.as_str(), "was" | "is" | "has" | "does" | "goes" | "seems" | "sounds" | "looks" | "makes" | "covers")
}

/// A noun right after a figure: it prices a thing ("the $80 bluetooth speaker"), not "for", "and", "back".
fn thing_after(tail: &str) -> bool {
    let Some(rest) = tail.strip_prefix(' ') else { return false };
    let word: String = rest.chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_lowercase();
    word.len() >= 3
        && !matches!(
            word.as_str(),
            "for"
                | "and"
                | "but"
                | "back"
                | "was"
                | "were"
                | "the"
                | "please"
                | "pls"
                | "total"
                | "each"
                | "off"
                | "more"
                | "refund"
                | "credit"
                | "only"
                | "just"
                | "plus"
                | "into"
                | "from"
                | "with"
                | "that"
                | "which"
                | "dollars"
                | "euros"
                | "pounds"
                | "bucks"
                | "quid"
                | "usd"
                | "eur"
                | "gbp"
        )
}

/// Whether two written figures have the same digits ("1999" and "19.99"): a restatement of a typo.
fn same_digits(a: &str, b: &str) -> bool {
    let d = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let (x, y) = (d(a), d(b));
    x.len() >= 3 && x == y && a != b
}

/// The distinct values of the figures in the asked role.
pub fn asked(figs: &[Roled]) -> Vec<i64> {
    let mut v: Vec<i64> = figs.iter().filter(|f| f.role == Role::Asked).map(|f| f.cents).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// A share of the money said in a sentence that asks ("half of it back", "a third", "25%") and the share of the order
/// it is: `Some(None)` when there is a share whose fraction is unknown. "Half the time" in the story is no share.
fn share_of(text: &str, order_cents: i64) -> Option<Option<i64>> {
    let p = pats()?;
    let c = sentences(text).into_iter().find_map(|(s, e)| {
        let sentence = &text[s..e];
        if p.ask_word.is_match(sentence) { p.share.captures(sentence) } else { None }
    })?;
    let word = c.get(0).map_or("", |m| m.as_str()).to_lowercase();
    let part = if word == "half" {
        Some(order_cents / 2)
    } else if word.ends_with("third") {
        Some(order_cents / 3)
    } else if word.ends_with("quarter") {
        Some(order_cents / 4)
    } else {
        c.get(1).and_then(|n| n.as_str().parse::<i64>().ok()).map(|n| order_cents * n / 100)
    };
    Some(part)
}

/// Whether the text `span` (an unsettled figure the earlier steps found) stands in a sentence that holds a figure asked.
fn in_asked_sentence(text: &str, figs: &[Roled], span: &str) -> bool {
    span.len() >= text.len()
        || sentences(text).into_iter().any(|(s, e)| {
            text[s..e].contains(span) && figs.iter().any(|f| f.role == Role::Asked && s <= f.at && f.at < e)
        })
}

/// The one rule (ADR-1106): where the earlier steps assumed the order's amount (`Missing`, `Full`), could not settle
/// one (`Ambiguous`), or read a figure the roles say is no ask, the figures' roles decide. One figure asked → that
/// figure (a share's figure only when it is that share of the order); several → cannot be settled (U1); the full price
/// and a figure added → the over-ask; none → the earlier reading. `unsettled` is the span of a figure the earlier
/// steps found unsettled (approximate, alternatives, hedged): in the sentence of the figure asked, it keeps
/// `Ambiguous`; elsewhere (a remembered price of another purchase) it does not.
pub fn settle(
    text: &str,
    amount: Amount,
    order_cents: Option<i64>,
    unsettled: Option<&str>,
    layout_ambiguous: bool,
) -> (Amount, &'static str) {
    let figs = read(text);
    let asked = asked(&figs);
    let order = order_cents.unwrap_or(0);
    let added: Vec<i64> = figs.iter().filter(|f| f.why == WHY_FULL_PLUS).map(|f| f.cents).collect();
    let share = share_of(text, order);
    let share_fits = |one: i64| match (share, order_cents) {
        (None, _) => true,
        (Some(Some(part)), Some(_)) => (part - one).abs() <= 1,
        _ => false,
    };
    let unsettled_here = unsettled.is_some_and(|span| in_asked_sentence(text, &figs, span))
        // A layout that offered several figures (a form's field and a different figure in its free text) stays
        // unsettled unless every other figure has a role that is no ask (an identifier, a count, the working).
        || (layout_ambiguous && figs.iter().any(|f| f.why == WHY_UNASKED && !asked.contains(&f.cents)));
    match (amount, asked.as_slice()) {
        (Amount::Missing | Amount::Full | Amount::Ambiguous, _)
            if !added.is_empty() && asked.iter().all(|a| added.contains(a)) =>
        {
            (Amount::FullPlus(added.iter().sum()), "the full price and a figure added: an over-ask")
        }
        (Amount::Missing | Amount::Full, [one]) if share_fits(*one) => (Amount::Cents(*one), "the one figure asked"),
        (Amount::Missing | Amount::Full, [_]) => (Amount::Ambiguous, "a figure asked that is not the share asked"),
        (Amount::Missing | Amount::Full, [_, _, ..]) => (Amount::Ambiguous, "several figures asked"),
        (Amount::Ambiguous, [one]) if !unsettled_here && share_fits(*one) => {
            (Amount::Cents(*one), "the one figure asked, settled")
        }
        // A figure restated by the customer ("refund 1999 - I mean 19.99") read as the amount: the restatement.
        // "i want 18 dollars back - no sorry 16, the 18 was with the postage" (blind94 `g-031`): the figure restated is
        // told again afterwards, still not asked.
        (Amount::Cents(v), [one])
            if v != *one
                && only(&figs, v, |f| f.role == Role::Restated || f.role == Role::Context)
                && figs.iter().any(|f| f.cents == v && f.role == Role::Restated) =>
        {
            (Amount::Cents(*one), "the restatement of the figure read")
        }
        // A sum the earlier steps made of the one figure asked and a figure in brackets no word asks ("partial credit
        // of CAD 500.00 on PO 4432 (event tent decor, 612.00)" read as 1,112.00, b108 `b-02`): no figure of that
        // value is written, and the bracket describes what the ask is on. The one figure asked.
        (Amount::Cents(v), [one])
            if v > *one
                && !figs.iter().any(|f| f.cents == v)
                && figs.iter().any(|f| f.cents == v - *one && f.role == Role::Context && in_brackets(text, f.at)) =>
        {
            (Amount::Cents(*one), "the one figure asked, not its sum with a figure in brackets")
        }
        // A figure of another purchase or another time, or an identifier, read as the amount: never the ask. The one
        // figure asked instead; with none, the request names no figure (the order's amount); several cannot be settled.
        (Amount::Cents(v), _)
            if !asked.contains(&v)
                && only(&figs, v, |f| {
                    f.role == Role::Context
                        && (f.why == WHY_ELSEWHERE
                            || f.why == WHY_IDENTIFIER
                            || f.why == WHY_DECLINED
                            || f.why == WHY_OFFERED
                            || f.why == WHY_ECHOED)
                }) =>
        {
            match asked.as_slice() {
                [] => (Amount::Missing, "the figure read is another purchase's, an identifier or turned down"),
                [one] => (Amount::Cents(*one), "the one figure asked, not another purchase's"),
                _ => (Amount::Ambiguous, "several figures asked"),
            }
        }
        // A whole figure pricing a thing in a sentence that asks nothing, rounding the order's amount up ("The $80
        // bluetooth speaker I got from you stopped charging" on 79.99): the order's price as remembered, not an
        // over-ask. A rounded figure the customer asks ("round it up to 90 and refund that") is asked, never this.
        (Amount::Cents(v), [])
            if v % 100 == 0
                && v > order
                && v - order < 100
                && order_cents.is_some()
                && only(&figs, v, |f| f.why == WHY_THING) =>
        {
            (Amount::Missing, "the order's price rounded, no figure asked")
        }
        // A figure no word asks, in a sentence that asks nothing, beside a sentence that asks the whole order by name
        // ("Wasted $20 on batteries. Just refund the order.", attack 47): the whole order is asked.
        (Amount::Cents(v), []) if only(&figs, v, |f| f.why == WHY_UNASKED) && whole_order_asked_apart(text, v) => {
            (Amount::Full, "a figure no word asks, and the whole order asked by name")
        }
        // A price mentioned in a sentence that asks nothing, beside asks that name no figure and point at none ("The
        // same TV is $399 at Best Buy. Mine has dead pixels. Refund please.", "A technician quoted $150 for the
        // repair. I just want my money back."): a price mentioned is not an amount asked (the reference policy) —
        // the order's (outside attack 55, F1664).
        (Amount::Cents(v), []) if only(&figs, v, |f| f.why == WHY_UNASKED) && bare_asks_apart(text, v) => {
            (Amount::Missing, "a price mentioned apart from an ask that names no figure")
        }
        (a, _) => (a, "the earlier reading stands"),
    }
}

/// Whether every sentence that names `v` asks nothing, some sentence asks, and every asking sentence names no figure
/// and points at none ("refund that", "get those refunded", "the difference back"; "it" only where the figure's
/// sentence names a fee or a charge: "You charged a $2.99 card fee … Please give it back").
fn bare_asks_apart(text: &str, v: i64) -> bool {
    static RES: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((pointer, it, fee)) = RES
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:refund|reimburs|credit|pay|give|send|get|have|want|return|put)\w*\s+(?:me\s+|us\s+)?(?:back\s+)?(?:for\s+)?(?:that|this|them|those|these|the\s+(?:same|difference|extra|fee|charge|cost|surcharge|shipping|delivery|postage))\b|\b(?:that|this|them|those|these)\s+(?:refunded|reimbursed|credited|back)\b|\baccordingly\b|\b(?:that|this|the\s+same)\s+(?:amount|sum|figure|much)\b").ok()?,
                Regex::new(r"(?i)\bit\b").ok()?,
                Regex::new(r"(?i)\b(?:fees?|charges?|charged|surcharge|shipping|delivery|postage|express|insurance|warranty|gift\s*wrap\w*)\b").ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    // Only a price of somewhere else, of another time, or of another service ("at Best Buy", "on sale this week",
    // "today", "the new model", "the RRP", "a technician quoted", "had to rent one", "a taxi", "a hotel", "the vet
    // bill"): a part of the order priced ("Price for one lamp is 29,90. Please give me back money for this one lamp")
    // is what a bare ask may point at.
    static ELSEWHERE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(elsewhere) = ELSEWHERE
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\b(?:at|on|from)\s+(?:best\s*buy|amazon|ebay|walmart|argos|ikea|target|costco|currys|the\s+airport|another\s+(?:shop|store|site)|other\s+(?:shops|stores|sites))",
                r"|\b(?:amazon|ebay|best\s*buy|walmart|argos|ikea|costco|currys|a\s+competitor|competitors?)\s+(?:has|have|had|sells?|is\s+selling|lists?|charges?)\b",
                r"|\belsewhere\b|\bsells?\s+(?:this|it|them|the\s+same)\s+for\b|\bon\s+sale\b|\b(?:today|now|this\s+week|this\s+month|at\s+the\s+moment|currently)\b",
                r"|\bnew\s+model\b|\brrp\b|\brecommended\s+retail|\blist\s+price|\bsecond-?hand\b|\bgoes\s+for\b|\b(?:website|site)\s+says\b",
                r"|\bquoted?\b|\bquote\s+(?:of|for)|\b(?:technician|electrician|plumber|repairman|repairer|upholsterer|mechanic|engineer|vet|hotel|taxi|uber|cab|rent(?:ed|al)?|hire[d]?)\b",
                r"|\b(?:paid|spent)\s+(?:an?\s+)?(?:extra|additional)\b|\bbill\s+for\s+a\s+different\b",
            ))
            .ok()
        })
        .as_ref()
    else {
        return false;
    };
    let spans = sentences(text);
    let names_v = |s: &str| money::read(s).iter().any(|a| a.cents == v);
    if !spans.iter().any(|(s, e)| names_v(&text[*s..*e]) && elsewhere.is_match(&text[*s..*e])) {
        return false;
    }
    let fee_told = spans.iter().any(|(s, e)| names_v(&text[*s..*e]) && fee.is_match(&text[*s..*e]));
    let mut asks = false;
    for (s, e) in &spans {
        let sentence = &text[*s..*e];
        let request = super::clause_intent(sentence).request;
        if names_v(sentence) && request {
            return false;
        }
        if request {
            asks = true;
            if !money::read(sentence).is_empty() || pointer.is_match(sentence) || (fee_told && it.is_match(sentence)) {
                return false;
            }
        }
    }
    asks
}

/// Whether a sentence asks the whole order by name ("refund the order", "a full refund", "refund in full") and no
/// sentence that asks names the figure `v`.
fn whole_order_asked_apart(text: &str, v: i64) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(whole) = RE
        .get_or_init(|| {
            Regex::new(
                r"(?i)\b(?:refund|reimburse|cancel\s+and\s+refund)\s+(?:me\s+)?(?:the\s+(?:whole\s+|entire\s+)?order|the\s+lot|everything|it\s+all|in\s+full)\b|\bfull\s+refund\b|\b(?:the\s+)?(?:full|whole|entire)\s+(?:price|amount|order)\s+back\b",
            )
            .ok()
        })
        .as_ref()
    else {
        return false;
    };
    let spans = sentences(text);
    // The figure told before the whole is asked ("Wasted $20 … Just refund the order."), never a figure the customer
    // turns to after asking the whole ("Refund the whole order ($80)... no wait, … Only the cable - $12.").
    let last_whole = spans.iter().filter(|(s, e)| whole.is_match(&text[*s..*e])).map(|(s, _)| *s).max();
    let told_after = last_whole.is_some_and(|w| {
        spans.iter().filter(|(s, _)| *s > w).any(|(s, e)| money::read(&text[*s..*e]).iter().any(|a| a.cents == v))
    });
    let asks_whole = last_whole.is_some() && !told_after;
    let figure_in_ask = spans.iter().any(|(s, e)| {
        let sentence = &text[*s..*e];
        super::clause_intent(sentence).request
            && money::read(sentence).iter().any(|a| a.cents == v && a.certainty == Certainty::Exact)
    });
    asks_whole && !figure_in_ask
}

/// The first `n` characters of `s` (at a character boundary).
fn head_of(s: &str, n: usize) -> &str {
    s.char_indices().nth(n).map_or(s, |(i, _)| &s[..i])
}

/// Whether the byte `at` of `text` stands inside a bracket opened on its line and not yet closed.
fn in_brackets(text: &str, at: usize) -> bool {
    let line = &text[text[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    line.matches('(').count() > line.matches(')').count()
}

/// Whether there is a figure of value `v` and every one satisfies `test`.
fn only(figs: &[Roled], v: i64, test: impl Fn(&Roled) -> bool) -> bool {
    let of_v: Vec<&Roled> = figs.iter().filter(|f| f.cents == v).collect();
    !of_v.is_empty() && of_v.iter().all(|f| test(f))
}

/// The figures added to the full price in a sentence that asks ("what I want: the full price of the table plus the
/// $15 I paid for postage"), summed: an over-ask, whatever else the sentence was read as (ADR-1107).
pub fn full_plus(text: &str) -> Option<i64> {
    let added: i64 = read(text).iter().filter(|f| f.why == WHY_FULL_PLUS).map(|f| f.cents).sum();
    (added > 0).then_some(added)
}

/// A partial ask: the customer says the refund is for a part ("this amount only", "for one piece only", "the money for
/// the light", "a partial refund of 15%", "the rest can stay"). Strong cues only: an ask for the whole ("just refund
/// it", "I only want my money back") is none.
fn partial_cue() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\bpartial(?:ly)?\b|\b(?:this|that|the)\s+(?:amount|sum|price)\s+only\b|\bonly\s+(?:this|that|the)\s+(?:amount|sum|price)\b|\b(?:for|of)\s+(?:one|1)\s+(?:piece|item|unit|part|of\s+(?:them|the\s+\w+))(?:\s+only)?\b|\bmoney\s+for\s+(?:the|that|this)\s+\w+(?:\s+\w+)?\s+back\b|\b(?:the\s+)?rest\s+(?:can|may|will|should)\s+stay\b|\bkeep\s+the\s+rest\b|\b(?:the\s+)?other\s+(?:one|ones|items?|pieces?|knives|knifes)\s+(?:i|we)\s+(?:use|keep|like)\b|\bthe\s+other\s+\w+\s+(?:is|are)\s+(?:very\s+)?(?:good|fine|ok(?:ay)?)\b|\bthe\s+rest\s+(?:of\s+(?:the|my|our)\s+order\s+)?(?:\([^)]{0,60}\)\s+)?(?:is|are|was|were)\s+(?:all\s+)?(?:fine|good|ok(?:ay)?|perfect|great)\b|\b(?:we'?re|i'?m|we\s+are|i\s+am)\s+keeping\s+(?:those|them|the\s+rest|everything\s+else)\b|\b(?:says?\s+(?:to\s+)?|i'?ll\s+|we'?ll\s+|(?:i|we)\s+will\s+)keep\s+the\s+(?:rest|others?|[a-z][\w-]+)\b|\bthe\s+rest\s+(?:i|we)(?:'ll|\s+will)?\s+keep\b",
        )
        .ok()
    })
    .as_ref()
}

/// Whether the customer keeps the rest of the order ("keeping the pot", "I'm keeping the rest of the items", "the
/// others are fine", "the rest is fine"): what they ask back is a part of it (outside attack 49).
pub fn rest_kept(text: &str) -> bool {
    static RE: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((rest, thing, part)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(
                    r"(?i)\b(?:keep(?:ing)?|kept)\s+(?:the\s+)?(?:rest|others|other\s+(?:one|ones|items?|two|three|parts?|pieces?))\b|\b(?:the\s+)?(?:rest|others|other\s+(?:one|ones|items?|two|three|parts?|pieces?))(?:\s+of\s+(?:the|my)\s+(?:order|items?))?\s+(?:is|are)\s+(?:all\s+)?(?:fine|ok(?:ay)?|good|great|perfect)\b|\bthe\s+rest\s+(?:i|we)(?:'ll|\s+will)?\s+keep\b",
                )
                .ok()?,
                // "keeping the pot" beside "only the lid": another thing of the order kept.
                Regex::new(r"(?i)\bkeeping\s+the\s+(?P<t>\w+)").ok()?,
                Regex::new(r"(?i)\b(?:only|just)\b").ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    let wrapping = |t: &str| {
        matches!(t.to_lowercase().as_str(), "box" | "packaging" | "receipt" | "packet" | "bag" | "label" | "invoice")
    };
    rest.is_match(text)
        || (part.is_match(text) && thing.captures_iter(text).any(|c| !wrapping(&c["t"])))
        || another_part_at_fault(text)
}

/// The goods fine and another part of them at fault (outside attack 64, `part asked, no price told`): "the camera is
/// good but lens cap it was damage", "Tv arrived ok but the remote had a crack", "the laptop itself is fine", "not the
/// whole thing". "The kettle arrived ok but it leaks" tells the goods' own fault: no part.
fn another_part_at_fault(text: &str) -> bool {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((fine_but, itself)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:is|was|arrived|came)\s+(?:\w+\s+)?(?:fine|ok(?:ay)?|good|great|perfect|grand)\s*,?\s+but\s+(?:the\s+|its\s+|my\s+)?(?P<next>[a-z][\w-]*)(?:\s+(?P<next2>[a-z][\w-]*))?").ok()?,
                Regex::new(r"(?i)\b[a-z][\w-]*\s+itself\s+is\s+(?:fine|ok(?:ay)?|good|great|perfect)\b|\bnot\s+the\s+whole\s+(?:thing|order|item|lot)\b").ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    // The part must be what the ask names ("money back for the lens cap only", "refund the charger"): "the blender is
    // fine but the jug leaks … I'd just like a refund" asks the whole.
    let lower = text.to_lowercase();
    let asked = |part: &str| {
        ["refund ", "refund the ", "refund for the ", "refund for ", "back for the ", "back for ", "credit the "]
            .iter()
            .any(|head| lower.contains(&format!("{head}{part}")))
    };
    itself.is_match(text)
        || fine_but.captures_iter(text).any(|c| {
            let next = c["next"].to_lowercase();
            !matches!(
                next.as_str(),
                "it" | "its"
                    | "it's"
                    | "they"
                    | "this"
                    | "that"
                    | "i"
                    | "we"
                    | "you"
                    | "now"
                    | "then"
                    | "after"
                    | "when"
                    | "the"
                    | "there"
                    | "still"
                    | "not"
                    | "no"
            ) && (asked(&next) || c.name("next2").is_some_and(|m| asked(&m.as_str().to_lowercase())))
        })
}

/// ADR-399: the one figure a partial ask can mean — a price, a figure asked or an unexplained figure below the order's
/// amount (counts, years, identifiers, other purchases and arithmetic left out), when the customer's words say the
/// refund is for a part and there is exactly one such value. The order's amount is never the answer to a partial ask.
pub fn part_asked(text: &str, order_cents: i64) -> Option<i64> {
    if !partial_cue()?.is_match(text) {
        return None;
    }
    let figs = read(text);
    // The part's own figure asked, and it is the whole order's ("the money for the hose back please, the 39.95" on a
    // 39.95 order, blind84 `g-001`): that figure, never another price below it.
    let asked: Vec<i64> =
        figs.iter().filter(|f| f.role == Role::Asked && f.why != WHY_FULL_PLUS).map(|f| f.cents).collect();
    if !asked.is_empty() && asked.iter().all(|c| *c == order_cents) {
        return None;
    }
    let mut values: Vec<i64> = figs
        .into_iter()
        .filter(|f| match f.role {
            Role::Asked => f.why != WHY_FULL_PLUS,
            Role::Price => true,
            Role::Context => f.why == WHY_UNASKED,
            Role::Arithmetic | Role::Restated => false,
        })
        .map(|f| f.cents)
        .filter(|c| *c > 0 && *c < order_cents)
        .collect();
    values.sort_unstable();
    values.dedup();
    match values[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// The role table as lines for the decision trace.
pub fn describe(text: &str) -> Vec<(String, String)> {
    let figs = read(text);
    let mut out: Vec<(String, String)> = figs
        .iter()
        .map(|f| {
            (format!("role of {}: {:?} ({})", crate::money(f.cents), f.role, f.why), text[f.at..f.end].to_string())
        })
        .collect();
    out.push((format!("figures asked (the roles): {:?}", asked(&figs)), String::new()));
    out
}

#[cfg(test)]
mod tests {
    use super::{Role, read};

    fn roles(text: &str) -> Vec<(i64, Role)> {
        read(text).into_iter().map(|f| (f.cents, f.role)).collect()
    }

    /// Each figure gets one role from its sentence: context for another purchase and a story's price, asked for the
    /// part's price told right after naming the part asked back.
    #[test]
    fn a_parts_price_after_naming_it_is_asked_among_context_figures() {
        let text = "Two years ago I bought a sofa ($1,300) from you. Gas is $4.10 here now. I'd like to send just the \
                    lamp back. It was 42.99. Please refund the lamp.";
        assert_eq!(roles(text), vec![(130_000, Role::Context), (410, Role::Context), (4_299, Role::Asked)]);
    }

    /// The working's operands are arithmetic, its stated result in an ask line is asked; a claim's bare figure is asked.
    #[test]
    fn a_stated_result_and_a_claimed_figure_are_asked() {
        assert_eq!(
            roles("Credit requested: 2 x 14.95 = 29.90"),
            vec![(200, Role::Arithmetic), (1_495, Role::Arithmetic), (2_990, Role::Asked)]
        );
        assert_eq!(
            roles("600 was what I paid, so I'm claiming 700."),
            vec![(60_000, Role::Price), (70_000, Role::Asked)]
        );
    }

    /// ADR-399: a partial ask with one part's figure below the order's amount asks that figure (the blind first
    /// runs' over-payments: the order's amount paid for one knife, one organiser, one light, a 15 % goodwill).
    #[test]
    fn a_partial_ask_means_the_one_part_figure_never_the_order() {
        let cases = [
            (
                "Its price in your website is 19.90. Kindly return to me this amount only, the other knifes are very good.",
                8_990,
                Some(1_990),
            ),
            (
                "Price each one is 15.5 dollar. Please return money for one piece only, 15.5. Other one I use.",
                3_100,
                Some(1_550),
            ),
            (
                "14 degrees in July! Could you just give me the money for the light back? It was 24,99 on the invoice. The rest can stay.",
                11_297,
                Some(2_499),
            ),
            (
                "please process the agreed goodwill partial refund of 15% on invoice 7731 ($200.00), i.e. $30.00.",
                20_000,
                Some(3_000),
            ),
            ("I only want my money back, it was 20.00 for the delivery and it never came.", 8_000, None),
            ("Refund it please. I paid 12.50 and 30.00 for the two parts, keep the rest.", 8_000, None),
        ];
        for (text, order, want) in cases {
            assert_eq!(super::part_asked(text, order), want, "{text}");
        }
    }

    /// A typo restated well written is replaced; a figure glossed in brackets is not a restatement; a bare number
    /// that is a reference or a size is never asked.
    #[test]
    fn restatements_glosses_and_references() {
        assert_eq!(
            roles("Please refund 1999 for the small one - I mean 19.99 obviously."),
            vec![(199_900, Role::Restated), (1_999, Role::Asked)]
        );
        assert!(roles("Amount requested: 18.99 (1899)").first().is_some_and(|r| *r == (1_899, Role::Asked)));
        // A size or a count wished for is no money asked; the same wish beside money is (b38 g-051).
        for size in ["The bike is too big for me, the frame 58, I need 54.", "They sent size 42, I want 44", "I need 3"]
        {
            assert!(roles(size).iter().all(|(_, r)| *r != Role::Asked), "{size}: {:?}", roles(size));
        }
        assert_eq!(roles("I need 54 back for the frame"), vec![(5_400, Role::Asked)]);
        assert!(
            roles("Kindly process full reimbursement for PO 2231 (sectional sofa, 3-piece, charcoal).")
                .iter()
                .all(|(_, r)| *r != Role::Asked)
        );
    }
}
