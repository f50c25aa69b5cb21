//! `assets/openapi.json` describes exactly the routes the router serves, with the fields the handlers accept.
//!
//! What can be checked, and how:
//! - An axum `Router` cannot list its routes. So the set of served (method, path) pairs is *derived by probing*:
//!   every candidate path is requested, without credentials, with every method; a route is served unless the answer
//!   is 404 (the JSON fallback: no handler answers 404 to an unauthenticated caller) or 405 (path known, method not).
//! - The candidate paths are the union of the spec's paths, the hard-coded [`ROUTES`] list, and the path literals
//!   in `src/*.rs` (`.route("/…"`, `.route_service(`, `.nest(`, `.nest_service(`). A route added to the router but
//!   not to the spec makes the test fail; so does a spec route the router does not serve, and a method added to a
//!   documented path.
//! - Limits: a path passed as a computed string cannot be read from the source (the scan panics on such a call
//!   rather than pass silently), and a public handler that itself answered 404 to an anonymous caller would look
//!   like a missing route. Neither exists today.
//! - Request fields are compared with what the handlers accept, by asking them: a probe body with an unknown field
//!   makes serde list the expected fields (`deny_unknown_fields`), and `{}` names the first missing required one.
//!   Query parameters likewise.
//! - Roles (`x-foureyes-roles`) are compared with behaviour: each bearer-authenticated operation is called with an
//!   agent, approver, admin and executor token; 403 must come exactly for the roles not listed. Every status seen in these
//!   probes must be documented for the operation.
//! - Structural validity: internal `$ref`s resolve, operation ids are unique, every request body is a closed object
//!   within the documented size limit (equal to `MAX_BODY_BYTES`), every JSON error response uses the `Error`
//!   schema, and the security schemes match the cookie and header the server reads. When Python's
//!   `openapi-spec-validator` is installed, the file is also validated against the OpenAPI 3.1 meta-schema.
#![allow(clippy::unwrap_used)]

use crate::common;

use axum::http::StatusCode;
use common::*;
use foureyes_core::canonical::sha256_hex;
use foureyes_server::{CSRF_HEADER, MAX_BODY_BYTES, OPENAPI_JSON, SESSION_COOKIE};
use foureyes_store::Credentials;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// The token of the executor [`documented_roles_and_statuses_match_behaviour`] creates.
const EXECUTOR: &str = "tok-executor-runner";

/// Every route, as (METHOD, OpenAPI path template). Kept by hand, checked against the spec and the router.
const ROUTES: &[(&str, &str)] = &[
    ("GET", "/"),
    ("GET", "/healthz"),
    ("GET", "/metrics"),
    ("GET", "/openapi.json"),
    ("GET", "/console"),
    ("GET", "/console/session"),
    ("POST", "/console/session"),
    ("DELETE", "/console/session"),
    ("GET", "/console/signin"),
    ("POST", "/v1/decide"),
    ("POST", "/v1/execute"),
    ("GET", "/v1/decisions"),
    ("GET", "/v1/deferrals"),
    ("GET", "/v1/decisions/{id}"),
    ("POST", "/v1/decisions/{id}/report"),
    ("POST", "/v1/decisions/{id}/started"),
    ("GET", "/v1/decisions/{id}/wait"),
    ("POST", "/v1/decisions/{id}/undo"),
    ("GET", "/v1/kill-switch"),
    ("POST", "/v1/kill-switch"),
    ("GET", "/v1/journal"),
    ("GET", "/v1/journal/verify"),
    ("GET", "/v1/journal/{seq}/proof"),
    ("GET", "/v1/checkpoint"),
    ("GET", "/v1/policy"),
    ("POST", "/v1/policy/reload"),
    ("GET", "/v1/me"),
    ("GET", "/v1/mcp/pins"),
    ("POST", "/v1/mcp/pins"),
    ("POST", "/v1/mcp/pins/approve"),
    ("POST", "/v1/mcp/refusals"),
    ("GET", "/v1/sessions"),
    ("POST", "/v1/sessions/restore"),
    ("GET", "/v1/approvals"),
    ("GET", "/v1/approvals/{id}"),
    ("POST", "/v1/approvals/{id}/approve"),
    ("POST", "/v1/approvals/{id}/reject"),
    ("POST", "/v1/approvals/{id}/revoke"),
    ("GET", "/v1/events"),
    ("GET", "/v1/tasks"),
    ("POST", "/v1/tasks"),
    ("GET", "/v1/tasks/{task}"),
    ("GET", "/v1/tasks/{task}/proposal"),
    ("POST", "/v1/tasks/{task}/propose"),
    ("POST", "/v1/tasks/{task}/apply"),
    ("POST", "/v1/tasks/{task}/apply/confirm"),
    ("POST", "/v1/tasks/{task}/check"),
    ("POST", "/v1/tasks/{task}/check/record"),
    ("POST", "/v1/tasks/{task}/finish"),
];

const METHODS: [&str; 5] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

fn spec() -> Value {
    serde_json::from_str(OPENAPI_JSON).expect("assets/openapi.json is not JSON")
}

fn spec_routes(spec: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if ["get", "post", "put", "patch", "delete", "head", "options", "trace"].contains(&method.as_str()) {
                out.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    out
}

/// Path literals in the server's source: `.route("/path", …)` (and `route_service`, `nest`, `nest_service`).
fn source_paths() -> BTreeSet<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for call in [".route(", ".route_service(", ".nest(", ".nest_service("] {
                for piece in text.split(call).skip(1) {
                    let literal = piece.trim_start().strip_prefix('"').and_then(|p| p.split('"').next());
                    let literal = literal.unwrap_or_else(|| {
                        panic!("{}: a `{call}` without a string literal path cannot be checked", path.display())
                    });
                    out.insert(literal.to_string());
                }
            }
        }
    }
    out
}

/// A concrete URI for a path template.
fn concrete(path: &str) -> String {
    path.replace("{id}", "1").replace("{seq}", "1").replace("{task}", "t1")
}

/// Probes the router: which methods does it serve on `path`?
async fn served_methods(h: &Harness, path: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for method in METHODS {
        let r = send_no_stream(&h.app, req(method, &concrete(path))).await;
        assert!(
            r.content_type().starts_with("application/json") || r.status.is_success() || r.status.is_redirection(),
            "{method} {path}: {} with content-type {:?}",
            r.status,
            r.content_type()
        );
        match r.status {
            StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED => {}
            _ => {
                out.insert(method.to_string());
            }
        }
    }
    out
}

#[tokio::test]
async fn the_spec_the_list_and_the_router_agree_on_every_route() {
    let h = harness().await;
    let spec = spec();
    let documented = spec_routes(&spec);
    let listed: BTreeSet<(String, String)> = ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();

    let mut candidates: BTreeSet<String> = documented.iter().map(|(_, p)| p.clone()).collect();
    candidates.extend(listed.iter().map(|(_, p)| p.clone()));
    let in_source = source_paths();
    candidates.extend(in_source.iter().cloned());
    let mut served = BTreeSet::new();
    for path in &candidates {
        for method in served_methods(&h, path).await {
            served.insert((method, path.clone()));
        }
    }

    let diff = |a: &BTreeSet<(String, String)>, b: &BTreeSet<(String, String)>| -> Vec<String> {
        a.difference(b).map(|(m, p)| format!("{m} {p}")).collect()
    };
    assert!(
        diff(&served, &documented).is_empty(),
        "served but missing from openapi.json: {:?}",
        diff(&served, &documented)
    );
    assert!(diff(&documented, &served).is_empty(), "in openapi.json but not served: {:?}", diff(&documented, &served));
    assert_eq!(diff(&listed, &served), Vec::<String>::new(), "listed in ROUTES but not served");
    assert_eq!(diff(&served, &listed), Vec::<String>::new(), "served but not listed in ROUTES");
    let source_not_documented: Vec<_> = in_source.iter().filter(|p| !documented.iter().any(|(_, d)| d == *p)).collect();
    assert!(
        source_not_documented.is_empty(),
        "routes in src/*.rs missing from openapi.json: {source_not_documented:?}"
    );
    assert_eq!(served.len(), ROUTES.len());
}

/// Resolves an internal `$ref` (`#/a/b/c`).
fn resolve<'a>(spec: &'a Value, reference: &str) -> &'a Value {
    let pointer = reference.strip_prefix('#').unwrap_or_else(|| panic!("external $ref {reference}"));
    spec.pointer(pointer).unwrap_or_else(|| panic!("dangling $ref {reference}"))
}

fn deref<'a>(spec: &'a Value, v: &'a Value) -> &'a Value {
    match v.get("$ref").and_then(Value::as_str) {
        Some(r) => deref(spec, resolve(spec, r)),
        None => v,
    }
}

fn walk_refs(spec: &Value, v: &Value, found: &mut usize) {
    match v {
        Value::Object(map) => {
            if let Some(r) = map.get("$ref").and_then(Value::as_str) {
                resolve(spec, r);
                *found += 1;
            }
            map.values().for_each(|x| walk_refs(spec, x, found));
        }
        Value::Array(items) => items.iter().for_each(|x| walk_refs(spec, x, found)),
        _ => {}
    }
}

/// Every operation: (METHOD, path, operation object).
fn operations(spec: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            out.push((method.to_uppercase(), path.clone(), op.clone()));
        }
    }
    out
}

#[test]
fn the_spec_is_structurally_sound() {
    let spec = spec();
    assert!(spec["openapi"].as_str().unwrap().starts_with("3.1."), "not OpenAPI 3.1");
    assert!(spec["info"]["title"].is_string() && spec["info"]["version"].is_string());
    let mut refs = 0;
    walk_refs(&spec, &spec, &mut refs);
    assert!(refs > 50, "{refs} refs");

    // The documented body limit is the enforced one.
    assert_eq!(spec["info"]["x-foureyes-max-body-bytes"], json!(MAX_BODY_BYTES));
    assert!(spec["info"]["description"].as_str().unwrap().contains(&MAX_BODY_BYTES.to_string()));

    // Security schemes name what the server reads.
    let schemes = &spec["components"]["securitySchemes"];
    assert_eq!(
        schemes["bearerAuth"],
        json!({"type": "http", "scheme": "bearer", "description": schemes["bearerAuth"]["description"]})
    );
    assert_eq!(
        (schemes["sessionCookie"]["in"].as_str(), schemes["sessionCookie"]["name"].as_str()),
        (Some("cookie"), Some(SESSION_COOKIE))
    );
    assert_eq!(schemes["csrfHeader"]["in"], "header");
    assert_eq!(schemes["csrfHeader"]["name"].as_str().unwrap().to_ascii_lowercase(), CSRF_HEADER);

    let mut ids = BTreeSet::new();
    for (method, path, op) in operations(&spec) {
        let at = format!("{method} {path}");
        assert!(
            ids.insert(op["operationId"].as_str().unwrap_or_else(|| panic!("{at}: no operationId")).to_string()),
            "{at}: duplicate operationId"
        );
        assert!(op["x-foureyes-roles"].is_array(), "{at}: no x-foureyes-roles");
        let responses = op["responses"].as_object().unwrap_or_else(|| panic!("{at}: no responses"));
        assert!(responses.keys().any(|k| k.starts_with('2') || k.starts_with('3')), "{at}: no success response");
        for (status, response) in responses {
            let response = deref(&spec, response);
            assert!(response["description"].is_string(), "{at} {status}: no description");
            let is_error = status.starts_with('4') || status.starts_with('5');
            if is_error && path != "/healthz" {
                let schema = &response["content"]["application/json"]["schema"];
                assert_eq!(schema["$ref"], "#/components/schemas/Error", "{at} {status}: errors use the Error schema");
            }
        }
        // Path parameters are declared.
        if path.contains("{id}") {
            let params = op["parameters"].as_array().unwrap_or_else(|| panic!("{at}: {{id}} undeclared"));
            assert!(params.iter().any(|p| p["name"] == "id" && p["in"] == "path" && p["required"] == true), "{at}");
        }
        // Authenticated operations document 401; writes by session need the CSRF header.
        let security = op["security"].as_array().unwrap_or_else(|| panic!("{at}: security not stated"));
        if !security.is_empty() {
            assert!(responses.contains_key("401"), "{at}: 401 undocumented");
        }
        if method != "GET" {
            for requirement in security {
                if requirement.get("sessionCookie").is_some() {
                    assert!(requirement.get("csrfHeader").is_some(), "{at}: a session write without X-CSRF-Token");
                }
            }
        }
        // Limits every request can meet (issue 21): the connection cap answers any path 503 with Retry-After; the
        // request timeout answers 408 everywhere but the two long-lived streams; a credential whose refusals come
        // too fast is answered 429 wherever it can be refused.
        assert!(responses.contains_key("503"), "{at}: 503 (connection cap) undocumented");
        let long_lived = path == "/v1/decisions/{id}/wait" || path == "/v1/events";
        assert_eq!(responses.contains_key("408"), !long_lived, "{at}: 408 (request timeout) documented wrongly");
        if !security.is_empty() && (responses.contains_key("400") || responses.contains_key("403")) {
            assert!(responses.contains_key("429"), "{at}: 429 (throttled) undocumented");
        }
        for limited in ["429", "503"] {
            if let Some(r) = responses.get(limited) {
                let r = deref(&spec, r);
                assert!(r["headers"]["Retry-After"].is_object(), "{at} {limited}: Retry-After undocumented");
            }
        }
        if let Some(body) = op.get("requestBody") {
            assert!(
                body["description"].as_str().unwrap().contains(&MAX_BODY_BYTES.to_string()),
                "{at}: limit not stated"
            );
            assert!(responses.contains_key("413") && responses.contains_key("400"), "{at}: 400/413 undocumented");
            let schema = deref(&spec, &body["content"]["application/json"]["schema"]);
            assert_eq!(schema["type"], "object", "{at}");
            assert_eq!(schema["additionalProperties"], false, "{at}: unknown fields are refused, say so");
        }
    }
    // The error shape.
    let error = &spec["components"]["schemas"]["Error"];
    assert_eq!(error["required"], json!(["error"]));
    assert_eq!(error["properties"]["error"]["required"], json!(["code", "message"]));
    assert_eq!(error["properties"]["error"]["additionalProperties"], false);
}

/// Validates against the OpenAPI 3.1 meta-schema with Python's `openapi-spec-validator`, when it is installed.
#[test]
fn the_spec_validates_against_the_openapi_meta_schema() {
    let script =
        "import sys, json\nfrom openapi_spec_validator import validate\nvalidate(json.load(open(sys.argv[1])))\n";
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/openapi.json");
    let probe = std::process::Command::new("python3").args(["-c", "import openapi_spec_validator"]).output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: python3 with openapi-spec-validator is not installed (pip install openapi-spec-validator)");
        return;
    }
    let out = std::process::Command::new("python3").args(["-c", script, file]).output().unwrap();
    assert!(out.status.success(), "openapi.json is not valid OpenAPI 3.1:\n{}", String::from_utf8_lossy(&out.stderr));
}

/// The names serde says it expected: `unknown field `x`, expected one of `a`, `b`, `c``, `… expected `a` or `b``,
/// `… expected `a``.
fn expected_fields(message: &str) -> BTreeSet<String> {
    let Some(rest) = message.split("expected ").nth(1) else { return BTreeSet::new() };
    let rest = rest.strip_prefix("one of ").unwrap_or(rest);
    rest.split(", ")
        .flat_map(|p| p.split(" or "))
        .filter_map(|p| p.trim().strip_prefix('`').and_then(|p| p.split('`').next()))
        .map(String::from)
        .collect()
}

fn token_for(op: &Value) -> Option<&'static str> {
    let roles: Vec<&str> = op["x-foureyes-roles"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    if roles.contains(&"agent") {
        Some(AGENT)
    } else if roles.contains(&"admin") && !roles.contains(&"approver") {
        Some(ADMIN)
    } else if roles.contains(&"approver") {
        Some(APPROVER)
    } else if roles.contains(&"runner") {
        Some(RUNNER)
    } else {
        None
    }
}

#[tokio::test]
async fn documented_request_fields_and_query_parameters_are_the_ones_the_handlers_accept() {
    let h = harness().await;
    let spec = spec();
    let mut checked = 0;
    for (method, path, op) in operations(&spec) {
        let at = format!("{method} {path}");
        // The sign-in body carries the credential itself.
        let token = if path == "/console/session" { None } else { token_for(&op) };
        let with_auth = |r: Req| match token {
            Some(t) => r.token(t),
            None => r,
        };
        if let Some(body) = op.get("requestBody") {
            let schema = deref(&spec, &body["content"]["application/json"]["schema"]);
            let documented: BTreeSet<String> = schema["properties"].as_object().unwrap().keys().cloned().collect();
            let r = h.send(with_auth(req(&method, &concrete(&path))).json(&json!({"__probe__": 1}))).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{at}: {}", r.text());
            let accepted = expected_fields(r.json()["error"]["message"].as_str().unwrap());
            assert_eq!(
                accepted, documented,
                "{at}: the handler accepts {accepted:?}, the spec documents {documented:?}"
            );

            let required: BTreeSet<String> = schema["required"]
                .as_array()
                .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
                .unwrap_or_default();
            let r = h.send(with_auth(req(&method, &concrete(&path))).json(&json!({}))).await;
            let message = r.text();
            if let Some(missing) = message.split("missing field `").nth(1).and_then(|m| m.split('`').next()) {
                assert!(required.contains(missing), "{at}: `{missing}` is required by the handler, not by the spec");
            } else {
                assert!(
                    required.is_empty(),
                    "{at}: the spec requires {required:?}, the handler took `{{}}`: {message}"
                );
            }
            checked += 1;
        }
        let query: BTreeSet<String> = op["parameters"]
            .as_array()
            .map(|ps| {
                ps.iter().filter(|p| p["in"] == "query").map(|p| p["name"].as_str().unwrap().to_string()).collect()
            })
            .unwrap_or_default();
        if !query.is_empty() {
            let r = send_no_stream(&h.app, with_auth(req(&method, &format!("{}?__probe__=1", concrete(&path))))).await;
            assert_eq!(
                r.status,
                StatusCode::BAD_REQUEST,
                "{at}: unknown query parameters must be refused: {}",
                r.text()
            );
            let accepted = expected_fields(r.json()["error"]["message"].as_str().unwrap());
            assert_eq!(accepted, query, "{at}: the handler reads {accepted:?}, the spec documents {query:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 30, "21 bodies and 9 query strings");
}

#[tokio::test]
async fn documented_roles_and_statuses_match_behaviour() {
    let h = harness().await;
    // An executor serving `bot`: probed like the other roles (the probes name no existing decision, so `bot`'s own
    // reports answer 404 before its executor would matter).
    h.store.create_executor("runner", "bot", &sha256_hex(EXECUTOR.as_bytes()), h.now()).await.unwrap();
    let spec = spec();
    let mut failures = Vec::new();
    for (method, path, op) in operations(&spec) {
        let at = format!("{method} {path}");
        let security = op["security"].as_array().unwrap();
        let responses = op["responses"].as_object().unwrap();
        let mut seen: BTreeMap<u16, String> = BTreeMap::new();
        let uri = concrete(&path).replace("/1", "/999999");
        // Without a credential.
        let r = send_no_stream(&h.app, req(&method, &uri)).await;
        seen.insert(r.status.as_u16(), "no credential".into());
        if security.iter().any(|s| s.get("bearerAuth").is_some()) {
            let roles: Vec<&str> =
                op["x-foureyes-roles"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            for (role, token) in [("agent", AGENT), ("approver", APPROVER), ("admin", ADMIN), ("executor", EXECUTOR)] {
                let mut r = req(&method, &uri).token(token);
                if op.get("requestBody").is_some() {
                    r = r.json(&json!({}));
                }
                let r = send_no_stream(&h.app, r).await;
                let forbidden = r.status == StatusCode::FORBIDDEN;
                if forbidden == roles.contains(&role) {
                    failures.push(format!(
                        "{at}: as {role} got {} (documented roles {roles:?}) {}",
                        r.status,
                        r.text()
                    ));
                }
                seen.insert(r.status.as_u16(), role.into());
            }
        }
        if op.get("requestBody").is_some() {
            let token = if path == "/console/session" { None } else { token_for(&op) };
            let mut r = req(&method, &uri).raw(vec![b' '; MAX_BODY_BYTES + 1]);
            if let Some(t) = token {
                r = r.token(t);
            }
            let r = send_no_stream(&h.app, r).await;
            seen.insert(r.status.as_u16(), "oversized body".into());
        }
        for (status, how) in seen {
            if !responses.contains_key(&status.to_string()) {
                failures.push(format!("{at}: answered {status} ({how}) but does not document it"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A small JSON Schema check, enough for this spec: `$ref`, `oneOf`, `const`, `enum`, `type` (one or several),
/// `required`, `properties`, `additionalProperties: false`, `items`, `minItems`, `minimum`, `maximum`, `minLength`.
fn check(spec: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    let schema = deref(spec, schema);
    if let Some(branches) = schema.get("oneOf").and_then(Value::as_array) {
        let fits = branches.iter().filter(|b| {
            let mut e = Vec::new();
            check(spec, b, value, at, &mut e);
            e.is_empty()
        });
        if fits.count() != 1 {
            errors.push(format!("{at}: {value} matches not exactly one of {branches:?}"));
        }
        return;
    }
    if let Some(c) = schema.get("const")
        && c != value
    {
        errors.push(format!("{at}: {value} is not {c}"));
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array)
        && !options.contains(value)
    {
        errors.push(format!("{at}: {value} is not one of {options:?}"));
    }
    if let Some(ty) = schema.get("type") {
        let types: Vec<&str> = match ty {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let fits = |t: &str| match t {
            "null" => value.is_null(),
            "boolean" => value.is_boolean(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "string" => value.is_string(),
            "array" => value.is_array(),
            "object" => value.is_object(),
            _ => false,
        };
        if !types.iter().any(|t| fits(t)) {
            errors.push(format!("{at}: {value} is not of type {types:?}"));
            return;
        }
    }
    if let (Some(min), Some(v)) = (schema.get("minimum").and_then(Value::as_f64), value.as_f64())
        && v < min
    {
        errors.push(format!("{at}: {v} < {min}"));
    }
    if let (Some(max), Some(v)) = (schema.get("maximum").and_then(Value::as_f64), value.as_f64())
        && v > max
    {
        errors.push(format!("{at}: {v} > {max}"));
    }
    if let (Some(min), Some(s)) = (schema.get("minLength").and_then(Value::as_u64), value.as_str())
        && (s.chars().count() as u64) < min
    {
        errors.push(format!("{at}: {s:?} is shorter than {min}"));
    }
    if let Some(map) = value.as_object() {
        let props = schema.get("properties").and_then(Value::as_object);
        for required in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
            if !map.contains_key(required.as_str().unwrap()) {
                errors.push(format!("{at}: missing required `{required}`"));
            }
        }
        for (k, v) in map {
            match props.and_then(|p| p.get(k)) {
                Some(s) => check(spec, s, v, &format!("{at}.{k}"), errors),
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    errors.push(format!("{at}: undocumented field `{k}`"));
                }
                None => {}
            }
        }
    }
    if let Some(items) = value.as_array() {
        if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
            && (items.len() as u64) < min
        {
            errors.push(format!("{at}: fewer than {min} items"));
        }
        if let Some(item_schema) = schema.get("items") {
            for (i, item) in items.iter().enumerate() {
                check(spec, item_schema, item, &format!("{at}[{i}]"), errors);
            }
        }
    }
}

/// Real responses from a whole scenario, checked against the schemas the spec documents for their status.
#[tokio::test]
async fn responses_match_their_documented_schemas() {
    let h = harness().await;
    let spec = spec();
    let (deferral, approval, digest, body) = h.deferral(50.0).await;
    let (_, rejected, rejected_digest, _) = h.deferral(51.0).await;
    let executed = h.executed().await;
    let permit = h.permit().await;
    let (session, csrf) = h.session(APPROVER2).await;
    let cookie = Auth::Cookie { session, csrf: Some(csrf) };
    // An executor, so `GET /v1/me` is checked with `serves` too.
    h.store.create_executor("runner", "bot", &sha256_hex(EXECUTOR.as_bytes()), h.now()).await.unwrap();
    let dry = json!({"request_id": "dry", "action": "climate.set_temperature", "dry_run": true,
                     "params": {"zone": "living", "celsius": 20}});
    let calls: Vec<(&str, Req)> = vec![
        ("post /v1/decide", req("POST", "/v1/decide").token(AGENT).json(&dry)),
        ("post /v1/decide", req("POST", "/v1/decide").token(AGENT).json(&body)),
        ("post /v1/decide", req("POST", "/v1/decide").token(AGENT).raw("[]")),
        ("get /v1/decisions", req("GET", "/v1/decisions?status=all&limit=50").token(APPROVER)),
        ("get /v1/decisions/{id}", req("GET", &format!("/v1/decisions/{deferral}")).token(AGENT)),
        ("get /v1/decisions/{id}", req("GET", "/v1/decisions/999").token(AGENT)),
        ("get /v1/decisions/{id}/wait", req("GET", &format!("/v1/decisions/{deferral}/wait?timeout=0")).token(AGENT)),
        ("get /v1/decisions/{id}/wait", req("GET", &format!("/v1/decisions/{permit}/wait")).token(AGENT)),
        (
            "post /v1/decisions/{id}/report",
            req("POST", &format!("/v1/decisions/{permit}/report")).token(AGENT).json(&json!({"outcome": "failed"})),
        ),
        ("post /v1/decisions/{id}/undo", req("POST", &format!("/v1/decisions/{executed}/undo")).token(AGENT)),
        ("get /v1/approvals", req("GET", "/v1/approvals?status=pending").token(APPROVER)),
        ("get /v1/approvals/{id}", req("GET", &format!("/v1/approvals/{approval}")).auth(&cookie)),
        (
            "post /v1/approvals/{id}/approve",
            req("POST", &format!("/v1/approvals/{approval}/approve")).auth(&cookie).json(&json!({"digest": digest})),
        ),
        (
            "post /v1/approvals/{id}/approve",
            req("POST", &format!("/v1/approvals/{approval}/approve")).token(APPROVER).json(&json!({"digest": digest})),
        ),
        (
            "post /v1/approvals/{id}/reject",
            req("POST", &format!("/v1/approvals/{rejected}/reject"))
                .token(ADMIN)
                .json(&json!({"reason": "no", "digest": rejected_digest})),
        ),
        ("post /v1/decide", req("POST", "/v1/decide").token(AGENT).json(&body)),
        ("get /v1/kill-switch", req("GET", "/v1/kill-switch").token(AGENT)),
        ("post /v1/kill-switch", req("POST", "/v1/kill-switch").token(ADMIN).json(&json!({"engaged": false}))),
        ("get /v1/journal", req("GET", "/v1/journal?after_seq=0&limit=1000").token(ADMIN)),
        ("get /v1/journal/verify", req("GET", "/v1/journal/verify").token(ADMIN)),
        ("get /v1/policy", req("GET", "/v1/policy").token(AGENT)),
        ("post /v1/policy/reload", req("POST", "/v1/policy/reload").token(ADMIN)),
        ("get /v1/me", req("GET", "/v1/me").token(AGENT)),
        ("get /v1/me", req("GET", "/v1/me").token(EXECUTOR)),
        ("get /v1/me", req("GET", "/v1/me").auth(&cookie)),
        ("get /v1/me", req("GET", "/v1/me").token("tok-nobody")),
        ("get /healthz", req("GET", "/healthz")),
        ("get /console/session", req("GET", "/console/session").auth(&cookie)),
        ("post /console/session", req("POST", "/console/session").json(&json!({"token": ADMIN}))),
        ("post /console/session", req("POST", "/console/session").json(&json!({"token": AGENT}))),
        ("get /console/signin", req("GET", "/console/signin?code=x")),
    ];
    let mut errors = Vec::new();
    let mut checked = 0;
    for (operation, r) in calls {
        let resp = h.send(r).await;
        let (method, path) = operation.split_once(' ').unwrap();
        let op = &spec["paths"][path][method];
        let documented = deref(&spec, &op["responses"][resp.status.as_str()]);
        let Some(schema) = documented.get("content").and_then(|c| c.get("application/json")).map(|c| &c["schema"])
        else {
            errors.push(format!("{method} {path}: {} has no documented JSON schema", resp.status));
            continue;
        };
        check(&spec, schema, &resp.json(), &format!("{method} {path} {}", resp.status), &mut errors);
        checked += 1;
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_eq!(checked, 31);
}
