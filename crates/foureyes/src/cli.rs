//! Command-line interface definitions (clap). The help text is the user manual's first page.

use clap::{Args, Parser, Subcommand, ValueEnum};
use foureyes_mcp::cli::CheckedValue;
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
  8   storage error; also a database file with other names (hard links): no door opens it, reads included (F942)
  9   policy file invalid or missing
  10  decide: deny
  11  decide: defer (awaiting human approval)
  12  decide: dry run (nothing executed)
  13  task check: the check ran and failed (recorded)
  14  execute: the connector ran and failed, or its outcome is unknown (reported)
  15  policy test: a case did not get its expected verdict
  16  journal verify: the journal replays, but this machine's clock reads before its newest event: no door
      decides here until the clock reaches it (a wrong clock, or an event written with a time in the future)
  17  no FourEyes database at --db for a command that only reads (journal verify, audit, export, tail, prove,
      decisions) or signs it (journal checkpoint): a missing path, an empty file, or a database without a
      journal; nothing is created there
  18  stdout could not be written (a full disk, a closed file): the output is lost, what the command did before
      printing is done (`token create` revokes the token it could not show)";

/// FourEyes: one door every side effect of an AI agent must pass.
///
/// A deterministic judge (kill switch → policy lookup → bounds → reversibility → dry run → limits and budgets,
/// reserved in the deciding transaction), a human approval gate bound to the exact action, and an append-only,
/// hash-chained journal of every decision and outcome.
#[derive(Debug, Parser)]
#[command(name = "foureyes", version, after_help = EXIT_CODES, max_term_width = 110)]
pub struct Cli {
    /// The database: a SQLite file (created if missing by a command that writes; one that only reads refuses a
    /// missing one, exit 17), or a PostgreSQL URL such as
    /// `postgres://foureyes@db.internal/foureyes`, which several `serve` replicas can share (schema migrated at
    /// start). `mcp-proxy` and `demo` work on SQLite only.
    #[arg(long, global = true, env = "FOUREYES_DB", default_value = "./foureyes.db")]
    pub db: PathBuf,
    /// The policy file (YAML). Needed by commands that decide.
    #[arg(long, global = true, env = "FOUREYES_POLICY")]
    pub policy: Option<PathBuf>,
    /// The door seal's key (`seal.key` from `journal keygen`; ADR-420): every event this process appends is sealed
    /// with it, and every event it reads must carry a seal that verifies, so events appended by a database writer
    /// (who has no key) are refused. Give it to every process that writes the database, and keep it off the
    /// database itself.
    #[arg(long, global = true, value_name = "FILE", env = "FOUREYES_SEAL_KEY")]
    pub seal_key: Option<PathBuf>,
    /// Work in namespace NAME (a team, a tenant; ADR-500): its own store beside `--db` — the SQLite file
    /// `foureyes.ns-NAME.db` next to `foureyes.db`, or the schema `fe_ns_NAME` of the PostgreSQL database — with
    /// its own journal, policy, limits and credentials (its tokens start `fe.NAME.`). Unset: the default namespace,
    /// `--db` itself.
    #[arg(long, global = true, value_name = "NAME", env = "FOUREYES_NAMESPACE")]
    pub namespace: Option<String>,
    /// The witness file `serve --witness` appends its signed checkpoints to (keep it off the database's host). With
    /// `serve` (and `--signing-key`) each checkpoint it signs is appended to it; every other door that decides
    /// (decide, report, undo, execute, approvals, kill-switch, task, mcp-proxy) refuses, as `serve` does at start, a
    /// database that does not extend it: one rolled back to an older copy (ADR-586). Those doors need
    /// --witness-key too.
    #[arg(long, global = true, value_name = "FILE", env = "FOUREYES_WITNESS")]
    pub witness: Option<PathBuf>,
    /// The public key the witness is signed with (`journal.pub` from `journal keygen`), for the doors other than
    /// `serve` (which uses its --signing-key).
    #[arg(long, global = true, value_name = "PUB", env = "FOUREYES_WITNESS_KEY")]
    pub witness_key: Option<PathBuf>,
    /// How long a door keeps a request id in memory once its decision is settled (with --seal-key only; ADR-373):
    /// within it, a retry whose `idempotency` row was deleted by hand is refused `record_altered`; after it, the
    /// row is believed only through the sealed decisions it names, and a deleted row is found by `journal audit`
    /// (the retry is decided anew). Bounds the memory request ids take to this span's traffic. `forever`: never
    /// let go (memory grows with the history).
    #[arg(long, global = true, value_name = "DURATION", env = "FOUREYES_REQUEST_MEMORY", default_value = "24h",
          value_parser = parse_memory)]
    pub request_memory: Memory,
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
    /// FourEyes executes: decide, run the action's `execute:` connector (once per permit), report the outcome.
    Execute(ExecuteArgs),
    /// Connector secrets, sealed at rest under a key kept outside the database: set (from stdin or a file),
    /// list (names and versions only), new-key. No command prints a value.
    #[command(subcommand)]
    Secret(SecretCommand),
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
    /// The MCP proxy's pinned tool definitions: list them (and the changed definitions waiting for a person), or
    /// re-pin a tool to a definition you reviewed.
    #[command(subcommand)]
    Mcp(McpCommand),
    /// The home demo's MCP server over stdio (`demo home` runs it behind the proxy).
    #[command(hide = true)]
    HomeMcpServer {
        /// The file that holds the simulated house.
        #[arg(long)]
        state: PathBuf,
    },
    /// Change control for coding agents: the agent proposes, a trusted executor applies, a trusted runner checks,
    /// and a task finishes only when its check passed at the current revision.
    #[command(subcommand, after_help = change_control::cli::TASK_HELP)]
    Task(change_control::cli::TaskCli),
    /// Test load for crash tests: concurrent decides and reports on the home policy until killed or done.
    #[command(hide = true)]
    Stress {
        #[arg(long, default_value_t = 4)]
        workers: usize,
        #[arg(long, default_value_t = 200)]
        iterations: u64,
    },
    /// The connector runs FourEyes cannot confirm: permitted decisions of actions with an `execute:` connector that
    /// were never reported (a crash or a lost report between the permit and the report). `serve` prints them at
    /// start. Nothing re-runs them: settle each with `foureyes report ID --outcome executed|failed|unknown` once
    /// you know what happened (exit 0 when there are none, 14 when there are).
    Unconfirmed {
        #[arg(long)]
        json: bool,
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
        /// At most this many (read page by page, so any number works).
        #[arg(long, default_value_t = 50, conflicts_with = "all")]
        limit: u64,
        /// Every decision, however many (page by page).
        #[arg(long)]
        all: bool,
        /// Only decisions older than this id: the next page after a listing's last id.
        #[arg(long, value_name = "ID")]
        before: Option<i64>,
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
        #[arg(long = "as", value_parser = PRINCIPAL_NAME)]
        approver: String,
        #[arg(long)]
        digest: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Reject (one "no" is enough).
    Reject {
        id: i64,
        #[arg(long = "as", value_parser = PRINCIPAL_NAME)]
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
        #[arg(long = "as", value_parser = PRINCIPAL_NAME)]
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
        #[arg(long = "as", default_value = "cli", value_parser = PRINCIPAL_NAME)]
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
    #[arg(long = "as", default_value = "cli", value_parser = PRINCIPAL_NAME)]
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
    ///
    /// With --checkpoint and --public-key, also check the journal against an earlier signed checkpoint: its
    /// signature, the root of its first SIZE events, and that today's head extends it (a consistency proof). A
    /// rewrite (even with every hash recomputed) or a truncation exits 7 and says which.
    Verify {
        #[arg(long, conflicts_with = "checkpoint")]
        file: Option<PathBuf>,
        /// A signed checkpoint (as written by `journal checkpoint --out` or `serve --witness`): every note in the
        /// file is checked, and the first one the journal does not extend is named.
        #[arg(long, requires = "public_key")]
        checkpoint: Option<PathBuf>,
        /// The public key that signed it (`journal.pub` from `journal keygen`).
        #[arg(long, requires = "checkpoint")]
        public_key: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Make an Ed25519 key pair for signing checkpoints: DIR/journal.key (mode 0600, keep it off the database's
    /// host if you can) and DIR/journal.pub (give it to whoever checks); and DIR/seal.key (mode 0600), the door
    /// seal's key (`--seal-key`, ADR-420). Never overwrites.
    Keygen {
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// The key's (and the log's) name, written in every checkpoint.
        #[arg(long, default_value = "foureyes-journal")]
        name: String,
    },
    /// Sign the journal's head (size and RFC 9162 Merkle root) as a C2SP signed note, journal that it did, and
    /// print the note (or append it to --out).
    Checkpoint {
        #[arg(long, value_name = "KEY")]
        signing_key: PathBuf,
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Print an inclusion proof (JSON) of event SEQ in the newest journaled checkpoint (or in --checkpoint), which
    /// `journal verify-proof` or any RFC 9162 verifier checks with the public key alone.
    Prove {
        seq: u64,
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
    },
    /// Check an inclusion proof with the public key alone (no database): the checkpoint's signature, the event's
    /// hash recomputed from its contents, and its audit path to the signed root. Exits 7 when it does not hold.
    VerifyProof {
        /// The proof from `journal prove` (`-` reads stdin).
        #[arg(long, value_name = "FILE")]
        proof: PathBuf,
        #[arg(long, value_name = "PUB")]
        public_key: PathBuf,
        /// Your own copy of the checkpoint, used instead of the one inside the proof.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
    },
    /// Write every event as JSON Lines (canonical JSON, one event per line). `-` writes to stdout.
    Export { file: PathBuf },
    /// Seal a journal written before the door seal existed (ADR-420): with `--seal-key`, journal `seal_started`
    /// naming the unsealed events before it; every event after it must carry a seal. Check the journal against your
    /// witness first (`journal verify --checkpoint`): the events before it are believed as they are.
    Seal {
        #[arg(long)]
        json: bool,
    },
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
        /// Each replica serves a namespace of its own (`serve --namespace nI`, ADR-500) instead of all sharing the
        /// default one: what independent namespaces buy (on PostgreSQL, one schema each in the one database).
        #[arg(long)]
        namespaces: bool,
        #[arg(long)]
        json: bool,
    },
    /// Load: `foureyes serve` (a child process, fresh SQLite file, 127.0.0.1 only) under many waiters, SSE
    /// subscribers, slow connections, a flood of malformed bodies and at its connection cap. Prints background decide
    /// p50/p99 idle, under load and after, SSE delivery lag, the server's RSS and fds (peak, and settled after the
    /// load), and what each bound did. The full run of issue 21: `foureyes bench load --waiters 2000
    /// --subscribers 500 --slow 1200 --flood 100000 --settle 60`.
    Load {
        /// Keep-alive clients deciding throughout (the background).
        #[arg(long, default_value_t = 16)]
        background: usize,
        /// Long-poll `/wait`s held during the load phase (each on a pending approval).
        #[arg(long, default_value_t = 200)]
        waiters: usize,
        /// SSE subscribers held during the load phase.
        #[arg(long, default_value_t = 50)]
        subscribers: usize,
        /// Length of each measured phase (idle, load, after), in seconds.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Seconds between the end of the load and the "after" measurement.
        #[arg(long, default_value_t = 5.0)]
        settle: f64,
        /// Slow connections (five in six never finish their head, one in six trickles its body).
        #[arg(long, default_value_t = 120)]
        slow: usize,
        /// The server's `--header-timeout` and `--request-timeout`, in seconds.
        #[arg(long, default_value_t = 3)]
        header_timeout: u64,
        /// Malformed bodies sent by one token.
        #[arg(long, default_value_t = 2000)]
        flood: usize,
        /// `--max-connections` of the server started for the cap phase.
        #[arg(long, default_value_t = 64)]
        cap: usize,
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
        /// A fixed number of decisions per run instead of `--seconds` (split evenly across the callers), so that a
        /// count of instructions (`valgrind --tool=callgrind`) divides by a known number.
        #[arg(long)]
        decisions: Option<u64>,
        /// Group commit settings to run.
        #[arg(long, default_value = "on,off", value_delimiter = ',')]
        group_commit: Vec<String>,
        /// Directory for the temporary database (default: the system temp dir).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Reservations already held in the budget's window before each run (loaded directly, not decided: the
        /// bench database is thrown away), to measure a decision's cost as history grows.
        #[arg(long, default_value_t = 0)]
        history: u64,
        /// JSON, with `cpu_us_per_decision` (process CPU time / decisions) for each run.
        #[arg(long)]
        json: bool,
    },
    /// The floor under one caller's decision on this disk (issue 14, ADR-1085): per operation, the CPU (user and
    /// system, from the kernel's counters), context switches and wall time of `--pages` write-ahead-log frames
    /// written as SQLite writes them, with no sync, then `fsync`, then `fdatasync`; and of a bare SQLite transaction
    /// of one small insert (WAL, `synchronous=FULL`). Each case runs alone for `--seconds`, in a fresh directory.
    Floor {
        /// How long each case runs, in seconds.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// WAL frames (4 KiB pages) per operation: a decision alone commits about 6 (`strace -c -f` of `bench decide
        /// --callers 1`: ~11.7 `pwrite64` a decision, a header and a page per frame).
        #[arg(long, default_value_t = 6)]
        pages: usize,
        /// Directory for the files (default: the system temp dir; the disk under it is what is measured).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// The cases to run, comma-separated (to profile one alone).
        #[arg(long, default_value = "frames,frames+fsync,frames+fdatasync,sqlite-insert", value_delimiter = ',')]
        cases: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// The door seal's cost (ADR-420): the CPU time of sealing `--events` event hashes (what each append adds) and
    /// of checking those seals (what each applied event adds to a catch-up), in this process, per event.
    Seal {
        #[arg(long, default_value_t = 1_000_000)]
        events: u64,
        #[arg(long)]
        json: bool,
    },
    /// Journal verification: builds a fresh SQLite journal of `--events` events (a few real decisions and reports,
    /// then their events repeated and chained, loaded directly: the database is thrown away), then times
    /// `foureyes journal verify` on it as a child process, and the same walk in this process.
    Verify {
        /// Events in the journal.
        #[arg(long, default_value_t = 1_000_000)]
        events: u64,
        /// Directory for the temporary database (default: the system temp dir).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Instead: write sealed journals of the two-hour soak's mix (approvals, releases, reports, undos,
        /// deferrals, a policy reload every tenth) of `--events`, twice and four times as many events, and time
        /// `journal verify` and `journal audit` on each under `/usr/bin/time` (CPU and peak RSS per event; issue 14).
        #[arg(long)]
        soak: bool,
        /// With --soak: the `foureyes` binary to time (repeat to compare builds on the same journals; default this one).
        #[arg(long, requires = "soak")]
        verifier: Vec<PathBuf>,
        /// With --soak: keep the journals and the seal key (the directory is printed).
        #[arg(long, requires = "soak")]
        keep: bool,
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
    /// Sign checkpoints of the journal with this key (`journal keygen`): every --checkpoint-every events or
    /// --checkpoint-seconds, whichever comes first; served at `GET /v1/checkpoint`.
    #[arg(long, value_name = "KEY", env = "FOUREYES_SIGNING_KEY")]
    pub signing_key: Option<PathBuf>,
    #[arg(long, default_value_t = 1000, requires = "signing_key")]
    pub checkpoint_every: u64,
    #[arg(long, default_value_t = 60.0, requires = "signing_key")]
    pub checkpoint_seconds: f64,
    /// Every this long (`60s`), approvals past their TTL are marked expired (journaled, as `approvals expire` does),
    /// so a deferral nobody answers settles and leaves the server's memory (ADR-897).
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = parse_duration, env = "FOUREYES_APPROVAL_SWEEP")]
    pub approval_sweep: std::time::Duration,
    /// The global `--witness FILE` (FOUREYES_WITNESS), set by `run`: each checkpoint this server signs is appended
    /// to it, and the server refuses to start on a database that does not extend it.
    #[arg(skip)]
    pub witness: Option<PathBuf>,
    /// A request head must arrive within this (`10s`, `500ms`), on a new connection and on an idle keep-alive one
    /// alike: it is also the idle keep-alive timeout.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub header_timeout: std::time::Duration,
    /// A request, its body included, must be read and answered within this (else `408` and the connection is
    /// closed); `/wait` and `/v1/events` are long-lived by design and exempt.
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = parse_duration)]
    pub request_timeout: std::time::Duration,
    /// A connection whose writes make no progress for this long (a peer that stopped reading, such as a stalled
    /// `/v1/events` subscriber) is closed.
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = parse_duration)]
    pub write_timeout: std::time::Duration,
    /// Connections served at once; past it a connection gets `503` with `Retry-After`. Lowered at start to fit
    /// the open-files limit (raised to its hard limit first) with descriptors kept for the database.
    #[arg(long, value_name = "N", default_value_t = 4096)]
    pub max_connections: usize,
    /// Long polls (`/wait`) open at once; past it `503` with `Retry-After`.
    #[arg(long, value_name = "N", default_value_t = 4096)]
    pub max_waiters: usize,
    /// Event-stream subscribers (`/v1/events`) open at once; past it `503` with `Retry-After`.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_subscribers: usize,
    /// The secrets key file for `execute:` connectors (`POST /v1/execute`); default: `FOUREYES_SECRETS_KEY`.
    #[arg(long, env = "FOUREYES_SECRETS_KEY_FILE")]
    pub secrets_key_file: Option<PathBuf>,
    /// Also serve namespace NAME under the policy FILE (repeatable; ADR-500): a request goes to the namespace its
    /// credential names (`fe.NAME.…`), anything else to the namespace this server is started in (`--namespace`,
    /// or the default one). Each namespace has its own store, journal, limits and credentials, and (with
    /// `--signing-key` and `--witness W`) its own witness `W.ns-NAME` (ADR-587). Webhooks are the main namespace's only.
    #[arg(long = "serve-namespace", value_name = "NAME=FILE", value_parser = parse_namespace_policy)]
    pub serve_namespaces: Vec<(String, PathBuf)>,
}

/// `NAME=FILE` for `--serve-namespace`.
pub fn parse_namespace_policy(text: &str) -> Result<(String, PathBuf), String> {
    let (name, file) =
        text.split_once('=').ok_or_else(|| format!("`{text}`: expected NAME=FILE (a namespace and its policy)"))?;
    if !foureyes_store::namespace::valid_name(name) {
        return Err(foureyes_store::namespace::invalid_name(name));
    }
    if file.is_empty() {
        return Err(format!("`{text}`: the policy FILE is empty"));
    }
    Ok((name.to_string(), PathBuf::from(file)))
}

/// A span of memory (ADR-373): a duration, or `forever`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    For(std::time::Duration),
    Forever,
}

impl Memory {
    /// In milliseconds, as the store takes it (`None`: forever).
    pub fn ms(self) -> Option<i64> {
        match self {
            Memory::For(d) => Some(i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
            Memory::Forever => None,
        }
    }
}

/// `forever`, or a duration as [`parse_duration`] reads it.
pub fn parse_memory(text: &str) -> Result<Memory, String> {
    match text.trim() {
        "forever" => Ok(Memory::Forever),
        other => parse_duration(other).map(Memory::For).map_err(|e| format!("{e}, or `forever`")),
    }
}

/// `10s`, `2m`, `500ms`, or a plain number of seconds; at least one millisecond.
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let ms = if let Some(ms) = text.strip_suffix("ms") {
        ms.trim().parse::<u64>().ok()
    } else if let Ok(seconds) = text.parse::<u64>() {
        seconds.checked_mul(1000)
    } else {
        foureyes_core::window::parse_duration_ms(text).ok().and_then(|ms| u64::try_from(ms).ok())
    };
    match ms {
        Some(ms) if ms > 0 => Ok(std::time::Duration::from_millis(ms)),
        _ => Err(format!("`{text}` is not a duration such as `10s`, `2m` or `500ms`")),
    }
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
        foureyes token create --name ci-runner --role runner\n  \
        foureyes token create --name alice --role approver --totp")]
    Create {
        /// The credential's name, never reused: an agent's is the agent name its decisions carry.
        #[arg(long)]
        name: String,
        /// agent, approver, admin, executor (needs --for) or runner (change control's trusted runner: applies,
        /// records checks and finishes tasks over `/v1/tasks…`; never proposes or approves).
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

#[derive(Debug, Args)]
pub struct ExecuteArgs {
    #[command(flatten)]
    pub request: DecideArgs,
    /// The secrets key (64 hex digits) for connectors that use secrets; default: `FOUREYES_SECRETS_KEY`.
    #[arg(long, env = "FOUREYES_SECRETS_KEY_FILE")]
    pub secrets_key_file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum SecretCommand {
    /// Seal and store a secret (a rotation when it exists). The value comes from stdin, or `--from-file`. The set
    /// or rotation is journaled first, with the name and --as, never the value.
    Set {
        name: String,
        #[arg(long)]
        from_file: Option<PathBuf>,
        /// Who sets it (journaled).
        #[arg(long = "as", default_value = "cli", value_parser = PRINCIPAL_NAME)]
        by: String,
        #[arg(long, env = "FOUREYES_SECRETS_KEY_FILE")]
        secrets_key_file: Option<PathBuf>,
    },
    /// Names, versions, when each was created and last rotated (never values). Only reads: creates and writes
    /// nothing (ADR-1311).
    List {
        #[arg(long)]
        json: bool,
        #[arg(long, env = "FOUREYES_SECRETS_KEY_FILE")]
        secrets_key_file: Option<PathBuf>,
    },
    /// Print a fresh random key (64 hex digits) to keep in a file outside the database.
    NewKey,
}

#[derive(Debug, Subcommand)]
pub enum McpCommand {
    /// Pinned tool definitions (ADR-161).
    #[command(subcommand)]
    Pins(PinsCommand),
}

#[derive(Debug, Subcommand)]
pub enum PinsCommand {
    /// Every pinned tool (server, tool, SHA-256, why, by whom), and each changed definition a proxy refused since,
    /// with its hash and the definition itself: what a person reviews before re-pinning.
    List {
        /// Only this server's (the proxy's `--name`).
        #[arg(long)]
        server: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Re-pin TOOL of --server to the definition hashing to --hash (journaled with --as): proxies then list it and
    /// forward its calls again. A tool the policy pins (`mcp.<server>.pins`) is re-pinned by changing the policy.
    Approve {
        tool: String,
        #[arg(long)]
        server: String,
        #[arg(long)]
        hash: String,
        #[arg(long = "as", value_parser = PRINCIPAL_NAME)]
        by: String,
        /// Pin a hash the journal holds only an excerpt of (ADR-912): you reviewed the whole definition at the
        /// upstream. Without it, only a hash whose whole journaled definition hashes to it is pinned (ADR-933).
        #[arg(long)]
        excerpt_only: bool,
        #[arg(long)]
        json: bool,
    },
}

/// `--as`'s rule: a person's name is read in every listing and typed again, so it holds no character a terminal hides
/// or that reorders the text (`al<U+200B>ice` voted beside `alice` as a second approver, and the approve message printed
/// the zero-width space raw: attack 41's minor, ADR-1415), as a session id may not (ADR-1411).
fn principal_name(text: &str) -> Result<(), String> {
    match foureyes_core::hidden::first_unseen(text).or_else(|| text.chars().find(|&c| c == '\u{FFFD}')) {
        None => Ok(()),
        Some(c) => Err(format!(
            "`{}` holds U+{:04X}, a character a terminal hides or that reorders the text around it: a person's name is \
             read and typed by people, so it may not hold one (ADR-1415)",
            foureyes_core::tool_pin::shown(text),
            c as u32
        )),
    }
}

/// `--as`'s parser ([`principal_name`]); the refusal is FourEyes' message alone, exit 2.
const PRINCIPAL_NAME: CheckedValue = CheckedValue::new("--as", principal_name);
