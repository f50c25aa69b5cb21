//! The server's clock: the wall clock, with its steps taken out (issue 19, ADR-141).
//!
//! Windows, TTLs, undo windows and approvals are all judged against `now`. An NTP step of the wall clock would move
//! them: a forward step slides every budget and rate window past reservations that are seconds old (capacity granted
//! early), a backward step re-opens expired approvals and closed undo windows. So the server's `now` follows the wall
//! clock only while it agrees with the monotonic clock; when the two disagree by more than a small slack (a step, not
//! a slew), `now` advances by the monotonic time elapsed instead, and never goes back. The offset a step leaves
//! stays: across a restart too, since the clock starts from the door's anchored time (ADR-730), which `serve` writes
//! beside the database each second.

use std::sync::Mutex;
use std::time::Instant;

/// A reading: the wall clock and the monotonic clock when it was taken, and the `now` it gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub wall_ms: i64,
    pub mono_ms: i64,
    pub now_ms: i64,
}

/// How far the wall clock may run apart from the monotonic clock between two readings and still be followed: 1 s
/// plus 0.1 % of the interval (NTP slews at most 0.05 %).
fn slack_ms(mono_delta_ms: i64) -> i64 {
    1_000 + mono_delta_ms / 1_000
}

/// The next reading after `prev`, given the clocks now. Pure: the unit tests drive it with made-up clocks.
pub fn step(prev: Reading, wall_ms: i64, mono_ms: i64) -> Reading {
    let mono_delta = (mono_ms - prev.mono_ms).max(0);
    let wall_delta = wall_ms - prev.wall_ms;
    let delta = if (wall_delta - mono_delta).abs() <= slack_ms(mono_delta) { wall_delta } else { mono_delta };
    Reading { wall_ms, mono_ms, now_ms: prev.now_ms + delta.max(0) }
}

/// A process-wide steady clock (see the module doc).
pub struct SteadyClock {
    start: Instant,
    last: Mutex<Reading>,
}

impl SteadyClock {
    pub fn new() -> SteadyClock {
        SteadyClock::starting_at(jiff::Timestamp::now().as_millisecond())
    }

    /// A clock whose first `now` is `start_ms`, the door's anchored time (ADR-730): a wall clock stepped while no
    /// process ran, back or forward, is not followed; time advances from the anchor with the monotonic clock, and with
    /// the wall clock where it agrees.
    pub fn starting_at(start_ms: i64) -> SteadyClock {
        let wall_ms = jiff::Timestamp::now().as_millisecond();
        SteadyClock { start: Instant::now(), last: Mutex::new(Reading { wall_ms, mono_ms: 0, now_ms: start_ms }) }
    }

    pub fn now_ms(&self) -> i64 {
        let mono_ms = i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX);
        let wall_ms = jiff::Timestamp::now().as_millisecond();
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *last = step(*last, wall_ms, mono_ms);
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
        Reading { wall_ms: now, mono_ms: 0, now_ms: now }
    }

    #[test]
    fn follows_the_wall_clock_while_it_agrees_with_the_monotonic_clock() {
        let r = step(at(1_000_000), 1_000_000 + 5_000, 5_000);
        assert_eq!(r.now_ms, 1_005_000);
        // A slew of 300 ms over 5 s is followed.
        let r = step(r, r.wall_ms + 5_300, 10_000);
        assert_eq!(r.now_ms, 1_010_300);
    }

    #[test]
    fn a_forward_step_advances_now_by_the_elapsed_time_only() {
        let r = step(at(10 * H), 10 * H + 2 * H + 1_000, 1_000);
        assert_eq!(r.now_ms, 10 * H + 1_000, "a 2 h step must not slide the windows");
        let r = step(r, r.wall_ms + 1_000, 2_000);
        assert_eq!(r.now_ms, 10 * H + 2_000, "after the step, time goes on at the wall clock's pace");
    }

    #[test]
    fn a_backward_step_never_moves_now_back() {
        let r = step(at(10 * H), 10 * H - H + 4_000, 4_000);
        assert_eq!(r.now_ms, 10 * H + 4_000, "a 1 h backward step must not re-open expired approvals or undo windows");
        let r = step(r, r.wall_ms - 10, 4_000);
        assert!(r.now_ms >= 10 * H + 4_000, "now never decreases");
    }
}
