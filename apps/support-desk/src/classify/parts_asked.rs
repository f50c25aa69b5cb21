//! A part of the order asked back (outside attack 57, ADR-1619): the ask's object is a piece, a fee, some units, one
//! payment, what was not used, or everything but a thing kept — never the whole order. The reference policy pays the
//! amount the customer asks; a part asked with no figure is "a partial refund with no figure" (U1), and a part whose
//! figure the ticket tells elsewhere asks that figure. The order's amount is never assumed in its place.
//!
//! A part is told by its shape, not by a list of goods:
//! - **a fee or an extra by nature**: a fee, a charge, a surcharge, an overcharge, a premium, an upgrade, an add-on, a
//!   warranty, an engraving, an installation or assembly service, express or tracked delivery ("Refund the express
//!   delivery charge", "Refund the extra I paid", "the priority handling fee");
//! - **what was not used or did not come**: the unused months, the remaining balance, the rest of the plan, the boxes
//!   "I didn't receive", the lessons "we couldn't take", what's left;
//! - **the whole but a thing kept**: "everything except the charger", "all of the order apart from the blue mug",
//!   "minus the rug", or a thing kept told beside the ask ("Keeping the pillows, sending back the duvet. Refund the
//!   duvet");
//! - **one of several**: "the broken one", "the other one", "one of the two lamps", "just the throw", "only the sauce",
//!   "2 out of 3 shirts";
//! - **some units counted with their state**: "the 3 missing jars", "the 2 broken bowls" (a count is never a figure of
//!   money);
//! - **one payment of several**: "the Visa part", "what went on the card", "my part", "mine".
//!
//! The part's figure is looked for beside the part's own words anywhere in the ticket ("a $15.00 gift card plus
//! $45.00 on my Visa. Refund the Visa part" → 45.00; "the bottle of wine, which is listed at $19.99. Please refund the
//! wine" → 19.99), or as a unit price times the units asked ("twice ($15.00 each). I've sent one back, please refund
//! it" → 15.00); a figure at or over the order's amount is the whole and never the part's.

use regex::Regex;
use std::sync::OnceLock;

/// What a part asked settles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartAsked {
    /// The part's figure, told in the ticket.
    Figure(i64),
    /// A part with no figure the ticket tells: U1.
    Unsettled,
}

struct Patterns {
    ask: Regex,
    fee: Regex,
    unused: Regex,
    except: Regex,
    kept: Regex,
    one_of: Regex,
    counted: Regex,
    payment: Regex,
    mine: Regex,
    unit_price: Regex,
    whole_object: Regex,
    whole_told: Regex,
    unused_whole: Regex,
    service_fee: Regex,
    giving_back: Regex,
}

/// What a "keep" keeps that is no goods of the order (a receipt, the box, the money, a free gift, a pet).
const NOT_KEPT: &[&str] = &[
    "receipt",
    "box",
    "packaging",
    "tracking",
    "original",
    "it",
    "them",
    "item",
    "order",
    "good",
    "money",
    "change",
    "difference",
    "cash",
    "rest",
    "lot",
    "whole",
    "refund",
    "credit",
    "free",
    "complimentary",
    "bonu",
    "gift",
    "dog",
    "cat",
    "kid",
    "children",
    "record",
    "note",
    "email",
    "photo",
    "picture",
];

/// Words that make "everything except …" tell a fault rather than a thing kept ("everything arrived except the
/// manual", "all fine except this one", "everything except the price was a disappointment").
const FAULT_TOLD: &[&str] = &[
    "fine",
    " ok",
    "okay",
    "good",
    "great",
    "perfect",
    "well",
    "this one",
    "that one",
    "this order",
    "that order",
    "arrived",
    "came",
    "turned up",
    "showed up",
    "delivered",
    "works",
    "worked",
    "was there",
    "disappoint",
    "bad",
    "wrong",
    "broken",
    "poor",
    "awful",
    "terrible",
    "problem",
];

const NUMBER_WORDS: &str = r"\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            // A word of money back: the sentence asks.
            ask: Regex::new(r"(?i)\b(?:refund\w*|reimburs\w*|money\s+back|(?:pay|give|send|put)\w*\s+(?:(?:me|us|it|that|the\s+\w+(?:\s+\w+)?)\s+)?back|credit\s+(?:me|us|back|line|the)|return\s+(?:my|the)\s+(?:money|deposit|down\s*payment)|(?:have|get|like|want|need)\s+(?:[\w$€£.,]+\s+){0,6}?back)\b|\bplease\s+credit(?:\s+(?:it|this|that|them|us|me))?\s*[.!]?\s*$").ok()?,
            fee: Regex::new(concat!(
                r"(?i)\b(?:the|my|that|this|your|for\s+the)\s+(?:[\w'‘’-]+\s+){0,3}?",
                r"(?:fee|fees|surcharge|overcharge|premium|upgrade|add-?on|warranty|engraving|installation|assembly|",
                r"gift[\s-]?wrap\w*|price\s+gap|insurance|monogram\w*|personali[sz]ation|embroidery|setup|set-up|activation|extra(?:\s+(?:cost|charge|i\s+paid|we\s+paid))?|",
                r"(?:express|next[\s-]day|priority|premium|tracked|same[\s-]day|expedited|special|upgraded)\s+(?:delivery|shipping|postage|handling)(?:\s+(?:charge|cost|fee))?|",
                r"(?:delivery|shipping|postage|handling|service|insurance|gift\s+box)\s+(?:charge|cost|fee|surcharge|upgrade|add-?on))\b",
                r"|\bwhat\s+(?:i|we)\s+paid\s+(?:over|above|extra|on\s+top)\b",
            ))
            .ok()?,
            unused: Regex::new(&format!(
                concat!(
                    r"(?i)\b(?:the\s+)?(?:unused|unutili[sz]ed|remaining|undelivered|unreleased|unsent|unshipped|outstanding)\s+(?:[\w-]+\s+)?[\w-]+",
                    r"|\bthe\s+(?:rest|remainder)\s+of\s+(?:my|the|our)\b",
                    r"|\bthe\s+other\s+(?:{n})\b",
                    r"|\b(?:you|they|the\s+\w+)\s+(?:didn'?t|did\s+not|never|couldn'?t|could\s+not)\s+(?:make|send|deliver|ship|do|provide|run|hold|release|supply)\b",
                    r"|\bthe\s+(?:weeks?|months?|days?|sessions?|visits?|classes|lessons?|matches|games|nights?|issues|boxes|bags|deliveries|modules)\s+(?:(?:i|we)\s+(?:was|were|am|are|'m|'re)\s+(?:away|missing|not\s+\w+)|(?:i|we)\s+(?:missed|can'?t|cannot|couldn'?t|won'?t|didn'?t)|(?:i'?m|we'?re)\s+missing)\b",
                    r"|\bwhat'?s\s+left\s+(?:on|of)\b",
                    r"|\b(?:the\s+)?(?:\w+\s+)?(?:i|we)\s+(?:didn'?t|did\s+not|never|couldn'?t|could\s+not)\s+(?:receive|get|take|use|attend)\b",
                    r"|\b(?:other|remaining|last|missing)\s+(?:{n})\s+(?:\w+\s+)?\w+",
                    r"|\b(?:months|weeks|days|issues|boxes|deliveries|sessions|lessons|classes)\s+(?:after|since|from)\s+(?:my|the|our)\s+cancel\w*",
                    r"|\bfor\s+the\s+missing\s+\w+s\b",
                ),
                n = NUMBER_WORDS
            ))
            .ok()?,
            except: Regex::new(r"(?i)\b(?:everything|all|the\s+(?:whole\s+)?(?:order|lot|items?))\b[^.!?\n]{0,25}?\b(?:except|apart\s+from|other\s+than|excluding|minus|bar|save\s+for)\s+(?:for\s+)?(?:the|my|one|a|that|this)\b|\b(?:everything|all)\s+but\s+(?:the|my|one|a|that|this)\b|\ball\s+(?:back\s+)?except\b|\bbut\s+not\s+the\b").ok()?,
            kept: Regex::new(r"(?i)\b(?:(?:i'?m|i\s+am|we'?re|we\s+are|i'?ll|we'?ll|i\s+will|we\s+will|happy\s+to|going\s+to|gonna)\s+)?(?:keep|keeping|hold(?:ing)?\s+on\s+to)\s+(?:the|my|one|both|two|three|four|five|all\s+the)\s+(?P<kept>[\w'-]+)").ok()?,
            one_of: Regex::new(&format!(
                concat!(
                    r"(?i)\b(?:the|my|that|those)\s+(?:other|broken|damaged|faulty|missing|second|third|cracked|torn|chipped|defective|returned|bad|dead|scratched|stained)\s+(?:one|pair)\b",
                    r"|\b(?:just|only)\s+(?:for\s+)?the\s+(?P<only>[a-z][\w-]+)\b",
                    r"|\b(?:sent|sending|send|returned|returning|return|posted|posting)\s+(?:one|two|three|the\s+other)\b(?:\s+(?:back|of\s+them))?",
                    r"|\b(?:one|two)\s+(?:is|are)\s+(?:going|being\s+sent|being\s+returned)\s+back\b",
                    r"|\bthe\s+one\s+[\w-]+\s+(?:that|which)\b|\bthe\s+[\w-]+\s+pair\b",
                    r"|\b(?:one|{n})\s+(?:out\s+)?of\s+(?:the\s+|my\s+)?(?:{n})\b",
                ),
                n = NUMBER_WORDS
            ))
            .ok()?,
            counted: Regex::new(&format!(
                r"(?i)\b(?:(?:refund|credit|reimburs|return)\w*\s+(?:me\s+)?(?:for\s+)?|(?:get|have|like|want|need)\s+)(?:the\s+)?(?P<n>{n})\s+(?:x\s+)?(?:missing|broken|damaged|faulty|cracked|torn|ripped|chipped|defective|wrong|melted|smashed|unused|leaking|leaky|dented|stained|dead|mouldy|moldy|expired|spoiled|faded|soaked|crushed|burst|split|bent)\s+(?P<noun>[a-z][\w-]+)",
                n = NUMBER_WORDS
            ))
            .ok()?,
            payment: Regex::new(r"(?i)\b(?:the\s+(?P<way>[\w-]+(?:\s+[\w-]+)?)\s+(?:part|bit|portion|payment|share)\b(?P<not_part>\s+(?:method|type|details|terms|plan|schedule|option|page|link|screen|confirmation|reference|date))?|what\s+(?:went|was\s+paid|i\s+paid|was\s+charged)\s+(?:on|by|with|to)\s+(?:the|my)\s+(?P<way2>[\w-]+(?:\s+[\w-]+)?)|the\s+part\s+(?:i|we)\s+paid\s+(?:by|with|on)\s+(?P<way3>[\w-]+(?:\s+[\w-]+)?)|whatever\s+(?:i|we)\s+paid\s+(?:in|by|with|on)\s+(?P<way4>[\w-]+))\b").ok()?,
            mine: Regex::new(r"(?i)\b(?:refund|credit|return|give|send|pay)\w*\s+(?:back\s+)?(?:me\s+)?(?:mine|my\s+(?:part|share|half|portion|bit))\b").ok()?,
            unit_price: Regex::new(r"(?i)(?:[$€£]\s?(?P<a>\d{1,5}(?:[.,]\d{2})?)|\b(?P<b>\d{1,5}[.,]\d{2}))\s*(?:[a-z]{3}\s+)?(?:each|per\s+(?:pair|piece|unit|item|one|bottle|box|pack|jar|set)|apiece|a\s+(?:piece|pop|pair))\b").ok()?,
            // The whole told in other words (outside attack 58, `W-whole-in-part-words`): "that's everything I
            // ordered", "I didn't use any of the 12 months", "just one", "a separate charge", "cancelled the same day I
            // bought it", "all three arrived damaged".
            whole_told: Regex::new(&format!(
                concat!(
                    r"(?i)\b(?:that'?s|which\s+is|it'?s|this\s+is|that\s+was)\s+(?:everything|all\s+of\s+it|the\s+whole\s+(?:order|thing))\b",
                    r"|\b(?:everything|all)\s+(?:that\s+)?(?:i|we)\s+(?:ordered|bought|paid\s+for)\b|\b(?:none|any)\s+of\s+(?:the|my|it|them)\b",
                    r"|\ball\s+(?:{n})\s+(?:of\s+them\s+)?(?:arrived|came|were|are|was)\b|\bjust\s+one\b|\bonly\s+(?:ordered|bought)\s+(?:one|1)\b",
                    r"|\b(?:separate|standalone|stand-alone)\s+(?:charge|order|purchase|payment)\b|\bthe\s+same\s+day\s+(?:i|we)\s+(?:bought|ordered|paid)",
                    r"|\b(?:that\s+was|it\s+was|this\s+was|that'?s|which\s+was)\s+(?:my|the)\s+whole\s+order\b|\b(?:order|purchase)\s+(?:is|was)\s+(?:just|only)\b|\border\s+for\s+[\w\s-]{{1,30}}?\s+only\b",
                    r"|\bthe\s+only\s+thing\s+(?:i|we)\s+(?:ordered|bought|paid\s+for)\b|\b(?:bought|ordered|purchased|paid\s+for)\s+(?:the\s+)?[\w\s-]{{1,30}}?\s+only\b",
                    r"|\bpaid\s+(?:for\s+)?(?:it\s+)?separately\b|\bnot\s+even\s+once\b|\bnever\s+used\s+(?:it|the|my)\b",
                ),
                n = NUMBER_WORDS
            ))
            .ok()?,
            // What is unused and is itself the goods: a gift card, a voucher, a code.
            unused_whole: Regex::new(r"(?i)\bunused\s+(?:e-?)?(?:gift\s*cards?|vouchers?|codes?|tokens?)\b").ok()?,
            // A fee that is a service sold on its own (outside attack 58, `A-whole-fee`): a reservation, a repair, a
            // service, a booking, a cancellation, a membership — the order itself, not a charge on top of goods.
            service_fee: Regex::new(r"(?i)\b(?:reservation|repair|service|booking|cancell?ation|late|membership|subscription|consultation|tuning|cleaning|lesson|class|entry|admission|registration|course|session|appointment|call-?out|labou?r|deposit)\s+(?:fee|fees|charge|charges|cost)\b").ok()?,
            // A word of giving the goods back beside a keep ("keeping the pillows, sending back the duvet").
            giving_back: Regex::new(r"(?i)\b(?:return\w*|send\w*\s+(?:\w+\s+){0,3}?back|sent\s+(?:\w+\s+){0,3}?back|post\w*\s+(?:\w+\s+){0,3}?back|refund\w*|going\s+back|but)\b").ok()?,
            // An ask whose object is the whole: no part reading.
            whole_object: Regex::new(r"(?i)\b(?:refund|credit|reimburse)\w*\s+(?:me\s+)?(?:for\s+)?(?:the\s+(?:whole|entire|full|lot|order|total|full\s+order|whole\s+order)|everything|it\s+all|all\s+of\s+it|in\s+full)\b|\b(?:full|complete|total|whole|entire)\s+(?:refund|reimbursement|credit|money\s+back|amount|order|price)\b|\b(?:refund|reimburse|credit)\w*\s+in\s+full\b|\bthe\s+whole\s+(?:thing|lot|order|amount)\b|\b(?:refund|credit|reimburse)\w*\s+(?:me\s+)?(?:for\s+)?(?:my|the|this|our)\s+(?:whole\s+|entire\s+)?order\b").ok()?,
        })
    })
    .as_ref()
}

/// The part of the order the customer's words ask back, with the figure the ticket tells for it when there is one.
/// `None` when no part is asked (the whole, or nothing).
pub fn part_asked(own: &str, order_cents: i64) -> Option<PartAsked> {
    let p = patterns()?;
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    let asking: Vec<usize> = (0..sentences.len())
        .filter(|&i| {
            p.ask.is_match(sentences[i]) && !sentences[i].contains('?')
                || p.ask.is_match(sentences[i]) && question_asks(sentences[i])
        })
        .collect();
    if asking.is_empty() {
        return None;
    }
    let figures = money_figures(own);
    // The whole asked in any asking sentence ("Full refund please", "just refund the whole order, 76.40"), or the
    // order's own figure written in one: no part.
    let whole_figure = |s: &str| {
        let at = s.as_ptr() as usize - own.as_ptr() as usize;
        figures.iter().any(|a| a.cents >= order_cents && a.span.start >= at && a.span.end <= at + s.len())
    };
    // "Everything but the lamp" keeps a thing; "everything arrived except the manual" and "all fine except this one"
    // tell what went wrong, and keep nothing.
    let kept_but = |text: &str, in_ask: bool| {
        p.except.find_iter(text).filter(|m| in_ask || !m.as_str().to_lowercase().starts_with("but not")).any(|m| {
            let sentence_end = text[m.end()..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| m.end() + i);
            let told = text[m.start()..sentence_end].to_lowercase();
            !FAULT_TOLD.iter().any(|w| told.contains(w))
        })
    };
    if p.whole_told.is_match(own) {
        return None;
    }
    if asking.iter().any(|&i| {
        (p.whole_object.is_match(sentences[i]) && !kept_but(sentences[i], true)) || whole_figure(sentences[i])
    }) {
        return None;
    }
    for &i in &asking {
        let s = sentences[i];
        let before = if i > 0 { sentences[i - 1] } else { "" };
        // One payment of several: its way of paying, or the writer's own part.
        if let Some(c) = p.payment.captures(s).filter(|c| c.name("not_part").is_none()) {
            let way = ["way", "way2", "way3", "way4"].iter().find_map(|n| c.name(n)).map_or("", |m| m.as_str());
            let words: Vec<&str> = way.split_whitespace().filter(|w| w.len() > 2).collect();
            return Some(
                figure_beside(own, &figures, &words, order_cents).map_or(PartAsked::Unsettled, PartAsked::Figure),
            );
        }
        // The carriage asked by its name, its figure told inside the order's ("Order $57.50 (incl. $7.00 shipping).
        // Please refund the shipping.", "charged $264.49 of which $10.00 for express. Refund the express charge",
        // outside attack 62 `shipping_in_total`): that figure. With no figure told, the words may name the whole
        // delivery ("refund the delivery" of a parcel that never came): no reading here.
        // The carriage's figure is told in a sentence that asks nothing ("refund $20.00 plus the postage" adds a cost
        // of no figure: the overask reader's).
        let told = || {
            sentences.iter().filter(|t| !p.ask.is_match(t)).find_map(|t| {
                let figs = money_figures(t);
                figure_beside(
                    t,
                    &figs,
                    &["shipping", "delivery", "postage", "express", "carriage", "courier"],
                    order_cents,
                )
            })
        };
        if carriage_named(s)
            && let Some(v) = told()
        {
            return Some(PartAsked::Figure(v));
        }
        if p.mine.is_match(s) {
            return Some(figure_of_writer(own, &figures, order_cents).map_or(PartAsked::Unsettled, PartAsked::Figure));
        }
        if let Some(m) = p.fee.find(s).filter(|m| !p.service_fee.is_match(m.as_str())) {
            let words = content_words(m.as_str());
            return Some(
                figure_beside(own, &figures, &words, order_cents).map_or(PartAsked::Unsettled, PartAsked::Figure),
            );
        }
        // The whole but a thing, told in the ask or outside it ("Everything but the lamp is going back. Please refund
        // what I return").
        // "The item I didn't use", "the unused item", "my order that didn't arrive": the whole named by its generic
        // noun (outside attack 60, `partwords`), no part.
        let generic = |m: &str| {
            m.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| {
                matches!(w, "item" | "order" | "product" | "parcel" | "package" | "purchase" | "goods" | "thing")
            })
        };
        let unused_part = p.unused.find_iter(s).any(|m| !generic(m.as_str()));
        if (unused_part && !p.unused_whole.is_match(s)) || kept_but(s, true) || kept_but(own, false) {
            return Some(PartAsked::Unsettled);
        }
        let counted = p.counted.captures(s);
        if let Some(c) = counted {
            let n = count(c.name("n").map_or("", |m| m.as_str()));
            return Some(units_priced(own, n, order_cents).map_or(PartAsked::Unsettled, PartAsked::Figure));
        }
        // A thing kept beside goods given back in its sentence ("Keeping the pillows, sending back the duvet"); a
        // receipt, the box, a free gift or the money kept keeps no goods, and "we keep the dog inside" gives nothing back.
        let kept = p.kept.captures_iter(own).any(|c| {
            let word = c.name("kept").map_or("", |m| m.as_str()).to_lowercase();
            let Some(m) = c.get(0) else { return false };
            let from = own[..m.start()].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
            let to = own[m.end()..].find(['.', '!', '?', '\n']).map_or(own.len(), |i| m.end() + i);
            !NOT_KEPT.contains(&word.trim_end_matches('s'))
                && !negated_before(own, m.start())
                && p.giving_back.is_match(&own[from..to])
        }) || super::roles::rest_kept(own);
        // A deposit or some instalments paid so far, asked back (outside attack 59, `J_instalment_deposit`: "I've only
        // paid the $72.00 deposit so far, please refund it", "please refund the 2 instalments I paid" beside "2
        // instalments of $100.00"): what was paid, never the goods' full price.
        if let Some(paid) = paid_so_far(before, s, own, order_cents) {
            return Some(paid.map_or(PartAsked::Unsettled, PartAsked::Figure));
        }
        // A thing told missing while the rest came, asked back (outside attack 59: "Everything came except the
        // charger. Refund that please.", "I received the fan but not the remote. Please refund the remote."): that
        // thing's figure, else U1.
        if let Some(thing) = missing_part(own)
            && asks_missing(s, thing.as_deref())
        {
            let mut words: Vec<&str> = thing.as_deref().into_iter().collect();
            words.push("missing");
            // Else the one figure below the order's the ticket tells ("The charger was not in the parcel. It cost
            // $15.99. Refund please.").
            let only_below = {
                let mut below: Vec<i64> = figures.iter().map(|a| a.cents).filter(|c| *c < order_cents).collect();
                below.sort_unstable();
                below.dedup();
                match below.as_slice() {
                    [one] => Some(*one),
                    _ => None,
                }
            };
            return Some(
                figure_beside(own, &figures, &words, order_cents)
                    .or(only_below)
                    .map_or(PartAsked::Unsettled, PartAsked::Figure),
            );
        }
        if missing_thing_asked(before, s) {
            let words = object_words(s);
            return Some(
                figure_beside(own, &figures, &words, order_cents).map_or(PartAsked::Unsettled, PartAsked::Figure),
            );
        }
        // The sentence before counts only its explicit "one of the two" kind ("One of the two lamps is broken.
        // Please refund the broken one").
        // "The other one was also faulty": a subject telling a fault, not the one asked.
        let subject = |c: &regex::Captures| {
            let after = c.get(0).map_or("", |m| &s[m.end()..]).trim_start().to_lowercase();
            ["was ", "is ", "were ", "are ", "also ", "has ", "had ", "too"].iter().any(|w| after.starts_with(w))
        };
        let one_of = p
            .one_of
            .captures(s)
            .filter(|c| !c.name("only").is_some_and(|m| is_whole_word(m.as_str())) && !subject(c))
            .or_else(|| p.one_of.captures(before).filter(|c| c.name("only").is_none() && object_is_pronoun(s)));
        if kept || one_of.is_some() {
            // One unit of several with a unit price: that price; else the thing's own figure.
            if let Some(v) = unit_price(own, &figures, order_cents) {
                let units = if s.to_lowercase().contains("two") || s.contains(" 2 ") { 2 } else { 1 };
                if v * units < order_cents {
                    return Some(PartAsked::Figure(v * units));
                }
            }
            let words = object_words(s);
            // The thing kept or asked priced by a pronoun at the order's amount ("the lamp came broken … It was
            // 89.70" on 89.70): the thing asked is the whole.
            let whole_by_pronoun = figures.iter().any(|a| {
                let from = own[..a.span.start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
                let lead = own[from..a.span.start].trim_start().to_lowercase();
                a.cents == order_cents
                    && ["it was", "it's", "it is", "it cost", "that was", "they were", "which was"]
                        .iter()
                        .any(|w| lead.starts_with(w))
            });
            return match figure_beside(own, &figures, &words, order_cents) {
                Some(v) => Some(PartAsked::Figure(v)),
                None if whole_by_pronoun => None,
                None => Some(PartAsked::Unsettled),
            };
        }
    }
    None
}

/// An instalment plan told in the ticket: the count of instalments and one instalment's figure ("3 instalments of
/// $100.00", "$26.00 a month for 3 months", "3 x $32.00", "the 3 monthly $42.50 payments", "Monthly $90.99 over 3
/// months", "3 instalments ($23.99 each)").
fn instalment_plan(own: &str) -> Option<(i64, i64)> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let re = RE
        .get_or_init(|| {
            let n = NUMBER_WORDS;
            let v = r"(?:[$€£]\s?)?(?P<V>\d{1,5}(?:[.,]\d{2})?)(?:\s*(?:usd|eur|gbp|cad|aud))?";
            let alt = [
                format!(r"\b(?P<N>{n})\s+(?:monthly\s+|weekly\s+)?(?:instal(?:l)?ments?|payments)\s+of\s+{v}"),
                format!(r"{v}\s+(?:a|per|each)\s+(?:month|week)\s+(?:for|over)\s+(?P<N>{n})\s+(?:months|weeks)"),
                format!(r"\b(?P<N>{n})\s*(?:[x×]|times)\s*{v}"),
                format!(r"\b(?:the\s+)?(?P<N>{n})\s+(?:(?:monthly|weekly)\s+)?{v}\s+(?:monthly\s+)?(?:payments|instal(?:l)?ments)"),
                format!(r"\b(?:monthly|weekly)\s+{v}\s+(?:over|for)\s+(?P<N>{n})\s+(?:months|weeks)"),
                format!(r"\b(?P<N>{n})\s+(?:monthly\s+)?(?:instal(?:l)?ments?|payments)\s+\({v}(?:\s+each)?\)"),
                format!(r"\bpay[- ]in[- ](?P<N>{n})\b[^.!?\n]{{0,40}}?{v}\s+(?:per|each|a|an)\s+(?:instal(?:l)?ment|payment)"),
            ];
            // One name per alternative: the regex crate wants distinct names.
            let joined = alt
                .iter()
                .enumerate()
                .map(|(k, a)| a.replace("?P<N>", &format!("?P<n{k}>")).replace("?P<V>", &format!("?P<v{k}>")))
                .collect::<Vec<_>>()
                .join("|");
            Regex::new(&format!("(?i){joined}")).ok()
        })
        .as_ref()?;
    let c = re.captures(own)?;
    let k = (0..7).find(|k| c.name(&format!("n{k}")).is_some())?;
    let n = count(c.name(&format!("n{k}"))?.as_str());
    let v = super::money::number(c.name(&format!("v{k}"))?.as_str())?;
    Some((n, v))
}

/// How many instalments the ticket says were paid ("Two payments taken so far", "I've paid 2 of the 3", "After two
/// months", "I have paid two months", "Paid 2 instalments … so far").
fn instalments_paid(own: &str) -> Option<i64> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let re = RE
        .get_or_init(|| {
            Regex::new(&format!(
                r"(?i)\b(?P<a>{n})\s+(?:monthly\s+)?(?:payments?|instal(?:l)?ments?|months?)\s+(?:of\s+\S+\s+)?(?:(?:have\s+been|were|was|have|already)\s+)?(?:taken|paid|made|debited|gone\s+out|went\s+(?:out|from))\b|\b(?P<g>{n})\s+(?:paid|taken|made)\b|\b(?P<h>{n})\s+(?:have|has)\s+(?:already\s+)?been\s+(?:taken|paid|debited)\b|\bpaid\s+(?P<i>{n})\s*/\s*(?:{n})\b|\bpaid\s+(?:the\s+first\s+)?(?P<b>{n})\s+(?:of\s+(?:the\s+|my\s+|our\s+)?(?:{n})\b|(?:monthly\s+)?(?:payments?|instal(?:l)?ments?|months?)\b|so\s+far\b)|\bafter\s+(?P<c>{n})\s+(?:months|payments|instal(?:l)?ments)\b|\bpaid\s+to\s+date\s*[:=]?\s*(?P<d>{n})\b|\bmade\s+(?P<e>{n})\s+(?:monthly\s+)?(?:payments|instal(?:l)?ments)\b|\bthe\s+first\s+(?P<f>{n})\s+(?:of|instal(?:l)?ments|payments)\b",
                n = NUMBER_WORDS
            ))
            .ok()
        })
        .as_ref()?;
    let c = re.captures(own)?;
    Some(count(["a", "b", "c", "d", "e", "f", "g", "h", "i"].iter().find_map(|k| c.name(k))?.as_str()))
}

/// What was paid so far asked back: a deposit (its figure beside the word) or instalments counted (the count paid
/// times the instalment's figure, or the figure told as paid). `Some(None)` when the ask names a deposit whose figure
/// the ticket does not tell.
fn paid_so_far(before: &str, sentence: &str, own: &str, order_cents: i64) -> Option<Option<i64>> {
    static RES: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let (deposit, asked_instalments, told_paid) = RES
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:deposit|down\s*payment|downpayment|put\s+(?:[$€£]\s?)?\d[\d.,]*\s+down)\b").ok()?,
                Regex::new(&format!(r"(?i)\b(?:the|my|those|these|both)\s+(?P<n>{NUMBER_WORDS})?\s*(?:instal(?:l)?ments?|monthly\s+payments|payments)\b|\bwhat\s+(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+)?paid(?:\s+so\s+far)?\b|\b(?:the\s+)?(?:payments|instal(?:l)?ments)\s+(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+)?(?:made|paid)\b|\bthose\s+(?:two|three|four|\d)\b|\bthose\s+refunded\b|\b(?:give|send|pay)\s+(?:those|them)\s+back\b|\b(?:get|have)\s+(?:those|them|the)\s+(?:(?:two|three|four|\d)\s+)?back\b|\brefund\s+(?:the|those|these)\s+(?:two|three|four|\d)\s*(?:please|pls)?\s*(?:[.,!?]|$)|\b(?:refund|reimburse)\w*\s+(?:them|those)\b|\bwant\s+(?:them|those)\s+refunded\b|\b(?:of\s+)?(?:the\s+)?instal(?:l)?ments\s+(?:paid|made|taken)\b|\bwhat'?s\s+(?:been\s+)?paid\b|\b(?:amount|total|money|sum)\s+(?:i'?ve\s+|i\s+have\s+)?paid\s+(?:to\s+date|so\s+far)\b")).ok()?,
                // The figure told as what was paid ("(£146.98 paid)", "$52.00 so far").
                Regex::new(r"(?i)(?:[$€£]\s?)?(?P<v>\d{1,5}[.,]\d{2})(?:\s*(?:usd|eur|gbp))?\)?\s*(?:paid\b|so\s+far\b)").ok()?,
            ))
        })
        .as_ref()?;
    if let Some((n, v)) = paid_by_instalments(own)
        && asked_instalments.is_match(sentence)
    {
        let told = told_paid
            .captures_iter(own)
            .filter_map(|c| super::money::number(c.name("v")?.as_str()))
            .find(|t| *t < order_cents && *t % v == 0);
        let paid = told.or_else(|| instalments_paid(own).filter(|k| *k < n).map(|k| k * v));
        return Some(Some(paid.unwrap_or(n * v)));
    }
    let in_ask = deposit.is_match(sentence);
    if !(in_ask || (deposit.is_match(before) && object_is_pronoun(sentence))) {
        return None;
    }
    let figures = money_figures(own);
    Some(figure_beside(own, &figures, &["deposit", "down"], order_cents))
}

/// The whole plan asked back with a fee of the plan's on top ("Refund my 3 x $32.00 and the $8.95 arrangement fee",
/// "refund all three instalments and the plan fee" beside "3 x $49.50 plus a $12.00 plan fee", outside attack 62):
/// the plan's total and the fee — above the order's amount, an over-ask (X2), never the fee alone. Read on the
/// ticket's words before the figures are worked (the preparation joins "3 x $32.00 and the $8.95" into one figure).
pub fn plan_with_fee_asked(own: &str, order_cents: i64) -> Option<i64> {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let (fee, asked) = RES
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)(?:[$€£]\s?)?(?P<v>\d{1,5}[.,]\d{2})(?:\s*(?:usd|eur|gbp))?\s+(?:(?:plan|arrangement|setup|set-up|credit|finance|admin|interest|instal(?:l)?ment)\s+)?(?:fee|charge|interest)\b|\b(?:fee|interest|charge)\s*(?:paid\s*)?[:(]?\s*(?:[$€£]\s?)?(?P<w>\d{1,5}[.,]\d{2})|(?:[$€£]\s?)?(?P<x>\d{1,5}[.,]\d{2})(?:\s*(?:usd|eur|gbp))?\s+for\s+the\s+(?:interest|fee|plan)").ok()?,
                Regex::new(r"(?i)\b(?:refund|return|reimburse|repay)\w*\b(?:[^.!?\n]|\.\d){0,80}?\b(?:fee|interest|charge|both|everything|all)\b").ok()?,
            ))
        })
        .as_ref()?;
    let (n, v) = paid_by_instalments(own)?;
    if n < 2 || (n * v - order_cents).abs() > n || !asked.is_match(own) {
        return None;
    }
    let f =
        fee.captures(own).and_then(|c| super::money::number(c.name("v").or(c.name("w")).or(c.name("x"))?.as_str()))?;
    Some(n * v + f)
}

/// The figure of one instalment when the ask names the instalments paid ("refund the 2 instalments I paid" beside "2
/// instalments of $100.00"): the reader may take that one figure for the ask.
/// "3 x 12.50" alone counts units bought as well as payments: it names instalments only beside a word of paying by
/// instalments.
pub fn instalment_unit(own: &str) -> Option<i64> {
    paid_by_instalments(own).map(|(_, v)| v)
}

/// The instalment plan where the ticket speaks of paying by instalments.
fn paid_by_instalments(own: &str) -> Option<(i64, i64)> {
    let lower = own.to_lowercase();
    let paying = [
        "instalment",
        "installment",
        "payment",
        "monthly",
        "a month",
        "per month",
        "plan",
        "interest",
        "arrangement",
        "setup fee",
        "set-up fee",
        "credit charge",
        "finance",
    ]
    .iter()
    .any(|w| lower.contains(w));
    instalment_plan(own).filter(|_| paying)
}

/// The carriage named as what is asked ("refund the shipping", "the express charge", "the postage").
fn carriage_named(sentence: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:the|my|that)\s+(?:(?:express|next[\s-]day|priority|tracked)\s+)?(?:shipping|delivery|postage|express|carriage|courier)(?:\s+(?:charge|cost|fee|part|bit|money))?\b").ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(sentence))
}

/// Whether an asking sentence names the carriage: its figure, told inside the order's, may settle an amount the
/// figures alone leave open.
pub fn carriage_asked(own: &str) -> bool {
    super::desk25::sentences(own).any(|s| carriage_named(s) && patterns().is_some_and(|p| p.ask.is_match(s)))
}

/// A thing of the order told missing while the rest came (outside attack 59, `G_missing_items`): "everything came
/// except the charger", "I received the fan but not the remote", "no lid in the parcel", "the belt never arrived
/// though the rest of the order did", "one item is missing from my order", "got the fan, still waiting for the
/// remote". `Some(None)` when the thing is not named ("one of the items"). A whole parcel missing is no part.
fn missing_part(own: &str) -> Option<Option<String>> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let re = RE
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\b(?:everything|all|the\s+rest(?:\s+of\s+(?:the|my|our)\s+(?:order|parcel|delivery))?)\s+(?:else\s+)?(?:came|arrived|turned\s+up|showed\s+up|was\s+there|was\s+delivered|got\s+here)\s+(?:except|apart\s+from|but(?:\s+not)?|other\s+than|bar)\s+(?:for\s+)?(?:the|my|one|a|our)\s+(?P<a>[a-z][\w-]+)",
                r"|\b(?:received|got)\s+(?:the|my|our)\s+[\w\s-]{1,30}?\s+but\s+not\s+the\s+(?P<b>[a-z][\w-]+)",
                r"|\bonly\s+the\s+[\w\s-]{1,30}?\s+(?:came|arrived|was\s+delivered)\b[^.!?\n]{0,20}?\bthe\s+(?P<c>[a-z][\w-]+)\b(?:[^.!?\n]|\.\d){0,50}?\b(?:is|was|are|were)\s+missing\b",
                r"|\bthe\s+(?P<k>[a-z][\w-]+)\s+(?:is|was|are|were)\s+missing\b[^.!?\n]{0,30}?\b(?:everything|all)\s+else\b",
                r"|\b(?:everything|all)\s+else\s+(?:came|arrived|was\s+(?:there|fine|ok|okay)|is\s+(?:there|fine|ok|okay))\b[^.!?\n]{0,20}?\bbut\s+the\s+(?P<l>[a-z][\w-]+)\s+(?:is|was|are|were)\s+missing\b",
                r"|\b(?:one|two|three|some|a\s+few|several|\d)\s+(?:items?|things|pieces|products)\s+(?:were|was|are|is)\s+(?:missing|not\s+in\s+the\s+(?:box|parcel|package))\b",
                r"|\bno\s+(?P<d>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+in\s+the\s+(?:parcel|box|package|delivery|bag|shipment)\b",
                r"|\bthe\s+(?P<e>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+(?:was|is|were|are)\s+missing\s+from\s+(?:the|my|our)\s+(?:box|parcel|package|delivery|order|bag|shipment)\b",
                r"|\bthe\s+(?P<f>[a-z][\w-]+)\s+(?:(?:i|we)\s+paid\s+for\s+)?(?:never\s+(?:arrived|came|showed\s+up|turned\s+up)|didn'?t\s+(?:come|arrive|show\s+up|turn\s+up))\b[^.!?\n]{0,40}?(?:\b(?:though|although|but|while)\b|,)\s*(?:the\s+rest|everything\s+else|the\s+(?:[\w-]+\s+){1,3}did)",
                r"|\bthe\s+(?P<g>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+(?:didn'?t|did\s+not|never)\s+(?:come|arrive)\s+(?:with|in)\s+(?:my|the|our)\s+(?:order|parcel|box|delivery|package)",
                r"|\bgot\s+the\s+[\w\s-]{1,30}?,?\s+(?:but\s+)?(?:still\s+)?(?:waiting\s+(?:for|on)|no\s+sign\s+of)\s+the\s+(?P<h>[a-z][\w-]+)",
                r"|\bpart\s+of\s+(?:my|the|our)\s+order\s+(?:is|was)\s+missing\b(?:\s*\(the\s+(?P<i>[a-z][\w-]+)\))?",
                r"|\b(?:one|an)\s+(?:item|of\s+the\s+(?:items|things|pieces)(?:\s+(?:i|we)\s+ordered)?|thing|piece)\b[^.!?\n]{0,40}?\b(?:missing|wasn'?t\s+in|was\s+not\s+in|didn'?t\s+(?:come|arrive)|never\s+(?:came|arrived))",
                r"|\bmissing\s+from\s+(?:my|the|our)\s+(?:delivery|parcel|order|box)\s*:\s*(?P<j>[a-z][\w-]+)",
                r"|(?:^|\n)\W*missing\s*:\s*(?P<m>[a-z][\w-]+)",
                r"|\bonly\s+the\s+[\w\s-]{1,30}?\s+(?:came|arrived)\b[^.!?\n]{0,20}?\bthe\s+(?P<n>[a-z][\w-]+)\b(?:[^.!?\n]|\.\d){0,40}?\b(?:did\s+not|didn'?t|never\s+(?:did|came|arrived))\b",
                r"|\bthe\s+(?P<o>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+(?:was\s+not|wasn'?t|were\s+not|weren'?t)\s+(?:in\s+the\s+(?:parcel|box|package|delivery|bag|shipment)|delivered|included)\b",
            ))
            .ok()
        })
        .as_ref()?;
    // More shapes of the same (outside attack 61): "Got the fan without its cushion cover", "backpack came, strap did
    // not", "Where is the charger? Parcel only had the fan", "missing case, $22.87", "Short-shipped: lid", "cable
    // missing from the order", "Your parcel lacked the strap", "The rug came minus the cushion cover", "No stand came
    // with the headphones", "Part missing - charger", "cushion cover not included", "The spare blade ($24.36) never
    // showed up" (a part's price in brackets: never the whole's).
    static MORE: OnceLock<Vec<Regex>> = OnceLock::new();
    let more = MORE.get_or_init(|| {
        [
            r"(?i)\b(?:arrived|came|got\s+(?:the|it|my|them)\b[\w\s-]{0,30}?)\s+without\s+(?:its|the|a|their|any)\s+(?P<x>[a-z][\w-]+)",
            r"(?i)\b[\w-]+\s+(?:came|arrived)\s*,\s*(?:but\s+)?(?:the\s+)?(?P<x>[a-z][\w-]+)(?:\s+[a-z][\w-]+)?\s+(?:did\s+not|didn'?t)\b",
            r"(?i)\bwhere\s+is\s+(?:the|my)\s+(?P<x>[a-z][\w-]+)\s*\?[^.!?\n]{0,20}?\b(?:parcel|box|package|delivery)\s+only\s+(?:had|contained)\b",
            r"(?i)(?:^|\n|[.!]\s+)\W*missing\s+(?P<x>[a-z][\w-]+)(?:\s+[a-z][\w-]+)?\s*,",
            r"(?i)\bshort[- ]?shipped\s*:\s*(?P<x>[a-z][\w-]+)",
            // Outside attack 64 (`part_no_price`): "Order received incomplete: lid absent", "Issue: rain cover not
            // delivered".
            r"(?i)\b(?:incomplete|issue|problem|short|missing\s+items?)\s*[:;,–—-]\s*(?:the\s+)?(?P<x>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+(?:absent|missing|not\s+(?:delivered|included|received|in\s+the\s+box|supplied))\b",
            r"(?i)\b(?P<x>[a-z][\w-]+)\s+(?:is\s+|was\s+)?missing\s+from\s+(?:the|my|our)\s+(?:order|parcel|box|delivery|package|set|kit)\b",
            r"(?i)\b(?:parcel|box|package|delivery|order)\s+lacked\s+(?:the|a|its)\s+(?P<x>[a-z][\w-]+)",
            r"(?i)\bthe\s+[\w-]+\s+came\s+(?:minus|without)\s+(?:the|its|a)\s+(?P<x>[a-z][\w-]+)",
            r"(?i)\bno\s+(?P<x>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+came\s+with\s+(?:the|my|it)\b",
            r"(?i)\bpart\s+missing\s*[-:–—]\s*(?P<x>[a-z][\w-]+)",
            r"(?i)\b(?:the\s+)?(?P<x>[a-z][\w-]+)\s+(?:was\s+|were\s+|is\s+|are\s+)?not\s+included\b",
            r"(?i)\bthe\s+(?P<x>[a-z][\w-]+)(?:\s+[a-z][\w-]+)?\s+\((?:[$€£]\s?)?\d[\d.,]*\)\s+(?:never\s+(?:showed\s+up|arrived|came)|didn'?t\s+(?:come|arrive))",
        ]
        .iter()
        .filter_map(|r| Regex::new(r).ok())
        .collect()
    });
    let thing = match re.captures(own) {
        Some(c) => ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o"]
            .iter()
            .find_map(|n| c.name(n))
            .map(|m| m.as_str().to_lowercase()),
        None => {
            let c = more.iter().find_map(|r| r.captures(own))?;
            c.name("x").map(|m| m.as_str().to_lowercase())
        }
    };
    // A two-word thing ("the cushion cover was not in the box", "no power adapter came with the coat") is named by
    // its head noun, the last word.
    let thing = thing.map(|t| t.rsplit(char::is_whitespace).next().unwrap_or_default().to_string());
    match thing.as_deref().map(stem) {
        Some(t)
            if matches!(
                t.as_str(),
                "parcel"
                    | "package"
                    | "order"
                    | "delivery"
                    | "box"
                    | "shipment"
                    | "everything"
                    | "refund"
                    | "money"
                    | "vat"
                    | "tax"
                    | "shipping"
                    | "postage"
                    | "item"
                    | "it"
                    | "this"
                    | "that"
            ) =>
        {
            None
        }
        _ => Some(thing),
    }
}

/// Whether an asking sentence's object is the missing thing: a pronoun, the thing's name, or the missing item or part.
fn asks_missing(sentence: &str, thing: Option<&str>) -> bool {
    let lower = sentence.to_lowercase();
    let named = thing.is_some_and(|t| {
        let t = stem(t);
        object_words(sentence).iter().any(|w| stem(w) == t) || lower.contains(&format!("back for the {t}"))
    });
    static PRONOUN: OnceLock<Option<Regex>> = OnceLock::new();
    // An ask with no object of its own ("Refund please.") is for the thing just told missing.
    let bare = object_words(sentence)
        .iter()
        .all(|w| matches!(w.to_lowercase().as_str(), "please" | "pls" | "asap" | "thanks"));
    named
        || bare
        || object_is_pronoun(sentence)
        || PRONOUN
            .get_or_init(|| {
                Regex::new(r"(?i)\b(?:the\s+missing\s+(?:item|piece|part|one|thing)|for\s+(?:it|that|that\s+part|the\s+missing\s+\w+)|that\s+part|refund\s+(?:it|that|this|them)\b)").ok()
            })
            .as_ref()
            .is_some_and(|re| re.is_match(sentence))
}

/// A thing told missing or not included in the sentence before, and asked by its own name ("The lid was missing. Can
/// you refund the lid?"): a part of what came, unless it names the whole parcel.
fn missing_thing_asked(before: &str, sentence: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(r"(?i)\bthe\s+(?P<thing>[a-z][\w-]+)\s+(?:was|were|is|are)\s+(?:missing|not\s+included|not\s+in\s+the\s+box|left\s+out|absent)\b|\b(?:the|my)\s+(?P<thing2>[a-z][\w-]+)\s+(?:weren'?t|wasn'?t|isn'?t|aren'?t)\s+(?:included|in\s+the\s+box)\b|\bmissing\s+from\s+the\s+(?:[\w-]+\s+)?(?:hamper|set|kit|bundle|box|pack|parcel|order|basket)\b").ok()
        })
        .as_ref()
    else {
        return false;
    };
    let Some(c) = re.captures(before).or_else(|| re.captures(sentence)) else { return false };
    let thing = c.name("thing").or(c.name("thing2")).map(|m| stem(m.as_str()));
    let asked: Vec<String> = object_words(sentence).iter().map(|w| stem(w)).collect();
    match thing {
        Some(t) => {
            !matches!(
                t.as_str(),
                "parcel"
                    | "package"
                    | "order"
                    | "delivery"
                    | "item"
                    | "box"
                    | "shipment"
                    | "good"
                    | "everything"
                    | "product"
            ) && asked.contains(&t)
        }
        // "missing from the hamper": the thing asked is a piece of it.
        None => !asked.is_empty(),
    }
}

/// Whether `cents` is a count of units the ask counts, read as money ("the 2 broken bowls" read as 2.00).
pub fn count_read_as_money(own: &str, cents: i64) -> bool {
    patterns().is_some_and(|p| {
        p.counted.captures_iter(own).any(|c| count(c.name("n").map_or("", |m| m.as_str())) * 100 == cents)
    })
}

/// A word after "just the" that names no part ("just the one", "only the refund").
fn is_whole_word(w: &str) -> bool {
    matches!(
        w.to_lowercase().as_str(),
        "one"
            | "refund"
            | "money"
            | "amount"
            | "order"
            | "lot"
            | "whole"
            | "item"
            | "rest"
            | "full"
            | "price"
            | "cost"
            | "total"
            | "same"
            | "thing"
            | "product"
            | "goods"
    )
}

/// A question that asks all the same ("Can you refund the lid?", "Could I have the remaining balance back?").
fn question_asks(sentence: &str) -> bool {
    let lower = sentence.trim_start().to_lowercase();
    ["can you", "could you", "can i", "could i", "can we", "could we", "would you", "will you", "may i"]
        .iter()
        .any(|w| lower.starts_with(w))
}

/// Whether a negator stands right before `at` ("I don't want to keep the chair").
fn negated_before(text: &str, at: usize) -> bool {
    let before = text[..at].to_lowercase();
    let words: Vec<&str> = before.split_whitespace().rev().take(3).collect();
    words.iter().any(|w| matches!(*w, "not" | "don't" | "dont" | "won't" | "never" | "can't" | "cannot" | "rather"))
}

/// Whether the ask's object is a pronoun ("please refund it", "refund that one").
fn object_is_pronoun(sentence: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:refund|credit|return)\w*\s+(?:me\s+)?(?:for\s+)?(?:it|that|that\s+one|this\s+one|them|those)\b",
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|r| r.is_match(sentence))
}

/// The money-shaped figures of the text: a currency or two decimals.
fn money_figures(own: &str) -> Vec<super::money::Amount> {
    super::money::read(own)
        .into_iter()
        .filter(|a| {
            let t = &own[a.span.clone()];
            a.cents > 0
                && (a.currency.is_some() || t.len() > 3 && matches!(t.as_bytes()[t.len() - 3], b'.' | b','))
                && !own[a.span.end..].trim_start().starts_with('%')
        })
        .collect()
}

/// The content words of a phrase, folded to a stem (lowercase, a plural's "s" and "es" cut).
fn content_words(phrase: &str) -> Vec<&str> {
    phrase
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 2)
        .filter(|w| {
            !matches!(
                w.to_lowercase().as_str(),
                "the"
                    | "my"
                    | "that"
                    | "this"
                    | "your"
                    | "for"
                    | "what"
                    | "paid"
                    | "extra"
                    | "cost"
                    | "charge"
                    | "fee"
                    | "part"
                    | "bit"
                    | "one"
                    | "ones"
                    | "just"
                    | "only"
                    | "please"
                    | "refund"
                    | "back"
                    | "and"
            )
        })
        .collect()
}

/// The words of an ask's object: what follows the ask word up to the clause's end.
fn object_words(sentence: &str) -> Vec<&str> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:like|want|have|get|need)\s+(?:the|my|our)\s+(?P<obj2>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:refunded|credited|reimbursed)\b|\b(?:refund|credit|reimburse|return)\w*\s+(?:me\s+)?(?:for\s+)?(?P<obj>[^,;.!?\n]{1,40})")
                .ok()
        })
        .as_ref()
    else {
        return Vec::new();
    };
    re.captures(sentence)
        .and_then(|c| c.name("obj2").or(c.name("obj")))
        .map(|m| content_words(m.as_str()))
        .unwrap_or_default()
}

fn stem(w: &str) -> String {
    let w = w.to_lowercase();
    w.strip_suffix("es").filter(|s| s.len() > 3).or_else(|| w.strip_suffix('s')).unwrap_or(&w).to_string()
}

/// The one figure below the order's amount told beside the part's words (six words either side, in its sentence).
fn figure_beside(own: &str, figures: &[super::money::Amount], words: &[&str], order_cents: i64) -> Option<i64> {
    if words.is_empty() {
        return None;
    }
    let stems: Vec<String> = words.iter().map(|w| stem(w)).collect();
    // A figure of the order's amount beside the part's words says the part is the whole ("the lamp … It was 89.70" on
    // 89.70).
    let mut found: Vec<i64> = figures
        .iter()
        .filter(|a| a.cents <= order_cents)
        .filter(|a| {
            let from = own[..a.span.start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
            let to = own[a.span.end..].find(['!', '?', '\n']).map_or(own.len(), |i| a.span.end + i);
            let before: Vec<String> = own[from..a.span.start]
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .rev()
                .take(6)
                .map(stem)
                .collect();
            let after_text = &own[a.span.end..to];
            // After the figure, up to the next figure: "$45.00 on my Visa, $15.00 …" keeps Visa with 45.00.
            let after_text = after_text
                .find(|c: char| c == '$' || c == '€' || c == '£' || c.is_ascii_digit())
                .map_or(after_text, |i| &after_text[..i]);
            let after: Vec<String> =
                after_text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).take(6).map(stem).collect();
            stems.iter().any(|s| before.contains(s) || after.contains(s))
        })
        .map(|a| a.cents)
        .collect();
    found.sort_unstable();
    found.dedup();
    // The whole's figure told near a part's own ("The hamper ($89.99) was missing the bottle of wine, which is listed at
    // $19.99"): the part's.
    if found.len() > 1 {
        found.retain(|v| *v < order_cents);
    }
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The figure the writer paid themselves ("I paid $45.00", "$45.00 me"), below the order's amount.
fn figure_of_writer(own: &str, figures: &[super::money::Amount], order_cents: i64) -> Option<i64> {
    figure_beside(own, figures, &["I", "me", "myself"], order_cents).or_else(|| {
        let lower = own.to_lowercase();
        let mut found: Vec<i64> = figures
            .iter()
            .filter(|a| a.cents < order_cents)
            .filter(|a| {
                let from = lower.floor_char_boundary(a.span.start.saturating_sub(12));
                let near = &lower[from..a.span.start];
                near.contains("i paid") || near.contains("i put in")
            })
            .map(|a| a.cents)
            .collect();
        found.dedup();
        match found.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    })
}

/// The one unit price the text tells ("$15.00 each", "$39.99 per pair", "two of the $15.00 lamps").
fn unit_price(own: &str, figures: &[super::money::Amount], order_cents: i64) -> Option<i64> {
    let p = patterns()?;
    let mut found: Vec<i64> = p
        .unit_price
        .captures_iter(own)
        .filter_map(|c| c.name("a").or(c.name("b")).and_then(|m| super::to_cents(m.as_str())))
        .collect();
    // "two of the $15.00 lamps": a figure after "of the" counted.
    for a in figures {
        let before = own[..a.span.start].to_lowercase();
        if before.trim_end().ends_with("of the") && a.cents < order_cents {
            found.push(a.cents);
        }
    }
    found.sort_unstable();
    found.dedup();
    match found.as_slice() {
        [one] if *one < order_cents => Some(*one),
        _ => None,
    }
}

/// Units counted times the unit price the text tells.
fn units_priced(own: &str, n: i64, order_cents: i64) -> Option<i64> {
    let figures = money_figures(own);
    unit_price(own, &figures, order_cents).map(|v| v * n).filter(|v| *v <= order_cents)
}

/// A count in digits or words (one home: [`super::counted_ask::count_value`]); one when unreadable.
fn count(word: &str) -> i64 {
    super::counted_ask::count_value(word).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_asked_read_their_figure_or_none() {
        let cases: &[(&str, i64, Option<PartAsked>)] = &[
            ("Please refund the unused months.", 11_900, Some(PartAsked::Unsettled)),
            ("Refund everything except the charger please, I'm keeping that.", 8_999, Some(PartAsked::Unsettled)),
            ("Refund the express delivery charge please.", 8_999, Some(PartAsked::Unsettled)),
            (
                "Paid with a $15.00 gift card plus $45.00 on my Visa. Refund the Visa part please.",
                6_000,
                Some(PartAsked::Figure(4_500)),
            ),
            (
                "My mum paid $15.00 of it and I paid $45.00. Please refund my part to my card.",
                6_000,
                Some(PartAsked::Figure(4_500)),
            ),
            (
                "The hamper ($89.99) was missing the bottle of wine, which is listed at $19.99. I am keeping the basket, but please refund the wine.",
                8_999,
                Some(PartAsked::Figure(1_999)),
            ),
            (
                "I accidentally ordered the cushion twice ($15.00 each). I'm keeping one, please refund the other one.",
                3_000,
                Some(PartAsked::Figure(1_500)),
            ),
            ("Please refund the 2 broken bowls.", 4_999, Some(PartAsked::Unsettled)),
            ("One of the two lamps is broken. Please refund the broken one.", 4_999, Some(PartAsked::Unsettled)),
            ("Kindly process full reimbursement to the original payment method.", 4_999, None),
            ("Full refund please. Decided to keep the old table.", 4_999, None),
            ("I receive the wrong one, it is small size. I want return it and refund money.", 4_999, None),
            ("Please refund the lamp, it arrived broken.", 4_999, None),
            ("Refund the whole order please.", 4_999, None),
            ("Can you refund me in full? The kettle leaks.", 4_999, None),
        ];
        for (text, order, want) in cases {
            assert_eq!(part_asked(text, *order), *want, "{text}");
        }
    }
}
