//! The amount guard as a property (ADR-430): whatever figures stand beside the one the customer asks back — a
//! shipping line, a tax, a unit price and its quantity, the order total, a date, an order number, a phone number, an
//! amount quoted earlier by someone else — the desk refunds the figure asked, or settles nothing (escalates), and
//! never refunds a distractor or the whole order on a partial request.
//!
//! The tickets are generated from a fixed seed (a failure names its seed and case), in several registers: terse,
//! rambling, a pasted receipt, business jargon, non-native English, a reply above quoted mail. None of these
//! sentences comes from `evals/`.

use crate::kinds::{Rng, decide};

/// A figure written in one of the forms customers use.
fn money(rng: &mut Rng, cents: i64) -> String {
    let (d, c) = (cents / 100, cents % 100);
    match rng.below(5) {
        0 => format!("${d}.{c:02}"),
        1 => format!("{d}.{c:02} USD"),
        2 => format!("USD {d}.{c:02}"),
        3 => format!("${d}.{c:02}"),
        _ => format!("{d}.{c:02} dollars"),
    }
}

/// Amounts that differ from each other and from `taken` (so a refund of one can be told from a refund of another).
fn fresh(rng: &mut Rng, taken: &mut Vec<i64>, lo: i64, hi: i64) -> i64 {
    loop {
        let v = rng.cents(lo, hi);
        if !taken.contains(&v) {
            taken.push(v);
            return v;
        }
    }
}

/// One generated ticket: its body, the order's amount, the figure asked, and what the distractors are.
struct Case {
    body: String,
    order: i64,
    asked: i64,
    distractors: Vec<i64>,
}

const ITEMS: [&str; 8] = ["scarf", "kettle", "lamp", "backpack", "jacket", "blender", "mug set", "headphones"];
const OTHER: [&str; 6] = ["gloves", "charger", "phone case", "socks", "notebook", "water bottle"];
const PROBLEMS: [&str; 6] = [
    "has a pulled thread",
    "arrived with a dent in the side",
    "stopped working after two days",
    "is the wrong colour",
    "has a big stain on it",
    "came with a missing part",
];

fn case(rng: &mut Rng) -> Case {
    let mut taken = Vec::new();
    let item = rng.pick(&ITEMS);
    let other = rng.pick(&OTHER);
    let problem = rng.pick(&PROBLEMS);
    let asked = fresh(rng, &mut taken, 12, 90);
    let other_price = fresh(rng, &mut taken, 5, 60);
    let shipping = fresh(rng, &mut taken, 3, 11);
    let tax = fresh(rng, &mut taken, 1, 9);
    let quoted = fresh(rng, &mut taken, 5, 40);
    let order = asked + other_price + shipping + tax;
    taken.push(order);
    let (a, o, s, t, q, x) = (
        money(rng, asked),
        money(rng, order),
        money(rng, shipping),
        money(rng, tax),
        money(rng, quoted),
        money(rng, other_price),
    );
    let order_no = format!("{}", 10_000 + rng.below(89_999));
    let date = rng.pick(&["03/11/2026", "12.05.2026", "2026-11-03", "Nov 3", "the 14th"]);
    let phone = rng.pick(&["555-0134", "+1 (555) 013-4477", "0161 496 0321", "555 201 8890"]);
    // Distractor sentences: each names a figure that is not the one asked.
    let shipping_line = match rng.below(4) {
        0 => format!("Shipping was {s}."),
        1 => format!("The {s} shipping I don't need back."),
        2 => format!("(Delivery charge {s} - keep that.)"),
        _ => format!("Postage came to {s}, that's fine."),
    };
    let tax_line = match rng.below(3) {
        0 => format!("Tax on the order was {t}."),
        1 => format!("VAT included: {t}."),
        _ => format!("Sales tax {t} was added at checkout."),
    };
    let total_line = match rng.below(3) {
        0 => format!("The order total was {o}."),
        1 => format!("I paid {o} altogether for the {item} and the {other}."),
        _ => format!("My card was charged {o} for the whole order."),
    };
    let quoted_line = match rng.below(3) {
        0 => format!("On the phone your colleague mentioned {q}, but that was for something else."),
        1 => format!("Last time I was offered a {q} voucher, not relevant here."),
        _ => format!("Earlier your agent said \"we can do {q}\" for the late delivery, which I already got."),
    };
    let noise_line = match rng.below(3) {
        0 => format!("Order #{order_no}, placed {date}."),
        1 => format!("My number is {phone} if you need to call."),
        _ => format!("Ref {order_no} from {date}, phone {phone}."),
    };
    let request = match rng.below(7) {
        0 => format!("Please refund {a} for the {item}."),
        1 => format!("I'd like {a} back for the {item}."),
        2 => format!("Can you credit {a} to my card for the {item}?"),
        3 => format!("Refund the {item} please ({a})."),
        4 => format!("I want the {item} refunded, that is {a}."),
        5 => format!("Kindly reimburse {a} for the {item} only."),
        _ => format!("pls refund {a} for the {item}"),
    };
    let mut lines = vec![shipping_line, tax_line, total_line, quoted_line, noise_line];
    // A few distractors per ticket, in a random order.
    let keep = 2 + rng.below(3);
    for i in (1..lines.len()).rev() {
        lines.swap(i, rng.below(i + 1));
    }
    lines.truncate(keep);
    let distractors = vec![shipping, tax, order, quoted, other_price];
    let body = match rng.below(6) {
        // Terse.
        0 => format!("{item} {problem}. {} {request}", lines.join(" ")),
        // Rambling.
        1 => format!(
            "Hi there, hope you're well. So I ordered a few things from you recently, the {item} and the {other} (the \
             {other} was {x} and it's fine). {} Anyway the {item} {problem}, which was disappointing. {request} \
             Thanks so much, have a good day.",
            lines.join(" ")
        ),
        // A pasted receipt, then the request.
        2 => format!(
            "Copying from my receipt:\n  {item:<24} 1 x {a}\n  {other:<24} 1 x {x}\n  Shipping                 {s}\n  \
             Tax                      {t}\n  TOTAL                    {o}\nThe {item} {problem}. {request} {}",
            lines.join(" ")
        ),
        // Business jargon.
        3 => format!(
            "Re: PO {order_no}. Line item '{item}' {problem}. {} {request} Remaining items accepted. Regards, \
             Accounts Payable",
            lines.join(" ")
        ),
        // Non-native English.
        4 => format!("Hello, the {item} what I buy {problem}. {} {request} Thank you very much.", lines.join(" ")),
        // A reply above quoted mail that names other figures.
        _ => format!(
            "{request} The {item} {problem}. {}\n\nOn Mon, Support <help@shop.example> wrote:\n> Your order total of \
             {o} has shipped.\n> Shipping: {s}",
            lines.join(" ")
        ),
    };
    Case { body, order, asked, distractors }
}

/// The property: a refund is always of the figure asked; anything else is an escalation (U1), never a distractor.
/// And the guard does not buy safety by settling nothing: most of these tickets name their figure plainly, and
/// the desk must refund it on at least the floor below (measured on this seed: see the assertion message).
#[test]
fn the_desk_refunds_the_figure_asked_or_settles_nothing_never_a_distractor() {
    const SEED: u64 = 0x5EED_0B6F_1C00_D5E5;
    const CASES: usize = 300;
    let mut rng = Rng(SEED);
    let (mut refunded, mut escalated) = (0, 0);
    let mut wrong = Vec::new();
    for n in 0..CASES {
        let c = case(&mut rng);
        let (action, clause, amount) = decide(&c.body, c.order, &[]);
        match (action.as_str(), amount) {
            ("refund", Some(x)) if x == c.asked => refunded += 1,
            ("escalate", _) => escalated += 1,
            _ => {
                let what = if c.distractors.contains(&amount.unwrap_or(-1)) { "a DISTRACTOR" } else { "not asked" };
                wrong.push(format!(
                    "case {n}: {action} {clause} {amount:?} ({what}; asked {}, order {})\n{}\n",
                    c.asked, c.order, c.body
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "seed {SEED:#x}: {} of {CASES} decided otherwise than a refund of the figure asked or an escalation:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // The floor: at least 80 % refunded (the rest escalated). A guard that escalated everything would pass the
    // property above and fail here.
    assert!(
        refunded * 100 >= CASES * 80,
        "seed {SEED:#x}: only {refunded} of {CASES} refunded the figure asked ({escalated} escalated)"
    );
}
