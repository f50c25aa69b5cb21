//! Human-readable rendering of decisions, approvals and events. `--json` output bypasses this module.

use foureyes_core::journal::Event;
use foureyes_core::{ApprovalRecord, BudgetKind, DecisionRecord, DemotionRecord, DemotionStatus};
use foureyes_store::Decided;
use serde_json::Value;

/// Writes `text` to stdout and flushes it, saying whether it got there (`println!` panics when it cannot, F1431).
pub fn write_stdout(text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Whether stdout is a device no person reads: a character device that is not a terminal — `/dev/null` (`>
/// /dev/null`, or a closed stdout, for which Rust's runtime opens `/dev/null` before `main`; attack 44's H7), and as
/// much `/dev/zero`, `/dev/urandom` or a node made for either, which take a write and keep nothing, or `/dev/kmsg`,
/// which puts it in the kernel's log (attack 45's M1). A terminal is a character device a person reads; a file or a
/// pipe is read later by whoever made it.
pub fn stdout_reaches_no_one() -> bool {
    use std::io::IsTerminal as _;
    use std::os::fd::AsFd as _;
    use std::os::unix::fs::FileTypeExt as _;
    // Opened for reading only (`1<file`): every write fails with EBADF, which Rust's stdout counts as written (it
    // treats a closed stdout so), and the token went nowhere (attack 46's H5, F1453). The descriptor's access mode is
    // the low two bits of its octal `flags:` in `/proc/self/fdinfo/1` (0: read only).
    let read_only = std::fs::read_to_string("/proc/self/fdinfo/1").ok().is_some_and(|info| {
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0)
    });
    if read_only {
        return true;
    }
    let Ok(fd) = std::io::stdout().as_fd().try_clone_to_owned() else { return false };
    let Ok(out) = std::fs::File::from(fd).metadata() else { return false };
    out.file_type().is_char_device() && !std::io::stdout().is_terminal()
}

pub fn time(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| t.round(jiff::Unit::Second).map(|t| t.to_string()).unwrap_or_default())
        .unwrap_or_else(|_| ms.to_string())
}

/// The `--json` form of a decision.
pub fn decision_json(d: &DecisionRecord) -> Value {
    d.verdict_json()
}

/// The `--json` form of a decide answer: the decision plus `replayed` (the HTTP API's answer has the same shape).
pub fn decided_json(d: &Decided) -> Value {
    let mut v = d.decision.verdict_json();
    if let Some(obj) = v.as_object_mut() {
        obj.insert("replayed".into(), Value::Bool(d.replayed));
    }
    v
}

/// A decide answer for people: the decision, and a line saying when it is a replay.
pub fn print_decided(d: &Decided) {
    print_decision(&d.decision);
    if d.replayed {
        println!(
            "  replayed: request_id `{}` was already decided; this is that decision, nothing new was decided",
            d.decision.request.request_id
        );
    }
}

pub fn print_decision(d: &DecisionRecord) {
    let mut head = format!(
        "{:<8} decision {}  {}  tier {}  [{}]",
        d.verdict.as_str(),
        d.decision_id,
        d.request.action,
        d.tier,
        d.status.as_str()
    );
    if let Some(a) = d.approval_id {
        head.push_str(&format!("  approval {a}"));
    }
    if let Some(w) = d.would_have {
        head.push_str(&format!("  (would have: {w})"));
    }
    println!("{head}");
    for r in &d.reasons {
        println!("  {}: {}", r.code.as_str(), shown(&r.message));
    }
    for b in &d.budgets {
        let what = match (&b.kind, &b.param) {
            (BudgetKind::Budget, Some(p)) => format!("budget {p}"),
            _ => "limit".to_string(),
        };
        println!(
            "  {what} per {}: {} of {} used before this, {} requested, {} left{}, resets {}",
            b.per,
            b.consumed,
            b.limit,
            b.requested,
            b.remaining,
            if b.exceeded { " (EXCEEDED)" } else { "" },
            time(b.resets_at_ms)
        );
    }
    println!("  digest {}", d.digest);
}

/// `text` with every character that hides, fakes or reorders what a terminal shows escaped as `\u{…}` — controls,
/// bidi controls, zero-width and other default-ignorable characters, separators and spaces other than the ASCII
/// space ([`foureyes_core::hidden`], the set the console marks). An approver must read the bytes that will run (F52,
/// ADR-391).
pub fn shown(text: &str) -> String {
    foureyes_core::hidden::escaped(text)
}

/// A *name* as every listing and message shows it — a secret's, a credential's, a session's, an approver's, a pin's:
/// the one escape ADR-1321 made for pins ([`foureyes_core::tool_pin::shown`]), used everywhere a name is shown
/// (attack 41's H5, H8, ADR-1410). Every character other than visible ASCII and the space is escaped, the backslash
/// too, so two names are never shown alike (`al\u{200b}ice` typed with a backslash is not the name holding U+200B,
/// `b\u{430}se` is not `base`) and no name erases a line, forges a row or reorders the text after it.
pub fn shown_name(name: &str) -> String {
    foureyes_core::tool_pin::shown(name)
}

/// An approval as the journal tells it: a row the journal does not back is printed under an ALTERED line first
/// (ADR-610), so nobody approves a forged request for the real one.
pub fn print_checked_approval(a: &ApprovalRecord, altered: Option<&foureyes_store::Altered>) {
    if let Some(altered) = altered {
        println!("approval {}  {}", a.approval_id, shown(&altered.line()));
    }
    print_approval(a);
}

/// The JSON of an approval as `approvals list/show --json` print it: the record, and `altered` when its row is not
/// what the journal says (ADR-610).
pub fn checked_approval_json(a: &ApprovalRecord, altered: Option<&foureyes_store::Altered>) -> serde_json::Value {
    let mut v = serde_json::json!(a);
    if let (Some(altered), Some(obj)) = (altered, v.as_object_mut()) {
        obj.insert("altered".into(), serde_json::json!(altered));
    }
    v
}

pub fn print_approval(a: &ApprovalRecord) {
    println!(
        "approval {}  [{}]  {}  by agent {}  ({} of {} approvals; expires {})",
        a.approval_id,
        a.status.as_str(),
        shown(&a.request.action),
        shown_name(&a.request.agent),
        a.approvers.len(),
        a.required,
        time(a.expires_at_ms)
    );
    println!("  params  {}", shown(&serde_json::to_string(&a.request.params).unwrap_or_default()));
    if let Some(t) = &a.request.target {
        println!("  target  {}", shown(&t.to_string()));
    }
    for r in &a.reasons {
        println!("  {}: {}", r.code.as_str(), shown(&r.message));
    }
    if !a.approvers.is_empty() {
        println!("  approved by {}", a.approvers.iter().map(|n| shown_name(n)).collect::<Vec<_>>().join(", "));
    }
    if let Some(by) = &a.decided_by
        && a.status == foureyes_core::ApprovalStatus::Rejected
    {
        let reason = a.reject_reason.as_deref().map(|r| format!(": {}", shown(r))).unwrap_or_default();
        println!("  rejected by {}{reason}", shown_name(by));
    }
    if let Some(by) = &a.revoked_by {
        let reason = a.revoke_reason.as_deref().map(|r| format!(": {}", shown(r))).unwrap_or_default();
        println!("  revoked by {}{reason}", shown(by));
    }
    if a.step_up {
        println!("  step-up: the approver must re-prove identity");
    }
    println!("  digest  {}", a.digest);
}

pub fn print_demotion(d: &DemotionRecord) {
    let whose = match &d.session {
        Some(s) => format!("session {} of agent {}", shown_name(s), shown_name(&d.agent)),
        None => format!("agent {} (every session)", shown_name(&d.agent)),
    };
    let when = match d.status {
        DemotionStatus::Active => format!("until {}", time(d.until_ms)),
        _ => format!("ended {}", time(d.ended_at_ms.unwrap_or(d.until_ms))),
    };
    println!("demotion {}  [{}]  {whose}  {when}", d.demotion_id, d.status.as_str());
    println!("  {}: {} (decision {})", d.signal.as_str(), shown(&d.reason), d.decision_id);
    if let Some(by) = &d.ended_by {
        println!("  restored by {}: {}", shown_name(by), shown(d.ended_reason.as_deref().unwrap_or_default()));
    }
}

pub fn print_event(e: &Event) {
    let data = serde_json::to_string(&e.data).unwrap_or_default();
    let data = if data.len() > 160 { format!("{}…", &data[..data.floor_char_boundary(160)]) } else { data };
    // JSON escapes the controls but not what reorders or hides text: an executor's detail "paid <RLO>EUR 001<PDF>"
    // read "paid 100 RUE", a session `se<U+200B>ss` read `sess` (attack 41's H8, ADR-1411). A literal backslash is
    // `\\` in JSON, so `\u{…}` here is only ever an escape.
    println!("{:>6}  {}  {:<18} {}", e.seq, time(e.ts_ms), e.kind.as_str(), shown(&data));
}
