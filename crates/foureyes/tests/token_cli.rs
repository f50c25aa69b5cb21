//! `foureyes token create|list` for executor credentials, through the real binary: an executor names the agent it
//! serves (`--for`), and every malformed combination is refused before anything is written.
#![allow(clippy::unwrap_used)]

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_foureyes");

fn foureyes(db: &Path, args: &[&str]) -> Output {
    Command::new(BIN).arg("--db").arg(db).args(args).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn list(db: &Path) -> Vec<Value> {
    let out = foureyes(db, &["token", "list", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn an_executor_names_the_agent_it_serves_and_bad_combinations_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let out = foureyes(&db, &["token", "create", "--name", "bot", "--role", "agent", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    foureyes(&db, &["token", "create", "--name", "alice", "--role", "approver"]);

    let out = foureyes(&db, &["token", "create", "--name", "runner", "--role", "executor", "--for", "bot", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((created["role"].as_str(), created["serves"].as_str()), (Some("executor"), Some("bot")));
    assert!(created["token"].as_str().unwrap().starts_with("fe_"), "{created}");

    let out = foureyes(&db, &["token", "list"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let line = text.lines().find(|l| l.starts_with("runner")).unwrap_or_else(|| panic!("no runner in {text}"));
    assert!(line.contains("executor") && line.contains("serves: bot"), "{line}");
    let before = list(&db);
    let runner = before.iter().find(|p| p["name"] == "runner").unwrap();
    assert_eq!(runner["serves"], "bot");
    assert_eq!(before.iter().find(|p| p["name"] == "bot").unwrap()["serves"], Value::Null);

    // Each refused before anything is written: (arguments, exit code, what the message must say).
    let refusals: [(&[&str], i32, &str); 7] = [
        (
            &["--name", "x", "--role", "bailiff"],
            3,
            "unknown role `bailiff`: expected agent, approver, admin, executor or runner",
        ),
        (&["--name", "x", "--role", "executor"], 3, "--for AGENT"),
        (&["--name", "x", "--role", "agent", "--for", "bot"], 3, "role `agent` takes no --for"),
        (&["--name", "x", "--role", "approver", "--for", "bot"], 3, "role `approver` takes no --for"),
        (&["--name", "x", "--role", "executor", "--for", "bot", "--totp"], 3, "drop --totp"),
        (&["--name", "x", "--role", "executor", "--for", "alice"], 6, "no live agent credential named `alice`"),
        (&["--name", "bot", "--role", "executor", "--for", "bot"], 6, "already exists"),
    ];
    for (args, code, message) in refusals {
        let mut all = vec!["token", "create"];
        all.extend_from_slice(args);
        let out = foureyes(&db, &all);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: expected `{message}` in {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?} printed a token: {}", String::from_utf8_lossy(&out.stdout));
    }
    assert_eq!(list(&db), before, "a refused create writes nothing");
    let verify = foureyes(&db, &["journal", "verify"]);
    assert_eq!(verify.status.code(), Some(0), "{}", stderr(&verify));

    let help = foureyes(&db, &["token", "create", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout).to_string();
    assert!(help.contains("--for <AGENT>") && help.contains("--role executor --for bot"), "{help}");
}
