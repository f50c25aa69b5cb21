//! The CLI's approval listings show characters that hide or reorder text (bidi controls such as U+202E, C1 controls,
//! zero-width and line-separator characters) escaped, as the console does: an approver reading `approvals list` in
//! a terminal must see the bytes that will run, not a line an agent re-ordered (issue 12, F52).
#![allow(clippy::unwrap_used)]

use crate::support;

use support::Env;

#[test]
fn approval_listings_escape_bidi_and_c1_characters() {
    let env = Env::new("version: 1\nactions:\n  weather.get: { tier: 0 }\n");
    // An unnamed action is held for a person; its params carry a right-to-left override and a C1 control.
    // Then the characters a hand-kept list missed (attack 32 H1): a variation selector, a musical-symbol format
    // control, a reserved tag, an Arabic prepended mark, an em space.
    let params = serde_json::json!({
        "iban": "DE89\u{202E}0001\u{85}x",
        "memo": "ok\u{200B}",
        "payee": "ACME\u{FE0F} Ltd\u{1D173}\u{E0080}\u{600}\u{2003}",
    })
    .to_string();
    let out = env
        .command()
        .args(["decide", "--agent", "bot", "--action", "bank.transfer", "--params", &params])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(11), "held for a person: {}", String::from_utf8_lossy(&out.stderr));
    for args in [vec!["approvals", "list"], vec!["approvals", "show", "1"]] {
        let out = env.command().args(&args).output().unwrap();
        let shown = String::from_utf8(out.stdout).unwrap();
        assert!(shown.contains("approval 1"), "{args:?}: {shown}");
        for hidden in ['\u{202E}', '\u{85}', '\u{200B}', '\u{FE0F}', '\u{1D173}', '\u{E0080}', '\u{600}', '\u{2003}'] {
            assert!(!shown.contains(hidden), "{args:?} printed {hidden:?} raw: {shown:?}");
        }
        assert!(shown.contains("\\u{202e}") && shown.contains("\\u{fe0f}"), "{args:?}: {shown}");
    }
}

/// F1447 (lead, session 34): a param's name is the agent's text, and two refusals quoted it raw. `unknown param
/// 'amаount' (accepted: amount)` read as a refusal of the accepted name (a Cyrillic а), `unknown param 'x<RLO>y'`
/// reordered the line, and the number refusal quoted `param \`amаount\`` the same way. Red on main `90e8b61a`:
/// the deny reason and the exit-3 refusal printed U+0430 and U+202E raw. A top-level param name is a name a person
/// reads in an approval: the door refuses one holding a character a person would not see (ADR-1411's check), and
/// every refusal quotes a param name through the one escape (ADR-1410).
#[test]
fn a_param_name_is_refused_with_hidden_characters_and_quoted_escaped() {
    let env = Env::new(
        "version: 1\nactions:\n  a.b:\n    tier: 2\n    limits: [ { count: 1000, per: 1h } ]\n    params: { amount: { type: integer, min: 0, max: 5 } }\n",
    );
    let raw = |text: &str| text.contains('\u{430}') || text.contains('\u{202e}') || text.contains('\u{200b}');
    // A visible look-alike is a name the door takes; its refusal shows it one-to-one.
    let out = env
        .command()
        .args(["decide", "--agent", "bot", "--action", "a.b", "--params", "{\"am\u{430}ount\":1,\"amount\":1}"])
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(10), "denied: {text}");
    assert!(text.contains("am\\u{430}ount"), "the look-alike is not shown as what it is: {text}");
    assert!(!raw(&text), "a param name printed raw: {text:?}");
    // A number refusal quotes the name the same way.
    let out = env
        .command()
        .args(["decide", "--agent", "bot", "--action", "a.b", "--params", "{\"am\u{430}ount\":99999999999999999999}"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(3), "refused at the door: {text}");
    assert!(!raw(&text), "a param name printed raw: {text:?}");
    // A name holding a character a person would not see is refused at the door, named by its code.
    for name in ["x\u{202e}y", "amo\u{200b}unt"] {
        let params = format!("{{\"{name}\":1,\"amount\":1}}");
        let out =
            env.command().args(["decide", "--agent", "bot", "--action", "a.b", "--params", &params]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(3), "{name:?} not refused at the door: {text}");
        assert!(text.contains("holds U+"), "{text}");
        assert!(!raw(&text), "a param name printed raw: {text:?}");
    }
    let journal = env.command().args(["journal", "tail"]).output().unwrap();
    assert!(!raw(&String::from_utf8_lossy(&journal.stdout)), "the journal listing shows a param name raw");
}
