//! Attack 40's H4 (ADR-1322): a tool the upstream lists under a name no pin may hold — one the name rule refuses
//! (`re\u{430}d_file`, U+0430) or one that reads like a pinned tool's (`m` beside `rn`, UTS #39) — was journaled as a
//! "changed definition" (`tool_definition_changed`, "pinned none") and its calls answered "the upstream changed the
//! definition of `re<raw U+0430>d_file` since it was pinned": a false reason, the name raw. Against a real upstream
//! (the official Python SDK's low-level `Server`, `tests/peers/py_listing.py`), over stdio.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_mcp::{Gate, GateConfig, StdioOptions};
use serde_json::{Value, json};

fn tool(name: &str) -> Value {
    json!({"name": name, "description": format!("Echo a text ({name})."), "inputSchema": {"type": "object",
        "properties": {"text": {"type": "string"}}, "required": ["text"]}})
}

fn names(list: &Value) -> Vec<String> {
    list["result"]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn attack40_a_tool_refused_for_its_name_is_told_so_escaped_and_journaled_as_a_name_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools.json");
    let record = dir.path().join("executed.jsonl");
    let listed = [tool("read_file"), tool("rn"), tool("re\u{430}d_file"), tool("m"), tool("read_fiIe")];
    std::fs::write(&tools, serde_json::to_vec(&listed).unwrap()).unwrap();
    let command = py_listing_command(&record, &tools, None);
    let gate = Gate::new(sqlite(dir.path()), policy(PAY_POLICY), GateConfig::new("pay"));
    let mut proxy = start(gate, command, StdioOptions::default());
    assert!(proxy.initialize().await.get("result").is_some());
    assert_eq!(names(&proxy.request("tools/list", json!({})).await), ["read_file", "rn"]);
    for (name, shown, says) in [
        ("re\u{430}d_file", "re\\u{430}d_file", "not 1 to 128 ASCII"),
        ("m", "`m`", "reads like `pay`'s tool `rn`"),
        ("read_fiIe", "`read_fiIe`", "reads like `pay`'s tool `read_file`"),
    ] {
        let answer = proxy.call(name, json!({"text": "hi"})).await;
        let said = text(&answer);
        assert!(is_error(&answer), "{name:?}: {answer}");
        assert!(said.contains("refused for its name") && said.contains(says), "{name:?}: the reason: {said}");
        assert!(
            said.contains(shown) && said.chars().all(|c| c.is_ascii() || c == '—'),
            "{name:?}: the name is not shown escaped: {said:?}"
        );
        assert!(!said.contains("changed the definition"), "{name:?}: a false reason: {said}");
    }
    assert!(!record.exists() || std::fs::read_to_string(&record).unwrap().is_empty(), "a refused tool ran");
    let events = proxy.store.journal(0, 10_000).await.unwrap();
    let refused: Vec<&Value> = events.iter().filter(|e| e.kind.as_str() == "refused").map(|e| &e.data).collect();
    for name in ["re\u{430}d_file", "m", "read_fiIe"] {
        let of = |code: &str| {
            refused.iter().filter(|r| r["input"]["tool"] == json!(name) && r["code"] == json!(code)).count()
        };
        assert!(of("tool_name_refused") >= 2, "{name:?}: listing and call journaled as name refusals: {refused:?}");
        assert_eq!(of("tool_definition_changed"), 0, "{name:?}: journaled as a changed definition: {refused:?}");
    }
    let pins = proxy.store.tool_pins().await.unwrap();
    let mut pinned: Vec<&str> = pins.iter().map(|p| p.tool.as_str()).collect();
    pinned.sort_unstable();
    assert_eq!(pinned, ["read_file", "rn"]);
    proxy.close().await;
}

/// The same across servers (ADR-1320): a proxy named `rnail` does not pin, as first seen, a tool `x` when the policy
/// pins `mail`'s `x` — the two pins would list alike. Red before: `x` was pinned and listed.
#[tokio::test]
async fn attack40_a_first_seen_pin_that_reads_like_another_servers_policy_pin_is_refused_for_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools.json");
    std::fs::write(&tools, serde_json::to_vec(&[tool("x"), tool("y")]).unwrap()).unwrap();
    let command = py_listing_command(&dir.path().join("executed.jsonl"), &tools, None);
    let yaml = format!("{PAY_POLICY}mcp:\n  mail:\n    pins:\n      x: \"{}\"\n", "0".repeat(64));
    let gate = Gate::new(sqlite(dir.path()), policy(&yaml), GateConfig::new("rnail"));
    let mut proxy = start(gate, command, StdioOptions::default());
    assert!(proxy.initialize().await.get("result").is_some());
    assert_eq!(names(&proxy.request("tools/list", json!({})).await), ["y"]);
    let answer = proxy.call("x", json!({"text": "hi"})).await;
    assert!(is_error(&answer) && text(&answer).contains("reads like `mail`'s tool `x`"), "{answer}");
    let pins = proxy.store.tool_pins().await.unwrap();
    assert!(pins.iter().all(|p| p.tool != "x"), "{pins:?}");
    proxy.close().await;
}

/// Attack 41's H4 (ADR-1413): with `s0`'s `x` pinned in the journal, a proxy named `sO` listing `x` (their skeletons
/// are one) was refused the first-seen pin by the store's transaction, and the second round of the listing forgot
/// why: the tool was journaled `tool_definition_changed` and its call answered "the upstream changed the definition
/// of `x` since it was pinned (pinned none …)", with a re-pin no door takes. Red on main: that answer.
#[tokio::test]
async fn attack41_a_look_alike_of_another_servers_journaled_pin_is_refused_for_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools.json");
    std::fs::write(&tools, serde_json::to_vec(&[tool("x"), tool("y")]).unwrap()).unwrap();
    let command = py_listing_command(&dir.path().join("executed.jsonl"), &tools, None);
    let store = sqlite(dir.path());
    let pin = foureyes_core::tool_pin::ToolPinned {
        server: "s0".into(),
        tool: "x".into(),
        sha256: "a".repeat(64),
        cause: foureyes_core::tool_pin::PinCause::FirstSeen,
        by: "bot".into(),
        previous: None,
    };
    foureyes_store::Store::pin_tool(store.as_ref(), &pin, now_ms()).await.unwrap();
    let gate = Gate::new(store, policy(PAY_POLICY), GateConfig::new("sO"));
    let mut proxy = start(gate, command, StdioOptions::default());
    assert!(proxy.initialize().await.get("result").is_some());
    assert_eq!(names(&proxy.request("tools/list", json!({})).await), ["y"]);
    let answer = proxy.call("x", json!({"text": "hi"})).await;
    let said = text(&answer);
    assert!(is_error(&answer), "{answer}");
    assert!(said.contains("refused for its name") && said.contains("reads like `s0`'s tool `x`"), "{said}");
    assert!(!said.contains("changed the definition") && !said.contains("pinned none"), "a false reason: {said}");
    let events = proxy.store.journal(0, 10_000).await.unwrap();
    let changed = events
        .iter()
        .filter(|e| e.kind.as_str() == "refused" && e.data["code"] == json!("tool_definition_changed"))
        .count();
    assert_eq!(changed, 0, "journaled as a changed definition: {events:?}");
    proxy.close().await;
}

/// Attack 41's H10 (ADR-1412): a call of a tool the upstream does not list — a name the model chooses — was answered
/// and journaled "the upstream does not list `x<RLO>y`" with the name raw, and the literal text `re\u{430}d` echoed as
/// the Cyrillic name is shown elsewhere. Every name the proxy echoes is escaped one-to-one. Red on main: the raw RLO.
#[tokio::test]
async fn attack41_a_name_the_upstream_does_not_list_is_echoed_only_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools.json");
    std::fs::write(&tools, serde_json::to_vec(&[tool("echo")]).unwrap()).unwrap();
    let command = py_listing_command(&dir.path().join("executed.jsonl"), &tools, None);
    let gate = Gate::new(sqlite(dir.path()), policy(PAY_POLICY), GateConfig::new("pay"));
    let mut proxy = start(gate, command, StdioOptions::default());
    assert!(proxy.initialize().await.get("result").is_some());
    assert_eq!(names(&proxy.request("tools/list", json!({})).await), ["echo"]);
    let mut said_all = Vec::new();
    for (name, shown) in
        [("x\u{202e}y", "x\\u{202e}y"), ("re\u{430}d", "re\\u{430}d"), ("re\\u{430}d", "re\\u{5c}u{430}d")]
    {
        let answer = proxy.call(name, json!({"text": "hi"})).await;
        let said = text(&answer);
        assert!(is_error(&answer) && said.contains("does not list"), "{name:?}: {answer}");
        assert!(said.contains(&format!("`{shown}`")), "{name:?}: not shown escaped as {shown}: {said:?}");
        assert!(said.chars().all(|c| c.is_ascii() || c == '—'), "{name:?}: raw characters: {said:?}");
        said_all.push(said);
    }
    assert_ne!(said_all[1], said_all[2], "two names told alike");
    let events = proxy.store.journal(0, 10_000).await.unwrap();
    for e in events.iter().filter(|e| e.kind.as_str() == "refused") {
        let message = e.data["message"].as_str().unwrap_or_default();
        assert!(message.is_ascii(), "journaled raw: {message:?}");
    }
    proxy.close().await;
}
