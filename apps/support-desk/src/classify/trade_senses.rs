//! The trades' harmless senses of danger words (hazard38, ADR-1191). A danger word names harm only in its own
//! sense; in electronics, cooking, the garden, cars and engines, cosmetics, packaging and clothing colours the same
//! word is a part, a process or a quality of the goods: "backlight bleed", "bleed the brakes", "the fire starters burn
//! too fast", "blister packs", "the spark plug", "a shock absorber", "an exploded view", "non-toxic", "hazard lights",
//! "pull the choke", "the hose wound onto the reel", "a hairline fracture in the glaze", "bruised apples", "if I recall
//! correctly", "a rash decision". [`SENSES`] is the table — each danger word × its harmless senses, as the phrase that
//! carries the sense — and [`without_trade_senses`] blanks those phrases (offsets kept) before the safety words are
//! read. The harmful sense is untouched: "my finger bled", "burned my hand", "a shock off the casing", "it choked".

use regex::Regex;
use std::sync::OnceLock;

/// Each danger word and its harmless senses: (the word, the trade, the phrase that carries the harmless sense).
pub const SENSES: &[(&str, &str, &str)] = &[
    // Electronics and displays: light leaking at a screen's edges.
    (
        "bleed",
        "electronics",
        r"(?:back\s*light|backlit|light|ips|screen|panel|display|monitor|led)\s+bleed\w*|bleed\w*\s+(?:of\s+)?light\b|\bbleeds?\s+(?:light\s+)?(?:at|around|along|from)\s+(?:the\s+)?(?:edges?|corners?|sides?)",
    ),
    // Cars, bikes, heating: bleeding air out of a hydraulic or water system.
    (
        "bleed",
        "mechanics",
        r"bleed(?:ing)?\s+(?:the\s+|my\s+|a\s+|your\s+)?(?:\w+\s+)?(?:brakes?|brake\s+lines?|radiators?|lines?|system|air|hydraulics?|clutch|pump|fuel\s+lines?|injectors?)|bleed(?:er)?\s+(?:valves?|screws?|nipples?|keys?|kits?|ports?)|(?:brakes?|radiators?|lines?|system)\s+(?:needs?|needed)\s+(?:to\s+be\s+)?bled",
    ),
    // Print, textiles, cosmetics: a colour, dye or ink running.
    (
        "bleed",
        "colour",
        r"(?:colou?rs?|dyes?|inks?|paints?|prints?|stains?|lipsticks?|mascara|eyeliner|red|blue|black|green|denim)\s+(?:has\s+|have\s+|had\s+|is\s+|are\s+|was\s+|were\s+|started\s+|keeps?\s+)?(?:bled|bleed\w*|ran|running)\b|full[- ]bleed|bleeding[- ]edge|(?:pens?|markers?|felt[- ]tips?|highlighters?|ink\s+pens?|watercolou?rs?|shirts?|t-?shirts?|jeans|denim|towels?|socks?|sheets?|fabric|dress|garment|clothes|jumper|top)\s+(?:[a-z]+\s+){0,2}?(?:has\s+|have\s+|is\s+|are\s+|was\s+|were\s+|keeps?\s+)?(?:bled|bleed\w*)\s+(?:all\s+over|through|into|onto|on\s+to|everywhere|dye|colou?r|ink|blue|red|black|pink)|bled\s+(?:\w+\s+)?(?:dye|ink|colou?r)\b",
    ),
    // Fuel, candles and cooking: what burns is the fuel or the food.
    (
        "burn",
        "fuel",
        r"(?:fire\s*starters?|fire\s*lighters?|firelighters?|charcoal|briquettes?|wood|logs?|pellets?|candles?|wicks?|fuel|gas|coals?|kindling|incense|ones)\s+(?:\w+\s+){0,3}?(?:burns?|burnt|burned|burning)\s+(?:too\s+|very\s+|really\s+|so\s+)?(?:fast|quick(?:ly)?|slow(?:ly)?|evenly|unevenly|hot|hotter|clean(?:ly)?|well|out|down|long(?:\s+enough)?|for\s+(?:hours|ages|\d+))",
    ),
    (
        "burn",
        "electronics",
        r"(?:screen|image|pixel|oled|plasma)\s+burn(?:[- ]in)?|burn(?:ed|t)?[- ]in\b|burn(?:ed|t|ing)?\s+(?:a|the|some)\s+(?:cds?|dvds?|discs?|iso|image)|freezer\s+burn\w*|calorie\s+burn\w*|burn\s+rate",
    ),
    // A figure of speech: a question or an issue that presses (ask39, kinds38b `injury-018`).
    ("burn", "speech", r"burning\s+(?:questions?|issues?|desire|curiosity|ambition)"),
    // The grill's flame is its function.
    (
        "flame",
        "cooking",
        r"flame[- ]?(?:grill\w*|broil\w*|kissed|tamer|effect|retardant|resistant|guard|colou?r|thrower\s+(?:setting|burner))|flame\s+(?:is|was)\s+(?:too\s+)?(?:low|high|small|weak|uneven|yellow|blue)|flames?\s+(?:\w+\s+)?(?:blows?|blew|blown|goes|went|keeps\s+going|dies|died)\s+out|(?:no|without\s+a)\s+flame",
    ),
    // Smoked food and smoking wood, a smoke-free home, a smoker that smokes.
    (
        "smoke",
        "cooking",
        r"smoked\s+(?:salmon|fish|meat|ham|bacon|cheese|paprika|glass|oak|flavou?r|brisket|ribs|turkey|chicken|sausages?)|smok(?:e|ing)\s+(?:flavou?r|wood|chips|chunks|pellets|box|tube|rings?|area|jacket|point)|non[- ]smok\w*|smoke[- ]free|(?:quit|stopped|gave\s+up)\s+smoking|smokes?\s+(?:great|well|nicely|beautifully|perfectly|evenly)",
    ),
    // Engines and igniters: a spark is how they start.
    (
        "spark",
        "engines",
        r"spark\s+(?:plugs?|arrest\w*|gap|leads?)|(?:igniter|ignitor|ignition|piezo|lighter|starter)\s+(?:\w+\s+)?(?:sparks?|sparking|sparked)(?:\s+(?:but|fine|ok|okay))?|sparks?\s+joy|(?:no|not|never|doesn'?t|does\s+not|won'?t|will\s+not|isn'?t|is\s+not|stopped)\s+(?:\w+\s+){0,2}?sparks?\b(?:\s+(?:at\s+all|anymore|any\s+more))?",
    ),
    // Suspension, packaging, bungees: a shock absorbed.
    ("shock", "mechanics", r"shock\s*(?:absorb\w*|proof|[- ]resistant|mounts?|cords?|struts?)|shocks?\s+and\s+struts"),
    // Diagrams and figures of speech.
    (
        "explode",
        "diagrams",
        r"exploded\s+(?:view|diagram|drawing|parts?\s+(?:list|diagram))|explosion\s+of\s+(?:flavou?rs?|colou?rs?|taste)|(?:sales|demand|orders)\s+explod\w*",
    ),
    ("toxic", "labels", r"non[- ]toxic|toxic[- ]free"),
    (
        "hazard",
        "cars",
        r"hazard\s+(?:warning\s+)?(?:lights?|lamps?|switch|tape|triangles?|signs?|labels?\s+on\s+the\s+box)",
    ),
    // A small engine's choke and a dog's choke chain.
    (
        "choke",
        "engines",
        r"(?:the|a|full|half|on|off|manual|auto(?:matic)?)\s+choke\b(?:\s+(?:lever|knob|cable|valve|setting|position|plate|button|on|off))?|choke\s+(?:lever|knob|cable|valve|setting|position|plate|button|chain|collar)s?",
    ),
    // Packaging.
    ("blister", "packaging", r"blister[- ]?(?:packs?|packaging|packed|cards?|strips?|foils?)"),
    ("rash", "speech", r"rash\s+(?:decision|purchase|buy|choice|move|promise)s?|a\s+rash\s+of"),
    // A hose, a cable, a spring wound.
    (
        "wound",
        "garden",
        r"wound\s+(?:up|around|round|onto|on\s+to|back|tight(?:ly)?|loose(?:ly)?)\b|(?:tightly|loosely|hand|spring|badly|neatly)[- ]wound\b|wound[- ]up",
    ),
    // A crack in the goods.
    (
        "fracture",
        "goods",
        r"(?:hairline\s+)?fractur\w*\s+(?:in|on|across|along|through)\s+(?:the|its|a|one|each)\s+(?:\w+\s+)?(?:glass|glaze|bowl|plate|pot|planter|frame|casting|weld|handle|lid|seat|top|panel|screen|case|casing|tile|ceramic|stone|concrete|pipe|hose|blade|shaft)s?\b",
    ),
    // Fruit and leaves bruised.
    (
        "bruise",
        "produce",
        r"bruised\s+(?:apples?|fruit|pears?|bananas?|peaches?|avocados?|tomatoes?|leaves|petals?|plants?|herbs?|berries)",
    ),
    // Memory.
    (
        "recall",
        "memory",
        r"(?:if|as|from\s+what)\s+(?:i|we)\s+(?:can\s+|could\s+)?recall\b|(?:i|we)\s+(?:can'?t|cannot|don'?t|do\s+not|didn'?t|did\s+not|honestly\s+don'?t)\s+recall\b|(?:i|we|you)\s+(?:may\s+|might\s+|will\s+|should\s+|probably\s+)?recall(?:ed)?\s+(?:that|what|how|when|where|our|my|the\s+(?:price|amount|name|date|day|time|conversation|call|email|chat))\b|to\s+my\s+recall(?:ection)?\b",
    ),
    ("scald", "cooking", r"scalded\s+(?:milk|cream)|scald(?:ing)?\s+the\s+(?:milk|cream)"),
    (
        "hurt",
        "money",
        r"hurts?\s+(?:my|the|our)\s+(?:wallet|pocket|budget|bank\s+balance|bank\s+account)|(?:paid|cost|price|shipping|fee|postage|bill)[^.!?\n]{0,40}?\b(?:which|that|it)\s+hurt\b(?:\s*,|\s+but\b|\s*\))",
    ),
    // A figure of speech: laughing fit to fall, coffee as bad as a hospital's (blind90, blind91).
    (
        "fell",
        "speech",
        r"laugh\w*\s+so\s+(?:hard|much)\s+(?:\w+\s+){0,3}?(?:nearly|almost)\s+(?:fell|fall|died|choked|cried)(?:\s+off\s+(?:the\s+|her\s+|his\s+|my\s+)?\w+)?",
    ),
    ("hospital", "speech", r"hospital\s+(?:coffee|food|tea|corners?)"),
    // A fundraiser's barbecue ("running the sausage sizzle fridge", blind94 `b-00`) and food that sizzles.
    (
        "sizzle",
        "cooking",
        r"sausage\s+sizzles?|sizzl\w*\s+(?:on|in)\s+the\s+(?:bbq|barbecue|grill|pan|griddle|hotplate)|(?:steaks?|bacon|onions?|fajitas?)\s+sizzl\w*",
    ),
    // Swimwear: a rash guard (or rash vest) is a top, no rash (blind97).
    ("rash", "clothing", r"rash\s*(?:guards?|vests?|tops?|shirts?|suits?)"),
    // Hurt feelings: a gift late, a shop's words (outside attack 50).
    (
        "hurt",
        "feelings",
        r"(?:so|really|very|deeply|quite|truly|a\s+(?:bit|little))\s+hurt\s+(?:that\s+(?:the|you|your|it|my\s+(?:gift|order|parcel|present|package))|and\s+(?:disappointed|upset|let\s+down|sad))|(?:disappointed|upset|sad)\s+and\s+hurt\b|hurt\s+(?:my\s+|her\s+|his\s+|our\s+)?feelings|felt\s+(?:so\s+|really\s+|very\s+)?hurt\s+(?:that|by\s+(?:the|your|how))",
    ),
    // Outside attack 52: figures of speech and a life's other matters that hold a danger word.
    (
        "died",
        "speech",
        r"(?:nearly|almost|practically|literally)\s+died\s+(?:laughing|of\s+(?:laughter|embarrassment|shame|boredom|cringe))",
    ),
    (
        "smoke",
        "absence",
        r"(?:produces|makes|gives|puts\s+out)\s+no\s+smoke|(?:doesn'?t|does\s+not|won'?t|will\s+not)\s+(?:make|produce|give\s+off)\s+(?:any\s+)?smoke",
    ),
    (
        "court",
        "life",
        r"court\s+(?:date|appearance|hearing)s?\b|(?:tennis|basketball|squash|food|netball|badminton|volleyball|padel|pickleball)\s+courts?|court[\s-]+shoes?",
    ),
    (
        "shock",
        "feeling",
        r"(?:was|am|were|i'?m|i\s+am|so|really|quite|absolutely|honestly|genuinely)\s+shocked\s+(?:that|it|how|at\s+how|to\s+(?:see|find|learn|hear|discover))\b",
    ),
    // blind102, blind103: surprise at a price, and things given at a birth.
    ("fell", "speech", r"(?:i|she|he|we)\s+(?:nearly|almost)\s+fell\s+over\s*(?:[.,;:)!]|$|when|at\s+the\s+price)"),
    (
        "hospital",
        "birth",
        r"(?:baby\s+(?:arrived|came|was\s+born)|gave\s+birth|newborn)[^.!?\n]{0,80}?at\s+the\s+hospital|hospital\s+(?:bag|birth)|maternity\s+(?:ward|hospital)",
    ),
    // Outside attack 53: a Scottish supper, football's added minutes, goods made for hospitals.
    ("burn", "life", r"burns\s+(?:night|supper)"),
    ("injury", "sport", r"injury[- ]time"),
    (
        "hospital",
        "goods",
        r"hospital[- ]grade|hospital\s+bed\s+(?:sheets?|linen|covers?|rails?|mattress(?:es)?|tables?|wedges?)",
    ),
    // Wood and boards swelling with damp.
    (
        "swell",
        "wood",
        r"(?:wood|timber|door|drawers?|boards?|panels?|mdf|chipboard|planks?|slats?|deck(?:ing)?)\s+(?:has\s+|have\s+|had\s+)?(?:swell\w*|swollen)",
    ),
    // Outside attack 54 (F1659): a danger word as a function of the goods, in an idiom of money or feeling, or in a
    // job title on a signature's line.
    (
        "recall",
        "electronics",
        r"(?:memory\s+)?recall\s+(?:buttons?|functions?|keys?|features?|settings?|modes?|memory|channels?)\b|memory\s+recall",
    ),
    (
        "swallow",
        "money",
        // b106 `g-006`: "The 9.95 delivery we can swallow".
        r"swallow\s+(?:the\s+|that\s+|this\s+)?(?:[\w$£€.]+\s+)?(?:costs?|postage|shipping|delivery|courier|carriage|fees?|loss|difference|charges?|price)\b|(?:postage|shipping|delivery|courier|carriage|costs?|fees?|difference|loss|charges?)\s+(?:i|we)(?:'ll|\s+will|\s+can|\s+could|'?m\s+happy\s+to|'re\s+happy\s+to|\s+are\s+happy\s+to)?\s+(?:just\s+|happily\s+)?swallow|(?:hard|bitter|tough|big)\s+pill\s+to\s+swallow",
    ),
    (
        "choke",
        "speech",
        r"chok(?:ed|ing)\s+on\s+my\s+(?:morning\s+)?(?:coffee|tea|drink|cornflakes|cereal|toast|wine|beer)\s+(?:when|as|reading|seeing|at)\b",
    ),
    ("burn", "money", r"burn(?:ing|s|t|ed)?\s+a\s+hole\s+in\s+(?:my|your|his|her|our|their)\s+pockets?"),
    ("bleed", "money", r"bleed(?:ing|s)?\s+(?:me\s+)?(?:money|cash|dry)|bled\s+(?:me\s+)?dry"),
    (
        "toxic",
        "speech",
        r"toxic\s+(?:customer\s+)?(?:service|support|relationships?|workplace|positivity|person|people|behaviou?r|culture|attitude|ex|boss|management|company|reviews?|comments?)\b",
    ),
    ("poison", "speech", r"poisoned\s+chalice"),
    // A gift bought for someone who is in hospital: the recipient's state, told in passing, no harm from the goods.
    (
        "hospital",
        "life",
        r"(?:for|to)\s+(?:my|our|his|her|a)\s+(?:[a-z]+\s+)?(?:dad|father|mum|mom|mother|husband|wife|partner|son|daughter|brother|sister|friend|gran|granny|grandad|grandpa|grandma|nan|aunt|uncle|colleague|neighbou?r)\s+(?:who'?s|who\s+is|who\s+was|while\s+(?:he|she|they)\s+(?:is|was|were))\s+(?:still\s+|currently\s+)?in\s+(?:the\s+)?hospital\s*(?:[;,.)]|$)",
    ),
    // A job title alone on its line (a signature's): "Trading Standards Officer (retired)", "A&E consultant".
    (
        "job",
        "signature",
        r"(?m:^)(?:(?-i:[A-Z])[\w.&'-]*[ \t]+){1,4}(?:officer|consultant|nurse|doctor|inspector|paramedic|surgeon|registrar|firefighter|investigator|caseworker|adviser|advisor)s?(?:[ \t]*\([^)\n]*\))?[ \t]*(?m:$)",
    ),
    // A title or a workplace alone on a signature's line, with no closing above it (outside attack 63: "Hannah\nSolicitor",
    // "Jonas\nClinical Lead, Burns Unit", "Poison Centre", "Personal Injury Lawyer"): capitalised words only.
    (
        "job",
        "signature line",
        r"(?m:^)[ \t]*(?-i:(?:(?:[A-Z][\w.&'-]*|and|of|for|the|&)[ \t]*[,|/&]?[ \t]+){0,6}(?:Paramedic|Solicitor|Paralegal|Barrister|Lawyer|Attorney|Nurse|Doctor|Surgeon|Firefighter|Coroner|Litigation|Claims|Counsel|Legal|Associate|Handler|Officer|Registrar|Physio\w*|Liaison|Consultant|Specialist|Manager|Lead|Adviser|Advisor|Protection|(?:Burns?|Injury|Poison|Poisons|Trauma|Fire|Accident)[ \t]+(?:Unit|Centre|Center|Clinic|Ward|Service|Department|Team|Lawyers?|Solicitors?|Claims))s?(?:[ \t]*[,|/&]?[ \t]+(?:[A-Z][\w.&'-]*|and|of|for|the|&)){0,5})[ \t]*(?m:$)",
    ),
    // What goods are called when a danger word names their use (outside attack 63): a burn setting, a calorie-burn
    // tracker, a wood-burning pen, injury-prevention pads, an anti-scald valve, an explosion box, poison ivy gloves.
    (
        "burn",
        "goods",
        r"burn[- ](?:settings?|levels?|control(?:\s+dial)?|proof|protection|protective|resistant|guard|cream|gel|dressings?|tracker)\b|(?:calorie|fat)[- ]burn\w*|(?:wood|pyrography)[- ]burning\b",
    ),
    (
        "injury",
        "goods",
        r"(?:anti|sports?)[- ]injury\b|injury[- ](?:prevention|recovery|support|protection|guard|free|proof)\b",
    ),
    ("scald", "goods", r"(?:anti|no)[- ]scald\w*|scald[- ](?:guard|proof|protection|valve|stop|safe)\w*"),
    ("explosion", "goods", r"explosion[- ](?:box(?:es)?|cards?|prints?|printed|gift)\b"),
    ("poison", "botany", r"poison[- ](?:ivy|oak|sumac)\b"),
    // Outside attack 55 (`body-part-words`): a piece of furniture's broken leg ("The table arrived with a broken leg",
    // "Chair #2 has a broken leg", "Dog bed frame - broken leg out of the box"). The furniture is the subject and only
    // the words of arriving or having stand between: "the chair collapsed and my dad has a broken leg" names a person.
    (
        "leg",
        "furniture",
        r"(?:(?:coffee|side|dining|kitchen|bedside|dressing|console|garden|patio|picnic|tv|plant|piano|bar|step|folding|camp|dog|pet|cat|bed|ironing|work|nesting|occasional)\s+)?(?:tables?|desks?|chairs?|stools?|benches|bench|beds?|frames?|stands?|tripods?|sofas?|couch(?:es)?|settees?|armchairs?|recliners?|ottomans?|footstools?|pouffes?|shelf|shelves|shelving|bookcases?|cabinets?|dressers?|sideboards?|wardrobes?|nightstands?|easels?|ladders?|stepladders?|trestles?|cribs?|cots?|high\s*chairs?|lamps?|trolleys?|racks?|units?|consoles?|boards?|workbenches|workbench|planters?|futons?|bunks?|daybeds?|hammocks?)(?:\s*#?\d+)?(?:'s|’s)?\s*[-–:,]?\s*(?:(?:arrived|came|comes|has|had|have|with|a|an|one|two|three|the|its|got|is|was|were|delivered|already|just|only|now|and|also)\s+){0,4}(?:broken|snapped|cracked|fractured|wonky|bent|damaged|split)\s+(?:legs?|feet|foot|arms?)\b",
    ),
];

fn patterns() -> &'static [Regex] {
    static P: OnceLock<Vec<Regex>> = OnceLock::new();
    P.get_or_init(|| SENSES.iter().filter_map(|(_, _, p)| Regex::new(&format!(r"(?i)\b(?:{p})")).ok()).collect())
}

/// The text with the trades' harmless senses of danger words blanked (offsets kept), and the names of goods that
/// hold a danger word ([`without_product_names`]).
pub fn without_trade_senses(text: &str) -> String {
    let mut out = without_product_names(text);
    for re in patterns() {
        for m in re.find_iter(&out.clone()) {
            out.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    out
}

/// What goods are called: a costume, a poster, a box set, a perfume — the noun a product's name stands before.
const GOODS: &str = concat!(
    r"costumes?|outfits?|posters?|prints?|t-?shirts?|tees?|hoodies?|jumpers?|sweaters?|mugs?|books?|novels?|comics?|",
    r"(?:board\s+|card\s+|video\s+)?games?|dvds?|blu-?rays?|box\s*sets?|series|seasons?|films?|movies?|albums?|",
    r"records?|lps?|vinyls?|cds?|figures?|figurines?|dolls?|toys?|plush(?:ies)?|kits?|cards?|stickers?|perfumes?|",
    r"fragrances?|colognes?|scents?|candles?|plants?|seeds?|bulbs?|masks?|wigs?|decals?|puzzles?|jigsaws?|editions?|",
    r"caps?|hats?|socks|onesies?|canvas(?:es)?|artworks?|range|brand|models?|dresses|shirts?|sheets?|labels?|",
    // Outside attack 54: sweets, soaps, sets and the shoes a name stands before.
    r"candy|candies|sweets|chocolates?|lollipops?|soaps?|bath\s+bombs?|lotions?|sets?|lego|shoes?|insoles?"
);

/// A danger word that is part of what the goods are called is no harm (outside attack 50): a quoted name before the
/// goods' noun ("the 'Toxic' perfume", "the 'Burn Notice' box set"), a capitalised name before it ("the Injury
/// Lawyers poster", "The Attorney General board game", "the Burning Man poster"), a compound that names the goods
/// ("the lawyer costume", "the poison ivy costume", "the bleeding heart plant", "the explosion box card kit", "the
/// smoke machine"), and "injury" in an injury lawyer's trade (the lawyer stays for the legal reading). The same
/// words about the goods themselves still read: "the perfume is toxic", "the costume caught fire".
fn without_product_names(text: &str) -> String {
    static P: OnceLock<Option<Vec<Regex>>> = OnceLock::new();
    let Some(res) = P
        .get_or_init(|| {
            let goods = format!(r"(?:{GOODS})\b");
            Some(vec![
                // Quoted: at most five words between the marks, then the goods' noun (one word may stand between).
                Regex::new(&format!(
                    r#"(?i)['"‘“](?:[^'"‘’“”\n.!?]{{1,40}})['"’”]\s+(?:[\w-]+\s+)?{goods}"#
                ))
                .ok()?,
                // Quoted after the goods' noun (outside attack 53): "the book 'Burn After Reading'", "the DVD of 'The
                // Lawyer'", "the sticker sheet says 'danger zone'".
                Regex::new(&format!(
                    r#"(?i)\b{goods}\s+(?:[\w-]+\s+)?(?:(?:of|called|titled|named|says|said|reads|labell?ed|printed|marked)\s+)?['"‘“](?:[^'"‘’“”\n.!?]{{1,40}})['"’”]"#
                ))
                .ok()?,
                // Capitalised (not all-caps): one to three capitalised words, then the goods' noun in lower case.
                Regex::new(&format!(
                    r"\b(?:[A-Z][a-z]+(?:\s+(?:by|of|the|and|in|on|at|for|from)\s+|[ -])){{0,3}}[A-Z][a-z]+\s+(?:[a-z-]+\s+)?(?-i:{goods}|DVDs?|CDs?|LPs?|BDs?)"
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)\b(?:lawyers?|attorneys?|solicitors?|poison\s+ivy|bleeding\s+hearts?|explosion\s+box|burning\s+man|danger\s+mouse|fire\s+(?:truck|engine|fighter|station)|toxic\s+waste)\s+(?:[\w-]+\s+)?{goods}|\b(?:smoke|fog|haze)\s+machines?\b|\b[\w]+-themed\b|\b(?:ambulance|police|fire)\s+(?:[\w-]+\s+)?{goods}|\b(?P<name>(?:personal\s+)?injury)\s+(?:lawyers?|attorneys?|solicitors?|law\s+firms?|claims?\s+(?:firm|company|adverts?))"
                ))
                .ok()?,
            ])
        })
        .as_ref()
    else {
        return text.to_string();
    };
    // A capitalised run that is only a sentence's first word ("The heater set off …") names nothing.
    const NO_NAME: &[&str] = &[
        "The", "A", "An", "My", "Our", "Your", "This", "That", "These", "Those", "I", "We", "It", "He", "She", "They",
        "Hi", "Hello", "Dear", "Please", "So", "And", "But", "Also", "Then", "Both", "All",
    ];
    let mut out = text.to_string();
    for (k, re) in res.iter().enumerate() {
        for c in re.captures_iter(&out.clone()) {
            let Some(m) = c.name("name").or_else(|| c.get(0)) else { continue };
            if k == 2 {
                let named = m
                    .as_str()
                    .split_whitespace()
                    .filter(|w| w.starts_with(|ch: char| ch.is_uppercase()))
                    .any(|w| !NO_NAME.contains(&w));
                if !named {
                    continue;
                }
            }
            out.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_compiles() {
        assert_eq!(patterns().len(), SENSES.len());
    }

    /// Each danger word × its harmless senses: the ticket names no harm.
    #[test]
    fn harmless_senses_name_no_harm() {
        for t in [
            "monitor has backlight bleed, we will keep the unit",
            "The screen bleeds light at the edges. Is that normal?",
            "How do I bleed the brakes on the ride-on mower?",
            "the radiator needs to be bled, where is the bleed valve",
            "the red dye bled onto the white cushions in the first wash",
            "Which fire starters do you recommend? The ones I have burn too fast.",
            "the charcoal burns out in twenty minutes",
            "the OLED has screen burn-in after a month",
            "Item received damaged - foil seals broken on 4 of 6 blister packs.",
            "the spark plug is the wrong size for the mower",
            "the igniter sparks but the burner won't light",
            "The same is not lighting since delivery itself, igniter is not giving spark.",
            "the flame blows out in anything stronger than a sneeze",
            "last spring I bought your WDT tool (paid €12 shipping on that one which hurt, but fine)",
            "My wife laughed so hard she nearly fell off the jetty.",
            "she says the old Saeco makes \"hospital coffee\"",
            "The shock absorber on the garden cart wheel is broken",
            "the exploded view in the manual is missing part 14",
            "it says non-toxic on the box but smells strongly",
            "the hazard lights switch on the trailer board is stuck",
            "you have to pull the choke out fully or it won't start",
            "the hose wound up badly and kinked",
            "there's a hairline fracture in the glaze of the planter",
            "the apples in the hamper were bruised apples, sad",
            "if I recall correctly it was 45 dollars",
            "it was a rash decision, can I return it",
            "the flame-grilled setting does nothing",
            "I ordered the smoked glass lamp and got clear glass",
            "the drawers have swollen after the rain got in the shed",
            // Outside attack 52.
            "I nearly died laughing at how tiny it is. Refund.",
            "The smoke machine produces no smoke. Refund.",
            "I needed it for a court date next week but it came broken. Refund.",
            "I was shocked it broke so soon. Refund.",
            "My lawyer-themed mug arrived chipped. Refund.",
            "The Hurt Locker DVD won't play. Refund.",
            "The ambulance toy's siren doesn't work. refund",
            "she told me the price and I nearly fell over) so I only got it yesterday",
            "the baby arrived early and we were given three of these swaddles at the hospital.",
            // Outside attack 54.
            "The recall button on the TV remote is stuck. Refund please.",
            "I'll swallow the postage cost, just refund the order.",
            "Hard pill to swallow, but it's broken. Refund please.",
            "Bleeding money on stuff that breaks. Refund please.",
            "Poisoned chalice of a gift. Refund please.",
            "The court-shoe insoles don't fit. Refund.",
            "The hospital-themed Lego set is missing bricks. Refund.",
            "Toxic by Britney CD arrived scratched. Refund.",
            "Hi, the lid is cracked. Please refund my order.\n\nThanks,\nDr Jane Doe\nA&E consultant",
            // Outside attack 55: a piece of furniture's broken leg.
            "The table arrived with a broken leg. Refund please.",
            "Chair #2 has a broken leg.",
        ] {
            assert!(!crate::classify::safety_legal_injury(t), "{t}");
        }
    }

    /// The harmful sense of the same words still escalates.
    #[test]
    fn harmful_senses_still_escalate() {
        for t in [
            "Hinge pinched and bled my finger quite badly.",
            "the igniter sparked and I got a small burn on my hand",
            "the lens shattered and a bit of it caught him on the cheek just under his eye",
            "the bracket came loose and the whole thing nearly came down on my kid",
            "the electric mower gave me a shock when I touched the handle",
            "my toddler started choking on one of the little pegs",
            "the fairy lights started smoking after an hour",
            "the cushion covers gave my son an allergic reaction, rashes all over his arms",
            "there's a recall on this model, is mine affected?",
            // Outside attack 54: the same words as harm.
            "My son swallowed a button from the toy.",
            "The fumes were toxic and made me dizzy.",
            "Had to see a doctor\nafter it burned me",
            "We ended up in A&E with my daughter.",
            // Outside attack 55: a person's broken leg.
            "The chair collapsed and my dad ended up with a broken leg.",
        ] {
            assert!(crate::classify::safety_legal_injury(t), "{t}");
        }
    }
}
