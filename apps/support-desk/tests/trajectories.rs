//! Trajectory evals: the shipped scenarios (`evals/trajectories/`) all pass, the eval itself fails a scenario whose
//! path is wrong, every scenario that passes the gate goes red on a graph that skips it, and malformed scenario
//! files are refused. `cargo xtask test` and `cargo xtask teeth` also rewire the approval edge in the source
//! (request_approval → execute_action) and require `shipped_trajectories_all_pass` to go red.

use std::path::{Path, PathBuf};
use support_desk::graph::{Graph, Node};
use support_desk::trajectory;

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("evals/trajectories")
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write scenario");
    p
}

#[tokio::test]
async fn shipped_trajectories_all_pass() {
    let report = trajectory::run(&shipped()).await.expect("the shipped scenarios load and run");
    let failed: Vec<String> =
        report.scenarios.iter().filter(|r| !r.passed).map(|r| format!("{}: {}", r.id, r.failures.join("; "))).collect();
    assert!(failed.is_empty(), "failed scenarios:\n{}", failed.join("\n"));
    assert!(report.total >= 25, "at least 25 scenarios, got {}", report.total);
    assert!(report.negative >= 8, "at least 8 negative scenarios, got {}", report.negative);
    // The set covers every stop and every blocking layer, so a regression in any of them shows up here.
    let observed: Vec<_> = report.scenarios.iter().filter_map(|r| r.observed.as_ref()).collect();
    assert!(observed.iter().any(|o| o.interrupted) && observed.iter().any(|o| !o.interrupted));
    for layer in ["content_layer", "structural_layer", "business_guardrail"] {
        assert!(observed.iter().any(|o| o.audit_layers.contains(layer)), "no scenario shows {layer}");
    }
}

/// The graph with `request_approval --ok-->` pointed at `execute_action` (what `cargo xtask teeth` does in the source).
fn rewired() -> Graph {
    let mut g = Graph::support_desk();
    for e in g.edges.iter_mut().filter(|e| e.from == Node::RequestApproval) {
        e.to = Node::ExecuteAction;
    }
    g
}

#[tokio::test]
async fn every_gated_scenario_goes_red_on_a_graph_that_skips_the_gate() {
    let expected: Vec<(String, bool)> =
        trajectory::load(&shipped()).expect("load").into_iter().map(|s| (s.id, s.expect.must_interrupt)).collect();
    for (name, graph) in
        [("rewired", rewired()), ("without await_decision", Graph::support_desk().without(Node::AwaitDecision))]
    {
        let report = trajectory::run_on(&shipped(), &graph).await.expect("runs");
        for (r, (id, gated)) in report.scenarios.iter().zip(&expected) {
            assert_eq!(&r.id, id);
            // Scenarios refused before the gate never reach the altered edge; every gated one must notice.
            assert_eq!(!r.passed, *gated, "{name}: {id} passed={} {:?}", r.passed, r.failures);
        }
        // Whatever the path, the skipped gate released nothing.
        for o in report.scenarios.iter().filter_map(|r| r.observed.as_ref()) {
            assert_eq!(o.refunds_executed, 0, "{name}");
        }
    }
}

/// One scenario (01-refund-approved) with its expectations edited by `edit`.
fn edited(edit: impl Fn(&mut serde_json::Value)) -> String {
    let text = std::fs::read_to_string(shipped().join("01-refund-approved.json")).expect("read");
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
    edit(&mut v);
    v.to_string()
}

#[tokio::test]
async fn a_wrong_path_fails_the_scenario_with_a_reason_per_expectation() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The path of an approved refund, asserted as if the refund had been rejected.
    let text = edited(|v| {
        v["answer"] = "approved".into();
        v["expect"]["refunds_executed"] = 0.into();
        v["expect"]["ticket_status"] = "open".into();
        v["expect"]["must_not_call"] = serde_json::json!(["action.*"]);
        v["expect"]["tool_calls"] = serde_json::json!([]);
        v["expect"]["proposal"]["amount_cents"] = 1.into();
    });
    let report = trajectory::run(&write(dir.path(), "wrong.json", &text)).await.expect("runs");
    assert_eq!((report.total, report.passed, report.failed), (1, 0, 1));
    let failures = report.scenarios[0].failures.join("\n");
    for what in [
        "refunds_executed",
        "ticket_status",
        "must_not_call: `action.issue_refund`",
        "tool_calls",
        "proposal.amount_cents",
    ] {
        assert!(failures.contains(what), "missing `{what}` in:\n{failures}");
    }
    assert!(trajectory::summary(&report).contains("FAIL"));
}

#[tokio::test]
async fn an_expected_error_that_does_not_happen_fails() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = edited(|v| v["expect"]["error"] = "nobody approves their own request".into());
    let report = trajectory::run(&write(dir.path(), "x.json", &text)).await.expect("runs");
    assert_eq!(report.failed, 1);
    assert!(report.scenarios[0].failures.iter().any(|f| f.starts_with("error:")));
}

#[tokio::test]
async fn a_proposal_where_none_is_expected_fails_and_an_absent_expectation_is_not_checked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let null = edited(|v| {
        v["id"] = "null".into();
        v["expect"]["proposal"] = serde_json::Value::Null;
    });
    let absent = edited(|v| {
        v["id"] = "absent".into();
        v["expect"].as_object_mut().expect("object").remove("proposal");
    });
    let report = trajectory::run(&write(dir.path(), "p.jsonl", &format!("{null}\n{absent}\n"))).await.expect("runs");
    assert_eq!((report.scenarios[0].passed, report.scenarios[1].passed), (false, true));
    assert!(report.scenarios[0].failures[0].starts_with("proposal: none expected"));
}

#[tokio::test]
async fn jsonl_files_hold_one_scenario_per_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = edited(|v| v["id"] = "a".into());
    let b = edited(|v| v["id"] = "b".into());
    let report = trajectory::run(&write(dir.path(), "set.jsonl", &format!("{a}\n\n{b}\n"))).await.expect("runs");
    assert_eq!((report.total, report.passed), (2, 2));
}

#[test]
fn malformed_scenarios_are_refused_before_anything_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: Vec<(&str, String, &str)> = vec![
        ("unknown-field.json", edited(|v| v["expect"]["must_interupt"] = true.into()), "unknown field"),
        ("unknown-node.json", edited(|v| v["expect"]["trace"][0] = "teleport".into()), "unknown variant"),
        ("unknown-answer.json", edited(|v| v["answer"] = "maybe".into()), "unknown variant"),
        (
            "contradiction.json",
            edited(|v| v["expect"]["must_not_call"] = serde_json::json!(["action.issue_refund"])),
            "must_not_call forbids",
        ),
        (
            "interrupt-mismatch.json",
            edited(|v| v["expect"]["must_interrupt"] = false.into()),
            "must_interrupt and a trace",
        ),
        ("bad-layer.json", edited(|v| v["expect"]["audit_layers"] = serde_json::json!(["vibes"])), "audit layer"),
        ("not-json.json", "{".to_string(), "EOF"),
    ];
    for (name, text, why) in cases {
        let err = trajectory::load(&write(dir.path(), name, &text)).expect_err(name).to_string();
        assert!(err.contains(why), "{name}: `{err}` does not say `{why}`");
    }
    let twice = tempfile::tempdir().expect("tempdir");
    write(twice.path(), "a.json", &edited(|_| {}));
    write(twice.path(), "b.json", &edited(|_| {}));
    assert!(trajectory::load(twice.path()).expect_err("duplicate").to_string().contains("appears twice"));
    let empty = tempfile::tempdir().expect("tempdir");
    write(empty.path(), "README.md", "not a scenario");
    assert!(trajectory::load(empty.path()).expect_err("empty").to_string().contains("no trajectory scenarios"));
}

#[test]
fn the_cli_exits_non_zero_when_a_scenario_fails() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = |input: &Path| {
        let report = dir.path().join("report.json");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_support-desk"))
            .args(["eval", "trajectories", "--input"])
            .arg(input)
            .arg("--report")
            .arg(&report)
            .output()
            .expect("run support-desk");
        let text = std::fs::read_to_string(&report).expect("the report is written either way");
        (out.status.code(), String::from_utf8_lossy(&out.stdout).to_string(), text)
    };
    let (code, stdout, report) = run(&shipped().join("01-refund-approved.json"));
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    assert!(report.contains("\"tool_calls\""));
    let wrong = write(dir.path(), "wrong.json", &edited(|v| v["expect"]["ticket_status"] = "closed".into()));
    let (code, stdout, _) = run(&wrong);
    assert_ne!(code, Some(0), "{stdout}");
    assert!(stdout.contains("FAIL"), "{stdout}");
}

#[test]
fn run_states_stored_before_tool_calls_existed_still_load() {
    let mut old =
        serde_json::to_value(support_desk::graph::RunState { ticket_id: 7, ..Default::default() }).expect("serialize");
    old.as_object_mut().expect("object").remove("tool_calls").expect("the field is serialized");
    let state: support_desk::graph::RunState = serde_json::from_value(old).expect("an old state loads");
    assert_eq!((state.ticket_id, state.tool_calls.len()), (7, 0));
}
