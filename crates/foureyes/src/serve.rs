//! `foureyes serve` (the HTTP API and console) and `foureyes token` (credentials).

use crate::cli::{ServeArgs, TokenCommand};
use crate::commands::{load_policy, now_ms, open_store};
use crate::demo::HOME_POLICY;
use crate::{EXIT_POLICY, EXIT_REFUSED, EXIT_STORAGE, Exit};
use foureyes_core::canonical::sha256_hex;
use foureyes_core::{Policy, Role};
use foureyes_server::{AppState, SIGNIN_CODE_TTL_MS, app, new_totp_secret, random_secret, system_clock, totp_uri};
use foureyes_store::{Credentials, SqliteStore, Store};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn new_token() -> Result<String, Exit> {
    Ok(format!("fe_{}", random_secret().map_err(|e| Exit::new(EXIT_STORAGE, e.message))?))
}

/// Creates a credential and returns its token (shown once).
async fn create(store: &SqliteStore, name: &str, role: Role, totp: Option<&str>) -> Result<String, Exit> {
    let token = new_token()?;
    store.create_token(name, role, &sha256_hex(token.as_bytes()), totp, now_ms()).await?;
    Ok(token)
}

pub async fn serve(db: &Path, policy_path: &Option<PathBuf>, args: ServeArgs) -> Result<u8, Exit> {
    let (policy, source) = match policy_path {
        Some(path) => (load_policy(path)?, path.display().to_string()),
        None => (
            Policy::from_yaml("policies/home.yaml (built in)", HOME_POLICY)
                .map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?,
            "the built-in home demo policy (pass --policy FILE for your own)".to_string(),
        ),
    };
    let store = open_store(db)?;
    store.record_policy(&policy, now_ms()).await?;
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("cannot listen on {}: {e}", args.listen)))?;
    let addr = listener.local_addr().map_err(|e| Exit::new(EXIT_STORAGE, e.to_string()))?;
    let base = format!("http://{addr}");
    println!("FourEyes serving {} on {base}", db.display());
    println!("policy: {source} (sha256 {})", &policy.sha256[..12]);
    println!("console: {base}/console");
    if store.principals().await?.is_empty() {
        let token = create(&store, "admin", Role::Admin, None).await?;
        let code = random_secret().map_err(|e| Exit::new(EXIT_STORAGE, e.message))?;
        store.create_signin_code(&sha256_hex(code.as_bytes()), "admin", now_ms() + SIGNIN_CODE_TTL_MS).await?;
        println!("fresh database: created the first admin.");
        println!("  sign in once (valid 15 minutes): {base}/console/signin?code={code}");
        println!("  admin token (shown once, keep it): {token}");
        println!("  agents and approvers: foureyes token create --name NAME --role agent|approver");
    }
    let mut state = AppState::new(store.clone(), policy, policy_path.clone(), system_clock());
    state.secure_cookies = args.secure_cookies;
    use std::io::Write;
    let _ = std::io::stdout().flush();
    axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown_signal())
        .await
        .map_err(|e| Exit::new(EXIT_STORAGE, format!("server error: {e}")))?;
    store.close();
    Ok(0)
}

pub async fn token(db: &Path, cmd: TokenCommand) -> Result<u8, Exit> {
    let store: Arc<SqliteStore> = open_store(db)?;
    match cmd {
        TokenCommand::Create { name, role, totp, json } => {
            let role = Role::parse(&role).ok_or_else(|| {
                Exit::new(EXIT_REFUSED, format!("unknown role `{role}`: expected agent, approver or admin"))
            })?;
            if name.is_empty()
                || name.len() > 64
                || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.@".contains(c))
            {
                return Err(Exit::new(
                    EXIT_REFUSED,
                    format!("name `{name}`: use 1 to 64 letters, digits, `-`, `_`, `.` or `@`"),
                ));
            }
            let secret = if totp { Some(new_totp_secret().map_err(|e| Exit::new(EXIT_STORAGE, e))?) } else { None };
            let token = create(&store, &name, role, secret.as_deref()).await?;
            if json {
                println!(
                    "{}",
                    json!({"name": name, "role": role, "token": token, "totp_secret": secret, "totp_uri": secret.as_deref().map(|s| totp_uri(s, &name))})
                );
            } else {
                println!("created {role} `{name}`. Token (shown once, stored only as a hash):\n{token}");
                if let Some(s) = &secret {
                    println!(
                        "TOTP secret for step-up approvals (add it to an authenticator app):\n{s}\n{}",
                        totp_uri(s, &name)
                    );
                }
            }
            Ok(0)
        }
        TokenCommand::List { json } => {
            let list = store.principals().await?;
            if json {
                let rows: Vec<_> = list
                    .iter()
                    .map(|p| json!({"name": p.name, "role": p.role, "step_up": p.totp_secret.is_some(), "created_at_ms": p.created_at_ms, "revoked_at_ms": p.revoked_at_ms}))
                    .collect();
                println!("{}", serde_json::to_string_pretty(&rows).unwrap_or_default());
            } else {
                for p in &list {
                    let state = if p.revoked_at_ms.is_some() { "revoked" } else { "active" };
                    let step_up = if p.totp_secret.is_some() { "  step-up: totp" } else { "" };
                    println!("{:<24} {:<9} {state}{step_up}", p.name, p.role.as_str());
                }
            }
            Ok(0)
        }
        TokenCommand::Revoke { name } => {
            if store.revoke_token(&name, now_ms()).await? {
                println!("revoked `{name}`");
                Ok(0)
            } else {
                Err(Exit::new(crate::EXIT_NOT_FOUND, format!("no active credential named `{name}`")))
            }
        }
    }
}

/// SIGINT (Ctrl-C) or SIGTERM (systemd, containers): stop accepting, finish in-flight requests, close the store.
async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = interrupt => {}
        _ = terminate => {}
    }
}
