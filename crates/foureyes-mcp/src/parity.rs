//! Parse parity: the proxy decides on its own parse of a message, and the upstream acts on *its* parse of the
//! bytes the proxy forwards. This module makes sure both parses agree, so that no peer can split, merge or read a
//! forwarded message differently from what was decided (ADR-60, F50).
//!
//! - [`normalize`]: the bytes of a message the proxy has already parsed as valid JSON, with every character that
//!   some real reader takes for a line break rewritten so that no reader can. In valid JSON a raw CR or LF can only
//!   be whitespace (a string must escape them), so it becomes a space; NEL (U+0085), LINE SEPARATOR (U+2028) and
//!   PARAGRAPH SEPARATOR (U+2029) can only sit inside strings (they are not JSON whitespace), so each becomes its
//!   `\uXXXX` escape, which decodes to the same character. Every other byte is kept. The other characters some
//!   reader honours as a line end (VT, FF, FS, GS, RS, NUL…) are control characters, which valid JSON never holds
//!   raw, and a BOM is not JSON whitespace: a message holding one was already refused by the parser.
//! - [`key_collision`]: finds keys that occur twice in one object, or that differ only in case (Go's
//!   `encoding/json` matches field names case-insensitively, folding `K`/`k` with U+212A KELVIN SIGN and `s` with
//!   U+017F LONG S): two peers could pick different values for them, so the message is refused.
//! - [`serialize`]: the proxy's own serialization of a value it decided on, normalized.

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// The bytes of `message` (valid JSON, as the proxy parsed it) with no character any reader takes for a line
/// break: raw CR and LF become spaces, NEL, U+2028 and U+2029 their `\u` escapes. Borrowed when nothing changes.
pub fn normalize(message: &[u8]) -> Cow<'_, [u8]> {
    if !needs_normalizing(message) {
        return Cow::Borrowed(message);
    }
    let mut out = Vec::with_capacity(message.len() + 16);
    let mut i = 0;
    while i < message.len() {
        match message[i] {
            b'\r' | b'\n' => {
                out.push(b' ');
                i += 1;
            }
            0xC2 if message.get(i + 1) == Some(&0x85) => {
                out.extend_from_slice(br"\u0085");
                i += 2;
            }
            0xE2 if message.get(i + 1) == Some(&0x80) && matches!(message.get(i + 2), Some(0xA8 | 0xA9)) => {
                out.extend_from_slice(if message[i + 2] == 0xA8 { br"\u2028" } else { br"\u2029" });
                i += 3;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// Whether [`normalize`] would change anything.
pub fn needs_normalizing(message: &[u8]) -> bool {
    message.iter().enumerate().any(|(i, &b)| match b {
        b'\r' | b'\n' => true,
        0xC2 => message.get(i + 1) == Some(&0x85),
        0xE2 => message.get(i + 1) == Some(&0x80) && matches!(message.get(i + 2), Some(0xA8 | 0xA9)),
        _ => false,
    })
}

/// The proxy's own serialization of `value`: compact JSON, normalized (see [`normalize`]).
pub fn serialize(value: &Value) -> Vec<u8> {
    let bytes = serde_json::to_vec(value).unwrap_or_default();
    match normalize(&bytes) {
        Cow::Borrowed(_) => bytes,
        Cow::Owned(normalized) => normalized,
    }
}

/// The key a case-insensitive reader would match `key` to: lower case, with Go's special folds (U+212A KELVIN
/// SIGN is `k`, U+017F LONG S is `s`).
pub fn fold(key: &str) -> String {
    key.chars()
        .map(|c| match c {
            '\u{212A}' => 'k',
            '\u{017F}' => 's',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The first pair of keys in one object of `json` that are equal or differ only in case (see [`fold`]), as a
/// sentence naming them. `deep`: look into every nested object and array; otherwise only at the top-level object.
/// `None` when there is none (or when `json` is not valid JSON, which the caller refuses on its own).
pub fn key_collision(json: &str, deep: bool) -> Option<String> {
    let mut de = serde_json::Deserializer::from_str(json);
    match (Keys { deep }).deserialize(&mut de) {
        Ok(()) => None,
        Err(e) => {
            let text = e.to_string();
            // serde_json appends " at line L column C"; the message is ours.
            text.strip_prefix(COLLISION).map(|rest| rest.split(" at line ").next().unwrap_or(rest).to_string())
        }
    }
}

const COLLISION: &str = "key collision: ";

#[derive(Clone, Copy)]
struct Keys {
    deep: bool,
}

impl<'de> DeserializeSeed<'de> for Keys {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Keys {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        if self.deep {
            while seq.next_element_seed(self)?.is_some() {}
        } else {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen: Vec<(String, String)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let folded = fold(&key);
            if let Some((first, _)) = seen.iter().find(|(_, f)| *f == folded) {
                let why = if *first == key {
                    format!("the key `{key}` occurs twice in one object")
                } else {
                    format!("the keys `{first}` and `{key}` differ only in case")
                };
                return Err(serde::de::Error::custom(format!("{COLLISION}{why}")));
            }
            seen.push((key, folded));
            if self.deep {
                map.next_value_seed(Keys { deep: true })?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn line_breaks_of_every_reader_are_gone_and_the_value_is_the_same() {
        let raw = "{\"a\":\r{\"b\":\"x\u{2028}y\u{2029}z\u{85}\"}\r\n,\"c\":1}";
        let out = normalize(raw.as_bytes()).into_owned();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "{\"a\": {\"b\":\"x\\u2028y\\u2029z\\u0085\"}  ,\"c\":1}");
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), serde_json::from_str::<Value>(raw).unwrap());
        assert!(matches!(normalize(b"{\"a\":1}"), Cow::Borrowed(_)));
        let own = serialize(&json!({"t": "a\u{2028}b\rc"}));
        assert_eq!(own, br#"{"t":"a\u2028b\rc"}"#.to_vec());
    }

    #[test]
    fn duplicate_and_case_variant_keys_are_found() {
        assert_eq!(key_collision(r#"{"a":1,"b":{"a":2}}"#, true), None);
        assert!(key_collision(r#"{"a":1,"a":2}"#, false).unwrap().contains("`a` occurs twice"));
        assert!(key_collision(r#"{"method":"x","Method":"y"}"#, false).unwrap().contains("`method` and `Method`"));
        assert!(key_collision("{\"params\":1,\"param\u{17F}\":2}", false).is_some());
        assert!(key_collision("{\"k\":1,\"\u{212A}\":2}", false).is_some());
        assert_eq!(key_collision(r#"{"p":{"a":1,"A":2}}"#, false), None);
        assert!(key_collision(r#"{"p":[{"a":1,"A":2}]}"#, true).is_some());
        assert_eq!(key_collision("not json", true), None);
    }
}
