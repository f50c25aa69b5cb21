//! desk29's kinds of reading (issue 16, ADR-1078…ADR-1084): where the reader decides *request / inquiry /
//! complaint* by the shape of what the customer wrote, not by an asking word. Each is tested on constructions written
//! for it in several registers (terse, non-native, forwarded, jargon, rambling); none comes from an eval set.
//!
//! - [`timing_question`]: a question about *when* money comes ("when do I get my money back?", "how long until I see
//!   the refund?", "ETA on credit to OPM?") presupposes a refund under way: it asks a refund's state, never for money,
//!   whatever asking words it holds ("get my money back"). With no refund on record it is still an inquiry (C1):
//!   paying on it would pay a refund nobody asked for (ADR-1078).
//! - [`unworded_ask`]: a ticket that tells a problem with the goods and names a figure of its own, and neither asks
//!   about a refund's state, acknowledges one, disclaims an ask nor puts a question about the policy, has only one
//!   thing to ask: that money. Terse and elliptical asks ("torn, just 15 quid off", "only the lid, 9 euro") carry no
//!   asking verb (ADR-1079).
//! - [`demand_without_object`]: "sort it out", "fix it", "do something": an imperative put to the shop with nothing
//!   to act on; among several orders none named it needs information (U1), never a close (ADR-1081).

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// The span of a question about when money comes: an interrogative of time — "when" fronting an auxiliary or a
/// subject and a modal ("when do I get", "when will the money", "when I will receive" in a learner's order), "how
/// long", "how soon", "how many (more) (working) days", "by when", "what date", "ETA" — up to the question mark, with
/// money as what comes ("money", "refund", "credit", "reimbursement", "payment", "funds", a figure, "… back"). "When"
/// as a conjunction ("when I opened it, it was broken") fronts no auxiliary and ends no question.
pub fn timing_question(clause: &str) -> Option<regex::Match<'_>> {
    static TIMING: OnceLock<Option<Regex>> = OnceLock::new();
    static MONEY: OnceLock<Option<Regex>> = OnceLock::new();
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    let timing = re(
        &TIMING,
        concat!(
            r"(?i)(?:\bwhen\s+(?:(?:do|does|did|will|would|can|could|should|shall|is|are|am|was|were|may|might|must)\b|(?:i|we|it|(?:my|the|our|your|this|that)\s+[\w-]+)\s+(?:will|would|can|could|shall|'ll|is|are|do|does|must)\b)",
            r"|\bhow\s+(?:long|soon|quickly|fast)\b|\bhow\s+many\s+(?:more\s+)?(?:business\s+|working\s+|bank\s+)?days\b",
            r"|\bby\s+when\b|\bwhat\s+(?:date|day)\b|\b(?:any\s+)?eta\b)",
            r"(?:[^.?!\n]|\.\d){0,90}?\?",
        ),
    )?;
    let money = re(
        &MONEY,
        r"(?i)\b(?:money|refund\w*|credit\w*|reimburs\w*|repay\w*|payment|funds|cash|amount|sum|opm)\b|\bback\b|[$€£]|\d",
    )?;
    // A request put inside the question ("when can you refund me?" is still asked of the shop: "can you" + a verb of
    // paying) is no question of state.
    let ask = re(
        &ASK,
        r"(?i)\b(?:can|could|would|will)\s+(?:you|u|ya|someone)\s+(?:please\s+|kindly\s+|just\s+)?(?:refund|reimburse|repay|credit|return|give|send|pay|process|issue|transfer)\b|\b(?:please|pls|plz|kindly)\b",
    )?;
    if let Some(m) = timing.find_iter(clause).find(|m| money.is_match(m.as_str()) && !ask.is_match(m.as_str())) {
        return Some(m);
    }
    // The same question typed without its question mark, as terse writers do ("how long do refunds take"): only
    // where the interrogative opens its line and the line holds no wish, so "I don't know how long it takes but I
    // want my money back" stays a request (b41 `g-065`, after its first run).
    static BARE: OnceLock<Option<Regex>> = OnceLock::new();
    static WISH: OnceLock<Option<Regex>> = OnceLock::new();
    let bare = re(
        &BARE,
        concat!(
            r"(?im)^[\s\W]*(?:(?:hi|hello|hey|so|ok|okay|and|but|also|just|quick\s+question)[\s,:]+)*",
            r"(?:how\s+(?:long|soon|quickly|fast)|how\s+many\s+(?:more\s+)?(?:business\s+|working\s+|bank\s+)?days",
            r"|when\s+(?:do|does|will|would|can|should|is|are)\b)[^.?!\n]{0,90}[.!]?[ \t]*$",
        ),
    )?;
    let wish = re(
        &WISH,
        r"(?i)\b(?:want|wants|need|needs|like|please|pls|plz|kindly|demand|expect|give|send|refund\s+(?:me|us|it|this|the))\b",
    )?;
    bare.find_iter(clause)
        .find(|m| money.is_match(m.as_str()) && !ask.is_match(m.as_str()) && !wish.is_match(m.as_str()))
}

/// An imperative put to the shop with no object to act on: "sort it out", "fix it", "do something (about it)", "get
/// your act together", "deal with it", "make it right".
pub fn demand_without_object(own: &str) -> bool {
    static DEMAND: OnceLock<Option<Regex>> = OnceLock::new();
    re(
        &DEMAND,
        r"(?i)\b(?:sort\s+(?:it|this|that|things|yourselves)\s+out|sort\s+out\s+(?:this|the)\s+(?:mess|situation|issue|problem)|fix\s+(?:it|this|that|things)|do\s+something|get\s+(?:your|ur)\s+act\s+together|deal\s+with\s+(?:it|this|that)|make\s+(?:it|this|things)\s+right|put\s+(?:it|this|things)\s+right|buck\s+up|up\s+your\s+game|(?:needs?|has)\s+to\s+(?:stop|change)|enough\s+is\s+enough)\b",
    )
    .is_some_and(|d| d.is_match(own))
}

/// Whether any clause of the customer's words is a question about the policy or a supposition ("is it covered?",
/// "would I get the 20 back if …?"): then a problem told beside it is the question's ground, not an ask.
fn asks_a_question(own: &str) -> bool {
    static SHAPE: OnceLock<Option<Regex>> = OnceLock::new();
    // A yes/no or wh-question put to the shop, or one embedded under "whether" / "if" ("May I ask whether it can go in
    // the washing machine?"); a rhetorical aside ("a customer for what, two years?") has neither shape.
    let shape = re(
        &SHAPE,
        // A discourse marker may open it ("anyway, do you sell lids?", "btw is it dishwasher safe?": desk35, ADR-1151).
        r"(?i)^[\s\W]*(?:(?:so|and|but|also|just|oh|ok|okay|hi|hello|hey|then|now|well|anyway|anyhow|btw|by\s+the\s+way|besides|otherwise|quick\s+question)[\s,:]+)*(?:can|could|may|might|should|would|will|is|are|was|were|does|do|did|has|have|how|what|where|which|who|why|when)\b|\b(?:whether|if)\b",
    );
    // "Can you do something?" puts an act to the shop, not a question: a modal before "you" asks for information only
    // with a verb of telling ("can you tell me / confirm / let me know").
    static ACT: OnceLock<Option<Regex>> = OnceLock::new();
    static TELL: OnceLock<Option<Regex>> = OnceLock::new();
    let act = re(
        &ACT,
        r"(?i)^[\s\W]*(?:(?:so|and|but|also|just|oh|ok|okay|hi|hello|hey|then|now|well|please)[\s,]+)*(?:can|could|would|will)\s+(?:you|u|someone|somebody|anyone|they|your\s+team)\b",
    );
    let tell = re(&TELL, r"(?i)\b(?:tell|let\s+(?:me|us)\s+know|confirm|advise|explain|clarify|whether|if|inform)\b");
    super::desk25::sentences(own).any(|s| {
        let puts_an_act = act.is_some_and(|a| a.is_match(s)) && !tell.is_some_and(|t| t.is_match(s));
        super::grammar::inquiry_question(s)
            || super::grammar::supposing_question(s)
            || (s.trim_end().ends_with('?') && shape.is_some_and(|q| q.is_match(s)) && !puts_an_act)
    })
}

/// A ticket that asks for money without a word of asking (ADR-1079): it tells a problem with the goods (a defect,
/// damage, a wrong or missing part, a fit) and names a figure of its own, and puts no question about the policy.
/// The caller has already found no request, no question about a refund's state, no acknowledgement and no
/// disclaimer: with those out of the way, a figure beside a problem told to a shop is the money wanted for it
/// ("dog bed came torn … just 15 quid off", "Not the whole order, only the lid, 9 euro."). Which figure is asked is
/// the amount reader's to settle; the order's amount is never taken for one the customer did not name.
pub fn unworded_ask(own: &str, figures: &[i64]) -> bool {
    !figures.is_empty() && super::desk26::names_problem(own) && !asks_a_question(own)
}

/// The amount an unworded ask (ADR-1079) asks: the figure of the sentence that carries the ask's cue — money's
/// direction or a limit ("back", "off", "only", "just", "instead", "please") — when that sentence names one; the total
/// it states when it adds figures up ("the 30 plus the 8 …, 38 in total"). Anything else cannot be settled: an
/// unworded ask is never for the order's amount, which the customer did not name.
pub fn unworded_amount(own: &str, figures_of: impl Fn(&str) -> Vec<i64>) -> super::Amount {
    static CUE: OnceLock<Option<Regex>> = OnceLock::new();
    static TOTAL: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(cue), Some(total)) = (
        re(&CUE, r"(?i)\b(?:back|off|only|just|instead|rather|please|pls|plz|total)\b"),
        re(
            &TOTAL,
            r"(?i)(?:\btotal\s+(?:of\s+)?(?:[$€£]\s?)?(\d+(?:[.,]\d{1,2})?)|(\d+(?:[.,]\d{1,2})?)\s*(?:[$€£]|\w+)?\s+(?:in\s+)?total\b)",
        ),
    ) else {
        return super::Amount::Ambiguous;
    };
    let cued: Vec<&str> =
        super::desk25::sentences(own).filter(|s| cue.is_match(s) && !figures_of(s).is_empty()).collect();
    // A total stated in a cued sentence ("…, 38 in total") is what it asks, whatever else is told.
    let totals: Vec<i64> = cued
        .iter()
        .filter_map(|s| {
            let c = total.captures(s)?;
            super::to_cents(c.get(1).or_else(|| c.get(2))?.as_str()).filter(|t| *t > 0)
        })
        .collect();
    match (totals.as_slice(), cued.as_slice()) {
        ([t], _) => super::Amount::Cents(*t),
        ([], [one]) => match figures_of(one).as_slice() {
            [v] => super::Amount::Cents(*v),
            _ => super::Amount::Ambiguous,
        },
        _ => super::Amount::Ambiguous,
    }
}

/// A ticket the reader cannot act on and must not close (ADR-1081): no request, no question about a refund's state, no
/// acknowledgement, no disclaimer (the caller's part), and, among several orders none identified, a complaint or a
/// demand with no object ("Sort it out please.") with no question put to the shop (a rhetorical one, "a customer for
/// what, two years?", asks nothing), and no concrete problem named (one named is no vague complaint: C1, as
/// `desk26_kinds::a_forwarded_vague_complaint_is_read_from_below` holds). A problem told with no ask on one identified order stays C1: the reference reads
/// a complaint naming a concrete problem and asking nothing as closed (ADR-1080, rejected).
pub fn unread_ask(own: &str, several_orders: bool, complaint: bool) -> bool {
    several_orders
        && (complaint || demand_without_object(own))
        && !super::desk26::names_problem(own)
        && !asks_a_question(own)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// b41 `g-065` (after its first run): "how long do refunds take", typed without a question mark, was paid as a
    /// refund of the order. A timing question opening its line needs no "?"; a line with a wish stays a request.
    #[test]
    fn a_timing_question_without_its_question_mark_is_still_one() {
        for c in [
            "how long do refunds take",
            "how long do refunds usually take to show up",
            "hi, how many days for refunds to arrive",
            "how long does the money take to come back.",
            "when do refunds normally arrive",
            "ok so how soon does the credit hit my card",
            "Order 5512\nhow many working days for the refund",
        ] {
            assert!(timing_question(c).is_some(), "{c}");
        }
        for c in [
            "I don't know how long it takes but I want my money back",
            "how long do I have to wait, I want a refund",
            "how soon can you refund me",
            "when will you give me my money back",
            "refund please, no idea how long it takes",
            "how long the strap lasted: two days",
        ] {
            assert!(timing_question(c).is_none(), "{c}");
        }
    }

    #[test]
    fn a_question_about_when_money_comes_is_a_state_question() {
        for c in [
            "I returned the boots last week, when do I get my money back?",
            "sent boots back monday. when do i get money back??",
            "When I will receive my money back?",
            "How long until I see the money back on my card?",
            "ETA on credit to OPM?",
            "When can we expect the refund to be credited?",
            "how many more days for the 24.99 to show?",
        ] {
            assert!(timing_question(c).is_some(), "{c}");
        }
        for c in [
            "the lamp rattles when I shake it Can I get 6.47 off?",
            "When I opened the box the lid was cracked, refund please.",
            "When can you refund me the 20?",
            "when will my parcel arrive?",
            "Please refund the 20 when you can.",
            "How do I return the lamp?",
        ] {
            assert!(timing_question(c).is_none(), "{c}");
        }
    }

    #[test]
    fn a_question_to_the_shop_is_told_from_an_act_put_to_it() {
        for c in [
            "The scarf came and it's lovely. May I ask whether it can be ironed? I'd hate to spoil it.",
            "lid has a crack. is that normal?",
            "The mug is chipped. Can you tell me if that is covered?",
        ] {
            assert!(asks_a_question(c), "{c}");
        }
        for c in [
            "Three orders, three problems. Can you do something?",
            "Been a customer for what, two years? Sort it out.",
            "The strap snapped. Could you sort it out?",
        ] {
            assert!(!asks_a_question(c), "{c}");
        }
    }

    #[test]
    fn a_demand_with_no_object() {
        for c in ["Sort it out please.", "fix it", "Please do something about this.", "get your act together"] {
            assert!(demand_without_object(c), "{c}");
        }
        for c in ["please sort out a refund of 20", "fix the hinge?", "I did something wrong with the form"] {
            assert!(!demand_without_object(c), "{c}");
        }
    }

    /// Not a test of a kind: prints the reader's trace for `$DESK29_TEXT` on a linked delivered order of 89.99.
    #[test]
    #[ignore]
    fn trace_one() {
        let Ok(text) = std::env::var("DESK29_TEXT") else { return };
        for body in text.split("|||") {
            let o = crate::tools::Order {
                id: 7,
                customer_id: 1,
                amount_cents: 8_999,
                status: "delivered".into(),
                placed_days_ago: 6,
            };
            let ev = crate::tools::Evidence {
                ticket: crate::tools::Ticket {
                    id: 3,
                    customer_id: 1,
                    order_id: Some(7),
                    subject: "Support request".into(),
                    body: body.into(),
                    status: "open".into(),
                },
                customer: crate::tools::Customer { id: 1, name: "Ada".into(), email: "a@example.test".into() },
                orders: vec![o.clone()],
                lookup: crate::tools::OrderLookup::Linked,
                order: Some(o),
                refunds: Vec::new(),
                calls: Vec::new(),
            };
            let own = super::super::prepare(body);
            for (s, e) in super::super::clauses(&own) {
                let c = super::super::clause_intent(&own[s..e]);
                eprintln!(
                    "CLAUSE {:?}: request={} status={} ack={}",
                    &own[s..e],
                    c.request,
                    c.status_question,
                    c.acknowledged
                );
            }
            eprintln!("{body}\n{:#?}", super::super::facts(&ev));
        }
    }

    /// Not a test of a kind: an in-process sweep of every kept benchmark set (`evals/**/benchmark.jsonl`), each case
    /// built on a fresh SQLite desk as `eval benchmark` builds it, its evidence gathered by the lookups and decided by
    /// the classifier. One line per case to `$DESK29_SWEEP` (set, id, expected action, got action, amount, noted
    /// amount), so two readers can be diffed case by case in one process (`eval_all.sh` stays the measure).
    #[test]
    #[ignore]
    fn sweep_kept_sets() {
        use std::io::Write;
        let Ok(out) = std::env::var("DESK29_SWEEP") else { return };
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("evals");
        let mut files = Vec::new();
        let mut stack = vec![root.clone()];
        while let Some(dir) = stack.pop() {
            for e in std::fs::read_dir(&dir).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.file_name().is_some_and(|n| n == "benchmark.jsonl") {
                    files.push(p);
                }
            }
        }
        files.sort();
        if std::env::var("DESK29_ONLY").is_ok() {
            files.clear();
        }
        let extra = std::env::var("DESK29_EXTRA").ok();
        files.extend(extra.iter().flat_map(|x| x.split(':').map(std::path::PathBuf::from)));
        let mut w = std::io::BufWriter::new(std::fs::File::create(out).unwrap());
        let dir = tempfile::tempdir().unwrap();
        for (n, f) in files.iter().enumerate() {
            let set = f.strip_prefix(&root).unwrap_or(f).display().to_string();
            let db = dir.path().join(format!("s{n}.db"));
            let conn = crate::db::open_rw(&db).unwrap();
            for line in std::fs::read_to_string(f).unwrap().lines().filter(|l| !l.trim().is_empty()) {
                let case: crate::eval::BenchCase = serde_json::from_str(line).unwrap();
                let (ticket, _) =
                    crate::eval::build(&conn, &case.id, &case.body, &case.setup.clone().unwrap_or_default()).unwrap();
                let ev = crate::tools::gather(&db, ticket).unwrap();
                let c = super::super::classify(&ev);
                let noted = crate::eval::noted_refund_cents(&case.note);
                writeln!(
                    w,
                    "{set}\t{}\t{}\t{}\t{}\t{:?}\t{:?}",
                    case.id,
                    case.expected_action,
                    c.action,
                    c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(),
                    c.amount_cents,
                    noted
                )
                .unwrap();
            }
        }
    }
}
