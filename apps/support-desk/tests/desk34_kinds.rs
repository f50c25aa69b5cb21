//! desk34's kinds (issue 16, ADR-1140…): which figure is asked, tested generatively. Five kinds of miss, each a table
//! of ten wordings (two per register: terse, rambling, non-native, forwarded mail, jargon) × four value sets (amounts
//! written with and without a sign, codes, a decimal comma, words): forty tickets a kind.
//!
//! 1. alternatives and uncertainty ("12... or was it 21?", "30 or 35, can't remember which") → U1, never one paid;
//! 2. a price said approximately or of something else ("I paid like 80", "my mate's 40 quid jacket") beside an ask
//!    that names no figure → the order's amount;
//! 3. the referent of "that"/"it"/"the latter": never a thing said to be fine, kept or working;
//! 4. a figure corrected or a typo restated → the correction (refund, or X2 when the correction is over the order);
//! 5. an ask that is a product, a part named by its price, a share with no figure, or an answer to the shop's
//!    question, in a forward or in jargon.
//!
//! The even wordings of each kind are the ones the fix was made with; the odd ones are held out (written before the
//! fix, never tuned against): `held_out_figure` prints their score. Every text is written for these tests; none comes
//! from `evals/` or the blind sets.

use crate::kinds::{self, Decision, Table, Wording, check_half, other, refund};

/// A figure with two decimals in one of five spellings.
fn m(c: i64, k: usize) -> String {
    let (d, r) = (c / 100, c % 100);
    match k % 5 {
        0 => format!("{d}.{r:02}"),
        1 => format!("${d}.{r:02}"),
        2 => format!("EUR {d},{r:02}"),
        3 => format!("£{d}.{r:02}"),
        _ => format!("{d}.{r:02} USD"),
    }
}

/// A whole figure in one of five spellings (a price as remembered, or another thing's).
fn w(c: i64, k: usize) -> String {
    let d = c / 100;
    match k % 5 {
        0 => format!("{d}"),
        1 => format!("${d}"),
        2 => format!("{d} euros"),
        3 => format!("£{d}"),
        _ => format!("{d} quid"),
    }
}

fn u1() -> Decision {
    other("escalate", "U1")
}

// ---- 1. alternatives and uncertainty -------------------------------------------------------------------------------

const ALT: [(i64, i64, i64); 4] =
    [(4_800, 1_200, 2_100), (8_000, 3_000, 3_500), (15_000, 2_499, 4_299), (6_000, 1_550, 1_990)];

const ALTERNATIVES: [Wording; 10] = [
    |k| {
        let (o, a, b) = ALT[k];
        (format!("lid missing. refund {} or {}, not sure which", m(a, k), m(b, k)), o, u1())
    },
    |k| {
        let (o, a, b) = ALT[k];
        (format!("broken handle - want back {}? maybe {}. dunno", m(a, k), m(b, k + 1)), o, u1())
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "Hi so it's been a week (the dog ate a sock, long story, and the boiler is playing up again) and the \
                 mixer came without the whisk. I'd like a refund for the whisk, it was {}... or was it {}? Can't find \
                 the receipt and the website price has changed. Whichever it was.",
                m(a, k),
                m(b, k)
            ),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "Morning! My husband did the ordering so I'm a bit lost, and we had the builders in all week. The grater \
                 arrived bent. He says we paid {} for it, or possibly {}, he isn't sure and neither am I. Could we have \
                 that back please?",
                m(a, k),
                m(b, k)
            ),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "Hello, the pan is arrive with big scratch. I want back the money for it, is {} or {}, I not remember \
                 exactly. Thank you",
                m(a, k),
                m(b, k)
            ),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "Guten Tag, the knife is broken when I open the box. Please give me back {}, or perhaps it was {}, I am \
                 not sure about the price. Danke",
                m(a, k),
                m(b, k)
            ),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "Forwarding for my wife - she says you owe her {} or {} for the missing bits, can't remember which. Can \
                 you just sort it.\n\n> From: Leanne\n> To: Rob\n> Subject: kitchen order\n> The lid and the steamer \
                 basket weren't in the box!! ring them pls",
                w(a, 0),
                w(b, 0)
            ),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "See below from my dad, he wants his money back for the cracked bowl - either {} or {}, he's lost the \
                 receipt.\n\n---------- Forwarded message ---------\nFrom: Dad\nDate: Mon, 30 Nov 2026\nSubject: \
                 bowl\n\nThe big bowl came cracked. Tell them.",
                m(a, k),
                m(b, k)
            ),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "Ref: case 88213. Partial credit requested for damaged lid, value either {} or {} - invoice \
                 unavailable, cannot confirm which. Please action.",
                m(a, k),
                m(b, k)
            ),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, b) = ALT[k];
        (
            format!(
                "Kindly process a goodwill refund for the missing carafe. Unit cost per our records is {} or {} - our \
                 AP team is checking which. Regards, Procurement",
                m(a, k),
                m(b, k)
            ),
            o,
            u1(),
        )
    },
];

// ---- 2. a price said approximately or of something else ------------------------------------------------------------

/// The order's amount, the price as remembered (whole, near it), another thing's price.
const PRICE: [(i64, i64, i64); 4] =
    [(7_999, 8_000, 4_000), (4_995, 5_000, 2_000), (12_950, 13_000, 6_500), (2_999, 3_000, 1_500)];

const PRICES: [Wording; 10] = [
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!("paid like {} for this kettle, my mums {} one works fine. refund pls", w(p, k), w(q, k + 1)),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!("approx {} spent. leaks. the {} one from the supermarket doesnt. money back", w(p, k), w(q, k + 1)),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "ok so long story. I bought this rain jacket for my brother's stag do (we went hiking, it rained every \
                 single day, obviously). I paid like {} for it which I thought was fine. Day one, soaked through at the \
                 shoulders. My mate's {} jacket from a supermarket kept him dry, which was embarrassing. I'd like a \
                 refund please. I still have the box.",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "Hello! So my daughter has just started university and I got her this toaster, something around {} if \
                 I remember, and it died on day two. Her flatmate's toaster cost {} at the corner shop and it's still \
                 going strong, ha. Anyway I would like my money back for it, thanks so much.",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "Hello, I buy this blender for maybe {}, and it not work. My neighbour have one for {} from other shop \
                 and is working. I want refund please.",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "Bonjour, the lamp I pay around {} is broken after one day. In the supermarket the same lamp is only \
                 {}. Please make the reimbursement. Merci",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "Can you refund this please - see below.\n\n-----Original Message-----\nFrom: Sam\nSent: Monday, 30 \
                 November 2026 09:12\nSubject: kettle\n\nThe kettle (roughly {}, I think) stopped working. Funny, my \
                 brother's {} kettle has lasted years.",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "Fwd from my partner, she'd like a refund for the fryer.\n\n> From: Jo\n> It cost something like {}? \
                 And it doesn't heat. The {} one at my sister's works better.",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "RMA request - unit DOA. Approx. purchase value {} (est.). Comparable competitor unit retails at {}. \
                 Please process full reimbursement to OPM.",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
    |k| {
        let (o, p, q) = PRICE[k];
        (
            format!(
                "Ref case 4471: item defective on arrival. Paid c. {}; a rival's {} model is irrelevant here. Kindly \
                 action a refund as per policy.",
                w(p, k),
                w(q, k + 1)
            ),
            o,
            refund(o),
        )
    },
];

// ---- 3. which thing "that" / "it" / "the latter" is -----------------------------------------------------------------

/// The thing said to be fine, the broken thing's price (the order is both).
const REF: [(i64, i64); 4] = [(8_000, 1_299), (4_500, 2_050), (12_999, 999), (2_500, 1_850)];

const REFERENTS: [Wording; 10] = [
    |k| {
        let (f, b) = REF[k];
        (format!("the {} pan is fine. the {} lid came cracked. refund that", m(f, k), m(b, k)), f + b, refund(b))
    },
    |k| {
        let (f, b) = REF[k];
        (format!("{} kettle ok, {} filter broken - refund it pls", m(f, k), m(b, k)), f + b, refund(b))
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "Hi there, we had the in-laws over all weekend so I only opened the box yesterday. The {} Dutch oven is \
                 fine, it's just the {} trivet that arrived in two pieces. Refund that please.",
                m(f, k),
                m(b, k)
            ),
            f + b,
            refund(b),
        )
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "Hello again! Quick one while the kids are at swimming. We kept the {} stand mixer, honestly it's lovely \
                 and works a treat, but the {} dough hook was bent right out of the box. Could you refund that for us? \
                 Cheers",
                m(f, k),
                m(b, k)
            ),
            f + b,
            refund(b),
        )
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "Hello, the blender of {} is working good, no problem. But the jug of {} is arrive broken. Please refund \
                 this. Thank you",
                m(f, k),
                m(b, k)
            ),
            f + b,
            refund(b),
        )
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "Buenos días, the {} grinder is broken, the {} coffee machine we keep, it works. I want the money back \
                 of the grinder please.",
                m(b, k),
                m(f, k)
            ),
            f + b,
            refund(b),
        )
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "Refund that please - the {} oven is fine, it's the {} tray that came bent.\n\n-----Original \
                 Message-----\nFrom: orders@shop.example\nSent: Sunday, November 22, 2026 2:15 PM\nSubject: Order \
                 confirmation #33812\n\nThank you for your order!\n1 x Oven   {}\n1 x Tray   {}\nOrder total   {}",
                m(f, k),
                m(b, k),
                m(f, 0),
                m(b, 0),
                m(f + b, 0)
            ),
            f + b,
            refund(b),
        )
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "Hi, see my earlier note below. The {} toaster isn't the problem, the {} crumb tray is. Please refund \
                 that one.\n\n> On Mon, Sam wrote:\n> Hi, I got the toaster and the crumb tray today.",
                m(f, k),
                m(b, k)
            ),
            f + b,
            refund(b),
        )
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "Ref: RMA-5521. Line 1 - pressure cooker, {}: no fault found, customer retains. Line 2 - sealing ring, \
                 {}: damaged in transit. Kindly credit the latter.",
                m(f, k),
                m(b, k)
            ),
            f + b,
            refund(b),
        )
    },
    |k| {
        let (f, b) = REF[k];
        (
            format!(
                "As per call: the {} grill is working as expected and is being kept. The {} thermometer is DOA. Please \
                 action a refund for it.",
                m(f, k),
                m(b, k)
            ),
            f + b,
            refund(b),
        )
    },
];

// ---- 4. corrections and typos restated -----------------------------------------------------------------------------

/// The order's amount, the figure first written (wrong), the correction, and what the policy gives for it.
fn corr(k: usize) -> (i64, String, i64, Decision) {
    match k {
        0 => (9_999, "100".into(), 8_500, refund(8_500)),
        1 => (5_400, "45.00".into(), 5_400, refund(5_400)),
        2 => (2_990, "1990".into(), 1_990, refund(1_990)),
        _ => (12_999, "120".into(), 13_000, other("refuse", "X2")),
    }
}

const CORRECTIONS: [Wording; 10] = [
    |k| {
        let (o, wr, r, d) = corr(k);
        (format!("refund {wr} for the socks pls - {} i mean, typo, sorry", m(r, k)), o, d)
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (format!("want {wr} back. no wait - {}. {} pls", m(r, k), m(r, k)), o, d)
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "Hi,\n\nBit of a saga. We moved house last month (the removal men dropped a box of my grandmother's \
                 plates, so that's a separate claim with them for about 300 quid), and in the chaos I ordered mixing \
                 bowls from you. Two arrived cracked.\n\nI'd like a refund of {wr} for them please - no wait, I've \
                 just checked the invoice, it was {}, sorry, I was looking at the wrong email. So {} please.\n\nCheers, \
                 and sorry for the essay,\nGemma",
                m(r, k),
                m(r, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "Hello, long week, my mum's been in hospital (she's fine now) and I've been all over the place. The rug \
                 came with a bleach mark. I'd like {wr} back - actually no, that's wrong, I misread the statement. It's \
                 {}. Sorry! {} back please.",
                m(r, k),
                m(r, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "Hello, please refund me {wr} for the broken kettle. Sorry, mistake, is not {wr}, correct is {}. Thank \
                 you",
                m(r, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "Dzień dobry, I ask refund of {wr} - sorry I write it wrong, the right amount is {}. The toaster is \
                 broken. Thank you",
                m(r, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "refund {wr} for the socks pls - {} i mean, typo, sorry\n\nSent from my phone\n\n> On 12 Mar, Support \
                 wrote:\n> Thanks for getting in touch, how can we help?",
                m(r, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "Correction to my email below: the amount should be {}, not {wr}. Please refund {}.\n\n> On Mon, I \
                 wrote:\n> Please refund {wr} for the damaged pan.",
                m(r, k),
                m(r, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "Ref: case 7712. Credit requested: {wr}. CORRECTION: credit requested should read {}. Please action.",
                m(r, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, wr, r, d) = corr(k);
        (
            format!(
                "Kindly process partial refund of {wr} -- amended: {} (previous figure entered in error). Thanks, AP team",
                m(r, k)
            ),
            o,
            d,
        )
    },
];

// ---- 5. a product, a part by its price, a share, an answer ---------------------------------------------------------

/// Products: the count, the unit price, the order's amount.
const PROD: [(i64, i64, i64); 4] = [(3, 7_010, 70_100), (2, 4_500, 45_000), (4, 1_299, 25_980), (5, 2_000, 60_000)];
/// A fee asked back: the order's amount and the fee.
const FEE: [(i64, i64); 4] = [(3_994, 495), (8_999, 1_250), (15_000, 999), (6_495, 595)];
/// An answer to the shop's question: the order's amount, the figure and the decision.
fn answer(k: usize) -> (i64, i64, Decision) {
    match k {
        0 => (72_000, 50_001, other("escalate", "E1")),
        1 => (90_000, 61_000, other("escalate", "E1")),
        2 => (72_000, 45_000, refund(45_000)),
        _ => (80_000, 52_050, other("escalate", "E1")),
    }
}
const SHARE_ORDER: [i64; 4] = [5_000, 7_999, 12_000, 3_450];

const PARTS: [Wording; 10] = [
    |k| {
        let (n, u, o) = PROD[k];
        (
            format!(
                "Hi team - see below from our cafe in Fremantle, please refund as requested.\n\nCheers,\nLiam \
                 O'Connor\nRegional Ops | Saltbush Cafes Pty Ltd\nCONFIDENTIALITY: This email is intended only for \
                 the named recipient.\n\nFrom: Fremantle Store\nSent: Monday, 30 November 2026 9:40 AM\nSubject: \
                 blender jugs - order 70811\n\n{n} of the 10 replacement jugs came cracked. {n} x {} = {}. Can you ask \
                 for a refund for those {n}.",
                m(u, k),
                m(n * u, k)
            ),
            o,
            refund(n * u),
        )
    },
    |k| {
        let (n, u, o) = PROD[k];
        (
            format!(
                "RMA 3321 - {n} units received damaged @ {} ea = {}. Please raise credit for the damaged units only.",
                m(u, k),
                m(n * u, k)
            ),
            o,
            refund(n * u),
        )
    },
    |k| {
        let (o, f) = FEE[k];
        (
            format!(
                "So the paddling pool, {} plus {} delivery. We paid extra for the delivery because it was meant to be \
                 here for the heatwave weekend, and of course it turned up the following Wednesday when it was 14 \
                 degrees. The pool is fine, the kids will use it next summer. I only want the delivery charge back, \
                 the {}, since that's what we paid for and didn't get. Thanks, Owen",
                m(o - f, k),
                m(f, k),
                m(f, k)
            ),
            o,
            refund(f),
        )
    },
    |k| {
        let (o, f) = FEE[k];
        (
            format!(
                "Hello, the table is good but the delivery come 5 days late. I paid {} for express. This {} I want back \
                 please, only this.",
                m(f, k),
                m(f, k)
            ),
            o,
            refund(f),
        )
    },
    |k| {
        let o = SHARE_ORDER[k];
        (
            "Bonjour, the agenda is arrived with the cover a bit damaged. It is not terrible, so I would like to \
             receive back la moitié, the half, is it possible? Merci."
                .to_string(),
            o,
            u1(),
        )
    },
    |k| {
        let o = SHARE_ORDER[k];
        (
            "Fwd: mum says she'll keep the scratched pan if she gets half back.\n\n> From: Mum\n> The pan has a big \
             scratch but I'll keep it if they give me some money back."
                .to_string(),
            o,
            u1(),
        )
    },
    |k| {
        let (o, a, d) = answer(k);
        (
            format!(
                "Hi, following up with the figure as you asked:\n\n> From: Homestead Support\n> Could you confirm the \
                 amount you are requesting for the two damaged bays?\n\nIt's {} - the two bays were {} each and the \
                 rest is the card surcharge, don't ask. Thanks, Lee",
                m(a, k),
                m(a / 2, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, a, d) = answer(k);
        (
            format!(
                "Further to your request below for the claim value: {} (2 x damaged shelving bays incl. surcharge). \
                 Please action.\n\n> From: Support\n> Please confirm the amount you are claiming.",
                m(a, k)
            ),
            o,
            d,
        )
    },
    |k| {
        let (o, f) = FEE[k];
        (format!("goods fine, express shipping {} wasted, came late. want the shipping back", m(f, k)), o, refund(f))
    },
    |k| {
        let (n, u, o) = PROD[k];
        (
            format!(
                "Hello, {n} pieces from the order are broken, each one cost {}, so together {}. Please give back the \
                 money for these {n}.",
                m(u, k),
                m(n * u, k)
            ),
            o,
            refund(n * u),
        )
    },
];

const KINDS: [Table; 5] = [
    ("alternatives", &ALTERNATIVES, &[]),
    ("prices", &PRICES, &[]),
    ("referents", &REFERENTS, &[]),
    ("corrections", &CORRECTIONS, &[]),
    ("parts", &PARTS, &[]),
];

/// The wordings the fix was made with: every ticket decided as the policy decides it.
#[test]
fn alternatives_are_unsettled_never_one_paid() {
    check_half(&ALTERNATIVES, false, &[]);
}

#[test]
fn a_price_mentioned_is_no_ask() {
    check_half(&PRICES, false, &[]);
}

#[test]
fn the_referent_is_never_a_thing_said_fine() {
    check_half(&REFERENTS, false, &[]);
}

#[test]
fn a_correction_replaces_the_figure() {
    check_half(&CORRECTIONS, false, &[]);
}

#[test]
fn a_product_a_part_a_share_or_an_answer_is_the_ask() {
    check_half(&PARTS, false, &[]);
}

/// The held-out wordings (never tuned against): their figure per kind, printed, and held at least at the level
/// reached when the fix was committed (a floor, so a later change that loses one is seen).
#[test]
fn held_out_figure() {
    // The held-out figures on merging desk34 (desk37, 2026-12-04): a floor of zero was a test that could not fail.
    kinds::held_out_figure(&KINDS, &[12, 20, 16, 17, 15]);
}
