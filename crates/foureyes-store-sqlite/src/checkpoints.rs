//! Signed checkpoints in the SQLite journal: finding the newest and reading the event hashes the Merkle tree is
//! built over (journaling one is `foureyes_store::ops::record_checkpoint`).

use crate::Sql;
use foureyes_store::{CheckpointRecord, StoreError};
use rusqlite::{Connection, OptionalExtension, params};

/// The newest `checkpoint` event's record (a backwards walk by seq that stops at the first one).
pub(crate) fn last(c: &Connection) -> Result<Option<CheckpointRecord>, StoreError> {
    let data: Option<String> = c
        .query_row("SELECT data FROM journal WHERE kind = 'checkpoint' ORDER BY seq DESC LIMIT 1", [], |r| r.get(0))
        .optional()
        .sql()?;
    data.map(|d| {
        serde_json::from_str(&d).map_err(|e| StoreError::Backend(format!("stored checkpoint is not valid: {e}")))
    })
    .transpose()
}

/// Every `tool_pinned` event's pin, in journal order.
pub(crate) fn tool_pins(c: &Connection) -> Result<Vec<foureyes_core::tool_pin::ToolPinned>, StoreError> {
    let mut stmt = c.prepare_cached("SELECT data FROM journal WHERE kind = 'tool_pinned' ORDER BY seq").sql()?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0)).sql()?;
    let mut out = Vec::new();
    for data in rows {
        let data = data.sql()?;
        out.push(
            serde_json::from_str(&data)
                .map_err(|e| StoreError::Backend(format!("stored tool pin is not valid: {e}")))?,
        );
    }
    Ok(out)
}

/// When each decision's connector was started: the first `connector_started` event of each (ADR-321).
pub(crate) fn connector_starts(
    c: &Connection,
) -> Result<std::collections::BTreeMap<foureyes_core::DecisionId, i64>, StoreError> {
    let mut stmt =
        c.prepare_cached("SELECT ts_ms, data FROM journal WHERE kind = 'connector_started' ORDER BY seq").sql()?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))).sql()?;
    let mut out = std::collections::BTreeMap::new();
    for row in rows {
        let (ts_ms, data) = row.sql()?;
        let started: foureyes_core::event::ConnectorStarted = serde_json::from_str(&data)
            .map_err(|e| StoreError::Backend(format!("stored connector start is not valid: {e}")))?;
        out.entry(started.decision_id).or_insert(ts_ms);
    }
    Ok(out)
}

/// The hashes of events `after_seq < seq <= upto_seq`, checked to be consecutive.
pub(crate) fn hashes(c: &Connection, after_seq: u64, upto_seq: u64) -> Result<Vec<String>, StoreError> {
    let mut stmt = c.prepare_cached("SELECT seq, hash FROM journal WHERE seq > ?1 AND seq <= ?2 ORDER BY seq").sql()?;
    let (after, upto) = (i64::try_from(after_seq).unwrap_or(i64::MAX), i64::try_from(upto_seq).unwrap_or(i64::MAX));
    let rows = stmt.query_map(params![after, upto], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))).sql()?;
    let mut out = Vec::with_capacity(usize::try_from(upto_seq.saturating_sub(after_seq)).unwrap_or(0).min(1 << 24));
    for (expected, row) in (after + 1..).zip(rows) {
        let (seq, hash) = row.sql()?;
        if seq != expected {
            return Err(StoreError::Backend(format!("journal seq {seq} found where seq {expected} belongs")));
        }
        out.push(hash);
    }
    Ok(out)
}
