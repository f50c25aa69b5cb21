//! Blind set 7's four misses as classes of reading (issue 16), each a property over many generated wordings — no
//! sentence here is a b7 ticket, and no case is written one by one: every ticket is put together from parts (an
//! opener, the problem, the ask in one of many shapes, a figure in one of many forms, a closer, distractor sentences)
//! by a seeded generator, and each property carries controls that must not flip.
//!
//! - (a) a request carried by an amount and a politeness marker, or a bare imperative, with no refund verb ("USD
//!   49.99 please", "$20 back pls", "send 15 to my card");
//! - (b) money asked as a discount, a credit or an amount "off" ("can I get $10 off?", "knock $10 off", "make it
//!   right with $20"): a refund request for the policy;
//! - (c) a rambling ticket with figures that are not the order's (a budget, other purchases, what others paid): the
//!   figure tied to the request is the amount, and with none tied to it, the order's amount;
//! - (d) an acknowledgement of a refund already made, with its amount ("got the $34.99 back today, thanks") is an
//!   inquiry (C1), not a new request — read from the sentence (a past receipt of money), and a new request beside it
//!   is still a request.
//!
//! A failure names the seed, the case and the ticket.

use crate::kinds::{Rng, evidence_at};
use support_desk::classify;

type Decision = (String, String, Option<i64>);

fn decide(body: &str, cents: i64, refunds: &[&str]) -> Decision {
    let c = classify::classify(&evidence_at(body, cents, 9, refunds));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

fn refund(cents: i64) -> Decision {
    ("refund".into(), "R1".into(), Some(cents))
}

fn other(action: &str, clause: &str) -> Decision {
    (action.into(), clause.into(), None)
}

/// Runs `cases` tickets from `make` and fails once, listing every ticket decided otherwise.
fn property(seed: u64, cases: usize, make: impl Fn(&mut Rng) -> (String, i64, Vec<&'static str>, Decision)) {
    let mut rng = Rng(seed);
    let mut wrong = Vec::new();
    for n in 0..cases {
        let (body, order, refunds, want) = make(&mut rng);
        let got = decide(&body, order, &refunds);
        if got != want {
            wrong
                .push(format!("case {n} (order {order}, refunds {refunds:?}): want {want:?}, got {got:?}\n    {body}"));
        }
    }
    assert!(wrong.is_empty(), "seed {seed:#x}: {} of {cases} decided otherwise:\n{}", wrong.len(), wrong.join("\n"));
}

/// A figure in one of the forms customers write.
fn money(rng: &mut Rng, cents: i64) -> String {
    let (d, c) = (cents / 100, cents % 100);
    if c == 0 {
        return match rng.below(6) {
            0 => format!("${d}"),
            1 => format!("{d} dollars"),
            2 => format!("USD {d}"),
            3 => format!("{d} bucks"),
            4 => format!("${d}.00"),
            _ => format!("{d} USD"),
        };
    }
    match rng.below(5) {
        0 => format!("${d}.{c:02}"),
        1 => format!("USD {d}.{c:02}"),
        2 => format!("{d}.{c:02} USD"),
        3 => format!("US${d}.{c:02}"),
        _ => format!("{d}.{c:02} dollars"),
    }
}

const ITEMS: [&str; 10] = [
    "yoga mat",
    "desk lamp",
    "rain jacket",
    "kettle",
    "phone stand",
    "tote bag",
    "throw pillow",
    "wall clock",
    "teapot",
    "bike light",
];
const PROBLEMS: [&str; 10] = [
    "is peeling at the edges",
    "stopped charging on day three",
    "arrived with a torn seam",
    "has a crack along the base",
    "came in the wrong size",
    "is missing a screw",
    "rattles when I shake it",
    "has a stain that won't wash out",
    "doesn't turn on anymore",
    "faded after one wash",
];
const OPENERS: [&str; 8] =
    ["", "Hi,", "hello team", "Dear support,", "ok so", "Good morning.", "hey", "Hi there, order question."];
const CLOSERS: [&str; 7] =
    ["", "Thanks.", "Regards, Sam", "cheers", "Thank you in advance.", "Best, Priya", "sent from my phone"];

fn problem(rng: &mut Rng, item: &str) -> String {
    let p = rng.pick(&PROBLEMS);
    match rng.below(4) {
        0 => format!("The {item} {p}."),
        1 => format!("the {item} i ordered {p}"),
        2 => format!("My {item} {p}, not great."),
        _ => format!("This is about the {item}: it {p}."),
    }
}

fn ticket(rng: &mut Rng, parts: &[String]) -> String {
    let opener = rng.pick(&OPENERS);
    let closer = rng.pick(&CLOSERS);
    let mut all: Vec<&str> = vec![opener];
    all.extend(parts.iter().map(String::as_str));
    all.push(closer);
    all.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Class (a): an amount with a politeness marker, or a bare imperative to move money, asks for it back.
#[test]
fn an_amount_with_a_politeness_marker_or_a_bare_imperative_is_a_request() {
    const MARKERS: [&str; 9] = ["please", "pls", "plz", "thanks", "thank you", "thx", "if possible", "asap", "kindly"];
    const DEST: [&str; 6] =
        ["to my card", "back to my card", "to my account", "back on my card", "onto my visa", "to my bank account"];
    property(0xA11C_E5A0_0000_0001, 240, |rng| {
        let item = rng.pick(&ITEMS);
        let asked = rng.cents(8, 95);
        let order = if rng.below(2) == 0 { asked } else { asked + rng.cents(5, 40) };
        let a = money(rng, asked);
        let m = rng.pick(&MARKERS);
        let d = rng.pick(&DEST);
        let bare =
            if asked % 100 == 0 { format!("{}", asked / 100) } else { format!("{}.{:02}", asked / 100, asked % 100) };
        let ask = match rng.below(12) {
            0 => format!("{a} {m}."),
            1 => format!("{a} back {m}"),
            2 => format!("{a} {d} {m}."),
            3 => format!("Just {a} {m}."),
            4 => format!("{m} {a} back"),
            5 => format!("Send {a} {d}."),
            6 => format!("send {bare} {d} {m}"),
            7 => format!("Put {a} back on my card."),
            8 => format!("Transfer {a} to my account {m}."),
            9 => format!("give me {a} back {m}"),
            10 => format!("Return {a} {d}."),
            _ => format!("{a} back, {m}!"),
        };
        let p = problem(rng, item);
        let parts = if rng.below(3) == 0 { vec![ask, p] } else { vec![p, ask] };
        (ticket(rng, &parts), order, vec![], refund(asked))
    });
    // Controls: a figure beside a politeness marker that asks for something else, and imperatives to send things.
    property(0xA11C_E5A0_0000_0002, 120, |rng| {
        let item = rng.pick(&ITEMS);
        let order = rng.cents(10, 90);
        let a = money(rng, order);
        let m = rng.pick(&MARKERS);
        let body = match rng.below(6) {
            0 => format!("The {item} was {a}, {m} tell me when the new colours ship."),
            1 => format!("Please send the manual for the {item} to my email, {m}."),
            2 => format!("Send the spare filters with my next order {m}."),
            3 => format!("{a} was a fair price for the {item}. When will it restock? {m}"),
            4 => format!("Could you send the invoice for {a} to my office address {m}?"),
            _ => format!("Is the {item} still {a}? {m}"),
        };
        (ticket(rng, &[body]), order, vec![], other("close", "C1"))
    });
}

/// Class (b): money asked as a discount, a credit or an amount off is a refund request for the policy: refunded,
/// or refused when the order already has an executed refund (X4) or the figure is more than the order (X2).
#[test]
fn money_asked_as_a_discount_a_credit_or_an_amount_off_is_a_refund_request() {
    property(0xB0FF_0000_0000_0001, 240, |rng| {
        let item = rng.pick(&ITEMS);
        let asked = rng.cents(5, 60);
        let a = money(rng, asked);
        let ask = match rng.below(16) {
            0 => format!("Can I get {a} off?"),
            1 => format!("Could I get another {a} off?"),
            2 => format!("can you take {a} off?"),
            3 => format!("Could you knock {a} off the price?"),
            4 => format!("Knock {a} off and we're fine."),
            5 => format!("Take {a} off my bill please."),
            6 => format!("I'd like {a} off."),
            7 => format!("{a} off would be fair."),
            8 => format!("A {a} discount would make it right."),
            9 => format!("I'd like a {a} discount on it."),
            10 => format!("Please give me a {a} credit."),
            11 => format!("Can you credit me {a}?"),
            12 => format!("Make it right with {a} and I'll keep it."),
            13 => format!("How about {a} off?"),
            14 => format!("Could you do {a} off?"),
            _ => format!("I'd take a {a} price reduction."),
        };
        let p = problem(rng, item);
        let parts = if rng.below(3) == 0 { vec![ask, p] } else { vec![p, ask] };
        let body = ticket(rng, &parts);
        match rng.below(3) {
            0 => (body, asked + rng.cents(0, 30), vec!["executed"], other("refuse", "X4")),
            1 => (body, asked - rng.cents(1, 4), vec![], other("refuse", "X2")),
            _ => {
                let order = asked + rng.cents(0, 30);
                (body, order, vec![], refund(asked))
            }
        }
    });
    // Controls: a discount or an amount off spoken of, not asked for.
    property(0xB0FF_0000_0000_0002, 120, |rng| {
        let item = rng.pick(&ITEMS);
        let order = rng.cents(20, 90);
        let off = rng.cents(2, 15);
        let a = money(rng, off);
        let body = match rng.below(5) {
            0 => format!("I used a {a} discount code at checkout - when does the {item} ship?"),
            1 => format!("Your {a} off coupon worked fine, thanks. Where is my parcel?"),
            2 => format!("Is there a {a} discount for students on the {item}?"),
            3 => format!("Do you offer {a} off for bulk orders?"),
            _ => format!("The {item} was already {a} off in the sale. Does it come in blue?"),
        };
        (ticket(rng, &[body]), order, vec![], other("close", "C1"))
    });
}

/// Class (c): a rambling ticket with figures that are not the order's: the figure tied to the request is refunded;
/// with no figure tied to it, the order's amount. Never a budget, another purchase or someone else's price.
#[test]
fn irrelevant_figures_in_a_rambling_ticket_do_not_unsettle_the_amount() {
    property(0xC0DE_0000_0000_0001, 240, |rng| {
        let item = rng.pick(&ITEMS);
        let asked = rng.cents(15, 120);
        let mut taken = vec![asked];
        let mut fresh = |rng: &mut Rng, lo: i64, hi: i64| loop {
            let v = rng.cents(lo, hi);
            if !taken.contains(&v) {
                taken.push(v);
                return v;
            }
        };
        let (b, c, r, n, s, t, o) = (
            fresh(rng, 150, 400),
            fresh(rng, 20, 80),
            fresh(rng, 60, 200),
            fresh(rng, 10, 90),
            fresh(rng, 30, 300),
            fresh(rng, 8, 40),
            fresh(rng, 10, 70),
        );
        let (b, c, r, n, s, t, o) =
            (money(rng, b), money(rng, c), money(rng, r), money(rng, n), money(rng, s), money(rng, t), money(rng, o));
        let mut noise = vec![
            format!("I'd set myself a budget of about {b} for the whole weekend."),
            format!("The cake alone was {c}, and the restaurant was another {r} or so."),
            format!("My neighbour paid {n} for a similar one somewhere else."),
            format!("Last month I spent {s} on presents, so money is tight."),
            format!("The taxi there and back was {t}."),
            format!("My other order, a set of mugs, was {o} and it's perfect."),
        ];
        for i in (1..noise.len()).rev() {
            noise.swap(i, rng.below(i + 1));
        }
        noise.truncate(2 + rng.below(3));
        let named = rng.below(2) == 0;
        let a = money(rng, asked);
        let ask = if named {
            match rng.below(5) {
                0 => format!("I just want the {a} I paid for the {item} back."),
                1 => format!("Please refund the {a} for the {item}."),
                2 => format!("I'd like my {a} back for the {item}."),
                3 => format!("So, {a} back for the {item} please."),
                _ => format!("I want the {a} back that I paid for the {item}."),
            }
        } else {
            match rng.below(4) {
                0 => format!("I just want my money back for the {item}."),
                1 => format!("Please refund the {item}."),
                2 => format!("I'd like a refund for the {item}."),
                _ => "Can I just get my money back?".to_string(),
            }
        };
        let order = if named && rng.below(2) == 0 { asked + rng.cents(3, 9) } else { asked };
        let mut parts = vec!["OK so long story.".to_string()];
        parts.extend(noise);
        parts.push(problem(rng, item));
        parts.push("Really embarrassing.".into());
        parts.push(ask);
        (ticket(rng, &parts), order, vec![], refund(asked))
    });
}

/// Class (d): thanks for or a report of a refund already made, with its amount, is an inquiry (C1) on an order
/// with an executed refund, not a new request (X4); a request beside it is still a request.
#[test]
fn an_acknowledged_refund_with_its_amount_is_an_inquiry_not_a_request() {
    const THANKS: [&str; 8] = [
        "thanks a lot!",
        "thank you!",
        "cheers",
        "many thanks.",
        "appreciate it!",
        "great service.",
        "ty",
        "thanks for sorting it so quickly!",
    ];
    property(0xD0_0E00_0000_0001, 240, |rng| {
        let paid = rng.cents(10, 90);
        let a = money(rng, paid);
        let th = rng.pick(&THANKS);
        let when = rng.pick(&["today", "this morning", "yesterday", "last night", "just now", ""]);
        let ack = match rng.below(12) {
            0 => format!("Got the refund of {a} back on my card {when} - {th}"),
            1 => format!("Received {a} back {when}, {th}"),
            2 => format!("The {a} came through {when}. {th}"),
            3 => format!("Just saw {a} credited back to my account, {th}"),
            4 => format!("My {a} refund arrived {when}. {th}"),
            5 => format!("{a} landed in my account {when} - {th}"),
            6 => format!("The refund of {a} has hit my card. {th}"),
            7 => format!("Refund of {a} received, {th}"),
            8 => format!("I can see the {a} back on my statement now, {th}"),
            9 => format!("got my {a} back {when} {th}"),
            10 => format!("The {a} refund showed up on my Visa {when}. {th}"),
            _ => format!("Your refund of {a} reached my bank {when}. {th}"),
        };
        (ticket(rng, &[ack]), paid, vec!["executed"], other("close", "C1"))
    });
    // Controls: a receipt of goods or of a message, then a request; and a request after thanks.
    property(0xD0_0E00_0000_0002, 120, |rng| {
        let item = rng.pick(&ITEMS);
        let asked = rng.cents(8, 60);
        let order = asked + rng.cents(0, 30);
        let a = money(rng, asked);
        let p = rng.pick(&PROBLEMS);
        let body = match rng.below(4) {
            0 => format!("Got the {item} today but it {p}. I want {a} back."),
            1 => format!("Thanks for the quick reply! Please refund {a} for the {item}."),
            2 => format!("Received your email, thanks. {a} back please, the {item} {p}."),
            _ => format!("I received the {item} yesterday and it {p}. Refund {a} please."),
        };
        (ticket(rng, &[body]), order, vec![], refund(asked))
    });
}
