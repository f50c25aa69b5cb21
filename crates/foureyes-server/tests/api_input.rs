//! Bad input on every endpoint: malformed JSON, wrong types, unknown fields, bodies that are not objects, oversized
//! bodies, oversized params, bad query strings and paths, unknown routes and methods. Every answer is the JSON error
//! `{"error": {"code", "message"}}` with the right status; an authenticated caller's bad body writes nothing but one
//! audited `refused` event; state is unchanged.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_server::MAX_BODY_BYTES;
use foureyes_store::Store;
use serde_json::{Value, json};

/// An endpoint that reads a JSON body: who may call it, and a body it accepts.
struct BodyEndpoint {
    path: String,
    token: &'static str,
    principal: &'static str,
    valid: Value,
    /// The valid body with one field of the wrong type.
    wrong_type: Value,
}

async fn body_endpoints(h: &Harness) -> Vec<BodyEndpoint> {
    let permit = h.permit().await;
    let executed = h.executed().await;
    let (_, approval, digest, _) = h.deferral(10.0).await;
    let (_, rejected, rejected_digest, _) = h.deferral(11.0).await;
    vec![
        BodyEndpoint {
            path: "/v1/decide".into(),
            token: AGENT,
            principal: "bot",
            valid: json!({"request_id": "valid-1", "action": "weather.get"}),
            wrong_type: json!({"request_id": 5, "action": "weather.get"}),
        },
        BodyEndpoint {
            path: format!("/v1/decisions/{permit}/report"),
            token: AGENT,
            principal: "bot",
            valid: json!({"outcome": "executed"}),
            wrong_type: json!({"outcome": 1}),
        },
        BodyEndpoint {
            path: format!("/v1/decisions/{executed}/undo"),
            token: AGENT,
            principal: "bot",
            valid: json!({"request_id": "undo-1"}),
            wrong_type: json!({"request_id": 7}),
        },
        BodyEndpoint {
            path: "/v1/kill-switch".into(),
            token: ADMIN,
            principal: "root",
            valid: json!({"engaged": false}),
            wrong_type: json!({"engaged": "yes"}),
        },
        BodyEndpoint {
            path: format!("/v1/approvals/{approval}/approve"),
            token: APPROVER,
            principal: "alice",
            valid: json!({"digest": digest}),
            wrong_type: json!({"digest": 12}),
        },
        BodyEndpoint {
            path: format!("/v1/approvals/{rejected}/reject"),
            token: APPROVER,
            principal: "alice",
            valid: json!({"reason": "no", "digest": rejected_digest}),
            wrong_type: json!({"reason": ["no"]}),
        },
    ]
}

/// Everything a bad request must not change.
async fn state_of(h: &Harness) -> Value {
    let decisions = h
        .store
        .decisions(foureyes_store::DecisionFilter { status: None, limit: Some(10_000), before: None })
        .await
        .unwrap();
    let approvals = h.store.approvals(None, h.now()).await.unwrap();
    json!({
        "decisions": decisions.iter().map(|d| json!([d.decision_id, d.status])).collect::<Vec<_>>(),
        "approvals": approvals.iter().map(|a| json!([a.approval_id, a.status, a.approvers])).collect::<Vec<_>>(),
        "kill_switch": h.store.kill_switch().await.unwrap(),
    })
}

fn with_unknown_field(valid: &Value) -> Value {
    let mut v = valid.clone();
    v.as_object_mut().unwrap().insert("surprise".into(), json!(1));
    v
}

/// The valid body's values as an array (`["valid-1", "weather.get"]`), which serde would map onto the fields in
/// order if nothing stopped it.
fn positional(valid: &Value) -> Vec<u8> {
    serde_json::to_vec(&valid.as_object().unwrap().values().collect::<Vec<_>>()).unwrap()
}

/// A JSON object of exactly `len` bytes: `valid` plus a padding field.
fn padded(valid: &Value, len: usize) -> Vec<u8> {
    let mut v = valid.clone();
    v.as_object_mut().unwrap().insert("pad".into(), json!(""));
    let base = serde_json::to_vec(&v).unwrap().len();
    v["pad"] = json!("a".repeat(len - base));
    let bytes = serde_json::to_vec(&v).unwrap();
    assert_eq!(bytes.len(), len);
    bytes
}

#[tokio::test]
async fn bad_bodies_on_every_endpoint_are_json_errors_and_audited_refusals() {
    let h = harness().await;
    let endpoints = body_endpoints(&h).await;
    let mut failures = Vec::new();
    for ep in &endpoints {
        let cases: Vec<(&str, Vec<u8>, StatusCode, &str)> = vec![
            ("malformed JSON", b"{\"a\": ".to_vec(), StatusCode::BAD_REQUEST, "bad_request"),
            ("not JSON at all", b"hello".to_vec(), StatusCode::BAD_REQUEST, "bad_request"),
            ("wrong types", serde_json::to_vec(&ep.wrong_type).unwrap(), StatusCode::BAD_REQUEST, "bad_request"),
            (
                "unknown field",
                serde_json::to_vec(&with_unknown_field(&ep.valid)).unwrap(),
                StatusCode::BAD_REQUEST,
                "bad_request",
            ),
            ("an array, not an object", b"[]".to_vec(), StatusCode::BAD_REQUEST, "bad_request"),
            ("a string, not an object", b"\"x\"".to_vec(), StatusCode::BAD_REQUEST, "bad_request"),
            ("the fields as a positional array", positional(&ep.valid), StatusCode::BAD_REQUEST, "bad_request"),
            (
                "exactly the limit (then refused for its unknown field)",
                padded(&ep.valid, MAX_BODY_BYTES),
                StatusCode::BAD_REQUEST,
                "bad_request",
            ),
            (
                "one byte over the limit",
                padded(&ep.valid, MAX_BODY_BYTES + 1),
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
            ),
            ("a megabyte", padded(&ep.valid, 1024 * 1024), StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
        ];
        for (case, bytes, status, code) in cases {
            let state = state_of(&h).await;
            let before = h.head().await;
            let r = h.send(req("POST", &ep.path).token(ep.token).raw(bytes)).await;
            if r.status != status {
                failures.push(format!("{} {case}: expected {status}, got {} {}", ep.path, r.status, r.text()));
                continue;
            }
            if r.error_code() != code {
                failures.push(format!("{} {case}: expected code {code}, got {}", ep.path, r.text()));
            }
            let written = h.events_after(before).await;
            let refused_by_caller = written.len() == 1
                && written[0].kind == foureyes_core::journal::EventKind::Refused
                && written[0].data["agent"] == ep.principal;
            if !refused_by_caller {
                failures.push(format!(
                    "{} {case}: expected exactly one `refused` event, got {:?}",
                    ep.path,
                    written.iter().map(|e| (e.kind, e.data.clone())).collect::<Vec<_>>()
                ));
            }
            if state_of(&h).await != state {
                failures.push(format!("{} {case}: state changed", ep.path));
            }
        }
        // The valid body is accepted (so the cases above failed for the reason they name).
        let r = h.send(req("POST", &ep.path).token(ep.token).json(&ep.valid)).await;
        if r.status != StatusCode::OK {
            failures.push(format!("{} with its valid body: {} {}", ep.path, r.status, r.text()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test]
async fn params_that_are_not_an_object_or_too_large_are_refused_and_decide_nothing() {
    let h = harness().await;
    let big = "x".repeat(70 * 1024);
    for (case, body, code) in [
        ("params is an array", json!({"request_id": "p1", "action": "weather.get", "params": [1, 2]}), "bad_request"),
        (
            "params is a string",
            json!({"request_id": "p2", "action": "weather.get", "params": "city=Berlin"}),
            "bad_request",
        ),
        ("params is null", json!({"request_id": "p3", "action": "weather.get", "params": null}), "bad_request"),
        (
            "70 KiB of params",
            json!({"request_id": "p4", "action": "weather.get", "params": {"city": big}}),
            "bad_request",
        ),
        ("an empty request_id", json!({"request_id": "", "action": "weather.get"}), "bad_request"),
        ("a bad action name", json!({"request_id": "p5", "action": "rm -rf /"}), "bad_request"),
        ("no action", json!({"request_id": "p6"}), "bad_request"),
    ] {
        let before = h.head().await;
        let r = h.send(req("POST", "/v1/decide").token(AGENT).json(&body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{case}: {}", r.text());
        assert_eq!(r.error_code(), code, "{case}");
        let data = h.only_refusal_since(before, "bot").await;
        assert!(data["message"].as_str().is_some_and(|m| !m.is_empty()), "{case}: {data}");
        assert_eq!(h.decision_count().await, 0, "{case}: a decision was made");
    }
    // The refusal of the huge request keeps an excerpt, not 70 KiB, in the journal.
    let events = h.events_after(0).await;
    assert!(events.iter().all(|e| e.data.to_string().len() < 8 * 1024), "a refusal stored the whole input");
}

/// A wrong-typed param inside a well-formed body is not bad input: the pipeline judges it (deny, wrong_type), the
/// way the CLI does, and the decision is recorded.
#[tokio::test]
async fn wrong_param_types_are_denied_by_the_pipeline_not_coerced() {
    let h = harness().await;
    let params = json!({"zone": "living", "celsius": "21"});
    let v = h.decide(AGENT, json!({"request_id": "t1", "action": "climate.set_temperature", "params": params})).await;
    assert_eq!(v["verdict"], "deny");
    assert!(v["reasons"].as_array().unwrap().iter().any(|r| r["code"] == "wrong_type"), "{v}");
}

#[tokio::test]
async fn bad_query_strings_paths_and_routes_are_json_errors() {
    let h = harness().await;
    let id = h.permit().await;
    let cases: Vec<(&str, String, &str, StatusCode)> = vec![
        ("GET", "/v1/approvals?status=bogus".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("GET", "/v1/approvals?colour=red".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("GET", "/v1/decisions?status=bogus".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("GET", "/v1/decisions?limit=-1".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("GET", format!("/v1/decisions/{id}/wait?timeout=abc"), AGENT, StatusCode::BAD_REQUEST),
        ("GET", format!("/v1/decisions/{id}/wait?timeout=-5s"), AGENT, StatusCode::BAD_REQUEST),
        ("GET", "/v1/journal?after_seq=abc".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("GET", "/v1/events?after_seq=abc".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("GET", "/v1/decisions/abc".into(), AGENT, StatusCode::BAD_REQUEST),
        ("GET", "/v1/approvals/abc".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("POST", "/v1/decisions/abc/report".into(), AGENT, StatusCode::BAD_REQUEST),
        ("GET", "/v1/decisions/999999".into(), AGENT, StatusCode::NOT_FOUND),
        ("GET", "/v1/approvals/999999".into(), APPROVER, StatusCode::NOT_FOUND),
        ("GET", "/console/signin".into(), APPROVER, StatusCode::BAD_REQUEST),
        ("GET", "/v1/nope".into(), AGENT, StatusCode::NOT_FOUND),
        ("GET", "/nope".into(), "", StatusCode::NOT_FOUND),
        ("DELETE", "/v1/decide".into(), AGENT, StatusCode::METHOD_NOT_ALLOWED),
        ("GET", "/v1/decide".into(), AGENT, StatusCode::METHOD_NOT_ALLOWED),
        ("PUT", "/v1/kill-switch".into(), ADMIN, StatusCode::METHOD_NOT_ALLOWED),
    ];
    let mut failures = Vec::new();
    for (method, path, token, status) in cases {
        let mut r = req(method, &path);
        if !token.is_empty() {
            r = r.token(token);
        }
        if method == "POST" {
            r = r.json(&json!({"outcome": "executed"}));
        }
        let r = h.send(r).await;
        if r.status != status {
            failures.push(format!("{method} {path}: expected {status}, got {} {:?}", r.status, r.text()));
            continue;
        }
        let json_error = r.content_type().starts_with("application/json")
            && serde_json::from_slice::<Value>(&r.body)
                .ok()
                .and_then(|v| v.get("error").cloned())
                .is_some_and(|e| e["code"].is_string() && e["message"].as_str().is_some_and(|m| !m.is_empty()));
        if !json_error {
            failures.push(format!(
                "{method} {path}: {} is not a JSON error: content-type {:?}, body {:?}",
                r.status,
                r.content_type(),
                r.text()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test]
async fn malformed_credentials_are_401_json() {
    let h = harness().await;
    let head = h.head().await;
    for value in ["Basic YWxpY2U6cHc=", "Bearer", "Bearer ", "bearer tok-agent-bot", "Bearer nope"] {
        let r = h.send(req("GET", "/v1/policy").header("authorization", value)).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{value}");
        assert_eq!(r.error_code(), "unauthorized");
    }
    let r = h.send(req("GET", "/v1/policy").header("cookie", "fe_session=forged")).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error_code(), "unauthorized");
    assert_eq!(h.head().await, head, "unauthenticated calls wrote to the journal");
}

/// Console sign-in reads a body from an anonymous caller. Its bad input gets the same JSON errors, but is not
/// journaled: an unauthenticated caller must not be able to write to the append-only journal.
#[tokio::test]
async fn sign_in_bad_bodies_are_json_errors_that_write_nothing() {
    let h = harness().await;
    let cases: Vec<(&str, Vec<u8>, StatusCode)> = vec![
        ("malformed", b"{\"token\":".to_vec(), StatusCode::BAD_REQUEST),
        ("wrong type", br#"{"token": 5}"#.to_vec(), StatusCode::BAD_REQUEST),
        ("unknown field", br#"{"token": "tok-approver-alice", "role": "admin"}"#.to_vec(), StatusCode::BAD_REQUEST),
        ("not an object", b"[]".to_vec(), StatusCode::BAD_REQUEST),
        ("oversized", padded(&json!({"token": "x"}), MAX_BODY_BYTES + 1), StatusCode::PAYLOAD_TOO_LARGE),
    ];
    for (case, bytes, status) in cases {
        let before = h.head().await;
        let r = h.send(req("POST", "/console/session").raw(bytes)).await;
        assert_eq!(r.status, status, "{case}: {}", r.text());
        r.error_code();
        assert!(r.headers.get("set-cookie").is_none(), "{case}: a session was opened");
        assert_eq!(h.head().await, before, "{case}: wrote to the journal");
    }
}

/// A page larger than the store reads is refused, never cut short unseen; `before` pages newest first (issue 19: the
/// soak's end check once got 10,000 rows of 510,957 for `limit=100000000`, with a 200).
#[tokio::test]
async fn a_decisions_page_over_the_cap_is_refused_and_before_pages() {
    let h = harness().await;
    let ids = [h.permit().await, h.permit().await, h.permit().await];
    let list = |uri: String| {
        let h = &h;
        async move {
            let r = h.send(req("GET", &uri).token(ADMIN)).await;
            assert_eq!(r.status, StatusCode::OK, "{uri}: {}", r.text());
            r.json().as_array().unwrap().iter().map(|d| d["decision_id"].as_i64().unwrap()).collect::<Vec<_>>()
        }
    };
    assert_eq!(list("/v1/decisions?limit=2".into()).await, [ids[2], ids[1]]);
    assert_eq!(list(format!("/v1/decisions?limit=2&before={}", ids[1])).await, [ids[0]]);
    let over = foureyes_store::MAX_DECISIONS_PAGE + 1;
    let r = h.send(req("GET", &format!("/v1/decisions?limit={over}")).token(ADMIN)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(r.text().contains("before="), "the error says how to page: {}", r.text());
}
