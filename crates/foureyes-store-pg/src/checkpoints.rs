//! Signed checkpoints in the PostgreSQL journal: finding the newest and reading the event hashes the Merkle tree is
//! built over (journaling one is `foureyes_store::ops::record_checkpoint`, under the chain-head lock).

use crate::db::{get, row, rows, seq_param};
use deadpool_postgres::GenericClient;
use foureyes_store::{CheckpointRecord, StoreError};

/// The newest `checkpoint` event's record (a backwards walk of the primary key that stops at the first one).
pub(crate) async fn last(c: &impl GenericClient) -> Result<Option<CheckpointRecord>, StoreError> {
    let found = row(c, "SELECT data FROM journal WHERE kind = 'checkpoint' ORDER BY seq DESC LIMIT 1", &[]).await?;
    let Some(found) = found else { return Ok(None) };
    let data: String = get(&found, 0)?;
    serde_json::from_str(&data)
        .map(Some)
        .map_err(|e| StoreError::Backend(format!("stored checkpoint is not valid: {e}")))
}

/// Every `tool_pinned` event's pin, in journal order.
pub(crate) async fn tool_pins(c: &impl GenericClient) -> Result<Vec<foureyes_core::tool_pin::ToolPinned>, StoreError> {
    let found = rows(c, "SELECT data FROM journal WHERE kind = 'tool_pinned' ORDER BY seq", &[]).await?;
    let mut out = Vec::with_capacity(found.len());
    for row in &found {
        let data: String = get(row, 0)?;
        out.push(
            serde_json::from_str(&data)
                .map_err(|e| StoreError::Backend(format!("stored tool pin is not valid: {e}")))?,
        );
    }
    Ok(out)
}

/// When each decision's connector was started: the first `connector_started` event of each (ADR-321).
pub(crate) async fn connector_starts(
    c: &impl GenericClient,
) -> Result<std::collections::BTreeMap<foureyes_core::DecisionId, i64>, StoreError> {
    let found = rows(c, "SELECT ts_ms, data FROM journal WHERE kind = 'connector_started' ORDER BY seq", &[]).await?;
    let mut out = std::collections::BTreeMap::new();
    for row in &found {
        let ts_ms: i64 = get(row, 0)?;
        let data: String = get(row, 1)?;
        let started: foureyes_core::event::ConnectorStarted = serde_json::from_str(&data)
            .map_err(|e| StoreError::Backend(format!("stored connector start is not valid: {e}")))?;
        out.entry(started.decision_id).or_insert(ts_ms);
    }
    Ok(out)
}

/// The hashes of events `after_seq < seq <= upto_seq`, checked to be consecutive, a page at a time.
pub(crate) async fn hashes(c: &impl GenericClient, after_seq: u64, upto_seq: u64) -> Result<Vec<String>, StoreError> {
    const PAGE: i64 = 50_000;
    let mut out = Vec::new();
    let (mut after, upto) = (seq_param(after_seq)?, seq_param(upto_seq)?);
    while after < upto {
        let page = rows(
            c,
            "SELECT seq, hash FROM journal WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3",
            &[&after, &upto, &PAGE],
        )
        .await?;
        if page.is_empty() {
            break;
        }
        for r in &page {
            let seq: i64 = get(r, 0)?;
            if seq != after + 1 {
                return Err(StoreError::Backend(format!("journal seq {seq} found where seq {} belongs", after + 1)));
            }
            after = seq;
            out.push(get(r, 1)?);
        }
    }
    Ok(out)
}
