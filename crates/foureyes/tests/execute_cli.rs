//! FourEyes executes, end to end through the binary: `foureyes secret set` from stdin (the value is never printed),
//! `foureyes execute` against a real local HTTP server (the credential reaches it; a retry runs nothing), and
//! `foureyes serve` answering `POST /v1/execute` for an agent token that holds no credential for the shop.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::Env;

const KEY: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
const SECRET: &str = "tok-cli-shop-credential-42";

/// Each request the shop received: its first line and its Authorization header.
type Seen = Arc<Mutex<Vec<(String, String)>>>;

/// A real HTTP/1.1 server on loopback that records each request's first line and Authorization header.
fn shop() -> (String, Seen) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut first = String::new();
            reader.read_line(&mut first).unwrap();
            let (mut auth, mut length) = (String::new(), 0usize);
            loop {
                let mut line = String::new();
                reader.read_line(&mut line).unwrap();
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                let lower = line.to_ascii_lowercase();
                if lower.starts_with("authorization:") {
                    auth = line["authorization:".len()..].trim().to_string();
                }
                if let Some(v) = lower.strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            log.lock().unwrap().push((first.trim().to_string(), auth));
            let answer = r#"{"ok": true}"#;
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                answer.len()
            );
        }
    });
    (base, seen)
}

fn policy(base: &str) -> String {
    format!(
        r#"version: 1
actions:
  shop.refund:
    tier: 2
    limits: [{{ count: 100, per: 1h }}]
    params: {{ order_id: {{ type: string, pattern: "^ord_[0-9]+$" }} }}
    execute:
      http:
        method: POST
        url: "{base}/refunds/{{{{ params.order_id }}}}"
        headers: {{ authorization: "Bearer {{{{ secret.shop_token }}}}" }}
        body: '{{"order": {{{{ params.order_id }}}}}}'
        timeout: 5s
"#
    )
}

#[test]
fn the_cli_and_the_server_execute_with_credentials_the_agent_never_holds() {
    let (base, seen) = shop();
    let env = Env::new(&policy(&base));
    let with_key = |args: &[&str]| {
        let mut c = env.command();
        c.env("FOUREYES_SECRETS_KEY", KEY).args(args);
        c
    };
    // The value comes from stdin and is never printed.
    let mut set =
        with_key(&["secret", "set", "shop_token"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    set.stdin.take().unwrap().write_all(format!("{SECRET}\n").as_bytes()).unwrap();
    let out = set.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains(SECRET));
    let listed = with_key(&["secret", "list", "--json"]).output().unwrap();
    let text = String::from_utf8_lossy(&listed.stdout).to_string();
    assert!(text.contains("shop_token") && !text.contains(SECRET), "{text}");
    assert!(!std::fs::read(&env.db).unwrap().windows(SECRET.len()).any(|w| w == SECRET.as_bytes()), "sealed at rest");

    let args = ["execute", "--agent", "bot", "--action", "shop.refund", "--params", r#"{"order_id":"ord_1"}"#];
    let run = |id: &str| -> (i32, Value) {
        let out = with_key(&[&args[..], &["--request-id", id, "--json"]].concat()).output().unwrap();
        let v = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        (out.status.code().unwrap(), v)
    };
    let (code, first) = run("cli-1");
    assert_eq!((code, &first["ran"], &first["outcome"]), (0, &json!(true), &json!("executed")), "{first}");
    assert_eq!(seen.lock().unwrap().clone(), vec![("POST /refunds/ord_1 HTTP/1.1".into(), format!("Bearer {SECRET}"))]);
    let (code, again) = run("cli-1");
    assert_eq!((code, &again["ran"], &again["replayed"]), (0, &json!(false), &json!(true)));
    assert_eq!(seen.lock().unwrap().len(), 1, "a retry runs nothing");

    // The server: the agent's token decides and executes; the shop's credential stays in FourEyes.
    let agent = env.token("bot", "agent");
    let mut serve = env.command();
    serve.env("FOUREYES_SECRETS_KEY", KEY).args(["serve", "--listen", "127.0.0.1:0"]).stdout(Stdio::piped());
    let mut child = serve.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = support::KillOnDrop(child);
    let addr =
        support::announced(stdout, "no address", |line| line.split(" on http://").nth(1).map(|u| u.trim().to_string()));
    let body = json!({"request_id": "api-1", "action": "shop.refund", "params": {"order_id": "ord_2"}});
    let (status, raw) =
        support::http_bytes(&addr, "POST", "/v1/execute", &agent, Some(&body), Duration::from_secs(30)).unwrap();
    let answer: Value = serde_json::from_slice(&raw).unwrap();
    assert_eq!((status, &answer["ran"], &answer["outcome"]), (200, &json!(true), &json!("executed")), "{answer}");
    assert!(!String::from_utf8_lossy(&raw).contains(SECRET));
    assert_eq!(seen.lock().unwrap().len(), 2);
    let (status, raw) =
        support::http_bytes(&addr, "POST", "/v1/execute", &agent, Some(&body), Duration::from_secs(30)).unwrap();
    let again: Value = serde_json::from_slice(&raw).unwrap();
    assert_eq!((status, &again["ran"]), (200, &json!(false)));
    assert_eq!(seen.lock().unwrap().len(), 2, "the same request id runs once");
}

/// `foureyes secret set` on an existing name is a rotation: journaled first with the name and who (`--as`), never
/// the value; `secret list` shows when each was created and last rotated.
#[test]
fn a_secret_rotation_is_journaled_by_name_and_who_never_the_value() {
    let (base, _seen) = shop();
    let env = Env::new(&policy(&base));
    let set = |value: &str, by: Option<&str>| {
        let mut c = env.command();
        c.env("FOUREYES_SECRETS_KEY", KEY).args(["secret", "set", "shop_token"]);
        if let Some(by) = by {
            c.args(["--as", by]);
        }
        let mut child = c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(value.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(!text.contains(value), "{text}");
        text
    };
    const ROTATED: &str = "tok-cli-shop-credential-rotated-43";
    assert!(set(SECRET, None).contains("`shop_token` set"));
    assert!(set(ROTATED, Some("alice")).contains("`shop_token` rotated"));
    // A refused value (empty) is neither stored nor journaled.
    let mut c = env.command();
    c.env("FOUREYES_SECRETS_KEY", KEY).args(["secret", "set", "shop_token", "--from-file", "/dev/null"]);
    assert!(!c.output().unwrap().status.success());

    let export = env.cli(&["journal", "export", "-"]);
    let journal = String::from_utf8_lossy(&export.stdout).to_string();
    assert!(!journal.contains(SECRET) && !journal.contains(ROTATED), "no value in the journal");
    let sets: Vec<Value> = journal
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["data"]["action"] == json!("secret_set"))
        .map(|e| {
            // Each entry binds the sealed value it stored (ADR-958): 64 hex digits, never the value.
            let mut data = e["data"].clone();
            let binding = data.as_object_mut().unwrap().remove("sealed_binding").unwrap();
            assert!(binding.as_str().is_some_and(|b| b.len() == 64 && hex_only(b)), "{binding}");
            json!({"kind": e["kind"], "data": data})
        })
        .collect();
    assert_eq!(
        sets,
        vec![
            json!({"kind": "credential", "data": {"action": "secret_set", "name": "shop_token", "by": "cli", "rotation": false}}),
            json!({"kind": "credential", "data": {"action": "secret_set", "name": "shop_token", "by": "alice", "rotation": true}}),
        ],
        "{journal}"
    );
    let mut list = env.command();
    let listed = list.env("FOUREYES_SECRETS_KEY", KEY).args(["secret", "list", "--json"]).output().unwrap();
    let listed: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let entry = &listed[0];
    assert_eq!((&entry["name"], &entry["version"]), (&json!("shop_token"), &json!(2)), "{listed}");
    assert!(entry["created_at_ms"].is_i64() && entry["rotated_at_ms"].is_i64(), "{listed}");
    assert!(entry["created_at_ms"].as_i64() <= entry["rotated_at_ms"].as_i64());
    let text = env.command().env("FOUREYES_SECRETS_KEY", KEY).args(["secret", "list"]).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout).to_string();
    assert!(text.contains("created ") && text.contains("rotated ") && !text.contains("rotated never"), "{text}");
}

fn hex_only(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Attack 28, H3 (F958): a database writer with no key sets the rotated secret's row back to its pre-rotation
/// sealed value (keeping version 2, then with version 1). `foureyes execute` sent the old credential (attack 28's
/// `secswap28.py`); now the row is refused `record_altered`, journaled naming the secret, and nothing is sent.
#[test]
fn a_secret_rolled_back_by_a_database_writer_is_refused_not_sent() {
    let (base, seen) = shop();
    let env = Env::new(&policy(&base));
    let set = |value: &str| {
        let mut c = env.command();
        c.env("FOUREYES_SECRETS_KEY", KEY).args(["secret", "set", "shop_token"]);
        let mut child = c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(value.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    let row = || -> (Vec<u8>, Vec<u8>) {
        let c = rusqlite::Connection::open(&env.db).unwrap();
        c.query_row("SELECT nonce, sealed FROM connector_secrets WHERE name = 'shop_token'", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap()
    };
    const ROTATED: &str = "tok-cli-shop-credential-rotated-43";
    set(SECRET);
    let old = row();
    set(ROTATED);
    for (i, version) in [2i64, 1].into_iter().enumerate() {
        let c = rusqlite::Connection::open(&env.db).unwrap();
        c.execute(
            "UPDATE connector_secrets SET version = ?1, nonce = ?2, sealed = ?3 WHERE name = 'shop_token'",
            rusqlite::params![version, old.0, old.1],
        )
        .unwrap();
        drop(c);
        let id = format!("rb-{i}");
        let out = env
            .command()
            .env("FOUREYES_SECRETS_KEY", KEY)
            .args(["execute", "--agent", "bot", "--action", "shop.refund", "--params", r#"{"order_id":"ord_1"}"#])
            .args(["--request-id", &id, "--json"])
            .output()
            .unwrap();
        let answer: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        assert_ne!(answer["outcome"], json!("executed"), "version {version}: {answer}");
        let text = answer.to_string();
        assert!(text.contains("record_altered") && !text.contains(SECRET), "version {version}: {text}");
        assert!(seen.lock().unwrap().is_empty(), "version {version}: the rolled-back credential was sent");
    }
    let export = env.cli(&["journal", "export", "-"]);
    let journal = String::from_utf8_lossy(&export.stdout).to_string();
    let refusals = journal
        .lines()
        .filter(|l| l.contains(r#""kind":"refused""#) && l.contains("record_altered") && l.contains("shop_token"))
        .count();
    assert_eq!(refusals, 2, "{journal}");
    assert!(!journal.contains(SECRET) && !journal.contains(ROTATED));
    // `journal audit` names the row (no key needed), and is clean again once the row is the journal's.
    let audit = env.command().args(["journal", "audit"]).output().unwrap();
    let text = String::from_utf8_lossy(&audit.stdout).to_string();
    assert!(!audit.status.success() && text.contains("connector_secrets row `shop_token`"), "{text}");
    set("tok-cli-shop-credential-rotated-44");
    let audit = env.command().args(["journal", "audit"]).output().unwrap();
    assert!(audit.status.success(), "{}", String::from_utf8_lossy(&audit.stdout));
}

/// A permit whose connector never reported (as a crash between the permit and the report leaves it) is listed by
/// `foureyes unconfirmed` and by `serve` at start, and never re-run: the same request id sent again runs nothing.
#[test]
fn runs_left_unconfirmed_are_listed_at_start_and_by_the_cli_and_never_rerun() {
    let (base, seen) = shop();
    let env = Env::new(&policy(&base));
    let with_key = |args: &[&str]| {
        let mut c = env.command();
        c.env("FOUREYES_SECRETS_KEY", KEY).args(args);
        c
    };
    // A plain `decide` cannot take the permit of an action FourEyes runs (ADR-480): refused, journaled.
    let refused = env
        .command()
        .args(["decide", "--agent", "bot", "--action", "shop.refund", "--params", r#"{"order_id":"ord_7"}"#])
        .args(["--request-id", "crash-1", "--json"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(4), "{}", String::from_utf8_lossy(&refused.stderr));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("foureyes execute"), "{refused:?}");
    // The permit, taken and never reported: what a crash of `foureyes execute` between its decide and its run
    // leaves (the store's decide, as the door makes it).
    let id = {
        let text = std::fs::read_to_string(&env.policy).unwrap();
        let policy = foureyes_core::Policy::from_yaml("policy.yaml", &text).unwrap();
        let store = foureyes_store_sqlite::SqliteStore::open(&env.db, Default::default()).unwrap();
        let request = foureyes_core::ActionRequest {
            request_id: "crash-1".into(),
            agent: "bot".into(),
            session: None,
            action: "shop.refund".into(),
            params: json!({"order_id": "ord_7"}).as_object().unwrap().clone(),
            target: None,
            undo_of: None,
            dry_run: false,
            approval_id: None,
            evidence: None,
            flags: Vec::new(),
        };
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(foureyes_store::Store::decide_or_replay(&store, std::sync::Arc::new(policy), request, now))
            .unwrap()
            .decision
            .decision_id
    };
    let listed = with_key(&["unconfirmed", "--json"]).output().unwrap();
    assert_eq!(listed.status.code(), Some(14), "{}", String::from_utf8_lossy(&listed.stderr));
    let rows: Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!((rows[0]["decision_id"].as_i64(), &rows[0]["request_id"]), (Some(id), &json!("crash-1")), "{rows}");
    // Decided and never sent to its connector (no start mark): listed as such.
    assert!(rows[0]["started_at_ms"].is_null(), "{rows}");

    let agent = env.token("bot", "agent");
    let mut serve = with_key(&["serve", "--listen", "127.0.0.1:0"]);
    let mut child = serve.stdout(Stdio::piped()).spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = support::KillOnDrop(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut said = Vec::new();
    let mut addr = None;
    // The address comes first; the list of runs to confirm follows, before any request is served.
    while !said.iter().any(|l: &String| l.contains(&format!("decision {id} "))) {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("serve listed no unconfirmed run: {said:?}"));
        if let Some(url) = line.split(" on http://").nth(1) {
            addr = Some(url.trim().to_string());
        }
        said.push(line);
    }
    let addr = addr.expect("serve announces its address");
    assert!(said.iter().any(|l| l.contains("cannot be confirmed (1)")), "{said:?}");
    assert!(said.iter().any(|l| l.contains("never started: nothing was sent")), "{said:?}");
    let body = json!({"request_id": "crash-1", "action": "shop.refund", "params": {"order_id": "ord_7"}});
    let (status, raw) =
        support::http_bytes(&addr, "POST", "/v1/execute", &agent, Some(&body), Duration::from_secs(30)).unwrap();
    let again: Value = serde_json::from_slice(&raw).unwrap();
    assert_eq!((status, &again["ran"], &again["replayed"]), (200, &json!(false), &json!(true)), "{again}");
    assert!(seen.lock().unwrap().is_empty(), "an unconfirmed run is never re-run");
    // Settled by the operator: no longer listed.
    env.cli(&["report", &id.to_string(), "--outcome", "failed"]);
    let listed = with_key(&["unconfirmed"]).output().unwrap();
    assert_eq!(listed.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&listed.stdout).contains("no connector runs to confirm"));
}
