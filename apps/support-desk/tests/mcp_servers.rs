//! The desk's MCP tool servers as real processes: `support-desk mcp lookup|action` spawned from the built binary,
//! spoken to over stdio by an rmcp client — the same shape as `start`/`resume` use them.

use foureyes_store::Store;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use support_desk::db;
use support_desk::gate::Proposal;
use support_desk::graph::{self, Capability, Graph, Node};
use support_desk::mcp::{ACTION_TOOLS, LOOKUP_TOOLS, REFUSAL_META};

struct Env {
    dir: tempfile::TempDir,
    store: Arc<dyn Store>,
}

impl Env {
    fn desk(&self) -> PathBuf {
        self.dir.path().join("desk.db")
    }
    fn fe(&self) -> PathBuf {
        self.dir.path().join("fe.db")
    }
}

fn env() -> Env {
    let dir = tempfile::tempdir().expect("tempdir");
    db::open_rw(&dir.path().join("desk.db")).expect("desk db");
    let store = support_desk::open_store(&dir.path().join("fe.db")).expect("store");
    Env { dir, store }
}

/// A customer with one delivered order and a ticket linked to it: (customer, order, ticket).
fn account(desk: &Path, name: &str, cents: i64, days: i64) -> (i64, i64, i64) {
    let conn = db::open_rw(desk).expect("rw");
    let c = db::add_customer(&conn, name).expect("customer");
    let o = db::add_order(&conn, c, cents, "delivered", days).expect("order");
    let t = db::add_ticket(&conn, c, Some(o), "broken", "It broke. Refund $49.99 please.", None).expect("ticket");
    (c, o, t)
}

/// A `support-desk mcp …` child process and the rmcp client session on its stdio.
struct Server {
    client: RunningService<RoleClient, ()>,
    child: tokio::process::Child,
}

async fn spawn(e: &Env, args: &[&str]) -> Server {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_support-desk"))
        .arg("--db")
        .arg(e.desk())
        .arg("--foureyes-db")
        .arg(e.fe())
        .arg("mcp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn support-desk mcp");
    let io = (child.stdout.take().expect("stdout"), child.stdin.take().expect("stdin"));
    let client = ().serve(io).await.expect("MCP handshake");
    Server { client, child }
}

async fn call(s: &Server, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else { panic!("arguments must be an object") };
    s.client.call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args)).await.expect("tools/call")
}

fn refused(r: &CallToolResult) -> Value {
    assert_eq!(r.is_error, Some(true), "expected a refusal: {r:?}");
    r.meta.as_ref().and_then(|m| m.0.get(REFUSAL_META).cloned()).expect("refusal details")
}

fn ok(r: CallToolResult) -> Value {
    assert_ne!(r.is_error, Some(true), "expected an answer: {r:?}");
    r.structured_content.expect("structured content")
}

/// Decide, approve as a human, decide again: the permit of an approved call.
async fn approved(store: &dyn Store, call: &Proposal, rid: &str) -> i64 {
    let policy = support_desk::gate::policy().expect("policy");
    let req = call.request(rid.into());
    let d = store.decide(policy.clone(), req.clone(), support_desk::now_ms()).await.expect("decide");
    store
        .approve(d.approval_id.expect("deferred"), "alice", Some(&req.digest()), support_desk::now_ms())
        .await
        .expect("approve");
    let p = store.decide(policy, req, support_desk::now_ms()).await.expect("re-decide");
    assert_eq!(p.verdict, foureyes_core::Verdict::Permit);
    p.decision_id
}

fn refund_args(t: i64, o: i64, cents: i64, key: &str, permit: Option<i64>) -> Value {
    let mut v = json!({"ticket_id": t, "order_id": o, "amount_cents": cents, "idempotency_key": key});
    if let Some(p) = permit {
        v["permit"] = json!(p);
    }
    v
}

fn refunds(desk: &Path) -> i64 {
    db::open_ro(desk).expect("ro").query_row("SELECT count(*) FROM refunds", [], |r| r.get(0)).expect("count")
}

fn audit(desk: &Path, t: i64) -> Vec<(String, String)> {
    db::audit_rows(&db::open_ro(desk).expect("ro"), Some(t))
        .expect("audit")
        .into_iter()
        .map(|r| (r.layer, r.rule))
        .collect()
}

async fn names(s: &Server) -> Vec<String> {
    s.client.peer().list_all_tools().await.expect("tools/list").into_iter().map(|t| t.name.to_string()).collect()
}

#[tokio::test]
async fn tools_list_shows_exactly_the_tools_with_honest_hints() {
    let e = env();
    let (_, _, t) = account(&e.desk(), "Ada", 4999, 3);
    let lookup = spawn(&e, &["lookup", "--ticket", &t.to_string()]).await;
    let tools = lookup.client.peer().list_all_tools().await.expect("list");
    let mut got: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    got.sort();
    let mut want = LOOKUP_TOOLS.map(String::from).to_vec();
    want.sort();
    assert_eq!(got, want);
    assert!(tools.iter().all(|t| t.annotations.as_ref().and_then(|a| a.read_only_hint) == Some(true)));
    let action = spawn(&e, &["action"]).await;
    let tools = action.client.peer().list_all_tools().await.expect("list");
    let mut got: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    got.sort();
    let mut want = ACTION_TOOLS.map(String::from).to_vec();
    want.sort();
    assert_eq!(got, want);
    for tool in &tools {
        assert_eq!(tool.annotations.as_ref().and_then(|a| a.read_only_hint), Some(false), "{}", tool.name);
        // Every write tool takes the FourEyes permit, and nothing it does not declare.
        assert!(tool.input_schema["properties"].get("permit").is_some(), "{}", tool.name);
        assert_eq!(tool.input_schema.get("additionalProperties"), Some(&json!(false)), "{}", tool.name);
    }
}

/// The open file descriptors of `pid` on `file`, with their `open(2)` access mode (`flags & O_ACCMODE`).
fn access_modes(pid: u32, file: &Path) -> Vec<u32> {
    let file = file.canonicalize().expect("canonical path");
    let mut modes = Vec::new();
    for fd in std::fs::read_dir(format!("/proc/{pid}/fd")).expect("/proc fd").flatten() {
        if std::fs::read_link(fd.path()).ok().as_deref() != Some(file.as_path()) {
            continue;
        }
        let info = std::fs::read_to_string(format!("/proc/{pid}/fdinfo/{}", fd.file_name().to_string_lossy()))
            .expect("fdinfo");
        let flags = info.lines().find_map(|l| l.strip_prefix("flags:")).expect("flags line").trim();
        modes.push(u32::from_str_radix(flags, 8).expect("octal flags") & 0o3);
    }
    modes
}

#[tokio::test]
async fn the_lookup_server_cannot_write_its_database_handle_is_read_only() {
    let e = env();
    let (_, o, t) = account(&e.desk(), "Ada", 4999, 3);
    db::add_prior_refund(&db::open_rw(&e.desk()).expect("rw"), o, 100, "rejected").expect("prior");
    let before = std::fs::read(e.desk()).expect("read db");
    let s = spawn(&e, &["lookup", "--ticket", &t.to_string()]).await;
    assert_eq!(ok(call(&s, "get_ticket", json!({})).await)["id"], t);
    assert_eq!(ok(call(&s, "get_customer", json!({})).await)["name"], "Ada");
    assert_eq!(ok(call(&s, "get_order", json!({"order_id": o})).await)["amount_cents"], 4999);
    assert_eq!(ok(call(&s, "list_customer_orders", json!({})).await)["orders"].as_array().expect("list").len(), 1);
    assert_eq!(ok(call(&s, "get_refund_history", json!({"order_id": o})).await)["refunds"][0]["status"], "rejected");
    let lines = ok(call(&s, "search_policy", json!({"query": "window inclusive"})).await);
    assert!(!lines["lines"].as_array().expect("lines").is_empty());
    // SQL in an argument is a bound value, not SQL; a tool that is not listed does not exist.
    let q = ok(call(&s, "search_policy", json!({"query": "'; DELETE FROM refunds; --"})).await);
    assert_eq!(q["lines"], json!([]));
    let long = call(&s, "search_policy", json!({"query": "refund ".repeat(100)})).await;
    assert_eq!(refused(&long)["code"], "invalid");
    let unknown = CallToolRequestParams::new("execute_sql").with_arguments(serde_json::Map::new());
    assert!(s.client.call_tool(unknown).await.is_err(), "an unlisted tool is a JSON-RPC error");
    // The server's handle on the database file was opened O_RDONLY (`mode=ro`): a fact of the OS, not a promise.
    let modes = access_modes(s.child.id().expect("pid"), &e.desk());
    assert!(!modes.is_empty(), "the lookup server holds the database open");
    assert!(modes.iter().all(|m| *m == 0), "opened for writing: access modes {modes:?}");
    drop(s);
    assert_eq!(std::fs::read(e.desk()).expect("read db"), before, "the database file changed");
    assert_eq!(refunds(&e.desk()), 1);
}

#[tokio::test]
async fn another_customers_order_is_not_found_and_the_session_is_pinned_to_its_ticket() {
    let e = env();
    let (_, mine, t) = account(&e.desk(), "Ada", 4999, 3);
    let (_, theirs, _) = account(&e.desk(), "Bob", 15999, 5);
    db::add_prior_refund(&db::open_rw(&e.desk()).expect("rw"), theirs, 15999, "executed").expect("prior");
    let s = spawn(&e, &["lookup", "--ticket", &t.to_string()]).await;
    for tool in ["get_order", "get_refund_history"] {
        let r = call(&s, tool, json!({"order_id": theirs})).await;
        assert_eq!(refused(&r)["code"], "not_found", "{tool}");
        // Nothing of the other order leaks into the text either.
        let text = format!("{:?}", r.content);
        assert!(!text.contains("15999") && !text.contains("Bob"), "{tool}: {text}");
    }
    assert_eq!(refused(&call(&s, "get_order", json!({"order_id": 999_999})).await)["code"], "not_found");
    assert_eq!(ok(call(&s, "get_order", json!({"order_id": mine})).await)["id"], mine);
    let orders = ok(call(&s, "list_customer_orders", json!({})).await);
    assert_eq!(
        orders["orders"].as_array().expect("list").iter().map(|o| o["id"].clone()).collect::<Vec<_>>(),
        [json!(mine)]
    );
    // The ticket is the process's, chosen by whoever started it: an argument naming another one changes nothing.
    let (_, _, other_ticket) = account(&e.desk(), "Eve", 100, 1);
    assert_eq!(ok(call(&s, "get_ticket", json!({"ticket_id": other_ticket})).await)["id"], t);
    assert_eq!(ok(call(&s, "get_customer", json!({"customer_id": 2})).await)["name"], "Ada");
    // A server for a ticket that does not exist never starts.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_support-desk"))
        .arg("--db")
        .arg(e.desk())
        .args(["mcp", "lookup", "--ticket", "424242"])
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not found"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[tokio::test]
async fn a_write_without_a_matching_approval_is_refused_audited_and_writes_nothing() {
    let e = env();
    let (_, o, t) = account(&e.desk(), "Ada", 4999, 3);
    let s = spawn(&e, &["action"]).await;
    // 1. No permit at all.
    let r = refused(&call(&s, "issue_refund", refund_args(t, o, 4999, "k", None)).await);
    assert_eq!((r["code"].as_str(), r["block"]["layer"].as_str()), (Some("blocked"), Some("structural_layer")));
    assert_eq!(r["block"]["rule"], "no_approval");
    // 2. The decision of a request still waiting for a human.
    let call_ = Proposal::IssueRefund { ticket_id: t, order_id: o, amount_cents: 4999, idempotency_key: "k".into() };
    let pending = e
        .store
        .decide(support_desk::gate::policy().expect("policy"), call_.request("pending".into()), support_desk::now_ms())
        .await
        .expect("decide");
    let r = refused(&call(&s, "issue_refund", refund_args(t, o, 4999, "k", Some(pending.decision_id))).await);
    assert_eq!(r["block"]["layer"], "structural_layer");
    // 3. A real approval of a smaller refund, presented with a bigger amount (digest mismatch).
    let small = Proposal::IssueRefund { ticket_id: t, order_id: o, amount_cents: 100, idempotency_key: "k".into() };
    let permit = approved(e.store.as_ref(), &small, "small").await;
    let r = refused(&call(&s, "issue_refund", refund_args(t, o, 4999, "k", Some(permit))).await);
    assert_eq!(
        (r["block"]["layer"].as_str(), r["block"]["rule"].as_str()),
        (Some("structural_layer"), Some("approval_check"))
    );
    // 4. The same permit on another tool.
    let close = json!({"ticket_id": t, "resolution": "done", "permit": permit});
    assert_eq!(refused(&call(&s, "close_ticket", close).await)["block"]["layer"], "structural_layer");
    assert_eq!(refunds(&e.desk()), 0);
    assert_eq!(db::ticket_status(&db::open_ro(&e.desk()).expect("ro"), t).expect("status").as_deref(), Some("open"));
    let rows = audit(&e.desk(), t);
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows.iter().all(|(layer, _)| layer == "structural_layer"), "{rows:?}");
}

#[tokio::test]
async fn bad_arguments_are_refused_before_the_tool_runs_and_write_nothing() {
    let e = env();
    let (_, o, t) = account(&e.desk(), "Ada", 4999, 3);
    let s = spawn(&e, &["action"]).await;
    let bad = [
        json!({"ticket_id": t, "order_id": o, "amount_cents": "lots", "idempotency_key": "k"}),
        json!({"ticket_id": t, "order_id": o, "amount_cents": 100}),
        // A polluted call claiming an approval in a field the tool does not have.
        json!({"ticket_id": t, "order_id": o, "amount_cents": 100, "idempotency_key": "k", "approved": true}),
    ];
    for args in bad {
        let Value::Object(m) = args.clone() else { unreachable!() };
        let r = s.client.call_tool(CallToolRequestParams::new("issue_refund").with_arguments(m)).await.expect("call");
        // rmcp answers a call whose arguments do not deserialize with `isError` and no refusal details: the tool
        // (and so the audit) never ran.
        assert_eq!(r.is_error, Some(true), "{args} must not parse: {r:?}");
        assert!(r.meta.is_none(), "{args} reached the tool: {r:?}");
        assert!(format!("{:?}", r.content).contains("deserialize"), "{r:?}");
    }
    // The session survives bad input.
    assert_eq!(names(&s).await.len(), ACTION_TOOLS.len());
    assert_eq!(refunds(&e.desk()), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approved_call_executes_once_and_retries_do_not_double_refund() {
    let e = env();
    let (_, o, t) = account(&e.desk(), "Ada", 4999, 3);
    let key = format!("refund-ticket-{t}-order-{o}");
    let call_ = Proposal::IssueRefund { ticket_id: t, order_id: o, amount_cents: 4999, idempotency_key: key.clone() };
    let permit = approved(e.store.as_ref(), &call_, "r1").await;
    // Two action server processes get the same approved call at the same moment (a retry racing the original).
    let (a, b) = (spawn(&e, &["action"]).await, spawn(&e, &["action"]).await);
    let args = refund_args(t, o, 4999, &key, Some(permit));
    let (ra, rb) = tokio::join!(call(&a, "issue_refund", args.clone()), call(&b, "issue_refund", args.clone()));
    let results = [ra, rb];
    // Both answer "executed" (a retry must not be reported as a failure when the write happened), but exactly one
    // wrote: the other is the first execution's answer, marked `already_executed`, with the same refund row.
    assert!(results.iter().all(|r| r.is_error != Some(true)), "{results:?}");
    let answers: Vec<Value> = results.iter().map(|r| r.structured_content.clone().expect("structured")).collect();
    let fresh: Vec<&Value> = answers.iter().filter(|v| v["already_executed"] != true).collect();
    assert_eq!(fresh.len(), 1, "{answers:?}");
    assert_eq!((fresh[0]["tool"].as_str(), fresh[0]["ticket_id"].as_i64()), (Some("issue_refund"), Some(t)));
    assert_eq!(answers[0]["row_id"], answers[1]["row_id"], "{answers:?}");
    // A later retry on either server gets the same answer and writes nothing.
    let later = call(&a, "issue_refund", args.clone()).await;
    assert_eq!(later.structured_content.expect("structured")["already_executed"], true);
    assert_eq!(db::executed_refunds(&db::open_ro(&e.desk()).expect("ro"), o).expect("count"), 1);
    assert_eq!(
        db::ticket_status(&db::open_ro(&e.desk()).expect("ro"), t).expect("status").as_deref(),
        Some("refunded")
    );
    // A new approval of another refund of the same order still meets the guardrail (one executed refund per order).
    let again = Proposal::IssueRefund { ticket_id: t, order_id: o, amount_cents: 1, idempotency_key: "again".into() };
    let p2 = approved(e.store.as_ref(), &again, "r2").await;
    let r = refused(&call(&b, "issue_refund", refund_args(t, o, 1, "again", Some(p2))).await);
    assert_eq!(
        (r["block"]["layer"].as_str(), r["block"]["rule"].as_str()),
        (Some("business_guardrail"), Some("no_prior_refund"))
    );
    assert_eq!(db::executed_refunds(&db::open_ro(&e.desk()).expect("ro"), o).expect("count"), 1);
}

#[tokio::test]
async fn approved_escalation_and_close_execute_through_the_server() {
    let e = env();
    let (_, _, t) = account(&e.desk(), "Ada", 4999, 3);
    let s = spawn(&e, &["action"]).await;
    let esc = Proposal::EscalateTicket { ticket_id: t, severity: "high".into(), reason: "needs a person".into() };
    let p = approved(e.store.as_ref(), &esc, "esc").await;
    let v = ok(call(
        &s,
        "escalate_ticket",
        json!({"ticket_id": t, "severity": "high", "reason": "needs a person", "permit": p}),
    )
    .await);
    assert_eq!(v["tool"], "escalate_ticket");
    let close = Proposal::CloseTicket { ticket_id: t, resolution: "answered".into() };
    let p = approved(e.store.as_ref(), &close, "close").await;
    ok(call(&s, "close_ticket", json!({"ticket_id": t, "resolution": "answered", "permit": p})).await);
    assert_eq!(db::ticket_status(&db::open_ro(&e.desk()).expect("ro"), t).expect("status").as_deref(), Some("closed"));
}

/// In process: the runtime reaches the servers over MCP, and only with the graph's grant.
#[tokio::test]
async fn the_runtime_reaches_the_servers_over_mcp_and_only_with_the_graphs_grant() {
    let e = env();
    let (_, o, t) = account(&e.desk(), "Ada", 4999, 3);
    let ctx = support_desk::context(&e.desk(), e.store.clone()).expect("ctx");
    let (_, state) = support_desk::start(&ctx, t).await.expect("start");
    let lookups: Vec<&str> = state.tool_calls.iter().filter(|c| c.starts_with("lookup.")).map(String::as_str).collect();
    assert_eq!(
        lookups,
        [
            "lookup.get_ticket",
            "lookup.get_customer",
            "lookup.list_customer_orders",
            "lookup.get_order",
            "lookup.get_refund_history"
        ]
    );
    // A graph that does not give execute_action the action capability cannot execute, even when approved.
    let mut g = Graph::support_desk();
    g.capabilities.retain(|c| *c != (Node::ExecuteAction, Capability::ActionServer));
    let approval = state.approval_id.expect("approval");
    e.store
        .approve(approval, "alice", state.request.as_ref().map(|r| r.digest()).as_deref(), support_desk::now_ms())
        .await
        .expect("approve");
    let err = graph::run(&ctx, &g, state.clone()).await.expect_err("no grant");
    assert!(err.to_string().contains("no action capability"), "{err}");
    assert_eq!(db::executed_refunds(&db::open_ro(&e.desk()).expect("ro"), o).expect("count"), 0);
    // The grant of another capability opens nothing either.
    let lookup_grant = g.grant(Node::GatherEvidence, Capability::LookupServer).expect("lookup grant");
    assert!(ctx.servers.action(&lookup_grant).await.is_err());
    assert!(g.grant(Node::Classify, Capability::LookupServer).is_none());
    // The real graph executes, through the action server.
    let (_, state) = graph::run(&ctx, &Graph::support_desk(), state).await.expect("run");
    assert!(state.tool_calls.contains(&"action.issue_refund".to_string()), "{:?}", state.tool_calls);
    assert_eq!(db::executed_refunds(&db::open_ro(&e.desk()).expect("ro"), o).expect("count"), 1);
}
