//! A map of bytes to bytes whose memory is bounded: what `journal audit` holds of the journal's history (issue 14,
//! ADR-1092).
//!
//! The audit must hold every row the journal ever made until the tables are read (a row may change at any later
//! event, ADR-1058), and every settlement seal the journal gives a row until the rows' seals are read (ADR-896). In
//! memory that is ~500 bytes per event of history. A [`SpillMap`] given a [`Scratch`] (a backend's scratch store on
//! disk: SQLite's is a temporary database) keeps only the entries touched most recently in memory, in two
//! generations of at most `generation_bytes` each: when the young one is full, the old one is written to the scratch
//! store and the young one becomes old. An entry read again is taken back from wherever it is into the young
//! generation. An entry is in exactly one place: the young generation, the old one, or the scratch store. Without a
//! scratch store everything stays in memory (the map grows with what it holds, as before).

use std::collections::HashMap;
use std::fmt;

/// A backend's scratch store of entries (key and value bytes) on disk, private to one audit and gone after it.
pub trait Scratch: Send {
    /// Writes `value` under `key` (replacing any).
    fn put(&mut self, key: &[u8], value: &[u8]) -> Result<(), String>;
    /// Removes the entry under `key` and gives its value back.
    fn take(&mut self, key: &[u8]) -> Result<Option<Vec<u8>>, String>;
    /// Each entry whose key starts with byte `tag` (every entry when `None`), in key order.
    fn for_each(&mut self, tag: Option<u8>, f: &mut dyn FnMut(&[u8], &[u8])) -> Result<(), String>;
}

/// What an entry costs in memory beyond its key and value bytes (the map's slot, two allocations' headers): counted
/// so that many small entries fill a generation too.
const ENTRY_OVERHEAD: usize = 64;

type Generation = HashMap<Box<[u8]>, Box<[u8]>>;

/// See the module documentation.
#[derive(Default)]
pub struct SpillMap {
    young: Generation,
    old: Generation,
    young_bytes: usize,
    generation_bytes: usize,
    scratch: Option<Box<dyn Scratch>>,
    /// Whether any entry was ever written to the scratch store (until then a miss in memory is a miss).
    spilled: bool,
    /// The scratch store's first error: the map cannot say what it holds after it ([`SpillMap::error`]).
    error: Option<String>,
}

impl fmt::Debug for SpillMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SpillMap")
            .field("young", &self.young.len())
            .field("old", &self.old.len())
            .field("generation_bytes", &self.generation_bytes)
            .field("scratch", &self.scratch.is_some())
            .field("spilled", &self.spilled)
            .field("error", &self.error)
            .finish()
    }
}

fn cost(key: &[u8], value: &[u8]) -> usize {
    key.len() + value.len() + ENTRY_OVERHEAD
}

impl SpillMap {
    /// A map that holds everything in memory.
    pub fn in_memory() -> SpillMap {
        SpillMap::default()
    }

    /// A map that holds at most about `2 × generation_bytes` in memory and the rest in `scratch`.
    pub fn spilling(scratch: Box<dyn Scratch>, generation_bytes: usize) -> SpillMap {
        SpillMap { scratch: Some(scratch), generation_bytes, ..SpillMap::default() }
    }

    /// The scratch store's first error, if any: after one, what the map gives back is not to be trusted.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    fn failed(&mut self, e: String) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }

    /// Makes room for an entry of `bytes` in the young generation: when it would pass the bound, the old
    /// generation goes to the scratch store and the young one becomes old.
    fn make_room(&mut self, bytes: usize) {
        let Some(scratch) = self.scratch.as_mut() else { return };
        if self.young_bytes + bytes <= self.generation_bytes || self.young.is_empty() && self.old.is_empty() {
            return;
        }
        let mut failed = None;
        for (key, value) in self.old.drain() {
            if let Err(e) = scratch.put(&key, &value) {
                failed.get_or_insert(e);
            }
            self.spilled = true;
        }
        if let Some(e) = failed {
            self.failed(e);
        }
        self.old = std::mem::take(&mut self.young);
        self.young_bytes = 0;
    }

    /// Takes the entry under `key` out of wherever it is.
    pub fn take(&mut self, key: &[u8]) -> Option<Box<[u8]>> {
        if let Some(value) = self.young.remove(key) {
            self.young_bytes = self.young_bytes.saturating_sub(cost(key, &value));
            return Some(value);
        }
        if let Some(value) = self.old.remove(key) {
            return Some(value);
        }
        if !self.spilled {
            return None;
        }
        let scratch = self.scratch.as_mut()?;
        match scratch.take(key) {
            Ok(value) => value.map(Vec::into_boxed_slice),
            Err(e) => {
                self.failed(e);
                None
            }
        }
    }

    /// The entry under `key`, brought into the young generation.
    pub fn get(&mut self, key: &[u8]) -> Option<&[u8]> {
        if !self.young.contains_key(key) {
            let value = self.take(key)?;
            self.insert(key, value);
        }
        self.young.get(key).map(|v| &**v)
    }

    /// Sets the entry under `key` to what `f` makes of its value (`None`: there was none).
    pub fn update(&mut self, key: &[u8], f: impl FnOnce(Option<&[u8]>) -> Box<[u8]>) {
        let value = f(self.take(key).as_deref());
        self.insert(key, value);
    }

    /// Puts an entry that is nowhere else into the young generation.
    fn insert(&mut self, key: &[u8], value: Box<[u8]>) {
        let bytes = cost(key, &value);
        self.make_room(bytes);
        self.young_bytes += bytes;
        self.young.insert(key.into(), value);
    }

    /// Removes every entry whose key starts with byte `tag` and whose value `remove` says to.
    pub fn remove_where(&mut self, tag: u8, mut remove: impl FnMut(&[u8]) -> bool) {
        let mut gone = 0;
        self.young.retain(|k, v| {
            let go = k.first() == Some(&tag) && remove(v);
            if go {
                gone += cost(k, v);
            }
            !go
        });
        self.young_bytes = self.young_bytes.saturating_sub(gone);
        self.old.retain(|k, v| !(k.first() == Some(&tag) && remove(v)));
        if !self.spilled {
            return;
        }
        let Some(scratch) = self.scratch.as_mut() else { return };
        let mut keys = Vec::new();
        let scanned = scratch.for_each(Some(tag), &mut |k, v| {
            if remove(v) {
                keys.push(k.to_vec());
            }
        });
        let mut failed = scanned.err();
        for key in keys {
            if let Err(e) = scratch.take(&key) {
                failed.get_or_insert(e);
            }
        }
        if let Some(e) = failed {
            self.failed(e);
        }
    }

    /// Every entry left, memory's first (in no order), then the scratch store's (in key order); the map is empty
    /// after.
    pub fn drain(&mut self, mut f: impl FnMut(&[u8], &[u8])) {
        for (key, value) in self.young.drain().chain(self.old.drain()) {
            f(&key, &value);
        }
        self.young_bytes = 0;
        if !self.spilled {
            return;
        }
        let Some(scratch) = self.scratch.as_mut() else { return };
        if let Err(e) = scratch.for_each(None, &mut f) {
            self.failed(e);
        }
        // Whatever the scratch store holds was given: the store is dropped with the map.
        self.spilled = false;
        self.scratch = None;
    }

    /// How many entries are in memory (both generations).
    pub fn in_memory_len(&self) -> usize {
        self.young.len() + self.old.len()
    }
}

/// A [`Scratch`] in memory, for tests: the same contract as a backend's, so the spilling paths can be tested
/// without a backend.
#[derive(Debug, Default)]
pub struct MemoryScratch(pub std::collections::BTreeMap<Vec<u8>, Vec<u8>>);

impl Scratch for MemoryScratch {
    fn put(&mut self, key: &[u8], value: &[u8]) -> Result<(), String> {
        self.0.insert(key.to_vec(), value.to_vec());
        Ok(())
    }

    fn take(&mut self, key: &[u8]) -> Result<Option<Vec<u8>>, String> {
        Ok(self.0.remove(key))
    }

    fn for_each(&mut self, tag: Option<u8>, f: &mut dyn FnMut(&[u8], &[u8])) -> Result<(), String> {
        for (k, v) in &self.0 {
            if tag.is_none_or(|t| k.first() == Some(&t)) {
                f(k, v);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Every operation gives the same answers whether entries stay in memory or spill on every insert (a bound of
    /// 0 bytes): an entry is in exactly one place, and one taken from the scratch store is gone from it.
    #[test]
    fn a_spilling_map_answers_as_one_in_memory() {
        let mut maps = [SpillMap::in_memory(), SpillMap::spilling(Box::<MemoryScratch>::default(), 0)];
        for map in &mut maps {
            for i in 0u32..200 {
                let tag = (i % 3) as u8;
                let key = [&[tag][..], &i.to_be_bytes()].concat();
                map.update(&key, |old| {
                    assert!(old.is_none());
                    i.to_le_bytes().to_vec().into_boxed_slice()
                });
            }
            // Touch some again (taken back from wherever they are), remove some, take some.
            for i in (0u32..200).step_by(7) {
                let key = [&[(i % 3) as u8][..], &i.to_be_bytes()].concat();
                assert_eq!(map.get(&key), Some(&i.to_le_bytes()[..]));
                map.update(&key, |old| [old.unwrap(), b"+"].concat().into_boxed_slice());
            }
            map.remove_where(1, |v| v.first().is_some_and(|b| b % 2 == 0));
            for i in (0u32..200).step_by(11) {
                let key = [&[(i % 3) as u8][..], &i.to_be_bytes()].concat();
                map.take(&key);
                assert!(map.take(&key).is_none(), "taken once");
            }
        }
        let [a, b] = &mut maps;
        assert!(b.spilled, "the bound of 0 bytes spilled");
        let mut left = Vec::new();
        let mut right = Vec::new();
        a.drain(|k, v| left.push((k.to_vec(), v.to_vec())));
        b.drain(|k, v| right.push((k.to_vec(), v.to_vec())));
        left.sort();
        right.sort();
        assert_eq!(left, right);
        assert!(b.error().is_none());
        assert_eq!(b.in_memory_len(), 0);
    }

    /// The memory bound: with a scratch store, no more than two generations of entries are in memory however many
    /// are held.
    #[test]
    fn a_spilling_map_holds_two_generations_in_memory() {
        let mut map = SpillMap::spilling(Box::<MemoryScratch>::default(), 10 * (ENTRY_OVERHEAD + 8));
        for i in 0u32..10_000 {
            map.update(&i.to_be_bytes(), |_| i.to_be_bytes().to_vec().into_boxed_slice());
            assert!(map.in_memory_len() <= 20, "{} in memory", map.in_memory_len());
        }
        let mut n = 0;
        map.drain(|_, _| n += 1);
        assert_eq!(n, 10_000);
    }
}
