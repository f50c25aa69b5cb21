//! Change control for coding agents, the second reference application (beside `apps/support-desk`): an agent
//! proposes a change set; a trusted **executor** applies exactly that set; a trusted **runner** checks the
//! revision in a sandbox and records the result; a task finishes only on the code that was checked, and delivers
//! that copy. A change touching a sensitive path passes the door's approval gate (action `task.apply`) first.
//!
//! - [`model`]: the rules, pure (`transition`: which command is accepted in which state; paths, configuration,
//!   sensitive globs). The journal's vocabulary they speak (events, commands, state, the reducer) is
//!   `foureyes_core::task`, which the door keeps so that every journal holding task events still verifies and
//!   audits (ADR-450).
//! - [`cli`]: the executor and the runner behind `foureyes task …` (the operator's CLI calls [`cli::run`],
//!   ADR-451) and `foureyes demo change-control`.
//! - [`door`]: the commands as the door runs them (the approval gate of a sensitive apply, its phase B), shared by
//!   the CLI and the HTTP API (`/v1/tasks…`, whose `foureyes serve` plugs in a [`door::Door`], ADR-490).
//! - `workspace` (every file operation through a directory handle, no symlink followed), `sandbox` (bubblewrap),
//!   `limits` (a check's resources), `delivery` (what `finish` publishes).
//! - [`conformance`]: the checks every `foureyes_store::TaskStore` backend passes (`tests/sqlite_tasks.rs`,
//!   `tests/pg_tasks.rs`).
//!
//! Tasks live in the door's store (`foureyes_store::TaskStore`, one journal with the decisions); the store runs
//! [`model::transition`] under its write lock, so commands made against one revision accept exactly one.

pub mod cli;
pub mod conformance;
mod delivery;
pub mod door;
mod limits;
pub mod model;
mod sandbox;
mod workspace;

use async_trait::async_trait;
use foureyes_core::Policy;
use foureyes_core::task::{By, TaskCommand};
use foureyes_store::{StoreError, TaskOutcome, TaskStore};
use std::path::Path;

/// A failure with the exit code it maps to (the `foureyes` binary turns it into its own, code for code).
#[derive(Debug)]
pub struct Exit {
    pub code: u8,
    pub message: String,
}

impl Exit {
    pub fn new(code: u8, message: impl Into<String>) -> Exit {
        Exit { code, message: message.into() }
    }
}

// The door's exit codes that task commands share (`foureyes --help` lists them; the binary asserts they agree).
pub const EXIT_REFUSED: u8 = 3;
pub const EXIT_CONFLICT: u8 = 4;
pub const EXIT_NOT_FOUND: u8 = 5;
pub const EXIT_INVALID_STATE: u8 = 6;
pub const EXIT_VERIFY_FAILED: u8 = 7;
pub const EXIT_STORAGE: u8 = 8;
pub const EXIT_POLICY: u8 = 9;
pub const EXIT_DENY: u8 = 10;
pub const EXIT_DEFER: u8 = 11;
pub const EXIT_DRY_RUN: u8 = 12;

impl From<StoreError> for Exit {
    fn from(e: StoreError) -> Exit {
        use StoreError::*;
        let code = match &e {
            Refused { .. } | Unjournalable(_) => EXIT_REFUSED,
            Conflict { .. } => EXIT_CONFLICT,
            NotFound(_) => EXIT_NOT_FOUND,
            InvalidState(_) => EXIT_INVALID_STATE,
            Schema(_) | Backend(_) | Busy(_) => EXIT_STORAGE,
            // The journal lost events its doors committed (ADR-1440), as `foureyes` says it.
            Truncated(_) => EXIT_VERIFY_FAILED,
        };
        Exit::new(code, e.to_string())
    }
}

/// The door's `now`, anchored so that a clock step never moves it (ADR-730; its one home is
/// `foureyes_store::clock_floor`, resolved by `cli::run` when it opens the task store).
pub(crate) use foureyes_store::clock_floor::now_ms;

/// The gate's policy file, checked as `foureyes` checks every policy (its `execute:` sections too).
pub(crate) fn load_policy(path: &Path) -> Result<Policy, Exit> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Exit::new(EXIT_POLICY, format!("cannot read policy `{}`: {e}", path.display())))?;
    let policy =
        Policy::from_yaml(&path.display().to_string(), &text).map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?;
    foureyes_connect::check_policy(&policy).map_err(|e| Exit::new(EXIT_POLICY, format!("{}: {e}", path.display())))?;
    Ok(policy)
}

/// A task store with change control's rules: every command is judged by [`model::transition`] under the store's
/// write lock.
#[async_trait]
pub trait ChangeControl {
    /// A command the CLI (the operator) makes: its events name no credential.
    async fn command(&self, task_id: &str, cmd: TaskCommand, now_ms: i64) -> Result<TaskOutcome, StoreError> {
        self.command_by(task_id, cmd, None, now_ms).await
    }
    /// A command made by `by`, the API credential (ADR-491), stamped on the events it appends.
    async fn command_by(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        by: Option<&By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError>;
}

#[async_trait]
impl<S: TaskStore + ?Sized> ChangeControl for S {
    async fn command_by(
        &self,
        task_id: &str,
        cmd: TaskCommand,
        by: Option<&By>,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        self.task_command(task_id, cmd, model::transition, by, now_ms).await
    }
}
