//! Canonical JSON (RFC 8785, via `serde_json_canonicalizer`) and SHA-256 digests over it.
//!
//! Every hash FourEyes computes (action digests, journal event hashes, request fingerprints) is taken over the
//! canonical form, so two processes that serialize the same value differently still agree on its hash.

use serde::Serialize;
use sha2::{Digest, Sha256};

/// Canonical JSON text of `value` (RFC 8785 / JCS).
pub fn to_canonical_string<T: Serialize>(value: &T) -> String {
    // Serializing our own types into JSON cannot fail: they hold no maps with non-string keys and no floats that
    // are not finite (serde_json refuses NaN at construction).
    serde_json_canonicalizer::to_string(value).expect("canonical JSON of a serializable value")
}

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Lower-case hex SHA-256 of the canonical JSON of `value`.
pub fn canonical_sha256<T: Serialize>(value: &T) -> String {
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
    fn different_values_differ() {
        assert_ne!(canonical_sha256(&json!({"a": 1})), canonical_sha256(&json!({"a": 2})));
    }
}
