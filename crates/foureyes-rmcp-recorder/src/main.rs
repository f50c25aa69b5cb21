//! A real MCP server built on `rmcp` (the official Rust SDK), served over stdio (or over Streamable HTTP with
//! `--http PORT`: rmcp's `StreamableHttpService` at `http://127.0.0.1:PORT/mcp`), that records every tool call it
//! actually runs: one JSON line per execution appended to the file named by the `RECORD` environment variable.
//!
//! It is the third upstream of the MCP proxy's differential suite (`tests/differential.rs`, next to the Python
//! and TypeScript recorders in `crates/foureyes-mcp/tests/peers/`): the same tools, `pay(amount, to, delay_ms=0)`
//! (sleeps `delay_ms`, then records and answers) and `echo(text)`, and the same record format
//! (`{"sdk": "rust", "tool", "arguments"}`). A test peer: nothing ships it.
//!
//! `pay_asking(to)` asks the client for the amount (`elicitation/create`) while it runs and pays what the client
//! answers (recorded as `pay`): the rmcp leg of attack 7's H5 (`tests/differential.rs`).

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ServerHandler, ServiceExt, schemars, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Pay {
    amount: f64,
    to: String,
    #[serde(default)]
    delay_ms: Option<u64>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct PayAsking {
    to: String,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Echo {
    text: String,
}

#[derive(Debug, Clone)]
struct Recorder {
    record: PathBuf,
    lock: Arc<Mutex<()>>,
    tool_router: ToolRouter<Self>,
}

impl Recorder {
    /// Appends one execution to the record; a failure to record is the tool's answer (the suite then sees the
    /// run missing from the record and the answer not matching).
    fn record(&self, tool: &str, arguments: Value) -> Result<(), String> {
        let _guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        let mut line = json!({"sdk": "rust", "tool": tool, "arguments": arguments}).to_string();
        line.push('\n');
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.record)
            .and_then(|mut f| f.write_all(line.as_bytes()))
            .map_err(|e| format!("error: cannot record to `{}`: {e}", self.record.display()))
    }
}

#[tool_router]
impl Recorder {
    #[tool(description = "Send a payment.")]
    async fn pay(&self, Parameters(Pay { amount, to, delay_ms }): Parameters<Pay>) -> String {
        if let Some(ms) = delay_ms.filter(|ms| *ms > 0) {
            tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
        }
        match self.record("pay", json!({"amount": amount, "to": to})) {
            Ok(()) => format!("paid {amount} to {to}"),
            Err(e) => e,
        }
    }

    #[tool(description = "Send a payment; the amount is asked for.")]
    async fn pay_asking(
        &self,
        Parameters(PayAsking { to }): Parameters<PayAsking>,
        context: rmcp::service::RequestContext<rmcp::service::RoleServer>,
    ) -> String {
        let params = json!({"mode": "form", "message": "How much should be paid?",
            "requestedSchema": {"type": "object", "properties": {"amount": {"type": "number"}}, "required": ["amount"]}});
        let Ok(params) = serde_json::from_value::<rmcp::model::ElicitRequestParams>(params) else {
            return "error: the elicitation request does not build".into();
        };
        let answer = match context.peer.create_elicitation(params).await {
            Ok(answer) => serde_json::to_value(&answer).unwrap_or_default(),
            Err(e) => return format!("not paid ({e})"),
        };
        let Some(amount) =
            answer.pointer("/content/amount").and_then(Value::as_f64).filter(|_| answer["action"] == "accept")
        else {
            return format!("not paid ({})", answer["action"]);
        };
        match self.record("pay", json!({"amount": amount, "to": to})) {
            Ok(()) => format!("paid {amount} to {to}"),
            Err(e) => e,
        }
    }

    #[tool(description = "Echo a text.")]
    async fn echo(&self, Parameters(Echo { text }): Parameters<Echo>) -> String {
        match self.record("echo", json!({"text": text})) {
            Ok(()) => text,
            Err(e) => e,
        }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Recorder {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("rmcp-recorder", env!("CARGO_PKG_VERSION")))
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let Some(record) = std::env::var_os("RECORD").map(PathBuf::from) else {
        eprintln!("rmcp-recorder: set RECORD to the file that records the tool calls run");
        return std::process::ExitCode::from(2);
    };
    let recorder = Recorder { record, lock: Arc::new(Mutex::new(())), tool_router: Recorder::tool_router() };
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, port] = args.as_slice()
        && flag == "--http"
    {
        return serve_http(recorder, port).await;
    }
    let service = match recorder.serve(rmcp::transport::stdio()).await {
        Ok(service) => service,
        Err(e) => {
            eprintln!("rmcp-recorder: the MCP session did not start: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    match service.waiting().await {
        Ok(_) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rmcp-recorder: the MCP session failed: {e}");
            std::process::ExitCode::from(1)
        }
    }
}

/// Serves the recorder over Streamable HTTP (rmcp's sessions, SSE responses) until killed.
async fn serve_http(recorder: Recorder, port: &str) -> std::process::ExitCode {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
    let Ok(port) = port.parse::<u16>() else {
        eprintln!("rmcp-recorder: `--http` takes a port number, not `{port}`");
        return std::process::ExitCode::from(2);
    };
    let service = StreamableHttpService::new(
        move || Ok(recorder.clone()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", port)).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("rmcp-recorder: cannot listen on 127.0.0.1:{port}: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    match axum::serve(listener, router).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rmcp-recorder: the HTTP server failed: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
