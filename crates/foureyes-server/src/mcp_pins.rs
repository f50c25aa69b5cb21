//! The changed tool definitions MCP proxies journaled (ADR-933), read the same way by `foureyes mcp pins` and by
//! `POST /v1/mcp/pins/approve` (ADR-936): a person's re-pin is checked against them by
//! [`foureyes_core::tool_pin::approvable`] at both doors.

use foureyes_store::{Store, StoreError};
use serde_json::{Value, json};

/// The changed definitions proxies journaled (`refused`, code `tool_definition_changed`, with the definition), the
/// newest per (server, tool, hash), each with the `seq` of its event.
pub async fn changed_definitions(store: &dyn Store) -> Result<Vec<Value>, StoreError> {
    let mut seen: std::collections::BTreeMap<(String, String, String), Value> = Default::default();
    let mut after = 0;
    loop {
        let page = store.journal(after, 5000).await?;
        let Some(last) = page.last() else { break };
        after = last.seq;
        for e in page.iter().filter(|e| e.kind.as_str() == "refused") {
            let input = &e.data["input"];
            if e.data["code"] != json!(foureyes_core::tool_pin::CHANGED) || input.get("definition").is_none() {
                continue;
            }
            let text = |k: &str| input[k].as_str().unwrap_or_default().to_string();
            let key = (text("server"), text("tool"), text("seen"));
            let mut entry = input.clone();
            entry["seq"] = json!(e.seq);
            seen.insert(key, entry);
        }
    }
    Ok(seen.into_values().collect())
}

/// The journaled changed definitions of `server`'s `tool` that list `sha256`.
pub async fn changes_of(store: &dyn Store, server: &str, tool: &str, sha256: &str) -> Result<Vec<Value>, StoreError> {
    Ok(changed_definitions(store)
        .await?
        .into_iter()
        .filter(|c| c["server"] == json!(server) && c["tool"] == json!(tool) && c["seen"] == json!(sha256))
        .collect())
}
