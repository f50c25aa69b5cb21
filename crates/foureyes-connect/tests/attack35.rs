//! Attack 35, A: a run's start mark is the caller's last write and is checked as its credential (ADR-396): a token
//! revoked between the permit and the start starts nothing — the run is reported `failed` by the door, nothing sent.

use foureyes_connect::Door;
use foureyes_core::{Outcome, Policy, Verdict};
use foureyes_store::{Credentials, Store, WriteCredential, writes_as};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const T0: i64 = 1_767_225_600_000;

/// RED before (the start journaled after the revocation, the command ran): the door wrote the start mark as itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attack35_a_a_token_revoked_between_the_permit_and_the_start_starts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran");
    let yaml = format!(
        "version: 1\nactions:\n  files.touch:\n    tier: 2\n    limits: [{{ count: 100, per: 1h }}]\n    execute: {{ command: {{ argv: [touch, \"{}\"] }} }}\n",
        marker.display()
    );
    let policy = Policy::from_yaml("attack35.yaml", &yaml).unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("f.db"), SqliteOptions::default()).unwrap());
    store.record_policy(&policy, T0).await.unwrap();
    store.create_token("bot", foureyes_core::Role::Agent, "hash-bot", None, T0).await.unwrap();
    // The door reads its clock for the decision, then for the start: the revocation commits in between, from
    // another thread (the door's clock is synchronous), as a racing `foureyes token revoke` would.
    let readings = Arc::new(AtomicI64::new(0));
    let revoker = store.clone();
    let clock: foureyes_connect::door::Clock = Arc::new(move || {
        if readings.fetch_add(1, Ordering::SeqCst) == 1 {
            let store = revoker.clone();
            std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                assert!(rt.block_on(store.revoke_token("bot", T0)).unwrap());
            })
            .join()
            .unwrap();
        }
        T0
    });
    let door = Door { store: store.clone(), secrets: None, clock };
    let request = crate::action_request("touch-1", "bot", "files.touch", serde_json::json!({}));
    let executed = writes_as(Some(WriteCredential::token("bot", "hash-bot")), door.execute(Arc::new(policy), request))
        .await
        .unwrap();
    assert_eq!(executed.decision.verdict, Verdict::Permit, "decided before the revocation: {executed:?}");
    assert_eq!((executed.ran, executed.outcome), (false, Some(Outcome::Failed)), "{executed:?}");
    assert!(!marker.exists(), "the command ran after its agent's revocation");
    let events = store.journal(0, 1000).await.unwrap();
    use foureyes_core::journal::EventKind;
    assert!(events.iter().any(|e| e.kind == EventKind::Credential && e.data["name"] == "bot"), "revoked: {events:?}");
    assert!(events.iter().all(|e| e.kind != EventKind::ConnectorStarted), "no start mark: {events:?}");
}
