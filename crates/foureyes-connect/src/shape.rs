//! What a run keeps of the target's answer when a secret was in scope (ADR-481).
//!
//! A target that holds a secret of the run can give it back in any form: split, upper-cased, reversed, UTF-16,
//! base32, mixed encodings, or one nobody listed (attack 8 #1–#3, #20). A list of forms to redact ([`Redactor`])
//! loses to the next form. So when any secret was opened for a run, the bytes the target chose are not kept at all:
//! the response body, the output tails, the tool's result, the server's stderr and a redirect's path are withheld.
//! What is kept is what FourEyes itself read of the answer (the status, the exit code, `isError`, whether it was
//! cut, its size) plus the fields the policy names in `reveal:` (JSON pointers, kept at their place in an object of
//! their own). Every string left in the detail (a revealed value, an error message that quotes the target) then
//! passes a second, independent check ([`Sieve`]): decoded from percent, HTML and `\u` escapes, base64, base32 and
//! hex, case-folded and stripped of everything but letters and digits, forwards and backwards, it must hold no
//! piece of [`MIN_PIECE`] letters and digits of any secret; a string that does is replaced whole.
//!
//! A run with no secret in scope keeps the answer as before: nothing the target could echo is FourEyes' to hide.
//!
//! [`Redactor`]: crate::redact::Redactor

use base64::Engine as _;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// Letters and digits of a secret, in a row, that a kept string may not hold in any form the [`Sieve`] reads.
pub const MIN_PIECE: usize = 8;
/// Most pointers under `reveal:`.
pub const MAX_REVEAL: usize = 32;
/// Why fields are missing from a detail.
pub const WHY: &str = "a secret was in scope for this run: what the target answered is not kept, except the fields \
                       the policy lists under `reveal:` (ADR-481)";

/// The `reveal:` list, checked when the policy is loaded: JSON pointers to fields, never the whole answer.
pub fn check_reveal(place: &str, list: &[String]) -> Result<(), String> {
    if list.len() > MAX_REVEAL {
        return Err(format!("{place}.reveal: {} pointers, at most {MAX_REVEAL}", list.len()));
    }
    for p in list {
        if !p.starts_with('/') || p.len() < 2 || p.chars().any(char::is_control) {
            return Err(format!(
                "{place}.reveal: `{p}` is not a JSON pointer to a field (e.g. `/id`); the whole answer cannot be \
                 revealed"
            ));
        }
    }
    Ok(())
}

/// The second check of what a secret-scoped run keeps: the pieces of each secret, as letters and digits.
#[derive(Debug, Clone, Default)]
pub struct Sieve {
    /// (piece, secret name): every [`MIN_PIECE`]-long window of the secret's letters and digits, lower case,
    /// forwards and reversed (a secret shorter than that: the whole of it, when it has at least 4).
    pieces: Vec<(String, String)>,
}

impl Sieve {
    pub fn new(secrets: &BTreeMap<String, String>) -> Sieve {
        let mut pieces: Vec<(String, String)> = Vec::new();
        for (name, value) in secrets {
            let norm: Vec<char> = normalise(value).chars().collect();
            let reversed: Vec<char> = norm.iter().rev().copied().collect();
            for chars in [norm, reversed] {
                let windows: Vec<String> = if chars.len() >= MIN_PIECE {
                    chars.windows(MIN_PIECE).map(|w| w.iter().collect()).collect()
                } else if chars.len() >= 4 {
                    vec![chars.iter().collect()]
                } else {
                    Vec::new()
                };
                for w in windows {
                    if !pieces.iter().any(|(p, _)| *p == w) {
                        pieces.push((w, name.clone()));
                    }
                }
            }
        }
        Sieve { pieces }
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The name of a secret that `text` holds a piece of, in any form this check reads.
    pub fn finds(&self, text: &str) -> Option<&str> {
        if self.pieces.is_empty() || text.is_empty() {
            return None;
        }
        for view in views(text) {
            let norm = normalise(&view);
            if let Some((_, name)) = self.pieces.iter().find(|(p, _)| norm.contains(p.as_str())) {
                return Some(name);
            }
        }
        None
    }

    /// Every string (and object key) of `value` in which [`Self::finds`] a secret, replaced whole.
    pub fn sift(&self, value: &mut Value) {
        match value {
            Value::String(s) => {
                if let Some(name) = self.finds(s) {
                    *s = withheld_text(name);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|v| self.sift(v)),
            Value::Object(map) => {
                let entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
                for (k, mut v) in entries {
                    self.sift(&mut v);
                    let k = match self.finds(&k) {
                        Some(name) => withheld_text(name),
                        None => k,
                    };
                    map.insert(k, v);
                }
            }
            _ => {}
        }
    }
}

fn withheld_text(name: &str) -> String {
    format!("[withheld: it held a form of secret {name}]")
}

/// Letters and digits only, lower case (separators, NULs of UTF-16, case and line breaks fall away).
fn normalise(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// `text` and what it decodes to: percent (twice), HTML entities and `\u`/`\x` escapes, and the base64, base32 and
/// hex runs of each of those.
fn views(text: &str) -> Vec<String> {
    let mut base = vec![text.to_string()];
    let once = percent_encoding::percent_decode_str(text).decode_utf8_lossy().into_owned();
    let twice = percent_encoding::percent_decode_str(&once).decode_utf8_lossy().into_owned();
    let unescaped = unescape(&once);
    for v in [once, twice, unescaped] {
        if !base.contains(&v) {
            base.push(v);
        }
    }
    let mut out = base.clone();
    for v in &base {
        out.extend(base64_runs(v));
        out.extend(base32_runs(v));
        out.extend(hex_runs(v));
    }
    out
}

/// HTML character references (`&#83;`, `&#x53;`) and `\uXXXX` / `\xHH` escapes, decoded.
fn unescape(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let number = |digits: &[char], radix: u32| -> Option<char> {
        let s: String = digits.iter().collect();
        u32::from_str_radix(&s, radix).ok().and_then(char::from_u32)
    };
    while i < chars.len() {
        let rest = &chars[i..];
        if rest.starts_with(&['&', '#']) {
            let hex = rest.get(2).is_some_and(|c| *c == 'x' || *c == 'X');
            let start = if hex { 3 } else { 2 };
            let len = rest[start..].iter().take(8).take_while(|c| c.is_ascii_hexdigit()).count();
            if len > 0
                && rest.get(start + len) == Some(&';')
                && let Some(c) = number(&rest[start..start + len], if hex { 16 } else { 10 })
            {
                out.push(c);
                i += start + len + 1;
                continue;
            }
        }
        if rest.first() == Some(&'\\') {
            let width = match rest.get(1) {
                Some('u') => 4,
                Some('x') => 2,
                _ => 0,
            };
            if width > 0
                && rest.len() >= 2 + width
                && rest[2..2 + width].iter().all(char::is_ascii_hexdigit)
                && let Some(c) = number(&rest[2..2 + width], 16)
            {
                out.push(c);
                i += 2 + width;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Maximal runs of `text` (whitespace removed) whose characters `keep` accepts, at least `min` long.
fn runs(text: &str, keep: impl Fn(char) -> bool, min: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut run = String::new();
    for c in text.chars().filter(|c| !c.is_whitespace()).chain(std::iter::once('\u{0}')) {
        if keep(c) {
            run.push(c);
        } else {
            if run.len() >= min {
                out.push(std::mem::take(&mut run));
            }
            run.clear();
        }
    }
    out
}

/// Base64 (standard or URL-safe, any padding) of each run, decoded from each of its first four characters.
fn base64_runs(text: &str) -> Vec<String> {
    let engine = GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        GeneralPurposeConfig::new()
            .with_decode_padding_mode(DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    let mut out = Vec::new();
    let is_b64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '-' | '_');
    for run in runs(text, is_b64, 11) {
        let run: String = run
            .chars()
            .map(|c| {
                if c == '-' {
                    '+'
                } else if c == '_' {
                    '/'
                } else {
                    c
                }
            })
            .collect();
        for start in 0..4.min(run.len()) {
            let part = &run[start..];
            let usable = part.len() - part.len() % 4;
            if let Ok(bytes) = engine.decode(&part[..usable]) {
                out.push(String::from_utf8_lossy(&bytes).into_owned());
            }
        }
    }
    out
}

/// Base32 (RFC 4648, either case) of each run, decoded from each of its first eight characters.
fn base32_runs(text: &str) -> Vec<String> {
    let upper = text.to_ascii_uppercase();
    let mut out = Vec::new();
    for run in runs(&upper, |c| c.is_ascii_uppercase() || ('2'..='7').contains(&c), 13) {
        let values: Vec<u8> =
            run.bytes().map(|b| if b.is_ascii_uppercase() { b - b'A' } else { b - b'2' + 26 }).collect();
        for start in 0..8.min(values.len()) {
            let (mut acc, mut bits, mut bytes) = (0u32, 0u32, Vec::new());
            for v in &values[start..] {
                acc = (acc << 5) | u32::from(*v);
                bits += 5;
                if bits >= 8 {
                    bits -= 8;
                    bytes.push((acc >> bits) as u8);
                    acc &= (1 << bits) - 1;
                }
            }
            out.push(String::from_utf8_lossy(&bytes).into_owned());
        }
    }
    out
}

/// Hex of each run of hex digits (separators such as `:`, `-` or spaces between the pairs removed first),
/// decoded from each of its first two characters.
fn hex_runs(text: &str) -> Vec<String> {
    let joined: String = text.chars().filter(|c| !matches!(c, ':' | '-' | ',' | '.')).collect();
    let mut out = Vec::new();
    for run in runs(&joined, |c| c.is_ascii_hexdigit(), 16) {
        for start in 0..2.min(run.len()) {
            let part = &run[start..];
            let usable = part.len() - part.len() % 2;
            if let Ok(bytes) = hex::decode(&part[..usable]) {
                out.push(String::from_utf8_lossy(&bytes).into_owned());
            }
        }
    }
    out
}

/// The fields of `value` that `reveal` points at, each at its place (in objects and arrays of their own; an
/// element not revealed is `null`). A pointer that finds nothing adds nothing.
pub fn project(value: &Value, reveal: &[String]) -> Value {
    let mut out = Value::Null;
    for pointer in reveal {
        let tokens: Vec<String> = pointer.split('/').skip(1).map(|t| t.replace("~1", "/").replace("~0", "~")).collect();
        place(&mut out, value, &tokens);
    }
    if out.is_null() { Value::Object(Map::new()) } else { out }
}

/// Copies what `tokens` lead to in `original` to the same place under `out`.
fn place(out: &mut Value, original: &Value, tokens: &[String]) {
    let Some((first, rest)) = tokens.split_first() else {
        *out = original.clone();
        return;
    };
    match original {
        Value::Array(items) => {
            let Some((i, next)) = first.parse::<usize>().ok().and_then(|i| Some((i, items.get(i)?))) else { return };
            if !out.is_array() {
                *out = Value::Array(Vec::new());
            }
            if let Value::Array(kept) = out {
                kept.resize(kept.len().max(i + 1), Value::Null);
                place(&mut kept[i], next, rest);
            }
        }
        Value::Object(map) => {
            let Some(next) = map.get(first) else { return };
            if !out.is_object() {
                *out = Value::Object(Map::new());
            }
            if let Value::Object(kept) = out {
                place(kept.entry(first.clone()).or_insert(Value::Null), next, rest);
            }
        }
        _ => {}
    }
}

/// Every URL in an error message, replaced (a redirect's target is the target's choice, and may carry anything).
fn scrub_urls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("://") {
        let start = rest[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-')))
            .map_or(0, |i| i + 1);
        let end = at
            + rest[at..]
                .find(|c: char| c.is_whitespace() || matches!(c, '`' | ')' | '(' | '"' | '\'' | ','))
                .unwrap_or(rest.len() - at);
        out.push_str(&rest[..start]);
        out.push_str("[a URL]");
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The detail of a run for which secrets were opened, shaped as this module says: the target's answer withheld,
/// the `reveal:` fields kept, every string left sifted.
pub fn shape(kind: &str, detail: &mut Value, reveal: &[String], sieve: &Sieve) {
    let Some(map) = detail.as_object_mut() else { return };
    let mut withheld: Vec<&str> = Vec::new();
    let mut keep = |map: &mut Map<String, Value>, from: &str, to: &str, name: &'static str, parse: bool| {
        let Some(answer) = map.remove(from) else { return };
        withheld.push(name);
        if reveal.is_empty() {
            return;
        }
        let answer = match answer {
            Value::String(text) if parse => serde_json::from_str(&text).unwrap_or(Value::String(text)),
            other => other,
        };
        map.insert(to.into(), project(&answer, reveal));
    };
    match kind {
        "http" => {
            keep(map, "body", "body", "body", false);
            if let Some(Value::Object(before)) = map.get_mut("before") {
                keep(before, "body", "body", "before.body", false);
            }
            if let Some(Value::String(url)) = map.remove("final_url") {
                let origin = reqwest::Url::parse(&url).map(|u| u.origin().ascii_serialization()).unwrap_or_default();
                map.insert("final_origin".into(), json!(origin));
                withheld.push("final_url");
            }
        }
        "command" => {
            keep(map, "stdout_tail", "stdout", "stdout_tail", true);
            if map.remove("stderr_tail").is_some() {
                withheld.push("stderr_tail");
            }
        }
        "mcp" => {
            keep(map, "result", "result", "result", false);
            if map.remove("stderr_tail").is_some() {
                withheld.push("stderr_tail");
            }
            if let Some(Value::Object(mcp)) = map.get_mut("mcp")
                && let Some(error) = mcp.remove("jsonrpc_error")
            {
                mcp.insert("jsonrpc_error".into(), json!({"code": error.get("code")}));
                withheld.push("mcp.jsonrpc_error.message");
            }
        }
        _ => {}
    }
    if let Some(Value::String(error)) = map.get_mut("error") {
        *error = scrub_urls(error);
    }
    sieve.sift(detail);
    if !withheld.is_empty()
        && let Some(map) = detail.as_object_mut()
    {
        map.insert("withheld".into(), json!({"fields": withheld, "why": WHY}));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "S3cr3tTok_9fQ2xLmZp7Vw4KbN";

    fn sieve() -> Sieve {
        Sieve::new(&BTreeMap::from([("tok".to_string(), SECRET.to_string())]))
    }

    fn base32(bytes: &[u8]) -> String {
        base32::encode(base32::Alphabet::Rfc4648 { padding: false }, bytes)
    }

    /// Each form attack 8 sent back (#1–#3, #20), and a few more; inside other text.
    #[test]
    fn the_sieve_finds_a_secret_in_every_form_attack_8_used() {
        let s = sieve();
        let tok = SECRET.as_bytes();
        let utf16: String = SECRET.encode_utf16().flat_map(|u| [char::from(u as u8), '\u{0}']).collect();
        let forms = [
            ("raw", SECRET.to_string()),
            ("pct every byte", tok.iter().map(|b| format!("%{b:02X}")).collect()),
            ("pct lower", tok.iter().map(|b| format!("%{b:02x}")).collect()),
            (
                "pct mixed",
                format!("{}{}", &SECRET[..10], tok[10..].iter().map(|b| format!("%{b:02X}")).collect::<String>()),
            ),
            ("split", format!("{}\n{}", &SECRET[..8], &SECRET[8..])),
            ("upper", SECRET.to_uppercase()),
            ("hex colon", tok.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(":")),
            ("hex upper", hex::encode_upper(tok)),
            ("base32", base32(tok)),
            ("base32 offset", base32(&[b"xy".as_slice(), tok].concat())),
            ("reversed", SECRET.chars().rev().collect()),
            ("spaced", SECRET.chars().map(String::from).collect::<Vec<_>>().join(" ")),
            ("html", tok.iter().map(|b| format!("&#{b};")).collect()),
            ("html hex", tok.iter().map(|b| format!("&#x{b:x};")).collect()),
            ("u escapes", tok.iter().map(|b| format!("\\u{b:04x}")).collect()),
            ("utf-16le", utf16),
            ("base64 offset 1", base64::engine::general_purpose::STANDARD.encode([b"x".as_slice(), tok].concat())),
            (
                "base64 mime",
                base64::engine::general_purpose::STANDARD
                    .encode([tok, tok].concat())
                    .as_bytes()
                    .chunks(10)
                    .map(|c| String::from_utf8_lossy(c).into_owned())
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            ("base64url", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(tok)),
            (
                "pct of base64",
                base64::engine::general_purpose::STANDARD.encode(tok).bytes().map(|b| format!("%{b:02X}")).collect(),
            ),
        ];
        for (name, form) in forms {
            let text = format!("{{\"note\": \"the token is {form} — thanks\"}}");
            assert_eq!(s.finds(&text), Some("tok"), "{name}: {text}");
        }
        // A piece of 8 letters and digits is enough; ordinary text is not.
        assert_eq!(s.finds("...Tok_9fQ2xL..."), Some("tok"));
        for clean in ["{\"ok\": true, \"id\": \"ord_1042\"}", "refund of 12.50 EUR accepted", "dGhlIHF1aWNrIGJyb3du"] {
            assert_eq!(s.finds(clean), None, "{clean}");
        }
    }

    #[test]
    fn a_projection_keeps_only_the_fields_named() {
        let answer = json!({"id": 7, "refund": {"state": "done", "auth": "x"}, "items": [{"sku": "a"}], "a/b": 1});
        let kept = project(
            &answer,
            &["/id".into(), "/refund/state".into(), "/items/0/sku".into(), "/a~1b".into(), "/none".into()],
        );
        assert_eq!(kept, json!({"id": 7, "refund": {"state": "done"}, "items": [{"sku": "a"}], "a/b": 1}));
        let kept =
            project(&json!({"content": [{"type": "text", "text": "a"}, {"text": "b"}]}), &["/content/1/text".into()]);
        assert_eq!(kept, json!({"content": [null, {"text": "b"}]}));
        assert_eq!(project(&json!("not json"), &["/id".into()]), json!({}));
    }

    #[test]
    fn the_whole_answer_cannot_be_revealed() {
        for bad in ["", "/", "id", "#/id"] {
            assert!(check_reveal("execute.http", &[bad.to_string()]).is_err(), "{bad}");
        }
        assert!(check_reveal("execute.http", &["/id".into(), "/a/0/b".into()]).is_ok());
    }

    #[test]
    fn urls_in_an_error_are_scrubbed() {
        let e = "redirect refused: `http://evil.example:80` is not an allowed origin; error following redirect for url (http://127.0.0.1:9/x/KRUGS4Z)";
        assert_eq!(
            scrub_urls(e),
            "redirect refused: `[a URL]` is not an allowed origin; error following redirect for url ([a URL])"
        );
    }
}
