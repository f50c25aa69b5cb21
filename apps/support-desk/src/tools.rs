//! The lookup tools: read-only by construction (the connection is opened with SQLite `mode=ro`; on PostgreSQL see
//! `crate::pg::PgLookup`) and scoped to one ticket's customer — another customer's order is "not found". The lookup
//! MCP server (`crate::mcp`) serves them; `gather_with` is the pipeline's fixed lookup sequence, run over that
//! server's MCP client.

use crate::{Error, db};
use regex::Regex;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::OnceLock;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    pub id: i64,
    pub customer_id: i64,
    pub order_id: Option<i64>,
    pub subject: String,
    pub body: String,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    pub id: i64,
    pub name: String,
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub id: i64,
    pub customer_id: i64,
    pub amount_cents: i64,
    pub status: String,
    pub placed_days_ago: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refund {
    pub id: i64,
    pub order_id: i64,
    pub amount_cents: i64,
    pub status: String,
}

/// How the ticket's order was identified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderLookup {
    /// The order linked to the ticket.
    Linked,
    /// An order id named in the text, found among this customer's orders.
    Named,
    /// The customer's only order.
    OnlyOrder,
    /// An order id named in the text that is not among this customer's orders (or does not exist).
    NotThisCustomers(i64),
    /// Several orders and none linked or named.
    Ambiguous,
    /// The customer has no order at all.
    NoOrders,
}

/// What the fixed lookup sequence found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    pub ticket: Ticket,
    pub customer: Customer,
    pub orders: Vec<Order>,
    pub lookup: OrderLookup,
    pub order: Option<Order>,
    pub refunds: Vec<Refund>,
    /// The tool calls made, in order.
    pub calls: Vec<String>,
}

/// The read-only lookup tool server, scoped to one ticket's customer.
pub struct Lookup {
    conn: Connection,
    ticket_id: i64,
    customer_id: i64,
}

fn order_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Order> {
    Ok(Order {
        id: r.get(0)?,
        customer_id: r.get(1)?,
        amount_cents: r.get(2)?,
        status: r.get(3)?,
        placed_days_ago: r.get(4)?,
    })
}

impl Lookup {
    /// Opens the database read-only and scopes every lookup to the customer of `ticket_id`.
    pub fn for_ticket(path: &Path, ticket_id: i64) -> Result<Lookup, Error> {
        let conn = db::open_ro(path)?;
        let customer_id = conn
            .query_row("SELECT customer_id FROM tickets WHERE id = ?1", params![ticket_id], |r| r.get(0))
            .optional()?
            .ok_or_else(|| Error::NotFound(format!("ticket {ticket_id}")))?;
        Ok(Lookup { conn, ticket_id, customer_id })
    }

    /// The underlying connection (tests use it to prove writes are refused).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    pub fn get_ticket(&self) -> Result<Ticket, Error> {
        Ok(self.conn.query_row(
            "SELECT id, customer_id, order_id, subject, body, status FROM tickets WHERE id = ?1",
            params![self.ticket_id],
            |r| {
                Ok(Ticket {
                    id: r.get(0)?,
                    customer_id: r.get(1)?,
                    order_id: r.get(2)?,
                    subject: r.get(3)?,
                    body: r.get(4)?,
                    status: r.get(5)?,
                })
            },
        )?)
    }

    pub fn get_customer(&self) -> Result<Customer, Error> {
        Ok(self.conn.query_row(
            "SELECT id, name, email FROM customers WHERE id = ?1",
            params![self.customer_id],
            |r| Ok(Customer { id: r.get(0)?, name: r.get(1)?, email: r.get(2)? }),
        )?)
    }

    /// The order, only if it belongs to this ticket's customer.
    pub fn get_order(&self, order_id: i64) -> Result<Option<Order>, Error> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, customer_id, amount_cents, status, placed_days_ago FROM orders
                 WHERE id = ?1 AND customer_id = ?2",
                params![order_id, self.customer_id],
                order_row,
            )
            .optional()?)
    }

    pub fn list_customer_orders(&self) -> Result<Vec<Order>, Error> {
        let mut stmt = self.conn.prepare(
            "SELECT id, customer_id, amount_cents, status, placed_days_ago FROM orders WHERE customer_id = ?1
             ORDER BY id",
        )?;
        let rows = stmt.query_map(params![self.customer_id], order_row)?.collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// Refunds of an order of this customer (empty for anyone else's order).
    pub fn get_refund_history(&self, order_id: i64) -> Result<Vec<Refund>, Error> {
        let mut stmt = self.conn.prepare(
            "SELECT r.id, r.order_id, r.amount_cents, r.status FROM refunds r JOIN orders o ON o.id = r.order_id
             WHERE r.order_id = ?1 AND o.customer_id = ?2 ORDER BY r.id",
        )?;
        let rows = stmt
            .query_map(params![order_id, self.customer_id], |r| {
                Ok(Refund { id: r.get(0)?, order_id: r.get(1)?, amount_cents: r.get(2)?, status: r.get(3)? })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// Lines of the written policy that mention every word of the query.
    pub fn search_policy(&self, query: &str) -> Vec<String> {
        Lookup::policy_lines(query)
    }

    /// [`Lookup::search_policy`]: the policy is the same text whatever the database.
    pub fn policy_lines(query: &str) -> Vec<String> {
        let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        crate::POLICY_MD
            .lines()
            .filter(|l| {
                let l = l.to_lowercase();
                words.iter().all(|w| l.contains(w))
            })
            .map(str::to_string)
            .collect()
    }
}

/// Order ids named in text: "order #123", "order id 123", "order no. 123", "id 123", "#123".
pub fn named_order_ids(text: &str) -> Vec<i64> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE.get_or_init(|| {
        Regex::new(r"(?i)(?:\border\b[^0-9$€£\n]{0,25}?(?:#|no\.?|number|id)\s*:?\s*|#|\bid\s+)(\d{1,9})\b").ok()
    }) else {
        return Vec::new();
    };
    let mut ids: Vec<i64> = re.captures_iter(text).filter_map(|c| c.get(1)?.as_str().parse().ok()).collect();
    ids.dedup();
    ids
}

/// The lookups the fixed sequence needs. The pipeline implements it over its MCP client to the lookup tool server
/// (`crate::graph`); [`Lookup`] implements it directly (for [`gather`]). Both run the one sequence in [`gather_with`],
/// so what the agent looks up is defined once.
pub trait LookupTools {
    fn get_ticket(&mut self) -> impl Future<Output = Result<Ticket, Error>>;
    fn get_customer(&mut self) -> impl Future<Output = Result<Customer, Error>>;
    fn list_customer_orders(&mut self) -> impl Future<Output = Result<Vec<Order>, Error>>;
    /// `None` when the order is not this ticket's customer's (or does not exist).
    fn get_order(&mut self, order_id: i64) -> impl Future<Output = Result<Option<Order>, Error>>;
    fn get_refund_history(&mut self, order_id: i64) -> impl Future<Output = Result<Vec<Refund>, Error>>;
}

impl LookupTools for Lookup {
    fn get_ticket(&mut self) -> impl Future<Output = Result<Ticket, Error>> {
        std::future::ready(Lookup::get_ticket(self))
    }
    fn get_customer(&mut self) -> impl Future<Output = Result<Customer, Error>> {
        std::future::ready(Lookup::get_customer(self))
    }
    fn list_customer_orders(&mut self) -> impl Future<Output = Result<Vec<Order>, Error>> {
        std::future::ready(Lookup::list_customer_orders(self))
    }
    fn get_order(&mut self, order_id: i64) -> impl Future<Output = Result<Option<Order>, Error>> {
        std::future::ready(Lookup::get_order(self, order_id))
    }
    fn get_refund_history(&mut self, order_id: i64) -> impl Future<Output = Result<Vec<Refund>, Error>> {
        std::future::ready(Lookup::get_refund_history(self, order_id))
    }
}

/// The fixed, read-only lookup sequence straight on the database (no MCP): see [`gather_with`].
pub fn gather(path: &Path, ticket_id: i64) -> Result<Evidence, Error> {
    let mut lk = Lookup::for_ticket(path, ticket_id)?;
    // `Lookup`'s futures are `ready` (plain SQLite calls), so the sequence completes in one poll; no runtime needed.
    let mut sequence = std::pin::pin!(gather_with(&mut lk));
    match sequence.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) {
        std::task::Poll::Ready(evidence) => evidence,
        std::task::Poll::Pending => Err(Error::Invalid("a direct lookup waited".into())),
    }
}

/// The fixed, read-only lookup sequence: get_ticket, get_customer, list_customer_orders, get_order (the linked or
/// named order), get_refund_history.
pub async fn gather_with(lk: &mut impl LookupTools) -> Result<Evidence, Error> {
    let mut calls = vec!["get_ticket".to_string()];
    let ticket = lk.get_ticket().await?;
    calls.push("get_customer".into());
    let customer = lk.get_customer().await?;
    calls.push("list_customer_orders".into());
    let orders = lk.list_customer_orders().await?;
    let named = named_order_ids(&format!("{}\n{}", ticket.subject, ticket.body));
    // Another of the customer's own orders named in the ticket ("Not this order - refund order #6 instead") is the
    // one it is about, not the order the ticket was linked to (outside attack 48). A number that is none of their
    // orders leaves the link as it is: customers write order numbers the shop's ids need not match.
    let other_own = |linked: i64| named.iter().copied().find(|n| *n != linked && orders.iter().any(|o| o.id == *n));
    let (lookup, candidate) = match (ticket.order_id, named.first()) {
        (Some(id), _) if other_own(id).is_some() => (OrderLookup::Named, other_own(id)),
        (Some(id), _) => (OrderLookup::Linked, Some(id)),
        (None, Some(id)) => (OrderLookup::Named, Some(*id)),
        (None, None) if orders.len() == 1 => (OrderLookup::OnlyOrder, Some(orders[0].id)),
        (None, None) if orders.is_empty() => (OrderLookup::NoOrders, None),
        (None, None) => (OrderLookup::Ambiguous, None),
    };
    let mut order = None;
    let mut refunds = Vec::new();
    let mut lookup = lookup;
    if let Some(id) = candidate {
        calls.push("get_order".into());
        order = lk.get_order(id).await?;
        match order {
            Some(_) => {
                calls.push("get_refund_history".into());
                refunds = lk.get_refund_history(id).await?;
            }
            None => lookup = OrderLookup::NotThisCustomers(id),
        }
    }
    Ok(Evidence { ticket, customer, orders, lookup, order, refunds, calls })
}
