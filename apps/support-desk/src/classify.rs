//! The reader: the offline, deterministic fact extractor. It reads the evidence (stored data first, the ticket
//! text only for what the customer asks) into typed [`Facts`]; the policy itself is a clause table in data
//! ([`crate::policy`]), and [`classify`] is that table applied to these facts. Instructions in the body are never
//! read as instructions (X5): only amounts, order references, intent and safety words are extracted.
//!
//! Extraction runs on prepared text (`prepare`): normalised ([`crate::content::normalize`]: NFKC, zero-width
//! removed, look-alike letters folded), quoted email text dropped, and every amount rewritten into one canonical
//! form by an amount grammar — spelled-out figures ("forty-nine ninety-nine", "twenty dollars and fifty cents") as
//! digits, minor units ("4999 cents", "amount: 4999" from a payment page) as major units — so one parser reads
//! every format: currency before or after the number, as a symbol, a code or a word, decimal comma, grouped
//! thousands, multipliers ("$1.2k"). Each amount then gets a role from the words around it (asked for: "refund
//! $20", "$30 back"; a price: "for the $60 jacket", "I paid $80") and a certainty (an approximation, "about $20",
//! "$20ish", is not a figure to pay out). Intent comes from sentence structure per clause: a want ("I'd like the
//! refund processed", "I want exactly that back"), an imperative or a request to act ("Refund it", "send the money
//! back to my card", "can you put it back on my card?"), asking words; status questions, acknowledgements of a
//! past refund and negations are cut out first. Safety words are matched on the whole normalised text, quotes
//! included (escalating is the safe side).

use crate::policy::{self, Action, Clause, Label, Severity};
use crate::tools::{Evidence, OrderLookup};
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

pub use crate::policy::{CAP_CENTS, WINDOW_DAYS, within_window};

mod acts;
mod arithmetic;
mod arrivals;
mod asks;
mod asks43;
mod claimed_total;
mod corrections;
mod counted_ask;
mod counted_units;
mod counts;
mod dashes;
mod desk25;
mod desk26;
mod desk27;
mod desk29;
mod desk30;
mod desk34;
mod desk35;
mod desk37;
mod documents;
mod duplicates;
mod figure_roles42;
mod figures;
mod figures43;
mod forwards;
mod gloss;
mod grammar;
mod gratitude;
mod hazards;
mod intent;
mod items;
mod jargon;
mod kinds;
mod kinds25;
mod kinds26;
mod labelled;
mod layout;
pub mod learned;
mod money;
mod nominal;
mod offers;
/// The English number words, one table for the reader and the paying guard (`crate::payable`).
pub(crate) use money::{TENS as NUMBER_TENS, UNITS as NUMBER_UNITS};
mod numerals;
mod one_asked;
mod overask;
mod owners;
mod parts;
mod parts_asked;
mod phrases;
mod questions;
mod records;
mod regulators;
mod relay;
mod repeats;
mod restatements;
mod roles;
mod scope;
mod settle;
mod settle43;
mod speakers;
mod speech;
mod spellings;
mod thing_parts;
mod trade_senses;
mod uncertain;
mod unread;
mod vague;
mod wants;
mod whose;
pub use figures::{Figure, FigureRole};
pub use intent::Act;

/// What the customer asked for, as far as the amount goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    Cents(i64),
    /// "the full amount", "refund in full": the order's amount.
    Full,
    /// The order's amount and more ("the full price plus $15 for postage"): an over-ask.
    FullPlus(i64),
    /// A multiple of the order's amount ("double my money back"): an over-ask.
    Times(i64),
    /// More than this many cents by a figure not named ("my money back with interest", "the full price plus the
    /// postage", F1612): an over-ask when it is the order's amount or more.
    MoreThan(i64),
    /// No figure named: a request for the order's amount when the order is identified.
    Missing,
    /// Several different amounts and none clearly the requested one, a share with no figure, or a figure that
    /// cannot be read with certainty.
    Ambiguous,
}

/// What the customer's own words do, read from sentence structure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Intent {
    /// Asks for money back.
    Request,
    /// Asks about the state of a refund (or says one has not arrived).
    StatusQuestion,
    /// Thanks for or reports a refund already made.
    Acknowledgement,
    /// Complains without asking for anything.
    Complaint,
    /// Anything else: a question or a statement needing no account action.
    #[default]
    Inquiry,
}

/// The facts the policy is applied to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    pub wants_refund: bool,
    pub amount: Amount,
    pub order: OrderLookup,
    pub order_amount_cents: Option<i64>,
    pub order_status: Option<String>,
    pub placed_days_ago: Option<i64>,
    pub executed_prior_refund: bool,
    pub safety_legal_injury: bool,
    /// The ticket asks about a refund's state (or says it never arrived) and asks for none.
    #[serde(default)]
    pub refund_status_question: bool,
    /// The customer says they were charged more than once (the lookups cannot see payments).
    #[serde(default)]
    pub duplicate_charge: bool,
    #[serde(default)]
    pub intent: Intent,
    /// A complaint that names neither an order nor a problem clearly enough to act on.
    #[serde(default)]
    pub vague: bool,
    /// The order carries a refund still pending (from the lookups): a refund already under way (ADR-1043).
    #[serde(default)]
    pub pending_prior_refund: bool,
    /// The customer's words name a problem with the goods or a reason to return them (ADR-1043).
    #[serde(default)]
    pub names_problem: bool,
    /// No request, no question about a refund's state, no acknowledgement, and a problem with the goods told (or a
    /// demand among several orders): the customer wants something the reader cannot settle (U1, ADR-1080).
    #[serde(default)]
    pub unread_ask: bool,
    /// A refund on record (executed or pending), and every clause read as asking money back also thanks for it or
    /// asks after it, naming no figure but that refund's or the order's ("the refund landed, all 54.99 of it, thank
    /// you", "credit of 58.00 - has it been posted?"): no new request, so no refusal and no payment (ADR-1180).
    #[serde(default)]
    pub about_refund_on_record: bool,
    /// No refund asked, and another remedy asked instead: a replacement, an exchange, a repair, the right item or a
    /// missing part sent (outside attack 53). An account action that is no refund: not C1's pure inquiry (F1).
    #[serde(default)]
    pub other_remedy_asked: bool,
    /// What the learned second reading changed of the grammar's reading (ADR-1600, ADR-1601): the kind and the
    /// model's probability ("harm (p 0.97)", "request, refused (p 0.93)", "inquiry (p 0.91)").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_reading: Option<String>,
}

/// The classifier's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Classification {
    pub label: Label,
    pub action: Action,
    pub policy_refs: Vec<Clause>,
    pub reason: String,
    /// For a refund: the amount to refund.
    pub amount_cents: Option<i64>,
    /// For an escalation.
    pub severity: Option<Severity>,
    pub facts: Facts,
    /// The LLM providers asked, in order, and what each gave; empty for the offline classifier (and then not
    /// serialized, so offline run states are unchanged).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<crate::llm::Attempt>,
}

/// A money number: grouped thousands ("1,200", "1.200,50") or plain digits, with an optional one- or two-digit
/// decimal part after a point or a comma ("50.00", "50,00").
const NUM: &str = r"\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d{1,3}(?:'\d{3})+(?:[.,]\d{1,2})?|\d{1,3}(?: \d{3})+[.,]\d{2}|\d+(?:[.,]\d{1,2})?";
/// A number with no leading zero ("$.99"): only read after a currency sign, where it cannot be a sentence end.
const NUM_NO_LEAD: &str = r"\.\d{1,2}\b";
/// A multiplier written after the number ("$1k", "$2.5K", "1k dollars", "$3 thousand", "$2m").
const MULT: &str = r"(?:\s?(?:thousand|thou|grand|million|mill|mil|mn|bn|billion)\b|[km]\b)";
/// A currency named before the number ("$50", "USD 50", "USD50", "US$ 50").
/// ask40 (ADR-1290): the currencies of customers who write from Malaysia, Ghana, Ukraine, the Gulf, Africa and Asia
/// ("RM120", "GH₵ 60", "300 ₴", "750 грн", "60 UAH") are currencies too: a figure in them is money, not a count.
/// b108 `g-005` (F1663): the codes and local abbreviations written like codes ("KSh 380", "PHP 1,250") of every
/// currency customers name, one list for the amount grammar ([`money`]) and the figure patterns here. Codes that are
/// also English words ("all", "mad", "try", "pen", "bob") are left out: before a number the word is likelier.
const CUR_BEFORE: &str = r"(?:\bus\s?)?[$€£₹¥₩₽₺₪฿₱₦₫₵₴]|\bgh[₵¢]|\brs\.?|\bkr\.?|\b(?:usd|eur|gbp|cad|aud|chf|inr|jpy|sgd|nzd|hkd|mxn|brl|sek|nok|dkk|pln|zar|czk|huf|ron|rm|myr|ghs|uah|aed|sar|qar|kes|ksh|kshs|ngn|egp|thb|idr|vnd|krw|cny|rmb|twd|kzt|clp|cop|ars|php|pkr|bdt|lkr|npr|tzs|ugx|rwf|etb|xof|xaf|zmw|bwp|mur|ils|nis|bgn|rsd|isk|uzs|azn|byn|mdl|dop|gtq|crc|uyu|pyg|kwd|bhd|omr|jod|lbp|tnd|dzd|ves)";
/// A currency named after the number ("50.00$", "50,00 $", "50 USD", "50 dollars").
const CUR_AFTER: &str = r"[$€£₹¥₩₽₺₪฿₱₦₫₵₴]|(?:грн|гривень|гривні|uah|ghs|cedis?|myr|rm|aed|sar|qar|kes|ngn|egp|thb|idr|kzt|kr|zł|zl|lei|leu|lira|lire|tl|rand|baht|ringgit|dirhams?|riyals?|shekels?|rubles?|roubles?|hryvnias?|forints?|yuan|rmb|kč|usd|eur|gbp|cad|aud|chf|inr|jpy|sgd|nzd|hkd|mxn|brl|sek|nok|dkk|pln|zar|(?:us |u\.s\. )?(?:dollars?|dolars?|dollers?|d[oó]lares)|bucks|euros?|pounds?|quid|rupees?|yen|francs?|pesos?|reais|zlot\w*|złot\w*|kron\w*)\b";
/// The words that ask for money back, without an amount ("refund", "reimburse", "money back", "devolution of my
/// money", and the nouns of the languages customers most often fall back to).
const ASK_WORDS: &str = r"(?:please|pls|plz|kindly)\s+credit\s+(?:us\s+|me\s+)?(?:for\s+)?(?:the|that|this|those|these|our|my|it|them|one|two|three|\d)\b|refund\w*|reimburs\w*|repay\w*|(?:money|cash|funds|payment) back|charge-?back|pay me back|give (?:me |us )?(?:it |them )?back|return (?:of )?(?:(?:my|our|the) )?(?:money|payment|funds|cash)|credit\b[^.?!\n]{0,30}\bback|credit (?:it |that |this )?(?:to |back to )?(?:my|the|our) (?:card|account)|devolution|devoluci[oó]n|devolu[cç][aã]o|devu[eé]lv\w*\s+(?:el|mi|mis|los)\s+(?:dinero|plata|pago)|devolver(?:me)?\s+(?:el|mi|mis|los)\s+(?:dinero|plata|pago)|dinheiro\s+de\s+volta|rembours\w*|reembols\w*|r[uü]ckerstatt\w*|erstatt\w*|geld\s+zur[uü]ck|rimbors\w*|soldi\s+indietro|terugbetal\w*|geld\s+terug|zwrot\w*|(?:get|have|want|need|receive)\s+back\s+(?:my\b|the (?:money|amount|payment))|compensat\w*|(?:give|return|send)\s+(?:me\s+)?(?:back\s+)?(?:my|our)\s+money|money\s+(?:returned|refunded)|revers\w*\s+(?:the\s+|this\s+|my\s+)?(?:charge|payment|transaction)|credit\b[^.?!\n]{0,30}\bto (?:my|the|our) (?:card|account)|(?:get|receive|want|need|demand)\s+(?:all\s+|double\s+|twice\s+|triple\s+|half\s+(?:of\s+)?)?my\s+money\b|(?:want|need|demand|expect|deserve)\s+(?:double|twice|triple|thrice|three\s+times|two\s+times)\s+(?:what\s+(?:i|we)\s+paid|the\s+(?:price|amount|cost))|\b(?:accept|take|go\s+(?:ahead\s+)?with|agree\s+to|happy\s+with|fine\s+with|ok(?:ay)?\s+with)\s+(?:the|your|that|this)\s+(?:[\w$€£.,-]+\s+){0,3}?(?:credit|refund|gesture|compensation)\b|\bowe\s+(?:me|us)\b|(?:be|get|getting|being)\s+(?:credited|reimbursed|refunded|paid\s+back)\b|(?:i'?m|i am|we'?re|we are)\s+owed\b|restitu\w+|(?:credit\w*|refund\w*|money|funds|back|return\w*|reimburs\w*)\b[^.?!\n]{0,30}?\b(?:to|on|onto|into)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?(?:original|same)\s+(?:payment(?:\s+method)?|form\s+of\s+payment|method\s+of\s+payment|card|tender|account)|\bopm\b|\b(?:credit|debit)(?:\s+(?:note|memo))?\s+(?:is\s+|are\s+|now\s+|hereby\s+|formally\s+|kindly\s+)*(?:requested|required|needed|sought|claimed|wanted)\b|\bcredit\s+(?:note\s+|memo\s+)?request\b|(?:give|gimme|return|send|pay|refund|transfer|credit|get|have|receive|want)\s+(?:(?:me|us)\s+)?(?:back\s+)?(?:(?:a|some|any)\s+)?(?:part|portion|bit|little|share|fraction|some)\s+of\s+(?:(?:my|the|our|your)\s+)?(?:money|payment|funds|cash|price|amount|sum|cost)\b|(?:part|portion|some)\s+of\s+(?:(?:my|the|our)\s+)?(?:money|payment|funds)\s+(?:back|return\w*|refund\w*)\b|awaiting\s+(?:a\s+|the\s+|our\s+)?credit\b|credit\s+(?:is\s+)?(?:due|owed)\b|\b(?:total|amount|sum)\s+(?:claim(?:ed)?|requested)\s*[:=]?\s*(?:[$€£]|[a-z]{3}\s?)?\s?\d";
/// Money-back idioms that mean the whole amount ("every penny back", "refund the lot", "all of it back"), read
/// like "all my money back" (policy.md: the full amount). "Worth every penny" is praise: the idioms count only
/// with "back" or after an asking word.
const EVERY_PENNY: &str = r"\bevery\s+(?:single\s+|last\s+)?(?:penny|cent|dime)";
const ALL_OF_IT: &str = r"\ball\s+of\s+(?:it|that|this|them)";
const THE_LOT: &str = r"\bthe\s+(?:whole\s+|entire\s+)?lot";
/// Number words the amount parser understands ("fifty dollars", "two hundred and fifty dollars").
const NUMBER_WORDS: &str = "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand";

const UNITS: &str = "one|two|three|four|five|six|seven|eight|nine";
const TEENS: &str = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen";
const TENS: &str = "twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety";
/// Words between a want or an imperative and its money object ("I want *exactly that* back").
const OBJ_FILLER: &str = "the|my|a|an|our|additional|further|extra|another|partial|goodwill|this|that|it|them|those|these|exactly|just|only|all|full|whole|entire|total|complete|of|every|single|last|penny|cent|paid|amount|sum|me|us|back";
/// Adjectives a money document takes in trade jargon ("a *further* credit note", "a *supplementary* credit memo"): a
/// closed class, so an imperative reaches its object across them (ADR-800).
const DOC_ADJ: &str =
    "further|additional|supplementary|another|separate|extra|second|new|goodwill|corrective|corrected";
/// Someone the customer writes for, or the customer in a form's third person ("Customer requests credit …", "my
/// husband asks …").
const THIRD_PARTY: &str = r"(?:the\s+)?(?:customer|client|buyer|purchaser|consumer|cardholder|account\s+holder|end\s+user)|my\s+(?:husband|wife|partner|mother|mum|mom|father|dad|son|daughter|boss|client|customer)";
/// Adverbs between a subject and its want ("I'd *also* like", "we *still* want").
const ADVERBS: &str = "also|too|still|really|just|now|only|actually|further|additionally|kindly|honestly|then|simply|again|therefore|hereby|respectfully|politely|formally";
/// The money objects of a want or an imperative.
const MONEY_OBJ: &str = r"refund\w*|reimburs\w*|repayment|restitu\w+|money\b|cash\b|funds\b|(?:partial\s+|a\s+)?credit\b|debit\s+(?:note|memo)\b|accordingly\b|(?:this|that|the\s+(?:above|said|stated|same|claimed|noted))\s+(?:amount|sum|figure|value|balance)\b|(?:price\s+)?difference\b|price\s+adjustment|(?:full|whole|entire|total|complete)\s+(?:(?:invoice|invoiced|order|purchase)\s+)?(?:amount|price|sum|cost|value)\b|(?:it|that|this|them|everything|all(?:\s+of\s+it)?|the\s+(?:money|amount|payment|charge|sum|full\s+(?:amount|price|sum)|(?:[\w-]+\s+){0,2}?(?:charges?|fees?|postage|shipping|delivery|surcharge|deposit)|(?:price|cost)(?:\s+of\s+(?:the|my|this|that|these|those|our)\s+[\w-]+(?:\s+[\w-]+)?)?))\s+(?:back|returned|refunded|reversed|credited)|back\s+(?:to|on|onto)\s+(?:my|the|our)\s+(?:card|account|visa|bank|paypal)|\$|€|£|\d";

struct Res {
    /// A money amount: `a` after a currency, `b` before one, `c` bare with two decimals ("24.99"; only counted in a
    /// clause that asks for money back).
    money: Regex,
    /// A run of number words followed by a currency word.
    number_words: Regex,
    /// "49 dollars 99", "12 dollars and 50 cents".
    dollars_cents: Regex,
    full: Regex,
    /// The refund-request grammar: an asking word, or an amount wanted back ("my $75 back", "return my $50").
    refund: Regex,
    no_refund: Regex,
    /// A real word one slip from "refund" used as the noun ("a refind", "my defund").
    slip_as_noun: Regex,
    /// A real word one slip from "refund" given money to move ("refind me the $30", "refind of 19.99").
    slip_moving_money: Regex,
    /// A request disclaimed ("not asking for one", "I don't want a refund", "no refund needed").
    disclaimed: Regex,
    /// A past refund acknowledged ("the refund arrived", "got my refund", "you already refunded me").
    acknowledged: Regex,
    /// A question about the state of a refund ("has my refund gone through yet?", "I never received my refund").
    status_question: Regex,
    /// Before an amount: the customer names it as what they want ("refund me", "refund of", "get back", "credit").
    request_before: Regex,
    /// After an amount: "… back" ("$30 back for the lid").
    request_after: Regex,
    /// Before an amount: it is a price ("for the", "cost", "paid", "total was", "came to").
    price_before: Regex,
    /// A determiner right before an amount that a noun follows: "the $60 jacket" names a price.
    determiner_before: Regex,
    /// A share instead of an amount near the request ("half of it", "50% back").
    fraction: Regex,
    /// Before an amount, after a share: the amount the share comes to ("that'd be $20", "i.e. $20").
    share_named: Regex,
    /// The customer reports being charged more than once.
    duplicate: Regex,
    /// Two amounts offered as alternatives or a range ("$10 or maybe $15", "$10-$15").
    alternatives: Regex,
    safety: Regex,
    refund_context: Regex,
    /// The header of a quoted email ("On Tue, Support <…> wrote:", "Support Agent wrote (yesterday):").
    quote_header: Regex,
    /// The separator above a forwarded or replied-to email ("-----Original Message-----").
    original_message: Regex,
    /// A figure in minor units: "4999 cents", "4,999 cents", "250 pence", "450p" (ADR-845).
    minor_units: Regex,
    /// A payment system's amount field: "amount: 4999" (minor units when an integer of 3+ digits or the key says
    /// cents), "amount: 49.99".
    amount_field: Regex,
    /// A spelled-out figure said the way prices are said: "forty-nine ninety-nine" (49.99), with a hundreds digit
    /// spoken before the tens ("one twenty-nine ninety-nine", 129.99; "one oh nine ninety-nine", 109.99).
    word_pair: Regex,
    /// A spoken number with "hundred" and no currency word ("the whole hundred and eighty nine back", "a hundred and
    /// forty"): digits.
    spoken_hundreds: Regex,
    /// A spoken number wanted back whole ("the whole sixty back", "all forty back"): digits.
    whole_number_back: Regex,
    /// Two spoken figures as alternatives before one currency word ("thirty or forty bucks", "fifteen, maybe twenty
    /// quid"): both become digits, so the alternatives are read as alternatives.
    word_alternatives: Regex,
    /// A price difference asked back ("refund the diff", "credit the price difference", "the difference back").
    difference: Regex,
    /// An entry of an item list in prose: a name (one to three words), then its figure (`inline_item`).
    item_entry: Regex,
    /// What joins two entries of an item list: a comma, a slash, a semicolon, a bar or "and".
    list_separator: Regex,
    /// A want whose object is money back: "I'd like the refund processed", "I want exactly that back".
    desire: Regex,
    /// An imperative or a request to act whose object is money: "Refund it", "send the money back to my card",
    /// "can you put it back on my card?".
    imperative: Regex,
    /// A question asking to be given money ("Could I also get $15 for the time on hold?"): its object must be money
    /// (a currency figure or a money word), not any number ("can I have 2 of the mugs?").
    may_i: Regex,
    /// A figure offered as what would settle the problem ("Twelve dollars even would cover it", "I'd settle for 18
    /// euros", "$15 and we're square"): a request for it. Not in a question ("would $15 cover the upgrade?"), nor in
    /// someone else's reported words ("the courier said $5 would cover the redelivery fee").
    settlement: Regex,
    /// Reported speech: the clause gives someone's words ("said", "told me", "according to").
    reported: Regex,
    /// After a priced thing: it is wanted back all the same ("the $6 return postage covered", "… refunded").
    wanted_after: Regex,
    /// Before an amount: it is an approximation ("about $20", "~$20").
    approx_before: Regex,
    /// After an amount: it is an approximation ("$20 or so", "$20-ish", "$20 give or take").
    approx_after: Regex,
    /// Before an amount: it comes on top of the full amount ("the full price plus $15").
    plus_before: Regex,
    /// After an amount: it comes on top ("$15 on top", "$15 extra for the wait").
    plus_after: Regex,
    /// A clause that states what was paid ("bought for $90 + $4.99 shipping"): its added amounts are prices.
    paid_clause: Regex,
    /// A multiple of the order's amount ("double my money back", "refund me twice what I paid").
    times: Regex,
    /// A refund of part of the order with no figure: the object is some of the items ("refund the broken ones",
    /// "refund two of them"), or the customer leaves the figure to the desk ("I'll leave it to you how much").
    part_of_order: Regex,
    /// Before a determiner and an amount: a refund verb whose object it is ("refund the $12 bag fee").
    refund_object: Regex,
    /// Before an amount: it is certainly a price (what was paid, what it cost), not a figure asked for.
    paid_before: Regex,
    /// After an amount: it is a stated total ("40,00 in total").
    total_after: Regex,
    /// "a partial refund", "partial credit": a refund of part of the order, which names its figure or is a share.
    partial_word: Regex,
    /// A figure the customer says is uncertain or that cannot be read: "twenty-something dollars", "a few bucks",
    /// "2_.50", "I can't read the price", "12 or 13 bucks".
    uncertain_figure: Regex,
    /// A complaint: dissatisfaction words.
    complaint: Regex,
    /// A legal threat by its structure: a complaint or report taken to a public body ("filed a complaint with the
    /// Consumer Financial Protection Bureau", "reported you to the regulator"), a public consumer body by name,
    /// or a lawyer in the languages customers fall back to.
    legal: Regex,
    /// The start of a line of a pasted document up to an amount that is one of its parts, not the sum ("Subtotal:",
    /// "Shipping:", "Tax:", "1x Yoga mat ......", a statement's columns): a price, never the amount asked.
    listed: Regex,
    /// "12€50", "5$99": the French way of writing 12.50.
    split_currency: Regex,
    /// "45 of the 90 dollars", "20 of the $60": a figure in the currency of the figure it is part of.
    share_of_figure: Regex,
    /// "50,-", "50.--": a whole amount, as written in German and Swiss prices.
    whole_dash: Regex,
    /// A refund of a part of the order named by its document label ("refund the shipping", "refund me the tax").
    refund_part: Regex,
    /// A part of the order asked back without its label ("refund that part", "a refund for that component only").
    that_part: Regex,
    /// Before an amount: the total a unit price makes ("so that's", "which makes", "=").
    makes_before: Regex,
    /// After an asked amount: it is per item ("$25 for each of the 2 cups", "$12 each").
    per_item: Regex,
    /// A count of items in the clause ("2 broken cups", "both", "three of them").
    item_count: Regex,
    /// A concrete problem named (a defect, a delivery problem, a part of the product).
    problem: Regex,
    /// Before a figure: it is a unit price by its notation ("2 units @ ", "3 x ", "5 pcs @ ").
    unit_before: Regex,
    /// Alternatives where one side names no figure ("either the price of the shirt or 20 bucks", "$15 or the full
    /// amount"): the figure cannot be settled (U1).
    alt_unnamed: Regex,
    /// Goods found broken on arrival ("shattered when I opened the box", "… when it was delivered"): damage, not a
    /// hazard in use. Cut out before the safety words are read.
    transit_damage: Regex,
    /// A hazard word in its degree sense (ADR-830, F834): "dangerously easy to shop from", "deadly dull", "lethally
    /// comfy" intensify a word of praise, ease or mood, naming no danger. Cut out before the safety words are read; the
    /// same adverb before any other word ("dangerously hot", "dangerously loose") still escalates.
    degree_sense: Regex,
    /// A spoken hesitation ("um", "uh", "er", "erm", "ah", "hmm") with the punctuation around it.
    disfluency: Regex,
    /// A run of number words ("a hundred and nineteen ninety-nine", "two forty-nine").
    number_run: Regex,
    /// What may stand between a figure started and the figure said again in full: punctuation, hesitations,
    /// "yeah", "I mean", "sorry", "actually" (not a hyphen or an en dash: "forty – forty-five" is a range).
    restart_gap: Regex,
    /// A figure in digits, its currency sign before it ("189", "$189.90").
    digit_figure: Regex,
    /// Between two figures: the customer takes the first back and names the second ("$30, sorry, I mean $35",
    /// "thirty, no wait, forty dollars", "25.00 EUR, correction: 27.50 EUR").
    correction_gap: Regex,
    /// A quantity that may be said of the product or of the money ("half", "a third", "50%", "part of", "some of").
    share_quantity: Regex,
    /// Before a share: a word that makes it a share of money ("refund half", "give me back a third", "I'd accept
    /// 50%").
    share_governor: Regex,
    /// After a share (past "of" and a determiner): the money it is a share of, or its way back ("half of it back",
    /// "50% of the price", "a third off", "half would be fair").
    share_money_after: Regex,
    /// Before a share that ends its clause: it describes the product ("it is only half", "cut in half").
    share_of_thing_before: Regex,
    /// A share of the money named as such ("part of my money", "a portion of the payment", "a little of the price").
    share_of_money: Regex,
    /// After a figure: it is named as made up of the figures that follow ("€150.00, comprising …", "$95 in total, made
    /// up of …").
    breakdown: Regex,
    /// After a figure: what it is for, when it is an addition to another figure asked ("… and €12.00 as compensation",
    /// "… and £10 for my time", "… and £6.20 for return postage").
    extra_for: Regex,
    /// Before a figure: it is joined to what was asked before it ("and", "and also", "&", a comma).
    joined_before: Regex,
    /// A figure taken back for the next one, at the start of a clause or segment ("… actually make it 20", "Hmm, on
    /// second thought", "no wait", "round it up to", "call it"; ADR-710).
    retraction: Regex,
    /// Between a retraction marker and its figure: the figure is an addition, not a replacement.
    adds: Regex,
    /// A return to the first figure named ("No, the first one", "the first figure was right"; ADR-710).
    first_again: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Option<Res>> = OnceLock::new();
    let built = R.get_or_init(|| {
        let money_any = format!(
            r"(?:(?:{CUR_BEFORE})(?-i:[^\S\n])?(?:{NUM}|{NUM_NO_LEAD})(?:{MULT})?|\b(?:{NUM})(?:{MULT})?(?-i:[^\S\n])?(?:{CUR_AFTER})|\b\d+[.,]\d{{2}}\b)"
        );
        // A share below the whole: "100%" is the full amount (`full`), not a share.
        // b107 `g-038` (F1663): "refund for order, but not all, maybe some part" is a share with no figure.
        let frac = r"(?:\bhalf\b|\b(?:a|one) (?:third|quarter)\b|\b[1-9]?\d\s?%|\b[1-9]?\d percent\b|\bpartial\b|\bpart\s+of\s+(?:it|that|the|my)\b|\ba\s+(?:portion|part)\s+of\b|\bsome\s+of\s+(?:it|that|my|the)\b|\bsome\s+(?:money|cash)\b|\bsomething\s+back\b|\ba\s+(?:bit|little)\s+back\b|\ba\s+(?:bit|little)\s+of\s+(?:it|that|the|my)\b|\bsome\s+(?:compensation|credit|reimbursement|refund)\b|\bnot\s+(?:all|everything)(?:\s+of\s+it)?\s*[,.;!?]|\bnot\s+(?:the\s+)?(?:whole|full|entire)\s+(?:amount|price|sum|refund|money)\b|\b(?:some|a\s+small)\s+part\b\s*[,.;!?])";
        Some(Res {
            money: Regex::new(&format!(
                r"(?i)(?:{CUR_BEFORE})(?-i:[^\S\n])?(?P<a>{NUM}|{NUM_NO_LEAD})(?P<ma>{MULT})?|\b(?P<b>{NUM})(?P<mb>{MULT})?(?-i:[^\S\n])?(?:{CUR_AFTER})|\b(?P<c>\d+[.,]\d{{2}})\b"
            ))
            .ok()?,
            number_words: Regex::new(&format!(
                r"(?i)\b((?:(?:{NUMBER_WORDS}|a|and)[\s-]+)*(?:{NUMBER_WORDS}))[\s-]+(dollars?|dolars?|dollers?|bucks|euros?|pounds?|quid|rupees?|usd|eur|cents?)\b"
            ))
            .ok()?,
            // The minor part in digits or spoken ("14 pounds fifty", "9 euros and twenty-five"): every currency word
            // a major figure is said with, not only the dollar's (ADR-845).
            dollars_cents: Regex::new(&format!(
                r"(?im)\b(\d+)(?-i:[^\S\n])?(dollars?|bucks|euros?|pounds?|quid|francs?|rupees?|usd|eur|gbp)(?-i:[^\S\n])+(?:and(?-i:[^\S\n])+)?(\d{{1,2}}|(?:{TENS})(?:[\s-](?:{UNITS}))?|{TEENS})\b(\s?(?:cents?|pence|p)\b|\s*[a-z%]*)",
            ))
            .ok()?,
            full: Regex::new(&format!(
                r"(?i)\b((full|entire|whole|complete|total)\s+(refund|amount|price|purchase price|cost|sum|order)|refund(ed)?\s+(it\s+|me\s+)?in\s+full|in full|all (of )?my money|everything i paid|what i paid|{EVERY_PENNY}\s+(?:\w+\s+)?back|(?:refund\w*|reimburs\w*|repay\w*)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:{EVERY_PENNY}|{THE_LOT})|{ALL_OF_IT}\s+back|{THE_LOT}\s+back|(?:refund\w*|reimburs\w*)\s+(?:me\s+|us\s+)?(?:for\s+)?everything|\b100\s?(?:%|percent)(?:\s+(?:of\s+)?(?:my\s+|the\s+|it\s+)?(?:money\s+|amount\s+|price\s+)?(?:back|refund\w*))|(?:refund\w*|back)\s+(?:of\s+)?100\s?(?:%|percent))",
            ))
            .ok()?,
            refund: regex::RegexBuilder::new(&format!(
                r"(?i)\b(?:{ASK_WORDS})|{money_any}[\w.-]*\s+(?:\w+\s+)?back\b|\b(?:return|give|gimme|credit|repay|send)\s+(?:me\s+|us\s+)?(?:back\s+)?(?:the\s+|my\s+|our\s+)?{money_any}|\bpay\s+(?:me\s+|us\s+|back\s+)+(?:the\s+|my\s+|our\s+)?{money_any}|\b(?:get|have|want|need|receive|like)\s+back\s+(?:{money_any}|(?:(?:exactly|just|only|all)\s+)?(?:what|everything)\s+(?:i|we)\s+(?:paid|spent)\b)|{money_any}\s+(?:be\s+|being\s+|to be\s+)?(?:returned|credited|paid back)\b|{frac}\s+(?:of\s+(?:it|that|this|them|(?:my|the|what)\s+\w+)\s+)?back\b|{EVERY_PENNY}\s+(?:\w+\s+)?back\b|\b(?:get|have|want|need|receive|like|give\s+(?:me|us)|send\s+(?:me|us))\s+(?:\w+\s+)?(?:{ALL_OF_IT}|{THE_LOT})\s+back\b|\b(?:double|twice|triple)\s+(?:\w+\s+)?back\b|\b(?:refund|pay|give|send|reimburse)\s+(?:me\s+|us\s+)?(?:double|twice|triple)\b|\b(?:get|have|want|need|receive|like|give\s+(?:me|us)|send\s+(?:me|us)|refund\s+(?:me|us))\s+(?:[\w'~-]+\s+){{0,3}}?(?:dollars?|dolars?|bucks|euros?|pounds?|quid|rupees?|cents?|usd|eur)\s+back\b"
            ))
            // Too large for the default lazy-DFA cache (3.4 MB / 2.5 MB): it would fall back to the slow engines on
            // every sentence (the CI-time helper measured 172 ms vs 21 ms over the test sentences).
            .dfa_size_limit(16 << 20)
            .build()
            .ok()?,
            slip_as_noun: Regex::new(
                r"(?i)\b((?:a|an|the|my|your|our|full|partial|part|for|of|issue|process|request|requesting)\s+)(?:refinds?|defunds?|rotund)\b",
            )
            .ok()?,
            slip_moving_money: Regex::new(
                r"(?i)\b(?:refinds?|defunds?)(\s+(?:of|for)\s+(?:[$€£]|\d)|\s+(?:me|us)\b|\s+(?:my|the|our)\s+(?:money|cash|[$€£]|\d))",
            )
            .ok()?,
            disclaimed: Regex::new(
                r"(?i)\b(?:not|never)\s+(?:really\s+|actually\s+|even\s+)?(?:asking|looking|after|requesting|wanting|seeking|chasing|claiming|here)\s+(?:for\s+)?(?:a\s+|any\s+|my\s+|the\s+)?(?:one|refund\w*|money\s+back|reimbursement|compensation|my\s+money)\b|\b(?:don'?t|do\s+not|won'?t|will\s+not|wouldn'?t|(?:i|we)\s+not)\s+(?:even\s+|really\s+|actually\s+)?(?:want|need|require|expect|ask\s+for|claim)\s+(?:a\s+|any\s+|my\s+|more\s+|further\s+|extra\s+|the\s+)?(?:one|refund|reimbursement|(?:my\s+)?money(?:\s+back)?)\b|\bno\s+(?:refund|money\s+back|reimbursement|credit(?:\s+note|\s+memo)?|compensation)\s+(?:is\s+)?(?:needed|wanted|required|necessary)\b|\bnot\s+a\s+refund\s+(?:request|claim)\b|\b(?:not|n't|never)\s+(?:really\s+|actually\s+)?(?:asking|looking|after|requesting|wanting|seeking|claiming)\s+(?:for\s+)?(?:anything|something)\s*(?:else|more|further|extra|other)?\b|\bno\s+(?:other|further)\s+(?:request|claim|ask)\b|\b(?:just|only|purely|simply|merely)\s+(?:checking|asking|wondering|curious|(?:(?:want|wanted|wanting|need|needed|like|would\s+like|asking|hoping)\s+)?to\s+(?:know|check|ask|find\s+out|understand))\b|\b(?:only|purely|simply)\s+(?:so\s+(?:i|we)\s+know|for\s+(?:information|info|my\s+information))\b",
            )
            .ok()?,
            no_refund: Regex::new(
                r"(?i)\b(don'?t|do not|does not|doesn'?t|no need (for|to)|not (asking|looking) for|without|rather than|instead of|not|no)\s+(want\s+|need\s+|ask(ing)? for\s+)?(a\s+|any\s+|my\s+)?(refund|money back)",
            )
            .ok()?,
            acknowledged: Regex::new(&format!(
                r"(?i)\b(?:(?:got|received|saw|see|seen|noticed)\s+(?:my|the|your|a|our)\s+refund\w*|(?:my|the|your|our)\s+refund\b(?:\s+(?:of|for)\s+[^.?!\n,]{{0,30}}?)?\s+(?:(?:has|have|had|was|is|finally|already|just|now)\s+)*(?:arrived|landed|came through|went through|cleared|showed up|appeared|posted|hit|reached|been (?:issued|processed|received|credited|paid|completed|sent)|issued|processed|received|credited|completed|in\b)|(?:you|you've|you have|you guys|your team|they|they've|we)\s+(?:already\s+|have\s+|had\s+)*refunded|(?:was|were|have been|has been|had been|already been|already)\s+refunded|(?:thanks?|thank\s+you|ta|cheers|many\s+thanks|thx|thnx|tnx|thanx|ty)\s+(?:\w+\s+){{0,2}}?for\s+(?:(?:processing|sorting(?:\s+out)?|handling|issuing|arranging|approving|doing|sending)\s+)?(?:the|my|your|that|this)\s+(?:[^\s?!]+\s+){{0,2}}?refund\w*(?:\s+(?:of|for)\s+{money_any})?|\brefund\w*\s+(?:has\s+|was\s+|is\s+)?(?:received|arrived|landed|came through|went through|showed up|appeared|confirmed)\b|\b(?:thanks?|thank\s+you|cheers|grateful|appreciate\w*)\s+(?:\w+\s+){{0,3}}?(?:for\s+)?(?:\w+\s+){{0,2}}?(?:refunding|reimbursing|crediting)\b|\b(?:the|my|your|that|this)\s+refund\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:already\s+)?(?:got|received|had|was\s+given|were\s+given)\b|\b(?:the|my|your|that|this)\s+refund\s+(?:that\s+|which\s+)?(?:you|u|your\s+\w+|they|you\s+guys)\s+(?:already\s+|just\s+|have\s+|had\s+|'ve\s+|finally\s+)*(?:sent|issued|processed|made|paid|did|approved|put\s+through|gave\s+me)\b|\b(?:asked|requested|applied|claimed|filed|submitted)\b[^.?!\n]{{0,40}}\brefund\w*\b[^.?!\n]{{0,40}}\b(?:rejected|declined|refused|denied|turned\s+down)\b|\b(?:refund|return)\s+(?:policy|policies|process|terms|conditions|rules|window|period)\b|money[- ]back\s+guarantee|\b(?:got|received|gotten)\s+(?:(?:my|the|our|your)\s+)?(?:money|cash|funds|payment|{money_any})\s+(?:\w+\s+)?back\b|\b(?:do|does)\s+(?:you|your \w+)\s+(?:offer|give|do|provide|allow)\s+refunds\b|\bare\s+refunds\s+(?:possible|available|allowed)\b|\b(?:do|does|are|is|how|when|where|what|why|will|would)\b[^.!?\n]{{0,40}}\brefunds\b[^.!?\n]{{0,60}}\?|\bhow\s+(?:long|many\s+days|quickly|soon)\s+(?:do|does|will|would|should|can)\s+(?:a|the)\s+refund\s+(?:\w+\s+)?take\b|\b(?:is|are)\s+(?:it|this|these|they|(?:the|my|this|your)\s+(?:\w+\s+)?\w+)\s+refundable\b)",
            ))
            .ok()?,
            status_question: Regex::new(
                r"(?i)(?:\b(?:my|the|our|this|that|a|an|your)\s+(?:\w+\s+)?refund\b[^.?!\n]{0,30}\b(?:pending|processing|in\s+progress|on\s+(?:its|the)\s+way|under\s+review|awaiting\w*|underway|under\s+way|in\s+the\s+(?:works|pipeline|system))\b|\b(?:a|an|my|the|your|our|this|that)\s+(?:\w+\s+)?refund\b[^.?!\n]{0,30}?\b(?:was|is|were|'s|would\s+be|will\s+be|had\s+been|has\s+been|have\s+been|is\s+being|was\s+being|got|had|has)\s+(?:already\s+|now\s+|just\s+|finally\s+)?(?:coming|approved|issued|initiated|authori[sz]ed|raised|arranged|submitted|lodged|sent|processed|started|actioned|triggered|released|booked|requested)\b|\b(?:told|said|promised|informed|assured|confirmed|emailed|wrote)\b[^.?!\n]{0,30}\b(?:a|my|the|your)\s+refund\b[^.?!\n]{0,30}\b(?:was|is|would|will|had|has|'d|'s)\b|\b(?:my|the|your|our|this|that)\s+refund\s+(?:\w+\s+)?(?:went|was\s+(?:sent|issued|paid|credited|returned|refunded|processed)|were|got\s+(?:sent|paid|credited)|came|hit|landed|posted|cleared|showed|appeared|has\s+(?:been|gone|come))\b|\b(?:has|have\s+(?:you|they|we|u|y'?all|your\s+\w+)|did|when|where|how long|what'?s|what is|any (?:update|news|word) (?:on|about))\b[^.?!\n]{0,40}\b(?:my|the|our|this|that|a|an)\s+(?:pending\s+|processed\s+|approved\s+)?refund\b[^.?!\n]{0,40}\?|\b(?:my|the|our)\s+refund\b[^.!\n]{0,40}\b(?:yet|status|pending|still|arrive|arrived|come through|go through|gone through|processed|on (?:its|the) way)\b[^.!\n]*\?|\b(?:my|the|our|this|that|a)\s+refund\s+to\s+(?:show|appear|arrive|clear|post|land|come|go|reach|hit|process)\w*|\b(?:my|the|our|this|that)\s+refund\s+(?:still\s+)?(?:has\s*n[o']?t|hasn'?t|has not|did\s*n'?t|didn'?t|did not|is\s*n'?t|isn'?t|is not)\s+(?:yet\s+)?(?:\w+\s+)?(?:arrived|shown|show|showing|come|appeared|appear|posted|landed|cleared|reached|hit|gone through|come through|here|there|been (?:received|credited|processed|paid))|\b(?:my|the|our|this|that)\s+(?:[^\s?!]+\s+){0,2}?refund\b(?:\s+(?:of|for)\s+[^\s?!]+)?\s+(?:is|was|'s|has been|remains|shows(?: as)?|showing(?: as)?|still shows(?: as)?)\s+(?:still\s+)?(?:\w+\s+)?(?:pending|processing|in progress|on (?:its|the) way|being processed|under review|awaiting\w*)\b|\bstatus of (?:my|the|our) refund\b|\brefund status\b|\b(?:still\s+)?waiting (?:for|on) (?:my|the|a|our) refund\b|\bfollow(?:ing)?[- ]up on (?:my|the|our) refund\b|\b(?:haven'?t|have not|hasn'?t|has not|never|didn'?t|did not|not yet|still not|still haven'?t)\s+(?:received|got|gotten|seen|had)\s+(?:my|the|a|any|our)\s+refund\b)",
            )
            .ok()?,
            request_before: Regex::new(
                r"(?i)\b(?:refund(?:ed)?|reimburse(?:d|ment)?|repay|credit|back|return|give|pay\s+(?:me|us|back)|partial)(?:\s+(?:me|us|it))?(?:\s+(?:of|for|to|with|about|around|only|just|exactly|all|my|the|a|an|back|sum|amount|figure|total|value|partial|credit|refund|full|whole|entire|complete|in))*\s*[:,(-]?\s*$",
            )
            .ok()?,
            // "$20 back", "$20 refund requested" (outside attack 53).
            request_after: Regex::new(
                r"(?i)^\s*(?:\w+\s+)?back\b|^\s*(?:refund|credit|reimbursement)\s+(?:requested|asked|wanted|claimed|please|pls)\b",
            )
            .ok()?,
            price_before: Regex::new(
                r"(?i)\b(?:for|cost|costs|costing|paid|pay|priced?|total|totals|totaled|totalled|came to|comes to|worth|charged|spent|was|is|at|of)(?:\s+(?:the|a|an|my|this|that|only|just|me|was|is|of|about|around))*\s*[:,-]?\s*$",
            )
            .ok()?,
            determiner_before: Regex::new(r"(?i)\b(?:the|a|an|my|this|that|our|your|his|her)\s*$").ok()?,
            fraction: Regex::new(&format!(
                r"(?i)\b(?:refund\w*|back|reimburs\w*)\W+(?:\w+\W+){{0,3}}?{frac}|{frac}\W+(?:\w+\W+){{0,4}}?(?:refund\w*|back|reimburs\w*)\b|\brefund\w*\b[^.?!\n]{{0,40}}?\bbut\s+not\s+(?:all|everything|the\s+(?:whole|full|entire))\b"
            ))
            .ok()?,
            alternatives: Regex::new(&format!(
                r"(?i){money_any}\s*,?\s*\(?\s*(?:or|maybe|perhaps|to|-|/|and\s+(?:maybe|perhaps|possibly))\s*(?:maybe\s+|perhaps\s+|even\s+|possibly\s+)?{money_any}|\bbetween\s+(?:{money_any}|\d+(?:[.,]\d{{1,2}})?)\s+and\s+{money_any}|\b\d+(?:[.,]\d{{1,2}})?\s*,?\s*(?:-|to|or|/|maybe|perhaps)\s*(?:maybe\s+|perhaps\s+)?{money_any}|(?:{CUR_BEFORE})(?-i:[^\S\n])?\d+(?:[.,]\d{{1,2}})?(?-i:[^\S\n])*(?:-|to|/|or)(?-i:[^\S\n])*(?:maybe\s+)?\d+(?:[.,]\d{{1,2}})?\b"
            ))
            .ok()?,
            share_named: Regex::new(
                r"(?i)\b(?:that'?d be|that would be|that'?s|that is|which is|which would be|which comes to|that comes to|i\.e\.?|so about|so roughly|so around|so|comes to|=|back\s*[(:,-]|back\s+at)\s*$",
            )
            .ok()?,
            duplicate: Regex::new(concat!(
                r"(?i)\b(?:(?:charged|billed|debited|paid)\s+(?:me\s+)?(?:2x|three times)",
                r"|double[- ]?(?:charged|billed|charge|payment)|duplicated?\s+(?:charge|payment|transaction|debit)",
                r"|charged\s+[^.?!\n]{0,20}\btwice",
                // "debited EUR 40.00 twice", "took 12.00 off my card twice" (ADR-1039).
                r"|(?:billed|debited|taken|took|deducted|withdrawn|collected)\s+(?:[^.?!\n]|\.\d){0,25}\btwice",
                // A statement's two entries with one figure: "two lines from your shop on the 3rd, both 27.45".
                r"|(?:two|2)\s+(?:lines|entries|charges|payments|transactions|debits|withdrawals)\s+[^.?!\n]{0,60}\bboth\s+(?:for\s+|of\s+|at\s+)?(?:[$€£]\s?)?\d+",
                // "two payments of $30", "two charges for the same order": counted payments of one purchase.
                r"|(?:two|2|three|3|multiple|several)\s+(?:identical\s+|separate\s+|duplicate\s+|equal\s+)?",
                r"(?:payments|charges|transactions|debits|withdrawals)\s+(?:of\s+(?:the\s+same|\S*\d)|for\s+(?:the\s+same|this|one|my|a\s+single)|on\s+the\s+same)",
                r"|(?:reverse|refund|cancel|void|undo)\s+(?:one|either)\s+of\s+(?:them|the\s+(?:two\s+)?(?:charges|payments|transactions|debits))",
                r"|same\s+(?:charge|payment|amount|transaction)\s+(?:\w+\s+){0,2}?(?:twice|two times|again)",
                r"|(?:two|2|three|3|multiple|several)\s+(?:identical|duplicate|matching|equal)\s+(?:payments|charges|transactions|debits))\b",
                // "I see the charge twice on my statement", "the payment went out two times".
                r"|\b(?:charge|payment|transaction|debit)s?\s+(?:\w+\s+){0,3}?(?:twice|two times|2 times)\b",
                // "took the payment two times", "billed double for this": a repeat word after a charging verb (a
                // comparison, "paid twice as much", is cut out first: `duplicates::without_comparisons`).
                r"|\b(?:charged|billed|debited|paid|took|taken|deducted|withdrawn|came out|went through|gone through)",
                r"\s+[^.?!\n]{0,25}?\b(?:twice|two times|2 times|double)\b",
                // "your shop shows up twice on my Visa statement" (blind96 `g-016`).
                r"|\b(?:shows?|showing|showed|appears?|appearing|appeared|listed)\s+(?:up\s+)?(?:twice|two times|2 times)\s+on\s+(?:my|our|the)\s+(?:\w+\s+)?(?:statement|card|bank|account|visa|mastercard|amex|paypal)\b",
            ))
            .ok()?,
            safety: Regex::new(
                r"(?i)\b(injur\w*|hurt\w*|wound(ed|s)?|bleed\w*|burn(ed|t|s|ing)?|scald\w*|blister\w*|caught fire|on fire|fire hazard|flames?|smok(e|ed|ing)|sparks?|sparked|sparking|electric(al)? shock|shocked|electrocut\w*|explod\w*|explosion|overheat\w*|hot to the touch|fumes|toxic|hazard(s|ous)?|danger|dangerous(ly)?|unsafe|not safe|chok(e|ed|ing)|poison\w*|hospital\w*|emergency room|ambulance|concussion|fractur\w*|sprain\w*|bruis\w*|allergic reaction|rash|lacerat\w*|gash\w*|black eye|swollen|bulging battery|lethal|deadly|recall(ed)?|smell\w*\s+(?:of|like)\s+(?:gas|smoke)|fell\s+on\s+(?:my|his|her|their|our)\s+(?:foot|feet|head|hand|toes?|leg|arm|child|son|daughter|baby)|hives|swallow(ed|ing)?|vomit\w*|zapped|carbon monoxide|gas leak|urgent care|(?:made|making)\s+(?:me|us|him|her|them|my\s+\w+)\s+(?:\w+\s+)?(?:sick|ill)|legal\s+(?:team|department|counsel|advice|proceedings)|lawyers?|attorneys?|solicitors?|lawsuit|sue|suing|sued|legal action|court|small claims|consumer protection|trading standards|ombudsman|better business bureau|bbb|ftc|accc|cfpb|attorney general|consumer (?:council|authority|agency|affairs|rights (?:body|group|agency))|(?:cut\s+(?:(?:my|his|her|their|our|your|the|a)\s+)?|(?:cuts|sliced|slices|slicing|slashed|nicked|gashed|split|tore|torn|ripped|punctured|pierced|stabbed|grazed|scraped|skinned|slit|crushed|trapped|jammed|pinched|hit|struck|smacked|whacked|bashed|banged)\s+(?:my|his|her|their|our|your)\s+)(?:\w+\s+)?(?:hands?|fingers?|fingertips?|thumbs?|foot|feet|legs?|arms?|face|lips?|skin|head|knees?|toes?|palm|wrists?|eyes?|eyelids?|chin|forehead|cheeks?|nose|ears?|neck|shins?|ankles?|mouth|tongue|gums?|knuckles?|nails?)|(?:badly|deeply|nasty|deep|bad)\s+cuts?|(?:needed|need|needs|got|get|getting|required|requiring|had|\d+|a\s+few|several|some|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\s+stitches|a\s?&\s?e|\bthe\s+er\b|(?:see|saw|seen|seeing|went\s+to|go\s+to|going\s+to|visit\w*|call\w*)\s+(?:(?:a|the|my|our|his|her)\s+)?(?:doctor|gp|physician|nurse|paramedics?|medic)|(?:broke|broken|fractured)\s+(?:(?:my|his|her|their|our|a)\s+)?(?:wrists?|arms?|legs?|ankles?|foot|toes?|fingers?|hands?|nose|tooth|teeth|ribs?|hips?|collarbone|bones?)|(?:nearly|almost)\s+(?:went\s+under|drown\w*|suffocat\w*|strangl\w*|fell|fall|fallen|tipped|choked|electrocuted|died|hit|killed|cut|burned|burnt|lost|took\s+(?:my|his|her|their|our|someone'?s)\s+(?:\w+\s+)?(?:finger|hand|thumb|eye|toe|head|arm|leg)s?\s+off)|could\s+(?:have|'ve)\s+(?:gone\s+up|blown\s+up|exploded|caught\s+fire|burn(?:ed|t)\s+down|started\s+a\s+fire|drowned)\b|(?:hat|ist)\s+(?:gebrannt|feuer\s+gefangen)|in\s+brand\s+geraten|se\s+incendi[oó]|(?:a|ont)\s+pris\s+feu|(?:ha|hanno)\s+preso\s+fuoco|porter?\s+plainte|porte\s+plainte|los\s+denuncio|(?:voy\s+a\s+)?denunciar(?:los|les)?|verklagen|could\s+(?:have|'ve)\s+(?:killed|hurt|injured|blinded|electrocuted|burned|maimed)\s+(?:someone|somebody|me|him|her|us|them|my\s+\w+|a\s+child|a\s+kid)|(?:i|he|she|we|they|baby|child|son|daughter|kid|mum|mom|mother|dad|father|gran|granny|grandma|grandad|grandpa|nan|husband|wife|partner)\s+fell|collaps\w*\s+(?:under|on|onto|beneath)\s+(?:me|him|her|us|them|my|his|our|their)|swell(?:ed|ing|s)?\s+up|swelling|(?:case|casing|back|cover|screen|phone|laptop|tablet|device|power\s?bank)\s+(?:\w+\s+){0,2}?bulg\w*|(?:swelled|swelling|bulg\w*|puff(?:ed|ing|y)|leak(?:ed|ing|s|y)?)\s+(?:\w+\s+)?batter(?:y|ies)|batter(?:y|ies)\s+(?:\w+\s+){0,3}?(?:swell\w*|swollen|bulg\w*|puff(?:ed|ing|y)\w*|leak\w*|acid|balloon\w*|expand\w*)|(?:ballooned|expanded)\s+(?:\w+\s+)?batter(?:y|ies)|exposed\s+(?:live\s+|bare\s+|electrical\s+|copper\s+)?(?:wires?|wiring|cables?)|(?:live|bare)\s+wires?|(?:got|gets|getting|gotten|became|becomes|becoming|went|goes|going|runs|running|ran)\s+(?:really|very|extremely|super|dangerously|way too|too|so|insanely|scorching|burning)\s+hot|too hot (?:to|for) (?:touch|hold|handle|pick|use)|red[- ]hot|scorch(?:ed|es|marks?)|(?:scared|afraid|frightened|terrified|nervous|worried|fearful)\s+(?:\w+\s+)?(?:to|of)\s+(?:use|using|touch|touching|plug|plugging|charge|charging|turn|turning|switch|switching|leave|leaving|go near)|(?:gave|gives|give)\s+(?:me|him|her|us|them|my\s+\w+)\s+(?:an?\s+)?(?:\w+\s+)?(?:shocks?|jolts?|zaps?)|(?:got|get|gets|getting|received|felt)\s+(?:an?\s+)?(?:electric(?:al)?\s+|nasty\s+|small\s+|little\s+|mild\s+|slight\s+)?shocks?\s+(?:from|off|touching|(?:when|while|as)\s+(?:i\s+|you\s+|we\s+|he\s+|she\s+|they\s+)?(?:touch|plug|unplug|switch|turn|use|hold|held|grab|pick|open)\w*)|(?:plug|cable|cord|wire|socket|charger|casing|adapter|outlet|battery)\s+(?:\w+\s+){0,2}?melt\w*|melt\w*\s+(?:the\s+)?(?:plug|cable|cord|wire|socket|charger|casing|plastic|outlet)|shatter\w*\s+(?:\w+\s+){0,3}?(?:when|while|as soon as|in (?:my|his|her|our|their) hands?|on its own|by itself|spontaneously|during use)|(?:lid|top|cap|door|glass|valve|cover|wheel|blade)\b[^.?!\n]{0,30}?\b(?:blew|blown|flew|shot)\s+(?:off|open)|blew\s+up\b|(?:can\s+|could\s+)?smell\w*\s+(?:of\s+)?gas\b|gas\s+(?:\w+\s+){0,2}?(?:hiss\w*|leak\w*|escap\w*)|hiss\w*\s+(?:\w+\s+)?gas\b|leak(?:s|ed|ing)?\s+gas\b|batter(?:y|ies)['’]s\s+(?:\w+\s+){0,2}?(?:swell\w*|swollen|bulg\w*|puff\w*)|caught\s+alight|went\s+up\s+in\s+flames|(?:missed|nearly\s+hit|almost\s+hit|just\s+missed)\s+my\s+(?:eye|face|head)|whipped\s+(?:back|round)\s+(?:past|into|at)\s+(?:my|his|her)|caught\s+light|(?:make|made|makes|making|catches|catched|got|gets)\s+fire\b|(?:it|battery|charger|device|heater|lamp|cable|plug|phone|laptop)\s+catch\s+fire\b|vatte\s+vlam|vlam\s+(?:ge)?vat|se\s+prendi[oó]\s+fuego|(?:pegou|pegaram)\s+fogo|explot[oó]|explodiu|se\s+cort[oó]|me\s+cort[eé]|cortou[- ]se|(?:poner|pongo|presentar)\s+una\s+denuncia|vou\s+processar|(?:ich\s+)?zeige\s+(?:sie|euch|dich)\s+an|anzeige\s+erstatten|far[oò]\s+causa|naar\s+de\s+rechter|too\s+(?:much\s+)?hot\s+(?:i|we)\s+(?:can(?:not|'?t)|could\s*n'?t)\s+touch|in\s+brand\s+(?:gevlogen|geraakt|gegaan)|emergency\s+vets?\b|rushed\s+(?:\w+\s+){0,3}?to\s+(?:the\s+)?vets?\b|blood\s+(?:everywhere|all\s+over|was\s+pouring|pouring)|(?:patch|stitch)(?:ed)?\s+(?:me|him|her|us|them)\s+up|(?:got|have|left\s+with|leave\s+a)\s+(?:a\s+)?(?:proper\s+|nasty\s+|big\s+|permanent\s+)?scar\b|cut\s+(?:the|my|his|her)\s+(?:bridge|side|tip|back|top)\s+of\s+(?:my|his|her|their)\s+\w+|(?:set\s+off|triggered|tripped)\s+(?:\w+\s+){0,2}?(?:carbon\s+monoxide|co|smoke|fire|gas)\s+(?:alarm|detector)s?|(?:smoke|fire|carbon\s+monoxide|co|gas)\s+(?:alarm|detector)s?\s+(?:went|goes|going)\s+off|fire\s+(?:brigade|service|department|engine)s?\s+(?:came|was\s+called|were\s+called|had\s+to|attended)|(?:got|get|gets|felt|feel|feeling)\s+(?:a\s+)?(?:tingle|tingling|buzz|jolt)\s+(?:from|off|when)|contains?\s+(?:lead|asbestos|mercury)\b|(?:mou?ld|maggots?|insects?|bugs?|worms?)\s+(?:\w+\s+){0,3}?(?:in|inside|baked\s+into)\s+(?:the\s+)?(?:baby\s+)?(?:formula|food|biscuits?|bread|cereal|milk|tin|jar|packet)|(?:burst|exploded)\s+and\s+flooded|rubbed\s+(?:\w+\s+){0,2}?raw|(?:propane|gas|butane|lpg)\s+(?:\w+\s+)?hiss\w*|ballooned(?:\s+up)?|can\s+smell\s+it\s+all\s+(?:night|day)|(?:done|did|put|threw|thrown|doing)\s+(?:my|his|her|their|our)\s+back\s+(?:in|out)|(?:got|became|was|were|fell|went|been)\s+(?:very\s+|really\s+|seriously\s+|so\s+|violently\s+|quite\s+)?(?:ill|sick)\s+(?:after|from)\s+(?:eating|using|drinking|taking|wearing|touching|chewing|swallowing|this|the|it|these|your)|(?:surgery|operation)\s+to\s+(?:get|remove|take|extract|fish)\s+(?:it|them|the\s+\w+|a\s+\w+|bits?|pieces?)\s*(?:out|back\s+out)?|with\s+(?:the|my|our|a)\s+(?:baby|child|toddler|kid|son|daughter|infant)\s+(?:inside|in\s+it|on\s+it)|(?:releases?|released|unbuckl\w*|unlatch\w*|came\s+(?:undone|loose|open)|pops?\s+open|popped\s+open|opens?|opened)\s+(?:on\s+its\s+own|by\s+itself)\s+(?:while|when|during)\s+(?:driving|moving|in\s+use|riding|cycling|on\s+the\s+(?:road|move)))\b",
            )
            .ok()?,
            refund_context: Regex::new(r"(?i)(refund|back|return|reimburs|credit)").ok()?,
            quote_header: Regex::new(r"(?i)^.{0,100}\bwrote(?:\s*\([^)]*\))?\s*:\s*$").ok()?,
            original_message: Regex::new(r"(?i)^-{2,}\s*(?:original|forwarded) message\s*-{2,}").ok()?,
            minor_units: Regex::new(
                r"(?i)(?:^|[^\w$€£.,])(\d{1,3}(?:[.,]\d{3})+|\d+)(?:\s?(?:cents?\b|pence\b|cts?\b|¢|\(?\s*(?:in\s+)?minor\s+units\b)|p\b)",
            )
            .ok()?,
            amount_field: Regex::new(
                r#"(?i)\b((?:amount|amt)(?:_cents|_minor|_in_cents|\s+in\s+(?:cents|minor\s+units)|\s*\((?:in\s+)?(?:cents|minor(?:\s+units)?)\))?)["']?\s*[:=]\s*["']?(\d+(?:[.,]\d{1,2})?)\b"#,
            )
            .ok()?,
            word_pair: Regex::new(&format!(
                r"(?i)\b((?:(?:(?:a|{UNITS})\s+)?hundred(?:\s+and)?\s+)?(?:(?:{TENS})(?:[\s-]+(?:{UNITS}))?|{TEENS})|(?:(?:a|{UNITS})\s+)?hundred(?:\s+and)?\s+(?:{UNITS})|(?:{UNITS})[\s-]+(?:(?:{TENS})(?:[\s-]+(?:{UNITS}))?|{TEENS}|oh?[\s-]+(?:{UNITS})))[\s-]+((?:{TENS})(?:[\s-]+(?:{UNITS}))?|{TEENS}|o[\s-]?(?:{UNITS}))\b"
            ))
            .ok()?,
            spoken_hundreds: Regex::new(&format!(
                r"(?i)\b((?:(?:a|{UNITS})[\s-]+)?hundred(?:[\s-]+(?:and[\s-]+)?(?:(?:{TENS})(?:[\s-]+(?:{UNITS}))?|{TEENS}|{UNITS}))?)\b"
            ))
            .ok()?,
            whole_number_back: Regex::new(&format!(
                r"(?i)\b((?:the\s+(?:whole|full|entire|complete)|all(?:\s+of\s+(?:the|my))?)\s+)((?:{TENS})(?:[\s-]+(?:{UNITS}))?|{TEENS})(\s+back)\b"
            ))
            .ok()?,
            word_alternatives: Regex::new(&format!(
                r"(?i)\b((?:{TENS})(?:[\s-]+(?:{UNITS}))?|{TEENS}|{UNITS})(\s*,?\s*(?:or(?:\s+maybe|\s+perhaps)?|to|maybe|perhaps)\s+|\s+-\s+|\s*–\s*)((?:{TENS})(?:[\s-]+(?:{UNITS}))?|{TEENS}|{UNITS})([\s-]+(?:dollars?|bucks|euros?|pounds?|quid|usd|eur)\b)"
            ))
            .ok()?,
            item_entry: Regex::new(
                r"(?i)([a-z][a-z'-]*(?:[ \t]+[a-z][a-z'-]*){0,2})[ \t]*[:=]?[ \t]*((?:[$€£][ \t]?)?\d+[.,]\d{2}(?:[ \t]?(?:[$€£]|usd\b|eur\b|gbp\b))?)",
            )
            .ok()?,
            list_separator: Regex::new(r"(?i)^\s*(?:[,/;|]|\band\b|,\s*and\b)\s*$").ok()?,
            difference: Regex::new(
                r"(?i)\b(?:refund\w*|credit\w*|reimburs\w*|give|pay|send|return|want|like|need|get|have)\b[^.?!\n]{0,30}\b(?:(?:price\s+)?diff(?:erence)?|what\s+(?:i|we)\s+overpaid|the\s+(?:saving|gap)|the\s+discount\s+(?:i|we)\s+missed)\b|\bdiff(?:erence)?\b[^.?!\n]{0,20}\b(?:back|refunded|credited)\b|\bprice\s+(?:adjustment|protection|match(?:ing)?)\b|\b(?:match|honou?r)\s+(?:the\s+)?(?:new|sale|lower|their)\s+price\b",
            )
            .ok()?,
            desire: Regex::new(&format!(
                r"(?i)(?:\b(?:i|we|{THIRD_PARTY})(?:'d|'ll|\s+would|\s+will|\s+do|\s+does|\s+(?:{ADVERBS}))*\s+(?:like|likes|want|wants|need|needs|wish|wishes|expect|expects|demand|demands|require|requires|request|requests|prefer|prefers|insists?\s+on|asks?(?:\s+for)?|seeks?|claims?)|\b(?:i'?m|i\s+am|we'?re|we\s+are|(?:{THIRD_PARTY})\s+is|(?:{THIRD_PARTY})'s)\s+(?:(?:{ADVERBS})\s+)*(?:asking|requesting|expecting|demanding|claiming|seeking)(?:\s+for)?|^\W*(?:(?:hi|hello|ok|so|pls|please)\W+)*(?:requesting|request|asking\s+for|seeking|claiming|want|need|would\s+like))\s+(?:(?:to\s+)?(?:get|have|receive|return|give|take|be\s+(?:given|paid|sent|refunded))\s+)?(?:back\s+)?(?:(?:{OBJ_FILLER})\s+){{0,5}}?(?:{MONEY_OBJ})"
            ))
            .ok()?,
            imperative: Regex::new(&format!(
                r"(?i)(?:^|[.!?;:,]\s*|\b(?:can|could|would|will)\s+(?:you|u|ya|your\s+team)\s+|\b(?:please|pls|plz|kindly)\s+|\b(?:please|pls|plz|kindly)\s+[a-z]+\s+(?:[a-z]+\s+){{0,3}}?(?:and|&)\s+)(?:(?:please|pls|plz|kindly|just|so|now|then|and|ok|okay|hi|hello|hey|simply)\W+)*(?:refund|reimburse|repay|credit|return|send|give|pay|process|issue|reverse|put|transfer|wire|push|release|arrange|authori[sz]e|initiate|raise|grant|post|book|settle|remit|disburse|re-?process|re-?submit|re-?issue|re-?send|re-?try|re-?do|re-?run|reconsider)\b(?:\W+(?:{OBJ_FILLER}|{DOC_ADJ}|me|us|him|her))*\W+(?:{MONEY_OBJ}|(?:to|on|onto)\s+(?:my|the|our)\s+(?:card|account|visa|mastercard|amex|bank|paypal))"
            ))
            .ok()?,
            may_i: Regex::new(&format!(
                r"(?i)\b(?:can|could|may|might)\s+(?:i|we)(?:\s+(?:{ADVERBS}|please|maybe|perhaps))*\s+(?:get|have|receive|be\s+(?:given|paid|sent|refunded|reimbursed|compensated|credited))\s+(?:back\s+)?(?:(?:{OBJ_FILLER})\s+){{0,4}}?(?:{money_any}|refund\w*|reimburs\w*|compensation|money\b|(?:a\s+)?credit\b)"
            ))
            .ok()?,
            settlement: regex::RegexBuilder::new(&format!(
                r"(?i){money_any}[^.?!\n]{{0,30}}?\b(?:would|should|will|could|might|'d|'ll|ought\s+to)\s+(?:(?:really|easily|probably|definitely|surely|certainly|just|about|more\s+than|be\s+enough\s+to)\s+)?(?:cover|do|settle|sort|fix|resolve|suffice|compensate|square|make\s+(?:it|this|that|things|up)|be\s+(?:fair|enough|fine|ok|okay|acceptable|reasonable|sufficient|plenty|right))\b|\b(?:i|we)(?:'d|'ll|\s+would|\s+will|\s+can|\s+could)?(?:\s+(?:{ADVERBS}|happily|gladly))*\s+(?:settle\s+for|accept|take|be\s+(?:happy|ok|okay|fine|content|satisfied)\s+with)\s+(?:(?:a|an|the|just|only)\s+)*{money_any}|{money_any}[^.?!\n]{{0,20}}?\band\s+(?:we'?re|we\s+are|i'?m|i\s+am|we'?ll\s+be|call\s+it|we\s+call\s+it)\s+(?:square|even|quits|good|done|fine|ok|okay)\b|\b(?:i|we)(?:'d|'ll|\s+would|\s+will|\s+can|\s+could)?\s+(?:settle\s+for|accept|take|be\s+(?:happy|ok|okay|fine|content)\s+with)\s+either\b|\b(?:for\s+me|with\s+me)[\s,]+{money_any}\s+(?:is|would\s+be|will\s+be)\s+(?:ok|okay|fine|enough|acceptable|good)\b|{money_any}\s+(?:is|would\s+be|will\s+be)\s+(?:ok|okay|fine|enough|acceptable|good)\s+to\s+(?:close|settle|resolve|end)\b|\b(?:half|(?:a|one)\s+(?:third|quarter)|\d+\s?%|\d+\s+percent)\b[^.?!\n]{{0,25}}?{money_any}\s*,?\s*(?:is|'s|would\s+be|will\s+be)\s+(?:ok|okay|fine|fair|enough|acceptable|good)\s+(?:by|for|with)\s+(?:me|us)\b"
            ))
            // Too large for the default lazy-DFA cache (3.4 MB / 2.5 MB): it would fall back to the slow engines on
            // every sentence (the CI-time helper measured 172 ms vs 21 ms over the test sentences).
            .dfa_size_limit(16 << 20)
            .build()
            .ok()?,
            reported: Regex::new(
                r"(?i)\b(?:said|says|told|tells|quoted|quotes|wrote|writes|claimed|claims|mentioned|according\s+to)\b",
            )
            .ok()?,
            wanted_after: Regex::new(
                r"(?i)^[^.?!\n]{0,40}?\b(?:covered|back|refunded|reimbursed|returned|credited|compensated|paid\s+back)\b",
            )
            .ok()?,
            approx_before: Regex::new(
                r"(?i)(?:\b(?:around\s+of|about\s+of|more\s+or\s+less|about|around|approx\.?|approximately|roughly|circa|ca\.|something\s+like|somewhere\s+(?:around|near|between)|in\s+the\s+region\s+of|give\s+or\s+take|nearly|almost|close\s+to|just\s+(?:under|over|shy\s+of)|(?:in\s+the\s+)?ballpark(?:\s+of)?|upwards\s+of|at\s+least|(?:get|getting|maybe|or|is|was|be)\s+like|between)|~|\+/-|±)\s*$",
            )
            .ok()?,
            approx_after: Regex::new(r"(?i)^\s*(?:or\s+so|-?\s?ish|give\s+or\s+take|more\s+or\s+less|or\s+thereabouts|odd|or\s+something|(?:and|or)\s+change|plus\s+or\s+minus|roughly|approx\w*|at\s+(?:a\s+)?guess)\b").ok()?,
            paid_clause: Regex::new(r"(?i)\b(?:paid|bought|purchased|cost|costs|charged|priced|ordered|spent|came\s+to)\b")
                .ok()?,
            plus_after: Regex::new(
                r"(?i)^\s*(?:(?:usd|eur|gbp|cad|aud|chf|nzd|dollars?|bucks|euros?|pounds?|quid|francs?)\s+)?(?:on\s+top|extra|in\s+addition|additionally|as\s+well|more\s+for)\b",
            )
            .ok()?,
            plus_before: Regex::new(
                r"(?i)\b(?:plus|and\s+more|(?:and\s+)?in\s+addition(?:\s+to\s+(?:that|it|this))?|on\s+top(?:\s+of\s+(?:that|it|this))?|extra|additional|as\s+well\s+as|(?:together|along)\s+with|and\s+(?:also|another|an\s+extra)|compensation(?:\s+of)?|for\s+(?:my|the)\s+(?:trouble|time|inconvenience)|(?:and\s+)?also\s+(?:pay|cover|refund|reimburse|compensate)(?:\s+(?:me|us))?(?:\s+for)?)\s*[:,-]?\s*(?:of\s+|another\s+|my\s+|the\s+|a\s+|an\s+)?$|\+\s*$",
            )
            .ok()?,
            times: Regex::new(
                r"(?i)\b(double|twice|triple|two\s+times|three\s+times|2x|3x)\s+(?:(?:my|the|what|of|i|we|you|your|our|his|her|their|back|refund\w*|me|us)\s+)*(?:money|price|amount|cost|paid|total)\b|\b(?:refund\w*|back|reimburs\w*|reembols\w*|rembours\w*|rimbors\w*|erstatt\w*|devolv\w*|give|send)\s+(?:me\s+|us\s+)?(?:double|twice|triple)\b|\bpay\s+(?:me|us)\s+(?:double|twice|triple)\b|\b(?:double|twice|triple)\s+(?:\w+\s+){0,2}back\b|\b(?:deserve|want|expect|demand|owed?)\s+(?:(?:at\s+least|nothing\s+less\s+than)\s+)?(double|twice|triple)\s*(?:[.!,;]|$)|\b(?:refund\w*|reimburs\w*|back|pay|give)\s+(?:(?:me|us|it|them)\s+)?(?:back\s+)?(thrice|twofold|two-fold|threefold|three-fold)\b|\b(thrice|twofold|threefold)\s+over\b|\b(?:an?|want|need|demand|expect|deserve)\s+(?:a\s+)?double\s+refund\b|\b(?:le|el|del|das|il|o|het)\s+(?:double|doble|doppelte|doppio|dobro|dubbele)\b",
            )
            .ok()?,
            part_of_order: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|money\s+back|credit)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:(?:the|those|these|any)\s+(?:\w+\s+)?(?:ones|parts?|bits?|pieces?|items?|stuff|things?)\s+(?:that|which)\s+(?:\w+\s+){0,2}?(?:(?:didn'?t|did\s+not|never|hasn'?t|haven'?t|has\s+not|have\s+not|wasn'?t|weren'?t|was\s+not|were\s+not)\s+(?:\w+\s+)?(?:come|came|arrive|arrived|turn(?:ed)?\s+up|show(?:ed)?\s+up|delivered|included|shipped|sent)|(?:are|is|were|was)\s+(?:still\s+)?missing)\b|what(?:ever)?(?:'s|\s+is|\s+was|\s+are)?\s+(?:still\s+)?(?:missing|not\s+(?:here|arrived|delivered))\b|(?:the|those|these)\s+(?:\w+\s+)?ones\b|(?:one|two|three|four|some|a\s+few|several|\d+)\s+of\s+(?:them|the|those|these)\b)|\b(?:up\s+to\s+you|leave\s+it\s+(?:up\s+)?to\s+you|you\s+decide|whatever\s+you\s+(?:think|decide|feel))\b[^.?!\n]{0,20}\b(?:how\s+much|amount|fair)|\bhow\s+much\b[^.?!\n]{0,20}\b(?:up\s+to\s+you|you\s+decide)",
            )
            .ok()?,
            refund_object: Regex::new(
                r"(?i)\b(?:refund|reimburse|credit)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:the|a|an|my|this|that|our)\s*$",
            )
            .ok()?,
            paid_before: Regex::new(
                r"(?i)(?:\b(?:paid|pay|cost|costs|costing|priced?|price\s+(?:is|was|of)|total\w*|came\s+to|comes\s+to|worth|charged|spent|bought|purchased|order(?:ed)?)\b[^.?!\n$€£\d]{0,20}|\b(?:for|on|of)\s+(?:the|a|an|my|this|that|our)\s*)$",
            )
            .ok()?,
            total_after: Regex::new(r"(?i)^\s*(?:in\s+total|altogether|all\s+together|total|overall)\b").ok()?,
            partial_word: Regex::new(r"(?i)\bpartial\b").ok()?,
            uncertain_figure: Regex::new(&format!(
                r"(?i)\b(?:{TENS}|\d+)[\s-]*(?:something|odd|ish)\b|\b(?:a\s+few|a\s+couple(?:\s+of)?|several)\s+(?:dollars|bucks|euros|pounds|quid)\b|\d*[_?]+\d*[.,]\d{{1,2}}\b|\b(?:can'?t|cannot|could\s*n'?t|don'?t|do\s+not)\s+(?:read|remember|recall)\b[^.?!\n]{{0,30}}\b(?:amount|price|figure|number|exact|how\s+much|what\s+(?:it|the\s+\w+)\s+(?:cost|said))|(?:\b(?:receipt|invoice|statement|price|amount|total|figure|sum|bill)\b|[$€£]\s?\d|\d[.,]\d{{2}}\b)[^.?!\n]{{0,40}}\b(?:smudged|illegible|unreadable|blurred|blurry)\b|\b(?:smudged|illegible|unreadable|blurred|blurry)\b[^.?!\n]{{0,40}}(?:\b(?:receipt|invoice|statement|price|amount|total|figure|sum|bill)\b|[$€£]\s?\d)|\b\d{{1,3}}(?:[.,]\d{{1,2}})?\s*(?:or|to|-|/)\s*(?:maybe\s+)?\d+(?:[.,]\d{{1,2}})?\s*(?:dollars?|bucks|euros?|pounds?|quid|usd|eur)\b|\bbetween\s+(?:\d+|{TENS}|{TEENS})\s+and\s+(?:\d+|{TENS}|{TEENS})\b|\b(?:{TENS}|{TEENS}|\d+)[\s-]*(?:or|to|-)\s*(?:{TENS}|{TEENS})\s+(?:dollars?|bucks|euros?|pounds?|quid)\b|\b(?:{TENS}|hundred|\d+)[\s-]+plus\s+(?:dollars?|bucks|euros?|pounds?|quid)\b"
            ))
            .ok()?,
            // Dissatisfaction as evaluation: the adjectives and verdicts a review or a post gives ("junk", "never
            // again", "stay away", "zero stars", "#fail" once the handle is read as words, ADR-864) are a closed
            // class of evaluative words, as the older ones ("rubbish", "useless") were.
            complaint: Regex::new(
                r"(?i)\b(?:not\s+(?:at\s+all\s+)?(?:happy|satisfied|pleased|impressed|ok|okay|good\s+enough|acceptable)|unhappy|below\s+(?:expectations?|par|standard)|sub-?standard|disappoint\w*|dissatisf\w*|unsatisf\w*|terrible|awful|horrible|appall\w*|dreadful|unacceptable|rubbish|garbage|useless|worst|poor\s+(?:quality|service)|fed\s+up|frustrat\w*|angry|furious|annoyed|complain\w*|displeased|ridiculous|a\s+joke|scam\w*|ripped\s+off|let\s+down|not\s+what\s+i\s+(?:expected|ordered|paid\s+for)|something(?:'s|\s+is)?\s+(?:wrong|off|not\s+right)|not\s+right|a\s+(?:problem|mess)|an?\s+(?:issue|problem)|(?:having|have|had)\s+(?:some\s+)?(?:trouble|issues|problems)|sucks|sucked|pathetic|shocking|shambles|disgrac\w*|disgust\w*|not\s+impressed|outrag\w*|lousy|crap|crappy|bad\s+experience|waste\s+of\s+(?:money|time)|went\s+wrong|gone\s+wrong|not\s+(?:ok|okay|good|great|cool)|very\s+(?:bad|poor|upset)|upset|livid|sick\s+of|had\s+enough|trash\w*|junk|worthless|shoddy|never\s+again|(?:epic\s+)?fail|avoid\s+(?:this|these|them|at\s+all\s+costs)|(?:do\s+not|don'?t|never)\s+(?:buy|order|shop)\b[^.?!\n]{0,20}\b(?:here|from\s+(?:them|you|this))|stay\s+away|(?:one|1|zero|0|no)\s+stars?|[01]\s?/\s?(?:5|10)|would\s+not\s+recommend|wouldn'?t\s+recommend|(?:n'?t|not|never)\s+been\s+(?:right|good\s+enough|up\s+to\s+(?:standard|scratch|par))|not\s+(?:the|up\s+to\s+the)\s+(?:standard|quality|level)\s+(?:i|we)|tired\s+of\s+(?:chasing|waiting|asking)|sort\s+(?:it|this|that|things)\s+out)\b",
            )
            .ok()?,
            legal: Regex::new(concat!(
                r"(?i)\b(?:",
                // A chargeback or card dispute the writer declares they are making (ADR-894, b19 `g-052`): a first
                // person with a present, future or "going to" before the verb ("I'm opening a dispute with my bank and
                // doing a chargeback", "we will file a chargeback"). A hedged one ("before I open a card dispute",
                // "would rather not go down the chargeback route") declares nothing.
                r"(?:i'?m|i\s+am|i'?ll|i\s+will|i\s+shall|we'?re|we\s+are|we'?ll|we\s+will|i'?m\s+going\s+to|i'?m\s+gonna|we'?re\s+going\s+to)",
                r"\s+(?:now\s+|just\s+|then\s+|already\s+|officially\s+)?(?:open\w*|fil\w*|rais\w*|start\w*|do|doing|initiat\w*|lodg\w*|issu\w*|submit\w*|put\w*\s+in)",
                r"\s+(?:a\s+|the\s+|an?\s+official\s+)?(?:card\s+|bank\s+|payment\s+)?(?:dispute|chargeback|charge-back|charge\s+back)\b",
                r"[^.?!\n]{0,40}|",
                // A public body (a consumer, federal, competition … word, then within a few words a body noun) that
                // a complaint is taken to: a verb of complaining or contacting before it, or "… will hear" after.
                r"(?:complain\w*|complaint|report\w*|file[ds]?|filing|lodg\w*|contact\w*|writ\w+|wrote|escalat\w*|",
                r"tak\w+\s+(?:this|it|you|the\s+matter)|go(?:ing)?|went|turn\w*|inform\w*|notify\w*|notified|alert\w*|",
                r"involv\w*|call\w*|ring\w*|phon\w*|email\w*|submit\w*|rais\w*|open\w*)\b[^.?!\n]{0,50}?\b",
                r"(?:consumer|federal|government|governmental|financial|competition|protection|standards|",
                r"fair\s+trading|safety|advertising|communications|regulatory|european|data\s+protection|privacy)",
                r"(?:\s+[\w&'-]+){0,3}?\s+(?:bureau|commission|commissioner|authority|agency|office|board|council|",
                r"centre|center|department|ministry|tribunal|watchdog|directorate|ombud\w*)",
                r"|(?:consumer|federal|government|competition|protection|standards|fair\s+trading|european)",
                r"(?:\s+[\w&'-]+){0,3}?\s+(?:bureau|commission|authority|agency|office|board|council|centre|center|",
                r"department|ministry|tribunal|watchdog)\s+(?:will|is\s+going\s+to|are\s+going\s+to|shall)\s+(?:hear|know)",
                r"|(?:get|getting|have|having)\s+(?:the\s+)?(?:[\w&'-]+\s+){1,4}(?:bureau|commission|authority|agency|",
                r"regulators?|watchdog|ombuds\w*)\s+involved",
                // A complaint or report taken to a regulator, a watchdog or the authorities.
                r"|(?:to|with|contact\w*|notify\w*|inform\w*|alert\w*|tell(?:ing)?)\s+(?:the\s+|my\s+|a\s+|your\s+)?",
                r"(?:\w+\s+)?(?:regulators?|watchdogs?|ombud\w*)",
                r"|(?:report|reported|reporting|complain|complained|complaining|escalat\w+|file|filed|filing|lodge|lodged)",
                r"\b[^.?!\n]{0,40}\b(?:regulators?|watchdogs?|authorities|citizens\s+advice)",
                r"|citizens\s+advice|trading\s+standards|cfpb|cpsc|\bcma|\bfca|\bdgccrf|verbraucherzentrale|profeco|procon|",
                r"defensa\s+del\s+consumidor|consumentenbond|ombudsm[ae]n|abogad[oa]s?|avocats?|(?:rechts|fach|patent)?anw[aä]lt\w*|advogad[oa]s?|",
                r"avvocat[oi]|advocaat|prawnik\w*|demandar|denunciar|legal\s+(?:steps|route|claim|proceedings|recourse)|",
                r"take\s+(?:this|it|you|the\s+matter)\s+(?:further|to\s+court)|see\s+you\s+in\s+court|class\s+action",
                // Outside attack 62 (`legal2`): the courts and their steps in other words.
                r"|(?:to|into|start\w*|begin\w*|commence\w*|pursue|threaten\w*|consider\w*|initiat\w*|face)\s+litigation|litigat(?:e|ing)\b|(?:court|legal)\s+proceedings|proceedings\s+against|(?:issue|start|commence|begin|bring)\w*\s+",
                r"proceedings|(?:through|in|to)\s+the\s+courts|let\s+(?:a|the)\s+judge|(?:a|the)\s+judge\s+(?:(?:can|will|could|should|would|may|to)\s+)?(?:decide|sort|settle|",
                r"rule|hear)\w*|fil(?:e|ing)\s+(?:a\s+)?suit|small\s+claim|money\s+claim\s+online|magistrates?|",
                r"instructed\s+(?:a\s+)?(?:counsel|barrister|solicitor|lawyer)|barristers?\b[^.!?\n]{0,20}\bwill|rechtsschutz\w*|refund\s+or\s+legal|",
                r"(?:report|complain)\w*\s+(?:\w+\s+){0,3}?to\s+(?:the\s+)?government|",
                // Outside attack 64 (`legal_arbitration`): arbitration, a tribunal, papers served.
                r"arbitrat(?:ion|or|e|ing)|tribunal|ncat|vcat|qcat|serv(?:e|ed|ing)\s+(?:you\s+)?(?:with\s+)?(?:the\s+)?(?:papers|a\s+claim|notice)",
                r")\b",
            ))            .ok()?,
            listed: Regex::new(concat!(
                r"(?i)(?:^|\n)\s*(?:[-*•]\s*)?(?:\d+\s*[x×]\s*)?(?:",
                r"(?:sub-?\s?total|shipping(?:\s+(?:&|and)\s+handling)?|postage|delivery(?:\s+(?:fee|charge))?|handling|",
                r"(?:sales\s+)?tax(?:es)?|vat|gst|hst|discount|coupon|promo(?:tion)?|voucher|(?:service\s+|processing\s+)?fee|",
                r"item(?:\s+(?:price|total|subtotal|cost))?|unit\s+price|price|qty|quantity|product|article|",
                r"deposit|tip|gift\s+wrap\w*|insurance|surcharge)\b[^:\n=]{0,25}[:=]",
                r"|[^\n]{1,60}?(?:\.{3,}|…+|\t|\s{3,})",
                // An item line ending with its quantity and figure ("Cutting board 1 x $27.50"), and a label line
                // with no colon ("Shipping & handling $6.25", "TOTAL $44.00").
                r"|[^\n]{1,60}?\s\d{1,3}\s*[x×]",
                r"|(?:sub-?\s?total|(?:order\s+|grand\s+)?total|shipping(?:\s+(?:&|and)\s+handling)?|postage|delivery|",
                r"(?:sales\s+)?tax|vat|discount)",
                r")\s*[-+]?\s*$",
            ))
            .ok()?,
            share_of_figure: Regex::new(
                r"(?i)\b(\d+(?:[.,]\d{1,2})?)\s+(of\s+(?:the|my|your|our)\s+(?:[$€£]\s?\d+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?\s*(?:dollars?|bucks|euros?|pounds?|quid|usd|eur)\b))",
            )
            .ok()?,
            whole_dash: Regex::new(r"\b(\d+)[.,]-{1,2}(\s|$)").ok()?,
            refund_part: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|back)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:the|my|of\s+the)\s+(shipping|delivery|postage|tax|vat|handling|service\s+fee|gift\s+wrap\w*|insurance)\b(?:\s+(?:fee|cost|charge)s?)?(?:\s*[.!,]|\s*$|\s+(?:please|pls|only|too)\b)|\b(?:the|my|our)\s+(shipping|delivery|postage|handling|service\s+fee|gift\s+wrap\w*|insurance)(?:\s+(?:fee|cost|charge)s?)?\s+(?:refunded|reimbursed|credited|returned|back)\b",
            )
            .ok()?,
            that_part: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|back|credit)\b[^.?!\n]{0,20}?\b(?:that|this)\s+(?:part|item|bit|piece|component|portion|one)\b",
            )
            .ok()?,
            makes_before: Regex::new(
                r"(?i)(?:\bso\s+that'?s|\bthat'?s|\bthat\s+is|\bwhich\s+(?:makes|is|comes\s+to)|\bmakes|\bmaking|\bcomes?\s+to|=|\bso|\btotal(?:\s+of)?)\s*(?:a\s+total\s+of\s+)?:?\s*(?:usd|eur|gbp|cad|aud)?\s*$",
            )
            .ok()?,
            per_item: Regex::new(r"(?i)^\s*(?:(?:usd|eur|gbp|dollars?|bucks|euros?|pounds?|quid)\s+)?(?:for\s+)?(?:each|apiece|a\s+piece|per\s+(?:item|piece|unit|one|cup|plate|glass))\b").ok()?,
            item_count: Regex::new(
                r"(?i)\b(?:(?P<n>\d{1,2})|(?P<w>two|three|four|five|six|seven|eight|nine|ten|both))\b(?:\s+(?:of\s+)?(?:the|my|them|those)?\s*[a-z]+)?"
            )
            .ok()?,
            split_currency: Regex::new(r"\b(\d{1,6})([€£$])(\d{2})\b").ok()?,
            unit_before: Regex::new(
                r"(?i)(?:\b(?:[2-9]|[1-9]\d{1,2})\s*(?:[a-z]+\s+)?(?:@|x|×)|@)\s*(?:usd|eur|gbp|cad|aud)?\s*$",
            )
            .ok()?,
            alt_unnamed: {
                let np = r"(?:(?:the|my|your)\s+)?(?:(?:full|whole|entire|total|original|complete)\s+(?:price|cost|amount|order|refund|sum|purchase\s+price|value)|(?:price|cost|amount|value)(?:\s+(?:of|for)\s+(?:the|my|this|that|it)(?:\s+[a-z]+)?)?)|what\s+(?:i|we)\s+paid(?:\s+for\s+(?:the|my|it|this|that)(?:\s+[a-z]+)?)?";
                Regex::new(&format!(
                    r"(?i)\b(?:{np})\b[^.?!\n]{{0,30}}?\bor\b\s*(?:(?:just|maybe|only|even|else|perhaps|simply)\s+)?{money_any}|{money_any}[^.?!\n]{{0,20}}?\bor\b\s+(?:(?:just|maybe|perhaps|even|else|simply|refund|give\s+me|me)\s+){{0,2}}(?:{np})\b"
                ))
                .ok()?
            },
            transit_damage: Regex::new(
                r"(?i)\bshatter\w*\s+(?:\w+\s+){0,3}?(?:when|as\s+soon\s+as|once)\s+(?:(?:i|we|it|they|he|she|you)\s+|the\s+\w+\s+)?(?:\w+\s+)?(?:(?:opened|opening|open)\s+(?:the\s+|my\s+|our\s+)?(?:box|parcel|package|packaging|carton|delivery|order|shipment|envelope)|unpack\w*|unbox\w*|arrived|arrive|arriving|got\s+(?:it|them|here)|received|receiving|delivered|came|took\s+(?:it|them)\s+out|taking\s+(?:it|them)\s+out|lifted\s+(?:it|them)\s+out)\b",
            )
            .ok()?,
            degree_sense: Regex::new(
                r"(?i)\b(?:dangerously|deadly|lethally|criminally)\s+(?:(?:so|very|too)\s+)?(?:easy|easily|good|addictive|addicting|tempting|comfy|comfortable|cosy|cozy|cute|pretty|beautiful|gorgeous|lovely|nice|tasty|delicious|moreish|cheap|fun|quick|simple|convenient|handy|smooth|soft|stylish|dull|boring|slow|quiet|close\s+to\s+(?:buying|ordering|giving|leaving|cancell?ing))\b|\bburn(?:s|t|ed|ing)?\s+(?:(?:the|my|our|one|both|each|every|a|all)\s+)?(?:(?:\w+)\s+)?(?:toast|bread|bagels?|crumpets?|waffles?|slices?|rice|food|coffee|milk|popcorn|pancakes?|sides?\b(?:\s+of\s+(?:the\s+)?(?:toast|bread|bagels?|slices?|pan))?)\b",
            )
            .ok()?,
            disfluency: Regex::new(r"(?i)[\s,…]*(?:\.{2,}[\s,…]*)?\b(?:u+h+m*|u+m+|e+r+m*|a+h+|h+m+)\b[\s,…]*(?:\.{2,}[\s,…]*)?")
                .ok()?,
            number_run: Regex::new(&format!(
                r"(?i)\b(?:(?:{NUMBER_WORDS}|a|oh)[\s-]+(?:and[\s-]+)?)*(?:{NUMBER_WORDS})\b"
            ))
            .ok()?,
            restart_gap: Regex::new(
                r"(?i)^(?:[\s,.…—]|\b(?:u+h+m*|u+m+|e+r+m*|a+h+|h+m+|yeah|yes|i\s+mean|sorry|actually|so|make\s+that|rather)\b)*$",
            )
            .ok()?,
            digit_figure: Regex::new(&format!(r"(?:[$€£]\s?)?({NUM})")).ok()?,
            correction_gap: Regex::new(
                r"(?i)^[^.?!\n]{0,14}?[\s,…—:;(-]+(?:(?:sorry|i\s+mean|i\s+meant|make\s+(?:that|it)|no\s+wait|no|wait|correction|corrected|scratch\s+that|or\s+rather|rather|typo|oops|whoops|my\s+bad|my\s+mistake|wrong\s+(?:figure|number|amount))\b[\s,.…—:;)-]*)+(?:(?:i\s+mean|i\s+meant|it'?s|it\s+is|(?:that\s+)?should\s+be)\b[\s,.…—:;-]*)?$",
            )
            .ok()?,
            share_quantity: Regex::new(
                r"(?i)\bhalf\b|\b(?:a|one|two)\s+(?:third|quarter)s?\b|\b[1-9]?\d\s?%|\b[1-9]?\d\s+percent\b|\b(?:a\s+)?(?:part|portion)\s+of\b|\b(?:some|most)\s+of\b|\ba\s+(?:bit|little)\s+of\b",
            )
            .ok()?,
            share_governor: Regex::new(
                r"(?i)\b(?:refund\w*|reimburs\w*|repay\w*|compensat\w*|give|gimme|return|send|pay|credit|get|have|want|need|like|accept|take|settle\s+for|offer|back)\s+(?:(?:me|us|back|for|of|about|around|roughly|only|just|maybe|perhaps|at|least|a|an|the|some|like)\s+)*$",
            )
            .ok()?,
            share_money_after: Regex::new(
                r"(?i)^\s*(?:of\s+)?(?:(?:the|my|our|your|its|their|this|that|these|those|it|them|what)\s+)*(?:back|refund\w*|reimburs\w*|credit\w*|off|money|price|cost|amount|payment|paid|total|sum|value|cash|funds|bill|(?:i|we)\s+paid|would|should|will|could|(?:is|was|'s)\s+(?:fine|ok|okay|fair|enough|acceptable|reasonable|good))\b",
            )
            .ok()?,
            share_of_thing_before: Regex::new(
                r"(?i)\b(?:only|just|barely|nearly|almost|about|is|was|are|were|in|by|'s)\s*$",
            )
            .ok()?,
            share_of_money: Regex::new(
                r"(?i)\b(?:(?:a|some|any)\s+)?(?:part|portion|bit|little|share|fraction|some)\s+of\s+(?:(?:my|the|our|your)\s+)?(?:money|payment|funds|cash|price|amount|sum|cost)\b",
            )
            .ok()?,
            breakdown: Regex::new(
                r"(?i)^[\s,:(-]*(?:in\s+total\s*,?\s*|in\s+all\s*,?\s*)?(?:comprising|comprised\s+of|consisting\s+of|made\s+up\s+of|broken\s+down\s+(?:as|into)|split\s+(?:as|into)|which\s+(?:is|covers|includes)|that\s+is|i\.e\.?|being|including|covering|of\s+which)\b",
            )
            .ok()?,
            extra_for: Regex::new(
                r"(?i)^\s*(?:(?:usd|eur|gbp|cad|aud|chf|nzd|dollars?|bucks|euros?|pounds?|quid|francs?)\s+)?(?:(?:as|in|by\s+way\s+of|for)\s+(?:\w+\s+)?compensation|compensation|(?:in|as)\s+damages|for\s+(?:my|the|our|all\s+(?:the|my))\s+(?:\w+\s+)?(?:trouble|time|hassle|inconvenience|stress|bother|effort|aggravation|distress|wait\w*|afternoon|day|evening|morning)|for\s+(?:the\s+|my\s+)?(?:return\s+)?(?:postage|shipping|delivery|courier|post)(?:\s+back)?)\b",
            )
            .ok()?,
            joined_before: Regex::new(
                r"(?i)(?:\band|&|,|\bplus)\s*(?:also\s+)?(?:another\s+|an?\s+(?:extra|further|additional)\s+)?(?:the\s+)?(?:(?:usd|eur|gbp|cad|aud|chf)\s*)?$",
            )
            .ok()?,
            retraction: Regex::new(concat!(
                // A chat correction (outside attack 55): a starred figure right after the one it replaces ("Refund
                // $30 please *$25"; the star must touch the figure, inside a line), or a caret pointing up at it
                // ("refund 9.99 / ^ meant 19.99").
                r"(?i)[ \t]\*|(?:^|[\n/])\s*\^+\s*(?:i\s+)?mean[t]?\b|",
                r"(?:^|[\n.,;:!?…—–)]\s*|\s-\s*|\bbut\s+)(?:(?:hmm+|um+|oh|ok|okay|so|well|no|nope|sorry|wait)[\s,.!…]+)*",
                r"(?:actually|on\s+second\s+thoughts?|on\s+reflection|second\s+thoughts?|no\s+wait|wait\s+no|scratch\s+that|hang\s+on|hold\s+on|",
                r"(?:i'?ve\s+|i\s+have\s+|i\s+)?changed\s+my\s+mind|correction|or\s+rather|",
                // A correction by whoever speaks, the writer or the person they write for (ADR-862): "he's just
                // corrected me", "she corrected herself", "I mean", "that should read", "typo".
                r"(?:(?:my\s+|our\s+|the\s+)?[a-z]+(?:'s|'ve|\s+has|\s+have|\s+had)?\s+)?(?:just\s+|now\s+)?",
                r"corrected\s+(?:me|him|her|himself|herself|themselves|myself|that|it|this|us)|i\s+mean[t]?|",
                r"(?:that|it)\s+should\s+(?:be|read|say|have\s+said)|typo|",
                r"(?:(?:just|please|so|ok|okay|then)\s+)*(?:make\s+(?:it|that)|round\s+(?:it|that|this|the\s+\w+)\s+(?:up|down)\s+to|call\s+it|let'?s\s+say))\b",
            ))
            .ok()?,
            adds: Regex::new(r"(?i)\b(?:also|too|as\s+well|another|additionally|plus|extra|on\s+top)\b").ok()?,
            first_again: Regex::new(concat!(
                r"(?i)(?:\bno\b|\bactually\b|\bforget\s+(?:it|that)\b|\bsorry\b|\bwait\b)[\s,.!…-]*",
                r"(?:it'?s\s+|go\s+with\s+|i\s+meant?\s+|make\s+it\s+)?the\s+first(?:\s+(?:one|figure|amount|number|sum|price))?\b",
                r"|\b(?:the|my)\s+first\s+(?:one|figure|amount|number|sum|price|ask)\s+(?:was|is)\s+(?:right|correct|fine|ok|okay|good)\b",
            ))
            .ok()?,
            problem: Regex::new(
                r"(?i)\b(?:broke\w*|break\w*|damag\w*|defect\w*|fault\w*|missing|late|delay\w*|never\s+(?:arrived|came|showed|turned\s+up)|not\s+(?:arrived|delivered|received)|lost|wrong\s+\w+|not\s+working|stopped|dead|crack\w*|torn|tear|ripp?\w*|leak\w*|scratch\w*|dent\w*|stain\w*|smash\w*|shatter\w*|spoil\w*|rotten|expired|mou?ld\w*|too\s+(?:small|big|large|tight|loose|short|long)|fad(?:ed|ing)|peel\w*|shr[au]nk|fell\s+apart|falling\s+apart|came\s+apart|loose|bent|chipped|stuck|jamm\w*|noisy|faulty|flicker\w*|refund\w*|charge\w*|deliver\w*|parcel|package|size|colou?r|quality|courier|shipping|invoice|bill\w*|\d)\b|\b(?:doesn'?t|does\s+not|didn'?t|did\s+not|won'?t|will\s+not|can'?t|cannot|isn'?t|is\s+not)\s+(?:work|fit|turn|charge|start|switch|open|close|connect|power|load|boot|arrive|come|match|hold|stay|stick|lock|heat|cool|spin|play|print)\w*",
            )
            .ok()?,
        })
    });
    match built {
        Some(r) => r,
        None => unreachable!("the classifier's constant patterns compile (covered by tests)"),
    }
}

/// Cents of a money number, by the typed reader's separator rules ([`money::number`], ADR-1072): the one home of
/// the decimal-or-grouping decision.
fn to_cents(num: &str) -> Option<i64> {
    money::number(num)
}

/// The value of a run of number words ("two hundred and fifty" → 250); `None` when it names no number.
fn number_value(words: &str) -> Option<i64> {
    let words: Vec<String> =
        words.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    let (mut total, mut current, mut any) = (0i64, 0i64, false);
    for (i, w) in words.iter().enumerate() {
        if money::scale_word(w, &mut total, &mut current) {
            any = true;
            continue;
        }
        let small = match w.as_str() {
            // "a hundred" is one hundred; a lone "a" or "and" adds nothing ("a fifty dollars" is fifty).
            "a" if words.get(i + 1).is_some_and(|n| n == "hundred" || n == "thousand") => 1,
            other => match money::unit_word(other) {
                Some(value) => value,
                None => continue,
            },
        };
        current += small;
        any = true;
    }
    any.then_some(total + current)
}

/// The whole part of a spoken price: "forty nine" (49), "one twenty nine" (129: a hundreds digit spoken before the
/// tens, as prices are said), "one oh nine" (109), "two hundred and five" (205).
fn spoken_major(words: &str) -> Option<i64> {
    let mut parts = words.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty());
    let first = parts.next()?.to_lowercase();
    let rest: Vec<&str> = parts.collect();
    let digit = number_value(&first).filter(|d| (1..10).contains(d) && !first.eq_ignore_ascii_case("a"));
    match (digit, rest.first()) {
        (Some(h), Some(next)) if !next.eq_ignore_ascii_case("hundred") && !next.eq_ignore_ascii_case("thousand") => {
            let tail: Vec<&str> =
                rest.iter().copied().filter(|w| !matches!(w.to_lowercase().as_str(), "o" | "oh")).collect();
            Some(h * 100 + number_value(&tail.join(" "))?)
        }
        _ => number_value(words),
    }
}

/// Amounts in words become digits ("fifty dollars" → "50 dollars", "49 dollars 99" → "49.99 dollars"), so one
/// amount parser reads every format.
fn digits_for_words(text: &str) -> String {
    let r = res();
    // "one twenty dollars" is 120 as prices are said, not 1 + 20.
    let text = r.number_words.replace_all(text, |c: &regex::Captures| match spoken_major(&c[1]) {
        Some(n) => format!("{n} {}", &c[2]),
        None => c[0].to_string(),
    });
    r.dollars_cents
        .replace_all(&text, |c: &regex::Captures| {
            let next = c[4].trim_start().to_lowercase();
            // The decimals of a figure already written ("-58.00 GBP" then the next statement line) are no major part
            // (ADR-861): a figure, its currency and its minor part stand on one line, after no decimal point.
            let glued = c.get(1).is_some_and(|m| text[..m.start()].ends_with(['.', ',']));
            if glued {
                return c[0].to_string();
            }
            // "40 dollars 10 days ago": digits that count something else are not cents; one digit needs "cents".
            let counts =
                ["day", "week", "month", "year", "hour", "minute", "item", "piece", "unit", "time", "%", "percent"];
            let minor = c[3].parse::<i64>().ok().or_else(|| number_value(&c[3])).filter(|v| (0..100).contains(v));
            let spoken = !c[3].starts_with(|d: char| d.is_ascii_digit());
            let Some(minor) = minor else { return c[0].to_string() };
            let in_minor = next.starts_with("cent") || next.starts_with("pence") || next == "p";
            if (c[3].len() == 1 && !in_minor) || counts.iter().any(|w| next.starts_with(w)) {
                return c[0].to_string();
            }
            // A spoken minor part counts nothing after it ("5 pounds twenty minutes" is no figure).
            if spoken && !in_minor && next.chars().next().is_some_and(char::is_alphabetic) && !next.starts_with("for") {
                return c[0].to_string();
            }
            let tail = if in_minor { "" } else { &c[4] };
            format!("{}.{minor:02} {}{tail}", &c[1], &c[2])
        })
        .into_owned()
}

/// The customer's own words: quoted email lines ("> …") and quoted blocks under a "… wrote:" or "Original
/// Message" header are dropped, so a past support reply ("Your refund of $45.00 has been issued") is neither a
/// request nor the requested amount. Safety words are still read from the whole text (escalating is the safe side).
fn own_words(text: &str) -> String {
    /// Where a forward stands: its header block (and the blank lines around it), then its first paragraph.
    #[derive(PartialEq)]
    enum Forward {
        No,
        Head {
            seen_header: bool,
        },
        BeforeBody,
        Body,
        /// The forward's body written as `>`-quoted lines (Apple Mail): the first unquoted line after them is the
        /// sender's own words again (ADR-1116, b35 `g-014`).
        Quoted,
    }
    // A header in any of the clients' languages, bold or italic included (outside attack 53: "**From:** Jane").
    let header = |l: &str| speakers::header_line(l);
    let mut out = String::with_capacity(text.len());
    let mut in_quote_block = false;
    // Whether the unmarked quote under an attribution has begun: blank lines between the attribution and the quote
    // do not end it ("Jane wrote:" / "" / "Refund $49.99 please", outside attack 53).
    let mut quote_begun = false;
    let mut forward = Forward::No;
    let mut whole_forward = false;
    let mut own_header = 0usize;
    let lines: Vec<&str> = text.lines().collect();
    // The line the sender's words resume at under a bottom-posted quote (ADR-1152).
    let mut resume = 0usize;
    for (i, line) in lines.iter().enumerate() {
        if i < resume {
            continue;
        }
        let t = line.trim();
        if speakers::quoted_line(t) {
            // A `>`-quoted message under an attribution is the quote: the blank line after it ends it.
            quote_begun |= in_quote_block;
            if matches!(forward, Forward::Head { seen_header: true } | Forward::BeforeBody | Forward::Quoted) {
                forward = Forward::Quoted;
            }
            continue;
        }
        let lower = t.to_lowercase();
        if forward == Forward::Quoted && !t.is_empty() {
            forward = Forward::No;
        }
        if (res().original_message.is_match(t) && lower.contains("forwarded")) || lower == "begin forwarded message:" {
            // A customer who says above a forward what they want has written their note where mail clients put it:
            // the forward runs to the end, its body included (a carrier's "$10.00 per parcel" is not the customer's).
            // With no request above, the customer may write after it ("my mum asked me to forward this, she wants $30
            // back"): the forward is its header block and its first paragraph, and what follows is read.
            // A forward closed by a rule and written under (fwd42, ADR-1360): the words under the rule are the
            // sender's again, the forward itself skipped.
            if let Some(j) = forwards::resumes_after(&lines[i + 1..]) {
                resume = i + 1 + j;
                continue;
            }
            let asks_above = clauses(&out).into_iter().any(|(s, e)| clause_intent(&out[s..e]).request);
            if asks_above {
                break;
            }
            forward = Forward::Head { seen_header: false };
            // Nothing of the sender's own above the forward (a signature at most) and a sender that is not the shop:
            // the forwarded message is the ticket, its body the customer's side's words (ADR-1116, b33 `g-003`: "She
            // says yes to the below, please go ahead" forwarded with nothing on top).
            let nothing_above = out.lines().all(|l| {
                let l = l.trim().to_lowercase();
                // A title (the ticket's subject line) says nothing: a few words, no sentence mark.
                let title = l.split_whitespace().count() <= 4 && !l.contains(['.', ',', '?', '!']);
                l.is_empty() || title || l.starts_with("sent from my") || l.starts_with("get outlook for") || l == "--"
            });
            if nothing_above && !forwards_shop_message(&lines[i + 1..]) && !words_after_forward(&lines[i + 1..]) {
                whole_forward = true;
            }
            continue;
        }
        // An "Original Message" separator starts the quoted history, which runs to the end (top-posting) — unless
        // the history's body is all `>`-quoted and the sender writes again under it (bottom-posting, as the thread
        // reads it: desk35, ADR-1152): the words under the quote are the sender's.
        if res().original_message.is_match(t) || speakers::reply_separator(t) {
            if let Some(j) =
                desk35::bottom_posted_after(&lines[i + 1..]).or_else(|| forwards::resumes_after(&lines[i + 1..]))
            {
                resume = i + 1 + j;
                continue;
            }
            break;
        }
        match forward {
            Forward::No => {}
            Forward::Head { seen_header } => {
                if header(t) {
                    forward = Forward::Head { seen_header: true };
                    continue;
                } else if t.is_empty() {
                    if seen_header {
                        forward = Forward::BeforeBody;
                    }
                    continue;
                } else if whole_forward && seen_header {
                    forward = Forward::No;
                } else {
                    forward = Forward::Body;
                    continue;
                }
            }
            Forward::BeforeBody => {
                if !t.is_empty() {
                    if whole_forward {
                        forward = Forward::No;
                    } else {
                        forward = Forward::Body;
                        continue;
                    }
                } else {
                    continue;
                }
            }
            Forward::Body => {
                if t.is_empty() {
                    forward = Forward::No;
                }
                continue;
            }
            Forward::Quoted => {}
        }
        // Who speaks (ADR-800, F804): a helpdesk export's "Customer wrote:" opens the customer's own message — what
        // stood above it (the ticket's header, tags, agents' notes) is the desk's, dropped — and an agent's note is
        // never the customer's ask.
        if grammar::opens_customer_block(t) {
            out.clear();
            in_quote_block = false;
            continue;
        }
        if grammar::agent_note(t) {
            continue;
        }
        if res().quote_header.is_match(t) || speakers::attribution(t) {
            in_quote_block = true;
            quote_begun = false;
            continue;
        }
        if in_quote_block {
            // An unmarked quote runs to the next blank line after its first words.
            quote_begun |= !t.is_empty();
            in_quote_block = !t.is_empty() || !quote_begun;
            continue;
        }
        // A mail client's header block ("From: …" then "Sent:", "Date:", "To:" or "Subject:" lines) or its rule
        // ("________") starts the quoted history of a reply, which runs to the end (top-posting).
        if speakers::from_line(t) && lines[i + 1..].iter().take(3).any(|l| header(l) && !speakers::from_line(l)) {
            // The header of the customer's own message (a company's mail pasted whole: "FAO: Customer Accounts /
            // From: Accounts Payable / Subject: Refund request" above the letter) stands at the top, with only a
            // subject or short addressing lines above it, and carries no "Sent:" or "Date:" line, which a mail client
            // writes on every message it quotes: its lines are skipped and the letter below is read.
            let block: Vec<&str> = lines[i..].iter().copied().take_while(|l| header(l)).collect();
            let at_top = lines[..i].iter().all(|l| {
                let l = l.trim();
                l.len() <= 60 && !l.contains(['.', '?', '!'])
            });
            let quoted = block.iter().any(|l| {
                let l = l.trim_start().trim_start_matches(['*', '_']).to_lowercase();
                l.starts_with("sent") || l.starts_with("date")
            });
            if at_top && !quoted {
                own_header = block.len();
            } else if let Some(j) = forwards::resumes_after(&lines[i + 1..]) {
                resume = i + 1 + j;
                continue;
            } else {
                break;
            }
        }
        if own_header > 0 {
            own_header -= 1;
            continue;
        }
        if t.len() >= 8 && t.chars().all(|c| c == '_') {
            if let Some(j) = forwards::resumes_after(&lines[i + 1..]) {
                resume = i + 1 + j;
                continue;
            }
            break;
        }
        // A reply's or a forward's subject line at the top ("RE: Refund confirmation", "Fwd: your refund") names the
        // thread the desk started, not what the customer asks now (ADR-775): the body below is read.
        let at_top = lines[..i].iter().all(|l| l.trim().len() <= 60 && !l.contains(['.', '?', '!']));
        if at_top && reply_subject(&lower) {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Whether a forward's header block (the lines after its separator, up to the first blank line after a header) names
/// the shop as the sender ("From: noreply@shop.example", "From: Customer Care"): the shop's message forwarded is never
/// the customer's words.
fn forwards_shop_message(after: &[&str]) -> bool {
    after
        .iter()
        .take(8)
        .map(|l| l.trim().trim_start_matches('>').trim())
        .find(|l| l.to_lowercase().starts_with("from:"))
        .is_none_or(speakers::shop_sender)
}

/// Whether unquoted words of some length follow a forward's first paragraph (the lines after its separator): then the
/// forward is what the sender quotes and those words are theirs ("From: Dad / Ask them for $250 back" then "Hello,
/// forwarding my dad's note. He only wants $25 back"); with none (only `>` lines, a name, a signature) the forward's
/// body is the ticket's own words (ADR-1116).
fn words_after_forward(after: &[&str]) -> bool {
    let header = |l: &str| {
        let l = l.trim_start().to_lowercase();
        ["from:", "sent:", "date:", "to:", "subject:", "cc:"].iter().any(|h| l.starts_with(h))
    };
    let mut rest = after.iter().map(|l| l.trim()).skip_while(|l| l.is_empty() || header(l));
    // The first paragraph.
    rest.by_ref().take_while(|l| !l.is_empty()).for_each(drop);
    rest.any(|l| !l.is_empty() && !l.starts_with('>') && l.split_whitespace().count() > 3)
}

/// A reply's or a forward's subject line: "RE:", "AW:", "SV:", "FW:" or "Fwd:" and a short title with no sentence in it.
fn reply_subject(lower: &str) -> bool {
    ["re:", "aw:", "sv:", "fw:", "fwd:"].iter().any(|p| lower.starts_with(p))
        && lower.len() <= 80
        && !lower.contains(['.', '?', '!'])
}

/// Whether `typed` is `word` with vowels left out, as shorthand writes it ("rfnd", "refnd", "rfndd"): its letters are
/// the word's in order, only vowels missing, at least one of them (ADR-774). Where it still fails: a word dropped to
/// three letters ("rfd") or a consonant dropped too ("rfun") is not read.
fn vowels_dropped(typed: &str, word: &str) -> bool {
    let vowel = |c: char| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u');
    let skeleton = |w: &str| w.chars().filter(|c| !vowel(*c)).collect::<String>();
    if typed == word || typed.len() < 4 || typed.len() >= word.len() || skeleton(typed) != skeleton(word) {
        return false;
    }
    // Only vowels are missing: the typed letters are the word's, in order.
    let mut letters = word.chars();
    typed.chars().all(|t| letters.any(|w| w == t))
}

/// The words a request is read from, as a customer typing fast misspells them ("refnd", "reimberse", "mony back"):
/// every word within one edit (two for the long words) of one of these is read as it. Words a customer means
/// as themselves ("refind", "defund", "monkey") are kept, unless their neighbours make them the refund noun or
/// give them money to move ("need a refind of 19.99", "refind me the $30": [`real_word_slips`]). The reader's
/// other key words ("ordr", "recieved", "retrun", "crdit") are read as themselves when the slip is a light one
/// ([`light_slip`]).
fn spell_request_words(text: &str) -> String {
    const VOCAB: [&str; 13] = [
        "refund",
        "refunds",
        "refunded",
        "refunding",
        "refundable",
        "reimburse",
        "reimbursed",
        "reimburses",
        "reimbursing",
        "reimbursement",
        "money",
        "compensation",
        "chargeback",
    ];
    // Real words two slips from "refunding" ("Resending as I have had no answer", ADR-905's probe) are themselves.
    const KEEP: &[&str] = &[
        "resend",
        "resends",
        "resending",
        "reminding",
        "rewinding",
        "rebinding",
        "refind",
        "refinds",
        "defund",
        "defunds",
        "defunded",
        "monkey",
        "monet",
        "mopey",
        "mosey",
        "honey",
        "moneys",
        "rotund",
        "refine",
        "refined",
        "refunding",
        "reimburse",
    ];
    const SHORTHAND: [(&str, &str); 4] = [("bak", "back"), ("bck", "back"), ("bakc", "back"), ("mony", "money")];
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let lower = word.to_lowercase();
        let fixed = if word.len() < 4 && !SHORTHAND.iter().any(|(w, _)| *w == lower) || KEEP.contains(&lower.as_str()) {
            None
        } else if let Some((_, to)) = SHORTHAND.iter().find(|(w, _)| *w == lower) {
            Some(*to)
        } else if let Some(to) = VOCAB.iter().copied().find(|v| vowels_dropped(&lower, v)) {
            Some(to)
        } else {
            VOCAB.iter().copied().find(|v| {
                let limit = if v.len() >= 9 { 2 } else { 1 };
                *v != lower && v.len().abs_diff(lower.len()) <= limit && strsim::osa_distance(v, &lower) <= limit
            })
        };
        match fixed {
            // "money" is misspelled only when the word starts as it does ("mony", "moeny"; not "honey").
            Some(to) if (to != "money" || lower.starts_with('m')) && !VOCAB.contains(&lower.as_str()) => {
                out.push_str(to)
            }
            _ => match KEY_WORDS.iter().find(|v| light_slip(&lower, v)) {
                Some(to) => out.push_str(to),
                None => out.push_str(word),
            },
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    real_word_slips(&out)
}

/// The reader's key words besides the refund words: what receipts, orders, returns and credits are read from.
/// Their base forms are listed too, so a word that is one ("charge", "arrive") is read as itself.
const KEY_WORDS: [&str; 24] = [
    "order",
    "orders",
    "ordered",
    "receive",
    "received",
    "receiving",
    "return",
    "returns",
    "returned",
    "credit",
    "credits",
    "credited",
    "charge",
    "charges",
    "charged",
    "amount",
    "arrive",
    "arrived",
    "deliver",
    "delivered",
    "damage",
    "damaged",
    "refund",
    "receipt",
];

/// Whether `typed` is a light slip of the key word `word`: the same first letter, and one letter left out
/// ("ordr", "recived"), two neighbours swapped ("recieved", "retrun") or one letter doubled ("ammount"). A
/// letter typed for another is not one: it turns real words into key words ("border", "deceived", "older").
fn light_slip(typed: &str, word: &str) -> bool {
    if typed == word || typed.len() < 4 || KEY_WORDS.contains(&typed) || typed.chars().next() != word.chars().next() {
        return false;
    }
    let (t, w): (Vec<char>, Vec<char>) = (typed.chars().collect(), word.chars().collect());
    let left_out = t.len() + 1 == w.len() && (0..w.len()).any(|i| w[..i] == t[..i] && w[i + 1..] == t[i..]);
    let swapped = t.len() == w.len()
        && (1..w.len())
            .any(|i| t[i - 1] == w[i] && t[i] == w[i - 1] && t[..i - 1] == w[..i - 1] && t[i + 1..] == w[i + 1..]);
    let doubled =
        t.len() == w.len() + 1 && (1..t.len()).any(|i| t[i] == t[i - 1] && t[..i] == w[..i] && t[i + 1..] == w[i..]);
    left_out || swapped || doubled
}

/// Real words one slip from "refund" ("refind", "defund") read as it where they cannot be themselves: used as a
/// noun after an article, a possessive or a share ("need a refind of 19.99", "my defund"), or given money to
/// move ("refind me the $30", "refind of 19.99"). "I can't refind the receipt" keeps its word.
fn real_word_slips(text: &str) -> String {
    let r = res();
    let text = r.slip_as_noun.replace_all(text, "${1}refund");
    r.slip_moving_money.replace_all(&text, "refund$2").into_owned()
}

/// The text facts are extracted from: normalised (NFKC, zero-width removed, look-alikes folded: see
/// [`crate::content::normalize`]), the customer's own words only, amounts in words as digits.
fn prepare(text: &str) -> String {
    shares_kept(text).pipe(|t| share_results(&t)).pipe(|t| products_in_asks(&t))
}

/// Refund words that ask nothing, blanked (offsets kept): goods wanted ("want 2 more", F1603), a document wanted ("send
/// the $49.99 invoice again", F1664), a refund named but not
/// asked (F1611a), a refund word that names no refund of this order (F1632), a request withdrawn, negated or only
/// supposed (F1617, F1627). One step each, in this order.
fn asks_nothing_blanked(text: &str) -> String {
    let text = wants::goods_wanted_blanked(text);
    let text = wants::documents_wanted_blanked(&text);
    let text = wants::declined_figures_blanked(&text);
    let text = wants::refunds_not_asked_blanked(&text);
    let text = wants::incidental_refund_words_blanked(&text);
    let text = wants::requests_withdrawn_blanked(&text);
    wants::refunds_negated_or_general_blanked(&text)
}

/// The prepared text before a share's working is blanked ([`share_results`]): where a share and the result it names
/// are still both there to check against the order (ADR-1018).
fn shares_kept(text: &str) -> String {
    grammar::valued_figures(&intent::bare_numbers_as_money(&canonical_amounts(&relay::as_own(&own_words(
        &spell_request_words(&letter_o_figures(&parts::read(&corrections::replaced(&kinds26::arrived_back(
            &kinds::prepared(&desk25::limited_asks(&desk25::plain_puts(&documents::plain(&nominal::plain_requests(
                &jargon::plain_requests(&gloss::english(&numerals::as_digits(&money::canonical(&spellings::plain(
                    &asks_nothing_blanked(&crate::content::normalize(text)),
                ))))),
            ))))),
        ))))),
    )))))
    .pipe(|t| without_refused_figures(&t))
    .pipe(|t| arithmetic_results(&t))
    .pipe(|t| repeats::asks_repeated_blanked(&t))
}

/// Quantity × unit price as the product (ADR-960), only in a clause that asks: "2 x 23,40 €" told as two debits is a
/// report of charges, not an amount asked.
fn products_in_asks(text: &str) -> String {
    // Fewer units asked than counted ("6 spatulas at USD 5.99 apiece - please refund those two", outside attack 66):
    // no product of them all; counted_units.rs reads the units asked.
    if counted_units::fewer_units_asked(text) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (s, e) in clauses(text) {
        out.push_str(&text[last..s]);
        let clause = &text[s..e];
        // A count of two at one figure told as what the card was charged is the duplicate's two charges (ADR-1450).
        if clause_intent(clause).request
            && !is_duplicate(clause)
            && !duplicates::charges_counted(clause, is_duplicate(text))
        {
            out.push_str(&settle::products(&kinds26::count_at_each(clause)));
        } else {
            out.push_str(clause);
        }
        last = e;
    }
    out.push_str(&text[last..]);
    out
}

/// A share worked out to its figure ("15% of order value = EUR 13.50", "half the price, i.e. 20.00", "a third of the
/// total is 12.00"): the figure is the share's value, not the price the share is of (ADR-956). The working goes, the
/// result stays, so the price's noun does not label the result as what was paid. The result may be put in brackets
/// or after a comma ("12.5% on the invoice value (i.e. USD 10.00)", "a quarter of the price, that is 20.00": ADR-1065).
fn share_results(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(&format!(
                r"(?i)\b(?:\d{{1,2}}(?:[.,]\d+)?\s?(?:%|percent|per\s+cent)|half|a\s+(?:third|quarter)|one\s+(?:third|quarter))\s+(?:of\s+)?(?:the\s+|my\s+|our\s+|your\s+)?(?:order|total|price|invoice|purchase|item)?(?:\s+(?:value|amount|total|price|cost))?\s*[,(\[]?\s*(?:=|is|comes\s+to|i\.e\.?,?|ie,?|which\s+is|makes|equals|that\s+is|that'?s|being|(?:(?:it|this|that|which)\s+)?means|it\s+is|it'?s)\s*(?P<res>(?:(?:{CUR_BEFORE})\s?)?(?:{NUM}))"
            ))
            .ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for c in re.captures_iter(text).collect::<Vec<_>>().into_iter().rev() {
        // Blank up to the result's figure (its currency kept).
        let (Some(m), Some(result)) = (c.get(0), c.name("res")) else { continue };
        out.replace_range(m.start()..result.start(), &" ".repeat(result.start() - m.start()));
    }
    out
}

/// A figure typed with the letter O for a zero ("$4O", "2O", "1OO.OO", "5o"): a token of digits and O's only, with a
/// digit first or a currency sign before it, is that number (ADR-891, b19 `g-001`, `g-003`: a chat's typo, corrected
/// on the next line, was no figure at all, so the correction had nothing to replace). A word ("2own", "10oz") is
/// no such token: only digits, O's and one decimal separator.
fn letter_o_figures(text: &str) -> String {
    static TOKEN: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = TOKEN
        .get_or_init(|| Regex::new(r"(?:^|[\s$€£(])(\d[\dOo]*(?:[.,][\dOo]{1,2})?)(?:$|[\s*.,!?;:)\-])").ok())
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = text.to_string();
    let mut at = 0;
    while let Some(c) = re.captures_at(text, at) {
        let Some(m) = c.get(1) else { break };
        if m.as_str().contains(['O', 'o']) {
            out.replace_range(m.range(), &m.as_str().replace(['O', 'o'], "0"));
        }
        at = m.end();
    }
    out
}

/// The customer's own arithmetic (ADR-892): in a clause that asks, a chain of figures joined by operators and closed
/// by "= RESULT" ("refund 45 for the lamp + 15 shipping = 60", "2 x 41,50 EUR net = 83,00 net + 19 % VAT = 98,77 EUR
/// gross") asks its last result: the figures and counts before the last "=" of the chain are its working, blanked,
/// so no part (the lamp's 45, the net 83,00) is read as the ask. Across nine sets the parts were taken for the ask
/// in four (b11 `g-054`, b17 `g-039`/`g-057`, b18 `g-056`, b19 `g-032`/`g-070`) and each fix read one more spelling of
/// "total"; the "=" is the structure they share. A document's line ("2 x mug @ 4.50 = 9.00") in a clause that asks
/// nothing is left as it is. A part's label may stand in brackets ("19.99 (unit) x 2 = 39.98", b106 `g-027`).
fn arithmetic_results(text: &str) -> String {
    static CHAIN: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(chain) = CHAIN
        .get_or_init(|| {
            Regex::new(&format!(
                r"(?i)(?:(?:{CUR_BEFORE})\s?)?(?:{NUM})(?:\s?(?:{CUR_AFTER}|%))?(?:\s+(?:[a-z]+|\([a-z]+\))){{0,4}}?\s*(?:[+x×*]|\bplus\b|\band\b)\s*(?:[^=\n.?!]|\.\d){{0,60}}?=\s*"
            ))
            .ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let mut out = text.to_string();
    for (s, e) in clauses(text).into_iter().rev() {
        let clause = &text[s..e];
        let Some(last_eq) = clause.rfind('=') else { continue };
        // Something must follow the last "=": the result, a figure.
        let result = &clause[last_eq + 1..];
        if res().digit_figure.find(result).is_none_or(|m| result[..m.start()].trim().len() > 4) {
            continue;
        }
        let Some(first) = chain.find(clause) else { continue };
        if first.start() >= last_eq || !clause_intent(clause).request {
            continue;
        }
        // The result bare ("= 60 pls") is money as its parts were: it takes a sign, as a corrected figure does.
        if let Some(m) = res().digit_figure.find(result)
            && !m.as_str().starts_with(['$', '€', '£'])
            && res().money.find_at(result, m.start()).is_none_or(|x| x.start() != m.start())
        {
            out.insert(s + last_eq + 1 + m.start(), '$');
        }
        // The whole working goes, its words too: a part's label ("for postage", "plus VAT") is no label of the result.
        let (a, b) = (s + first.start(), s + last_eq + 1);
        let blank: String = out[a..b].chars().map(|c| if c == '\n' { c } else { ' ' }).collect();
        out.replace_range(a..b, &blank);
    }
    out
}

/// Whether a multiple follows a verb of charging ("you take two times the money for the same order", "charged me
/// twice the price"): a double charge reported, which asks the extra charge back, not a multiple of the refund (b107
/// `g-040`, F1663).
fn charged_before(head: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:took|take|taken|takes|taking|charged?|charging|debited|debit|billed|bill|deducted|withdrew|withdrawn|collected|paid|payed)\s+(?:(?:me|us|my\s+card|from\s+(?:my|our)\s+\w+|from\s+me)\s+)?$").ok()
    })
    .as_ref()
    .is_some_and(|r| r.is_match(head))
}

/// Method-call sugar for one more reading step.
trait Pipe: Sized {
    fn pipe<T>(self, f: impl FnOnce(Self) -> T) -> T {
        f(self)
    }
}
impl Pipe for String {}

/// A figure the customer sets against the one they ask ("the full 60.00 back, not 51.00", "a credit of EUR 240.00,
/// not EUR 204.00", "not £68 but £80", "80 rather than 68") is the figure refused, not an alternative nor a second
/// ask (ADR-871, b18 `g-067`): every occurrence of its value is blanked, so the restocking arithmetic that produced
/// it ("so I'd get 51.00 back") asks nothing either. Only when the two values differ.
fn without_refused_figures(text: &str) -> String {
    static CONTRAST: OnceLock<Option<(Regex, Regex, Regex)>> = OnceLock::new();
    let Some((kept_first, refused_first, fig)) = CONTRAST
        .get_or_init(|| {
            let f = format!(r"(?:(?:{CUR_BEFORE})\s?)?(?:{NUM})(?:\s?(?:{CUR_AFTER}))?");
            Some((
                Regex::new(&format!(
                    r"(?i)(?P<keep>{f})(?:\s+back)?\s*[,;:—-]?\s*(?:and\s+|but\s+)?(?:not|rather\s+than|instead\s+of)\s+(?:the\s+|a\s+|your\s+)?(?P<drop>{f})"
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)\bnot\s+(?:the\s+|a\s+|your\s+)?(?P<drop>{f})\s*[,;—-]?\s*but\s+(?:the\s+|a\s+)?(?P<keep>{f})"
                ))
                .ok()?,
                Regex::new(&format!(r"(?i)(?:(?:{CUR_BEFORE})\s?)?(?P<n>{NUM})(?:\s?(?:{CUR_AFTER}))?")).ok()?,
            ))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let value = |m: &str| fig.captures(m).and_then(|c| c.name("n")).and_then(|n| to_cents(n.as_str()));
    // (the refused value, the kept figure as written, where the contrast stands)
    let mut refused: Vec<(i64, String, usize, usize)> = Vec::new();
    for re in [kept_first, refused_first] {
        for c in re.captures_iter(text) {
            let (Some(k), Some(d)) = (c.name("keep"), c.name("drop")) else { continue };
            if let (Some(kv), Some(dv)) = (value(k.as_str()), value(d.as_str()))
                && kv != dv
                && kv > 0
            {
                let whole = c.get(0).map_or(0..0, |m| m.range());
                refused.push((dv, k.as_str().to_string(), whole.start, whole.end));
            }
        }
    }
    if refused.is_empty() {
        return text.to_string();
    }
    // A contrast written after the ask, on its own ("refund 30 euros for the strap … sorry 13 not 30"), corrects the
    // ask (ADR-891): the kept figure takes the refused one's place in the clause that asked it, when no clause that
    // asks holds the kept figure already. Otherwise the refused figure is only blanked (ADR-871).
    let asking = |at: usize| {
        clauses(text)
            .into_iter()
            .find(|(s, e)| *s <= at && at < *e)
            .is_some_and(|(s, e)| clause_intent(&text[s..e]).request)
    };
    // The kept figure inside the contrast itself ("it should be 21.70, not 27.00") is not an ask of it elsewhere
    // (ADR-905: a correction written above the quoted ask it corrects, read after it).
    let kept_asked = |kept: &str, within: std::ops::Range<usize>| {
        let v = value(kept);
        fig.find_iter(text).any(|m| value(m.as_str()) == v && !within.contains(&m.start()) && asking(m.start()))
    };
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut moved: Vec<i64> = Vec::new();
    for m in fig.find_iter(text) {
        let prev = text[..m.start()].chars().next_back();
        if prev.is_some_and(|p| p.is_alphanumeric() || matches!(p, '.' | ',')) {
            continue;
        }
        let Some(v) = value(m.as_str()) else { continue };
        let Some((_, kept, at, end)) = refused.iter().find(|(d, _, _, _)| *d == v) else { continue };
        // A bare kept figure takes the slot's currency ("30 euros" corrected by a bare "13" is "13 euros").
        let bare = fig.captures(kept).and_then(|c| c.name("n")).is_some_and(|n| n.as_str() == kept.trim());
        let kept_text = match (
            bare,
            fig.captures(m.as_str()).and_then(|c| c.name("n")),
            fig.captures(kept).and_then(|c| c.name("n")),
        ) {
            (true, Some(slot), Some(k)) => {
                format!("{}{}{}", &m.as_str()[..slot.start()], k.as_str(), &m.as_str()[slot.end()..])
            }
            _ => kept.trim().to_string(),
        };
        if m.start() < *at && !moved.contains(&v) && asking(m.start()) && !kept_asked(kept, *at..*end) {
            moved.push(v);
            edits.push((m.range(), kept_text));
        } else {
            edits.push((m.range(), " ".repeat(m.len())));
        }
    }
    let mut out = text.to_string();
    for (range, with) in edits.into_iter().rev() {
        out.replace_range(range, &with);
    }
    out
}

/// The amount grammar's rewriting step: every spelled-out or minor-unit figure becomes a major-unit figure in digits,
/// so one parser ([`amounts`]) reads every format. "forty-nine ninety-nine" → "49.99", "twenty dollars and fifty
/// cents" → "20.50 dollars", "4,999 cents" → "$49.99", "amount: 4999" (a payment page's minor units) → "amount:
/// $49.99".
fn canonical_amounts(text: &str) -> String {
    let r = res();
    let text = &*without_disfluencies(&without_restarts(text));
    // Mixed forms first (ADR-800): "27 pounds with 30", "12 fifty", "need 1.2k back".
    let text = &*grammar::mixed_figures(text);
    let text = &*r.split_currency.replace_all(text, "$1.$3 $2");
    // The space after "50,-" is kept: "€ 35,- to my card" is "€ 35.00 to my card", not "35.00to" (F770).
    let text = &*r.whole_dash.replace_all(text, "$1.00$2");
    let text = &*slang_and_ledger_figures(text);
    // "45 of the 90 dollars": the first figure is in the second's currency.
    let text = &*r.share_of_figure.replace_all(text, "$1 dollars $2");
    // "thirty or forty bucks": the first figure in the second's currency, both in digits.
    let text = &*r.word_alternatives.replace_all(text, |c: &regex::Captures| {
        match (number_value(&c[1]), number_value(&c[3])) {
            (Some(a), Some(b)) => format!("{a}{}{b}{}", &c[2], &c[4]),
            _ => c[0].to_string(),
        }
    });
    let paired = r.word_pair.replace_all(text, |c: &regex::Captures| {
        let minor = c[2].trim_start_matches(['o', 'O']).trim_start_matches(['-', ' ']);
        match (spoken_major(&c[1]), number_value(minor)) {
            (Some(major), Some(cents)) if (1..100).contains(&cents) => format!("{major}.{cents:02}"),
            _ => c[0].to_string(),
        }
    });
    let words = digits_for_words(&paired);
    // Spoken whole figures with no currency word: a run with "hundred", and a number wanted back whole.
    let words = r.spoken_hundreds.replace_all(&words, |c: &regex::Captures| match number_value(&c[1]) {
        Some(n) => n.to_string(),
        None => c[0].to_string(),
    });
    let words = r
        .whole_number_back
        .replace_all(&words, |c: &regex::Captures| match number_value(&c[2]) {
            Some(n) => format!("{}{n}{}", &c[1], &c[3]),
            None => c[0].to_string(),
        })
        .into_owned();
    let words = spoken_figures(&words);
    let minor = r.minor_units.replace_all(&words, |c: &regex::Captures| {
        let (Some(all), Some(num)) = (c.get(0), c.get(1)) else { return c[0].to_string() };
        let prefix = &all.as_str()[..num.start() - all.start()];
        // "450p" is pence as the shop's minor unit is written on a receipt; a video resolution ("1080p") is not.
        let glued_p = all.as_str().ends_with(['p', 'P']);
        if glued_p && matches!(num.as_str(), "144" | "240" | "360" | "480" | "720" | "1080" | "1440" | "2160") {
            return c[0].to_string();
        }
        match num.as_str().replace([',', '.'], "").parse::<i64>() {
            Ok(cents) => format!("{prefix}${}.{:02}", cents / 100, cents % 100),
            Err(_) => c[0].to_string(),
        }
    });
    let fields = r.amount_field.replace_all(&minor, |c: &regex::Captures| {
        let key = &c[1];
        let num = &c[2];
        let lower = key.to_lowercase();
        let in_minor =
            lower.contains("cent") || lower.contains("minor") || (!num.contains(['.', ',']) && num.len() >= 3);
        match (in_minor, num.parse::<i64>()) {
            (true, Ok(cents)) => format!("{key}: ${}.{:02}", cents / 100, cents % 100),
            _ => format!("{key}: ${num}"),
        }
    });
    without_figure_fragments(&without_retracted_figures(&fields))
}

/// Figures written the way people and ledgers write them (ADR-770), rewritten into the canonical form before the
/// amount parser reads them: a slang figure ("a fiver", "a tenner", "half a hundred", "15 bones") is its number with
/// the order's currency sign; a ledger's credit ("CR 18.60", "18.60 CR") is "credit $18.60"; an accounting bracket
/// after a field's label ("Amount: (42.10)", a negative figure that is money owed to the customer) is the figure.
/// Where it still fails: slang that is also an ordinary word ("a ton", "a score", "a pony") is left alone, and so
/// are "bones" right after a fracture ("broke 2 bones").
fn slang_and_ledger_figures(text: &str) -> String {
    struct Ledger {
        slang: Regex,
        half_of: Regex,
        bones: Regex,
        credit_before: Regex,
        credit_after: Regex,
        bracket_field: Regex,
    }
    static LEDGER: OnceLock<Option<Ledger>> = OnceLock::new();
    let Some(l) = LEDGER.get_or_init(|| {
        Some(Ledger {
            slang: Regex::new(
                r"(?i)\b(?P<det>a|one|the|that|my|your|this|(?:and|plus)\s+another)\s+(fiver|tenner|grand)\b(?P<next>\s*[\w$€£]*)",
            )
            .ok()?,
            half_of: Regex::new(r"(?i)\bhalf\s+(?:a|one)\s+(hundred|grand|thousand)\b").ok()?,
            bones: Regex::new(&format!(r"(?i)(?:\b(\w+)(\s+))?\b({NUM})\s+(?:bones|clams|smackers)\b")).ok()?,
            credit_before: Regex::new(&format!(r"\b(?:CR|Cr)\.?:?\s?(?:[$€£]\s?)?({NUM})\b")).ok()?,
            credit_after: Regex::new(&format!(r"\b({NUM})\s?(?:CR|Cr)\b")).ok()?,
            bracket_field: Regex::new(&format!(
                r"(?i)\b(amount|amt|total|credit|sum|balance|value|refund)(\s*[:=]\s*)\((?:[$€£]\s?)?({NUM})\)"
            ))
            .ok()?,
        })
    }) else {
        return text.to_string();
    };
    // "half a grand" before "a grand" (outside attack 50: "Refund half a grand" read as $1000 and refused as X2).
    let text = l.half_of.replace_all(text, |c: &regex::Captures| {
        if c[1].eq_ignore_ascii_case("hundred") { "$50".to_string() } else { "$500".to_string() }
    });
    let text = l.slang.replace_all(&text, |c: &regex::Captures| {
        let next = c.name("next").map_or("", |m| m.as_str());
        let word = next.trim().to_lowercase();
        let det = c.name("det").map_or(String::new(), |d| d.as_str().to_lowercase());
        let money = match c[2].to_lowercase().as_str() {
            // "the tenner for the missing strap" (outside attack 48); "the grand total" is no money.
            _ if !matches!(det.as_str(), "a" | "one") && c[2].eq_ignore_ascii_case("grand") => return c[0].to_string(),
            "fiver" => "$5",
            "tenner" => "$10",
            // "a grand back" is a thousand; "a grand total", "a grand piano" are no money (attack 47).
            _ if word.is_empty()
                || matches!(
                    word.as_str(),
                    "back" | "refunded" | "for" | "please" | "pls" | "now" | "or" | "and" | "in" | "to" | "off"
                ) =>
            {
                "$1000"
            }
            _ => return c[0].to_string(),
        };
        let keep = if matches!(det.as_str(), "a" | "one") { String::new() } else { format!("{} ", &c["det"]) };
        format!("{keep}{money}{next}")
    });

    let text = l.bones.replace_all(&text, |c: &regex::Captures| {
        let fracture = c.get(1).is_some_and(|w| {
            matches!(w.as_str().to_lowercase().as_str(), "broke" | "broken" | "fractured" | "cracked")
        });
        if fracture {
            c[0].to_string()
        } else {
            format!("{}{}${}", c.get(1).map_or("", |w| w.as_str()), c.get(2).map_or("", |w| w.as_str()), &c[3])
        }
    });
    let text = counted_slang(&text);
    // A signed figure after a column gap ("SHOP*ORDER 7712   -58.00 GBP", "Refund\t-12.00") is a statement's debit or
    // credit of that amount, not the far end of a range from the number before the gap (ADR-861).
    static SIGNED: OnceLock<Option<Regex>> = OnceLock::new();
    let text = match SIGNED.get_or_init(|| Regex::new(r"(\t|[ ]{2,}|\|\s*)[-−+](\d)").ok()).as_ref() {
        Some(re) => re.replace_all(&text, "$1$2").into_owned(),
        None => text,
    };
    let text = l.credit_before.replace_all(&text, "credit $$$1");
    let text = l.credit_after.replace_all(&text, "credit $$$1");
    l.bracket_field.replace_all(&text, "$1$2$3").into_owned()
}

/// Slang money nouns and the dollars one of them is: one table for every reading of slang sums (outside attacks 50
/// and 52). The readings differ only in where a noun counts as money ([`counted_slang`]).
const SLANG_NOTES: &[(&str, i64)] = &[
    ("tenners", 10),
    ("tenner", 10),
    ("tens", 10),
    ("sawbucks", 10),
    ("sawbuck", 10),
    ("hamiltons", 10),
    ("hamilton", 10),
    ("fivers", 5),
    ("fiver", 5),
    ("fives", 5),
    ("lincolns", 5),
    ("lincoln", 5),
    ("twenties", 20),
    ("jacksons", 20),
    ("jackson", 20),
    ("scores", 20),
    ("score", 20),
    ("ponies", 25),
    ("pony", 25),
    ("fifties", 50),
    ("grants", 50),
    ("grant", 50),
    ("fitties", 50),
    ("fitty", 50),
    ("fiddies", 50),
    ("fiddy", 50),
    ("bullseye", 50),
    ("benjamins", 100),
    ("benjamin", 100),
    ("hundos", 100),
    ("hundo", 100),
    ("hundies", 100),
    ("hundy", 100),
    ("c-notes", 100),
    ("c-note", 100),
    ("cnotes", 100),
    ("cnote", 100),
    ("centuries", 100),
    ("century", 100),
    ("tons", 100),
    ("ton", 100),
    ("yards", 100),
    ("yard", 100),
    ("bills", 100),
    ("monkeys", 500),
    ("monkey", 500),
    ("big ones", 1000),
    ("large", 1000),
    ("gs", 1000),
    ("g", 1000),
    ("bones", 1),
    ("beans", 1),
    ("smackers", 1),
    ("clams", 1),
    // Outside attack 53.
    ("simoleons", 1),
    ("smackeroos", 1),
    ("greenbacks", 1),
    ("c's", 100),
    ("cs", 100),
];

/// The dollars one slang note is worth ("sawbuck": 10), or `None` for a word that is no slang note.
pub(crate) fn slang_note_dollars(word: &str) -> Option<i64> {
    let word = word.to_lowercase();
    SLANG_NOTES.iter().find(|(w, _)| *w == word).map(|(_, d)| *d)
}

/// Notes that count as money wherever a count stands before them ("two tenners", "5 tenners and a fiver", "sixty
/// smackers"): no other sense of these words takes a count.
const NOTES_COUNTED_ANYWHERE: &[&str] = &[
    "tenners",
    "fivers",
    "twenties",
    "tens",
    "fives",
    "fifties",
    "sawbucks",
    "benjamins",
    "jacksons",
    "hamiltons",
    "grants",
    "ponies",
    "hundos",
    "score",
    "smackers",
    "clams",
    "simoleons",
    "smackeroos",
    "greenbacks",
];

/// Slang notes counted and slang sums asked (outside attacks 50, 52): "two tenners", "a couple of tenners", "5 tenners
/// and a fiver", "sixty smackers" are their dollars wherever they stand; every other slang noun of [`SLANG_NOTES`]
/// ("a score", "a ton", "a C-note", "five bills", "sixty bones", "a fitty", "6 ton", "a double sawbuck", "half a ton")
/// is money only as the object of an ask ("Refund a score please", "give me a ton", not followed by "of") — elsewhere
/// they are ordinary words ("two yards of fabric", "the dog's bones").
pub(crate) fn counted_slang(text: &str) -> String {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((notes, asked)) = RES
        .get_or_init(|| {
            let mut nouns: Vec<&str> = SLANG_NOTES.iter().map(|(w, _)| *w).collect();
            nouns.sort_by_key(|w| std::cmp::Reverse(w.len()));
            let nouns = nouns.iter().map(|w| regex::escape(w).replace(' ', r"\s+")).collect::<Vec<_>>().join("|");
            const COUNT: &str = r"\d{1,3}|(?:(?:NUMBER_WORDS)(?:[\s-]+(?:NUMBER_WORDS))*)|a\s+couple\s+of|couple\s+of|a\s+pair\s+of";
            let count = COUNT.replace("NUMBER_WORDS", NUMBER_WORDS);
            Some((
                Regex::new(&format!(
                    r"(?i)\b(?P<n>{count})\s+(?P<w>{})\b",
                    NOTES_COUNTED_ANYWHERE.join("|")
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)\b(?P<v>refund|reimburse|give|send|pay|owe|want|return|credit)(?P<o>\s+(?:me|us|you)\b)?(?P<b>\s+back)?\s+(?P<n>{count}|an?|one|a\s+double|double|half\s+an?)\s+(?P<w>{nouns})\b(?P<of>\s+of\b)?"
                ))
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return text.to_string();
    };
    let dollars_of = |noun: &str| slang_note_dollars(&noun.split_whitespace().collect::<Vec<_>>().join(" "));
    // Twice the count of a note as a share of dollars, so "half a ton" (50) stays whole.
    let halves_of = |count: &str| -> Option<i64> {
        let n = count.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        match n.as_str() {
            "a" | "an" | "one" => Some(2),
            "a double" | "double" | "a couple of" | "couple of" | "a pair of" => Some(4),
            "half a" | "half an" => Some(1),
            _ => n.parse::<i64>().ok().or_else(|| number_value(&n)).map(|k| 2 * k),
        }
    };
    let text = notes.replace_all(text, |c: &regex::Captures| match (halves_of(&c["n"]), dollars_of(&c["w"])) {
        (Some(h), Some(d)) if (2..=198).contains(&h) => format!("${}", h * d / 2),
        _ => c[0].to_string(),
    });
    let text = asked.replace_all(&text, |c: &regex::Captures| {
        let noun = c["w"].to_lowercase();
        let verb = c["v"].to_lowercase();
        // Bills paid or owed are bills; yards of a cloth are its length: only as a sum given back are they dollars.
        if c.name("of").is_some()
            || (noun == "bills" && matches!(verb.as_str(), "pay" | "owe" | "want"))
            || noun == "yards"
        {
            return c[0].to_string();
        }
        match (halves_of(&c["n"]), dollars_of(&c["w"])) {
            (Some(h), Some(d)) if (1..=1998).contains(&h) && (h * d) % 2 == 0 => format!(
                "{}{}{} ${}",
                &c["v"],
                c.name("o").map_or("", |o| o.as_str()),
                c.name("b").map_or("", |o| o.as_str()),
                h * d / 2
            ),
            _ => c[0].to_string(),
        }
    });
    text.into_owned()
}

#[cfg(test)]
mod slang_tests {
    use super::counted_slang;

    #[test]
    fn slang_sums_read_from_one_table() {
        for (text, want) in [
            ("two tenners", "$20"),
            ("sixty smackers", "$60"),
            ("Refund five bills please", "Refund $500 please"),
            ("Refund sixty bones, the thing is broken.", "Refund $60, the thing is broken."),
            ("Refund me a hundy please", "Refund me $100 please"),
            ("refund a double sawbuck pls", "refund $20 pls"),
            ("Refund a fitty please", "Refund $50 please"),
            ("Refund three fitties", "Refund $150"),
            ("Refund 60 beans please", "Refund $60 please"),
            ("Refund me a century please", "Refund me $100 please"),
            ("Refund 6 C-notes, it's junk.", "Refund $600, it's junk."),
            ("Refund 6 ton, the sofa's junk.", "Refund $600, the sofa's junk."),
            ("Refund half a ton please", "Refund $50 please"),
            ("Refund 2 big ones please", "Refund $2000 please"),
            // Ordinary words where no ask gives them: kept.
            ("Refund two yards of the linen please", "Refund two yards of the linen please"),
            ("Refund two yards please", "Refund two yards please"),
            ("I had to pay two bills late because of this", "I had to pay two bills late because of this"),
            ("the dog loves 3 bones a day", "the dog loves 3 bones a day"),
            ("Refund 6 ton of gravel", "Refund 6 ton of gravel"),
        ] {
            assert_eq!(counted_slang(text), want, "{text}");
        }
    }
}

/// A change of mind (ADR-710): a figure named, then taken back for another — "refund 30… actually make it 20", "Please
/// refund $40. On second thought, just $25", "the whole order ($95)… no wait … the strap — $14", "it was 89.99, round it
/// up to 90", "make it an even 30", "call it 100" — is blanked, so the figure settled on is the one read (a bare one
/// gets the order's currency sign: it is named as the replacement). A return to the first ("No, the first one, $10 is
/// right", "forget it, the first figure was right") keeps the first figure and blanks the others. A retraction marker
/// counts only at the start of a clause or segment, and not when it adds ("actually, also refund $15 for the shade").
fn without_retracted_figures(text: &str) -> String {
    let r = res();
    let figures: Vec<(usize, usize, Option<i64>)> = r
        .digit_figure
        .captures_iter(text)
        .filter_map(|c| {
            let (m, num) = (c.get(0)?, c.get(1)?);
            let prev = text[..m.start()].chars().next_back();
            (!prev.is_some_and(|p| p.is_alphanumeric() || p == '#' || p == '.' || p == ','))
                .then(|| (m.start(), m.end(), to_cents(num.as_str())))
        })
        .collect();
    if figures.len() < 2 {
        return text.to_string();
    }
    // What may follow a replacement figure: its currency, "back", "please", a verb of settlement — not a noun it
    // counts ("actually, 2 cups broke").
    let names_money = |end: usize| {
        // A figure that ends its line ends a chat message: "actually make that 13⏎sorry 13 not 30" (ADR-891).
        if text[end..].trim_start_matches([' ', '\t']).starts_with('\n') {
            return true;
        }
        let word: String =
            text[end..].trim_start().chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
        word.is_empty()
            || is_currency_code(&word)
            || figures
                .iter()
                .find(|f| f.1 == end)
                .is_some_and(|f| r.money.find_at(text, f.0).is_some_and(|m| m.start() == f.0 && m.end() > end))
            || matches!(
                word.as_str(),
                "back"
                    | "please"
                    | "pls"
                    | "is"
                    | "would"
                    | "will"
                    | "for"
                    | "and"
                    | "instead"
                    | "then"
                    | "only"
                    | "off"
                    | "ok"
                    | "okay"
                    | "fine"
                    | "total"
                    | "to"
                    | "on"
                    | "because"
                    | "as"
                    | "dollars"
                    | "dollar"
                    | "euros"
                    | "euro"
                    | "pounds"
                    | "bucks"
                    | "quid"
                    | "reais"
                    | "rupees"
                    | "should"
                    | "sounds"
                    | "works"
                    | "actually"
                    | "sorry"
            )
    };
    let mut blank: Vec<(usize, usize)> = Vec::new();
    let mut sign: Vec<usize> = Vec::new();
    // (slot start, slot end, the corrected figure, where that figure was written)
    let mut moves: Vec<(usize, usize, String, usize)> = Vec::new();
    if let Some(m) = r.first_again.find(text) {
        let before: Vec<&(usize, usize, Option<i64>)> = figures.iter().filter(|f| f.1 <= m.start()).collect();
        if before.len() >= 2 && before.iter().any(|f| f.2 != before[0].2) {
            let first = before[0].2;
            blank.extend(figures.iter().skip(1).filter(|f| f.2 != first).map(|f| (f.0, f.1)));
        }
    } else {
        let mut from = 0;
        for m in r.retraction.find_iter(text) {
            let Some(later) = figures.iter().find(|f| f.0 >= m.end() && f.0 - m.end() <= 120) else { continue };
            // A star corrects only the figure it touches, written after words on its line (never a bullet).
            if m.as_str().ends_with('*')
                && (!text[m.end()..later.0].chars().all(|c| matches!(c, '$' | '£' | '€'))
                    || text[..m.start()].rsplit('\n').next().is_none_or(|line| line.trim().is_empty()))
            {
                continue;
            }
            let mut earlier: Vec<&(usize, usize, Option<i64>)> =
                figures.iter().filter(|f| f.1 <= m.start() && f.0 >= from && m.start() - f.1 <= 160).collect();
            // A figure restated with the same number in another currency ("a girl at pony club, £20, bargain. Ha,
            // sorry, I mean twenty dollars", b107 `g-030`) corrects only that figure, never the ask's figures before it.
            if let Some(last) = earlier.last().copied()
                && last.2.is_some()
                && last.2 == later.2
            {
                earlier = vec![last];
            }
            let adds = r.adds.is_match(&text[m.end()..later.0]);
            if earlier.is_empty() || adds || !names_money(later.1) {
                continue;
            }
            // A figure corrected in a request ("He wants €30 back for the lining, no wait, he corrected himself,
            // €22"): the corrected figure takes the replaced one's place in the request, so the request still asks
            // it when the correction itself is no request (ADR-862).
            // Whether the clause holding `at` asks, as written and with the replaced figures blanked: a move is due
            // only when blanking would lose the request ("It came to 59.95 but round it up to 60.00" still asks; "Refund
            // the whole order ($80)… no wait … the cable, $12" still asks the whole order's clause, F860).
            let clause_asks = |at: usize, blanked: bool| {
                let (s, e) = clauses(text).into_iter().find(|(s, e)| *s <= at && at < *e).unwrap_or((0, text.len()));
                let mut c = text[s..e].to_string();
                if blanked {
                    for f in earlier.iter().filter(|f| s <= f.0 && f.1 <= e) {
                        c.replace_range(f.0 - s..f.1 - s, &" ".repeat(f.1 - f.0));
                    }
                }
                clause_intent(&c).request
            };
            let signed = r.money.find_at(text, later.0).is_some_and(|x| x.start() == later.0);
            let sign_text = if signed { "" } else { "$" };
            // A correction of a figure already moved ("£16, correction: £61 — no, sorry, I mean £16") writes the last
            // figure into the same slot.
            if let Some(slot) = moves.iter_mut().find(|mv| earlier.iter().any(|f| mv.3 == f.0)) {
                slot.2 = format!("{sign_text}{}", &text[later.0..later.1]);
                slot.3 = later.0;
                blank.push((later.0, later.1));
                from = m.end();
                continue;
            }
            // A correction whose own clause asks nothing ("Correction: it should be 21.70, not 27.00", written above
            // the quoted "Please refund 27.00" and read after it, ADR-905) moves its figure into the ask it corrects,
            // even where the blanked ask would still ask with no figure.
            // Only a correction that says so ("correction", "should be", "not 27.00", "I meant", "typo"): a change of
            // mind to a part ("Refund the whole order ($80)… no wait … Only the cable - $12") is not one, and the
            // whole order's clause keeps its own reading (F860, F907).
            let says_correction = |at: usize| {
                let (s, e) = clauses(text).into_iter().find(|(s, e)| *s <= at && at < *e).unwrap_or((0, text.len()));
                says_it_corrects(&text[s..e])
            };
            if let [.., last] = earlier.as_slice()
                && clause_asks(last.0, false)
                && (!clause_asks(last.0, true) || (!clause_asks(later.0, false) && says_correction(later.0)))
            {
                blank.extend(earlier[..earlier.len() - 1].iter().map(|f| (f.0, f.1)));
                moves.push((last.0, last.1, format!("{sign_text}{}", &text[later.0..later.1]), later.0));
                blank.push((later.0, later.1));
                from = m.end();
                continue;
            }
            blank.extend(earlier.iter().map(|f| (f.0, f.1)));
            if !signed {
                sign.push(later.0);
            }
            from = m.end();
        }
    }
    if blank.is_empty() && moves.is_empty() {
        return text.to_string();
    }
    let mut out = text.to_string();
    // Each edit replaces a span: a blank keeps the length, a sign is inserted, a move writes the corrected figure.
    let mut edits: Vec<(usize, usize, String)> = blank
        .iter()
        .map(|(s, e)| (*s, *e, " ".repeat(e - s)))
        .chain(sign.iter().map(|s| (*s, *s, "$".to_string())))
        .chain(moves.into_iter().map(|(s, e, with, _)| (s, e, with)))
        .collect();
    edits.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    // A figure both blanked and written into (a correction corrected) is written.
    edits.dedup_by(|a, b| {
        let same = a.0 == b.0 && a.1 == b.1;
        if same && b.2.trim().is_empty() {
            b.2 = std::mem::take(&mut a.2);
        }
        same
    });
    for (at, end, with) in edits {
        out.replace_range(at..end, &with);
    }
    out
}

/// Spoken figures with no currency word ("a refund of one forty", "two fifty back", "twelve or maybe eighteen"):
/// every run of number words worth 10 or more becomes its digits, read the way prices are said ("one twenty" is 120,
/// "sixty five" 65), so the intent step decides whether the number is money like any bare number. Not a run glued to
/// a hyphenated word ("a twenty-dollar note", "one-off") nor a run under 10 ("one of the two").
fn spoken_figures(text: &str) -> String {
    let r = res();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for m in r.number_run.find_iter(text) {
        let glued = text[m.end()..].starts_with('-') || text[..m.start()].ends_with('-');
        let words = run_words(m.as_str());
        // A multiplier after digits ("$2 thousand", "5 hundred") belongs to them: the amount grammar reads it.
        if words.first().is_some_and(|w| matches!(w.as_str(), "hundred" | "thousand")) {
            continue;
        }
        // A leading article is no number ("a fifty"): the run is read from its first number word.
        let value = spoken_major(&words.join(" ")).filter(|v| *v >= 10);
        if let (false, Some(v), false) = (glued, value, words.iter().any(|w| w == "oh" || w == "o")) {
            out.push_str(&text[last..m.start()]);
            out.push_str(&v.to_string());
            last = m.end();
        }
    }
    out.push_str(&text[last..]);
    out
}

/// The words of a run of number words that carry its value ("a hundred and nineteen" → hundred, nineteen).
fn run_words(run: &str) -> Vec<String> {
    run.split(|c: char| c.is_whitespace() || c == '-')
        .map(str::to_lowercase)
        .filter(|w| !w.is_empty() && w != "a" && w != "and")
        .collect()
}

/// Whether the words after a number make it a count of something ("10 days", "2 mugs", "3 emails"): a plural noun
/// that names no currency, or a unit of time.
fn counts_a_noun(after: &str) -> bool {
    let word: String = after.trim_start().chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
    let currency = matches!(
        word.as_str(),
        "dollars"
            | "euros"
            | "pounds"
            | "bucks"
            | "quid"
            | "cents"
            | "reais"
            | "rupees"
            | "francs"
            | "pence"
            | "kronor"
    ) || is_currency_code(&word);
    !currency
        && !after.trim_start().starts_with(['.', ','])
        && (matches!(word.as_str(), "day" | "week" | "month" | "year" | "hour" | "minute" | "time" | "email" | "call")
            || (word.len() >= 3 && word.ends_with('s')))
}

/// A figure spoken, broken off and said again ("two forty-nine… two forty-nine ninety-nine", "a hundred and nineteen
/// ninety-nine, hundred nineteen ninety-nine", "seventy, uh, seventy-four fifty"): a run of number words that the next
/// run starts with, across only punctuation and hesitations, is a start of the same figure, dropped so the figure is
/// read once and whole; a run corrected ("thirty, no wait, forty dollars") gives way to the next. Runs joined by a
/// word ("twenty or twenty-five", "two of the four") are left as they are.
fn without_restarts(text: &str) -> String {
    let r = res();
    let runs: Vec<(usize, usize, Vec<String>)> =
        r.number_run.find_iter(text).map(|m| (m.start(), m.end(), run_words(m.as_str()))).collect();
    let mut out = text.to_string();
    for pair in runs.windows(2).rev() {
        let (a, b) = (&pair[0], &pair[1]);
        let restarted = a.2.len() <= b.2.len() && b.2[..a.2.len()] == a.2[..];
        let gap = &text[a.1..b.0];
        if (restarted && r.restart_gap.is_match(gap)) || r.correction_gap.is_match(gap) {
            out.replace_range(a.0..b.0, "");
        }
    }
    out
}

/// Hesitations ("um", "uh", "erm") are no words of the ticket: dropped with their punctuation, so "refund of, um,
/// two forty-nine" reads as "refund of two forty-nine". Between two number words a comma stays, so two figures do
/// not run together into one ("seventy, uh, eighty dollars" is not 150).
fn without_disfluencies(text: &str) -> String {
    let r = res();
    let number_word =
        |w: &str| w.split('-').all(|p| NUMBER_WORDS.split('|').any(|n| n.eq_ignore_ascii_case(p))) && !w.is_empty();
    r.disfluency
        .replace_all(text, |c: &regex::Captures| {
            let Some(m) = c.get(0) else { return String::new() };
            let prev = text[..m.start()].rsplit(|c: char| !(c.is_alphanumeric() || c == '-')).next().unwrap_or("");
            let next = text[m.end()..].split(|c: char| !(c.is_alphanumeric() || c == '-')).next().unwrap_or("");
            // A line break the hesitation stood beside stays one: "Support request\num just wondering …" is two lines,
            // not one clause whose subject line asks (F775).
            let space = if m.as_str().contains('\n') { "\n" } else { " " };
            if number_word(prev) && number_word(next) { ", ".to_string() } else { space.to_string() }
        })
        .into_owned()
}

/// The same for figures in digits ("189… 189.90", "$249, $249.99"): a whole figure followed, across only
/// punctuation and hesitations, by the same whole with its cents is a start of it, dropped. A figure the customer
/// corrects ("$30, sorry, I mean $35", "25.00 EUR, correction: 27.50 EUR") is dropped for the one named after it.
fn without_figure_fragments(text: &str) -> String {
    let r = res();
    let figures: Vec<(usize, usize, Option<i64>, bool)> = r
        .digit_figure
        .captures_iter(text)
        .filter_map(|c| {
            let (m, num) = (c.get(0)?, c.get(1)?);
            let has_cents = num.as_str().rfind(['.', ',']).is_some_and(|i| num.as_str().len() - i - 1 <= 2);
            Some((m.start(), m.end(), to_cents(num.as_str()), has_cents))
        })
        .collect();
    let mut out = text.to_string();
    for pair in figures.windows(2).rev() {
        let (a, b) = (&pair[0], &pair[1]);
        let fragment = match (a.2, b.2) {
            (Some(x), Some(y)) => !a.3 && b.3 && x == y / 100 * 100 && x != y,
            _ => false,
        };
        let gap = &text[a.1..b.0];
        // An ordinal after the marker is no figure that corrects ("60 back - sorry, 3rd email today", attack 47), nor
        // is a count ("Refund $30 please, sorry 10 days late writing this").
        if ordinal_at(&text[b.1..]) || counts_a_noun(&text[b.1..]) {
            continue;
        }
        // Only a hesitation between them: punctuation or a filler word, not a plain space alone; or a correction,
        // whatever the figures ("$30, sorry, I mean $35").
        if (fragment && !gap.trim().is_empty() && r.restart_gap.is_match(gap)) || r.correction_gap.is_match(gap) {
            out.replace_range(a.0..b.0, "");
        }
    }
    out
}

/// Whether a number's text goes on as an ordinal ("3rd", "2nd time", "21st"): a rank, never money.
fn ordinal_at(rest: &str) -> bool {
    let lower = rest.to_ascii_lowercase();
    ["st", "nd", "rd", "th"]
        .iter()
        .any(|o| lower.strip_prefix(o).is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric())))
}

/// Whether a clause tells what the customer paid or was charged ("I paid like $80", "we spent 40", "bought it for
/// 25"): its figure is the order's price as they remember it, not a part's (ADR-381).
fn told_paid(clause: &str) -> bool {
    static RE: std::sync::OnceLock<Option<Regex>> = std::sync::OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(?i)\b(?:paid|pay|spent|spend|bought|purchased|charged)\b").ok())
        .as_ref()
        .is_some_and(|re| re.is_match(clause))
}

/// [`clauses`] under another name, for code where a local `clauses` shadows it.
fn clauses_of(text: &str) -> Vec<(usize, usize)> {
    clauses(text)
}

/// Clause byte ranges: split at line ends and at sentence punctuation followed by a space ("$50.00" stays whole).
fn clauses(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        let end = match c {
            '\n' => true,
            '.' if desk27::abbreviation_continues(text, i) || desk27::abbreviation_word(text, i) => false,
            '.' | '!' | '?' | ';' => text[i + c.len_utf8()..].chars().next().is_none_or(char::is_whitespace),
            _ => false,
        };
        if end {
            out.push((start, i + c.len_utf8()));
            start = i + c.len_utf8();
        }
    }
    if start < text.len() {
        out.push((start, text.len()));
    }
    out
}

/// What one clause does about a refund.
#[derive(Default)]
struct ClauseIntent {
    /// It asks for money back.
    request: bool,
    /// It asks about (or reports not receiving) a refund.
    status_question: bool,
    /// It thanks for or reports a refund already made (or asks about refunds in general).
    acknowledged: bool,
    /// It asks by its structure (a want, an imperative, a transfer of money), not by a refund word alone.
    framed: bool,
    /// It asks whether money on record has arrived, by the question's shape (ADR-870).
    arrived: bool,
    /// ask43 (ADR-1460): a clause asks a charge back and only that reading made it an ask.
    charge: bool,
    /// A clause asks by any other reading: the charge's figure is then not the only thing asked.
    uncharged: bool,
    /// A processing imperative with no object of its own asked (ADR-951): the figures the earlier clauses it points
    /// back to name (empty when it did not fire, or they name none).
    antecedent: Option<Vec<i64>>,
    /// close39 (ADR-1273): the one figure a structural ask of `asks` names ("32 for the two please", "I ask again for
    /// the 65,00"): the amount when the other steps settled none.
    asked: Option<i64>,
}

/// The refund grammar on one clause: status questions, acknowledgements of a past refund and negations are cut
/// out first, and what remains asks for money back if it holds an asking word or an amount wanted back. Cutting
/// spans (not whole clauses) keeps "you refunded the lamp, now refund the kettle $20" a request.
/// The payment itself asked undone (outside attack 57, `reverse-ask`): "Please void the payment", "Kindly reverse the
/// debit of $89.00", "Can you take the charge off my card?", "Undo the payment please", "pls reverse it", "I need that
/// $25.99 charge reversed", "Could the payment be reversed?". A reversal told as done ("the charge was reversed") is no
/// ask: the participle must follow the noun directly or after "be", in a clause that wants or asks.
fn payment_undone_asked(clause: &str) -> bool {
    static RE: OnceLock<Option<[Regex; 2]>> = OnceLock::new();
    let Some([asked, wanting]) = RE
        .get_or_init(|| {
            Some([
                Regex::new(concat!(
                    r"(?i)\b(?:revers\w*|void|undo|cancel|remove|take)\s+(?:the|that|this|my|your)\s+(?:[$€£]?\d[\d.,]*\s+)?",
                    r"(?:card\s+)?(?:payment|charge|debit|transaction)\b(?:\s+(?:off|from)\b)?|",
                    r"\b(?:payment|charge|debit|transaction)\s+(?:be\s+)?(?:reversed|voided|undone|removed)\b|",
                    r"\btake\s+(?:the|that|this)\s+(?:[$€£]?\d[\d.,]*\s+)?charge\s+off\b|^\W*(?:pls|please|plz|kindly)?\s*reverse\s+it\b",
                ))
                .ok()?,
                Regex::new(r"(?i)\b(?:please|pls|plz|kindly|need|want|like|could|can|would|will\s+you|asap)\b|^\W*(?:void|undo|reverse|cancel|take)\b").ok()?,
            ])
        })
        .as_ref()
    else {
        return false;
    };
    asked.is_match(clause) && wanting.is_match(clause)
}

fn clause_intent(clause: &str) -> ClauseIntent {
    let r = res();
    let mut intent = ClauseIntent::default();
    // A question about when money comes ("when do I get my money back?", "how long till the credit shows?"): a
    // status question, its money words ask nothing, read before any other frame takes its "get … back" (ADR-1078).
    let mut untimed = clause.to_string();
    while let Some(m) = desk29::timing_question(&untimed.clone()).map(|m| m.range()) {
        intent.status_question = true;
        intent.arrived = true;
        untimed.replace_range(m.clone(), &" ".repeat(m.len()));
    }
    let clause = untimed.as_str();
    // A question that only supposes ("would I get the 25.99 back if I returned it?") asks what the policy would do,
    // not for money (ADR-800, F806).
    if grammar::supposing_question(clause) {
        return intent;
    }
    // A question about a thing a figure prices, or about a refund named as its topic, asks nothing back (ask39,
    // ADR-1241): the second is a status question.
    if let Some(about_refund) = questions::asks_nothing_back(clause) {
        intent.status_question = about_refund;
        intent.arrived = about_refund;
        return intent;
    }
    // A bargain told as a condition ("I'd keep it if you refunded 620 of that"): an ask, not a refund reported
    // (ADR-1068); more money asked for someone else ("she's asking for another 30 on top"): an ask (ADR-1069).
    // An obligation on money to come back, or a proposal that the shop make the transfer (ADR-1118): an ask.
    if (desk27::conditional_ask(clause)
        || desk27::proxy_ask(clause)
        || acts::obligation_ask(clause)
        || acts::money_return_asked(clause)
        || acts::suggested_transfer(clause)
        || acts::share_transfer(clause)
        || acts::remainder_ask(clause)
        || payment_undone_asked(clause))
        && !r.no_refund.is_match(clause)
    {
        intent.request = true;
        intent.framed = true;
        return intent;
    }
    // A refund that is the subject of a past or perfect predicate ("a refund of 32.50 was done", "the refund … was
    // \"completed\" on Monday", "my refund has been actioned") is a refund on record talked about, whatever the
    // participle: the structure, not a list of verbs (ADR-848). An ask takes the refund as its object. The money back
    // or a reimbursement as that subject, or a state told in the past ("my money back was on its way"), is the same
    // (outside attack 36).
    static SUBJECT: OnceLock<Option<Regex>> = OnceLock::new();
    let subject = SUBJECT.get_or_init(|| {
        Regex::new(
            r#"(?i)(?:\b(?:a|an|my|the|your|our|this|that)\s+(?:[\w-]+\s+)?|(?:^[\s\W]*|[.!?;:]\s*|\b(?:said|says|told\s+(?:me|us)|wrote|that)\s+))(?:refund|money\s+back|reimbursement)\b(\s+(?:of|for|on|to)\s+[\w$€£#.,'-]+(?:\s+[\w$€£#.,'-]+){0,4}?)?\s+(?:(?:was|were|has\s+been|had\s+been|have\s+been|got|is\s+now|'s\s+been|has|had)\s+(?:(?:already|now|just|finally|actually|apparently|supposedly|successfully|fully|all)\s+)*["']?(?:done|sent|made|paid|given|put\s+through|gone\s+through|gone|gone\s+out|come\s+through|[a-z]+ed)|(?:is|are|was|were)\s+(?:(?:still|now|currently|already)\s+)*(?:being\s+(?:processed|handled|sent|paid|issued|reviewed|checked)|processing|pending|in\s+process|in\s+progress|underway|on\s+(?:its|the)\s+way|going\s+through))\b"#,
        )
        .ok()
    });
    // Read before the intent step, so its money noun and figure ask for nothing there either.
    let mut talked_about = clause.to_string();
    // A refund word that modifies a noun of record ("REFUND CONFIRMATION", "the refund receipt", "credit note ref",
    // "your refund email", "Refund ID: RF-22") names a document about a refund, as a compound's head decides what it
    // is: it asks nothing (ADR-861). A compound whose head asks ("refund request", "refund claim", "refund form")
    // still asks; a refund with no noun after it ("Refund please", "Full refund.") too.
    static RECORD: OnceLock<Option<Regex>> = OnceLock::new();
    let record = RECORD.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:refund|credit(?:\s+note)?|reimbursement|repayment|chargeback)\s+",
            r"(?:confirmation|confirmed|receipt|reference|ref|notice|notification|e-?mail|advice|slip|id|no|number|",
            r"summary|details|record|transaction|txn|letter|message|sms|text|voucher\s+code|tracking|trace|arn|",
            r"authori[sz]ation\s+code|acknowledg(?:e?ment)|statement|remittance)\b",
        ))
        .ok()
    });
    if let Some(record) = record.as_ref() {
        for m in record.find_iter(clause) {
            // "the status of credit ref CR-2290" asks after the credit (blind124 `g-076`): the status question
            // below reads it whole.
            let head = clause[..m.start()].trim_end().to_lowercase();
            if head.ends_with("status of")
                || head.ends_with("status of the")
                || head.ends_with("status of our")
                || head.ends_with("status of my")
                || head.ends_with("status of your")
            {
                continue;
            }
            talked_about.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    // A question about a refund on record by its noun phrase ("confirm refund status", "where is my refund", "has the
    // refund gone through", "refund processed per your email"): a status question, its refund words ask nothing
    // (ADR-962).
    while let Some(m) = settle::status_of_record(&talked_about.clone()).map(|m| m.range()) {
        intent.status_question = true;
        intent.arrived = true;
        talked_about.replace_range(m.clone(), &" ".repeat(m.len()));
    }
    // The same question with any determiner or adjective before its refund, or about the refund's dates ("confirm the
    // status of the above refund", "the expected value date", "has it gone through"): a status question (ADR-1019).
    while let Some(m) = kinds25::state_of_record(&talked_about.clone()).map(|m| m.range()) {
        intent.status_question = true;
        intent.arrived = true;
        talked_about.replace_range(m.clone(), &" ".repeat(m.len()));
    }
    // A question about a refund's state under a frame of asking or knowing ("I want to ask if my refund of 32 is
    // already sent", "kindly confirm whether the credit has been remitted"): a status question whatever figure it
    // names; its want is a want to know, not a want of money (ADR-1064).
    while let Some(m) = desk27::asked_state(&talked_about.clone()).map(|m| m.range()) {
        intent.status_question = true;
        intent.arrived = true;
        talked_about.replace_range(m.clone(), &" ".repeat(m.len()));
    }
    // A refund reported arrived, its subject taken up again by a pronoun ("the refund of the 39 euros it arrived to my
    // account"): acknowledged (ADR-1069).
    // ask44 (ADR-1490): not when the refund is wanted or what arrived is the goods ("he wants the full refund on the
    // rowing machine, it arrived with the rail bent").
    while let Some(m) = arrivals::refund_arrived(&talked_about.clone()) {
        intent.acknowledged = true;
        talked_about.replace_range(m.clone(), &" ".repeat(m.len()));
    }
    // A refund told as a report (ADR-952): one whose agent is another shop ("the last online shop I used took three
    // weeks to refund me", "another store refunded me straight away") — the segment from that subject to the next
    // boundary — or one in the past as a complaint about slowness ("it took you a month to refund me last time").
    // Neither is a refund asked of this shop now, nor a refund on record here.
    static REPORT: OnceLock<Option<Regex>> = OnceLock::new();
    let report = REPORT.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:(?:the|a|an|one|my)\s+)?(?:last|other|previous|another|different|old|usual)\s+(?:[\w-]+\s+){0,2}?",
            r"(?:shop|store|retailer|seller|company|website|site|brand|merchant|supplier|place)s?\b[^,;:.!?()\n]*",
            r"|\b(?:took|needed|waited|spent)\s+(?:\w+\s+){0,3}?(?:days?|weeks?|months?|ages|forever|long|a\s+while|an\s+age)",
            r"\s+(?:for\s+(?:you|them|it|her|him)\s+)?to\s+(?:refund|reimburse|repay|credit|pay)\w*\b[^,;:.!?()\n]*",
        ))
        .ok()
    });
    if let Some(report) = report.as_ref() {
        for m in report.find_iter(&talked_about.clone()) {
            talked_about.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    // A slow refund told with more between the time and the refund ("took seven weeks and three phone calls to refund
    // me"): a report too (ADR-1020).
    while let Some(m) = kinds26::slow_refund_report(&talked_about.clone()).map(|m| m.range()) {
        talked_about.replace_range(m.clone(), &" ".repeat(m.len()));
    }
    // A headline's reduced passive ("REFUND ISSUED", "Refund processed", "Your refund sent 02/06"): a refund noun that
    // opens its clause or a quotation ("you said 'refund processed'", a shop's reply quoted back), followed by a past
    // participle, is "a refund was …", a refund on record (ADR-861). A request's
    // participles ("Refund requested", "credit note sought") and a want before it ("I'd like the refund processed")
    // are no headline.
    static HEADLINE: OnceLock<Option<Regex>> = OnceLock::new();
    let headline = HEADLINE.get_or_init(|| {
        Regex::new(r#"(?i)(?:^[\s\W]*|["'“‘]\s*)(?:your\s+|the\s+|my\s+)?(?:refund|credit(?:\s+note)?|reimbursement)\s+(?:now\s+|successfully\s+|fully\s+)?([a-z]+ed|sent|paid|done|made|given|complete)\b"#)
            .ok()
    });
    // A refund participle as what a record or a screen says ("order says refunded", "status: refunded", "it shows as
    // credited", "marked refunded"): a state reported, not an ask (ADR-861).
    static REPORTED_STATE: OnceLock<Option<Regex>> = OnceLock::new();
    let reported_state = REPORTED_STATE.get_or_init(|| {
        Regex::new(r#"(?i)\b(?:says?|said|shows?|showing|showed|reads?|marked|listed|lists?|status(?:\s+is)?\s*:?|states?)\s+(?:as\s+)?["']?(?:refunded|credited|reimbursed|(?:the\s+|a\s+|my\s+|her\s+|his\s+)?(?:refund|credit|reimbursement)\s+(?:as\s+)?["']?(?:[a-z]+ed|done|complete|paid|sent)\b)"#)
            .ok()
    });
    if let Some(re) = reported_state.as_ref() {
        for m in re.find_iter(&talked_about.clone()) {
            intent.status_question = true;
            talked_about.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    // Whether money on record has arrived, asked by the shape of the question, not by a refund noun as its subject
    // (ADR-870): an (indirect) question — "if", "whether", or an auxiliary fronted before a pronoun or a noun — whose
    // predicate is money arriving or going out ("has gone back on her card", "has come through", "did it get sent",
    // "been credited"), closed by "yet", "already" or a question mark. "asking if 'the forty-five pounds' has gone
    // back on her card yet", "whether it has gone through yet?". Its figure and pronoun ask for nothing.
    static ARRIVED_YET: OnceLock<Option<Regex>> = OnceLock::new();
    let arrived_yet = ARRIVED_YET.get_or_init(|| {
        Regex::new(concat!(
            r#"(?i)(?:\b(?:if|whether)\b|\b(?:has|have|had|did|is|was)\s+(?:it|that|this|they|those|the\s+[\w$€£.,'"-]+(?:\s+[\w$€£.,'"-]+)?|my\s+[\w$€£.,'-]+(?:\s+[\w$€£.,'-]+)?)\s)"#,
            r"[^.?!\n]{0,60}?\b(?:gone|come|went|came|arrived|reached|landed|cleared|posted|hit|(?:got|get|been)\s+(?:sent|paid|credited|processed|issued|returned|refunded|through|back)|go\s+through|come\s+through|gone\s+through)\b",
            r"[^.!\n]{0,60}?(?:\byet\b|\balready\b|\?)",
        ))
        .ok()
    });
    if let Some(re) = arrived_yet.as_ref() {
        let asks = r.desire.is_match(&talked_about) || r.imperative.is_match(&talked_about);
        for m in re.find_iter(&talked_about.clone()) {
            if asks {
                break;
            }
            intent.status_question = true;
            intent.arrived = true;
            talked_about.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    // A question in an inquiry's form (a wh-word or an inverted auxiliary, no request form: ADR-890) asks what the
    // policy or the record says, whatever refund word or figure it holds; about a refund noun it is a status question.
    // Read after the arrival question's shape, so "has that come through yet …?" still marks a refund on record for
    // the ticket-level rule (F893).
    // "Can they refund it" asks as "can you refund it" does (ADR-961), unless negated.
    if settle::third_party_ask(&talked_about) && !r.no_refund.is_match(&talked_about) {
        intent.request = true;
        intent.framed = true;
        return intent;
    }
    if grammar::inquiry_question(clause) {
        intent.status_question |= r.refund.is_match(clause);
        return intent;
    }
    let head_of = talked_about.clone();
    let headlines: Vec<regex::Captures> =
        headline.as_ref().map_or_else(Vec::new, |re| re.captures_iter(&head_of).collect());
    for c in headlines {
        let (Some(m), Some(p)) = (c.get(0), c.get(1)) else { continue };
        // A currency code is no participle ("Refund AED 110 please", close39 ADR-1272).
        if asks::currency_code(p.as_str()) {
            continue;
        }
        if matches!(
            p.as_str().to_lowercase().as_str(),
            "requested"
                | "required"
                | "needed"
                | "wanted"
                | "sought"
                | "claimed"
                | "demanded"
                | "expected"
                | "owed"
                | "due"
                | "denied"
                | "refused"
                | "declined"
                | "rejected"
                // An arrival ("Refund received, ok", "Refund reached my account") acknowledges the refund: the
                // acknowledgement readings take it, as in ADR-848 (F860).
                | "received"
                | "reached"
                | "landed"
                | "arrived"
                | "cleared"
                | "appeared"
                | "posted"
                | "credited"
                | "showed"
        ) {
            continue;
        }
        intent.status_question = true;
        talked_about.replace_range(m.range(), &" ".repeat(m.len()));
    }
    if let Some(subject) = subject.as_ref() {
        for c in subject.captures_iter(clause) {
            let Some(m) = c.get(0) else { continue };
            // The words between the refund and the predicate must be its own complement, not a reason spliced on
            // ("I'd like a refund for my order, the item was damaged": ask41, ADR-1340).
            if c.get(1).is_some_and(|x| !phrases::prepositional_chain(x.as_str())) {
                continue;
            }
            // Arrived or received ("the earlier refund has landed") acknowledges it; any other predicate reports it.
            let tail = m.as_str().to_lowercase();
            let arrived =
                ["landed", "arrived", "received", "cleared", "appeared", "posted", "reached", "credited", "showed"]
                    .iter()
                    .any(|w| tail.ends_with(w));
            if arrived || r.acknowledged.is_match(m.as_str()) {
                intent.acknowledged = true;
            } else {
                intent.status_question = true;
            }
            talked_about.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    // A refund talked about in the English of non-native, terse and jargon writers: its arrival or progress with the
    // auxiliary or tense dropped, a negated receipt, the shop's own act on it, a reduced relative (ask41, ADR-1341).
    for (range, told) in records::talked_about(&talked_about.clone()) {
        match told {
            records::Told::Arrived => intent.acknowledged = true,
            records::Told::State => {
                intent.status_question = true;
                intent.arrived = true;
            }
        }
        talked_about.replace_range(range.clone(), &" ".repeat(range.len()));
    }
    let clause = talked_about.as_str();
    // The intent step first (ADR-510): each segment's act from its structure. A request segment asks, whatever the
    // rest says; an acknowledgement segment (money received, in the past) is cut out before the grammar reads the
    // rest, so its amount and its "back" ask for nothing.
    let segments = intent::read(clause, 0, clause.len());
    let structural = segments.iter().any(|s| s.act == Act::Request);
    let mut own = clause.to_string();
    // A question about a refund on record is cut out the same way: its "refund" and its figure ask for nothing.
    for s in segments.iter().filter(|s| matches!(s.act, Act::Acknowledgement | Act::Status)) {
        intent.acknowledged |= s.act == Act::Acknowledgement;
        intent.status_question |= s.act == Act::Status;
        own.replace_range(s.start..s.end, &" ".repeat(s.end - s.start));
    }
    let clause = own.as_str();
    // Structure first: a want or an imperative whose object is money back asks for it, whatever past-tense words
    // follow ("I'd like the refund processed", "I want exactly that back"); a negated one does not ("I don't want
    // a refund": the negation is cut before the frames are read).
    let unnegated = r.no_refund.replace_all(clause, " ");
    // A figure that only prices a thing ("send the $40 replacement part", "could I get the $25 mug in red?") is not
    // money asked back: a frame whose only money is such a price does not make a request (an asking word still does,
    // and so does the figure wanted "covered" or "back").
    let figures: Vec<regex::Match> = r.money.find_iter(clause).collect();
    let priced_only = !figures.is_empty()
        && figures.iter().all(|m| prices_a_thing(clause, m.start(), m.end()))
        && !r.wanted_after.is_match(&clause[figures[figures.len() - 1].end()..]);
    let framed = !priced_only
        && ((r.desire.is_match(&unnegated) && !buying_question(&unnegated))
            || r.imperative.is_match(&unnegated)
            || r.may_i.is_match(&unnegated)
            || (r.settlement.is_match(&unnegated) && !clause.contains('?') && !r.reported.is_match(clause))
            || (grammar::offers_a_figure(&unnegated) && !clause.contains('?'))
            || elided_subject_want(&unnegated)
            || coordinated_ask(&unnegated)
            || cleft_want(&unnegated)
            || verbless_ask(&unnegated)
            || speech::want_chain(&unnegated).is_some()
            || speech::nominal_request(&unnegated).is_some()
            || settle::terse_request(&unnegated)
            || kinds26::money_frame(&unnegated)
            || desk26::trade_ask(&unnegated));
    let mut rest = clause.to_string();
    // Status questions first: "I never received my refund" is a question about a refund, not an acknowledgement.
    for (re, kind) in [(&r.status_question, 1), (&r.acknowledged, 2), (&r.no_refund, 0)] {
        if re.is_match(&rest) {
            intent.status_question |= kind == 1;
            intent.acknowledged |= kind == 2;
            rest = re.replace_all(&rest, " ").into_owned();
        }
    }
    intent.request = structural || framed || r.refund.is_match(&rest) || grammar::percent_back(&rest);
    // A refund word in a clause shaped as an ask — an asking verb opening it ("Refund 700.00 again please", "Please
    // reimburse the fee") or a "please" beside it — is framed too (ADR-870): the ticket-level rule that a status
    // question with only unframed refund mentions asks nothing must not swallow a plain imperative.
    static ASK_SHAPE: OnceLock<Option<Regex>> = OnceLock::new();
    let ask_shape = ASK_SHAPE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)^[\s\W]*(?:(?:please|pls|plz|kindly|so|and|then|now|just|ok|okay|also|but)[\s,]+)*",
            r"(?:refund|reimburse|repay|credit|return|give|send|pay|process|issue)\b|\b(?:please|pls|plz|kindly)\b",
            r"|\b(?:i|we)(?:'d|'m|'re|\s+am|\s+are|\s+would|\s+do)?\s+(?:(?:also|now|just|really|still|hereby|formally|therefore|only|simply|kindly|further)\s+)*(?:want|wants|need|like|wish|expect|demand\w*|claim\w*|request\w*|ask\w*\s+for|seek\w*|require)\b",
            r"|\b(?:can|could|would|will)\s+(?:you|u|ya|y'all|you\s+guys)\s+(?:(?:please|kindly|just|now|also|still|then|maybe|perhaps|possibly|quickly|simply|at\s+least)\s+)*(?:refund|reimburse|repay|credit|return|give|send|pay|process|issue)\b",
        ))
        .ok()
    });
    let shaped = r.refund.is_match(&rest) && ask_shape.as_ref().is_some_and(|re| re.is_match(rest.trim_start()));
    intent.framed = structural || framed || shaped;
    intent
}

/// A want whose subject the writer left out in the middle of a run-on line ("order 110 came broken 💔 want the full
/// price back", "box was empty need my money back asap", ADR-847): the mobile register drops the "I" and the full stop
/// before it. The word before the want (adverbs skipped) is neither a subject, a negation, an auxiliary nor "to", so
/// the want starts a clause of its own; read with the "I" restored, the desire grammar decides whether its object is
/// money.
fn elided_subject_want(clause: &str) -> bool {
    static WANT: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(want) = WANT.get_or_init(|| Regex::new(r"(?i)\b(?:want|wanna|need)\b").ok()).as_ref() else {
        return false;
    };
    const NOT_BEFORE: &[&str] = &[
        "i",
        "we",
        "you",
        "u",
        "they",
        "he",
        "she",
        "it",
        "who",
        "which",
        "that",
        "don't",
        "dont",
        "not",
        "doesn't",
        "didn't",
        "never",
        "to",
        "do",
        "does",
        "did",
        "would",
        "will",
        "may",
        "might",
        "could",
        "should",
        "i'd",
        "we'd",
        "you'd",
        "they'd",
        "no",
        "the",
        "a",
        "an",
        "your",
        "our",
        "my",
        "their",
        "if",
        "whoever",
        "anyone",
        "people",
        "customers",
        "nobody",
        "why",
        "what",
        "shall",
        "can",
        "cannot",
        "can't",
        "won't",
        "wouldn't",
        "really",
    ];
    want.find_iter(clause).any(|m| {
        let head = &clause[..m.start()];
        let mut words = head
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .filter(|w| !ADVERBS.split('|').any(|a| a == w));
        let before = words.next_back();
        match before {
            None => false,
            Some(w) if NOT_BEFORE.contains(&w.as_str()) => false,
            Some(_) => res().desire.is_match(&format!("i {}", &clause[m.start()..])),
        }
    })
}

/// A verb of asking coordinated with an earlier first-person verb shares its subject (ADR-893, b19 `g-038`): "We now
/// find a further two units defective and request an additional credit of 58.00 USD" is "we request …". Read with
/// the subject restored, the desire grammar decides whether its object is money.
fn coordinated_ask(clause: &str) -> bool {
    static AND: OnceLock<Option<Regex>> = OnceLock::new();
    AND.get_or_init(|| {
        Regex::new(r"(?i)\b(?:i|we|(?:our|my)\s+[a-z]+|the\s+(?:customer|client|buyer|company))\b[^.?!\n]{0,100}?\band\s+(?:(?:therefore|hereby|now|also|so|thus|kindly|formally|would|'d)\s+)*((?:request|ask|want|need|claim|require|demand|seek|expect|like)\b[^\n]*)$").ok()
    })
    .as_ref()
    .and_then(|re| re.captures(clause))
    .and_then(|c| c.get(1))
    .is_some_and(|m| res().desire.is_match(&format!("we {}", m.as_str())))
}

/// A pseudo-cleft want (ADR-893, b19 `b-04`): "that's EXACTLY what I want back", "this is what we expect refunded",
/// "what I want back is …": the want's object is the pronoun's antecedent (a figure, the price), and the clause asks
/// it. Only with money's direction ("back", "refunded", "returned", "credited", "reimbursed").
fn cleft_want(clause: &str) -> bool {
    static CLEFT: OnceLock<Option<Regex>> = OnceLock::new();
    CLEFT
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\b(?:that|this|it|which)(?:'s|\s+is|\s+was)\s+(?:(?:exactly|precisely|just|all|only|simply)\s+)?",
                r"what\s+(?:i|we)(?:'d|\s+would)?\s+(?:(?:still|really|now)\s+)?(?:want|need|expect|demand|like|am\s+owed|'m\s+owed|are\s+owed)\s+",
                r"(?:back|refunded|returned|credited|reimbursed)\b",
                r"|^\W*what\s+(?:i|we)\s+(?:(?:still|really)\s+)?(?:want|need|expect|demand)\s+(?:back|refunded|returned|credited|reimbursed)\s+is\b",
            ))
            .ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(clause))
}

/// A verbless ask: a figure and "please" with nothing else asking ("so just the £12 please", "only 8.50 back pls",
/// "The 20 dollars, please."): the figure wanted is the whole clause's act (ADR-874). A question is none.
fn verbless_ask(clause: &str) -> bool {
    static VERBLESS: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = VERBLESS
        .get_or_init(|| {
            let fig = format!(r"(?:(?:{CUR_BEFORE})\s?(?:{NUM})|(?:{NUM})\s?(?:{CUR_AFTER}))");
            Regex::new(&format!(
                r"(?i)(?:\b(?:just|only)\s+(?:the\s+)?{fig}|^[\s\W]*(?:(?:so|and|but|then)\s+)?(?:the\s+)?{fig})\s*(?:back\s*)?[,.]?\s*(?:please|pls|plz)\b[\s\W]*$"
            ))
            .ok()
        })
        .as_ref()
    else {
        return false;
    };
    // A correction that names the figure ("actually make that 13", "ok make it €20 then") restates the ask with its
    // new figure: it asks that figure (ADR-891).
    static MAKE_IT: OnceLock<Option<Regex>> = OnceLock::new();
    let make_it = MAKE_IT
        .get_or_init(|| {
            let fig = format!(r"(?:(?:{CUR_BEFORE})\s?(?:{NUM})|(?:{NUM})(?:\s?(?:{CUR_AFTER}))?)");
            Regex::new(&format!(
                r"(?i)^[\s\W]*(?:(?:actually|no|nope|wait|sorry|ok|okay|so|then|just|hmm+|um+|oh)[\s\W]+)*(?:please\s+)?make\s+(?:it|that|this)\s+{fig}(?:\s+(?:then|instead|please|pls))*[\s\W]*$"
            ))
            .ok()
        })
        .as_ref();
    // b106 `g-003` (F1663): "I'll keep the good one, just the two dead ones back, that's 17.98": the things wanted
    // back named after "just" or "only", with no verb, opening their clause or a comma's phrase.
    static THINGS_BACK: OnceLock<Option<Regex>> = OnceLock::new();
    let things_back = THINGS_BACK
        .get_or_init(|| {
            Regex::new(r"(?i)(?:^[\s\W]*|[,;:]\s*|\b(?:and|but|so)\s+)(?:just|only)\s+(?:the|those|these|my|our)\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+back\b(?:\s+(?:please|pls|plz))?\s*(?:[,;.!]|$)").ok()
        })
        .as_ref();
    !clause.contains('?')
        && (re.is_match(clause.trim())
            || make_it.is_some_and(|m| m.is_match(clause.trim()))
            || things_back.is_some_and(|m| m.is_match(clause.trim())))
}

/// Whether the customer disclaims a request ("Not asking for one, I'm just deciding whether to keep the coat", "I
/// don't want a refund, just to know why") and no clause, the disclaimer cut out, asks by its structure: then
/// a refund word elsewhere ("your site says refunds are possible") asks for nothing. "I'm not asking for a refund
/// of the lot, just refund the $12 strap" still asks.
fn disclaimed_request(own: &str) -> bool {
    let r = res();
    if !r.disclaimed.is_match(own) {
        return false;
    }
    let cut = r.disclaimed.replace_all(own, |c: &regex::Captures| " ".repeat(c[0].len()));
    !clauses(&cut).into_iter().any(|(s, e)| clause_intent(&cut[s..e]).framed)
}

/// A multiple of the price paid for something bought elsewhere, told before the multiple (blind119 `g-026`, blind121
/// `g-029`: "I had to buy gels at the bike shop for double the price", "buy paper at the supermarket at twice the
/// price"): a purchase verb in the sentence and "for" or "at" right before the multiple. No ask multiplies.
fn bought_elsewhere_at(before: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let sentence = before.rsplit(['.', '!', '?', '\n']).next().unwrap_or(before);
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:buy|bought|buying|buys|pay|paid|paying|get|got|getting|order(?:ed)?|replace[ds]?|replacing|pick(?:ed)?\s+up|find|found)\b[^.!?\n]{0,60}\b(?:for|at)\s*$").ok()
    })
    .as_ref()
    .is_some_and(|r| r.is_match(sentence))
}

/// A figure told as what someone else charged for their work (blind124 `g-054`: "Installer was a fella from town,
/// 400 dollars for the job"): its clause names a tradesperson or the work itself. Such a cost is no money the shop
/// holds, so a request that names no figure never takes it as its amount.
fn someone_elses_fee(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:installers?|plumbers?|electricians?|mechanics?|technicians?|fitters?|builders?|handyman|",
            r"carpenters?|locksmiths?|chimney\s+sweeps?|sweeps?|contractors?|tradesm[ae]n|joiners?|roofers?|",
            r"painters?|decorators?|gardeners?|landscapers?|repairm[ae]n|repair\s+shop|garage|vets?|dentists?|",
            r"doctors?|physio\w*|taxi|cab|uber|tow\s+truck)\b|\bfor\s+(?:the|his|her|their)\s+(?:job|work|labou?r|",
            r"call-?out|visit|fitting|installation|time)\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|r| r.is_match(clause))
}

/// The text after the amount that starts at `at` (its own characters skipped).
fn after_amount(text: &str, at: usize) -> &str {
    let rest = &text[at..];
    let end = rest
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || matches!(c, '$' | '€' | '£' | '.' | ',' | ' ')))
        .map_or(rest.len(), |(i, _)| i);
    // Back up over a trailing space so "in total" keeps its leading whitespace.
    &rest[end.saturating_sub(usize::from(rest[..end].ends_with(' ')))..]
}

/// The text after the money figure that starts at `at` (its currency word or code included in the figure).
fn after_figure(text: &str, at: usize) -> &str {
    let end = res().money.find_at(text, at).filter(|m| m.start() == at).map_or(at, |m| m.end());
    &text[end..]
}

/// The text before `at`, at most `chars` characters.
fn before(text: &str, at: usize, chars: usize) -> &str {
    let start = text[..at].char_indices().rev().nth(chars.saturating_sub(1)).map_or(0, |(i, _)| i);
    &text[start..at]
}

/// The amount at `at` is a part of a pasted document (a receipt's subtotal, shipping or item line, a statement's
/// column): a price, never the amount asked.
fn listed(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i);
    let rest = after_amount(text, at);
    let rest = rest.split('\n').next().unwrap_or("").trim();
    // A document line ends with its amount (a currency code or a parenthesis may follow); prose goes on.
    let ends =
        rest.len() <= 12 && rest.split_whitespace().all(|w| w.starts_with('(') || is_currency_code(&w.to_lowercase()));
    ends && res().listed.is_match(&text[line_start..at])
}

/// How an amount is used in its sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The amount asked for ("refund me $20", "$30 back").
    Requested,
    /// A price ("for the $60 jacket", "the total was $80").
    Price,
    Plain,
}

/// "the $60 jacket": a determiner, the amount, then a noun (a word that is not "back" or a function word), and no
/// refund verb before it ("refund the $12 bag fee" asks for the fee).
fn prices_a_thing(text: &str, start: usize, end: usize) -> bool {
    let r = res();
    let back = before(text, start, 40);
    let noun_follows =
        text[end..].strip_prefix(' ').and_then(|a| a.split(|c: char| !c.is_alphabetic()).next()).is_some_and(|w| {
            w.len() >= 3 && !matches!(w.to_lowercase().as_str(), "back" | "please" | "for" | "and" | "but")
        });
    noun_follows && r.determiner_before.is_match(back) && !r.refund_object.is_match(back)
}

fn role(text: &str, start: usize, end: usize) -> Role {
    let r = res();
    let ahead = &text[end..];
    let back = before(text, start, 40);
    // "$100 back for my $60 jacket" names a price.
    if prices_a_thing(text, start, end) {
        return Role::Price;
    }
    if r.request_after.is_match(ahead) || r.request_before.is_match(back) {
        return Role::Requested;
    }
    if r.price_before.is_match(back) || listed(text, start) || inline_item(text, start).is_some() {
        Role::Price
    } else {
        Role::Plain
    }
}

/// A figure that is an entry of an item list written in prose ("lamp 42.00, shade 19.50, bulbs 27.00", "phone case
/// 12.99 / charger 24.50", "scarf 25,00 €, hat 15,00 €"): the item's name right before it. An entry is a name (one
/// to three words) and a figure; it is in a list when separators (a comma, a slash, a semicolon, "and") join it with
/// two or more other named figures on the same line. The name is the entry's own label: a "total" before the list does not
/// label its entries.
pub(crate) fn inline_item(text: &str, at: usize) -> Option<String> {
    let r = res();
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = &text[line_start..line_end];
    let entries: Vec<(usize, usize, usize, String)> = r
        .item_entry
        .captures_iter(line)
        .filter_map(|c| {
            let (all, name) = (c.get(0)?, c.get(1)?);
            Some((
                line_start + all.start(),
                line_start + c.get(2)?.start(),
                line_start + all.end(),
                name.as_str().to_string(),
            ))
        })
        .collect();
    let i = entries.iter().position(|e| e.1 <= at && at < e.2)?;
    let joined = |a: &(usize, usize, usize, String), b: &(usize, usize, usize, String)| {
        r.list_separator.is_match(&text[a.2..b.0])
    };
    // The chain of joined entries around this one: three or more make a list ("I paid 45.00, want 20.00 back" is no
    // list).
    let first = (0..i).rev().take_while(|j| joined(&entries[*j], &entries[j + 1])).last().unwrap_or(i);
    let last = (i + 1..entries.len()).take_while(|j| joined(&entries[j - 1], &entries[*j])).last().unwrap_or(i);
    (last - first >= 2).then(|| entries[i].3.clone())
}

/// Every money amount in the (prepared) text: offset, cents (`None` when it cannot be read with certainty),
/// role. A bare number ("24.99") counts only inside a
/// clause that asks for money back, and never as part of a date or version ("12.05.2026").
fn amounts(text: &str) -> Vec<(usize, Option<i64>, Role)> {
    let r = res();
    let asking: Vec<(usize, usize)> =
        clauses(text).into_iter().filter(|(s, e)| clause_intent(&text[*s..*e]).request).collect();
    // The intent step's segments: a figure a request segment governs is asked; a figure inside an acknowledgement is
    // the amount of a refund already made, a price.
    let segments: Vec<intent::Segment> =
        clauses(text).into_iter().flat_map(|(s, e)| intent::read(text, s, e)).collect();
    // The typed reader's figures: one it cannot settle ("$1.299.00", "1,2,3 EUR") is no amount here either, whatever
    // part of it the money pattern matched (ADR-1071).
    let typed = money::read(text);
    let mut out = Vec::new();
    for c in r.money.captures_iter(text) {
        let (Some(m), Some(num)) = (c.get(0), c.name("a").or(c.name("b")).or(c.name("c"))) else { continue };
        if c.name("c").is_some() {
            let in_request = asking.iter().any(|(s, e)| *s <= m.start() && m.end() <= *e);
            let next = text[m.end()..].chars().take(2).collect::<Vec<_>>();
            let prev = text[..m.start()].chars().next_back();
            let dotted = matches!(next.as_slice(), ['.' | ',', d, ..] if d.is_ascii_digit())
                || prev.is_some_and(|p| p == '.' || p == ',');
            // Outside a request a bare figure is still money when its words price it: an entry of an item list
            // ("lamp 42.00, shade 19.50"), a unit price ("at 8.00 each") or a stated total ("24.00 total").
            // A pasted document's line (a label, a column gap or dot leaders, the figure: "1 x Hose reel ...... 32.00")
            // prices its label the same way (ADR-861): which line a request names is read from it.
            let priced = inline_item(text, m.start()).is_some()
                || listed(text, m.start())
                || {
                    let (s, e) = clause_around(text, m.start());
                    grammar::in_arithmetic(before(text, m.start(), 20), &text[m.end()..], &text[s..e])
                }
                || r.per_item.is_match(after_amount(text, m.start()))
                || r.total_after.is_match(after_amount(text, m.start()))
                || (num.as_str().contains(['.', ',']) && price_verb_before(before(text, m.start(), 30), true));
            if !(in_request || priced) || dotted {
                continue;
            }
        }
        let mult = c.name("ma").or(c.name("mb")).map(|s| s.as_str().trim().to_lowercase());
        let factor = match mult.as_deref() {
            None => Some(1),
            Some("k" | "thousand" | "thou" | "grand") => Some(1_000),
            Some("m" | "mn" | "mil" | "mill" | "million") => Some(1_000_000),
            Some("bn" | "billion") => Some(1_000_000_000),
            Some(_) => None,
        };
        // A letter or digit glued to the number ("$1.5x", "$20ish", "$1.234") is a format the parser does not
        // know: the number read so far could be smaller than the one meant, so it is not an amount (ambiguous).
        let after = &text[m.end()..];
        let word: String = after.chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
        // "$20-ish", "$20 -ish": an approximation hyphenated on is as uncertain as one glued on.
        let hedged = after.trim_start_matches([' ', '-', '~']).to_lowercase().starts_with("ish")
            && after.trim_start().starts_with('-');
        // A digit the customer cannot read ("$3?.99", "$?5.00", "4_.50"): the figure is not known, not the part of it
        // that can be read (U1).
        let rest = after.trim_start_matches(['?', '_']);
        let lead = text[..m.start()].trim_end_matches(['?', '_']);
        let unreadable = (rest.len() < after.len()
            && (rest.starts_with(|c: char| c.is_ascii_digit())
                || (rest.starts_with(['.', ',']) && rest[1..].starts_with(|c: char| c.is_ascii_digit()))))
            || (lead.len() < m.start() && lead.ends_with(|c: char| c.is_ascii_digit() || "$€£".contains(c)));
        let refused = typed.iter().any(|a| {
            a.certainty == money::Certainty::Unreadable && a.span.start <= m.start() && m.start() < a.span.end
        });
        let glued = after.chars().next().is_some_and(|c| c.is_ascii_digit())
            || unreadable
            || refused
            || hedged
            || !(word.is_empty() || is_currency_code(&word));
        let governed = |act: Act| {
            segments.iter().any(|s| {
                s.act == act
                    && s.start <= m.start()
                    && m.start() < s.end
                    && (act != Act::Request || s.figures.contains(&m.start()))
            })
        };
        let role = if governed(Act::Acknowledgement) || governed(Act::Status) {
            Role::Price
        } else if governed(Act::Request) && !prices_a_thing(text, m.start(), m.end()) {
            Role::Requested
        } else {
            role(text, m.start(), m.end())
        };
        // An approximation ("about $20", "$20 or so") is not a figure to pay out; an approximate price is still a
        // price ("I paid around $60"), which never becomes the amount asked.
        // "How about $10 off?" proposes a figure; it does not approximate one.
        let proposed = before(text, m.start(), 12).to_lowercase().trim_end().ends_with("how about")
            || before(text, m.start(), 12).to_lowercase().trim_end().ends_with("what about");
        let approximate = !proposed
            && (r.approx_before.is_match(before(text, m.start(), 30)) || r.approx_after.is_match(&text[m.end()..]));
        let uncertain = glued || (approximate && role != Role::Price);
        let cents = to_cents(num.as_str()).zip(factor).and_then(|(c, f)| c.checked_mul(f)).filter(|_| !uncertain);
        out.push((m.start(), cents, role));
    }
    out
}

/// A verb that states a price right before a bare figure with cents ("It's listed at 18.50 on your site", "they sell
/// for 12.99", "was priced 7.50", "charger was 19.99"): the figure is money in the order's currency, as a sign would
/// make it, and a price (ADR-846). The copula ("was", "is") only makes a bare figure money (`copula`); it does not make
/// a figure with a sign a price ("They were $11.25 each", "The lamp was $34.50 so please refund just that").
pub(crate) fn price_verb_before(head: &str, copula: bool) -> bool {
    static PRICE_VERB: OnceLock<Option<Regex>> = OnceLock::new();
    PRICE_VERB
        .get_or_init(|| {
            Regex::new(
                r"(?i)\b(?:listed|priced|sold|sells?|selling|retails?|retailing|advertised|marked|costs?|costing|cost\s+(?:me|us)|charged|paid)(?:\s+(?:at|for|as|up\s+at|me|us))?\s*[:-]?\s*$|\b([a-z]{3,})\s+(?:was|were|is|are)(?:\s+(?:only|just))?\s*$",
            )
            .ok()
        })
        .as_ref()
        .and_then(|re| re.captures(head))
        .is_some_and(|c| {
            // A copula states a price only when its subject is a thing: "that is 23.82" and "the amount is 23.82"
            // name the figure asked.
            c.get(1).is_none_or(|w| {
                copula &&
                !matches!(
                    w.as_str().to_lowercase().as_str(),
                    "that" | "this" | "which" | "what" | "there" | "here" | "amount" | "refund" | "claim" | "total" | "sum"
                        | "figure" | "balance" | "credit" | "difference" | "ask" | "request"
                )
            })
        })
}

/// Whether every occurrence of the figure `cents` in the text is written approximately ("about $10", "$10 or so",
/// "~10", "roughly 10 quid"), and there is at least one.
/// Whether `text` holds a figure that cannot be read with certainty ("approx £20", "about 15 euro").
pub(crate) fn uncertain_figure_in(text: &str) -> bool {
    amounts(text).iter().any(|a| a.1.is_none())
}

pub(crate) fn only_approximate(text: &str, cents: i64) -> bool {
    let r = res();
    let found: Vec<bool> = amounts(text)
        .into_iter()
        .filter(|(_, c, _)| *c == Some(cents))
        .map(|(at, _, _)| {
            let end = r.money.find_at(text, at).map_or(at, |m| m.end());
            // "How about $10 off?" proposes a figure; it does not approximate one (as in `amounts`).
            let head = before(text, at, 12).to_lowercase();
            let proposed = head.trim_end().ends_with("how about") || head.trim_end().ends_with("what about");
            !proposed && (r.approx_before.is_match(before(text, at, 30)) || r.approx_after.is_match(&text[end..]))
        })
        .collect();
    !found.is_empty() && found.iter().all(|a| *a)
}

/// A currency code glued to a number ("50USD") ends the amount; any other letters are a format the reader does not
/// know.
fn is_currency_code(word: &str) -> bool {
    const CODES: [&str; 20] = [
        "usd", "eur", "gbp", "cad", "aud", "chf", "inr", "jpy", "sgd", "nzd", "hkd", "mxn", "brl", "sek", "nok", "dkk",
        "pln", "zar", "czk", "huf",
    ];
    CODES.contains(&word)
}

fn distinct(values: impl Iterator<Item = i64>) -> Vec<i64> {
    let mut v: Vec<i64> = values.collect();
    v.sort();
    v.dedup();
    v
}

/// The requested amount, read from the customer's own words: one amount named as the one wanted back ("refund
/// $200 for the $60 jacket" asks $200); else the only amount; else the only one that is not a price; else the one
/// in a refund clause. A share ("half of it", "50% back") with no amount named as wanted is ambiguous: the policy
/// does not turn shares into amounts (U1).
fn requested_in(text: &str) -> Amount {
    let r = res();
    let read = amounts(text);
    // The clauses that ask (the intent step and the grammar): a figure outside them is a mention — a budget, another
    // purchase, what someone else paid — not the amount asked.
    let asking: Vec<(usize, usize)> =
        clauses(text).into_iter().filter(|(s, e)| clause_intent(&text[*s..*e]).request).collect();
    let in_request = |at: usize| asking.iter().any(|(s, e)| *s <= at && at < *e);
    // An amount that cannot be read with certainty must never turn into a smaller one: ask which amount (U1). An
    // approximate figure outside every asking clause ("the restaurant was another $110 or so") asks nothing.
    if read.iter().any(|a| a.1.is_none() && (asking.is_empty() || in_request(a.0))) {
        return Amount::Ambiguous;
    }
    // A request whose object points back at money ("please return me this money", "refund that amount", "I want that
    // sum back") asks the figure named before it; when that figure cannot be read with certainty ("about 20 euro of
    // value, maybe a little more"), neither can the ask (U1, ADR-863). A request with a figure of its own asks that.
    static POINTER: OnceLock<Option<Regex>> = OnceLock::new();
    let pointer = POINTER.get_or_init(|| {
        Regex::new(r"(?i)\b(?:this|that|these|those|the\s+said|said)\s+(?:money|amount|sum|figure|value|much|cash)\b")
            .ok()
    });
    let pointed_at = asking.iter().find_map(|(s, e)| {
        let found = pointer.as_ref()?.find(&text[*s..*e])?;
        (!read.iter().any(|a| *s <= a.0 && a.0 < *e)).then_some(s + found.start())
    });
    if let Some(p) = pointed_at
        && read.iter().rfind(|a| a.0 < p).is_some_and(|a| a.1.is_none())
    {
        return Amount::Ambiguous;
    }
    let all: Vec<(usize, i64, Role)> = read.into_iter().filter_map(|(at, c, role)| Some((at, c?, role))).collect();
    // A sum asked with its breakdown ("reimbursement in the sum of €150.00, comprising the purchase price of €129.00
    // and €21.00 compensation", "$95 in total, made up of …"): the sum is the amount asked, its parts say what it is
    // made of — never one of them.
    for (at, cents, _) in all.iter().filter(|a| in_request(a.0)) {
        if !r.breakdown.is_match(after_figure(text, *at)) {
            continue;
        }
        let (_, end) = clause_around(text, *at);
        let parts: Vec<i64> = all.iter().filter(|b| *at < b.0 && b.0 < end).map(|b| b.1).collect();
        if parts.len() >= 2 && parts.iter().sum::<i64>() == *cents {
            return Amount::Cents(*cents);
        }
    }
    // A total the customer labels as the claim ("total claim EUR 275,00", "amount claimed: $80", "total requested
    // 45.00"): the amount asked, whatever parts were named before it — an over-ask built of parts is refused whole
    // (X2), never read as its first part (ADR-776).
    if !asking.is_empty()
        && let Some((_, cents, _)) = all.iter().rev().find(|(at, _, _)| claim_total_before(before(text, *at, 40)))
    {
        return Amount::Cents(*cents);
    }
    // A price difference asked back with no figure that is not a price ("price dropped, refund the diff?"): a partial
    // refund with no figure (U1), never the whole order.
    // With one figure that is not a price ("the price dropped by $12, refund the difference"), that figure is the
    // difference.
    if asking.iter().any(|(s, e)| r.difference.is_match(&text[*s..*e])) {
        // A figure that modifies the difference itself ("the $15 difference", "a difference of £18", "the 12 euro
        // price difference") names it, whatever the prices around it (ADR-871, b18 `g-021`).
        if let [one] =
            distinct(all.iter().filter(|(at, _, _)| figure_modifies(text, *at, &["diff", "difference"])).map(|a| a.1))
                .as_slice()
        {
            return Amount::Cents(*one);
        }
        // The price it is now, elsewhere or on sale ("It's $59.99 today", "Walmart has it at $79.99", "match $139.00")
        // is no difference (outside attack 56).
        let price_now = |at: usize| {
            static NOW: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
            NOW.get_or_init(|| {
                Some((
                    Regex::new(r"(?i)(?:\bnow|\btoday|\bcurrently|\breduced\s+to|\bdropped\s+to|\bon\s+sale\s+(?:for|at)|\bhas\s+it\s+(?:at|for)|\bshows\s+it\s+(?:at|for)|\bsells\s+it\s+for|\bmatch|\bnew\s+price|\bcheaper\b[^.?!\n]{0,30}|\bprice\s+found\s*:?|\bit'?s|\bis)\s*\(?\s*(?:usd|eur|gbp|[$€£])?\s*$").ok()?,
                    Regex::new(r"(?i)^\s*\)?\s*(?:now|today|this\s+week|at\s+[A-Z]|on\s+(?:your|their)\s+site|in\s+the\s+sale|elsewhere)").ok()?,
                ))
            })
            .as_ref()
            .is_some_and(|(b, a)| {
                b.is_match(before(text, at, 40))
                    || r.money.find_at(text, at).filter(|m| m.start() == at).is_some_and(|m| a.is_match(&text[m.end()..]))
            })
        };
        match distinct(all.iter().filter(|a| a.2 != Role::Price && !price_now(a.0)).map(|a| a.1)).as_slice() {
            [] => return Amount::Ambiguous,
            [one] if !dashes::alternatives(&r.alternatives, text) && !r.uncertain_figure.is_match(text) => {
                return Amount::Cents(*one);
            }
            _ => {}
        }
    }
    // Alternatives where one side names no figure ("either the price of the shirt or 20 bucks"): which one is asked
    // cannot be settled (U1), neither the figure named nor the order's amount.
    if r.alt_unnamed.is_match(text) {
        return Amount::Ambiguous;
    }
    // A multiple of what was paid ("double my money back") or the full amount and more ("the full price plus $15
    // for postage") asks more than the order: the policy refuses it (X2), never reduces it.
    // amount43 (ADR-1452): a multiple that prices a thing ("the one she sells for twice the price", "costs double the
    // amount elsewhere") compares prices; it multiplies no ask.
    if let Some(c) = r.times.captures_iter(text).find(|c| {
        c.get(0).is_some_and(|m| {
            !figures43::prices_a_thing(&text[..m.start()])
                && !charged_before(&text[..m.start()])
                && !bought_elsewhere_at(&text[..m.start()])
        })
    }) {
        let word = c.get(1).or(c.get(2)).or(c.get(3)).or(c.get(4)).map_or("double", |m| m.as_str()).to_lowercase();
        return Amount::Times(if word.starts_with("tri") || word.starts_with("thr") || word == "3x" { 3 } else { 2 });
    }
    // "The full price plus $15", and "my money back plus $20 for the hassle": the whole amount (named, or implied by
    // a request naming no other figure) and more on top.
    // An amount added in a clause that states what was paid ("bought for $90 + $4.99 shipping") is a price.
    let spans = clauses(text);
    let clause_of = |at: usize| spans.iter().find(|(s, e)| *s <= at && at < *e).map_or("", |(s, e)| &text[*s..*e]);
    let span_of = |at: usize| spans.iter().copied().find(|(s, e)| *s <= at && at < *e).unwrap_or((0, text.len()));
    // The clause up to a figure: a statement of what was paid names what was paid before its additions ("bought for $90
    // + $4.99 shipping"); a payment named after the addition ("plus the £4.50 I paid at the post office") is what the
    // addition is, not the clause's subject.
    let clause_up_to = |at: usize| &text[span_of(at).0..at];
    // An addition named by what it is for ("… and €12.00 as compensation", "… and £10 for my time"), joined to a
    // figure or a money-back request before it in its clause.
    let joined = |at: usize| {
        r.extra_for.is_match(after_figure(text, at))
            && r.joined_before.is_match(before(text, at, 20))
            && (all.iter().any(|a| a.0 < at && span_of(a.0) == span_of(at)) || r.refund.is_match(clause_up_to(at)))
    };
    // "The extra 58.00" with a definite determiner names a surplus charge already made (a duplicate charge), not an
    // addition to the ask: "an extra £10 for my time" and "plus the extra 15" still add (ADR-861).
    static SURPLUS: OnceLock<Option<Regex>> = OnceLock::new();
    let surplus = SURPLUS
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:the|that|this|these|those)\s+(?:extra|additional|second|duplicate|double)\s*(?:charge\s+(?:of\s+)?)?$")
                .ok()
        })
        .as_ref();
    let definite_surplus = |at: usize| {
        let head = before(text, at, 30);
        surplus.is_some_and(|re| re.is_match(head)) && !head.to_lowercase().contains("plus")
    };
    let added = |at: usize| {
        !definite_surplus(at)
            && (r.plus_before.is_match(before(text, at, 30))
                || r.plus_after.is_match(after_amount(text, at))
                || joined(at))
    };
    let plus = |at: usize| added(at) && !r.paid_clause.is_match(clause_up_to(at));
    let extras: Vec<(usize, i64)> = all.iter().filter(|(at, _, _)| plus(*at)).map(|a| (a.0, a.1)).collect();
    let extra: i64 = extras.iter().map(|a| a.1).sum();
    let others: Vec<i64> = distinct(all.iter().filter(|(at, _, role)| *role != Role::Price && !plus(*at)).map(|a| a.1));
    let asks_extra = extras.iter().all(|(at, _)| clause_intent(clause_of(*at)).request);
    // "Please issue compensation of USD 60" asks that compensation, nothing on top of a refund: an addition named by
    // "compensation" alone, with no money-back word before it in its clause and no other clause asking, is the whole
    // ask (desk37, ADR-1183); "a full refund and compensation of 20" still adds.
    static COMPENSATION: OnceLock<Option<Regex>> = OnceLock::new();
    let compensation = COMPENSATION.get_or_init(|| Regex::new(r"(?i)\bcompensation(?:\s+of)?\s*[:,-]?\s*$").ok());
    let compensation_alone = !extras.is_empty()
        && extras.iter().all(|(at, _)| {
            // The money-back word is looked for before the compensation word: "compensation" is one itself
            // ("I want compensation 30 euro" was read as the full price plus 30, F1608).
            let clause = clause_up_to(*at);
            let cut = compensation.as_ref().and_then(|re| re.find(clause)).map_or(clause.len(), |m| m.start());
            compensation.as_ref().is_some_and(|re| re.is_match(before(text, *at, 30)))
                && !r.refund.is_match(&clause[..cut])
        })
        && !spans
            .iter()
            .any(|(s, e)| clause_intent(&text[*s..*e]).request && !extras.iter().any(|(at, _)| *s <= *at && *at < *e));
    // After thanks for a refund already made, an amount "for the trouble" is the whole new ask, not an addition to a
    // whole amount asked again ("Refund received. I'd still like something for the trouble, $20 would be fair").
    let after_refund = intent_in(text).acknowledged;
    if extra > 0 && (r.full.is_match(text) || (others.is_empty() && asks_extra && !after_refund && !compensation_alone))
    {
        return Amount::FullPlus(extra);
    }
    // The customer's own sum (ADR-860): a figure stated in or right after a clause that asks, equal to the sum of the
    // two or more figures just before it ("the 39.99 back plus 15 for the taxi, 54.99 all in", "my £45 returned and £10
    // for my bus fare, making £55 in all", "… 84 total."), is the amount asked, whatever word joins or labels it. A
    // document's own lines (a receipt's subtotal and total) are no such sum; a figure asked by name after it still is.
    let after_asking = |at: usize| {
        let (s, _) = clause_around(text, at);
        in_request(at) || asking.iter().any(|(_, e)| *e <= s && text[*e..s].trim().is_empty())
    };
    let own_sum = all.iter().enumerate().rev().find_map(|(i, (at, cents, _))| {
        if listed(text, *at) || !after_asking(*at) {
            return None;
        }
        let parts: Vec<i64> = all[..i].iter().filter(|b| !listed(text, b.0) && b.1 > 0).map(|b| b.1).collect();
        (2..=parts.len()).any(|k| parts[parts.len() - k..].iter().sum::<i64>() == *cents).then_some((*at, *cents))
    });
    if let Some((at, total)) = own_sum
        && !all.iter().any(|b| b.0 > at && b.2 == Role::Requested && b.1 != total)
    {
        return Amount::Cents(total);
    }
    // A figure asked and more on top ("refund $20 plus $5 for postage"): their sum.
    let asked_base = distinct(all.iter().filter(|(at, _, role)| *role == Role::Requested && !plus(*at)).map(|a| a.1));
    // With no figure named as asked, the one figure of the asking clauses that is no price ("the full £30 for the
    // jumper plus …").
    let asked_base = if asked_base.is_empty() {
        distinct(
            all.iter()
                .filter(|(at, _, role)| {
                    *role != Role::Price
                        && !plus(*at)
                        && in_request(*at)
                        && !r.paid_before.is_match(before(text, *at, 40))
                })
                .map(|a| a.1),
        )
    } else {
        asked_base
    };
    if let ([base], true) = (asked_base.as_slice(), extra > 0 && asks_extra) {
        // The customer's own sum ("The order was 37.49 and I want that back plus the 5 quid …, so 42.49 total"): a
        // figure that is another figure plus the addition already holds it, and is the amount asked (ADR-845).
        if all.iter().any(|a| a.1 + extra == *base) {
            return Amount::Cents(*base);
        }
        return Amount::Cents(base + extra);
    }
    let asked = distinct(all.iter().filter(|a| a.2 == Role::Requested).map(|a| a.1));
    // A total stated after smaller figures ("… back plus 15,00 for the wait, so 40,00 in total") is the sum asked,
    // whatever its parts; a total stated first ("$45 in total, and I want $30 back") is a price.
    let sums = |at: usize, cents: i64| all.iter().any(|a| a.0 < at && a.1 < cents);
    // A unit price and the total it makes ("$18 each so that's $36"): one amount, the total (a multiple of the unit).
    let makes = |at: usize, cents: i64| {
        r.makes_before.is_match(before(text, at, 25))
            && all.iter().any(|a| {
                a.0 < at
                    && a.1 > 0
                    && cents % a.1 == 0
                    && (r.per_item.is_match(after_amount(text, a.0)) || r.unit_before.is_match(before(text, a.0, 16)))
            })
    };
    let totals = distinct(
        all.iter()
            .filter(|(at, c, _)| sums(*at, *c) && (r.total_after.is_match(after_amount(text, *at)) || makes(*at, *c)))
            .map(|a| a.1),
    );
    if let [total] = totals.as_slice() {
        // A figure asked by name after the worked-out total ("20 x 1.10 net = 22.00 net, 26.40 gross. Please refund
        // 26.40") is the customer's conclusion: the ask, not the arithmetic before it (ADR-845).
        let total_at = all.iter().filter(|a| a.1 == *total).map(|a| a.0).max().unwrap_or(0);
        let later = distinct(
            all.iter()
                .filter(|(at, c, role)| *role == Role::Requested && *at > total_at && *c != *total && in_request(*at))
                .map(|a| a.1),
        );
        if let [one] = later.as_slice()
            && !dashes::alternatives(&r.alternatives, text)
        {
            return Amount::Cents(*one);
        }
        return Amount::Cents(*total);
    }
    // A part of the order asked back by its price ("its price in the bundle was $129, so refund that part"): that
    // price, the only figure named. Never the whole order. ("Refund this one" with no figure is the order's amount.)
    let figures = distinct(all.iter().map(|a| a.1));
    if let [one] = figures.as_slice()
        && r.that_part.is_match(text)
        && !r.full.is_match(text)
    {
        return Amount::Cents(*one);
    }
    // A part of the order named by its document label ("refund the shipping"): the amount on that line, else it
    // cannot be settled.
    if let Some(c) = r.refund_part.captures(text) {
        // The part's label, asked verb first ("refund the postage") or object first ("the postage refunded", ADR-849).
        let label = c.get(1).or(c.get(2)).map_or(String::new(), |m| m.as_str().to_lowercase());
        let on_line = all.iter().find(|(at, _, _)| {
            let line_start = text[..*at].rfind('\n').map_or(0, |i| i + 1);
            text[line_start..*at].trim_start().to_lowercase().starts_with(&label)
        });
        // Else the figure the ticket states next to the part's name in the same clause ("charged me for gift wrap
        // ($3.99)", "billed 4,99 € for parcel insurance", "the rush fee, which was $9.95"), when there is one.
        let name = Regex::new(&format!(r"(?i)\b{}", regex::escape(&label))).ok();
        let beside = |at: usize| {
            let (s, e) = spans.iter().copied().find(|(s, e)| *s <= at && at < *e).unwrap_or((0, text.len()));
            name.as_ref().is_some_and(|re| {
                re.find_iter(&text[s..e]).any(|m| {
                    let (m0, m1) = (s + m.start(), s + m.end());
                    (m1 <= at && at - m1 <= 40) || (m0 >= at && m0 - at <= 40)
                })
            })
        };
        let named = distinct(all.iter().filter(|(at, _, _)| beside(*at)).map(|a| a.1));
        return match (on_line, asked.as_slice(), named.as_slice()) {
            (_, [one], _) => Amount::Cents(*one),
            (Some(a), _, _) => Amount::Cents(a.1),
            (None, _, [one]) => Amount::Cents(*one),
            (None, _, _) => Amount::Ambiguous,
        };
    }
    // A figure asked per item ("refund $25 for each of the 2 broken cups"): times the count the clause names; with
    // no count it cannot be settled.
    if let [one] = asked.as_slice()
        && let Some((at, _, _)) = all.iter().find(|a| a.2 == Role::Requested && a.1 == *one)
        && r.per_item.is_match(after_amount(text, *at))
    {
        let (start, end) = spans.iter().copied().find(|(s, e)| *s <= *at && *at < *e).unwrap_or((0, text.len()));
        let figure_end = *at + text[*at..].find(char::is_whitespace).unwrap_or(text.len() - *at);
        let count = r.item_count.captures_iter(&text[start..end]).find_map(|c| {
            // The figure's own digits are not a count.
            if c.get(0).is_some_and(|m| (*at..figure_end).contains(&(start + m.start()))) {
                return None;
            }
            match (c.name("n"), c.name("w")) {
                (Some(n), _) => n.as_str().parse::<i64>().ok().filter(|n| (2..=50).contains(n)),
                (_, Some(w)) if w.as_str().eq_ignore_ascii_case("both") => Some(2),
                (_, Some(w)) => number_value(w.as_str()),
                _ => None,
            }
        });
        return match count.and_then(|n| one.checked_mul(n)) {
            Some(total) => Amount::Cents(total),
            None => Amount::Ambiguous,
        };
    }
    // The asked amount wins, unless the customer offers alternatives ("refund $10 or maybe $15"): then it is one
    // of several candidates.
    if asked.len() == 1 && !dashes::alternatives(&r.alternatives, text) {
        return Amount::Cents(asked[0]);
    }
    if r.uncertain_figure.is_match(text) {
        return Amount::Ambiguous;
    }
    // "A partial refund" with its figure named is that figure; a share with none ("half", "part of it") is not.
    let share = money_share(&r.partial_word.replace_all(text, |c: &regex::Captures| " ".repeat(c[0].len())));
    if !share && r.partial_word.is_match(text) {
        let figures = distinct(all.iter().filter(|a| a.2 != Role::Price).map(|a| a.1));
        if let [one] = figures.as_slice() {
            return Amount::Cents(*one);
        }
        // The figure that modifies the partial refund itself ("the $25 partial refund you offered", "the 30 dollar
        // partial credit") names it, though its shape is a price's (ADR-872, b18 `g-019`).
        if let [one] = distinct(
            all.iter().filter(|(at, _, _)| figure_modifies(text, *at, &["partial", "part", "goodwill"])).map(|a| a.1),
        )
        .as_slice()
        {
            return Amount::Cents(*one);
        }
        // Seller jargon with no figure ("pls process a partial", "can you do a partial on this?"): a partial refund
        // whose figure is not named (U1). A partial delivery or shipment is no partial refund.
        let partial_refund = r.partial_word.find_iter(text).any(|m| {
            let next: String = text[m.end()..].trim_start().chars().take_while(|c| c.is_alphabetic()).collect();
            !matches!(
                next.to_lowercase().as_str(),
                "delivery" | "deliveries" | "shipment" | "order" | "return" | "package" | "parcel" | "damage"
            )
        });
        if figures.is_empty() && partial_refund && !r.full.is_match(text) {
            return Amount::Ambiguous;
        }
    }
    let shared = money_share(text);
    if shared && asked.is_empty() {
        // A share with the amount it comes to named ("half back? That'd be $20"): that amount, if it is the only
        // one so named and not a price. Otherwise the share is ambiguous (U1, policy.md).
        let named = distinct(
            all.iter()
                // Named as what the share comes to, whatever its verb ("half the amount, that is 20 dollars": "is" makes no
                // price here).
                .filter(|(at, _, _)| r.share_named.is_match(before(text, *at, 30)))
                .map(|a| a.1),
        );
        return if named.len() == 1 { Amount::Cents(named[0]) } else { Amount::Ambiguous };
    }
    if shared
        || (r.part_of_order.is_match(text) && !is_duplicate(text))
        || asked.len() > 1
        || (asked.len() == 1 && dashes::alternatives(&r.alternatives, text))
    {
        return Amount::Ambiguous;
    }
    // A price is never the amount asked ("I paid $49.99 … refund me"): a request whose only figures are prices
    // names no amount, which is a request for the order's amount.
    let paid = |at: usize| {
        r.paid_before.is_match(before(text, at, 40))
            || (price_verb_before(before(text, at, 30), text[at..].starts_with(|c: char| c.is_ascii_digit()))
                && !in_request(at))
            || listed(text, at)
            || (added(at) && r.paid_clause.is_match(clause_up_to(at)))
            || (!in_request(at) && someone_elses_fee(clause_of(at)))
    };
    // Alternatives or a range that is not a price ("I want $45-50 back"): the figure cannot be settled.
    let unpriced_range = r.alternatives.find_iter(text).filter(|m| !dashes::punctuation_dash(m.as_str())).any(|m| {
        all.iter()
            .find(|a| m.start() <= a.0 && a.0 < m.end())
            .is_some_and(|(at, _, role)| *role != Role::Price && !paid(*at))
    });
    if unpriced_range {
        return Amount::Ambiguous;
    }
    // The full amount asked next to figures that are all prices ("Shipping was $5.99 and the blender arrived dead. I
    // want a full refund"): the order's amount, never one of the prices.
    if asked.is_empty() && r.full.is_match(text) && all.iter().all(|(at, _, role)| *role == Role::Price || paid(*at)) {
        return Amount::Full;
    }
    // With asking clauses: the one figure they hold (not a price) is the amount; when they hold none, the figures
    // elsewhere are mentions and the request names no amount (the order's, policy.md).
    if !asking.is_empty() {
        let inside = distinct(
            all.iter().filter(|(at, _, role)| in_request(*at) && *role != Role::Price && !paid(*at)).map(|a| a.1),
        );
        if let [one] = inside.as_slice() {
            return Amount::Cents(*one);
        }
        // Only among several figures: a lone figure is what the request refers to ("Txn amt: 2599. Please refund
        // this amount", "Refund the engraving charge" beside "(£6.00)").
        if all.iter().all(|(at, _, _)| !in_request(*at)) && distinct(all.iter().map(|a| a.1)).len() > 1 {
            return if r.full.is_match(text) { Amount::Full } else { Amount::Missing };
        }
    }
    let every = distinct(all.iter().filter(|(at, _, role)| *role == Role::Requested || !paid(*at)).map(|a| a.1));
    match every.len() {
        0 if r.full.is_match(text) => Amount::Full,
        0 => Amount::Missing,
        1 => Amount::Cents(every[0]),
        _ => {
            let not_price = distinct(all.iter().filter(|a| a.2 == Role::Requested).map(|a| a.1));
            if not_price.len() == 1 {
                return Amount::Cents(not_price[0]);
            }
            let near =
                distinct(all.iter().filter(|(at, _, _)| r.refund_context.is_match(before(text, *at, 30))).map(|a| a.1));
            if near.len() == 1 { Amount::Cents(near[0]) } else { Amount::Ambiguous }
        }
    }
}

/// Whether the figure that starts at `at` modifies a noun that starts with one of `heads` ("the $15 difference", "the
/// 30 dollar partial refund", "£18 price difference"), or follows it as its complement ("a difference of $15").
fn figure_modifies(text: &str, at: usize, heads: &[&str]) -> bool {
    static AFTER: OnceLock<Option<Regex>> = OnceLock::new();
    static BEFORE: OnceLock<Option<Regex>> = OnceLock::new();
    let after = AFTER.get_or_init(|| {
        Regex::new(&format!(
            r"(?i)^(?:{CUR_BEFORE})?\s?(?:{NUM})\s?(?:(?:{CUR_AFTER})\s+|(?:dollar|euro|pound|buck)\s+)?(?:price\s+)?([a-z]+)"
        ))
        .ok()
    });
    let before_re = BEFORE.get_or_init(|| Regex::new(r"(?i)\b([a-z]+)\s+(?:of|is|was|=|:)\s*$").ok());
    let head_is = |w: &str| heads.iter().any(|h| w.eq_ignore_ascii_case(h));
    after.as_ref().and_then(|re| re.captures(&text[at..])).and_then(|c| c.get(1)).is_some_and(|w| head_is(w.as_str()))
        || before_re
            .as_ref()
            .and_then(|re| re.captures(before(text, at, 20)))
            .and_then(|c| c.get(1))
            .is_some_and(|w| head_is(w.as_str()))
}

/// The clause of `text` that holds byte `at`.
fn clause_around(text: &str, at: usize) -> (usize, usize) {
    clauses(text).into_iter().find(|(s, e)| *s <= at && at < *e).unwrap_or((0, text.len()))
}

/// Whether a share word ("half", "a third", "50%", "part of", "some of") at `start..end` is said of the money — governed
/// by a word that moves money ("refund half", "I'd accept a third"), followed by money or its way back ("half of it
/// back", "50% of the price", "a third off", "half would be fair") — rather than of the product ("only half full",
/// "half the pages are blank", "a third of the tiles came cracked", "it is only half").
fn share_is_of_money(text: &str, start: usize, end: usize) -> bool {
    let r = res();
    let (s, e) = clause_around(text, start);
    let (head, tail) = (&text[s..start], &text[end..e.max(end)]);
    // A share turned down ("a full refund, not 10% off my next order") is no share asked (outside attack 36).
    if grammar::declined_before(head) {
        return false;
    }
    if r.share_governor.is_match(head) || r.share_money_after.is_match(tail) {
        return true;
    }
    // Ending its clause with no money named: a share of the money only where nothing describes the product with it.
    let rest = tail.trim_start();
    let ends = rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_punctuation() || c == '…');
    ends && !r.share_of_thing_before.is_match(head)
}

/// The text with every share said of the product blanked out (same length, so offsets hold).
fn without_product_shares(text: &str) -> String {
    let mut out = text.to_string();
    for m in res().share_quantity.find_iter(text) {
        if !share_is_of_money(text, m.start(), m.end()) {
            out.replace_range(m.range(), &" ".repeat(m.len()));
        }
    }
    out
}

/// A share of the money in a clause that asks for money back ("refund half", "50% back", "return me part of my
/// money", "some money back"): a partial refund, whose figure must be named. A share said of the product ("the bottle
/// was only half full") or outside every asking clause is none.
fn money_share(text: &str) -> bool {
    let r = res();
    let cleared = without_product_shares(text);
    clauses(&cleared).into_iter().any(|(s, e)| {
        let c = &cleared[s..e];
        // "return me half the amount", "the half of the price back": a share that a money verb governs or money follows
        // (product shares are blanked already).
        let governed = r
            .share_quantity
            .find_iter(c)
            .any(|m| r.share_governor.is_match(&c[..m.start()]) || r.share_money_after.is_match(&c[m.end()..]));
        (r.fraction.is_match(c) || r.share_of_money.is_match(c) || governed)
            && clause_intent(&text[s..e]).request
            && !share_not_asked(c)
    })
}

/// A share only offered or turned down in its clause ("A partial refund is not acceptable", "You offered me 30% back",
/// "Not half, not part"): what is turned down is not asked (F1614), so a whole asked beside it is the ask.
fn share_not_asked(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:offered|offering|offer\s+of|proposed|suggested)\b",
            r"|\b(?:is|are|'s|would\s+be|will\s+be)\s+(?:not|never)\s+(?:\w+\s+)?(?:acceptable|enough|ok(?:ay)?|fine|good\s+enough|sufficient)\b",
            r"|\b(?:isn'?t|aren'?t|wouldn'?t\s+be)\s+(?:\w+\s+)?(?:acceptable|enough|ok(?:ay)?|fine|good\s+enough|sufficient)\b",
            r"|\b(?:won'?t|will\s+not|doesn'?t|does\s+not)\s+(?:do|cut\s+it|work\s+for\s+me)\b|\bunacceptable\b|\binsult\w*|\ba\s+joke\b",
            r"|^\W*(?:not|no)\s+(?:half|part|a\s+(?:part|third|quarter)|\d{1,2}\s?%)",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// What the customer's own words say about refunds.
fn intent_in(text: &str) -> ClauseIntent {
    let mut intent = ClauseIntent::default();
    // Whether a clause talks about a refund on record (its status or its receipt) in words about money back: the
    // ticket-level rule below only trusts those (a status reading of "Postage came to 4.00 USD" does not count).
    let mut on_record = false;
    // Whether an earlier clause of the customer's names money (a figure, or a money noun) without acknowledging or
    // asking about a refund on record: the antecedent a processing imperative with no object asks for (ADR-951).
    let mut money_named = false;
    let mut antecedent_figures: Vec<i64> = Vec::new();
    // Whether the ticket reports a duplicate charge: "want one back" then asks one of the charges back.
    let duplicate = is_duplicate(text);
    // Whether every clause that names a refund without framing an ask is a question about what gets refunded ("does
    // the €4.99 delivery charge get refunded if I return the tray or not?", blind93 `g-036`).
    let mut unframed_only_policy_questions = true;
    for (s, e) in clauses(text) {
        let mut c = clause_intent(&text[s..e]);
        if c.request && !c.framed && !policy_question(&text[s..e]) {
            unframed_only_policy_questions = false;
        }
        // close39 (ADR-1270): a clause that asks money back by a structure the clause grammar does not read asks,
        // whatever another clause is read as; the union below then keeps it (a request is a request).
        if !c.request && asks::asks(&text[s..e], duplicate, c.acknowledged || c.status_question, money_named) {
            c.request = true;
            c.framed = true;
            if let [one] = asks::asked_figures(&text[s..e]).as_slice() {
                intent.asked.get_or_insert(*one);
            }
        }
        // ask43 (ADR-1460…ADR-1462): a charge given back, money had back, a relayed obligation to give it back.
        let asked_before = c.request;
        if !c.request && asks43::asks(&text[s..e], c.acknowledged || c.status_question) {
            c.request = true;
            c.framed = true;
            intent.charge |= asks43::charge_given_back(&text[s..e]);
        }
        // A processing imperative closed by a time adverbial ("Please action at your earliest convenience") points
        // back the same way (close39, ADR-1271).
        if money_named
            && !c.request
            && (speech::processing_imperative(&text[s..e]).is_some() || asks::timed_processing(&text[s..e]))
        {
            c.request = true;
            c.framed = true;
            intent.antecedent = Some(distinct(antecedent_figures.iter().copied()));
        }
        let names_money = !c.acknowledged
            && !c.status_question
            && (res().money.is_match(&text[s..e]) || speech_money_noun(&text[s..e]));
        if names_money {
            antecedent_figures.extend(reply_figures(&text[s..e]));
        }
        money_named |= names_money;
        intent.uncharged |= c.request && (asked_before || !asks43::charge_given_back(&text[s..e]));
        intent.request |= c.request;
        intent.status_question |= c.status_question;
        intent.acknowledged |= c.acknowledged;
        intent.framed |= c.framed;
        // Only the arrival question's shape is trusted (F872): the older status and thanks readings, trusted too,
        // swallowed four asks on refunded orders in b9, b11, b14 and b17.
        on_record |= c.arrived;
    }
    // A ticket that asks about or thanks for a refund on record, and frames no request anywhere (no want, imperative,
    // transfer of money or offer), asks nothing: its other refund words are the refund talked about (ADR-870). The
    // status readings used to have to cut every such mention clause by clause, and a mention they did not know (a
    // grandson "arranged a refund", an account line "refund completed", a refund word in another language) fell to
    // the last resort, where any refund word asks: five sets in a row.
    if intent.request && !intent.framed && on_record {
        intent.request = false;
    }
    // A question about what gets refunded, with no ask framed anywhere, asks nothing: an inquiry (C1).
    if intent.request && !intent.framed && unframed_only_policy_questions {
        intent.request = false;
    }
    intent
}

/// A question about what the shop refunds, in the passive ("does the delivery charge get refunded …?", "is shipping
/// refundable?", "would the postage be refunded too?"): asked of the policy, no money asked.
fn policy_question(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:does|do|will|is|are)\b(?:[^?.!]|\.\d){0,80}?\b(?:(?:get|gets|be|being)\s+(?:refunded|reimbursed|credited|paid\s+back|returned)|refundable)\b(?:[^?.!]|\.\d)*\?",
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// A money noun a service request names as what it is about (a gesture, a credit, a refund, compensation).
fn speech_money_noun(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:goodwill|gesture|credit|refund|compensation|reimbursement|discount|rebate|money\s+back)\b",
        )
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

/// Whether the text before a figure labels it the total claimed ("total claim", "total claimed:", "claim total",
/// "amount claimed", "total requested", "total refund due").
fn claim_total_before(before: &str) -> bool {
    static CLAIM_TOTAL: OnceLock<Option<Regex>> = OnceLock::new();
    CLAIM_TOTAL
        .get_or_init(|| {
            Regex::new(
                r"(?i)\b(?:total\s+(?:claim(?:ed)?|request(?:ed)?|refund\s+(?:requested|claimed|due|owed))|claim\s+total|(?:amount|sum)\s+(?:claimed|requested)|total\s+(?:amount|sum)\s+(?:claimed|requested))\s*(?:of\s+)?[:=]?\s*(?:(?:[$€£]|[a-z]{3})\s?)?$",
            )
            .ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(before))
}

/// The requested amount of a ticket text (normalised, quotes dropped).
pub fn requested_amount(text: &str) -> Amount {
    let own = prepare(text);
    figures::guard(&own, requested_in(&own), None)
}

/// Whether the ticket text asks for money back (a past refund acknowledged or asked about is not a request).
pub fn wants_refund(text: &str) -> bool {
    intent_in(&prepare(text)).request
}

/// Whether the text asks about the state of a refund (or says one never arrived) without asking for one.
pub fn refund_status_question(text: &str) -> bool {
    let i = intent_in(&prepare(text));
    i.status_question && !i.request
}

/// Whether the customer says they were charged more than once.
pub fn duplicate_charge(text: &str) -> bool {
    is_duplicate(&prepare(text))
}

/// The duplicate-charge fact on prepared text, comparisons ("paid twice as much") cut out first.
fn is_duplicate(own: &str) -> bool {
    let r = res();
    (r.duplicate.is_match(&duplicates::without_comparisons(own))
        || acts::duplicate_named(own)
        || duplicates::reported(own))
        && !duplicates::plan_payments(own)
}

/// Safety, legal or injury words anywhere in the (normalised) text, quotes included: escalating is the safe side.
pub fn safety_legal_injury(text: &str) -> bool {
    !harm_reasons(text).is_empty()
}

/// What makes the text a safety, legal or injury ticket: each reader that fired and the span it read (empty when the
/// reader is a structure with no one span). The shop's own quoted lines (haz41, ADR-1350) are read for hazards and
/// injuries only, never as a legal threat; their readings say "in the shop's words".
pub fn harm_reasons(text: &str) -> Vec<(String, String)> {
    // The sender's block (a name, a title, a disclaimer under the sign-off) is no word about the order (unsettled45,
    // ADR-1555).
    let text = layout::without_sender_block(text);
    let text = kinds26::names_not_verbs(&gloss::english(&crate::content::normalize(&text)));
    let (own, shop) = whose::split_by_side(&text);
    let mut out = reads_harm(&own, true);
    if !shop.trim().is_empty() {
        out.extend(
            reads_harm(&shop, false).into_iter().map(|(why, span)| (format!("{why} (in the shop's words)"), span)),
        );
    }
    out
}

/// The safety, injury and (with `legal`) legal readings of one side's words.
fn reads_harm(text: &str, legal: bool) -> Vec<(String, String)> {
    // Goods found broken on arrival are damaged goods, not a hazard: that wording is cut out before the safety words
    // are read (a person hurt or a danger named elsewhere in the text still escalates).
    let text = res().transit_damage.replace_all(text, " ");
    let text = without_degree_senses(&handles_as_words(&text));
    // A harm that is not this order's, or a danger word in another sense (haz41, ADR-1351): "burned out", a past
    // injury before the order, a medical workplace, a place's danger.
    let text = whose::without_harmless_senses(&text);
    // A burn of the memory ("burned into my brain") is a figure of speech for remembering (ADR-1067).
    let text = desk27::without_memory_burns(&text);
    // A broken part of a thing ("the broken leg of table") is no person's injury (settle43, ADR-1476).
    let text = thing_parts::without_things_parts(&text);
    // A shock of surprise ("shocked at how small it is") is no electric shock (desk35, ADR-1150).
    let text = hazards::without_surprise_shocks(&text);
    // Blisters from shoes that rub are their fit (desk35, ADR-1154).
    let text = desk35::without_footwear_blisters(&text);
    // A hospital that is only the place of an errand (its car park, a routine jab, a shift worked there) names no
    // harm (desk37, ADR-1182).
    let text = desk37::without_errand_hospitals(&text);
    // The trades' harmless senses of danger words ("backlight bleed", "blister packs", "the spark plug") and the near
    // misses of a legal threat (a denied one, a lawyer as a job, a court as an errand) are cut (hazard38,
    // ADR-1190, ADR-1191).
    let text = regulators::without_non_threats(&trade_senses::without_trade_senses(&text));
    // Injury words out of their sense (ADR-950): in a negator's scope ("no blisters at all", "nobody was hurt") or
    // modifying a colour name ("a hospital-corridor mint"). The legal reading keeps the whole text.
    let injury_text = scope::out_of_sense(&text);
    let mut out = Vec::new();
    if let Some(m) = res().safety.find_iter(&injury_text).find(|m| legal || !whose::legal_word(m.as_str())) {
        out.push(("safety or injury words".to_string(), m.as_str().to_string()));
    }
    if legal {
        if let Some(m) = res().legal.find(&text) {
            out.push(("a legal threat".to_string(), m.as_str().to_string()));
        }
        if regulators::threatened(&text) {
            out.push(("a legal threat by its structure (a matter taken to a body)".to_string(), String::new()));
        }
    }
    if let Some(h) = hazards::named(&text) {
        out.push((format!("a hazard: {h:?}"), String::new()));
    }
    if desk25::injury_in_passing(&text) {
        out.push(("something hot on a body part".to_string(), String::new()));
    }
    out
}

/// A question about what to buy ("or do I need the 160W at $249?", "would we need the £35 adaptor as well?", blind94
/// `g-073`, blind95 `g-021`): the want is asked of the shop with the subject after its auxiliary, and no refund word
/// is near — a want of goods at a price, never money asked back.
fn buying_question(clause: &str) -> bool {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    RE.get_or_init(|| {
        Some((
            Regex::new(
                r"(?i)\b(?:do|does|would|will|should|shall|must|could)\s+(?:i|we|they|he|she)\s+(?:also\s+|still\s+|really\s+|then\s+|actually\s+)?(?:need|want|have\s+to\s+(?:buy|get|order))\b[^?]*\?",
            )
            .ok()?,
            Regex::new(r"(?i)\b(?:refund\w*|money\s+back|reimburs\w*|credit(?:ed)?|compensat\w*|back)\b").ok()?,
        ))
    })
    .as_ref()
    .is_some_and(|(question, refund)| question.is_match(clause) && !refund.is_match(clause))
}

/// Social-media handles and hashtags read as the words they are made of (ADR-864): "@ConsumerOmbudsman" is "Consumer
/// Ombudsman", "#TradingStandards" "Trading Standards", "#sue_them" "sue them". A handle in one case
/// ("@consumerombudsman", "#NEVERAGAIN") has no word boundaries to read, so the few nouns a complaint is taken to or a
/// hazard is named by (a closed class: the bodies and the hazards the legal and safety readings know) are cut out of
/// it as words. Same text otherwise; the handle's sign is dropped.
fn handles_as_words(text: &str) -> String {
    static HANDLE: OnceLock<Option<Regex>> = OnceLock::new();
    static STEMS: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(handle), Some(stems)) = (
        HANDLE.get_or_init(|| Regex::new(r"[@#]([A-Za-z][A-Za-z0-9_]*)").ok()).as_ref(),
        STEMS
            .get_or_init(|| {
                Regex::new(concat!(
                    r"(?i)ombuds(?:man|men|person)|regulator|watchdog|trading|standards|consumer|authority|",
                    r"commission|bureau|tribunal|lawyer|solicitor|attorney|court|lawsuit|legal|injur\w*|hospital|",
                    r"fire|burn\w*|shock\w*|poison\w*|recall|unsafe|dangerous|hazard|fail|never|again|trash|",
                    r"scam|avoid|boycott|worst",
                ))
                .ok()
            })
            .as_ref(),
    ) else {
        return text.to_string();
    };
    handle
        .replace_all(text, |c: &regex::Captures| {
            let word = c.get(1).map_or("", |m| m.as_str());
            let one_case = !word.chars().any(char::is_uppercase) || !word.chars().any(char::is_lowercase);
            let mut out = String::with_capacity(word.len() + 8);
            out.push(' ');
            if one_case {
                let spaced = word.replace('_', " ");
                out.push_str(&stems.replace_all(&spaced, |m: &regex::Captures| format!(" {} ", &m[0])));
            } else {
                let mut prev_lower = false;
                for ch in word.chars() {
                    if ch == '_' {
                        out.push(' ');
                    } else {
                        if ch.is_uppercase() && prev_lower {
                            out.push(' ');
                        }
                        out.push(ch);
                    }
                    prev_lower = ch.is_lowercase() || ch.is_ascii_digit();
                }
            }
            out.push(' ');
            out
        })
        .into_owned()
}

/// The text with hazard words in their degree or cooking sense cut out (ADR-830, F834): "dangerously easy", "burns one
/// side of the toast". A side of something else ("burned the side of my hand") stays.
fn without_degree_senses(text: &str) -> String {
    res()
        .degree_sense
        .replace_all(text, |c: &regex::Captures| {
            let m = c.get(0).map_or("", |m| m.as_str());
            let end = c.get(0).map_or(0, |m| m.end());
            let side = m.ends_with("side") || m.ends_with("sides");
            if side && text[end..].trim_start().starts_with("of ") { m.to_string() } else { " ".into() }
        })
        .into_owned()
}

/// Extracts the facts. Order data come from the (scoped, read-only) lookups, never from the text.
/// Every fact read from the text is read from the normalised customer's own words (`prepare`): obfuscation and
/// quoted emails change nothing.
pub fn facts(ev: &Evidence) -> Facts {
    let (f, view) = grammar_facts(ev);
    // An instruction in the body (X5) never changes a decision: the model reads every word, so it does not read a
    // body the content layer flags.
    match learned::guess(&view.own) {
        Some(guess) if crate::content::flags(&ev.ticket.body).is_empty() => second_reading(f, &view, guess),
        _ => f,
    }
}

/// The learned second reading (ADR-1600, ADR-1601), where the grammar and the model disagree with confidence. It
/// never makes the desk pay: each rule moves a decision towards a human, a refusal or a close, and the clause table
/// then decides from the facts as always.
/// - harm read on the customer's side of the thread (their words and the messages of theirs they forward, never the
///   shop's replies) escalates where the table would close, ask for information or pay (E2 comes before those; a
///   refusal comes before E2);
/// - a want the desk cannot settle escalates where the table would close (U1);
/// - a request only the model reads counts only where the table then refuses it (X1–X4): it may refuse, never pay;
/// - a request the grammar read naming no figure, or one the table refuses as a second refund (X4), in what the model
///   is sure is an inquiry (a thanks for money received, a question about a refund made) is none: the desk closes.
fn second_reading(mut f: Facts, view: &learned::GrammarView, guess: learned::Guess) -> Facts {
    let verdict = policy::decide(&f).clause;
    let likeliest = guess.likeliest();
    let on_side = learned::guess(&view.customer_side).unwrap_or(guess);
    let harm = on_side.p(learned::Kind::Harm);
    let escalation_comes_first =
        matches!(verdict, Clause::C1 | Clause::U1 | Clause::R1 | Clause::R2 | Clause::R3 | Clause::R4 | Clause::R5);
    // Harm needs a problem told in the customer's words ("my call got cut off" is no injury), unless the model is
    // all but certain.
    if !f.safety_legal_injury
        && escalation_comes_first
        && on_side.likeliest() == learned::Kind::Harm
        && harm >= learned::NOT_AN_INQUIRY
        && (f.names_problem || harm >= learned::SURELY_HARM)
    {
        f.safety_legal_injury = true;
        f.second_reading = Some(format!("harm (p {harm:.2})"));
        return f;
    }
    let sure = guess.p(likeliest);
    let answered_or_disclaimed =
        view.disclaimed || matches!(f.intent, Intent::StatusQuestion | Intent::Acknowledgement);
    if verdict == Clause::C1
        && likeliest == learned::Kind::Unsettled
        && !answered_or_disclaimed
        && sure >= learned::NOT_AN_INQUIRY
    {
        f.unread_ask = true;
        f.second_reading = Some(format!("unsettled (p {sure:.2})"));
        return f;
    }
    // A request only the model reads: the model cannot tell a claim from money mentioned in a question about an
    // invoice, a delivery or a fee (the near rows of the reading tables), so a payment must rest on what the grammar
    // read (F1600). A refusal the table makes of it pays nothing ("you owe me the 900 again" on a refunded order).
    // A question about a refund's state is the grammar's reading to keep ("I still not receive the money back" on a
    // refunded order asks where the money is; refusing it answers nothing).
    if verdict == Clause::C1
        && likeliest == learned::Kind::Request
        && !f.wants_refund
        && !view.disclaimed
        && f.intent != Intent::StatusQuestion
        && sure >= learned::SURELY_A_REQUEST
    {
        let mut asked = f.clone();
        asked.wants_refund = true;
        asked.intent = Intent::Request;
        if matches!(policy::decide(&asked).clause, Clause::X1 | Clause::X2 | Clause::X3 | Clause::X4) {
            asked.second_reading = Some(format!("request, refused (p {sure:.2})"));
            return asked;
        }
    }
    // A request the grammar read with a figure stays where the table would pay: the model reads a reply choosing an
    // offer ("Refund is best for us, thanks") or a terse claim as an inquiry too often for a figure asked to be dropped
    // (F1602). Where the table refuses it as a second refund, the model's inquiry is the thanks for the first or a
    // question about it ("the 29,90 arrive in my bank today"), and closing pays nothing either.
    let inquiry = guess.p(learned::Kind::Inquiry);
    let no_figure = matches!(f.amount, Amount::Missing | Amount::Full);
    if f.wants_refund
        && !f.safety_legal_injury
        && verdict != Clause::C1
        && ((no_figure && inquiry >= learned::SURELY_AN_INQUIRY)
            || (verdict == Clause::X4 && inquiry >= learned::AN_INQUIRY_ABOUT_A_REFUND))
    {
        f.wants_refund = false;
        f.intent = Intent::Inquiry;
        f.second_reading = Some(format!("inquiry (p {inquiry:.2})"));
    }
    f
}

/// The facts the grammar reads, and what the second reading needs of its reading.
fn grammar_facts(ev: &Evidence) -> (Facts, learned::GrammarView) {
    let r = res();
    // The layout first (ADR-650): the text a person sees (HTML read), and a web form's ask field.
    let layout = layout::read(&documents::english_labels(&format!("{}\n{}", ev.ticket.subject, ev.ticket.body)));
    let (text, form_ask) = (layout.text.clone(), layout.ask());
    // ask45 (ADR-1540): a title carried over from an earlier message ("RE: RE: Refund 129.99") asks nothing now.
    let text = wants::time_backs_blanked(&layout::without_sender_block(&speakers::carried_titles_blanked(&text)));
    let seen = speakers::carried_titles_blanked(&layout.seen);
    let thread = speakers::thread(&text);
    let own = customer_words(&text, &thread, &ev.ticket.subject);
    let clauses = intent_in(&own);
    // ask43 (ADR-1463): on an order with a refund on record, that refund talked about in any English ("the refund of
    // 25,00 you tell me is done", "my refund it is complete or not?", "I acknowledge receipt of your refund") asks
    // nothing: the other clauses say what is asked.
    let record_talk = asks43::without_refunds_on_record(&own).filter(|_| !ev.refunds.is_empty());
    let clauses = match record_talk.clone() {
        Some((rest, acknowledged)) => {
            let mut c = intent_in(&rest);
            c.acknowledged |= acknowledged;
            c.status_question |= !acknowledged;
            c
        }
        _ => clauses,
    };
    // A refund that failed, asked done again ("Your refund bounced. Please re-send.", F1664): an ask, not a question
    // about its state.
    let clauses = if !clauses.request && wants::retry_asked(&own) {
        ClauseIntent { request: true, status_question: false, acknowledged: false, ..clauses }
    } else {
        clauses
    };
    // An authorisation hold asked about is no duplicate reported (ADR-1200).
    let duplicate = is_duplicate(&own) && !duplicates::hold_question(&own, clauses.request);
    // A duplicate charge reported is a request to take the extra charge back (the policy has no clause that
    // blocks it: the order's amount or the figure named, like any request).
    // "just asking for that $12 back" limits an ask; it does not disclaim one (close39, ADR-1271).
    let disclaimed = disclaimed_request(&own) && !asks::limited_ask(&own);
    // A reply that answers the shop's quoted question about the amount ("Please confirm the amount you'd like
    // refunded" quoted below "the amount is 42,50 EUR - only for the lamp shade") asks what it answers: the question
    // is the frame its figure fills (ADR-872, b18 `g-022`). The reply's own figures settle it: one figure is the
    // amount, several or none cannot be settled.
    // Several figures in the reply: the one it states as the amount ("The amount is 64,50 - the two shirts, 32,25
    // each") is the answer; the others break it down (ADR-953).
    let answered = (!clauses.request && !disclaimed && answers_amount_question(&seen, &own)).then(|| {
        match reply_figures(&own).as_slice() {
            // Alternatives or a hedge answer with no one figure ("$10 or maybe $15?").
            _ if grammar::offered_alternatives(&own)
                || settle::unsettled(&own).is_some()
                || dashes::alternatives(&r.alternatives, &own)
                || r.uncertain_figure.is_match(&own)
                || two_figures_either(&own) =>
            {
                Amount::Ambiguous
            }
            _ if stated_amount(&own).is_some() => stated_amount(&own).map_or(Amount::Ambiguous, Amount::Cents),
            [one] => Amount::Cents(*one),
            _ => Amount::Ambiguous,
        }
    });
    // A reply that takes the shop's quoted offer ("Yes please go ahead with the 15.00", "ok, the partial refund works
    // for me") asks the figure offered (ADR-905): its own figure when it names one, else the offer's one figure;
    // several offered and none named cannot be settled. A request of its own with a figure stands as it is.
    let offered = thread.offered();
    // An offer taken in one sentence of the newest words with its figure ("OK, I'll take the 15 you offered, put it
    // back on the card please", "I accept the 25.00 refund you offered"): that figure, whatever else the newest words
    // ask and whatever figure the customer's own earlier message, quoted below, names (b106 `g-012`, b107 `g-048`).
    let taken = (answered.is_none() && !disclaimed && record_talk.is_none())
        .then(|| desk27::offer_taken(&thread.newest()))
        .flatten()
        .map(Amount::Cents);
    let accepted = taken.or_else(|| {
        (answered.is_none()
            && !disclaimed
            && !offered.is_empty()
            && (speakers::accepts(&thread.newest()) || kinds26::accepts_either(&thread.newest()))
            && (!clauses.request
                || matches!(requested_in(&own), Amount::Missing | Amount::Full)
                || reply_figures(&own).is_empty()))
        .then(|| match reply_figures(&own).as_slice() {
            [one] => Amount::Cents(*one),
            // Any of the offers taken, none chosen ("Either is fine"): no figure is settled (ADR-1020).
            [] if kinds26::accepts_either(&thread.newest()) => Amount::Ambiguous,
            [] => match offered.as_slice() {
                [one] => Amount::Cents(*one),
                _ => Amount::Ambiguous,
            },
            _ => Amount::Ambiguous,
        })
    });
    // A figure the customer says the shop offered, taken in the customer's own words ("please go ahead with the 17.00
    // you mentioned below", "further to your agent's offer of a credit of 15.00, we are happy to accept"), on a ticket
    // that asks nothing else: that figure is asked (ADR-1066).
    let accepted = accepted.or_else(|| {
        (answered.is_none() && !disclaimed && !clauses.request && record_talk.is_none())
            .then(|| desk27::takes_offered_figure(&own, &reply_figures(&own)))
            .flatten()
            .map(Amount::Cents)
    });
    // A part asked in place of the whole ("I don't need the whole $49.99 back, just $20 for the lid"): that figure.
    // The whole turned down is no disclaimer of the part asked.
    let part_for_whole = (answered.is_none() && accepted.is_none() && record_talk.is_none())
        .then(|| wants::part_instead_of_whole(&thread.newest()).or_else(|| wants::keep_for_less(&thread.newest())))
        .flatten()
        .map(Amount::Cents);
    // A price difference asked: its own figure, or none that settles it (U1).
    let price_difference =
        (answered.is_none() && accepted.is_none() && part_for_whole.is_none() && record_talk.is_none())
            .then(|| wants::price_difference(&own))
            .flatten()
            .map(|d| d.map_or(Amount::Ambiguous, Amount::Cents));
    let answered = answered.or(accepted).or(part_for_whole.clone()).or(price_difference.clone());
    // A share of the money with its result named ("half back, so 30", "a third = 20 please"), checked against the
    // identified order's amount (ADR-1018): an ask however terse its words.
    let share_named = ev
        .order
        .as_ref()
        .filter(|_| matches!(ev.lookup, OrderLookup::Linked | OrderLookup::Named | OrderLookup::OnlyOrder))
        .and_then(|o| kinds25::share_result(&shares_kept(&text), o.amount_cents))
        .filter(|_| answered.is_none() && !disclaimed && !clauses.acknowledged && !clauses.status_question);
    let wants_refund = (clauses.request && !disclaimed)
        || share_named.is_some()
        || form_ask.is_some()
        || answered.is_some()
        || (duplicate && !clauses.acknowledged && !disclaimed);
    // A refund on record still pending, and the customer says its money has not arrived or asks where it is ("Until
    // now I not see money in my account. Please can you check if it is on the way?", "Still I am not receiving money",
    // "nothing is coming to my card"): that asks the state of the refund on record (ADR-908), whatever request form
    // the sentence takes in the customer's English, unless it names a figure ("The earlier refund never arrived,
    // please refund $20.00" asks again).
    let pending: Vec<i64> = ev.refunds.iter().filter(|r| r.status == "pending").map(|r| r.amount_cents).collect();
    let chases_pending = wants_refund
        && form_ask.is_none()
        && !pending.is_empty()
        && money_not_arrived(&own)
        && reply_figures(&own).is_empty();
    // A refund asked for or agreed before, told in any word order and tense ("I ask for refund two weeks ago and you
    // answer ok"), its money said not to have come or asked after ("when is arriving the money?", "till today
    // nothing"), and nothing new asked in the other sentences, on an order with a refund on record (pending or
    // executed): it chases that refund — a status question (C1), never a second payment (ADR-1044). Figures it names
    // are the earlier refund's (a refund on record's amount); any other figure may be a new ask, so it does not fire.
    let on_record: Vec<i64> = ev.refunds.iter().map(|r| r.amount_cents).collect();
    let chases_earlier = wants_refund
        && form_ask.is_none()
        && !on_record.is_empty()
        && reply_figures(&own).iter().all(|v| on_record.contains(v))
        // A money figure is no date: "GBP 60.00" does not make a fresh ask the earlier request it chases (close39,
        // ADR-1272).
        && desk26::chases_earlier(&asks::money_not_dates(&own), |t| intent_in(t).request);
    // A refund still pending, talked about as under way with its figure named ("Still waiting for my $49.99 refund.",
    // "Your agent agreed to refund $40. It hasn't arrived."), no problem with the goods told and nothing asked anew: a
    // status question (C1), never a second payment (outside attack 51, ADR-1612). A figure above the order's and the
    // pending refund's may be a new ask, so it does not fire.
    let ceiling = pending.iter().copied().chain(ev.order.as_ref().map(|o| o.amount_cents)).max().unwrap_or(0);
    let chases_named = wants_refund
        && form_ask.is_none()
        && !pending.is_empty()
        && reply_figures(&own).iter().all(|v| {
            pending.contains(v)
                || (*v <= ceiling
                    && (desk26::refund_promised(&own)
                        || desk26::refund_promised(&ev.ticket.body)
                        || desk26::refund_state_asked(&own)))
        })
        && !desk26::names_problem(&own)
        // The words as written too: the jargon reader rewrites "Kindly expedite my refund" into a plain request.
        && (desk26::refund_underway(&own)
            || desk26::refund_underway(&ev.ticket.body)
            // The refund named only as a label of the ticket ("Refund $49.99 - overdue", F1656).
            || desk26::refund_only_labelled(&own))
        // A refund told to be made now, as written or as the jargon reader rewrote it, asks anew.
        && !desk26::refund_told_to(&own)
        && !desk26::refund_told_to(&ev.ticket.body);
    // A refund asked only as a question on a supposition, no problem told (outside attack 51): an inquiry.
    let supposed =
        wants_refund && form_ask.is_none() && (wants::refund_only_supposed(&own) || wants::refund_way_asked(&own));
    // A refund named as a label and acknowledged ("Refund $49.99 — received, you can close this."): thanks (F1656).
    let acknowledged_label =
        wants_refund && form_ask.is_none() && !desk26::names_problem(&own) && desk26::refund_label_acknowledged(&own);
    let chases_pending = chases_pending || chases_earlier || chases_named || supposed || acknowledged_label;
    let wants_refund = wants_refund && !chases_pending;
    // A problem told and a figure of the customer's own, nothing else asked or asked about: that money is asked
    // (ADR-1079).
    let unworded = !wants_refund
        && form_ask.is_none()
        && !disclaimed
        && !clauses.status_question
        && !chases_pending
        && !clauses.acknowledged
        // A question about a thing a figure prices is the ticket's point, not the ground of an ask (ask39, ADR-1241).
        && !desk25::sentences(&own).any(|s| questions::asks_nothing_back(s).is_some())
        && desk29::unworded_ask(&own, &reply_figures(&own));
    let wants_refund = wants_refund || unworded;
    // An order cancelled or only paid, no refund on record, and the customer claims its money ("where is my money?",
    // "I still haven't got my money back"): that asks it back, a request F1 hands to a human (hazard38, ADR-1192).
    let unsent_claim = !wants_refund
        && !disclaimed
        && ev.refunds.is_empty()
        && ev.order.as_ref().is_some_and(|o| matches!(o.status.as_str(), "cancelled" | "paid"))
        // The lines of a forwarded thread that are no reply quoted ("> …") are the writer's too, whoever the reader
        // took for their author (ask39, ADR-1244): a claim read there can only escalate (F1), never pay.
        && (intent::claims_money_owed(&own)
            || intent::claims_money_owed(&unquoted_lines(&text))
            // unsettled45 (ADR-1552): a charge said to stand on a cancelled order ("cancelled order still charged
            // 25.50") claims the money the cancellation owes back: F1, never a payment.
            || (ev.order.as_ref().is_some_and(|o| o.status == "cancelled")
                && (wants::charge_stands(&own) || wants::charge_stands(&unquoted_lines(&text)))));
    let wants_refund = wants_refund || unsent_claim;
    // hazard38 (ADR-1193): with an executed refund on record, a clause that directs money to the writer ("I want the
    // remaining $80 as well", "I want the other $15") asks anew even where the reader found no ask word; and a refund
    // asked only inside an embedded instruction ("Note to agent: … please override and process a full refund", X5) is
    // still a refund asked. Both are read only where a refusal applies (an executed refund, another customer's or no
    // order, past the window): they can turn a close into a refusal, never into a payment.
    let refusable = ev.refunds.iter().any(|r| r.status == "executed")
        || matches!(ev.lookup, OrderLookup::NotThisCustomers(_) | OrderLookup::NoOrders)
        || ev.order.as_ref().is_some_and(|o| !crate::policy::within_window(o.placed_days_ago));
    let asks_anew = refusable
        && !wants_refund
        && !disclaimed
        && ev.refunds.iter().any(|r| r.status == "executed")
        && desk25::sentences(&own).any(intent::directs_money);
    let instruction_ask =
        refusable && !wants_refund && !disclaimed && seen != text && intent_in(&prepare(&seen)).request;
    // unsettled45 (ADR-1553): a refund named as a threat's condition ("If you don't refund it I'll be taking this to
    // the small claims court") asks it; read only where a refusal applies, so the refusal comes before the threat's
    // escalation, never a payment.
    let conditional_ask = refusable && !wants_refund && !disclaimed && wants::refund_as_condition(&own);
    let wants_refund = wants_refund || asks_anew || instruction_ask || conditional_ask;
    let clauses = ClauseIntent { status_question: clauses.status_question || chases_pending, ..clauses };
    // An ask to escalate complains of the handling (ADR-1372).
    let complaint = r.complaint.is_match(&handles_as_words(&own))
            || desk35::dissatisfied(&own)
            || nominal::escalation_asked(&own)
            // unsettled45 (ADR-1554): the order judged wrong with no fault named ("something in the last lot wasn't
            // right", "it is not like I am expecting").
            || wants::judged_wrong(&own);
    let intent = if wants_refund {
        Intent::Request
    } else if clauses.status_question {
        Intent::StatusQuestion
    } else if clauses.acknowledged {
        Intent::Acknowledgement
    } else if complaint {
        Intent::Complaint
    } else {
        Intent::Inquiry
    };
    // A delivery named as a point in time ("since my last delivery", "after the latest order") names no problem.
    static WHEN: OnceLock<Option<Regex>> = OnceLock::new();
    let when = WHEN.get_or_init(|| {
        Regex::new(r"(?i)\b(?:since|after|before|from)\s+(?:my|the|your|our)\s+(?:last|latest|recent|previous|most\s+recent)\s+(?:deliver(?:y|ies)|orders?|parcels?|packages?)\b").ok()
    });
    let problem_text = when.as_ref().map_or(own.clone(), |re| re.replace_all(&own, " ").into_owned());
    let vague = intent == Intent::Complaint
        && !r.problem.is_match(&problem_text)
        && crate::tools::named_order_ids(&own).is_empty()
        // A question that asks only what the shop will do ("What can you do for me?") makes no inquiry (ADR-1151).
        // An act put to the shop with no topic ("Can someone sort it?") asks no inquiry either (unsettled45, ADR-1554).
        // A question in the message below the newest words (a forward's "how is everything?") is not the complaint's.
        && (desk35::remedy_questions_only(&own)
            || wants::acts_put_only(&own)
            || (!thread.earlier.is_empty() && desk35::remedy_questions_only(&thread.newest())));
    // Nothing asked that the reader can act on, and a problem told or a demand among several orders: never closed
    // (ADR-1080, ADR-1081).
    let unread_ask = !wants_refund
        && !disclaimed
        && !clauses.status_question
        && !clauses.acknowledged
        && desk29::unread_ask(&own, ev.lookup == OrderLookup::Ambiguous, complaint);
    let order = ev.order.as_ref();
    let identified =
        order.filter(|_| matches!(ev.lookup, OrderLookup::Linked | OrderLookup::Named | OrderLookup::OnlyOrder));
    // The reader's amount, held to the figures' roles (the amount guard, ADR-430).
    let read = form_ask
        .clone()
        .or_else(|| answered.clone())
        .unwrap_or_else(|| figures::guard(&own, requested_in(&own), identified.map(|o| o.amount_cents)));
    // Over-asks and alternatives by structure (ADR-800): a percentage over a hundred is that share of the order (F801);
    // two figures offered on either side of an "or" settle nothing (F805). A form's ask field stands as it is.
    let amount = match (&form_ask, grammar::percent_over_hundred(&own), identified) {
        (None, Some(p), Some(o)) => Amount::Cents((o.amount_cents * p + 99) / 100),
        (None, Some(_), None) => Amount::Ambiguous,
        (None, None, _) if grammar::offered_alternatives(&own) => Amount::Ambiguous,
        _ => read,
    };
    // An approximation is never paid out, whatever role it got (ADR-849): a figure settled as the amount that the
    // customer wrote only approximately ("I think it was about a tenner?", "roughly 20 quid", "~15") cannot be
    // settled when the request governs it (U1); a price said approximately ("I paid around $60 … refund it") leaves a
    // request for the order's amount. A form's ask field stands as it is.
    let amount = match amount {
        Amount::Cents(v) if form_ask.is_none() && only_approximate(&own, v) => {
            if figures::figures(&own).iter().any(|f| f.cents == v && f.role == figures::FigureRole::Asked) {
                Amount::Ambiguous
            } else {
                Amount::Missing
            }
        }
        a => a,
    };
    // A figure the customer leaves to the shop ("value to be confirmed by your team", "amount TBC", "whatever you
    // work out it's worth") is a partial refund with no figure: it cannot be settled (U1), never the order's amount
    // (ADR-893, b19 `g-042`).
    let amount = match amount {
        Amount::Missing | Amount::Full if wants_refund && form_ask.is_none() && figure_left_to_shop(&own) => {
            Amount::Ambiguous
        }
        a => a,
    };
    // A request made only by a processing imperative that points back ("Please go ahead and confirm") asks what its
    // antecedent named (ADR-951): that clause's one figure, even one the guard took for a figure quoted by someone
    // else; several cannot be settled. Never the order's amount in place of a figure named.
    let amount = match (&clauses.antecedent, amount) {
        (Some(figs), Amount::Missing | Amount::Full) if form_ask.is_none() && answered.is_none() => {
            match figs.as_slice() {
                [] => Amount::Missing,
                [one] => Amount::Cents(*one),
                _ => Amount::Ambiguous,
            }
        }
        (_, a) => a,
    };
    // A figure tied to another purchase or another time ("the $150 rug you sorted out last year") is not the amount
    // asked by a request that names none (ADR-961): when the reader took it and it is over the order's amount, the
    // ask is the order's. A request clause that names it keeps it.
    let amount = match (amount, identified) {
        (Amount::Cents(v), Some(o))
            if v > o.amount_cents
                && form_ask.is_none()
                && answered.is_none()
                && settle::other_story_figures(&own).contains(&v)
                && !self::clauses(&own)
                    .into_iter()
                    .any(|(s, e)| clause_intent(&own[s..e]).request && reply_figures(&own[s..e]).contains(&v)) =>
        {
            Amount::Missing
        }
        (a, _) => a,
    };
    // A figure below the order's amount named in the very sentence that asks ("refund only the price of the shade,
    // 15,50 €", "this cable cost 9,99 zł, please return me this money") is what that sentence asks for, even when
    // the reader took it for a price: the order's amount in its place would pay more than the customer asked (b24
    // `g-018`, `g-019`: 89.00 and 149.99 paid for 15.50 and 9.99; ADR-381). Several such figures cannot be settled.
    // What the customer says they paid ("I paid like $80 for this, I want my money back") is the order's price as
    // they remember it, not a part's: the policy's own example of a price that is not the ask.
    let amount = match (amount, identified) {
        (Amount::Missing, Some(o)) if wants_refund && form_ask.is_none() && answered.is_none() => {
            let mut below: Vec<i64> = self::clauses(&own)
                .into_iter()
                .filter(|&(s, e)| clause_intent(&own[s..e]).request && !told_paid(&own[s..e]))
                .flat_map(|(s, e)| reply_figures(&own[s..e]))
                .filter(|v| *v > 0 && *v < o.amount_cents)
                .collect();
            below.sort_unstable();
            below.dedup();
            match below.as_slice() {
                [] => Amount::Missing,
                [one] => Amount::Cents(*one),
                _ => Amount::Ambiguous,
            }
        }
        (a, _) => a,
    };
    // A figure the ask points back at ("the strap cost 8, please refund this amount", "= 20, could you refund that") is
    // the figure asked, never the order's amount in its place (ADR-990); the item's price near the order's amount
    // with a bare ask ("jacket was $60. doesnt fit. money back" on 67.95) is the order's price as remembered: the
    // order's amount (ADR-989).
    let amount = match (amount, identified) {
        (Amount::Missing, Some(o)) if wants_refund && form_ask.is_none() && answered.is_none() => {
            let pointed = kinds::anaphoric_figure(&own, o.amount_cents)
                .or_else(|| kinds::one_unit_price(&own, o.amount_cents))
                .or_else(|| kinds::part_figure(&own, o.amount_cents))
                .or_else(|| kinds::charge_pointed_back(&own, o.amount_cents));
            pointed.map_or(Amount::Missing, Amount::Cents)
        }
        (Amount::Cents(v), Some(o))
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && kinds::price_is_order(&own, v, o.amount_cents) =>
        {
            Amount::Missing
        }
        (a, _) => a,
    };
    // b25's kinds (ADR-1015, ADR-1017, ADR-1018). A share with its result named asks the result when it is that share
    // of the order's amount, and cannot be settled when it is not (never the result, never the share).
    let amount = match (share_named, amount) {
        (Some(kinds25::ShareResult::Consistent(v)), Amount::Ambiguous | Amount::Missing | Amount::Full) => {
            Amount::Cents(v)
        }
        (Some(kinds25::ShareResult::Inconsistent), Amount::Cents(_) | Amount::Missing | Amount::Full) => {
            Amount::Ambiguous
        }
        (_, a) => a,
    };
    // A gross beside its net and tax lines that add up to it, marked as the amount or the only total: the gross.
    let amount = match amount {
        Amount::Ambiguous | Amount::Missing | Amount::Full
            if wants_refund && form_ask.is_none() && answered.is_none() =>
        {
            kinds25::gross_of_breakdown(&own).map_or(amount, Amount::Cents)
        }
        a => a,
    };
    // A figure the story tells in a sentence that asks nothing (a tip, a rate of another service, a third party's fee),
    // the asking sentences naming none and pointing back at none: the request names no amount, the order's.
    let amount = match (amount, identified) {
        (Amount::Cents(v), Some(_))
            if wants_refund && form_ask.is_none() && answered.is_none() && kinds25::story_figure(&own, v) =>
        {
            Amount::Missing
        }
        (a, _) => a,
    };
    // dev26's kinds (ADR-1020): a figure asked "of it" settles what several figures left open; the full amount and a
    // figure added by "+" is an over-ask; money back for a part whose figure is only approximate cannot be settled.
    let amount = match amount {
        Amount::Ambiguous if wants_refund && form_ask.is_none() && answered.is_none() => {
            kinds26::amount_of_it(&own).map_or(Amount::Ambiguous, Amount::Cents)
        }
        Amount::Cents(v)
            if wants_refund && form_ask.is_none() && answered.is_none() && kinds26::full_plus(&own) == Some(v) =>
        {
            Amount::FullPlus(v)
        }
        Amount::Full | Amount::Missing if wants_refund && form_ask.is_none() && answered.is_none() => {
            match kinds26::full_plus(&own) {
                Some(v) => Amount::FullPlus(v),
                None if amount == Amount::Missing && kinds26::unsure_part(&own) => Amount::Ambiguous,
                None => amount,
            }
        }
        a => a,
    };
    // An itemised list of demands totalling more than the order is an over-ask (X2, ADR-1041), never the order's
    // amount or one item's figure.
    let listed_lines: String = text.lines().filter(|l| !l.trim_start().starts_with('>')).collect::<Vec<_>>().join("\n");
    let amount = match (desk25::itemised_total(&listed_lines), order.map(|o| o.amount_cents)) {
        // A list read as a form's ask names one item's figure: the list's total is still asked.
        (Some(total), Some(cap)) if total > cap && wants_refund && answered.is_none() => Amount::Cents(total),
        _ => amount,
    };
    // An unsettled figure (alternatives, a range, an approximation, an estimate, a hedge) outside a price is never
    // paid out and never falls back to the order's amount (ADR-959): the request cannot be settled (U1).
    let amount = match amount {
        a @ (Amount::Full | Amount::FullPlus(_) | Amount::Times(_) | Amount::MoreThan(_)) => a,
        _ if wants_refund && form_ask.is_none() && settle::unsettled(&own).is_some() => Amount::Ambiguous,
        // A figure to pay that the customer said approximately or unsurely, even as a price ("it was maybe 6 euro, not
        // sure. … give back this money"): neither it nor the order's amount is paid (ADR-387).
        Amount::Cents(v) if wants_refund && form_ask.is_none() && kinds::said_unsurely(&own, v) => Amount::Ambiguous,
        a => a,
    };
    // desk26's kinds (ADR-1045…ADR-1047): a count at a unit price with the total it comes to settles the amount; a
    // fee told beside a bare ask is a price mentioned; story prices beside the order's own figure are no alternatives.
    let settled_free = || form_ask.is_none() && answered.is_none() && settle::unsettled(&own).is_none();
    let asks = |s: &str| intent_in(s).request;
    let amount = match (amount, identified) {
        (Amount::Ambiguous, Some(o)) if wants_refund && form_ask.is_none() && answered.is_none() => {
            // An approximate figure in a sentence that asks nothing is a price told, not the ask (policy.md).
            let unsettled_in_ask = settle::unsettled(&own)
                .is_some_and(|(_, span)| desk25::sentences(&own).any(|s| asks(s) && s.contains(span.as_str())));
            match desk26::worked_total(&own, &reply_figures(&own)) {
                Some(t) if settled_free() => Amount::Cents(t),
                _ if !unsettled_in_ask
                    && desk26::story_prices_beside_order(&own, o.amount_cents, asks, reply_figures) =>
                {
                    Amount::Missing
                }
                _ => Amount::Ambiguous,
            }
        }
        // The unit price read as the ask where the count and the total it comes to are written: the total.
        (Amount::Cents(v), Some(_))
            if wants_refund
                && settled_free()
                && desk26::worked_total(&own, &reply_figures(&own)).is_some_and(|t| v > 0 && t > v && t % v == 0)
                && !desk25::sentences(&own)
                    .any(|s| asks(s) && (reply_figures(s).contains(&v) || desk26::decimals(s).contains(&v)))
                && !desk25::sentences(&own).any(|s| asks(s) && desk27::asks_one_of_several(s, &own)) =>
        {
            desk26::worked_total(&own, &reply_figures(&own)).map_or(Amount::Cents(v), Amount::Cents)
        }
        (Amount::Missing, Some(o)) if wants_refund && settled_free() => {
            match desk26::named_thing_figure(&own, asks, reply_figures) {
                Some(v) if v > 0 && v < o.amount_cents && !kinds::price_is_order(&own, v, o.amount_cents) => {
                    Amount::Cents(v)
                }
                _ => Amount::Missing,
            }
        }
        (Amount::Cents(v), Some(o))
            if wants_refund
                && v < o.amount_cents
                && settled_free()
                && desk26::fee_only_told(&own, v, asks, reply_figures) =>
        {
            Amount::Missing
        }
        (a, _) => a,
    };
    // An ask that names a part of the money ("a partial credit of 12.5%", "half back") is never for the order's whole
    // amount: with no figure settled for it, it cannot be settled (U1), never the order's amount (ADR-1065).
    let amount = match amount {
        Amount::Missing
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && desk25::sentences(&own).any(|s| asks(s) && desk27::names_share(s)) =>
        {
            Amount::Ambiguous
        }
        a => a,
    };
    // desk30 (ADR-1099): a figure the customer could not settle (approximate, or alternatives) that the ask points
    // back at or prices a part with: the request names a figure, unsettled (U1), never the order's amount.
    let amount = match amount {
        Amount::Missing
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && desk30::unsettled_named(&own, identified.map(|o| o.amount_cents), asks) =>
        {
            Amount::Ambiguous
        }
        a => a,
    };
    // desk32 (ADR-1118): a figure put under an obligation to come back ("the 4.99 express fee should come back to
    // me") is what that act asks, whatever other prices the story tells.
    let amount = match amount {
        Amount::Ambiguous | Amount::Missing if wants_refund && form_ask.is_none() && answered.is_none() => {
            acts::obligation_figure(&own, reply_figures).map_or(amount, Amount::Cents)
        }
        a => a,
    };
    // A remainder asked ("send the other 20 please") asks its own figure; with none it cannot be settled — never the
    // order's amount (ADR-1118).
    let amount = match (amount, acts::remainder_figure(&own)) {
        (Amount::Missing | Amount::Full | Amount::Ambiguous, Some(Some(v)))
            if wants_refund && form_ask.is_none() && answered.is_none() =>
        {
            Amount::Cents(v)
        }
        (Amount::Missing | Amount::Full, Some(None)) if wants_refund && form_ask.is_none() && answered.is_none() => {
            Amount::Ambiguous
        }
        (a, _) => a,
    };
    // The figures' roles (desk31, ADR-1106): where the steps above assumed the order's amount or settled none, the one
    // figure the customer asks is the amount (several cannot be settled); the order's amount is never assumed over a
    // figure asked.
    // A layout's ask that settled no figure (a list or a form read as the order's amount) is held to the roles too.
    let layout_open = matches!(form_ask, None | Some(Amount::Missing | Amount::Full | Amount::Ambiguous));
    // A share whose named result is not that share of the order (ADR-1018) stays unsettled: its figure is blanked in
    // the prepared text, so the roles would see a lone figure asked.
    let share_unsettled = matches!(share_named, Some(kinds25::ShareResult::Inconsistent));
    let amount = if wants_refund && layout_open && answered.is_none() && !share_unsettled {
        // What the steps above found unsettled (an approximation, alternatives, a hedge), by its span; a whole-text
        // cue of alternatives or of a figure left to the shop counts everywhere.
        let unsettled = settle::unsettled(&own).map(|(_, span)| span).or_else(|| {
            (grammar::offered_alternatives(&own)
                || dashes::alternatives(&r.alternatives, &own)
                || r.uncertain_figure.is_match(&own)
                || r.alt_unnamed.is_match(&own)
                || figure_left_to_shop(&own))
            .then(|| own.clone())
        });
        let layout_ambiguous = form_ask == Some(Amount::Ambiguous);
        roles::settle(&own, amount, identified.map(|o| o.amount_cents), unsettled.as_deref(), layout_ambiguous).0
    } else {
        amount
    };
    // An unworded ask asks the figure its cue sentence names, never the order's amount (ADR-1079).
    // settle44 (ADR-1501): several figures in the cue sentences, one of them the one figure the roles read as asked and
    // the steps settled: that figure (the others are its working or a price told).
    let amount = if unworded {
        match desk29::unworded_amount(&own, reply_figures) {
            Amount::Ambiguous => one_asked::settled(&own, &amount).map_or(Amount::Ambiguous, Amount::Cents),
            a => a,
        }
    } else {
        amount
    };
    // The full price and a figure added, said as what the customer wants ("So what I want: the full price of the table
    // plus the $15 I paid for postage"), is an ask, and an over-ask (X2), even where no request was read (ADR-1107):
    // it can only ever be refused.
    let (wants_refund, amount) = match roles::full_plus(&own) {
        Some(v)
            // The figure added read as the whole ask (b108 `g-024`: "the full price plus the $15 I spent on
            // postage" was read as $15) is the same over-ask.
            if (!wants_refund
                || matches!(amount, Amount::Missing | Amount::Full | Amount::Ambiguous)
                || amount == Amount::Cents(v))
                && !disclaimed
                && identified.is_some()
                && answered.is_none() =>
        {
            (true, Amount::FullPlus(v))
        }
        _ => (wants_refund, amount),
    };
    // ask40 (ADR-1293): the reader's own amount is the full price with a figure added ("fake. full price plus $15 for
    // my postage back", "the full price plus $15 for postage. bag was 60"): a noun phrase that can only be an ask, and
    // only ever refused (X2), even where no verb of asking was read.
    let wants_refund = wants_refund
        || (matches!(amount, Amount::FullPlus(_))
            && !disclaimed
            && identified.is_some()
            && answered.is_none()
            && !clauses.status_question
            && !clauses.acknowledged);
    // A partial ask is never for the order's amount: the one part's figure below it, if the words name one (ADR-399).
    let amount = match identified.map(|o| o.amount_cents) {
        Some(order)
            if wants_refund
                && answered.is_none()
                && form_ask.is_none()
                && (matches!(amount, Amount::Full | Amount::Missing) || amount == Amount::Cents(order)) =>
        {
            roles::part_asked(&own, order).map_or(amount, Amount::Cents)
        }
        _ => amount,
    };
    // A part asked with the rest of the order kept and no figure for it ("Refund only the lid please, keeping the
    // pot"): the amount cannot be settled (U1), never the whole order paid (outside attack 49). The steps below may
    // still settle it (a unit priced, "the broken one").
    let amount = match amount {
        Amount::Missing
            if wants_refund
                && answered.is_none()
                && form_ask.is_none()
                && identified.is_some()
                && roles::rest_kept(&own) =>
        {
            Amount::Ambiguous
        }
        a => a,
    };
    // desk33 (ADR-1126): an ask multiplied or added to is the product or sum; above the order, X2 (never reduced).
    let amount = overask::guard(
        &own,
        amount,
        identified.map(|o| o.amount_cents),
        wants_refund && form_ask.is_none() && answered.is_none() && !ev.refunds.iter().any(|r| r.status == "executed"),
    );
    // The whole order asked with its parts told ("the whole order (the inflatable boat, $489.00 + $13.00 shipping)" on
    // a $502.00 order, blind91 `b-19`): the addend is a part of the order's amount, nothing on top of it.
    let amount = match (amount, identified) {
        // The figure "added" is the order's amount itself ("refund incl. postage — 34.95 unit + 3.95 carriage =
        // 38.90" on a 38.90 order, amount45): the whole, written with what it includes.
        (Amount::FullPlus(v), Some(o))
            if v == o.amount_cents
                || money::read(&own).iter().any(|a| a.cents > 0 && a.cents + v == o.amount_cents) =>
        {
            Amount::Full
        }
        (a, _) => a,
    };
    // A figure asked "as well" beside a refund already under way (pending on record) adds to that refund, not to the
    // order's full price: the figure is the ask (desk37, ADR-1183). A full price asked in words still adds.
    let amount = match amount {
        Amount::FullPlus(v)
            if ev.refunds.iter().any(|r| r.status == "pending")
                && !r.full.is_match(&own)
                // The figure the ask names, or the ticket's only figure ("Plus 12 for the bowl", ask39).
                && (roles::asked(&roles::read(&own)) == [v] || reply_figures(&own) == [v]) =>
        {
            Amount::Cents(v)
        }
        a => a,
    };
    // ADR-1180: only an executed refund makes a thank-you or a status question an X4 candidate; a pending one has its
    // own rule (ADR-1043), and "pending already, but just in case: refund $45.00" asks (holdout `ho-x3-04`).
    let executed_on_record: Vec<i64> =
        ev.refunds.iter().filter(|r| r.status == "executed").map(|r| r.amount_cents).collect();
    // desk34 (ADR-1140…ADR-1143): which figure is asked, after every step above — a correction replaces the figure
    // it takes back; alternatives settle nothing; another's price and a thing kept are never the ask; a working's
    // result, a fee asked back by name and a share with no figure are.
    let (wants_refund, amount) = desk34_ask(
        &own,
        &seen,
        wants_refund,
        amount,
        identified.map(|o| o.amount_cents),
        form_ask.is_none() && !disclaimed,
        answered.is_some(),
    );
    // A part asked in place of the whole names its own figure beside the whole's, which a reply's reading would take.
    let amount = match part_for_whole.as_ref().or(price_difference.as_ref()) {
        Some(part) if form_ask.is_none() => part.clone(),
        _ => amount,
    };
    // The whole asked with a part it includes ("refund everything including the $5.99 shipping", "the lot, delivery
    // ($29.99) included"): the order's amount, never the part (outside attack 56).
    let amount = match (identified, amount) {
        (Some(o), Amount::Cents(v))
            if wants_refund && form_ask.is_none() && v < o.amount_cents && wants::whole_including(&own) =>
        {
            Amount::Cents(o.amount_cents)
        }
        (_, a) => a,
    };
    // A duplicate charge asks the extra charge back: the figure it was reported with, when the others only tell
    // the story (a balance, a date) (ADR-1200).
    // A request that names no figure on a duplicate told at a figure of its own ("charged twice, $80 each time.
    // refund the extra" on a $49.99 order) asks that charge back too, not the order's amount (F1615); charged three
    // times, "the 2 extra" are two charges.
    let amount = match amount {
        Amount::Ambiguous | Amount::Missing | Amount::Full
            if duplicate && wants_refund && form_ask.is_none() && answered.is_none() =>
        {
            let order_cents = identified.map(|o| o.amount_cents);
            let charges = duplicates::extra_charges(&own);
            match (duplicates::extra_charge(&own), order_cents) {
                (Some(v), _) if amount == Amount::Ambiguous || Some(v) != order_cents || charges > 1 => {
                    Amount::Cents(v * charges)
                }
                // Every charge asked back at the order's figure ("Charged twice. Refund both charges."): the order's
                // amount that many times (outside attack 48).
                (None, Some(o)) if charges > 1 && amount != Amount::Ambiguous => Amount::Cents(o * charges),
                _ => amount,
            }
        }
        Amount::Cents(v) if duplicate && wants_refund && duplicates::extra_charge(&own) == Some(v) => {
            Amount::Cents(v * duplicates::extra_charges(&own))
        }
        a => a,
    };
    // A total the customer claims from parts (the price and the postage, a fee, their time, compensation), above the
    // order's amount: that total is asked (ask39, ADR-1240) — X2, never the order's amount or one of its parts. Said
    // as a claim where no request was read ("My claim is the price of 89.00 plus 20.00 …, total 109.00"), it is one:
    // it can only ever be refused.
    let claimed = identified
        .filter(|_| !wants_refund && !disclaimed && answered.is_none() && claimed_total::claims(&own))
        .and_then(|o| claimed_total::over_order(&own, o.amount_cents));
    let (wants_refund, amount) = match claimed {
        Some(t) => (true, Amount::Cents(t)),
        None => (wants_refund, amount),
    };
    let amount = match (identified, &amount) {
        (Some(o), Amount::Cents(_) | Amount::Missing | Amount::Full | Amount::Ambiguous)
            if wants_refund && !matches!(amount, Amount::Cents(v) if v > o.amount_cents) =>
        {
            claimed_total::over_order(&own, o.amount_cents).map_or(amount, Amount::Cents)
        }
        _ => amount,
    };
    // close39 (ADR-1273): a structural ask that names its figure ("12 for that one please", "I ask again for the
    // 39.99") asks that figure where the steps above settled none: never the order's amount in its place, and a
    // figure named beside a pending refund is something new (ADR-1043).
    let amount = match (amount, clauses.asked) {
        (Amount::Missing | Amount::Full, Some(v)) if wants_refund && form_ask.is_none() && answered.is_none() => {
            Amount::Cents(v)
        }
        (a, _) => a,
    };
    // amt42 (ADR-1380…ADR-1383): which figure is asked, by its role in its clause — a count at a unit price asks the
    // product; a part governed by "just"/"only" after the whole is declined asks that part; a figure the shop's own act
    // governs is on record, the other figure the asking sentence names is the ask. Never above the order's amount.
    let (wants_refund, amount) =
        if form_ask.is_none() && answered.is_none() && !ev.refunds.iter().any(|r| r.status == "executed") {
            let may_ask = !clauses.status_question && !clauses.acknowledged && !chases_pending;
            figure_roles42::settle(&own, wants_refund, amount, identified.map(|o| o.amount_cents), may_ask)
        } else {
            (wants_refund, amount)
        };
    // ask43 (ADR-1460): a charge given back asks the charge's figure, never the order's amount; with no figure tied to
    // the charge, the amount is unsettled (U1).
    // A cost added to the whole asked (FullPlus) stays an over-ask: the charge's figure is that cost, not the ask
    // (outside attack 66: "Please credit invoice value plus our USD 40.00 return freight").
    let amount = if wants_refund
        && clauses.charge
        && !clauses.uncharged
        && form_ask.is_none()
        && answered.is_none()
        && !matches!(amount, Amount::FullPlus(_))
    {
        match asks43::charge_figure(&own, &clauses_of(&own)) {
            Some(v) => Amount::Cents(v),
            None => match amount {
                Amount::Cents(v) if identified.is_some_and(|o| v < o.amount_cents) => amount,
                _ => Amount::Ambiguous,
            },
        }
    } else {
        amount
    };
    // settle43 (ADR-1470…ADR-1474): whether the amount can be settled, read last. A refused offer is no alternative
    // (the full amount asked is the order's); a figure taken back is replaced by its correction; a share with its
    // amount named asks that amount; an ask pointing back at the one cost told before it asks that cost; a figure
    // the writer could not settle (a hedged approximation, alternatives, a range) beside the ask is never paid (U1).
    let amount = if wants_refund && form_ask.is_none() && answered.is_none() {
        settle43_amount(&own, amount, identified.map(|o| o.amount_cents))
    } else {
        amount
    };
    // amount44 (ADR-1480…ADR-1483): which figure an asking sentence works out, read last — a count at a unit price with
    // what it comes to asks the result; parts of the ask joined and their total named ask the total (above the order,
    // X2); two charges counted at one figure on a duplicate ask that one figure back.
    let amount = if wants_refund && form_ask.is_none() && answered.is_none() {
        counts_amount(&own, amount, identified.map(|o| o.amount_cents), duplicate)
    } else {
        amount
    };
    // amount45 (ADR-1531): a figure owned by a thing the request does not reach ("the $15 pens", "the brass one from the
    // antiques place for £40", "the telly … (that was 649 pounds)") is not asked: the request's own figure, or the
    // order's amount.
    let amount = match (identified, amount) {
        (Some(o), Amount::Cents(v)) if wants_refund && form_ask.is_none() && answered.is_none() => {
            match owners::unreached(&own, v, o.amount_cents) {
                Some(Some(a)) => Amount::Cents(a),
                Some(None) => Amount::Missing,
                None => Amount::Cents(v),
            }
        }
        (_, a) => a,
    };
    // amount45 (ADR-1530): an ask that names no money but reaches units priced once, by their count or by pointing at
    // the working ("2 x 22.50 … refund those two", "14.00 each. Can you refund those two?", "refund the one that's
    // missing"), asks the count times the unit (or the result written): never the order's amount, the unit or the
    // working's total in its place; above the order's amount an over-ask (X2).
    let amount = match (identified, &amount) {
        (Some(_), Amount::Missing | Amount::Full | Amount::Ambiguous)
            if wants_refund && form_ask.is_none() && answered.is_none() =>
        {
            counted_ask::asked(&own).map_or(amount, Amount::Cents)
        }
        (Some(o), Amount::Cents(v))
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && counted_ask::replaces(&own, *v, o.amount_cents) =>
        {
            counted_ask::asked(&own).map_or(amount, Amount::Cents)
        }
        _ => amount,
    };
    // amount45 (ADR-1533): arithmetic the customer writes — a sum worked out in the asking sentence asks its result
    // ("20.00 item + 4.95 delivery = 24.95"); a difference asked ("overcharged by 1.00 … refund it", "refund the
    // difference (9.99)") asks its figure, never the order's amount or the invoice's total.
    let amount = match identified {
        // A figure or a share taken off the order's figure asked (outside attack 59: "Please refund $80.00, less your
        // $12.00 return fee", "$80.00 back please, minus $12.00 for the return label"): the rest is asked — never the
        // two read as an addition; a share taken off names no figure (U1).
        Some(_) if wants_refund && form_ask.is_none() && answered.is_none() && arithmetic::share_off(&own) => {
            Amount::Ambiguous
        }
        // The customer's own subtraction in the ask ("Please refund $80.00 - $15.00 restocking fee = $65.00"): its
        // result, whatever figure the reader took.
        Some(o)
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && arithmetic::worked_difference(&own, o.amount_cents).is_some() =>
        {
            arithmetic::worked_difference(&own, o.amount_cents).map_or(amount, Amount::Cents)
        }
        Some(o)
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && matches!(amount, Amount::FullPlus(_) | Amount::Cents(_))
                && arithmetic::remainder(&own, o.amount_cents).is_some() =>
        {
            arithmetic::remainder(&own, o.amount_cents).map_or(amount, Amount::Cents)
        }
        Some(o)
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && !matches!(amount, Amount::FullPlus(_) | Amount::Times(_) | Amount::MoreThan(_)) =>
        {
            match (arithmetic::worked_sum(&own, o.amount_cents), arithmetic::difference(&own, o.amount_cents)) {
                (Some(r), _) if matches!(amount, Amount::Missing | Amount::Full | Amount::Ambiguous) => {
                    Amount::Cents(r)
                }
                (_, Some(d)) => Amount::Cents(d),
                // The rest after a figure kept back ("Keep $10 … and refund the rest").
                _ => arithmetic::remainder(&own, o.amount_cents).map_or(amount, Amount::Cents),
            }
        }
        _ => amount,
    };
    // amount45 (ADR-1532): a figure restated in parentheses in the sentence that asks ("want compensation three hundred
    // (300) back", "give me back money 三十 dollar (30)") is asked, never the order's amount in its place.
    let amount = match amount {
        Amount::Missing | Amount::Full
            if wants_refund && form_ask.is_none() && answered.is_none() && identified.is_some() =>
        {
            restatements::asked(&own).map_or(amount, Amount::Cents)
        }
        a => a,
    };
    // A short acceptance of the refund the shop's quoted message offered ("Yes ok, go ahead with the 20.") asks it,
    // though the reply names no refund itself (blind90 `g-029`).
    let (wants_refund, amount) = match identified {
        Some(o) if !wants_refund && !disclaimed && form_ask.is_none() && offers::accepts(&own) => {
            match offers::accepted(&text, &own).filter(|v| *v <= o.amount_cents) {
                Some(v) => (true, Amount::Cents(v)),
                None => (wants_refund, amount),
            }
        }
        _ => (wants_refund, amount),
    };
    // amount44 (ADR-1483): a short reply that chooses the refund the shop's quoted message offered asks its figure,
    // never the order's amount.
    let open = match (&amount, identified) {
        // The full refund taken of the options offered ("I'll take the full refund please" below "either a 15%
        // partial refund of €9.00 … or a full refund once the item is returned", blind118 `g-009`) chooses no figure.
        (Amount::Missing | Amount::Ambiguous, Some(_)) => true,
        (Amount::Cents(v), Some(o)) => *v == o.amount_cents,
        _ => false,
    };
    let amount = match identified {
        Some(o) if open && wants_refund && form_ask.is_none() => {
            offers::chosen(&text, &own).filter(|v| *v <= o.amount_cents).map_or(amount, Amount::Cents)
        }
        _ => amount,
    };
    // A part of the order asked (outside attack 57, ADR-1619): a fee, what was not used, the whole but a thing kept,
    // one of several, counted units, one payment of several — its figure told in the ticket, or none (U1); never the
    // order's amount in its place, and never a count read as money.
    let amount = match (identified, amount) {
        (Some(o), a)
            if wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && !duplicate
                && match a {
                    Amount::Missing | Amount::Full => true,
                    // The rest kept and no figure read yet (the step above): the part's own figure may settle it.
                    Amount::Ambiguous => roles::rest_kept(&own) || parts_asked::carriage_asked(&own),
                    Amount::Cents(v) => {
                        v == o.amount_cents
                            || parts_asked::count_read_as_money(&own, v)
                            || parts_asked::instalment_unit(&own) == Some(v)
                    }
                    _ => false,
                } =>
        {
            match parts_asked::part_asked(&own, o.amount_cents) {
                // A part's figure among alternatives or hedged ("it was 12... or was it 15?") settles nothing (U1).
                Some(parts_asked::PartAsked::Figure(_))
                    if grammar::offered_alternatives(&own)
                        || uncertain_figure_in(&own)
                        || dashes::alternatives(&res().alternatives, &own)
                        || two_figures_either(&own) =>
                {
                    Amount::Ambiguous
                }
                Some(parts_asked::PartAsked::Figure(v)) => Amount::Cents(v),
                Some(parts_asked::PartAsked::Unsettled) => Amount::Ambiguous,
                None => a,
            }
        }
        (_, a) => a,
    };
    // Goods counted at a unit price, and the units the ask wants back (counted_units.rs, ADR-1627); a figure asked by
    // its label ("the gross amount", labelled.rs).
    let amount = match identified {
        Some(o)
            if matches!(amount, Amount::Missing | Amount::Full | Amount::Cents(_))
                && wants_refund
                && form_ask.is_none()
                && answered.is_none()
                && !duplicate =>
        {
            let read = match amount {
                Amount::Cents(v) => Some(v),
                _ => None,
            };
            counted_units::asked(&own, o.amount_cents, read)
                .or_else(|| labelled::asked(&own, o.amount_cents, read))
                // The customer's words before the working was blanked ("refund net please (25.00 + 5.00 VAT =
                // 30.00)" keeps only its result): the label reader reads the working itself.
                .or_else(|| own.contains("          ").then(|| labelled::asked(&text, o.amount_cents, read)).flatten())
                .map_or(amount, Amount::Cents)
        }
        _ => amount,
    };
    // An instalment plan asked back with its fee on top (outside attack 62): the plan's total and the fee.
    let amount = match identified {
        Some(o) if wants_refund && form_ask.is_none() && answered.is_none() => {
            parts_asked::plan_with_fee_asked(&text, o.amount_cents).map_or(amount, Amount::Cents)
        }
        _ => amount,
    };
    // unsettled45 (ADR-1550, ADR-1551): nothing asked that the reader can settle, and a want all the same — a figure
    // left to the shop or an unsettled figure beside a complaint or a problem told; or a reply to the shop's
    // quoted "which order?" that picks none of several. Escalated for information (U1), never closed or paid.
    let names_problem = desk26::names_problem(&own);
    let shop_words: String = thread
        .earlier
        .iter()
        .filter(|m| m.side == speakers::Side::Shop)
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let unread_ask = unread_ask
        || (!wants_refund
            && !disclaimed
            && !clauses.status_question
            && !clauses.acknowledged
            && (wants::unsettled_want(&own, amount == Amount::Ambiguous, complaint, names_problem)
                || (ev.lookup == OrderLookup::Ambiguous && wants::shop_asked_which_order(&shop_words))));
    let facts = Facts {
        wants_refund,
        amount,
        order: ev.lookup.clone(),
        order_amount_cents: order.map(|o| o.amount_cents),
        order_status: order.map(|o| o.status.clone()),
        placed_days_ago: order.map(|o| o.placed_days_ago),
        executed_prior_refund: ev.refunds.iter().any(|r| r.status == "executed"),
        // Everything a person sees: a chat's agent turns and embedded instructions included (the safe side).
        safety_legal_injury: safety_legal_injury(&layout.seen),
        refund_status_question: clauses.status_question && !wants_refund,
        duplicate_charge: duplicate,
        intent,
        vague,
        pending_prior_refund: ev.refunds.iter().any(|r| r.status == "pending"),
        names_problem,
        unread_ask,
        about_refund_on_record: wants_refund
            && about_refund_on_record(&own, &executed_on_record, order.map(|o| o.amount_cents)),
        other_remedy_asked: !wants_refund
            && !clauses.status_question
            && !clauses.acknowledged
            // The words before the refund words asking nothing are blanked: "I'd prefer a replacement to my money
            // back" loses its whole clause to that blanking.
            && (wants::other_remedy_asked(&own_words(&crate::content::normalize(&text)))
                || wants::priced_goods_asked(&own_words(&crate::content::normalize(&text)))),
        second_reading: None,
    };
    // The customer's side of the thread: their words and the earlier messages of theirs they forward, never the
    // shop's replies (whose "Trading Standards or the ombudsman" is no threat, hazards41).
    let customer_side = if thread.customer_below() { thread.customer_in_order() } else { own.clone() };
    (facts, learned::GrammarView { own, disclaimed, customer_side })
}

/// amount44's readings (ADR-1480…ADR-1483; `classify/counts.rs`), applied after every other step of the amount.
fn counts_amount(own: &str, amount: Amount, order: Option<i64>, duplicate: bool) -> Amount {
    let Some(o) = order else { return amount };
    // A worked product asks its result in place of its unit, the order's amount or no figure (ADR-1480).
    if let Some((unit, result)) = counts::worked_product(own, o) {
        match amount {
            Amount::Cents(v) if v == unit || (v == o && v != result) => return Amount::Cents(result),
            Amount::Missing | Amount::Full | Amount::Ambiguous => return Amount::Cents(result),
            _ => {}
        }
    }
    // A total the ask comes to above the order is asked: an over-ask, never the order's amount or a part (ADR-1481).
    if let Some(total) = counts::asked_total(own, o) {
        match amount {
            Amount::Cents(v) if v <= o => return Amount::Cents(total),
            Amount::Missing | Amount::Full | Amount::Ambiguous => return Amount::Cents(total),
            _ => {}
        }
    }
    // Two charges counted at one figure on a duplicate, read as their product: the one extra charge (ADR-1482).
    match (amount, duplicates::counted_charge(own, duplicate)) {
        (Amount::Cents(v), Some(f)) if duplicate && v == 2 * f && f <= o => Amount::Cents(f),
        (a, _) => a,
    }
}

/// settle43's readings (ADR-1470…ADR-1474; `classify/settle43.rs`), applied after every other step of the amount.
fn settle43_amount(own: &str, amount: Amount, order: Option<i64>) -> Amount {
    let Some(o) = order else { return amount };
    let amount = match amount {
        Amount::Ambiguous if settle43::refused_then_full(own) && settle43::corrected_figure(own).is_none() => {
            Amount::Full
        }
        a => a,
    };
    let amount = match (amount, settle43::corrected_figure(own)) {
        (Amount::Ambiguous, Some(v)) => Amount::Cents(v),
        (a, _) => a,
    };
    let amount = match amount {
        Amount::Ambiguous => settle43::share_figure(own, o).map_or(Amount::Ambiguous, Amount::Cents),
        a => a,
    };
    let amount = match amount {
        Amount::Missing | Amount::Full => settle43::pointed_cost(own, o).map_or(amount, Amount::Cents),
        a => a,
    };
    let amount = match amount {
        Amount::Cents(_) | Amount::Missing if settle43::uncertain_ask(own, order) => Amount::Ambiguous,
        a => a,
    };
    // A figure asked in a form the reader could not read is no "no figure": never the order's amount (ADR-1616).
    match amount {
        Amount::Missing | Amount::Full if unread::figure_left_unread(own) => Amount::Ambiguous,
        Amount::Cents(_) if unread::split_figure(own) => Amount::Ambiguous,
        a => a,
    }
}

/// The lines of a text that are not a reply quoted with ">".
fn unquoted_lines(text: &str) -> String {
    text.lines().filter(|l| !l.trim_start().starts_with('>')).collect::<Vec<_>>().join("\n")
}

/// ADR-1180 (desk37): the refusals and the refund apply to requests. A ticket whose every clause read as asking money
/// back also acknowledges a refund or asks after one, and whose figures are only a refund on record's or the order's
/// amount, asks nothing new; with a refund on record (`on_record` non-empty) the policy's C1 reads it as an inquiry.
fn about_refund_on_record(own: &str, on_record: &[i64], order: Option<i64>) -> bool {
    if on_record.is_empty() {
        return false;
    }
    static NEW_ASK: OnceLock<Option<Regex>> = OnceLock::new();
    let new_ask = NEW_ASK
        .get_or_init(|| {
            Regex::new(r"(?i)\b(?:further|another|again|second|once\s+more|additional|also|too|as\s+well|after\s+all|still|now\s+(?:i|we|please|pls|kindly)|just\s+in\s+case)\b|(?:^|[:;,]\s*)(?:please\s+|pls\s+|kindly\s+)?(?:refund|credit|reimburse)\s+(?:me\s+|us\s+)?(?:the\s+)?[$€£\d]").ok()
        })
        .as_ref();
    let all: Vec<&str> = clauses(own).into_iter().map(|(s, e)| &own[s..e]).collect();
    // hazard38 (ADR-1193): the ticket thanks for or asks after a refund and no clause directs money to the writer —
    // no imperative, want or "can I get" with money as its object — and it names no figure but the refund's or the
    // order's, nor a word of asking anew: a clause read as asking only on a refund noun told ("dreading having to chase
    // the refund", "Zwrot 129,00 zł dotarł", "the refund shows as completed but …") asks nothing new.
    let acknowledges = intent::tells_refund_arrived(own)
        || all.iter().any(|c| {
            let i = clause_intent(c);
            i.acknowledged || i.status_question
        });
    // "No further action required" asks nothing anew.
    static NOTHING_MORE: OnceLock<Option<Regex>> = OnceLock::new();
    let told = NOTHING_MORE
        .get_or_init(|| {
            Regex::new(r"(?i)\bno\s+(?:further|more|other|additional)\b|\bnothing\s+(?:further|more|else)\b").ok()
        })
        .as_ref()
        .map_or_else(|| own.to_string(), |re| re.replace_all(own, " ").into_owned());
    if acknowledges
        && !desk25::sentences(own).any(intent::directs_money)
        && !new_ask.is_some_and(|re| re.is_match(&told))
        && reply_figures(own).iter().all(|v| on_record.contains(v) || Some(*v) == order)
    {
        return true;
    }
    let asking: Vec<&str> = all.iter().copied().filter(|c| clause_intent(c).request).collect();
    // The figures of the asking clauses; a figure told in a sentence that asks nothing is narrative ("another shop's
    // $200 lamp took two months").
    !asking.is_empty()
        && asking.iter().all(|c| {
            let i = clause_intent(c);
            // Nothing in it asks anew ("we require a further refund", "now I just want a refund of the 99.00 after
            // all": b25 `g-051`, `b-11`).
            (i.acknowledged || i.status_question)
                && !new_ask.is_some_and(|re| re.is_match(c))
                && reply_figures(c).iter().all(|v| on_record.contains(v) || Some(*v) == order)
        })
        && !desk26::names_problem(own)
}

/// desk34's readings of which figure is asked (ADR-1140…ADR-1143; `classify/desk34.rs`), applied last. `free`: no
/// form's ask field and no disclaimed request; `answered`: the reply answers the shop's question about the amount.
fn desk34_ask(
    own: &str,
    seen: &str,
    wants: bool,
    amount: Amount,
    order: Option<i64>,
    free: bool,
    answered: bool,
) -> (bool, Amount) {
    if !free || matches!(amount, Amount::FullPlus(_) | Amount::Times(_) | Amount::MoreThan(_)) {
        return (wants, amount);
    }
    let asks = wants || answered;
    // A figure taken back is replaced by its correction (ADR-1141).
    if asks && let Some((gone, right)) = desk34::corrected(own) {
        match amount {
            Amount::Cents(v) if gone.contains(&v) => return (wants, Amount::Cents(right)),
            Amount::Ambiguous | Amount::Missing | Amount::Full => return (wants, Amount::Cents(right)),
            _ => {}
        }
    }
    // Alternatives in an ask or in money owed settle nothing (ADR-1140).
    if (asks || desk34::owed(own)) && desk34::alternatives(own) {
        return (true, Amount::Ambiguous);
    }
    if answered {
        // A reply that offers two figures either way ("$10 or maybe $15?") settles none.
        if two_figures_either(own) {
            return (wants, Amount::Ambiguous);
        }
        // The reply's one figure that is no breakdown's part ("It's 500.01 - the two bays were 250.00 each").
        return (wants, desk34::answer_figure(own).map_or(amount, Amount::Cents));
    }
    // A fee asked back by name: its figure (ADR-1143).
    // A steps' Ambiguous left by the fee's figure read as a price in a sentence that asks nothing ("express shipping
    // 4.95 wasted … want the shipping back", desk35's MONEY_OBJ making the want a request) is settled by the fee's one
    // figure when nothing in the ticket is unsettled (no approximation, range or alternative; desk37).
    let fee_settles = |fee: &Option<i64>| {
        amount == Amount::Ambiguous
            && fee.is_some()
            && settle::unsettled(own).is_none()
            && !grammar::offered_alternatives(own)
    };
    if let Some(fee) = desk34::fee_asked(own)
        && (!wants
            || matches!(amount, Amount::Missing | Amount::Full)
            || fee_settles(&fee)
            || order.is_some_and(|o| amount == Amount::Cents(o)))
    {
        return (true, fee.map_or(Amount::Ambiguous, Amount::Cents));
    }
    // A share asked back with no figure: an ask that cannot be settled (ADR-1143).
    if !wants && desk34::share_back(own) && reply_figures(own).is_empty() {
        return (true, Amount::Ambiguous);
    }
    if !wants {
        return (wants, amount);
    }
    let Some(o) = order else { return (wants, amount) };
    // Another's price read as the ask: the request names no figure (ADR-1142).
    let amount = match amount {
        Amount::Cents(v) if desk34::others_price(own, v) => Amount::Missing,
        a => a,
    };
    // The working's stated result where the order's amount was assumed (ADR-1143); a forward's ask "as requested"
    // points into the forwarded message, where the working is.
    if let Some(t) = desk34::working_result(own)
        .or_else(|| desk34::as_requested(own).then(|| desk34::working_result(seen)).flatten())
        && (matches!(amount, Amount::Missing | Amount::Full) || amount == Amount::Cents(o))
    {
        return (wants, Amount::Cents(t));
    }
    // The thing with the problem, never the thing kept (ADR-1142).
    if let Some((kept, one)) = desk34::referent(own, o) {
        let kept_sum: i64 = kept.iter().sum();
        match amount {
            Amount::Missing | Amount::Full | Amount::Ambiguous => return (wants, Amount::Cents(one)),
            // A kept thing's own figure is never the ask, whatever role the sentence gave it ("Refund that please -
            // the 80.00 oven is fine, it's the 12.99 tray"); the order's amount or the sum is replaced only when the
            // roles do not say the customer asked it ("claiming 89.70" beside a sofa "still great", desk37).
            Amount::Cents(x)
                if kept.contains(&x)
                    || ((x == o || x == kept_sum + one) && !roles::asked(&roles::read(own)).contains(&x)) =>
            {
                return (wants, Amount::Cents(one));
            }
            _ => {}
        }
    }
    (wants, amount)
}

/// Whether a clause speaks of money that has not arrived: a money word (money, refund, payment, credit, funds, the
/// card or account it goes to) and an arrival verb denied ("I not see money", "nothing is coming to my card", "still
/// I am not receiving money"), or a question where it is ("where is it", "is it on the way", "when it arrive").
fn money_not_arrived(own: &str) -> bool {
    static RE: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((money, arrival)) = RE
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)\b(?:money|refund\w*|payment|credit|funds|cash|card|account|statement|bank|it)\b").ok()?,
                Regex::new(concat!(
                    r"(?i)\b(?:not|never|no|nothing|didn'?t|don'?t|haven'?t|hasn'?t|isn'?t|still)\b[^.?!\n]{0,40}?\b(?:see|seen|saw|receiv\w*|get|got|arriv\w*|com(?:e|es|ing)|land\w*|show\w*|reach\w*|appear\w*)\b",
                    r"|\bwhere\s+(?:is|are)\s+(?:it|my|the)\b|\bon\s+(?:the|its)\s+way\b|\bwhen\s+(?:it|will\s+it|does\s+it|is\s+it|the\s+money|my\s+money)\s+(?:\w+\s+)?(?:arriv\w*|com\w*|land\w*)",
                ))
                .ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    clauses(own).into_iter().any(|(s, e)| money.is_match(&own[s..e]) && arrival.is_match(&own[s..e]))
}

/// The figures of a reply: the reader's, else its bare money-shaped numbers (a sign or two decimals), distinct.
fn reply_figures(own: &str) -> Vec<i64> {
    let values = distinct(figures::figures(own).iter().map(|f| f.cents));
    if !values.is_empty() {
        return values;
    }
    distinct(
        res()
            .digit_figure
            .captures_iter(own)
            .filter(|c| money_shaped(&c[0]))
            .filter_map(|c| to_cents(c.get(1)?.as_str())),
    )
}

/// The customer's words the ask is read from (ADR-905): the newest words, prepared; but when they ask nothing, neither
/// acknowledge nor ask about a refund, and point at the message below ("Same request.", "forwarding from our office
/// manager below", "Correction: it should be 21.70, not 27.00", a bare name), the customer's side of the thread in
/// the order it was written, the newest words last — if that asks. The shop's quoted messages are never the
/// customer's words.
fn customer_words(text: &str, thread: &speakers::Thread, subject: &str) -> String {
    let own = prepare(text);
    let c = intent_in(&own);
    // A request of its own that names a figure, an acknowledgement, a status question or a disclaimer stands; a
    // request with no figure ("Same ask as before.") may take the figure of the message it points at.
    // A share with no figure ("refund for 2 of the 5 chairs, details below") names no figure either (ADR-955).
    let figureless_ask = c.request
        && (requested_in(&own) == Amount::Missing
            || (requested_in(&own) == Amount::Ambiguous && reply_figures(&own).is_empty()));
    // ask44 (ADR-1491): a forwarder's directive over a forwarded message of the customer's side ("can you sort this
    // please" over "I'll take the £15 you offered", "Please process the below" over "I'd like a refund of 52.00"):
    // the directive asks the desk to do what the forwarded words ask, whatever else the top says (an injected note's
    // talk of refund windows asks nothing). The forwarded words are read with the directive as a processing
    // imperative after them, pointing back at the money they name.
    if !c.request
        && thread.customer_below()
        && !speakers::withdraws(&thread.top)
        && forwards::directive_over(&thread.top)
    {
        let side = thread.customer_in_order();
        let side = side.strip_suffix(thread.top.as_str()).unwrap_or(&side);
        // The money the directive points back at is named in a statement of the forwarded words: a figure named only
        // in their questions ("Does the 32.00 lamp take a screw bulb?") is asked about, and the directive asks the
        // desk to answer, not to pay.
        let stated = clauses(side).into_iter().any(|(s, e)| {
            let clause = side[s..e].trim();
            !clause.ends_with('?') && res().money.is_match(clause)
        });
        let stated = stated || intent_in(&prepare(side)).request;
        let below = prepare(&format!("{side}\nPlease process this.\n{}", thread.top));
        if stated && intent_in(&below).request && !disclaimed_request(&below) {
            return below;
        }
    }
    if (c.request && !figureless_ask) || c.acknowledged || c.status_question || disclaimed_request(&own) {
        return own;
    }
    // The newest words that say nothing of their own — no ask, no acknowledgement, no status question, no money
    // figure, nothing taken back — whatever words they use to hand the thread on ("looping support in", "over to
    // you", "passing this on"): the customer's side below is read (ADR-1036).
    // A question on top ("how long is the warranty?") or a long note of its own says something: they keep their words.
    let top_silent = !speakers::withdraws(&thread.top)
        && !thread.top.contains('?')
        && thread.top.split_whitespace().count() <= 25
        && reply_figures(&prepare(&thread.top)).is_empty();
    if thread.customer_below()
        && (speakers::refers_below(&thread.top)
            || (!speakers::withdraws(&thread.top) && kinds26::points_below(&thread.top, subject))
            || top_silent)
    {
        let below = prepare(&thread.customer_in_order());
        // A duplicate charge reported below is its request too ("please reverse one of the two debits", ADR-1036).
        if (intent_in(&below).request || is_duplicate(&below)) && !disclaimed_request(&below) {
            return below;
        }
        // A complaint forwarded with nothing of the sender's own ("FW: complaint" over the customer's "not happy at
        // all"): the complaint is the customer's words, read for whether it names an order or a problem (ADR-1045).
        if !c.request && (kinds26::points_below(&thread.top, subject) || top_silent) && res().complaint.is_match(&below)
        {
            return below;
        }
    }
    own
}

/// Whether the customer leaves the figure to the shop (ADR-893): a value, amount, figure or price "to be confirmed /
/// advised / determined / agreed" (by you, your team), "TBC", "TBD", "whatever you (think|work out|decide) it's
/// worth".
fn figure_left_to_shop(own: &str) -> bool {
    static LEFT: OnceLock<Option<Regex>> = OnceLock::new();
    LEFT.get_or_init(|| {
        Regex::new(concat!(
            // "to be" needs a participle of setting the figure: "Total value to be refunded" leaves nothing to the shop
            // (settle43, ADR-1475).
            // A form's "Amount: TBD" is the same (unsettled45, ADR-1550).
            r"(?i)\b(?:value|amount|figure|price|sum|credit|cost)(?:\s*:\s*|\s+)(?:is\s+|will\s+be\s+)?(?:to\s+be\s+(?:confirmed|advised|determined|agreed|calculated|assessed|decided|worked\s+out|set)|(?:tbc|tbd|to\s+follow|pending)",
            r"(?:\s+(?:confirmed|advised|determined|agreed|calculated|assessed|decided|worked\s+out|set))?)\b",
            r"|\bwhatever\s+(?:you|your\s+team)\s+(?:think|work\s+out|decide|reckon|calculate|assess)\b",
            // The shop made the one who sets it (jar42, ADR-1371): "at your discretion", "as you see fit", "the amount
            // I leave to you", "leave the figure with you".
            r"|\b(?:at|to)\s+(?:your|the\s+shop's|your\s+team's)\s+discretion\b|\bas\s+you\s+(?:see|think)\s+fit\b",
            r"|\b(?:value|amount|figure|price|sum)\s+(?:i|we)\s+(?:leave|will\s+leave)\s+(?:to|with|up\s+to)\s+you\b",
            r"|\bleave\s+(?:the\s+)?(?:value|amount|figure|sum)\s+(?:to|with|up\s+to)\s+you\b",
            // Outside attack 52: a part asked with no figure ("Could you refund a portion?", "Refund a fraction
            // please", "Refund something, it's scratched.", "Part refund?", "Some compensation for the scratch", "refund
            // what you think"), and a figure only approached ("a tad under 30").
            r"|\b(?:refund|credit|reimburse|return)\s+(?:me\s+|us\s+)?(?:a\s+|some\s+)?(?:portion|fraction|part|something|some\s+of\s+it)\b(?:\s+(?:please|pls|back|for|of\s+(?:it|the\s+price|the\s+cost|what)))?",
            r"|\bsome\s+(?:compensation|sort\s+of\s+(?:refund|compensation))\b",
            r"|\b(?:refund|credit|pay|give)\s+(?:me\s+|us\s+)?(?:back\s+)?what(?:ever)?\s+you\s+(?:think|reckon|feel|decide|consider)\b",
            r"|\b(?:a\s+tad|a\s+(?:little\s+)?bit|slightly|a\s+touch)\s+(?:under|over|below|above|less\s+than|more\s+than)\s+(?:[$€£]\s?)?\d",
            // Outside attack 53: a fair, reasonable, token or goodwill sum, whatever can be, a bit, a handful.
            r"|\b(?:refund|credit|reimburse|compensate|give|pay)\s+(?:me\s+|us\s+)?(?:whatever(?:'s|\s+is)?\s+(?:fair|reasonable|right|appropriate)|whatever\s+you\s+can|(?:an?\s+)?(?:appropriate|reasonable|fair|token|goodwill|small|nominal|suitable)\s+(?:amount|sum|figure)|a\s+(?:little\s+)?bit|a\s+handful\s+of\s+(?:bucks|dollars|euros|pounds|quid)|fairly)\b",
            // Outside attack 53: a part of the order named, not priced ("Refund the price drop", "Refund me the
            // shipping part", "Refund the damaged item only (one of three)", "Refund the broken one of the two").
            r"|\b(?:refund|credit|reimburse)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:the\s+)?(?:price\s+(?:drop|difference|reduction|cut)|(?:shipping|postage|delivery)\s+(?:part|portion|bit))\b[^\n\d$€£]*(?:\n|$)",
            r"|\b(?:refund|credit|reimburse)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:item|piece|one|part|unit|bit|component)\s+only\b[^\n\d$€£]*(?:\n|$)",
            r"|\b(?:refund|credit|reimburse)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:the\s+)?(?:[\w-]+\s+)?one\s+of\s+(?:the\s+)?(?:two|three|four|five|six|\d)\b[^\n\d$€£]*(?:\n|$)",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(own))
        || partial_refund_asked(own)
}

/// A partial refund asked with no figure ("Part refund?", "I'd like a partial refund for the scratch"; outside attack
/// 52), never one turned down ("A partial refund is not acceptable, I want the full price back").
fn partial_refund_asked(own: &str) -> bool {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let Some((asked, refused)) = RES
        .get_or_init(|| {
            Some((
                Regex::new(r"(?i)(?:^|[.!?\n]\s*|\b(?:a|for\s+a|want\s+a|like\s+a|need\s+a)\s+)(?:part|partial)[- ]refund\b").ok()?,
                Regex::new(r"(?i)\b(?:part|partial)[- ]refunds?\s+(?:is\s+not|isn'?t|is\s+no|won'?t|will\s+not|would\s+not|wouldn'?t|not)\b|\b(?:no|not\s+a)\s+(?:part|partial)[- ]refund").ok()?,
            ))
        })
        .as_ref()
    else {
        return false;
    };
    asked.is_match(own) && !refused.is_match(own)
}

/// Whether the text quotes the shop asking how much to refund ("Please confirm the amount you'd like refunded", "How
/// much would you like back?", "let us know the figure to credit") and the customer's own words (`own`, prepared) do
/// not hold that question: the question is in the quoted part the reply answers (ADR-872).
/// Two figures offered either way in a reply ("$10 or maybe $15?", "12 / 15"): no one figure answers.
fn two_figures_either(own: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(?i)\d\s*(?:or|/)\s+(?:maybe\s+|perhaps\s+|possibly\s+)?[$€£]?\s?\d").ok())
        .as_ref()
        .is_some_and(|r| r.is_match(own))
}

fn answers_amount_question(text: &str, own: &str) -> bool {
    static QUESTION: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(q) = QUESTION
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\b(?:confirm|let\s+us\s+know|tell\s+us|advise|specify|state|what\s+is|what's|which)\b[^?\n]{0,40}\b",
                r"(?:amount|figure|sum|how\s+much)\b[^?\n]{0,40}\b(?:refund\w*|back|credit\w*|reimburs\w*|return\w*|request\w*|claim\w*)",
                r"|\bhow\s+much\b[^?\n]{0,40}\b(?:refund\w*|back|credit\w*|reimburs\w*)",
                // A polite directive whose object is the amount, whatever its verb ("please reply with the amount you
                // would like refunded", "kindly send us the figure to credit"): ADR-953.
                r"|\b(?:please|kindly)\b[^?.\n]{0,40}\b(?:amount|figure|sum)\b[^?.\n]{0,40}\b(?:refund\w*|back|credit\w*|reimburs\w*)",
                // The shop asking the figure in other words, beside its offer of a partial refund or compensation
                // (outside attack 56): "How much are you asking for?", "tell us the figure you have in mind", "what
                // would you consider fair compensation?".
                r"|\bhow\s+much\s+(?:are\s+you\s+(?:asking|looking|hoping|after)|do\s+you\s+(?:want|need|think|consider|have\s+in\s+mind)|would\s+you\s+(?:like|accept|consider|want))\b",
                r"|\b(?:figure|amount|sum)\s+(?:you\s+have\s+in\s+mind|you'?d\s+(?:like|accept|consider)|you\s+(?:want|are\s+asking))\b",
                r"|\bwhat\s+(?:would\s+you|do\s+you)\s+(?:consider|think\s+is)\s+(?:a\s+)?fair\b",
                r"|\bwhat\s+(?:amount|sum|figure)\s+(?:would|should|do\s+you\s+(?:want|need|think)|can\s+we|could\s+we|shall\s+we|will\s+we)\b",
            ))
            .ok()
        })
        .as_ref()
    else {
        return false;
    };
    let text = crate::content::normalize(text);
    if q.is_match(&text) && !q.is_match(own) {
        return true;
    }
    // The shop's or a bot's confirmation of a figure ("So you'd like a refund of $120.00? [Yes] [No]", "Shall we
    // credit 35.00 EUR?") quoted or spoken by the other side, and a reply of the customer's own that names a figure
    // ("User clicked: No / User: $12.00. just the one glass"): the reply answers the question's frame with its
    // figure (ADR-893, b19 `g-021`). A reply with no figure ("Yes") is not read as this.
    static CONFIRM: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(confirm) = CONFIRM
        .get_or_init(|| {
            Regex::new(&format!(
                r"(?i)\b(?:refund|credit|reimburse\w*|money\s+back|back)\b[^?\n]{{0,20}}?(?:(?:{CUR_BEFORE})\s?(?:{NUM})|(?:{NUM})\s?(?:{CUR_AFTER}))[^?\n]{{0,20}}\?|(?:(?:{CUR_BEFORE})\s?(?:{NUM})|(?:{NUM})\s?(?:{CUR_AFTER}))\s+(?:refunded|credited|reimbursed|(?:sent|paid|credited|put)\s+back|back)\b[^?\n]{{0,20}}\?"
            ))
            .ok()
        })
        .as_ref()
    else {
        return false;
    };
    confirm.is_match(&text)
        && !confirm.is_match(own)
        && res().digit_figure.find_iter(own).any(|m| money_shaped(m.as_str()))
}

/// The figure a reply states as the amount by a copula ("the amount is 64.50", "total: 90.00", "the sum would be
/// 12,00"): the subject names the amount, the complement is the figure (ADR-953).
fn stated_amount(own: &str) -> Option<i64> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let re = RE
        .get_or_init(|| {
            Regex::new(&format!(
                r"(?i)\b(?:amount|total|figure|sum)\s*(?:is|=|:|would\s+be|will\s+be|comes\s+to|should\s+be)\s*(?:{CUR_BEFORE})?\s?({NUM})"
            ))
            .ok()
        })
        .as_ref()?;
    let values = distinct(re.captures_iter(own).filter_map(|c| to_cents(c.get(1)?.as_str())));
    match values.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// A bare figure shaped as money: a currency sign, or two decimals ("8.50", "12,00"); not an order number or a count.
fn money_shaped(figure: &str) -> bool {
    let f = figure.trim();
    f.starts_with(['$', '€', '£'])
        || f.len() > 3 && f.as_bytes()[f.len() - 3] == b'.'
        || f.len() > 3 && f.as_bytes()[f.len() - 3] == b','
}

/// One fact read from the ticket, with the span of text it was read from (of the prepared text: normalised, amounts
/// in canonical digits), or from the lookups.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    pub fact: String,
    pub span: String,
}

/// A decision's trace: what was read from which span, the facts, and the clause table walked row by row (which
/// clause fired and why the earlier ones did not). The trace of the offline reader; an LLM provider's answer is
/// checked against the same facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionTrace {
    pub ticket_id: i64,
    pub readings: Vec<Reading>,
    pub facts: Facts,
    pub checks: Vec<policy::Check>,
    pub clause: Clause,
    pub action: Action,
    pub amount_cents: Option<i64>,
}

impl DecisionTrace {
    /// The trace as lines a person reads.
    pub fn render(&self) -> String {
        let mut out = format!("ticket {}: {} ({})", self.ticket_id, self.action, self.clause);
        if let Some(c) = self.amount_cents {
            out.push_str(&format!(" {}", crate::money(c)));
        }
        out.push_str("\n  read:\n");
        for r in &self.readings {
            if r.span.is_empty() {
                out.push_str(&format!("    {}\n", r.fact));
            } else {
                out.push_str(&format!("    {}  <- {:?}\n", r.fact, r.span));
            }
        }
        out.push_str("  clauses:\n");
        for c in &self.checks {
            out.push_str(&format!("    {} {}: {}\n", if c.fired { "FIRED" } else { "no   " }, c.clause, c.why));
        }
        out
    }
}

/// The span of text, trimmed and at most 120 characters.
fn span_text(text: &str) -> String {
    let t = text.trim();
    match t.char_indices().nth(120) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_string(),
    }
}

/// What the reader read from a ticket, span by span.
fn readings(ev: &Evidence, f: &Facts) -> Vec<Reading> {
    let r = res();
    let text = speakers::carried_titles_blanked(&format!("{}\n{}", ev.ticket.subject, ev.ticket.body));
    let normalized = crate::content::normalize(&text);
    let own_raw = own_words(&spell_request_words(&normalized));
    let own = customer_words(&text, &speakers::thread(&text), &ev.ticket.subject);
    let mut out = Vec::new();
    let mut read = |fact: String, span: &str| out.push(Reading { fact, span: span_text(span) });
    let all_lines = normalized.lines().filter(|l| !l.trim().is_empty()).count();
    let own_lines = own_raw.lines().filter(|l| !l.trim().is_empty()).count();
    if own_lines < all_lines {
        let first = normalized.lines().find(|l| !own_raw.contains(l.trim()) && !l.trim().is_empty()).unwrap_or("");
        read(format!("quoted or forwarded text dropped ({} of {all_lines} lines)", all_lines - own_lines), first);
    }
    for (s, e) in clauses(&own) {
        let c = clause_intent(&own[s..e]);
        if c.request {
            read("asks for money back".into(), &own[s..e]);
        }
        if c.status_question {
            read("asks about a refund's state".into(), &own[s..e]);
        }
        if c.acknowledged {
            read("acknowledges a refund, or asks about refunds in general".into(), &own[s..e]);
        }
    }
    if let Some(m) = r.duplicate.find(&own) {
        read("reports a duplicate charge".into(), m.as_str());
    }
    for (at, cents, role) in amounts(&own) {
        let span = r.money.find_at(&own, at).map_or("", |m| m.as_str());
        let value = cents.map_or("a figure that cannot be read with certainty".into(), crate::money);
        read(format!("amount {value}, {role:?}"), span);
    }
    if money_share(&own) {
        let cleared = without_product_shares(&own);
        let span = r.fraction.find(&cleared).or_else(|| r.share_of_money.find(&cleared)).map_or("", |m| m.as_str());
        read("a share or a part with no figure".into(), span);
    }
    if let Some(m) = r.uncertain_figure.find(&own) {
        read("an uncertain figure".into(), m.as_str());
    }
    for (fact, span) in figures::describe(&own) {
        read(fact, &span);
    }
    for (fact, span) in roles::describe(&own) {
        read(fact, &span);
    }
    read(format!("the amount asked: {:?}", f.amount), "");
    // The trace reads the text the fact was read from: transit damage and degree senses cut out (ADR-830).
    let hazard_text = regulators::without_non_threats(&trade_senses::without_trade_senses(
        &whose::without_harmless_senses(&without_degree_senses(&r.transit_damage.replace_all(&normalized, " "))),
    ));
    for (why, span) in scope::explain(&hazard_text) {
        read(format!("not an injury: {why}"), &span);
    }
    // The readers that made it a safety, legal or injury ticket, as the fact reads them (haz41).
    for (what, span) in harm_reasons(&layout::read(&documents::english_labels(&text)).seen) {
        read(what, &span);
    }
    if f.intent == Intent::Complaint {
        let span = r.complaint.find(&own).map_or("", |m| m.as_str());
        read(format!("a complaint{}", if f.vague { " naming neither an order nor a problem" } else { "" }), span);
    }
    if f.unread_ask {
        read("a problem told or a demand made, and nothing read as an ask (ADR-1080)".into(), "");
    }
    if let Some(kind) = &f.second_reading {
        read(
            format!("the learned second reading: {kind}; it overrules what the grammar read (ADR-1600, ADR-1601)"),
            "",
        );
    }
    let order = match &ev.order {
        Some(o) => format!(
            "order {} ({:?}): {} {}, placed {} days ago; refunds on record: {:?} (from the lookups)",
            o.id,
            ev.lookup,
            crate::money(o.amount_cents),
            o.status,
            o.placed_days_ago,
            ev.refunds.iter().map(|r| r.status.as_str()).collect::<Vec<_>>()
        ),
        None => format!("no order ({:?}, from the lookups)", ev.lookup),
    };
    read(order, "");
    out
}

/// The decision on a ticket with its trace.
pub fn explain(ev: &Evidence) -> DecisionTrace {
    let f = facts(ev);
    let (v, mut checks) = policy::decide_traced(&f);
    let (mut clause, mut action, mut amount_cents) = (v.clause, v.action, v.amount_cents);
    let guarded = crate::payable::guard(ev, classify_unguarded(ev));
    if action == Action::Refund && guarded.action != Action::Refund {
        checks.push(policy::Check { clause: Clause::U1, fired: true, why: guarded.reason });
        (clause, action, amount_cents) = (Clause::U1, guarded.action, None);
    }
    DecisionTrace {
        ticket_id: ev.ticket.id,
        readings: readings(ev, &f),
        checks,
        clause,
        action,
        amount_cents,
        facts: f,
    }
}

/// Another language's spelt-out amounts as digits, as the reader reads them (for [`crate::payable`]).
pub fn numerals_as_digits(text: &str) -> String {
    numerals::as_digits(text)
}

/// Applies the written policy (policy.md): the clause table of [`crate::policy`], first match wins; a refund then
/// passes the paying guard ([`crate::payable::guard`], ADR-1230) or becomes an escalation.
pub fn classify(ev: &Evidence) -> Classification {
    // The reader never takes the desk down (outside attack 66, F1670: "4 jar of honey each one USD 7.95" sliced a
    // sentence out of order and the panic stopped `eval` and `start` alike). A ticket it cannot read is handed to a
    // human (F1) with the failure named, and nothing is paid.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| classify_unguarded(ev))) {
        Ok(c) => crate::payable::guard(ev, c),
        Err(panic) => {
            let why = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic with no message");
            unread(ev, &why.chars().take(160).collect::<String>())
        }
    }
}

/// The escalation of a ticket the reader failed on: the lookups' facts only, no reading of the words.
fn unread(ev: &Evidence, why: &str) -> Classification {
    let facts = Facts {
        wants_refund: false,
        amount: Amount::Missing,
        order: ev.lookup.clone(),
        order_amount_cents: ev.order.as_ref().map(|o| o.amount_cents),
        order_status: ev.order.as_ref().map(|o| o.status.clone()),
        placed_days_ago: ev.order.as_ref().map(|o| o.placed_days_ago),
        executed_prior_refund: ev.refunds.iter().any(|r| r.status == "executed"),
        safety_legal_injury: false,
        refund_status_question: false,
        duplicate_charge: false,
        intent: Intent::default(),
        vague: false,
        pending_prior_refund: false,
        names_problem: false,
        unread_ask: true,
        about_refund_on_record: false,
        other_remedy_asked: false,
        second_reading: None,
    };
    Classification {
        label: Label::UnderSpecified,
        action: Action::Escalate,
        policy_refs: vec![Clause::F1],
        reason: format!("F1: the reader failed on this ticket ({why}): a human decides"),
        amount_cents: None,
        severity: Some(Severity::Medium),
        facts,
        attempts: Vec::new(),
    }
}

/// The reader and the clause table without the paying guard: what the guard is checked against (the kept-set
/// property in `tests/paying_guard.rs`). The desk never acts on it; it acts on [`classify`].
pub fn classify_unguarded(ev: &Evidence) -> Classification {
    let f = facts(ev);
    let v = policy::decide(&f);
    let reason = match (v.action, ev.order.as_ref()) {
        (Action::Refund, Some(o)) => format!("{}: {} on order {}", v.clause, v.why, o.id),
        _ => format!("{}: {}", v.clause, v.why),
    };
    Classification {
        label: v.label,
        action: v.action,
        policy_refs: v.refs,
        reason,
        amount_cents: v.amount_cents,
        severity: v.severity,
        facts: f,
        attempts: Vec::new(),
    }
}

/// Whether a clause says it corrects a figure ("correction", "should be", "not 27.00", "I meant", "typo"), F907.
fn says_it_corrects(clause: &str) -> bool {
    static SAYS: OnceLock<Option<Regex>> = OnceLock::new();
    SAYS.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\b(?:correct\w*|should\s+(?:be|have\s+been|read|say)|i\s+meant?|typo|mistyp\w*|mistake",
            r"|wrong\s+(?:figure|amount|number))\b|\d\s*,?\s*(?:and\s+)?not\s+(?:the\s+)?[$€£]?\s?\d",
            // A chat correction: a caret pointing up ("^ meant 19.99"), a starred figure ("*$25").
            r"|^\s*\^+\s*(?:i\s+)?mean|(?:^|\s)\*[$€£]?\d",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(clause))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// F1670: a ticket the reader fails on is handed to a human with the failure named, and nothing is paid.
    #[test]
    fn a_ticket_the_reader_fails_on_is_escalated_unpaid() {
        use crate::tools::{Customer, Order, Ticket};
        let order =
            Order { id: 7, customer_id: 1, amount_cents: 4_999, status: "delivered".into(), placed_days_ago: 5 };
        let ev = Evidence {
            ticket: Ticket {
                id: 3,
                customer_id: 1,
                order_id: Some(7),
                subject: "s".into(),
                body: "b".into(),
                status: "open".into(),
            },
            customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
            orders: vec![order.clone()],
            lookup: OrderLookup::Linked,
            order: Some(order),
            refunds: Vec::new(),
            calls: Vec::new(),
        };
        let c = unread(&ev, "begin > end");
        assert_eq!((c.action, c.policy_refs.clone(), c.amount_cents), (Action::Escalate, vec![Clause::F1], None));
        assert!(c.reason.contains("begin > end"), "{}", c.reason);
    }

    #[test]
    fn amounts_are_parsed_exactly() {
        assert_eq!(requested_amount("refund $49.99 please"), Amount::Cents(4999));
        assert_eq!(requested_amount("refund $1,200 please"), Amount::Cents(120_000));
        assert_eq!(requested_amount("refund 30 dollars"), Amount::Cents(3000));
        assert_eq!(requested_amount("refund $9.9"), Amount::Cents(990));
        assert_eq!(requested_amount("I paid $89.99 but please refund $20"), Amount::Cents(2000));
        assert_eq!(requested_amount("I want a full refund"), Amount::Full);
        assert_eq!(requested_amount("I want a refund"), Amount::Missing);
        assert_eq!(requested_amount("$10 or $20, whichever"), Amount::Ambiguous);
    }

    #[test]
    fn refund_wording_and_safety_words() {
        assert!(wants_refund("I want my money back"));
        assert!(wants_refund("could I get $5.00 back?"));
        assert!(!wants_refund("I don't want a refund, just tell me how to reset it"));
        assert!(safety_legal_injury("it caught fire"));
        assert!(safety_legal_injury("my lawyer will call"));
        assert!(!safety_legal_injury("the system keeps disconnecting"));
    }
}
