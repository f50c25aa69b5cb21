//! `journal audit`'s scratch store on SQLite (issue 14, ADR-1092): a private temporary database (SQLite's own, opened
//! by the empty name: created in SQLite's temporary directory — `SQLITE_TMPDIR`, else `TMPDIR`, else `/var/tmp` or
//! `/tmp` — and deleted as soon as it is opened, so nothing is left after the audit, whatever way it ends). Its page
//! cache is bounded; the rest is on disk. One table of key and value bytes, in one transaction that is never
//! committed (no journal, no sync: nothing in it must survive).

use foureyes_store::StoreError;
use foureyes_store::replay::Replayed;
use foureyes_store::spill::Scratch;
use rusqlite::{Connection, OptionalExtension, params};

/// The audit's scratch store's page cache, KiB.
pub(crate) const CACHE_KIB: i64 = 8 * 1024;

/// Bytes of rows (and of seal texts) each in-memory generation of the audit holds before the older one spills: the
/// audit holds at most about twice this of each in memory (ADR-1092). `FOUREYES_AUDIT_GENERATION_BYTES` overrides it
/// (0 spills every entry as soon as another comes: the tests run the audit so, to take every path through the
/// scratch store).
pub(crate) const GENERATION_BYTES: usize = 8 << 20;

/// [`GENERATION_BYTES`], or `FOUREYES_AUDIT_GENERATION_BYTES` when set. A value that is not a whole number of bytes
/// is an error that names it, not the default taken silently (attack 34: `-1` and `abc` were accepted).
pub(crate) fn generation_bytes() -> Result<usize, StoreError> {
    generation_bytes_from(std::env::var("FOUREYES_AUDIT_GENERATION_BYTES").ok())
}

fn generation_bytes_from(set: Option<String>) -> Result<usize, StoreError> {
    match set {
        None => Ok(GENERATION_BYTES),
        Some(v) => v.trim().parse().map_err(|_| {
            StoreError::InvalidState(format!(
                "FOUREYES_AUDIT_GENERATION_BYTES is `{v}`: it takes a whole number of bytes (0 or more; unset: {})",
                GENERATION_BYTES
            ))
        }),
    }
}

/// The replay `journal audit` fills: its rows spill to a fresh scratch store beyond `generation_bytes` a
/// generation, the store's page cache `cache_kib` KiB.
pub(crate) fn audit_replay(generation_bytes: usize, cache_kib: i64) -> Result<Replayed, StoreError> {
    let scratch = SqliteScratch::open(cache_kib).map_err(StoreError::Backend)?;
    Ok(Replayed::spilling(Box::new(scratch), generation_bytes))
}

/// See the module documentation.
pub(crate) struct SqliteScratch {
    c: Connection,
}

fn text(e: rusqlite::Error) -> String {
    e.to_string()
}

impl SqliteScratch {
    /// A fresh scratch store with a page cache of `cache_kib` KiB.
    pub(crate) fn open(cache_kib: i64) -> Result<SqliteScratch, String> {
        let c = Connection::open("").map_err(text)?;
        c.execute_batch(&format!(
            "PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; \
             PRAGMA cache_size = -{cache_kib}; \
             CREATE TABLE spill (k BLOB PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID; BEGIN"
        ))
        .map_err(text)?;
        Ok(SqliteScratch { c })
    }
}

impl Scratch for SqliteScratch {
    fn put(&mut self, key: &[u8], value: &[u8]) -> Result<(), String> {
        let mut stmt = self.c.prepare_cached("INSERT OR REPLACE INTO spill (k, v) VALUES (?1, ?2)").map_err(text)?;
        stmt.execute(params![key, value]).map_err(text)?;
        Ok(())
    }

    fn take(&mut self, key: &[u8]) -> Result<Option<Vec<u8>>, String> {
        let mut stmt = self.c.prepare_cached("DELETE FROM spill WHERE k = ?1 RETURNING v").map_err(text)?;
        stmt.query_row(params![key], |r| r.get(0)).optional().map_err(text)
    }

    fn for_each(&mut self, tag: Option<u8>, f: &mut dyn FnMut(&[u8], &[u8])) -> Result<(), String> {
        let (sql, bounds): (&str, Vec<Vec<u8>>) = match tag {
            // Keys starting with `tag`: from [tag] up to [tag + 1] (or to the end for 255).
            Some(255) => ("SELECT k, v FROM spill WHERE k >= ?1 ORDER BY k", vec![vec![255]]),
            Some(tag) => ("SELECT k, v FROM spill WHERE k >= ?1 AND k < ?2 ORDER BY k", vec![vec![tag], vec![tag + 1]]),
            None => ("SELECT k, v FROM spill ORDER BY k", Vec::new()),
        };
        let mut stmt = self.c.prepare_cached(sql).map_err(text)?;
        let mut rows = stmt.query(rusqlite::params_from_iter(bounds.iter())).map_err(text)?;
        while let Some(r) = rows.next().map_err(text)? {
            let key = r.get_ref(0).and_then(|v| v.as_blob().map_err(Into::into)).map_err(text)?;
            let value = r.get_ref(1).and_then(|v| v.as_blob().map_err(Into::into)).map_err(text)?;
            f(key, value);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use foureyes_store::conformance::{replay_soak_create, resident_bytes};

    #[test]
    fn attack34_an_audit_budget_that_is_not_a_byte_count_is_an_error_naming_it() {
        for bad in ["-1", "abc", "", "1.5"] {
            let e = super::generation_bytes_from(Some(bad.to_string())).unwrap_err().to_string();
            assert!(e.contains("FOUREYES_AUDIT_GENERATION_BYTES") && e.contains(&format!("`{bad}`")), "{bad}: {e}");
        }
        assert_eq!(super::generation_bytes_from(Some(" 300 ".into())).unwrap(), 300);
        assert_eq!(super::generation_bytes_from(None).unwrap(), super::GENERATION_BYTES);
    }

    /// Issue 14, ADR-1092 (RED before: `journal audit`'s replay held every row the journal made in memory, ~1,240
    /// bytes of resident memory per decision of this kind, and the audit's peak grew ~490 bytes per event of the
    /// soak's mix: 664 MiB at 1.29M events): the replay `journal audit` fills holds no more as the history grows —
    /// from 30,000 decisions to 60,000 its resident set grows by less than 100 bytes a decision (its two in-memory
    /// generations of 256 KiB and its scratch store's 1 MiB page cache are full by the first 30,000).
    #[test]
    fn the_audits_replay_does_not_grow_with_the_history() {
        const N: i64 = 30_000;
        let mut replayed = audit_replay(256 << 10, 1024).unwrap();
        (1..=N).for_each(|id| replay_soak_create(&mut replayed, id, true));
        let before = resident_bytes();
        (N + 1..=2 * N).for_each(|id| replay_soak_create(&mut replayed, id, true));
        let per_decision = (resident_bytes() - before) / N;
        assert!(per_decision < 100, "{per_decision} bytes of resident memory per decision");
        assert!(replayed.problems.is_empty(), "{:?}", replayed.problems);
        assert_eq!(replayed.scratch_error(), None);
    }

    /// The scratch store keeps, gives back once, and lists by tag what it is given; its file is nowhere by name.
    #[test]
    fn the_scratch_store_keeps_and_gives_back() {
        let mut s = SqliteScratch::open(64).unwrap();
        for (k, v) in [(&[1u8, 9][..], &b"a"[..]), (&[1, 2], b"b"), (&[2, 1], b"c"), (&[255, 0], b"d")] {
            s.put(k, v).unwrap();
        }
        s.put(&[1, 2], b"B").unwrap();
        let mut seen = Vec::new();
        s.for_each(Some(1), &mut |k, v| seen.push((k.to_vec(), v.to_vec()))).unwrap();
        assert_eq!(seen, vec![(vec![1, 2], b"B".to_vec()), (vec![1, 9], b"a".to_vec())]);
        seen.clear();
        s.for_each(Some(255), &mut |k, v| seen.push((k.to_vec(), v.to_vec()))).unwrap();
        assert_eq!(seen, vec![(vec![255, 0], b"d".to_vec())]);
        assert_eq!(s.take(&[2, 1]).unwrap(), Some(b"c".to_vec()));
        assert_eq!(s.take(&[2, 1]).unwrap(), None);
        let mut n = 0;
        s.for_each(None, &mut |_, _| n += 1).unwrap();
        assert_eq!(n, 3);
        let file: Option<String> = s.c.query_row("PRAGMA database_list", [], |r| r.get(2)).unwrap();
        assert_eq!(file.as_deref().unwrap_or(""), "", "a temporary database has no name");
    }
}
