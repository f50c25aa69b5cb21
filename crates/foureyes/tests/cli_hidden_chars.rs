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
