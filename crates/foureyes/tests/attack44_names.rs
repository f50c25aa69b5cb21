//! Attack 44's H4, H5 and H6 (ADR-1520, ADR-1521, ADR-1522): names a person reads that were echoed raw against
//! ADR-1410 ("one escape for every name a listing shows", `tool_pin::shown`) and ADR-1411 (hidden characters refused
//! at the door). Each refusal and listing quotes a name through the one escape; the doors refuse the characters a
//! person would not see through the one check (`types::check_name_text`, `hidden::first_unseen`).
#![allow(clippy::unwrap_used)]

use crate::support;

use std::time::Duration;
use support::Env;

/// No byte a terminal acts on or hides, and no invisible filler.
fn assert_nothing_raw(what: &str, shown: &str) {
    for c in ['\u{1b}', '\u{202e}', '\u{200b}', '\u{16fe4}', '\u{43e}'] {
        assert!(!shown.contains(c), "{what} printed U+{:04X} raw: {shown:?}", c as u32);
    }
}

/// H4: `sessions restore` echoed the session id (U+202E) and the agent (ESC, so a terminal ran `ESC[2K`) raw in its
/// answer, over the CLI and `POST /v1/sessions/restore`, and did not refuse a control character in the agent.
/// Red on main: "error: session `s<RLO>x` of agent `b<ESC>[2Kot` is not demoted", raw, exit 5.
#[test]
fn attack44_h4_sessions_restore_refuses_hidden_names_and_echoes_every_name_escaped() {
    let env = Env::new("version: 1\nactions:\n  a.b: { tier: 0 }\n");
    for (agent, session) in [
        ("b\u{1b}[2Kot", Some("s\u{202e}x")),
        ("b\u{1b}[2Kot", None),
        ("bot", Some("s\u{202e}x")),
        ("bot", Some("se\u{200b}ss")),
        ("bo\u{16fe4}t", None),
    ] {
        let mut cmd = env.command();
        cmd.args(["sessions", "restore", "--agent", agent, "--why", "ok", "--as", "alice"]);
        if let Some(s) = session {
            cmd.args(["--session", s]);
        }
        let out = cmd.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{agent:?} {session:?} not refused at the door: {out:?}");
        assert!(err.contains("holds U+") || err.contains("control character"), "{err}");
        assert_nothing_raw("the restore refusal", &err);
    }
    // A name the door takes (a visible look-alike) that is not demoted: the answer quotes both one-to-one.
    let out = env
        .command()
        .args([
            "sessions",
            "restore",
            "--agent",
            "b\u{43e}t",
            "--session",
            "s\u{435}ss",
            "--why",
            "ok",
            "--as",
            "alice",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(5), "{out:?}");
    assert!(err.contains("session `s\\u{435}ss` of agent `b\\u{43e}t` is not demoted"), "{err}");
    assert_nothing_raw("the not-found answer", &err);

    let admin = env.token("root", "admin");
    let (_server, addr) = env.serve();
    for body in [
        serde_json::json!({"agent": "bot", "session": "s\u{202e}x", "why": "ok"}),
        serde_json::json!({"agent": "b\u{1b}[2Kot", "why": "ok"}),
        serde_json::json!({"agent": "b\u{43e}t", "session": "s\u{435}ss", "why": "ok"}),
    ] {
        let (status, raw) =
            support::http_bytes(&addr, "POST", "/v1/sessions/restore", &admin, Some(&body), Duration::from_secs(30))
                .unwrap();
        let text = String::from_utf8(raw).unwrap();
        // JSON writes ESC as `\u001b` itself; what must not come through is the character the JSON carries.
        let decoded: serde_json::Value = serde_json::from_str(&text).unwrap();
        let message = decoded.to_string();
        assert!(status >= 400, "{body}: {status} {text}");
        assert_nothing_raw("POST /v1/sessions/restore", &message);
        assert!(!message.contains("\\u001b"), "{message}");
    }
}

/// H5: the refusals of `token create --name`, `secret set NAME` and `token revoke NAME` echoed the given name raw.
/// Red on main: "error: name `al<ESC>[2Kice`: use 1 to 64 letters …", "secret name `al<ESC>[2Kice` …" and
/// "no active credential named `al<RLO>ice`", raw.
#[test]
fn attack44_h5_name_refusals_echo_the_name_escaped() {
    let env = Env::new("version: 1\nactions:\n  a.b: { tier: 0 }\n");
    let key = env.dir.path().join("sk");
    let out = env.command().args(["secret", "new-key"]).output().unwrap();
    std::fs::write(&key, String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    for name in ["al\u{1b}[2Kice", "al\u{202e}ice", "al\u{200b}ice"] {
        let escaped = foureyes_core::tool_pin::shown(name);
        let out = env.command().args(["token", "create", "--name", name, "--role", "agent"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{out:?}");
        assert!(err.contains(&format!("name `{escaped}`")), "{err}");
        assert_nothing_raw("token create", &err);

        let out =
            env.command().args(["token", "create", "--name", "ok", "--role", "agent", "--for", name]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{out:?}");
        assert_nothing_raw("token create --for", &err);

        let out = env.command().args(["token", "revoke", name]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(5), "{out:?}");
        assert!(err.contains(&format!("no active credential named `{escaped}`")), "{err}");
        assert_nothing_raw("token revoke", &err);

        let mut set = env.command();
        set.args(["secret", "set", name, "--secrets-key-file"]).arg(&key).stdin(std::process::Stdio::piped());
        set.stderr(std::process::Stdio::piped());
        let mut child = set.spawn().unwrap();
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"v").unwrap();
        drop(child.stdin.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{out:?}");
        assert!(err.contains(&format!("secret name `{escaped}`")), "{err}");
        assert_nothing_raw("secret set", &err);
    }
}

/// H6: `decisions list`, `approvals list` and `approvals show` printed the agent raw, so `bot` and `b<U+043E>t` listed
/// alike where the person approving reads them; and `bo<U+16FE4>t` (KHITAN SMALL SCRIPT FILLER, drawn as nothing) was
/// accepted as an agent, a session and a request id. Red on main: `agent bоt` (Cyrillic) in all three listings, and
/// the filler decided (exit 11).
#[test]
fn attack44_h6_the_agent_is_listed_one_to_one_and_an_unseen_mark_is_refused_at_the_door() {
    let env = Env::new("version: 1\nactions:\n  pay.send: { tier: 3, approvals: { required: 2 } }\n");
    for agent in ["bot", "b\u{43e}t"] {
        let out = env.command().args(["decide", "--agent", agent, "--action", "pay.send", "--params", "{}"]).output();
        let out = out.unwrap();
        assert_eq!(out.status.code(), Some(11), "held for a person: {out:?}");
    }
    for args in [&["decisions", "list"][..], &["approvals", "list"], &["approvals", "show", "2"]] {
        let out = env.command().args(args).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{args:?}");
        assert!(text.contains("b\\u{43e}t"), "{args:?} does not show the look-alike escaped: {text}");
        assert_nothing_raw(&format!("{args:?}"), &text);
    }
    for field in ["--agent", "--session", "--request-id"] {
        let mut cmd = env.command();
        cmd.args(["decide", "--action", "pay.send", "--params", "{}"]);
        if field != "--agent" {
            cmd.args(["--agent", "bot"]);
        }
        let out = cmd.args([field, "bo\u{16fe4}t"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!matches!(out.status.code(), Some(0 | 10 | 11)), "{field} with U+16FE4 was decided: {out:?}");
        assert!(err.contains("holds U+16FE4"), "{field}: {err}");
        assert_nothing_raw("the refusal", &err);
    }
}
