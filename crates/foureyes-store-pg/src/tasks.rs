//! `TaskStore` on PostgreSQL: one function per function of the SQLite backend's `sqlite/tasks.rs`, with the same
//! semantics and the same journal event data. Each command is one write transaction holding the chain-head lock
//! (see `db.rs`): replay the task from its events, idempotency, expected revision, the pure transition, append the
//! events (and index them), record the outcome. The task is replayed only after the lock is granted, so of two
//! commands made against one revision (by any replicas) the second sees the first's events and is refused.

use crate::db::{Tx, exec, get, row, rows};
use deadpool_postgres::GenericClient;
use foureyes_core::event::EventData;
use foureyes_core::task::{self, By, TaskCommand, TaskRefusal, TaskState};
use foureyes_store::StoreError;
use foureyes_store::tasks::shared::{
    Repeat, StoredOutcome, accepted, altered_refusal, event_from_row, refusal_data, repeat_of, result_name,
};
use foureyes_store::tasks::{TaskOutcome, Transition};
use foureyes_store::tx::WriteTx;
use std::collections::BTreeMap;

/// Replays one task from its indexed journal events.
pub(crate) async fn load_state(c: &impl GenericClient, task_id: &str) -> Result<Option<TaskState>, StoreError> {
    let found = rows(
        c,
        "SELECT j.seq, j.kind, j.data FROM task_events t JOIN journal j ON j.seq = t.seq
         WHERE t.task_id = $1 ORDER BY t.seq",
        &[&task_id],
    )
    .await?;
    let mut state = None;
    for r in &found {
        let seq: i64 = get(r, 0)?;
        let kind: String = get(r, 1)?;
        let data: String = get(r, 2)?;
        state = task::apply(state, &event_from_row(task_id, seq, &kind, &data)?);
    }
    Ok(state)
}

/// Every task, by id. Run inside one snapshot so that all tasks are replayed as of the same moment.
pub(crate) async fn all_tasks(c: &impl GenericClient) -> Result<Vec<TaskState>, StoreError> {
    let ids = rows(c, "SELECT DISTINCT task_id FROM task_events ORDER BY task_id", &[]).await?;
    let mut out = Vec::with_capacity(ids.len());
    for r in &ids {
        let id: String = get(r, 0)?;
        if let Some(state) = load_state(c, &id).await? {
            out.push(state);
        }
    }
    Ok(out)
}

/// The `task_events` index as the audit compares it with a replay of the journal: seq → task id.
pub(crate) async fn indexed_events(c: &impl GenericClient) -> Result<BTreeMap<i64, String>, StoreError> {
    rows(c, "SELECT seq, task_id FROM task_events", &[]).await?.iter().map(|r| Ok((get(r, 0)?, get(r, 1)?))).collect()
}

/// Every `task_commands` row as the audit checks it against the journal: (task id, command id, outcome).
pub(crate) async fn recorded_commands(c: &impl GenericClient) -> Result<Vec<(String, String, String)>, StoreError> {
    rows(c, "SELECT task_id, command_id, outcome FROM task_commands ORDER BY task_id, command_id", &[])
        .await?
        .iter()
        .map(|r| Ok((get(r, 0)?, get(r, 1)?, get(r, 2)?)))
        .collect()
}

/// Records a command's first outcome (or, for an apply's confirmation, replaces its intent).
async fn record(
    w: &Tx,
    task_id: &str,
    command_id: &str,
    fingerprint: &str,
    stored: &StoredOutcome,
) -> Result<(), StoreError> {
    exec(
        w.c(),
        "INSERT INTO task_commands (task_id, command_id, fingerprint, outcome) VALUES ($1, $2, $3, $4)
         ON CONFLICT (task_id, command_id)
         DO UPDATE SET fingerprint = EXCLUDED.fingerprint, outcome = EXCLUDED.outcome",
        &[&task_id, &command_id, &fingerprint, &stored.encode()?],
    )
    .await?;
    Ok(())
}

/// Journals a refusal of a task command (`refused`, with `task_id`) and turns it into the error the caller gets.
/// Recorded as the command's first outcome unless `record_it` is false.
async fn refuse(
    w: &mut Tx,
    (task_id, by): (&str, Option<&By>),
    cmd: &TaskCommand,
    fingerprint: &str,
    refusal: TaskRefusal,
    record_it: bool,
    now_ms: i64,
) -> StoreError {
    let event = match w.append(now_ms, refusal_data(task_id, cmd, &refusal, by)).await {
        Ok(event) => event,
        Err(e) => return e,
    };
    let TaskRefusal { code, message } = refusal;
    if record_it {
        let stored = StoredOutcome::Refused { code: code.clone(), message: message.clone(), seq: event.seq };
        if let Err(e) = record(w, task_id, cmd.command_id(), fingerprint, &stored).await {
            return e;
        }
    }
    StoreError::Refused { code, message, seq: event.seq }
}

/// One command, in the caller's write transaction, judged by `rules` (the change-control app's transition), or
/// refused with what the executor found outside the model (`Err`).
pub(crate) async fn command(
    w: &mut Tx,
    task_id: &str,
    cmd: &TaskCommand,
    rules: Result<Transition, TaskRefusal>,
    by: Option<&By>,
    now_ms: i64,
) -> Result<TaskOutcome, StoreError> {
    // The recorded outcome is checked against the journal (ADR-585): the authority state must stand at the head.
    foureyes_store::ops::catch_up(w).await?;
    let mut fingerprint = cmd.fingerprint();
    // A refusal of an apply's confirmation is not its outcome: the intent stays, so a re-run can resume it.
    let record_refusal = !matches!(cmd, TaskCommand::ApplyConfirmed { .. });
    let known = row(
        w.c(),
        "SELECT fingerprint, outcome FROM task_commands WHERE task_id = $1 AND command_id = $2",
        &[&task_id, &cmd.command_id()],
    )
    .await?;
    if let Some(known) = known {
        let known_fingerprint: String = get(&known, 0)?;
        let outcome: String = get(&known, 1)?;
        let stored = StoredOutcome::decode(&outcome)?;
        if let Some(difference) = w.authority().task_commands().differs(task_id, cmd.command_id(), &stored) {
            let refusal = altered_refusal(task_id, cmd, difference);
            return Err(refuse(w, (task_id, by), cmd, &fingerprint, refusal, false, now_ms).await);
        }
        match repeat_of(task_id, cmd, stored, known_fingerprint, &fingerprint) {
            Repeat::Continue { fingerprint: intent } => fingerprint = intent,
            Repeat::Conflict(refusal) => {
                return Err(refuse(w, (task_id, by), cmd, &fingerprint, refusal, false, now_ms).await);
            }
            Repeat::Answer(answer) => return answer.map(|o| *o),
        }
    }
    let rules = match rules {
        Ok(rules) => rules,
        Err(refusal) => return Err(refuse(w, (task_id, by), cmd, &fingerprint, refusal, record_refusal, now_ms).await),
    };
    let mut state = load_state(w.c(), task_id).await?;
    let events = match rules(task_id, state.as_ref(), cmd, now_ms) {
        Ok(events) => events,
        Err(refusal) => return Err(refuse(w, (task_id, by), cmd, &fingerprint, refusal, record_refusal, now_ms).await),
    };
    let mut seqs = Vec::with_capacity(events.len());
    for event in &events {
        let appended = w.append(now_ms, EventData::Task(event.clone().made_by(by))).await?;
        let seq = crate::db::seq_param(appended.seq)?;
        exec(w.c(), "INSERT INTO task_events (task_id, seq) VALUES ($1, $2)", &[&task_id, &seq]).await?;
        seqs.push(appended.seq);
        state = task::apply(state, event);
    }
    let state = state.ok_or_else(|| StoreError::Backend(format!("task {task_id} vanished after {}", cmd.verb())))?;
    let result = events.last().map_or("check_allowed", result_name);
    let outcome = accepted(task_id, cmd, result, seqs, &state);
    // Asking whether a check may start records nothing: the check's outcome is its recorded result.
    if !events.is_empty() {
        record(w, task_id, cmd.command_id(), &fingerprint, &StoredOutcome::Accepted(Box::new(outcome.clone()))).await?;
    }
    Ok(outcome)
}
