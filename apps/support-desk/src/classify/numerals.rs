//! Amounts spelt out in the customer's own language (ADR-907): a run of Spanish, French, German or Polish number
//! words (1–999 999, German compounds included: "neunundzwanzig", "zweihundertdreißig") directly before a currency
//! word ("cuarenta y cinco euros", "quatre-vingt-dix euros", "sto pięćdziesiąt złotych") is written as its digits,
//! so the amount grammar reads it as it reads "45 euros". Only before a currency word: alone, words such as "six",
//! "un" or "sto" are other words too.
//!
//! Why a list remains: the number words of a language are a closed class; the grammar that composes them (units,
//! teens, tens, hundreds, "y"/"et"/"und"/"i" joining, French "quatre-vingt", German compounds) is read, not listed.

use regex::Regex;
use std::sync::OnceLock;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// Added to the running number.
    Add,
    /// Multiplies what stands before it by 100 ("deux cents", "zwei hundert"); 100 alone.
    Hundred,
    /// Multiplies what stands before it by 1000.
    Thousand,
    /// French "vingt" after "quatre": 4 × 20.
    Vingt,
    /// A joining word ("y", "et", "und", "i"): no value, never first or last.
    Join,
}

/// The morphemes, longest first where one is a prefix of another.
const WORDS: &[(&str, i64, Kind)] = &[
    // Spanish
    ("novecientos", 900, Kind::Add),
    ("ochocientos", 800, Kind::Add),
    ("setecientos", 700, Kind::Add),
    ("seiscientos", 600, Kind::Add),
    ("quinientos", 500, Kind::Add),
    ("cuatrocientos", 400, Kind::Add),
    ("trescientos", 300, Kind::Add),
    ("doscientos", 200, Kind::Add),
    ("ciento", 100, Kind::Add),
    ("cien", 100, Kind::Add),
    ("noventa", 90, Kind::Add),
    ("ochenta", 80, Kind::Add),
    ("setenta", 70, Kind::Add),
    ("sesenta", 60, Kind::Add),
    ("cincuenta", 50, Kind::Add),
    ("cuarenta", 40, Kind::Add),
    ("treinta", 30, Kind::Add),
    ("veinti", 20, Kind::Add),
    ("veinte", 20, Kind::Add),
    ("dieci", 10, Kind::Add),
    ("diez", 10, Kind::Add),
    ("once", 11, Kind::Add),
    ("doce", 12, Kind::Add),
    ("trece", 13, Kind::Add),
    ("catorce", 14, Kind::Add),
    ("quince", 15, Kind::Add),
    ("uno", 1, Kind::Add),
    ("una", 1, Kind::Add),
    ("dos", 2, Kind::Add),
    ("tres", 3, Kind::Add),
    ("cuatro", 4, Kind::Add),
    ("cinco", 5, Kind::Add),
    ("seis", 6, Kind::Add),
    ("siete", 7, Kind::Add),
    ("ocho", 8, Kind::Add),
    ("nueve", 9, Kind::Add),
    ("mil", 1000, Kind::Thousand),
    ("y", 0, Kind::Join),
    // French
    ("quatre", 4, Kind::Add),
    ("vingts", 20, Kind::Vingt),
    ("vingt", 20, Kind::Vingt),
    ("soixante", 60, Kind::Add),
    ("cinquante", 50, Kind::Add),
    ("quarante", 40, Kind::Add),
    ("trente", 30, Kind::Add),
    ("quatorze", 14, Kind::Add),
    ("quinze", 15, Kind::Add),
    ("treize", 13, Kind::Add),
    ("douze", 12, Kind::Add),
    ("onze", 11, Kind::Add),
    ("seize", 16, Kind::Add),
    ("dix", 10, Kind::Add),
    ("neuf", 9, Kind::Add),
    ("huit", 8, Kind::Add),
    ("sept", 7, Kind::Add),
    ("six", 6, Kind::Add),
    ("cinq", 5, Kind::Add),
    ("trois", 3, Kind::Add),
    ("deux", 2, Kind::Add),
    ("une", 1, Kind::Add),
    ("un", 1, Kind::Add),
    ("cents", 100, Kind::Hundred),
    ("cent", 100, Kind::Hundred),
    ("mille", 1000, Kind::Thousand),
    ("et", 0, Kind::Join),
    // German
    ("dreizehn", 13, Kind::Add),
    ("vierzehn", 14, Kind::Add),
    ("fünfzehn", 15, Kind::Add),
    ("sechzehn", 16, Kind::Add),
    ("siebzehn", 17, Kind::Add),
    ("achtzehn", 18, Kind::Add),
    ("neunzehn", 19, Kind::Add),
    ("zwanzig", 20, Kind::Add),
    ("dreißig", 30, Kind::Add),
    ("dreissig", 30, Kind::Add),
    ("vierzig", 40, Kind::Add),
    ("fünfzig", 50, Kind::Add),
    ("sechzig", 60, Kind::Add),
    ("siebzig", 70, Kind::Add),
    ("achtzig", 80, Kind::Add),
    ("neunzig", 90, Kind::Add),
    ("zwölf", 12, Kind::Add),
    ("zehn", 10, Kind::Add),
    ("elf", 11, Kind::Add),
    ("eins", 1, Kind::Add),
    ("eine", 1, Kind::Add),
    ("ein", 1, Kind::Add),
    ("zwei", 2, Kind::Add),
    ("drei", 3, Kind::Add),
    ("vier", 4, Kind::Add),
    ("fünf", 5, Kind::Add),
    ("sechs", 6, Kind::Add),
    ("sieben", 7, Kind::Add),
    ("acht", 8, Kind::Add),
    ("neun", 9, Kind::Add),
    ("hundert", 100, Kind::Hundred),
    ("tausend", 1000, Kind::Thousand),
    ("und", 0, Kind::Join),
    // Polish
    ("dziewięćset", 900, Kind::Add),
    ("osiemset", 800, Kind::Add),
    ("siedemset", 700, Kind::Add),
    ("sześćset", 600, Kind::Add),
    ("pięćset", 500, Kind::Add),
    ("czterysta", 400, Kind::Add),
    ("trzysta", 300, Kind::Add),
    ("dwieście", 200, Kind::Add),
    ("sto", 100, Kind::Add),
    ("dziewięćdziesiąt", 90, Kind::Add),
    ("osiemdziesiąt", 80, Kind::Add),
    ("siedemdziesiąt", 70, Kind::Add),
    ("sześćdziesiąt", 60, Kind::Add),
    ("pięćdziesiąt", 50, Kind::Add),
    ("czterdzieści", 40, Kind::Add),
    ("trzydzieści", 30, Kind::Add),
    ("dwadzieścia", 20, Kind::Add),
    ("dziewiętnaście", 19, Kind::Add),
    ("osiemnaście", 18, Kind::Add),
    ("siedemnaście", 17, Kind::Add),
    ("szesnaście", 16, Kind::Add),
    ("piętnaście", 15, Kind::Add),
    ("czternaście", 14, Kind::Add),
    ("trzynaście", 13, Kind::Add),
    ("dwanaście", 12, Kind::Add),
    ("jedenaście", 11, Kind::Add),
    ("dziesięć", 10, Kind::Add),
    ("dziewięć", 9, Kind::Add),
    ("osiem", 8, Kind::Add),
    ("siedem", 7, Kind::Add),
    ("sześć", 6, Kind::Add),
    ("pięć", 5, Kind::Add),
    ("cztery", 4, Kind::Add),
    ("trzy", 3, Kind::Add),
    ("dwa", 2, Kind::Add),
    ("dwie", 2, Kind::Add),
    ("jeden", 1, Kind::Add),
    ("jedna", 1, Kind::Add),
    ("tysiąc", 1000, Kind::Thousand),
    ("tysiące", 1000, Kind::Thousand),
    ("tysięcy", 1000, Kind::Thousand),
    ("i", 0, Kind::Join),
];

/// A word split into morphemes (a German compound, a Spanish "veintitrés"), or `None` when some part is no number.
fn morphemes(word: &str) -> Option<Vec<(i64, Kind)>> {
    let word = word.replace(['é', 'é'], "e").replace('ó', "o").replace('ú', "u");
    let mut out = Vec::new();
    let mut rest = word.as_str();
    while !rest.is_empty() {
        let (w, v, k) = WORDS.iter().filter(|(w, _, _)| rest.starts_with(w)).max_by_key(|(w, _, _)| w.len())?;
        out.push((*v, *k));
        rest = &rest[w.len()..];
    }
    Some(out)
}

/// The value of a run of morphemes, or `None` when it is no well-formed number (a join first or last, no value).
fn value(parts: &[(i64, Kind)]) -> Option<i64> {
    if parts.is_empty()
        || parts.first().is_some_and(|p| p.1 == Kind::Join)
        || parts.last().is_some_and(|p| p.1 == Kind::Join)
    {
        return None;
    }
    let (mut total, mut current, mut last) = (0i64, 0i64, 0i64);
    for (v, k) in parts {
        match k {
            Kind::Add => {
                current += v;
                last = *v;
            }
            Kind::Hundred => {
                current = current.max(1) * 100;
                last = 0;
            }
            Kind::Thousand => {
                total += current.max(1) * 1000;
                current = 0;
                last = 0;
            }
            Kind::Vingt => {
                if last == 4 {
                    current += 76;
                } else {
                    current += 20;
                }
                last = 0;
            }
            Kind::Join => {}
        }
    }
    let n = total + current;
    (n > 0).then_some(n)
}

fn pattern() -> Option<&'static Regex> {
    static P: OnceLock<Option<Regex>> = OnceLock::new();
    P.get_or_init(|| {
        Regex::new(
            r"(?i)(?P<run>(?:[a-zäöüßéóúąćęłńśźż]+[ -]+){0,6}?[a-zäöüßéóúąćęłńśźż]+)\s+(?P<cur>euros?\b|eur\b|€|złotych\b|zlotych\b|złote\b|złoty\b|zł|zl\b|pln\b|d[óo]lares\b|pesos\b|francs\b|franken\b|chf\b|libras\b|livres\b)(?:\s+(?P<minor>[a-zäöüßéóúąćęłńśźż]+))?",
        )
        .ok()
    })
    .as_ref()
}

/// The text with another language's spelt-out amounts before a currency written as digits.
pub fn as_digits(text: &str) -> String {
    let Some(re) = pattern() else { return text.to_string() };
    re.replace_all(text, |c: &regex::Captures| {
        let run = &c["run"];
        // The longest tail of the run's words that is a number.
        let words: Vec<&str> = run.split([' ', '-']).filter(|w| !w.is_empty()).collect();
        for start in 0..words.len() {
            let tail = &words[start..];
            let parts: Option<Vec<(i64, Kind)>> = tail
                .iter()
                .map(|w| morphemes(&w.to_lowercase()))
                .collect::<Option<Vec<_>>>()
                .map(|v| v.into_iter().flatten().collect());
            if let Some(n) = parts.as_deref().and_then(value) {
                // Words the English grammar reads as they are ("six euros") are left to it.
                let english = tail.iter().all(|w| matches!(w.to_lowercase().as_str(), "six" | "un"));
                if english {
                    break;
                }
                let kept: Vec<&str> = words[..start].to_vec();
                let lead = if kept.is_empty() { String::new() } else { format!("{} ", kept.join(" ")) };
                // The minor units said after the currency ("neunundvierzig Euro neunzig"): 49.90.
                let minor = c.name("minor").map(|m| m.as_str());
                let cents =
                    minor.and_then(|m| morphemes(&m.to_lowercase())).and_then(|p| value(&p)).filter(|v| *v < 100);
                return match (cents, minor) {
                    (Some(cc), _) => format!("{lead}{n}.{cc:02} {}", &c["cur"]),
                    (None, Some(m)) => format!("{lead}{n} {} {m}", &c["cur"]),
                    (None, None) => format!("{lead}{n} {}", &c["cur"]),
                };
            }
        }
        c[0].to_string()
    })
    .into_owned()
}

#[cfg(test)]
mod tests {
    use super::as_digits;

    #[test]
    fn number_words_of_four_languages_before_a_currency_are_digits() {
        assert_eq!(as_digits("return me cuarenta y cinco euros"), "return me 45 euros");
        assert_eq!(as_digits("I want back neunundzwanzig Euro"), "I want back 29 Euro");
        assert_eq!(as_digits("rembourser quatre-vingt-dix euros"), "rembourser 90 euros");
        assert_eq!(as_digits("zwrot sto pięćdziesiąt złotych"), "zwrot 150 złotych");
        assert_eq!(as_digits("deux cent cinquante euros"), "250 euros");
        assert_eq!(as_digits("zweihundertdreißig Euro"), "230 Euro");
        assert_eq!(as_digits("the six euros"), "the six euros");
        assert_eq!(as_digits("I paid the euros"), "I paid the euros");
        assert_eq!(as_digits("erstatten neunundvierzig Euro neunzig zurück"), "erstatten 49.90 Euro zurück");
        assert_eq!(as_digits("cinco euros por favor"), "5 euros por favor");
    }
}
