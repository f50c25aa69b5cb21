//! `now` is never earlier than the journal's newest event (ADR-360), for every process that opens a store on the
//! command line: the `foureyes` commands, `foureyes task …` (change control opens its own store) and `serve` at
//! start (its steady clock starts from [`floor_ms`]). One process-wide floor, raised when a store is opened: a wall
//! clock set back (by hand, by NTP, across a restart) cannot re-open a window or a TTL the record has moved past,
//! nor stamp an event before the ones already on record.

use crate::{Store, StoreError};
use std::sync::atomic::{AtomicI64, Ordering};

static FLOOR_MS: AtomicI64 = AtomicI64::new(i64::MIN);

/// The wall clock, never earlier than the floor.
pub fn now_ms() -> i64 {
    jiff::Timestamp::now().as_millisecond().max(floor_ms())
}

/// The floor [`now_ms`] keeps to (`i64::MIN` before a store is opened or on an empty journal).
pub fn floor_ms() -> i64 {
    FLOOR_MS.load(Ordering::Relaxed)
}

/// Raises the floor to the newest event of `store`'s journal. When the wall clock is more than 1 s behind it,
/// returns the note the process prints on stderr (ADR-360: it says so).
pub async fn keep_at_or_after_journal<S: Store + ?Sized>(store: &S) -> Result<Option<String>, StoreError> {
    let Some(newest_ms) = store.journal_newest_ms().await? else { return Ok(None) };
    let wall_ms = jiff::Timestamp::now().as_millisecond();
    FLOOR_MS.fetch_max(newest_ms, Ordering::Relaxed);
    Ok((newest_ms > wall_ms + 1_000).then(|| {
        format!(
            "note: this machine's clock is {:.1} s behind the journal's newest event; time is read from the journal's \
             until the clock catches up (ADR-360)",
            (newest_ms - wall_ms) as f64 / 1000.0
        )
    }))
}
