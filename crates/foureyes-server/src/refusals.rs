//! Refusals without journal flooding. Every refusal is still audited, but per credential and kind (its error code)
//! only the first [`JOURNALED_PER_WINDOW`] of a [`REFUSAL_WINDOW_MS`] window are journaled in full; the repeats are counted and
//! journaled as one summary `refused` event when the window closes (count, first and last time, the first repeat as a
//! sample). A credential refused more than [`THROTTLE_AFTER`] times in one window is throttled: its refusals are
//! answered `429` with `Retry-After` until the window ends, and the throttling is journaled once.
//!
//! So an authenticated agent sending garbage as fast as it can adds about thirty events per minute and kind, and the journal
//! still says what it did and how often.

use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Mutex;

/// How long repeats of one refusal are gathered into one summary.
pub const REFUSAL_WINDOW_MS: i64 = 60_000;
/// Refusals of one kind from one credential journaled in full per window before the rest are summarised: a person
/// mistyping a few times, or a test of every endpoint, sees each refusal in the journal at once.
pub const JOURNALED_PER_WINDOW: u64 = 30;
/// Refusals of one credential in one window past which it is answered `429`.
pub const THROTTLE_AFTER: u64 = 100;

struct Window {
    start_ms: i64,
    /// Refusals journaled in full in this window.
    journaled: u64,
    last_ms: i64,
    /// Refusals counted in this window but not journaled one by one.
    repeats: u64,
    sample: Option<Value>,
}

/// What to do with one refusal: first journal `summaries` (windows that closed, and the throttling once), then as
/// `verdict` says.
#[derive(Debug, PartialEq)]
pub struct Admission {
    pub summaries: Vec<Summary>,
    pub verdict: Verdict,
}

#[derive(Debug, PartialEq)]
pub enum Verdict {
    /// Journal it in full: the first of its kind in its window.
    Journal,
    /// Counted for the window's summary; nothing journaled now.
    Counted,
    /// The credential is throttled: answer 429 with `Retry-After` (seconds); counted for the summary too.
    Throttled { retry_after_s: u64 },
}

/// One summary event to journal: `refused` with the credential, the code and what happened.
#[derive(Debug, PartialEq)]
pub struct Summary {
    pub who: String,
    pub code: String,
    pub message: String,
    pub input: Value,
}

#[derive(Default)]
pub struct RefusalLimiter {
    windows: Mutex<HashMap<(String, String), Window>>,
    /// Per credential: refusals in its current window and whether the throttling was journaled.
    credentials: Mutex<HashMap<String, (i64, u64, bool)>>,
}

fn summary(who: &str, code: &str, w: &Window) -> Summary {
    Summary {
        who: who.to_string(),
        code: code.to_string(),
        message: format!(
            "{} more `{code}` refusals of `{who}` between {} and {} (ms), journaled as this one summary",
            w.repeats, w.start_ms, w.last_ms
        ),
        input: json!({
            "repeated": {"count": w.repeats, "first_ms": w.start_ms, "last_ms": w.last_ms, "window_ms": REFUSAL_WINDOW_MS},
            "sample": w.sample,
        }),
    }
}

impl RefusalLimiter {
    /// Decides what to do with a refusal of `who` with `code` at `now_ms`; `message` and `input` are what would be
    /// journaled (the first repeat's are kept as the summary's sample).
    pub fn admit(&self, who: &str, code: &str, message: &str, input: &Value, now_ms: i64) -> Admission {
        let mut summaries = self.closed(now_ms);
        let (count, since_ms) = {
            let mut credentials = self.credentials.lock().unwrap_or_else(|p| p.into_inner());
            let entry = credentials.entry(who.to_string()).or_insert((now_ms, 0, false));
            if now_ms - entry.0 >= REFUSAL_WINDOW_MS {
                *entry = (now_ms, 0, false);
            }
            entry.1 += 1;
            if entry.1 > THROTTLE_AFTER && !entry.2 {
                entry.2 = true;
                let until_ms = entry.0 + REFUSAL_WINDOW_MS;
                summaries.push(Summary {
                    who: who.to_string(),
                    code: "throttled".to_string(),
                    message: format!(
                        "`{who}` was refused {} times within {} s: its refusals are answered 429 until {until_ms} (ms)",
                        entry.1,
                        REFUSAL_WINDOW_MS / 1000
                    ),
                    input: json!({"count": entry.1, "since_ms": entry.0, "until_ms": until_ms}),
                });
            }
            (entry.1, entry.0)
        };
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        let journal_in_full = match windows.get_mut(&(who.to_string(), code.to_string())) {
            Some(w) if w.journaled < JOURNALED_PER_WINDOW && count <= THROTTLE_AFTER => {
                w.journaled += 1;
                true
            }
            Some(w) => {
                w.repeats += 1;
                w.last_ms = now_ms;
                if w.sample.is_none() {
                    w.sample = Some(json!({"message": message, "input": input}));
                }
                false
            }
            None => {
                let w = Window { start_ms: now_ms, journaled: 1, last_ms: now_ms, repeats: 0, sample: None };
                windows.insert((who.to_string(), code.to_string()), w);
                true
            }
        };
        let verdict = if count > THROTTLE_AFTER {
            let left_ms = (since_ms + REFUSAL_WINDOW_MS - now_ms).max(1000);
            Verdict::Throttled { retry_after_s: u64::try_from((left_ms + 999) / 1000).unwrap_or(1) }
        } else if journal_in_full {
            Verdict::Journal
        } else {
            Verdict::Counted
        };
        Admission { summaries, verdict }
    }

    /// Removes the windows that closed by `now_ms` and returns the summaries of those that had repeats.
    pub fn closed(&self, now_ms: i64) -> Vec<Summary> {
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        let mut out = Vec::new();
        windows.retain(|(who, code), w| {
            if now_ms - w.start_ms < REFUSAL_WINDOW_MS {
                return true;
            }
            if w.repeats > 0 {
                out.push(summary(who, code, w));
            }
            false
        });
        out
    }

    /// Every window's summary, closed or not (at shutdown: nothing counted is left unjournaled).
    pub fn drain(&self) -> Vec<Summary> {
        self.closed(i64::MAX)
    }
}
