//! `Credentials` on PostgreSQL, with the semantics of the SQLite backend's `credentials.rs`: tokens, console
//! sessions and one-time sign-in codes, stored as SHA-256 hashes (the tables are in `sql/0002_credentials.sql`).
//!
//! Every change is journaled through the shared `ops` (one home for both backends): creating and revoking a token,
//! setting a TOTP secret and accepting a step, opening and closing a console session, issuing and redeeming a sign-in
//! code each append a `credential` event in a write transaction holding the chain-head lock like every other
//! journaled write (two replicas creating one name: the second finds it taken; a code redeemed on two replicas: the
//! second finds it used). Reads compare the rows with the journal's credentials (`ops::principal_differs`,
//! `ops::session_differs`): a row edited by hand is `record_altered`, never believed.

use crate::db::{exec, get, row, rows, scalar};
use crate::{PgStore, in_tx};
use async_trait::async_trait;
use foureyes_core::Role;
use foureyes_store::{Credentials, Principal, Session, StoreError, WriteCredential, ops};
use tokio_postgres::Row;

/// A principal's columns of `tokens t`, in the order [`principal_from_row`] reads them.
macro_rules! principal_columns {
    () => {
        "t.name, t.role, t.totp_secret, t.created_ms, t.revoked_ms, t.serves"
    };
}

fn principal_from_row(r: &Row, first: usize) -> Result<Principal, StoreError> {
    let role: String = get(r, first + 1)?;
    Ok(Principal {
        name: get(r, first)?,
        role: Role::parse(&role).ok_or_else(|| StoreError::Backend(format!("stored role `{role}`")))?,
        totp_secret: get(r, first + 2)?,
        created_at_ms: get(r, first + 3)?,
        revoked_at_ms: get(r, first + 4)?,
        serves: get(r, first + 5)?,
    })
}

impl PgStore {
    /// `p` once the journal backs it (ADR-180): believed as read if this replica's state knows it as its row says and
    /// `behind` is false (no credential event after the seq the state had applied when the row was read: another
    /// replica or process revoked it a moment ago, S2), else checked again after a catch-up under the chain-head lock,
    /// and refused (journaled, `record_altered`) if it still differs. `token_sha256`: the hash the row was found by,
    /// checked against the one the journal bound (S4).
    ///
    /// The check compares the row as read again under the chain-head lock, at the point of the record its catch-up
    /// reaches (ADR-1220): a revocation committed after the first read answers nobody (`None`), as the journal says,
    /// not `record_altered`.
    async fn believed(
        &self,
        p: Principal,
        token_sha256: Option<&str>,
        behind: bool,
    ) -> Result<Option<Principal>, StoreError> {
        let differs = {
            let handles = self.read_handles();
            let known = handles.credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            ops::principal_differs(&p, token_sha256, known.get(&p.name)).is_some()
        };
        if !differs && !behind {
            return Ok(Some(p));
        }
        let (name, token_sha256, now_ms) = (p.name, token_sha256.map(str::to_string), foureyes_store::door_ms());
        in_tx!(self, |w| async move {
            w.flush().await?;
            let row = match token_sha256.as_deref() {
                Some(hash) => row(w.c(), PRINCIPAL_ROW_BY_TOKEN, &[&hash]).await?,
                None => row(w.c(), PRINCIPAL_ROW, &[&name]).await?,
            };
            let row = row.map(|r| principal_from_row(&r, 0)).transpose()?;
            ops::checked_principal(w, row, token_sha256.as_deref(), now_ms).await
        })
    }
}

/// A credential's row by its token's hash (`$1`), revoked or not: compared with the journal under the chain-head lock.
const PRINCIPAL_ROW_BY_TOKEN: &str = concat!("SELECT ", principal_columns!(), " FROM tokens t WHERE t.token_hash = $1");
/// A credential's row by name (`$1`), revoked or not.
const PRINCIPAL_ROW: &str = concat!("SELECT ", principal_columns!(), " FROM tokens t WHERE t.name = $1");
/// The live executors serving `$1`, as the `tokens` rows list them.
const EXECUTOR_ROWS: &str = "SELECT name FROM tokens WHERE serves = $1 AND role = 'executor' AND revoked_ms IS NULL
                             ORDER BY name COLLATE \"C\"";

/// Whether the journal holds a credential event after `$1` (the seq this replica's state has applied).
const CREDENTIAL_EVENTS_AFTER: &str = "SELECT EXISTS (SELECT 1 FROM journal WHERE seq > $1 AND kind = 'credential')";

/// A token's live row (`$1` its SHA-256) and whether a credential event follows `$2` (ADR-762), in one statement.
const PRINCIPAL_BY_TOKEN: &str = concat!(
    "SELECT ",
    principal_columns!(),
    ", EXISTS (SELECT 1 FROM journal WHERE seq > $2 AND kind = 'credential')
     FROM (SELECT 1) AS one LEFT JOIN tokens t ON t.token_hash = $1 AND t.revoked_ms IS NULL"
);

#[async_trait]
impl Credentials for PgStore {
    async fn create_token(
        &self,
        name: &str,
        role: Role,
        token_sha256: &str,
        totp_secret: Option<&str>,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let (name, token_sha256, totp_secret) =
            (name.to_string(), token_sha256.to_string(), totp_secret.map(str::to_string));
        in_tx!(self, |w| ops::create_token(w, &name, role, &token_sha256, totp_secret.as_deref(), now_ms))
    }

    async fn create_executor(
        &self,
        name: &str,
        serves: &str,
        token_sha256: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let (name, serves, token_sha256) = (name.to_string(), serves.to_string(), token_sha256.to_string());
        in_tx!(self, |w| ops::create_executor(w, &name, &serves, &token_sha256, now_ms))
    }

    async fn executors_of(&self, agent: &str) -> Result<Vec<String>, StoreError> {
        // As the journal says (ADR-531); the rows are compared with it, and believed only when they agree.
        let applied = self.read_handles().applied.load(std::sync::atomic::Ordering::Acquire) as i64;
        let conn = self.conn().await?;
        let read: Vec<String> =
            rows(&conn, EXECUTOR_ROWS, &[&agent]).await?.iter().map(|r| get(r, 0)).collect::<Result<_, _>>()?;
        let behind = scalar::<bool>(&conn, CREDENTIAL_EVENTS_AFTER, &[&applied]).await?;
        drop(conn);
        let journaled = {
            let handles = self.read_handles();
            let known = handles.credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            ops::journaled_executors(&known, agent)
        };
        if journaled == read && !behind {
            return Ok(journaled);
        }
        // Compared as read again under the chain-head lock (ADR-1220): an executor revoked after the first read is no
        // hand edit.
        let (agent, now_ms) = (agent.to_string(), foureyes_store::door_ms());
        in_tx!(self, |w| async move {
            w.flush().await?;
            let listed: Vec<String> =
                rows(w.c(), EXECUTOR_ROWS, &[&agent]).await?.iter().map(|r| get(r, 0)).collect::<Result<_, _>>()?;
            ops::checked_executors(w, &agent, &listed, now_ms).await
        })
    }

    async fn revoke_token(&self, name: &str, now_ms: i64) -> Result<bool, StoreError> {
        let name = name.to_string();
        in_tx!(self, |w| ops::revoke_token(w, &name, now_ms))
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
        in_tx!(self, |w| ops::journal_secret_set(w, &name, &by, rotation, binding.as_deref(), now_ms))
    }

    async fn principal_by_token(&self, token_sha256: &str) -> Result<Option<Principal>, StoreError> {
        // The row and whether a credential event follows what this replica has applied, in one statement (one
        // round trip, one snapshot: ADR-762) — every request asks. `applied` is read first, so it is never newer
        // than the snapshot: a revoke committed by another replica is either in the row or makes `behind` true.
        let applied = self.read_handles().applied.load(std::sync::atomic::Ordering::Acquire) as i64;
        let found = rows(&self.conn().await?, PRINCIPAL_BY_TOKEN, &[&token_sha256, &applied]).await?;
        let Some(r) = found.first() else { return Ok(None) };
        if get::<Option<String>>(r, 0)?.is_none() {
            return Ok(None);
        }
        let principal = principal_from_row(r, 0)?;
        let behind: bool = get(r, 6)?;
        self.believed(principal, Some(token_sha256), behind).await
    }

    /// ADR-1050: no statement when this token's principal was found by [`Credentials::principal_by_token`] before
    /// and the followed state still holds that name live, bound to this token, with the same role and served
    /// agent; its writes then check it under the chain-head lock ([`foureyes_store::writes_as`]). Otherwise the
    /// token statement, as a read.
    async fn principal_for_writes(
        &self,
        token_sha256: &str,
    ) -> Result<Option<(Principal, Option<WriteCredential>)>, StoreError> {
        let held =
            self.write_principals.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(token_sha256).cloned();
        if let Some(p) = held {
            let followed = {
                let handles = self.read_handles();
                let known = handles.credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
                let journaled = known.get(&p.name);
                journaled.is_some_and(|c| c.token_binding.is_some())
                    && ops::principal_differs(&p, Some(token_sha256), journaled).is_none()
            };
            if followed {
                let credential = WriteCredential::token(&p.name, token_sha256);
                return Ok(Some((p, Some(credential))));
            }
        }
        let found = self.principal_by_token(token_sha256).await?;
        let mut held = self.write_principals.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match &found {
            Some(p) => {
                if held.len() >= crate::WRITE_PRINCIPALS_HELD {
                    held.clear();
                }
                held.insert(token_sha256.to_string(), p.clone());
            }
            None => {
                held.remove(token_sha256);
            }
        }
        Ok(found.map(|p| (p, None)))
    }

    async fn principals(&self) -> Result<Vec<Principal>, StoreError> {
        // `COLLATE "C"`: bytewise, as SQLite orders them, whatever the database's collation.
        const SQL: &str = concat!("SELECT ", principal_columns!(), " FROM tokens t ORDER BY t.name COLLATE \"C\"");
        rows(&self.conn().await?, SQL, &[]).await?.iter().map(|r| principal_from_row(r, 0)).collect()
    }

    async fn create_session(
        &self,
        session_sha256: &str,
        principal: &str,
        csrf: &str,
        expires_at_ms: i64,
    ) -> Result<(), StoreError> {
        let (session_sha256, principal, csrf) = (session_sha256.to_string(), principal.to_string(), csrf.to_string());
        let now_ms = foureyes_store::door_ms();
        in_tx!(self, |w| async move {
            ops::check_signin_live(w, &principal, now_ms).await?;
            exec(
                w.c(),
                "INSERT INTO sessions (session_hash, principal, csrf, expires_ms) VALUES ($1, $2, $3, $4)",
                &[&session_sha256, &principal, &csrf, &expires_at_ms],
            )
            .await?;
            ops::journal_session_opened(w, &session_sha256, &principal, &csrf, expires_at_ms, now_ms).await
        })
    }

    async fn session(&self, session_sha256: &str, now_ms: i64) -> Result<Option<Session>, StoreError> {
        // One statement: the session and its principal, who must still hold a live credential.
        const SQL: &str = concat!(
            "SELECT s.csrf, s.expires_ms, ",
            principal_columns!(),
            " FROM sessions s JOIN tokens t ON t.name = s.principal
             WHERE s.session_hash = $1 AND s.expires_ms > $2 AND t.revoked_ms IS NULL"
        );
        let Some(r) = row(&self.conn().await?, SQL, &[&session_sha256, &now_ms]).await? else { return Ok(None) };
        let session = Session { principal: principal_from_row(&r, 2)?, csrf: get(&r, 0)?, expires_at_ms: get(&r, 1)? };
        // The session itself, as the journal opened it (S5), and its principal (ADR-180): checked after a catch-up
        // when either differs or when a credential event lies after what this replica applied.
        let differs = {
            let handles = self.read_handles();
            let known = handles.signins.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            let binding = foureyes_core::event::token_binding(session_sha256);
            ops::session_differs(&session.principal.name, &session.csrf, session.expires_at_ms, known.get(&binding))
                .is_some()
        } || {
            let handles = self.read_handles();
            let known = handles.credentials.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            ops::principal_differs(&session.principal, None, known.get(&session.principal.name)).is_some()
        };
        let behind = !differs && {
            let applied = self.read_handles().applied.load(std::sync::atomic::Ordering::Acquire) as i64;
            scalar::<bool>(&self.conn().await?, CREDENTIAL_EVENTS_AFTER, &[&applied]).await?
        };
        if !differs && !behind {
            return Ok(Some(session));
        }
        // Checked as read again under the chain-head lock (ADR-1220): a sign-out or a revocation committed after the
        // read above is no hand edit — the row is gone, and the cookie signs nobody in.
        const SESSION_ROW: &str =
            "SELECT principal, csrf, expires_ms FROM sessions WHERE session_hash = $1 AND expires_ms > $2";
        let session_sha256 = session_sha256.to_string();
        in_tx!(self, |w| async move {
            w.flush().await?;
            let session_row = match row(w.c(), SESSION_ROW, &[&session_sha256, &now_ms]).await? {
                Some(r) => Some(ops::SessionRow { name: get(&r, 0)?, csrf: get(&r, 1)?, expires_at_ms: get(&r, 2)? }),
                None => None,
            };
            let principal = match &session_row {
                Some(s) => {
                    row(w.c(), PRINCIPAL_ROW, &[&s.name]).await?.map(|r| principal_from_row(&r, 0)).transpose()?
                }
                None => None,
            };
            ops::checked_session(w, &session_sha256, session_row, principal, now_ms).await
        })
    }

    async fn delete_session(&self, session_sha256: &str) -> Result<(), StoreError> {
        let (session_sha256, now_ms) = (session_sha256.to_string(), foureyes_store::door_ms());
        in_tx!(self, |w| async move {
            if exec(w.c(), "DELETE FROM sessions WHERE session_hash = $1", &[&session_sha256]).await? > 0 {
                ops::journal_session_closed(w, &session_sha256, now_ms).await?;
            }
            Ok(())
        })
    }

    async fn create_signin_code(
        &self,
        code_sha256: &str,
        principal: &str,
        expires_at_ms: i64,
    ) -> Result<(), StoreError> {
        let (code_sha256, principal) = (code_sha256.to_string(), principal.to_string());
        let now_ms = foureyes_store::door_ms();
        in_tx!(self, |w| async move {
            exec(
                w.c(),
                "INSERT INTO signin_codes (code_hash, principal, expires_ms) VALUES ($1, $2, $3)",
                &[&code_sha256, &principal, &expires_at_ms],
            )
            .await?;
            ops::journal_signin_code_issued(w, &code_sha256, &principal, expires_at_ms, now_ms).await
        })
    }

    async fn redeem_signin_code(&self, code_sha256: &str, now_ms: i64) -> Result<Option<Principal>, StoreError> {
        // Single use across replicas: the conditional UPDATE succeeds for exactly one caller, and the code is
        // refused with its reason, unspent, when its principal has since been revoked (ADR-1222), as on SQLite.
        const USE: &str = "UPDATE signin_codes SET used_ms = $1
                           WHERE code_hash = $2 AND used_ms IS NULL AND expires_ms > $1
                           RETURNING principal, expires_ms";
        const PRINCIPAL: &str =
            concat!("SELECT ", principal_columns!(), " FROM tokens t WHERE t.name = $1 AND t.revoked_ms IS NULL");
        // A link of a name revoked since it was issued is refused with that reason, and not spent (ADR-1222).
        const PENDING: &str =
            "SELECT principal FROM signin_codes WHERE code_hash = $1 AND used_ms IS NULL AND expires_ms > $2";
        let code_sha256 = code_sha256.to_string();
        in_tx!(self, |w| async move {
            w.flush().await?;
            if let Some(pending) = row(w.c(), PENDING, &[&code_sha256, &now_ms]).await? {
                let name: String = get(&pending, 0)?;
                ops::check_code_live(w, &code_sha256, &name, now_ms).await?;
            }
            let Some(used) = row(w.c(), USE, &[&now_ms, &code_sha256]).await? else { return Ok(None) };
            let (name, expires_at_ms): (String, i64) = (get(&used, 0)?, get(&used, 1)?);
            // Only a code the journal issued, and has not seen used, signs anyone in (S6).
            ops::redeem_signin_code(w, &code_sha256, &name, expires_at_ms, now_ms).await?;
            row(w.c(), PRINCIPAL, &[&name]).await?.map(|r| principal_from_row(&r, 0)).transpose()
        })
    }

    async fn accept_totp_step(&self, principal: &str, step: u64) -> Result<bool, StoreError> {
        // Under the chain-head lock, journaled with the row's conditional UPDATE (ADR-1160): of two replicas
        // accepting one code, one wins; a row set back by hand lets no code be used twice.
        let name = principal.to_string();
        let now_ms = foureyes_store::door_ms();
        in_tx!(self, |w| ops::accept_totp_step(w, &name, step, now_ms))
    }
}
