//! The door's `now` for every process that opens a store (ADR-730, superseding ADR-360's journal floor): the
//! `foureyes` commands, `foureyes task …` (change control opens its own store) and `serve` at start (its steady clock,
//! ADR-141, starts from [`now_ms`]).
//!
//! A wall clock step must never grant. ADR-360 kept `now` at or after the journal's newest event; attack17 showed that
//! this freezes time after a backward step (a window that closed while nothing was written opens again, F730) and
//! spreads a forward step to every later process (one process 2 h ahead stamps an event 2 h ahead, F731). So time is
//! anchored to a clock that steps do not move:
//! - **SQLite:** the anchor file `DB.clock` beside the database holds (boot id, `CLOCK_BOOTTIME`, `now`), written by
//!   every process that opens the store and by `serve` each second. A process on the same boot reads `now` = recorded
//!   `now` + boot time elapsed, and follows the wall clock only while it agrees with that (1 s + 0.1 % of the time
//!   elapsed, as the steady clock does within a process). The journal's time is not followed.
//! - **PostgreSQL:** the database server's clock is the one reference every replica shares: a replica whose wall clock
//!   disagrees with it by more than the slack reads the server's time.
//! - **Unresolved** (another boot, or no anchor yet): the wall clock is followed unless it reads before the newest time
//!   on record (the journal's newest event, the anchor's `now`). Then the step cannot be measured, and a door that
//!   decides refuses ([`unresolved`]) rather than reopen a window whose deadline passed unseen; reads still answer.

use crate::{Store, StoreError};
use foureyes_core::seal::SealKey;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A reading of the host's boot clock and the door's time at that reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reference {
    pub boottime_ms: i64,
    pub now_ms: i64,
}

/// An anchor file's content: the boot it was written on, the reference then, the last second a serving process was
/// up and the outages it counted (ADR-369), and — written by a door holding the seal key — the key's MAC over all of
/// them and the file it was written to (ADR-367).
///
/// The file is one line: `BOOT BOOTTIME NOW served=MS|- outages=FROM:TO,… [mac=HEX]`. A file written before ADR-369
/// (`BOOT BOOTTIME NOW [MAC]`, the MAC over its three fields) is still read ([`Anchor::legacy`]): its time was
/// refreshed by every door that opened the store, so it is taken as the served mark, as ADR-365 took it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Anchor {
    pub boot_id: String,
    pub at: Reference,
    /// The last second a serving process (`serve`) was up, as only it writes it (ADR-369): a CLI door that opens the
    /// store moves the anchor's time, never this. `None`: no door has served the store since its anchor began.
    pub served_ms: Option<i64>,
    /// The outages serving processes counted (ADR-365, ADR-369), oldest first, at most [`MAX_OUTAGES`].
    pub outages: Vec<Outage>,
    /// Written before ADR-369: no served mark nor outages, a MAC over its first three fields only.
    pub legacy: bool,
    pub mac: Option<String>,
}

impl Anchor {
    pub fn parse(text: &str) -> Option<Anchor> {
        let mut fields = text.split_whitespace();
        let boot_id = fields.next()?.to_string();
        let boottime_ms = fields.next()?.parse().ok()?;
        let now_ms = fields.next()?.parse().ok()?;
        let at = Reference { boottime_ms, now_ms };
        let rest: Vec<&str> = fields.collect();
        if !rest.iter().any(|f| f.contains('=')) {
            if rest.len() > 1 {
                return None;
            }
            let mac = rest.first().map(|m| (*m).to_string());
            return Some(Anchor { boot_id, at, served_ms: None, outages: Vec::new(), legacy: true, mac });
        }
        let (mut served, mut outages, mut mac) = (None, None, None);
        for field in rest {
            match field.split_once('=')? {
                ("served", "-") if served.is_none() => served = Some(None),
                ("served", ms) if served.is_none() => served = Some(Some(ms.parse().ok()?)),
                ("outages", list) if outages.is_none() => outages = Some(parse_outages(list)?),
                ("mac", hex) if mac.is_none() => mac = Some(hex.to_string()),
                _ => return None,
            }
        }
        Some(Anchor { boot_id, at, served_ms: served?, outages: outages?, legacy: false, mac })
    }

    /// The anchor a door writes to the file `site` names ([`site_of`]) for the store `store` names ([`StoreMark`]):
    /// sealed when it holds the seal key.
    pub fn written(
        boot_id: String,
        at: Reference,
        served: &Served,
        key: Option<&SealKey>,
        site: &str,
        store: &str,
    ) -> Anchor {
        let mut anchor = Anchor {
            boot_id,
            at,
            served_ms: served.served_ms,
            outages: served.outages.clone(),
            legacy: false,
            mac: None,
        };
        anchor.mac = key.map(|key| key.seal(&anchor.mac_input(site, store)));
        anchor
    }

    /// What the MAC is over: its own domain (no event hash holds a NUL), the file (another store's anchor under the
    /// same key tells its own first door's clock, attack 19's R2), the store itself — its first event's hash, `-`
    /// while it has none — (a store re-created at the same path, or another moved into its place, is another store:
    /// attack 20's H2, ADR-840), the boot, the reference, the served mark and the outages (ADR-369).
    fn mac_input(&self, site: &str, store: &str) -> String {
        let (boot_id, at) = (&self.boot_id, self.at);
        let (served, outages) = (served_text(self.served_ms), outages_text(&self.outages));
        format!("clock anchor 3\0{site}\0{store}\0{boot_id}\0{}\0{}\0{served}\0{outages}", at.boottime_ms, at.now_ms)
    }

    /// What an anchor written before ADR-840 was sealed over: the file but not the store; before ADR-369 (`legacy`)
    /// also without the served mark and outages. Each form under a domain of its own, so none passes for another.
    fn unbound_mac_input(&self, site: &str) -> String {
        let site = path_of_site(site);
        let (boot_id, at) = (&self.boot_id, self.at);
        if self.legacy {
            return format!("clock anchor\0{site}\0{boot_id}\0{}\0{}", at.boottime_ms, at.now_ms);
        }
        let (served, outages) = (served_text(self.served_ms), outages_text(&self.outages));
        format!("clock anchor 2\0{site}\0{boot_id}\0{}\0{}\0{served}\0{outages}", at.boottime_ms, at.now_ms)
    }

    /// What a door holding `key` can tell of this anchor, read from the file `site` names for the store `store`
    /// names: sealed by the key for this file and this store, sealed by it before ADR-840 bound the store (for this
    /// file), or neither.
    pub fn sealed(&self, key: &SealKey, site: &str, store: &str) -> Sealed {
        let Some(mac) = self.mac.as_deref() else { return Sealed::No };
        if !self.legacy && key.verifies(&self.mac_input(site, store), mac) {
            Sealed::ForThisStore
        } else if !self.legacy
            && path_of_site(site) != site
            && key.verifies(&self.mac_input(path_of_site(site), store), mac)
        {
            // Sealed before ADR-375 bound the database file's identity: the file and the store, not the file's inode.
            Sealed::BeforeTheStoreWasBound
        } else if !self.legacy
            && let Some(before_birth) = site_before_birth(site)
            && key.verifies(&self.mac_input(before_birth, store), mac)
        {
            // Sealed before ADR-883 added the database file's birth time to its identity: believed only where it
            // tells the time the wall clock tells ([`believed`]), so an inode number ext4 reused grants nothing.
            Sealed::BeforeTheStoreWasBound
        } else if key.verifies(&self.unbound_mac_input(site), mac) {
            Sealed::BeforeTheStoreWasBound
        } else {
            Sealed::No
        }
    }

    /// Whether a door holding `key` may believe this anchor without asking more: sealed by it for this file and store.
    pub fn verifies(&self, key: &SealKey, site: &str, store: &str) -> bool {
        self.sealed(key, site, store) == Sealed::ForThisStore
    }

    /// The last second some serving door was up, as this anchor tells it: its served mark, or for a legacy anchor its
    /// time (every door refreshed it then, ADR-365).
    pub fn served(&self) -> Option<i64> {
        if self.legacy { Some(self.at.now_ms) } else { self.served_ms }
    }

    fn text(&self) -> String {
        let (boot_id, at) = (&self.boot_id, self.at);
        let mut line = if self.legacy {
            format!("{boot_id} {} {}", at.boottime_ms, at.now_ms)
        } else {
            let (served, outages) = (served_text(self.served_ms), outages_text(&self.outages));
            format!("{boot_id} {} {} served={served} outages={outages}", at.boottime_ms, at.now_ms)
        };
        match (&self.mac, self.legacy) {
            (Some(mac), true) => line.push_str(&format!(" {mac}")),
            (Some(mac), false) => line.push_str(&format!(" mac={mac}")),
            (None, _) => {}
        }
        line.push('\n');
        line
    }
}

fn served_text(served_ms: Option<i64>) -> String {
    served_ms.map_or_else(|| "-".to_string(), |ms| ms.to_string())
}

fn outages_text(outages: &[Outage]) -> String {
    outages.iter().map(|o| format!("{}:{}", o.from_ms, o.to_ms)).collect::<Vec<_>>().join(",")
}

fn parse_outages(list: &str) -> Option<Vec<Outage>> {
    if list.is_empty() {
        return Some(Vec::new());
    }
    let outages = list
        .split(',')
        .map(|o| {
            let (from, to) = o.split_once(':')?;
            Some(Outage { from_ms: from.parse().ok()?, to_ms: to.parse().ok()? })
        })
        .collect::<Option<Vec<_>>>()?;
    (outages.len() <= MAX_OUTAGES && outages.iter().all(|o| o.from_ms <= o.to_ms)).then_some(outages)
}

/// What a door holding the seal key can tell of an anchor's seal ([`Anchor::sealed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sealed {
    /// Sealed by the key for this file and this store (ADR-840).
    ForThisStore,
    /// Sealed by the key for this file by a door from before ADR-840, which did not bind the store.
    BeforeTheStoreWasBound,
    /// No seal of the key's.
    No,
}

/// What names a store in its anchor's MAC (ADR-840): the hash of its journal's first event, which every later event
/// is chained onto and no two stores share (it holds its time, and a fresh credential's random binding or a policy);
/// [`EMPTY_STORE`] while the journal has no event. Read by a door through [`crate::Store::clock_anchor_store`].
pub type StoreMark = std::sync::Arc<dyn Fn() -> Result<Option<String>, String> + Send + Sync>;

/// The store name an anchor is sealed with while the store's journal has no event.
pub const EMPTY_STORE: &str = "-";

/// The anchor a door may read its time from (ADR-367, ADR-840): without the seal key, whatever the file says (a
/// database writer could write it, as they could the database); with the key, only an anchor sealed by it for this
/// file (`site`) and this store (`store`: its first event's hash, [`EMPTY_STORE`] for an empty journal, `None` when
/// it could not be read). Anything else is set aside, with the note the door prints, and the door resolves as if there
/// were no anchor: the wall clock, never before the journal's newest event. A writer beside the database could
/// otherwise write an anchor an hour or a day ahead (attack 18), or put back the sealed anchor of another store that
/// lived at this path, or in whose place this database was moved (attack 20's H2), and every door started after would
/// read that time: each budget and limit window slid past its reservations, approvals expired.
///
/// An anchor sealed before ADR-840 (for the file, not the store) is believed only where it tells the time the wall
/// clock tells (within [`slack_ms`]`(0)`, `boot` and `wall_ms` as in [`resolve_local`]): then its time grants nothing
/// the wall clock would not, and the served mark and outages it carries survive the upgrade (the restart that installs
/// it is an outage, ADR-365). Another store's such anchor then does no more than deleting the anchor does (ADR-367's
/// limit).
pub fn believed(
    anchor: Option<Anchor>,
    key: Option<&SealKey>,
    site: &str,
    store: Option<&str>,
    boot: Option<(&str, i64)>,
    wall_ms: i64,
) -> (Option<Anchor>, Option<String>) {
    let (anchor, key) = match (anchor, key) {
        (Some(anchor), Some(key)) => (anchor, key),
        (anchor, _) => return (anchor, None),
    };
    let sealed = match store {
        Some(store) => anchor.sealed(key, site, store),
        None => Sealed::No,
    };
    match sealed {
        Sealed::ForThisStore => (Some(anchor), None),
        Sealed::BeforeTheStoreWasBound if tells_the_wall_clock(&anchor, boot, wall_ms) => (Some(anchor), None),
        _ => (
            None,
            Some(
                "note: the clock anchor beside the database carries no valid seal under this door's seal key for this \
                 file and this store: something other than a door holding the key wrote it there (or it is another \
                 store's), and it is not believed (ADR-367, ADR-840)"
                    .to_string(),
            ),
        ),
    }
}

/// Whether believing `anchor` gives the time the wall clock gives: on its boot, its time now within [`slack_ms`]`(0)`
/// of the wall clock; from another boot (its time is then only a floor, [`resolve_local`]), not after it.
fn tells_the_wall_clock(anchor: &Anchor, boot: Option<(&str, i64)>, wall_ms: i64) -> bool {
    match boot {
        Some((boot_id, boottime_ms)) if anchor.boot_id == boot_id => {
            anchor.at.boottime_ms <= boottime_ms
                && (anchored_now(anchor.at, boottime_ms) - wall_ms).abs() <= slack_ms(0)
        }
        _ => anchor.at.now_ms <= wall_ms.saturating_add(slack_ms(0)),
    }
}

/// How far the wall clock may run apart from the door's time before the door says so (a note on stderr): 1 s plus
/// 0.1 % of the boot time elapsed. Only a note: the door's time never follows the wall clock on one boot (ADR-366).
fn slack_ms(elapsed_ms: i64) -> i64 {
    1_000 + elapsed_ms.max(0) / 1_000
}

/// The door's time given a reference and the boot clock now: the reference advanced by the boot time elapsed. The
/// wall clock is not read: attack 18 showed that following it "while it agrees" follows a clock run fast in steps
/// each under the slack, and writes that time into the anchor for every later process (ADR-366). The boot clock is
/// slewed by NTP like the wall clock and never stepped, and goes on through a suspend. Pure, for the tests.
pub fn anchored_now(reference: Reference, boottime_ms: i64) -> i64 {
    reference.now_ms + (boottime_ms - reference.boottime_ms).max(0)
}

/// What a process learns when it resolves its clock against a store: the reference it will read time from, or why
/// it cannot (a wall clock before the newest time on record with nothing to measure the step by).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    Anchored { reference: Reference, note: Option<String> },
    Unresolved { floor_ms: i64, why: String },
}

/// Resolution for a SQLite store (pure): `anchor` is the anchor file's content, `boot` this boot's id and boot clock,
/// `newest_ms` the journal's newest event.
pub fn resolve_local(
    anchor: Option<&Anchor>,
    boot: Option<(&str, i64)>,
    wall_ms: i64,
    newest_ms: Option<i64>,
) -> Resolution {
    // An anchor of this boot is believed only if it could have been written on it: not from a boot clock reading
    // later than now (that freezes time at its `now`), and not telling a time before the journal's newest event
    // (every event on this boot was stamped from it), attack 18's cases 4 and 6 (ADR-366).
    if let (Some(anchor), Some((boot_id, boottime_ms))) = (anchor, boot)
        && anchor.boot_id == boot_id
        && anchor.at.boottime_ms <= boottime_ms
        && anchored_now(anchor.at, boottime_ms) >= newest_ms.unwrap_or(i64::MIN).saturating_sub(1_000)
    {
        let now = anchored_now(anchor.at, boottime_ms);
        let note = ((now - wall_ms).abs() > slack_ms(boottime_ms - anchor.at.boottime_ms)).then(|| {
            let (by, side) = apart(wall_ms, now);
            format!(
                "note: this machine's clock is {by:.1} s {side} the time this host's doors have kept since boot; time \
                 is read from the anchor beside the database (ADR-730)"
            )
        });
        return Resolution::Anchored { reference: Reference { boottime_ms, now_ms: now }, note };
    }
    let floor_ms = newest_ms.unwrap_or(i64::MIN).max(anchor.map_or(i64::MIN, |a| a.at.now_ms));
    if wall_ms < floor_ms.saturating_sub(1_000) {
        let (by, _) = apart(wall_ms, floor_ms);
        return Resolution::Unresolved {
            floor_ms,
            why: format!(
                "this machine's clock reads {by:.1} s before the newest time on record, and no anchor of this boot \
                 says how much time has passed since (the machine restarted, or the store has no anchor yet): a door \
                 that decides refuses until the clock reaches that time, rather than re-open an undo window or an \
                 approval whose deadline may have passed (ADR-730). Set the clock right; reads still answer."
            ),
        };
    }
    let boottime_ms = boot.map_or(0, |(_, ms)| ms);
    Resolution::Anchored { reference: Reference { boottime_ms, now_ms: wall_ms.max(floor_ms) }, note: None }
}

/// Resolution for a store whose database server keeps the time (PostgreSQL), given its clock `database_ms` (pure).
pub fn resolve_shared(database_ms: i64, boottime_ms: i64, wall_ms: i64) -> Resolution {
    let reference = Reference { boottime_ms, now_ms: database_ms };
    let now = anchored_now(reference, boottime_ms);
    let note = ((now - wall_ms).abs() > slack_ms(0)).then(|| {
        let (by, side) = apart(wall_ms, now);
        format!("note: this machine's clock is {by:.1} s {side} the database server's; time is read from the server's (ADR-730)")
    });
    Resolution::Anchored { reference: Reference { boottime_ms, now_ms: now }, note }
}

fn apart(wall_ms: i64, now_ms: i64) -> (f64, &'static str) {
    ((wall_ms - now_ms).abs() as f64 / 1000.0, if wall_ms < now_ms { "behind" } else { "ahead of" })
}

/// This process's clock: the reference it reads time from, why it could not resolve one, the anchor files it keeps,
/// and the last `now` it gave (never given back).
struct Door {
    reference: Option<Reference>,
    unresolved: Option<(i64, String)>,
    /// Whether what leaves the clock unresolved is the database's other names (ADR-882), not a clock behind the record.
    hard_linked: bool,
    /// Whether what leaves the clock unresolved is an anchor no door could write (F388), not a clock behind the record
    /// (F946: `journal verify` then blamed an event's time).
    anchor_unplaced: bool,
    /// Why the last anchor write failed (F388), until one succeeds: a door resolving its clock then refuses to decide.
    unplaced: Option<String>,
    /// Each anchor file this process writes.
    anchors: Vec<AnchorFile>,
    last_ms: i64,
    /// The served mark and outages, read from the anchor when this process resolved its clock and carried forward
    /// into every anchor it writes; a serving process also counts its own (ADR-369).
    served: Served,
}

static DOOR: Mutex<Door> = Mutex::new(Door {
    reference: None,
    unresolved: None,
    hard_linked: false,
    anchor_unplaced: false,
    unplaced: None,
    anchors: Vec::new(),
    last_ms: i64::MIN,
    served: Served { served_ms: None, outages: Vec::new(), ticked_ms: None },
});

/// An anchor file a door writes, with what it is sealed with (ADR-367, ADR-840): the seal key its store's door holds,
/// the file's site, and the store: its first event's hash once the door has read one (`store`), and how to read it
/// (`mark`) while the journal was empty or could not be read.
struct AnchorFile {
    file: PathBuf,
    key: Option<SealKey>,
    site: String,
    store: Option<String>,
    mark: Option<StoreMark>,
    /// The anchor on disk is sealed, and not by this process's key for this store (ADR-374): it is left as it is
    /// unless this process's key has verified a seal of the journal ([`key_proven`]: it is the store's key, and the
    /// anchor another store's or a forger's). A process without the key or with another key (a `decisions list`, a
    /// refused decide, a `journal verify`) wrote over a sealed anchor and erased the served mark and the outages a
    /// keyed door counts: 2 permits against a limit of 1 (attack 22, A1).
    leave_sealed: bool,
}

impl AnchorFile {
    /// The store's name for the MAC: the first event's hash, [`EMPTY_STORE`], or `None` when it cannot be read
    /// (then no sealed anchor is written: a door that cannot name its store writes nothing a later door would believe
    /// for it).
    fn store(&self) -> Option<String> {
        if let Some(store) = &self.store {
            return Some(store.clone());
        }
        match self.mark.as_ref().map(|mark| mark()) {
            Some(Ok(first)) => Some(first.unwrap_or_else(|| EMPTY_STORE.to_string())),
            Some(Err(_)) | None => None,
        }
    }
}

/// The stores (their first event's hash) whose journal this process's seal key has verified a seal of (ADR-374,
/// ADR-880): only for those may it write over a sealed anchor it cannot verify. Per store, not per process: a `serve`
/// whose key verified its main store's journal and then refused a namespace's journal sealed under another key wrote
/// over that namespace's anchor on its way out (attack 23's N1: its served mark and outages lost, 2 permits against a
/// count of 1).
static PROVEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// This process's seal key verified an event's seal in the journal of the store whose first event's hash is `store`
/// ([`crate::authority::Authority::apply_sealed`]).
pub(crate) fn key_proven(store: &str) {
    let mut proven = PROVEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !proven.iter().any(|s| s == store) {
        proven.push(store.to_string());
    }
}

/// Whether this process's seal key has verified a seal of `store`'s journal ([`key_proven`]).
fn key_proven_for(store: &str) -> bool {
    PROVEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner).iter().any(|s| s == store)
}

fn door() -> std::sync::MutexGuard<'static, Door> {
    DOOR.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn wall_ms() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

/// This boot's id (`/proc/sys/kernel/random/boot_id`); `None` off Linux.
fn boot_id() -> Option<String> {
    std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok().map(|s| s.trim().to_string())
}

/// `CLOCK_BOOTTIME` in ms (it goes on through a suspend and no clock step moves it; a vDSO call, cheap enough for
/// every reading of the door's time). `None` off Linux.
pub fn boottime_ms() -> Option<i64> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::Boottime);
        Some(t.tv_sec.saturating_mul(1_000).saturating_add(t.tv_nsec / 1_000_000))
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        None
    }
}

/// The door's time (see the module doc). Before a store is opened, the wall clock.
pub fn now_ms() -> i64 {
    let wall = wall_ms();
    let mut door = door();
    let now = match (door.reference, &door.unresolved) {
        (_, Some((floor, _))) => wall.max(*floor),
        (Some(reference), None) => match boottime_ms() {
            Some(boottime) => anchored_now(reference, boottime),
            None => wall.max(reference.now_ms),
        },
        (None, None) => wall,
    };
    door.last_ms = door.last_ms.max(now);
    door.last_ms
}

/// Why this process cannot tell the time (a door that decides refuses, ADR-730), or `None`.
pub fn unresolved() -> Option<String> {
    door().unresolved.as_ref().map(|(_, why)| why.clone())
}

/// Whether the clock is unresolved because the database file has other names (ADR-882), not because this machine's
/// clock reads before the record: `journal verify` then does not blame an event's time (attack 24's H1).
pub fn unresolved_by_hard_links() -> bool {
    let door = door();
    door.unresolved.is_some() && door.hard_linked
}

/// Whether the clock is unresolved because of the files beside the database — its other names (ADR-882) or an anchor
/// no door could write (F388: a directory mounted at its name) — not because this machine's clock reads before the
/// record: `journal verify` then names that cause alone and blames no event's time (attack 24's H1, attack 26's F3).
pub fn unresolved_by_the_files() -> bool {
    let door = door();
    door.unresolved.is_some() && (door.hard_linked || door.anchor_unplaced)
}

/// Resolves this process's clock against `store` (the first store opened sets it; a later one only adds its anchor
/// file), records the anchor, and returns the note the process prints on stderr when it does not follow the wall
/// clock.
pub async fn resolve_with<S: Store + ?Sized>(store: &S) -> Result<Option<String>, StoreError> {
    let resolution = match store.database_now_ms().await? {
        // The boot clock read after the database answered, never before: a reference pairing a boot reading with
        // a time learnt later runs ahead by the wait between them (attack 24's T3); read after, it can only lag by
        // the answer's way back.
        Some(database_ms) => {
            let boottime_ms = boot_id().zip(boottime_ms()).map_or(0, |b| b.1);
            Some(resolve_shared(database_ms, boottime_ms, wall_ms()))
        }
        None => {
            let file = store.clock_anchor_file();
            let key = store.clock_anchor_key();
            let site = file.as_deref().map(site_of).unwrap_or_default();
            // The store's name is read only where it seals: a door without the key neither writes nor checks a MAC.
            let mut anchor_file = AnchorFile {
                file: file.clone().unwrap_or_default(),
                key: key.clone(),
                site: site.clone(),
                store: None,
                mark: key.as_ref().and(store.clock_anchor_store()),
                leave_sealed: false,
            };
            let named = anchor_file.store();
            anchor_file.store = named.clone().filter(|s| s != EMPTY_STORE);
            anchor_file.leave_sealed = file.as_deref().and_then(read_anchor).is_some_and(|anchor| {
                anchor.mac.is_some()
                    && key.as_ref().is_none_or(|key| {
                        anchor.sealed(key, &site, named.as_deref().unwrap_or(EMPTY_STORE)) == Sealed::No
                    })
            });
            // A keyed door that does not believe the anchor treats it as it treats a deleted one once its key is
            // proven to be the store's (ADR-880): the head's seal verifies under it. It then writes the anchor anew
            // below, at the time it resolves without one. Otherwise a writer with no key who changed one character
            // of the anchor (or a restore, or another store's anchor copied over) turned the clock protection off
            // for every later CLI door: none of them replaced an anchor it set aside before its catch-up proved the
            // key, and a later door with its clock 2 h ahead spent the hour again (attack 23's S1, 1,140 EUR
            // against 1,000/h).
            if anchor_file.leave_sealed
                && let (Some(key), Some(named)) = (key.as_ref(), anchor_file.store.as_deref())
                && head_sealed_by(store, key).await
            {
                key_proven(named);
            }
            if file.is_some() {
                let mut door = door();
                if !door.anchors.iter().any(|a| a.file == anchor_file.file) {
                    door.anchors.push(anchor_file);
                }
            }
            let resolved = {
                let door = door();
                door.reference.is_some() || door.unresolved.is_some()
            };
            if resolved {
                None
            } else {
                let anchor = file.as_deref().and_then(read_anchor);
                let newest_ms = store.journal_newest_ms().await?;
                let links = file.as_deref().and_then(database_links).filter(|&n| n > 1);
                // The boot clock and the wall clock read together, after every read and wait above: a door that
                // paired a boot reading taken before a slow read (a FIFO at the anchor's name, a stopped process)
                // with a wall reading taken after it wrote an anchor ahead by the wait, and every later door followed
                // it (attack 24's T3: 65 s ahead, 200 EUR against 100 per minute).
                let boot = boot_id().zip(boottime_ms());
                let wall = wall_ms();
                let boot = boot.as_ref().map(|(id, ms)| (id.as_str(), *ms));
                let (anchor, set_aside) = believed(anchor, key.as_ref(), &site, named.as_deref(), boot, wall);
                if let Some(anchor) = &anchor {
                    let mut door = door();
                    door.served.served_ms = anchor.served();
                    door.served.outages.clone_from(&anchor.outages);
                }
                Some(match (links, resolve_local(anchor.as_ref(), boot, wall, newest_ms)) {
                    (Some(links), _) => {
                        door().hard_linked = true;
                        Resolution::Unresolved { floor_ms: newest_ms.unwrap_or(0), why: hard_linked(links) }
                    }
                    (None, Resolution::Anchored { reference, note }) => {
                        Resolution::Anchored { reference, note: note.or(set_aside) }
                    }
                    (None, unresolved) => unresolved,
                })
            }
        }
    };
    let note = match resolution {
        None => None,
        Some(Resolution::Anchored { reference, note }) => {
            let mut door = door();
            if door.reference.is_none() {
                door.reference = Some(reference);
            }
            note
        }
        Some(Resolution::Unresolved { floor_ms, why }) => {
            door().unresolved = Some((floor_ms, why));
            None
        }
    };
    record(now_ms());
    // An anchor this door could not write: something at its name a rename cannot replace and this door cannot move
    // (another user's file or directory in a sticky directory: attack 25's D1 across users), or a write that failed.
    // Every later door would follow its own wall clock for good; a door that decides refuses instead, and says why.
    let mut door = door();
    if let Some(unplaced) = door.unplaced.clone() {
        let floor_ms = door.last_ms;
        if door.unresolved.is_none() {
            door.anchor_unplaced = true;
        }
        door.unresolved.get_or_insert_with(|| {
            let why = format!(
                "the clock anchor {unplaced} could not be written, so no door could measure a clock step on this boot \
                 (F388). A door that decides refuses; reads still answer. Remove what stands at that name if no door \
                 made it (a directory, or a file the door's user cannot replace), or give the door's user the right \
                 to write it."
            );
            (floor_ms, why)
        });
    }
    Ok(note)
}

/// How many names (hard links) the database file beside the anchor `file` has, when it can be read.
fn database_links(file: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt as _;
    let database = file.to_str()?.strip_suffix(".clock")?;
    std::fs::metadata(database).ok().map(|m| m.nlink())
}

/// Why a door on a hard-linked database cannot tell the time (ADR-882): the anchor is found by the database's name,
/// and another name of the same file has its own, so a door 2 h ahead through the other name finds none and follows
/// its wall clock (attack 23's I2, I3). SQLite's own `-wal` and lock files are per name too, which corrupts a database
/// two names are written through.
fn hard_linked(links: u64) -> String {
    format!(
        "the database file has {links} names (hard links): its clock anchor is found by its name, so a door using \
         another name would keep another clock, and SQLite's write-ahead log is per name too (ADR-882). A door that \
         decides refuses; reads still answer. Remove the other names (a copy, not a link, is a backup)."
    )
}

/// Whether the journal's newest event carries a seal `key` verifies (ADR-880): `key` sealed this store's journal. A
/// writer without it cannot make one; a read that fails, or an unsealed head, proves nothing.
async fn head_sealed_by<S: Store + ?Sized>(store: &S, key: &SealKey) -> bool {
    let Ok(head) = store.journal_head().await else { return false };
    let Some(after) = head.checked_sub(1) else { return false };
    match store.journal_sealed(after, 1).await {
        Ok(events) => events.first().is_some_and(|(event, seal)| {
            event.seq == head && seal.as_deref().is_some_and(|s| key.verifies(&event.hash, s))
        }),
        Err(_) => false,
    }
}

/// A stretch of time in which no door served the store: from the last second a serving process was up (its served
/// mark, or its last tick) to the second it was up again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outage {
    pub from_ms: i64,
    pub to_ms: i64,
}

impl Outage {
    /// How long it lasted.
    pub fn length_ms(&self) -> i64 {
        self.to_ms - self.from_ms
    }
}

/// A reporting deadline as `outages` move it (ADR-365, ADR-369), for a permit decided at `decided_ms`: each outage,
/// oldest first, that began before the deadline (as the earlier ones moved it) and ended after the permit was decided
/// puts it off by the time the agent lost to it, from the later of its start and the decision to its end. So every
/// outage counts (two in a row give both, attack 19's R4), a deadline that passed while a door was up is not moved,
/// and a permit decided after an outage keeps its own margin (a list kept for ever would otherwise lengthen every
/// later deadline by every past outage).
pub fn put_off(outages: &[Outage], decided_ms: i64, report_by_ms: i64) -> i64 {
    let mut by = report_by_ms;
    for o in outages {
        if decided_ms < o.to_ms && by >= o.from_ms {
            by = by.saturating_add(o.to_ms - o.from_ms.max(decided_ms));
        }
    }
    by
}

/// A gap longer than this is an outage: `serve` writes the anchor, and ticks, each second.
const OUTAGE_MIN_MS: i64 = 3_000;

/// The most outages an anchor keeps: the oldest goes first. [`put_off`] needs only those that ended after the
/// oldest unreported permit was decided; 64 restarts or stalls within one reporting deadline are not expected.
pub const MAX_OUTAGES: usize = 64;

/// What a door knows of when the store was served (ADR-369): the served mark, the outages counted, and — in a
/// serving process — its own last tick. Pure: every method is given the time, so the tests drive it with made-up
/// clocks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Served {
    /// The last second a serving process was up.
    pub served_ms: Option<i64>,
    /// The outages counted, oldest first.
    pub outages: Vec<Outage>,
    /// This serving process's last tick (set by [`Served::resume`] and [`Served::tick`]; `None` in a CLI door).
    pub ticked_ms: Option<i64>,
}

impl Served {
    fn push(&mut self, outage: Outage) {
        self.outages.push(outage);
        self.outages.sort_by_key(|o| o.from_ms);
        if self.outages.len() > MAX_OUTAGES {
            let extra = self.outages.len() - MAX_OUTAGES;
            self.outages.drain(..extra);
        }
    }

    /// A serving process starts at `now_ms`: the time since the served mark (the last second a serving process was
    /// up) is an outage no agent could report through (ADR-365). Returns it when there was one.
    pub fn resume(&mut self, now_ms: i64) -> Option<Outage> {
        let from_ms = self.served_ms;
        self.served_ms = Some(now_ms);
        self.ticked_ms = Some(now_ms);
        let outage = Outage { from_ms: from_ms?, to_ms: now_ms };
        if outage.length_ms() < OUTAGE_MIN_MS {
            return None;
        }
        self.push(outage);
        Some(outage)
    }

    /// The serving process's ticker at `now_ms`: a gap since its last tick longer than [`OUTAGE_MIN_MS`] is an
    /// outage of this process (frozen by SIGSTOP, a stalled or suspended VM: attack 19's R5), counted like a
    /// restart's. Returns it when there was one.
    pub fn tick(&mut self, now_ms: i64) -> Option<Outage> {
        let gap = self.ticked_ms.map(|from_ms| Outage { from_ms, to_ms: now_ms });
        let gap = gap.filter(|o| o.length_ms() >= OUTAGE_MIN_MS);
        if let Some(outage) = gap {
            self.push(outage);
        }
        self.ticked_ms = Some(now_ms);
        self.served_ms = Some(now_ms);
        gap
    }

    /// The outages a deadline judged at `now_ms` is put off by: those counted, and in a serving process whose ticker
    /// has not run for longer than [`OUTAGE_MIN_MS`] the gap still open — a request served the moment the process
    /// wakes may be judged before its ticker runs, and must not find the deadline passed in the frozen time.
    pub fn outages_at(&self, now_ms: i64) -> Vec<Outage> {
        let mut outages = self.outages.clone();
        if let Some(from_ms) = self.ticked_ms
            && now_ms - from_ms >= OUTAGE_MIN_MS
        {
            outages.push(Outage { from_ms, to_ms: now_ms });
        }
        outages
    }
}

/// Called by a serving process (`serve`) once its clock is resolved: the time between the served mark (the last
/// second a serving process was up) and `now_ms` is an outage no agent could report through; reporting deadlines it
/// overlapped are put off by it ([`put_off`]), here and in every door that reads the anchor after (ADR-365,
/// ADR-369). Returns it when there was one.
pub fn resume_serving(now_ms: i64) -> Option<Outage> {
    door().served.resume(now_ms)
}

/// The serving process's tick (each second): counts a gap since the last one as an outage ([`Served::tick`]), marks
/// the store served, and writes the anchor ([`record`]). Returns the gap when there was one.
pub fn serve_tick(now_ms: i64) -> Option<Outage> {
    let gap = door().served.tick(now_ms);
    record(now_ms);
    gap
}

/// The outages a reporting deadline judged at `now_ms` is put off by, in this process ([`Served::outages_at`]).
pub fn outages_at(now_ms: i64) -> Vec<Outage> {
    door().served.outages_at(now_ms)
}

/// The name an anchor's MAC binds (ADR-367): the file's absolute path with its directory resolved, so every door on
/// this host names one file alike however it was given the database (relative, through a link). A store moved
/// elsewhere leaves its anchor behind: the next door there reads the wall clock, never before the record.
/// The anchor file's path part of a site ([`site_of`]): what a door sealed before ADR-375 named.
fn path_of_site(site: &str) -> &str {
    site.split('\0').next().unwrap_or(site)
}

/// Where an anchor file is, for its MAC: its canonical path and (ADR-375) the identity of the database file beside
/// it (device and inode, `-` when it cannot be read). A copy of the store at another path seals its anchor for the
/// copy's file: the live database moved into the copy's place, or reached through a symlink to it, is another file
/// and does not believe it (attack 22's C1: a keyed door 2 h ahead on a copy minted an anchor the live database then
/// believed, 1,140 EUR against 1,000 per hour). SQLite writes its database in place, so the identity holds while the
/// store lives; a restored backup is a new file, and its first door resolves as if there were no anchor.
///
/// ADR-883: the identity also holds the file's birth time (statx `btime`) where the filesystem keeps one (ext4, xfs,
/// btrfs, tmpfs): ext4 gives a file created after another was deleted the freed inode number at once, so a copy
/// written into the place of a deleted copy had the deleted copy's identity and believed its anchor (attack 23's I1,
/// 1,140 EUR against 1,000/h). Where there is no birth time, the identity is device and inode alone, as before.
pub fn site_of(file: &Path) -> String {
    use std::os::unix::fs::MetadataExt as _;
    let path = path_site(file);
    let database = file.to_str().and_then(|f| f.strip_suffix(".clock")).map(Path::new);
    let identity = database.and_then(|db| std::fs::metadata(db).ok()).map_or_else(
        || "-".to_string(),
        |m| {
            let born = m.created().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
            match born {
                Some(born) => format!("{}:{}\0{}", m.dev(), m.ino(), born.as_nanos()),
                None => format!("{}:{}", m.dev(), m.ino()),
            }
        },
    );
    format!("{path}\0{identity}")
}

/// A site ([`site_of`]) as a door sealed it before ADR-883 (without the birth time), when it has one.
fn site_before_birth(site: &str) -> Option<&str> {
    (site.matches('\0').count() == 2).then(|| site.rsplit_once('\0').map_or(site, |(before, _)| before))
}

fn path_site(file: &Path) -> String {
    let dir = match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    dir.join(file.file_name().unwrap_or_default()).display().to_string()
}

/// The anchor file's content, read as a door can trust the read: a regular file at that very name, opened without
/// following a symlink and without waiting (a FIFO planted there hung every door, `journal verify` included, and held
/// the time it took against the next anchor: attack 24's T2 and T3), at most [`ANCHOR_BYTES_MAX`]. Anything else
/// reads as no anchor, which a door replaces as it replaces a deleted one (ADR-880), by a rename over the name (a
/// directory moved aside first: [`place`]).
fn read_anchor(file: &Path) -> Option<Anchor> {
    use std::io::Read as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOFOLLOW;
    let opened = std::fs::OpenOptions::new().read(true).custom_flags(flags.bits() as i32).open(file).ok()?;
    if !opened.metadata().ok()?.file_type().is_file() {
        return None;
    }
    let mut text = String::new();
    opened.take(ANCHOR_BYTES_MAX).read_to_string(&mut text).ok()?;
    Anchor::parse(&text)
}

/// The most of an anchor file a door reads: an anchor is a few hundred bytes, outages included.
const ANCHOR_BYTES_MAX: u64 = 64 * 1024;

/// A name for the anchor's next version beside `file` that nobody can have planted: the process id and 64 random
/// bits (the standard library's per-process hash keys, drawn from the OS). The file is created new (`O_EXCL`, which
/// does not follow a symlink either), so a name planted anyway fails this write and the next one draws another:
/// before, `DB.clock.<pid>` was opened with `O_TRUNC` through whatever stood there, and a writer beside the database
/// with no key made a door truncate and overwrite another store's database or the seal key (attack 24's T1).
fn partial_of(file: &Path) -> PathBuf {
    use std::hash::{BuildHasher as _, Hasher as _};
    let random = std::collections::hash_map::RandomState::new().build_hasher().finish();
    let mut partial = file.as_os_str().to_owned();
    partial.push(format!(".{}.{random:016x}", std::process::id()));
    PathBuf::from(partial)
}

/// Writes (boot id, boot clock, `now_ms`) to this process's anchor files, so the next process on this boot reads the
/// time that passed (`serve` calls it each second, [`serve_tick`]), with the served mark and outages as this process
/// knows them: a CLI door carries forward what it read, so opening the store does not move the served mark (ADR-369,
/// attack 19's R4 "clitouch"). Nothing is written while the clock is unresolved: the next
/// process must not start from a time the step may have left behind. A failed write is left to the next one.
pub fn record(now_ms: i64) {
    let mut door = door();
    if door.unresolved.is_some() || door.anchors.is_empty() {
        return;
    }
    let Some((boot_id, boottime_ms)) = boot_id().zip(boottime_ms()) else { return };
    let at = Reference { boottime_ms, now_ms };
    let served = door.served.clone();
    // Why a write failed, if one did: kept until every anchor this process writes was written (F388).
    let (mut unplaced, mut attempted) = (None, false);
    for anchor_file in &mut door.anchors {
        // A sealed anchor names its store: read once the journal has a first event (a `serve` started on an empty
        // store journals its policy a moment later, and its next tick seals that), and never written unnamed.
        let store = match &anchor_file.key {
            Some(_) => match anchor_file.store() {
                Some(store) => store,
                None => continue,
            },
            None => String::new(),
        };
        if anchor_file.leave_sealed && !(anchor_file.key.is_some() && key_proven_for(&store)) {
            continue;
        }
        if store != EMPTY_STORE && !store.is_empty() {
            anchor_file.store = Some(store.clone());
        }
        let AnchorFile { file, key, site, .. } = &*anchor_file;
        let text = Anchor::written(boot_id.clone(), at, &served, key.as_ref(), site, &store).text();
        let partial = partial_of(file);
        // Written whole and synced, then renamed over: a reader sees the old anchor or the new one, never half of
        // one, and a power cut cannot leave an empty file where the rename landed before the data (attack 18).
        attempted = true;
        if let Err(e) = write_new(&partial, &text).and_then(|()| place(&partial, file)) {
            let _ = std::fs::remove_file(&partial);
            unplaced.get_or_insert_with(|| format!("`{}`: {e}", file.display()));
        }
    }
    if attempted {
        door.unplaced = unplaced;
    }
}

/// Renames the anchor written at `partial` over `file`. A rename replaces a file, a symlink or a FIFO, but not a
/// directory: one planted at the anchor's name by a writer beside the database (no key needed) left every door
/// without an anchor for good, silently — a deletion made permanent, after which every door ran on its own wall clock
/// (attack 25's D1: a door 2 h ahead spent the hour again; D2: a serve's served mark and outages lost at its next
/// start). Whatever a rename cannot replace is moved aside under a fresh name beside it (nothing of it is lost) and
/// the anchor renamed in (F388). Where it cannot even be moved (another user's, in a sticky directory), the write
/// fails, and a door resolving its clock ([`resolve_with`]) refuses to decide rather than run on a clock no anchor
/// keeps.
fn place(partial: &Path, file: &Path) -> std::io::Result<()> {
    match std::fs::rename(partial, file) {
        Err(e) if std::fs::symlink_metadata(file).is_ok_and(|m| m.is_dir()) => {
            let mut aside = partial_of(file).into_os_string();
            aside.push(".set-aside");
            std::fs::rename(file, &aside).map_err(|_| e)?;
            std::fs::rename(partial, file)
        }
        placed => placed,
    }
}

/// Writes `text` into a file created new at `partial` and syncs it. Whatever already stands at that name (a symlink
/// planted there included: `O_EXCL` does not follow one) fails the write rather than being written through (F383).
fn write_new(partial: &Path, text: &str) -> std::io::Result<()> {
    let mut file = std::fs::File::create_new(partial)?;
    std::io::Write::write_all(&mut file, text.as_bytes())?;
    file.sync_all()
}

/// Called as a process that opened a store ends: where an anchor was sealed for an empty store and the process
/// journaled the store's first event since, the anchor is written again naming the store (ADR-840), so the next door
/// believes it. Nothing otherwise (no extra write for every command).
pub fn settle() {
    let empty = door().anchors.iter().any(|a| a.key.is_some() && a.store.is_none());
    if empty {
        record(now_ms());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i64 = 3_600_000;
    const T: i64 = 1_800_000_000_000;
    /// A store's name in its anchor's MAC: its first event's hash (ADR-840).
    const STORE: &str = "5a1e";

    fn anchor(boot: &str, boottime_ms: i64, now_ms: i64) -> Anchor {
        Anchor::written(boot.into(), Reference { boottime_ms, now_ms }, &Served::default(), None, "", "")
    }

    fn now_of(r: Resolution) -> i64 {
        match r {
            Resolution::Anchored { reference, .. } => reference.now_ms,
            Resolution::Unresolved { .. } => panic!("unresolved"),
        }
    }

    #[test]
    fn on_the_same_boot_time_is_the_anchor_plus_the_boot_time_elapsed_whatever_the_wall_clock_says() {
        let a = anchor("b", 10_000, T);
        // 15 s later by the boot clock: the wall clock agrees, stepped back 1 h, or stepped 2 h forward.
        assert_eq!(now_of(resolve_local(Some(&a), Some(("b", 25_000)), T + 15_200, Some(T))), T + 15_000);
        assert_eq!(now_of(resolve_local(Some(&a), Some(("b", 25_000)), T + 15_000 - H, Some(T))), T + 15_000);
    }

    /// Attack 18, cases 4 and 6 (ADR-366): an anchor of this boot that tells a time before the journal's newest event
    /// (edited back an hour: expired approvals and closed undo windows would open again), or that was written at a boot
    /// clock reading later than now (time would stand at its `now`), is not believed; the record sets the floor.
    #[test]
    fn an_anchor_that_could_not_have_been_written_on_this_boot_is_not_believed() {
        let edited_back = anchor("b", 10_000, T - H);
        assert_eq!(now_of(resolve_local(Some(&edited_back), Some(("b", 25_000)), T + 15_000, Some(T))), T + 15_000);
        let behind = resolve_local(Some(&edited_back), Some(("b", 25_000)), T - H + 15_000, Some(T));
        assert!(matches!(behind, Resolution::Unresolved { floor_ms, .. } if floor_ms == T), "{behind:?}");
        let from_later = anchor("b", 30_000, T - 12_000);
        assert_eq!(now_of(resolve_local(Some(&from_later), Some(("b", 25_000)), T + 1_000, Some(T))), T + 1_000);
    }

    /// Attack 18, cases 12 and 13 (ADR-366): a wall clock run fast in steps each under the slack was followed and
    /// written into the anchor, one CLI after another; on one boot the door's time is the boot clock's, not the wall's.
    #[test]
    fn a_door_on_this_boot_does_not_follow_a_wall_clock_slightly_ahead() {
        let mut a = anchor("b", 10_000, T);
        for call in 1..=75 {
            let boottime = 10_000 + call * 400;
            let wall = T + call * 400 + call * 900;
            let now = now_of(resolve_local(Some(&a), Some(("b", boottime)), wall, Some(T)));
            assert_eq!(
                now,
                T + call * 400,
                "call {call}: the wall clock 0.9 s further ahead each time is not followed"
            );
            a = anchor("b", boottime, now);
        }
    }

    /// Attack 18, the anchor replaced (ADR-367): a writer beside the database writes an anchor of this boot a day
    /// ahead; every door started after would read that time, each budget window slid past its reservations. A door
    /// holding the seal key believes only an anchor sealed by it, and then reads the wall clock (never before the
    /// record); a door without the key cannot tell, as before.
    #[test]
    fn under_the_seal_key_only_an_anchor_sealed_by_it_is_believed() {
        let key = SealKey::from_bytes(&[7; 32]);
        let resolve = |a: Option<Anchor>, key: Option<&SealKey>| {
            let (a, note) = believed(a, key, "/srv/t.db.clock", Some(STORE), Some(("b", 25_000)), T + 15_000);
            (now_of(resolve_local(a.as_ref(), Some(("b", 25_000)), T + 15_000, Some(T))), note)
        };
        let none = Served::default();
        let forged = anchor("b", 10_000, T + 24 * H);
        let (now, note) = resolve(Some(forged.clone()), Some(&key));
        assert_eq!(now, T + 15_000, "a forged anchor a day ahead is not believed: the wall clock is read");
        assert!(note.is_some_and(|n| n.contains("ADR-367")), "the door says why");
        let mut resealed = Anchor::written(
            "b".into(),
            forged.at,
            &none,
            Some(&SealKey::from_bytes(&[8; 32])),
            "/srv/t.db.clock",
            STORE,
        );
        assert_eq!(resolve(Some(resealed.clone()), Some(&key)).0, T + 15_000, "sealed under another key");
        resealed.at.now_ms = T;
        assert_eq!(resolve(Some(resealed), Some(&key)).0, T + 15_000, "a sealed anchor edited");
        let elsewhere = Anchor::written("b".into(), forged.at, &none, Some(&key), "/srv/other.db.clock", STORE);
        assert_eq!(resolve(Some(elsewhere), Some(&key)).0, T + 15_000, "another store's anchor (attack 19, R2)");
        let honest = Anchor::written(
            "b".into(),
            Reference { boottime_ms: 10_000, now_ms: T },
            &none,
            Some(&key),
            "/srv/t.db.clock",
            STORE,
        );
        assert_eq!(Anchor::parse(&honest.text()).as_ref(), Some(&honest), "the MAC survives the file");
        assert_eq!(resolve(Some(honest), Some(&key)), (T + 15_000, None), "a sealed anchor is believed");
        assert_eq!(resolve(Some(forged), None).0, T + 24 * H + 15_000, "without the key a door cannot tell");
    }

    #[test]
    fn another_boot_or_no_anchor_follows_the_wall_clock_unless_it_reads_before_the_record() {
        let a = anchor("old", 10_000, T);
        assert_eq!(now_of(resolve_local(Some(&a), Some(("new", 5_000)), T + H, Some(T))), T + H);
        assert_eq!(now_of(resolve_local(None, Some(("new", 5_000)), T + H, Some(T))), T + H);
        let behind = resolve_local(Some(&a), Some(("new", 5_000)), T - H, Some(T - 2 * H));
        assert!(matches!(behind, Resolution::Unresolved { floor_ms, .. } if floor_ms == T), "{behind:?}");
        assert!(matches!(resolve_local(None, None, T - H, Some(T)), Resolution::Unresolved { .. }));
    }

    #[test]
    fn the_database_servers_clock_wins_over_a_stepped_replica() {
        assert_eq!(now_of(resolve_shared(T, 0, T + 2 * H)), T);
        assert_eq!(now_of(resolve_shared(T, 0, T + 300)), T, "the server's time, not the replica's wall clock");
    }

    #[test]
    fn an_outage_puts_off_only_the_deadlines_that_had_not_passed_when_it_began() {
        let outage = [Outage { from_ms: T, to_ms: T + 5_000 }];
        let decided = T - 500;
        assert_eq!(put_off(&outage, decided, T + 1_000), T + 6_000, "a deadline inside the outage gets all of it back");
        assert_eq!(put_off(&outage, decided, T), T + 5_000, "one due the moment the door went down too");
        assert_eq!(put_off(&outage, decided, T + 60_000), T + 65_000, "one after the restart keeps its whole margin");
        assert_eq!(put_off(&outage, decided, T - 1), T - 1, "one that passed while a door was up is not moved");
        assert_eq!(put_off(&outage, T + 6_000, T + 26_000), T + 26_000, "a permit decided after it is not moved");
        assert_eq!(put_off(&outage, T + 2_000, T + 4_000), T + 7_000, "one decided inside it gets what it lost");
    }

    /// Attack 19's R4 "twice" (ADR-369): two outages in a row each count; ADR-365 kept only the last one, and a
    /// 20 s deadline across 15 s down, 2 s up, 15 s down passed after 3 s of serving time.
    #[test]
    fn two_outages_in_a_row_each_put_the_deadline_off() {
        let outages =
            [Outage { from_ms: T + 1_000, to_ms: T + 16_000 }, Outage { from_ms: T + 18_000, to_ms: T + 33_000 }];
        assert_eq!(put_off(&outages, T, T + 20_000), T + 50_000, "20 s of serving time, as if no door had gone down");
        assert_eq!(
            put_off(&outages[1..], T, T + 20_000),
            T + 35_000,
            "the last alone: passed at +35 s, r2 came at +37 s"
        );
    }

    /// Attack 19's R5 (ADR-369): a serving process frozen longer than a deadline (SIGSTOP, a stalled VM) counts the gap
    /// between two ticks as an outage; before its ticker runs again, a deadline judged at once sees the gap still open.
    /// The served mark is only the serving process's: a CLI door carries it forward (R4 "clitouch").
    #[test]
    fn a_serving_process_frozen_between_two_ticks_counts_the_gap_as_an_outage() {
        let mut served = Served::default();
        assert_eq!(served.resume(T), None, "a store never served: no outage");
        for s in 1..=5 {
            assert_eq!(served.tick(T + s * 1_000), None, "ticks a second apart");
        }
        let decided = T + 5_500;
        let deadline = decided + 20_000;
        // Frozen from T + 5 s to T + 31 s: a request served at T + 31.2 s, before the ticker ran.
        let woke = T + 31_200;
        assert_eq!(served.outages_at(woke), vec![Outage { from_ms: T + 5_000, to_ms: woke }]);
        assert!(put_off(&served.outages_at(woke), decided, deadline) >= woke, "the frozen time is not the agent's");
        assert_eq!(served.tick(woke), Some(Outage { from_ms: T + 5_000, to_ms: woke }), "the ticker counts the gap");
        assert_eq!(served.outages_at(woke + 500), served.outages, "and it stays counted, closed");
        assert_eq!(put_off(&served.outages, decided, deadline), deadline + 25_700);
        // Written into the anchor (sealed, the served mark and outages inside the MAC), read back by the next door.
        let key = SealKey::from_bytes(&[7; 32]);
        let at = Reference { boottime_ms: 40_000, now_ms: woke };
        let written = Anchor::written("b".into(), at, &served, Some(&key), "/srv/t.db.clock", STORE);
        let read = Anchor::parse(&written.text()).unwrap();
        assert_eq!(read, written, "{}", written.text());
        assert!(read.verifies(&key, "/srv/t.db.clock", STORE));
        assert_eq!((read.served(), read.outages.len()), (Some(woke), 1));
        let mut dropped = read.clone();
        dropped.outages.clear();
        assert!(!dropped.verifies(&key, "/srv/t.db.clock", STORE), "an outage struck out of a sealed anchor");
        let mut moved = read.clone();
        moved.served_ms = Some(woke + 60_000);
        assert!(!moved.verifies(&key, "/srv/t.db.clock", STORE), "a served mark moved in a sealed anchor");
        let legacy = Anchor { legacy: true, served_ms: None, outages: Vec::new(), ..written.clone() };
        assert!(
            !Anchor { mac: written.mac.clone(), ..legacy }.verifies(&key, "/srv/t.db.clock", STORE),
            "nor made legacy"
        );
        // A CLI door that opens the store later writes its own time, and carries the served mark forward.
        let door = Served { served_ms: read.served(), outages: read.outages.clone(), ticked_ms: None };
        let touched =
            Anchor::written("b".into(), Reference { boottime_ms: 50_000, now_ms: woke + 10_000 }, &door, None, "", "");
        assert_eq!(touched.served(), Some(woke), "a CLI door does not refresh the served mark");
        assert_eq!(door.outages_at(woke + 60_000), read.outages, "nor does it count a gap of its own");
    }

    /// An anchor written before ADR-369 (`BOOT BOOTTIME NOW [MAC]`) is still read and, sealed, believed; its time is
    /// the served mark, as ADR-365 took it. A line neither form reads is no anchor.
    #[test]
    fn an_anchor_written_before_the_served_mark_is_still_read() {
        let key = SealKey::from_bytes(&[7; 32]);
        let at = Reference { boottime_ms: 10_000, now_ms: T };
        let mac = key.seal(&format!("clock anchor\0/srv/t.db.clock\0b\0{}\0{}", at.boottime_ms, at.now_ms));
        let old = Anchor::parse(&format!("b 10000 {T} {mac}\n")).unwrap();
        assert!(old.legacy && old.sealed(&key, "/srv/t.db.clock", STORE) == Sealed::BeforeTheStoreWasBound, "{old:?}");
        assert_eq!((old.served(), old.outages.len()), (Some(T), 0));
        assert_eq!(Anchor::parse(&old.text()), Some(old));
        assert!(Anchor::parse(&format!("b 10000 {T}\n")).is_some_and(|a| a.legacy && a.mac.is_none()));
        for bad in [
            format!("b 10000 {T} {mac} extra"),
            format!("b 10000 {T} served=1 outages=5:1"),
            format!("b 10000 {T} outages="),
            format!("b 10000 {T} served=- outages= colour=blue"),
        ] {
            assert_eq!(Anchor::parse(&bad), None, "{bad}");
        }
    }

    /// Attack 20's H2 (ADR-840): the MAC bound the anchor's file, not the store. A store deleted and created again at
    /// the same path (or a namespace re-created, or another database moved into its place) believed the old store's
    /// sealed anchor, put back by a writer without the key: 2 h ahead, 1,140 EUR against 1,000/h. The MAC names the
    /// store by its first event's hash; an anchor sealed while the journal was empty names no store and is not
    /// believed once it has one. An anchor sealed before ADR-840 is believed only where it tells the wall clock's time.
    #[test]
    fn under_the_seal_key_another_store_at_the_same_path_is_not_believed() {
        let key = SealKey::from_bytes(&[7; 32]);
        let site = "/srv/t.db.clock";
        let none = Served::default();
        let ahead = Reference { boottime_ms: 10_000, now_ms: T + 2 * H };
        let resolve = |a: &Anchor, store: Option<&str>| {
            let (a, note) = believed(Some(a.clone()), Some(&key), site, store, Some(("b", 25_000)), T + 15_000);
            (now_of(resolve_local(a.as_ref(), Some(("b", 25_000)), T + 15_000, Some(T))), note)
        };
        let old = Anchor::written("b".into(), ahead, &none, Some(&key), site, "01d5");
        assert_eq!(resolve(&old, Some("01d5")).0, T + 2 * H + 15_000, "its own store believes it");
        let (now, note) = resolve(&old, Some(STORE));
        assert_eq!(now, T + 15_000, "the store now at that path is another: the wall clock is read");
        assert!(note.is_some_and(|n| n.contains("ADR-840")), "the door says why");
        let empty = Anchor::written("b".into(), ahead, &none, Some(&key), site, EMPTY_STORE);
        assert_eq!(resolve(&empty, Some(STORE)).0, T + 15_000, "sealed while a journal was empty");
        assert_eq!(resolve(&empty, Some(EMPTY_STORE)).0, T + 2 * H + 15_000, "an empty store believes it");
        assert_eq!(resolve(&old, None).0, T + 15_000, "a store whose name cannot be read believes none");
        // Sealed before ADR-840 (the file only): believed where it tells the wall clock's time, so a restart that
        // upgrades keeps the served mark and outages; one ahead is another store's line, or a writer's.
        let unbound = |at: Reference| {
            let mut a = Anchor::written("b".into(), at, &none, None, site, "");
            a.mac = Some(key.seal(&a.unbound_mac_input(site)));
            a
        };
        let before = unbound(Reference { boottime_ms: 10_000, now_ms: T });
        assert_eq!(before.sealed(&key, site, STORE), Sealed::BeforeTheStoreWasBound);
        assert_eq!(resolve(&before, Some(STORE)), (T + 15_000, None), "an upgraded store's own anchor");
        let (now, note) = resolve(&unbound(ahead), Some(STORE));
        assert_eq!(now, T + 15_000, "one sealed before ADR-840 2 h ahead is not believed");
        assert!(note.is_some());
        let behind = unbound(Reference { boottime_ms: 10_000, now_ms: T - 10_000 });
        assert!(resolve(&behind, Some(STORE)).1.is_some(), "nor one 10 s behind (a window would open again)");
    }

    /// Attack 23's I1 (ADR-883, F883; `clone23.py reuse_copy`; RED before ADR-883 on ext4: the two sites were equal):
    /// ext4 gives a file created after another was deleted the freed inode number at once, so a copy written into a
    /// deleted copy's place had its identity (device and inode) and believed its anchor. The birth time tells them
    /// apart. On a filesystem that does not reuse the number at once, no round reuses it and the sites differ anyway.
    #[test]
    fn a_file_created_in_the_place_of_a_deleted_one_is_another_file_even_with_its_inode_number() {
        use std::os::unix::fs::MetadataExt as _;
        let dir = tempfile::tempdir().unwrap();
        let (db, anchor) = (dir.path().join("t.db"), dir.path().join("t.db.clock"));
        std::fs::write(&db, "first").unwrap();
        let (first, ino) = (site_of(&anchor), std::fs::metadata(&db).unwrap().ino());
        let mut reused = 0;
        for round in 0..20 {
            std::fs::remove_file(&db).unwrap();
            std::fs::write(&db, format!("copy {round}")).unwrap();
            reused += usize::from(std::fs::metadata(&db).unwrap().ino() == ino);
            assert_ne!(site_of(&anchor), first, "round {round}: a new file at the path has the deleted one's identity");
        }
        eprintln!("the inode number was reused in {reused} of 20 rounds");
    }

    /// F383 (attack 24's T1): a symlink planted at the name the next anchor is written under is not followed: the
    /// write fails and the file it points at keeps its bytes.
    #[test]
    fn the_next_anchor_is_never_written_through_a_planted_symlink() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("seal.key");
        std::fs::write(&victim, "the key").unwrap();
        let partial = dir.path().join("t.db.clock.4242");
        std::os::unix::fs::symlink(&victim, &partial).unwrap();
        assert!(write_new(&partial, "anchor text").is_err());
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "the key");
    }

    /// F388 (attack 25's D1): a directory at the anchor's name, which a rename cannot replace, is moved aside whole
    /// and the anchor placed; before, no anchor was ever written there again.
    #[test]
    fn a_directory_at_the_anchors_name_is_moved_aside_and_the_anchor_placed() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.db.clock");
        std::fs::create_dir(&file).unwrap();
        std::fs::write(file.join("planted"), "a writer's file").unwrap();
        let partial = partial_of(&file);
        write_new(&partial, "anchor text").unwrap();
        place(&partial, &file).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "anchor text");
        let aside: Vec<_> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(std::fs::read_to_string(aside[0].join("planted")).unwrap(), "a writer's file");
    }

    /// F383: the next anchor's name cannot be guessed from the process id alone (a serve's pid is visible).
    #[test]
    fn the_next_anchors_name_is_not_the_process_id_alone() {
        let file = Path::new("/tmp/t.db.clock");
        let (a, b) = (partial_of(file), partial_of(file));
        assert_ne!(a, b);
        assert_ne!(a, PathBuf::from(format!("/tmp/t.db.clock.{}", std::process::id())));
    }

    /// F383 (attack 24's T2): a FIFO, a directory or a symlink at the anchor's name reads as no anchor, at once.
    #[test]
    fn only_a_regular_file_at_the_anchors_very_name_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo.clock");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let started = std::time::Instant::now();
        assert!(read_anchor(&fifo).is_none());
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "reading a FIFO waited");
        let real = dir.path().join("real.clock");
        std::fs::write(&real, anchor("b", 1_000, T).text()).unwrap();
        assert!(read_anchor(&real).is_some());
        let link = dir.path().join("link.clock");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert!(read_anchor(&link).is_none(), "a symlink at the anchor's name was followed");
        assert!(read_anchor(dir.path()).is_none());
    }
}
