//! `foureyes serve` (the HTTP API and console) and `foureyes token` (credentials), on the backend `--db` names: a
//! SQLite file, or a PostgreSQL URL shared by several replicas (each one `foureyes serve` process). On PostgreSQL,
//! every replica's `/wait` and `/v1/events` are woken by the commits of all the others (`LISTEN`/`NOTIFY`).

use crate::cli::{ServeArgs, TokenCommand};
use crate::commands::{db_label, load_policy, now_ms, open_backend};
use crate::demo::HOME_POLICY;
use crate::{EXIT_POLICY, EXIT_REFUSED, EXIT_STORAGE, Exit};
use foureyes_core::canonical::sha256_hex;
use foureyes_core::{Policy, Role};
use foureyes_server::{
    AppState, SIGNIN_CODE_TTL_MS, new_totp_secret, random_secret, system_clock_starting_at, totp_uri,
};
use foureyes_store::{Credentials, StoreError};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A fresh token of `namespace` (ADR-500): `fe_<secret>` in the default namespace, `fe.NAME.<secret>` in NAME's.
fn new_token(namespace: Option<&str>) -> Result<String, Exit> {
    let secret = random_secret().map_err(|e| Exit::new(EXIT_STORAGE, e.message))?;
    Ok(match namespace {
        Some(_) => foureyes_store::namespace::credential(namespace, &secret),
        None => format!("fe_{secret}"),
    })
}

/// Creates a credential and returns its token (shown once).
async fn create(store: &dyn Credentials, name: &str, role: Role, totp: Option<&str>) -> Result<String, Exit> {
    let token = new_token(crate::commands::namespace())?;
    store.create_token(name, role, &sha256_hex(token.as_bytes()), totp, now_ms()).await?;
    Ok(token)
}

pub async fn serve(db: &Path, base_db: &Path, policy_path: &Option<PathBuf>, args: ServeArgs) -> Result<u8, Exit> {
    let main_namespace = crate::commands::namespace();
    let mut seen = std::collections::BTreeSet::new();
    for (name, _) in &args.serve_namespaces {
        if Some(name.as_str()) == main_namespace || !seen.insert(name.clone()) {
            return Err(Exit::new(
                crate::EXIT_USAGE,
                format!("--serve-namespace {name}: namespace `{name}` is already served by this server"),
            ));
        }
    }
    let (policy, source) = match policy_path {
        Some(path) => (load_policy(path)?, path.display().to_string()),
        None => (
            Policy::from_yaml("policies/home.yaml (built in)", HOME_POLICY)
                .map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?,
            "the built-in home demo policy (pass --policy FILE for your own)".to_string(),
        ),
    };
    let store = open_backend(db).await?;
    // A server that cannot tell the time decides nothing (ADR-730): its clock reads before the record, unmeasured.
    crate::commands::refuse_an_unresolved_clock()?;
    // Verify on open: a door over a journal that does not verify would add to a record nobody can trust.
    crate::commands::refuse_a_broken_chain(store.as_ref()).await?;
    let signing_key = match &args.signing_key {
        Some(path) => Some(crate::commands::read_signing_key(path)?),
        None => None,
    };
    // A database restored from an older copy and decided on again is a fork of what this server signed before:
    // before deciding anything, it must extend every checkpoint in the witness file (attack 3, R).
    // This server's own store is witnessed in the file every door checks for it (ADR-642): `--witness` for the main
    // namespace, `WITNESS.ns-NAME` under `--namespace NAME`.
    let main_witness = args.witness.as_deref().map(|w| crate::commands::store_witness(w, main_namespace));
    if let (Some(key), Some(witness), Some(own)) = (&signing_key, &args.witness, &main_witness) {
        let start = crate::commands::MissingWitness::Start;
        crate::commands::check_witness(store.as_ref(), &key.verifier(), own, "refusing to start", start).await?;
        // Each namespace it serves is witnessed in its own file, checked as the main one is, before anything is
        // announced or decided (ADR-587).
        for (name, _) in &args.serve_namespaces {
            let ns_store = open_backend(&foureyes_store::namespace::database(base_db, Some(name))).await?;
            let ns_witness = crate::commands::namespace_witness(witness, name);
            let refusing = format!("refusing to start: namespace `{name}`");
            let checked =
                crate::commands::check_witness(ns_store.as_ref(), &key.verifier(), &ns_witness, &refusing, start).await;
            ns_store.close();
            checked?;
        }
    }
    // Fresh is the journal's to say (ADR-532): a database whose journal holds any event is not fresh, whatever its
    // `tokens` table holds (emptied by hand, it once made this server mint and print an admin token). Read before
    // this server journals its policy.
    let fresh = store.journal_head().await? == 0;
    let namespaces: Vec<&str> = args.serve_namespaces.iter().map(|(name, _)| name.as_str()).collect();
    let witnessed = signing_key.is_some() && args.witness.is_some();
    warn_unprotected(crate::commands::seal_key()?.is_some(), witnessed, &namespaces);
    store.record_policy(&policy, now_ms()).await?;
    // The secrets table is opened (and created) before the address is announced: a client (or a fault
    // injector) that starts at the announcement meets a door whose storage is all open.
    let secrets = crate::execute::secrets(db, args.secrets_key_file.as_deref()).await?;
    let telemetry = crate::telemetry::start(args.otlp_endpoint.as_deref(), "foureyes").await?;
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot listen on {}: {e}", args.listen)))?;
    let addr = listener.local_addr().map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?;
    let base = format!("http://{addr}");
    // Said once this server accepts connections (F630), not now: see `Said`.
    let mut said = Said::default();
    said.push(format!("FourEyes serving {} on {base}", db_label(db)));
    said.push(format!("policy: {source} (sha256 {})", &policy.sha256[..12]));
    said.push(format!("console: {base}/console"));
    if let Some(t) = &telemetry {
        said.push(format!("traces: OTLP/HTTP to {}", t.endpoint));
    }
    first_admin(store.as_ref(), &base, crate::commands::namespace(), fresh, &mut said).await?;
    // The time no door served this store (a crash, a stop, a reboot) does not count against reporting deadlines: an
    // agent whose report could not get through is not overtaken by its deadline (ADR-365).
    if let Some(outage) = foureyes_store::clock_floor::resume_serving(now_ms()) {
        said.push(format!(
            "note: no door served this store for {:.1} s before this start: unreported permits whose reporting \
             deadline had not passed then have that much longer (ADR-365)",
            outage.length_ms() as f64 / 1000.0
        ));
    }
    let mut state =
        AppState::from_backend(store.clone(), policy, policy_path.clone(), system_clock_starting_at(now_ms()))
            .in_namespace(main_namespace.map(str::to_string));
    // Each second the anchor beside the database learns this server's time, so a CLI door or a restart on this boot
    // reads the time that passed, not the wall clock's step nor the journal's newest event (ADR-730), and that this
    // server was up (the served mark, ADR-369). A gap between two ticks (the process frozen, a stalled or suspended
    // VM) is an outage: no agent could report through this door then (attack 19's R5).
    let clock = state.clock.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Some(gap) = foureyes_store::clock_floor::serve_tick(clock()) {
                eprintln!(
                    "note: this server did not run for {:.1} s (stopped or stalled): unreported permits whose \
                     reporting deadline had not passed then have that much longer (ADR-369)",
                    gap.length_ms() as f64 / 1000.0
                );
            }
        }
    });
    state.secure_cookies = args.secure_cookies;
    state.metrics_token = args.metrics_token.clone().filter(|t| !t.is_empty());
    // Every connection is a file descriptor: raise the soft limit to the hard one, and keep the connection cap below
    // it with descriptors to spare for the database (else SQLite cannot open a reader under load).
    let fd_limit = foureyes_server::listen::raise_fd_limit();
    let (max_connections, lowered) = match fd_limit {
        Some(limit) => foureyes_server::listen::connection_cap(args.max_connections.max(1), limit),
        None => (args.max_connections.max(1), false),
    };
    if lowered {
        said.push(format!(
            "connections: at most {max_connections} at once (--max-connections {} does not fit the open-files limit \
             {})",
            args.max_connections,
            fd_limit.unwrap_or_default()
        ));
    }
    let limits = foureyes_server::Limits {
        header_timeout: args.header_timeout,
        request_timeout: args.request_timeout,
        write_timeout: args.write_timeout,
        max_connections,
        max_waiters: args.max_waiters.max(1),
        max_subscribers: args.max_subscribers.max(1),
    };
    state.set_limits(limits.clone());
    if let Some(t) = &telemetry {
        state.metrics.show_export_counts(t.counts.clone());
    }
    // FourEyes executes the actions that have an `execute:` connector (`POST /v1/execute`); runs a crash left
    // unconfirmed are listed, never re-run.
    let door = crate::execute::door(store.clone(), secrets);
    state.execute = Some(Arc::new(crate::execute::ServerDoor(door)));
    for line in crate::execute::unconfirmed_at_start(store.as_ref(), &state.policy()).await? {
        said.push(line);
    }
    // Change control over the API (`/v1/tasks…`, ADR-490): the app's door, the functions `foureyes task` runs.
    state.tasks = Some(Arc::new(change_control::door::Door::new(store.clone())));
    // Commits by other replicas wake this one's waiters at once (polling remains the fallback).
    let forwarder = store.changes().map(|changes| state.wake_on(changes));
    let follower = tokio::spawn(follow_policy_reloads(state.clone(), store.changes()));
    // The other namespaces this server serves: each a whole door over its own store (ADR-500).
    let mut others = Vec::new();
    let mut background = Vec::new();
    // A witness a checkpoint could not be appended to stops this server (ADR-943): see [`WitnessLost`].
    let witness_lost = WitnessLost::default();
    for (name, path) in &args.serve_namespaces {
        let (door, store, mut tasks) =
            namespace_door(base_db, name, path, &base, &limits, args.secrets_key_file.as_deref(), &mut said).await?;
        if let (Some(key_path), Some(witness)) = (&args.signing_key, &args.witness) {
            let witness = crate::commands::namespace_witness(witness, name);
            said.push(format!("namespace `{name}`: checkpoints witnessed in {}", witness.display()));
            tasks.push(tokio::spawn(checkpoint_loop(
                store.clone(),
                crate::commands::read_signing_key(key_path)?,
                args.checkpoint_every.max(1),
                std::time::Duration::from_secs_f64(args.checkpoint_seconds.max(0.1)),
                Some(witness),
                witness_lost.clone(),
            )));
        }
        background.extend(approval_sweep(store.clone(), state.clock.clone(), args.approval_sweep));
        others.push((door, store, name.clone()));
        background.extend(tasks);
    }
    background.extend(approval_sweep(store.clone(), state.clock.clone(), args.approval_sweep));
    // Webhooks follow the journal from its head, beside the server: the server crate has no HTTP client, and no
    // decision waits on a webhook (`foureyes-notify`). Every replica runs one; each message is claimed in the
    // database first, so one replica posts it (`Store::claim_notification`).
    let notifier = if args.webhooks.is_empty() {
        None
    } else {
        let mut config = foureyes_notify::NotifyConfig::new(args.webhooks.clone());
        config.console_url = Some(args.public_url.clone().unwrap_or_else(|| base.clone()));
        config.wake = Some(state.bus.subscribe());
        let notifier = foureyes_notify::Notifier::spawn(store.clone(), config)
            .await
            .map_err(|e| Exit::new(EXIT_REFUSED, format!("notifications: {e}")))?;
        said.push(format!("notifications: {} webhook(s)", notifier.webhooks()));
        Some(notifier)
    };
    let checkpointer = signing_key.map(|key| {
        said.push(format!(
            "checkpoints: signed by `{}` every {} events or {} s{}",
            key.name(),
            args.checkpoint_every,
            args.checkpoint_seconds,
            main_witness.as_ref().map(|w| format!(", witnessed in {}", w.display())).unwrap_or_default()
        ));
        tokio::spawn(checkpoint_loop(
            store.clone(),
            key,
            args.checkpoint_every.max(1),
            std::time::Duration::from_secs_f64(args.checkpoint_seconds.max(0.1)),
            main_witness.clone(),
            witness_lost.clone(),
        ))
    });
    // Ready: everything above is done, the stop signals are caught, and the accept loop starts right after this.
    let signal = shutdown_signal();
    let lost = witness_lost.clone();
    let stop = async move {
        tokio::select! {
            () = signal => {}
            () = lost.wait() => {}
        }
    };
    said.announce();
    let other_states = others.iter().map(|(door, ..)| door.clone()).collect();
    foureyes_server::serve_doors(listener, state, other_states, stop)
        .await
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("server error: {e}")))?;
    if let Some(forwarder) = forwarder {
        forwarder.abort();
    }
    follower.abort();
    for task in background {
        task.abort();
    }
    // A stop that could not witness what this server verified is an error its exit status says (ADR-534).
    let mut stop_failed: Option<String> = None;
    // Each namespace's last checkpoint goes to its own witness (ADR-587), before its store is closed.
    for (_, ns_store, name) in &others {
        if let (Some(path), Some(witness)) = (&args.signing_key, &args.witness) {
            let witness = crate::commands::namespace_witness(witness, name);
            match checkpoint_at_stop(ns_store.as_ref(), path, Some(&witness)).await {
                StopCheckpoint::Signed => {}
                StopCheckpoint::Failed(failed) => {
                    stop_failed = Some(stop_failed.unwrap_or_else(|| format!("namespace `{name}`: {failed}")));
                }
                StopCheckpoint::LockHeld => {
                    // Its writer waits for a lock someone else holds: closing would wait with it (ADR-612).
                    std::mem::forget(ns_store.clone());
                    continue;
                }
            }
        }
        ns_store.close();
    }
    let mut lock_held = false;
    if let Some(checkpointer) = checkpointer {
        checkpointer.abort();
        if let Some(path) = &args.signing_key {
            match checkpoint_at_stop(store.as_ref(), path, main_witness.as_deref()).await {
                StopCheckpoint::Signed => {}
                StopCheckpoint::Failed(failed) => stop_failed = Some(failed),
                StopCheckpoint::LockHeld => lock_held = true,
            }
        }
    }
    if let Some(notifier) = notifier {
        notifier.stop();
    }
    if let Some(telemetry) = telemetry {
        telemetry.shutdown().await;
    }
    if lock_held {
        // The writer thread waits for a lock someone else holds; closing the store would wait with it. The process
        // ends instead: nothing of the stop's checkpoint was written, and the witness already holds the head.
        std::mem::forget(store.clone());
    } else {
        store.close();
    }
    if let Some(lost) = witness_lost.reason() {
        let message = match stop_failed {
            Some(failed) => format!("{lost}; {failed}"),
            None => lost,
        };
        return Err(Exit::new(EXIT_STORAGE, message));
    }
    match stop_failed {
        Some(message) => Err(Exit::new(crate::EXIT_VERIFY_FAILED, message)),
        None => Ok(0),
    }
}

/// Why a checkpoint could not be appended to a witness (ADR-943, attack 26's F2), set once by a checkpoint loop;
/// `serve` then stops as at a SIGTERM (no new request, those in flight finished, the checkpoint at stop tried) and
/// exits 8 with it. A serve that went on deciding after its witness was replaced by a symlink, a FIFO, a directory or
/// a hard link decided unwitnessed while it was configured to be witnessed: a rollback of the database to a copy
/// taken then would pass the next start.
#[derive(Clone, Default)]
struct WitnessLost(Arc<(std::sync::OnceLock<String>, tokio::sync::Notify)>);

impl WitnessLost {
    fn lose(&self, reason: String) {
        if self.0.0.set(reason).is_ok() {
            self.0.1.notify_one();
        }
    }

    async fn wait(&self) {
        if self.0.0.get().is_none() {
            self.0.1.notified().await;
        }
    }

    fn reason(&self) -> Option<String> {
        self.0.0.get().cloned()
    }
}

/// How long a stop waits for its journal write (the last checkpoint's event) before it gives up on it (ADR-612):
/// within the time a service manager gives a stop (systemd's default is 90 s, Docker's 10 s) after the drain's
/// [`foureyes_server::SHUTDOWN_GRACE`].
const STOP_JOURNAL_WAIT: std::time::Duration = std::time::Duration::from_secs(4);

/// What the checkpoint at a stop came to.
enum StopCheckpoint {
    /// Signed and witnessed, or nothing new to sign.
    Signed,
    /// What the exit says (ADR-534): the head could not be witnessed, or the database no longer extends it.
    Failed(String),
    /// The journal write waited past [`STOP_JOURNAL_WAIT`] (another process holds the database's write lock): the
    /// verified head was witnessed before it, the journal has no `checkpoint` event for it (ADR-612).
    LockHeld,
}

/// A last checkpoint at a clean stop (ADR-423), signed with the key at `key_path` into `witness`: the witness then
/// covers every event this server saw, so a rollback of the whole database to a copy taken since the last periodic
/// checkpoint is refused at the next start (the copy does not extend this note). A crash leaves no such note: the
/// events since the last periodic checkpoint stay unwitnessed. The head this server verified is witnessed first,
/// from its state and before any journal write (ADR-612), so a database writer holding the write lock at the stop
/// cannot turn it into the crash case; the journal write then waits at most [`STOP_JOURNAL_WAIT`].
async fn checkpoint_at_stop(
    store: &dyn foureyes_store::Backend,
    key_path: &Path,
    witness: Option<&Path>,
) -> StopCheckpoint {
    let key = match crate::commands::read_signing_key(key_path) {
        Ok(key) => key,
        Err(e) => return StopCheckpoint::Failed(format!("checkpoint at stop: {}", e.message)),
    };
    let witnessed = match witness {
        Some(witness) => match witness_verified_head(store, &key, witness).await {
            Ok(note) => note,
            Err(failed) => return StopCheckpoint::Failed(failed),
        },
        None => None,
    };
    let journaled =
        tokio::time::timeout(STOP_JOURNAL_WAIT, foureyes_store::checkpoint::checkpoint(store, &key, now_ms()));
    match journaled.await {
        Ok(Ok(Some((_, note)))) if witnessed.as_deref() == Some(note.as_str()) => StopCheckpoint::Signed,
        Ok(Ok(Some((_, note)))) => match witness.map(|w| crate::commands::append_note(w, &note)) {
            Some(Err(e)) => StopCheckpoint::Failed(format!("checkpoint at stop: witness: {}", e.message)),
            _ => StopCheckpoint::Signed,
        },
        Ok(Ok(None)) => StopCheckpoint::Signed,
        Ok(Err(e)) => {
            eprintln!("checkpoint at stop: {e}");
            StopCheckpoint::Failed(witness_own_head(store, &key, witness, witnessed.as_deref(), &e).await)
        }
        Err(_) => {
            let line = format!(
                "checkpoint at stop: the journal write waited {} s for the database's write lock, which another \
                 process holds; {}",
                STOP_JOURNAL_WAIT.as_secs(),
                if witnessed.is_some() {
                    "the head this server verified was witnessed before it, so a copy taken before this stop is \
                     refused at the next start"
                } else {
                    "no witness was given, so nothing records this stop's head"
                }
            );
            eprintln!("warning: {line}");
            tracing::warn!("{line}");
            StopCheckpoint::LockHeld
        }
    }
}

/// Signs the tree head this server's state verified (no row read, no lock taken: ADR-612) into `witness`, and
/// returns the note (`None` for an empty journal). Refuses to witness a fail-stopped store's state, which may be
/// ahead of its disk.
async fn witness_verified_head(
    store: &dyn foureyes_store::Backend,
    key: &foureyes_core::checkpoint::SigningKey,
    witness: &Path,
) -> Result<Option<String>, String> {
    let head = tokio::time::timeout(STOP_JOURNAL_WAIT, store.applied_tree_head()).await;
    let (size, root, sealed_from) = match head {
        Ok(Ok(Some(head))) if head.0 > 0 => head,
        Ok(Ok(_)) => return Ok(None),
        Ok(Err(e)) => return Err(format!("checkpoint at stop: this server's verified head could not be read: {e}")),
        Err(_) => return Err("checkpoint at stop: this server's verified head could not be read in time".into()),
    };
    let checkpoint = foureyes_core::checkpoint::Checkpoint { origin: key.name().to_string(), size, root, sealed_from };
    let note = key.sign(&checkpoint).map_err(|e| format!("checkpoint at stop: signing the verified head: {e}"))?;
    crate::commands::append_note(witness, &note).map_err(|e| {
        format!("checkpoint at stop: the witness `{}` could not be written: {}", witness.display(), e.message)
    })?;
    Ok(Some(note))
}

/// Says once, at start, on stderr and in the log, what a database writer can do to a server that runs without a
/// seal key or without a signing key and witness (ADR-536), naming each namespace it serves unwitnessed (ADR-587).
fn warn_unprotected(sealed: bool, witnessed: bool, namespaces: &[&str]) {
    let mut lines = Vec::new();
    if !sealed {
        lines.push(
            "no seal key (--seal-key, FOUREYES_SEAL_KEY): whoever can write the database can append or rewrite \
             journal events with recomputed hashes (forged approvals, a kill switch turned off), and this server \
             believes them"
                .to_string(),
        );
    }
    if !witnessed {
        lines.push(
            "no witness (--signing-key with --witness): whoever can write the database can roll it back to an older \
             copy or drop its newest events, and this server starts on it without noticing"
                .to_string(),
        );
        // A namespace is witnessed only beside the main witness (ADR-587): without it each is as exposed.
        for name in namespaces {
            lines.push(format!(
                "no witness for namespace `{name}` (its witness is WITNESS.ns-{name} beside --witness): whoever can \
                 write its store can roll it back to an older copy, and this server starts on it without noticing"
            ));
        }
    }
    for line in lines {
        eprintln!("warning: {line}; see `foureyes journal keygen` and the threat model in ARCHITECTURE.md");
        tracing::warn!("{line}");
    }
}

/// At a stop where the database no longer extends what this server verified (rolled back, truncated or rewritten
/// under it: attack 11, H3), signs the tree head its authority state verified and applied — it holds that root —
/// into the witness, so the next start refuses a database that does not extend it. Returns what the exit says.
async fn witness_own_head(
    store: &dyn foureyes_store::Backend,
    key: &foureyes_core::checkpoint::SigningKey,
    witness: Option<&Path>,
    witnessed: Option<&str>,
    error: &StoreError,
) -> String {
    let failed = format!("checkpoint at stop: {error}");
    let Some(witness) = witness else { return failed };
    let (size, root, sealed_from) = match store.applied_tree_head().await {
        Ok(Some(head)) if head.0 > 0 => head,
        Ok(_) => return failed,
        Err(e) => return format!("{failed}; this server's verified head could not be read: {e}"),
    };
    let checkpoint = foureyes_core::checkpoint::Checkpoint { origin: key.name().to_string(), size, root, sealed_from };
    let note = match key.sign(&checkpoint) {
        Ok(note) => note,
        Err(e) => return format!("{failed}; signing this server's verified head: {e}"),
    };
    // Witnessed already before the journal write (ADR-612), unless the state moved since.
    let appended = if witnessed == Some(note.as_str()) { Ok(()) } else { crate::commands::append_note(witness, &note) };
    match appended {
        Ok(()) => format!(
            "{failed}; the tree head this server verified (seq {size}) is signed into the witness `{}`: the next \
             start refuses a database that does not extend it",
            witness.display()
        ),
        Err(e) => format!("{failed}; the witness `{}` could not be written: {}", witness.display(), e.message),
    }
}

/// The door of namespace `name` under the policy `policy_path` (`serve --serve-namespace`, ADR-500): its store
/// opened and verified, its policy recorded, its first admin created on a fresh store, its connectors, its
/// waiters woken by its own commits and its policy kept in step with its other replicas.
async fn namespace_door(
    base_db: &Path,
    name: &str,
    policy_path: &Path,
    base: &str,
    limits: &foureyes_server::Limits,
    secrets_key_file: Option<&Path>,
    said: &mut Said,
) -> Result<(AppState, Arc<dyn foureyes_store::Backend>, Vec<tokio::task::JoinHandle<()>>), Exit> {
    let db = foureyes_store::namespace::database(base_db, Some(name));
    let policy = load_policy(policy_path)?;
    let store = open_backend(&db).await?;
    crate::commands::refuse_a_broken_chain(store.as_ref()).await?;
    let fresh_namespace = store.journal_head().await? == 0;
    store.record_policy(&policy, now_ms()).await?;
    let secrets = crate::execute::secrets(&db, secrets_key_file).await?;
    said.push(format!(
        "namespace `{name}`: {} under policy {} (sha256 {})",
        db_label(&db),
        policy_path.display(),
        &policy.sha256[..12]
    ));
    first_admin(store.as_ref(), base, Some(name), fresh_namespace, said).await?;
    let mut state = AppState::from_backend(
        store.clone(),
        policy,
        Some(policy_path.to_path_buf()),
        system_clock_starting_at(now_ms()),
    )
    .in_namespace(Some(name.to_string()));
    state.set_limits(limits.clone());
    let door = crate::execute::door(store.clone(), secrets);
    state.execute = Some(Arc::new(crate::execute::ServerDoor(door)));
    state.tasks = Some(Arc::new(change_control::door::Door::new(store.clone())));
    for line in crate::execute::unconfirmed_at_start(store.as_ref(), &state.policy()).await? {
        said.push(line);
    }
    let mut tasks = Vec::new();
    if let Some(changes) = store.changes() {
        tasks.push(state.wake_on(changes));
    }
    tasks.push(tokio::spawn(follow_policy_reloads(state.clone(), store.changes())));
    Ok((state, store, tasks))
}

/// What `serve` says on stdout at start, said all at once when it is ready to accept connections (F630): the
/// kernel queues connections on the bound listener, so a client that came at an earlier announcement would wait
/// unanswered through the rest of the start, even past a connection cap that is there to answer it `503` at once.
/// A start that fails before that says no address; it still prints the lines [`Said::kept`] took (a first admin's
/// token is in the database now and is never shown again).
#[derive(Default)]
struct Said {
    /// Each line, and whether it is printed even when the start fails.
    lines: Vec<(String, bool)>,
    announced: bool,
}

impl Said {
    fn push(&mut self, line: String) {
        self.lines.push((line, false));
    }

    fn kept(&mut self, line: String) {
        self.lines.push((line, true));
    }

    /// Prints every line, in order: the server is ready.
    fn announce(&mut self) {
        self.announced = true;
        self.print(|_| true);
    }

    fn print(&self, which: impl Fn(bool) -> bool) {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        for (line, kept) in &self.lines {
            if which(*kept) {
                let _ = writeln!(stdout, "{line}");
            }
        }
        let _ = stdout.flush();
    }
}

impl Drop for Said {
    fn drop(&mut self) {
        if !self.announced {
            self.print(|kept| kept);
        }
    }
}

/// On a fresh database (its journal empty before this server journaled its policy: ADR-532), creates the first
/// admin of `namespace` and adds its token and a one-time sign-in link, both naming the namespace (ADR-500), to
/// what the server says at start (`said`).
async fn first_admin(
    store: &dyn foureyes_store::Backend,
    base: &str,
    namespace: Option<&str>,
    fresh: bool,
    said: &mut Said,
) -> Result<(), Exit> {
    if !fresh {
        if store.principals().await?.is_empty() {
            eprintln!(
                "no credential in the `tokens` table, but the journal holds events: this is not a fresh database, and \
                 no admin is created (see `foureyes journal audit`; `foureyes token create` makes credentials)"
            );
        }
        return Ok(());
    }
    let label = namespace.map(|n| format!(" of namespace `{n}`")).unwrap_or_default();
    // The first admin's token and sign-in link are shown once, on stdout: where no one reads it, an admin no one
    // holds would be made, live (attack 46's H6, F1453; as `token create` refuses, ADR-1511).
    if crate::output::stdout_reaches_no_one() {
        return Err(Exit::new(
            crate::EXIT_OUTPUT,
            format!(
                "fresh database{label}: the first admin's token and one-time sign-in link are printed once, on stdout, \
                 and stdout is /dev/null, another device that is not a terminal, or opened for reading only: no one \
                 would see them, so no admin was created. Start `serve` with stdout on a terminal or a file (or create \
                 an admin first: `foureyes token create --name admin --role admin > FILE`)"
            ),
        ));
    }
    // Replicas starting together on a fresh database race here: one creates the admin, the others find the
    // name taken (the check and the insert are one transaction) and start without printing a token.
    let token = new_token(namespace)?;
    match store.create_token("admin", Role::Admin, &sha256_hex(token.as_bytes()), None, now_ms()).await {
        Ok(()) => {
            let secret = random_secret().map_err(|e| Exit::new(EXIT_STORAGE, e.message))?;
            let code = foureyes_store::namespace::credential(namespace, &secret);
            store.create_signin_code(&sha256_hex(code.as_bytes()), "admin", now_ms() + SIGNIN_CODE_TTL_MS).await?;
            let ns = namespace.map(|n| format!("--namespace {n} ")).unwrap_or_default();
            said.kept(format!("fresh database{label}: created the first admin."));
            said.kept(format!("  sign in once (valid 15 minutes): {base}/console/signin?code={code}"));
            said.kept(format!("  admin token (shown once, keep it): {token}"));
            said.kept(format!("  agents and approvers: foureyes {ns}token create --name NAME --role agent|approver"));
            said.kept(format!(
                "  an agent's executor:  foureyes {ns}token create --name NAME --role executor --for AGENT"
            ));
        }
        Err(StoreError::InvalidState(_)) => {
            said.push(format!("another replica created the first admin{label}: its token was printed there"));
        }
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// Signs a checkpoint whenever `every` events were appended since the last one, or `interval` passed with any
/// new event. Each replica runs one; the store journals a checkpoint only when it is larger than every one before
/// (`Store::record_checkpoint`, under the write lock), so replicas produce one sequence, and only the replica that
/// journaled a checkpoint appends it to its witness file. A failure is said and retried at the next tick.
/// Marks approvals past their TTL expired every `period` (ADR-897). Expiry is otherwise lazy (ADR-14): written when
/// someone touches the approval or an admin runs `approvals expire`, and a deferral nobody ever answered kept its
/// decision, request id and approval in this server's memory for good (attack 24's M1: ~155 a second from one
/// client). Expired, its deferral settles (ADR-895). Every replica sweeps; a second sweep finds nothing to expire. A
/// sweep that fails is said and tried again next period: the lazy path still expires on use.
fn approval_sweep(
    store: std::sync::Arc<dyn foureyes_store::Backend>,
    clock: foureyes_server::Clock,
    period: std::time::Duration,
) -> Option<tokio::task::JoinHandle<()>> {
    if period.is_zero() {
        return None;
    }
    Some(tokio::spawn(async move {
        let mut tick = tokio::time::interval(period);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await;
        loop {
            tick.tick().await;
            if let Err(e) = store.expire_approvals(clock()).await {
                eprintln!("note: the approval sweep failed (tried again in {period:?}): {e}");
                tracing::warn!("approval sweep: {e}");
            }
        }
    }))
}

async fn checkpoint_loop(
    store: std::sync::Arc<dyn foureyes_store::Backend>,
    key: foureyes_core::checkpoint::SigningKey,
    every: u64,
    interval: std::time::Duration,
    witness: Option<PathBuf>,
    lost: WitnessLost,
) {
    let tick = interval.min(std::time::Duration::from_millis(200));
    let mut last_signed = tokio::time::Instant::now();
    loop {
        tokio::time::sleep(tick).await;
        let (head, last) = match (store.journal_head().await, store.last_checkpoint().await) {
            (Ok(head), Ok(last)) => (head, last.map(|c| c.size)),
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("checkpoint: cannot read the journal: {e}");
                continue;
            }
        };
        // A checkpoint is itself an event: the one right after the last checkpoint's size does not make a new one
        // due, or an idle journal would grow by a checkpoint every interval.
        let new_events = match last {
            Some(size) => head.saturating_sub(size).saturating_sub(1),
            None => head,
        };
        let due = new_events >= every || (new_events > 0 && last_signed.elapsed() >= interval);
        if !due {
            continue;
        }
        last_signed = tokio::time::Instant::now();
        match foureyes_store::checkpoint::checkpoint(store.as_ref(), &key, now_ms()).await {
            Ok(Some((_, note))) => {
                if let Some(path) = &witness
                    && let Err(e) = crate::commands::append_note(path, &note)
                {
                    // Not logged and carried on (attack 26's F2): this server stops deciding (ADR-943).
                    let reason = format!(
                        "the witness could not be written ({}): this server stops rather than decide unwitnessed \
                         (ADR-943); put the witness file back (a regular file of one name) and start it again",
                        e.message
                    );
                    eprintln!("checkpoint: {reason}");
                    tracing::error!("checkpoint: {reason}");
                    lost.lose(reason);
                    return;
                }
            }
            Ok(None) => {}
            Err(e) => eprintln!("checkpoint: {e}"),
        }
    }
}

pub async fn token(db: &Path, cmd: TokenCommand) -> Result<u8, Exit> {
    use crate::output::shown_name;
    // Listing credentials only reads: it creates no database at a mistyped path and writes none (ADR-1250).
    let store = if matches!(cmd, TokenCommand::List { .. }) {
        crate::commands::open_reader(db).await?
    } else {
        open_backend(db).await?
    };
    // Creating or revoking a credential grants or records: given a witness, the database must extend it, as for
    // every other such door (ADR-586; attack 16 M2: `token create --role admin` wrote on a rolled-back database).
    if !matches!(cmd, TokenCommand::List { .. }) {
        crate::commands::check_door_witness(store.as_ref()).await?;
    }
    match cmd {
        TokenCommand::Create { name, role, serves, totp, json } => {
            // Exit 3 says the refusal is journaled (`--help`): each of these is (attack 41, ADR-1435), as `mcp pins
            // approve`'s are; the messages are as they were.
            let checked = (|| -> Result<Role, String> {
                let role = Role::parse(&role).ok_or_else(|| {
                    format!("unknown role `{role}`: expected agent, approver, admin, executor or runner")
                })?;
                match (role, &serves) {
                    (Role::Executor, None) => {
                        return Err(
                            "an executor serves one agent: name it with --for AGENT (the agent's credential name)"
                                .into(),
                        );
                    }
                    (Role::Executor, Some(_)) | (Role::Runner, None) if totp => {
                        return Err(format!(
                            "--totp is for step-up approvals, which {} never makes: drop --totp",
                            if role == Role::Runner { "a runner" } else { "an executor" }
                        ));
                    }
                    (Role::Agent | Role::Approver | Role::Admin | Role::Runner, Some(agent)) => {
                        return Err(format!(
                            "--for {}: only an executor serves an agent; role `{role}` takes no --for",
                            crate::output::shown_name(agent)
                        ));
                    }
                    _ => {}
                }
                if name.is_empty()
                    || name.len() > 64
                    || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.@".contains(c))
                {
                    return Err(format!(
                        "name `{}`: use 1 to 64 letters, digits, `-`, `_`, `.` or `@`",
                        crate::output::shown_name(&name)
                    ));
                }
                Ok(role)
            })();
            let role = match checked {
                Ok(role) => role,
                Err(message) => {
                    let input = json!({"command": "token create", "name": name, "role": role, "for": serves,
                        "totp": totp});
                    let seq = store.refuse("cli", "bad_request", &message, input, now_ms()).await?;
                    return Err(Exit::new(EXIT_REFUSED, format!("{message} (refusal journaled at seq {seq})")));
                }
            };
            let secret = if totp { Some(new_totp_secret().map_err(|e| Exit::new(EXIT_STORAGE, e))?) } else { None };
            let token = match &serves {
                Some(agent) => {
                    let token = new_token(crate::commands::namespace())?;
                    store.create_executor(&name, agent, &sha256_hex(token.as_bytes()), now_ms()).await?;
                    token
                }
                None => create(store.as_ref(), &name, role, secret.as_deref()).await?,
            };
            // The token is shown once: the whole answer is written in one checked write, and when it cannot be
            // (stdout on a full disk, a closed file) the credential is revoked before the door says so, so no token
            // lives that no one was shown (ADR-1431, F1431: it was a panic, exit 101, with the token live and lost).
            let mut shown = String::new();
            if json {
                let mut out = json!({"name": name, "role": role, "token": token, "totp_secret": secret, "totp_uri": secret.as_deref().map(|s| totp_uri(s, &name))});
                if let Some(agent) = &serves {
                    out["serves"] = json!(agent);
                }
                shown.push_str(&format!("{out}\n"));
            } else if let Some(agent) = &serves {
                shown.push_str(&format!(
                    "created executor `{name}` for agent `{agent}`: from now on only an executor reports `{agent}`'s \
                     outcomes. Token (shown once, stored only as a hash):\n{token}\n"
                ));
            } else {
                shown.push_str(&format!(
                    "created {role} `{name}`. Token (shown once, stored only as a hash):\n{token}\n"
                ));
                if let Some(s) = &secret {
                    shown.push_str(&format!(
                        "TOTP secret for step-up approvals (add it to an authenticator app):\n{s}\n{}\n",
                        totp_uri(s, &name)
                    ));
                }
            }
            // A stdout that is `/dev/null` (or was closed: the runtime opens `/dev/null` for it), or any other device
            // that is not a terminal, takes the write and shows the token to no one: the same as a write that failed
            // (attack 44's H7, ADR-1511; attack 45's M1).
            let written = if crate::output::stdout_reaches_no_one() {
                Err(std::io::Error::other(
                    "stdout is /dev/null, another device that is not a terminal, or opened for reading only (or was closed and the runtime put \
                     /dev/null in its place): no one would see the token",
                ))
            } else {
                crate::output::write_stdout(&shown)
            };
            if let Err(e) = written {
                let revoked = store.revoke_token(&name, now_ms()).await;
                let what = match revoked {
                    Ok(true) => format!(
                        "it was revoked at once, so no one holds a working token of `{name}`; create another under a \
                         new name once stdout can be written"
                    ),
                    _ => format!(
                        "it could not be revoked: revoke it now (`foureyes token revoke {name}`), its token is lost"
                    ),
                };
                return Err(Exit::new(
                    crate::EXIT_OUTPUT,
                    format!(
                        "`{name}` was created but its token, shown once, could not be written to stdout ({e}): {what}"
                    ),
                ));
            }
            Ok(0)
        }
        TokenCommand::List { json } => {
            let list = store.principals().await?;
            if json {
                let rows: Vec<_> = list
                    .iter()
                    .map(|p| json!({"name": p.name, "role": p.role, "serves": p.serves, "step_up": p.totp_secret.is_some(), "created_at_ms": p.created_at_ms, "revoked_at_ms": p.revoked_at_ms}))
                    .collect();
                println!("{}", serde_json::to_string_pretty(&rows).unwrap_or_default());
            } else {
                for p in &list {
                    let state = if p.revoked_at_ms.is_some() { "revoked" } else { "active" };
                    let step_up = if p.totp_secret.is_some() { "  step-up: totp" } else { "" };
                    let serves =
                        p.serves.as_deref().map(|a| format!("  serves: {}", shown_name(a))).unwrap_or_default();
                    // A row forged into `tokens` may hold an ESC or a newline: the name is shown escaped, so it cannot
                    // erase a line or print a fake `root admin active` row (attack 41's H5, ADR-1410).
                    println!("{:<24} {:<9} {state}{step_up}{serves}", shown_name(&p.name), p.role.as_str());
                }
            }
            Ok(0)
        }
        TokenCommand::Revoke { name } => {
            if store.revoke_token(&name, now_ms()).await? {
                println!("revoked `{name}`");
                Ok(0)
            } else {
                Err(Exit::new(
                    crate::EXIT_NOT_FOUND,
                    format!("no active credential named `{}`", crate::output::shown_name(&name)),
                ))
            }
        }
    }
}

/// Keeps this replica's policy in step with reloads made on the others (`POST /v1/policy/reload` there, or another
/// replica starting with another file): when the journal records a `policy_loaded` whose sha256 is not the policy
/// in force here, this replica re-reads its own policy file and adopts it if it is that policy. If its file says
/// something else it keeps its policy and warns on stderr: the replicas' files disagree, fix the deployment.
/// Woken by the backend's change stream (PostgreSQL `NOTIFY`), else every second.
async fn follow_policy_reloads(state: AppState, mut changes: Option<tokio::sync::broadcast::Receiver<u64>>) {
    let Some(path) = state.policy_path.clone() else { return };
    let mut after = state.store.journal_head().await.unwrap_or(0);
    let mut warned = None;
    loop {
        match changes.as_mut() {
            Some(hints) => tokio::select! {
                hint = hints.recv() => {
                    if matches!(hint, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                        changes = None;
                    }
                    // Coalesce a burst of commits into one read.
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    while changes.as_mut().is_some_and(|h| h.try_recv().is_ok()) {}
                }
                _ = tokio::time::sleep(std::time::Duration::from_secs(1)) => {}
            },
            None => tokio::time::sleep(std::time::Duration::from_secs(1)).await,
        }
        // Only `policy_loaded` events matter here: the store passes over the rest (every decision adds events;
        // reading and parsing them all cost the door ~5 % of its CPU under load, ADR-691).
        let Ok((read_to, newest)) = state.store.newest_policy_loaded(after).await else { continue };
        after = read_to;
        let Some(sha) = newest else { continue };
        if sha == state.policy().sha256 {
            continue;
        }
        match load_policy(&path) {
            Ok(policy) if policy.sha256 == sha => {
                let policy = std::sync::Arc::new(policy);
                match state.policy.write() {
                    Ok(mut p) => *p = policy,
                    Err(poisoned) => *poisoned.into_inner() = policy,
                }
                state.notify();
                eprintln!("policy reloaded on another replica: now in force here too (sha256 {})", &sha[..12]);
            }
            other if warned.as_ref() != Some(&sha) => {
                let found = match other {
                    Ok(p) => format!("sha256 {}", &p.sha256[..12]),
                    Err(e) => e.message,
                };
                eprintln!(
                    "warning: another replica loaded policy sha256 {}, but {} here is {found}: this replica keeps                      deciding under sha256 {}; give every replica the same policy file",
                    &sha[..12.min(sha.len())],
                    path.display(),
                    &state.policy().sha256[..12]
                );
                warned = Some(sha);
            }
            _ => {}
        }
    }
}

/// SIGINT (Ctrl-C) or SIGTERM (systemd, containers): stop accepting, finish in-flight requests, close the store.
/// The handlers are installed when this is called, not when the future is first polled: the door announces that it
/// is ready before its accept loop polls the future, and a SIGTERM sent between the two would otherwise kill it
/// with the default action — no clean stop, no final checkpoint (F379).
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    use tokio::signal::unix::{SignalKind, signal};
    let interrupt = signal(SignalKind::interrupt()).ok();
    let terminate = signal(SignalKind::terminate()).ok();
    async move {
        let wait = |s: Option<tokio::signal::unix::Signal>| async move {
            match s {
                Some(mut s) => {
                    s.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = wait(interrupt) => {}
            _ = wait(terminate) => {}
        }
    }
}
