//! Redaction of a run's secrets from what the run keeps (ADR-331): every form a secret can take on its way back
//! (the value itself, JSON-escaped once or twice, percent-encoded, base64 at any alignment, hex) is replaced by
//! `[secret NAME]`, and a cut (the response cap, the output tail) is made only after redacting, on bytes read past
//! the cut by the longest form: a secret the cut would split is replaced whole, so no prefix or suffix of one is
//! kept (F331). The kept text then goes through [`Redactor::value`] once more, string by string.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;
use std::collections::BTreeMap;

/// Unreserved characters kept (what the URL templates write).
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
/// Python's `quote` default: `/` kept too.
const PATH_SAFE: &AsciiSet = &UNRESERVED.remove(b'/');

/// The secrets of one run, in every form the run may meet them.
#[derive(Debug, Clone, Default)]
pub struct Redactor {
    /// (form, marker), longest form first at each position.
    forms: Vec<(Vec<u8>, String)>,
    longest: usize,
}

impl Redactor {
    pub fn new(secrets: &BTreeMap<String, String>) -> Redactor {
        let mut forms: Vec<(Vec<u8>, String)> = Vec::new();
        for (name, value) in secrets {
            if value.is_empty() {
                continue;
            }
            let marker = format!("[secret {name}]");
            for form in forms_of(value) {
                if !form.is_empty() && !forms.iter().any(|(f, _)| *f == form) {
                    forms.push((form, marker.clone()));
                }
            }
        }
        // At one position the longest form wins (an escaped form that extends the value itself).
        forms.sort_by_key(|f| std::cmp::Reverse(f.0.len()));
        let longest = forms.first().map(|(f, _)| f.len()).unwrap_or(0);
        Redactor { forms, longest }
    }

    /// The longest form: a cut must read this many bytes past itself to see a secret it splits whole.
    pub fn longest(&self) -> usize {
        self.longest
    }

    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// The forms found in `raw`: (start, end, marker), not overlapping, left to right.
    fn find(&self, raw: &[u8]) -> Vec<(usize, usize, &str)> {
        let mut found = Vec::new();
        let mut i = 0;
        while i < raw.len() {
            let hit = self.forms.iter().find(|(f, _)| raw[i..].starts_with(f));
            match hit {
                Some((f, marker)) => {
                    found.push((i, i + f.len(), marker.as_str()));
                    i += f.len();
                }
                None => i += 1,
            }
        }
        found
    }

    /// `raw` with every form replaced.
    pub fn bytes(&self, raw: &[u8]) -> Vec<u8> {
        self.head(raw, raw.len())
    }

    /// `text` with every form replaced.
    pub fn text(&self, text: &str) -> String {
        if self.forms.is_empty() {
            return text.to_string();
        }
        String::from_utf8_lossy(&self.bytes(text.as_bytes())).into_owned()
    }

    /// The first `cap` bytes of `raw`, redacted, where `raw` holds the start of a stream and, when the stream is
    /// longer than `cap`, at least [`Self::longest`] bytes more: a form that starts before the cut is replaced
    /// whole, one the reader split lies past the cut and is dropped.
    pub fn head(&self, raw: &[u8], cap: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(cap.min(raw.len()));
        let mut i = 0;
        for (start, end, marker) in self.find(raw) {
            if start >= cap {
                break;
            }
            out.extend_from_slice(&raw[i..start]);
            out.extend_from_slice(marker.as_bytes());
            i = end;
        }
        if i < cap {
            out.extend_from_slice(&raw[i..cap.min(raw.len())]);
        }
        out
    }

    /// The last `cap` bytes of `raw`, redacted, where `raw` holds the end of a stream and, when the stream was
    /// longer than `cap`, at least [`Self::longest`] bytes before them (see [`Self::head`]).
    pub fn tail(&self, raw: &[u8], cap: usize) -> Vec<u8> {
        let keep = raw.len().saturating_sub(cap);
        let mut out = Vec::new();
        let mut i = keep;
        for (start, end, marker) in self.find(raw) {
            if end <= keep {
                continue;
            }
            if start > i {
                out.extend_from_slice(&raw[i..start]);
            }
            out.extend_from_slice(marker.as_bytes());
            i = end;
        }
        if i < raw.len() {
            out.extend_from_slice(&raw[i..]);
        }
        out
    }

    /// Every string (and object key) of `value`, redacted.
    pub fn value(&self, value: &mut Value) {
        if self.forms.is_empty() {
            return;
        }
        match value {
            Value::String(s) => {
                let clean = self.text(s);
                if clean != *s {
                    *s = clean;
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|v| self.value(v)),
            Value::Object(map) => {
                let entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
                for (k, mut v) in entries {
                    self.value(&mut v);
                    map.insert(self.text(&k), v);
                }
            }
            _ => {}
        }
    }
}

/// The forms of one secret value.
fn forms_of(value: &str) -> Vec<Vec<u8>> {
    let mut forms = vec![value.as_bytes().to_vec()];
    // JSON-escaped, once and twice (a body echoed inside a JSON string), without the quotes.
    let once = json_inner(value);
    let twice = json_inner(&once);
    // Percent-encoded: unreserved kept, `/` kept too, everything encoded; upper- and lower-case hex.
    let mut encoded = Vec::new();
    for set in [UNRESERVED, PATH_SAFE, NON_ALPHANUMERIC] {
        let upper = utf8_percent_encode(value, set).to_string();
        encoded.push(upper.replace("%20", "+"));
        encoded.push(lower_hex_escapes(&upper));
        encoded.push(upper);
    }
    // Every byte percent-encoded, letters and digits included (attack 8: a target may encode more than it must).
    let every_byte: String = value.bytes().map(|b| format!("%{b:02X}")).collect();
    encoded.push(every_byte.to_lowercase());
    encoded.push(every_byte);
    let hex: String = value.bytes().map(|b| format!("{b:02x}")).collect();
    for text in [once, twice, hex.clone(), hex.to_uppercase()].into_iter().chain(encoded) {
        forms.push(text.into_bytes());
    }
    // Base64 of any text that holds the value (`Basic base64(user:secret)`): at each of the three alignments, the
    // characters that depend on the value's bytes alone.
    for engine in [&STANDARD, &URL_SAFE] {
        for shift in 0..3usize {
            let mut bytes = vec![0u8; shift];
            bytes.extend_from_slice(value.as_bytes());
            let text = engine.encode(&bytes);
            let first = (shift * 8).div_ceil(6);
            let last = (bytes.len() * 8) / 6;
            if last > first {
                forms.push(text.as_bytes()[first..last].to_vec());
            }
        }
    }
    forms
}

fn json_inner(value: &str) -> String {
    let quoted = serde_json::to_string(value).unwrap_or_default();
    quoted[1..quoted.len().saturating_sub(1).max(1)].to_string()
}

fn lower_hex_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escape = rest.get(at..at + 3).unwrap_or(&rest[at..]);
        out.push_str(&escape.to_lowercase());
        rest = &rest[at + escape.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redactor() -> Redactor {
        Redactor::new(&BTreeMap::from([("tok".to_string(), "SECRETVALUE0123".to_string())]))
    }

    #[test]
    fn a_cut_inside_a_secret_keeps_no_piece_of_it() {
        let r = redactor();
        let text = b"aaaaSECRETVALUE0123bbbb";
        for cap in 0..text.len() {
            let head = String::from_utf8(r.head(text, cap)).unwrap();
            let tail = String::from_utf8(r.tail(text, cap)).unwrap();
            for piece in ["SEC", "ECR", "123", "E01"] {
                assert!(!head.contains(piece) && !tail.contains(piece), "cap {cap}: {head} / {tail}");
            }
        }
        assert_eq!(r.head(text, 6), b"aaaa[secret tok]");
        assert_eq!(r.tail(text, 6), b"[secret tok]bbbb");
        assert_eq!(r.head(text, 3), b"aaa");
    }

    #[test]
    fn every_encoding_is_redacted() {
        let value = r#"pa"ss\wo/rd +XYZ"#;
        let r = Redactor::new(&BTreeMap::from([("q".to_string(), value.to_string())]));
        let b64 = STANDARD.encode(format!("user:{value}"));
        for text in [
            serde_json::to_string(value).unwrap(),
            serde_json::to_string(&serde_json::to_string(value).unwrap()).unwrap(),
            utf8_percent_encode(value, NON_ALPHANUMERIC).to_string(),
            lower_hex_escapes(&utf8_percent_encode(value, PATH_SAFE).to_string()),
            b64.clone(),
            value.bytes().map(|b| format!("{b:02x}")).collect(),
        ] {
            let clean = r.text(&text);
            assert!(clean.contains("[secret q]"), "{text} → {clean}");
            assert!(!clean.contains("XYZ") && !clean.contains(&b64[8..20]) && !clean.contains("58595a"), "{clean}");
        }
    }

    /// Attack 8 (#1–2): a target that percent-encodes every byte of a secret, letters and digits included, in upper
    /// or lower case, got it back unredacted through a response or output tail.
    #[test]
    fn a_secret_with_every_byte_percent_encoded_is_redacted() {
        let r = redactor();
        let upper: String = "SECRETVALUE0123".bytes().map(|b| format!("%{b:02X}")).collect();
        for text in [upper.clone(), upper.to_lowercase()] {
            let clean = r.text(&format!("echo={text}&x=1"));
            assert_eq!(clean, "echo=[secret tok]&x=1", "{text}");
        }
    }
}
