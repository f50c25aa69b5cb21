//! Time windows for limits and budgets, and plain durations (approval TTL, undo window).
//!
//! Two kinds of window, chosen by the unit of `per`:
//! - `per: 30s | 15m | 1h | 24h` is **rolling**: it covers the last N units before the decision
//!   (`(now - N, now]`). Capacity comes back as old reservations age out.
//! - `per: 1d | 7d` is **calendar days** in the policy's `timezone` (default UTC): `1d` is "today since local
//!   midnight", `7d` is "today and the six local days before it". It resets at local midnight, and a local day
//!   may be 23 or 25 hours long across a DST change.

use jiff::{Timestamp, ToSpan, tz::TimeZone};
use std::fmt;

/// A limit or budget window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// The last `ms` milliseconds.
    Rolling { ms: i64 },
    /// The current local calendar day and the `days - 1` days before it.
    CalendarDays { days: i64 },
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Window::Rolling { ms } => write!(f, "{}", format_duration_ms(*ms)),
            Window::CalendarDays { days } => write!(f, "{days}d"),
        }
    }
}

const UNIT_HELP: &str = "a whole number followed by s, m, h (rolling) or d (calendar days), e.g. `1h`, `24h`, `1d`";

impl Window {
    /// Parses `30s`, `15m`, `1h`, `24h` (rolling) or `1d`, `7d` (calendar days).
    pub fn parse(text: &str) -> Result<Window, String> {
        let (n, unit) = split_amount(text)?;
        match unit {
            "d" => Ok(Window::CalendarDays { days: n }),
            _ => Ok(Window::Rolling { ms: unit_ms(unit, n)? }),
        }
    }

    /// The first millisecond inside the window that ends at `now_ms`.
    pub fn start_ms(&self, now_ms: i64, tz: &TimeZone) -> i64 {
        match *self {
            // Exclusive of its start, so a reservation made at `t` leaves the window exactly at `t + N`, the
            // instant `resets_at_ms` names.
            Window::Rolling { ms } => now_ms.saturating_sub(ms) + 1,
            Window::CalendarDays { days } => local_midnight_ms(now_ms, tz, -(days - 1)),
        }
    }

    /// When capacity next comes back. For a rolling window that is when the oldest reservation still inside it
    /// ages out (or `now` when there is none); for calendar days it is the next local midnight.
    pub fn resets_at_ms(&self, now_ms: i64, tz: &TimeZone, oldest_in_window_ms: Option<i64>) -> i64 {
        match *self {
            Window::Rolling { ms } => oldest_in_window_ms.map_or(now_ms, |oldest| oldest.saturating_add(ms)),
            Window::CalendarDays { .. } => local_midnight_ms(now_ms, tz, 1),
        }
    }
}

/// Local midnight of the day `day_offset` days from the local day holding `now_ms`, as epoch milliseconds.
fn local_midnight_ms(now_ms: i64, tz: &TimeZone, day_offset: i64) -> i64 {
    let Ok(now) = Timestamp::from_millisecond(now_ms) else {
        return now_ms;
    };
    let zoned = now.to_zoned_datetime(tz.clone());
    let midnight =
        zoned.start_of_day().and_then(|start| start.checked_add(day_offset.days())).and_then(|day| day.start_of_day());
    match midnight {
        Ok(m) => m.timestamp().as_millisecond(),
        Err(_) => now_ms,
    }
}

/// Parses a plain duration (`90s`, `15m`, `24h`, `2d` = 48h) into milliseconds.
pub fn parse_duration_ms(text: &str) -> Result<i64, String> {
    let (n, unit) = split_amount(text)?;
    unit_ms(unit, n)
}

/// Formats milliseconds back into the largest whole unit (`86400000` → `24h`).
pub fn format_duration_ms(ms: i64) -> String {
    for (unit, size) in [("h", 3_600_000), ("m", 60_000), ("s", 1_000)] {
        if ms % size == 0 {
            return format!("{}{unit}", ms / size);
        }
    }
    format!("{ms}ms")
}

fn split_amount(text: &str) -> Result<(i64, &str), String> {
    let text = text.trim();
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let (number, unit) = text.split_at(digits);
    let n: i64 = number.parse().map_err(|_| format!("`{text}` is not a duration: expected {UNIT_HELP}"))?;
    if n <= 0 || n > 100_000 {
        return Err(format!("`{text}` is out of range: expected a whole number from 1 to 100000 before the unit"));
    }
    if !matches!(unit, "s" | "m" | "h" | "d") {
        return Err(format!("`{text}` has an unknown unit: expected {UNIT_HELP}"));
    }
    Ok((n, unit))
}

fn unit_ms(unit: &str, n: i64) -> Result<i64, String> {
    let size = match unit {
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        other => return Err(format!("unknown unit `{other}`: expected {UNIT_HELP}")),
    };
    Ok(n * size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> i64 {
        text.parse::<Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn rolling_windows_cover_the_last_n_units() {
        let w = Window::parse("24h").unwrap();
        let now = ms("2026-03-10T12:00:00Z");
        assert_eq!(w.start_ms(now, &TimeZone::UTC), ms("2026-03-09T12:00:00Z") + 1);
        assert_eq!(w.resets_at_ms(now, &TimeZone::UTC, Some(ms("2026-03-09T15:00:00Z"))), ms("2026-03-10T15:00:00Z"));
    }

    #[test]
    fn calendar_days_follow_local_midnight() {
        let berlin = TimeZone::get("Europe/Berlin").unwrap();
        let w = Window::parse("1d").unwrap();
        // 23:30 UTC on 9 March is 00:30 on 10 March in Berlin (UTC+1): the local day began 30 minutes ago.
        let now = ms("2026-03-09T23:30:00Z");
        assert_eq!(w.start_ms(now, &berlin), ms("2026-03-09T23:00:00Z"));
        assert_eq!(w.resets_at_ms(now, &berlin, None), ms("2026-03-10T23:00:00Z"));
        // The same instant in UTC is still 9 March.
        assert_eq!(w.start_ms(now, &TimeZone::UTC), ms("2026-03-09T00:00:00Z"));
        let week = Window::parse("7d").unwrap();
        assert_eq!(week.start_ms(now, &TimeZone::UTC), ms("2026-03-03T00:00:00Z"));
    }

    #[test]
    fn a_dst_day_is_23_hours_long() {
        let berlin = TimeZone::get("Europe/Berlin").unwrap();
        let w = Window::parse("1d").unwrap();
        // 29 March 2026: clocks go from 02:00 to 03:00 in Berlin.
        let now = ms("2026-03-29T12:00:00Z");
        let start = w.start_ms(now, &berlin);
        let reset = w.resets_at_ms(now, &berlin, None);
        assert_eq!(reset - start, 23 * 3_600_000);
    }

    #[test]
    fn bad_durations_are_explained() {
        assert!(Window::parse("1w").unwrap_err().contains("unknown unit"));
        assert!(Window::parse("h").unwrap_err().contains("not a duration"));
        assert!(Window::parse("0h").unwrap_err().contains("out of range"));
        assert_eq!(parse_duration_ms("15m").unwrap(), 900_000);
        assert_eq!(format_duration_ms(86_400_000), "24h");
    }
}
