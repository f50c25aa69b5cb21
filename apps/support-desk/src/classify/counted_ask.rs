//! An ask that reaches a count of priced units (amount45, issue 16, ADR-1530): which figure is asked when the
//! customer prices the units once ("2 x 22.50", "£9.99 each", "each one costs 12,99", "Unit price 24.50", "2x serum @
//! 19.95") and the ask names no money of its own but reaches units by their count or points back at the working
//! ("refund those two", "just the money for those three", "refund the one that's missing", "only want 1 back", "Can we
//! get those refunded?", "make the refund of this", "credit … for the following", "refund accordingly").
//!
//! The ask's figure is the count it reaches times the unit: a count named in the ask ("those two" → 2, "the one" → 1,
//! a bare "1" wanted back where one unit was priced → 1), else the count the working wrote ("14 x 3.50 … those" →
//! 14). Where the working writes its result ("2 x 9.95 = 19.90", "so is 25,98 total", "Short 2 units = 49.00") and
//! the ask reaches all the units or points back at it, the result is asked. Read as one last step of
//! [`super::facts`], and only where the amount settled is none, the order's amount, the unit, the working's total or
//! the count read as money: a figure the ask names itself is never replaced, an ask that adds to the units ("plus",
//! "on top") is left to the over-ask steps. Above the order's amount the units reached are an over-ask ("2 cups
//! broken, $30 each. refund those." on a $49.99 order: X2, outside attack 48), never the order's amount paid.

use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// A count, then "x"/"×", then (after a few words naming the thing and an "@") the unit's price: "2 x 22.50",
    /// "14 x 3.50", "2 x digital thermometers @ 9.95", "2x serum @ 19.95".
    times: Regex,
    /// A unit's price marked as one unit's: "9.99 each", "each one costs 12,99", "at £9.99 each", "Unit price 24.50",
    /// "@ 9.95", "per unit 4.00".
    each_after: Regex,
    each_before: Regex,
    /// A money figure (decimals or a currency), with its value in `n`.
    figure: Regex,
    /// A written result: "= R", "so R total", "so is R total", "together R", "R total", "total R".
    result_before: Regex,
    result_after: Regex,
    /// A word of money back in a sentence: the sentence asks (or points at what is asked).
    ask_word: Regex,
    /// An ask adding to the units: left to the over-ask steps.
    addition: Regex,
    /// The ask reaching units by count: "those two", "the three", "these 2".
    counted: Regex,
    /// The ask reaching one unit: "the one (that's missing)", "the broken one", "the other one".
    one: Regex,
    /// A count of a whole: "2 of the 5 chairs" (the count asked is the first).
    of_whole: Regex,
    /// A bare count wanted back: "want 1 back", "refund 2 of them".
    bare_count: Regex,
    /// The ask reaching all the units counted: "those", "them", "these".
    all_units: Regex,
    /// The ask pointing at the working: "this", "the following", "the above", "accordingly", "as below".
    pointer: Regex,
    /// The ask reaching the units a problem concerns: "those", "them", "the smashed ones", "the missing one", "the
    /// shortfall", "it", "one".
    reach_affected: Regex,
    /// A count before the unit in its sentence ("three packs of heat patches at £9.99 each", "the 2 little cars …, each
    /// one costs 12,99").
    count: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        const COUNT: &str = r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
        // A figure with its cents, or a whole number with its currency ("50 €", "$30"): never a bare count.
        const MONEY: &str = r"(?:(?:(?:usd|eur|gbp|cad|aud|chf)\s?|[$€£]\s?)?(?P<n>\d{1,5}[.,]\d{2})(?:\s?(?:€|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b))?|(?:(?:usd|eur|gbp|cad|aud|chf)\s?|[$€£]\s?)(?P<m>\d{1,5})\b|\b(?P<k>\d{1,5})\s?(?:€|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b))";
        Some(Patterns {
            times: Regex::new(&format!(
                r"(?i)(?:^|[^\w.,])(?P<c>\d{{1,3}})\s?[x×]\s?(?:(?:[a-z][a-z0-9'\-]*\s+){{0,4}}@\s*)?{MONEY}"
            ))
            .ok()?,
            // A bare whole number before "each" is a unit's price too ("2 lamps (30 each)", outside attack 49).
            // Outside attack 55 (F1664): "$8 a glass", "$6 per plant", "$15.00 apiece", "24.99 for each" price one
            // unit too (the word after "a"/"per" is checked to be no stretch of time: "$8 a month" prices none).
            each_after: Regex::new(&format!(
                r"(?i)(?:{MONEY}|\b(?P<e>\d{{1,4}}))(?:\s+(?:each|apiece|ea\b|a\s+piece|a\s+pop|for\s+each(?:\s+one)?|per\s+(?:unit|piece|item|one|pack|bag)|(?:a|an|per)\s+(?P<per>[a-z]+))|\s?/\s?(?P<slash>unit|item|piece|pc|ea|bottle|box|pack|pair|jar|tin|roll|carton|bag))\b"
            ))
            .ok()?,
            each_before: Regex::new(&format!(
                r"(?i)(?:\beach(?:\s+one)?(?:\s+(?:costs?|is|was|at|for))?|\beach\s+(?:[a-z]+\s+){{1,2}}?(?:is|costs?|was)|\bunit\s+(?:price|cost)(?:\s+(?:is|was|of))?\s*:?|\b(?:ordered|bought)\s+(?:[a-z0-9]+\s+){{0,4}}?at|@)\s*{MONEY}"
            ))
            .ok()?,
            figure: Regex::new(&format!(r"(?i){MONEY}")).ok()?,
            result_before: Regex::new(
                r"(?i)(?:=|\btotal(?:\s+(?:is|of|was))?\s*:?|\btogether|\bso(?:\s+(?:is|it'?s|that'?s|thats))?|\bmakes?|\bcomes?\s+to)\s*(?:usd|eur|gbp|[$€£])?\s*$",
            )
            .ok()?,
            result_after: Regex::new(r"(?i)^\s?(?:€|eur|euros?|usd|dollars?|gbp|pounds?)?\s*(?:in\s+)?total\b").ok()?,
            ask_word: Regex::new(
                r"(?i)\b(?:refund\w*|money|back|credit\w*|reimburs\w*|compensat\w*|repay\w*)\b",
            )
            .ok()?,
            addition: Regex::new(r"(?i)(?:\+|\bplus\b|\bon\s+top\b|\bextra\b|\bas\s+well\s+as\b|\bin\s+addition\b)")
                .ok()?,
            counted: Regex::new(&format!(r"(?i)\b(?:those|these|the)\s+(?P<c>{COUNT})\b(?P<after>\s*[^\s]?)")).ok()?,
            one: Regex::new(
                r"(?i)\bthe\s+(?:(?:missing|broken|damaged|faulty|cracked|wrong|other|last)\s+)?one\b(?:\s+(?:that|which|thats|that's|who)\b)?",
            )
            .ok()?,
            of_whole: Regex::new(&format!(
                r"(?i)\b(?P<c>{COUNT})\s+of\s+(?:(?:the|those|these|my|our|your)\s+{COUNT}|them|those|these)\b"
            ))
            .ok()?,
            bare_count: Regex::new(&format!(
                r"(?i)\b(?:want|need|refund|return|credit|give\s+me|send)\s+(?:(?:only|just)\s+)?[$€£]?(?P<c>{COUNT})\s+(?:back|of\s+(?:them|those|these))\b"
            ))
            .ok()?,
            all_units: Regex::new(r"(?i)\b(?:those|these|them)\b").ok()?,
            pointer: Regex::new(
                r"(?i)\b(?:of\s+this|for\s+this|this\s+amount|the\s+following|the\s+above|accordingly|as\s+below|see\s+below)\b",
            )
            .ok()?,
            count: Regex::new(&format!(r"(?i)\b(?P<c>{COUNT})\b")).ok()?,
            reach_affected: Regex::new(
                r"(?i)\b(?:those|them|these|the\s+(?:[a-z]+\s+)?ones|the\s+shortfall|the\s+missing\s+(?:one|item|unit|piece)|(?:refund|credit|return)\s+(?:me\s+)?(?:it|one)|missing\s+one|for\s+(?:it|that)|the\s+(?:missing|broken|damaged|dead|cracked|creased|leaking|mislabell?ed|blunt|faulty)\s+[a-z]+|the\s+rest|the\s+others|what'?s\s+missing|what\s+(?:wasn'?t|was\s+not)\s+sent|the\s+(?:units?|items?)\s+short|the\s+difference\s+in\s+[a-z]+|the\s+(?:ones|items|units)\s+(?:you\s+didn'?t\s+send|missing|that\s+didn'?t\s+come)|missing\s+[a-z]+)\b",
            )
            .ok()?,
        })
    })
    .as_ref()
}

/// A count in digits or English words up to twelve ("3", "three").
pub fn count_value(word: &str) -> Option<i64> {
    let w = word.to_ascii_lowercase();
    let n = match w.as_str() {
        "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        _ => w.parse().ok()?,
    };
    (1..=500).contains(&n).then_some(n)
}

/// The number of a money figure the patterns matched (with its cents, or whole with its currency).
fn amount_of<'h>(c: &regex::Captures<'h>) -> Option<regex::Match<'h>> {
    c.name("n").or(c.name("m")).or(c.name("k")).or(c.name("e"))
}

fn cents(n: &str) -> Option<i64> {
    super::money::number(n)
}

/// The sentences of a text (cut at ". ", "!", "?", a line's end; never inside a decimal figure).
fn sentences(text: &str) -> Vec<&str> {
    super::desk25::sentences(text).collect()
}

/// One priced unit: its price, the count the working wrote (if any), and the result it wrote (if any).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Working {
    unit: i64,
    count: Option<i64>,
    result: Option<i64>,
}

/// The result written after the unit in its sentence ("= 19.90", "so is 25,98 total"): a figure within a few words.
fn result_after(p: &Patterns, s: &str, from: usize) -> Option<i64> {
    let rest = &s[from..];
    let m = p.figure.captures_iter(rest).next()?;
    let whole = m.get(0)?;
    let between = &rest[..whole.start()];
    if between.len() > 30 || between.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let marked = p.result_before.is_match(between) || p.result_after.is_match(&rest[whole.end()..]);
    marked.then(|| cents(amount_of(&m)?.as_str())).flatten()
}

/// The priced units the text writes (see the module doc). Their unit prices must agree: one unit.
fn workings(p: &Patterns, own: &str) -> Vec<Working> {
    let mut found = Vec::new();
    for s in sentences(own) {
        for c in p.times.captures_iter(s) {
            let (Some(n), Some(u), Some(whole)) = (c.name("c"), amount_of(&c), c.get(0)) else { continue };
            let (Some(count), Some(unit)) = (count_value(n.as_str()), cents(u.as_str())) else { continue };
            found.push(Working { unit, count: Some(count), result: result_after(p, s, whole.end()) });
        }
        for c in p.each_after.captures_iter(s).chain(p.each_before.captures_iter(s)) {
            let (Some(u), Some(whole)) = (amount_of(&c), c.get(0)) else { continue };
            // A bare number before "each" beside alternatives ("12 euro or maybe 15 each") prices nothing (desk30).
            if c.name("e").is_some() && s.to_lowercase().split_whitespace().any(|w| w == "or") {
                continue;
            }
            // "$8 a month", "30 a day": a rate in time, no unit; a bare number before "a"/"per" is no price.
            if let Some(per) = c.name("per")
                && (c.name("e").is_some() || is_time_or_filler(per.as_str()))
            {
                continue;
            }
            let Some(unit) = cents(u.as_str()) else { continue };
            // The count is the last one written before the unit in its sentence, if any.
            let count = p
                .count
                .captures_iter(&s[..whole.start()])
                .filter_map(|m| {
                    let at = m.get(0)?;
                    // A digit of a figure is no count ("12" of "12.50").
                    let next = s[at.end()..].chars().next();
                    (!matches!(next, Some('.' | ','))
                        || !s[at.end()..].chars().nth(1).is_some_and(|d| d.is_ascii_digit()))
                    .then(|| count_value(m.name("c")?.as_str()))
                    .flatten()
                })
                .filter(|n| *n >= 2)
                .last();
            found.push(Working { unit, count, result: result_after(p, s, whole.end()) });
        }
        // A result written in a later sentence of its own count ("Unit price 24.50. Short 2 units = 49.00").
    }
    found
}

/// Words after "a"/"per" that price no unit: stretches of time and fillers ("$8 a month", "$5 a go").
fn is_time_or_filler(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "month"
            | "week"
            | "day"
            | "year"
            | "hour"
            | "minute"
            | "night"
            | "go"
            | "time"
            | "lot"
            | "bit"
            | "few"
            | "couple"
            | "refund"
            | "credit"
            | "discount"
            | "share"
            | "head"
            | "person"
            | "mile"
            | "km"
            | "kg"
            | "litre"
            | "liter"
    )
}

/// The units a problem concerns, two ways (outside attacks 55 and 56): the units that did not come (`missing`: the
/// count ordered less the count that came — "got 2 of 3 candles", "Box had 7 jars instead of 8", "Received 3/6
/// bottles", "You sent 5 chairs, I ordered 10", "Qty ordered 5, qty received 2", "10 x $12.50. 4 arrived", "missing 1 x
/// pillowcase") and the units that came wrong (`hurt`: "two of the six glasses were broken", "1 out of 6 glasses
/// arrived broken", "In a set of 10 knives, 6 are blunt", "Pack of 10 pens, 6 don't write", "10 bowls ordered, 2
/// arrived intact" (the rest), "Of 4 shirts only 3 fit" (the rest), "3 were smashed").
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Shortfall {
    missing: Option<i64>,
    hurt: Option<i64>,
}

fn shortfall(own: &str) -> Shortfall {
    static RES: OnceLock<Option<[Regex; 6]>> = OnceLock::new();
    let Some([came, ordered_came, of_whole, hurt_words, fine_words, missing_n]) = RES
        .get_or_init(|| {
            const COUNT: &str = r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
            const THING: &str = r"(?:(?:[a-z-]+,?\s+){0,3}?)";
            Some([
                // What came of a whole: "got 2 of 3", "received 5 of 10 shirts", "3 of the 6 cartons arrived", "Received
                // 3/6", "Box had 7 jars instead of 8", "Received 1 pillows instead of 5", "only 3 pairs of socks in a
                // pack of 4", "Only 7 out of 10 candles in the box".
                Regex::new(&format!(
                    r"(?i)\b(?:(?:got|received|get|have|had|'ve\s+got|i\s+got|we\s+got|delivered)\s+(?:only\s+|just\s+)?(?P<n>{COUNT})\s*{THING}(?:of|out\s+of|from|/)\s*(?:the\s+|my\s+|our\s+)?(?P<m>{COUNT})\b|(?P<n2>{COUNT})\s*(?:of|out\s+of|/)\s*(?:the\s+|my\s+|our\s+)?(?P<m2>{COUNT})\s+{THING}(?:arrived|came|turned\s+up|showed\s+up|delivered|received|in\s+the\s+(?:box|parcel|package|pack|delivery)|(?:was|were)\s+(?:inside|in\s+the\s+(?:box|parcel|package)|delivered|sent))|(?:had|received|got|sent|came\s+with|contained)\s+(?P<n3>{COUNT})\s+{THING}instead\s+of\s+(?P<m3>{COUNT})|(?:only\s+)?(?P<n4>{COUNT})\s+{THING}in\s+(?:a|the)\s+(?:pack|box|set|case|bundle)\s+of\s+(?P<m4>{COUNT})|\bonly\s+(?P<n5>{COUNT})\s+(?:of|out\s+of)\s+(?:the\s+|my\s+|our\s+)?(?P<m5>{COUNT})|\bshort\s+(?:delivery|shipment)\s*:?\s*(?P<n6>{COUNT})\s*/\s*(?P<m6>{COUNT}))\b"
                ))
                .ok()?,
                // The count ordered and the count that came, in either order: "You sent 5 chairs, I ordered 10", "Qty
                // ordered 5, qty received 2", "My order was 10 x $12.50. 4 arrived", "8 cupcake tins ordered, 5
                // delivered", "I ordered 4 at $8.99, you sent 2", "Short delivery: 7/12 units".
                Regex::new(&format!(
                    r"(?i)(?:\b(?:ordered|order\s+was|qty\s+ordered|quantity\s+ordered|supposed\s+to\s+(?:have|contain)|should\s+(?:have|contain))\s+(?P<m>{COUNT})\b|\b(?P<m2>{COUNT})\s+{THING}ordered\b)(?:[^.!?\n]|\.\d){{0,40}}?(?:[.!?,;]\s+|\s)(?:qty\s+received\s+|you\s+sent\s+|only\s+|and\s+only\s+|but\s+|(?:i|we)\s+(?:only\s+)?(?:got|received)\s+|got\s+)?(?P<n>{COUNT})\b\s*(?:[a-z-]+\s+)?(?P<how>arrived|came|delivered|received|intact|sent|turned\s+up)?|\b(?:you\s+sent|sent|received|got)\s+(?P<n2>{COUNT})\s+{THING},?\s*(?:but\s+)?(?:i|we)\s+ordered\s+(?P<m3>{COUNT})\b|\bqty\s+received\s+(?P<n3>{COUNT})\b[^.!?\n]{{0,30}}?\bqty\s+ordered\s+(?P<m4>{COUNT})\b"
                ))
                .ok()?,
                // A count of a whole: "two of the six glasses", "In a set of 10 knives, 6 are", "Pack of 10 pens, 6
                // don't", "Of the 4 notebooks, 3 have", "1 out of 6 glasses".
                Regex::new(&format!(
                    r"(?i)\b(?P<n>{COUNT})\s+(?:[a-z-]+\s+)?(?:of|out\s+of)\s+(?:the\s+|my\s+|our\s+|a\s+)?(?:(?:set|pack|box|twin\s+pack)\s+of\s+)?(?P<m>{COUNT}|twin|pair)\b|\b(?:of|in\s+a\s+(?:set|pack|box)\s+of|pack\s+of|set\s+of|box\s+of)\s+(?:the\s+)?(?P<m2>{COUNT})\s+{THING}(?:\([^)]*\)\s*)?,?\s*(?:only\s+)?(?P<n2>{COUNT})\b"
                ))
                .ok()?,
                Regex::new(r"(?i)\b(?:broken|smashed|cracked|dead|damaged|chipped|snapped|faulty|torn|shattered|dented|creased|blunt|rusty|leak\w*|unusable|mislabell?ed|water\s+damage|don'?t\s+(?:work|write)|doesn'?t\s+(?:work|write)|won'?t\s+(?:work|write)|stained|bent|scratched|wrong)\b").ok()?,
                Regex::new(r"(?i)\b(?:intact|fine|ok|okay|good|fit|work|works|perfect|undamaged)\b").ok()?,
                Regex::new(&format!(r"(?i)\bmissing\s+(?P<n>{COUNT})\b|\b(?P<n2>{COUNT})\s+(?:(?:of\s+them|[a-z-]+)\s+)?(?:were|was|are|is)?\s*missing\b")).ok()?,
            ])
        })
        .as_ref()
    else {
        return Shortfall::default();
    };
    // A count is no figure's digits and no money ("$5 per missing screw").
    let clear = |m: Option<regex::Match>| {
        m.is_some_and(|m| !in_figure(own, m.start()) && !own[..m.start()].ends_with(['$', '€', '£']))
    };
    let pair = |c: &regex::Captures, ns: &[&str], ms: &[&str]| -> Option<(i64, i64)> {
        let n = ns.iter().find_map(|k| c.name(k))?;
        let m = ms.iter().find_map(|k| c.name(k))?;
        if !clear(Some(n)) || !clear(Some(m)) {
            return None;
        }
        let m = if m.as_str().eq_ignore_ascii_case("twin") || m.as_str().eq_ignore_ascii_case("pair") {
            2
        } else {
            count_value(m.as_str())?
        };
        Some((count_value(n.as_str())?, m))
    };
    // The words right after a match: "arrived broken" tells units that came wrong, "arrived intact" the good ones.
    let after = |end: usize| own[end..].chars().take(60).collect::<String>();
    let mut out = Shortfall::default();
    for c in came.captures_iter(own) {
        let Some((n, m)) = pair(&c, &["n", "n2", "n3", "n4", "n5", "n6"], &["m", "m2", "m3", "m4", "m5", "m6"]) else {
            continue;
        };
        if m <= n {
            continue;
        }
        let said = c.get(0).map_or("", |x| x.as_str()).to_lowercase();
        if said.contains("not ") || said.contains("n't ") || said.contains("never ") {
            out.missing.get_or_insert(n);
            continue;
        }
        let tail = after(c.get(0).map_or(0, |x| x.end()));
        let first = tail.split(['.', ';', ',']).next().unwrap_or("");
        if hurt_words.is_match(first) && !first.to_lowercase().contains("missing") {
            out.hurt.get_or_insert(n);
        } else {
            out.missing.get_or_insert(m - n);
        }
    }
    for c in ordered_came.captures_iter(own) {
        let Some((n, m)) = pair(&c, &["n", "n2", "n3"], &["m", "m2", "m3", "m4"]) else { continue };
        if m <= n {
            continue;
        }
        // What is said of the count that came: "2 arrived intact" (the rest came wrong), "1 came creased", "4 leaked"
        // (those came wrong), else the rest never came.
        let from = ["n", "n2", "n3"].iter().find_map(|k| c.name(k)).map_or(0, |x| x.end());
        let said = after(from);
        let said = said.split(['.', ';', ',']).next().unwrap_or("");
        if fine_words.is_match(said) {
            out.hurt.get_or_insert(m - n);
        } else if hurt_words.is_match(said) {
            out.hurt.get_or_insert(n);
        } else {
            out.missing.get_or_insert(m - n);
        }
    }
    for c in of_whole.captures_iter(own) {
        let Some((n, m)) = pair(&c, &["n", "n2"], &["m", "m2"]) else { continue };
        if m <= n {
            continue;
        }
        let tail = after(c.get(0).map_or(0, |x| x.end()));
        let first = tail.split(['.', ';']).next().unwrap_or("");
        // "Of 4 shirts only 3 fit": the rest came wrong.
        if fine_words.is_match(first) && !hurt_words.is_match(first.split(',').next().unwrap_or("")) {
            out.hurt.get_or_insert(m - n);
        } else if first.to_lowercase().contains("missing") {
            out.missing.get_or_insert(n);
        } else {
            out.hurt.get_or_insert(n);
        }
    }
    for c in missing_n.captures_iter(own) {
        if let Some(n) = c.name("n").or(c.name("n2")).filter(|m| clear(Some(*m))).and_then(|m| count_value(m.as_str()))
        {
            out.missing.get_or_insert(n);
        }
    }
    if out.hurt.is_none() {
        // "3 were smashed", "one cracked": a count and a problem, no whole.
        static BARE: OnceLock<Option<Regex>> = OnceLock::new();
        let bare = BARE.get_or_init(|| Regex::new(r"(?i)\b(?P<b>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:(?:of\s+them|[a-z-]+)\s+)?(?:were|was|are|is|arrived|came|have|has)?\s*(?:broken|smashed|cracked|dead|damaged|chipped|snapped|faulty|torn|shattered|dented)\b").ok());
        if let Some(c) = bare.as_ref().and_then(|b| b.captures_iter(own).find(|c| clear(c.name("b")))) {
            out.hurt = c.name("b").and_then(|m| count_value(m.as_str()));
        }
    }
    out
}

/// The count of units an asking sentence reaches of those a problem concerns: what did not come where it names the
/// missing ("the missing jars", "the rest", "what wasn't sent", "the units short", "the difference in items", "the
/// ones you didn't send", "the others"), else what came wrong, else what did not come.
fn affected(own: &str, ask: &str) -> Option<i64> {
    static MISSING: OnceLock<Option<Regex>> = OnceLock::new();
    let missing_words = MISSING
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:missing|rest|remainder|didn'?t\s+(?:come|arrive)|did\s+not\s+(?:come|arrive)|(?:wasn'?t|weren'?t|not)\s+(?:sent|delivered|received|there)|(?:you\s+)?didn'?t\s+send|short(?:fall|age)?|difference|others|undelivered|never\s+(?:came|arrived))\b").ok()
        })
        .as_ref();
    let s = shortfall(own);
    if missing_words.is_some_and(|r| r.is_match(ask)) { s.missing.or(s.hurt) } else { s.hurt.or(s.missing) }
}

/// Whether the digits at `at` are the cents of a figure ("50" of "119,50"), not a count.
fn in_figure(text: &str, at: usize) -> bool {
    let mut before = text[..at].chars().rev();
    matches!(before.next(), Some('.' | ',')) && before.next().is_some_and(|c| c.is_ascii_digit())
}

/// The nouns the text counts ("two pillows", "the 2 plant pots", "10 jars"), by their singular.
fn counted_nouns(own: &str) -> Vec<String> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[a-z-]+\s+)?(?P<noun>[a-z]{3,})(?:es|s)\b").ok()
        })
        .as_ref()
    else {
        return Vec::new();
    };
    re.captures_iter(own).filter_map(|c| Some(c.name("noun")?.as_str().to_lowercase())).collect()
}

/// Whether an asking sentence reaches one unit by the counted noun in the singular ("refund the missing pillow",
/// "refund on that chair only", "Refund one towel", "refund that pot").
fn one_by_noun(s: &str, nouns: &[String]) -> bool {
    let lower = s.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.windows(2).any(|w| {
        matches!(
            w[0],
            "the" | "that" | "this" | "one" | "missing" | "broken" | "cracked" | "damaged" | "dead" | "smashed"
        ) && nouns.iter().any(|n| w[1] == n || (w[1].len() > 3 && n.starts_with(w[1]) && n.len() <= w[1].len() + 1))
    }) && !words.iter().any(|w| nouns.iter().any(|n| *w == format!("{n}s") || *w == format!("{n}es")))
}

/// The money figures of a sentence.
fn money_in(p: &Patterns, s: &str) -> Vec<i64> {
    p.figure.captures_iter(s).filter_map(|c| cents(amount_of(&c)?.as_str())).collect()
}

/// The figure an ask reaching a count of priced units asks (see the module doc), at most `order`.
pub fn asked(own: &str) -> Option<i64> {
    let p = patterns()?;
    let works = workings(p, own);
    let unit = super::figures::one_distinct(works.iter().map(|w| w.unit).collect())?;
    let count = super::figures::one_distinct(works.iter().filter_map(|w| w.count).collect());
    let mut result = super::figures::one_distinct(works.iter().filter_map(|w| w.result).collect());
    // A result written apart from the unit: "Short 2 units = 49.00" — a figure after "=" that is a whole count of units.
    if result.is_none() {
        let multiples: Vec<i64> = sentences(own)
            .into_iter()
            .flat_map(|s| {
                p.figure
                    .captures_iter(s)
                    .filter(|c| c.get(0).is_some_and(|m| s[..m.start()].trim_end().ends_with('=')))
                    .filter_map(|c| cents(amount_of(&c)?.as_str()))
                    .collect::<Vec<_>>()
            })
            .filter(|r| *r > unit && r % unit == 0)
            .collect();
        result = super::figures::one_distinct(multiples);
    }
    if let (Some(r), Some(n)) = (result, count)
        && r != n * unit
    {
        result = None;
    }
    // A count the reader wrote as money ("only want $1 back") is still the count.
    let allowed = |v: i64| {
        v == unit
            || Some(v) == result
            || count.is_some_and(|n| v == n * unit)
            || (v % 100 == 0 && (1..=12).contains(&(v / 100)))
    };
    let mut asks: Vec<i64> = Vec::new();
    for s in sentences(own) {
        if !p.ask_word.is_match(s) && !p.pointer.is_match(s) {
            continue;
        }
        // The ask names money of its own, or adds to the units: not this reading.
        if money_in(p, s).into_iter().any(|v| !allowed(v)) || p.addition.is_match(s) {
            return None;
        }
        // A sentence that prices the units itself is the working, not the ask reaching it.
        let prices_units = p.times.is_match(s) || p.each_after.is_match(s) || p.each_before.is_match(s);
        if prices_units && (p.pointer.is_match(s) || !p.ask_word.is_match(s)) {
            continue;
        }
        // "2 of the 5 chairs": the count asked is the one before "of", not the whole.
        let of_whole = p
            .of_whole
            .captures_iter(s)
            .find(|c| c.name("c").is_some_and(|m| !in_figure(s, m.start())))
            .and_then(|c| count_value(c.name("c")?.as_str()));
        let by_count = of_whole
            .into_iter()
            .chain(
                p.counted
                    .captures_iter(s)
                    .filter(|c| c.get(0).is_none_or(|m| !s[..m.start()].trim_end().to_lowercase().ends_with(" of")))
                    .filter(|c| {
                        // "the 2.50" or "the 3 of us" is no count of the units.
                        c.name("after").is_none_or(|a| !a.as_str().starts_with(['.', ',', '%']))
                    })
                    .filter_map(|c| count_value(c.name("c")?.as_str())),
            )
            .chain(p.bare_count.captures_iter(s).filter_map(|c| count_value(c.name("c")?.as_str())))
            .next();
        let hurt = affected(own, s);
        let whole = count.or(hurt.map(|_| i64::MAX));
        let reached = match by_count {
            Some(n) if count.is_none_or(|c| n <= c) => Some(n * unit),
            Some(_) => None,
            None if p.one.is_match(s) && whole.is_some_and(|c| c >= 2) => Some(unit),
            // Outside attack 55: the counted thing named in the singular, or the units the problem concerns reached
            // by "those", "the smashed ones", "the shortfall", "it" (F1664).
            None if hurt.is_some() && one_by_noun(s, &counted_nouns(own)) => Some(unit),
            None if hurt.is_some() && p.reach_affected.is_match(s) => hurt.map(|n| n * unit),
            None if p.pointer.is_match(s) => result,
            None if p.all_units.is_match(s) && p.ask_word.is_match(s) => count.map(|n| n * unit),
            None => None,
        };
        if let Some(v) = reached {
            asks.push(v);
        }
    }
    super::figures::one_distinct(asks).filter(|v| *v > 0)
}

/// Whether `v` is a figure this reading may replace: the unit, the working's total or result, or a count read as money.
pub fn replaces(own: &str, v: i64, order: i64) -> bool {
    let Some(p) = patterns() else { return false };
    let works = workings(p, own);
    v == order
        || works.iter().any(|w| {
            v == w.unit
                // A count of the units read by another step ("5 cushion covers … $8.99 each" read as 5 × 8.99).
                || (w.unit > 0 && v % w.unit == 0 && (2..=60).contains(&(v / w.unit)))
                || Some(v) == w.result
                || w.count.is_some_and(|n| v == n * w.unit || v == n * 100)
                || (v % 100 == 0 && (1..=12).contains(&(v / 100)))
        })
}

#[cfg(test)]
mod tests {
    use super::asked;

    #[test]
    fn the_patterns_compile() {
        assert!(super::patterns().is_some());
    }

    #[test]
    fn an_ask_reaching_a_count_asks_count_times_unit() {
        assert_eq!(
            asked("We sent back 2 of the 6 (2 x 22.50). Please refund those two, we keep the rest."),
            Some(4500)
        );
        assert_eq!(asked("14 sketchbooks were damaged (14 x 3.50). Can we get those refunded?"), Some(4900));
        assert_eq!(asked("They were 14.00 each. Can you refund those two?"), Some(2800));
        // blind89 `b-11`: the working's total told, the ask reaching one unit.
        assert_eq!(
            asked(
                "Hello, I order 2 dog beds, 50 € each, total 100 €. One is good, one is broken. Please refund the broken one."
            ),
            Some(5000)
        );
        assert_eq!(
            asked(
                "three packs at £9.99 each, so £29.97 total, but only two came. just refund the one that's missing please."
            ),
            Some(999)
        );
        assert_eq!(asked("bought 2x serum @ 19.95, only want 1 back, other is fine"), Some(1995));
        assert_eq!(asked("That's 3 x 30.00 missing. Just the money for those three."), Some(9000));
        assert_eq!(
            asked("I return the 2 cars, each one costs 12,99, so is 25,98 total. Please make the refund of this."),
            Some(2598)
        );
        assert_eq!(
            asked("Please action a partial credit for the following:\n- 2 x thermometers @ 9.95 = 19.90 (DOA)"),
            Some(1990)
        );
        assert_eq!(asked("please refund accordingly.\nUnit price 24.50. Short 2 units = 49.00."), Some(4900));
    }

    #[test]
    fn an_ask_naming_its_own_figure_or_adding_is_not_this_reading() {
        assert_eq!(asked("2 x 22.50 cushions. Please refund those two, 40.00 is fine."), None);
        assert_eq!(asked("2 x 22.50 cushions torn. Refund those two plus 10 for postage."), None);
        assert_eq!(asked("I bought 3 mugs at 12.00 each. Please refund my order."), None);
        assert_eq!(asked("refund for 2 of the 5 chairs please. They're 45.00 each so 90.00 back."), Some(9000));
        assert_eq!(asked("refund for 2 of the 5 chairs please. They're 45.00 each."), Some(9000));
    }
}
