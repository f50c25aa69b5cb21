//! What the customer wants when no refund word asks it, and what settles it (unsettled45, issue 16,
//! ADR-1550…ADR-1553). Each reader here can only escalate (U1, F1) or turn a close or an escalation into a refusal;
//! none of them makes a payment.
//!
//! - **A want whose figure nothing settles** ([`unsettled_want`], ADR-1550): the customer leaves the figure to the
//!   shop ("whatever you think is fair", "Amount: TBD, pls advise"), or names a figure the reader cannot settle
//!   (alternatives "maybe 10 or maybe 15", a partial credit "commensurate with the defect") beside a complaint or a
//!   problem told about the order. That is a want (U1), not a pure inquiry (C1). A question about a thing a figure
//!   prices ("does the 2mm one at 8.49 fit it, or do I need the 1.6mm?") is the ticket's point and stays an inquiry.
//! - **A reply that does not pick the order the shop asked about** ([`shop_asked_which_order`], ADR-1551): the shop's
//!   quoted message asks which order the customer means; with several candidate orders and none linked or named, the
//!   reply ("The one from last week.") leaves the order unsettled (U1).
//! - **A charge that stands on a cancelled order** ([`charge_stands`], ADR-1552): "cancelled order still charged
//!   25.50", "the money is still taken from my bank" — the cancellation owes that money back, a claim no rule
//!   settles (F1).
//! - **A complaint judging the order wrong with no fault named** ([`judged_wrong`], [`acts_put_only`], ADR-1554):
//!   "something in the last lot wasn't right", "it is not like I am expecting", and a question that only puts an act
//!   to the shop with no topic ("Can someone sort it?") — the vague complaint's reading.
//! - **A refund as a threat's condition** ([`refund_as_condition`], ADR-1553): "If you don't refund it I'll be taking
//!   this to the small claims court" asks the refund; the caller reads it only where a refusal applies, so the
//!   refusal comes before the threat's escalation (X1–X4 → E2), never a payment.
//! - **A want of more goods** ([`goods_wanted_blanked`], F1603): "want 2 more", "need 3 copies, 4.50 each?", "I'd
//!   like another two" in a clause that names no money back wants to buy, not to be paid: the want is blanked before
//!   the grammar reads, so the price beside it is asked about, never paid.
//! - **A refund named but not asked** ([`refunds_not_asked_blanked`], F1611, outside attack 47): a refund turned down
//!   after it is named ("Refund? nah", "Refund not needed", "Money back? No thanks"), someone else's refund told
//!   ("my friend got her money back", "other customers got their money back"), a refund only weighed ("before I ask
//!   for my money back", "should I ask for a refund or …", "I could ask for a refund but I won't"), and a refund on
//!   record the shop gave its word on ("the refund of $49.99 you approved", "your agent confirmed a 49.99 refund"):
//!   blanked before the grammar reads, so the rest of the ticket (a question) is what it asks.

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// A want whose figure nothing settles (ADR-1550): the figure left to the shop, or an unsettled figure read
/// (`amount_unsettled`) beside a complaint or a problem told, and no question about a thing a figure prices.
pub fn unsettled_want(own: &str, amount_unsettled: bool, complaint: bool, names_problem: bool) -> bool {
    // A question put as one ("?", or embedded under "whether") about a thing a figure prices.
    let price_question = super::desk25::sentences(own).any(|s| {
        (s.contains('?') || s.to_lowercase().contains("whether")) && super::questions::asks_nothing_back(s).is_some()
    });
    !price_question && (super::figure_left_to_shop(own) || (amount_unsettled && (complaint || names_problem)))
}

/// The shop's quoted words ask which order (or which one of several) the customer means (ADR-1551): "Which order
/// would you like refunded?", "could you tell us which of your orders this is about?".
pub fn shop_asked_which_order(shop_text: &str) -> bool {
    static WHICH: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &WHICH,
        r"(?i)\bwhich\s+(?:(?:one\s+)?of\s+(?:the|your|these|those)\s+)?(?:\w+\s+)?(?:orders?|purchases?|deliver(?:y|ies)|parcels?|one)\b[^?\n]{0,80}\?",
    )
    .is_some_and(|r| r.is_match(shop_text))
}

/// A charge said to stand on the order all the same (ADR-1552): a participle of money taken ("charged", "taken",
/// "debited", "deducted", "billed") with "still" or "anyway" in its clause. The caller reads it only on a cancelled
/// order with no refund on record.
pub fn charge_stands(own: &str) -> bool {
    static STANDS: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &STANDS,
        concat!(
            r"(?i)\b(?:still|anyway|nevertheless|regardless)\s+(?:been\s+|being\s+|got\s+|get\s+|gets\s+)?(?:charged|taken|debited|deducted|billed|withdrawn)\b",
            r"|\b(?:charged|taken|debited|deducted|billed|withdrawn)\b[^.!?\n;]{0,40}\b(?:still|anyway|regardless)\b",
        ),
    )
    .is_some_and(|r| r.is_match(own))
}

/// A refund named as the condition of a threat or a consequence (ADR-1553): "if you don't refund it I'll …", "unless
/// I get my money back …", "if I don't get a refund …". A refund verb or money coming back in an "if/unless" clause.
pub fn refund_as_condition(own: &str) -> bool {
    static COND: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &COND,
        concat!(
            r"(?i)\b(?:if|unless)\s+(?:you|u|your\s+\w+|the\s+shop|i|we)\s+",
            r"(?:(?:not|don'?t|do\s+not|won'?t|will\s+not|can'?t|cannot|refuse\s+to|fail\s+to|doesn'?t|does\s+not|didn'?t|did\s+not)\s+)?",
            r"(?:(?:immediately|promptly|quickly|fully)\s+)?",
            r"(?:refund\w*|reimburse\w*|pay\s+(?:me\s+|us\s+)?back|give\s+(?:me\s+|us\s+)?(?:my\s+|our\s+|the\s+)?(?:money|refund|cash)|",
            r"(?:get|receive|see)\s+(?:my\s+|our\s+|a\s+|the\s+)?(?:money\s+back|refund)|return\s+(?:my|our|the)\s+money)",
        ),
    )
    .is_some_and(|r| r.is_match(own))
}

/// The order judged wrong with no fault named (ADR-1554): a thing of the order said not to be right ("something in
/// the last lot wasn't right", "it's not right"), or expectations unmet in a progressive form ("it is not like I am
/// expecting"). A complaint's evaluation; what is wrong stays unnamed.
pub fn judged_wrong(own: &str) -> bool {
    static WRONG: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &WRONG,
        concat!(
            r"(?i)\b(?:something|it|this|that|everything|(?:the|my|our|this|that|your)\s+(?:\w+\s+)?(?:order|lot|delivery|parcel|package|stuff|goods|items?))",
            r"(?:'s\s+|\s+)(?:wasn'?t|was\s+not|isn'?t|is\s+not|weren'?t|were\s+not|aren'?t|are\s+not|not)\s+(?:quite\s+|at\s+all\s+|all\s+)?right\b",
            r"|\b(?:is|was|it'?s|are|were)\s+not\s+(?:like|as|how)\s+(?:i|we)\s+(?:am|are|was|were)\s+(?:expecting|hoping|wanting)\b",
            r"|\bnot\s+(?:as|like|what)\s+(?:i\s+|we\s+)?(?:had\s+)?expected\b",
        ),
    )
    .is_some_and(|r| r.is_match(own))
}

/// Every question of the text puts an act to the shop with no topic ("Can someone sort it?", "could you fix this
/// please?", "will you deal with it?") or asks only what the shop will do ([`super::desk35::remedy_questions_only`]),
/// and there is at least one such act (ADR-1554).
pub fn acts_put_only(own: &str) -> bool {
    static ACT: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(act) = re(
        &ACT,
        r"(?i)^\W*(?:(?:so|and|well|then|ok|okay|please|now)\W+)*(?:can|could|will|would)\s+(?:you|u|someone|somebody|anyone|your\s+team)\s+(?:please\s+)?(?:sort|fix|resolve|deal\s+with|look\s+into|help|do\s+something)(?:\s+(?:it|this|that|me|us|about\s+(?:it|this|that)))?(?:\s+out)?(?:\s+please)?\s*\?*\s*$",
    ) else {
        return false;
    };
    let questions: Vec<&str> =
        super::desk25::sentences(own).flat_map(|s| s.split_inclusive('?')).filter(|s| s.contains('?')).collect();
    let is_act = |q: &str| {
        let q = q.trim();
        let tail = q.rsplit([',', ';', ':', '.']).next().unwrap_or(q).trim();
        act.is_match(tail) || act.is_match(q)
    };
    questions.iter().any(|q| is_act(q))
        && questions.iter().all(|q| is_act(q) || super::desk35::remedy_questions_only(q))
}

/// F1603: the text with each want of more goods blanked (same length), where its clause names no money back. A
/// purchase supposed or proposed ("if I buy two more, could I get them for $50 total?", "buy another 3 more") blanks
/// its whole sentence where that names no money back: it asks a price for goods, never money back (outside attack 36).
pub fn goods_wanted_blanked(text: &str) -> String {
    static PURCHASE: OnceLock<Option<Regex>> = OnceLock::new();
    let purchase = PURCHASE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\bif\s+(?:i|we)\s+(?:(?:were\s+to|was\s+to|could|can|do)\s+)?(?:buy|order|purchase)\b",
            r"|\b(?:buy|order|purchase)\s+(?:another|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple(?:\s+of)?)\s+more)\b",
        ))
        .ok()
    });
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((want, money_back)) = RES
        .get_or_init(|| {
            let want = Regex::new(concat!(
                r"(?i)\b(?:(?:i|we)\s+)?(?:want|wanna|need|would\s+like|'d\s+like)\s+(?:to\s+(?:buy|order|get)\s+)?",
                r"(?:another|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple(?:\s+of)?)\s+",
                r"(?:more|extra|additional|further|copies|spares?|refills?))\b",
            ))
            .ok()?;
            let money_back = Regex::new(
                r"(?i)\b(?:back|refund\w*|reimburs\w*|credit\w*|money|compensat\w*|return\w*|repa(?:y|id))\b",
            )
            .ok()?;
            Some((want, money_back))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = text.to_string();
    let sentence_of = |at: usize, to: usize| {
        let start = text[..at].rfind(['.', '!', '?', ';', '\n']).map_or(0, |i| i + 1);
        let end = text[to..].find(['.', '!', '?', ';', '\n']).map_or(text.len(), |i| to + i);
        (start, end)
    };
    for m in purchase.iter().flat_map(|p| p.find_iter(text)) {
        let (start, end) = sentence_of(m.start(), m.end());
        if !money_back.is_match(&text[start..end]) {
            out.replace_range(start..end, &" ".repeat(end - start));
        }
    }
    for m in want.find_iter(text) {
        let (start, end) = sentence_of(m.start(), m.end());
        if !money_back.is_match(&text[start..end]) {
            out.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    // Goods asked to be sent, replaced or swapped, priced ("Can you send me the $12 lid that was missing?", "Send
    // another $9.99 cable please", "Please replace the $49.99 blender"): the figure names the goods, no money asked.
    for figure in goods_priced(text) {
        out.replace_range(figure.clone(), &" ".repeat(figure.len()));
    }
    out
}

/// The figures that price goods asked to be sent, replaced, exchanged or repaired (outside attack 55): "send me the $12
/// lid", "send another $9.99 cable", "a new $6 charger cable", "replace the $49.99 blender", "swap the $49.99 jacket
/// for a size L" — the figure between the act's article and a noun that is no money.
fn goods_priced(text: &str) -> Vec<std::ops::Range<usize>> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = re(
        &RE,
        r"(?i)\b(?:send|ship|post|replace|swap|exchange|repair)\s+(?:me\s+|us\s+)?(?:over\s+)?(?:the|a|an|another|a\s+new|one\s+more|my)\s+(?:new\s+|replacement\s+|spare\s+)?(?P<fig>[$£€]\s?\d+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?\s?(?:usd|eur|gbp|dollars?|euros?|pounds?))\s+(?P<noun>[a-z][a-z-]*)",
    ) else {
        return Vec::new();
    };
    re.captures_iter(text)
        .filter(|c| {
            c.name("noun").is_some_and(|n| {
                !matches!(
                    n.as_str().to_lowercase().as_str(),
                    "back"
                        | "refund"
                        | "credit"
                        | "payment"
                        | "balance"
                        | "difference"
                        | "voucher"
                        | "vouchers"
                        | "coupon"
                        | "gift"
                        | "store"
                        | "code"
                        | "to"
                        | "for"
                        | "please"
                        | "pls"
                        | "now"
                        | "asap"
                        | "today"
                        | "into"
                        | "on"
                        | "by"
                        | "via"
                        | "and"
                        | "or"
                        | "that"
                        | "which"
                )
            })
        })
        .filter_map(|c| c.name("fig").map(|f| f.range()))
        .collect()
}

/// Whether goods are asked with their price ([`goods_priced`]): another remedy, never money.
pub fn priced_goods_asked(own: &str) -> bool {
    !goods_priced(own).is_empty()
}

/// Outside attack 55 (F1664): the text with each clause that asks for a document blanked (same length), where the
/// clause names no money back: "Please send the $49.99 invoice again", "Could you send me the receipt for the $49.99
/// order?", "Pls share $49.99 invoice, need for reimbursement from company", "provide the commercial invoice (USD
/// 49.99) for customs". A figure there names the document (what it is for), and "send" sends the paper, never the
/// money: the clause asks nothing of the desk's money, and the figure beside it is no ask. A credit note is a refund's
/// document and is never blanked; a reimbursement from the customer's employer or insurer is not money back from the
/// shop.
pub fn documents_wanted_blanked(text: &str) -> String {
    static RES: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((document, money_back, elsewhere)) = RES
        .get_or_init(|| {
            let document = Regex::new(concat!(
                r"(?i)\b(?:re-?send|send|sent|forward|e-?mail|mail|share|provide|re-?issue|issue|attach|upload|generate|supply|",
                r"give\s+me|get\s+me|need|want|would\s+like|'d\s+like|request(?:ing)?|copy\s+of)\b(?:[^.!?;\n]|\.\d){0,50}?",
                r"\b(?:invoice|receipt|bill|order\s+confirmation|confirmation\s+(?:e-?mail|email|number)|packing\s+slip|",
                r"warranty(?:\s+(?:card|form|certificate|registration(?:\s+form)?))?|guarantee\s+(?:card|certificate)|",
                r"proof\s+of\s+purchase|delivery\s+note|statement|pro-?\s?forma|quotation|manual|paperwork|certificate|",
                r"registration\s+form|tracking\s+(?:number|link|code))s?\b",
            ))
            .ok()?;
            let money_back = Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|money|back|credit(?:ed)?\b(?:\s+note)?|compensat\w*|repa(?:y|id)\w*|chargeback)",
            )
            .ok()?;
            // "need for reimbursement from company": the customer's employer or insurer pays the customer back.
            let elsewhere = Regex::new(
                r"(?i)\b(?:reimburs\w*|refund\w*|claim\w*|money\s+back)\s+(?:from|by|through|via|with)\s+(?:my\s+|our\s+|the\s+)?(?:company|employer|work|office|boss|insurer|insurance|school|university|department|expenses?)\b|\bexpense\s+(?:claim|report)",
            )
            .ok()?;
            Some((document, money_back, elsewhere))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for (start, end) in super::clauses(text) {
        let clause = &text[start..end];
        let cleared = elsewhere.replace_all(clause, "");
        if document.is_match(clause) && !money_back.is_match(&cleared) {
            let blank: String = clause.chars().map(|c| if c == '\n' { c } else { ' ' }).collect();
            out.replace_range(start..end, &blank);
        }
    }
    out
}

/// A refund that failed, asked again (outside attack 55, F1664): the refund told rejected, bounced, failed or
/// declined ("Your refund bounced.", "the refund got rejected", "refund failed last time"), and the writer asks it done
/// again ("Please re-send.", "Can you redo it?", "issue it once more", "try again", "send it to my new card", "please
/// reprocess the 44.00"). An ask, not a question about the refund's state.
pub fn retry_asked(own: &str) -> bool {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((failed, again)) = RES
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:refund|reimbursement|payment|money)\b[^.?!\n]{0,40}?\b(?:was\s+|got\s+|has\s+been\s+|is\s+)?(?:rejected|bounced|failed|declined|refused|reversed|came\s+back|returned\s+to\s+you|didn'?t\s+go\s+through|did\s+not\s+go\s+through)\b|\b(?:rejected|declined|refused|failed|bounced)\s+(?:the\s+|my\s+)?refund\b").ok()?,
                Regex::new(r"(?i)\b(?:re-?do|re-?send|resend|re-?issue|re-?process|re-?submit|re-?try|try\s+(?:it\s+)?again|do\s+it\s+again|(?:process|issue|send|pay|put|make|transfer|do)\s+(?:it|the\s+refund|the\s+payment|that)\s+(?:again|once\s+more|to\s+(?:my|the|our)\s+(?:new|other|correct)\b)|(?:send|pay|put)\s+it\s+(?:to|into|on)\s+(?:my|the)\s+(?:new|other|correct)\b)").ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    failed.is_match(own) && again.is_match(own)
}

/// A part asked in place of the whole (outside attack 55): the whole turned down ("I don't need the whole $49.99 back",
/// "No need to refund it all", "Rather than the full $49.99", "Forget the full refund", "Please not refund everything")
/// and one other figure said to be enough or the only one ("just $20 for the lid", "$10 is enough", "could you do
/// $20?", "$11 instead of the whole $49.99", "14 is fine"), in that sentence or the next: that figure is asked. The
/// whole's own figure (right after "whole", "full", "all") is no part. Another remedy named instead (send, replace,
/// exchange) asks no money.
pub fn part_instead_of_whole(own: &str) -> Option<i64> {
    static RES: OnceLock<Option<[Regex; 6]>> = OnceLock::new();
    let [whole_declined, money_whole, only_before, enough_after, remedy, bare_enough] = RES
        .get_or_init(|| {
            Some([
                Regex::new(r"(?i)\b(?:don'?t|do\s+not|doesn'?t|not|no\s+need\s+(?:for|to)|needn'?t|forget|rather\s+than|instead\s+of|(?:is|it'?s)\s+not\s+necessary\s+(?:to|for)|don'?t\s+have\s+to|no\s+need)\b(?:[^.!?\n]|\.\d){0,40}?\b(?:whole|full|all|everything|entire)\b").ok()?,
                Regex::new(r"(?i)\b(?:refund\w*|return\w*|back|money|amount|price|order|sum|of\s+it)\b|\d").ok()?,
                Regex::new(r"(?i)\b(?:just|only|(?:could|can|would)\s+you\s+do)(?:\s+the)?\s*$").ok()?,
                Regex::new(r"(?i)^[\s,]*(?:(?:dollars?|euros?|pounds?|bucks)\s+)?(?:(?:is|would\s+be|will\s+be|should\s+be|would|will)\s+(?:enough|fine|plenty|fair|do|ok|okay|sufficient)|instead|only|is\s+all)\b").ok()?,
                Regex::new(r"(?i)\b(?:send|replace\w*|exchange\w*|swap\w*|repair\w*|new\s+one)\b").ok()?,
                // A bare number said to be enough ("14 is fine"): money by what is said of it.
                Regex::new(r"(?i)(?:^|[\s,:;-])(?P<n>\d{1,5}(?:[.,]\d{2})?)\s+(?:is|would\s+be|will\s+be|should\s+be|would|will)\s+(?:enough|fine|plenty|fair|do|ok|okay)\b").ok()?,
            ])
        })
        .as_ref()?;
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    for (k, s) in sentences.iter().enumerate() {
        let Some(declined) = whole_declined.find(s) else { continue };
        // The whole of the money, not "not cooling at all": a refund word, money or a figure in the declining words or
        // right after them.
        let tail: String = s[declined.end()..].chars().take(24).collect();
        if declined.as_str().to_lowercase().ends_with("at all")
            || !money_whole.is_match(&format!("{}{tail}", declined.as_str()))
        {
            continue;
        }
        // The whole's own figure: right after the word naming the whole, with at most "the", "order", "refund" or
        // "back" between.
        let whole_figure = |text: &str, span: &std::ops::Range<usize>| {
            std::ptr::eq(text, *s)
                && span.start >= declined.end()
                && text[declined.end()..span.start]
                    .split_whitespace()
                    .all(|w| matches!(w.to_lowercase().as_str(), "the" | "order" | "refund" | "amount" | "of" | "it"))
        };
        // The part is said to be the only one right before its figure ("just $20", "only the $9.99 cable", "could you
        // do $20") or enough right after it ("$10 is enough", "$11 instead", "$16 is plenty").
        let marked = |text: &str, span: &std::ops::Range<usize>| {
            only_before.is_match(&text[..span.start]) || enough_after.is_match(&text[span.end..])
        };
        let mut parts: Vec<i64> = Vec::new();
        for text in std::iter::once(*s).chain(sentences.get(k + 1).copied()) {
            if remedy.is_match(text) {
                return None;
            }
            parts.extend(
                super::money::read(text)
                    .into_iter()
                    .filter(|a| a.cents > 0 && !whole_figure(text, &a.span) && marked(text, &a.span))
                    .map(|a| a.cents),
            );
            parts.extend(bare_enough.captures_iter(text).filter_map(|c| super::to_cents(c.name("n")?.as_str())));
            if !parts.is_empty() {
                break;
            }
        }
        parts.sort_unstable();
        parts.dedup();
        if let [one] = parts.as_slice() {
            return Some(*one);
        }
    }
    None
}

/// Outside attack 56: the text with each figure of an ask the writer turns down blanked (same length) — one they
/// thought of and let go, one someone else says they are owed, one they will not push for — when a contrast follows in
/// the sentence or the next ("I was going to ask for $50.00 for my time but never mind. Refund the sofa please.", "My
/// partner thinks I should ask for $30 compensation on top but I'm not like that.", "I won't push for the $30.00
/// compensation your policy mentions. Refund only please.", "A friend said I'm owed $15 for the late delivery. I'd
/// rather just have the refund", "I'm not after the $25 goodwill thing, just refund the bike."). The figure names no
/// ask: the refund the writer does ask names none.
pub fn declined_figures_blanked(text: &str) -> String {
    static DECLINED: OnceLock<Option<Regex>> = OnceLock::new();
    static CONTRAST: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(declined), Some(contrast)) = (
        re(
            &DECLINED,
            concat!(
                r"(?i)\b(?:(?:was|were)\s+going\s+to|(?:was|were|am|felt)\s+(?:tempted|about)\s+to|wanted\s+to\s+ask|could\s+have\s+(?:asked|claimed)|",
                r"thought\s+(?:about|of)|considered|some\s+people\s+would|(?:i|we)\s+could\s+(?:claim|ask|demand)|",
                r"(?:thinks?|says?|said|reckons?|told\s+me)\s+(?:that\s+)?(?:i\s+should|i'?m\s+owed|i\s+am\s+owed|we'?re\s+owed|to\s+ask|ask)|",
                r"(?:won'?t|will\s+not|wouldn'?t|not\s+going\s+to)\s+(?:push|ask|claim|insist|go)|not\s+(?:after|asking\s+for|claiming))\b",
            ),
        ),
        re(&CONTRAST, r"(?i)\b(?:but|never\s+mind|rather|just|only|instead|settle\s+for|not\s+like\s+that|no)\b"),
    ) else {
        return text.to_string();
    };
    let mut out = text.to_string();
    let sentences: Vec<&str> = super::desk25::sentences(text).collect();
    for (k, s) in sentences.iter().enumerate() {
        let Some(d) = declined.find(s) else { continue };
        let at = s.as_ptr() as usize - text.as_ptr() as usize;
        // The declined part ends where the contrast starts in the sentence; else the whole sentence, when the next one
        // brings the contrast.
        let end = match contrast.find_at(s, d.end()) {
            Some(c) => c.start(),
            None if sentences.get(k + 1).is_some_and(|n| contrast.is_match(n)) => s.len(),
            None => continue,
        };
        for a in super::money::read(&s[d.end()..end]) {
            let (from, to) = (at + d.end() + a.span.start, at + d.end() + a.span.end);
            if out.is_char_boundary(from) && out.is_char_boundary(to) {
                out.replace_range(from..to, &" ".repeat(to - from));
            }
        }
    }
    out
}

/// A price difference asked (outside attack 56): "refund the difference", "a price adjustment", "price protection",
/// "price match", "what I overpaid", "the saving", "the gap", "the sale discount applied retroactively". The
/// difference's own figure, where one names it ("the $20.00 difference", "a price adjustment of $20.00", "Price
/// adjustment request: $20.00", "It's $20.00 less now"): `Some(Some(cents))`. None named — only the price it is now,
/// elsewhere or on sale, or a share ("that 20%") — `Some(None)`: a partial refund with no figure (U1), never the order's
/// amount or the new price. `None`: no price difference asked.
pub fn price_difference(own: &str) -> Option<Option<i64>> {
    static RES: OnceLock<Option<[Regex; 3]>> = OnceLock::new();
    let [asked, named_after, named_before] = RES
        .get_or_init(|| {
            Some([
                Regex::new(concat!(
                    r"(?i)\b(?:(?:refund|credit|reimburse|give|pay|send|return|want|like|have|claim|get)\w*\b[^.?!\n]{0,30}?\b",
                    r"(?:(?:the\s+)?(?:price\s+)?diff(?:erence)?|what\s+(?:i|we)\s+overpaid|the\s+(?:saving|gap)|the\s+discount\s+(?:i|we)\s+missed)|",
                    r"(?:apply|do|give|want|like|request|claim|grant|process|under)\w*\s+(?:me\s+|us\s+)?(?:a\s+|the\s+|my\s+|your\s+)?(?:[$€£]?\d[\d.,]*\s+)?price\s+(?:adjustment|protection|match(?:ing)?|promise)|",
                    r"price\s+(?:adjustment|protection|match(?:ing)?)\s+(?:request|claim|please)|(?:match|honou?r)\s+(?:the\s+)?(?:new|sale|lower|their)\s+price|",
                    r"(?:sale|promo)\s+(?:discount|price|code)\s+(?:\w+\s+){0,3}?(?:applied|retroactive\w*)|",
                    r"(?:apply|applied)\s+(?:\w+\s+){0,4}?retroactive\w*|",
                    // A share of a price cut asked by its percent, or a code given to others asked for (outside
                    // attack 56): "Could you refund that 20% to me?", "apply it to mine too and refund that".
                    r"(?:apply|honou?r|extend)\w*\s+(?:it|that|this|the\s+(?:\d{1,2}\s?%\s+)?(?:promo|discount|code|offer|deal|sale\s+price))\s+(?:\w+\s+){0,2}?to\s+(?:mine|my\s+order|me|my\s+purchase)\b)\b|\bmatch\s+[$€£]?\d|",
                    r"\b(?:refund|credit|give|pay|send|return)\w*\s+(?:me\s+|us\s+)?(?:that|the|this|those)\s+\d{1,2}(?:[.,]\d+)?\s?%",
                ))
                .ok()?,
                Regex::new(r"(?i)^[ \t]*\)?[ \t]*(?:(?:\w+[ \t]+)?(?:price[ \t]+)?(?:difference|adjustment|protection|discount|saving|less|reduction|cheaper|lower)\b|(?:back|please|pls)\b|too\s+much\b|more\s+than\b|extra\b)").ok()?,
                Regex::new(r"(?i)(?:\b(?:difference|diff|adjustment|protection|reduction)\s*(?:of|request|claim|is|was)?\s*[:,(-]?|\b(?:refund|credit|reimburse|give|pay)\w*\s+(?:me\s+|us\s+)?|\b(?:that'?s|that\s+is|which\s+is|that\s+would\s+be|so)|\bplease\s+(?:refund|credit)\s+|\b(?:dropped|went\s+down|down|reduced|cut|cheaper|less)\s+by)\s*[(/]?\s*$").ok()?,
            ])
        })
        .as_ref()?;
    // "the difference between what I paid and $45": the order's amount less the figure, read by the arithmetic steps.
    if own.to_lowercase().contains("between what") {
        return None;
    }
    // Asked, not asked about or turned down ("Is there some price protection?", "I'm not asking you to price match").
    let asks = asked.find_iter(own).any(|m| {
        let sentence_start = own[..m.start()].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
        let lead = own[sentence_start..m.start()].to_lowercase();
        let sentence_end = own[m.end()..].find(['.', '!', '?', '\n']).map_or(own.len(), |i| m.end() + i);
        let question_about = own.get(sentence_end..sentence_end + 1) == Some("?")
            && (lead.trim_start().starts_with("is ")
                || lead.trim_start().starts_with("do ")
                || lead.contains("do you"));
        !question_about && !lead.contains("not ") && !lead.contains("n't ") && !lead.contains("no need")
    });
    if !asks {
        return None;
    }
    let named: Vec<i64> = super::money::read(own)
        .into_iter()
        .filter(|a| a.cents > 0)
        // A percent is a share, no figure ("dropped by 15%").
        .filter(|a| {
            let after = own[a.span.end..].trim_start().to_lowercase();
            !(after.starts_with('%') || after.starts_with("percent") || after.starts_with("per cent"))
        })
        .filter(|a| named_after.is_match(&own[a.span.end..]) || named_before.is_match(&own[..a.span.start]))
        .map(|a| a.cents)
        .collect();
    if let Some(v) = super::figures::one_distinct(named) {
        return Some(Some(v));
    }
    // The price paid and the price now both written ("Price now is 39.99, I paid 49.99"): their difference.
    static PRICES: OnceLock<Option<[Regex; 2]>> = OnceLock::new();
    let [paid, now] = PRICES
        .get_or_init(|| {
            Some([
                Regex::new(r"(?i)\b(?:i\s+paid|we\s+paid|paid|bought\s+(?:it\s+)?(?:for|at)|i\s+was\s+charged|was)\s*:?\s*[$€£]?\s*$").ok()?,
                Regex::new(r"(?i)(?:\bnow(?:\s+is|\s+it'?s)?|\btoday|\breduced\s+to|\bdropped\s+to|\bon\s+sale\s+(?:for|at)|\bit'?s\s+now)\s*:?\s*[$€£]?\s*$").ok()?,
            ])
        })
        .as_ref()?;
    let figures = super::money::read(own);
    let before = |a: &super::money::Amount| {
        let from = own.floor_char_boundary(a.span.start.saturating_sub(24));
        &own[from..a.span.start]
    };
    let paid_v =
        super::figures::one_distinct(figures.iter().filter(|a| paid.is_match(before(a))).map(|a| a.cents).collect());
    let now_v =
        super::figures::one_distinct(figures.iter().filter(|a| now.is_match(before(a))).map(|a| a.cents).collect());
    Some(match (paid_v, now_v) {
        (Some(p), Some(n)) if p > n => Some(p - n),
        _ => None,
    })
}

/// The whole asked with a part it includes (outside attack 56): "Please refund everything including the $5.99
/// shipping", "Refund the lot please, delivery ($29.99) included", "the full order incl. the $8 postage".
pub fn whole_including(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        concat!(
            r"(?i)\b(?:everything|the\s+(?:lot|whole\s+(?:thing|order|lot|amount)|full\s+(?:order|amount|price))|all\s+of\s+it|in\s+full|it\s+all)\b",
            r"[^.!?\n]{0,30}?(?:\b(?:including|incl\.?|inclusive\s+of)\s+(?:the\s+|my\s+)?(?:[\w-]+\s+){0,2}?[$€£]?\s?\d|",
            r"\(\s*[$€£]?\s?\d[\d.,]*\s*\)\s*(?:included|incl\.?|too|as\s+well)\b|[$€£]?\s?\d[\d.,]*\s*\)?\s*(?:included|incl\.?)\b)",
        ),
    )
    .is_some_and(|r| r.is_match(own))
}

/// Keeping the goods for less (outside attack 56): "Happy to keep the table for $10.00 less", "$20.00 off and I'll
/// keep it, deal?", "I can live with the dent for a $25.00 discount", "With a $25.00 discount I'd hold on to it",
/// "Make it $25.00 cheaper and it can stay": the reduction's one figure is asked.
pub fn keep_for_less(own: &str) -> Option<i64> {
    static RES: OnceLock<Option<[Regex; 3]>> = OnceLock::new();
    let [keep, reduction_after, for_before] = RES
        .get_or_init(|| {
            Some([
                Regex::new(r"(?i)\b(?:keep|live\s+with|hold\s+on\s+to|can\s+stay|hang\s+on\s+to)\b").ok()?,
                Regex::new(r"(?i)^\s*(?:off|less|cheaper|discount|reduction)\b").ok()?,
                Regex::new(r"(?i)\b(?:for|at|with)\s+(?:a\s+)?$").ok()?,
            ])
        })
        .as_ref()?;
    let mut found: Vec<i64> = Vec::new();
    for s in super::desk25::sentences(own) {
        if !keep.is_match(s) {
            continue;
        }
        for a in super::money::read(s).into_iter().filter(|a| a.cents > 0) {
            let after = &s[a.span.end..];
            let before = &s[..a.span.start];
            if reduction_after.is_match(after) || (for_before.is_match(before) && keep.is_match(after)) {
                found.push(a.cents);
            }
        }
    }
    super::figures::one_distinct(found)
}

/// F1611: the text with each refund named but not asked blanked (same length); see the module doc.
pub fn refunds_not_asked_blanked(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(not_asked) = re(
        &RE,
        concat!(
            r"(?i)",
            // Turned down right after it is named.
            r"\b(?:(?:a|my|the|any)\s+)?(?:refunds?|money\s+back|(?:return|refund)\s+(?:of\s+)?my\s+money)\s*",
            // A bare "no" only as the answer to the refund put as a question ("Refund? No."): "Refund, no receipt
            // though" asks.
            r"(?:\?\s*(?:nah|nope|no|not\s+really)\b|(?:[?!.,:;]+|\s[-–—]+)?\s*(?:nah|nope|no\s+thanks?|no\s+thank\s+you|(?:is\s+|are\s+)?not\s+(?:needed|necessary|required|wanted)|(?:is|are)n'?t\s+(?:needed|necessary|required|wanted|what\s+(?:i|we)'?(?:m|re|\s+am|\s+are)\s+after))\b)",
            // Someone else's refund, told in the past.
            r"|\b(?:my|our|a|other|some|many|lots\s+of)\s+(?:\w+\s+)?(?:friends?|neighbou?rs?|colleagues?|customers|people|buyers|reviewers|users)\b[^.?!\n]{0,40}?\b(?:got|received|had|asked\s+for|wanted|demanded)\s+(?:a\s+|her\s+|his\s+|their\s+|the\s+)?(?:refunds?|money\s+back)\b",
            // F1613: a refund someone close wanted and was talked out of ("My husband wanted a refund but I talked him
            // out of it"): the wish is withdrawn (without the withdrawal, "My husband wanted a refund and so do I" asks).
            r"|\b(?:my|our)\s+(?:\w+\s+)?(?:husband|wife|partner|son|daughter|mum|mom|mother|dad|father|boss|manager|colleague|friend|brother|sister|kids?|boyfriend|girlfriend|flatmate|room-?mate)\b[^.?!\n]{0,40}?\b(?:wanted|was\s+(?:going|about)\s+to\s+ask\s+for|wanted\s+to\s+ask\s+for|asked\s+for|thought\s+about\s+asking\s+for)\s+(?:a\s+|her\s+|his\s+|their\s+|the\s+|our\s+)?(?:refunds?|money\s+back)\s+but\b[^.?!\n]*?\b(?:out\s+of\s+it|changed\s+(?:his|her|their|my|our)\s+minds?|decided\s+(?:against\s+it|not\s+to)|not\s+any\s*more|no\s+longer)\b",
            // F1613: a request quoted and then withdrawn ("'tell them we want our money back' - ignore that, she was
            // joking"), or said and taken back at once ("I want a refund. Just kidding!").
            r#"|['"“‘][^'"”’\n]{0,120}\b(?:refund|money\s+back)\b[^'"”’\n]{0,60}['"”’]\s*[-–—,.;:]*\s*(?:ignore\s+(?:that|this|it)|disregard\s+(?:that|this|it)|scratch\s+that|(?:she|he|they|i)\s+(?:was|were|is|are|am)\s+(?:only\s+|just\s+)?(?:joking|kidding))\b"#,
            r"|[^.?!\n]*\b(?:refund|money\s+back)\b[^.?!\n]*[.!?]*\s*(?:(?:just|only)\s+(?:kidding|joking)|jk)\b",
            // A refund only weighed.
            r"|\b(?:before|whether|should)\s+(?:i|we)\s+(?:\w+\s+){0,2}?(?:ask|want|get|request|claim|demand)\w*\s+(?:for\s+)?(?:a\s+|my\s+|our\s+)?(?:refund|money\s+back)\b",
            r"|\b(?:i|we)\s+(?:could|might)\s+(?:ask|request)\s+(?:for\s+)?(?:a\s+|my\s+|our\s+)?(?:refund|money\s+back)\s+but\b",
            r"|\b(?:a\s+)?(?:refund|money\s+back)\s+would\s+be\s+nice\s+but\b",
            r"|\bnot\s+(?:one|the\s+type|the\s+kind)\s+to\s+(?:ask|demand|claim)\s+(?:for\s+)?(?:a\s+|my\s+)?(?:refund|money\s+back)\b",
            r"|\b(?:i\s+)?once\s+(?:had\s+to\s+)?(?:ask|asked)\s+for\s+a\s+refund\b",
            r"|\basking\s+for\s+a\s+friend\b[^.?!\n]*",
            // A refund on record the shop gave its word on.
            r"|\b(?:the|my|your|this|that)\s+(?:[$€£]?\d[\d.,]*\s+)?refund(?:\s+(?:(?:of|for)\s+)?[$€£]?\s?\d[\d.,]*(?:\s?(?:dollars?|euros?|pounds?|usd|eur|gbp))?)?\s+(?:that\s+|which\s+)?(?:you|your\s+\w+|the\s+\w+|they|he|she)\s+(?:already\s+|just\s+)?(?:approved|promised|confirmed|agreed(?:\s+to)?|authori[sz]ed|issued|offered|arranged|processed|sent|mentioned)\b",
            r"|\b(?:you|your\s+\w+|the\s+(?:agent|shop|store|support))\s+(?:already\s+)?(?:approved|promised|confirmed|agreed\s+to|authori[sz]ed|issued|arranged)\s+(?:a|the|my)\s+(?:[$€£]?\d[\d.,]*\s+)?refund\b",
        ),
    ) else {
        return text.to_string();
    };
    static ASKED: OnceLock<Option<Regex>> = OnceLock::new();
    // A refund the shop promised, asked for ("please action the refund you promised below"): a request, kept.
    let asked = re(
        &ASKED,
        r"(?i)\b(?:please|pls|plz|kindly|action|process|issue|send|pay|release|complete|honou?r|execute|proceed\s+with|go\s+ahead\s+with|want|need|expect|demand)\s+(?:\w+\s+){0,2}$",
    );
    let mut out = text.to_string();
    for m in not_asked.find_iter(text) {
        let before = &text[text[..m.start()].char_indices().rev().nth(40).map_or(0, |(i, _)| i)..m.start()];
        let promised = [
            "approv",
            "promis",
            "confirm",
            "agreed",
            "authori",
            "issued",
            "offered",
            "arranged",
            "processed",
            "sent",
            "mention",
        ];
        let lower = m.as_str().to_lowercase();
        if promised.iter().any(|w| lower.contains(w)) && asked.is_some_and(|a| a.is_match(before)) {
            continue;
        }
        out.replace_range(m.range(), &" ".repeat(m.len()));
    }
    out
}

/// F1617 (outside attack 48): the text with each request withdrawn blanked (same length). A request negated ("I no
/// longer want a refund", "no need for a full refund", "Ya no quiero el reembolso"), cancelled or retracted ("Forget the
/// refund", "Cancel my refund request", "Refund request withdrawn", "Please don't process my refund"), only planned or
/// supposed ("I was going to ask for a refund", "If it breaks again I'll want a refund"), denied by the writer ("The last
/// thing I want is my money back"), struck through (`<s>…</s>`, `~~…~~`), someone else's that the writer overrules ("My
/// son asked for a refund but I said no, we'll keep it"), or taken back after it was made ("Refund please. Actually,
/// scratch that", "… was sent by mistake", "Haha no") asks nothing. What the writer asks after the withdrawal still asks.
/// Refund words that name no refund of this order (outside attack 49): a job title or a signature ("Refunds
/// Manager", "Refunds & returns: see my blog"), a page or a form of the shop's ("the refund form on your site", "your
/// refund page"), someone else's refund ("my tax refund", "my employer reimburses me", "so my insurer can refund me",
/// "expenses reimbursement"), a topic ("unrelated to refunds", "a blog post about refund experiences", "I work in
/// refunds at a bank"). Blanked (offsets kept), so the rest of the ticket says what is asked.
pub fn incidental_refund_words_blanked(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = re(
        &RE,
        &[
            r"(?i)\brefunds?\s+(?:manager|department|dept|team|officer|desk|clerk|specialist|lead|head|supervisor|coordinator|analyst|associate|executive|administrator|form|page|link|section|experiences?|process\s+on\s+your\s+site)\b",
            r"|\brefunds?\s*(?:&|and)\s+returns\s*:",
            r"|\b(?:tax|vat|council\s+tax|insurance|expenses?|travel)\s+(?:refund|reimbursement|rebate)s?\b",
            r"|\b(?:work|worked|working)\s+in\s+(?:the\s+)?refunds?\b|\bunrelated\s+to\s+refunds?\b",
            r"|\b(?:reimbursement|refund)\s+from\s+(?:my|our)\s+(?:employer|company|insurer|bank|airline)\b",
            r"|\b(?:my|our)\s+(?:employer|company|boss|insurer|insurance|firm)\s+(?:\w+\s+){0,2}?(?:reimburses?|refunds?|pays?\s+back)\s+(?:me|us|it)\b",
            // Another party's money (outside attack 50): "My bank reimbursed me for the fraud on my other card", "Our
            // finance team reimburses purchases like this monthly".
            r"|\b(?:my|our|the)\s+(?:bank|card\s+issuer|credit\s+card\s+company|finance\s+(?:team|department|dept)|accounts\s+(?:team|department|dept)|employer|company|insurer)\s+(?:already\s+|usually\s+|always\s+|then\s+)?(?:reimbursed|refunded|paid\s+back|reimburses|refunds)\s+(?:me|us|purchases?|expenses?|costs?|the\s+\w+|everything)\b",
            // Outside attack 51: other payers by name ("PayPal refunded me for a different purchase", "The airline
            // reimbursed my hotel", "Etsy sellers always refund me fast", "Our finance team will reimburse me", "Our
            // accounts team needs a copy of the receipt to reimburse me"), and the word itself quoted ("The word
            // 'refund' on your site is misspelled", "Your 'Refunds' tab shows a 404").
            r"|\b(?:paypal|klarna|ebay|amazon|visa|mastercard|amex|apple|google|uber|lyft|etsy|stripe|the\s+airline|the\s+hotel|the\s+bank|(?:my|our|his|her|their)\s+(?:\w+'s\s+)?(?:bank|employer|boss|company|insurer|finance\s+team|accounts\s+team|airline)|your\s+competitor|(?:\w+\s+)?sellers?)\s+(?:\w+\s+){0,2}?(?:refunded|reimbursed|refunds?|reimburses?|will\s+(?:refund|reimburse)|gave\s+me\s+my\s+money\s+back|offered\s+me\s+a\s+refund)\b",
            r"|\b(?:team|department|dept|employer|company|boss|insurer)\s+needs?\s+(?:\w+\s+){0,6}?to\s+(?:refund|reimburse)\s+(?:me|us)\b",
            // Another shop's slowness told ("the last shop … took eleven weeks to give me back £30", blind102 `g-072`).
            r"|\btook\s+(?:\w+\s+){0,3}?to\s+(?:give|pay|send)\s+(?:me\s+|us\s+)?(?:back|my\s+money\s+back)\b(?:\s+(?:[$€£]\s?)?\d[\d.,]*)?",
            r#"|['"](?:refunds?|reimbursements?)['"]"#,
            r"|\bso\s+(?:that\s+)?(?:my|our)\s+(?:insurer|employer|company|insurance)\s+can\s+(?:refund|reimburse)\s+(?:me|us)\b",
            // A company's habit told in a signature or a PS (outside attack 53): "we refund $49.99 orders same day",
            // "our team refunds $49.99 a day on average", "We refund $49.99 within 24h".
            r"|\b(?:we|our\s+(?:team|company|shop|store|firm|department|staff|business)|the\s+team)\s+(?:usually\s+|always\s+|typically\s+|normally\s+|routinely\s+)?(?:refunds?|reimburses?|process(?:es)?\s+refunds?)\b(?:[^.!?\n]|\.\d){0,40}?(?:\b(?:a|per|each|every)\s+(?:day|week|month|year)\b|\bdaily\b|\bsame[\s-]day\b|\bwithin\s+\d+\s*(?:h|hrs?|hours?|days?)\b|\bon\s+average\b)",
        ]
        .concat(),
    ) else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for m in re.find_iter(text) {
        out.replace_range(m.range(), &" ".repeat(m.len()));
    }
    // Another payer by any name (outside attack 52: "Venmo sent my sister her money back", "Steam gave me my money
    // back for a game", "Afterpay reimbursed the instalment", "Revolut reimbursed me"): a capitalised name that is no
    // pronoun, greeting or sentence opener, and a refund told done. A list of payers' names never ends; the shape does.
    static NAMED: OnceLock<Option<Regex>> = OnceLock::new();
    if let Some(named) = self::re(
        &NAMED,
        r"\b(?P<name>[A-Z][A-Za-z0-9&'-]+(?:\s+[A-Z][A-Za-z0-9&'-]+){0,2})\s+(?:(?i:already|just|finally|quickly|kindly|eventually)\s+)?(?i:refunded|reimbursed|paid\s+(?:me\s+|us\s+|it\s+)?back|gave\s+(?:\w+\s+){0,2}?(?:my|our|his|her|their)\s+money\s+back|sent\s+(?:\w+\s+){0,3}?money\s+back|returned\s+(?:my|our|his|her|their)\s+money)\b",
    ) {
        const OPENERS: &[&str] = &[
            "I",
            "You",
            "We",
            "They",
            "It",
            "He",
            "She",
            "This",
            "That",
            "These",
            "Those",
            "Your",
            "The",
            "A",
            "An",
            "Please",
            "Finally",
            "Yesterday",
            "Today",
            "Already",
            "Just",
            "Someone",
            "Somebody",
            "Nobody",
            "Support",
            "Customer",
            "Service",
            "Shop",
            "Store",
            "Agent",
            "Team",
            "Staff",
            "Kindly",
            "Thanks",
            "Thank",
            "Also",
            "And",
            "But",
            "So",
            "Then",
            "Hi",
            "Hello",
            "Dear",
            "Ok",
            "OK",
            "Who",
            "Has",
            "Have",
            "Was",
            "Were",
            "If",
            "When",
            "Once",
            "Never",
            "Nothing",
            "No",
            "Not",
            "Seller",
            "Sellers",
            "Vendor",
            "Merchant",
            "Company",
        ];
        for c in named.captures_iter(text) {
            let (Some(m), Some(name)) = (c.get(0), c.name("name")) else { continue };
            if name.as_str().split_whitespace().any(|w| OPENERS.contains(&w)) {
                continue;
            }
            out.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    out
}

/// "Back" of time blanked, offsets kept (blind122 `g-001`: "the blue one, I think it was £45 back then?" was read as
/// £45 wanted back): "back then", "back when", "back in 2019", "back in the day", "way back". A season or a month
/// ("back in the summer") is left: the learned reading leans on it (`second_reading` HONOUR_IT, b68 `g-050`).
pub fn time_backs_blanked(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = re(
        &RE,
        r"(?i)\b(?:way\s+)?back(?:\s+then\b|\s+when\b|\s+in\s+(?:the\s+day|(?:19|20)\d\d|the\s+(?:old\s+days|eighties|nineties|80s|90s))\b|\s+at\s+the\s+time\b)",
    ) else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for m in re.find_iter(text) {
        // Only the word "back" (and "way") goes; the time words stay.
        let word = m.as_str().to_lowercase();
        let end = m.start() + word.find("back").map_or(0, |i| i + 4);
        out.replace_range(m.start()..end, &" ".repeat(end - m.start()));
    }
    out
}

/// A refund asked only as a question on a supposition (outside attack 51): "Would you refund me if I sent it back
/// unopened?", "Can I get a refund if I send it back?", "If I change my mind, can I get a refund?", "Is it possible to
/// get a refund after opening?", "Hypothetically, could I get a refund?", "kindly tell me if I will get refund if
/// product is not liking my wife". Every sentence with a refund word is such a question, and the words outside the
/// suppositions tell no problem with the goods: an inquiry about the policy (C1). "It's broken. Can I get a refund if
/// I send it back?" tells a problem: it asks. A polite "if possible" supposes nothing.
pub fn refund_only_supposed(own: &str) -> bool {
    static RES: OnceLock<Option<[Regex; 4]>> = OnceLock::new();
    static PROMISED: OnceLock<Option<Regex>> = OnceLock::new();
    let promised = re(
        &PROMISED,
        r"(?i)\b(?:i'?ll|i\s+will|we'?ll|we\s+will|i\s+can|we\s+can)\s+(?:then\s+|happily\s+|gladly\s+|of\s+course\s+)?(?:send|post|ship|return|bring|drop)\b",
    );
    let Some([refund, cond, polite, whether]) = RES
        .get_or_init(|| {
            Some([
                Regex::new(r"(?i)\b(?:refund\w*|money\s+back|reimburs\w*|(?:get|have|receive|give|pay)\s+(?:\S+\s+){0,3}?back|send\w*\s+(?:\S+\s+){0,2}?back\s+for|(?:get|have|is|be|are)\s+(?:\S+\s+){0,3}?(?:returned|credited|paid\s+back)|(?:go|goes|come|comes)\s+back\s+(?:to|on|onto|into)\b)\b|(?:[$€£]\s?\d[\d.,]*|\b\d+[.,]\d{2})\s+back\b").ok()?,
                Regex::new(
                    r"(?i)\b(?:if|in\s+case|assuming|assume|say|let'?s\s+say|imagine|provided|providing|what\s+if|should\s+(?:i|we|she|he)|would\s+returning|in\s+the\s+event(?:\s+(?:of|that))?|were\s+(?:it|they|the\s+\w+)\s+to|should\s+(?:it|they|the\s+\w+)|when\s+(?:it|they)\s+(?:\w+\s+)?(?:breaks?|stops?|dies|fails?|fades?|goes\s+wrong)|say\s+(?:it|they)|hypothetically|theoretically|in\s+theory|in\s+principle|in\s+general|generally|suppose|supposing|after\s+(?:opening|use|using|wearing)|once\s+(?:opened|used|worn))\b[^,;?]*",
                )
                .ok()?,
                Regex::new(
                    r"(?i)\bif\s+(?:possible|you\s+(?:can|could|don'?t\s+mind|would|please|want|prefer|like|need|refund\w*|credit\w*|reimburs\w*|sent|send|gave|give|paid|pay|returned|return|issued|issue|process\w*)|that'?s\s+(?:ok|okay|alright|all\s+right|fine|possible|easier|simpler|better|quicker)|that\s+(?:helps|works)|needed|necessary|required|not\s+too\s+much|so|not)\b",
                )
                .ok()?,
                Regex::new(
                    r"(?i)\b(?:tell\s+me|let\s+me\s+know|wondering|want\s+to\s+know|like\s+to\s+know|ask(?:ing)?|inform\s+me)\s+(?:if|whether)\b",
                )
                .ok()?,
            ])
        })
        .as_ref()
    else {
        return false;
    };
    static OPENER: OnceLock<Option<Regex>> = OnceLock::new();
    // A supposition told in a sentence of its own just before the question ("Let's say I don't like the colour. €97.99
    // refunded then?", outside attack 61).
    let opener = re(
        &OPENER,
        r"(?i)^\W*(?:(?:hi|hey|hello|ok|so)\W+)?(?:assume|assuming|let'?s\s+say|say|imagine|suppose|supposing|hypothetically|what\s+if|in\s+case)\b",
    );
    let mut supposed = false;
    let mut rest = String::new();
    let mut after_supposition = false;
    for s in super::desk25::sentences(own) {
        if !refund.is_match(s) {
            after_supposition = opener.is_some_and(|r| r.is_match(s)) && s.trim_end().ends_with(['.', '!', ':']);
            if !after_supposition {
                rest.push_str(s);
                rest.push(' ');
            }
            continue;
        }
        let plain = polite.replace_all(s, " ");
        if after_supposition && plain.contains('?') && !promised.is_some_and(|r| r.is_match(&plain)) {
            supposed = true;
            after_supposition = false;
            continue;
        }
        // The figure it names changes nothing: the money hangs on what is still to come (outside attacks 58 and 59:
        // "If I sent it back, would you refund the whole $49.99?", "Should the topper not fit, could I return it and
        // have the $89.00 refunded?").
        // A return promised ("Could you refund the €27 formula and I'll send it back unopened when it comes?",
        // b118 `g-014`) makes the question a request.
        if !(plain.contains('?') || whether.is_match(&plain))
            || !cond.is_match(&plain)
            || promised.is_some_and(|r| r.is_match(&plain))
        {
            return false;
        }
        supposed = true;
        rest.push_str(&cond.replace_all(&plain, " "));
        rest.push(' ');
    }
    // Goods still on their way are no fault told when the refund hangs on how they come ("fan not arrived yet, if it
    // come damaged you refund $247.00?", outside attack 61).
    static NOT_YET: OnceLock<Option<Regex>> = OnceLock::new();
    let rest = match re(
        &NOT_YET,
        r"(?i)\b(?:(?:has|have|is|it'?s|hasn'?t|haven'?t|isn'?t|not|still\s+not)\s+)+(?:arrived|come|came|here|been\s+delivered|delivered)\s+yet\b",
    ) {
        Some(r) if supposed => r.replace_all(&rest, " ").into_owned(),
        _ => rest,
    };
    supposed && !super::desk26::names_problem(&rest)
}

/// A refund's way asked about, not a refund asked (outside attack 56): where it would go or whether one is possible
/// ("Is it possible to have a refund go to PayPal instead of the card?", "Would a refund be possible to my Revolut?",
/// "Is a refund possible on sale items?", "Is it possible to get a refund without the receipt?"). Every sentence with a
/// refund word is such a question, none says "please", and nothing else tells a problem with the goods: an inquiry
/// about the policy (C1). A refund put to the shop to do ("Could you refund it to her card?", "can you put the refund
/// on my card instead?") asks it.
pub fn refund_way_asked(own: &str) -> bool {
    static RES: OnceLock<Option<[Regex; 3]>> = OnceLock::new();
    let Some([refund, way, plea]) = RES
        .get_or_init(|| {
            Some([
                Regex::new(r"(?i)\b(?:refund\w*|money\s+back|reimburs\w*)\b").ok()?,
                Regex::new(concat!(
                    r"(?i)\bpossible\b|\bhow\s+(?:do|does|would|will)\b|\balways\b|\bcan\s+refunds\b|",
                    r"\b(?:is|are|would|will)\s+(?:a\s+|the\s+)?refunds?\s+(?:\w+\s+){0,4}?(?:be\s+)?(?:possible|allowed|issued|made|sent|paid)\b|",
                    r"\bdoes\s+(?:it|the\s+refund)\s+(?:always\s+)?go\b",
                ))
                .ok()?,
                Regex::new(r"(?i)\b(?:please|pls|plz|kindly|asap|now)\b").ok()?,
            ])
        })
        .as_ref()
    else {
        return false;
    };
    let mut asked = false;
    let mut rest = String::new();
    for s in super::desk25::sentences(own) {
        if !refund.is_match(s) {
            rest.push_str(s);
            rest.push(' ');
            continue;
        }
        if !s.contains('?') || !way.is_match(s) || plea.is_match(s) || super::money::read(s).iter().any(|a| a.cents > 0)
        {
            return false;
        }
        asked = true;
    }
    asked && !super::desk26::names_problem(&rest)
}

pub fn requests_withdrawn_blanked(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    static BACK: OnceLock<Option<Regex>> = OnceLock::new();
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    const REFUND: &str = r"(?:(?:a|the|my|any|our|that|this|her|his|their)\s+)?(?:(?:full|earlier|previous|last|first|further|additional|more)\s+)?(?:refund\w*|money\s+back|reimbursement|remboursement|reembolso|rimborso|refund)";
    let Some(withdrawn) = re(
        &RE,
        &[
            r"(?i)<(s|del|strike)>[^<]*</(?:s|del|strike)>|~~[^~\n]+~~",
            // Negated.
            &format!(r"|\b(?:no\s+longer|don'?t|do\s+not|doesn'?t|does\s+not|won'?t|will\s+not|never)\s+(?:really\s+|even\s+)?(?:want|need|require|wish\s+for|be\s+asking\s+for|ask\s+for|request|seek|claim|expect)\s+{REFUND}"),
            &format!(r"|\bno\s+(?:need|want)\s+(?:for|of)\s+{REFUND}|\b{REFUND}\s+(?:is|isn'?t|is\s+not)\s+(?:not\s+)?(?:necessary|needed|required)\b|\brefunding\s+(?:isn'?t|is\s+not)\s+(?:necessary|needed)\b"),
            r"|\b(?:kein(?:e|en)?\s+(?:refund|rückerstattung|erstattung)\s+(?:nötig|notwendig|nötig)|(?:ya\s+)?no\s+quiero\s+(?:el\s+|un\s+|mi\s+)?reembolso|je\s+ne\s+veux\s+(?:plus\s+|pas\s+)?(?:de\s+|du\s+|le\s+)?remboursement)\b",
            // Cancelled or retracted.
            &format!(r"|\b(?:cancel|withdraw\w*|retract|scrap|forget(?:\s+about)?|never\s*mind|hold\s+off\s+(?:on|with)|(?:don'?t|do\s+not|pls\s+don'?t)\s+(?:process|issue|send|bother\s+with|go\s+ahead\s+with)|ignore|disregard)\s+{REFUND}(?:\s+(?:request|claim|me|us))?"),
            r"|\b(?:refund|money[- ]back)\s+(?:request|claim)\s+(?:is\s+)?(?:withdrawn|cancell?ed|retracted|no\s+longer\s+needed)\b",
            &format!(r"|\b(?:disregard|ignore|cancel|withdraw)\s+(?:my|our|the)\s+(?:earlier|previous|last|first)\s+(?:e-?mail|message|mail|note|request|ticket)\s+(?:asking\s+for|about|re:?|requesting|regarding|for)\s+{REFUND}"),
            // Planned or supposed, and denied.
            &format!(r"|\b(?:was|were|had\s+been)\s+(?:about|going|gonna|planning)\s+to\s+(?:ask\s+for|demand|request|claim|want)\s+{REFUND}|\bwas\s+gonna\s+(?:ask\s+for|demand|request)\s+{REFUND}"),
            &format!(r"|\b(?:had\s+)?planned\s+to\s+(?:ask\s+for|request|demand|claim)\s+{REFUND}|\bthought\s+(?:about|of)\s+(?:asking\s+for|requesting|demanding)\s+{REFUND}|\bdecided\s+against\s+{REFUND}"),
            &format!(r"|\b(?:if|in\s+case|should)\b[^.?!\n]{{0,60}}?\b(?:i'?ll|i\s+will|i'?d|i\s+would|i\s+might|we'?ll|we'?d)\s+(?:\w+\s+)?(?:want|need|ask\s+for|request|demand|expect)\s+{REFUND}"),
            &format!(r"|\b(?:the\s+last\s+thing\s+i\s+want\s+is|far\s+from\s+wanting)\s+{REFUND}(?:\s+of\s+[$€£]?\d[\d.,]*)?"),
            // Outside attack 52: a refund only thought about, undecided ("Thinking about a refund but not decided
            // yet."), or asked only in the future on a condition ("If I'm not happy with it I'll ask for my $49.99
            // back.").
            &format!(r"|\b(?:thinking|thought|wondering)\s+(?:about|of)\s+(?:asking\s+for\s+|getting\s+|requesting\s+)?{REFUND}\b[^.?!\n]{{0,40}}?\b(?:not\s+(?:yet\s+)?(?:decided|sure)|undecided|haven'?t\s+decided|not\s+yet)\b"),
            // Outside attack 53: a refund turned down for a replacement, never asked, only thought of or supposed,
            // forgotten ("I'd prefer a replacement to my money back", "Refund is not what I'm asking for", "Refunds are
            // useless to me", "I never asked for a refund of $49.99", "Forget the $49.99 refund", "Might ask for my $49.99
            // back later", "Supposing I wanted my $49.99 back", "I'm thinking of asking for the $49.99 back").
            r"|\b(?:prefer|rather\s+have)\s+(?:a\s+)?(?:replacement|exchange|new\s+one|repair)\s+(?:to|than|over|instead\s+of)\s+(?:a\s+|my\s+|the\s+)?(?:[$€£]?\d[\d.,]*\s+)?(?:refund|money\s+back|reimbursement)\b",
            r"|\bnot\s+(?:my|the|a)\s+(?:[$€£]?\d[\d.,]*\s+)?(?:refund|money\s+back)\b|\bnot\s+(?:my|the)\s+[$€£]?\d[\d.,]*\s+back\b",
            r"|\brefunds?\s+(?:is|are)\s+(?:not\s+what\s+(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:asking|looking)\s+for|useless|no\s+(?:use|good))\b",
            r"|\b(?:i|we)\s+could\s+ask\s+for\s+(?:a\s+)?refund\s*,?\s+but\b",
            r"|\b(?:never|didn'?t|did\s+not)\s+ask(?:ed)?\s+for\s+(?:a\s+|any\s+|the\s+)?refund(?:\s+of\s+[$€£]?\d[\d.,]*)?",
            r"|\bforget\s+(?:about\s+)?the\s+(?:[$€£]?\d[\d.,]*\s+)?refund\b",
            r"|\b(?:might|may)\s+ask\s+for\s+(?:my\s+|the\s+|a\s+)?(?:[$€£]?\d[\d.,]*\s+)?(?:refund|back)\b[^.?!\n]{0,30}?\b(?:later|not\s+sure)",
            r"|\b(?:supposing|suppose|say|if)\s+(?:i|we)\s+want(?:ed)?\s+(?:my|our|the)\s+(?:[$€£]?\d[\d.,]*\s+)?(?:money\s+)?back\b",
            r"|\b(?:thinking|thought)\s+(?:of|about)\s+asking\s+for\s+(?:my\s+|the\s+|a\s+)?(?:[$€£]?\d[\d.,]*\s+)?(?:refund|money\s+back|back)\b",
            // A refund as the subject of a question about refunds ("Would a refund of $49.99 affect my loyalty
            // points?", "Can a refund of $49.99 go to a different card?", "Could you explain how refunds of $49.99 are
            // processed?", "refund $49.99 or store credit, which is faster?"), and a page's words quoted ("Your site says
            // 'refund within 30 days'"): a question about refunds, no request.
            r"|(?:^|[.!?\n]\s*)(?:would|will|can|could|does|do|is|are|should|might|may)\s+(?:a|the|any|my|your)\s+(?:[$€£]?\d[\d.,]*\s+)?refunds?(?:\s+of\s+[$€£]?\d[\d.,]*)?\s+(?:affect|go|come|include|cover|count|take|show|appear|apply|work|be\s+(?:paid|sent|issued|made))\b[^?\n]*\?",
            r"|\b(?:explain|tell\s+me|describe)\s+how\s+refunds?\b[^?\n]*\?",
            r"|\b(?:refund|money\s+back)\b[^?.\n]{0,30}\bor\s+(?:store\s+credit|a\s+voucher|credit)\b[^?\n]{0,30}\bwhich\b[^?\n]*\?",
            r#"|\b(?:says|said|states|stated|reads|promises)\s+['"‘“][^'"’”\n]{0,60}?\brefund[^'"’”\n]{0,60}['"’”]"#,
            r"|\bmost\s+people\s+would\s+want\s+(?:their|the)\s+(?:[$€£]?\d[\d.,]*\s+)?(?:money\s+)?back\b",
            // Advice reported ("My partner says I should just ask for the whole 54 back but that feels greedy",
            // blind140 `g-020`): someone else's suggestion, not the writer's ask.
            r"|\b(?:says|said|thinks|thought|reckons|reckoned|told\s+me|suggested|suggests|keeps\s+saying)\s+(?:that\s+)?(?:i|we)\s+should\s+(?:just\s+|really\s+|probably\s+)?(?:ask\s+for|demand|claim|request|get|go\s+for|insist\s+on)\s+(?:(?:a|the|my|our)\s+)?(?:(?:full|whole)\s+)?(?:refund\b|[^.?!\n,:;]{0,30}?\bback\b)",
            r"|\bif\s+(?:i'?m|i\s+am|we'?re|we\s+are)\s+not\s+(?:happy|satisfied|pleased)\b[^.?!\n]{0,40}?\b(?:i'?ll|i\s+will|i'?d|i\s+might|we'?ll)\s+(?:\w+\s+)?(?:ask\s+for|want|request|claim)\s+(?:my\s+|our\s+|the\s+)?(?:[$€£]\s?)?\d[\d.,]*\s+back\b",
            // Outside attack 49: withdrawn in other words and languages, a form field that says no, a refund only
            // planned, hoped against or considered.
            &format!(r"|\b(?:changed?|changing)\s+(?:my|our)\s+minds?\s+(?:about|on)\s+{REFUND}|\b(?:retract|withdraw|cancel|drop)\s+(?:my|our|the)\s+(?:request|claim|application|demand)\s+for\s+{REFUND}|\bi\s+take\s+back\s+what\s+i\s+said\s+about\s+{REFUND}|\b(?:stop|halt|void)\s+{REFUND}|\b(?:don'?t|do\s+not)\s+(?:refund|reimburse)\s+(?:me|us|anything)\s+yet\b|\bbefore\s+you\s+refund\s+anything\s*[-,:]?\s*don'?t\b"),
            &format!(r"|\b{REFUND}\s+(?:request\s+|claim\s+)?(?:can|may|should)\s+be\s+(?:closed|cancell?ed|withdrawn|ignored|dropped|voided)\b"),
            &format!(r"|\b{REFUND}(?:\s+requested)?\s*[?:!.-]*\s*(?:not\s+any\s*more|no\s+longer|nope|no\s+thanks|not\s+needed|not\s+need(?:ed)?|n/a|no|\[\s*\])(?:\s*$|[\s.,;!]*(?:\n|$|works|it|thx|thanks|issue|question))"),
            r"|\b(?:kein\s+geld\s+zurück|(?:rückerstattung|erstattung)\s+nicht\s+(?:mehr\s+)?)\s*(?:nötig|notwendig)|\bno\s+necesito\s+(?:el\s+|un\s+|mi\s+)?reembolso|\bplus\s+besoin\s+(?:de\s+|du\s+)?remboursement|\bnon\s+voglio\s+(?:più\s+)?(?:il\s+|un\s+)?rimborso|\bnão\s+preciso\s+(?:mais\s+)?(?:do\s+|de\s+)?reembolso|\bgeen\s+terugbetaling",
            r"|\b(?:don'?t|do\s+not|not)\s+(?:wish|want)\s+to\s+(?:get|be)\s+(?:reimbursed|refunded)\b",
            &format!(r"|\b(?:were\s+it\s+to|should\s+it|if\s+it|in\s+case\s+it|suppose\s+it|supposing\s+it)\s+(?:\w+\s+){{0,4}}?(?:breaks?|break|fails?|fail|stops?|stop|doesn'?t\s+work|goes\s+wrong|happens\s+again)\b[^.?!\n]{{0,40}}?\b(?:i'?ll|i\s+will|i'?d|i\s+would|i\s+might|we'?ll|we'?d)\s+(?:be\s+)?(?:want|need|ask(?:ing)?\s+for|request|demand|expect)\w*\s+{REFUND}"),
            &format!(r"|\b(?:can|could|will|would|do)\s+(?:i|we)\s+(?:get|have|receive)\s+{REFUND}\s+if\s+(?:it|they|the\s+\w+)\s+(?:breaks?|fails?|stops?|doesn'?t|don'?t)\b[^.?!\n]*\?|\bif\s+(?:i|we)\s+(?:return|send\s+back|send)\s+(?:it|them)\b[^.?!\n]{{0,30}}?\b(?:will|would|can|could)\s+(?:you\s+refund|i\s+get\s+{REFUND})[^.?!\n]*\?"),
            &format!(r"|\b(?:i'?d|i\s+would|i'?ll|i\s+will|we'?d|we\s+would)\s+only\s+(?:want|need|ask\s+for|request)\s+{REFUND}\s+if\b"),
            &format!(r"|\b(?:i|we)\s+(?:might|may)\s+(?:\w+\s+)?(?:want|need|ask\s+for|request)\s+{REFUND}\s+(?:later|next\s+\w+|depending|in\s+(?:the\s+)?future|at\s+some\s+point)"),
            &format!(r"|\b(?:thinking|thought)\s+(?:about|of)\s+(?:asking\s+for|requesting|getting|claiming)\s+{REFUND}|\bnot\s+sure\s+(?:yet\s+)?(?:if|whether)\s+(?:i|we)\s+(?:want|need)\s+{REFUND}|\blet\s+you\s+know\s+if\s+(?:i|we)\s+(?:want|need)\s+{REFUND}"),
            &format!(r"|\b(?:would|could|should)\s+have\s+asked\s+for\s+{REFUND}|\b(?:almost|nearly)\s+asked\s+for\s+{REFUND}"),
            // Outside attack 50: declined in other words ("A refund won't be necessary", "I won't be needing a
            // refund", "I'd rather have a replacement than a refund", "The refund is not what I want", "Refund (not
            // needed, …)", "Refund? No thanks", "Pas besoin de remboursement", "Non serve il rimborso"), put on hold,
            // and asked only as a hypothesis ("Would I be eligible for a refund if it broke after a month?", "If it
            // dies again would you refund it?", "How would I go about getting a refund?", "in theory").
            &format!(r"|\b{REFUND}\s+(?:won'?t|will\s+not|wouldn'?t|would\s+not)\s+be\s+(?:necessary|needed|required)\b|\b(?:won'?t|will\s+not|shan'?t)\s+be\s+(?:needing|wanting|requiring|requesting|asking\s+for)\s+{REFUND}"),
            &format!(r"|\b(?:i'?d|i\s+would|we'?d|we\s+would)\s+(?:much\s+)?(?:rather|prefer\s+to)\s+(?:have|get|receive|take)\s+[^.?!
]{{1,40}}?\s+(?:than|instead\s+of)\s+{REFUND}|\b{REFUND}\s+(?:is|was)\s+not\s+what\s+(?:i|we)\s+(?:want|need|asked\s+for)\b"),
            &format!(r"|\b{REFUND}\s*\(\s*(?:not\s+(?:needed|necessary|required|wanted)|no\s+need)\b[^)]*\)|\b{REFUND}\s*[?:!,]+\s*(?:no|non|nein|não)[\s,]+(?:thanks|thank\s+you|grazie|merci|gracias|danke|obrigad[oa])\b"),
            &format!(r"|\b(?:pas|plus)\s+besoin\s+(?:de|du|d')\s*{REFUND}|\bnon\s+(?:mi\s+)?serve\s+(?:il\s+|un\s+)?{REFUND}|\bnon\s+c'?è\s+bisogno\s+d(?:i|el)\s+{REFUND}"),
            &format!(r"|\b(?:put|keep|place)\s+(?:my|our|the)\s+{REFUND}\s+(?:request|claim)?\s*on\s+hold\b|\b{REFUND}\s+(?:request\s+|claim\s+)?(?:on\s+hold|paused)\b"),
            &format!(r"|\b(?:would|could|might)\s+(?:i|we)\s+be\s+(?:eligible|entitled)\s+(?:for|to)\s+{REFUND}\s+if\b[^.?!
]*\?|\b(?:am|are)\s+(?:i|we)\s+(?:eligible|entitled)\s+(?:for|to)\s+{REFUND}\s+if\s+(?:i|we)\s+(?:change|changed)\s+(?:my|our)\s+minds?\b[^.?!
]*\?|\bwould\s+{REFUND}\s+be\s+(?:possible|available|an\s+option)\s+if\b[^.?!
]*\?"),
            &format!(r"|\bif\s+(?:it|they|the\s+\w+)\s+(?:\w+\s+){{0,2}}?(?:dies|breaks|fails|stops|fades|happens)\s+again\b[^.?!
]{{0,30}}?\b(?:would|will|could)\s+you\s+(?:\w+\s+)?(?:refund|reimburse)\b[^.?!
]*\?|\bhow\s+(?:would|do|could|can)\s+(?:i|we|one)\s+go\s+about\s+(?:getting|requesting|asking\s+for|claiming)\s+{REFUND}[^.?!
]*\?|\b{REFUND}\s+in\s+theory\b[^.?!
]*\?|\bin\s+theory\b[^.?!
]{{0,40}}?\b{REFUND}[^.?!
]*\?"),
            // Someone else's, overruled by the writer.
            &format!(r"|\b(?:my|our)\s+(?:\w+\s+)?(?:husband|wife|partner|son|daughter|mum|mom|mother|dad|father|boss|manager|colleague|friend|brother|sister|kids?|boyfriend|girlfriend|flatmate)\b[^.?!\n]{{0,40}}?\b(?:(?:wants?|wanted|told|asked)\s+(?:me|us)\s+to\s+(?:demand|ask\s+for|request|get)|wants?|wanted|asked\s+for|says\s+to\s+ask\s+for|was\s+(?:going|about)\s+to\s+ask\s+for)\s+{REFUND}[^\n]{{0,60}}?\b(?:said\s+no|told\s+(?:her|him|them)\s+no|disagree|we(?:'re|\s+are|'ll|\s+will)\s+(?:keeping|keep)|decided\s+to\s+keep|(?:she|he|they)(?:'ll|\s+will)\s+write|herself|himself|themselves)\b"),
        ]
        .concat(),
    ) else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for m in withdrawn.find_iter(text) {
        out.replace_range(m.range(), &" ".repeat(m.len()));
    }
    // Taken back after it was made: a retraction with no new ask after it blanks every ask word before it.
    let (Some(back), Some(ask)) = (
        re(
            &BACK,
            concat!(
                r"(?i)\bscratch\s+(?:that|the\s+above|it)\b(?:\s+(?:refund\s+)?(?:request|claim|e-?mail|message))?|\b(?:ignore|disregard)\s+(?:that|it|this|the\s+above|above|my\s+(?:earlier|previous|last|first)\s+\w+)\b|\bplease\s+disregard\b|\bsorry\s+for\s+the\s+above\b|\bsent\s+(?:by\s+mistake|in\s+error)\b|\bhaha\s+no\b|\boh\s+wait\b|\bjust\s+kidding\b|\bcancel\s+that(?:\s+request)?\b|\bforget\s+it\b|\bnever\s*mind\b|\bundo\s+that\b|\btreat\s+(?:it\s+|this\s+)?as\s+void\b|\b(?:meant|was\s+meant)\s+for\s+(?:a\s+)?(?:different|another)\s+\w+|\bwrong\s+ticket\b|\bno\s+refund\s+needed\b|\bcan\s+be\s+ignored\b|\bdon'?t\s+process\s+it\b|\bon\s+second\s+thoughts?\b|\b(?:no\s+wait|actually(?:\s*,?\s*no)?|hmm\s*,?\s*actually)\b[^.?!\n]{0,30}?\b(?:replace(?:ment)?|exchange|keep\s+it)\b|\bi\s+take\s+back\s+what\s+i\s+said\b|\bi\s+meant\s+'?(?:replacement|exchange)\b|\b(?:nope|no)\s*,?\s+decided\s+to\s+keep\b|\bdon'?t\s+bother\s*,?\s+it\s+works\b|\.\.\.\s*or\s+not\b|\bplease\s+ignore\s*,\s+it\s+was\b",
                // Outside attack 57 (`withdrawn`): a request withdrawn or sent by mistake, to its clause's end — "Please
                // ignore my email about the $59.99 refund", "Please withdraw the request", "treat my earlier refund request
                // as void", "Please don't refund anything", "Please don't process the $24.99 refund", "i ask refund before
                // but now no need".
                r"|\b(?:ignore|disregard|withdraw\w*|scratch|cancel|forget\s+about)\s+(?:about\s+)?(?:my|the|our|that|this)\s+(?:[^\s.!?,;]+\s+){0,5}?(?:request|e-?mail|message|mail|ticket|claim|complaint)\b(?:[^.!?\n,;]|\.\d)*",
                r"|\btreat\s+(?:my|the|our|that|this)\s+(?:[^\s.!?,;]+\s+){0,4}?(?:request|claim|e-?mail|message)\s+as\s+(?:void|cancel\w*|withdrawn|closed|null)\b(?:[^.!?\n,;]|\.\d)*",
                r"|(?:^|[.!?\n]\s*|\bplease\s+)(?:don'?t|do\s+not)\s+(?:refund|process|issue|send)\s+(?:anything|the\s+(?:[^\s!?,;]+\s+)?refund|a\s+refund|any\s+refund)\b(?:[^.!?\n,;]|\.\d)*",
                r"|\bnow\s+no\s+need\b[^.!?\n,;]*",
                // Outside attack 58 (`earlier request withdrawn`): "Re my refund request: not needed anymore", "that's no
                // longer necessary", "please don't go ahead", "resolved, please close", "you can drop my refund request",
                // "Withdrawn: my request for a refund", "Please forget my message". A reason ("changed my mind") or a thing
                // not needed ("Return label not required") withdraws nothing.
                r"|\b(?:not|no\s+longer)\s+(?:needed|necessary|required)\s+any\s*more\b|\bnothing\s+(?:is\s+)?needed\s+now\b",
                r"|\b(?:refund|request|reimbursement|that'?s|that\s+is|it'?s|it\s+is)\s+(?:\w+\s+)?(?:not|no\s+longer)\s+(?:needed|necessary|required)\b|:\s*(?:not|no\s+longer)\s+(?:needed|necessary)\b",
                r"|\bplease\s+(?:close\s+(?:it|this|the\s+\w+)|don'?t\s+(?:go\s+ahead|bother|proceed))\b|\bresolved,?\s+please\s+close\b",
                r"|\b(?:can|may)\s+drop\s+(?:my|the)\b(?:[^.!?\n,;]|\.\d)*|\bwithdrawn\s*:(?:[^.!?\n,;]|\.\d)*",
                r"|\bforget\s+(?:my|the)\s+(?:message|email|e-mail|request|note)\b(?:[^.!?\n,;]|\.\d)*",
            ),
        ),
        re(&ASK, r"(?i)\b(?:refund\w*|money\s+back|reimburs\w*|reembolso|remboursement)\b"),
    ) else {
        return out;
    };
    // "No, forget it, the first figure was right": a figure corrected, not a request withdrawn.
    static FIGURE_TALK: OnceLock<Option<Regex>> = OnceLock::new();
    let figure_talk =
        re(&FIGURE_TALK, r"(?i)^[^.?!\n]*(?:\d|\b(?:figure|amount|number|price|sum|first|second|right|correct)\b)");
    // A retraction in favour of another ask ("please cancel that request and instead process a refund of 45.00")
    // takes nothing back.
    static TURN: OnceLock<Option<Regex>> = OnceLock::new();
    let turn =
        re(&TURN, r"(?i)\binstead\b|\brather\b|\band\s+(?:please\s+)?(?:process|issue|action|send|credit|pay)\b");
    // An earlier request set aside beside a new one asked ("please now action a refund of 42.00 … Kindly disregard the
    // earlier pending request"): the new one stands.
    static NEW_ASK: OnceLock<Option<Regex>> = OnceLock::new();
    let new_ask = re(
        &NEW_ASK,
        r"(?i)\b(?:please|kindly|pls)\s+(?:now\s+)?(?:action|process|issue|refund|credit|send|pay|reimburse)\b",
    );
    let earlier = |m: &str| {
        let m = m.to_lowercase();
        ["earlier", "previous", "pending", "first", "other", "old"].iter().any(|w| m.contains(w))
    };
    if let Some(last) = back
        .find_iter(&out)
        .filter(|m| !turn.is_some_and(|t| t.is_match(m.as_str())))
        .filter(|m| {
            !(earlier(m.as_str())
                && new_ask.is_some_and(|n| n.is_match(&out[..m.start()]) || n.is_match(&out[m.end()..])))
        })
        .last()
    {
        let after = &out[last.end()..];
        if !ask.is_match(after) && !figure_talk.is_some_and(|f| f.is_match(after)) {
            // The retraction's own words ("ignore my email about the $59.99 refund") ask nothing either.
            let head = out[..last.end()].to_string();
            for m in ask.find_iter(&head) {
                out.replace_range(m.range(), &" ".repeat(m.len()));
            }
        }
    }
    out
}

/// Another remedy asked instead of money (outside attack 53): a replacement, an exchange, a repair, the right item or
/// a missing part sent — "Rather than a refund, could you send a replacement?", "Swap it for a new one, no refund
/// needed", "I want the right size sent", "I don't want a refund. I want it repaired". The reference policy's C1 is a
/// pure inquiry needing no account action; this asks one that is no refund, so no clause but F1 matches (a human
/// arranges it). Asking whether it could be done ("Can I still swap it for a large?") is a question, not asked.
pub fn other_remedy_asked(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    const REMEDY: &str = r"(?:a\s+|an\s+|the\s+)?(?:replacement(?:\s+\w+)?|exchange|repair|new\s+one|(?:the\s+)?(?:right|correct)\s+(?:one|size|colou?r|item|model|version))";
    re(
        &RE,
        &[
            r"(?im)\b(?:could|can|would|will)\s+you\s+(?:please\s+|kindly\s+|just\s+)?(?:replace|exchange|repair|swap)\s+(?:it|them|this|mine)\b",
            r"|\b(?:could|can|would|will)\s+you\s+(?:please\s+|kindly\s+|just\s+)?(?:send|ship|post)\s+(?:me\s+|us\s+)?",
            REMEDY,
            r"|(?:^|[.!?;:,—–-]\s*)(?:please\s+|kindly\s+|just\s+)?(?:send|ship|post)\s+(?:me\s+|us\s+)?",
            REMEDY,
            r"|(?:^|[.!?;:,—–-]\s*)(?:please\s+|kindly\s+|just\s+)?(?:replace|exchange|repair|swap)\s+(?:it|them|this|mine)\b",
            r"|\b(?:i'?d|i\s+would|we'?d|we\s+would|i|we)\s+(?:much\s+)?(?:like|want|prefer|need|rather\s+have|just\s+want|only\s+want)\s+",
            REMEDY,
            r"|\b(?:i|we)\s+(?:just\s+|only\s+)?(?:want|need|would\s+like|'d\s+like)\s+(?:it|them|this)\s+(?:repaired|replaced|exchanged|fixed|swapped|sent)\b",
            r"|\b(?:i|we)\s+(?:just\s+|only\s+)?(?:want|need)\s+(?:the\s+)?(?:right|correct)\s+\w+\s+sent\b",
            r"|\b(?:replacement|exchange|repair)\s+(?:please|pls|only)\b|\bexchange\s+only\b",
        ]
        .concat(),
    )
    .is_some_and(|r| r.is_match(own))
}

/// Refund words negated, left unrealised or asked about in general, by the clause's structure rather than by phrase
/// (outside attack 54, F1661): blanked (offsets kept), so the rest of the ticket says what is asked.
///
/// - **Negated**: a negator ("not", "n't", "no", "never", "no longer", "keine", "nicht", "não", "no quiero", "needn't",
///   "rather not", "pass on", "declined", "scratch", "withdraw", "take back", "cancel", "never mind", "don't
///   worry/bother", "heavens no", "silly", "the last thing") in the refund word's clause — before it within eight
///   words, or after it as "not needed / no longer required / not necessary". Kept: a chase or a condition ("yet",
///   "still", "why", "if", "unless", "until", "or else"), a contrast that asks ("nothing but a refund", "not a voucher,
///   just a refund", "instead", "only"), a refund said not to have arrived ("haven't received my refund"), and a
///   negator that governs a problem ("refund it as it doesn't work").
/// - **Unrealised**: "I would / was going to / was about to / had planned to / thought about / considered / had half a
///   mind to / could / know I can … ask for a refund", then "but", "then" or "when" in the sentence.
/// - **About refunds in general**: a question whose refund is plural, a gerund or a refund "of $X" as its subject ("Do
///   refunds of $49.99 need a receipt?", "Would refunding $49.99 cancel my warranty?", "Is a refund of $49.99
///   taxable?", "Refunds of $49.99 go back to PayPal, correct?"), or one that asks which way a refund goes.
pub fn refunds_negated_or_general_blanked(text: &str) -> String {
    static RES: OnceLock<Option<[Regex; 8]>> = OnceLock::new();
    let Some([refund, negator, after_neg, keep, problem, unrealised, turn, general]) = RES
        .get_or_init(|| {
            Some([
                Regex::new(r"(?i)\b(?:refund\w*|reimburs\w*|money\s+back|(?:(?:my|the|our|her|his|their)\s+)?(?:[$€£]\s?)?\d[\d.,]*\s+back|r[üu]ckerstattung|erstattung|reembolso|remboursement|rimborso|geld\s+(?:nicht\s+)?zur[üu]ck|devuelvan\s+el\s+dinero)").ok()?,
                // The negator governs the refund: only words that carry the ask stand between them ("don't worry
                // about refunding", "I won't be asking for my $49.99 back", "I don't need my $49.99 back", "no
                // quiero que me devuelvan"), never a verb of its own ("never wore them, want refund").
                Regex::new(r"(?i)(?:\b(?:not|no|never|nah|nope|keine?n?|nicht|n[ãa]o|needn'?t|don'?t|doesn'?t|didn'?t|won'?t|wouldn'?t|shouldn'?t|rather\s+not|no\s+longer|pass\s+on|never\s*mind|nevermind|heavens\s+no|last\s+thing\s+i\s+want\s+is)|n't)\s+(?:(?:really|even|be|have\s+to|need\s+to|want\s+to|going\s+to|gonna|bother\w*|worry\s+about|worry|about|ask\w*|asking|you|for|to|want|need|needing|require|expect|request|demand|seek|claim|get|getting|a|any|the|my|your|me|que|quiero|quero|will|mein|meine|ich|geld|dinheiro|o|el|dinero|need|de|do)\s+){0,5}$").ok()?,
                Regex::new(r"(?i)^\s*(?:[\w']+\s+){0,6}?(?:not|no\s+longer|isn'?t|is\s+not|won'?t\s+be|wouldn'?t\s+be)\s+(?:really\s+)?(?:needed|necessary|required|wanted|needed\s+any\s*more)\b|^\s*[-–—>:]*\s*no\s+longer\s+(?:needed|required|necessary)|^\s*(?:request\s+)?(?:declined\s+by\s+me|[-–—]\s*please\s+cancel\s+(?:it|that|this))").ok()?,
                Regex::new(r"(?i)\b(?:yet|still|why|if|unless|until|or\s+else|otherwise|nothing\s+but|anything\s+but|just|only|instead|but\s+a|received|arrived|got|gotten|seen|come|came|showed|processed|issued|landed|credited|hit|reached|through)\b").ok()?,
                Regex::new(r"(?i)\b(?:not|n't|never|no\s+longer)\s+(?:\w+\s+)?(?:work\w*|fit\w*|turn\w*|charg\w*|switch\w*|start\w*|function\w*|arriv\w*|match\w*|clos\w*|open\w*|power\w*|hold\w*|stay\w*|happy|satisfied|good|right|as\s+described|what\s+i\s+ordered)\b").ok()?,
                Regex::new(r"(?i)\b(?:i|we)\s+(?:was\s+going\s+to|were\s+going\s+to|was\s+about\s+to|had\s+planned\s+(?:on|to)|planned\s+to|thought\s+(?:about|of)|considered|had\s+half\s+a\s+mind\s+to|could|know\s+(?:i|we)\s+can|initially\s+wanted|first\s+wanted)\b").ok()?,
                Regex::new(r"(?i)\b(?:but|then|when|until)\b").ok()?,
                Regex::new(r"(?i)^\s*(?:(?:quick\s+)?question\s*[-:–—]\s*)?(?:(?:do|are|can|will|would|should|does|is)\s+(?:refunds\b|refunding\b|a\s+refund\s+of\b)|refunds\s+of\b|refund\s+to\s+\w+\s+or\b|(?:am|are)\s+(?:i|we)\s+entitled\s+to\b|i\s+wonder\s+(?:whether|if)\b)").ok()?,
            ])
        })
        .as_ref()
    else {
        return text.to_string();
    };
    static DISCLAIMS: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(disclaims) = re(
        &DISCLAIMS,
        r"(?i)\b(?:not|n't|no)\s+(?:(?:really|even)\s+)?(?:asking|looking|after|chasing|wanting|needed?|want)\s+(?:for\s+|to\s+)?(?:a|any|the|my)?\s*$|^\s*no\s*$",
    ) else {
        return text.to_string();
    };
    let mut out = text.to_string();
    let blank = |out: &mut String, start: usize, end: usize| {
        out.replace_range(start..end, &" ".repeat(end - start));
    };
    for sentence in super::desk25::sentences(text) {
        let s_start = sentence.as_ptr() as usize - text.as_ptr() as usize;
        let question =
            sentence.trim_end().ends_with('?') || sentence.contains("right?") || sentence.contains("correct");
        if question && general.is_match(sentence) {
            for m in refund.find_iter(sentence) {
                blank(&mut out, s_start + m.start(), s_start + m.end());
            }
            continue;
        }
        // Someone else's refund told ("My mum asked you to refund her $49.99 in May", "My friend got her $49.99
        // back from you"): no ask of the writer's.
        if third_party(sentence) {
            for m in refund.find_iter(sentence) {
                blank(&mut out, s_start + m.start(), s_start + m.end());
            }
            continue;
        }
        // What someone else says the shop pays ("A neighbour told me you'd refund $5 if the delivery is late", "I saw
        // on Reddit people getting $10 back", "My colleague said you give $5 credit"): hearsay of a practice, the
        // writer's question about it after — no ask of the writer's (outside attack 55, F1664). The whole sentence goes:
        // its figure is the practice's, never the amount asked.
        if hearsay(sentence) && !joined_by_the_writer(text) {
            blank(&mut out, s_start, s_start + sentence.len());
            continue;
        }
        let unrealised_turn = unrealised
            .find(sentence)
            .is_some_and(|u| refund.find_at(sentence, u.end()).is_some_and(|r| turn.is_match(&sentence[r.end()..])));
        let mut c_start = 0usize;
        for clause in sentence.split_inclusive([',', ';', '(', ')', '—', '–']) {
            let c_at = c_start;
            c_start += clause.len();
            for m in refund.find_iter(clause) {
                let before_words: Vec<&str> = clause[..m.start()].split_whitespace().collect();
                let window = before_words[before_words.len().saturating_sub(8)..].join(" ") + " ";
                // "Not asking for a refund, just so you know …" is a disclaimer, read by the disclaimer reader.
                let disclaimer = disclaims.is_match(&window);
                let negated_before = negator.is_match(&window) && !problem.is_match(&window) && !disclaimer;
                let negated_after = after_neg.is_match(&clause[m.end()..]);
                let kept = keep.is_match(clause) && !negated_after;
                let unrealised_here = unrealised_turn && unrealised.is_match(&clause[..m.start()]);
                if ((negated_before || negated_after) && !kept) || unrealised_here {
                    blank(&mut out, s_start + c_at + m.start(), s_start + c_at + m.end());
                }
            }
        }
    }
    out
}

/// Whether a sentence reports what someone else (a friend, a neighbour, a review, a forum, "people") says or saw the
/// shop pay — a source that tells, then the shop ("you", "your shop", "they") paying — with no ask of the writer's in
/// it.
fn hearsay(sentence: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    let told = re(
        &RE,
        concat!(
            r"(?i)(?:\b(?:my|our|a|an|the|some|one|this)\s+(?:[\w-]+\s+){0,3}?(?:friends?|neighbou?rs?|colleagues?|mum|mom|mother|dad|father|",
            r"sister|brother|cousin|aunt|uncle|boss|woman|man|guy|lady|someone|person|youtuber|influencer|reviewer|review|forum|post|",
            r"thread|article|blog|video|comment|tweet|tiktok)|\b(?:someone|somebody|people|everyone|reddit|trustpilot)|\bi\s+(?:heard|read|saw))",
            r"\b[^.?!\n]{0,60}?\b(?:said|says|told\s+me|tells\s+me|claims?|claimed|mentioned|wrote|posted|reckons?|heard|saw|read|getting|got)\b",
            r"[^.?!\n]{0,40}?\b(?:you|you'd|you'll|your\s+(?:shop|store|company|team)|they)\b[^.?!\n]{0,30}?\b(?:refund\w*|give|gave|pay|paid|credit\w*|reimburs\w*|send|sent|back)\b",
            r"|\b(?:heard|read|saw)\b[^.?!\n]{0,60}?\b(?:people|customers|others|someone)\s+(?:getting|got|get|receive\w*)\b",
            r"|\bi\s+(?:heard|read|saw)\b[^.?!\n]{0,60}?\b(?:you|you'd|you'll|your\s+(?:shop|store|company|team)|they)\s+(?:\w+\s+)?(?:refund\w*|give|gave|pay|paid|credit\w*|reimburs\w*)\b",
        ),
    )
    .is_some_and(|r| r.is_match(sentence));
    let asks = re(
        &ASK,
        r"(?i)\b(?:please|pls|plz|kindly|can\s+(?:i|you)\s+(?:please\s+)?(?:refund|give|send|credit|get|have)|could\s+(?:i|you)\s+(?:please\s+)?(?:refund|give|send|credit|get|have)|i\s+want|i'?d\s+like|i\s+would\s+like|i\s+need|so\s+i\s+(?:want|expect))\b",
    )
    .is_some_and(|r| r.is_match(sentence));
    told && !asks
}

/// Whether the writer asks the same for themselves somewhere ("… please do the same for me", "I want the same").
fn joined_by_the_writer(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        r"(?i)\b(?:(?:do|give|pay|refund|send)\s+(?:me\s+|us\s+)?the\s+same|same\s+for\s+(?:me|us)|likewise|me\s+too|i\s+want\s+(?:one|mine|the\s+same|that\s+too)|so\s+do\s+i)\b",
    )
    .is_some_and(|r| r.is_match(text))
}

/// Whether a sentence tells another person's refund: "refund her/him/them", or a relative, a friend or a colleague who
/// got, received or asked for one.
fn third_party(sentence: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    static JOINS: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        r"(?i)\basked\s+(?:you\s+)?to\s+(?:refund|reimburse)\s+(?:her|him)\b|\b(?:refunded|reimbursed)\s+(?:her|him)\b|\b(?:my|our)\s+(?:mum|mom|mother|dad|father|friend|colleague|sister|brother|neighbou?r|wife|husband|partner|son|daughter|boss|cousin|aunt|uncle)\b[^.?!\n]{0,40}?\b(?:got|received|asked\s+(?:you|for|the\s+shop|your)|had|was\s+given)\b",
    )
    .is_some_and(|r| r.is_match(sentence))
        // "My son asked for a refund and so do I."
        && !re(&JOINS, r"(?i)\b(?:so\s+do\s+i|me\s+too|as\s+do\s+i|i\s+do\s+too|and\s+i\s+(?:want|need|would|do)|i\s+want\s+(?:one|mine|the\s+same))\b")
            .is_some_and(|r| r.is_match(sentence))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outside attack 50: a refund declined, put on hold or asked only as a hypothesis asks nothing (and the one
    /// table of withdrawals compiles: a pattern that fails turns every withdrawal off silently, F996).
    #[test]
    fn refunds_declined_held_or_supposed_are_blanked() {
        for t in [
            "A refund won't be necessary.",
            "I won't be needing a refund.",
            "I'd rather have a replacement than a refund.",
            "The refund is not what I want, I want the spare part.",
            "Refund (not needed, just FYI the box was dented)",
            "refund? No thanks, it works.",
            "Pas besoin de refund finalement",
            "Non serve il refund, funziona.",
            "Please put my refund request on hold, I'll confirm next week.",
            "Would I be eligible for a refund if it broke after a month?",
            "If it dies again would you refund it?",
            "Would a refund be possible if the colour fades?",
            "Am I entitled to a refund if I change my mind?",
            "How would I go about getting a refund?",
            "Could I get a refund in theory if it broke? It hasn't.",
        ] {
            let out = requests_withdrawn_blanked(t).to_lowercase();
            assert!(!out.contains("refund"), "{t} -> {out}");
        }
        assert!(requests_withdrawn_blanked("It broke. Please refund me.").contains("refund"));
    }

    #[test]
    fn a_refund_as_a_condition_is_read_and_a_plain_if_is_not() {
        for t in [
            "If you don't refund it I'll be taking this to the small claims court",
            "unless you refund me by friday my solicitor will be in touch",
            "if i dont get my money back i will report you",
            "If you won't reimburse the 40 we go to trading standards",
        ] {
            assert!(refund_as_condition(t), "{t}");
        }
        for t in ["if you have the blue one in stock let me know", "if it arrives broken again I'll call"] {
            assert!(!refund_as_condition(t), "{t}");
        }
    }

    #[test]
    fn a_charge_that_stands_and_one_that_does_not() {
        for t in ["cancelled order still charged 25.50", "the money 38,00 is still taken from my bank"] {
            assert!(charge_stands(t), "{t}");
        }
        for t in ["I was charged 25.50 when I ordered", "still waiting for the parcel"] {
            assert!(!charge_stands(t), "{t}");
        }
    }

    #[test]
    fn a_want_of_more_goods_is_blanked_unless_money_back_is_named() {
        let blanked = |t: &str| super::goods_wanted_blanked(t).split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(blanked("is the 64gb card still 32.99 want 2 more"), "is the 64gb card still 32.99");
        assert_eq!(
            blanked("do u cut keys from a photo? need 3 copies, 4.50 each?"),
            "do u cut keys from a photo? , 4.50 each?"
        );
        assert_eq!(blanked("I want 2 more back, they were broken"), "I want 2 more back, they were broken");
        assert_eq!(blanked("Need 2 more refunded please"), "Need 2 more refunded please");
        assert_eq!(blanked("I want 12.50 back"), "I want 12.50 back");
    }
}
