//! `foureyes mcp-proxy`: its arguments (a clap `Args` the `foureyes` binary embeds) and its entry point, which
//! loads the policy, opens the embedded store and runs the stdio transport on this process's stdin/stdout.

use crate::gate::{Gate, GateConfig};
use crate::stdio::{StdioError, StdioOptions, run_stdio};
use foureyes_core::Policy;
use foureyes_core::window::parse_duration_ms;
use foureyes_store::{SqliteOptions, SqliteStore, Store};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `foureyes mcp-proxy`.
#[derive(Debug, Clone, clap::Args)]
#[command(
    after_help = "Example:\n  foureyes --db fe.db --policy policy.yaml mcp-proxy --name fs -- \\\n    npx -y @modelcontextprotocol/server-filesystem /srv/data\n\nActions are named `mcp.<name>.<tool>` in the policy; the tool's arguments are the params."
)]
pub struct ProxyArgs {
    /// The upstream server's name: tools become the actions `mcp.<name>.<tool>`.
    #[arg(long)]
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
    /// How long a repeat of an approved call that already ran is answered "already executed" (afterwards an
    /// identical call is a new request that needs a new approval).
    #[arg(long, value_parser = duration, default_value = "1h")]
    pub retry_window: Duration,
    /// Largest client message, in bytes (larger ones are answered with a JSON-RPC error).
    #[arg(long, default_value_t = crate::framing::DEFAULT_MAX_LINE_BYTES)]
    pub max_message_bytes: usize,
    /// Serve Streamable HTTP on this address (loopback unless --allow-remote), in front of --upstream.
    #[arg(long, requires = "upstream")]
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
    /// The upstream MCP server's command and arguments (after `--`), for the stdio transport.
    #[arg(last = true, required_unless_present = "upstream")]
    pub command: Vec<String>,
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

/// Runs the proxy until the client or the upstream closes; returns the upstream's exit code.
pub async fn run(db: &Path, policy: Option<&Path>, args: ProxyArgs) -> Result<u8, ProxyCliError> {
    let path = policy.ok_or_else(|| {
        ProxyCliError::Policy(
            "no policy: pass --policy FILE or set FOUREYES_POLICY (actions `mcp.<name>.<tool>`)".into(),
        )
    })?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| ProxyCliError::Policy(format!("cannot read policy `{}`: {e}", path.display())))?;
    let policy =
        Policy::from_yaml(&path.display().to_string(), &text).map_err(|e| ProxyCliError::Policy(e.to_string()))?;
    let store = SqliteStore::open(db, SqliteOptions::default()).map_err(|e| ProxyCliError::Storage(e.to_string()))?;
    store.record_policy(&policy, crate::gate::now_ms()).await.map_err(|e| ProxyCliError::Storage(e.to_string()))?;
    let mut config = GateConfig::new(&args.name);
    if let Some(agent) = args.agent {
        config.agent = agent;
    }
    config.session = args.session;
    config.wait = args.wait;
    config.hide_denied = args.hide_denied;
    config.retry_window = args.retry_window;
    let gate = Arc::new(Gate::new(Arc::new(store), Arc::new(policy), config));
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
    let code = run_stdio(gate, &args.command, crate::stdio::process_stdin(), tokio::io::stdout(), options).await?;
    // The child's exit code, as far as it fits; a child killed by a signal is a failure.
    Ok(code.map_or(1, |c| u8::try_from(c).unwrap_or(1)))
}

fn upstream_path(upstream: &str) -> String {
    upstream.parse::<axum::http::Uri>().map(|u| u.path().to_string()).unwrap_or_default()
}
