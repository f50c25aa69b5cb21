//! Replaying the journal into state, to check the tables against it. Pure: events in, state out.
//!
//! A refusal never changes state; only the event kinds listed in [`Replayed::apply`] do.

use foureyes_core::journal::{Event, EventKind};
use std::collections::BTreeMap;

/// State rebuilt from the journal.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Decision id → status name.
    pub decisions: BTreeMap<i64, String>,
    /// Reservation id → held (true) or released.
    pub reservations: BTreeMap<i64, bool>,
    /// Approval id → status name.
    pub approvals: BTreeMap<i64, String>,
    pub kill_switch: bool,
    pub policy_sha256: Option<String>,
    /// Seq of each task event → its `task_id` (the `task_events` index must hold exactly these). Task state itself
    /// is replayed by `foureyes_core::task`.
    pub task_events: BTreeMap<i64, String>,
    /// Demotion id → `"<status> until <until_ms>"` (session trust).
    pub demotions: BTreeMap<i64, String>,
}

fn id(data: &serde_json::Value, field: &str) -> Option<i64> {
    data.get(field).and_then(serde_json::Value::as_i64)
}

impl Replayed {
    pub fn apply(&mut self, event: &Event) {
        let d = &event.data;
        match event.kind {
            EventKind::Decided => {
                let Some(decision) = id(d, "decision_id") else { return };
                let status = d.get("status").and_then(|s| s.as_str()).unwrap_or_default().to_string();
                self.decisions.insert(decision, status);
                for r in d.get("reservations").and_then(|r| r.as_array()).into_iter().flatten() {
                    if let Some(rid) = id(r, "id") {
                        self.reservations.insert(rid, true);
                    }
                }
                if let Some(sup) = id(d, "supersedes") {
                    self.decisions.insert(sup, "superseded".into());
                }
                if d.get("consumes_approval").and_then(|c| c.as_bool()) == Some(true)
                    && let Some(a) = id(d, "approval_id")
                {
                    self.approvals.insert(a, "consumed".into());
                }
            }
            EventKind::ApprovalRequested => {
                if let Some(a) = id(d, "approval_id") {
                    self.approvals.insert(a, "pending".into());
                }
            }
            EventKind::Approved | EventKind::Rejected | EventKind::Expired | EventKind::Revoked => {
                if let Some(a) = id(d, "approval_id") {
                    self.approvals.insert(a, event.kind.as_str().into());
                }
            }
            EventKind::Executed | EventKind::Failed | EventKind::Unknown => {
                if let Some(decision) = id(d, "decision_id") {
                    self.decisions.insert(decision, event.kind.as_str().into());
                }
                for r in d.get("released").and_then(|r| r.as_array()).into_iter().flatten() {
                    if let Some(rid) = r.as_i64() {
                        self.reservations.insert(rid, false);
                    }
                }
            }
            EventKind::KillSwitch => {
                self.kill_switch = d.get("engaged").and_then(|e| e.as_bool()).unwrap_or(false);
            }
            EventKind::PolicyLoaded => {
                self.policy_sha256 = d.get("sha256").and_then(|s| s.as_str()).map(str::to_string);
            }
            EventKind::TaskCreated
            | EventKind::TaskProposed
            | EventKind::TaskApplyIntended
            | EventKind::TaskApplied
            | EventKind::TaskChecked
            | EventKind::TaskFinished => {
                let task = d.get("task_id").and_then(|t| t.as_str()).unwrap_or_default().to_string();
                self.task_events.insert(event.seq as i64, task);
            }
            EventKind::SessionDemoted => {
                if let (Some(demotion), Some(until)) = (id(d, "demotion_id"), id(d, "until_ms")) {
                    self.demotions.insert(demotion, format!("active until {until}"));
                }
            }
            EventKind::SessionRestored => {
                let status = match d.get("cause").and_then(|c| c.as_str()) {
                    Some("admin") => "restored",
                    _ => "expired",
                };
                if let (Some(demotion), Some(until)) = (id(d, "demotion_id"), id(d, "until_ms")) {
                    self.demotions.insert(demotion, format!("{status} until {until}"));
                }
            }
            EventKind::ApprovalVote | EventKind::Refused | EventKind::Credential | EventKind::Checkpoint => {}
        }
    }
}

/// The tables' view of what the journal should replay to.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TableState {
    pub decisions: BTreeMap<i64, String>,
    pub reservations: BTreeMap<i64, bool>,
    pub approvals: BTreeMap<i64, String>,
    pub kill_switch: bool,
    /// Demotion id → `"<status> until <until_ms>"`.
    pub demotions: BTreeMap<i64, String>,
}

impl Replayed {
    /// Compares this replay with the tables. `mismatches` holds what the backend already found (e.g. its own
    /// index tables); the report adds every difference in decisions, held reservations, approvals, demotions and the
    /// kill switch.
    pub fn audit(&self, events: u64, tables: &TableState, mut mismatches: Vec<String>) -> crate::AuditReport {
        compare(&mut mismatches, "decision", &self.decisions, &tables.decisions);
        compare(&mut mismatches, "reservation held", &self.reservations, &tables.reservations);
        compare(&mut mismatches, "approval", &self.approvals, &tables.approvals);
        compare(&mut mismatches, "demotion", &self.demotions, &tables.demotions);
        if self.kill_switch != tables.kill_switch {
            mismatches
                .push(format!("kill switch: journal says {}, table says {}", self.kill_switch, tables.kill_switch));
        }
        crate::AuditReport {
            events,
            decisions: tables.decisions.len() as u64,
            held_reservations: tables.reservations.values().filter(|h| **h).count() as u64,
            unconfirmed: tables.decisions.values().filter(|s| s.as_str() == "intended").count() as u64,
            mismatches,
        }
    }
}

/// Every id whose value differs between the journal's replay and a table, in both directions.
pub fn compare<V: PartialEq + std::fmt::Debug>(
    out: &mut Vec<String>,
    what: &str,
    journal: &BTreeMap<i64, V>,
    table: &BTreeMap<i64, V>,
) {
    for (id, value) in journal {
        match table.get(id) {
            None => out.push(format!("{what} {id}: in the journal ({value:?}) but not in the table")),
            Some(t) if t != value => out.push(format!("{what} {id}: journal says {value:?}, table says {t:?}")),
            _ => {}
        }
    }
    for (id, value) in table {
        if !journal.contains_key(id) {
            out.push(format!("{what} {id}: in the table ({value:?}) but never journaled"));
        }
    }
}
