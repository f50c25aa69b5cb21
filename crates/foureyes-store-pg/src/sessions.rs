//! Session trust on PostgreSQL: one function per function of the SQLite backend's `sqlite/sessions.rs`, with the
//! same semantics and the same journal event data. Write functions run under the chain-head lock (see `db.rs`), so
//! a demotion committed by one replica holds every later decide on every replica.

use crate::db::{Tx, exec, get, row, rows, scalar};
use deadpool_postgres::GenericClient;
use foureyes_core::event::{self as ev, EventData};
use foureyes_core::pipeline::denials_since_ms;
use foureyes_core::{ActionRequest, DecisionId, DemotionRecord, DemotionStatus, NewDemotion, Policy, TrustSignal};
use foureyes_store::StoreError;
use serde_json::json;
use std::collections::BTreeMap;
use tokio_postgres::Row;

/// Longest accepted `why` of a restore, in bytes (as on SQLite).
const MAX_WHY_BYTES: usize = 1000;

const COLUMNS: &str =
    "id, agent, session, signal, reason, decision_id, started_ms, until_ms, status, ended_ms, ended_by, ended_reason";

fn from_row(r: &Row) -> Result<DemotionRecord, StoreError> {
    let session: String = get(r, 2)?;
    let signal: String = get(r, 3)?;
    let status: String = get(r, 8)?;
    Ok(DemotionRecord {
        demotion_id: get(r, 0)?,
        agent: get(r, 1)?,
        session: Some(session).filter(|s| !s.is_empty()),
        signal: TrustSignal::parse(&signal)
            .ok_or_else(|| StoreError::Backend(format!("stored demotion signal `{signal}`")))?,
        reason: get(r, 4)?,
        decision_id: get(r, 5)?,
        started_at_ms: get(r, 6)?,
        until_ms: get(r, 7)?,
        status: DemotionStatus::parse(&status)
            .ok_or_else(|| StoreError::Backend(format!("stored demotion status `{status}`")))?,
        ended_at_ms: get(r, 9)?,
        ended_by: get(r, 10)?,
        ended_reason: get(r, 11)?,
    })
}

/// The session as stored: `''` for a request without a session id.
pub(crate) fn session_key(session: Option<&str>) -> &str {
    session.unwrap_or_default()
}

async fn expire(w: &mut Tx<'_>, d: &mut DemotionRecord, now_ms: i64) -> Result<(), StoreError> {
    exec(
        w.c(),
        "UPDATE session_demotions SET status = 'expired', ended_ms = $1 WHERE id = $2",
        &[&d.until_ms, &d.demotion_id],
    )
    .await?;
    w.append(
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
    )
    .await?;
    d.status = DemotionStatus::Expired;
    d.ended_at_ms = Some(d.until_ms);
    Ok(())
}

async fn active_for_write(
    w: &mut Tx<'_>,
    agent: &str,
    session: Option<&str>,
    now_ms: i64,
) -> Result<Vec<DemotionRecord>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM session_demotions WHERE agent = $1 AND session IN ($2, '') AND status = 'active' ORDER BY id"
    );
    let found = rows(w.c(), &sql, &[&agent, &session_key(session)]).await?;
    let mut active = Vec::new();
    for r in &found {
        let mut d = from_row(r)?;
        if d.is_active(now_ms) {
            active.push(d);
        } else {
            expire(w, &mut d, now_ms).await?;
        }
    }
    Ok(active)
}

pub(crate) async fn snapshot_part(
    w: &mut Tx<'_>,
    policy: &Policy,
    request: &ActionRequest,
    now_ms: i64,
) -> Result<(Option<DemotionRecord>, u64), StoreError> {
    let session = request.session.as_deref();
    let demotion = active_for_write(w, &request.agent, session, now_ms).await?.into_iter().max_by_key(|d| d.until_ms);
    let last = row(
        w.c(),
        &format!("SELECT {COLUMNS} FROM session_demotions WHERE agent = $1 AND session = $2 ORDER BY id DESC LIMIT 1"),
        &[&request.agent, &session_key(session)],
    )
    .await?
    .map(|r| from_row(&r))
    .transpose()?;
    let denials = match denials_since_ms(policy, now_ms, last.map(|d| d.ends_at_ms())) {
        None => 0,
        Some(since_ms) => {
            let count: i64 = scalar(
                w.c(),
                "SELECT COUNT(*) FROM decisions WHERE agent = $1 AND session = $2 AND session_denial AND decided_ms >= $3",
                &[&request.agent, &session_key(session), &since_ms],
            )
            .await?;
            count as u64
        }
    };
    Ok((demotion, denials))
}

pub(crate) async fn start(
    w: &mut Tx<'_>,
    request: &ActionRequest,
    decision_id: DecisionId,
    new: &NewDemotion,
    now_ms: i64,
) -> Result<(), StoreError> {
    let id: i64 = scalar(
        w.c(),
        "INSERT INTO session_demotions (id, agent, session, signal, reason, decision_id, started_ms, until_ms, status)
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM session_demotions), $1, $2, $3, $4, $5, $6, $7, 'active')
         RETURNING id",
        &[
            &request.agent,
            &session_key(request.session.as_deref()),
            &new.signal.as_str(),
            &new.reason,
            &decision_id,
            &now_ms,
            &new.until_ms,
        ],
    )
    .await?;
    w.append(
        now_ms,
        EventData::SessionDemoted(ev::SessionDemoted {
            demotion_id: id,
            agent: request.agent.clone(),
            session: request.session.clone(),
            signal: new.signal,
            reason: new.reason.clone(),
            decision_id,
            until_ms: new.until_ms,
        }),
    )
    .await?;
    Ok(())
}

pub(crate) async fn restore(
    w: &mut Tx<'_>,
    agent: &str,
    session: Option<&str>,
    by: &str,
    why: &str,
    now_ms: i64,
) -> Result<DemotionRecord, StoreError> {
    let input = json!({"agent": agent, "session": session, "why": why});
    if why.trim().is_empty() || why.len() > MAX_WHY_BYTES || why.chars().any(char::is_control) {
        let message = format!("a restore needs a reason (`why`): 1 to {MAX_WHY_BYTES} bytes of printable text");
        return Err(crate::ops::refused(w, by, "bad_request", message, input, now_ms).await);
    }
    let active = active_for_write(w, agent, session, now_ms).await?;
    let Some(mut d) = active.into_iter().find(|d| d.session.as_deref() == session) else {
        let whose = match session {
            Some(s) => format!("session `{s}` of agent `{agent}`"),
            None => format!("agent `{agent}` (requests without a session id)"),
        };
        return Err(StoreError::NotFound(format!("{whose} is not demoted")));
    };
    exec(
        w.c(),
        "UPDATE session_demotions SET status = 'restored', ended_ms = $1, ended_by = $2, ended_reason = $3 WHERE id = $4",
        &[&now_ms, &by, &why, &d.demotion_id],
    )
    .await?;
    w.append(
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
    )
    .await?;
    d.status = DemotionStatus::Restored;
    d.ended_at_ms = Some(now_ms);
    d.ended_by = Some(by.to_string());
    d.ended_reason = Some(why.to_string());
    Ok(d)
}

pub(crate) async fn list(
    c: &impl GenericClient,
    active_only: bool,
    now_ms: i64,
) -> Result<Vec<DemotionRecord>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM session_demotions WHERE (NOT $1 OR (status = 'active' AND until_ms > $2))
         ORDER BY id DESC LIMIT 1000"
    );
    rows(c, &sql, &[&active_only, &now_ms])
        .await?
        .iter()
        .map(|r| {
            from_row(r).map(|mut d| {
                d.status = d.effective_status(now_ms);
                d
            })
        })
        .collect()
}

pub(crate) async fn table_state(c: &impl GenericClient) -> Result<BTreeMap<i64, String>, StoreError> {
    let found = rows(c, "SELECT id, status, until_ms FROM session_demotions", &[]).await?;
    found
        .iter()
        .map(|r| Ok((get::<i64>(r, 0)?, format!("{} until {}", get::<String>(r, 1)?, get::<i64>(r, 2)?))))
        .collect()
}
