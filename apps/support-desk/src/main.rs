//! The `support-desk` binary: `seed`, `start`, `resume`, `show`, `eval benchmark|redteam`.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use support_desk::{Error, db, eval, graph};

#[derive(Parser)]
#[command(name = "support-desk", about = "A support agent whose every write passes the FourEyes gate")]
struct Cli {
    /// The desk's database (customers, orders, tickets, refunds, audit, run states).
    #[arg(long, env = "SUPPORT_DESK_DB", default_value = "support-desk.db", global = true)]
    db: PathBuf,
    /// The FourEyes database (SQLite).
    #[arg(long, env = "FOUREYES_DB", default_value = "support-desk-foureyes.db", global = true)]
    foureyes_db: PathBuf,
    #[command(subcommand)]
    command: Command,
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
    /// Print a ticket's stored run state and audit rows.
    Show { ticket: i64 },
    /// Evaluations.
    Eval {
        #[command(subcommand)]
        which: EvalCommand,
    },
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
}

fn print_run(stop: graph::Stop, state: &graph::RunState) {
    let view = serde_json::json!({
        "ticket_id": state.ticket_id,
        "stop": format!("{stop:?}").to_lowercase(),
        "node": state.node,
        "classification": state.classification.as_ref().map(|c| serde_json::json!({
            "label": c.label, "action": c.action, "policy_refs": c.policy_refs, "reason": c.reason})),
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
    match cli.command {
        Command::Seed => {
            let mut conn = db::open_rw(&cli.db)?;
            let n = db::seed(&mut conn)?;
            println!("seeded {n} tickets into {}", cli.db.display());
        }
        Command::Start { ticket } => {
            let ctx = support_desk::context(&cli.db, support_desk::open_store(&cli.foureyes_db)?)?;
            let (stop, state) = support_desk::start(&ctx, ticket).await?;
            print_run(stop, &state);
        }
        Command::Resume { ticket, answer, by } => {
            let ctx = support_desk::context(&cli.db, support_desk::open_store(&cli.foureyes_db)?)?;
            let approved = matches!(answer, Answer::Approved);
            let (stop, state) = support_desk::resume(&ctx, ticket, approved, &by).await?;
            print_run(stop, &state);
        }
        Command::Show { ticket } => {
            let state = graph::load(&cli.db, ticket)?.ok_or_else(|| Error::NotFound(format!("run of {ticket}")))?;
            print_run(graph::Stop::End, &state);
            let conn = db::open_ro(&cli.db)?;
            for row in db::audit_rows(&conn, Some(ticket))? {
                println!("audit: {} {} {}", row.layer, row.rule, row.detail);
            }
        }
        Command::Eval { which } => {
            let (report, out) = match which {
                EvalCommand::Benchmark { input, report } => (eval::benchmark(&input).await?, report),
                EvalCommand::Redteam { input, report } => (eval::redteam(&input).await?, report),
            };
            let text = serde_json::to_string_pretty(&report).map_err(|e| Error::Invalid(e.to_string()))?;
            std::fs::write(&out, text)?;
            print!("{}", eval::summary(&report));
            println!("report: {}", out.display());
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("support-desk: cannot start the runtime: {e}");
            return ExitCode::from(8);
        }
    };
    match runtime.block_on(run(cli)) {
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
