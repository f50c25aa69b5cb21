//! Strict JSON reading (ADR-930, ADR-934): one JSON value, and no object in it with a key twice. Peers disagree on
//! which of two values for one key they keep (serde_json, Python's `json`, JavaScript and Go the last; cJSON,
//! Python's `object_pairs_hook` readers and several streaming parsers the first), so a text FourEyes checked with one
//! reading could be acted on with the other: the MCP proxy reads every message of both its peers with it, and the
//! pin checks read a journaled definition text with it.

use serde::Deserialize;
use serde_json::Value;

/// Parses one whole JSON value and refuses an object that has a key twice, at any depth (ADR-930, attack 26's P5):
/// peers disagree on which of two values they keep (serde_json, Python, JavaScript and Go the last, cJSON the
/// first), so a message the proxy checked with one reading could be shown to the model with the other. Keys are
/// compared after unescaping (`"a\u0062"` is `"ab"`). Anything after the value but whitespace is an error too.
pub fn parse_strict(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    // Checked first, then read: with `arbitrary_precision` a number reaches a visitor as a one-key map, which the
    // check passes and a hand-built `Value` would get wrong.
    one_value(bytes)?;
    serde_json::from_slice(bytes)
}

/// Whether `bytes` are exactly one JSON value with no key twice in an object (ADR-930, ADR-931, ADR-934): the check of
/// [`parse_strict`] without building the value. A BOM, a second value or trailing text fails it.
pub fn one_value(bytes: &[u8]) -> Result<(), serde_json::Error> {
    serde_json::from_slice::<NoDuplicate>(bytes).map(|_| ())
}

/// Reads a JSON value for nothing but refusing a key given twice in one object (see [`parse_strict`]).
struct NoDuplicate;

impl<'de> Deserialize<'de> for NoDuplicate {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<NoDuplicate, D::Error> {
        deserializer.deserialize_any(NoDuplicate)
    }
}

impl<'de> serde::de::Visitor<'de> for NoDuplicate {
    type Value = NoDuplicate;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<NoDuplicate, E> {
        Ok(NoDuplicate)
    }
    fn visit_i64<E>(self, _: i64) -> Result<NoDuplicate, E> {
        Ok(NoDuplicate)
    }
    fn visit_u64<E>(self, _: u64) -> Result<NoDuplicate, E> {
        Ok(NoDuplicate)
    }
    fn visit_f64<E>(self, _: f64) -> Result<NoDuplicate, E> {
        Ok(NoDuplicate)
    }
    fn visit_str<E>(self, _: &str) -> Result<NoDuplicate, E> {
        Ok(NoDuplicate)
    }
    fn visit_unit<E>(self) -> Result<NoDuplicate, E> {
        Ok(NoDuplicate)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<NoDuplicate, A::Error> {
        while seq.next_element::<NoDuplicate>()?.is_some() {}
        Ok(NoDuplicate)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<NoDuplicate, A::Error> {
        let mut keys = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !keys.insert(key.clone()) {
                return Err(serde::de::Error::custom(format_args!(
                    "the key {} appears twice in one object (peers keep different ones)",
                    Value::String(key)
                )));
            }
            map.next_value::<NoDuplicate>()?;
        }
        Ok(NoDuplicate)
    }
}
