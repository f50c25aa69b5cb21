//! desk32's kinds (issue 16, ADR-1116…ADR-1119): what the customer wants done and whose words these are, read by
//! structure. A generative table: acts (a request with a figure, a request with none, an acceptance of an offer the
//! shop quoted, an inquiry, an acknowledgement, a complaint with no ask, a hazard report, a duplicate charge) × mail
//! layouts (plain; Outlook "-----Original Message-----" and "On … wrote:" with the customer's words above the quote;
//! Gmail "---------- Forwarded message ---------" with the words above, or with nothing above and the customer's
//! message as the forward's body; Apple "Begin forwarded message:" and a bottom-posted ">" reply with the words
//! below the quote; a forwarded bank alert) × registers (terse, rambling, non-native, jargon). Every ticket is
//! decided as the reference policy decides it, whatever the layout. Every text here is written for these tests; none
//! comes from `evals/` or the blind sets.

use crate::kinds::{Decision, check_each, evidence, other, refund};

/// The linked order's amount (cents).
const ORDER: i64 = 4_000;

/// The shop's quoted message with no offer in it, and with an offer of 15.00.
const SHOP_PLAIN: &str = "Thank you for contacting us. Our records show your parcel was delivered on Monday.";
const SHOP_OFFER: &str = "We are sorry the lid arrived cracked. As a goodwill gesture we can offer a partial refund of \
                          15.00 and you keep the dish. Please reply to confirm.";

#[derive(Clone, Copy, PartialEq)]
enum Act {
    RequestFigure,
    RequestWhole,
    AcceptOffer,
    Inquiry,
    Acknowledgement,
    Complaint,
    Hazard,
}

/// The customer's words for an act, in four registers.
fn words(act: Act) -> [&'static str; 4] {
    match act {
        Act::RequestFigure => [
            "lid cracked. 15.00 back pls",
            "Hi, so the weekend was chaos, my sister came over with the kids and we finally opened the box. The lid on \
             the casserole dish is cracked right across. Could you refund 15.00 for the lid? Thanks, Pat",
            "Hello, the lid is arrive broken. Please I want back 15,00 EUR for the lid. Thank you",
            "Lid damaged on receipt. Requesting partial refund of 15.00 to original payment method.",
        ],
        Act::RequestWhole => [
            "arrived broken. refund pls",
            "Hi there, long story short we finally unpacked everything after the move and the dish came in pieces, \
             which was a shame because it was meant for my aunt. I'd like my money back please.",
            "Hello, the dish come broken. I want the return of my money please. Thank you",
            "Item DOA. Please process a full refund to OPM.",
        ],
        Act::AcceptOffer => [
            "yes go ahead",
            "Hi again, thanks for getting back to me so quickly, I showed my husband and we talked it over at dinner. \
             Yes, that's fine, please go ahead with that.",
            "Hello, ok for me, I accept. Thank you",
            "Confirmed - offer accepted, please proceed.",
        ],
        Act::Inquiry => [
            "do u ship to ireland",
            "Hi! Love the shop. Quick question though, my mum wants to order the same dish for her friend in Dublin. \
             Do you deliver to Ireland and how long does it take? Thanks!",
            "Hello, please can you tell me if is possible to deliver in Ireland? Thank you",
            "Query re: shipping lead time to IE - please advise.",
        ],
        Act::Acknowledgement => [
            "got the refund thx",
            "Just wanted to say thanks, the refund came through this morning and honestly it was all much easier than \
             I expected, my neighbour had a nightmare with another shop.",
            "Hello, I have received the money back, thank you very much",
            "Confirming refund received on original payment method, ticket can be closed.",
        ],
        Act::Complaint => [
            "not impressed tbh",
            "Well. I have been a customer for years and I have to say I am not impressed, not impressed at all. My \
             mother always said you get what you pay for.",
            "Hello, I am very disappointed from your company. Very very disappointed.",
            "Escalation: customer experience below expectations.",
        ],
        Act::Hazard => [
            "found glass in the cat food tin. dont want money just someone should check",
            "Hi, not after anything for myself, but I was spooning the cat's dinner out this morning and there was a \
             little shard of glass in the cat food. Luckily I saw it first. Someone should look at that batch.",
            "Hello, in the dog food I find small pieces of glass. I not want money, only please check the factory.",
            "Incident: foreign body - glass found in pet food tin, batch 2231. No refund requested; please investigate.",
        ],
    }
}

/// What the reference policy decides for an act on a 40.00 order, linked, delivered 6 days ago, no refund on record.
fn decision(act: Act) -> Decision {
    match act {
        Act::RequestFigure | Act::AcceptOffer => refund(1_500),
        Act::RequestWhole => refund(ORDER),
        Act::Inquiry | Act::Acknowledgement => other("close", "C1"),
        Act::Complaint => other("escalate", "U1"),
        Act::Hazard => other("escalate", "E2"),
    }
}

/// The layouts: the customer's words `w` and the shop's quoted message `s` in each mail client's form.
fn layouts(w: &str, s: &str) -> Vec<(&'static str, String)> {
    let quoted = |t: &str| t.lines().map(|l| format!("> {l}")).collect::<Vec<_>>().join("\n");
    vec![
        ("plain", w.to_string()),
        (
            "outlook, words above",
            format!(
                "{w}\n\n-----Original Message-----\nFrom: Customer Care <care@shop.example>\nSent: Monday, 30 November \
                 2026 10:02\nTo: Sam Reed\nSubject: RE: your order\n\n{s}\n"
            ),
        ),
        (
            "on-wrote, words above",
            format!("{w}\n\nOn Mon, 30 Nov 2026 at 10:02, Customer Care <care@shop.example> wrote:\n{}\n", quoted(s)),
        ),
        (
            "gmail forward, words above",
            format!(
                "{w}\n\n---------- Forwarded message ---------\nFrom: Customer Care <support@shop.example>\nDate: Mon, \
                 30 Nov 2026\nSubject: RE: your order\nTo: Sam Reed\n\n{s}\n"
            ),
        ),
        (
            "gmail forward, nothing above",
            format!(
                "---------- Forwarded message ---------\nFrom: Sam Reed <sam.reed@example.com>\nDate: Tue, 1 Dec \
                 2026\nSubject: FW: RE: your order\nTo: support\n\n{w}\nSam\n\n> From: Customer Care\n> Sent: \
                 Monday\n> Subject: RE: your order\n>\n{}\n",
                quoted(s)
            ),
        ),
        (
            "apple forward, words below",
            format!(
                "Begin forwarded message:\n\nFrom: Customer Care <care@shop.example>\nSubject: RE: your order\n\n{}\n\n\
                 {w}\n",
                quoted(s)
            ),
        ),
        (
            "bottom-posted reply",
            format!("On Mon, 30 Nov 2026, Customer Care <care@shop.example> wrote:\n{}\n\n{w}\n", quoted(s)),
        ),
    ]
}

/// Every act × layout × register decides as the policy does.
#[test]
fn acts_by_layout_and_register_decide_as_the_policy_does() {
    let mut cases: Vec<(String, Decision)> = Vec::new();
    for act in [
        Act::RequestFigure,
        Act::RequestWhole,
        Act::AcceptOffer,
        Act::Inquiry,
        Act::Acknowledgement,
        Act::Complaint,
        Act::Hazard,
    ] {
        for w in words(act) {
            let shop = if act == Act::AcceptOffer { SHOP_OFFER } else { SHOP_PLAIN };
            for (name, body) in layouts(w, shop) {
                // An acceptance needs the offer it takes: the plain layout quotes none.
                if act == Act::AcceptOffer && name == "plain" {
                    continue;
                }
                cases.push((format!("[{name}] {body}"), decision(act)));
            }
        }
    }
    check_each(&cases, |(body, want)| {
        let text = body.split_once("] ").map_or(body.as_str(), |(_, b)| b);
        (body.as_str(), evidence(text, ORDER, &[]), want)
    });
}

/// A duplicate charge reported over a forwarded bank alert, or named as a noun, asks the extra charge back (the
/// order's amount); the alert forwarded with a question about it asks nothing new.
#[test]
fn a_duplicate_charge_over_a_forwarded_alert_asks_the_extra_back() {
    let alert = "---------- Forwarded message ---------\nFrom: Card Services <alerts@bank.example>\nSubject: \
                 Transaction alert\n\nTwo transactions were made at ONLINE SHOP:\n  40.00  04 DEC\n  40.00  04 DEC\nIf \
                 you do not recognise these, contact the merchant.\n";
    let cases: Vec<(String, Decision)> = vec![
        (format!("pls see below, can you reverse the dup\n\n{alert}"), refund(ORDER)),
        (
            format!("Hi, my bank sent me this, looks like you took it twice. Please refund the duplicate.\n\n{alert}"),
            refund(ORDER),
        ),
        (format!("Hallo, please give back the double payment, see below.\n\n{alert}"), refund(ORDER)),
        ("charged twice for order 40.00. reverse one pls".to_string(), refund(ORDER)),
    ];
    check_each(&cases, |(body, want)| (body.as_str(), evidence(body, ORDER, &[]), want));
}

/// An accepted offer supplies only the figure (ADR-1119): an offer "quoted" in the customer's own forward that is
/// over the order's amount is an over-ask (X2), and on an order past the window or already refunded it pays nothing.
#[test]
fn an_accepted_offer_cannot_pay_past_the_policy() {
    let forged = "We can offer a full refund of 400.00 as a goodwill gesture. Please reply to confirm.";
    let cases: Vec<(String, Decision)> = layouts("yes go ahead", forged)
        .into_iter()
        .filter(|(name, _)| *name != "plain")
        .map(|(name, body)| (format!("[{name}] {body}"), other("refuse", "X2")))
        .collect();
    check_each(&cases, |(body, want)| {
        let text = body.split_once("] ").map_or(body.as_str(), |(_, b)| b);
        (body.as_str(), evidence(text, ORDER, &[]), want)
    });
    let cases: Vec<(String, Decision)> = layouts("yes go ahead", SHOP_OFFER)
        .into_iter()
        .filter(|(name, _)| *name != "plain")
        .map(|(name, body)| (format!("[{name}] {body}"), other("refuse", "X4")))
        .collect();
    check_each(&cases, |(body, want)| {
        let text = body.split_once("] ").map_or(body.as_str(), |(_, b)| b);
        (body.as_str(), evidence(text, ORDER, &["executed"]), want)
    });
}

/// ADR-1117: a hazard told without "unsafe", "dangerous" or "injury" (object × context: a foreign body in food,
/// spoiled food eaten, heat or electricity out of place, a part in a child's mouth, an allergic attack, a recall)
/// escalates (E2), with or without a refund asked; an ordinary fault of the goods never does.
#[test]
fn a_hazard_told_without_safety_words_escalates_and_an_ordinary_fault_does_not() {
    let e2 = other("escalate", "E2");
    let cases: Vec<(&str, Decision)> = vec![
        ("found glass in the cat food tin. dont want money just someone should check", e2.clone()),
        ("There was a sharp bit of metal inside my son's yoghurt. Refund please.", e2.clone()),
        ("Hallo, in the dog food I find small pieces of plastic. Please check and give money back.", e2.clone()),
        ("my husband ate two slices before we saw the loaf was mouldy, want a refund", e2.clone()),
        ("the toaster gave off a burning smell and the plug is singed. refund pls", e2.clone()),
        ("my toddler chewed the rattle and a bead came off in his mouth", e2.clone()),
        (
            "Incident: customer's daughter needed her EpiPen after one biscuit; nuts not listed on the label.",
            e2.clone(),
        ),
        ("is the kettle I bought under the safety notice I read about? want my money back if so", e2),
        ("the glass jar of honey arrived cracked, please refund", refund(ORDER)),
        ("broken. refund.", refund(ORDER)),
        ("the hair dryer stopped working after two days, I want my money back", refund(ORDER)),
        ("the shoes doesn't fit, too small. refund please", refund(ORDER)),
        ("two of the tins were dented and one had leaked all over the box. money back please", refund(ORDER)),
        ("the bag is scratched on the side, refund 15.00 pls", refund(1_500)),
    ];
    check_each(&cases, |(body, want)| (*body, evidence(body, ORDER, &[]), want));
}
