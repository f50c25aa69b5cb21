//! `TaskStore` on SQLite. Each command runs in the writer's transaction (its own savepoint in a group-committed
//! batch): replay the task from its events, idempotency, expected revision, the pure transition, append the events
//! (and index them), record the outcome. Other processes on the same file serialize on `BEGIN IMMEDIATE`, so two
//! commands made against one revision cannot both be accepted.

use super::ops::SqliteTx;
use super::{Sql, SqliteStore, ops};
use async_trait::async_trait;
use foureyes_core::event::EventData;
use foureyes_core::task::{self, By, TaskCommand, TaskRefusal, TaskState};
use foureyes_store::StoreError;
use foureyes_store::authority::Authority;
use foureyes_store::tasks::shared::{
    Repeat, StoredOutcome, accepted, altered_refusal, event_from_row, refusal_data, repeat_of, result_name,
};
use foureyes_store::tasks::{TaskOutcome, TaskStore, Transition};
use foureyes_store::tx::run_ready;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::BTreeMap;

/// The change-control tables (schema version 2).
pub(super) const SCHEMA: &str = include_str!("tasks.sql");

/// Replays one task from its indexed journal events.
pub(crate) fn load_state(c: &Connection, task_id: &str) -> Result<Option<TaskState>, StoreError> {
    let mut stmt = c
        .prepare_cached(
            "SELECT j.seq, j.kind, j.data FROM task_events t JOIN journal j ON j.seq = t.seq
         WHERE t.task_id = ?1 ORDER BY t.seq",
        )
        .sql()?;
    let rows = stmt
        .query_map(params![task_id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))
        .sql()?;
    let mut state = None;
    for row in rows {
        let (seq, kind, data) = row.sql()?;
        state = task::apply(state, &event_from_row(task_id, seq, &kind, &data)?);
    }
    Ok(state)
}

fn all_tasks(c: &Connection) -> Result<Vec<TaskState>, StoreError> {
    let ids: Vec<String> = c
        .prepare("SELECT DISTINCT task_id FROM task_events ORDER BY task_id")
        .sql()?
        .query_map([], |r| r.get(0))
        .sql()?
        .collect::<Result<_, _>>()
        .sql()?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(state) = load_state(c, &id)? {
            out.push(state);
        }
    }
    Ok(out)
}

/// The `task_events` index as the audit compares it with a replay of the journal: seq → task id.
pub(crate) fn indexed_events(c: &Connection) -> Result<BTreeMap<i64, String>, StoreError> {
    let mut stmt = c.prepare("SELECT seq, task_id FROM task_events").sql()?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).sql()?;
    rows.collect::<Result<_, _>>().sql()
}

/// Every `task_commands` row as the audit checks it against the journal: (task id, command id, outcome).
pub(crate) fn recorded_commands(c: &Connection) -> Result<Vec<(String, String, String)>, StoreError> {
    let mut stmt =
        c.prepare("SELECT task_id, command_id, outcome FROM task_commands ORDER BY task_id, command_id").sql()?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).sql()?;
    rows.collect::<Result<_, _>>().sql()
}

/// Journals a refusal of a task command (`refused`, with `task_id`) and turns it into the error the caller gets.
/// Recorded as the command's first outcome unless `record` is false.
fn refuse(
    (c, authority, by): (&Connection, &Authority, Option<&By>),
    task_id: &str,
    cmd: &TaskCommand,
    fingerprint: &str,
    refusal: TaskRefusal,
    record: bool,
    now_ms: i64,
) -> StoreError {
    let event = match ops::append(c, authority, now_ms, refusal_data(task_id, cmd, &refusal, by)) {
        Ok(event) => event,
        Err(e) => return e,
    };
    let TaskRefusal { code, message } = refusal;
    if record {
        let stored = StoredOutcome::Refused { code: code.clone(), message: message.clone(), seq: event.seq };
        let written = stored.encode().and_then(|text| {
            c.execute(
                "INSERT OR REPLACE INTO task_commands (task_id, command_id, fingerprint, outcome) VALUES (?1, ?2, ?3, ?4)",
                params![task_id, cmd.command_id(), fingerprint, text],
            )
            .map_err(super::sql_error)
        });
        if let Err(e) = written {
            return e;
        }
    }
    StoreError::Refused { code, message, seq: event.seq }
}

/// One command, in the caller's transaction, judged by `rules` (the change-control app's transition), or refused
/// with what the executor found outside the model (`Err`).
pub(crate) fn command(
    w: &mut SqliteTx<'_, '_>,
    task_id: &str,
    cmd: &TaskCommand,
    rules: Result<Transition, TaskRefusal>,
    by: Option<&By>,
    now_ms: i64,
) -> Result<TaskOutcome, StoreError> {
    // The recorded outcome is checked against the journal (ADR-585): the authority state must stand at the head.
    run_ready(foureyes_store::ops::catch_up(w))?;
    let (c, authority) = (w.conn, &*w.authority);
    let mut fingerprint = cmd.fingerprint();
    // A refusal of an apply's confirmation is not its outcome: the intent stays, so a re-run can resume it.
    let record_refusal = !matches!(cmd, TaskCommand::ApplyConfirmed { .. });
    let known: Option<(String, String)> = c
        .query_row(
            "SELECT fingerprint, outcome FROM task_commands WHERE task_id = ?1 AND command_id = ?2",
            params![task_id, cmd.command_id()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .sql()?;
    if let Some((known_fingerprint, outcome)) = known {
        let stored = StoredOutcome::decode(&outcome)?;
        if let Some(difference) = authority.task_commands().differs(task_id, cmd.command_id(), &stored) {
            let refusal = altered_refusal(task_id, cmd, difference);
            return Err(refuse((c, authority, by), task_id, cmd, &fingerprint, refusal, false, now_ms));
        }
        match repeat_of(task_id, cmd, stored, known_fingerprint, &fingerprint) {
            Repeat::Continue { fingerprint: intent } => fingerprint = intent,
            Repeat::Conflict(refusal) => {
                return Err(refuse((c, authority, by), task_id, cmd, &fingerprint, refusal, false, now_ms));
            }
            Repeat::Answer(answer) => return answer.map(|o| *o),
        }
    }
    let rules = match rules {
        Ok(rules) => rules,
        Err(refusal) => {
            return Err(refuse((c, authority, by), task_id, cmd, &fingerprint, refusal, record_refusal, now_ms));
        }
    };
    let mut state = load_state(c, task_id)?;
    let events = match rules(task_id, state.as_ref(), cmd, now_ms) {
        Ok(events) => events,
        Err(refusal) => {
            return Err(refuse((c, authority, by), task_id, cmd, &fingerprint, refusal, record_refusal, now_ms));
        }
    };
    let mut seqs = Vec::with_capacity(events.len());
    for event in &events {
        let appended = ops::append(c, authority, now_ms, EventData::Task(event.clone().made_by(by)))?;
        c.execute("INSERT INTO task_events (task_id, seq) VALUES (?1, ?2)", params![task_id, appended.seq as i64])
            .sql()?;
        seqs.push(appended.seq);
        state = task::apply(state, event);
    }
    let state = state.ok_or_else(|| StoreError::Backend(format!("task {task_id} vanished after {}", cmd.verb())))?;
    let result = events.last().map_or("check_allowed", result_name);
    let outcome = accepted(task_id, cmd, result, seqs, &state);
    // Asking whether a check may start records nothing: the check's outcome is its recorded result.
    if !events.is_empty() {
        c.execute(
            "INSERT OR REPLACE INTO task_commands (task_id, command_id, fingerprint, outcome) VALUES (?1, ?2, ?3, ?4)",
            params![
                task_id,
                cmd.command_id(),
                fingerprint,
                StoredOutcome::Accepted(Box::new(outcome.clone())).encode()?
            ],
        )
        .sql()?;
    }
    Ok(outcome)
}

#[async_trait]
impl TaskStore for SqliteStore {
    async fn task_command(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        rules: Transition,
        by: Option<&By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        let (task_id, by) = (task_id.to_string(), by.cloned());
        self.write_tx(move |w| command(w, &task_id, &cmd, Ok(rules), by.as_ref(), now_ms)).await
    }

    async fn task_refuse(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        refusal: TaskRefusal,
        by: Option<&By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        let (task_id, by) = (task_id.to_string(), by.cloned());
        self.write_tx(move |w| command(w, &task_id, &cmd, Err(refusal), by.as_ref(), now_ms)).await
    }

    async fn task_state(&self, task_id: &str) -> Result<Option<TaskState>, StoreError> {
        let task_id = task_id.to_string();
        self.read(move |c| load_state(c, &task_id)).await
    }

    async fn tasks(&self) -> Result<Vec<TaskState>, StoreError> {
        self.read(all_tasks).await
    }
}
