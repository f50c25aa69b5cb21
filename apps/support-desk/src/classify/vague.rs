//! Figures said loosely, written in the two forms the amount's reader knows (ADR-1623, ADR-1625): an approximation
//! ("about 200") or alternatives ("either $20 or $30"). The policy calls both U1 — a figure that cannot be read with
//! certainty — and the reader must never take one end of a range, the sum of its ends, or the bare "100" of "a
//! hundred and something" as the amount asked (outside attacks 62 and 65).
//!
//! - a count of hundreds left vague: "a couple of hundred", "a few hundred", "several thousand" → "about 200";
//! - two counts of hundreds: "two or three hundred", "one to two hundred", "3-4 hundred" → "either 200 or 300";
//! - "hundreds of dollars" → "about 200 dollars";
//! - a range: "between $20 and $30", "anywhere between fifty and sixty dollars" → "either $20 or $30";
//! - a figure and a loose tail: "a hundred and something", "a hundred plus change", "$30 and change", "$30-odd" →
//!   "about 100", "about $30";
//! - a hedge before or after: "in the neighbourhood of $90", "at a guess $45", "$45 I think back" → "about $90";
//! - two figures side by side with one money word: "sixty, seventy bucks" → "either sixty or seventy bucks".
//!
//! Beside an exact figure in its sentence, or after a verb of paying ("A couple of hundred dollars is what I paid,
//! but I only want back $40.00", "I've spent hundreds of dollars with you"), a vague count tells a price and asks
//! nothing: it is written "a lot of money", which names no figure at all.

use regex::{Captures, Regex};
use std::sync::OnceLock;

/// A money word after a number.
const CUR_WORD: &str = r"dollars?|bucks|pounds?|quid|euros?|usd|gbp|eur|aud|cad|nzd|sgd|rand|rupees?";

/// A figure in digits with its currency before or after it, or none.
const FIG_DIGITS: &str = r"(?:(?:[$£€₹]|(?:us|au|ca|nz|s|a|c)\$|usd|gbp|eur|aud|cad|nzd|sgd)\s?\d+(?:,\d{3})*(?:\.\d+)?|\d+(?:,\d{3})*(?:\.\d+)?(?:\s?(?:dollars?|bucks|pounds?|quid|euros?|usd|gbp|eur|aud|cad|nzd|sgd))?)";

/// A figure in English number words, up to a hundred.
const FIG_WORDS: &str = r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|(?:a|one)\s+hundred)";

/// Verbs of paying or spending: a vague count after one tells a price.
const PAID: &str = r"(?i)\b(?:spent|spend|spending|paid|pay|paying|cost|costs|costing|worth|wasted|lost|invested|ordered|bought|purchased|forked\s+out|shelled\s+out|quoted|charged|priced|(?:it|they|that|which|the\s+price)\s+(?:was|were))\b";

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: impl FnOnce() -> String) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(&pattern()).ok()).as_ref()
}

/// The sentence around a match: from the last stop before it to the next one after it (a stop inside a figure,
/// "$40.00", is no stop).
fn sentence(text: &str, start: usize, end: usize) -> &str {
    let from = text[..start].rfind(['!', '?', '\n']).map_or(0, |i| i + 1);
    let from = text[from..start]
        .char_indices()
        .rev()
        .find(|&(i, ch)| ch == '.' && !text[from + i + 1..].starts_with(|c: char| c.is_ascii_digit()))
        .map_or(from, |(i, _)| from + i + 1);
    let to = text[end..].find(['!', '?', '\n']).map_or(text.len(), |i| end + i);
    &text[from..to]
}

/// Whether an ask ("refund", "back", "give me", "want") stands before `at` in its sentence.
fn asked_before(text: &str, at: usize) -> bool {
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    let before = &text[text[..at].rfind(['!', '?', '\n']).map_or(0, |i| i + 1)..at];
    re(&ASK, || r"(?i)\b(?:refund\w*|back|give\s+me|want|need|reimburse\w*|credit|compensat\w*)\b".to_string())
        .is_some_and(|r| r.is_match(before))
}

/// Whether a verb of paying or a price's "it was" stands before `at` in its sentence.
fn paid_in_sentence_before(text: &str, at: usize) -> bool {
    static PAID_RE: OnceLock<Option<Regex>> = OnceLock::new();
    let before = &text[text[..at].rfind(['!', '?', '\n']).map_or(0, |i| i + 1)..at];
    let before = before.rsplit_once(". ").map_or(before, |(_, b)| b);
    re(&PAID_RE, || PAID.to_string()).is_some_and(|r| r.is_match(before))
}

/// Whether a vague count stands beside an exact figure or after a verb of paying in its sentence.
fn tells_a_price(text: &str, start: usize, end: usize) -> bool {
    let s = sentence(text, start, end);
    let exact = s
        .split_whitespace()
        .any(|w| w.chars().any(|ch| ch.is_ascii_digit()) && (w.contains(['$', '€', '£']) || w.contains(['.', ','])));
    static PAID_RE: OnceLock<Option<Regex>> = OnceLock::new();
    let before = &text[text[..start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1)..start];
    exact || re(&PAID_RE, || PAID.to_string()).is_some_and(|r| r.is_match(before))
}

fn small(word: &str) -> i64 {
    match word.to_lowercase().as_str() {
        "a" | "one" | "1" => 1,
        "two" | "2" => 2,
        "three" | "3" => 3,
        "four" | "4" => 4,
        "five" | "5" => 5,
        "six" | "6" => 6,
        "seven" | "7" => 7,
        "eight" | "8" => 8,
        "nine" | "9" => 9,
        _ => 10,
    }
}

fn unit(word: &str) -> i64 {
    if word.eq_ignore_ascii_case("hundred") { 100 } else { 1000 }
}

/// The text with each match of `r` replaced by what `f` makes of it (`f` sees the whole text, to read a match's
/// sentence).
fn each(text: &str, r: &Regex, mut f: impl FnMut(&str, &Captures) -> String) -> String {
    r.replace_all(text, |c: &Captures| f(text, c)).into_owned()
}

/// The text with figures said loosely written as an approximation or as alternatives (see the module's list).
pub fn canonical(text: &str) -> String {
    // Alternatives first: "Refund $25. Possibly $30" is two figures, before "possibly $30" alone reads as "about".
    let text = could_be(text);
    let text = hedged_sentence(&text);
    let text = counts_of_hundreds(&text);
    let text = ranges(&text);
    let text = loose_tails(&text);
    let text = hyphen_range(&text);
    // A hedge read twice (in its sentence, then right before the figure) is one approximation.
    side_by_side(&text).replace("about about ", "about ")
}

/// A figure with its currency: a symbol or code before the digits, a money word after digits or number words.
fn money_figure() -> String {
    format!(
        r"(?:(?:[$£€₹]|(?:us|au|ca|nz|s|a|c)\$|usd|gbp|eur|aud|cad|nzd|sgd)\s?\d+(?:,\d{{3}})*(?:[.,]\d+)?|\d+(?:,\d{{3}})*(?:[.,]\d+)?\s?(?:{CUR_WORD})\b|{FIG_WORDS}[\s-]+(?:{CUR_WORD})\b)"
    )
}

/// "$15 back, could be $20", "$25 … could've been $30" (outside attack 67): a second figure the first "could be" is
/// an alternative to it → "$15 back, or maybe $20", which the reader holds as alternatives (U1).
fn could_be(text: &str) -> String {
    static COULD: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(r) = re(&COULD, || {
        format!(
            r"(?i)\b(?:or\s+)?(?:(?:(?:it|that|this)\s+)?(?:could|might|may)(?:\s+(?:well|also|even|equally))?(?:'ve|\s+have)?\s+(?:be|been)\s+(?:more\s+like\s+)?|(?:possibly|perhaps|maybe|probably)\s+(?:it'?s\s+|it\s+(?:is|was)\s+)?|unless\s+(?:it\s+)?(?:was|is|'s)\s+|(?:or|and)\s+if\s+not\s*,?\s*|if\s+not\s*,?\s*|could\s+also\s+be\s+|oder\s+(?:vielleicht\s+)?|o\s+quiz[aá]s?\s+|or\s+(?:was\s+it|is\s+it)\s+|(?:perhaps|maybe|possibly)\s+even\s+|either\s+that\s+or\s+|alternatively,?\s+|(?:(?:hmm+|um+|uh+|erm+),?\s+)?or\s+)(?P<f>{})",
            money_figure()
        )
    }) else {
        return text.to_string();
    };
    let Some(figure) = re(&FIGURE, money_figure) else { return text.to_string() };
    // Edits as (range, replacement), applied back to front: the alternative written "or maybe …", and the stops
    // between it and the figure before it made commas, so the two stand in one sentence as alternatives.
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for c in r.captures_iter(text) {
        let Some(m) = c.get(0) else { continue };
        // Another figure in the sentence before it, or in the one before that ("Refund $25. Possibly $30, if the
        // discount didn't apply.", outside attack 68).
        let from = text[..m.start()].char_indices().rev().nth(140).map_or(0, |(i, _)| i);
        let Some(prev) = figure.find_iter(&text[from..m.start()]).last() else { continue };
        let gap = from + prev.end()..m.start();
        for (i, ch) in text[gap.clone()].char_indices() {
            if matches!(ch, '.' | '?' | '!' | ';') {
                edits.push((gap.start + i..gap.start + i + 1, ",".to_string()));
            }
        }
        edits.push((m.range(), format!("or maybe {}", &c["f"])));
    }
    // "$12 if not", "$20??" after "$15??" (outside attack 68): the figure after another is its alternative.
    static AFTER: OnceLock<Option<Regex>> = OnceLock::new();
    if let Some(after) = re(&AFTER, || {
        format!(r"(?i)(?P<a>{fig})\s*\?{{2,}}\s*(?P<b>{fig})\s*\?|,\s*(?P<c>{fig})\s+if\s+not\b", fig = money_figure())
    }) {
        for c in after.captures_iter(text) {
            if let (Some(a), Some(b)) = (c.name("a"), c.name("b")) {
                edits.push((a.start()..b.end(), format!("either {} or {}", a.as_str(), b.as_str())));
            } else if let Some(f) = c.name("c") {
                edits.push((f.start()..f.end(), format!("or maybe {}", f.as_str())));
            }
        }
    }
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    let mut out = text.to_string();
    let mut last = usize::MAX;
    for (range, with) in edits {
        if range.end <= last {
            out.replace_range(range.clone(), &with);
            last = range.start;
        }
    }
    out
}

static FIGURE: OnceLock<Option<Regex>> = OnceLock::new();

/// A hedge anywhere in the sentence of the one figure it has (outside attack 67): "$20 back, give or take", "$18,
/// thereabouts,", "thirty-five dollars or near enough", "$12 (from memory, might be off)", "it's $25 but don't quote
/// me", "$35, could be a dollar or two out", "$18 could be fair, perhaps a little less", "it was $20 maybe?", "around
/// the forty dollar mark" → "about …". Each phrase says the figure is not known for certain; a sentence with another
/// number in it is left alone (the hedge may be about that one: "3 weeks or so").
fn hedged_sentence(text: &str) -> String {
    static MARK: OnceLock<Option<Regex>> = OnceLock::new();
    static HEDGE: OnceLock<Option<Regex>> = OnceLock::new();
    let mut out = text.to_string();
    if let Some(r) = re(&MARK, || {
        format!(r"(?i)\b(?:(?:somewhere\s+)?(?:around|about|near|round)\s+)?the\s+(?P<f>{})\s+mark\b", money_figure())
    }) {
        out = r.replace_all(&out, "about $f").into_owned();
    }
    let (Some(hedge), Some(figure)) = (
        re(&HEDGE, || {
            r"(?i)\b(?:give\s+or\s+take|thereabouts?|(?:or\s+)?near\s+enough|more\s+or\s+less|from\s+memory|if\s+memory\s+serves|if\s+i\s+(?:remember|recall)(?:\s+it)?\s+(?:right(?:ly)?|correctly)|don'?t\s+quote\s+me|(?:might|may|could)\s+(?:well\s+)?be\s+(?:a\s+(?:bit|little|touch)\s+)?(?:off|out|wrong)|a\s+(?:dollar|pound|euro|buck|quid|bit|little|cent|few\s+\w+)\s+or\s+(?:two|so)\s+(?:out|off|either\s+way)|(?:perhaps|maybe|possibly|or)\s+(?:a\s+)?(?:little|bit|tad|touch|slightly)\s+(?:less|more|lower|higher|under|over)|(?:not|never)\s+(?:100%\s+|entirely\s+|totally\s+|quite\s+|completely\s+)?(?:sure|certain)\s+(?:of|about|on)\s+(?:the\s+|that\s+|this\s+)?(?:exact\s+)?(?:amount|figure|price|sum|number)|not\s+100\s?%|at\s+a\s+(?:rough\s+|wild\s+)?guess|(?:i'?m\s+|just\s+)?guess(?:ing|timate)?|a\s+(?:rough\s+|wild\s+)?guess|(?:an?\s+|my\s+)?(?:rough\s+)?estimate[ds]?|going\s+(?:from|by|off)\s+memory|by\s+memory|(?:as\s+)?near\s+as\s+i\s+can\s+tell|don'?t\s+hold\s+me\s+to\s+(?:it|that|this)|could\s+be\s+(?:a\s+bit\s+|slightly\s+)?off|roughly|approximately|ish|something\s+like\s+that|ball\s?park|estimating|not\s+the\s+exact\s+(?:amount|figure|number|price|sum)|(?:might|may|could)\s+have\s+the\s+(?:number|figure|amount|price)\s+wrong|or\s+whatever\s+it\s+(?:actually\s+)?(?:was|is|cost)|if\s+i'?ve\s+remembered\s+(?:right|correctly)|not\s+sure\s+(?:tbh|which|what\s+it\s+was))\b|\b(?:not|never)\s+(?:100%\s+|entirely\s+|totally\s+|quite\s+|completely\s+)?(?:sure|certain)\s*(?:[.)!,;]|$)"
                .to_string()
        }),
        re(&FIGURE, money_figure),
    ) else {
        return out;
    };
    let source = out.clone();
    let mut shifted = 0usize;
    for m in figure.find_iter(&source) {
        let s = sentence(&source, m.start(), m.end());
        // A comment after the figure's sentence that names no figure of its own says how sure it is too ("Refund $15?
        // Could be off, I'm going from memory.", "Can I get $30 back? that's a rough guess", outside attack 68).
        let end = s.as_ptr() as usize - source.as_ptr() as usize + s.len();
        let next = source.get(end + 1..).map_or("", |rest| {
            let rest_start = end + 1;
            let to = rest.find(['!', '?', '\n']).map_or(source.len(), |i| rest_start + i);
            let to = source[rest_start..to].find(". ").map_or(to, |i| rest_start + i);
            &source[rest_start..to]
        });
        let next = if figure.is_match(next) || next.chars().any(|c| c.is_ascii_digit()) { "" } else { next };
        let figures = figure.find_iter(s).count();
        // A percentage ("not 100% sure") counts as no number here.
        let digits_outside = figure.replace_all(s, "").split_whitespace().collect::<Vec<_>>().windows(2).any(|pair| {
            let (w, next) = (pair[0], pair[1].to_lowercase());
            // A count of goods ("for the 2 scratched frames") is no figure the hedge could be about; a time is
            // ("3 weeks or so").
            let count = w.len() <= 2
                && w.chars().all(|ch| ch.is_ascii_digit())
                && !["week", "day", "month", "year", "hour", "minute", "min", "hr"].iter().any(|t| next.starts_with(t));
            w.chars().any(|ch| ch.is_ascii_digit()) && !w.trim_end_matches([')', ',', '.']).ends_with('%') && !count
        });
        let lead = source[..m.start()].trim_end().to_lowercase();
        let already = ["about", "around", "roughly", "approx", "approximately", "~", "circa", "maybe"]
            .iter()
            .any(|h| lead.ends_with(h));
        let maybe_after = {
            let after = source[m.end()..].trim_start().to_lowercase();
            ["maybe?", "maybe.", "maybe,", "perhaps?", "perhaps.", "or so", "ish"].iter().any(|h| after.starts_with(h))
                || after == "maybe"
        };
        // A price told ("If I recall correctly the planter was $48 - it arrived cracked, refund please", kinds38): the
        // hedge is about what was paid, and the ask may not name it; only "maybe" right after it hedges it.
        let told = ["was", "were", "cost", "costs", "paid", "priced"].iter().any(|w| lead.ends_with(&format!(" {w}")));
        let hedged = !told && (hedge.is_match(s) || hedge.is_match(next));
        if figures == 1 && !digits_outside && !already && (hedged || maybe_after) {
            out.insert_str(m.start() + shifted, "about ");
            shifted += "about ".len();
        }
    }
    out
}

/// "a couple of hundred" → "about 200"; "two or three hundred" → "either 200 or 300"; "hundreds of dollars" → "about
/// 200 dollars".
fn counts_of_hundreds(text: &str) -> String {
    static VAGUE: OnceLock<Option<Regex>> = OnceLock::new();
    static TWO: OnceLock<Option<Regex>> = OnceLock::new();
    static MANY: OnceLock<Option<Regex>> = OnceLock::new();
    let mut out = text.to_string();
    if let Some(r) = re(&TWO, || {
        r"(?i)\b(?P<a>a|one|two|three|four|five|six|seven|eight|nine|[1-9])\s*(?:or|to|-|–|/|,)\s*(?P<b>two|three|four|five|six|seven|eight|nine|ten|[2-9])\s+(?P<unit>hundred|thousand|grand)s?\b".to_string()
    }) {
        out = each(&out, r, |src, c| {
            let m = c.get(0).map_or(0..0, |m| m.range());
            if tells_a_price(src, m.start, m.end) {
                return "a lot of money".to_string();
            }
            let u = unit(&c["unit"]);
            format!("either {} or {}", small(&c["a"]) * u, small(&c["b"]) * u)
        });
    }
    if let Some(r) = re(&VAGUE, || {
        r"(?i)\b(?P<q>a\s+couple(?:\s+of)?|a\s+(?:good\s+)?few|several|a\s+number\s+of)\s+(?P<unit>hundred|thousand|grand)s?\b".to_string()
    }) {
        out = each(&out, r, |src, c| {
            let m = c.get(0).map_or(0..0, |m| m.range());
            if tells_a_price(src, m.start, m.end) {
                return "a lot of money".to_string();
            }
            let times = if c["q"].to_lowercase().contains("couple") { 2 } else { 3 };
            format!("about {}", times * unit(&c["unit"]))
        });
    }
    if let Some(r) = re(&MANY, || {
        format!(
            r"(?i)\b(?:many\s+|several\s+)?(?P<unit>hundred|thousand)s\s+of\s+(?P<cur>{CUR_WORD})\b|\b(?P<unit2>hundred|thousand)s(?P<back>\s+back)\b"
        )
    }) {
        out = each(&out, r, |src, c| {
            let m = c.get(0).map_or(0..0, |m| m.range());
            if tells_a_price(src, m.start, m.end) {
                return "a lot of money".to_string();
            }
            let u = c.name("unit").or(c.name("unit2")).map_or(100, |w| unit(w.as_str()));
            let tail = c.name("cur").map(|w| format!(" {}", w.as_str())).unwrap_or_default();
            let back = c.name("back").map(|w| w.as_str()).unwrap_or_default();
            format!("about {}{tail}{back}", 2 * u)
        });
    }
    out
}

/// "between $20 and $30", "anywhere between fifty and sixty dollars" → "either $20 or $30": a range is two figures, and
/// neither nor their sum is the one asked. Only a range of money is read (a currency on an end, or after it).
fn ranges(text: &str) -> String {
    static RANGE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(r) = re(&RANGE, || {
        format!(
            r"(?i)\b(?:(?:anywhere|somewhere|something)\s+)?(?:between|b/w|btw\.?)\s+(?P<a>{FIG_DIGITS}|{FIG_WORDS})\s+(?:and|&|to|-)\s+(?P<b>{FIG_DIGITS}|{FIG_WORDS})(?P<c>\s+(?:{CUR_WORD})\b)?"
        )
    }) else {
        return text.to_string();
    };
    static WORD: OnceLock<Option<Regex>> = OnceLock::new();
    let word = re(&WORD, || format!(r"(?i)^(?:{CUR_WORD})$"));
    r.replace_all(text, |c: &Captures| {
        let money = |s: &str| {
            s.contains(['$', '£', '€', '₹']) || s.split_whitespace().any(|w| word.is_some_and(|m| m.is_match(w)))
        };
        let m = c.get(0).map_or(0..0, |m| m.range());
        let paid_before = paid_in_sentence_before(text, m.start);
        // Two number words after an ask ("Refund me between twenty and thirty", outside attack 66 `PA`): money.
        let words_asked = !c["a"].chars().any(|ch| ch.is_ascii_digit())
            && !c["b"].chars().any(|ch| ch.is_ascii_digit())
            && asked_before(text, m.start);
        let money = |s: &str| money(s) || words_asked;
        if (money(&c["a"]) || money(&c["b"]) || c.name("c").is_some()) && paid_before {
            // "I paid somewhere between $20 and $30 for it" (outside attack 66 `FA`): a price told, no figure asked.
            "a lot of money".to_string()
        } else if money(&c["a"]) || money(&c["b"]) || c.name("c").is_some() {
            format!("either {} or {}{}", &c["a"], &c["b"], c.name("c").map_or("", |m| m.as_str()))
        } else {
            c[0].to_string()
        }
    })
    .into_owned()
}

/// "a hundred and something", "$30 and change", "in the neighbourhood of $90", "at a guess $45", "$45 I think back" →
/// "about …".
fn loose_tails(text: &str) -> String {
    static HUNDRED: OnceLock<Option<Regex>> = OnceLock::new();
    static TAIL: OnceLock<Option<Regex>> = OnceLock::new();
    static BEFORE: OnceLock<Option<Regex>> = OnceLock::new();
    static THINK: OnceLock<Option<Regex>> = OnceLock::new();
    let mut out = text.to_string();
    if let Some(r) = re(&HUNDRED, || {
        r"(?i)\b(?:a|one)\s+hundred(?:\s+and\s+something|\s+and\s+a\s+bit|\s+and\s+change|\s+plus\s+change|\s+plus|\s+or\s+so|\s*-?\s*odd|\s+something|\s*-?\s*ish)\b".to_string()
    }) {
        out = r.replace_all(&out, "about 100").into_owned();
    }
    if let Some(r) = re(&TAIL, || {
        format!(r"(?i)(?P<f>{FIG_DIGITS})(?:\s+and\s+change|\s+plus\s+change|\s+and\s+a\s+bit|\s*-\s*odd|\s+odd)\b")
    }) {
        out = r.replace_all(&out, "about $f").into_owned();
    }
    if let Some(r) = re(&BEFORE, || {
        r"(?i)\b(?:nearly|almost|just\s+(?:under|over)|a\s+(?:little|bit)\s+(?:under|over)|in\s+the\s+(?:neighbou?rhood|region|ballpark|vicinity)\s+of|at\s+a\s+(?:rough\s+|wild\s+)?guess,?|ballpark,?|close\s+to|not\s+far\s+off|just\s+(?:shy|short)\s+of|something\s+close\s+to|somewhere\s+(?:near|around))\s+".to_string()
    }) {
        out = r.replace_all(&out, "about ").into_owned();
    }
    // A hedge right before a figure (outside attack 67: "maybe $50", "if memory serves, $25", "don't quote me, $30").
    static MAYBE: OnceLock<Option<Regex>> = OnceLock::new();
    if let Some(r) = re(&MAYBE, || {
        format!(
            r"(?i)\b(?:maybe|perhaps|probably|possibly|if\s+memory\s+serves,?|don'?t\s+quote\s+me(?:\s+on\s+(?:that|it|this))?,?)\s+(?P<f>{FIG_DIGITS})"
        )
    }) {
        out = each(&out, r, |src, c| {
            // "£10, or maybe £15", "maybe £10, maybe £15": the hedge joins alternatives (U1 already), not read here.
            let m = c.get(0).map_or(0..0, |m| m.range());
            let from = src[..m.start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
            let to = src[m.end..].find(['!', '?', '\n']).map_or(src.len(), |i| m.end + i);
            let another = |t: &str| t.chars().any(|ch| ch.is_ascii_digit());
            if another(&src[from..m.start]) || another(&src[m.end..to]) {
                c[0].to_string()
            } else {
                format!("about {}", &c["f"])
            }
        });
    }
    if let Some(r) = re(&THINK, || {
        format!(
            r"(?i)(?P<f>{FIG_DIGITS})(?:,?\s+(?:i\s+think|i\s+guess|i\s+believe|i\s+reckon)|\s+or\s+thereabouts|,?\s+(?:give\s+or\s+take|if\s+memory\s+serves|if\s+i\s+remember\s+(?:right(?:ly)?|correctly)|don'?t\s+quote\s+me(?:\s+on\s+(?:that|it|this))?))(?P<after>\s+(?:back|refunded|returned|please|pls)\b|\s*[?.!,;]|\s*$)"
        )
    }) {
        out = each(&out, r, |src, c| {
            // Already hedged before it ("about 15 i think", settle43): the reader knows that form.
            let m = c.get(0).map_or(0..0, |m| m.range());
            let before = src[..m.start].to_lowercase();
            let hedged = ["about", "around", "roughly", "approx", "approximately", "~"]
                .iter()
                .any(|h| before.trim_end().ends_with(h));
            if hedged { c[0].to_string() } else { format!("about {}{}", &c["f"], &c["after"]) }
        });
    }
    out
}

/// "thirty-forty dollars", "forty-five-fifty dollars" (outside attack 66 `PA`): two tens words joined by a hyphen, a
/// range and not one figure (no English number is "thirty-forty").
fn hyphen_range(text: &str) -> String {
    static RANGE: OnceLock<Option<Regex>> = OnceLock::new();
    const TENS: &str = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
    let Some(r) = re(&RANGE, || {
        format!(
            r"(?i)\b(?P<a>(?:{TENS})(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)-(?P<b>(?:{TENS})(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)\b"
        )
    }) else {
        return text.to_string();
    };
    r.replace_all(text, "either $a or $b").into_owned()
}

/// "sixty, seventy bucks", "60, 70 dollars" → "either sixty or seventy bucks": two figures with one money word after
/// both are alternatives.
fn side_by_side(text: &str) -> String {
    static SIDE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(r) = re(&SIDE, || {
        format!(
            r"(?i)(?:^|[^\w$£€.,])(?:(?P<a>{FIG_WORDS})\s*,\s*(?P<b>{FIG_WORDS})|(?P<da>\d{{1,4}}),\s+(?P<db>\d{{1,4}}))\s+(?P<c>{CUR_WORD})\b"
        )
    }) else {
        return text.to_string();
    };
    r.replace_all(text, |c: &Captures| {
        if paid_in_sentence_before(text, c.get(0).map_or(0, |m| m.start())) {
            return c[0].to_string();
        }
        let (a, b) = match (c.name("a"), c.name("b"), c.name("da"), c.name("db")) {
            (Some(a), Some(b), _, _) => (a, b),
            // Digits: "60, 70 dollars", the second above the first ("19,95 euros" is one figure with a decimal comma).
            (_, _, Some(a), Some(b)) if a.as_str().parse::<i64>().ok() < b.as_str().parse::<i64>().ok() => (a, b),
            _ => return c[0].to_string(),
        };
        let lead = &c[0][..a.start() - c.get(0).map_or(0, |z| z.start())];
        format!("{lead}either {} or {} {}", a.as_str(), b.as_str(), &c["c"])
    })
    .into_owned()
}

#[cfg(test)]
mod tests {
    use super::canonical;

    #[test]
    fn figures_said_loosely_become_approximations_or_alternatives() {
        for (said, written) in [
            ("Please refund between $20 and $30.", "Please refund either $20 or $30."),
            ("refund anywhere between $10 and $20 pls", "refund either $10 or $20 pls"),
            ("refund between fifty and sixty dollars pls", "refund either fifty or sixty dollars pls"),
            ("I want two or three hundred dollars back.", "I want either 200 or 300 dollars back."),
            ("refund three to four hundred please", "refund either 300 or 400 please"),
            ("can u send hundreds of dollars back?", "can u send about 200 dollars back?"),
            ("I request a refund of a hundred and something.", "I request a refund of about 100."),
            ("I want a hundred plus change back.", "I want about 100 back."),
            ("refund $30 and change please", "refund about $30 please"),
            ("I want in the neighbourhood of $90 back.", "I want about $90 back."),
            ("refund at a guess $45 please", "refund about $45 please"),
            ("can u send $45 I think back? ta", "can u send about $45 back? ta"),
            ("refund sixty, seventy bucks please", "refund either sixty or seventy bucks please"),
            ("I want a couple of hundred back.", "I want about 200 back."),
            ("refund 60, 70 dollars please", "refund either 60 or 70 dollars please"),
            ("Refund me between twenty and thirty.", "Refund me either twenty or thirty."),
            ("Refund in the range thirty-forty dollars", "Refund in the range either thirty or forty dollars"),
            ("I'd like back close to $35", "I'd like back about $35"),
            ("$45 or thereabouts back please", "about $45 or thereabouts back please"),
            ("refund maybe $50 please", "refund about $50 please"),
            ("I'd like $25, give or take, back.", "I'd like about $25, give or take, back."),
            ("Maybe you could refund me $15?", "Maybe you could refund me $15?"),
            ("I suppose £10, or maybe £15, back", "I suppose £10, or maybe £15, back"),
            // Outside attack 67: a hedge anywhere in the figure's sentence, and "could be" a second figure.
            ("i'd say $20 back, give or take.", "i'd say about $20 back, give or take."),
            ("I'd want around the forty dollar mark back.", "I'd want about forty dollar back."),
            ("Refund me thirty-five dollars or near enough.", "Refund me about thirty-five dollars or near enough."),
            ("Please refund $12 (from memory, might be off).", "Please refund about $12 (from memory, might be off)."),
            ("it was $20 maybe?", "it was about $20 maybe?"),
            ("I'd be happy with $15 back, could be $20.", "I'd be happy with $15 back, or maybe $20."),
            ("it was $25 I'm fairly sure, could've been $30.", "it was $25 I'm fairly sure, or maybe $30."),
        ] {
            assert_eq!(canonical(said), written, "{said}");
        }
    }

    #[test]
    fn a_vague_count_beside_a_price_asks_nothing() {
        for (said, written) in [
            (
                "A couple of hundred dollars is what I paid, but I only want back $40.00",
                "a lot of money dollars is what I paid, but I only want back $40.00",
            ),
            (
                "I've spent hundreds of dollars with you, the kettle broke, refund please",
                "I've spent a lot of money with you, the kettle broke, refund please",
            ),
            ("it lasted between 2 and 3 weeks", "it lasted between 2 and 3 weeks"),
            ("it took between two and three weeks to come", "it took between two and three weeks to come"),
            ("forty-five dollars back please", "forty-five dollars back please"),
            ("Refund $45. I think it is faulty.", "Refund $45. I think it is faulty."),
            (
                "I paid somewhere between $20 and $30 for it, can't find the receipt. Please refund it",
                "I paid a lot of money for it, can't find the receipt. Please refund it",
            ),
            (
                "It was sixty, seventy bucks, whatever you charged me.",
                "It was sixty, seventy bucks, whatever you charged me.",
            ),
            ("I paid $1,299.00, refund please", "I paid $1,299.00, refund please"),
            ("Please give me back 19,95 Euro for this one shelf", "Please give me back 19,95 Euro for this one shelf"),
            ("Please I want back 129,99 euro. Grazie", "Please I want back 129,99 euro. Grazie"),
            // A hedge in another sentence, or beside another number, is not the figure's.
            ("It came 3 weeks late, give or take. Refund $20.", "It came 3 weeks late, give or take. Refund $20."),
            ("Refund $20, it took 3 weeks give or take", "Refund $20, it took 3 weeks give or take"),
            ("It could be a faulty batch. Refund $20 please.", "It could be a faulty batch. Refund $20 please."),
        ] {
            assert_eq!(canonical(said), written, "{said}");
        }
    }
}
