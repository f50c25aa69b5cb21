//! ADR-851 (helper fault7, attack 21's N3): every door that writes holds the seal key it was given
//! (`--seal-key` / FOUREYES_SEAL_KEY, ADR-420). The embedded `mcp-proxy` opened its store without it: on a sealed
//! store it refused to start ("this door holds no seal key"), on a fresh one it journaled unsealed events that every
//! keyed door then refused. One test drives the proxy; one enumerates every place the doors open a store.
#![allow(clippy::unwrap_used)]

use crate::support::Env;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

const POLICY: &str = "\
version: 1
actions:
  climate.set:
    tier: 2
    params: { c: { type: number } }
    limits: [ { count: 1000, per: 1h } ]
  mcp.up.t:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
";

/// An MCP server over stdio with one tool, `t`, that answers `ok`.
const UPSTREAM: &str = r#"
import sys, json
for line in sys.stdin:
    m = json.loads(line) if line.strip() else None
    if not m or "id" not in m: continue
    r = {"jsonrpc": "2.0", "id": m["id"]}
    if m["method"] == "initialize": r["result"] = {"protocolVersion": "2025-03-26", "capabilities": {"tools": {}}, "serverInfo": {"name": "up", "version": "1"}}
    elif m["method"] == "tools/list": r["result"] = {"tools": [{"name": "t", "description": "t", "inputSchema": {"type": "object"}}]}
    elif m["method"] == "tools/call": r["result"] = {"content": [{"type": "text", "text": "ok"}]}
    else: r["result"] = {}
    sys.stdout.write(json.dumps(r) + "\n"); sys.stdout.flush()
"#;

/// One MCP session through the embedded proxy (stdio): initialize, list, one call of `t`. Returns the exit code,
/// stdout and stderr; `key_flag` passes the key as `--seal-key FILE` too.
fn proxy_session(env: &Env, key_flag: bool) -> (Option<i32>, String, String) {
    let upstream = env.dir.path().join("up.py");
    std::fs::write(&upstream, UPSTREAM).unwrap();
    let mut command = env.command();
    if key_flag {
        command.arg("--seal-key").arg(env.seal.as_ref().unwrap());
    }
    let mut child = command
        .args(["mcp-proxy", "--name", "up", "--", "python3"])
        .arg(&upstream)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let messages = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t","arguments":{"x":1}}}"#,
    ];
    let mut stdin = child.stdin.take().unwrap();
    for m in messages {
        writeln!(stdin, "{m}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn journal_verifies(env: &Env) {
    let out = env.command().args(["journal", "verify"]).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "the keyed `journal verify`: {said}");
}

/// F851, `mcpseal21.py` (RED before ADR-851: on the sealed store the proxy exited 8, "this door holds no seal key";
/// on a fresh one the keyed `journal verify` then exited 7, "carry no seal"): the embedded proxy given the key, by
/// FOUREYES_SEAL_KEY and by `--seal-key`, on a store a keyed door sealed and on a fresh one, decides the call and
/// seals what it journals, and keyed doors go on deciding after it.
#[test]
fn the_embedded_mcp_proxy_seals_with_the_key_it_is_given() {
    for (fresh, key_flag) in [(false, false), (false, true), (true, false), (true, true)] {
        let env = Env::new(POLICY).sealed();
        if !fresh {
            env.token("bot", "agent");
            journal_verifies(&env);
        }
        let (code, stdout, stderr) = proxy_session(&env, key_flag);
        let case = format!("fresh {fresh}, --seal-key {key_flag}");
        assert_eq!(code, Some(0), "{case}: the proxy: {stderr}");
        let answer = stdout.lines().rfind(|l| l.contains(r#""id":3"#)).unwrap_or_default().to_string();
        // Decided and journaled by the keyed proxy (the policy names no param `x`, so the decision is a deny: what
        // is tested is that the proxy decides with the key, not the tool).
        assert!(answer.contains(r#""dev.foureyes/decision""#), "{case}: the call was not decided: {answer} / {stderr}");
        journal_verifies(&env);
        let out = env
            .command()
            .args(["decide", "--agent", "bot", "--action", "climate.set", "--params", r#"{"c":20}"#, "--json"])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{case}: a keyed decide after: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// ADR-851: every statement in the doors' sources (the `foureyes` binary's commands, the MCP proxy's CLI, the apps'
/// CLIs) that opens a SQLite store gives it the seal key, and none opens PostgreSQL through the keyless `open_any`.
/// A door added later that opens its own store without the key fails here, naming its file and line. Listed
/// exceptions open a throwaway database of their own (a demo's fresh file), never the one `--db` names.
#[test]
fn every_door_that_opens_a_store_gives_it_the_seal_key() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap();
    let mut files = Vec::new();
    for dir in ["crates/foureyes/src", "crates/foureyes-mcp/src", "apps/change-control/src", "apps/support-desk/src"] {
        rust_sources(&repo.join(dir), &mut files);
    }
    files.sort();
    // (file, text of the statement; empty: every statement of the file): a throwaway store that never holds the
    // `--db` the operator named (the benchmarks' and the change-control demo's fresh files), or a door named as left
    // in ADR-851 (the support desk takes no seal key at all).
    let throwaway: &[(&str, &str)] = &[
        ("crates/foureyes/src/bench.rs", ""),
        ("crates/foureyes/src/bench_load.rs", ""),
        ("apps/change-control/src/cli.rs", "SqliteStore::open(&db, SqliteOptions::default())?;"),
        ("apps/support-desk/src/lib.rs", "SqliteStore::open(path, SqliteOptions::default())?"),
        ("apps/support-desk/src/lib.rs", "PgStore::connect(db, foureyes_store_pg::PgOptions::default())"),
    ];
    let mut opened = 0;
    let mut keyless = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&repo).unwrap().display().to_string();
        let text = std::fs::read_to_string(file).unwrap();
        for (at, _) in
            ["SqliteStore::open(", "open_any(", "PgStore::connect("].iter().flat_map(|p| text.match_indices(p))
        {
            let line = text[..at].lines().count();
            let statement = &text[at..text[at..].find(';').map_or(text.len(), |end| at + end + 1)];
            if text[..at].ends_with("fn ") {
                continue;
            }
            opened += 1;
            let sealed = statement.contains(".with_seal_key(");
            if !sealed && !throwaway.iter().any(|(f, s)| *f == rel && statement.contains(s)) {
                keyless.push(format!("{rel}:{line}: {}", statement.lines().next().unwrap_or_default()));
            }
        }
    }
    assert!(opened >= 4, "the doors' store openings were not found ({opened}): the scan is broken");
    assert!(keyless.is_empty(), "doors that open a store without the seal key they were given: {keyless:#?}");
}
