//! An approval releases only the connector it was shown (ADR-570, attack 8 #19).
//!
//! A person approves a deferred action that FourEyes will run. Before the release an operator (or whoever may reload
//! the policy) can reload it so that the action's `execute:` renders another request: another URL, body, header,
//! credential, command or deadline. The person approved what they saw, not that. So every execute call records, in its
//! decision's evidence (`evidence.foureyes_connector`, shown with the approval), the connector as it would run for
//! that request ([`rendered`]: each template rendered, each secret's value replaced by `[secret NAME]`, every other
//! setting as written) and the SHA-256 of its canonical JSON. A permit that uses an approval runs only when the
//! connector of the policy loaded now, rendered for the released request, has the digest recorded with the approval's
//! deferral ([`check_release`]); otherwise the door refuses the run ([`REFUSED`]), journals it and settles the
//! decision `failed`: nothing was sent.
//!
//! The digest is of the rendering, not of the policy text: a reload that writes a template another way but renders
//! the same request releases; a secret rotated under the same name releases (the approver saw the name).

use crate::run;
use crate::template::Escape;
use foureyes_core::canonical::{canonical_sha256, to_canonical_string};
use foureyes_core::connector::ConnectorSpec;
use foureyes_core::{ActionRequest, DecisionRecord, MAX_EVIDENCE_BYTES};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The evidence key under which the door records the connector a request would run. The door writes it; an agent's
/// value under this key is replaced.
pub const EVIDENCE_KEY: &str = foureyes_core::CONNECTOR_EVIDENCE_KEY;
/// The typed reason of a release refused because the connector is not the one the approver was shown.
pub const REFUSED: &str = "connector_changed";
/// Longest string shown in the evidence (the digest covers the whole rendering).
const SHOWN_STRING_BYTES: usize = 1024;

/// The connector of `spec` as it would run for `request`: the spec with each template rendered for the request (and
/// the compensated decision `original`), a secret's value replaced by `[secret NAME]`, and the secret names it opens.
/// A template that does not render is recorded as the error (the run would fail the same way).
pub fn rendered(spec: &ConnectorSpec, request: &ActionRequest, original: Option<&DecisionRecord>) -> Value {
    let names = match run::check_spec(&request.action, spec) {
        Ok(names) => names,
        Err(e) => return json!({"kind": spec.kind(), "error": e}),
    };
    let placeholders: BTreeMap<String, String> = names.iter().map(|n| (n.clone(), format!("[secret {n}]"))).collect();
    let ctx = run::request_context(request, original, &placeholders);
    match rendered_spec(spec, &ctx) {
        Ok(spec) => json!({"connector": spec, "secrets": names}),
        Err(e) => json!({"kind": spec.kind(), "error": e, "secrets": names}),
    }
}

/// The digest a release is compared by: SHA-256 of the canonical JSON of [`rendered`].
pub fn digest(rendered: &Value) -> String {
    canonical_sha256(rendered)
}

/// `spec` with every template replaced by its rendering for `ctx`, rendered exactly as a run renders it.
fn rendered_spec(spec: &ConnectorSpec, ctx: &Value) -> Result<ConnectorSpec, String> {
    let text = |source: &str, place: String, escape: Escape| run::render(source, &place, escape, ctx);
    let map = |m: &BTreeMap<String, String>, place: &str| -> Result<BTreeMap<String, String>, String> {
        m.iter().map(|(k, v)| Ok((k.clone(), text(v, format!("{place}.{k}"), Escape::Text)?))).collect()
    };
    let mut out = spec.clone();
    match &mut out {
        ConnectorSpec::Http(h) => {
            h.url = text(&h.url, "execute.http.url".into(), Escape::Url)?;
            h.headers = map(&h.headers, "execute.http.headers")?;
            if let Some(body) = &h.body {
                h.body = Some(text(body, "execute.http.body".into(), Escape::Json)?);
            }
            if let Some(before) = &mut h.before {
                before.url = text(&before.url, "execute.http.before.url".into(), Escape::Url)?;
                before.headers = map(&before.headers, "execute.http.before.headers")?;
            }
        }
        ConnectorSpec::Command(c) => {
            c.argv = run::render_argv(&c.argv, "execute.command.argv", ctx)?;
            c.env = map(&c.env, "execute.command.env")?;
            if let Some(cwd) = &c.cwd {
                c.cwd = Some(text(cwd, "execute.command.cwd".into(), Escape::Text)?);
            }
        }
        ConnectorSpec::Mcp(m) => {
            m.command = run::render_argv(&m.command, "execute.mcp.command", ctx)?;
            m.env = map(&m.env, "execute.mcp.env")?;
            if let Some(cwd) = &m.cwd {
                m.cwd = Some(text(cwd, "execute.mcp.cwd".into(), Escape::Text)?);
            }
            m.headers = map(&m.headers, "execute.mcp.headers")?;
            if let Some(arguments) = &m.arguments {
                m.arguments = Some(text(arguments, "execute.mcp.arguments".into(), Escape::Json)?);
            }
        }
    }
    Ok(out)
}

/// `request` with the connector it would run recorded in its evidence under [`EVIDENCE_KEY`]: the digest, and the
/// rendering as the approver is shown it (long strings cut; the whole of it when the evidence has room, else the
/// digest alone, said). An agent's evidence that is not an object is kept under `agent`.
pub fn record(request: &mut ActionRequest, spec: &ConnectorSpec, original: Option<&DecisionRecord>) {
    let rendering = rendered(spec, request, original);
    let digest = digest(&rendering);
    let mut evidence = match request.evidence.take() {
        None => Map::new(),
        Some(Value::Object(map)) => map,
        Some(other) => Map::from_iter([("agent".to_string(), other)]),
    };
    let mut shown = rendering;
    cut_strings(&mut shown);
    let mut binding = shown.as_object().cloned().unwrap_or_default();
    binding.insert("digest".into(), json!(digest));
    evidence.insert(EVIDENCE_KEY.into(), Value::Object(binding));
    if to_canonical_string(&evidence).len() > MAX_EVIDENCE_BYTES {
        // No room beside the agent's evidence: the digest binds all the same; the approver is told why it is bare.
        // (Evidence within a few dozen bytes of its cap is then refused as too large, saying its size and the cap.)
        let note = "no room beside the agent's evidence: digest only";
        evidence.insert(EVIDENCE_KEY.into(), json!({"digest": digest, "kind": spec.kind(), "note": note}));
    }
    request.evidence = Some(Value::Object(evidence));
}

/// Every string of `value` over [`SHOWN_STRING_BYTES`], cut at a character boundary and marked.
fn cut_strings(value: &mut Value) {
    match value {
        Value::String(s) if s.len() > SHOWN_STRING_BYTES => {
            let mut end = SHOWN_STRING_BYTES;
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            let total = s.len();
            s.truncate(end);
            s.push_str(&format!("… ({total} bytes; the digest covers all of them)"));
        }
        Value::Array(items) => items.iter_mut().for_each(cut_strings),
        Value::Object(map) => map.values_mut().for_each(cut_strings),
        _ => {}
    }
}

/// The digest recorded under [`EVIDENCE_KEY`] in a decision's evidence, if any.
pub fn recorded_digest(decision: &DecisionRecord) -> Option<&str> {
    decision.request.connector_digest()
}

/// Why a release may not run: the approved digest (`None`: the approver was shown no connector) and the digest of
/// the connector as it would run now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    pub approved: Option<String>,
    pub rendered: String,
}

impl Changed {
    pub fn message(&self, decision: &DecisionRecord, approval: i64) -> String {
        match &self.approved {
            Some(approved) => format!(
                "decision {}: the connector of `{}` as the policy loaded now renders it (digest {}) is not the one \
                 approval {approval} was given for (digest {approved}): a policy reload changed what would run, so \
                 nothing was sent; ask for a new approval",
                decision.decision_id, decision.request.action, self.rendered
            ),
            None => format!(
                "decision {}: approval {approval} was given without a connector shown to the approver (decided before \
                 `{}` had one, or before connectors were recorded with approvals): nothing was sent; ask for a new \
                 approval",
                decision.decision_id, decision.request.action
            ),
        }
    }
}

/// A permit that uses an approval: `Ok` when the connector of `spec`, rendered for the permit's request, has the
/// digest recorded with the approval's deferral (`deferral`).
pub fn check_release(
    spec: &ConnectorSpec,
    permit: &DecisionRecord,
    deferral: &DecisionRecord,
    original: Option<&DecisionRecord>,
) -> Result<(), Changed> {
    let rendered = digest(&rendered(spec, &permit.request, original));
    match recorded_digest(deferral) {
        Some(approved) if approved == rendered => Ok(()),
        approved => Err(Changed { approved: approved.map(str::to_string), rendered }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use foureyes_core::Policy;

    fn spec(execute: &str) -> ConnectorSpec {
        let yaml = format!(
            "version: 1\nactions:\n  a.b:\n    tier: 3\n    params: {{ x: {{ type: string, max_len: 50 }} }}\n    execute:\n{execute}"
        );
        let policy = Policy::from_yaml("bind.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
        policy.action("a.b").and_then(|a| a.execute.clone()).unwrap_or_else(|| panic!("no connector"))
    }

    fn request() -> ActionRequest {
        serde_json::from_value(json!({"request_id": "r1", "agent": "bot", "action": "a.b", "params": {"x": "v 1"}}))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    const COMMAND: &str = "      command:\n        argv: [\"/bin/echo\", \"--\", \"{{ params.x }}\"]\n        env: { TOKEN: \"{{ secret.tok }}\" }\n        timeout: 2s\n";
    const MCP: &str = "      mcp:\n        server: crm\n        command: [\"/usr/bin/crm-mcp\", \"{{ params.x }}\"]\n        env: { CRM_TOKEN: \"{{ secret.crm }}\" }\n        tool: close\n        arguments: '{\"id\": {{ params.x }}}'\n";

    fn digest_of(execute: &str) -> String {
        digest(&rendered(&spec(execute), &request(), None))
    }

    #[test]
    fn a_command_or_mcp_connector_is_shown_rendered_with_secrets_by_name() {
        let shown = rendered(&spec(COMMAND), &request(), None);
        assert_eq!(shown["connector"]["command"]["argv"], json!(["/bin/echo", "--", "v 1"]), "{shown}");
        assert_eq!(shown["connector"]["command"]["env"]["TOKEN"], json!("[secret tok]"));
        assert_eq!(shown["secrets"], json!(["tok"]));
        let shown = rendered(&spec(MCP), &request(), None);
        assert_eq!(shown["connector"]["mcp"]["command"], json!(["/usr/bin/crm-mcp", "v 1"]), "{shown}");
        assert_eq!(shown["connector"]["mcp"]["arguments"], json!(r#"{"id": "v 1"}"#));
        assert_eq!(shown["connector"]["mcp"]["env"]["CRM_TOKEN"], json!("[secret crm]"));
    }

    #[test]
    fn what_would_run_differently_has_another_digest_and_a_respelling_has_the_same() {
        for (base, changed) in [
            (COMMAND, COMMAND.replace("/bin/echo", "/bin/rm")),
            (COMMAND, COMMAND.replace("secret.tok", "secret.root_tok")),
            (COMMAND, COMMAND.replace("TOKEN:", "LD_PRELOAD: \"/tmp/x.so\", TOKEN:")),
            (COMMAND, COMMAND.replace("2s", "10m")),
            (MCP, MCP.replace("tool: close", "tool: delete")),
            (MCP, MCP.replace("server: crm", "server: crm2")),
            (MCP, MCP.replace("{\"id\"", "{\"all\": true, \"id\"")),
        ] {
            assert_ne!(digest_of(base), digest_of(&changed), "{changed}");
        }
        for (base, respelled) in [
            (COMMAND, COMMAND.replace("{{ params.x }}", "{{params.x}}")),
            (MCP, MCP.replace("{{ params.x }}", "{{  params.x  }}")),
        ] {
            assert_eq!(digest_of(base), digest_of(&respelled), "{respelled}");
        }
    }

    #[test]
    fn the_door_owns_its_evidence_key_and_keeps_the_agents_evidence() {
        let spec = spec(COMMAND);
        let mut r = request();
        r.evidence = Some(json!({"ticket": "T-1", EVIDENCE_KEY: {"digest": "forged"}}));
        record(&mut r, &spec, None);
        let evidence = r.evidence.clone().unwrap_or_default();
        assert_eq!(evidence["ticket"], json!("T-1"));
        assert_eq!(evidence[EVIDENCE_KEY]["digest"], json!(digest(&rendered(&spec, &request(), None))));
        let mut r = request();
        r.evidence = Some(json!("a note"));
        record(&mut r, &spec, None);
        assert_eq!(r.evidence.unwrap_or_default()["agent"], json!("a note"));
        // Evidence near its cap: the digest alone, said; the request stays within the shape rules.
        let mut r = request();
        r.evidence = Some(json!({"filler": "x".repeat(MAX_EVIDENCE_BYTES - 250)}));
        record(&mut r, &spec, None);
        assert!(r.evidence.as_ref().unwrap_or(&Value::Null)[EVIDENCE_KEY]["note"].is_string());
        assert!(r.validate_shape().is_ok());
    }
}
