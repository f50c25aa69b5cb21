//! The subcommands. Each returns the process exit code or an [`Exit`] failure.

use crate::cli::*;
use crate::output::{
    checked_approval_json, decided_json, decision_json, print_checked_approval, print_decided, print_decision,
    print_demotion, print_event,
};
use crate::{
    EXIT_CONFLICT, EXIT_DEFER, EXIT_DENY, EXIT_DRY_RUN, EXIT_NOT_FOUND, EXIT_POLICY, EXIT_REFUSED, EXIT_STORAGE,
    EXIT_VERIFY_FAILED, Exit,
};
use foureyes_connect::files::{self, Follow, open_regular};
use foureyes_core::journal::verify_export;
use foureyes_core::{
    ActionRequest, ApprovalStatus, DecisionRecord, DecisionStatus, Outcome, Policy, ReasonCode, Verdict,
};
use foureyes_store::{Backend, DecisionFilter, Store};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Map, Value, json};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The door's `now`, anchored so that a clock step never grants (ADR-730): its one home is
/// `foureyes_store::clock_floor`, shared with `foureyes task …`.
pub use foureyes_store::clock_floor::now_ms;

/// Resolves this process's clock against `store` (ADR-730), saying so when it does not follow the wall clock.
async fn resolve_clock(store: &dyn Store) -> Result<(), Exit> {
    if let Some(note) = foureyes_store::clock_floor::resolve_with(store).await? {
        eprintln!("{note}");
    }
    Ok(())
}

/// A door that decides or grants refuses while this process cannot tell the time: its wall clock reads before the
/// newest time on record and no anchor of this boot measures the step (ADR-730). Reads still answer.
pub fn refuse_an_unresolved_clock() -> Result<(), Exit> {
    match foureyes_store::clock_floor::unresolved() {
        Some(why) => Err(Exit::new(EXIT_REFUSED, format!("refusing to decide: {why}"))),
        None => Ok(()),
    }
}

/// A request id unique across processes: pid, clock and a counter.
pub fn fresh_request_id() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = jiff::Timestamp::now().as_nanosecond();
    format!("req-{}-{nanos:x}-{n}", std::process::id())
}

pub fn load_policy(path: &Path) -> Result<Policy, Exit> {
    let text = read_regular(path, Follow::Yes, files::TEXT_MAX_BYTES)
        .map_err(|e| Exit::new(EXIT_POLICY, format!("cannot read policy `{}`: {e}", path.display())))?;
    let policy =
        Policy::from_yaml(&path.display().to_string(), &text).map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?;
    // The connectors' templates are checked with the rest of the policy (`execute:` sections).
    foureyes_connect::check_policy(&policy).map_err(|e| Exit::new(EXIT_POLICY, format!("{}: {e}", path.display())))?;
    Ok(policy)
}

pub fn require_policy(cli_policy: &Option<std::path::PathBuf>) -> Result<Arc<Policy>, Exit> {
    let path = cli_policy.as_ref().ok_or_else(|| {
        Exit::new(EXIT_POLICY, "no policy: pass --policy FILE or set FOUREYES_POLICY (see `policies/home.yaml`)")
    })?;
    Ok(Arc::new(load_policy(path)?))
}

/// Opens what `--db` names: a `postgres://` (or `postgresql://`) URL, or the path of a SQLite file.
/// The door holds the seal key (`--seal-key`, ADR-420) when this process was given one.
pub async fn open_backend(db: &Path) -> Result<Arc<dyn Backend>, Exit> {
    open_backend_as(db, true).await
}

/// [`open_backend`] for a door that only reads (`journal verify`, `audit`, `export`, `tail`, `prove`, `decisions`,
/// `approvals list/show`, `sessions list`):
/// a SQLite path with no FourEyes database — missing, an empty file, a database with no journal — is refused with
/// [`crate::EXIT_NO_DATABASE`], naming the path, and nothing is created there (attack 38's H7, ADR-1210): a mistyped
/// or deleted database must not verify green as a new, empty one.
pub async fn open_reader(db: &Path) -> Result<Arc<dyn Backend>, Exit> {
    open_backend_as(db, false).await
}

/// [`SqliteStore::open_existing`], its "no FourEyes database here" as [`crate::EXIT_NO_DATABASE`] (ADR-1210).
fn existing_sqlite(db: &Path) -> Result<SqliteStore, Exit> {
    SqliteStore::open_existing(db, SqliteOptions::default()).map_err(|e| match e {
        foureyes_store::StoreError::NotFound(why) => Exit::new(crate::EXIT_NO_DATABASE, why),
        other => Exit::from(other),
    })
}

async fn open_backend_as(db: &Path, create: bool) -> Result<Arc<dyn Backend>, Exit> {
    let seal = seal_key()?;
    let store: Arc<dyn Backend> = match db.to_str() {
        Some(url) if foureyes_store_pg::is_postgres_url(url) => {
            foureyes_store_pg::open_any_sealed(url, seal, request_memory()).await?
        }
        _ => Arc::new(
            if create { SqliteStore::open(db, SqliteOptions::default())? } else { existing_sqlite(db)? }
                .with_seal_key(seal)
                .with_request_memory(request_memory()),
        ),
    };
    resolve_clock(store.as_ref()).await?;
    Ok(store)
}

/// The witness every door that decides checks on open (`--witness FILE` with `--witness-key PUB`, ADR-586), set
/// once at start: `(witness file, public key file)`.
static WITNESS: std::sync::OnceLock<(Option<PathBuf>, Option<PathBuf>)> = std::sync::OnceLock::new();

/// The witness of namespace `name` (ADR-587): the file `WITNESS.ns-NAME` beside the main namespace's `WITNESS`, as a
/// namespace's SQLite file sits beside the main one.
pub fn namespace_witness(witness: &Path, name: &str) -> PathBuf {
    store_witness(witness, Some(name))
}

/// The one rule for which file is a store's witness (ADR-642), given `--witness WITNESS`: the main namespace's store
/// is witnessed in `WITNESS`, namespace NAME's in `WITNESS.ns-NAME`, whoever opens it — `serve --namespace NAME`,
/// `serve --serve-namespace NAME`, or a door run with `--namespace NAME`.
pub fn store_witness(witness: &Path, namespace: Option<&str>) -> PathBuf {
    match namespace {
        None => witness.to_path_buf(),
        Some(name) => {
            let mut path = witness.as_os_str().to_owned();
            path.push(format!(".ns-{name}"));
            PathBuf::from(path)
        }
    }
}

/// [`open_backend`] for a door that decides, grants or records (decide, report, undo, execute, approvals, the kill
/// switch, task, mcp-proxy): given a witness, the database must extend it, as `serve` checks at start (ADR-586), so a
/// database rolled back under the witness is refused by every door, not by `serve` alone.
pub async fn open_door(db: &Path) -> Result<Arc<dyn Backend>, Exit> {
    let store = open_backend(db).await?;
    refuse_an_unresolved_clock()?;
    check_door_witness(store.as_ref()).await?;
    Ok(store)
}

/// [`open_reader`] with [`open_door`]'s witness check, for the reads a human acts on (`approvals list/show`,
/// `sessions list`): they create nothing (ADR-407), and what they show of a database rolled back behind its witness
/// is refused as the doors that act on it refuse it (ADR-587).
pub async fn open_witnessed_reader(db: &Path) -> Result<Arc<dyn Backend>, Exit> {
    let store = open_reader(db).await?;
    check_door_witness(store.as_ref()).await?;
    Ok(store)
}

/// The witness check of [`open_door`], on a store already open.
pub async fn check_door_witness(store: &dyn foureyes_store::Store) -> Result<(), Exit> {
    let (witness, key) = WITNESS.get().cloned().unwrap_or_default();
    let Some(witness) = witness else { return Ok(()) };
    let witness = store_witness(&witness, namespace());
    let key = key.ok_or_else(|| {
        Exit::new(
            crate::EXIT_USAGE,
            "--witness needs --witness-key PUB (the `journal.pub` of the key `serve --signing-key` signs it with)",
        )
    })?;
    check_witness(store, &read_verifier_key(&key)?, &witness, "refusing to act", MissingWitness::Refuse).await
}

/// What a door does when the witness it is named does not exist (ADR-642).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingWitness {
    /// A door that only checks the witness: refused unless the store is new (its journal holds no event), since a
    /// missing file would otherwise pass every check on a store anyone may have rolled back.
    Refuse,
    /// `serve`, which signs the witness and so starts it: accepted when the file can be created there, said on
    /// stderr when the store is not new.
    Start,
}

/// Refuses (`refusing`: what the door says it refuses) unless the database extends every checkpoint in the witness
/// file (a missing or empty file is a fresh witness): each note's signature by `key`, the root of its first SIZE
/// events, the whole chain. `serve` checks it with its signing key's public half; every other door that decides
/// with the public key it is given (`--witness-key`, ADR-586).
pub async fn check_witness(
    store: &dyn foureyes_store::Store,
    key: &foureyes_core::checkpoint::VerifierKey,
    witness: &Path,
    refusing: &str,
    missing: MissingWitness,
) -> Result<(), Exit> {
    let text = match read_regular(witness, Follow::No, files::TEXT_MAX_BYTES) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return missing_witness(store, witness, refusing, missing).await;
        }
        Err(e) => return Err(Exit::new(EXIT_STORAGE, format!("cannot read the witness `{}`: {e}", witness.display()))),
    };
    say_torn_tail(witness, &text, "its complete checkpoints are checked");
    let notes = foureyes_core::checkpoint::split_notes(&text);
    // A file that holds no checkpoint vouches for nothing: it is judged as a missing one (attack 25 saw a serve start
    // on a witness that was the seal key's text, for a journal with events).
    if notes.is_empty() {
        return missing_witness(store, witness, refusing, missing).await;
    }
    let report = foureyes_store::checkpoint::verify_against_notes(store, key, &notes).await?;
    if report.is_ok() {
        // What the notes say of the seal (ADR-535): a journal whose seals were stripped is refused here, before any
        // advice to seal it again.
        let seals = foureyes_store::checkpoint::verify_seals(store, seal_key()?).await?;
        return match foureyes_store::checkpoint::notes_seal_problem(&seals, key, &notes) {
            None => Ok(()),
            Some(problem) => Err(Exit::new(
                crate::EXIT_VERIFY_FAILED,
                format!("{refusing}: the witness `{}`: {problem}", witness.display()),
            )),
        };
    }
    Err(Exit::new(
        crate::EXIT_VERIFY_FAILED,
        format!(
            "{refusing}: the database does not extend the witness `{}`: {report} (a restored or rewritten \
             database; see `foureyes journal verify --checkpoint {} --public-key PUB`)",
            witness.display(),
            witness.display()
        ),
    ))
}

/// A named witness that does not exist (ADR-642): fine for a new store (its journal holds no event: nothing can have
/// been witnessed of it, ADR-532's rule for fresh); otherwise refused for a door that only checks it, and for `serve`
/// (which starts witnesses) accepted only where the file can be written, with a warning.
async fn missing_witness(
    store: &dyn foureyes_store::Store,
    witness: &Path,
    refusing: &str,
    missing: MissingWitness,
) -> Result<(), Exit> {
    let events = store.journal_head().await?;
    let parent = witness.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !parent.is_dir() {
        return Err(Exit::new(
            crate::EXIT_VERIFY_FAILED,
            format!(
                "{refusing}: the witness `{}` cannot exist: `{}` is not a directory",
                witness.display(),
                parent.display()
            ),
        ));
    }
    match (events, missing) {
        (0, _) => Ok(()),
        (_, MissingWitness::Start) => {
            eprintln!(
                "warning: the witness `{}` does not exist (or holds no checkpoint) and this store's journal already \
                 holds {events} events: it starts now, and witnesses nothing of what came before (ADR-642)",
                witness.display()
            );
            Ok(())
        }
        (_, MissingWitness::Refuse) => Err(Exit::new(
            crate::EXIT_VERIFY_FAILED,
            format!(
                "{refusing}: the witness `{}` does not exist (or holds no checkpoint), and this store's journal \
                 holds {events} events: a missing witness checks nothing (a wrong path, or the witness of another store). Name the file `serve \
                 --witness` writes for this store (WITNESS, or WITNESS.ns-NAME with --namespace NAME) (ADR-642)",
                witness.display()
            ),
        )),
    }
}

/// `--db` as it may be printed: a PostgreSQL URL without its password.
pub fn db_label(db: &Path) -> String {
    let text = db.display().to_string();
    if !foureyes_store_pg::is_postgres_url(&text) {
        return text;
    }
    let scheme_end = text.find("://").map_or(0, |i| i + 3);
    let authority_end = text[scheme_end..].find(['/', '?']).map_or(text.len(), |i| scheme_end + i);
    let mut label = match text[scheme_end..authority_end].rfind('@') {
        Some(at) => {
            let userinfo = &text[scheme_end..scheme_end + at];
            let user = userinfo.split(':').next().unwrap_or_default();
            let masked = if userinfo.contains(':') { format!("{user}:***") } else { user.to_string() };
            format!("{}{masked}{}", &text[..scheme_end], &text[scheme_end + at..])
        }
        None => text.clone(),
    };
    if let Some(query) = label.find('?') {
        let (base, params) = label.split_at(query + 1);
        let params: Vec<String> = params
            .split('&')
            .map(|p| if p.starts_with("password=") { "password=***".to_string() } else { p.to_string() })
            .collect();
        label = format!("{base}{}", params.join("&"));
    }
    label
}

fn print_json(value: &impl serde::Serialize) {
    println!("{}", serde_json::to_string_pretty(value).unwrap_or_default());
}

/// Reads `--params`-style input: inline JSON, `@FILE`, or `@-` for stdin.
fn read_json_arg(text: &str) -> Result<String, String> {
    match text.strip_prefix('@') {
        Some("-") => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read stdin: {e}"))?;
            Ok(s)
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("cannot read `{path}`: {e}")),
        None => Ok(text.to_string()),
    }
}

/// Parses a JSON object argument. A refusal is journaled before the error is returned.
pub async fn parse_object(store: &dyn Store, agent: &str, flag: &str, text: &str) -> Result<Map<String, Value>, Exit> {
    let refuse = |message: String| async move {
        let excerpt: String = text.chars().take(512).collect();
        let seq = store
            .refuse(
                agent,
                "bad_request",
                &message,
                json!({"flag": flag, "text": excerpt, "bytes": text.len()}),
                now_ms(),
            )
            .await?;
        Err::<Map<String, Value>, Exit>(Exit::new(EXIT_REFUSED, format!("{message} (refusal journaled at seq {seq})")))
    };
    let raw = match read_json_arg(text) {
        Ok(raw) => raw,
        Err(m) => return refuse(format!("`{flag}`: {m}")).await,
    };
    if raw.len() > 1024 * 1024 {
        return refuse(format!(
            "`{flag}` is {} bytes: at most 1 MiB is read (and params must be at most {} bytes as canonical JSON)",
            raw.len(),
            foureyes_core::MAX_PARAMS_BYTES
        ))
        .await;
    }
    match serde_json::from_str::<Value>(&raw) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => refuse(format!("`{flag}` must be a JSON object, got {}", kind_of(&other))).await,
        Err(e) => refuse(format!("`{flag}` is not valid JSON: {e}")).await,
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub fn verdict_exit(d: &DecisionRecord) -> u8 {
    match d.verdict {
        Verdict::Permit => 0,
        Verdict::Deny => EXIT_DENY,
        Verdict::Defer => EXIT_DEFER,
        Verdict::DryRun => EXIT_DRY_RUN,
    }
}

/// The door seal's key file (`--seal-key` / FOUREYES_SEAL_KEY, ADR-420), set once at start: every backend this
/// process opens holds the key.
static SEAL_KEY_FILE: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();

/// The seal key this process was given, read from its file (`None` without `--seal-key`).
pub fn seal_key() -> Result<Option<foureyes_core::seal::SealKey>, Exit> {
    match SEAL_KEY_FILE.get().and_then(Option::as_ref) {
        None => Ok(None),
        Some(path) => foureyes_core::seal::SealKey::parse(&read_text(path, "seal key")?)
            .map(Some)
            .map_err(|e| Exit::new(EXIT_VERIFY_FAILED, format!("`{}`: {e}", path.display()))),
    }
}

/// How long a door keeps a settled request id in memory (`--request-memory`, ADR-373), set once at start.
static REQUEST_MEMORY: std::sync::OnceLock<Option<i64>> = std::sync::OnceLock::new();

/// The request memory this process was given (`None`: forever; also when `run` did not set it).
pub fn request_memory() -> Option<i64> {
    REQUEST_MEMORY.get().copied().flatten()
}

/// The namespace this process works in (`--namespace`, ADR-500), set once at start; `None`: the default one.
static NAMESPACE: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();

/// The namespace this process works in (`None`: the default namespace).
pub fn namespace() -> Option<&'static str> {
    NAMESPACE.get().and_then(Option::as_deref)
}

pub async fn run(mut cli: Cli) -> Result<u8, Exit> {
    let _ = SEAL_KEY_FILE.set(cli.seal_key.clone());
    let _ = REQUEST_MEMORY.set(cli.request_memory.ms());
    let _ = WITNESS.set((cli.witness.clone(), cli.witness_key.clone()));
    let base_db = cli.db.clone();
    if let Some(name) = &cli.namespace {
        if !foureyes_store::namespace::valid_name(name) {
            return Err(Exit::new(crate::EXIT_USAGE, foureyes_store::namespace::invalid_name(name)));
        }
        // Every command below works on the namespace's own store: its file or its schema (ADR-500).
        cli.db = foureyes_store::namespace::database(&cli.db, Some(name));
    }
    let _ = NAMESPACE.set(cli.namespace.clone());
    match cli.command {
        Command::Policy(PolicyCommand::Check { file, json }) => policy_check(&file, json),
        Command::Policy(PolicyCommand::Test { file, json }) => policy_test(&file, json),
        Command::Policy(PolicyCommand::Diff { old, new, replay, json }) => {
            policy_diff(&cli.db, &old, &new, replay, json).await
        }
        Command::Serve(mut args) => {
            if cli.witness.is_some() && args.signing_key.is_none() {
                let message = "serve --witness needs --signing-key: the witness holds the checkpoints it signs";
                return Err(Exit::new(crate::EXIT_USAGE, message));
            }
            args.witness = cli.witness.clone();
            crate::serve::serve(&cli.db, &base_db, &cli.policy, args).await
        }
        Command::Token(cmd) => crate::serve::token(&cli.db, cmd).await,
        Command::Decide(args) => decide(&cli.db, &cli.policy, args).await,
        Command::Report(args) => report(&cli.db, args).await,
        Command::Execute(args) => {
            crate::execute::execute(&cli.db, &cli.policy, args.secrets_key_file.as_deref(), args.request).await
        }
        Command::Secret(cmd) => {
            let key_file = match &cmd {
                SecretCommand::Set { secrets_key_file, .. } | SecretCommand::List { secrets_key_file, .. } => {
                    secrets_key_file.clone()
                }
                SecretCommand::NewKey => None,
            };
            crate::execute::secret(&cli.db, key_file.as_deref(), cmd).await
        }
        Command::Unconfirmed { json } => crate::execute::unconfirmed(&cli.db, &cli.policy, json).await,
        Command::Decisions(cmd) => decisions(&cli.db, cmd).await,
        Command::Approvals(cmd) => approvals(&cli.db, cmd).await,
        Command::KillSwitch(args) => kill_switch(&cli.db, args).await,
        Command::Mcp(McpCommand::Pins(cmd)) => pins(&cli.db, cli.policy.as_deref(), cmd).await,
        Command::Sessions(cmd) => sessions(&cli.db, cmd).await,
        Command::Undo(args) => undo(&cli.db, &cli.policy, args).await,
        Command::Journal(cmd) => journal(&cli.db, cmd).await,
        Command::Bench(BenchCommand::Http { connections, seconds, json }) => {
            crate::bench::http(connections, seconds, json).await
        }
        Command::Bench(BenchCommand::Decide { callers, seconds, decisions, group_commit, dir, history, json }) => {
            crate::bench::decide(callers, seconds, decisions, group_commit, dir, history, json).await
        }
        Command::Bench(BenchCommand::Verify { events, dir, soak: true, verifier, keep, json }) => {
            crate::bench_soak::verify_soak(events, verifier, dir, keep, json).await
        }
        Command::Bench(BenchCommand::Verify { events, dir, json, .. }) => crate::bench::verify(events, dir, json).await,
        Command::Bench(BenchCommand::Seal { events, json }) => crate::bench::seal(events, json),
        Command::Bench(BenchCommand::Floor { seconds, pages, dir, cases, json }) => {
            crate::bench_floor::floor(seconds, pages, dir, &cases, json)
        }
        Command::Bench(BenchCommand::Load {
            background,
            waiters,
            subscribers,
            seconds,
            settle,
            slow,
            header_timeout,
            flood,
            cap,
            json,
        }) => {
            let args = crate::bench_load::LoadArgs {
                background,
                waiters,
                subscribers,
                seconds,
                settle,
                slow,
                header_timeout_s: header_timeout,
                flood,
                cap,
                json,
            };
            crate::bench_load::load(args).await
        }
        Command::Bench(BenchCommand::Replicas { replicas, connections, seconds, sqlite, namespaces, json }) => {
            crate::bench::replicas(&cli.db, replicas, connections, seconds, sqlite, namespaces, json).await
        }
        Command::Demo(DemoArgs { scenario: Some(DemoScenario::ChangeControl), .. }) => {
            Ok(change_control::cli::demo().await?)
        }
        Command::Demo(DemoArgs { scenario: Some(DemoScenario::Home), .. }) => {
            foureyes_home::demo_command().await.map_err(|(code, message)| Exit::new(code, message))
        }
        Command::Demo(args) => crate::demo::run(&cli.db, args).await,
        Command::HomeMcpServer { state } => {
            foureyes_home::server_command(state).await.map_err(|(code, message)| Exit::new(code, message))
        }
        Command::McpProxy(args) => {
            // The proxy opens its own store: the witness is checked first, on one opened as every door's is.
            check_door_witness(open_backend(&cli.db).await?.as_ref()).await?;
            let telemetry = crate::telemetry::start(args.otlp_endpoint.as_deref(), "foureyes-mcp-proxy").await?;
            if let Some(t) = &telemetry {
                // stderr: in the stdio transport, stdout is the MCP client's channel.
                eprintln!("foureyes mcp-proxy: traces: OTLP/HTTP to {}", t.endpoint);
            }
            let result = foureyes_mcp::cli::run(&cli.db, cli.policy.as_deref(), seal_key()?, request_memory(), args)
                .await
                .map_err(|e| Exit::new(e.exit_code(), e.to_string()));
            if let Some(t) = telemetry {
                t.shutdown().await;
            }
            result
        }
        Command::Task(cmd) => {
            // The task CLI opens its own store: the witness is checked first, on one opened as every door's is.
            // `task status` only reads (attack 40's H1, ADR-1313): opened as a read door — exit 17 at a path with no
            // FourEyes database, nothing created, no log checkpointed — and the task CLI then opens it read-only too.
            if cmd.only_reads() {
                drop(open_witnessed_reader(&cli.db).await?);
            } else {
                check_door_witness(open_backend(&cli.db).await?.as_ref()).await?;
            }
            Ok(change_control::cli::run(&cli.db, seal_key()?, &cli.policy, cmd).await?)
        }
        Command::Stress { workers, iterations } => crate::demo::stress(&cli.db, workers, iterations).await,
    }
}

/// A failing policy test table (`foureyes policy test`).
pub const EXIT_POLICY_TEST_FAILED: u8 = 15;

fn policy_test(file: &Path, json: bool) -> Result<u8, Exit> {
    use foureyes_core::policy_test::{TestTable, run};
    let name = file.display().to_string();
    let text = read_regular(file, Follow::Yes, files::TEXT_MAX_BYTES)
        .map_err(|e| Exit::new(EXIT_POLICY, format!("cannot read test table `{name}`: {e}")))?;
    let table = TestTable::from_yaml(&name, &text).map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?;
    let policy = match (table.inline_policy(&name), &table.policy) {
        (Some(inline), _) => inline.map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?,
        (None, Some(path)) => load_policy(&file.parent().unwrap_or(Path::new(".")).join(path))?,
        (None, None) => {
            return Err(Exit::new(
                EXIT_POLICY,
                format!("{name}: names no policy: add `policy: FILE` (relative to it)"),
            ));
        }
    };
    let results = run(&policy, &table);
    let failed = results.iter().filter(|r| r.failure.is_some()).count();
    if json {
        let cases: Vec<Value> = results
            .iter()
            .map(|r| json!({"name": r.name, "passed": r.failure.is_none(), "got": r.got, "failure": r.failure}))
            .collect();
        print_json(
            &json!({"file": name, "policy_sha256": policy.sha256, "passed": results.len() - failed, "failed": failed, "cases": cases}),
        );
    } else {
        for r in &results {
            match &r.failure {
                None => println!("ok    {}  ({})", r.name, r.got),
                Some(f) => println!("FAIL  {}: {f}  (got {})", r.name, r.got),
            }
        }
        println!("{} passed, {failed} failed", results.len() - failed);
    }
    Ok(if failed == 0 { 0 } else { EXIT_POLICY_TEST_FAILED })
}

async fn policy_diff(db: &Path, old: &Path, new: &Path, replay: Option<u32>, json: bool) -> Result<u8, Exit> {
    use foureyes_core::policy_diff::{diff, replay as replay_requests};
    let (a, b) = (load_policy(old)?, load_policy(new)?);
    let changes = diff(&a, &b);
    let changed = match replay {
        None => None,
        Some(n) => {
            let store = open_reader(db).await?;
            let list = store.decisions(DecisionFilter { status: None, limit: Some(n), before: None }).await?;
            let requests: Vec<ActionRequest> = list.into_iter().map(|d| d.request).collect();
            let snapshot = foureyes_core::Snapshot::default();
            Some((requests.len(), replay_requests(&a, &b, &requests, &snapshot, now_ms())))
        }
    };
    if json {
        let facets: Vec<Value> =
            changes.iter().map(|c| json!({"action": c.action, "facet": c.facet, "old": c.old, "new": c.new})).collect();
        let replayed = changed.as_ref().map(|(n, list)| {
            json!({"requests": n, "changed": list.iter().map(|c| json!({
                "request_id": c.request.request_id, "agent": c.request.agent, "action": c.request.action,
                "old": c.old, "new": c.new,
            })).collect::<Vec<_>>()})
        });
        print_json(&json!({"old": old, "new": new, "changes": facets, "replay": replayed}));
        return Ok(0);
    }
    if changes.is_empty() {
        println!("no action changes between {} and {}", old.display(), new.display());
    }
    let mut last = "";
    for c in &changes {
        if c.action != last {
            println!("{}", c.action);
            last = &c.action;
        }
        let side = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".to_string());
        println!("  {:<36} {}  ->  {}", c.facet, side(&c.old), side(&c.new));
    }
    if let Some((n, list)) = changed {
        println!("replayed the last {n} decided requests: {} would be judged differently", list.len());
        for c in &list {
            println!(
                "  {} {} ({}): {}  ->  {}",
                crate::output::shown_name(&c.request.agent),
                c.request.action,
                crate::output::shown_name(&c.request.request_id),
                c.old,
                c.new
            );
        }
    }
    Ok(0)
}

fn policy_check(file: &Path, json: bool) -> Result<u8, Exit> {
    let policy = load_policy(file)?;
    if json {
        let actions: Vec<Value> = policy
            .actions
            .iter()
            .map(|(name, a)| {
                json!({
                    "action": name,
                    "tier": a.tier,
                    "params": a.params.keys().collect::<Vec<_>>(),
                    "limits": a.describe_limits(),
                    "compensate": a.compensate.as_ref().map(|c| &c.action),
                    "approvals_required": a.approvals.required,
                })
            })
            .collect();
        print_json(&json!({
            "ok": true,
            "file": file,
            "sha256": policy.sha256,
            "timezone": policy.timezone_name,
            "actions": actions,
            "session_trust": policy.session_trust.as_ref().map(|t| t.describe()),
        }));
    } else {
        println!(
            "ok: {} ({} actions, timezone {}, sha256 {})",
            file.display(),
            policy.actions.len(),
            policy.timezone_name,
            policy.sha256
        );
        for (name, a) in &policy.actions {
            let mut line = format!("  {name:<28} tier {}", a.tier);
            let limits = a.describe_limits();
            if !limits.is_empty() {
                line.push_str(&format!("  limits: {limits}"));
            }
            if let Some(c) = &a.compensate {
                line.push_str(&format!("  undo: {}", c.action));
            }
            if a.tier == 3 || a.approvals.required > 1 {
                line.push_str(&format!("  approvers: {}", a.approvals.required));
            }
            println!("{line}");
        }
        if let Some(trust) = &policy.session_trust {
            println!("  session trust: {}", trust.describe());
        }
    }
    Ok(0)
}

async fn decide(db: &Path, policy: &Option<std::path::PathBuf>, args: DecideArgs) -> Result<u8, Exit> {
    let policy = require_policy(policy)?;
    let store = open_door(db).await?;
    refuse_a_broken_chain(store.as_ref()).await?;
    store.record_policy(&policy, now_ms()).await?;
    // An action FourEyes runs is decided by the call that runs it (`foureyes execute`, ADR-480).
    if let Some(message) = foureyes_core::connector::plain_decide_refused(&policy, &args.action, args.dry_run) {
        let input = json!({"command": "decide", "action": args.action, "request_id": args.request_id});
        let code = foureyes_core::connector::USE_EXECUTE;
        let seq = store.refuse(&args.agent, code, &message, input, now_ms()).await?;
        return Err(Exit::new(EXIT_CONFLICT, format!("{message} (refusal journaled at seq {seq})")));
    }
    let params = parse_object(store.as_ref(), &args.agent, "--params", &args.params).await?;
    let evidence = match &args.evidence {
        Some(text) => Some(Value::Object(parse_object(store.as_ref(), &args.agent, "--evidence", text).await?)),
        None => None,
    };
    let request = ActionRequest {
        request_id: args.request_id.unwrap_or_else(fresh_request_id),
        agent: args.agent,
        session: args.session,
        action: args.action,
        params,
        target: args.target,
        undo_of: args.undo_of,
        dry_run: args.dry_run,
        approval_id: args.approval,
        evidence,
        flags: args.flags,
    };
    let answer = store.decide_or_replay(policy, request, now_ms()).await?;
    if args.json {
        print_json(&decided_json(&answer));
    } else {
        print_decided(&answer);
    }
    Ok(verdict_exit(&answer.decision))
}

async fn report(db: &Path, args: ReportArgs) -> Result<u8, Exit> {
    let store = open_door(db).await?;
    refuse_a_broken_chain(store.as_ref()).await?;
    let agent = match store.decision(args.decision_id).await? {
        Some(d) => d.request.agent,
        None => return Err(Exit::new(EXIT_NOT_FOUND, format!("decision {} does not exist", args.decision_id))),
    };
    let detail = parse_object(store.as_ref(), &agent, "--detail", &args.detail).await?;
    let outcome = match args.outcome {
        OutcomeArg::Executed => Outcome::Executed,
        OutcomeArg::Failed => Outcome::Failed,
        OutcomeArg::Unknown => Outcome::Unknown,
    };
    let record = store.report(args.decision_id, outcome, Value::Object(detail), now_ms()).await?;
    if args.json {
        print_json(&decision_json(&record));
    } else {
        print_decision(&record);
    }
    Ok(0)
}

async fn decisions(db: &Path, cmd: DecisionsCommand) -> Result<u8, Exit> {
    let store = open_reader(db).await?;
    match cmd {
        DecisionsCommand::List { status, limit, all, before, json } => {
            let status = match status.as_deref() {
                None => None,
                Some(s) => Some(DecisionStatus::parse(s).ok_or_else(|| {
                    Exit::new(EXIT_REFUSED, format!("unknown status `{s}`: expected intended, executed, failed, unknown, awaiting_approval, superseded or closed"))
                })?),
            };
            let max = if all { None } else { Some(limit) };
            let list = foureyes_store::decisions_paged(store.as_ref(), status, before, max).await?;
            if json {
                print_json(&list.iter().map(decision_json).collect::<Vec<_>>());
            } else if list.is_empty() {
                println!("no decisions");
            } else {
                for d in &list {
                    let expired = d.reasons.iter().any(|r| r.code == ReasonCode::ReservationExpired);
                    let note = match d.status {
                        DecisionStatus::Intended => "  <- intended, not confirmed",
                        _ if expired && d.reported_at_ms.is_none() => {
                            "  <- reservation expired: not reported in time, released, outcome unknown"
                        }
                        _ if expired => "  <- reported late: its reservation had expired and was released",
                        _ => "",
                    };
                    println!(
                        "{:>6}  {}  {:<8} {:<28} agent {:<12} [{}]{note}",
                        d.decision_id,
                        crate::output::time(d.decided_at_ms),
                        d.verdict.as_str(),
                        d.request.action,
                        crate::output::shown_name(&d.request.agent),
                        d.status.as_str()
                    );
                }
            }
            Ok(0)
        }
        DecisionsCommand::Show { id, json } => {
            let d = store
                .decision(id)
                .await?
                .ok_or_else(|| Exit::new(EXIT_NOT_FOUND, format!("decision {id} does not exist")))?;
            if json {
                print_json(&decision_json(&d));
            } else {
                print_decision(&d);
            }
            Ok(0)
        }
    }
}

async fn approvals(db: &Path, cmd: ApprovalsCommand) -> Result<u8, Exit> {
    let store = match cmd {
        ApprovalsCommand::List { .. } | ApprovalsCommand::Show { .. } => open_witnessed_reader(db).await?,
        _ => open_door(db).await?,
    };
    let now = now_ms();
    match cmd {
        ApprovalsCommand::List { status, json } => {
            let filter = match status.as_str() {
                "all" => None,
                s => Some(ApprovalStatus::parse(s).ok_or_else(|| {
                    Exit::new(
                        EXIT_REFUSED,
                        format!(
                            "unknown status `{s}`: expected pending, approved, rejected, expired, consumed, revoked or all"
                        ),
                    )
                })?),
            };
            let list = store.approvals_checked(filter, now).await?;
            if json {
                let shown: Vec<_> =
                    list.iter().map(|(a, altered)| checked_approval_json(a, altered.as_ref())).collect();
                print_json(&shown);
            } else if list.is_empty() {
                println!("no {status} approvals");
            } else {
                for (a, altered) in &list {
                    print_checked_approval(a, altered.as_ref());
                }
            }
            Ok(0)
        }
        ApprovalsCommand::Show { id, json } => {
            let (a, altered) = store
                .approval_checked(id, now)
                .await?
                .ok_or_else(|| Exit::new(EXIT_NOT_FOUND, format!("approval {id} does not exist")))?;
            if json {
                print_json(&checked_approval_json(&a, altered.as_ref()));
            } else {
                print_checked_approval(&a, altered.as_ref());
                // A change an agent proposed to a task: the human sees what will be written, not only its digest.
                change_control::cli::show_change(db, seal_key()?, &a.request).await?;
            }
            Ok(0)
        }
        ApprovalsCommand::Approve { id, approver, digest, json } => {
            let vote = store.approve(id, &approver, digest.as_deref(), now).await?;
            if json {
                print_json(&vote);
            } else {
                let a = &vote.approval;
                if !vote.counted {
                    println!(
                        "{} already approved approval {id}: a vote counts once ({} of {} given)",
                        crate::output::shown_name(&approver),
                        a.approvers.len(),
                        a.required
                    );
                } else if a.status == ApprovalStatus::Approved {
                    println!(
                        "approval {id} approved ({}); the agent may now execute it by re-sending its request",
                        a.approvers.iter().map(|n| crate::output::shown_name(n)).collect::<Vec<_>>().join(", ")
                    );
                } else {
                    println!("approval {id}: {} of {} approvals given, still pending", a.approvers.len(), a.required);
                }
            }
            Ok(0)
        }
        ApprovalsCommand::Reject { id, approver, reason, digest, json } => {
            let a = store.reject(id, &approver, reason.as_deref(), digest.as_deref(), now).await?;
            if json {
                print_json(&a);
            } else {
                println!("approval {id} rejected by {}", crate::output::shown_name(&approver));
            }
            Ok(0)
        }
        ApprovalsCommand::Revoke { id, by, why, json } => {
            let a = store.revoke(id, &by, &why, now).await?;
            if json {
                print_json(&a);
            } else {
                println!("approval {id} revoked by {by}: a release of it is now denied (approval_revoked)");
            }
            Ok(0)
        }
        ApprovalsCommand::Expire => {
            let ids = store.expire_approvals(now).await?;
            println!(
                "{} approvals expired{}",
                ids.len(),
                if ids.is_empty() { String::new() } else { format!(": {ids:?}") }
            );
            Ok(0)
        }
    }
}

/// The changed definitions proxies journaled (ADR-933; one home with the server's: ADR-936).
async fn changed_definitions(store: &dyn Store) -> Result<Vec<Value>, Exit> {
    Ok(foureyes_server::mcp_pins::changed_definitions(store).await?)
}

/// The policy whose pins a pin door compares a name with (attack 41's H6, H7; ADR-1414): `--policy` when given; else
/// the policy the journal last loaded (`policy_loaded`), read back from its source only if it still hashes to the
/// journaled SHA-256. `Ok(None)`: the journal never loaded one. `Err(why)`: it did, and it cannot be read back as
/// that policy, so its pins are not known here — `mcp pins approve` without `--policy` journaled a look-alike of a
/// policy pin the HTTP door refuses (H6), and `mcp pins list` offered it as a change to review (H7).
async fn pin_policy(store: &dyn Store, policy: Option<&Path>) -> Result<Result<Option<Policy>, String>, Exit> {
    if let Some(path) = policy {
        return Ok(Ok(Some(load_policy(path)?)));
    }
    let mut last: Option<(String, String)> = None;
    let mut after = 0;
    loop {
        let page = store.journal(after, 5000).await?;
        let Some(newest) = page.last() else { break };
        after = newest.seq;
        for event in page.iter().filter(|e| e.kind.as_str() == "policy_loaded") {
            let field = |k: &str| event.data[k].as_str().unwrap_or_default().to_string();
            last = Some((field("source"), field("sha256")));
        }
    }
    let Some((source, sha256)) = last else { return Ok(Ok(None)) };
    let loaded = std::fs::read_to_string(&source)
        .map_err(|e| e.to_string())
        .and_then(|text| Policy::from_yaml(&source, &text).map_err(|e| e.to_string()));
    Ok(match loaded {
        Ok(p) if p.sha256 == sha256 => Ok(Some(p)),
        Ok(p) => Err(format!(
            "the journal's policy `{}` (sha256 {}) now hashes to {}: its pins are not known here, so no name is \
             checked against them; give the policy with --policy (ADR-1414)",
            crate::output::shown_name(&source),
            crate::output::shown_name(&sha256),
            p.sha256
        )),
        Err(e) => Err(format!(
            "the journal's policy `{}` (sha256 {}) cannot be read back ({}): its pins are not known here, so no name \
             is checked against them; give the policy with --policy (ADR-1414)",
            crate::output::shown_name(&source),
            crate::output::shown_name(&sha256),
            crate::output::shown(&e)
        )),
    })
}

async fn pins(db: &Path, policy: Option<&Path>, cmd: PinsCommand) -> Result<u8, Exit> {
    use foureyes_core::tool_pin::{
        JournaledDefinition, PinCause, ToolPinned, check_journaled_definition, current, fold, shown,
    };
    // The listing only reads (ADR-1250): no database made, nothing written; the witness check stays (ADR-407).
    let store =
        if matches!(cmd, PinsCommand::List { .. }) { open_witnessed_reader(db).await? } else { open_door(db).await? };
    match cmd {
        PinsCommand::List { server, json } => {
            let mine = |s: &str| server.as_deref().is_none_or(|want| want == s);
            // A pin read back that no door would journal now is listed apart, marked and escaped, and never used
            // (attack 39, ADR-1261).
            let (held, unusable) = fold(&store.tool_pins().await?);
            // The policy's pins of every server count as at the approve door (attack 41's H7, ADR-1414): a changed
            // definition whose name reads like one is NAME REFUSED, not a change to re-pin.
            let policy = match pin_policy(store.as_ref(), policy).await? {
                Ok(policy) => policy,
                Err(why) => {
                    eprintln!("foureyes: {why}");
                    None
                }
            };
            let policy_pins: Vec<(&str, &str)> = policy
                .iter()
                .flat_map(|p| p.mcp.iter().flat_map(|(s, m)| m.pins.keys().map(move |t| (s.as_str(), t.as_str()))))
                .collect();
            // A changed definition listed under a name no pin can hold — one the name rules refuse, or one that
            // reads like a held pin's — is no change of a pinned tool: it says why, and no re-pin admits it
            // (attack 40's H4, ADR-1321).
            let name_refused = |server: &str, tool: &str| {
                foureyes_core::tool_pin::check_server_name(server)
                    .and_then(|()| foureyes_core::tool_pin::check_pinned_name(tool))
                    .and_then(|()| {
                        foureyes_core::tool_pin::check_not_alike(
                            server,
                            tool,
                            held.keys().map(|(s, t)| (s.as_str(), t.as_str())).chain(policy_pins.iter().copied()),
                        )
                    })
                    .err()
            };
            let pins: Vec<ToolPinned> = held.values().filter(|p| mine(&p.server)).cloned().collect();
            let unusable: Vec<(ToolPinned, String)> = unusable.into_iter().filter(|(p, _)| mine(&p.server)).collect();
            let changed: Vec<Value> = changed_definitions(store.as_ref())
                .await?
                .into_iter()
                .filter(|c| mine(c["server"].as_str().unwrap_or_default()))
                .filter(|c| {
                    // Still waiting: the tool's pin is not the changed hash.
                    !pins.iter().any(|p| {
                        c["server"] == json!(p.server) && c["tool"] == json!(p.tool) && c["seen"] == json!(p.sha256)
                    })
                })
                .collect();
            // ADR-933: an entry whose text does not hash to its listed hash is shown as such, never as a change
            // to review (an agent token could journal a harmless text beside a hostile definition's hash).
            let (mut changed, forged): (Vec<Value>, Vec<Value>) = changed
                .into_iter()
                .partition(|c| !matches!(check_journaled_definition(c), JournaledDefinition::Mismatch(_)));
            let refused_names: Vec<Option<String>> = changed
                .iter()
                .map(|c| name_refused(c["server"].as_str().unwrap_or_default(), c["tool"].as_str().unwrap_or_default()))
                .collect();
            for (c, why) in changed.iter_mut().zip(&refused_names) {
                if let Some(why) = why {
                    c["name_refused"] = json!(why);
                }
            }
            if json {
                let forged: Vec<Value> = forged
                    .into_iter()
                    .map(|mut c| {
                        if let JournaledDefinition::Mismatch(why) = check_journaled_definition(&c) {
                            c["mismatch"] = json!(why);
                        }
                        c
                    })
                    .collect();
                let unusable: Vec<Value> = unusable
                    .iter()
                    .map(|(p, why)| {
                        let mut v = json!(p);
                        v["unusable"] = json!(why);
                        v
                    })
                    .collect();
                print_json(&json!({"pins": pins, "changed": changed, "mismatched": forged, "unusable": unusable}));
                return Ok(0);
            }
            for (p, why) in &unusable {
                println!(
                    "UNUSABLE `{}`\t`{}`\t{}\t{} by `{}`: never used to trust a tool: {} (ADR-1261)",
                    shown(&p.server),
                    shown(&p.tool),
                    shown(&p.sha256),
                    p.cause.as_str(),
                    shown(&p.by),
                    why
                );
            }
            for c in &forged {
                let why = match check_journaled_definition(c) {
                    JournaledDefinition::Mismatch(why) => why,
                    _ => String::new(),
                };
                println!(
                    "MISMATCH {}\t{}\tlisted {}\tjournal seq {}: {} (ADR-933: not a change to review; do not \
                     approve this hash)",
                    shown(c["server"].as_str().unwrap_or_default()),
                    shown(c["tool"].as_str().unwrap_or_default()),
                    crate::output::shown(c["seen"].as_str().unwrap_or_default()),
                    c["seq"],
                    crate::output::shown(&why),
                );
            }
            for p in &pins {
                println!(
                    "{}\t{}\t{}\t{} by {}",
                    shown(&p.server),
                    shown(&p.tool),
                    p.sha256,
                    p.cause.as_str(),
                    crate::output::shown(&p.by)
                );
            }
            for (c, refused) in changed.iter().zip(&refused_names) {
                let definition = &c["definition"];
                // ADR-912: a definition too large for the journal is kept as its size, its SHA-256 and a prefix.
                let shown = match (definition["bytes"].as_u64(), definition["excerpt"].as_str()) {
                    (Some(bytes), Some(excerpt)) => format!(
                        "excerpt of {bytes} bytes (sha256 {}; the whole definition is the upstream's: list it \
                         there): {}",
                        definition["sha256"].as_str().unwrap_or("unknown"),
                        crate::output::shown(excerpt)
                    ),
                    _ => crate::output::shown(&definition.to_string()),
                };
                let unreadable = c["unreadable"]
                    .as_str()
                    .map(|why| format!("\n  unreadable: {}", crate::output::shown(why)))
                    .unwrap_or_default();
                let name = |key: &str| foureyes_core::tool_pin::shown(c[key].as_str().unwrap_or_default());
                if let Some(why) = refused {
                    // Not a change to review: the name is refused (ADR-1321), whatever the definition says.
                    println!(
                        "NAME REFUSED `{}`\t`{}`\tlisted {}\tjournal seq {}: no pin holds this name: {why} (ADR-1321: \
                         not a change of a pinned tool; no re-pin admits it)",
                        name("server"),
                        name("tool"),
                        name("seen"),
                        c["seq"],
                    );
                    continue;
                }
                // The pin that holds is the journal's, not what the entry says: an agent's report may say
                // `"pinned": null` of a pinned tool (attack 41's minor, ADR-1414).
                let key = (
                    c["server"].as_str().unwrap_or_default().to_string(),
                    c["tool"].as_str().unwrap_or_default().to_string(),
                );
                println!(
                    "CHANGED {}\t{}\tpinned {}\tlisted {}{unreadable}\n  definition: {shown}",
                    name("server"),
                    name("tool"),
                    held.get(&key).map_or("none", |p| p.sha256.as_str()),
                    name("seen"),
                );
            }
            if pins.is_empty() && changed.is_empty() && forged.is_empty() && unusable.is_empty() {
                println!("no pinned tools");
            }
            Ok(0)
        }
        PinsCommand::Approve { tool, server, hash, by, excerpt_only, json } => {
            // Exit 3 says the refusal is journaled: each one is (attack 39, ADR-1262), every name echoed escaped.
            let refuse = |why: String| {
                let (store, by) = (store.clone(), by.clone());
                let input = json!({"command": "mcp pins approve", "server": server, "tool": tool, "sha256": hash,
                    "excerpt_only": excerpt_only});
                let message =
                    format!("not re-pinned: {} of {} to {}: {why}", shown(&tool), shown(&server), shown(&hash));
                async move {
                    let seq = store.refuse(&by, "bad_request", &message, input, now_ms()).await?;
                    Err::<u8, Exit>(Exit::new(EXIT_REFUSED, format!("{message} (refusal journaled at seq {seq})")))
                }
            };
            if by == format!("mcp:{server}") {
                return refuse(format!("`{}` is the proxy's own agent: a person re-pins a tool", shown(&by))).await;
            }
            // The pin's name rules (ADR-406, ADR-1260), as `POST /v1/mcp/pins/approve` applies them.
            if let Err(why) = foureyes_core::tool_pin::check_server_name(&server)
                .and_then(|()| foureyes_core::tool_pin::check_pinned_name(&tool))
            {
                return refuse(why).await;
            }
            // ... and no pin that reads like one held, of any server, in the journal or the policy (`--policy`, when
            // given): the HTTP door's check (`api::pin_names`), made here before the transaction, so the refusal is
            // journaled and exits 3, not 6 (attack 40's H3, ADR-1320).
            // Without `--policy`, the policy the journal last loaded (attack 41's H6, ADR-1414): a look-alike of its pin
            // was re-pinned by this door alone. One that cannot be read back is a refusal: its pins are unknown.
            let policy = match pin_policy(store.as_ref(), policy).await? {
                Ok(policy) => policy,
                Err(why) => return refuse(why).await,
            };
            let journaled = current(&store.tool_pins().await?);
            let policy_pins = policy
                .iter()
                .flat_map(|p| p.mcp.iter().flat_map(|(s, m)| m.pins.keys().map(move |t| (s.as_str(), t.as_str()))));
            let held = journaled.keys().map(|(s, t)| (s.as_str(), t.as_str())).chain(policy_pins);
            if let Err(why) = foureyes_core::tool_pin::check_not_alike(&server, &tool, held) {
                return refuse(why).await;
            }
            // ADR-933: only a hash whose definition the journal holds, and which that definition hashes to, is
            // pinned; the definition pinned is shown.
            let entries = foureyes_server::mcp_pins::changes_of(store.as_ref(), &server, &tool, &hash).await?;
            // ADR-936: the rule's one home, which `POST /v1/mcp/pins/approve` applies too.
            let shown = match foureyes_core::tool_pin::approvable(&entries, excerpt_only) {
                Ok(entry) => entry["definition"].clone(),
                Err(why) => return refuse(format!("{why} (ADR-933)")).await,
            };
            let previous = current(&store.tool_pins().await?).remove(&(server.clone(), tool.clone())).map(|p| p.sha256);
            let pin = ToolPinned {
                server: server.clone(),
                tool: tool.clone(),
                sha256: hash.clone(),
                cause: PinCause::Approved,
                by: by.clone(),
                previous,
            };
            // A pin the transaction refuses (a look-alike pinned since the check above) is a refusal too: journaled.
            let seq = match store.pin_tool(&pin, now_ms()).await {
                Ok(seq) => seq,
                Err(foureyes_store::StoreError::InvalidState(why)) => return refuse(why).await,
                Err(e) => return Err(e.into()),
            };
            if json {
                print_json(&json!({"pin": pin, "seq": seq}));
            } else {
                println!("{} of {} re-pinned to {} (journal seq {seq})", pin.tool, pin.server, pin.sha256);
                let text = match &shown {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                };
                println!("  definition pinned: {}", crate::output::shown(&text));
            }
            Ok(0)
        }
    }
}

async fn kill_switch(db: &Path, args: KillSwitchArgs) -> Result<u8, Exit> {
    // `status` is what a cron check reads (ADR-1250): a mistyped path is exit 17, not "kill switch off", and nothing is
    // made or written; it keeps the witness check, so a database rolled back behind its witness is refused, not read.
    let store =
        if args.state == KillSwitchState::Status { open_witnessed_reader(db).await? } else { open_door(db).await? };
    let changed = match args.state {
        KillSwitchState::Status => false,
        s => store.set_kill_switch(s == KillSwitchState::On, &args.by, now_ms()).await?,
    };
    let engaged = store.kill_switch().await?;
    if args.json {
        print_json(&json!({"engaged": engaged, "changed": changed}));
    } else {
        let state = if engaged { "ENGAGED: only tier-0 reads are permitted" } else { "off" };
        println!("kill switch {state}{}", if changed { " (changed)" } else { "" });
    }
    Ok(0)
}

async fn sessions(db: &Path, cmd: SessionsCommand) -> Result<u8, Exit> {
    let store = match cmd {
        SessionsCommand::List { .. } => open_witnessed_reader(db).await?,
        SessionsCommand::Restore { .. } => open_door(db).await?,
    };
    let now = now_ms();
    match cmd {
        SessionsCommand::List { all, json } => {
            let list = store.demotions(!all, now).await?;
            if json {
                print_json(&list);
            } else if list.is_empty() {
                println!("{}", if all { "no session was ever demoted" } else { "no session is demoted" });
            } else {
                for d in &list {
                    print_demotion(d);
                }
            }
        }
        SessionsCommand::Restore { agent, session, by, why, json } => {
            let d = store.restore_session(&agent, session.as_deref(), &by, &why, now).await?;
            if json {
                print_json(&d);
            } else {
                print_demotion(&d);
            }
        }
    }
    Ok(0)
}

/// Params for an undo: the original params, overlaid with `detail.before` from the executed report.
pub fn undo_params(original: &DecisionRecord) -> Map<String, Value> {
    let mut params = original.request.params.clone();
    if let Some(Value::Object(before)) = original.report_detail.as_ref().and_then(|d| d.get("before")) {
        for (k, v) in before {
            params.insert(k.clone(), v.clone());
        }
    }
    params
}

async fn undo(db: &Path, policy: &Option<std::path::PathBuf>, args: UndoArgs) -> Result<u8, Exit> {
    let policy = require_policy(policy)?;
    let store = open_door(db).await?;
    refuse_a_broken_chain(store.as_ref()).await?;
    store.record_policy(&policy, now_ms()).await?;
    // The decision as the journal tells it (ADR-530): its compensation is built from the journaled request.
    let original = store
        .decision_checked(args.decision_id, now_ms())
        .await?
        .ok_or_else(|| Exit::new(EXIT_NOT_FOUND, format!("decision {} does not exist", args.decision_id)))?;
    let compensation = policy.action(&original.request.action).and_then(|a| a.compensate.clone()).ok_or_else(|| {
        Exit::new(
            crate::EXIT_INVALID_STATE,
            format!("'{}' has no compensating action in the policy: it cannot be undone", original.request.action),
        )
    })?;
    let params = match &args.params {
        Some(text) => parse_object(store.as_ref(), &args.agent, "--params", text).await?,
        None => undo_params(&original),
    };
    let request = ActionRequest {
        request_id: args.request_id.unwrap_or_else(|| format!("undo-{}", original.decision_id)),
        agent: args.agent,
        session: None,
        action: compensation.action,
        params,
        target: original.request.target.clone(),
        undo_of: Some(original.decision_id),
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    };
    let answer = store.decide_or_replay(policy, request, now_ms()).await?;
    if args.json {
        print_json(&decided_json(&answer));
    } else {
        print_decided(&answer);
    }
    Ok(verdict_exit(&answer.decision))
}

/// The journal's event with the newest time on record (the first such, by seq): `(seq, ts_ms)`, `(0, 0)` when empty.
/// What `journal verify` names when the clock stops the doors (ADR-865): one walk, only on that path.
async fn newest_event(store: &dyn Store) -> Result<(u64, i64), Exit> {
    let (mut newest, mut after) = ((0, 0), 0);
    loop {
        let page = store.journal(after, 5000).await?;
        let Some(last) = page.last() else { return Ok(newest) };
        after = last.seq;
        for event in &page {
            if newest.0 == 0 || event.ts_ms > newest.1 {
                newest = (event.seq, event.ts_ms);
            }
        }
    }
}

async fn journal(db: &Path, cmd: JournalCommand) -> Result<u8, Exit> {
    match cmd {
        JournalCommand::Verify { file: Some(file), json, .. } => {
            let bytes = files::read_small(&file, Follow::Yes, files::EXPORT_MAX_BYTES)
                .map_err(|e| Exit::new(EXIT_NOT_FOUND, format!("cannot read `{}`: {e}", file.display())))?;
            let report = verify_export(&bytes);
            if json {
                print_json(&report);
            } else {
                println!("{}: {report}", file.display());
            }
            Ok(if report.is_ok() { 0 } else { EXIT_VERIFY_FAILED })
        }
        JournalCommand::Verify { file: None, checkpoint: Some(checkpoint), public_key: Some(public_key), json } => {
            let key = read_verifier_key(&public_key)?;
            let notes = read_notes(&checkpoint)?;
            let store = open_reader(db).await?;
            let report = foureyes_store::checkpoint::verify_against_notes(store.as_ref(), &key, &notes).await?;
            // The seal too (ADR-535): every seal under `--seal-key` when given, and what the notes say of it — a
            // journal whose seals were stripped fails here, the check the door sends the operator to before sealing.
            let seals = foureyes_store::checkpoint::verify_seals(store.as_ref(), seal_key()?).await?;
            let stripped = foureyes_store::checkpoint::notes_seal_problem(&seals, &key, &notes);
            if json {
                let mut value = serde_json::to_value(&report).unwrap_or_default();
                value["seal"] = serde_json::to_value(&seals).unwrap_or_default();
                value["seal_stripped"] = serde_json::to_value(&stripped).unwrap_or_default();
                print_json(&value);
            } else {
                println!("{} against {}: {report}", db_label(db), checkpoint.display());
                match &stripped {
                    Some(problem) => println!("seal: {problem}"),
                    None => println!("seal: {seals}"),
                }
            }
            Ok(if report.is_ok() && seals.is_ok() && stripped.is_none() { 0 } else { EXIT_VERIFY_FAILED })
        }
        JournalCommand::Verify { file: None, json, .. } => {
            let store = open_reader(db).await?;
            let report = store.verify_journal().await?;
            // The door seal (ADR-420): from the first sealed event on, every event carries a seal (checked under
            // `--seal-key` when given).
            let seals = foureyes_store::checkpoint::verify_seals(store.as_ref(), seal_key()?).await?;
            // What a door that opens the store replays (ADR-842, ADR-865): the door's own catch-up, through the same
            // reader, with the same checks (the chain against the head, every seal, every event's data read back, the
            // ids it issues), read-only. An event no door replays stops every door, so it fails `verify`, the check
            // their refusal sends the operator to.
            let replay = if report.is_ok() && seals.is_ok() { store.door_replay_refusal().await? } else { None };
            // And the clock a door started here checks before it decides (ADR-730): not the journal's fault, but no
            // door decides here until it is resolved, so `verify` does not say `ok` (exit 16, ADR-865).
            let ok = report.is_ok() && seals.is_ok() && replay.is_none();
            // Only on a journal that replays: a broken one already fails (exit 7), and its rows may not even read.
            let clock = match foureyes_store::clock_floor::unresolved() {
                Some(why) if ok => Some((newest_event(store.as_ref()).await?, why)),
                _ => None,
            };
            if json {
                let mut value = serde_json::to_value(&report).unwrap_or_default();
                value["seal"] = serde_json::to_value(&seals).unwrap_or_default();
                value["replay"] = match &replay {
                    Some((seq, problem)) => serde_json::json!({"ok": false, "bad_seq": seq, "problem": problem}),
                    None => serde_json::json!({"ok": ok}),
                };
                value["clock"] = match &clock {
                    Some(((seq, ts_ms), problem)) => {
                        serde_json::json!({"ok": false, "newest_seq": seq, "newest_ts_ms": ts_ms, "problem": problem})
                    }
                    None => serde_json::json!({"ok": true}),
                };
                print_json(&value);
            } else {
                println!("{}: {report}", db_label(db));
                println!("seal: {seals}");
                if let Some((seq, problem)) = &replay {
                    println!(
                        "replay: FAILED at seq {seq}: no door replays it, every door refuses to decide: {problem}"
                    );
                }
                if let Some((_, problem)) = &clock
                    && foureyes_store::clock_floor::unresolved_by_the_files()
                {
                    // Not the clock, nor any event's time: the database's other names (ADR-882, attack 24's H1), or
                    // an anchor no door could write (F388; attack 26's F3, F946).
                    println!("clock: doors refuse to decide on this database: {problem}");
                } else if let Some(((seq, ts_ms), problem)) = &clock {
                    println!(
                        "clock: doors refuse to decide on this machine: {problem} The newest time on record is seq \
                         {seq}'s ({}): if this machine's clock is right, that event was written with a time in the \
                         future.",
                        crate::output::time(*ts_ms)
                    );
                }
            }
            Ok(match (ok, &clock) {
                (false, _) => EXIT_VERIFY_FAILED,
                (true, Some(_)) => crate::EXIT_CLOCK,
                (true, None) => 0,
            })
        }
        JournalCommand::Seal { json } => {
            let store = open_backend(db).await?;
            // Sealing vouches for every event before it: never on a database rolled back behind its witness (M2).
            crate::commands::check_door_witness(store.as_ref()).await?;
            refuse_a_broken_chain_only(store.as_ref()).await?;
            let seq = store.start_seal("cli", now_ms()).await?;
            let seals = foureyes_store::checkpoint::verify_seals(store.as_ref(), seal_key()?).await?;
            if json {
                print_json(&serde_json::json!({"seal_started": seq, "seal": seals}));
            } else {
                match seq {
                    Some(seq) => println!(
                        "sealed: `seal_started` journaled at seq {seq}; the {} events before it are believed as they \
                         are, every event from it on carries a seal",
                        seq - 1
                    ),
                    None => println!("nothing to do: {seals}"),
                }
            }
            Ok(if seals.is_ok() { 0 } else { EXIT_VERIFY_FAILED })
        }
        JournalCommand::Export { file } => {
            let store = open_reader(db).await?;
            let mut out: Box<dyn Write> = if file.as_os_str() == "-" {
                Box::new(std::io::stdout().lock())
            } else {
                Box::new(std::io::BufWriter::new(
                    std::fs::File::create(&file)
                        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot create `{}`: {e}", file.display())))?,
                ))
            };
            let mut after = 0;
            let mut count = 0u64;
            loop {
                let page = store.journal(after, 5000).await?;
                let Some(last) = page.last() else { break };
                after = last.seq;
                for event in &page {
                    writeln!(out, "{}", event.to_line())
                        .map_err(|e| Exit::new(EXIT_STORAGE, format!("write failed: {e}")))?;
                    count += 1;
                }
            }
            out.flush().map_err(|e| Exit::new(EXIT_STORAGE, format!("write failed: {e}")))?;
            if file.as_os_str() != "-" {
                eprintln!("exported {count} events to {}", file.display());
            }
            Ok(0)
        }
        JournalCommand::Audit { json } => {
            let store = open_reader(db).await?;
            let mut report = store.audit().await?;
            // An event no door sealed is a difference too (ADR-420): the tables may match it, it is still forged.
            let seals = foureyes_store::checkpoint::verify_seals(store.as_ref(), seal_key()?).await?;
            if let (Some(seq), Some(problem)) = (seals.bad_seq, &seals.problem) {
                report.mismatches.push(format!("journal seq {seq}: seal: {problem}"));
            }
            // A connector secret's row that is not the value its newest `secret_set` bound (ADR-958, F958).
            report.mismatches.extend(crate::execute::audit_secrets(db, store.clone()).await?);
            // A pin the journal holds that no door would journal now (attack 39, ADR-1261): never used, named here.
            for (pin, why) in foureyes_core::tool_pin::fold(&store.tool_pins().await?).1 {
                use foureyes_core::tool_pin::shown;
                report.mismatches.push(format!(
                    "tool_pinned: `{}`'s tool `{}` ({} by `{}`) is no pin a door takes, so it is never used: {} \
                     (ADR-1261)",
                    shown(&pin.server),
                    shown(&pin.tool),
                    pin.cause.as_str(),
                    shown(&pin.by),
                    why
                ));
            }
            if json {
                print_json(&report);
            } else if report.mismatches.is_empty() {
                println!(
                    "consistent: {} events replay to the tables ({} decisions, {} held reservations, {} intended and not confirmed)",
                    report.events, report.decisions, report.held_reservations, report.unconfirmed
                );
            } else {
                println!("INCONSISTENT: {} differences between the journal and the tables:", report.mismatches.len());
                for m in &report.mismatches {
                    // A difference quotes forged rows (a name with an ESC, a newline, a bidi control): no line of the
                    // audit may be erased or split by what it reports (attack 41's H5, ADR-1410).
                    println!("  {}", crate::output::shown(m));
                }
            }
            Ok(if report.mismatches.is_empty() { 0 } else { EXIT_VERIFY_FAILED })
        }
        JournalCommand::Keygen { out, name } => keygen(&out, &name),
        JournalCommand::Checkpoint { signing_key, out } => {
            let key = read_signing_key(&signing_key)?;
            // It signs a journal that is there: a missing path is refused before a file is made (attack 41, F1433:
            // an empty database was created, then "no checkpoint was journaled").
            if !db.to_str().is_some_and(foureyes_store_pg::is_postgres_url) {
                let existing = existing_sqlite(db).map_err(|e| match e.code {
                    crate::EXIT_NO_DATABASE => Exit::new(
                        e.code,
                        format!("{} — `journal checkpoint` signs the journal of a database that is there", e.message),
                    ),
                    _ => e,
                })?;
                existing.close();
            }
            let store = open_backend(db).await?;
            refuse_a_broken_chain(store.as_ref()).await?;
            match foureyes_store::checkpoint::checkpoint(store.as_ref(), &key, now_ms()).await? {
                Some((seq, note)) => {
                    match &out {
                        Some(file) => append_note(file, &note)?,
                        None => print!("{note}"),
                    }
                    eprintln!("checkpoint signed by `{}`, journaled at seq {seq}", key.name());
                }
                None => {
                    let last = store.last_checkpoint().await?.ok_or_else(|| {
                        Exit::new(EXIT_STORAGE, "no checkpoint was journaled and none is there".to_string())
                    })?;
                    match &out {
                        Some(file) => append_note(file, &last.note)?,
                        None => print!("{}", last.note),
                    }
                    eprintln!("nothing new since the checkpoint of {} events; it is repeated", last.size);
                }
            }
            Ok(0)
        }
        JournalCommand::Prove { seq, checkpoint } => {
            let note = checkpoint.as_deref().map(read_last_note).transpose()?;
            let store = open_reader(db).await?;
            let proof = foureyes_store::checkpoint::prove(store.as_ref(), seq, note.as_deref()).await?;
            print_json(&proof);
            Ok(0)
        }
        JournalCommand::VerifyProof { proof, public_key, checkpoint } => {
            let key = read_verifier_key(&public_key)?;
            let note = checkpoint.as_deref().map(read_last_note).transpose()?;
            let text = read_json_arg(&format!("@{}", proof.display())).map_err(|m| Exit::new(EXIT_NOT_FOUND, m))?;
            let proof: foureyes_store::checkpoint::InclusionProof = serde_json::from_str(&text)
                .map_err(|e| Exit::new(EXIT_VERIFY_FAILED, format!("not an inclusion proof: {e}")))?;
            match foureyes_store::checkpoint::verify_proof(&proof, &key, note.as_deref()) {
                Ok(cp) => {
                    println!(
                        "ok: event seq {} ({}) is in the journal `{}` of {} events signed by `{}`",
                        proof.event.seq,
                        proof.event.kind.as_str(),
                        cp.origin,
                        cp.size,
                        key.name()
                    );
                    Ok(0)
                }
                Err(e) => Err(Exit::new(EXIT_VERIFY_FAILED, format!("proof refused: {e}"))),
            }
        }
        JournalCommand::Tail { lines, follow, json } => {
            let store = open_reader(db).await?;
            let head = store.verify_journal().await?;
            let head_seq = match &head {
                foureyes_core::journal::VerifyReport::Ok { head_seq, .. } => *head_seq,
                other => other.bad_seq().unwrap_or(1).saturating_sub(1),
            };
            let mut after = head_seq.saturating_sub(u64::from(lines));
            loop {
                for event in store.journal(after, 1000).await? {
                    after = event.seq;
                    if json {
                        println!("{}", event.to_line());
                    } else {
                        print_event(&event);
                    }
                }
                if !follow {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            }
            Ok(0)
        }
    }
}

/// Refuses to go on when the journal's chain is broken, naming the first bad seq (every command that decides runs
/// this first: a door over a journal that does not verify would add to a record nobody can trust).
pub async fn refuse_a_broken_chain(store: &dyn Store) -> Result<(), Exit> {
    refuse_a_broken_chain_only(store).await?;
    // The door seal (ADR-420): the door's own catch-up checks every seal under its key; an event no door sealed
    // (a forged tail, attack 3 J4) stops it here, naming the seq.
    // Only a refusal of the journal is exit 7: a write lock another process held past the busy wait (the catch-up
    // runs in a write transaction) is a storage error, exit 8, as at every other write door (attack 44's H3,
    // ADR-1510: it was "the journal does not verify … database is locked", exit 7, the tamper code).
    store.verified_head().await.map(|_| ()).map_err(|e| match e {
        foureyes_store::StoreError::Busy(_) => Exit::from(e),
        e => Exit::new(EXIT_VERIFY_FAILED, format!("the journal does not verify, refusing to decide: {e}")),
    })
}

/// [`refuse_a_broken_chain`] without the seal: the chain alone.
async fn refuse_a_broken_chain_only(store: &dyn Store) -> Result<(), Exit> {
    match foureyes_store::checkpoint::verify_on_open(store).await? {
        Ok(_) => Ok(()),
        Err(report) => Err(Exit::new(
            EXIT_VERIFY_FAILED,
            format!("the journal does not verify, refusing to decide: {report} (see `foureyes journal verify`)"),
        )),
    }
}

fn read_text(path: &Path, what: &str) -> Result<String, Exit> {
    // A key is small; a checkpoint file holds every note appended to it.
    let max = if what.ends_with("key") { files::KEY_MAX_BYTES } else { files::TEXT_MAX_BYTES };
    read_regular(path, Follow::Yes, max)
        .map_err(|e| Exit::new(EXIT_NOT_FOUND, format!("cannot read {what} `{}`: {e}", path.display())))
}

/// A whole file read through the one reader of small files (F388, ADR-1432): a regular file only, opened without
/// waiting, refused past `max` bytes.
fn read_regular(path: &Path, follow: Follow, max: u64) -> std::io::Result<String> {
    text_of(foureyes_connect::files::read_small(path, follow, max)?)
}

/// `bytes` as text. A file cut short inside a character (a witness whose last checkpoint was torn inside its
/// signature line's `—`, attack 29 W1) is read up to that character; invalid bytes anywhere else are an error.
fn text_of(mut bytes: Vec<u8>) -> std::io::Result<String> {
    if let Err(e) = std::str::from_utf8(&bytes)
        && e.error_len().is_none()
    {
        bytes.truncate(e.valid_up_to());
    }
    String::from_utf8(bytes).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

pub fn read_signing_key(path: &Path) -> Result<foureyes_core::checkpoint::SigningKey, Exit> {
    foureyes_core::checkpoint::SigningKey::parse(&read_text(path, "signing key")?)
        .map_err(|e| Exit::new(EXIT_VERIFY_FAILED, format!("`{}`: {e}", path.display())))
}

fn read_verifier_key(path: &Path) -> Result<foureyes_core::checkpoint::VerifierKey, Exit> {
    foureyes_core::checkpoint::VerifierKey::parse(&read_text(path, "public key")?)
        .map_err(|e| Exit::new(EXIT_VERIFY_FAILED, format!("`{}`: {e}", path.display())))
}

/// Every signed note of a checkpoint or witness file, in file order (at least one).
pub fn read_notes(path: &Path) -> Result<Vec<String>, Exit> {
    let text = read_text(path, "checkpoint")?;
    say_torn_tail(path, &text, "not checked");
    let notes = foureyes_core::checkpoint::split_notes(&text);
    if notes.is_empty() {
        return Err(Exit::new(EXIT_VERIFY_FAILED, format!("`{}` holds no signed checkpoint", path.display())));
    }
    Ok(notes)
}

/// The last signed note of a checkpoint or witness file.
fn read_last_note(path: &Path) -> Result<String, Exit> {
    foureyes_core::checkpoint::split_notes(&read_text(path, "checkpoint")?)
        .pop()
        .ok_or_else(|| Exit::new(EXIT_VERIFY_FAILED, format!("`{}` holds no signed checkpoint", path.display())))
}

/// Says on stderr that the checkpoint or witness file `path` ends in a torn tail (a checkpoint whose write was cut
/// short), and what is done with it (`done`).
fn say_torn_tail(path: &Path, text: &str, done: &str) -> Option<usize> {
    let (end, torn) = foureyes_core::checkpoint::torn_tail(text)?;
    eprintln!(
        "warning: `{}` ends in {torn} bytes of a checkpoint whose write was cut short (a full disk or a crash \
         mid-write; a torn tail, not a forged note): {done} (ADR-380)",
        path.display()
    );
    Some(end)
}

/// Appends a note to a checkpoint or witness file, durably. A torn tail left by an earlier append (a full disk, a
/// crash mid-write) is cut first, and said: appended onto, it glued the new note to it and every later check called
/// the untouched database rewritten (attack 29 W1, ADR-380). An append that fails is cut back to where it began.
pub fn append_note(path: &Path, note: &str) -> Result<(), Exit> {
    let fail = |e: std::io::Error| Exit::new(EXIT_STORAGE, format!("cannot append to `{}`: {e}", path.display()));
    let mut file = open_regular(path, std::fs::OpenOptions::new().create(true).read(true).append(true), Follow::No)
        .map_err(fail)?;
    // Only the file's end is read, so an append costs the same whatever the witness's length: a note is a few
    // hundred bytes, and the scan finds the last complete one in any window that holds one (a note cut by the
    // window's start ends before the last note's start).
    const TAIL: u64 = 8 * 1024;
    let mut length = file.metadata().map_err(fail)?.len();
    let mut from = length.saturating_sub(TAIL);
    file.seek(std::io::SeekFrom::Start(from)).map_err(fail)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(fail)?;
    let inside_a_character = bytes.iter().take_while(|b| (0x80..0xC0).contains(*b)).count();
    from += inside_a_character as u64;
    bytes.drain(..inside_a_character);
    let mut ends_in_newline = true;
    if let Ok(text) = text_of(bytes) {
        if let Some(end) = say_torn_tail(path, &text, "cut before appending") {
            length = from + end as u64;
            file.set_len(length).and_then(|()| file.sync_all()).map_err(fail)?;
        }
        // A whole signed note that lost only its newline is kept (attack 30 W2, ADR-385): the newline goes back
        // before the next note, so the two are not glued into one unreadable note.
        let kept = text.get(..usize::try_from(length - from).unwrap_or(usize::MAX)).unwrap_or(&text);
        ends_in_newline = kept.is_empty() || kept.ends_with('\n');
    }
    let note = if ends_in_newline { std::borrow::Cow::Borrowed(note) } else { format!("\n{note}").into() };
    if let Err(e) = file.write_all(note.as_bytes()).and_then(|()| file.sync_all()) {
        let _ = file.set_len(length).and_then(|()| file.sync_all());
        return Err(fail(e));
    }
    Ok(())
}

fn keygen(out: &Path, name: &str) -> Result<u8, Exit> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| Exit::new(EXIT_STORAGE, format!("no randomness: {e}")))?;
    let key = foureyes_core::checkpoint::SigningKey::from_seed(name, seed)
        .map_err(|e| Exit::new(crate::EXIT_INVALID_STATE, e.to_string()))?;
    std::fs::create_dir_all(out)
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot create `{}`: {e}", out.display())))?;
    let (secret, public, seal) = (out.join("journal.key"), out.join("journal.pub"), out.join("seal.key"));
    let mut seal_bytes = [0u8; 32];
    getrandom::fill(&mut seal_bytes).map_err(|e| Exit::new(EXIT_STORAGE, format!("no randomness: {e}")))?;
    for path in [&secret, &public, &seal] {
        if path.exists() {
            return Err(Exit::new(
                crate::EXIT_INVALID_STATE,
                format!("`{}` exists: keygen never overwrites a key", path.display()),
            ));
        }
    }
    let write = |path: &Path, text: String, mode: u32| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(path)
            .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()).map(|()| f));
        match &mut file {
            Ok(_) => Ok(()),
            Err(e) => Err(Exit::new(EXIT_STORAGE, format!("cannot write `{}`: {e}", path.display()))),
        }
    };
    write(&secret, format!("{}\n", key.encode()), 0o600)?;
    write(&public, format!("{}\n", key.verifier().encode()), 0o644)?;
    let seal_text: String = seal_bytes.iter().map(|b| format!("{b:02x}")).collect();
    write(&seal, format!("{seal_text}\n"), 0o600)?;
    println!(
        "signing key: {} (mode 0600)\npublic key:  {}\nseal key:    {} (mode 0600; `--seal-key`, for every process \
         that writes the database)",
        secret.display(),
        public.display(),
        seal.display()
    );
    println!("{}", key.verifier().encode());
    Ok(0)
}
