//! Outside attack 56's classes left at the end of session 44, in my own wordings (attack56 `set*.jsonl` holds the
//! attacker's): harm told in other words still paid (a body part sore or cut, a pet made lethargic or lame, fish dead,
//! a foreign body found "in it", a stomach upset told after the food, a reaction of the skin or eyes, an infection, a
//! shock an animal took), a legal word named to be denied or left to others, and the amounts that paid the wrong
//! figure. Each ticket on a linked, delivered $49.99 order placed 6 days ago unless it says otherwise.

use crate::kinds::{all_escalated, check, none_harm, other, refund};

/// Harm in other words: an animal or a person hurt by the goods, told by its state, not by "hurt" or "injured".
#[test]
fn attack57_harm_told_by_its_state_escalates() {
    all_escalated(&[
        "The rubber mat turned my greyhound's pads sore and cracked, the vet gave us a balm. Refund please.",
        "The girth strap's buckle cut my mare's leg open. Money back.",
        "Opened the collagen powder and found a piece of plastic in it. Refund.",
        "Our guinea pig chewed the hutch paint and now she's lethargic. Refund please.",
        "My parakeet kept nibbling the perch coating and now he's unwell. Refund.",
        "I used the plant fertiliser and two of my shrimp are dead now. Refund.",
        "His hoof got caught in the hay net and my gelding is lame now. Refund.",
        "Ate one of the energy bars and had stomach cramps all evening. Refund.",
        "The eye cream made my eyelids puff up. Refund.",
        "The lip liner gave me a lip infection, had to see a pharmacist. Refund.",
        "The lash glue took the skin off my eyelid. Refund please.",
        "These running socks gave me blisters that are now infected. Refund.",
        "The flea spray left my labrador with red, itchy skin. Refund please.",
        "The chews gave my pup the runs all week. Refund.",
        "My rabbit bit through the heat mat cable and got a shock. Refund.",
    ]);
}

/// Controls: the same words of state in the goods' sense or another's keep no harm reading.
#[test]
fn attack57_states_of_goods_are_no_harm() {
    none_harm(&[
        "The shaver is dead after a week. Refund please.",
        "My labrador loves the bed but the zip broke. Refund please.",
        "The varnish came up in blisters on the shelf. Refund please.",
        "My parakeet ignores the new perch, it is the wrong size. Refund please.",
        "The battery in the dog collar is dead already. Refund please.",
        "The paint on the hutch is flaking off. Refund please.",
    ]);
}

/// A legal word the writer denies, declines or leaves to others is no threat (outside attack 56,
/// `negated_legal_harm`).
#[test]
fn attack57_a_legal_word_denied_or_left_to_others_is_no_threat() {
    none_harm(&[
        "I really don't want to make a fuss with the ombudsman, just refund the cracked vase.",
        "I'm not the type to complain to trading standards, but please refund the faulty lamp.",
        "A lot of people would ring a solicitor over this; I just want my refund. The heater is dead.",
        "My brother told me to report you to the BBB and I said no. Please refund the stained rug.",
        "It's not worth a small claims case. Refund the bent rail please.",
        "There's no need for a lawyer over a teapot, just refund it please.",
        "Before you think 'lawsuit', I am only after a refund for the cracked mirror.",
        "I'm a nurse, not a lawyer. Anyway please refund the broken clock.",
    ]);
}

/// Controls: a legal threat that is the writer's own stays one.
#[test]
fn attack57_a_threat_of_ones_own_stays() {
    all_escalated(&[
        "Refund the cracked vase or I'm going to the ombudsman.",
        "Some would let this go; I will not. My solicitor is copied.",
        "I said no to waiting any longer: I'm reporting you to trading standards today.",
    ]);
}

/// The amounts attack 56 saw paid wrongly: a part asked with the rest let go, a percent of a price drop with no figure
/// (U1), a cost of one's own told beside a whole over the cap.
#[test]
fn attack57_a_part_asked_against_the_whole_pays_the_part() {
    let none: &[&str] = &[];
    check(&[
        ("Lamp $42.00 to be refunded; postage $7.99 not needed back.", 4_999, none, refund(4_200)),
        (
            "The price dropped by 15% the day after. Can you refund that 15% to me?",
            4_999,
            none,
            other("escalate", "U1"),
        ),
        (
            "Your newsletter gave everyone 10% off. Please apply it to my order as well and refund that.",
            4_999,
            none,
            other("escalate", "U1"),
        ),
        (
            "Returned the boots at my own expense ($9.40), may I have my refund now please.",
            89_900,
            none,
            other("escalate", "E1"),
        ),
    ]);
}
