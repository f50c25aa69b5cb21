//! figure38's kinds (issue 16, ADR-1200…ADR-1202): which figure is asked, as a table per kind — kinds38a's rows of
//! the kind (written blind by another hand; the rows on a linked delivered order, with the id in a comment) and
//! variants of our own in other registers and currencies. Red on main 5206d10 (how: the same rows as a JSONL file
//! through `support-desk eval benchmark` on main's release binary: dup 6 of 24 wrong, cap 6 of 26, alt 5 of 27).
//!
//! - dup: a duplicate charge reported asks the extra charge back (its figure, or the order's); a hold asked about,
//!   or two separate orders, is a question (C1).
//! - cap: exactly 500.00 in any spelling (a cheque-style restatement in words, "5 hundred") is a refund; above it
//!   E1.
//! - alt: a figure corrected to one final figure is the ask (a mistake named after it, "revised from", "instead
//!   of", "final", "I've decided"); ranges, alternatives and approximations stay U1.
//!
//! kinds38a rows still decided otherwise (left out, named in the report): cap-006, cap-009, cap-019, alt-004,
//! alt-015, alt-018, alt-019.

use crate::kinds::{Case, check_at, other, refund};

#[test]
fn dup_table() {
    let cases: &[Case] = &[
        // k38a-dup-000
        ("charged twice for order 55102. $74.95 x2 on my statement. pls reverse one", 7495, 6, &[], refund(7495)),
        // k38a-dup-001
        (
            "Hello, I see on my bank app two identical transactions of £129.00 from your shop on the same day, but I only placed one order (the compost bin). Could you refund the second one?",
            12900,
            6,
            &[],
            refund(12900),
        ),
        // k38a-dup-002
        (
            "Good day! I was billed again for my seed pack set, the amount 385,00 PHP appear two times in my GCash. Please return the double one. Thank you so much.",
            38500,
            6,
            &[],
            refund(38500),
        ),
        // k38a-dup-003
        (
            "Your system took 289,90 zł from my account twice (second debit yesterday). I want the second payment returned.",
            28990,
            6,
            &[],
            refund(28990),
        ),
        // k38a-dup-005
        (
            "Dup txn on card ending 4471: AUD 58.40 posted 2x (both settled, not pending). Please refund 1x AUD 58.40.",
            5840,
            6,
            &[],
            refund(5840),
        ),
        // k38a-dup-006
        (
            "Hi there, my PayPal shows I paid you twice for the same order, both 36.00. Can I get one of them back",
            3600,
            6,
            &[],
            refund(3600),
        ),
        // k38a-dup-007
        (
            "I was charged two times for one lawn edger. Each charge $23.49. Please give back one charge.",
            2349,
            6,
            &[],
            refund(2349),
        ),
        // k38a-dup-008
        (
            "---- my bank's note ----\nPOS DEBIT GARDENSHOP 19.99 GBP\nPOS DEBIT GARDENSHOP 19.99 GBP\n---\nOnly one pair of gloves ordered. Refund the extra £19.99 thanks",
            1999,
            6,
            &[],
            refund(1999),
        ),
        // k38a-dup-012
        (
            "My banking app shows AUD 149 twice but one line says 'authorisation'. Do I need to do anything or will that disappear by itself?",
            14900,
            6,
            &[],
            other("close", "C1"),
        ),
        // k38a-dup-015
        (
            "Hello, you took my money twice! 64.50 and again 64.50! Only one planter! I want 64.50 back now.",
            6450,
            6,
            &[],
            refund(6450),
        ),
        // k38a-dup-017
        (
            "Fwd from my wife: \"why did the garden shop take 45 pounds twice??\"\nShe's right, there are two payments of £45.00 for the same weeding tool set. Please refund one of them.",
            4500,
            6,
            &[],
            refund(4500),
        ),
        // k38a-dup-019
        ("Payment went thru 2x. PHP 199.00 each. Kindly reverse the duplicate ASAP.", 19900, 6, &[], refund(19900)),
        // own-dup-00
        (
            "Hi, your shop debited €36,50 from my card two times for the same watering can. Please give back the second one.",
            3650,
            6,
            &[],
            refund(3650),
        ),
        // own-dup-01
        (
            "The amount of 58,00 EUR is showing on my bank statement two times. One order only. Refund the duplicate please.",
            5800,
            6,
            &[],
            refund(5800),
        ),
        // own-dup-02
        (
            "12 Nov GARDEN-SHOP 27.45\n12 Nov GARDEN-SHOP 27.45\nBalance 1,310.22\nI bought one hose. Please put one back.",
            2745,
            6,
            &[],
            refund(2745),
        ),
        // own-dup-03
        ("Kindly note the second debit of GBP 74.00 on 03/12 is an error. Please reverse.", 7400, 6, &[], refund(7400)),
        // own-dup-04
        (
            "Guten Tag, you have taken 89,90 € from my account two times, I ordered only one grill cover. Please return one payment.",
            8990,
            6,
            &[],
            refund(8990),
        ),
        // own-dup-05
        ("my card was hit for $112.50 x2, pls refund one", 11250, 6, &[], refund(11250)),
        // own-dup-06
        (
            "Ref INV-22817: customer's card processed twice for AUD 64.95. Request reversal of duplicate txn.",
            6495,
            6,
            &[],
            refund(6495),
        ),
        // own-dup-07
        (
            "So I was checking my statement over coffee this morning (my daughter does my banking usually, she's in Leeds now) and I noticed 42.00 went out of my account two times on the 3rd. I only bought the one bird feeder from you! Could you put the second one back please.",
            4200,
            6,
            &[],
            refund(4200),
        ),
        // own-dup-08
        (
            "I was billed 31,20 zł from my account twice for one order, return the extra one please",
            3120,
            6,
            &[],
            refund(3120),
        ),
        // own-dup-09
        ("card charged 19.95 two times, same order. fix pls", 1995, 6, &[], refund(1995)),
        // own-dup-10
        (
            "I see 88.00 twice on my card but one line says pending authorisation. Is that just a hold that drops off?",
            8800,
            6,
            &[],
            other("close", "C1"),
        ),
        // own-dup-11
        (
            "Both 25.00 charges are right, I ordered two times that week, separate orders. Just confirming, no action needed.",
            2500,
            6,
            &[],
            other("close", "C1"),
        ),
    ];
    check_at(cases);
}

#[test]
fn cap_table() {
    let cases: &[Case] = &[
        // k38a-cap-000
        (
            "Refund of $500.00 for the smoker please, it arrived with the firebox rusted through.",
            64900,
            6,
            &[],
            refund(50000),
        ),
        // k38a-cap-001
        (
            "I would like five hundred pounds back for the damaged dining set, as agreed with your driver who saw the damage.",
            79900,
            6,
            &[],
            refund(50000),
        ),
        // k38a-cap-002
        (
            "Proszę o zwrot 500,- zł za uszkodzone krzesła. (Refund 500,- for broken chairs.)",
            50000,
            6,
            &[],
            refund(50000),
        ),
        // k38a-cap-003
        (
            "Requesting partial credit: EUR 500.00 (five hundred euro 00/100) against the lounge set, per our chat.",
            89000,
            6,
            &[],
            refund(50000),
        ),
        // k38a-cap-004
        (
            "refund 50000 cents. yes cents. your form only takes cents apparently lol. gazebo roof tore.",
            55000,
            6,
            &[],
            refund(50000),
        ),
        // k38a-cap-005
        (
            "Hello po, I want to ask refund of 5 hundred for the broken pizza oven stand, the rest I can still use. Salamat.",
            120000,
            6,
            &[],
            refund(50000),
        ),
        // k38a-cap-007
        ("Refund $500 (that's the whole thing), the grill arrived in pieces.", 50000, 6, &[], refund(50000)),
        // k38a-cap-008
        (
            "Please refund $500.01 — that's the total including the card surcharge.",
            52000,
            6,
            &[],
            other("escalate", "E1"),
        ),
        // k38a-cap-010
        (
            "I want my full £549 refunded for the outdoor sofa, it's the wrong colour entirely.",
            54900,
            6,
            &[],
            other("escalate", "E1"),
        ),
        // k38a-cap-011
        ("Zwrot 500,50 zł proszę — the bench arrived with a broken leg.", 62000, 6, &[], other("escalate", "E1")),
        // k38a-cap-013
        ("refund the whole order pls, it's all wrong", 61200, 6, &[], other("escalate", "E1")),
        // k38a-cap-014
        (
            "The lounge set cost $1,299 and I love it but one chair arm is cracked. I'm only asking for $85 back for that chair arm.",
            129900,
            6,
            &[],
            refund(8500),
        ),
        // k38a-cap-015
        (
            "Order total was £640 but I only want £40 for the missing bag of screws and my time sourcing them. Thanks.",
            64000,
            6,
            &[],
            refund(4000),
        ),
        // k38a-cap-016
        (
            "Dzień dobry, the grill set was 2 300 zł, I keep it, but the cover was missing, it cost 129 zł in your shop. Please return 129 zł.",
            230000,
            6,
            &[],
            refund(12900),
        ),
        // k38a-cap-017
        ("paid AUD 1,050 for the table, one leg wobbles. 60 bucks back and we're square", 105000, 6, &[], refund(6000)),
        // k38a-cap-018
        (
            "The $899.00 barbecue is great but the rotisserie kit ($49.99) that came with it doesn't fit. Refund $49.99 please.",
            89900,
            6,
            &[],
            refund(4999),
        ),
        // own-cap-12
        ("Please refund USD 500.00 (five hundred dollars) for the damaged table top.", 80000, 6, &[], refund(50000)),
        // own-cap-13
        (
            "Kindly credit GBP 500.00 (five hundred pounds only) against invoice 4471, damaged on arrival.",
            60000,
            6,
            &[],
            refund(50000),
        ),
        // own-cap-14
        ("refund 5 hundred pls, the rest is fine", 90000, 6, &[], refund(50000)),
        // own-cap-15
        ("I'd like 4 hundred back for the cracked glass top", 70000, 6, &[], refund(40000)),
        // own-cap-16
        ("Request: refund EUR 500.00 (five hundred euro 00/100) for the missing parts.", 65000, 6, &[], refund(50000)),
        // own-cap-17
        (
            "Refund USD 500.01 (five hundred dollars and 01/100) please, frame bent.",
            60000,
            6,
            &[],
            other("escalate", "E1"),
        ),
        // own-cap-18
        ("Please refund 6 hundred for the broken gazebo frame.", 90000, 6, &[], other("escalate", "E1")),
        // own-cap-19
        (
            "Process a credit of AUD 450.00 (four hundred and fifty dollars) for the damaged slats.",
            100000,
            6,
            &[],
            refund(45000),
        ),
        // own-cap-20
        ("Refund of 500,00 EUR (five hundred euros) please, the lounge chair is broken.", 50000, 6, &[], refund(50000)),
        // own-cap-21
        (
            "Please action a partial credit of USD 500.00 (five hundred) against the above order, we keep the unit.",
            59999,
            6,
            &[],
            refund(50000),
        ),
    ];
    check_at(cases);
}

#[test]
fn alt_table() {
    let cases: &[Case] = &[
        // k38a-alt-000
        (
            "the sprinkler head is cracked. refund 0 or 5, honestly don't care which",
            1899,
            6,
            &[],
            other("escalate", "U1"),
        ),
        // k38a-alt-001
        (
            "Please refund somewhere between $20 and $30 for the scratched side table, whatever you think is fair.",
            8900,
            6,
            &[],
            other("escalate", "U1"),
        ),
        // k38a-alt-002
        ("I'd like around £40 back for the missing cushion covers.", 11900, 6, &[], other("escalate", "U1")),
        // k38a-alt-003
        ("40ish back would be good, the planter's got a big chip", 6500, 6, &[], other("escalate", "U1")),
        // k38a-alt-005
        (
            "Hello, I want back maybe 100 or 120 zł for the broken lamp, I don't remember exact price.",
            35000,
            6,
            &[],
            other("escalate", "U1"),
        ),
        // k38a-alt-006
        (
            "Refund approx. AUD 60–70 for damaged goods (2 of 6 solar stakes). Exact figure TBC.",
            21000,
            6,
            &[],
            other("escalate", "U1"),
        ),
        // k38a-alt-007
        ("About $20 back for the dented lid, please.", 15900, 6, &[], other("escalate", "U1")),
        // k38a-alt-008
        (
            "can i get like 15-ish or maybe 20 back for the torn cover? it was cheap anyway, i think i paid something in that region",
            7800,
            6,
            &[],
            other("escalate", "U1"),
        ),
        // k38a-alt-009
        (
            "Good day po. For the broken sprayer I ask refund of PHP 250 or PHP 300, either is ok for me.",
            90000,
            6,
            &[],
            other("escalate", "U1"),
        ),
        // k38a-alt-010
        (
            "Refund $25 for the scratched lid — no wait, the receipt says $22.50, make it $22.50.",
            15900,
            6,
            &[],
            refund(2250),
        ),
        // k38a-alt-011
        (
            "I'd like 30 quid back... actually, checking my email, the cushion was £27.99. So £27.99 please.",
            8999,
            6,
            &[],
            refund(2799),
        ),
        // k38a-alt-012
        ("Proszę o zwrot 45 zł, przepraszam, 54 zł (pomyliłam cyfry). Final: 54,00 zł.", 12000, 6, &[], refund(5400)),
        // k38a-alt-013
        (
            "I called about a week ago about this. I'm asking for exactly $18.75 back for the missing hose connector.",
            6400,
            6,
            &[],
            refund(1875),
        ),
        // k38a-alt-014
        (
            "Spent about an hour trying to assemble it before realising a panel was missing. Refund £35.00 for the panel please.",
            24900,
            6,
            &[],
            refund(3500),
        ),
        // k38a-alt-016
        ("It's about the grill cover: it ripped the first week. Refund $29.99.", 2999, 6, &[], refund(2999)),
        // k38a-alt-017
        (
            "Roughly half of the lights don't work, so maybe 50 or 60 dollars back? You decide.",
            11000,
            6,
            &[],
            other("escalate", "U1"),
        ),
        // own-alt-23
        ("Please refund £36.00, sorry, £63.00 (typo, swapped the digits).", 9000, 6, &[], refund(6300)),
        // own-alt-24
        ("Credit requested: USD 27.50 (revised from the USD 25.00 in my first email).", 8000, 6, &[], refund(2750)),
        // own-alt-25
        ("Please refund 18,50 € instead of the 20,00 € I wrote on the phone.", 6000, 6, &[], refund(1850)),
        // own-alt-26
        ("Please refund AUD 15.00 — I've decided: AUD 18.00 for the broken latch.", 5000, 6, &[], refund(1800)),
        // own-alt-27
        ("Amount requested: $64.00 (corrected from $46.00, my typo).", 9900, 6, &[], refund(6400)),
        // own-alt-28
        ("Refund 75,00 zł, pomyliłem się, 57,00 zł.", 10000, 6, &[], refund(5700)),
        // own-alt-29
        ("Refund 12.00 EUR. Final: 21.00 EUR, I misread the invoice.", 5000, 6, &[], refund(2100)),
        // own-alt-30
        ("refund between 20 and 30 dollars please, the lid is dented", 9000, 6, &[], other("escalate", "U1")),
        // own-alt-31
        ("around 40 back please, chipped rim", 9000, 6, &[], other("escalate", "U1")),
        // own-alt-32
        ("Refund $25 or $35, whichever is fair for the scratch.", 9000, 6, &[], other("escalate", "U1")),
        // own-alt-33
        ("Please refund $48.00 rather than $84.00 — I had the digits the wrong way round.", 9000, 6, &[], refund(4800)),
    ];
    check_at(cases);
}
