//! One call for the agent: decide → run the action's connector (outside any lock, with a deadline) → report.
//!
//! The connector runs only on a permit this call made (`replayed: false`), so a denied, deferred, rehearsed or
//! already-received permit never reaches it, and of any number of calls with one request id (retries, racing
//! processes, replicas, a restart) at most one runs it: the store's idempotency decides which. A deferral returns
//! its approval id; the same request, re-sent after a person approved, is the fresh permit that runs it once.
//! A crash between the permit and the report leaves the decision `intended`: [`unconfirmed`] lists such runs and
//! nothing here re-runs one by itself.

use crate::bind;
use crate::run::{self, RunResult};
use crate::secrets::Secrets;
use foureyes_core::connector::ConnectorSpec;
use foureyes_core::{ActionRequest, DecisionRecord, DecisionStatus, Outcome, Policy, Verdict};
use foureyes_store::{Store, StoreError};
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The clock, injected.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The name the journal gives the reporter of a connector's outcome.
pub const REPORTER: &str = "foureyes-connect";

/// What an execute call did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Executed {
    /// The decision as it stands after this call (reported when this call ran the connector).
    pub decision: DecisionRecord,
    /// Whether the decide returned an earlier decision of this request id.
    pub replayed: bool,
    /// Whether this call ran the connector.
    pub ran: bool,
    /// The run's outcome, when this call ran it (or settled it without running: `failed`).
    pub outcome: Option<Outcome>,
    /// Why this call settled its permit without running the connector, typed: [`crate::bind::REFUSED`] when the
    /// connector is not the one the approval was given for (ADR-570).
    pub refused: Option<String>,
}

impl Executed {
    /// The answer of `POST /v1/execute` and `foureyes execute`: the verdict object plus `replayed`, `ran` and
    /// `outcome` (the report detail is in `report_detail`).
    pub fn to_json(&self) -> Value {
        let mut v = self.decision.verdict_json();
        if let Some(obj) = v.as_object_mut() {
            obj.insert("replayed".into(), json!(self.replayed));
            obj.insert("ran".into(), json!(self.ran));
            obj.insert("outcome".into(), json!(self.outcome));
            if let Some(code) = &self.refused {
                obj.insert("refused".into(), json!(code));
            }
        }
        v
    }
}

/// The executing door over a store.
/// A permitted decision and what its run needs, past the caller's part.
struct Permitted {
    spec: ConnectorSpec,
    url_params: Vec<(String, foureyes_core::urls::UrlRule)>,
    decision: DecisionRecord,
    original: Option<DecisionRecord>,
    pins: crate::mcp::Pins,
}

#[derive(Clone)]
pub struct Door {
    pub store: Arc<dyn Store>,
    pub secrets: Option<Secrets>,
    pub clock: Clock,
}

impl Door {
    pub async fn execute(&self, policy: Arc<Policy>, request: ActionRequest) -> Result<Executed, StoreError> {
        let Some(spec) = policy.action(&request.action).and_then(|a| a.execute.clone()) else {
            let message = format!(
                "action `{}` has no `execute:` connector in the policy: FourEyes cannot run it (use decide and \
                 report)",
                request.action
            );
            let input = json!({"endpoint": "execute", "action": request.action, "request_id": request.request_id});
            let seq = self.store.refuse(&request.agent, "no_connector", &message, input, (self.clock)()).await?;
            return Err(StoreError::Refused { code: "no_connector".into(), message, seq });
        };
        // The rules of the action's `type: url` params, which the rendered URL must also pass.
        let url_params = policy.action(&request.action).map(run::url_params).unwrap_or_default();
        // The compensated decision as the journal tells it (ADR-530): an edited row is refused, never run from.
        let original = match request.undo_of {
            Some(id) => self.store.decision_checked(id, (self.clock)()).await?,
            None => None,
        };
        let pins = crate::mcp::Pins { store: self.store.clone(), policy: policy.clone() };
        // The connector as it would run for this request, recorded with the decision: what an approver of a deferral
        // is shown, and what a release must still render (ADR-570). URL params in the canonical form the store keeps.
        let mut request = request;
        foureyes_core::pipeline::canonicalize_request(&policy, &mut request);
        bind::record(&mut request, &spec, original.as_ref());
        let decided = self.store.decide_or_replay(policy, request, (self.clock)()).await?;
        let decision = decided.decision;
        if decision.verdict != Verdict::Permit || decided.replayed {
            return Ok(Executed { decision, replayed: decided.replayed, ran: false, outcome: None, refused: None });
        }
        // The caller's part ends with the run's start mark: the decision and the start are checked as its credential
        // (ADR-396, attack 35 A: a start journaled after the caller's revocation ran the action). What the run writes
        // once started — its outcome, a refused release, a failed start — the door writes as itself
        // (`writes_by_the_door`), so a caller revoked while its run is in flight does not lose its record.
        let run = Permitted { spec, url_params, decision, original, pins };
        self.run_permitted(run).await
    }

    async fn run_permitted(&self, run: Permitted) -> Result<Executed, StoreError> {
        let Permitted { spec, url_params, decision, original, pins } = run;
        // A permit that uses an approval runs only the connector the approver was shown (ADR-570): a policy reloaded
        // since may render another request under the same action.
        if let Some(approval) = decision.approval_id
            && let Err(changed) = self.released_as_shown(&spec, &decision, approval, original.as_ref()).await?
        {
            return foureyes_store::writes_by_the_door(self.refuse_release(decision, approval, &spec, changed)).await;
        }
        // The start mark, journaled before anything is sent (ADR-321); without it nothing is sent. The store refuses
        // a second start of one decision, whatever its tables say.
        if let Err(e) = self.store.connector_started(decision.decision_id, spec.kind(), REPORTER, (self.clock)()).await
        {
            let detail = json!({
                "connector": spec.kind(),
                "error": format!("the run's start could not be recorded ({e}); nothing was sent"),
            });
            let reported = foureyes_store::writes_by_the_door(self.store.report_by(
                decision.decision_id,
                Outcome::Failed,
                detail,
                REPORTER,
                (self.clock)(),
            ))
            .await?;
            return Ok(Executed {
                decision: reported,
                replayed: false,
                ran: false,
                outcome: Some(Outcome::Failed),
                refused: None,
            });
        }
        // Outside any lock: the decide transaction has committed.
        let (reported, outcome) = foureyes_store::writes_by_the_door(async {
            let RunResult { outcome, detail } =
                run::run(&spec, &url_params, &decision, original.as_ref(), self.secrets.as_ref(), Some(&pins)).await;
            let detail = fit(detail);
            let reported =
                self.store.report_by(decision.decision_id, outcome, detail, REPORTER, (self.clock)()).await?;
            Ok::<_, StoreError>((reported, outcome))
        })
        .await?;
        Ok(Executed { decision: reported, replayed: false, ran: true, outcome: Some(outcome), refused: None })
    }

    /// Whether the connector of `spec`, rendered for the released `permit`, is the one recorded with approval
    /// `approval`'s deferral, read as the journal tells it (ADR-530).
    async fn released_as_shown(
        &self,
        spec: &ConnectorSpec,
        permit: &DecisionRecord,
        approval: i64,
        original: Option<&DecisionRecord>,
    ) -> Result<Result<(), bind::Changed>, StoreError> {
        let now = (self.clock)();
        let record = self.store.approval(approval, now).await?.ok_or_else(|| {
            StoreError::NotFound(format!("approval {approval}, which decision {} used", permit.decision_id))
        })?;
        let deferral = self.store.decision_checked(record.decision_id, now).await?.ok_or_else(|| {
            StoreError::NotFound(format!("decision {}, the deferral of approval {approval}", record.decision_id))
        })?;
        Ok(bind::check_release(spec, permit, &deferral, original))
    }

    /// A release whose connector is not the one approved: journaled as a refusal with its typed reason, and the
    /// permit settled `failed` (nothing was sent; `failed` releases what it reserved). Never started, never run.
    async fn refuse_release(
        &self,
        decision: DecisionRecord,
        approval: i64,
        spec: &ConnectorSpec,
        changed: bind::Changed,
    ) -> Result<Executed, StoreError> {
        let message = changed.message(&decision, approval);
        let input = json!({
            "endpoint": "execute",
            "decision_id": decision.decision_id,
            "approval_id": approval,
            "approved_digest": changed.approved,
            "rendered_digest": changed.rendered,
        });
        self.store.refuse(&decision.request.agent, bind::REFUSED, &message, input, (self.clock)()).await?;
        let detail = json!({
            "connector": spec.kind(),
            "refused": bind::REFUSED,
            "error": message,
            "approved_digest": changed.approved,
            "rendered_digest": changed.rendered,
        });
        let reported =
            self.store.report_by(decision.decision_id, Outcome::Failed, detail, REPORTER, (self.clock)()).await?;
        Ok(Executed {
            decision: reported,
            replayed: false,
            ran: false,
            outcome: Some(Outcome::Failed),
            refused: Some(bind::REFUSED.to_string()),
        })
    }
}

/// Keeps a detail under the store's limit (the response and tails are capped already; this is the last guard).
fn fit(detail: Value) -> Value {
    let text = detail.to_string();
    if text.len() <= foureyes_store::MAX_DETAIL_BYTES - 1024 {
        return detail;
    }
    json!({
        "connector": detail.get("connector"),
        "status": detail.get("status"),
        "exit": detail.get("exit"),
        "error": detail.get("error"),
        "note": format!("the detail was {} bytes and was cut to its summary", text.len()),
    })
}

/// A permitted decision of an action with a connector that was never reported.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unconfirmed {
    pub decision: DecisionRecord,
    /// When its connector run started (it may have acted), or `None`: no `connector_started` event in the journal
    /// (it never reached its connector: the door journals the start before it sends anything).
    pub started_at_ms: Option<i64>,
}

/// How many intended decisions one transaction of the unconfirmed-runs scan asks about.
const UNCONFIRMED_BATCH: usize = 4096;

/// Connector runs that cannot be confirmed: permitted decisions FourEyes runs that were never reported (a crash, or
/// a lost report, between the permit and the report), each with its start from the journal's `connector_started`
/// events. Listed at start; never re-run. Which decisions FourEyes runs is the journal's (ADR-440: fixed at decide
/// time), not `_policy`'s: a reload that dropped an action's connector does not hide a run that may have acted.
pub async fn unconfirmed(store: &dyn Store, _policy: &Policy) -> Result<Vec<Unconfirmed>, StoreError> {
    // Every one, page by page: a recovery scan cut at one page would hide runs past it.
    let permitted: Vec<DecisionRecord> =
        foureyes_store::decisions_paged(store, Some(DecisionStatus::Intended), None, None)
            .await?
            .into_iter()
            .filter(|d| d.verdict == Verdict::Permit)
            .collect();
    // Asked in batches, one transaction each (F67): not one per decision, and not one holding the writer for all.
    let mut list: Vec<DecisionRecord> = Vec::new();
    for batch in permitted.chunks(UNCONFIRMED_BATCH) {
        let by_connector = store.runs_by_connector(batch.iter().map(|d| d.decision_id).collect()).await?;
        list.extend(batch.iter().zip(by_connector).filter(|(_, run)| *run).map(|(d, _)| d.clone()));
    }
    // Oldest first, on both backends.
    list.sort_by_key(|d| d.decision_id);
    let starts = if list.is_empty() { Default::default() } else { store.connector_starts().await? };
    Ok(list
        .into_iter()
        .map(|d| {
            let started_at_ms = starts.get(&d.decision_id).copied();
            Unconfirmed { decision: d, started_at_ms }
        })
        .collect())
}
