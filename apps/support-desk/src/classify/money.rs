//! The typed amount reader (ADR-1071): every way the desk knows a money figure to be written, read into one type
//! ([`Amount`]: the value in cents, exact; the currency when written; how certain the reading is; the span it
//! covers). The separator rules live here and only here ([`number`]); [`super::to_cents`] is this module's number
//! reading, and [`canonical`] rewrites the figures whose grouping the later steps' patterns do not know ("1 299.00",
//! "1'299.00", "1,29,900", "$49 99") into the one plain form ("1299.00", "$49.99") before any of them runs.
//!
//! The separator rules (ADR-1072):
//! - separators are the comma, the dot, the apostrophe and the spaces (ASCII, no-break U+00A0, narrow no-break
//!   U+202F, thin U+2009); a space or an apostrophe only ever groups;
//! - the last comma or dot is the decimal separator when one or two digits follow it and it is the only separator of
//!   its kind after the first group ("50,00", "1.299,00", "1 299.00", "9.9"); every other separator groups;
//! - groups are Western (a lead of one to three digits, then threes) or Indian (a lead of one or two digits, pairs,
//!   a final three: "1,29,900"); one separator character throughout the grouping, and a decimal separator other than
//!   the grouping one ("1.299.00" and "1,299,00" are not figures);
//! - a lone comma or dot with exactly three digits after it ("1,299", "1.299") groups: no currency the desk pays has
//!   three minor digits, so the three-place decimal is no amount in cents and grouping is the only money reading;
//! - a figure whose only separators are spaces and which carries neither decimals nor a currency ("1 299") may be two
//!   numbers ("qty 1 299"): it is not read as one, and each part is read alone — never the larger joined value;
//! - a currency before, then the whole, a space and exactly two digits ("$49 99", "EUR 49 99") is whole and cents:
//!   the smaller of its readings (4999 as grouping is not a well-formed group).

use std::ops::Range;
use std::sync::OnceLock;

use regex::Regex;

/// How certain a reading is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certainty {
    /// The figure as written, with one reading.
    Exact,
    /// The customer hedges it ("about $20", "20-ish", "roughly 30 quid"): not a figure to pay out.
    Approximate,
    /// A figure the reader cannot settle ("1.299.00", "$3?.99"): refused, never guessed.
    Unreadable,
}

/// A money figure as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Amount {
    /// The value in the currency's minor unit (cents); 0 when unreadable.
    pub cents: i64,
    /// The currency as an ISO code, when the customer wrote one (a sign, a code or a word).
    pub currency: Option<&'static str>,
    pub certainty: Certainty,
    /// The byte span of the text the figure covers (sign, number, multiplier, currency word).
    pub span: Range<usize>,
}

/// The spaces that group digits after normalisation or before it.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{00A0}' | '\u{202F}' | '\u{2009}')
}

/// Cents of a number written in digits with its separators, by the rules in the module's header; `None` when the
/// shape is no figure (mixed grouping, a decimal separator equal to the grouping one, groups of the wrong size).
pub fn number(num: &str) -> Option<i64> {
    let num = num.trim_matches(is_space);
    if num.is_empty() || !num.chars().all(|c| c.is_ascii_digit() || ",.'".contains(c) || is_space(c)) {
        return None;
    }
    // The decimal part: after the last comma or dot when one or two digits follow it.
    let (int, frac) = match num.rfind([',', '.']) {
        Some(i) if (1..=2).contains(&(num.len() - i - 1)) && num[i + 1..].chars().all(|c| c.is_ascii_digit()) => {
            (&num[..i], &num[i + 1..])
        }
        _ => (num, ""),
    };
    // The integer part: digit groups and one grouping separator character throughout.
    let mut groups: Vec<&str> = Vec::new();
    let mut seps: Vec<char> = Vec::new();
    let mut start = 0;
    for (i, c) in int.char_indices() {
        if !c.is_ascii_digit() {
            groups.push(&int[start..i]);
            seps.push(if is_space(c) { ' ' } else { c });
            start = i + c.len_utf8();
        }
    }
    groups.push(&int[start..]);
    if groups.iter().any(|g| g.is_empty()) && !(groups.len() == 1 && frac.len() <= 2) {
        // "$.99" has an empty whole part and no grouping; any other empty group is no figure.
        if !(groups.len() == 1 && groups[0].is_empty() && !frac.is_empty()) {
            return None;
        }
    }
    if let Some(first) = seps.first() {
        if seps.iter().any(|s| s != first) {
            return None;
        }
        // The decimal separator differs from the grouping one ("1.299.00" is no figure).
        let dec = num[int.len()..].chars().next();
        if !frac.is_empty() && dec == Some(*first) {
            return None;
        }
        let lead = groups[0].len();
        let western = (1..=3).contains(&lead) && groups[1..].iter().all(|g| g.len() == 3);
        let last = groups.len() - 1;
        let indian = groups.len() >= 3
            && (1..=2).contains(&lead)
            && groups[1..last].iter().all(|g| g.len() == 2)
            && groups[last].len() == 3;
        if !(western || indian) {
            return None;
        }
    }
    let whole: i64 = if int.is_empty() { 0 } else { groups.concat().parse().ok()? };
    let frac: i64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().ok()? * 10,
        _ => frac.parse().ok()?,
    };
    whole.checked_mul(100)?.checked_add(frac)
}

/// A currency written before a figure (ending the text before it), as an ISO code.
fn currency_before(head: &str) -> Option<(usize, &'static str)> {
    let c = pats().before.captures(head)?;
    Some((c.get(0)?.start(), code_of(c.get(1)?.as_str())))
}

/// A currency, a minor unit or a multiplier written after a figure (starting the text after it).
enum After {
    Currency(&'static str),
    Minor(Option<&'static str>),
    Mult(i64),
}

fn after(tail: &str) -> Option<(usize, After)> {
    let c = pats().after.captures(tail)?;
    let len = c.get(0)?.end();
    if let Some(m) = c.name("minor") {
        let cur = match m.as_str().to_lowercase().as_str() {
            "pence" | "p" => Some("GBP"),
            "grosze" | "groszy" | "grosz" => Some("PLN"),
            "paise" => Some("INR"),
            _ => None,
        };
        return Some((len, After::Minor(cur)));
    }
    if let Some(m) = c.name("mult") {
        let f = match m.as_str().to_lowercase().as_str() {
            "k" | "grand" | "thousand" | "thou" => 1_000,
            _ => 1_000_000,
        };
        return Some((len, After::Mult(f)));
    }
    Some((len, After::Currency(code_of(c.name("cur")?.as_str()))))
}

/// The ISO code a written currency names.
fn code_of(cur: &str) -> &'static str {
    let l = cur.to_lowercase();
    let l = l.trim_end_matches('.').trim();
    match l {
        "$" | "us$" | "us $" | "usd" | "dollar" | "dollars" | "buck" | "bucks" => "USD",
        "€" | "eur" | "euro" | "euros" => "EUR",
        "£" | "gbp" | "quid" | "pound" | "pounds" => "GBP",
        "₹" | "inr" | "rs" | "rupee" | "rupees" => "INR",
        "zł" | "zl" | "pln" => "PLN",
        "fr" | "chf" | "franc" | "francs" => "CHF",
        "¥" | "jpy" | "yen" => "JPY",
        "cad" => "CAD",
        "aud" => "AUD",
        _ if l.starts_with("zlot") || l.starts_with("złot") => "PLN",
        _ => "USD",
    }
}

struct Pats {
    /// A run of digits and separators (the number part of a figure).
    run: Regex,
    before: Regex,
    after: Regex,
    hedge_before: Regex,
    /// A count's word right before a run ("qty", "x", "@", "#", "items").
    count: Regex,
    hedge_after: Regex,
    /// English number words with a currency word, or a pair whole–cents ("forty-nine ninety-nine", "forty-nine 99").
    words: Regex,
}

const WORD: &str = r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand";
const CUR_WORD: &str = r"dollars?|bucks|euros?|pounds?|quid|rupees?|francs?|z[lł]ot\w*|usd|eur|gbp|chf|pln|inr";

fn pats() -> &'static Pats {
    static P: OnceLock<Pats> = OnceLock::new();
    P.get_or_init(|| {
        let sp = "[ \u{00A0}\u{202F}\u{2009}]";
        Pats {
            // A separator counts only between digits: "$115, 115 dollars" is two figures.
            run: Regex::new(&format!(r"\d(?:\d|[.,']\d|{sp}\d)*")).expect("run"),
            // The reader's one list of currencies written before a figure (F1663).
            before: Regex::new(&format!(r"(?i)(us{sp}?\$|(?:{})|\bfr\.)\s?-?$", super::CUR_BEFORE))
            .expect("before"),
            after: Regex::new(&format!(
                r"(?i)^{sp}?(?:(?P<minor>(?:cents?|cts?|pence|p|grosz[ey]?|groszy|paise)\b|¢)|(?P<mult>(?:k|grand|thousand|thou|m|mn|million)\b)|(?P<cur>[$€£₹]|zł|fr\.|(?:zl|{CUR_WORD}|rs|cad|aud|jpy|yen)\b\.?))"
            ))
            .expect("after"),
            count: Regex::new(r"(?i)(?:\b(?:qty|quantity|x|no\.?|nr\.?|items?|pcs?|units?)|[×@#])\s*$").expect("count"),
            hedge_before: Regex::new(
                r"(?i)\b(?:about|around|roughly|approximately|approx\.?|circa|ca\.|some(?:thing)?\s+like|maybe|perhaps|give\s+or\s+take|'?bout|abt\.?|round\s+about)\s*$|~\s*$",
            )
            .expect("hedge before"),
            hedge_after: Regex::new(r"(?i)^\s*(?:-?\s?ish\b|or\s+so\b|give\s+or\s+take\b)").expect("hedge after"),
            words: Regex::new(&format!(
                r"(?i)\b(?P<run>(?:(?:{WORD}|a|and)[\s-]+)*(?:{WORD}))\b(?:[\s-]+(?P<d>\d{{2}})\b)?(?:\s+(?P<cur>{CUR_WORD})\b)?(?:\s+(?:and\s+)?(?P<c2>(?:(?:{WORD})[\s-]?)+|\d{{1,2}})\s+cents?\b)?"
            ))
            .expect("words"),
        }
    })
}

/// The English unit and teen words, by value (0..=19): the one table the reader reads and the tests write.
pub(crate) const UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
/// The English tens words, from twenty (20, 30, …, 90).
pub(crate) const TENS: [&str; 8] = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/// Applies a scale word of a spoken number ("hundred", "thousand") to its running sum (`total` of the finished
/// thousands, `current` below them); false, changing nothing, for any other word. One home for the strict reader
/// here and the loose one in `classify::number_value`.
pub fn scale_word(word: &str, total: &mut i64, current: &mut i64) -> bool {
    match word {
        "hundred" => *current = (*current).max(1) * 100,
        "thousand" => {
            *total += (*current).max(1) * 1000;
            *current = 0;
        }
        _ => return false,
    }
    true
}

/// The value of one English unit, teen or tens word ("seven" 7, "fourteen" 14, "forty" 40): the one table of them,
/// which [`words`] and the spoken-price reader of `classify` both compose.
pub fn unit_word(word: &str) -> Option<i64> {
    if let Some(i) = UNITS.iter().position(|u| *u == word) {
        return Some(i as i64);
    }
    let word = if word == "fourty" { "forty" } else { word };
    TENS.iter().position(|t| *t == word).map(|i| 20 + 10 * i as i64)
}

/// The value of a run of English number words ("a hundred and twenty" 120, "forty-nine" 49); `None` when it names
/// no number or is not well formed. The one home of the English words (the other languages' are in
/// [`super::numerals`], read before this reader sees the text).
pub fn words(run: &str) -> Option<i64> {
    let mut total = 0i64;
    let mut current = 0i64;
    let mut any = false;
    for w in run.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()) {
        let w = w.to_lowercase();
        if scale_word(&w, &mut total, &mut current) {
            any = true;
            continue;
        }
        let small = match w.as_str() {
            "a" | "and" => continue,
            other => unit_word(other)?,
        };
        // "forty nine" adds; "nine forty" is two numbers (a time, whole and cents), not 49.
        if current % 10 != 0 || (current % 100 != 0 && small >= 10) || (current > 0 && current < 20 && small > 0) {
            return None;
        }
        current += small;
        any = true;
    }
    any.then_some(total + current)
}

/// Every money figure in `text`, in order, with no two overlapping: digit figures (with their currency, minor unit
/// or multiplier) and English word figures with a currency word or whole–cents pairs.
pub fn read(text: &str) -> Vec<Amount> {
    let p = pats();
    let mut out: Vec<Amount> = Vec::new();
    for w in p.words.captures_iter(text) {
        if let Some(a) = word_figure(text, &w) {
            out.push(a);
        }
    }
    for m in p.run.find_iter(text) {
        if out.iter().any(|a| a.span.start <= m.start() && m.start() < a.span.end) {
            continue;
        }
        // A run glued to a word or a digit run of an identifier ("INV-99021", "A12") is no figure.
        let prev = text[..m.start()].chars().next_back();
        let head = &text[..m.start()];
        let before = currency_before(head);
        if before.is_none() && prev.is_some_and(|c| c.is_alphanumeric() || (c == '-' && is_ident(text, m.start()))) {
            continue;
        }
        let raw = m.as_str().trim_end_matches(['.', ',', '\'']);
        let end = m.start() + raw.len();
        out.extend(figure(text, m.start(), end, raw, before));
    }
    out.sort_by_key(|a| a.span.start);
    out
}

/// Whether the hyphen before `at` glues the run to an identifier ("INV-99021").
fn is_ident(text: &str, at: usize) -> bool {
    text[..at.saturating_sub(1)].chars().next_back().is_some_and(|c| c.is_alphanumeric())
}

/// A figure in English number words: with a currency word ("a hundred and twenty bucks", "forty-nine dollars and
/// ninety-nine cents") or a whole–cents pair below a hundred ("forty-nine ninety-nine", "forty-nine 99", "twelve
/// fifty"). `None` for a run that is no figure ("one of them").
fn word_figure(text: &str, w: &regex::Captures) -> Option<Amount> {
    let all = w.get(0)?;
    let run = w.name("run")?.as_str();
    let cur = w.name("cur").map(|c| code_of(c.as_str()));
    let c2 = match w.name("c2") {
        Some(c) => Some(c.as_str().trim().parse::<i64>().ok().or_else(|| words(c.as_str()))?).filter(|v| *v < 100),
        None => None,
    };
    let (whole, cents) = if let Some(d) = w.name("d") {
        // "forty-nine 99": the run is the whole, the two digits its cents. Not a figure of its own after it ("day
        // three 49.97 USD": the digits start a figure), nor a one-digit whole (a count before a figure).
        let tail = &text[d.end()..];
        let mut t = tail.chars();
        if matches!((t.next(), t.next()), (Some('.' | ','), Some(c)) if c.is_ascii_digit()) {
            return None;
        }
        let whole = words(run).filter(|v| (10..100).contains(v))?;
        (whole, d.as_str().parse::<i64>().ok()?)
    } else if let Some(v) = words(run) {
        // A whole in words is a figure only with its currency word.
        cur?;
        (v, c2.unwrap_or(0))
    } else {
        // "forty-nine ninety-nine", "twelve fifty": split where the first part is a whole below a hundred and the
        // rest a number of cents from ten to ninety-nine.
        let bounds: Vec<usize> =
            run.char_indices().filter(|(_, c)| c.is_whitespace() || *c == '-').map(|(i, _)| i).collect();
        bounds.iter().find_map(|&i| {
            let (a, b) = (&run[..i], &run[i + 1..]);
            let (x, y) = (words(a)?, words(b)?);
            (x < 100 && (10..100).contains(&y) && !b.trim().contains(char::is_whitespace)).then_some((x, y))
        })?
    };
    // A one-digit whole before tens is also the spoken hundreds ("one fifty" is 1.50 or 150, "one forty-nine ninety-nine"
    // 149.99): two readings, refused here; the spoken-price step reads the hundreds where a price is said.
    let pair = w.name("d").is_some() || words(run).is_none();
    let certainty = if pair && whole < 10 { Certainty::Unreadable } else { hedge(text, all.start(), all.end()) };
    Some(Amount { cents: whole * 100 + cents, currency: cur, certainty, span: all.range() })
}

/// The figures of one run of digits and separators from `s` to `e` (`raw`).
fn figure(text: &str, s: usize, e: usize, raw: &str, before: Option<(usize, &'static str)>) -> Vec<Amount> {
    let tail = &text[e..];
    let post = after(tail);
    let written_cur = before.map(|b| b.1).or(match &post {
        Some((_, After::Currency(c))) => Some(*c),
        _ => None,
    });
    let spaced_only = raw.contains(is_space) && !raw.contains([',', '.', '\'']);
    let two_parts: Vec<&str> = raw.split(is_space).collect();
    // "$49 99": whole, a space and two digits after a currency sign: whole and cents.
    if before.is_some()
        && two_parts.len() == 2
        && two_parts[1].len() == 2
        && !two_parts[0].contains([',', '.'])
        && let (Ok(w), Ok(c)) = (two_parts[0].replace('\'', "").parse::<i64>(), two_parts[1].parse::<i64>())
    {
        let start = before.map_or(s, |b| b.0);
        return vec![Amount {
            cents: w * 100 + c,
            currency: written_cur,
            certainty: hedge(text, start, e),
            span: start..e,
        }];
    }
    // "1 299" with neither decimals nor a currency may be two numbers: each part alone (never the joined value).
    if spaced_only && written_cur.is_none() && !matches!(post, Some((_, After::Minor(_) | After::Mult(_)))) {
        let mut out = Vec::new();
        let mut at = s;
        for part in raw.split(is_space) {
            let off = text[at..].find(part).map_or(at, |i| at + i);
            out.extend(figure(text, off, off + part.len(), part, None));
            at = off + part.len();
        }
        return out;
    }
    let Some(value) = number(raw) else {
        // A run the rules refuse: the figures in it read alone when spaces split it ("2 19.99"), else unreadable.
        if raw.contains(is_space) {
            let mut out = Vec::new();
            let mut at = s;
            for part in raw.split(is_space) {
                let off = text[at..].find(part).map_or(at, |i| at + i);
                out.extend(figure(text, off, off + part.len(), part, if at == s { before } else { None }));
                at = off + part.len();
            }
            return out;
        }
        return vec![Amount {
            cents: 0,
            currency: written_cur,
            certainty: Certainty::Unreadable,
            span: before.map_or(s, |b| b.0)..e,
        }];
    };
    let start = before.map_or(s, |b| b.0);
    let (cents, currency, end) = match post {
        Some((len, After::Minor(cur))) => {
            // "4999 cents": the number is already in minor units; a decimal in it is no minor figure.
            if raw.contains(['.', ',']) && number(raw).is_some_and(|v| v % 100 != 0) {
                return vec![Amount {
                    cents: 0,
                    currency: cur,
                    certainty: Certainty::Unreadable,
                    span: start..e + len,
                }];
            }
            (value / 100, cur.or(before.map(|b| b.1)), e + len)
        }
        Some((len, After::Mult(f))) => {
            let tail2 = &text[e + len..];
            let cur = before.map(|b| b.1).or_else(|| match after(tail2) {
                Some((_, After::Currency(c))) => Some(c),
                _ => None,
            });
            let extra = match after(tail2) {
                Some((l2, After::Currency(_))) if before.is_none() => l2,
                _ => 0,
            };
            (value.checked_mul(f).unwrap_or(0), cur, e + len + extra)
        }
        Some((len, After::Currency(c))) => (value, before.map(|b| b.1).or(Some(c)), e + len),
        None => (value, before.map(|b| b.1), e),
    };
    vec![Amount { cents, currency, certainty: hedge(text, start, end), span: start..end }]
}

/// Exact unless the words around the figure hedge it.
fn hedge(text: &str, s: usize, e: usize) -> Certainty {
    let p = pats();
    if p.hedge_before.is_match(&text[..s]) || p.hedge_after.is_match(&text[e..]) {
        Certainty::Approximate
    } else {
        Certainty::Exact
    }
}

/// The text with each figure whose grouping the later steps do not know written plainly: "1 299.00" → "1299.00",
/// "1'299.00" → "1299.00", "1,29,900" → "129900", "$49 99" → "$49.99". A figure already plain, or one the rules
/// refuse, is left as written (the later steps keep their own refusals). The currency as written stays.
pub fn canonical(text: &str) -> String {
    let text = &*word_pairs(text);
    let p = pats();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for m in p.run.find_iter(text) {
        let raw = m.as_str().trim_end_matches(['.', ',', '\'']);
        let (s, e) = (m.start(), m.start() + raw.len());
        if s < last {
            continue;
        }
        let prev = text[..s].chars().next_back();
        if prev.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '#' || c == '/') {
            continue;
        }
        let spaced = raw.contains(is_space);
        let before = currency_before(&text[..s]);
        // A bare figure grouped by commas or dots ("1,500 back pls", "1.500,00"): the later steps read a bare
        // number by its digit runs, so "1,500" would be two numbers, 1 and 500 (b51 g-056, ADR-1231). Written plainly
        // it is one.
        let grouped_bare = before.is_none() && grouped(raw);
        let odd = raw.contains('\'') || spaced || indian(raw) || grouped_bare;
        if !odd {
            continue;
        }
        // A count before it ("qty 1 250,00", "x 2 19.99") is a count and a figure, not one figure.
        if spaced && p.count.is_match(&text[..s]) {
            continue;
        }
        let figs = figure(text, s, e, raw, before);
        // Only a run read as one figure is rewritten; parts read alone stay as written.
        let [one] = figs.as_slice() else { continue };
        if one.certainty == Certainty::Unreadable {
            continue;
        }
        let Some(value) = rewritten(raw, before.is_some()) else { continue };
        out.push_str(&text[last..s]);
        out.push_str(&value);
        last = e;
    }
    out.push_str(&text[last..]);
    out
}

/// A whole in words and its cents in digits, with no currency word, as digits ("forty-nine 99" → "49.99"): the later
/// steps read a bare figure with cents in an asking clause.
fn word_pairs(text: &str) -> String {
    pats()
        .words
        .replace_all(text, |w: &regex::Captures| {
            // Only words and two digits ("forty-nine 99"): a pair all in words ("seventy-four fifty") is the
            // spoken-figure steps' (hesitations and restarts are read there, on the words).
            let pair = w.name("cur").is_none() && w.name("c2").is_none() && w.name("d").is_some();
            match word_figure(text, w) {
                Some(a) if pair && a.certainty == Certainty::Exact => format!("{}.{:02}", a.cents / 100, a.cents % 100),
                _ => w[0].to_string(),
            }
        })
        .into_owned()
}

/// Whether a run well formed as a figure groups its whole part by a comma or a dot ("1,500", "1.500,00", "12,500.00").
fn grouped(raw: &str) -> bool {
    let int = match raw.rfind([',', '.']) {
        Some(i) if (1..=2).contains(&(raw.len() - i - 1)) => &raw[..i],
        _ => raw,
    };
    int.contains([',', '.']) && number(raw).is_some()
}

/// Whether a run is grouped the Indian way ("1,29,900").
fn indian(raw: &str) -> bool {
    let int = raw.split('.').next().unwrap_or(raw);
    let groups: Vec<&str> = int.split(',').collect();
    groups.len() >= 3 && groups[1].len() == 2
}

/// The plain digits of a run ("1 299.00" → "1299.00", "49 99" after a sign → "49.99").
fn rewritten(raw: &str, signed: bool) -> Option<String> {
    let parts: Vec<&str> = raw.split(is_space).collect();
    if signed && parts.len() == 2 && parts[1].len() == 2 && !parts[0].contains([',', '.']) {
        return Some(format!("{}.{}", parts[0].replace('\'', ""), parts[1]));
    }
    let cents = number(raw)?;
    let has_dec = raw.rfind([',', '.']).is_some_and(|i| (1..=2).contains(&(raw.len() - i - 1)));
    Some(if has_dec { format!("{}.{:02}", cents / 100, cents % 100) } else { format!("{}", cents / 100) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer: its name and the text it gives for a value in cents (`None` when the form cannot write it).
    type Writer = (&'static str, Box<dyn Fn(i64) -> Option<String>>);

    fn whole(c: i64) -> i64 {
        c / 100
    }

    /// The integer part grouped by `sep` in threes ("1 299").
    fn grouped(v: i64, sep: &str) -> String {
        let s = v.to_string();
        let mut out = String::new();
        for (i, ch) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(ch);
        }
        out
    }

    /// The integer part grouped the Indian way ("1,29,900").
    fn indian_grouped(v: i64) -> String {
        let s = v.to_string();
        if s.len() <= 3 {
            return s;
        }
        let (head, last3) = s.split_at(s.len() - 3);
        let mut groups: Vec<String> = Vec::new();
        let mut h = head.to_string();
        while h.len() > 2 {
            groups.insert(0, h[h.len() - 2..].to_string());
            h.truncate(h.len() - 2);
        }
        groups.insert(0, h);
        format!("{},{last3}", groups.join(","))
    }

    /// Number words for 0..=9999 ("one thousand two hundred and forty-nine").
    fn in_words(n: i64) -> String {
        let under100 = |n: i64| -> String {
            if n < 20 {
                UNITS[n as usize].to_string()
            } else if n % 10 == 0 {
                TENS[(n / 10 - 2) as usize].to_string()
            } else {
                format!("{}-{}", TENS[(n / 10 - 2) as usize], UNITS[(n % 10) as usize])
            }
        };
        let mut parts = Vec::new();
        if n >= 1000 {
            parts.push(format!("{} thousand", under100(n / 1000)));
        }
        if n % 1000 >= 100 {
            parts.push(format!("{} hundred", UNITS[((n % 1000) / 100) as usize]));
        }
        if n % 100 != 0 || parts.is_empty() {
            if !parts.is_empty() {
                parts.push("and".into());
            }
            parts.push(under100(n % 100));
        }
        parts.join(" ")
    }

    /// The writers: separators × position × currency (digits), minor units, multipliers and words. Each gives the
    /// text for a value in cents, or `None` when the form cannot write that value.
    fn writers() -> Vec<Writer> {
        let dec = |c: i64, sep: &str| format!("{sep}{:02}", c % 100);
        let mut w: Vec<Writer> = Vec::new();
        for (name, gsep, dsep) in [
            ("comma,dot", ",", "."),
            ("dot,comma", ".", ","),
            ("space,dot", " ", "."),
            ("space,comma", " ", ","),
            ("nbsp,comma", "\u{00A0}", ","),
            ("nnbsp,comma", "\u{202F}", ","),
            ("thin,dot", "\u{2009}", "."),
            ("apostrophe,dot", "'", "."),
            ("none,dot", "", "."),
            ("none,comma", "", ","),
        ] {
            for (pos, cur) in [("$ before", "$"), ("EUR after", " EUR"), ("zł after", " zł"), ("bare", "")] {
                let label: &'static str = Box::leak(format!("{name} {pos}").into_boxed_str());
                let (g, d, c, before) = (gsep.to_string(), dsep.to_string(), cur.to_string(), pos.contains("before"));
                w.push((
                    label,
                    Box::new(move |v| {
                        let n = format!("{}{}", grouped(whole(v), &g), dec(v, &d));
                        Some(if before { format!("{c}{n}") } else { format!("{n}{c}") })
                    }),
                ));
            }
        }
        w.push(("indian,dot ₹", Box::new(|v| Some(format!("₹{}.{:02}", indian_grouped(whole(v)), v % 100)))));
        w.push(("indian,dot rs", Box::new(|v| Some(format!("Rs. {}.{:02}", indian_grouped(whole(v)), v % 100)))));
        w.push(("code glued", Box::new(|v| Some(format!("USD{}.{:02}", whole(v), v % 100)))));
        w.push(("Fr. before", Box::new(|v| Some(format!("Fr. {}.{:02}", grouped(whole(v), "'"), v % 100)))));
        w.push(("whole no cents", Box::new(|v| (v % 100 == 0).then(|| format!("${}", grouped(whole(v), ","))))));
        w.push(("whole quid", Box::new(|v| (v % 100 == 0).then(|| format!("{} quid", whole(v))))));
        w.push(("whole bucks", Box::new(|v| (v % 100 == 0).then(|| format!("{} bucks", whole(v))))));
        w.push(("cents", Box::new(|v| Some(format!("{v} cents")))));
        w.push(("grouped cents", Box::new(|v| Some(format!("{} cents", grouped(v, ","))))));
        w.push(("pence", Box::new(|v| Some(format!("{v} pence")))));
        w.push(("ct", Box::new(|v| Some(format!("{v} ct")))));
        w.push(("grosze", Box::new(|v| Some(format!("{v} groszy")))));
        w.push(("k", Box::new(|v| (v % 100_000 == 0).then(|| format!("${}k", v / 100_000)))));
        w.push(("grand", Box::new(|v| (v % 100_000 == 0).then(|| format!("{} grand", v / 100_000)))));
        w.push((
            "words dollars",
            Box::new(|v| (v % 100 == 0 && v < 1_000_000).then(|| format!("{} dollars", in_words(whole(v))))),
        ));
        w.push((
            "words pair",
            Box::new(|v| {
                (whole(v) >= 10 && whole(v) < 100 && v % 100 >= 10)
                    .then(|| format!("{} {}", in_words(whole(v)), v % 100))
            }),
        ));
        w.push((
            "words pair words",
            Box::new(|v| {
                (whole(v) >= 10 && whole(v) < 100 && v % 100 >= 10)
                    .then(|| format!("{} {}", in_words(whole(v)), in_words(v % 100)))
            }),
        ));
        w.push((
            "words dollars and cents",
            Box::new(|v| {
                (whole(v) < 1000 && v % 100 > 0)
                    .then(|| format!("{} dollars and {} cents", in_words(whole(v)), in_words(v % 100)))
            }),
        ));
        w.push((
            "sign dollar space cents",
            Box::new(|v| (whole(v) < 1000).then(|| format!("${} {:02}", whole(v), v % 100))),
        ));
        w
    }

    /// Values: small and large, with and without cents, at group boundaries.
    fn values() -> Vec<i64> {
        let mut v = vec![1, 99, 100, 999, 1_000, 4_999, 10_000, 99_999, 100_000, 129_900, 129_950, 1_000_000];
        let mut x: i64 = 7;
        for _ in 0..200 {
            x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
            v.push(x % 50_000_000);
            v.push((x % 500_000) * 100);
        }
        v
    }

    #[test]
    fn every_written_form_reads_back_its_exact_value() {
        let mut misses = Vec::new();
        for (name, write) in writers() {
            for v in values() {
                let Some(figure) = write(v) else { continue };
                let text = format!("Please refund {figure} to my card.");
                let got = read(&text);
                let ok = got.len() == 1 && got[0].cents == v && got[0].certainty == Certainty::Exact;
                if !ok {
                    misses.push(format!("{name}: {figure:?} -> {got:?}"));
                }
            }
        }
        let mut by: std::collections::BTreeMap<&str, (usize, &String)> = std::collections::BTreeMap::new();
        for m in &misses {
            let e = by.entry(m.split(':').next().unwrap_or("")).or_insert((0, m));
            e.0 += 1;
        }
        assert!(misses.is_empty(), "{} misses: {by:#?}", misses.len());
    }

    #[test]
    fn an_ambiguous_figure_is_never_read_larger_than_a_reading_of_it() {
        // Shapes with more than one reading: each reading the reader gives is at most the smallest, or it refuses.
        // (text, the smallest reading in cents)
        let mut cases: Vec<(String, i64)> = Vec::new();
        for v in values() {
            let w = whole(v);
            if w >= 1000 {
                // "1 299" with no decimals and no currency: 1299 or the two numbers 1 and 299.
                let g = grouped(w, " ");
                let smallest = g.split(' ').map(|p| p.parse::<i64>().unwrap_or(0) * 100).min().unwrap_or(0);
                cases.push((format!("refund {g} please"), smallest));
            }
            if w < 1000 && v % 100 >= 10 {
                // "$49 99": 49.99 or 4999.
                cases.push((format!("refund ${w} {:02} please", v % 100), v.min(w * 10_000 + v % 100)));
            }
        }
        let mut wrong = Vec::new();
        for (text, smallest) in cases {
            for a in read(&text) {
                if a.certainty == Certainty::Exact
                    && a.cents > smallest.max(a.cents.min(smallest))
                    && a.cents > smallest
                {
                    // A part read alone may be smaller; none may be larger than the smallest joint reading unless it
                    // is itself one of the parts (each part ≤ the joined value).
                    let parts_ok = text.split(' ').filter_map(|p| p.parse::<i64>().ok()).any(|p| p * 100 == a.cents);
                    if !parts_ok {
                        wrong.push(format!("{text:?} -> {a:?} (smallest reading {smallest})"));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{:#?}", &wrong[..wrong.len().min(8)]);
    }

    #[test]
    fn shapes_the_rules_refuse_are_unreadable_not_guessed() {
        for s in ["1.299.00", "1,299,00", "1,2,3", "12,34,5678.00", "1 2 3.00"] {
            let got = read(&format!("refund ${s} now"));
            assert!(got.iter().all(|a| a.certainty == Certainty::Unreadable || a.cents < 10_000), "{s}: {got:?}");
        }
        assert_eq!(number("1.299"), Some(129_900), "a lone three-digit tail groups (no three-place money)");
        assert_eq!(number("1,29,900"), Some(12_990_000));
        assert_eq!(number("1 299,50"), Some(129_950));
        assert_eq!(number("1.299.00"), None);
    }

    #[test]
    fn hedged_figures_are_approximate() {
        for t in ["about $20 back", "roughly 30 quid", "$20-ish please", "20 EUR or so"] {
            let got = read(t);
            assert_eq!(got.len(), 1, "{t}: {got:?}");
            assert_eq!(got[0].certainty, Certainty::Approximate, "{t}");
        }
    }

    #[test]
    fn canonical_writes_unknown_groupings_plainly() {
        assert_eq!(canonical("Please refund the full 1 299.00."), "Please refund the full 1299.00.");
        assert_eq!(canonical("refund 1\u{202F}299,00 EUR"), "refund 1299.00 EUR");
        assert_eq!(canonical("refund Fr. 1'299.50"), "refund Fr. 1299.50");
        assert_eq!(canonical("refund ₹1,29,900"), "refund ₹129900");
        assert_eq!(canonical("refund of $49 99 to the card"), "refund of $49.99 to the card");
        assert_eq!(canonical("qty 1 299"), "qty 1 299");
        let day = "stopped charging on day three 49.97 USD pls";
        assert_eq!(canonical(day), day);
        assert_eq!(read(day).iter().map(|a| (a.cents, a.certainty)).collect::<Vec<_>>(), [(4_997, Certainty::Exact)]);
        assert_eq!(read("I want back $115, 115 dollars").iter().map(|a| a.cents).collect::<Vec<_>>(), [11_500, 11_500]);
        assert_eq!(canonical("a refund of forty-nine 99 please"), "a refund of 49.99 please");
        assert_eq!(canonical("I want one fifty back"), "I want one fifty back", "1.50 or 150: left to the spoken step");
        assert_eq!(canonical("I want all money back, 1 250,00."), "I want all money back, 1250.00.");
        assert_eq!(canonical("qty 1 250,00"), "qty 1 250,00");
        assert_eq!(canonical("INV-99021 1,200.00"), "INV-99021 1,200.00");
    }
}
