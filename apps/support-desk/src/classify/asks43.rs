//! ask43 (issue 16, ADR-1460…ADR-1463): intent from the sentence's structure. The clause grammar (`intent.rs`,
//! `asks.rs`, `acts.rs`) reads an ask where a want or an imperative governs money; four constructions slipped through
//! it in both directions, each read here from mood, the verb of giving back and its object — not from a phrase list:
//!
//! - **giving a charge back** (ADR-1460): an imperative, or a question to the shop, whose verb moves money back
//!   (reverse, refund, credit, remove, waive, take … off) and whose object is a charge or a fee ("Kindly reverse the
//!   delivery charge only", "take the shipping fee off pls", "Please you remove the express fee"), or goods credited
//!   with their figure in the clause ("Please credit short-shipped 2 units = 30.00"): the charge is asked back;
//! - **having money back** (ADR-1461): the writer as the one who has or gets money back, under a want ("I wish to have
//!   back approx. 25 Euro", "I want have back 20 euro more") or a question of possibility ("Is there any way I could
//!   have some money back, say 15?", "It is possible I have back 25 euro?", "Would it be possible to have 30.00
//!   credited?"), and goods offered back for their figure ("can I return it for the 59.99?");
//! - **a relayed ask** (ADR-1462): someone's modal of obligation on the shop giving money back to any recipient ("they
//!   should give you back the $35", "you ought to give us back the 20.00", "you must give back 15 euro");
//! - **a refund on record talked about** (ADR-1463), the other way round: a refund's noun phrase whose predicate is
//!   its state, with the shop's report spliced in and the auxiliary or the tense off ("the refund of 25,00 you tell me
//!   is done", "my refund it is complete or not complete?", "refund 25.00 you said done"), the shop's report of a
//!   transfer ("you tell me you give back 40 euro to my card"), or receipt acknowledged in a formal register ("I write
//!   to acknowledge receipt of your refund of 27.50"): a status question or thanks, never a new ask.
//!
//! None of the asks fires when negated; none fires in a clause told as thanks or a status (`told`).

use regex::Regex;
use std::ops::Range;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// A money figure: a number with a currency sign, code or word before or after it, or with two decimals.
const FIG: &str = r"(?:(?:[$€£]|\b(?:usd|eur|gbp|aed|chf|sgd|hkd|aud|cad|nzd|pln|inr|sek|nok|dkk|czk|huf|zar|jpy|rs)\.?\s?)\d+(?:[.,]\d+)*|\b\d+(?:[.,]\d{1,2})?\s?(?:€|£|\$|zł|usd\b|eur\b|gbp\b|aed\b|euros?\b|pounds?\b|quid\b|dollars?\b|bucks\b)|\b\d+[.,]\d{2}\b)";

/// A noun that names money charged: the head of a charge's noun phrase.
const CHARGE: &str = r"(?:charges?|fees?|surcharges?|shipping|postage|delivery|p&p|overcharges?|overpayment|difference|excess|premium|supplement|cost)";

/// A verb that moves money charged back to the payer, in its base form.
const GIVE_BACK: &str = r"(?:reverse|refund|reimburse|credit|remove|waive|void|deduct|take|knock|write\s+off)";

/// A negation in the few words before `at` takes the frame back ("I don't want to have anything back").
fn negated_before(before: &str) -> bool {
    static NEG: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &NEG,
        r"(?i)(?:\bdon'?t|\bdo\s+not|\bdoesn'?t|\bdidn'?t|\bdid\s+not|\bwon'?t|\bnot|\bnever|\bno\s+need\s+to|\bnothing)\s+(?:\S+\s+){0,3}$",
    )
    .is_some_and(|r| r.is_match(before))
}

fn has_figure(clause: &str) -> bool {
    static F: OnceLock<Option<Regex>> = OnceLock::new();
    re(&F, &format!("(?i){FIG}")).is_some_and(|r| r.is_match(clause))
}

/// The mood that makes a verb an instruction to the shop: the clause's start (after a greeting or a comma), "please",
/// "kindly", "pls", the shop addressed ("you", "please you" in a learner's English), or a modal question to the shop
/// ("could you", "can you please").
const MOOD: &str = r"(?:^[\s\W]*|[.!;:,\n-]\s*|\b(?:please|pls|plz|kindly)\s+(?:(?:you|to)\s+)?|\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+|just\s+)?)";

/// Giving a charge back (ADR-1460): an imperative or a question to the shop whose verb moves money back and whose
/// object is a charge ("reverse the delivery charge", "take the shipping fee off"), or goods whose figure the clause
/// gives ("credit the 2 missing chairs = 40.00").
pub fn charge_given_back(clause: &str) -> bool {
    static CHARGE_OBJ: OnceLock<Option<Regex>> = OnceLock::new();
    static GOODS: OnceLock<Option<Regex>> = OnceLock::new();
    // The object: a determiner (or none), up to three modifiers, a charge's head; "take"/"knock" need their particle
    // ("off", "back") after the object: "take the shipping fee" alone is no giving back.
    let charge_obj = re(
        &CHARGE_OBJ,
        &format!(
            r"(?i){MOOD}(?:just\s+)?({GIVE_BACK})\s+(?:(?:me|us)\s+)?(?:(?:the|that|this|these|those|my|our|your|its|their|an?)\s+)?(?:[\w&'-]+\s+){{0,3}}{CHARGE}\b(\s+(?:back\s+)?off\b|\s+back\b)?"
        ),
    );
    // Goods credited with their figure: "credit" (the money verb that takes goods as its object in trade: credit the
    // units) and a figure in the clause.
    let goods = re(
        &GOODS,
        &format!(r"(?i){MOOD}(?:just\s+)?credit\s+(?:(?:me|us)\s+)?(?:(?:the|those|these|our|my)\s+)?[\w-]+"),
    );
    let charge_hit = charge_obj.is_some_and(|r| {
        r.captures_iter(clause).any(|c| {
            let (Some(m), Some(v)) = (c.get(0), c.get(1)) else { return false };
            let verb = v.as_str().to_lowercase();
            let particle = c.get(2).is_some();
            let needs_particle = matches!(verb.as_str(), "take" | "knock");
            (!needs_particle || particle) && head_ends(&clause[m.end()..]) && !negated_before(&clause[..m.start()])
        })
    });
    charge_hit
        || (has_figure(clause)
            && !clause.contains('?')
            && goods.is_some_and(|r| r.find_iter(clause).any(|m| !negated_before(&clause[..m.start()]))))
}

/// Whether the charge word just read is its noun phrase's head: nothing, punctuation, a figure or a function word
/// follows ("the shipping fee only", "the delivery charge, thanks"), not another noun ("the shipping label").
fn head_ends(after: &str) -> bool {
    let next = after.trim_start().split(|c: char| !(c.is_alphanumeric() || c == '\'')).next().unwrap_or("");
    next.is_empty()
        || next.starts_with(|c: char| c.is_ascii_digit())
        || matches!(
            next.to_lowercase().as_str(),
            "only"
                | "back"
                | "off"
                | "please"
                | "pls"
                | "plz"
                | "from"
                | "on"
                | "for"
                | "of"
                | "to"
                | "and"
                | "as"
                | "which"
                | "that"
                | "charged"
                | "paid"
                | "i"
                | "we"
                | "you"
                | "thanks"
                | "thank"
                | "too"
                | "also"
                | "in"
                | "at"
                | "asap"
                | "now"
                | "immediately"
                | "accordingly"
        )
}

/// The figure a charge given back asks (ADR-1460): the one money figure of the clause that asks it ("Please credit
/// short-shipped 2 units = 30.00"), else the one figure the text ties to a charge's noun — after it ("Delivery fee of
/// GBP 6.95", "express shipping 8,00") or before it ("charged 5.95 for delivery", "the 4.99 shipping"). `None` when no
/// figure or several: the charge's amount is then unsettled, never the order's.
pub fn charge_figure(text: &str, clauses: &[(usize, usize)]) -> Option<i64> {
    static ONE: OnceLock<Option<Regex>> = OnceLock::new();
    static AFTER: OnceLock<Option<Regex>> = OnceLock::new();
    static BEFORE: OnceLock<Option<Regex>> = OnceLock::new();
    let one = re(&ONE, &format!("(?i){FIG}"))?;
    let distinct = |mut v: Vec<i64>| {
        v.sort_unstable();
        v.dedup();
        match v.as_slice() {
            [x] => Some(*x),
            _ => None,
        }
    };
    for &(s, e) in clauses {
        let clause = &text[s..e];
        if charge_given_back(clause)
            && let Some(v) = distinct(one.find_iter(clause).filter_map(|m| cents(m.as_str())).collect())
        {
            return Some(v);
        }
    }
    let after =
        re(&AFTER, &format!(r"(?i)\b{CHARGE}\s*(?:of|:|=|was|is|at|costs?|came\s+to|charged)?\s*(?:\(\s*)?({FIG})"))?;
    let before = re(&BEFORE, &format!(r"(?i)({FIG})\s+(?:for\s+(?:the\s+)?)?(?:[\w-]+\s+)?{CHARGE}\b"))?;
    let found: Vec<i64> = after
        .captures_iter(text)
        .chain(before.captures_iter(text))
        .filter_map(|c| c.get(1).and_then(|m| cents(m.as_str())))
        .collect();
    distinct(found)
}

/// A money figure's cents: "GBP 6.95" → 695, "8,00" → 800, "$35" → 3500, "1,299.00" → 129900.
fn cents(figure: &str) -> Option<i64> {
    static NUM: OnceLock<Option<Regex>> = OnceLock::new();
    let m = re(&NUM, r"\d+(?:[.,]\d+)*")?.find(figure)?;
    let n = m.as_str();
    let (whole, frac) = match n.rfind(['.', ',']) {
        Some(i) if n.len() - i == 3 => (&n[..i], &n[i + 1..]),
        _ => (n, "0"),
    };
    let whole: i64 = whole.replace(['.', ','], "").parse().ok()?;
    Some(whole * 100 + frac.parse::<i64>().ok()?)
}

/// Having money back (ADR-1461): the writer who has or gets money back under a want, or under a question of
/// possibility; goods offered back for their figure.
pub fn money_had_back(clause: &str) -> bool {
    static WANT_HAVE: OnceLock<Option<Regex>> = OnceLock::new();
    static POSSIBLE: OnceLock<Option<Regex>> = OnceLock::new();
    static RETURN_FOR: OnceLock<Option<Regex>> = OnceLock::new();
    // A want of the writer's whose complement is "have/get/receive back" (with or without "to": a learner's "I want
    // have back"), the object before or after "back".
    let want_have = re(
        &WANT_HAVE,
        r"(?i)\b(?:i|we)\s*(?:'d|\s+would|\s+do|\s+really|\s+just|\s+only)*\s+(?:wish|want|wanna|like|need|hope|ask|request|prefer)\s+(?:to\s+)?(?:(?:please|kindly|just|only)\s+)?(?:have|get|receive)\s+(?:back\b|(?:[\w$€£.,'-]+\s+){1,5}?back\b)",
    );
    // A question of possibility whose subject is the writer and whose predicate has money come back: "is there any
    // way I could have some money back", "it is possible I have back 25 euro?", "would it be possible to have 30.00
    // credited", "any chance of 12 back".
    let possible = re(
        &POSSIBLE,
        r"(?i)\b(?:(?:any|some|a)\s+(?:way|chance|possibility)|possible|possibility)\b(?:\s+(?:that|for\s+(?:me|us)))?(?:\s+(?:i|we))?(?:\s+(?:can|could|may|might|would|to))?(?:\s+(?:please|maybe|perhaps|still))?\s+(?:have|get|receive|of)\s+(?:back\b|(?:[\w$€£.,'-]+\s+){1,5}?(?:back|credited|refunded|reimbursed|returned)\b)",
    );
    // Goods offered back for money: "can I return it for the 59.99?", "could we send them back for 40.00".
    let return_for = re(
        &RETURN_FOR,
        &format!(
            r"(?i)\b(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:return|send\s+back)\s+(?:it|this|them|these|those|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:back\s+)?for\s+(?:the\s+|a\s+refund\s+of\s+)?{FIG}"
        ),
    );
    static WANT_SOME: OnceLock<Option<Regex>> = OnceLock::new();
    // A want of an indefinite share of money back: "I'd just like something back for the trouble", "we'd want a bit
    // of money back".
    let want_some = re(
        &WANT_SOME,
        r"(?i)\b(?:i|we)\s*(?:'d|\s+would|\s+do|\s+really|\s+just|\s+only)*\s+(?:wish|want|wanna|like|need|hope|prefer)\s+(?:to\s+(?:have|get|receive)\s+)?(?:(?:just|only)\s+)?(?:a\s+little\s+something|something|some\s+money|some\s+cash|a\s+(?:bit|little)(?:\s+of\s+(?:money|cash))?|part\s+of\s+(?:it|the\s+money|my\s+money))\s+back\b",
    );
    let ok = |m: regex::Match| !negated_before(&clause[..m.start()]);
    let money = has_figure(clause) || money_word(clause);
    // "have back" with its object after it: a figure or an approximation follows, or the clause ends there (a
    // sentence cut at "approx."): money, not "get back to you".
    let object_follows = |m: regex::Match| {
        let rest = clause[m.end()..].trim_start().to_lowercase();
        m.as_str().to_lowercase().ends_with(" back")
            && (rest.is_empty()
                || rest.starts_with(|c: char| c.is_ascii_digit() || "$€£".contains(c))
                || ["approx", "about", "around", "roughly", "ca", "some", "my", "our", "what", "half", "part", "money"]
                    .iter()
                    .any(|w| rest.starts_with(w)))
    };
    want_some.is_some_and(|r| r.find_iter(clause).any(ok))
        || want_have.is_some_and(|r| r.find_iter(clause).any(|m| ok(m) && (money || object_follows(m))))
        || (possible.is_some_and(|r| r.find_iter(clause).any(ok)) && money)
        || return_for.is_some_and(|r| r.find_iter(clause).any(ok))
}

/// A word that names money or a share of it as what comes back: "money", "something", "a bit", a refund.
fn money_word(clause: &str) -> bool {
    static W: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &W,
        r"(?i)\b(?:money|cash|something|some|a\s+bit|a\s+little|part|refund|credit|euros?|pounds?|dollars?|quid|bucks)\b",
    )
    .is_some_and(|r| r.is_match(clause))
}

/// A relayed ask (ADR-1462): a modal of obligation on giving money back, to any recipient ("they should give you back
/// the $35", "you ought to give us back the 20.00", "you must give back 15 euro"), its object money. A question or a
/// negated modal asks nothing.
pub fn relayed_obligation(clause: &str) -> bool {
    static OBLIGED: OnceLock<Option<Regex>> = OnceLock::new();
    let obliged = re(
        &OBLIGED,
        &format!(
            r"(?i)\b(?:should|ought\s+to|must|have\s+to|has\s+to|need\s+to|needs\s+to)\s+(?:really\s+|just\s+)?(?:give|pay|send|refund)\s+(?:back\s+)?(?:(?:you|me|us|her|him|them|my\s+\w+)\s+)?(?:back\s+)?(?:(?:the|my|our|her|his|their|your)\s+)?(?:{FIG}|money\b)"
        ),
    );
    // A tag question that seeks agreement ("…, don't you?", "…, right?") leaves the clause an assertion.
    static TAG: OnceLock<Option<Regex>> = OnceLock::new();
    let untagged = re(
        &TAG,
        r"(?i),\s*(?:don'?t|do|doesn'?t|isn'?t|aren'?t|wouldn'?t|shouldn'?t|won'?t)\s+(?:you|they|it|we|he|she)\s*\?|,\s*(?:right|surely|no)\s*\?",
    )
    .map_or(clause.to_string(), |r| r.replace_all(clause, ".").into_owned());
    let clause = untagged.as_str();
    !clause.contains('?')
        && obliged.is_some_and(|r| {
            r.find_iter(clause).any(|m| !negated_before(&clause[..m.start()]) && !m.as_str().contains(" not "))
        })
}

/// The text with every refund on record talked about blanked (same length), and whether one was acknowledged; `None`
/// when the text talks about none.
pub fn without_refunds_on_record(text: &str) -> Option<(String, bool)> {
    let mut out = text.to_string();
    let (mut found, mut acknowledged) = (false, false);
    while let Some((range, ack)) = refund_on_record(&out) {
        if range.is_empty() {
            break;
        }
        found = true;
        acknowledged |= ack;
        out.replace_range(range.clone(), &" ".repeat(range.len()));
    }
    found.then_some((out, acknowledged))
}

/// Whether the clause asks money back by one of the constructions above. `told`: the clause itself was read as thanks
/// for or a question about a refund on record, where none of them is trusted.
pub fn asks(clause: &str, told: bool) -> bool {
    !told && (charge_given_back(clause) || money_had_back(clause) || relayed_obligation(clause))
}

/// A refund on record talked about (ADR-1463): the range of the clause that holds it and whether it is acknowledged
/// (`true`) or its state asked or reported (`false`). Read before the intent step, which then asks nothing of it.
pub fn refund_on_record(clause: &str) -> Option<(Range<usize>, bool)> {
    static STATE: OnceLock<Option<Regex>> = OnceLock::new();
    static REPORTED: OnceLock<Option<Regex>> = OnceLock::new();
    static RECEIPT: OnceLock<Option<Regex>> = OnceLock::new();
    // The refund's noun phrase, the shop's report spliced in ("you tell me", "you said", "they wrote me") and/or a
    // resumptive pronoun, then a state as its predicate, the auxiliary optional: "the refund of 25,00 you tell me is
    // done", "my refund it is complete or not", "refund 25.00 you said done", "the money back of 30,00 you say is sent".
    let state = re(
        &STATE,
        &format!(
            r"(?i)(?:\b(?:the|my|your|our|this|that)\s+)?\b(?:refund|money\s+back|reimbursement|repayment)\b(?:\s+(?:of|for)?\s*{FIG})?(?:\s*,)?(\s+(?:that\s+)?(?:you|they|your\s+[\w-]+|the\s+shop|someone)\s+(?:tell|told|say|said|says|write|wrote|writes|confirm|confirmed|promise|promised|inform|informed)(?:\s+(?:me|us))?(?:\s+(?:that|it))?)?(\s+it)?\s+((?:is|was|has\s+been|had\s+been|be|'s|are)\s+)?(?:(?:already|now|just|all|really)\s+)*(?:done|finish|finished|complete|completed|ready|sent|through|gone\s+through|go\s+through|arrive|arrived|paid|processed)\b(\s+or\s+not(?:\s+\w+)?)?"
        ),
    );
    // The shop's report of a transfer: a speech verb of the shop's, its complement the shop giving money back ("you
    // tell me you give back 40 euro to my card", "you said you return 30 dollar").
    let reported = re(
        &REPORTED,
        r"(?i)\b(?:you|they|your\s+[\w-]+)\s+(?:tell|told|say|said|write|wrote|promise|promised|confirm|confirmed|inform|informed)\s+(?:me|us)?\s*(?:that\s+)?(?:you|they|it)\s+(?:will\s+|would\s+|already\s+|have\s+|has\s+)?(?:give|gave|given|return|returned|send|sent|refund|refunded|pay|paid|transfer|transferred|credit|credited|put)\b[^.;?!,\n]*",
    );
    // Receipt acknowledged in a formal register: "I write to acknowledge receipt of your refund of 27.50", "we confirm
    // receipt of the credit".
    let receipt = re(
        &RECEIPT,
        r"(?i)\b(?:acknowledge|confirm|note)\s+(?:(?:safe|the)\s+)?receipt\s+of\s+(?:your|the|a|my|our)\s+(?:[\w-]+\s+)?(?:refund|credit|reimbursement|repayment|payment)\b[^.;?!\n]*",
    );
    if let Some(m) = receipt.and_then(|r| r.find(clause)) {
        return Some((m.range(), true));
    }
    // A bare predicate ("a refund through PayPal") is no state: the shop's report, a resumptive pronoun, an
    // auxiliary or "or not" makes it one.
    let stated = state.and_then(|r| {
        r.captures_iter(clause).find(|c| {
            c.get(0).is_some_and(|m| !wanted_before(&clause[..m.start()])) && (1..=4).any(|i| c.get(i).is_some())
        })
    });
    if let Some(m) = stated.and_then(|c| c.get(0)) {
        return Some((m.range(), false));
    }
    reported.and_then(|r| r.find(clause)).map(|m| (m.range(), false))
}

/// A want or an imperative right before a refund's noun phrase makes it the object asked ("I want the refund done
/// now", "please get my refund sent"), no refund on record.
fn wanted_before(before: &str) -> bool {
    static WANT: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &WANT,
        r"(?i)\b(?:want|wanna|need|like|get|have|make|please|pls|kindly|expect|demand|request)\s+(?:to\s+|(?:a|an|the|my|your|this|that)\s+(?:[\w-]+\s+)?)?$",
    )
    .is_some_and(|r| r.is_match(before))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_given_back_and_their_near_misses() {
        for s in [
            "Kindly reverse the delivery charge only.",
            "take the shipping fee off pls",
            "Please you remove the express fee.",
            "Could you take that delivery charge back off?",
            "Please credit short-shipped 2 units = 30.00.",
        ] {
            assert!(charge_given_back(s), "{s}");
        }
        for s in [
            "pls send invoice showing the 4.99 shipping charge, accounts need it",
            "Please confirm the delivery fee for next-day shipping, is it still 6.95?",
            "I don't want you to reverse the delivery charge",
            "we take the delivery fee seriously",
        ] {
            assert!(!charge_given_back(s), "{s}");
        }
    }

    #[test]
    fn money_had_back_and_its_near_misses() {
        for s in [
            "I wish to have back approx. 25 Euro for this",
            "I want have back 20 euro more please",
            "Is there any way I could have some money back for it, say 15?",
            "It is possible I have back 25 euro for it?",
            "Would it be possible to have 30.00 credited against the invoice?",
            "can I return it for the 59.99?",
        ] {
            assert!(money_had_back(s), "{s}");
        }
        for s in [
            "Is there any way I can have it delivered by Friday?",
            "I don't wish to have anything back, just telling you",
        ] {
            assert!(!money_had_back(s), "{s}");
        }
    }

    #[test]
    fn relayed_obligations_and_their_near_misses() {
        for s in [
            "I think they should give you back the $35 you paid for the engraving, don't you?",
            "you ought to give us back the 20.00 for the missing cushion",
        ] {
            assert!(relayed_obligation(s), "{s}");
        }
        for s in ["should they give you back the $35?", "they should not give you back the $35"] {
            assert!(!relayed_obligation(s), "{s}");
        }
    }

    #[test]
    fn charge_figures() {
        let t = "Delivery fee of GBP 6.95 charged in error (over GBP 40). Kindly reverse the delivery charge only.";
        assert_eq!(charge_figure(t, &[(0, t.len())]), Some(695));
        let t = "Received 10 of 12. Please credit short-shipped 2 units = 30.00.";
        assert_eq!(charge_figure(t, &[(0, 18), (19, t.len())]), Some(3000));
    }

    #[test]
    fn refunds_on_record_talked_about() {
        for s in [
            "the refund of 25,00 you tell me is done last week",
            "my refund it is complete or not complete?",
            "refund 25.00 you said done",
            "the money back of 30,00 you say is sent on Monday",
            "Before you tell me you give back 40 euro to my card",
            "I write to acknowledge receipt of your refund of 27.50",
        ] {
            assert!(refund_on_record(s).is_some(), "{s}");
        }
        for s in ["I want the refund done now", "please process my refund of 25.00", "Refund through PayPal please"] {
            assert!(refund_on_record(s).is_none(), "{s}");
        }
    }
}
