//! The examples of `docs/connectors.md`, checked: every `yaml` block loads as a policy and passes the connector
//! checks `foureyes policy check` and `serve` run, the page shows one of each kind, and the `command` example runs as
//! written — its answer and its journal are what the page says.

#![allow(clippy::unwrap_used, clippy::panic)]

use foureyes_connect::Door;
use foureyes_connect::secrets::{SecretKey, Secrets, SqliteSecrets};
use foureyes_core::{ActionRequest, Outcome, Policy, Verdict};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const T0: i64 = 1_767_225_600_000;

fn page() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/connectors.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each fenced block of `lang` on the page.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let open = format!("```{lang}\n");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(&open) {
        let body = &rest[start + open.len()..];
        let end = body.find("```").expect("a fenced block is closed");
        out.push(body[..end].to_string());
        rest = &body[end..];
    }
    out
}

fn policies() -> Vec<Policy> {
    blocks(&page(), "yaml")
        .iter()
        .enumerate()
        .map(|(i, yaml)| {
            let policy = Policy::from_yaml(&format!("docs/connectors.md yaml block {}", i + 1), yaml)
                .unwrap_or_else(|e| panic!("{e}\n{yaml}"));
            foureyes_connect::check_policy(&policy).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
            policy
        })
        .collect()
}

#[test]
fn every_example_policy_loads_and_passes_the_connector_checks() {
    let kinds: Vec<&str> = policies()
        .iter()
        .flat_map(|p| p.actions.values().filter_map(|a| a.execute.as_ref().map(|c| c.kind())).collect::<Vec<_>>())
        .collect();
    for kind in ["http", "command", "mcp"] {
        assert!(kinds.contains(&kind), "docs/connectors.md shows no `{kind}` connector: {kinds:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_example_runs_as_the_page_says() {
    let policy = policies()
        .into_iter()
        .find(|p| p.action("reports.archive").is_some())
        .expect("the command example defines reports.archive");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("foureyes.db");
    let store = Arc::new(SqliteStore::open(&path, SqliteOptions::default()).unwrap());
    let secrets =
        Secrets::new(SecretKey::from_hex(&"5a".repeat(32)).unwrap(), Arc::new(SqliteSecrets::open(&path).unwrap()));
    secrets.set("archive_user", "ops-archiver", T0).await.unwrap();
    store.record_policy(&policy, T0).await.unwrap();
    let clock = Arc::new(AtomicI64::new(T0));
    let door = Door {
        store: store.clone(),
        secrets: Some(secrets),
        clock: Arc::new(move || clock.fetch_add(1, Ordering::SeqCst)),
    };
    let Value::Object(params) = json!({"name": "q3_sales"}) else { unreachable!() };
    let request = ActionRequest {
        request_id: "archive-q3".into(),
        agent: "reports-bot".into(),
        session: None,
        action: "reports.archive".into(),
        params,
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    };
    let x = door.execute(Arc::new(policy), request).await.unwrap();
    assert_eq!((x.decision.verdict, x.ran, x.outcome), (Verdict::Permit, true, Some(Outcome::Executed)));
    let detail = x.decision.report_detail.clone().unwrap();
    assert_eq!(detail["exit"], json!(0), "{detail}");
    // The page shows this field, the one `reveal:` names; the output tails are withheld (a secret was in the
    // environment, ADR-481).
    let kept = detail["stdout"].clone();
    assert_eq!(kept, json!({"archived": "q3_sales"}), "{detail}");
    assert!(page().contains(r#""stdout": {"archived": "q3_sales"}"#), "the page shows another field");
    assert_eq!(detail["withheld"]["fields"], json!(["stdout_tail", "stderr_tail"]), "{detail}");
    // The journal holds what the page says: decided (naming the connector), connector_started, then the report, an
    // event named by its outcome.
    let events = store.journal(0, 1000).await.unwrap();
    let run: Vec<(String, Value)> = events
        .iter()
        .filter(|e| e.data.get("decision_id") == Some(&json!(x.decision.decision_id)))
        .map(|e| (serde_json::to_value(e.kind).unwrap().as_str().unwrap().to_string(), e.data.clone()))
        .collect();
    let kinds: Vec<&str> = run.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds, ["decided", "connector_started", "executed"], "{run:?}");
    assert_eq!(run[0].1["connector"], json!("command"));
    assert_eq!((&run[1].1["connector"], &run[1].1["by"]), (&json!("command"), &json!("foureyes-connect")));
    assert_eq!(run[2].1["reported_by"], json!("foureyes-connect"));
    assert!(!serde_json::to_string(&events).unwrap().contains("ops-archiver"), "no secret in the journal");
}
