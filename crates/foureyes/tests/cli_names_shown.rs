//! Attack 41's H5 and H8 (ADR-1410, ADR-1411): every name a listing shows — a secret's, a credential's, a session's —
//! goes through the one escape ADR-1321 made for pins (`output::shown_name`, one-to-one), every free text a listing
//! shows (a journal event's data, a demotion's reason, an audit's difference) through the hidden-character escape,
//! and a session id holding a character a terminal hides is refused at the door.
#![allow(clippy::unwrap_used)]

use crate::support;

use support::Env;

const SESSION_POLICY: &str = "version: 1
session_trust:
  cooling_period: 30m
  demote_on:
    bounds_violation: true
actions:
  a.b:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
    params: { n: { type: integer, min: 0, max: 5 } }
";

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// No byte a terminal acts on or hides: no ESC, no bidi control, no zero-width character.
fn assert_nothing_raw(what: &str, shown: &str) {
    for c in ['\u{1b}', '\u{202e}', '\u{202c}', '\u{200b}', '\u{2066}'] {
        assert!(!shown.contains(c), "{what} printed {c:?} raw: {shown:?}");
    }
}

/// H5: rows forged into `connector_secrets` and `tokens` (a database writer) named with ESC sequences, a newline
/// that forges a whole listing row, and a Cyrillic twin of `base`. Red on main: `secret list`, `token list` and
/// `journal audit` printed the ESC and the newline raw, and `bаse` as `base`'s twin.
#[test]
fn attack41_forged_secret_and_token_names_are_shown_escaped_one_to_one() {
    let env = Env::new("version: 1\nactions:\n  a.b: { tier: 0 }\n");
    let key = env.dir.path().join("sk");
    let out = env.command().args(["secret", "new-key"]).output().unwrap();
    std::fs::write(&key, stdout(&out).trim()).unwrap();
    let mut set = env.command();
    set.args(["secret", "set", "base", "--secrets-key-file"]).arg(&key).stdin(std::process::Stdio::piped());
    let mut child = set.spawn().unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"v").unwrap();
    drop(child.stdin.take());
    assert!(child.wait().unwrap().success());
    let out = env.command().args(["token", "create", "--name", "bot", "--role", "agent"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let fake_row = "x\nshop_token                       version 7    created 2026-12-01T00:00:00Z";
    let names = ["\u{1b}[2K\u{1b}[1A\u{1b}[2Kevil", "b\u{430}se", fake_row, "al\u{202e}ice"];
    {
        let c = rusqlite::Connection::open(&env.db).unwrap();
        for name in names {
            c.execute(
                "INSERT INTO connector_secrets (name, version, key_fingerprint, nonce, sealed, updated_at_ms, \
                 created_at_ms) SELECT ?1, version, key_fingerprint, nonce, sealed, updated_at_ms, created_at_ms \
                 FROM connector_secrets WHERE name = 'base'",
                [name],
            )
            .unwrap();
            c.execute(
                "INSERT INTO tokens (name, role, token_hash, created_ms) SELECT ?1, role, ?1 || token_hash, created_ms \
                 FROM tokens WHERE name = 'bot'",
                [name],
            )
            .unwrap();
        }
    }
    let mut list = env.command();
    list.args(["secret", "list", "--secrets-key-file"]).arg(&key);
    let mut runs = vec![("secret list", list)];
    let mut tokens = env.command();
    tokens.args(["token", "list"]);
    runs.push(("token list", tokens));
    let mut audit = env.command();
    audit.args(["journal", "audit"]);
    runs.push(("journal audit", audit));
    for (what, mut command) in runs {
        let out = command.output().unwrap();
        let shown = stdout(&out);
        assert_nothing_raw(what, &shown);
        assert!(shown.contains("\\u{1b}[2K"), "{what}: the ESC name not shown escaped: {shown}");
        assert!(shown.contains("b\\u{430}se"), "{what}: the Cyrillic twin of `base` not shown escaped: {shown}");
        assert!(
            !shown.lines().any(|l| l.starts_with("shop_token ")),
            "{what}: a newline in a name forged a row: {shown}"
        );
    }
}

/// H8: a session id holding a zero-width or a bidi character is refused at the door (it listed as `sess` beside
/// `sess`, and the admin restored the wrong one); a session id that is only a visible look-alike (`s\u{435}ss`) is
/// listed escaped, one-to-one; `journal tail` shows an executor's detail with its bidi controls escaped ("paid
/// <RLO>EUR 001<PDF>" read "paid 100 RUE"). Red on main: the zero-width session was accepted (exit 11) and listed
/// raw, and `journal tail` printed the RLO raw.
#[test]
fn attack41_session_ids_and_details_are_never_shown_raw() {
    let env = Env::new(SESSION_POLICY);
    for (session, refused) in [("sess", false), ("se\u{200b}ss", true), ("sess\u{202e}x", true), ("s\u{435}ss", false)]
    {
        let out = env
            .command()
            .args(["decide", "--agent", "bot", "--action", "a.b", "--params", "{\"n\":99}", "--session", session])
            .args(["--request-id", &format!("r-{}", session.len())])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if refused {
            assert!(!matches!(out.status.code(), Some(0 | 10 | 11)), "{session:?} accepted: {out:?}");
            assert!(err.contains("`session` holds U+"), "{session:?}: {err}");
            assert_nothing_raw("the refusal", &err);
        } else {
            assert!(matches!(out.status.code(), Some(10 | 11)), "{session:?}: {out:?} {err}");
        }
    }
    let out = env.command().args(["sessions", "list"]).output().unwrap();
    let shown = stdout(&out);
    assert_nothing_raw("sessions list", &shown);
    assert!(shown.contains("session s\\u{435}ss of agent bot"), "{shown}");
    assert!(shown.contains("session sess of agent bot"), "{shown}");
    // An executor's report detail is free text: escaped where it is shown.
    let out = env
        .command()
        .args(["decide", "--agent", "bot", "--action", "a.b", "--params", "{\"n\":1}", "--request-id", "ok-1"])
        .output()
        .unwrap();
    let text = stdout(&out);
    let id = text
        .split_whitespace()
        .skip_while(|w| *w != "decision")
        .nth(1)
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_ascii_digit())
        .to_string();
    let out = env
        .command()
        .args([
            "report",
            &id,
            "--outcome",
            "executed",
            "--detail",
            "{\"note\":\"paid \u{202e}EUR 001\u{202c} to ACME\u{200b}\"}",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "report {id}: {out:?} (decide said {text})");
    let out = env.command().args(["journal", "tail"]).output().unwrap();
    let shown = stdout(&out);
    assert_nothing_raw("journal tail", &shown);
    assert!(shown.contains("paid \\u{202e}EUR 001\\u{202c} to ACME\\u{200b}"), "{shown}");
}

/// Attack 41's minor (ADR-1415): `approvals approve 1 --as "al<U+200B>ice"` was a second approver beside `alice`, the
/// approve message printed the zero-width space raw, and `--as 'al\u{200b}ice'` typed with a backslash was shown as
/// the same `al\u{200b}ice` (the escape was not one-to-one). A name holding a hidden character is refused at `--as`
/// (exit 2, escaped), and approvers are shown one-to-one. Red on main: the zero-width name accepted, exit 0.
#[test]
fn attack41_an_approver_name_is_refused_with_a_hidden_character_and_shown_one_to_one() {
    let env = Env::new("version: 1\nactions:\n  pay.send: { tier: 3, approvals: { required: 2 } }\n");
    let out =
        env.command().args(["decide", "--agent", "bot", "--action", "pay.send", "--params", "{}"]).output().unwrap();
    assert_eq!(out.status.code(), Some(11), "held for a person: {}", String::from_utf8_lossy(&out.stderr));
    let out = env.command().args(["approvals", "approve", "1", "--as", "al\u{200b}ice"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "a name holding U+200B voted: {out:?}");
    assert!(err.contains("al\\u{200b}ice") && !err.contains('\u{200b}'), "{err:?}");
    let out = env.command().args(["approvals", "approve", "1", "--as", "al\\u{200b}ice"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let shown = stdout(&env.command().args(["approvals", "show", "1"]).output().unwrap());
    assert!(shown.contains("approved by al\\u{5c}u{200b}ice"), "the typed backslash is not shown as such: {shown}");
}
