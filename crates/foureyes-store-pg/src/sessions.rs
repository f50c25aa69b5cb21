//! Session trust on PostgreSQL: the rows (`session_demotions`) and the list. The transactions that read and write
//! them are `foureyes_store::ops` (session trust), over the dialect in `ops.rs`, under the chain-head lock (see
//! `db.rs`), so a demotion committed by one replica holds every later decide on every replica.

use crate::db::{get, rows};
use deadpool_postgres::GenericClient;
use foureyes_core::{DemotionRecord, DemotionStatus, TrustSignal};
use foureyes_store::StoreError;
use tokio_postgres::Row;

pub(crate) const COLUMNS: &str =
    "id, agent, session, signal, reason, decision_id, started_ms, until_ms, status, ended_ms, ended_by, ended_reason";

pub(crate) fn from_row(r: &Row) -> Result<DemotionRecord, StoreError> {
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
