//! Hazards as a small typed table (ADR-1117): a hazard the customer describes without the words "unsafe",
//! "dangerous" or "injury" — glass in the cat food, mould someone ate, a burning smell, a part in a child's mouth, an
//! allergic attack, a recall — is read as a row of **object × context** in one sentence: the thing that is wrong and
//! the place or happening that makes it a hazard (a foreign body *in food*, spoiled food *eaten*, a small part *in a
//! child's mouth*). Each row names its [`Hazard`] so a trace can say which kind fired.
//!
//! Read on the customer's words and the quotes alike (escalating is the safe side). An ordinary fault of the goods —
//! "broken", "scratched", "doesn't fit", "stopped working", "dented", "leaked" — names no object of a row in its
//! context and never matches (`ordinary_faults_never_match`). Container compounds ("glass jar", "metal lid", "plastic
//! tub") are the container, not a foreign body: they are folded to their head noun before the rows are read.

use regex::Regex;
use std::sync::OnceLock;

/// The kinds of hazard the table knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hazard {
    /// A foreign body in food: glass, metal, plastic, a stone, an insect in what is eaten.
    ForeignBodyInFood,
    /// Spoiled food (mould, rotten, gone off, past its date) that someone ate or was fed.
    SpoiledFoodEaten,
    /// Heat, fire or electricity out of place: a burning smell, smouldering, singed, a short circuit.
    HeatFireElectric,
    /// A small part, a battery, a magnet or paint in a child's mouth, chewed or swallowed.
    ChildsMouth,
    /// An allergic attack or an allergen the label did not declare.
    Allergy,
    /// A product recall or safety notice.
    Recall,
    /// A person thrown, struck or hurt by the goods (desk35, ADR-1150): someone came off or went over the bars, hit
    /// the ground, something came down on a body part, a tooth chipped, a lump on the head, first aid given.
    PersonHurt,
    /// Current through a person or a live casing (ADR-1150): "giving current when I touch the steel", "a shock off
    /// the blender base", "a jolt from the fryer casing", "gives electric to my son".
    LiveCurrent,
    /// A part that keeps a person safe failing (brakes, steering, a harness, a safety valve), or any part failing
    /// while ridden, climbed or driven (ADR-1150): "brakes gave out on the hill", "the stem snapped while riding".
    SafetyPartFailed,
    /// A body part that a gap, a hinge or a fold can trap (ask39, ADR-1242): "the gap is wide enough that Freya's head
    /// could get stuck", "a baby's leg could get stuck between the rails", "fingers got trapped under the drawer".
    Entrapment,
    /// A person hurt told in the passive, the harm its participle (ask39, ADR-1242): "kid got cut on the bracket", "my
    /// wife was cut putting it in", "son got scratched by the latch", "my little one got pinched in the hinge".
    PersonHurtPassive,
    /// The goods judged unsafe by a negated "safe" (ask39, ADR-1242): "this isn't safe", "it is not safe to sit on".
    UnsafeVerdict,
    /// A battery or its cells changing shape or venting, in any words for it (haz41, ADR-1352): "the power bank battery
    /// is become fat", "cell swelling observed, pack is off-gassing", "puffy battery".
    BatteryFailing,
    /// Heat or current named in the trade's words or a person's own (haz41, ADR-1352): "thermal event", "thermal
    /// runaway", "fire risk", "it give me electric in my hand".
    HeatOrCurrent,
    /// A person taken for care (haz41, ADR-1352): "ended up at the walk-in clinic with her ankle", "had to take him to
    /// urgent care".
    CareVisit,
    /// A hot liquid or steam reaching a person's body part, told by the event (haz42, ADR-1392): "the kettle spat boiling
    /// water and splashed my daughter's arm", "steam vented from the lid and struck the operator's wrist", "the coffee
    /// machine spit the hot water on the hand of my wife".
    ScaldByEvent,
    /// An electrical fault told by what was seen or heard (haz42, ADR-1393): "a pop and a flash from the switch", "a big
    /// bang and blue light from the plug", "the socket went pop", "crackling behind the fuse box". A crack in a thing, a
    /// plug that pops out of its socket and a charger "popped in" the socket are no such event.
    ElectricSeen,
    /// A fire as an event that happened in a home (outside attack 54, F1659): a fire the goods started, caused or nearly
    /// started, one that broke out, was put out or had firefighters come, a thing set alight, the goods combusted,
    /// charred or blackened power parts, a home's surface melted, insulation melted off a lead. A fire the writer
    /// lights ("I started a fire in the log burner") has no goods for its subject and is not read.
    FireEvent,
    /// Current a person can reach (outside attack 54): wires exposed or live, bare copper showing, a tingle felt on
    /// touching the goods.
    ExposedCurrent,
    /// A body harmed or treated, told by the event (outside attack 54): eyes swelled shut, a pet's paw cut, someone who
    /// fell because a part came off, surgery needed.
    BodyHarmed,
    /// A part that let go in use (outside attack 54): a buckle released while braking, a blade that flew out, a handle
    /// that came off with boiling water going everywhere (water merely hot, or over a counter, is a mess).
    PartLetGoInUse,
    /// What must not be in the goods (outside attack 54): lead in paint, asbestos, a needle in a soft toy, mould in a
    /// baby's feeding things.
    HarmfulContent,
    /// Gas escaping from the goods (b108 `g-012`): a smell of gas, gas leaking, a cylinder, canister or regulator
    /// hissing ("tank valve hissing kids near it"). A hissing valve beside water words (a cistern's fill valve) is a
    /// plumbing fault, not gas.
    GasEscaping,
    /// An animal made ill or hurt by the goods (b107 `g-039`): "the supplement make my horse very sick, he have colic",
    /// "our dog got sick after the treats", the vet called out. The pet's paw cut is [`Hazard::BodyHarmed`].
    AnimalHarmed,
    /// A body reacting to the goods (outside attack 55, `harm-illness`): sickness, a stomach upset, a migraine,
    /// dizziness, a faint, numb lips, palpitations, an asthma attack, skin or eyes reacting — told with the goods as
    /// its cause ("the cleaner gave me terrible nausea", "made my cat sneeze and wheeze"), or told of a person or an
    /// animal with what set it off in the sentence ("my son's lips went numb after chewing the teether", "threw up
    /// after the new chews"). An illness with no such cause ("I was ill last week so couldn't post it", "sick of
    /// waiting") is no reaction to the goods.
    BodyReaction,
    /// An animal killed or taken, or trapped by the goods (outside attack 55, `harm-animal`): "two of my chickens died
    /// after we used the feeder", "the filter sucked in my betta and killed him", "the fox got one of our rabbits", "the
    /// wire trapped a sparrow by the leg". A death told as the past of a life ("our dog died last year") is not one.
    AnimalKilled,
    /// A hazard told as an event with nobody hurt (outside attack 55, `harm-in-passing`): a person tripping on the
    /// goods, a child able to reach a balcony or a window because a lock failed, a pet running into traffic, a blade
    /// coming loose while running, a guard part letting go by itself.
    NearMiss,
}

/// An animal the goods can harm (outside attack 55 added the fish, poultry, small pets and garden birds people keep or
/// feed; never "mouse", which is also a computer's).
const ANIMAL: &str = r"horse|pony|ponies|mare|gelding|foal|donkey|dog|puppy|puppies|pup|cat|kitten|pet|rabbit|bunny|bunnies|hamster|gerbil|chinchilla|guinea\s+pig|rat|degu|parrot|parakeet|cockatiel|bird|budgie|canary|canaries|finch(?:es)?|sparrow|robin|blue\s+tit|great\s+tit|chicken|chick|hen|duck|duckling|goose|geese|quail|turkey|goat|sheep|lamb|cow|cattle|calf|calves|pig|piglet|alpaca|fish|goldfish|betta|tetra|guppy|guppies|koi|shrimp|axolotl|frog|turtle|tortoise|lizard|gecko|snake|ferret|hedgehog|spaniel|labrador|retriever|terrier|poodle|collie|beagle|dachshund|husky|huskies|pug|chihuahua|bulldog|greyhound|whippet|lurcher|corgi|cockapoo|labradoodle|cavapoo|schnauzer|dalmatian|rottweiler|doberman|staffie|staffy|stallion|moggy|tabby|budgerigar|lovebird|macaw|cockatoo|rooster|cockerel|bantam|heifer|ewe|llama|pupper|pigeon|dove|blackbird|thrush|starling|magpie|wren|squirrel";

/// An animal's hurt told in other words (outside attack 56): a body part cut, chipped or broken, an open sore, skin
/// rubbed or scratched raw, "the runs".
const ANIMAL_HURT: &str = r"(?:sliced|cut|gashed|nicked|chipped|cracked|broke|split|tore|burnt|burned|bruised|ripped)\s+(?:(?:his|her|its|their|one\s+of\s+(?:his|her|its|their))\s+)(?:\w+\s+)?(?:paws?|pads?|legs?|hoof|hooves|teeth|tooth|claws?|toes?|beak|gums?|tongue|tail|ears?|nose|mouth|belly|shell|feet|foot|wings?|neck|skin)\b|\bopen\s+sores?\b|\b(?:rubbed|rubbing|scratch\w*|chewed|licked|worn)\s+(?:[\w'’]+\s+){0,3}?raw\b|\b(?:had|has|have|got|gets|get|with|giving|gave|given)\s+(?:\w+\s+){0,2}the\s+runs\b|\b(?:teeth|tooth|paws?|pads?|hoof|hooves|claws?)\s+(?:got\s+|were\s+|was\s+|are\s+|is\s+)?(?:chipped|cut|broken|cracked|bleeding)\b";

/// A person the goods can hurt: the writer, their family, staff, a user.
const PERSON: &str = r"i|we|he|she|they|me|us|him|her|them|(?:my|our|his|her|their|the|a|one\s+of\s+(?:the|our|my))\s+(?:\w+\s+)?(?:husband|wife|partner|son|daughter|child|children|kid|kids|boy|girl|baby|dad|father|mum|mom|mother|brother|sister|friend|colleague|gran|granny|grandad|grandpa|grandma|grandmother|grandfather|nan|aunt|uncle|neighbou?r|toddler|little\s+one|staff|chef|cook|commis|user|operator|rider|employee|worker|customer|member\s+of\s+staff|staff\s+member|guest)s?|someone|somebody";

/// A person named with or without a determiner, as a terse writer names them ("kid got cut", "son got scratched").
const PERSON_BARE: &str = r"(?:(?:my|our|his|her|their|the|a|one\s+of\s+(?:the|our|my))\s+(?:\w+\s+)?)?(?:husband|wife|partner|son|daughter|child|children|kid|kids|boy|girl|baby|dad|father|mum|mom|mother|brother|sister|friend|colleague|gran|granny|grandad|grandpa|grandma|grandmother|grandfather|nan|aunt|uncle|toddler|little\s+one|grandson|granddaughter|niece|nephew|staff|user|worker|customer|guest)s?|i|we|he|she|they";

/// Harm a person takes, as a participle: the passive of a cut, a trap or a blow.
/// Not the words the safety reading already knows ("hurt", "burned"), nor those with a sense of money or feeling
/// ("stung by the fees", "shocked by the price", "crushed by the news").
const HARM_PARTICIPLE: &str = r"cut|sliced|nicked|gashed|grazed|scratched|scraped|pinched|trapped|jammed|stabbed|pierced|punctured|scalded|bruised";

/// Verbs of harm done to a body part, active (haz40, ADR-1302).
const HARM_ACTIVE: &str = r"scraped|scrapes|grazed|grazes|skinned|gashed|bruised|sprained|twisted|fractured|broke|bashed|banged|smashed|stubbed|crushed|wrenched|jarred|dislocated|scalded|scorched|burnt|burned|cut|sliced|nicked|split|tore|busted|hurt|injured|whacked|bumped|knocked|pulled\s+a\s+muscle\s+in";

/// Body parts no goods are made of (haz40): a suitcase has a back, a face, a handle's arm, a zip's teeth and a shoe's
/// heel and toe, so those are left to the possessive forms the safety words read ("hurt my back").
const LIMBS: &str = r"palms?|elbows?|shins?|thighs?|calf|calves|knees?|kneecaps?|ankles?|wrists?|fingers?|fingertips?|thumbs?|knuckles?|ribs?|collarbone|skull|forehead|cheeks?|chin|eyebrows?|eyelids?|hips?|hands?|tendons?|ligaments?|fingernails?";

/// The body parts a gap, a hinge or a fold can trap.
const TRAPPABLE: &str = r"head|face|neck|fingers?|fingertips?|thumbs?|hands?|arms?|legs?|foot|feet|toes?|wrists?|ankles?|knees?|limbs?|tongue";

/// The people a writer names by their relation to them (and the people they look after).
const RELATIVE: &str = r"husband|wife|partner|son|daughter|child|kid|boy|girl|baby|dad|father|mum|mom|mother|brother|sister|friend|colleague|gran|granny|grandad|grandpa|grandma|grandmother|grandfather|grandson|granddaughter|grandchild|grandkid|niece|nephew|nan|aunt|uncle|neighbou?r|toddler|little\s+one|fianc[ée]e?|boyfriend|girlfriend|stepson|stepdaughter|pupil|student|patient|client|customer|guest|employee|worker|colleague|flatmate|roommate|teammate|player|rider";

/// A person as the object of a blow or a weight (hazard38, ADR-1191).
const PERSON_OBJ: &str = r"me|him|her|us|them|(?:my|our|his|her|their|the|a)\s+(?:\w+\s+)?(?:husband|wife|partner|son|daughter|child|children|kid|kids|boy|girl|baby|dad|father|mum|mom|mother|brother|sister|friend|colleague|gran|granny|grandad|grandpa|grandma|grandmother|grandfather|grandson|granddaughter|grandchild|grandkid|niece|nephew|nan|aunt|uncle|neighbou?r|toddler|little\s+one|staff|user|worker|customer|guest|dog|cat|puppy|kitten)s?";

/// The parts of a face a shard or a blow reaches (hazard38).
const FACE: &str = r"cheeks?|chin|forehead|temple|eyebrows?|eyelids?|ears?|jaw|shins?|scalp";

/// A body part.
const BODY: &str = r"head|face|leg|legs|foot|feet|arm|arms|hand|hands|fingers?|toes?|back|chest|shoulders?|knees?|hips?|neck|wrists?|ankles?|lap|eye|eyes|mouth|lip|lips|nose";

/// An appliance or the part of one a hand touches.
const APPLIANCE: &str = r"faceplate|face\s*plate|screw|fitting|fixture|terminal|dimmer|base|casing|case|body|metal|steel|handle|plug|socket|cable|cord|lead|switch|door|frame|kettle|toaster|fridge|freezer|fryer|oven|hob|cooktop|cooker|blender|mixer|iron|machine|unit|appliance|heater|lamp|microwave|dishwasher|washer|dryer|tap|outlet|charger|grill|range|it";

/// Verbs of a part giving way.
const GAVE_WAY: &str = r"fail(?:ed|s|ing)?|gave\s+(?:out|way)|gives?\s+way|giving\s+way|snapped|sheared(?:\s+off)?|collapsed|buckled|locked\s+up|seized(?:\s+up)?|stopped\s+(?:doing\s+anything|working|responding|biting)|(?:didn'?t|did\s+not|won'?t|wouldn'?t|doesn'?t|does\s+not)\s+(?:work|stop|hold|engage|catch|release|bite|respond)|came\s+(?:off|out|loose|apart|away|undone|open)|pulled\s+(?:out|away|off)|detached|broke(?:\s+(?:off|away|apart))?|let\s+go|cracked\s+through|(?:opened|opens|dropped(?:\s+down)?|released|unclipped|unbuckled|unlatched|undid|unlocked)\s+(?:by\s+itself|on\s+its\s+own|itself)|unclipped|unbuckled|unlatched|popped\s+(?:open|off|out)|fold(?:ed|s)(?:\s+(?:up|in|down))?";

/// Being ridden, climbed or driven, or at speed.
const IN_MOTION: &str = r"(?:going|riding|cycling|coming|rolling)\s+(?:down|up)(?:\s*hill)?|downhill|down\s+(?:the|a)\s+hill|on\s+the\s+(?:hill|descent|motorway|stairs)|at\s+speed|at\s+full\s+speed|mid[- ]ride|while\s+(?:(?:i|he|she|we|they|my\s+\w+|our\s+\w+)\s+(?:was|were|am|is|are)\s+)?(?:riding|cycling|driving|climbing|scooting|skating|descending|standing\s+on)(?:\s+(?:it|on\s+it))?|while\s+(?:i|he|she|we|they|my\s+\w+|our\s+\w+)\s+(?:was|were|am|is|are)\s+(?:(?:still\s+)?on|in|sitting\s+(?:on|in))\s+(?:it|them)";

/// Things out of place in food.
const FOREIGN: &str = r"glass|shards?|splinters?|metal|wire|plastic|needles?|nails?|screws?|staples?|bolts?|stones?|pebbles?|insects?|bugs?|maggots?|worms?|weevils?|cockroach(?:es)?|beetles?|flies|a\s+fly|droppings|mice|a\s+mouse";

/// What is eaten (the customer's, a child's or a pet's).
const FOOD: &str = r"food|foods|tins?|cans|jars?|packets?|pouch(?:es)?|sachets?|cereal|bread|loaf|chocolates?|sweets|candy|biscuits?|cookies?|crisps|kibble|treats?|formula|puree|jam|honey|sauce|soup|yogh?urts?|milk|cheese|meat|sausages?|salad|rice|pasta|oats|porridge|granola|muesli|flour|sugar|coffee|tea|juice|smoothies?|snacks?|meal|dinner|lunch|breakfast|sandwich(?:es)?|pies?|cake|tuna|fish|chicken|beef|nuts|fruit|vegetables|veg|spread|butter|baby\s+food|pet\s+food|cat\s+food|dog\s+food|mouth(?:ful)?|bite|powder|shakes?|supplements?|vitamins?|gummies|hay|seed|feed";

/// Words saying food is spoiled.
const SPOILED: &str = r"mou?ld\w*|rotten|rancid|gone\s+off|went\s+off|off\s+(?:milk|meat|cheese)|expired|out\s+of\s+date|past\s+(?:its|the)\s+(?:use[- ]by|best[- ]before|expiry)(?:\s+date)?|maggot\w*";

/// Words saying it was eaten or fed.
const EATEN: &str = r"ate|eaten|eating|eat|fed|feeding|drank|drunk|drinking|swallow\w*|tasted|consumed|had\s+(?:some|a\s+bite|a\s+mouthful)";

/// A child.
const CHILD: &str = r"baby|babies|toddler|child|children|kid|kids|son|daughter|infant|little\s+one|grandson|granddaughter|boy|girl|twins?|niece|nephew|\d{1,2}[\s-]?(?:mo|mth|months?)(?:[- ]old)?|\d{1,2}[\s-]?(?:yo|y/o|yrs?|years?)(?:[- ]old)?|baby";

/// Small things a child must not have in the mouth.
const SMALL_PART: &str = r"parts?|pieces?|bits?|shards?|fragments?|splinters?|chunks?|flakes?|crumbs?|stuffing|squeakers?|inserts?|beads?|buttons?|magnets?|batter(?:y|ies)|button\s+cells?|coin\s+cells?|pellets?|capsules?|pods?|tablets?|paint|eyes?|wheels?|screws?|caps?|lids?|gel|liquid|detergent|sachets?";

/// What happens with it.
const MOUTHED: &str = r"chew\w*|ingest\w*|suck\w*\s+on|lick\w*|bit\s+off|bitten\s+off|put\s+(?:it|them|one|the\s+\w+)\s+in\s+(?:his|her|their)\s+mouth|in\s+(?:his|her|their)\s+(?:mouth|cheeks?|gums?|throat)|swallow\w*|ate|eaten|gagg\w*|chok\w*\s+on|gnaw\w*|chomp\w*|munch\w*|nibbl\w*|gumm(?:ing|ed)|teething\s+on|bit\s+(?:a\s+)?(?:piece|bit|chunk)\s+off|im\s+mund|splinters?\s+in\s+(?:his|her|their)\s+(?:gums?|mouth|tongue|lips?)";

/// A child's mouth at work on a thing (outside attack 68: "biting", "munching on it", "nibbling", "eating it"), read with
/// a piece come away from the goods in the same sentence.
const MOUTHING: &str = r"bit(?:ing|es)?|bite|chew\w*|gnaw\w*|chomp\w*|munch\w*|nibbl\w*|lick\w*|suck\w*|eat(?:ing|s)?|ate|swallow\w*|mouthing|gumming";

/// A piece come away from the goods: "came off", "broke off", "snapped off", "peeled off", "loose", "came apart".
const DETACHED: &str = r"came\s+(?:off|loose|apart|out|away)|comes?\s+(?:off|loose|apart|out)|(?:broke|broken|snapped|fell|fallen|peeled|pulled|popped|tore|torn|split|chipped)\s+(?:off|out|away)|loose|came\s+apart|cracked|shattered|split";

/// A person's body part as the end of an event: "my daughter's arm", "Max's leg", "the operator's wrist", "the hand of
/// my wife" (haz42).
const PERSONS_PART: &str = r"(?:(?:my|his|her|their|our|your)\s+(?:little\s+)?(?:[a-z]+'s\s+)?|[a-z]+'s\s+|the\s+[a-z]+'s\s+)(?:own\s+)?(?:left\s+|right\s+|bare\s+)?(?:fore)?(?:arms?|hands?|legs?|feet|foot|face|skin|fingers?|thumbs?|wrists?|chest|lap|neck|knees?|thighs?|shins?|ankles?|cheeks?|chin|eyes?|belly|stomach|tummy|back|shoulders?|head|scalp|lips?|mouth|palms?|toes?)\b|\bthe\s+(?:left\s+|right\s+)?(?:arm|hand|leg|foot|face|neck|wrist|fingers?|skin|chest)\s+of\s+(?:my|his|her|our|their)\s+[a-z]+";

/// A liquid hot by its word, or steam (haz42): what scalds.
const HOT_LIQUID: &str = r"(?:boiling|scalding|steaming|piping(?:\s+|-)hot|hot|molten|searing)\s+(?:[a-z]+\s+)?(?:water|oil|liquid|tea|coffee|soup|wax|milk|fat|grease|sauce|stock|sugar|caramel|jam)|steam";

/// A thing that heats a liquid (haz42): its liquid is hot without the word.
const LIQUID_HEATER: &str = r"kettle|(?:deep\s+|air\s+)?fryer|(?:coffee|espresso|cappuccino)\s+(?:machine|maker)|pressure\s+cooker|slow\s+cooker|urn|boiler|steamer|saucepan|pan|pot|wok|teapot|percolator|(?:steam\s+)?iron";

/// Verbs of a liquid leaving its vessel (haz42).
const LIQUID_VERB: &str = r"splash(?:ed|es|ing)?|spat|spit|spits|spitting|spray(?:ed|s|ing)?|squirt(?:ed|s|ing)?|spill(?:ed|s|ing)?|spilt|pour(?:ed|s|ing)?|slop(?:ped|s|ping)?|slosh(?:ed|es|ing)?|gush(?:ed|es|ing)?|vent(?:ed|s|ing)?|burst|shot|blew|erupt(?:ed|s|ing)?|boil(?:ed|s)?\s+over";

/// A part that carries mains power (haz42).
const POWER_PART: &str = r"switch(?:es)?|sockets?|plugs?|outlets?|fuse\s*box|fuses?|breakers?|consumer\s+unit|fuse\s*board|cables?|cords?|leads?|wires?|wiring|adapters?|chargers?|psu|power\s+(?:supply|supplies|brick|strip|board|button|unit)|transformers?|control\s+panel|mains|extension(?:\s+lead)?|power\s+point";

struct Row {
    hazard: Hazard,
    /// The pattern of the row, object and context in one sentence.
    pattern: Regex,
}

fn rows() -> &'static [Row] {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let gap = r"(?:[^\s.!?]+\s+){0,4}?";
        let table: Vec<(Hazard, String)> = vec![
            (
                Hazard::ForeignBodyInFood,
                format!(
                    r"(?i)\b(?:in|inside)\s+{gap}(?:{FOOD})\b[^.!?\n]{{0,40}}?\b(?:find|found|is|are|was|were|there\s+(?:is|are|was|were))\s+{gap}(?:{FOREIGN})\b|\b(?:{FOREIGN})\s+{gap}(?:in|inside|among|within|throughout|mixed\s+(?:in|into|with)|at\s+the\s+bottom\s+of)\s+{gap}(?:{FOOD})\b|\b(?:{FOOD})\s+{gap}(?:had|has|have|contained|contains|containing|with|full\s+of)\s+{gap}(?:{FOREIGN})\b|\b(?:bit|bite|biting|crunch\w*)\s+(?:into|on)\s+{gap}(?:{FOREIGN})\b|\b(?:{FOOD})\b[^.!?\n]{{0,60}}?\b(?:found|find|finding|there\s+(?:was|were|is|are))\s+{gap}(?:{FOREIGN})\s+(?:in|inside)\s+(?:it|them|there)\b"
                ),
            ),
            (
                Hazard::SpoiledFoodEaten,
                format!(r"(?i)\b(?:{SPOILED})\b[^.!?\n]*\b(?:{EATEN})\b|\b(?:{EATEN})\b[^.!?\n]*\b(?:{SPOILED})\b"),
            ),
            (
                Hazard::HeatFireElectric,
                r"(?i)\b(?:smoulder\w*|smolder\w*|singe[ds]?|singeing|short[- ]?circuit\w*|ignited|ignites|set\s+(?:on\s+)?(?:fire|alight)|burning\s+smell|smell\w*\s+(?:of\s+)?burn\w*|smelt\s+(?:of\s+)?burn\w*|sizzl\w*|arc(?:ed|ing)|tripped\s+(?:the|our|my)\s+(?:fuse|breaker|electrics|circuit)|blew\s+(?:the|a)\s+fuse)\b|\bglow(?:ed|ing|s)?\s+(?:bright\s+)?(?:red|orange)\b|\b(?:plug|socket|switch|cable|cord|lead|wire|adapter|charger)s?\b[^.!?\n]{0,30}?\btoo\s+hot\s+to\s+(?:touch|hold|pull|unplug|remove|handle)\b"
                    .to_string(),
            ),
            (
                Hazard::ChildsMouth,
                format!(
                    r"(?i)\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHED})\b[^.!?\n]*\b(?:{SMALL_PART})\b|\b(?:{SMALL_PART})\b[^.!?\n]*\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHED})\b|\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHED})\b\s+(?:it|them|one)\b|\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{SMALL_PART})\b[^.!?\n]*\b(?:{MOUTHED})\b|\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:bit|bitten|chewed|snapped)\s+(?:a\s+)?(?:piece|bit|chunk|part)\s+off\b|\b(?:{DETACHED})\b[^.!?\n]*\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHING})\b|\b(?:{CHILD})'?s?\b[^.!?\n]*\b(?:{MOUTHING})\b[^.!?\n,;:]{{0,40}}?\b(?:{DETACHED})\b|\b(?:in|into|all\s+over|around)\s+(?:my|his|her|their|our|the)\s+(?:\w+\s+)?(?:{CHILD})'?s\s+mouth\b"
                ),
            ),
            // A part in a child's mouth or coughed up, named by what happened (b20 `g-023`, was `choking` in
            // classify.rs): "in my son's mouth", "coughed it back up". "In my mouth" is left out (a taste).
            (
                Hazard::ChildsMouth,
                r"(?i)\b(?:in|into|(?:straight|right)\s+to|up\s+to|went\s+to)\s+(?:his|her|their|the\s+(?:baby|child|kid|toddler)'?s?|my\s+(?:son|daughter|baby|child|kid|toddler|grandson|granddaughter)'?s?|(?:our|my)\s+(?:little\s+)?(?:one|boy|girl)'?s?)\s+mouth\b|\bcough(?:ed|ing)\s+(?:it|them|the\s+\w+)\s+(?:back\s+)?up\b"
                    .to_string(),
            ),
            (
                Hazard::Allergy,
                r"(?i)\b(?:anaphyla\w*|epi-?pens?|allergic\s+(?:attack|episode|response)|(?:had|having|has|got|get|developed|suffered|caused|triggered|gave\s+\w+)\s+(?:an?\s+|her\s+|his\s+|my\s+|their\s+)?(?:severe\s+|bad\s+|serious\s+|nasty\s+)?(?:allergy|allergies)\b|undeclared\s+\w+|allergens?\s+(?:\w+\s+)?not\s+(?:listed|declared|on\s+the\s+label)|not\s+(?:listed|declared|mentioned)\s+on\s+the\s+(?:label|ingredients?|packaging))"
                    .to_string(),
            ),
            // A person thrown or falling off, or hitting the ground (desk35, ADR-1150): "my husband came off at the
            // bottom", "I went over the bars", "he hit the pavement face first", "crashed into a wall".
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\b(?:{PERSON})\s+(?:(?:just|then|literally|actually|nearly|almost|completely|immediately|suddenly|unfortunately|also|both)\s+){{0,2}}(?:came|come|comes|coming)\s+off\b|\b(?:{PERSON})\s+(?:(?:just|then|literally|actually|nearly|almost|completely|immediately|suddenly|unfortunately|also|both)\s+){{0,2}}(?:fell|fallen|falls|falling|was\s+thrown|were\s+thrown|got\s+thrown|went\s+flying|flew)\s+(?:off|over|down|out|from|onto|into)\b|\bwent\s+over\s+the\s+(?:handle\s*)?bars\b|\b(?:{PERSON})\s+(?:(?:just|then|literally|actually|nearly|almost|completely|immediately|suddenly|unfortunately|also|both)\s+){{0,2}}(?:hit|smashed\s+into|slammed\s+into|crashed\s+into|landed\s+on|went\s+into)\s+(?:the\s+|a\s+)?(?:pavement|ground|floor|tarmac|concrete|kerb|curb|tiles|deck|tree|lamp\s*post|railings?|crossbar)\b|\bcrash(?:ed|ing)\s+into\s+(?:a|the)\s+(?:wall|tree|fence|car|kerb|curb|lamp\s*post|railings?|van|post|bollard)\b"
                ),
            ),
            // Something coming down on a body part, and the marks of a blow (ADR-1150): "the tv came down on my son's
            // leg", "landed on my wife's head", "chipped a tooth", "a lump on her head", "first aid".
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\b(?:came\s+down|fell|dropped|landed|crashed|toppled|tipped|slammed|snapped\s+shut|closed)\s+(?:on|onto|over)\s+(?:(?:my|his|her|their|our|the)\s+)?(?:\w+'s\s+|\w+s'\s+)?(?:own\s+)?(?:left\s+|right\s+)?(?:{BODY})\b|\bchipp?(?:ed|ing)\s+(?:a|his|her|my|their|one)\s+(?:front\s+)?tooth\b|\b(?:lump|bump|gash|cut)\s+on\s+(?:my|his|her|their|the)\s+(?:head|forehead|face)\b|\bfirst\s+aid\s+(?:was\s+|were\s+)?(?:given|administered|applied|needed|required)\b|\b(?:gave|give|given|needed|need|required|administered|applied)\s+(?:\w+\s+)?first\s+aid\b|\bknocked\s+(?:out|unconscious)\b|\bunconscious\b|\bpassed\s+out\b|\bparamedics?\b|\bcasualty\s+(?:department|ward)\b|\b(?:in|to)\s+casualty\b|\bred\s+marks?\s+on\s+(?:my|his|her|their|the)\s+(?:{BODY}|skin)\b|\bneed(?:s|ed)?\s+(?:a\s+)?stitch(?:es)?\b"
                ),
            ),
            // Blood drawn, a blow to the face, a weight coming down on a person (hazard38, ADR-1191): "bled my
            // finger", "caught him on the cheek just under his eye", "nearly came down on my kid". Read after the
            // trades' senses are cut ("the dye bled" is a colour, `trade_senses.rs`).
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\bbled\b|\b(?:caught|hit|struck|smacked|whacked|clipped|scratched|grazed|nicked|cut|sliced|poked|jabbed|whipped|lashed|flicked|slapped|walloped|thwacked)\s+(?:{PERSON_OBJ})\s+(?:right\s+|just\s+)?(?:on|in|across|under|above|below|near|by)\s+(?:the|his|her|my|their|our|your)\s+(?:\w+\s+)?(?:{BODY}|{FACE})\b|\b(?:scratch|cut|graze|gash|nick|mark|welt|bruise|bump)\s+(?:\w+\s+){{0,2}}?(?:just\s+|right\s+)?(?:under|below|above|near|next\s+to|beside|by|on|over)\s+(?:his|her|my|their|our|the\s+(?:child|kid|baby)'?s)\s+(?:left\s+|right\s+)?(?:eye|eyes|{FACE})\b|\b(?:came|come|coming|comes|crashed|crashing|fell|falls|falling|toppled|tipped|landed|collapsed|dropped)\s+(?:down\s+|over\s+)?(?:on|onto|on\s+top\s+of)\s+(?:{PERSON_OBJ})\b"
                ),
            ),
            // Current through a person or a live casing (ADR-1150).
            (
                Hazard::LiveCurrent,
                format!(
                    r"(?i)\b(?:giving|gives?|gave|passing|passes|leaking|leaks|carrying|carries)\s+(?:a\s+|an\s+|some\s+|little\s+|small\s+|electric\s+)?current\b|\bcurrent\s+(?:shock|leak\w*|pass\w*|through|in\s+the\s+(?:body|casing|metal|steel|handle))|\b(?:gives?|gave|giving)\s+(?:electric(?:ity)?|shocks?|a\s+shock)\s+to\b|\belectric(?:ity)?\s+(?:in|on|through)\s+(?:the\s+)?(?:body|casing|case|metal|steel|handle|frame|door|outside)\b|\b(?:live|electrified)\s+(?:casing|case|body|metal|handle|frame|door|outside)\b|\b(?:casing|case|body|metal|handle|frame|door|outside)\s+(?:is|was|are|were|goes|went)\s+(?:live|electrified)\b|\b(?:shocks?|jolts?|zaps?)\s+(?:off|from)\s+(?:the|its|this|that|my|our)\s+(?:\w+\s+)?(?:{APPLIANCE})\b|\b(?:felt|feel|feels|feeling|got|get|gets|getting|had|received?|took)\s+(?:an?\s+)?(?:\w+\s+)?(?:electric(?:al)?\s+)?(?:shock|jolt|zap)s?\s+(?:go|going|went|run|running|ran|up|through|into|when\s+(?:i|we|he|she|they)\s+touch\w*|touching)\b|\btingl\w*\s+(?:\w+\s+){{0,3}}?(?:when|if|as)\s+(?:i|we|he|she|you|they)\s+touch\w*|\bshocks?\s+(?:when|if|as)\s+(?:i|we|he|she|you|they)\s+touch\w*"
                ),
            ),
            // An alarm that keeps a home safe staying silent (blind124 `g-058`: "the carbon monoxide alarm … never made
            // a sound the whole time", while the family woke with headaches): a safety matter whatever else is asked.
            (
                Hazard::SafetyPartFailed,
                String::from(
                    r"(?i)\b(?:carbon\s+monoxide|co|co2|smoke|gas|fire|heat)\s+(?:alarm|detector|sensor|monitor)s?\b[^.!?\n]{0,80}?\b(?:never|didn't|didnt|did\s+not|failed\s+to|wouldn't|won't|doesn't|does\s+not|not)\s+(?:once\s+|even\s+|ever\s+)?(?:go\s+off|went\s+off|gone\s+off|sound\w*|made\s+a\s+(?:sound|noise|peep)|make\s+a\s+(?:sound|noise|peep)|beep\w*|trigger\w*|alert\w*|detect\w*|activate\w*)",
                ),
            ),
            // A part that keeps a person safe failing, or any part failing in motion (ADR-1150).
            (
                Hazard::SafetyPartFailed,
                format!(
                    r"(?i)\b(?:brakes?|braking|steering|seat\s*belts?|harness(?:es)?|helmet|car\s*seat|child\s*seat|stair\s*gate|safety\s+(?:catch|lock|valve|switch|cut-?out|strap)|pressure\s+(?:valve|release)|gas\s+(?:valve|tap))\b[^.!?\n]{{0,40}}?\b(?:{GAVE_WAY})\b|\b(?:{GAVE_WAY})\b[^.!?\n]{{0,60}}?\b(?:{IN_MOTION})\b|\b(?:{IN_MOTION})\b[^.!?\n]{{0,60}}?\b(?:{GAVE_WAY})\b"
                ),
            ),
            // A person's body part trapped or able to be (ask39, ADR-1242): "Freya's head could get stuck", "a baby's
            // leg could get stuck between them", "toddler's arm can get caught in the gap", "my daughter's fingers got
            // trapped". Possessed, so a clock's minute hand stuck is no person's; a pinch is the fit of shoes ("they
            // pinch her toes", b22 `g-046`), not a trap.
            (
                Hazard::Entrapment,
                format!(
                    r"(?i)(?:\b(?:my|his|her|their|our|your)\s+|\w's\s+|\ws'\s+)(?:little\s+|tiny\s+|small\s+|left\s+|right\s+)?(?:{TRAPPABLE})\s+(?:(?:could|can|might|may|would|will|could\s+easily|can\s+easily)\s+)?(?:get|gets|got|getting|be|become|becomes|became|is|was|were|are|been)\s+(?:\w+\s+)?(?:stuck|trapped|caught|wedged|jammed|crushed|squashed)\b|\b(?:trap|traps|trapping|crush|crushes)\s+(?:a|an|the|my|his|her|their|our|your)\s+(?:\w+'?s?\s+)?(?:{TRAPPABLE})\b|\b(?:caught|trapped|crushed|squashed|squeezed|pinched|jammed|slammed\s+on)\s+(?:(?:my|his|her|their|our|your|the)\s+(?:\w+'s\s+)?|[A-Z]?\w+'s\s+)(?:little\s+|tiny\s+|small\s+|left\s+|right\s+)?(?:{TRAPPABLE})\b"
                ),
            ),
            // A person hurt told in the passive (ask39, ADR-1242): the harm's participle after "got", "was", "has been".
            (
                Hazard::PersonHurtPassive,
                format!(
                    r"(?:^|[^\w'])(?i:{PERSON_BARE})\s+(?i:(?:just|also|badly|really|nearly|almost|actually)\s+)?(?i:got|gets|get|getting|was|were|has\s+been|have\s+been|had\s+been)\s+(?i:(?:badly|really|quite|pretty|properly|nastily|deeply|slightly)\s+)?(?i:{HARM_PARTICIPLE})\b(?i:\s+(?:on|by|in|under|with|from|putting|while|when|taking|opening|assembling|using|trying|off\s+(?:the|a|its|it)))"
                ),
            ),
            // A body part as the object of a harm verb, whatever quantifies it (haz40, ADR-1302): "scraped both
            // knees and a palm", "bashed one shin", "sprained an ankle", "cut the tip of a finger". The safety words
            // want a possessive ("scraped my knee"); the object's head, a body part, is what makes it an injury —
            // "scraped the floor", "cut the strap" name none.
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\b(?:{HARM_ACTIVE})\s+(?:(?:my|his|her|their|our|your|both|one|two|a|an|each|all|of)\s+){{0,3}}(?:(?:left|right|own|little|big|index|middle|ring)\s+)?(?:{LIMBS})\b"
                ),
            ),
            // A person's body part named through them (outside attack 60: "cut my son's hand", "scratched my
            // daughter's neck", "sliced Tom's thumb"): a relative or a name, possessive, then a part of the body.
            // Things have arms, backs and faces; a son's or a Tom's are a person's.
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i:\b(?:{HARM_ACTIVE}|scratched|scratches|stabbed|pierced|pinched|trapped|whipped|stung|hit|struck|caught|smacked|crushed|bit|clipped|gouged)\s+)(?:(?i:(?:my|our|his|her|their|the|a)\s+(?:\w+\s+)?(?:{RELATIVE}))|[A-Z][a-z]+)(?:'s|’s|s'|s’)\s+(?i:(?:left|right|little|big|index|middle|ring|upper|lower)\s+)?(?i:{BODY}|{LIMBS}|{FACE})\b"
                ),
            ),
            // The marks a blow or an edge leaves on a body, told by the mark (outside attack 59: "whipped my son
            // across the arm - left a welt", "I got a deep scratch on my palm", "a splinter … went into my thumb",
            // "cracked in my daughter's hand and cut it", "skin came up in red blotches").
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\b(?:whipped|lashed|slapped|smacked|snapped\s+back\s+(?:on|into|against))\s+(?:{PERSON_OBJ})\s+(?:across|on|in)\s+(?:the|his|her|my|their|our)\s+(?:{BODY}|{LIMBS}|{FACE})\b|\b(?:left|leaving|raised|gave|giving)\s+(?:\w+\s+)?(?:a\s+)?(?:\w+\s+)?welts?\b|\bwelts?\s+(?:on|across)\s+(?:my|his|her|their|our)\b|\b(?:got|have|had|has|with)\s+(?:a\s+)?(?:\w+\s+)?(?:scratch|cut|gash|graze|nick|burn|bruise|welt|splinter)\s+(?:on|in|across)\s+(?:my|his|her|their|our)\s+(?:\w+'s\s+)?(?:left\s+|right\s+)?(?:{BODY}|{LIMBS}|{FACE})\b|\bsplinters?\b[^.!?\n]{{0,40}}?\b(?:into|in|under)\s+(?:my|his|her|their|our)\s+(?:\w+'s\s+)?(?:skin|{LIMBS}|{BODY})\b|\b(?:in|on)\s+(?:my|his|her|their|our)\s+(?:\w+'s\s+)?(?:hand|hands|finger|fingers|palm|thumb)\s+and\s+(?:cut|sliced|burn(?:ed|t)|scalded|nicked|gashed)\s+(?:it|them|him|her|me|us)\b|\b(?:skin|face|hands?|arms?|legs?|neck|body)\s+(?:came|come|comes|broke|breaks|broken)\s+(?:up|out)\s+in\s+(?:\w+\s+)?(?:blotches|a\s+rash|rash|hives|spots|welts|bumps|blisters|lumps)\b"
                ),
            ),
            // A body part as the subject of a blow, or something driven into one (outside attack 61: "My partner's
            // eye got hit by the spring", "My wife's ankle was twisted when the drill gave way", "a shard went into my
            // daughter's foot", "lodged in my son's eye", "fell off the shelf onto my toddler's head").
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\b(?:my|our|his|her|their)\s+(?:[\w-]+(?:'s|’s)\s+)?(?:left\s+|right\s+)?(?:{BODY}|{LIMBS}|{FACE})\s+(?:got|was|were|has\s+been|had\s+been|is|are)\s+(?:badly\s+|really\s+|nastily\s+)?(?:hit|cut|struck|hurt|injured|bruised|burnt|burned|scalded|trapped|caught|crushed|pinched|scratched|grazed|stabbed|pierced|twisted|sprained|broken|fractured|gashed|sliced|smashed|swollen|bleeding)\b|\b(?:went|go|goes|going|got|gone|stuck|lodged|embedded|ended\s+up(?:\s+lodged)?)\s+(?:right\s+)?(?:into|in)\s+(?:my|our|his|her|their)\s+(?:[\w-]+(?:'s|’s)\s+)?(?:left\s+|right\s+)?(?:{BODY}|{LIMBS}|{FACE}|skin)\b|\b(?:fell|dropped|crashed|toppled|tipped|came\s+down)\b[^.!?\n]{{0,30}}?\b(?:on|onto)\s+(?:my|our|his|her|their)\s+(?:[\w-]+(?:'s|’s)\s+)?(?:{BODY}|{FACE})\b"
                ),
            ),
            // Water onto a live part (outside attack 59: "The kettle leaked onto the socket").
            (
                Hazard::LiveCurrent,
                String::from(
                    r"(?i)\b(?:leak\w*|spill\w*|dripp?\w*|pour\w*|gush\w*|sprayed|seep\w*)\s+(?:\w+\s+){0,3}?(?:onto|into|on|over|all\s+over)\s+(?:the|a|my|our)\s+(?:wall\s+)?(?:socket|plug|plugs|power\s+(?:strip|socket|point|board|supply|cable)|extension(?:\s+(?:lead|cord|cable))?|outlet|wiring|fuse\s*box|consumer\s+unit|mains)\b",
                ),
            ),
            // A person going down (haz40, ADR-1302): "I went down hard", "she took a nasty fall", "he tripped over the
            // strap and hit the floor". A person is the subject; a price or a parcel going down is no fall.
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\b(?:{PERSON})\s+(?:(?:just|then|literally|actually|nearly|almost|immediately|suddenly|also|both)\s+)?(?:went|go|goes|going|came|come)\s+down\s+(?:hard|heavily|badly|awkwardly|like\s+a|face\s+first|on\s+(?:my|his|her|their|our)\s+)|\b(?:took|take|takes|taking|had)\s+a\s+(?:\w+\s+)?(?:fall|tumble|spill|header)\b|\b(?:{PERSON})\s+(?:\w+\s+)?(?:tripped|slipped|stumbled|lost\s+(?:my|his|her|their|our)\s+(?:balance|footing))\b[^.!?\n]{{0,50}}?\b(?:fell|went\s+(?:down|flying)|landed|hit\s+(?:the|my|his|her)|smacked|banged|twisted|sprained)\b"
                ),
            ),
            // A negated "safe" said of the goods (ask39, ADR-1242): "this isn't safe", "it is not safe to sit on".
            (
                Hazard::UnsafeVerdict,
                r"(?i)\b(?:isn'?t|aren'?t|wasn'?t|weren'?t)\s+(?:even\s+|remotely\s+|really\s+|very\s+|child[- ]|baby[- ])?safe\b"
                    .to_string(),
            ),
            // haz41 (ADR-1352): a battery changing shape or venting, in the customer's or the trade's words.
            (
                Hazard::BatteryFailing,
                r"(?i)\b(?:batter(?:y|ies)|battery\s+(?:cells?|packs?)|power\s*banks?|li-?ion|lipo)\b[^.!?\n]{0,30}?\b(?:(?:is|are|was|were|has|have|got|gets|become|became|becomes|is\s+become|going|gone)\s+)(?:\w+\s+)?(?:fat|fatter|puffy|puffed(?:\s+up)?|inflated|bloated|ballooned|pillowed|domed|deformed|misshapen|thick(?:er)?|swollen|swelling|bulging|bulged)\b|\b(?:fat|puffy|puffed|inflated|bloated|pillowed|domed|deformed)\s+(?:\w+\s+)?(?:batter(?:y|ies)|cells?|power\s*banks?)\b|\boff-?gass\w*|\bout-?gass\w*|\bcells?\s+(?:swelling|swollen|swell\w*|bulg\w*|vent\w*|leak\w*)"
                    .to_string(),
            ),
            (
                Hazard::HeatOrCurrent,
                r"(?i)\bthermal\s+(?:event|runaway|incident)\b|\bfire\s+(?:risk|hazard|safety\s+issue)\b|\barc(?:ing)?\s+flash\b|\b(?:gives?|gave|giving|give)\s+(?:me|him|her|us|them|my\s+\w+)\s+(?:an?\s+|some\s+|little\s+)?(?:electric(?:ity)?|current)\b|\bnear[- ]miss\b[^.!?\n]{0,60}?\b(?:incident|register|logged|log|report(?:ed)?|recorded)\b|\b(?:incident|register|logged|recorded|reported)\b[^.!?\n]{0,60}?\bnear[- ]miss\b|\b(?:h\s?&\s?s|health\s+(?:and|&)\s+safety)\s+(?:incident|issue|risk|concern|report)\b"
                    .to_string(),
            ),
            (
                Hazard::CareVisit,
                format!(
                    r"(?i)\b(?:ended\s+up|end\s+up|ending\s+up|wound\s+up|had\s+to\s+(?:go|take\s+(?:{PERSON_OBJ})|rush\s+(?:{PERSON_OBJ}))|took\s+(?:{PERSON_OBJ})|rushed\s+(?:{PERSON_OBJ}))\s+(?:at|in|to|into)\s+(?:the\s+|a\s+)?(?:walk-?in(?:\s+(?:clinic|centre|center))?|urgent\s+care|minor\s+injur\w+(?:\s+unit)?|a\s*&\s*e|er|emergency|hospital|clinic|doctors?'?s?|gp|medical\s+cent(?:re|er)|burns?\s+unit)\b"
                ),
            ),
            // A hot liquid reaching a person's body part, told by the event (haz42, ADR-1392): the liquid hot by its
            // word and what it did ("the boiling water slopped out and caught my son's leg"), or a thing that heats it
            // and a verb of the liquid leaving it ("the coffee machine spit the hot water on the hand of my wife").
            // Water that splashes an arm with no heat is no scald; paint on a shirt reaches no body part.
            (
                Hazard::ScaldByEvent,
                format!(
                    r"(?i)(?:\b(?:{HOT_LIQUID})\b[^.!?\n]{{0,80}}?\b(?:{LIQUID_VERB}|hit|hits|caught|struck|landed|went|got|ran|dripped|poured)\b[^.!?\n]{{0,40}}?(?:{PERSONS_PART})|\b(?:{LIQUID_HEATER})\b[^.!?\n]{{0,40}}?\b(?:{LIQUID_VERB})\b[^.!?\n]{{0,40}}?(?:{PERSONS_PART}))"
                ),
            ),
            // A person told as the one a hot liquid reached, in the passive, with the thing that heats it or the hot
            // liquid in the same sentence (unsettled45, ADR-1556): "the handle came clean off when I lifted the kettle
            // full and she got splashed on the arm", "my son was scalded on the leg when the pan tipped". The
            // determiner of the body part may be "the": the person is the clause's subject.
            (
                Hazard::ScaldByEvent,
                format!(
                    r"(?i)(?:\b(?:{HOT_LIQUID}|{LIQUID_HEATER})\b[^.!?\n]{{0,200}}?\b(?:{PERSON_BARE})\s+(?:got|get|gets|was|were|has\s+been|had\s+been|have\s+been)\s+(?:badly\s+|all\s+)?(?:{LIQUID_VERB}|scalded|burn(?:ed|t))\s+(?:on|over|across|down|all\s+over|in)\s+(?:the|my|his|her|their|our|your|one)\s+(?:left\s+|right\s+)?(?:{BODY}|{LIMBS})\b|\b(?:{PERSON_BARE})\s+(?:got|get|gets|was|were|has\s+been|had\s+been|have\s+been)\s+(?:badly\s+|all\s+)?(?:{LIQUID_VERB}|scalded)\s+(?:on|over|across|down|all\s+over|in)\s+(?:the|my|his|her|their|our|your|one)\s+(?:left\s+|right\s+)?(?:{BODY}|{LIMBS})\b[^.!?\n]{{0,80}}?\b(?:{HOT_LIQUID}|{LIQUID_HEATER})\b)"
                ),
            ),
            // An electrical fault told by what was seen or heard (haz42, ADR-1393): a pop, bang or crack with a flash,
            // sparks or a light ("a pop and a flash", "a big bang and blue light"); a pop, bang, crack or flash from,
            // in or behind a part that carries power ("a flash behind the control panel", "crackling in the socket");
            // the part going pop ("the switch went pop"). A light that flashes a colour is a status, and a cork or a
            // button that pops is no power part.
            (
                Hazard::ElectricSeen,
                format!(
                    r"(?i)(?:\b(?:a|an|loud|big|small|audible|huge|sudden|almighty|massive)\s+(?:[a-z]+\s+)?(?:pop|bang|crack|crackle|fizz|boom)\s+(?:and|then|followed\s+by|with)\s+(?:a\s+|an\s+|some\s+)?(?:(?:[a-z]+\s+)?(?:flash|sparks?|smoke|flame)|(?:bright|blue|white|orange|green|purple)\s+(?:light|glow))\b|\b(?:(?:a|an|the|some|loud|big|bright|blue|white|small|audible|visible|huge|sudden)\s+(?:[a-z]+\s+)?(?:pop|bang|flash|crackle|fizz)|crackled|crackling|fizzed|fizzing)\s+(?:[a-z]+\s+){{0,3}}?(?:from|in|inside|behind|at|within)\s+(?:the|a|my|our|its|this|that)\s+(?:[a-z]+\s+)?(?:{POWER_PART})\b|\b(?:{POWER_PART})\s+(?:[a-z]+\s+)?(?:went|made|gave|let\s+out)\s+(?:a\s+|an\s+)?(?:[a-z]+\s+)?(?:pop|bang|crack|flash)\b|\b(?:{POWER_PART})\s+(?:just\s+|suddenly\s+|then\s+)?(?:popped|banged|crackled|fizzed)(?:\s*[.,!;]|\s+and\b|\s+with\b|\s*$))"
                ),
            ),
            // Outside attack 54 (F1659): harm as an event that happened to a home or a person.
            (
                Hazard::FireEvent,
                format!(
                    r"(?i)\b(?:it|this|that|which|(?:the|my|our|this|that|your)\s+(?:[a-z-]+\s+){{0,2}}?(?:{APPLIANCE}|battery|batteries|charger|power\s*bank|light|lights|candle|device|thing|unit|product|item|radiator|fan|tv|laptop|phone|toy))\s+(?:(?:nearly|almost|actually|easily|literally|then|just|has|had|have|could|can|would|will|might|may|really|clearly|apparently|must)\s+)*(?:started|starts|start|caused|causes|cause|sparked|set\s+off)\s+a\s+(?:small\s+|little\s+|minor\s+|big\s+|house\s+|kitchen\s+|electrical\s+)?fire\b|\ba\s+(?:small\s+|little\s+|minor\s+|big\s+|house\s+|kitchen\s+|electrical\s+)?fire\s+(?:broke|breaks|had\s+broken|started)\s+(?:out|at|in|on|under|behind)\b|\bthere\s+(?:was|were|has\s+been|had\s+been)\s+(?:a\s+)?(?:small\s+|little\s+|minor\s+|big\s+|house\s+|kitchen\s+|electrical\s+)?fire\b|\bthe\s+fire\s+(?:was|got|had\s+to\s+be)\s+put\s+out\b|\bfire\s*(?:fighters?|men|crew|brigade)\s+(?:had\s+to|came|were\s+called|was\s+called|attended|put)\b|\b(?:we|i)\s+had\s+a\s+(?:small\s+|little\s+|minor\s+|house\s+|kitchen\s+|electrical\s+)?fire\b[^.!?\n]{{0,40}}?\b(?:thanks\s+to|because\s+of|caused\s+by|from|due\s+to|started\s+by)\b|\bset\s+(?:the|my|our|a)\s+(?:[a-z]+\s+){{0,2}}?(?:alight|ablaze|on\s+fire)\b|\b(?:spontaneously\s+)?combust(?:ed|s|ing)\b|\b(?:charred|blackened|scorched)\s+(?:[a-z]+\s+)?(?:{POWER_PART})|\b(?:{POWER_PART})\s+(?:is|was|are|were|got|has\s+been)\s+(?:all\s+)?(?:charred|blackened)\b|\bmelted\s+(?:the|my|our|a)\s+(?:[a-z]+\s+)?(?:carpet|rug|floor|table|desk|worktop|counter|curtains?|sofa|bed|wall|skirting|shelf|cabinet|mat)\b|\binsulation\s+(?:[a-z]+\s+){{0,4}}?(?:melted|melting|burnt|burned|charred)\b|発火|火事|起火|着火|失火|燃え(?:た|ました|出した)"
                ),
            ),
            (
                Hazard::ExposedCurrent,
                r"(?i)\b(?:wires?|wiring|copper|conductors?)\s+(?:[a-z]+\s+){0,2}?(?:is|are|was|were|left|now)\s+(?:(?:fully|partly|partially|completely|all|now)\s+)?(?:exposed|live|bare)\b|\bbare\s+copper\b|\bcopper\s+(?:wires?\s+)?(?:is|are|was|were)\s+(?:showing|exposed|visible|poking\s+out)\b|\bwires?\s+(?:sticking|poking|hanging)\s+out\b[^.!?\n]{0,40}?\blive\b|\b(?:casing|case|housing|body|metal)\s+(?:is|was|went|became)\s+live\b|\b(?:tingl\w*|jolts?)\b[^.!?\n]{0,40}?\b(?:touch\w*|plugged\s+in|(?:my|his|her|their)\s+(?:fingers?|hands?|arms?)|housing|casing|metal)\b|\btouch\w*\b[^.!?\n]{0,40}?\btingl\w*"
                    .to_string(),
            ),
            (
                Hazard::BodyHarmed,
                format!(
                    r"(?i)\b(?:eyes?|eyelids?|lips?|face|throat|tongue|mouth|cheeks?|skin)\s+(?:[a-z]+\s+)?(?:swelled|swell|swells|puffed\s+up)\b|\bswelled\s+shut\b|\b(?:cut|sliced|gashed|scratched|trapped|pinched|burned|burnt|injured|hurt)\s+(?:my|our|the|his|her|their)\s+(?:{ANIMAL})(?:'s|’s|s')\s+(?:paws?|pads?|legs?|tail|ears?|eyes?|nose|mouth|tongue|face|neck|skin|foot|feet)\b|\b(?:{PERSON_BARE})\s+fell\s+(?:over\s+|down\s+)?(?:because|when|after|as)\b|\b(?:needed|required|requiring|underwent)\s+(?:an?\s+)?(?:emergency\s+)?(?:surgery|operation\s+to)\b|\b(?:had|having|need|needs|undergo)\s+(?:an?\s+)?emergency\s+(?:surgery|operation)\b|\bsurgery\s+(?:because\s+of|after|from)\s+(?:it|this|the|your)\b|\b(?:took|taking|takes|take|ripped|pulled|tore|peeled|stripped)\s+(?:the\s+|some\s+|a\s+layer\s+of\s+|a\s+bit\s+of\s+)?skin\s+(?:off|away)\b|\bskin\s+(?:came|ripped|peeled|tore)\s+(?:right\s+)?off\b"
                ),
            ),
            (
                Hazard::PartLetGoInUse,
                    r"(?i)\b(?:buckles?|harness(?:es)?|straps?|clips?|latch(?:es)?|clasps?|belts?)\s+(?:[a-z]+\s+)?(?:released|let\s+go|came\s+(?:undone|open|loose)|popped\s+open|opened|unbuckled|unlatched|failed|gave\s+way)\s+(?:during|while|when|as|mid)\b|\b(?:blades?|discs?|bits?|shards?|lid|pieces?|parts?)\s+(?:[a-z]+\s+){0,4}?(?:flew|flying|shot)\s+(?:out|off|across|past|at|towards?)\b|\b(?:boiling|scalding|steaming|piping[\s-]+hot|molten|searing)\s+(?:[a-z]+\s+)?(?:water|oil|liquid|tea|coffee|soup|wax|milk|fat|grease)\b[^.!?\n]{0,30}?\b(?:went|spilled|spilt|poured|splashed|sprayed|flew|gushed)\s+(?:everywhere|all\s+over\s+(?:me|him|her|us|them|my|his|our|their)\b)"
                    .to_string(),
            ),
            (
                Hazard::HarmfulContent,
                r"(?i)\b(?:tested\s+positive\s+for|contains?|containing|contained|high\s+levels?\s+of|traces?\s+of)\s+(?:lead|asbestos|mercury|cadmium|formaldehyde)\b|\blead\s+(?:paint|poisoning)\b|\basbestos\b|\b(?:needles?|pins|razor\s+blades?|blades?|shards?|broken\s+glass)\s+(?:[a-z]+\s+){0,2}?(?:in|inside|sticking\s+out\s+of|poking\s+out\s+of|hidden\s+in)\s+(?:the|a|my|his|her)\s+(?:[a-z]+\s+){0,2}?(?:toy|teddy|plush|doll|soft\s+toy|cushion|pillow|blanket|nappy)s?\b|\b(?:mou?ld\w*|black\s+spots|fungus)\s+(?:[a-z]+\s+){0,3}?(?:in|inside|on)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}?(?:teats?|dumm(?:y|ies)|pacifiers?|soothers?|sippy\s+cups?|bottles?)\b"
                    .to_string(),
            ),
            (
                Hazard::GasEscaping,
                r"(?i)\b(?:smell(?:ed|s|ing)?\s+(?:of\s+)?gas|gas\s+(?:smell|leak\w*|escaping|is\s+(?:leaking|escaping)|hissing)|(?:leak\w*|escap\w*|hiss\w*)\s+(?:out\s+)?gas|(?:valves?|cylinders?|tanks?|canisters?|regulators?)\s+(?:is\s+|are\s+|was\s+|keeps?\s+|still\s+)?hiss\w*|(?:helium|propane|butane|lpg|co2|gas)\s+(?:cylinders?|tanks?|canisters?|bottles?)\s+(?:[a-z]+\s+){0,3}?(?:leak\w*|hiss\w*))\b"
                    .to_string(),
            ),
            (
                Hazard::AnimalHarmed,
                format!(
                    r"(?i)\b(?:make|made|makes|making)\s+(?:my|our|the|his|her|their)\s+(?:{ANIMAL})s?\s+(?:very\s+|really\s+|so\s+|quite\s+|badly\s+)?(?:sick|ill|unwell|lame)\b|\b(?:my|our|the|his|her|their)\s+(?:{ANIMAL})s?\s+(?:got|gets|became|was|were|went|is|are|has\s+been|have\s+been)\s+(?:very\s+|really\s+|so\s+|quite\s+|badly\s+)?(?:sick|ill|unwell|lame|poisoned)\b|\b(?:{ANIMAL})s?\s+(?:had|has|have|got|gets|get|developed)\s+(?:a\s+|bad\s+)?(?:colic|diarrh\w+|seizures?|vomiting)\b|\b(?:emergency\s+vet|vet\s+(?:came|had\s+to\s+come|was\s+called|called\s+out)|(?:call(?:ed)?|get|got)\s+(?:out\s+)?the\s+vet)\b"
                ),
            ),
            // Outside attack 56 (`harm_animal`): an animal hurt told in other words — a paw, a pad, a leg or teeth cut,
            // chipped or broken, an open sore, skin rubbed or scratched raw, "the runs" — with the animal in the
            // sentence ("our spaniel sliced his pad on the feeder", "the girth left an open sore on my pony").
            (
                Hazard::AnimalHarmed,
                format!(
                    r"(?i)\b(?:{ANIMAL})(?:s|es)?(?:'s|’s|s')?\b[^.!?\n]{{0,60}}?\b(?:{ANIMAL_HURT})|(?:{ANIMAL_HURT})[^.!?\n]{{0,40}}?\b(?:{ANIMAL})(?:s|es)?\b|\b(?:sliced|cut|gashed|nicked|split|tore|ripped|burnt|burned)\s+(?:his|her|its|their)\s+(?:\w+\s+)?(?:paws?|pads?|hoof|hooves|claws?|dewclaws?|beak|muzzle)\b|\b(?:gave|given|giving|give|gives)\s+(?:my|our|his|her|their|the)\s+(?:{ANIMAL})s?\s+the\s+runs\b"
                ),
            ),
            // Outside attack 56 (`harm_body_food`): a person ill after food, told in passing — the food or its eating
            // in the sentence before a person "sick all night", "throwing up by midnight".
            (
                Hazard::BodyReaction,
                format!(
                    r"(?i)\b(?:{FOOD}|{EATEN}|smelt|smelled|smelling)\b[^.!?\n]{{0,80}}?\b(?:{PERSON_BARE})\s+(?:(?:was|were|got|has\s+been|had\s+been|have\s+been|felt|been|then|both|also|really|violently|badly|so)\s+)+(?:(?:sick|ill|unwell|poorly)\s+(?:all\s+(?:night|day|evening|weekend|morning)|that\s+(?:night|evening)|by\s+(?:midnight|morning|bedtime|the\s+(?:evening|morning|next\s+day))|within\s+(?:an?|\d+|one|two|a\s+few)\s+(?:hours?|minutes?)|overnight|afterwards|twice)|throwing\s+up|vomiting|being\s+sick)\b"
                ),
            ),
            // Outside attack 55 (`harm-animal`): an animal killed, poisoned or trapped by the goods, or taken by a
            // predator the goods let in. "Caught" and "tangled" need the part it was held by ("caught a blue tit by the
            // wing"): "caught the cat" alone is a sight.
            (
                Hazard::AnimalKilled,
                format!(
                    r"(?i)\b(?:killed|strangled|drowned|suffocated|electrocuted|poisoned|trapped|snared|impaled|injured|crushed)\s+(?:(?:my|our|the|his|her|their|a|an|(?:one|two|three|some|all|both|several)\s+of\s+(?:my|our|the|his|her|their))\s+)(?:[a-z]+\s+)?(?:{ANIMAL})s?\b|\b(?:caught|tangled|snagged|gripped)\s+(?:(?:my|our|the|his|her|their|a|an)\s+)(?:[a-z]+\s+)?(?:{ANIMAL})s?\s+(?:up\s+)?by\s+(?:the|its|his|her|their)\s+(?:legs?|wings?|neck|head|foot|feet|hoof|hooves|paws?|tail|beak|toes?|claws?)\b|\b(?:fox(?:es)?|predators?|hawks?|badgers?|stoats?|weasels?|mink|coyotes?|raccoons?)\s+(?:got|took|killed|ate|grabbed|snatched|had|got\s+in\s+and\s+(?:killed|took|got))\s+(?:(?:one|two|three|four|several|some|all|both|a\s+few|most|half)\s+of\s+)?(?:my|our|the|his|her|their)\s+(?:[a-z]+\s+)?(?:{ANIMAL})s?\b"
                ),
            ),
            // Outside attack 55 (`harm-in-passing`): a part that keeps a child, a sleeper or a pet from a fall or a
            // road letting go ("the baby gate came loose at the top of the stairs", "the balcony lock broke"). Found so
            // on arrival it is damaged goods ([`arrived_so`]).
            (
                Hazard::NearMiss,
                format!(
                    r"(?i)\b(?:(?:baby|safety|child|toddler|pet|dog|puppy)\s*gates?|(?:cot|crib|playpen)\s*(?:sides?|rails?)|bed\s*(?:rails?|guards?)|window\s+(?:restrictors?|locks?|latch(?:es)?|catch(?:es)?)|balcony\s+(?:locks?|doors?|gates?|latch(?:es)?)|child\s*(?:locks?|catch(?:es)?|proof\s+(?:locks?|catch(?:es)?|latch(?:es)?|caps?))|(?:pram|buggy|stroller|pushchair)\s+(?:brakes?|locks?|harness(?:es)?|straps?))\b[^.!?\n]{{0,40}}?\b(?:{GAVE_WAY})\b"
                ),
            ),
            // Outside attack 55 (`harm-in-passing`): a hazard told as an event. A person tripping on the goods or
            // catching a foot in them; a child able to reach a balcony, a window or the stairs; a pet running into
            // traffic; a blade that came loose while running. A person hurt by their own act ("cut herself on the
            // edge") is the reflexive of a harm verb.
            (
                Hazard::NearMiss,
                format!(
                    r"(?i)\b(?:{PERSON})\s+(?:(?:just|then|nearly|almost|actually|also|both|already|has|have|had|keeps?)\s+)*(?:tripped|slipped|stumbled|tripping|slipping)\s+(?:up\s+)?(?:on|over)\s+(?:it|them|this|that|these|its|the\s+(?:[a-z'’-]+\s+){{0,2}}?(?:rugs?|runners?|mats?|carpets?|edges?|corners?|cables?|cords?|leads?|wires?|steps?|stairs?|straps?|legs?|base|hoses?|tiles?|boards?|trims?|lips?|hems?|treads?))\b|\bcaught\s+(?:my|his|her|their|our)\s+(?:foot|feet|toes?|heels?)\s+(?:on|in|under)\s+(?:it|them|the|its)\b|\b(?:{CHILD})(?:'s|’s)?\s+(?:could|can|was\s+able\s+to|were\s+able\s+to|managed\s+to|is\s+able\s+to|are\s+able\s+to)\s+(?:(?:easily|now|still|just|then)\s+)?(?:open|push|pull|get|climb|reach|undo|unlock|lift|slide|squeeze)\b[^.!?\n]{{0,40}}?\b(?:balcony|windows?|stairs|staircase|pool|pond|oven|hob|medicines?|bleach|chemicals|road|street)\b|\b(?:ran|run|runs|running|bolted|dashed|darted|escaped|got\s+loose)\s+(?:(?:off|out|away|straight|right)\s+)*(?:into|onto|across|in)\s+(?:the\s+)?(?:traffic|road|street|busy\s+road|main\s+road|motorway|dual\s+carriageway|highway)\b|\b(?:blades?|discs?|cutters?|drill\s+bits?)\s+(?:[a-z]+\s+){{0,2}}?(?:came|come|comes|coming|worked|working|shook|shaken)\s+(?:itself\s+)?(?:loose|off|out|away|free)\b[^.!?\n]{{0,40}}?\b(?:while|when|during|mid[- ]?\w*|as\s+(?:it|i|we|he|she)|in\s+use|running|spinning|cutting|blending)\b|\b(?:cut|burn(?:ed|t)|scalded|scratched|gashed|electrocuted|injured|hurt|trapped|pinched|impaled|shocked)\s+(?:him|her|my|them|our|your|it)sel(?:f|ves)\b|\b(?:got|gets|get|getting|had|has)\s+(?:my|his|her|their|its|a|one)\s+(?:little\s+|tiny\s+|left\s+|right\s+|front\s+|back\s+)?(?:{TRAPPABLE}|paws?|tail|hoof|hooves|claws?|beak|wings?|snout|nose)\s+(?:stuck|trapped|caught|wedged|jammed|tangled)\b"
                ),
            ),
            // Outside attack 57 (`harm-passing`): a fall after a part gave way or slid ("Chair leg gave way and my dad
            // (82) fell", "Shower mat slid and my mum fell in the bath"); a person or a pet hit by a car after the
            // goods failed; a wild or kept animal trapped or caught by the goods and dead.
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\b(?:{GAVE_WAY}|slid|slipped|tipped|toppled|collapsed|wobbled)\b[^.!?\n]{{0,60}}?\b(?:{PERSON_BARE})(?:\s*\([^)]*\))?\s+(?:(?:then|just|also)\s+)?(?:fell|slipped|went\s+flying|took\s+a\s+(?:tumble|fall)|hit\s+the\s+(?:floor|ground))\b|\b(?:got|was|were|been|gets)\s+(?:hit|run\s+over|knocked\s+(?:down|over))\s+by\s+(?:a|the)\s+(?:car|van|truck|bus|lorry|motorbike|bike|train|taxi)\b"
                ),
            ),
            (
                Hazard::AnimalKilled,
                format!(
                    r"(?i)\b(?:{ANIMAL})s?\b[^.!?\n]{{0,50}}?\b(?:trapped|caught|stuck|tangled|crushed|strangled)\b[^.!?\n]{{0,40}}?\b(?:died|dead|killed)\b|\b(?:trapped|caught|tangled|crushed|strangled)\s+(?:a|an|the|my|our)\s+(?:[a-z]+\s+)?(?:{ANIMAL})\b[^.!?\n]{{0,40}}?\b(?:died|dead)\b"
                ),
            ),
            // Outside attack 58 (`injury shown by medical/vet care`): a body hurt told by the care it needed — a
            // procedure or a treatment no other sense shares (a CT scan, stitches, a drip, in plaster, antihistamines
            // since using it), or a vet, a doctor or an optician needed, seen or saying what caused it.
            (
                Hazard::CareVisit,
                r"(?i)\b(?:ct\s+scan|x-?rays?|mri\s+scan|bandag(?:ed|ing)|in\s+(?:a\s+)?plaster|in\s+a\s+cast|on\s+a\s+drip|tetanus\s+(?:shot|jab|injection)|(?:taking|on|prescribed|needed|given)\s+(?:\w+\s+)?(?:antihistamines?|antibiotics?|steroids?|painkillers?|eye\s+drops)\s+(?:since|after|because|from)|(?:needed|needs|need|had\s+to\s+(?:see|go\s+to|visit|call)|took\s+(?:him|her|them|it|\w+)\s+to|rushed\s+(?:him|her|them|\w+)\s+to|(?:spent|spend)\s+(?:the\s+)?(?:\w+\s+)?at)\s+(?:an?\s+|the\s+)?(?:out-of-hours\s+|emergency\s+|eye\s+)?(?:vet|vets|vet's|doctor|gp|optician|dentist|hospital|specialist)|(?:vet|doctor|gp|optician|dentist|specialist)\s+(?:says|said|thinks|reckons|confirmed)\s+[^.!?\n]{0,60}?\b(?:from|caused|because|due\s+to|after)\b|(?:vet|doctor|gp|optician|dentist|specialist)\s+(?:had\s+to|needed\s+to|out|removed|stitched|treated)|seeing\s+(?:an?\s+)?(?:\w+\s+)?(?:doctor|specialist|consultant|optician|dermatologist))\b"
                    .to_string(),
            ),
            // Outside attack 62 (`harm2`): a body hurt told by the wound or the aid it needed — a finger sliced open, a
            // chunk out of a thumb, glue strips or crutches, a bloodshot eye, blurred vision, a raw mark peeling, a
            // piece lodged in a throat, the inside of a cheek cut.
            (
                Hazard::PersonHurt,
                r"(?i)\b(?:(?:sliced|cut|split|gashed|nicked|slit)\s+(?:open\s+)?(?:the\s+(?:top|tip|side|end|pad|inside|back)\s+of\s+)?(?:my|his|her|their|our)\s+(?:\w+\s+)?(?:finger|thumb|hand|palm|cheek|lip|tongue|knuckle|wrist)s?(?:\s+open)?|(?:took|taken|takes|take)\s+a\s+(?:\w+\s+)?(?:chunk|bit|piece|slice|lump)\s+(?:out\s+)?of\s+(?:my|his|her|their)\s+(?:\w+\s+)?(?:finger|thumb|hand|palm|knuckle|arm|leg|shin|knee)s?|(?:glue|steri|butterfly)[- ]?(?:strips?|stitches)|(?:on|needs?|needed|using)\s+crutches|bloodshot|(?:vision|eyesight|sight)\s+(?:has\s+been\s+|is\s+|was\s+|went\s+|gone\s+|has\s+gone\s+)?(?:blurry|blurred|cloudy|fuzzy)|(?:raw|angry|weeping)\s+(?:red\s+)?(?:mark|patch|welt|wound|burn)s?|lodged\s+in\s+(?:my|his|her|their|the\s+baby'?s|the\s+child'?s)\s+(?:throat|windpipe|airway|ear|nose|eye)|(?:skin|scalp|ear|piercing|wound|sore|neck|finger|toe|lip|cut|blister|rash|cheek|face|chin|forehead|arm|leg|hand|feet|foot|eye|eyelid|nose|mouth|gum|belly|chest|wrist|ankle|knee|elbow|thigh|heel|palm|nipple|bottom|nappy\s+area)\w*\b[^.!?\n]{0,30}?\b(?:weep\w*|ooz\w*|pus|septic|scabb?(?:ed|ing|s)?|crust\w*|infected)|\b(?:weeping|oozing|septic|infected)\s+(?:skin|scalp|sore|wound|piercing|cut|blisters?|rash)|\bpus\b|\bopen\s+sores?|\bimpetigo\w*|\bsores?\s+(?:that'?s|that\s+is|is|are|got|now)\s+(?:now\s+)?infected|\bblood\s+blisters?|(?:toe)?nail\s+(?:came|fell|come|has\s+come|has\s+fallen)\s+off|cut\s+off\s+(?:the\s+|my\s+|his\s+|her\s+)?circulation|circulation\s+(?:was\s+|got\s+)?cut\s+off|(?:fingers?|toes?|hands?|feet|foot|lips?)\s+(?:went|turned|go|going|were|was)\s+(?:blue|white|purple)|\babscess\w*|rubbed\s+(?:\w+\s+){0,2}?raw)\b"
                    .to_string(),
            ),
            // Outside attack 62 (`hazard_words`): a part that keeps a child or a user safe failing in use, a battery
            // hissing, a cable gone soft near the plug, a pressure lid that opens under pressure, a heater or kettle that
            // will not switch off, a button cell a toddler can reach, water inside a light fitting.
            (
                Hazard::SafetyPartFailed,
                r"(?i)\b(?:(?:stair|safety|baby|pet)\s+gate|car\s+seat(?:\s+(?:buckle|harness|strap|clip))?|(?:seat|harness)\s+buckle|(?:bunk|bed|guard)\s+(?:bed\s+)?(?:guard\s+)?rail|high\s*chair\s+(?:strap|harness|buckle))\b[^.!?\n]{0,40}?\b(?:pops?\s+open|popped\s+open|comes?\s+(?:off|undone|loose|open)|came\s+(?:off|undone|loose|open)|undoes|undid|releases?|released|unlatch\w*|opens?\s+(?:on\s+its\s+own|by\s+itself|if|when|with))|\b(?:batter(?:y|ies)|charger|power\s*bank|cells?)\b[^.!?\n]{0,30}?\bhiss\w*|\b(?:cable|cord|lead|wire|plug)\b[^.!?\n]{0,30}?\b(?:went|gone|goes|is|was|got)\s+(?:\w+\s+)?(?:soft|discolou?red|brown|sticky)\b|\b(?:lid|door)\s+(?:can\s+be|could\s+be|was|is)\s+(?:opened|open)\s+(?:while|whilst|when)\s+(?:it'?s\s+)?(?:still\s+)?(?:under\s+pressure|pressuri[sz]ed|hot|running|on)|\b(?:won'?t|will\s+not|doesn'?t|does\s+not|didn'?t|never)\s+(?:switch|turn|shut|cut)\s+(?:itself\s+)?off\b[^.!?\n]{0,40}?\b(?:steam|smok\w*|boil\w*|hot|glowing|burning)|\bbutton\s+(?:cell|batter(?:y|ies))\b[^.!?\n]{0,60}?\b(?:toddler|child|baby|kid|son|daughter|little\s+one)|\b(?:toddler|child|baby|kid|son|daughter|little\s+one)\b[^.!?\n]{0,60}?\bbutton\s+(?:cell|batter(?:y|ies))|\b(?:water|rain|rainwater|condensation|moisture)\b[^.!?\n]{0,40}?\b(?:inside|in|into|filling)\s+(?:\w+\s+){0,2}?(?:light\s+fitting|fitting|socket|switch|fuse\s*box|plug|light\s+casing|lamp\s+casing|lampholder|bulb\s+(?:holder|housing)|(?:light|lamp|lantern)\s+housing|ceiling\s+(?:lamp|light)|light'?s?\s+casing)s?\b|\b(?:condensation|water|moisture)\s+(?:drips?|dripping|dripped|pools?|pooling)\s+(?:out\s+of|from|in|inside)\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:light|lamp|fitting|casing|socket)|\b(?:kept|keeps|still)\s+(?:running|heating|on|going)\s+(?:even\s+)?after\s+(?:i|we)\s+(?:switched|turned|shut)\s+(?:it\s+)?off|\b(?:brick|plug|charger|adapter|casing)\s+(?:is|was|gets?|got|went)\s+(?:\w+\s+)?scorching|\b(?:fitting|socket|switch|plug|lamp)s?\b[^.!?\n]{0,30}?\b(?:filling|filled|fills|full)\s+(?:up\s+)?(?:with\s+)?(?:water|rain)|\bbatter(?:y|ies)\b[^.!?\n]{0,20}?\b(?:split|bulg\w*|crack\w*\s+open|burst)|\b(?:power\s*bank|charger|battery|plug|socket|adapter)\b[^.!?\n]{0,25}?\bcrackl\w*|\b(?:stays?|stayed|staying)\s+(?:switched\s+)?on\b[^.!?\n]{0,40}?\b(?:hot|heat\w*|unplug\w*|switched\s+off|turned\s+off|off\s+button)|\bboil(?:ed|s|ing)?\s+(?:itself\s+)?dry\b|\b(?:latch|gate|buckle|clip|catch)\b[^.!?\n]{0,20}?\b(?:springs?|sprang|sprung|pops?|popped|flies|flew)\s+open|\b(?:bunk|bed)\b[^.!?\n]{0,30}?\b(?:ladder|rail|guard)\b[^.!?\n]{0,20}?\b(?:comes?|came|coming|pops?|popped)\s+(?:off|away|loose|out)|\b(?:coin|button)\s+(?:cell|batter(?:y|ies))\b[^.!?\n]{0,30}?\b(?:drops?|dropped|falls?|fell|comes?|came|pops?|popped)\s+out|\bscorch\w*\s+marks?\b"
                    .to_string(),
            ),
            // Outside attack 65 (`hazard-other-words`, `injury-plain-words`): a hazard or a harm in plain words. A battery
            // that swelled or fizzes; a heater that tips over and stays on, or has no tip-over switch; wires poking out
            // of a powered part; a blade's guard that falls off; magnets or cells that fall out of a child's thing; a
            // gap wide enough for a head; a part of a thing that holds a child letting go; a knob melted onto a
            // cooker; a skin reaction; a child gagging on a piece; a thing hot enough to brand; a lens or a part shot
            // into an eye; a splinter under a nail.
            (
                Hazard::BatteryFailing,
                r"(?i)\b(?:batter(?:y|ies)|power\s*banks?|battery\s+packs?|li-?ion|lipo)\b[^.!?\n]{0,30}?\b(?:puffed|puffs|swelled|swells|swole|bulged|bulges|ballooned|bloated|inflated|fizz(?:es|ed|ing)?|vented|vents)\b"
                    .to_string(),
            ),
            (
                Hazard::SafetyPartFailed,
                r"(?i)\b(?:heaters?|fires?|radiators?|stoves?|irons?|lamps?|halogen\w*)\b[^.!?\n]{0,40}?\b(?:tips?|tipped|tipping|falls?|fell|topples?|toppled|knocked)\s+over\b[^.!?\n]{0,40}?\b(?:doesn'?t|does\s+not|didn'?t|did\s+not|won'?t|will\s+not|never|not)\s+(?:cut\s+out|(?:switch|turn|shut|cut)\s+(?:itself\s+)?off)|\bno\s+(?:tip[- ]?over|anti[- ]?tip|tilt|overheat(?:ing)?)\s+(?:switch|cut[- ]?out|cut[- ]?off|protection|sensor|shut[- ]?off)\b|\b(?:stayed|stays|kept|keeps)\s+(?:on|running|heating)\s+(?:while\s+|when\s+)?(?:lying|laying|face\s+down|on\s+its\s+(?:side|front|face|back))"
                    .to_string(),
            ),
            (
                Hazard::ExposedCurrent,
                r"(?i)\b(?:wires?|wiring|copper|conductors?)\s+(?:are\s+|is\s+|were\s+|was\s+)?(?:poking|sticking|showing|coming|hanging)\s+(?:out|through)\b[^.!?\n]{0,40}?\b(?:cable|cord|lead|plug|socket|charger|adapter|flex|mains|switch)\b|\b(?:cable|cord|lead|plug|socket|charger|adapter|flex)\b[^.!?\n]{0,40}?\b(?:wires?|wiring|copper)\s+(?:are\s+|is\s+|were\s+|was\s+)?(?:poking|sticking|showing|coming|hanging)\s+(?:out|through)\b"
                    .to_string(),
            ),
            (
                Hazard::SafetyPartFailed,
                r"(?i)\b(?:blade|safety|chain|finger|hand|saw|fan|cutter|knife|mower|grinder|trimmer)\s+guards?\b[^.!?\n]{0,20}?\b(?:falls?|fell|drops?|dropped|pops?|popped|flies|flew)\s+off\b|\b(?:guard|cover|shield)s?\b[^.!?\n]{0,20}?\b(?:falls?|fell|comes?|came|pops?|popped|flies|flew)\s+off\b[^.!?\n]{0,30}?\b(?:while|when|whilst)\s+(?:(?:it|the\s+\w+)\s+(?:is|was|'s)\s+)?(?:running|spinning|cutting|on|in\s+use)"
                    .to_string(),
            ),
            (
                Hazard::ChildsMouth,
                format!(
                    r"(?i)\b(?:magnets?|button\s+batter(?:y|ies)|coin\s+cells?|button\s+cells?|small\s+(?:parts|pieces|bits))\b[^.!?\n]{{0,30}}?\b(?:fall|falls|fell|falling|come|comes|came|coming|pop|pops|popped|drop|drops|dropped)\s+(?:out|off|loose)\b[^.!?\n]*\b(?:{CHILD}|toys?)\b|\b(?:{CHILD}|toys?)\b[^.!?\n]*\b(?:magnets?|button\s+batter(?:y|ies)|coin\s+cells?|button\s+cells?|small\s+(?:parts|pieces|bits))\b[^.!?\n]{{0,30}}?\b(?:fall|falls|fell|falling|come|comes|came|coming|pop|pops|popped|drop|drops|dropped)\s+(?:out|off|loose)\b"
                ),
            ),
            (
                Hazard::Entrapment,
                format!(
                    r"(?i)\b(?:gaps?|space|spacing|openings?|slats?|bars|rails?|railings?)\b[^.!?\n]{{0,40}}?\b(?:wide|big|large)\s+enough\s+(?:for|to\s+(?:fit|trap|catch))\s+(?:a|an|my|his|her|their|our|the|your)\s+(?:[\w-]+(?:'s|’s)?\s+){{0,2}}?(?:{TRAPPABLE})\b|\b(?:{TRAPPABLE})\s+(?:can|could|would|will|might)\s+(?:easily\s+)?(?:fit|go|slip|get)\s+(?:right\s+)?through\s+(?:the\s+)?(?:gaps?|slats?|bars|rails?|railings?|spaces?)\b"
                ),
            ),
            (
                Hazard::SafetyPartFailed,
                r"(?i)\b(?:chains?|latch(?:es)?|locks?|buckles?|clips?|straps?|harness(?:es)?|trays?|bars?|rails?|sides?|hinges?|hooks?|carabiners?|bolts?|catch(?:es)?|frames?|legs?|brakes?|ropes?)\b[^.!?\n]{0,25}?\b(?:baby\s+swing|swing|bouncer|baby\s+carrier|carrier|sling|high\s*chairs?|cots?|cribs?|bassinets?|moses\s+baskets?|car\s+seats?|prams?|strollers?|pushchairs?|buggy|buggies|playpens?|baby\s+walkers?|(?:stair|baby|safety)\s+gates?|bunk\s+beds?|changing\s+tables?)\b[^.!?\n]{0,40}?\b(?:came|comes|coming)\s+(?:open|undone|apart|loose)|\b(?:baby\s+swing|swing|bouncer|baby\s+carrier|carrier|sling|high\s*chairs?|cots?|cribs?|bassinets?|moses\s+baskets?|car\s+seats?|prams?|strollers?|pushchairs?|buggy|buggies|playpens?|baby\s+walkers?|(?:stair|baby|safety)\s+gates?|bunk\s+beds?|changing\s+tables?)(?:'s|’s)?\s+(?:chains?|latch(?:es)?|locks?|buckles?|clips?|straps?|harness(?:es)?|trays?|bars?|rails?|sides?|hinges?|hooks?|carabiners?|bolts?|catch(?:es)?|brakes?|ropes?)\b[^.!?\n]{0,40}?(?:\b(?:came|comes|coming)\s+(?:open|undone|apart|loose)\b|\b(?:pops?|popped|comes?|came|slides?|slid)\s+(?:off|open|out)\s+(?:when|while|whilst|if|as|on\s+its\s+own|by\s+itself)\b|\b(?:doesn'?t|does\s+not|won'?t|will\s+not|didn'?t|did\s+not|never)\s+(?:lock|latch|catch|stay\s+(?:locked|shut|closed|on|up))\b|\bpush(?:es|ed)?\s+(?:it\s+)?open\b)"
                    .to_string(),
            ),
            (
                Hazard::FireEvent,
                r"(?i)\bmelted\s+(?:onto|into|on\s+to|on)\s+(?:the|my|our)\s+(?:\w+\s+)?(?:cooker|hob|stove|oven|worktop|counter|carpet|floor|socket|plug|hotplate|cooktop)\b|\b(?:knobs?|dials?|plugs?|sockets?|switch(?:es)?|adapters?|chargers?|cables?|cords?|leads?)\s+(?:has\s+|have\s+|had\s+|just\s+|partly\s+|partially\s+)?melted\b"
                    .to_string(),
            ),
            (
                Hazard::BodyReaction,
                r"(?i)\b(?:scalp|skin|face|neck|hands?|eyes?|lips?|arms?|legs?|body)\b[^.!?\n]{0,20}?\b(?:got|had|has|came\s+up\s+in|broke\s+out\s+in|developed|flared\s+up\s+(?:in|with))\s+(?:a\s+|an\s+)?(?:bad\s+|nasty\s+|severe\s+|terrible\s+|awful\s+|horrible\s+)?(?:reaction|rash|hives|welts|blisters|eczema|dermatitis|burns?)\b|\bitchy\s+(?:red\s+)?(?:bumps|rash|spots|welts|lumps|blisters|patches)\b|\b(?:stung|burned|burnt|irritated)\s+(?:my|his|her|their|our)\s+(?:[\w-]+(?:'s|’s)\s+)?(?:eyes?|skin|scalp|throat|face|nose)\b|\b(?:eyes?|skin|scalp|throat)\s+(?:stung|burned|burnt|streamed|swelled|swelled\s+up)\s+for\s+(?:hours|days|ages|the\s+(?:whole\s+)?(?:day|night|evening))\b"
                    .to_string(),
            ),
            (
                Hazard::ChildsMouth,
                r"(?i)\b(?:gagged|gagging|choked|choking)\s+on\s+(?:a|the|one|some|small|tiny|a\s+small|a\s+tiny)\s+(?:\w+\s+)?(?:pieces?|bits?|parts?|chunks?|fragments?|shards?|beads?|buttons?|magnets?|teats?|caps?|lids?)\b"
                    .to_string(),
            ),
            (
                Hazard::PersonHurt,
                format!(
                    r"(?i)\bhot\s+enough\s+to\s+(?:brand|burn|scald|blister|sear|scorch)\b|\b(?:popped|flew|shot|sprang|sprung|pinged|snapped|flicked)\s+(?:out\s+|off\s+|back\s+|up\s+)?(?:right\s+|straight\s+)?(?:into|in)\s+(?:my|our|his|her|their)\s+(?:[\w-]+(?:'s|’s)\s+)?(?:left\s+|right\s+)?(?:{BODY}|{FACE})\b|\bsplinters?\b[^.!?\n]{{0,40}}?\b(?:into|in|under)\s+(?:my|our|his|her|their)\s+(?:[\w-]+(?:'s|’s)\s+)?(?:nails?|toenails?|fingernails?)\b"
                ),
            ),
            // Outside attack 66 (`hazard/injury plain words`): a thing that holds a child or a person collapsing,
            // folding or letting go by itself; a child under the bath water; a looped blind cord by a cot; balls,
            // beads or stuffing out of a rattle, a teether or a baby's toy; a split cable or cracked insulation showing
            // the metal; a backrest giving way and a person going over; a lens scratching an eye; a heat pad getting
            // hotter and hotter.
            (
                Hazard::SafetyPartFailed,
                r"(?i)\b(?:bath\s+(?:seat|ring|support)|baby\s+bath|playpen|play\s+pen|travel\s+cot|cot|crib|bunk\s+bed|stroller|buggy|pushchair|pram|baby\s+carrier|carrier|bouncer|high\s*chair|stair\s+gate|baby\s+gate|car\s+seat|scooter|swing)(?:'s|’s)?\b[^.!?\n]{0,40}?\b(?:collaps\w*|fold(?:s|ed)?\s+(?:up\s+)?(?:flat\s+|in\s+|inwards\s+)?(?:by\s+itself|on\s+its\s+own|when|while|with|if)|drops?\s+down\s+(?:by\s+itself|on\s+its\s+own|if|when)|dropped\s+down|came\s+unstuck|comes\s+unstuck|let\s+go|lets\s+go|gave\s+way|undid\s+itself|undoes\s+itself|swings?\s+open\s+when|pulled\s+out\s+of|tipped\s+over\s+with|sheared)"
                    .to_string(),
            ),
            (
                Hazard::PersonHurt,
                r"(?i)\b(?:went|slid|slipped|tipped|fell)\s+(?:right\s+)?(?:under|into)\s+(?:the\s+)?water\b|\bface\s+went\s+(?:in|into|under)\s+the\s+water\b|\bwent\s+under\s+for\b|\b(?:scratched|cut|hit|poked|caught|grazed)\s+(?:my|his|her|their|our)\s+(?:\w+(?:'s|’s)\s+)?(?:eyes?|eyeballs?|cornea)\b|\bhotter\s+and\s+hotter\b|\bleft\s+(?:\w+\s+)?(?:red\s+)?(?:marks|burns?|welts)\s+(?:on|all\s+over)\b|\b(?:left|leaving)\s+red\s+marks\b|\b(?:gave\s+way|collapsed|snapped|broke)\b[^.!?\n]{0,40}?\b(?:went|fell)\s+(?:over|flying)(?:\s+backwards)?\b"
                    .to_string(),
            ),
            (
                Hazard::Entrapment,
                r"(?i)\b(?:blind|curtain|tie-?back)\b[^.!?\n]{0,20}\b(?:cords?|chains?|strings?)\b[^.!?\n]*\b(?:cot|crib|toddler|child|baby|neck|loop\w*|no\s+(?:safety|cleat|tie-?back|breakaway))|\bloop(?:ed)?\s+(?:blind\s+|curtain\s+)?cords?\b|\bcords?\b[^.!?\n]{0,30}\b(?:round|around)\s+(?:a|my|his|her|the)\s+(?:\w+(?:'s|’s)\s+)?neck\b"
                    .to_string(),
            ),
            (
                Hazard::ChildsMouth,
                r"(?i)\b(?:(?:small|tiny|little|metal|steel|plastic|glass)\s+)?(?:balls?|beads?|ball\s+bearings?|pellets?|stuffing|filling)\b[^.!?\n]{0,30}?\b(?:fall|falls|fell|falling|come|comes|came|coming|pour\w*|spill\w*|leak\w*)\s+out\b[^.!?\n]{0,30}\b(?:rattle|teether|teething|baby|toddler|child|kid|toy|chew\w*|mouth)|\b(?:rattle|teether|teething\s+(?:ring|toy)|baby\s+toy)\b[^.!?\n]{0,40}?\b(?:balls?|beads?|ball\s+bearings?|pellets?|stuffing|pieces?|bits?)\b[^.!?\n]{0,20}?\b(?:fall|falls|fell|come|comes|came|coming)\s+out|\b(?:balls?|beads?|ball\s+bearings?|pellets?)\s+(?:fall|falls|fell|come|comes|came)\s+out\s+of\s+the\s+(?:baby\s+)?(?:rattle|teether|teething\s+ring|toy)"
                    .to_string(),
            ),
            (
                Hazard::ExposedCurrent,
                r"(?i)\b(?:cable|cord|lead|flex|wire|wiring)\b[^.!?\n]{0,30}\b(?:split|cracked(?:\s+open)?|torn|frayed|melted|worn\s+through)\b[^.!?\n]{0,40}\b(?:wires?|copper|metal|conductors?)\b[^.!?\n]{0,15}\b(?:showing|visible|exposed|poking|out|see)|\b(?:can|could)\s+see\s+(?:the\s+)?(?:bare\s+)?(?:copper|metal\s+wires?|wires?|the\s+metal)\b|\binsulation\b[^.!?\n]{0,30}\b(?:cracked|split|torn|melted|worn|peeling|coming\s+off)\b"
                    .to_string(),
            ),
            // Outside attack 67: a piece pulled from a child's throat, a toy's part chewed or bitten off.
            (
                Hazard::ChildsMouth,
                r"(?i)\b(?:from|out\s+of)\s+(?:my|his|her|the|our)\s+(?:\w+(?:'s|’s)\s+)?(?:throat|windpipe|airway|mouth)\b|\b(?:eyes?|nose|buttons?|pieces?|parts?|bits?|beads?|tags?|ears?)\b[^.!?\n]{0,20}?\b(?:chewed|bitten|bit|pulled|came)\s+(?:right\s+)?off\b[^.!?\n]{0,40}\b(?:baby|toddler|child|son|daughter|mouth|swallow\w*|chok\w*|gag\w*)|\b(?:baby|toddler|child|son|daughter)\b[^.!?\n]{0,40}\b(?:chewed|bit|bitten)\s+(?:the\s+|an?\s+|its\s+|one\s+)?(?:eyes?|nose|buttons?|pieces?|parts?|bits?|ears?)\s+off\b"
                    .to_string(),
            ),
            (
                Hazard::Recall,
                r"(?i)\b(?:safety\s+(?:notice|alert|warning|recall)|withdrawn\s+from\s+sale|recall\s+notice|(?:on|in)\s+the\s+news\s+for\s+(?:catching\s+fire|exploding|overheating))\b"
                    .to_string(),
            ),
        ];
        table
            .into_iter()
            .filter_map(|(hazard, p)| Regex::new(&p).ok().map(|pattern| Row { hazard, pattern }))
            .collect()
    })
}

/// Container compounds ("glass jar", "metal lid", "plastic tub") folded to their head noun: the container is no
/// foreign body.
fn containers_folded(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:glass|metal|plastic|tin|wire|stone)\s+(jars?|bottles?|bowls?|lids?|containers?|tubs?|trays?|packaging|wrappers?|seals?|spoons?|scoops?|clips?|rings?|caps?|cans?|tins?|boxes|box|bags?|handles?|racks?|shelf|shelves|dish(?:es)?|mugs?|cups?|plates?|pots?|canisters?|cover|doors?|tops?|frames?|vases?|toys?|stands?)\b")
            .ok()
    })
    .as_ref()
    .map_or_else(|| text.to_string(), |re| re.replace_all(text, "$1").into_owned())
}

/// A negator right before a match's first words ("no glass in it", "never any mould"): the row is denied.
fn denied(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end().to_lowercase();
    let words: Vec<&str> = before.split_whitespace().rev().take(2).collect();
    words.iter().any(|w| {
        matches!(
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''),
            "no" | "not" | "without" | "never" | "nothing" | "any"
        )
    })
}

/// The text with hazard words in another sense cut out (ADR-1150): "shock" of surprise ("I was shocked at how small
/// the pan is", "shocked to see the price", "got a real shock when I saw the bill", "in shock at the service"), a
/// fall of the heart ("fell in love with the design"), and safety goods named by their hazard ("the smoke alarm's test
/// button"). A shock from the goods ("shocked when I touched it", "a shock off the kettle") stays.
pub fn without_surprise_shocks(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:shocked|shock|shocking)\s+(?:at|that|how|to\s+(?:see|find|read|learn|discover|get|receive|hear|be|open))\b",
            r"|\bshocked\s+by\s+(?:the|your|how|its|this|that)\s+(?:\w+\s+)?(?:price|prices|quality|size|service|cost|bill|charge|state|condition|response|reply|lack|amount|delay|attitude|smallness|thinness)\b",
            r"|\b(?:a|real|bit\s+of\s+a|such\s+a|what\s+a)\s+(?:\w+\s+)?shock\s+(?:when|as|once)\s+(?:i|we|he|she|they)\s+(?:saw|see|read|opened|looked|checked|found|realised|realized|noticed|got\s+the\s+bill)\b",
            r"|\bin\s+shock\s+(?:at|over|about)\b",
            // A fall of the heart ("I fell in love with the design", "fell for the photos", "fell asleep").
            r"|\b(?:fell|fall|falling|fallen)\s+(?:in\s+love|for\s+(?:it|the|this|that|them|your)|asleep|short)\b",
            // Safety goods named by what they guard against: a smoke alarm, a fire blanket, a CO detector — unless the
            // goods set it off ("The heater set off our carbon monoxide alarm", "The smoke alarm went off every time
            // I used the toaster": outside attack 51).
            r"|\b(?P<goods>(?:smoke|fire|heat|carbon\s+monoxide|co|gas)\s+(?:alarms?|detectors?|blankets?|extinguishers?|doors?|sensors?|guards?))\b",
            // A price or a wait that "nearly killed me" (blind136 `g-006`: "Fuel was $87 at the servo on the way up
            // which nearly killed me"): the sentence speaks of money or time, not of harm.
            r"|\b(?P<killed>(?:nearly|almost|practically|basically)\s+killed\s+(?:me|us|him|her))\b",
            // Recall as remembering ("can't recall exactly", "I recall paying $50", outside attack 66 `FA`): a verb
            // with a person or a negation before it, never the product's recall.
            r"|\b(?:i|we|you|he|she|they|can'?t|cannot|can\s+not|don'?t|do\s+not|didn'?t|did\s+not|doesn'?t|not|to|if|as\s+far\s+as\s+i)\s+(?:really\s+|quite\s+|even\s+|exactly\s+|honestly\s+)?recall(?:ed|ing|s)?\b",
        ))
        .ok()
    })
    .as_ref()
    .map_or_else(
        || text.to_string(),
        |re| {
            re.replace_all(text, |c: &regex::Captures| {
                let m = c.get(0).map_or(0..0, |m| m.range());
                if c.name("killed").is_some() {
                    let from = text[..m.start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
                    let before = text[from..m.start].to_lowercase();
                    let money_or_time = before.contains(['$', '£', '€'])
                        || ["price", "cost", "bill", "fee", "fuel", "petrol", "postage", "shipping", "wait", "queue", "laugh"]
                            .iter()
                            .any(|w| before.contains(w));
                    return if money_or_time { " ".to_string() } else { c[0].to_string() };
                }
                let set_off = c.name("goods").is_some() && {
                    let before = text[..m.start].to_lowercase();
                    let after = text[m.end..].to_lowercase();
                    let tail: String = before.chars().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect();
                    tail.contains("set off")
                        || tail.contains("triggered")
                        || tail.contains("tripped")
                        || ["went off", "goes off", "going off", "kept going off", "keeps going off", "sounded", "beeped"]
                            .iter()
                            .any(|w| after.trim_start().starts_with(w))
                        // Or it stayed silent when it should have sounded (blind124 `g-058`): the failing safety
                        // goods are the hazard.
                        || silent_alarm(&after)
                };
                if set_off { c[0].to_string() } else { " ".to_string() }
            })
            .into_owned()
        },
    )
}

/// Whether the words after an alarm's name say it stayed silent: "… never made a sound the whole time", "didn't go
/// off", "failed to sound".
fn silent_alarm(after: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)^[^.!?\n]{0,80}?\b(?:never|didn't|didnt|did\s+not|failed\s+to|wouldn't|won't|doesn't|does\s+not)\s+(?:once\s+|even\s+|ever\s+)?(?:go\s+off|went\s+off|gone\s+off|sound\w*|made\s+a\s+(?:sound|noise|peep)|make\s+a\s+(?:sound|noise|peep)|beep\w*|trigger\w*|alert\w*|activate\w*)\b",
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(after))
}

/// The hazard the text describes, if any: the first row whose object and context stand in one sentence, undenied.
pub fn named(text: &str) -> Option<Hazard> {
    let text = without_degree_bits(&containers_folded(&super::scope::things_as_they(text)));
    rows()
        .iter()
        .find_map(|row| {
            row.pattern
                .find_iter(&text)
                .find(|m| {
                    !denied(&text, m.start())
                        && (row.hazard != Hazard::ChildsMouth || !another_mouth(&text, m.start(), m.end()))
                        && (row.hazard != Hazard::GasEscaping || !water_fault(&text, m.start(), m.end()))
                        && (row.hazard != Hazard::NearMiss || !arrived_so(&text, m.start(), m.end()))
                })
                .map(|_| row.hazard)
        })
        .or_else(|| body_reaction(&text))
}

/// A person in a sentence about a body's reaction: the writer, their family, a user (outside attack 55).
const KIN: &str = r"husband|wife|partner|son|daughter|child|children|kid|kids|boy|girl|baby|babies|dad|father|mum|mom|mother|brother|sister|friend|colleague|gran|granny|grandad|grandpa|grandma|grandmother|grandfather|nan|aunt|uncle|toddler|little\s+one|grandson|granddaughter|niece|nephew|neighbou?r|staff|user|customer|guest|family|parents?|mother-in-law|father-in-law|fianc[eé]e?|girlfriend|boyfriend|flatmate|housemate|roommate|team|patient|client|twins?";

/// A body's reaction no other sense of the word shares (outside attack 55): read with no subject named.
const PHYS: &str = r"(?:pounding|splitting|blinding|thumping|throbbing|banging|terrible|awful|severe|horrible|nasty|constant)\s+headaches?|vomit\w*|threw\s+up|throw(?:ing|s)?\s+up|diarrh\w+|nause\w+|queasy|migraines?|palpitations|asthma\s+(?:attacks?|flare(?:-?ups?)?)|wheez\w+|dizz(?:y|iness)|light[- ]headed|fainted|fainting|felt\s+faint|(?:stomach|tummy|belly)\s*(?:aches?|cramps?|pains?|upset|bug)|upset\s+(?:stomach|tummy)|food\s+poisoning|(?:couldn'?t|could\s+not|can'?t|cannot|struggl\w+\s+to|trouble|difficulty)\s+breath\w*|short(?:ness)?\s+of\s+breath|breathless\w*|chest\s+(?:pains?|tightness|infection)|(?:heart|heartbeat|chest|pulse)\s+(?:flutter\w*|racing|race|raced|pound\w*|skipp\w*|palpitations)|sneez\w+|coughing|coughed|a\s+(?:bad\s+|nasty\s+|hacking\s+|persistent\s+)?cough|nosebleeds?|nose\s+bleeds?|runny\s+poo\w*|loose\s+stools?|seizures?|colic|lethargic|went\s+numb|numbness|conjunctivitis|dermatitis|eczema\s+flare\w*|(?:[a-z]+\s+)?infections?|hives|a\s+rash|rash(?:es)?\s+(?:on|all|over|across|everywhere)|(?:red|itchy|flaky|raw|sore|cracked|peeling|inflamed|irritated|blotchy)(?:,?\s+(?:and\s+)?(?:red|itchy|flaky|raw|sore|cracked|peeling|inflamed|irritated|dry|blotchy))*\s+skin";

/// A reaction word with another sense as well ("sick of", "ill-fitting", a "lame" excuse, "shaking" with anger): read
/// only of a person or an animal named as its subject, or with the goods as its cause.
const AMBIG: &str = r"sick|ill|unwell|poorly|faint|numb|a\s+(?:bad\s+|nasty\s+|severe\s+)?reaction|collapsed|lame|limp(?:ing)?|sore\s+eyes|red\s+eyes|bloodshot|bloated|burning\s+eyes|watery\s+eyes|itchy|itchiness|itching\s+all\s+over|blisters?|infected";

/// What an animal does when it is unwell: read of an animal only.
const ANIMAL_SIGNS: &str = r"shaking|trembling|drooling|panting\s+heavily|hiding|not\s+eating|off\s+(?:his|her|their|its)\s+food|stopped\s+(?:eating|drinking|laying)|won'?t\s+eat\s*(?:[.,;!]|$|and\b|since\b|after\b|for\b|anything\b)|refus\w+\s+(?:to\s+eat|food)";

/// A part of a body a reaction shows on (of a person or an animal).
const REACTING_PART: &str = r"lips?|tongue|mouth|throat|gums?|skin|face|cheeks?|eyes?|eyelids?|nose|ears?|scalp|hands?|fingers?|arms?|neck|chest|heart|heartbeat|pulse|stomach|tummy|belly|paws?|pads?|muzzle|hooves|hoof|beak|gills";

/// What a body part does when it reacts.
const PART_STATE: &str = r"numb|sore|puff\w*(?:\s+up)?|tingl\w+|red|raw|swollen|swelled|swelling|puffy|peel\w*|burning|stinging|stung|itchy|itching|bleeding|blistered|watering|streaming|inflamed|flutter\w*|racing|raced|pound\w*|tight\w*|broke\s+out|breaking\s+out|covered\s+in\s+(?:spots|bumps|a\s+rash|hives|blisters|sores)";

/// Hair, fur or feathers coming out.
const COAT: &str = r"hair|fur|feathers";

/// The verbs and adverbs between a subject and its reaction: "has been", "felt", "woke up", "was now", "started".
const BETWEEN: &str = r"(?:(?:has|have|had)\s+been|is|are|was|were|am|'s|'re|'m|got|gets|get|getting|became|becomes|become|went|goes|go|felt|feel|feels|feeling|started|starts|began|keeps?|kept|woke\s+up|came\s+out\s+in|come\s+out\s+in|now|also|then|still|all|both|really|very|so|quite|badly|violently|terribly|constantly|just|been|had|has|have|developed|suffered|ended\s+up|seems?|seemed|looks?|looked|immediately|suddenly|later|soon|and|with|from|an?|some|terrible|awful|horrible|nasty|bad|severe|serious|really|such|sudden|pounding|splitting|blinding|thumping|banging|massive|constant|mild|slight)";

/// Verbs of using the goods, as a cause's head ("after using", "since we switched", "within an hour of drinking").
const USE: &str = r"use|uses|using|used|eat|eats|eating|ate|eaten|drink|drinks|drinking|drank|drunk|take|taking|took|taken|wear|wearing|wore|worn|apply|applying|applied|open|opening|opened|chew|chewing|chewed|start|starting|started|switch|switching|switched|add|adding|added|wash|washing|washed|walking|walked|sleep|sleeping|slept|sit|sitting|sat|touch|touching|touched|feed|feeding|fed|set|setting|install|installing|installed|plug|plugging|plugged|light|lighting|lit|spray|spraying|sprayed|putting|giving|gave|smelling|smelt|smelled|breath\w*|inhal\w*|unpack\w*|hung|hanging|bath\w*|brush\w*|rub\w*|swallow\w*|lick\w*|playing|played|filling|filled|cooking|cooked|cleaning|cleaned|introduc\w*|spoon\w*|sip\w*|dose|doses|application|applications";

/// Nouns after a determiner that name a time or an errand, not the goods: "after the weekend", "since our call".
const NOT_GOODS: &[&str] = &[
    "weekend",
    "week",
    "weeks",
    "day",
    "days",
    "month",
    "months",
    "year",
    "years",
    "holiday",
    "holidays",
    "christmas",
    "easter",
    "morning",
    "evening",
    "afternoon",
    "night",
    "nights",
    "hour",
    "hours",
    "minute",
    "minutes",
    "surgery",
    "operation",
    "birth",
    "flu",
    "virus",
    "covid",
    "cold",
    "accident",
    "funeral",
    "move",
    "delivery",
    "courier",
    "news",
    "email",
    "emails",
    "reply",
    "message",
    "call",
    "chat",
    "conversation",
    "bill",
    "invoice",
    "price",
    "service",
    "team",
    "staff",
    "support",
    "agent",
    "order",
    "parcel",
    "package",
    "box",
    "last",
    "time",
    "while",
    "trip",
    "review",
    "reviews",
    "comments",
    "photos",
    "pictures",
    "website",
    "site",
    "post",
    "letter",
    "statement",
    "bank",
];

struct Reactions {
    caused: Regex,
    phys: Regex,
    person: Regex,
    animal: Regex,
    animal_signs: Regex,
    part: Regex,
    coat: Regex,
    cue: Regex,
    duration: Regex,
    animal_word: Regex,
    death: Regex,
    counted: Regex,
    life_past: Regex,
    vet: Regex,
    toxicity: Regex,
    shock: Regex,
    used_first: Regex,
    animal_named: Regex,
    hurt_state: Regex,
}

fn reactions() -> Option<&'static Reactions> {
    static R: OnceLock<Option<Reactions>> = OnceLock::new();
    R.get_or_init(|| {
        let living = format!(
            r"(?:me|him|her|us|them|(?:my|our|his|her|their|the)\s+(?:[a-z-]+\s+){{0,2}}?(?:{KIN}|{ANIMAL})s?|(?:one|two|three|four|five|several|some|all|both|most|a\s+few|half)\s+of\s+(?:us|them|(?:my|our|the|his|her|their)\s+(?:[a-z-]+\s+)?(?:{KIN}|{ANIMAL})s?))"
        );
        let owner = r"(?:(?:my|our|his|her|their)\s+(?:[a-z]+(?:'s|’s|s')\s+)?|[a-z]+(?:'s|’s)\s+)";
        Some(Reactions {
            // The goods as the cause: "gave me terrible nausea", "made my cat sneeze", "left my cheeks red and
            // peeling", "brought on a migraine", "made two of our ponies colic".
            caused: Regex::new(&format!(
                r"(?i)\b(?:gave|gives|give|giving|given|caused|causes|causing|cause|triggered|triggers|trigger|brought\s+on|brings\s+on|bring\s+on|left|leaves|leave|made|makes|make|making|turned|turns)\s+(?:(?:{living})\s+(?:(?:{BETWEEN})\s+){{0,3}}(?:feel\s+|go\s+|come\s+out\s+in\s+)?(?:{PHYS}|{AMBIG}|{ANIMAL_SIGNS})|(?:{owner})(?:{REACTING_PART})\s+(?:(?:go|feel|all|so|really|very|bright|completely|totally|come|turn|[a-z]+\s+and)\s+){{0,3}}(?:{PART_STATE}|{PHYS})|(?:{owner})(?:{COAT})\s+(?:come|fall|start\s+(?:coming|falling))\s+out|(?:(?:on\s+)?(?:a|an|my|his|her|their|some|severe|bad|terrible|awful|horrible|nasty|really|very)\s+)+(?:{PHYS}))"
            ))
            .ok()?,
            phys: Regex::new(&format!(r"(?i)\b(?:{PHYS})\b")).ok()?,
            person: Regex::new(&format!(
                r"(?i)(?:^\s*|\b(?:i|we|he|she|they|(?:my|our|his|her|their|the|a)\s+(?:[a-z-]+\s+){{0,2}}?(?:{KIN})s?|(?:one|two|three|several|some|all|both|most|a\s+few)\s+of\s+(?:us|(?:my|our|the)\s+(?:[a-z-]+\s+)?(?:{KIN})s?))\s+)(?:(?:{BETWEEN})\s+){{1,4}}(?:{AMBIG}|headaches?)\b"
            ))
            .ok()?,
            animal: Regex::new(&format!(
                r"(?i)\b(?:(?:my|our|his|her|their|the|a|an|all\s+(?:my|our|the)|(?:one|two|three|four|five|several|some|all|both|most|a\s+few|half)\s+of\s+(?:my|our|the|his|her|their))\s+(?:[a-z-]+\s+){{0,2}}?(?:{ANIMAL})s?|(?:{ANIMAL})s?)\s+(?:(?:{BETWEEN})\s+){{0,4}}(?:{PHYS}|{AMBIG}|poisoned)\b"
            ))
            .ok()?,
            animal_signs: Regex::new(&format!(
                r"(?i)\b(?:(?:my|our|his|her|their|the|a|an|(?:one|two|three|some|all|both|several)\s+of\s+(?:my|our|the))\s+(?:[a-z-]+\s+){{0,2}}?(?:{ANIMAL})s?|(?:{ANIMAL})s?|he|she|they)\s+(?:(?:{BETWEEN})\s+){{0,4}}(?:{ANIMAL_SIGNS})"
            ))
            .ok()?,
            part: Regex::new(&format!(
                r"(?i)(?:{owner})(?:{REACTING_PART})\s+(?:(?:{BETWEEN}|bright)\s+){{0,4}}(?:{PART_STATE})\b|\b(?:felt|feel|feels|feeling|could\s+feel)\s+(?:{owner})(?:chest|heart|heartbeat|pulse|throat|lips|tongue|face|skin)\s+(?:flutter|race|racing|pound|pounding|skip|skipping|tighten|tightening|close|closing|swell|swelling|burn|burning|tingle|tingling|go\s+numb)\b"
            ))
            .ok()?,
            coat: Regex::new(&format!(
                r"(?i)(?:{owner})(?:{COAT})\s+(?:(?:{BETWEEN})\s+){{0,3}}(?:falling|fall|fell|coming|come|came)\s+out"
            ))
            .ok()?,
            cue: Regex::new(r"(?i)\b(?:after|since|following|from|within|when|while|whenever|once|(?:every|each)\s+time|because\s+of|due\s+to|thanks\s+to)\b").ok()?,
            duration: Regex::new(r"(?i)\b(?:for\s+(?:\d+|a|an|two|three|four|five|six|seven|several|a\s+few|a\s+couple\s+of)\s+(?:days?|hours?|nights?|weeks?)|for\s+(?:days|hours|weeks)|all\s+(?:night|day|evening|week))\b").ok()?,
            // An animal as a noun in its own right, not a modifier of goods ("the fish tank pump", "the dog bed").
            animal_word: Regex::new(&format!(
                r"(?i)\b(?:{ANIMAL})s?\b(?:\s*[,;:)-]|\s*$|\s+(?:and|but|or|was|were|is|are|had|has|have|got|gets|died|in|on|by|from|with|at|to|into|so|because|who|which|that|stopped|started|kept|keeps|seemed|seems|looked|looks|ate|eats|drank|all|both|then|now|just|been|went|became|developed|suffered|came|seem|look|chewed|chews|chewing|nibbled|nibbling|pecked|pecking|licked|licking|bit|swallowed)\b)"
            ))
            .ok()?,
            death: Regex::new(&format!(
                r"(?i)\b(?:(?:my|our|his|her|their|the|a|an|all\s+(?:my|our|the)|(?:one|two|three|four|five|six|several|some|most|all|both|a\s+few|half)\s+of\s+(?:my|our|the|his|her|their))\s+(?:[a-z-]+\s+){{0,2}}?(?:{ANIMAL})s?|(?:{ANIMAL})s?)\s+(?:(?:all|both|then|later|sadly|just|have|has|had|soon|quickly|actually|unfortunately|since|now|each|is|are|was|were)\s+)*(?:died|dead|didn'?t\s+(?:survive|make\s+it)|did\s+not\s+(?:survive|make\s+it)|perished)\b"
            ))
            .ok()?,
            counted: Regex::new(
                r"(?i)\b(?:(?:he|she|they)(?:'s|’s|'re|’re)?|it|one|two|three|four|five|six|several|some|most|all|both|half)(?:\s+of\s+them)?\s+(?:(?:all|both|then|later|sadly|just|have|has|had|soon|quickly|is|are|was|were|now|has\s+since|got|became|went|been|very|really|so|quite|completely|totally)\s+)*(?:died|dead|didn'?t\s+(?:survive|make\s+it)|did\s+not\s+(?:survive|make\s+it)|sick|ill|unwell|poorly|lethargic|listless|lame|limping)\b|\b(?:killed|drowned|strangled|suffocated|crushed|trapped)\s+(?:him|her|it|them|one|two|three|both|all\s+of\s+them)\b",
            )
            .ok()?,
            life_past: Regex::new(
                r"(?i)\b(?:last\s+(?:week|month|year|spring|summer|autumn|winter|christmas)|ago|old\s+age|natural\s+causes|passed\s+away|put\s+(?:\w+\s+)?(?:down|to\s+sleep)|in\s+(?:19|20)\d\d|no\s+longer\s+(?:need|needed|require))\b",
            )
            .ok()?,
            vet: Regex::new(r"(?i)\bvets?\b").ok()?,
            toxicity: Regex::new(r"(?i)\b(?:toxicity|poisoning|toxic\s+reaction)\b").ok()?,
            // A shock an animal took (outside attack 56): "chewed the cable and got a shock".
            shock: Regex::new(r"(?i)\b(?:got|gets|get|getting|received|took|had)\s+(?:a|an)\s+(?:\w+\s+)?(?:electric(?:al)?\s+)?shock\b").ok()?,
            // A sentence that opens with the goods used, its subject dropped or a pronoun (outside attack 56: "Ate two of
            // the bars and had an upset stomach for two days").
            used_first: Regex::new(r"(?i)^\s*(?:(?:i|we|he|she|they|my\s+\w+|our\s+\w+)\s+)?(?:ate|drank|used|took|applied|wore|tried|swallowed|chewed|fed\s+(?:it|them|him|her))\b").ok()?,
            // A pet's hurt told by its state with a pronoun ("The cat tree toppled over with Luna on it and she's
            // limping now", outside attack 57).
            hurt_state: Regex::new(r"(?i)\b(?:he|she|they)(?:'s|’s|'re|’re|\s+is|\s+are|\s+was)\s+(?:now\s+|still\s+)?(?:limping|lame|bleeding|lethargic|at\s+the\s+vets?)\b").ok()?,
            animal_named: Regex::new(&format!(r"(?i)\b(?:{ANIMAL})(?:s|es)?\b")).ok()?,
        })
    })
    .as_ref()
}

/// A cause of a reaction in the rest of the sentence (outside attack 55): a cue word ("after", "since", "within",
/// "when") then, within a few words, a verb of using the goods or a noun after a determiner that is not a time or an
/// errand ("after the holidays", "since our call", "when it arrived" are none). "When" and "while" take a verb of use
/// only; "after" ending its clause ("I felt ill after.") points back at the goods.
fn caused_by_use(sentence: &str, r: &Reactions) -> bool {
    static USE_RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(use_re) = USE_RE.get_or_init(|| Regex::new(&format!(r"(?i)^(?:{USE})$")).ok()).as_ref() else {
        return false;
    };
    r.cue.find_iter(sentence).any(|m| {
        let cue = m.as_str().to_lowercase();
        let verbs_only = matches!(cue.as_str(), "when" | "while" | "whenever" | "once") || cue.ends_with("time");
        let tail = &sentence[m.end()..];
        let clause = tail.split([',', ';', ':']).next().unwrap_or("");
        let words: Vec<String> = clause
            .split_whitespace()
            .take(8)
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_lowercase())
            .collect();
        if words.is_empty() {
            return cue == "after";
        }
        // A verb of another errand first ("after reading your email", "since talking to you") is no use of the goods.
        if words[0].ends_with("ing") && !use_re.is_match(&words[0]) {
            return false;
        }
        // The noun a determiner at `at` governs, past its adjectives: a time or an errand is no cause.
        let governs_goods = |at: usize| {
            words[at + 1..]
                .iter()
                .find(|n| {
                    !matches!(
                        n.as_str(),
                        "new" | "old" | "first" | "second" | "same" | "whole" | "little" | "few" | "couple" | "of"
                    )
                })
                .is_some_and(|n| !NOT_GOODS.contains(&n.as_str()))
        };
        let determiner = |w: &str| {
            matches!(
                w,
                "the"
                    | "this"
                    | "these"
                    | "those"
                    | "that"
                    | "your"
                    | "its"
                    | "a"
                    | "an"
                    | "new"
                    | "one"
                    | "two"
                    | "three"
            )
        };
        (0..words.len()).any(|i| {
            let w = words[i].as_str();
            let next = words.get(i + 1).map_or("", String::as_str);
            if use_re.is_match(w) {
                // A verb of use whose object is an errand ("after opening your email") is none.
                return !determiner(next) || governs_goods(i + 1);
            }
            if verbs_only {
                return false;
            }
            if determiner(w) {
                return governs_goods(i);
            }
            matches!(w, "it" | "them")
                && !matches!(next, "arrived" | "came" | "turned" | "got" | "was" | "showed" | "is")
        })
    })
}

/// A body's reaction to the goods, a person's or an animal's, or an animal's death (outside attack 55): see
/// [`Hazard::BodyReaction`] and [`Hazard::AnimalKilled`]. Read sentence by sentence; a match a negator stands right
/// before ("no one got sick", "not ill") is none.
fn body_reaction(text: &str) -> Option<Hazard> {
    let r = reactions()?;
    let undenied = |re: &Regex, s: &str| re.find_iter(s).any(|m| !denied(s, m.start()) && !idiom(&s[m.end()..]));
    for sentence in text.split(['.', '!', '?', '\n']) {
        if sentence.trim().is_empty() {
            continue;
        }
        if undenied(&r.caused, sentence) {
            return Some(Hazard::BodyReaction);
        }
        let cause = caused_by_use(sentence, r) || r.used_first.is_match(sentence);
        let animal = r.animal_word.is_match(sentence);
        if cause && (undenied(&r.phys, sentence) || undenied(&r.person, sentence)) {
            return Some(Hazard::BodyReaction);
        }
        if (cause || r.duration.is_match(sentence)) && (undenied(&r.part, sentence) || undenied(&r.coat, sentence)) {
            return Some(Hazard::BodyReaction);
        }
        if undenied(&r.animal, sentence) {
            return Some(Hazard::AnimalHarmed);
        }
        if animal && (cause || r.vet.is_match(text)) && undenied(&r.animal_signs, sentence) {
            return Some(Hazard::AnimalHarmed);
        }
        if animal && r.toxicity.is_match(text) {
            return Some(Hazard::AnimalHarmed);
        }
        if r.animal_named.is_match(sentence) && (undenied(&r.shock, sentence) || undenied(&r.hurt_state, sentence)) {
            return Some(Hazard::AnimalHarmed);
        }
        let life_past = r.life_past.is_match(sentence) && !cause;
        if !life_past && (undenied(&r.death, sentence) || (animal && undenied(&r.counted, sentence))) {
            return Some(Hazard::AnimalKilled);
        }
    }
    None
}

/// A reaction word in an idiom of feeling or of making, read from what follows it: "sick of", "sick and tired", "sick
/// to death", "ill at ease", "ill-fitting", "poorly made", "sick pay", "coughed up the money".
fn idiom(after: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)^(?:\s+|-)(?:of|and\s+tired|to\s+death|to\s+(?:my|the)\s+(?:back\s+)?teeth|at\s+ease|fitting|fitted|made|",
            r"packed|designed|built|finished|stitched|served|handled|written|advised|equipped|leave|pay|note|days?|bay|up|",
            r"to\s+(?:you|your|the\s+(?:service|news|excuses?)))\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(after))
}

/// A sentence that tells the goods' state on arrival ("the bed rail arrived with the clamp snapped off", "came
/// broken", "out of the box", "in transit"): a fault found, no event in use (outside attack 55).
fn arrived_so(text: &str, start: usize, end: usize) -> bool {
    let from = text[..start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let to = text[end..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| end + i);
    let sentence = text[from..to].to_lowercase();
    [
        "arrived",
        "came with",
        "came broken",
        "delivered",
        "in transit",
        "out of the box",
        "in the box",
        "unboxed",
        "unpacked",
    ]
    .iter()
    .any(|w| sentence.contains(w))
}

/// A hissing valve or tank in a sentence about water (a cistern's fill valve, a water heater's tank): a plumbing fault.
fn water_fault(text: &str, start: usize, end: usize) -> bool {
    let from = text[..start].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let to = text[end..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| end + i);
    let sentence = text[from..to].to_lowercase();
    !sentence.contains("gas")
        && ["water", "toilet", "cistern", "flush", "tap", "faucet", "shower", "radiator", "boiler", "heater", "pipe"]
            .iter()
            .any(|w| sentence.contains(w))
}

/// "A bit" as a degree after a verb of being or seeming ("I was a bit slow", "she's a bit sad", "a bit of a week"): no
/// piece of anything (haz42, ADR-1390). "A bit came off", "chewed a bit of it off" keep the noun.
fn without_degree_bits(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:(?:was|is|am|are|were|be|been|being|'m|'s|'re|felt|feel|feels|feeling|got|get|gets|getting|seems?|seemed|looks?|looked|sounds?|sounded)\s+(?:just\s+|only\s+|quite\s+)?(?:a\s+)?(?:little\s+|tiny\s+|wee\s+)?bit\b(?:\s+of\s+a\b)?",
            r"|\ba\s+bit\s+of\s+a\b)",
        ))
        .ok()
    })
    .as_ref()
    .map_or_else(
        || text.to_string(),
        |re| {
            re.replace_all(text, |c: &regex::Captures| {
                let m = &c[0];
                let at = m.to_lowercase().rfind("bit").unwrap_or(0);
                format!("{}   {}", &m[..at], &m[at + 3..])
            })
            .into_owned()
        },
    )
}

/// Whether every mouthing verb in a child's-mouth match has another eater as its subject (haz42, ADR-1390): "the kids
/// had the flu and the dog ate a sock", "cat swallowed a bit of string" — a pet or an adult named right before the verb
/// is whose mouth it was. A child, "he", "she" or "they" before it, or no subject (a participle, "in his mouth"), keeps
/// the child's.
fn another_mouth(text: &str, start: usize, end: usize) -> bool {
    static VERB: OnceLock<Option<Regex>> = OnceLock::new();
    static CHILD_RE: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(verb), Some(child)) = (
        VERB.get_or_init(|| {
            Regex::new(
                r"(?i)\b(?:chew\w*|ingest\w*|suck\w*|lick\w*|bit\s+(?:off|into|through|on|it|him|her|them|a|the)|bitten|swallow\w*|ate|eaten|put|coughed)\b",
            )
                .ok()
        })
        .as_ref(),
        CHILD_RE.get_or_init(|| Regex::new(&format!(r"(?i)^(?:{CHILD})(?:'?s)?$")).ok()).as_ref(),
    ) else {
        return false;
    };
    let span = &text[start..end];
    // A word of the verb list after a determiner is a noun ("a bit of it"): no verb.
    let after_determiner = |at: usize| {
        let prev = text[..at].split_whitespace().next_back().unwrap_or("").to_lowercase();
        matches!(prev.as_str(), "a" | "an" | "the" | "of" | "some" | "little" | "tiny" | "small")
    };
    let mut verbs = verb.find_iter(span).filter(|v| !after_determiner(start + v.start())).peekable();
    if verbs.peek().is_none() {
        return false;
    }
    verbs.all(|v| {
        let words: Vec<String> = text[..start + v.start()]
            .split_whitespace()
            .rev()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_lowercase())
            .filter(|w| {
                !w.ends_with("ly")
                    && !matches!(
                        w.as_str(),
                        "had"
                            | "has"
                            | "have"
                            | "then"
                            | "also"
                            | "just"
                            | "already"
                            | "once"
                            | "almost"
                            | "even"
                            | "somehow"
                            | "could"
                            | "would"
                            | "might"
                            | "may"
                            | "can"
                            | "will"
                            | "did"
                            | "does"
                            | "do"
                            | "must"
                            | "should"
                            | "not"
                            | "never"
                            | "probably"
                            | "still"
                            // An auxiliary before a participle ("my baby was chewing it", outside attack 67).
                            | "was"
                            | "were"
                            | "is"
                            | "are"
                            | "been"
                            | "being"
                            | "kept"
                            | "keeps"
                            | "started"
                            | "began"
                    )
            })
            .take(2)
            .collect();
        let Some(subject) = words.first() else { return false };
        // "my little one chewing …" (outside attack 68): the child's name is two words.
        if child.is_match(subject) || (subject == "one" && words.get(1).is_some_and(|w| w == "little")) {
            return false;
        }
        match subject.as_str() {
            "i" | "we" | "you" => true,
            // No subject of its own: a pronoun for the child, a conjunction, a relative, an object before "put".
            "he" | "she" | "they" | "who" | "and" | "or" | "but" | "that" | "which" | "it" | "to" | "then" => false,
            // A noun before the verb, with its determiner ("the dog", "our puppy", "my husband") or bare ("cat
            // swallowed"): another eater.
            _ => subject.chars().all(|c| c.is_alphabetic() || c == '\''),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every case named as its row's kind, the ones that are not listed at once.
    fn assert_rows(cases: &[(&str, Hazard)]) {
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(t, h)| named(t) != Some(*h))
            .map(|(t, h)| format!("{t}: want {h:?}, got {:?}", named(t)))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn each_row_matches_its_kind_in_several_registers() {
        let cases: &[(&str, Hazard)] = &[
            ("found glass in the cat food tin. dont want money just someone should check", Hazard::ForeignBodyInFood),
            ("There was a sharp piece of metal inside my son's yoghurt pot", Hazard::ForeignBodyInFood),
            ("the cereal had bits of plastic in it", Hazard::ForeignBodyInFood),
            ("I bit into a stone in the granola bar and it hurt", Hazard::ForeignBodyInFood),
            ("Hallo, in the dog food I find small glass pieces. Please check your factory.", Hazard::ForeignBodyInFood),
            ("my husband ate two slices before we saw the bread was mouldy", Hazard::SpoiledFoodEaten),
            ("the cat ate the pouch and then we noticed it was out of date", Hazard::SpoiledFoodEaten),
            ("the kettle gave off a burning smell and the base is singed", Hazard::HeatFireElectric),
            ("plugged it in and it short circuited, tripped the fuse", Hazard::HeatFireElectric),
            ("my toddler chewed the toy and a small part came off in his mouth", Hazard::ChildsMouth),
            ("the button battery fell out and my daughter nearly swallowed it", Hazard::ChildsMouth),
            ("my son had a severe allergy attack, there are undeclared nuts in it", Hazard::Allergy),
            ("she needed her epipen after one biscuit", Hazard::Allergy),
            ("this model got a safety notice last week, is mine affected?", Hazard::Recall),
        ];
        assert_rows(cases);
    }

    #[test]
    fn attack65_hazards_in_plain_words_are_rows() {
        let cases: &[(&str, Hazard)] = &[
            ("Hi, the power bank puffed up like a pillow. I want a refund.", Hazard::BatteryFailing),
            ("The battery fizzes when it charges.", Hazard::BatteryFailing),
            ("the space heater tips over and doesn't cut out", Hazard::SafetyPartFailed),
            ("the fan heater has no tip-over switch, it stayed on lying on the carpet", Hazard::SafetyPartFailed),
            ("the wires are poking out of the cable near the plug!! refund pls", Hazard::ExposedCurrent),
            ("the blade guard falls off while the saw is running", Hazard::SafetyPartFailed),
            ("the kids' toy has small magnets that fall out!! refund pls", Hazard::ChildsMouth),
            ("the gap in the cot slats is wide enough for my baby's head", Hazard::Entrapment),
            ("the chain on the baby swing came open", Hazard::SafetyPartFailed),
            ("the stair gate latch doesn't lock so my toddler just pushes it open", Hazard::SafetyPartFailed),
            ("The high chair tray pops off when she leans on it.", Hazard::SafetyPartFailed),
            ("the hob knob melted onto the cooker", Hazard::FireEvent),
            ("my daughter's scalp got a reaction, red and peeling", Hazard::BodyReaction),
            ("Itchy bumps all over my neck after wearing it.", Hazard::BodyReaction),
            ("The spray stung my eyes for hours.", Hazard::BodyReaction),
            ("my baby gagged on a piece of the teat", Hazard::ChildsMouth),
            ("the grill got hot enough to brand my son's hand", Hazard::PersonHurt),
            ("the lens popped out into my son's eye", Hazard::PersonHurt),
            ("The metal splinter went under my nail.", Hazard::PersonHurt),
            ("the high E snapped and whipped me right under the eye", Hazard::PersonHurt),
            ("The bath seat suction cups gave way and my baby tipped into the water.", Hazard::SafetyPartFailed),
            ("The playpen side folds in when the baby leans on it.", Hazard::NearMiss),
            ("The blind cord hangs in a loop right by the cot and there's no tie-back.", Hazard::Entrapment),
            ("Little steel balls came out of the baby rattle.", Hazard::ChildsMouth),
            ("The lamp cable is split and I can see the copper.", Hazard::ExposedCurrent),
            ("The kids' sunglasses lens fell out and scratched his eye.", Hazard::PersonHurt),
            ("The garden swing's seat bolt sheared off while my daughter was on it.", Hazard::SafetyPartFailed),
            ("We had to pull a lump of foam from my baby's throat.", Hazard::ChildsMouth),
            ("My toddler chewed the teddy's eye off.", Hazard::ChildsMouth),
        ];
        assert_rows(cases);
        for t in [
            "the high chair tray pops off for easy cleaning but the strap is the wrong colour",
            "the battery cover fell off the remote",
            "the pram hood came off in the box",
            "I was choking on the price when I saw the bill",
            "the oven gets hot enough to bake bread in ten minutes",
            "the cot slats are a lighter wood than the photo",
            "the swing seat is the wrong colour",
            "the fridge magnets fell off the packaging, no big deal",
            "the stroller folds up really small, but the basket is torn",
            "the cot sheet is the wrong size",
            "the cable is too short to reach the socket",
            "the blade guard comes off to change the blade, which is handy",
        ] {
            assert_eq!(named(t), None, "{t}");
        }
    }

    #[test]
    fn ordinary_faults_never_match() {
        for t in [
            "the glass jar of honey arrived cracked, please refund",
            "The picture frame glass was smashed in transit.",
            "broken. refund.",
            "the bag is scratched on the side",
            "the shoes doesn't fit, too small",
            "the hair dryer stopped working after two days",
            "two of the tins were dented and one had leaked all over the box",
            "the metal clip on the strap is missing",
            "the plastic tub of cat treats arrived open",
            "the cheese board part was completely mouldy, my aunt threw it out. gran has eaten the biscuits anyway.",
            "no glass in the food thankfully, just the jar lid was loose",
            "the toy is missing a wheel, my son is sad",
            "The oats came fine, the honey came fine",
            "the wire of the headphones is frayed and they stopped working",
            // desk35's near misses (ADR-1150): a part that came off, a thing that fell, a safety part named.
            "handle came off the mug on day two",
            "the wheel came off the toy truck",
            "the pan fell off the shelf in the van apparently and the lid is dented",
            "the brake pads you sent are the wrong size for my bike",
            "given current delays, please refund",
            "I think it came off in transit",
            "we hit a wall with your customer service",
        ] {
            assert_eq!(named(t), None, "{t}");
        }
    }

    #[test]
    fn a_person_hurt_a_live_casing_and_a_safety_part_failing_are_rows() {
        let cases: &[(&str, Hazard)] = &[
            ("front brake failed going downhill. came off the bike", Hazard::SafetyPartFailed),
            ("the stem snapped while he was riding it", Hazard::SafetyPartFailed),
            ("my husband came off at the bottom of the hill", Hazard::PersonHurt),
            ("the tv came down on my son's leg", Hazard::PersonHurt),
            ("he hit the pavement face first and chipped a tooth", Hazard::PersonHurt),
            ("giving current shock when we touch the steel body", Hazard::LiveCurrent),
            ("wife got a shock off the blender base yesterday", Hazard::LiveCurrent),
            ("the toaster give electric to my son when he touch the metal part", Hazard::LiveCurrent),
        ];
        assert_rows(cases);
    }

    #[test]
    fn haz42_rows_compile_and_read_their_kind() {
        // A row whose pattern does not compile is dropped silently (`filter_map`): each must be there.
        for h in [Hazard::ScaldByEvent, Hazard::ElectricSeen] {
            assert!(rows().iter().any(|r| r.hazard == h), "{h:?}");
        }
        let cases: &[(&str, Option<Hazard>)] = &[
            ("kettle spat boiling water and splashed my daughter's arm", Some(Hazard::ScaldByEvent)),
            ("steam vented from the lid seal and struck the operator's wrist", Some(Hazard::ScaldByEvent)),
            ("bottle leaks, water splashes my arm", None),
            ("there was a pop and a flash from the switch", Some(Hazard::ElectricSeen)),
            ("socket went pop when I plugged it in", Some(Hazard::ElectricSeen)),
            ("light on the charger flashes red", None),
            ("the cork popped out of the bottle", None),
            ("there's a big crack in the wall behind the shelf", None),
            ("I popped the charger in the socket and nothing", None),
            ("the plug keeps popping out of the socket", None),
            ("small crack and light gets in through the seam", None),
            ("I was a bit slow, the kids had flu and the dog ate a sock", None),
            ("my toddler chewed the toy and a small piece came off in his mouth", Some(Hazard::ChildsMouth)),
        ];
        for (t, want) in cases {
            assert_eq!(named(t), *want, "{t}");
        }
    }

    #[test]
    fn attack55_reactions_deaths_and_events_read_their_kind() {
        // The reaction reader is a set of patterns that must all compile (`reactions()` is `None` otherwise).
        assert!(reactions().is_some());
        for h in [Hazard::AnimalKilled, Hazard::NearMiss] {
            assert!(rows().iter().any(|r| r.hazard == h), "{h:?}");
        }
        let cases: &[(&str, Option<Hazard>)] = &[
            ("the cleaner gave me terrible nausea and a migraine", Some(Hazard::BodyReaction)),
            ("my son's lips went numb after chewing the teether", Some(Hazard::BodyReaction)),
            ("I felt ill after.", Some(Hazard::BodyReaction)),
            ("the litter dust made my cat sneeze and wheeze", Some(Hazard::BodyReaction)),
            ("my dog threw up three times after the new chews", Some(Hazard::BodyReaction)),
            ("my bird got ill", Some(Hazard::AnimalHarmed)),
            ("two of my chickens died after we used the feeder", Some(Hazard::AnimalKilled)),
            ("the fox got one of our rabbits", Some(Hazard::AnimalKilled)),
            ("my mum tripped on it twice", Some(Hazard::NearMiss)),
            ("the baby gate came loose at the top of the stairs", Some(Hazard::NearMiss)),
            ("the bed rail arrived with the clamp snapped off", None),
            ("I was ill last week so couldn't post it back", None),
            ("I felt sick when I saw the bill", None),
            ("sick of waiting for a reply", None),
            ("the jumper is itchy after one wash", None),
            ("this return process gave me a headache", None),
            ("our dog died last year, the food is unopened", None),
            ("the fish tank pump arrived and it is dead", None),
            ("the cat won't eat this food, she's fussy", None),
        ];
        for (t, want) in cases {
            assert_eq!(named(t), *want, "{t}");
        }
    }

    #[test]
    fn hazard_words_in_another_sense_are_cut() {
        for t in
            ["I was shocked at how small the pan is", "I fell in love with the design", "the smoke alarm test button"]
        {
            assert_ne!(without_surprise_shocks(t), t, "{t}");
        }
        assert_eq!(without_surprise_shocks("I got a shock off the kettle"), "I got a shock off the kettle");
    }
}
