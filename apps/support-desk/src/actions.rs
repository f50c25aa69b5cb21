//! The action tools, the only write path: issue_refund, escalate_ticket, close_ticket. A call is refused unless it
//! carries a FourEyes permit that released an approval of this exact call (structural layer); then every business
//! guardrail is re-checked inside one transaction that holds the rows it judges: on SQLite a `BEGIN IMMEDIATE`
//! transaction (the write lock is taken before the order row is read), on PostgreSQL `SELECT … FOR UPDATE` on the
//! ticket and order rows (`crate::pg`). Both backends only fetch [`Facts`] and write; the guardrails are one
//! function, [`judge`]. Every block is audited with its layer.

use crate::classify::{CAP_CENTS, WINDOW_DAYS, safety_legal_injury, within_window};
use crate::db::DeskDb;
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

/// The ticket's row, as the guardrails see it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TicketFacts {
    pub customer_id: i64,
    pub linked_order: Option<i64>,
    pub status: String,
    /// Subject and body, for the safety/legal severity rule.
    pub text: String,
}

/// The refund's order row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderFacts {
    pub customer_id: i64,
    pub amount_cents: i64,
    pub status: String,
    pub days_ago: i64,
}

/// Everything the guardrails judge, read inside the write transaction with the rows held.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facts {
    /// This permit was already executed: the tool it ran and the row it wrote.
    pub prior: Option<(String, Option<i64>)>,
    pub ticket: Option<TicketFacts>,
    /// The refund's order (refunds only).
    pub order: Option<OrderFacts>,
    /// Executed refunds of the refund's order.
    pub executed_refunds: i64,
    /// The refund's idempotency key is already taken.
    pub key_used: bool,
}

/// The business guardrails, once for both backends: `Ok(None)` = write it, `Ok(Some(_))` = this exact call already
/// ran under this permit (answer with the first execution), `Err` = blocked.
pub fn judge(call: &Proposal, decision_id: DecisionId, facts: &Facts) -> Result<Option<Executed>, Block> {
    if let Some((tool, row_id)) = &facts.prior {
        // The permit passed `verify_permit`, so its approval is of this exact call: a retry (the first answer was
        // lost) gets the first execution's result instead of a refusal that would be reported as a failure although
        // the write happened. A different call under the same permit never gets here (digest mismatch).
        if tool != call.tool() {
            return Err(block(STRUCTURAL, "permit_reused", format!("decision {decision_id} executed {tool}")));
        }
        let row_id = *row_id;
        return Ok(Some(Executed { tool: call.tool(), ticket_id: call.ticket_id(), row_id, already_executed: true }));
    }
    let Some(ticket) = &facts.ticket else {
        return Err(block(GUARDRAIL, "ticket_exists", format!("no ticket {}", call.ticket_id())));
    };
    match call {
        Proposal::IssueRefund { order_id, amount_cents, idempotency_key, .. } => {
            let Some(order) = &facts.order else {
                return Err(block(GUARDRAIL, "order_exists", format!("no order {order_id}")));
            };
            let (amount, status, days) = (order.amount_cents, &order.status, order.days_ago);
            if *amount_cents <= 0 {
                Err(block(GUARDRAIL, "amount_positive", "the amount must be above zero"))
            } else if order.customer_id != ticket.customer_id {
                Err(block(GUARDRAIL, "order_of_ticket_customer", "the order is not the ticket's customer's"))
            } else if ticket.linked_order.is_some_and(|l| l != *order_id) {
                Err(block(GUARDRAIL, "order_of_ticket", "the order is not the ticket's order"))
            } else if *amount_cents > amount {
                Err(block(GUARDRAIL, "amount_le_order", format!("{amount_cents} > order amount {amount}")))
            } else if *amount_cents > CAP_CENTS {
                Err(block(GUARDRAIL, "amount_le_cap", format!("{amount_cents} > cap {CAP_CENTS}")))
            } else if status != "delivered" && status != "shipped" {
                Err(block(GUARDRAIL, "status_shipped_or_delivered", format!("order status is {status}")))
            } else if !within_window(days) {
                Err(block(GUARDRAIL, "window", format!("placed {days} days ago (window {WINDOW_DAYS})")))
            } else if facts.executed_refunds > 0 {
                Err(block(GUARDRAIL, "no_prior_refund", "the order already has an executed refund"))
            } else if facts.key_used {
                Err(block(GUARDRAIL, "idempotency_key", format!("key {idempotency_key} was already used")))
            } else {
                Ok(None)
            }
        }
        Proposal::EscalateTicket { severity, .. } => {
            let valid = ["low", "medium", "high", "critical"];
            if !valid.contains(&severity.as_str()) {
                Err(block(GUARDRAIL, "severity_valid", format!("severity `{severity}` is not one of {valid:?}")))
            } else if safety_legal_injury(&ticket.text) && severity == "low" {
                Err(block(GUARDRAIL, "severity_for_safety", "safety or legal tickets escalate at medium or above"))
            } else if ticket.status == "closed" || ticket.status == "refunded" {
                Err(block(GUARDRAIL, "ticket_open", format!("ticket is {}", ticket.status)))
            } else {
                Ok(None)
            }
        }
        Proposal::CloseTicket { .. } => {
            if ticket.status == "closed" {
                Err(block(GUARDRAIL, "ticket_open", "ticket is already closed"))
            } else {
                Ok(None)
            }
        }
    }
}

/// Runs one action tool call on a SQLite desk. `permit` is the FourEyes decision that released the approval of this
/// call.
pub async fn execute(
    path: &Path,
    store: &dyn Store,
    call: &Proposal,
    permit: Option<DecisionId>,
) -> Result<Result<Executed, Block>, Error> {
    execute_on(&DeskDb::sqlite(path), store, call, permit).await
}

/// Runs one action tool call on either backend.
pub async fn execute_on(
    desk: &DeskDb,
    store: &dyn Store,
    call: &Proposal,
    permit: Option<DecisionId>,
) -> Result<Result<Executed, Block>, Error> {
    // The SQLite file is opened (and created) before the permit check, as the write path always did.
    let mut sqlite = match desk {
        DeskDb::Sqlite(path) => Some(db::open_rw(path)?),
        DeskDb::Postgres(_) => None,
    };
    let verdict = match permit {
        None => Err(block(STRUCTURAL, "no_approval", "a write needs a FourEyes approval of this exact call")),
        Some(id) => verify_permit(store, call, id).await.map_err(|m| block(STRUCTURAL, "approval_check", m)),
    };
    let result = match (verdict, permit) {
        (Err(b), _) => Err(b),
        (Ok(()), Some(decision_id)) => match (&mut sqlite, desk) {
            (Some(conn), _) => guarded_write(conn, call, decision_id)?,
            (None, DeskDb::Postgres(pg)) => pg.guarded_write(call, decision_id).await?,
            (None, DeskDb::Sqlite(_)) => return Err(Error::Invalid("the SQLite desk is not open".into())),
        },
        (Ok(()), None) => Err(block(STRUCTURAL, "no_approval", "no permit")),
    };
    if let Err(b) = &result {
        let detail = format!("{}: {} ({})", call.tool(), b.message, serde_json::to_string(call).unwrap_or_default());
        match &sqlite {
            Some(conn) => db::audit(conn, Some(call.ticket_id()), b.layer, &b.rule, &detail)?,
            None => desk.audit(Some(call.ticket_id()), b.layer, &b.rule, &detail).await?,
        }
    }
    Ok(result)
}

/// The SQLite facts, read inside the immediate transaction.
fn sqlite_facts(tx: &Connection, call: &Proposal, decision_id: DecisionId) -> Result<Facts, Error> {
    let ticket = tx
        .query_row(
            "SELECT customer_id, order_id, status, subject || char(10) || body FROM tickets WHERE id = ?1",
            params![call.ticket_id()],
            |r| Ok(TicketFacts { customer_id: r.get(0)?, linked_order: r.get(1)?, status: r.get(2)?, text: r.get(3)? }),
        )
        .optional()?;
    let mut facts = Facts { ticket, ..Facts::default() };
    if let Proposal::IssueRefund { order_id, idempotency_key, .. } = call {
        facts.order = tx
            .query_row(
                "SELECT customer_id, amount_cents, status, placed_days_ago FROM orders WHERE id = ?1",
                params![order_id],
                |r| {
                    Ok(OrderFacts {
                        customer_id: r.get(0)?,
                        amount_cents: r.get(1)?,
                        status: r.get(2)?,
                        days_ago: r.get(3)?,
                    })
                },
            )
            .optional()?;
        facts.executed_refunds = tx.query_row(
            "SELECT count(*) FROM refunds WHERE order_id = ?1 AND status = 'executed'",
            params![order_id],
            |r| r.get(0),
        )?;
        facts.key_used =
            tx.query_row("SELECT count(*) FROM refunds WHERE idempotency_key = ?1", params![idempotency_key], |r| {
                r.get::<_, i64>(0)
            })? > 0;
    }
    let prior: Option<String> = tx
        .query_row("SELECT tool FROM executions WHERE decision_id = ?1", params![decision_id], |r| r.get(0))
        .optional()?;
    if let Some(tool) = prior {
        let row_sql = match call {
            Proposal::IssueRefund { .. } => Some("SELECT id FROM refunds WHERE decision_id = ?1"),
            Proposal::EscalateTicket { .. } => Some("SELECT id FROM escalations WHERE decision_id = ?1"),
            Proposal::CloseTicket { .. } => None,
        };
        let row_id = match row_sql {
            Some(sql) => tx.query_row(sql, params![decision_id], |r| r.get(0)).optional()?,
            None => None,
        };
        facts.prior = Some((tool, row_id));
    }
    Ok(facts)
}

/// The guardrails and the write, in one immediate transaction.
fn guarded_write(
    conn: &mut Connection,
    call: &Proposal,
    decision_id: DecisionId,
) -> Result<Result<Executed, Block>, Error> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let facts = sqlite_facts(&tx, call, decision_id)?;
    match judge(call, decision_id, &facts) {
        Err(b) => {
            tx.rollback()?;
            return Ok(Err(b));
        }
        Ok(Some(replay)) => {
            tx.rollback()?;
            return Ok(Ok(replay));
        }
        Ok(None) => {}
    }
    let (tool, ticket_id) = (call.tool(), call.ticket_id());
    let row_id = match call {
        Proposal::IssueRefund { order_id, amount_cents, idempotency_key, .. } => {
            tx.execute(
                "INSERT INTO refunds (order_id, ticket_id, amount_cents, status, idempotency_key, decision_id)
                 VALUES (?1, ?2, ?3, 'executed', ?4, ?5)",
                params![order_id, ticket_id, amount_cents, idempotency_key, decision_id],
            )?;
            let id = tx.last_insert_rowid();
            tx.execute("UPDATE tickets SET status = 'refunded' WHERE id = ?1", params![ticket_id])?;
            Some(id)
        }
        Proposal::EscalateTicket { severity, reason, .. } => {
            tx.execute(
                "INSERT INTO escalations (ticket_id, severity, reason, decision_id) VALUES (?1, ?2, ?3, ?4)",
                params![ticket_id, severity, reason, decision_id],
            )?;
            let id = tx.last_insert_rowid();
            tx.execute("UPDATE tickets SET status = 'escalated' WHERE id = ?1", params![ticket_id])?;
            Some(id)
        }
        Proposal::CloseTicket { .. } => {
            tx.execute("UPDATE tickets SET status = 'closed' WHERE id = ?1", params![ticket_id])?;
            None
        }
    };
    tx.execute(
        "INSERT INTO executions (decision_id, tool, ticket_id) VALUES (?1, ?2, ?3)",
        params![decision_id, tool, ticket_id],
    )?;
    tx.commit()?;
    Ok(Ok(Executed { tool, ticket_id, row_id, already_executed: false }))
}
