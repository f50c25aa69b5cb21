//! Attack 26's F1 (ADR-938): `POST /v1/mcp/refusals` was not throttled: one agent token journaled 500 reports in
//! 2.4 s. Now an identical report is journaled once (repeats answer its seq), new ones past
//! `REPORTS_PER_WINDOW` per window and kind answer 429, and a flood of refused-message reports leaves room for a real
//! changed definition. Seen red on the code before the fix: the 500 identical reports were journaled 500 times.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_server::mcp_pins::{REPORT_WINDOW_MS, REPORTS_PER_WINDOW};
use serde_json::{Value, json};

fn report(code: &str, n: usize) -> Value {
    json!({"code": code, "message": format!("mcp.up.t: refused {n}"),
        "input": {"server": "up", "tool": "t", "method": "resources/read", "n": n}})
}

fn journaled(events: &[foureyes_core::journal::Event], code: &str) -> usize {
    events.iter().filter(|e| e.data["code"] == json!(code) && e.data["agent"] == json!("bot")).count()
}

#[tokio::test]
async fn mcp11_identical_reports_are_journaled_once_and_a_flood_is_throttled_without_crowding_out_a_change() {
    let h = harness().await;
    let head = h.head().await;
    let mut first = None;
    for _ in 0..500 {
        let r = h.send(req("POST", "/v1/mcp/refusals").token(AGENT).json(&report("ambiguous_message", 0))).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        let seq = r.json()["seq"].clone();
        assert_eq!(*first.get_or_insert(seq.clone()), seq, "a repeat answers the seq it was journaled at");
    }
    let events = h.events_after(head).await;
    assert_eq!(journaled(&events, "ambiguous_message"), 1, "500 identical reports journaled more than once");

    // New ones: REPORTS_PER_WINDOW per window (one is used above), then 429 with Retry-After.
    let mut statuses = std::collections::BTreeMap::new();
    for n in 1..=200 {
        let r = h.send(req("POST", "/v1/mcp/refusals").token(AGENT).json(&report("ambiguous_message", n))).await;
        if r.status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(r.error_code(), "throttled");
            assert!(r.headers.get("retry-after").is_some(), "a 429 without Retry-After");
        }
        *statuses.entry(r.status).or_insert(0u32) += 1;
    }
    assert_eq!(statuses.get(&StatusCode::OK), Some(&(REPORTS_PER_WINDOW - 1)), "{statuses:?}");
    // A real change still goes: changed definitions count apart.
    let tool = json!({"name": "t", "description": "v1"});
    let seen = foureyes_core::tool_pin::definition_sha256(&tool);
    let change = json!({"code": "tool_definition_changed", "message": "mcp.up.t: changed",
        "input": {"server": "up", "tool": "t", "pinned": null, "seen": seen, "definition": tool}});
    let r = h.send(req("POST", "/v1/mcp/refusals").token(AGENT).json(&change)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    // Another credential is not affected; the next window hears the first again.
    let r = h.send(req("POST", "/v1/mcp/refusals").token(AGENT2).json(&report("ambiguous_message", 1))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    h.advance(REPORT_WINDOW_MS + 1);
    let r = h.send(req("POST", "/v1/mcp/refusals").token(AGENT).json(&report("ambiguous_message", 999))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let events = h.events_after(head).await;
    assert_eq!(journaled(&events, "ambiguous_message"), REPORTS_PER_WINDOW as usize + 1);
    assert_eq!(journaled(&events, "tool_definition_changed"), 1);
}

/// Attack 37's 2.3 (ADR-404): an agent's first-seen pin for a tool the policy pins answered 200 and was journaled —
/// ignored while the policy's pin held, then the pin the day the policy's was removed — and the policy's own hash
/// was then refused naming the planted one. Now a tool the policy pins takes no first-seen pin: its own hash answers
/// the policy's pin, another is 409 naming it, and nothing is journaled either way.
#[tokio::test]
async fn attack37_a_first_seen_pin_for_a_tool_the_policy_pins_is_never_journaled() {
    let (policy_sha, other) = ("c".repeat(64), "d".repeat(64));
    let h = harness_with(&format!("{POLICY}mcp:\n  srv:\n    pins: {{ ptool: \"{policy_sha}\" }}\n")).await;
    let head = h.head().await;
    let pin = |sha: &str| json!({"server": "srv", "tool": "ptool", "sha256": sha});
    let r = h.send(req("POST", "/v1/mcp/pins").token(AGENT).json(&pin(&other))).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text());
    assert!(r.text().contains(&policy_sha) && r.text().contains("policy"), "{}", r.text());
    let r = h.send(req("POST", "/v1/mcp/pins").token(AGENT).json(&pin(&policy_sha))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["pin"]["cause"], json!("policy"), "{}", r.text());
    let events = h.events_after(head).await;
    assert!(events.iter().all(|e| e.kind.as_str() != "tool_pinned"), "a first-seen pin was journaled: {events:?}");
    let listed = h.send(req("GET", "/v1/mcp/pins").token(AGENT)).await.json();
    assert_eq!(listed["pins"][0]["sha256"], json!(policy_sha), "{listed}");
}

/// Attack 37's 2.4 (ADR-406): `POST /v1/mcp/pins` took a server name with a dot (`mcp.a.b.c` is then two servers'
/// tool), an empty name (409 `invalid_state`, as if a pin held), and tool names that list alike in `mcp pins list` —
/// a trailing space, a NUL, a zero-width character, the decomposed form of an accented letter — each a pin of its
/// own beside the real one. Now each is a 400 `bad_request` naming the rule, and nothing is journaled.
#[tokio::test]
async fn attack37_pin_names_that_read_alike_or_span_two_servers_are_refused_as_bad_requests() {
    let h = harness().await;
    let head = h.head().await;
    let sha = "e".repeat(64);
    for (server, tool) in [
        ("bank.a", "b"),
        ("", "t"),
        ("srv", ""),
        ("srv", "read_file "),
        (" srv", "read_file"),
        ("srv", "read\u{0}file"),
        ("srv", "read\u{200b}_file"),
        ("srv", "cafe\u{301}"),
        // ADR-1260: the composed `café` was taken here before; its call could never be decided (`mcp.srv.café` is
        // not a dotted name of letters, digits, `_` and `-`), and it lists like `cafe\u{301}`.
        ("srv", "caf\u{e9}"),
    ] {
        let r = h
            .send(req("POST", "/v1/mcp/pins").token(AGENT).json(&json!({"server": server, "tool": tool,
            "sha256": sha})))
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{server:?}/{tool:?}: {}", r.text());
        assert_eq!(r.error_code(), "bad_request", "{server:?}/{tool:?}: {}", r.text());
    }
    let events = h.events_after(head).await;
    assert!(events.iter().all(|e| e.kind.as_str() != "tool_pinned"), "a pin was journaled: {events:?}");
    let refused = events.iter().filter(|e| e.kind.as_str() == "refused").count();
    assert_eq!(refused, 9, "each refusal is journaled: {events:?}");
    // The names a proxy really pins still go: a tool, a prompt, a resource URI, the instructions.
    for tool in ["read_file", "prompt:summarise", "resource:file:///srv/a.txt", "instructions"] {
        let r = h
            .send(req("POST", "/v1/mcp/pins").token(AGENT).json(&json!({"server": "srv", "tool": tool,
            "sha256": sha})))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{tool:?}: {}", r.text());
    }
}

/// Attack 39 (1, ADR-1260; 3 and 4, ADR-1262): `POST /v1/mcp/pins` took tool names that read like another —
/// Cyrillic homoglyphs, U+2010 for `-`, inner spaces, U+FB01 and fullwidth forms, a combining mark — each a pin of
/// its own beside `read_file`, names the action-name rule refuses (so the pinned tool could never be called), and
/// names of 100,000 characters. Red before: every one answered 200 and was journaled. Now each is a 400 naming the
/// rule, journaled as a refusal; a name whose UTS #39 skeleton is a pinned name's (`Iist_files` beside `list_files`)
/// is refused too; and the approve door's 400 shows a hidden character escaped, never raw.
#[tokio::test]
async fn attack39_tool_names_that_look_alike_are_refused_at_the_pin_door() {
    let h = harness().await;
    let sha = "e".repeat(64);
    let pin = |server: &str, tool: &str| json!({"server": server, "tool": tool, "sha256": sha});
    for tool in ["read_file", "list_files", "read-file"] {
        let r = h.send(req("POST", "/v1/mcp/pins").token(AGENT).json(&pin("srv", tool))).await;
        assert_eq!(r.status, StatusCode::OK, "{tool:?}: {}", r.text());
    }
    let head = h.head().await;
    let long = "x".repeat(100_000);
    let cases: Vec<(&str, &str)> = vec![
        ("srv", "re\u{430}d_file"),
        ("srv", "read_fil\u{435}"),
        ("srv", "read\u{2010}file"),
        ("srv", "read  file"),
        ("srv", "read file"),
        ("srv", "read_\u{fb01}le"),
        ("srv", "\u{ff52}ead_file"),
        ("srv", "read\u{ff3f}file"),
        ("srv", "read_file\u{332}"),
        ("srv", "a..b"),
        ("srv", "."),
        ("srv", "Iist_files"),
        ("srv", "1ist_files"),
        ("srv", &long),
        (&long, "t"),
    ];
    for (server, tool) in &cases {
        let r = h.send(req("POST", "/v1/mcp/pins").token(AGENT).json(&pin(server, tool))).await;
        let shown: String = tool.chars().take(40).collect();
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{shown:?}: {}", r.text().chars().take(300).collect::<String>());
        assert_eq!(r.error_code(), "bad_request");
        assert!(
            r.text().len() < 2_000,
            "the refusal echoes a bounded excerpt, not the whole name ({} bytes)",
            r.text().len()
        );
    }
    let events = h.events_after(head).await;
    assert!(events.iter().all(|e| e.kind.as_str() != "tool_pinned"), "a look-alike was pinned: {events:?}");
    let refused = events.iter().filter(|e| e.kind.as_str() == "refused").count();
    assert_eq!(refused, cases.len(), "each refusal is journaled");
    let listed = h.send(req("GET", "/v1/mcp/pins").token(AGENT)).await.json();
    assert_eq!(listed["pins"].as_array().unwrap().len(), 3, "{listed}");
    // The approve door: a zero-width character in the name is refused as a name, shown escaped (never raw), and
    // the refusal is journaled.
    let head = h.head().await;
    let zw = json!({"server": "srv", "tool": "read_file\u{200b}", "sha256": sha});
    let r = h.send(req("POST", "/v1/mcp/pins/approve").token(APPROVER).json(&zw)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    let message = r.json()["error"]["message"].as_str().unwrap_or_default().to_string();
    assert!(!message.contains('\u{200b}') && message.contains("\\u{200b}"), "{message:?}");
    let dotted = json!({"server": "fs.a", "tool": "read_file", "sha256": sha});
    let r = h.send(req("POST", "/v1/mcp/pins/approve").token(APPROVER).json(&dotted)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(r.text().contains("server name"), "{}", r.text());
    let events = h.events_after(head).await;
    assert_eq!(events.iter().filter(|e| e.kind.as_str() == "refused").count(), 2, "{events:?}");
}
