//! Kinds of reading from b25's misses (issue 16, desk24; ADR-1015…ADR-1019), each a typed step tested on
//! constructions written for it in several registers (terse, rambling, non-native, forwarded, jargon), never on a
//! blind set's sentences:
//!
//! - [`story_figure`] (kind 1, ADR-1015): a figure told in a sentence that does not ask — a tip or a gift to someone
//!   else ("gave the driver 3 dollars for his trouble"), a rate of another service ("6 euro a lesson", "12 an
//!   hour") — is not the amount asked by a request that names none: that request asks the order's amount. Unless
//!   the asking sentence points back at the figure ("refund that", "this money", "the 8") or names the rate's unit
//!   ("the missed session"), or the figure's sentence proposes it ("12 would be fair"). A third party's word beside
//!   a price ("the bus pass holder was 12 dollars") is no story.
//! - [`minor_value`] and [`minor_label`] (kind 2, ADR-1016): a whole number whose note says it is in minor units
//!   ("7495 (minor units, USD)", "15000 (in cents, USD)", "Sum in minor currency units: 2450 EUR") is that many
//!   cents, whatever else the note says.
//! - [`gross_of_breakdown`] (kind 3, ADR-1017): a net, a tax and a gross figure that add up (net + tax = gross), the
//!   gross marked as the amount ("<- to be refunded", "refund the gross") or the only total: the gross is the ask.
//! - [`share_result`] (kind 4, ADR-1018): a share of the money with its result named ("half back, so 30", "a third
//!   = 20 please", "50% of the order, i.e. 35.00") asks the result when it is that share of the order's amount; a
//!   result that is not that share cannot be settled (U1), neither the result nor the share is paid.
//! - [`state_of_record`] (kind 5, ADR-1019): a question about the state of a refund on record ("confirm the status
//!   of the above refund", "has it gone through", "the expected value date", "when will the credit land") asks
//!   nothing new: its refund words are no request (C1, not X4), unless a new ask follows.

use super::{CUR_AFTER, CUR_BEFORE, NUM, clause_intent, clauses, to_cents};
use regex::Regex;
use std::sync::OnceLock;

/// A money-looking figure: a currency before or after, or a number.
fn fig() -> String {
    format!(r"(?:(?:{CUR_BEFORE})\s?)?(?:{NUM})(?:\s?(?:{CUR_AFTER}))?")
}

struct Res {
    figure: Regex,
    number: Regex,
    // kind 1
    tip: Regex,
    payment_part: Regex,
    own_cost: Regex,
    other_time: Regex,
    not_proposed: Regex,
    rate_after: Regex,
    proposal: Regex,
    pointer: Regex,
    shop: Regex,
    // kind 2
    minor_value: Regex,
    minor_label: Regex,
    // kind 3
    net: Regex,
    tax: Regex,
    gross: Regex,
    marked: Regex,
    asks_net: Regex,
    // kind 4
    share: Regex,
    money_word: Regex,
    after_result: Regex,
    // kind 5
    state: Regex,
}

fn res() -> Option<&'static Res> {
    static RES: OnceLock<Option<Res>> = OnceLock::new();
    RES.get_or_init(|| {
        let f = fig();
        Some(Res {
            figure: Regex::new(&format!(r"(?i){f}")).ok()?,
            number: Regex::new(NUM).ok()?,
            // A tip, or money given to someone who is not the shop for their help ("tipped them 5 each", "gave him 3
            // dollars for carrying it", "a 4 quid tip", "gave the driver a tenner for his trouble").
            tip: Regex::new(
                r"(?i)\b(?:tip(?:ped|s)?|gratuity)\b[^.?!\n]{0,40}$|^[^.?!\n]{0,12}\b(?:tip|gratuity)\b|\bgave\s+(?:him|her|them|the\s+(?:driver|courier|guys?|lads?|men|delivery\s+\w+|fitter|installer|porter|postman|postie))\s+(?:(?:a|an|each)\s+)?$",
            )
            .ok()?,
            // A part of the payment told (outside attack 56): an instalment, a deposit, what a voucher, a gift card or
            // points covered, half on one card ("Instalment plan, 3 x $400.00", "My first $40.00 instalment has gone",
            // "$60.00 came off my gift card, the rest from PayPal", "Half ($400.00) on my credit card").
            payment_part: Regex::new(concat!(
                r"(?i)\b(?:instal(?:l)?ments?|instal(?:l)?ment\s+plan|deposit|voucher|gift\s*card|store\s+credit|reward\s+points|points|",
                r"klarna|afterpay|clearpay|affirm|paypal\s+(?:pay\s+in|credit)|credit\s+card|debit\s+card|birthday\s+money|",
                r"half\s+(?:\([^)]*\)\s+)?(?:on|with|by|from|via|paid)|",
                r"first\s+payment|payments\s+of|monthly|came\s+(?:off|from|out\s+of)|went\s+out|covered|the\s+rest|remainder|",
                r"paid\s+part|part\s+with)\b",
            ))
            .ok()?,
            // A cost of the customer's own to send it back or to receive it (outside attack 56): "Returned via Evri for
            // $7.95", "It cost me $8.99 to return the lamp", "Had to pay $4.50 customs", "Spent $11.20 on batteries".
            own_cost: Regex::new(concat!(
                r"(?i)\b(?:postage|return\s+(?:postage|shipping|label|courier|fee|cost)|customs|import\s+(?:fee|duty|charge|tax)|duty|",
                r"label|hermes|evri|royal\s+mail|signed[- ]for|recorded|post\s+office|batteries|petrol|fuel|taxi|parking|",
                r"at\s+(?:my|our)\s+own\s+(?:cost|expense)|out\s+of\s+(?:my|our)\s+(?:own\s+)?pocket|(?:cost|set)\s+me\b|(?:posted|shipped|shipping|sent|mailed)\s+(?:it\s+|them\s+|the\s+\w+\s+)?back|",
                r"(?:returned|sent\s+(?:it\s+|them\s+)?back)\s+(?:it\s+|them\s+)?(?:via|by|with|for))\b",
            ))
            .ok()?,
            // Goods got at another time or by someone else (outside attack 56): "Bought 2 last year at $25 each",
            // "Back in 2024 I got two for $30 each", "At work we got 10 of these at $8 each", "I gave 2 as gifts last
            // Christmas ($35 each)", "Used to buy these 2 for $20 at the market".
            other_time: Regex::new(concat!(
                r"(?i)\b(?:last\s+(?:year|month|week|time|christmas|summer|winter|spring|autumn)|(?:a\s+)?(?:few\s+)?(?:years?|months?)\s+ago|",
                r"previously|in\s+the\s+past|over\s+the\s+years|used\s+to\s+(?:buy|get|have|order)|back\s+in\s+(?:\d{4}|the\s+day)|",
                r"(?:had|bought|got|ordered)\s+(?:\w+\s+){0,3}?before|at\s+work\s+we|as\s+gifts?|at\s+the\s+market|",
                r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+(?:i|we)\b)",
            ))
            .ok()?,
            not_proposed: Regex::new(
                r"(?i)\b(?:store\s+credit|credit\s+card|credit\s+union|(?:sent|send|posted|post|shipped|ship|shipping|mailed|set\s+me)\s+(?:it\s+|them\s+|the\s+\w+\s+)?back)\b",
            )
            .ok()?,
            // A rate: a figure per unit of time or of a service ("6 euro a lesson", "12 an hour", "30 per month").
            rate_after: Regex::new(
                r"(?i)^\s*(?:(?:a|an|per|each|every)\s+)(?P<unit>session|lesson|class|hour|hr|day|night|week|month|visit|ride|trip|go|round|fill|shift|appointment)s?\b",
            )
            .ok()?,
            // A sentence that proposes its figure as the settlement ("12 would be fair", "happy with 10").
            proposal: Regex::new(
                r"(?i)\b(?:fair|reasonable|enough|would\s+do|will\s+do|cover|happy\s+with|ok(?:ay)?\s+with|fine\s+with|accept|settle\s+for|suffice|compensat\w*|back|refund\w*|reimburs\w*|credit|owe)\b",
            )
            .ok()?,
            // An asking sentence that points back at a figure ("refund that", "this money", "the 8", "that much").
            pointer: Regex::new(&format!(
                r"(?i)\b(?:this|that|these|those|the\s+said|said|the\s+same)\s+(?:money|amount|sum|figure|value|much|cash|fee|tip|charge|cost|price|bit)\b|\b(?:refund|reimburse|return|repay|credit)\s+(?:me\s+)?(?:that|this|those|these)\b|\b(?:that|this)\s+(?:back|refunded|returned|reimbursed)\b|\bthe\s+(?:{NUM})\b"
            ))
            .ok()?,
            // The shop as the one whose rate it is ("your lessons", "you charge").
            shop: Regex::new(
                r"(?i)\byour\s+(?:\w+\s+)?(?:lesson|session|class|classe|course|service|rate|price|fee|subscription|plan|membership|rental|hire)s?\b|\byou\s+(?:\w+\s+)?(?:charge|bill|ask)\b",
            )
            .ok()?,
            // A field value in minor units with its note ("7495 (minor units, USD)", "15000 (in cents, USD)",
            // "899 [minor]").
            minor_value: Regex::new(
                r"(?i)^\s*(?:[A-Z]{3}\s+)?(\d{1,9})\s*(?:[A-Z]{3}\s*)?[(\[][^()\[\]]{0,30}?\b(?:minor(?:\s+currency)?(?:\s+units?)?|cents?|pence|cts|subunits?|smallest\s+units?)\b[^()\[\]]{0,30}[)\]][\s.]*$",
            )
            .ok()?,
            // A label that says its value is in minor units ("Sum in minor currency units", "amount (minor)",
            // "value minor units").
            minor_label: Regex::new(
                r"(?i)\b(?:amount|amt|sum|value|total|refund|credit)\b.*\b(?:minor(?:\s+currency)?(?:\s+units?)?|cents|pence|subunits?)\b",
            )
            .ok()?,
            // The lines of a breakdown: a net, a tax and a gross figure.
            net: Regex::new(&format!(
                r"(?i)\b(?:net|nett|subtotal\s*\(net\)|net\s+(?:amount|value|price|total))\b\s*(?:amount|value|price|total)?\s*[:=.\-]*\s*(?P<f>{f})"
            ))
            .ok()?,
            tax: Regex::new(&format!(
                r"(?i)\b(?:vat|tax|gst|mwst|iva|tva|sales\s+tax)\b(?:\s*\(?\s*\d{{1,2}}(?:[.,]\d+)?\s?%\s*\)?)?\s*[:=.\-]*\s*(?P<f>{f})"
            ))
            .ok()?,
            gross: Regex::new(&format!(
                r"(?i)\b(?:gross|total\s+gross|gross\s+(?:amount|total|value)|total\s+incl(?:\.|uding)?\s+(?:vat|tax)|total)\b\s*(?:amount|value)?\s*[:=.\-]*\s*(?P<f>{f})"
            ))
            .ok()?,
            // The gross line marked as the amount.
            marked: Regex::new(
                r"(?i)^[^\n]{0,20}?(?:<-+|<=+|←|\*|\bto\s+be\s+(?:refunded|credited|reimbursed|repaid)|\brefund\s+(?:this|that)\b|\b(?:amount|sum)\s+(?:to\s+(?:be\s+)?)?(?:refund|credit|reimburs)\w*|\bclaimed\b|\brequested\b)",
            )
            .ok()?,
            // An ask for the net alone ("the net only", "refund the net", "excluding VAT").
            asks_net: Regex::new(
                r"(?i)\b(?:the\s+net\b(?:\s+\S+){0,2}\s+only|net\s+only|only\s+the\s+net|refund\s+the\s+net|excl(?:\.|uding)?\s+(?:vat|tax)|without\s+(?:the\s+)?(?:vat|tax)|reclaim\s+(?:the\s+)?(?:vat|tax))\b",
            )
            .ok()?,
            // A share of the money, its result named after a joiner ("half back, so 30", "a third = 20", "50% of the
            // order, i.e. 35.00", "the half of my money back, it is 40 euro").
            share: Regex::new(&format!(
                r"(?i)\b(?P<share>(?:half|a\s+third|one\s+third|a\s+quarter|one\s+quarter|quarter|third)\b|(?P<pct>\d{{1,2}}(?:[.,]\d+)?)\s?(?:%|percent\b|per\s?cent\b))(?P<mid>(?:\s+of)?(?:\s+(?:the|my|our|your|this|that))?(?:\s+(?:money|order|price|total|amount|cost|refund|purchase|invoice|payment|value|sum|bill))?(?:\s+(?:value|amount|total|price))?(?:\s+(?:back|refund(?:ed)?|credit(?:ed)?|returned))?(?:\s+(?:is|would\s+be|seems|sounds)\s+(?:fair|ok|okay|right|reasonable|enough|good))?)\s*(?:,\s*|\s+|\s*)(?:so\s+(?:that'?s\s+|that\s+is\s+|it'?s\s+)?|=\s*|-+>\s*|→\s*|i\.\s?e\.?,?\s*|ie\s+|that\s+makes\s+|that'?s\s+|that\s+is\s+|it\s+is\s+|it'?s\s+|which\s+is\s+|makes\s+|comes\s+to\s+|equals\s+|(?:it\s+|this\s+|that\s+|which\s+)?means\s+|:\s*)(?:(?:about|only|just)\s+)?(?P<res>{f})"
            ))
            .ok()?,
            money_word: Regex::new(
                r"(?i)\b(?:back|refund\w*|money|price|order|amount|total|cost|paid|credit|reimburs\w*|please|pls|plz|return)\b",
            )
            .ok()?,
            // After a result: the end, a currency word, or a word of asking; never a counted noun ("so 20 pages").
            after_result: Regex::new(
                r"(?i)^\s*(?:$|[.,;:!?)\-]|\n|(?:please|pls|plz|back|for|to|then|total|only|refund\w*|thanks?|thx|ok|okay|and|as|because|since|is|would|i|if|in)\b)",
            )
            .ok()?,
            // A question about the state of a refund on record (its noun phrase may carry any determiner and
            // adjective: "the above refund", "the credit issued on this order").
            state: Regex::new(concat!(
                r"(?i)\b(?:confirm|advise|tell\s+(?:me|us)|let\s+(?:me|us)\s+know|check|clarify|provide|share|update\s+(?:me|us)\s+on)\s+",
                r"(?:(?:me|us)\s+)?(?:of\s+|on\s+|about\s+)?(?:the\s+|its\s+|their\s+)?",
                r"(?:(?:processing|current|payment|transfer)\s+)?(?:status|value\s+date|settlement\s+date|expected\s+(?:value\s+|settlement\s+|payment\s+|credit\s+)?date|date|timing|progress|whether\s+it\s+has\s+been\s+\w+)",
                r"[^.?!\n]{0,80}",
                r"|\bstatus\s+of\s+(?:the|my|our|this|that)\s+(?:(?:above|said|recent|earlier|previous|last|pending|mentioned|issued|approved)\s+)?(?:refund|credit|reimbursement)[^.?!\n]{0,80}",
                r"|\b(?:has|did|is)\s+(?:it|the\s+(?:above|said)\s+(?:refund|credit))\s+(?:gone|go|been|come|landed|cleared|arrived)\s*(?:through|thru|processed|released|paid|out|in)?\b",
                r"|\bwhen\s+will\s+(?:it|the\s+(?:refund|credit|money|reimbursement))\s+(?:land|arrive|clear|reach|show|appear|be\s+(?:paid|credited|released))\b",
                r"|\b(?:what\s+is|what'?s)\s+the\s+(?:expected\s+)?(?:value|settlement)\s+date\b",
                r"|\bvalue\s+date\b",
            ))
            .ok()?,
        })
    })
    .as_ref()
}

fn value(figure: &str) -> Option<i64> {
    let r = res()?;
    to_cents(r.number.find(figure)?.as_str())
}

/// The clause spans of `own` with whether each asks.
fn asking_spans(own: &str) -> Vec<(usize, usize, bool)> {
    clauses(own).into_iter().map(|(s, e)| (s, e, clause_intent(&own[s..e]).request)).collect()
}

/// Kind 1: whether `cents`, the amount the reader took, is a figure the story tells and no sentence asks — a tip or a
/// gift to someone else, a rate of another service, a part of the payment (an instalment, a deposit, a voucher) — while the asking sentences name
/// no figure and point back at none. Then the request names no amount: the order's (ADR-1015).
pub fn story_figure(own: &str, cents: i64) -> bool {
    let Some(r) = res() else { return false };
    let spans = asking_spans(own);
    let mut told = 0;
    let mut units: Vec<String> = Vec::new();
    for (s, e, asks) in &spans {
        let clause = &own[*s..*e];
        for m in r.figure.find_iter(clause) {
            let Some(v) = value(m.as_str()) else { continue };
            if *asks {
                // A figure in an asking sentence: it may be the ask; never read past it — unless a cost of one's own
                // tells it right before, in a part of its own, and the ask after names no figure and points at none
                // ("Returned the boots at my own expense ($9.40), may I have my refund now please", outside attack 56).
                let near_before = &clause[clause.floor_char_boundary(m.start().saturating_sub(30))..m.start()];
                let told_apart = v == cents
                    && r.own_cost.is_match(near_before)
                    && clause[m.end()..].find([',', ';']).is_some_and(|c| {
                        let ask = &clause[m.end() + c..];
                        !r.figure.is_match(ask) && !r.pointer.is_match(ask)
                    });
                if !told_apart {
                    return false;
                }
                told += 1;
                continue;
            }
            if v != cents {
                continue;
            }
            let head = &clause[..m.start()];
            let tail = &clause[m.end()..];
            // A sentence that proposes or asks its figure ("12 would be fair", "8 back", "refund 8") keeps it.
            // "store credit" and "credit card" name a way of paying, "sent it back" the goods' way: nothing proposed.
            if r.proposal.is_match(&r.not_proposed.replace_all(clause, " ")) {
                return false;
            }
            let rate = r.rate_after.captures(tail);
            // A rate the shop charges ("your lessons are 15 an hour") is the price of what was ordered.
            if rate.is_some() && r.shop.is_match(clause) {
                return false;
            }
            // The words right after the figure ("4 quid tip"), cut at a character boundary.
            let near = tail.char_indices().nth(20).map_or(tail, |(i, _)| &tail[..i]);
            // A third party's word in the sentence alone ("the bus pass holder was 12 dollars") is no story: only a
            // tip or a rate is.
            // A payment part is told by its sentence ("Paid part with store credit ($40.00) and part with PayPal").
            let sentence = super::desk25::sentences(own)
                .find(|x| {
                    let at = x.as_ptr() as usize - own.as_ptr() as usize;
                    at <= *s && *s < at + x.len()
                })
                .unwrap_or(clause);
            // A cost of one's own is told by its sentence or the one before ("Returned via Hermes. It was $6.50.").
            let before_sentence =
                super::desk25::sentences(own).take_while(|x| !std::ptr::eq(*x, sentence)).last().unwrap_or("");
            let is_story = r.tip.is_match(head)
                || r.tip.is_match(near)
                || rate.is_some()
                || r.payment_part.is_match(sentence)
                || r.own_cost.is_match(sentence)
                || r.other_time.is_match(sentence)
                || (r.own_cost.is_match(before_sentence) && !r.figure.is_match(before_sentence));
            if !is_story {
                return false;
            }
            if let Some(u) = rate.and_then(|c| c.name("unit").map(|u| u.as_str().to_lowercase())) {
                units.push(u);
            }
            told += 1;
        }
    }
    if told == 0 {
        return false;
    }
    // The asking sentences point back at nothing and name no unit of the rate ("the missed session", "one lesson").
    !spans.iter().filter(|(_, _, asks)| *asks).any(|(s, e, _)| {
        let clause = own[*s..*e].to_lowercase();
        r.pointer.is_match(&clause) || units.iter().any(|u| clause.contains(u.as_str()))
    }) && !units.iter().any(|u| counted_unit(own, u))
}

/// Whether a sentence tells goods got at another time or by someone else ("Bought 2 last year at $25 each").
pub fn other_time_told(sentence: &str) -> bool {
    res().is_some_and(|r| r.other_time.is_match(sentence))
}

/// Whether a span tells a cost of the customer's own to send the goods back or to receive them ("Returned via Evri for
/// $7.95", "It cost me $8.99 to return the lamp", "Had to pay $4.50 customs").
pub fn own_cost_told(span: &str) -> bool {
    res().is_some_and(|r| r.own_cost.is_match(span))
}

/// Whether the text counts units of a rate ("one session", "2 lessons", "the missed class") or makes them the shop's
/// ("your classes", "you cancelled the session"): the order may be sold by that unit, and the rate then is its price.
fn counted_unit(own: &str, unit: &str) -> bool {
    let u = regex::escape(unit);
    // The rate's own "12 an hour" counts nothing: a middle word that makes a rate is no count.
    Regex::new(&format!(
        r"(?i)\b(?:one|two|three|four|five|\d+|a\s+single|the\s+(?:missed|cancell?ed|last|first|second)|that|this)\s+(?:(?P<mid>\w+)\s+)?{u}s?\b|\byour\s+(?:\w+\s+)?{u}e?s?\b|\byou\s+(?:\w+\s+)?(?:cancell?ed|booked|charged?|sold|ran|run|offer(?:ed)?|moved)\b[^.?!\n]{{0,20}}\b{u}"
    ))
    .is_ok_and(|re| {
        re.captures_iter(own).any(|c| {
            !c.name("mid").is_some_and(|m| matches!(m.as_str().to_lowercase().as_str(), "a" | "an" | "per" | "each" | "every"))
        })
    })
}

/// Kind 2: a field value whose note says it is in minor units, whatever else the note says ("7495 (minor units,
/// USD)", "GBP 3999 (minor)", "15000 (in cents, USD)"): that many cents (ADR-1016).
pub fn minor_value(value: &str) -> Option<i64> {
    res()?.minor_value.captures(value)?.get(1)?.as_str().parse().ok()
}

/// Kind 2: a field label that says its value is in minor units anywhere in it ("Sum in minor currency units", "Value
/// (minor units, EUR)", "amount in cents").
pub fn minor_label(label: &str) -> bool {
    res().is_some_and(|r| r.minor_label.is_match(label))
}

/// Kind 2: the whole number of a value written under a minor-units label, its currency code or sign dropped ("2450
/// EUR", "USD 899").
pub fn minor_number(value: &str) -> Option<i64> {
    let v = value.trim().trim_end_matches('.').trim();
    let v = v.trim_start_matches(|c: char| c.is_ascii_uppercase() || matches!(c, '$' | '€' | '£')).trim();
    let v = v.trim_end_matches(|c: char| c.is_ascii_uppercase() || matches!(c, '$' | '€' | '£')).trim();
    (!v.is_empty() && v.len() <= 9 && v.chars().all(|c| c.is_ascii_digit())).then(|| v.parse().ok()).flatten()
}

/// Kind 3: a breakdown's gross when it is the amount asked (ADR-1017): a net, a tax and a gross figure with net + tax
/// = gross, the gross line marked as the amount ("<- amount to be refunded", "to be credited") or the only total, and
/// no ask for the net alone. `None` when there is no such breakdown.
pub fn gross_of_breakdown(own: &str) -> Option<i64> {
    let r = res()?;
    let pick = |re: &Regex| -> Vec<(usize, usize, i64)> {
        re.captures_iter(own)
            .filter_map(|c| {
                let m = c.name("f")?;
                Some((m.start(), m.end(), value(m.as_str())?))
            })
            .collect()
    };
    let nets = pick(&r.net);
    let taxes = pick(&r.tax);
    let grosses = pick(&r.gross);
    if r.asks_net.is_match(own) {
        return None;
    }
    let consistent: Vec<(usize, usize, i64)> = grosses
        .iter()
        .copied()
        .filter(|(_, _, g)| nets.iter().any(|(_, _, n)| taxes.iter().any(|(_, _, t)| n + t == *g)))
        .collect();
    let mut values: Vec<i64> = consistent.iter().map(|g| g.2).collect();
    values.sort_unstable();
    values.dedup();
    let [gross] = values.as_slice() else { return None };
    // Marked on its line, or the only total of the text.
    let marked = consistent.iter().any(|(_, end, _)| {
        let line_end = own[*end..].find('\n').map_or(own.len(), |i| end + i);
        r.marked.is_match(&own[*end..line_end])
    });
    let mut totals: Vec<i64> = grosses.iter().map(|g| g.2).collect();
    totals.sort_unstable();
    totals.dedup();
    (marked || totals.len() == 1).then_some(*gross)
}

/// What a share with its result named asks (kind 4, ADR-1018).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareResult {
    /// The result is that share of the order's amount: the amount asked.
    Consistent(i64),
    /// The result is not that share of the order's amount: the ask cannot be settled (U1).
    Inconsistent,
}

/// Kind 4: a share of the money with its result named after it ("half back, so 30", "a third = 20 please", "50% of
/// the order, i.e. 35.00"), checked against the order's amount: the result when it is that share (to the cent, a
/// third rounded either way), else [`ShareResult::Inconsistent`]. `None` when the text names no such share, when the
/// share is of a figure it names ("half of 40 is 20": another step reads that), or when it is no share of money.
pub fn share_result(own: &str, order_cents: i64) -> Option<ShareResult> {
    let r = res()?;
    let c = r.share.captures(own)?;
    let (share, mid, result) = (c.name("share")?, c.name("mid")?, c.name("res")?);
    // A share of a figure named between ("half of 40 is 20") is worked out by another step.
    if r.figure.is_match(mid.as_str()) && r.number.is_match(mid.as_str()) {
        return None;
    }
    // The result stands as money: no counted noun after it ("so 20 pages").
    if !r.after_result.is_match(&own[result.end()..]) {
        return None;
    }
    // A share of the money: a money word in the share's sentence.
    let (s, e) = clauses(own).into_iter().find(|(s, e)| *s <= share.start() && share.start() < *e)?;
    if !r.money_word.is_match(&own[s..e.max(result.end())]) {
        return None;
    }
    let got = value(result.as_str())?;
    let word = share.as_str().to_lowercase();
    let (num, den): (i64, i64) = if let Some(p) = c.name("pct") {
        let pct = to_cents(p.as_str())?; // hundredths of a percent
        (pct, 10_000)
    } else if word.contains("half") {
        (1, 2)
    } else if word.contains("third") {
        (1, 3)
    } else {
        (1, 4)
    };
    let exact = order_cents * num;
    // The result to the cent: a share that does not divide is rounded down or up.
    let down = exact / den;
    let up = (exact + den - 1) / den;
    Some(if got == down || got == up { ShareResult::Consistent(got) } else { ShareResult::Inconsistent })
}

/// Kind 5: the span of a question about the state of a refund on record in a clause ("confirm the status of the above
/// refund", "has it gone through", "the expected value date"), if any (ADR-1019): its refund words ask nothing.
pub fn state_of_record(clause: &str) -> Option<regex::Match<'_>> {
    res()?.state.find(clause)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn story_figures_are_not_asks() {
        // Registers: rambling, terse, non-native, forwarded, jargon.
        let told = [
            (
                "The courier was lovely, I gave him 3 dollars for carrying it upstairs. The kettle leaks. Could you refund me please?",
                300,
            ),
            ("swim class is 6 euro a lesson. goggles leak. refund pls", 600),
            ("gave a €4 tip — the driver carried it. Toaster dead. Refund please.", 400),
            ("I am paying 2 euro each day for the parking at work. The bag is broken. Please make me refund.", 200),
            (
                "the babysitter is 12 an hour and she waited all day for the van. The pram came broken. I want a refund.",
                1200,
            ),
        ];
        for (t, v) in told {
            assert!(story_figure(t, v), "{t}");
        }
        // Controls: pointed back at, proposed, asked in the same sentence, a rate's unit named in the ask.
        let kept = [
            ("The lid alone was 6 euro. Please refund this money.", 600),
            ("I think 12 dollars would be fair. Can you do a refund?", 1200),
            ("Tip was 5. Refund 20 for the dent.", 500),
            ("It is 8 a session. Please refund the missed session.", 800),
            ("It is 8 a session and you cancelled one session. Refund me please.", 800),
            ("Your lessons are 15 an hour. Refund me please.", 1500),
            ("parking was 4. refund the 4 please", 400),
        ];
        for (t, v) in kept {
            assert!(!story_figure(t, v), "{t}");
        }
    }

    #[test]
    fn minor_unit_notes_are_read_whatever_else_they_say() {
        assert_eq!(minor_value("7495 (minor units, USD)"), Some(7495));
        assert_eq!(minor_value(" 15000 (in cents, EUR)"), Some(15000));
        assert_eq!(minor_value("GBP 3999 [minor]"), Some(3999));
        assert_eq!(minor_value("74.95 (USD)"), None);
        assert!(minor_label("Sum in minor currency units"));
        assert!(minor_label("Value (minor units, EUR)"));
        assert!(!minor_label("Amount"));
        assert_eq!(minor_number("2450 EUR."), Some(2450));
        assert_eq!(minor_number("USD 899"), Some(899));
        assert_eq!(minor_number("24.50"), None);
    }

    #[test]
    fn a_gross_beside_its_net_and_tax_is_the_ask() {
        assert_eq!(gross_of_breakdown("Net: 80.00\nVAT 20%: 16.00\nGross: 96.00 <- to be credited"), Some(9600));
        assert_eq!(gross_of_breakdown("net 41.00 EUR, VAT 7 % 2.87 EUR, total gross 43.87 EUR"), Some(4387));
        assert_eq!(gross_of_breakdown("Refund due: gross 119.00 (net 100.00 + VAT 19.00)."), Some(11900));
        // Controls: the figures do not add up; the net alone asked.
        assert_eq!(gross_of_breakdown("Net: 80.00\nVAT: 15.00\nGross: 96.00"), None);
        assert_eq!(gross_of_breakdown("Net 50.00, VAT 9.50, gross 59.50. Refund the net only."), None);
    }

    #[test]
    fn a_share_with_its_result_is_the_result_when_it_is_that_share() {
        use ShareResult::*;
        assert_eq!(share_result("glove missing. half back, so 15", 3000), Some(Consistent(1500)));
        assert_eq!(share_result("a third = 20 please", 6000), Some(Consistent(2000)));
        assert_eq!(share_result("quarter back -> 10", 4000), Some(Consistent(1000)));
        assert_eq!(share_result("refund 50% of the order, i.e. 35.00", 7000), Some(Consistent(3500)));
        assert_eq!(share_result("a third back, so 16.67", 5000), Some(Consistent(1667)));
        assert_eq!(share_result("half back, so 30", 4000), Some(Inconsistent));
        // Controls: no share of money; a share of a figure named.
        assert_eq!(share_result("half the pages are blank, so 20 pages missing", 4000), None);
        assert_eq!(share_result("half of 40 is 20, refund that", 4000), None);
        assert_eq!(share_result("18.00 plus 8% sales tax = 19.44. Please refund 19.44", 5400), None);
    }

    #[test]
    fn a_state_question_about_a_refund_on_record_is_found() {
        for t in [
            "please confirm the status of the above refund",
            "Could you confirm the value date of the credit to our account?",
            "has it gone through? when is the value date",
            "has the above refund gone thru",
            "kindly advise the settlement date",
            "when will the refund land",
        ] {
            assert!(state_of_record(t).is_some(), "{t}");
        }
        for t in ["please refund the lamp", "I want my money back to my account", "refund 20 please"] {
            assert!(state_of_record(t).is_none(), "{t}");
        }
    }
}
