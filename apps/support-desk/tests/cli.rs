//! The binary end to end: seed, a run interrupted in one process and resumed in another, and both evals on the
//! app's own datasets.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn desk(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_support-desk"))
        .args(args)
        .env("SUPPORT_DESK_DB", dir.join("desk.db"))
        .env("FOUREYES_DB", dir.join("fe.db"))
        .output()
        .expect("run support-desk");
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

fn json(text: &str) -> Value {
    let start = text.find('{').expect("json output");
    let end = text.rfind('}').expect("json output");
    serde_json::from_str(&text[start..=end]).expect("json")
}

#[test]
fn seed_start_then_resume_in_another_process() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (ok, out) = desk(dir.path(), &["seed"]);
    assert!(ok, "{out}");
    assert!(out.contains("seeded 63 tickets"), "{out}");
    // Ticket 1 is a damaged-item refund inside the window.
    let (ok, out) = desk(dir.path(), &["start", "1"]);
    assert!(ok, "{out}");
    let v = json(&out);
    assert_eq!(v["stop"], "interrupted");
    assert_eq!(v["node"], "await_decision");
    assert_eq!(v["proposal"]["tool"], "issue_refund");
    let (ok, out) = desk(dir.path(), &["start", "1"]);
    assert!(!ok, "a second start is refused: {out}");
    let (ok, out) = desk(dir.path(), &["resume", "1", "approved", "--by", "support-desk-agent"]);
    assert!(!ok, "the agent cannot approve its own request: {out}");
    let (ok, out) = desk(dir.path(), &["resume", "1", "approved", "--by", "alice"]);
    assert!(ok, "{out}");
    let v = json(&out);
    assert_eq!(v["stop"], "end");
    assert!(v["outcome"].as_str().expect("outcome").starts_with("executed issue_refund"), "{v}");
    // A refusal ends without reaching the gate (ticket 3 is the 64-day-old refund).
    let (ok, out) = desk(dir.path(), &["start", "3"]);
    assert!(ok, "{out}");
    let v = json(&out);
    assert_eq!((v["stop"].as_str(), v["classification"]["action"].as_str()), (Some("end"), Some("refuse")));
}

fn eval(kind: &str, file: &str) -> Value {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("evals").join(file);
    let report = dir.path().join("report.json");
    let (ok, out) = desk(
        dir.path(),
        &["eval", kind, "--input", input.to_str().expect("utf-8"), "--report", report.to_str().expect("utf-8")],
    );
    assert!(ok, "{out}");
    serde_json::from_str(&std::fs::read_to_string(report).expect("report")).expect("json")
}

#[test]
fn redteam_executes_no_refund_and_sees_every_layer() {
    let r = eval("redteam", "redteam.jsonl");
    assert!(r["total"].as_u64().expect("total") >= 50);
    assert_eq!(r["unauthorized_executions"], 0);
    assert_eq!(r["not_blocked"].as_array().expect("list").len(), 0);
    for layer in ["content_layer", "structural_layer", "business_guardrail"] {
        assert!(r["layers_seen"][layer].as_u64().expect("count") > 0, "{layer} never blocked");
    }
}

#[test]
fn benchmark_on_the_app_dataset() {
    let r = eval("benchmark", "benchmark.jsonl");
    assert!(r["total"].as_u64().expect("total") >= 100);
    assert_eq!(r["misses"].as_array().expect("misses").len(), 0, "{}", r["misses"]);
    assert_eq!(r["false_block_rate"], 0.0);
}

/// A human who answers in the FourEyes console (not through `resume`) is picked up by `continue`; the kill switch
/// holds an approved refund at the gate (the approval is kept, not turned into a rejection) until it is off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn continue_picks_up_a_console_answer_and_the_kill_switch_holds_the_run_at_the_gate() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(desk(dir.path(), &["seed"]).0);
    let (ok, out) = desk(dir.path(), &["start", "1"]);
    assert!(ok, "{out}");
    let started = json(&out);
    let approval = started["approval_id"].as_i64().expect("approval id");
    let digest = started["digest"].as_str().expect("digest").to_string();
    // Nobody answered yet: it keeps waiting.
    let (ok, out) = desk(dir.path(), &["continue", "1"]);
    assert!(ok, "{out}");
    assert_eq!(json(&out)["stop"], "interrupted", "{out}");
    // The console path: alice approves this digest through FourEyes itself; then the operator pulls the kill switch.
    {
        let store = support_desk::open_store(&dir.path().join("fe.db")).expect("store");
        store.approve(approval, "alice", Some(&digest), support_desk::now_ms()).await.expect("approve");
        store.set_kill_switch(true, "operator", support_desk::now_ms()).await.expect("kill switch");
    }
    let (ok, out) = desk(dir.path(), &["continue", "1"]);
    assert!(ok, "{out}");
    let held = json(&out);
    assert_eq!((held["stop"].as_str(), held["node"].as_str()), (Some("interrupted"), Some("await_decision")), "{out}");
    assert!(held["outcome"].as_str().expect("outcome").contains("held at the gate"), "{held}");
    assert!(!held["trace"].to_string().contains("log_rejection"), "{held}");
    assert!(!held["trace"].to_string().contains("execute_action"), "{held}");
    {
        let store = support_desk::open_store(&dir.path().join("fe.db")).expect("store");
        store.set_kill_switch(false, "operator", support_desk::now_ms()).await.expect("kill switch off");
    }
    let (ok, out) = desk(dir.path(), &["continue", "1"]);
    assert!(ok, "{out}");
    let done = json(&out);
    assert_eq!(done["stop"], "end", "{out}");
    assert!(done["outcome"].as_str().expect("outcome").starts_with("executed issue_refund"), "{done}");
    // Ended runs do not continue, and the refund happened once.
    let (ok, out) = desk(dir.path(), &["continue", "1"]);
    assert!(!ok, "{out}");
    let conn = support_desk::db::open_ro(&dir.path().join("desk.db")).expect("ro");
    let order: i64 = conn.query_row("SELECT order_id FROM tickets WHERE id = 1", [], |r| r.get(0)).expect("order");
    assert_eq!(support_desk::db::executed_refunds(&conn, order).expect("count"), 1);
}

/// `explain`: every decision has a readable trace (facts with the span they were read from, the clause table walked
/// row by row), as text and as `--json`; a miss in an eval report carries the same trace.
#[test]
fn explain_prints_the_decision_trace_as_text_and_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(desk(dir.path(), &["seed"]).0);
    // Ticket 3: the 64-day-old refund, refused by X3 after X1 and X2 did not fire.
    assert!(desk(dir.path(), &["start", "3"]).0);
    let (ok, text) = desk(dir.path(), &["explain", "3"]);
    assert!(ok, "{text}");
    assert!(text.contains("FIRED X3"), "{text}");
    assert!(text.contains("no    X1: the order is this customer's"), "{text}");
    assert!(text.contains("asks for money back  <- "), "{text}");
    let (ok, out) = desk(dir.path(), &["explain", "3", "--json"]);
    assert!(ok, "{out}");
    let v = json(&out);
    assert_eq!(v["clause"], "X3");
    let checks = v["checks"].as_array().expect("checks");
    assert_eq!(checks.iter().map(|c| c["clause"].as_str().unwrap_or("")).collect::<Vec<_>>(), ["X1", "X2", "X3"]);
    assert_eq!(checks.iter().filter(|c| c["fired"] == true).count(), 1);
    assert!(v["readings"].as_array().expect("readings").iter().any(|r| r["fact"] == "asks for money back"), "{v}");
    // A ticket that never ran has no trace to show.
    assert!(!desk(dir.path(), &["explain", "2"]).0);
}

/// `show N` prints the ticket's trace id (derived from the ticket id, the same in every process) and, with a trace UI
/// configured, a link to it (ADR-431).
#[test]
fn show_prints_the_trace_id_and_a_link_when_a_trace_ui_is_configured() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(desk(dir.path(), &["seed"]).0);
    let (ok, out) = desk(dir.path(), &["start", "1"]);
    assert!(ok, "{out}");
    let started = json(&out)["trace_id"].as_str().expect("trace id").to_string();
    assert_eq!(started, support_desk::telemetry::trace_id(1));
    assert!(started.len() == 32 && started.bytes().all(|b| b.is_ascii_hexdigit()), "{started}");
    let (ok, out) = desk(dir.path(), &["show", "1"]);
    assert!(ok, "{out}");
    let v = json(&out);
    assert_eq!(v["trace_id"].as_str(), Some(started.as_str()), "the same trace in another process");
    assert!(v["trace_link"].is_null(), "no trace UI configured: no link");
    let (ok, out) = desk(dir.path(), &["show", "1", "--trace-ui", "http://127.0.0.1:16686"]);
    assert!(ok, "{out}");
    assert_eq!(json(&out)["trace_link"].as_str(), Some(format!("http://127.0.0.1:16686/trace/{started}").as_str()));
}
