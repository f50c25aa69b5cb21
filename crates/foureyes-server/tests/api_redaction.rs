//! Secrets in refused input are redacted before they reach the journal (issue 12, F53): a TOTP code sent in a
//! malformed approve body used to land verbatim in the `refused` event's excerpt (and in the parse error, for a code
//! sent as a number).
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::Role;
use foureyes_core::canonical::sha256_hex;
use foureyes_store::Credentials;
use serde_json::json;

#[tokio::test]
async fn a_totp_code_in_a_malformed_approve_body_is_redacted_in_the_journal() {
    let h = harness().await;
    h.store.create_token("carol", Role::Approver, &sha256_hex(b"tok-carol"), None, h.now()).await.unwrap();
    let v = h
        .decide(AGENT, json!({"request_id": h.rid("wire"), "action": "payments.wire", "params": {"amount_eur": 5000}}))
        .await;
    let id = v["approval_id"].as_i64().unwrap();
    for body in [r#"{"digest": "x", "totp": "493817""#, r#"{"digest": "x", "totp": 493817}"#, r#"{"TOTP":"493817",}"#] {
        let before = h.head().await;
        let r = h.send(req("POST", &format!("/v1/approvals/{id}/approve")).token("tok-carol").raw(body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {}", r.text());
        let data = h.only_refusal_since(before, "carol").await;
        assert!(!data.to_string().contains("493817"), "{body}: the code was journaled: {data}");
        assert!(!r.text().contains("493817"), "{body}: the code was echoed: {}", r.text());
    }
}
