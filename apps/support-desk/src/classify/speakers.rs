//! Who speaks (ADR-905): a ticket that is a mail thread is split into speaker segments — the sender's new words on
//! top, then each earlier message the mail clients mark (a forward's separator, "-----Original Message-----", a
//! "From:/Sent:/To:/Subject:" header run in the languages mail clients write them, an "On … wrote:" attribution,
//! `>`-quoted lines) — and each earlier segment is attributed to the customer's side or the shop's from its header
//! (a sender that is a support address, a "Customer Care" name) or, with no header, from its content (the shop's
//! signature, an offer in the shop's voice). A colleague, a family member or the customer's own earlier message is
//! the customer's side: a forward carries the request of the person it forwards for.
//!
//! The reader uses the segments in two ways ([`super::facts`]): when the newest words ask nothing of their own but
//! point at the message below ("same request", "see below", "please deal with this", a correction, an empty note),
//! the customer's earlier segments are read with the newest words last, so a correction on top wins as any later
//! correction does; and a reply that accepts the shop's quoted offer ("yes please go ahead with the 15.00") asks
//! the figure offered.

use regex::Regex;
use std::sync::OnceLock;

/// Whose words a segment holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Customer,
    Shop,
}

/// One earlier message of a thread, without its header and quote marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub side: Side,
    pub text: String,
}

/// The thread: the sender's newest words and the earlier messages below them, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Thread {
    pub top: String,
    pub earlier: Vec<Segment>,
}

struct Patterns {
    separator: Regex,
    attribution: Regex,
    header: Regex,
    from_header: Regex,
    shop_sender: Regex,
    shop_voice: Regex,
    refers_below: Regex,
    signature: Regex,
    withdraws: Regex,
    accepts: Regex,
    declines: Regex,
    offer: Regex,
}

/// A mail header's key, as Outlook, Gmail, Apple Mail and Thunderbird write it in English, German, French, Spanish,
/// Portuguese, Italian, Dutch and Polish.
const HEADER_KEYS: &str = r"from|sent|date|to|cc|bcc|subject|reply-to|von|gesendet|datum|an|betreff|de|envoy[ée]|[àa]|objet|date\s+d'envoi|enviado|enviada|fecha|para|asunto|assunto|data|da|inviato|oggetto|a|van|verzonden|aan|onderwerp|od|wys[łl]ano|do|temat";

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            // A forward's or a reply's separator line, or an Apple Mail forward's first line.
            separator: Regex::new(concat!(
                r"(?i)^\s*(?:-{2,}|_{2,}|={2,})\s*(?:original\s+message|forwarded\s+message|weitergeleitete\s+nachricht|urspr[üu]ngliche\s+nachricht|message\s+(?:d'origine|transf[ée]r[ée]|original)|mensaje\s+(?:original|reenviado)|mensagem\s+(?:original|encaminhada)|messaggio\s+(?:originale|inoltrato)|oorspronkelijk\s+bericht|doorgestuurd\s+bericht|wiadomo[śs][ćc]\s+(?:oryginalna|przekazana)|oryginalna\s+wiadomo[śs][ćc])\s*(?:-{2,}|_{2,}|={2,})?\s*$",
                r"|^\s*(?:begin\s+forwarded\s+message|d[ée]but\s+du\s+message\s+r[ée]exp[ée]di[ée]|anfang\s+der\s+weitergeleiteten\s+nachricht|inicio\s+del\s+mensaje\s+reenviado|in[íi]cio\s+da\s+mensagem\s+reencaminhada|inizio\s+messaggio\s+inoltrato)\s*:\s*$",
                // A rule around any words that name an earlier message, or around an attribution (outside attack 53:
                // "=== previous message ===", "---- On Mon, 03 Dec 2026 10:00 Jane <j@x.com> wrote ----").
                r"|^\s*[-_=*~]{2,}\s*(?:[^-_=*~\n]{0,40}\b(?:previous|earlier|original|older|quoted|last)\s+(?:message|e-?mail|mail|reply|note)|on\s[^\n]{0,140}\bwrote)\s*[-_=*~]{2,}\s*$",
            ))
            .ok()?,
            // "On Tue, 1 Dec 2026 at 10:00, Name <a@b> wrote:", "Am … schrieb …:", "Le … a écrit :", "El … escribió:".
            // Outside attack 53: the East Asian clients' attributions ("Jane <j@x.com> 於 2026年12月3日 寫道："), a date
            // and an address alone ("2026-12-03 10:00 GMT+01:00 Jane <j@x.com>:"), Swedish, Danish, Russian, Czech,
            // Turkish verbs, and a verb with a bracketed note ("Jane wrote (Mon 10:00):").
            attribution: Regex::new(concat!(
                r"(?i)^.{0,160}\b(?:wrote|schrieb|a\s+[ée]crit|escribi[óo]|escreveu|ha\s+scritto|schreef|napisa[łl](?:a|\(a\))?|skrev|написал\w*|napsal\w*|yazd[ıi])(?:\s*\([^)]*\))?\s*[:：]\s*$",
                r"|^.{0,160}(?:寫道|写道|のメッセージ|さんは書きました|님이\s*작성)\s*[:：]?\s*$",
                r"|^.{0,160}<[^<>\s@]+@[^<>\s]+>\s*[:：]\s*$",
            ))
            .ok()?,
            // A key as written, or bold or italic in a client that writes Markdown ("**From:** Jane", "*Sent:*").
            header: Regex::new(&format!(r"(?i)^\s*[*_]{{0,2}}(?:{HEADER_KEYS})[*_]{{0,2}}\s*:")).ok()?,
            from_header: Regex::new(r"(?i)^\s*[*_]{0,2}(?:from|von|de|od|van|da)[*_]{0,2}\s*:").ok()?,
            // A sender that is the shop: a support or service address or name.
            shop_sender: Regex::new(
                r"(?i)\b(?:support|care|customer\s*(?:service|services|care|support|experience|relations)|service\s*desk|help\s*desk|helpdesk|help|team|shop|store|returns|orders|sales|billing|no-?reply|do-?not-?reply|donotreply|notifications?|assistant|bot|agent|concierge)\b",
            )
            .ok()?,
            // The shop's voice in a quoted message with no header that says who wrote it.
            shop_voice: Regex::new(concat!(
                r"(?i)\b(?:the\s+)?(?:customer\s+(?:service|care|support)|support|care|service|returns)\s+team\b",
                r"|\bwe\s+(?:can|could|would|will|are\s+able\s+to|'d\s+be\s+happy\s+to|are\s+happy\s+to)\s+(?:offer|refund|issue|credit|send|provide|arrange)\b",
                r"|\bwe(?:'ve|\s+have)\s+(?:issued|processed|refunded|credited|approved)\b|\bthanks?\s+(?:you\s+)?for\s+contacting\s+us\b",
                // An offer put as a question: "Would you like us to refund $30?", "Shall we credit it?".
                r"|\b(?:(?:would|do)\s+you\s+(?:like|want|prefer)\s+us\s+to|shall\s+we|should\s+we|may\s+we|can\s+we)\s+(?:\w+\s+)?(?:refund|credit|issue|send|offer|process|replace|reimburse)\b",
            ))
            .ok()?,
            // Newest words that point at the message below them.
            refers_below: Regex::new(concat!(
                r"(?i)\b(?:below|underneath|beneath|attached|trail|thread|forward\w*|fwd|resend\w*|re-send\w*|re-?sending",
                r"|same\s+(?:request|ask|issue|problem|thing|claim|query|complaint|as\s+(?:before|below|above|last\s+time))",
                r"|as\s+(?:below|per\s+(?:below|my|our|the)|before|previously|discussed)",
                r"|(?:deal\s+with|sort(?:\s+out)?|handle|look\s+(?:at|into)|action|process|check|review|see\s+to|take\s+care\s+of|help\s+with)\s+(?:this|that|it|these|the\s+(?:below|email|message|request|one))",
                // Help asked for someone with the message below ("Can you help my dad with this?", desk35 ADR-1152).
                r"|(?:help|assist)\s+(?:(?:my|our|his|her|their)\s+)?\w+\s+(?:out\s+)?with\s+(?:this|that|it|these|the\s+below)",
                // A refund asked for the person whose mail is below (outside attack 67: "Can you refund her?", "Could
                // you sort the refund for my husband?", "give her the refund she's asking for"): their ask, their figure.
                r"|(?:refund|credit|reimburse|pay\s+back|help)\s+(?:her|him|them|my\s+(?:\w+\s+)?(?:mum|mom|mother|dad|father|husband|wife|partner|son|daughter|gran|granny|grandma|grandad|grandpa|friend|neighbou?r|aunt|uncle|brother|sister))\b",
                r"|refund\s+for\s+(?:her|him|them|my\s+(?:\w+\s+)?(?:mum|mom|mother|dad|father|husband|wife|partner|son|daughter|gran|granny|grandma|grandad|grandpa|friend|neighbou?r|aunt|uncle|brother|sister))\b",
                r"|(?:she|he|they)(?:'s|\s+is|'re|\s+are|\s+was|\s+were)\s+asking\s+for",
                r"|chas\w+|follow(?:ing)?[\s-]+up|haven'?t\s+heard|not\s+heard|no\s+(?:reply|answer|response)|still\s+waiting",
                r"|(?:my|our|her|his|their)\s+(?:last|previous|earlier|original|first)\s+(?:e-?mail|message|request|mail|note)",
                r"|fyi|correct\w*|mistyp\w*|mistake|typo|wrong\s+(?:figure|amount|number)|should\s+(?:be|have\s+been|read|say)|i\s+meant?)\b",
                r"|\d\s*,?\s*(?:and\s+)?not\s+(?:the\s+)?[$€£]?\s?\d",
            ))
            .ok()?,
            // A signature, a device line or a disclaimer: not words that ask or point.
            signature: Regex::new(
                r"(?i)^\s*(?:--\s*$|sent\s+from\s+my\b|get\s+outlook\s+for\b|this\s+(?:e-?mail|message)\s+(?:and\s+any\s+attachments?\s+)?(?:is|are|may\s+be)\s+(?:confidential|intended)|confidentiality\s+notice|disclaimer\s*:)",
            )
            .ok()?,
            // Newest words that take back what the message below asked ("Please ignore my message below", "we
            // sorted it out ourselves … no need for anything").
            withdraws: Regex::new(concat!(
                r"(?i)\b(?:ignore|disregard|forget|cancel|withdraw|scratch|drop)\b[^.!?\n]{0,30}\b(?:message|e-?mail|mail|request|ask|claim|complaint|below|that|this|it)\b",
                r"|\bnever\s*mind\b|\bno\s+(?:need|longer\s+need)\b|\b(?:sorted|resolved|fixed)(?:\s+it)?(?:\s+out)?(?:\s+(?:now|ourselves|myself|already))?\b",
                // A message below about another purchase or shop is context, not this ticket's ask.
                r"|\b(?:different|another|other)\s+(?:shop|store|order|purchase|retailer|seller|company|website)\b",
                r"|\bworks?\s+(?:fine|again|now|perfectly)\b|\ball\s+(?:good|fine|sorted)\s+now\b",
                // Outside attack 66 (`PE`): a cover that only informs ("For info only, nothing needed", "Forwarding for
                // reference only", "Just for your records", "FYI only", "Cc'ing you for record keeping") or says the
                // matter ended ("It's arrived and it's perfect", "sent this in a panic").
                r"|\bfor\s+(?:your\s+)?(?:info(?:rmation)?|reference|records?|record[- ]keeping|files?)(?:\s+only)?\b|\bfyi\s+only\b",
                r"|\bnothing\s+(?:needed|required|to\s+do|for\s+you\s+to\s+do)\b|\bno\s+action\s+(?:needed|required|necessary)\b",
                r"|\b(?:it'?s|it\s+has|it\s+finally|has\s+now|finally)\s+(?:now\s+|finally\s+|just\s+)?(?:arrived|turned\s+up)\b|\bsent\s+(?:this|that|it)\s+in\s+a\s+panic\b",
                r"|\brefunded\s+(?:me\s+)?(?:at\s+the\s+till|in\s+(?:the\s+)?(?:shop|store))\b",
                // Outside attack 67: "Just so you have this on file", "Copying you in for visibility only", "dealt with
                // by your colleague".
                r"|\b(?:on|for\s+(?:the|your))\s+file\b|\bfor\s+(?:your\s+)?visibility\b|\bcopying\s+you\s+in\b|\b(?:already\s+)?(?:been\s+)?dealt\s+with\b|\balready\s+(?:been\s+)?(?:refunded|handled|resolved)\b",
                // Outside attack 67, by kind rather than by phrase. No answer or action wanted: "No response needed",
                // "No reply needed", "dont need anything", "Nothing more needed", "Don't do anything with this".
                r"|\bno\s+(?:\w+\s+)?(?:response|reply|answer|action|follow[- ]?up)\s+(?:is\s+)?(?:needed|required|necessary|expected)\b",
                r"|\b(?:don'?t|dont|do\s+not)\s+(?:need|want|require|expect)\s+(?:anything|any\s+(?:action|reply|response|answer)|a\s+(?:reply|response))\b",
                r"|\bnothing\s+(?:more|else|further|at\s+all)\s+(?:is\s+)?(?:needed|required|to\s+do|necessary|expected)\b",
                r"|\b(?:don'?t|dont|do\s+not)\s+(?:do|action|process)\s+anything\b|\bno\s+need\s+to\s+(?:reply|respond|answer|do\s+anything|act)\b",
                // The matter ended: "It's all settled now", "it's been handled", "We're fine now", "customer is happy
                // now" (a "happy" or "fine" with something after it — "happy with $20" — ends nothing).
                r"|\b(?:it'?s|its|it\s+is|it\s+has|all|everything'?s?|everything\s+is|we'?re|we\s+are|i'?m|i\s+am|(?:the\s+)?(?:customer|client)\s+is|they'?re|they\s+are|she'?s|he'?s|(?:the\s+)?matter\s+is)\s+(?:(?:all|now|been|already|since|since\s+been)\s+)*(?:settled|sorted|resolved|handled|closed)\b",
                r"|\b(?:it'?s|its|it\s+is|all|everything'?s?|everything\s+is|we'?re|we\s+are|(?:the\s+)?(?:customer|client)\s+is|they'?re|they\s+are)\s+(?:(?:all|now)\s+)*(?:fine|good|ok|okay|happy)\s*(?:now\b|[.!;]|$)",
                // Kept for the record: "Cc'ing support for the record." ("For the record, …" opens a statement), "just
                // wanted it on record", "Keeping a copy with you", "logging this with you in case it comes up", "For
                // transparency", "just so ur aware", "for training".
                r"|\bfor\s+the\s+record\s*(?:[.!;)]|$)|\bon\s+record\b|\bkeeping\s+a\s+copy\b|\blogging\s+(?:this|it)\b|\bin\s+case\s+it\s+comes\s+up\b",
                r"|\bfor\s+transparency\b|\bso\s+(?:you'?re|ur|u\s+r|u'?re|you\s+are)\s+aware\b|\bfor\s+(?:your\s+)?training\b",
                // Outside attack 66, left from session 48: sent by mistake, the thing found, a bare "disregard".
                r"|\b(?:sent|forwarded)\s+(?:this|it|that)\s+(?:by\s+mistake|in\s+error|accidentally)\b|\bfound\s+the\s+missing\b",
                r"|\b(?:please\s+)?(?:disregard|ignore)\s*(?:[,.;!—-]|$)",
                // Outside attack 68: the request withdrawn or refused, nothing to process, the matter done.
                r"|\b(?:has|have|had)\s+(?:since\s+)?withdrawn\b|\bwithdrew\b|\bno\s+action\b|\bno\s+refund\s+(?:to\s+be\s+(?:issued|made|processed)|please|needed|required|necessary|due)\b",
                r"|\bagreed\s+(?:on\s+)?(?:a|the)\s+(?:repair|replacement|exchange|swap)\b|\b(?:it'?s|its|it\s+is)\s+(?:all\s+)?done\b|\bfor\s+(?:your\s+)?awareness\b",
                r"|\bnothing\s+(?:to\s+(?:process|do|action)|for\s+you\s+to\s+(?:process|do))\b|\bhandled\s+already\b|\bfor\s+context\s+only\b|\berledigt\b|\bkeine\s+aktion\b|\bdw\b",
                r"|\bno\s+refund\b|\brefunds?\s+(?:is\s+|are\s+)?not\s+(?:required|needed|necessary|wanted|owed|due)\b|\b(?:doesn'?t|does\s+not|don'?t|do\s+not)\s+want\s+(?:a|the|any)\s+refund\b|\bwithdrawn\b",
                r"|\bnot\s+needed\s+any\s*more\b|\b(?:information|info)\s+only\b|\bconcluded\b|\bcan\s+be\s+closed\b|\bjust\s+file\s+(?:this|it)\b",
                r"|\breplacement\s+(?:has\s+)?(?:been\s+)?(?:shipped|sent|arrived|delivered)\b|\bdecided\s+to\s+keep\b",
            ))
            .ok()?,
            // A reply that takes an offer.
            accepts: Regex::new(concat!(
                r"(?im)^\W*(?:yes|yeah|yep|yup|ok(?:ay)?|sure|fine|agreed|great|perfect|deal|please\s+do|sounds\s+good)\b",
                r"|\b(?:go\s+ahead|accept\w*|agree(?:d)?\s+to|happy\s+with|fine\s+with|ok(?:ay)?\s+with|works\s+for\s+(?:me|us)|i'?ll\s+take|we'?ll\s+take|take\s+the|proceed\s+with|please\s+proceed|that'?s\s+fine)\b",
            ))
            .ok()?,
            declines: Regex::new(
                r"(?i)^\W*no\b|\bno,?\s+thank|\b(?:don'?t|do\s+not)\s+(?:want|need)\b|\brather\s+(?:have|get|keep)\b|\binstead\b|\bprefer\s+(?:the\s+)?(?:replacement|exchange|repair|voucher)",
            )
            .ok()?,
            // The shop's offer: a refund word and a figure within a few words, either way round.
            offer: Regex::new(&format!(
                r"(?i)\b(?:refund\w*|credit\w*|reimburs\w*|compensat\w*|gesture|back)\b[^.!?\n]{{0,30}}?((?:{cur}\s?)?(?:{num})(?:\s?{cur})?)|((?:{cur}\s?)?(?:{num})(?:\s?{cur})?)\s+(?:(?:partial|full|goodwill|one-?off|further|additional|extra|cash)\s+)?(?:refund\w*|credit\w*|back|reimburs\w*)",
                cur = r"(?:[$€£]|\b(?:usd|eur|gbp)\b)",
                num = r"\d{1,3}(?:,\d{3})*[.,]\d{2}|\d+"
            ))
            .ok()?,
        })
    })
    .as_ref()
    .expect("the thread patterns compile")
}

/// The depth of a line's quote marks ("> > text" is 2) and the line without them.
fn unquoted(line: &str) -> (usize, &str) {
    let mut depth = 0;
    let mut rest = line.trim_start();
    while let Some(r) = strip_quote_mark(rest) {
        depth += 1;
        rest = r.trim_start();
    }
    (depth, rest)
}

/// The line after one quote mark, if it opens with one: ">" as mail clients write it, "》" as East Asian clients do, and
/// a lone bar ("| Refund $49.99 please") as clients that draw the quote as a rule do — a bar with another on its line
/// is a table's row, not a quote (outside attack 53).
fn strip_quote_mark(line: &str) -> Option<&str> {
    line.strip_prefix('>')
        .or_else(|| line.strip_prefix('》'))
        .or_else(|| line.strip_prefix('|').filter(|rest| !rest.contains('|')))
}

/// Whether a line is quoted: it opens with a quote mark (">", "》", a lone "|"), or it says on its own line that it
/// quotes ("Quote from my earlier message: “Refund $49.99 please”").
pub fn quoted_line(line: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let t = line.trim_start();
    strip_quote_mark(t).is_some()
        || RE
            .get_or_init(|| {
                Regex::new(r"(?i)^(?:quote\s+from|quoting|zitat\s+(?:von|aus)|citation\s+de|citando)\b[^:\n]{0,60}:")
                    .ok()
            })
            .as_ref()
            .is_some_and(|re| re.is_match(t))
}

/// Whether a line attributes the quoted message under it ("On Mon, Jane <j@x.com> wrote:", "Am … schrieb …:",
/// "Jane <j@x.com> 於 2026年12月3日 寫道：").
pub fn attribution(line: &str) -> bool {
    patterns().attribution.is_match(line.trim())
}

/// Whether a line is a rule that opens the quoted history of a reply ("-----Original Message-----", "-------- Message
/// d'origine --------", "=== previous message ==="), not a forward's.
pub fn reply_separator(line: &str) -> bool {
    static FORWARD: OnceLock<Option<Regex>> = OnceLock::new();
    patterns().separator.is_match(line)
        && !FORWARD
            .get_or_init(|| {
                Regex::new(r"(?i)forward|weitergeleit|transf[ée]r|r[ée]exp[ée]di|reenviad|encaminhad|reencaminhad|inoltrat|doorgestuurd|przekazan").ok()
            })
            .as_ref()
            .is_some_and(|re| re.is_match(line))
}

/// Whether a line is a mail header in any of the clients' languages, bold or italic included ("**Sent:** Monday").
pub fn header_line(line: &str) -> bool {
    patterns().header.is_match(line)
}

/// Whether a line is a mail header's sender line ("From:", "Von:", "De :", "**From:**").
pub fn from_line(line: &str) -> bool {
    patterns().from_header.is_match(line)
}

/// Whether the lines from `i` on open a header run: a "From:" (in any of the clients' languages) with another header
/// key within the next four lines.
fn header_run_at(lines: &[(usize, &str)], i: usize) -> bool {
    let p = patterns();
    p.from_header.is_match(lines[i].1)
        && lines[i + 1..].iter().take(4).any(|(_, l)| p.header.is_match(l) && !p.from_header.is_match(l))
}

/// Whether the lines from `i` to the end of the message they stand in (the next separator, attribution or header run,
/// or the end of the text) are all `>`-quoted or empty.
fn quote_runs_to_end(lines: &[(usize, &str)], i: usize) -> bool {
    let p = patterns();
    for k in i..lines.len() {
        let (depth, line) = lines[k];
        if depth > 0 {
            continue;
        }
        if line.trim().is_empty() || p.signature.is_match(line) {
            continue;
        }
        return p.separator.is_match(line)
            || super::forwards::short_opener(line)
            || p.attribution.is_match(line)
            || header_run_at(lines, k);
    }
    true
}

/// Splits a ticket into its newest words and the earlier messages below them.
pub fn thread(text: &str) -> Thread {
    let p = patterns();
    let lines: Vec<(usize, &str)> = text.lines().map(unquoted).collect();
    let raw: Vec<&str> = text.lines().collect();
    let mut thread = Thread::default();
    // The current earlier segment: its sender line(s) and its text; `None` while in the newest words.
    let mut current: Option<(String, String)> = None;
    let mut in_header = false;
    // Whether the current earlier message's body so far is all `>`-quoted lines.
    let mut quoted_only = false;
    let close = |current: &mut Option<(String, String)>, thread: &mut Thread| {
        if let Some((sender, body)) = current.take()
            && !body.trim().is_empty()
        {
            let side = if (!sender.trim().is_empty() && p.shop_sender.is_match(&sender))
                || (sender.trim().is_empty() && p.shop_voice.is_match(&body))
            {
                Side::Shop
            } else {
                Side::Customer
            };
            thread.earlier.push(Segment { side, text: body });
        }
    };
    let mut i = 0;
    while i < lines.len() {
        let (depth, line) = lines[i];
        if p.separator.is_match(line) || super::forwards::short_opener(line) {
            close(&mut current, &mut thread);
            current = Some((String::new(), String::new()));
            in_header = true;
            i += 1;
            continue;
        }
        if p.attribution.is_match(line) {
            close(&mut current, &mut thread);
            current = Some((line.to_string(), String::new()));
            in_header = false;
            i += 1;
            continue;
        }
        if !in_header && header_run_at(&lines, i) {
            close(&mut current, &mut thread);
            current = Some((String::new(), String::new()));
            in_header = true;
        }
        if in_header {
            if p.header.is_match(line) {
                if p.from_header.is_match(line)
                    && let Some(c) = current.as_mut()
                {
                    c.0 = line.to_string();
                }
                i += 1;
                continue;
            }
            if line.trim().is_empty() {
                i += 1;
                continue;
            }
            in_header = false;
        }
        if p.signature.is_match(line) {
            i += 1;
            continue;
        }
        // A forward closed by a rule with the sender's words under it (fwd42, ADR-1360): those words are the newest
        // words again, whoever wrote the message above the rule.
        if depth == 0
            && super::forwards::closer(line)
            && current.as_ref().is_some_and(|(_, body)| !body.trim().is_empty())
            && super::forwards::words_under(&raw[i + 1..])
        {
            close(&mut current, &mut thread);
            quoted_only = false;
            i += 1;
            continue;
        }
        // Bottom-posting (ADR-1116): an earlier message whose body is all `>`-quoted ends at the first unquoted line
        // after it, which is the sender's newest words again ("> We can refund 15.00" then "Yes please go ahead"; an
        // Apple Mail forward of a shop's notice with "It never came. Can I get my money back" under it).
        if depth == 0
            && !line.trim().is_empty()
            && current.as_ref().is_some_and(|(_, body)| !body.trim().is_empty())
            && quoted_only
        {
            close(&mut current, &mut thread);
            quoted_only = false;
        }
        // ask45 (ADR-1541): an earlier message whose own words stand unquoted and end in `>`-quoted lines that run to
        // its end holds the message it replies to: "From: Little Nest Support / Subject: RE: baby gate / <the shop's
        // words> / > Hi, the gate doesn't fit, can I return it for the 59.99?" quotes the customer. The quoted lines
        // are a message of their own, its side read from its words like any message with no header.
        if depth > 0
            && !quoted_only
            && current.as_ref().is_some_and(|(_, body)| !body.trim().is_empty())
            && quote_runs_to_end(&lines, i)
        {
            close(&mut current, &mut thread);
            current = Some((String::new(), String::new()));
        }
        match current.as_mut() {
            Some((_, body)) => {
                if body.trim().is_empty() {
                    quoted_only = depth > 0;
                } else if depth == 0 && !line.trim().is_empty() {
                    quoted_only = false;
                }
                body.push_str(line);
                body.push('\n');
            }
            None if depth > 0 => {
                // Quoted lines with nothing saying who wrote them.
                current = Some((String::new(), format!("{line}\n")));
                quoted_only = true;
            }
            None => {
                thread.top.push_str(line);
                thread.top.push('\n');
            }
        }
        i += 1;
    }
    close(&mut current, &mut thread);
    thread
}

/// Whether the newest words point at the message below them, or say nothing but a greeting or a name.
pub fn refers_below(top: &str) -> bool {
    let words: Vec<&str> = top.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    hands_over(top)
        || (!withdraws(top)
            && (words.len() <= 3
                || patterns().refers_below.is_match(top)
                || super::speech::reported_ask(top).is_some()))
}

/// Whether the newest words ask the desk to refund what the message below asks, whatever else they say (outside
/// attack 68: "No response needed to me, just refund Priya what they ask for please", "refund the figure Marek gives
/// below", "please pay back what's asked below", "go ahead with Lucia's refund", "Please refund him per the message
/// below", "she just needs the money back now"): a hand-over outranks words that only inform.
pub fn hands_over(top: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:refund|pay\s+back|credit|reimburse|return)\s+(?:(?:him|her|them|[A-Z]?[a-z]+)\s+)?(?:what|the\s+(?:figure|amount|sum|money))\s+(?:(?:he|she|they|[A-Z]?[a-z]+)\s+)?(?:asks?|asked|gives?|gave|mentions?|mentioned|wants?|requests?|requested|is\s+asking|are\s+asking|'s\s+asking)",
            r"|\b(?:pay\s+back|refund|credit)\s+what'?s\s+asked\b|\bwhat'?s\s+asked\s+below\b",
            r"|\b(?:go\s+ahead|proceed)\s+with\s+(?:[A-Z]?[a-z]+'s|his|her|their)\s+refund\b",
            r"|\b(?:refund|credit|reimburse)\s+(?:him|her|them|\w+)\s+(?:as\s+)?per\s+(?:the|his|her|their)\s+(?:message|mail|e-?mail|request)\b",
            r"|\b(?:she|he|they|\w+)\s+(?:just\s+)?needs?\s+(?:the|her|his|their)\s+money\s+back\b",
            r"|\b(?:refund|credit)\s+(?:the\s+)?amount\s+(?:[A-Z]?[a-z]+\s+)?mentions\b",
            r"|\b(?:refund|credit|pay\s+back)\s+(?:him\s+|her\s+|them\s+)?the\s+(?:amount|figure|sum)\s+below\b",
            // Outside attack 69: "Can you look after my husband's refund below", "Could you get her sorted?".
            r"|\b(?:look\s+after|sort(?:\s+out)?|process|handle|deal\s+with|do|action)\s+(?:my\s+\w+'s|his|her|their|\w+'s)\s+refund\b|\bget\s+(?:her|him|them)\s+sorted\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|r| r.is_match(top))
}

/// Whether a "From:" line names the shop (a support or service address or name).
pub fn shop_sender(line: &str) -> bool {
    patterns().shop_sender.is_match(line)
}

/// Whether the newest words take back what the message below asked (or tell it is about another purchase).
pub fn withdraws(top: &str) -> bool {
    patterns().withdraws.is_match(&unmet_needs_cut(top))
}

/// The newest words with an outcome still wanted cut out (desk35, ADR-1152): "still need this fixed", "needs sorting
/// out", "still not resolved", "has yet to be sorted" say the matter is open — the opposite of taking it back.
fn unmet_needs_cut(top: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            // "been" alone is left out: "the below has been resolved by the store" (outside attack 66) is resolved.
            r"(?i)\b(?:need|needs|needed|want|wants|wanted|get|got\s+to|has\s+to|have\s+to|must|should|to\s+be|be|being|not|n't|never|nothing|yet\s+to\s+be|still)",
            r"\s+(?:(?:this|that|it|them|the\s+\w+|properly|actually|yet|ever|been|be|getting|get|got)\s+){0,3}",
            r"(?:sorted|resolved|fixed)(?:\s+it)?(?:\s+out)?(?:\s+(?:now|yet|ourselves|myself|already))?\b",
        ))
        .ok()
    })
    .as_ref()
    .map_or_else(|| top.to_string(), |re| re.replace_all(top, " ").into_owned())
}

/// ask45 (ADR-1540): the ticket's text with the titles it carries over from an earlier message blanked. A title line
/// that opens with a reply prefix ("RE: RE: Refund 129.99", "Subject: RE: your refund of EUR 14.50", "AW:", "SV:")
/// repeats the subject of the message replied to: it is the thread's topic, written by whoever opened the thread, and
/// asks nothing of the sender now — the sender's own words (or the customer's side below them) say what is asked. A
/// title is a heading: a few words with no sentence after it ("Re: case 20931. Resubmitting … please process a credit
/// of 20.00" uses "Re:" as "regarding" and writes its ask on the same line, so it is the sender's words). A forward's
/// prefix ("FW: please refund 35.00") is not a reply's: the forwarder titles the forward, so it stays. Only the leading
/// lines are titles: the ticket's subject line, then empty lines and prefixed titles; the first other line ends them
/// (a "Subject:" inside a forward's header run is the forward's, read with it).
pub fn carried_titles_blanked(text: &str) -> String {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((prefixed, running_on)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)^\s*(?:subject\s*:\s*)?(?:(?:re|aw|sv|vs|rv|res)\s*(?:\[\d+\])?\s*:\s*)+(\S.*)$")
                    .ok()?,
                // A sentence, a dash or a colon after the heading's first words: the sender writing on.
                Regex::new(r"[.!?;:]\s+\S|\s[-–—]\s").ok()?,
            ))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let title = |line: &str| {
        prefixed.captures(line).and_then(|c| c.get(1)).is_some_and(|rest| {
            let rest = rest.as_str().trim();
            rest.split_whitespace().count() <= 8 && !running_on.is_match(rest)
        })
    };
    let mut out: Vec<&str> = Vec::new();
    let mut subject_seen = false;
    let mut titles = true;
    for line in text.split('\n') {
        if titles && !line.trim().is_empty() {
            if title(line) {
                out.push("");
                subject_seen = true;
                continue;
            }
            if subject_seen {
                titles = false;
            }
            subject_seen = true;
        }
        out.push(line);
    }
    out.join("\n")
}

impl Thread {
    /// Whether any earlier segment is the customer's side.
    pub fn customer_below(&self) -> bool {
        self.earlier.iter().any(|s| s.side == Side::Customer)
    }

    /// The customer's side of the thread in the order it was written: the earliest message first, the newest words
    /// last (so a correction on top is a later correction).
    pub fn customer_in_order(&self) -> String {
        let mut out = String::new();
        for s in self.earlier.iter().rev().filter(|s| s.side == Side::Customer) {
            out.push_str(&s.text);
            out.push('\n');
        }
        out.push_str(&self.top);
        out
    }

    /// The customer's newest words (ADR-1116): the words on top, or — when nothing but a signature stands above a
    /// forward ("---------- Forwarded message ---------" as the first line) — the first earlier message when it is the
    /// customer's side (Dan forwarding "She says yes to the below, please go ahead" over the shop's offer).
    pub fn newest(&self) -> String {
        // A title (the ticket's subject line) or a signature says nothing: a few words, no sentence mark.
        let silent = self.top.lines().all(|l| {
            let l = l.trim();
            l.is_empty() || (l.split_whitespace().count() <= 4 && !l.contains(['.', ',', '?', '!']))
        });
        match self.earlier.first() {
            Some(s) if silent && s.side == Side::Customer => format!("{}\n{}", s.text, self.top),
            _ => self.top.clone(),
        }
    }

    /// The figures the shop's quoted messages offer back (cents, distinct, in order).
    pub fn offered(&self) -> Vec<i64> {
        let mut out = Vec::new();
        for s in self.earlier.iter().filter(|s| s.side == Side::Shop) {
            let text = crate::content::normalize(&s.text);
            // A refund the shop reports as done ("we've issued a refund of $39.00") is no offer to take (ADR-1038):
            // its sentences are left out.
            let text: String = super::desk25::sentences(&text).filter(|sentence| !done_report(sentence)).collect();
            for c in patterns().offer.captures_iter(&text) {
                let Some(m) = c.get(1).or_else(|| c.get(2)) else { continue };
                let digits: String =
                    m.as_str().chars().filter(|c| c.is_ascii_digit() || *c == '.' || *c == ',').collect();
                if let Some(v) = super::to_cents(&digits)
                    && (m.as_str().contains(['.', ',', '$', '€', '£']) || m.as_str().len() > 4)
                    && !out.contains(&v)
                {
                    out.push(v);
                }
            }
        }
        out
    }
}

/// Whether a sentence of the shop's reports a refund as done or under way: "we've issued a refund of $39.00", "your
/// refund of 25.00 has been processed", "we have now credited 12.00" — and (desk35, ADR-1153) "your refund of €20.00
/// is being processed and should reach your card", "has been approved and will arrive in 3-5 days", "is on its way":
/// a refund already moving is no offer a reply takes ("ok thanks, I'll wait for the €20 then" asks nothing).
fn done_report(sentence: &str) -> bool {
    static RE: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((done, underway, offering)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(
                    r"(?i)\b(?:we'?ve|we\s+have|we|has\s+been|have\s+been|was|were|is\s+now|has\s+now\s+been)\s+(?:now\s+|already\s+|just\s+|successfully\s+)?(?:issued|processed|refunded|credited|sent|approved|paid|returned|reimbursed|completed)\b",
                )
                .ok()?,
                Regex::new(concat!(
                    r"(?i)\b(?:is|are)\s+(?:now\s+|currently\s+)?being\s+(?:processed|issued|sent|paid|credited|refunded|returned)\b",
                    r"|\b(?:is|are)\s+(?:now\s+)?(?:on\s+(?:its|the)\s+way|in\s+progress|pending|processing|underway|under\s+way)\b",
                    r"|\b(?:we'?re|we\s+are)\s+(?:now\s+)?(?:processing|issuing|sending|refunding)\b",
                    r"|\b(?:should|will|would)\s+(?:\w+\s+)?(?:reach|arrive|appear|show|land|be\s+(?:credited|back|with\s+you|visible))\b",
                ))
                .ok()?,
                // An offer still to take: a modal of offering, a condition, a question put to the customer.
                Regex::new(
                    r"(?i)\b(?:can|could|able\s+to|happy\s+to|like\s+to|offer\w*|propos\w*|if\s+you|once\s+you|would\s+you|shall\s+we|let\s+us\s+know|confirm)\b|\?",
                )
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    done.is_match(sentence) || (underway.is_match(sentence) && !offering.is_match(sentence))
}

/// Whether the newest words take an offer and do not decline it.
pub fn accepts(top: &str) -> bool {
    let p = patterns();
    p.accepts.is_match(top) && !p.declines.is_match(top)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_is_split_by_the_clients_marks_and_sides_read_from_senders() {
        let t = thread(
            "Same request.\n\n-----Original Message-----\nFrom: Irene Sato\nSent: Monday\nSubject: chairs\n\nPlease refund 30.00.\n",
        );
        assert_eq!(t.top.trim(), "Same request.");
        assert_eq!(t.earlier, vec![Segment { side: Side::Customer, text: "Please refund 30.00.\n".into() }]);
        let t = thread(
            "Yes please.\n\n> On 2 Dec 2026, Customer Care <care@shop.example> wrote:\n> We can refund 15.00.\n>\n>> On 1 Dec, Sam wrote:\n>> The lid cracked.\n",
        );
        assert_eq!(t.earlier.len(), 2);
        assert_eq!(t.earlier[0].side, Side::Shop);
        assert_eq!(t.earlier[1].side, Side::Customer);
        assert_eq!(t.offered(), vec![1500]);
        let t = thread("Voir ci-dessous.\n\nDe : Paul Martin\nEnvoyé : lundi\nObjet : lampe\n\nRefund 39.90 please.\n");
        assert_eq!(t.earlier[0].text, "Refund 39.90 please.\n");
    }
}
