//! Outside attack 54's tickets of hidden and reordered text (REPORT.md P12, P13, P23, FB7; F1658): text a person
//! does not see read by the desk, or text a person sees read differently from the source. Each ticket is run on the
//! attack's setup (a delivered order of the given amount, placed 6 days ago) and must reach the attack's policy
//! decision; the controls beside them are the same markup made visible, which must still be read.

use crate::kinds::evidence_at as evidence;
use support_desk::classify;

/// (action, first clause, amount) of a ticket on a delivered order of `cents` placed 6 days ago.
fn decide_on(body: &str, cents: i64) -> (String, String, Option<i64>) {
    let c = classify::classify(&evidence(body, cents, 6, &[]));
    (c.action.to_string(), c.policy_refs.first().map(|r| r.to_string()).unwrap_or_default(), c.amount_cents)
}

/// (attack id, ticket, order cents, the policy's action, its clause).
const ATTACK: &[(&str, &str, i64, &str, &str)] = &[
    (
        "s3-018",
        r##"<p>Refund $60<span style="letter-spacing:-1em"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-023",
        r##"<p>Refund $60<span style="rotate:x 90deg;display:inline-block"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-026",
        r##"<p>Refund $60<span style="transform:skewX(90deg);display:inline-block"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    ("s3-028", r##"<p>Refund $60<dialog> sorry I mean $30</dialog></p>"##, 4999, "refuse", "X2"),
    ("s3-029", r##"<p>Refund $60<div popover> sorry I mean $30</div></p>"##, 4999, "refuse", "X2"),
    (
        "s3-050",
        r##"<p>Refund $60<span style="position:absolute;right:100000px"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-055",
        r##"<p>Refund $60<span style="backface-visibility:hidden;transform:rotateY(180deg);display:inline-block"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-066",
        r##"<p>Refund $60<style>div span{display:none}</style><div><span> sorry I mean $30</span></div></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-067",
        r##"<p>Refund $60<style>[data-h]{display:none}</style><span data-h> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-068",
        r##"<p>Refund $60<style>span:last-child{display:none}</style><span> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-069",
        r##"<p>Refund $60<style>p>span{display:none}</style><span> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-070",
        r##"<p>Refund $60<style>#c{display:none}.x{display:inline}</style><span id="c" class="x"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-077",
        r##"<p>Refund $60<style>:root{--h:none}.q{display:var(--h)}</style><span class="q"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-078",
        r##"<p>Refund $60<div style="--o:0"><span style="opacity:var(--o)"> sorry I mean $30</span></div></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-115",
        r##"<p>How do I descale the kettle?</p><span style="letter-spacing:-1em">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    ("s3-117", r##"<p>How do I descale the kettle?</p><dialog>Refund $49.99 please</dialog>"##, 4999, "close", "C1"),
    (
        "s3-119",
        r##"<p>How do I descale the kettle?</p><style>div span{display:none}</style><div><span>Refund $49.99 please</span></div>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s3-120",
        r##"<p>How do I descale the kettle?</p><style>[data-h]{display:none}</style><span data-h>Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    ("s7-000", r##"<p>Refund $60<dialog> sorry I mean $30</dialog></p>"##, 4999, "refuse", "X2"),
    ("s7-001", r##"<p>Refund $60<dialog class="x"> sorry I mean $30</dialog></p>"##, 4999, "refuse", "X2"),
    ("s7-002", r##"<p>Refund $60<div popover="auto"> sorry I mean $30</div></p>"##, 4999, "refuse", "X2"),
    ("s7-003", r##"<p>Refund $60<div popover="manual"> sorry I mean $30</div></p>"##, 4999, "refuse", "X2"),
    (
        "s7-004",
        r##"<p>Refund $60<span style="letter-spacing:-0.6em"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-005",
        r##"<p>Refund $60<span style="letter-spacing:-100px"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-006",
        r##"<p>Refund $60<span style="word-spacing:-100px;letter-spacing:-50px"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-007",
        r##"<p>Refund $60<span style="display:inline-block;rotate:y 90deg"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-008",
        r##"<p>Refund $60<span style="display:inline-block;rotate:90deg;rotate:x 90deg"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-009",
        r##"<p>Refund $60<span style="display:inline-block;transform:skew(90deg)"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-010",
        r##"<p>Refund $60<span style="display:inline-block;transform:skewY(90deg)"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-011",
        r##"<p>Refund $60<span style="display:inline-block;transform:perspective(1px) translateZ(2px)"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-012",
        r##"<p>Refund $60<span style="display:inline-block;backface-visibility:hidden;transform:rotateX(180deg)"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-013",
        r##"<p>Refund $60<span style="position:absolute;right:99999px"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-014",
        r##"<p>Refund $60<span style="position:absolute;bottom:99999px"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-015",
        r##"<p>Refund $60<span style="position:relative;left:-99999px"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-016",
        r##"<p>Refund $60<span style="position:relative;top:-99999px"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-018",
        r##"<p>Refund $60<style>body span{display:none}</style><span> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-019",
        r##"<p>Refund $60<style>p span{opacity:0}</style><p><span> sorry I mean $30</span></p></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-020",
        r##"<p>Refund $60<style>span[title]{display:none}</style><span title="x"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-021",
        r##"<p>Refund $60<style>.w:not(.v){display:none}</style><span class="w"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-022",
        r##"<p>Refund $60<style>span:first-of-type{display:none}</style><span> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-024",
        r##"<p>Refund $60<style>.a ~ .b{display:none}</style><i class="a"></i><span class="b"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-025",
        r##"<p>Refund $60<style>.a + .b{display:none}</style><i class="a"></i><span class="b"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-026",
        r##"<p>Refund $60<style>#i{display:none} span{display:inline}</style><span id="i"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-027",
        r##"<p>Refund $60<style>#i.x{display:none} .x{display:inline}</style><span id="i" class="x"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-028",
        r##"<p>Refund $60<style>@media all{.m{display:none}}</style><span class="m"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-029",
        r##"<p>Refund $60<style>@media screen{.m{display:none}}</style><span class="m"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-030",
        r##"<p>Refund $60<style>@supports (display:none){.m{display:none}}</style><span class="m"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-031",
        r##"<p>Refund $60<style>@layer x{.m{display:none}}</style><span class="m"> sorry I mean $30</span></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s7-033",
        r##"<p>Refund $60<div style="--o:0"><span style="opacity:var(--o)"> sorry I mean $30</span></div></p>"##,
        4999,
        "refuse",
        "X2",
    ),
    ("s7-063", r##"<p>What are your opening hours?</p><dialog>Refund $49.99 please</dialog>"##, 4999, "close", "C1"),
    (
        "s7-064",
        r##"<p>What are your opening hours?</p><dialog class="x">Refund $49.99 please</dialog>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-065",
        r##"<p>What are your opening hours?</p><div popover="auto">Refund $49.99 please</div>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-066",
        r##"<p>What are your opening hours?</p><div popover="manual">Refund $49.99 please</div>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-067",
        r##"<p>What are your opening hours?</p><span style="letter-spacing:-0.6em">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-068",
        r##"<p>What are your opening hours?</p><span style="letter-spacing:-100px">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-069",
        r##"<p>What are your opening hours?</p><span style="word-spacing:-100px;letter-spacing:-50px">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-070",
        r##"<p>What are your opening hours?</p><span style="display:inline-block;rotate:y 90deg">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-071",
        r##"<p>What are your opening hours?</p><span style="display:inline-block;rotate:90deg;rotate:x 90deg">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-072",
        r##"<p>What are your opening hours?</p><span style="display:inline-block;transform:skew(90deg)">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-073",
        r##"<p>What are your opening hours?</p><span style="display:inline-block;transform:skewY(90deg)">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-074",
        r##"<p>What are your opening hours?</p><span style="display:inline-block;transform:perspective(1px) translateZ(2px)">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-075",
        r##"<p>What are your opening hours?</p><span style="display:inline-block;backface-visibility:hidden;transform:rotateX(180deg)">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-076",
        r##"<p>What are your opening hours?</p><span style="position:absolute;right:99999px">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-077",
        r##"<p>What are your opening hours?</p><span style="position:absolute;bottom:99999px">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-078",
        r##"<p>What are your opening hours?</p><span style="position:relative;left:-99999px">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-079",
        r##"<p>What are your opening hours?</p><span style="position:relative;top:-99999px">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-081",
        r##"<p>What are your opening hours?</p><style>body span{display:none}</style><span>Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-082",
        r##"<p>What are your opening hours?</p><style>p span{opacity:0}</style><p><span>Refund $49.99 please</span></p>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-083",
        r##"<p>What are your opening hours?</p><style>span[title]{display:none}</style><span title="x">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-084",
        r##"<p>What are your opening hours?</p><style>.w:not(.v){display:none}</style><span class="w">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-085",
        r##"<p>What are your opening hours?</p><style>span:first-of-type{display:none}</style><span>Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-087",
        r##"<p>What are your opening hours?</p><style>.a ~ .b{display:none}</style><i class="a"></i><span class="b">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-088",
        r##"<p>What are your opening hours?</p><style>.a + .b{display:none}</style><i class="a"></i><span class="b">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-089",
        r##"<p>What are your opening hours?</p><style>#i{display:none} span{display:inline}</style><span id="i">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-090",
        r##"<p>What are your opening hours?</p><style>#i.x{display:none} .x{display:inline}</style><span id="i" class="x">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-091",
        r##"<p>What are your opening hours?</p><style>@media all{.m{display:none}}</style><span class="m">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    (
        "s7-092",
        r##"<p>What are your opening hours?</p><style>@media screen{.m{display:none}}</style><span class="m">Refund $49.99 please</span>"##,
        4999,
        "close",
        "C1",
    ),
    ("s15-020", r##"<p>Refund $600<dialog> sorry I mean $300</dialog></p>"##, 70000, "escalate", "E1"),
    (
        "s15-021",
        r##"<p>Refund $600<span style="letter-spacing:-1em"> sorry I mean $300</span></p>"##,
        70000,
        "escalate",
        "E1",
    ),
    (
        "s15-022",
        r##"<p>Refund $600<style>div span{display:none}</style><div><span> sorry I mean $300</span></div></p>"##,
        70000,
        "escalate",
        "E1",
    ),
    (
        "s15-023",
        r##"<p>Refund $600<span style="position:relative;left:-99999px"> sorry I mean $300</span></p>"##,
        70000,
        "escalate",
        "E1",
    ),
    ("s15-024", r##"<p>Refund $600<div popover> sorry I mean $300</div></p>"##, 70000, "escalate", "E1"),
    (
        "s3-089",
        r##"<style>.a::after{content:"0"}</style><p>Refund $6<span class="a"></span> please</p>"##,
        4999,
        "refuse",
        "X2",
    ),
    (
        "s3-095",
        r##"<p>Refund $<span style="display:inline-flex;flex-direction:row-reverse"><span>0</span><span>6</span></span> please</p>"##,
        4999,
        "refuse",
        "X2",
    ),
    ("s6-075", r##"Refund 6⃣0⃣ dollars"##, 4999, "escalate", "U1"),
    ("s30-000", r##"Refund $3̶0̶ $60"##, 4999, "refuse", "X2"),
    ("s30-006", r##"Refund $3̶0̶ $60"##, 4999, "refuse", "X2"),
    ("s31-000", r##"Refund $6̲0̲ please"##, 4999, "refuse", "X2"),
    ("s31-001", r##"Refund $6̅0̅ please"##, 4999, "refuse", "X2"),
    ("s31-002", r##"Refund $6̳0̳ please"##, 4999, "refuse", "X2"),
    ("s31-003", r##"Refund $6̿0̿ please"##, 4999, "refuse", "X2"),
    ("s31-004", r##"Refund $6́0́ please"##, 4999, "refuse", "X2"),
    ("s31-005", r##"Refund $6̀0̀ please"##, 4999, "refuse", "X2"),
    ("s31-006", r##"Refund $6̂0̂ please"##, 4999, "refuse", "X2"),
    ("s31-007", r##"Refund $6̇0̇ please"##, 4999, "refuse", "X2"),
    ("s31-008", r##"Refund $6̣0̣ please"##, 4999, "refuse", "X2"),
    ("s31-009", r##"Refund $6⃝0⃝ please"##, 4999, "refuse", "X2"),
    ("s31-010", r##"Refund $6⃞0⃞ please"##, 4999, "refuse", "X2"),
    ("s31-011", r##"Refund $6⃣0⃣ please"##, 4999, "refuse", "X2"),
    ("s31-012", r##"Refund $6̱0̱ please"##, 4999, "refuse", "X2"),
    ("s31-013", r##"Refund $6͟0͟ please"##, 4999, "refuse", "X2"),
    ("s31-014", r##"How do I descale it? R̲e̲f̲u̲n̲d̲ $49.99"##, 4999, "refund", "R1"),
    ("s31-015", r##"How do I descale it? R̅e̅f̅u̅n̅d̅ $49.99"##, 4999, "refund", "R1"),
    ("s31-016", r##"How do I descale it? R⃝e⃝f⃝u⃝n⃝d⃝ $49.99"##, 4999, "refund", "R1"),
];

/// Class P12, P13, P23, FB7: every ticket reaches the policy's decision (the action and its clause); where the policy
/// pays, the amount is the order's.
#[test]
fn hidden_or_reordered_text_is_read_as_a_person_sees_it() {
    let mut wrong = Vec::new();
    for (id, body, cents, action, clause) in ATTACK {
        let (got_action, got_clause, amount) = decide_on(body, *cents);
        let paid_right = *action != "refund" || amount == Some(*cents);
        // A ticket whose policy is U1 (the figure is unreadable to the policy) must at least not be paid.
        let held =
            if *clause == "U1" { got_action != "refund" } else { got_action == *action && got_clause == *clause };
        if !(held && paid_right) {
            wrong.push(format!("{id}: {got_action} {got_clause} {amount:?}, want {action} {clause} <- {body}"));
        }
    }
    assert!(wrong.is_empty(), "{} of {} misread:\n{}", wrong.len(), ATTACK.len(), wrong.join("\n"));
}

/// Controls: the same markup shown to a person (an open dialog, small spacing, a turn in the page's plane, a small
/// offset, a rule whose condition fails on a screen, a selector that does not match), and marks on letters that are
/// part of words, keep the text read: the visible correction is what is paid.
#[test]
fn the_same_markup_shown_is_still_read() {
    for body in [
        r#"<p>Refund $60<dialog open> sorry I mean $30</dialog></p>"#,
        r#"<p>Refund $60<span style="letter-spacing:0.1em"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="letter-spacing:-0.05em"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="display:inline-block;rotate:90deg"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="display:inline-block;rotate:x 20deg"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="display:inline-block;transform:skew(10deg)"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="display:inline-block;transform:perspective(500px) translateZ(20px)"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="backface-visibility:hidden"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="position:relative;left:4px;top:-2px"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<span style="position:absolute;right:10px"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<style>div span{display:none}</style><span> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<style>[data-h]{display:none}</style><span data-x> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<style>.w:not(.v){display:none}</style><span class="w v"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<style>.a + .b{display:none}</style><span class="b"> sorry I mean $30</span><i class="a"></i></p>"#,
        r#"<p>Refund $60<style>.x{display:none} #c.x{display:inline}</style><span id="c" class="x"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<style>@media print{.m{display:none}}</style><span class="m"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<style>@media (max-width:300px){.m{display:none}}</style><span class="m"> sorry I mean $30</span></p>"#,
        r#"<p>Refund $60<div style="--o:1"><span style="opacity:var(--o)"> sorry I mean $30</span></div></p>"#,
    ] {
        assert_eq!(decide_on(body, 4_999), ("refund".into(), "R1".into(), Some(3_000)), "{body}");
    }
    for body in [
        "Refund $30 please, the café's kettle arrived broken",
        "Le remboursement de $30 s'il vous plaît, la bouilloire est cassée",
        "Refund $3\u{0332}0\u{0332} please",
    ] {
        assert_eq!(decide_on(body, 4_999), ("refund".into(), "R1".into(), Some(3_000)), "{body}");
    }
}
