//! The intent step (ADR-510): what each part of a sentence *does* about money, read from its structure — which
//! verb governs the money, in which mood and tense, with which subject — rather than from a list of phrasings.
//!
//! A clause is cut into segments (at commas, dashes, colons, brackets and "but"), each read as a sequence of word
//! classes: money (a figure, or a money noun: refund, money, credit, discount, reduction, "off"), a transfer verb
//! (refund, send, put, give, take, knock, credit, return, …), a want verb (want, like, need, expect, take, …), a
//! receipt verb in the past (got, received, came, arrived, landed, hit, showed up, …) or a receipt participle
//! (received, credited, refunded), a perception verb (see, saw, noticed), a modal with its subject ("can I", "could
//! you"), a politeness marker (please, pls, thanks, kindly), a negation. A segment's [`Act`] follows from how these
//! stand to each other:
//!
//! - **Acknowledgement**: money is the object of a past receipt verb ("got the $34.99 back"), the subject of one
//!   ("the $20 came through", "my refund of $12 arrived"), or stands with a receipt participle or is seen back
//!   ("refund of $20 received", "I can see the $20 back on my statement") — not negated, not a question, no want.
//! - **Request**: a want whose object is money ("I'd like $10 off", "I just want the $79.95 I paid back"); a transfer
//!   verb in the imperative, or after "can/could/would you|I", whose first object is money ("send 15 to my card",
//!   "knock $10 off", "can I get another $10 off?", "can you credit me $5?"); "make it right with $20"; "how
//!   about $10 off?"; or a money-led segment with no verb — a figure with "back", "off", a destination or a politeness
//!   marker ("USD 49.99 please", "$20 back pls", "$15 to my card").
//! - otherwise nothing (the grammar in `classify.rs` reads the rest).
//!
//! The figures a request segment governs are the ones asked; a figure inside an acknowledgement is the amount of a
//! refund already made, never asked.

use std::sync::OnceLock;

use regex::Regex;

use super::res;

/// What a segment does about money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// Asks for money (a refund request for the policy, whatever it calls the money).
    Request,
    /// Reports or thanks for money already received.
    Acknowledgement,
    /// Asks where a refund on record is, whether it has gone through, or whether a statement line is it: a question
    /// whose subject is a definite refund ("where is my refund of 27.00", "has the 620.00 refund gone out yet", "is
    /// this the refund for the lamp?"), with no request structure.
    Status,
    /// Neither, as far as structure goes.
    Other,
}

/// One segment of a clause and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Byte range in the text given to [`read`].
    pub start: usize,
    pub end: usize,
    pub act: Act,
    /// The structure that decided it (for the decision trace).
    pub why: &'static str,
    /// Start offsets of the figures the segment governs (in the text given to [`read`]).
    pub figures: Vec<usize>,
}

/// A word's class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum W {
    /// A money figure (canonical form, read by the amount grammar).
    Figure,
    /// A bare number ("15").
    Number,
    /// A money noun: refund, money, credit, discount, reduction, cash, funds, compensation.
    MoneyNoun,
    /// "off" (an amount off the price).
    Off,
    Back,
    /// A transfer verb in its base form (imperative or after a modal).
    Transfer,
    Want,
    /// A receipt verb in the past tense.
    ReceiptPast,
    /// A receipt participle standing after its subject ("refund of $20 received").
    ReceiptParticiple,
    Perceive,
    Modal,
    /// I, we, you.
    Person,
    Marker,
    Negation,
    /// Words that fill a noun phrase or a destination: the, my, a, just, another, to, card, account, …
    Filler,
    /// "make" of "make it right with $20".
    Make,
    /// Any other verb-like or content word.
    Other,
}

const TRANSFER: &[&str] = &[
    "refund",
    "reimburse",
    "repay",
    "credit",
    "return",
    "send",
    "give",
    "gimme",
    "pay",
    "transfer",
    "wire",
    "put",
    "issue",
    "reverse",
    "knock",
    "take",
    "deduct",
    "do",
    "get",
    "have",
    "compensate",
    "shave",
    "chop",
    "drop",
    "cut",
    // Indian English "kindly revert the amount": with a money object only, as every transfer verb here ("kindly revert
    // at the earliest" asks for a reply).
    "revert",
    "process",
    // A ledger's verb: "post CR 18.60 against the order" (a credit posted to the customer's account).
    "post",
    // Accounts payable's verbs: "please remit 210.00", "kindly disburse the balance" (ADR-847).
    "remit",
    "disburse",
];
const WANT: &[&str] = &[
    "want",
    "wants",
    "like",
    "need",
    "needs",
    "expect",
    "demand",
    "request",
    "require",
    "prefer",
    "wish",
    "deserve",
    "accept",
    "settle",
    "take",
    "asking",
    // "I ask from you kindly the recovery of my money", "I solicit the restitution": the ask of non-native English.
    "ask",
    "asks",
    "solicit",
    "soliciting",
    "beg",
    "requesting",
    "expecting",
    "claiming",
    // "We claim GBP 140.00 for the damaged rug": a company's claim of money.
    "claim",
];
const RECEIPT_PAST: &[&str] = &[
    "got", "gotten", "received", "came", "arrived", "landed", "hit", "reached", "posted", "appeared", "cleared",
    "showed", "went", "cleared", "popped",
];
const RECEIPT_PARTICIPLE: &[&str] =
    &["received", "credited", "refunded", "returned", "reimbursed", "processed", "confirmed"];
const PERCEIVE: &[&str] = &["see", "saw", "seen", "seeing", "noticed", "spotted", "shows", "showing"];
const MODAL: &[&str] = &["can", "could", "may", "would", "will", "might"];
const PERSON: &[&str] = &["i", "we", "you", "u", "ya"];
const MARKERS: &[&str] = &[
    "please",
    "pls",
    "plz",
    "plse",
    "pleaseee",
    "kindly",
    "thanks",
    "thank",
    "thx",
    "ty",
    "asap",
    "cheers",
    "possible",
    // Code-switched politeness: German, Spanish/Portuguese, French, Italian, Dutch, Turkish, Hindi.
    "bitte",
    "favor",
    "svp",
    "prego",
    "alsjeblieft",
    "lutfen",
    "lütfen",
    "kripya",
    "plis",
];
/// "back" in the languages customers switch to mid-sentence ("mujhe 15 dollar wapas kar do", "25 euro zurück").
const BACK_WORDS: &[&str] = &["back", "wapas", "vapas", "waapas", "zurück", "zuruck", "zurueck", "terug", "indietro"];
/// Nouns that name money coming back ("the recovery of my money", "a return of the whole sum", "the restitution of
/// 12 euros"): a request when asked for and their object is money.
const RETURN_NOUNS: &[&str] = &[
    "recovery",
    "restitution",
    "return",
    "reimbursement",
    "repayment",
    "refund",
    "refunding",
    "devolution",
    "restoration",
    "reembolso",
    "remboursement",
];
/// Heads a money-return noun's object may have besides the money nouns: what was paid, named by its price.
const PAID_HEADS: &[&str] = &["price", "cost", "payment", "purchase"];
/// Words that hedge a figure before it ("refund me roughly 25", "more or less 25"): skipped to reach the figure, whose
/// approximation the amount grammar reads.
const HEDGES: &[&str] = &[
    "about",
    "around",
    "roughly",
    "approximately",
    "approx",
    "nearly",
    "almost",
    "circa",
    "something",
    "like",
    "more",
    "or",
    "less",
    "close",
    "some",
    "ish",
];
/// Adjectives of a settlement after money ("… of return would be just", "20 back would be fine").
const SETTLED: &[&str] =
    &["fair", "just", "fine", "ok", "okay", "enough", "right", "reasonable", "acceptable", "correct", "good"];
/// What a settlement does to the customer or the problem, a few words after its modal ("… back would keep me happy",
/// "… would settle it", "… would sort me out"): the same settlement as "would be fair" (ADR-773).
const SETTLING: &[&str] = &["happy", "sorted", "square", "settle", "sort", "cover", "quits", "even", "content"];
/// Quantities of money that are a share of it ("half the amount", "the half of the price").
const SHARES: &[&str] = &["half", "third", "quarter", "percent", "portion", "part"];
const NEGATION: &[&str] =
    &["not", "no", "never", "don't", "dont", "doesn't", "didn't", "won't", "haven't", "hasn't", "without", "nothing"];
const MONEY_NOUNS: &[&str] = &[
    "refund",
    "money",
    "credit",
    "discount",
    "reduction",
    "cash",
    "funds",
    "compensation",
    "rebate",
    "markdown",
    "reimbursement",
    // "the amount of 45.60": the money named by its figure.
    "amount",
    // The whole paid, by its noun ("return me the total").
    "total",
    // Money in the languages customers switch to ("mera paisa wapas karo", "mein Geld zurück").
    "paisa",
    "paise",
    "paisay",
    "geld",
    "dinero",
    "argent",
    "soldi",
    "dinheiro",
    // Seller jargon: "a partial of $15", "process a partial" (a partial refund, the noun on its own).
    "partial",
    "balance",
    "sum",
    // Slang money with no figure ("a few quid back", "some bucks back"): money all the same.
    "quid",
    "bucks",
];
const FILLER: &[&str] = &[
    "the",
    "my",
    "a",
    "an",
    "our",
    "just",
    "only",
    "another",
    "extra",
    "further",
    "additional",
    "more",
    "me",
    "us",
    "to",
    "on",
    "onto",
    "into",
    "in",
    "card",
    "account",
    "visa",
    "mastercard",
    "amex",
    "bank",
    "paypal",
    "statement",
    "of",
    "it",
    "that",
    "this",
    "them",
    "so",
    "ok",
    "okay",
    "and",
    "then",
    "now",
    "also",
    "maybe",
    "perhaps",
    "for",
    "full",
    "whole",
    "entire",
    "complete",
    "either",
    "price",
    "store",
    "your",
    "be",
    "us",
    "i'd",
    "we'd",
    "i'll",
    "i",
    "we",
    "you",
    "hi",
    "hey",
    "hello",
    "all",
    "exactly",
    "today",
    "yesterday",
    "morning",
    "night",
    "last",
    "this",
    "just",
    "finally",
    "already",
    "now",
    "here",
    "there",
    "at",
    "least",
    "original",
    "payment",
    "method",
    "if",
    "id",
    "team",
    "guys",
    "folks",
    "everyone",
    "sir",
    "madam",
];
/// Auxiliaries and adverbs between a subject and its verb ("the refund *has finally* come through").
const AUX: &[&str] =
    &["has", "have", "had", "was", "finally", "already", "just", "now", "also", "actually", "'ve", "is"];

fn class(word: &str) -> W {
    let w = word;
    if NEGATION.contains(&w) || w.ends_with("n't") {
        W::Negation
    } else if MONEY_NOUNS.contains(&w) {
        W::MoneyNoun
    } else if w == "off" {
        W::Off
    } else if BACK_WORDS.contains(&w) {
        W::Back
    } else if w == "make" || w == "makes" {
        W::Make
    } else if MARKERS.contains(&w) {
        W::Marker
    } else if MODAL.contains(&w) {
        W::Modal
    } else if PERCEIVE.contains(&w) {
        W::Perceive
    } else if RECEIPT_PAST.contains(&w) && !RECEIPT_PARTICIPLE.contains(&w) {
        W::ReceiptPast
    } else if RECEIPT_PARTICIPLE.contains(&w) {
        // "received" is both: the reader decides by position (`read_segment`).
        W::ReceiptParticiple
    } else if WANT.contains(&w) && !TRANSFER.contains(&w) {
        W::Want
    } else if TRANSFER.contains(&w) {
        W::Transfer
    } else if PERSON.contains(&w) {
        W::Person
    } else if FILLER.contains(&w) {
        W::Filler
    } else {
        W::Other
    }
}

/// A token: its class, its byte range, its lower-case text.
#[derive(Debug, Clone)]
struct Tok {
    w: W,
    at: usize,
    text: String,
}

/// The tokens of a segment: figures (by the amount grammar) as one token each, then words.
fn tokens(text: &str, start: usize, end: usize) -> Vec<Tok> {
    let seg = &text[start..end];
    let figs: Vec<(usize, usize)> = res().money.find_iter(seg).map(|m| (m.start(), m.end())).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < seg.len() {
        if let Some((s, e)) = figs.iter().find(|(s, _)| *s == i) {
            out.push(Tok { w: W::Figure, at: start + s, text: seg[*s..*e].to_lowercase() });
            i = *e;
            continue;
        }
        let c = seg[i..].chars().next().unwrap_or(' ');
        if c.is_alphanumeric() {
            let len = seg[i..]
                .char_indices()
                .find(|(_, c)| !(c.is_alphanumeric() || *c == '\''))
                .map_or(seg.len() - i, |(j, _)| j);
            // A figure that starts inside this word ("US$5" after "US") ends it.
            let len = figs.iter().filter(|(s, _)| *s > i && *s < i + len).map(|(s, _)| s - i).min().unwrap_or(len);
            let word = seg[i..i + len].to_lowercase();
            // A number with a percent sign is a share, not money ("50% back").
            let percent = seg[i + len..].trim_start().starts_with('%');
            let w = if percent {
                W::Other
            } else if word.chars().all(|c| c.is_ascii_digit())
                || (word.len() > 3
                    && word.ends_with("ish")
                    && word.trim_end_matches("ish").chars().all(|c| c.is_ascii_digit()))
            {
                // "20ish": a hedged number is a number (the amount grammar reads its hedge).
                W::Number
            } else if let Some(stem) = word.strip_suffix("'s")
                && class(stem) == W::MoneyNoun
            {
                // "the money's back", "refund's through": the money noun, its verb ("is", "has") in the clitic.
                W::MoneyNoun
            } else {
                class(word.trim_end_matches('\''))
            };
            out.push(Tok { w, at: start + i, text: word });
            i += len;
        } else {
            i += c.len_utf8();
        }
    }
    // "I'd be grateful for my money back", "we would be thankful for a refund": a want said as thanks to come
    // (outside attack 60, `appreciate`); "I'm grateful for the refund" thanks for one made.
    for i in 2..out.len() {
        if matches!(out[i].text.as_str(), "grateful" | "thankful" | "obliged")
            && out[i - 1].text == "be"
            && matches!(out[i - 2].text.as_str(), "i'd" | "we'd" | "id" | "would" | "'d" | "d")
        {
            out[i].w = W::Want;
        }
    }
    // "I'm only after $40.99", "we're just after the £12 back": "after" as seeking wants (outside attack 62,
    // `partial_of_total`); "after the refund" or "I'm after a week" tells a time.
    for i in 1..out.len() {
        if out[i].text == "after" && out.get(i + 1).is_some_and(|n| matches!(n.w, W::Figure | W::MoneyNoun)) {
            let prev: Vec<&str> = out[i.saturating_sub(2)..i].iter().map(|t| t.text.as_str()).collect();
            let seeker = |w: &str| matches!(w, "i'm" | "im" | "we're" | "am" | "are");
            if prev.last().is_some_and(|w| seeker(w))
                || (prev.len() == 2 && seeker(prev[0]) && matches!(prev[1], "only" | "just" | "really" | "simply"))
            {
                out[i].w = W::Want;
            }
        }
    }
    // "I'd rather have", "we would rather get": a preference wants (blind122 `g-003`: "I'd rather just have the £22.00
    // for the frother back"). "Rather than" compares; it wants nothing.
    for i in 1..out.len() {
        if out[i].text == "rather"
            && matches!(out[i - 1].text.as_str(), "i'd" | "we'd" | "id" | "would" | "'d" | "d")
            && out.get(i + 1).is_none_or(|n| n.text != "than")
        {
            out[i].w = W::Want;
        }
    }
    // "off" as "from": a thing bought off a person or a place ("for £3,200 off a neighbour", "one for £140 off the
    // van", blind120 `g-062`, `g-012`): no amount off a price.
    for i in 0..out.len().saturating_sub(1) {
        if out[i].w == W::Off {
            let next = out[i + 1].text.as_str();
            let after = out.get(i + 2).map_or("", |t| t.text.as_str());
            let from_place = matches!(next, "a" | "an" | "ebay" | "amazon" | "gumtree" | "facebook" | "marketplace")
                || (matches!(next, "the" | "my" | "his" | "her" | "their")
                    && matches!(
                        after,
                        "van"
                            | "shelf"
                            | "internet"
                            | "web"
                            | "market"
                            | "street"
                            | "lorry"
                            | "truck"
                            | "neighbour"
                            | "neighbor"
                            | "mate"
                            | "friend"
                            | "garage"
                            | "dealer"
                            | "website"
                            | "site"
                            | "shop"
                    ));
            if from_place {
                out[i].w = W::Other;
            }
        }
    }
    // "not sure", "not certain": a hedge on what was said, not a negation of it ("ten or maybe fifteen, not sure").
    for i in 1..out.len() {
        if out[i - 1].w == W::Negation && matches!(out[i].text.as_str(), "sure" | "certain" | "positive") {
            out[i - 1].w = W::Other;
        }
    }
    out
}

/// Segment boundaries of a clause: commas, dashes, colons, semicolons, brackets, and "but".
fn cut(text: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let seg = &text[start..end];
    let mut out = Vec::new();
    let mut from = 0;
    for (i, c) in seg.char_indices() {
        let boundary = match c {
            ',' | ';' | ':' | '(' | ')' | '—' | '–' => {
                // A comma inside a number ("1,200") is not a boundary.
                !(c == ',' && seg[i + c.len_utf8()..].starts_with(|d: char| d.is_ascii_digit()))
            }
            '-' => seg[..i].ends_with(' ') && seg[i + c.len_utf8()..].starts_with(' '),
            _ => false,
        };
        let but = c == ' ' && seg[i + c.len_utf8()..].to_lowercase().starts_with("but ");
        // A run-on sentence (phone typing): a capitalised word after a lower-case one starts a new segment ("…
        // doesn't turn on anymore Transfer $20 to my card"), except the pronoun "I".
        let next_word: String = seg[i + c.len_utf8()..].chars().take_while(|c| c.is_alphanumeric()).collect();
        let run_on = c == ' '
            && seg[..i].ends_with(|p: char| p.is_lowercase())
            && next_word.starts_with(|n: char| n.is_uppercase())
            && next_word != "I"
            // An acronym (a currency code: "USD 20", "US$20"; "RMA") is no sentence start.
            && !next_word.chars().all(|n| n.is_uppercase() || n.is_ascii_digit())
            // Nor a short currency abbreviation before its figure ("I bought it for Rs 249", "Kr 300", "Rp. 50 000";
            // blind123 `g-044`: the cut left "Rs 249" a figure alone after the clause's "please").
            && !(next_word.chars().count() <= 3
                && seg[i + c.len_utf8() + next_word.len()..]
                    .trim_start_matches('.')
                    .trim_start()
                    .starts_with(|d: char| d.is_ascii_digit()));
        let but = but || run_on;
        if boundary || but {
            if i > from {
                out.push((start + from, start + i));
            }
            from = i + c.len_utf8();
        }
    }
    if from < seg.len() {
        out.push((start + from, end));
    }
    out
}

/// Reads one clause (`text[start..end]`) into segments with their acts.
pub fn read(text: &str, start: usize, end: usize) -> Vec<Segment> {
    let question = text[start..end].contains('?');
    let clause_toks = tokens(text, start, end);
    let marker_in_clause = clause_toks.iter().any(|t| t.w == W::Marker);
    // A figure in brackets is an aside to the words before it ("the soldering iron I bought (Rs. 249)", blind123
    // `g-044`): a "please" elsewhere in the clause asks it only where the clause asks for money at all.
    let money_asked = clause_toks.iter().any(|t| {
        matches!(t.w, W::MoneyNoun | W::Back | W::Off)
            || matches!(
                t.text.as_str(),
                "refund"
                    | "reimburse"
                    | "repay"
                    | "credit"
                    | "return"
                    | "send"
                    | "give"
                    | "pay"
                    | "transfer"
                    | "wire"
                    | "reverse"
                    | "compensate"
                    | "want"
                    | "need"
                    | "like"
                    | "expect"
                    | "demand"
                    | "request"
            )
    });
    cut(text, start, end)
        .into_iter()
        .map(|(s, e)| {
            let toks = tokens(text, s, e);
            let bracketed = text[..s].trim_end().ends_with('(');
            let marker = marker_in_clause && (!bracketed || money_asked);
            let (act, why, figures) = read_segment(&toks, question, marker);
            Segment { start: s, end: e, act, why, figures }
        })
        .collect()
}

fn is_money(t: &Tok) -> bool {
    matches!(t.w, W::Figure | W::MoneyNoun)
}

/// Money as an object: a money noun, or a figure that prices no thing ("the $79.95 I paid", "$10 off", "125.00 as the
/// item is damaged"; not "the $45 lamp").
fn money_object(toks: &[Tok], t: &Tok) -> bool {
    match t.w {
        W::MoneyNoun => true,
        W::Figure => {
            let next = toks.iter().position(|x| x.at == t.at).and_then(|i| toks.get(i + 1));
            next.is_none_or(|n| n.w != W::Other || CONJUNCTIONS.contains(&n.text.as_str()))
        }
        _ => false,
    }
}

/// The subjects a negated remark of a run-on sentence starts with ("… back it never worked", "… it doesn't work").
const SUBJECTS: &[&str] = &["it", "this", "that", "they", "he", "she", "i", "we", "which", "thing", "item", "product"];

/// Words that start a new clause or an adjunct after a figure (so the figure prices no noun): "125.00 as the item is
/// damaged", "$20 because it broke".
const CONJUNCTIONS: &[&str] = &[
    "as", "because", "since", "due", "which", "from", "by", "when", "after", "before", "till", "until", "within",
    "asap", "cause", "coz", "cos", "bc",
];

/// After position `i`, the first token that is not a filler (or a person: "credit me", "give us"): its index.
fn object_after(toks: &[Tok], i: usize) -> Option<usize> {
    (i + 1..toks.len()).find(|j| !matches!(toks[*j].w, W::Filler | W::Person | W::Marker))
}

/// After a transfer verb at `i`, its object: the first token that is not a filler, a person, a marker or the particle
/// "back" ("revert back the payment of 125.00", "give back my money").
fn transfer_object(toks: &[Tok], i: usize) -> Option<usize> {
    (i + 1..toks.len()).find(|j| !matches!(toks[*j].w, W::Filler | W::Person | W::Marker | W::Back))
}

/// Someone a want is said of, in a form's third person or for a relative ("Buyer requesting a partial").
const THIRD_PARTY: &[&str] =
    &["buyer", "customer", "client", "purchaser", "cardholder", "husband", "wife", "partner", "mum", "mom", "dad"];

/// Words that open a question about a refund on record: where or when it is, whether it has gone through.
const ASKING_LEAD: &[&str] = &[
    "where", "wheres", "where's", "when", "whens", "when's", "has", "have", "hasn't", "haven't", "did", "didn't", "is",
    "isn't", "was", "any", "what", "what's", "whats", "how", "how's", "hows", "why", "will",
];
/// Words before a question that do not change it ("hi, where is …", "so um has …").
const OPENERS: &[&str] = &[
    "hi",
    "hey",
    "hello",
    "so",
    "ok",
    "okay",
    "and",
    "also",
    "just",
    "um",
    "uh",
    "erm",
    "yeah",
    "yes",
    "sorry",
    "quick",
    // The speaker's own lead-in to an indirect question ("I was just wondering when my refund will show up", "curious
    // where my refund is"): the question is the rest (ADR-775).
    "i",
    "i'm",
    "im",
    "was",
    "am",
    "wondering",
    "wonder",
    "curious",
    "like",
];

/// A question about a refund on record: the segment opens with a question word or an auxiliary ("where is", "has",
/// "did", "any update on", "when will", "is this") and holds a definite refund — a determiner or a figure before the
/// noun ("my refund", "the refund of £60.00", "the 620.00 refund") — and no request structure (no "can/could/would
/// you|I" with a transfer verb, no want of money). "Is it possible to get a refund" names no refund on record.
fn asks_about_a_refund_on_record(toks: &[Tok]) -> bool {
    let Some(lead) = toks.iter().position(|t| t.w != W::Marker && !OPENERS.contains(&t.text.as_str())) else {
        return false;
    };
    // A question embedded under a request to be told ("can you tell me if my refund is finished", "could you let me
    // know whether the refund went through", ADR-830, F833): the question is what follows its "if/whether/when".
    let lead = embedded_question(toks, lead).unwrap_or(lead);
    if !ASKING_LEAD.contains(&toks[lead].text.as_str()) && !EMBEDDING.contains(&toks[lead].text.as_str()) {
        return false;
    }
    let definite_refund =
        toks.iter().enumerate().skip(lead + 1).any(|(k, t)| {
            matches!(t.text.as_str(), "refund" | "reimbursement")
                && toks[lead + 1..k].iter().rev().take(3).any(|d| {
                    matches!(d.text.as_str(), "my" | "the" | "this" | "that" | "your" | "our") || d.w == W::Figure
                })
                && !matches!(toks[k - 1].text.as_str(), "a" | "an" | "to")
        });
    let asks_for_money = toks.windows(3).any(|w| {
        matches!(w[0].text.as_str(), "can" | "could" | "would" | "may") && w[1].w == W::Person && w[2].w == W::Transfer
    }) || toks.iter().enumerate().any(|(k, t)| {
        // "like" wants only after its subject ("I'd like", "would like"); "it's been like three days" is a hedge.
        t.w == W::Want
            && (t.text != "like"
                || k > 0 && matches!(toks[k - 1].text.as_str(), "i'd" | "we'd" | "id" | "would" | "'d" | "i" | "we"))
    });
    definite_refund && !asks_for_money
}

/// The words that open a question embedded under a request to be told.
const EMBEDDING: &[&str] = &["if", "whether", "wether", "weather"];

/// A request to be told, at `lead`: a modal and its person (or none: "pls confirm if"), a verb of telling or checking
/// ("tell", "let … know", "confirm", "check", "advise", "update") and its person, then "if/whether/when/where": the
/// index of that word. `None` when the segment does not open so.
fn embedded_question(toks: &[Tok], lead: usize) -> Option<usize> {
    let mut i = lead;
    if toks.get(i)?.w == W::Modal {
        i += 1;
        while toks.get(i).is_some_and(|t| matches!(t.w, W::Person | W::Marker)) {
            i += 1;
        }
    }
    let verb = toks.get(i)?.text.as_str();
    if !matches!(verb, "tell" | "let" | "confirm" | "check" | "advise" | "update" | "inform" | "say" | "clarify") {
        return None;
    }
    i += 1;
    while toks.get(i).is_some_and(|t| t.w == W::Person || matches!(t.text.as_str(), "me" | "us" | "know" | "kindly")) {
        i += 1;
    }
    let next = toks.get(i)?;
    (EMBEDDING.contains(&next.text.as_str()) || matches!(next.text.as_str(), "when" | "where" | "how")).then_some(i)
}

/// Past forms a condition puts a transfer verb in ("if you refunded £35", "if you knocked 20 off").
const CONDITIONAL_PAST: &[&str] = &[
    "refunded",
    "gave",
    "sent",
    "credited",
    "paid",
    "returned",
    "reimbursed",
    "knocked",
    "took",
    "put",
    "offered",
    "transferred",
    "deducted",
    "discounted",
];
/// Words that start the consequent of a condition ("if you refund 20 *I* won't send it back", "… *then* I'll keep it").
const CONSEQUENT: &[&str] = &["i", "we", "i'll", "we'll", "i'd", "we'd", "id", "ill", "then", "and", "so", "i'm", "im"];

/// A conditional offer: "if" with its subject and modals ("if you", "if you can", "only if I could"), then a transfer
/// verb (or its past: "if you refunded £35") whose object is money — a figure, a money noun, or a bare number the
/// consequent, "back", "off" or a destination follows ("if you refund 20 I won't return it", "if you give me 500
/// back"), negated or not ("if you don't refund the $40 I'll dispute it" demands it). "get", "have", "take" and "do"
/// ask for money only with "back", "off" or a money noun, as in the
/// imperative; a count of things ("if you send 2 more") is no money.
fn conditional_request(toks: &[Tok]) -> Option<(Act, &'static str, Vec<usize>)> {
    let p = toks.iter().position(|t| t.text == "if" || t.text == "unless")?;
    if let Some(passive) = passive_condition(toks, p) {
        return Some(passive);
    }
    if let Some(seen) = seen_condition(toks, p) {
        return Some(seen);
    }
    // A negated condition is a demand with its threat ("if you don't refund the $40 I'll dispute the charge", "if you
    // do not refund my 159.99 I will report you"): the money is asked all the same. The auxiliary "do" that carries
    // the negation is no transfer verb (ask39, ADR-1245).
    let v = (p + 1..toks.len()).find(|k| {
        !(matches!(toks[*k].w, W::Person | W::Modal | W::Marker | W::Negation)
            || matches!(toks[*k].text.as_str(), "your" | "team" | "just" | "only" | "guys" | "could" | "were" | "to")
            || (matches!(toks[*k].text.as_str(), "do" | "does" | "did")
                && toks.get(*k + 1).is_some_and(|n| n.w == W::Negation)))
    })?;
    let verb = &toks[v];
    // By the word, not its class: "refund" and "credit" are money nouns as well as verbs.
    if !(TRANSFER.contains(&verb.text.as_str()) || CONDITIONAL_PAST.contains(&verb.text.as_str())) {
        return None;
    }
    let j = transfer_object(toks, v)?;
    let object = &toks[j];
    let next = toks.get(j + 1);
    let money = match object.w {
        W::Figure => money_object(toks, object),
        W::MoneyNoun => true,
        W::Number => {
            next.is_none_or(|n| {
                matches!(n.w, W::Back | W::Off | W::Person | W::Marker) || CONSEQUENT.contains(&n.text.as_str())
            }) || destination_after(toks, j)
        }
        _ => false,
    };
    let money = money
        && (!matches!(verb.text.as_str(), "get" | "have" | "take" | "do" | "took")
            || toks[j..].iter().any(|t| matches!(t.w, W::Off | W::Back | W::MoneyNoun)));
    money.then(|| (Act::Request, "a conditional offer: money back on a condition", figure_at(object)))
}

/// The condition told in the passive, its subject the money (ask39, ADR-1245): "if my 159.99 is not refunded by
/// Friday", "if the 159.99 isn't returned to my card", "unless the refund of 89.99 is paid this week", "unless the 89.99
/// comes back": the money a negated condition (or "unless") puts under a transfer is asked, as in the active ("if
/// you do not refund my 159.99"). `p` is the index of "if" or "unless".
fn passive_condition(toks: &[Tok], p: usize) -> Option<(Act, &'static str, Vec<usize>)> {
    let mut k = p + 1;
    while toks.get(k).is_some_and(|t| matches!(t.text.as_str(), "my" | "the" | "our" | "your" | "full" | "whole")) {
        k += 1;
    }
    let head = toks.get(k)?;
    // The money: a figure, or a money noun and its "of" figure ("the refund of 89.99"); after a determiner, a bare
    // number a "for …" phrase names the goods of ("if the 120 for the cabin case isn't back", haz41, ADR-1354).
    let determined = k > p + 1;
    let bare_for = determined
        && head.w == W::Number
        && (toks.get(k + 1).is_some_and(|t| t.text == "for") || matches!(toks[k - 1].text.as_str(), "my" | "our"));
    let mut money = (matches!(head.w, W::Figure | W::MoneyNoun) || bare_for).then_some(k)?;
    k += 1;
    if toks.get(k).is_some_and(|t| t.text == "of") && toks.get(k + 1).is_some_and(|t| t.w == W::Figure) {
        money = k + 1;
        k += 2;
    }
    // A "for …" phrase that names what the money paid for, up to its predicate (at most five words).
    if toks.get(k).is_some_and(|t| t.text == "for") {
        let end = (k + 1..toks.len().min(k + 7)).find(|j| {
            toks[*j].w == W::Negation
                || matches!(toks[*j].text.as_str(), "is" | "isn't" | "isnt" | "has" | "hasn't" | "was" | "wasn't")
        })?;
        k = end;
    }
    // Its predicate: auxiliaries and a negation, then a transfer's participle or "come/comes back".
    let mut steps = 0;
    while toks.get(k).is_some_and(|t| {
        t.w == W::Negation
            || matches!(
                t.text.as_str(),
                "is" | "isn't"
                    | "isnt"
                    | "are"
                    | "was"
                    | "has"
                    | "have"
                    | "been"
                    | "be"
                    | "not"
                    | "do"
                    | "does"
                    | "did"
            )
    }) && steps < 4
    {
        k += 1;
        steps += 1;
    }
    let verb = toks.get(k)?;
    // Only a demand: the condition negated, or "unless". "If my refund was already sent, ignore this" supposes.
    let demand = toks[p].text == "unless" || toks[p + 1..k].iter().any(|t| t.w == W::Negation || t.text == "not");
    let participle = demand
        && steps > 0
        && matches!(
            verb.text.as_str(),
            "refunded" | "returned" | "credited" | "reimbursed" | "repaid" | "paid" | "sent" | "transferred" | "given"
        );
    let comes_back = demand
        && matches!(verb.text.as_str(), "come" | "comes" | "arrive" | "arrives")
        && toks.get(k + 1).is_some_and(|t| t.w == W::Back);
    // "isn't back on my card by Friday": the money's being back, negated, is the demand (haz41, ADR-1354).
    let is_back = demand && steps > 0 && verb.w == W::Back;
    let comes_back = comes_back || is_back;
    (participle || comes_back)
        .then(|| (Act::Request, "a condition whose money is put under a transfer", figure_at(&toks[money])))
}

/// The writer's seeing or getting the money as the condition of a threat (haz41, ADR-1354): "unless I see the refund
/// this week, …", "if I don't get my 90 back by Monday, …", "unless we receive the 45.00". "Unless", or "if" with the
/// verb negated; the object a money noun or a figure (a bare number only with "back"). "If I get a refund, thanks"
/// supposes and asks nothing.
fn seen_condition(toks: &[Tok], p: usize) -> Option<(Act, &'static str, Vec<usize>)> {
    let mut k = p + 1;
    if !toks.get(k).is_some_and(|t| matches!(t.text.as_str(), "i" | "we")) {
        return None;
    }
    k += 1;
    let mut negated = toks[p].text == "unless";
    while toks
        .get(k)
        .is_some_and(|t| t.w == W::Negation || matches!(t.text.as_str(), "do" | "did" | "not" | "actually"))
    {
        negated |= toks[k].w == W::Negation || toks[k].text == "not";
        k += 1;
    }
    if !negated || !toks.get(k).is_some_and(|t| matches!(t.text.as_str(), "see" | "get" | "receive" | "have")) {
        return None;
    }
    k += 1;
    while toks.get(k).is_some_and(|t| matches!(t.text.as_str(), "the" | "my" | "our" | "a" | "full" | "whole" | "that"))
    {
        k += 1;
    }
    let object = toks.get(k)?;
    let money = match object.w {
        W::Figure | W::MoneyNoun => true,
        W::Number => toks.get(k + 1).is_some_and(|t| t.w == W::Back),
        _ => false,
    };
    money.then(|| (Act::Request, "the money seen or got as the condition of a threat", figure_at(object)))
}

/// A money-return noun asked for whose "of" object is money: the ask (a want, "ask", "solicit", a politeness marker)
/// stands before the noun or a marker in its clause; the object is a money noun ("my money", "the whole sum", "the
/// total"), what was paid by its price ("the complete price"), a figure, or a number that prices no thing.
fn money_return_noun(toks: &[Tok]) -> Option<(Act, &'static str, Vec<usize>)> {
    for (i, t) in toks.iter().enumerate() {
        if !RETURN_NOUNS.contains(&t.text.as_str()) || toks.get(i + 1).is_none_or(|n| n.text != "of") {
            continue;
        }
        let asker = toks.iter().any(polite) || toks[..i].iter().any(|p| p.w == W::Want);
        if !asker {
            continue;
        }
        let Some(head) = (i + 2..toks.len())
            .find(|j| PAID_HEADS.contains(&toks[*j].text.as_str()) || !matches!(toks[*j].w, W::Filler | W::Person))
            .map(|j| past_hedges(toks, j))
        else {
            continue;
        };
        let money = match toks[head].w {
            W::MoneyNoun | W::Figure => true,
            W::Number => number_stands_alone(toks, head),
            _ => PAID_HEADS.contains(&toks[head].text.as_str()),
        };
        if money {
            return Some((Act::Request, "a money-return noun asked for, its object money", figure_at(&toks[head])));
        }
    }
    None
}

/// The head of a noun phrase starting at `j`: a money noun one or two plain words later ("goodwill credit", "small
/// courtesy refund"), else `j` itself.
fn compound_head(toks: &[Tok], j: usize) -> usize {
    if toks[j].w != W::Other {
        return j;
    }
    (j + 1..toks.len().min(j + 3))
        .take_while(|k| matches!(toks[*k].w, W::Other | W::MoneyNoun))
        .find(|k| toks[*k].w == W::MoneyNoun)
        .unwrap_or(j)
}

/// The words that name a charge taken again, as the thing to put back ("the extra one", "the second charge", "the
/// duplicate").
const EXTRA_CHARGE: &[&str] = &[
    "extra",
    "second",
    "other",
    "duplicate",
    "duplicated",
    "double",
    "additional",
    "repeat",
    "repeated",
    "2nd",
    "doubled",
];

/// A verb's base form from its gerund ("sending" → "send", "putting" → "put", "paying" → "pay", "giving" → "give").
fn gerund_base(word: &str) -> String {
    let Some(stem) = word.strip_suffix("ing") else { return word.to_string() };
    let b = stem.as_bytes();
    if b.len() >= 2 && b[b.len() - 1] == b[b.len() - 2] {
        return stem[..stem.len() - 1].to_string();
    }
    if matches!(stem, "giv" | "tak" | "revers" | "issu") {
        return format!("{stem}e");
    }
    stem.to_string()
}

/// A charge put back (see `read_segment`): a transfer verb first, after a marker, after a modal and its person, or
/// after "would you mind"; its object a charge taken again ("the extra one", "the second charge"); "back" after it.
fn charge_sent_back(toks: &[Tok]) -> Option<(Act, &'static str, Vec<usize>)> {
    let v = toks.iter().position(|t| {
        let base = gerund_base(&t.text);
        matches!(base.as_str(), "put" | "send" | "pay" | "give" | "refund" | "reverse" | "credit")
    })?;
    // Addressed to the shop: only "you" as a person ("I put the other one back in the box" reports).
    let before = &toks[..v];
    let asked = before.iter().all(|t| {
        matches!(t.w, W::Marker | W::Filler | W::Modal)
            || matches!(
                t.text.as_str(),
                "you" | "u" | "ya" | "mind" | "chance" | "any" | "just" | "but" | "so" | "and" | "then" | "now" | "ok"
            )
    });
    if !asked {
        return None;
    }
    let mut j = v + 1;
    while toks.get(j).is_some_and(|t| matches!(t.text.as_str(), "the" | "that" | "this" | "my" | "your" | "me" | "us"))
    {
        j += 1;
    }
    if !EXTRA_CHARGE.contains(&toks.get(j)?.text.as_str()) {
        return None;
    }
    j += 1;
    while toks.get(j).is_some_and(|t| {
        matches!(
            t.text.as_str(),
            "one" | "charge" | "charges" | "payment" | "transaction" | "debit" | "amount" | "one's"
        )
    }) {
        j += 1;
    }
    let back = toks.get(j).is_some_and(|t| t.w == W::Back) || destination_after(toks, j.saturating_sub(1));
    back.then(|| (Act::Request, "a charge taken again, put back", Vec::new()))
}

/// Money (a figure, a money noun, a number of 5 or more) followed by a word for "back" in any language, or by "of
/// return/refund", asked: a politeness marker in the clause, a want or a modal before it, or a settlement after it
/// ("… would be just", "… is fine"). Money received is read before this (acknowledgements).
fn money_then_back(toks: &[Tok]) -> Option<(Act, &'static str, Vec<usize>)> {
    for (k, t) in toks.iter().enumerate() {
        let money = match t.w {
            W::Figure | W::MoneyNoun => true,
            // Not the digits after an unreadable figure's gap ("$4_.50 back").
            W::Number => number_of(t).is_some_and(|n| n >= 5) && (k == 0 || toks[k - 1].w != W::Figure),
            // A share of the money ("half the price back", "a third of it back"): its figure, if named, is read by the
            // amount grammar (ADR-772).
            W::Other => matches!(t.text.as_str(), "half" | "third" | "quarter"),
            _ => false,
        };
        if !money {
            continue;
        }
        let Some(b) = (k + 1..toks.len()).find(|j| !matches!(toks[*j].w, W::Filler | W::Person)) else { continue };
        let back = toks[b].w == W::Back
            || (RETURN_NOUNS.contains(&toks[b].text.as_str()) && toks[k + 1..b].iter().any(|x| x.text == "of"));
        if !back {
            continue;
        }
        let settled = toks[b + 1..].windows(2).any(|w| {
            matches!(w[0].text.as_str(), "would" | "should" | "will" | "is" | "be" | "seems")
                && SETTLED.contains(&w[1].text.as_str())
        }) || toks[b + 1..].iter().enumerate().any(|(q, w)| {
            matches!(w.text.as_str(), "would" | "should" | "will" | "'d" | "could")
                && toks[b + 1 + q + 1..].iter().take(3).any(|x| SETTLING.contains(&x.text.as_str()))
        });
        // A verb of any kind in the imperative, the customer its recipient, then the money and "back" ("bung us a
        // tenner back", "flick me $15 back", "toss me 20 bones back"): the indirect object and "back" make the verb
        // a transfer to the customer, whatever verb it is (ADR-773).
        let sent_to_customer = toks[..k].iter().enumerate().any(|(p, x)| {
            matches!(x.text.as_str(), "me" | "us")
                && p >= 1
                && matches!(toks[p - 1].w, W::Other | W::Transfer)
                && toks[..p - 1].iter().all(|y| matches!(y.w, W::Filler | W::Marker))
        });
        let asked = toks.iter().any(polite)
            || toks[..k].iter().any(|p| matches!(p.w, W::Want | W::Modal))
            || settled
            || sent_to_customer;
        if asked {
            return Some((Act::Request, "money with a word for back, asked", figure_at(t)));
        }
    }
    None
}

/// A politeness marker that asks ("please", "kindly", "bitte"), not one that thanks ("thank you for the refund of
/// $60" reports money received).
fn polite(t: &Tok) -> bool {
    t.w == W::Marker && !matches!(t.text.as_str(), "thanks" | "thank" | "thx" | "ty" | "cheers")
}

/// Past hedges before a figure ("roughly 25", "more or less 25", "something like 30"): the figure's index, or `j` when
/// no number follows the hedges.
fn past_hedges(toks: &[Tok], j: usize) -> usize {
    let k = (j..toks.len()).find(|k| !HEDGES.contains(&toks[*k].text.as_str())).unwrap_or(j);
    if k > j && matches!(toks[k].w, W::Number | W::Figure) { k } else { j }
}

/// The value of a bare number token ("25", "20ish").
fn number_of(t: &Tok) -> Option<i64> {
    t.text.trim_end_matches("ish").parse().ok()
}

/// A bare number that counts no thing: nothing after it, or no noun ("refund me 22 for the part", "12 or maybe 18",
/// "25 please"; not "2 cups", "3 of them").
fn number_stands_alone(toks: &[Tok], j: usize) -> bool {
    toks.get(j + 1).is_none_or(|n| {
        n.text != "of"
            && n.text != "x"
            && (n.w != W::Other
                || CONJUNCTIONS.contains(&n.text.as_str())
                || matches!(n.text.as_str(), "or" | "maybe" | "perhaps" | "instead" | "total" | "even"))
    })
}

/// A bare number of 5 or more as the object of a verb that moves money ("refund me 22 for the part", "give me back 10
/// or 15", "refund 250 please"): money in the order's currency. Counts of things ("return 2 of them", "send 3 cups")
/// are no money.
fn money_verb_number(toks: &[Tok], v: usize, j: usize) -> bool {
    const MONEY_VERBS: &[&str] = &[
        "refund",
        "reimburse",
        "repay",
        "credit",
        "return",
        "give",
        "gimme",
        "send",
        "pay",
        "transfer",
        "wire",
        "compensate",
    ];
    MONEY_VERBS.contains(&toks[v].text.as_str())
        && toks[j].w == W::Number
        && number_of(&toks[j]).is_some_and(|n| n >= 5)
        && number_stands_alone(toks, j)
}

/// A share of the money as an object: "half", "a third", "50 percent", "part" with a money noun or what was paid
/// after it ("half the amount", "the half of the price", "half of the payment", "half amount").
fn share_of_money(toks: &[Tok], j: usize) -> bool {
    let share = SHARES.contains(&toks[j].text.as_str())
        || (toks[j].w == W::Number && toks.get(j + 1).is_some_and(|n| n.text == "percent"));
    if !share {
        return false;
    }
    let from = if toks[j].w == W::Number { j + 2 } else { j + 1 };
    (from..toks.len())
        .find(|k| PAID_HEADS.contains(&toks[*k].text.as_str()) || !matches!(toks[*k].w, W::Filler))
        .is_some_and(|k| toks[k].w == W::MoneyNoun || PAID_HEADS.contains(&toks[k].text.as_str()))
}

/// The figure a money noun names with "of" ("a refund of 140", "the restitution of roughly 25"): its position.
fn figure_of_noun(toks: &[Tok], k: usize) -> Vec<usize> {
    if !(toks[k].w == W::MoneyNoun || RETURN_NOUNS.contains(&toks[k].text.as_str()))
        || toks.get(k + 1).is_none_or(|n| n.text != "of")
        || k + 2 >= toks.len()
    {
        return Vec::new();
    }
    let m = past_hedges(toks, k + 2);
    match toks[m].w {
        W::Figure => vec![toks[m].at],
        W::Number if number_stands_alone(toks, m) => vec![toks[m].at],
        _ => Vec::new(),
    }
}

/// A transfer verb, or a money noun used as one ("refund me 22", "credit 15 to my card"): the word's class says noun,
/// its place (first, after a modal and its person, after a marker) says verb.
fn is_transfer(t: &Tok) -> bool {
    t.w == W::Transfer || matches!(t.text.as_str(), "refund" | "credit")
}

/// The figures of a segment.
fn figures_of(toks: &[Tok]) -> Vec<usize> {
    toks.iter().filter(|t| matches!(t.w, W::Figure | W::Number)).map(|t| t.at).collect()
}

/// The figure a token is, if it is one.
fn figure_at(t: &Tok) -> Vec<usize> {
    if matches!(t.w, W::Figure | W::Number) { vec![t.at] } else { Vec::new() }
}

/// The amount grammar's one structural form: a bare number that a request sends somewhere ("send 15 to my card")
/// is money in the order's currency; it is written with a currency sign so the grammar reads it.
pub fn bare_numbers_as_money(text: &str) -> String {
    let mut at: Vec<usize> = Vec::new();
    for (s, e) in super::clauses(text) {
        for seg in read(text, s, e).into_iter().filter(|g| g.act == Act::Request) {
            at.extend(seg.figures.into_iter().filter(|f| {
                text[*f..].starts_with(|c: char| c.is_ascii_digit())
                    && res().money.find_at(text, *f).is_none_or(|m| m.start() != *f)
                    // A figure with its currency written before it ("I bought (Rs. 249)", blind123 `g-044`) is money
                    // already: its sign goes before the code, never between.
                    && !currency_code_before(&text[..*f])
                    // A share ("and 10% for the trouble") is no money figure (outside attack 48).
                    && !share_after(&text[*f..])
                    // A count of times ("Refund 2× please") multiplies; it is no figure (outside attack 53).
                    && !multiplier_after(&text[*f..])
                    && !super::grammar::counted_alternative_after(
                        text[*f..].trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ','),
                    )
                    // Five digits and more with no sign are an order or a reference ("full refund on 55012 ($640)",
                    // blind91 `g-008`).
                    && text[*f..].chars().take_while(char::is_ascii_digit).count() <= 4
            }));
        }
    }
    let mut out = text.to_string();
    for f in at.into_iter().rev() {
        out.insert(f, '$');
    }
    // A bare number offered as the alternative of a figure asked ("$12 or maybe 18", "$40, or perhaps 50"): money as
    // well, so the two read as alternatives (U1), never as one figure and a count.
    static ALTERNATIVE: OnceLock<Option<Regex>> = OnceLock::new();
    let alternative = ALTERNATIVE.get_or_init(|| {
        Regex::new(r"(?i)(\$\d+(?:[.,]\d{1,2})?\s*[,.!]?\s*(?:or|maybe|perhaps|possibly)(?:\s+(?:maybe|perhaps|possibly|even))?\s+)(\d+(?:[.,]\d{1,2})?)\b").ok()
    });
    let out = match alternative {
        Some(re) => re.replace_all(&out, "$1$$$2").into_owned(),
        None => out,
    };
    added_and_totalled(&wanted_sum(&out))
}

/// Whether a currency code or an abbreviation of one ends `head` ("Rs. ", "INR ", "PLN", "zł "): the number after it
/// is money in that currency.
fn currency_code_before(head: &str) -> bool {
    static CODE: OnceLock<Option<Regex>> = OnceLock::new();
    CODE.get_or_init(|| {
        // The one list of currencies written before a figure (`CUR_BEFORE`), not a second one.
        Regex::new(&format!(r"(?i)(?:{})\.?\s*$", super::CUR_BEFORE)).ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(head))
}

/// Whether a number (at the start of `from`) is a count of times: "2×", "3 x" with no letter after the "x".
fn multiplier_after(from: &str) -> bool {
    let rest = from.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
    rest.starts_with('×')
        || rest.strip_prefix(['x', 'X']).is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
}

/// Whether a number (at the start of `from`) is a share: "10%", "15 per cent", "20 percent".
fn share_after(from: &str) -> bool {
    let rest =
        from.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',').trim_start().to_lowercase();
    rest.starts_with('%') || rest.starts_with("percent") || rest.starts_with("per cent")
}

/// Two bare numbers wanted as a sum ("I want the 54 plus the 12 I spent on a taxi", "need 30 + 8 back"): money,
/// both, so the sum is the amount asked (and an over-ask when it passes the order's amount, X2) — never the first
/// figure read as a count and the order's amount paid in its place (F1601). A noun the second number counts ("plus
/// 2 hours") or a share ("plus 25%") keeps it a number.
fn wanted_sum(text: &str) -> String {
    static SUM: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(sum) = SUM
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)(\b(?:want|wants|need|needs|like|asking\s+for|ask\s+for|expect|claim|claiming)\s+(?:back\s+)?",
                r"(?:the\s+|my\s+)?)\$?(\d{1,5}(?:[.,]\d{1,2})?)(\s+(?:plus|\+)\s+(?:the\s+|another\s+)?)",
                r"\$?(\d{1,5}(?:[.,]\d{1,2})?)\b(\s*(?:%|percent|per\s+cent|hours?|hrs?|days?|items?|pieces?|pcs|units?|of\b|x\b))?",
            ))
            .ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    sum.replace_all(text, |c: &regex::Captures| match c.get(5) {
        Some(_) => c[0].to_string(),
        None => format!("{}${}{}${}", &c[1], &c[2], &c[3], &c[4]),
    })
    .into_owned()
}

/// The customer's own arithmetic beside a figure asked (ADR-860): a bare number added to a money figure ("the $64 back
/// plus 20 for the two hours", "$35 + 12") is money in the same currency, unless a noun it counts follows ("plus 2
/// hours"); and a bare number stated as a total ("… 84 total", "so 84 altogether", "that makes 84") is money when it is
/// the sum of the money figures just before it, the customer's own sum.
fn added_and_totalled(text: &str) -> String {
    static ADDED: OnceLock<Option<Regex>> = OnceLock::new();
    static TOTAL_BEFORE: OnceLock<Option<Regex>> = OnceLock::new();
    static TOTAL_AFTER: OnceLock<Option<Regex>> = OnceLock::new();
    static BARE: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(added), Some(total_before), Some(total_after), Some(bare)) = (
        ADDED
            .get_or_init(|| {
                Regex::new(concat!(
                    r"(?i)(?:\$\d+(?:[.,]\d{1,2})?|\b\d+[.,]\d{2})(?:[^.?!\n$]{0,40}?\b(?:plus|and\s+also|and\s+another|and\s+an\s+extra|",
                    r"as\s+well\s+as|on\s+top\s+of\s+that|and)\s+(?:another\s+|an\s+extra\s+|the\s+|a\s+further\s+)?|",
                    r"\s*\+\s*)(\d+(?:[.,]\d{1,2})?)\b",
                ))
                .ok()
            })
            .as_ref(),
        TOTAL_BEFORE
            .get_or_init(|| {
                Regex::new(r"(?i)(?:\btotal(?:\s+of|\s+is|\s*:)?|\bso(?:\s+that'?s|\s+thats)?|\bthat'?s|\bthats|\b(?:that|which|it)\s+makes|\bcomes\s+to|=)\s*$").ok()
            })
            .as_ref(),
        TOTAL_AFTER
            .get_or_init(|| Regex::new(r"(?i)^\s*(?:in\s+total|total|altogether|all\s+together|overall|all\s+in)\b").ok())
            .as_ref(),
        BARE.get_or_init(|| Regex::new(r"\d+(?:[.,]\d{1,2})?\b").ok()).as_ref(),
    ) else {
        return text.to_string();
    };
    // Additions first: the number after "plus" when no counted noun follows it.
    let mut at: Vec<usize> = Vec::new();
    for c in added.captures_iter(text) {
        let Some(n) = c.get(1) else { continue };
        // "and 10% for the trouble": a share, no money figure.
        if share_after(&text[n.start()..]) {
            continue;
        }
        let next: String = text[n.end()..].trim_start().chars().take_while(|c| c.is_alphabetic()).collect();
        let money_like = next.is_empty()
            || matches!(
                next.to_lowercase().as_str(),
                "for"
                    | "back"
                    | "extra"
                    | "more"
                    | "on"
                    | "as"
                    | "to"
                    | "and"
                    | "in"
                    | "please"
                    | "pls"
                    | "compensation"
                    | "postage"
                    | "shipping"
                    | "delivery"
                    | "courier"
                    | "fee"
                    | "fees"
                    | "handling"
                    | "interest"
                    | "total"
                    | "so"
                    | "because"
                    | "which"
                    | "that"
                    | "is"
                    | "would"
                    | "should"
            );
        if money_like {
            at.push(n.start());
        }
    }
    let mut out = text.to_string();
    for f in at.into_iter().rev() {
        out.insert(f, '$');
    }
    // Then a bare total that is the sum of the last two or more money figures before it.
    let money: Vec<(usize, i64)> = out
        .match_indices('$')
        .filter_map(|(i, _)| {
            let m = bare.find(&out[i + 1..]).filter(|m| m.start() == 0)?;
            Some((i, super::to_cents(m.as_str())?))
        })
        .collect();
    let mut totals: Vec<usize> = Vec::new();
    for m in bare.find_iter(&out) {
        let prev = out[..m.start()].chars().next_back();
        if prev.is_some_and(|p| p.is_alphanumeric() || matches!(p, '$' | '.' | ',' | '#' | '/' | '-')) {
            continue;
        }
        let head = super::before(&out, m.start(), 20);
        if !(total_before.is_match(head) || total_after.is_match(&out[m.end()..])) {
            continue;
        }
        let Some(value) = super::to_cents(m.as_str()) else { continue };
        let before: Vec<i64> = money.iter().filter(|(i, _)| *i < m.start()).map(|(_, v)| *v).collect();
        let sums = (2..=before.len()).any(|k| before[before.len() - k..].iter().sum::<i64>() == value);
        if sums {
            totals.push(m.start());
        }
    }
    for f in totals.into_iter().rev() {
        out.insert(f, '$');
    }
    out
}

/// A destination or a direction right after position `i` ("back", "off", "to my card", "onto my visa").
fn destination_after(toks: &[Tok], i: usize) -> bool {
    let rest: Vec<&Tok> = toks[i + 1..].iter().filter(|t| !matches!(t.text.as_str(), "the" | "my" | "our")).collect();
    match rest.first() {
        Some(t) if matches!(t.w, W::Back | W::Off) => true,
        Some(t) if matches!(t.text.as_str(), "to" | "on" | "onto" | "into") => rest.get(1).is_some_and(|n| {
            matches!(n.text.as_str(), "card" | "account" | "visa" | "mastercard" | "amex" | "bank" | "paypal" | "back")
        }),
        _ => false,
    }
}

fn read_segment(toks: &[Tok], question: bool, marker_in_clause: bool) -> (Act, &'static str, Vec<usize>) {
    let none = (Act::Other, "", Vec::new());
    if toks.is_empty() {
        return none;
    }
    let negated = toks.iter().any(|t| t.w == W::Negation);
    let wants = toks.iter().any(|t| t.w == W::Want);
    let modal = toks.iter().position(|t| t.w == W::Modal);
    let money = toks.iter().any(is_money);
    // A question about a refund on record (before negations: "why hasn't my refund arrived").
    if asks_about_a_refund_on_record(toks) {
        return (Act::Status, "a question whose subject is a refund on record", figures_of(toks));
    }
    // A conditional offer ("I'll keep it if you give me 500 back", "if you refund 20 I won't return it"): the condition
    // is what the customer asks (before negations: the consequent's "won't" does not govern the condition).
    if let Some(asked) = conditional_request(toks) {
        return asked;
    }
    // A refund seen on a statement or an account ("I see 'REFUND WEBSHOP 34.50' on my statement", "my statement shows
    // REFUND OAKSHOP 41.00"): a report of money back, asked about or not.
    if let Some(p) = toks.iter().position(|t| t.w == W::Perceive)
        && toks.iter().any(|t| matches!(t.text.as_str(), "refund" | "credit" | "reimbursement") || t.w == W::Back)
        && toks.iter().any(|t| t.w == W::Figure)
        && toks.iter().any(|t| matches!(t.text.as_str(), "statement" | "account" | "card" | "bank" | "app" | "balance"))
        && !toks[..p].iter().any(|t| t.w == W::Modal)
    {
        return (Act::Acknowledgement, "a refund seen on a statement", figures_of(toks));
    }
    if negated {
        // A negation governs what follows it: "it doesn't work, $20 back please" is cut at the comma; in a run-on
        // the words after the last negated verb are read on their own.
        let last = toks.iter().rposition(|t| t.w == W::Negation).unwrap_or(0);
        let tail = &toks[last + 1..];
        let governs = tail.iter().take(3).any(|t| {
            matches!(
                t.w,
                W::Want
                    | W::Transfer
                    | W::Figure
                    | W::MoneyNoun
                    | W::Back
                    | W::Off
                    | W::ReceiptPast
                    | W::ReceiptParticiple
            )
        });
        if governs || tail.is_empty() {
            return none;
        }
        let (act, why, figures) = read_segment(&toks[last + 1..], question, marker_in_clause);
        if act == Act::Request {
            return (act, why, figures);
        }
        // A run-on sentence whose request comes before a negated remark ("i want the whole 120 back it never
        // worked"): the words before the negated clause's subject are read on their own.
        let first = toks.iter().position(|t| t.w == W::Negation).unwrap_or(0);
        let subject = first.checked_sub(1).filter(|s| SUBJECTS.contains(&toks[*s].text.as_str()));
        let head = &toks[..subject.unwrap_or(first)];
        if subject.is_some() && !head.is_empty() && !head.iter().any(|t| t.w == W::Negation) {
            let (act, why, figures) = read_segment(head, question, marker_in_clause);
            if act == Act::Request {
                return (act, why, figures);
            }
        }
        return none;
    }
    // Acknowledgement: money received, in the past, stated (not asked, not wanted).
    if money && !question && !wants {
        for (i, t) in toks.iter().enumerate() {
            let after = object_after(toks, i).map(|j| &toks[j]);
            // "got the refund of $34.99 back", "received $20 back": a past receipt verb whose object is money.
            let receipt_verb = t.w == W::ReceiptPast || (t.w == W::ReceiptParticiple && t.text == "received");
            let object_money = after.is_some_and(|a| money_object(toks, a));
            // "the $20 came through", "my refund of $12 arrived": money as the subject, before the verb.
            let head = toks[..i].iter().rposition(|p| !AUX.contains(&p.text.as_str()));
            // A charge posted to a card is no money back (blind135 `g-074`: "2 x USD 89.00 posted to card ending
            // 4410"): "posted" reports a refund only with a refund word or "back".
            let refund_like = toks.iter().any(|p| p.w == W::MoneyNoun)
                || toks[i + 1..].iter().any(|p| {
                    matches!(p.text.as_str(), "through" | "back" | "account" | "card" | "bank" | "statement" | "visa")
                        && (t.text != "posted" || p.text == "back")
                });
            // "refund for the kettle landed", "the credit on my order came through": the money noun heads the subject,
            // its "for/of/on" phrase between it and the verb (ADR-775).
            let headed_by_money = (i.saturating_sub(7)..i).any(|m| {
                toks[m].w == W::MoneyNoun
                    && toks.get(m + 1).is_some_and(|n| matches!(n.text.as_str(), "for" | "of" | "on"))
                    && !toks[m + 1..i]
                        .iter()
                        .any(|x| matches!(x.w, W::Transfer | W::Want | W::Modal | W::Person | W::Negation))
            });
            let subject_money = (head.is_some_and(|h| is_money(&toks[h])) || headed_by_money) && refund_like;
            if receipt_verb && modal.is_none_or(|m| m > i) && (object_money || (subject_money && t.text != "got")) {
                return (Act::Acknowledgement, "money received, in the past tense", figures_of(toks));
            }
            // "refund of $20 received", "$20 credited back": money, then a participle with no subject or auxiliary,
            // standing on its own (not an attribute of a noun: "refund the returned lamp").
            if t.w == W::ReceiptParticiple
                && toks.get(i + 1).is_none_or(|n| n.w != W::Other)
                && toks[..i].iter().any(is_money)
                && !toks[..i].iter().any(|p| p.w == W::Person || p.w == W::Modal)
                // "50 percent of the amount should be refunded": an obligation asks, it reports nothing.
                && !toks[..i].iter().any(|p| matches!(p.text.as_str(), "should" | "must" | "shall" | "ought"))
            {
                return (Act::Acknowledgement, "money with a receipt participle", figures_of(toks));
            }
            // "the money's back on my card", "my refund is through": money as the subject of "is", back or through,
            // a state reached (no modal, no want, not a question).
            let is_now = t.text.ends_with("'s") || (i > 0 && matches!(t.text.as_str(), "is" | "was" | "are"));
            let subject = if t.text.ends_with("'s") { Some(t) } else { i.checked_sub(1).map(|h| &toks[h]) };
            if is_now
                && subject.is_some_and(|s| s.w == W::MoneyNoun)
                && modal.is_none()
                && toks[i + 1..]
                    .iter()
                    .find(|n| !matches!(n.text.as_str(), "finally" | "already" | "now" | "all"))
                    .is_some_and(|n| n.w == W::Back || n.text == "through")
            {
                return (Act::Acknowledgement, "money back, a state reached", figures_of(toks));
            }
            // "I can see the $20 back on my statement", "just saw $20 credited".
            if t.w == W::Perceive
                && toks[i + 1..].iter().any(is_money)
                && toks[i + 1..].iter().any(|n| n.w == W::Back || n.w == W::ReceiptParticiple)
            {
                return (Act::Acknowledgement, "money seen back", figures_of(toks));
            }
        }
    }
    // Acknowledgement: a receipt confirmed as a noun phrase ("Confirming receipt of the 25.50 refund", "acknowledging
    // receipt of your reimbursement", ADR-830, F833): money received, said without a verb of receiving. Not when it is
    // wanted or asked for ("could you send a receipt of the refund", "I need a receipt of my payment").
    if let Some(k) = toks.iter().position(|t| t.text == "receipt")
        && toks.get(k + 1).is_some_and(|t| t.text == "of")
        && toks[k + 1..].iter().any(is_money)
        && !toks[..k].iter().any(|t| matches!(t.w, W::Want | W::Modal | W::Transfer | W::Person | W::Negation))
        && !question
    {
        return (Act::Acknowledgement, "a receipt of money confirmed", figures_of(toks));
    }
    // Request: a charge put back, asked by a modal and its person or as an imperative ("could you please put the extra
    // one back?", "would you mind sending the second one back", "pay the duplicate back to my card", ADR-830, F830):
    // the thing put back is the extra charge itself, its money.
    if let Some(asked) = charge_sent_back(toks) {
        return asked;
    }
    // Request: an ask whose object is money coming back, named by a return noun ("I ask from you kindly the recovery of
    // my money", "I am asking for a return of the whole sum", "Please to make the restitution of 12 euros").
    if let Some(asked) = money_return_noun(toks) {
        return asked;
    }
    // Request: the price rounded to a figure the customer names ("round it to 90.00 for me", "just round that up to
    // $50"): an imperative whose result is the money asked (ADR-776).
    if let Some(v) = toks.iter().position(|t| t.text == "round")
        && toks[..v].iter().all(|t| {
            matches!(t.w, W::Filler | W::Marker | W::Person | W::Modal) || matches!(t.text.as_str(), "but" | "just")
        })
        && let Some(f) = toks[v + 1..].iter().find(|t| {
            !matches!(
                t.text.as_str(),
                "it" | "that" | "this" | "up" | "down" | "to" | "the" | "price" | "amount" | "total"
            )
        })
        && f.w == W::Figure
    {
        return (Act::Request, "the price rounded to a figure named", figure_at(f));
    }
    // Request: money, then a word for "back" in any language, asked ("Please mujhe 15 dollar wapas kar do", "bitte 25
    // euro zurück", "about 20ish back would be fine", "around 20 reais of return would be just").
    if let Some(asked) = money_then_back(toks) {
        return asked;
    }
    // Request: a want whose object is money ("I'd like $10 off", "I'd take a $15 price reduction").
    if let Some(i) = toks.iter().position(|t| t.w == W::Want) {
        // The want's own subject: a person right before it, past modals and adverbs ("I'd really like"; not "I paid
        // like $80").
        let subject = toks[..i].iter().rposition(|t| {
            !matches!(
                t.text.as_str(),
                "would" | "just" | "really" | "also" | "still" | "do" | "only" | "so" | "now" | "'d"
            )
        });
        let person_before =
            subject.is_some_and(|s| toks[s].w == W::Person || matches!(toks[s].text.as_str(), "i'd" | "we'd" | "id"));
        // A want with no subject leading its segment, as headlines and sellers write ("Requesting a partial of $15",
        // "Need 20 back"), or with a third party as its subject ("Buyer requesting a partial").
        let headline = subject.is_none_or(|s| toks[..=s].iter().all(|t| matches!(t.w, W::Marker | W::Filler)))
            && !toks[i].text.starts_with("like");
        let third_party = subject.is_some_and(|s| THIRD_PARTY.contains(&toks[s].text.as_str()));
        // A bare number wanted back ("i want the whole 189 back"): money when the whole of it is meant or it is too
        // large to be a count of things sent back.
        // A bare number wanted "for" what it compensates ("I want 150 for the trouble", "I expect 240 for a month of
        // this", ADR-830, F831): money, as a number sent back is; a count names its things ("12 cups for the party").
        let number_back = |j: usize| {
            toks[j].w == W::Number
                && (destination_after(toks, j) || toks.get(j + 1).is_some_and(|n| n.text == "for"))
                && (toks[j].text.parse::<i64>().is_ok_and(|n| n >= 10)
                    || toks[..j].iter().rev().take(2).any(|t| matches!(t.text.as_str(), "whole" | "full" | "all")))
        };
        // "the entire thing back", "the whole lot back": everything paid, wanted back.
        // ("entire" is a filler before a money noun, so the object may be the "thing" itself.)
        let whole_back = |j: usize| {
            let j = if j > 0 && matches!(toks[j - 1].text.as_str(), "whole" | "entire") { j - 1 } else { j };
            matches!(toks[j].text.as_str(), "whole" | "entire")
                && toks.get(j + 1).is_some_and(|t| matches!(t.text.as_str(), "thing" | "lot"))
                && toks.get(j + 2).is_some_and(|t| t.w == W::Back)
        };
        // The want's object, past "back" and hedges ("we need back the entire sum", "I'd like back fifteen", "I'd
        // like something like 30 back"): a number after "back" is money wanted back.
        let object = transfer_object(toks, i).map(|j| past_hedges(toks, j));
        // A money noun after one or two attributive words is the object ("an additional goodwill credit of 1500p", "a
        // courtesy refund", ADR-830, F833): the head of the noun phrase, not its first word.
        let object = object.map(|j| compound_head(toks, j));
        let back_number = |j: usize| {
            toks[j].w == W::Number && toks[i + 1..j].iter().any(|t| t.w == W::Back) && number_stands_alone(toks, j)
        };
        if (person_before || headline || third_party)
            && let Some(j) = object
            && (money_object(toks, &toks[j])
                || number_back(j)
                || back_number(j)
                || whole_back(j)
                || share_of_money(toks, j)
                || toks[j].w == W::Transfer
                    && transfer_object(toks, j).map(|k| past_hedges(toks, k)).is_some_and(|k| {
                        money_object(toks, &toks[k])
                            || number_back(k)
                            || money_verb_number(toks, j, k)
                            || share_of_money(toks, k)
                    }))
        {
            let k =
                if toks[j].w == W::Transfer { transfer_object(toks, j).map_or(j, |k| past_hedges(toks, k)) } else { j };
            let figures = figure_at(&toks[k]);
            let figures = if figures.is_empty() { figure_of_noun(toks, k) } else { figures };
            return (Act::Request, "a want whose object is money", figures);
        }
    }
    // Request: a transfer verb first (the imperative) or after a modal and its person ("can I get", "could you
    // knock"), whose first object is money or a bare number sent somewhere.
    let lead = toks.iter().position(|t| !matches!(t.w, W::Marker | W::Filler));
    let verb_at = match (lead, modal) {
        (Some(l), _) if is_transfer(&toks[l]) => Some(l),
        (_, Some(m)) => toks[m + 1..]
            .iter()
            .position(|t| !matches!(t.w, W::Person | W::Marker | W::Filler))
            .map(|p| m + 1 + p)
            .filter(|v| is_transfer(&toks[*v]) && toks[m + 1..*v].iter().any(|t| t.w == W::Person)),
        _ => None,
    };
    // "I'd take a $15 price reduction", "we'll take $10 off": a transfer verb after a subject with a modal.
    let verb_at = verb_at.or_else(|| {
        toks.windows(2)
            .position(|p| {
                matches!(p[0].text.as_str(), "i'd" | "we'd" | "i'll" | "we'll" | "id") && p[1].w == W::Transfer
            })
            .map(|p| p + 1)
    });
    // "… and revert the amount", "kindly revert the money": a transfer verb after a politeness marker, or coordinated
    // with an imperative ("Kindly do the needful and revert the amount of 45.60"), tried when the first verb asked for
    // no money. Not after a subject's verb: "I had to run to the shop and pay another $12" is no request.
    let imperative_lead = lead.is_some_and(|l| toks[l].w == W::Transfer) || toks[0].w == W::Marker;
    let coordinated: Vec<usize> = toks
        .windows(2)
        .enumerate()
        .filter(|(_, p)| {
            is_transfer(&p[1])
                && (p[0].w == W::Marker || (imperative_lead && matches!(p[0].text.as_str(), "and" | "then" | "&")))
        })
        .map(|(i, _)| i + 1)
        .collect();
    for v in verb_at.into_iter().chain(coordinated) {
        let Some(j) = transfer_object(toks, v).map(|j| past_hedges(toks, j)) else { continue };
        let money_object = (toks[j].w == W::Figure && money_object(toks, &toks[j]))
            || (toks[j].w == W::MoneyNoun && toks[j].text != "refund")
            || (toks[j].w == W::Number && destination_after(toks, j))
            || money_verb_number(toks, v, j)
            || share_of_money(toks, j);
        // "get/have/take/do" ask for money only with it: "$10 off", "a $10 credit" (not "get a refund" — the grammar
        // reads that — nor "take 2 weeks").
        let money_object = money_object
            && (!matches!(toks[v].text.as_str(), "get" | "have" | "take" | "do")
                || toks[j..].iter().any(|t| matches!(t.w, W::Off | W::Back | W::MoneyNoun)));
        if money_object {
            return (Act::Request, "a transfer of money, imperative or asked", figure_at(&toks[j]));
        }
    }
    // "make it right with $20".
    if let Some(m) = toks.iter().position(|t| t.w == W::Make)
        && toks[m + 1..].iter().any(|t| matches!(t.text.as_str(), "right" | "good" | "up"))
        && toks.iter().any(|t| t.w == W::Figure)
        && !question
    {
        let first = toks.iter().find(|t| t.w == W::Figure);
        return (Act::Request, "making it right with money", first.map(figure_at).unwrap_or_default());
    }
    // A money-led segment with no verb: a figure, then only "back", "off", a destination, fillers or markers, and a
    // politeness marker, "back", "off" or a destination somewhere ("USD 49.99 please", "$20 back pls").
    // Up to a "for" (what the money is for: "$20 back for the lamp").
    let content: Vec<&Tok> = toks
        .iter()
        .take_while(|t| t.text != "for")
        .filter(|t| !matches!(t.w, W::Filler | W::Marker | W::Person))
        .collect();
    if let Some(first) = content.first()
        && first.w == W::Figure
        && content[1..].iter().all(|t| matches!(t.w, W::Back | W::Off | W::MoneyNoun))
    {
        let tail = content[1..].iter().any(|t| matches!(t.w, W::Back | W::Off));
        let dest = toks.iter().position(|t| t.w == W::Figure).is_some_and(|i| destination_after(toks, i));
        if tail || dest || marker_in_clause {
            return (Act::Request, "a figure with no verb, asked with a marker or a direction", figure_at(first));
        }
    }
    // A bare number asked for a thing, with no verb (ask39, ADR-1243): "Also the 40 for the stool please", "And the 15
    // for the cushion too please", "Plus 12 for the bowl", "the 45 for the rug as well, please". The number stands
    // where a figure stands in the money-led segment above, what it is for after it; asked with a marker or an
    // additive ("also", "too", "as well", "plus"). A count is no money: the number is 5 or more, and "for" follows it.
    if let Some(i) = toks.iter().position(|t| matches!(t.w, W::Number | W::Figure))
        && toks[..i].iter().all(|t| {
            matches!(t.w, W::Filler | W::Marker)
                || matches!(t.text.as_str(), "also" | "and" | "plus" | "then" | "oh" | "ok" | "okay" | "so")
        })
        && (toks[i].w == W::Figure || number_of(&toks[i]).is_some_and(|n| n >= 5))
        && toks.get(i + 1).is_some_and(|t| t.text == "for")
        && toks
            .get(i + 2)
            .is_some_and(|t| matches!(t.text.as_str(), "the" | "my" | "that" | "this" | "those" | "these"))
        && !question
    {
        let additive = toks.iter().any(|t| matches!(t.text.as_str(), "also" | "plus" | "too"))
            || toks.windows(2).any(|w| w[0].text == "as" && w[1].text == "well");
        // What the money is for is a noun phrase of a few words; after it only markers and additives ("too", "as
        // well", "also"): no verb that tells something of it ("the $40 for the stool was a rip-off").
        let rest: Vec<&Tok> = toks[i + 3..].iter().skip_while(|t| t.w == W::Other).collect();
        let phrase_len = toks.len().saturating_sub(i + 3 + rest.len());
        let closed = phrase_len <= 3
            && rest.iter().all(|t| {
                matches!(t.w, W::Filler | W::Marker | W::Person)
                    || matches!(t.text.as_str(), "too" | "as" | "well" | "also" | "ta" | "cheers" | "thanks")
            });
        if (additive || marker_in_clause) && closed {
            return (Act::Request, "a bare number asked for a thing, with no verb", figure_at(&toks[i]));
        }
    }
    // A figure ending the segment with only a direction or markers after it, after no word that prices it ("…
    // doesn't turn on anymore 56 bucks thx", "… not great 72.25 dollars to my account").
    if let Some(i) = toks.iter().rposition(|t| t.w == W::Figure)
        && i > 0
        && toks[i + 1..].iter().all(|t| matches!(t.w, W::Back | W::Off | W::Marker | W::Filler | W::Person))
        && (destination_after(toks, i) || toks[i + 1..].iter().any(|t| t.w == W::Marker))
        && !question
        && !matches!(
            toks[i - 1].text.as_str(),
            "paid"
                | "pay"
                | "cost"
                | "costs"
                | "was"
                | "is"
                | "were"
                | "for"
                | "of"
                | "charged"
                | "spent"
                | "at"
                | "worth"
                | "the"
                | "a"
                | "my"
                | "me"
                | "about"
                | "around"
                | "only"
                | "just"
                | "total"
                | "price"
        )
        && !matches!(
            toks[i - 1].w,
            W::Filler | W::Transfer | W::Want | W::Modal | W::ReceiptPast | W::ReceiptParticiple
        )
    {
        return (
            Act::Request,
            "a figure closing a run-on sentence, asked with a marker or a direction",
            figure_at(&toks[i]),
        );
    }
    // "$51 off would be fair", "$10 off my bill": a figure taken off, not an amount a thing was already reduced by
    // ("it was already $5 off") nor a coupon's name ("a $5 off coupon").
    // A bare number taken off is money in the order's currency when nothing follows it but the end, a marker or the
    // next clause's subject ("happy to keep it for 30 off"; not "took 2 off the shelf").
    let off_at = |p: &[Tok]| {
        p[1].w == W::Off && (p[0].w == W::Figure || p[0].w == W::Number) && !matches!(p[0].text.as_str(), "0" | "1")
    };
    if let Some(i) = toks.windows(2).position(off_at)
        && !question
        && toks.get(i + 2).is_none_or(|n| {
            if toks[i].w == W::Number {
                matches!(n.w, W::Marker | W::Person | W::Modal) || CONSEQUENT.contains(&n.text.as_str())
            } else {
                n.w != W::Other
            }
        })
        && (i == 0
            || !matches!(toks[i - 1].text.as_str(), "was" | "were" | "is" | "already" | "been" | "your" | "a" | "the"))
        && !toks[..i].iter().any(|t| matches!(t.w, W::ReceiptPast | W::ReceiptParticiple | W::Perceive))
    {
        return (Act::Request, "a figure taken off", figure_at(&toks[i]));
    }
    // "how about $10 off?", "what about a $10 credit?".
    if question
        && toks.windows(2).any(|p| matches!(p[0].text.as_str(), "how" | "what") && p[1].text == "about")
        && toks.iter().any(|t| t.w == W::Figure)
        && toks.iter().any(|t| matches!(t.w, W::Off | W::MoneyNoun | W::Back))
    {
        let first = toks.iter().find(|t| t.w == W::Figure);
        return (Act::Request, "money proposed as a question", first.map(figure_at).unwrap_or_default());
    }
    none
}

/// The customer claims money owed to them as missing (hazard38, ADR-1192): "where is my money?", "where's the
/// refund", "I still haven't got my money back", "my money never came back". Not a general question about how long a
/// refund takes ("How long does it normally take for the money to appear?"). The caller reads it only on an order
/// that was cancelled or only paid, with no refund on record: there the money is owed by the cancellation itself.
pub fn claims_money_owed(text: &str) -> bool {
    claims_money_noun_owed(text) || claims_figure_owed(text)
}

/// Money owed named by its figure (ask39, ADR-1244): "so where is my 54.00?", "where's my 54 dollars", "where my
/// 19,90 ?", "where did my 35 go", "when do I get the 75.00?", "the 12.50 hasn't come back to my card", "still waiting
/// on my 88.00". The figure stands where the money noun stands in [`claims_money_noun_owed`]: after "my/our/the" as
/// the subject of "where", of a receipt not come, or the object of a wait. A count of things ("where are my 3 parcels")
/// is no money: the figure must end its noun phrase.
fn claims_figure_owed(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        let fig = r"(?:[$€£]\s?\d[\d.,]*|\d+(?:[.,]\d{1,2})?(?:\s?(?:usd|eur|gbp|aud|cad|inr|ngn|zar|php|pln|zł|dollars?|euros?|pounds?|bucks|quid|rs\.?|€|£|\$))?)";
        let end = r"(?:\s*(?:[?.!,;)]|$)|\s+(?:go|gone|went|then|now|back|pls|please|from|for|that|which|you|to|yet|already|refund|is|are|has|have|at|on|in)\b)";
        Regex::new(&format!(
            concat!(
                r"(?i)\bwhere(?:'s|\s+is|\s+are|s|\s+has|\s+have|\s+did|\s+does)?\s+(?:my|our|the)\s+{fig}{end}",
                r"|\b(?:waiting|wait)\s+(?:on|for)\s+(?:my|our|the)\s+{fig}{end}",
                r"|\bwhen\s+(?:do|will|can|shall|would)\s+(?:i|we)\s+(?:get|receive|see|have)\s+(?:my|our|the)\s+{fig}{end}",
                r"|\b(?:my|our|the)\s+{fig}\s+(?:has|have)?\s*(?:n'?t|not|never|still\s+not|still\s+hasn'?t|still\s+has\s+not|hasn'?t|haven'?t)\s+(?:yet\s+)?(?:come|came|arrived|been\s+(?:returned|refunded|credited|paid)|returned|shown|reached)",
            ),
            fig = fig,
            end = end,
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(text))
}

/// Money owed named by a money noun (hazard38, ADR-1192).
fn claims_money_noun_owed(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\bwhere(?:'s|\s+is|\s+are|s|\s+has|\s+did)\s+(?:my|our|the)\s+(?:\w+\s+)?(?:money|refund|funds|payment|cash|reimbursement)\b",
            r"|\b(?:haven'?t|have\s+not|hasn'?t|has\s+not|didn'?t|did\s+not|never|still\s+not|not\s+yet)\s+(?:yet\s+|even\s+)?",
            r"(?:received|got|gotten|get|seen|see|come|came|arrived|been\s+(?:returned|refunded|credited|given\s+back))\s+",
            r"(?:back\s+)?(?:my|our|the|a|any)?\s*(?:money|refund|funds|payment|cash)\b",
            r"|\b(?:my|our|the)\s+(?:money|refund|funds|payment)\s+(?:has\s+|have\s+)?(?:never|still\s+(?:not|hasn'?t|has\s+not)|not)\s+(?:yet\s+)?(?:come|came|arrived|been|returned|shown)",
            // A reversal of the payment claimed, and "when do I get my money back" (the money the cancellation owes).
            r"|\brevers\w*\s+(?:of\s+)?(?:the\s+|my\s+|this\s+|our\s+)?(?:[\w$€£.,]+\s+){0,3}?(?:charge|payment|transaction|funds)\b",
            r"|\bwhen\s+(?:do|will|can|shall|would)\s+(?:i|we)\s+(?:get|receive|see|have)\s+(?:my|our|the)\s+(?:[\w$€£.,]+\s+){0,2}?back\b",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(text))
}

/// A clause that directs money to the writer (hazard38, ADR-1193): the mood of asking — an imperative, "please",
/// a "can/could you", a "can I get", a want or a request — with money as its object: a verb that is itself money's
/// ("refund", "reimburse", "credit", "compensate") or a general verb ("send", "give", "pay", "process", "return")
/// whose object is money, a refund, a figure or the rest of one. "Could you send me the transaction reference" directs
/// no money; "refund that too", "I want the remaining $80", "can I get $600 for them" do. "Refund for the jacket was
/// agreed" is the noun, not the imperative (`for` after the verb is no object: desk26's chase, merging desk38).
pub fn directs_money(clause: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        let money = r"(?:money|refund\w*|credit\w*|reimburs\w*|compensation|payment|funds|cash|the\s+(?:rest|remaining|remainder|difference|balance|shortfall)|[$€£]\s?\d|\d+(?:[.,]\d{1,2})?\s?(?:usd|eur|gbp|aud|cad|sgd|php|pln|zł|zl|dollars?|euros?|pounds?|bucks|quid)\b|\d+[.,]\d{2}\b|back\b)";
        let own_verb = r"(?:refund|reimburse|repay|credit|compensate)";
        let verb = r"(?:send|give|pay|process|issue|return|transfer|put|wire|release|action|arrange|top\s+up|make\s+up)";
        Regex::new(&format!(
            concat!(
                r"(?i)(?:^\W*|[.!?;:,]\s*|\b(?:please|pls|plz|kindly|just|now|also|and|so|then)\s+|\b(?:can|could|would|will)\s+(?:you|u|ya|your\s+team)\s+(?:\w+\s+){{0,2}}?)",
                r"(?:{own_verb}\s+(?:(?:me|us|it|that|this|them|the|my|our|a|an|all|everything|in\s+full|please|pls|asap|now)\b|[$€£\d])|{own_verb}\s*(?:[.!,:;-]|$)|{verb}\b[^.?!\n]{{0,40}}?\b{money})",
                r"|\b(?:can|could|may)\s+(?:i|we)\s+(?:\w+\s+)?(?:get|have|receive|be\s+(?:paid|refunded|credited|reimbursed))\b[^.?!\n]{{0,40}}?(?:{money}|\bfor\s+(?:it|them|that|those))",
                r"|\b(?:i|we)(?:(?:'d|\s+would)\s+(?:really\s+|just\s+)?(?:like|want|prefer|appreciate)|\s+(?:still\s+|also\s+|now\s+|really\s+|just\s+)?(?:want|need|expect|demand|require|request|am\s+requesting|are\s+requesting|ask\s+for|am\s+asking\s+for|claim))\b[^.?!\n]{{0,60}}?{money}",
                r"|\b(?:requesting|request\s+for|claim\s+for)\b[^.?!\n]{{0,30}}?{money}",
                r"|\b(?:to|hereby|formally|now|i\s+am|i'?m|we\s+are|we'?re)\s+(?:formally\s+|kindly\s+|hereby\s+)?(?:request(?:ing)?|claim(?:ing)?|seek(?:ing)?|ask(?:ing)?\s+for)\b[^.?!\n]{{0,30}}?{money}",
            ),
            own_verb = own_verb,
            verb = verb,
            money = money,
        ))
        .ok()
    })
    .as_ref()
    // A want whose words thank ("I want say thank you for the refund") directs no money; nor does one that tells ("I'd like to confirm that the refund … has reached my account").
    .is_some_and(|re| {
        re.find_iter(clause).any(|m| {
            let t = m.as_str().to_lowercase();
            // Nor a want to ask a question ("I want to ask: the money you refund me, is it sent?"), unless it asks for.
            let asks_a_question = t.contains("ask") && !t.contains("ask for") && !t.contains("asking for");
            !asks_a_question
                && !["thank", "confirm", "say", "tell", "let you know", "inform", "mention"].iter().any(|w| t.contains(w))
        })
    })
}

/// The ticket tells a refund's money as arrived or done (hazard38, ADR-1193): "the $175 is back in my account", "the
/// refund shows as 'completed'", "refund came thru", "landed this morning", "it came through in 2 days".
pub fn tells_refund_arrived(text: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)(?:\b(?:refund\w*|money|credit|reimbursement|funds|payment|it)|[$€£]\s?\d[\d.,]*|\b\d[\d.,]*\s?(?:usd|eur|gbp|aud|php|zł|pln|dollars?|euros?|pounds?))",
            r"\b(?:[^.?!\n,;]|[.,]\d){0,60}?\b(?:is|was|has|have|had|'s)?\s*(?:now\s+|finally\s+|already\s+)?",
            r"(?:back\s+(?:in|on|into)\s+(?:my|our|the)\b|landed|arrived|reached\s+(?:my|our|the)\b|came\s+(?:through|thru|in)\b|",
            r#"come\s+(?:through|thru|in)\b|gone\s+through|went\s+through|showed\s+up|shows?\s+(?:up|as\s+['"‘“]?(?:completed|processed|done|paid|sent))|"#,
            r"been\s+(?:received|credited|processed|paid|completed))",
        ))
        .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(text))
}
