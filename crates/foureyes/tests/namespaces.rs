//! Namespaces over real processes (ADR-500), on SQLite and on PostgreSQL: credentials made with
//! `foureyes --namespace NAME token create`, one `foureyes serve --serve-namespace a=… --serve-namespace b=…`, plain
//! HTTP. Two namespaces never see each other's decisions, credentials or limits; a credential of one is refused in
//! the other; each namespace's journal verifies and audits on its own; the default namespace is `--db` as before.
//!
//! The PostgreSQL test needs `FOUREYES_TEST_PG` (a superuser URL; unset is a failure, never a skip). The router and
//! the door's own check are tested in process in `crates/foureyes-server/tests/namespaces.rs`.
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::pg_cluster::Database;
use crate::support;

use serde_json::{Value, json};
use std::process::Stdio;
use std::time::Duration;
use support::{Env, KillOnDrop, announced, http_bytes};

const POLICY: &str = "\
version: 1
timezone: UTC
actions:
  email.send:
    tier: 2
    params:
      to: { type: string, max_len: 200 }
    limits:
      - { count: 2, per: 1h }
";

fn http(addr: &str, method: &str, path: &str, token: &str, body: Option<&Value>) -> (u16, Value) {
    let (status, bytes) = http_bytes(addr, method, path, token, body, Duration::from_secs(30)).unwrap();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn decide(addr: &str, token: &str, request_id: &str) -> (u16, Value) {
    let body = json!({"request_id": request_id, "action": "email.send", "params": {"to": "x@example.com"}});
    http(addr, "POST", "/v1/decide", token, Some(&body))
}

fn token(env: &Env, namespace: Option<&str>, name: &str, role: &str) -> String {
    let mut args = vec![];
    if let Some(ns) = namespace {
        args.extend(["--namespace", ns]);
    }
    args.extend(["token", "create", "--name", name, "--role", role, "--json"]);
    env.cli_json(&args)["token"].as_str().unwrap().to_string()
}

fn serve(env: &Env) -> (KillOnDrop, String) {
    let a = format!("a={}", env.policy.display());
    let b = format!("b={}", env.policy.display());
    let mut child = env
        .command()
        .args(["serve", "--listen", "127.0.0.1:0", "--serve-namespace", &a, "--serve-namespace", &b])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let child = KillOnDrop(child);
    let addr = announced(stdout, "the server printed no address", |line| {
        line.split(" on http://").nth(1).map(|url| url.trim().to_string())
    });
    (child, addr)
}

fn namespaces_never_see_each_other(env: &Env) {
    let default_bot = token(env, None, "bot", "agent");
    let a_bot = token(env, Some("a"), "bot", "agent");
    let b_bot = token(env, Some("b"), "bot", "agent");
    let a_root = token(env, Some("a"), "root", "admin");
    assert!(a_bot.starts_with("fe.a.") && b_bot.starts_with("fe.b."), "{a_bot} {b_bot}");
    assert!(default_bot.starts_with("fe_"), "{default_bot}");
    let (server, addr) = serve(env);

    // Limits: `count: 2 per 1h` each. a's third is over; b and the default keep theirs.
    assert_eq!(decide(&addr, &a_bot, "a-0").1["verdict"], "permit");
    assert_eq!(decide(&addr, &a_bot, "a-1").1["verdict"], "permit");
    let (status, third) = decide(&addr, &a_bot, "a-2");
    assert_eq!(status, 200, "{third}");
    assert_ne!(third["verdict"], "permit", "{third}");
    for n in 0..2 {
        let (status, r) = decide(&addr, &b_bot, &format!("b-{n}"));
        assert_eq!((status, r["verdict"].clone()), (200, json!("permit")), "{r}");
    }
    assert_eq!(decide(&addr, &default_bot, "d-0").1["verdict"], "permit");

    // Decisions: a's admin lists a's only.
    let (status, listed) = http(&addr, "GET", "/v1/decisions", &a_root, None);
    assert_eq!(status, 200, "{listed}");
    let text = listed.to_string();
    assert!(text.contains("a-0") && !text.contains("b-0") && !text.contains("d-0"), "{text}");

    // Credentials: a's token under b's prefix, or with no prefix, is nobody's; a's admin cannot act in b.
    let secret = a_bot.strip_prefix("fe.a.").unwrap();
    for forged in [format!("fe.b.{secret}"), secret.to_string()] {
        assert_eq!(decide(&addr, &forged, "forged").0, 401, "{forged}");
    }
    drop(server);

    // Each namespace's store is its own: its own journal, verified and audited alone.
    for (ns, expected) in [(Some("a"), 3), (Some("b"), 2), (None, 1)] {
        let mut args = vec![];
        if let Some(ns) = ns {
            args.extend(["--namespace", ns]);
        }
        let listed = env.cli_json(&[args.clone(), vec!["decisions", "list", "--json"]].concat());
        assert_eq!(listed.as_array().unwrap().len(), expected, "{ns:?}: {listed}");
        env.cli(&[args.clone(), vec!["journal", "verify"]].concat());
        env.cli(&[args, vec!["journal", "audit"]].concat());
    }
}

#[test]
fn namespaces_never_see_each_other_sqlite() {
    let env = Env::new(POLICY);
    namespaces_never_see_each_other(&env);
    // The namespaces' files sit beside `--db`.
    for file in ["fe.db", "fe.ns-a.db", "fe.ns-b.db"] {
        assert!(env.dir.path().join(file).exists(), "{file}");
    }
}

/// Runs `statement` on the cluster at `url`; the first column of each row.
fn pg(url: &str, statement: &str) -> Vec<String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to the test cluster: {e:?}"));
        let driver = tokio::spawn(connection);
        let messages = client.simple_query(statement).await.unwrap_or_else(|e| panic!("`{statement}`: {e:?}"));
        drop(client);
        let _ = driver.await;
        messages
            .into_iter()
            .filter_map(|m| match m {
                tokio_postgres::SimpleQueryMessage::Row(row) => row.get(0).map(str::to_string),
                _ => None,
            })
            .collect()
    })
}

#[test]
fn namespaces_never_see_each_other_postgres() {
    let db = Database::create();
    let mut env = Env::new(POLICY);
    env.db = db.url.clone().into();
    namespaces_never_see_each_other(&env);
    // One schema per namespace in the one database; the default namespace is `public`, as before.
    let schemas =
        pg(&db.url, "SELECT table_schema FROM information_schema.tables WHERE table_name = 'journal' ORDER BY 1");
    assert_eq!(schemas, ["fe_ns_a", "fe_ns_b", "public"]);
}
