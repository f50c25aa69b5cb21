//! Canonical JSON (RFC 8785, written by [`jcs`]: the bytes `serde_json_canonicalizer` writes, faster) and SHA-256
//! digests over it.
//!
//! Every hash FourEyes computes (action digests, journal event hashes, request fingerprints) is taken over the
//! canonical form, so two processes that serialize the same value differently still agree on its hash.

use serde::Serialize;
use sha2::{Digest, Sha256};

mod direct;
mod jcs;

/// The canonical text of `value`, or the serializer's error.
pub(crate) fn try_canonical<T: ?Sized + Serialize>(value: &T) -> Option<String> {
    jcs::to_vec(value).ok().and_then(|bytes| String::from_utf8(bytes).ok())
}

/// Canonical JSON text of `value` (RFC 8785 / JCS).
///
/// Numbers keep their text in serde_json (`arbitrary_precision`, ADR-110), so a number beyond an IEEE double
/// (`1e400`) can reach here in refused input or in a call the MCP proxy keys; RFC 8785 cannot write it, and such a
/// number is written as its text in a string instead (the door refuses it before judging, so no digest that a human
/// approves ever holds one).
pub fn to_canonical_string<T: ?Sized + Serialize>(value: &T) -> String {
    match try_canonical(value) {
        Some(text) => text,
        None => {
            // Our own types hold no maps with non-string keys, so the only failure left is a non-finite number.
            let mut tree = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
            strings_for_non_finite(&mut tree);
            try_canonical(&tree).unwrap_or_default()
        }
    }
}

fn strings_for_non_finite(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) if !n.as_f64().is_some_and(f64::is_finite) => {
            *value = serde_json::Value::String(n.to_string());
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strings_for_non_finite),
        serde_json::Value::Object(map) => map.values_mut().for_each(strings_for_non_finite),
        _ => {}
    }
}

/// Canonical JSON text of `value` if every reader takes it back exactly as written, else why not (ADR-372): no
/// integer beyond ±(2^53 − 1) (RFC 8785 writes it as a rounded double), no nesting deeper than 100 levels. The
/// journal's events are written through it, so a door never seals an event its own reader refuses.
pub fn to_readable_string<T: ?Sized + Serialize>(value: &T) -> Result<String, String> {
    let bytes = jcs::to_vec_readable(value).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// The journal text of an event's data: [`to_readable_string`]'s, byte for byte, with the same refusals; a
/// `decided` event's is written straight into bytes in its canonical order (ADR-1022, [`direct`]), every other
/// kind's (and any `decided` event the direct writer leaves to the general one) by the general writer.
pub fn to_journal_text(data: &crate::event::EventData) -> Result<String, String> {
    let direct = match data {
        crate::event::EventData::Decided(decided) => direct::decided(decided),
        _ => None,
    };
    let Some(bytes) = direct else {
        return to_readable_string(data);
    };
    let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
    // Every debug build (every test that appends a decision) checks the direct text against the general writer's.
    debug_assert_eq!(Ok(&text), to_readable_string(data).as_ref(), "the direct journal text differs (ADR-1022)");
    Ok(text)
}

/// Appends `text` as a JSON string escaped exactly as `serde_json` (and the canonical writer) escapes it: `"` and
/// `\`, and the controls below U+0020 (`\b \f \n \r \t`, else `\u00xx`); for writers that produce the same bytes
/// as `serde_json` without going through serde (ADR-1023).
pub fn push_json_string(out: &mut Vec<u8>, text: &str) {
    direct::string(out, text);
}

/// Appends `value` as `rust_decimal::serde::str` writes it, in a JSON string (ADR-1023).
pub fn push_decimal_string(out: &mut Vec<u8>, value: &rust_decimal::Decimal) {
    // Writing a decimal cannot fail: its mantissa has at most 29 digits and its scale at most 28.
    let _ = direct::decimal(out, value);
}

/// Appends an integer's digits, as `serde_json` writes an `i64` (ADR-1023).
pub fn push_integer(out: &mut Vec<u8>, value: i64) {
    direct::digits(out, value);
}

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Lower-case hex SHA-256 of the canonical JSON of `value`.
pub fn canonical_sha256<T: ?Sized + Serialize>(value: &T) -> String {
    sha256_hex(to_canonical_string(value).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn key_order_and_whitespace_do_not_change_the_digest() {
        let a: serde_json::Value = serde_json::from_str(r#"{"b": 1, "a": [1, 2.50]}"#).unwrap();
        let b: serde_json::Value = serde_json::from_str(r#"{"a":[1,2.5],"b":1}"#).unwrap();
        assert_eq!(canonical_sha256(&a), canonical_sha256(&b));
        assert_eq!(to_canonical_string(&a), r#"{"a":[1,2.5],"b":1}"#);
    }

    #[test]
    fn a_number_beyond_a_double_is_written_as_its_text_not_a_panic() {
        let v: serde_json::Value = serde_json::from_str(r#"{"n": 1e400, "m": 2}"#).unwrap();
        assert_eq!(to_canonical_string(&v), r#"{"m":2,"n":"1e+400"}"#);
    }

    #[test]
    fn different_values_differ() {
        assert_ne!(canonical_sha256(&json!({"a": 1})), canonical_sha256(&json!({"a": 2})));
    }
}
