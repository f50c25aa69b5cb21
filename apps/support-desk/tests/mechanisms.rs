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
            // The replacement offered, taken: an account action that is no refund (F1657): F1.
            "No thanks, I'd rather have the replacement.\n\n> On 2 Dec 2026, Customer Care <care@shop.example> wrote:\n> We can refund 15.00 for the dented tin, or send a replacement free of charge.",
            3600,
            6,
            &[],
            other("escalate", "F1"),
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

/// Mechanism (ADR-914, b21's procurement jargon: `g-066`, `g-067`, `g-068`, `g-071`, `g-072`, `g-076`, `g-077`): an
/// accounts-payable mail is a document. Its field lines are typed facts (an object naming "the invoice total" or "the
/// gross amount" asks that field, German labels too), a total that includes the customer's own costs is the claim
/// (X2), a requirement, passive or third-person request asks ("Goodwill credit of 8.50 is requested", "The client is
/// requesting a partial credit", "A further credit … is required" on a refunded order: X4), the verbs of accounts
/// payable ask with their object ("void the duplicate charge" of "2 x 31.20", "offset 14.00 against our next
/// invoice"), and a confirmation asked is a question ("Please advise if … is still eligible", "confirm the status of
/// our credit note"). Controls: a figure asked beside the fields; "No credit is required". Main (`2af6a59`) decided 8
/// of these 13 otherwise.
#[test]
fn a_procurement_mail_is_read_as_a_document() {
    let cases: &[Case] = &[
        (
            "Invoice INV-7781, line 3 (two lamps) arrived cracked.\nNet amount: 50.00\nTax 10%: 5.00\nInvoice total: 55.00\nWe ask you to refund the invoice total for line 3.",
            9000,
            8,
            &[],
            refund(5500),
        ),
        (
            "Position 1 beschädigt.\n- Netto: EUR 25.00\n- MwSt 19%: EUR 4.75\n- Brutto: EUR 29.75\nPlease credit the gross amount.",
            6000,
            6,
            &[],
            refund(2975),
        ),
        (
            "Position 1 beschädigt.\n- Netto: 25,00 EUR\n- MwSt 19%: 4,75 EUR\n- Brutto: 29,75 EUR\nPlease credit the gross amount.",
            6000,
            6,
            &[],
            refund(2975),
        ),
        (
            "Our AP team notes the card was charged twice for PO 5521: 2 x 31.20. Kindly void the duplicate charge.",
            3120,
            3,
            &[],
            refund(3120),
        ),
        (
            "Goodwill credit of 8.50 is requested for the late delivery (PO 7710). Thanks, Accounts",
            4000,
            10,
            &[],
            refund(850),
        ),
        (
            "The client is requesting a partial credit of 12.00 for the scuffed panel. Regards, Facilities",
            6000,
            9,
            &[],
            refund(1200),
        ),
        (
            "Claim for damaged shelving, inclusive of our labour costs:\n- Shelving unit: 80.00\n- Labour (2h, our fitter): 40.00\n- Total: 120.00\nPlease process reimbursement.",
            8000,
            7,
            &[],
            other("refuse", "X2"),
        ),
        (
            "Please advise if PO 3391 is still eligible for a refund under your returns policy; we have not decided yet. No action required for now.",
            7000,
            10,
            &[],
            other("close", "C1"),
        ),
        (
            "Hi, could you kindly confirm the status of our credit note for PO 2210? Thank you, Accounts Payable",
            4500,
            12,
            &["pending"],
            other("close", "C1"),
        ),
        (
            "A further credit of 5.00 is required on PO 6612 for the second scratched tray.",
            3000,
            12,
            &["executed"],
            other("refuse", "X4"),
        ),
        ("Please offset 14.00 against our next invoice for the missing adaptor.", 5000, 5, &[], refund(1400)),
        (
            "Net: 40.00\nVAT: 8.00\nGross: 48.00\nPlease refund 20.00 for the scratched side only.",
            4800,
            5,
            &[],
            refund(2000),
        ),
        (
            "No credit is required, just send the two replacement hinges please. PO 4410",
            3000,
            5,
            &[],
            other("close", "C1"),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-915, b21 `g-027`, `g-035`): a figure corrected mid-message is replaced by the figure that corrects
/// it, whatever the register and language of the marker ("sorry typo", "ich meinte", "scratch that", "pardon, je
/// voulais dire"). Control: two figures with no marker stay a price and an ask. Main decided 2 of these 5 otherwise.
#[test]
fn a_figure_corrected_mid_message_is_replaced() {
    let cases: &[Case] = &[
        ("hiya, can u refund me 18.50 for the mug - sorry typo, 15.80 it was. thx", 4000, 3, &[], refund(1580)),
        ("Bitte erstatten Sie 64,00 € – ich meinte 46,00 €, der Preis der Lampe.", 4600, 4, &[], refund(4600)),
        (
            "I need back 250 euro, scratch that, it was 25 euro for the cable, my eyes are bad.",
            2500,
            5,
            &[],
            refund(2500),
        ),
        ("Remboursez-moi 35 €, pardon, je voulais dire 25 €, merci. La tasse est cassée.", 2500, 4, &[], refund(2500)),
        ("Please send 12.00 back for the lid. I paid 30.00 for the whole set.", 3000, 4, &[], refund(1200)),
    ];
    check_at(cases);
}

/// Mechanism (ADR-916, ADR-917, b21 `g-020`, `g-063`, `b-14`): parts the customer adds up in one ask are asked whole
/// (X2 above the order), a want after a figure called too little asks its own figure, bare or not; a refund inside a
/// wh-infinitive ("where to apply for a refund") names one without asking. Controls: an offer accepted; "how to claim
/// a refund" beside "I want my money back". Main decided 2 of these 8 otherwise (an email reply "£30 is a joke … We
/// want 45" above the quoted offer, and the thank-you); the parts in plain prose held on main (ADR-860): they guard the
/// new step against regressions.
#[test]
fn an_over_ask_of_parts_or_against_an_offer_is_whole() {
    let cases: &[Case] = &[
        (
            "£30 is a joke after three weeks without a working fridge. We want 45.\n\nOn 2 May, Support Team <help@shop.example> wrote:\n> We're sorry. We can offer £30.00 as a partial refund.",
            3000,
            6,
            &[],
            other("refuse", "X2"),
        ),
        (
            "Returned the jacket by courier (12.50 for that!!). Now please refund me the 60.00 for the jacket and also the 12.50 courier fee.",
            6000,
            6,
            &[],
            other("refuse", "X2"),
        ),
        (
            "The kettle leaks. Refund the $30 kettle and the $9 I paid in postage to send it back, $39 in all.",
            3000,
            6,
            &[],
            other("refuse", "X2"),
        ),
        (
            "20 is way too low. I expect 45 for this mess.\n\n-----Original Message-----\nFrom: Shop Support <support@shop.example>\nWe can offer a partial refund of 20.00 for the scratched table.",
            4000,
            6,
            &[],
            other("refuse", "X2"),
        ),
        (
            "please refund the 25 pounds for the lamp plus my 6 pounds bus fare to the post office. total 31",
            2500,
            6,
            &[],
            other("refuse", "X2"),
        ),
        (
            "Yes, 20.00 is fine, thank you.\n\n-----Original Message-----\nFrom: Shop Support <support@shop.example>\nWe can offer a partial refund of 20.00 for the scratched table.",
            4000,
            6,
            &[],
            refund(2000),
        ),
        (
            "Thanks for the quick refund last month! Now I know where to apply for a refund if I ever need one.",
            3000,
            25,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Can you tell me how to claim a refund for the cracked vase? I want my money back.",
            3000,
            5,
            &[],
            refund(3000),
        ),
    ];
    check_at(cases);
}

/// Mechanism (ADR-918, b21 `g-028`): a complaint said as a standard not met ("hasn't been good enough", "not the
/// standard we were promised", "tired of chasing", "sort things out") that names neither an order nor a problem, on an
/// account of several orders, needs information (U1); a delivery or parcel named as a point in time ("since the last
/// parcel") names no problem. Control: thanks for a thing sorted out closes. Main decided 3 of these 4 otherwise.
#[test]
fn a_standard_not_met_with_several_orders_needs_information() {
    crate::blind17_kinds::check_several(&[
        (
            "Ever since the last parcel things have gone downhill with you lot. Not the standard we were promised.",
            2,
            other("escalate", "U1"),
        ),
        (
            "Your service hasn't been good enough lately and I'd like you to sort things out.",
            3,
            other("escalate", "U1"),
        ),
        ("I'm tired of chasing you people. Deal with it.", 2, other("escalate", "U1")),
        ("Sorted it out myself in the end, thanks anyway!", 2, other("close", "C1")),
    ]);
}
