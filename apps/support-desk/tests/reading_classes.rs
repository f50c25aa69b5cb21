//! The classes of reading that blind set 3's misses showed (issue 16), each with probes written for these tests in
//! several registers (terse, typo-ridden, rambling, formal, pasted documents, non-native English) and negative
//! controls: benign tickets that must not flip. None of these sentences comes from `evals/`.

use crate::kinds::evidence_at as evidence;
use support_desk::classify::{self, Amount, requested_amount, safety_legal_injury, wants_refund};

/// (action, first clause, amount) on a $90.00 order placed 5 days ago (or `cents`, `refunds`).
fn decide_on(body: &str, cents: i64, refunds: &[&str]) -> (String, String, Option<i64>) {
    let c = classify::classify(&evidence(body, cents, 5, refunds));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

fn decide(body: &str) -> (String, String, Option<i64>) {
    decide_on(body, 9_000, &[])
}

fn refund(cents: i64) -> (String, String, Option<i64>) {
    ("refund".into(), "R1".into(), Some(cents))
}

fn other(action: &str, clause: &str) -> (String, String, Option<i64>) {
    (action.into(), clause.into(), None)
}

/// Class: a request word misspelled the way a customer typing fast on a phone misspells it.
#[test]
fn misspelled_request_words_are_still_requests() {
    for body in [
        "refnd pls, the strap snapped",
        "Rfund for the kettle please it leaks water",
        "i need a refudn the shoes are too small",
        "want my refunt, item broken",
        "Please reimberse me, the box came empty.",
        "I expect a full reinbursement for the broken chair.",
        "give me my moeny back the mug is chipped",
        "money bak plz, wrong colour",
    ] {
        assert!(wants_refund(body), "not read as a request: {body}");
        assert_eq!(decide(body), refund(9_000), "{body}");
    }
    // Words a letter away that are words of their own.
    for body in [
        "The courier refused to leave it at the door, when will you try again?",
        "I'd like to refine my search: do you sell the lid separately?",
        "Can I refill the cartridge or must I buy a new one?",
        "The honey jar arrived fine, thanks. When does the next batch ship?",
        "Will the fund-raiser edition come back in stock?",
    ] {
        assert!(!wants_refund(body), "read as a request: {body}");
        assert_eq!(decide(body), other("close", "C1"), "{body}");
    }
}

/// Class: a complaint to a public body named in full, or a legal step in another language, is a legal threat.
#[test]
fn regulators_named_in_full_and_legal_steps_are_legal_threats() {
    for body in [
        "FYI I have lodged a complaint with the Consumer Financial Protection Bureau. Where is my parcel?",
        "If this isn't fixed I will be contacting the Federal Trade Commission.",
        "I've reported your shop to the Competition and Markets Authority.",
        "My next step is Citizens Advice, then small claims.",
        "I am going to complain to the regulator about these charges.",
        "Ich werde meinen Anwalt einschalten, the blender is broken.",
        "Voy a denunciar a la tienda, nobody answers me.",
        "I have written to the European Consumer Centre about this order.",
        "Refund $20 or I'll report you to the consumer protection agency.",
    ] {
        assert!(safety_legal_injury(body), "no legal fact: {body}");
        assert_eq!(decide(body).0, "escalate", "{body}");
        assert_eq!(decide(body).1, "E2", "{body}");
    }
    for body in [
        "I filed a complaint with your support team last week, any news on my order?",
        "The bureau I ordered arrived, when does the matching chair ship?",
        "Is the sales commission included in the price shown?",
        "The voltage regulator board in the kit is missing a screw, can you send one?",
        "My parcel is held at the customs office, what do I need to send them?",
        "I work for a government agency: can I get a VAT invoice?",
    ] {
        assert!(!safety_legal_injury(body), "legal fact: {body}");
    }
}

/// Class: a figure the customer gives only approximately, in words or digits, asked back: needs information (U1),
/// never read as a smaller figure and never lost (C1).
#[test]
fn approximate_figures_asked_back_need_information() {
    for body in [
        "the lamp flickers, could i get like thirty-something dollars back?",
        "Can I have forty odd quid back for the dented tin?",
        "i want twenty-ish bucks back for the scuffed case",
        "Could you refund me roughly $25 for the missing cushion?",
        "Please refund nearly $30, I don't have the receipt.",
        "Refund somewhere between $10 and $15 for the torn page.",
        "I'd want between 20 and 30 dollars back for the stain.",
        "can i get like $20 back for the scratch",
        "I want $45-50 back for the dent",
        "refund $20 to 25 for the missing screws",
    ] {
        assert_eq!(requested_amount(body), Amount::Ambiguous, "{body}");
        assert_eq!(decide(body), other("escalate", "U1"), "{body}");
    }
    // Exact figures, and an approximate price (never the amount asked), stay exact.
    for (body, cents) in [
        ("I'd like twenty dollars back for the scratch.", 2_000),
        ("I'd like $20 back for the scratch.", 2_000),
        ("I paid like $80 for this, I want my money back.", 9_000),
        ("It cost about $90 and it broke, refund it please.", 9_000),
        ("I paid $85 or $90 with tax, I forget. Refund it please, it broke.", 9_000),
    ] {
        assert_eq!(decide(body), refund(cents), "{body}");
    }
}

/// Class: a refund the customer was told of, or that is in progress, asked about with any determiner or in
/// reported speech: an inquiry (C1) when a refund is on record; a request in another sentence still counts.
#[test]
fn refunds_in_progress_asked_about_are_inquiries() {
    for body in [
        "Hi, I was told a refund was on its way for the lamp. Where is it? Nothing on my card yet.",
        "Your colleague said a refund would be issued last week. Any news?",
        "A refund was approved on the 3rd but I can't see it, can you check?",
        "I got an email saying a refund had been processed but my bank shows nothing.",
        "you guys said the refund is underway, how many more days?",
    ] {
        assert!(!wants_refund(body), "read as a request: {body}");
        assert_eq!(decide_on(body, 9_000, &["pending"]), other("close", "C1"), "{body}");
    }
    for body in [
        "I was told to ask for a refund here. The mug is cracked.",
        "Last time a refund took ages. Please refund this one quickly, the kettle is broken.",
    ] {
        assert!(wants_refund(body), "not read as a request: {body}");
        assert_eq!(decide(body), refund(9_000), "{body}");
    }
}

/// Outside attack 36: money back (not the word "refund") told on its way, then asked after, is an inquiry: the
/// customer asks about the state of money they were promised, never for a new payment (paid 50.00 before).
#[test]
fn attack36_money_back_told_on_its_way_and_asked_after_is_an_inquiry() {
    for body in [
        "I was told my money back was on its way. Any update?",
        "Your colleague said my money back was being processed. Any news?",
        "My reimbursement was on its way according to your email, still nothing?",
    ] {
        assert_eq!(decide_on(body, 5_000, &[]), other("close", "C1"), "{body}");
    }
    for body in [
        "I was told my money back was on its way but nothing came. Please refund the 50.00 now.",
        "My money back please, the kettle was broken.",
    ] {
        assert_eq!(decide_on(body, 5_000, &[]), refund(5_000), "{body}");
    }
}

/// Class: a figure the customer turns down ("a full refund, not a 10 euro voucher") is never the amount asked: the
/// request names no other figure, so it is for the order's amount; a figure asked beside it is the ask (F1607; the
/// class of blind74 `g-050`, paid 10.00 of a 45.99 order, and of outside attack 36's declined share).
#[test]
fn a_figure_turned_down_is_never_asked() {
    for (body, cents) in [
        ("The lock doesn't work, I want a full refund, not a 10 euro voucher for your shop.", 4_599),
        ("I want my money back, not a $10 store credit.", 4_599),
        ("Don't send me 15 euros of credit, refund the whole thing.", 4_599),
        ("Not the full 45.99, just 15.00 back please, the lid is scratched.", 1_500),
    ] {
        assert_eq!(decide_on(body, 4_599, &[]), refund(cents), "{body}");
    }
    // A bound or a restriction names what is asked.
    assert_eq!(decide_on("Please refund 20.00, no more than that, the rest is fine.", 4_599, &[]), refund(2_000));
}

/// Class (F1608): four structures kept sets showed after their runs, each probed in other words: compensation asked
/// alone is the whole ask, not the full price plus it (blind74 `g-036`); "I'd like back what I paid" asks (blind73
/// `b-04`); a figure corrected in the words after it, across a sentence's end too, is replaced by the correction
/// (blind72 `g-047`, blind80 `g-021`); a figure and "please" alone is an ask.
#[test]
fn compensation_alone_want_back_corrections_and_elliptic_asks() {
    for (body, order, cents) in [
        ("The door is scratched but I keep the safe. I want compensation 30 euro, I think is fair.", 16_500, 3_000),
        ("I would like compensation 25 dollars for the late delivery.", 9_000, 2_500),
        ("I'd like back exactly what I paid, 87.45 — I checked the bank.", 8_745, 8_745),
        ("The quilt has a grease mark. I want back what I paid.", 8_745, 8_745),
        (
            "I'd like a refund of 37.50 for the two ropes - no sorry, looking at the receipt it was 27.50 for the pair.",
            5_000,
            2_750,
        ),
        ("I demand refund of 54,90 € for the lamp... pardon, 45,90 €, I make error.", 9_000, 4_590),
        ("Refund 64.00 please. Correction: 46.00, I swapped the digits.", 9_000, 4_600),
        ("The ropes are rusty. So 27.50 please.", 5_000, 2_750),
    ] {
        assert_eq!(decide_on(body, order, &[]), refund(cents), "{body}");
    }
    // Still the full price plus compensation, an over-ask; an apology that corrects nothing replaces nothing.
    assert_eq!(decide_on("I want a full refund and compensation of 20.", 9_000, &[]), other("refuse", "X2"));
    assert_eq!(
        decide_on("Please refund 20.00 for the mug. Sorry to bother you, the plate was 15.00 and is fine.", 9_000, &[]),
        refund(2_000)
    );
}

/// Class (F1609): a duplicate charge's figure is the money one beside the count ("59.90 x2", "(USD 64.00 x 2)"),
/// never the order or reference number beside "twice" (blind78 `g-015`, blind69 `g-015`: both refused as asking the
/// order number in dollars).
#[test]
fn a_duplicate_charge_is_its_money_figure_never_the_order_number() {
    for (body, cents) in [
        ("charged twice for 7782, 59.90 x2. refund the extra one", 5_990),
        (
            "Our card statement shows order 77140 debited twice on 28/11 (USD 64.00 x 2). Please reverse the duplicated transaction of USD 64.00.",
            6_400,
        ),
        ("you charged me twice for order #5521, 45.00 each time, refund the second charge", 4_500),
    ] {
        assert_eq!(decide_on(body, cents, &[]), refund(cents), "{body}");
    }
}

/// Class (F1609): an injury told without articles or by a blow ("hit my leg … I go to doctor tomorrow") escalates
/// (blind80 `g-038` was paid); a body-part word naming a part of a thing ("a broken leg strap", "the arm rest")
/// is no injury (blind80 `g-052` was escalated).
#[test]
fn injuries_by_a_blow_or_a_doctor_without_article_and_parts_of_things() {
    for body in [
        "the fork handle is break when I use first time and the metal part is hit my leg, now is big bruise and I go to doctor tomorrow. I want refund.",
        "The ladder slipped and I have to go to doctor. I want refund.",
        "I fell and broke my leg because the step collapsed. Refund please.",
        "The handle came loose and smacked my face. Refund please.",
    ] {
        assert_eq!(decide_on(body, 3_990, &[]), other("escalate", "E2"), "{body}");
    }
    for body in [
        "the turnout rug came with a broken leg strap. Please refund the 39.90.",
        "The arm rest is broken, refund please.",
        "One of the knee pads has a torn hand-strap, refund please.",
    ] {
        assert_eq!(decide_on(body, 3_990, &[]), refund(3_990), "{body}");
    }
}

/// Class (F1610): a proposal closed by a tag asking the shop to agree ("I'd be happy with half my money back, would
/// that be alright?") asks (blind79 `g-041` was closed as a status question); a figure in the customer's language
/// glossed in brackets before its currency ("dwadzieścia (twenty) euro") is the gloss (blind80 `g-046` was closed).
#[test]
fn agreement_tags_and_glossed_figures() {
    for (body, want) in [
        ("I was thinking I'd be happy with half my money back, would that be alright?", other("escalate", "U1")),
        ("I'd be happy with 15 euro back, would that be alright?", refund(1_500)),
        ("Could I have 12.00 back for the scratch, is that ok?", refund(1_200)),
        ("Please return me dwadzieścia (twenty) euro for the broken clip.", refund(2_000)),
        ("Merci de me rembourser vingt (20) euros pour le clip cassé.", refund(2_000)),
    ] {
        assert_eq!(decide_on(body, 3_500, &[]), want, "{body}");
    }
    // A question about the refund's state stays one.
    assert_eq!(decide_on("My refund of 15 euro, is it already sent?", 3_500, &["pending"]), other("close", "C1"));
}

/// Outside attack 47 (F1611): a refund named but not asked — turned down after it is named, someone else's, only
/// weighed, or one the shop gave its word on asked about — is no request: the question beside it is what the ticket
/// asks (each was paid the order's amount).
#[test]
fn attack47_a_refund_named_but_not_asked_is_no_request() {
    for (body, refunds) in [
        ("Refund not needed. Where is the serial number?", &[][..]),
        ("Refund? nah. Just want the manual pdf.", &[]),
        ("Money back? No thanks, I'll keep it. How do I descale it?", &[]),
        ("Do I want a refund? Not really. Just wondering about the battery life.", &[]),
        ("My friend got her money back for the same blender lol. Anyway how do I clean the blade?", &[]),
        ("Before I ask for my money back - is there a firmware update that fixes the clock?", &[]),
        ("Should I ask for a refund or is the rattling normal?", &[]),
        ("I could ask for a refund but I won't. Where's the reset button?", &[]),
        ("the refund of $49.99 you approved - when does it land?", &["pending"]),
        ("Your agent confirmed a 49.99 refund. When will it hit my account?", &[]),
        ("Dear sir, the refund 49.99 which your colleague approved yesterday, please when it come to my bank?", &[]),
    ] {
        assert_eq!(decide_on(body, 4_999, refunds), other("close", "C1"), "{body}");
    }
    for body in [
        "Refund, no receipt though, the kettle leaks.",
        "My friend says I should ask for my money back. Refund please.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}

/// Outside attack 47 (F1611): a figure the shop offered, a voucher kept or refused, a price difference compared, and
/// a count after an apology are never the amount asked; a bare wish right after money was named asks money.
#[test]
fn attack47_offers_vouchers_comparisons_and_counts_are_not_asked() {
    for (body, want) in [
        ("Your offer of 15 dollars back is an insult, I want 75.", other("refuse", "X2")),
        ("They offered me 15 back, ridiculous, I need 75.", other("refuse", "X2")),
        ("You sent a $10 coupon, no thanks. I want 65.", other("refuse", "X2")),
        ("It was 20 dollars cheaper on sale day. I want 80.", other("refuse", "X2")),
        ("Keep your $10 voucher, I want my money back.", refund(4_999)),
        ("I refuse the 10 dollar credit. Refund.", refund(4_999)),
        ("Thanks but no to the $15 store credit. I want my money back.", refund(4_999)),
        ("Refund $70 - sorry, it was 2 mugs that broke.", other("refuse", "X2")),
        ("refund $20 pls - sorry i mean the 2 cups not 1", refund(2_000)),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), want, "{body}");
    }
}

/// Outside attack 47 (F1611): a legal step or a danger denied ("I'm not going to sue or anything", "No need for
/// lawyers", "It's not dangerous, just noisy") is no threat and no hazard; a lawyer who is a friend threatens nothing;
/// a German lawyer in a compound ("Rechtsanwalt") does.
#[test]
fn attack47_threats_and_dangers_denied_and_compound_lawyers() {
    for body in [
        "I'm not going to sue or anything, I just want my money back.",
        "I'm not threatening legal action, I just want my money back.",
        "No need for lawyers, just refund me.",
        "My lawyer friend says you're a great company. Still, the lamp broke. Refund please.",
        "It's not dangerous, just noisy. Money back please.",
        "Not a fire hazard or anything, just ugly. refund",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
    for body in [
        "Mein Rechtsanwalt wird sich melden. Refund bitte.",
        "I'm not going to sue yet, but if this isn't fixed my lawyer will. Refund now.",
        "It's not safe, the plug sparks. Refund.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "E2"), "{body}");
    }
}

/// Class: a pasted document (order confirmation, receipt, invoice lines) whose lines carry several amounts: its
/// parts are prices, so a request naming no figure is for the order's amount; a figure named in the customer's
/// own sentence is the one asked.
#[test]
fn pasted_documents_lines_are_prices_not_the_amount_asked() {
    let receipt = "Your receipt\nItem price: $61.50\nDelivery: $7.00\nTax: $4.90\nTotal: $73.40\n\n";
    for ask in ["I want my money back, it broke in a day.", "refund please", "Refund the full amount."] {
        let body = format!("{receipt}{ask}");
        assert_eq!(decide_on(&body, 7_340, &[]), refund(7_340), "{body}");
    }
    let dotted = "Order summary\n  2x Tea towel ...... €12,00\n  1x Apron ......... €18,50\n  Shipping ......... €4,95\n  Total ............ €35,45\n\n";
    assert_eq!(decide_on(&format!("{dotted}Give me my money back, all of it was stained."), 3_545, &[]), refund(3_545));
    assert_eq!(
        decide_on(&format!("{dotted}Please refund the €18,50 for the apron, it is torn."), 3_545, &[]),
        refund(1_850)
    );
    // A field that names the refund asked is the amount asked.
    assert_eq!(decide_on("Refund amount: $20.00\nReason: scratched lid", 7_340, &[]), refund(2_000));
}

/// Class: amounts written in formats the first reader did not know.
#[test]
fn amount_formats_beyond_the_first_grammar() {
    for (body, cents) in [
        ("Remboursez-moi 12€50 svp, the cup is chipped.", 1_250),
        ("Refund CHF 1'250.00 please, the watch strap broke.", 125_000),
        ("Please refund 1 299,00 € for the sofa.", 129_900),
        ("Refund Rs. 450 please, the bottle leaks.", 45_000),
        ("please refund ₹450, wrong size", 45_000),
        ("I want 40 dolars back, the item is wrong.", 4_000),
        ("Txn amt: 2599\nPlease refund this amount.", 2_599),
        ("Amount (minor units): 1875\nrefund this please", 1_875),
        ("Refund 1250 minor units for the missing item.", 1_250),
        ("refund 4.500 cents, one of the two is cracked", 4_500),
    ] {
        assert_eq!(requested_amount(body), Amount::Cents(cents), "{body}");
    }
}

/// Class: a complaint naming neither an order nor a problem, in the words people use: needs information (U1);
/// one naming a problem, or asking a question, does not.
#[test]
fn vague_complaints_in_other_words_need_information() {
    for body in [
        "Your service sucks.",
        "Honestly pathetic. Very disappointed.",
        "I have an issue.",
        "Not impressed with you lot at all",
    ] {
        assert_eq!(decide(body), other("escalate", "U1"), "{body}");
    }
    for body in ["The zip is broken and I'm upset.", "Is there a problem with shipping to Canada?"] {
        assert_ne!(decide(body).1, "U1", "{body}");
    }
}

/// Class: money asked back in the languages customers fall back to, and general questions about refunds (not a
/// request).
#[test]
fn requests_in_other_languages_and_general_refund_questions() {
    for body in [
        "Me devuelven el dinero por favor, the item broke.",
        "Quero o meu dinheiro de volta, the strap broke.",
        "Bitte Geld zurück, the lamp is broken.",
        "Ik wil mijn geld terug, it arrived broken.",
    ] {
        assert!(wants_refund(body), "not read as a request: {body}");
        assert_eq!(decide(body), refund(9_000), "{body}");
    }
    for body in [
        "How long do refunds usually take to show up?",
        "Are refunds paid back to the card or as store credit?",
        "How long does a refund normally take?",
    ] {
        assert!(!wants_refund(body), "read as a request: {body}");
        assert_eq!(decide(body), other("close", "C1"), "{body}");
    }
}

/// Class: more than the order asked without the words "full amount": the money back and more on top, a multiple,
/// a figure and an extra; an amount added to a price paid is a price, not an extra asked.
#[test]
fn over_asks_in_other_shapes_are_refused() {
    for body in [
        "I want my money back plus $20 for the hassle.",
        "Give me double back for this mess.",
        "Refund $90 and also pay my $10 taxi to the post office.",
        "refund me and $15 on top for the wasted afternoon",
    ] {
        assert_eq!(decide(body), other("refuse", "X2"), "{body}");
    }
    assert_eq!(decide("Please refund. Bought for $90 + $4.99 shipping, broken on arrival."), refund(9_000));
    assert_eq!(decide("Refund $20 plus $5 for the return postage please."), refund(2_500));
}

/// Class: a mail client's reply or forward headers without a "wrote:" line: the quoted history is not the customer's
/// words, a forward's header block is skipped and the customer's words after it are read.
#[test]
fn mail_client_headers_start_quoted_text() {
    let reply = "Hi,\nThe blender jar cracked on first use. Please refund.\n\nFrom: Support <help@shop.example>\nSent: Monday, 3 March 2026 10:12\nTo: me\nSubject: RE: blender\n\nWe can offer a partial refund of $20.";
    assert_eq!(decide(reply), refund(9_000));
    let outlook_rule =
        "Refund please, it never worked.\n________________________________\nWe could refund $15 as a goodwill gesture.";
    assert_eq!(decide(outlook_rule), refund(9_000));
    let forward = "Begin forwarded message:\n\nFrom: Shop <orders@shop.example>\nSubject: Your order\n\nOrder total: $90.00\nDelivery fee: $4.99\n\nHi, forwarding the confirmation. The jug leaks, I'd like a refund.";
    assert_eq!(decide(forward), refund(9_000));
    // A "From:" line that is no header block is the customer's.
    assert_eq!(decide("From: Ada Lovelace\nRefund $30 please, one plate is chipped."), refund(3_000));
}

/// Class: a figure asked per item (times the count named), shares and "a bit of it" with no figure (U1), thanks for
/// "refunding me" (an acknowledgement, not a new request refused as X4), passive requests ("my card credited"),
/// and whole amounts written "50,-".
#[test]
fn per_item_figures_shares_thanks_and_passive_requests() {
    for (body, cents) in [
        ("Please refund $25 for each of the 2 broken cups.", 5_000),
        ("3 glasses smashed, refund 12.50 USD apiece", 3_750),
        ("refund $20 each for both plates", 4_000),
        ("Refund 50,- EUR please", 5_000),
    ] {
        assert_eq!(decide(body), refund(cents), "{body}");
    }
    assert_eq!(decide("refund $20 each"), other("escalate", "U1"));
    assert_eq!(decide("Refund a bit of it, it's only slightly scratched."), other("escalate", "U1"));
    for body in ["Thank you for refunding me so quickly.", "Cheers for reimbursing me, all sorted."] {
        assert!(!wants_refund(body), "read as a request: {body}");
        assert_eq!(decide_on(body, 9_000, &["executed"]), other("close", "C1"), "{body}");
    }
    assert_eq!(decide("I expect my card to be credited with the full amount."), refund(9_000));
}

/// The trace names the span each fact was read from and why each earlier clause did not fire.
#[test]
fn the_trace_names_spans_and_why_earlier_clauses_did_not_fire() {
    let t = classify::explain(&evidence("Refund $120 for the $90 lamp please", 9_000, 5, &[]));
    assert_eq!((t.action.to_string(), t.clause.to_string()), ("refuse".into(), "X2".into()));
    let spans: Vec<(&str, &str)> = t.readings.iter().map(|r| (r.fact.as_str(), r.span.as_str())).collect();
    assert!(spans.contains(&("amount $120.00, Requested", "$120")), "{spans:?}");
    assert!(spans.contains(&("amount $90.00, Price", "$90")), "{spans:?}");
    assert_eq!(t.checks.len(), 2);
    assert!(!t.checks[0].fired && t.checks[0].why.contains("this customer's"), "{:?}", t.checks);
    assert!(t.checks[1].fired, "{:?}", t.checks);
    // A refund walks every earlier row, each with its reason.
    let t = classify::explain(&evidence(
        "Hi,\nrefund please\n\nOn Mon, Support wrote:\n> we can refund $20",
        9_000,
        5,
        &[],
    ));
    assert_eq!(t.amount_cents, Some(9_000));
    assert!(t.readings.iter().any(|r| r.fact.starts_with("quoted or forwarded text dropped")), "{:?}", t.readings);
    assert_eq!(t.checks.iter().filter(|c| !c.fired).count(), 7, "{}", t.render());
    assert!(t.render().contains("no    E2: no safety, legal or injury words"), "{}", t.render());
}

/// Class: a document label in the customer's own prose is no pasted document; a part named by its label ("refund the
/// shipping") is the amount on that line, and with no such line cannot be settled; a past refund in a relative
/// clause ("the refund I got") is asked about, not asked for.
#[test]
fn document_parts_named_and_past_refunds_in_relative_clauses() {
    assert_eq!(decide("Shipping: $9.00 - the parcel arrived 2 weeks late. Please refund the shipping."), refund(900));
    let receipt = "Item: $81.00\nShipping: $9.00\nTotal: $90.00\n\n";
    assert_eq!(decide(&format!("{receipt}It came a week late, please refund the shipping.")), refund(900));
    assert_eq!(decide(&format!("{receipt}It broke, refund it please.")), refund(9_000));
    assert_eq!(decide("It came a week late, please refund the shipping."), other("escalate", "U1"));
    let body = "Is the refund I got last month the full amount or was shipping deducted?";
    assert!(!wants_refund(body), "{body}");
    assert_eq!(decide_on(body, 9_000, &["executed"]), other("close", "C1"));
}

/// Class: "return of money" with no determiner (non-native English), a duplicate charge whose extra is "one of the
/// charges" (not a part of the order), and a share given as "45 of the 90 dollars" (the figure in the second's
/// currency).
#[test]
fn return_of_money_duplicate_one_of_the_charges_and_figure_of_figure() {
    assert_eq!(decide("Dzien dobry, the toy is broken. Please give me return of money."), refund(9_000));
    assert_eq!(
        decide("I've been charged $90 twice for the same order. Please refund one of the charges."),
        refund(9_000)
    );
    assert_eq!(decide("please refund 45 of the 90 dollars, one of the two chairs is broken"), refund(4_500));
    assert_eq!(decide("Refund 20 of the $60 for the missing lid."), refund(2_000));
    // A part of the order with no figure still cannot be settled.
    assert_eq!(decide("Refund two of them please, they are cracked."), other("escalate", "U1"));
}

/// Outside attack 47, its paid tickets (F1613): a refund someone wanted and was talked out of, a request quoted and
/// then withdrawn ("ignore that, she was joking", "just kidding"), a figure echoed in disbelief ("15 dollars?
/// Seriously?") and an ordinal after an apology ("sorry, 3rd email today") are not the ask; the figure the customer
/// then asks is.
#[test]
fn attack47_wishes_withdrawn_echoed_figures_and_ordinals() {
    for body in [
        "My husband wanted a refund but I talked him out of it. How do I change the filter?",
        "My wife was going to ask for her money back but she changed her mind. Is there a manual?",
        "Fwd from my wife: 'tell them we want our money back' - ignore that, she was joking. What's the warranty?",
        "I want a refund. Just kidding! When do you restock the blue ones?",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    for body in [
        "My husband wanted a refund and so do I.",
        "My husband wanted a refund but you refused him. Refund now please.",
        "Ignore my last email. I want a refund for the kettle.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
    for body in [
        "15 dollars? Seriously? I want 75.",
        "$10?? Are you kidding me. I want 70 back.",
        "I want 60 back - sorry, 3rd email today.",
        "Refund 60 please - sorry, 2nd time I write.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    assert_eq!(decide_on("Can I get 15 dollars back? The lid is cracked.", 4_999, &[]), refund(1_500));
}

/// Outside attack 47, its false blocks (F1614): a share turned down or only offered ("A partial refund is not
/// acceptable", "You offered me 30% back. No.", "Not half, not part.") is not the ask when the whole is asked; a
/// sentence that is only an amount and "back" ("Full price back", "All of it back", "a grand back") asks it.
#[test]
fn attack47_shares_turned_down_and_elliptic_asks() {
    for body in [
        "A partial refund is not acceptable, I want the full price back.",
        "A partial refund won't do - full refund please.",
        "You offered me 30% back. No. I need everything back.",
        "I was offered 30% back. I want my money back in full.",
        "Not half, not part. All of it back.",
        "Full price back. The handle snapped on day two.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
    for body in
        ["Full price back and another 10% for my trouble", "a grand back, this ruined my party", "I deserve double."]
    {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    for body in ["Half back is fine.", "I'd accept a partial refund, the lid is scratched."] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "U1"), "{body}");
    }
}

/// Outside attack 47 (F1615): a duplicate charge told at a figure other than the order's asks that figure back ("charged
/// twice, $80 each time" on a $49.99 order: over the order); charged three times, "the 2 extra" are two charges.
#[test]
fn attack47_duplicate_charges_at_their_own_figure() {
    for body in ["charged twice, $80 each time. refund the extra", "charged 3 times! 49.99 x3. refund the 2 extra"] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    for body in
        ["charged twice, $49.99 each time. refund the extra", "card was hit 2x for the same order (8812). put one back"]
    {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}

/// Outside attack 47, its wrong amounts (F1616): a figure no word asks beside the whole order asked by name is not the
/// amount; a difference asked between the price paid and the price now is their difference; a refund supposed ("Would
/// it be ok if you refunded me $80?") asks, it tells no refund arrived.
#[test]
fn attack47_the_whole_order_a_difference_and_a_supposition() {
    for (body, want) in [
        ("Wasted $20 on batteries. Just refund the order.", refund(4_999)),
        ("I spent 15 dollars on postage already. Full refund please.", refund(4_999)),
        ("Refund $20 please. The order was a mess.", refund(2_000)),
        ("Refund the difference: I paid 49.99 and it is now 19.99 on your site.", refund(3_000)),
        ("Refund the difference of 10.00, I paid 49.99 and it's now 39.99.", refund(1_000)),
        ("Would it be ok if you refunded me $80?", other("refuse", "X2")),
        ("Would it be ok if you refunded me $20?", refund(2_000)),
        ("You refunded me $20 last week, thanks. How do I descale it?", other("close", "C1")),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), want, "{body}");
    }
}

/// Outside attack 48 (F1617): a request withdrawn, negated, cancelled, taken back after it was made, only planned or
/// supposed, or someone else's that the writer overrules, asks nothing; the question beside it is the ticket.
#[test]
fn attack48_requests_withdrawn_negated_or_supposed_ask_nothing() {
    for body in [
        "I no longer want a refund.",
        "Forget the refund.",
        "Please don't process my refund, I'm keeping it.",
        "Refund please. Actually, scratch that - it works now. How do I clean it?",
        "My son asked for a refund but I said no, we'll keep it. How do I pair it with my phone?",
        "My partner was going to ask for a refund. We decided to keep it. Is there a warranty?",
        "I was going to ask for a refund, but never mind, I figured it out. Thanks!",
        "Disregard my earlier email asking for a refund, all sorted. When does the sale end?",
        "Earlier I asked for my money back. Please cancel that request, the parcel turned up.",
        "pls ignore the refund request, found it in the garage lol. does it come in blue?",
        "Was about to demand a refund but it started working. What batteries does it take?",
        "Withdrawing my refund request from Monday. Thanks anyway.",
        "If it breaks again I'll want a refund. For now, how do I reset it?",
        "The last thing I want is my money back - I love it. Just need the manual.",
        "Far from wanting a refund, I'd like to order two more. How?",
        "Cancel my refund request please, item found.",
        "In case it doesn't arrive by Friday, I'd want my money back. Any tracking?",
        "Never mind the refund. What's the warranty?",
        "Hold off on the refund, it might still work. How do I reset it?",
        "Refund request withdrawn.",
        "Refund me. Haha no. Where's the charger port?",
        "Hi, my earlier message (refund please) was sent by mistake. Thanks!",
        "<p><s>Refund me now</s></p><p>Never mind, sorted. How do I reset it?</p>",
        "Ya no quiero el reembolso. Gracias.",
        "Je ne veux plus de remboursement, merci.",
        "Kein Refund nötig, danke. Wie lange ist die Garantie?",
        "We've decided against a refund; which cable fits the newer model?",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    // The request stands: made after the withdrawal of something else, or made again.
    for body in [
        "Ignore my last email about the colour. I want a refund for the kettle.",
        "I was going to ask for a replacement, but no: refund please.",
        "I no longer want the replacement. Refund please.",
        "I was going to ask for a refund last week but waited. It still leaks. Refund please.",
        "Don't send another one, just refund me.",
        "If you can't fix it, refund me.",
        "My son asked for a refund and so do I.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}

/// Outside attack 48 (F1618): a bare number a wish or a request asks in a ticket that measures nothing is money ("I
/// want 70.", "Refund: 70", "refund. 70.", "Credit my account with 70."): above the order an over-ask, never the
/// order's amount paid in its place; below it, that figure.
#[test]
fn attack48_bare_numbers_asked_are_money() {
    for body in [
        "I want 70.",
        "Broken on arrival. I want 70.",
        "You offer 10. I want 70.",
        "refund. 70.",
        "Refund: 70",
        "I'd like 70.",
        "Credit my account with 70.",
        "Issue a credit note for 70.",
        "Offered 20 by chat. Want 90.",
        "Refund please. 70.",
        "It's been 3 weeks of this. I want 70.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    for (body, cents) in
        [("I want 40!", 4_000), ("I need 40 to fix it.", 4_000), ("Refund: 20", 2_000), ("Ten? I want forty.", 4_000)]
    {
        assert_eq!(decide_on(body, 4_999, &[]), refund(cents), "{body}");
    }
    // A size or a count a wish names is no money.
    for body in
        ["The frame is 58, I need 54. Refund please.", "Refund please. I'm 70 years old and can't carry it back."]
    {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}

/// Outside attack 48 (F1619): a lower bound is no settled figure ("at least $40", "$40+", "$40 or more": U1); harm
/// narrowly escaped is harm ("It nearly took my finger off", "Could have killed someone": E2); a duplicate's charges
/// asked back all at once ("Refund both charges") is an over-ask, and "30 each … refund one" asks 30.
#[test]
fn attack48_lower_bounds_near_misses_and_every_charge_asked() {
    for body in [
        "refund $40, possibly a bit more",
        "refund at least $40",
        "refund $40 minimum",
        "refund $40 or more",
        "refund $40+",
        "refund upwards of $40",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "U1"), "{body}");
    }
    for body in ["refund $40 please, the lid at least works.", "Refund $40. At least the box was nice."] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_000), "{body}");
    }
    for body in ["It nearly took my finger off. Refund.", "Could have killed someone. Refund."] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "E2"), "{body}");
    }
    for body in [
        "Charged twice. Refund both charges.",
        "I was charged twice. Give me back both payments.",
        "Charged twice: please refund the duplicate AND the original.",
        "Charged twice. Refund everything I paid.",
        "Charged four times, $20 each. refund the three extra.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    for (body, cents) in [
        ("billed twice, 30 each. refund one.", 3_000),
        ("Charged twice for my order. Refund the duplicate please.", 4_999),
        ("I was charged twice, both for 49.99. Refund one please.", 4_999),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(cents), "{body}");
    }
}

/// Outside attack 49 (F1627; red on `sd-s39a`): a refund withdrawn in other words and languages, a form field that
/// says no, a refund only supposed on a future failure, asked about as a possibility, planned or considered — none
/// asks. Controls: requests beside the same words.
#[test]
fn attack49_requests_withdrawn_supposed_or_only_considered() {
    for body in [
        "Should it stop working I'll be asking for my money back. Until then, what's the battery life?",
        "Were it to fail again, I would request a full refund. For now, please send the manual.",
        "Kein Geld zurück nötig, es funktioniert jetzt. Danke!",
        "No necesito el reembolso, ya funciona. Gracias.",
        "I do not wish to get reimbursed; I'd rather keep the item.",
        "I'd only want a refund if the replacement also fails. What's the warranty?",
        "Please process a refund. Sorry, that message was meant for a different shop. Ignore please.",
        "Can I get a refund if it breaks?",
        "If I return it unopened, will you refund me?",
        "I might want a refund later depending on how it goes.",
        "I'm thinking about asking for a refund. What are my options?",
        "Not sure yet if I want a refund. Let me test it first.",
        "I'll let you know if I need a refund.",
        "I almost asked for a refund! Then I found the switch. All good.",
        "STOP the refund please, I've changed my mind.",
        "I've changed my mind about the refund, I'll keep it.",
        "I retract my request for a refund.",
        "My refund request can be closed, issue resolved.",
        "Refund? Not anymore. Works fine.",
        "Already asked for refund, but please undo that, I keep it.",
        "refund not need, thx",
        "Rückerstattung nicht mehr nötig, danke.",
        "Plus besoin de remboursement, merci.",
        "Non voglio più il rimborso, grazie.",
        "Não preciso mais do reembolso, obrigado.",
        "Ik wil geen terugbetaling meer, bedankt.",
        "Refund: N/A\nIssue: lid loose, fixed myself",
        "Refund requested: No",
        "Ref. my refund request - kindly treat as void, issue self-resolved.",
        "Refund pls. Oops wrong ticket, sorry. Ignore.",
        // F1631 (red on `sd-s39e`).
        "My wife wanted me to demand a refund. I told her no. Do you sell the glass lid separately?",
        "Please refund the order. ... On second thought, I'll keep it. What colours does it come in?",
        "Please don't reimburse me yet, I'm still testing it.",
        "Refund it? Nope, decided to keep it. Thanks anyway.",
        "i said refund yesterday but dont bother, it works",
        "I take back what I said about a refund. It's fine.",
        "Refund please. Hmm, actually a replacement would be better.",
        "Before you refund anything - don't. I found the part.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    for (body, want) in [
        ("It broke after two days. If it's not too much trouble, I'd like a refund.", refund(4_999)),
        ("Refund $20 and I'll keep it.", refund(2_000)),
        ("Refund please. Should I send it back first?", refund(4_999)),
        ("No refund? Really? I want my money back now, it broke.", refund(4_999)),
        ("Refund: yes\nIssue: broken lid", refund(4_999)),
        ("Can I get a refund? It arrived broken.", refund(4_999)),
        ("If it's possible I would like a refund, the lid cracked.", refund(4_999)),
        ("It stopped working. If it breaks again I'd want a replacement, but for now refund me please.", refund(4_999)),
        ("It broke. Actually, I'd rather have a refund than a replacement.", refund(4_999)),
        ("Replacement? No, refund please. Actually just refund it.", refund(4_999)),
        ("Refund please. Don't bother sending a replacement.", refund(4_999)),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), want, "{body}");
    }
}

/// Outside attack 49 and blind91 (F1628; red on `sd-s39a`/`sd-s39b`): harm told in other words — a near drowning, a
/// fire that "could have gone up", a laceration to a crew member's forearm, fire and legal steps in the customer's own
/// language, a product-safety regulator — escalates. Controls: figures of speech.
#[test]
fn attack49_harm_and_legal_steps_in_other_words() {
    for body in [
        "buckle on the kids PFD snapped off in the water. she nearly went under",
        "Petrol smell in the cabin, found it weeping at the connector. Could have gone up with a full boat on it. \
         Refund me the 34.50.",
        "A crew member sustained a laceration to the forearm when the cleat sheared. Refund USD 42.00.",
        "A crew member got a laceration when the cleat sheared. Refund USD 42.00.",
        "Devuélvanme el dinero o los denuncio ante consumo.",
        "Remboursez-moi ou je porte plainte.",
        "Rückerstattung bitte, das Ladegerät hat gebrannt.",
        "Refund. I'll be informing the Office for Product Safety.",
        "If you don't answer me I do the reclamo to the AGCM and to the Codacons.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]).1, "E2", "{body}");
    }
    for body in [
        "My wife laughed so hard she nearly fell off the jetty. Refund please, it leaks.",
        "Last spring I paid €12 shipping on the tool, which hurt, but fine. Refund please, the mat is the wrong model.",
        "She says my old machine makes \"hospital coffee\". The jug is dented, refund please.",
        "Il consumo energetico è troppo alto, rimborso per favore. Refund please.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}

/// Outside attack 49 (F1630; red on `sd-s39d`): a number after "no."/"nr."/"ref." is the abbreviation's — an order, a
/// case or a reference — never a figure said alone after the ask and paid.
#[test]
fn attack49_numbers_after_no_are_references() {
    for body in [
        "Refund order no. 40",
        "Refund order nr. 40",
        "Refund please, case no. 300",
        "Refund ticket no. 40",
        "Refund, ref. 2025-117",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
    assert_eq!(decide_on("Order no. 40 arrived broken. Refund $20 please.", 4_999, &[]), refund(2_000));
}

/// Outside attack 49 (F1632; red on `sd-s39f`): refund words that name no refund of this order — a job title, the
/// shop's form, a tax refund, an employer or insurer who reimburses — ask nothing; a figure edited upwards ("(edit:
/// $60)", "$30 → $60"), struck through (`<del>`) or contradicted by text a person cannot see (`display:none`) is read
/// as a person reads it. Controls: a request beside the shop's form, a styled span that is seen.
#[test]
fn attack49_incidental_refund_words_and_edits() {
    for body in [
        "How do I clean the filter?\n\n--\nJohn Smith\nRefunds Manager, Acme Ltd",
        "The link to the refund form on your site is broken, just FYI. I don't need it.",
        "I got my tax refund and want to order 3 more. Bulk discount?",
        "Can you resend the invoice? My company reimburses me for it.",
        "Please send the receipt so my insurer can refund me.",
        "Unrelated to refunds - can I change the delivery address?",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    for body in [
        "Refund $30 (edit: $60)",
        "Refund $30 → $60",
        "<p>Refund <del>$30</del> $60</p>",
        "<p>Refund $60<span style=\"display:none\"> no wait $30</span></p>",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    assert_eq!(
        decide_on(
            "The refund form on your site is broken, so I'm writing here: please refund my order, the lid cracked.",
            4_999,
            &[]
        ),
        refund(4_999)
    );
    assert_eq!(
        decide_on("<p>Refund $30 please, <span style=\"font-size:0.9em\">order 1234</span></p>", 4_999, &[]),
        refund(3_000)
    );
}

/// Outside attack 50 (F1633, F1634): a danger word that is part of what the goods are called (a quoted or capitalised
/// name before the goods' noun, a costume, a plant, a fog machine) names no harm; harm told in other words and
/// languages (gas smelt or hissing, a battery bulging, "caught alight", a pet ill after eating, surgery, a child in a
/// cot that came apart, a buckle that releases while driving, "done my back in", smoke in Dutch and Portuguese, a cut
/// in German) escalates. Controls: the same goods said to be dangerous still escalate.
#[test]
fn attack50_product_names_and_harm_in_other_words() {
    for body in [
        "The 'Burn Notice' box set disc 3 won't play. Refund.",
        "Refund please, the 'Toxic' perfume smells like vinegar.",
        "The lawyer costume is too small. Refund.",
        "Refund please - the 'Danger Mouse' t-shirt shrank in the wash.",
        "The Attorney General board game is missing dice. Refund.",
        "Refund the poison ivy costume, wrong size.",
        "The explosion box card kit is missing the glue. Refund.",
        "The bleeding heart plant arrived dead. Refund.",
        "Refund: the 'Burning Man' poster arrived creased.",
        "The Injury Lawyers poster print is faded. Refund.",
        "I was so hurt that the gift arrived late - it was for a birthday. Refund please.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
    for body in [
        "Flame keeps going out and the gas keeps hissing out of the valve afterwards. Refund please",
        "The gas canister leaks, I can smell gas. refund",
        "Battery's bulging, looks like it'll pop. refund",
        "The e-bike battery caught alight in my hallway. Refund",
        "My cat got very ill after eating this food, vet bill was huge. refund",
        "The dog chewed a bit that snapped off and needed surgery to get it out. Refund the 49.99.",
        "The cot side came loose with the baby inside. refund",
        "The car seat buckle releases on its own while driving. refund",
        "Sat on the chair, leg gave way, I've done my back in. Refund",
        "De oplader is gaan roken. Geld terug graag.",
        "A batería inchou e começou a sair fumo. Reembolso.",
        "Rückerstattung bitte, ich habe mir an der scharfen Kante die Hand aufgeschnitten.",
        "Remboursement svp, la batterie a gonflé et fumé.",
        // Controls: the goods themselves dangerous.
        "The perfume is toxic, it gave me a rash. Refund.",
        "The costume caught fire near a candle. Refund.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]).1, "E2", "{body}");
    }
}

/// Outside attack 50 (F1635, F1636, F1640): slang sums ("two tenners", "a couple of tenners", "5 tenners", "a score"
/// asked, "a C-note", "sixty smackers", "half a grand"), text hidden by the `hidden` attribute, zero opacity or zero
/// height, and upward corrections marked "UPDATE:", "err", "=>", "sry" are read as a person reads them.
#[test]
fn attack50_slang_hidden_text_and_corrections() {
    for (body, want) in [
        ("Refund me two tenners please, the lid is cracked.", refund(2_000)),
        ("Refund me a couple of tenners please.", refund(2_000)),
        ("Refund me two fivers.", refund(1_000)),
        ("Refund 2 tenners and a fiver", refund(2_500)),
        ("Refund 6 tenners please", other("refuse", "X2")),
        ("Refund a C-note", other("refuse", "X2")),
        ("Refund a ton, it's rubbish", other("refuse", "X2")),
        ("Refund sixty smackers", other("refuse", "X2")),
        ("<p>Refund $60<span hidden> sorry I mean $30</span></p>", other("refuse", "X2")),
        ("<p>Refund $60<span style=\"opacity:0\"> sorry I mean $30</span></p>", other("refuse", "X2")),
        ("<p>Refund $60</p><p style=\"visibility:hidden\">sorry I mean $30</p>", other("refuse", "X2")),
        (
            "<p>Refund $60<span style=\"max-height:0;overflow:hidden\"> sorry I mean $30</span></p>",
            other("refuse", "X2"),
        ),
        ("Refund $20 UPDATE: $60", other("refuse", "X2")),
        ("Refund $20 err $60", other("refuse", "X2")),
        ("Refund $20 => $60", other("refuse", "X2")),
        ("pls refund 20.00.. sry 60", other("refuse", "X2")),
        // Controls: a count after "sorry" corrects nothing; "a ton of" is no money.
        ("Refund $30 please, sorry 10 days late writing this.", refund(3_000)),
        ("I have a ton of these lamps at home, this one arrived broken. Refund please.", refund(4_999)),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), want, "{body}");
    }
    assert_eq!(decide_on("Refund half a grand please, the sofa is broken.", 70_000, &[]), refund(50_000));
}

/// Outside attack 50 (F1637, F1638): a refund word in a signature, a mail client's footer or another party's money
/// asks nothing; a refund declined in other words, put on hold, or asked only as a hypothesis asks nothing. Controls:
/// a request with "if possible", a signature under a real request.
#[test]
fn attack50_refund_words_that_ask_nothing() {
    for body in [
        "How do I reset the clock?\n\nKind regards,\nMaria Lopez\nHead of Returns & Refunds, Lopez Trading",
        "How do I clean it?\n\n--\nJ. Smith | Refunds & Returns Lead",
        "Does this come in red?\n\nSent from Refund Tracker Pro",
        "My bank reimbursed me for the fraud on my other card, unrelated. How do I descale this?",
        "Is there a wall bracket for this? Our finance team reimburses purchases like this monthly.",
        "A refund won't be necessary.",
        "I won't be needing a refund.",
        "The refund is not what I want, I want the spare part.",
        "Refund (not needed, just FYI the box was dented)",
        "Pas besoin de remboursement finalement, ça marche. Merci!",
        "Non serve il rimborso, funziona. Grazie",
        "Please put my refund request on hold, I'll confirm next week.",
        "Would I be eligible for a refund if it broke after a month?",
        "If it dies again would you refund it?",
        "Would a refund be possible if the colour fades?",
        "Am I entitled to a refund if I change my mind?",
        "How would I go about getting a refund?",
        "Could I get a refund in theory if it broke? It hasn't.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    // A replacement asked instead of the refund is an account action that is no refund: F1, not C1 (F1657; this line
    // read C1 before attack 53 showed the policy's C1 is for a pure inquiry).
    for body in [
        "I'd rather have a replacement than a refund.",
        "Refund - no wait, replacement please.",
        "Refund. Actually no, replace it.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "F1"), "{body}");
    }
    for body in [
        "The lid cracked. Could I get a refund if possible?",
        "The lid cracked, please refund me.\n\nKind regards,\nMaria Lopez\nHead of Purchasing, Lopez Trading",
        "Lid cracked, refund please\n\nSent from my iPhone",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}

/// Outside attack 51 (F1643, ADR-1612): with a refund still pending on record, a chase that names its figure — waited
/// for, not arrived, hurried, the shop's word that it would come, where it should be paid — asks nothing new: a status
/// question (C1), never a second payment. Controls: a problem with the goods told asks; "just in case" asks anew.
#[test]
fn attack51_chases_of_a_pending_refund_ask_nothing() {
    for body in [
        "Still waiting for my $49.99 refund.",
        "Your agent agreed to refund $40. It hasn't arrived.",
        "You agreed to refund me $49.99 on Monday - nothing yet.",
        "Re: the $49.99 refund - my bank hasn't shown it.",
        "The $49.99 you're refunding, will it go to Amex?",
        "Please send the $49.99 refund to my PayPal instead of my card.",
        "You told me you'd refund $49.99 within 5 days. It's day 7.",
        "Chasing the refund of 49.99 agreed on the phone.",
        "Kindly expedite my refund of $49.99.",
        "Hurry up with my $49.99 refund please.",
        "Refund of $49.99 pending for 2 weeks - why?",
        "You said you'd refund me $40 last week. Still nothing.",
        "Can you make sure the refund of $49.99 goes to PayPal not my card?",
        "dear sir/madam, i am waiting the refund amount 49.99 since long time, kindly check and update me the status. regards",
    ] {
        assert_eq!(decide_on(body, 4_999, &["pending"]), other("close", "C1"), "{body}");
    }
    assert_eq!(decide_on("Refund please, the strap broke.", 4_999, &["pending"]), refund(4_999));
    assert_eq!(decide_on("pending already, but just in case: refund $45.00", 4_999, &["pending"]), refund(4_500));
    assert_eq!(
        decide_on(
            "Noting a refund request on this order is currently pending with your team. For avoidance of doubt please \
             action a partial credit of 35.00 for the missing fixings pack.",
            12_000,
            &["pending"]
        ),
        refund(3_500)
    );
    // The kept sets' boundary tickets: a refund told to be made now beside a pending one asks.
    for (body, cents) in [
        (
            "Still no sign of it, your system says the refund is 'pending'. Honestly just refund the 33.00 please.",
            3_300,
        ),
        ("Your system says a refund is 'pending' since weeks. Please just process the 45.00 now.", 4_500),
        (
            "I see a refund is 'pending' for my order since two weeks but nothing happen. Please make the refund of 69,00 EUR.",
            6_900,
        ),
    ] {
        assert_eq!(decide_on(body, cents, &["pending"]), refund(cents), "{body}");
    }
}

/// Outside attack 51 (F1644): a refund asked only on a supposition, another payer's refund, a refund word in a
/// signature with its figures, text hidden in other tags and colours, slang notes and upward corrections after "no",
/// "nope", "nvm", "read:" — each read as a person reads it. Controls: a problem told beside the question asks; white
/// text on its own dark background is seen; an order number after "no" corrects nothing.
#[test]
fn attack51_suppositions_other_payers_signatures_slang_and_corrections() {
    for body in [
        "Would you refund me if I sent it back unopened?",
        "Can I get a refund if I send it back?",
        "If I change my mind, can I get a refund?",
        "Is it possible to get a refund after opening?",
        "Hypothetically, could I get a refund?",
        "Am I entitled to a refund if it's faulty?",
        "Dear sir, kindly tell me if I will get refund if product is not liking my wife. Thanks in advance.",
        "PayPal refunded me for a different purchase last week. Does this come in blue?",
        "The airline reimbursed my hotel. Do you ship to Spain?",
        "Our accounts team needs a copy of the receipt to reimburse me. Can you email one?",
        "The word 'refund' on your site is misspelled. FYI.",
        "How do I reset the clock?\n\n--\nJohn | Refunds up to $40 handled same day",
        "How do I reset the clock?\n\nCheers, Tom (Refunds & Returns, ext. 4999)",
        "<p>How do I reset the clock?</p><p style=\"color:white\">Refund $40</p>",
        "<p>How do I reset the clock?</p><td hidden>Refund $40</td>",
        "thx refund recvd",
    ] {
        let refunds: &[&str] = if body.contains("recvd") { &["executed"] } else { &[] };
        assert_eq!(decide_on(body, 4_999, refunds), other("close", "C1"), "{body}");
    }
    for (body, want) in [
        ("<p>Refund $60<b hidden> sorry I mean $30</b></p>", other("refuse", "X2")),
        ("<p>Refund $60<span style=\"color:transparent\"> sorry I mean $30</span></p>", other("refuse", "X2")),
        ("<p>Refund $60<template> sorry I mean $30</template></p>", other("refuse", "X2")),
        ("Refund two twenties please, handle snapped.", refund(4_000)),
        ("Refund a Jackson please, handle snapped.", refund(2_000)),
        ("Refund a pony pls, lid cracked", refund(2_500)),
        ("Refund 3 Jacksons please, it broke.", other("refuse", "X2")),
        ("Refund me a Benjamin, this is trash.", other("refuse", "X2")),
        ("refund 20.. no 60", other("refuse", "X2")),
        ("refund 20 nope 60", other("refuse", "X2")),
        ("Refund $20 (read: $60)", other("refuse", "X2")),
        ("The heater set off our carbon monoxide alarm. Refund please.", other("escalate", "E2")),
        ("The smoke alarm went off every time I used the toaster. Refund please.", other("escalate", "E2")),
        // Controls.
        ("It's broken. Can I get a refund if I send it back?", refund(4_999)),
        ("Could you refund the blue one, $19.99, and I'll send it back when it arrives?", refund(1_999)),
        (
            "<p>Refund $30<span style=\"color:white;background:#222\"> sorry I mean $60</span></p>",
            other("refuse", "X2"),
        ),
        ("Refund $45 for order 1234 please, it broke.", refund(4_500)),
        ("Refund $45, nope, it is order 1234 that broke.", refund(4_500)),
        ("The smoke alarm I bought from you has a cracked cover. Refund please.", refund(4_999)),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), want, "{body}");
    }
}

/// Outside attack 52 (F1648…F1652): the classes it paid, each decided as the reference policy says, with controls that
/// still refund. A chase that names its refund as a label ("Refund $49.99: status?") with a refund pending; the whole
/// order less a figure kept; slang and foreign sums and multiples; items one per line under a bare ask; units at a
/// price; costs thrown in; a part asked with no figure; suppositions; other payers by any name; a signature's columns;
/// harm in non-native English and Dutch; and a life's other matters that hold a danger word.
#[test]
fn attack52_classes_decided_by_the_reference_policy() {
    let close = || other("close", "C1");
    for body in [
        "Still waiting, refund 49.99",
        "refund 49.99 pls (pending already, just chasing)",
        "refund 49.99 not received yet. when?",
        "pls confirm refund 49.99 sent",
        "Refund $49.99 — been waiting 2 wks, what's the holdup",
        "Refund $49.99 requested on the 3rd - nothing yet. Please advise.",
        "refund 49.99 plz where",
        "Ref: refund $49.99 - ETA?",
        "Refund $49.99: status?",
        "You guys said refund 49.99 last Tuesday. Nothing.",
        "Following up on refund $49.99, ticket still open.",
        "Can you nudge finance re: the refund of $49.99? Ta.",
    ] {
        assert_eq!(decide_on(body, 4_999, &["pending"]), close(), "{body}");
    }
    // The whole order asked less a figure: the rest is asked, never the figure taken off.
    for (body, cents) in [
        ("Refund the full amount less $45 for the part I'm keeping.", 499),
        ("Refund it, minus the $45 store credit you already gave me.", 499),
        ("Full refund minus $45 is fine (I keep the stand).", 499),
        ("Refund what I paid, net of the $45 gift card.", 499),
        ("Refund $49.99 less the $45 you already credited.", 499),
        ("Refund the order. Take off $40 for the cable I'm keeping.", 999),
        ("Refund me, minus a $10 restocking fee is fine.", 3_999),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(cents), "{body}");
    }
    // Over-asks in slang, other languages, multiples, item lines, units at a price, costs thrown in.
    for body in [
        "Refund five bills please, it's broken.",
        "Refund sixty bones, the thing is broken.",
        "Refund me a hundy please, it is faulty.",
        "Refund a fitty please, it broke.",
        "Refund three fitties, broken.",
        "Refund 60 beans please, junk.",
        "Refund me a century please, it's broken.",
        "Rimborsatemi sessanta euro per favore, è rotto.",
        "Devolvam-me cem reais por favor, está partido.",
        "Refund me thrice over.",
        "Refund twofold please.",
        "a double refund please, you messed up twice",
        "Remboursez-moi le double svp.",
        "Reembolsen el doble, está roto.",
        "Bitte das Doppelte erstatten.",
        "Rimborsatemi il doppio.",
        "Mug - $30 - broken\nPlate - $30 - broken\nRefund please",
        "Mug $30\nPlate $30\nPlease refund.",
        "Returned:\n- mug $30\n- plate $30\nRefund pls",
        "Items: mug (30), plate (30). Refund.",
        "Refund 25 per cup, 3 cups cracked.",
        "3 cups cracked, they're 25 a pop. Refund them.",
        "Refund the whole order and throw in $10 goodwill.",
        "Refund everything, including the $12 it cost me to send it back.",
        "Refund the lot, return postage ($12) included.",
        "Full refund, with the $12 return fee thrown in.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    assert_eq!(decide_on("refund a double sawbuck pls, item faulty", 4_999, &[]), refund(2_000));
    assert_eq!(decide_on("Refund 6 C-notes, it's junk.", 70_000, &[]), other("escalate", "E1"));
    assert_eq!(decide_on("Chair $300\nTable $300\nPlease refund.", 70_000, &[]), other("escalate", "E1"));
    // A part asked with no figure, a figure only approached, alternatives: needs information.
    for body in [
        "Could you refund a portion? The box was crushed.",
        "Refund a fraction please, it's only the lid.",
        "Refund something, it's scratched.",
        "Ordered a lamp, it arrived w/ scratch. Part refund?",
        "Some compensation for the scratch please.",
        "A discount for the scratch would be fair - refund what you think.",
        "Refund me a tad under 30.",
        "Refund $30 (or $35).",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "U1"), "{body}");
    }
    // Suppositions, other payers, a signature's columns: inquiries.
    for body in [
        "In the event of a fault, do you refund or replace?",
        "Thinking about a refund but not decided yet. What's the process?",
        "If I'm not happy with it I'll ask for my $49.99 back. How long is the return period?",
        "Were it to break within a month, would I be refunded?",
        "Venmo sent my sister her money back for something else. Anyway, what's the warranty on this?",
        "Steam gave me my money back for a game last week, great service. Does this headset work with PS5?",
        "Afterpay reimbursed the instalment already. When does my order ship?",
        "Revolut reimbursed me for a fraud charge. Separate question: does the router support WPA3?",
        "Is it dishwasher safe?\n\nThanks\nRefunds Team Lead | BigCo | refunds of $49.99 processed daily",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), close(), "{body}");
    }
    // Harm told in non-native English and Dutch: a human's.
    for body in [
        "the battery make fire in my kitchen, give money back",
        "it catch fire yesterday!! refund me",
        "battery got fire, give me refund",
        "Het apparaat vatte vlam. Geld terug graag.",
        "Hairdryer gave me a jolt when I plugged it in. refund",
        "The dog's chew toy splintered and he's at the emergency vet now. refund",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "E2"), "{body}");
    }
    // Controls: the same shapes that ask what they say, and danger words in a life's other matters.
    for (body, cents) in [
        ("Refund $49.99 please, it broke.", 4_999),
        ("Refund two tenners please, the lid cracked.", 2_000),
        ("It didn't catch fire or anything, it just stopped working. Refund.", 4_999),
        ("I nearly died laughing at how tiny it is. Refund.", 4_999),
        ("I needed it for a court date next week but it came broken. Refund.", 4_999),
        ("I was shocked it broke so soon. Refund.", 4_999),
        ("The smoke machine produces no smoke. Refund.", 4_999),
        ("My lawyer-themed mug arrived chipped. Refund.", 4_999),
        ("The Hurt Locker DVD won't play. Refund.", 4_999),
        ("Mug $10\nPlate $15\nRefund please", 2_500),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(cents), "{body}");
    }
    assert_eq!(decide_on("Refund please, the strap broke.", 4_999, &["pending"]), refund(4_999));
    // The kept sets' tickets the first cuts overreached on: a unit's price asked for one unit (blind101 `g-046`), and
    // a new ask beside the pending one it cancels (blind78 `b-06`).
    assert_eq!(
        decide_on("3 cushion covers @14.50 one is torn at the seam refund 14.50 thx", 4_350, &[]),
        refund(1_450)
    );
    assert_eq!(
        decide_on(
            "Ref: order 55190 / earlier request RF-881 (status: pending)\nPlease cancel the pending request and action a \
             full refund of 45.00 instead via the original payment method.",
            4_500,
            &["pending"]
        ),
        refund(4_500)
    );
}

/// Outside attack 52 (F1647): text hidden by CSS the reader had no phrase for — near-zero opacity, a filter, a
/// transparent or near-white colour in any notation, a tiny font in any unit, a scale, a clip, a box of no width, an
/// indent off the page, a collapse, a fill colour — is dropped as a person never sees it, whether it is a correction
/// after a visible over-ask (X2; over the cap E1) or an ask under a question (C1). Controls: styled text a person sees
/// (white on its own coloured background, grey, a normal size, 0.9 opacity, a slight scale) still refunds; a hidden
/// span under a styled visible paragraph is still dropped; the ways already held stay held.
#[test]
fn attack52_text_hidden_by_any_css() {
    for style in [
        r#"style="opacity:0.01""#,
        r#"style="color:rgba(0,0,0,0)""#,
        r#"style="color:#fffffe""#,
        r#"style="color:hsl(0,0%,100%)""#,
        r#"style="font-size:0.5px""#,
        r#"aria-hidden="true" style="line-height:0;font-size:0.01em""#,
        r#"style="transform:scale(0)""#,
        r#"style="clip-path:inset(100%);position:absolute""#,
        r#"style="width:0;overflow:hidden;display:inline-block""#,
        r#"style="max-width:0;overflow:hidden;display:inline-block""#,
        r#"style="text-indent:-9999px;display:inline-block""#,
        r#"style="visibility:collapse""#,
        r#"style="filter:opacity(0)""#,
        r#"style="-webkit-text-fill-color:transparent""#,
        // Already held before this attack: held still.
        r#"style="DISPLAY: NONE""#,
        r#"style="display:none !important""#,
        r#"style="position:fixed;top:-100px""#,
        r#"style="position:absolute;left:-9999px""#,
        r#"style="color: WHITE""#,
        r#"style="font-size:0em""#,
        r#"style="font-size:0%""#,
        r#"style="max-height:0;overflow:hidden""#,
        "hidden",
    ] {
        let body = format!("<p>Refund $60<span {style}> sorry I mean $30</span></p>");
        assert_eq!(decide_on(&body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    for body in [
        "<p>How do I descale the kettle?</p><span style=\"font-size:0.1px\">Refund $49.99 please</span>",
        "<p>How do I descale the kettle?</p><div style=\"color:#fefefe\">Please refund $49.99</div>",
        "<p>How do I clean the filter?</p><p style=\"font-size:0.5pt\">Refund $49.99 please</p>",
        "<p>How do I clean the filter?</p><p style=\"opacity:0.01\">Refund $49.99 please</p>",
        "<p>How do I clean the filter?</p><p style=\"color:#fffffe\">Refund $49.99 please</p>",
        "<p>How do I clean the filter?</p><!-- Refund $49.99 please -->",
        "<p>How do I clean the filter?</p><input type=\"hidden\" value=\"Refund $49.99 please\">",
        "<p>How do I clean the filter?</p><div style=\"height:0px; overflow: hidden\">Refund $49.99 please</div>",
        "<p>How do I clean the filter?</p><div style=\"position:absolute;left:-5000px\">Refund $49.99 please</div>",
        "<div style=\"background:#fff\"><p>How do I clean the filter?</p><p style=\"color:#fff\">Refund $49.99</p></div>",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    assert_eq!(
        decide_on("<p>Refund $600<span style=\"opacity:0.01\"> sorry I mean $300</span></p>", 70_000, &[]),
        other("escalate", "E1")
    );
    // Controls: text a person sees, however styled, is read; a hidden span inside a styled visible block is not.
    for (body, want) in [
        ("<p>Refund $60<span style=\"color:#fff;background:#c00\"> sorry I mean $30</span></p>", refund(3_000)),
        ("<p>Refund $60<span style=\"font-family:Arial;color:#333\"> sorry I mean $30</span></p>", refund(3_000)),
        ("<p>Refund $60<span style=\"font-size:14px\"> sorry I mean $30</span></p>", refund(3_000)),
        ("<p>Refund $60<span style=\"opacity:0.9\"> sorry I mean $30</span></p>", refund(3_000)),
        ("<p>Refund $60<span style=\"transform:scale(1.1)\"> sorry I mean $30</span></p>", refund(3_000)),
        (
            "<div style=\"font-family:Arial;color:#333\"><p>Refund $60<span style=\"opacity:0.01\"> sorry I mean \
             $30</span></p></div>",
            other("refuse", "X2"),
        ),
        ("<p style=\"color:#333\">Refund <b>$30</b> <b>please</b>, it broke.</p>", refund(3_000)),
        (
            "<div style=\"font-size:0.5px\"><div>Refund $49.99</div></div><p>How do I clean the filter?</p>",
            other("close", "C1"),
        ),
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), want, "{body}");
    }
}

/// Outside attack 53 (F1656): a refund named as a label beside a pending refund ("Refund 49.99 - nada so far") or
/// acknowledged ("Refund 49.99 ✔️ thx"); the whole order less a figure in other words ("bar", "save for", "hold back");
/// a figure split by a character drawn as nothing; harm and legal threats in Spanish, Portuguese, German, Italian and
/// Dutch; a part with no figure ("a reasonable amount"); questions about refunds and refunds turned down. Controls: a
/// refund label that goes on with a request, and plain requests, still pay.
#[test]
fn attack53_labels_deductions_ignorables_foreign_harm_parts_and_questions() {
    for body in [
        "Refund 49.99 - nada so far",
        "Refund $49.99 pending since the 3rd. Kindly expedite.",
        "refund 49.99 -> not received",
        "Refund $49.99. Two weeks. Nothing in my bank.",
        "Subject: Refund $49.99\n\nHi, checking in again on this one. Thanks",
        "Refund $49.99 - overdue",
    ] {
        assert_eq!(decide_on(body, 4_999, &["pending"]), other("close", "C1"), "{body}");
    }
    for body in [
        "Refund $49.99 — received, you can close this.",
        "Refund 49.99 ✔️ thx",
        "Re: refund $49.99 — all sorted now, thanks",
        "Would a refund of $49.99 affect my loyalty points?",
        "Can a refund of $49.99 go to a different card?",
        "Could you explain how refunds of $49.99 are processed?",
        "The last thing I want is a refund of $49.99. How do I reset it?",
        "I never asked for a refund of $49.99 — why did I get this email?",
        "Forget the $49.99 refund, I fixed it. Thanks!",
        "Might ask for my $49.99 back later, not sure yet. What's the return period?",
        "Supposing I wanted my $49.99 back, what would I need to do?",
        "Your site says 'refund within 30 days'. Does that include sale items?",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    for body in [
        "Refund everything bar $45, I'm keeping the lamp.",
        "Refund the order save for $45.",
        "Refund the difference between what I paid and $45.",
        "Refund it but hold back $45.",
        "Refund the order; you can keep $45 of it.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(499), "{body}");
    }
    assert_eq!(decide_on("Refund $6\u{034F}0 please", 4_999, &[]), other("refuse", "X2"));
    for body in [
        "Se prendió fuego el cargador. Reembolso por favor.",
        "O carregador pegou fogo. Reembolso por favor.",
        "Ich zeige Sie an. Geld zurück.",
        "Farò causa. Rimborso subito.",
        "the phone is too much hot I cannot touch, give refund",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "E2"), "{body}");
    }
    for body in [
        "Refund a reasonable amount, it's scratched.",
        "Refund whatever's fair for the scratch.",
        "Refund a bit, it's dented.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "U1"), "{body}");
    }
    assert_eq!(decide_on("Refund $49.99 please, the strap snapped.", 4_999, &["pending"]), refund(4_999));
    for body in [
        "Refund $49.99 please, it broke.",
        "I'd like a refund, it's broken.",
        "Can I get a refund of $49.99? It's broken.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}

/// Outside attack 53 (F1655): text hidden by `<style>` rules, blur, colour functions, CSS escapes, `calc()`/`var()`,
/// edge-on rotations, empty polygons and masks, low contrast, strikes and collapsed markup.
#[test]
fn attack53_text_hidden_by_style_rules_and_markup() {
    for hidden in [
        r#"<span style="filter:blur(12px)">"#,
        r#"<span style="opacity:calc(0)">"#,
        r#"<span style="font-size:calc(0px)">"#,
        r#"<span style="--z:0;opacity:var(--z)">"#,
        r#"<span style="color:hwb(0 100% 0%)">"#,
        r#"<span style="color:oklch(1 0 0)">"#,
        r#"<span style="color:color(srgb 1 1 1)">"#,
        r#"<span style="clip-path:polygon(0 0,0 0,0 0)">"#,
        r#"<span style="mask-image:linear-gradient(transparent,transparent);-webkit-mask-image:linear-gradient(transparent,transparent)">"#,
        r#"<span style="d\69splay:none">"#,
        r#"<span style="opacity:min(0, 1)">"#,
        r#"<span style="font-size:max(0px, 0px)">"#,
        r#"<span style="transform:scale(calc(0))">"#,
        r#"<span style="color:lab(100 0 0)">"#,
        r#"<span style="color:lch(100 0 0)">"#,
        r#"<span style="color:color-mix(in srgb, white 100%, black)">"#,
        r#"<span style="filter:blur(1em)">"#,
        r#"<span style="filter:brightness(100)">"#,
        r#"<span style="transform:rotateX(90deg)">"#,
        r#"<span style="inset:-9999px;position:absolute">"#,
        r#"<span style="display:none;display:inline !ie">"#,
        r#"<span style="overflow:hidden;width:0.5ch;display:inline-block;white-space:nowrap">"#,
        r#"<span style="display:\6e one">"#,
    ] {
        let body = format!("<p>Refund $60{hidden} sorry I mean $30</span></p>");
        assert_eq!(decide_on(&body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    for body in [
        "<style>.x{display:none}</style><p>Refund $60<span class=\"x\"> sorry I mean $30</span></p>",
        "<style>.x{opacity:0.02}</style><p>Refund $60<span class=\"x\"> sorry I mean $30</span></p>",
        "<style>span{display:none}</style><p>Refund $60<span> sorry I mean $30</span></p>",
        "<style>#c{font-size:0}</style><p>Refund $60<span id=\"c\"> sorry I mean $30</span></p>",
        "<p>Refund $60</p><details><summary>more</summary>sorry I mean $30</details>",
        "<p>Refund $60<svg width=\"0\" height=\"0\"><text> sorry I mean $30</text></svg></p>",
        "<p>Refund $60<select><option>x</option><option> sorry I mean $30</option></select></p>",
        "<p>Refund <span style=\"text-decoration:line-through\">$30</span> $60 please</p>",
        "<p>Refund <span style=\"text-decoration-line:line-through\">$30</span> $60 please</p>",
        "<p>Refund <span style=\"text-decoration:red wavy line-through\">$30</span> $60 please</p>",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    for body in [
        "<p>How do I descale the kettle?</p><p style=\"filter:blur(20px)\">Refund $49.99 please</p>",
        "<p>How do I descale the kettle?</p><p style=\"color:hwb(0 100% 0%)\">Refund $49.99 please</p>",
        "<p>How do I descale the kettle?</p><p style=\"clip-path:polygon(0 0)\">Refund $49.99 please</p>",
        "<p>How do I descale the kettle?</p><p style=\"opacity:calc(0)\">Refund $49.99 please</p>",
        "<p>How do I clean the filter?</p><details><summary> </summary>Refund $49.99 please</details>",
        "<p>How do I descale the kettle?</p><div style=\"background:#000;color:#111\">Refund $49.99 please</div>",
        "<p>How do I descale the kettle?</p><p style=\"color:Canvas\">Refund $49.99 please</p>",
        "<p>How do I descale the kettle?</p><p style=\"color:Window\">Refund $49.99 please</p>",
        "<p>How do I descale the kettle?</p><div style=\"background:#000;color:#121212\">Refund $49.99 please</div>",
        "<p>How do I descale the kettle?</p><div style=\"background:navy;color:#000090\">Refund $49.99 please</div>",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    for body in [
        "<p>Refund $600<span style=\"filter:blur(10px)\"> sorry I mean $300</span></p>",
        "<p>Refund $600<span style=\"color:oklch(100% 0 0)\"> sorry I mean $300</span></p>",
        "<p>Refund <span style=\"text-decoration:line-through\">$300</span> $600 please</p>",
    ] {
        assert_eq!(decide_on(body, 70_000, &[]), other("escalate", "E1"), "{body}");
    }
    // Controls: what a person sees is read — white on its own colour, a rule that hides nothing, an open details,
    // an underline, a soft blur.
    for body in [
        "<p>Refund $60<span style=\"color:#fff;background:#c00\"> sorry I mean $30</span></p>",
        "<style>.x{color:#333}</style><p>Refund $60<span class=\"x\"> sorry I mean $30</span></p>",
        "<p>Refund $60</p><details open><summary>more</summary>sorry I mean $30</details>",
        "<p>Refund $60<span style=\"text-decoration:underline\"> sorry I mean $30</span></p>",
        "<p>Refund $60<span style=\"filter:blur(1px)\"> sorry I mean $30</span></p>",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(3_000), "{body}");
    }
}

/// Outside attack 53's remaining classes (F1657, ADR-1616), as the attacker wrote them against `sd-s41d`.
#[test]
fn attack53_quotes_unread_figures_multiples_sums_suppositions_signatures_parts_and_lawyers() {
    // A quoted earlier message under any client's attribution, rule or quote mark is not the sender's ask.
    for body in [
        "How long does shipping take?\n\nLe lun. 3 déc. 2026 à 10:00, Jane <j@x.com> a écrit :\nRefund $49.99 please",
        "How long does shipping take?\n\n---- On Mon, 03 Dec 2026 10:00 Jane <j@x.com> wrote ----\nRefund $49.99 please",
        "How long does shipping take?\n\n| Refund $49.99 please",
        "How long does shipping take?\n\n》Refund $49.99 please",
        "How long does shipping take?\n\nJane wrote:\n\nRefund $49.99 please",
        "How long does shipping take?\n\n**From:** Jane\n**Sent:** Monday\n\nRefund $49.99 please",
        "How long does shipping take?\n\n-----Ursprüngliche Nachricht-----\nVon: Jane\nRefund $49.99 please",
        "How long does shipping take?\n\n2026-12-03 10:00 GMT+01:00 Jane <j@x.com>:\nRefund $49.99 please",
        "How long does shipping take?\n\nJane <j@x.com> 於 2026年12月3日 寫道：\nRefund $49.99 please",
        "How long does shipping take?\n\n=== previous message ===\nRefund $49.99 please",
        "How long does shipping take?\n\nQuote from my earlier message: \"Refund $49.99 please\"",
        "How long does shipping take?\n\n<blockquote>Refund $49.99 please</blockquote>",
        "<p>How long does shipping take?</p><div class=\"gmail_quote\"><div>Refund $49.99 please</div></div>",
        "<p>How do I clean the filter?</p><noscript>Refund $49.99 please</noscript>",
        // Suppositions and a company's habit in a signature.
        "Hypothetically, if I sent it back, would you refund the $49.99? What's the return window?",
        "Should it break, would I get $49.99 back?",
        "Quick question: refund $49.99 or store credit, which is faster, in general?",
        "Is it dishwasher safe?\n\nCheers\nJane Doe\nRefund Lead, Acme - we refund $49.99 orders same day",
        "Is it dishwasher safe?\n\nBest regards,\nJoe\nP.S. our team refunds $49.99 a day on average",
        "Is it dishwasher safe?\n--\nTom Smith\nRefunds & Returns Manager\nWe refund $49.99 within 24h",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    // A figure the reader could not read is never the order's amount.
    for body in [
        "Refund me 60 loonies",
        "Refund LX dollars",
        "Please refund 六十 dollars",
        "Refund 1e2 dollars please",
        "Refund $l00 please",
        "Refund $6 0 please",
        "Återbetala sextio kronor tack",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "U1"), "{body}");
    }
    // Multiples in other words, two figures sent to two places, both of two payments, the whole plus a cost.
    for body in [
        "Refund sixty simoleons",
        "Refund 2x please",
        "Refund 2× please",
        "Refund me quadruple",
        "Erstatten Sie mir das Zweifache",
        "Terugbetaling dubbel graag",
        "Rembourser deux fois le prix svp",
        "Devolvam em dobro por favor",
        "Refund 2 x order value",
        "Refund $30 to my card and $30 as store credit.",
        "Send $30 back to my Visa and $30 to my PayPal.",
        "I was charged $49.99 three times. Refund the two extra charges.",
        "Refund both of the $49.99 payments please.",
        "Refund it, and add $10 for the hassle",
        "Refund it, then reimburse me the $12 I paid to ship it back.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    // A part of the order named, not priced.
    for body in [
        "Refund the price drop please.",
        "Refund me the shipping part.",
        "Refund the damaged item only (one of three in the order).",
        "Refund for the missing piece only.",
        "Refund the broken one of the two.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "U1"), "{body}");
    }
    // Another remedy asked instead of money: an account action that is no refund (F1), never a close.
    for body in [
        "Rather than a refund, could you send a replacement?",
        "Instead of a refund, I'd like an exchange for the blue one.",
        "I'd prefer a replacement to my money back.",
        "Swap it for a new one, no refund needed.",
        "Refund is not what I'm asking for. I want the right size sent.",
        "I don't want a refund. I want it repaired.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("escalate", "F1"), "{body}");
    }
    // A figure asked beside a price paid; a lawyer, a quoted title, a supper, a hospital's goods, a smudge on goods.
    assert_eq!(decide_on("$49.99 paid, $20 refund requested.", 4_999, &[]), refund(2_000));
    for body in [
        "Refund please — the book 'Burn After Reading' has missing pages.",
        "I bought this for my lawyer husband's birthday but it arrived broken. Refund please.",
        "Refund please - the DVD of 'The Lawyer' is scratched.",
        "Refund please, the Burns Night tartan is the wrong pattern.",
        "Refund please — lawyer-approved packaging still leaked shampoo everywhere.",
        "My attorney-client binder arrived with a torn cover. Refund please.",
        "My daughter's lawyer Barbie arrived without shoes. Refund please.",
        "Refund please, the injury-time scarf has a pulled thread.",
        "Refund please. The hospital-grade mask box arrived crushed.",
        "Refund please, the hospital bed sheet is the wrong size.",
        "Refund please, the sticker sheet says 'danger zone' but half are missing.",
        "Refund please, the ink on the label is smudged.",
        "Refund please, the numbers on the dial are illegible.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
    // The threats stay threats.
    for body in [
        "My lawyer will be in touch. Refund please.",
        "I have spoken to a lawyer about this. Refund please.",
        "My solicitor has been copied. Refund please.",
        "Refund please or I will contact my attorney.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]).1, "E2", "{body}");
    }
}

/// Outside attack 54's costs told back, multiples and refunds not asked (F1660, F1661), as the attacker wrote them.
#[test]
fn attack54_costs_multiples_and_refunds_not_asked() {
    for body in [
        "Refund it please. The $12 return postage is on you as well.",
        "I want my money back for the broken kettle. Don't forget the $12 postage on top.",
        "Refund it please. Postage was $12 - that's on you.",
        "Double refund please",
        "Refund me tenfold",
        "A triple refund would be fair",
        "Full refund plus an equal amount for the hassle.",
        "Refund it and compensate me the same amount again.",
        "Refund $30 for the cup; the same for the saucer",
        "Refund $30 for the cup, likewise for the saucer.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("refuse", "X2"), "{body}");
    }
    assert_eq!(decide_on("Refund $450. The $100 delivery is on you as well.", 70_000, &[]), other("escalate", "E1"));
    for body in [
        "Don't bother refunding, I'll keep it. What's the warranty period?",
        "You don't have to refund me. Is it BPA free?",
        "I won't be asking for my $49.99 back, it was my fault. Is there a spare lid?",
        "I don't need my $49.99 back; does it come in blue?",
        "I'm not going to ask for a refund - how do I clean it?",
        "I was going to ask for a refund, but honestly it's fine. What colour options exist?",
        "Do refunds of $49.99 need a receipt?",
        "Are refunds of $49.99 processed within 5 days?",
        "Would refunding $49.99 cancel my warranty?",
        "My colleague asked you to refund her $49.99 last month; is that normal turnaround?",
        "Não quero reembolso, só o manual.",
        "No quiero que me devuelvan el dinero. ¿Es apto para lavavajillas?",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), other("close", "C1"), "{body}");
    }
    // The asks a negator near them does not govern stand.
    for body in [
        "never wore them want refund.",
        "cancel + refund pls, bought by mistake",
        "My son asked for a refund and so do I.",
        "It doesn't work, refund please.",
        "The lock doesn't work, I want a full refund, not a 10 euro voucher for your shop.",
        "Please refund. Bought for $49.99 + $4.99 shipping, broken on arrival.",
    ] {
        assert_eq!(decide_on(body, 4_999, &[]), refund(4_999), "{body}");
    }
}
