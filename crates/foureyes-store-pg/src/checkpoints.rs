//! Signed checkpoints in the PostgreSQL journal: journaling one under the chain-head lock (so replicas produce one
//! increasing sequence), finding the newest, and reading the event hashes the Merkle tree is built over.

use crate::db::{Tx, get, row, rows, seq_param};
use deadpool_postgres::GenericClient;
use foureyes_core::journal::EventKind;
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

/// Appends the checkpoint unless one at least as large is journaled. The caller holds the chain-head lock, so of
/// replicas racing with checkpoints of one journal, each size is journaled once and sizes only grow.
pub(crate) async fn record(
    w: &mut Tx<'_>,
    checkpoint: &CheckpointRecord,
    now_ms: i64,
) -> Result<Option<u64>, StoreError> {
    if last(w.c()).await?.is_some_and(|prev| prev.size >= checkpoint.size) {
        return Ok(None);
    }
    let data = serde_json::to_value(checkpoint).map_err(|e| StoreError::Backend(e.to_string()))?;
    Ok(Some(w.append(now_ms, EventKind::Checkpoint, data).await?.seq))
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
