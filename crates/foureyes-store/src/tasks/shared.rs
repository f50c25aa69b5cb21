//! What every [`TaskStore`](super::TaskStore) backend does the same way, with no I/O: how a command's first
//! outcome is kept (`task_commands.outcome`, the same JSON on SQLite and PostgreSQL), how a journal row becomes a
//! task event, the result name of an accepted command, and what a repeated `command_id` gets. The backends keep only
//! their SQL.

use super::TaskOutcome;
use crate::StoreError;
use foureyes_core::event::{EventData, Refused};
use foureyes_core::journal::EventKind;
use foureyes_core::task::{By, CheckRecord, TaskCommand, TaskEvent, TaskRefusal, TaskState};
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

/// What the journal says each task command did (ADR-585): the outcome the door recorded for an accepted command,
/// rebuilt from its event and the task replayed up to it, and every journaled refusal of a task command by seq. A
/// `task_commands` row is answered only when it is one of these; the authority state keeps one (replayed from the
/// verified journal like decisions' idempotency, ADR-240) and the audit another.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct JournaledTaskCommands {
    /// Task id → the task as its events so far replay it (the same reducer the store judges commands with).
    tasks: std::collections::HashMap<String, TaskState>,
    /// `task \0 command id` → the outcome its latest task event makes (an apply's confirmation replaces its intent).
    accepted: std::collections::HashMap<String, TaskOutcome>,
    /// Seq of a `refused` event naming a task command → `(task \0 command id, code, message)`.
    refused: std::collections::HashMap<u64, (String, String, String)>,
}

fn command_key(task_id: &str, command_id: &str) -> String {
    format!("{task_id}\0{command_id}")
}

/// The command id and verb of the command that appended a task event.
fn command_of(event: &TaskEvent) -> (&str, &'static str) {
    match event {
        TaskEvent::Created(e) => (&e.command_id, "create"),
        TaskEvent::Proposed(e) => (&e.command_id, "propose"),
        TaskEvent::ApplyIntended(e) => (&e.command_id, "apply"),
        TaskEvent::Applied(e) => (&e.command_id, "apply"),
        TaskEvent::Checked(e) => (&e.command_id, "check"),
        TaskEvent::Finished(e) => (&e.command_id, "finish"),
    }
}

impl JournaledTaskCommands {
    /// Folds journal event `seq` in. Every command appends exactly one task event (`change_control::model`), so its
    /// outcome is that event's result and the task right after it, as [`accepted`] builds it in the store.
    pub fn apply(&mut self, seq: u64, data: &EventData) {
        match data {
            EventData::Task(event) => {
                let task_id = event.task_id().to_string();
                let Some(state) = foureyes_core::task::apply(self.tasks.remove(&task_id), event) else { return };
                let (command_id, verb) = command_of(event);
                let result = result_name(event);
                let outcome = TaskOutcome {
                    task_id: task_id.clone(),
                    command_id: command_id.to_string(),
                    command: verb.to_string(),
                    result: result.to_string(),
                    seqs: vec![seq],
                    status: state.status,
                    revision: state.revision,
                    verified_revision: state.verified_revision,
                    check: if result == "checked" { state.last_check.clone() } else { None },
                    repeated: false,
                };
                self.accepted.insert(command_key(&task_id, command_id), outcome);
                self.tasks.insert(task_id, state);
            }
            EventData::Refused(Refused {
                task_id: Some(task_id), command_id: Some(command_id), code, message, ..
            }) => {
                let entry = (command_key(task_id, command_id), code.clone(), message.clone());
                self.refused.insert(seq, entry);
            }
            _ => {}
        }
    }

    /// The first field in which `stored` (the `task_commands` row of `task_id`/`command_id`) differs from what the
    /// journal says that command did: `(field, row, journal)`, or `None` when the journal backs it whole.
    pub fn differs(&self, task_id: &str, command_id: &str, stored: &StoredOutcome) -> Option<(String, String, String)> {
        let key = command_key(task_id, command_id);
        match stored {
            StoredOutcome::Accepted(row) => {
                let Some(journal) = self.accepted.get(&key) else {
                    let row = format!("{} ({}) at seqs {:?}", row.command, row.result, row.seqs);
                    return Some(("outcome".into(), row, "no accepted event of this command".into()));
                };
                let fields: [(&str, String, String); 8] = [
                    ("task_id", row.task_id.clone(), journal.task_id.clone()),
                    ("command_id", row.command_id.clone(), journal.command_id.clone()),
                    ("command", row.command.clone(), journal.command.clone()),
                    ("result", row.result.clone(), journal.result.clone()),
                    ("seqs", format!("{:?}", row.seqs), format!("{:?}", journal.seqs)),
                    ("status", format!("{:?}", row.status), format!("{:?}", journal.status)),
                    ("revision", row.revision.to_string(), journal.revision.to_string()),
                    (
                        "verified_revision",
                        format!("{:?}", row.verified_revision),
                        format!("{:?}", journal.verified_revision),
                    ),
                ];
                if let Some((field, row, journal)) = fields.into_iter().find(|(_, r, j)| r != j) {
                    return Some((field.to_string(), row, journal));
                }
                (row.check != journal.check).then(|| {
                    let show = |c: &Option<CheckRecord>| match c {
                        Some(c) => {
                            format!("check `{}` of revision {} (passed: {})", c.command_id, c.revision, c.passed)
                        }
                        None => "no check".to_string(),
                    };
                    ("check".to_string(), show(&row.check), show(&journal.check))
                })
            }
            StoredOutcome::Refused { code, message, seq } => {
                let journal = self.refused.get(seq);
                let backed = journal.is_some_and(|(k, c, m)| *k == key && c == code && m == message);
                (!backed).then(|| {
                    let journal = journal.map_or_else(
                        || format!("no refusal of a task command at seq {seq}"),
                        |(k, c, _)| format!("refusal `{c}` of {}", k.replace('\0', "/")),
                    );
                    ("outcome".to_string(), format!("refusal `{code}` at seq {seq}"), journal)
                })
            }
        }
    }
}

/// The refusal of a command whose recorded outcome the journal does not back (ADR-585): the row grants nothing and
/// is not answered; the refusal is journaled and not recorded as the command's outcome.
pub fn altered_refusal(
    task_id: &str,
    cmd: &TaskCommand,
    (field, row, journal): (String, String, String),
) -> TaskRefusal {
    TaskRefusal {
        code: "record_altered".into(),
        message: format!(
            "cannot {} task {task_id}: the outcome recorded for command id `{}` is not believed: its row in \
             `task_commands` says {field} `{row}` but the journal says `{journal}` (the row was not written by the \
             door; see `foureyes journal audit`)",
            cmd.verb(),
            cmd.command_id()
        ),
    }
}
