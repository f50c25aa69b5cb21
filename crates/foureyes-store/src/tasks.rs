//! Change control storage: the [`TaskStore`] trait (like [`crate::Credentials`], a capability a backend may
//! offer besides [`crate::Store`]) and what its commands return.
//!
//! A task's state is never stored: it is replayed from the task's events in the journal (one hash chain with the
//! decisions) by the pure `foureyes_core::task` reducer, inside the write transaction that judges the next command.
//! Each command is one transaction: load, idempotency, expected revision, transition, append, record the outcome.
//! The rules that judge a command (the [`Transition`]) are the change-control app's (`change_control::model`,
//! ADR-450): the store runs them under its write lock and knows none of them.
//!
//! The checks every `TaskStore` backend runs are `change_control::conformance`; [`shared`] the I/O-free steps both
//! backends take the same way.

pub mod shared;

use crate::{Store, StoreError};
use async_trait::async_trait;
use foureyes_core::task::{By, CheckRecord, TaskCommand, TaskEvent, TaskRefusal, TaskState, TaskStatus};
use serde::{Deserialize, Serialize};

/// What an accepted command did, or (for a repeated `command_id`) what it did the first time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskOutcome {
    pub task_id: String,
    pub command_id: String,
    /// `create`, `propose`, `apply`, `check` or `finish`.
    pub command: String,
    /// `created`, `proposed`, `apply_intended`, `applied`, `check_allowed`, `checked` or `finished`.
    pub result: String,
    /// Journal seqs of the events it appended (none for `check_allowed`).
    pub seqs: Vec<u64>,
    /// The task right after the command.
    pub status: TaskStatus,
    pub revision: u64,
    pub verified_revision: Option<u64>,
    /// The check recorded, for `checked`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<CheckRecord>,
    /// True when this answers a repeated `command_id` with its first outcome (nothing new was appended).
    #[serde(default)]
    pub repeated: bool,
}

/// The rules of change control: judges `cmd` against the task's state (`None`: no such task yet) at `now_ms`,
/// returning the events to append or why the command is refused. The change-control app owns it
/// (`change_control::model::transition`); a store runs it inside the write transaction of the command.
pub type Transition = fn(&str, Option<&TaskState>, &TaskCommand, i64) -> Result<Vec<TaskEvent>, TaskRefusal>;

/// Tasks of the change-control loop. Every write is one transaction that also appends its journal events; a
/// refusal is journaled (`refused`, with `task_id`) and committed, and returned as [`StoreError::Refused`].
#[async_trait]
pub trait TaskStore: Send + Sync {
    /// Judges and records one command. A repeated `command_id` returns its first outcome (a refusal too, as the
    /// same error) without appending anything; the same `command_id` for a different command is refused. The
    /// second phase of an apply (`ApplyConfirmed`) shares its `command_id` with the intent.
    /// `rules` judges the command under the store's write lock. `by` (the API credential that made the command;
    /// `None` for the CLI) is stamped on every event the command appends, and names the refused caller.
    async fn task_command(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        rules: Transition,
        by: Option<&By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError>;
    /// Journals a refusal the trusted executor found outside the pure model (a path resolving through a symlink
    /// outside the workspace), under the same idempotency rules: if `cmd.command_id` already has an outcome, that
    /// outcome is returned instead.
    async fn task_refuse(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        refusal: TaskRefusal,
        by: Option<&By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError>;
    /// The task replayed from the journal (`None`: no such task).
    async fn task_state(&self, task_id: &str) -> Result<Option<TaskState>, StoreError>;
    /// Every task, by id.
    async fn tasks(&self) -> Result<Vec<TaskState>, StoreError>;
}

/// A backend that keeps tasks as well as decisions (what `foureyes task …` and the task conformance checks need):
/// implemented by every type that is both.
pub trait TaskBackend: Store + TaskStore {}

impl<T: Store + TaskStore + ?Sized> TaskBackend for T {}
