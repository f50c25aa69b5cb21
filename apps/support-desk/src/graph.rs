//! The agent pipeline as an explicit graph: nodes, labelled edges and node capabilities are data ([`Graph`]); the
//! runtime ([`run`]) executes a node, gets an edge label and follows the graph — never a hard-coded successor.
//! `await_decision` is the only place a run stops; its state is stored in the desk database so `resume` continues
//! in another process without classifying again.

use crate::Error;
use crate::actions::{self, CONTENT, STRUCTURAL};
use crate::classify::Classification;
use crate::content::{Sanitized, sanitize};
use crate::db::DeskDb;
use crate::gate::Proposal;
use crate::mcp;
use crate::policy::{Action, Severity};
use crate::tools::{self, Customer, Evidence, LookupTools, Order, Refund, Ticket};
use foureyes_core::{ActionRequest, ApprovalId, DecisionId, Outcome, Policy, ReasonCode, Verdict};
use foureyes_store::Store;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tracing::Instrument;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Node {
    SanitizeInput,
    GatherEvidence,
    Classify,
    Route,
    ExplainRefusal,
    ProposeEscalation,
    ProposeAction,
    RequestApproval,
    AwaitDecision,
    ExecuteAction,
    VerifyAndLog,
    LogRejection,
    End,
}

/// What a node may touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Capability {
    LookupServer,
    Gate,
    ActionServer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub from: Node,
    pub label: &'static str,
    pub to: Node,
}

/// The pipeline as data.
#[derive(Debug, Clone)]
pub struct Graph {
    pub start: Node,
    pub edges: Vec<Edge>,
    pub capabilities: Vec<(Node, Capability)>,
}

impl Graph {
    /// The support desk's pipeline.
    pub fn support_desk() -> Graph {
        use Node::*;
        let e = |from, label, to| Edge { from, label, to };
        Graph {
            start: SanitizeInput,
            edges: vec![
                e(SanitizeInput, "ok", GatherEvidence),
                e(GatherEvidence, "ok", Classify),
                e(Classify, "ok", Route),
                e(Route, "refuse", ExplainRefusal),
                e(Route, "escalate", ProposeEscalation),
                e(Route, "act", ProposeAction),
                e(ExplainRefusal, "ok", End),
                e(ProposeEscalation, "ok", RequestApproval),
                e(ProposeAction, "ok", RequestApproval),
                e(RequestApproval, "ok", AwaitDecision),
                e(AwaitDecision, "approved", ExecuteAction),
                e(AwaitDecision, "rejected", LogRejection),
                e(ExecuteAction, "ok", VerifyAndLog),
                e(VerifyAndLog, "ok", End),
                e(LogRejection, "ok", End),
            ],
            capabilities: vec![
                (GatherEvidence, Capability::LookupServer),
                (RequestApproval, Capability::Gate),
                (AwaitDecision, Capability::Gate),
                (ExecuteAction, Capability::Gate),
                (ExecuteAction, Capability::ActionServer),
            ],
        }
    }

    pub fn next(&self, from: Node, label: &str) -> Option<Node> {
        self.edges.iter().find(|e| e.from == from && e.label == label).map(|e| e.to)
    }

    pub fn may(&self, node: Node, cap: Capability) -> bool {
        self.capabilities.contains(&(node, cap))
    }

    /// The token a node needs to open a session with a server ([`mcp::Servers`]); `None` unless this graph gives the
    /// node that capability. Only this function makes a [`Grant`].
    pub fn grant(&self, node: Node, cap: Capability) -> Option<Grant> {
        self.may(node, cap).then_some(Grant { node, cap })
    }

    /// Nodes reachable from the start.
    pub fn reachable(&self) -> BTreeSet<Node> {
        let mut seen = BTreeSet::from([self.start]);
        let mut queue = VecDeque::from([self.start]);
        while let Some(n) = queue.pop_front() {
            for e in self.edges.iter().filter(|e| e.from == n) {
                if seen.insert(e.to) {
                    queue.push_back(e.to);
                }
            }
        }
        seen
    }

    /// The graph without a node (and its edges).
    pub fn without(&self, node: Node) -> Graph {
        let mut g = self.clone();
        g.edges.retain(|e| e.from != node && e.to != node);
        g
    }

    pub fn inbound(&self, node: Node) -> Vec<Edge> {
        self.edges.iter().filter(|e| e.to == node).copied().collect()
    }
}

/// Proof that the graph gave `node` the capability `cap`: the MCP servers are reachable only with one, so the action
/// server is reachable only from the node the graph lets reach it (`execute_action`).
#[derive(Debug)]
pub struct Grant {
    node: Node,
    cap: Capability,
}

impl Grant {
    pub fn node(&self) -> Node {
        self.node
    }

    pub fn capability(&self) -> Capability {
        self.cap
    }
}

/// A run's stored state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RunState {
    pub ticket_id: i64,
    pub node: Option<Node>,
    pub sanitized: Option<Sanitized>,
    pub evidence: Option<Evidence>,
    pub classification: Option<Classification>,
    pub proposal: Option<Proposal>,
    pub request: Option<ActionRequest>,
    pub approval_id: Option<ApprovalId>,
    pub permit: Option<DecisionId>,
    pub outcome: Option<String>,
    /// Nodes visited, in order (across processes).
    pub trace: Vec<Node>,
    /// Classifications made (must stay 1 across a resume).
    pub classifications: u32,
    /// Tool calls made, in order (across processes): `lookup.<tool>`, `gate.<call>`, `action.<tool>`. The trajectory
    /// evals assert on it; `default` so run states stored before it existed still load.
    #[serde(default)]
    pub tool_calls: Vec<String>,
    /// When the approval was requested (ms since the epoch): the gate-wait span measures from it, across processes.
    #[serde(default)]
    pub requested_at_ms: Option<i64>,
}

/// Records a tool call in the run state. Every call site (lookup server, FourEyes gate, action server) goes through
/// this one function so the trajectory evals see every call the agent made, in order — including calls that fail.
pub fn record_call(s: &mut RunState, tool: impl Into<String>) {
    s.tool_calls.push(tool.into());
}

/// Where a run stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Ended.
    End,
    /// Waiting at the gate.
    Interrupted,
    /// Stopped after routing (the benchmark compares proposals only).
    Proposed,
}

/// What the runtime needs.
pub struct Ctx {
    /// The desk database's SQLite file (empty when the desk is on PostgreSQL); the runtime itself uses `desk`.
    pub desk_db: PathBuf,
    /// The desk database, on SQLite or PostgreSQL: the ticket text and status the runtime reads.
    pub desk: DeskDb,
    /// Where the runtime writes: run states and the audit rows of the blocks it sees itself (content flags, a
    /// structural block before the action server). The desk database by default; its own database when the action
    /// server runs as a service (`--state-db`), so the agent process writes nothing to the desk's.
    pub state: DeskDb,
    pub store: Arc<dyn Store>,
    pub policy: Arc<Policy>,
    /// Stop right after `route` (benchmark mode).
    pub stop_after_route: bool,
    /// Where the lookup and action MCP servers run (child processes in the CLI, in-process pipes in evals).
    pub servers: mcp::Servers,
    /// What the Classify node runs: the offline policy classifier (the default) or LLM providers (`crate::llm`).
    pub classifier: crate::llm::Classifier,
}

/// Every MCP tool call of a run goes through here: recorded (`lookup.<tool>`, `action.<tool>`) before it is sent,
/// so the trajectory shows calls that failed too.
async fn call_tool(
    s: &mut RunState,
    client: &mcp::Client,
    tool: &str,
    args: serde_json::Map<String, serde_json::Value>,
) -> Result<mcp::Reply, Error> {
    record_call(s, format!("{}.{tool}", client.server()));
    client.call(tool, args).await
}

/// `gather_evidence`'s lookups, over its MCP session with the lookup server.
struct McpLookups<'a> {
    client: &'a mcp::Client,
    s: &'a mut RunState,
}

impl McpLookups<'_> {
    async fn ask<T: for<'de> Deserialize<'de>>(
        &mut self,
        tool: &str,
        args: serde_json::Map<String, serde_json::Value>,
    ) -> Result<Option<T>, Error> {
        mcp::decode_lookup(tool, call_tool(self.s, self.client, tool, args).await?)
    }

    async fn must<T: for<'de> Deserialize<'de>>(&mut self, tool: &str) -> Result<T, Error> {
        self.ask(tool, serde_json::Map::new()).await?.ok_or_else(|| Error::NotFound(format!("lookup.{tool}")))
    }

    fn order_arg(order_id: i64) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::from_iter([("order_id".to_string(), json!(order_id))])
    }
}

impl LookupTools for McpLookups<'_> {
    async fn get_ticket(&mut self) -> Result<Ticket, Error> {
        self.must("get_ticket").await
    }
    async fn get_customer(&mut self) -> Result<Customer, Error> {
        self.must("get_customer").await
    }
    async fn list_customer_orders(&mut self) -> Result<Vec<Order>, Error> {
        #[derive(Deserialize)]
        struct Orders {
            orders: Vec<Order>,
        }
        Ok(self.must::<Orders>("list_customer_orders").await?.orders)
    }
    async fn get_order(&mut self, order_id: i64) -> Result<Option<Order>, Error> {
        self.ask("get_order", Self::order_arg(order_id)).await
    }
    async fn get_refund_history(&mut self, order_id: i64) -> Result<Vec<Refund>, Error> {
        #[derive(Deserialize)]
        struct Refunds {
            refunds: Vec<Refund>,
        }
        // Asked only for an order `get_order` found, so "not found" here means the data changed under the run.
        let found: Option<Refunds> = self.ask("get_refund_history", Self::order_arg(order_id)).await?;
        found.map(|r| r.refunds).ok_or_else(|| Error::NotFound(format!("order {order_id} (refund history)")))
    }
}

/// The stored run of a ticket on a SQLite desk (the trajectory evals' direct reads); see [`load_from`].
pub fn load(desk_db: &Path, ticket_id: i64) -> Result<Option<RunState>, Error> {
    crate::db::ready(load_from(&DeskDb::sqlite(desk_db), ticket_id))
}

/// [`load`] on either backend.
pub async fn load_from(desk: &DeskDb, ticket_id: i64) -> Result<Option<RunState>, Error> {
    let text = desk.load_run(ticket_id).await?;
    text.map(|t| serde_json::from_str(&t).map_err(|e| Error::Invalid(format!("stored run state: {e}")))).transpose()
}

/// [`save`] on either backend.
pub async fn save_to(desk: &DeskDb, state: &RunState) -> Result<(), Error> {
    let text = serde_json::to_string(state).map_err(|e| Error::Invalid(e.to_string()))?;
    let node = state.node.map(|n| json!(n).to_string()).unwrap_or_default();
    desk.save_run(state.ticket_id, &node, &text).await
}

/// Stores a run on a SQLite desk; see [`save_to`].
pub fn save(desk_db: &Path, state: &RunState) -> Result<(), Error> {
    crate::db::ready(save_to(&DeskDb::sqlite(desk_db), state))
}

fn request_id(ticket_id: i64) -> String {
    crate::telemetry::request_id(ticket_id)
}

/// A node's name as stored and traced (`sanitize_input`, `await_decision`, …).
pub fn node_name(node: Node) -> String {
    serde_json::to_value(node).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// Runs from `state.node` (or the start) until the end, the gate, or (benchmark) the proposal.
pub async fn run(ctx: &Ctx, graph: &Graph, mut state: RunState) -> Result<(Stop, RunState), Error> {
    let mut node = state.node.unwrap_or(graph.start);
    loop {
        state.node = Some(node);
        if node == Node::End {
            save_to(&ctx.state, &state).await?;
            return Ok((Stop::End, state));
        }
        if state.trace.last() != Some(&node) {
            state.trace.push(node);
        }
        // One span per node, in the ticket's trace (src/telemetry.rs).
        let span = crate::telemetry::node_span(state.ticket_id, &node_name(node));
        let label = match step(ctx, graph, node, &mut state).instrument(span).await? {
            Some(label) => label,
            None => {
                save_to(&ctx.state, &state).await?;
                return Ok((Stop::Interrupted, state));
            }
        };
        if ctx.stop_after_route && node == Node::Route {
            return Ok((Stop::Proposed, state));
        }
        node = graph
            .next(node, label)
            .ok_or_else(|| Error::Invalid(format!("the graph has no edge {node:?} --{label}-->")))?;
    }
}

fn need<T: Clone>(v: &Option<T>, what: &str) -> Result<T, Error> {
    v.clone().ok_or_else(|| Error::Invalid(format!("run state has no {what}")))
}

/// One node. `None` = stop here (the gate).
async fn step(ctx: &Ctx, graph: &Graph, node: Node, s: &mut RunState) -> Result<Option<&'static str>, Error> {
    match node {
        Node::SanitizeInput => {
            let body = ctx.desk.ticket_body(s.ticket_id).await?;
            let san = sanitize(&body);
            if !san.flags.is_empty() {
                let names: Vec<&str> = san.flags.iter().map(|f| f.as_str()).collect();
                ctx.state.audit(Some(s.ticket_id), CONTENT, "flagged_untrusted_text", &names.join(",")).await?;
            }
            s.sanitized = Some(san);
            Ok(Some("ok"))
        }
        Node::GatherEvidence => {
            let grant = graph
                .grant(node, Capability::LookupServer)
                .ok_or_else(|| Error::Invalid("gather_evidence has no lookup capability".into()))?;
            let client = ctx.servers.lookup(&grant, s.ticket_id).await?;
            let evidence = tools::gather_with(&mut McpLookups { client: &client, s }).await;
            client.close().await;
            s.evidence = Some(evidence?);
            Ok(Some("ok"))
        }
        Node::Classify => {
            let evidence = need(&s.evidence, "evidence")?;
            s.classification = Some(ctx.classifier.classify(&evidence, s.sanitized.as_ref()).await);
            s.classifications += 1;
            Ok(Some("ok"))
        }
        Node::Route => Ok(Some(match need(&s.classification, "classification")?.action {
            Action::Refuse => "refuse",
            Action::Escalate => "escalate",
            Action::Refund | Action::Close => "act",
        })),
        Node::ExplainRefusal => {
            s.outcome = Some(format!("refused: {}", need(&s.classification, "classification")?.reason));
            Ok(Some("ok"))
        }
        Node::ProposeEscalation => {
            let c = need(&s.classification, "classification")?;
            s.proposal = Some(Proposal::EscalateTicket {
                ticket_id: s.ticket_id,
                severity: c.severity.unwrap_or(Severity::Medium).as_str().into(),
                reason: format!(
                    "{}: {}",
                    c.policy_refs.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(","),
                    c.reason
                ),
            });
            Ok(Some("ok"))
        }
        Node::ProposeAction => {
            let c = need(&s.classification, "classification")?;
            let ev = need(&s.evidence, "evidence")?;
            s.proposal = Some(match (c.action, ev.order, c.amount_cents) {
                (Action::Refund, Some(order), Some(amount)) => Proposal::IssueRefund {
                    ticket_id: s.ticket_id,
                    order_id: order.id,
                    amount_cents: amount,
                    idempotency_key: format!("refund-ticket-{}-order-{}", s.ticket_id, order.id),
                },
                (Action::Close, _, _) => {
                    Proposal::CloseTicket { ticket_id: s.ticket_id, resolution: "answered inquiry".into() }
                }
                _ => return Err(Error::Invalid(format!("cannot propose `{}`", c.action))),
            });
            Ok(Some("ok"))
        }
        Node::RequestApproval => {
            let req = need(&s.proposal, "proposal")?.request(request_id(s.ticket_id));
            record_call(s, "gate.decide");
            let d = ctx.store.decide(ctx.policy.clone(), req.clone(), crate::now_ms()).await?;
            s.requested_at_ms = Some(crate::now_ms());
            s.request = Some(req);
            s.approval_id = d.approval_id;
            match d.verdict {
                Verdict::Defer | Verdict::Permit => Ok(Some("ok")),
                other => {
                    s.outcome =
                        Some(format!("FourEyes said {other}: {}", d.reasons.first().map_or("", |r| &r.message)));
                    Ok(Some("ok"))
                }
            }
        }
        Node::AwaitDecision => {
            // Re-send the same request: a permit that carries `approved` means a human approved this exact call.
            let req = need(&s.request, "request")?;
            record_call(s, "gate.decide");
            let d = ctx.store.decide(ctx.policy.clone(), req, crate::now_ms()).await?;
            let waited = s.requested_at_ms.map(|t| crate::now_ms().saturating_sub(t));
            let wait = match d.verdict {
                Verdict::Permit if d.reasons.iter().any(|r| r.code == ReasonCode::Approved) => "approved",
                Verdict::Defer => "pending",
                Verdict::Deny if d.reasons.iter().any(|r| r.code == ReasonCode::KillSwitch) => "held",
                _ => "not_approved",
            };
            crate::telemetry::gate_wait(s.ticket_id, waited, wait);
            match d.verdict {
                Verdict::Permit if d.reasons.iter().any(|r| r.code == ReasonCode::Approved) => {
                    s.permit = Some(d.decision_id);
                    Ok(Some("approved"))
                }
                Verdict::Defer => Ok(None),
                // The kill switch stops executions, not consent: FourEyes keeps the approval for use once the switch
                // is off, so the run stays parked at the gate (`support-desk continue` later) instead of ending as
                // if the human had said no.
                Verdict::Deny if d.reasons.iter().any(|r| r.code == ReasonCode::KillSwitch) => {
                    s.outcome = Some(format!(
                        "held at the gate: {} (run `support-desk continue {}` once it is off)",
                        d.reasons.first().map_or("kill switch on", |r| &r.message),
                        s.ticket_id
                    ));
                    Ok(None)
                }
                _ => {
                    s.outcome = Some(format!("not approved: {}", d.reasons.first().map_or("", |r| &r.message)));
                    Ok(Some("rejected"))
                }
            }
        }
        Node::ExecuteAction => {
            let grant = graph
                .grant(node, Capability::ActionServer)
                .ok_or_else(|| Error::Invalid("execute_action has no action capability".into()))?;
            let proposal = need(&s.proposal, "proposal")?;
            // Execute what the approved record says, re-checked against the proposal.
            let approved = match s.permit {
                Some(id) => {
                    record_call(s, "gate.decision");
                    ctx.store.decision(id).await?.and_then(|d| Proposal::from_request(&d.request))
                }
                None => None,
            };
            let result = if approved.as_ref() != Some(&proposal) {
                let b = actions::Block {
                    layer: STRUCTURAL,
                    rule: "approved_differs_from_proposal".into(),
                    message: format!("the approved call {approved:?} is not the proposal {proposal:?}"),
                };
                ctx.state.audit(Some(s.ticket_id), b.layer, &b.rule, &b.message).await?;
                Err(b)
            } else {
                // The action server re-checks the permit against this exact call, then every guardrail.
                let client = ctx.servers.action(&grant).await?;
                let reply = call_tool(s, &client, proposal.tool(), mcp::action_args(&proposal, s.permit)).await;
                client.close().await;
                mcp::action_outcome(&proposal, reply?)?
            };
            if let Some(id) = s.permit {
                record_call(s, "gate.report");
                let (outcome, detail) = match &result {
                    Ok(e) => (Outcome::Executed, json!({"executed": e})),
                    Err(b) => (Outcome::Failed, json!({"blocked": b})),
                };
                ctx.store.report(id, outcome, detail, crate::now_ms()).await?;
            }
            s.outcome = Some(match result {
                Ok(e) => format!("executed {}", e.tool),
                Err(b) => format!("blocked by {}: {} ({})", b.layer, b.rule, b.message),
            });
            Ok(Some("ok"))
        }
        Node::VerifyAndLog => {
            let status = ctx.desk.ticket_status(s.ticket_id).await?.unwrap_or_default();
            s.outcome = Some(format!("{}; ticket is {status}", s.outcome.clone().unwrap_or_default()));
            Ok(Some("ok"))
        }
        Node::LogRejection => {
            s.outcome = Some(format!("rejected; nothing executed ({})", s.outcome.clone().unwrap_or_default()));
            Ok(Some("ok"))
        }
        Node::End => Ok(None),
    }
}
