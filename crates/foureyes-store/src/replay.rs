//! Replaying the journal into state, to check the tables against it. Pure: events in, state out.
//!
//! Events are read back as their typed [`EventData`]. A refusal never changes state; only the event kinds listed in [`Replayed::apply_data`] do.

use foureyes_core::event::{EventData, RestoreCause};
use foureyes_core::journal::Event;
use std::collections::BTreeMap;

/// State rebuilt from the journal.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Decision id → status name.
    pub decisions: BTreeMap<i64, String>,
    /// Reservation id → held (true) or released.
    pub reservations: BTreeMap<i64, bool>,
    /// Reservation id → what it holds: [`reservation_grant`] of its owner, key, scope and amount (issue 13).
    pub reservation_grants: BTreeMap<i64, String>,
    /// Approval id → status name.
    pub approvals: BTreeMap<i64, String>,
    pub kill_switch: bool,
    pub policy_sha256: Option<String>,
    /// Seq of each task event → its `task_id` (the `task_events` index must hold exactly these). Task state itself
    /// is replayed by `foureyes_core::task`.
    pub task_events: BTreeMap<i64, String>,
    /// Demotion id → `"<status> until <until_ms>"` (session trust).
    pub demotions: BTreeMap<i64, String>,
    /// Events whose data does not read as their kind: `journal seq N: …`.
    pub unreadable: Vec<String>,
}

impl Replayed {
    /// Applies one journal event, read back as its typed [`EventData`]. Data that does not read as its kind is
    /// recorded in [`Replayed::unreadable`] (and reported by [`Replayed::audit`]); it changes no state.
    pub fn apply(&mut self, event: &Event) {
        match EventData::from_journal(event.kind, &event.data) {
            Ok(data) => self.apply_data(event.seq, &data),
            Err(e) => self.unreadable.push(format!("journal seq {}: {e}", event.seq)),
        }
    }

    /// Applies one event's data (`seq` is its place in the journal).
    pub fn apply_data(&mut self, seq: u64, data: &EventData) {
        match data {
            EventData::Decided(d) => {
                self.decisions.insert(d.decision_id, d.status.as_str().to_string());
                for r in &d.reservations {
                    self.reservations.insert(r.id, true);
                    let owner = match &r.effect {
                        None => d.request.action.clone(),
                        Some(effect) => foureyes_core::effect_owner(effect),
                    };
                    let units = crate::amount_units(r.amount).unwrap_or(i64::MIN);
                    self.reservation_grants.insert(r.id, reservation_grant(&owner, &r.key, &r.scope, units));
                }
                if let Some(sup) = d.supersedes {
                    self.decisions.insert(sup, "superseded".into());
                }
                if d.consumes_approval
                    && let Some(a) = d.approval_id
                {
                    self.approvals.insert(a, "consumed".into());
                }
            }
            EventData::ApprovalRequested(a) => {
                self.approvals.insert(a.approval_id, "pending".into());
            }
            EventData::Approved(v) => {
                self.approvals.insert(v.approval_id, "approved".into());
            }
            EventData::Rejected(r) => {
                self.approvals.insert(r.approval_id, "rejected".into());
            }
            EventData::Expired(e) => {
                self.approvals.insert(e.approval_id, "expired".into());
            }
            EventData::Revoked(r) => {
                self.approvals.insert(r.approval_id, "revoked".into());
            }
            EventData::Reported(r) => {
                self.decisions.insert(r.decision_id, data.kind().as_str().into());
                for rid in &r.released {
                    self.reservations.insert(*rid, false);
                }
            }
            EventData::KillSwitch(k) => self.kill_switch = k.engaged,
            EventData::PolicyLoaded(p) => self.policy_sha256 = Some(p.sha256.clone()),
            EventData::Task(t) => {
                self.task_events.insert(seq as i64, t.task_id().to_string());
            }
            EventData::SessionDemoted(d) => {
                self.demotions.insert(d.demotion_id, format!("active until {}", d.until_ms));
            }
            EventData::SessionRestored(r) => {
                let status = match r.cause {
                    RestoreCause::Admin => "restored",
                    RestoreCause::Expired => "expired",
                };
                self.demotions.insert(r.demotion_id, format!("{status} until {}", r.until_ms));
            }
            EventData::ApprovalVote(_)
            | EventData::Refused(_)
            | EventData::Credential(_)
            | EventData::Checkpoint(_)
            | EventData::ToolPinned(_) => {}
        }
    }
}

/// The tables' view of what the journal should replay to.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TableState {
    pub decisions: BTreeMap<i64, String>,
    pub reservations: BTreeMap<i64, bool>,
    /// Reservation id → [`reservation_grant`] of its row.
    pub reservation_grants: BTreeMap<i64, String>,
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
        mismatches.extend(self.unreadable.iter().cloned());
        compare(&mut mismatches, "decision", &self.decisions, &tables.decisions);
        compare(&mut mismatches, "reservation held", &self.reservations, &tables.reservations);
        compare(&mut mismatches, "reservation grant", &self.reservation_grants, &tables.reservation_grants);
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

/// What a reservation holds, as the audit compares it: `<owner> key <key> scope <scope> units <millionths>`.
pub fn reservation_grant(owner: &str, key: &str, scope: &str, units: i64) -> String {
    format!("{owner} key {key} scope {scope} units {units}")
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
