//! `foureyes mcp-proxy`: its arguments (a clap `Args` the `foureyes` binary embeds) and its entry point, which
//! builds the engine (the embedded store with the policy, or `--server URL --token T`) and runs one transport:
//! stdio on this process's stdin/stdout, HTTP in front of `--upstream`, or HTTP in front of a stdio command.

use crate::engine::{Engine, Remote};
use crate::gate::{Gate, GateConfig};
use crate::stdio::{StdioError, StdioOptions, run_stdio};
use foureyes_core::Policy;
use foureyes_core::window::parse_duration_ms;
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `foureyes mcp-proxy`.
#[derive(Debug, Clone, clap::Args)]
#[command(
    after_help = "Example:\n  foureyes --db fe.db --policy policy.yaml mcp-proxy --name fs -- \\\n    npx -y @modelcontextprotocol/server-filesystem /srv/data\n\nActions are named `mcp.<name>.<tool>` in the policy; the tool's arguments are the params."
)]
pub struct ProxyArgs {
    /// The upstream server's name: tools become the actions `mcp.<name>.<tool>` (letters, digits, `_` and `-`).
    #[arg(long, value_parser = CheckedValue::new("--name", foureyes_core::tool_pin::check_server_name))]
    pub name: String,
    /// Who the calls are attributed to (default `mcp:<name>`). That agent can never approve its own calls.
    #[arg(long)]
    pub agent: Option<String>,
    /// A session label: identical calls in different sessions are not retries of one another.
    #[arg(long)]
    pub session: Option<String>,
    /// Hold a call that awaits approval open for up to this long (e.g. `60s`, `5m`), then forward it once it is
    /// approved. Default: answer at once ("awaiting human approval").
    #[arg(long, value_parser = duration)]
    pub wait: Option<Duration>,
    /// Omit from `tools/list` the tools the policy does not name (that response is then re-serialized).
    #[arg(long)]
    pub hide_denied: bool,
    /// Do not pin tool definitions. By default each tool's definition (description, schemas, annotations) is pinned
    /// when first listed, or as the policy's `mcp: {<name>: {pins: {<tool>: <sha256>}}}` says; a tool whose
    /// definition changes is hidden and its calls refused until a person re-pins it (`foureyes mcp pins approve`).
    #[arg(long)]
    pub no_pin_tools: bool,
    /// How long a repeat of an approved call that already ran is answered "already executed" (afterwards an
    /// identical call is a new request that needs a new approval).
    #[arg(long, value_parser = duration, default_value = "1h")]
    pub retry_window: Duration,
    /// How long a forwarded `tools/call` waits for the upstream's answer. Past it the client is answered
    /// `isError`, the outcome is reported `unknown` (what it reserved stays reserved: it may have run), and a late
    /// answer is logged, never delivered. The policy's `mcp: {<name>: {call_timeouts: {<tool>: 30s}}}` overrides it
    /// per tool.
    #[arg(long, value_parser = duration, default_value = "5m")]
    pub call_timeout: Duration,
    /// Largest client message, in bytes (larger ones are answered with a JSON-RPC error).
    #[arg(long, default_value_t = crate::framing::DEFAULT_MAX_LINE_BYTES)]
    pub max_message_bytes: usize,
    /// Serve Streamable HTTP on this address (loopback unless --allow-remote), in front of --upstream or of the
    /// stdio upstream command given after `--` (one child process per MCP session).
    #[arg(long)]
    pub listen: Option<std::net::SocketAddr>,
    /// The upstream's Streamable HTTP endpoint (`http://HOST:PORT/mcp`); the proxy serves the same path.
    #[arg(long, requires = "listen", conflicts_with = "command")]
    pub upstream: Option<String>,
    /// A browser origin allowed besides loopback ones (exact `scheme://host:port`; repeatable).
    #[arg(long)]
    pub allow_origin: Vec<String>,
    /// Allow --listen on an address that is not loopback (the proxy has no authentication of its own).
    #[arg(long)]
    pub allow_remote: bool,
    /// Decide through a running `foureyes serve` (its base URL, e.g. `http://127.0.0.1:8080`) instead of the
    /// embedded store: the server's policy decides, the token's principal is the agent, and people approve in its
    /// console or API. If the server cannot be reached, no call is forwarded.
    #[arg(long, requires = "token")]
    pub server: Option<String>,
    /// The agent token for --server (`foureyes token create --role agent`). Checked at start-up with `GET /v1/me`:
    /// a token the server does not know, or one that is not an agent's, is refused (exit 2).
    #[arg(long, env = "FOUREYES_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// With --server: report outcomes (and only report them) with this executor token (`foureyes token create
    /// --role executor --for AGENT`, AGENT being --token's principal); decisions and waits keep --token. Needed once
    /// the agent has an executor: the server then refuses the agent's own reports. The proxy is the executor here
    /// (it runs the upstream tool and reports what came back), and the model behind it never sees either token.
    /// What this protects against: a leaked agent token used outside the proxy cannot report `failed` to release a
    /// reservation, nor `executed` for something that never ran. It does not protect against a compromised proxy
    /// host, which holds both tokens. Checked at start-up with `GET /v1/me` (anything but an executor serving
    /// --token's agent is refused, exit 2; a server that cannot be reached, exit 8); a refused report later stops
    /// the proxy from forwarding anything more.
    #[arg(long, env = "FOUREYES_EXECUTOR_TOKEN", hide_env_values = true)]
    pub executor_token: Option<String>,
    /// Ask the person at the MCP client to approve a held call inline (`elicitation/create`, stdio and a stdio
    /// upstream behind --listen, when the client declared elicitation); the answer is recorded as this
    /// approver's vote or rejection. Off by default: the client sits on the agent's side of the door, so this
    /// trades the independent second pair of eyes for convenience (policies that require two approvers still need
    /// another person; step-up approvals are never asked inline).
    #[arg(long, value_name = "APPROVER", conflicts_with = "server")]
    pub elicit_approver: Option<String>,
    /// How long one request to --server may take before the call is answered "not forwarded".
    #[arg(long, value_parser = duration, default_value = "10s")]
    pub server_timeout: Duration,
    /// Export a trace span per gated `tools/call` (its decisions, forward and report as events) to this
    /// OpenTelemetry collector, over OTLP/HTTP protobuf: the base URL, spans go to URL/v1/traces. The span joins
    /// the trace `foureyes serve` gives the same (agent, request id). Off when unset.
    #[arg(long, value_name = "URL", env = "OTEL_EXPORTER_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,
    /// The upstream MCP server's command and arguments (after `--`), for the stdio transport.
    #[arg(last = true, required_unless_present = "upstream")]
    pub command: Vec<String>,
}

/// A value parser whose refusal is FourEyes' message alone, the value escaped: clap's own message for a refused value
/// ("invalid value 'f\u{455}' for '--name'") echoes the value raw before FourEyes' escaped one (attack 40, ADR-1321).
/// One home for every argument refused by a FourEyes check (`--name` here, `foureyes`'s `--as`). Exit 2, as every
/// refused argument.
#[derive(Clone)]
pub struct CheckedValue {
    flag: &'static str,
    check: fn(&str) -> Result<(), String>,
}

impl CheckedValue {
    /// `flag` as written on the command line (`--as`), `check` the rule its value must meet.
    pub const fn new(flag: &'static str, check: fn(&str) -> Result<(), String>) -> Self {
        CheckedValue { flag, check }
    }
}

impl clap::builder::TypedValueParser for CheckedValue {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        match (self.check)(&text) {
            Ok(()) => Ok(text.into_owned()),
            Err(why) => {
                Err(clap::Error::raw(clap::error::ErrorKind::ValueValidation, format!("`{}`: {why}\n", self.flag)))
            }
        }
    }
}

fn duration(text: &str) -> Result<Duration, String> {
    let ms = parse_duration_ms(text)?;
    Ok(Duration::from_millis(u64::try_from(ms).map_err(|_| format!("`{text}` is not a positive duration"))?))
}

/// A failure of the command, with the exit code the binary uses for it.
#[derive(Debug, thiserror::Error)]
pub enum ProxyCliError {
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Policy(String),
    #[error("{0}")]
    Storage(String),
    #[error(transparent)]
    Stdio(#[from] StdioError),
    #[error(transparent)]
    Http(#[from] crate::http::HttpError),
}

impl ProxyCliError {
    /// The `foureyes` exit code: 9 policy, 8 storage, 2 usage (the upstream cannot be started).
    pub fn exit_code(&self) -> u8 {
        match self {
            ProxyCliError::Policy(_) => 9,
            ProxyCliError::Storage(_)
            | ProxyCliError::Stdio(StdioError::Io(_))
            | ProxyCliError::Http(crate::http::HttpError::Io(_)) => 8,
            ProxyCliError::Usage(_) | ProxyCliError::Stdio(_) | ProxyCliError::Http(_) => 2,
        }
    }
}

/// Runs the proxy until the client or the upstream closes; returns the upstream's exit code. `seal` is the door
/// seal's key this process was given (`--seal-key` / FOUREYES_SEAL_KEY, ADR-420): the embedded store holds it, as
/// every other door's does (ADR-851), and keeps settled request ids in memory for `request_memory` (ADR-373).
pub async fn run(
    db: &Path,
    policy: Option<&Path>,
    seal: Option<foureyes_core::seal::SealKey>,
    request_memory: Option<i64>,
    args: ProxyArgs,
) -> Result<u8, ProxyCliError> {
    let mut config = GateConfig::new(&args.name);
    if let Some(agent) = &args.agent {
        config.agent = agent.clone();
    }
    config.session = args.session.clone();
    config.wait = args.wait;
    config.hide_denied = args.hide_denied;
    config.pin_tools = !args.no_pin_tools;
    config.retry_window = args.retry_window;
    config.call_timeout = args.call_timeout;
    config.elicit_approver = args.elicit_approver.clone();
    if config.elicit_approver.as_deref() == Some(config.agent.as_str()) {
        return Err(ProxyCliError::Usage(format!(
            "--elicit-approver `{}` is the agent itself: an agent never approves its own calls",
            config.agent
        )));
    }
    let gate = match &args.server {
        Some(url) => {
            let token = args.token.as_deref().unwrap_or_default();
            let mut engine = Remote::new(url, token, args.server_timeout).map_err(ProxyCliError::Usage)?;
            if let Some(executor) = &args.executor_token {
                engine = engine.with_executor(executor).map_err(ProxyCliError::Usage)?;
            }
            // A credential that cannot decide or report is found now, not after the first tool has run.
            let skipped = engine.check_credentials().await.map_err(|e| match e {
                foureyes_store::StoreError::Backend(why) => ProxyCliError::Storage(why),
                other => ProxyCliError::Usage(other.to_string()),
            })?;
            if let Some(warning) = skipped {
                eprintln!("foureyes mcp-proxy: warning: {warning}");
            }
            // The server's policy decides; the gate's own is empty (see `Gate::with_engine`).
            let placeholder = Policy::from_yaml("(decided by the server)", "version: 1\nactions: {}\n")
                .map_err(|e| ProxyCliError::Policy(e.to_string()))?;
            let reports = if engine.reports_as_executor() { ", reporting as the executor" } else { "" };
            eprintln!("foureyes mcp-proxy: deciding through {}{reports}", engine.describe());
            Arc::new(Gate::with_engine(Arc::new(engine), Arc::new(placeholder), config))
        }
        None if args.executor_token.is_some() => {
            // The embedded proxy reports through its own database file, where no credential applies; a token given
            // for nothing would only suggest a protection that is not there.
            return Err(ProxyCliError::Usage(
                "--executor-token (or FOUREYES_EXECUTOR_TOKEN) is for --server: the embedded proxy reports through \
                 its database"
                    .into(),
            ));
        }
        None => embedded(db, policy, seal, request_memory, config).await?,
    };
    serve(gate, args).await
}

async fn embedded(
    db: &Path,
    policy: Option<&Path>,
    seal: Option<foureyes_core::seal::SealKey>,
    request_memory: Option<i64>,
    config: GateConfig,
) -> Result<Arc<Gate>, ProxyCliError> {
    let path = policy.ok_or_else(|| {
        ProxyCliError::Policy(
            "no policy: pass --policy FILE or set FOUREYES_POLICY (actions `mcp.<name>.<tool>`)".into(),
        )
    })?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| ProxyCliError::Policy(format!("cannot read policy `{}`: {e}", path.display())))?;
    let policy =
        Policy::from_yaml(&path.display().to_string(), &text).map_err(|e| ProxyCliError::Policy(e.to_string()))?;
    let store = SqliteStore::open(db, SqliteOptions::default())
        .map_err(|e| ProxyCliError::Storage(e.to_string()))?
        .with_seal_key(seal)
        .with_request_memory(request_memory);
    store.record_policy(&policy, crate::gate::now_ms()).await.map_err(|e| ProxyCliError::Storage(e.to_string()))?;
    Ok(Arc::new(Gate::new(Arc::new(store), Arc::new(policy), config)))
}

async fn serve(gate: Arc<Gate>, args: ProxyArgs) -> Result<u8, ProxyCliError> {
    if let (Some(listen), Some(upstream)) = (args.listen, &args.upstream) {
        if !listen.ip().is_loopback() && !args.allow_remote {
            return Err(ProxyCliError::Usage(format!(
                "--listen {listen} is not a loopback address: the proxy has no authentication of its own; pass \
                 --allow-remote to serve it anyway"
            )));
        }
        let mut options = crate::http::HttpOptions::new(upstream);
        options.allowed_origins = args.allow_origin;
        options.max_body_bytes = args.max_message_bytes;
        let app = crate::http::app(gate, options)?;
        let listener = tokio::net::TcpListener::bind(listen).await.map_err(crate::http::HttpError::Io)?;
        eprintln!(
            "foureyes mcp-proxy: serving http://{}{} in front of {upstream}",
            listener.local_addr().map_err(crate::http::HttpError::Io)?,
            upstream_path(upstream)
        );
        crate::http::serve(listener, app).await.map_err(crate::http::HttpError::Io)?;
        return Ok(0);
    }
    let options = StdioOptions { max_line_bytes: args.max_message_bytes, ..StdioOptions::default() };
    if let Some(listen) = args.listen {
        if args.command.is_empty() {
            return Err(StdioError::NoCommand.into());
        }
        if !listen.ip().is_loopback() && !args.allow_remote {
            return Err(ProxyCliError::Usage(format!(
                "--listen {listen} is not a loopback address: the proxy has no authentication of its own; pass \
                 --allow-remote to serve it anyway"
            )));
        }
        let mut bridge = crate::bridge::BridgeOptions::new(args.command.clone());
        bridge.allowed_origins = args.allow_origin;
        bridge.max_body_bytes = args.max_message_bytes;
        bridge.stdio = options;
        let listener = tokio::net::TcpListener::bind(listen).await.map_err(crate::http::HttpError::Io)?;
        eprintln!(
            "foureyes mcp-proxy: serving http://{}{} in front of `{}` (one process per session)",
            listener.local_addr().map_err(crate::http::HttpError::Io)?,
            bridge.path,
            args.command.join(" ")
        );
        let app = crate::bridge::app(gate, bridge);
        crate::http::serve(listener, app).await.map_err(crate::http::HttpError::Io)?;
        return Ok(0);
    }
    let code = run_stdio(gate, &args.command, crate::stdio::process_stdin(), tokio::io::stdout(), options).await?;
    // The child's exit code, as far as it fits; a child killed by a signal is a failure.
    Ok(code.map_or(1, |c| u8::try_from(c).unwrap_or(1)))
}

fn upstream_path(upstream: &str) -> String {
    upstream.parse::<axum::http::Uri>().map(|u| u.path().to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    /// Attack 30 N2: a dotted server name let two servers' tools share one action name.
    #[test]
    fn a_server_name_cannot_make_two_tools_one_action() {
        for good in ["fs", "bank", "my-server_2"] {
            assert_eq!(foureyes_core::tool_pin::check_server_name(good), Ok(()));
        }
        for bad in ["bank.a", "", "a b", "bänk", "a/b"] {
            assert!(foureyes_core::tool_pin::check_server_name(bad).is_err(), "{bad:?}");
        }
    }
}
