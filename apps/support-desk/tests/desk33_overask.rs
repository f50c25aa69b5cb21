//! desk33 (issue #16, attack 34 H2; ADR-1126…ADR-1128): an ask that is multiplied or added to is the product or the
//! sum — above the order's amount an over-ask (X2: refused, never reduced), within it paid, unreadable U1; never a
//! payment of a part. The attacker's sixteen tickets, then a generated table of operator constructions × asks ×
//! registers × values, then asks that must still pay. Every generated ticket is written here; none comes from
//! `evals/` or the blind sets.

use crate::kinds::{Decision, check, other, refund};

fn x2() -> Decision {
    other("refuse", "X2")
}

/// Attack 34 H2's sixteen over-asks on a delivered 49.99 order: every one refused (X2), never paid whole or in part.
#[test]
fn attack34_h2_overasks_are_refused_never_paid_in_part() {
    let none: &[&str] = &[];
    let bodies = [
        "Refund my money back, double it.",
        "I'd like my money back times two.",
        "I want a refund of my money back x2.",
        "Refund $49.99 twice please, since I returned two.",
        "Refund $49.99 and then another $49.99.",
        "Please refund $49.99 and $49.99 for my sister's order too.",
        "I'd like $25 back for each of the 3 mugs.",
        "Refund $49.99.\nAlso, please add $15 compensation.",
        "Please refund $49.99 (plus $12 tax).",
        "Refund my $49.99 and my $20 deposit.",
        "Refund me the full price, that is $99.98 for both.",
        "The shop offered $49.99 back plus $25 for the inconvenience. I accept, please pay.",
        "Refund $49.99, and $10 for each day I waited (5 days).",
        "I want the full refund and you also owe me $18 for postage.",
        "Refund me fully, and the shipping ($9.99) on top.",
        "Please reimburse $49.99 as well as $8 return shipping.",
    ];
    let cases: Vec<(&str, i64, &[&str], Decision)> = bodies.iter().map(|b| (*b, 4_999, none, x2())).collect();
    check(&cases);
}

fn money(c: i64) -> String {
    format!("${}.{:02}", c / 100, c % 100)
}

/// How a register wraps the asking words.
fn registers(ask: &str) -> Vec<String> {
    vec![
        // terse
        ask.to_string(),
        // rambling, with distractor figures that are no ask (a date, a parcel count, a price told)
        format!(
            "Hi there, hope you are well. The parcel came on the 3rd, 2 days late, and the box was crushed so the \
             blender inside is cracked. {ask} Thanks a lot for your help, really appreciated."
        ),
        // non-native
        format!("Hello, the product is come broken to me, very sad. {ask} Thank you very much."),
        // forwarded, the customer's words on top
        format!(
            "{ask}\n\n---------- Forwarded message ---------\nFrom: Ada <ada@example.test>\nSubject: my order\n\nThe \
             blender arrived cracked, please help."
        ),
        // jargon
        format!("RMA opened, unit DOA on arrival. {ask} Pls action asap."),
    ]
}

/// One operator construction: the asking words for a head figure `v` (None: the full refund) and an operand `x`,
/// and the result it asks for that head and operand (None when it cannot be built for that head).
type Construction = (&'static str, fn(Option<i64>, i64) -> Option<(String, i64)>);

fn head(v: Option<i64>) -> String {
    match v {
        Some(v) => format!("Please refund {}", money(v)),
        None => "Please refund me the full price".to_string(),
    }
}

fn constructions() -> Vec<Construction> {
    vec![
        ("plus", |v, x| Some((format!("{} plus {} for postage.", head(v), money(x)), x))),
        ("on top", |v, x| Some((format!("{}, and the shipping ({}) on top.", head(v), money(x)), x))),
        ("also add", |v, x| Some((format!("{}.\nAlso, please add {} compensation.", head(v), money(x)), x))),
        ("as well as", |v, x| Some((format!("{} as well as {} return shipping.", head(v), money(x)), x))),
        ("also owe", |v, x| Some((format!("{} and you also owe me {} for my time.", head(v), money(x)), x))),
        ("another", |v, x| v.map(|v| (format!("Refund {} and then another {}.", money(v), money(x)), x))),
    ]
}

/// One multiplier construction: the asking words for a head figure (None: the full refund) and the count.
type Multiplier = (&'static str, fn(Option<i64>) -> Option<(String, i64)>);

fn multipliers() -> Vec<Multiplier> {
    vec![
        ("twice", |v| v.map(|v| (format!("Refund {} twice please.", money(v)), 2))),
        ("double it", |v| Some((format!("{}, double it.", head(v)), 2))),
        ("times two", |v| match v {
            Some(v) => Some((format!("I'd like {} back times two.", money(v)), 2)),
            None => Some(("I'd like my money back times two.".to_string(), 2)),
        }),
        ("x2", |v| match v {
            Some(v) => Some((format!("Refund {} x2 please.", money(v)), 2)),
            None => Some(("I want a refund of my money back x2.".to_string(), 2)),
        }),
        ("for each of the 3", |v| v.map(|v| (format!("I'd like {} back for each of the 3 mugs.", money(v)), 3))),
    ]
}

/// What the reference policy does with an ask of `asked` on an order of `order` (delivered, in the window).
fn expected(asked: i64, order: i64) -> Decision {
    if asked > order {
        x2()
    } else if asked > 50_000 {
        other("escalate", "E1")
    } else {
        refund(asked)
    }
}

/// The generated table: additions and multiplications of the full refund and of a figure, in five registers, with
/// results below, equal to and above the order's amount, and within the order but above the cap.
#[test]
fn operators_on_the_ask_are_the_product_or_the_sum() {
    let none: &[&str] = &[];
    let mut cases: Vec<(String, i64, Decision)> = Vec::new();
    // (order, head figure, operand) for additions: below, equal, above the order; within it above the cap.
    let adds = [(6_000, 2_000, 1_500), (6_000, 4_500, 1_500), (6_000, 5_000, 1_500), (90_000, 45_000, 10_000)];
    for (order, v, x) in adds {
        for (_, build) in constructions() {
            for head in [Some(v), None] {
                let Some((ask, x)) = build(head, x) else { continue };
                let asked = head.unwrap_or(order) + x;
                for body in registers(&ask) {
                    cases.push((body, order, expected(asked, order)));
                }
            }
        }
    }
    // (order, head figure) for multiplications.
    let muls = [(6_000, 2_000), (6_000, 3_000), (6_000, 3_500), (90_000, 30_000)];
    for (order, v) in muls {
        for (_, build) in multipliers() {
            for head in [Some(v), None] {
                let Some((ask, n)) = build(head) else { continue };
                let asked = head.unwrap_or(order) * n;
                for body in registers(&ask) {
                    cases.push((body, order, expected(asked, order)));
                }
            }
        }
    }
    let refs: Vec<(&str, i64, &[&str], Decision)> =
        cases.iter().map(|(b, o, d)| (b.as_str(), *o, none, d.clone())).collect();
    check(&refs);
}

/// A stated total above the order is asked whole (X2); an operator with no operand the reader can read leaves a
/// total that cannot be computed (U1), never a payment of a part.
#[test]
fn a_stated_total_or_an_unreadable_operand_is_never_paid_in_part() {
    let none: &[&str] = &[];
    let mut cases: Vec<(String, i64, Decision)> = Vec::new();
    for ask in ["Refund me the full price, that is $99.98 for both.", "Please refund the two lamps, $99.98 in total."] {
        for body in registers(ask) {
            cases.push((body, 4_999, x2()));
        }
    }
    for ask in [
        "Please refund $20.00 plus the postage.",
        "I want $15.00 back and you also owe me for shipping.",
        "I'd like $12.00 back for each of the mugs that broke.",
    ] {
        for body in registers(ask) {
            cases.push((body, 4_999, other("escalate", "U1")));
        }
    }
    let refs: Vec<(&str, i64, &[&str], Decision)> =
        cases.iter().map(|(b, o, d)| (b.as_str(), *o, none, d.clone())).collect();
    check(&refs);
}

/// No new false blocks: a price told beside the ask, a product written with its result within the order, "each"
/// describing items not asked, a figure added in a quoted shop reply, "plus" in a product name.
#[test]
fn operators_beside_the_ask_still_pay() {
    let none: &[&str] = &[];
    check(&[
        ("2 x 14.95 = 29.90, please refund the two cushions.", 8_970, none, refund(2_990)),
        ("The mugs were 12.00 each, one broke, refund 12.00 please.", 4_800, none, refund(1_200)),
        (
            "Please just refund the $10.00 for the lid.\n\n> We can offer $10.00 plus $5.00 for postage.",
            4_999,
            none,
            refund(1_000),
        ),
        ("The Galaxy Plus case cracked. Please refund $12.00.", 4_999, none, refund(1_200)),
        ("I was charged twice for this order, please refund $49.99.", 4_999, none, refund(4_999)),
        ("Refund $12.00 and $8.00 for the two cups please.", 4_999, none, refund(2_000)),
    ]);
    // A price told with its addition beside a bare ask for one of its parts: never an over-ask, never more than the
    // part. (main escalates it (U1) before and after this change: the part named by a word, its figure in the price
    // told, is not read as the ask — left to the reader's owners.)
    for body in [
        "I paid 49.99 plus 5.00 shipping, refund the shipping please.",
        "I paid $49.99 plus $5 shipping, refund the shipping please.",
    ] {
        let got = crate::kinds::decide(body, 5_499, none);
        assert!(got.1 != "X2" && got.2.is_none_or(|c| c <= 500), "{body}: {got:?}");
    }
}

/// A "+" that breaks a stated figure into its parts ("499.99 gross (416.66 net + 83.33 VAT)") adds nothing to the ask
/// (blind16 `b16-b-16` went X2 on the first cut of the guard).
#[test]
fn a_breakdown_of_a_stated_figure_is_no_addition() {
    let none: &[&str] = &[];
    check(&[(
        "Order 113-36082\nCredit request: full invoice, GBP 499.99 gross (416.66 net + 83.33 VAT).\nGoods \
             rejected at goods-in inspection.\nPlease remit by BACS.",
        49_999,
        none,
        refund(49_999),
    )]);
}

/// A "+" joining two acts ("cancel + refund 39.99") and a count of a duplicate charge ("shows it twice", "2 x 67.00,
/// same timestamp … reverse the duplicate 1 x 67.00") put no operator on the ask (blind21 `b21-g-013`, `b21-g-051`,
/// blind24 `b24-g-027` changed on the first cut of the guard).
#[test]
fn a_joined_act_or_a_duplicate_charge_count_is_no_operator() {
    let none: &[&str] = &[];
    check(&[
        ("cancel + refund 19.99 thx, the lamp is faulty", 1_999, none, refund(1_999)),
        (
            "Please refund the duplicate charge of USD 84.20 - our card statement shows it twice for the same order.",
            8_420,
            none,
            refund(8_420),
        ),
        (
            "Our card statement shows a duplicate transaction for this order (2 x 58.00, same timestamp). Please \
             reverse the duplicate 1 x 58.00.",
            5_800,
            none,
            refund(5_800),
        ),
    ]);
}

/// A sum in brackets that opens with its own first term breaks the figure before it down, and a "+" between the
/// things ordered prices them (blind17 `b17-g-005`, `b17-g-066`, blind33 `b33-g-024` changed on an earlier cut).
#[test]
fn a_bracketed_breakdown_or_an_order_list_is_no_addition() {
    let none: &[&str] = &[];
    check(&[
        ("Please refund the one lamp, 36.00 incl. VAT (30.00 + 20%).", 10_800, none, refund(3_600)),
        (
            "Please action a partial credit of 24,00 EUR (net 20,00 + VAT 4,00) for the torn strap.",
            9_000,
            none,
            refund(2_400),
        ),
        (
            "ordered the mug (£8.99) + the coaster (£4.99), the coaster is chipped, can i get the 4.99 back??",
            1_398,
            none,
            refund(499),
        ),
    ]);
}

/// F1604: a share added to the full amount is an over-ask (blind76 `g-071`, blind80 `g-074`, read after their first
/// runs). Red on 797756c2 (the first two paid the order's amount).
#[test]
fn a_share_added_to_the_full_amount_is_an_over_ask() {
    check(&[
        (
            "Please action full reimbursement of the order value plus 25% handling/restocking compensation as per our \
             standard supplier agreement clause 7.2.",
            32_000,
            &[],
            x2(),
        ),
        (
            "Our riding school requires a full reimbursement of USD 89.99 plus a 15% goodwill uplift for operational \
             disruption. Please process as per SLA.",
            8999,
            &[],
            x2(),
        ),
        ("I want a full refund, plus 10% for the hassle.", 5000, &[], x2()),
    ]);
}

/// Attack 36 (an outside attacker, after F1604): a share added by "and … N% extra / on top / as …", "with N% added",
/// or a share in words, is an over-ask too. Red on 28a92122 (each paid the order's 50.00).
#[test]
fn attack36_a_share_added_in_other_words_is_an_over_ask() {
    check(&[
        ("Please refund $50 and add 15% for the inconvenience.", 5000, &[], x2()),
        ("I'd like my money back and ten percent on top.", 5000, &[], x2()),
        ("I want all of it back, and another 25% as goodwill.", 5000, &[], x2()),
        ("I want a full refund with 20% added for the delay.", 5000, &[], x2()),
        ("Give me the full amount and 5% extra.", 5000, &[], x2()),
    ]);
}

/// Outside attack 36: a share added to "my money" with no figure ("Refund my money plus 10%") asks more than the
/// order: refused (X2), never escalated as a share with no figure (U1 before).
#[test]
fn attack36_money_plus_a_share_is_an_over_ask() {
    check(&[
        ("Refund my money plus 10%.", 5000, &[], x2()),
        ("refund me plus 10 percent for the trouble", 5000, &[], x2()),
        ("Money back plus 20% please", 5000, &[], x2()),
    ]);
}

/// Outside attack 36: a share the customer turns down ("a full refund, not 10% off my next order") is no share
/// asked: the request is for the whole amount (U1 before).
#[test]
fn attack36_a_share_declined_is_no_share_asked() {
    check(&[
        ("I want a full refund, not 10% off my next order.", 5000, &[], refund(5000)),
        ("Full refund please, not a 20% voucher.", 5000, &[], refund(5000)),
        ("I don't want 15% off, I want my money back.", 5000, &[], refund(5000)),
    ]);
}

/// Outside attack 47: a cost of the customer's own asked beside a whole refund ("refund, and 12 for the taxi",
/// "Money back, and please cover my 8.50 return postage") is added to the order's amount: an over-ask, refused —
/// never the order's amount paid, never the cost alone paid. Beside a figure asked, the cost is that figure's reason.
#[test]
fn attack47_a_cost_added_to_a_whole_refund_is_an_over_ask() {
    check(&[
        ("refund the order, and 12 for the taxi", 4999, &[], x2()),
        ("refund everything and pay me 20 for my trouble", 4999, &[], x2()),
        ("refund in full. Additionally 15 euro for the inconvenience.", 4999, &[], x2()),
        ("Money back, and please cover my 8.50 return postage.", 4999, &[], x2()),
        ("Refund my order. I'd also like 15 dollars for the inconvenience.", 4999, &[], x2()),
        ("I'd like my money back and my postage of 5.99 refunded too.", 4999, &[], x2()),
        ("Refund it all and cover the $9 I spent on return shipping.", 4999, &[], x2()),
        ("Pls refund + comp 20", 4999, &[], x2()),
        ("give me back what I paid plus ten per cent", 4999, &[], x2()),
        ("refund, and add 20% for my time", 4999, &[], x2()),
        // The cost as the reason of the figure asked: that figure.
        ("please action the goodwill gesture of GBP 10.00 agreed for the late delivery.", 4200, &[], refund(1000)),
        ("Please refund 12 for the postage, the rest is fine.", 4999, &[], refund(1200)),
    ]);
}

/// Outside attack 47, its paid tickets (F1612): more than the whole said in words — a fraction of it added ("one and a
/// half times my money back", "plus half again", "a quarter more") or an addition with no figure ("with interest", "and
/// then some") — is an over-ask; so is a cost of the customer's own named beside the whole ("what I paid and my taxi
/// fare of $12", "the cost of the batteries …, 12 dollars", "the $49.99 I paid for the case as well") and a cost added
/// in a sentence of its own to a figure asked ("Also $80 for the wall mount").
#[test]
fn attack47_more_than_the_whole_in_words_is_an_over_ask() {
    check(&[
        ("One and a half times my money back or I go elsewhere.", 4999, &[], x2()),
        ("I want 1.5 times what I paid, this is the second one that broke.", 4999, &[], x2()),
        ("full refund plus half again", 4999, &[], x2()),
        ("Give me back my money and a quarter more.", 4999, &[], x2()),
        ("My money back and half as much again for the bother.", 4999, &[], x2()),
        ("I want my refund with interest", 4999, &[], x2()),
        ("Refund with interest please, it's been three weeks.", 4999, &[], x2()),
        ("refund in full and then some", 4999, &[], x2()),
        ("Full refund plus interest.", 4999, &[], x2()),
        ("Pay back what I paid and my taxi fare of $12 to the post office.", 4999, &[], x2()),
        ("refund me the price and the cost of the batteries I bought for it, 12 dollars", 4999, &[], x2()),
        ("Refund the $49.99, and the $49.99 I paid for the case as well", 4999, &[], x2()),
        ("refund $450. Also $80 for the wall mount I had to buy.", 70_000, &[], other("escalate", "E1")),
        // Controls: the whole, a part, a cost told as a reason, interest told as what happened.
        ("Refund what I paid, please.", 4999, &[], refund(4999)),
        ("I want back the $20 I paid for the strap.", 4999, &[], refund(2000)),
        ("Refund $450 please. Also, the wall mount is loose.", 70_000, &[], refund(45_000)),
        ("Refund in full, with thanks for your help.", 4999, &[], refund(4999)),
        ("My bank charged me interest because of this mess. Refund please.", 4999, &[], refund(4999)),
        ("Half of it back would be fine, the other half of the set works.", 4999, &[], other("escalate", "U1")),
    ]);
}

/// Outside attack 48 (F1618): an addend beside the whole named as a thing or a small sum in words ("Refund + my
/// costs", "and pay my taxi", "with compensation for the inconvenience", "plus something for my trouble", "and a dollar
/// more", "and another 5", "Also the $8 postage", "what I paid, doubled", "the price times 1.5") is an over-ask; a
/// clause of its own after "and" ("and the shipping was slow too") adds nothing.
#[test]
fn attack48_addends_named_beside_the_whole_are_over_asks() {
    let mut cases: Vec<(&str, i64, &[&str], crate::kinds::Decision)> = [
        "My money back, plus something for my trouble.",
        "Full refund, and I expect a goodwill payment on top.",
        "Give back the payment, and pay my taxi also (12 dollar).",
        "Refund it. Also pay for my taxi, it was 12.",
        "Reimburse the order and the repair man's bill of $35.",
        "Please refund, with compensation for the inconvenience.",
        "Entire amount back + a bit extra for the hassle",
        "Refund me and cover my expenses too.",
        "Money back. And something extra for the stress.",
        "Refund, and add a little for the delay.",
        "Refund the order. Also the $8 postage.",
        "Refund the order. Plus 8 for postage.",
        "Refund + late fees.",
        "Refund + my costs.",
        "Refund and pay my return shipping.",
        "Refund the order and cover the courier.",
        "Refund and compensate me for the delay.",
        "Refund and compensation please.",
        "my money back and a dollar more",
        "Refund what I paid, and 5 more.",
        "Money back, and the 1.20 stamp.",
        "Refund me. I also want my bus fare back (2.50).",
        "Refund me. And my bus fare: 2.50.",
        "Refund what I paid, doubled.",
        "refund the price times 1.5",
        "Refund me one-and-a-half times what I paid.",
        "refund the full amount and 1 cent",
        "refund $49.99 and a penny",
    ]
    .iter()
    .map(|b| (*b, 4_999, &[][..], x2()))
    .collect();
    for b in [
        "Refund the order and the shipping was slow too.",
        "Refund please, and the courier was rude.",
        "Refund me and send the return label.",
        "Please refund me and have a nice day.",
    ] {
        cases.push((b, 4_999, &[], refund(4_999)));
    }
    cases.push(("Refund $20 for the strap and thanks for your help.", 4_999, &[], refund(2_000)));
    cases.push(("Keep your 15% discount code and return my money.", 4_999, &[], refund(4_999)));
    check(&cases);
}

/// Outside attack 48 (F1620): items each with a figure asked together are their sum ("the cup ($30) and the saucer
/// ($30)", "$30 & $25", "Also the saucer ($25)."), a count at a figure its product ("2 @ $30", "$30 x2", "$20 three
/// times"), a rate times its unit counted ("$5 per missing screw, 12 screws missing"): above the order an over-ask,
/// never the first figure paid.
#[test]
fn attack48_items_counts_and_rates_are_summed() {
    let mut cases: Vec<(&str, i64, &[&str], crate::kinds::Decision)> = [
        "refund $30 x2",
        "refund 2 @ $30",
        "refund $5 per missing screw, 12 screws missing",
        "refund the broken cup ($30) and the broken saucer ($30)",
        "refund $30 & $25",
        "Refund the cup ($30). Also the saucer ($25).",
        "refund $20 three times",
    ]
    .iter()
    .map(|b| (*b, 4_999, &[][..], x2()))
    .collect();
    cases.push(("refund $20 for the cup and $25 for the saucer", 4_999, &[], refund(4_500)));
    cases.push(("refund the stand ($300) and the speaker ($300)", 70_000, &[], other("escalate", "E1")));
    cases.push(("I paid $49.99 and $5 shipping. Refund the $20 strap.", 4_999, &[], refund(2_000)));
    check(&cases);
}

/// Outside attack 48's remaining over-asks (F1626; red on `sd-s38k`): items asked in sentences of their own, a count of
/// things at one figure, a multiplier in brackets, units reached above the order, an addend said after "Oh and", a
/// cost asked paid, "whatever the postage was", compensation in Spanish or after "incl.", a told figure asked "as
/// well", a sum in brackets with no figure before it. Controls: the same thing asked twice, a shop's promise told,
/// a remainder, a difference named by a whole figure.
#[test]
fn attack48_items_apart_counts_and_addends_named_late() {
    let mut cases: Vec<(&str, i64, &[&str], crate::kinds::Decision)> = [
        "Refund the cup - $30. Refund the saucer - $30.",
        "Refund $30 now and $30 next week.",
        "refund (30 + 30)",
        "2 cups broken, $30 each. refund those.",
        "12 screws missing at $5 each. refund them.",
        "refund $30 (x2)",
        "I want a refund and also my return postage paid.",
        "Refund, plus whatever the postage was.",
        "Reembolso y una compensacion por las molestias.",
        "Refund incl. compensation.",
        "Refund me. Bus fare was 2.50 too, refund that as well.",
    ]
    .iter()
    .map(|b| (*b, 4_999, &[][..], x2()))
    .collect();
    for body in [
        "Refund $300 for the stand. Refund $300 for the speaker.",
        "Could you refund $300 for the stand? Could you also refund $300 for the speaker?",
        "Refund the two $260 chairs.",
        "I want $450 back. Oh and the $60 delivery I paid separately.",
        "Refund $480 and 10% for the trouble.",
    ] {
        cases.push((body, 70_000, &[], other("escalate", "E1")));
    }
    cases.push(("Refund $30 for the cup. I need that $30 for the cup back today.", 4_999, &[], refund(3_000)));
    cases.push(("Keep $10 for restocking and refund the rest.", 4_999, &[], refund(3_999)));
    cases.push(("Refund the difference - it's $20 cheaper now.", 4_999, &[], refund(2_000)));
    cases.push(("I paid 49.99 but it was advertised at 39.99. Refund the overcharge.", 4_999, &[], refund(1_000)));
    cases.push(("Refund me the tenner for the missing strap.", 4_999, &[], refund(1_000)));
    cases.push((
        "You said you'd refund the 12.00 for the lid. Could I have the 15.00 for the trivet back as well?",
        9_900,
        &[],
        refund(1_500),
    ));
    cases.push(("Please refund the lamp, it does not work with any battery.", 4_999, &[], refund(4_999)));
    check(&cases);
}

/// Outside attack 49 (F1630; red on `sd-s39d`): items joined by a comma, "the same again", units priced by a bare
/// number "each" are summed; the same figure twice over the cap escalates (E1); lower bounds and hedges in other words
/// leave the figure unsettled (U1) — a ceiling ("at most $30") is left as paid. Controls: a hedge not on the figure, a bound on a price told.
#[test]
fn attack49_items_by_comma_and_bounds_in_other_words() {
    let none: &[&str] = &[];
    let mut cases: Vec<(&str, i64, &[&str], crate::kinds::Decision)> = [
        "Refund $30 for the cup, $25 for the saucer.",
        "Refund $30 for the lid and the same again for the handle.",
        "Two lamps arrived broken, 30 each. Refund them.",
    ]
    .iter()
    .map(|b| (*b, 4_999, none, x2()))
    .collect();
    cases.push(("Refund $300 and $300.", 70_000, none, other("escalate", "E1")));
    for body in [
        "I want minimum 40 back",
        "refund >= $40",
        "Refund $30 at a minimum.",
        "Refund $30 if not more.",
        "Refund $30, roughly",
        "Refund $30 I think",
    ] {
        cases.push((body, 4_999, none, other("escalate", "U1")));
    }
    cases.push(("Refund $30 please, I think that is fair.", 4_999, none, refund(3_000)));
    cases.push(("Orders up to $50 ship free, but mine broke. Refund $20.", 4_999, none, refund(2_000)));
    check(&cases);
}

/// Outside attack 49 (F1631; red on `sd-s39e`): addends named after "+" or "along with" beside a cost "I paid", a
/// goodwill gesture, parking, "another tenner", a bare "+ 5", a told cost pointed back at ("please add that", "I'd
/// like that back too"), "Add my return label cost, 6.50"; a part of the order asked with the rest kept and no figure
/// is unsettled (U1). Controls: a price told, a note added, the box kept.
#[test]
fn attack49_addends_pointed_back_and_parts_with_the_rest_kept() {
    let none: &[&str] = &[];
    let mut cases: Vec<(&str, i64, &[&str], crate::kinds::Decision)> = [
        "Full refund + postage I paid to send it back.",
        "My money back along with the delivery fee I paid, please.",
        "I want a refund and a goodwill gesture on top.",
        "Refund me the price and ten bucks for the parking.",
        "Refund the 49.99 and another tenner.",
        "refund everything + 5",
        "Refund full amount. Add my return label cost, 6.50.",
        "Please refund my order. My return postage was 7.20, please add that.",
        "Refund me. Also the return courier was 8 quid, I'd like that back too.",
    ]
    .iter()
    .map(|b| (*b, 4_999, none, x2()))
    .collect();
    for body in [
        "Keep the rest, I only need the hose refunded.",
        "I'm keeping the rest of the items, just refund the broken vase.",
        "Refund only the lid please, keeping the pot.",
        "Only want money back for the broken bowl, the rest is fine.",
    ] {
        cases.push((body, 4_999, none, other("escalate", "U1")));
    }
    cases.push(("Refund please. I paid 49.99 plus 5.99 postage for it.", 4_999, none, refund(4_999)));
    cases.push(("Refund $20 please. Add a note to my account that it was faulty.", 4_999, none, refund(2_000)));
    cases.push((
        "The vase arrived broken. Refund please, I'm keeping the box for recycling.",
        4_999,
        none,
        refund(4_999),
    ));
    cases.push(("Refund the lid, $15, the rest is fine.", 4_999, none, refund(1_500)));
    cases.push(("I want compensation 30 euro, I think is fair.", 4_999, none, refund(3_000)));
    check(&cases);
}

/// Outside attack 50 (F1639, F1641): items listed one per line, side by side in one ask or told together and asked
/// "both" are summed (the same figure twice is two items); units counted at a price ("x2 @ 30", "30 apiece", "30 per
/// lamp", "12.99 a pack … 4 packs") are multiplied; costs added in other words ("the courier cost of 8 quid too",
/// return postage included, "+ compo", "+ P&P", "plus sales tax", "net plus 20% VAT", "VAT to be added", "And 20 for
/// my table", "Separately, pay me 20") make the whole an over-ask. Controls: one item of a list asked, alternatives,
/// a composition of the order's own total.
#[test]
fn attack50_items_listed_units_counted_and_costs_added() {
    let cases: Vec<(&str, i64, &[&str], Decision)> = vec![
        ("Cup: refund $30.\nSaucer: refund $30.", 4_999, &[], x2()),
        ("- cup $30\n- saucer $30\nplease refund both", 4_999, &[], x2()),
        ("Please refund the following:\ncup $30\nsaucer $30", 4_999, &[], x2()),
        ("Refund: cup $30, saucer $30", 4_999, &[], x2()),
        ("Refund $30 for the cup & $30 for the saucer.", 4_999, &[], x2()),
        ("Refund the cup ($30); refund the saucer ($30).", 4_999, &[], x2()),
        ("Refund $30, $30.", 4_999, &[], x2()),
        ("Refund $300 for the chair & $300 for the table.", 70_000, &[], other("escalate", "E1")),
        ("Chair: refund $300.\nTable: refund $300.", 70_000, &[], other("escalate", "E1")),
        ("bought 3x serum @ 19.95, all leaking. want all 3 refunded", 4_999, &[], x2()),
        ("Lamps x2 @ 30. both dead. refund pls", 4_999, &[], x2()),
        ("Both lamps (30 apiece) came broken, refund them", 4_999, &[], x2()),
        ("Two lamps arrived broken, 30 per lamp. Refund them.", 4_999, &[], x2()),
        ("The tent pegs were 12.99 a pack and I got 4 packs. All bent. Refund all the pegs.", 4_999, &[], x2()),
        ("Full refund and the courier cost of 8 quid too.", 4_999, &[], x2()),
        ("Refund in full incl. the return courier fee.", 4_999, &[], x2()),
        ("Refund in full, including my return postage costs.", 4_999, &[], x2()),
        ("Refund the full order inclusive of the delivery charge I paid to send it back.", 4_999, &[], x2()),
        ("Refund 49.99 + P&P", 4_999, &[], x2()),
        ("refund + compo", 4_999, &[], x2()),
        ("Refund 40.00 plus sales tax", 4_000, &[], x2()),
        ("Please reimburse 40.00 net plus 20% VAT.", 4_000, &[], x2()),
        ("Refund 40.00 ex VAT please (VAT to be added)", 4_000, &[], x2()),
        ("Refund me in full. And 20 for my table.", 4_999, &[], x2()),
        ("Refund me in full. Separately, pay me 20 for the damage to my table.", 4_999, &[], x2()),
        // Controls.
        ("Cup $12\nSaucer $8\nOnly the cup broke, refund it please.", 4_999, &[], refund(1_200)),
        ("Refund: cup $12, saucer $8", 4_999, &[], refund(2_000)),
        ("Lamps are 30 each. Refund the broken one please.", 4_999, &[], refund(3_000)),
        (
            "Please refund GBP 49.99 (order total incl. VAT and delivery) for the faulty unit.",
            4_999,
            &[],
            refund(4_999),
        ),
    ];
    check(&cases);
}
