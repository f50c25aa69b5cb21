//! Outside attack 56's harm and legal classes: harm told in passing — an animal hurt in other words, a foreign body in
//! what is eaten, an illness after food, a body reacting to the goods (`harm_animal`, `harm_animal_contamination`,
//! `harm_body_food`, `harm_in_passing`: escalate E2); and a legal or harm word negated, declined or in a harmless sense
//! (`negated_legal_harm`, `legal_words_harmless`: pay). The tickets are my own wordings of the attack's kinds (attack56
//! `set*.jsonl` holds the attacker's), each on a linked, delivered $49.99 order placed 6 days ago, with controls that
//! must keep their reading.

use crate::kinds::{all_escalated, none_harm};

/// `harm_animal`: an animal hurt by the goods in other words — a paw or a leg cut by a part, teeth chipped, a sore
/// rubbed open, the runs, skin scratched raw, a shock.
#[test]
fn attack56_an_animal_hurt_in_other_words_escalates() {
    all_escalated(&[
        "Our dog sliced his pad on a sharp edge of the feeder. Refund please.",
        "The stirrup's clip gashed my gelding's leg. I want my money back.",
        "my puppy chipped his teeth on the chew toy, refund pls",
        "The saddle pad rubbed an open sore on my pony's back. Refund.",
        "Since the new biscuits our dog has had the runs. Refund please.",
        "The kitten got a shock off the heated bed. Refund.",
    ]);
}

/// `harm_animal_contamination`: a foreign body in what is eaten, including a powder or a shake.
#[test]
fn attack56_a_foreign_body_in_what_is_eaten_escalates() {
    all_escalated(&[
        "There were shards of glass in the whey powder when I scooped it. Refund please.",
        "Dear team, I found a sliver of metal inside my meal replacement shake. Please refund.",
    ]);
}

/// `harm_body_food`: an illness after eating or using the goods, told in passing.
#[test]
fn attack56_an_illness_after_the_goods_escalates() {
    all_escalated(&[
        "The soup tasted odd and my husband was sick all night. Refund please.",
        "Had an upset stomach for three days after the granola. Money back please.",
        "The milk smelt funny and I was throwing up by midnight. Refund.",
    ]);
}

/// `negated_legal_harm`: a legal step or a harm named only to be denied or declined.
#[test]
fn attack56_a_negated_or_declined_legal_or_harm_word_pays() {
    none_harm(&[
        "Not planning to sue anyone, I only want a refund for the ripped cushion.",
        "There's no need to bring lawyers into it, just refund the chipped jug.",
        "I'm not reporting this to trading standards, just refund the bent rail please.",
        "No injuries at all, nobody got hurt, the mug just arrived cracked. Refund please.",
        "It isn't unsafe, it's just poorly finished. Refund please.",
    ]);
}

/// `legal_words_harmless`: a lawyer or a regulator as the writer's workplace, now or before.
#[test]
fn attack56_a_lawyer_or_regulator_as_a_workplace_pays() {
    none_harm(&[
        "The barrister I work for had me order these for chambers — two arrived snapped. Refund please.",
        "I used to work for the CMA, funnily enough. Anyway, the kettle is dead, refund please.",
    ]);
}

/// Controls: illness, animal and legal words with no harm and no threat keep paying.
#[test]
fn attack56_harmless_uses_keep_paying() {
    none_harm(&[
        "I'm sick of waiting for this refund. The lamp is broken.",
        "My dog loves the bed but the zip broke. Refund please.",
        "The cat sat on it and it's fine, it's just the wrong colour. Refund please.",
        "Not harmful, just ugly. Refund please.",
        "The cereal box was crushed in the post. Refund please.",
        "My cat ignores the scratching post completely. Refund please.",
    ]);
}
