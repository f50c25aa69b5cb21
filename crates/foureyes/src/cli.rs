//! Command-line interface definitions (clap). The help text is the user manual's first page.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

pub const EXIT_CODES: &str = "\
Exit codes:
  0   success (for `decide`: permit)
  2   usage error (unknown flag, missing argument); for `task` commands also: refused (see `task --help`)
  3   input refused (malformed JSON, wrong type, too large) — the refusal is journaled
  4   conflict (request_id reused for different content) — journaled
  5   not found
  6   invalid state (e.g. reporting a decision that was not permitted)
  7   journal verification failed (corrupt chain or torn tail)
  8   storage error
  9   policy file invalid or missing
  10  decide: deny
  11  decide: defer (awaiting human approval)
  12  decide: dry run (nothing executed)
  13  task check: the check ran and failed (recorded)
  14  policy test: a case did not get its expected verdict";

/// FourEyes: one door every side effect of an AI agent must pass.
///
/// A deterministic judge (kill switch → policy lookup → bounds → reversibility → dry run → limits and budgets,
/// reserved in the deciding transaction), a human approval gate bound to the exact action, and an append-only,
/// hash-chained journal of every decision and outcome.
#[derive(Debug, Parser)]
#[command(name = "foureyes", version, after_help = EXIT_CODES, max_term_width = 110)]
pub struct Cli {
    /// The database: a SQLite file (created if missing), or a PostgreSQL URL such as
    /// `postgres://foureyes@db.internal/foureyes`, which several `serve` replicas can share (schema migrated at
    /// start). `mcp-proxy` and `demo` work on SQLite only.
    #[arg(long, global = true, env = "FOUREYES_DB", default_value = "./foureyes.db")]
    pub db: PathBuf,
    /// The policy file (YAML). Needed by commands that decide.
    #[arg(long, global = true, env = "FOUREYES_POLICY")]
    pub policy: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP API and the approval console (the main job). On a fresh database it creates a first admin and
    /// prints a one-time sign-in link.
    Serve(ServeArgs),
    /// Create, list and revoke credentials (bearer tokens bound to a principal and a role).
    #[command(subcommand)]
    Token(TokenCommand),
    /// Validate and inspect policy files.
    #[command(subcommand)]
    Policy(PolicyCommand),
    /// Ask the door whether an agent may perform an action (phase A).
    Decide(DecideArgs),
    /// Record what happened when a permitted action was executed (phase B).
    Report(ReportArgs),
    /// List and show decisions (e.g. the ones still "intended, not confirmed").
    #[command(subcommand)]
    Decisions(DecisionsCommand),
    /// List, show, approve and reject approvals.
    #[command(subcommand)]
    Approvals(ApprovalsCommand),
    /// Engage, release or show the kill switch. While engaged, only tier-0 reads are permitted.
    KillSwitch(KillSwitchArgs),
    /// List demoted sessions, or restore one before its cooling period ends (`session_trust` in the policy).
    #[command(subcommand)]
    Sessions(SessionsCommand),
    /// Undo an executed action through the door (a new request for its compensating action with `undo_of`).
    Undo(UndoArgs),
    /// Verify, export, audit and tail the hash-chained journal.
    #[command(subcommand)]
    Journal(JournalCommand),
    /// Benchmarks (print figures; they are not tests).
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Walk through every mechanism on the home demo policy, on the embedded SQLite store.
    Demo(DemoArgs),
    /// Gate an MCP server: run it as a child and pass every message through, except `tools/call`, which is
    /// decided as the action `mcp.<name>.<tool>` (needs --policy; decisions go to --db).
    McpProxy(foureyes_mcp::cli::ProxyArgs),
    /// The home demo's MCP server over stdio (`demo home` runs it behind the proxy).
    #[command(hide = true)]
    HomeMcpServer {
        /// The file that holds the simulated house.
        #[arg(long)]
        state: PathBuf,
    },
    /// Change control for coding agents: the agent proposes, a trusted executor applies, a trusted runner checks,
    /// and a task finishes only when its check passed at the current revision.
    #[command(subcommand, after_help = crate::task::TASK_HELP)]
    Task(crate::task::TaskCli),
    /// Test load for crash tests: concurrent decides and reports on the home policy until killed or done.
    #[command(hide = true)]
    Stress {
        #[arg(long, default_value_t = 4)]
        workers: usize,
        #[arg(long, default_value_t = 200)]
        iterations: u64,
    },
}

#[derive(Debug, Subcommand)]
pub enum PolicyCommand {
    /// Load and validate a policy file; print its actions. Exit 9 with `file:line:column: message` when invalid.
    Check {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Run a policy test table: example requests with the verdicts and reason codes the policy must give them
    /// (YAML, kept next to the policy; see docs/policy.md). Exit 0 when every case passes, 14 when one fails, 9
    /// when the table or its policy is invalid.
    Test {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// What changes from OLD to NEW, per action: tier, params and their bounds, limits, budgets, rehearsal,
    /// compensation, approvals. With `--replay N`, also judges the last N requests decided in `--db` under both
    /// (against empty usage, kill switch off) and lists those whose verdict or tier would change.
    Diff {
        old: PathBuf,
        new: PathBuf,
        #[arg(long)]
        replay: Option<u32>,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Args)]
pub struct DecideArgs {
    /// The agent asking (in the HTTP API this comes from the credential).
    #[arg(long)]
    pub agent: String,
    /// Dotted action name, e.g. `payments.send`.
    #[arg(long)]
    pub action: String,
    /// Parameters as a JSON object, or `@FILE` to read them from a file (`@-` for stdin).
    #[arg(long, default_value = "{}")]
    pub params: String,
    /// What the action acts on (an account, a device…); part of the approval digest.
    #[arg(long)]
    pub target: Option<String>,
    /// Idempotency key. The same id with the same content returns the first decision. Default: a fresh id.
    #[arg(long)]
    pub request_id: Option<String>,
    /// Session id. Trust is kept per (agent, session): a session the policy's `session_trust` demoted needs a human
    /// for tier 1–2 actions. Without one, the agent itself is the session.
    #[arg(long)]
    pub session: Option<String>,
    /// A trust signal your own checks raised about this request (e.g. `prompt_injection`); repeatable. Not part of
    /// the digest; a flag the policy lists demotes the session.
    #[arg(long = "flag")]
    pub flags: Vec<String>,
    /// Rehearse: say what would happen, reserve nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Execute a human-approved action: the approval's digest must match this exact request.
    #[arg(long)]
    pub approval: Option<i64>,
    /// This request undoes the given executed decision.
    #[arg(long)]
    pub undo_of: Option<i64>,
    /// Evidence for the approver (a JSON object, or `@FILE`), shown with the approval; not part of the digest.
    #[arg(long)]
    pub evidence: Option<String>,
    /// Print the verdict as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum OutcomeArg {
    Executed,
    Failed,
    Unknown,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    pub decision_id: i64,
    #[arg(long, value_enum)]
    pub outcome: OutcomeArg,
    /// Details as JSON (e.g. `{"before": {"celsius": 20}}`, which an undo uses to restore the old value).
    #[arg(long, default_value = "{}")]
    pub detail: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum DecisionsCommand {
    /// Newest first.
    List {
        /// intended (= not confirmed), executed, failed, unknown, awaiting_approval, superseded, closed.
        #[arg(long)]
        status: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: u32,
        #[arg(long)]
        json: bool,
    },
    Show {
        id: i64,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum ApprovalsCommand {
    /// Pending approvals by default.
    List {
        /// pending, approved, rejected, expired, consumed, revoked or all.
        #[arg(long, default_value = "pending")]
        status: String,
        #[arg(long)]
        json: bool,
    },
    /// Everything an approver must see: action, params, agent, reasons, digest, expiry.
    Show {
        id: i64,
        #[arg(long)]
        json: bool,
    },
    /// Approve, as a named person who is not the requesting agent. Pass the digest you were shown.
    Approve {
        id: i64,
        #[arg(long = "as")]
        approver: String,
        #[arg(long)]
        digest: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Reject (one "no" is enough).
    Reject {
        id: i64,
        #[arg(long = "as")]
        approver: String,
        #[arg(long)]
        reason: Option<String>,
        #[arg(long)]
        digest: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Withdraw an approval that was given and not yet used: its release is then denied (journaled with --as and
    /// --why). A pending approval is rejected instead; a used, rejected or expired one cannot be revoked.
    Revoke {
        id: i64,
        /// Who withdraws it (journaled).
        #[arg(long = "as")]
        by: String,
        /// Why (journaled; required).
        #[arg(long)]
        why: String,
        #[arg(long)]
        json: bool,
    },
    /// Mark every approval past its time to live as expired (journaled).
    Expire,
}

#[derive(Debug, Subcommand)]
pub enum SessionsCommand {
    /// Demoted sessions, newest first: those still demoted, or with --all the expired and restored ones too.
    List {
        #[arg(long)]
        all: bool,
        #[arg(long)]
        json: bool,
    },
    /// End a demotion before its cooling period (journaled with --as and --why).
    Restore {
        #[arg(long)]
        agent: String,
        /// The session id; leave it out for the agent's requests without one (a demotion of all its sessions).
        #[arg(long)]
        session: Option<String>,
        /// Who restores it (journaled).
        #[arg(long = "as", default_value = "cli")]
        by: String,
        /// Why the session may have its autonomy back (journaled; required).
        #[arg(long)]
        why: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum KillSwitchState {
    On,
    Off,
    Status,
}

#[derive(Debug, Args)]
pub struct KillSwitchArgs {
    #[arg(value_enum)]
    pub state: KillSwitchState,
    /// Who flips it (journaled).
    #[arg(long = "as", default_value = "cli")]
    pub by: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct UndoArgs {
    pub decision_id: i64,
    #[arg(long)]
    pub agent: String,
    /// Params for the compensating action. Default: the original params, overlaid with `detail.before` from the
    /// executed report.
    #[arg(long)]
    pub params: Option<String>,
    #[arg(long)]
    pub request_id: Option<String>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum JournalCommand {
    /// Walk the chain and name the first bad seq. With --file, check an export and tell a torn tail from
    /// corruption in the middle. Nothing is ever repaired.
    Verify {
        #[arg(long)]
        file: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Write every event as JSON Lines (canonical JSON, one event per line). `-` writes to stdout.
    Export { file: PathBuf },
    /// Replay the journal and compare it with the tables (decisions, reservations, approvals, kill switch).
    Audit {
        #[arg(long)]
        json: bool,
    },
    /// Print the newest events.
    Tail {
        #[arg(short = 'n', long, default_value_t = 20)]
        lines: u32,
        /// Keep printing new events as they are appended.
        #[arg(long)]
        follow: bool,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum BenchCommand {
    /// Replicas: `POST /v1/decide` decisions/s and p50/p99 latency with 1, 2, … `foureyes serve` processes sharing
    /// one database, at a fixed number of keep-alive connections split across them. Needs `--db` naming a
    /// PostgreSQL cluster on loopback (a role that may CREATE DATABASE: every run gets a fresh database, dropped
    /// afterwards, since a journal cannot be cleaned); `--sqlite` runs the same on a fresh SQLite file. Servers
    /// listen on 127.0.0.1 only.
    Replicas {
        /// Numbers of server processes, comma-separated.
        #[arg(long, default_value = "1,2", value_delimiter = ',')]
        replicas: Vec<usize>,
        /// Concurrent keep-alive connections in total (spread over the replicas).
        #[arg(long, default_value_t = 64)]
        connections: usize,
        /// How long each run lasts, in seconds (after a one-second warm-up).
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Also run on a fresh temporary SQLite file (several processes on one file), for comparison.
        #[arg(long)]
        sqlite: bool,
        #[arg(long)]
        json: bool,
    },
    /// HTTP load: `POST /v1/decide` requests/s and p50/p99 latency at each number of keep-alive connections,
    /// against an in-process server on 127.0.0.1 with a fresh temporary database.
    Http {
        /// Concurrent connections, comma-separated.
        #[arg(long, default_value = "1,64", value_delimiter = ',')]
        connections: Vec<usize>,
        /// How long each run lasts, in seconds.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        #[arg(long)]
        json: bool,
    },
    /// Durable decisions per second and p50/p99 latency on a tier-2 action with a budget, on a fresh temporary
    /// database, for each number of concurrent callers, with group commit on and off.
    Decide {
        /// Concurrent callers, comma-separated.
        #[arg(long, default_value = "1,8,64", value_delimiter = ',')]
        callers: Vec<usize>,
        /// How long each run lasts, in seconds.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Group commit settings to run.
        #[arg(long, default_value = "on,off", value_delimiter = ',')]
        group_commit: Vec<String>,
        /// Directory for the temporary database (default: the system temp dir).
        #[arg(long)]
        dir: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Args)]
pub struct DemoArgs {
    /// Use a fresh temporary database instead of --db.
    #[arg(long)]
    pub fresh: bool,
    /// Another walkthrough instead of the home policy's.
    #[command(subcommand)]
    pub scenario: Option<DemoScenario>,
}

#[derive(Debug, Subcommand)]
pub enum DemoScenario {
    /// Change control on a throwaway git repository (its own temporary database): a change is applied, the
    /// configured check fails, finish is refused; the corrected change passes and the task finishes.
    ChangeControl,
    /// Every mechanism through the MCP proxy: an agent talking MCP to the home MCP server (rmcp), on a fresh
    /// database and a fresh simulated house.
    Home,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on. Loopback by default; use 0 as the port to pick a free one.
    #[arg(long, default_value = "127.0.0.1:8080", env = "FOUREYES_LISTEN")]
    pub listen: String,
    /// Mark the session cookie `Secure` (when served behind HTTPS).
    #[arg(long)]
    pub secure_cookies: bool,
    /// Require `Authorization: Bearer <SECRET>` on `GET /metrics` (give your Prometheus job this secret, not a
    /// FourEyes token). Unset: `/metrics` is open to whoever can reach the listener (loopback by default).
    #[arg(long, value_name = "SECRET", env = "FOUREYES_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,
    /// POST a Slack-compatible message to this URL on each new pending approval and kill-switch change
    /// (repeatable; in the environment, several URLs separated by commas). Failures never block a decision.
    #[arg(long = "webhook", value_name = "URL", env = "FOUREYES_WEBHOOK", value_delimiter = ',')]
    pub webhooks: Vec<String>,
    /// The URL people reach this server at (behind a proxy), for links in notifications. Default: the listen address.
    #[arg(long, value_name = "URL", env = "FOUREYES_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Export trace spans (decide with its checks, approval requested, human decision, report) to this
    /// OpenTelemetry collector, over OTLP/HTTP protobuf: the base URL, spans go to URL/v1/traces. Off when unset.
    #[arg(long, value_name = "URL", env = "OTEL_EXPORTER_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Create a credential. The token is printed once and stored only as a SHA-256 hash.
    ///
    /// An executor reports the outcomes of one agent's decisions (and reads and waits on them), nothing else. Once
    /// an agent has a live executor, the API accepts reports on its decisions only from an executor: give the
    /// executor's token to the process that runs the actions, not to the agent. Revoking the last executor gives
    /// the agent its reporting back.
    #[command(after_help = "Examples:\n  \
        foureyes token create --name bot --role agent\n  \
        foureyes token create --name bot-runner --role executor --for bot\n  \
        foureyes token create --name alice --role approver --totp")]
    Create {
        /// The credential's name, never reused: an agent's is the agent name its decisions carry.
        #[arg(long)]
        name: String,
        /// agent, approver, admin or executor (an executor needs --for).
        #[arg(long)]
        role: String,
        /// With --role executor: the agent (its credential name) whose outcomes this executor reports.
        #[arg(long = "for", value_name = "AGENT")]
        serves: Option<String>,
        /// Enroll a TOTP authenticator for step-up approvals (prints the secret and an otpauth:// URI once).
        #[arg(long)]
        totp: bool,
        #[arg(long)]
        json: bool,
    },
    /// List credentials (never their secrets).
    List {
        #[arg(long)]
        json: bool,
    },
    /// Revoke a credential and end its console sessions.
    Revoke { name: String },
}
