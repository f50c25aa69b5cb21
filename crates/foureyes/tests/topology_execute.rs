//! The home demo's topology when FourEyes executes (issue 17): a house (a real local HTTP server) that refuses any
//! write without its credential, `foureyes serve` holding that credential as a sealed secret, and an agent — a
//! separate Python process using the project's client — that holds only its FourEyes token. The agent's direct write
//! to the house is refused by the house; its `execute()` through FourEyes changes the house, once; and neither its
//! environment nor its arguments carry the house's credential or the secrets key.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::Env;

const KEY: &str = "7c1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f7";
const HOUSE_CREDENTIAL: &str = "house-write-credential-5f1d9c";

/// The house's writes that it accepted (the body of each), and the status of every request it answered.
#[derive(Clone, Default)]
struct House {
    accepted: Arc<Mutex<Vec<String>>>,
    answered: Arc<Mutex<Vec<(String, u16)>>>,
}

/// A real HTTP/1.1 server on loopback: `POST /thermostat` with `Authorization: Bearer <HOUSE_CREDENTIAL>` sets the
/// temperature (200); without it, or with another value, 401 and nothing changes.
fn house() -> (String, House) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let house = House::default();
    let h = house.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut first = String::new();
            if reader.read_line(&mut first).is_err() {
                continue;
            }
            let (mut auth, mut length) = (String::new(), 0usize);
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    break;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                let lower = line.to_ascii_lowercase();
                if lower.starts_with("authorization:") {
                    auth = line["authorization:".len()..].trim().to_string();
                }
                if let Some(v) = lower.strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let first = first.trim().to_string();
            let allowed = auth == format!("Bearer {HOUSE_CREDENTIAL}");
            let (status, answer) = if !first.starts_with("POST /thermostat ") {
                (404, r#"{"error": "no such route"}"#)
            } else if allowed {
                h.accepted.lock().unwrap().push(String::from_utf8_lossy(&body).into_owned());
                (200, r#"{"ok": true}"#)
            } else {
                (401, r#"{"error": "a write needs the house's credential"}"#)
            };
            h.answered.lock().unwrap().push((first, status));
            let reason = match status {
                200 => "OK",
                401 => "Unauthorized",
                _ => "Not Found",
            };
            let _ = write!(
                stream,
                "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: \
                 close\r\n\r\n{answer}",
                answer.len()
            );
        }
    });
    (base, house)
}

fn policy(house: &str) -> String {
    format!(
        r#"version: 1
actions:
  home.set_temperature:
    tier: 2
    limits: [{{ count: 10, per: 1h }}]
    params: {{ celsius: {{ type: number, min: 17, max: 23 }} }}
    execute:
      http:
        method: POST
        url: "{house}/thermostat"
        headers: {{ authorization: "Bearer {{{{ secret.house_token }}}}" }}
        body: '{{"celsius": {{{{ params.celsius }}}}}}'
        timeout: 5s
"#
    )
}

/// The agent: tries the house directly (no credential: it has none), then asks FourEyes to execute, and prints
/// what it saw plus its own environment and arguments as the kernel holds them.
const AGENT: &str = r#"
import json, os, sys, urllib.request, urllib.error
from foureyes_client import FourEyes

house, door, token = sys.argv[1], sys.argv[2], sys.argv[3]
try:
    req = urllib.request.Request(house + "/thermostat", data=b'{"celsius": 30}', method="POST",
                                 headers={"Content-Type": "application/json"})
    direct = urllib.request.urlopen(req, timeout=10).status
except urllib.error.HTTPError as e:
    direct = e.code
verdict = FourEyes(door, token).execute("agent-1", "home.set_temperature", {"celsius": 21})
with open("/proc/self/environ", "rb") as f:
    environ = f.read().decode("utf-8", "replace")
with open("/proc/self/cmdline", "rb") as f:
    cmdline = f.read().decode("utf-8", "replace")
print(json.dumps({"direct": direct, "verdict": verdict.verdict, "ran": verdict.raw.get("ran"),
                  "outcome": verdict.raw.get("outcome"), "environ": environ, "cmdline": cmdline}))
"#;

#[test]
fn the_agent_holds_no_write_credential_and_the_house_refuses_it_directly() {
    let (base, house) = house();
    let env = Env::new(&policy(&base));
    let key_file = env.dir.path().join("secrets.key");
    std::fs::write(&key_file, KEY).unwrap();
    let key_arg = key_file.display().to_string();
    let mut set = env.command();
    set.args(["secret", "set", "house_token", "--secrets-key-file", &key_arg]).stdin(Stdio::piped());
    let mut child = set.stdout(Stdio::null()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(HOUSE_CREDENTIAL.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
    let agent_token = env.token("bot", "agent");

    let mut serve = env.command();
    serve.args(["serve", "--listen", "127.0.0.1:0", "--secrets-key-file", &key_arg]).stdout(Stdio::piped());
    let mut child = serve.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = support::KillOnDrop(child);
    let addr =
        support::announced(stdout, "no address", |line| line.split(" on http://").nth(1).map(|u| u.trim().to_string()));

    // The agent process: an empty environment but for what it needs to run Python and find the client.
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../integrations/python");
    let out = Command::new("python3")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("PYTHONPATH", &client)
        .args(["-c", AGENT, &base, &format!("http://{addr}"), &agent_token])
        .output()
        .unwrap();
    assert!(out.status.success(), "the agent failed: {}", String::from_utf8_lossy(&out.stderr));
    let seen: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));

    // The house refused the agent's own write, and took FourEyes's, once.
    assert_eq!(seen["direct"], json!(401), "{seen}");
    assert_eq!(
        (&seen["verdict"], &seen["ran"], &seen["outcome"]),
        (&json!("permit"), &json!(true), &json!("executed"))
    );
    assert_eq!(house.accepted.lock().unwrap().clone(), vec![r#"{"celsius": 21}"#.to_string()]);
    let answered = house.answered.lock().unwrap().clone();
    assert_eq!(answered.iter().map(|(_, s)| *s).collect::<Vec<_>>(), vec![401, 200], "{answered:?}");
    // The agent's environment and arguments, as the kernel held them, carry no credential of the house and no key.
    let (environ, cmdline) = (seen["environ"].as_str().unwrap(), seen["cmdline"].as_str().unwrap());
    for held in [environ, cmdline] {
        assert!(!held.contains(HOUSE_CREDENTIAL) && !held.contains(KEY) && !held.contains("secrets.key"), "{held}");
        assert!(!held.contains("FOUREYES_SECRETS_KEY"), "{held}");
    }
    assert!(cmdline.contains(&agent_token), "the agent holds its FourEyes token, and only that");
}
