//! The decide benchmark's one policy and request stream, shared by `foureyes bench decide` and the store-only
//! example `foureyes-store-sqlite/examples/decide_count.rs` (ADR-980), so an instruction count of the one measures
//! the same work as the other.

use foureyes_core::ActionRequest;

/// One tier-2 action with a budget no run reaches: every decision is a durable permit with a reservation.
pub const POLICY: &str = "\
version: 1
actions:
  bench.spend:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 100 } }
    budgets: [ { param: amount_eur, max: 1000000000, per: 24h } ]
";

/// Caller `caller`'s `i`-th request: a distinct durable decision of 1.25 EUR against the bench budget.
pub fn request(caller: usize, i: u64) -> ActionRequest {
    ActionRequest::new(
        format!("bench-{caller}-{i}"),
        format!("agent-{caller}"),
        "bench.spend",
        serde_json::json!({"amount_eur": 1.25}).as_object().cloned().unwrap_or_default(),
    )
}
