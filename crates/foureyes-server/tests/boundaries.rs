//! The approval endpoints cannot reach an executor or a connector, and the core does no I/O. Proven three ways,
//! none of them by searching source text:
//!
//! 1. **The dependency graph** (`cargo metadata`): the transitive normal dependencies of `foureyes-server` contain no
//!    crate that can execute an action: no MCP client (`rmcp`), no HTTP client (`reqwest`, `ureq`, …), and no
//!    workspace crate other than the core and the store (so none whose name says `mcp`, `connector` or `executor`).
//!    The server process has no code with which to call a connector. `foureyes-core` depends on no I/O crate.
//!    A positive control shows the walk finds such crates where they are (`foureyes-store` → `rusqlite`).
//! 2. **The type of the gate**: [`ApprovalGate`] is the approval endpoints' only handle on stored state. This file
//!    implements it in full for a test double: if anyone adds a method to the trait (say, `decide`), this file stops
//!    compiling, and the reviewer sees the approval surface grow.
//! 3. **Behaviour**: the router is built with a `Store` that records every call and a gate that records every call;
//!    driving every approval endpoint (list, show, approve, reject, revoke, and their refusals) makes calls on the gate and
//!    none on the store.
//!
//! What stays a documented argument rather than a test: the handlers' state type `approvals::ApprovalsState` is
//! private, so its field list (`gate`, `credentials`, `clock`, `metrics`, `bus`; no `Store`) cannot be named from
//! here. Point 3 checks its consequence: whatever it holds, it never touches the store.
#![allow(clippy::unwrap_used)]

use crate::common;

use async_trait::async_trait;
use axum::http::StatusCode;
use common::*;
use foureyes_core::journal::{Event, VerifyReport};
use foureyes_core::{
    ActionRequest, ApprovalId, ApprovalRecord, ApprovalStatus, DecisionId, DecisionRecord, Outcome, Policy,
};
use foureyes_server::{ApprovalGate, app};
use foureyes_store::{AuditReport, Checked, Decided, DecisionFilter, Store, StoreError, VoteOutcome};
use foureyes_store_sqlite::SqliteStore;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::{Arc, Mutex};

// ---------------------------------------------------------------------------------------------------------------
// 1. The dependency graph

struct Graph {
    /// package id → (name, is a workspace member)
    packages: BTreeMap<String, (String, bool)>,
    /// package id → ids of its normal (non-dev, non-build) dependencies
    normal: BTreeMap<String, Vec<String>>,
}

fn graph() -> Graph {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let members: BTreeSet<&str> =
        meta["workspace_members"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    let packages = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let id = p["id"].as_str().unwrap().to_string();
            let member = members.contains(id.as_str());
            (id, (p["name"].as_str().unwrap().to_string(), member))
        })
        .collect();
    let normal = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let deps = n["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["dep_kinds"].as_array().unwrap().iter().any(|k| k["kind"].is_null()))
                .map(|d| d["pkg"].as_str().unwrap().to_string())
                .collect();
            (n["id"].as_str().unwrap().to_string(), deps)
        })
        .collect();
    Graph { packages, normal }
}

impl Graph {
    fn id(&self, name: &str) -> &str {
        let ids: Vec<&String> =
            self.packages.iter().filter(|(_, (n, member))| n == name && *member).map(|(id, _)| id).collect();
        assert_eq!(ids.len(), 1, "workspace crate {name}: {ids:?}");
        ids[0]
    }

    /// Names of every crate `name` depends on transitively through normal dependencies, with whether each is a
    /// workspace member.
    fn closure(&self, name: &str) -> BTreeMap<String, bool> {
        let start = self.id(name).to_string();
        let mut seen = BTreeSet::from([start.clone()]);
        let mut queue = VecDeque::from([start]);
        while let Some(id) = queue.pop_front() {
            for dep in self.normal.get(&id).into_iter().flatten() {
                if seen.insert(dep.clone()) {
                    queue.push_back(dep.clone());
                }
            }
        }
        seen.iter().filter(|id| **id != self.id(name)).map(|id| self.packages[id].clone()).collect()
    }
}

/// Crates that could carry out an action: an MCP client, HTTP clients, process spawners.
const EXECUTING_CRATES: &[&str] =
    &["rmcp", "reqwest", "ureq", "isahc", "attohttpc", "surf", "curl", "duct", "subprocess"];
const IO_CRATES: &[&str] =
    &["tokio", "rusqlite", "libsqlite3-sys", "axum", "hyper", "mio", "tokio-postgres", "postgres", "deadpool-postgres"];

fn executes(name: &str) -> bool {
    ["mcp", "connector", "executor"].iter().any(|w| name.contains(w))
}

#[test]
fn the_server_cannot_reach_an_executor_or_connector() {
    let g = graph();
    let closure = g.closure("foureyes-server");
    let executing: Vec<&String> = closure.keys().filter(|n| EXECUTING_CRATES.contains(&n.as_str())).collect();
    assert!(
        executing.is_empty(),
        "foureyes-server depends (transitively) on crates that can execute actions: {executing:?}"
    );
    let workspace: BTreeSet<&str> = closure.iter().filter(|(_, m)| **m).map(|(n, _)| n.as_str()).collect();
    assert!(
        !workspace.iter().any(|n| executes(n)),
        "foureyes-server reaches an executing workspace crate: {workspace:?}"
    );
    assert_eq!(workspace, BTreeSet::from(["foureyes-core", "foureyes-store"]), "the server's workspace dependencies");
    // The server holds the store traits only: the binary wires a backend.
    let backends: Vec<&String> =
        closure.keys().filter(|n| ["rusqlite", "libsqlite3-sys", "tokio-postgres"].contains(&n.as_str())).collect();
    assert!(backends.is_empty(), "foureyes-server depends on a storage backend: {backends:?}");
}

#[test]
fn the_core_does_no_io() {
    let g = graph();
    let closure = g.closure("foureyes-core");
    let io: Vec<&String> = closure.keys().filter(|n| IO_CRATES.contains(&n.as_str())).collect();
    assert!(io.is_empty(), "foureyes-core depends (transitively) on I/O crates: {io:?}");
    let workspace: Vec<&String> = closure.iter().filter(|(_, m)| **m).map(|(n, _)| n).collect();
    assert!(workspace.is_empty(), "foureyes-core depends on workspace crates: {workspace:?}");
}

/// The walk finds what is there: the SQLite backend reaches SQLite, the server reaches axum and tokio, and the binary
/// reaches the server and both backends.
#[test]
fn the_graph_walk_has_teeth() {
    let g = graph();
    let store = g.closure("foureyes-store-sqlite");
    assert!(store.contains_key("rusqlite") && store.contains_key("libsqlite3-sys"), "{:?}", store.keys());
    let server = g.closure("foureyes-server");
    assert!(server.contains_key("axum") && server.contains_key("tokio"));
    let binary = g.closure("foureyes");
    assert!(binary.contains_key("foureyes-server"), "{:?}", binary.keys());
    assert!(binary.contains_key("rusqlite") && binary.contains_key("tokio-postgres"), "{:?}", binary.keys());
    // Every workspace crate is visible to the check, whatever its name.
    let members: Vec<&String> = g.packages.values().filter(|(_, m)| *m).map(|(n, _)| n).collect();
    assert!(members.len() >= 5, "{members:?}");
}

// ---------------------------------------------------------------------------------------------------------------
// 2 and 3. The gate's surface, and a store the approval endpoints never touch

type Calls = Arc<Mutex<Vec<&'static str>>>;

/// A complete implementation of `ApprovalGate`: list, show, approve, reject, revoke, refuse — and nothing else exists to
/// implement. Adding a method to the trait breaks this impl.
struct RecordingGate {
    inner: Arc<SqliteStore>,
    calls: Calls,
}

#[async_trait]
impl ApprovalGate for RecordingGate {
    async fn approval(&self, id: i64, now_ms: i64) -> Result<Option<Checked<ApprovalRecord>>, StoreError> {
        self.calls.lock().unwrap().push("approval");
        self.inner.approval_checked(id, now_ms).await
    }
    async fn approvals(
        &self,
        status: Option<ApprovalStatus>,
        now_ms: i64,
    ) -> Result<Vec<Checked<ApprovalRecord>>, StoreError> {
        self.calls.lock().unwrap().push("approvals");
        self.inner.approvals_checked(status, now_ms).await
    }
    async fn approve(
        &self,
        id: i64,
        approver: &str,
        digest: Option<&str>,
        now_ms: i64,
    ) -> Result<VoteOutcome, StoreError> {
        self.calls.lock().unwrap().push("approve");
        self.inner.approve(id, approver, digest, now_ms).await
    }
    async fn reject(
        &self,
        id: i64,
        approver: &str,
        reason: Option<&str>,
        digest: Option<&str>,
        now_ms: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        self.calls.lock().unwrap().push("reject");
        self.inner.reject(id, approver, reason, digest, now_ms).await
    }
    async fn revoke(&self, id: i64, by: &str, why: &str, now_ms: i64) -> Result<ApprovalRecord, StoreError> {
        self.calls.lock().unwrap().push("revoke");
        self.inner.revoke(id, by, why, now_ms).await
    }
    async fn refuse(&self, who: &str, code: &str, message: &str, input: Value, now_ms: i64) -> Result<u64, StoreError> {
        self.calls.lock().unwrap().push("refuse");
        self.inner.refuse(who, code, message, input, now_ms).await
    }
}

/// A `Store` that records every call (and delegates, so the rest of the server works).
struct RecordingStore {
    inner: Arc<SqliteStore>,
    calls: Calls,
}

impl RecordingStore {
    fn note(&self, method: &'static str) {
        self.calls.lock().unwrap().push(method);
    }
}

#[async_trait]
impl Store for RecordingStore {
    async fn decide(&self, p: Arc<Policy>, r: ActionRequest, now: i64) -> Result<DecisionRecord, StoreError> {
        self.note("decide");
        self.inner.decide(p, r, now).await
    }
    async fn decide_or_replay(&self, p: Arc<Policy>, r: ActionRequest, now: i64) -> Result<Decided, StoreError> {
        self.note("decide_or_replay");
        self.inner.decide_or_replay(p, r, now).await
    }
    async fn revoke(&self, id: ApprovalId, by: &str, why: &str, now: i64) -> Result<ApprovalRecord, StoreError> {
        self.note("revoke");
        self.inner.revoke(id, by, why, now).await
    }
    async fn report(&self, id: DecisionId, o: Outcome, d: Value, now: i64) -> Result<DecisionRecord, StoreError> {
        self.note("report");
        self.inner.report(id, o, d, now).await
    }
    async fn approve(&self, id: ApprovalId, a: &str, d: Option<&str>, now: i64) -> Result<VoteOutcome, StoreError> {
        self.note("approve");
        self.inner.approve(id, a, d, now).await
    }
    async fn reject(
        &self,
        id: ApprovalId,
        a: &str,
        r: Option<&str>,
        d: Option<&str>,
        now: i64,
    ) -> Result<ApprovalRecord, StoreError> {
        self.note("reject");
        self.inner.reject(id, a, r, d, now).await
    }
    async fn expire_approvals(&self, now: i64) -> Result<Vec<ApprovalId>, StoreError> {
        self.note("expire_approvals");
        self.inner.expire_approvals(now).await
    }
    async fn set_kill_switch(&self, e: bool, by: &str, now: i64) -> Result<bool, StoreError> {
        self.note("set_kill_switch");
        self.inner.set_kill_switch(e, by, now).await
    }
    async fn kill_switch(&self) -> Result<bool, StoreError> {
        self.note("kill_switch");
        self.inner.kill_switch().await
    }
    async fn record_policy(&self, p: &Policy, now: i64) -> Result<bool, StoreError> {
        self.note("record_policy");
        self.inner.record_policy(p, now).await
    }
    async fn refuse(&self, a: &str, c: &str, m: &str, i: Value, now: i64) -> Result<u64, StoreError> {
        self.note("refuse");
        self.inner.refuse(a, c, m, i, now).await
    }
    async fn decision(&self, id: DecisionId) -> Result<Option<DecisionRecord>, StoreError> {
        self.note("decision");
        self.inner.decision(id).await
    }
    async fn decisions(&self, f: DecisionFilter) -> Result<Vec<DecisionRecord>, StoreError> {
        self.note("decisions");
        self.inner.decisions(f).await
    }
    async fn approval(&self, id: ApprovalId, now: i64) -> Result<Option<ApprovalRecord>, StoreError> {
        self.note("approval");
        self.inner.approval(id, now).await
    }
    async fn approvals(&self, s: Option<ApprovalStatus>, now: i64) -> Result<Vec<ApprovalRecord>, StoreError> {
        self.note("approvals");
        self.inner.approvals(s, now).await
    }
    async fn journal(&self, after: u64, limit: u32) -> Result<Vec<Event>, StoreError> {
        self.note("journal");
        self.inner.journal(after, limit).await
    }
    async fn verify_journal(&self) -> Result<VerifyReport, StoreError> {
        self.note("verify_journal");
        self.inner.verify_journal().await
    }
    async fn journal_head(&self) -> Result<u64, StoreError> {
        self.note("journal_head");
        self.inner.journal_head().await
    }
    async fn audit(&self) -> Result<AuditReport, StoreError> {
        self.note("audit");
        self.inner.audit().await
    }
    async fn demotions(&self, active: bool, now: i64) -> Result<Vec<foureyes_core::DemotionRecord>, StoreError> {
        self.note("demotions");
        self.inner.demotions(active, now).await
    }
    async fn restore_session(
        &self,
        agent: &str,
        session: Option<&str>,
        by: &str,
        why: &str,
        now: i64,
    ) -> Result<foureyes_core::DemotionRecord, StoreError> {
        self.note("restore_session");
        self.inner.restore_session(agent, session, by, why, now).await
    }
}

#[tokio::test]
async fn the_approval_endpoints_use_the_gate_and_never_the_store() {
    let h = harness().await;
    let (_, approve_id, approve_digest, _) = h.deferral(5.0).await;
    let (_, reject_id, reject_digest, _) = h.deferral(6.0).await;

    let (store_calls, gate_calls): (Calls, Calls) = Default::default();
    let mut state = h.state.clone();
    state.store = Arc::new(RecordingStore { inner: h.store.clone(), calls: store_calls.clone() });
    state.approvals = Arc::new(RecordingGate { inner: h.store.clone(), calls: gate_calls.clone() });
    let router = app(state);

    let (session, _csrf) = h.session(APPROVER2).await;
    let cookie = Auth::Cookie { session, csrf: None };
    let calls: Vec<(Req, StatusCode)> = vec![
        (req("GET", "/v1/approvals?status=pending").token(APPROVER), StatusCode::OK),
        (req("GET", &format!("/v1/approvals/{approve_id}")).token(ADMIN), StatusCode::OK),
        (req("GET", "/v1/approvals/424242").token(APPROVER), StatusCode::NOT_FOUND),
        // Refusals: wrong role, bad body, wrong digest, missing CSRF token.
        (
            req("POST", &format!("/v1/approvals/{approve_id}/approve"))
                .token(AGENT)
                .json(&json!({"digest": approve_digest})),
            StatusCode::FORBIDDEN,
        ),
        (req("POST", &format!("/v1/approvals/{approve_id}/approve")).token(APPROVER).raw("{"), StatusCode::BAD_REQUEST),
        (
            req("POST", &format!("/v1/approvals/{approve_id}/approve")).token(APPROVER).json(&json!({"digest": "00"})),
            StatusCode::BAD_REQUEST,
        ),
        (
            req("POST", &format!("/v1/approvals/{approve_id}/approve"))
                .auth(&cookie)
                .json(&json!({"digest": approve_digest})),
            StatusCode::FORBIDDEN,
        ),
        // And the real thing.
        (
            req("POST", &format!("/v1/approvals/{approve_id}/approve"))
                .token(APPROVER)
                .json(&json!({"digest": approve_digest})),
            StatusCode::OK,
        ),
        // Withdrawing it: never by the agent; by a person, with a reason.
        (
            req("POST", &format!("/v1/approvals/{approve_id}/revoke")).token(AGENT).json(&json!({"why": "mine"})),
            StatusCode::FORBIDDEN,
        ),
        (
            req("POST", &format!("/v1/approvals/{approve_id}/revoke")).token(ADMIN).json(&json!({"why": "wrong IBAN"})),
            StatusCode::OK,
        ),
        (
            req("POST", &format!("/v1/approvals/{reject_id}/reject"))
                .token(ADMIN)
                .json(&json!({"reason": "no", "digest": reject_digest})),
            StatusCode::OK,
        ),
    ];
    for (r, want) in calls {
        let resp = send(&router, r).await;
        assert_eq!(resp.status, want, "{}", resp.text());
    }
    assert_eq!(*store_calls.lock().unwrap(), Vec::<&str>::new(), "the approval endpoints called the store");
    let gate: BTreeSet<&str> = gate_calls.lock().unwrap().iter().copied().collect();
    assert_eq!(gate, BTreeSet::from(["approval", "approvals", "approve", "reject", "revoke", "refuse"]));

    // Control: the other endpoints do use the store, so the recording works.
    let resp = send(
        &router,
        req("POST", "/v1/decide").token(AGENT).json(&json!({"request_id": "c", "action": "weather.get"})),
    )
    .await;
    assert_eq!(resp.status, StatusCode::OK);
    assert!(store_calls.lock().unwrap().contains(&"decide_or_replay"));
}
