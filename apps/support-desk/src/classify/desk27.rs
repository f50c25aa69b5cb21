//! desk27's kinds of reading (issue 16, ADR-1064…ADR-1070): small typed steps, each tested on constructions written
//! for it (never an eval set's sentences):
//!
//! - [`asked_state`]: a question about a refund's state embedded under a frame of asking or knowing ("I want to ask
//!   if my refund of 32 is already sent", "kindly confirm whether the credit of EUR 32.00 has been remitted", "could
//!   you tell me if the money is sent?") asks about the refund, whatever figure it names: the want is a want to
//!   *know*, never a want of money (ADR-1064).
//! - [`names_share`]: an asking sentence that names a part of the money ("12.5%", "half", "a partial credit") asks a
//!   part, never the order's whole amount (ADR-1065).
//! - [`abbreviation_end`]: a "." that ends an abbreviation ("i.e.", "e.g.", "approx.") or falls inside brackets
//!   ends no sentence, so "a credit of 12.5% (i.e. USD 10.00)" stays one sentence with its stated amount (ADR-1065).

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// The span of a question about a refund's (or its money's) state embedded under a frame of asking or knowing: the
/// frame ("I want to ask", "I'd like to know", "we wish to check", "can you tell me", "please confirm", "kindly
/// advise", "I am wondering"), then "if" / "whether", then within the same clause a subject that is the refund, the
/// money or a pronoun for it, and a predicate of state — a passive or perfect participle of sending or paying ("is
/// already sent", "has been remitted", "was processed", "will be transferred"), an arrival ("has come through",
/// "arrived") or a state ("is pending", "is on the way"). A modal ask ("if you can refund the 32") is no state.
pub fn asked_state(clause: &str) -> Option<regex::Match<'_>> {
    static STATE: OnceLock<Option<Regex>> = OnceLock::new();
    static SUBJECT: OnceLock<Option<Regex>> = OnceLock::new();
    let state = re(
        &STATE,
        concat!(
            // The frame of asking or knowing.
            r"(?i)(?:\b(?:i|we)\s+(?:(?:would|'d|do|just|only|also)\s+)*(?:like|want|wanted|wish|wished|need|needed|am\s+writing|'m\s+writing|write|writing|am\s+asking|'m\s+asking|ask|asked|am\s+wondering|'m\s+wondering|wonder|wondered|was\s+wondering|were\s+wondering)\b",
            r"(?:\s+(?:to|for|you|u|kindly|please|just|only))*(?:\s+(?:ask|know|check|confirm|find\s+out|see|understand|inquire|enquire|clarify|verify|hear)(?:\s+(?:you|u|me|us))?)?",
            r"|\b(?:can|could|would|will)\s+(?:you|u|someone|somebody)\s+(?:please\s+|kindly\s+|pls\s+)?(?:tell|let\s+(?:me|us)\s+know|check|confirm|advise|inform|say|verify|clarify|look)(?:\s+(?:me|us|into\s+it|up))?",
            r"|(?:^|[\s,.;:(-])(?:please|pls|plz|kindly|pl\.?)\s+(?:tell|let\s+(?:me|us)\s+know|check|confirm|advise|inform|verify|clarify|revert|update)(?:\s+(?:me|us|on))?",
            r"|\b(?:just\s+)?(?:want|wanted|wish|need|would\s+like|'d\s+like)\s+to\s+(?:ask|know|check|confirm|find\s+out|see|inquire|enquire|clarify|verify)(?:\s+(?:you|u|me|us))?",
            r"|\b(?:my|our|the|one)\s+question\s+is",
            r"|\bquestion\s*:",
            r")",
            // The embedded question.
            r"\s*,?\s*(?:to\s+(?:me|us)\s+)?(?:if|whether|whither|wether)\b",
            r"(?P<mid>(?:[^.?!\n;]|\.\d){0,70}?)",
            // Its predicate of state.
            r"\b(?:(?:is|are|was|were|has|have|had|will|got|get|did)\s+(?:(?:been|be|already|allready|now|yet|finally|still|actually|really|even|all|fully|successfully)\s+)*",
            r"(?:sent|send|paid|pay|done|processed|process|transferred|transfer|issued|made|credited|refunded|completed|approved|released|returned|remitted|posted|executed|actioned|initiated|authori[sz]ed|dispatched|wired|through|out|gone|come|arrived|arrive|reached|landed|received|on\s+(?:the|its)\s+way|pending|in\s+progress|underway|under\s+way|in\s+process)",
            r"|(?:has|have|had)\s+(?:(?:already|now|yet|finally|even)\s+)*(?:gone|come|went|arrived|reached|landed|cleared|hit)",
            r"|(?:arrived|landed|cleared|reached\s+(?:me|my|us|our))",
            r"|(?:already|allready|yet|now)\s+(?:sent|paid|done|processed|transferred|issued|credited|refunded|completed|approved|released|remitted|executed|actioned|through|out|gone|arrived)",
            r")\b[^.?!\n;,]{0,40}",
        ),
    )?;
    let subject = re(
        &SUBJECT,
        r"(?i)\b(?:refund\w*|money|credit|reimburs\w*|repayment|payment|funds|amount|sum|transfer|it|chargeback)\b|[$€£]|\d",
    )?;
    state
        .captures_iter(clause)
        .find(|c| c.name("mid").is_some_and(|m| subject.is_match(m.as_str())))
        .and_then(|c| c.get(0))
}

/// An asking sentence that names a part of the money: a percentage under a hundred, a fraction word, or "partial"
/// (ADR-1065). Such an ask is never for the order's whole amount.
pub fn names_share(sentence: &str) -> bool {
    static SHARE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &SHARE,
        concat!(
            r"(?i)(?:\b(?:refund|credit|reimburse|back|return\s+(?:me|us)|give\s+(?:me|us)|pay\s+(?:me|us))\s+(?:me\s+|us\s+)?(?:of\s+|for\s+)?(?:only\s+|just\s+)?",
            r"(?:[1-9]?\d(?:[.,]\d+)?\s?(?:%|percent|per\s+cent)|half|a\s+(?:third|quarter|fifth|tenth)|one\s+(?:third|quarter|fifth|tenth)|two\s+thirds|three\s+quarters)\b",
            r"|(?:[1-9]?\d(?:[.,]\d+)?\s?(?:%|percent|per\s+cent)\b|\b(?:half|a\s+(?:third|quarter|fifth|tenth)|one\s+(?:third|quarter|fifth|tenth)|two\s+thirds|three\s+quarters)\b)",
            r"\s+(?:of\s+)?(?:the\s+|my\s+|our\s+|your\s+|it\b|that\b)?\s*(?:back|refund|credit|money|price|amount|invoice|order|total|value|cost|sum|payment)?",
            r"(?:\s+(?:value|amount|total|price))?\s*(?:back|refund\w*|credit\w*|reimburs\w*|returned|(?:as\s+)?(?:a\s+)?(?:refund|credit))\b",
            r"|\b(?:partial|pro\s*-?\s*rata)\s+(?:refund|credit|reimbursement|repayment|amount|payment)\b",
            r"|\b(?:refund|credit|reimbursement)\s+of\s+[1-9]?\d(?:[.,]\d+)?\s?(?:%|percent|per\s+cent))",
        ),
    )
    .is_some_and(|r| r.is_match(sentence))
}

/// Whether the "." at byte `i` of `text` ends an abbreviation ("i.e.", "e.g.", "etc.", "approx.", "incl.", "viz.",
/// "cf.", "vs.", "no.", "ref.") or falls inside an open bracket: no sentence ends there (ADR-1065).
pub fn abbreviation_end(text: &str, i: usize) -> bool {
    let before = &text[..i];
    let open = before.matches('(').count() > before.matches(')').count()
        || before.matches('[').count() > before.matches(']').count();
    if open {
        // A bracket left open for the rest of the line closes nothing: only a bracket closed later on the same
        // line holds the sentence together.
        let rest = &text[i..];
        let line_end = rest.find('\n').unwrap_or(rest.len());
        if rest[..line_end].contains(')') || rest[..line_end].contains(']') {
            return true;
        }
    }
    abbreviation_continues(text, i) || abbreviation_word(text, i)
}

/// Whether the dot at `i` closes a short word that never ends a sentence ("i.e.", "e.g.", "approx.", "incl.", "viz.",
/// "cf.", "vs.", "esp."): every splitter of the reader reads them one way (b108 `g-069`: "Refund item only, ex
/// shipping, i.e. 18.00" was cut before its figure by one splitter and not by another).
pub fn abbreviation_word(text: &str, i: usize) -> bool {
    let word: String = text[..i]
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '.')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    matches!(word.as_str(), "i.e" | "e.g" | "ie" | "eg" | "approx" | "incl" | "viz" | "cf" | "vs" | "esp")
}

/// Whether the dot at `i` ends an abbreviation its sentence goes on after: one a number follows ("order no. 40", "case
/// nr. 300", "ref. 2025-117"; outside attack 49: "Refund order no. 40" paid $40.00 as a number said alone after an
/// ask), or one that never ends a sentence ("order total incl. VAT and delivery"; blind95 `b-04`, where
/// "VAT and delivery" cut off read as an addend). Every sentence and clause splitter asks this.
pub fn abbreviation_continues(text: &str, i: usize) -> bool {
    let word: String = text[..i]
        .chars()
        .rev()
        .take_while(char::is_ascii_alphabetic)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    let next = text.get(i + 1..).map(str::trim_start).unwrap_or_default();
    // "Rs. 450" (b92 `g-008`): a currency written with a dot before its figure.
    (matches!(word.as_str(), "no" | "nr" | "nos" | "ref" | "inv" | "art" | "acct" | "tel" | "ord" | "rs")
        && next.starts_with(|c: char| c.is_ascii_digit() || c == '#'))
        || (matches!(word.as_str(), "incl" | "excl" | "vs" | "esp" | "qty" | "pcs" | "ea")
            && next.starts_with(|c: char| c.is_alphanumeric() || matches!(c, '$' | '€' | '£')))
}

/// A figure the customer says the shop offered, taken ("Please go ahead with the 17.00 you mentioned below", "further
/// to your agent's offer of a partial credit of 15.00 …, we are happy to accept", "ok, proceed with the £12 credit
/// you proposed"): the offer is told in the customer's own words — the shop's offer named with its figure, or a
/// go-ahead whose object is the figure — and an acceptance or go-ahead not negated takes it. The one figure of the
/// customer's words is then asked (ADR-1066). Several figures settle nothing here (the caller's other readings
/// stand).
pub fn takes_offered_figure(own: &str, figures: &[i64]) -> Option<i64> {
    static OFFER: OnceLock<Option<Regex>> = OnceLock::new();
    static TAKE: OnceLock<Option<Regex>> = OnceLock::new();
    static NEGATED: OnceLock<Option<Regex>> = OnceLock::new();
    let offer = re(
        &OFFER,
        concat!(
            r"(?i)\b(?:your|the\s+shop's|the\s+store's|the\s+agent's|your\s+[\w-]+'s|the\s+[\w-]+'s)\s+(?:kind\s+|generous\s+|goodwill\s+|earlier\s+|last\s+)?(?:offer|proposal|suggestion|quote|quotation)\b",
            r"|\b(?:you|u|your\s+[\w-]+|the\s+agent|the\s+shop|support|they|she|he)\s+(?:kindly\s+|just\s+)?(?:mentioned|mention|offered|offer|proposed|propose|suggested|suggest|quoted|promised|promise|said|wrote|put\s+forward)\b",
            r"|\b(?:offered|proposed|suggested|quoted|mentioned)\s+(?:by\s+you|below|above|earlier|in\s+your\s+(?:e-?mail|reply|message|last))\b",
            r"|\b(?:go\s+ahead|proceed|carry\s+on|move\s+forward)\s+(?:with|on)\s+(?:the|that|your|this)\s+[$€£]?\s?\d",
        ),
    );
    let take = re(
        &TAKE,
        r"(?i)\b(?:accept|accepted|accepting|agree|agreed|go\s+ahead|proceed|happy\s+to\s+(?:take|accept|go)|(?:ok|okay|fine|happy|good)\s+with|sounds\s+(?:good|fine|fair)|works\s+for\s+(?:me|us)|deal|yes\s+please|please\s+action|action\s+(?:it|this|that|the)|please\s+process)\b",
    );
    let negated = re(
        &NEGATED,
        r"(?i)\b(?:not|never|cannot|can't|cant|won't|wont|don't|dont|do\s+not|will\s+not|refuse|reject|decline|no\s+way)\b[^.?!\n]{0,25}?\b(?:accept|agree|go\s+ahead|proceed|happy|ok|okay|fine|good|deal|take)\w*",
    );
    let (Some(offer), Some(take), Some(negated)) = (offer, take, negated) else {
        return None;
    };
    let [one] = figures else { return None };
    (offer.is_match(own) && take.is_match(own) && !negated.is_match(own)).then_some(*one)
}

/// The figure of an offer the customer takes, told in their own newest words (b106 `g-012`, b107 `g-048`, outside
/// attack 55 F1664): the shop's offer named with one figure — "your offer of a $15 partial refund", "your $30 offer",
/// "the $11 goodwill offer", "offered me $10 back", "the offered $25", "the 15 you offered", "the $22.00 credit you
/// proposed", "your offer ($14)", "the offer, 13 euro" — and a taking not negated in the same sentence or the one next
/// to it ("I accept", "I agree", "I'll take", "yes please", "OK for me", "accepted", "please send it"). That figure
/// is asked, whatever else the words ask and whatever figure the customer's own earlier message, quoted below, names.
/// A cost added after the taking ("I'll take your $30 offer plus another $25 for my time") is added to it: the sum is
/// what is asked (an over-ask when it passes the order). An offer turned down ("isn't enough", "no thanks") settles
/// nothing; two different offers taken settle nothing.
pub fn offer_taken(own: &str) -> Option<i64> {
    type Readers = (Vec<Regex>, Regex, Regex, Regex, Regex, Regex);
    static RES: OnceLock<Option<Readers>> = OnceLock::new();
    let (offer, take, weak_take, refused, added, no_money) = RES
        .get_or_init(|| {
            const FIG: &str = r"(?P<fig>(?:[$€£]\s?|(?:usd|eur|gbp)\s?)?\d+(?:[.,]\d{1,2})?(?:\s?(?:€|£|\$|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b|quid\b|bucks\b))?)";
            // One pattern a form (each names its figure `fig`: a name may stand once in a pattern).
            let offer: Vec<Regex> = [
                r"\boffer(?:ed)?\s+(?:of|for)\s+(?:a\s+|an\s+|the\s+)?{f}",
                r"\b(?:your|the|this|that|their|his|her)\s+(?:kind\s+|generous\s+)?{f}\s+(?:(?:goodwill|partial|refund|credit|cash|compensation)\s+)*offer\b",
                r"\boffer(?:ed|ing)\s+(?:me\s+|us\s+)?(?:a\s+)?{f}",
                r"\b(?:the|your)\s+offered\s+{f}",
                r"\b(?:the|your|that|this)\s+{f}\s+(?:(?:goodwill\s+|partial\s+)?(?:refund|credit|gesture|compensation|discount)\s+)?(?:that\s+)?(?:you|u|your\s+[\w-]+|support|the\s+shop|they|she|he)\s+(?:kindly\s+|have\s+|had\s+)?(?:offered|offer|proposed|suggested|mentioned|quoted)\b",
                r"\boffer\s*\(\s*{f}\s*\)",
                r"\bthe\s+offer\s*[,:–—-]\s*{f}",
            ]
            .iter()
            .map(|p| Regex::new(&format!("(?i){}", p.replace("{f}", FIG))))
            .collect::<Result<_, _>>()
            .ok()?;
            // A taking said outright; "ok", "fine", "good" take the offer only in its own sentence ("Offer of 8
            // euro: OK."), never from a sentence about something else ("Postage came to $5.00, that's fine.").
            let take = Regex::new(concat!(
                r"(?i)\b(?:accept\w*|agree\w*|agreeable|(?:i|we)(?:'ll|\s+will|'d|\s+would)?\s+(?:gladly\s+|happily\s+)?take|take\s+(?:it|the\s+offer|your\s+offer)|",
                r"yes\b|deal\b|go\s+ahead|proceed|sounds\s+(?:good|fine|fair)|works\s+for\s+(?:me|us)|happy\s+with|",
                r"(?:please\s+)?(?:send|pay|refund|process)\s+(?:it|that|this|me)\b|you\s+can\s+send)",
            ))
            .ok()?;
            let weak_take = Regex::new(r"(?i)\b(?:ok(?:ay)?|fine|good)\b").ok()?;
            let refused = Regex::new(
                r"(?i)\b(?:not|n't|no|never|decline\w*|reject\w*|refuse\w*|too\s+(?:low|little|small)|insufficient|rather\s+not|instead\s+of|irrelevant|ignore)\b",
            )
            .ok()?;
            // An offer of something that is no money back: a voucher, a coupon, store credit, points.
            let no_money = Regex::new(
                r"(?i)^\s*(?:[\w-]+\s+){0,2}?(?:vouchers?|coupons?|gift\s*cards?|store\s+credit|discount\s+codes?|codes?|points|replacements?)\b",
            )
            .ok()?;
            let added = Regex::new(&format!(
                r"(?i)\b(?:plus|also\s+(?:want|need|would\s+like|expect)|and\s+another|on\s+top|as\s+well\s+as)\b[^.?!\n]{{0,40}}?{FIG}"
            ))
            .ok()?;
            Some((offer, take, weak_take, refused, added, no_money))
        })
        .as_ref()?;
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    let value = |m: regex::Match| {
        let digits: String = m.as_str().chars().filter(|c| c.is_ascii_digit() || matches!(c, '.' | ',')).collect();
        super::money::number(&digits)
    };
    let mut found: Option<(i64, usize)> = None;
    for (i, s) in sentences.iter().enumerate() {
        for c in offer.iter().flat_map(|o| o.captures_iter(s)) {
            let (Some(all), Some(fig)) = (c.get(0), c.name("fig")) else { continue };
            let Some(v) = value(fig) else { continue };
            if no_money.is_match(&s[all.end()..]) || refused.is_match(s) {
                continue;
            }
            // The taking in this sentence (outside the offer's own words), or said outright in the next or the one
            // before.
            let here = format!("{} {}", &s[..all.start()], &s[all.end()..]);
            let near = [sentences.get(i + 1).copied(), i.checked_sub(1).and_then(|p| sentences.get(p).copied())];
            // (A refusal in the offer's own sentence was skipped above.)
            let taken = take.is_match(&here)
                || weak_take.is_match(&here)
                || near.iter().flatten().any(|t| take.is_match(t) && !refused.is_match(t));
            if !taken {
                continue;
            }
            if found.is_some_and(|(f, _)| f != v) {
                return None;
            }
            found = Some((v, i));
        }
    }
    let (v, at) = found?;
    // A cost added after the offer: the sum is asked.
    let rest: String = sentences[at..].concat();
    let extra =
        added.captures_iter(&rest).filter_map(|c| c.name("fig").and_then(value)).filter(|x| *x != v).sum::<i64>();
    Some(v + extra)
}

/// The text with a burn of the memory cut out ("the hold music is burned into my brain", "that image is burnt into
/// my mind"): a figure of speech for remembering, no burn of a body (ADR-1067). A burn of a body part or by a thing
/// ("burned my hand", "it burned into the counter") is left as it is.
pub fn without_memory_burns(text: &str) -> String {
    static BURN: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &BURN,
        r"(?i)\b(?:burn(?:s|ed|t|ing)?|sear(?:s|ed|ing)?|etch(?:es|ed|ing)?)\s+(?:itself\s+|forever\s+|permanently\s+)?(?:in|into|onto|on)\s+(?:my|your|our|his|her|their|the)\s+(?:brain|brains|mind|memory|memories|head|skull|retinas?|eyeballs?|soul|psyche|consciousness)\b",
    )
    .map_or_else(|| text.to_string(), |r| r.replace_all(text, " ").into_owned())
}

/// A bargain told as a condition ("I'd keep it if you refunded 620 of that", "if you could credit 15 I would be happy
/// to keep the lamp", "we'll hold on to it if you pay back 30"): the refund in the if-clause, the shop its agent, and
/// the customer's keeping or being content in the main clause — an ask, not a refund reported (ADR-1068).
pub fn conditional_ask(clause: &str) -> bool {
    static AFTER: OnceLock<Option<Regex>> = OnceLock::new();
    static BEFORE: OnceLock<Option<Regex>> = OnceLock::new();
    const REFUND: &str = r"(?:just\s+|could\s+|would\s+|can\s+|were\s+to\s+)?(?:refunded|refund|credited|credit|reimbursed|reimburse|gave\s+(?:me|us)|give\s+(?:me|us)|paid\s+(?:me|us)|pay\s+(?:me|us)|sent\s+(?:me|us)|send\s+(?:me|us)|returned|return|knocked|knock|took|take)\b";
    let after = AFTER.get_or_init(|| {
        Regex::new(&format!(
            r"(?i)(?:\b(?:i|we)(?:'d|'ll|\s+would|\s+will|\s+could|\s+can|\s+might)|\bid|\bwould)\b[^.?!\n]{{0,60}}?\bif\s+(?:you|u|you\s+guys|the\s+shop|they)\s+{REFUND}"
        ))
        .ok()
    });
    let before = BEFORE.get_or_init(|| {
        Regex::new(&format!(
            r"(?i)\bif\s+(?:you|u|you\s+guys|the\s+shop|they)\s+{REFUND}[^.?!\n]{{0,60}}?\b(?:i|we)(?:'d|'ll|\s+would|\s+will|\s+could|\s+can|\s+might)\b"
        ))
        .ok()
    });
    [after, before].iter().any(|r| r.as_ref().is_some_and(|r| r.is_match(clause)))
}

/// A refund reported arrived with its subject taken up again by a pronoun, as many writers of English as a second
/// language put it ("the refund of the 39 euros for the sandals it arrived to my account today", "my refund for the
/// lamp, it came yesterday"): a refund received, acknowledged (ADR-1069). Negated or still awaited ("it never
/// arrived", "it is not arrived yet") is no acknowledgement.
pub fn resumed_arrival(clause: &str) -> Option<regex::Match<'_>> {
    static ARRIVED: OnceLock<Option<Regex>> = OnceLock::new();
    static NEGATED: OnceLock<Option<Regex>> = OnceLock::new();
    static FIGURE: OnceLock<Option<Regex>> = OnceLock::new();
    let negated = re(&NEGATED, r"(?i)\b(?:not|never|n't|no|still|yet|when|if|whether)\b")?;
    // The figure itself as the subject, landed in an account ("the 45.00 for the vase landed in my account this
    // morning", "the 39 euro arrived to my card"): the money arrived, acknowledged.
    let figure = re(
        &FIGURE,
        r"(?i)(?:\b(?:(?:the|my|your|a|our)\s+)?(?:refund|reimbursement|credit|repayment|money)\s+(?:of|for)\s+)?\b(?:the|your|my)\s+(?:[$€£]\s?)?\d[\d.,]*(?:\s?(?:euros?|eur|pounds?|gbp|dollars?|usd|quid|bucks))?\b(?:[^.?!\n;]|\.\d){0,50}?\s(?:(?:has|have|had|just|finally|already|now)\s+)*(?:landed|arrived|came|come|appeared|showed\s+up|cleared|reached|went|gone|got)\s+(?:back\s+|through\s+)?(?:in|on|into|to|onto|at)\s+(?:my|our|the|her|his|their)\s+(?:\w+\s+)?(?:account|card|bank|statement|balance|paypal|wallet)\b",
    )?;
    let figure_arrived = figure.find_iter(clause).find(|m| !negated.is_match(m.as_str()));
    re(
        &ARRIVED,
        r"(?i)\b(?:the|my|your|this|that)\s+(?:\w+\s+)?(?:refund|reimbursement|money\s+back|credit)\b(?P<mid>(?:[^.?!\n;]|\.\d){0,70}?)[\s,]+it\s+(?:(?:has|is|was|have|did|already|now|finally|just)\s+)*(?:arrived|arrive|came|come|landed|reached|entered|appeared|showed\s+up|is\s+in|got\s+in|went\s+in|received)\b",
    )?
    .captures_iter(clause)
    .find(|c| !negated.is_match(c.get(0).map_or("", |m| m.as_str())))
    .and_then(|c| c.get(0))
    .or(figure_arrived)
}

/// An asking sentence that asks for one of several items counted ("need a refund for that single mug" beside "qty 4
/// @ 9.50 = 38.00", "please refund the returned lamp" beside "2 lamps"): "one" or "single" before a noun, or a noun
/// in the singular that the rest of the text counts in the plural. The unit is asked, never the total (ADR-1070).
pub fn asks_one_of_several(sentence: &str, text: &str) -> bool {
    static ONE: OnceLock<Option<Regex>> = OnceLock::new();
    static NOUN: OnceLock<Option<Regex>> = OnceLock::new();
    if re(&ONE, r"(?i)\b(?:one|single|1)\s+(?:[a-z]+\s+)?[a-z]{3,}\b").is_some_and(|r| r.is_match(sentence)) {
        return true;
    }
    let Some(noun) = re(&NOUN, r"(?i)\b(?:the|that|this|a)\s+(?:[a-z]+\s+)?([a-z]{3,})\b") else {
        return false;
    };
    let lower = text.to_lowercase();
    noun.captures_iter(sentence).filter_map(|c| c.get(1)).any(|n| {
        let n = n.as_str().to_lowercase();
        !n.ends_with('s')
            && Regex::new(&format!(r"\b(?:\d+|two|three|four|five|six|several|both)\s+(?:[a-z]+\s+)?{n}s\b"))
                .is_ok_and(|r| r.is_match(&lower))
    })
}

/// More money asked on someone else's behalf ("she's asking for another 30 on top", "he wants 20 more", "my mum is
/// requesting a further 15"): a proxy's ask, reported in the third person — an ask all the same (ADR-1069: once the
/// refund already received is read as acknowledged, this is what the ticket asks).
pub fn proxy_ask(clause: &str) -> bool {
    static PROXY: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &PROXY,
        r"(?i)\b(?:she|he|they|my\s+(?:partner|wife|husband|mum|mom|mother|dad|father|son|daughter|sister|brother|friend|boss|client|colleague)|the\s+customer|our\s+client)(?:'s|'re|\s+is|\s+are|\s+was)?\s+(?:(?:now|also|still|just)\s+)?(?:asking|wants?|wanting|would\s+like|'d\s+like|requesting|requests|claiming|claims|expects?|expecting|after)\s+(?:for\s+)?(?:another|an\s+extra|an\s+additional|a\s+further|further|more|extra|additional|[$€£]?\s?\d[\d.,]*\s+(?:more|extra|on\s+top))\b",
    )
    .is_some_and(|r| r.is_match(clause))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_about_a_refunds_state_under_a_frame_of_asking() {
        for c in [
            "Hello, I want to ask if my refund of 40 euro is already sent?",
            "we would like to know whether the credit of EUR 55.00 has been remitted",
            "Could you tell me if the 12.99 is sent already",
            "Kindly confirm whether the reimbursement (GBP 80.00) has been actioned.",
            "i just wanted to check if the money was transferred yet",
            "Please advise if refund of $18 is processed.",
        ] {
            assert!(asked_state(c).is_some(), "{c}");
        }
        for c in [
            "I want to ask if you can refund the 40 euro",
            "Please refund 40 euro.",
            "I would like to know if a refund is possible for the broken cup",
            "Could you tell me how to return the lamp?",
        ] {
            assert!(asked_state(c).is_none(), "{c}");
        }
    }

    #[test]
    fn a_share_is_named() {
        for s in [
            "a partial credit of 12.5% please",
            "return me half",
            "refund a third of it",
            "pro-rata credit",
            "half the price back",
            "credit of 15% please",
        ] {
            assert!(names_share(s), "{s}");
        }
        for s in [
            "please refund 20.00",
            "I want my money back",
            "refund the whole 60",
            "Refund please, half the cups broke",
            "I paid 20% VAT, refund it",
        ] {
            assert!(!names_share(s), "{s}");
        }
    }

    #[test]
    fn abbreviations_and_brackets_end_no_sentence() {
        let t = "a credit of 12.5% (i.e. USD 10.00) for it. Thanks";
        let i = t.find("i.e.").map(|p| p + 3).unwrap_or(0);
        assert!(abbreviation_end(t, i));
        let t = "Refund it please. Thanks";
        assert!(!abbreviation_end(t, t.find(". ").unwrap_or(0)));
        let t = "approx. 20 dollars";
        assert!(abbreviation_end(t, 6));
    }
}
