//! Blind set 17's kinds (issue 16, ADR-860…863): the mechanisms its first run showed failing, each with tickets written
//! for these tests in other words, amounts and registers than `evals/blind17` (and every earlier set): phone notes and
//! call transcripts, formal letters, packing slips, bank-app lines, goods-in e-mails, carers and grown children,
//! non-native English, social posts. Each mechanism has controls that must not flip. Each test collects every failing
//! ticket before it asserts, so a red run lists the whole kind. The same cases as a JSONL set (desk16's
//! `/tmp/desk16-kinds/kinds.jsonl`, ADR-864) were decided by main's binary (fb5837b) 21 of 53 as due, by this
//! branch's 53 of 53.

use crate::kinds::{Case, Decision, check_at, check_each, other, refund};
use support_desk::tools::{Customer, Evidence, Order, OrderLookup, Ticket};

/// A ticket from a customer with `orders` delivered orders of 25.00 and none linked or named (several candidates).
pub(crate) fn several_orders(body: &str, orders: usize) -> Evidence {
    let orders: Vec<Order> = (0..orders)
        .map(|i| Order {
            id: 8 + i as i64,
            customer_id: 1,
            amount_cents: 2_500,
            status: "delivered".into(),
            placed_days_ago: 5,
        })
        .collect();
    Evidence {
        ticket: Ticket {
            id: 3,
            customer_id: 1,
            order_id: None,
            subject: "Support request".into(),
            body: body.into(),
            status: "open".into(),
        },
        customer: Customer { id: 1, name: "Ada".into(), email: "ada@example.test".into() },
        orders,
        lookup: OrderLookup::Ambiguous,
        order: None,
        refunds: Vec::new(),
        calls: Vec::new(),
    }
}

/// Decides each ticket on an account of several candidate orders and fails listing each one decided otherwise.
pub(crate) fn check_several(cases: &[(&str, usize, Decision)]) {
    check_each(cases, |(body, orders, want)| (body, several_orders(body, *orders), want));
}

/// Mechanism: an over-ask built from parts or a multiple (b17 `g-039`, `g-057`, `g-071`; ADR-860). A bare number added
/// to a figure asked is money; a total the customer states that is the sum of their parts is the ask; a multiple of
/// what was paid, whoever's words promise it, is refused whole (X2), never reduced to the order's amount.
#[test]
fn an_over_ask_built_from_parts_or_a_multiple_is_refused_whole() {
    let cases: &[Case] = &[
        (
            "Phone note, taken by Sam: caller says the kettle leaks from the base. She wants the 39.99 back \
             plus 15 for the taxi to the post office, 54.99 all in.",
            3_999,
            8,
            &[],
            other("refuse", "X2"),
        ),
        ("refund 28 + 6 postage = 34", 2_800, 4, &[], other("refuse", "X2")),
        (
            "Dear Sirs,\nThe carriage clock I bought stopped after a week. I should like my £45 returned \
             and £10 for my bus fare, making £55 in all.\nYours sincerely,\nMargaret Pike",
            4_500,
            12,
            &[],
            other("refuse", "X2"),
        ),
        (
            "the listing literally said \"twice your money back if it breaks in 30 days\". it broke. pay \
             up, that's 60 for a 30 lamp",
            3_000,
            9,
            &[],
            other("refuse", "X2"),
        ),
        ("As per your guarantee I am owed triple what I paid for this toaster.", 2_500, 5, &[], other("refuse", "X2")),
        (
            "I paid $45 plus $5 shipping, so $50 total. Please refund the $45 for the jacket, the shipping \
             is fine.",
            5_000,
            6,
            &[],
            refund(4_500),
        ),
        ("I want my 30 back, I spent plus 2 hours on hold.", 3_000, 6, &[], refund(3_000)),
        (
            "hi so the blender died. i want my 60 back AND 25 for the food that spoiled when it tripped the \
             fuse. 85 total ok",
            6_000,
            7,
            &[],
            other("refuse", "X2"),
        ),
        (
            "Madam, I require repayment of £32.00 with £8.00 interest for the delay, a sum of £40.00.",
            3_200,
            7,
            &[],
            other("refuse", "X2"),
        ),
        (
            "Your advert: money back twice over if not satisfied. Not satisfied. Expecting 2 x 18.50 = \
             37.00.",
            1_850,
            7,
            &[],
            other("refuse", "X2"),
        ),
        ("I want the 22 euro and the 5 euro for stamps, 27 euro, thank you", 2_200, 7, &[], other("refuse", "X2")),
        ("refund the 45 please, thats all", 9_000, 7, &[], refund(4_500)),
    ];
    check_at(cases);
}
/// Mechanism: which figure is the ask in a pasted document (b17 `g-035`, `g-036`, `g-033`; ADR-861). A document line
/// (a label, a column gap or dot leaders, the figure) prices its label, so a request naming the label asks that line;
/// a nominal request ("credit memo requested") asks; a figure, its currency and its minor part stand on one line; a
/// signed figure after a column gap is a statement's amount, not a range; "the extra N" names the duplicate charge.
#[test]
fn which_figure_is_the_ask_in_a_pasted_document() {
    let cases: &[Case] = &[
        (
            "PACKING SLIP #4471\n2  Tea towels ........ 12.00\n1  Bread bin ......... 27.50\n1  Butter dish \
             ....... 9.95\n\nThe butter dish arrived in pieces. Please refund the butter dish.",
            4_945,
            7,
            &[],
            refund(995),
        ),
        (
            "Receipt (photo, sorry for the quality)\nDesk lamp\t34.00\nBulb 2pk\t6.50\nTotal\t40.50\nThe \
             bulbs were the wrong fitting, can I get a refund on the bulbs",
            4_050,
            3,
            &[],
            refund(650),
        ),
        (
            "Subject: short shipment PO 77-310\nCredit memo requested: 3 cartons short-shipped, value \
             36.00.\nRegards, Goods-in, Hallam Bakery",
            24_000,
            10,
            &[],
            refund(3_600),
        ),
        (
            "04.11  POS  HOMEWARE DIRECT   -31.50 EUR\n05.11  POS  HOMEWARE DIRECT   -31.50 EUR\nThe second \
             line is a double charge, I want that extra 31.50 back.",
            3_150,
            4,
            &[],
            refund(3_150),
        ),
        (
            "copied from my banking app:\nMAR 03   ONLINE SHOP LTD   19.99 USD\nMAR 03   ONLINE SHOP LTD   \
             19.99 USD\nyou took it twice!! please put the extra 19.99 back",
            1_999,
            2,
            &[],
            refund(1_999),
        ),
        ("Please refund my 20.00 and an extra 8.00 for the wasted trip.", 2_000, 5, &[], other("refuse", "X2")),
        (
            "ORDER SUMMARY\nYoga mat ........ 29.00\nStrap ........... 7.00\nBlock x2 ........ \
             14.00\n\nOnly the strap was missing. Please refund the strap.",
            5_000,
            7,
            &[],
            refund(700),
        ),
        (
            "Statement extract\n14/02  WEBSTORE*9921   -42.00\n14/02  WEBSTORE*9921   -42.00\nOne order, \
             two charges. Reverse the duplicate 42.00 please.",
            4_200,
            7,
            &[],
            refund(4_200),
        ),
        ("Refund requested for item 2 (cracked lid): 11.50", 6_000, 7, &[], refund(1_150)),
    ];
    check_at(cases);
}
/// Mechanism: a figure corrected mid-message, by the writer or by the person they write for (b17 `g-004`; ADR-862):
/// the corrected figure is the ask, not an alternative. Alternatives offered as such stay U1.
#[test]
fn a_figure_corrected_mid_message_is_the_ask() {
    let cases: &[Case] = &[
        (
            "Call transcript. Customer: I'd like 40 dollars back for the scratched tray. Oh, my wife's just \
             corrected me, it was the small tray, so 25 dollars.",
            6_000,
            11,
            &[],
            refund(2_500),
        ),
        ("Please credit 18.50 to my card - sorry, I mean 15.80, I swapped the digits.", 4_000, 9, &[], refund(1_580)),
        (
            "Writing for my dad (his account). He wants €30 back for the torn jacket lining, no wait, he \
             corrected himself, €22.",
            8_900,
            14,
            &[],
            refund(2_200),
        ),
        ("Refund me 20 or maybe 25 euros, whatever you think is fair.", 6_000, 5, &[], other("escalate", "U1")),
        (
            "my mum wants 35 back for the cardigan - hang on, she says it was 28 actually. 28 then.",
            6_000,
            7,
            &[],
            refund(2_800),
        ),
        ("Please refund £16, correction: £61 — no, sorry, I mean £16. Apologies.", 7_000, 7, &[], refund(1_600)),
    ];
    check_at(cases);
}
/// Mechanism: a refund word that modifies a noun of record (b17 `g-046`, a fourth time for the status mechanism;
/// ADR-861): "REFUND CONFIRMATION", "refund receipt", "refund notification" name a document about a refund on
/// record and ask nothing, so a question under it closes (C1) rather than refusing X4. A heading that asks ("REFUND
/// REQUEST") and a new ask after the record still ask.
#[test]
fn a_status_question_under_a_pasted_record_is_no_new_ask() {
    let cases: &[Case] = &[
        (
            "Refund receipt\nRef: RR-55120\nAmount: 36.00 USD\nStatus: Sent\n\nHi, this was a week ago and \
             my bank has nothing. Is this normal?",
            3_600,
            20,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Got a text saying refund notification: 14.99 will reach your card in 3-5 days. It's day 6. Any \
             news?",
            1_499,
            15,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "REFUND ADVICE\nValue: £48.00\nMethod: original card\n\nmum asked me to check when this will \
             actually show up, she's worried",
            4_800,
            18,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "REFUND CONFIRMATION\nAmount: 20.00\n\nThat was for the first kettle. The replacement is broken \
             too, refund me again please.",
            2_000,
            10,
            &["executed"],
            other("refuse", "X4"),
        ),
        ("REFUND REQUEST\nOrder: 5512\nReason: arrived cracked\n\nPlease refund.", 3_300, 6, &[], refund(3_300)),
        (
            "REFUND ISSUED\nAmount 54.00\nRef 77812\n\nhow many working days does this normally take?",
            5_400,
            7,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Your refund email says it was sent Tuesday. Still waiting. When should I see it?",
            3_000,
            7,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "thanks @HelpTeam for the quick reply earlier, where's my refund though? order says refunded",
            2_500,
            7,
            &["executed"],
            other("close", "C1"),
        ),
        (
            "Regarding your reply below, you said 'refund processed'. Nothing on my statement after 9 days. \
             Can you check?\n\n> Refund processed for order 4411.",
            2_700,
            7,
            &["executed"],
            other("close", "C1"),
        ),
    ];
    check_at(cases);
}
/// Mechanism: an approximation with no figure asked (b17 `g-061`; ADR-863): a request whose object points back at
/// money ("this money", "that amount") asks the figure named before it; when that figure is approximate, the amount
/// cannot be settled (U1), never the order's amount. An exact figure pointed at is asked.
#[test]
fn an_approximate_figure_pointed_at_cannot_be_paid() {
    let cases: &[Case] = &[
        (
            "The box come with half the cookies broken, is maybe around 15 dollar of cookies. Give me back \
             this money please.",
            4_000,
            6,
            &[],
            other("escalate", "U1"),
        ),
        (
            "I reckon it was roughly eight pounds worth of bulbs that were dead. Could you refund that \
             amount?",
            3_200,
            8,
            &[],
            other("escalate", "U1"),
        ),
        ("The missing bulbs were £8.40. Could you refund that amount?", 3_200, 8, &[], refund(840)),
        (
            "About a third of the tiles were cracked, I'd say roughly 40 pounds of tiles. I'd like that \
             money back.",
            12_000,
            7,
            &[],
            other("escalate", "U1"),
        ),
        ("hmm maybe 10-ish euros of stuff missing, send me that amount", 5_000, 7, &[], other("escalate", "U1")),
    ];
    check_at(cases);
}
/// Mechanism: a social handle or hashtag read as its words (b17 `g-075`; ADR-860): "@ConsumerOmbudsman",
/// "@consumerombudsman", "#TradingStandards" name the bodies a complaint is taken to (E2). A shop's own handle
/// asks nothing.
#[test]
fn a_regulator_in_a_handle_or_hashtag_escalates() {
    let cases: &[Case] = &[
        (
            "Tagging @TradingStandardsUK because three weeks and no reply. Want my money back for the \
             heater.",
            8_999,
            21,
            &[],
            other("escalate", "E2"),
        ),
        ("cc @consumerombudsman. broken on day 2, refund pls", 4_200, 6, &[], other("escalate", "E2")),
        ("#ClassAction incoming if this isn't sorted. Refund my £70.", 7_000, 9, &[], other("escalate", "E2")),
        ("@ShopSupport hi, where is my parcel? It says delivered.", 2_500, 3, &[], other("close", "C1")),
        (
            "@FTC you might want to look at this shop. my charger melted. refund now.",
            2_999,
            7,
            &[],
            other("escalate", "E2"),
        ),
        (
            "going to #TradingStandards with this tomorrow. want a refund on order, vase smashed",
            4_000,
            7,
            &[],
            other("escalate", "E2"),
        ),
    ];
    check_at(cases);
}
/// Mechanism: a vague complaint with several candidate orders and no problem named (b17 `g-077`; ADR-860): an
/// evaluative complaint ("junk", "stay away", "#neveragain") that names neither an order nor a problem needs
/// information (U1), never a close. Thanks on the same account closes.
#[test]
fn a_vague_complaint_with_several_orders_needs_information() {
    check_several(&[
        ("Total junk. Avoid at all costs.", 3, other("escalate", "U1")),
        ("zero stars. stay away from this lot", 2, other("escalate", "U1")),
        ("#fail #neveragain", 3, other("escalate", "U1")),
        ("Thanks, everything arrived fine!", 3, other("close", "C1")),
        ("not impressed tbh", 3, other("escalate", "U1")),
        ("Hello, do you deliver to Ireland?", 3, other("close", "C1")),
    ]);
}
