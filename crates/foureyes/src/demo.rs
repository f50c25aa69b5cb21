//! `foureyes demo`: the home walkthrough on the embedded store, every mechanism from the agent's side: a read, a
//! reversible change and its undo, a value out of bounds, a rate limit, a payment behind two approvers, the kill
//! switch, and the journal verified at the end.

use crate::commands::{now_ms, undo_params};
use crate::output::print_decision;
use crate::{EXIT_POLICY, Exit};
use foureyes_core::{ActionRequest, Outcome, Policy};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;

pub const HOME_POLICY: &str = include_str!("../../../policies/home.yaml");

fn step(title: &str) {
    println!("\n== {title}");
}

fn request(id: &str, agent: &str, action: &str, params: Value) -> ActionRequest {
    ActionRequest {
        request_id: id.to_string(),
        agent: agent.to_string(),
        session: Some("demo".into()),
        action: action.to_string(),
        params: params.as_object().cloned().unwrap_or_default(),
        target: None,
        undo_of: None,
        dry_run: false,
        approval_id: None,
        evidence: None,
        flags: Vec::new(),
    }
}

pub async fn run(db: &Path, args: crate::cli::DemoArgs) -> Result<u8, Exit> {
    let temp;
    let path = if args.fresh {
        temp = std::env::temp_dir().join(format!("foureyes-demo-{}.db", crate::commands::fresh_request_id()));
        temp.as_path()
    } else {
        db
    };
    let policy = Arc::new(
        Policy::from_yaml("policies/home.yaml", HOME_POLICY).map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?,
    );
    // The door seal's key, as every door that writes holds it (ADR-851).
    let store = SqliteStore::open(path, SqliteOptions::default())?.with_seal_key(crate::commands::seal_key()?);
    println!("FourEyes demo on {} (policy sha256 {})", path.display(), &policy.sha256[..12]);
    store.record_policy(&policy, now_ms()).await?;
    // Request ids are unique per run so the demo can be repeated on the same database.
    let run = crate::commands::fresh_request_id();
    let id = |name: &str| format!("{run}-{name}");
    let agent = "home-agent";

    step("A read (tier 0) is always allowed");
    let d = store
        .decide(policy.clone(), request(&id("weather"), agent, "weather.get", json!({"city": "Berlin"})), now_ms())
        .await?;
    print_decision(&d);

    step("A reversible change (tier 1), executed, then undone through the door");
    let d = store
        .decide(
            policy.clone(),
            request(&id("heat"), agent, "climate.set_temperature", json!({"zone": "living", "celsius": 21})),
            now_ms(),
        )
        .await?;
    print_decision(&d);
    let d = store.report(d.decision_id, Outcome::Executed, json!({"before": {"celsius": 19.5}}), now_ms()).await?;
    println!("reported executed (the thermostat was at 19.5 before)");
    let mut undo = request(&id("undo"), agent, "climate.set_temperature", Value::Object(undo_params(&d)));
    undo.undo_of = Some(d.decision_id);
    let u = store.decide(policy.clone(), undo, now_ms()).await?;
    print_decision(&u);

    step("A value out of bounds is denied before any human sees it");
    let d = store
        .decide(
            policy.clone(),
            request(&id("hot"), agent, "climate.set_temperature", json!({"zone": "living", "celsius": 30})),
            now_ms(),
        )
        .await?;
    print_decision(&d);

    step("A rate-limited action (tier 2, 3 per hour): the fourth call goes to a human");
    for i in 0..4 {
        let d = store
            .decide(
                policy.clone(),
                request(&id(&format!("battery{i}")), agent, "battery.schedule", json!({"kw": 2})),
                now_ms(),
            )
            .await?;
        print_decision(&d);
    }

    step("Money (tier 3) needs two distinct humans; the agent cannot approve itself");
    let pay = request(&id("pay"), agent, "payments.send", json!({"amount_eur": 120.50, "payee": "ACME Energy"}));
    let d = store.decide(policy.clone(), pay.clone(), now_ms()).await?;
    print_decision(&d);
    let approval = d.approval_id.unwrap_or_default();
    match store.approve(approval, agent, Some(&d.digest), now_ms()).await {
        Err(e) => println!("{agent} tries to approve: refused: {e}"),
        Ok(_) => println!("BUG: the agent approved its own request"),
    }
    let v = store.approve(approval, "alice", Some(&d.digest), now_ms()).await?;
    println!("alice approves: {} of {}", v.approval.approvers.len(), v.approval.required);
    let v = store.approve(approval, "alice", Some(&d.digest), now_ms()).await?;
    println!("alice approves again: counted = {} (a vote counts once)", v.counted);
    let again = store.decide(policy.clone(), pay.clone(), now_ms()).await?;
    println!("the agent retries its request while one approval is missing:");
    print_decision(&again);
    store.approve(approval, "bob", Some(&d.digest), now_ms()).await?;
    println!("bob approves: approval {approval} is approved");

    step("The kill switch beats an approval");
    store.set_kill_switch(true, "demo", now_ms()).await?;
    let blocked = store.decide(policy.clone(), pay.clone(), now_ms()).await?;
    print_decision(&blocked);
    store.set_kill_switch(false, "demo", now_ms()).await?;

    step("Switch off: the same request is released, once");
    let released = store.decide(policy.clone(), pay.clone(), now_ms()).await?;
    print_decision(&released);
    store.report(released.decision_id, Outcome::Executed, json!({"bank_ref": "demo-1"}), now_ms()).await?;
    let mut tampered = pay.clone();
    tampered.request_id = id("pay-more");
    tampered.params.insert("amount_eur".into(), json!(480));
    tampered.approval_id = Some(approval);
    let d = store.decide(policy.clone(), tampered, now_ms()).await?;
    println!("the agent tries to reuse approval {approval} for 480 EUR:");
    print_decision(&d);

    step("The journal");
    println!("{}", store.verify_journal().await?);
    let audit = store.audit().await?;
    println!(
        "replay: {} events, {} decisions, {} unconfirmed, {} mismatches",
        audit.events,
        audit.decisions,
        audit.unconfirmed,
        audit.mismatches.len()
    );
    println!("\nNext: `foureyes --db {} journal tail` or `approvals list --status all`.", path.display());
    Ok(0)
}

/// Load for the crash tests: `workers` tasks each run `iterations` decide (+ usually report) cycles on the home
/// policy. A test kills the process with SIGKILL at a random moment and then checks the journal and the tables.
pub async fn stress(db: &Path, workers: usize, iterations: u64) -> Result<u8, Exit> {
    let policy = Arc::new(
        Policy::from_yaml("policies/home.yaml", HOME_POLICY).map_err(|e| Exit::new(EXIT_POLICY, e.to_string()))?,
    );
    let store = Arc::new(SqliteStore::open(db, SqliteOptions::default())?.with_seal_key(crate::commands::seal_key()?));
    store.record_policy(&policy, now_ms()).await?;
    let run = crate::commands::fresh_request_id();
    let mut tasks = Vec::new();
    for w in 0..workers {
        let (store, policy, run) = (store.clone(), policy.clone(), run.clone());
        tasks.push(tokio::spawn(async move {
            // A small xorshift generator: the mix of actions and outcomes only needs to vary, not be secure.
            let mut x: u64 = 0x9E37_79B9_7F4A_7C15 ^ (w as u64 + 1) ^ (now_ms() as u64);
            let mut next = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            for i in 0..iterations {
                let (action, params) = match next() % 3 {
                    0 => ("battery.schedule", json!({"kw": 1})),
                    1 => ("energy.spend", json!({"amount_eur": 7.5})),
                    _ => ("climate.set_temperature", json!({"zone": "bedroom", "celsius": 20})),
                };
                let d = store
                    .decide(
                        policy.clone(),
                        request(&format!("{run}-{w}-{i}"), &format!("agent-{w}"), action, params),
                        now_ms(),
                    )
                    .await?;
                if d.verdict == foureyes_core::Verdict::Permit {
                    let outcome = match next() % 4 {
                        0 => Some(Outcome::Failed),
                        1 => Some(Outcome::Unknown),
                        2 => None,
                        _ => Some(Outcome::Executed),
                    };
                    if let Some(outcome) = outcome {
                        store.report(d.decision_id, outcome, json!({"worker": w}), now_ms()).await?;
                    }
                }
            }
            Ok::<_, foureyes_store::StoreError>(())
        }));
    }
    for task in tasks {
        task.await.map_err(|e| Exit::new(crate::EXIT_STORAGE, e.to_string()))??;
    }
    Ok(0)
}
