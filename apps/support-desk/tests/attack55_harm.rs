//! Outside attack 55's harm and legal classes: harm told as an illness or a body's reaction to the goods (a person's
//! or an animal's), an animal made ill, hurt or killed by the goods, and a hazard told as an event with nobody hurt
//! (`harm-illness`, `harm-animal`, `harm-in-passing`: escalate E2); a lawyer, a law firm or a court job named as a
//! person or a workplace (`lawyer-as-person`) and a piece of furniture's "broken leg" (`body-part-words`) read as a
//! threat or an injury (pay); and threats to the state attorney general, the police or Action Fraud, and a letter of
//! demand, missed (`legal-threat`: escalate E2). The tickets are my own wordings of the attack's kinds (attack55
//! `set*.jsonl` holds the attacker's), each on a linked, delivered $49.99 order placed 6 days ago, with controls that
//! must keep their reading.

use crate::kinds::{all_escalated, all_paid, none_harm};

/// `harm-illness`: a person's body reacting to the goods — sickness, a stomach upset, a headache, dizziness, a faint,
/// numbness, palpitations, an asthma attack, skin or eyes reacting — told with what caused it.
#[test]
fn attack55_a_persons_illness_from_the_goods_escalates() {
    all_escalated(&[
        "After two nights on the new pillow I woke up wheezing and my inhaler barely helped. Refund.",
        "The scented candle gave my wife a pounding headache and she was sick in the night. I'd like my money back.",
        "My tongue went numb after one spoon of the protein powder. Refund please.",
        "hi the energy drink make my heart racing very fast and i feel dizzy, please refund",
        "Felt nauseous within an hour of drinking from the new bottle. Money back please.",
        "My grandad fainted after using the foot spa on the high setting. Refund please.",
        "The face cream left my cheeks red and peeling. Refund please.",
        "Our son got an upset stomach after the baby formula. Refund.",
        "Dear team, following use of the essential oil diffuser my partner suffered an asthma attack. We request a full refund.",
        "I had palpitations all evening after taking two of these supplements. Refund.",
        "my eyes have been stinging and watering since i started using the contact lens solution. refund pls",
        "The room spray brought on a migraine within minutes. Refund please.",
        "Threw up twice after the smoothie mix, my husband too. Refund please.",
        "My mum, who has a heart condition, felt her heartbeat flutter while using the TENS pad. Refund please.",
    ]);
}

/// `harm-animal`: a pet or farm animal made ill, hurt or killed by the goods, in plain and terse registers.
#[test]
fn attack55_an_animal_made_ill_hurt_or_killed_escalates() {
    all_escalated(&[
        "Our puppy has been throwing up since we switched to this kibble. Refund please.",
        "The budgie died two days after we hung up the new perch. I want my money back.",
        "Three of our ducks died after drinking from the new trough. Refund.",
        "The coop door latch failed and a fox took two of our hens. Refund.",
        "The aquarium heater overheated and all my tetras died overnight. Refund please.",
        "The flea collar made my kitten's fur come out in clumps. Refund please.",
        "The tank pump sucked in our goldfish and killed it. Refund please.",
        "my rabbit has had runny poo since the new pellets, vet says its the food. refund",
        "After a week on the new bedding our guinea pigs are sneezing constantly. Refund.",
        "My dog's pads are cracked and bleeding after the paw balm. Refund please.",
        "Our cat stopped eating and hid for two days after the plug-in diffuser went in. Refund.",
        "The hay net trapped my pony by the hoof and she was lame for a week. Refund please.",
        "The wire on the suet feeder caught a blue tit by the wing, it didn't survive. Refund.",
        "Two of the hens are now poorly after pecking at the paint on the coop. Refund please.",
    ]);
}

/// `harm-in-passing`: a hazard told as an event — a child-safety or car-seat part letting go, a blade coming loose
/// while running, a person tripping on the goods, a lead failing by a road — with nobody hurt, or a hurt told in
/// passing.
#[test]
fn attack55_a_hazard_told_as_an_event_escalates() {
    all_escalated(&[
        "The child seat harness unclipped itself while we were on the dual carriageway. Refund.",
        "The stair gate popped off its fitting when my toddler leaned on it. Refund please.",
        "My dad caught his foot on the rug's curled edge and tripped on the stairs. Refund please.",
        "The cot side dropped down by itself in the night. Refund please.",
        "The dog harness clip snapped and he bolted into the road. He's ok. Refund.",
        "The mandoline blade came loose mid-slice. Nobody got cut but it was close. Refund.",
        "The window restrictor snapped so my toddler could push the window wide open. Refund.",
        "The bookcase tipped over onto our dog, he's limping now. Refund please.",
        "Baby gate came away from the wall at the top of our stairs. Refund pls.",
        "The hamster wheel cracked while she was running in it and she cut herself. Refund please.",
    ]);
}

/// Controls: a body, an animal or a danger word with no harm from the goods — an idiom, a past illness, a thing that
/// "died", a plant, a pet that is fine — still pays.
#[test]
fn attack55_illness_and_animal_words_without_harm_pay() {
    all_paid(&[
        "I'm sick of waiting for this, the kettle still leaks. Refund please.",
        "I was ill last week so couldn't return it sooner. Refund please.",
        "The battery died after two days. Refund please.",
        "The basil plant died within a week. Refund.",
        "The dog loves it but the zip broke. Refund please.",
        "Returning this has been a real headache, please just refund.",
        "My cat ignores the new bed completely. Refund please.",
        "The tulip bulbs all died after planting. Refund please.",
        "The dog is fine, she just won't wear the coat. Refund please.",
        "The fish tank light stopped working after a day. Refund please.",
        "The pet camera died after a week, my dog is fine. Refund please.",
        "The phone died as soon as I switched it on. Refund please.",
    ]);
}

/// `lawyer-as-person`: a lawyer a gift was for, a lawyer's own occasion or office, a law firm or office as the
/// workplace that ordered, a court job — no threat: the refund is paid.
#[test]
fn attack55_a_lawyer_or_court_as_a_person_or_workplace_pays() {
    all_paid(&[
        "The fountain pen was a thank-you gift for my solicitor and the nib is bent. Refund please.",
        "I ordered the desk lamp for our law office; it flickers. Refund please.",
        "Our law practice bought six chairs and one has a split seat. Refund please.",
        "As a court stenographer I need a steady chair; this one squeaks. Refund please.",
        "The card was for my attorney's birthday but the envelope was missing. Refund please.",
        "The banner for my lawyer's farewell party arrived torn, please refund.",
        "I work as a court clerk and the ergonomic mouse you sent double-clicks. Refund please.",
        "Everyone at the law firm where I work uses these mugs; mine came chipped. Refund please.",
        "Got this for my attorney as a thank you, the box was crushed and the glass cracked. Refund please.",
    ]);
    // Controls: a lawyer or a law firm that takes the matter on is still a threat.
    all_escalated(&[
        "My lawyer will be writing to you about this. Refund please.",
        "I have passed this to a law firm. Refund please.",
        "Our law firm will be in touch if this is not refunded.",
        "I'm forwarding everything to my attorney. Refund please.",
    ]);
}

/// `body-part-words`: a piece of furniture's broken leg is a fault of the goods: the refund is paid. A person's broken
/// leg still escalates.
#[test]
fn attack55_a_furnitures_broken_leg_pays() {
    all_paid(&[
        "The coffee table came with one broken leg. Refund please.",
        "Side table - broken leg straight out of the box. Refund.",
        "the easel arrived with two broken legs, refund pls",
        "Our new dining chair has a broken leg and rocks. Money back please.",
        "The camera tripod has a broken leg. I'd like a refund.",
    ]);
    all_escalated(&[
        "The chair collapsed and my dad ended up with a broken leg. Refund.",
        "I fell off the stool and broke my leg. Refund please.",
        "The stool collapsed under my son and now he has a broken leg. Refund please.",
        "The table fell over onto my daughter and she has a broken leg. Refund please.",
    ]);
}

/// `legal-threat`: the state attorney general, the police or Action Fraud as where a matter is taken, and a letter of
/// demand being drafted, escalate — with and without an ask.
#[test]
fn attack55_threats_to_the_attorney_general_the_police_and_letters_of_demand_escalate() {
    all_escalated(&[
        "If this isn't sorted by Friday I'm writing to the attorney general's office.",
        "Next stop is my state Attorney General. Refund now.",
        "Reported to Action Fraud today, reference to follow.",
        "This is a scam and I've gone to the police with it.",
        "I'll be filing a police report for fraud if the money isn't back by Monday.",
        "My cousin, who is a lawyer, is drafting a letter of demand for me.",
        "A solicitor friend is preparing a demand letter. Refund the order.",
        "Expect a formal letter of demand from my legal adviser next week.",
    ]);
    // Controls: the police, a letter or a court named with no matter taken anywhere.
    none_harm(&[
        "The police car toy's siren doesn't work. Refund please.",
        "I'm a police officer and the boots split at the toe. Refund please.",
        "The letter opener arrived blunt. Refund please.",
        "The courier left the parcel with the police station next door, it's fine.",
    ]);
}
