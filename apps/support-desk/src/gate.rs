//! The FourEyes side: the policy the desk runs under (every write is tier 3), proposals as FourEyes action requests,
//! and the check the action tools run before any write — the call must carry a FourEyes permit that released an
//! approval whose digest is the digest of this exact call.

use crate::Error;
use foureyes_core::{ActionRequest, ApprovalStatus, DecisionId, Policy, ReasonCode, Verdict, action_digest};
use foureyes_store::Store;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// The agent name the desk decides under (an approver must be someone else).
pub const AGENT: &str = "support-desk-agent";

/// The FourEyes policy of the desk: each write tool is a tier-3 action.
pub const POLICY_YAML: &str = include_str!("../foureyes-policy.yaml");

pub fn policy() -> Result<Arc<Policy>, Error> {
    Policy::from_yaml("support-desk/foureyes-policy.yaml", POLICY_YAML)
        .map(Arc::new)
        .map_err(|e| Error::Invalid(e.to_string()))
}

/// A write the agent proposes, and exactly what an action tool executes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum Proposal {
    IssueRefund { ticket_id: i64, order_id: i64, amount_cents: i64, idempotency_key: String },
    EscalateTicket { ticket_id: i64, severity: String, reason: String },
    CloseTicket { ticket_id: i64, resolution: String },
}

impl Proposal {
    pub fn tool(&self) -> &'static str {
        match self {
            Proposal::IssueRefund { .. } => "issue_refund",
            Proposal::EscalateTicket { .. } => "escalate_ticket",
            Proposal::CloseTicket { .. } => "close_ticket",
        }
    }

    pub fn action(&self) -> String {
        format!("support.{}", self.tool())
    }

    pub fn ticket_id(&self) -> i64 {
        match self {
            Proposal::IssueRefund { ticket_id, .. }
            | Proposal::EscalateTicket { ticket_id, .. }
            | Proposal::CloseTicket { ticket_id, .. } => *ticket_id,
        }
    }

    pub fn params(&self) -> Map<String, Value> {
        let mut v = match serde_json::to_value(self) {
            Ok(Value::Object(m)) => m,
            _ => Map::new(),
        };
        v.remove("tool");
        v
    }

    pub fn target(&self) -> String {
        format!("ticket:{}", self.ticket_id())
    }

    /// The FourEyes digest of this exact call.
    pub fn digest(&self) -> String {
        action_digest(&self.action(), &self.params(), Some(&self.target()), AGENT)
    }

    /// The proposal an action request describes (None when it is not a desk action).
    pub fn from_request(req: &ActionRequest) -> Option<Proposal> {
        let tool = req.action.strip_prefix("support.")?;
        let mut obj = req.params.clone();
        obj.insert("tool".into(), json!(tool));
        serde_json::from_value(Value::Object(obj)).ok()
    }

    pub fn request(&self, request_id: String) -> ActionRequest {
        ActionRequest {
            request_id,
            agent: AGENT.into(),
            session: None,
            action: self.action(),
            params: self.params(),
            target: Some(self.target()),
            undo_of: None,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        }
    }
}

/// Checks that `decision_id` is a FourEyes permit that consumed an approval of exactly this call.
/// Returns the refusal sentence on failure.
pub async fn verify_permit(store: &dyn Store, call: &Proposal, decision_id: DecisionId) -> Result<(), String> {
    let digest = call.digest();
    let decision = match store.decision(decision_id).await {
        Ok(Some(d)) => d,
        Ok(None) => return Err(format!("FourEyes has no decision {decision_id}")),
        Err(e) => return Err(format!("FourEyes could not be read: {e}")),
    };
    if decision.verdict != Verdict::Permit || !decision.reasons.iter().any(|r| r.code == ReasonCode::Approved) {
        return Err(format!("decision {decision_id} is a {} without a human approval", decision.verdict));
    }
    if decision.request.agent != AGENT || decision.digest != digest || decision.request.digest() != digest {
        return Err(format!("decision {decision_id} approved a different call (digest mismatch)"));
    }
    let Some(approval_id) = decision.approval_id else {
        return Err(format!("decision {decision_id} names no approval"));
    };
    let approval = match store.approval(approval_id, crate::now_ms()).await {
        Ok(Some(a)) => a,
        Ok(None) => return Err(format!("FourEyes has no approval {approval_id}")),
        Err(e) => return Err(format!("FourEyes could not be read: {e}")),
    };
    if approval.status != ApprovalStatus::Consumed || approval.consumed_by != Some(decision_id) {
        return Err(format!(
            "approval {approval_id} is {}, not consumed by decision {decision_id}",
            approval.status.as_str()
        ));
    }
    if approval.digest != digest || approval.recomputed_digest() != digest {
        return Err(format!("approval {approval_id} was given for a different call (digest mismatch)"));
    }
    Ok(())
}
