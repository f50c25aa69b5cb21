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

/// How many new reports (`POST /v1/mcp/refusals`) one agent's credential may journal per kind within
/// [`REPORT_WINDOW_MS`] (ADR-938, attack 26's F1): changed definitions and the other refusals count apart, so no flood
/// of refused messages leaves a real change unjournaled.
pub const REPORTS_PER_WINDOW: u32 = 60;
/// The window of [`REPORTS_PER_WINDOW`].
pub const REPORT_WINDOW_MS: i64 = 60_000;
/// How many reports' digests are remembered per credential (the oldest are forgotten first).
const REMEMBERED: usize = 4096;

/// What to do with a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Report {
    /// Journal it.
    Journal,
    /// The same report (same code, message and input) was journaled already, at this seq (`None`: being journaled).
    Repeat(Option<u64>),
    /// This credential journaled [`REPORTS_PER_WINDOW`] new reports of this kind in this window: refuse it (429).
    Throttled { retry_after_s: u64 },
}

#[derive(Default)]
struct Reports {
    seqs: std::collections::HashMap<String, Option<u64>>,
    order: std::collections::VecDeque<String>,
    /// Per kind (a changed definition or not): the window's start and how many were journaled in it.
    windows: [(i64, u32); 2],
}

/// Repeats and floods of `POST /v1/mcp/refusals`, per credential (ADR-938): an identical report is answered with the
/// seq it was journaled at and not journaled again; past [`REPORTS_PER_WINDOW`] new ones of a kind in a window, 429.
/// Per process: replicas count apart.
#[derive(Default)]
pub struct ReportLimiter(std::sync::Mutex<std::collections::HashMap<String, Reports>>);

impl ReportLimiter {
    /// Whether `who`'s report (`digest`: of its code, message and input) is journaled; `changed`: a changed definition.
    pub fn admit(&self, who: &str, digest: &str, changed: bool, now_ms: i64) -> Report {
        let mut all = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let reports = all.entry(who.to_string()).or_default();
        if let Some(seq) = reports.seqs.get(digest) {
            return Report::Repeat(*seq);
        }
        let window = &mut reports.windows[usize::from(changed)];
        if now_ms - window.0 >= REPORT_WINDOW_MS || now_ms < window.0 {
            *window = (now_ms, 0);
        }
        if window.1 >= REPORTS_PER_WINDOW {
            let left_ms = (window.0 + REPORT_WINDOW_MS - now_ms).max(1000);
            return Report::Throttled { retry_after_s: u64::try_from((left_ms + 999) / 1000).unwrap_or(1) };
        }
        window.1 += 1;
        reports.seqs.insert(digest.to_string(), None);
        reports.order.push_back(digest.to_string());
        while reports.order.len() > REMEMBERED {
            if let Some(old) = reports.order.pop_front() {
                reports.seqs.remove(&old);
            }
        }
        Report::Journal
    }

    /// The report `digest` of `who` was journaled at `seq` (`None`: it was not; a later one is journaled again).
    pub fn journaled(&self, who: &str, digest: &str, seq: Option<u64>) {
        let mut all = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(reports) = all.get_mut(who) else { return };
        match seq {
            Some(seq) => {
                reports.seqs.insert(digest.to_string(), Some(seq));
            }
            None => {
                reports.seqs.remove(digest);
                reports.order.retain(|d| d != digest);
            }
        }
    }
}
