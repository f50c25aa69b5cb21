//! Connector specs: what FourEyes itself runs after a permit, as written in an action's `execute:` section. Data
//! only: the templates are checked and run by `foureyes-connect`, which holds the HTTP client, the processes and
//! the secrets. The core never renders, fetches or spawns anything.
//!
//! ```yaml
//! actions:
//!   shop.refund:
//!     tier: 2
//!     params: { order_id: { type: string, pattern: "^ord_[0-9]+$" }, amount_eur: { type: number, max: 50 } }
//!     execute:
//!       http:
//!         method: POST
//!         url: "https://shop.example/api/orders/{{ params.order_id }}/refunds"   # values are percent-encoded
//!         headers: { authorization: "Bearer {{ secret.shop_token }}" }         # secrets: headers and body only
//!         body: '{"amount_eur": {{ params.amount_eur }}}'                      # values are JSON-encoded
//!         success: { status: [200, 201], json_pointer: { pointer: /ok, equals: true } }
//!         timeout: 10s
//!   backup.run:
//!     tier: 1
//!     execute:
//!       command:
//!         argv: ["/usr/bin/restic", "backup", "{{ params.path }}"]   # one argument per element, never a shell
//!         env: { RESTIC_PASSWORD: "{{ secret.restic }}" }
//!         timeout: 10m
//!   crm.close_ticket:
//!     tier: 1
//!     params: { ticket: { type: string, pattern: "^T-[0-9]+$" } }
//!     execute:
//!       mcp:
//!         server: crm                                            # its tools are pinned under this name
//!         command: ["/usr/local/bin/crm-mcp"]                    # a stdio upstream (or `url:` for Streamable HTTP)
//!         env: { CRM_TOKEN: "{{ secret.crm }}" }
//!         tool: close_ticket
//!         arguments: '{"id": {{ params.ticket }}}'                # default: the action's params as they are
//!         timeout: 20s
//! ```
//!
//! Template values are data: a param is rendered once, escaped for where it lands, and never parsed as a template.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The code a plain decide is refused with for an action FourEyes runs itself (ADR-480).
pub const USE_EXECUTE: &str = "use_execute";

/// Why a plain decide (`POST /v1/decide`, `foureyes decide`) of `action` is refused, if it is (ADR-480): an action
/// with an `execute:` connector is decided and run in one call (`POST /v1/execute`, `foureyes execute`). A plain
/// decide would take its permit (a released approval, a place under a limit) and nothing would ever run it: the
/// connector runs only for a permit its own call made, and only the run reports. A rehearsal (`dry_run`) decides
/// nothing and is answered.
pub fn plain_decide_refused(policy: &crate::Policy, action: &str, dry_run: bool) -> Option<String> {
    let spec = policy.action(action)?.execute.as_ref()?;
    if dry_run {
        return None;
    }
    Some(format!(
        "action `{action}` is run by FourEyes (`execute: {}` in the policy): send this request to POST /v1/execute \
         (or `foureyes execute`), which decides and runs it exactly once; a plain decide would take its permit and \
         nothing would run it",
        spec.kind()
    ))
}

/// One action's connector: exactly one kind.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ConnectorSpec {
    Http(HttpSpec),
    Command(CommandSpec),
    Mcp(McpSpec),
}

impl ConnectorSpec {
    pub fn kind(&self) -> &'static str {
        match self {
            ConnectorSpec::Http(_) => "http",
            ConnectorSpec::Command(_) => "command",
            ConnectorSpec::Mcp(_) => "mcp",
        }
    }

    /// The run's deadline as written (`10s`, `2m`), if any.
    pub fn timeout(&self) -> Option<&str> {
        match self {
            ConnectorSpec::Http(h) => h.timeout.as_deref(),
            ConnectorSpec::Command(c) => c.timeout.as_deref(),
            ConnectorSpec::Mcp(m) => m.timeout.as_deref(),
        }
    }
}

/// An HTTP request made by FourEyes with the credentials it holds.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HttpSpec {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    pub method: String,
    /// URL template; every value is percent-encoded, so a param can never add a path segment, query or host.
    pub url: String,
    /// Header templates (secrets allowed).
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    /// JSON body template: every value is rendered as a JSON literal (secrets allowed); the result must parse.
    #[serde(default)]
    pub body: Option<String>,
    #[serde(default)]
    pub success: Option<HttpSuccess>,
    /// Origins (`https://host[:port]`) the request and its redirects may reach. Default: the URL template's own
    /// origin, which must then be literal (no template in scheme, host or port).
    #[serde(default)]
    pub allow_origins: Vec<String>,
    #[serde(default)]
    pub timeout: Option<String>,
    /// Most response bytes kept in the report (the rest is dropped and said). Default 16 KiB.
    #[serde(default)]
    pub max_response_bytes: Option<usize>,
    /// An optional read made before the write; its response is kept as `before` in the report so that the
    /// compensating action's connector can restore it (`{{ original.detail.before.json... }}`).
    #[serde(default)]
    pub before: Option<HttpRead>,
}

/// A read request (GET) captured before the write.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HttpRead {
    pub url: String,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
}

/// What counts as success. Default: any 2xx status.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HttpSuccess {
    /// Accepted statuses; empty = any 2xx.
    #[serde(default)]
    pub status: Vec<u16>,
    #[serde(default)]
    pub json_pointer: Option<JsonPointerCheck>,
}

/// The response body's JSON value at `pointer` (RFC 6901) must equal `equals`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct JsonPointerCheck {
    pub pointer: String,
    pub equals: Value,
}

/// A program run directly (argv, never a shell).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CommandSpec {
    /// Program and arguments, one template per element; a value stays inside its element. No secrets here
    /// (argv is visible to every user of the machine): pass them in `env`.
    pub argv: Vec<String>,
    /// Environment templates (secrets allowed). The child starts from an empty environment plus `PATH`.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    #[serde(default)]
    pub cwd: Option<String>,
    #[serde(default)]
    pub timeout: Option<String>,
    /// Exit statuses that mean success. Default `[0]`.
    #[serde(default)]
    pub success_exit: Vec<i32>,
    /// Bytes of stdout and stderr tail kept in the report. Default 4 KiB each.
    #[serde(default)]
    pub output_tail_bytes: Option<usize>,
}

/// A tool on an MCP server, called by FourEyes itself: one session per run (initialize, `tools/list` — the tool's
/// definition must be its pin — then one `tools/call`),
/// over stdio (`command`) or Streamable HTTP (`url`) — exactly one of them.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct McpSpec {
    /// The upstream's name, as `foureyes mcp-proxy --name` gives it: its tools' pins are kept under it (the policy's
    /// `mcp.<server>.pins`, the journal's `tool_pinned` events), and a tool whose listed definition is not its pin is
    /// not called (ADR-441). Letters, digits, `_` and `-`.
    #[serde(default)]
    pub server: Option<String>,
    /// A stdio upstream: program and arguments, one template per element (no secrets), never a shell.
    #[serde(default)]
    pub command: Vec<String>,
    /// Environment templates of the stdio upstream (secrets allowed). It starts from an empty environment plus
    /// `PATH`.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    #[serde(default)]
    pub cwd: Option<String>,
    /// A Streamable HTTP upstream: its MCP endpoint, written literally (no template); redirects are not followed.
    #[serde(default)]
    pub url: Option<String>,
    /// Header templates of the HTTP upstream (secrets allowed).
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    /// The tool's name.
    pub tool: String,
    /// JSON template of the tool's arguments (values rendered as JSON literals; secrets allowed); it must render to
    /// an object. Default: the action's params as they are.
    #[serde(default)]
    pub arguments: Option<String>,
    #[serde(default)]
    pub timeout: Option<String>,
}
