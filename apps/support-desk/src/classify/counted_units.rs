//! Goods counted at a unit price, and how many of them the ask wants back (blind136 `g-005`, `g-013`, blind137 `g-035`,
//! outside attack 65 `refund 5997`): the unit price is told once ("2 pole sets x 18.50", "each one 7,99", "I buy 2
//! monitor arm, each one 45.5", "3 x $19.99 phone cases", "Two $12.00 towels") and the ask counts the units it wants
//! ("refund those", "the money of the two gas", "money for one piece", "refund the lot", "both have holes. refund
//! please"). The amount asked is the units wanted times the unit price — never one unit where several are asked, nor
//! the order's amount where one is.
//!
//! Read only where a count of the goods and a unit price both stand in one sentence, and the ask's count is said:
//! a number before a thing or "one piece" in the asking sentence, or "those", "them", "the lot", "both", "all of
//! them", "all three" for every unit counted. A ticket that says none of these is left to the other readers.

use regex::Regex;
use std::sync::OnceLock;

fn re(cell: &'static OnceLock<Option<Regex>>, pattern: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// A count as a word up to ten, or digits up to 99 (outside attack 67: "qty 12 @ 3.25 EA").
const COUNT: &str = r"(?:[2-9]|[1-9]\d|two|three|four|five|six|seven|eight|nine|ten|twelve)";

/// What a unit's price is told per: "each", "ea", "per piece", "per towel", "a piece", "for piece", "/pack".
const PER: &str = r"(?:each(?:\s+one)?|ea\.?|apiece|per\s+[a-z]+|a\s+(?:piece|pack|packet|box|bag|pair|set|roll|bottle|tin|jar|tube|unit|item|ticket|seat|pass)|for\s+(?:a\s+|one\s+|each\s+)?(?:piece|unit|item|one)|/\s?[a-z]+)";

/// What is wrong with the units the ask wants back.
const FAULT_WORDS: &str = r"chips|cracks|holes|dents|scratches|stains|tears|doa|dead\s+on\s+arrival|defective|damaged|broken|faulty|cracked|dead|split|torn|chipped|missing|wrong|creased|empty|leak(?:ed|ing|s|y)?|stained|bent|dented|short|shortage|scratched|smashed|ripped|unopened";

/// A unit price: a currency, digits with an optional decimal point or comma.
const PRICE: &str = r"(?:[$€£]\s?|(?:usd|eur|gbp|aud|cad|nzd|rs\.?|inr)\s?)?\d{1,5}(?:[.,]\d{1,2})?(?:\s?(?:€|eur|euros?|dollars?|usd|pounds?|gbp))?";

fn count_value(word: &str) -> Option<i64> {
    match word.trim().to_lowercase().as_str() {
        "one" | "1" | "a" | "a single" | "single" => Some(1),
        "two" | "2" | "both" => Some(2),
        "three" | "3" => Some(3),
        "four" | "4" => Some(4),
        "five" | "5" => Some(5),
        "six" | "6" => Some(6),
        "seven" | "7" => Some(7),
        "eight" | "8" => Some(8),
        "nine" | "9" => Some(9),
        "ten" | "10" => Some(10),
        "twelve" => Some(12),
        digits => digits.parse().ok().filter(|n| (1..100).contains(n)),
    }
}

/// The unit count and the unit price in cents, when one sentence names both.
fn counted(own: &str) -> Option<(i64, i64)> {
    static TIMES: OnceLock<Option<Regex>> = OnceLock::new();
    static EACH: OnceLock<Option<Regex>> = OnceLock::new();
    static PRICED: OnceLock<Option<Regex>> = OnceLock::new();
    // "2 pole sets x 18.50", "qty 12 @ 3.25", "2 x phone cases at 14.99", "4 x LED strips (unit 3.25)", "4 of the
    // 12.00 tumblers".
    let times = re(
        &TIMES,
        &format!(
            r"(?i)\b(?P<n>{COUNT})\s*(?:[a-z][\w-]*\s+){{0,3}}?(?:x|×|@)\s*(?P<p>{PRICE})(?:\s|[.,;!)/]|$)|\b(?P<n3>{COUNT})\s*(?:x|×)\s*(?:[a-z][\w-]*\s+){{0,3}}?(?:at|@|for|\(\s*(?:unit(?:\s+price)?|each|ea)\s*:?)\s*(?P<p3>{PRICE})(?:\s|[.,;!)/]|$)|\b(?P<n4>{COUNT})\s+of\s+the\s+(?P<p4>{PRICE})\s+[a-z]|\beach(?:\s+(?:one|1))?\s+(?P<p5>{PRICE})\s+for\s+(?:the\s+|my\s+)?(?P<n5>{COUNT})\b"
        ),
    )?;
    let each = re(
        &EACH,
        &format!(
            r"(?i)\b(?P<n>{COUNT})\b(?:[^.!?\n]|\.\d){{0,60}}?\b(?:each(?:\s+one)?|per\s+(?:piece|unit|item|one)|a\s+piece)\s*(?:is\s+|was\s+|at\s+|for\s+|cost\s+|costs\s+)?[:=]?\s*(?P<p>{PRICE})\b|\b(?P<n2>{COUNT})\b(?:[^.!?\n]|\.\d){{0,60}}?\b(?P<p2>{PRICE})\s*{PER}(?:\b|\s|[.,;!)]|$)"
        ),
    )?;
    let priced =
        re(&PRICED, &format!(r"(?i)\b(?P<n>{COUNT})\s+(?:x\s+)?(?P<p>[$€£]\s?\d{{1,5}}(?:[.,]\d{{1,2}})?)\s+[a-z]"))?;
    let cents = |p: &str| {
        let digits: String = p.chars().filter(|c| c.is_ascii_digit() || *c == '.' || *c == ',').collect();
        super::money::number(&digits)
    };
    for r in [times, priced] {
        if let Some(c) = r.captures(own) {
            let n = c.name("n").or(c.name("n3")).or(c.name("n4")).or(c.name("n5"))?;
            let p = c.name("p").or(c.name("p3")).or(c.name("p4")).or(c.name("p5"))?;
            return Some((count_value(n.as_str())?, cents(p.as_str())?));
        }
    }
    let c = each.captures(own)?;
    let n = c.name("n").or(c.name("n2"))?;
    let p = c.name("p").or(c.name("p2"))?;
    Some((count_value(n.as_str())?, cents(p.as_str())?))
}

/// How many units the ask wants: a number before a thing or "one piece" in an asking sentence, or every unit
/// ("those", "the lot", "both", "all three") in it or in the fault told just before it.
fn units_asked(own: &str, counted: i64) -> Option<i64> {
    static ASK: OnceLock<Option<Regex>> = OnceLock::new();
    static ONE: OnceLock<Option<Regex>> = OnceLock::new();
    static NAMED: OnceLock<Option<Regex>> = OnceLock::new();
    static ALL: OnceLock<Option<Regex>> = OnceLock::new();
    // "back" alone is no ask ("Your warehouse has 1 of the 2 lamps back now", blind8).
    let ask = re(
        &ASK,
        r"(?i)\b(?:refund\w*|money|reimburs\w*|credit|return\s+me|give\s+me|pay\s+me|send\s+me)\b|\b(?:like|want|need|get)\b(?:[^.!?\n]|\.\d){0,40}\bback\b",
    )?;
    let one = re(
        &ONE,
        r"(?i)\b(?:for|of)\s+(?:the\s+)?(?:one|1|a\s+single|single|only\s+one|just\s+one)\s+(?:piece|item|unit|of\s+(?:them|the\s+\w+)|[a-z]+)\b|\b(?:the|that)\s+(?:one\s+)?(?:broken|faulty|damaged|bad|cracked)\s+one\b|\bthe\s+one\s+(?:that|which)\b",
    )?;
    let named = re(
        &NAMED,
        &format!(
            r"(?i)\b(?:of|for|refund|credit|return|reimburse)\s+(?:me\s+)?(?:for\s+)?(?:the\s+other\s+|the\s+|those\s+|these\s+|other\s+)?(?P<k>{COUNT}|one|1)\b(?:\s+(?P<next>[a-z]+)|\s*[,.!]|\s*$)"
        ),
    )?;
    // "Please refund for that chair", "refund this lamp" (outside attack 66 `PB`): one, named by a demonstrative and a
    // singular noun; a fault's count with the ask limited to the faulty ones ("1 defective. Refund for defective units
    // only").
    static THAT: OnceLock<Option<Regex>> = OnceLock::new();
    static FAULT: OnceLock<Option<Regex>> = OnceLock::new();
    static FAULTY_ASKED: OnceLock<Option<Regex>> = OnceLock::new();
    let that = re(
        &THAT,
        r"(?i)\b(?:for|of|refund|credit)\s+(?:me\s+)?(?:for\s+)?(?:just\s+|only\s+)?(?:that|this)\s+(?:one\b|(?P<noun>[a-z]+)\b)",
    )?;
    let fault = re(
        &FAULT,
        &format!(
            r"(?i)\b(?:shortage\s*:?\s*)?(?P<k>{COUNT}|one|1)\s+(?:[a-z]+\s+)?(?:of\s+them\s+)?(?:is\s+|are\s+|was\s+|were\s+|came\s+|arrived\s+|had\s+|have\s+)?(?:with\s+)?(?:the\s+|a\s+)?(?:{FAULT_WORDS})\b|\bshortage\s*:?\s*(?P<k2>{COUNT}|one|1)\b|\b(?:send|sending|return|returning|bring|bringing|take|taking)\s+(?P<k3>{COUNT}|one|1)\s+(?:of\s+them\s+)?back\b|\bshort[- ]?(?:shipped|delivered|supplied)\s+by\s+(?P<k4>{COUNT}|one|1)\b"
        ),
    )?;
    let faulty_asked = re(
        &FAULTY_ASKED,
        &format!(
            r"(?i)\b(?:{FAULT_WORDS})\s+(?:units?|qty|quantity|items?|ones?|pieces?|[a-z]+s)(?:\s+only)?\b|\b(?:only|just)\s+(?:the\s+)?(?:{FAULT_WORDS})(?:\s+(?:ones?|[a-z]+))?\b|\bthe\s+(?:{FAULT_WORDS})\s+[a-z]+\b|\bthe\s+short(?:age|fall)\b"
        ),
    )?;
    let all = re(
        &ALL,
        r"(?i)\b(?:refund|return|credit|reimburse|send\s+back)\s+(?:me\s+)?(?:for\s+)?(?:just\s+|only\s+)?(?:those|them|the\s+lot|all\s+of\s+them|them\s+all|both|all\s+(?:two|three|four|five|six|2|3|4|5|6))\b|\b(?:all\s+(?:two|three|four|five|six|2|3|4|5|6)|both|all\s+of\s+them)\b[^.!?\n]{0,40}\b(?:cracked|broken|faulty|damaged|empty|holes?|torn|ripped|leak\w*|dead|missing|defective|stained|wrong)\b",
    )?;
    let sentences: Vec<&str> = super::desk25::sentences(own).collect();
    for (i, s) in sentences.iter().enumerate() {
        if !ask.is_match(s) {
            continue;
        }
        if one.find_iter(s).any(|m| {
            let w = m.as_str().to_lowercase();
            !["hundred", "thousand", "dollar", "pound", "euro", "buck", "quid"].iter().any(|n| w.contains(n))
        }) {
            return Some(1);
        }
        let money_word = |w: &str| {
            ["hundred", "thousand", "dollar", "pound", "euro", "buck", "quid", "cent", "grand", "percent"]
                .iter()
                .any(|m| w.to_lowercase().starts_with(m))
        };
        if let Some(k) = named
            .captures_iter(s)
            .filter(|c| c.name("next").is_none_or(|n| !money_word(n.as_str())))
            .find_map(|c| count_value(&c["k"]))
        {
            return Some(k);
        }
        if that.captures_iter(s).any(|c| c.name("noun").is_none_or(|n| !n.as_str().to_lowercase().ends_with('s'))) {
            return Some(1);
        }
        let faults = || {
            sentences.iter().find_map(|t| {
                fault.captures(t).and_then(|c| {
                    c.name("k").or(c.name("k2")).or(c.name("k3")).or(c.name("k4")).and_then(|k| count_value(k.as_str()))
                })
            })
        };
        if faulty_asked.is_match(s)
            && let Some(k) = faults()
        {
            return Some(k);
        }
        let before = if i > 0 { sentences[i - 1] } else { "" };
        if all.is_match(s) || (all.is_match(before) && s.split_whitespace().count() <= 4) {
            // "Refund those", "Refund just those" after a count of faulty ones (outside attack 67: "3 books at 9.50
            // each, 2 arrived with torn covers. Refund those.") are those ones; "the lot", "both", "all three" every
            // unit.
            let every = s.to_lowercase().contains("lot")
                || s.to_lowercase().contains("all")
                || s.to_lowercase().contains("both");
            return Some(faults().filter(|k| !every && *k < counted).unwrap_or(counted));
        }
    }
    None
}

/// Whether the ticket counts goods at a unit price and its ask wants fewer of them than it counts.
pub fn fewer_units_asked(own: &str) -> bool {
    counted(own).is_some_and(|(n, _)| units_asked(own, n).is_some_and(|k| k < n))
}

/// The amount asked for counted goods, when the ticket names a unit price, a count and how many units it wants back.
/// `read` is the amount the other readers took: only the order's amount or the unit price itself is replaced (a figure
/// the customer asks — "want 45 back", "one unit gross (EUR 14.64)" — stands).
pub fn asked(own: &str, order_cents: i64, read: Option<i64>) -> Option<i64> {
    let (n, price) = counted(own)?;
    if read.is_some_and(|v| v != order_cents && v != price) {
        return None;
    }
    let k = units_asked(own, n)?;
    let total = k * price;
    (k <= n && total > 0 && total <= order_cents).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::asked;

    #[test]
    fn a_figure_asked_stands() {
        assert_eq!(asked("ordered 2 x 15, both wrong colour, want 45 back", 3000, Some(4500)), None);
        assert_eq!(asked("Two $12.00 towels, both have holes. refund please", 2400, Some(1200)), Some(2400));
    }

    #[test]
    fn the_units_asked_times_the_unit_price() {
        for (own, order, want) in [
            ("tent came w/o poles. 2 pole sets x 18.50. refund those", 42900, Some(3700)),
            (
                "I receive the order but two of the gas is empty. Please return me the money of the two gas, each one 7,99.",
                3196,
                Some(1598),
            ),
            (
                "Dear shop, I buy 2 monitor arm, each one 45.5, one is broken the screw hole. Please return me money for one piece.",
                9100,
                Some(4550),
            ),
            ("I ordered 3 x $19.99 phone cases, all three cracked. Refund the lot please.", 5997, Some(5997)),
            ("Two $12.00 towels, both have holes. refund please", 2400, Some(2400)),
            // No count in the ask: left to the other readers.
            ("I ordered 3 x $19.99 phone cases, one cracked. Refund please.", 5997, None),
            ("2 x $50.00 chairs, one is cracked. Please refund one hundred dollars.", 10000, None),
            (
                "We got 8 chairs at $40 each for the cafe. One has a split seat. Please refund for that chair.",
                32000,
                Some(4000),
            ),
            ("5 hoodies @ 32.00 ea. 1 defective. Refund for defective units only please.", 16000, Some(3200)),
            ("two tickets at $35 each; my friend can't come, refund one ticket please", 7000, Some(3500)),
            // More than the order: never read here.
            ("3 x $50.00 mugs, all three chipped. Refund the lot.", 9000, None),
        ] {
            assert_eq!(asked(own, order, None), want, "{own}");
        }
    }
}
