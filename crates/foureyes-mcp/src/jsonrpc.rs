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
            // A method name another reader takes for a gated method would pass ungated (ADR-382).
            (Some(m), _) if !plain_method(m) => Kind::Invalid,
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
            (Some(m), _) if !plain_method(m) => {
                "Invalid Request: a method name must be printable ASCII without spaces or control characters, and a \
                 method FourEyes gates in exactly its own case: a server written in C reads `tools/call\\u0000` as \
                 `tools/call`, a case-insensitive router `Tools/Call` (nothing was forwarded)"
            }
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

/// The methods whose requests the proxy gates or checks (a call, a pinned read, a watched listing).
const GATED_METHODS: [&str; 7] = [
    "tools/call",
    "resources/read",
    "prompts/get",
    "tools/list",
    "resources/list",
    "resources/templates/list",
    "prompts/list",
];

/// Whether every peer reads this method name as the method the proxy classified it as (ADR-382): printable ASCII
/// without spaces, and not a gated method in another case. Anything else is one method to the proxy (an unknown
/// one, forwarded ungated) and a gated one to some server: C servers read a JSON string through a NUL-terminated
/// buffer (cJSON, jansson: `"tools/call\u0000"` is `tools/call`), some routers trim or fold case. MCP's methods
/// are all plain ASCII, so no real client is refused.
pub fn plain_method(method: &str) -> bool {
    !method.is_empty()
        && method.bytes().all(|b| b.is_ascii_graphic())
        && !GATED_METHODS.iter().any(|gated| gated.eq_ignore_ascii_case(method) && *gated != method)
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
        // A string is one id to every peer, unless the Python SDK reads it as a number other than its digits
        // (`" 7"`, `"07"`, `"+7"`, `"7_0"`, `"٧"`, `"-0"`: `int()` takes them all as `7` or `0`, ADR-280).
        return serde_json::from_str::<String>(text)
            .is_ok_and(|s| canonical_integer(&s) || !python_reads_as_integer(&s));
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

/// Whether `text` is an integer written as digits in canonical form: `-?(0|[1-9][0-9]*)`, not `-0`.
fn canonical_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0"
}

/// Whether Python's `int()` could read `text` as an integer (a superset: surrounding whitespace, a sign, any
/// Unicode digits, single underscores between them). The Python SDK correlates request ids through
/// `coerce_request_id`, which is `int(id)` for a string id that `int()` accepts.
fn python_reads_as_integer(text: &str) -> bool {
    let space = |c: char| c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c);
    let body = text.trim_matches(space);
    let body = body.strip_prefix(['+', '-']).unwrap_or(body);
    !body.is_empty()
        && !body.starts_with('_')
        && !body.ends_with('_')
        && !body.contains("__")
        && body.chars().all(|c| c.is_numeric() || c == '_')
}

/// The key under which a request holds its id while it is in flight (ADR-61, ADR-280): [`id_key`], except that a
/// string of canonical digits is keyed as that integer, because the Python SDK reads `"7"` and `7` as one request
/// (`coerce_request_id`): the two cannot be in flight at once.
pub fn flight_key(id: &Value) -> String {
    match id {
        Value::String(s) if canonical_integer(s) => s.clone(),
        other => id_key(other),
    }
}

/// [`flight_key`] of an [`id_key`].
pub fn flight_key_of(key: &str) -> String {
    serde_json::from_str::<Value>(key).map(|v| flight_key(&v)).unwrap_or_else(|_| key.to_string())
}

/// The in-flight key a `notifications/cancelled` names with its `requestId`, under the reading any peer gives it
/// (ADR-280): an integral number in any spelling (`7.0`, `7e0`, `-0`: TypeScript and rmcp read the integer), a
/// string of canonical digits (the Python SDK reads the integer), any other string as itself. `None` when no peer
/// reads it as an id a request of this client could hold (a fraction, a boolean, an object, a number past 2^53).
pub fn cancel_target(request_id: &RawValue) -> Option<String> {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    let value: Value = serde_json::from_str(request_id.get()).ok()?;
    match &value {
        Value::String(_) => Some(flight_key(&value)),
        Value::Number(_) if unambiguous_id(request_id) => Some(flight_key(&value)),
        Value::Number(n) => {
            let x = n.as_f64()?;
            // `as` is exact here: an integral value within ±(2^53−1).
            #[allow(clippy::cast_possible_truncation)]
            (x.is_finite() && x.fract() == 0.0 && x.abs() <= MAX_SAFE).then(|| (x as i64).to_string())
        }
        _ => None,
    }
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

/// ADR-930's strict reading, whose one home is `foureyes_core::strict_json` (ADR-934: the pin checks of the CLI and
/// the server read journaled definition texts with it too).
pub use foureyes_core::strict_json::{one_value, parse_strict};

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
        // A method another reader takes for a gated one (ADR-382).
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call\u0000","params":{}}"#), Kind::Invalid);
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":1,"method":"Tools/Call","params":{}}"#), Kind::Invalid);
        assert_eq!(k(r#"{"jsonrpc":"2.0","method":"notifications/x ","params":{}}"#), Kind::Invalid);
        assert_eq!(k(r#"{"jsonrpc":"2.0","id":1,"method":"vendor/Custom_Method-2","params":{}}"#), Kind::Request);
        assert_eq!(raw_id_key(escaped.id.unwrap()), id_key(&json!("ab")));
    }

    #[test]
    fn strings_the_python_sdk_reads_as_another_number_are_invalid_ids() {
        let k = |id: &str| {
            let text = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
            parse_envelope(text.as_bytes()).unwrap().kind()
        };
        for id in [r#""7""#, r#""-7""#, r#""0""#, r#""a7""#, r#""7a""#, r#""""#, r#""x_1""#, r#""1.5""#] {
            assert_eq!(k(id), Kind::Request, "{id}");
        }
        for id in [r#"" 7""#, r#""07""#, r#""+7""#, r#""7_0""#, "\"\u{0667}\"", r#""-0""#, r#""7\n""#, r#""\u0037 ""#] {
            assert_eq!(k(id), Kind::Invalid, "{id}");
        }
    }

    #[test]
    fn an_id_and_its_digits_as_a_string_hold_one_flight_key() {
        assert_eq!(flight_key(&json!(7)), flight_key(&json!("7")));
        assert_eq!(flight_key(&json!(-7)), flight_key(&json!("-7")));
        assert_ne!(flight_key(&json!("a")), flight_key(&json!("\"a\"")));
        assert_ne!(flight_key(&json!("07")), flight_key(&json!(7)));
        assert_eq!(flight_key_of(&id_key(&json!("7"))), "7");
    }

    #[test]
    fn a_cancellation_names_the_request_every_peer_reads_in_it() {
        let target = |text: &str| cancel_target(&serde_json::from_str::<Box<RawValue>>(text).unwrap());
        for spelling in ["7", "7.0", "7e0", "0.7e1", "70E-1", "\"7\""] {
            assert_eq!(target(spelling).as_deref(), Some("7"), "{spelling}");
        }
        assert_eq!(target("-0").as_deref(), Some("0"));
        assert_eq!(target("\"abc\"").as_deref(), Some("\"abc\""));
        for spelling in ["7.5", "true", "null", "[7]", "{}", "9007199254740993", "1e400"] {
            assert_eq!(target(spelling), None, "{spelling}");
        }
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
    fn a_duplicate_key_at_any_depth_is_refused_by_the_strict_reading() {
        assert!(parse_strict(br#"{"a":1,"a":2}"#).unwrap_err().to_string().contains("twice"));
        assert!(parse_strict(br#"{"r":{"t":[{"d":"EVIL","d":"v0"}]}}"#).is_err());
        assert!(parse_strict(br#"{"ab":1,"a\u0062":2}"#).is_err());
        assert!(parse_strict(br#"{"a":1} {"b":2}"#).is_err());
        assert!(parse_strict(b"\xef\xbb\xbf{}").is_err());
        let v = parse_strict(br#"{"a":[1,2.5,"x",null,true,{"a":1}],"b":{"a":2}}"#).unwrap();
        assert_eq!(v, json!({"a":[1,2.5,"x",null,true,{"a":1}],"b":{"a":2}}));
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
