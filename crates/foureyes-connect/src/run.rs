//! Running one connector for one permitted decision: render its templates, act with a deadline, and say what
//! happened as an [`Outcome`] plus a report detail (size-capped, secrets redacted).
//!
//! The outcome is honest about what may have happened: `failed` only when the effect certainly did not happen
//! (nothing was sent or spawned, or the other side refused with a 4xx or a failing exit status), `unknown` when it
//! may have (a deadline passed after sending, a 5xx, a redirect refused after the first server answered, a killed
//! process), `executed` when the success rule holds.

use crate::redact::Redactor;
use crate::secrets::Secrets;
use crate::template::{self, Escape, Place};
use foureyes_core::connector::{CommandSpec, ConnectorSpec, HttpSpec};
use foureyes_core::urls::{self, CanonicalUrl, UrlRule, UrlVerdict};
use foureyes_core::{DecisionRecord, Outcome};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use tokio::io::AsyncReadExt;
use unicode_normalization::UnicodeNormalization;

/// Deadline when the spec names none.
pub const DEFAULT_TIMEOUT_MS: i64 = 30_000;
/// Longest deadline a spec may name.
pub const MAX_TIMEOUT_MS: i64 = 10 * 60_000;
/// Response bytes kept by default, and at most.
pub const DEFAULT_RESPONSE_BYTES: usize = 16 * 1024;
pub const MAX_RESPONSE_BYTES: usize = 24 * 1024;
/// Output tail kept by default (each of stdout and stderr), and at most.
pub const DEFAULT_TAIL_BYTES: usize = 4 * 1024;
pub const MAX_TAIL_BYTES: usize = 16 * 1024;
/// Redirects followed at most (each one re-checked by [`url_allowed`]).
pub const MAX_REDIRECTS: usize = 5;

/// What one run did.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    pub outcome: Outcome,
    pub detail: Value,
}

fn failed(detail: Value) -> RunResult {
    RunResult { outcome: Outcome::Failed, detail }
}

/// Checks a connector spec when the policy is loaded; returns the secret names it uses.
pub fn check_spec(action: &str, spec: &ConnectorSpec) -> Result<BTreeSet<String>, String> {
    let mut secrets = BTreeSet::new();
    let mut add = |source: &str, name: String, escape: Escape, allow: bool| -> Result<(), String> {
        let place = Place { name: &name, escape, secrets: allow };
        secrets.extend(template::check(source, place).map_err(|e| format!("action `{action}`: {e}"))?);
        Ok(())
    };
    if let Some(t) = spec.timeout() {
        timeout_ms(t).map_err(|e| format!("action `{action}`: execute timeout: {e}"))?;
    }
    crate::shape::check_reveal(&format!("execute.{}", spec.kind()), spec.reveal())
        .map_err(|e| format!("action `{action}`: {e}"))?;
    match spec {
        ConnectorSpec::Http(h) => {
            method(&h.method).map_err(|e| format!("action `{action}`: {e}"))?;
            add(&h.url, "execute.http.url".into(), Escape::Url, false)?;
            for (k, v) in &h.headers {
                reqwest::header::HeaderName::from_bytes(k.as_bytes())
                    .map_err(|_| format!("action `{action}`: `{k}` is not a header name"))?;
                add(v, format!("execute.http.headers.{k}"), Escape::Text, true)?;
            }
            if let Some(b) = &h.body {
                add(b, "execute.http.body".into(), Escape::Json, true)?;
            }
            if let Some(before) = &h.before {
                add(&before.url, "execute.http.before.url".into(), Escape::Url, false)?;
                for (k, v) in &before.headers {
                    add(v, format!("execute.http.before.headers.{k}"), Escape::Text, true)?;
                }
            }
            allowed_origins(h).map_err(|e| format!("action `{action}`: {e}"))?;
        }
        ConnectorSpec::Mcp(m) => {
            crate::mcp::check_shape(m).map_err(|e| format!("action `{action}`: {e}"))?;
            // The argv rule holds for a stdio server's command as for a `command` connector (ADR-332, F442).
            if let Some(program) = m.command.first()
                && expression_at(program).is_some()
            {
                return Err(format!(
                    "action `{action}`: execute.mcp.command[0] `{program}` must be written literally: a value cannot \
                     choose the program"
                ));
            }
            for (name, source, escape, allow) in crate::mcp::places(m) {
                add(source, name, escape, allow)?;
            }
        }
        ConnectorSpec::Command(c) => {
            if c.argv.is_empty() {
                return Err(format!("action `{action}`: execute.command.argv is empty"));
            }
            if expression_at(&c.argv[0]).is_some() {
                return Err(format!(
                    "action `{action}`: execute.command.argv[0] `{}` must be written literally: a value cannot choose \
                     the program",
                    c.argv[0]
                ));
            }
            for (i, a) in c.argv.iter().enumerate() {
                add(a, format!("execute.command.argv[{i}]"), Escape::Text, false)?;
            }
            for (k, v) in &c.env {
                add(v, format!("execute.command.env.{k}"), Escape::Text, true)?;
            }
            if let Some(cwd) = &c.cwd {
                add(cwd, "execute.command.cwd".into(), Escape::Text, false)?;
            }
        }
    }
    Ok(secrets)
}

/// Every connector in the policy, checked (for `policy check`, `serve` and `execute` at start).
pub fn check_policy(policy: &foureyes_core::Policy) -> Result<(), String> {
    for (name, action) in &policy.actions {
        if let Some(spec) = &action.execute {
            check_spec(name, spec)?;
        }
    }
    Ok(())
}

fn timeout_ms(text: &str) -> Result<i64, String> {
    let ms = match text.strip_suffix("ms") {
        Some(n) => n.parse::<i64>().map_err(|_| format!("`{text}`: expected e.g. `500ms`, `10s` or `2m`"))?,
        None => foureyes_core::window::parse_duration_ms(text)?,
    };
    if !(1..=MAX_TIMEOUT_MS).contains(&ms) {
        return Err(format!("`{text}` is outside 1ms..10m"));
    }
    Ok(ms)
}

fn method(text: &str) -> Result<reqwest::Method, String> {
    match text {
        "GET" | "POST" | "PUT" | "PATCH" | "DELETE" => {
            reqwest::Method::from_bytes(text.as_bytes()).map_err(|e| e.to_string())
        }
        _ => Err(format!("execute.http.method `{text}`: expected GET, POST, PUT, PATCH or DELETE")),
    }
}

/// What a rendered URL and each redirect must pass, judged by core's canonicaliser and [`UrlRule::judge`] (the
/// code that judges a `type: url` param at decide time): one of the connector's allowed origins, and the rule of
/// every `type: url` param of the action.
#[derive(Debug, Clone, Default)]
pub struct UrlChecks {
    /// Each allowed origin as shown, and its one-origin rule ([`UrlRule::origin`]).
    pub origins: Vec<(String, UrlRule)>,
    /// The action's `type: url` params: name and rule.
    pub params: Vec<(String, UrlRule)>,
}

impl UrlChecks {
    /// The checks of `spec` for an action whose `type: url` params have the rules `params`.
    pub fn new(h: &HttpSpec, params: &[(String, UrlRule)]) -> Result<UrlChecks, String> {
        Ok(UrlChecks { origins: allowed_origins(h)?, params: params.to_vec() })
    }
}

/// The `type: url` params of `action` and their rules (what [`run`] re-checks the rendered URL against).
pub fn url_params(action: &foureyes_core::policy::ActionPolicy) -> Vec<(String, UrlRule)> {
    action.params.iter().filter_map(|(name, p)| p.url.clone().map(|rule| (name.clone(), rule))).collect()
}

/// The origins a request and its redirects may reach: the spec's `allow_origins`, or the URL template's literal
/// origin; each as its one-origin rule.
fn allowed_origins(h: &HttpSpec) -> Result<Vec<(String, UrlRule)>, String> {
    let one = |text: &str| -> Result<(String, UrlRule), String> {
        let canonical = urls::canonicalize(text).map_err(|e| format!("`{text}` is not a URL: {e}"))?;
        Ok((canonical.url.origin().ascii_serialization(), UrlRule::origin(text)?))
    };
    if let Some(wild) = h.allow_origins.iter().find(|o| o.contains('*')) {
        // A wildcard matched nothing (the rule compares one origin): refused rather than silently dead (ADR-335).
        return Err(format!(
            "allow_origins: `{wild}` has a wildcard; wildcards are not supported: list each origin (scheme, host, port)"
        ));
    }
    if !h.allow_origins.is_empty() {
        return h.allow_origins.iter().map(|o| one(o).map_err(|e| format!("allow_origins: {e}"))).collect();
    }
    // The part of the template before its first expression must hold the whole origin and the `/` after it.
    let literal = h.url.split("{{").next().unwrap_or_default();
    let after_scheme = literal.split_once("://").map(|(_, rest)| rest);
    match after_scheme {
        Some(rest) if rest.contains('/') => Ok(vec![one(literal).map_err(|e| format!("execute.http.url: {e}"))?]),
        _ => Err(format!(
            "execute.http.url `{}`: write the scheme, host and port literally (then `/`) or list allow_origins",
            h.url
        )),
    }
}

/// The one re-check of a rendered URL and of each redirect: canonicalised by core's [`urls::canonicalize`], then
/// accepted by one allowed origin's rule and by every `type: url` param's rule. An opaque host (the destination is
/// hidden) is refused here: a connector is not sent where nobody can see it lands.
pub fn url_allowed(text: &str, checks: &UrlChecks) -> Result<CanonicalUrl, String> {
    let url = urls::canonicalize(text).map_err(|e| format!("`{text}` is not a URL: {e}"))?;
    let shown = redact_url(&url.url);
    let accepted = checks.origins.iter().any(|(_, rule)| rule.judge(&url) == UrlVerdict::Accepted);
    if !accepted {
        let list: Vec<&str> = checks.origins.iter().map(|(o, _)| o.as_str()).collect();
        let origin = url.url.origin().ascii_serialization();
        let user = if url.url.username().is_empty() && url.url.password().is_none() { "" } else { " with user info" };
        return Err(format!("`{origin}`{user} is not an allowed origin ({})", list.join(", ")));
    }
    for (name, rule) in &checks.params {
        match rule.judge(&url) {
            UrlVerdict::Accepted => {}
            UrlVerdict::Refused(w) => return Err(format!("`{shown}` {w}: refused by the rule of param `{name}`")),
            UrlVerdict::Opaque(w) => {
                return Err(format!(
                    "`{shown}` goes to {w}, a destination param `{name}` calls opaque: a connector is not sent there"
                ));
            }
        }
    }
    Ok(url)
}

fn redact_url(url: &reqwest::Url) -> String {
    let mut u = url.clone();
    u.set_query(None);
    u.set_fragment(None);
    u.to_string()
}

/// The template context of one run.
pub fn context(
    decision: &DecisionRecord,
    original: Option<&DecisionRecord>,
    secrets: &BTreeMap<String, String>,
) -> Value {
    request_context(&decision.request, original, secrets)
}

/// The template context of `r` (what [`context`] gives a run of its decision).
pub fn request_context(
    r: &foureyes_core::ActionRequest,
    original: Option<&DecisionRecord>,
    secrets: &BTreeMap<String, String>,
) -> Value {
    json!({
        "params": r.params,
        "target": r.target,
        "request_id": r.request_id,
        "agent": r.agent,
        "action": r.action,
        "original": original.map(|o| json!({
            "params": o.request.params,
            "target": o.request.target,
            "detail": o.report_detail,
        })),
        "secret": secrets,
    })
}

/// Replaces every secret value in `text`, in every form ([`Redactor`]), by `[secret NAME]`.
pub fn redact(text: &str, secrets: &BTreeMap<String, String>) -> String {
    Redactor::new(secrets).text(text)
}

/// The redactor of the secrets a run's context holds (`secret.NAME`).
pub(crate) fn context_redactor(ctx: &Value) -> Redactor {
    let secrets: BTreeMap<String, String> = ctx
        .get("secret")
        .and_then(Value::as_object)
        .map(|m| m.iter().filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string()))).collect())
        .unwrap_or_default();
    Redactor::new(&secrets)
}

/// Runs `spec` for `decision`. Never panics; every failure is a [`RunResult`]. An `mcp` connector reads and journals
/// its tool pins through `pins` (without them it sends nothing).
pub async fn run(
    spec: &ConnectorSpec,
    url_params: &[(String, UrlRule)],
    decision: &DecisionRecord,
    original: Option<&DecisionRecord>,
    secrets: Option<&Secrets>,
    pins: Option<&crate::mcp::Pins>,
) -> RunResult {
    let names = match check_spec(&decision.request.action, spec) {
        Ok(n) => n,
        Err(e) => return failed(json!({"connector": spec.kind(), "error": e})),
    };
    let opened = if names.is_empty() {
        BTreeMap::new()
    } else {
        match secrets {
            None => {
                return failed(json!({"connector": spec.kind(), "error": "this process has no secrets key"}));
            }
            Some(s) => match s.open_for_run(&names).await {
                Ok(o) => o,
                Err(e) => return failed(json!({"connector": spec.kind(), "error": e.to_string()})),
            },
        }
    };
    let ctx = context(decision, original, &opened);
    let deadline = Duration::from_millis(
        spec.timeout().and_then(|t| timeout_ms(t).ok()).unwrap_or(DEFAULT_TIMEOUT_MS).unsigned_abs(),
    );
    let mut result = match spec {
        ConnectorSpec::Http(h) => http(h, url_params, &ctx, deadline).await,
        ConnectorSpec::Command(c) => command(c, &ctx, deadline).await,
        ConnectorSpec::Mcp(m) => crate::mcp::run(m, &ctx, deadline, &decision.decision_id.to_string(), pins).await,
    };
    // One last pass over every string of the detail, in every form a secret takes: no secret leaves this function
    // (the response and the tails were redacted before they were cut, F331).
    Redactor::new(&opened).value(&mut result.detail);
    // A run that held a secret keeps none of the bytes the target chose, only what FourEyes read of the answer and
    // the fields the policy reveals, each sifted once more (ADR-481): no list of forms is complete.
    if !opened.is_empty() {
        crate::shape::shape(spec.kind(), &mut result.detail, spec.reveal(), &crate::shape::Sieve::new(&opened));
    }
    if let Some(obj) = result.detail.as_object_mut() {
        obj.insert("deadline_ms".into(), json!(deadline.as_millis() as u64));
    }
    result
}

/// One template rendered as a run renders it (also for the connector an approver is shown, [`crate::bind`]).
pub(crate) fn render(source: &str, name: &str, escape: Escape, ctx: &Value) -> Result<String, String> {
    template::render(source, Place { name, escape, secrets: true }, ctx).map_err(|e| e.to_string())
}

async fn http(h: &HttpSpec, url_params: &[(String, UrlRule)], ctx: &Value, deadline: Duration) -> RunResult {
    let fail = |e: String| failed(json!({"connector": "http", "error": e}));
    let redactor = context_redactor(ctx);
    let checks = match UrlChecks::new(h, url_params) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    let method = match method(&h.method) {
        Ok(m) => m,
        Err(e) => return fail(e),
    };
    let url = match prepared_url(&h.url, "execute.http.url", ctx, &checks) {
        Ok(u) => u,
        Err(e) => return fail(e),
    };
    let headers = match prepared_headers(&h.headers, "execute.http.headers", ctx) {
        Ok(hd) => hd,
        Err(e) => return fail(e),
    };
    let body = match &h.body {
        None => None,
        Some(b) => match render(b, "execute.http.body", Escape::Json, ctx) {
            Ok(text) => match serde_json::from_str::<Value>(&text) {
                Ok(_) => Some(text),
                Err(e) => return fail(format!("execute.http.body is not JSON once rendered: {e}")),
            },
            Err(e) => return fail(e),
        },
    };
    // The `before` read is a GET: it follows a redirect to the same resource (ADR-967). The write follows none unless
    // it is a GET itself (ADR-1030): a 307/308 would send it again, a 301/302/303 turn it into a GET nobody decided.
    let resends = method == reqwest::Method::GET || method == reqwest::Method::HEAD;
    let reader = match client(checks.clone(), deadline, true) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let writer = if resends {
        reader.clone()
    } else {
        match client(checks.clone(), deadline, false) {
            Ok(c) => c,
            Err(e) => return fail(e),
        }
    };
    let cap = h.max_response_bytes.unwrap_or(DEFAULT_RESPONSE_BYTES).min(MAX_RESPONSE_BYTES);
    let started = tokio::time::Instant::now();
    let mut detail = Map::new();
    detail.insert("connector".into(), json!("http"));
    detail.insert("method".into(), json!(method.as_str()));
    detail.insert("url".into(), json!(redact_url(&url)));
    if let Some(before) = &h.before {
        let read = async {
            let url = prepared_url(&before.url, "execute.http.before.url", ctx, &checks)?;
            let headers = prepared_headers(&before.headers, "execute.http.before.headers", ctx)?;
            let response = reader.get(url).headers(headers).send().await.map_err(|e| chain(&e))?;
            let status = response.status().as_u16();
            if !response.status().is_success() {
                return Err(format!("the read before the write answered {status}"));
            }
            let (body, truncated) = read_capped(response, cap, &redactor).await.map_err(|e| chain(&e))?;
            Ok::<Value, String>(json!({"status": status, "body": body_value(&body), "truncated": truncated}))
        };
        match tokio::time::timeout(deadline, read).await {
            Ok(Ok(before)) => {
                detail.insert("before".into(), before);
            }
            Ok(Err(e)) => return fail(format!("before: {e}")),
            Err(_) => return fail("before: the read passed its deadline; the write was not sent".into()),
        }
    }
    let url_sent = url.clone();
    let method_name = method.as_str().to_string();
    let mut request = writer.request(method, url).headers(headers);
    if let Some(b) = body {
        request = request.header(reqwest::header::CONTENT_TYPE, "application/json").body(b);
    }
    let remaining = deadline.saturating_sub(started.elapsed());
    let exchange = async {
        let response = request.send().await?;
        let status = response.status();
        let final_url = response.url().clone();
        let held = status.is_redirection() && response.headers().contains_key(reqwest::header::LOCATION);
        let (body, truncated) = read_capped(response, cap, &redactor).await?;
        Ok::<_, reqwest::Error>((status, final_url, held, body, truncated))
    };
    let (status, final_url, held, body, truncated) = match tokio::time::timeout(remaining, exchange).await {
        Err(_) => {
            detail.insert("error".into(), json!(format!("no complete answer within {} ms", deadline.as_millis())));
            return RunResult { outcome: Outcome::Unknown, detail: Value::Object(detail) };
        }
        Ok(Err(e)) => {
            // Nothing reached the server when the connection itself failed; anything later may have acted.
            let outcome = if e.is_connect() || e.is_builder() { Outcome::Failed } else { Outcome::Unknown };
            detail.insert("error".into(), json!(chain(&e)));
            return RunResult { outcome, detail: Value::Object(detail) };
        }
        Ok(Ok(answer)) => answer,
    };
    let parsed = body_value(&body);
    detail.insert("status".into(), json!(status.as_u16()));
    // Whether a redirect was followed: the server that took the request answered with it, and may have acted.
    let redirected = final_url != url_sent;
    if final_url.as_str() != detail["url"].as_str().unwrap_or_default() {
        detail.insert("final_url".into(), json!(redact_url(&final_url)));
    }
    if held {
        // Where it pointed is the target's choice and stays out of the report (like a redirect's path in errors).
        let why = if resends {
            "not followed: it leads to another path or query than the URL the decision showed, or back to a URL \
             already sent (ADR-967, ADR-1030)"
                .to_string()
        } else {
            format!(
                "not followed: a {method_name} is sent once, and a redirect of it is the answer (ADR-1030); the \
                 server may have acted"
            )
        };
        detail.insert("redirect".into(), json!(why));
    }
    detail.insert("body".into(), parsed.clone());
    detail.insert("truncated".into(), json!(truncated));
    let success = h.success.as_ref();
    let status_ok = match success.map(|s| &s.status) {
        Some(list) if !list.is_empty() => list.contains(&status.as_u16()),
        _ => status.is_success(),
    };
    let outcome = if status_ok {
        match success.and_then(|s| s.json_pointer.as_ref()) {
            None => Outcome::Executed,
            Some(check) => {
                let found = parsed.pointer(&check.pointer);
                if found == Some(&check.equals) {
                    Outcome::Executed
                } else {
                    // The server accepted the request but did not say it succeeded: it may have acted.
                    detail.insert(
                        "error".into(),
                        json!(format!("the response's `{}` is {:?}, not {}", check.pointer, found, check.equals)),
                    );
                    Outcome::Unknown
                }
            }
        }
    } else if status.is_client_error() && !redirected {
        // A refusal only from the server the request was sent to: a 4xx from the page a redirect led to says
        // nothing of what the first server did with the request (a `303` after a POST it took: F391).
        Outcome::Failed
    } else {
        Outcome::Unknown
    };
    RunResult { outcome, detail: Value::Object(detail) }
}

/// The rendered URL in canonical form (what is sent), once [`url_allowed`] accepts it.
fn prepared_url(source: &str, name: &str, ctx: &Value, checks: &UrlChecks) -> Result<reqwest::Url, String> {
    let text = render(source, name, Escape::Url, ctx)?;
    let url = url_allowed(&text, checks).map_err(|e| format!("{name}: {e}"))?.url;
    if let Some(prefix) = fixed_path(source)
        && !url.path().starts_with(&prefix)
    {
        return Err(format!("{name}: the path `{}` left the prefix `{prefix}` the template fixes", url.path()));
    }
    if let Some(why) = path_read_another_way(url.path()) {
        return Err(format!("{name}: the path `{}` {why}", url.path()));
    }
    Ok(url)
}

/// Why a path a server in front of the target (a reverse proxy, a framework's router) could read as another path,
/// or `None`. Such servers decode the path once before they route it: nginx's `proxy_pass http://backend/api/;`
/// turns `/api/orders/..%2Fadmin/refund` into `/api/admin/refund` (attack 31 H2), Tomcat reads `..;` as `..`. So
/// every segment, decoded once, must still be one segment — no encoded `/`, `\` or `%` (which a second decoding
/// reads) — and not a dot segment, even with a `;` parameter after it (ADR-388). A server that also folds the
/// decoded path to its Unicode compatibility form (NFKC) reads `．．／` as `../` and `‥` as `..` (attack 32 H2), so the
/// same holds for each segment's NFKC form (ADR-390). Only the path is read: a query value may hold a `/`.
pub fn path_read_another_way(path: &str) -> Option<&'static str> {
    for segment in path.split('/') {
        let lower = segment.to_ascii_lowercase();
        if ["%2f", "%5c", "%25"].iter().any(|encoded| lower.contains(encoded)) {
            return Some("holds an encoded `/`, `\\` or `%`: a server that decodes it once reads another path");
        }
        let decoded = percent_encoding::percent_decode_str(segment).collect::<Vec<u8>>();
        if is_dot_segment(&decoded) {
            return Some("holds a dot segment (a `;` parameter after it): a server reads it as `.` or `..`");
        }
        if let Ok(text) = std::str::from_utf8(&decoded)
            && !text.is_ascii()
        {
            // Attack 33, H2 (ADR-394): a front that drops default-ignorable or format characters before it resolves
            // dot segments reads `.\u{AD}.` as `..`; a character a person cannot see has no business in a path.
            if text.chars().any(foureyes_core::hidden::is_hidden) {
                return Some(
                    "holds a character a person cannot see (a format, default-ignorable or space character): a server \
                     that drops it reads another path",
                );
            }
            let folded = text.nfkc().collect::<String>();
            if folded.contains(['/', '\\', '%']) || is_dot_segment(folded.as_bytes()) {
                return Some(
                    "folds (Unicode NFKC) to a `/`, `\\`, `%` or a dot segment: a server that normalises it reads \
                     another path",
                );
            }
        }
    }
    None
}

/// `.` or `..`, alone or with a `;` parameter after it (Tomcat reads `..;x` as `..`).
fn is_dot_segment(decoded: &[u8]) -> bool {
    let bare = decoded.split(|b| *b == b';').next().unwrap_or_default();
    bare == b"." || bare == b".."
}

/// The path a URL template writes literally before its first expression, up to its last `/`, canonicalised: the
/// rendered URL's path must start with it (a value cannot climb out of it, F330). `None` when the template has no
/// expression or its literal part does not reach the path.
pub fn fixed_path(source: &str) -> Option<String> {
    let literal = source.split("{{").next()?;
    if literal.len() == source.len() {
        return None;
    }
    let scheme_end = literal.find("://")? + 3;
    let path_start = scheme_end + literal[scheme_end..].find('/')?;
    let path_end = path_start + literal[path_start..].split(['?', '#']).next()?.rfind('/')? + 1;
    let url = urls::canonicalize(&literal[..path_end]).ok()?;
    Some(url.url.path().to_string())
}

fn prepared_headers(
    specs: &BTreeMap<String, String>,
    name: &str,
    ctx: &Value,
) -> Result<reqwest::header::HeaderMap, String> {
    let mut headers = reqwest::header::HeaderMap::new();
    for (k, v) in specs {
        let value = render(v, &format!("{name}.{k}"), Escape::Text, ctx)?;
        let key = reqwest::header::HeaderName::from_bytes(k.as_bytes()).map_err(|_| format!("`{k}`: not a header"))?;
        let mut value =
            reqwest::header::HeaderValue::from_str(&value).map_err(|_| format!("{name}.{k}: not a header value"))?;
        value.set_sensitive(true);
        headers.insert(key, value);
    }
    Ok(headers)
}

/// The client of one run. `follow`: whether a redirect may be followed at all — only for a GET (ADR-1030), and then
/// only to the resource the request was sent to (ADR-967) and never back to a URL already sent.
fn client(checks: UrlChecks, deadline: Duration, follow: bool) -> Result<reqwest::Client, String> {
    crate::install_crypto_provider();
    let redirects = reqwest::redirect::Policy::custom(move |attempt| {
        if !follow {
            // A write is sent once: the redirect is the answer, a 3xx, `unknown` unless `success.status` lists it.
            attempt.stop()
        } else if attempt.previous().len() >= MAX_REDIRECTS {
            attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
        } else if let Err(e) = url_allowed(attempt.url().as_str(), &checks) {
            attempt.error(format!("redirect refused: {e}"))
        } else if attempt.previous().first().is_some_and(|sent| !same_resource(sent, attempt.url())) {
            // Another path or query than the rendered URL's, which is what the decision (and an approval card)
            // showed: not followed, so the method, body and credential go nowhere else (ADR-967). The redirect
            // itself is the answer: a 3xx, `unknown` unless the spec's `success.status` lists it.
            attempt.stop()
        } else if attempt.previous().contains(attempt.url()) {
            // Back to a URL already sent (a loop, attack 30's O1): not sent again; the 3xx is the answer.
            attempt.stop()
        } else {
            attempt.follow()
        }
    });
    reqwest::Client::builder()
        .dns_resolver(GuardedResolver)
        .redirect(redirects)
        .retry(reqwest::retry::never())
        .timeout(deadline)
        .connect_timeout(deadline)
        .no_proxy()
        .build()
        .map_err(|e| chain(&e))
}

/// Whether a redirect leads to the resource the request was sent to (ADR-967): the same path and query; the origin
/// may differ (another allowed origin, or the same one spelt otherwise), which [`url_allowed`] judged.
fn same_resource(sent: &reqwest::Url, to: &reqwest::Url) -> bool {
    sent.path() == to.path() && sent.query() == to.query()
}

/// The system resolver, refusing a name (other than `localhost`) that resolves to a loopback, link-local or
/// unspecified address (ADR-337): an origin listed by name is not sent to this machine or to a cloud metadata address
/// because of what a resolver answered (`/etc/hosts`, DNS rebinding). A policy that means such an address writes it.
struct GuardedResolver;

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs: Vec<std::net::SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let lower = host.trim_end_matches('.').to_ascii_lowercase();
            let named = lower != "localhost" && !lower.ends_with(".localhost");
            if named && let Some(bad) = addrs.iter().find(|a| internal_address(a.ip())) {
                return Err(format!(
                    "`{host}` resolves to {}, a loopback, link-local or unspecified address: nothing was sent \
                     (write the address itself in the policy if it is meant)",
                    bad.ip()
                )
                .into());
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Loopback, link-local (cloud metadata lives at 169.254.169.254) or unspecified, IPv4-mapped forms included.
pub fn internal_address(ip: std::net::IpAddr) -> bool {
    use std::net::IpAddr;
    match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_link_local() || v4.is_unspecified(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => internal_address(IpAddr::V4(v4)),
            None => v6.is_loopback() || v6.is_unspecified() || (v6.segments()[0] & 0xffc0) == 0xfe80,
        },
    }
}

/// Reads the first `cap` bytes of the body, redacted: it reads the redactor's longest form further, so a secret
/// the cap cuts is seen whole and replaced, never kept in part (F331); the rest is not read (the connection is
/// dropped).
async fn read_capped(
    mut response: reqwest::Response,
    cap: usize,
    redactor: &Redactor,
) -> Result<(Vec<u8>, bool), reqwest::Error> {
    let limit = cap + redactor.longest();
    let mut body = Vec::new();
    let mut more = false;
    while let Some(chunk) = response.chunk().await? {
        let room = limit - body.len();
        if chunk.len() > room {
            body.extend_from_slice(&chunk[..room]);
            more = true;
            break;
        }
        body.extend_from_slice(&chunk);
    }
    let truncated = more || body.len() > cap;
    Ok((redactor.head(&body, cap), truncated))
}

fn body_value(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(bytes).into_owned()))
}

/// reqwest's `Display` hides the cause; the chain says it.
pub(crate) fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// Where the first template expression (`{{`, `{%` or `{#`) of `source` starts, if it has one.
fn expression_at(source: &str) -> Option<usize> {
    ["{{", "{%", "{#"].iter().filter_map(|open| source.find(open)).min()
}

/// The argv rule (ADR-332): an element whose first character comes from a value (its template starts with an
/// expression) may not start with `-` unless a literal `--` element came before it, so a param is never read as an
/// option (`--output=…`, `--files0-from=…`, F332). An element whose template starts with literal text starts with
/// what the policy wrote (`--name={{ params.n }}` is the policy's own option).
/// `place` names the argv in messages (`execute.command.argv`, `execute.mcp.command`).
pub fn option_free(place: &str, index: usize, source: &str, rendered: &str, options_ended: bool) -> Result<(), String> {
    if index > 0 && !options_ended && expression_at(source) == Some(0) && rendered.starts_with('-') {
        return Err(format!(
            "{place}[{index}]: the value `{rendered}` starts with `-` and would be read as an option; the policy can \
             put a literal `--` element before it"
        ));
    }
    Ok(())
}

/// Renders an argv (a `command` connector's `argv`, an `mcp` connector's stdio `command`) under the argv rule
/// ([`option_free`]): one value stays one element, and never begins an option.
pub(crate) fn render_argv(argv: &[String], place: &str, ctx: &Value) -> Result<Vec<String>, String> {
    let mut out = Vec::with_capacity(argv.len());
    let mut options_ended = false;
    for (i, source) in argv.iter().enumerate() {
        let value = render(source, &format!("{place}[{i}]"), Escape::Text, ctx)?;
        option_free(place, i, source, &value, options_ended)?;
        options_ended |= i > 0 && source == "--";
        out.push(value);
    }
    Ok(out)
}

/// Kills the process group a command leads (its children and theirs), then the command itself.
pub(crate) fn kill_group(child: &mut tokio::process::Child) {
    if let Some(id) = child.id() {
        kill_group_of(id);
    }
    let _ = child.start_kill();
}

/// Kills the process group `leader` started (spawned with `process_group(0)`, so the group's id is its pid): what
/// is left of a run once its leader is gone, grandchildren included.
pub(crate) fn kill_group_of(leader: u32) {
    if let Some(pid) = rustix::process::Pid::from_raw(leader as i32) {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

async fn command(c: &CommandSpec, ctx: &Value, deadline: Duration) -> RunResult {
    let fail = |e: String| failed(json!({"connector": "command", "error": e}));
    let redactor = context_redactor(ctx);
    let argv = match render_argv(&c.argv, "execute.command.argv", ctx) {
        Ok(argv) => argv,
        Err(e) => return fail(e),
    };
    let mut env = BTreeMap::new();
    for (k, v) in &c.env {
        match render(v, &format!("execute.command.env.{k}"), Escape::Text, ctx) {
            Ok(value) => {
                env.insert(k.clone(), value);
            }
            Err(e) => return fail(e),
        }
    }
    let cwd = match &c.cwd {
        None => None,
        Some(t) => match render(t, "execute.command.cwd", Escape::Text, ctx) {
            Ok(v) => Some(v),
            Err(e) => return fail(e),
        },
    };
    let tail = c.output_tail_bytes.unwrap_or(DEFAULT_TAIL_BYTES).min(MAX_TAIL_BYTES);
    let Some((program, args)) = argv.split_first() else { return fail("execute.command.argv is empty".into()) };
    let mut cmd = tokio::process::Command::new(program);
    cmd.args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into()))
        .envs(&env)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        // A group of its own: the deadline kills its children too (a `sleep` a shell started outlived it, F333).
        .process_group(0)
        .kill_on_drop(true);
    if let Some(dir) = &cwd {
        cmd.current_dir(dir);
    }
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => return fail(format!("cannot start `{program}`: {e}")),
    };
    let mut detail = Map::new();
    detail.insert("connector".into(), json!("command"));
    detail.insert("argv".into(), json!(argv));
    let (Some(mut stdout), Some(mut stderr)) = (child.stdout.take(), child.stderr.take()) else {
        let _ = child.start_kill();
        return RunResult { outcome: Outcome::Unknown, detail: json!({"connector": "command", "error": "no pipes"}) };
    };
    let work = async {
        let (out, err, status) = tokio::join!(
            read_tail(&mut stdout, tail, &redactor),
            read_tail(&mut stderr, tail, &redactor),
            child.wait()
        );
        (out, err, status)
    };
    let (out, err, status) = match tokio::time::timeout(deadline, work).await {
        Ok(done) => done,
        Err(_) => {
            kill_group(&mut child);
            let _ = child.wait().await;
            detail.insert("error".into(), json!(format!("killed at its deadline of {} ms", deadline.as_millis())));
            return RunResult { outcome: Outcome::Unknown, detail: Value::Object(detail) };
        }
    };
    detail.insert("stdout_tail".into(), json!(out.0));
    detail.insert("stderr_tail".into(), json!(err.0));
    detail.insert("truncated".into(), json!(out.1 || err.1));
    let outcome = match status {
        Err(e) => {
            detail.insert("error".into(), json!(e.to_string()));
            Outcome::Unknown
        }
        Ok(s) => match s.code() {
            Some(code) => {
                detail.insert("exit".into(), json!(code));
                let ok = if c.success_exit.is_empty() { code == 0 } else { c.success_exit.contains(&code) };
                if ok { Outcome::Executed } else { Outcome::Failed }
            }
            None => {
                detail.insert("error".into(), json!(format!("ended by a signal: {s}")));
                Outcome::Unknown
            }
        },
    };
    RunResult { outcome, detail: Value::Object(detail) }
}

/// Reads a stream to its end, keeping the last `cap` bytes, redacted: it keeps the redactor's longest form more,
/// so a secret the cut splits is seen whole and replaced, never kept in part (F331); says whether earlier bytes
/// were dropped.
pub(crate) async fn read_tail<R: tokio::io::AsyncRead + Unpin>(
    stream: &mut R,
    cap: usize,
    redactor: &Redactor,
) -> (String, bool) {
    let limit = redactor.longest() + cap;
    let mut kept: Vec<u8> = Vec::new();
    let mut total = 0usize;
    let mut buf = [0u8; 8192];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                total += n;
                kept.extend_from_slice(&buf[..n]);
                if kept.len() > limit {
                    let cut = kept.len() - limit;
                    kept.drain(..cut);
                }
            }
        }
    }
    (String::from_utf8_lossy(&redactor.tail(&kept, cap)).into_owned(), total > cap)
}
