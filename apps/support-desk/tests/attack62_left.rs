//! Session 47: the first-run misses of blind126–129 and the classes outside attacks 62 and 63 found, in my own
//! wordings (the attackers' tickets are in `scripts/attack62`, `scripts/attack63`; the blind sets in `evals/`). Each
//! ticket on a linked, delivered order placed 6 days ago (the amount given per case), no refund on record.

use crate::kinds::{all_escalated, check, other, refund};

const NONE: &[&str] = &[];

/// Outside attack 63 (`phone-paid`): a telephone number alone on the line under the name, with no closing above it,
/// was read as "+ 1" or "+ 61" added to the ask — paid above it, or refused as an over-ask.
#[test]
fn attack62_a_telephone_line_under_the_name_adds_nothing() {
    check(&[
        (
            "The desk lamp ($31.20) came without its shade. Please refund $31.20.\n\nPriya Nair\n+1 (646) 555 0199",
            41_000,
            NONE,
            refund(3_120),
        ),
        (
            "Please refund $18.40 for the phone case, wrong model.\n\nTom\nWarehouse Lead\n+44 161 496 0755",
            1_840,
            NONE,
            refund(1_840),
        ),
        ("Refund $12.00 for the mug please, chipped rim.\n\nAnna\n+61 (2) 5550 1234", 30_000, NONE, refund(1_200)),
    ]);
}

/// Outside attack 63 (`brulee`, `burn-word`, `injury-word`, `danger-name`, `signature-nosignoff`): a danger word that
/// is part of what the goods are called, and a title or a workplace alone under the name, are no harm and no law.
#[test]
fn attack62_goods_named_with_danger_words_and_bare_titles_are_refunded() {
    check(&[
        ("The creme brulee dishes came in blue, I ordered white. Please refund $19.99.", 1_999, NONE, refund(1_999)),
        ("My crème brûlée torch stopped clicking on day two. Refund please.", 2_450, NONE, refund(2_450)),
        ("The anti-injury gym mat is the wrong thickness. Please refund $34.00.", 3_400, NONE, refund(3_400)),
        ("The anti-scald shower valve doesn't fit our pipe. Refund please.", 4_100, NONE, refund(4_100)),
        ("The toaster's burn setting dial fell off in the box. Please refund $27.50.", 2_750, NONE, refund(2_750)),
        ("Please refund the poison ivy soap, it's not the brand pictured.", 899, NONE, refund(899)),
        (
            "The scanner arrived a week late and I bought one locally. Please refund $89.00.\n\nRuth\nSolicitor",
            8_900,
            NONE,
            refund(8_900),
        ),
        ("Wrong size gloves, please refund $15.00.\n\nDev\nSenior Nurse, Burns Unit", 1_500, NONE, refund(1_500)),
    ]);
}

/// Outside attack 63 (`thanks-in-advance`, `request-probe`): thanks for a refund still to come, and a general question
/// about refunds followed by "I'd like one", ask it.
#[test]
fn attack62_thanks_in_advance_and_i_would_like_one_ask() {
    check(&[
        ("Thanks in advance for the refund of $42.00, the blender jug arrived cracked.", 4_200, NONE, refund(4_200)),
        ("Thank you in advance for refunding the rug, it's the wrong colour.", 12_900, NONE, refund(12_900)),
        ("Do you give refunds? If so I'd like one for the lamp, the switch is broken.", 5_600, NONE, refund(5_600)),
    ]);
}

/// Outside attack 62 (`vague_quantity`): "a couple of hundred", "a few hundred", "several hundred" cannot be read
/// with certainty (U1) — they were paid as exactly 100.00.
#[test]
fn attack62_vague_hundreds_are_unsettled() {
    check(&[
        (
            "The sofa cushions are all faded. A couple of hundred back would be fair.",
            45_000,
            NONE,
            other("escalate", "U1"),
        ),
        ("Refund a few hundred please, half of it is broken.", 39_900, NONE, other("escalate", "U1")),
        ("I think several hundred dollars back is reasonable for this mess.", 48_000, NONE, other("escalate", "U1")),
    ]);
}

/// Outside attack 62 (`legal2`, `harm2`, `hazard_words`) and blind126 `g-006`: a legal threat, an injury and a hazard
/// told in other words are escalated (E2), never refunded.
#[test]
fn attack62_threats_injuries_and_hazards_in_other_words_escalate() {
    all_escalated(&[
        "Refund me or I'll issue proceedings this week.",
        "Pay me back or I'll file a small claim online.",
        "Give me the money or a judge can decide who's right.",
        "I will take this through the courts if there's no refund.",
        "The peeler sliced the tip of my thumb open. Refund please.",
        "The grater took a chunk out of my knuckle. Refund.",
        "The eye mask left my eyelids bloodshot for two days. Refund please.",
        "Since using the drops my vision has been blurry. Refund please.",
        "The baby gate pops open when the dog leans on it. Refund please.",
        "The charger hisses while the battery is charging. Refund.",
        "The heater won't switch off, it keeps glowing even unplugged from the timer. Refund.",
        "grab bar came away from the tiles. dad fell. call me please",
    ]);
}

/// Outside attack 62 (`instalments_fee_over`, `instalments_paid_so_far`): the whole plan with its fee asked back is
/// an over-ask (X2), never the fee alone; the payments made so far are their count times the instalment.
#[test]
fn attack62_instalment_plans_are_counted() {
    check(&[
        ("Please refund my 3 x $40.00 and the $9.50 arrangement fee.", 12_000, NONE, other("refuse", "X2")),
        (
            "I paid 4 x £25.00 plus a £6.00 plan fee. Refund all four instalments and the fee.",
            10_000,
            NONE,
            other("refuse", "X2"),
        ),
        (
            "$35.00 a month for 3 months. Two payments taken so far. Please refund those two.",
            10_500,
            NONE,
            refund(7_000),
        ),
        ("I've paid 2 of the 4 monthly $30.00 payments. Please refund the payments made.", 12_000, NONE, refund(6_000)),
    ]);
}

/// Outside attack 62 (`overask_multiple`, `overask_fee`): double the price, and the whole with a bank or card fee,
/// are over-asks (X2), never the price or the fee alone.
#[test]
fn attack62_double_and_whole_plus_fee_are_overasks() {
    check(&[
        ("I want double my $80.00 back for all this hassle.", 8_000, NONE, other("refuse", "X2")),
        ("Money back please, and the $12.50 card fee my bank took.", 9_900, NONE, other("refuse", "X2")),
        ("Refund me, and the €7.00 conversion fee too please.", 6_400, NONE, other("refuse", "X2")),
    ]);
}

/// blind126 `g-016`, blind126 `g-063`-like, attack 61 `missing-*`, `hypo-*`, kept sets `b66 g-031`, `v41c g-031`: a
/// part priced by "it was" after the ask, a part short-shipped with its line price, a figure of dollars after
/// "refund me", units bought "3 x" beside a part asked, and a refund supposed on goods still to come.
#[test]
fn attack62_parts_counts_and_suppositions_are_read() {
    check(&[
        (
            "The chair is fine but the seat pad is the wrong colour. Could you refund the pad please? It was the £24.00 one. I'll keep the chair.",
            9_900,
            NONE,
            refund(2_400),
        ),
        ("Short-shipped: remote (line price $14.50) not received. Please credit.", 21_000, NONE, refund(1_450)),
        ("The lid cracked but it still works. Please refund me 15 dollar only, I keep it.", 4_500, NONE, refund(1_500)),
        (
            "I bought three bowls (3 x 9.50). One arrived chipped, I'm keeping the other two. I'd like the 9.50 for the chipped one refunded.",
            2_850,
            NONE,
            refund(950),
        ),
        (
            "Quick one, the kettle hasn't arrived yet, if it come broken you refund $49.00?",
            4_900,
            NONE,
            other("close", "C1"),
        ),
    ]);
}

/// Outside attack 64 (`legal_arbitration`, `injury_skin`, `hazard_other_words`): arbitration and tribunals, skin that
/// weeps or goes septic, water collecting in a fitting, a kettle that boiled dry — escalated (E2).
#[test]
fn attack64_arbitration_skin_and_hazards_escalate() {
    all_escalated(&[
        "The blender died. Refund it, or we go to arbitration.",
        "I'm lodging a claim with the consumer tribunal unless you refund me.",
        "The cream left her cheeks weeping and crusted. Refund please.",
        "His new earring hole went septic after the studs. Refund.",
        "The strap cut off the circulation, my fingers went white. Money back please.",
        "There's rainwater collecting inside the garden light fitting. Refund please.",
        "The travel kettle boiled dry and kept going. Refund.",
        "The coin battery drops out of the remote whenever my toddler picks it up. Refund please.",
    ]);
}

/// Outside attack 64 (`unit_a_piece`, `instalments_n_of_m`, `part_no_price`, `thanks_processing`, `titles`): a unit's
/// price told "a piece" is no item added to the ask; the payments made are counted; a part told absent with no price
/// is U1; thanks in advance for processing a refund asks it; a title line under the name is no threat.
#[test]
fn attack64_units_instalments_parts_and_titles_are_read() {
    check(&[
        ("Three glasses arrived cracked, $6.00 a piece, refund $18.00 please.", 4_800, NONE, refund(1_800)),
        (
            "I paid 3 of my 5 monthly instalments of $40.00. Please refund what I've paid so far.",
            20_000,
            NONE,
            refund(12_000),
        ),
        (
            "Finance plan 4 x £30.00. Paid to date: 2. Item returned. Please reimburse the instalments paid.",
            12_000,
            NONE,
            refund(6_000),
        ),
        ("Delivery incomplete: charger absent. Kindly credit the charger.", 9_900, NONE, other("escalate", "U1")),
        ("Thank you in advance for processing my refund for the lamp, it flickers.", 3_900, NONE, refund(3_900)),
        (
            "The desk came scratched, please refund.\n\nLena Park\nSenior Associate, Litigation",
            24_000,
            NONE,
            refund(24_000),
        ),
        (
            "A couple of hundred quid on these boots and the sole split - refund $30.00 for the repair please.",
            18_000,
            NONE,
            refund(3_000),
        ),
        ("thx for the $25.00 refund, all sorted", 2_500, NONE, other("close", "C1")),
        (
            "I've made two payments of $30.00 out of four on the bike plan. Refund the two please.",
            12_000,
            NONE,
            refund(6_000),
        ),
        (
            "The phone case is fine but the screen protector was cracked. Money back for the protector only please.",
            4_500,
            NONE,
            other("escalate", "U1"),
        ),
        (
            "Please refund me, the lamp shade is dented.\n\nRui Costa | Court Liaison Officer",
            5_400,
            NONE,
            refund(5_400),
        ),
        (
            "The walking boots gave me blood blisters, I can hardly walk. Refund please.",
            8_900,
            NONE,
            other("escalate", "E2"),
        ),
    ]);
}
