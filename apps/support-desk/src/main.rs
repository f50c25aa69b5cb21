//! The `support-desk` binary: `seed`, `start`, `resume`, `continue`, `show`, `eval benchmark|redteam|trajectories`,
//! `mcp lookup|action`.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use support_desk::db::DeskDb;
use support_desk::{Error, eval, graph, llm, mcp, pg};

#[derive(Parser)]
#[command(name = "support-desk", about = "A support agent whose every write passes the FourEyes gate")]
struct Cli {
    /// The desk's database (customers, orders, tickets, refunds, audit, run states): a SQLite file, or a
    /// `postgres://` URL of a role that owns (or may create) the desk's tables. On PostgreSQL the evals build their
    /// accounts in a fresh schema of that database, dropped after the run.
    #[arg(long, env = "SUPPORT_DESK_DB", default_value = "support-desk.db", global = true)]
    db: String,
    /// On PostgreSQL, the lookup server's URL: a role with SELECT grants only (sql/pg-roles.sql). Default: the
    /// `--db` URL as user `support_desk_lookup` (only when `--db` carries no password).
    #[arg(long, env = "SUPPORT_DESK_LOOKUP_DB", global = true)]
    lookup_db: Option<String>,
    /// The FourEyes database: a SQLite file, or a `postgres://` URL (FourEyes' PostgreSQL store).
    #[arg(long, env = "FOUREYES_DB", default_value = "support-desk-foureyes.db", global = true)]
    foureyes_db: String,
    /// The action server as a service: its Streamable HTTP URL (`http://127.0.0.1:PORT/mcp`, printed by `mcp action
    /// --listen`). `start`, `resume` and `continue` then connect to it with the bearer credential in
    /// `SUPPORT_DESK_ACTION_TOKEN` instead of starting the action server themselves.
    #[arg(long, env = "SUPPORT_DESK_ACTION_URL", global = true)]
    action_url: Option<String>,
    /// Where this process keeps run states and the audit rows of the blocks it sees itself (a SQLite file or a
    /// `postgres://` URL). Default: the desk's database. With `--action-url`, give the agent its own, so it writes
    /// nothing to the desk's database (the action service holds the only write handle).
    #[arg(long, env = "SUPPORT_DESK_STATE_DB", global = true)]
    state_db: Option<String>,
    /// Export the desk's traces (one per ticket: a span per graph node, the gate wait, each LLM call) to this
    /// OTLP/HTTP collector base URL (traces go to `URL/v1/traces`). Off by default.
    #[arg(long, env = "OTEL_EXPORTER_OTLP_ENDPOINT", global = true)]
    otlp_endpoint: Option<String>,
    /// A trace UI's base URL (`http://127.0.0.1:16686`, or a URL with `{trace_id}`): `show` and the run printouts
    /// then link each ticket's trace.
    #[arg(long, env = "SUPPORT_DESK_TRACE_UI", global = true)]
    trace_ui: Option<String>,
    #[command(flatten)]
    llm: LlmArgs,
    #[command(subcommand)]
    command: Command,
}

/// Which classifier `start` and the evals use. API keys come only from the environment (`ANTHROPIC_API_KEY`,
/// `OPENAI_API_KEY`, `GEMINI_API_KEY`; base URLs from `ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL`, `GEMINI_BASE_URL`): a
/// flag would show in `ps`.
#[derive(clap::Args)]
struct LlmArgs {
    /// offline (default: the deterministic policy classifier, no network), anthropic, openai, gemini, or chain
    /// (the providers of `--chain` in order, each asked when the one before is unavailable).
    #[arg(long, env = "SUPPORT_DESK_CLASSIFIER", value_enum, default_value = "offline", global = true)]
    classifier: ClassifierChoice,
    /// When no LLM provider answers (timeouts, 5xx, 429, connect errors), classify offline instead of escalating.
    #[arg(long, global = true)]
    offline_fallback: bool,
    /// Timeout of one LLM request, in seconds (each request is sent once; no retries).
    #[arg(long, default_value_t = 30, global = true)]
    llm_timeout_secs: u64,
    #[arg(long, env = "ANTHROPIC_MODEL", default_value = llm::DEFAULT_ANTHROPIC_MODEL, global = true)]
    anthropic_model: String,
    #[arg(long, env = "OPENAI_MODEL", default_value = llm::DEFAULT_OPENAI_MODEL, global = true)]
    openai_model: String,
    #[arg(long, env = "GEMINI_MODEL", default_value = llm::DEFAULT_GEMINI_MODEL, global = true)]
    gemini_model: String,
    /// The providers `--classifier chain` asks, in order, comma-separated (each needs its key in the environment).
    #[arg(long, env = "SUPPORT_DESK_CHAIN", value_delimiter = ',', default_value = "anthropic,openai", global = true)]
    chain: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum ClassifierChoice {
    Offline,
    Anthropic,
    Openai,
    Gemini,
    Chain,
}

impl LlmArgs {
    fn classifier(&self) -> Result<llm::Classifier, Error> {
        let choice = match self.classifier {
            ClassifierChoice::Offline => llm::Choice::Offline,
            ClassifierChoice::Anthropic => llm::Choice::Anthropic,
            ClassifierChoice::Openai => llm::Choice::OpenAi,
            ClassifierChoice::Gemini => llm::Choice::Gemini,
            ClassifierChoice::Chain => llm::Choice::Chain,
        };
        let opts = llm::Options {
            timeout: Duration::from_secs(self.llm_timeout_secs.max(1)),
            anthropic_model: self.anthropic_model.clone(),
            openai_model: self.openai_model.clone(),
            gemini_model: self.gemini_model.clone(),
            offline_fallback: self.offline_fallback,
            chain: self.chain.iter().map(|name| llm::ProviderKind::parse(name)).collect::<Result<_, _>>()?,
        };
        llm::from_env(choice, &opts, |var| std::env::var(var).ok())
    }
}

#[derive(Subcommand)]
enum Command {
    /// Load the synthetic demo set.
    Seed,
    /// Run a ticket to the gate (or the end) and exit.
    Start { ticket: i64 },
    /// Continue a ticket waiting at the gate with a human's answer.
    Resume {
        ticket: i64,
        answer: Answer,
        #[arg(long)]
        by: String,
    },
    /// Continue a ticket waiting at the gate whose human answered in the FourEyes console (or whose approved
    /// execution the kill switch held): no vote is cast; still pending → it keeps waiting.
    Continue { ticket: i64 },
    /// Print a ticket's stored run state and audit rows.
    Show { ticket: i64 },
    /// Print the trace of a ticket's decision (what was read from which span, which clause fired and why the
    /// earlier ones did not), from its stored run; `--json` for the machine-readable form.
    Explain {
        ticket: i64,
        #[arg(long)]
        json: bool,
    },
    /// Evaluations.
    Eval {
        #[command(subcommand)]
        which: EvalCommand,
    },
    /// Serve one of the desk's MCP tool servers on stdin/stdout (`start` and `resume` run them this way).
    Mcp {
        #[command(subcommand)]
        which: McpCommand,
    },
}

#[derive(Subcommand)]
enum McpCommand {
    /// The read-only lookups of one ticket, scoped to its customer (SQLite opened `mode=ro`; PostgreSQL as the
    /// SELECT-only lookup role).
    Lookup {
        #[arg(long)]
        ticket: i64,
    },
    /// The write tools; each needs a FourEyes permit of that exact call (checked against --foureyes-db). With
    /// `--listen ADDR`, served over Streamable HTTP at `http://ADDR/mcp` (it prints `listening on URL`), every request
    /// needing `Authorization: Bearer $SUPPORT_DESK_ACTION_TOKEN`; otherwise on stdin/stdout.
    Action {
        #[arg(long)]
        listen: Option<String>,
    },
}

/// The CLI's runs reach their tool servers as child processes of this binary, over stdio, or the action server as a
/// service (`--action-url`, the credential from the environment).
fn child_servers(cli: &Cli) -> Result<mcp::Servers, Error> {
    let remote_action = match &cli.action_url {
        Some(url) => Some(mcp::RemoteAction { url: url.clone(), token: action_token()? }),
        None => None,
    };
    Ok(mcp::Servers::ChildProcess {
        exe: std::env::current_exe()?,
        desk_db: cli.db.clone(),
        lookup_db: cli.lookup_db.clone(),
        foureyes_db: cli.foureyes_db.clone(),
        remote_action,
    })
}

fn action_token() -> Result<String, Error> {
    std::env::var(mcp::ACTION_TOKEN_ENV).map_err(|_| {
        Error::Invalid(format!("the action service's bearer credential is read from {}", mcp::ACTION_TOKEN_ENV))
    })
}

/// Where run states are kept: `--state-db`, else the desk's database.
async fn state_db(cli: &Cli, desk: &DeskDb) -> Result<DeskDb, Error> {
    match &cli.state_db {
        Some(db) => {
            let state = DeskDb::open(db, None)?;
            state.migrate().await?;
            Ok(state)
        }
        None => Ok(desk.clone()),
    }
}

/// A runtime context of the CLI: the desk, the FourEyes store, the run-state database and the tool servers.
async fn cli_context(cli: &Cli, desk: DeskDb) -> Result<graph::Ctx, Error> {
    let state = state_db(cli, &desk).await?;
    let mut ctx = support_desk::context_on(desk, support_desk::open_store_any(&cli.foureyes_db).await?)?;
    ctx.state = state;
    ctx.servers = child_servers(cli)?;
    Ok(ctx)
}

#[derive(Clone, Copy, ValueEnum)]
enum Answer {
    Approved,
    Rejected,
}

#[derive(Subcommand)]
enum EvalCommand {
    Benchmark {
        #[arg(long)]
        input: PathBuf,
        #[arg(long)]
        report: PathBuf,
    },
    Redteam {
        #[arg(long)]
        input: PathBuf,
        #[arg(long)]
        report: PathBuf,
    },
    /// Trains the learned second reading (ADR-1600) on labelled sets and writes the model (the shipped one is
    /// `apps/support-desk/models/intent.tsv`; `scripts/train-intent.sh` rebuilds it).
    TrainIntent {
        /// Labelled sets (benchmark JSONL); rows without an expected action are skipped.
        #[arg(long, required = true, num_args = 1..)]
        input: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
    },
    /// The second reading's model on each row of a set: id, the kind its label stands for, a probability per kind.
    GuessIntent {
        #[arg(long)]
        input: PathBuf,
    },
    /// Path assertions (nodes, tools, gate, final state); exits non-zero when any scenario fails.
    Trajectories {
        /// A scenario file (`.json` one, `.jsonl` one per line) or a directory of them.
        #[arg(long)]
        input: PathBuf,
        #[arg(long)]
        report: PathBuf,
    },
}

fn print_run(stop: graph::Stop, state: &graph::RunState, trace_ui: Option<&str>) {
    let view = serde_json::json!({
        "ticket_id": state.ticket_id,
        // The ticket's trace (derived from its id: the same in every process), and its link in a trace UI.
        "trace_id": support_desk::telemetry::trace_id(state.ticket_id),
        "trace_link": trace_ui.map(|base| support_desk::telemetry::trace_link(base, state.ticket_id)),
        "stop": format!("{stop:?}").to_lowercase(),
        "node": state.node,
        "classification": state.classification.as_ref().map(|c| serde_json::json!({
            "label": c.label, "action": c.action, "policy_refs": c.policy_refs, "reason": c.reason,
            "attempts": c.attempts})),
        "flags": state.sanitized.as_ref().map(|s| s.flags.clone()),
        "proposal": state.proposal,
        "approval_id": state.approval_id,
        "digest": state.request.as_ref().map(|r| r.digest()),
        "outcome": state.outcome,
        "trace": state.trace,
    });
    println!("{}", serde_json::to_string_pretty(&view).unwrap_or_default());
}

async fn run(cli: Cli) -> Result<(), Error> {
    let desk = DeskDb::open(&cli.db, cli.lookup_db.as_deref())?;
    match &cli.command {
        Command::Seed => {
            let n = desk.seed().await?;
            // Never echo a PostgreSQL URL: it may carry a password.
            let place = desk.sqlite_path().map_or("the PostgreSQL database".into(), |p| p.display().to_string());
            println!("seeded {n} tickets into {place}");
        }
        Command::Start { ticket } => {
            let mut ctx = cli_context(&cli, desk).await?;
            ctx.classifier = cli.llm.classifier()?;
            let (stop, state) = support_desk::start(&ctx, *ticket).await?;
            print_run(stop, &state, cli.trace_ui.as_deref());
        }
        Command::Resume { ticket, answer, by } => {
            let ctx = cli_context(&cli, desk).await?;
            let approved = matches!(answer, Answer::Approved);
            let (stop, state) = support_desk::resume(&ctx, *ticket, approved, by).await?;
            print_run(stop, &state, cli.trace_ui.as_deref());
        }
        Command::Continue { ticket } => {
            let ctx = cli_context(&cli, desk).await?;
            let (stop, state) = support_desk::continue_on(&ctx, &graph::Graph::support_desk(), *ticket).await?;
            print_run(stop, &state, cli.trace_ui.as_deref());
        }
        Command::Show { ticket } => {
            let runs = state_db(&cli, &desk).await?;
            let state =
                graph::load_from(&runs, *ticket).await?.ok_or_else(|| Error::NotFound(format!("run of {ticket}")))?;
            print_run(graph::Stop::End, &state, cli.trace_ui.as_deref());
            // The runtime's own audit rows, then (when they are kept apart) the action server's.
            let mut rows = runs.audit_rows(Some(*ticket)).await?;
            if cli.state_db.is_some() {
                rows.extend(desk.audit_rows(Some(*ticket)).await?);
            }
            for row in rows {
                println!("audit: {} {} {}", row.layer, row.rule, row.detail);
            }
        }
        Command::Explain { ticket, json } => {
            let state = graph::load_from(&state_db(&cli, &desk).await?, *ticket)
                .await?
                .ok_or_else(|| Error::NotFound(format!("run of {ticket}")))?;
            let ev = state.evidence.ok_or_else(|| Error::NotFound(format!("evidence of the run of {ticket}")))?;
            let trace = support_desk::classify::explain(&ev);
            if *json {
                println!("{}", serde_json::to_string_pretty(&trace).map_err(|e| Error::Invalid(e.to_string()))?);
            } else {
                print!("{}", trace.render());
            }
        }
        Command::Mcp { which: McpCommand::Lookup { ticket } } => mcp::serve_lookup_stdio(&desk, *ticket).await?,
        Command::Mcp { which: McpCommand::Action { listen: None } } => {
            mcp::serve_action_stdio(desk, support_desk::open_store_any(&cli.foureyes_db).await?).await?
        }
        Command::Mcp { which: McpCommand::Action { listen: Some(listen) } } => {
            let store = support_desk::open_store_any(&cli.foureyes_db).await?;
            mcp::serve_action_http(desk, store, listen, action_token()?, |addr| {
                use std::io::Write;
                println!("listening on http://{addr}{}", mcp::ACTION_PATH);
                let _ = std::io::stdout().flush();
            })
            .await?
        }
        Command::Eval { which } => {
            let on_pg = pg::is_postgres_url(&cli.db).then_some(cli.db.as_str());
            let (report, out) = match which {
                EvalCommand::Benchmark { input, report } => {
                    (eval::benchmark_on(input, cli.llm.classifier()?, on_pg).await?, report)
                }
                EvalCommand::Redteam { input, report } => {
                    (eval::redteam_on(input, cli.llm.classifier()?, on_pg).await?, report)
                }
                EvalCommand::Trajectories { input, report } => return trajectories(input, report).await,
                EvalCommand::GuessIntent { input } => {
                    print!("{}", eval::guess_intent(input)?);
                    return Ok(());
                }
                EvalCommand::TrainIntent { input, out } => {
                    print!("{}", eval::train_intent(input, out)?);
                    return Ok(());
                }
            };
            let text = serde_json::to_string_pretty(&report).map_err(|e| Error::Invalid(e.to_string()))?;
            std::fs::write(out, text)?;
            print!("{}", eval::summary(&report));
            println!("report: {}", out.display());
        }
    }
    Ok(())
}

/// `eval trajectories`: the report, the summary, and an error (a non-zero exit) when any scenario failed.
async fn trajectories(input: &std::path::Path, out: &std::path::Path) -> Result<(), Error> {
    let report = support_desk::trajectory::run(input).await?;
    let text = serde_json::to_string_pretty(&report).map_err(|e| Error::Invalid(e.to_string()))?;
    std::fs::write(out, text)?;
    print!("{}", support_desk::trajectory::summary(&report));
    println!("report: {}", out.display());
    if report.failed > 0 {
        return Err(Error::Invalid(format!("{} of {} trajectory scenarios failed", report.failed, report.total)));
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The exporter is built before the runtime (its HTTP client is a blocking one) and flushed after it.
    let export = match support_desk::telemetry::start_export(cli.otlp_endpoint.as_deref()) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("support-desk: {e}");
            return ExitCode::from(6);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("support-desk: cannot start the runtime: {e}");
            return ExitCode::from(8);
        }
    };
    let result = runtime.block_on(run(cli));
    drop(runtime);
    if let Some(export) = export {
        export.shutdown();
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("support-desk: {e}");
            ExitCode::from(match e {
                Error::NotFound(_) => 5,
                Error::Invalid(_) => 6,
                Error::Store(_) => 7,
                _ => 8,
            })
        }
    }
}
