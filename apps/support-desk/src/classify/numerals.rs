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
    // Italian (outside attack 52: "sessanta euro"); the elided tens ("vent" of "ventuno", "trent" of "trentotto")
    // are morphemes of their own.
    ("novecento", 900, Kind::Add),
    ("cento", 100, Kind::Hundred),
    ("mille", 1000, Kind::Thousand),
    ("mila", 1000, Kind::Thousand),
    ("novanta", 90, Kind::Add),
    ("ottanta", 80, Kind::Add),
    ("settanta", 70, Kind::Add),
    ("sessanta", 60, Kind::Add),
    ("cinquanta", 50, Kind::Add),
    ("quaranta", 40, Kind::Add),
    ("trenta", 30, Kind::Add),
    ("venti", 20, Kind::Add),
    ("novant", 90, Kind::Add),
    ("ottant", 80, Kind::Add),
    ("settant", 70, Kind::Add),
    ("sessant", 60, Kind::Add),
    ("cinquant", 50, Kind::Add),
    ("quarant", 40, Kind::Add),
    ("trent", 30, Kind::Add),
    ("vent", 20, Kind::Add),
    ("diciannove", 19, Kind::Add),
    ("diciotto", 18, Kind::Add),
    ("diciassette", 17, Kind::Add),
    ("sedici", 16, Kind::Add),
    ("quindici", 15, Kind::Add),
    ("quattordici", 14, Kind::Add),
    ("tredici", 13, Kind::Add),
    ("dodici", 12, Kind::Add),
    ("undici", 11, Kind::Add),
    ("dieci", 10, Kind::Add),
    ("nove", 9, Kind::Add),
    ("otto", 8, Kind::Add),
    ("sette", 7, Kind::Add),
    ("sei", 6, Kind::Add),
    ("cinque", 5, Kind::Add),
    ("quattro", 4, Kind::Add),
    ("tre", 3, Kind::Add),
    ("due", 2, Kind::Add),
    // Portuguese ("cem reais")
    ("novecentos", 900, Kind::Add),
    ("oitocentos", 800, Kind::Add),
    ("setecentos", 700, Kind::Add),
    ("quinhentos", 500, Kind::Add),
    ("quatrocentos", 400, Kind::Add),
    ("trezentos", 300, Kind::Add),
    ("duzentos", 200, Kind::Add),
    ("cem", 100, Kind::Add),
    ("mil", 1000, Kind::Thousand),
    ("noventa", 90, Kind::Add),
    ("oitenta", 80, Kind::Add),
    ("setenta", 70, Kind::Add),
    ("sessenta", 60, Kind::Add),
    ("cinquenta", 50, Kind::Add),
    ("quarenta", 40, Kind::Add),
    ("trinta", 30, Kind::Add),
    ("vinte", 20, Kind::Add),
    ("dezanove", 19, Kind::Add),
    ("dezenove", 19, Kind::Add),
    ("dezoito", 18, Kind::Add),
    ("dezassete", 17, Kind::Add),
    ("dezessete", 17, Kind::Add),
    ("dezasseis", 16, Kind::Add),
    ("dezesseis", 16, Kind::Add),
    ("quinze", 15, Kind::Add),
    ("catorze", 14, Kind::Add),
    ("quatorze", 14, Kind::Add),
    ("treze", 13, Kind::Add),
    ("doze", 12, Kind::Add),
    ("onze", 11, Kind::Add),
    ("dez", 10, Kind::Add),
    ("oito", 8, Kind::Add),
    ("sete", 7, Kind::Add),
    ("quatro", 4, Kind::Add),
    ("dois", 2, Kind::Add),
    ("duas", 2, Kind::Add),
    ("uma", 1, Kind::Add),
    ("e", 0, Kind::Join),
    // Dutch ("zestig euro"; "eenenveertig" is een + en + veertig)
    ("honderd", 100, Kind::Hundred),
    ("duizend", 1000, Kind::Thousand),
    ("negentig", 90, Kind::Add),
    ("tachtig", 80, Kind::Add),
    ("zeventig", 70, Kind::Add),
    ("zestig", 60, Kind::Add),
    ("vijftig", 50, Kind::Add),
    ("veertig", 40, Kind::Add),
    ("dertig", 30, Kind::Add),
    ("twintig", 20, Kind::Add),
    ("negentien", 19, Kind::Add),
    ("achttien", 18, Kind::Add),
    ("zeventien", 17, Kind::Add),
    ("zestien", 16, Kind::Add),
    ("vijftien", 15, Kind::Add),
    ("veertien", 14, Kind::Add),
    ("dertien", 13, Kind::Add),
    ("twaalf", 12, Kind::Add),
    ("tien", 10, Kind::Add),
    ("negen", 9, Kind::Add),
    ("zeven", 7, Kind::Add),
    ("zes", 6, Kind::Add),
    ("vijf", 5, Kind::Add),
    ("twee", 2, Kind::Add),
    ("drie", 3, Kind::Add),
    ("een", 1, Kind::Add),
    ("en", 0, Kind::Join),
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
            r"(?i)(?P<run>(?:[a-zäöüßéóúąćęłńśźż]+[ -]+){0,6}?[a-zäöüßéóúąćęłńśźż]+)\s+(?P<cur>euros?\b|eur\b|€|złotych\b|zlotych\b|złote\b|złoty\b|zł|zl\b|pln\b|d[óo]lares\b|pesos\b|francs\b|franken\b|chf\b|libras\b|livres\b|reais\b|rands?\b)(?:\s+(?P<minor>[a-zäöüßéóúąćęłńśźż]+))?",
        )
        .ok()
    })
    .as_ref()
}

/// The text with another language's spelt-out amounts before a currency written as digits, after the figures said
/// loosely are written as approximations or alternatives ([`super::vague::canonical`]).
pub fn as_digits(text: &str) -> String {
    let Some(re) = pattern() else { return text.to_string() };
    let vague = super::vague::canonical(text);
    let text = vague.as_str();
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
                // The words before the number as written ("Devolvam-me cem reais" keeps its hyphen).
                let word_starts: Vec<usize> = run
                    .char_indices()
                    .filter(|&(i, c)| c != ' ' && c != '-' && (i == 0 || run[..i].ends_with([' ', '-'])))
                    .map(|(i, _)| i)
                    .collect();
                let offset = word_starts.get(start).copied().unwrap_or(0);
                let lead = run[..offset].to_string();
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
        // Outside attack 52: Italian, Portuguese and Dutch.
        assert_eq!(as_digits("Rimborsatemi sessanta euro per favore"), "Rimborsatemi 60 euro per favore");
        assert_eq!(as_digits("rimborso di quarantanove euro"), "rimborso di 49 euro");
        assert_eq!(as_digits("ventuno euro"), "21 euro");
        assert_eq!(as_digits("duecentocinquanta euro"), "250 euro");
        assert_eq!(as_digits("Devolvam-me cem reais"), "Devolvam-me 100 reais");
        assert_eq!(as_digits("cento e vinte reais"), "120 reais");
        assert_eq!(as_digits("Geef me zestig euro terug"), "Geef me 60 euro terug");
        assert_eq!(as_digits("eenenveertig euro"), "41 euro");
        assert_eq!(as_digits("zwrot mi sto pięćdziesiąt złotych"), "zwrot mi 150 złotych");
        assert_eq!(as_digits("three euros and the tree euro"), "three euros and the tree euro");
    }
}
