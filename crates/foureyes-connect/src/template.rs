//! Connector templates on minijinja, restricted: no loader (no `include`, `import` or `extends` can reach a file),
//! no filters, tests or functions (the `builtins` feature is off), strict undefined values, a fuel budget, and a
//! formatter that escapes every printed value for where it lands. Params are values in the context, never template
//! source: `{{ params.x }}` with `x = "{{ secret.token }}"` prints that text, escaped, and evaluates nothing.
//!
//! Where a value lands decides its escaping ([`Escape`]): a URL gets every byte but the unreserved ones
//! percent-encoded (a value cannot add `/`, `?`, `#`, `@` or change the host), a JSON body gets a JSON literal,
//! headers, argv elements and environment values get the text itself (each is one element: no shell, no splitting),
//! minus control characters, which are refused.

use minijinja::value::ValueKind;
use minijinja::{Environment, Error, ErrorKind, UndefinedBehavior, Value};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Serialize;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Every byte but RFC 3986's unreserved ones (`A-Z a-z 0-9 - . _ ~`) is encoded.
const URL_VALUE: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// Most template instructions one render may run (loops over huge params stop here).
const FUEL: u64 = 50_000;

/// Where a rendered value lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Escape {
    /// A URL: values percent-encoded; no secrets.
    Url,
    /// A JSON body: values as JSON literals; secrets allowed.
    Json,
    /// A header, argv element or environment value: the text itself, control characters refused. Secrets only
    /// where [`Place::secrets`] says so.
    Text,
}

/// A template's place in a connector spec, for checks and messages.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// e.g. `execute.http.url`.
    pub name: &'a str,
    pub escape: Escape,
    /// Whether `secret.NAME` may appear.
    pub secrets: bool,
}

/// Top-level names a template may use.
const ROOTS: &[&str] = &["params", "target", "request_id", "agent", "action", "original", "before", "secret"];

/// A refused template or a failed render.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{place}: {message}")]
pub struct TemplateError {
    pub place: String,
    pub message: String,
}

fn environment(escape: Escape) -> Environment<'static> {
    let mut env = Environment::empty();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_fuel(Some(FUEL));
    env.set_recursion_limit(32);
    env.set_keep_trailing_newline(true);
    env.set_formatter(move |out, _state, value| {
        let text = match escape {
            Escape::Json => serde_json::to_string(value)
                .map_err(|e| Error::new(ErrorKind::BadSerialization, format!("not JSON: {e}")))?,
            Escape::Url => url_value(&scalar(value)?)?,
            Escape::Text => {
                let text = scalar(value)?;
                if text.chars().any(char::is_control) {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        "a value with a control character (newline, NUL, …) cannot go into a header, argument or \
                         environment variable",
                    ));
                }
                text
            }
        };
        out.write_str(&text).map_err(|e| Error::new(ErrorKind::WriteFailure, e.to_string()))
    });
    env
}

/// A value printed into a URL: every byte but the unreserved ones percent-encoded. A value that is a dot segment
/// (`.` or `..`) is refused: the URL standard resolves it, and its encoded forms (`%2E`, `%2e%2E`) too, so no
/// spelling of it stays one segment (F330, ADR-330).
fn url_value(text: &str) -> Result<String, Error> {
    if text == "." || text == ".." {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!("the value `{text}` cannot go into a URL: a dot segment would change the path"),
        ));
    }
    Ok(utf8_percent_encode(text, URL_VALUE).to_string())
}

/// A value printed into a URL or text: strings, numbers and booleans only.
fn scalar(value: &Value) -> Result<String, Error> {
    match value.kind() {
        ValueKind::String => Ok(value.as_str().unwrap_or_default().to_string()),
        ValueKind::Number | ValueKind::Bool => Ok(value.to_string()),
        kind => Err(Error::new(
            ErrorKind::InvalidOperation,
            format!("a {kind} cannot be printed here: only strings, numbers and booleans"),
        )),
    }
}

/// Checks a template when the policy is loaded: it parses, uses only known names, and names a secret only where
/// secrets may go. Returns the secret names it uses.
pub fn check(source: &str, place: Place<'_>) -> Result<BTreeSet<String>, TemplateError> {
    let err = |message: String| TemplateError { place: place.name.to_string(), message };
    let env = environment(place.escape);
    let template = env.template_from_str(source).map_err(|e| err(format!("cannot parse template: {e}")))?;
    let mut secrets = BTreeSet::new();
    for variable in template.undeclared_variables(true) {
        let mut parts = variable.splitn(2, '.');
        let root = parts.next().unwrap_or_default();
        if !ROOTS.contains(&root) {
            return Err(err(format!("unknown name `{variable}`: expected one of {}", ROOTS.join(", "))));
        }
        if root == "secret" {
            if !place.secrets {
                return Err(err(format!(
                    "`{variable}`: secrets may go only into headers, the JSON body and the environment"
                )));
            }
            match parts.next() {
                Some(name) if crate::secrets::valid_name(name) => {
                    secrets.insert(name.to_string());
                }
                _ => return Err(err(format!("`{variable}`: write `secret.NAME` with a literal secret name"))),
            }
        }
    }
    Ok(secrets)
}

/// Renders `source` with `context` (a serializable map of the [`ROOTS`]).
pub fn render<C: Serialize>(source: &str, place: Place<'_>, context: &C) -> Result<String, TemplateError> {
    let fail = |message: String| TemplateError { place: place.name.to_string(), message };
    // Through serde_json first: with `arbitrary_precision` (ADR-110) a `serde_json::Number` serializes to any other
    // serializer as a private one-key map, so handing params to minijinja as they are renders `{"$serde_json::…"}`
    // where `22` was meant (F55). Numbers are converted here, from their text.
    let context = serde_json::to_value(context).map_err(|e| fail(format!("context is not JSON: {e}")))?;
    let env = environment(place.escape);
    env.render_str(source, template_value(&context)).map_err(|e| fail(error_chain(&e)))
}

/// A JSON value as a template value, numbers read from their text (an integer stays an integer).
fn template_value(value: &serde_json::Value) -> Value {
    use serde_json::Value as Json;
    match value {
        Json::Null => Value::from(()),
        Json::Bool(b) => Value::from(*b),
        Json::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => Value::from(i),
            (None, Some(u), _) => Value::from(u),
            (None, None, Some(f)) => Value::from(f),
            _ => Value::from(n.to_string()),
        },
        Json::String(s) => Value::from(s.as_str()),
        Json::Array(items) => Value::from(items.iter().map(template_value).collect::<Vec<_>>()),
        Json::Object(map) => Value::from(
            map.iter().map(|(k, v)| (k.clone(), template_value(v))).collect::<std::collections::BTreeMap<_, _>>(),
        ),
    }
}

fn error_chain(e: &Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        let _ = write!(text, ": {s}");
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const URL: Place<'static> = Place { name: "url", escape: Escape::Url, secrets: false };
    const BODY: Place<'static> = Place { name: "body", escape: Escape::Json, secrets: true };
    const TEXT: Place<'static> = Place { name: "argv", escape: Escape::Text, secrets: false };

    #[test]
    fn a_param_cannot_change_the_shape_of_a_url() {
        let ctx = json!({"params": {"id": "../admin?x=1#@evil.example/"}});
        let url = render("https://shop.example/orders/{{ params.id }}", URL, &ctx).expect("render");
        assert_eq!(url, "https://shop.example/orders/..%2Fadmin%3Fx%3D1%23%40evil.example%2F");
    }

    #[test]
    fn a_dot_segment_value_is_refused_in_a_url() {
        for value in [".", ".."] {
            let ctx = json!({"params": {"id": value}});
            assert!(render("https://shop.example/orders/{{ params.id }}/note", URL, &ctx).is_err(), "{value}");
        }
        for value in ["...", ".x", "%2e%2e"] {
            let ctx = json!({"params": {"id": value}});
            let url = render("https://shop.example/orders/{{ params.id }}/note", URL, &ctx).expect("render");
            assert_eq!(url, format!("https://shop.example/orders/{}/note", value.replace('%', "%25")));
        }
    }

    #[test]
    fn a_param_that_looks_like_a_template_is_printed_not_run() {
        let ctx = json!({"params": {"note": "{{ secret.token }}{% for x in range(99999999) %}x{% endfor %}"},
                         "secret": {"token": "s3cr3t"}});
        let body = render(r#"{"note": {{ params.note }}}"#, BODY, &ctx).expect("render");
        let parsed: serde_json::Value = serde_json::from_str(&body).expect("json");
        assert_eq!(parsed["note"], ctx["params"]["note"]);
        assert!(!body.contains("s3cr3t"));
    }

    #[test]
    fn numbers_render_as_numbers_with_exact_json_numbers_on() {
        // F55: with serde_json's `arbitrary_precision`, `{"celsius": 22}` rendered as a private one-key map.
        let ctx = json!({"params": {"celsius": 22, "amount": 120.5, "big": 18446744073709551615u64}});
        let source = r#"{"celsius": {{ params.celsius }}, "amount": {{ params.amount }}, "big": {{ params.big }}}"#;
        let body = render(source, BODY, &ctx).expect("render");
        assert_eq!(body, r#"{"celsius": 22, "amount": 120.5, "big": 18446744073709551615}"#);
    }

    #[test]
    fn a_json_value_cannot_break_out_of_its_literal() {
        let ctx = json!({"params": {"name": "x\", \"admin\": true, \"y\": \""}});
        let body = render(r#"{"name": {{ params.name }}}"#, BODY, &ctx).expect("render");
        let parsed: serde_json::Value = serde_json::from_str(&body).expect("json");
        assert_eq!(parsed.as_object().map(|o| o.len()), Some(1));
    }

    #[test]
    fn a_newline_cannot_reach_a_header_or_argument() {
        let ctx = json!({"params": {"v": "a\r\nX-Injected: 1"}});
        assert!(render("{{ params.v }}", TEXT, &ctx).is_err());
    }

    #[test]
    fn secrets_are_refused_where_they_would_leak_and_unknown_names_everywhere() {
        assert!(check("https://x.example/{{ secret.token }}", URL).is_err());
        assert!(check("{{ secret.token }}", TEXT).is_err());
        assert!(check("{{ env.HOME }}", BODY).is_err());
        let names = check(r#"{"t": {{ secret.api_token }}}"#, BODY).expect("check");
        assert_eq!(names.into_iter().collect::<Vec<_>>(), vec!["api_token".to_string()]);
    }

    #[test]
    fn nothing_can_load_a_file_or_call_a_function() {
        let ctx = json!({"params": {}});
        for source in ["{% include '/etc/passwd' %}", "{{ range(3) }}", "{{ 'x' | upper }}", "{{ cycler() }}"] {
            assert!(render(source, BODY, &ctx).is_err(), "{source} rendered");
        }
    }

    #[test]
    fn a_missing_value_is_an_error_not_an_empty_string() {
        assert!(render("https://x.example/{{ params.missing }}", URL, &json!({"params": {}})).is_err());
    }
}
