//! desk26's kinds of reading (issue 16, ADR-1043…ADR-1049): small typed steps, each tested on constructions written
//! for it (never an eval set's sentences):
//!
//! - [`chases_earlier`]: a ticket that reports a refund asked for (or agreed) earlier and says its money has not come,
//!   or asks when it comes, in any word order, and asks nothing new besides, chases that refund: an inquiry (C1).
//! - [`names_problem`]: the customer's words name a problem with the goods or a reason to return them — the "new
//!   problem" the pending-refund guard of the policy table looks for (ADR-1043).

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// A money word: what a refund chase is about.
const MONEY: &str =
    r"\b(?:money|refund\w*|payment|credit|funds|cash|reimburs\w*|amount|sum|it|card|account|bank|statement)\b";

/// A refund asked for, started or agreed before this ticket, by the clause's structure: a verb of asking or
/// starting with a refund (or the money) as its object, marked as past by its form ("asked", "requested", "put
/// in") or by a time adverbial whatever the verb's form ("I ask for refund two weeks ago", "we request the money
/// back before 5 days"); or the shop's agreement reported ("you say OK", "your colleague wrote it is approved",
/// "the refund was agreed", "was told yes").
pub fn earlier_request(clause: &str) -> bool {
    static ASKED: OnceLock<Option<Regex>> = OnceLock::new();
    static TIME: OnceLock<Option<Regex>> = OnceLock::new();
    static PAST_FORM: OnceLock<Option<Regex>> = OnceLock::new();
    static AGREED: OnceLock<Option<Regex>> = OnceLock::new();
    let asked = re(
        &ASKED,
        r"(?i)\b(?:ask|asks|asked|asking|request|requests|requested|apply|applied|claim|claimed|submit|submitted|put\s+in|raise|raised|open|opened|start|started|file|filed|lodge|lodged|make|made|do|did|send|sent)\b(?:\s+(?:for|in|you|u|already|me|us|about))*\s+(?:(?:a|an|the|my|our|this|that|your|one)\s+)?(?:\w+\s+)?(?:refund\w*|reimburs\w*|return|money\s+back|money|claim|credit|chargeback)\b",
    );
    let time = re(
        &TIME,
        r"(?i)\b(?:last\s+(?:week|month|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday|night)|yesterday|ago|before|earlier|previously|already|on\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|since|\d{1,2}\s*(?:/|\.)\s*\d{1,2}|(?:one|two|three|four|five|six|seven|ten|\d+|a|few|some)\s+(?:days?|weeks?|months?))\b",
    );
    let past_form = re(
        &PAST_FORM,
        r"(?i)\b(?:asked|requested|applied|claimed|submitted|put\s+in|raised|opened|started|filed|lodged|made|did|sent)\b",
    );
    let agreed = re(
        &AGREED,
        r"(?i)\b(?:you|u|your\s+\w+|they|he|she|someone|the\s+(?:agent|shop|store|team|support|lady|man|guy))\s+(?:\w+\s+)?(?:say|said|says|tell|told|write|wrote|writes|answer\w*|repl\w*|confirm\w*|promis\w*|agree\w*|approv\w*|accept\w*)\b[^.?!\n]{0,40}?\b(?:ok|okay|yes|fine|approved|agreed|accepted|confirmed|it\s+is\s+done|will\s+(?:be|come|get|send|pay|refund))\b|\b(?:was|were|is|been|got)\s+(?:already\s+)?(?:agreed|approved|accepted|confirmed|authori[sz]ed|promised)\b|\b(?:i|we)\s+(?:was|were)\s+(?:told|promised|assured)\b|\b(?:refund\w*|reimbursement|credit(?:\s+note)?|claim|chargeback)\s+(?:\w+\s+)?(?:agreed|approved|accepted|confirmed|authori[sz]ed|raised|issued|initiated|granted)\b",
    );
    let (Some(asked), Some(time), Some(past_form), Some(agreed)) = (asked, time, past_form, agreed) else {
        return false;
    };
    if agreed.is_match(clause) {
        return true;
    }
    asked.find_iter(clause).any(|m| past_form.is_match(m.as_str()) || time.is_match(clause))
}

/// A clause that says the money has not come yet or asks when or where it comes, in any word order: a time or place
/// question word and an arrival verb anywhere in the same question ("when is coming the money back?", "how long
/// until it lands?", "when it will arrive?"), or a "not yet / still / until now … nothing" report ("till today we
/// receive nothing", "money still not here", "still waiting").
pub fn waiting_for_money(clause: &str) -> bool {
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    static ARRIVE: OnceLock<Option<Regex>> = OnceLock::new();
    static WAITING: OnceLock<Option<Regex>> = OnceLock::new();
    static MONEY_RE: OnceLock<Option<Regex>> = OnceLock::new();
    let ask = re(
        &ASK,
        r"(?i)\b(?:when|where|how\s+(?:long|many\s+(?:more\s+)?(?:days?|weeks?))|what\s+(?:time|date|day)|eta|is\s+it|has\s+it|did\s+it|any\s+(?:news|update|idea))\b",
    );
    let arrive = re(
        &ARRIVE,
        r"(?i)\b(?:com(?:e|es|ing)|came|arriv\w*|reach\w*|land\w*|get|gets|getting|receiv\w*|see|seen|show\w*|appear\w*|back|hit|clear\w*|post\w*|through|paid|sent|transfer\w*)\b",
    );
    let waiting = re(
        &WAITING,
        r"(?i)\b(?:still\s+(?:waiting|nothing|no\b|not)|not\s+yet|until\s+(?:now|today)|till\s+(?:now|today)|up\s+to\s+(?:now|today)|so\s+far)\b[^.?!\n]{0,40}|\b(?:nothing|no\s+money|not\s+(?:here|arrived|received|come|came|seen))\b[^.?!\n]{0,20}\b(?:yet|still|so\s+far|until\s+(?:now|today)|till\s+(?:now|today))\b|\b(?:never|not|n'?t|nothing)\s+(?:yet\s+)?(?:\w+\s+)?(?:arriv\w*|receiv\w*|c[ao]me|reach\w*|land\w*|see|seen|show\w*|appear\w*)\b|\bwaiting\s+(?:for|on)\s+(?:the|my|our|it|this|that)\b",
    );
    let money = re(&MONEY_RE, &format!("(?i){MONEY}|\\b(?:nothing|anything)\\b"));
    let (Some(ask), Some(arrive), Some(waiting), Some(money)) = (ask, arrive, waiting, money) else {
        return false;
    };
    static WHERE: OnceLock<Option<Regex>> = OnceLock::new();
    let where_is = re(&WHERE, r"(?i)\bwhere\b");
    let question = clause.contains('?') || ask.is_match(clause);
    let asked_after = question
        && money.is_match(clause)
        && (arrive.is_match(clause) || (clause.contains('?') && where_is.is_some_and(|w| w.is_match(clause))));
    (asked_after && ask.is_match(clause)) || waiting.is_match(clause)
}

/// A ticket that reports a refund asked for or agreed earlier and says its money has not come (or asks when it
/// comes), and asks nothing new in its other clauses: it chases that refund (an inquiry, C1). A fresh ask beside
/// it ("… nothing has happened. The lid is broken too, I want my money back for it") is read as the ask it is.
pub fn chases_earlier(own: &str, asks: impl Fn(&str) -> bool) -> bool {
    let mut earlier = false;
    let mut waiting = false;
    let mut rest = String::new();
    for sentence in super::desk25::sentences(own) {
        let e = earlier_request(sentence);
        let w = waiting_for_money(sentence);
        earlier |= e;
        waiting |= w;
        if !e && !w {
            rest.push_str(sentence);
            rest.push(' ');
        }
    }
    earlier && waiting && !asks(&rest)
}

/// A refund under way talked about (outside attack 51, ADR-1612): its money waited for or not arrived, chased,
/// hurried, its state asked, the shop's word that it would come, or where it should be paid ("Still waiting for my
/// $49.99 refund.", "Your agent agreed to refund $40. It hasn't arrived.", "Please send the $49.99 refund to my PayPal
/// instead of my card.", "Kindly expedite my refund of $49.99."), and nothing asked anew ("just in case", "again",
/// "another", "as well").
pub fn refund_underway(own: &str) -> bool {
    static TALK: OnceLock<Option<Regex>> = OnceLock::new();
    static NEW: OnceLock<Option<Regex>> = OnceLock::new();
    let talk = re(
        &TALK,
        r"(?i)\b(?:still\s+(?:waiting|nothing|not)|nothing\s+(?:yet|so\s+far|has\s+(?:arrived|come))|(?:has|have)n'?t\s+(?:arrived|come|shown|appeared|landed|gone\s+through|been\s+(?:paid|sent|credited))|not\s+(?:arrived|received|shown|come)\s+yet|(?:waiting|wait)\s+(?:for|on|the)|i\s+am\s+waiting|chas(?:e|ing)|expedite|hurry|speed\s+up|status|any\s+update|pending|(?:you|your\s+\w+|agent|colleague|they|he|she)\s+(?:\w+\s+){0,3}?(?:said|agreed|promised|confirmed|told\s+me|approved)|(?:instead\s+of|rather\s+than|not)\s+(?:to\s+)?(?:my\s+)?(?:\w+\s+)?(?:card|account|visa|mastercard|amex|paypal)|(?:go|goes|going|be\s+paid|be\s+sent|send|sent|paid)\s+(?:\w+\s+){0,3}?to\s+(?:my\s+)?(?:new\s+)?(?:card|account|visa|mastercard|amex|paypal|bank)|(?:you'?re|you\s+are)\s+refunding|where\s+is|where'?s|when\s+(?:will\s+)?it\s+(?:will\s+)?(?:come|arrive|be\s+(?:paid|sent|back))|come\s+to\s+my\s+(?:bank|account|card)|eta|any\s+news|(?:what'?s|what\s+is)\s+the\s+hold[- ]?up|holdup|not\s+(?:yet\s+)?in\s+(?:my\s+)?(?:bank|account)|(?:did|has)\s+it\s+(?:go|gone)\s+through|went\s+through|follow(?:ing)?[- ]?up|nudge|re-?send|been\s+waiting|it'?s\s+been|confirm\s+(?:the\s+)?refund|requested\s+on|please\s+advise)\b|\bwhere\s*[?!.]*\s*$",
    );
    let new = re(
        &NEW,
        r"(?i)\bjust\s+in\s+case\b|\banyway\b|\bagain\b|\banother\b|\bsecond\b|\bas\s+well\b|\balso\b|\bextra\b|\badditional\b|\bmore\b",
    );
    (talk.is_some_and(|t| t.is_match(own)) || refund_state_asked(own)) && !new.is_some_and(|n| n.is_match(own))
}

/// A refund's state asked or told with its figure (outside attack 56): "When will I see the $49.99 back on my
/// account?", "The $64.50 refund isn't on my card yet. Is that normal?", "my bank still doesn't show the $35.75
/// refund, how long does it take?", "Could you confirm the $44.99 refund was actually sent?", "the $89.99 refund is
/// 'processing' … Is it done soon?", "Ok, noted that the $49.99 refund will take 5 days.", "Will it come as one
/// payment or two?". Talk about a refund under way, never an ask: with a refund pending, its figure (or one below
/// the order's) is that refund's.
pub fn refund_state_asked(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        concat!(
            r"(?i)\b(?:when\s+(?:will|do|can|should)\s+(?:i|we)\s+(?:see|get|receive|have|expect)|how\s+long\s+(?:does|do|will|should|until|till|is|before)|",
            r"should\s+(?:i|we)\s+expect|is\s+(?:that|this|it)\s+normal|is\s+it\s+(?:done|finished|complete|through)|",
            r"(?:isn'?t|is\s+not|not)\s+(?:yet\s+)?(?:on|in)\s+(?:my|our)\s+(?:card|account|bank|statement)|",
            r"(?:doesn'?t|does\s+not|don'?t|can'?t|cannot)\s+(?:yet\s+)?(?:show|see|find)|shows?\s+nothing|",
            r"(?:is|was|been)\s+(?:still\s+)?['‘’\x22]?(?:processing|initiated|issued|approved)|",
            r"(?:was|been|got)\s+(?:actually\s+|really\s+)?(?:sent|paid|processed|issued)\s*\?|",
            r"(?:noted|understood|got\s+it)\s+(?:that\s+)?(?:the\s+)?(?:[^.?!\n]|\.\d){0,30}?\brefund\b(?:[^.?!\n]|\.\d){0,20}?\bwill\s+take|",
            r"will\s+(?:it|the\s+refund|the\s+money)\s+(?:come|complete|clear|land|arrive|show)|one\s+payment\s+or\s+two)",
        ),
    )
    .is_some_and(|r| r.is_match(own))
}

/// An imperative that tells the shop to refund now ("Please just refund the 32.99", "Please make the refund of 69,00",
/// "action a full refund of 45.00 instead", "just process the 45.00 now"): a request made anew beside a pending refund
/// (the kept sets' boundary tickets; a pending refund does not count). The same verb reported or promised ("you agreed
/// to refund me $40", "you said you'd refund $49.99") is no imperative.
pub fn refund_told_to(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = re(
        &RE,
        r"(?i)\b(?:refund|reimburse|repay|process|action|make|issue)\s+(?:me\s+|us\s+)?(?:the\s|a\s|an\s|it\b|this\b|that\b|full\b|my\s+money|[$€£]|\d)|\b(?:we|i)\s+(?:hereby\s+)?request\s+(?:a\s+|the\s+)?(?:full\s+|partial\s+)?(?:refund|reimbursement|credit)",
    ) else {
        return false;
    };
    let labels = refund_labels(own);
    re.find_iter(own).any(|m| {
        // The refund and its figure as a label ("Refund $49.99 - overdue") tell nothing to be done (F1656).
        let labelled = labels.iter().any(|l| {
            let at = l.as_ptr() as usize - own.as_ptr() as usize;
            at >= m.start() && at <= m.end()
        });
        if labelled {
            return false;
        }
        let before = own[..m.start()].trim_end().to_lowercase();
        // An imperative urged ("please just refund the sieve") tells, whatever else its sentence says (blind102 `b-06`).
        let urged = ["please", "just", "pls", "kindly", "so"].iter().any(|w| before.ends_with(w));
        ![
            "to", "'d", "would", "will", "you", "they", "he", "she", "i", "we", "can't", "cannot", "didn't", "said", "on",
            // The refund as a noun ("I want ask about the refund 23.50 you say you send", blind103 `g-055`).
            " the", " my", " your", " a", "about",
        ]
        .iter()
        .any(|w| before.ends_with(w))
            // The refund and its figure as the label of a status question ("Refund $49.99: status?", "refund 49.99 not
            // received yet. when?", "Ref: refund $49.99 - ETA?"; outside attack 52): no imperative.
            && (urged || !status_sentence(sentence_at(own, m.start())))
    })
}

/// A refund named as a label (outside attack 53, F1656): "Refund" and its figure first on a line (after "Re:", "FW:",
/// "Ref:" or "Subject:"), followed by a mark or by words that carry on no request — "Refund $49.99 - overdue", "Refund
/// 49.99 ✔ thx", "Refund $49.99 has not reached me", "Subject: Refund $49.99". An imperative goes on with what it asks
/// ("Refund $49.99 please", "… to my card", "… for the lamp", "… now"). Returns the labels' figures as written.
fn refund_labels(own: &str) -> Vec<&str> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = re(
        &RE,
        r"(?im)^[\s>*]*(?:(?:re|fw|fwd|ref|subject|subj)\s*:\s*)*(?:refund|reembolso|remboursement|rimborso|erstattung|r[uü]ckerstattung)\s+(?:of\s+)?(?P<fig>(?:[$€£]\s?)?\d[\d.,]*(?:\s?(?:€|eur\b|usd\b|gbp\b|dollars?\b|euros?\b))?)(?P<rest>[^\n]*)",
    ) else {
        return Vec::new();
    };
    const GOES_ON: &[&str] = &[
        "please",
        "pls",
        "plz",
        "now",
        "asap",
        "to",
        "for",
        "back",
        "and",
        "plus",
        "into",
        "onto",
        "via",
        "today",
        "immediately",
        "instead",
        "me",
        "thanks",
        "thank",
        "ty",
        "as",
        "on",
        "in",
        "from",
        "urgently",
    ];
    re.captures_iter(own)
        .filter(|c| {
            let rest = c.name("rest").map_or("", |m| m.as_str()).trim_start();
            let first: String = rest.chars().take_while(|ch| ch.is_alphanumeric() || *ch == '\'').collect();
            // A bracket goes on with the request ("Refund $500 (that's the whole thing), the grill arrived in pieces").
            !rest.starts_with('(') && !GOES_ON.contains(&first.to_lowercase().as_str())
        })
        .filter_map(|c| c.name("fig").map(|m| m.as_str()))
        .collect()
}

/// Whether every refund the ticket names is a label ([`refund_labels`]) and nothing else tells a refund to be made: a
/// chase of the refund so named, or an acknowledgement of it, never a new request.
pub fn refund_only_labelled(own: &str) -> bool {
    !refund_labels(own).is_empty() && !refund_told_to(own)
}

/// A refund named as a label and acknowledged ("Refund $49.99 — received, you can close this.", "Refund 49.99 ✔ thx",
/// "Re: refund $49.99 — all sorted now, thanks"): thanks for a refund, no request (C1).
pub fn refund_label_acknowledged(own: &str) -> bool {
    static ACK: OnceLock<Option<Regex>> = OnceLock::new();
    refund_only_labelled(own)
        && re(
            &ACK,
            r"(?i)\b(?:received|got\s+it|came\s+through|(?:all\s+)?sorted|all\s+good|resolved|close\s+(?:this|the\s+ticket))\b|[✔✓✅]",
        )
        .is_some_and(|r| r.is_match(own))
}

/// The sentence of `text` that holds byte `at`, as the desk cuts sentences ([`super::desk25::sentences`]).
fn sentence_at(text: &str, at: usize) -> &str {
    super::desk25::sentences(text)
        .find(|s| {
            let start = s.as_ptr() as usize - text.as_ptr() as usize;
            (start..start + s.len()).contains(&at)
        })
        .unwrap_or("")
}

/// A sentence that asks after a refund's state or tells it is waited for: a question, or the words of a chase.
fn status_sentence(sentence: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        r"(?i)\?|\b(?:eta|status|any\s+news|any\s+update|hold[- ]?up|nothing\s+yet|still\s+(?:waiting|nothing|not)|been\s+waiting|it'?s\s+been|(?:not|n'?t)\s+(?:yet\s+)?(?:received|arrived|come|in\s+(?:my\s+)?(?:bank|account))|go(?:ne)?\s+through|went\s+through|chas(?:e|ing)|follow(?:ing)?[- ]?up|nudge|confirm|please\s+advise|requested\s+(?:on|last)|where)\b",
    )
    .is_some_and(|r| r.is_match(sentence))
}

/// The shop's word that a refund would come, or the refund named as one already asked ("your agent agreed to refund
/// $40", "you said you'd refund me $40", "my refund of $49.99"): a figure that is not the pending refund's is then still
/// that refund's, as the customer remembers it (ADR-1612).
pub fn refund_promised(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        r"(?i)\b(?:agreed|promised|said|told\s+me|confirmed|approved|authori[sz]ed)\b[^.?!\n]{0,40}\brefund|\b(?:my|the|your)\s+(?:\$?[\d.,]+\s+)?refund\s+(?:of\s+)?[$€£]?\d|\brefund\s+(?:amount\s+)?(?:of\s+)?[$€£]?\d[\d.,]*\s+(?:pending|agreed|promised)",
    )
    .is_some_and(|r| r.is_match(own))
}

/// The customer's words name a problem with the goods or a reason to send them back: a defect, damage, a fit or a
/// wrong item, a delivery failure of the goods, a change of mind. Money that has not arrived is no problem with the
/// goods: the arrival words count only in a sentence that names no money.
pub fn names_problem(own: &str) -> bool {
    static GOODS: OnceLock<Option<Regex>> = OnceLock::new();
    static ARRIVAL: OnceLock<Option<Regex>> = OnceLock::new();
    static MONEY_RE: OnceLock<Option<Regex>> = OnceLock::new();
    let goods = re(
        &GOODS,
        r"(?i)\b(?:broke|broken|breaks|breaking|damag\w*|defect\w*|faulty|fault|crack\w*|torn|ripped|rips|leak\w*|scratch\w*|dented|dents|stain\w*|smash\w*|shatter\w*|spoil\w*|rotten|expired|mou?ldy|fad(?:ed|ing)|peel\w*|shr[au]nk|fell\s+apart|falling\s+apart|came\s+apart|came\s+off|fell\s+off|bent|chipped|jamm\w*|flicker\w*|overheat\w*|unusable|wrong\s+(?:size|colou?r|item|model|one|thing|product|part|book|shoes?)|too\s+(?:small|big|large|tight|loose|short|long|narrow|wide)|(?:doesn'?t|does\s+not|didn'?t|did\s+not|don'?t|do\s+not|won'?t|will\s+not|wouldn'?t|would\s+not|can'?t|cannot|can\s+not|isn'?t|is\s+not)\s+(?:\w+\s+)?(?:work|fit|turn|charge|start|switch|open|close|connect|power|load|boot|match|hold|stay|stick|lock|heat|cool|spin|play|print|fasten|zip)\w*|(?:not|never|stopped)\s+work\w*|dead\s+on\s+arrival|doa|not\s+as\s+(?:described|pictured|advertised)|not\s+what\s+i\s+ordered|changed\s+my\s+mind|no\s+longer\s+(?:need|want)|(?:don'?t|do\s+not)\s+(?:like|need|want)\s+(?:it|them|the)|second\s+(?:item|one|part|piece)|also\s+(?:broken|damaged|missing|cracked|faulty)|other\s+(?:item|one|part|piece)\s+(?:is|was|came|arrived)|snapped|frayed|warped|melted|rust(?:y|ed)|wobbl\w*|(?:a|with\s+a|has\s+a)\s+hole|holes\s+in|fell\s+to\s+pieces|than\s+(?:described|advertised|pictured|shown|expected\s+from\s+the\s+(?:photos?|pictures?|description)))\b",
    );
    let arrival = re(
        &ARRIVAL,
        r"(?i)\b(?:missing|lost|never\s+(?:arrived|came|showed\s+up|turned\s+up)|(?:not|n'?t)\s+(?:arrived|delivered|come)|arrived\s+late|late\s+delivery|delivered\s+late)\b",
    );
    let money = re(&MONEY_RE, &format!("(?i){MONEY}"));
    // A sentence about the thing the customer had before ("My old cutter was a cheap $30 thing that cracked half the
    // tiles, which is why I upgraded", blind143 `g-078`) tells no problem with this order.
    static BEFORE_IT: OnceLock<Option<Regex>> = OnceLock::new();
    let before_it = re(&BEFORE_IT, r"(?i)^\W*(?:\w+\s+){0,3}?(?:my|our)\s+(?:old|former)\s+\w+");
    let (Some(goods), Some(arrival), Some(money), Some(before_it)) = (goods, arrival, money, before_it) else {
        return false;
    };
    super::desk25::sentences(own).any(|s| goods.is_match(s) && !before_it.is_match(s))
        || super::desk25::sentences(own).any(|s| arrival.is_match(s) && !money.is_match(&s.replace(" it ", " ")))
}

/// Every number written with cents ("12.60", "6,00"), in cents, in text order.
pub fn decimals(text: &str) -> Vec<i64> {
    static DECIMAL: OnceLock<Option<Regex>> = OnceLock::new();
    re(&DECIMAL, r"(?:^|[^\d.,])(\d{1,6})[.,](\d{2})\b").map_or_else(Vec::new, |d| {
        d.captures_iter(text)
            .filter_map(|c| {
                Some(c.get(1)?.as_str().parse::<i64>().ok()? * 100 + c.get(2)?.as_str().parse::<i64>().ok()?)
            })
            .collect()
    })
}

/// The things an asking sentence names as what the money is for or what is refunded ("for the blue rug", "refund
/// the postage"): the noun phrase's words after its determiner, without the words that name money or close a request.
fn ask_things(sentence: &str) -> Vec<String> {
    static OBJECT: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(object) = re(
        &OBJECT,
        r"(?i)\b(?:(?:for|of|on)\s+|(?:refund|reimburse|credit|repay)\s+(?:me\s+|us\s+)?)(?:the|my|this|that|our|your)\s+([a-z-]{3,}(?:\s+[a-z-]{3,})?)",
    ) else {
        return Vec::new();
    };
    object
        .captures_iter(sentence)
        .filter_map(|c| c.get(1).map(|m| m.as_str().to_lowercase()))
        .flat_map(|p| p.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|w| {
            !matches!(
                w.as_str(),
                "money"
                    | "refund"
                    | "order"
                    | "amount"
                    | "price"
                    | "cost"
                    | "item"
                    | "card"
                    | "whole"
                    | "lot"
                    | "please"
                    | "pls"
                    | "thanks"
                    | "thank"
                    | "asap"
                    | "now"
                    | "back"
                    | "full"
                    | "entire"
                    | "total"
                    | "same"
                    | "account"
                    | "payment"
            )
        })
        .collect()
}

/// A count at a unit price and the total they come to, both written ("2 x 7.50 … total 15.00", "3 @ 4.00 = 12.00"):
/// the arithmetic is the structure (as ADR-1017's gross is), so the total is the figure the list asks, where the
/// reader left the amount unsettled. Every count-at-price pair must come to a figure the text states, and all to
/// the same one.
pub fn worked_total(own: &str, figures: &[i64]) -> Option<i64> {
    static PAIR: OnceLock<Option<Regex>> = OnceLock::new();
    let pair = re(
        &PAIR,
        r"(?i)(?:^|[^\d.,])(\d{1,4})\s*(?:x|×|\*|@|pcs?\s*@|pcs?\s+at|units?\s+(?:@|at|x)|items?\s+(?:@|at|x))\s*(?:[$€£]\s?)?(\d{1,6}(?:[.,]\d{1,2})?)\b",
    )?;
    let mut totals = Vec::new();
    for c in pair.captures_iter(own) {
        let n: i64 = c.get(1)?.as_str().parse().ok()?;
        let u = c.get(2)?.as_str().replace(',', ".");
        let (whole, frac) = u.split_once('.').unwrap_or((&u, "0"));
        let frac = if frac.len() == 1 { format!("{frac}0") } else { frac.to_string() };
        let cents = whole.parse::<i64>().ok()? * 100 + frac.parse::<i64>().ok()?;
        if n < 2 {
            return None;
        }
        totals.push(n.checked_mul(cents)?);
    }
    totals.dedup();
    // The total may stand on a line the figure reader gives no role ("sum 12.60"): any number with cents counts.
    let stated = decimals(own);
    match totals.as_slice() {
        [t] if figures.contains(t) || stated.contains(t) => Some(*t),
        _ => None,
    }
}

/// A fee told in a sentence that asks nothing ("The delivery fee was 4.99 …") beside an ask that names no figure,
/// no fee and points back at nothing ("I want a refund"): the fee is a price mentioned, not the amount asked — the
/// request is for the order's amount (policy.md: a price mentioned never is the amount asked; ADR-1046).
pub fn fee_only_told(own: &str, v: i64, asks: impl Fn(&str) -> bool, figures: impl Fn(&str) -> Vec<i64>) -> bool {
    static FEE: OnceLock<Option<Regex>> = OnceLock::new();
    static POINTER: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(fee), Some(pointer)) = (
        re(
            &FEE,
            r"(?i)\b(?:fee|fees|delivery|shipping|postage|p\s*&\s*p|carriage|courier|surcharge|service\s+charge|tax|vat|handling|insurance)\b",
        ),
        re(
            &POINTER,
            r"(?i)\b(?:it|that|this|those|these|them|same|which|extra|difference|charge|charges|cost|costs|price|amount|sum|figure|too|also|as\s+well)\b",
        ),
    ) else {
        return false;
    };
    let mut told = false;
    let mut asked = false;
    for s in super::desk25::sentences(own) {
        let figs = figures(s);
        if asks(s) {
            if !figs.is_empty() || fee.is_match(s) || pointer.is_match(s) {
                return false;
            }
            asked = true;
        } else if figs.contains(&v) {
            if !fee.is_match(s) {
                return false;
            }
            told = true;
        }
    }
    told && asked
}

/// Figures in a story, none asked: one is the order's amount, said in the sentence of the thing the ask names (or
/// the ask names no thing), and each other figure is in a sentence that asks nothing and names none of the things
/// the ask names ("I ordered a dress from you back then for about $60 … the lamp, $89 … I'd like the money back for
/// the lamp"): the ask is for the order's amount, not an alternative between figures (ADR-1047).
pub fn story_prices_beside_order(
    own: &str,
    order: i64,
    asks: impl Fn(&str) -> bool,
    figures: impl Fn(&str) -> Vec<i64>,
) -> bool {
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    let ask_sentences: Vec<&str> = sentences.iter().copied().filter(|s| asks(s)).collect();
    if ask_sentences.is_empty() || ask_sentences.iter().any(|s| !figures(s).is_empty()) {
        return false;
    }
    let things: Vec<String> = ask_sentences.iter().flat_map(|s| ask_things(s)).collect();
    if things.is_empty() {
        return false;
    }
    let mut order_seen = false;
    for s in sentences.iter().filter(|s| !asks(s)) {
        let figs = figures(s);
        if figs.is_empty() {
            continue;
        }
        let lower = s.to_lowercase();
        let names_thing = things.iter().any(|t| lower.contains(t.as_str()));
        for f in figs {
            if f == order {
                order_seen |= names_thing;
            } else if names_thing {
                return false;
            }
        }
    }
    order_seen
}

/// A trade imperative whose object is a credit or a refund ("kindly raise a part credit", "pls issue credit note",
/// "could you book a refund for the short units"): an ask, whatever verb of the back office it uses. Only the
/// imperative (opening the clause, after "please/kindly", or after "can/could/would you"): "you raised a credit
/// note" reports one.
pub fn trade_ask(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &RE,
        r"(?i)(?:^[\s\W]*|\b(?:please|pls|plz|kindly)\s+|\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+)?)(?:raise|issue|book|post|arrange|approve|authori[sz]e|generate|create|put\s+through|action|process)\s+(?:(?:a|an|the|our|my|us|me)\s+)?(?:[\w-]+\s+){0,2}?(?:credit(?:\s+note|\s+memo)?|refund|reimbursement|chargeback)\b",
    )
    .is_some_and(|r| r.is_match(clause))
}

/// The figure told beside the one thing the ask names ("The lamp was $89 and the shade $20. … money back for the
/// shade"): in a sentence that asks nothing, the part of it (cut at commas, "and", "but") that names the thing and
/// holds exactly one figure. Several such figures, or none, settle nothing here.
pub fn named_thing_figure(own: &str, asks: impl Fn(&str) -> bool, figures: impl Fn(&str) -> Vec<i64>) -> Option<i64> {
    static CUT: OnceLock<Option<Regex>> = OnceLock::new();
    static PRONOUN: OnceLock<Option<Regex>> = OnceLock::new();
    let pronoun =
        re(&PRONOUN, r"(?i)^[\s\W]*(?:it|that|this|which)\s+(?:was|is|were|cost|costs|came\s+to|comes\s+to)\b")?;
    let cut = re(&CUT, r"(?i),|;|:|\band\b|\bbut\b|\bwhile\b|\bwhereas\b")?;
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    let mut things: Vec<String> = sentences.iter().filter(|s| asks(s)).flat_map(|s| ask_things(s)).collect();
    things.sort();
    things.dedup();
    if things.is_empty() {
        return None;
    }
    let word =
        Regex::new(&format!(r"(?i)\b(?:{})\b", things.iter().map(|t| regex::escape(t)).collect::<Vec<_>>().join("|")))
            .ok()?;
    let mut found = Vec::new();
    // The sentence right after the ask that says what "it" was ("Could you refund the delivery? It was 5.95 …").
    for pair in sentences.windows(2) {
        if asks(pair[0]) && !asks(pair[1]) && pronoun.is_match(pair[1]) {
            let first = cut.split(pair[1]).next().unwrap_or("");
            if let [one] = figures(first).as_slice() {
                found.push(*one);
            }
        }
    }
    for s in sentences.iter().filter(|s| !asks(s)) {
        for part in cut.split(s) {
            // What sending the thing back cost is no price of the thing ("It cost me $8.99 to return the lamp").
            if !word.is_match(part) || super::kinds25::own_cost_told(part) {
                continue;
            }
            // A bare number with cents beside the thing ("the filter 6.00") is its price too.
            let mut figs = figures(part);
            if figs.is_empty() {
                figs = decimals(part);
            }
            if let [one] = figs.as_slice() {
                found.push(*one);
            }
        }
    }
    found.dedup();
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outside attack 52: the refund and its figure as the label of a chase is no imperative; the chase's words are
    /// read. A `\b` lost to a backspace once disabled such a table silently (F1638): these keep it honest.
    #[test]
    fn a_refund_named_as_the_label_of_a_chase_is_no_imperative() {
        for chase in [
            "Still waiting, refund 49.99",
            "refund 49.99 pls (pending already, just chasing)",
            "refund 49.99 not received yet. when?",
            "pls confirm refund 49.99 sent",
            "Refund $49.99 - been waiting 2 wks, what's the holdup",
            "Refund $49.99 requested on the 3rd - nothing yet. Please advise.",
            "refund 49.99 plz where",
            "Ref: refund $49.99 - ETA?",
            "Refund $49.99: status?",
            "Hello, I want ask about the refund 23.50 you say you send for the bottle. When it will come to my bank?",
        ] {
            assert!(!refund_told_to(chase), "{chase}");
            assert!(refund_underway(chase), "{chase}");
        }
        for told in [
            "Please just refund the 32.99",
            "Refund $49.99 please, it broke.",
            "just process the 45.00 now",
            // blind102 `b-06`: urged beside a chase's words.
            "Still waiting on this - please just refund the sieve, £16.50.",
            // blind78 `b-06`: a new ask beside the pending one it cancels.
            "Please cancel the pending request and action a full refund of 45.00 instead via the original payment method.",
        ] {
            assert!(refund_told_to(told), "{told}");
        }
    }

    #[test]
    fn an_earlier_request_by_form_or_by_time() {
        for c in [
            "We request the money back before 5 days.",
            "I asked you for a refund on the 3rd.",
            "Two weeks ago I make the refund claim online.",
            "your colleague wrote me it is approved.",
            "The refund was agreed on the phone.",
            "I was told yes by the chat.",
            "Ref 12: credit note raised by your team on 02/11.",
        ] {
            assert!(earlier_request(c), "{c}");
        }
        for c in ["I ask for a refund because the cup is broken.", "Please refund me.", "I want my money back."] {
            assert!(!earlier_request(c), "{c}");
        }
    }

    #[test]
    fn waiting_for_money_in_any_word_order() {
        for c in [
            "When is arriving my money?",
            "how long until it lands?",
            "Till today we receive nothing.",
            "money still not here",
            "Still waiting.",
            "Where it is the payment?",
        ] {
            assert!(waiting_for_money(c), "{c}");
        }
        for c in ["The lamp is broken.", "Please refund 20.00.", "When I opened the box the glass was cracked."] {
            assert!(!waiting_for_money(c), "{c}");
        }
    }

    #[test]
    fn a_problem_with_the_goods_is_named_money_not_arriving_is_not() {
        for t in [
            "the kettle leaks",
            "It is too small for me.",
            "the parcel never arrived",
            "I changed my mind",
            "The lid won't stay shut.",
            "it doesn't even turn on",
        ] {
            assert!(names_problem(t), "{t}");
        }
        for t in ["the money never arrived", "refund still not come to my card", "Thank you."] {
            assert!(!names_problem(t), "{t}");
        }
    }
}
