//! Mechanisms, not sentences (issue 16, ADR-890…894): the reading mechanisms that missed across blind sets b11–b19,
//! each with tickets written for these tests in registers none of the sets has (a school office, a numbered thread,
//! an OCR'd letter, a voice-assistant hand-off, a returns form with a unit annotation, a B2B credit line in one
//! breath, a markdown-free receipt pasted above an ask) and controls that must not flip. Main (`583b107`) decided 15
//! of these 35 otherwise (the same tickets run as a JSONL set through `support-desk eval benchmark`, and this file
//! run against main's `src/`: see ADR-890). Each test lists every ticket decided otherwise before it fails.

use crate::kinds::{Case, check_at, other, refund};

/// Mechanism (ADR-890, missed in b13, b18, b19 and, as status questions, in eight sets): a clause closed by a question mark
/// in an inquiry's form (a wh-word, an inverted auxiliary, after a greeting, a label or a leading condition) asks what
/// the policy or the record says, whatever refund word or figure it holds. Controls: a question in a request's form
/// ("could you", "can I get", "how about") and a demand put as a question ("why is it so difficult to get …") ask.
#[test]
fn a_question_in_an_inquirys_form_asks_nothing_whatever_its_figure() {
    let cases: &[Case] = &[
        (
            "Dear team, does the 30 day return window count from delivery or from the order date? The lamp (£42.00) may not suit the room after all.",
            4200,
            12,
            &[],
            other("close", "C1"),
        ),
        (
            "1/2 does ur refund policy cover the postage as well, the 6.95 i paid? 2/2 asking for a friend lol",
            3100,
            5,
            &[],
            other("close", "C1"),
        ),
        (
            "When would a refund of €19 normally land if I decided to send the scarf back?",
            1900,
            4,
            &[],
            other("close", "C1"),
        ),
        (
            "Is the €27.30 refund you processed on Friday meant to take a week to appear? Nothing on my statement so far.",
            2730,
            9,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Quick one from the school office: do you refund the delivery charge (£4.99) when a whole class set is returned?",
            8900,
            6,
            &[],
            other("close", "C1"),
        ),
        ("if the zip goes on day 29 would the 55 quid still come back to me?", 5500, 20, &[], other("close", "C1")),
        ("Could you refund the £18 for the stand? It arrived bent.", 6000, 6, &[], refund(1800)),
        ("Hi, can I get 12.50 back for the missing lid?", 4000, 6, &[], refund(1250)),
        ("Why is it so difficult to get my 25 dollars back?! The handle snapped off.", 7000, 6, &[], refund(2500)),
        ("How about a refund of $16 for the torn cover?", 5000, 6, &[], refund(1600)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-891, missed in b12, b17, b18, b19): a figure typed with the letter O is that number; a correction
/// on the next line of a chat ("make that 13", "I mean £56", "13 not 30") replaces the figure asked. Controls: a
/// later line with no figure changes nothing; a weight with an "o" ("10oz") is no figure.
#[test]
fn a_figure_corrected_on_a_later_line_or_typed_with_o_wins() {
    let cases: &[Case] = &[
        ("pls send back €1O for the cracked cup", 3000, 3, &[], refund(1000)),
        ("Refund £65 please\nhold on\nI mean £56, the receipt says 56", 8000, 3, &[], refund(5600)),
        ("need 1OO back, the speaker is dead", 10000, 3, &[], refund(10000)),
        (
            "Refund 40 for the blender\nactually it came late too, so whatever is fair for that",
            9000,
            3,
            &[],
            refund(4000),
        ),
        ("refund 12.00 for the 10oz jar that leaked", 5000, 3, &[], refund(1200)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-892, missed in b11, b13, b16, b17, b18, b19): in a clause that asks, the customer's own working
/// closed by "= RESULT" asks the result, never a part (an item, the postage, the net). Controls: a document's line in a
/// clause that asks nothing keeps its reading; the request's own figure stands.
#[test]
fn the_customers_own_arithmetic_asks_its_result() {
    let cases: &[Case] = &[
        ("Please refund 60 + 8 delivery = 68 thanks", 6000, 5, &[], other("refuse", "X2")),
        ("Kindly credit 3 x 12.00 = 36.00 plus VAT 20% = 43.20 total.", 12000, 5, &[], refund(4320)),
        ("i want 25 for the case + 5 for postage = 30", 2500, 5, &[], other("refuse", "X2")),
        (
            "Receipt: 2 x socks @ 4.50 = 9.00\nReceipt total 30.00\nPlease refund the socks only, 9.00.",
            3000,
            5,
            &[],
            refund(900),
        ),
        ("Invoice: 5 x 10.00 = 50.00. Refund 10.00 for the one broken unit.", 5000, 5, &[], refund(1000)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-893, who speaks; missed in seven sets): a bot's confirmation of a figure answered by the customer's
/// own figure asks that figure; a form's unit annotation ("[cents]", "(in pence)") says the value is in minor units.
/// Control: a form field in major units.
#[test]
fn a_bot_or_form_speaks_and_the_customer_answers_with_a_figure() {
    let cases: &[Case] = &[
        (
            "Virtual assistant: To confirm, you'd like £85.00 credited back? [Confirm] [Change]\nShopper selected: Change\nShopper: 8.50 - just the lid\nVirtual assistant: Thanks! Transferring you now.",
            4000,
            5,
            &[],
            refund(850),
        ),
        (
            "Return request\nOrder ref: 5521\nReason code: DEFECTIVE\nAmount to refund [cents]: 1999\nComments: zip broke on day two",
            4500,
            5,
            &[],
            refund(1999),
        ),
        (
            "Online returns form\nItem: desk lamp\nRefund value (in pence): 750\nNotes: shade cracked",
            3000,
            5,
            &[],
            refund(750),
        ),
        (
            "Online returns form\nItem: desk lamp\nRefund amount: 27.50\nNotes: shade cracked",
            3000,
            5,
            &[],
            refund(2750),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-894, legal words; missed in six sets): a chargeback or card dispute the writer declares they are
/// making escalates (E2); one mentioned as advice or as something they would rather avoid does not.
#[test]
fn a_declared_chargeback_is_legal_a_hedged_one_is_not() {
    let cases: &[Case] = &[
        (
            "Last warning. I am filing a chargeback with Amex tomorrow morning over the 49.00.",
            4900,
            5,
            &[],
            other("escalate", "E2"),
        ),
        (
            "We will initiate a card dispute with our bank if the credit is not issued this week.",
            9900,
            5,
            &[],
            other("escalate", "E2"),
        ),
        (
            "My bank suggested a chargeback but I'd rather sort it with you: refund the 22.00 please",
            2200,
            5,
            &[],
            refund(2200),
        ),
        (
            "Before I open a dispute with PayPal, can you refund the £15 for the missing strap?",
            6000,
            5,
            &[],
            refund(1500),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-893): a refund whose value the customer leaves to the shop ("value TBC", "whatever you work out")
/// cannot be settled (U1). Control: an item refunded with no deferral is the order's amount.
#[test]
fn a_figure_left_to_the_shop_is_no_figure() {
    let cases: &[Case] = &[
        (
            "Please credit the damaged rug, value TBC once your team has checked the photos.",
            24000,
            5,
            &[],
            other("escalate", "U1"),
        ),
        (
            "Refund whatever you work out the broken chair leg is worth, the rest of the set is fine.",
            30000,
            5,
            &[],
            other("escalate", "U1"),
        ),
        ("Please refund the damaged rug.", 24000, 5, &[], refund(24000)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-893, a request read as nothing; missed in seven sets): a verb of asking coordinated with an earlier
/// subject ("We returned the drill … and request the refund of 89.00") and a pseudo-cleft ("that's what I want back")
/// ask. Control: a cleft with no money's direction asks nothing.
#[test]
fn a_coordinated_or_cleft_want_asks() {
    let cases: &[Case] = &[
        (
            "We returned the drill by courier on Monday and request the refund of 89.00 to our company card.",
            8900,
            8,
            &[],
            refund(8900),
        ),
        ("£42.50 — that's what I want back. Nothing else, no voucher.", 9000, 8, &[], refund(4250)),
        (
            "Our office received two kettles instead of one and would like a credit of 35.00 for the extra.",
            7000,
            8,
            &[],
            refund(3500),
        ),
        ("That's what I was told when I bought it, so thanks, all clear now.", 9000, 8, &[], other("close", "C1")),
    ];
    check_at(cases);
}

/// Mechanism (ADR-905, who speaks; six of b20's fourteen misses): a thread is read by its speakers. The newest words
/// that point at the message below ("see below from my mother", "over to you", "Same ask as before", a correction)
/// take the customer's side of the thread, written in any mail client's marks and language (a German Gmail forward,
/// a French Outlook header run, an Apple Mail forward, a Spanish "escribió:"), read in the order written so a
/// correction on top wins; a reply that takes the shop's quoted offer asks the figure offered. Controls: thanks or a
/// retraction on top, an offer declined, and a note on top that asks a figure of its own.
#[test]
fn a_thread_is_read_by_its_speakers() {
    let cases: &[Case] = &[
        (
            "Please see below from my mother, she isn't online much. - Tom\n\n---------- Weitergeleitete Nachricht ---------\nVon: Maria Keller <maria.k@example.de>\nDatum: Mo., 30. Nov. 2026 um 18:02\nBetreff: Teekanne\nAn: Tom Keller <tom@example.de>\n\nThe teapot lid arrived in two pieces. I would like 18.50 back for it please.\nMaria",
            4500,
            6,
            &[],
            refund(1850),
        ),
        (
            "Claire, over to you - this is the one I mentioned.\n\nDe : Paul Martin\nEnvoyé : lundi 30 novembre 2026 10:12\nÀ : Claire Dubois\nObjet : lampe de bureau\n\nHello, the desk lamp flickers from the first evening. Please refund the 39.90 to my card.\nPaul",
            3990,
            4,
            &[],
            refund(3990),
        ),
        (
            "Resending as I have had no answer. Same ask as before.\n\nBegin forwarded message:\n\nFrom: Sam Ortiz <sam.ortiz@example.com>\nSubject: headphones\nDate: 1 December 2026 at 09:14:22 GMT\nTo: help@shop.example\n\nLeft ear cup is dead after a week. Please send back 45 dollars.",
            9000,
            8,
            &[],
            refund(4500),
        ),
        (
            "Sorry, my mistake - the amount is 14.20 not 41.20.\n\nEl mar, 1 dic 2026 a las 10:00, Lucia Gomez <lucia@example.es> escribió:\n> Hola, one of the plates came broken. Please refund 41.20 for it.\n> Lucia",
            8240,
            5,
            &[],
            refund(1420),
        ),
        (
            "Ok, the 12.00 works for me, thanks!\n\nOn Tue, 1 Dec 2026 at 14:03, Shop Support <support@shop.example> wrote:\n> We're sorry the mug arrived chipped. We can offer a partial refund of 12.00, or a full refund once it is returned.\n> Kind regards, Support Team",
            3000,
            6,
            &[],
            refund(1200),
        ),
        (
            "Yes, the partial refund please.\n\n-----Original Message-----\nFrom: Customer Service <service@shop.example>\nSent: 02 December 2026 09:10\nTo: Ann Lee\nSubject: RE: missing screws\n\nDear Ann, we can refund 9.50 for the missing screw pack or send a new one. Which would you prefer?",
            6000,
            6,
            &[],
            refund(950),
        ),
        (
            "Passing this on from my sister.\n\n---------- Forwarded message ---------\nFrom: Jo Marsh\nDate: Tue, 1 Dec 2026 at 19:40\nSubject: bath duck\nTo: Kate Marsh\n\nThe eye of the bath duck popped out and my daughter had it in her mouth before I noticed. No refund needed, they should just know.",
            1200,
            6,
            &[],
            other("escalate", "E2"),
        ),
        (
            "Got it, thanks - the money arrived today.\n\nOn 28 Nov 2026, Kim Wu <kim@example.com> wrote:\n> Please refund 20.00 for the torn bag.",
            4000,
            9,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Never mind, I found the missing part in the bottom of the box. Sorry for the trouble!\n\n-----Original Message-----\nFrom: Rob Hale\nSent: 1 Dec 2026\nSubject: shelf\n\nThe shelf came without its brackets. Please refund 15.00.",
            6000,
            4,
            &[],
            other("close", "C1"),
        ),
        (
            "No thanks, I'd rather have the replacement.\n\n> On 2 Dec 2026, Customer Care <care@shop.example> wrote:\n> We can refund 15.00 for the dented tin, or send a replacement free of charge.",
            3600,
            6,
            &[],
            other("close", "C1"),
        ),
        (
            "Please refund 8.00 for the bent lid instead.\n\n-----Original Message-----\nFrom: Eve Stone\nSent: 1 Dec 2026\nSubject: tin\n\nPlease refund 20.00 for the tin.",
            3600,
            6,
            &[],
            refund(800),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-906, requests in support and procurement jargon; three of b20's misses): a field-style line whose
/// label says what is asked and whose value names money back, a trade imperative put to the shop ("kindly process",
/// "pls arrange", "please action"), and a credit "for the damaged units" beside their count and unit price (the count
/// times the price). Controls: the same labels and verbs about something other than money.
#[test]
fn requests_in_support_jargon_ask() {
    let cases: &[Case] = &[
        (
            "Ticket ref: QX-118\nIssue: 3 of 10 cartons damaged in transit\nPrice per unit: EUR 7.40\nDesired outcome: credit note for the damaged units",
            7400,
            5,
            &[],
            refund(2220),
        ),
        ("Kindly process a goodwill credit of 10.00 for the late delivery, per our call.", 5000, 5, &[], refund(1000)),
        ("Pls arrange a credit for this order - wrong colour supplied.", 4200, 5, &[], refund(4200)),
        ("Resolution requested: full reimbursement\nReason: unit DOA", 6000, 40, &[], other("refuse", "X3")),
        (
            "Hi both,\nPlease action the credit for the faulty unit on this order asap.\nRegards, Accounts",
            5500,
            5,
            &[],
            refund(5500),
        ),
        (
            "Requested action: replacement unit only, no credit needed.\nReason: cracked housing",
            6000,
            5,
            &[],
            other("close", "C1"),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-907, a number in the customer's own language; b20 `g-079`): Spanish, German (compounds), French
/// ("quatre-vingt-dix") and Polish number words before a currency word are that figure, and a want put with a
/// "that"-clause ("I want that you return me …") asks. Control: an English number word is left to the English grammar.
#[test]
fn number_words_in_the_customers_language_are_the_figure() {
    let cases: &[Case] = &[
        ("The mug was broken. Please return me cuarenta y cinco euros, thank you.", 4500, 5, &[], refund(4500)),
        ("I want back neunundzwanzig Euro for the cup that was broken.", 5000, 5, &[], refund(2900)),
        (
            "Bonjour, please rembourser quatre-vingt-dix euros for the shoes, they are too small.",
            9000,
            5,
            &[],
            refund(9000),
        ),
        ("Prosze o zwrot dwadzieścia pięć złotych for the broken clip.", 6000, 5, &[], refund(2500)),
        ("I want that you give me back trzydzieści złotych, the handle is broken.", 6000, 5, &[], refund(3000)),
        ("Please refund six euros for the missing spoon.", 2000, 5, &[], refund(600)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-908, a status question in the customer's English; the seventh set it missed in): with a refund on
/// record still pending, words that say its money has not arrived or ask where it is ask its state, whatever request
/// form they take. Controls: the same words with no refund on record ask; a new figure beside the pending one asks.
#[test]
fn money_not_arrived_on_a_pending_refund_asks_its_state() {
    let cases: &[Case] = &[
        (
            "I make return of shoes two week ago and you say refund is ok. Still I am not receiving money. Can you look where is it?",
            5000,
            14,
            &["pending"],
            other("close", "C1"),
        ),
        (
            "Hello, refund was promised me on monday. Until today nothing is coming to my card. You can tell me when it arrive?",
            3000,
            10,
            &["pending"],
            other("close", "C1"),
        ),
        (
            "Please refund me the shoes, they are broken. I not see money from the shop yet.",
            5000,
            14,
            &[],
            refund(5000),
        ),
    ];
    check_at(cases);
}
