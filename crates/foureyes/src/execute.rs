//! `foureyes execute` (decide → run the action's connector → report, on the local `--db`), `foureyes secret …`
//! (set, list, new-key: a value is read from stdin or a file and never printed), and the executing door that
//! `foureyes serve` plugs into `POST /v1/execute`.

use crate::cli::{DecideArgs, SecretCommand};
use crate::commands::{fresh_request_id, now_ms, require_policy};
use crate::{EXIT_REFUSED, EXIT_STORAGE, Exit};
use foureyes_connect::secrets::{SecretError, SecretKey, Secrets, open_table};
use foureyes_connect::{Door, Executed, Unconfirmed};
use foureyes_core::{ActionRequest, Outcome, Policy};
use foureyes_store::{Store, StoreError};
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Exit code of `foureyes execute` when the connector ran and failed, or its outcome is unknown.
pub const EXIT_RUN_FAILED: u8 = 14;

impl From<SecretError> for Exit {
    fn from(e: SecretError) -> Exit {
        let code = match e {
            SecretError::Storage(_) => EXIT_STORAGE,
            _ => EXIT_REFUSED,
        };
        Exit::new(code, e.to_string())
    }
}

/// `exit`, journaled first when it is a refusal (exit 3: `--help` says such a refusal is journaled, ADR-1435); a
/// refusal the journal cannot take is said with why.
async fn journaled(store: &dyn Store, by: &str, exit: Exit, input: Value) -> Exit {
    if exit.code != EXIT_REFUSED {
        return exit;
    }
    match store.refuse(by, "bad_request", &exit.message, input, now_ms()).await {
        Ok(seq) => Exit::new(exit.code, format!("{} (refusal journaled at seq {seq})", exit.message)),
        Err(e) => Exit::from(e),
    }
}

/// The secrets of the database `db` names, when a key is at hand (`--secrets-key-file` or the environment). Called
/// only after the door has opened its store (ADR-1311): on SQLite the table's connection comes from the store's one
/// opener, which has looked at the file, its log and its companions as every door does.
pub async fn secrets(db: &Path, key_file: Option<&Path>) -> Result<Option<Secrets>, Exit> {
    let key = match SecretKey::load(key_file) {
        Ok(key) => key,
        // No key at all is allowed (connectors without secrets still run); a key given but unreadable is not.
        Err(_) if key_file.is_none() && std::env::var(foureyes_connect::secrets::KEY_ENV).is_err() => {
            return Ok(None);
        }
        Err(e) => return Err(e.into()),
    };
    let table = open_table(&db.display().to_string()).await?;
    Ok(Some(Secrets::new(key, table)))
}

pub fn door(store: Arc<dyn Store>, secrets: Option<Secrets>) -> Door {
    // A secret opens only when its row is the value this store's journal last set (ADR-958, attack 28 H3/H4).
    let secrets = secrets.map(|s| s.with_journal(store.clone()));
    Door { store, secrets, clock: Arc::new(now_ms) }
}

/// The door as the server sees it.
pub struct ServerDoor(pub Door);

#[async_trait::async_trait]
impl foureyes_server::execute::ExecuteDoor for ServerDoor {
    async fn execute(&self, policy: Arc<Policy>, request: ActionRequest) -> Result<Value, StoreError> {
        Ok(self.0.execute(policy, request).await?.to_json())
    }
}

/// The lines that list the connector runs a crash left unconfirmed (at `serve` start; none when there are none).
/// They are never re-run by FourEyes. Returned, not printed: `serve` says them with its announcement, once it
/// accepts connections (F630).
pub async fn unconfirmed_at_start(store: &dyn Store, policy: &Policy) -> Result<Vec<String>, Exit> {
    let list = foureyes_connect::unconfirmed(store, policy).await?;
    Ok(unconfirmed_lines(&list))
}

fn unconfirmed_lines(list: &[Unconfirmed]) -> Vec<String> {
    if list.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![format!(
        "connector runs that cannot be confirmed ({}): permitted, never reported; not re-run:",
        list.len()
    )];
    for u in list {
        let d = &u.decision;
        let state = match u.started_at_ms {
            Some(t) => format!("started {}: it may have acted", crate::output::time(t)),
            None => "never started: nothing was sent".to_string(),
        };
        lines.push(format!(
            "  decision {}  {}  agent {}  request {}  {state}  (settle: foureyes report {} --outcome \
             executed|failed|unknown)",
            d.decision_id, d.request.action, d.request.agent, d.request.request_id, d.decision_id
        ));
    }
    lines
}

/// `foureyes unconfirmed`: the same list as `serve` prints at start, for the operator to settle.
pub async fn unconfirmed(db: &Path, policy: &Option<PathBuf>, json: bool) -> Result<u8, Exit> {
    let policy = require_policy(policy)?;
    // A listing a cron check reads (ADR-1250): read-only, exit 17 at a path with no database, and the witness check of
    // the doors that act on what it lists (a rolled-back database would hide a run).
    let store = crate::commands::open_witnessed_reader(db).await?;
    let list = foureyes_connect::unconfirmed(store.as_ref(), &policy).await?;
    if json {
        let rows: Vec<Value> = list
            .iter()
            .map(|u| {
                let d = &u.decision;
                serde_json::json!({
                    "decision_id": d.decision_id,
                    "action": d.request.action,
                    "agent": d.request.agent,
                    "request_id": d.request.request_id,
                    "decided_at_ms": d.decided_at_ms,
                    "started_at_ms": u.started_at_ms,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&rows).unwrap_or_default());
    } else if list.is_empty() {
        println!("no connector runs to confirm");
    } else {
        for line in unconfirmed_lines(&list) {
            println!("{line}");
        }
    }
    Ok(if list.is_empty() { 0 } else { EXIT_RUN_FAILED })
}

pub async fn execute(
    db: &Path,
    policy: &Option<PathBuf>,
    key_file: Option<&Path>,
    args: DecideArgs,
) -> Result<u8, Exit> {
    let policy = require_policy(policy)?;
    let store = crate::commands::open_door(db).await?;
    store.record_policy(&policy, now_ms()).await?;
    let params = crate::commands::parse_object(store.as_ref(), &args.agent, "--params", &args.params).await?;
    let evidence = match &args.evidence {
        Some(text) => {
            Some(Value::Object(crate::commands::parse_object(store.as_ref(), &args.agent, "--evidence", text).await?))
        }
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
    let secrets = secrets(db, key_file).await?;
    let store: Arc<dyn Store> = store;
    let done = door(store, secrets).execute(policy, request).await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&done.to_json()).unwrap_or_default());
    } else {
        print_executed(&done);
    }
    Ok(match done.outcome {
        Some(Outcome::Failed | Outcome::Unknown) => EXIT_RUN_FAILED,
        _ => crate::commands::verdict_exit(&done.decision),
    })
}

fn print_executed(done: &Executed) {
    crate::output::print_decision(&done.decision);
    match (done.ran, done.outcome) {
        (true, Some(outcome)) => println!("ran the connector: {}", outcome.as_str()),
        _ if done.replayed => println!(
            "not run: request `{}` was decided before (status {}); a permit runs once",
            done.decision.request.request_id,
            done.decision.status.as_str()
        ),
        _ => println!("not run"),
    }
}

pub async fn secret(db: &Path, key_file: Option<&Path>, cmd: SecretCommand) -> Result<u8, Exit> {
    match cmd {
        SecretCommand::NewKey => {
            println!("{}", SecretKey::generate_hex()?);
            Ok(0)
        }
        SecretCommand::List { json, .. } => {
            // A door that only reads (ADR-1311): the store opened as every read door's (exit 17 at a path with no
            // FourEyes database, another program's refused by name, nothing written), then the table read-only — no
            // table made, no column added (`secret set`, `serve` and `execute` upgrade it).
            let key = SecretKey::load(key_file)?;
            let name = db.display().to_string();
            let table: Arc<dyn foureyes_connect::secrets::SecretTable> = if foureyes_store_pg::is_postgres_url(&name) {
                open_table(&name).await?
            } else {
                drop(crate::commands::open_reader(db).await?);
                match foureyes_connect::secrets::SqliteSecrets::open_read_only(db)? {
                    Some(table) => Arc::new(table),
                    None => Arc::new(NoTable),
                }
            };
            let secrets = Secrets::new(key, table);
            let list = secrets.list().await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&list).unwrap_or_default());
            } else if list.is_empty() {
                println!("no secrets");
            } else {
                for s in &list {
                    let created = s.created_at_ms.map_or_else(|| "unknown".to_string(), crate::output::time);
                    let rotated = s.rotated_at_ms.map_or_else(|| "never".to_string(), crate::output::time);
                    // A row forged into `connector_secrets` may name itself with an ESC, a newline or a look-alike:
                    // shown escaped, one-to-one (attack 41's H5, ADR-1410).
                    println!(
                        "{:<32} version {:<4} created {created}  rotated {rotated}  key {}",
                        crate::output::shown_name(&s.name),
                        s.version,
                        crate::output::shown_name(&s.key_fingerprint)
                    );
                }
            }
            Ok(0)
        }
        SecretCommand::Set { name, from_file, by, .. } => {
            // The store first (ADR-1311): the door's look refuses another database's log, a foreign database, a hot
            // `-journal` or a FIFO before the secrets table's connection is made (attack 40's H2: it was opened on its
            // own first, applied another database's log, then the store said "the log was not applied").
            let store = crate::commands::open_backend(db).await?;
            let secrets = match secrets(db, key_file).await.and_then(|s| s.ok_or_else(no_key)) {
                Ok(secrets) => secrets,
                Err(exit) => {
                    let input = serde_json::json!({"command": "secret set", "name": name});
                    return Err(journaled(store.as_ref(), &by, exit, input).await);
                }
            };
            let mut value = match &from_file {
                Some(path) => std::fs::read_to_string(path)
                    .map_err(|e| Exit::new(EXIT_REFUSED, format!("cannot read `{}`: {e}", path.display())))?,
                None => {
                    let mut text = String::new();
                    std::io::stdin()
                        .read_to_string(&mut text)
                        .map_err(|e| Exit::new(EXIT_REFUSED, format!("cannot read the value from stdin: {e}")))?;
                    text
                }
            };
            // One trailing newline (from `echo` or an editor) is not part of the value.
            if value.ends_with('\n') {
                value.pop();
                if value.ends_with('\r') {
                    value.pop();
                }
            }
            // Exit 3 says the refusal is journaled (`--help`): a refused name or value is (attack 41, ADR-1435) — the
            // name as given and the value's length, never the value.
            if let Err(e) = foureyes_connect::secrets::check(&name, &value) {
                let input = serde_json::json!({"command": "secret set", "name": name, "value_bytes": value.len()});
                return Err(journaled(store.as_ref(), &by, Exit::from(e), input).await);
            }
            // Journaled first (name and who, never the value): no value changes without its entry. A set that
            // fails after this leaves the entry and says so here.
            let rotation = secrets.exists(&name).await?;
            // Sealed first so that the entry carries the binding of the very value stored (ADR-958): a row set
            // back to an earlier value, or copied from another store, is then refused at use.
            let sealed = secrets.seal(&name, &value)?;
            let binding = sealed.binding();
            let seq = store.journal_secret_set(&name, &by, rotation, Some(&binding), now_ms()).await?;
            let version = secrets.put(sealed, now_ms()).await.map_err(|e| {
                let exit = Exit::from(e);
                Exit::new(exit.code, format!("{} (journaled as seq {seq}, but the value was NOT stored)", exit.message))
            })?;
            let what = if rotation { "rotated" } else { "set" };
            println!("secret `{name}` {what} (version {version}, journal seq {seq}); its value is not shown");
            Ok(0)
        }
    }
}

/// `journal audit`'s look at the connector secrets (ADR-958): each row whose sealed value is not the one its
/// name's newest `secret_set` entry bound, one line naming it (never a value; no key needed: the binding is over
/// the stored bytes).
pub async fn audit_secrets(db: &Path, store: Arc<dyn Store>) -> Result<Vec<String>, Exit> {
    // Audit only reads (ADR-1250): on SQLite the table is read through a read-only connection, never created (attack
    // 39: `journal audit` added `connector_secrets` to the database it audited).
    let name = db.display().to_string();
    let table: Arc<dyn foureyes_connect::secrets::SecretTable> = if foureyes_store_pg::is_postgres_url(&name) {
        open_table(&name).await?
    } else {
        match foureyes_connect::secrets::SqliteSecrets::open_read_only(db)? {
            Some(table) => Arc::new(table),
            None => return Ok(Vec::new()),
        }
    };
    let journal = foureyes_connect::secrets::SecretJournal::new(store);
    let mut found = Vec::new();
    for info in table.list().await? {
        let Some(row) = table.get(&info.name).await? else { continue };
        if let Err(why) = journal.check(&row).await? {
            found.push(format!(
                "connector_secrets row `{}`: record_altered: {why}",
                crate::output::shown_name(&info.name)
            ));
        }
    }
    Ok(found)
}

/// The secrets table of a database that has none yet, as a door that only reads sees it: no rows.
struct NoTable;

#[async_trait::async_trait]
impl foureyes_connect::secrets::SecretTable for NoTable {
    async fn put(&self, _: foureyes_connect::secrets::Sealed, _: i64) -> Result<i64, SecretError> {
        Err(SecretError::Storage("a door that only reads stores no secret".into()))
    }
    async fn get(&self, _: &str) -> Result<Option<foureyes_connect::secrets::Sealed>, SecretError> {
        Ok(None)
    }
    async fn list(&self) -> Result<Vec<foureyes_connect::secrets::SecretInfo>, SecretError> {
        Ok(Vec::new())
    }
}

fn no_key() -> Exit {
    Exit::new(
        EXIT_REFUSED,
        format!(
            "no secrets key: give --secrets-key-file FILE or set {} (make one with `foureyes secret new-key`)",
            foureyes_connect::secrets::KEY_ENV
        ),
    )
}
