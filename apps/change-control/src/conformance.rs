//! The backend-agnostic checks of `foureyes_store::TaskStore` under change control's rules: every backend that keeps
//! tasks runs each of them (`tests/sqlite_tasks.rs`, `tests/pg_tasks.rs`), so both give
//! the same answers, journal the same events and refuse the same races.
//!
//! Each check takes stores the caller opened on one fresh database; the caller keeps what is backend-specific
//! (opening, reopening, tampering with the tables).

// A test harness compiled as ordinary library code (as `crate::conformance` is) so that every backend crate can run it;
// failing loudly with a message naming what was expected is its whole job.
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::ChangeControl;
use crate::model::DEFAULT_SENSITIVE;
use foureyes_core::journal::EventKind;
use foureyes_core::task::{
    CheckResult, FileContent, FileHash, Manifest, TaskCommand, TaskConfig, TaskState, TaskStatus,
};
use foureyes_store::{StoreError, TaskBackend};
use std::sync::Arc;

/// The task every check works on.
pub const T: &str = "t1";

/// The configuration the checks create [`T`] with.
pub fn config() -> TaskConfig {
    TaskConfig {
        workspace: "/tmp/ws".into(),
        check_command: "true".into(),
        check_timeout_ms: 1000,
        sensitive: DEFAULT_SENSITIVE.iter().map(|s| s.to_string()).collect(),
        writable: Vec::new(),
        network: false,
        unsandboxed: false,
        deliver: None,
        limits: Default::default(),
    }
}

/// Creates [`T`].
pub fn create() -> TaskCommand {
    TaskCommand::Create { command_id: "create".into(), config: config(), workspace: Manifest::default() }
}

/// Proposes `a.txt` with `content` against revision `rev`.
pub fn propose(id: &str, rev: u64, content: &str) -> TaskCommand {
    TaskCommand::Propose {
        command_id: id.into(),
        expected_revision: rev,
        files: vec![FileContent { path: "a.txt".into(), content: content.into() }],
    }
}

fn intent(state: &TaskState, id: &str) -> TaskCommand {
    TaskCommand::ApplyIntent {
        command_id: id.into(),
        expected_revision: state.revision,
        paths: None,
        change_digest: state.proposal.as_ref().unwrap().change_digest.clone(),
        cleared_by: None,
    }
}

fn confirm(state: &TaskState, id: &str, written: Vec<FileHash>) -> TaskCommand {
    let workspace = state.workspace.with_written(&written, &state.config.writable);
    TaskCommand::ApplyConfirmed { command_id: id.into(), expected_revision: state.revision, written, workspace }
}

fn proposed_hashes(state: &TaskState) -> Vec<FileHash> {
    state.proposal.as_ref().unwrap().files.iter().map(|f| f.hash()).collect()
}

/// The code, message and journal seq of a refusal; anything else fails the check.
pub fn refusal(e: StoreError) -> (String, String, u64) {
    match e {
        StoreError::Refused { code, message, seq } => (code, message, seq),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

async fn kinds(store: &dyn TaskBackend) -> Vec<EventKind> {
    store.journal(0, 10_000).await.unwrap().into_iter().map(|e| e.kind).collect()
}

/// [`T`] as the store replays it (it must exist).
pub async fn state(store: &dyn TaskBackend) -> TaskState {
    store.task_state(T).await.unwrap().unwrap()
}

/// The journal verifies and the audit (which also compares the task-event index with a replay) finds nothing.
pub async fn assert_audit_clean(store: &dyn TaskBackend, what: &str) {
    let report = store.verify_journal().await.unwrap();
    assert!(report.is_ok(), "{what}: the journal does not verify: {report}");
    let audit = store.audit().await.unwrap();
    assert!(audit.mismatches.is_empty(), "{what}: {:#?}", audit.mismatches);
}

/// A whole task lifecycle on an empty store: a repeated command id returns its first outcome (a refusal too) and
/// appends nothing; the same id for another command is refused and journaled (`refused` with `task_id`); a refused
/// confirmation leaves the apply's intent to resume; asking for a check appends nothing; the audit is clean.
/// Returns the final state, which the caller checks a reopened store replays to ([`assert_replays_to`]).
pub async fn commands_are_idempotent_and_refusals_are_journaled(store: &dyn TaskBackend) -> TaskState {
    store.command(T, create(), 1).await.unwrap();

    let first = store.command(T, propose("p1", 0, "x"), 2).await.unwrap();
    assert_eq!((first.result.as_str(), first.revision, first.repeated), ("proposed", 1, false));
    let again = store.command(T, propose("p1", 0, "x"), 3).await.unwrap();
    assert!(again.repeated, "a repeated command id returns its first outcome");
    assert_eq!((again.seqs.clone(), again.revision), (first.seqs.clone(), 1));

    // The same command id for other content is refused (journaled), and does not replace the first outcome.
    let before = kinds(store).await.len();
    let (code, message, seq) = refusal(store.command(T, propose("p1", 0, "y"), 4).await.unwrap_err());
    assert_eq!(code, "command_id_reused", "{message}");
    assert_eq!(kinds(store).await[before..], [EventKind::Refused]);
    let refused = store.journal(seq - 1, 1).await.unwrap().remove(0);
    assert_eq!((refused.kind, refused.data["task_id"].as_str()), (EventKind::Refused, Some(T)));
    assert!(store.command(T, propose("p1", 0, "x"), 5).await.unwrap().repeated);

    // A refusal is a first outcome too: repeating it returns the same refusal and appends nothing.
    let (code, _, seq) = refusal(store.command(T, propose("p2", 0, "z"), 6).await.unwrap_err());
    assert_eq!(code, "stale_revision");
    let count = kinds(store).await.len();
    let (code2, _, seq2) = refusal(store.command(T, propose("p2", 0, "z"), 7).await.unwrap_err());
    assert_eq!((code2.as_str(), seq2), ("stale_revision", seq));
    assert_eq!(kinds(store).await.len(), count, "a repeated refusal appends nothing");

    // A refused confirmation (a hash mismatch) leaves the intent in place, so the apply can be resumed.
    let s = state(store).await;
    store.command(T, intent(&s, "a1"), 8).await.unwrap();
    let mut wrong = proposed_hashes(&s);
    wrong[0].sha256 = "0".repeat(64);
    let (code, message, _) = refusal(store.command(T, confirm(&s, "a1", wrong), 9).await.unwrap_err());
    assert_eq!(code, "hash_mismatch", "{message}");
    let resumed = store.command(T, intent(&s, "a1"), 10).await.unwrap();
    assert_eq!((resumed.result.as_str(), resumed.repeated), ("apply_intended", true));
    let applied = store.command(T, confirm(&s, "a1", proposed_hashes(&s)), 11).await.unwrap();
    assert_eq!((applied.result.as_str(), applied.status, applied.revision), ("applied", TaskStatus::Changed, 2));
    // After the confirmation, the apply's command id answers `applied`.
    let repeat = store.command(T, intent(&s, "a1"), 12).await.unwrap();
    assert_eq!((repeat.result.as_str(), repeat.repeated), ("applied", true));

    // A check: asking appends nothing; the runner's record is the outcome a repeat gets.
    let probe = TaskCommand::Check { command_id: "c1".into(), expected_revision: 2 };
    let count = kinds(store).await.len();
    assert_eq!(store.command(T, probe.clone(), 13).await.unwrap().result, "check_allowed");
    assert_eq!(kinds(store).await.len(), count);
    let result = CheckResult {
        exit_code: Some(0),
        timed_out: false,
        duration_ms: 5,
        output_sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855".into(),
        output_bytes: 0,
        output_tail: String::new(),
        sandbox: "none".into(),
        limits: String::new(),
        limit_hit: None,
    };
    let ws = state(store).await.workspace;
    let record = TaskCommand::CheckRecorded {
        command_id: "c1".into(),
        expected_revision: 2,
        result,
        before: ws.clone(),
        after: ws.clone(),
    };
    let checked = store.command(T, record, 14).await.unwrap();
    assert_eq!((checked.status, checked.verified_revision), (TaskStatus::Verified, Some(2)));
    assert_eq!(store.command(T, probe, 15).await.unwrap().result, "checked");
    let finished = store
        .command(
            T,
            TaskCommand::Finish { command_id: "f".into(), expected_revision: 2, workspace: ws, delivered: None },
            16,
        )
        .await
        .unwrap();
    assert_eq!(finished.status, TaskStatus::Finished);

    let live = state(store).await;
    assert_eq!(live.accepted_events, 4, "proposed, applied, checked, finished");
    assert_audit_clean(store, "after a task lifecycle").await;
    live
}

/// A store opened anew on the database [`commands_are_idempotent_and_refusals_are_journaled`] filled replays the
/// journal to the same state.
pub async fn assert_replays_to(reopened: &dyn TaskBackend, live: &TaskState) {
    assert_eq!(&state(reopened).await, live, "the same journal replays to the same state");
    assert_eq!(reopened.tasks().await.unwrap(), vec![live.clone()]);
}

/// Sixteen proposals against revision 0, spread over `stores` (handles on one database: one store, or several
/// replicas), race: exactly one is accepted, every other is refused `stale_revision`, the journal holds one
/// `task_proposed`, and the audit is clean.
pub async fn concurrent_commands_on_one_revision_accept_exactly_one(stores: &[Arc<dyn TaskBackend>]) {
    assert!(!stores.is_empty());
    stores[0].command(T, create(), 1).await.unwrap();
    let mut handles = Vec::new();
    for i in 0..16 {
        let store = stores[i % stores.len()].clone();
        handles.push(tokio::spawn(
            async move { store.command(T, propose(&format!("p{i}"), 0, &format!("v{i}")), 2).await },
        ));
    }
    let mut accepted = 0;
    for h in handles {
        match h.await.unwrap() {
            Ok(_) => accepted += 1,
            Err(e) => assert_eq!(refusal(e).0, "stale_revision"),
        }
    }
    assert_eq!(accepted, 1, "of sixteen proposals against one revision, exactly one is accepted");
    for store in stores {
        assert_eq!(state(&**store).await.revision, 1);
    }
    let proposed = kinds(&*stores[0]).await.into_iter().filter(|k| *k == EventKind::TaskProposed).count();
    assert_eq!(proposed, 1);
    let refused = kinds(&*stores[0]).await.into_iter().filter(|k| *k == EventKind::Refused).count();
    assert_eq!(refused, 15, "every losing proposal is journaled");
    assert_audit_clean(&*stores[0], "after the race").await;
}

fn finish(id: &str, rev: u64) -> TaskCommand {
    TaskCommand::Finish {
        command_id: id.into(),
        expected_revision: rev,
        workspace: Manifest::default(),
        delivered: None,
    }
}

/// The first half of the forged-outcome check (attack 13, #18): [`T`] proposed at revision 1 and a `finish` (`f2`)
/// refused, its refusal recorded under its command id. Returns the outcome text a writer with the database (not the
/// keys) puts in its `task_commands` row instead: that `f2` finished revision 1.
pub async fn a_finish_refused_before_its_row_is_forged(store: &dyn TaskBackend) -> String {
    store.command(T, create(), 1).await.unwrap();
    store.command(T, propose("p1", 0, "x"), 2).await.unwrap();
    let (code, _, seq) = refusal(store.command(T, finish("f2", 1), 3).await.unwrap_err());
    assert_eq!(code, "wrong_state", "a planned task cannot finish");
    serde_json::json!({"accepted": {"task_id": T, "command_id": "f2", "command": "finish", "result": "finished",
        "seqs": [seq], "status": "finished", "revision": 1, "verified_revision": 1, "repeated": false}})
    .to_string()
}

/// The second half (ADR-585): the forged row is not answered as the door's decision. The repeat is refused
/// (`record_altered`, journaled, naming the row), the task is still planned, and the audit names the row.
pub async fn a_forged_outcome_grants_nothing(store: &dyn TaskBackend) {
    let answer = store.command(T, finish("f2", 1), 4).await;
    let (code, message, seq) = refusal(answer.expect_err("a forged `finished` outcome must not be answered"));
    assert_eq!(code, "record_altered", "{message}");
    assert!(message.contains("task_commands"), "the refusal names the table: {message}");
    let journaled = store.journal(seq - 1, 1).await.unwrap();
    assert_eq!(journaled[0].kind, EventKind::Refused, "the refusal is journaled");
    assert_eq!(state(store).await.status, TaskStatus::Planned, "the journal's task did not move");
    let audit = store.audit().await.unwrap();
    let named = audit.mismatches.iter().any(|d| d.starts_with(&format!("task_commands {T}/f2 outcome.")));
    assert!(named, "the audit names the forged row: {:#?}", audit.mismatches);
}
