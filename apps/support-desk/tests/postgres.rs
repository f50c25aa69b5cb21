//! The support desk on PostgreSQL, next to a FourEyes on PostgreSQL: seed and a ticket run to the gate and resumed
//! in other processes, the guarded write under concurrency (`SELECT … FOR UPDATE`), the lookup server's SELECT-only
//! role, customer scoping, and the evals giving the same reports as on SQLite.
//!
//! The cluster comes from `FOUREYES_TEST_PG`, a URL whose role may create databases and roles (a superuser), as for
//! FourEyes' own PostgreSQL suites: `cargo xtask test` starts a throwaway cluster and sets it; without it every test
//! here fails with the way out in the message, never skips.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::pg_cluster::{Database, admin_url, client};
use foureyes_store::Store;
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};
use support_desk::actions::{self, GUARDRAIL};
use support_desk::db::{Accounts, DeskDb};
use support_desk::gate::Proposal;
use support_desk::graph::{Capability, Graph, Node};
use support_desk::{Error, eval, mcp, pg};
use tokio_postgres::Client;

/// Decide, approve as a human, decide again: the permit id of an approved call.
async fn approved(store: &dyn Store, call: &Proposal, rid: &str) -> i64 {
    let policy = support_desk::gate::policy().unwrap();
    let req = call.request(rid.into());
    let d = store.decide(policy.clone(), req.clone(), support_desk::now_ms()).await.unwrap();
    let aid = d.approval_id.expect("deferred");
    store.approve(aid, "alice", Some(&req.digest()), support_desk::now_ms()).await.unwrap();
    let p = store.decide(policy, req, support_desk::now_ms()).await.unwrap();
    assert_eq!(p.verdict, foureyes_core::Verdict::Permit);
    p.decision_id
}

fn refund(t: i64, o: i64, cents: i64, key: &str) -> Proposal {
    Proposal::IssueRefund { ticket_id: t, order_id: o, amount_cents: cents, idempotency_key: key.into() }
}

fn desk_cli(db: &Database, args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_support-desk"))
        .args(args)
        .env("SUPPORT_DESK_DB", &db.url)
        .env("FOUREYES_DB", &db.url)
        .env_remove("SUPPORT_DESK_LOOKUP_DB")
        .output()
        .unwrap();
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(&text[text.find('{').unwrap()..=text.rfind('}').unwrap()]).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seed_start_and_resume_in_other_processes_executes_the_refund_once() {
    let db = Database::create();
    // Every command is its own process; the lookup and action servers are child processes of those, the lookup one
    // connected as the SELECT-only role. FourEyes is on the same PostgreSQL database (its PostgreSQL store).
    let (ok, out) = desk_cli(&db, &["seed"]);
    assert!(ok && out.contains("seeded 63 tickets into the PostgreSQL database"), "{out}");
    assert!(!out.contains("postgres://"), "a URL (maybe with a password) is never echoed: {out}");
    let (ok, out) = desk_cli(&db, &["start", "1"]);
    assert!(ok, "{out}");
    let v = json_of(&out);
    assert_eq!((v["stop"].as_str(), v["node"].as_str()), (Some("interrupted"), Some("await_decision")));
    assert_eq!(v["proposal"]["tool"], "issue_refund");
    let order = v["proposal"]["order_id"].as_i64().unwrap();
    let (ok, out) = desk_cli(&db, &["start", "1"]);
    assert!(!ok && out.contains("already has a run"), "the stored run is on PostgreSQL: {out}");
    let (ok, out) = desk_cli(&db, &["resume", "1", "approved", "--by", "alice"]);
    assert!(ok, "{out}");
    let v = json_of(&out);
    assert_eq!(v["outcome"], "executed issue_refund; ticket is refunded");
    let trace: Vec<&str> = v["trace"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(trace.iter().filter(|n| **n == "classify").count(), 1, "resumed without classifying again");
    let (ok, out) = desk_cli(&db, &["resume", "1", "approved", "--by", "alice"]);
    assert!(!ok, "a finished run does not resume: {out}");

    let desk = DeskDb::open(&db.url, None).unwrap();
    assert_eq!(desk.executed_refunds(order).await.unwrap(), 1);
    assert_eq!(desk.pipeline_refunds().await.unwrap(), 1);
    assert_eq!(desk.ticket_status(1).await.unwrap().as_deref(), Some("refunded"));
    // The approved call again, under the same permit (an answer lost on the way back): nothing new is written.
    let store = support_desk::open_store_any(&db.url).await.unwrap();
    let proposal: Proposal = serde_json::from_value(v["proposal"].clone()).unwrap();
    let state = support_desk::graph::load_from(&desk, 1).await.unwrap().unwrap();
    let again = actions::execute_on(&desk, store.as_ref(), &proposal, state.permit).await.unwrap().unwrap();
    assert!(again.already_executed);
    assert_eq!(desk.executed_refunds(order).await.unwrap(), 1);
    drop(store);
}

/// Backends waiting on a row lock in this database.
async fn lock_waiters(admin: &Client, name: &str) -> i64 {
    let sql = "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'";
    admin.query_one(sql, &[&name]).await.unwrap().get(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_concurrent_refunds_of_one_order_exactly_one_wins() {
    let db = Database::create();
    let desk = DeskDb::open(&db.url, None).unwrap();
    let store = support_desk::open_store_any(&db.url).await.unwrap();
    let (o, t1, t2) = {
        let a = desk.accounts().await.unwrap();
        let c = a.add_customer("Ada").await.unwrap();
        let o = a.add_order(c, 4999, "delivered", 3).await.unwrap();
        let t1 = a.add_ticket(c, Some(o), "broken", "x", None).await.unwrap();
        let t2 = a.add_ticket(c, Some(o), "again", "x", None).await.unwrap();
        (o, t1, t2)
    };
    let (a, b) = (refund(t1, o, 4999, "race-1"), refund(t2, o, 4999, "race-2"));
    let (pa, pb) = (approved(store.as_ref(), &a, "ra").await, approved(store.as_ref(), &b, "rb").await);
    // Hold the order row so both writes are inside their transactions at the same time: without the row lock they
    // would both read "no executed refund" and both write (the two tickets are different rows).
    let mut holder = client(&db.url).await;
    let hold = holder.transaction().await.unwrap();
    hold.execute("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE", &[&o]).await.unwrap();
    let spawn = |call: Proposal, permit: i64| {
        let (desk, store) = (desk.clone(), store.clone());
        tokio::spawn(async move { actions::execute_on(&desk, store.as_ref(), &call, Some(permit)).await })
    };
    let (h1, h2) = (spawn(a, pa), spawn(b, pb));
    let admin = client(&admin_url()).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while lock_waiters(&admin, &db.name).await < 2 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    hold.commit().await.unwrap();
    let results = [h1.await.unwrap().unwrap(), h2.await.unwrap().unwrap()];
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "exactly one refund wins: {results:?}");
    let loser = results.iter().find_map(|r| r.as_ref().err()).unwrap();
    assert_eq!((loser.layer, loser.rule.as_str()), (GUARDRAIL, "no_prior_refund"));
    assert_eq!(desk.executed_refunds(o).await.unwrap(), 1);
    let audited: Vec<String> = desk.audit_rows(None).await.unwrap().into_iter().map(|r| r.rule).collect();
    assert_eq!(audited, ["no_prior_refund"], "the losing write is audited with its layer");
    drop(store);
}

fn sqlstate(e: &Error) -> Option<&str> {
    match e {
        Error::Pg { code, .. } => code.as_deref(),
        _ => None,
    }
}

async fn sqlstate_of(c: &Client, sql: &str) -> String {
    let e = c.batch_execute(sql).await.expect_err(sql);
    sqlstate(&Error::from(e)).unwrap_or("none").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lookup_role_cannot_write_and_an_owner_url_is_refused() {
    let db = Database::create();
    let desk = DeskDb::open(&db.url, None).unwrap();
    let a = desk.accounts().await.unwrap();
    let c = a.add_customer("Ada").await.unwrap();
    let o = a.add_order(c, 4999, "delivered", 3).await.unwrap();
    let t = a.add_ticket(c, Some(o), "broken", "x", None).await.unwrap();
    let DeskDb::Postgres(pg) = &desk else { panic!("a PostgreSQL desk") };
    let lk = pg.lookup(t).await.unwrap();
    let conn = lk.connection();
    let role: String = conn.query_one("SELECT current_user::TEXT", &[]).await.unwrap().get(0);
    assert_eq!(role, pg::LOOKUP_ROLE);
    // The session defaults to read-only transactions (25006)…
    assert_eq!(sqlstate_of(conn, "UPDATE orders SET amount_cents = 1").await, "25006");
    // …but that is a setting any session may change. The role is the fact: permission denied (42501).
    conn.batch_execute("SET default_transaction_read_only = off").await.unwrap();
    for write in [
        "UPDATE orders SET amount_cents = 1",
        "DELETE FROM refunds",
        "INSERT INTO refunds (order_id, amount_cents, status, idempotency_key) VALUES (1, 1, 'executed', 'k')",
        "UPDATE tickets SET status = 'refunded'",
        "TRUNCATE customers CASCADE",
        "INSERT INTO audit (layer, rule, detail) VALUES ('content_layer', 'x', 'y')",
        "SELECT * FROM runs",
        "SELECT * FROM executions",
        "SET ROLE postgres",
    ] {
        assert_eq!(sqlstate_of(conn, write).await, "42501", "{write}");
    }
    assert_eq!(lk.get_order(o).await.unwrap().map(|x| x.amount_cents), Some(4999), "nothing changed");
    // A lookup URL that names a role able to write (here the owner) is refused before serving.
    let owner = DeskDb::open(&db.url, Some(&db.url)).unwrap();
    let DeskDb::Postgres(owner) = owner else { panic!("a PostgreSQL desk") };
    let refused = owner.lookup(t).await.err().expect("an owner connection must not serve lookups");
    assert!(refused.to_string().contains("must hold SELECT only"), "{refused}");
    // A desk URL with a password never lends it to the lookup role.
    let with_password = db.url.replace("postgres://postgres@", "postgres://postgres:secret@");
    let DeskDb::Postgres(p) = DeskDb::open(&with_password, None).unwrap() else { panic!("a PostgreSQL desk") };
    assert!(p.lookup(t).await.err().unwrap().to_string().contains("--lookup-db"));
    // Bad input: --lookup-db on SQLite, and a malformed URL.
    assert!(DeskDb::open("desk.db", Some(&db.url)).is_err());
    assert!(DeskDb::open("postgres://[::1", None).is_err());
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lookup_of_another_customers_order_is_not_found() {
    let db = Database::create();
    let desk = DeskDb::open(&db.url, None).unwrap();
    let (t, mine, theirs) = {
        let a = desk.accounts().await.unwrap();
        let c = a.add_customer("Ada").await.unwrap();
        let mine = a.add_order(c, 4999, "delivered", 3).await.unwrap();
        let t = a.add_ticket(c, Some(mine), "broken", "x", None).await.unwrap();
        let other = a.add_customer("Bob").await.unwrap();
        let theirs = a.add_order(other, 15999, "delivered", 5).await.unwrap();
        a.add_prior_refund(theirs, 15999, "executed").await.unwrap();
        (t, mine, theirs)
    };
    let dir = tempfile::tempdir().unwrap();
    let store = support_desk::open_store(&dir.path().join("fe.db")).unwrap();
    let ctx = support_desk::context_on(desk.clone(), store).unwrap();
    let graph = Graph::support_desk();
    let grant = graph.grant(Node::GatherEvidence, Capability::LookupServer).unwrap();
    let lookup = ctx.servers.lookup(&grant, t).await.unwrap();
    let arg = |id: i64| serde_json::Map::from_iter([("order_id".to_string(), json!(id))]);
    for tool in ["get_order", "get_refund_history"] {
        match lookup.call(tool, arg(theirs)).await.unwrap() {
            mcp::Reply::Refused { details, .. } => assert_eq!(details["code"], "not_found", "{tool}"),
            other => panic!("{tool} of another customer's order answered {other:?}"),
        }
    }
    let mcp::Reply::Ok(found) = lookup.call("get_order", arg(mine)).await.unwrap() else { panic!("own order") };
    assert_eq!(found["id"], mine);
    let mcp::Reply::Ok(list) = lookup.call("list_customer_orders", serde_json::Map::new()).await.unwrap() else {
        panic!("list")
    };
    assert_eq!(list["orders"].as_array().unwrap().len(), 1);
    lookup.close().await;
}

fn evals() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("evals")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_evals_give_the_same_reports_on_postgresql_as_on_sqlite() {
    let db = Database::create();
    let offline = || support_desk::llm::Classifier::Offline;
    let bench = evals().join("benchmark.jsonl");
    let on_sqlite = eval::benchmark_on(&bench, offline(), None).await.unwrap();
    let on_pg = eval::benchmark_on(&bench, offline(), Some(&db.url)).await.unwrap();
    assert!(on_sqlite["total"].as_u64().unwrap() >= 100);
    assert_eq!(on_pg, on_sqlite);
    let red = evals().join("redteam.jsonl");
    let on_sqlite = eval::redteam_on(&red, offline(), None).await.unwrap();
    let on_pg = eval::redteam_on(&red, offline(), Some(&db.url)).await.unwrap();
    assert_eq!(on_pg["unauthorized_executions"], 0);
    assert_eq!(on_pg, on_sqlite);
    // Each run's fresh schema is gone afterwards.
    let left: i64 = client(&db.url)
        .await
        .query_one("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'support_desk_%'", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0);
}
