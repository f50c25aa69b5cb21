//! JSON-RPC 2.0 as far as the proxy needs it: classifying a raw message without copying it (an [`Envelope`] of
//! borrowed raw values), keys for matching responses to requests, and the messages the proxy writes itself
//! (errors and `tools/call` results).

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use std::borrow::Cow;

/// JSON-RPC: invalid JSON was received.
pub const PARSE_ERROR: i64 = -32700;
/// JSON-RPC: the JSON sent is not a valid request object.
pub const INVALID_REQUEST: i64 = -32600;
/// JSON-RPC: invalid method parameters.
pub const INVALID_PARAMS: i64 = -32602;
/// JSON-RPC: internal error.
pub const INTERNAL_ERROR: i64 = -32603;

/// The `_meta` key under which the proxy puts its machine-readable decision.
pub const META_KEY: &str = "dev.foureyes/decision";

/// The top-level members of a message the proxy looks at. Everything else is skipped (but still checked to be
/// valid JSON by the parser), and nothing is copied.
#[derive(Debug, Deserialize)]
pub struct Envelope<'a> {
    #[serde(default, borrow)]
    pub id: Option<&'a RawValue>,
    #[serde(default, borrow)]
    pub method: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub params: Option<&'a RawValue>,
    #[serde(default, borrow)]
    pub result: Option<&'a RawValue>,
    #[serde(default, borrow)]
    pub error: Option<&'a RawValue>,
}

/// What a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Request,
    Notification,
    Response,
    /// An object that is none of the above.
    Invalid,
}

impl Envelope<'_> {
    pub fn kind(&self) -> Kind {
        let has_id = self.id.is_some_and(|id| id.get() != "null");
        match (&self.method, has_id) {
            // A `tools/call` must be answerable, so it must carry an id. Without one (or with `"id": null`, which
            // JSON-RPC servers may still run as a request) it would pass as a notification, ungated: refuse it.
            (Some(m), false) if m.as_ref() == "tools/call" => Kind::Invalid,
            // An id that peers read as another id (ADR-170) would let one request's answer be taken for another's.
            (Some(_), true) if !self.id.is_some_and(unambiguous_id) => Kind::Invalid,
            (Some(_), true) => Kind::Request,
            (Some(_), false) => Kind::Notification,
            (None, _) if self.result.is_some() || self.error.is_some() => Kind::Response,
            (None, _) => Kind::Invalid,
        }
    }

    /// Why a message is [`Kind::Invalid`], for the error that answers it.
    pub fn invalid_reason(&self) -> &'static str {
        match (&self.method, self.id) {
            (Some(_), Some(id)) if id.get() != "null" && !unambiguous_id(id) => {
                "Invalid Request: a request id must be a string or an integer written as digits (at most 2^53-1 \
                 in size, no fraction, exponent or minus zero): servers read `7.0`, `7e0` or `-0` as another id"
            }
            (Some(_), _) => "Invalid Request: a `tools/call` must have an id (a string or an integer)",
            (None, _) => {
                "Invalid Request: a message needs a `method` (request, notification) or a `result`/`error` \
                          (response)"
            }
        }
    }

    /// The id as a value (for echoing it in an answer).
    pub fn id_value(&self) -> Value {
        self.id.and_then(|raw| serde_json::from_str(raw.get()).ok()).unwrap_or(Value::Null)
    }
}

/// Whether every peer reads this request id as exactly the id the proxy keys it by (ADR-170): a string, or an
/// integer in canonical form (`-?(0|[1-9][0-9]*)`, not `-0`) that an IEEE double holds exactly (|n| ≤ 2^53−1).
/// Number ids in other spellings are the same id to some SDKs and a different one to the proxy: rmcp and the
/// Python SDK read `7.0` and `7e0` as `7`, JavaScript reads `9007199254740993` as `9007199254740992` and `-0` as
/// `0`, and all of them answer with their own spelling.
pub fn unambiguous_id(raw: &RawValue) -> bool {
    const MAX_SAFE_DIGITS: &str = "9007199254740991";
    let text = raw.get();
    if text.starts_with('"') {
        return true;
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0";
    canonical
        && (digits.len() < MAX_SAFE_DIGITS.len()
            || (digits.len() == MAX_SAFE_DIGITS.len() && digits <= MAX_SAFE_DIGITS))
}

/// A normalized key for an id, so `"a\u0062"` and `"ab"` match: the compact serialization of its value.
pub fn id_key(id: &Value) -> String {
    id.to_string()
}

/// The key of a raw id.
pub fn raw_id_key(raw: &RawValue) -> String {
    serde_json::from_str::<Value>(raw.get()).map(|v| id_key(&v)).unwrap_or_else(|_| raw.get().to_string())
}

/// Parses one message, telling a syntax error (`-32700`) from valid JSON of the wrong shape (`-32600`).
pub fn parse_envelope(bytes: &[u8]) -> Result<Envelope<'_>, (i64, String)> {
    serde_json::from_slice::<Envelope<'_>>(bytes).map_err(|e| classify(&e))
}

/// Parses a batch into its raw elements.
pub fn parse_batch(bytes: &[u8]) -> Result<Vec<&RawValue>, (i64, String)> {
    serde_json::from_slice::<Vec<&RawValue>>(bytes).map_err(|e| classify(&e))
}

fn classify(e: &serde_json::Error) -> (i64, String) {
    use serde_json::error::Category;
    match e.classify() {
        Category::Data => (INVALID_REQUEST, format!("Invalid Request: not a JSON-RPC message ({e})")),
        Category::Syntax | Category::Eof | Category::Io => (PARSE_ERROR, format!("Parse error: {e}")),
    }
}

/// A JSON-RPC error response.
pub fn error_response(id: &Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// A `tools/call` result the proxy answers itself: a text the model can act on, `isError: true`, and the
/// decision in `_meta` (no `structuredContent`: there is no tool output to describe).
pub fn tool_error_result(id: &Value, text: &str, meta: Value) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "result": {
            "content": [{"type": "text", "text": text}],
            "isError": true,
            "_meta": {META_KEY: meta},
        }
    })
}

/// Serializes a message the proxy writes itself (never fails for a `Value`; an empty frame would be skipped).
pub fn to_frame(message: &Value) -> Vec<u8> {
    serde_json::to_vec(message).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn messages_are_classified_without_copying() {
        let k = |s: &str| parse_envelope(s.as_bytes()).unwrap().kind();
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#), Kind::Request);
        assert_eq!(k(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#), Kind::Notification);
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#), Kind::Response);
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"x"}}"#), Kind::Response);
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":1}"#), Kind::Invalid);
        // A tools/call without a usable id is never a notification: it would reach the upstream ungated.
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"x"}}"#), Kind::Invalid);
        assert_eq!(k(r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}"#), Kind::Invalid);
        assert_eq!(k(r#"{"jsonrpc":"2.0","method":"tools\/call","params":{"name":"x"}}"#), Kind::Invalid);
        let escaped = parse_envelope(br#"{"id":"a\u0062","method":"tools\/call"}"#).unwrap();
        assert_eq!(escaped.method.as_deref(), Some("tools/call"));
        assert_eq!(raw_id_key(escaped.id.unwrap()), id_key(&json!("ab")));
    }

    #[test]
    fn request_ids_that_peers_read_as_another_id_are_invalid() {
        let k = |id: &str| {
            let text = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
            let envelope = parse_envelope(text.as_bytes()).unwrap();
            (envelope.kind(), envelope.invalid_reason().contains("request id"))
        };
        for id in ["7", "0", "-7", "\"7\"", "\"7.0\"", "9007199254740991", "-9007199254740991"] {
            assert_eq!(k(id).0, Kind::Request, "{id}");
        }
        // Integral floats (rmcp, Python), past 2^53 (JavaScript), minus zero (JavaScript), not a string or a number.
        for id in
            ["7.0", "7e0", "0.7e1", "70E-1", "-0", "9007199254740992", "99999999999999999999", "true", "[7]", "{}"]
        {
            assert_eq!(k(id), (Kind::Invalid, true), "{id}");
        }
    }

    #[test]
    fn syntax_errors_and_wrong_shapes_get_different_codes() {
        assert_eq!(parse_envelope(b"{\"id\":1,").unwrap_err().0, PARSE_ERROR);
        assert_eq!(parse_envelope(b"not json").unwrap_err().0, PARSE_ERROR);
        assert_eq!(parse_envelope(b"42").unwrap_err().0, INVALID_REQUEST);
        assert_eq!(parse_envelope(br#"{"method":5}"#).unwrap_err().0, INVALID_REQUEST);
        assert_eq!(parse_batch(b"[1, {\"a\":2}]").unwrap().len(), 2);
    }
}
