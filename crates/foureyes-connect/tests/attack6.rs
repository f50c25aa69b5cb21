//! The holes of the outside review attack6 (connectors run by FourEyes), each against a real local HTTP server or a
//! real command, as the attacker ran them: `.`/`..` produced by a URL template (H1), a secret cut by the response
//! cap or the output tail (H2, H3), a secret re-encoded by the target (H4), a param read as an option by the
//! command (H5), grandchildren left running after a deadline, and wildcard origins.

#![allow(clippy::unwrap_used, clippy::panic)]

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::routing::any;
use base64::Engine as _;
use foureyes_connect::Door;
use foureyes_connect::secrets::{SecretKey, Secrets, SqliteSecrets};
use foureyes_core::{ActionRequest, Outcome, Policy, Verdict};
use foureyes_store::Store;
use foureyes_store_sqlite::{SqliteOptions, SqliteStore};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

// No four characters of it in a row are all hex digits: the journal's digests cannot hold a piece of it by chance.
const TOK: &str = "Zq7Kx9Wv2Mj4Ht8Ys6Rn3Lp5Gk1Fw0Qz";
const Q: &str = r#"pa"ss\word-XYZ/+?&=secret"#;
const T0: i64 = 1_767_225_600_000;
/// What the redactor writes in place of the secret `tok`.
const MARK: &str = "[secret tok]";

/// Every request the target received: (method, path, authorization).
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<(String, String, String)>>>);

/// The recording target: every path answers; `/echo*` reflect what arrived in several encodings.
async fn target() -> (String, Seen) {
    let seen = Seen::default();
    let app = Router::new().fallback(any(
        |State(seen): State<Seen>, method: axum::http::Method, uri: Uri, h: HeaderMap, body: Bytes| async move {
            let header = |n: &str| h.get(n).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
            let auth = header("authorization");
            seen.0.lock().unwrap().push((method.to_string(), uri.path().to_string(), auth.clone()));
            let body = String::from_utf8_lossy(&body).into_owned();
            match uri.path() {
                // Headers before the secret: the agent pads `x-msg` to slide the cut into the secret (H2).
                "/echo" => format!("{{\"msg\": \"{}\", \"auth\": \"{auth}\"}}", header("x-msg")),
                // The body it received, as a JSON string: escaped once more (H4).
                "/echo-body" => json!({"got_body": body}).to_string(),
                "/echo-encoded" => {
                    let url: String = percent_encode(&auth);
                    let b64 = base64::engine::general_purpose::STANDARD.encode(format!("user:{auth}"));
                    let hex: String = auth.bytes().map(|b| format!("{b:02x}")).collect();
                    format!("url={url}\nb64={b64}\nhex={hex}\njson={}\n", json!(auth))
                }
                _ => "{\"ok\": true}".to_string(),
            }
        },
    ));
    let app = app.with_state(seen.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, seen)
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

struct World {
    door: Door,
    policy: Arc<Policy>,
    seen: Seen,
    dir: tempfile::TempDir,
}

fn policy_yaml(base: &str, dir: &str) -> String {
    format!(
        r#"version: 1
actions:
  h1.seg:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ p: {{ type: string, max_len: 100 }} }}
    execute:
      http:
        method: POST
        url: "{base}/api/{{{{ params.p }}}}"
        headers: {{ authorization: "Bearer {{{{ secret.tok }}}}" }}
        timeout: 2s
  h1.mid:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ id: {{ type: string, max_len: 100 }} }}
    execute:
      http:
        method: POST
        url: "{base}/api/items/{{{{ params.id }}}}/note"
        headers: {{ authorization: "Bearer {{{{ secret.tok }}}}" }}
        timeout: 2s
  h2.echo:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ msg: {{ type: string, max_len: 400 }} }}
    execute:
      http:
        method: POST
        url: "{base}/echo"
        headers: {{ authorization: "Bearer {{{{ secret.tok }}}}", x-msg: "{{{{ params.msg }}}}" }}
        max_response_bytes: 200
        timeout: 2s
        reveal: [/msg, /auth]
  h3.env:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ pad: {{ type: string, max_len: 400 }} }}
    execute:
      command:
        argv: ["/bin/sh", "-c", 'printf "%s\n" "$TOKEN"; printf "%s" "$0"', "x{{{{ params.pad }}}}"]
        env: {{ TOKEN: "{{{{ secret.tok }}}}" }}
        output_tail_bytes: 24
        timeout: 2s
  h4.body:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      http:
        method: POST
        url: "{base}/echo-body"
        body: '{{"key": {{{{ secret.q }}}}, "m": "x"}}'
        timeout: 2s
        reveal: [/got_body]
  h4.encoded:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      http:
        method: POST
        url: "{base}/echo-encoded"
        headers: {{ authorization: "{{{{ secret.q }}}}" }}
        timeout: 2s
  h5.sort:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ file: {{ type: string, max_len: 300 }} }}
    execute:
      command:
        argv: ["/usr/bin/sort", "{{{{ params.file }}}}"]
        cwd: "{dir}"
        timeout: 2s
  h5.sort_ended:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ file: {{ type: string, max_len: 300 }} }}
    execute:
      command:
        argv: ["/usr/bin/sort", "--", "{{{{ params.file }}}}"]
        cwd: "{dir}"
        timeout: 2s
  dns.name:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      http:
        method: POST
        url: "{named}/api/named"
        headers: {{ authorization: "Bearer {{{{ secret.tok }}}}" }}
        timeout: 2s
  group.sleep:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    execute:
      command:
        argv: ["/bin/sh", "-c", 'sleep 30 & echo $! > "$0"; wait', "{dir}/grandchild.pid"]
        timeout: 500ms
"#,
        named = base.replace("127.0.0.1", &host_name()),
    )
}

/// This machine's name, which its resolver maps to a loopback address (`/etc/hosts`).
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap().trim().to_string()
}

async fn world() -> World {
    let (base, seen) = target().await;
    let dir = tempfile::tempdir().unwrap();
    let yaml = policy_yaml(&base, dir.path().to_str().unwrap());
    let policy = Policy::from_yaml("attack6.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    foureyes_connect::check_policy(&policy).unwrap();
    let path = dir.path().join("foureyes.db");
    let store = Arc::new(SqliteStore::open(&path, SqliteOptions::default()).unwrap());
    let secrets =
        Secrets::new(SecretKey::from_hex(&"5a".repeat(32)).unwrap(), Arc::new(SqliteSecrets::open(&path).unwrap()));
    secrets.set("tok", TOK, T0).await.unwrap();
    secrets.set("q", Q, T0).await.unwrap();
    store.record_policy(&policy, T0).await.unwrap();
    let clock_ms = Arc::new(AtomicI64::new(T0));
    let clock = Arc::new(move || clock_ms.fetch_add(1, Ordering::SeqCst)) as foureyes_connect::door::Clock;
    let door = Door { store, secrets: Some(secrets), clock };
    World { door, policy: Arc::new(policy), seen, dir }
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

    /// The detail of decision `id`'s `reported` event, as the journal holds it.
    async fn reported_detail(&self, id: i64) -> Value {
        let events = self.door.store.journal(0, 100_000).await.unwrap();
        let reported =
            events.iter().rev().find(|e| e.data["decision_id"] == json!(id) && e.data.get("outcome").is_some());
        reported.unwrap_or_else(|| panic!("no report of decision {id}")).data["detail"].clone()
    }

    /// Everything stored and answered about the run: the answer, and the whole journal.
    async fn everything(&self, x: &foureyes_connect::Executed) -> String {
        let journal = serde_json::to_string(&self.door.store.journal(0, 100_000).await.unwrap()).unwrap();
        format!("{}\n{journal}", x.to_json())
    }
}

/// The longest piece of `secret` (at least `min` bytes) found in `text`, if any.
fn piece_of(secret: &str, text: &str, min: usize) -> Option<String> {
    for len in (min..=secret.len()).rev() {
        for start in 0..=secret.len() - len {
            let piece = &secret[start..start + len];
            if text.contains(piece) {
                return Some(piece.to_string());
            }
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h1_dot_segments_from_a_template_never_change_the_path() {
    let w = world().await;
    for (i, (action, params)) in [
        ("h1.seg", json!({"p": ".."})),
        ("h1.seg", json!({"p": "."})),
        ("h1.mid", json!({"id": ".."})),
        ("h1.mid", json!({"id": "."})),
    ]
    .into_iter()
    .enumerate()
    {
        let x = w.exec(&format!("h1-{i}"), action, params.clone()).await;
        let detail = x.decision.report_detail.clone().unwrap();
        // Refused before sending (red before: the target got `POST /` or `POST /api/note` with the secret).
        let sent = w.seen.0.lock().unwrap().clone();
        assert!(sent.is_empty(), "{action} {params}: the target got {sent:?} ({detail})");
        assert_eq!(x.outcome, Some(Outcome::Failed), "{action} {params}: {detail}");
        assert!(detail["error"].as_str().unwrap_or_default().contains("dot segment"), "{detail}");
    }
    // A value that is not a dot segment still runs, inside the fixed prefix.
    let x = w.exec("h1-ok", "h1.mid", json!({"id": "..."})).await;
    assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
    assert_eq!(w.seen.0.lock().unwrap()[0].1, "/api/items/.../note");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attack31_h2_a_value_a_proxy_decoding_the_path_once_reads_as_another_path_is_refused() {
    // nginx's `proxy_pass http://backend/api/;` decodes `%2F` and resolves `..` before it forwards:
    // `/api/items/..%2Fadmin/note` reached the backend as `/api/admin/note` (attack 31 H2, reproduced with nginx).
    let w = world().await;
    for (i, id) in
        ["../admin", "..\\admin", "../../users/7/delete", "%2e%2e", "%2F", "..;", ".;x"].into_iter().enumerate()
    {
        let x = w.exec(&format!("a31-{i}"), "h1.mid", json!({ "id": id })).await;
        let detail = x.decision.report_detail.clone().unwrap();
        let sent = w.seen.0.lock().unwrap().clone();
        assert!(sent.is_empty(), "{id:?}: the target got {sent:?} ({detail})");
        assert_eq!(x.outcome, Some(Outcome::Failed), "{id:?}: {detail}");
        assert!(detail["error"].as_str().unwrap_or_default().contains("a server"), "{id:?}: {detail}");
    }
    // Ordinary values still run: dots, a `;` inside a value, other encoded bytes.
    for (i, id) in ["ord.1", "a;b", "Zürich", "...", "50 off"].into_iter().enumerate() {
        let x = w.exec(&format!("a31-ok-{i}"), "h1.mid", json!({ "id": id })).await;
        assert_eq!(x.outcome, Some(Outcome::Executed), "{id:?}: {:?}", x.decision.report_detail);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attack32_h2_a_value_whose_compatibility_form_is_another_path_is_refused() {
    // A front that decodes the path once and folds it to NFKC before resolving dot segments read `．．／admin`
    // (full-width) as `../admin` and `‥` as `..`: 7 of 9 runs reached a path the template does not name (attack 32 H2,
    // reproduced with a 12-line Node front). The door must not depend on what sits in front of the target (ADR-388).
    let w = world().await;
    for (i, id) in [
        "\u{ff0e}\u{ff0e}\u{ff0f}admin",
        "..\u{ff0f}admin",
        "\u{ff0f}..\u{ff0f}admin",
        "\u{ff0e}\u{ff0e}",
        "\u{2025}",
        "\u{2024}\u{2024}",
        "\u{fe52}\u{fe52}",
        "\u{ff0e}",
        "\u{ff05}2F",
        "x\u{ff3c}y",
        "\u{fe68}",
        "\u{2025}\u{ff1b}x",
    ]
    .into_iter()
    .enumerate()
    {
        let x = w.exec(&format!("a32-{i}"), "h1.mid", json!({ "id": id })).await;
        let detail = x.decision.report_detail.clone().unwrap();
        let sent = w.seen.0.lock().unwrap().clone();
        assert!(sent.is_empty(), "{id:?}: the target got {sent:?} ({detail})");
        assert_eq!(x.outcome, Some(Outcome::Failed), "{id:?}: {detail}");
        assert!(detail["error"].as_str().unwrap_or_default().contains("a server"), "{id:?}: {detail}");
    }
    // Values whose compatibility form is still one ordinary segment run: full-width letters, a dot inside a name.
    for (i, id) in ["\u{ff41}\u{ff42}c", "a\u{2024}b", "Z\u{fc}rich", "caf\u{e9}"].into_iter().enumerate() {
        let x = w.exec(&format!("a32-ok-{i}"), "h1.mid", json!({ "id": id })).await;
        assert_eq!(x.outcome, Some(Outcome::Executed), "{id:?}: {:?}", x.decision.report_detail);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attack33_h2_a_value_holding_a_character_a_front_may_drop_is_refused() {
    // A front that decodes once, folds to NFKC and drops default-ignorable characters before resolving dot segments
    // read `.\u{AD}.` and `\u{200B}..` as `..`: 13 of 13 reached `/api/note` (attack 33 H2, ADR-394). A character a
    // person cannot see is refused in a path value, whatever a front does with it.
    let w = world().await;
    for (i, id) in [
        ".\u{ad}.",
        "\u{200b}..",
        "..\u{200d}",
        "\u{ff0e}\u{ad}\u{ff0e}",
        "\u{2060}..\u{2060}",
        ".\u{34f}.",
        ".\u{fe0f}.",
        "..\u{180e}",
        "\u{feff}..",
        "x\u{a0}y",
    ]
    .into_iter()
    .enumerate()
    {
        let x = w.exec(&format!("a33-{i}"), "h1.mid", json!({ "id": id })).await;
        let detail = x.decision.report_detail.clone().unwrap();
        let sent = w.seen.0.lock().unwrap().clone();
        assert!(sent.is_empty(), "{id:?}: the target got {sent:?} ({detail})");
        assert_eq!(x.outcome, Some(Outcome::Failed), "{id:?}: {detail}");
        assert!(detail["error"].as_str().unwrap_or_default().contains("a server"), "{id:?}: {detail}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h2_a_response_cut_inside_a_secret_keeps_no_piece_of_it() {
    let w = world().await;
    // The answer is `{"msg": "<pad>", "auth": "Bearer <secret>"}` cut at 200 bytes: every pad slides the cut by
    // one byte, through the whole secret. Deterministic: what is judged is the kept body (answered and journaled),
    // whose every byte the test knows but the secret's, never the journal's hashes, which a random port changes.
    let mut cut_inside = 0;
    for pad in 120..175 {
        let x = w.exec(&format!("h2-{pad}"), "h2.echo", json!({"msg": "m".repeat(pad)})).await;
        assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
        let answered = x.decision.report_detail.clone().unwrap();
        let journaled = w.reported_detail(x.decision.decision_id).await;
        assert_eq!(answered, journaled, "pad {pad}: the journal keeps what the agent was answered");
        // `{"msg": "<pad>", "auth": "Bearer <secret>"}`: where the secret starts in the answer.
        let start = r#"{"msg": ""#.len() + pad + r#"", "auth": "Bearer "#.len();
        cut_inside += usize::from(start < 200 && 200 < start + TOK.len());
        // A whole answer keeps its revealed fields, the secret redacted; a cut one is not JSON: nothing of it.
        match answered["truncated"] {
            Value::Bool(false) => {
                assert_eq!(answered["body"]["auth"], json!(format!("Bearer {MARK}")), "pad {pad}: {answered}")
            }
            _ => assert_eq!(answered["body"], json!({}), "pad {pad}: {answered}"),
        }
        assert_eq!(piece_of(TOK, &answered.to_string(), 3), None, "pad {pad}: a piece of the secret was kept");
    }
    assert!(cut_inside > 0, "some pad put the cut inside the secret, or the test proves nothing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h3_an_output_tail_cut_inside_a_secret_keeps_no_piece_of_it() {
    let w = world().await;
    for pad in 0..30 {
        let x = w.exec(&format!("h3-{pad}"), "h3.env", json!({"pad": "p".repeat(pad)})).await;
        assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
        let all = w.everything(&x).await;
        assert_eq!(piece_of(TOK, &all, 4), None, "pad {pad}: a piece of the secret is in the tail");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h4_a_secret_re_encoded_by_the_target_is_redacted() {
    let w = world().await;
    for (i, action) in ["h4.body", "h4.encoded"].into_iter().enumerate() {
        let x = w.exec(&format!("h4-{i}"), action, json!({})).await;
        assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
        let all = w.everything(&x).await;
        let detail = x.decision.report_detail.clone().unwrap().to_string();
        // The revealed JSON field keeps the redaction mark; the text answer is not kept at all (ADR-481).
        let mark = if action == "h4.body" { "[secret q]" } else { r#""withheld":{"fields":["body"]"# };
        assert!(detail.contains(mark), "{action}: {detail}");
        for form in [
            "word-XYZ".to_string(),
            percent_encode("word-XYZ"),
            // Inside base64 of `user:<secret>`, at whatever alignment.
            base64::engine::general_purpose::STANDARD.encode(format!("user:{Q}"))[8..28].to_string(),
            "776f72642d58595a".to_string(),
        ] {
            assert!(!all.contains(&form), "{action}: `{form}` reached the agent or the journal: {detail}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h5_a_param_is_never_read_as_an_option() {
    let w = world().await;
    std::fs::write(w.dir.path().join("data.txt"), "b\na\n").unwrap();
    for (i, file) in ["--output=pwned", "--files0-from=/etc/passwd", "-o", "-"].into_iter().enumerate() {
        let x = w.exec(&format!("h5-{i}"), "h5.sort", json!({"file": file})).await;
        assert_eq!(x.outcome, Some(Outcome::Failed), "{file}: {:?}", x.decision.report_detail);
        let detail = x.decision.report_detail.clone().unwrap();
        assert!(detail["error"].as_str().unwrap_or_default().contains("option"), "{file}: {detail}");
        assert!(!detail.to_string().contains("root:"), "{file}: /etc/passwd was read: {detail}");
    }
    assert!(!w.dir.path().join("pwned").exists(), "sort wrote where the agent said");
    // A plain file name runs; after a literal `--` a leading `-` is a file name, not an option.
    let x = w.exec("h5-ok", "h5.sort", json!({"file": "data.txt"})).await;
    assert_eq!(x.outcome, Some(Outcome::Executed), "{:?}", x.decision.report_detail);
    assert_eq!(x.decision.report_detail.unwrap()["stdout_tail"], json!("a\nb\n"));
    let x = w.exec("h5-ended", "h5.sort_ended", json!({"file": "--output=pwned"})).await;
    assert_eq!(x.outcome, Some(Outcome::Failed), "no such file: {:?}", x.decision.report_detail);
    assert!(!w.dir.path().join("pwned").exists());
}

#[test]
fn h5_a_template_cannot_choose_the_program() {
    for argv in [r#"["{{ params.p }}", "x"]"#, r#"["/usr/bin/{{ params.p }}"]"#] {
        let yaml = format!(
            "version: 1\nactions:\n  a:\n    tier: 3\n    params: {{ p: {{ type: string, max_len: 9 }} }}\n    \
             execute:\n      command:\n        argv: {argv}\n"
        );
        let policy = Policy::from_yaml("p.yaml", &yaml).unwrap();
        let e = foureyes_connect::check_policy(&policy).unwrap_err();
        assert!(e.contains("argv[0]"), "{argv}: {e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_kills_the_whole_process_group() {
    let w = world().await;
    let x = w.exec("group-1", "group.sleep", json!({})).await;
    assert_eq!(x.outcome, Some(Outcome::Unknown), "{:?}", x.decision.report_detail);
    let pid = std::fs::read_to_string(w.dir.path().join("grandchild.pid")).unwrap();
    let pid = pid.trim();
    // Reaped by init once killed; give the kernel a moment.
    let mut alive = true;
    for _ in 0..40 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // Gone, or a zombie waiting for its reaper: no longer running.
        alive = !stat.is_empty() && !stat.contains(") Z ");
        if !alive {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if alive {
        // Clean up what the test started before failing.
        let _ = std::process::Command::new("kill").arg("-9").arg(pid).status();
    }
    assert!(!alive, "the grandchild `sleep 30` ({pid}) outlived the deadline");
}

#[test]
fn wildcard_origins_are_refused_at_load() {
    let yaml = "version: 1\nactions:\n  a:\n    tier: 3\n    execute:\n      http:\n        method: POST\n        \
                url: \"http://a.example.com:9101/x\"\n        allow_origins: [\"http://*.example.com:9101\"]\n";
    let policy = Policy::from_yaml("p.yaml", yaml).unwrap();
    let e = foureyes_connect::check_policy(&policy).unwrap_err();
    assert!(e.contains("wildcard"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_listed_name_that_resolves_to_loopback_is_not_sent_to() {
    let name = host_name();
    let resolved: Vec<_> = tokio::net::lookup_host((name.as_str(), 0)).await.unwrap().collect();
    assert!(
        resolved.iter().all(|a| a.ip().is_loopback()),
        "this test needs the machine's name `{name}` to resolve to loopback (/etc/hosts): {resolved:?}"
    );
    let w = world().await;
    let x = w.exec("dns-1", "dns.name", json!({})).await;
    let detail = x.decision.report_detail.clone().unwrap();
    assert_eq!(x.outcome, Some(Outcome::Failed), "{detail}");
    assert!(detail["error"].as_str().unwrap_or_default().contains("loopback"), "{detail}");
    assert!(w.seen.0.lock().unwrap().is_empty(), "the target was reached through a name");
}
