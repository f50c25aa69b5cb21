//! `GET /v1/deferrals`: an agent finds its own deferrals of one call (same request-id prefix and digest) whose
//! approval can still release them (pending or approved) or that were used within the approval's validity (`consumed`:
//! the re-sent request id replays the release), never a rejected one, and nothing of another agent's.
//! It is how a restarted MCP proxy with `--server` retries a deferred call with the request id it deferred under.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use serde_json::{Value, json};

async fn find(h: &Harness, token: &str, prefix: &str, digest: &str) -> Value {
    let r = h.send(req("GET", &format!("/v1/deferrals?request_id_prefix={prefix}&digest={digest}")).token(token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|d| d["approval_id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn an_agent_finds_its_own_releasable_deferrals_of_one_call() {
    let h = harness().await;
    let pay =
        |rid: &str| json!({"request_id": rid, "action": "payments.send", "params": {"amount_eur": 5, "payee": "ACME"}});
    let first = h.decide(AGENT, pay("call-k1-a")).await;
    let digest = first["digest"].as_str().unwrap().to_string();
    let second = h.decide(AGENT, pay("call-k1-b")).await;
    // Same call by another agent (its digest differs: the agent is part of it), and another call by `bot`.
    let other_agent = h.decide(AGENT2, pay("call-k1-c")).await;
    assert_ne!(other_agent["digest"].as_str().unwrap(), digest);
    let (a1, a2) = (first["approval_id"].as_i64().unwrap(), second["approval_id"].as_i64().unwrap());

    let found = find(&h, AGENT, "call-k1-", &digest).await;
    assert_eq!(ids(&found), [a1, a2], "oldest first: {found:#}");
    assert_eq!(found[0]["request_id"], json!("call-k1-a"));
    assert_eq!(
        (found[0]["status"].clone(), found[0]["decision_id"].clone()),
        (json!("pending"), first["decision_id"].clone())
    );
    // Another agent asking with bot's digest sees nothing; a prefix of another call matches nothing.
    assert!(ids(&find(&h, AGENT2, "call-k1-", &digest).await).is_empty());
    assert!(ids(&find(&h, AGENT, "call-k2-", &digest).await).is_empty());
    // Without a digest, the prefix alone selects (an executor that does not know its principal's digest).
    let r = h.send(req("GET", "/v1/deferrals?request_id_prefix=call-k1-").token(AGENT)).await;
    assert_eq!(ids(&r.json()), [a1, a2]);
    assert!(ids(&find(&h, AGENT, "call-k1-", &"0".repeat(64)).await).is_empty(), "the digest filters");

    // Approved: still listed (re-sending its request id releases it); once released (used up) or rejected: gone.
    let approve = req("POST", &format!("/v1/approvals/{a1}/approve")).token(APPROVER).json(&json!({"digest": digest}));
    assert_eq!(h.send(approve).await.status, StatusCode::OK);
    let found = find(&h, AGENT, "call-k1-", &digest).await;
    assert_eq!((ids(&found), found[0]["status"].clone()), (vec![a1, a2], json!("approved")), "{found:#}");
    let released = h.decide(AGENT, pay("call-k1-a")).await;
    assert_eq!(released["verdict"], json!("permit"), "{released}");
    let reject = req("POST", &format!("/v1/approvals/{a2}/reject"))
        .token(APPROVER)
        .json(&json!({"reason": "no", "digest": digest}));
    assert_eq!(h.send(reject).await.status, StatusCode::OK);
    // The used one stays listed as `consumed` while its approval is valid (a racing retry re-sends its request id
    // and hears the replayed release: it already ran); the rejected one is gone.
    let found = find(&h, AGENT, "call-k1-", &digest).await;
    assert_eq!((ids(&found), found[0]["status"].clone()), (vec![a1], json!("consumed")), "{found:#}");
    let replayed = h.decide(AGENT, pay("call-k1-a")).await;
    assert_eq!(
        (replayed["decision_id"].clone(), replayed["replayed"].clone()),
        (released["decision_id"].clone(), json!(true)),
        "{replayed}"
    );
    // Past its validity, a used approval is no longer offered.
    h.advance(7 * 24 * 3600 * 1000);
    assert!(ids(&find(&h, AGENT, "call-k1-", &digest).await).is_empty());
}

#[tokio::test]
async fn bad_lookups_are_refused() {
    let h = harness().await;
    for query in ["", "?digest=d", "?request_id_prefix=&digest=d", "?request_id_prefix=x&digest=d&all=1"] {
        let r = h.send(req("GET", &format!("/v1/deferrals{query}")).token(AGENT)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}: {}", r.text());
    }
    // People list approvals instead; this lookup is the agent's.
    let r = h.send(req("GET", "/v1/deferrals?request_id_prefix=x&digest=d").token(APPROVER)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}
