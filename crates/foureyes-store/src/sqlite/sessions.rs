//! Session trust on SQLite: the demotion holding a request's session (read, and expired when its cooling period
//! has passed, inside the deciding transaction), the session's denial count, starting a demotion with the decision
//! that observed its signal, an admin's early restore, and the list. The PostgreSQL backend mirrors each function.

use super::ops::{append, refused};
use crate::StoreError;
use foureyes_core::event::{self as ev, EventData};
use foureyes_core::pipeline::denials_since_ms;
use foureyes_core::{ActionRequest, DecisionId, DemotionRecord, DemotionStatus, NewDemotion, Policy, TrustSignal};
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::json;

/// Longest accepted `why` of a restore, in bytes.
pub const MAX_WHY_BYTES: usize = 1000;

const COLUMNS: &str =
    "id, agent, session, signal, reason, decision_id, started_ms, until_ms, status, ended_ms, ended_by, ended_reason";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Result<DemotionRecord, StoreError>> {
    let session: String = r.get(2)?;
    let signal: String = r.get(3)?;
    let status: String = r.get(8)?;
    let record = (r.get(0)?, r.get(1)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(9)?, r.get(10)?, r.get(11)?);
    let (demotion_id, agent, reason, decision_id, started_at_ms, until_ms, ended_at_ms, ended_by, ended_reason) =
        record;
    Ok((|| {
        Ok(DemotionRecord {
            demotion_id,
            agent,
            session: Some(session).filter(|s| !s.is_empty()),
            signal: TrustSignal::parse(&signal)
                .ok_or_else(|| StoreError::Backend(format!("stored demotion signal `{signal}`")))?,
            reason,
            decision_id,
            started_at_ms,
            until_ms,
            status: DemotionStatus::parse(&status)
                .ok_or_else(|| StoreError::Backend(format!("stored demotion status `{status}`")))?,
            ended_at_ms,
            ended_by,
            ended_reason,
        })
    })())
}

/// The session as stored: `''` for a request without a session id.
pub(crate) fn session_key(session: Option<&str>) -> &str {
    session.unwrap_or_default()
}

/// Marks a demotion whose cooling period has passed as expired, journaled (`session_restored`, `cause: expired`).
/// It ended at `until_ms`, whichever write noticed it.
fn expire(c: &Connection, d: &mut DemotionRecord, now_ms: i64) -> Result<(), StoreError> {
    c.execute(
        "UPDATE session_demotions SET status = 'expired', ended_ms = ?1 WHERE id = ?2",
        params![d.until_ms, d.demotion_id],
    )?;
    append(
        c,
        now_ms,
        EventData::SessionRestored(ev::SessionRestored {
            demotion_id: d.demotion_id,
            agent: d.agent.clone(),
            session: d.session.clone(),
            cause: ev::RestoreCause::Expired,
            by: None,
            why: None,
            until_ms: d.until_ms,
        }),
    )?;
    d.status = DemotionStatus::Expired;
    d.ended_at_ms = Some(d.until_ms);
    Ok(())
}

/// The active demotions of `(agent, session)` and of the agent's sessionless requests, after expiring (journaled)
/// those whose cooling period has passed. Runs inside a write transaction.
fn active_for_write(
    c: &Connection,
    agent: &str,
    session: Option<&str>,
    now_ms: i64,
) -> Result<Vec<DemotionRecord>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM session_demotions WHERE agent = ?1 AND session IN (?2, '') AND status = 'active' ORDER BY id"
    );
    let mut stmt = c.prepare_cached(&sql)?;
    let rows: Vec<DemotionRecord> = stmt
        .query_map(params![agent, session_key(session)], from_row)?
        .map(|r| r?)
        .collect::<Result<_, StoreError>>()?;
    let mut active = Vec::new();
    for mut d in rows {
        if d.is_active(now_ms) {
            active.push(d);
        } else {
            expire(c, &mut d, now_ms)?;
        }
    }
    Ok(active)
}

/// What the snapshot needs: the demotion holding the request (the one that lasts longest, when both the session and
/// the whole agent are demoted) and the session's denials since the policy says to count them.
pub(crate) fn snapshot_part(
    c: &Connection,
    policy: &Policy,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<(Option<DemotionRecord>, u64), StoreError> {
    let session = request.session.as_deref();
    let demotion = active_for_write(c, &request.agent, session, now_ms)?.into_iter().max_by_key(|d| d.until_ms);
    let last: Option<DemotionRecord> = c
        .query_row(
            &format!(
                "SELECT {COLUMNS} FROM session_demotions WHERE agent = ?1 AND session = ?2 ORDER BY id DESC LIMIT 1"
            ),
            params![request.agent, session_key(session)],
            from_row,
        )
        .optional()?
        .transpose()?;
    let denials = match denials_since_ms(policy, now_ms, last.map(|d| d.ends_at_ms())) {
        None => 0,
        Some(since_ms) => c.query_row(
            "SELECT COUNT(*) FROM decisions WHERE agent = ?1 AND session = ?2 AND session_denial = 1 AND decided_ms >= ?3",
            params![request.agent, session_key(session), since_ms],
            |r| r.get::<_, i64>(0),
        )? as u64,
    };
    Ok((demotion, denials))
}

/// Starts the demotion a decision observed, journaled (`session_demoted`) right after the decision.
pub(crate) fn start(
    c: &Connection,
    request: &ActionRequest,
    decision_id: DecisionId,
    new: &NewDemotion,
    now_ms: i64,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO session_demotions (agent, session, signal, reason, decision_id, started_ms, until_ms, status)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'active')",
        params![
            request.agent,
            session_key(request.session.as_deref()),
            new.signal.as_str(),
            new.reason,
            decision_id,
            now_ms,
            new.until_ms
        ],
    )?;
    append(
        c,
        now_ms,
        EventData::SessionDemoted(ev::SessionDemoted {
            demotion_id: c.last_insert_rowid(),
            agent: request.agent.clone(),
            session: request.session.clone(),
            signal: new.signal,
            reason: new.reason.clone(),
            decision_id,
            until_ms: new.until_ms,
        }),
    )?;
    Ok(())
}

/// An admin's early restore of `(agent, session)`: exactly that session's demotion (restoring a session does not
/// lift a demotion of the whole agent, which is restored by naming no session).
pub(crate) fn restore(
    c: &Connection,
    agent: &str,
    session: Option<&str>,
    by: &str,
    why: &str,
    now_ms: i64,
) -> Result<DemotionRecord, StoreError> {
    let input = json!({"agent": agent, "session": session, "why": why});
    if why.trim().is_empty() || why.len() > MAX_WHY_BYTES || why.chars().any(char::is_control) {
        let message = format!("a restore needs a reason (`why`): 1 to {MAX_WHY_BYTES} bytes of printable text");
        return Err(refused(c, by, "bad_request", message, input, now_ms));
    }
    let active = active_for_write(c, agent, session, now_ms)?;
    let Some(mut d) = active.into_iter().find(|d| d.session.as_deref() == session) else {
        let whose = match session {
            Some(s) => format!("session `{s}` of agent `{agent}`"),
            None => format!("agent `{agent}` (requests without a session id)"),
        };
        return Err(StoreError::NotFound(format!("{whose} is not demoted")));
    };
    c.execute(
        "UPDATE session_demotions SET status = 'restored', ended_ms = ?1, ended_by = ?2, ended_reason = ?3 WHERE id = ?4",
        params![now_ms, by, why, d.demotion_id],
    )?;
    append(
        c,
        now_ms,
        EventData::SessionRestored(ev::SessionRestored {
            demotion_id: d.demotion_id,
            agent: d.agent.clone(),
            session: d.session.clone(),
            cause: ev::RestoreCause::Admin,
            by: Some(by.to_string()),
            why: Some(why.to_string()),
            until_ms: d.until_ms,
        }),
    )?;
    d.status = DemotionStatus::Restored;
    d.ended_at_ms = Some(now_ms);
    d.ended_by = Some(by.to_string());
    d.ended_reason = Some(why.to_string());
    Ok(d)
}

/// Demotions, newest first, with their status as of `now_ms` (a read never writes the expiry event).
pub(crate) fn list(c: &Connection, active_only: bool, now_ms: i64) -> Result<Vec<DemotionRecord>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM session_demotions WHERE (?1 = 0 OR (status = 'active' AND until_ms > ?2))
         ORDER BY id DESC LIMIT 1000"
    );
    let mut stmt = c.prepare(&sql)?;
    let rows = stmt.query_map(params![active_only, now_ms], from_row)?;
    rows.map(|r| {
        r?.map(|mut d| {
            d.status = d.effective_status(now_ms);
            d
        })
    })
    .collect()
}

/// Demotion id → `"<status> until <until_ms>"`, for the audit.
pub(crate) fn table_state(c: &Connection) -> Result<std::collections::BTreeMap<i64, String>, StoreError> {
    let mut stmt = c.prepare("SELECT id, status, until_ms FROM session_demotions")?;
    let rows = stmt.query_map([], |r| {
        Ok((r.get::<_, i64>(0)?, format!("{} until {}", r.get::<_, String>(1)?, r.get::<_, i64>(2)?)))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
