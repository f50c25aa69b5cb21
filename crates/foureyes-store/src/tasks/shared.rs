//! What every [`TaskStore`](super::TaskStore) backend does the same way, with no I/O: how a command's first
//! outcome is kept (`task_commands.outcome`, the same JSON on SQLite and PostgreSQL), how a journal row becomes a
//! task event, the result name of an accepted command, and what a repeated `command_id` gets. The backends keep only
//! their SQL.

use super::TaskOutcome;
use crate::StoreError;
use foureyes_core::event::{EventData, Refused};
use foureyes_core::journal::EventKind;
use foureyes_core::task::{By, TaskCommand, TaskEvent, TaskRefusal, TaskState};
use serde::{Deserialize, Serialize};

/// A command's first outcome, as `task_commands.outcome` keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoredOutcome {
    Accepted(Box<TaskOutcome>),
    Refused { code: String, message: String, seq: u64 },
}

impl StoredOutcome {
    pub fn decode(text: &str) -> Result<StoredOutcome, StoreError> {
        serde_json::from_str(text).map_err(|e| StoreError::Backend(format!("stored task outcome is not valid: {e}")))
    }

    pub fn encode(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Backend(format!("cannot encode a task outcome: {e}")))
    }
}

/// The task event in journal row `seq` (of task `task_id`), or why the row is not one.
pub fn event_from_row(task_id: &str, seq: i64, kind: &str, data: &str) -> Result<TaskEvent, StoreError> {
    let bad = |m: String| StoreError::Backend(format!("journal seq {seq} (task {task_id}): {m}"));
    let kind = EventKind::parse(kind).ok_or_else(|| bad(format!("unknown kind `{kind}`")))?;
    let data: serde_json::Value = serde_json::from_str(data).map_err(|e| bad(format!("data is not JSON: {e}")))?;
    TaskEvent::from_journal(kind, &data)
        .map_err(bad)?
        .ok_or_else(|| bad(format!("`{}` is not a task event", kind.as_str())))
}

/// The `result` of an accepted command whose last event is `event` (`check_allowed` when it appended none).
pub fn result_name(event: &TaskEvent) -> &'static str {
    match event {
        TaskEvent::Created(_) => "created",
        TaskEvent::Proposed(_) => "proposed",
        TaskEvent::ApplyIntended(_) => "apply_intended",
        TaskEvent::Applied(_) => "applied",
        TaskEvent::Checked(_) => "checked",
        TaskEvent::Finished(_) => "finished",
    }
}

/// What a command whose `command_id` is already recorded gets.
#[derive(Debug)]
pub enum Repeat {
    /// The confirmation of an apply recorded as intended: judge it, under the intent's fingerprint.
    Continue { fingerprint: String },
    /// The id was used for another command: refuse (journaled, not recorded as this id's outcome).
    Conflict(TaskRefusal),
    /// The same command again: its first outcome, marked `repeated`, and nothing appended.
    Answer(Result<Box<TaskOutcome>, StoreError>),
}

/// Compares a command with the outcome recorded under its `command_id` (`known_fingerprint` is the recorded one).
pub fn repeat_of(
    task_id: &str,
    cmd: &TaskCommand,
    stored: StoredOutcome,
    known_fingerprint: String,
    fingerprint: &str,
) -> Repeat {
    if let (StoredOutcome::Accepted(o), TaskCommand::ApplyConfirmed { .. }) = (&stored, cmd)
        && o.result == "apply_intended"
    {
        // The confirmation is the second phase of the intent recorded under this id: it keeps the intent's
        // fingerprint (it cannot know which paths the caller named), so a later repeat of the apply matches.
        return Repeat::Continue { fingerprint: known_fingerprint };
    }
    if known_fingerprint != fingerprint {
        let first = match &stored {
            StoredOutcome::Accepted(o) => format!("{} ({})", o.command, o.result),
            StoredOutcome::Refused { code, .. } => format!("a command refused with `{code}`"),
        };
        let message = match cmd {
            TaskCommand::Create { .. } => {
                format!("cannot create task {task_id}: it already exists, created with another configuration")
            }
            _ => format!(
                "cannot {} task {task_id}: command id `{}` was already used for {first}; a repeat must be the same command, anything new needs a new command id",
                cmd.verb(),
                cmd.command_id()
            ),
        };
        return Repeat::Conflict(TaskRefusal { code: "command_id_reused".into(), message });
    }
    Repeat::Answer(match stored {
        StoredOutcome::Accepted(mut o) => {
            o.repeated = true;
            Ok(o)
        }
        StoredOutcome::Refused { code, message, seq } => Err(StoreError::Refused { code, message, seq }),
    })
}

/// The `refused` journal event for a refused task command: its `agent` is the credential that made the command
/// over the API (ADR-491), else `task:TASK` (the CLI).
pub fn refusal_data(task_id: &str, cmd: &TaskCommand, refusal: &TaskRefusal, by: Option<&By>) -> EventData {
    EventData::Refused(Refused {
        agent: by.map_or_else(|| format!("task:{task_id}"), |b| b.name.clone()),
        code: refusal.code.clone(),
        message: refusal.message.clone(),
        input: cmd.summary(),
        task_id: Some(task_id.to_string()),
        command_id: Some(cmd.command_id().to_string()),
    })
}

/// The outcome of an accepted command: `result` (see [`result_name`]), the seqs it appended, the task right after.
pub fn accepted(task_id: &str, cmd: &TaskCommand, result: &str, seqs: Vec<u64>, state: &TaskState) -> TaskOutcome {
    TaskOutcome {
        task_id: task_id.to_string(),
        command_id: cmd.command_id().to_string(),
        command: cmd.verb().to_string(),
        result: result.to_string(),
        seqs,
        status: state.status,
        revision: state.revision,
        verified_revision: state.verified_revision,
        check: if result == "checked" { state.last_check.clone() } else { None },
        repeated: false,
    }
}
