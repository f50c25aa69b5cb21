//! Attack 45's H3 (F1451): refusals and listings that still quoted a name or an agent's text raw after ADR-1520 — an
//! executor's `--for`, a flag, a namespace, an action name with a look-alike letter, a param's value inside a
//! verdict's reason (in `decide`, `decisions show`, the HTTP answer), an MCP refusal's code and a task name in the
//! HTTP API's answers. Each is quoted through the one escape of names (`tool_pin::shown`) or, for free text, the
//! hidden-character escape; and every CLI refusal line goes through the hidden-character escape as a floor.
#![allow(clippy::unwrap_used)]

use crate::support::{Env, http_bytes};
use std::time::Duration;

const POLICY: &str = "version: 1\nactions:\n  climate.set:\n    tier: 2\n    limits: [ { count: 1000, per: 1h } ]\n    params: { c: { type: number, min: 10, max: 30 } }\n";

/// No byte a terminal acts on or hides, and no look-alike shown as its twin.
fn assert_nothing_raw(what: &str, shown: &str) {
    for c in ['\u{1b}', '\u{202e}', '\u{43e}'] {
        assert!(!shown.contains(c), "{what} printed U+{:04X} raw: {shown:?}", c as u32);
    }
}

/// Red on main `90e8b61a`: each of these printed ESC, U+202E or U+043E as they came.
#[test]
fn attack45_h3_refusals_and_verdicts_quote_names_and_values_escaped() {
    let env = Env::new(POLICY);
    let esc = "b\u{1b}[2Kot";
    let runs: Vec<(&str, Vec<&str>)> = vec![
        ("token create --for", vec!["token", "create", "--name", "ex", "--role", "executor", "--for", esc]),
        (
            "decide --flag",
            vec![
                "decide",
                "--agent",
                "bot",
                "--flag",
                "f\u{1b}[2K",
                "--action",
                "climate.set",
                "--params",
                "{\"c\":20}",
            ],
        ),
        ("--namespace", vec!["--namespace", "n\u{1b}[2K", "decisions", "list"]),
        (
            "a look-alike action",
            vec!["decide", "--agent", "bot", "--action", "climate.s\u{43e}t", "--params", "{\"c\":20}"],
        ),
    ];
    for (what, args) in runs {
        let out = env.command().args(&args).output().unwrap();
        assert!(!out.status.success(), "{what} accepted: {out:?}");
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(said.contains("\\u{"), "{what}: nothing escaped: {said}");
        assert_nothing_raw(what, &said);
    }
    // A value holding U+202E, inside the verdict's reason, as `decide` and `decisions show` print it.
    let out = env
        .command()
        .args(["decide", "--agent", "bot", "--action", "climate.set", "--params", "{\"c\":\"x\u{202e}y\"}"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(10), "denied: {out:?}");
    assert_nothing_raw("the verdict's reason", &String::from_utf8_lossy(&out.stdout));
    let shown = env.cli(&["decisions", "show", "1"]);
    assert_nothing_raw("decisions show", &String::from_utf8_lossy(&shown.stdout));
    // The HTTP API: the decision's reasons, an MCP refusal's code, a task's name.
    let bot = env.token("bot", "agent");
    let (_server, addr) = env.serve();
    let (_, body) = http_bytes(&addr, "GET", "/v1/decisions/1", &bot, None, Duration::from_secs(10)).unwrap();
    // The params are the data approved, byte for byte; the reasons are text a person reads.
    let decision: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(decision["params"]["c"], "x\u{202e}y");
    assert_nothing_raw("GET /v1/decisions/1's reasons", &decision["reasons"].to_string());
    let refusal = serde_json::json!({"code": "c\u{202e}x", "message": "m", "input": {}});
    let (status, body) =
        http_bytes(&addr, "POST", "/v1/mcp/refusals", &bot, Some(&refusal), Duration::from_secs(10)).unwrap();
    assert_eq!(status, 400);
    assert_nothing_raw("POST /v1/mcp/refusals", &String::from_utf8_lossy(&body));
    let (status, body) =
        http_bytes(&addr, "GET", "/v1/tasks/t%E2%80%AEx", &bot, None, Duration::from_secs(10)).unwrap();
    assert_eq!(status, 404, "{}", String::from_utf8_lossy(&body));
    assert_nothing_raw("GET /v1/tasks/NAME", &String::from_utf8_lossy(&body));
}
