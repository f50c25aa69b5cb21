//! Change control's commands as the door runs them, written once for both ways in: the CLI (`foureyes task …`,
//! the operator's, with a local executor and runner) and the HTTP API (`foureyes serve`, `/v1/tasks…`, ADR-490),
//! which plugs a [`Door`] in. Each command is one store transaction judged by [`crate::model::transition`]; an
//! apply intent whose change touches a sensitive path first passes the door's approval gate (action
//! [`GATE_ACTION`]), and the decision that cleared it is reported once the apply is confirmed.
//!
//! Who made a command over the API is the credential the server authenticated (`by`, stamped by the store on
//! every event the command appends, ADR-491); the CLI passes `None`.

use crate::ChangeControl;
use crate::model::{self, sensitive_paths};
use foureyes_core::canonical::sha256_hex;
use foureyes_core::task::{By, Manifest, TaskCommand, TaskConfig, TaskRefusal, TaskState, visible};
use foureyes_core::{ActionRequest, DecisionRecord, DecisionStatus, Outcome, Policy, Verdict};
use foureyes_store::{StoreError, TaskBackend, TaskOutcome};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// The action a sensitive change asks the approval gate for.
pub const GATE_ACTION: &str = "task.apply";

/// The policy the gate judges `task.apply` by when none is given: an empty policy, in which `task.apply` is
/// unknown and therefore deferred to a human (default deny).
pub fn builtin_gate_policy() -> Result<Policy, String> {
    Policy::from_yaml("builtin:task-gate", "version: 1\nactions: {}\n").map_err(|e| e.to_string())
}

/// The request a sensitive change sends through the approval gate. Its id is derived from the task and the
/// command id, so re-running the same apply after approval releases it; its requester (`agent`) is the proposer.
pub fn gate_request(state: &TaskState, command_id: &str) -> ActionRequest {
    // One path per item, each made visible: a bidi override or an escape sequence in a file name cannot disguise
    // what a human approves.
    let shown = |paths: Vec<String>| paths.iter().map(|p| visible(p)).collect::<Vec<_>>();
    let (paths, digest) = match &state.proposal {
        Some(p) => (shown(p.paths()), p.change_digest.clone()),
        None => (Vec::new(), String::new()),
    };
    let mut params = Map::new();
    params.insert("task_id".into(), json!(state.task_id));
    params.insert("revision".into(), json!(state.revision));
    params.insert("paths".into(), json!(paths));
    params.insert("sensitive_paths".into(), json!(shown(sensitive_paths(state))));
    params.insert("change_digest".into(), json!(digest));
    let readable = format!("task:{}:{command_id}", state.task_id);
    let request_id = if readable.len() <= foureyes_core::MAX_NAME_BYTES {
        readable
    } else {
        format!("task:{}", sha256_hex(readable.as_bytes()))
    };
    // The requester is the credential that proposed the change (ADR-550): the four-eyes rule (`approve`, ADR-470's
    // fold) then refuses the proposer approving it under any spelling of its name. A CLI proposal names no
    // credential (the operator's OS account made it), so its request names the task.
    let agent = match state.proposal.as_ref().and_then(|p| p.by.as_ref()) {
        Some(by) => by.name.clone(),
        None => format!("task:{}", state.task_id),
    };
    ActionRequest {
        request_id,
        agent,
        session: None,
        action: GATE_ACTION.to_string(),
        params,
        target: Some(state.config.workspace.clone()),
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    }
}

/// What an apply intent came to.
#[derive(Debug)]
pub enum Intended {
    /// The store's answer: the intent accepted (or a repeat's first outcome, or a confirmed apply).
    Accepted(TaskOutcome),
    /// The change touches a sensitive path and the approval gate did not permit it: deferred to a human (approve
    /// the decision's approval, then repeat the apply with the same command id), denied, or rehearsed.
    Gated(DecisionRecord),
}

/// Records an apply intent. When the store would accept it: `precheck` looks at what the model cannot (the CLI's
/// executor: the workspace on disk; the API: nothing, its runner looks before it asks) and may refuse it
/// (journaled); then a change touching a sensitive path passes the approval gate under `policy` (the built-in
/// default-deny policy when `None`), and is recorded only with the decision that permitted it (`cleared_by`,
/// taken from the door's own decision, never from the caller). A permitted change the store then refuses is
/// reported `failed`; a repeat of a confirmed apply settles the gate.
pub async fn intend_apply<S: TaskBackend + ?Sized>(
    store: &S,
    policy: Option<Arc<Policy>>,
    task: &str,
    mut intent: TaskCommand,
    precheck: impl FnOnce(&TaskState) -> Option<TaskRefusal> + Send,
    by: Option<&By>,
    now_ms: i64,
) -> Result<Intended, StoreError> {
    let state = store.task_state(task).await?;
    let mut gate: Option<DecisionRecord> = None;
    if let Some(s) = &state
        && model::transition(task, Some(s), &intent, now_ms).is_ok()
    {
        if let Some(refusal) = precheck(s) {
            return store.task_refuse(task, intent, refusal, by, now_ms).await.map(Intended::Accepted);
        }
        if !sensitive_paths(s).is_empty() {
            let policy = match policy {
                Some(policy) => policy,
                None => Arc::new(builtin_gate_policy().map_err(StoreError::Backend)?),
            };
            let decision = store.decide(policy, gate_request(s, intent.command_id()), now_ms).await?;
            if decision.verdict != Verdict::Permit {
                return Ok(Intended::Gated(decision));
            }
            if let TaskCommand::ApplyIntent { cleared_by, .. } = &mut intent {
                *cleared_by = Some(decision.decision_id);
            }
            gate = Some(decision);
        }
    }
    let outcome = match store.command_by(task, intent, by, now_ms).await {
        Ok(outcome) => outcome,
        Err(e) => {
            if let Some(d) = &gate {
                // The permitted change was not applied: phase B says so.
                let detail = json!({"task_id": task, "refused": e.to_string()});
                store.report(d.decision_id, Outcome::Failed, detail, now_ms).await?;
            }
            return Err(e);
        }
    };
    if outcome.result != "apply_intended" {
        settle_gate(store, task, now_ms).await?;
    }
    Ok(Intended::Accepted(outcome))
}

/// Records an apply's confirmation and settles the gate's decision that cleared it.
pub async fn confirm_apply<S: TaskBackend + ?Sized>(
    store: &S,
    task: &str,
    confirm: TaskCommand,
    by: Option<&By>,
    now_ms: i64,
) -> Result<TaskOutcome, StoreError> {
    let outcome = store.command_by(task, confirm, by, now_ms).await?;
    settle_gate(store, task, now_ms).await?;
    Ok(outcome)
}

/// Phase B of the gate's permit: once the apply is confirmed, the decision that cleared it is reported executed.
/// Idempotent, so a re-run after a crash between the confirmation and the report settles it too.
pub async fn settle_gate<S: TaskBackend + ?Sized>(store: &S, task: &str, now_ms: i64) -> Result<(), StoreError> {
    let Some(applied) = store.task_state(task).await?.and_then(|s| s.last_applied) else { return Ok(()) };
    let Some(id) = applied.cleared_by else { return Ok(()) };
    if store.decision(id).await?.is_some_and(|d| d.status == DecisionStatus::Intended) {
        let detail = json!({"task_id": task, "revision": applied.revision, "written": applied.files});
        store.report(id, Outcome::Executed, detail, now_ms).await?;
    }
    Ok(())
}

/// Change control over the HTTP API: what `foureyes serve` plugs into `/v1/tasks…` (as
/// `foureyes_server::tasks::TaskDoor`). The server authenticates and checks roles; this runs the commands with the
/// same functions the CLI runs, on the server's store.
#[derive(Clone)]
pub struct Door {
    pub store: Arc<dyn TaskBackend>,
}

impl Door {
    pub fn new(store: Arc<dyn TaskBackend>) -> Door {
        Door { store }
    }

    /// An operator's `create`, with the workspace's baseline manifest as the caller hashed it.
    pub async fn create(
        &self,
        task: &str,
        config: TaskConfig,
        workspace: Manifest,
        by: &By,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        let cmd = TaskCommand::Create { command_id: "create".into(), config, workspace };
        self.store.command_by(task, cmd, Some(by), now_ms).await
    }

    /// Any command but an apply intent ([`Door::apply`]); a confirmation settles the gate.
    pub async fn command(&self, task: &str, cmd: TaskCommand, by: &By, now_ms: i64) -> Result<TaskOutcome, StoreError> {
        match cmd {
            TaskCommand::ApplyConfirmed { .. } => confirm_apply(&*self.store, task, cmd, Some(by), now_ms).await,
            TaskCommand::ApplyIntent { .. } => Err(StoreError::InvalidState(
                "an apply intent passes the approval gate: send it through `Door::apply`".into(),
            )),
            cmd => self.store.command_by(task, cmd, Some(by), now_ms).await,
        }
    }

    /// An apply intent through the approval gate under the server's `policy`.
    pub async fn apply(
        &self,
        policy: Arc<Policy>,
        task: &str,
        intent: TaskCommand,
        by: &By,
        now_ms: i64,
    ) -> Result<Intended, StoreError> {
        intend_apply(&*self.store, Some(policy), task, intent, |_| None, Some(by), now_ms).await
    }

    /// The task as `foureyes task status --json` shows it.
    pub async fn status(&self, task: &str) -> Result<Option<Value>, StoreError> {
        Ok(self.store.task_state(task).await?.as_ref().map(crate::cli::status_json))
    }

    /// The pending proposal with each file's content (what the runner writes and an approver reads): `None` when
    /// there is no such task, `Some(Value::Null)` when it has no proposal.
    pub async fn proposal(&self, task: &str) -> Result<Option<Value>, StoreError> {
        let Some(state) = self.store.task_state(task).await? else { return Ok(None) };
        let sensitive = sensitive_paths(&state);
        Ok(Some(state.proposal.as_ref().map_or(Value::Null, |p| {
            json!({
                "command_id": p.command_id,
                "revision": p.revision,
                "change_digest": p.change_digest,
                "files": p.files.iter().map(|f| json!({
                    "path": f.path, "sha256": f.sha256, "bytes": f.bytes, "content": f.content,
                    "sensitive": sensitive.contains(&f.path),
                })).collect::<Vec<_>>(),
            })
        })))
    }

    /// Every task, as [`Door::status`] shows each.
    pub async fn list(&self) -> Result<Vec<Value>, StoreError> {
        Ok(self.store.tasks().await?.iter().map(crate::cli::status_json).collect())
    }
}

#[async_trait::async_trait]
impl foureyes_server::tasks::TaskDoor for Door {
    async fn create(
        &self,
        task: &str,
        config: TaskConfig,
        workspace: Manifest,
        by: &By,
        now_ms: i64,
    ) -> Result<TaskOutcome, StoreError> {
        Door::create(self, task, config, workspace, by, now_ms).await
    }

    async fn command(&self, task: &str, cmd: TaskCommand, by: &By, now_ms: i64) -> Result<TaskOutcome, StoreError> {
        Door::command(self, task, cmd, by, now_ms).await
    }

    async fn apply(
        &self,
        policy: Arc<Policy>,
        task: &str,
        intent: TaskCommand,
        by: &By,
        now_ms: i64,
    ) -> Result<foureyes_server::tasks::Applying, StoreError> {
        use foureyes_server::tasks::Applying;
        Ok(match Door::apply(self, policy, task, intent, by, now_ms).await? {
            Intended::Accepted(outcome) => Applying::Accepted(outcome),
            Intended::Gated(decision) => Applying::Gated(decision),
        })
    }

    async fn status(&self, task: &str) -> Result<Option<Value>, StoreError> {
        Door::status(self, task).await
    }

    async fn list(&self) -> Result<Vec<Value>, StoreError> {
        Door::list(self).await
    }

    async fn proposal(&self, task: &str) -> Result<Option<Value>, StoreError> {
        Door::proposal(self, task).await
    }
}
