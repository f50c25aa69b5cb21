//! Legal threats (hazard38, ADR-1190): a complaint taken to a public consumer body, a court, a lawyer or the press.
//!
//! Two parts, kept apart on purpose:
//!
//! - **Who** a complaint is taken to is world knowledge that *is* a list: the consumer regulators, ombudsmen, consumer
//!   tribunals and small-claims courts by country ([`BODIES`], [`BODY_ACRONYMS`]), plus the generic nouns (regulator,
//!   watchdog, ombud, consumer court, tribunal), the press (a reporter, the local paper, the media) and a law firm
//!   named in the languages customers fall back to. Source: the national consumer-protection authorities and
//!   ombudsman schemes of the countries the shop and its customers write from (US, UK, Ireland, Australia and its
//!   states, New Zealand, Canada, the Philippines, Singapore, Malaysia, India, South Africa, Poland, Germany, France,
//!   Spain, Italy, the Netherlands, Mexico, Brazil, the EU, Hong Kong, the UAE, Nigeria), as the ICPEN member list and
//!   each authority's own name for itself give them. Coverage: the national body and the usual state-level one where
//!   people name it ("NSW Fair Trading", "Consumer Affairs Victoria", a "Rzecznik Konsumentów" in a Polish town); not
//!   sector regulators people rarely name in a shop complaint.
//! - **That** it is a threat is structure ([`threatened`]): the body stands in one sentence with a verb of taking a
//!   matter somewhere — going, taking, reporting, complaining, filing, lodging, writing, contacting, escalating,
//!   elevating, speaking to, copying in, involving — in any tense or mood ("I'm filing a complaint with the FTC",
//!   "if no answer I will go to DTI", "I've written to the BBB", "my solicitor has been copied"), or "… will hear
//!   about this". Legal proceedings threatened ("commence proceedings", "letter before action") are structure too.
//!
//! Near misses ([`without_non_threats`], cut from the text before the safety and legal readings): a threat the
//! writer denies ("Not going to the ombudsman or anything", "I'm not going to … report anyone"), a legal or
//! regulator word that is someone's job or workplace ("my husband is a lawyer", "I'm a paralegal", "I work at the
//! Office of Fair Trading"), a court that is an errand or a place ("at the county court for jury duty", "the tennis
//! court", "the food court"), "power of attorney", and Sue as a person's name. A bad-review threat (Trustpilot, one
//! star) names no body and never matches.

use regex::Regex;
use std::sync::OnceLock;

/// Consumer regulators, ombudsmen, consumer tribunals and courts by country (case-insensitive names).
pub const BODIES: &str = concat!(
    // Generic.
    r"regulators?|watchdogs?|ombud\w*|consumer\s+(?:protection\s+)?(?:courts?|forums?|tribunals?|commission|council|",
    r"agency|authority|bureau|office|board|rights\s+(?:body|group|agency|organi[sz]ation))|small[- ]claims(?:\s+(?:court|tribunal))?|",
    r"(?:county|district|magistrates'?|civil|local|high|federal|state)\s+court|tribunals?|the\s+courts?|court|",
    r"consumer\s+(?:affairs|protection)(?:\s+(?:department|office|agency|division|bureau|victoria|ontario|authority))?|",
    // United States.
    r"ftc|federal\s+trade\s+commission|cfpb|consumer\s+financial\s+protection\s+bureau|cpsc|",
    r"consumer\s+product\s+safety\s+commission|bbb|better\s+business\s+bureau|(?:state\s+)?attorneys?[- ]general(?:'s)?|",
    r"(?:the\s+)?ag'?s\s+office|state\s+ag|",
    // United Kingdom and Ireland.
    r"trading\s+standards|citizens\s*'?\s*advice(?:\s+bureau)?|cma|competition\s+and\s+markets\s+authority|",
    r"financial\s+ombudsman(?:\s+service)?|ofcom|ofgem|advertising\s+standards\s+authority|",
    r"office\s+of\s+fair\s+trading|(?:\w+\s+)?fair\s+trading|ccpc|competition\s+and\s+consumer\s+protection\s+commission|",
    // Australia and New Zealand.
    r"accc|australian\s+competition\s+and\s+consumer\s+commission|consumer\s+affairs\s+victoria|ncat|vcat|qcat|acat|",
    r"afca|commerce\s+commission|disputes\s+tribunal|consumer\s+nz|",
    // Canada.
    r"competition\s+bureau|office\s+de\s+la\s+protection\s+du\s+consommateur|consumer\s+protection\s+ontario|",
    // Philippines, Singapore, Malaysia, India, Hong Kong, UAE.
    r"dti|department\s+of\s+trade\s+and\s+industry|fair\s+trade\s+enforcement\s+bureau|",
    r"consumers?\s+association\s+of\s+singapore|small\s+claims\s+tribunals?|tribunal\s+for\s+consumer\s+claims|",
    r"tribunal\s+tuntutan\s+pengguna|kpdn\w*|ncdrc|national\s+consumer\s+(?:helpline|commission|tribunal|disputes)|",
    r"consumer\s+helpline|consumer\s+council|dubai\s+economy|ded|",
    // South Africa, Nigeria.
    r"national\s+consumer\s+commission|cgso|consumer\s+goods\s+and\s+services\s+ombud\w*|fccpc|",
    // Poland.
    r"uokik|urz[aą]d\s+ochrony\s+konkurencji(?:\s+i\s+konsument[oó]w)?|rzeczni\w*\s+(?:praw\s+)?konsument\w*|",
    r"federacj\w+\s+konsument\w*|inspekcj\w+\s+handlow\w*|",
    // Germany, France, Spain, Italy, Netherlands, Mexico, Brazil, EU.
    r"verbraucherzentrale|schlichtungsstelle|dgccrf|ufc[- ]que\s+choisir|signalconso|m[eé]diateur\s+de\s+la\s+consommation|",
    r"ocu|omic|facua|hoja\s+de\s+reclamaciones|agcm|altroconsumo|codacons|consumentenbond|geschillencommissie|",
    r"profeco|procon|consumidor\.gov|european\s+consumer\s+cent(?:re|er)|ecc[- ]net|odr\s+platform|ante\s+consumo|",
    r"office\s+for\s+product\s+safety(?:\s+and\s+standards)?|opss|forbrukerr[aå]det|forbrukertilsynet|konsumentverket|kuluttajavirasto",
);

/// Acronyms that are also ordinary words, read only in capitals (case-sensitive): Singapore's CASE, the UK's OFT,
/// FOS and ASA, the Netherlands' ACM.
pub const BODY_ACRONYMS: &str = r"CASE|OFT|FOS|ASA|ACM|NCC";

/// The press (a complaint taken public).
const PRESS: &str = r"(?:the\s+(?:press|media|(?:local\s+|national\s+|daily\s+)?(?:papers|paper|newspapers?|news|rags?))|(?:a|the|my|our)\s+(?:local\s+)?(?:newspaper|paper)|reporters?|journalists?|(?:a|the|local)\s+(?:tv|television)\s+(?:station|channel|programme|program|show|news)|(?:a|the)\s+news\s+(?:desk|channel|station)|(?:a|the|local)\s+radio\s+(?:station|show)|consumer\s+(?:programme|program|show))";

/// Verbs of taking a matter somewhere, in any tense or mood.
const TAKE: &str = concat!(
    r"go(?:es|ing)?|gone|went|head(?:ed|ing)?|tak\w*|took|report\w*|complain\w*|complaint|fil(?:e|es|ed|ing)|",
    r"lodg\w*|writ\w*|wrote|contact\w*|escalat\w*|elevat\w*|refer(?:s|red|ring)?|rais\w*|submit\w*|open\w*|",
    r"sp(?:eak|oke|oken|eaking)|talk\w*|tell\w*|told|call\w*|ring\w*|rang|phon\w*|email\w*|cc'?d?|cc'?ing|",
    r"cop(?:y|ied|ying)(?:\s+in)?|forward\w*|involv\w*|notif\w*|inform\w*|alert\w*|turn\w*\s+to|approach\w*|",
    r"given\s+them\s+your\s+name|gave\s+them\s+your\s+name|give\s+them\s+your\s+name|send\w*|sent|",
    // In the customer's own language ("do the reclamo to the AGCM", "denuncia ante consumo").
    r"reclam\w*|denunc\w*|plainte|quej\w*|beschwer\w*|segnal\w*",
);

struct Patterns {
    body_then_take: Regex,
    take_then_body: Regex,
    acronym: Regex,
    take_word: Regex,
    hear: Regex,
    press_piece: Regex,
    proceedings: Regex,
    non_threat: Regex,
    sue_name: Regex,
    police: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        Some(Patterns {
            take_then_body: Regex::new(&format!(
                r"(?i)\b(?:{TAKE})\b[^.?!\n]{{0,60}}?\b(?:{BODIES}|{PRESS})(?:\b|$)"
            ))
            .ok()?,
            body_then_take: Regex::new(&format!(
                r"(?i)\b(?:{BODIES}|(?:my|our)\s+(?:lawyers?|solicitors?|attorneys?|legal\s+(?:team|counsel|adviser|advisor)))\b[^.?!\n]{{0,30}}?\b(?:(?:has|have|had)\s+been\s+(?:cc'?d|copied|informed|notified|contacted|instructed|involved)|(?:is|are)\s+(?:copied|cc'?d|in\s+copy|now\s+involved|aware)|will\s+(?:be\s+)?(?:hear\w*|contact\w*|in\s+touch|deal\w*|tak\w*))"
            ))
            .ok()?,
            acronym: Regex::new(&format!(r"\b(?:{BODY_ACRONYMS})\b")).ok()?,
            take_word: Regex::new(&format!(r"(?i)\b(?:{TAKE})\b")).ok()?,
            hear: Regex::new(&format!(
                r"(?i)\b(?:{BODIES}|{PRESS})\b[^.?!\n]{{0,20}}?\b(?:will|shall|is\s+going\s+to|are\s+going\s+to|'ll)\s+(?:hear|know|be\s+hearing|be\s+told)"
            ))
            .ok()?,
            // A reporter or the paper doing a piece on the shop ("a reporter from the local paper is doing a piece").
            press_piece: Regex::new(&format!(
                r"(?i)\b{PRESS}\b[^.?!\n]{{0,60}}?\b(?:doing|writing|running|working\s+on|publish\w*|interested\s+in)\s+(?:a|an|the)\s+(?:piece|story|article|report|feature|segment|expos[eé])\b|\b(?:go(?:ing)?|went)\s+public\b"
            ))
            .ok()?,
            proceedings: Regex::new(concat!(
                r"(?i)\b(?:commenc\w*|start\w*|begin\w*|initiat\w*|issu\w*|institut\w*|bring\w*|brought|instructed\s+to|",
                r"take|taking)\s+(?:legal\s+|court\s+|civil\s+)?proceedings\b|\bletter\s+before\s+(?:action|claim)\b|",
                r"\bpre-?action\s+(?:letter|protocol)\b|\bletter\s+of\s+(?:demand|claim)\b|\b(?:formal\s+)?demand\s+letter\b|\bcease\s+and\s+desist\b|\bkancelari\w*\s+(?:radc\w*|adwokack\w*|prawn\w*)|\bradc\w*\s+prawn\w*|",
                r"\badwokat\w*|\bpozew\b|\bpozw\w*\s+(?:do\s+)?s[aą]d\w*|\blaw\s+(?:firm|office|offices|practice|chambers)\b|",
                // Outside attack 54: a lawyer found or a court taken to in Chinese, Japanese, Russian, Turkish, Czech
                // (the Cyrillic "в" arrives as the Latin "b" its look folds to).
                r"律师|律師|弁護士|起诉|起訴|告你|訴え|裁判を|\b(?:пода\w*\s+[вb]\s+суд|[вb]\s+суд|адвокат\w*|avukat\w*|dava\s+a[çc]\w*|mahkeme\w*|žalob\w*|k\s+soudu|právník\w*)",
            ))
            .ok()?,
            // The near misses: a denied threat, a job or workplace, an errand at a court, the trade's own senses.
            non_threat: Regex::new(&format!(
                concat!(
                    // A denied threat: a negator, then within a few words a verb of taking or a legal noun, to the
                    // end of the clause — unless the sentence turns ("but", "unless", "if", "otherwise").
                    r"(?i)\b(?:not|never|won'?t|wouldn'?t|no\s+(?:need|plan|intention|wish)\s+(?:to|of)|",
                    r"(?:don'?t|do\s+not|didn'?t)\s+(?:want|plan|intend|need|wish)\s+to|have\s+no\s+(?:plans?|intention)\s+(?:to|of))",
                    r"\s+(?:(?:even\s+|going\s+to\s+|gonna\s+|be\s+|make\s+a\s+fuss\s+or\s+|planning\s+to\s+|about\s+to\s+)*)",
                    r"(?:{TAKE}|sue|suing|involv\w*|bother\w*)\b[^.?!\n,;]{{0,60}}?\b(?:{BODIES}|anyone|anybody|lawyers?|solicitors?|attorneys?|anything\s+like\s+that|police|cops|action\s+fraud)\b",
                    r"(?:[^.?!\n]*?(?:\bbut\b|\bunless\b|\bif\b|\botherwise\b))?",
                    // A job or a workplace: "my husband is a lawyer", "I'm a paralegal", "I work at the Office of Fair
                    // Trading", "she's a solicitor", "as a lawyer".
                    r"|\b(?:i|i'?m|i\s+am|he|he'?s|she|she'?s|they|they'?re|we|we'?re|my\s+[\w-]+(?:\s+[\w-]+)?)\s+",
                    r"(?:is|am|are|was|were|'s|'m|work(?:s|ed|ing)?|used\s+to\s+work|volunteer\w*|intern\w*|trained)?\s*",
                    r"(?:a|an|as\s+an?|at|for|in)\s+(?:the\s+)?(?:\w+\s+){{0,2}}?",
                    r"(?:lawyer|solicitor|attorney|barrister|paralegal|judge|magistrate|legal\s+(?:secretary|assistant|clerk)|",
                    r"law\s+(?:firm|office|student|clerk)|court|ombud\w*|(?:office\s+of\s+)?fair\s+trading|trading\s+standards|",
                    r"consumer\s+(?:protection\s+)?(?:agency|authority|council|commission|office|bureau)|",
                    r"regulator|newspaper|paper|journalist|reporter)\b(?:\s+(?:archive|building|library|canteen|office))?",
                    r"|\bas\s+an?\s+(?:lawyer|solicitor|attorney|paralegal|journalist|reporter)\b",
                    // A lawyer or a body one works for, now or before (outside attack 56, `legal_words_harmless`): "the
                    // solicitor I work for", "I used to work for the FTC".
                    r"|\b(?:lawyer|solicitor|attorney|barrister|law\s+firm)s?\s+(?:i|we|he|she|they|my\s+[\w-]+)\s+(?:work|works|worked|used\s+to\s+work|am\s+working|temp|temped)\s+(?:for|at|with)\b",
                    r"|\b(?:i|we|he|she|they|my\s+[\w-]+)\s+(?:used\s+to\s+work|worked|work|works|am\s+working|was\s+working)\s+(?:for|at|in)\s+(?:the\s+)?(?:{BODIES})\b",
                    // A court that is an errand or a place: jury duty, a hearing of one's own, a sports or food court.
                    r"|\b(?:at|in|to)\s+(?:the\s+)?(?:\w+\s+)?court\b[^.?!\n]{{0,40}}?\bjury\s+(?:duty|service)\b|\bjury\s+(?:duty|service)\b",
                    r"|\b(?:tennis|basketball|squash|badminton|netball|volleyball|pickleball|padel|food|royal|hampton)\s+courts?\b",
                    // A regulator that is a part: the gas regulator of a barbecue, a pressure or voltage regulator.
                    r"|\b(?:gas|pressure|voltage|propane|lpg|butane|flow|water|hose|valve|temperature|speed|heat|charge|",
                    r"charging|fuel|oxygen|co2|dive|diving|air|tank|bbq|barbecue|grill|cylinder|bottle|low[- ]pressure|",
                    r"high[- ]pressure|adjustable)\s+regulators?\b|\bregulators?\s+(?:valve|hose|knob|dial|kit|assembly|part)s?\b",
                    r"|\bcourt\s+(?:shoes?|yard|side)\b|\bcourtyard\b|\bpower\s+of\s+attorney\b|\bhall\s+of\s+justice\b",
                    // A body or a lawyer named as a reference, a label or a workplace, nothing taken anywhere (outside
                    // attack 57, `legal-harmless`): "your BBB rating is great", "I found you through a Trading Standards
                    // 'buy with confidence' list", "the ACCC-approved label", "our legal department ordered these",
                    // "my lawyer recommended you", "the ombudsman at my work", "worn once on the court".
                    r"|\b(?:bbb|better\s+business\s+bureau|trading\s+standards|trustpilot|which\?)\s*(?:[a-z'‘’]+\s+){{0,3}}?(?:ratings?|scores?|site|website|page|profile|listing|accredit\w*|approved|list|scheme|members?\w*|badge|seal|reviews?|buy\s+with\s+confidence)\b",
                    r"|\b(?:[a-z]+)[- ](?:approved|certified|compliant|registered)\b",
                    r"|\b(?:legal|compliance)\s+(?:department|team|dept)\s+(?:ordered|bought|purchased|uses?|needed|wanted|asked\s+for)\b",
                    r"|\b(?:lawyer|solicitor|attorney)\b[^.?!\n]{{0,60}}?\b(?:recommended|suggested|told\s+me\s+about|referred\s+me\s+to|put\s+me\s+onto)\s+(?:you|your|this)\b",
                    r"|\b(?:ombuds\w*)\s+at\s+(?:my|our|the)\s+(?:work|office|company|firm|university|uni|school|hospital)\b|\binternal\s+ombuds\w*",
                    r"|\bon\s+the\s+(?:tennis\s+|squash\s+|basketball\s+|netball\s+|badminton\s+)?court\b",
                    // A court's jobs (outside attack 55, `lawyer-as-person`): "as a court reporter I type all day".
                    r"|\bcourt\s+(?:reporters?|interpreters?|stenographers?|clerks?|ushers?|transcribers?|translators?|administrators?|cleaners?|security\s+(?:guard|officer)s?)\b",
                ),
                TAKE = TAKE,
                BODIES = BODIES,
            ))
            .ok()?,
            // Sue as a name (case-sensitive capital), not after a modal or "to".
            sue_name: Regex::new(r"\bSue\b").ok()?,
            // A matter taken to the police or to Action Fraud (outside attack 55, `legal-threat`): "I'm reporting it to
            // Action Fraud / the police", "I've gone to the police with it", "I'll call the police", "filing a police
            // report". The police as a thing's kind ("the police car toy") or a job ("I'm a police officer") take
            // nothing anywhere.
            police: Regex::new(concat!(
                r"(?i)\b(?:report\w*|go(?:es|ing)?|gone|went|head\w*|tak\w*|took|contact\w*|call\w*|ring\w*|rang|phon\w*|",
                r"involv\w*|tell\w*|told|inform\w*|notif\w*|complain\w*|escalat\w*|refer\w*|pass\w*|forward\w*|send\w*|sent)",
                r"\b[^.?!\n]{0,40}?\b(?:to|with)\s+(?:the\s+)?(?:local\s+)?(?:police|cops)\b(?:\s+(?:station|department|about|with|and|if|unless|too|as|now|today|tomorrow|over|for))?",
                r"|\b(?:call\w*|ring\w*|rang|phon\w*|contact\w*|involv\w*|get\w*|got|alert\w*)\s+(?:in\s+)?(?:the\s+)?(?:police|cops)\b",
                r"|\b(?:fil\w*|mak\w*|made|lodg\w*|submit\w*|open\w*|rais\w*|get\w*|got|have|has|had)\s+(?:a\s+|an\s+|my\s+)?(?:police|crime|fraud)\s+(?:report|complaint|reference)\b",
                r"|\baction\s+fraud\b",
            ))
            .ok()?,
        })
    })
    .as_ref()
    .expect("the regulator patterns compile")
}

/// The text with the near misses of a legal threat blanked (offsets kept): a denied threat, a legal word as a job
/// or a workplace, a court as an errand or a place, "power of attorney", and Sue as a person's name.
pub fn without_non_threats(text: &str) -> String {
    let p = patterns();
    let mut out = text.to_string();
    for m in p.non_threat.find_iter(text) {
        // A denied threat that turns ("…, but if …") is kept whole: the turn is a threat.
        let s = m.as_str().to_lowercase();
        if s.contains(" but ") || s.contains(" unless ") || s.contains(" if ") || s.contains("otherwise") {
            continue;
        }
        out.replace_range(m.range(), &" ".repeat(m.len()));
    }
    // The press as a modifier of the noun after it (haz40, ADR-1304): "the paper catalogue", "a paper receipt", "the
    // press stud", "the news feed" name a thing, not the press a complaint is taken to. A word the press is followed by
    // in a threat — a preposition, a conjunction, a modal, a time, a pronoun — keeps it.
    // A legal step denied in few words ("I'm not going to sue or anything", "I'm not threatening legal action", "No
    // need for lawyers") and a lawyer who is a friend ("my lawyer friend says …"): no threat (outside attack 47).
    static DENIED: OnceLock<Option<Regex>> = OnceLock::new();
    if let Some(denied) = DENIED
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\b(?:not|never|won'?t|no|without)\s+(?:(?:going\s+to|gonna|planning\s+to|looking\s+to|wanting\s+to|trying\s+to|threatening(?:\s+to)?|need\s+for|need\s+to|intention\s+to|to|get|getting|bring(?:ing)?|involv(?:e|ing)|tak(?:e|ing)|report(?:ing)?|this|it|any)\s+)*",
                r"(?:sue|suing|legal\s+action|lawyers?|solicitors?|attorneys?|court|trading\s+standards|the\s+ombuds\w*)\b",
                // Harm denied (outside attack 56, `negated_legal_harm`): "no injuries", "nobody got hurt", "the kids
                // weren't hurt", "it isn't unsafe", "not dangerous", "not a safety issue".
                r"|\bno\s+(?:injur(?:y|ies)|harm)(?:\s+(?:done|caused|at\s+all))?\b",
                r"|\b(?:nobody|no\s*-?\s*one|none\s+of\s+us)\s+(?:(?:was|were|got|has\s+been|had\s+been|is|ever)\s+)?(?:hurt|injured|harmed|sick|ill)\b",
                r"|\b(?:wasn'?t|weren'?t|isn'?t|aren'?t|not)\s+(?:(?:at\s+all|really|remotely|in\s+any\s+way|even)\s+)?(?:hurt|injured|harmed|unsafe|dangerous|hazardous|harmful|a\s+(?:safety|health)\s+(?:issue|concern|risk|problem|hazard))\b",
                r"|\blawyer\s+(?:friend|mate|buddy|neighbou?r|cousin)\b",
            ))
            .ok()
        })
        .as_ref()
    {
        for m in denied.find_iter(&out.clone()) {
            let rest = out[m.end()..].split(['.', '!', '?', '\n']).next().unwrap_or("").to_lowercase();
            // A denial that turns is kept: "not going to sue, but if …".
            if !(rest.contains(" but ") || rest.contains(" unless ") || rest.contains(" if ")) {
                out.replace_range(m.range(), &" ".repeat(m.len()));
            }
        }
    }
    for m in press_compound().find_iter(&out.clone()) {
        let next = m.as_str().rsplit(char::is_whitespace).next().unwrap_or("").to_lowercase();
        if !KEEPS_THE_PRESS.contains(&next.as_str()) {
            let head = m.as_str().split_whitespace().take(2).map(str::len).sum::<usize>() + 1;
            let end = (m.start() + head).min(m.end());
            out.replace_range(m.start()..end, &" ".repeat(end - m.start()));
        }
    }
    // The press as an item of a list of goods (haz41, ADR-1353): "the filing cabinet, the paper, the desk tidy" — a
    // comma before it and a comma or "and" after it make it one of the things listed, not where a matter is taken.
    static LISTED: OnceLock<Option<Regex>> = OnceLock::new();
    if let Some(listed) =
        LISTED.get_or_init(|| Regex::new(&format!(r"(?i),\s*({PRESS})\s*(?:,|\band\b|\bor\b)")).ok()).as_ref()
    {
        for c in listed.captures_iter(&out.clone()) {
            if let Some(m) = c.get(1) {
                out.replace_range(m.range(), &" ".repeat(m.len()));
            }
        }
    }
    // A lawyer as a modifier of a thing or a person (outside attack 53): "lawyer Barbie", "my lawyer husband's
    // birthday", "the lawyer's desk organiser", "lawyer-approved packaging", "the attorney planner", "the
    // solicitor-general costume". The word after it is a noun the lawyer word modifies, not what a threat goes on
    // with ("my lawyer will …", "a lawyer about this", "my solicitor has been copied", "my lawyer's letter"); and the
    // sentence takes nothing anywhere (no verb of [`TAKE`] after it).
    static LAWYER: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    if let Some((lawyer, take)) = LAWYER
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:lawyer|attorney|solicitor|ombuds(?:man|men|person))(?:'s|’s|s'|s)?(?:-|\s+)([a-z][a-z'’-]*)")
                    .ok()?,
                Regex::new(&format!(r"(?i)\b(?:{TAKE}|sue|suing|will|going\s+to|gonna|'ll)\b")).ok()?,
            ))
        })
        .as_ref()
    {
        for c in lawyer.captures_iter(&out.clone()) {
            let (Some(m), Some(next)) = (c.get(0), c.get(1)) else { continue };
            let next_word = next.as_str().to_lowercase();
            // The attorney general is a body a matter is taken to, never an attorney's modifier (outside attack 55:
            // "I'll be contacting the state attorney general's office").
            if m.as_str().to_lowercase().starts_with("attorney") && next_word.starts_with("general") {
                continue;
            }
            // After a possessive the next word is a noun (outside attack 54: "the ombudsman's report you cite"),
            // never a verb of taking; and the lawyer's thing ends its clause (outside attack 55: "for my lawyer's
            // retirement, but two pens don't write" — the pens write, no lawyer does).
            let possessive = m.as_str()[..next.start() - m.start()].contains(['\'', '’']);
            let sentence = out[m.end()..].split(['.', '!', '?', '\n']).next().unwrap_or("");
            let rest = if possessive { own_clause(sentence) } else { sentence };
            let threat_goes_on = KEEPS_THE_PRESS.contains(&next_word.as_str())
                || KEEPS_A_LAWYER.contains(&next_word.as_str())
                || (!possessive && take.is_match(next.as_str()))
                || take.is_match(rest);
            if !threat_goes_on {
                let end = next.start();
                out.replace_range(m.start()..end, &" ".repeat(end - m.start()));
            }
        }
    }
    out = without_lawyers_as_people(&out);
    out = without_declined_legal_words(&out);
    for m in p.sue_name.find_iter(&out.clone()) {
        let before = out[..m.start()].trim_end().to_lowercase();
        let last = before.split_whitespace().last().unwrap_or("");
        let verb_before = matches!(
            last.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''),
            "to" | "will"
                | "i'll"
                | "we'll"
                | "shall"
                | "gonna"
                | "can"
                | "could"
                | "would"
                | "might"
                | "may"
                | "and"
                | "i"
                | "we"
                | "must"
        );
        if !verb_before && !before.is_empty() {
            out.replace_range(m.range(), "   ");
        }
    }
    out
}

/// Legal words the writer declines, denies or leaves to others, blanked (offsets kept; outside attack 56,
/// `negated_legal_harm`). A legal word — a body of [`BODIES`], a lawyer, a lawsuit, small claims — is no threat when:
/// - a negator governs it in its own clause, within eight words before it and with no second clause between ("I really
///   don't want to make a fuss with the ombudsman", "It's not worth a small claims case", "There's no need for a lawyer
///   over a teapot", "I'm a nurse, not a lawyer", "I'm not the type to complain to trading standards, but please
///   refund the lamp") — unless the sentence makes it a condition or a warning ("if", "unless", "otherwise", "won't
///   hesitate", "no choice", "yet") or negates twice ("Don't think I won't go to the ombudsman");
/// - others would take it or told the writer to, and the writer declines ("Some people would call a lawyer over this",
///   "My brother told me to report you to the BBB and I said no");
/// - it is a word quoted as a word ("Before anyone says 'lawyer'").
///
/// A turn after "but" that threatens ("…, but I will if …") keeps the sentence whole.
fn without_declined_legal_words(text: &str) -> String {
    struct Declined {
        legal: Regex,
        negator: Regex,
        new_clause: Regex,
        warning: Regex,
        others: Regex,
        declines: Regex,
        threat_after_turn: Regex,
    }
    static RE: OnceLock<Option<Declined>> = OnceLock::new();
    let Some(d) = RE
        .get_or_init(|| {
            Some(Declined {
                legal: Regex::new(&format!(
                    r"(?i)\b(?:{BODIES}|lawyers?|solicitors?|attorneys?|lawsuits?|legal\s+(?:action|route|steps?)|sue|suing)\b"
                ))
                .ok()?,
                negator: Regex::new(r"(?i)\b(?:not|never|no|nor|without|don'?t|doesn'?t|didn'?t|won'?t|wouldn'?t|isn'?t|aren'?t|wasn'?t|shouldn'?t|can'?t|hate\s+(?:the\s+idea|to)|rather\s+not|instead\s+of)\b|n't\b").ok()?,
                new_clause: Regex::new(r"(?i)\b(?:so|then|and|therefore|now|because|hence|thus|which|will|shall|'ll|going\s+to\s+(?:have|need|be\s+forced))\b|=|->").ok()?,
                warning: Regex::new(r"(?i)\b(?:if|unless|se|si|wenn|falls|jeśli|jesli|als|otherwise|or\s+else|until|till|yet|hesitate|afraid|choice|option|alternative|don'?t\s+make\s+me|rule\s+out|ruling\s+out|last\s+chance|not\s+only|not\s+just)\b").ok()?,
                others: Regex::new(r"(?i)\b(?:(?:some|many|most|other|a\s+lot\s+of|plenty\s+of|lots\s+of)\s+(?:\w+\s+)?(?:people|folks|customers|others|buyers)\s+(?:would|might|will|do)|(?:told|wanted|asked|advised|urged|begged|wants|tells)\s+me\s+to|said\s+(?:i\s+should|to)|suggested)\b").ok()?,
                declines: Regex::new(r"(?i)\b(?:i|but\s+i)\s+(?:said\s+no|refused|declined|won'?t|will\s+not|'m\s+not\s+going\s+to|am\s+not\s+going\s+to|didn'?t|did\s+not|don'?t\s+want\s+to|just\s+want|only\s+want|'d\s+rather|would\s+rather)\b|\bbut\s+no\b|\bnot\s+my\s+style\b").ok()?,
                threat_after_turn: Regex::new(&format!(
                    r"(?i)\b(?:but|unless|if|otherwise)\b[^.?!\n]*?\b(?:{TAKE}|{BODIES}|lawyers?|solicitors?|sue|will|'ll|shall)\b"
                ))
                .ok()?,
            })
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = text.to_string();
    let mut at = 0;
    for sentence in super::desk25::sentences(text) {
        let start = at;
        at += sentence.len();
        let lower = sentence.to_lowercase();
        for m in d.legal.find_iter(sentence) {
            let before = &sentence[..m.start()];
            let clause_from = before.rfind([',', ';', ':', '(', '—', '–']).map_or(0, |i| i + 1);
            let clause = &before[clause_from..];
            let words: Vec<&str> = clause.split_whitespace().collect();
            let near = words[words.len().saturating_sub(8)..].join(" ");
            // A bare "no" right before the word is a determiner of another language as often ("reclamação no
            // Procon"), not a denial.
            let negated = d.negator.find_iter(&near).last().is_some_and(|n| {
                let bare_no = n.as_str().eq_ignore_ascii_case("no") && near[n.end()..].trim().is_empty();
                !(d.new_clause.is_match(&near[n.end()..]) || bare_no)
            }) && d.negator.find_iter(&lower[..m.start()]).count() < 2
                && !d.warning.is_match(sentence)
                && !d.threat_after_turn.is_match(&sentence[m.end()..]);
            let left_to_others = d.others.is_match(before)
                && (d.declines.is_match(&sentence[m.end()..]) || d.declines.is_match(&text[start + sentence.len()..]))
                && !d.warning.is_match(sentence);
            let quoted = {
                let open = before.trim_end().chars().last();
                let close = sentence[m.end()..].chars().next();
                matches!(open, Some('\'' | '"' | '‘' | '“')) && matches!(close, Some('\'' | '"' | '’' | '”'))
            };
            if negated || left_to_others || quoted {
                let range = start + m.start()..start + m.end();
                out.replace_range(range.clone(), &" ".repeat(range.len()));
            }
        }
    }
    out
}

/// A sentence's first clause: up to a comma, a semicolon, a colon, or a "but" / "and" that starts another.
fn own_clause(sentence: &str) -> &str {
    let lower = sentence.to_lowercase();
    let mut end = sentence.find([',', ';', ':']).unwrap_or(sentence.len());
    for joint in [" but ", " and "] {
        if let Some(at) = lower.find(joint) {
            end = end.min(at);
        }
    }
    &sentence[..end]
}

/// A lawyer who is a person the goods were for, and a law firm or office that is a workplace (outside attack 55,
/// `lawyer-as-person`), blanked (offsets kept):
/// - the lawyer a gift or a purchase was for: "a thank-you gift for my solicitor and the nib is bent", "Got this for my
///   attorney as a thank you" — a word of buying or giving before, and nothing taken anywhere in the lawyer's clause;
/// - a law firm, office or practice that is ours or where someone is: "our law firm ordered 2 boxes", "our office
///   manager at the law firm", "for our law office" — in a sentence that takes nothing anywhere and threatens nothing
///   ("I have passed this to a law firm", "our law firm will be in touch" stay).
fn without_lawyers_as_people(text: &str) -> String {
    static RE: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((gift, workplace, threat)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(concat!(
                    r"(?i)\b(?:gifts?|presents?|bought|buy|buying|ordered|order|got|get|purchased|thank[- ]you|birthday|",
                    r"retirement|christmas|wedding|anniversary|farewell)\b[^.!?\n]{0,50}?\bfor\s+(?:my|our|his|her|their|the)\s+",
                    r"(?:[a-z]+\s+)?(?:lawyer|attorney|solicitor|barrister)s?\b",
                ))
                .ok()?,
                Regex::new(
                    r"(?i)\b(?:our|my|(?:at|for|in|from)\s+(?:the|our|my|a|his|her|their))\s+(?:[a-z]+\s+)?(?:law|legal)\s+(?:firm|office|offices|practice|chambers|school|library|department|faculty)\b",
                )
                .ok()?,
                Regex::new(&format!(
                    r"(?i)\b(?:{TAKE}|sue|suing|will|going\s+to|gonna|'ll|shall|instructed|instruct|representing|represent|in\s+touch|hear|action|proceedings|claim)\b"
                ))
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for m in gift.find_iter(text) {
        let sentence = text[m.end()..].split(['.', '!', '?', '\n']).next().unwrap_or("");
        if !threat.is_match(own_clause(sentence)) {
            // Only the lawyer word is blanked: the gift's words stay for the other readers.
            let at = m.as_str().rfind(' ').map_or(m.start(), |i| m.start() + i + 1);
            out.replace_range(at..m.end(), &" ".repeat(m.end() - at));
        }
    }
    for m in workplace.find_iter(text) {
        let from = text[..m.start()].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
        let to = text[m.end()..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| m.end() + i);
        let before = &text[from..m.start()];
        let after = &text[m.end()..to];
        if !threat.is_match(before) && !threat.is_match(after) {
            out.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    out
}

/// The words that may follow a lawyer in a threat beside [`KEEPS_THE_PRESS`]: what the lawyer does or is, the lawyer's
/// own papers ("my lawyer says", "a lawyer involved", "my solicitor's letter") and an ombudsman's process ("an
/// ombudsman referral", "an ombudsman complaint").
const KEEPS_A_LAWYER: &[&str] = &[
    "says",
    "said",
    "has",
    "have",
    "had",
    "advised",
    "advises",
    "told",
    "thinks",
    "reckons",
    "agrees",
    "agreed",
    "confirmed",
    "involved",
    "instructed",
    "engaged",
    "ready",
    "waiting",
    "aware",
    "looking",
    "reviewing",
    "handle",
    "handling",
    "deal",
    "dealing",
    "letter",
    "letters",
    // A body's own process (blind134 `g-061`: "customer has submitted ombudsman referral"): the matter taken there.
    "referral",
    "referrals",
    "complaint",
    "complaints",
    "case",
    "claim",
    "investigation",
    "ruling",
    "hearing",
    "fees",
    "costs",
    "does",
    "did",
    "up",
    "onto",
];

/// A press word (after its determiner) and the word after it.
fn press_compound() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:the|a|my|our|local)\s+(?:paper|papers|newspaper|press|news|media)\s+[a-z']+\b")
            .expect("the press compound pattern compiles")
    })
}

/// The words that may follow the press in a threat ("to the paper about it", "the press will hear", "the papers
/// tomorrow"): not a noun the press word would modify.
const KEEPS_THE_PRESS: &[&str] = &[
    "to",
    "about",
    "and",
    "or",
    "that",
    "will",
    "would",
    "is",
    "are",
    "was",
    "were",
    "if",
    "unless",
    "too",
    "as",
    "so",
    "then",
    "with",
    "on",
    "for",
    "by",
    "from",
    "in",
    "of",
    "at",
    "tomorrow",
    "today",
    "tonight",
    "now",
    "soon",
    "next",
    "this",
    "immediately",
    "straight",
    "directly",
    "myself",
    "everything",
    "it",
    "you",
    "your",
    "them",
    "asap",
    "also",
    "hear",
    "know",
    "can",
    "could",
    "might",
    "may",
    "should",
    "shall",
    "which",
    "who",
    "where",
    "what",
    "when",
    "how",
    "already",
    "first",
    "instead",
    "again",
    "i",
    "we",
    "they",
    "he",
    "she",
    "all",
    "here",
    "there",
    "and/or",
    "but",
    "because",
    "cause",
    "since",
    "unless",
    "i'll",
    "we'll",
    "they'll",
    "has",
    "have",
    "had",
    "did",
    "do",
    "does",
    "they'd",
    "would've",
    "won't",
    "wont",
    "gets",
    "get",
    "about",
    "regarding",
    "re",
    "over",
    "after",
    "before",
];

/// A legal threat by its structure: a body of [`BODIES`] (or the press, or the writer's lawyer) in one sentence
/// with a verb of taking the matter there, or proceedings threatened. Read on text from [`without_non_threats`].
pub fn threatened(text: &str) -> bool {
    let p = patterns();
    if p.take_then_body.is_match(text) || p.body_then_take.is_match(text) || p.hear.is_match(text) {
        return true;
    }
    if p.press_piece.is_match(text) || p.proceedings.is_match(text) || p.police.is_match(text) {
        return true;
    }
    // A capitals-only acronym in a sentence with a verb of taking.
    // A sentence in capitals throughout ("PHONE CASE BROKEN, SENT IT BACK") reads no acronym.
    text.split(['.', '!', '?', '\n']).any(|s| {
        let lower = s.chars().filter(|c| c.is_lowercase()).count();
        let upper = s.chars().filter(|c| c.is_uppercase()).count();
        // An acronym glued to a number is a reference ("Ref CASE-2209", "OFT123"), not the body.
        let named = p.acronym.find_iter(s).any(|m| {
            let after = s[m.end()..].trim_start_matches(['-', '#', '/', ' ']);
            !after.starts_with(|c: char| c.is_ascii_digit())
        });
        lower > upper && named && p.take_word.is_match(s)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(t: &str) -> bool {
        threatened(&without_non_threats(t))
    }

    #[test]
    fn a_complaint_taken_to_a_body_by_country_is_a_threat() {
        for t in [
            "If I don't get my money back this week I'm filing a complaint with the FTC.",
            "want my money back or I'm going to the ACCC, simple as",
            "If no answer I will go to DTI to file complaint, thank you po.",
            "otherwise we will elevate this to the DTI (Department of Trade and Industry) for formal complaint",
            "Otherwise I will write to UOKiK and to Rzecznik Konsumentów in my city.",
            "Going to NSW Fair Trading tomorrow if I hear nothing.",
            "I've written to the Better Business Bureau and my state attorney general's office about it.",
            "she says I should go to the Financial Ombudsman about the charge, and honestly I think I will",
            "I've now lodged this with the Consumer Goods and Services Ombud.",
            "I have already spoken to Citizens Advice",
            "a reporter from the local paper is doing a piece on online shops and I've given them your name",
            "we are instructed to commence proceedings without further notice",
            "Just so you know my solicitor has been copied on this.",
            "Trading Standards will hear about this",
            "I will contact CASE about this",
            "escalating to Profeco si no hay respuesta",
            // Outside attack 55.
            "If I don't hear back I'll be contacting the state attorney general's office.",
            "This is fraud and I'm reporting it to Action Fraud / the police.",
            "I've asked a lawyer friend to draft a letter of demand.",
        ] {
            assert!(reads(t), "{t}");
        }
    }

    #[test]
    fn near_misses_are_no_threat() {
        for t in [
            "Not going to the ombudsman or anything like that, don't worry.",
            "I'm not going to make a fuss or report anyone, I just want my money back",
            "I work at the Office of Fair Trading archive. When will the chairs be back?",
            "I'm at the county court all morning for jury duty so nobody will be in.",
            "the box was packed with newspaper and the pot still broke",
            "the case is cracked, refund please",
            "I read in the paper that you have a sale",
            "the tennis court lights you sold me flicker",
            "Ref CASE-2209: confirming receipt of credit note EUR 129,50 as per your email. Case may be closed.",
            // Outside attack 55: the police as a job or a toy's kind.
            "I'm a police officer and these boots were for work",
            "The police car toy's siren doesn't work.",
        ] {
            assert!(!reads(t), "{t}");
        }
        assert!(!without_non_threats("My husband is a lawyer and he says you're fine").contains("lawyer"));
        assert!(!without_non_threats("I'm a paralegal so I know").contains("paralegal"));
        assert!(!without_non_threats("my sister Sue says hi").contains("Sue"));
        assert!(without_non_threats("I will sue").contains("sue"));
        // Outside attack 55: a lawyer a gift was for, a law firm as a workplace, a court's job.
        assert!(
            !without_non_threats("The diary was a present for my attorney and the pages are misprinted.")
                .contains("attorney")
        );
        assert!(!without_non_threats("Our law firm ordered 2 boxes of pens, one box is empty.").contains("law firm"));
        assert!(!without_non_threats("As a court reporter I type all day").contains("court"));
        assert!(without_non_threats("Our law firm will be in touch.").contains("law firm"));
    }
}
