//! The holes of the outside review attack8 in the connectors, each against a real local HTTP server, a real command
//! or a real stdio MCP server, as the attacker ran them: a target that gives a run's secret back in a form the
//! redactor did not list (#1–#3: every byte percent-encoded, at the cap, split, upper-cased, hex with `:`, base32,
//! reversed, spaced, HTML entities, `\u` text, UTF-16; #20: the same from an `mcp` server's result and stderr), and
//! an `mcp` stdio server whose child outlived the run's deadline (#4 of conn5's brief). ADR-481, ADR-483.

#![allow(clippy::unwrap_used, clippy::panic)]

use axum::Router;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::routing::any;
use base64::Engine as _;
use foureyes_connect::Door;
use foureyes_connect::secrets::{SecretKey, Secrets, SqliteSecrets};
use foureyes_core::{ActionRequest, Outcome, Policy, Verdict};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::time::Duration;

/// The attacker's secret.
const TOK: &str = "S3cr3tTok_9fQ2xLmZp7Vw4KbN";
const T0: i64 = 1_767_225_600_000;

fn base32(bytes: &[u8]) -> String {
    base32::encode(base32::Alphabet::Rfc4648 { padding: false }, bytes)
}

/// The secret in the form `mode` names, as attack 8's target wrote it.
fn form(mode: &str, tok: &str) -> String {
    let b = tok.as_bytes();
    match mode {
        "pctall" => b.iter().map(|c| format!("%{c:02X}")).collect(),
        "pctlow" => b.iter().map(|c| format!("%{c:02x}")).collect(),
        "pctmix" => format!("{}{}", &tok[..10], b[10..].iter().map(|c| format!("%{c:02X}")).collect::<String>()),
        "split" => format!("{}\n{}", &tok[..8], &tok[8..]),
        "upper" => tok.to_uppercase(),
        "hexcolon" => b.iter().map(|c| format!("{c:02x}")).collect::<Vec<_>>().join(":"),
        "b32" => base32(b),
        "rev" => tok.chars().rev().collect(),
        "spaced" => tok.chars().map(String::from).collect::<Vec<_>>().join(" "),
        "html" => b.iter().map(|c| format!("&#{c};")).collect(),
        "uesc" => b.iter().map(|c| format!("\\u{c:04x}")).collect(),
        "b64" => base64::engine::general_purpose::STANDARD.encode(b),
        _ => tok.to_string(),
    }
}

/// The echoing target: answers the bearer token of each request in the form `?mode=` names (`utf16`: the token as
/// UTF-16LE bytes; `cutN`: the fully percent-encoded token after N bytes of padding), and counts requests.
async fn target() -> (String, Arc<AtomicUsize>) {
    let hits = Arc::new(AtomicUsize::new(0));
    let app = Router::new().fallback(any(
        |State(hits): State<Arc<AtomicUsize>>, Query(q): Query<HashMap<String, String>>, h: HeaderMap| async move {
            hits.fetch_add(1, Ordering::SeqCst);
            let auth = h.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default();
            let tok = auth.strip_prefix("Bearer ").unwrap_or(auth).to_string();
            let mode = q.get("mode").cloned().unwrap_or_default();
            let (kind, body): (&str, Vec<u8>) = if mode == "utf16" {
                ("application/octet-stream", format!("token={tok}").encode_utf16().flat_map(u16::to_le_bytes).collect())
            } else if let Some(n) = mode.strip_prefix("cut") {
                let n: usize = n.parse().unwrap_or(4000);
                ("text/plain", format!("{}{}", "P".repeat(n), form("pctall", &tok)).into_bytes())
            } else {
                let body = json!({"ok": true, "id": "ord_1042", "enc": form(&mode, &tok), "mode": mode});
                ("application/json", body.to_string().into_bytes())
            };
            axum::response::Response::builder().header("content-type", kind).body(axum::body::Body::from(body)).unwrap()
        },
    ));
    let app = app.with_state(hits.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, hits)
}

/// A stdio MCP server (Python's standard library only) that echoes its `TOK` in the result and on stderr, in
/// attack 8's forms (#20).
const MCP_SERVER: &str = r#"
import json, os, sys
tok = os.environ.get("TOK", "")
pct = "".join("%%%02X" % ord(c) for c in tok)
tools = [{"name": "echo", "description": "echo", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}]
for line in sys.stdin:
    try:
        m = json.loads(line)
    except Exception:
        continue
    if "id" not in m:
        continue
    method = m.get("method")
    if method == "initialize":
        r = {"protocolVersion": m["params"].get("protocolVersion"), "capabilities": {"tools": {}}, "serverInfo": {"name": "t", "version": "1"}}
    elif method == "tools/list":
        r = {"tools": tools}
    elif method == "tools/call":
        text = json.dumps({"pct": pct, "split": tok[:8] + "\n" + tok[8:], "upper": tok.upper(), "id": "T-7"})
        sys.stderr.write("stderr pct " + pct.lower() + " rev " + tok[::-1] + "\n")
        sys.stderr.flush()
        r = {"content": [{"type": "text", "text": text}], "structuredContent": {"id": "T-7", "echo": pct}, "isError": False}
    else:
        r = {}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}) + "\n")
    sys.stdout.flush()
"#;

fn policy_yaml(base: &str, dir: &str) -> String {
    format!(
        r#"version: 1
actions:
  t.q:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ x: {{ type: string, max_len: 300 }} }}
    execute:
      http:
        method: GET
        url: "{base}/api/q?mode={{{{ params.x }}}}"
        headers: {{ authorization: "Bearer {{{{ secret.tok }}}}" }}
        timeout: 5s
        max_response_bytes: 4096
  t.revealed:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ x: {{ type: string, max_len: 300 }} }}
    execute:
      http:
        method: GET
        url: "{base}/api/q?mode={{{{ params.x }}}}"
        headers: {{ authorization: "Bearer {{{{ secret.tok }}}}" }}
        timeout: 5s
        reveal: [/ok, /id, /enc]
  t.open:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ x: {{ type: string, max_len: 300 }} }}
    execute:
      http:
        method: GET
        url: "{base}/api/q?mode={{{{ params.x }}}}"
        timeout: 5s
  t.cmd:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ a: {{ type: string, enum: [upper, rev, split, hex, json] }} }}
    execute:
      command:
        argv:
          - /bin/sh
          - -c
          - |
            case "$0" in
              upper) printf '%s\n' "$TOK" | tr a-z A-Z; printf '%s\n' "$TOK" | rev >&2 ;;
              rev) printf '%s\n' "$TOK" | rev ;;
              split) printf '%s\n' "$TOK" | fold -w 8 ;;
              hex) printf '%s' "$TOK" | od -An -tx1 ;;
              json) printf '{{"id": "job-7", "echo": "%s"}}\n' "$(printf '%s' "$TOK" | tr a-z A-Z)" ;;
            esac
          - "{{{{ params.a }}}}"
        env: {{ TOK: "{{{{ secret.tok }}}}" }}
        timeout: 5s
        output_tail_bytes: 1024
        reveal: [/id, /echo]
  t.mcp:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ x: {{ type: string, max_len: 100 }} }}
    execute:
      mcp:
        server: tsrv
        command: ["/usr/bin/python3", "{dir}/mcpsrv.py"]
        env: {{ TOK: "{{{{ secret.tok }}}}" }}
        tool: echo
        arguments: '{{"x": {{{{ params.x }}}}}}'
        timeout: 20s
        reveal: [/structuredContent/id, /structuredContent/echo]
  t.mcp_orphan:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      mcp:
        server: orphan
        command: ["/bin/sh", "-c", 'sleep 30 & echo $! > "$0"; exec sleep 60', "{dir}/grandchild.pid"]
        tool: anything
        timeout: 500ms
"#
    )
}

struct World {
    door: Door,
    policy: Arc<Policy>,
    hits: Arc<AtomicUsize>,
    dir: tempfile::TempDir,
}

async fn world() -> World {
    let (base, hits) = target().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mcpsrv.py"), MCP_SERVER).unwrap();
    let yaml = policy_yaml(&base, dir.path().to_str().unwrap());
    let policy = Policy::from_yaml("attack8.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    foureyes_connect::check_policy(&policy).unwrap();
    let path = dir.path().join("foureyes.db");
    let store = Arc::new(SqliteStore::open(&path, SqliteOptions::default()).unwrap());
    let secrets =
        Secrets::new(SecretKey::from_hex(&"5a".repeat(32)).unwrap(), Arc::new(SqliteSecrets::open(&path).unwrap()));
    secrets.set("tok", TOK, T0).await.unwrap();
    store.record_policy(&policy, T0).await.unwrap();
    let clock_ms = Arc::new(AtomicI64::new(T0));
    let clock = Arc::new(move || clock_ms.fetch_add(1, Ordering::SeqCst)) as foureyes_connect::door::Clock;
    let door = Door { store, secrets: Some(secrets), clock };
    World { door, policy: Arc::new(policy), hits, dir }
}

fn request(id: &str, action: &str, params: Value) -> ActionRequest {
    crate::action_request(id, "bot", action, params)
}

impl World {
    async fn exec(&self, id: &str, action: &str, params: Value) -> foureyes_connect::Executed {
        let x = self.door.execute(self.policy.clone(), request(id, action, params)).await.unwrap();
        assert_eq!(x.decision.verdict, Verdict::Permit, "{id}: {:?}", x.decision.reasons);
        x
    }

    /// Everything the agent can read of the run: the answer, and the whole journal.
    async fn everything(&self, x: &foureyes_connect::Executed) -> String {
        let journal = serde_json::to_string(&self.door.store.journal(0, 100_000).await.unwrap()).unwrap();
        format!("{}\n{journal}", x.to_json())
    }
}

/// The longest piece of `encoded` (at least `min` bytes) found in `text`, if any.
fn piece_of(encoded: &str, text: &str, min: usize) -> Option<String> {
    for len in (min..=encoded.len()).rev() {
        for start in 0..=encoded.len() - len {
            if let Some(piece) = encoded.get(start..start + len)
                && text.contains(piece)
            {
                return Some(piece.to_string());
            }
        }
    }
    None
}

/// The answer and the journal hold no piece (8 bytes or more) of the secret in the form `mode`, however the
/// answer escapes it (checked as written, and as JSON-escaped once).
async fn leaks_nothing(mode: &str) {
    let w = world().await;
    let x = w.exec(&format!("leak-{mode}"), "t.q", json!({"x": mode})).await;
    assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
    let all = w.everything(&x).await;
    let encoded = form(mode, TOK);
    let escaped = serde_json::to_string(&encoded).unwrap();
    for (what, needle) in [("as written", encoded.as_str()), ("JSON-escaped", &escaped[1..escaped.len() - 1])] {
        assert!(piece_of(needle, &all, 8).is_none(), "{mode} ({what}): {:?} in {all}", piece_of(needle, &all, 8));
    }
    // What FourEyes read of the answer is kept, and the detail says why the rest is not.
    let detail = x.decision.report_detail.unwrap();
    assert_eq!(detail["status"], json!(200), "{detail}");
    assert!(detail["withheld"]["why"].as_str().unwrap().contains("ADR-481"), "{detail}");
    assert_eq!(w.hits.load(Ordering::SeqCst), 1);
}

macro_rules! leak_forms {
    ($($name:ident => $mode:literal),* $(,)?) => {$(
        /// Attack 8: the target gives the run's secret back in this form; red before ADR-481 (the body kept it).
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            leaks_nothing($mode).await;
        }
    )*};
}

leak_forms! {
    leak_1_every_byte_percent_encoded_upper => "pctall",
    leak_1_every_byte_percent_encoded_lower => "pctlow",
    leak_3_half_raw_half_percent_encoded => "pctmix",
    leak_3_split_by_a_newline => "split",
    leak_3_upper_cased => "upper",
    leak_3_hex_with_colons => "hexcolon",
    leak_3_base32 => "b32",
    leak_3_reversed => "rev",
    leak_3_space_separated => "spaced",
    leak_3_html_entities => "html",
    leak_3_u_escapes_as_text_in_a_json_string => "uesc",
}

/// Attack 8 #3: the token as UTF-16LE bytes (octet-stream) came back whole once the NULs were dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leak_3_utf16_bytes() {
    let w = world().await;
    let x = w.exec("leak-utf16", "t.q", json!({"x": "utf16"})).await;
    let all = w.everything(&x).await.replace("\\u0000", "").replace('\u{0}', "");
    assert!(piece_of(TOK, &all, 8).is_none(), "{:?} in {all}", piece_of(TOK, &all, 8));
}

/// Attack 8 #2: the fully percent-encoded secret placed at the 4096-byte cap left a prefix of it before the cut.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leak_2_a_percent_encoded_secret_at_the_cap() {
    let w = world().await;
    let encoded = form("pctall", TOK);
    for n in [4073, 4080, 4088, 4091] {
        let x = w.exec(&format!("cut-{n}"), "t.q", json!({"x": format!("cut{n}")})).await;
        let all = w.everything(&x).await;
        assert!(piece_of(&encoded, &all, 5).is_none(), "n={n}: {:?}", piece_of(&encoded, &all, 5));
    }
}

/// Attack 8 #1–#3 (`command`): the output tails kept an upper-cased, reversed, split or hex form of the secret in
/// the environment. Only `reveal:` fields of stdout read as JSON are kept, and sifted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leak_command_tails_hold_no_form_of_the_secret() {
    let w = world().await;
    for mode in ["upper", "rev", "split", "hex", "json"] {
        let x = w.exec(&format!("cmd-{mode}"), "t.cmd", json!({"a": mode})).await;
        assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
        let all = w.everything(&x).await;
        let hex: String = TOK.bytes().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ");
        for needle in [TOK.to_uppercase(), TOK.chars().rev().collect(), TOK[8..].to_string(), hex] {
            assert!(piece_of(&needle, &all, 8).is_none(), "{mode}: {:?} in {all}", piece_of(&needle, &all, 8));
        }
        let detail = x.decision.report_detail.unwrap();
        assert_eq!(detail["exit"], json!(0), "{detail}");
        if mode == "json" {
            // The revealed field is kept; the one holding the secret is replaced whole.
            assert_eq!(detail["stdout"]["id"], json!("job-7"), "{detail}");
            assert!(detail["stdout"]["echo"].as_str().unwrap().starts_with("[withheld"), "{detail}");
        }
    }
}

/// Attack 8 #20 (`mcp`): a stdio server with the secret in its environment echoed it percent-encoded and split in
/// the tool's result, and lower-case percent-encoded in its stderr tail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leak_20_mcp_result_and_stderr_hold_no_form_of_the_secret() {
    let w = world().await;
    let x = w.exec("mcp-1", "t.mcp", json!({"x": "hi"})).await;
    assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
    let all = w.everything(&x).await;
    for mode in ["pctall", "pctlow", "split", "upper", "rev"] {
        let encoded = form(mode, TOK);
        let escaped = serde_json::to_string(&encoded).unwrap();
        for needle in [encoded.as_str(), &escaped[1..escaped.len() - 1]] {
            assert!(piece_of(needle, &all, 8).is_none(), "{mode}: {:?} in {all}", piece_of(needle, &all, 8));
        }
    }
    let detail = x.decision.report_detail.unwrap();
    assert_eq!(detail["result"]["structuredContent"]["id"], json!("T-7"), "{detail}");
    assert_eq!(detail["mcp"]["is_error"], json!(false), "{detail}");
}

/// What a policy reveals is kept, sifted: a revealed field that holds a form of the secret is replaced whole, the
/// others are kept as the target wrote them. A run with no secret in scope keeps the answer as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn revealed_fields_are_kept_and_sifted_and_a_run_without_secrets_keeps_its_answer() {
    let w = world().await;
    // Reversed: a form the redactor's list does not hold, so only the sieve stands between it and the agent.
    let x = w.exec("rev-1", "t.revealed", json!({"x": "rev"})).await;
    let detail = x.decision.report_detail.unwrap();
    assert_eq!(detail["body"]["ok"], json!(true), "{detail}");
    assert_eq!(detail["body"]["id"], json!("ord_1042"), "{detail}");
    assert!(detail["body"]["enc"].as_str().unwrap().starts_with("[withheld"), "{detail}");
    assert!(detail["body"].get("mode").is_none(), "a field the policy does not reveal was kept: {detail}");
    let x = w.exec("open-1", "t.open", json!({"x": "plain"})).await;
    let detail = x.decision.report_detail.unwrap();
    assert_eq!(detail["body"]["mode"], json!("plain"), "{detail}");
    assert!(detail.get("withheld").is_none(), "{detail}");
}

/// `reveal:` names fields, never the whole answer: refused when the policy is loaded.
#[test]
fn the_whole_answer_cannot_be_revealed() {
    let yaml = "version: 1\nactions:\n  a:\n    tier: 3\n    execute:\n      http:\n        method: POST\n        \
                url: \"http://127.0.0.1:9/x\"\n        reveal: [\"\"]\n";
    let policy = Policy::from_yaml("p.yaml", yaml).unwrap();
    let e = foureyes_connect::check_policy(&policy).unwrap_err();
    assert!(e.contains("reveal") && e.contains("whole answer"), "{e}");
}

/// The mcp stdio server's own children die with the run (red before ADR-483: only the server was killed at the
/// deadline, and the `sleep 30` it started went on).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_servers_grandchild_does_not_outlive_the_run() {
    let w = world().await;
    let x = w.exec("orphan-1", "t.mcp_orphan", json!({})).await;
    assert_eq!(x.outcome, Some(Outcome::Failed), "{:?}", x.decision.report_detail);
    let pid = std::fs::read_to_string(w.dir.path().join("grandchild.pid")).unwrap();
    let pid = pid.trim();
    let mut alive = true;
    for _ in 0..40 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        alive = !stat.is_empty() && !stat.contains(") Z ");
        if !alive {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if alive {
        let _ = std::process::Command::new("kill").arg("-9").arg(pid).status();
    }
    assert!(!alive, "the mcp server's child `sleep 30` ({pid}) outlived the run");
}
