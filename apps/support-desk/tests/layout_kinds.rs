//! The ticket's layout (blind set 10, issue 16): web-form submissions with field labels, HTML remnants and lists,
//! pasted receipts and tables. Each kind is a regression set of tickets written for these tests (other words,
//! amounts, currencies, field orders and separators than `evals/blind10`), with controls that must not flip. Each
//! test collects every failing ticket before it asserts, so a red run lists the whole kind.

use crate::kinds::{check, other, refund};

/// Kind (b10, F650): a filled "Amount requested" / "Refund amount" / "Total credit requested" field asks that
/// figure, whatever the free text says or does not say; then the usual clauses (over the cap E1, already refunded
/// X4, over the order X2). Labels in any case; ":", " - " or a tab as the separator; one field a line or " / "
/// joined. An empty ask field asks nothing.
#[test]
fn a_filled_ask_field_is_a_request_for_its_figure() {
    let e1 = other("escalate", "E1");
    let x2 = other("refuse", "X2");
    let x4 = other("refuse", "X4");
    check(&[
        (
            "Reason: Arrived broken\nRefund amount: 42.00\nComments: the box was crushed on one corner",
            4_200,
            &[],
            refund(4_200),
        ),
        ("REFUND AMOUNT - 19.95\nREASON - wrong colour sent", 2_500, &[], refund(1_995)),
        (
            "Issue type:\tDefective\nAmount requested:\t$120.00\nNotes:\tstopped charging after a day",
            12_000,
            &[],
            refund(12_000),
        ),
        (
            "Reason: Faulty / Amount requested: 37.50 / Order reference: linked / Comments: the hinge snapped off",
            6_000,
            &[],
            refund(3_750),
        ),
        (
            "amount requested: €705.00\nreason: damaged in transit\ncomments: the glass top is shattered",
            80_000,
            &[],
            e1.clone(),
        ),
        ("Requested amount: 1,250.00 EUR\nReason: Not as described", 125_000, &[], e1),
        ("Refund amount: 80.00\nReason: not as described\nComments: nothing like the photo", 6_000, &[], x2),
        (
            "Reason: Still faulty\nAmount requested: 31.00\nComments: the second unit has the same fault",
            6_200,
            &["executed"],
            x4,
        ),
        // Controls: an empty ask field asks nothing; a pending earlier refund does not block the ask.
        (
            "Amount requested:\nReason: Question\nComments: does the jacket come in navy?",
            7_000,
            &[],
            other("close", "C1"),
        ),
        (
            "Reason: Missing part\nAmount requested: 14.00\nComments: the lid was not in the box",
            5_000,
            &["pending"],
            refund(1_400),
        ),
    ]);
}

/// Kind (b10, F650): a comment that asks a different figure than the ask field offers two figures (U1), unless it
/// says the field is to be ignored (then the comment's figure is the ask). A comment that repeats the field, or
/// names only a price, asks the field's figure.
#[test]
fn a_comment_asking_another_figure_than_the_field_is_an_alternative() {
    let u1 = other("escalate", "U1");
    check(&[
        ("Amount requested: 20.00\nComments: please refund 35 for the broken part", 8_000, &[], u1.clone()),
        ("Refund amount: 12.00 / Reason: scratched / Comments: I'd like 18.00 back for this", 4_000, &[], u1.clone()),
        (
            "Reason: Late delivery\nRefund amount - 9.00\nNotes - honestly 15 would be fairer, please refund 15",
            3_000,
            &[],
            u1,
        ),
        // Controls.
        ("Amount requested: 25.00\nComments: refund 25.00 please, the handle came off", 6_000, &[], refund(2_500)),
        (
            "Amount requested: 60.00\nComments: ignore the amount above, it was pre-filled. I only want 15.00 back for the chipped bowl.",
            6_000,
            &[],
            refund(1_500),
        ),
        (
            "Amount requested: 30.00\nComments: the lamp cost 45.00 but only the shade is broken",
            4_500,
            &[],
            refund(3_000),
        ),
    ]);
}

/// Kind (b10, F650): fields that price the order (goods value, handling, tax, shipping, order total, references)
/// are not the ask; a "total … requested" field that sums them is, and over the order it is refused (X2).
#[test]
fn price_fields_are_not_the_ask_but_a_total_requested_is() {
    let x2 = other("refuse", "X2");
    check(&[
        (
            "Goods value: 120.00\nShipping: 9.95\nTotal credit requested: 129.95\nPlease confirm.",
            12_000,
            &[],
            x2.clone(),
        ),
        ("PO: 5521 / Goods value: 300.00 / Handling: 25.00 / Total refund requested: 325.00", 30_000, &[], x2),
        ("Item price: 80.00\nTax: 6.40\nRefund amount: 80.00\nReason: damaged", 8_640, &[], refund(8_000)),
        ("Order total: 64.00\nAmount requested: 16.00\nReason: one cup broken", 6_400, &[], refund(1_600)),
        (
            "Credit request ref CR-77\nGoods value: 210.00\nTotal credit requested: GBP 210.00",
            21_000,
            &[],
            refund(21_000),
        ),
        ("Order reference: 4471\nReason: never arrived\nAmount requested: 39.00", 3_900, &[], refund(3_900)),
        // Control: an order total with a question and no ask field is an inquiry.
        ("Order total: 59.00\nReason: Question\nComments: does it come in blue?", 5_900, &[], other("close", "C1")),
    ]);
}

/// Kind (b10, F651): HTML remnants are read as the text a person sees: tags dropped, entities decoded, each list
/// item, paragraph and line break its own clause, so an item about an earlier refund does not compete with the ask
/// in another item.
#[test]
fn html_tags_and_entities_are_read_as_the_text_a_person_sees() {
    check(&[
        (
            "<ul><li>Earlier refund 12.00 still pending &ndash; leave that one alone</li><li>The mug arrived chipped &rarr; please refund 9.50 for it</li></ul>",
            4_000,
            &["pending"],
            refund(950),
        ),
        (
            "<ol><li>Refund of 7.00 for late delivery: pending, that's fine</li><li><strong>New:</strong> the blanket has a hole, refund 28.00 please</li></ol>",
            9_000,
            &["pending"],
            refund(2_800),
        ),
        ("<p>The kettle&nbsp;leaks.</p><p>Please refund &#36;34.99</p>", 3_499, &[], refund(3_499)),
        ("<div>Refund &pound;22.00 please &ndash; the zip broke</div>", 5_000, &[], refund(2_200)),
        (
            "<b>Amount requested:</b> 45.00<br><b>Reason:</b> broken<br/><b>Comments:</b> arrived in pieces",
            4_500,
            &[],
            refund(4_500),
        ),
        // Controls: an acknowledgement stays one; a refund asked with no figure is the order's amount.
        ("<p>Thanks &mdash; the refund of &#36;20.00 arrived today.</p>", 4_000, &["executed"], other("close", "C1")),
        ("Tom &amp; I ordered the rug<br>it's stained<br/>refund it please", 15_000, &[], refund(15_000)),
    ]);
}

/// Kind (b10, F652): a pasted receipt or table (line items, subtotal, tax, shipping, total) prices the order: its
/// figures are not asks. A refund asked with no figure is the order's amount; a figure asked in prose is the ask.
#[test]
fn receipt_and_table_figures_are_prices_not_asks() {
    check(&[
        (
            "Receipt\nHeadphones      1   59.00\nCable           1    9.00\nSubtotal            68.00\nVAT 20%             13.60\nShipping             4.99\nTotal               86.59\n\nThe headphones crackle in the left ear. Refund please.",
            8_659,
            &[],
            refund(8_659),
        ),
        (
            "Item | Qty | Price\nDesk lamp | 1 | 38.00\nTax | | 3.04\nShipping | | 6.00\nTotal | | 47.04\nThe lamp does not switch on, please refund my order.",
            4_704,
            &[],
            refund(4_704),
        ),
        (
            "Order summary:\n- Teapot x1 — €24.00\n- Cups x4 — €16.00\n- Delivery — €4.50\nTotal: €44.50\nTwo cups broke in the post. Please refund €8.00 for them.",
            4_450,
            &[],
            refund(800),
        ),
        (
            "<table><tr><td>Blender</td><td>$79.00</td></tr><tr><td>Shipping</td><td>$7.50</td></tr><tr><td>Total</td><td>$86.50</td></tr></table><p>It arrived dead. I want my money back.</p>",
            8_650,
            &[],
            refund(8_650),
        ),
        ("Tax: 3.20  Shipping: 5.00  Total: 45.20\nit never arrived, I want my money back", 4_520, &[], refund(4_520)),
    ]);
}
