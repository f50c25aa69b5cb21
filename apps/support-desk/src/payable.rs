//! The paying guard (ADR-1230, issue 16): a refund pays only an amount the customer wrote, whole.
//!
//! The reader (`classify`) is a long pipeline of rewrites and readings; a bug anywhere in it can hand the policy a
//! figure nobody asked ("1,500 back" read as 500.00, a competitor's price read as the ask). This module does not
//! trust it. It lexes the ticket's numerals itself and lets a refund through only when its amount is
//! - a **whole figure** the ticket writes: a maximal numeral token read as one number ("1,500", "1.500,00",
//!   "1 500,00", "12 500" are 1500.00, 1500.00, 1500.00 and 12500.00 — never 500.00), in digits, English number
//!   words, CJK numerals, or the other languages' words the desk reads ([`crate::classify::numerals`]); a number
//!   followed by a minor-unit word ("4999 cents") is also read in minor units; or
//! - **the order's amount** (what a request naming no figure asks, and the most any refund may be); or
//! - one of the **derivations** in [`DERIVATIONS`] of those whole figures.
//!
//! A numeral that is part of a date, an id, a time or a phone number ("2026-11-03", "INV-2026-11-3381", "#7730",
//! "+44 20 7946 0958", "10:30") is no figure. Otherwise the desk does not pay: it escalates (U1) saying so.

use std::collections::BTreeSet;

use crate::policy::{Action, Clause, Label, Severity};

/// The derivations of whole figures the guard accepts, each with the form customers write it in. The test
/// `every_listed_derivation_is_accepted` has one case per line.
pub const DERIVATIONS: &[(&str, &str)] = &[
    ("figure", "a whole figure as written: \"refund 34.90\""),
    ("order", "the order's amount: \"my money back\" names no figure"),
    ("product", "a count times a figure: \"2 units short, unit price 24.50\" (quantity x unit price)"),
    (
        "shortfall",
        "the count that did not come times a figure: \"supposed to have 12, I got 9 … 8.99 each\", \"3/6 arrived\"",
    ),
    ("sum", "two or three figures added: \"net 40.00 + VAT 8.00\", \"29.99 plus 4.99 shipping\""),
    (
        "difference",
        "a figure (or the order) less one or two figures: \"520.00 minus 19.99\", the order less a part kept",
    ),
    ("percent", "a share of a figure or of the order: \"20% of 45.00\", and a figure plus that share (net + 20% VAT)"),
    ("fraction", "a half, a third or a quarter of a figure or of the order, when the ticket says the word"),
];

/// A numeral token: its value in cents, and whether it is a bare count (digits only, no decimals).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figure {
    pub cents: i64,
    pub count: bool,
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{00A0}' | '\u{202F}' | '\u{2009}')
}

/// The value of a run of digits and separators read as one number, in cents; `None` when its shape is no number a
/// customer writes money in.
fn value(raw: &str) -> Option<i64> {
    // The decimal separator: the last comma or dot, with one or two digits after it.
    let (int, frac) = match raw.rfind([',', '.']) {
        Some(i) if (1..=2).contains(&(raw.len() - i - 1)) => (&raw[..i], &raw[i + 1..]),
        _ => (raw, ""),
    };
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
    if groups.iter().any(|g| g.is_empty() || !g.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    if let Some(first) = seps.first() {
        if seps.iter().any(|s| s != first) {
            return None;
        }
        if !frac.is_empty() && raw[int.len()..].starts_with(*first) {
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
    } else if groups[0].len() > 1 && groups[0].starts_with('0') && frac.is_empty() {
        // "0958": a leading zero is a code or a phone's part, not money.
        return None;
    }
    let whole: i64 = groups.concat().parse().ok()?;
    let frac: i64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().ok()? * 10,
        _ => frac.parse().ok()?,
    };
    whole.checked_mul(100)?.checked_add(frac)
}

/// Words after a number that say it is in minor units.
const MINOR: &[&str] =
    &["cents", "cent", "ct", "c", "p", "pence", "centavos", "centimos", "céntimos", "centimes", "kopecks", "paise"];

/// Currency words that may stand between a whole and its cents ("12 dollars 50").
const CURRENCY_WORDS: &[&str] = &[
    "dollar",
    "dollars",
    "euro",
    "euros",
    "pound",
    "pounds",
    "bucks",
    "quid",
    "usd",
    "eur",
    "gbp",
    "pesos",
    "peso",
    "reais",
    "rupees",
    "rand",
    "francs",
    "franken",
    "zloty",
    "złotych",
    "shillings",
    "naira",
    "ringgit",
    "dolares",
    "dólares",
];

/// The whole figures written in digits: every maximal numeral token, read as one number.
fn digit_figures(text: &str, out: &mut Vec<Figure>) {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (_, c) = chars[i];
        if !c.is_ascii_digit() {
            i += 1;
            continue;
        }
        // The run: digits, and single separators with a digit on each side.
        let start = i;
        let mut j = i;
        let mut joiners = BTreeSet::new();
        while j < chars.len() {
            let c = chars[j].1;
            if c.is_ascii_digit() {
                j += 1;
                continue;
            }
            let sep = matches!(c, ',' | '.' | '\'' | '-' | '/' | ':' | '–') || is_space(c);
            if sep && chars.get(j + 1).is_some_and(|(_, d)| d.is_ascii_digit()) {
                joiners.insert(c);
                j += 1;
                continue;
            }
            break;
        }
        let (s, e) = (chars[start].0, chars.get(j).map_or(text.len(), |x| x.0));
        i = j;
        let prev = text[..s].chars().next_back();
        // A date, a time, an id, a range or a phone number: no figure in it.
        if joiners.iter().any(|c| matches!(c, '-' | '/' | ':' | '–')) || matches!(prev, Some('#' | '+')) {
            continue;
        }
        // Glued to a word before it ("INV3381", "SKU12"): a code. A currency glued to it ("EUR25") or one letter
        // ("3x42.00", "N500") is not.
        if glued_code(&text[..s]) {
            continue;
        }
        let raw = &text[s..e];
        let tail = &text[e..];
        let mut push = |raw: &str, tail: &str| {
            let Some(v) = value(raw) else { return };
            let count = raw.chars().all(|c| c.is_ascii_digit());
            let raw_word: String = tail.trim_start().chars().take_while(|c| c.is_alphabetic()).collect();
            let word = raw_word.to_lowercase();
            if tail.starts_with(['k', 'K']) && !tail[1..].starts_with(char::is_alphabetic) {
                out.push(Figure { cents: v * 1000, count: false });
            }
            if matches!(word.as_str(), "thousand" | "grand" | "k") {
                out.push(Figure { cents: v * 1000, count: false });
            }
            // "$.99": no leading zero.
            if count && raw.len() <= 2 && prev == Some('.') {
                out.push(Figure { cents: if raw.len() == 1 { v / 10 } else { v / 100 }, count: false });
            }
            // Minor units: "4999 cents", "amount_minor=2599", "1250 (minor units)".
            let near_before: String = text[..s].chars().rev().take(16).collect::<Vec<_>>().into_iter().rev().collect();
            let near_after: String = tail.chars().take(16).collect();
            let minor_said = |t: &str| {
                let t = t.to_lowercase();
                t.contains("minor") || t.contains("cents") || t.contains("pence")
            };
            let whole_only = !raw.rfind([',', '.']).is_some_and(|i| (1..=2).contains(&(raw.len() - i - 1)));
            let keyed = near_before.to_lowercase().contains("amount");
            if whole_only
                && (MINOR.contains(&word.as_str()) || minor_said(&near_before) || minor_said(&near_after) || keyed)
            {
                out.push(Figure { cents: v / 100, count: false });
            }
            // The whole, a currency word and the cents: "12 dollars 50", "27 euro 50".
            if count && CURRENCY_WORDS.contains(&word.as_str()) {
                let rest = tail.trim_start()[raw_word.len()..].trim_start();
                let cc: String = rest.chars().take_while(char::is_ascii_digit).collect();
                if cc.len() == 2
                    && let Ok(c) = cc.parse::<i64>()
                {
                    out.push(Figure { cents: v + c, count: false });
                }
            }
            out.push(Figure { cents: v, count });
        };
        if raw.contains(is_space) && value(raw).is_none() {
            let parts: Vec<&str> = raw.split(is_space).collect();
            // Three or more parts that are no grouping: a phone or an account number.
            if parts.len() >= 3 {
                continue;
            }
            // "qty 3 49.99": two numbers side by side, each whole.
            let mut at = s;
            for (k, part) in parts.iter().enumerate() {
                let off = text[at..].find(part).map_or(at, |x| at + x);
                let after = if k + 1 == parts.len() { tail } else { "" };
                push(part, after);
                at = off + part.len();
            }
        } else {
            push(raw, tail);
        }
    }
}

/// Whether the text before a number ends with a word of two or more letters glued to it that is no currency code
/// ("INV3381", "SKU12"; not "EUR25", "US$5", "x42.00").
fn glued_code(head: &str) -> bool {
    let word: String =
        head.chars().rev().take_while(|c| c.is_alphabetic()).collect::<Vec<_>>().into_iter().rev().collect();
    word.chars().count() >= 2
        && !matches!(
            word.to_uppercase().as_str(),
            "EUR"
                | "USD"
                | "GBP"
                | "CHF"
                | "PLN"
                | "INR"
                | "RS"
                | "KES"
                | "NGN"
                | "IDR"
                | "PHP"
                | "MXN"
                | "CAD"
                | "AUD"
                | "NZD"
                | "JPY"
                | "CNY"
                | "RMB"
                | "ZAR"
                | "SEK"
                | "NOK"
                | "DKK"
                | "SGD"
                | "HKD"
                | "AED"
                | "SAR"
                | "BRL"
                | "RP"
                | "KSH"
                | "US"
                | "AU"
                | "CA"
                | "NZ"
                | "HK"
                | "SFR"
                | "FR"
                | "ZL"
                | "KR"
                | "EU"
        )
}

/// English number words: units, teens and tens ("twenty-five"), "hundred" and "thousand" ("five hundred",
/// "one thousand two hundred"), "a hundred", joined by "and" or hyphens; slang ("a tenner", "a fiver", "half a grand").
/// Each maximal run is one figure; a second run under 100 right after it, or after a currency word or "and", is its
/// cents ("forty-nine ninety-nine", "fourteen pounds fifty", "nineteen dollars and fifty cents"). Digits after a run
/// ("forty-nine 99") are its cents too.
fn english_word_figures(text: &str, out: &mut Vec<Figure>) {
    use crate::classify::{NUMBER_TENS as TENS, NUMBER_UNITS as UNITS};
    let lower = text.to_lowercase();
    for (slang, units) in [("tenner", 10), ("fiver", 5), ("half a grand", 500), ("a grand", 1000), ("a ton", 100)] {
        if lower.contains(slang) {
            out.push(Figure { cents: units * 100, count: false });
        }
    }
    // Slang sums the reader rewrites ("two twenties", "a Jackson", "a pony" asked): the same rewrite, one home
    // (`classify::counted_slang`), read here as the figures it writes.
    let rewritten = crate::classify::counted_slang(text);
    if rewritten != text {
        for part in rewritten.split('$').skip(1) {
            let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(units) = digits.parse::<i64>()
                && !text.contains(&format!("${digits}"))
            {
                out.push(Figure { cents: units * 100, count: false });
            }
        }
    }
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in lower.char_indices().chain(std::iter::once((lower.len(), ' '))) {
        match (c.is_alphabetic(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((s, &lower[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    let gap_plain =
        |a: usize, b: usize| lower[words[a].0 + words[a].1.len()..words[b].0].chars().all(|c| c == ' ' || c == '-');
    let number = |w: &str| UNITS.contains(&w) || TENS.contains(&w) || w == "hundred" || w == "thousand" || w == "grand";
    // The runs: (first word, one past the last word, value in units).
    let mut runs: Vec<(usize, usize, i64)> = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let (mut total, mut current, mut any, mut j) = (0i64, 0i64, false, k);
        while j < words.len() {
            let w = words[j].1;
            // A run of number words is one phrase: punctuation between two words ends it ("one fifty, no, one fifteen").
            if j > k && !gap_plain(j - 1, j) {
                break;
            }
            let next = words.get(j + 1).map(|x| x.1);
            if let Some(n) = UNITS.iter().position(|u| *u == w) {
                // A unit after a unit or a teen starts another number ("one fifteen", "twenty-two fifty").
                if any && current % 100 != 0 && (current % 10 != 0 || n >= 10) {
                    break;
                }
                current += n as i64;
            } else if let Some(n) = TENS.iter().position(|t| *t == w) {
                if any && current % 100 != 0 {
                    break;
                }
                current += 10 * (n as i64 + 2);
            } else if w == "hundred" {
                current = current.max(1) * 100;
            } else if (w == "thousand" || w == "grand") && any {
                total += current.max(1) * 1000;
                current = 0;
            } else if w == "and" && any && next.is_some_and(number) && current % 100 == 0 && current > 0 {
                j += 1;
                continue;
            } else if w == "a" && !any && next.is_some_and(|n| n == "hundred" || n == "thousand" || n == "grand") {
                current = 1;
                any = true;
                j += 1;
                continue;
            } else {
                break;
            }
            any = true;
            j += 1;
        }
        if any && j > k {
            runs.push((k, j, total + current));
            k = j;
        } else {
            k += 1;
        }
    }
    for (n, (_, end, whole)) in runs.iter().enumerate() {
        // A whole in words is also a count ("two of the bowls … 9.50 each").
        out.push(Figure { cents: whole * 100, count: true });
        // Its cents in words: the next run, under 100, after nothing but a currency word and "and".
        if let Some((first, _, cents)) = runs.get(n + 1)
            && (1..100).contains(cents)
            && words[*end..*first].iter().all(|(_, w)| CURRENCY_WORDS.contains(w) || *w == "and")
            && (*end..*first).all(|i| gap_plain(i - 1, i))
            && gap_plain(*first - 1, *first)
        {
            out.push(Figure { cents: whole * 100 + cents, count: false });
        }
        // Its cents in digits: "forty-nine 99".
        let (s, w) = words[end - 1];
        let tail = lower[s + w.len()..].trim_start_matches([' ', ',']);
        let two: String = tail.chars().take(3).collect();
        if two.len() >= 2
            && two.chars().take(2).all(|c| c.is_ascii_digit())
            && !two.chars().nth(2).is_some_and(|c| c.is_ascii_digit())
            && let Ok(c) = two[..2].parse::<i64>()
        {
            out.push(Figure { cents: whole * 100 + c, count: false });
        }
    }
}

/// CJK numerals ("三十", "一百五十", "两千"): each run is one figure.
fn cjk_figures(text: &str, out: &mut Vec<Figure>) {
    let digit = |c: char| {
        "零〇一二两三四五六七八九".find(c).map(|_| match c {
            '零' | '〇' => 0,
            '一' => 1,
            '二' | '两' => 2,
            '三' => 3,
            '四' => 4,
            '五' => 5,
            '六' => 6,
            '七' => 7,
            '八' => 8,
            _ => 9,
        })
    };
    let unit = |c: char| match c {
        '十' => Some(10),
        '百' => Some(100),
        '千' => Some(1000),
        '万' | '萬' => Some(10_000),
        _ => None,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if digit(chars[i]).is_none() && unit(chars[i]).is_none() {
            i += 1;
            continue;
        }
        let (mut total, mut section, mut number, mut j) = (0i64, 0i64, 0i64, i);
        while j < chars.len() {
            if let Some(d) = digit(chars[j]) {
                number = d;
            } else if let Some(u) = unit(chars[j]) {
                if u == 10_000 {
                    total += (section + number).max(1) * u;
                    section = 0;
                } else {
                    section += number.max(if number == 0 && u == 10 { 1 } else { 0 }) * u;
                }
                number = 0;
            } else {
                break;
            }
            j += 1;
        }
        out.push(Figure { cents: (total + section + number) * 100, count: false });
        i = j;
    }
}

/// Every whole figure the ticket writes, in every spelling the desk reads.
pub fn figures(text: &str) -> Vec<Figure> {
    let mut out = Vec::new();
    let text = crate::content::normalize(text);
    digit_figures(&text, &mut out);
    // Another language's words before a currency, as the desk reads them (ADR-907): their digits are whole figures.
    let foreign = crate::classify::numerals_as_digits(&text);
    if foreign != text {
        digit_figures(&foreign, &mut out);
    }
    // A letter O typed for a zero beside digits ("€1O", "5O.00"), as the reader reads it.
    let zeroed = letter_o_as_zero(&text);
    if zeroed != text {
        digit_figures(&zeroed, &mut out);
    }
    english_word_figures(&text, &mut out);
    spoken_hundreds(&text, &mut out);
    cjk_figures(&text, &mut out);
    out
}

/// "1O" → "10": an `O`/`o` right after a digit and not followed by a letter.
fn letter_o_as_zero(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, c) in chars.iter().enumerate() {
        let after_digit =
            i > 0 && (chars[i - 1].is_ascii_digit() || out.ends_with('0') && matches!(chars[i - 1], 'O' | 'o'));
        let before_letter = chars.get(i + 1).is_some_and(|n| n.is_alphabetic() && !matches!(n, 'O' | 'o'));
        out.push(if matches!(c, 'O' | 'o') && after_digit && !before_letter { '0' } else { *c });
    }
    out
}

/// A price said the spoken way, hundreds without "hundred": "one twenty" (120), "two forty-nine" (249).
fn spoken_hundreds(text: &str, out: &mut Vec<Figure>) {
    use crate::classify::{NUMBER_TENS as TENS, NUMBER_UNITS};
    // one … nine, and ten … nineteen: the reader's one table (`classify::NUMBER_UNITS`).
    let (units, teens) = (&NUMBER_UNITS[1..10], &NUMBER_UNITS[10..]);
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).collect();
    for (i, w) in words.iter().enumerate() {
        let Some(h) = units.iter().position(|u| u == w) else { continue };
        let Some(next) = words.get(i + 1) else { continue };
        let rest = if let Some(t) = teens.iter().position(|u| u == next) {
            10 + t as i64
        } else if let Some(t) = TENS.iter().position(|u| u == next) {
            let ones = words.get(i + 2).and_then(|u| units.iter().position(|x| x == u)).map_or(0, |o| o as i64 + 1);
            20 + 10 * t as i64 + ones
        } else {
            continue;
        };
        out.push(Figure { cents: ((h as i64 + 1) * 100 + rest) * 100, count: false });
    }
}

/// Whether the text says a fraction word ("half", "third", "quarter", "mitad", "moitié", "Hälfte").
fn says_fraction(text: &str) -> Vec<i64> {
    let lower = text.to_lowercase();
    let mut out = Vec::new();
    for (word, n) in [("half", 2), ("mitad", 2), ("moitié", 2), ("hälfte", 2), ("third", 3), ("quarter", 4)] {
        if lower.contains(word) {
            out.push(n);
        }
    }
    out
}

/// Percentages written ("20%", "20 %", "20 percent").
fn percents(text: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let lower = text.to_lowercase();
    let bytes: Vec<char> = lower.chars().collect();
    let s: String = bytes.iter().collect();
    for (i, _) in s.match_indices(['%']).chain(s.match_indices("percent")).chain(s.match_indices("per cent")) {
        let head = s[..i].trim_end();
        let digits: String = head
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if let Some(v) = value(digits.trim_start_matches(['.', ','])) {
            out.push(v);
        }
    }
    out
}

/// The derivation that accounts for `amount`, or `None`.
pub fn derivation(text: &str, order_cents: Option<i64>, amount: i64) -> Option<&'static str> {
    if order_cents == Some(amount) {
        return Some("order");
    }
    let figs = figures(text);
    let mut vals: Vec<i64> = figs.iter().map(|f| f.cents).filter(|c| *c > 0).collect();
    vals.sort_unstable();
    vals.dedup();
    if vals.contains(&amount) {
        return Some("figure");
    }
    vals.truncate(40);
    let mut counts: BTreeSet<i64> =
        figs.iter().filter(|f| f.count && f.cents > 0 && f.cents <= 100_000).map(|f| f.cents / 100).collect();
    // "both", "a pair", "a couple" count two ("$20 each for both plates").
    let lower = text.to_lowercase();
    if lower.split(|c: char| !c.is_alphabetic()).any(|w| matches!(w, "both" | "pair" | "couple")) {
        counts.insert(2);
    }
    // A count that did not come: the difference of two counts ("12 … I got 9", "3/6 arrived") times a figure.
    let mut told: Vec<i64> = counts.iter().copied().collect();
    for pair in lower.split(|c: char| c.is_whitespace() || c == ',').filter_map(|w| w.split_once('/')) {
        if let (Ok(a), Ok(b)) =
            (pair.0.parse::<i64>(), pair.1.trim_end_matches(|c: char| !c.is_ascii_digit()).parse::<i64>())
            && (1..=100).contains(&a)
            && (1..=100).contains(&b)
        {
            told.extend([a, b]);
        }
    }
    for (i, a) in told.iter().enumerate() {
        for b in &told[i + 1..] {
            let short = (a - b).abs();
            if short > 0 && vals.iter().any(|v| v.checked_mul(short) == Some(amount)) {
                return Some("shortfall");
            }
        }
    }
    // Products: a count times a figure.
    let mut terms: Vec<i64> = vals.clone();
    for q in &counts {
        for v in &vals {
            if let Some(p) = v.checked_mul(*q) {
                if p == amount {
                    return Some("product");
                }
                terms.push(p);
            }
        }
    }
    terms.sort_unstable();
    terms.dedup();
    terms.truncate(120);
    // Sums of two or three terms.
    let n = terms.len();
    for a in 0..n {
        for b in a + 1..n {
            let two = terms[a] + terms[b];
            if two == amount {
                return Some("sum");
            }
            if n <= 60 && (b + 1..n).any(|c| two + terms[c] == amount) {
                return Some("sum");
            }
        }
    }
    // Differences: a figure or the order less one or two terms.
    let bases: Vec<i64> = vals.iter().copied().chain(order_cents).collect();
    for base in &bases {
        for a in 0..n {
            let one = base - terms[a];
            if one == amount || (a + 1..n).any(|b| one - terms[b] == amount) {
                return Some("difference");
            }
        }
    }
    // Shares: p% of a term or the order, and a term plus p% of it (net + VAT).
    let shared: Vec<i64> = terms.iter().copied().chain(order_cents).collect();
    for p in percents(text) {
        for base in &shared {
            let (up, down) = ((base * p + 5_000) / 10_000, base * p / 10_000);
            if [up, down, base + up, base + down].contains(&amount) {
                return Some("percent");
            }
        }
    }
    for n in says_fraction(text) {
        if shared.iter().any(|b| b / n == amount || (b + n - 1) / n == amount) {
            return Some("fraction");
        }
    }
    None
}

/// Why a refund of `amount` may not be paid on this ticket (`None`: it may).
pub fn blocks(text: &str, order_cents: Option<i64>, amount: i64) -> Option<String> {
    derivation(text, order_cents, amount).is_none().then(|| {
        format!(
            "the paying guard (ADR-1230): the amount read, {}, is not a figure the customer wrote, the order's \
             amount, nor a listed derivation of the figures written; a human settles it",
            crate::money(amount)
        )
    })
}

/// The guard on a classification, just before the desk turns it into an action: a refund whose amount
/// [`blocks`] becomes an escalation that names the guard.
pub fn guard(ev: &crate::tools::Evidence, mut c: crate::classify::Classification) -> crate::classify::Classification {
    if c.action != Action::Refund {
        return c;
    }
    let text = format!("{}\n{}", ev.ticket.subject, ev.ticket.body);
    let order = ev.order.as_ref().map(|o| o.amount_cents);
    let why = match c.amount_cents {
        Some(a) => blocks(&text, order, a),
        None => Some("the paying guard (ADR-1230): a refund with no amount".into()),
    };
    if let Some(why) = why {
        c.label = Label::UnderSpecified;
        c.action = Action::Escalate;
        c.policy_refs = vec![Clause::U1];
        c.severity = Some(Severity::Low);
        c.reason = format!("U1: {why}");
        c.amount_cents = None;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cents(text: &str) -> Vec<i64> {
        let mut v: Vec<i64> = figures(text).iter().map(|f| f.cents).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    #[test]
    fn a_numeral_is_read_whole() {
        assert_eq!(cents("1,500 back pls"), vec![150_000]);
        assert_eq!(cents("1.500,00 zurück"), vec![150_000]);
        assert_eq!(cents("12 500 back"), vec![1_250_000]);
        assert_eq!(cents("qty 3 49.99"), vec![300, 4999]);
        assert_eq!(cents("call +44 20 7946 0958 on 2026-11-03 at 10:30 re INV-2026-11-3381 #7730"), Vec::<i64>::new());
        assert_eq!(cents("4999 cents"), vec![4999, 499_900]);
        assert_eq!(cents("three hundred and twenty"), vec![32_000]);
        assert_eq!(cents("三十 dollar"), vec![3000]);
        assert_eq!(cents("EUR25"), vec![2500]);
    }

    #[test]
    fn every_listed_derivation_is_accepted() {
        let cases: &[(&str, &str, Option<i64>, i64)] = &[
            ("figure", "wrong size, 34.90 back pls", Some(9_000), 3490),
            ("order", "my money back please", Some(9_000), 9_000),
            ("product", "Short 2 units. Unit price 24.50", Some(29_400), 4900),
            ("shortfall", "The pack was supposed to have 12 bars, I got 9. Each bar is 8.99.", Some(20_000), 2697),
            ("sum", "Net 40.00 + VAT 8.00", Some(9_000), 4800),
            ("difference", "520.00 minus 19.99, the rest back", Some(52_000), 50_001),
            ("percent", "3 x 42.00 net, VAT 20%", Some(90_000), 15_120),
            ("fraction", "half of the 60.00 back", Some(10_000), 3000),
        ];
        for (name, text, order, amount) in cases {
            assert_eq!(derivation(text, *order, *amount), Some(*name), "{text}");
        }
        assert_eq!(cases.len(), DERIVATIONS.len());
        for ((a, _), (b, ..)) in DERIVATIONS.iter().zip(cases) {
            assert_eq!(a, b);
        }
    }

    #[test]
    fn a_part_of_a_longer_number_is_never_paid() {
        assert!(blocks("12 bottles all wrong. 1,500 back pls", Some(180_000), 50_000).is_some());
        assert!(blocks("order 4471-500 broken", Some(90_000), 50_000).is_some());
        assert!(blocks("call me on 0412 555 019", Some(90_000), 55_500).is_some());
    }
}
