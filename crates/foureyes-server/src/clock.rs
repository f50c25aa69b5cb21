//! The server's clock: its start time advanced by the boot clock, never by the wall clock (issue 19, ADR-141,
//! ADR-366).
//!
//! Windows, TTLs, undo windows and approvals are all judged against `now`. An NTP step of the wall clock would move
//! them: a forward step slides every budget and rate window past reservations that are seconds old (capacity granted
//! early), a backward step re-opens expired approvals and closed undo windows. ADR-141 followed the wall clock while
//! it agreed with the monotonic clock between two readings; attack 18 ran the wall clock 1.1–1.9× fast in steps each
//! under that slack and the server followed it all the way (a 1-minute budget spent twice in 45 s). So `now` is the
//! start time (the door's anchored time, ADR-730) plus `CLOCK_BOOTTIME` elapsed: slewed by NTP like the wall clock,
//! never stepped, going on through a suspend. It never goes back. `serve` writes it beside the database each second.

use std::sync::Mutex;
use std::time::Instant;

/// A reading: the boot clock when it was taken and the `now` it gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub mono_ms: i64,
    pub now_ms: i64,
}

/// The next reading after `prev`, given the boot clock now: `now` advances by the boot time elapsed, whatever the
/// wall clock did. Pure: the unit tests drive it with made-up clocks.
pub fn step(prev: Reading, mono_ms: i64) -> Reading {
    Reading { mono_ms: mono_ms.max(prev.mono_ms), now_ms: prev.now_ms + (mono_ms - prev.mono_ms).max(0) }
}

/// A process-wide steady clock (see the module doc).
pub struct SteadyClock {
    start: Instant,
    boot_start_ms: Option<i64>,
    last: Mutex<Reading>,
}

impl SteadyClock {
    /// A clock starting at the wall clock's time now.
    pub fn new() -> SteadyClock {
        SteadyClock::starting_at(jiff::Timestamp::now().as_millisecond())
    }

    /// A clock whose `now` starts at `start_ms` (the door's anchored time, ADR-730) and advances by the boot clock.
    pub fn starting_at(start_ms: i64) -> SteadyClock {
        SteadyClock {
            start: Instant::now(),
            boot_start_ms: foureyes_store::clock_floor::boottime_ms(),
            last: Mutex::new(Reading { mono_ms: 0, now_ms: start_ms }),
        }
    }

    /// Time elapsed since the start: by `CLOCK_BOOTTIME` where there is one, else by the monotonic clock.
    fn elapsed_ms(&self) -> i64 {
        match (self.boot_start_ms, foureyes_store::clock_floor::boottime_ms()) {
            (Some(start), Some(now)) => now - start,
            _ => i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX),
        }
    }

    pub fn now_ms(&self) -> i64 {
        let mono_ms = self.elapsed_ms();
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *last = step(*last, mono_ms);
        last.now_ms
    }
}

impl Default for SteadyClock {
    fn default() -> Self {
        SteadyClock::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i64 = 3_600_000;

    fn at(now: i64) -> Reading {
        Reading { mono_ms: 0, now_ms: now }
    }

    #[test]
    fn advances_by_the_boot_time_elapsed_only() {
        let r = step(at(10 * H), 5_000);
        assert_eq!(r.now_ms, 10 * H + 5_000);
        let r = step(r, 10_000);
        assert_eq!(r.now_ms, 10 * H + 10_000);
    }

    /// Attack 18 (ADR-366): a wall clock run 1.9× fast in 100 ms steps, each far under any slack, must not move `now`
    /// faster than the boot clock; ADR-141's "follow it while it agrees" followed it all the way.
    #[test]
    fn a_wall_clock_run_fast_in_small_steps_is_not_followed() {
        let mut r = at(10 * H);
        for tick in 1..=450 {
            r = step(r, tick * 100);
        }
        assert_eq!(r.now_ms, 10 * H + 45_000, "45 s by the boot clock is 45 s, whatever the wall clock gained");
    }

    #[test]
    fn now_never_goes_back() {
        let r = step(at(10 * H), 4_000);
        let r = step(r, 3_000);
        assert_eq!(r.now_ms, 10 * H + 4_000, "a boot clock read out of order must not move now back");
    }
}
