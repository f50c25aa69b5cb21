//! Another language's function words read as English's (ADR-873). Customers switch language mid-ticket ("Quiero la
//! mitad del dinero, o sea 40 dólares", "Natanggap ko na po yung refund", "queimou a mão do meu filho"); the reader's
//! grammar is English's, so before it reads, a closed gloss rewrites the few words that carry an ask, a share, a
//! multiple, an approximation, a receipt, thanks or an injury into the English words the grammar already reads: "quiero"
//! → "I want", "la mitad del" → "half of the", "el doble de" → "double", "unos" → "about", "natanggap ko na" → "I
//! received", "queimou" → "burned". It glosses words, not sentences: the structure that follows (a want's object, a
//! share's named amount, an approximation's figure) is read by the same mechanisms as in English.
//!
//! Why a list remains: these are closed classes of each language (pronoun + verb of wanting, receiving, returning;
//! share and multiple nouns; approximators; a few injury verbs), not the phrasings of a set. Languages glossed: the
//! ones customers have code-switched in across the sets (Spanish, Portuguese, French, German, Italian, Tagalog).
//! A word that is also an English word ("die", "also", "me", "real") is never glossed alone.

use std::sync::OnceLock;

use regex::Regex;

/// The gloss, in order (longer phrases before their parts).
const GLOSS: &[(&str, &str)] = &[
    // Receipt of money (the acknowledgement readings take "I received the refund").
    (r"natanggap\s+(?:ko|namin)\s+(?:na\s+)?(?:po\s+)?(?:yung|ang|ung)?", "I received the"),
    (r"(?:ya\s+)?me\s+lleg[oó]\s+(?:el|mi)", "I received the"),
    (r"(?:ya\s+)?(?:recib[ií]|he\s+recibido)\s+(?:el|mi)", "I received the"),
    (r"(?:j'ai\s+)?(?:bien\s+)?re[çc]u\s+(?:le|mon)", "I received the"),
    (r"(?:j[aá]\s+)?(?:recebi|chegou)\s+(?:o|meu)", "I received the"),
    (r"(?:ho\s+)?ricevuto\s+(?:il|lo)", "I received the"),
    (r"(?:die|meine)\s+r[üu]ckerstattung\s+ist\s+(?:jetzt\s+|heute\s+)?angekommen", "the refund has arrived"),
    (r"(?:die|meine)\s+r[üu]ckerstattung\s+(?:habe\s+ich\s+)?(?:erhalten|bekommen)", "I received the refund"),
    // The refund nouns and verbs (the ask words know some; the status and thanks readings need the English word).
    (r"reembolso|reembolsar|remboursement|rembourser|r[üu]ckerstattung|erstattung|rimborso|rimborsare", "refund"),
    (r"devu[eé]lv(?:a|an)(?:n?me|nos)|me\s+devuelv(?:e|en|an)|me\s+devolvam|devolvam-me|remboursez-moi", "refund me"),
    // Outside attack 53: the refund verb in the imperative and Dutch, Swedish and Polish nouns.
    (r"reemb[oó]ls(?:en|e|a)(?:me|nos)|erstatten\s+sie\s+(?:mir|uns)|erstatte\s+(?:mir|uns)", "refund me"),
    // Not Polish "zwrot" alone: "Zwrot 129,00 zł dotarł" thanks for a refund that arrived (kinds38).
    (r"devolvam|devuelvan|terugbetaling|terugbetalen|[åa]terbetala|[åa]terbetalning", "refund"),
    // Not Swedish "tack" alone: it is an English word (a horse's tack room, blind80 `g-018`).
    (r"graag|tack\s+s[åa]\s+mycket|prosz[eę]", "please"),
    // A want with a "that"-clause, as Polish, Spanish, French, German and Russian put it ("I want that you return me
    // 150 zł": "chcę, żeby", "quiero que", "je veux que"), read as English's "want you to" (ADR-907).
    (r"(want|would\s+like|wish)\s+that\s+you\s+(?:will\s+|would\s+|should\s+)?", "$1 you to "),
    // Wanting (first person): the desire grammar reads "I want".
    (
        r"quiero|quisiera|necesito|quero|queria|gostaria\s+de|preciso\s+de|preciso|je\s+veux|je\s+voudrais|ich\s+m[öo]chte|ich\s+will|voglio|vorrei|gusto\s+ko(?:\s+po)?|exijo(?:\s+que)?",
        "I want",
    ),
    // The money and its direction.
    (r"mi\s+dinero|mis\s+dineros|meu\s+dinheiro|mon\s+argent|mein\s+geld|i\s+miei\s+soldi|pera\s+ko", "my money"),
    (r"(?:del|do)\s+(?:dinero|dinheiro)", "of the money"),
    (r"(?:el|o)\s+(?:dinero|dinheiro)", "the money"),
    // A bare money noun and its direction, as the ask words read them in English ("Bitte Geld zurück").
    (
        r"(?:dinero|dinheiro|geld|soldi|argent)\s+(?:de\s+vuelta|de\s+volta|zur[üu]ck|indietro|en\s+retour)",
        "money back",
    ),
    (r"de\s+vuelta|de\s+volta|zur[üu]ck|indietro", "back"),
    (r"(?:lo|o)\s+que\s+(?:pagu[eé]|paguei)|ce\s+que\s+j'ai\s+pay[eé]|was\s+ich\s+bezahlt\s+habe", "what I paid"),
    // Shares and multiples ("a share with its amount named asks that amount"; a multiple is an over-ask).
    (
        r"(?:la|a)\s+mitad\s+(?:del|de\s+la|de\s+mi|do|da|de)|(?:a|la)\s+metade\s+(?:do|da|de)|la\s+moiti[ée]\s+(?:de|du)|die\s+h[äa]lfte\s+(?:des|der|von)",
        "half of the",
    ),
    (r"(?:la|a)\s+mitad|(?:a|la)\s+metade|la\s+moiti[ée]|die\s+h[äa]lfte|la\s+metà", "half"),
    (r"(?:un|um)\s+(?:tercio|ter[çc]o)\s+(?:del|de\s+la|do|da|de)", "a third of the"),
    (r"(?:un|um)\s+(?:tercio|ter[çc]o)", "a third"),
    (r"(?:el|o|le)\s+(?:doble|dobro|double)\s+(?:de|do|da|du)", "double"),
    (r"(?:el|o|le)\s+(?:triple|triplo)\s+(?:de|do|da|du)", "triple"),
    (r"(?:el|o|le)\s+doble|o\s+dobro", "double"),
    // Outside attack 53: a multiple as French, Portuguese, Spanish, German and Dutch put it on its own ("deux fois le
    // prix", "em dobro", "el triple", "das Zweifache", "dubbel").
    (r"deux\s+fois", "twice"),
    (r"trois\s+fois", "three times"),
    (r"em\s+dobro|en\s+double|das\s+zweifache|(?:het\s+)?dubbele?|dubbel", "double"),
    (r"em\s+triplo|el\s+triple|das\s+dreifache|(?:het\s+)?drievoudige?", "triple"),
    (r"das\s+vierfache|el\s+cu[aá]druple|o\s+qu[aá]druplo|le\s+quadruple", "quadruple"),
    // "that is" before a share's named amount.
    (r"o\s+sea|es\s+decir|ou\s+seja|c'est-[àa]-dire|cio[èe]", "that is"),
    // Approximations (U1 when the figure is the ask).
    (r"m[áa]s\s+o\s+menos|mais\s+ou\s+menos|plus\s+ou\s+moins|pi[ùu]\s+o\s+meno", "or so"),
    (r"unos|unas|uns|umas|alrededor\s+de|aproximadamente|environ|ungef[äa]hr|cerca\s+de", "about"),
    // Thanks and please.
    (
        r"(?:muchas\s+)?gracias|(?:muito\s+)?obrigad[oa]|merci(?:\s+beaucoup)?|danke(?:\s+sch[öo]n)?|grazie(?:\s+mille)?|(?:maraming\s+)?salamat(?:\s+po)?",
        "thanks",
    ),
    (r"por\s+favor|s'il\s+vous\s+pla[iî]t|bitte|per\s+favore", "please"),
    // Injuries and hazards (E2): the safety reading knows "burned", "injured", "dangerous".
    (
        r"(?:se\s+|me\s+)?quem(?:[oó]|[eé]|aron)|queim(?:ou|ei|aram|adura)|quemadura|br[ûu]l[ée]e?s?|br[ûu]lure|verbrannt|verbrennung|ustion[ei]?|nasunog|napaso",
        "burned",
    ),
    (
        r"herid[oa]s?|lesi[oó]n|ferid[oa]s?|machucou|bless(?:é|ée|és|ées)|verletzt|verletzung|ferit[oa]|nasugatan",
        "injured",
    ),
    // Smoke, a swollen battery, a cut (outside attack 50): Dutch, Portuguese, French, Spanish, German, Italian.
    (
        r"(?:gaan|begon\s+te|begint\s+te|is\s+gaan)\s+roken|rookte|rookt|(?:sair|saiu|sai|sa[ií]a)\s+fumo|fuma[çc]a|a\s+fum[ée]|de\s+la\s+fum[ée]e|fum[ée]e|echa(?:ba)?\s+humo|sali[oó]\s+humo|humo|rauch(?:t|te)?|qualm(?:t|te)|fumo",
        "smoke",
    ),
    (
        r"(?:la\s+|a\s+|die\s+|de\s+)?(?:batterie|bater[ií]a|accu|akku)\s+(?:a\s+|ist\s+|is\s+)?(?:gonfl[ée]e?|inchou|inchada|hinchada|se\s+hinch[oó]|aufgebl[äa]ht|opgezwollen|gonfia(?:ta)?)",
        "the battery swelled",
    ),
    (
        r"aufgeschnitten|geschnitten|snijwond|me\s+cort[eé]|cortou|coupure|je\s+me\s+suis\s+coup[ée]|tagliat[oa]",
        "cut my hand",
    ),
    // Outside attack 54 (F1659): a fire told in French, Polish, Swedish, Turkish, Czech and Russian.
    (
        r"(?:il\s+y\s+a\s+eu\s+)?un\s+incendie|po[żz]ar|brand(?:en)?\s+(?:br[öo]t|bryter)\s+ut|yang[ıi]n|po[žz][áa]r|пожар",
        "a fire broke out",
    ),
    (
        r"(?:si[eę]\s+)?zapali[łl][ao]?(?:\s+si[eę])?|b[öo]rjade\s+brinna|fattade\s+eld|yand[ıi]|alev\s+ald[ıi]|za[čc]al[ao]?\s+ho[řr]et|vzplanul[ao]?|загорел(?:ась|ся|ось|ись)|воспламенил\w*",
        "caught fire",
    ),
    (r"peligros[oa]|perigos[oa]|dangereux|dangereuse|gef[äa]hrlich|pericolos[oa]|delikado|mapanganib", "dangerous"),
    // A polite imperative with its subject kept, calqued from "por favor, usted devuélvame" / "bitte, Sie geben mir"
    // (blind134 `g-007`: "please you return me the money"): the plain imperative.
    (r"(?:please|pls|plz|kindly)\s*,?\s+you\s+(?:to\s+)?", "please "),
];

fn table() -> &'static [(Regex, &'static str)] {
    static TABLE: OnceLock<Vec<(Regex, &'static str)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        GLOSS
            .iter()
            .filter_map(|(pattern, english)| {
                Regex::new(&format!(r"(?i)(?:^|\b)(?:{pattern})(?:\b|$)")).ok().map(|re| (re, *english))
            })
            .collect()
    })
}

/// A figure in the customer's language glossed in brackets before its currency ("dwadzieścia (twenty) euro", "vingt
/// (20) euros"): the gloss is the figure (F1610). An English number before the bracket ("one hundred twenty (120)
/// euro") is the figure already, restated: left to the restatement readers.
fn bracketed_glosses(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\b(?P<word>[^\W\d_]\w*)\s*\(\s*(?P<gloss>\d+(?:[.,]\d{1,2})?|(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)[\s-]*){1,4})",
                r"\s*\)\s*(?P<cur>euros?|eur|dollars?|usd|pounds?|gbp|bucks|quid|z[łl]oty|zł|pln|rupees?|inr|yuan|rmb|francs?|chf|kronor|krona|sek|nzd|aud|cad)\b",
            ))
            .ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    re.replace_all(text, |c: &regex::Captures| {
        let word = c["word"].to_lowercase();
        if super::NUMBER_WORDS.split('|').any(|n| n == word) || word == "and" {
            c[0].to_string()
        } else {
            format!("{} {}", c["gloss"].trim(), &c["cur"])
        }
    })
    .into_owned()
}

/// The text with the glossed words in English; unchanged when it holds none of them.
pub(super) fn english(text: &str) -> String {
    // The dessert's name is no burn ("the crème brûlée ramekins", outside attack 63): it never reaches the French word.
    static DESSERT: OnceLock<Option<Regex>> = OnceLock::new();
    let dessert = DESSERT.get_or_init(|| Regex::new(r"(?i)\bcr[eèé]me\s+br[ûu]l[ée]es?\b").ok());
    let text = &match dessert {
        Some(re) => re.replace_all(text, "creme caramel").into_owned(),
        None => text.to_string(),
    };
    let mut out = bracketed_glosses(text);
    for (re, english) in table() {
        if re.is_match(&out) {
            out = re.replace_all(&out, *english).into_owned();
        }
    }
    // A learner's tense of receiving money back read as English's past (desk35, ADR-1153).
    super::desk35::learner_receipts(&out)
}

#[cfg(test)]
mod tests {
    use super::english;

    #[test]
    fn glosses_the_closed_classes_only() {
        assert_eq!(
            english("Quiero la mitad del dinero, o sea 40 dólares"),
            "I want half of the money, that is 40 dólares"
        );
        assert_eq!(english("Natanggap ko na po yung refund kahapon"), "I received the refund kahapon");
        assert_eq!(english("queimou a mão do meu filho"), "burned a mão do meu filho");
        assert_eq!(english("I also want my money back, die-cast model"), "I also want my money back, die-cast model");
        assert_eq!(english("God blesses you, la meta is reached"), "God blesses you, la meta is reached");
        assert_eq!(english("Please return me dwadzieścia (20) euro"), "Please return me 20 euro");
        assert_eq!(english("Please return me dwadzieścia (twenty) euro"), "Please return me twenty euro");
    }
}
