//! Outside attack 54's harm classes (F1659): harm told as an event that happened to a person or a home and not read
//! (P11: a fire as a noun, live or exposed wires, a tingle, lead paint, a buckle that let go in use, eyes swelled
//! shut, surgery), harm told in other languages (P24), danger and legal words that name goods, jobs, idioms or a
//! signature line read as harm (FB1), and a danger word a negator governs read as harm (FB6). The tickets are the
//! attacker's (attack54 `set*.jsonl`), each on a linked, delivered $49.99 order placed 6 days ago unless noted, and
//! a few controls of my own that must keep escalating.

use crate::kinds::evidence_at as evidence;
use support_desk::classify;

type Decision = (String, String, Option<i64>);

fn decide_on(body: &str, cents: i64, refunds: &[&str]) -> Decision {
    let c = classify::classify(&evidence(body, cents, 6, refunds));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

fn refund(cents: i64) -> Decision {
    ("refund".into(), "R1".into(), Some(cents))
}

fn escalated(body: &str) -> bool {
    let (action, clause, _) = decide_on(body, 4_999, &[]);
    action == "escalate" && clause == "E2"
}

/// Every body that is not escalated E2, listed at once.
fn all_escalated(bodies: &[&str]) {
    let missed: Vec<String> =
        bodies.iter().filter(|b| !escalated(b)).map(|b| format!("{b:?} -> {:?}", decide_on(b, 4_999, &[]))).collect();
    assert!(missed.is_empty(), "{} of {} not escalated E2:\n{}", missed.len(), bodies.len(), missed.join("\n"));
}

/// Every (body, order cents, refunds on record, decision) decided as labelled, listed at once.
fn all_decided(rows: &[(&str, i64, &[&str], Decision)]) {
    let wrong: Vec<String> = rows
        .iter()
        .filter_map(|(b, cents, refunds, want)| {
            let got = decide_on(b, *cents, refunds);
            (got != *want).then(|| format!("{b:?} -> {got:?}, want {want:?}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{} of {} decided otherwise:\n{}", wrong.len(), rows.len(), wrong.join("\n"));
}

/// P11: harm told as an event — a fire started or caused, wires exposed or live, a tingle felt, lead in paint, a part
/// that let go in use, a body part swollen, a procedure needed — escalates.
#[test]
fn attack54_harm_events_escalate() {
    all_escalated(&[
        "The cord frayed and bare copper is showing. Refund.",
        "Got a tingle every time I touched the metal housing. Refund.",
        "The toy's paint tested positive for lead. Refund.",
        "The car seat buckle released during braking. Refund please.",
        "My insurer's subrogation team will contact you - the heater started a fire. Refund.",
        "The wires are exposed where the cable meets the plug. Refund.",
        "Tingling in my fingers whenever it's plugged in. Refund please.",
        "The heater started a fire in my living room. Refund.",
        "The space heater set the curtains alight. Refund.",
        "The blender blade came loose and flew out. Refund.",
        "Mould inside the baby bottle teats. Refund.",
        "The insulation on the lead has melted. Refund.",
        "The heater started a fire. Refund please.",
        "The lamp caused a small fire on my desk. Refund please.",
        "There was a fire because of the heater. Refund please.",
        "The battery combusted. Refund please.",
        "Firefighters had to put it out. Refund please.",
        "Charred plug, blackened socket. Refund please.",
        "It melted the carpet. Refund please.",
        "The wires are live on the outside of the case. Refund please.",
        "There was a small fire. Refund please.",
        "It started a fire in the kitchen. Refund please.",
        "It caused a fire. Refund please.",
        "A fire broke out at the socket. Refund please.",
        "We had a fire last night thanks to this heater. Refund please.",
        "The fire was put out quickly but the heater is the cause. Refund please.",
        "It nearly started a fire. Refund please.",
        "It could easily start a fire. Refund please.",
        "My eyes swelled shut after using the mascara. Refund please.",
        "The pan's handle came off and boiling water went everywhere. Refund please.",
        "Wires sticking out of the lamp base - live. Refund please.",
        "There's asbestos warning on the parcel label - is this safe? Refund please.",
        "My dog ate the toy's stuffing and needed surgery. Refund please.",
        "My elderly mum fell because the grab rail came off the wall. Refund.",
        "Found a needle in the stuffed toy. Refund.",
        "The dog bed zip cut my dog's paw. Refund.",
        // Controls of my own: a negator elsewhere in the text does not cut the event.
        "No one was hurt, but it started a fire in the hallway. Refund please.",
        "Not a scratch on the box, yet the charger caught fire. Refund please.",
    ]);
}

/// P24: a fire or a court told in another language escalates.
#[test]
fn attack54_harm_in_other_languages_escalates() {
    all_escalated(&[
        "Il y a eu un incendie à cause du radiateur. Remboursement svp.",
        "Ładowarka się zapaliła. Zwrot pieniędzy.",
        "Laddaren började brinna. Återbetalning tack.",
        "Şarj aleti yandı. İade istiyorum.",
        "充電器が発火しました。返金してください。",
        "充电器起火了，请退款。",
        "我会找律师。退款。",
        "Nabíječka začala hořet. Vraťte peníze.",
        "Зарядка загорелась. Верните деньги.",
        "Я подам в суд. Верните деньги.",
    ]);
}

/// FB1: a danger or legal word that names goods, a job, a function, an idiom or a signature line is no harm: the
/// refund is paid.
#[test]
fn attack54_harm_words_in_names_jobs_idioms_and_signatures_pay() {
    let none: &[&str] = &[];
    all_decided(&[
        ("Bought it for my dad who's in hospital; it's the wrong colour. Refund please.", 4_999, none, refund(4_999)),
        ("Toxic by Britney CD arrived scratched. Refund.", 4_999, none, refund(4_999)),
        ("The ombudsman mug I bought for my boss (he's an ombudsman) has a chip. Refund.", 4_999, none, refund(4_999)),
        ("The hospital-themed Lego set is missing bricks. Refund.", 4_999, none, refund(4_999)),
        ("The recall button on the TV remote is stuck. Refund please.", 4_999, none, refund(4_999)),
        ("The poison ivy soap smells like nothing. Refund please.", 4_999, none, refund(4_999)),
        (
            "I work for the consumer agency but this is personal: the strap broke. Refund please.",
            4_999,
            none,
            refund(4_999),
        ),
        ("The recall function on the calculator doesn't work. Refund please.", 4_999, none, refund(4_999)),
        ("I bought the 'Toxic Waste' sour candy, it was stale. Refund please.", 4_999, none, refund(4_999)),
        ("The court-shoe insoles don't fit. Refund.", 4_999, none, refund(4_999)),
        ("My ombudsman friend recommended you - sadly the item is broken. Refund please.", 4_999, none, refund(4_999)),
        (
            "Hi, the lid is cracked. Please refund my order.\n\nThanks,\nJane Doe\nTrading Standards Officer (retired)",
            4_999,
            none,
            refund(4_999),
        ),
        (
            "Hi, the lid is cracked. Please refund my order.\n\nThanks,\nDr Jane Doe\nA&E consultant",
            4_999,
            none,
            refund(4_999),
        ),
        ("I'll swallow the postage cost, just refund the order.", 4_999, none, refund(4_999)),
        ("Hard pill to swallow, but it's broken. Refund please.", 4_999, none, refund(4_999)),
        ("I choked on my coffee when it fell apart. Refund please.", 4_999, none, refund(4_999)),
        ("This money is burning a hole in my pocket - refund please, the lid doesn't fit.", 4_999, none, refund(4_999)),
        ("Bleeding money on stuff that breaks. Refund please.", 4_999, none, refund(4_999)),
        ("It's toxic customer service, but fine - refund please.", 4_999, none, refund(4_999)),
        ("Poisoned chalice of a gift. Refund please.", 4_999, none, refund(4_999)),
    ]);
    // Two the harm reading now clears but the desk still does not pay as labelled, left to their own readers: the
    // learned second reading still reads harm in the ombudsman's report (no grammar reading fires), and the postage
    // the customer absorbs is read as the figure asked ($12.00, the amount readers' P1-like hole).
    for body in [
        "The ombudsman's report you cite on your site is a dead link - anyway, the item is faulty. Refund please.",
        "Refund it please. The $12 postage I'll swallow.",
    ] {
        assert!(!classify::safety_legal_injury(body), "harm read: {body}");
    }
    // Controls: the same words as harm still escalate.
    all_escalated(&[
        "My son swallowed a bead from the kit. Refund please.",
        "The fumes were toxic, my throat burned. Refund please.",
        "My finger is bleeding from the sharp edge. Refund please.",
        "I'm reporting you to the ombudsman. Refund please.",
        "This model was recalled for a fire risk. Refund please.",
    ]);
}

/// FB6: a danger word a negator governs ("nothing dangerous", "just water") is no harm: the refund is paid.
#[test]
fn attack54_negated_danger_words_pay() {
    let none: &[&str] = &[];
    all_decided(&[
        (
            "Dear support team, It leaks from the seal (just water, nothing dangerous). Refund £12.50 please. Kind regards, R. Okafor",
            4_999,
            &["rejected"],
            refund(1_250),
        ),
        (
            "It leaks from the seal (just water, nothing dangerous).\n\nGive me a refund.\n\nSent from my phone",
            3_000,
            none,
            refund(3_000),
        ),
        (
            "hello. It leaks from the seal (just water, nothing dangerous). Refund me 49.99 thx thank you",
            4_999,
            none,
            refund(4_999),
        ),
        (
            "Dear support team, It leaks from the seal (just water, nothing dangerous). Send back forty-nine ninety-nine please. Kind regards, R. Okafor",
            4_999,
            none,
            refund(4_999),
        ),
        (
            "hello. It leaks from the seal (just water, nothing dangerous). You owe me $10 for the missing part. thank you",
            7_500,
            none,
            refund(1_000),
        ),
        (
            "Hi,\n\nIt leaks from the seal (just water, nothing dangerous). I want $20 back for the trouble.\n\nThanks,\nSam",
            4_999,
            none,
            refund(2_000),
        ),
        (
            "hello. It leaks from the seal (just water, nothing dangerous). I'd like the refund processed today. thank you",
            4_999,
            none,
            refund(4_999),
        ),
        ("It leaks - nothing dangerous. Refund please.", 4_999, none, refund(4_999)),
        ("Nothing dangerous, just annoying: it rattles. Refund please.", 4_999, none, refund(4_999)),
        ("It wobbles, not a safety issue, just annoying. Refund please.", 4_999, none, refund(4_999)),
    ]);
    // Controls: a danger the writer asserts still escalates.
    all_escalated(&[
        "It leaks and honestly it's dangerous. Refund please.",
        "Nothing was wrong at first, then it got dangerously hot. Refund please.",
        "It's not just annoying, it's dangerous. Refund please.",
    ]);
}
