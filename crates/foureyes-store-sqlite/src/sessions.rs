//! Session trust on SQLite: the rows (`session_demotions`) and the list. The transactions that read and write them
//! are `foureyes_store::ops` (session trust), over the dialect in `ops.rs`.

use super::Sql;
use foureyes_core::{DemotionRecord, DemotionStatus, TrustSignal};
use foureyes_store::StoreError;
use rusqlite::{Connection, Row, params};

pub(crate) const COLUMNS: &str =
    "id, agent, session, signal, reason, decision_id, started_ms, until_ms, status, ended_ms, ended_by, ended_reason";

pub(crate) fn from_row(r: &Row<'_>) -> rusqlite::Result<Result<DemotionRecord, StoreError>> {
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

/// Demotions, newest first, with their status as of `now_ms` (a read never writes the expiry event).
pub(crate) fn list(c: &Connection, active_only: bool, now_ms: i64) -> Result<Vec<DemotionRecord>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM session_demotions WHERE (?1 = 0 OR (status = 'active' AND until_ms > ?2))
         ORDER BY id DESC LIMIT 1000"
    );
    let mut stmt = c.prepare(&sql).sql()?;
    let rows = stmt.query_map(params![active_only, now_ms], from_row).sql()?;
    rows.map(|r| {
        r.sql()?.map(|mut d| {
            d.status = d.effective_status(now_ms);
            d
        })
    })
    .collect()
}
