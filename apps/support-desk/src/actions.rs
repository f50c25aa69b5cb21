//! The action tools, the only write path: issue_refund, escalate_ticket, close_ticket. A call is refused unless it
//! carries a FourEyes permit that released an approval of this exact call (structural layer); then every business
//! guardrail is re-checked inside one `BEGIN IMMEDIATE` transaction (SQLite's write lock is taken before the order
//! row is read, so no other writer can change it until commit). Every block is audited with its layer.

use crate::classify::{CAP_CENTS, WINDOW_DAYS, safety_legal_injury, within_window};
use crate::gate::{Proposal, verify_permit};
use crate::{Error, db};
use foureyes_core::DecisionId;
use foureyes_store::Store;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use serde::Serialize;
use std::path::Path;

pub const CONTENT: &str = "content_layer";
pub const STRUCTURAL: &str = "structural_layer";
pub const GUARDRAIL: &str = "business_guardrail";

/// Why a write was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Block {
    pub layer: &'static str,
    pub rule: String,
    pub message: String,
}

/// A write that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Executed {
    pub tool: &'static str,
    pub ticket_id: i64,
    /// The refund or escalation row written, if any.
    pub row_id: Option<i64>,
    /// This exact call had already been executed under this permit (a retry after a lost answer): nothing was
    /// written now, and `row_id` is the row the first execution wrote.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub already_executed: bool,
}

fn block(layer: &'static str, rule: &str, message: impl Into<String>) -> Block {
    Block { layer, rule: rule.into(), message: message.into() }
}

/// Runs one action tool call. `permit` is the FourEyes decision that released the approval of this call.
pub async fn execute(
    path: &Path,
    store: &dyn Store,
    call: &Proposal,
    permit: Option<DecisionId>,
) -> Result<Result<Executed, Block>, Error> {
    let mut conn = db::open_rw(path)?;
    let verdict = match permit {
        None => Err(block(STRUCTURAL, "no_approval", "a write needs a FourEyes approval of this exact call")),
        Some(id) => verify_permit(store, call, id).await.map_err(|m| block(STRUCTURAL, "approval_check", m)),
    };
    let result = match (verdict, permit) {
        (Err(b), _) => Err(b),
        (Ok(()), Some(decision_id)) => guarded_write(&mut conn, call, decision_id)?,
        (Ok(()), None) => Err(block(STRUCTURAL, "no_approval", "no permit")),
    };
    if let Err(b) = &result {
        let detail = format!("{}: {} ({})", call.tool(), b.message, serde_json::to_string(call).unwrap_or_default());
        db::audit(&conn, Some(call.ticket_id()), b.layer, &b.rule, &detail)?;
    }
    Ok(result)
}

/// The guardrails and the write, in one immediate transaction.
fn guarded_write(
    conn: &mut Connection,
    call: &Proposal,
    decision_id: DecisionId,
) -> Result<Result<Executed, Block>, Error> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let used: Option<String> = tx
        .query_row("SELECT tool FROM executions WHERE decision_id = ?1", params![decision_id], |r| r.get(0))
        .optional()?;
    if let Some(tool) = used {
        // The permit passed `verify_permit`, so its approval is of this exact call: a retry (the first answer was
        // lost) gets the first execution's result instead of a refusal that would be reported as a failure although
        // the write happened. A different call under the same permit never gets here (digest mismatch).
        if tool != call.tool() {
            return Ok(Err(block(STRUCTURAL, "permit_reused", format!("decision {decision_id} executed {tool}"))));
        }
        let row_id = match call {
            Proposal::IssueRefund { .. } => {
                tx.query_row("SELECT id FROM refunds WHERE decision_id = ?1", params![decision_id], |r| r.get(0))
                    .optional()?
            }
            Proposal::EscalateTicket { .. } => tx
                .query_row("SELECT id FROM escalations WHERE decision_id = ?1", params![decision_id], |r| r.get(0))
                .optional()?,
            Proposal::CloseTicket { .. } => None,
        };
        return Ok(Ok(Executed { tool: call.tool(), ticket_id: call.ticket_id(), row_id, already_executed: true }));
    }
    let ticket: Option<(i64, Option<i64>, String, String)> = tx
        .query_row(
            "SELECT customer_id, order_id, status, subject || char(10) || body FROM tickets WHERE id = ?1",
            params![call.ticket_id()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?;
    let Some((customer_id, linked_order, ticket_status, text)) = ticket else {
        return Ok(Err(block(GUARDRAIL, "ticket_exists", format!("no ticket {}", call.ticket_id()))));
    };
    let outcome = match call {
        Proposal::IssueRefund { ticket_id, order_id, amount_cents, idempotency_key } => {
            let order: Option<(i64, i64, String, i64)> = tx
                .query_row(
                    "SELECT customer_id, amount_cents, status, placed_days_ago FROM orders WHERE id = ?1",
                    params![order_id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?;
            let executed: i64 = tx.query_row(
                "SELECT count(*) FROM refunds WHERE order_id = ?1 AND status = 'executed'",
                params![order_id],
                |r| r.get(0),
            )?;
            let key_used: i64 = tx.query_row(
                "SELECT count(*) FROM refunds WHERE idempotency_key = ?1",
                params![idempotency_key],
                |r| r.get(0),
            )?;
            match order {
                None => Err(block(GUARDRAIL, "order_exists", format!("no order {order_id}"))),
                Some((owner, amount, status, days)) => {
                    if *amount_cents <= 0 {
                        Err(block(GUARDRAIL, "amount_positive", "the amount must be above zero"))
                    } else if owner != customer_id {
                        Err(block(GUARDRAIL, "order_of_ticket_customer", "the order is not the ticket's customer's"))
                    } else if linked_order.is_some_and(|l| l != *order_id) {
                        Err(block(GUARDRAIL, "order_of_ticket", "the order is not the ticket's order"))
                    } else if *amount_cents > amount {
                        Err(block(GUARDRAIL, "amount_le_order", format!("{amount_cents} > order amount {amount}")))
                    } else if *amount_cents > CAP_CENTS {
                        Err(block(GUARDRAIL, "amount_le_cap", format!("{amount_cents} > cap {CAP_CENTS}")))
                    } else if status != "delivered" && status != "shipped" {
                        Err(block(GUARDRAIL, "status_shipped_or_delivered", format!("order status is {status}")))
                    } else if !within_window(days) {
                        Err(block(GUARDRAIL, "window", format!("placed {days} days ago (window {WINDOW_DAYS})")))
                    } else if executed > 0 {
                        Err(block(GUARDRAIL, "no_prior_refund", "the order already has an executed refund"))
                    } else if key_used > 0 {
                        Err(block(GUARDRAIL, "idempotency_key", format!("key {idempotency_key} was already used")))
                    } else {
                        tx.execute(
                            "INSERT INTO refunds (order_id, ticket_id, amount_cents, status, idempotency_key, decision_id)
                             VALUES (?1, ?2, ?3, 'executed', ?4, ?5)",
                            params![order_id, ticket_id, amount_cents, idempotency_key, decision_id],
                        )?;
                        let id = tx.last_insert_rowid();
                        tx.execute("UPDATE tickets SET status = 'refunded' WHERE id = ?1", params![ticket_id])?;
                        Ok(Executed { tool: "issue_refund", ticket_id: *ticket_id, row_id: Some(id), already_executed: false })
                    }
                }
            }
        }
        Proposal::EscalateTicket { ticket_id, severity, reason } => {
            let valid = ["low", "medium", "high", "critical"];
            if !valid.contains(&severity.as_str()) {
                Err(block(GUARDRAIL, "severity_valid", format!("severity `{severity}` is not one of {valid:?}")))
            } else if safety_legal_injury(&text) && severity == "low" {
                Err(block(GUARDRAIL, "severity_for_safety", "safety or legal tickets escalate at medium or above"))
            } else if ticket_status == "closed" || ticket_status == "refunded" {
                Err(block(GUARDRAIL, "ticket_open", format!("ticket is {ticket_status}")))
            } else {
                tx.execute(
                    "INSERT INTO escalations (ticket_id, severity, reason, decision_id) VALUES (?1, ?2, ?3, ?4)",
                    params![ticket_id, severity, reason, decision_id],
                )?;
                let id = tx.last_insert_rowid();
                tx.execute("UPDATE tickets SET status = 'escalated' WHERE id = ?1", params![ticket_id])?;
                Ok(Executed { tool: "escalate_ticket", ticket_id: *ticket_id, row_id: Some(id), already_executed: false })
            }
        }
        Proposal::CloseTicket { ticket_id, .. } => {
            if ticket_status == "closed" {
                Err(block(GUARDRAIL, "ticket_open", "ticket is already closed"))
            } else {
                tx.execute("UPDATE tickets SET status = 'closed' WHERE id = ?1", params![ticket_id])?;
                Ok(Executed { tool: "close_ticket", ticket_id: *ticket_id, row_id: None, already_executed: false })
            }
        }
    };
    if outcome.is_ok() {
        tx.execute(
            "INSERT INTO executions (decision_id, tool, ticket_id) VALUES (?1, ?2, ?3)",
            params![decision_id, call.tool(), call.ticket_id()],
        )?;
        tx.commit()?;
    } else {
        tx.rollback()?;
    }
    Ok(outcome)
}
