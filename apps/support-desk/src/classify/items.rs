//! Items listed and asked together, and a count of units at one price (outside attack 50). Customers ask for
//! several things at once in shapes no operator word joins: one line per item ("Cup: refund $30.\nSaucer: refund
//! $30.", "- cup $30\n- saucer $30\nplease refund both", "1) cup: $30\n2) saucer: $30\nRefund items 1 and 2."), items
//! side by side in one asking sentence ("Refund: cup $30, saucer $30", "Refund $30 for the cup & $30 for the
//! saucer", "Refund the cup ($30); refund the saucer ($30)", "Refund $30, $30."), figures told together and then asked
//! as a whole ("$30 and $30. Both arrived broken. Refund both please."), and units counted at a price ("Lamps x2 @
//! 30", "3x serum @ 19.95 … want all 3 refunded", "Both lamps (30 apiece)", "30 per lamp", "12.99 a pack and I got 4
//! packs"). The same figure twice is two items here, never one figure restated: what the customer asks is the sum or
//! the product — over the order's amount an over-ask (X2), over the cap a human's (E1), never one item paid.
//!
//! Left to the other readers: a duplicate charge reported (it asks one charge back), a total the customer states
//! (the operators' `Total`), alternatives ("$30 or $40") and ranges.

use super::money;
use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    refund: Regex,
    collective: Regex,
    bullet: Regex,
    joiner: Regex,
    not_joiner: Regex,
    told_total: Regex,
    kept: Regex,
    same_items: Regex,
    told_price: Regex,
    corrected: Regex,
    one_asked: Regex,
    count_at: Regex,
    at_price: Regex,
    unit_price: Regex,
    counted: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            refund: Regex::new(r"(?i)\b(?:refund\w*|reimburs\w*|money\s+back|credit|return|repay|pay\s+back)\b").ok()?,
            collective: Regex::new(
                r"(?i)\b(?:both|all(?:\s+(?:of\s+)?(?:them|these|those|it|\d+|two|three|four))?|them|these|those|the\s+following|each(?:\s+of\s+them)?|the\s+two|the\s+lot|everything|items?\s+\d+\s*(?:and|&|,)\s*\d+)\b",
            )
            .ok()?,
            bullet: Regex::new(r"^\s*(?:[-*•·▪–]|\d{1,2}[.)]|\(\d{1,2}\))\s*").ok()?,
            // What stands between two items of one asking sentence: a comma, a semicolon, an ampersand, "and", a
            // closing bracket — the figures side by side.
            joiner: Regex::new(r"(?i)[,;&)]|\band\b|\bthen\b|\blater\b").ok()?,
            // What makes two figures anything but two items: alternatives, a range, a correction, a working, a
            // restatement, a total.
            not_joiner: Regex::new(
                r"(?i)\bor\b|\bto\b|\bbetween\b|\bsorry\b|\bmean\b|\bmeant\b|\bcorrect\w*|\bactually\b|\brather\b|\binstead\b|\bnot\b|\bi\.e\b|\bthat\s+is\b|\btotal\b|\bso\b|\bmakes?\b|\bcomes?\s+to\b|\bequals?\b|[=+×x*/]|\s-\s|\bper\b|\beach\b|\bapiece\b|\bwas\b|\bwere\b|\bpaid\b|\bcost\b|\binstead\b|\bvs\.?\b|\binstead\b|\bupdate\b|\berr\b|\bplus\b|\bof\b|\bagain\b|\bsame\b|\bi\b|\bi'd\b|\bwe\b|\bwant\b|\blike\b|\bneed\b|\bback\b|\bplease\b|\bis\b|\bare\b|\bthat\b|\bwhich\b|\bshipped\b|\bonly\b|\bsays\b|\bsaid\b|\bshows?\b|\bshowed\b|\breads\b|\bstates\b|\breceipt\b|\bprzepraszam\b|\bperd[oó]n\b|\bpardon\b|\bd[ée]sol[ée]e?\b|\bentschuldigung\b|\bscusa\b|\bdesculpe?\b",
            )
            .ok()?,
            // A total or a breakdown of one (net, tax, gross, subtotal): no item.
            told_total: Regex::new(
                r"(?i)\b(?:total|subtotal|sub-total|altogether|in\s+all|all\s+in|together|overall|sum|net|gross|vat|tax|gst|mwst|iva|btw|tva|making|makes|comes?\s+to|coming\s+to|bringing\s+(?:it|that|the\s+total)\s+to)\b|=",
            )
            .ok()?,
            // A part kept or let go ("the 1 cent is okay to keep for you"): the figures are no items asked together.
            // Outside attack 56: a cost the writer takes on ("the $5.99 delivery I don't mind paying", "happy to pay the
            // shipping", "the delivery I'll eat", "not needed back").
            kept: Regex::new(r"(?i)\bkeep\w*|\bforget\b|\bdon'?t\s+(?:need|want|mind\s+paying)\b|\bno\s+need\b|\bhappy\s+to\s+pay\b|\bi'?ll\s+(?:eat|pay|cover|absorb|swallow)\b|\bnot\s+needed\b|\bcan\s+stay\b").ok()?,
            same_items: Regex::new(
                r"(?i)^[\s,;&)(]*(?:and\s+|&\s+)?(?:(?:for\s+)?(?:(?:the|my|a|an)\s+)?[\w-]+(?:\s+[\w-]+)?\s*[,;&)(]*\s*(?:and\s+|&\s+)?(?:also\s+)?(?:for\s+)?(?:the|my|a|an)?\s*[\w-]*\s*[,;(:]*\s*)?$",
            )
            .ok()?,
            // A figure told as a price ("the jigs were $24.50"), not asked.
            told_price: Regex::new(r"(?i)\b(?:was|were|is|are|cost|costs|paid|priced\s+at)\s*$").ok()?,
            corrected: Regex::new(
                r"(?i)\b(?:sorry|oops|no\s+wait|i\s+mean|i\s+meant|actually|correction|typo|my\s+(?:error|mistake|bad)|wrong)\b",
            )
            .ok()?,
            one_asked: Regex::new(
                r"(?i)\b(?:single|one|1)\s+(?:\w+\s+)?(?:unit|item|piece|mug|glass|cup|one)\b|\bthe\s+(?:defective|faulty|broken|damaged|cracked|missing)\s+(?:unit|one|item|piece)\b|\bthat\s+(?:single\s+)?one\b|\bthat\s+single\b",
            )
            .ok()?,
            // The count right before "@" ("Qty: 60 @ 14.99", "3 units @", "x2 @", "3x serum @").
            count_at: Regex::new(r"(?i)(?:\bx\s*(?P<a>\d{1,3})|\b(?P<b>\d{1,3})(?:\s*x\b|\s))\s*(?:[a-z]+\s+){0,2}@\s*$").ok()?,
            // "@ 19.95", "@ $30": the unit price of a count.
            at_price: Regex::new(r"@\s*$").ok()?,
            // "30 apiece", "30 each", "30 per lamp", "12.99/pack", "12.99 a pack", "thirty dollars a lamp".
            unit_price: Regex::new(r"(?i)^\s*(?:apiece|each|per\s+(?P<per>[a-z]+)|/\s*(?P<slash>[a-z]+)|an?\s+(?P<a>[a-z]+))\b").ok()?,
            // A count of things: "x2", "2x", "2 x", "4 packs", "two lamps", "both", "all 3".
            counted: Regex::new(
                r"(?i)\b(?:x\s*(?P<x1>\d{1,2})\b|(?P<x2>\d{1,2})\s*x\b|(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a\s+pair\s+of|pair\s+of)\s+(?:of\s+(?:the|these|those|them)\s+)?(?P<noun>[a-z]+)|(?P<both>both)\b|all\s+(?P<all>\d{1,2}|two|three|four|five|six)\b)",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// Whether a sentence asks for all the items ("both", "all of them", "the following"), never one of them ("one of
/// them", "either of those").
fn collective(p: &Patterns, s: &str) -> bool {
    p.collective.find_iter(s).any(|m| {
        let before = s[..m.start()].trim_end().to_lowercase();
        !(before.ends_with("one of") || before.ends_with("either of") || before.ends_with("any of"))
    })
}

/// A bare ask: a short request with no figure and no object of its own ("Refund please", "Please refund.", "Refund
/// pls", "I'd like my money back."): it asks what was just listed. "Refund the mug" names its own object.
fn bare_ask(p: &Patterns, s: &str) -> bool {
    static OBJECT: OnceLock<Option<Regex>> = OnceLock::new();
    let object = OBJECT.get_or_init(|| Regex::new(r"(?i)\b(?:the|this|that|it|one|for|on|order)\b").ok());
    let words = s.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).count();
    super::intent_in(s).request
        && figures(s).is_empty()
        && words <= 6
        && !p.told_total.is_match(s)
        && !object.as_ref().is_none_or(|o| o.is_match(s))
}

/// Whether one figure is the sum of the others (a total told with its parts: "My order ($88.50): lamp 42.00, shade
/// 19.50, bulbs 27.00"): no items asked apart.
fn total_with_parts(cents: &[i64]) -> bool {
    let sum: i64 = cents.iter().sum();
    cents.len() >= 3 && cents.iter().any(|c| 2 * c == sum)
}

/// A whole figure beside the same figure with its cents ("67 and half, 67.50", "189, 189.90"): one figure restated.
fn restated(a: i64, b: i64) -> bool {
    a != b && a / 100 == b / 100 && (a % 100 == 0 || b % 100 == 0)
}

/// A count written in digits or words ("3", "two", "a pair of"), from two to fifty: one number reader for the desk
/// (`classify::number_value`).
fn count_word(w: &str) -> Option<i64> {
    let w = w.to_lowercase();
    let n = if w.ends_with("pair of") { 2 } else { w.parse().ok().or_else(|| super::number_value(&w))? };
    (2..=50).contains(&n).then_some(n)
}

/// The money figures of `text` worth reading as items: written as money (a currency or decimals), or a number of
/// at least two digits.
fn figures(text: &str) -> Vec<money::Amount> {
    money::read(text)
        .into_iter()
        .filter(|a| {
            let raw = &text[a.span.clone()];
            let after = text.get(a.span.end..).unwrap_or("").trim_start().to_lowercase();
            let before = text.get(..a.span.start).unwrap_or("");
            // An identifier's number ("on PO 1187", "line item 3", "order #2"): no money.
            let last_word: String = before
                .trim_end()
                .trim_end_matches(['#', ':', '.'])
                .rsplit(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("")
                .to_lowercase();
            let identifier = matches!(
                last_word.as_str(),
                "po" | "order"
                    | "invoice"
                    | "inv"
                    | "ref"
                    | "case"
                    | "ticket"
                    | "item"
                    | "line"
                    | "no"
                    | "nr"
                    | "rma"
                    | "sku"
                    | "id"
                    | "number"
                    | "ext"
                    | "tel"
                    | "room"
                    | "suite"
                    | "unit"
                    | "lot"
                    | "batch"
            );
            a.cents > 0
                && !identifier
                && raw.chars().any(|c| c.is_ascii_digit())
                && !super::asks::identifier_before(before)
                && !after.starts_with('%')
                && !after.starts_with("percent")
                && !after.starts_with("per cent")
                && (a.currency.is_some()
                    || raw.contains(['.', ',', '$', '€', '£'])
                    || raw.chars().filter(char::is_ascii_digit).count() >= 2)
        })
        .collect()
}

/// The sum of the items the customer lists and asks together, with their number; `None` when no list of at least
/// two items is asked. `duplicate` (a duplicate charge reported) settles nothing here.
pub fn listed_sum(own: &str, duplicate: bool) -> Option<i64> {
    let p = patterns()?;
    if duplicate {
        return None;
    }
    lines_asked(p, own).or_else(|| side_by_side(p, own)).or_else(|| told_then_all_asked(p, own))
}

/// Item lines: at least two consecutive lines, each a short label and exactly one figure; asked when every line asks
/// or a line around them asks them all ("please refund both", "Refund items 1 and 2", "Please refund the
/// following:").
fn lines_asked(p: &Patterns, own: &str) -> Option<i64> {
    let lines: Vec<&str> = own.lines().map(str::trim).collect();
    let item = |l: &str| {
        let bare = p.bullet.replace(l, "");
        let figs = figures(&bare);
        let words = p.refund.replace_all(&bare, " ");
        let words = words.split(|c: char| !c.is_alphabetic()).filter(|w| w.len() > 1).count();
        (figs.len() == 1 && words <= 6 && !l.contains('?') && !p.told_total.is_match(&bare)).then(|| figs[0].cents)
    };
    let mut i = 0;
    while i < lines.len() {
        let mut run = Vec::new();
        let mut j = i;
        while j < lines.len()
            && let Some(v) = item(lines[j])
        {
            run.push(v);
            j += 1;
        }
        if run.len() >= 2 {
            let each_asks = lines[i..j].iter().all(|l| p.refund.is_match(l));
            // A line that asks with a figure of its own ("Please refund €8.00 for them") asks that figure, not the list.
            let around = |k: Option<&&str>| {
                k.is_some_and(|l| {
                    p.refund.is_match(l) && (collective(p, l) || l.trim_end().ends_with(':')) && figures(l).is_empty()
                })
            };
            // A bare ask on the line right under the list ("Refund please", "Please refund.", "I'd like my money
            // back.") asks what the list names (outside attack 52).
            let bare_under = lines[j..].iter().find(|l| !l.is_empty()).is_some_and(|l| bare_ask(p, l));
            let header_or_after = around(i.checked_sub(1).and_then(|k| lines.get(k)))
                || bare_under
                || lines[j..].iter().filter(|l| !l.is_empty()).take(2).any(|l| around(Some(l)));
            if (each_asks || header_or_after) && !total_with_parts(&run) {
                return Some(run.iter().sum());
            }
        }
        i = j.max(i + 1);
    }
    None
}

/// Items side by side in one asking sentence: at least two figures, each pair joined by a comma, a semicolon, "&",
/// "and" or a bracket, with no word between them that makes them alternatives, a correction, a working or a total.
/// Whether the words between two equal figures ask the second with nothing of its own ("is $46.00; refund $46.00"):
/// the figure told, then asked. "($30); refund the saucer ($30)" names another item.
fn asks_it_again(between: &str) -> bool {
    let words: Vec<String> =
        between.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    matches!(words.as_slice(), [v] | [v, _] if v.starts_with("refund") || v.starts_with("reimburse"))
        && words.get(1).is_none_or(|w| matches!(w.as_str(), "me" | "us" | "please" | "pls"))
}

/// Whether the words right after a figure make it a unit's price ("a piece", "a head", "per pack", "apiece", "each").
fn unit_price_after(after: &str) -> bool {
    let words: Vec<String> = after
        .split_whitespace()
        .take(2)
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .collect();
    match words.first().map(String::as_str) {
        Some("each" | "apiece" | "ea") => true,
        Some("a" | "per" | "an") => words.get(1).is_some_and(|w| {
            matches!(
                w.as_str(),
                "piece"
                    | "head"
                    | "pack"
                    | "bottle"
                    | "box"
                    | "tin"
                    | "unit"
                    | "pair"
                    | "item"
                    | "one"
                    | "jar"
                    | "bag"
                    | "set"
                    | "ticket"
                    | "person"
                    | "seat"
                    | "roll"
                    | "can"
                    | "packet"
            )
        }),
        _ => false,
    }
}

fn side_by_side(p: &Patterns, own: &str) -> Option<i64> {
    for s in super::desk25::sentences(own) {
        if !super::intent_in(s).request {
            continue;
        }
        let figs = figures(s);
        if figs.len() < 2 || figs.len() > 6 {
            continue;
        }
        let joined =
            figs.windows(2).all(|w| {
                let between = s.get(w[0].span.end..w[1].span.start).unwrap_or("");
                between.len() <= 40
                && p.joiner.is_match(between)
                && !p.not_joiner.is_match(between)
                && !restated(w[0].cents, w[1].cents)
                && !super::corrections::marks_correction(between)
                // The same figure twice is two items only when nothing but a joiner or an item's name stands between
                // ("$30, $30", "$30 for the cup & $30 for the saucer"), never "$56, the receipt says 56.00".
                // A unit's price ("£4.25 a piece, refund £8.50", outside attack 64) is the units' working, no item.
                && !unit_price_after(s.get(w[0].span.end..).unwrap_or(""))
                // "… is $46.00; refund $46.00": the figure told, then asked — one figure, never two items.
                && (w[0].cents != w[1].cents || (p.same_items.is_match(between) && !asks_it_again(between)))
            }) && figs.iter().all(|f| f.cents >= 100 && !p.told_price.is_match(s.get(..f.span.start).unwrap_or("")))
                && !p.kept.is_match(s)
                && !p.corrected.is_match(s);
        // The figures before the first are no working either ("paid 49.99: refund 30, 30" keeps its "paid").
        let head = s.get(..figs[0].span.start).unwrap_or("");
        let cents: Vec<i64> = figs.iter().map(|f| f.cents).collect();
        // A bare number beside figures written as money ("42.98 Oh and my dog turned 12 today") is no money.
        let written =
            |f: &money::Amount| f.currency.is_some() || s.get(f.span.clone()).is_some_and(|r| r.contains(['.', ',']));
        let mixed = figs.iter().any(written) && !figs.iter().all(written);
        // A priced thing beside the ask ("The $30 lamp, $10 refund please", "$20 mug; $15 refund please", outside
        // attack 69): the figure before a thing's name is its price, the figure the ask names is the ask — never
        // two items summed.
        let price_and_ask = figs.iter().any(|f| attributive(s.get(f.span.end..).unwrap_or("")))
            && figs.iter().any(|f| {
                let after = s.get(f.span.end..).unwrap_or("");
                let before = s.get(..f.span.start).unwrap_or("");
                !attributive(after) && (ask_word_after(after) || ask_word_before(before))
            });
        if joined
            && !mixed
            && !price_and_ask
            && !p.told_total.is_match(s)
            && !super::grammar::declined_before(head)
            && !total_with_parts(&cents)
        {
            return Some(cents.iter().sum());
        }
    }
    None
}

/// Whether the words right after a figure name a thing it prices ("$30 lamp", "$400 printer"): a word of letters that
/// is no function word, money word or ask word.
fn attributive(after: &str) -> bool {
    let Some(word) = after.strip_prefix(' ').and_then(|a| a.split(|c: char| !c.is_alphabetic()).next()) else {
        return false;
    };
    let w = word.to_lowercase();
    w.len() >= 3
        && ![
            "for",
            "and",
            "the",
            "each",
            "per",
            "back",
            "refund",
            "refunded",
            "please",
            "pls",
            "plz",
            "plus",
            "off",
            "credit",
            "credited",
            "total",
            "only",
            "too",
            "also",
            "was",
            "were",
            "is",
            "are",
            "but",
            "not",
            "from",
            "with",
            "dollars",
            "dollar",
            "euros",
            "euro",
            "pounds",
            "pound",
            "bucks",
            "quid",
            "usd",
            "eur",
            "gbp",
            "cad",
            "aud",
            "inc",
            "incl",
            "including",
            "excl",
            "net",
            "gross",
            "vat",
            "tax",
            "reimbursement",
            "compensation",
            "apiece",
            "ea",
            "then",
            "now",
            "again",
            "instead",
            "which",
            "that",
            "this",
        ]
        .contains(&w.as_str())
}

/// Whether an ask word follows a figure ("$15 refund", "$10 back", "€15 credit").
fn ask_word_after(after: &str) -> bool {
    let w = after.trim_start().split(|c: char| !c.is_alphabetic()).next().unwrap_or("").to_lowercase();
    matches!(w.as_str(), "refund" | "back" | "credit" | "reimbursement" | "compensation" | "refunded" | "credited")
}

/// Whether an ask verb stands right before a figure ("refund $15", "credit me €15").
fn ask_word_before(before: &str) -> bool {
    let words: Vec<String> = before
        .split_whitespace()
        .rev()
        .take(3)
        .map(|w| w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase())
        .collect();
    words.iter().any(|w| matches!(w.as_str(), "refund" | "credit" | "reimburse" | "return" | "back" | "want" | "need"))
}

/// Figures told together in a sentence that asks nothing ("two identical lamps on the same day, $30 and $30"), then a
/// sentence that asks them all and names no figure ("Refund both please").
fn told_then_all_asked(p: &Patterns, own: &str) -> Option<i64> {
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    for (k, s) in sentences.iter().enumerate() {
        let figs = figures(s);
        if figs.len() < 2 || figs.len() > 6 || super::intent_in(s).request || p.told_total.is_match(s) {
            continue;
        }
        let joined = figs.windows(2).all(|w| {
            let between = s.get(w[0].span.end..w[1].span.start).unwrap_or("");
            between.len() <= 12
                && p.joiner.is_match(between)
                && !p.not_joiner.is_match(between)
                && !restated(w[0].cents, w[1].cents)
        }) && figs.iter().all(|f| f.cents >= 100);
        let asked_all = sentences[k + 1..]
            .iter()
            .take(3)
            .any(|t| super::intent_in(t).request && collective(p, t) && figures(t).is_empty())
            || sentences.get(k + 1).is_some_and(|t| bare_ask(p, t));
        let cents: Vec<i64> = figs.iter().map(|f| f.cents).collect();
        if joined && asked_all && !total_with_parts(&cents) {
            return Some(cents.iter().sum());
        }
    }
    None
}

/// Payments counted and asked back (outside attack 56): "Please refund my three payments of $15.00", "Refund both
/// $15.00 instalments please", "Please refund all 4 Klarna payments of $200.00", "Both Afterpay payments ($20.00
/// each) back please", or told and then asked by their count ("I paid in 3 monthly payments of $20.00. Refund all 3
/// please", "I've paid 3 instalments of $20.00; please refund them all"): the count times one payment. Payments told
/// and a bare ask ("4 payments of $30.00 … Please refund") ask the order's amount: no reading here.
pub fn payments_counted(own: &str) -> Option<i64> {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let (counted, all_asked) = RES
        .get_or_init(|| {
            let fig = r"(?:[$€£]\s?\d[\d,]*(?:\.\d{2})?|\d[\d,]*(?:\.\d{2})?\s?(?:usd|eur|gbp|dollars?|euros?|pounds?))";
            Some((
                Regex::new(&format!(
                    r"(?i)\b(?:all\s+)?(?P<count>both|two|three|four|five|six|[2-9])\s+(?:of\s+(?:the|my)\s+)?(?:(?:monthly|weekly|klarna|afterpay|clearpay|paypal)\s+)*(?:(?P<fig1>{fig})\s+)?(?:(?:monthly|weekly|klarna|afterpay|clearpay|paypal)\s+)*(?:payments|instal(?:l)?ments)\b(?:\s+(?:already\s+taken\s+|taken\s+|made\s+)?of\s+(?P<fig2>{fig})|\s*\((?P<fig3>{fig})\s+each\))?"
                ))
                .ok()?,
                Regex::new(r"(?i)\b(?:all\s+(?P<n>both|two|three|four|five|six|[2-9])|them\s+all|all\s+of\s+them|both)\b").ok()?,
            ))
        })
        .as_ref()?;
    let sentences: Vec<&str> = super::desk25::sentences(own).flat_map(|s| s.split_inclusive(';')).collect();
    for (k, s) in sentences.iter().enumerate() {
        for c in counted.captures_iter(s) {
            let Some(count) = c
                .name("count")
                .and_then(|n| if n.as_str().eq_ignore_ascii_case("both") { Some(2) } else { count_word(n.as_str()) })
            else {
                continue;
            };
            let Some(one) = c
                .name("fig1")
                .or(c.name("fig2"))
                .or(c.name("fig3"))
                .and_then(|f| money::read(f.as_str()).first().map(|a| a.cents))
                .filter(|v| *v > 0)
            else {
                continue;
            };
            let asked_here = super::intent_in(s).request || s.to_lowercase().contains("back");
            let asked_after = sentences[k + 1..].iter().take(2).any(|t| {
                super::intent_in(t).request
                    && all_asked.captures(t).is_some_and(|a| {
                        a.name("n").is_none_or(|n| {
                            count_word(n.as_str()) == Some(count)
                                || (n.as_str().eq_ignore_ascii_case("both") && count == 2)
                        })
                    })
            });
            if asked_here || asked_after {
                return Some(count * one);
            }
        }
    }
    None
}

/// A count of units at one price asked together: the price marked as a unit's ("@ 19.95", "30 apiece", "30 each",
/// "30 per lamp", "12.99/pack", "12.99 a pack") and a count of those units ("x2", "3x", "4 packs", "two lamps",
/// "both", "all 3"), with the ask covering them all (no figure of its own, or "all"/"both"). The product.
pub fn counted_units(own: &str) -> Option<i64> {
    let p = patterns()?;
    let figs = figures(own);
    let mut units: Vec<(i64, Option<String>)> = Vec::new();
    // Units got at another time, in a sentence that asks nothing ("Bought 2 last year at $25 each"), are no units of
    // this order (outside attack 56).
    let other_time: Vec<&str> = super::desk25::sentences(own)
        .filter(|s| super::kinds25::other_time_told(s) && !super::intent_in(s).request)
        .collect();
    let in_other_time = |at: usize| {
        other_time.iter().any(|s| {
            let start = s.as_ptr() as usize - own.as_ptr() as usize;
            start <= at && at < start + s.len()
        })
    };
    for f in figs.iter().filter(|f| !in_other_time(f.span.start)) {
        let (Some(before), Some(after)) = (own.get(..f.span.start), own.get(f.span.end..)) else { continue };
        if p.at_price.is_match(before) {
            units.push((f.cents, None));
        } else if let Some(c) = p.unit_price.captures(after) {
            let noun = c.name("per").or(c.name("slash")).or(c.name("a")).map(|m| m.as_str().to_lowercase());
            // "a pack", "a lamp": a unit noun; "a day", "a month" are no units of goods.
            if noun.as_deref().is_some_and(|n| {
                matches!(n, "day" | "week" | "month" | "year" | "piece" | "time" | "refund" | "bit" | "lot" | "few")
            }) && c.name("a").is_some()
            {
                continue;
            }
            // "25 a pop", "25 a throw": a unit of whatever is counted (outside attack 52).
            let noun = noun.filter(|n| !matches!(n.as_str(), "pop" | "throw" | "go" | "unit" | "item"));
            units.push((f.cents, noun));
        }
    }
    units.sort_unstable();
    units.dedup_by_key(|u| u.0);
    let [(unit, noun)] = units.as_slice() else { return None };
    // A unit price said as one of alternatives ("12 euro or maybe 15 each") settles nothing here.
    let alternative = figs.iter().filter(|f| f.cents == *unit).any(|f| {
        let before = own.get(f.span.start.saturating_sub(24)..f.span.start).unwrap_or("").to_lowercase();
        before.contains(" or ") || before.contains("maybe") || before.contains("perhaps")
    });
    if alternative {
        return None;
    }
    // The count written before "@" is the count of that price ("Qty: 60 @ 14.99").
    let at_count = figs.iter().find(|f| f.cents == *unit).and_then(|f| {
        let c = p.count_at.captures(own.get(..f.span.start)?)?;
        c.name("a").or(c.name("b")).and_then(|n| n.as_str().parse::<i64>().ok()).filter(|n| (2..=999).contains(n))
    });
    let stem = |w: &str| w.trim_end_matches('s').to_lowercase();
    let mut counts: Vec<i64> = p
        .counted
        .captures_iter(own)
        .filter_map(|c| {
            if c.name("both").is_some() {
                return Some(2);
            }
            if let Some(n) = c.name("x1").or(c.name("x2")).or(c.name("all")) {
                return count_word(n.as_str());
            }
            let n_match = c.name("n")?;
            // A figure is no count ("30 apiece").
            if figs.iter().any(|f| f.span.start <= n_match.start() && n_match.start() < f.span.end) {
                return None;
            }
            let n = count_word(n_match.as_str())?;
            let counted = stem(c.name("noun")?.as_str());
            // The counted noun is the unit's noun, or any noun when the unit named none ("@ 30", "30 apiece").
            let goods = noun.as_deref().is_none_or(|u| stem(u) == counted);
            let money_word = matches!(
                counted.as_str(),
                "dollar"
                    | "euro"
                    | "pound"
                    | "buck"
                    | "quid"
                    | "cent"
                    | "day"
                    | "week"
                    | "month"
                    | "year"
                    | "time"
                    | "if"
                    | "i"
                    | "is"
                    | "are"
                    | "wa"
                    | "were"
                    | "of"
                    | "the"
                    | "and"
                    | "or"
                    | "to"
                    | "in"
                    | "on"
                    | "at"
                    | "for"
                    | "with"
                    | "from"
                    | "more"
                    | "les"
                    | "hour"
                    | "minute"
                    | "email"
                    | "order"
                    | "men"
                    | "man"
                    | "guy"
                    | "people"
                    | "driver"
                    | "worker"
                    | "lad"
                    | "kid"
                    | "children"
                    | "friend"
            ) || counted.len() < 3;
            (goods && !money_word).then_some(n)
        })
        .collect();
    counts.sort_unstable();
    counts.dedup();
    if let Some(n) = at_count {
        counts = vec![n];
    }
    let [count] = counts.as_slice() else { return None };
    let product = unit * count;
    // Asked as a whole: a sentence that asks and names no figure. A sentence that asks its own figure asks that
    // figure ("I want the money of the two, 7 euros"), unless it is the product.
    let asking: Vec<&str> = super::desk25::sentences(own).filter(|s| super::intent_in(s).request).collect();
    // One unit asked ("need a refund for that single mug", "please credit the defective unit"): no product.
    if asking.iter().any(|s| p.one_asked.is_match(s) && !collective(p, s)) {
        return None;
    }
    // The unit's own figure in an asking sentence that names no count and no "all/both" asks one unit ("kindly process
    // partial credit for the faulty unit only, i.e. 24.90", blind78 `g-004`).
    if asking.iter().any(|s| {
        figures(s).iter().any(|f| {
            f.cents != product
                && (f.cents != *unit || !(collective(p, s) || p.counted.is_match(s) || p.count_at.is_match(s)))
        })
    }) {
        return None;
    }
    // The ask covers the units: it names no figure, or "all"/"both", or it names the unit price only as a unit's, with
    // the count ("Refund 25 per cup, 3 cups cracked."; never "3 covers @14.50 … refund 14.50", blind101 `g-046`).
    let marked_unit = |s: &str, f: &money::Amount| {
        s.get(..f.span.start).is_some_and(|b| p.at_price.is_match(b))
            || s.get(f.span.end..).is_some_and(|a| p.unit_price.is_match(a))
    };
    if !asking.iter().any(|s| {
        let figs = figures(s);
        figs.is_empty()
            || collective(p, s)
            || (!figs.is_empty() && figs.iter().all(|f| f.cents == *unit && marked_unit(s, f)) && p.counted.is_match(s))
    }) {
        return None;
    }
    // The customer's own result of the working, with its tax ("3 units @ GBP 8.00 net / + 20% VAT / = GBP 28.80
    // gross", blind95 `g-044`): the figure stated after "=" or marked gross or total, within a third above the product.
    let stated = figs.iter().find(|f| {
        let before = own.get(..f.span.start).unwrap_or("").trim_end();
        let after = own.get(f.span.end..).unwrap_or("").trim_start().to_lowercase();
        let lower = before.to_lowercase();
        (before.ends_with('=')
            || lower.ends_with("total:")
            || lower.ends_with("total")
            || lower.ends_with("gross")
            || lower.ends_with("gross:")
            || after.starts_with("gross")
            || after.starts_with("total")
            || after.starts_with("incl"))
            && f.cents >= product
            && f.cents * 3 <= product * 4
    });
    Some(stated.map_or(product, |f| f.cents))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patterns_compile() {
        assert!(patterns().is_some());
    }

    #[test]
    fn items_listed_and_asked_are_summed() {
        for (t, sum) in [
            ("Cup: refund $30.\nSaucer: refund $30.", 6000),
            ("- cup $30\n- saucer $30\nplease refund both", 6000),
            ("1) cup: $30\n2) saucer: $30\nRefund items 1 and 2.", 6000),
            ("Please refund the following:\ncup $30\nsaucer $30", 6000),
            ("Refund: cup $30, saucer $30", 6000),
            ("Refund $30 for the cup & $30 for the saucer.", 6000),
            ("Refund the cup ($30); refund the saucer ($30).", 6000),
            ("Refund $300, $300.", 60000),
            (
                "I bought two identical lamps on the same day, $30 and $30. Both arrived broken. Refund both please.",
                6000,
            ),
        ] {
            assert_eq!(listed_sum(t, false), Some(sum), "{t}");
        }
        for t in [
            "Refund $30 or $40, whichever you think is fair.",
            "I paid $30, $5 of it shipping. Refund the $25 item.",
            "Refund $20 - sorry, $30.",
            "Cup $30\nSaucer $30\nOnly the cup broke, refund it.",
            "The total was $60 ($30 + $30). Refund $30.",
            // Kept sets: a charge repeated, one of them asked; the order's figure restated; an order number; a figure
            // in words restated in digits.
            "on my bank I see you have take two times the sleeping bag, 79,90 € and again 79,90 € the same day. I have \
             order only one. Please give back one of them.",
            "Ugh, so, the metronome. 49.99, and I'd like all 49.99 back please, not a voucher.",
            "cancel + refund order 7712 havent shipped yet, 64.00",
            "I am request you to give me back the amount of sixty seven and half, 67.50 only.",
        ] {
            assert_eq!(listed_sum(t, false), None, "{t}");
        }
        assert_eq!(
            counted_units(
                "Buenas, I buy 4 bombillas LED of 3,50€ each one and two is broken when arrive. I want the money of the two, 7 euros."
            ),
            None
        );
    }

    #[test]
    fn units_counted_at_a_price_are_multiplied() {
        for (t, product) in [
            ("bought 3x serum @ 19.95, all leaking. want all 3 refunded", 5985),
            ("Lamps x2 @ 30. both dead. refund pls", 6000),
            ("Both lamps (30 apiece) came broken, refund them", 6000),
            ("Two lamps arrived broken, 30 per lamp. Refund them.", 6000),
            ("The tent pegs were 12.99 a pack and I got 4 packs. All bent. Refund all the pegs.", 5196),
        ] {
            assert_eq!(counted_units(t), Some(product), "{t}");
        }
        for t in ["Lamps are 30 each. Refund the broken one please.", "I pay 5 a month for the plan, refund it"] {
            assert_eq!(counted_units(t), None, "{t}");
        }
    }
}
