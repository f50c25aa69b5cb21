//! `foureyes demo home`: every mechanism of the door, seen from an agent that talks MCP. The agent's calls go
//! through the MCP proxy (in this process) to the home server (a child process: the `foureyes` binary itself,
//! `home-mcp-server`), on a fresh database and a fresh house. After each step the house is printed, so what did
//! not happen is visible too.

use crate::server::read_state;
use foureyes_core::Policy;
use foureyes_mcp::gate::now_ms;
use foureyes_mcp::{Gate, GateConfig, StdioOptions, run_stdio};
use foureyes_store::{Store, StoreError};
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines, ReadHalf, WriteHalf};

/// The demo policy (also in `policies/home-mcp.yaml`).
pub const HOME_MCP_POLICY: &str = include_str!("../../../policies/home-mcp.yaml");

/// Why the walkthrough stopped.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("policy: {0}")]
    Policy(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the MCP session failed: {0}")]
    Session(String),
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
}

/// The agent's end of the proxy: JSON-RPC over an in-process pipe.
struct Agent {
    write: WriteHalf<tokio::io::DuplexStream>,
    read: Lines<BufReader<ReadHalf<tokio::io::DuplexStream>>>,
    next_id: i64,
}

impl Agent {
    async fn request(&mut self, method: &str, params: Value) -> Result<Value, DemoError> {
        self.next_id += 1;
        let id = self.next_id;
        let mut line = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
        line.push('\n');
        self.write.write_all(line.as_bytes()).await?;
        self.write.flush().await?;
        loop {
            let next = tokio::time::timeout(Duration::from_secs(30), self.read.next_line()).await;
            let line = match next {
                Ok(Ok(Some(line))) => line,
                Ok(Ok(None)) => return Err(DemoError::Session("the proxy closed".into())),
                Ok(Err(e)) => return Err(e.into()),
                Err(_) => return Err(DemoError::Session(format!("no answer to `{method}` within 30 s"))),
            };
            let message: Value = serde_json::from_str(&line).map_err(|e| DemoError::Session(e.to_string()))?;
            if message.get("id") == Some(&json!(id)) {
                return Ok(message);
            }
        }
    }

    /// Calls a tool and prints the call and the answer; returns the answer's result.
    async fn call(&mut self, tool: &str, arguments: Value, meta: Option<Value>) -> Result<Value, DemoError> {
        let mut params = json!({"name": tool, "arguments": arguments});
        if let Some(meta) = meta {
            params["_meta"] = meta;
        }
        println!("→ {tool} {arguments}");
        let response = self.request("tools/call", params).await?;
        let result = response.get("result").cloned().unwrap_or_else(|| json!({"error": response.get("error")}));
        let text = result["content"][0]["text"].as_str().unwrap_or_default().to_string();
        let decision = &result["_meta"]["dev.foureyes/decision"];
        match decision.get("decision_id") {
            Some(id) => println!("← {text}\n  (decision {id}, {})", decision["verdict"].as_str().unwrap_or("?")),
            None => println!("← {text}"),
        }
        Ok(result)
    }
}

fn step(title: &str) {
    println!("\n== {title}");
}

fn house(state: &Path) {
    let s = read_state(state);
    let payments: Vec<String> = s["payments"]
        .as_array()
        .map(|p| {
            p.iter().map(|p| format!("{} EUR to {}", p["amount_eur"], p["payee"].as_str().unwrap_or("?"))).collect()
        })
        .unwrap_or_default();
    println!(
        "  house: living {} °C, bedroom {} °C · battery {} · payments [{}] · lights {} · everything deleted: {}",
        s["thermostat"]["living"],
        s["thermostat"]["bedroom"],
        s["battery_schedule_kw"],
        payments.join(", "),
        if s["lights_on"] == json!(true) { "on" } else { "off" },
        s["deleted_everything"]
    );
}

fn approval_of(result: &Value) -> Option<(i64, String)> {
    let d = &result["_meta"]["dev.foureyes/decision"];
    Some((d["approval_id"].as_i64()?, d["digest"].as_str()?.to_string()))
}

async fn approve(store: &dyn Store, approval: i64, digest: &str, who: &str) -> Result<(), DemoError> {
    let vote = store.approve(approval, who, Some(digest), now_ms()).await?;
    let a = &vote.approval;
    println!(
        "  {who} approves approval {approval} ({} of {} given, {})",
        a.approvers.len(),
        a.required,
        a.status.as_str()
    );
    Ok(())
}

/// Runs the walkthrough in `dir` (a database and the house's state file are created there). `exe` is the
/// `foureyes` binary, which serves the home with `home-mcp-server --state FILE`.
pub async fn run(exe: &Path, dir: &Path) -> Result<(), DemoError> {
    let policy = Arc::new(
        Policy::from_yaml("policies/home-mcp.yaml", HOME_MCP_POLICY).map_err(|e| DemoError::Policy(e.to_string()))?,
    );
    let db = dir.join("foureyes-home.db");
    let state: PathBuf = dir.join("house.json");
    let store = Arc::new(SqliteStore::open(&db, SqliteOptions::default())?);
    store.record_policy(&policy, now_ms()).await?;
    println!("FourEyes home demo over MCP: agent → foureyes mcp-proxy → home MCP server (rmcp)");
    println!("database {}, house {}", db.display(), state.display());

    let gate = Arc::new(Gate::new(store.clone(), policy, GateConfig::new("home")));
    let (agent_side, proxy_side) = tokio::io::duplex(1 << 20);
    let (proxy_read, proxy_write) = tokio::io::split(proxy_side);
    let (agent_read, agent_write) = tokio::io::split(agent_side);
    let command = vec![
        exe.display().to_string(),
        "home-mcp-server".to_string(),
        "--state".to_string(),
        state.display().to_string(),
    ];
    let proxy =
        tokio::spawn(async move { run_stdio(gate, &command, proxy_read, proxy_write, StdioOptions::default()).await });
    let mut agent = Agent { write: agent_write, read: BufReader::new(agent_read).lines(), next_id: 0 };
    let init = json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "demo-agent", "version": "1"}});
    let info = agent.request("initialize", init).await?;
    agent.write.write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n").await?;
    let tools = agent.request("tools/list", json!({})).await?;
    let names: Vec<&str> = tools["result"]["tools"]
        .as_array()
        .map(|t| t.iter().filter_map(|t| t["name"].as_str()).collect())
        .unwrap_or_default();
    println!("connected to {} with tools: {}", info["result"]["serverInfo"]["name"], names.join(", "));
    house(&state);

    step("A read (tier 0) is always allowed");
    agent.call("get_weather", json!({"city": "Berlin"}), None).await?;

    step("A reversible change (tier 1) runs at once, and is undone through the door");
    agent.call("set_thermostat", json!({"zone": "living", "celsius": 21}), None).await?;
    house(&state);
    let executed =
        store.decisions(Default::default()).await?.into_iter().find(|d| d.request.action == "mcp.home.set_thermostat");
    if let Some(d) = executed {
        println!("  (its result was reported: decision {} is {})", d.decision_id, d.status.as_str());
        println!("  the agent undoes it: the same tool with the old value and `_meta[\"dev.foureyes/undo_of\"]`");
        let undo = json!({"dev.foureyes/undo_of": d.decision_id});
        agent.call("set_thermostat", json!({"zone": "living", "celsius": 19.5}), Some(undo)).await?;
        if let Some(u) = store.decisions(Default::default()).await?.first() {
            println!(
                "  (decision {}: {} as the undo of decision {}, within its 15m window: {})",
                u.decision_id,
                u.verdict,
                u.request.undo_of.map_or_else(|| "?".into(), |id| id.to_string()),
                u.status.as_str()
            );
        }
        // A second undo of the same change is refused: an action is undone at most once.
        let again = json!({"dev.foureyes/undo_of": d.decision_id});
        agent.call("set_thermostat", json!({"zone": "living", "celsius": 19.5}), Some(again)).await?;
        house(&state);
    }

    step("A value out of bounds is denied before any human sees it");
    agent.call("set_thermostat", json!({"zone": "living", "celsius": 30}), None).await?;
    house(&state);

    step("Battery schedules (tier 2) run within their limit of 3 per hour; the 4th waits for a human");
    for _ in 0..4 {
        agent.call("schedule_battery", json!({"kw": 2}), None).await?;
    }
    house(&state);

    step("A payment (tier 3) needs two people; approved, it is sent exactly once");
    let payment = json!({"amount_eur": 120, "payee": "Stadtwerke"});
    let held = agent.call("send_payment", payment.clone(), None).await?;
    if let Some((approval, digest)) = approval_of(&held) {
        approve(store.as_ref(), approval, &digest, "alice").await?;
        println!("  the agent retries the identical call:");
        agent.call("send_payment", payment.clone(), None).await?;
        approve(store.as_ref(), approval, &digest, "bob").await?;
        println!("  the agent retries the identical call:");
        agent.call("send_payment", payment.clone(), None).await?;
        println!("  and once more (a confused agent):");
        agent.call("send_payment", payment.clone(), None).await?;
    }
    house(&state);

    step("A tool the policy does not name is default-denied (its readOnlyHint is not trusted)");
    agent.call("delete_everything", json!({}), None).await?;
    house(&state);

    step("The kill switch blocks even an approved payment");
    let bakery = json!({"amount_eur": 40, "payee": "Bakery"});
    let held = agent.call("send_payment", bakery.clone(), None).await?;
    if let Some((approval, digest)) = approval_of(&held) {
        approve(store.as_ref(), approval, &digest, "alice").await?;
        approve(store.as_ref(), approval, &digest, "bob").await?;
        store.set_kill_switch(true, "ops", now_ms()).await?;
        println!("  ops engages the kill switch");
        agent.call("send_payment", bakery.clone(), None).await?;
        agent.call("get_weather", json!({"city": "Berlin"}), None).await?;
        store.set_kill_switch(false, "ops", now_ms()).await?;
        println!("  ops releases the kill switch; the approval was kept");
        agent.call("send_payment", bakery, None).await?;
    }
    house(&state);

    step("Dry run: the lights only rehearse (dry_run: true)");
    agent.call("set_lights", json!({"on": true}), None).await?;
    house(&state);

    agent.write.shutdown().await?;
    match tokio::time::timeout(Duration::from_secs(15), proxy).await {
        Ok(Ok(Ok(_))) => {}
        Ok(Ok(Err(e))) => return Err(DemoError::Session(e.to_string())),
        Ok(Err(e)) => return Err(DemoError::Session(e.to_string())),
        Err(_) => return Err(DemoError::Session("the proxy did not stop".into())),
    }

    step("The journal");
    let verify = store.verify_journal().await?;
    let audit = store.audit().await?;
    println!("  chain: {verify}");
    println!(
        "  audit: {} events replay to the tables ({} decisions){}",
        audit.events,
        audit.decisions,
        if audit.mismatches.is_empty() { String::new() } else { format!(" — MISMATCHES: {:?}", audit.mismatches) }
    );
    let log = read_state(&state)["log"].clone();
    println!("  what actually ran on the house: {log}");
    Ok(())
}
