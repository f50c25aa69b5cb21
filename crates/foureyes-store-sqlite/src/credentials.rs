//! `Credentials` on SQLite: tokens, console sessions and one-time sign-in codes, stored as hashes.

use super::{Sql, SqliteStore};
use async_trait::async_trait;
use foureyes_core::Role;
use foureyes_store::ops;
use foureyes_store::tx::run_ready;
use foureyes_store::{Credentials, Principal, Session, StoreError};
use rusqlite::{Connection, OptionalExtension, params};

impl SqliteStore {
    /// Runs a short read (a few indexed lookups) on the calling thread, over an idle pooled connection: no hop to
    /// the blocking pool and back, which costs several times such a read (ADR-690). With no idle connection it is
    /// [`SqliteStore::read`] (opening a connection is file work, kept off the async runtime). A WAL reader does not
    /// wait for the writer, so this does not hold a runtime worker behind a write.
    async fn read_here<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let permit =
            self.read_permits.acquire().await.map_err(|_| StoreError::Backend("the read pool is closed".into()))?;
        let pooled = self.readers.lock().ok().and_then(|mut p| p.pop());
        let Some(conn) = pooled else {
            drop(permit);
            return self.read(work).await;
        };
        let result = work(&conn);
        // The permit held keeps the count of connections within `options.readers`.
        if let Ok(mut pool) = self.readers.lock() {
            pool.push(conn);
        }
        drop(permit);
        result
    }

    /// `principal` as its row says, believed only when the journal says the same of it (ADR-180): a name, role,
    /// served agent or liveness the journal does not back is checked again after a catch-up, and refused
    /// (journaled, `record_altered`) if it still differs.
    ///
    /// `behind`: the read found credential events after the seq the authority state has applied (another process
    /// revoked it a moment ago, S2): the state catches up before the row is believed. `token_sha256`: the hash the
    /// row was found by, checked against the one the journal bound (S4). The check compares the row as read again in
    /// the write transaction, at the point of the record its catch-up reaches (ADR-1220): a revocation committed after
    /// the first read answers nobody, as the journal says, not `record_altered`.
    async fn journaled_principal(
        &self,
        principal: Option<Principal>,
        behind: bool,
        token_sha256: Option<String>,
    ) -> Result<Option<Principal>, StoreError> {
        let Some(p) = principal else { return Ok(None) };
        let differs = {
            let known = self.credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            ops::principal_differs(&p, token_sha256.as_deref(), known.get(&p.name)).is_some()
        };
        if !differs && !behind {
            return Ok(Some(p));
        }
        let now_ms = foureyes_store::door_ms();
        self.write_tx(move |w| {
            let row = match token_sha256.as_deref() {
                Some(hash) => principal_row_by_token(w.conn, hash)?,
                None => principal_row(w.conn, &p.name)?,
            };
            run_ready(ops::checked_principal(w, row, token_sha256.as_deref(), now_ms))
        })
        .await
    }
}

/// Whether the journal holds a credential event after `seq` (read after the row it qualifies).
fn credential_events_after(c: &Connection, seq: u64) -> Result<bool, StoreError> {
    c.prepare_cached("SELECT EXISTS (SELECT 1 FROM journal WHERE seq > ?1 AND kind = 'credential')")
        .sql()?
        .query_row(params![seq as i64], |r| r.get(0))
        .sql()
}

fn principal_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<Principal, StoreError>> {
    let role: String = r.get(1)?;
    let (name, totp_secret, created_at_ms, revoked_at_ms) = (r.get(0)?, r.get(2)?, r.get(3)?, r.get(4)?);
    let serves = r.get(5)?;
    Ok(Role::parse(&role)
        .map(|role| Principal { name, role, totp_secret, created_at_ms, revoked_at_ms, serves })
        .ok_or_else(|| StoreError::Backend(format!("stored role `{role}`"))))
}

const PRINCIPAL_COLUMNS: &str = "name, role, totp_secret, created_ms, revoked_ms, serves";
const PRINCIPAL_BY_TOKEN: &str = "SELECT name, role, totp_secret, created_ms, revoked_ms, serves FROM tokens \
                                  WHERE token_hash = ?1 AND revoked_ms IS NULL";

/// A credential's row by its token's hash, revoked or not (compared with the journal in a write transaction).
fn principal_row_by_token(c: &Connection, token_sha256: &str) -> Result<Option<Principal>, StoreError> {
    let sql = format!("SELECT {PRINCIPAL_COLUMNS} FROM tokens WHERE token_hash = ?1");
    c.prepare_cached(&sql).sql()?.query_row(params![token_sha256], principal_from_row).optional().sql()?.transpose()
}

/// A credential's row by name, revoked or not (compared with the journal in a write transaction).
fn principal_row(c: &Connection, name: &str) -> Result<Option<Principal>, StoreError> {
    let sql = format!("SELECT {PRINCIPAL_COLUMNS} FROM tokens WHERE name = ?1");
    c.prepare_cached(&sql).sql()?.query_row(params![name], principal_from_row).optional().sql()?.transpose()
}

/// A console session's row, unexpired at `now_ms`.
fn session_row(c: &Connection, session_sha256: &str, now_ms: i64) -> Result<Option<ops::SessionRow>, StoreError> {
    c.prepare_cached("SELECT principal, csrf, expires_ms FROM sessions WHERE session_hash = ?1 AND expires_ms > ?2")
        .sql()?
        .query_row(params![session_sha256, now_ms], |r| {
            Ok(ops::SessionRow { name: r.get(0)?, csrf: r.get(1)?, expires_at_ms: r.get(2)? })
        })
        .optional()
        .sql()
}

/// The live executors serving `agent`, as the `tokens` rows list them.
fn executor_rows(c: &Connection, agent: &str) -> Result<Vec<String>, StoreError> {
    let mut stmt = c
        .prepare_cached(
            "SELECT name FROM tokens WHERE serves = ?1 AND role = 'executor' AND revoked_ms IS NULL ORDER BY name",
        )
        .sql()?;
    let rows = stmt.query_map(params![agent], |r| r.get(0)).sql()?;
    rows.collect::<Result<Vec<String>, _>>().sql()
}

fn principal_by_name(c: &Connection, name: &str) -> Result<Option<Principal>, StoreError> {
    let sql = format!("SELECT {PRINCIPAL_COLUMNS} FROM tokens WHERE name = ?1 AND revoked_ms IS NULL");
    c.prepare_cached(&sql).sql()?.query_row(params![name], principal_from_row).optional().sql()?.transpose()
}

#[async_trait]
impl Credentials for SqliteStore {
    async fn create_token(
        &self,
        name: &str,
        role: Role,
        token_sha256: &str,
        totp_secret: Option<&str>,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let (name, hash, totp) = (name.to_string(), token_sha256.to_string(), totp_secret.map(str::to_string));
        self.write_tx(move |w| run_ready(ops::create_token(w, &name, role, &hash, totp.as_deref(), now_ms))).await
    }

    async fn create_executor(
        &self,
        name: &str,
        serves: &str,
        token_sha256: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let (name, serves, hash) = (name.to_string(), serves.to_string(), token_sha256.to_string());
        self.write_tx(move |w| run_ready(ops::create_executor(w, &name, &serves, &hash, now_ms))).await
    }

    async fn journal_secret_set(
        &self,
        name: &str,
        by: &str,
        rotation: bool,
        sealed_binding: Option<&str>,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let (name, by, binding) = (name.to_string(), by.to_string(), sealed_binding.map(str::to_string));
        self.write_tx(move |t| run_ready(ops::journal_secret_set(t, &name, &by, rotation, binding.as_deref(), now_ms)))
            .await
    }

    async fn executors_of(&self, agent: &str) -> Result<Vec<String>, StoreError> {
        // As the journal says (ADR-531); the rows are compared with it, and believed only when they agree.
        let applied = self.applied.load(std::sync::atomic::Ordering::Acquire);
        let name = agent.to_string();
        let (rows, behind) =
            self.read(move |c| Ok((executor_rows(c, &name)?, credential_events_after(c, applied)?))).await?;
        let journaled = {
            let known = self.credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            ops::journaled_executors(&known, agent)
        };
        if journaled == rows && !behind {
            return Ok(journaled);
        }
        // Compared as read again in the write transaction (ADR-1220): an executor revoked after the first read is no
        // hand edit.
        let (agent, now_ms) = (agent.to_string(), foureyes_store::door_ms());
        self.write_tx(move |w| {
            let rows = executor_rows(w.conn, &agent)?;
            run_ready(ops::checked_executors(w, &agent, &rows, now_ms))
        })
        .await
    }

    async fn revoke_token(&self, name: &str, now_ms: i64) -> Result<bool, StoreError> {
        let name = name.to_string();
        self.write_tx(move |w| run_ready(ops::revoke_token(w, &name, now_ms))).await
    }

    async fn principal_by_token(&self, token_sha256: &str) -> Result<Option<Principal>, StoreError> {
        let hash = token_sha256.to_string();
        let applied = self.applied.load(std::sync::atomic::Ordering::Acquire);
        // Every authenticated request makes this read: run it here, on an idle pooled connection, rather than pay
        // a hop to the blocking pool and back for two indexed lookups (ADR-690).
        let (principal, behind) = self
            .read_here(move |c| {
                let principal = c
                    .prepare_cached(PRINCIPAL_BY_TOKEN)
                    .sql()?
                    .query_row(params![hash], principal_from_row)
                    .optional()
                    .sql()?
                    .transpose()?;
                let behind = principal.is_some() && credential_events_after(c, applied)?;
                Ok((principal, behind))
            })
            .await?;
        self.journaled_principal(principal, behind, Some(token_sha256.to_string())).await
    }

    async fn principals(&self) -> Result<Vec<Principal>, StoreError> {
        self.read(|c| {
            let sql = format!("SELECT {PRINCIPAL_COLUMNS} FROM tokens ORDER BY name");
            let mut stmt = c.prepare(&sql).sql()?;
            let rows = stmt.query_map([], principal_from_row).sql()?;
            rows.map(|r| r.sql()?).collect()
        })
        .await
    }

    async fn create_session(
        &self,
        session_sha256: &str,
        principal: &str,
        csrf: &str,
        expires_at_ms: i64,
    ) -> Result<(), StoreError> {
        let (hash, principal, csrf) = (session_sha256.to_string(), principal.to_string(), csrf.to_string());
        let now_ms = foureyes_store::door_ms();
        self.write_tx(move |w| {
            run_ready(ops::check_signin_live(w, &principal, now_ms))?;
            w.conn
                .execute(
                    "INSERT INTO sessions (session_hash, principal, csrf, expires_ms) VALUES (?1, ?2, ?3, ?4)",
                    params![hash, principal, csrf, expires_at_ms],
                )
                .sql()?;
            run_ready(ops::journal_session_opened(w, &hash, &principal, &csrf, expires_at_ms, now_ms))
        })
        .await
    }

    async fn session(&self, session_sha256: &str, now_ms: i64) -> Result<Option<Session>, StoreError> {
        let hash = session_sha256.to_string();
        let applied = self.applied.load(std::sync::atomic::Ordering::Acquire);
        let session = self
            .read(move |c| {
                let row: Option<(String, String, i64)> = c
                    .query_row(
                        "SELECT principal, csrf, expires_ms FROM sessions WHERE session_hash = ?1 AND expires_ms > ?2",
                        params![hash, now_ms],
                        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                    )
                    .optional()
                    .sql()?;
                let Some((name, csrf, expires_at_ms)) = row else { return Ok(None) };
                let session = principal_by_name(c, &name)?.map(|principal| Session { principal, csrf, expires_at_ms });
                let behind = session.is_some() && credential_events_after(c, applied)?;
                Ok(session.map(|s| (s, behind)))
            })
            .await?;
        let Some((session, behind)) = session else { return Ok(None) };
        // The session itself, as the journal opened it (S5), and its principal (ADR-180).
        let differs = {
            let known = self.signins.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            let binding = foureyes_core::event::token_binding(session_sha256);
            let Session { principal, csrf, expires_at_ms } = &session;
            ops::session_differs(&principal.name, csrf, *expires_at_ms, known.get(&binding)).is_some()
        } || {
            let known = self.credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            ops::principal_differs(&session.principal, None, known.get(&session.principal.name)).is_some()
        };
        if !differs && !behind {
            return Ok(Some(session));
        }
        // Checked as read again in the write transaction (ADR-1220): a sign-out or a revocation committed after the
        // read above is no hand edit — the row is gone, and the cookie signs nobody in.
        let hash = session_sha256.to_string();
        self.write_tx(move |w| {
            let row = session_row(w.conn, &hash, now_ms)?;
            let principal = match &row {
                Some(row) => principal_row(w.conn, &row.name)?,
                None => None,
            };
            run_ready(ops::checked_session(w, &hash, row, principal, now_ms))
        })
        .await
    }

    async fn delete_session(&self, session_sha256: &str) -> Result<(), StoreError> {
        let (hash, now_ms) = (session_sha256.to_string(), foureyes_store::door_ms());
        self.write_tx(move |w| {
            if w.conn.execute("DELETE FROM sessions WHERE session_hash = ?1", params![hash]).sql()? > 0 {
                run_ready(ops::journal_session_closed(w, &hash, now_ms))?;
            }
            Ok(())
        })
        .await
    }

    async fn create_signin_code(
        &self,
        code_sha256: &str,
        principal: &str,
        expires_at_ms: i64,
    ) -> Result<(), StoreError> {
        let (hash, principal) = (code_sha256.to_string(), principal.to_string());
        let now_ms = foureyes_store::door_ms();
        self.write_tx(move |w| {
            w.conn
                .execute(
                    "INSERT INTO signin_codes (code_hash, principal, expires_ms) VALUES (?1, ?2, ?3)",
                    params![hash, principal, expires_at_ms],
                )
                .sql()?;
            run_ready(ops::journal_signin_code_issued(w, &hash, &principal, expires_at_ms, now_ms))
        })
        .await
    }

    async fn redeem_signin_code(&self, code_sha256: &str, now_ms: i64) -> Result<Option<Principal>, StoreError> {
        let hash = code_sha256.to_string();
        self.write_tx(move |w| {
            // A link of a name revoked since it was issued is refused with that reason, and not spent (ADR-1222).
            let pending: Option<String> = w
                .conn
                .query_row(
                    "SELECT principal FROM signin_codes WHERE code_hash = ?1 AND used_ms IS NULL AND expires_ms > ?2",
                    params![hash, now_ms],
                    |r| r.get(0),
                )
                .optional()
                .sql()?;
            if let Some(name) = pending {
                run_ready(ops::check_code_live(w, &hash, &name, now_ms))?;
            }
            // Single use: the UPDATE succeeds for exactly one caller.
            let used: Option<(String, i64)> = w
                .conn
                .query_row(
                    "UPDATE signin_codes SET used_ms = ?1 WHERE code_hash = ?2 AND used_ms IS NULL AND expires_ms > ?1
                     RETURNING principal, expires_ms",
                    params![now_ms, hash],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()
                .sql()?;
            let Some((name, expires_at_ms)) = used else { return Ok(None) };
            // Only a code the journal issued, and has not seen used, signs anyone in (S6).
            run_ready(ops::redeem_signin_code(w, &hash, &name, expires_at_ms, now_ms))?;
            principal_by_name(w.conn, &name)
        })
        .await
    }

    async fn accept_totp_step(&self, principal: &str, step: u64) -> Result<bool, StoreError> {
        // In the write transaction, journaled with the row's conditional UPDATE (ADR-1160): only forward, and a row
        // set back by hand lets no code be used twice.
        let name = principal.to_string();
        let now_ms = foureyes_store::door_ms();
        self.write_tx(move |w| run_ready(ops::accept_totp_step(w, &name, step, now_ms))).await
    }
}
